/* The pages' own rules for the clip, selection and quantization operators (ew_quantize.c): each
 * "must" of a page that the tables cannot say. Pages: MicrosoftDocs/sdk-api
 * ns-directml-dml_element_wise_{clip,clip1,threshold,if,quantize_linear,dequantize_linear,
 * quantized_linear_add}_operator_desc.md (commits in pydml/ops/ew_quantize.py).
 *
 * Nothing to add (the tables already say it all): THRESHOLD (Min is any number; the validator
 * refuses a NaN FLOAT field), IF (ConditionTensor UINT8, same DimensionCount/Sizes, A/B/Output one
 * DataType) and DEQUANTIZE_LINEAR. "A scale value of 0 results in undefined behavior"
 * (QUANTIZE_LINEAR, DEQUANTIZE_LINEAR) forbids nothing a desc can state: a scale is a tensor
 * value, so ew_quantize.c defines the result instead. */
#include <inttypes.h>
#include <stdio.h>

#include "common.h"
#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* Min <= Max; a NaN bound fails too (no order). Names Min, or Max when Max is the NaN one. */
static pydml_status min_le_max(pydml_check* c, double lo, double hi, int is_float32) {
    char a[64], b[64];
    if (lo <= hi) return PYDML_STATUS_SUCCESS;
    if (hi != hi && lo == lo)
        return pydml_fail(c, "Max", "must be >= Min (%s), got %s", pydml_format_real(a, sizeof a, lo, is_float32),
                          pydml_format_real(b, sizeof b, hi, is_float32));
    return pydml_fail(c, "Min", "must be <= Max (%s), got %s", pydml_format_real(a, sizeof a, hi, is_float32),
                      pydml_format_real(b, sizeof b, lo, is_float32));
}

/* CLIP: "clamps every element in the input within the closed interval [Min, Max]". */
pydml_status pydml_rule_ew_quantize_clip(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    (void)op;
    const DML_ELEMENT_WISE_CLIP_OPERATOR_DESC* d = desc;
    return min_le_max(c, d->Min, d->Max, 1);
}

/* CLIP1: "MinMaxDataType ... must match OutputTensor.DataType", and the closed interval [Min, Max]
 * compared in that type (INT64/UINT64 exactly, not through double). */
pydml_status pydml_rule_ew_quantize_clip1(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* out = pydml_tensor_field(op, desc, "OutputTensor");
    uint32_t t = d->MinMaxDataType;
    if (out != NULL && out->DataType != t)
        return pydml_fail(c, "MinMaxDataType", "must match OutputTensor.DataType DML_TENSOR_DATA_TYPE_%s, got "
                          "DML_TENSOR_DATA_TYPE_%s", pydml_data_type_name(out->DataType), pydml_data_type_name(t));
    const DML_SCALAR_UNION *lo = &d->Min, *hi = &d->Max;
    int64_t i0 = 0, i1 = 0;
    uint64_t u0 = 0, u1 = 0;
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return min_le_max(c, lo->Float32, hi->Float32, 1);
    case DML_TENSOR_DATA_TYPE_FLOAT64: return min_le_max(c, lo->Float64, hi->Float64, 0);
    /* FLOAT16 has no member: the half's bits in the low two bytes (UInt16); shown exactly */
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return min_le_max(c, pydml_f16_to_f32(lo->UInt16), pydml_f16_to_f32(hi->UInt16), 0);
    case DML_TENSOR_DATA_TYPE_INT8: i0 = lo->Int8; i1 = hi->Int8; break;
    case DML_TENSOR_DATA_TYPE_INT16: i0 = lo->Int16; i1 = hi->Int16; break;
    case DML_TENSOR_DATA_TYPE_INT32: i0 = lo->Int32; i1 = hi->Int32; break;
    case DML_TENSOR_DATA_TYPE_INT64: i0 = lo->Int64; i1 = hi->Int64; break;
    case DML_TENSOR_DATA_TYPE_UINT8: u0 = lo->UInt8; u1 = hi->UInt8; break;
    case DML_TENSOR_DATA_TYPE_UINT16: u0 = lo->UInt16; u1 = hi->UInt16; break;
    case DML_TENSOR_DATA_TYPE_UINT32: u0 = lo->UInt32; u1 = hi->UInt32; break;
    case DML_TENSOR_DATA_TYPE_UINT64: u0 = lo->UInt64; u1 = hi->UInt64; break;
    default: return PYDML_STATUS_SUCCESS; /* the table refuses the tensor types first */
    }
    if (i0 > i1) return pydml_fail(c, "Min", "must be <= Max (%" PRId64 "), got %" PRId64, i1, i0);
    if (u0 > u1) return pydml_fail(c, "Min", "must be <= Max (%" PRIu64 "), got %" PRIu64, u1, u0);
    return PYDML_STATUS_SUCCESS;
}

/* QUANTIZE_LINEAR, ScaleTensor: "If InputTensor is INT32, then ScaleTensor must be FLOAT32.
 * Otherwise, ScaleTensor must have the same DataType as InputTensor." */
pydml_status pydml_rule_ew_quantize_quantize(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* scale = pydml_tensor_field(op, desc, "ScaleTensor");
    if (in == NULL || scale == NULL) return PYDML_STATUS_SUCCESS;
    if (in->DataType == DML_TENSOR_DATA_TYPE_INT32) {
        if (scale->DataType != DML_TENSOR_DATA_TYPE_FLOAT32)
            return pydml_fail(c, "ScaleTensor.DataType", "must be DML_TENSOR_DATA_TYPE_FLOAT32 when InputTensor.DataType "
                              "is DML_TENSOR_DATA_TYPE_INT32, got DML_TENSOR_DATA_TYPE_%s",
                              pydml_data_type_name(scale->DataType));
    } else if (scale->DataType != in->DataType) {
        return pydml_fail(c, "ScaleTensor.DataType", "must match InputTensor.DataType DML_TENSOR_DATA_TYPE_%s, got "
                          "DML_TENSOR_DATA_TYPE_%s", pydml_data_type_name(in->DataType),
                          pydml_data_type_name(scale->DataType));
    }
    return PYDML_STATUS_SUCCESS;
}

/* QUANTIZED_LINEAR_ADD: "The expected number of elements in AScaleTensor is 1" (and likewise for
 * AZeroPointTensor, BScaleTensor, BZeroPointTensor, OutputScaleTensor, OutputZeroPointTensor when
 * present); "Adds every element in ATensor to its corresponding element in BTensor, placing the
 * result into the corresponding element of OutputTensor": ATensor and BTensor have the output's
 * Sizes (the constraints list only DimensionCount; onnxruntime's DML QLinearAdd broadcasts A and B
 * to the output shape before building the desc). */
pydml_status pydml_rule_ew_quantize_qlinear_add(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    static const char* const single[] = {"AScaleTensor", "AZeroPointTensor", "BScaleTensor",
                                         "BZeroPointTensor", "OutputScaleTensor", "OutputZeroPointTensor"};
    char field[64], got[128], want[128];
    const DML_BUFFER_TENSOR_DESC* out = pydml_tensor_field(op, desc, "OutputTensor");
    for (size_t k = 0; k < sizeof single / sizeof single[0]; k++) {
        const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, single[k]);
        if (t == NULL) continue;
        uint64_t elements = 1;
        for (uint32_t d = 0; d < t->DimensionCount; d++) elements *= t->Sizes[d];
        if (elements != 1) {
            snprintf(field, sizeof field, "%s.Sizes", single[k]);
            return pydml_fail(c, field, "must describe 1 element (per-tensor quantization), got %s",
                              pydml_format_sizes(got, sizeof got, t->Sizes, t->DimensionCount));
        }
    }
    static const char* const operands[] = {"ATensor", "BTensor"};
    for (size_t k = 0; out != NULL && k < 2; k++) {
        const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, operands[k]);
        int same = t != NULL && t->DimensionCount == out->DimensionCount;
        for (uint32_t d = 0; same && d < t->DimensionCount; d++) same = t->Sizes[d] == out->Sizes[d];
        if (t != NULL && !same) {
            snprintf(field, sizeof field, "%s.Sizes", operands[k]);
            return pydml_fail(c, field, "must match OutputTensor.Sizes %s, got %s",
                              pydml_format_sizes(want, sizeof want, out->Sizes, out->DimensionCount),
                              pydml_format_sizes(got, sizeof got, t->Sizes, t->DimensionCount));
        }
    }
    return PYDML_STATUS_SUCCESS;
}

