/* ELEMENT_WISE math operators on the element-wise engine (elementwise.h): one table entry each.
 * Formulas are each operator's page (MicrosoftDocs/sdk-api ns-directml-dml_element_wise_*
 * _operator_desc.md, commits in pydml/ops/ew_math.py); the data types each path serves
 * are the pages' support tables (only IDENTITY lists FLOAT64, so only it has an f64 path). The
 * engine applies ScaleBias to input 0 before these functions where the desc has one.
 *
 * Float accuracy (float32 results against the float64 function rounded to float; FLOAT16 computes
 * in float and rounds once more): EXP, LOG, ERF, SQRT, TANH, SINH, COSH, ASINH, ACOSH, ATANH, CEIL,
 * FLOOR, ROUND use ew_mathfn.h (branch-free, vectorized; bounds measured over all 2^32 inputs
 * there: 0-2 ulp), and SIN, COS (0.501 ulp below 1e6 in magnitude, glibc's beyond); TAN,
 * ASIN, ACOS, ATAN, ATAN_YX, POW, CONSTANT_POW (but for its arithmetic exponents), MODULUS_* call
 * glibc's float functions (within 1-2 ulp); MEAN and DIFFERENCE_SQUARE form the result in double
 * and round once (no overflow of a + b, no double rounding of (a - b)^2).
 *
 * Edge cases the pages leave open (decided here, asserted by tests/test_ew_math.py):
 *  - Float NaN/inf follow IEEE/C99 Annex F for every function (LOG(0) = -inf and LOG(x < 0) = NaN
 *    as the LOG page says; ATAN_YX at the origin, which its page calls undefined, is C's atan2:
 *    +-0 or +-pi by the signs of the zeros), except where a page says otherwise: POW and
 *    CONSTANT_POW give NaN for every negative base with a non-integral exponent, -inf included
 *    (C: pow(-inf, 0.5) = +inf).
 *  - MAX/MIN with one NaN operand return the other (IEEE 754-2008 maxNum/minNum, C fmax/fmin), as
 *    HLSL max/min do on DirectML's GPU path (D3D functional spec); ew_quantize.c's CLIP does the
 *    same. torch.maximum/minimum propagate NaN instead.
 *  - SIGN(NaN) = 0: the page's "0, otherwise" row, read literally (torch and numpy give NaN).
 *  - Integer arithmetic wraps (two's complement), as the engine's ADD/MULTIPLY do: NEGATE and ABS
 *    of the most negative value give it back, INT_MIN / -1 = INT_MIN, SUBTRACT and
 *    DIFFERENCE_SQUARE wrap to the output type.
 *  - Integer DIVIDE truncates ("for integer divisions, the result is truncated"). Division by zero
 *    gives what the float quotient (+-inf, or NaN for 0/0) gives under the engine's float ->
 *    integer conversion: the output type's maximum for a > 0, its minimum for a < 0 (0 for unsigned
 *    types), 0 for 0 / 0. Unsigned x / 0 = all ones is also what D3D's udiv returns.
 *  - Integer MODULUS_TRUNCATE / MODULUS_FLOOR by zero give a: the pages' a - b * q is a for b = 0
 *    whatever the quotient; x mod -1 = 0 (including INT_MIN). Float modulus by zero is NaN (fmod).
 *  - MODULUS_FLOOR on floats is Python's float % (its page: "the same results as the Python
 *    modulus"): fmod, then + b where the signs differ, and a zero result takes b's sign; so
 *    -1 % inf = inf, as in Python, where the formula read in float arithmetic would give NaN.
 *  - MEAN on integers truncates toward zero, like integer DIVIDE (the page does not say).
 *  - Integer POW is exact modulo 2^width (the page: "guarantees exact results"), by repeated
 *    squaring; a negative exponent gives the truncated 1 / x^-e: 1 for x = 1, +-1 for x = -1, 0 for
 *    |x| >= 2 and, for x = 0, the output type's maximum (1/0 = +inf, as DIVIDE).
 *  - POW computes in float when either operand is float (EW_DOMAIN_FROM_FLOAT_INPUT): an integer
 *    InputTensor with a float ExponentTensor is x^e in float, converted to the output's integer type
 *    on store (toward zero, saturating, NaN -> 0); two integer operands use the exact integer POW. */
#include <math.h>
#include <stdint.h>

#include "elementwise.h"
#include "ew_mathfn.h"
#include "ew_piecewise.h"

/* ---- integer helpers ---- */

/* the range of an integer type held in the int64 domain (INT8..INT64, UINT8..UINT32) */
static void int_range(uint32_t t, int64_t* lo, int64_t* hi) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: *lo = INT8_MIN; *hi = INT8_MAX; break;
    case DML_TENSOR_DATA_TYPE_INT16: *lo = INT16_MIN; *hi = INT16_MAX; break;
    case DML_TENSOR_DATA_TYPE_INT32: *lo = INT32_MIN; *hi = INT32_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT8: *lo = 0; *hi = UINT8_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT16: *lo = 0; *hi = UINT16_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT32: *lo = 0; *hi = UINT32_MAX; break;
    default: *lo = INT64_MIN; *hi = INT64_MAX; break;
    }
}

static inline int64_t wrap_neg(int64_t a) { return (int64_t)(0u - (uint64_t)a); }

/* a / b truncated; b == 0 saturates like +-inf (0 / 0 like NaN: 0); INT64_MIN / -1 wraps */
static inline int64_t div_i64(int64_t a, int64_t b, int64_t lo, int64_t hi) {
    if (b == 0) return a > 0 ? hi : a < 0 ? lo : 0;
    if (b == -1) return wrap_neg(a);
    return a / b;
}

/* a - b * trunc(a / b) (C %); b == 0 gives a, b == -1 gives 0 (no INT64_MIN % -1 overflow) */
static inline int64_t mod_trunc_i64(int64_t a, int64_t b) {
    if (b == 0) return a;
    if (b == -1) return 0;
    return a % b;
}

/* a - b * floor(a / b): the truncated remainder moved into b's sign */
static inline int64_t mod_floor_i64(int64_t a, int64_t b) {
    const int64_t r = mod_trunc_i64(a, b);
    return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

/* x^e exact modulo 2^64 (then wrapped to the output type by the engine's store) */
static int64_t int_pow(int64_t x, int64_t e, int64_t hi) {
    if (e < 0) {
        if (x == 1) return 1;
        if (x == -1) return (e & 1) ? -1 : 1;
        return x == 0 ? hi : 0;
    }
    uint64_t base = (uint64_t)x, r = 1;
    for (uint64_t u = (uint64_t)e; u; u >>= 1) {
        if (u & 1) r *= base;
        base *= base;
    }
    return (int64_t)r;
}

/* ---- float helpers ---- */

/* maxNum/minNum: one NaN operand gives the other (see the header comment) */
static inline float max_num(float a, float b) { return ew_select((a > b) | (b != b), a, b); }
static inline float min_num(float a, float b) { return ew_select((a < b) | (b != b), a, b); }

/* pow as the POW/CONSTANT_POW pages state it: "negative bases are supported for exponents with
 * integral values, otherwise this operator returns NaN" -- for every negative base, -inf too, where
 * C's powf(-inf, 0.5) would give +inf; everything else is C's powf */
static inline float pow_page(float x, float y) {
    return x < 0.0f && y != ew_truncf(y) ? ew_bits_to_float(0x7fc00000u) : powf(x, y);
}

/* Python's float %: fmod, moved into b's sign; a zero result takes b's sign */
static inline float mod_floor_f32(float a, float b) {
    float r = fmodf(a, b);
    if (r != 0.0f) {
        if ((r < 0.0f) != (b < 0.0f)) r += b;
    } else {
        r = copysignf(0.0f, b);
    }
    return r;
}

/* ---- unary ---- */

/* IDENTITY: f(x) = x (the ScaleBias, applied by the engine, is the whole operator) */
EW_F32(identity, EW_MAP(float, a[k]))
EW_F64(identity, EW_MAP(double, a[k]))
EW_I64(identity, EW_MAP(int64_t, a[k]))
EW_U64(identity, EW_MAP(uint64_t, a[k]))

/* ABS: f(x) = abs(x); the most negative integer wraps to itself */
EW_F32(abs, EW_MAP(float, fabsf(a[k])))
EW_I64(abs, EW_MAP(int64_t, a[k] < 0 ? wrap_neg(a[k]) : a[k]))

/* NEGATE: f(x) = -x; integers wrap */
EW_F32(negate, EW_MAP(float, -a[k]))
EW_I64(negate, EW_MAP(int64_t, wrap_neg(a[k])))

/* SIGN: -1 if x < 0, 1 if x > 0, 0 otherwise (-0 and NaN included) */
EW_F32(sign, EW_MAP(float, ew_select(a[k] > 0.0f, 1.0f, ew_select(a[k] < 0.0f, -1.0f, 0.0f))))
EW_I64(sign, EW_MAP(int64_t, (int64_t)(a[k] > 0) - (int64_t)(a[k] < 0)))
EW_U64(sign, EW_MAP(uint64_t, (uint64_t)(a[k] != 0)))

/* CEIL: the smallest integer >= x; FLOOR: the largest integer <= x */
EW_F32(ceil, EW_MAP(float, ew_ceilf(a[k])))
EW_F32(floor, EW_MAP(float, ew_floorf(a[k])))

/* ROUND: by RoundingMode (page, -field RoundingMode): HALVES_TO_NEAREST_EVEN rounds to the nearest
 * integer with halfway values to the even one; TOWARD_ZERO truncates the fractional part;
 * TOWARD_INFINITY rounds to the nearest integer with halfway values away from zero (toward +inf or
 * -inf by the sign). The validator refuses other values. */
EW_F32(round,
       const uint64_t mode_ = P->u[0];
       if (mode_ == DML_ROUNDING_MODE_TOWARD_ZERO) {
           EW_MAP(float, ew_truncf(a[k]))
       } else if (mode_ == DML_ROUNDING_MODE_TOWARD_INFINITY) {
           EW_MAP(float, ew_roundf(a[k]))
       } else {
           EW_MAP(float, ew_rintf(a[k]))
       })

/* RECIP: 1 / x; SQRT: sqrt(x) (correctly rounded, NaN below 0) */
EW_F32(recip, EW_MAP(float, 1.0f / a[k]))
EW_F32(sqrt, EW_MAP(float, ew_sqrtf(a[k])))

/* EXP: e^x; LOG: ln x (0 gives -inf, x < 0 gives NaN, as the LOG page says) */
EW_F32_C(exp, EW_ROW_WITH_FAST_RANGE(float, EW_EXP_LIMIT, ew_expf_normal(v), ew_expf(v)))
#ifdef EW_X86
/* ew_expf_normal on 8 lanes: the same reduction and polynomial, 2^n added to the exponent field */
EW_T256 static inline __m256 exp8_normal(__m256 x) {
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256 tt = _mm256_fmadd_ps(x, _mm256_set1_ps(1.44269502f), magic);
    const __m256 nf = _mm256_sub_ps(tt, magic);
    const __m256 r = _mm256_fnmadd_ps(nf, _mm256_set1_ps(EW_LN2_F_LO), _mm256_fnmadd_ps(nf, _mm256_set1_ps(EW_LN2_F), x));
    const __m256 p = _mm256_fmadd_ps(ew_expf_poly_inner8(r), r, _mm256_set1_ps(1.0f));
    return _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(p), _mm256_slli_epi32(_mm256_castps_si256(tt), 23)));
}

/* EXP on AVX2: exp8_normal two steps at a time; 16 values with one beyond EW_EXP_LIMIT (or NaN:
 * the range test of EW_ROW_WITH_FAST_RANGE, on the bits) are redone by ew_expf before anything of
 * them is stored (in place, out is x), so every value has ew_expf's bits. The compiled
 * EW_ROW_WITH_FAST_RANGE row ran at 0.51 ns per element in L2 (one thread, an Intel Xeon under
 * PYDML_ISA=avx2), as slow as SIGMOID (an exp and a division); this row 0.33. */
EW_T256 static void exp_row_avx2(const ew_params* restrict P, size_t n, float* out, const float* const* in) {
    const float* x = in[0];
    const __m256i magnitude = _mm256_set1_epi32(0x7fffffff);
    const __m256i limit = _mm256_set1_epi32((int)ew_float_to_bits(EW_EXP_LIMIT));
    size_t k = 0;
    for (; k + 16 <= n; k += 16) {
        ew_prefetch_step(P, x, out, k, 64);
        const __m256 v0 = _mm256_loadu_ps(x + k), v1 = _mm256_loadu_ps(x + k + 8);
        const __m256 r0 = exp8_normal(v0), r1 = exp8_normal(v1);
        /* limit - |x| is negative where |x| > the limit or x is NaN */
        const __m256i o0 = _mm256_sub_epi32(limit, _mm256_and_si256(_mm256_castps_si256(v0), magnitude));
        const __m256i o1 = _mm256_sub_epi32(limit, _mm256_and_si256(_mm256_castps_si256(v1), magnitude));
        if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(o0, o1)))) {
            for (size_t j = k; j < k + 16; j++) out[j] = ew_expf(x[j]);
            continue;
        }
        _mm256_storeu_ps(out + k, r0);
        _mm256_storeu_ps(out + k + 8, r1);
    }
    for (; k < n; k++) out[k] = ew_expf(x[k]);
}

/* ew_expf on 16 lanes, two steps at a time: the same clamps, reduction and polynomial, and 2^n
 * applied by vscalefps, which rounds p 2^n once as ew_expf_core's two halves do (subnormal
 * results included), so every x takes one path: no range test, no second pass. */
EW_T512 static inline __m512 exp16(__m512 x) {
    const __m512 xc = _mm512_max_ps(_mm512_min_ps(x, _mm512_set1_ps(88.8f)), _mm512_set1_ps(-104.0f));
    const __m512 magic = _mm512_set1_ps(12582912.0f);
    const __m512 nf = _mm512_sub_ps(_mm512_fmadd_ps(xc, _mm512_set1_ps(1.44269502f), magic), magic);
    const __m512 r = _mm512_fnmadd_ps(nf, _mm512_set1_ps(EW_LN2_F_LO), _mm512_fnmadd_ps(nf, _mm512_set1_ps(EW_LN2_F), xc));
    const __m512 p = _mm512_fmadd_ps(ew_expf_poly_inner16(r), r, _mm512_set1_ps(1.0f));
    /* min(x, 88.8) is 88.8 for a NaN x (as ew_select(x < 88.8f, x, 88.8f)); NaN is selected back */
    return _mm512_mask_mov_ps(_mm512_scalef_ps(p, nf), _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q), x);
}

EW_T512 static void exp_row_avx512(const ew_params* restrict P, size_t n, float* out, const float* const* in) {
    const float* x = in[0];
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {
        ew_prefetch_step(P, x, out, k, 128);
        const __m512 r0 = exp16(_mm512_loadu_ps(x + k)), r1 = exp16(_mm512_loadu_ps(x + k + 16));
        _mm512_storeu_ps(out + k, r0);
        _mm512_storeu_ps(out + k + 16, r1);
    }
    for (; k < n; k += 16) {
        const __mmask16 m = n - k >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - k)) - 1u);
        _mm512_mask_storeu_ps(out + k, m, exp16(_mm512_maskz_loadu_ps(m, x + k)));
    }
}
#endif
EW_F32(log, EW_MAP(float, ew_logf(a[k])))

/* ERF: 2/sqrt(pi) * integral from 0 to x of e^(-t^2) dt */
EW_F32(erf, EW_MAP(float, ew_erff(a[k])))

/* SIN and COS: ew_sinf / ew_cosf (ew_mathfn.h: double reduction and kernels, 0.501 ulp at worst
 * over every 7th float pattern, where glibc's sinf / cosf are 0.561; vectorized instead of a libm
 * call per element: 8M floats, 2 threads, Zen 5, 0.16x torch before). Blocks of 64 elements holding
 * one of EW_TRIG_BIG or more in magnitude (infinities too) compute element by element, those with
 * glibc's sinf / cosf (whose reduction is exact there); each element is read before its output is
 * written, so the rows work in place. */
#define TRIG_ROW(FN, LIBM)                                                                         \
    unsigned any_big = 0;                                                                          \
    for (size_t k = 0; k < n; k++) any_big |= (unsigned)(ew_with_sign(in[0][k], 0.0f) >= EW_TRIG_BIG); \
    if (!any_big) { /* the common row: one vector loop (64-element blocks cost it a third) */       \
        EW_MAP(float, FN(a[k]))                                                                    \
        return;                                                                                    \
    }                                                                                              \
    const float* a = in[0];                                                                        \
    for (size_t k0 = 0; k0 < n; k0 += EW_STRETCH) {                                                \
        const size_t k1 = n - k0 < EW_STRETCH ? n : k0 + EW_STRETCH;                               \
        ew_prefetch_step(P, a, out, k0, EW_STRETCH * sizeof(float));                               \
        unsigned big = 0;                                                                          \
        for (size_t k = k0; k < k1; k++) big |= (unsigned)(ew_with_sign(a[k], 0.0f) >= EW_TRIG_BIG); \
        if (!big) {                                                                                \
            for (size_t k = k0; k < k1; k++) out[k] = FN(a[k]);                                    \
        } else {                                                                                   \
            for (size_t k = k0; k < k1; k++) {                                                     \
                const float x = a[k];                                                              \
                out[k] = ew_with_sign(x, 0.0f) >= EW_TRIG_BIG ? LIBM(x) : FN(x);                   \
            }                                                                                      \
        }                                                                                          \
    }
EW_F32(sin, TRIG_ROW(ew_sinf, sinf))
EW_F32(cos, TRIG_ROW(ew_cosf, cosf))
#undef TRIG_ROW

/* the other trigonometric functions and their inverses (glibc) */
EW_F32(tan, EW_MAP(float, tanf(a[k])))
EW_F32(asin, EW_MAP(float, asinf(a[k])))
EW_F32(acos, EW_MAP(float, acosf(a[k])))
EW_F32(atan, EW_MAP(float, atanf(a[k])))

/* hyperbolic functions and their inverses: sinh, cosh, tanh, asinh = ln(x + sqrt(x^2 + 1)),
 * acosh = ln(x + sqrt(x^2 - 1)), atanh = ln((1 + x) / (1 - x)) / 2 (the pages' formulas, evaluated
 * in forms that avoid cancellation: ew_mathfn.h) */
EW_F32(sinh, EW_MAP(float, ew_sinhf(a[k])))
EW_F32(cosh, EW_MAP(float, ew_coshf(a[k])))
EW_F32_C(tanh, EW_MAP(float, ew_tanhf(a[k])))
EW_F32(asinh, EW_MAP(float, ew_asinhf(a[k])))
EW_F32(acosh, EW_MAP(float, ew_acoshf(a[k])))
EW_F32(atanh, EW_MAP(float, ew_atanhf(a[k])))

/* CONSTANT_POW: pow(x, Exponent); negative bases give NaN unless Exponent is integral.
 * The exponents models use (x^2 in decomposed layer norms and squared errors, x^3 in GPT-2's tanh
 * GELU, square roots and reciprocals) as vector arithmetic instead of a powf call per element
 * (4.5 ns an element: 8M floats, 2 threads, Zen 5, 0.04x torch for x^2): x^2 = x * x and x^-1 =
 * 1 / x are powf's bits (glibc's powf equals them on every third float pattern, checked
 * exhaustively over that sample); x^3 = x^2 (exact in double) * x rounded once to double, then to
 * float, and x^0.5 = the correctly rounded sqrt (ew_sqrtf; +0 for -0, NaN below 0 as the page says): within
 * half an ulp and a 2^-29 of one where glibc's powf is within 0.82 ulp; x^1 = x and x^0 = 1 (NaN
 * included: C's pow(NaN, 0) = 1) as powf. POW takes the same rows where its exponent is one value
 * along the run (a broadcast scalar: ONNX's Pow(x, 2) lowers onto POW). */
#define POW_BY_ONE_EXPONENT(E)                                                                     \
    if ((E) == 2.0f) { EW_MAP(float, a[k] * a[k]) }                                                 \
    else if ((E) == 3.0f) { EW_MAP(float, (float)((double)a[k] * (double)a[k] * (double)a[k])) }    \
    else if ((E) == 0.5f) { EW_MAP(float, ew_sqrtf(a[k]) + 0.0f) } \
    else if ((E) == -1.0f) { EW_MAP(float, 1.0f / a[k]) }                                           \
    else if ((E) == 1.0f) { EW_MAP(float, a[k]) }                                                   \
    else if ((E) == 0.0f) { EW_MAP(float, 1.0f) }                                                   \
    else { EW_MAP(float, pow_page(a[k], (E))) }
EW_F32(constant_pow, const float e_ = P->f32[0]; POW_BY_ONE_EXPONENT(e_))

/* ---- binary ---- */

/* ADD: A + B; integers wrap */
EW_F32(add, EW_MAP(float, a[k] + b[k]))
EW_F64(add, EW_MAP(double, a[k] + b[k]))
EW_I64(add, EW_MAP(int64_t, (int64_t)((uint64_t)a[k] + (uint64_t)b[k])))
EW_U64(add, EW_MAP(uint64_t, a[k] + b[k]))

/* SUBTRACT: A - B; integers wrap */
EW_F32(subtract, EW_MAP(float, a[k] - b[k]))
EW_I64(subtract, EW_MAP(int64_t, (int64_t)((uint64_t)a[k] - (uint64_t)b[k])))
EW_U64(subtract, EW_MAP(uint64_t, a[k] - b[k]))

/* MULTIPLY: A * B; integers wrap */
EW_F32(multiply, EW_MAP(float, a[k] * b[k]))
EW_F64(multiply, EW_MAP(double, a[k] * b[k]))
EW_I64(multiply, EW_MAP(int64_t, (int64_t)((uint64_t)a[k] * (uint64_t)b[k])))
EW_U64(multiply, EW_MAP(uint64_t, a[k] * b[k]))

/* DIVIDE: A / B; integers truncate, division by zero saturates (header comment) */
EW_F32(divide, EW_MAP(float, a[k] / b[k]))
EW_I64(divide,
       int64_t lo_, hi_;
       int_range(P->output_type, &lo_, &hi_);
       EW_MAP(int64_t, div_i64(a[k], b[k], lo_, hi_)))
EW_U64(divide, EW_MAP(uint64_t, b[k] == 0 ? (a[k] ? UINT64_MAX : 0) : a[k] / b[k]))

/* MAX, MIN: a NaN operand gives the other one */
EW_F32(max, EW_MAP(float, max_num(a[k], b[k])))
EW_I64(max, EW_MAP(int64_t, a[k] > b[k] ? a[k] : b[k]))
EW_U64(max, EW_MAP(uint64_t, a[k] > b[k] ? a[k] : b[k]))
EW_F32(min, EW_MAP(float, min_num(a[k], b[k])))
EW_I64(min, EW_MAP(int64_t, a[k] < b[k] ? a[k] : b[k]))
EW_U64(min, EW_MAP(uint64_t, a[k] < b[k] ? a[k] : b[k]))

/* MEAN: (A + B) / 2; floats exact in double then rounded once (no overflow of A + B); integers
 * (INT32/UINT32: the sum fits int64) truncate toward zero */
EW_F32(mean, EW_MAP(float, (float)(((double)a[k] + (double)b[k]) * 0.5)))
EW_I64(mean, EW_MAP(int64_t, (int64_t)((uint64_t)a[k] + (uint64_t)b[k]) / 2))

/* DIFFERENCE_SQUARE: (A - B)^2; floats in double, rounded once; integers wrap */
EW_F32(difference_square, EW_MAP(float, (float)(((double)a[k] - (double)b[k]) * ((double)a[k] - (double)b[k]))))
EW_I64(difference_square,
       EW_MAP(int64_t, (int64_t)(((uint64_t)a[k] - (uint64_t)b[k]) * ((uint64_t)a[k] - (uint64_t)b[k]))))

/* POW: pow(input, exponent) (negative bases need integral exponents, else NaN); integers exact
 * modulo 2^width (header comment) */
EW_F32(pow, if (P->uniform >> 1 & 1u) { /* one exponent along the run: an ONNX Pow(x, 2) */
                const float e_ = in[1][0];
                POW_BY_ONE_EXPONENT(e_)
            } else { EW_MAP(float, pow_page(a[k], b[k])) })
#undef POW_BY_ONE_EXPONENT
EW_I64(pow,
       int64_t lo_, hi_;
       int_range(P->output_type, &lo_, &hi_);
       (void)lo_;
       EW_MAP(int64_t, int_pow(a[k], b[k], hi_)))

/* ATAN_YX: atan2(y, x), y = A, x = B */
EW_F32(atan_yx, EW_MAP(float, atan2f(a[k], b[k])))

/* MODULUS_TRUNCATE: a - b * trunc(a / b), the sign of a (C fmod / %) */
EW_F32(modulus_truncate, EW_MAP(float, fmodf(a[k], b[k])))
EW_I64(modulus_truncate, EW_MAP(int64_t, mod_trunc_i64(a[k], b[k])))
EW_U64(modulus_truncate, EW_MAP(uint64_t, b[k] == 0 ? a[k] : a[k] % b[k]))

/* MODULUS_FLOOR: a - b * floor(a / b), the sign of b (Python %) */
EW_F32(modulus_floor, EW_MAP(float, mod_floor_f32(a[k], b[k])))
EW_I64(modulus_floor, EW_MAP(int64_t, mod_floor_i64(a[k], b[k])))
EW_U64(modulus_floor, EW_MAP(uint64_t, b[k] == 0 ? a[k] : a[k] % b[k]))

#define ALL(name) EW_F32_SET(name), name##_f64, name##_i64, name##_u64
#define F32_ONLY(name) EW_F32_SET(name), NULL, NULL, NULL
#define F32_I64(name) EW_F32_SET(name), NULL, name##_i64, NULL
#define F32_I64_U64(name) EW_F32_SET(name), NULL, name##_i64, name##_u64
#define FLOAT_ONLY EW_FLAG_FLOAT_INPUT_ONLY

const ew_entry pydml_ew_math_entries[] = {
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, NULL, 0, 0, ALL(identity)},
    {DML_OPERATOR_ELEMENT_WISE_ABS, NULL, 0, 0, F32_I64(abs)},
    {DML_OPERATOR_ELEMENT_WISE_ACOS, NULL, 0, FLOAT_ONLY, F32_ONLY(acos)},
    {DML_OPERATOR_ELEMENT_WISE_ADD, NULL, 0, 0, ALL(add)},
    {DML_OPERATOR_ELEMENT_WISE_ASIN, NULL, 0, FLOAT_ONLY, F32_ONLY(asin)},
    {DML_OPERATOR_ELEMENT_WISE_ATAN, NULL, 0, FLOAT_ONLY, F32_ONLY(atan)},
    {DML_OPERATOR_ELEMENT_WISE_CEIL, NULL, 0, FLOAT_ONLY, F32_ONLY(ceil)},
    {DML_OPERATOR_ELEMENT_WISE_COS, NULL, 0, FLOAT_ONLY, F32_ONLY(cos)},
    {DML_OPERATOR_ELEMENT_WISE_DIVIDE, NULL, 0, 0, F32_I64_U64(divide)},
    {DML_OPERATOR_ELEMENT_WISE_EXP, NULL, 0, FLOAT_ONLY | EW_FLAG_COMPUTE_BOUND, EW_F32_SET_ROWS(exp, exp_row_avx2, exp_row_avx512), NULL, NULL, NULL},
    {DML_OPERATOR_ELEMENT_WISE_FLOOR, NULL, 0, FLOAT_ONLY, F32_ONLY(floor)},
    {DML_OPERATOR_ELEMENT_WISE_LOG, NULL, 0, FLOAT_ONLY, F32_ONLY(log)},
    {DML_OPERATOR_ELEMENT_WISE_MAX, NULL, 0, 0, F32_I64_U64(max)},
    {DML_OPERATOR_ELEMENT_WISE_MEAN, NULL, 0, 0, F32_I64(mean)},
    {DML_OPERATOR_ELEMENT_WISE_MIN, NULL, 0, 0, F32_I64_U64(min)},
    {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, NULL, 0, 0, ALL(multiply)},
    {DML_OPERATOR_ELEMENT_WISE_POW, NULL, EW_DOMAIN_FROM_FLOAT_INPUT, 0, F32_I64(pow)},
    {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, "Exponent", 0, FLOAT_ONLY, F32_ONLY(constant_pow)},
    {DML_OPERATOR_ELEMENT_WISE_RECIP, NULL, 0, FLOAT_ONLY, F32_ONLY(recip)},
    {DML_OPERATOR_ELEMENT_WISE_SIN, NULL, 0, FLOAT_ONLY, F32_ONLY(sin)},
    {DML_OPERATOR_ELEMENT_WISE_SQRT, NULL, 0, FLOAT_ONLY, F32_ONLY(sqrt)},
    {DML_OPERATOR_ELEMENT_WISE_SUBTRACT, NULL, 0, 0, F32_I64_U64(subtract)},
    {DML_OPERATOR_ELEMENT_WISE_TAN, NULL, 0, FLOAT_ONLY, F32_ONLY(tan)},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, NULL, 0, 0, F32_I64_U64(sign)},
    {DML_OPERATOR_ELEMENT_WISE_ERF, NULL, 0, FLOAT_ONLY | EW_FLAG_COMPUTE_BOUND, F32_ONLY(erf)},
    {DML_OPERATOR_ELEMENT_WISE_SINH, NULL, 0, FLOAT_ONLY, F32_ONLY(sinh)},
    {DML_OPERATOR_ELEMENT_WISE_COSH, NULL, 0, FLOAT_ONLY, F32_ONLY(cosh)},
    {DML_OPERATOR_ELEMENT_WISE_TANH, NULL, 0, FLOAT_ONLY | EW_FLAG_COMPUTE_BOUND, EW_F32_SET_ROWS(tanh, ew_tanh_row_avx2, ew_tanh_row_avx512), NULL, NULL, NULL},
    {DML_OPERATOR_ELEMENT_WISE_ASINH, NULL, 0, FLOAT_ONLY, F32_ONLY(asinh)},
    {DML_OPERATOR_ELEMENT_WISE_ACOSH, NULL, 0, FLOAT_ONLY, F32_ONLY(acosh)},
    {DML_OPERATOR_ELEMENT_WISE_ATANH, NULL, 0, FLOAT_ONLY, F32_ONLY(atanh)},
    {DML_OPERATOR_ELEMENT_WISE_ADD1, NULL, 0, 0, ALL(add)},
    {DML_OPERATOR_ELEMENT_WISE_ROUND, "RoundingMode", 0, FLOAT_ONLY, F32_ONLY(round)},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE, NULL, 0, 0, F32_I64_U64(modulus_truncate)},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR, NULL, 0, 0, F32_I64_U64(modulus_floor)},
    {DML_OPERATOR_ELEMENT_WISE_ATAN_YX, NULL, 0, FLOAT_ONLY, F32_ONLY(atan_yx)},
    {DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE, NULL, 0, 0, F32_I64(difference_square)},
    {DML_OPERATOR_ELEMENT_WISE_NEGATE, NULL, 0, 0, F32_I64(negate)},
};
const uint32_t pydml_ew_math_entry_count = sizeof pydml_ew_math_entries / sizeof pydml_ew_math_entries[0];
