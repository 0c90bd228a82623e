/* Clipping, selection and quantization operators on the element-wise engine (CLIP, CLIP1,
 * THRESHOLD, IF, QUANTIZE_LINEAR, DEQUANTIZE_LINEAR, QUANTIZED_LINEAR_ADD). */
#include "elementwise.h"

/* CLIP: min(max(x, Min), Max) after the ScaleBias (element_wise_clip page) */
EW_F32(clip, EW_MAP(float, a[k] < P->f32[0] ? P->f32[0] : a[k] > P->f32[1] ? P->f32[1] : a[k]))
EW_F64(clip, EW_MAP(double, a[k] < P->f[0] ? P->f[0] : a[k] > P->f[1] ? P->f[1] : a[k]))

const ew_entry pydml_ew_quantize_entries[] = {
    {DML_OPERATOR_ELEMENT_WISE_CLIP, "Min,Max", 0, 0, EW_F32_SET(clip), clip_f64, NULL, NULL},
};
const uint32_t pydml_ew_quantize_entry_count =
    sizeof pydml_ew_quantize_entries / sizeof pydml_ew_quantize_entries[0];
