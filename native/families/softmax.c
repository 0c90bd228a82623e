/* SOFTMAX, LOG_SOFTMAX, HARDMAX and their "1" forms (softmax.h): each output element depends on
 * every element of its reduction group, so the element-wise engine does not fit; this file has
 * its own plan in the same style (view checks, coalescing, OpenMP, AVX-512/AVX2/portable).
 *
 * Reduced axes. The "1" forms reduce over their Axes (any subset, in any order). The FL1_0 forms
 * reduce over the last dimension: the SOFTMAX1/LOG_SOFTMAX1/HARDMAX1 pages say each equals its
 * FL1_0 form with Axes {DimensionCount - 1}, and the FL1_0 pages limit the input to an effective
 * rank of 2 ({1, 1, BatchCount, Width}: rules_softmax.c), i.e. rows of the last dimension.
 *
 * Formulas (pages ns-directml-dml_activation_{softmax,log_softmax,hardmax}[1]_operator_desc):
 *   softmax:     exp(x_i) / sum_k exp(x_k), computed as exp(x_i - m) / sum_k exp(x_k - m), m = max
 *   log_softmax: ln(exp(x_i) / sum_k exp(x_k)), computed as (x_i - m) - ln(sum_k exp(x_k - m))
 *   hardmax:     1 at the first maximum of the group (ARGMAX, DML_AXIS_DIRECTION_INCREASING: the
 *                smallest row-major position over the reduced axes), 0 elsewhere.
 * FLOAT32 and FLOAT16 compute in float (FLOAT16 converted on load and store). The exps (ew_expf)
 * are corrected for the rounding of x - m, sums are accumulated in double, 1 / sum is applied as
 * a double-float pair and LOG_SOFTMAX's last subtraction is done in double: float32 results stay
 * within 2 ulp of the float64 formula (3 on the portable path, which has no FMA).
 *
 * Edges the pages leave open (decisions):
 *  - NaN anywhere in a group makes the whole softmax / log_softmax group NaN (it reaches the sum).
 *  - +inf in a group: x - m is inf - inf = NaN, so the group is NaN (as torch.softmax).
 *  - A group of only -inf: the page's formula is 0 / 0, so NaN (as torch.softmax); -inf next to
 *    finite values gives 0 (log_softmax: -inf).
 *  - HARDMAX with NaN: NaN counts as the largest value (IEEE 754-2019 maximum propagates NaN, as
 *    numpy/torch argmax), so the first NaN gets the 1; ties otherwise go to the first maximum. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Let the compiler fuse a * b + c into FMA here (the build's -std=c11 turns contraction off):
 * ew_expf's reduction and polynomial, the exp correction and the hi + lo scaling only gain
 * accuracy from it, and the exp pass, the bulk of the work, measured 1.4x faster with it. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("fp-contract=fast")
#endif

#include "elementwise.h"
#include "ew_mathfn.h"
#include "softmax.h"
#include "axis_split.h"
#include "convert.h"

#ifdef _OPENMP
#define SM_PRAGMA(x) _Pragma(#x)
#else
#define SM_PRAGMA(x)
#endif

enum { SM_SOFTMAX = 0, SM_LOG_SOFTMAX = 1, SM_HARDMAX = 2 };

/* Column tiles: at most this many positions of the contiguous kept dimension at once. */
#define SM_WMAX 256
/* Floats a column tile may buffer (256 KiB: L2-resident). */
#define SM_TILE_BUDGET 65536
/* Work chunks per thread, handed out dynamically. */
#define SM_CHUNKS_PER_THREAD 16
/* Longest group whose successor is prefetched (16 KiB of FLOAT32: well inside L2). */
#define SM_PREFETCH_MAX 4096
/* Elements below which one thread runs everything (thread start-up costs more). */
#define SM_PARALLEL_MIN 32768

struct pydml_softmax_plan {
    uint32_t type;
    int fn;                            /* SM_* */
    uint32_t in_type, out_type;
    uint32_t dim_count;
    uint32_t sizes[PYDML_MAX_DIMS];
    uint32_t reduced;                  /* bit d: dimension d is reduced */
};

int pydml_softmax_supports(uint32_t type) {
    switch (type) {
    case DML_OPERATOR_ACTIVATION_SOFTMAX: case DML_OPERATOR_ACTIVATION_SOFTMAX1:
    case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX: case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1:
    case DML_OPERATOR_ACTIVATION_HARDMAX: case DML_OPERATOR_ACTIVATION_HARDMAX1:
        return 1;
    default:
        return 0;
    }
}

static int is_float_type(uint32_t t) { return t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16; }

pydml_status pydml_softmax_plan_create(const pydml_operator_info* info, const void* desc, pydml_softmax_plan** out) {
    if (info == NULL || desc == NULL || out == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *out = NULL;
    if (!pydml_softmax_supports(info->type)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(info, desc, "OutputTensor");
    if (in == NULL || o == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (!is_float_type(in->DataType) || !is_float_type(o->DataType)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    uint32_t n = in->DimensionCount;
    if (n == 0 || n > PYDML_MAX_DIMS || o->DimensionCount != n) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < n; d++)
        if (in->Sizes[d] != o->Sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    uint32_t axis_count = 0;
    const UINT* axes = NULL;
    int fn;
    switch (info->type) {
    case DML_OPERATOR_ACTIVATION_SOFTMAX: fn = SM_SOFTMAX; break;
    case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX: fn = SM_LOG_SOFTMAX; break;
    case DML_OPERATOR_ACTIVATION_HARDMAX: fn = SM_HARDMAX; break;
    case DML_OPERATOR_ACTIVATION_SOFTMAX1: {
        const DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC* d = desc;
        fn = SM_SOFTMAX; axis_count = d->AxisCount; axes = d->Axes;
        break;
    }
    case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1: {
        const DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC* d = desc;
        fn = SM_LOG_SOFTMAX; axis_count = d->AxisCount; axes = d->Axes;
        break;
    }
    default: {
        const DML_ACTIVATION_HARDMAX1_OPERATOR_DESC* d = desc;
        fn = SM_HARDMAX; axis_count = d->AxisCount; axes = d->Axes;
        break;
    }
    }
    uint32_t reduced = 0;
    const int one_form = info->type == DML_OPERATOR_ACTIVATION_SOFTMAX1 ||
                         info->type == DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 ||
                         info->type == DML_OPERATOR_ACTIVATION_HARDMAX1;
    if (one_form) {
        /* validate.c ran the rules; re-checked so that no desc reaches memory it should not */
        if (axis_count == 0 || axis_count > n || axes == NULL) return PYDML_STATUS_INVALID_PARAMETER;
        for (uint32_t i = 0; i < axis_count; i++) {
            if (axes[i] >= n || (reduced >> axes[i] & 1u)) return PYDML_STATUS_INVALID_PARAMETER;
            reduced |= 1u << axes[i];
        }
    } else {
        reduced = 1u << (n - 1);
    }
    pydml_softmax_plan* plan = calloc(1, sizeof *plan);
    if (plan == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    plan->type = info->type;
    plan->fn = fn;
    plan->in_type = in->DataType;
    plan->out_type = o->DataType;
    plan->dim_count = n;
    memcpy(plan->sizes, in->Sizes, n * sizeof(uint32_t));
    plan->reduced = reduced;
    *out = plan;
    return PYDML_STATUS_SUCCESS;
}

void pydml_softmax_plan_destroy(pydml_softmax_plan* plan) { free(plan); }

/* ---- float kernels, one body per ISA ---- */

/* exp(x - m) for x <= m. x - m is rounded in float; its exact error term (TwoSum) corrects the
 * result to first order, so that far from the maximum (x - m = -30 has an ulp of 2^-19) the
 * rounding of the difference does not cost several ulp. Infinite differences have no error term. */
static inline float sm_exp_shift(float x, float m) {
    const float d = x - m;
    const float bb = d - x;
    float err = (x - (d - bb)) + (-m - bb);
    err = err == err ? err : 0.0f;
    const float e = ew_expf(d);
    return e + e * err;
}

/* sm_exp_shift where x - m is in [-EW_EXP_LIMIT, 0] (the caller knows it: sm_soft_line):
 * ew_expf_normal is bit-identical to ew_expf there, and the error term of a finite difference is
 * finite. A NaN x still gives NaN (through the error term). */
static inline float sm_exp_shift_normal(float x, float m) {
    const float d = x - m;
    const float bb = d - x;
    const float err = (x - (d - bb)) + (-m - bb);
    const float e = ew_expf_normal(d);
    return e + e * err;
}

/* LOG_SOFTMAX's terms: e^(x - m) 2^SM_LSE_SHIFT, for x - m in (-150, 0), else 0 below (and at
 * -inf), NaN for NaN. The exps only feed the sum t = sum e^(x - m), and t must keep its relative
 * accuracy (the maximum's output is -ln(1 + t) ~ -t, down to subnormal floats), so the terms are
 * the same e^r 2^n and the same first-order correction as sm_exp_shift, but scaled by 2^100 they
 * are normal floats down to e^-150 (sm_exp_shift's 2^n is applied in two halves and rounds them to
 * subnormals below e^-87) and one scaling serves: the sum is scaled back exactly in double. Below
 * e^-150 a term is under 2^-216: even 2^32 of them are far below half the smallest subnormal.
 * Fewer operations than ew_expf's clamps, two-halves scaling and NaN selects. */
#define SM_LSE_SHIFT 100
static inline float sm_lse_term(float x, float m) {
    const float d = x - m;
    const float bb = d - x;
    const float err = (x - (d - bb)) + (-m - bb);      /* NaN only where d is +-inf or NaN */
    const float dc = ew_select(d < -150.0f, -150.0f, d);   /* NaN stays NaN */
    float r;
    const float tt = ew_exp_reduce(dc, &r);
    const float p = ew_expf_poly(r);
    /* 2^(n + 100): n in [-217, 0], a normal float's exponent */
    const float sc = ew_bits_to_float((ew_float_to_bits(tt) - 0x4b400000u + 127u + SM_LSE_SHIFT) << 23);
    const float e = p * sc;
    return ew_select(d < -150.0f, 0.0f, e + e * err);
}

/* HARDMAX of a line: the first maximum, or the first NaN when there is one (NaN counts as larger
 * than every number). Both searches test blocks whole before looking inside one. */
#define SM_FIND(name, TEST)                                                                        \
    static inline size_t name(const float* x, size_t n, float m) {                                 \
        (void)m;                                                                                   \
        size_t k0 = 0;                                                                             \
        for (; k0 + 64 <= n; k0 += 64) {                                                           \
            int hit = 0;                                                                           \
            for (size_t k = k0; k < k0 + 64; k++) hit |= (TEST);                                   \
            if (hit) break;                                                                        \
        }                                                                                          \
        for (size_t k = k0; k < n; k++)                                                            \
            if (TEST) return k;                                                                    \
        return 0;                                                                                  \
    }
SM_FIND(sm_first_equal, x[k] == m)
SM_FIND(sm_first_nan, x[k] != x[k])

/* ln(c + t) for LOG_SOFTMAX's sum: c terms are exactly 1 (the maxima, x - m == 0), t the sum of
 * the others (NaN when an x - m is: a NaN or +inf in the group still makes it NaN). Kept apart
 * because c + t in double loses t's low digits exactly when the result is small (one maximum and
 * t = 1e-10 leave t 6 significant digits); ln(c) + ln1p(t / c) keeps them. */
static inline double sm_log_sum(double c, double t) { return c > 0.0 ? log(c) + log1p(t / c) : log(t); }

#ifdef EW_X86
/* sm_lse_term on 8 lanes, step for step; *top: the lanes where x - m == 0 (their term is 0 here:
 * the maxima are counted apart, sm_log_sum) */
EW_T256 static inline __attribute__((always_inline)) __m256 sm_lse_term8(__m256 x, __m256 mv, __m256 nmv, __m256* top) {
    const __m256 d = _mm256_sub_ps(x, mv);
    const __m256 bb = _mm256_sub_ps(d, x);
    const __m256 err = _mm256_add_ps(_mm256_sub_ps(x, _mm256_sub_ps(d, bb)), _mm256_sub_ps(nmv, bb));
    const __m256 floor = _mm256_set1_ps(-150.0f);
    const __m256 low = _mm256_cmp_ps(d, floor, _CMP_LT_OQ);
    const __m256 dc = _mm256_blendv_ps(d, floor, low);
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256 tt = _mm256_fmadd_ps(dc, _mm256_set1_ps(1.44269502f), magic);
    const __m256 nf = _mm256_sub_ps(tt, magic);
    const __m256 r = _mm256_fnmadd_ps(nf, _mm256_set1_ps(EW_LN2_F_LO), _mm256_fnmadd_ps(nf, _mm256_set1_ps(EW_LN2_F), dc));
    __m256 p = _mm256_set1_ps(EW_EXPF_C6);   /* ew_expf_poly */
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C5));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C4));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C3));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C2));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    const __m256i bias = _mm256_set1_epi32((int32_t)(0x4b400000u - 127u - SM_LSE_SHIFT));
    const __m256 sc = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_sub_epi32(_mm256_castps_si256(tt), bias), 23));
    const __m256 e = _mm256_mul_ps(p, sc);
    *top = _mm256_cmp_ps(d, _mm256_setzero_ps(), _CMP_EQ_OQ);
    return _mm256_andnot_ps(_mm256_or_ps(low, *top), _mm256_fmadd_ps(e, err, e));
}

/* LOG_SOFTMAX of one contiguous line, AVX2, written out (issue 25: the generic loops ran at
 * 0.83-0.92x torch on the AVX2 host, AMD EPYC Zen 3): the terms, the count of maxima and the
 * double sum in one pass, 16 lanes a step (4 double accumulators), then ((x - m) - ln s) in
 * double 8 lanes a step, as the generic line does. */
EW_T256 static void sm_log_line_avx2(const float* x, float* y, size_t n, float m) {
    const __m256 mv = _mm256_set1_ps(m), nmv = _mm256_set1_ps(-m);
    __m256d a0 = _mm256_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
    __m256i cnt = _mm256_setzero_si256();
    size_t k = 0;
    for (; k + 16 <= n; k += 16) {
        __m256 t0, t1;
        const __m256 e0 = sm_lse_term8(_mm256_loadu_ps(x + k), mv, nmv, &t0);
        const __m256 e1 = sm_lse_term8(_mm256_loadu_ps(x + k + 8), mv, nmv, &t1);
        a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(e0)));
        a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(e0, 1)));
        a2 = _mm256_add_pd(a2, _mm256_cvtps_pd(_mm256_castps256_ps128(e1)));
        a3 = _mm256_add_pd(a3, _mm256_cvtps_pd(_mm256_extractf128_ps(e1, 1)));
        cnt = _mm256_sub_epi32(cnt, _mm256_castps_si256(t0));
        cnt = _mm256_sub_epi32(cnt, _mm256_castps_si256(t1));
    }
    _Alignas(32) double lanes[4];
    _Alignas(32) int32_t counts[8];
    _mm256_store_pd(lanes, _mm256_add_pd(_mm256_add_pd(a0, a1), _mm256_add_pd(a2, a3)));
    _mm256_store_si256((__m256i*)(void*)counts, cnt);
    double t = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]), c = 0.0;
    for (int j = 0; j < 8; j++) c += (double)counts[j];
    for (; k < n; k++) {
        const int top = x[k] - m == 0.0f;
        c += top;
        t += top ? 0.0 : (double)sm_lse_term(x[k], m);
    }
    const double ls = sm_log_sum(c, t * 0x1p-100);
    const __m256d md = _mm256_set1_pd((double)m), lsv = _mm256_set1_pd(ls);
    for (k = 0; k + 8 <= n; k += 8) {
        const __m256 v = _mm256_loadu_ps(x + k);
        const __m256d lo = _mm256_sub_pd(_mm256_sub_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(v)), md), lsv);
        const __m256d hi = _mm256_sub_pd(_mm256_sub_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)), md), lsv);
        _mm256_storeu_ps(y + k, _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo)));
    }
    for (; k < n; k++) y[k] = (float)(((double)x[k] - (double)m) - ls);
}

/* LOG_SOFTMAX of a column tile (sm_columns: L rows of W floats, w columns used, in place), AVX2:
 * strips of 8 columns, each taken through its L rows three times (maximum; terms, count and double
 * sums with the rows in pairs, 4 accumulators in registers; ((x - m) - ln s) in double), instead
 * of the generic loops' sums and counts kept in memory per column. The last w % 8 columns: the
 * same steps one column at a time. */
EW_T256 static void sm_log_columns_avx2(const float* src, size_t ss, float* dst, size_t ds, size_t L, size_t w) {
    double ls[SM_WMAX];
    float mx[SM_WMAX];
    size_t j = 0;
    for (; j + 8 <= w; j += 8) {
        __m256 mv = _mm256_set1_ps(-INFINITY);
        for (size_t r = 0; r < L; r++) mv = _mm256_max_ps(_mm256_loadu_ps(src + r * ss + j), mv);  /* NaN ignored */
        const __m256 nmv = _mm256_sub_ps(_mm256_setzero_ps(), mv);
        __m256d a0 = _mm256_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
        __m256i cnt = _mm256_setzero_si256();
        size_t r = 0;
        for (; r + 2 <= L; r += 2) {
            __m256 t0, t1;
            const __m256 e0 = sm_lse_term8(_mm256_loadu_ps(src + r * ss + j), mv, nmv, &t0);
            const __m256 e1 = sm_lse_term8(_mm256_loadu_ps(src + (r + 1) * ss + j), mv, nmv, &t1);
            a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(e0)));
            a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(e0, 1)));
            a2 = _mm256_add_pd(a2, _mm256_cvtps_pd(_mm256_castps256_ps128(e1)));
            a3 = _mm256_add_pd(a3, _mm256_cvtps_pd(_mm256_extractf128_ps(e1, 1)));
            cnt = _mm256_sub_epi32(cnt, _mm256_castps_si256(t0));
            cnt = _mm256_sub_epi32(cnt, _mm256_castps_si256(t1));
        }
        if (r < L) {
            __m256 t0;
            const __m256 e0 = sm_lse_term8(_mm256_loadu_ps(src + r * ss + j), mv, nmv, &t0);
            a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(e0)));
            a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(e0, 1)));
            cnt = _mm256_sub_epi32(cnt, _mm256_castps_si256(t0));
        }
        _Alignas(32) double sums[8];
        _Alignas(32) int32_t counts[8];
        _mm256_store_pd(sums, _mm256_add_pd(a0, a2));
        _mm256_store_pd(sums + 4, _mm256_add_pd(a1, a3));
        _mm256_store_si256((__m256i*)(void*)counts, cnt);
        for (int q = 0; q < 8; q++) ls[j + q] = sm_log_sum((double)counts[q], sums[q] * 0x1p-100);
        _mm256_storeu_ps(mx + j, mv);
    }
    /* ((x - m) - ls) row by row over every strip (as sm_log_columns_avx512) */
    for (size_t r = 0; r < L; r++)
        for (size_t q = 0; q < j; q += 8) {
            const __m256 v = _mm256_loadu_ps(src + r * ss + q), m8 = _mm256_loadu_ps(mx + q);
            const __m256d lo = _mm256_sub_pd(_mm256_sub_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(v)),
                                                           _mm256_cvtps_pd(_mm256_castps256_ps128(m8))), _mm256_loadu_pd(ls + q));
            const __m256d hi = _mm256_sub_pd(_mm256_sub_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)),
                                                           _mm256_cvtps_pd(_mm256_extractf128_ps(m8, 1))), _mm256_loadu_pd(ls + q + 4));
            _mm256_storeu_ps(dst + r * ds + q, _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo)));
        }
    for (; j < w; j++) {
        float m = -INFINITY;
        for (size_t r = 0; r < L; r++) m = src[r * ss + j] > m ? src[r * ss + j] : m;
        double t = 0.0, c = 0.0;
        for (size_t r = 0; r < L; r++) {
            const float v = src[r * ss + j];
            const int top = v - m == 0.0f;
            c += top;
            t += top ? 0.0 : (double)sm_lse_term(v, m);
        }
        const double ls = sm_log_sum(c, t * 0x1p-100);
        for (size_t r = 0; r < L; r++) dst[r * ds + j] = (float)(((double)src[r * ss + j] - (double)m) - ls);
    }
}

/* sm_lse_term8 on 16 lanes (AVX-512: the compares into masks, the maxima counted by popcount) */
EW_T512 static inline __attribute__((always_inline)) __m512 sm_lse_term16(__m512 x, __m512 mv, __m512 nmv, __mmask16* top) {
    const __m512 d = _mm512_sub_ps(x, mv);
    const __m512 bb = _mm512_sub_ps(d, x);
    const __m512 err = _mm512_add_ps(_mm512_sub_ps(x, _mm512_sub_ps(d, bb)), _mm512_sub_ps(nmv, bb));
    const __m512 floor = _mm512_set1_ps(-150.0f);
    const __mmask16 low = _mm512_cmp_ps_mask(d, floor, _CMP_LT_OQ);
    const __m512 dc = _mm512_mask_blend_ps(low, d, floor);
    const __m512 magic = _mm512_set1_ps(12582912.0f);
    const __m512 tt = _mm512_fmadd_ps(dc, _mm512_set1_ps(1.44269502f), magic);
    const __m512 nf = _mm512_sub_ps(tt, magic);
    const __m512 r = _mm512_fnmadd_ps(nf, _mm512_set1_ps(EW_LN2_F_LO), _mm512_fnmadd_ps(nf, _mm512_set1_ps(EW_LN2_F), dc));
    __m512 p = _mm512_set1_ps(EW_EXPF_C6);   /* ew_expf_poly */
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C5));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C4));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C3));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C2));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f));
    const __m512i bias = _mm512_set1_epi32((int32_t)(0x4b400000u - 127u - SM_LSE_SHIFT));
    const __m512 sc = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_sub_epi32(_mm512_castps_si512(tt), bias), 23));
    const __m512 e = _mm512_mul_ps(p, sc);
    *top = _mm512_cmp_ps_mask(d, _mm512_setzero_ps(), _CMP_EQ_OQ);
    return _mm512_maskz_mov_ps((__mmask16)~(low | *top), _mm512_fmadd_ps(e, err, e));
}

/* ((x - m) - ls) in double for 16 floats (the generic line's last step) */
EW_T512 static inline __attribute__((always_inline)) __m512 sm_log_out16(__m512 v, __m512d md, __m512d lsv) {
    const __m512d lo = _mm512_sub_pd(_mm512_sub_pd(_mm512_cvtps_pd(_mm512_castps512_ps256(v)), md), lsv);
    const __m512d hi = _mm512_sub_pd(_mm512_sub_pd(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))), md), lsv);
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(_mm512_cvtpd_ps(lo))),
                                               _mm256_castps_pd(_mm512_cvtpd_ps(hi)), 1));
}

/* LOG_SOFTMAX of one contiguous line, AVX-512: sm_log_line_avx2's passes on 16 lanes (issue 25:
 * on the Zen 4 host the generic loops left the last axis of [4096, 2048] at 0.89x aten on one
 * thread, CPU time, and sm_log_line_avx2 there was slower still) */
EW_T512 static void sm_log_line_avx512(const float* x, float* y, size_t n, float m) {
    const __m512 mv = _mm512_set1_ps(m), nmv = _mm512_set1_ps(-m);
    __m512d a0 = _mm512_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
    uint64_t cnt = 0;
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {
        __mmask16 t0, t1;
        const __m512 e0 = sm_lse_term16(_mm512_loadu_ps(x + k), mv, nmv, &t0);
        const __m512 e1 = sm_lse_term16(_mm512_loadu_ps(x + k + 16), mv, nmv, &t1);
        a0 = _mm512_add_pd(a0, _mm512_cvtps_pd(_mm512_castps512_ps256(e0)));
        a1 = _mm512_add_pd(a1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(e0), 1))));
        a2 = _mm512_add_pd(a2, _mm512_cvtps_pd(_mm512_castps512_ps256(e1)));
        a3 = _mm512_add_pd(a3, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(e1), 1))));
        cnt += (uint64_t)__builtin_popcount((unsigned)t0) + (uint64_t)__builtin_popcount((unsigned)t1);
    }
    _Alignas(64) double lanes[8];
    _mm512_store_pd(lanes, _mm512_add_pd(_mm512_add_pd(a0, a1), _mm512_add_pd(a2, a3)));
    double t = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
    double c = (double)cnt;
    for (; k < n; k++) {
        const int top = x[k] - m == 0.0f;
        c += top;
        t += top ? 0.0 : (double)sm_lse_term(x[k], m);
    }
    const double ls = sm_log_sum(c, t * 0x1p-100);
    const __m512d md = _mm512_set1_pd((double)m), lsv = _mm512_set1_pd(ls);
    for (k = 0; k + 16 <= n; k += 16) _mm512_storeu_ps(y + k, sm_log_out16(_mm512_loadu_ps(x + k), md, lsv));
    for (; k < n; k++) y[k] = (float)(((double)x[k] - (double)m) - ls);
}

/* LOG_SOFTMAX of a column tile, AVX-512: sm_log_columns_avx2's strips 16 columns wide; the last
 * w % 16 columns go to sm_log_columns_avx2 */
EW_T512 static void sm_log_columns_avx512(const float* src, size_t ss, float* dst, size_t ds, size_t L, size_t w) {
    double ls[SM_WMAX];
    float mx[SM_WMAX];
    size_t j = 0;
    for (; j + 16 <= w; j += 16) {
        __m512 mv = _mm512_set1_ps(-INFINITY);
        for (size_t r = 0; r < L; r++) mv = _mm512_max_ps(_mm512_loadu_ps(src + r * ss + j), mv);  /* NaN ignored */
        const __m512 nmv = _mm512_sub_ps(_mm512_setzero_ps(), mv);
        __m512d a0 = _mm512_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
        __m512i cnt = _mm512_setzero_si512();
        const __m512i one = _mm512_set1_epi32(1);
        size_t r = 0;
        for (; r + 2 <= L; r += 2) {
            __mmask16 t0, t1;
            const __m512 e0 = sm_lse_term16(_mm512_loadu_ps(src + r * ss + j), mv, nmv, &t0);
            const __m512 e1 = sm_lse_term16(_mm512_loadu_ps(src + (r + 1) * ss + j), mv, nmv, &t1);
            a0 = _mm512_add_pd(a0, _mm512_cvtps_pd(_mm512_castps512_ps256(e0)));
            a1 = _mm512_add_pd(a1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(e0), 1))));
            a2 = _mm512_add_pd(a2, _mm512_cvtps_pd(_mm512_castps512_ps256(e1)));
            a3 = _mm512_add_pd(a3, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(e1), 1))));
            cnt = _mm512_mask_add_epi32(cnt, t0, cnt, one);
            cnt = _mm512_mask_add_epi32(cnt, t1, cnt, one);
        }
        if (r < L) {
            __mmask16 t0;
            const __m512 e0 = sm_lse_term16(_mm512_loadu_ps(src + r * ss + j), mv, nmv, &t0);
            a0 = _mm512_add_pd(a0, _mm512_cvtps_pd(_mm512_castps512_ps256(e0)));
            a1 = _mm512_add_pd(a1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(e0), 1))));
            cnt = _mm512_mask_add_epi32(cnt, t0, cnt, one);
        }
        _Alignas(64) double sums[16];
        _Alignas(64) int32_t counts[16];
        _mm512_store_pd(sums, _mm512_add_pd(a0, a2));
        _mm512_store_pd(sums + 8, _mm512_add_pd(a1, a3));
        _mm512_store_si512((void*)counts, cnt);
        for (int q = 0; q < 16; q++) ls[j + q] = sm_log_sum((double)counts[q], sums[q] * 0x1p-100);
        _mm512_storeu_ps(mx + j, mv);
    }
    /* ((x - m) - ls) row by row over every strip: each output row written whole (strip by strip,
     * 64 bytes of each of L rows a pass, ran 10 % slower through the output's 4 KiB row stride) */
    for (size_t r = 0; r < L; r++)
        for (size_t q = 0; q < j; q += 16) {
            const __m512 m16 = _mm512_loadu_ps(mx + q);
            const __m512 v = _mm512_loadu_ps(src + r * ss + q);
            const __m512d lo = _mm512_sub_pd(_mm512_sub_pd(_mm512_cvtps_pd(_mm512_castps512_ps256(v)),
                                                           _mm512_cvtps_pd(_mm512_castps512_ps256(m16))), _mm512_loadu_pd(ls + q));
            const __m512d hi = _mm512_sub_pd(_mm512_sub_pd(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))),
                                                           _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(m16), 1)))),
                                             _mm512_loadu_pd(ls + q + 8));
            _mm512_storeu_ps(dst + r * ds + q, _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(_mm512_cvtpd_ps(lo))),
                                                                                   _mm256_castps_pd(_mm512_cvtpd_ps(hi)), 1)));
        }
    if (j < w) sm_log_columns_avx2(src + j, ss, dst + j, ds, L, w - j);
}
#define SM_LOG_LINE_avx2(x, y, n, m) (sm_log_line_avx2((x), (y), (n), (m)), 1)
#define SM_LOG_COLUMNS_avx2(buf, L, W, w) (sm_log_columns_avx2((buf), (W), (buf), (W), (L), (w)), 1)
#define SM_LOG_LINE_avx512(x, y, n, m) (sm_log_line_avx512((x), (y), (n), (m)), 1)
#define SM_LOG_COLUMNS_avx512(buf, L, W, w) (sm_log_columns_avx512((buf), (W), (buf), (W), (L), (w)), 1)
#else
#define SM_LOG_LINE_avx2(x, y, n, m) 0
#define SM_LOG_COLUMNS_avx2(buf, L, W, w) 0
#define SM_LOG_LINE_avx512(x, y, n, m) 0
#define SM_LOG_COLUMNS_avx512(buf, L, W, w) 0
#endif
/* the portable path takes the generic loops */
#define SM_LOG_LINE_c(x, y, n, m) 0
#define SM_LOG_COLUMNS_c(buf, L, W, w) 0


/* Elements per block of the exp pass: the block's exps (float, full vector width) are summed in
 * double by a second loop over the L1-resident block (a loop mixing the two widths would run the
 * exps at half width). */
#define SM_BLOCK 256
/* Independent accumulator lanes of the maximum (floats) and the sum (doubles): 4 AVX-512
 * registers each, combined pairwise in a fixed order (the sum was one scalar chain before). */
#define SM_FLANES 64
#define SM_DLANES 32

/* e[0 .. nb) added into the SM_DLANES double lanes acc (independent chains) and into tail */
#define SM_LANES_ADD(acc, tail, e, nb)                                                             \
    do {                                                                                           \
        size_t k_ = 0;                                                                             \
        for (; k_ + SM_DLANES <= (nb); k_ += SM_DLANES)                                            \
            for (size_t j_ = 0; j_ < SM_DLANES; j_++) (acc)[j_] += (double)(e)[k_ + j_];           \
        for (; k_ < (nb); k_++) (tail) += (double)(e)[k_];                                         \
    } while (0)
/* the lanes combined pairwise in a fixed order, and the tail: the sum in acc[0] */
#define SM_LANES_TOTAL(acc, tail, SUF)                                                             \
    do {                                                                                           \
        (acc)[0] = sm_tree_sum_##SUF(acc) + (tail);                                                \
    } while (0)

/* The lanes' pairwise trees (SM_FLANES maxima, SM_FLANES / 2 minima, SM_DLANES sums), level by level
 * in the order of the loops they replace (lane j with lane j + w, w halving): the same operations,
 * so the same bits. The portable kernels keep the loops; the vector kernels reduce in registers
 * (compiled from the loops, the last levels ran as scalar chains through the stack, store to load:
 * a row of 128 paid as much for its trees as for its exps; issue 25, SOFTMAX rows of 128 at 0.69x
 * aten). x86 max(a, b) is a > b ? a : b, min(a, b) a < b ? a : b: the loops' selections. */
#define SM_TREE_LOOPS(SUF)                                                                         \
    static inline float sm_tree_max_##SUF(float* mv) {                                            \
        for (size_t w = SM_FLANES / 2; w > 0; w /= 2)                                              \
            for (size_t j = 0; j < w; j++) mv[j] = mv[j + w] > mv[j] ? mv[j + w] : mv[j];          \
        return mv[0];                                                                              \
    }                                                                                              \
    static inline float sm_tree_min_##SUF(float* nv) {                                            \
        for (size_t w = SM_FLANES / 4; w > 0; w /= 2)                                              \
            for (size_t j = 0; j < w; j++) nv[j] = nv[j + w] < nv[j] ? nv[j + w] : nv[j];          \
        return nv[0];                                                                              \
    }                                                                                              \
    static inline double sm_tree_sum_##SUF(double* acc) {                                         \
        for (size_t w = SM_DLANES / 2; w > 0; w /= 2)                                              \
            for (size_t j = 0; j < w; j++) acc[j] += acc[j + w];                                   \
        return acc[0];                                                                             \
    }
SM_TREE_LOOPS(c)
#ifdef EW_X86
#if SM_FLANES != 64 || SM_DLANES != 32
#error "the vector trees below reduce 64 float lanes and 32 double lanes"
#endif
#define SM_AI static inline __attribute__((always_inline))
/* 128-bit steps shared by both widths: lanes 0-3 of v with lanes 0-1 against 2-3, then 0 against 1 */
EW_T256 SM_AI float sm_max4(__m128 v) {
    v = _mm_max_ps(_mm_movehl_ps(v, v), v);
    return _mm_cvtss_f32(_mm_max_ss(_mm_movehdup_ps(v), v));
}
EW_T256 SM_AI float sm_min4(__m128 v) {
    v = _mm_min_ps(_mm_movehl_ps(v, v), v);
    return _mm_cvtss_f32(_mm_min_ss(_mm_movehdup_ps(v), v));
}
EW_T256 SM_AI double sm_sum2(__m128d v) { return _mm_cvtsd_f64(_mm_add_sd(v, _mm_unpackhi_pd(v, v))); }
EW_T256 SM_AI float sm_tree_max_avx2(float* mv) {
    __m256 m[8];
    for (int i = 0; i < 8; i++) m[i] = _mm256_loadu_ps(mv + 8 * i);
    for (int i = 0; i < 4; i++) m[i] = _mm256_max_ps(m[i + 4], m[i]); /* w = 32 */
    for (int i = 0; i < 2; i++) m[i] = _mm256_max_ps(m[i + 2], m[i]); /* w = 16 */
    m[0] = _mm256_max_ps(m[1], m[0]);                                  /* w = 8 */
    return sm_max4(_mm_max_ps(_mm256_extractf128_ps(m[0], 1), _mm256_castps256_ps128(m[0])));
}
EW_T256 SM_AI float sm_tree_min_avx2(float* nv) {
    __m256 m[4];
    for (int i = 0; i < 4; i++) m[i] = _mm256_loadu_ps(nv + 8 * i);
    for (int i = 0; i < 2; i++) m[i] = _mm256_min_ps(m[i + 2], m[i]); /* w = 16 */
    m[0] = _mm256_min_ps(m[1], m[0]);                                  /* w = 8 */
    return sm_min4(_mm_min_ps(_mm256_extractf128_ps(m[0], 1), _mm256_castps256_ps128(m[0])));
}
EW_T256 SM_AI double sm_tree_sum_avx2(double* acc) {
    __m256d a[8];
    for (int i = 0; i < 8; i++) a[i] = _mm256_loadu_pd(acc + 4 * i);
    for (int i = 0; i < 4; i++) a[i] = _mm256_add_pd(a[i], a[i + 4]); /* w = 16 */
    for (int i = 0; i < 2; i++) a[i] = _mm256_add_pd(a[i], a[i + 2]); /* w = 8 */
    a[0] = _mm256_add_pd(a[0], a[1]);                                  /* w = 4 */
    return sm_sum2(_mm_add_pd(_mm256_castpd256_pd128(a[0]), _mm256_extractf128_pd(a[0], 1)));
}
EW_T512 SM_AI float sm_tree_max_avx512(float* mv) {
    __m512 m[4];
    for (int i = 0; i < 4; i++) m[i] = _mm512_loadu_ps(mv + 16 * i);
    for (int i = 0; i < 2; i++) m[i] = _mm512_max_ps(m[i + 2], m[i]); /* w = 32 */
    m[0] = _mm512_max_ps(m[1], m[0]);                                  /* w = 16 */
    const __m256 h = _mm256_max_ps(_mm512_extractf32x8_ps(m[0], 1), _mm512_castps512_ps256(m[0])); /* w = 8 */
    return sm_max4(_mm_max_ps(_mm256_extractf128_ps(h, 1), _mm256_castps256_ps128(h)));
}
EW_T512 SM_AI float sm_tree_min_avx512(float* nv) {
    __m512 m[2];
    for (int i = 0; i < 2; i++) m[i] = _mm512_loadu_ps(nv + 16 * i);
    m[0] = _mm512_min_ps(m[1], m[0]); /* w = 16 */
    const __m256 h = _mm256_min_ps(_mm512_extractf32x8_ps(m[0], 1), _mm512_castps512_ps256(m[0])); /* w = 8 */
    return sm_min4(_mm_min_ps(_mm256_extractf128_ps(h, 1), _mm256_castps256_ps128(h)));
}
EW_T512 SM_AI double sm_tree_sum_avx512(double* acc) {
    __m512d a[4];
    for (int i = 0; i < 4; i++) a[i] = _mm512_loadu_pd(acc + 8 * i);
    for (int i = 0; i < 2; i++) a[i] = _mm512_add_pd(a[i], a[i + 2]); /* w = 16 */
    a[0] = _mm512_add_pd(a[0], a[1]);                                  /* w = 8 */
    const __m256d h = _mm256_add_pd(_mm512_castpd512_pd256(a[0]), _mm512_extractf64x4_pd(a[0], 1)); /* w = 4 */
    return sm_sum2(_mm_add_pd(_mm256_castpd256_pd128(h), _mm256_extractf128_pd(h, 1)));
}
#undef SM_AI
#else
SM_TREE_LOOPS(avx2)
SM_TREE_LOOPS(avx512)
#endif
#undef SM_TREE_LOOPS

/* pydml_debug_softmax_trees (include/pydml.h): each path's trees, called from a function of its
 * own target (the vector trees are always-inline) */
#define SM_TREES(SUF, ATTR)                                                                        \
    ATTR static void sm_trees_##SUF(float* mv, float* nv, double* acc, float* extrema, double* sum) { \
        extrema[0] = sm_tree_max_##SUF(mv);                                                        \
        extrema[1] = sm_tree_min_##SUF(nv);                                                        \
        *sum = sm_tree_sum_##SUF(acc);                                                             \
    }
SM_TREES(c, )
SM_TREES(avx2, EW_T256)
SM_TREES(avx512, EW_T512)
#undef SM_TREES

void pydml_debug_softmax_trees(const float* maxima, const float* minima, const double* sums, float* extrema,
                               double* sum) {
    float mv[SM_FLANES], nv[SM_FLANES / 2];
    double acc[SM_DLANES];
    memcpy(mv, maxima, sizeof mv);
    memcpy(nv, minima, sizeof nv);
    memcpy(acc, sums, sizeof acc);
    const int isa = pydml_ew_isa();
    if (isa == EW_ISA_AVX512) sm_trees_avx512(mv, nv, acc, extrema, sum);
    else if (isa == EW_ISA_AVX2) sm_trees_avx2(mv, nv, acc, extrema, sum);
    else sm_trees_c(mv, nv, acc, extrema, sum);
}

typedef struct sm_kernels {
    /* one group of n contiguous floats: x -> y (y may be x) */
    void (*line)(int fn, const float* x, float* y, size_t n);
    /* L groups side by side: rows of W floats in buf, w columns used, in place */
    void (*columns)(int fn, float* buf, size_t L, size_t W, size_t w);
    void (*load_f16)(const uint16_t* s, float* d, size_t n);
    void (*store_f16)(const float* s, uint16_t* d, size_t n);
    /* SOFTMAX / LOG_SOFTMAX of one group of n contiguous FLOAT16 into n contiguous FLOAT16 (y may
     * be x), through buf (n floats) */
    void (*line16)(int fn, const uint16_t* x, uint16_t* y, size_t n, float* buf);
    /* LOG_SOFTMAX of w FLOAT32 columns of L rows read from src and written to dst straight (rows
     * ss / ds floats apart; dst may be src): column tiles without the copies through the tile
     * buffer. NULL: none (the tile buffer's path). */
    void (*log_columns)(const float* src, size_t ss, float* dst, size_t ds, size_t L, size_t w);
} sm_kernels;

/* sm_soft_exps: on AVX2 out of line: inlined, the sum's lanes (8 of the 16 registers) held
 * across its loop spilled the exp's constants (issue 25, Zen 4, AVX2 path, last axis of
 * [4096, 2048], one thread, CPU time, builds alternating: 5.1-5.9 ms inlined, 4.9-5.1 ms not); the
 * AVX-512 path has 32 registers and measured 4.24-4.37 ms inlined, 4.34-4.47 ms not. */
#define SM_EXPS_INLINE_c inline
#define SM_EXPS_INLINE_avx2 __attribute__((noinline))
#define SM_EXPS_INLINE_avx512 inline

/* y = e / s is e * (1 / s); 1 / s, kept in double, is applied as hi + lo floats so that the
 * product rounds once instead of twice (double arithmetic here costs half the vector width). */
#define SM_KERNELS(SUF, ATTR)                                                                      \
    /* the maximum (NaN ignored: it reaches the sum), in SM_FLANES independent lanes: one          \
     * vector accumulator made the pass latency bound */                                          \
    ATTR static float sm_line_max_##SUF(const float* restrict x, size_t n) {                       \
        float mv[SM_FLANES];                                                                       \
        for (size_t j = 0; j < SM_FLANES; j++) mv[j] = -INFINITY;                                  \
        size_t k = 0;                                                                              \
        for (; k + SM_FLANES <= n; k += SM_FLANES)                                                 \
            for (size_t j = 0; j < SM_FLANES; j++) mv[j] = x[k + j] > mv[j] ? x[k + j] : mv[j];    \
        float m = sm_tree_max_##SUF(mv);                                                           \
        for (; k < n; k++) m = x[k] > m ? x[k] : m;                                                \
        return m;                                                                                  \
    }                                                                                              \
    /* sm_line_max's maximum (the same lanes) and the minimum (NaN ignored too), in the same pass \
     * (it waits on memory: the minimum is nearly free), the minimum's lanes in pairs */           \
    ATTR static float sm_line_minmax_##SUF(const float* restrict x, size_t n, float* mn) {         \
        float mv[SM_FLANES], nv[SM_FLANES / 2];                                                    \
        for (size_t j = 0; j < SM_FLANES; j++) mv[j] = -INFINITY;                                  \
        for (size_t j = 0; j < SM_FLANES / 2; j++) nv[j] = INFINITY;                               \
        size_t k = 0;                                                                              \
        for (; k + SM_FLANES <= n; k += SM_FLANES) {                                               \
            for (size_t j = 0; j < SM_FLANES; j++) mv[j] = x[k + j] > mv[j] ? x[k + j] : mv[j];    \
            for (size_t j = 0; j < SM_FLANES / 2; j++) {                                           \
                const float a = x[k + j], b = x[k + j + SM_FLANES / 2], lo = a < b ? a : b;        \
                nv[j] = lo < nv[j] ? lo : nv[j];                                                   \
            }                                                                                      \
        }                                                                                          \
        float m = sm_tree_max_##SUF(mv), lo = sm_tree_min_##SUF(nv);                               \
        for (; k < n; k++) {                                                                       \
            m = x[k] > m ? x[k] : m;                                                               \
            lo = x[k] < lo ? x[k] : lo;                                                            \
        }                                                                                          \
        *mn = lo;                                                                                  \
        return m;                                                                                  \
    }                                                                                              \
    /* SOFTMAX of a line: the maximum (and minimum); exp(x - m) into y, summed in double by blocks \
     * of SM_BLOCK (L1-resident); y scaled in place. Every x - m is at least fl(min - m): when    \
     * that is in [-EW_EXP_LIMIT, 0] the exps are ew_expf_normal's (bit-identical to ew_expf      \
     * there, without its clamps, two-halves scaling and NaN select; issue 25: the exp pass is     \
     * most of the work, and with the rows in L3 on the Zen 4 host the general exp left SOFTMAX at \
     * 0.58-0.74x aten). A NaN in the row (ignored by the maximum and minimum) makes its term, and \
     * so the sum, NaN: then the row is redone with the general exp, as every row with a          \
     * difference out of range is, so that results keep their bits. */                            \
    /* a block's exps; out of line on AVX2 (SM_EXPS_INLINE) */                                    \
    ATTR SM_EXPS_INLINE_##SUF static void sm_soft_exps_##SUF(const float* restrict x, float* restrict e, \
                                                                 size_t nb, float m, int fast) {   \
        if (fast)                                                                                  \
            for (size_t k = 0; k < nb; k++) e[k] = sm_exp_shift_normal(x[k], m);                   \
        else                                                                                       \
            for (size_t k = 0; k < nb; k++) e[k] = sm_exp_shift(x[k], m);                          \
    }                                                                                              \
    ATTR static void sm_soft_line_##SUF(const float* x, float* y, size_t n) {                      \
        float mn;                                                                                  \
        const float m = sm_line_minmax_##SUF(x, n, &mn);                                           \
        int fast = y != x && mn - m >= -EW_EXP_LIMIT; /* in place, a redo would lack the input */ \
        double s;                                                                                  \
        for (;;) {                                                                                 \
            double acc[SM_DLANES], tail = 0.0; /* lanes indexed by constants only: registers */   \
            for (size_t j = 0; j < SM_DLANES; j++) acc[j] = 0.0;                                   \
            for (size_t k0 = 0; k0 < n; k0 += SM_BLOCK) {                                          \
                const size_t nb = n - k0 < SM_BLOCK ? n - k0 : SM_BLOCK;                           \
                float* e = y + k0;                                                                 \
                sm_soft_exps_##SUF(x + k0, e, nb, m, fast);                                        \
                SM_LANES_ADD(acc, tail, e, nb);                                                    \
            }                                                                                      \
            SM_LANES_TOTAL(acc, tail, SUF);                                                             \
            s = acc[0];                                                                            \
            if (!fast || s == s) break;                                                            \
            fast = 0;                                                                              \
        }                                                                                          \
        const double inv = 1.0 / s;                                                                \
        const float hi = (float)inv, lo = (float)(inv - (double)hi);                               \
        for (size_t k = 0; k < n; k++) y[k] = y[k] * hi + y[k] * lo;                               \
    }                                                                                              \
    ATTR static void sm_line_##SUF(int fn, const float* x, float* y, size_t n) {                   \
        if (fn == SM_SOFTMAX) {                                                                    \
            sm_soft_line_##SUF(x, y, n);                                                           \
            return;                                                                                \
        }                                                                                          \
        const float m = sm_line_max_##SUF(x, n);                                                   \
        if (fn == SM_HARDMAX) {                                                                    \
            int nan = 0;                                                                           \
            SM_PRAGMA(omp simd reduction(| : nan))                                                 \
            for (size_t k = 0; k < n; k++) nan |= x[k] != x[k];                                    \
            const size_t best = nan ? sm_first_nan(x, n, m) : sm_first_equal(x, n, m);            \
            for (size_t k = 0; k < n; k++) y[k] = 0.0f;                                            \
            y[best] = 1.0f;                                                                        \
            return;                                                                                \
        }                                                                                          \
        if (fn == SM_LOG_SOFTMAX && SM_LOG_LINE_##SUF(x, y, n, m)) return;                         \
        double acc[SM_DLANES], c = 0.0, tail = 0.0; /* lanes indexed by constants only: registers */ \
        for (size_t j = 0; j < SM_DLANES; j++) acc[j] = 0.0;                                       \
        float scratch[SM_BLOCK];                                                                   \
        for (size_t k0 = 0; k0 < n; k0 += SM_BLOCK) {                                              \
            const size_t nb = n - k0 < SM_BLOCK ? n - k0 : SM_BLOCK;                               \
            const float* xb = x + k0;                                                              \
            float* e = scratch; /* the maxima (x - m == 0) are counted apart: sm_log_sum */        \
            for (size_t k = 0; k < nb; k++)                                                        \
                e[k] = ew_select(xb[k] - m == 0.0f, 0.0f, sm_lse_term(xb[k], m));                  \
            unsigned bc = 0;                                                                       \
            for (size_t k = 0; k < nb; k++) bc += xb[k] - m == 0.0f;                               \
            c += bc;                                                                               \
            SM_LANES_ADD(acc, tail, e, nb);                                                        \
        }                                                                                          \
        SM_LANES_TOTAL(acc, tail, SUF);                                                                 \
        /* (x - m) first, exactly in double: m + ln(s) would round away a small result */          \
        const double md = (double)m, ls = sm_log_sum(c, acc[0] * 0x1p-100);                       \
        for (size_t k = 0; k < n; k++) y[k] = (float)(((double)x[k] - md) - ls);                   \
    }                                                                                              \
    ATTR static void sm_columns_##SUF(int fn, float* buf, size_t L, size_t W, size_t w) {          \
        float m[SM_WMAX], e[SM_WMAX];                                                              \
        double s[SM_WMAX];                                                                         \
        if (fn == SM_HARDMAX) {                                                                    \
            uint32_t idx[SM_WMAX];                                                                 \
            for (size_t j = 0; j < w; j++) { m[j] = buf[j]; idx[j] = 0; }                          \
            for (size_t r = 1; r < L; r++) {                                                       \
                const float* row = buf + r * W;                                                    \
                for (size_t j = 0; j < w; j++) {                                                   \
                    const float v = row[j], b = m[j];                                              \
                    const int take = (b == b) & ((v > b) | (v != v));                              \
                    m[j] = ew_select(take, v, b);                                                  \
                    idx[j] += ((uint32_t)r - idx[j]) & (0u - (uint32_t)take);                      \
                }                                                                                  \
            }                                                                                      \
            for (size_t r = 0; r < L; r++) {                                                       \
                float* row = buf + r * W;                                                          \
                for (size_t j = 0; j < w; j++) row[j] = idx[j] == (uint32_t)r ? 1.0f : 0.0f;       \
            }                                                                                      \
            return;                                                                                \
        }                                                                                          \
        if (fn == SM_LOG_SOFTMAX && SM_LOG_COLUMNS_##SUF(buf, L, W, w)) return;                    \
        for (size_t j = 0; j < w; j++) { m[j] = -INFINITY; s[j] = 0.0; }                           \
        for (size_t r = 0; r < L; r++) {                                                           \
            const float* row = buf + r * W;                                                        \
            for (size_t j = 0; j < w; j++) m[j] = row[j] > m[j] ? row[j] : m[j];                   \
        }                                                                                          \
        uint32_t c[SM_WMAX];                                                                       \
        for (size_t j = 0; j < w; j++) c[j] = 0;                                                   \
        for (size_t r = 0; r < L; r++) {                                                           \
            float* row = buf + r * W;                                                              \
            if (fn == SM_SOFTMAX) {                                                                \
                for (size_t j = 0; j < w; j++) row[j] = sm_exp_shift(row[j], m[j]);                \
                for (size_t j = 0; j < w; j++) s[j] += (double)row[j];                             \
            } else {                                                                               \
                for (size_t j = 0; j < w; j++) {                                                   \
                    const int top = row[j] - m[j] == 0.0f;                                         \
                    e[j] = ew_select(top, 0.0f, sm_lse_term(row[j], m[j]));                        \
                    c[j] += (uint32_t)top;                                                         \
                }                                                                                  \
                for (size_t j = 0; j < w; j++) s[j] += (double)e[j];                               \
            }                                                                                      \
        }                                                                                          \
        if (fn == SM_SOFTMAX) {                                                                    \
            float hi[SM_WMAX], lo[SM_WMAX];                                                        \
            for (size_t j = 0; j < w; j++) {                                                       \
                const double inv = 1.0 / s[j];                                                     \
                hi[j] = (float)inv;                                                                \
                lo[j] = (float)(inv - (double)hi[j]);                                              \
            }                                                                                      \
            for (size_t r = 0; r < L; r++) {                                                       \
                float* row = buf + r * W;                                                          \
                for (size_t j = 0; j < w; j++) row[j] = row[j] * hi[j] + row[j] * lo[j];           \
            }                                                                                      \
        } else {                                                                                   \
            for (size_t j = 0; j < w; j++) s[j] = sm_log_sum((double)c[j], s[j] * 0x1p-100);       \
            for (size_t r = 0; r < L; r++) {                                                       \
                float* row = buf + r * W;                                                          \
                for (size_t j = 0; j < w; j++) row[j] = (float)(((double)row[j] - (double)m[j]) - s[j]); \
            }                                                                                      \
        }                                                                                          \
    }

SM_KERNELS(c, )
SM_KERNELS(avx2, EW_T256)
SM_KERNELS(avx512, EW_T512)

/* FLOAT16 rows convert through convert.h (F16C / AVX-512 by the active CPU features, as the
 * table row is chosen) */
#define f16_load_c pydml_f16_row_to_f32
#define f16_store_c pydml_f32_row_to_f16
#define f16_load_avx2 pydml_f16_row_to_f32
#define f16_store_avx2 pydml_f32_row_to_f16
#define f16_load_avx512 pydml_f16_row_to_f32
#define f16_store_avx512 pydml_f32_row_to_f16

/* FLOAT16 in and out: the float results are rounded to half precision (2^13 float ulps), so the
 * float32 path's care is not needed here: exp(x - m) without the correction for the rounding of
 * x - m (outputs above half's smallest subnormal, 2^-24, need x - m > -17 where that rounding
 * costs at most 2^-20 relative), 1 / s applied as one float, and LOG_SOFTMAX's (x - m) - ln(s) in
 * float (x - m <= 0 and ln(s) >= 0: no cancellation, within 1.5 float ulp). The sum stays double.
 * Results are within one half ulp of the float64 formula plus a few float ulps. Every path runs this
 * line (LOG_SOFTMAX on AVX2 and AVX-512 once took the float32 line, sm_log_line_avx2 /
 * sm_log_line_avx512, on the converted row, whose terms cost less than ew_expf; with the short exp
 * this line is the faster, and the paths give the same bits). */
#define SM_LINE16(SUF, ATTR)                                                                       \
    ATTR static void sm_line16_##SUF(int fn, const uint16_t* x, uint16_t* y, size_t n, float* restrict buf) { \
        f16_load_##SUF(x, buf, n);                                                                 \
        float mn;                                                                                  \
        const float m = sm_line_minmax_##SUF(buf, n, &mn);                                         \
        /* ew_expf_normal where every x - m is within [-EW_EXP_LIMIT, 0] (ew_expf's bits there, at \
         * half its operations: the exp pass is most of the line; issue 25, last axis of [4096,    \
         * 2048], 2 threads of the Intel host: SOFTMAX 0.89-0.95x -> 1.06-1.25x torch, LOG_SOFTMAX \
         * 4.5-7.0 -> 3.6-4.6 ms, builds alternated). A NaN, which the maximum and minimum ignore, \
         * makes the sum NaN, whose sign the short exp does not keep: such a row is reloaded (y  \
         * is written last: x is still the input) and redone with ew_expf, as the float32 line    \
         * redoes it. */                                                                           \
        int fast = mn - m >= -EW_EXP_LIMIT;                                                        \
    redo_##SUF:;                                                                                   \
        double acc[SM_DLANES], c = 0.0, tail = 0.0; /* lanes indexed by constants only: registers */ \
        for (size_t j = 0; j < SM_DLANES; j++) acc[j] = 0.0;                                       \
        float scratch[SM_BLOCK];                                                                   \
        for (size_t k0 = 0; k0 < n; k0 += SM_BLOCK) {                                              \
            const size_t nb = n - k0 < SM_BLOCK ? n - k0 : SM_BLOCK;                               \
            float* restrict b = buf + k0;                                                          \
            const float* e = b;                                                                    \
            if (fn == SM_SOFTMAX) {                                                                \
                if (fast) for (size_t k = 0; k < nb; k++) b[k] = ew_expf_normal(b[k] - m);         \
                else for (size_t k = 0; k < nb; k++) b[k] = ew_expf(b[k] - m);                     \
            } else { /* the maxima (x - m == 0) are counted apart: sm_log_sum */                   \
                if (fast)                                                                          \
                    for (size_t k = 0; k < nb; k++)                                                \
                        scratch[k] = ew_select(b[k] - m == 0.0f, 0.0f, ew_expf_normal(b[k] - m));  \
                else                                                                               \
                    for (size_t k = 0; k < nb; k++)                                                \
                        scratch[k] = ew_select(b[k] - m == 0.0f, 0.0f, ew_expf(b[k] - m));         \
                unsigned bc = 0;                                                                   \
                for (size_t k = 0; k < nb; k++) bc += b[k] - m == 0.0f;                            \
                c += bc;                                                                           \
                e = scratch;                                                                       \
            }                                                                                      \
            SM_LANES_ADD(acc, tail, e, nb);                                                        \
        }                                                                                          \
        SM_LANES_TOTAL(acc, tail, SUF);                                                                 \
        if (fast && acc[0] != acc[0]) {                                                            \
            f16_load_##SUF(x, buf, n);                                                             \
            fast = 0;                                                                              \
            goto redo_##SUF;                                                                       \
        }                                                                                          \
        if (fn == SM_SOFTMAX) {                                                                    \
            const float f = (float)(1.0 / acc[0]);                                                 \
            for (size_t k = 0; k < n; k++) buf[k] *= f;                                            \
        } else {                                                                                   \
            const float ls = (float)sm_log_sum(c, acc[0]);                                         \
            for (size_t k = 0; k < n; k++) buf[k] = (buf[k] - m) - ls;                             \
        }                                                                                          \
        f16_store_##SUF(buf, y, n);                                                                \
    }

SM_LINE16(c, )
SM_LINE16(avx2, EW_T256)
SM_LINE16(avx512, EW_T512)

#ifdef EW_X86
#define SM_LOG_COLUMNS_DIRECT_avx2 sm_log_columns_avx2
#define SM_LOG_COLUMNS_DIRECT_avx512 sm_log_columns_avx512
#else
#define SM_LOG_COLUMNS_DIRECT_avx2 NULL
#define SM_LOG_COLUMNS_DIRECT_avx512 NULL
#endif
static const sm_kernels sm_isa_kernels[3] = {
    {sm_line_c, sm_columns_c, f16_load_c, f16_store_c, sm_line16_c, NULL},
    {sm_line_avx2, sm_columns_avx2, f16_load_avx2, f16_store_avx2, sm_line16_avx2, SM_LOG_COLUMNS_DIRECT_avx2},
    {sm_line_avx512, sm_columns_avx512, f16_load_avx512, f16_store_avx512, sm_line16_avx512, SM_LOG_COLUMNS_DIRECT_avx512},
};

/* ---- strided runs: n elements at p (stride in elements, 0 repeats one element) ---- */

static void load_run(const sm_kernels* k, uint32_t type, const char* p, uint64_t stride, size_t n, float* dst) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = (const float*)p;
        if (stride == 1) memcpy(dst, s, n * sizeof(float));
        else for (size_t i = 0; i < n; i++) dst[i] = s[i * stride];
    } else {
        const uint16_t* s = (const uint16_t*)p;
        if (stride == 1) k->load_f16(s, dst, n);
        else for (size_t i = 0; i < n; i++) dst[i] = pydml_f16_to_f32(s[i * stride]);
    }
}

static void store_run(const sm_kernels* k, uint32_t type, const float* src, size_t n, char* p, uint64_t stride) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = (float*)p;
        if (stride == 1) memcpy(d, src, n * sizeof(float));
        else for (size_t i = 0; i < n; i++) d[i * stride] = src[i];
    } else {
        uint16_t* d = (uint16_t*)p;
        if (stride == 1) k->store_f16(src, d, n);
        else for (size_t i = 0; i < n; i++) d[i * stride] = pydml_f32_to_f16(src[i]);
    }
}

/* ---- execution ---- */

typedef struct sm_run {
    const pydml_softmax_plan* plan;
    const sm_kernels* k;
    const char* in;
    char* out;
    size_t in_bytes, out_bytes;
    ax_dims keep;                      /* the groups: every kept coordinate (column mode: but v) */
    uint64_t L;                        /* elements per group */
    uint64_t inner, in_inner, out_inner;   /* innermost reduced dimension: size, strides */
    uint64_t runs;                     /* L / inner */
    const uint64_t* run_in;            /* element offsets of each run of the inner dimension */
    const uint64_t* run_out;
    int in_direct, out_direct;         /* line mode: a group is one contiguous FLOAT32 run */
    int half_line;                     /* line mode: FLOAT16 in and out, one contiguous run each */
    int prefetch;                      /* line mode: contiguous groups of at most SM_PREFETCH_MAX */
    int column;                        /* column mode: tiles along the kept dimension v */
    int log_direct;                    /* column mode: LOG_SOFTMAX tiles by k->log_columns */
    uint64_t v_size, v_in, v_out, W, tiles;
} sm_run;

/* buf: L floats for the input unless it is read in place, then L floats for the output unless it
 * is written in place. The two never share memory: a kernel's loops reading x[k] and writing
 * y[k] with y == x failed GCC's overlap check and ran its scalar version (2x slower). */
static void run_line(const sm_run* r, uint64_t in_off, uint64_t out_off, float* buf) {
    const pydml_softmax_plan* p = r->plan;
    if (r->half_line) {
        r->k->line16(p->fn, (const uint16_t*)r->in + in_off, (uint16_t*)r->out + out_off, (size_t)r->L, buf);
        return;
    }
    const float* src;
    float* obuf = r->in_direct ? buf : buf + r->L;
    if (r->in_direct) {
        src = (const float*)r->in + in_off;
    } else {
        for (uint64_t i = 0; i < r->runs; i++)
            load_run(r->k, p->in_type, r->in + (in_off + r->run_in[i]) * r->in_bytes, r->in_inner, (size_t)r->inner,
                     buf + i * r->inner);
        src = buf;
    }
    float* dst = r->out_direct ? (float*)r->out + out_off : obuf;
    r->k->line(p->fn, src, dst, (size_t)r->L);
    if (!r->out_direct)
        for (uint64_t i = 0; i < r->runs; i++)
            store_run(r->k, p->out_type, obuf + i * r->inner, (size_t)r->inner,
                      r->out + (out_off + r->run_out[i]) * r->out_bytes, r->out_inner);
}

/* Column tiles gather rows far apart (a row stride of 4 KiB for [32, 512, 1024] over axis 1): the
 * row this many rows ahead is prefetched, line by line, while one is copied (issue 25: the copies
 * waited on memory for a quarter of LOG_SOFTMAX's time there). No effect on results. */
#define SM_ROW_AHEAD 8
static void run_tile(const sm_run* r, uint64_t in_off, uint64_t out_off, uint64_t tile, float* buf) {
    const pydml_softmax_plan* p = r->plan;
    const uint64_t j0 = tile * r->W;
    const size_t w = (size_t)(r->v_size - j0 < r->W ? r->v_size - j0 : r->W);
    in_off += j0 * r->v_in;
    out_off += j0 * r->v_out;
    size_t row = 0;
    for (uint64_t i = 0; i < r->runs; i++)
        for (uint64_t q = 0; q < r->inner; q++, row++) {
            const char* src = r->in + (in_off + r->run_in[i] + q * r->in_inner) * r->in_bytes;
            if (r->v_in == 1 && q + SM_ROW_AHEAD < r->inner) {   /* the row SM_ROW_AHEAD further on */
                const char* ahead = src + SM_ROW_AHEAD * r->in_inner * r->in_bytes;
                for (size_t b = 0; b < w * r->in_bytes; b += 64) __builtin_prefetch(ahead + b);
            }
            load_run(r->k, p->in_type, src, r->v_in, w, buf + row * r->W);
        }
    if (r->log_direct) {
        r->k->log_columns(buf, (size_t)r->W, (float*)r->out + out_off + r->run_out[0], (size_t)r->out_inner,
                          (size_t)r->L, w);
        return;
    }
    r->k->columns(p->fn, buf, (size_t)r->L, (size_t)r->W, w);
    row = 0;
    for (uint64_t i = 0; i < r->runs; i++)
        for (uint64_t q = 0; q < r->inner; q++, row++)
            store_run(r->k, p->out_type, buf + row * r->W, w,
                      r->out + (out_off + r->run_out[i] + q * r->out_inner) * r->out_bytes, r->v_out);
}

/* Line mode with contiguous groups: the next group's input (and output, for writing) is
 * requested before this group's compute, so that its memory traffic overlaps the exps instead of
 * stalling the next group's first pass (measured: the passes over a group from memory took as long
 * as its exps). */
static void sm_prefetch_next(const sm_run* r, const uint64_t* coord, uint64_t in_off, uint64_t out_off) {
    uint64_t c[PYDML_MAX_DIMS];
    memcpy(c, coord, sizeof c);
    ax_step(&r->keep, c, &in_off, &out_off);
    const char* a = r->in + in_off * r->in_bytes;
    const char* b = r->out + out_off * r->out_bytes;
    for (uint64_t k = 0; k < r->L * r->in_bytes; k += 64) __builtin_prefetch(a + k, 0, 1);
    (void)b;
}

/* Whether this host takes sm_prefetch_next: the host's AVX-512 (pydml_host_cpu_features), not the
 * PYDML_ISA cap's (as reduce.c's rd_fast_of). Zen 2/3 (no AVX-512) keep the prefetch measured there; on the Zen 4
 * host it slowed the rows the hardware prefetcher already covers (issue 25: SOFTMAX over the last
 * axis of [4096, 2048], input and output in L3, one thread, CPU time: 6.1 -> 4.7 ms AVX-512 path,
 * 6.9 -> 5.5 ms AVX2 path, without it). Prefetching changes no result. */
static int sm_host_prefetch(void) {
#ifdef EW_X86
    return !(pydml_host_cpu_features() & PYDML_CPU_AVX512);
#else
    return 1;
#endif
}

/* One work item: a group (line mode) or a (group, tile) pair (column mode). */
static pydml_status sm_item(void* ctx, const pydml_axis_item* it, void* scratch) {
    const sm_run* r = ctx;
    if (r->column) {
        run_tile(r, it->off[0], it->off[1], it->part, scratch);
    } else {
        if (r->prefetch && it->more) sm_prefetch_next(r, it->coord, it->off[0], it->off[1]);
        run_line(r, it->off[0], it->off[1], scratch);
    }
    return PYDML_STATUS_SUCCESS;
}
PYDML_AXIS_WALKER(sm_item_walk, sm_item)

static pydml_status check_view(const pydml_softmax_plan* plan, const pydml_tensor* v, uint32_t type) {
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != plan->dim_count) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < plan->dim_count; d++)
        if (v->sizes[d] != plan->sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* The workspace (DirectML's temporary resource), from the plan alone (the views' strides, which
 * decide line or column mode and the runs, are not known yet): the run offsets (at most
 * ax_runs_bound runs, input and output) from 0, then each thread's buffer from `scratch_at`, the
 * most floats either mode takes: 2 L in line mode, L x W in column mode (W as execute's, at most
 * the kept elements). */
typedef struct sm_layout {
    uint64_t runs, scratch_at, per_thread;
} sm_layout;

static uint64_t tile_width(uint64_t L) {
    uint64_t W = SM_TILE_BUDGET / L;
    W = W < 16 ? 16 : W & ~(uint64_t)15;
    return W > SM_WMAX ? SM_WMAX : W;
}

static void layout(const pydml_softmax_plan* p, sm_layout* z) {
    uint64_t L = 1, kept = 1;
    for (uint32_t d = 0; d < p->dim_count; d++) {
        if (p->reduced >> d & 1u) L *= p->sizes[d];
        else kept *= p->sizes[d];
    }
    z->runs = ax_runs_bound(p->dim_count, p->sizes, p->reduced, 1);
    z->scratch_at = pydml_workspace_round(2 * z->runs * sizeof(uint64_t));
    uint64_t floats = 2 * L;
    if (L > 1 && kept > 1) {
        const uint64_t W = tile_width(L);
        const uint64_t col = L * (W < kept ? W : kept);
        if (col > floats) floats = col;
    }
    z->per_thread = floats * sizeof(float);
}

uint64_t pydml_softmax_temporary_bytes(const pydml_softmax_plan* plan, uint32_t threads) {
    if (plan == NULL) return 0;
    sm_layout z;
    layout(plan, &z);
    return z.scratch_at + pydml_axis_scratch_need(z.per_thread, threads ? threads : 1);
}

pydml_status pydml_softmax_execute(const pydml_softmax_plan* plan, const pydml_tensor* input, const pydml_tensor* output) {
    return pydml_softmax_execute_in(plan, input, output, NULL);
}

pydml_status pydml_softmax_execute_in(const pydml_softmax_plan* plan, const pydml_tensor* input,
                                      const pydml_tensor* output, const pydml_workspace* ws) {
    if (plan == NULL || input == NULL || output == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    if ((s = check_view(plan, input, plan->in_type))) return s;
    if ((s = check_view(plan, output, plan->out_type))) return s;
    sm_run r;
    memset(&r, 0, sizeof r);
    r.plan = plan;
    r.k = &sm_isa_kernels[pydml_ew_isa()];
    r.in = input->data;
    r.out = output->data;
    r.in_bytes = pydml_data_type_bits(plan->in_type) / 8u;
    r.out_bytes = pydml_data_type_bits(plan->out_type) / 8u;
    ax_dims red;
    ax_collect(plan->dim_count, plan->sizes, plan->reduced, 1, input->strides, output->strides, 0, &red);
    ax_collect(plan->dim_count, plan->sizes, plan->reduced, 0, input->strides, output->strides, 0, &r.keep);
    r.L = ax_count(&red);
    const uint32_t last = red.n - 1;
    r.inner = red.size[last];
    r.in_inner = red.st[0][last];
    r.out_inner = red.st[1][last];
    r.runs = r.L / r.inner;
    const int f32_in = plan->in_type == DML_TENSOR_DATA_TYPE_FLOAT32;
    const int f32_out = plan->out_type == DML_TENSOR_DATA_TYPE_FLOAT32;
    /* Column mode when a group is not contiguous in the input but a kept dimension is: tiles of
     * W positions along it, every row of a tile one contiguous load, the maximum and sums
     * vectorized across the tile. */
    const int v = ax_column_dim(&r.keep, r.L, r.in_inner);
    uint64_t groups, buf_floats;
    if (v >= 0) {
        r.column = 1;
        r.v_size = r.keep.size[v];
        r.v_in = r.keep.st[0][v];
        r.v_out = r.keep.st[1][v];
        ax_remove_dim(&r.keep, (uint32_t)v);
        uint64_t W = tile_width(r.L);
        if (W > r.v_size) W = r.v_size;
        r.W = W;
        r.tiles = (r.v_size + W - 1) / W;
        groups = ax_count(&r.keep);
        buf_floats = r.L * W;
        r.log_direct = plan->fn == SM_LOG_SOFTMAX && r.k->log_columns != NULL && f32_in && f32_out && red.n == 1 &&
                       r.v_in == 1 && r.v_out == 1;
    } else {
        r.in_direct = f32_in && red.n == 1 && (r.in_inner == 1 || r.L == 1);
        r.out_direct = f32_out && red.n == 1 && (r.out_inner == 1 || r.L == 1);
        groups = ax_count(&r.keep);
        if (r.in_direct && r.out_direct && input->data == output->data) r.out_direct = 0;   /* in place */
        buf_floats = (r.in_direct ? 0 : r.L) + (r.out_direct ? 0 : r.L);
        r.half_line = plan->in_type == DML_TENSOR_DATA_TYPE_FLOAT16 && plan->out_type == DML_TENSOR_DATA_TYPE_FLOAT16 &&
                      plan->fn != SM_HARDMAX && red.n == 1 && r.in_inner == 1 && r.out_inner == 1;
        if (r.half_line) buf_floats = r.L;
        r.prefetch = red.n == 1 && r.in_inner == 1 && r.out_inner == 1 && r.L <= SM_PREFETCH_MAX && sm_host_prefetch();
    }
    /* element offsets of every run of the innermost reduced dimension (outer reduced dims) */
    sm_layout z;
    uint64_t* run_off;
    if (ws != NULL) { /* the caller's workspace, sized by pydml_softmax_temporary_bytes */
        layout(plan, &z);
        run_off = r.runs <= z.runs ? pydml_workspace_part(ws, 0, 2 * r.runs * sizeof(uint64_t)) : NULL;
        if (run_off == NULL || buf_floats * sizeof(float) > z.per_thread) return PYDML_STATUS_INVALID_PARAMETER;
        ax_run_offsets_into(&red, r.runs, 2, run_off);
    } else {
        run_off = ax_run_offsets(&red, r.runs);
        if (run_off == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    }
    r.run_in = run_off;
    r.run_out = run_off + r.runs;
    /* chunks handed out dynamically: on a shared machine a descheduled thread does not hold up
     * the others (equal static shares wait for the slowest thread) */
    /* work: every element (column mode: groups exclude v, so times v_size; counted as groups x L,
     * a [32, 512, 1024] reduce over axis 1 read as 16384 elements and ran on one thread) */
    const uint64_t work = groups * r.L * (r.column ? r.v_size : 1);
    const pydml_axis_loop loop = {r.column ? r.tiles : 1, work, SM_PARALLEL_MIN, 0, SM_CHUNKS_PER_THREAD,
                                  buf_floats * sizeof(float), 0};
    if (ws != NULL) return pydml_axis_for_each_group_in(&r.keep, &loop, sm_item_walk, &r, ws, z.scratch_at);
    s = pydml_axis_for_each_group(&r.keep, &loop, sm_item_walk, &r);
    free(run_off);
    return s;
}
