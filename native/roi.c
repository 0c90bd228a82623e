/* The roi kernel family (families.h): ROI_POOLING (page MicrosoftDocs/sdk-api
 * ns-directml-dml_roi_pooling_operator_desc.md; rules_roi.c checks the descs). ROI_ALIGN and
 * ROI_ALIGN1 are not implemented yet (create refuses them: UNSUPPORTED).
 *
 * ROI_POOLING (the page): a max pool of each region of interest. ROITensor {1, 1, NumROIs, 5}
 * holds [BatchID, x1, y1, x2, y2] per ROI; for output element (r, c, Y, X):
 *   x1 = round(RoiX1 * SpatialScale), likewise x2, y1, y2
 *   RegionHeight = y2 - y1 + 1, RegionWidth = x2 - x1 + 1
 *   StartY = (Y * RegionHeight) / PooledSize.Height + y1
 *   EndY   = ((Y + 1) * RegionHeight + PooledSize.Height - 1) / PooledSize.Height + y1  (X alike)
 * "If the computed coordinates are out of bounds, then they are clamped to the input boundaries."
 * The divisions are integer divisions (the End formula is a ceiling division written out), End
 * is exclusive, and the bounds are clamped to [0, InputHeight] / [0, InputWidth].
 *
 * Edges the page leaves open (decisions; ROI data is tensor data, checked at execute time, and
 * never makes the kernel read outside InputTensor):
 *  - round() is C's round (half away from zero) of the float product RoiX1 * SpatialScale (Caffe's
 *    ROIPooling, which the operator follows).
 *  - The page requires x2 >= x1 and y2 >= y1; a region that breaks it counts as one pixel tall or
 *    wide (RegionHeight = max(y2 - y1 + 1, 1), as Caffe).
 *  - A bin that is empty after clamping (the region lies outside the input) gives 0 (Caffe,
 *    torchvision.ops.roi_pool).
 *  - Invalid ROI data: a NaN or infinite coordinate, or a BatchID that is NaN or whose truncation
 *    toward zero is outside [0, BatchCount), makes every output of that ROI NaN (nothing is read).
 *  - NaN inside a bin: NaN counts as the largest value (IEEE 754-2019 maximum, as MAX_POOLING in
 *    pooling.c): the bin's result is NaN.
 * Threads: OpenMP over (ROI, channel) planes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "families.h"

#define ROI_PARALLEL_MIN 16384

typedef struct roi_plan {
    uint32_t dtype;
    uint32_t in_sizes[4], roi_sizes[4], out_sizes[4];
    float scale;
} roi_plan;

static int supports(uint32_t type) { return type == DML_OPERATOR_ROI_POOLING; }

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    if (info->type != DML_OPERATOR_ROI_POOLING) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    const DML_ROI_POOLING_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* roi = pydml_tensor_field(info, desc, "ROITensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(info, desc, "OutputTensor");
    if (in == NULL || roi == NULL || o == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (in->DataType != DML_TENSOR_DATA_TYPE_FLOAT32 && in->DataType != DML_TENSOR_DATA_TYPE_FLOAT16)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    /* validate.c ran the rules; re-checked so that no desc reaches memory it should not */
    if (in->DimensionCount != 4 || roi->DimensionCount != 4 || o->DimensionCount != 4 ||
        roi->DataType != in->DataType || o->DataType != in->DataType || roi->Sizes[3] != 5 ||
        o->Sizes[0] != roi->Sizes[2] || o->Sizes[1] != in->Sizes[1] || o->Sizes[2] != d->PooledSize.Height ||
        o->Sizes[3] != d->PooledSize.Width)
        return PYDML_STATUS_INVALID_PARAMETER;
    roi_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->dtype = in->DataType;
    memcpy(p->in_sizes, in->Sizes, sizeof p->in_sizes);
    memcpy(p->roi_sizes, roi->Sizes, sizeof p->roi_sizes);
    memcpy(p->out_sizes, o->Sizes, sizeof p->out_sizes);
    p->scale = d->SpatialScale;
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

static float load(uint32_t type, const void* base, uint64_t off) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT32 ? ((const float*)base)[off]
                                                : pydml_f16_to_f32(((const uint16_t*)base)[off]);
}

static void store(uint32_t type, void* base, uint64_t off, float v) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) ((float*)base)[off] = v;
    else ((uint16_t*)base)[off] = pydml_f32_to_f16(v);
}

/* round(v * scale) as an integer, clamped far outside any tensor (|v| <= 2^28 keeps the bin
 * arithmetic below in int64 range); 0 when the product is not finite (*bad set). */
static int64_t scaled_round(float v, float scale, int* bad) {
    const float t = v * scale;
    if (!isfinite(t)) {
        *bad = 1;
        return 0;
    }
    float r = roundf(t);
    if (r > 268435456.0f) r = 268435456.0f;
    if (r < -268435456.0f) r = -268435456.0f;
    return (int64_t)r;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static pydml_status check_view(const pydml_tensor* v, uint32_t type, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != 4) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < 4; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count) {
    const roi_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != 2 || output_count != 1)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor *x = inputs[0], *rv = inputs[1], *y = outputs[0];
    pydml_status s;
    if ((s = check_view(x, p->dtype, p->in_sizes))) return s;
    if ((s = check_view(rv, p->dtype, p->roi_sizes))) return s;
    if ((s = check_view(y, p->dtype, p->out_sizes))) return s;
    const int64_t N = p->in_sizes[0], C = p->in_sizes[1], H = p->in_sizes[2], W = p->in_sizes[3];
    const int64_t R = p->out_sizes[0], PH = p->out_sizes[2], PW = p->out_sizes[3];
    const uint64_t* xs = x->strides;
    const uint64_t* ys = y->strides;
    const int64_t planes = R * C;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 4) if (planes * PH * PW >= ROI_PARALLEL_MIN && planes > 1)
#endif
    for (int64_t q = 0; q < planes; q++) {
        const int64_t r = q / C, c = q % C;
        /* the ROI's five values: ROITensor[0][0][r][0..4] */
        float v[5];
        for (int i = 0; i < 5; i++) v[i] = load(p->dtype, rv->data, (uint64_t)r * rv->strides[2] + (uint64_t)i * rv->strides[3]);
        int bad = 0;
        const int64_t x1 = scaled_round(v[1], p->scale, &bad), y1 = scaled_round(v[2], p->scale, &bad);
        const int64_t x2 = scaled_round(v[3], p->scale, &bad), y2 = scaled_round(v[4], p->scale, &bad);
        const float bt = truncf(v[0]);
        if (!(bt >= 0.0f && bt < (float)N)) bad = 1;   /* NaN fails both tests */
        const int64_t b = bad ? 0 : (int64_t)bt;
        const int64_t rh = y2 - y1 + 1 > 1 ? y2 - y1 + 1 : 1, rw = x2 - x1 + 1 > 1 ? x2 - x1 + 1 : 1;
        const uint64_t obase = (uint64_t)r * ys[0] + (uint64_t)c * ys[1];
        const uint64_t ibase = (uint64_t)b * xs[0] + (uint64_t)c * xs[1];
        for (int64_t oy = 0; oy < PH; oy++) {
            const int64_t hs = clamp64(oy * rh / PH + y1, 0, H), he = clamp64(((oy + 1) * rh + PH - 1) / PH + y1, 0, H);
            for (int64_t ox = 0; ox < PW; ox++) {
                float m;
                if (bad) {
                    m = NAN;
                } else {
                    const int64_t ws = clamp64(ox * rw / PW + x1, 0, W);
                    const int64_t we = clamp64(((ox + 1) * rw + PW - 1) / PW + x1, 0, W);
                    if (hs >= he || ws >= we) {
                        m = 0.0f;
                    } else {
                        m = -INFINITY;
                        int nan = 0;
                        for (int64_t iy = hs; iy < he; iy++) {
                            const uint64_t row = ibase + (uint64_t)iy * xs[2];
                            for (int64_t ix = ws; ix < we; ix++) {
                                const float t = load(p->dtype, x->data, row + (uint64_t)ix * xs[3]);
                                nan |= t != t;
                                m = t > m ? t : m;
                            }
                        }
                        if (nan) m = NAN;
                    }
                }
                store(p->dtype, y->data, obase + (uint64_t)oy * ys[2] + (uint64_t)ox * ys[3], m);
            }
        }
    }
    return PYDML_STATUS_SUCCESS;
}

const pydml_kernel_family pydml_family_roi = {"roi", supports, create, destroy, execute, 0};
