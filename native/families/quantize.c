/* The quantize kernel family (families.h): DYNAMIC_QUANTIZE_LINEAR, QUANTIZE, DEQUANTIZE and
 * QUANTIZED_LINEAR_AVERAGE_POOLING; rules_quantize.c checks the descs.
 *
 * Pages and formulas:
 *  - DYNAMIC_QUANTIZE_LINEAR (sdk-api): with [Min, Max] the output type's range ([0, 255] UINT8,
 *    [-128, 127] INT8): OutputScale = (InputMax - InputMin) / (Max - Min); OutputZeroPoint =
 *    Min - InputMin / OutputScale; Output = clamp(round(Input / OutputScale) + OutputZeroPoint).
 *    The page does not say how the zero point is rounded or whether [InputMin, InputMax] includes
 *    0; ONNX DynamicQuantizeLinear (which the operator implements) widens the range to include 0,
 *    computes in float32, clamps the zero point to [Min, Max] and then rounds it, and so does this
 *    (its reference implementation's order). Decisions: a NaN input makes the range NaN (numpy's
 *    min/max in ONNX's definition propagate it), so OutputScale is NaN (NaN in, NaN out), the zero
 *    point Min and every output Min (clamp of NaN); an all-zero input (InputMax == InputMin == 0) has no scale
 *    in the formula (0/0): OutputScale 1 and zero point Min - 0 = Min (onnxruntime's choice of 1).
 *  - QUANTIZE / DEQUANTIZE (FL6_3, windows-ai-docs; formulas "TBD" on the pages, by analogy with
 *    ELEMENT_WISE_(DE)QUANTIZE_LINEAR): out = clamp(round(x / scale) + zp, Min, Max) and
 *    out = (x - zp) * scale, zp = 0 for QuantizationType SCALE. QuantizationTensors = [Scale] or
 *    [Scale, ZeroPoint]; a quantization tensor of size q on an axis of size s covers blocks of
 *    s / q input elements (q = 1: broadcast, q = s: per element). Range: UINT8 [0, 255], INT8
 *    [-128, 127], UINT4 [0, 15], INT4 [-8, 7]. The quotient and the dequantized value are taken in
 *    double and rounded once (ew_quantize.c's definitions: exact operands, no double rounding).
 *  - INT4/UINT4 (DML_TENSOR_DATA_TYPE page): two elements per byte, element e of the buffer at
 *    byte e / 2, the even element in the low nibble; an element's index is its strided offset.
 *    Writes change only their own nibble (the other nibble of a byte keeps its value, e.g. the
 *    unused high nibble after an odd count); 4-bit outputs are written by one thread (two threads
 *    must not update one byte).
 *  - QUANTIZED_LINEAR_AVERAGE_POOLING (FL6_2, windows-ai-docs): dequantize -> AVERAGE_POOLING1 ->
 *    quantize, with per-tensor or per-channel scales/zero points: out = clamp(round(
 *    (sum (x - izp[c]) * iscale[c] / count) / oscale[c]) + ozp[c]); the sum over the window's
 *    in-bounds taps is exact (integers), count = those taps, or every tap with IncludePadding
 *    (padding is the real value 0). A window with no in-bounds tap and no IncludePadding is 0 / 0
 *    = NaN -> Min, as pooling.c's average gives NaN.
 * round is half to even; clamp is min(Max, max(Min, v)) (NaN -> Min, +-inf saturate); a zero
 * scale (undefined on the pages) follows IEEE division. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "convert.h"
#include "families.h"

#define QZ_MAX_TENSORS 8


typedef struct qz_tdesc {
    int present;
    uint32_t type, rank, sizes[8];
} qz_tdesc;

typedef struct qz_plan {
    uint32_t op;
    uint32_t n_in, n_out;
    qz_tdesc t[QZ_MAX_TENSORS]; /* inputs (arrays expanded) then outputs */
    uint32_t qtype;             /* QUANTIZE/DEQUANTIZE: DML_QUANTIZATION_TYPE */
    /* pooling: 3 spatial axes {D, H, W} (a 4-D tensor has D = 1) */
    uint32_t win[3], stride[3], pad[3], dil[3];
    int include_padding;
} qz_plan;

static void tdesc_of(const DML_BUFFER_TENSOR_DESC* b, qz_tdesc* d) {
    memset(d, 0, sizeof *d);
    if (b == NULL) return;
    d->present = 1;
    d->type = b->DataType;
    d->rank = b->DimensionCount;
    memcpy(d->sizes, b->Sizes, d->rank * sizeof(uint32_t));
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)flags;
    *plan = NULL;
    qz_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->op = info->type;
    qz_tdesc outs[QZ_MAX_TENSORS];
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        if (f->kind == PYDML_FIELD_TENSOR) {
            qz_tdesc d;
            tdesc_of(pydml_tensor_field(info, desc, f->name), &d);
            if (f->role == PYDML_ROLE_OUTPUT) outs[p->n_out++] = d;
            else p->t[p->n_in++] = d;
        } else if (f->kind == PYDML_FIELD_TENSOR_ARRAY) {
            const uint32_t n = pydml_tensor_array_count(info, desc, f->name);
            for (uint32_t k = 0; k < n && p->n_in < 4; k++)
                tdesc_of(pydml_tensor_array_element(info, desc, f->name, k), &p->t[p->n_in++]);
        }
    }
    memcpy(p->t + p->n_in, outs, p->n_out * sizeof(qz_tdesc));
    if (p->op == DML_OPERATOR_QUANTIZE || p->op == DML_OPERATOR_DEQUANTIZE)
        p->qtype = ((const DML_QUANTIZE_OPERATOR_DESC*)desc)->QuantizationType;
    if (p->op == DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING) {
        const DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC* d = desc;
        const uint32_t n = d->DimensionCount, off = 3 - n;
        for (uint32_t i = 0; i < 3; i++) {
            p->win[i] = p->stride[i] = p->dil[i] = 1;
            p->pad[i] = 0;
        }
        for (uint32_t i = 0; i < n; i++) {
            p->win[off + i] = d->WindowSize[i];
            p->stride[off + i] = d->Strides[i];
            p->dil[off + i] = d->Dilations[i];
            p->pad[off + i] = d->StartPadding[i];
        }
        p->include_padding = d->IncludePadding != 0;
    }
    *plan = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

static pydml_status check_view(const pydml_tensor* v, const qz_tdesc* d) {
    if (!d->present) return v == NULL ? PYDML_STATUS_SUCCESS : PYDML_STATUS_INVALID_PARAMETER;
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v); /* 4-bit types too */
    if (s) return s;
    if (v->data_type != d->type || v->dim_count != d->rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t i = 0; i < d->rank; i++)
        if (v->sizes[i] != d->sizes[i]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* ---- element access (offsets in elements; 4-bit: nibble e & 1 of byte e / 2, low first) ---- */

static inline double ld(uint32_t t, const void* p, int64_t i) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return ((const float*)p)[i];
    case DML_TENSOR_DATA_TYPE_FLOAT16: return pydml_f16_to_f32(((const uint16_t*)p)[i]);
    case DML_TENSOR_DATA_TYPE_INT8: return ((const int8_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT8: return ((const uint8_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT4: {
        const uint8_t b = ((const uint8_t*)p)[i >> 1];
        return (i & 1) ? b >> 4 : b & 15;
    }
    case DML_TENSOR_DATA_TYPE_INT4: {
        const uint8_t b = ((const uint8_t*)p)[i >> 1];
        const int v = (i & 1) ? b >> 4 : b & 15;
        return v >= 8 ? v - 16 : v;
    }
    default: return 0.0;
    }
}

static void range_of(uint32_t t, double* lo, double* hi) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: *lo = -128; *hi = 127; break;
    case DML_TENSOR_DATA_TYPE_UINT8: *lo = 0; *hi = 255; break;
    case DML_TENSOR_DATA_TYPE_INT4: *lo = -8; *hi = 7; break;
    default: *lo = 0; *hi = 15; break; /* UINT4 */
    }
}

/* an integer value already in range */
static inline void st_int(uint32_t t, void* p, int64_t i, int v) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: ((int8_t*)p)[i] = (int8_t)v; break;
    case DML_TENSOR_DATA_TYPE_UINT8: ((uint8_t*)p)[i] = (uint8_t)v; break;
    default: { /* INT4 / UINT4: only this element's nibble changes */
        uint8_t* b = (uint8_t*)p + (i >> 1);
        const uint8_t n = (uint8_t)(v & 15);
        *b = (i & 1) ? (uint8_t)((*b & 0x0F) | (n << 4)) : (uint8_t)((*b & 0xF0) | n);
        break;
    }
    }
}

/* min(hi, max(lo, v)): NaN -> lo */
static inline int clamp_int(double v, double lo, double hi) {
    double t = v > lo ? v : lo;
    t = t < hi ? t : hi;
    return (int)t;
}

static inline void st_float(uint32_t t, void* p, int64_t i, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) ((uint16_t*)p)[i] = pydml_f32_to_f16(pydml_f64_to_f32_odd(v));
    else ((float*)p)[i] = (float)v;
}

static int threads_for(uint64_t n, int single) {
    int nth = 1;
#ifdef _OPENMP
    nth = omp_get_max_threads();
#endif
    if (single || n < 32768) nth = 1;
    return nth;
}

/* ---- QUANTIZE / DEQUANTIZE ---- */

static pydml_status quantize_execute(const qz_plan* p, const pydml_tensor* const* in, const pydml_tensor* Y) {
    const int quant = p->op == DML_OPERATOR_QUANTIZE;
    const pydml_tensor* X = in[0];
    const pydml_tensor* S = in[1];
    const pydml_tensor* Z = p->qtype == DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT ? in[2] : NULL;
    const uint32_t r = X->dim_count;
    uint64_t sblk[8], zblk[8];
    for (uint32_t d = 0; d < r; d++) {
        sblk[d] = X->sizes[d] / S->sizes[d];
        zblk[d] = Z ? X->sizes[d] / Z->sizes[d] : 1;
    }
    uint64_t rows = 1;
    for (uint32_t d = 0; d + 1 < r; d++) rows *= X->sizes[d];
    const uint32_t W = X->sizes[r - 1];
    double lo = 0, hi = 0;
    if (quant) range_of(Y->data_type, &lo, &hi);
    const int nth = threads_for(rows * W, pydml_data_type_bits(Y->data_type) < 8);
    (void)nth; /* used only by the OpenMP pragmas */
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(static)
#endif
    for (int64_t row = 0; row < (int64_t)rows; row++) {
        int64_t xo = 0, yo = 0, so = 0, zo = 0;
        uint64_t rem = (uint64_t)row;
        for (int d = (int)r - 2; d >= 0; d--) {
            const uint64_t i = rem % X->sizes[d];
            rem /= X->sizes[d];
            xo += (int64_t)(i * X->strides[d]);
            yo += (int64_t)(i * Y->strides[d]);
            so += (int64_t)(i / sblk[d] * S->strides[d]);
            if (Z) zo += (int64_t)(i / zblk[d] * Z->strides[d]);
        }
        const int64_t xs = (int64_t)X->strides[r - 1], ys = (int64_t)Y->strides[r - 1];
        for (uint32_t j = 0; j < W; j++) {
            const double x = ld(X->data_type, X->data, xo + (int64_t)j * xs);
            const double sc = ld(S->data_type, S->data, so + (int64_t)(j / sblk[r - 1] * S->strides[r - 1]));
            const double zp = Z ? ld(Z->data_type, Z->data, zo + (int64_t)(j / zblk[r - 1] * Z->strides[r - 1])) : 0.0;
            if (quant)
                st_int(Y->data_type, Y->data, yo + (int64_t)j * ys, clamp_int(pydml_round_half_even(x / sc) + zp, lo, hi));
            else
                st_float(Y->data_type, Y->data, yo + (int64_t)j * ys, (x - zp) * sc);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* ---- DYNAMIC_QUANTIZE_LINEAR ---- */

/* element k (row-major over the sizes) of a view, as an offset */
static int64_t offset_of(const pydml_tensor* t, uint64_t k) {
    int64_t o = 0;
    for (int d = (int)t->dim_count - 1; d >= 0; d--) {
        o += (int64_t)(k % t->sizes[d] * t->strides[d]);
        k /= t->sizes[d];
    }
    return o;
}

static pydml_status dynamic_execute(const pydml_tensor* X, const pydml_tensor* Y, const pydml_tensor* YS,
                                    const pydml_tensor* YZ) {
    uint64_t n = 1;
    for (uint32_t d = 0; d < X->dim_count; d++) n *= X->sizes[d];
    const int nth = threads_for(n, 0);
    (void)nth; /* used only by the OpenMP pragmas */
    float mn = 0.0f, mx = 0.0f; /* the range always includes 0 (ONNX) */
    int nan = 0;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) reduction(min : mn) reduction(max : mx) reduction(| : nan) \
    schedule(static)
#endif
    for (int64_t k = 0; k < (int64_t)n; k++) {
        const float v = (float)ld(X->data_type, X->data, offset_of(X, (uint64_t)k));
        if (v != v) nan = 1;
        else {
            mn = v < mn ? v : mn;
            mx = v > mx ? v : mx;
        }
    }
    if (nan) mn = mx = NAN; /* NaN propagates to the range, as numpy's min/max in ONNX's definition */
    double lo, hi;
    range_of(Y->data_type, &lo, &hi);
    /* float32 arithmetic, as ONNX DynamicQuantizeLinear's definition */
    float scale = (mx - mn) / (float)(hi - lo);
    if (mx == mn) scale = 1.0f; /* all zero: no range (0/0); onnxruntime's scale (NaN != NaN stays NaN) */
    const float zf = (float)lo - mn / scale;
    /* clip then round (ONNX's order); a NaN zero point (NaN input) -> Min, as clamp gives */
    const int zp = zf != zf ? (int)lo : (int)pydml_round_half_even(zf < (float)lo ? lo : zf > (float)hi ? hi : (double)zf);
    ((float*)YS->data)[0] = scale;
    st_int(YZ->data_type, YZ->data, 0, zp);
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(static)
#endif
    for (int64_t k = 0; k < (int64_t)n; k++) {
        const float v = (float)ld(X->data_type, X->data, offset_of(X, (uint64_t)k));
        const float q = v / scale;
        st_int(Y->data_type, Y->data, offset_of(Y, (uint64_t)k), clamp_int(pydml_round_half_even(q) + zp, lo, hi));
    }
    return PYDML_STATUS_SUCCESS;
}

/* ---- QUANTIZED_LINEAR_AVERAGE_POOLING ---- */

static double chan_value(const pydml_tensor* t, uint32_t c, double absent) {
    if (t == NULL) return absent;
    const uint32_t cd = t->dim_count >= 2 ? 1 : 0;
    return ld(t->data_type, t->data, t->sizes[cd] == 1 ? 0 : (int64_t)c * (int64_t)t->strides[cd]);
}

static pydml_status qlap_execute(const qz_plan* p, const pydml_tensor* const* in, const pydml_tensor* Y) {
    const pydml_tensor *X = in[0], *IS = in[1], *IZ = in[2], *OS = in[3], *OZ = in[4];
    const uint32_t r = X->dim_count, off = 5 - r; /* normalized {N, C, D, H, W} */
    uint32_t xs5[5], ys5[5];
    int64_t xst[5], yst[5];
    for (uint32_t d = 0; d < 5; d++) {
        const int real = d < 2 || d >= 2 + (3 - (r - 2)); /* N, C and the last r - 2 of {D, H, W} */
        const uint32_t sd = d < 2 ? d : d - off;
        xs5[d] = real ? X->sizes[sd] : 1;
        ys5[d] = real ? Y->sizes[sd] : 1;
        xst[d] = real ? (int64_t)X->strides[sd] : 0;
        yst[d] = real ? (int64_t)Y->strides[sd] : 0;
    }
    double lo, hi;
    range_of(Y->data_type, &lo, &hi);
    const uint64_t planes = (uint64_t)ys5[0] * ys5[1];
    const uint64_t per_plane = (uint64_t)ys5[2] * ys5[3] * ys5[4];
    /* the work: taps inside the input only (a window may be up to 2^32 - 1 wide, almost all of it
     * padding: the loops below walk each output's in-range taps, never the window) */
    uint64_t taps = 1;
    for (uint32_t d = 0; d < 3; d++) taps *= p->win[d] < xs5[2 + d] ? p->win[d] : xs5[2 + d];
    const int nth = threads_for(planes * per_plane * taps, 0);
    (void)nth; /* used only by the OpenMP pragmas */
    /* IncludePadding divides by the whole window: its product (up to 2^96) in double, as the
     * average is taken */
    const double window = (double)p->win[0] * (double)p->win[1] * (double)p->win[2];
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(dynamic, 1)
#endif
    for (int64_t pl = 0; pl < (int64_t)planes; pl++) {
        const uint32_t n = (uint32_t)(pl / ys5[1]), c = (uint32_t)(pl % ys5[1]);
        const double is = chan_value(IS, c, 1.0), izp = chan_value(IZ, c, 0.0);
        const double os = chan_value(OS, c, 1.0), ozp = chan_value(OZ, c, 0.0);
        const int64_t xb = (int64_t)n * xst[0] + (int64_t)c * xst[1], yb = (int64_t)n * yst[0] + (int64_t)c * yst[1];
        for (uint64_t q = 0; q < per_plane; q++) {
            const uint32_t o[3] = {(uint32_t)(q / ((uint64_t)ys5[3] * ys5[4])), (uint32_t)(q / ys5[4] % ys5[3]),
                                   (uint32_t)(q % ys5[4])};
            /* per axis the taps inside the input, [k0[d], k1[d]) */
            uint32_t k0[3], k1[3];
            int64_t base[3];
            for (uint32_t d = 0; d < 3; d++) {
                base[d] = (int64_t)o[d] * p->stride[d] - p->pad[d];
                pydml_window_taps(o[d], p->stride[d], p->pad[d], p->dil[d], p->win[d], xs5[2 + d], &k0[d], &k1[d]);
            }
            int64_t sum = 0, count = 0;
            for (uint32_t a = k0[0]; a < k1[0]; a++) {
                const int64_t i0 = base[0] + (int64_t)a * p->dil[0];
                for (uint32_t b = k0[1]; b < k1[1]; b++) {
                    const int64_t i1 = base[1] + (int64_t)b * p->dil[1];
                    for (uint32_t e = k0[2]; e < k1[2]; e++) {
                        const int64_t i2 = base[2] + (int64_t)e * p->dil[2];
                        sum += (int64_t)ld(X->data_type, X->data, xb + i0 * xst[2] + i1 * xst[3] + i2 * xst[4]) -
                               (int64_t)izp;
                        count++;
                    }
                }
            }
            const double divisor = p->include_padding ? window : (double)count;
            /* dequantized average, then quantized: (sum * InputScale / count) / OutputScale */
            const double avg = (double)sum * is / divisor;
            const double v = pydml_round_half_even(avg / os) + ozp;
            st_int(Y->data_type, Y->data,
                   yb + (int64_t)o[0] * yst[2] + (int64_t)o[1] * yst[3] + (int64_t)o[2] * yst[4], clamp_int(v, lo, hi));
        }
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
    const qz_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != p->n_in || output_count != p->n_out)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    for (uint32_t i = 0; i < p->n_in; i++)
        if ((s = check_view(inputs[i], &p->t[i]))) return s;
    for (uint32_t i = 0; i < p->n_out; i++)
        if ((s = check_view(outputs[i], &p->t[p->n_in + i]))) return s;
    switch (p->op) {
    case DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR:
        return dynamic_execute(inputs[0], outputs[0], outputs[1], outputs[2]);
    case DML_OPERATOR_QUANTIZE:
    case DML_OPERATOR_DEQUANTIZE:
        return quantize_execute(p, inputs, outputs[0]);
    default:
        return qlap_execute(p, inputs, outputs[0]);
    }
}

const pydml_kernel_family pydml_family_quantize = {"quantize", create, destroy, execute, 0, NULL, NULL, NULL};
