/* The integer_products kernel family (families.h): the integer and quantized matrix products.
 *
 * Pages (MicrosoftDocs/sdk-api ns-directml-dml_<name>_operator_desc.md; windows-ai-docs
 * docs/directml/api/ for MATRIX_MULTIPLY_INTEGER_TO_FLOAT); rules_integer_products.c checks the
 * descs (shapes, zero-point/scale sizes, convolution geometry):
 *
 *   MATRIX_MULTIPLY_INTEGER:  Out[m,n] = sum_k (A[m,k] - AZp[m]) * (B[k,n] - BZp[n])     (INT32)
 *   MATRIX_MULTIPLY_INTEGER_TO_FLOAT (FL6_2): dequantize A and B ((x - zp) * scale), multiply,
 *        add the optional Bias:  Out[m,n] = S[m,n] * AScale[m] * BScale[n] + Bias[m,n]
 *   QUANTIZED_LINEAR_MATRIX_MULTIPLY: dequantize, multiply, quantize:
 *        Out[m,n] = clamp(round(S[m,n] * AScale[m] * BScale[n] / OutScale[m]) + OutZp[m], Min, Max)
 *   CONVOLUTION_INTEGER: forward cross-correlation (ONNX ConvInteger, which it implements) of
 *        (Input - InputZp) with (Filter - FilterZp[oc]) accumulated into INT32.
 *   QUANTIZED_LINEAR_CONVOLUTION: dequantize, convolve, add Bias (INT32, in units of
 *        InputScale * FilterScale[oc], as ONNX QLinearConv), quantize:
 *        Out = clamp(round((S + Bias[oc]) * InputScale * FilterScale[oc] / OutScale) + OutZp, Min, Max)
 *
 * with S the exact integer sum of (a - a_zp) * (b - b_zp) products, zero points per tensor or per
 * row (A) / column (B) / output channel (filter), read through their own strides.
 *
 * Decisions where the pages are silent:
 *  - INT32 overflow (MATRIX_MULTIPLY_INTEGER, CONVOLUTION_INTEGER): the sum wraps modulo 2^32 (two's
 *    complement), as the GPU's 32-bit integer adds do; computed in uint32_t, so no C undefined
 *    behaviour. An 8-bit product sum overflows only past K = 33025 terms.
 *  - Float results (TO_FLOAT, the quantized forms) use the exact integer S (int32 while it cannot
 *    overflow: 8-bit operands and K <= 32768; otherwise an exact 128-bit sum), then double:
 *    ((S * AScale) * BScale) [/ OutScale | + Bias], rounded once to the output type (FLOAT16
 *    through round-to-odd float, so no double rounding). Scales per row/column factor out of the
 *    sum exactly in real arithmetic, so this is the page's "dequantize, multiply" with one
 *    rounding. The order above is part of the definition (tests use the same order).
 *  - round is round half to even (ONNX QLinearMatMul / QLinearConv, which these implement, and
 *    HLSL round); clamp is min(Max, max(Min, v)) so NaN (0/0 from a zero scale, undefined on the
 *    pages) gives Min, +-inf saturate.
 *  - Convolution padding contributes 0 to the sum: a padded input position reads the input zero
 *    point (ONNX ConvInteger/QLinearConv pad with the zero point, i.e. the real value 0). The
 *    geometry is CONVOLUTION's FORWARD cross-correlation (the integer pages give no formula; ONNX's
 *    ConvInteger/QLinearConv do not flip the kernel). A QUANTIZED_LINEAR_CONVOLUTION with more than
 *    32768 taps per output (FilterTensor.Sizes[1] x kernel) is UNSUPPORTED (its 8-bit sum could
 *    leave int32 before requantization); CONVOLUTION_INTEGER wraps as above.
 *  - MATRIX_MULTIPLY_INTEGER_TO_FLOAT's 16/32-bit operands: (a - za) is exact in int64, the
 *    products are summed in 128 bits (exact), the sum rounded once to double.
 *
 * Speed: the products run on the GEMM engine's integer path (native/engines/gemm_int8.h:
 * pydml_gemm_i8, packing and per-ISA microkernels, threaded, exact integer sums); this file keeps
 * the plans, the views, the convolutions' im2col and the emitters that turn each finished tile of
 * sums into the operator's output type. All of an execution's scratch (the arrays, im2col, the
 * engine's packing) is a part of the caller's workspace (DirectML's temporary resource, sized by
 * temporary_bytes): the plan is read-only, so executions of one operator may run at once. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "convert.h"
#include "families.h"
#include "gemm_engine.h"
#include "rules.h"

#define IP_MAX_TENSORS 12
#define IP_EXACT_K 32768 /* 8-bit sums of at most this many products fit int32 (255 * 255 * K < 2^31) */

/* ================================ element access ========================================== */

static inline int64_t ld_int(uint32_t t, const void* p, int64_t i) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: return ((const int8_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT8: return ((const uint8_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_INT16: return ((const int16_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT16: return ((const uint16_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_INT32: return ((const int32_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT32: return ((const uint32_t*)p)[i];
    default: return 0;
    }
}

static inline double ld_flt(uint32_t t, const void* p, int64_t i) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return pydml_f16_to_f32(((const uint16_t*)p)[i]);
    return ((const float*)p)[i];
}

/* min(Max, max(Min, v)) of an 8-bit type: NaN -> Min */
static inline int32_t saturate8(double v, int is_signed) {
    const double lo = is_signed ? -128.0 : 0.0, hi = is_signed ? 127.0 : 255.0;
    double t = v > lo ? v : lo;
    t = t < hi ? t : hi;
    return (int32_t)t;
}

static inline void st_float(uint32_t t, void* p, int64_t i, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16)
        ((uint16_t*)p)[i] = pydml_f32_to_f16(pydml_f64_to_f32_odd(v));
    else
        ((float*)p)[i] = (float)v;
}

/* ================================ plans ==================================================== */

typedef struct ip_tdesc {
    int present;
    uint32_t type, rank, sizes[8];
} ip_tdesc;

typedef struct ip_plan {
    uint32_t op;
    uint32_t n_in, n_out;
    ip_tdesc t[IP_MAX_TENSORS]; /* inputs then outputs, C field order */
    /* matrix products: sizes padded to 4-D */
    uint32_t M, N, K, batch0, batch1;
    /* convolutions */
    pydml_convolution_params cp;
} ip_plan;


static int is_convolution(uint32_t type) {
    return type == DML_OPERATOR_CONVOLUTION_INTEGER || type == DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION;
}

/* rules_integer_products.c: CONVOLUTION's geometry checks on the shared fields */
pydml_status pydml_integer_convolution_params(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                              pydml_convolution_params* p);

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)flags;
    *plan = NULL;
    ip_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->op = info->type;
    ip_tdesc outs[IP_MAX_TENSORS];
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        if (f->kind != PYDML_FIELD_TENSOR) continue;
        const DML_BUFFER_TENSOR_DESC* b = pydml_tensor_field(info, desc, f->name);
        ip_tdesc d;
        memset(&d, 0, sizeof d);
        if (b) {
            d.present = 1;
            d.type = b->DataType;
            d.rank = b->DimensionCount;
            memcpy(d.sizes, b->Sizes, d.rank * sizeof(uint32_t));
        }
        if (f->role == PYDML_ROLE_OUTPUT) outs[p->n_out++] = d;
        else p->t[p->n_in++] = d;
    }
    memcpy(p->t + p->n_in, outs, p->n_out * sizeof(ip_tdesc));
    const ip_tdesc* a = &p->t[0];
    const ip_tdesc* o = &p->t[p->n_in];
    uint32_t a4[4], o4[4];
    for (uint32_t d = 0; d < 4; d++) {
        a4[d] = d < 4 - a->rank ? 1u : a->sizes[d - (4 - a->rank)];
        o4[d] = d < 4 - o->rank ? 1u : o->sizes[d - (4 - o->rank)];
    }
    p->batch0 = o4[0];
    p->batch1 = o4[1];
    p->M = o4[2];
    p->N = o4[3];
    p->K = a4[3];
    if (is_convolution(info->type)) {
        pydml_diagnostic diag;
        pydml_check c;
        memset(&c, 0, sizeof c);
        c.diagnostic = &diag;
        c.desc = info->desc_name;
        if (pydml_integer_convolution_params(&c, info, desc, &p->cp)) {
            free(p);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        /* the requantized form needs the exact sum: 8-bit sums of more than IP_EXACT_K taps could
         * leave int32 (CONVOLUTION_INTEGER wraps, as documented) */
        const pydml_convolution_params* cp = &p->cp;
        uint64_t taps = cp->filter_sizes[1];
        for (uint32_t i = 0; i < cp->spatial_dims; i++) taps *= cp->filter_sizes[2 + i];
        if (info->type == DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION && taps > IP_EXACT_K) {
            free(p);
            return PYDML_STATUS_UNSUPPORTED_PARAMETER;
        }
        uint64_t np = 1;
        for (uint32_t i = 0; i < cp->spatial_dims; i++) np *= cp->output_sizes[2 + i];
        if (taps > UINT32_MAX || np > UINT32_MAX) {
            free(p);
            return pydml_family_unsupported("%s: more than 2^32 - 1 taps or output positions per image",
                                            info->desc_name);
        }
    }
    *plan = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

/* The workspace (DirectML's temporary resource) of one execution, from the plan: the arrays execute
 * fills once (zero points, scales, bias; the convolutions' packed filters and im2col matrix), then
 * the engine's packing (pydml_gemm_i8_scratch_bytes), reused by the per-batch / per-group products
 * one after another. Each part starts on a cache line. */
typedef struct ip_layout {
    uint64_t za, zb, ozp, buf;      /* matrix products: za (M), zb (N), ozp (M), scales (2M + N) */
    uint64_t amat, bmat, bias, fs;  /* convolutions: filters (OC x K), im2col (K x NP), za/bias/fs (OC) */
    uint64_t engine, engine_bytes;  /* the engine's scratch (0 bytes: no 8-bit product) */
    uint64_t total;
} ip_layout;

static void conv_dims(const ip_plan* p, uint64_t* K, uint64_t* NP) {
    const pydml_convolution_params* cp = &p->cp;
    uint64_t k = cp->filter_sizes[1], np = 1;
    for (uint32_t i = 0; i < cp->spatial_dims; i++) {
        k *= cp->filter_sizes[2 + i];
        np *= cp->output_sizes[2 + i];
    }
    *K = k;
    *NP = np;
}

/* the 8-bit engine runs unless the operands are wide, or a float result needs more than IP_EXACT_K
 * terms (execute's `exact`) */
static int uses_engine(const ip_plan* p) {
    const int bytes8 = pydml_data_type_bits(p->t[0].type) == 8;
    return bytes8 && !(p->op != DML_OPERATOR_MATRIX_MULTIPLY_INTEGER && p->K > IP_EXACT_K);
}

static void layout(const ip_plan* p, uint32_t threads, ip_layout* z) {
    memset(z, 0, sizeof *z);
    uint64_t at = 0;
#define IP_PART(field, bytes) (z->field = at, at += pydml_workspace_round(bytes))
    if (is_convolution(p->op)) {
        const uint64_t OC = p->cp.filter_sizes[0], G = p->cp.group_count;
        uint64_t K, NP;
        conv_dims(p, &K, &NP);
        IP_PART(amat, OC * K);
        IP_PART(bmat, K * NP);
        IP_PART(za, sizeof(int64_t) * OC);
        IP_PART(bias, sizeof(int64_t) * OC);
        IP_PART(fs, sizeof(double) * OC);
        z->engine_bytes = pydml_gemm_i8_scratch_bytes((uint32_t)(OC / G), (uint32_t)NP, (uint32_t)K, (int)threads);
    } else {
        IP_PART(za, sizeof(int64_t) * p->M);
        IP_PART(zb, sizeof(int64_t) * p->N);
        IP_PART(ozp, sizeof(int64_t) * p->M);
        IP_PART(buf, sizeof(double) * (2u * (uint64_t)p->M + p->N));
        if (uses_engine(p)) z->engine_bytes = pydml_gemm_i8_scratch_bytes(p->M, p->N, p->K, (int)threads);
    }
    IP_PART(engine, z->engine_bytes);
#undef IP_PART
    z->total = at;
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    ip_layout z;
    layout(plan, threads, &z);
    return z.total;
}

static pydml_status check_view(const pydml_tensor* v, const ip_tdesc* d) {
    if (!d->present) return v == NULL ? PYDML_STATUS_SUCCESS : PYDML_STATUS_INVALID_PARAMETER;
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != d->type || v->dim_count != d->rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t i = 0; i < d->rank; i++)
        if (v->sizes[i] != d->sizes[i]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* strides padded on the left to 4-D with 0 */
static void strides4(int64_t* dst, const pydml_tensor* v) {
    for (uint32_t d = 0; d < 4; d++) dst[d] = d < 4 - v->dim_count ? 0 : (int64_t)v->strides[d - (4 - v->dim_count)];
}

/* The dimension of a per-row / per-column / per-channel vector tensor that holds its count (the
 * pages' {1,1,M,1}, {1,1,1,N}, {1,C,1,1} with optional leading/trailing 1s; rules_integer_products.c
 * checks the others are 1). */
enum { VEC_ROW = 0, VEC_COL = 1, VEC_CHANNEL = 2 };
static uint32_t vec_dim(uint32_t rank, int kind) {
    if (kind == VEC_COL) return rank - 1;
    if (kind == VEC_ROW) return rank >= 2 ? rank - 2 : 0;
    return rank >= 2 ? 1 : 0;
}

/* n values of an integer vector tensor (absent: 0; one element: broadcast) */
static void vec_int(const pydml_tensor* v, int kind, uint32_t n, int64_t* dst) {
    if (v == NULL) {
        memset(dst, 0, n * sizeof *dst);
        return;
    }
    const uint32_t d = vec_dim(v->dim_count, kind);
    const int64_t step = v->sizes[d] == 1 ? 0 : (int64_t)v->strides[d];
    for (uint32_t i = 0; i < n; i++) dst[i] = ld_int(v->data_type, v->data, (int64_t)i * step);
}

static void vec_flt(const pydml_tensor* v, int kind, uint32_t n, double* dst) {
    const uint32_t d = vec_dim(v->dim_count, kind);
    const int64_t step = v->sizes[d] == 1 ? 0 : (int64_t)v->strides[d];
    for (uint32_t i = 0; i < n; i++) dst[i] = ld_flt(v->data_type, v->data, (int64_t)i * step);
}

/* ---- emitters ---- */

typedef struct mm_ctx {
    void* out;
    uint32_t otype;
    int64_t om, on;               /* output element strides of m and n */
    const double *as, *bs, *os;   /* scales: per row (M), per column (N), output per row (M) */
    const int64_t* ozp;           /* output zero point per row (M) */
    const void* bias;             /* TO_FLOAT: Bias at bias[m * bm + n * bn], NULL when absent */
    uint32_t btype;
    int64_t bm, bn;
} mm_ctx;

/* TO_FLOAT: ((S * AScale[m]) * BScale[n]) + Bias[m, n], rounded once */
static inline void finish_float(const mm_ctx* x, uint32_t m, uint32_t n, double s) {
    double v = s * x->as[m] * x->bs[n];
    if (x->bias) v += ld_flt(x->btype, x->bias, (int64_t)m * x->bm + (int64_t)n * x->bn);
    st_float(x->otype, x->out, (int64_t)m * x->om + (int64_t)n * x->on, v);
}

/* QUANTIZED_LINEAR_MATRIX_MULTIPLY: clamp(round(S * AScale[m] * BScale[n] / OutScale[m]) + OutZp[m]) */
static inline void finish_quant(const mm_ctx* x, uint32_t m, uint32_t n, double s) {
    const double v = s * x->as[m] * x->bs[n] / x->os[m];
    const int sgn = x->otype == DML_TENSOR_DATA_TYPE_INT8;
    const int32_t q = saturate8(pydml_round_half_even(v) + (double)x->ozp[m], sgn);
    const int64_t i = (int64_t)m * x->om + (int64_t)n * x->on;
    if (sgn) ((int8_t*)x->out)[i] = (int8_t)q;
    else ((uint8_t*)x->out)[i] = (uint8_t)q;
}

static void emit_float(const void* ctx_, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                       uint32_t lds) {
    for (uint32_t t = 0; t < mr; t++)
        for (uint32_t j = 0; j < nr; j++) finish_float(ctx_, m0 + t, n0 + j, (double)s[t * lds + j]);
}

static void emit_quant(const void* ctx_, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                       uint32_t lds) {
    for (uint32_t t = 0; t < mr; t++)
        for (uint32_t j = 0; j < nr; j++) finish_quant(ctx_, m0 + t, n0 + j, (double)s[t * lds + j]);
}

/* Exact sums of wide operands (16/32-bit, or 8-bit past IP_EXACT_K): 128-bit accumulation, one
 * rounding to double (exact below 2^53). */
static void exact_products(const pydml_tensor* A, const int64_t* sa, const pydml_tensor* B, const int64_t* sb,
                           int64_t aoff, int64_t boff, uint32_t M, uint32_t N, uint32_t K, const int64_t* za,
                           const int64_t* zb, const mm_ctx* x, int quant) {
    /* this file's own loops (im2col, the wide exact sums) take the engine's team rule; each writes
     * disjoint outputs, so the count changes no result */
    const int nth = pydml_gemm_i8_threads(0, (double)M * N * K * 8.0);
    (void)nth;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(dynamic, 1)
#endif
    for (int64_t m = 0; m < (int64_t)M; m++) {
        for (uint32_t n = 0; n < N; n++) {
            __int128 acc = 0;
            for (uint32_t k = 0; k < K; k++) {
                const int64_t av = ld_int(A->data_type, A->data, aoff + m * sa[2] + (int64_t)k * sa[3]) - za[m];
                const int64_t bv = ld_int(B->data_type, B->data, boff + (int64_t)k * sb[2] + (int64_t)n * sb[3]) - zb[n];
                acc += (__int128)av * bv;
            }
            if (quant) finish_quant(x, (uint32_t)m, n, (double)acc);
            else finish_float(x, (uint32_t)m, n, (double)acc);
        }
    }
}

/* ================================ convolutions ============================================= */

typedef struct cv_ctx {
    uint8_t* out;            /* output element (n, first channel of the group, 0, 0) */
    uint32_t otype, ow;      /* data type, output width (columns are oh * OW + ow) */
    int64_t sc, sh, sw;      /* output element strides of channel, height, width */
    int quant;
    const int64_t* bias;     /* per channel of the group (quantized), NULL: none */
    const int64_t* ozp;      /* output zero point (one value) */
    const double *is, *fs, *os; /* input scale (one), filter scale per channel of the group, output scale (one) */
} cv_ctx;

/* CONVOLUTION_INTEGER stores S; QUANTIZED_LINEAR_CONVOLUTION stores
 * clamp(round(((S + Bias[oc]) * InputScale) * FilterScale[oc] / OutputScale) + OutputZp, Min, Max). */
static void emit_conv(const void* ctx_, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                      uint32_t lds) {
    const cv_ctx* x = ctx_;
    for (uint32_t t = 0; t < mr; t++) {
        const uint32_t m = m0 + t;
        uint32_t oh = n0 / x->ow, ow = n0 % x->ow;
        for (uint32_t j = 0; j < nr; j++) {
            const int64_t i = (int64_t)m * x->sc + (int64_t)oh * x->sh + (int64_t)ow * x->sw;
            if (!x->quant) {
                ((int32_t*)x->out)[i] = s[t * lds + j];
            } else {
                const double acc = (double)((int64_t)s[t * lds + j] + (x->bias ? x->bias[m] : 0));
                const double v = acc * x->is[0] * x->fs[m] / x->os[0];
                const int sgn = x->otype == DML_TENSOR_DATA_TYPE_INT8;
                const int32_t q = saturate8(pydml_round_half_even(v) + (double)x->ozp[0], sgn);
                if (sgn) ((int8_t*)x->out)[i] = (int8_t)q;
                else x->out[i] = (uint8_t)q;
            }
            if (++ow == x->ow) { ow = 0; oh++; }
        }
    }
}

/* Forward cross-correlation as GEMMs: per image and group, A = the group's filters (OCg x K, K =
 * ICg * KH * KW, packed contiguous), B = im2col of the input (K x OH*OW, padding = the input zero
 * point, so a padded tap adds (zp - zp) * w = 0), both bytes of their own types. */
static pydml_status conv_execute(const ip_plan* p, const pydml_tensor* const* inputs, const pydml_tensor* O,
                                 const pydml_workspace* ws, const ip_layout* z) {
    const pydml_convolution_params* cp = &p->cp;
    const int quant = p->op == DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION;
    const pydml_tensor *X, *XZ, *W, *WZ, *XS = NULL, *WS = NULL, *BIAS = NULL, *OS = NULL, *OZ = NULL;
    if (!quant) {
        X = inputs[0]; XZ = inputs[1]; W = inputs[2]; WZ = inputs[3];
    } else {
        X = inputs[0]; XS = inputs[1]; XZ = inputs[2]; W = inputs[3]; WS = inputs[4]; WZ = inputs[5];
        BIAS = inputs[6]; OS = inputs[7]; OZ = inputs[8];
    }
    const uint32_t rank = X->dim_count, sp = cp->spatial_dims; /* 1 or 2 spatial axes */
    const uint32_t NB = cp->input_sizes[0], IC = cp->input_sizes[1], OC = cp->filter_sizes[0], G = cp->group_count;
    const uint32_t ICg = IC / G, OCg = OC / G;
    const uint32_t IH = sp == 2 ? cp->input_sizes[2] : 1, IW = cp->input_sizes[rank - 1];
    const uint32_t KH = sp == 2 ? cp->filter_sizes[2] : 1, KW = cp->filter_sizes[rank - 1];
    const uint32_t OH = sp == 2 ? cp->output_sizes[2] : 1, OW = cp->output_sizes[rank - 1];
    const uint32_t sh = sp == 2 ? cp->strides[0] : 1, sw = cp->strides[sp - 1];
    const uint32_t dh = sp == 2 ? cp->dilations[0] : 1, dw = cp->dilations[sp - 1];
    const int64_t ph = sp == 2 ? cp->start_padding[0] : 0, pw = cp->start_padding[sp - 1];
    const uint64_t K = (uint64_t)ICg * KH * KW, NP = (uint64_t)OH * OW;
    const int64_t xs0 = (int64_t)X->strides[0], xs1 = (int64_t)X->strides[1];
    const int64_t xsh = sp == 2 ? (int64_t)X->strides[2] : 0, xsw = (int64_t)X->strides[rank - 1];
    const int64_t ws0 = (int64_t)W->strides[0], ws1 = (int64_t)W->strides[1];
    const int64_t wsh = sp == 2 ? (int64_t)W->strides[2] : 0, wsw = (int64_t)W->strides[rank - 1];
    const int64_t os0 = (int64_t)O->strides[0], os1 = (int64_t)O->strides[1];
    const int64_t osh = sp == 2 ? (int64_t)O->strides[2] : 0, osw = (int64_t)O->strides[rank - 1];
    if (K > UINT32_MAX || NP > UINT32_MAX) return PYDML_STATUS_UNSUPPORTED_PARAMETER;

    /* the caller's workspace, sized by temporary_bytes (the C API refused a smaller one) */
    uint8_t* amat = pydml_workspace_part(ws, z->amat, (uint64_t)OC * K);
    uint8_t* bmat = pydml_workspace_part(ws, z->bmat, K * NP);
    int64_t* za = pydml_workspace_part(ws, z->za, sizeof(int64_t) * OC);
    int64_t* bias = pydml_workspace_part(ws, z->bias, sizeof(int64_t) * OC);
    double* fs = pydml_workspace_part(ws, z->fs, sizeof(double) * OC);
    void* engine = pydml_workspace_part(ws, z->engine, z->engine_bytes);
    if (!amat || !bmat || !za || !bias || !fs || !engine) return PYDML_STATUS_INVALID_PARAMETER;
    int64_t xz, ozp;
    vec_int(XZ, VEC_CHANNEL, 1, &xz);
    vec_int(OZ, VEC_CHANNEL, 1, &ozp);
    vec_int(WZ, VEC_CHANNEL, OC, za);
    vec_int(BIAS, VEC_CHANNEL, OC, bias);
    double is = 1.0, osc = 1.0;
    if (quant) {
        vec_flt(XS, VEC_CHANNEL, 1, &is);
        vec_flt(OS, VEC_CHANNEL, 1, &osc);
        vec_flt(WS, VEC_CHANNEL, OC, fs);
    }
    const uint8_t pad = (uint8_t)xz; /* the zero point's byte in the input's type */
    /* the filters, rows (oc) of k = (ic, kh, kw) */
    const uint8_t* wp = W->data;
    for (uint32_t oc = 0; oc < OC; oc++)
        for (uint32_t ic = 0; ic < ICg; ic++)
            for (uint32_t kh = 0; kh < KH; kh++)
                for (uint32_t kw = 0; kw < KW; kw++)
                    amat[(size_t)oc * K + ((size_t)ic * KH + kh) * KW + kw] =
                        wp[oc * ws0 + ic * ws1 + kh * wsh + kw * wsw];
    const int nth = pydml_gemm_i8_threads(0, (double)K * NP * 64);
    (void)nth; /* used only by the OpenMP pragmas */
    pydml_status s = PYDML_STATUS_SUCCESS;
    const size_t oes = pydml_data_type_bits(O->data_type) / 8;
    for (uint32_t n = 0; n < NB && !s; n++) {
        for (uint32_t g = 0; g < G && !s; g++) {
            const uint8_t* xp = (const uint8_t*)X->data + n * xs0 + (int64_t)g * ICg * xs1;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(dynamic, 8)
#endif
            for (int64_t k = 0; k < (int64_t)K; k++) {
                const uint32_t ic = (uint32_t)(k / ((int64_t)KH * KW)), kh = (uint32_t)(k / KW % KH), kw = (uint32_t)(k % KW);
                uint8_t* row = bmat + k * (int64_t)NP;
                const uint8_t* xc = xp + ic * xs1;
                /* output columns whose tap lies inside the row: lo <= ow < hi */
                const int64_t off = (int64_t)kw * dw - pw;
                int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
                int64_t hi = (int64_t)IW - 1 - off < 0 ? 0 : ((int64_t)IW - 1 - off) / sw + 1;
                if (hi > (int64_t)OW) hi = OW;
                if (lo > hi) lo = hi;
                for (uint32_t oh = 0; oh < OH; oh++) {
                    uint8_t* r = row + (size_t)oh * OW;
                    const int64_t ih = (int64_t)oh * sh - ph + (int64_t)kh * dh;
                    if (ih < 0 || ih >= (int64_t)IH) {
                        memset(r, pad, OW);
                        continue;
                    }
                    const uint8_t* xr = xc + ih * xsh;
                    memset(r, pad, (size_t)lo);
                    /* unit stride and step (most convolutions): one memcpy per row. The byte loop
                     * took 2.5x the time in one build as in another with the same instructions
                     * (perf, 64 x 56 x 56, 3 x 3: a memory-placement effect); memcpy moves vectors */
                    if (sw == 1 && xsw == 1) {
                        if (hi > lo) memcpy(r + lo, xr + lo + off, (size_t)(hi - lo));
                    } else
                        for (int64_t ow = lo; ow < hi; ow++) r[ow] = xr[(ow * sw + off) * xsw];
                    memset(r + hi, pad, (size_t)(OW - hi));
                }
            }
            cv_ctx x;
            x.out = (uint8_t*)O->data + (n * os0 + (int64_t)g * OCg * os1) * (int64_t)oes;
            x.otype = O->data_type;
            x.ow = OW;
            x.sc = os1;
            x.sh = osh;
            x.sw = osw;
            x.quant = quant;
            x.bias = BIAS ? bias + (size_t)g * OCg : NULL;
            x.ozp = &ozp;
            x.is = &is;
            x.fs = fs + (size_t)g * OCg;
            x.os = &osc;
            pydml_gemm_i8_args gm;
            memset(&gm, 0, sizeof gm);
            gm.M = OCg; gm.N = (uint32_t)NP; gm.K = (uint32_t)K;
            gm.a = amat + (size_t)g * OCg * K;
            gm.a_signed = W->data_type == DML_TENSOR_DATA_TYPE_INT8;
            gm.a_rs = (int64_t)K;
            gm.a_cs = 1;
            gm.b = bmat;
            gm.b_signed = X->data_type == DML_TENSOR_DATA_TYPE_INT8;
            gm.b_rs = (int64_t)NP;
            gm.b_cs = 1;
            gm.za = za + (size_t)g * OCg;
            gm.za_step = 1;
            gm.zb = &xz; /* the input's one zero point, for every column */
            gm.zb_step = 0;
            gm.emit = emit_conv;
            gm.ctx = &x;
            gm.scratch = engine;
            gm.scratch_bytes = z->engine_bytes;
            s = pydml_gemm_i8(&gm);
        }
    }
    return s;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const ip_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != p->n_in || output_count != p->n_out)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    for (uint32_t i = 0; i < p->n_in; i++)
        if ((s = check_view(inputs[i], &p->t[i]))) return s;
    for (uint32_t i = 0; i < p->n_out; i++)
        if ((s = check_view(outputs[i], &p->t[p->n_in + i]))) return s;
    ip_layout z;
    layout(p, 1, &z); /* the parts' offsets do not depend on the thread count */
    if (is_convolution(p->op)) return conv_execute(p, inputs, outputs[0], ws, &z);

    /* field order per operator */
    const pydml_tensor *A, *B, *AZ, *BZ, *AS = NULL, *BS = NULL, *OS = NULL, *OZ = NULL, *BIAS = NULL;
    const pydml_tensor* O = outputs[0];
    int mode; /* 0 int32, 1 float, 2 quantized */
    if (p->op == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER) {
        A = inputs[0]; AZ = inputs[1]; B = inputs[2]; BZ = inputs[3];
        mode = 0;
    } else if (p->op == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT) {
        A = inputs[0]; AS = inputs[1]; AZ = inputs[2]; B = inputs[3]; BS = inputs[4]; BZ = inputs[5];
        BIAS = inputs[6];
        mode = 1;
    } else {
        A = inputs[0]; AS = inputs[1]; AZ = inputs[2]; B = inputs[3]; BS = inputs[4]; BZ = inputs[5];
        OS = inputs[6]; OZ = inputs[7];
        mode = 2;
    }
    const uint32_t M = p->M, N = p->N, K = p->K;
    int64_t* za = pydml_workspace_part(ws, z.za, sizeof(int64_t) * M);
    int64_t* zb = pydml_workspace_part(ws, z.zb, sizeof(int64_t) * N);
    int64_t* ozp = pydml_workspace_part(ws, z.ozp, sizeof(int64_t) * M);
    double* buf = pydml_workspace_part(ws, z.buf, sizeof(double) * (2u * (uint64_t)M + N));
    void* engine = z.engine_bytes ? pydml_workspace_part(ws, z.engine, z.engine_bytes) : NULL;
    if (!za || !zb || !ozp || !buf || (z.engine_bytes && !engine)) return PYDML_STATUS_INVALID_PARAMETER;
    vec_int(AZ, VEC_ROW, M, za);
    vec_int(BZ, VEC_COL, N, zb);
    vec_int(OZ, VEC_ROW, M, ozp);
    mm_ctx x;
    memset(&x, 0, sizeof x);
    x.as = buf;
    x.os = buf + M;
    x.bs = buf + 2 * (size_t)M;
    if (AS) vec_flt(AS, VEC_ROW, M, buf);
    if (OS) vec_flt(OS, VEC_ROW, M, buf + M);
    if (BS) vec_flt(BS, VEC_COL, N, buf + 2 * (size_t)M);
    x.ozp = ozp;
    x.otype = O->data_type;
    int64_t sa[4], sb[4], so[4], sc[4];
    strides4(sa, A);
    strides4(sb, B);
    strides4(so, O);
    if (BIAS) {
        strides4(sc, BIAS);
        x.btype = BIAS->data_type;
        x.bm = sc[2];
        x.bn = sc[3];
    }
    x.om = so[2];
    x.on = so[3];
    const int exact = !uses_engine(p); /* A's type is the plan's (check_view) */
    s = PYDML_STATUS_SUCCESS;
    for (uint32_t b0 = 0; b0 < p->batch0 && !s; b0++) {
        for (uint32_t b1 = 0; b1 < p->batch1 && !s; b1++) {
            const int64_t aoff = (int64_t)b0 * sa[0] + (int64_t)b1 * sa[1];
            const int64_t boff = (int64_t)b0 * sb[0] + (int64_t)b1 * sb[1];
            const int64_t ooff = (int64_t)b0 * so[0] + (int64_t)b1 * so[1];
            const size_t oes = pydml_data_type_bits(O->data_type) / 8;
            x.out = (uint8_t*)O->data + ooff * (int64_t)oes;
            if (BIAS)
                x.bias = (const uint8_t*)BIAS->data +
                         ((int64_t)b0 * sc[0] + (int64_t)b1 * sc[1]) * (int64_t)(pydml_data_type_bits(BIAS->data_type) / 8);
            if (exact) {
                exact_products(A, sa, B, sb, aoff, boff, M, N, K, za, zb, &x, mode == 2);
                continue;
            }
            pydml_gemm_i8_args g;
            memset(&g, 0, sizeof g);
            g.M = M; g.N = N; g.K = K;
            g.a = (const uint8_t*)A->data + aoff;
            g.a_signed = A->data_type == DML_TENSOR_DATA_TYPE_INT8;
            g.a_rs = sa[2];
            g.a_cs = sa[3];
            g.b = (const uint8_t*)B->data + boff;
            g.b_signed = B->data_type == DML_TENSOR_DATA_TYPE_INT8;
            g.b_rs = sb[2];
            g.b_cs = sb[3];
            g.za = za;
            g.za_step = 1;
            g.zb = zb;
            g.zb_step = 1;
            if (mode == 0) { /* INT32: the sums themselves, straight into the output */
                g.c = x.out;
                g.c_rs = x.om;
                g.c_cs = x.on;
            } else {
                g.emit = mode == 1 ? emit_float : emit_quant;
                g.ctx = &x;
            }
            g.scratch = engine;
            g.scratch_bytes = z.engine_bytes;
            s = pydml_gemm_i8(&g);
        }
    }
    return s;
}

const pydml_kernel_family pydml_family_integer_products = {"integer_products", create, destroy, execute, 0,
                                                            temporary_bytes, NULL, NULL};
