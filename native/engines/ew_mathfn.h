/* Float functions written to vectorize: branch-free (both sides of every edge case are computed
 * and selected), no libm calls, no integer conversion of a NaN, so the EW_F32 variants (AVX-512,
 * AVX2, portable SSE2) each get a vector loop (ew_sqrtf, ew_asinhf and ew_acoshf, which mix float
 * and double lanes, on AVX2 and AVX-512 only). The project builds with -std=c11, where GCC does not
 * contract a*b+c into an FMA, so every ISA variant gives bit-identical results.
 *
 * ew_expf, ew_expm1f, ew_logf, ew_log1pf, ew_sigmoidf, ew_erff (tanh: ew_piecewise.h); ew_sqrtf; ew_sinf,
 * ew_cosf (below EW_TRIG_BIG); ew_truncf,
 * ew_floorf, ew_ceilf, ew_rintf, ew_roundf; ew_sinhf, ew_coshf, ew_asinhf, ew_acoshf, ew_atanhf;
 * and ew_select, the blend to write selects with (see it for why).
 *
 * Accuracy is stated per function as the worst distance, in float ulps (steps between floats,
 * measured as tests/ew_harness.max_ulp does), from the float64 function rounded to float, over all
 * 2^32 inputs, checked exhaustively for every ISA variant; tests/test_ew_math.py asserts it on
 * samples.
 * NaN in gives NaN out; infinities and signed zeros are those of C99 Annex F. The polynomial
 * coefficients are near-minimax fits (Lawson's iteration, relative error) rounded to float. */
#ifndef PYDML_NATIVE_EW_MATHFN_H
#define PYDML_NATIVE_EW_MATHFN_H

#include <stdint.h>
#include <string.h>

static inline float ew_bits_to_float(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline uint32_t ew_float_to_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline double ew_bits_to_double(uint64_t u) {
    double f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline uint64_t ew_double_to_bits(double f) {
    uint64_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* c ? a : b as bit masks. A C conditional over floats lets GCC thread jumps through it (e.g.
 * specialise the code after a clamp for the clamped constant), which leaves control flow in the
 * loop and stops vectorization; masks keep it one straight line, compiled to compare + blend. */
static inline float ew_select(int c, float a, float b) {
    const uint32_t m = 0u - (uint32_t)(c != 0);
    return ew_bits_to_float((ew_float_to_bits(a) & m) | (ew_float_to_bits(b) & ~m));
}

/* |x| with the sign bit of s */
static inline float ew_with_sign(float x, float s) {
    return ew_bits_to_float((ew_float_to_bits(x) & 0x7fffffffu) | (ew_float_to_bits(s) & 0x80000000u));
}

/* ln2 split for Cody-Waite reduction: the high part has 16 significant bits, so n * hi is exact
 * for |n| < 256. */
#define EW_LN2_HI 0.693145751953125f
#define EW_LN2_LO 1.42860682030941723212e-6f
#define EW_INFF ew_bits_to_float(0x7f800000u)
#define EW_NANF ew_bits_to_float(0x7fc00000u)

/* a * b + c rounded once. Inside the AVX2 and AVX-512 variants (target "fma") GCC emits vfmadd;
 * in the portable variant it is a call to libm's fmaf, which is also exactly rounded, so every ISA
 * variant still gives bit-identical results (the portable one is slower and does not vectorize). */
#define EW_FMA(a, b, c) __builtin_fmaf((a), (b), (c))
#define EW_FMAD(a, b, c) __builtin_fma((a), (b), (c))

/* ln2 rounded to float (24 significant bits) and the rest. With an FMA, x - n * EW_LN2_F is exact
 * for every reduction below: both terms are multiples of 2^-24 and the difference is below 1. */
#define EW_LN2_F 0.693147182464599609375f
#define EW_LN2_F_LO (-1.904654323148236e-09f)

/* Cody-Waite reduction x = n ln2 + r, |r| <= ln2/2, shared by every exp below: n = round(x / ln2)
 * with one rounding, by the FMA into 1.5 * 2^23, whose low mantissa bits then hold n (two's
 * complement, |n| <= 151); returns that sum, r in *r (exact to the FMA's rounding of the lo term). */
static inline float ew_exp_reduce(float x, float* r) {
    const float magic = 12582912.0f;     /* 1.5 * 2^23: adding it rounds to an integer */
    const float tt = EW_FMA(x, 1.44269502f, magic);
    const float nf = tt - magic;
    *r = EW_FMA(-nf, EW_LN2_F_LO, EW_FMA(-nf, EW_LN2_F, x));   /* the inner FMA is exact */
    return tt;
}

/* e^r for |r| <= ln2/2: 1 + r + r^2 Q(r) by Horner's rule in FMAs, Q degree 4 (minimax fit, float
 * coefficients, 3.8e-9 relative). ew_expf_poly_inner(r) is the chain before its last step:
 * e^r = 1 + r ew_expf_poly_inner(r). */
#define EW_EXPF_C6 0.0013814619f
#define EW_EXPF_C5 0.008368714f
#define EW_EXPF_C4 0.04166839f
#define EW_EXPF_C3 0.16666521f
#define EW_EXPF_C2 0.49999994f
static inline float ew_expf_poly_inner(float r) {
    float p = EW_EXPF_C6;
    p = EW_FMA(p, r, EW_EXPF_C5);
    p = EW_FMA(p, r, EW_EXPF_C4);
    p = EW_FMA(p, r, EW_EXPF_C3);
    p = EW_FMA(p, r, EW_EXPF_C2);
    return EW_FMA(p, r, 1.0f);
}

static inline float ew_expf_poly(float r) {
    return EW_FMA(ew_expf_poly_inner(r), r, 1.0f);
}

/* e^xc * 2^k for xc in [-105.2, 89.5] (finite, not NaN) and k in {-1, 0}: ew_exp_reduce,
 * ew_expf_poly, and 2^(n+k) applied in two halves so that neither factor overflows and subnormal
 * results are rounded once. */
static inline float ew_expf_core(float xc, int32_t k) {
    float r;
    const float tt = ew_exp_reduce(xc, &r);
    const float p = ew_expf_poly(r);
    const int32_t n = (int32_t)(ew_float_to_bits(tt) - 0x4b400000u) + k;
    const int32_t n1 = n >> 1, n2 = n - n1;
    const float s1 = ew_bits_to_float((uint32_t)(n1 + 127) << 23);
    const float s2 = ew_bits_to_float((uint32_t)(n2 + 127) << 23);
    return (p * s1) * s2;
}

/* e^x for x in [-86, 88], where e^x is a normal float: ew_expf_core's reduction and polynomial,
 * and 2^n added to the exponent field (p in [0.70, 1.42], n in [-124, 127]), which is the exact
 * scaling ew_expf's two-step one rounds to there: bit-identical to ew_expf, at half the
 * instructions. Rows use it where |x| <= EW_EXP_LIMIT (a symmetric bound: the row test is one
 * integer comparison of |x|). */
#define EW_EXP_LIMIT 86.0f
static inline float ew_expf_normal(float x) {
    float r;
    const float tt = ew_exp_reduce(x, &r);
    /* tt's low bits hold n: shifted by 23 they are n << 23, the magic's bits shifted out */
    return ew_bits_to_float(ew_float_to_bits(ew_expf_poly(r)) + (ew_float_to_bits(tt) << 23));
}

/* A float row of n values through FAST (an expression of v) when every |v| of the row is at most
 * LIMIT (a float constant; NaN is never within), else through GENERAL; both give the same bits
 * where FAST applies. FAST must be free of undefined behaviour for every input (its value outside
 * the range is discarded). The test is integer arithmetic on the bits: LIMIT's bits minus |v|'s
 * is negative exactly when |v| > LIMIT or v is NaN, and the sign bits are or-ed together (a
 * compare would need a mask-to-vector move per step). Out of place, one pass reads the row, tests
 * it and writes FAST, and a second pass redoes the row with GENERAL only when a lane was out of
 * range: the reads from memory overlap the arithmetic (a separate test pass stalled on them
 * first). In place (out is the input: the only overlap the engine allows) the row is tested
 * first, since writing would destroy it. */
#define EW_ROW_WITH_FAST_RANGE(T, LIMIT, FAST, GENERAL)                                             \
    {                                                                                              \
        const T* a = in[0];                                                                        \
        const uint32_t lim_ = ew_float_to_bits(LIMIT);                                             \
        uint32_t over_ = 0;                                                                        \
        if ((const void*)out == (const void*)a) {                                                  \
            EW_FOR(T, { over_ |= lim_ - (ew_float_to_bits(a[k]) & 0x7fffffffu); })                 \
            if (!(over_ >> 31)) for (size_t k = 0; k < n; k++) { const T v = a[k]; out[k] = (FAST); } \
        } else {                                                                                   \
            EW_FOR(T, {                                                                            \
                const T v = a[k];                                                                  \
                over_ |= lim_ - (ew_float_to_bits(v) & 0x7fffffffu);                               \
                out[k] = (FAST);                                                                   \
            })                                                                                     \
        }                                                                                          \
        if (over_ >> 31) for (size_t k = 0; k < n; k++) { const T v = a[k]; out[k] = (GENERAL); }  \
    }

/* e^x: worst 1 ulp; overflows to inf above 88.72, rounds once through the subnormals to 0 below
 * -103.97. NaN is clamped like any input (no conversion of NaN to int) and restored at the end. */
static inline float ew_expf(float x) {
    float xc = ew_select(x < 88.8f, x, 88.8f);  /* NaN compares false: becomes 88.8, restored below */
    xc = ew_select(xc > -104.0f, xc, -104.0f);
    return ew_select(x != x, x, ew_expf_core(xc, 0));
}

/* e^x - 1 for x in [-25, 88.8] (finite, not NaN), without the sign of zero. The reduction
 * rounds n toward zero, so r = x - n ln2 has the sign of x and |r| < ln2: then 2^n expm1(r) and
 * 2^n - 1 have the same sign and the sum 2^n expm1(r) + (2^n - 1) never cancels. expm1(r) =
 * r + r^2 (1/2 + r Q(r)), Q degree 5 (fit error 1.7e-9 relative). */
static inline float ew_expm1f_poly(float xc, int32_t ni) {
    const float nf = (float)ni;
    float r = EW_FMA(-nf, EW_LN2_F, xc);  /* exact */
    r = EW_FMA(-nf, EW_LN2_F_LO, r);
    float q = 2.482577838236466e-05f;
    q = EW_FMA(q, r, 0.0002010039024753496f);
    q = EW_FMA(q, r, 0.0013889942783862352f);
    q = EW_FMA(q, r, 0.008332612924277782f);
    q = EW_FMA(q, r, 0.04166664183139801f);
    q = EW_FMA(q, r, 0.16666671633720398f);
    q = EW_FMA(q, r, 0.5f);
    const float p = EW_FMA(r * r, q, r);
    const float sc = ew_bits_to_float((uint32_t)(ni + 127) << 23);
    return EW_FMA(sc, p, sc - 1.0f);
}

static inline float ew_expm1f_core(float xc) {
    const float t = xc * 1.44269504088896341f;
    float nf = (float)(int32_t)t;        /* |t| <= 128.2: the conversion is exact and defined */
    nf = ew_select(nf < 127.0f, nf, 127.0f);  /* 2^127 is the largest power of two a float holds */
    return ew_expm1f_poly(xc, (int32_t)nf);
}

/* e^x - 1: worst 1 ulp (see ew_expm1f_core); expm1(x) = x for tiny x, -1 below -17.33, inf
 * above 88.72, expm1(-0) = -0. */
static inline float ew_expm1f(float x) {
    float xc = ew_select(x < 88.8f, x, 88.8f);  /* NaN becomes 88.8 here and is restored below */
    xc = ew_select(xc > -25.0f, xc, -25.0f);
    const float res = ew_expm1f_core(xc);
    return ew_select((x == 0.0f) | (x != x), x, res);
}

/* log(1+f) - f + f^2/2 - s f^2/2 for 1+f in [sqrt(2)/2, sqrt(2)), s = f/(2+f): the FreeBSD/musl
 * logf decomposition log(1+f) = f - hfsq + s (hfsq + R(s^2)), where R(z) = z (c1 + c2 z + c3 z^2
 * + c4 z^3) approximates log((1+s)/(1-s)) - 2s over s (fit error 5e-12 relative). Returns the
 * value without the "f" and "- hfsq" terms, which the callers add in the order that keeps the
 * error below 1 ulp. */
static inline float ew_log_tail(float f, float hfsq) {
    const float s = f / (2.0f + f);
    const float z = s * s, w = z * z;
    const float t1 = w * (0.4000033438205719f + w * 0.23582151532173157f);
    const float t2 = z * (0.6666666269302368f + w * 0.28537309169769287f);
    return s * (hfsq + (t2 + t1));
}

/* log(x): worst 1 ulp; log(+-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf. x = 2^k (1+f)
 * with 1+f in [sqrt(2)/2, sqrt(2)); subnormals are scaled by 2^23 first. */
static inline float ew_logf(float x) {
    const int sub = x < 1.17549435e-38f;                /* subnormal (or zero, negative: selected out) */
    const float xs = ew_select(sub, x * 8388608.0f, x);
    uint32_t ix = ew_float_to_bits(xs) + (0x3f800000u - 0x3f3504f3u);
    const int32_t k = (int32_t)((ix >> 23) & 0x1ffu) - 127 - 23 * sub;
    ix = (ix & 0x007fffffu) + 0x3f3504f3u;
    const float f = ew_bits_to_float(ix) - 1.0f;
    const float hfsq = 0.5f * f * f;
    const float dk = (float)k;
    float r = ew_log_tail(f, hfsq) + dk * EW_LN2_LO - hfsq + f + dk * EW_LN2_HI;
    r = ew_select(x < 0.0f, EW_NANF, r);
    r = ew_select(x == 0.0f, -EW_INFF, r);
    r = ew_select(x == EW_INFF, x, r);
    return ew_select(x != x, x, r);
}

/* log(1+x): worst 1 ulp; log1p(-1) = -inf, log1p(x < -1) = NaN, log1p(+inf) = +inf,
 * log1p(+-0) = +-0. u = 1+x is decomposed as in ew_logf and the rounding error of 1+x is added
 * back as c/u (musl log1pf): exact to first order, so small x keep full relative accuracy. */
static inline float ew_log1pf(float x) {
    const float u = 1.0f + x;
    uint32_t iu = ew_float_to_bits(u) + (0x3f800000u - 0x3f3504f3u);
    const int32_t k = (int32_t)((iu >> 23) & 0x1ffu) - 127;
    /* (1+x) - u, exactly: u - 1 is exact when u < 2 (k < 2), u - x is exact when x >= 1 */
    float c = ew_select(k >= 2, 1.0f - (u - x), x - (u - 1.0f));
    c = c / u;
    iu = (iu & 0x007fffffu) + 0x3f3504f3u;
    const float f = ew_bits_to_float(iu) - 1.0f;
    const float hfsq = 0.5f * f * f;
    const float dk = (float)k;
    float r = ew_log_tail(f, hfsq) + (dk * EW_LN2_LO + c) - hfsq + f + dk * EW_LN2_HI;
    r = ew_select(x < -1.0f, EW_NANF, r);
    r = ew_select(x == -1.0f, -EW_INFF, r);
    r = ew_select(x == EW_INFF, x, r);
    return ew_select((x == 0.0f) | (x != x), x, r);
}

/* 1 / (1 + e^-x): worst 2 ulp. With e = e^-|x|, sigmoid = 1/(1+e) for x >= 0 and e/(1+e) for
 * x < 0, so results keep full relative accuracy down to the subnormals (sigmoid(-100) = e^-100)
 * instead of flushing through 1/(1 + huge); sigmoid(-inf) = 0, sigmoid(+inf) = 1. */
static inline float ew_sigmoidf(float x) {
    const float e = ew_expf(-ew_with_sign(x, 0.0f));
    const float num = ew_select(x >= 0.0f, 1.0f, e);
    const float r = num / (1.0f + e);
    return ew_select(x != x, x, r);
}

/* ew_sigmoidf for |x| <= 86 (EW_SIGMOID_LIMIT; not NaN), bit-identical: ew_expf_normal. */
#define EW_SIGMOID_LIMIT 86.0f
static inline float ew_sigmoidf_normal(float x) {
    const float e = ew_expf_normal(-ew_with_sign(x, 0.0f));
    return ew_select(x >= 0.0f, 1.0f, e) / (1.0f + e);
}

/* e^q for q in [-20, 0] (finite): the result is normal, so 2^n is added to the exponent field
 * directly; e^r = 1 + r + r^2 Q(r), Q degree 3 (minimax fit, 1.1e-7 relative). For ew_erff's
 * 1 - e^q, where e^q <= 0.21 and its error reaches the result damped by e^q / (1 - e^q) < 0.27. */
static inline float ew_exp_tail(float q) {
    float r;
    const float tt = ew_exp_reduce(q, &r);
    float p = 0.008312532f;
    p = EW_FMA(p, r, 0.041890144f);
    p = EW_FMA(p, r, 0.16667114f);
    p = EW_FMA(p, r, 0.4999923f);
    p = EW_FMA(p, r, 1.0f);
    p = EW_FMA(p, r, 1.0f);
    return ew_bits_to_float(ew_float_to_bits(p) + ((ew_float_to_bits(tt) - 0x4b400000u) << 23));
}

/* erf(x): worst 1 ulp. |x| < 0.92: x + x P(x^2) (the 2/sqrt(pi) - 1 = 0.128... leading term
 * keeps erf x = 2x/sqrt(pi) correctly rounded for tiny x), P degree 6, fit error 4e-10
 * relative. |x| >= 0.92: erf = 1 - e^q(|x|) with q degree 7 approximating log(erfc t) on
 * [0.92, 4] (erfc(4) < half an ulp of 1, so |x| is clamped to 4 and erf(+-inf) = +-1); q is in
 * [-17.1, -1.6], the range of ew_exp_tail. Both polynomials in FMAs. */
static inline float ew_erff(float x) {
    const float s = x * x;
    float p = 8.38241758174263e-05f;
    p = EW_FMA(p, s, -0.0008145605097524822f);
    p = EW_FMA(p, s, 0.005201287101954222f);
    p = EW_FMA(p, s, -0.026859501376748085f);
    p = EW_FMA(p, s, 0.11283697187900543f);
    p = EW_FMA(p, s, -0.37612634897232056f);
    p = EW_FMA(p, s, 0.12837916612625122f);
    const float small = EW_FMA(x, p, x);  /* NaN propagates; -0 stays -0 */
    float t = ew_with_sign(x, 0.0f);
    const int tail = t >= 0.92f;         /* false for NaN */
    t = ew_select(t < 4.0f, t, 4.0f);
    t = ew_select(tail, t, 0.92f);       /* keeps q in ew_exp_tail's range for small x and NaN */
    float q = -2.109496563207358e-05f;
    q = EW_FMA(q, t, 0.00043446169001981616f);
    q = EW_FMA(q, t, -0.004171059001237154f);
    q = EW_FMA(q, t, 0.025119416415691376f);
    q = EW_FMA(q, t, -0.10828007757663727f);
    q = EW_FMA(q, t, -0.6333469152450562f);
    q = EW_FMA(q, t, -1.1295149326324463f);
    q = EW_FMA(q, t, 0.00017468321311753243f);
    const float big = ew_with_sign(1.0f - ew_exp_tail(q), x);
    return ew_select(tail, big, small);
}

/* ---- rounding to integers: exact, with the sign of zero kept; GCC vectorizes floorf/ceilf/truncf
 * only under -fno-trapping-math and does not inline them for SSE2, so they are written out ---- */

/* toward zero. |x| >= 2^23 (and inf, NaN) is already integral and returned as is; below that the
 * float -> int32 conversion truncates exactly. */
static inline float ew_truncf(float x) {
    const int big = !(ew_with_sign(x, 0.0f) < 8388608.0f);    /* true for NaN */
    const float t = (float)(int32_t)ew_select(big, 0.0f, x);
    return ew_select(big, x, ew_with_sign(t, x));
}

static inline float ew_floorf(float x) {
    const float t = ew_truncf(x);
    return ew_select(t > x, t - 1.0f, t);
}

static inline float ew_ceilf(float x) {
    const float t = ew_truncf(x);
    return ew_select(t < x, t + 1.0f, t);
}

/* to nearest, halfway cases to even: adding and subtracting 2^23 rounds |x| < 2^23 to an integer
 * in the default rounding mode (round to nearest even), which is the mode the library runs in. */
static inline float ew_rintf(float x) {
    const float a = ew_with_sign(x, 0.0f);
    const float r = (a + 8388608.0f) - 8388608.0f;
    return ew_select(a < 8388608.0f, ew_with_sign(r, x), x);
}

/* to nearest, halfway cases away from zero (C roundf): the fraction x - trunc(x) is exact. */
static inline float ew_roundf(float x) {
    const float t = ew_truncf(x);
    const float d = ew_with_sign(x - t, 0.0f);
    return ew_select(d >= 0.5f, t + ew_with_sign(1.0f, x), t);
}

/* sqrt(x), correctly rounded (bit-identical to IEEE sqrt over all 2^32 inputs). sqrtf itself
 * does not vectorize under the default -fmath-errno. Three Newton steps for 1/sqrt in double from
 * the bit-trick estimate give sqrt within 3e-11, so the float nearest to that is the correctly
 * rounded result or a neighbour of it, and the choice is then made exactly:
 * a midpoint m between two adjacent floats has 25 significant bits, so m*m is exact in double and
 * comparing it with x decides the rounding. sqrt(-0) = -0, sqrt(x < 0) = NaN, sqrt(inf) = inf. */
static inline float ew_sqrtf(float x) {
    const int finite_pos = (x > 0.0f) & (x < EW_INFF);
    const double d = (double)ew_select(finite_pos, x, 1.0f);
    double r = ew_bits_to_double(0x5fe6eb50c7b537a9ull - (ew_double_to_bits(d) >> 1));
    r = r * (1.5 - 0.5 * d * r * r);     /* relative error 3.4e-2 -> 1.7e-3 */
    r = r * (1.5 - 0.5 * d * r * r);     /* -> 4.4e-6 */
    r = r * (1.5 - 0.5 * d * r * r);     /* -> 2.9e-11, far inside one float ulp */
    float c = (float)(d * r);
    const uint32_t cb = ew_float_to_bits(c);
    const float up = ew_bits_to_float(cb + 1u), down = ew_bits_to_float(cb - 1u);
    const double mh = 0.5 * ((double)c + (double)up), ml = 0.5 * ((double)c + (double)down);
    c = ew_select(mh * mh < d, up, c);
    c = ew_select(ml * ml > d, down, c);
    c = ew_select(finite_pos, c, x);       /* +-0, +inf, NaN are their own square roots */
    return ew_select(x < 0.0f, EW_NANF, c);
}

/* ---- sin and cos ----
 * x = n pi/2 + r in double, n = x 2/pi rounded to an integer and r = (x - n P1) - n P1t, with P1 the
 * first 33 bits of pi/2 (n P1 exact for |n| < 2^20) and P1t = pi/2 - P1 rounded to double (fdlibm's
 * __rem_pio2f, medium range); then FreeBSD msun's float kernels __kernel_sindf / __kernel_cosdf on
 * |r| <= pi/4 (double polynomials, relative errors below 2^-37.5 and 2^-34.1), rounded once to
 * float; n mod 4 picks the kernel and its sign (cos x = sin(x + pi/2): quadrant n + 1). Below 2^-12,
 * sin x = x (keeps -0: the kernel would give +0). Infinite and NaN x give NaN. Valid for
 * |x| < EW_TRIG_BIG only: larger elements are the caller's (ew_math.c redoes them with libm). */
#define EW_TRIG_BIG 1.0e6f
static inline double ew_select_d(int c, double a, double b) {
    const uint64_t m = 0u - (uint64_t)(c != 0);
    return ew_bits_to_double((ew_double_to_bits(a) & m) | (ew_double_to_bits(b) & ~m));
}
static inline double ew_sincos_core(float x, unsigned cosine) {
    const double xd = (double)x;
    const double t = EW_FMAD(xd, 6.36619772367581382433e-01, 0x1.8p52); /* x 2/pi + 1.5 2^52: n in the low bits */
    const double n = t - 0x1.8p52;
    const uint64_t q = ew_double_to_bits(t) + (uint64_t)cosine;   /* n mod 4 (two's complement bits) */
    const double r = EW_FMAD(-n, 6.07710050650619224932e-11, EW_FMAD(-n, 1.57079632673412561417e+00, xd));
    const double z = r * r;
    /* sin r = r (1 + z (S1 + z (S2 + z (S3 + z S4)))), cos r = 1 + z (C0 + z (C1 + z (C2 + z C3))):
     * the kernels' polynomials by Horner's rule in fused multiply-adds (EW_FMAD: the same bits on
     * every path), both evaluated and one picked by the quadrant (fewer operations than picking
     * each coefficient), its sign flipped by the quadrant's second bit */
    const double ps = EW_FMAD(z, EW_FMAD(z, EW_FMAD(z, EW_FMAD(z, 0x16cd878c3b46a7.0p-71, -0x1a00f9e2cae774.0p-65),
                                                  0x111110896efbb2.0p-59), -0x15555554cbac77.0p-55), 1.0);
    const double pc = EW_FMAD(z, EW_FMAD(z, EW_FMAD(z, EW_FMAD(z, 0x199342e0ee5069.0p-68, -0x16c087e80f1e27.0p-62),
                                                  0x155553e1053a42.0p-57), -0x1ffffffd0c5e81.0p-54), 1.0);
    const double v = ew_select_d((int)(q & 1u), pc, r * ps);
    return ew_bits_to_double(ew_double_to_bits(v) ^ ((q & 2u) << 62));
}
/* NaN in: x + x (x quieted, its payload and sign), not whatever the fused multiply-adds pass on
 * (libm's fma and vfmadd pick different NaN operands) */
static inline float ew_sinf(float x) {
    const float v = ew_select(ew_with_sign(x, 0.0f) < 0x1p-12f, x, (float)ew_sincos_core(x, 0u));
    return ew_select(x != x, x + x, v);
}
static inline float ew_cosf(float x) { return ew_select(x != x, x + x, (float)ew_sincos_core(x, 1u)); }

/* ---- hyperbolic functions from ew_expf_core, ew_expm1f_core, ew_logf and ew_log1pf ---- */

/* cosh(x) = E + 1/(4E) with E = e^|x| / 2 (scaled inside the exponential, so cosh stays finite
 * up to |x| = 89.41 where e^|x| alone would overflow). */
static inline float ew_coshf(float x) {
    float a = ew_with_sign(x, 0.0f);
    a = ew_select(a < 89.5f, a, 89.5f);  /* NaN becomes 89.5: restored below */
    const float e = ew_expf_core(a, -1);
    return ew_select(x != x, x, e + 0.25f / e);
}

/* sinh(x): for |x| < 9, (em + em/(em+1)) / 2 with em = expm1(|x|), which keeps full relative
 * accuracy near 0 (sinh x = x for tiny x); above, E - 1/(4E) with E = e^|x| / 2 as in ew_coshf. */
static inline float ew_sinhf(float x) {
    float a = ew_with_sign(x, 0.0f);
    a = ew_select(a < 89.5f, a, 89.5f);  /* NaN becomes 89.5: restored below */
    const float em = ew_expm1f_core(ew_select(a < 9.0f, a, 9.0f));
    const float small = 0.5f * (em + em / (em + 1.0f));
    const float e = ew_expf_core(a, -1);
    const float big = e - 0.25f / e;
    return ew_select(x != x, x, ew_with_sign(ew_select(a < 9.0f, small, big), x));
}

/* asinh(x) = sign(x) log(|x| + sqrt(x^2 + 1)) in the three forms of FreeBSD's s_asinhf that avoid
 * cancellation and overflow: |x| <= 2: log1p(|x| + x^2 / (1 + sqrt(1 + x^2))); |x| < 2^28:
 * log(2|x| + 1 / (|x| + sqrt(x^2 + 1))); beyond: log(|x|) + ln2. */
static inline float ew_asinhf(float x) {
    const float a = ew_with_sign(x, 0.0f);
    const float am = ew_select(a < 268435456.0f, a, 0.0f);    /* x^2 stays finite */
    const float s = ew_sqrtf(am * am + 1.0f);
    const float small = ew_log1pf(am + am * am / (1.0f + s));
    const float mid = ew_logf(2.0f * am + 1.0f / (am + s));
    const float big = ew_logf(a) + 0.693147180559945309f;
    const float r = ew_select(a <= 2.0f, small, ew_select(a < 268435456.0f, mid, big));
    return ew_select(x != x, x, ew_with_sign(r, x));
}

/* acosh(x) = log(x + sqrt(x^2 - 1)) for x >= 1 in the forms of FreeBSD's e_acoshf: x <= 2:
 * log1p(t + sqrt(2t + t^2)) with t = x - 1 (exact); x < 2^28: log(2x - 1 / (x + sqrt(x^2 - 1)));
 * beyond: log(x) + ln2. acosh(x < 1) = NaN, acosh(1) = +0, acosh(inf) = inf. */
static inline float ew_acoshf(float x) {
    const float xm = ew_select((x >= 1.0f) & (x < 268435456.0f), x, 1.0f);
    const float t = xm - 1.0f;
    const float small = ew_log1pf(t + ew_sqrtf(2.0f * t + t * t));
    const float mid = ew_logf(2.0f * xm - 1.0f / (xm + ew_sqrtf(xm * xm - 1.0f)));
    const float big = ew_logf(x) + 0.693147180559945309f;
    const float r = ew_select(x <= 2.0f, small, ew_select(x < 268435456.0f, mid, big));
    return ew_select(x < 1.0f, EW_NANF, ew_select(x != x, x, r));
}

/* atanh(x) = sign(x) log1p(2|x| / (1 - |x|)) / 2 (FreeBSD e_atanhf), written for |x| < 0.5 as
 * log1p(2|x| + 2|x|^2 / (1 - |x|)) / 2 so that the argument keeps its low bits. atanh(+-1) =
 * +-inf, atanh(|x| > 1) = NaN. */
static inline float ew_atanhf(float x) {
    const float a = ew_with_sign(x, 0.0f);
    const float small = 0.5f * ew_log1pf(2.0f * a + 2.0f * a * a / (1.0f - a));
    const float big = 0.5f * ew_log1pf(2.0f * a / (1.0f - a));
    const float r = ew_select(a < 0.5f, small, big);
    return ew_select(a > 1.0f, EW_NANF, ew_select(x != x, x, ew_with_sign(r, x)));
}

#endif /* PYDML_NATIVE_EW_MATHFN_H */
