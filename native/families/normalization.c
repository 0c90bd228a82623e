/* The normalization kernel family (families.h): BATCH_NORMALIZATION, MEAN_VARIANCE_NORMALIZATION,
 * MEAN_VARIANCE_NORMALIZATION1, MEAN_VARIANCE_NORMALIZATION2, LOCAL_RESPONSE_NORMALIZATION and
 * LP_NORMALIZATION (pages: MicrosoftDocs/sdk-api ns-directml-dml_<name>_operator_desc.md;
 * MEAN_VARIANCE_NORMALIZATION2: windows-ai-docs docs/directml/api/; rules_normalization.c checks
 * the descs).
 *
 * Formulas (the pages):
 *   BATCH_NORMALIZATION:  Output = FusedActivation(Scale * ((Input - Mean) / sqrt(Variance + Epsilon))
 *                         + Bias), Mean/Variance/Scale/Bias broadcast (size-1 dimensions) to Input.
 *                         Spatial has no effect on the arithmetic (the page: a no-op from FL4_0; below
 *                         it only restricts which dimensions may broadcast, a rule).
 *   MEAN_VARIANCE_NORMALIZATION(1):  the same with Mean and Variance computed over the reduced axes
 *                         ({1,2,3} with CrossChannel, else {2,3}; MVN1: Axes), Variance the population
 *                         variance mean((x - Mean)^2); NormalizeVariance FALSE drops the division.
 *                         A null ScaleTensor is 1, a null BiasTensor 0 (the pages say "optional").
 *   MEAN_VARIANCE_NORMALIZATION2:    the page is "TBD". UseMean FALSE: Mean is taken as 0 in both
 *                         the subtraction and the variance, so UseMean FALSE + UseVariance TRUE is
 *                         RMS normalization x / sqrt(mean(x^2) + Epsilon) (how onnxruntime's DirectML
 *                         SimplifiedLayerNormalization uses it); UseVariance FALSE drops the division.
 *   LOCAL_RESPONSE_NORMALIZATION:    Output = Input / (Bias + (Alpha / LocalSize) * sum(Input^2 over
 *                         the local region))^Beta. The page does not say where the window sits for
 *                         an even LocalSize: ONNX LRN's window (which DirectML implements for
 *                         onnxruntime) is used, [i - floor((LocalSize - 1) / 2), i + ceil((LocalSize
 *                         - 1) / 2)] clipped to the tensor, and the divisor stays LocalSize (zero
 *                         padding, as ONNX and torch). CrossChannel TRUE: the window runs over
 *                         channels only (the LRN_GRAD page: "FALSE ... across the spatial
 *                         dimensions"); FALSE: a LocalSize x LocalSize window over Height and Width
 *                         of the same channel, still divided by LocalSize as the page's formula
 *                         writes it.
 *   LP_NORMALIZATION:     the page gives no formula: Output = Input / max(||Input||_P, Epsilon) along
 *                         Axis, ||x||_1 = sum |x|, ||x||_2 = sqrt(sum x^2) (torch.nn.functional.
 *                         normalize's definition; the page says only that Epsilon avoids division
 *                         by zero).
 *
 * Precision: sums, means and variances accumulate in double (two passes: the mean, then the sum of
 * squared deviations), and each output element is evaluated in double from the float input and
 * rounded once to float (FLOAT16: converted from that float). A FusedActivation is applied to the
 * float values (pydml_activation_apply, the ACTIVATION_* definitions). LRN's power: Beta 0.75 and
 * 0.5 use double square roots, other Betas double pow().
 *
 * Edges the pages leave open (decisions): NaN and infinities propagate through the formulas as
 * IEEE arithmetic does (a NaN in a group makes the whole MVN/LP group NaN); Variance + Epsilon < 0
 * gives NaN (sqrt of a negative); LP with a zero norm and Epsilon 0 gives 0 / 0 = NaN.
 *
 * Speed: each reduction group is gathered into a float row (contiguous rows by memcpy / the F16C row
 * converter), reduced and written back by vector loops in AVX-512/AVX2/portable forms chosen by
 * pydml_active_cpu_features; OpenMP splits the groups (MVN/LP), the rows (BATCH_NORMALIZATION) and
 * the (n, h) rows or (n, c) planes (LRN). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define NK_X86 1
#endif

#include "axis_split.h"
#include "convert.h"
#include "elementwise.h"
#include "families.h"
#include "normalization_internal.h"
#include "rules.h"
#include "stream_store.h"

#ifdef _OPENMP
#define NK_PRAGMA(x) _Pragma(#x)
#else
#define NK_PRAGMA(x)
#endif

enum { NK_BN = 0, NK_MVN = 1, NK_LRN = 2, NK_LP = 3 };

/* Elements below which one thread runs everything. */
#define NK_PARALLEL_MIN 32768
/* Work items a thread takes at a time: dynamic hand-out, so that on a shared machine a descheduled
 * thread does not hold up the others (equal static shares wait for the slowest). */
#define NK_GRAIN 4
#define NK_CHUNKS_PER_THREAD 16 /* BATCH_NORMALIZATION: equal ranges handed out dynamically */
/* Elements of a group from which few groups (fewer than two per thread) are split across the threads
 * (run_split): its second parallel pass and the wake-up of sleeping threads cost tens of
 * microseconds on an idle machine and hundreds on a loaded one (measured: a 200 000-element group
 * took 0.55 ms split on 2 threads of a loaded machine, 0.08 ms on one thread). */
#define NK_SPLIT_MIN 262144
/* Elements per chunk of a batch-normalization row. */
#define NK_CHUNK 1024
/* Input and output bytes past which BATCH_NORMALIZATION streams its FLOAT32 output (as the
 * element-wise engine's EW_STREAM_BYTES) */
#define NK_STREAM_BYTES ((uint64_t)32 << 20)

typedef struct norm_plan {
    int kind;
    uint32_t dtype;
    uint32_t n;                         /* dimension count */
    uint32_t sizes[PYDML_MAX_DIMS];     /* InputTensor = OutputTensor sizes */
    uint32_t input_count;
    /* BN: Mean, Variance, Scale, Bias; MVN: Scale, Bias (index 0, 1) */
    uint32_t has[4];
    uint32_t psizes[4][PYDML_MAX_DIMS];
    uint32_t reduced;                   /* MVN / LP: bit d = dimension d is reduced */
    int use_mean, use_var;
    double eps;
    uint32_t p;                         /* LP */
    int cross;                          /* LRN */
    uint32_t local_size;
    double alpha, beta, bias;
    int has_act;
    pydml_activation act;
} norm_plan;


static void set_activation(norm_plan* p, const DML_OPERATOR_DESC* f) {
    if (f == NULL) return;
    pydml_activation_of(f, &p->act);
    p->has_act = p->act.type != DML_OPERATOR_INVALID && p->act.type != DML_OPERATOR_ACTIVATION_IDENTITY;
}

static pydml_status take_param(norm_plan* p, uint32_t slot, const DML_BUFFER_TENSOR_DESC* t) {
    if (t == NULL) return PYDML_STATUS_SUCCESS;
    if (t->DimensionCount != p->n || t->DataType != p->dtype) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < p->n; d++)
        if (t->Sizes[d] != 1 && t->Sizes[d] != p->sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    p->has[slot] = 1;
    memcpy(p->psizes[slot], t->Sizes, p->n * sizeof(uint32_t));
    return PYDML_STATUS_SUCCESS;
}

static pydml_status set_axes(norm_plan* p, uint32_t count, const UINT* axes) {
    if (count == 0 || count > p->n || axes == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t i = 0; i < count; i++) {
        if (axes[i] >= p->n || (p->reduced >> axes[i] & 1u)) return PYDML_STATUS_INVALID_PARAMETER;
        p->reduced |= 1u << axes[i];
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(info, desc, "OutputTensor");
    if (in == NULL || o == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (in->DataType != DML_TENSOR_DATA_TYPE_FLOAT32 && in->DataType != DML_TENSOR_DATA_TYPE_FLOAT16)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (o->DataType != in->DataType || o->DimensionCount != in->DimensionCount || in->DimensionCount == 0 ||
        in->DimensionCount > PYDML_MAX_DIMS)
        return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < in->DimensionCount; d++)
        if (in->Sizes[d] != o->Sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    norm_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->dtype = in->DataType;
    p->n = in->DimensionCount;
    memcpy(p->sizes, in->Sizes, p->n * sizeof(uint32_t));
    pydml_status s = PYDML_STATUS_SUCCESS;
    switch (info->type) {
    case DML_OPERATOR_BATCH_NORMALIZATION: {
        const DML_BATCH_NORMALIZATION_OPERATOR_DESC* d = desc;
        p->kind = NK_BN;
        p->input_count = 5;
        p->eps = d->Epsilon;
        static const char* const names[4] = {"MeanTensor", "VarianceTensor", "ScaleTensor", "BiasTensor"};
        for (uint32_t k = 0; k < 4 && !s; k++) {
            const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(info, desc, names[k]);
            if (t == NULL) s = PYDML_STATUS_INVALID_PARAMETER;
            else s = take_param(p, k, t);
        }
        set_activation(p, d->FusedActivation);
        break;
    }
    case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION: {
        const DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC* d = desc;
        p->kind = NK_MVN;
        p->input_count = 3;
        p->eps = d->Epsilon;
        p->use_mean = 1;
        p->use_var = d->NormalizeVariance != 0;
        if (p->n != 4) s = PYDML_STATUS_INVALID_PARAMETER;
        p->reduced = d->CrossChannel ? 0xEu : 0xCu;
        if (!s) s = take_param(p, 0, pydml_tensor_field(info, desc, "ScaleTensor"));
        if (!s) s = take_param(p, 1, pydml_tensor_field(info, desc, "BiasTensor"));
        set_activation(p, d->FusedActivation);
        break;
    }
    case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1: {
        const DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC* d = desc;
        p->kind = NK_MVN;
        p->input_count = 3;
        p->eps = d->Epsilon;
        p->use_mean = 1;
        p->use_var = d->NormalizeVariance != 0;
        s = set_axes(p, d->AxisCount, d->Axes);
        if (!s) s = take_param(p, 0, pydml_tensor_field(info, desc, "ScaleTensor"));
        if (!s) s = take_param(p, 1, pydml_tensor_field(info, desc, "BiasTensor"));
        set_activation(p, d->FusedActivation);
        break;
    }
    case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2: {
        const DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC* d = desc;
        p->kind = NK_MVN;
        p->input_count = 3;
        p->eps = d->Epsilon;
        p->use_mean = d->UseMean != 0;
        p->use_var = d->UseVariance != 0;
        s = set_axes(p, d->AxisCount, d->Axes);
        if (!s) s = take_param(p, 0, pydml_tensor_field(info, desc, "ScaleTensor"));
        if (!s) s = take_param(p, 1, pydml_tensor_field(info, desc, "BiasTensor"));
        set_activation(p, d->FusedActivation);
        break;
    }
    case DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION: {
        const DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC* d = desc;
        p->kind = NK_LRN;
        p->input_count = 1;
        p->cross = d->CrossChannel != 0;
        p->local_size = d->LocalSize;
        p->alpha = d->Alpha;
        p->beta = d->Beta;
        p->bias = d->Bias;
        if (p->n != 4 || p->local_size == 0) s = PYDML_STATUS_INVALID_PARAMETER;
        break;
    }
    default: { /* LP_NORMALIZATION */
        const DML_LP_NORMALIZATION_OPERATOR_DESC* d = desc;
        p->kind = NK_LP;
        p->input_count = 1;
        p->eps = d->Epsilon;
        p->p = d->P;
        if (d->Axis >= p->n || (d->P != 1 && d->P != 2)) s = PYDML_STATUS_INVALID_PARAMETER;
        else p->reduced = 1u << d->Axis;
        break;
    }
    }
    if (s) {
        free(p);
        return s;
    }
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

/* ---- vector kernels, one body per ISA ---- */

typedef struct nk_kernels {
    /* S = sum (x - K), Q = sum (x - K)^2, accumulated in double from the float row */
    void (*moments)(const float* x, size_t n, double K, double* S, double* Q);
    /* sum |x| in double */
    double (*sum_abs)(const float* x, size_t n);
    /* y = ((x - m) * r) * s + b evaluated in double and rounded to float (odd: rounded to odd, so
     * that the FLOAT16 conversion after it is one correct rounding); s, b may be NULL (1, 0) */
    void (*apply)(const float* x, float* y, size_t n, double m, double r, const double* s, const double* b,
                  int odd);
    /* y = (x - m[k*ps]) * a[k*ps] + b[k*ps] with double tables; ps 0: scalars */
    void (*bn)(const float* x, float* y, size_t n, const double* m, const double* a, const double* b, size_t ps);
    /* y = x * base^-beta, base = bias + c * acc (mode 0: beta 0.75, 1: beta 0.5, 2: pow) */
    void (*lrn)(const float* x, float* y, const double* acc, size_t n, double bias, double c, double beta, int mode);
} nk_kernels;

/* The portable bodies; the vector forms below evaluate the same expressions element by element
 * (sub, mul, then fma(t, s, b): the paths agree bit for bit on the output pass; the sums differ
 * only in their double summation order). */
static void nk_moments_c(const float* x, size_t n, double K, double* S, double* Q) {
    double s = 0.0, q = 0.0;
    for (size_t k = 0; k < n; k++) {
        const double d = (double)x[k] - K;
        s += d;
        q = fma(d, d, q);
    }
    *S = s;
    *Q = q;
}
static double nk_sum_abs_c(const float* x, size_t n) {
    double s = 0.0;
    for (size_t k = 0; k < n; k++) s += (double)fabsf(x[k]);
    return s;
}
static inline double nk_affine(float x, double m, double r, const double* s, const double* b, size_t k) {
    const double t = ((double)x - m) * r;
    if (s && b) return fma(t, s[k], b[k]);
    if (s) return t * s[k];
    if (b) return t + b[k];
    return t;
}
static void nk_apply_c(const float* x, float* y, size_t n, double m, double r, const double* s, const double* b,
                       int odd) {
    if (odd) {
        for (size_t k = 0; k < n; k++) y[k] = pydml_f64_to_f32_odd(nk_affine(x[k], m, r, s, b, k));
    } else if (s && b) {
        for (size_t k = 0; k < n; k++) y[k] = (float)fma(((double)x[k] - m) * r, s[k], b[k]);
    } else {
        for (size_t k = 0; k < n; k++) y[k] = (float)nk_affine(x[k], m, r, s, b, k);
    }
}

#define NK_KERNELS(SUF, ATTR)                                                                      \
    ATTR static void nk_bn_##SUF(const float* x, float* y, size_t n, const double* m, const double* a, \
                                 const double* b, size_t ps) {                                     \
        if (ps == 0) {                                                                             \
            const double m0 = m[0], a0 = a[0], b0 = b[0];                                          \
            for (size_t k = 0; k < n; k++) y[k] = (float)(((double)x[k] - m0) * a0 + b0);          \
        } else if (ps == 1) {                                                                      \
            for (size_t k = 0; k < n; k++) y[k] = (float)(((double)x[k] - m[k]) * a[k] + b[k]);    \
        } else {                                                                                   \
            for (size_t k = 0; k < n; k++)                                                         \
                y[k] = (float)(((double)x[k] - m[k * ps]) * a[k * ps] + b[k * ps]);                \
        }                                                                                          \
    }                                                                                              \
    ATTR static void nk_lrn_##SUF(const float* x, float* y, const double* acc, size_t n, double bias, \
                                  double c, double beta, int mode) {                               \
        if (mode == 0) {                                                                           \
            for (size_t k = 0; k < n; k++) {                                                       \
                const double t = bias + c * acc[k], r = sqrt(t);                                   \
                y[k] = (float)((double)x[k] / (r * sqrt(r)));                                      \
            }                                                                                      \
        } else if (mode == 1) {                                                                    \
            for (size_t k = 0; k < n; k++) y[k] = (float)((double)x[k] / sqrt(bias + c * acc[k])); \
        } else {                                                                                   \
            for (size_t k = 0; k < n; k++) y[k] = (float)((double)x[k] / pow(bias + c * acc[k], beta)); \
        }                                                                                          \
    }

NK_KERNELS(c, )
NK_KERNELS(avx2, EW_T256)
NK_KERNELS(avx512, EW_T512)

#ifdef NK_X86
/* The MVN/LP row passes with explicit vectors, reading the float row directly (it is in L1 for the
 * second pass; converting again costs less than storing and reloading a double copy). Four
 * accumulators per sum hide the add latency (two left the pass latency bound at 4 cycles per 16
 * elements); lanes are combined in double at the end, in a fixed order. */
#define NK_VEC(SUF, ATTR, VD, W, ZERO, SET1, LOADD, CVT, ADD, SUB, MUL, FMA, ABS, HSUM, CVTBACK, STOREF, ODD)     \
    ATTR static void nk_vmoments_##SUF(const float* x, size_t n, double K, double* S, double* Q) {             \
        VD s0 = ZERO, s1 = ZERO, s2 = ZERO, s3 = ZERO, q0 = ZERO, q1 = ZERO, q2 = ZERO, q3 = ZERO;           \
        const VD vk = SET1(K);                                                                               \
        size_t k = 0;                                                                                        \
        for (; k + 4 * W <= n; k += 4 * W) {                                                                 \
            const VD d0 = SUB(CVT(x + k), vk), d1 = SUB(CVT(x + k + W), vk);                                 \
            const VD d2 = SUB(CVT(x + k + 2 * W), vk), d3 = SUB(CVT(x + k + 3 * W), vk);                     \
            s0 = ADD(s0, d0); s1 = ADD(s1, d1); s2 = ADD(s2, d2); s3 = ADD(s3, d3);                          \
            q0 = FMA(d0, d0, q0); q1 = FMA(d1, d1, q1); q2 = FMA(d2, d2, q2); q3 = FMA(d3, d3, q3);          \
        }                                                                                                    \
        for (; k + W <= n; k += W) {                                                                         \
            const VD d0 = SUB(CVT(x + k), vk);                                                               \
            s0 = ADD(s0, d0);                                                                                \
            q0 = FMA(d0, d0, q0);                                                                            \
        }                                                                                                    \
        double s = HSUM(ADD(ADD(s0, s1), ADD(s2, s3))), q = HSUM(ADD(ADD(q0, q1), ADD(q2, q3)));             \
        for (; k < n; k++) {                                                                                 \
            const double d = (double)x[k] - K;                                                               \
            s += d;                                                                                          \
            q = fma(d, d, q);                                                                                \
        }                                                                                                    \
        *S = s;                                                                                              \
        *Q = q;                                                                                              \
    }                                                                                                        \
    ATTR static double nk_vsum_abs_##SUF(const float* x, size_t n) {                                         \
        VD a0 = ZERO, a1 = ZERO;                                                                             \
        size_t k = 0;                                                                                        \
        for (; k + 2 * W <= n; k += 2 * W) {                                                                 \
            a0 = ADD(a0, ABS(CVT(x + k)));                                                                   \
            a1 = ADD(a1, ABS(CVT(x + k + W)));                                                               \
        }                                                                                                    \
        double s = HSUM(ADD(a0, a1));                                                                        \
        for (; k < n; k++) s += (double)fabsf(x[k]);                                                         \
        return s;                                                                                            \
    }                                                                                                        \
    ATTR static void nk_vapply_##SUF(const float* x, float* y, size_t n, double m, double r, const double* s, \
                                     const double* b, int odd) {                                             \
        const VD vm = SET1(m), vr = SET1(r);                                                                 \
        size_t k = 0;                                                                                        \
        if (odd) {                                                                                           \
            NK_APPLY_LOOPS(W, ODD, STOREF, CVT, LOADD, ADD, SUB, MUL, FMA)                                                                           \
        } else {                                                                                             \
            NK_APPLY_LOOPS(W, CVTBACK, STOREF, CVT, LOADD, ADD, SUB, MUL, FMA)                                                                       \
        }                                                                                                    \
        nk_apply_c(x + k, y + k, n - k, m, r, s ? s + k : NULL, b ? b + k : NULL, odd);                      \
    }
/* the four Scale/Bias forms of the output pass, each a straight loop */
#define NK_APPLY_LOOPS(W, RND, STOREF, CVT, LOADD, ADD, SUB, MUL, FMA)                                       \
    if (s && b) {                                                                                            \
        for (; k + W <= n; k += W) STOREF(y + k, RND(FMA(MUL(SUB(CVT(x + k), vm), vr), LOADD(s + k), LOADD(b + k)))); \
    } else if (s) {                                                                                          \
        for (; k + W <= n; k += W) STOREF(y + k, RND(MUL(MUL(SUB(CVT(x + k), vm), vr), LOADD(s + k))));     \
    } else if (b) {                                                                                          \
        for (; k + W <= n; k += W) STOREF(y + k, RND(ADD(MUL(SUB(CVT(x + k), vm), vr), LOADD(b + k))));     \
    } else {                                                                                                 \
        for (; k + W <= n; k += W) STOREF(y + k, RND(MUL(SUB(CVT(x + k), vm), vr)));                         \
    }

/* A double vector rounded to float with round-to-odd (as pydml_f64_to_f32_odd): truncate, then set
 * the last bit when the truncation was inexact. */
EW_T512 static inline __m256 nk_odd512(__m512d v) {
    const __m256 f = _mm512_cvt_roundpd_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __mmask8 inexact = _mm512_cmp_pd_mask(_mm512_cvtps_pd(f), v, _CMP_NEQ_OQ);
    const __m256i bits = _mm256_castps_si256(f);
    return _mm256_castsi256_ps(_mm256_mask_or_epi32(bits, inexact, bits, _mm256_set1_epi32(1)));
}
#define CVT512(p) _mm512_cvtps_pd(_mm256_loadu_ps(p))
#define STORE512(p, v) _mm256_storeu_ps((p), (v))
NK_VEC(avx512, EW_T512, __m512d, 8, _mm512_setzero_pd(), _mm512_set1_pd, _mm512_loadu_pd, CVT512, _mm512_add_pd,
       _mm512_sub_pd, _mm512_mul_pd, _mm512_fmadd_pd, _mm512_abs_pd, _mm512_reduce_add_pd, _mm512_cvtpd_ps, STORE512,
       nk_odd512)
#define CVT256(p) _mm256_cvtps_pd(_mm_loadu_ps(p))
#define ABS256(v) _mm256_andnot_pd(_mm256_set1_pd(-0.0), (v))
#define STORE256(p, v) _mm_storeu_ps((p), (v))
EW_T256 static inline double nk_hsum256(__m256d v) {
    __m128d a = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(a, _mm_unpackhi_pd(a, a)));
}
/* AVX2 has no rounding-mode operand: the round-to-odd (FLOAT16) output pass is the portable one */
#define NK_AVX2_ODD(v) _mm256_cvtpd_ps(v)
NK_VEC(avx2, EW_T256, __m256d, 4, _mm256_setzero_pd(), _mm256_set1_pd, _mm256_loadu_pd, CVT256, _mm256_add_pd,
       _mm256_sub_pd, _mm256_mul_pd, _mm256_fmadd_pd, ABS256, nk_hsum256, _mm256_cvtpd_ps, STORE256, NK_AVX2_ODD)
EW_T256 static void nk_vapply_avx2_f16(const float* x, float* y, size_t n, double m, double r, const double* s,
                                       const double* b, int odd) {
    if (odd) nk_apply_c(x, y, n, m, r, s, b, 1);
    else nk_vapply_avx2(x, y, n, m, r, s, b, 0);
}
#define NK_VSET(SUF, APPLY) {nk_vmoments_##SUF, nk_vsum_abs_##SUF, APPLY, nk_bn_##SUF, nk_lrn_##SUF}
static const nk_kernels nk_isa[3] = {{nk_moments_c, nk_sum_abs_c, nk_apply_c, nk_bn_c, nk_lrn_c},
                                     NK_VSET(avx2, nk_vapply_avx2_f16), NK_VSET(avx512, nk_vapply_avx512)};
#else
static const nk_kernels nk_isa[3] = {{nk_moments_c, nk_sum_abs_c, nk_apply_c, nk_bn_c, nk_lrn_c},
                                     {nk_moments_c, nk_sum_abs_c, nk_apply_c, nk_bn_avx2, nk_lrn_avx2},
                                     {nk_moments_c, nk_sum_abs_c, nk_apply_c, nk_bn_avx512, nk_lrn_avx512}};
#endif

/* ---- strided rows ---- */

static void load_row(uint32_t type, const void* base, uint64_t off, uint64_t stride, size_t n, float* dst) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = (const float*)base + off;
        if (stride == 1) memcpy(dst, s, n * sizeof(float));
        else for (size_t i = 0; i < n; i++) dst[i] = s[i * stride];
    } else {
        const uint16_t* s = (const uint16_t*)base + off;
        if (stride == 1) pydml_f16_row_to_f32(s, dst, n);
        else for (size_t i = 0; i < n; i++) dst[i] = pydml_f16_to_f32(s[i * stride]);
    }
}

static void store_row(uint32_t type, const float* src, size_t n, void* base, uint64_t off, uint64_t stride) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = (float*)base + off;
        if (stride == 1) memcpy(d, src, n * sizeof(float));
        else for (size_t i = 0; i < n; i++) d[i * stride] = src[i];
    } else {
        uint16_t* d = (uint16_t*)base + off;
        if (stride == 1) pydml_f32_row_to_f16(src, d, n);
        else for (size_t i = 0; i < n; i++) d[i * stride] = pydml_f32_to_f16(src[i]);
    }
}

static float elem(uint32_t type, const void* base, uint64_t off) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT32 ? ((const float*)base)[off]
                                                : pydml_f16_to_f32(((const uint16_t*)base)[off]);
}

static pydml_status check_view(const pydml_tensor* v, uint32_t type, uint32_t n, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != n) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < n; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* Strides of a view as seen from the input's shape: 0 on broadcast (size-1) dimensions. */
static void bstrides(const pydml_tensor* v, uint32_t n, uint64_t* out) {
    for (uint32_t d = 0; d < n; d++) out[d] = v == NULL || v->sizes[d] == 1 ? 0 : v->strides[d];
}

/* Dimensions walked together by the NT tensors x, y, Scale, Bias (axis_split.h): size-1
 * dimensions dropped, neighbours merged when every tensor's strides allow; at least one entry. */
#define NT PYDML_AX_TENSORS

static void collect(const norm_plan* p, uint64_t st[NT][PYDML_MAX_DIMS], uint32_t mask, int want, ax_dims* r) {
    const uint64_t* sp[NT] = {st[0], st[1], st[2], st[3]};
    ax_collect_n(p->n, p->sizes, mask, want, NT, sp, NULL, r);
}

/* ---- MVN / LP: reduction groups ---- */

typedef struct group_run {
    const norm_plan* p;
    const nk_kernels* k;
    const pydml_tensor *x, *y, *s, *b;
    ax_dims keep, red;
    uint64_t L, inner, runs, groups;
    uint64_t* run_off;                  /* tensor t's run offsets at [t runs, (t + 1) runs) */
    int s_invariant, b_invariant;       /* Scale/Bias the same for every group */
} group_run;

static void gather(const group_run* g, const pydml_tensor* v, int t, uint64_t base, float* dst) {
    const uint32_t last = g->red.n - 1;
    for (uint64_t i = 0; i < g->runs; i++)
        load_row(v->data_type, v->data, base + g->run_off[t * g->runs + i], g->red.st[t][last], (size_t)g->inner,
                 dst + i * g->inner);
}

static void to_double(const float* s, double* d, size_t n) {
    for (size_t i = 0; i < n; i++) d[i] = s[i];
}

/* Elements per statistics chunk: each chunk is reduced in one pass of double sums shifted by its
 * first element K, S = sum (x - K) and Q = sum (x - K)^2, so M2 = Q - S^2 / n. Because K is one of
 * the chunk's values, (K - mean)^2 <= M2 and Q <= n M2: the subtraction loses at most log2(n) = 10
 * of double's 53 bits (the unshifted sum of squares would lose log2(1 + mean^2 / variance), without
 * bound). Chunks are combined in a fixed order, M2 = sum (M2_c + n_c (mean_c - mean)^2), the
 * pairwise update of Chan, Golub and LeVeque (Updating formulae and a pairwise algorithm for
 * computing sample variances, 1979) with every term nonnegative; the mean is the sum of the chunk
 * sums K n_c + S_c (K n_c exact) over the count. */
#define NK_SCHUNK PYDML_NORM_CHUNK

static size_t chunks_of(uint64_t L) { return (size_t)((L + NK_SCHUNK - 1) / NK_SCHUNK); }

/* x[0 .. w): its (mean, M2) into *mean, *m2; returns its sum */
static double one_chunk(const nk_kernels* k, const float* x, size_t w, double* mean, double* m2) {
    double K = x[0], S, Q;
    if (!isfinite(K)) K = 0.0; /* an infinite shift would turn every term into NaN */
    k->moments(x, w, K, &S, &Q);
    const double d = Q - S * (S / (double)w);
    *mean = K + S / (double)w;
    *m2 = d < 0.0 ? 0.0 : d; /* rounding below 0 (a NaN stays) */
    return K * (double)w + S;
}

/* chunk c of a row: its (mean_c, M2_c) into cs[2c], cs[2c + 1]; returns its sum */
static double chunk_moments(const nk_kernels* k, const float* x, size_t n, size_t c, double* cs) {
    const size_t c0 = c * NK_SCHUNK, w = n - c0 < NK_SCHUNK ? n - c0 : NK_SCHUNK;
    return one_chunk(k, x + c0, w, cs + 2 * c, cs + 2 * c + 1);
}

/* mean and M2 = sum (x - mean)^2 from the chunks' sums and moments */
static void combine_chunks(const double* cs, const double* sums, size_t n, double* mean, double* m2) {
    const size_t nc = chunks_of(n);
    double total = 0.0, M2 = 0.0;
    for (size_t c = 0; c < nc; c++) total += sums[c];
    const double m = total / (double)n;
    for (size_t c = 0; c < nc; c++) {
        const size_t w = n - c * NK_SCHUNK < NK_SCHUNK ? n - c * NK_SCHUNK : NK_SCHUNK;
        const double d = cs[2 * c] - m;
        M2 += cs[2 * c + 1] + (double)w * d * d;
    }
    *mean = m;
    *m2 = M2;
}

/* The statistics of a group, chunk by chunk: chunk c's share into cs[2c], cs[2c + 1] (mean_c, M2_c)
 * and sums[c]. Every kind reduces the same chunks and adds them in chunk order, whether one thread
 * runs the group or several split it (run_split), so results do not depend on the thread count. */
static void chunk_stat(const norm_plan* p, const nk_kernels* k, const float* xs, size_t L, size_t c, double* cs,
                       double* sums) {
    const size_t c0 = c * NK_SCHUNK, w = L - c0 < NK_SCHUNK ? L - c0 : NK_SCHUNK;
    double S, Q;
    if (p->kind == NK_LP && p->p == 1) {
        sums[c] = k->sum_abs(xs + c0, w);
    } else if (p->kind == NK_LP || !p->use_mean) { /* sum x^2: all terms nonnegative, no shift */
        k->moments(xs + c0, w, 0.0, &S, &Q);
        sums[c] = Q;
    } else {
        sums[c] = chunk_moments(k, xs, L, c, cs);
    }
}

/* the scale r and mean m of a group (m 0 for LP and MVN2 without UseMean) from its chunks */
static void finish_stats(const norm_plan* p, const double* cs, const double* sums, size_t L, double* m_out,
                         double* r_out) {
    const size_t nc = chunks_of(L);
    double m = 0.0, r = 1.0;
    if (p->kind == NK_LP) {
        double norm = 0.0;
        for (size_t c = 0; c < nc; c++) norm += sums[c];
        if (p->p == 2) norm = sqrt(norm);
        const double eps = p->eps;
        norm = norm >= eps ? norm : (norm != norm ? norm : eps);
        r = 1.0 / norm;
    } else if (p->use_mean) {
        double M2;
        combine_chunks(cs, sums, L, &m, &M2);
        if (p->use_var) r = 1.0 / sqrt(M2 / (double)L + p->eps);
    } else if (p->use_var) {
        double Q = 0.0;
        for (size_t c = 0; c < nc; c++) Q += sums[c];
        r = 1.0 / sqrt(Q / (double)L + p->eps);
    }
    *m_out = m;
    *r_out = r;
}

static int needs_stats(const norm_plan* p) { return p->kind == NK_LP || p->use_mean || p->use_var; }

/* A thread's scratch for run_group: whether sb / bb hold the invariant Scale / Bias rows, then
 * buf: xb, 2 L floats (the x row, then a staging row); sb, bb: L doubles each (Scale and Bias rows,
 * kept across groups when invariant); cs: 3 chunks_of(L) doubles */
typedef struct group_scratch {
    int sb_ready, bb_ready;
    _Alignas(64) double buf[];          /* the rows: vector loops' operands, cache-line aligned */
} group_scratch;

static pydml_status run_group(void* ctx, const pydml_axis_item* it, void* scratch) {
    const group_run* g = ctx;
    const norm_plan* p = g->p;
    const uint64_t* off = it->off;
    const size_t L = (size_t)g->L;
    group_scratch* gs = scratch;
    float* xb = (float*)gs->buf;
    double* sb = (double*)(xb + 2 * L);
    double* bb = (double*)(xb + 4 * L);
    double* cs = (double*)(xb + 6 * L);
    int* sb_ready = &gs->sb_ready;
    int* bb_ready = &gs->bb_ready;
    const uint32_t last = g->red.n - 1;
    /* a FLOAT32 group that is one contiguous run is read (and written) in place */
    const int f32 = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && g->runs == 1;
    const float* xs = xb;
    if (f32 && (g->red.st[0][last] == 1 || L == 1)) {
        xs = (const float*)g->x->data + off[0] + g->run_off[0];
    } else {
        gather(g, g->x, 0, off[0], xb);
    }
    float* ys = xb;
    const int direct_out = f32 && (g->red.st[1][last] == 1 || L == 1);
    if (direct_out) ys = (float*)g->y->data + off[1] + g->run_off[1];
    const double* s = NULL;
    const double* b = NULL;
    /* Scale and Bias rows are widened to double once (per group, or once per thread when every
     * group shares them); the float staging area is the output buffer, not yet in use */
    float* stage = xb + L;
    if (g->s) {
        if (!(g->s_invariant && *sb_ready)) {
            gather(g, g->s, 2, off[2], stage);
            to_double(stage, sb, L);
        }
        *sb_ready = 1;
        s = sb;
    }
    if (g->b) {
        if (!(g->b_invariant && *bb_ready)) {
            gather(g, g->b, 3, off[3], stage);
            to_double(stage, bb, L);
        }
        *bb_ready = 1;
        b = bb;
    }
    double m = 0.0, r = 1.0;
    if (needs_stats(p)) {
        const size_t nc = chunks_of(L);
        for (size_t c = 0; c < nc; c++) chunk_stat(p, g->k, xs, L, c, cs, cs + 2 * nc);
        finish_stats(p, cs, cs + 2 * nc, L, &m, &r);
    }
    /* FLOAT16 without an activation: rounded to odd here, so that store_row's float -> half
     * rounding is the one correct rounding of the double result */
    const int odd = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT16 && !p->has_act;
    g->k->apply(xs, ys, L, m, r, s, b, odd);
    if (p->has_act) pydml_activation_apply(&p->act, ys, L);
    if (direct_out) return PYDML_STATUS_SUCCESS;
    for (uint64_t i = 0; i < g->runs; i++)
        store_row(p->dtype, xb + i * g->inner, (size_t)g->inner, g->y->data, off[1] + g->run_off[g->runs + i],
                  g->red.st[1][last]);
    return PYDML_STATUS_SUCCESS;
}
PYDML_AXIS_WALKER(run_group_walk, run_group)

/* Few long FLOAT32 groups, each one contiguous run (in and out): the chunks of a group are split
 * across the threads, for the statistics and again for the output pass; the chunks' shares are
 * combined by finish_stats in chunk order, as run_group does, so the results are the same. */
typedef struct split_run {
    const group_run* g;
    const uint64_t* off;                /* the group's offsets */
    const float* xs;
    float* ys;
    double *cs, m, r;
} split_run;

static pydml_status split_stats(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const split_run* sr = ctx;
    const size_t L = (size_t)sr->g->L, nc = chunks_of(sr->g->L);
    for (uint64_t c = b; c < e; c++) chunk_stat(sr->g->p, sr->g->k, sr->xs, L, (size_t)c, sr->cs, sr->cs + 2 * nc);
    return PYDML_STATUS_SUCCESS;
}

/* scratch: 2 NK_SCHUNK doubles (Scale and Bias chunks), NK_SCHUNK floats (staging) */
static pydml_status split_apply(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    const split_run* sr = ctx;
    const group_run* g = sr->g;
    const norm_plan* p = g->p;
    const size_t L = (size_t)g->L;
    const uint32_t last = g->red.n - 1;
    double* sb = scratch;
    float* stage = (float*)(sb + 2 * NK_SCHUNK);
    for (uint64_t c = b; c < e; c++) {
        const size_t c0 = (size_t)c * NK_SCHUNK, w = L - c0 < NK_SCHUNK ? L - c0 : NK_SCHUNK;
        const double* s = NULL;
        const double* bias = NULL;
        if (g->s) {
            load_row(p->dtype, g->s->data, sr->off[2] + g->run_off[2] + c0 * g->red.st[2][last], g->red.st[2][last], w,
                     stage);
            to_double(stage, sb, w);
            s = sb;
        }
        if (g->b) {
            load_row(p->dtype, g->b->data, sr->off[3] + g->run_off[3] + c0 * g->red.st[3][last], g->red.st[3][last], w,
                     stage);
            to_double(stage, sb + NK_SCHUNK, w);
            bias = sb + NK_SCHUNK;
        }
        g->k->apply(sr->xs + c0, sr->ys + c0, w, sr->m, sr->r, s, bias, 0);
        if (p->has_act) pydml_activation_apply(&p->act, sr->ys + c0, w);
    }
    return PYDML_STATUS_SUCCESS;
}

/* ---- the workspace (DirectML's temporary resource), from the plan alone (the views' strides are
 * not known yet): MVN / LP: the run offsets (at most ax_runs_bound runs, NT tensors), a long
 * group's chunk statistics (run_split), then each thread's scratch (run_group's, or split_apply's);
 * BATCH_NORMALIZATION: the parameter table; LRN: each thread's rows. ---- */
typedef struct nk_layout {
    uint64_t runs;                      /* most runs */
    uint64_t cs_at, threads_at;         /* run_split's statistics; the per-thread parts */
    uint64_t group_stride, split_stride, lrn_stride;   /* per-thread parts (0: none) */
    uint64_t table;                     /* BATCH_NORMALIZATION: parameters in the table */
} nk_layout;

#define NK_SPLIT_SCRATCH (2 * NK_SCHUNK * sizeof(double) + NK_SCHUNK * sizeof(float))

static size_t lrn_bytes(const norm_plan* p) {
    const uint64_t C = p->sizes[1], H = p->sizes[2], W = p->sizes[3];
    const size_t bytes = p->cross ? (size_t)(C * W + W) * sizeof(float) + (size_t)W * sizeof(double)
                                  : (size_t)(H * W + W) * (sizeof(double) + sizeof(float));
    return bytes ? bytes : 1;
}

static void layout(const norm_plan* p, nk_layout* z) {
    memset(z, 0, sizeof *z);
    if (p->kind == NK_BN) {
        z->table = 1;
        for (uint32_t d = 0; d < p->n; d++) {
            uint64_t P = 1;
            for (int t = 0; t < 4; t++)
                if (p->psizes[t][d] != 1) P = p->sizes[d];
            z->table *= P;
        }
        return;
    }
    if (p->kind == NK_LRN) {
        z->lrn_stride = pydml_axis_scratch_stride(lrn_bytes(p));
        return;
    }
    uint64_t L = 1;
    for (uint32_t d = 0; d < p->n; d++)
        if (p->reduced >> d & 1u) L *= p->sizes[d];
    z->runs = ax_runs_bound(p->n, p->sizes, p->reduced, 1);
    z->cs_at = pydml_workspace_round(z->runs * NT * sizeof(uint64_t));
    const int split = L >= NK_SPLIT_MIN && p->dtype == DML_TENSOR_DATA_TYPE_FLOAT32;   /* run_groups' test */
    z->threads_at = z->cs_at + (split ? pydml_workspace_round(3 * chunks_of(L) * sizeof(double)) : 0);
    z->group_stride = pydml_axis_scratch_stride(sizeof(group_scratch) + ((size_t)L * 6 + 6 * chunks_of(L)) * sizeof(float));
    z->split_stride = split ? pydml_axis_scratch_stride(NK_SPLIT_SCRATCH) : 0;
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    nk_layout z;
    layout(plan, &z);
    if (z.table) return z.table * 3 * sizeof(double);
    if (z.lrn_stride) return threads * z.lrn_stride;
    const uint64_t stride = z.group_stride > z.split_stride ? z.group_stride : z.split_stride;
    return z.threads_at + threads * stride;
}

static pydml_status run_split(const group_run* g, const pydml_workspace* ws, const nk_layout* z) {
    const norm_plan* p = g->p;
    const size_t L = (size_t)g->L, nc = chunks_of(g->L);
    double* cs = pydml_workspace_part(ws, z->cs_at, 3 * nc * sizeof(double));
    if (cs == NULL || z->threads_at == z->cs_at) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status status = PYDML_STATUS_SUCCESS;
    uint64_t coord[PYDML_MAX_DIMS] = {0}, off[NT];
    ax_offsets_n(&g->keep, 0, coord, off);
    for (uint64_t grp = 0; grp < g->groups && !status; grp++) {
        if (grp > 0) ax_step_n(&g->keep, coord, off);
        split_run sr = {g, off, (const float*)g->x->data + off[0] + g->run_off[0],
                        (float*)g->y->data + off[1] + g->run_off[g->runs], cs, 0.0, 1.0};
        if (needs_stats(p)) {
            const pydml_axis_loop stats = {nc, L, 0, NK_GRAIN, 0, 0, 0};
            (void)pydml_axis_for_range(&stats, split_stats, &sr);   /* no scratch: cannot fail */
            finish_stats(p, cs, cs + 2 * nc, L, &sr.m, &sr.r);
        }
        const pydml_axis_loop apply = {nc, L, 0, NK_GRAIN, 0, NK_SPLIT_SCRATCH, 0};
        status = pydml_axis_for_range_in(&apply, split_apply, &sr, ws, z->threads_at);
    }
    return status;
}

/* The groups of run_groups over the threads, in items of NK_CLAIM_ELEMS elements (common.h's
 * runs): thread i takes the contiguous share of items [n i / T, n (i + 1) / T) in row-major order,
 * then the last items of the others' shares, so a thread the OS takes away does not hold up the
 * rest. The share is contiguous because the operator before (a GEMM's fixed runs of row strips, an
 * elementwise operator's halves) wrote these rows from the same core: handed out dynamically in
 * interleaved chunks, half of each core's rows came from the other core's cache (BERT's LayerNorm
 * over [8, 128, 768] ran slower on 2 threads than on 1). Every group is computed the same way on
 * any thread: the same bits on any team. Each thread's scratch is at ws offset at + i stride; the
 * runs are set before the team starts (a smaller team than asked takes the missing shares). */
#define NK_CLAIM_ELEMS 16384

/* Thread `me`'s items of run_shares (groups [item step, (item + 1) step)). */
static void share_thread(const group_run* g, pydml_axis_walk* w, const pydml_workspace* ws, uint64_t at,
                         uint64_t stride, uint64_t* runs, int parts, int me, uint64_t step, pydml_status* failed) {
    const uint64_t G = g->groups;
    group_scratch* mine = pydml_workspace_part(ws, at + (uint64_t)me * stride, stride);
    uint32_t item;
    while (pydml_runs_next(runs, me, parts, &item)) {
        const uint64_t b = item * step, e = b + step < G ? b + step : G;
        const pydml_status s = run_group_walk(w, b, e, mine);
        if (s != PYDML_STATUS_SUCCESS) {
            NK_PRAGMA(omp atomic write)
            *failed = s;
        }
    }
}

static pydml_status run_shares(const group_run* g, const pydml_workspace* ws, uint64_t at, uint64_t stride,
                               uint64_t nth) {
    const uint64_t G = g->groups;
    if (G == 0) return PYDML_STATUS_SUCCESS;
    if (G * g->L < NK_PARALLEL_MIN || G < 2) nth = 1;
    if (nth > G) nth = G;
    if (nth > 64) nth = 64; /* the runs below */
    uint64_t step = g->L >= NK_CLAIM_ELEMS ? 1 : NK_CLAIM_ELEMS / g->L;
    if ((G + step - 1) / step > UINT32_MAX) step = (G + UINT32_MAX - 1) / UINT32_MAX; /* item numbers fit 32 bits */
    const uint32_t items = (uint32_t)((G + step - 1) / step);
    uint64_t runs[64];
    for (uint64_t i = 0; i < nth; i++) {
        group_scratch* gs = pydml_workspace_part(ws, at + i * stride, stride);
        if (gs == NULL) return PYDML_STATUS_INVALID_PARAMETER;
        gs->sb_ready = gs->bb_ready = 0;
        pydml_runs_reset(runs, items, (int)i, (int)nth);
    }
    pydml_axis_walk w = {&g->keep, 1, (void*)g};
    pydml_status failed = PYDML_STATUS_SUCCESS;
    if (nth <= 1) { /* no region (common.h: serialized regions) */
        share_thread(g, &w, ws, at, stride, runs, 1, 0, step, &failed);
        return failed;
    }
    NK_PRAGMA(omp parallel num_threads((int)nth))
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
        share_thread(g, &w, ws, at, stride, runs, (int)nth, me, step, &failed);
    }
    return failed;
}

static pydml_status run_groups(const norm_plan* p, const pydml_tensor* x, const pydml_tensor* sv,
                               const pydml_tensor* bv, const pydml_tensor* y, const pydml_workspace* ws) {
    nk_layout z;
    layout(p, &z);
    uint64_t st[NT][PYDML_MAX_DIMS];
    bstrides(x, p->n, st[0]);
    bstrides(y, p->n, st[1]);
    bstrides(sv, p->n, st[2]);
    bstrides(bv, p->n, st[3]);
    group_run g;
    memset(&g, 0, sizeof g);
    g.p = p;
    g.k = &nk_isa[pydml_ew_isa()];
    g.x = x; g.y = y; g.s = sv; g.b = bv;
    collect(p, st, p->reduced, 1, &g.red);
    collect(p, st, p->reduced, 0, &g.keep);
    g.L = ax_count(&g.red);
    g.inner = g.red.size[g.red.n - 1];
    g.runs = g.L / g.inner;
    g.s_invariant = g.b_invariant = 1;
    for (uint32_t d = 0; d < g.keep.n; d++) {
        if (g.keep.st[2][d]) g.s_invariant = 0;
        if (g.keep.st[3][d]) g.b_invariant = 0;
    }
    g.run_off = g.runs <= z.runs ? pydml_workspace_part(ws, 0, g.runs * NT * sizeof(uint64_t)) : NULL;
    if (g.run_off == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    ax_run_offsets_into(&g.red, g.runs, NT, g.run_off);
    const uint64_t groups = ax_count(&g.keep);
    g.groups = groups;
#ifdef _OPENMP
    const uint64_t nth = (uint64_t)omp_get_max_threads();
#else
    const uint64_t nth = 1;
#endif
    const uint32_t last = g.red.n - 1;
    if (nth > 1 && groups < 2 * nth && g.L >= NK_SPLIT_MIN && p->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 &&
        g.runs == 1 && g.red.st[0][last] == 1 && g.red.st[1][last] == 1) {
        return run_split(&g, ws, &z);
    }
    return run_shares(&g, ws, z.threads_at, z.group_stride, nth);
}

/* ---- BATCH_NORMALIZATION ---- */

typedef struct bn_run {
    const norm_plan* p;
    const nk_kernels* k;
    const pydml_tensor *x, *y;
    const double *tm, *ta, *tb;         /* mean, scale / sqrt(variance + eps), bias per parameter */
    ax_dims r, rows;                    /* x, y, parameter table: all dimensions; all but the last */
    uint64_t W, chunks_per_row;
    unsigned stream;                    /* 0, or the width of the streamed stores of the output */
    int stream_row;                     /* rows of one parameter streamed from the registers */
} bn_run;

#ifdef NK_X86
/* y[0, n) = (x - m) a + b of one parameter, for a FLOAT32 output past the cache: streamed from the
 * registers as computed (32-byte non-temporal stores from y's first 32-byte boundary; the caller
 * fences). Computed into the L1 stage and then streamed, the compute and the stores' drain ran one
 * after the other: [16, 128, 64, 64] on 2 threads of the Intel host (Emerald Rapids), 17-21 GB/s
 * staged against 21-28 here (0.55-0.60 -> 0.62-0.70 of CLIP's rate on the same tensor in the same
 * runs); 64-byte streams measured the same. nk_bn_c's double operations in its order (sub, mul,
 * add; -std=c11 does not contract), so the same bits. */
EW_T256 static void nk_bn_stream(const float* x, float* y, size_t n, double m, double a, double b) {
    size_t k = 0;
    for (; k < n && ((uintptr_t)(y + k) & 31u) != 0; k++) y[k] = (float)(((double)x[k] - m) * a + b);
    const __m256d M = _mm256_set1_pd(m), A = _mm256_set1_pd(a), B = _mm256_set1_pd(b);
    for (; k + 8 <= n; k += 8) {
        const __m256d lo = _mm256_cvtps_pd(_mm_loadu_ps(x + k)), hi = _mm256_cvtps_pd(_mm_loadu_ps(x + k + 4));
        const __m128 l = _mm256_cvtpd_ps(_mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(lo, M), A), B));
        const __m128 h = _mm256_cvtpd_ps(_mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(hi, M), A), B));
        _mm256_stream_ps(y + k, _mm256_insertf128_ps(_mm256_castps128_ps256(l), h, 1));
    }
    for (; k < n; k++) y[k] = (float)(((double)x[k] - m) * a + b);
}
#endif

/* Items [b, e): chunks of NK_CHUNK elements of the rows along the last dimension. */
static pydml_status bn_chunks(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const bn_run* bn = ctx;
    const norm_plan* p = bn->p;
    const uint32_t last = bn->r.n - 1;
    const int direct_in = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && bn->r.st[0][last] == 1;
    const int direct_out = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && bn->r.st[1][last] == 1;
    for (uint64_t it = b; it < e; it++) {
        float xb[NK_CHUNK], yb[NK_CHUNK];
        const uint64_t row = it / bn->chunks_per_row, j0 = (it % bn->chunks_per_row) * NK_CHUNK;
        const size_t w = (size_t)(bn->W - j0 < NK_CHUNK ? bn->W - j0 : NK_CHUNK);
        uint64_t coord[PYDML_MAX_DIMS], off[NT];
        ax_offsets_n(&bn->rows, row, coord, off);
        for (int t = 0; t < 3; t++) off[t] += j0 * bn->r.st[t][last];
        const float* xs = xb;
        if (direct_in) xs = (const float*)bn->x->data + off[0];
        else load_row(p->dtype, bn->x->data, off[0], bn->r.st[0][last], w, xb);
        float* yd = direct_out ? (float*)bn->y->data + off[1] : NULL;
#ifdef NK_X86
        if (yd && bn->stream_row && bn->r.st[2][last] == 0) {
            nk_bn_stream(xs, yd, w, bn->tm[off[2]], bn->ta[off[2]], bn->tb[off[2]]);
            continue;
        }
#endif
        float* ys = yd && !bn->stream ? yd : yb;
        bn->k->bn(xs, ys, w, bn->tm + off[2], bn->ta + off[2], bn->tb + off[2], (size_t)bn->r.st[2][last]);
        if (p->has_act) pydml_activation_apply(&p->act, ys, w);
        if (!direct_out) store_row(p->dtype, ys, w, bn->y->data, off[1], bn->r.st[1][last]);
        else if (ys != yd) pydml_stream_copy_f32_wide(yd, yb, w, bn->stream);
    }
    if (bn->stream) pydml_stream_fence();
    return PYDML_STATUS_SUCCESS;
}

static pydml_status run_bn(const norm_plan* p, const pydml_tensor* const* in, const pydml_tensor* y,
                           const pydml_workspace* ws) {
    /* parameter space: each dimension the input's size where any parameter varies, else 1 */
    uint32_t P[PYDML_MAX_DIMS];
    uint64_t pst[PYDML_MAX_DIMS];
    uint64_t pcount = 1;
    for (uint32_t d = 0; d < p->n; d++) {
        P[d] = 1;
        for (int t = 0; t < 4; t++)
            if (p->psizes[t][d] != 1) P[d] = p->sizes[d];
    }
    for (uint32_t d = p->n; d-- > 0;) {
        pst[d] = P[d] == 1 ? 0 : pcount;
        pcount *= P[d];
    }
    double* tab = pydml_workspace_part(ws, 0, pcount * 3 * sizeof(double));   /* layout's table */
    if (tab == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    double *tm = tab, *ta = tab + pcount, *tb = tab + 2 * pcount;
    uint64_t vst[4][PYDML_MAX_DIMS];
    for (int t = 0; t < 4; t++) bstrides(in[1 + t], p->n, vst[t]);
    for (uint64_t i = 0; i < pcount; i++) {
        uint64_t o = i, off[4] = {0, 0, 0, 0};
        for (uint32_t d = p->n; d-- > 0;) {
            const uint64_t c = o % P[d];
            o /= P[d];
            for (int t = 0; t < 4; t++) off[t] += c * vst[t][d];
        }
        const double m = elem(p->dtype, in[1]->data, off[0]);
        const double v = elem(p->dtype, in[2]->data, off[1]);
        const double s = elem(p->dtype, in[3]->data, off[2]);
        const double b = elem(p->dtype, in[4]->data, off[3]);
        tm[i] = m;
        ta[i] = s / sqrt(v + p->eps);
        tb[i] = b;
    }
    uint64_t st[NT][PYDML_MAX_DIMS];
    bstrides(in[0], p->n, st[0]);
    bstrides(y, p->n, st[1]);
    memcpy(st[2], pst, sizeof pst);
    memset(st[3], 0, sizeof st[3]);
    bn_run b = {p, &nk_isa[pydml_ew_isa()], in[0], y, tm, ta, tb, {0}, {0}, 0, 0, 0, 0};
    collect(p, st, 0, 0, &b.r);
    const uint32_t last = b.r.n - 1;
    b.W = b.r.size[last];
    b.rows = b.r;
    ax_remove_dim(&b.rows, last);
    const uint64_t rows = ax_count(&b.r) / b.W;
    b.chunks_per_row = (b.W + NK_CHUNK - 1) / NK_CHUNK;
    /* A FLOAT32 output of an execute past the last-level cache is streamed (stream_store.h), as the
     * element-wise engine's past EW_STREAM_BYTES: an ordinary store reads each output line first.
     * Rows of one parameter from the registers (nk_bn_stream), the others a chunk at a time through
     * the L1 stage. [16, 128, 64, 64] on 2 threads of the Intel host (AVX-512 path): 13-19 GB/s of
     * input read and output written with ordinary stores, 17-21 through the stage, 21-28 from the
     * registers. */
    if (p->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && rows * b.W * 2 * sizeof(float) > NK_STREAM_BYTES) {
        const int isa = pydml_ew_isa();
        b.stream = isa == EW_ISA_AVX512 ? 64u : isa == EW_ISA_AVX2 ? 32u : 16u;
        b.stream_row = isa != EW_ISA_PORTABLE && !p->has_act;
    }
    /* equal ranges of uniform chunks, a few per thread (a grain of NK_GRAIN items was 1,024 hand-outs
     * for [16, 64, 56, 56]) */
    const pydml_axis_loop loop = {rows * b.chunks_per_row, rows * b.W, NK_PARALLEL_MIN, 0, NK_CHUNKS_PER_THREAD, 0, 0};
    return pydml_axis_for_range(&loop, bn_chunks, &b);
}

/* ---- LOCAL_RESPONSE_NORMALIZATION ---- */

typedef struct lrn_run {
    const norm_plan* p;
    const nk_kernels* k;
    const pydml_tensor *x, *y;
    uint64_t N, C, H, W;
    int64_t lo, hi;                     /* the window: [i - lo, i + hi] */
    double c;                           /* alpha / LocalSize */
    int mode;                           /* Beta 0.75, 0.5, other */
} lrn_run;

/* Cross-channel: (n, h) rows [b, e), C x W values each, windows along C. scratch: W doubles
 * (sums), then C W + W floats (the row, an output row). */
static pydml_status lrn_cross(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    const lrn_run* l = ctx;
    const norm_plan* p = l->p;
    const uint64_t C = l->C, H = l->H, W = l->W;
    const uint64_t* xs = l->x->strides;
    const uint64_t* ys = l->y->strides;
    double* acc = scratch;
    float* xb = (float*)(acc + W);
    float* yb = xb + C * W;
    for (uint64_t it = b; it < e; it++) {
        const uint64_t n = it / H, h = it % H;
        for (uint64_t ch = 0; ch < C; ch++)
            load_row(p->dtype, l->x->data, n * xs[0] + ch * xs[1] + h * xs[2], xs[3], (size_t)W, xb + ch * W);
        for (int64_t ch = 0; ch < (int64_t)C; ch++) {
            const int64_t a = ch - l->lo < 0 ? 0 : ch - l->lo;
            const int64_t z = ch + l->hi > (int64_t)C - 1 ? (int64_t)C - 1 : ch + l->hi;
            for (uint64_t w = 0; w < W; w++) acc[w] = 0.0;
            for (int64_t q = a; q <= z; q++) {
                const float* row = xb + (uint64_t)q * W;
                for (uint64_t w = 0; w < W; w++) acc[w] += (double)row[w] * (double)row[w];
            }
            l->k->lrn(xb + (uint64_t)ch * W, yb, acc, (size_t)W, p->bias, l->c, p->beta, l->mode);
            store_row(p->dtype, yb, (size_t)W, l->y->data, n * ys[0] + (uint64_t)ch * ys[1] + h * ys[2], ys[3]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* Within a channel: (n, c) planes [b, e), box sums along W, then along H. scratch: H W + W doubles
 * (row sums, sums), then H W + W floats (the plane, an output row). */
static pydml_status lrn_plane(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    const lrn_run* l = ctx;
    const norm_plan* p = l->p;
    const uint64_t C = l->C, H = l->H, W = l->W;
    const uint64_t* xs = l->x->strides;
    const uint64_t* ys = l->y->strides;
    double* rs = scratch;
    double* acc = rs + H * W;
    float* xb = (float*)(acc + W);
    float* yb = xb + H * W;
    for (uint64_t it = b; it < e; it++) {
        const uint64_t n = it / C, ch = it % C;
        for (uint64_t h = 0; h < H; h++)
            load_row(p->dtype, l->x->data, n * xs[0] + ch * xs[1] + h * xs[2], xs[3], (size_t)W, xb + h * W);
        for (uint64_t h = 0; h < H; h++) {
            const float* row = xb + h * W;
            for (int64_t w = 0; w < (int64_t)W; w++) {
                const int64_t a = w - l->lo < 0 ? 0 : w - l->lo;
                const int64_t z = w + l->hi > (int64_t)W - 1 ? (int64_t)W - 1 : w + l->hi;
                double sum = 0.0;
                for (int64_t q = a; q <= z; q++) sum += (double)row[q] * (double)row[q];
                rs[h * W + (uint64_t)w] = sum;
            }
        }
        for (int64_t h = 0; h < (int64_t)H; h++) {
            const int64_t a = h - l->lo < 0 ? 0 : h - l->lo;
            const int64_t z = h + l->hi > (int64_t)H - 1 ? (int64_t)H - 1 : h + l->hi;
            for (uint64_t w = 0; w < W; w++) acc[w] = 0.0;
            for (int64_t q = a; q <= z; q++)
                for (uint64_t w = 0; w < W; w++) acc[w] += rs[(uint64_t)q * W + w];
            l->k->lrn(xb + (uint64_t)h * W, yb, acc, (size_t)W, p->bias, l->c, p->beta, l->mode);
            store_row(p->dtype, yb, (size_t)W, l->y->data, n * ys[0] + ch * ys[1] + (uint64_t)h * ys[2], ys[3]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status run_lrn(const norm_plan* p, const pydml_tensor* x, const pydml_tensor* y,
                            const pydml_workspace* ws) {
    lrn_run l = {p, &nk_isa[pydml_ew_isa()], x, y, p->sizes[0], p->sizes[1], p->sizes[2], p->sizes[3], 0, 0, 0.0, 0};
    l.lo = (int64_t)((p->local_size - 1) / 2);
    l.hi = (int64_t)p->local_size - 1 - l.lo;
    l.c = p->alpha / (double)p->local_size;
    l.mode = p->beta == 0.75 ? 0 : p->beta == 0.5 ? 1 : 2;
    const uint64_t work = l.N * l.C * l.H * l.W;
    const pydml_axis_loop loop = {p->cross ? l.N * l.H : l.N * l.C, work, NK_PARALLEL_MIN, NK_GRAIN, 0, lrn_bytes(p), 0};
    return pydml_axis_for_range_in(&loop, p->cross ? lrn_cross : lrn_plane, &l, ws, 0);
}

/* ---- LP_NORMALIZATION and MEAN_VARIANCE_NORMALIZATION over an axis that is not the innermost
 * (torch's F.normalize(x, dim=1) of an image-shaped tensor, a channels-first layer norm) ----
 * Each group is L elements a row of `inner` apart, so run_groups gathered them from L pages a group
 * ([8, 64, 128, 128] over the channels: LP 48 ms, 0.56x torch; MVN 43 ms). Here the groups of one
 * outer index are columns, taken W at a time a row at a time: LP sums |x| or x^2 in double; MVN
 * sums x for the mean, then (x - mean)^2 (two passes, in double), r = 1 / sqrt(M2 / L + Epsilon);
 * each output is ((double)x - m) r rounded once, as run_group's apply (m 0, r 1 where a flag is
 * off; LP's r = 1 / max(norm, Epsilon)), then MVN's FusedActivation on the row. FLOAT32, one
 * reduced axis, the dimensions from it on packed in and out (the outer ones any stride), MVN
 * without Scale and Bias. The sums' order differs from run_group's chunks: the same float results
 * but where a double lands on a float's rounding boundary. */
#define NK_COL_TILE 256
#define NK_COLS(SUF, ATTR)                                                                         \
    ATTR static void cols_sum_##SUF(double* restrict acc, const float* restrict x, size_t w, int mode) { \
        if (mode == 0) for (size_t j = 0; j < w; j++) acc[j] += (double)x[j];                      \
        else if (mode == 1) for (size_t j = 0; j < w; j++) acc[j] += (double)fabsf(x[j]);          \
        else for (size_t j = 0; j < w; j++) acc[j] += (double)x[j] * (double)x[j];                 \
    }                                                                                              \
    ATTR static void cols_dev2_##SUF(double* restrict acc, const float* restrict x, const double* restrict m, \
                                     size_t w) {                                                   \
        for (size_t j = 0; j < w; j++) {                                                           \
            const double d = (double)x[j] - m[j];                                                  \
            acc[j] += d * d;                                                                       \
        }                                                                                          \
    }                                                                                              \
    ATTR static void cols_apply_##SUF(float* restrict y, const float* restrict x, const double* restrict m, \
                                      const double* restrict r, size_t w) {                        \
        for (size_t j = 0; j < w; j++) y[j] = (float)(((double)x[j] - m[j]) * r[j]);               \
    }
NK_COLS(c, )
#ifdef NK_X86
NK_COLS(avx2, EW_T256)
NK_COLS(avx512, EW_T512)
#endif
#undef NK_COLS

static int columns_fit(const norm_plan* p, const pydml_tensor* x, const pydml_tensor* y, uint32_t* axis) {
    if (p->dtype != DML_TENSOR_DATA_TYPE_FLOAT32) return 0;
    if (!(p->kind == NK_LP || (p->kind == NK_MVN && !p->has[0] && !p->has[1]))) return 0;
    uint32_t a = 0;
    while (a < p->n && !(p->reduced >> a & 1u)) a++;
    if (a + 1 >= p->n || p->reduced != 1u << a) return 0;
    uint64_t packed = 1;
    for (uint32_t d = p->n; d-- > a;) {
        if (p->sizes[d] > 1 && (x->strides[d] != packed || y->strides[d] != packed)) return 0;
        packed *= p->sizes[d];
    }
    *axis = a;
    return packed / p->sizes[a] > 1; /* columns: an inner extent past 1 */
}

static pydml_status run_columns(const norm_plan* p, const pydml_tensor* x, const pydml_tensor* y, uint32_t a) {
    uint64_t inner = 1, outer = 1;
    for (uint32_t d = a + 1; d < p->n; d++) inner *= p->sizes[d];
    for (uint32_t d = 0; d < a; d++) outer *= p->sizes[d];
    const uint64_t L = p->sizes[a], tiles = (inner + NK_COL_TILE - 1) / NK_COL_TILE, items = outer * tiles;
    void (*sum)(double*, const float*, size_t, int) = cols_sum_c;
    void (*dev2)(double*, const float*, const double*, size_t) = cols_dev2_c;
    void (*apply)(float*, const float*, const double*, const double*, size_t) = cols_apply_c;
#ifdef NK_X86
    const int isa = pydml_ew_isa();
    if (isa == EW_ISA_AVX512) { sum = cols_sum_avx512; dev2 = cols_dev2_avx512; apply = cols_apply_avx512; }
    else if (isa == EW_ISA_AVX2) { sum = cols_sum_avx2; dev2 = cols_dev2_avx2; apply = cols_apply_avx2; }
#endif
    const float* xd = x->data;
    float* yd = y->data;
    const int lp = p->kind == NK_LP;
    const double eps = p->eps;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (items * L * NK_COL_TILE >= NK_PARALLEL_MIN && items > 1)
#endif
    for (uint64_t it = 0; it < items; it++) {
        const uint64_t o = it / tiles, j0 = (it % tiles) * NK_COL_TILE;
        const size_t w = (size_t)(inner - j0 < NK_COL_TILE ? inner - j0 : NK_COL_TILE);
        /* the outer dimensions at any stride: offsets of index o */
        uint64_t xo = 0, yo = 0, rest = o;
        for (uint32_t d = a; d-- > 0;) {
            const uint64_t i = rest % p->sizes[d];
            rest /= p->sizes[d];
            xo += i * x->strides[d];
            yo += i * y->strides[d];
        }
        const float* xt = xd + xo + j0;
        float* yt = yd + yo + j0;
        double m[NK_COL_TILE], r[NK_COL_TILE];
        for (size_t j = 0; j < w; j++) m[j] = 0.0, r[j] = 0.0;
        if (lp) {
            for (uint64_t l = 0; l < L; l++) sum(r, xt + l * inner, w, p->p == 1 ? 1 : 2);
            for (size_t j = 0; j < w; j++) { /* finish_stats' norm: NaN kept, else at least Epsilon */
                double norm = p->p == 1 ? r[j] : sqrt(r[j]);
                norm = norm >= eps ? norm : (norm != norm ? norm : eps);
                r[j] = 1.0 / norm;
            }
        } else {
            if (p->use_mean) {
                for (uint64_t l = 0; l < L; l++) sum(m, xt + l * inner, w, 0);
                for (size_t j = 0; j < w; j++) m[j] /= (double)L;
            }
            if (p->use_var) {
                for (uint64_t l = 0; l < L; l++) dev2(r, xt + l * inner, m, w);
                for (size_t j = 0; j < w; j++) r[j] = 1.0 / sqrt(r[j] / (double)L + eps);
            } else {
                for (size_t j = 0; j < w; j++) r[j] = 1.0;
            }
        }
        for (uint64_t l = 0; l < L; l++) {
            apply(yt + l * inner, xt + l * inner, m, r, w);
            if (p->has_act) pydml_activation_apply(&p->act, yt + l * inner, w);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const norm_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != p->input_count || output_count != 1)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    const pydml_tensor* y = outputs[0];
    if ((s = check_view(inputs[0], p->dtype, p->n, p->sizes))) return s;
    if ((s = check_view(y, p->dtype, p->n, p->sizes))) return s;
    switch (p->kind) {
    case NK_BN:
        for (uint32_t t = 0; t < 4; t++)
            if ((s = check_view(inputs[1 + t], p->dtype, p->n, p->psizes[t]))) return s;
        return run_bn(p, inputs, y, ws);
    case NK_MVN: {
        for (uint32_t t = 0; t < 2; t++) {
            if ((inputs[1 + t] != NULL) != (p->has[t] != 0)) return PYDML_STATUS_INVALID_PARAMETER;
            if (inputs[1 + t] && (s = check_view(inputs[1 + t], p->dtype, p->n, p->psizes[t]))) return s;
        }
        uint32_t axis;
        if (columns_fit(p, inputs[0], y, &axis)) return run_columns(p, inputs[0], y, axis);
        return run_groups(p, inputs[0], inputs[1], inputs[2], y, ws);
    }
    case NK_LP: {
        uint32_t axis;
        if (columns_fit(p, inputs[0], y, &axis)) return run_columns(p, inputs[0], y, axis);
        return run_groups(p, inputs[0], NULL, NULL, y, ws);
    }
    default:
        return run_lrn(p, inputs[0], y, ws);
    }
}

/* ---- shared with normalization_training.c (normalization_internal.h) ---- */

void pydml_norm_load_row(uint32_t type, const void* base, uint64_t off, uint64_t stride, size_t n, float* dst) {
    load_row(type, base, off, stride, n, dst);
}

void pydml_norm_store_row(uint32_t type, const float* src, size_t n, void* base, uint64_t off, uint64_t stride) {
    store_row(type, src, n, base, off, stride);
}

double pydml_norm_chunk_moments(const float* x, size_t w, double* mean, double* m2) {
    return one_chunk(&nk_isa[pydml_ew_isa()], x, w, mean, m2);
}

void pydml_norm_combine(const double* cs, const double* sums, size_t nc, uint64_t n, double* mean, double* m2) {
    if (nc == chunks_of(n)) {
        combine_chunks(cs, sums, (size_t)n, mean, m2);
        return;
    }
    *mean = *m2 = NAN; /* callers pass every chunk */
}

/* Scratch comes from the caller's workspace: the plan is read-only while it executes, so executions
 * of one operator may run at the same time. */
const pydml_kernel_family pydml_family_normalization = {"normalization", create, destroy, execute, 0, temporary_bytes,
                                                        NULL, NULL};
