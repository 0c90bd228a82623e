/* The roi kernel family (families.h): ROI_POOLING, ROI_ALIGN, ROI_ALIGN1 and ROI_ALIGN_GRAD (the
 * last at the end of the file) (pages MicrosoftDocs/sdk-api
 * ns-directml-dml_roi_pooling_operator_desc.md, ..._roi_align_... (ea899bdf), ..._roi_align1_...
 * (dd64e5cb) and ..._roi_align_grad_... (ea899bdf); rules_roi.c checks the descs).
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
 * Threads: OpenMP over (ROI, channel) planes.
 *
 * ROI_ALIGN / ROI_ALIGN1. The ROI_ALIGN1 page's pseudo-code is incomplete, and DirectML's ROI_ALIGN
 * exists to serve ONNX RoiAlign (onnxruntime's DirectML EP, DmlOperatorRoiAlign.cpp: mode avg/max ->
 * ReductionFunction AVERAGE/MAX, spatial_scale -> SpatialScaleX = SpatialScaleY, sampling_ratio 0 ->
 * Minimum 1 / Maximum UINT32_MAX, else Minimum = Maximum = sampling_ratio, OutOfBoundsInputValue 0,
 * InterpolationMode LINEAR, half_pixel -> InputPixelOffset 0.5, output_half_pixel -> 0.0,
 * OutputPixelOffset -0.5; its first version mapped RoiAlign-10 (output_half_pixel only) onto ROI_ALIGN).
 * So the gaps are filled with ONNX RoiAlign-16's definition (onnx/reference/ops/op_roi_align.py),
 * field by field:
 *  - ROITensor {NumROIs, 4} / {1, NumROIs, 4} / {1, 1, NumROIs, 4}, [x1, y1, x2, y2] (page);
 *    scaledX1 = x1 * SpatialScaleX etc. (page; computed in double from the float values).
 *  - BatchIndicesTensor {NumROIs} ... {1, 1, 1, NumROIs}, UINT32 (UINT64 from level 5_0) (page).
 *  - per axis, samples per output n = clamp(ceil(|scaledRegionSize| / outputSize), Minimum, Maximum),
 *    at least 1. The page writes the quotient without rounding (a fractional count); ONNX's adaptive
 *    count is ceil(roi_size / pooled_size), which onnxruntime reproduces with Minimum 1 / Maximum
 *    UINT32_MAX, so the quotient is rounded up. |size| so that inverted regions get samples too.
 *    Minimum 0 counts as 1 and a Maximum of 0 still gives one sample (no output is left undefined).
 *  - sample k (0 <= k < outputSize * n; output o owns k in [o*n, o*n + n), the page's "to <=" loops
 *    read as "<", ONNX's grid of n samples) sits at
 *      input = (k - OutputPixelOffset) * step + scaledRegion1 - InputPixelOffset,
 *      step = scaledRegionSize / (outputSize * n)                                     (page)
 *    with the Y line from Y terms (the page's outputSampleToInputScaleY uses X terms: a typo). With
 *    InputPixelOffset 0.5 / OutputPixelOffset -0.5 this is ONNX half_pixel exactly:
 *    roi_start - 0.5 + (o + (j + 0.5) / n) * bin_size.
 *  - AlignRegionsToCorners TRUE (absent from the pseudo-code; the field text: "stretched out to the
 *    very corners of the region"): step = scaledRegionSize / (outputSize * n - 1) (0 for a single
 *    sample) and OutputPixelOffset is not applied, so the first sample sits on scaledRegion1 and the
 *    last on scaledRegion2 (align_corners / TensorFlow crop_and_resize sampling).
 *  - ROI_ALIGN (no offset fields): ONNX output_half_pixel, as onnxruntime used it: InputPixelOffset 0,
 *    OutputPixelOffset -0.5, and ONNX's "force malformed ROIs to be 1x1" (size = max(size, 1)).
 *    NOTE the ROI_ALIGN1 page says InputPixelOffset 0.5 "is the same behavior as ROI_ALIGN"; that
 *    contradicts onnxruntime's RoiAlign-10 -> ROI_ALIGN mapping, which is followed here. ROI_ALIGN1
 *    does not force 1x1: its page allows empty and inverted (mirrored) regions.
 *  - a sample with input < -1 or > InputSize on either axis is out of bounds (ONNX's test) and the
 *    whole sample takes OutOfBoundsInputValue (page: "the value to read from InputTensor when the
 *    ROIs are outside"); ONNX adds 0 for it but still counts it, i.e. OutOfBoundsInputValue 0.
 *  - LINEAR: ONNX's bilinear: pos = max(pos, 0); low = (int)pos; at low >= Size - 1 both taps are
 *    Size - 1; weights 1 - frac, frac. NEAREST_NEIGHBOR (the page: "the input element nearest"):
 *    floor(max(pos, 0) + 0.5) clamped to Size - 1 (ties go up).
 *  - AVERAGE: sum of the n_y * n_x samples / (n_y * n_x) (ONNX). MAX: the maximum of the interpolated
 *    samples (the page: "maximum with inputValue"); ONNX's reference takes the max of the four
 *    weighted corners instead (w1 * v1, ...), which is not followed.
 *  - taps of weight 0 are not read (no 0 * NaN from a neighbour); NaN read with a non-zero weight
 *    makes AVERAGE NaN and MAX NaN (IEEE maximum, as MAX_POOLING).
 *  - ROI data are tensor data: a batch index >= BatchCount (the page: undefined behaviour), a NaN or
 *    infinite coordinate, or a non-finite scale make every output of that ROI NaN; nothing is read.
 *    Sample indices are clamped into the input, so no coordinate reads outside it; only the samples
 *    inside [-1, Size] are enumerated (computed from the sample progression), so huge finite regions
 *    cost at most ~Size taps per output.
 *  Kernel: per ROI, the in-bounds samples of each axis (taps and weights, separable) are built once
 *  and shared by the channels; threads over (ROI, channel) planes. AVERAGE sums the y-interpolated
 *  rows first and then the x taps; MAX interpolates each sample row and takes the maxima. Sums are in
 *  double, rounded once to the output (FLOAT16 through float32 rounded to odd).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "axis_split.h"
#include "families.h"
#include "convert.h"

#define ROI_PARALLEL_MIN 16384

typedef struct roi_plan {
    uint32_t op_type; /* first in every plan of this file: execute dispatches on it */
    uint32_t dtype;
    uint32_t in_sizes[4], roi_sizes[4], out_sizes[4];
    float scale;
} roi_plan;


static pydml_status align_create(const pydml_operator_info* info, const void* desc, void** out);
static pydml_status align_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                  const pydml_tensor* const* outputs, uint32_t output_count, const pydml_workspace* ws);

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    if (info->type == DML_OPERATOR_ROI_ALIGN || info->type == DML_OPERATOR_ROI_ALIGN1 ||
        info->type == DML_OPERATOR_ROI_ALIGN_GRAD)
        return align_create(info, desc, out);
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
    p->op_type = DML_OPERATOR_ROI_POOLING;
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

typedef struct pool_run {
    const roi_plan* p;
    const pydml_tensor *x, *rv, *y;
} pool_run;

/* ROI_POOLING: output planes (r, c) [b0, e0). */
static pydml_status pool_planes(void* ctx, uint64_t b0, uint64_t e0, void* scratch) {
    (void)scratch;
    const pool_run* pr = ctx;
    const roi_plan* p = pr->p;
    const pydml_tensor *x = pr->x, *rv = pr->rv, *y = pr->y;
    const int64_t N = p->in_sizes[0], C = p->in_sizes[1], H = p->in_sizes[2], W = p->in_sizes[3];
    const int64_t PH = p->out_sizes[2], PW = p->out_sizes[3];
    const uint64_t* xs = x->strides;
    const uint64_t* ys = y->strides;
    for (int64_t q = (int64_t)b0; q < (int64_t)e0; q++) {
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

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const roi_plan* p = plan;
    if (p != NULL && p->op_type != DML_OPERATOR_ROI_POOLING)
        return align_execute(plan, inputs, input_count, outputs, output_count, ws);
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != 2 || output_count != 1)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor *x = inputs[0], *rv = inputs[1], *y = outputs[0];
    pydml_status s;
    if ((s = check_view(x, p->dtype, p->in_sizes))) return s;
    if ((s = check_view(rv, p->dtype, p->roi_sizes))) return s;
    if ((s = check_view(y, p->dtype, p->out_sizes))) return s;
    const uint64_t planes = (uint64_t)p->out_sizes[0] * p->in_sizes[1];
    pool_run pr = {p, x, rv, y};
    const pydml_axis_loop loop = {planes, planes * p->out_sizes[2] * p->out_sizes[3], ROI_PARALLEL_MIN, 4, 0, 0, 0};
    return pydml_axis_for_range(&loop, pool_planes, &pr);
}

/* ---- ROI_ALIGN and ROI_ALIGN1 (see the header comment for the definition and decisions) ---- */

typedef struct align_plan {
    uint32_t op_type; /* DML_OPERATOR_ROI_ALIGN, _ROI_ALIGN1 or _ROI_ALIGN_GRAD (first, as roi_plan) */
    uint32_t dtype, btype;
    uint32_t in_sizes[4], out_sizes[4]; /* the forward's input and output (InputGradientTensor's sizes) */
    uint32_t roi_dims, roi_sizes[4], bi_dims, bi_sizes[4];
    int reduce_max, nearest, corners, legacy;
    int has_x, has_dx, has_droi;        /* ROI_ALIGN_GRAD's optional tensors that are bound */
    float scale_x, scale_y, in_off, out_off, oob;
    uint32_t min_s, max_s;
} align_plan;

static pydml_status align_create(const pydml_operator_info* info, const void* desc, void** out) {
    const int grad = info->type == DML_OPERATOR_ROI_ALIGN_GRAD;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* roi = pydml_tensor_field(info, desc, "ROITensor");
    const DML_BUFFER_TENSOR_DESC* bi = pydml_tensor_field(info, desc, "BatchIndicesTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(info, desc, grad ? "InputGradientTensor" : "OutputTensor");
    const DML_BUFFER_TENSOR_DESC* dx = grad ? pydml_tensor_field(info, desc, "OutputGradientTensor") : NULL;
    const DML_BUFFER_TENSOR_DESC* droi = grad ? pydml_tensor_field(info, desc, "OutputROIGradientTensor") : NULL;
    const int has_x = in != NULL;
    if (grad) { /* the forward input's sizes: InputTensor's, else OutputGradientTensor's (rules_roi.c) */
        if (dx == NULL && droi == NULL) return PYDML_STATUS_INVALID_PARAMETER;
        if (in == NULL) in = dx;
        if (dx != NULL && (dx->DimensionCount != 4 || dx->DataType != in->DataType ||
                           memcmp(dx->Sizes, in->Sizes, sizeof(uint32_t) * 4) != 0))
            return PYDML_STATUS_INVALID_PARAMETER;
        if (droi != NULL && (roi == NULL || droi->DimensionCount != roi->DimensionCount || droi->DataType != roi->DataType ||
                             memcmp(droi->Sizes, roi->Sizes, sizeof(uint32_t) * roi->DimensionCount) != 0))
            return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (in == NULL || roi == NULL || bi == NULL || o == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (in->DataType != DML_TENSOR_DATA_TYPE_FLOAT32 && in->DataType != DML_TENSOR_DATA_TYPE_FLOAT16)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (bi->DataType != DML_TENSOR_DATA_TYPE_UINT32 && bi->DataType != DML_TENSOR_DATA_TYPE_UINT64)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    /* validate.c ran the rules; re-checked so that no desc reaches memory it should not */
    const uint32_t rd = roi->DimensionCount, bd = bi->DimensionCount;
    if (in->DimensionCount != 4 || o->DimensionCount != 4 || rd < 2 || rd > 4 || bd < 1 || bd > 4 ||
        roi->DataType != in->DataType || o->DataType != in->DataType || roi->Sizes[rd - 1] != 4 ||
        o->Sizes[0] != roi->Sizes[rd - 2] || bi->Sizes[bd - 1] != roi->Sizes[rd - 2] || o->Sizes[1] != in->Sizes[1])
        return PYDML_STATUS_INVALID_PARAMETER;
    align_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->op_type = info->type;
    p->dtype = in->DataType;
    p->btype = bi->DataType;
    memcpy(p->in_sizes, in->Sizes, sizeof p->in_sizes);
    memcpy(p->out_sizes, o->Sizes, sizeof p->out_sizes);
    p->roi_dims = rd;
    memcpy(p->roi_sizes, roi->Sizes, rd * sizeof(uint32_t));
    p->bi_dims = bd;
    memcpy(p->bi_sizes, bi->Sizes, bd * sizeof(uint32_t));
    p->has_x = has_x;
    p->has_dx = dx != NULL;
    p->has_droi = droi != NULL;
    if (grad) {
        const DML_ROI_ALIGN_GRAD_OPERATOR_DESC* d = desc; /* ROI_ALIGN1's fields (the page: "See ...") */
        p->reduce_max = d->ReductionFunction == DML_REDUCE_FUNCTION_MAX;
        p->nearest = d->InterpolationMode == DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR;
        p->scale_x = d->SpatialScaleX;
        p->scale_y = d->SpatialScaleY;
        p->in_off = d->InputPixelOffset;
        p->out_off = d->OutputPixelOffset;
        /* the struct has no OutOfBoundsInputValue: the forward differentiated is ROI_ALIGN1 with 0,
         * the value ONNX adds for such samples and onnxruntime's DML RoiAlign passes (header) */
        p->oob = 0.0f;
        p->min_s = d->MinimumSamplesPerOutput;
        p->max_s = d->MaximumSamplesPerOutput;
        p->corners = d->AlignRegionsToCorners != 0;
        if (p->reduce_max && !has_x) { free(p); return PYDML_STATUS_INVALID_PARAMETER; }
    } else if (info->type == DML_OPERATOR_ROI_ALIGN1) {
        const DML_ROI_ALIGN1_OPERATOR_DESC* d = desc;
        p->reduce_max = d->ReductionFunction == DML_REDUCE_FUNCTION_MAX;
        p->nearest = d->InterpolationMode == DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR;
        p->scale_x = d->SpatialScaleX;
        p->scale_y = d->SpatialScaleY;
        p->in_off = d->InputPixelOffset;
        p->out_off = d->OutputPixelOffset;
        p->oob = d->OutOfBoundsInputValue;
        p->min_s = d->MinimumSamplesPerOutput;
        p->max_s = d->MaximumSamplesPerOutput;
        p->corners = d->AlignRegionsToCorners != 0;
    } else {
        const DML_ROI_ALIGN_OPERATOR_DESC* d = desc;
        p->reduce_max = d->ReductionFunction == DML_REDUCE_FUNCTION_MAX;
        p->nearest = d->InterpolationMode == DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR;
        p->scale_x = d->SpatialScaleX;
        p->scale_y = d->SpatialScaleY;
        p->in_off = 0.0f;   /* ONNX RoiAlign-10 / output_half_pixel (header comment) */
        p->out_off = -0.5f;
        p->oob = d->OutOfBoundsInputValue;
        p->min_s = d->MinimumSamplesPerOutput;
        p->max_s = d->MaximumSamplesPerOutput;
        p->legacy = 1;
    }
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

/* The in-bounds samples of one axis of one ROI: output o's samples are taps [start[o], start[o+1]);
 * each tap reads i0 (weight w0) and i1 (weight w1). n = samples per output (in or out of bounds). */
typedef struct axis_taps {
    double n;
    int64_t* start;
    int64_t *i0, *i1;
    double *w0, *w1;
    /* for ROI_ALIGN_GRAD's OutputROIGradientTensor: the sample position is scaledRegion1 * (1 - frac)
     * + scaledRegion2 * frac + constants, so d pos / d x1 = scale * (1 - frac), d pos / d x2 =
     * scale * frac; slope 1: the interpolated value moves with pos (LINEAR, not clamped) */
    double* frac;
    unsigned char* slope;
    int64_t lo, hi; /* smallest and largest index any tap reads */
    int64_t count, cap;
} axis_taps;

static void axis_free(axis_taps* a) {
    free(a->start);
    free(a->i0);
    free(a->i1);
    free(a->w0);
    free(a->w1);
    free(a->frac);
    free(a->slope);
    memset(a, 0, sizeof *a);
}

static int axis_push(axis_taps* a, int64_t i0, int64_t i1, double w0, double w1, double frac, int slope) {
    if (a->count == a->cap) {
        int64_t cap = a->cap ? a->cap * 2 : 64;
        if (cap > ((int64_t)1 << 40)) return -1;
        int64_t *n0 = realloc(a->i0, (size_t)cap * sizeof *n0);
        if (n0) a->i0 = n0;
        int64_t *n1 = realloc(a->i1, (size_t)cap * sizeof *n1);
        if (n1) a->i1 = n1;
        double *v0 = realloc(a->w0, (size_t)cap * sizeof *v0);
        if (v0) a->w0 = v0;
        double *v1 = realloc(a->w1, (size_t)cap * sizeof *v1);
        if (v1) a->w1 = v1;
        double *f = realloc(a->frac, (size_t)cap * sizeof *f);
        if (f) a->frac = f;
        unsigned char* sl = realloc(a->slope, (size_t)cap * sizeof *sl);
        if (sl) a->slope = sl;
        if (!n0 || !n1 || !v0 || !v1 || !f || !sl) return -1;
        a->cap = cap;
    }
    a->i0[a->count] = i0;
    a->i1[a->count] = i1;
    a->w0[a->count] = w0;
    a->w1[a->count] = w1;
    a->frac[a->count] = frac;
    a->slope[a->count] = (unsigned char)slope;
    a->count++;
    if (i0 < a->lo) a->lo = i0;
    if (i1 > a->hi) a->hi = i1;
    return 0;
}

/* One axis: region [x1, x2] (already scaled), O outputs, L input elements. Sample k (of O * n)
 * sits at base + (k + c) * step (header comment); it is in bounds when -1 <= pos <= L (ONNX). */
/* The most in-bounds samples the tables of one execution may hold (about 3.3 GB of taps): samples
 * per output come from the ROI values and MinimumSamplesPerOutput (up to 2^32 - 1 per axis, 1.8e19
 * per output), so a table is counted before it is filled and a larger one is refused at once as
 * out of memory, instead of growing until the heap (or, with overcommit, the OOM killer) stops it. */
#define ROI_MAX_TAPS ((int64_t)1 << 26)

/* Output o's candidate samples [*jlo, *jhi] (none when *jlo > *jhi): every sample with
 * -1 <= pos <= L lies inside, widened by one each side (axis_build tests each exactly). */
static void axis_sample_range(double n, double base, double step, double c, double k0, int64_t L, double* jlo,
                              double* jhi) {
    *jlo = 0.0;
    *jhi = n - 1.0;
    if (step != 0.0) {
        double ja = (-1.0 - base) / step - c - k0, jb = ((double)L - base) / step - c - k0;
        if (ja > jb) {
            const double t = ja;
            ja = jb;
            jb = t;
        }
        ja = floor(ja) - 1.0;
        jb = ceil(jb) + 1.0;
        if (ja > *jlo) *jlo = ja;
        if (jb < *jhi) *jhi = jb;
    } else if (!(base >= -1.0 && base <= (double)L)) {
        /* a region of size 0: every sample sits at base; outside the input there is none to take
         * (the loop would test all n, up to 2^32 - 1 of them: a hang the validator fuzzer found
         * with MinimumSamplesPerOutput 4294967295) */
        *jhi = *jlo - 1.0;
    }
}

/* budget: the samples the execution's tables may still take (ROI_MAX_TAPS in all) */
static int axis_build(const align_plan* p, double x1, double x2, int64_t O, int64_t L, axis_taps* a,
                      int64_t* budget) {
    double size = x2 - x1;
    if (p->legacy && size < 1.0) size = 1.0; /* ONNX output_half_pixel: "Force malformed ROIs to be 1x1" */
    double n = ceil(fabs(size) / (double)O);
    const double lo_s = p->min_s > 0 ? (double)p->min_s : 1.0;
    if (n < lo_s) n = lo_s;
    if (n > (double)p->max_s) n = (double)p->max_s;
    if (n < 1.0) n = 1.0;
    const double T = (double)O * n;
    double step, c;
    if (p->corners) {
        step = T > 1.0 ? size / (T - 1.0) : 0.0;
        c = 0.0;
    } else {
        step = size / T;
        c = -(double)p->out_off;
    }
    const double base = x1 - (double)p->in_off;
    /* pos = x1 * (1 - frac) + x2 * frac - InputPixelOffset with frac = (k + c) * step / size */
    const double span = p->corners ? (T > 1.0 ? T - 1.0 : 0.0) : T;
    a->n = n;
    a->lo = INT64_MAX;
    a->hi = INT64_MIN;
    a->start = malloc((size_t)(O + 1) * sizeof *a->start);
    if (a->start == NULL) return -1;
    double candidates = 0.0;
    for (int64_t o = 0; o < O; o++) {
        double jlo, jhi;
        axis_sample_range(n, base, step, c, (double)o * n, L, &jlo, &jhi);
        if (jhi >= jlo) candidates += jhi - jlo + 1.0;
    }
    if (candidates > (double)*budget) return -1;
    *budget -= (int64_t)candidates;
    for (int64_t o = 0; o < O; o++) {
        a->start[o] = a->count;
        const double k0 = (double)o * n;
        double jlo, jhi;
        axis_sample_range(n, base, step, c, k0, L, &jlo, &jhi);
        for (double j = jlo; j <= jhi; j += 1.0) {
            const double pos = base + (k0 + j + c) * step;
            if (!(pos >= -1.0 && pos <= (double)L)) continue;
            double y = pos < 0.0 ? 0.0 : pos;
            int64_t i0, i1;
            double w0, w1;
            int slope = 0;
            if (p->nearest) {
                i0 = (int64_t)floor(y + 0.5);
                if (i0 > L - 1) i0 = L - 1;
                i1 = i0;
                w0 = 1.0;
                w1 = 0.0;
            } else {
                i0 = (int64_t)y;
                if (i0 >= L - 1) {
                    i0 = i1 = L - 1;
                    y = (double)i0;
                } else {
                    i1 = i0 + 1;
                    slope = pos >= 0.0;
                }
                w1 = y - (double)i0;
                w0 = 1.0 - w1;
            }
            const double frac = span > 0.0 ? (k0 + j + c) / span : 0.0;
            if (axis_push(a, i0, i1, w0, w1, frac, slope)) return -1;
        }
    }
    a->start[O] = a->count;
    return 0;
}

static void store_double(uint32_t type, void* base, uint64_t off, double v) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) ((float*)base)[off] = (float)v;
    else ((uint16_t*)base)[off] = pydml_f32_to_f16(pydml_f64_to_f32_odd(v));
}

static pydml_status check_view_n(const pydml_tensor* v, uint32_t type, uint32_t dims, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != dims) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < dims; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* One (ROI, channel) plane. row/acc: scratch of the x span (acc also PW maxima + NaN flags). */
static void align_plane(const align_plan* p, const pydml_tensor* x, const pydml_tensor* y, int64_t r, int64_t ch,
                        int64_t b, const axis_taps* ay, const axis_taps* ax, double* row, double* mx) {
    const int64_t PH = p->out_sizes[2], PW = p->out_sizes[3];
    const uint64_t* xs = x->strides;
    const uint64_t* ys = y->strides;
    const uint64_t ibase = (uint64_t)b * xs[0] + (uint64_t)ch * xs[1];
    const uint64_t obase = (uint64_t)r * ys[0] + (uint64_t)ch * ys[1];
    const int64_t xlo = ax->count ? ax->lo : 0, xhi = ax->count ? ax->hi : -1;
    const double oob = (double)p->oob;
    for (int64_t oy = 0; oy < PH; oy++) {
        const int64_t t0 = ay->start[oy], t1 = ay->start[oy + 1];
        const double iny = (double)(t1 - t0);
        if (!p->reduce_max) {
            for (int64_t ix = xlo; ix <= xhi; ix++) row[ix - xlo] = 0.0;
            for (int64_t t = t0; t < t1; t++)
                for (int k = 0; k < 2; k++) {
                    const double w = k ? ay->w1[t] : ay->w0[t];
                    if (w == 0.0) continue; /* zero weights read nothing (no 0 * NaN) */
                    const uint64_t rb = ibase + (uint64_t)(k ? ay->i1[t] : ay->i0[t]) * xs[2];
                    for (int64_t ix = xlo; ix <= xhi; ix++) row[ix - xlo] += w * (double)load(p->dtype, x->data, rb + (uint64_t)ix * xs[3]);
                }
            for (int64_t ox = 0; ox < PW; ox++) {
                const int64_t u0 = ax->start[ox], u1 = ax->start[ox + 1];
                double sum = 0.0;
                for (int64_t u = u0; u < u1; u++) {
                    if (ax->w0[u] != 0.0) sum += ax->w0[u] * row[ax->i0[u] - xlo];
                    if (ax->w1[u] != 0.0) sum += ax->w1[u] * row[ax->i1[u] - xlo];
                }
                const double all = ay->n * ax->n, outside = all - iny * (double)(u1 - u0);
                if (outside > 0.0) sum += oob * outside;
                store_double(p->dtype, y->data, obase + (uint64_t)oy * ys[2] + (uint64_t)ox * ys[3], sum / all);
            }
        } else {
            double* nan = mx + PW;
            for (int64_t ox = 0; ox < PW; ox++) {
                const int64_t u0 = ax->start[ox], u1 = ax->start[ox + 1];
                const double outside = ay->n * ax->n - iny * (double)(u1 - u0);
                mx[ox] = outside > 0.0 ? oob : -INFINITY;
                nan[ox] = outside > 0.0 && oob != oob;
            }
            for (int64_t t = t0; t < t1; t++) {
                /* the sample row, interpolated along y */
                for (int64_t ix = xlo; ix <= xhi; ix++) row[ix - xlo] = 0.0;
                for (int k = 0; k < 2; k++) {
                    const double w = k ? ay->w1[t] : ay->w0[t];
                    if (w == 0.0) continue;
                    const uint64_t rb = ibase + (uint64_t)(k ? ay->i1[t] : ay->i0[t]) * xs[2];
                    for (int64_t ix = xlo; ix <= xhi; ix++) row[ix - xlo] += w * (double)load(p->dtype, x->data, rb + (uint64_t)ix * xs[3]);
                }
                for (int64_t ox = 0; ox < PW; ox++) {
                    double m = mx[ox];
                    int bad = 0;
                    for (int64_t u = ax->start[ox]; u < ax->start[ox + 1]; u++) {
                        double v = 0.0;
                        if (ax->w0[u] != 0.0) v += ax->w0[u] * row[ax->i0[u] - xlo];
                        if (ax->w1[u] != 0.0) v += ax->w1[u] * row[ax->i1[u] - xlo];
                        bad |= v != v;
                        m = v > m ? v : m;
                    }
                    mx[ox] = m;
                    if (bad) nan[ox] = 1.0;
                }
            }
            for (int64_t ox = 0; ox < PW; ox++)
                store_double(p->dtype, y->data, obase + (uint64_t)oy * ys[2] + (uint64_t)ox * ys[3],
                             nan[ox] != 0.0 ? NAN : mx[ox]);
        }
    }
}

/* Per ROI: the batch (-1: invalid ROI data, the whole ROI is NaN and nothing is read), and the
 * separable sample tables shared by every channel. Nonzero when out of memory. */
static int align_rois(const align_plan* p, const pydml_tensor* rv, const pydml_tensor* bv, axis_taps* ays,
                      axis_taps* axs, int64_t* batch) {
    const int64_t N = p->in_sizes[0], H = p->in_sizes[2], W = p->in_sizes[3];
    const int64_t R = p->out_sizes[0], PH = p->out_sizes[2], PW = p->out_sizes[3];
    const uint64_t rs = rv->strides[p->roi_dims - 2], cs = rv->strides[p->roi_dims - 1];
    const uint64_t bs = bv->strides[p->bi_dims - 1];
    int64_t budget = ROI_MAX_TAPS;
    for (int64_t r = 0; r < R; r++) {
        float v[4];
        for (int i = 0; i < 4; i++) v[i] = load(p->dtype, rv->data, (uint64_t)r * rs + (uint64_t)i * cs);
        const uint64_t bi = p->btype == DML_TENSOR_DATA_TYPE_UINT32 ? ((const uint32_t*)bv->data)[(uint64_t)r * bs]
                                                                    : ((const uint64_t*)bv->data)[(uint64_t)r * bs];
        const double x1 = (double)v[0] * p->scale_x, y1 = (double)v[1] * p->scale_y;
        const double x2 = (double)v[2] * p->scale_x, y2 = (double)v[3] * p->scale_y;
        if (bi >= (uint64_t)N || !isfinite(x1) || !isfinite(y1) || !isfinite(x2) || !isfinite(y2) || H == 0 || W == 0) {
            batch[r] = -1;
            continue;
        }
        batch[r] = (int64_t)bi;
        if (axis_build(p, y1, y2, PH, H, &ays[r], &budget) || axis_build(p, x1, x2, PW, W, &axs[r], &budget)) return -1;
    }
    return 0;
}

static pydml_status align_grad_execute(const align_plan* p, const pydml_tensor* const* inputs, uint32_t input_count,
                                       const pydml_tensor* const* outputs, uint32_t output_count,
                                       const pydml_workspace* ws);

typedef struct align_run {
    const align_plan* p;
    const pydml_tensor *x, *g, *y, *dx;     /* forward: x, y; gradient: x, g, dx */
    const axis_taps *ays, *axs;
    const int64_t* batch;
    uint64_t row_doubles;                   /* align_planes' sample row */
} align_run;

/* ROI_ALIGN(1): output planes (r, c) [b, e). scratch: a sample row (the taps of an x axis span at
 * most Width elements), then 2 PooledWidth doubles (align_layout). */
static pydml_status align_planes(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    const align_run* ar = ctx;
    const align_plan* p = ar->p;
    const pydml_tensor* y = ar->y;
    const int64_t C = p->in_sizes[1], PH = p->out_sizes[2], PW = p->out_sizes[3];
    double* row = scratch;
    double* mx = row + ar->row_doubles;
    pydml_status status = PYDML_STATUS_SUCCESS;
    for (int64_t q = (int64_t)b; q < (int64_t)e; q++) {
        const int64_t r = q / C, ch = q % C;
        if (ar->batch[r] < 0) {
            for (int64_t oy = 0; oy < PH; oy++)
                for (int64_t ox = 0; ox < PW; ox++)
                    store(p->dtype, y->data, (uint64_t)r * y->strides[0] + (uint64_t)ch * y->strides[1] +
                                                 (uint64_t)oy * y->strides[2] + (uint64_t)ox * y->strides[3], NAN);
            continue;
        }
        const int64_t span = ar->axs[r].count ? ar->axs[r].hi - ar->axs[r].lo + 1 : 1;
        /* taps are clamped into [0, Width): a span fits the row (align_layout) */
        if (span < 1 || (uint64_t)span > ar->row_doubles) status = PYDML_STATUS_INVALID_PARAMETER;
        else align_plane(p, ar->x, y, r, ch, ar->batch[r], &ar->ays[r], &ar->axs[r], row, mx);
    }
    return status;
}

/* ---- the workspace (DirectML's temporary resource): per ROI its two axes' sample tables and its
 * batch, then each thread's scratch (align_planes' sample row and maxima, align_grad_planes' plane
 * and row). The tables' taps stay on the heap: how many there are depends on the ROI values
 * (a region's size sets its samples per output), not on the desc. ROI_POOLING needs none. ---- */
typedef struct align_layout {
    uint64_t axs_at, batch_at, threads_at, scratch;   /* scratch: per thread */
    uint64_t row_doubles;
} align_layout;

static void align_layout_of(const align_plan* p, align_layout* z) {
    const uint64_t R = p->out_sizes[0] ? p->out_sizes[0] : 1, H = p->in_sizes[2], W = p->in_sizes[3];
    z->axs_at = pydml_workspace_round(R * sizeof(axis_taps));
    z->batch_at = z->axs_at + pydml_workspace_round(R * sizeof(axis_taps));
    z->threads_at = z->batch_at + pydml_workspace_round(R * sizeof(int64_t));
    z->row_doubles = W > 0 ? W : 1;
    if (p->op_type == DML_OPERATOR_ROI_ALIGN_GRAD)
        z->scratch = (H * W + (W > 0 ? W : 1)) * sizeof(double);
    else
        z->scratch = pydml_workspace_round(z->row_doubles * sizeof(double)) + (uint64_t)p->out_sizes[3] * 2 * sizeof(double);
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    if (((const roi_plan*)plan)->op_type == DML_OPERATOR_ROI_POOLING) return 0;
    align_layout z;
    align_layout_of(plan, &z);
    return z.threads_at + pydml_axis_scratch_need(z.scratch, threads);
}

/* The per-ROI tables from ws (zeroed: axis_free frees what axis_build allocated), NULL when ws is
 * too small (a caller error the C API has already refused). */
static int align_tables(const pydml_workspace* ws, const align_layout* z, int64_t R, axis_taps** ays, axis_taps** axs,
                        int64_t** batch) {
    const uint64_t n = R ? (uint64_t)R : 1u;
    *ays = pydml_workspace_part(ws, 0, n * sizeof(axis_taps));
    *axs = pydml_workspace_part(ws, z->axs_at, n * sizeof(axis_taps));
    *batch = pydml_workspace_part(ws, z->batch_at, n * sizeof(int64_t));
    if (*ays == NULL || *axs == NULL || *batch == NULL) {
        *ays = *axs = NULL;
        return -1;
    }
    memset(*ays, 0, n * sizeof(axis_taps));
    memset(*axs, 0, n * sizeof(axis_taps));
    return 0;
}

static pydml_status align_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                  const pydml_tensor* const* outputs, uint32_t output_count, const pydml_workspace* ws) {
    const align_plan* p = plan;
    if (p->op_type == DML_OPERATOR_ROI_ALIGN_GRAD)
        return align_grad_execute(p, inputs, input_count, outputs, output_count, ws);
    if (inputs == NULL || outputs == NULL || input_count != 3 || output_count != 1) return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor *x = inputs[0], *rv = inputs[1], *bv = inputs[2], *y = outputs[0];
    pydml_status s;
    if ((s = check_view_n(x, p->dtype, 4, p->in_sizes))) return s;
    if ((s = check_view_n(rv, p->dtype, p->roi_dims, p->roi_sizes))) return s;
    if ((s = check_view_n(bv, p->btype, p->bi_dims, p->bi_sizes))) return s;
    if ((s = check_view_n(y, p->dtype, 4, p->out_sizes))) return s;
    const int64_t C = p->in_sizes[1];
    const int64_t R = p->out_sizes[0], PH = p->out_sizes[2], PW = p->out_sizes[3];
    if (R == 0 || C == 0 || PH == 0 || PW == 0) return PYDML_STATUS_SUCCESS;
    align_layout z;
    align_layout_of(p, &z);
    axis_taps *ays, *axs;
    int64_t* batch;
    if (align_tables(ws, &z, R, &ays, &axs, &batch)) return PYDML_STATUS_INVALID_PARAMETER;
    s = align_rois(p, rv, bv, ays, axs, batch) ? PYDML_STATUS_OUT_OF_MEMORY : PYDML_STATUS_SUCCESS;
    if (s == PYDML_STATUS_SUCCESS) {
        const uint64_t planes = (uint64_t)R * (uint64_t)C;
        align_run ar = {p, x, NULL, y, NULL, ays, axs, batch, z.row_doubles};
        const pydml_axis_loop loop = {planes, planes * (uint64_t)(PH * PW), ROI_PARALLEL_MIN / 4, 1, 0, z.scratch, 0};
        s = pydml_axis_for_range_in(&loop, align_planes, &ar, ws, z.threads_at);
    }
    for (int64_t r = 0; r < R; r++) axis_free(&ays[r]);
    for (int64_t r = 0; r < R; r++) axis_free(&axs[r]);
    return s;
}

/* ---- ROI_ALIGN_GRAD (page: sdk-api ns-directml-dml_roi_align_grad_operator_desc.md, ea899bdf) ----
 * The adjoint of ROI_ALIGN1 as align_plane computes it, from the same plan fields and the same
 * per-ROI sample tables (align_rois / axis_build), so forward and gradient agree by construction:
 *  - OutputGradientTensor (with respect to InputTensor): AVERAGE: every in-bounds sample adds
 *    InputGradient / (n_y * n_x) times its tap weights to the taps it read (the page's example: a
 *    nearest-neighbour 1.5x / 0.5x resize of four 2x2 regions of a 4x4 input sends [1, 2, 3] to
 *    [3, 3, 0, 0] along the region's first row); MAX: the whole InputGradient goes to the sample
 *    that was the maximum, by the forward's comparison order (samples y-major, a later equal value
 *    never replaces the maximum, NaN the largest with its first occurrence chosen, as MAX_POOLING),
 *    its value recomputed with the forward's exact arithmetic; when the out-of-bounds value wins
 *    nothing is sent. Taps of weight 0 receive nothing (the forward does not read them). Regions
 *    may overlap: the gradient is a gather per (batch, channel) plane, which one thread owns,
 *    summing the ROIs of that batch in ROI order in double and rounding once (FLOAT16 through
 *    round-to-odd float) -- no atomics, the same bits on any thread count.
 *  - OutputROIGradientTensor: the derivative of the forward output with respect to [x1, y1, x2, y2],
 *    chained with InputGradient and summed over channels and outputs (one ROI per thread, double).
 *    The page's pseudo-code has this structure: the image gradient along each axis,
 *    imageGradX = (1 - yLerp) * (topRight - topLeft) + yLerp * (bottomRight - bottomLeft), split
 *    between the two corners as (Width - x) and x. Its weights are written unnormalized ("assuming
 *    MinimumSamplesPerOutput == 1 and MaximumSamplesPerOutput == 1", x the output coordinate); the
 *    derivative of the forward's sample position pos = x1 * (1 - frac) + x2 * frac (times the
 *    spatial scale, frac = the sample's place along the region, axis_taps.frac) is used, so the
 *    result is the true gradient of what ROI_ALIGN1 computes (checked by finite differences of the
 *    float64 forward in tests/test_training_gradients.py). A sample's value moves with pos only for
 *    LINEAR taps that are not clamped to the edge (axis_taps.slope); NEAREST_NEIGHBOR, clamped and
 *    out-of-bounds samples contribute 0, and so does the (piecewise constant) sample count.
 *  - The desc has no OutOfBoundsInputValue: the forward differentiated reads 0 there (what ONNX
 *    adds and onnxruntime's DML RoiAlign passes); it matters only to which sample MAX picks.
 *  - Invalid ROI data (a batch index >= BatchCount, non-finite scaled coordinates), for which the
 *    forward outputs NaN: nothing is sent to OutputGradientTensor and that ROI's four
 *    OutputROIGradientTensor values are NaN. */

/* One sample's interpolated value, with align_plane's operations in its order (same bits). */
static double align_sample(const align_plan* p, const pydml_tensor* x, uint64_t ibase, const axis_taps* ay, int64_t t,
                           const axis_taps* ax, int64_t u) {
    const uint64_t* xs = x->strides;
    double v = 0.0;
    for (int l = 0; l < 2; l++) {
        const double wx = l ? ax->w1[u] : ax->w0[u];
        if (wx == 0.0) continue;
        const uint64_t ix = (uint64_t)(l ? ax->i1[u] : ax->i0[u]);
        double row = 0.0;
        for (int k = 0; k < 2; k++) {
            const double wy = k ? ay->w1[t] : ay->w0[t];
            if (wy == 0.0) continue;
            row += wy * (double)load(p->dtype, x->data, ibase + (uint64_t)(k ? ay->i1[t] : ay->i0[t]) * xs[2] + ix * xs[3]);
        }
        v += wx * row;
    }
    return v;
}

/* The sample (*bt, *bu) that is output (oy, ox)'s maximum; *bt = -1 when none (the out-of-bounds
 * value won, or there is no sample). */
static void align_argmax(const align_plan* p, const pydml_tensor* x, uint64_t ibase, const axis_taps* ay,
                         const axis_taps* ax, int64_t oy, int64_t ox, int64_t* bt, int64_t* bu) {
    const int64_t t0 = ay->start[oy], t1 = ay->start[oy + 1], u0 = ax->start[ox], u1 = ax->start[ox + 1];
    const double outside = ay->n * ax->n - (double)(t1 - t0) * (double)(u1 - u0);
    double m = outside > 0.0 ? (double)p->oob : -INFINITY;
    int nan = 0;
    *bt = *bu = -1;
    for (int64_t t = t0; t < t1 && !nan; t++)
        for (int64_t u = u0; u < u1; u++) {
            const double v = align_sample(p, x, ibase, ay, t, ax, u);
            if (v != v) { /* the first NaN is the maximum */
                *bt = t;
                *bu = u;
                nan = 1;
                break;
            }
            if (v > m) {
                m = v;
                *bt = t;
                *bu = u;
            }
        }
}

/* Adds w times sample (t, u)'s tap weights to the plane acc (H x W, row-major). */
static void align_spread(double* acc, int64_t W, const axis_taps* ay, int64_t t, const axis_taps* ax, int64_t u,
                         double w) {
    for (int k = 0; k < 2; k++) {
        const double wy = k ? ay->w1[t] : ay->w0[t];
        if (wy == 0.0) continue;
        const int64_t iy = k ? ay->i1[t] : ay->i0[t];
        for (int l = 0; l < 2; l++) {
            const double wx = l ? ax->w1[u] : ax->w0[u];
            if (wx == 0.0) continue;
            acc[iy * W + (l ? ax->i1[u] : ax->i0[u])] += w * wy * wx;
        }
    }
}

/* ROI r, channel ch into the plane acc; row: scratch of the ROI's x span. */
static void align_grad_plane(const align_plan* p, const pydml_tensor* x, const pydml_tensor* g, int64_t r, int64_t ch,
                             int64_t b, const axis_taps* ay, const axis_taps* ax, double* acc, double* row) {
    const int64_t PH = p->out_sizes[2], PW = p->out_sizes[3], W = p->in_sizes[3];
    const uint64_t* gs = g->strides;
    const uint64_t gbase = (uint64_t)r * gs[0] + (uint64_t)ch * gs[1];
    const double all = ay->n * ax->n;
    if (p->reduce_max) {
        const uint64_t ibase = (uint64_t)b * x->strides[0] + (uint64_t)ch * x->strides[1];
        for (int64_t oy = 0; oy < PH; oy++)
            for (int64_t ox = 0; ox < PW; ox++) {
                int64_t bt, bu;
                align_argmax(p, x, ibase, ay, ax, oy, ox, &bt, &bu);
                if (bt < 0) continue;
                const double gv = (double)load(p->dtype, g->data, gbase + (uint64_t)oy * gs[2] + (uint64_t)ox * gs[3]);
                align_spread(acc, W, ay, bt, ax, bu, gv);
            }
        return;
    }
    const int64_t xlo = ax->count ? ax->lo : 0, xhi = ax->count ? ax->hi : -1;
    for (int64_t oy = 0; oy < PH; oy++) {
        const int64_t t0 = ay->start[oy], t1 = ay->start[oy + 1];
        if (t0 == t1) continue;
        /* the x taps of the row's samples, weighted, then spread over its y taps (separable) */
        for (int64_t ix = xlo; ix <= xhi; ix++) row[ix - xlo] = 0.0;
        for (int64_t ox = 0; ox < PW; ox++) {
            const double gv = (double)load(p->dtype, g->data, gbase + (uint64_t)oy * gs[2] + (uint64_t)ox * gs[3]) / all;
            for (int64_t u = ax->start[ox]; u < ax->start[ox + 1]; u++) {
                if (ax->w0[u] != 0.0) row[ax->i0[u] - xlo] += gv * ax->w0[u];
                if (ax->w1[u] != 0.0) row[ax->i1[u] - xlo] += gv * ax->w1[u];
            }
        }
        for (int64_t t = t0; t < t1; t++)
            for (int k = 0; k < 2; k++) {
                const double wy = k ? ay->w1[t] : ay->w0[t];
                if (wy == 0.0) continue;
                double* dst = acc + (k ? ay->i1[t] : ay->i0[t]) * W;
                for (int64_t ix = xlo; ix <= xhi; ix++) dst[ix] += wy * row[ix - xlo];
            }
    }
}

/* d(sum over outputs of InputGradient * output) / d[x1, y1, x2, y2] for ROI r, channel ch, into d. */
static void align_grad_roi(const align_plan* p, const pydml_tensor* x, const pydml_tensor* g, int64_t r, int64_t ch,
                           int64_t b, const axis_taps* ay, const axis_taps* ax, double* d) {
    const int64_t PH = p->out_sizes[2], PW = p->out_sizes[3];
    const uint64_t* gs = g->strides;
    const uint64_t* xs = x->strides;
    const uint64_t gbase = (uint64_t)r * gs[0] + (uint64_t)ch * gs[1];
    const uint64_t ibase = (uint64_t)b * xs[0] + (uint64_t)ch * xs[1];
    const double all = ay->n * ax->n, sx = (double)p->scale_x, sy = (double)p->scale_y;
#define X_AT(iy, ix) ((double)load(p->dtype, x->data, ibase + (uint64_t)(iy) * xs[2] + (uint64_t)(ix) * xs[3]))
    for (int64_t oy = 0; oy < PH; oy++)
        for (int64_t ox = 0; ox < PW; ox++) {
            const double gv = (double)load(p->dtype, g->data, gbase + (uint64_t)oy * gs[2] + (uint64_t)ox * gs[3]);
            int64_t t0 = ay->start[oy], t1 = ay->start[oy + 1], u0 = ax->start[ox], u1 = ax->start[ox + 1];
            double w = gv / all;
            if (p->reduce_max) {
                int64_t bt, bu;
                align_argmax(p, x, ibase, ay, ax, oy, ox, &bt, &bu);
                if (bt < 0) continue;
                t0 = bt; t1 = bt + 1; u0 = bu; u1 = bu + 1;
                w = gv;
            }
            for (int64_t t = t0; t < t1; t++)
                for (int64_t u = u0; u < u1; u++) {
                    if (ax->slope[u]) { /* d value / d pos_x: the y-interpolated difference of the x taps */
                        double dv = 0.0;
                        for (int k = 0; k < 2; k++) {
                            const double wy = k ? ay->w1[t] : ay->w0[t];
                            if (wy == 0.0) continue;
                            const int64_t iy = k ? ay->i1[t] : ay->i0[t];
                            dv += wy * (X_AT(iy, ax->i1[u]) - X_AT(iy, ax->i0[u]));
                        }
                        d[0] += w * dv * sx * (1.0 - ax->frac[u]);
                        d[2] += w * dv * sx * ax->frac[u];
                    }
                    if (ay->slope[t]) { /* d value / d pos_y */
                        double dv = 0.0;
                        for (int l = 0; l < 2; l++) {
                            const double wx = l ? ax->w1[u] : ax->w0[u];
                            if (wx == 0.0) continue;
                            const int64_t ix = l ? ax->i1[u] : ax->i0[u];
                            dv += wx * (X_AT(ay->i1[t], ix) - X_AT(ay->i0[t], ix));
                        }
                        d[1] += w * dv * sy * (1.0 - ay->frac[t]);
                        d[3] += w * dv * sy * ay->frac[t];
                    }
                }
        }
#undef X_AT
}

/* ROI_ALIGN_GRAD's InputGradient: input planes (b, c) [b0, e0), each the sum over the ROIs of
 * batch b, accumulated in double. scratch: H W + W doubles (the plane, a row). */
static pydml_status align_grad_planes(void* ctx, uint64_t b0, uint64_t e0, void* scratch) {
    const align_run* ar = ctx;
    const align_plan* p = ar->p;
    const pydml_tensor* dx = ar->dx;
    const int64_t C = p->in_sizes[1], H = p->in_sizes[2], W = p->in_sizes[3], R = p->out_sizes[0];
    double* acc = scratch;
    double* row = acc + H * W;
    for (int64_t q = (int64_t)b0; q < (int64_t)e0; q++) {
        const int64_t b = q / C, ch = q % C;
        for (int64_t i = 0; i < H * W; i++) acc[i] = 0.0;
        for (int64_t r = 0; r < R; r++)
            if (ar->batch[r] == b) align_grad_plane(p, ar->x, ar->g, r, ch, b, &ar->ays[r], &ar->axs[r], acc, row);
        const uint64_t base = (uint64_t)b * dx->strides[0] + (uint64_t)ch * dx->strides[1];
        for (int64_t iy = 0; iy < H; iy++)
            for (int64_t ix = 0; ix < W; ix++)
                store_double(p->dtype, dx->data, base + (uint64_t)iy * dx->strides[2] + (uint64_t)ix * dx->strides[3],
                             acc[iy * W + ix]);
    }
    return PYDML_STATUS_SUCCESS;
}

typedef struct align_droi {
    const align_run* ar;
    const pydml_tensor* dr;
} align_droi;

/* ROI_ALIGN_GRAD's ROIGradient: ROIs [b, e), each summed over the channels. */
static pydml_status align_grad_rois(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const align_droi* dd = ctx;
    const align_run* ar = dd->ar;
    const align_plan* p = ar->p;
    const int64_t C = p->in_sizes[1];
    const uint64_t rs = dd->dr->strides[p->roi_dims - 2], cs = dd->dr->strides[p->roi_dims - 1];
    for (int64_t r = (int64_t)b; r < (int64_t)e; r++) {
        double d[4] = {0.0, 0.0, 0.0, 0.0};
        if (ar->batch[r] < 0) {
            d[0] = d[1] = d[2] = d[3] = NAN;
        } else {
            for (int64_t ch = 0; ch < C; ch++)
                align_grad_roi(p, ar->x, ar->g, r, ch, ar->batch[r], &ar->ays[r], &ar->axs[r], d);
        }
        for (int i = 0; i < 4; i++) store_double(p->dtype, dd->dr->data, (uint64_t)r * rs + (uint64_t)i * cs, d[i]);
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status align_grad_execute(const align_plan* p, const pydml_tensor* const* inputs, uint32_t input_count,
                                       const pydml_tensor* const* outputs, uint32_t output_count,
                                       const pydml_workspace* ws) {
    if (inputs == NULL || outputs == NULL || input_count != 4 || output_count != 2) return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor *x = inputs[0], *g = inputs[1], *rv = inputs[2], *bv = inputs[3];
    const pydml_tensor *dx = outputs[0], *dr = outputs[1];
    if ((x != NULL) != p->has_x || (dx != NULL) != p->has_dx || (dr != NULL) != p->has_droi)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    if (x && (s = check_view_n(x, p->dtype, 4, p->in_sizes))) return s;
    if ((s = check_view_n(g, p->dtype, 4, p->out_sizes))) return s;
    if ((s = check_view_n(rv, p->dtype, p->roi_dims, p->roi_sizes))) return s;
    if ((s = check_view_n(bv, p->btype, p->bi_dims, p->bi_sizes))) return s;
    if (dx && (s = check_view_n(dx, p->dtype, 4, p->in_sizes))) return s;
    if (dr && (s = check_view_n(dr, p->dtype, p->roi_dims, p->roi_sizes))) return s;
    const int64_t N = p->in_sizes[0], C = p->in_sizes[1], H = p->in_sizes[2], W = p->in_sizes[3];
    const int64_t R = p->out_sizes[0], PH = p->out_sizes[2], PW = p->out_sizes[3];
    align_layout z;
    align_layout_of(p, &z);
    axis_taps *ays, *axs;
    int64_t* batch;
    if (align_tables(ws, &z, R, &ays, &axs, &batch)) return PYDML_STATUS_INVALID_PARAMETER;
    s = align_rois(p, rv, bv, ays, axs, batch) ? PYDML_STATUS_OUT_OF_MEMORY : PYDML_STATUS_SUCCESS;
    align_run ar = {p, x, g, NULL, dx, ays, axs, batch, z.row_doubles};
    if (s == PYDML_STATUS_SUCCESS && dx != NULL) {
        const uint64_t planes = (uint64_t)(N * C);
        const pydml_axis_loop loop = {planes, planes * (uint64_t)(H * W) + (uint64_t)(R * C * PH * PW), ROI_PARALLEL_MIN,
                                      1, 0, z.scratch, 0};
        s = pydml_axis_for_range_in(&loop, align_grad_planes, &ar, ws, z.threads_at);
    }
    if (s == PYDML_STATUS_SUCCESS && dr != NULL) {
        align_droi dd = {&ar, dr};
        const pydml_axis_loop loop = {(uint64_t)R, (uint64_t)(R * C * PH * PW), ROI_PARALLEL_MIN / 4, 1, 0, 0, 0};
        (void)pydml_axis_for_range(&loop, align_grad_rois, &dd);   /* no scratch: cannot fail */
    }
    for (int64_t r = 0; r < R; r++) axis_free(&ays[r]);
    for (int64_t r = 0; r < R; r++) axis_free(&axs[r]);
    return s;
}

/* Scratch comes from the caller's workspace: the plan is read-only while it executes, so executions
 * of one operator may run at the same time. */
const pydml_kernel_family pydml_family_roi = {"roi", create, destroy, execute, 0, temporary_bytes, NULL, NULL};
