/* The roi kernel family (families.h): ROI_POOLING, ROI_ALIGN and ROI_ALIGN1 (pages MicrosoftDocs/
 * sdk-api ns-directml-dml_roi_pooling_operator_desc.md, ..._roi_align_... (ea899bdf) and
 * ..._roi_align1_... (dd64e5cb); rules_roi.c checks the descs).
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

#ifdef _OPENMP
#include <omp.h>
#endif

#include "families.h"
#include "convert.h"

#define ROI_PARALLEL_MIN 16384

typedef struct roi_plan {
    uint32_t op_type; /* first in every plan of this file: execute dispatches on it */
    uint32_t dtype;
    uint32_t in_sizes[4], roi_sizes[4], out_sizes[4];
    float scale;
} roi_plan;

static int supports(uint32_t type) {
    return type == DML_OPERATOR_ROI_POOLING || type == DML_OPERATOR_ROI_ALIGN || type == DML_OPERATOR_ROI_ALIGN1;
}

static pydml_status align_create(const pydml_operator_info* info, const void* desc, void** out);
static pydml_status align_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                  const pydml_tensor* const* outputs, uint32_t output_count);

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    if (info->type == DML_OPERATOR_ROI_ALIGN || info->type == DML_OPERATOR_ROI_ALIGN1) return align_create(info, desc, out);
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

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count) {
    const roi_plan* p = plan;
    if (p != NULL && p->op_type != DML_OPERATOR_ROI_POOLING) return align_execute(plan, inputs, input_count, outputs, output_count);
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

/* ---- ROI_ALIGN and ROI_ALIGN1 (see the header comment for the definition and decisions) ---- */

typedef struct align_plan {
    uint32_t op_type; /* DML_OPERATOR_ROI_ALIGN or _ROI_ALIGN1 (first, as roi_plan) */
    uint32_t dtype, btype;
    uint32_t in_sizes[4], out_sizes[4];
    uint32_t roi_dims, roi_sizes[4], bi_dims, bi_sizes[4];
    int reduce_max, nearest, corners, legacy;
    float scale_x, scale_y, in_off, out_off, oob;
    uint32_t min_s, max_s;
} align_plan;

static pydml_status align_create(const pydml_operator_info* info, const void* desc, void** out) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* roi = pydml_tensor_field(info, desc, "ROITensor");
    const DML_BUFFER_TENSOR_DESC* bi = pydml_tensor_field(info, desc, "BatchIndicesTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(info, desc, "OutputTensor");
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
    if (info->type == DML_OPERATOR_ROI_ALIGN1) {
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
    int64_t lo, hi; /* smallest and largest index any tap reads */
    int64_t count, cap;
} axis_taps;

static void axis_free(axis_taps* a) {
    free(a->start);
    free(a->i0);
    free(a->i1);
    free(a->w0);
    free(a->w1);
    memset(a, 0, sizeof *a);
}

static int axis_push(axis_taps* a, int64_t i0, int64_t i1, double w0, double w1) {
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
        if (!n0 || !n1 || !v0 || !v1) return -1;
        a->cap = cap;
    }
    a->i0[a->count] = i0;
    a->i1[a->count] = i1;
    a->w0[a->count] = w0;
    a->w1[a->count] = w1;
    a->count++;
    if (i0 < a->lo) a->lo = i0;
    if (i1 > a->hi) a->hi = i1;
    return 0;
}

/* One axis: region [x1, x2] (already scaled), O outputs, L input elements. Sample k (of O * n)
 * sits at base + (k + c) * step (header comment); it is in bounds when -1 <= pos <= L (ONNX). */
static int axis_build(const align_plan* p, double x1, double x2, int64_t O, int64_t L, axis_taps* a) {
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
    a->n = n;
    a->lo = INT64_MAX;
    a->hi = INT64_MIN;
    a->start = malloc((size_t)(O + 1) * sizeof *a->start);
    if (a->start == NULL) return -1;
    for (int64_t o = 0; o < O; o++) {
        a->start[o] = a->count;
        const double k0 = (double)o * n;
        double jlo = 0.0, jhi = n - 1.0;
        if (step != 0.0) {
            /* the samples with -1 <= pos <= L, widened by one each side and then tested exactly */
            double ja = (-1.0 - base) / step - c - k0, jb = ((double)L - base) / step - c - k0;
            if (ja > jb) {
                const double t = ja;
                ja = jb;
                jb = t;
            }
            ja = floor(ja) - 1.0;
            jb = ceil(jb) + 1.0;
            if (ja > jlo) jlo = ja;
            if (jb < jhi) jhi = jb;
        }
        for (double j = jlo; j <= jhi; j += 1.0) {
            const double pos = base + (k0 + j + c) * step;
            if (!(pos >= -1.0 && pos <= (double)L)) continue;
            double y = pos < 0.0 ? 0.0 : pos;
            int64_t i0, i1;
            double w0, w1;
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
                }
                w1 = y - (double)i0;
                w0 = 1.0 - w1;
            }
            if (axis_push(a, i0, i1, w0, w1)) return -1;
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

static pydml_status align_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                  const pydml_tensor* const* outputs, uint32_t output_count) {
    const align_plan* p = plan;
    if (inputs == NULL || outputs == NULL || input_count != 3 || output_count != 1) return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor *x = inputs[0], *rv = inputs[1], *bv = inputs[2], *y = outputs[0];
    pydml_status s;
    if ((s = check_view_n(x, p->dtype, 4, p->in_sizes))) return s;
    if ((s = check_view_n(rv, p->dtype, p->roi_dims, p->roi_sizes))) return s;
    if ((s = check_view_n(bv, p->btype, p->bi_dims, p->bi_sizes))) return s;
    if ((s = check_view_n(y, p->dtype, 4, p->out_sizes))) return s;
    const int64_t N = p->in_sizes[0], C = p->in_sizes[1], H = p->in_sizes[2], W = p->in_sizes[3];
    const int64_t R = p->out_sizes[0], PH = p->out_sizes[2], PW = p->out_sizes[3];
    if (R == 0 || C == 0 || PH == 0 || PW == 0) return PYDML_STATUS_SUCCESS;
    axis_taps* ays = calloc((size_t)R, sizeof *ays);
    axis_taps* axs = calloc((size_t)R, sizeof *axs);
    int64_t* batch = calloc((size_t)R, sizeof *batch);
    int failed = ays == NULL || axs == NULL || batch == NULL;
    const uint64_t rs = rv->strides[p->roi_dims - 2], cs = rv->strides[p->roi_dims - 1];
    const uint64_t bs = bv->strides[p->bi_dims - 1];
    /* per ROI: the batch, and the separable sample tables shared by every channel */
    for (int64_t r = 0; r < R && !failed; r++) {
        float v[4];
        for (int i = 0; i < 4; i++) v[i] = load(p->dtype, rv->data, (uint64_t)r * rs + (uint64_t)i * cs);
        const uint64_t bi = p->btype == DML_TENSOR_DATA_TYPE_UINT32 ? ((const uint32_t*)bv->data)[(uint64_t)r * bs]
                                                                    : ((const uint64_t*)bv->data)[(uint64_t)r * bs];
        const double x1 = (double)v[0] * p->scale_x, y1 = (double)v[1] * p->scale_y;
        const double x2 = (double)v[2] * p->scale_x, y2 = (double)v[3] * p->scale_y;
        if (bi >= (uint64_t)N || !isfinite(x1) || !isfinite(y1) || !isfinite(x2) || !isfinite(y2) || H == 0 || W == 0) {
            batch[r] = -1; /* the whole ROI is NaN, nothing is read */
            continue;
        }
        batch[r] = (int64_t)bi;
        if (axis_build(p, y1, y2, PH, H, &ays[r]) || axis_build(p, x1, x2, PW, W, &axs[r])) failed = 1;
    }
    if (!failed) {
        const int64_t planes = R * C;
        int oom = 0;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) if (planes * PH * PW >= ROI_PARALLEL_MIN / 4 && planes > 1) reduction(| : oom)
#endif
        for (int64_t q = 0; q < planes; q++) {
            const int64_t r = q / C, ch = q % C;
            if (batch[r] < 0) {
                for (int64_t oy = 0; oy < PH; oy++)
                    for (int64_t ox = 0; ox < PW; ox++)
                        store(p->dtype, y->data, (uint64_t)r * y->strides[0] + (uint64_t)ch * y->strides[1] +
                                                     (uint64_t)oy * y->strides[2] + (uint64_t)ox * y->strides[3], NAN);
                continue;
            }
            const int64_t span = axs[r].count ? axs[r].hi - axs[r].lo + 1 : 1;
            double* row = malloc((size_t)span * sizeof(double));
            double* mx = malloc((size_t)PW * 2 * sizeof(double));
            if (row == NULL || mx == NULL) oom = 1;
            else align_plane(p, x, y, r, ch, batch[r], &ays[r], &axs[r], row, mx);
            free(row);
            free(mx);
        }
        failed = oom;
    }
    for (int64_t r = 0; ays != NULL && r < R; r++) axis_free(&ays[r]);
    for (int64_t r = 0; axs != NULL && r < R; r++) axis_free(&axs[r]);
    free(ays);
    free(axs);
    free(batch);
    return failed ? PYDML_STATUS_OUT_OF_MEMORY : PYDML_STATUS_SUCCESS;
}

const pydml_kernel_family pydml_family_roi = {"roi", supports, create, destroy, execute, 0};
