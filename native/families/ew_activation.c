/* ACTIVATION_* operators on the element-wise engine (elementwise.h). Each function is defined once
 * and serves the standalone operator, every FusedActivation (ADD1, CONVOLUTION through
 * pydml_activation_apply, ...) and, later, its gradient. Parameters are read in include/pydml.h's
 * pydml_activation order. Formulas: each operator's page, MicrosoftDocs/sdk-api
 * ns-directml-dml_activation_<name>_operator_desc.md (GELU, SWISH, HARD_SWISH: windows-ai-docs
 * docs/directml/api/). SOFTMAX, LOG_SOFTMAX, HARDMAX and their "1" forms are in softmax.c.
 *
 * Accuracy. The float bodies are libm-free and vectorize (ew_mathfn.h functions, bitwise selects
 * instead of branches). Where a page's formula scales x by a parameter before a transcendental
 * function (Steepness * x, Beta * x, SigmoidInputScale * x, x / Alpha), the scaled value is formed
 * in double (a product of two floats is exact there) and the part lost by rounding it to float is
 * carried as a first-order correction: rounding it alone would cost up to |t| / 2 ulps (e^t at
 * t = -80 would be 40 ulps off). Affine parts (Alpha * x + Beta, the final scalings) are evaluated
 * in double and rounded to float at the end. Worst distance from the float64 function, in float
 * ulps, measured on every 61st float (every 5th for GELU, and every float of |x| <= 13 by
 * tools/check_gelu_ulp.c): 0 for the piecewise-linear operators
 * and SOFTSIGN, 3 for SCALED_TANH and PARAMETRIC_SOFTPLUS (a float tanh / log1p result scaled by
 * Alpha), 2 for the others (tests/test_ew_activation.py asserts each bound on every ISA path; the
 * ISA variants are bit-identical).
 *
 * Edge cases the pages do not cover (decided here, asserted by the tests):
 *  - NaN in gives NaN out wherever the page's formula reads x through arithmetic or max/min (max and
 *    min propagate NaN, as RELU and torch do); the comparison-only rows of THRESHOLDED_RELU and
 *    SHRINK ("0 otherwise") give 0 for NaN, as their formulas read literally.
 *  - At +-inf the functions take their limits where the formula as written would give inf/inf or
 *    inf * 0: SOFTSIGN(+-inf) = +-1, GELU(-inf) = SWISH(-inf) = HARD_SWISH(-inf) = 0.
 *  - A parameter times x that is 0 * inf (or x / Alpha that is 0 / 0, inf / inf) is taken as 0, the
 *    value of the product when one factor is exactly 0 (act_arg): PARAMETRIC_SOFTPLUS with Beta = 0
 *    is Alpha ln 2 also at +-inf; SOFTPLUS and SWISH with an infinite scale become max(x, 0).
 *  - CELU with Alpha = 0 (the page divides by Alpha and states no rule) gives the limit Alpha -> 0+,
 *    max(0, x): exp(x / 0) - 1 is -1 or +inf, and min(0, 0 * (-1)) = 0, min(0, 0 * inf) taken as 0.
 *  - Integer types (RELU, PARAMETERIZED_RELU, SHRINK from FL5_1) and a negative SHRINK Threshold:
 *    at the functions. */
#include "elementwise.h"
#include "ew_mathfn.h"
#include "ew_piecewise.h"

#define ACT_INF (1.0f / 0.0f)

/* ---- helpers (inlined into every ISA variant) ---- */

/* c ? t : f as a bitwise blend. Written as a ?: GCC sinks an arm that only the select uses into a
 * branch, and with -ftrapping-math (the default) it then refuses to if-convert the branch back, so
 * the loop would not vectorize; the blend has no branch to sink into. */
static inline float act_sel(int c, float t, float f) {
    const uint32_t m = 0u - (uint32_t)c;
    return ew_bits_to_float((ew_float_to_bits(t) & m) | (ew_float_to_bits(f) & ~m));
}
static inline double act_seld(int c, double t, double f) {
    const uint64_t m = 0u - (uint64_t)c;
    uint64_t bt, bf;
    memcpy(&bt, &t, sizeof bt);
    memcpy(&bf, &f, sizeof bf);
    const uint64_t r = (bt & m) | (bf & ~m);
    double d;
    memcpy(&d, &r, sizeof d);
    return d;
}

/* A parameter times x (or x / Alpha) in double: exact for finite floats. Where it is 0 * inf, inf /
 * inf or 0 / 0 (an infinite or zero parameter meeting x = 0 or +-inf) the result is taken as 0,
 * the product's value when either factor is exactly 0; NaN x is restored by every caller. */
static inline double act_arg(double t) { return act_seld(t != t, 0.0, t); }

/* The float part of an exact double product t, clamped so that the conversion is always in range
 * (the callers only use it as an exp argument, where |t| > 1e30 saturates anyway). */
static inline float act_hi(double t) {
    double c = act_seld(t < 1e30, t, 1e30);
    c = act_seld(c > -1e30, c, -1e30);
    return (float)c;
}

/* t - th, the rounding error of th = act_hi(t), 0 where t is not finite or was clamped. */
static inline double act_lo(double t, float th) {
    const double d = t - (double)th;
    return act_seld((d < 1.0) & (d > -1.0), d, 0.0);
}

/* e^(th + tl) in double (tl a small correction: the rounding error of th), within about 1 float
 * ulp also where it lies outside float's range: there a float exp would be subnormal (losing its
 * relative precision) or inf, while the callers' x * Sigmoid(s x), Alpha * softplus(Beta x) or
 * Alpha * expm1(x / Alpha) can scale it back into range. Beyond |th| = 64 the float exp is taken at
 * th -+ 128 ln2 and scaled by 2^+-128 in double; the rounding of that argument, of 128 ln2 and tl
 * enter as a first-order correction. */
#define ACT_128LN2_F 88.72283935546875f            /* 128 ln2 rounded to float */
#define ACT_128LN2_ERR (-2.4379575039459428845e-7)  /* 128 ln2 - ACT_128LN2_F */
static inline double act_exp_d(float th, double tl) {
    /* |th| <= 300 keeps th -+ 128 ln2 rounding well below 1 (beyond, float results are 0 or inf) */
    th = act_sel(th > 300.0f, 300.0f, act_sel(th < -300.0f, -300.0f, th));
    const int big = th > 64.0f, small = th < -64.0f;
    const float shift = act_sel(big, -ACT_128LN2_F, act_sel(small, ACT_128LN2_F, 0.0f));
    const float u = th + shift;
    const double du = ((double)th + (double)shift) - (double)u;      /* exact */
    const double corr = du + tl + act_seld(big, -ACT_128LN2_ERR, act_seld(small, ACT_128LN2_ERR, 0.0));
    const double scale = act_seld(big, 0x1p128, act_seld(small, 0x1p-128, 1.0));
    return (double)ew_expf(u) * scale * (1.0 + corr);
}

/* e^-|t| for t = th + tl: e^-|th| e^-+tl */
static inline double act_exp_neg_abs(double t, float th, double tl) {
    return act_exp_d(-ew_with_sign(th, 0.0f), act_seld(t < 0.0, tl, -tl));
}

/* log(1 + e^t) = max(t, 0) + log1p(e^-|t|), for t = th + tl: log1p at the float e, corrected to
 * first order by the part of e^-|t| below float precision (all of it where e^-|t| underflows). */
static inline double act_softplus(double t, float th, double tl) {
    const double e = act_exp_neg_abs(t, th, tl);
    const float ef = (float)e;
    const double l = (double)ew_log1pf(ef) + (e - (double)ef) / (1.0 + e);
    return act_seld(t > 0.0, t, 0.0) + l;
}

/* ---- IDENTITY: f(x) = x ---- */
EW_F32(identity, EW_MAP(float, a[k]))

/* ---- RELU: f(x) = max(0, x); NaN stays NaN. Integers (FL5_1: INT32/16/8) likewise. ---- */
EW_F32(relu, EW_MAP(float, a[k] < 0.0f ? 0.0f : a[k]))
EW_I64(relu, EW_MAP(int64_t, a[k] < 0 ? 0 : a[k]))

/* ---- LEAKY_RELU: f(x) = x if x >= 0, else Alpha * x (one rounding) ---- */
EW_F32(leaky_relu, const float alpha = P->f32[0]; EW_MAP(float, act_sel(a[k] >= 0.0f, a[k], alpha * a[k])))

/* ---- PARAMETERIZED_RELU: f(x, slope) = x if x >= 0, else slope * x; SlopeTensor is input 1
 * (broadcast through its strides). Integers (FL5_1: INT32/16/8): the product wraps like the
 * engine's other integer arithmetic (int64 here, then wrapped to the output type on store). ---- */
EW_F32(prelu, EW_MAP(float, act_sel(a[k] >= 0.0f, a[k], b[k] * a[k])))
EW_I64(prelu, EW_MAP(int64_t, a[k] >= 0 ? a[k] : (int64_t)((uint64_t)b[k] * (uint64_t)a[k])))

/* ---- THRESHOLDED_RELU: f(x) = x if x > Alpha, else 0 (NaN: 0, "otherwise") ---- */
EW_F32(thresholded_relu, const float alpha = P->f32[0]; EW_MAP(float, a[k] > alpha ? a[k] : 0.0f))

/* ---- LINEAR: f(x) = Alpha * x + Beta, in double (Alpha * x exact), then rounded to float ---- */
EW_F32(linear,
    const double alpha = P->f[0], beta = P->f[1];
    EW_MAP(float, (float)(alpha * (double)a[k] + beta)))

/* ---- HARD_SIGMOID: f(x) = max(0, min(Alpha * x + Beta, 1)); the comparisons are written so that
 * NaN falls through both ---- */
static inline double act_hard_sigmoid(double alpha, double beta, double x) {
    const double v = alpha * x + beta;
    const double m = act_seld(v > 1.0, 1.0, v);
    return act_seld(m < 0.0, 0.0, m);
}
EW_F32(hard_sigmoid,
    const double alpha = P->f[0], beta = P->f[1];
    EW_MAP(float, (float)act_hard_sigmoid(alpha, beta, (double)a[k])))

/* ---- HARD_SWISH: f(x) = x * HardSigmoid(x, Alpha, Beta) (HARD_SIGMOID's formula); 0 where
 * HardSigmoid is 0, also at x = +-inf (the product's limit) ---- */
static inline float act_hard_swish(double alpha, double beta, float x) {
    const double h = act_hard_sigmoid(alpha, beta, (double)x);
    return act_sel(h == 0.0, 0.0f, (float)((double)x * h));
}
EW_F32(hard_swish,
    const double alpha = P->f[0], beta = P->f[1];
    EW_MAP(float, act_hard_swish(alpha, beta, a[k])))

/* ---- SHRINK: f(x) = x - Bias if x > Threshold; x + Bias if x < -Threshold; 0 otherwise. The rows
 * are tried in the page's order (a negative Threshold makes both match: the first wins). Integer
 * types (FL5_1: INT32/16/8, UINT32/16/8): computed exactly in double on the integer value, then
 * converted to the output type as the engine converts floats (toward zero, saturating), so e.g.
 * UINT8 3 - Bias 5 gives 0 (ONNX Shrink's reference also computes in floating point). ---- */
static inline float act_shrink(float bias, float th, float x) {
    const float below = act_sel(x < -th, x + bias, 0.0f);
    return act_sel(x > th, x - bias, below);
}
EW_F32(shrink,
    const float bias = P->f32[0], th = P->f32[1];
    EW_MAP(float, act_shrink(bias, th, a[k])))
EW_I64(shrink,
    const double bias = P->f[0], th = P->f[1];
    double lo = -9223372036854775808.0, hi = 9223372036854775808.0;
    switch (P->output_type) {
    case DML_TENSOR_DATA_TYPE_INT8: lo = INT8_MIN; hi = INT8_MAX; break;
    case DML_TENSOR_DATA_TYPE_INT16: lo = INT16_MIN; hi = INT16_MAX; break;
    case DML_TENSOR_DATA_TYPE_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT8: lo = 0; hi = UINT8_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT16: lo = 0; hi = UINT16_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT32: lo = 0; hi = UINT32_MAX; break;
    default: break;
    }
    const int64_t hi_i = hi >= 9223372036854775808.0 ? INT64_MAX : (int64_t)hi;
    for (size_t k = 0; k < n; k++) {
        const double x = (double)in[0][k];
        const double r = x > th ? x - bias : x < -th ? x + bias : 0.0;
        out[k] = r != r ? 0 : r <= lo ? (int64_t)lo : r >= hi ? hi_i : (int64_t)r;
    })

/* ---- SOFTSIGN: f(x) = x / (1 + abs(x)), in double, then rounded to float; +-inf: +-1 (the limit) ---- */
static inline float act_softsign(float x) {
    const float ax = ew_with_sign(x, 0.0f);
    const float q = (float)((double)x / (1.0 + (double)ax));
    return act_sel(ax == ACT_INF, ew_with_sign(1.0f, x), q);
}
EW_F32(softsign, EW_MAP(float, act_softsign(a[k])))

/* ---- SIGMOID: f(x) = 1 / (1 + exp(-x)) ---- */
EW_F32(sigmoid, EW_ROW_WITH_FAST_RANGE(float, EW_SIGMOID_LIMIT, ew_sigmoidf_normal(v), ew_sigmoidf(v)))

/* ---- TANH: f(x) = (1 - exp(-2 * x)) / (1 + exp(-2 * x)) = tanh(x) ---- */
EW_F32_C(tanh, EW_MAP(float, ew_tanhf(a[k])))

/* ---- SCALED_TANH: f(x) = Alpha * tanh(Beta * x); tanh at the exact product to first order
 * (tanh' = 1 - tanh^2) ---- */
static inline float act_scaled_tanh(double alpha, double beta, float x) {
    const double t = act_arg(beta * (double)x);
    const float th = act_hi(t);
    const double y = (double)ew_tanhf(th);
    const float r = (float)(alpha * (y + (1.0 - y * y) * act_lo(t, th)));
    return act_sel(x != x, x, r);
}
EW_F32(scaled_tanh,
    const double alpha = P->f[0], beta = P->f[1];
    EW_MAP(float, act_scaled_tanh(alpha, beta, a[k])))

/* ---- ELU: f(x) = x if x >= 0, else Alpha * (exp(x) - 1) ---- */
static inline float act_elu(double alpha, float x) {
    return act_sel(x >= 0.0f, x, (float)(alpha * (double)ew_expm1f(x)));
}
EW_F32(elu, const double alpha = P->f[0]; EW_MAP(float, act_elu(alpha, a[k])))

/* ---- SCALED_ELU: f(x) = Gamma * x if x > 0, else Gamma * (Alpha * exp(x) - Alpha) ---- */
static inline float act_scaled_elu(double alpha, double gamma, float x) {
    const float pos = (float)(gamma * (double)x);
    const float neg = (float)(gamma * (alpha * (double)ew_expm1f(x)));
    return act_sel(x > 0.0f, pos, neg);
}
EW_F32(scaled_elu,
    const double alpha = P->f[0], gamma = P->f[1];
    EW_MAP(float, act_scaled_elu(alpha, gamma, a[k])))

/* ---- CELU: f(x) = max(0, x) + min(0, Alpha * (exp(x / Alpha) - 1)). x / Alpha is formed in double
 * and expm1 corrected to first order (expm1' = expm1 + 1). Alpha = 0: see the file comment. ---- */
static inline float act_celu(double alpha, float x) {
    const double xd = (double)x;
    const double y = act_arg(xd / alpha);
    const float yh = act_hi(y);
    const double yl = act_lo(y, yh);
    const double m0 = (double)ew_expm1f(yh);
    const double small = m0 + (m0 + 1.0) * yl;
    /* y > 64 (Alpha < 0): e^y - 1 in double, past float's overflow (|Alpha| < 1 can bring it back) */
    const double m = act_seld(yh > 64.0f, act_exp_d(yh, yl) - 1.0, small);
    const double neg = alpha * m;
    const double sum = act_seld(x > 0.0f, xd, 0.0) + act_seld(neg < 0.0, neg, 0.0);  /* NaN: 0 */
    return act_sel(x != x, x, (float)sum);
}
EW_F32(celu, const double alpha = P->f[0]; EW_MAP(float, act_celu(alpha, a[k])))

/* ---- SOFTPLUS: f(x) = ln(1 + exp(Steepness * x)) / Steepness (Steepness != 0: rules; < 1 from FL6_4) ---- */
static inline float act_softplus_steep(double steep, float x) {
    const double t = act_arg(steep * (double)x);
    const float th = act_hi(t);
    const float r = (float)(act_softplus(t, th, act_lo(t, th)) / steep);
    /* t > 40: log1p(e^-t) < 2^-57 t, so f = t / Steepness = x exactly (also Steepness = inf) */
    return act_sel(x != x, x, act_sel(t > 40.0, x, r));
}
EW_F32(softplus, const double steep = P->f[0]; EW_MAP(float, act_softplus_steep(steep, a[k])))

/* ---- PARAMETRIC_SOFTPLUS: f(x) = Alpha * ln(1 + exp(Beta * x)) ---- */
static inline float act_parametric_softplus(double alpha, double beta, float x) {
    const double t = act_arg(beta * (double)x);
    const float th = act_hi(t);
    const float r = (float)(alpha * act_softplus(t, th, act_lo(t, th)));
    return act_sel(x != x, x, r);
}
EW_F32(parametric_softplus,
    const double alpha = P->f[0], beta = P->f[1];
    EW_MAP(float, act_parametric_softplus(alpha, beta, a[k])))

/* ---- SWISH: f(x) = x * Sigmoid(SigmoidInputScale * x). With t = scale * x exact and e = e^-|t|
 * (act_exp_neg_abs, accurate also below FLT_MIN, where x can scale it back up), Sigmoid(t) =
 * 1/(1+e) for t >= 0 and e/(1+e) for t < 0. 0 where Sigmoid is 0 (x = +-inf too). ---- */
static inline float act_swish(double scale, float x) {
    const double t = act_arg(scale * (double)x);
    const float th = act_hi(t);
    const double e = act_exp_neg_abs(t, th, act_lo(t, th));
    const double s = act_seld(t >= 0.0, 1.0, e) / (1.0 + e);
    const float r = act_sel(s == 0.0, 0.0f, (float)((double)x * s));
    return act_sel(x != x, x, r);
}
EW_F32(swish, const double scale = P->f[0]; EW_MAP(float, act_swish(scale, a[k])))

/* ---- GELU: f(x) = 0.5 * x * (1.0 + erf(x / sqrt(2))) = x Phi(x), Phi the normal distribution.
 * 1 + erf(x / sqrt(2)) cancels for x < 0 (ew_erff's absolute error becomes thousands of ulps
 * relative by x = -3), so both signs go through E = Phi(-|x|) = e^(-x^2/2) R(|x|), which keeps its
 * relative accuracy: f = x E for x < 0 and x - x E for x >= 0. Worst 2 ulp (all floats, against
 * double erfc; tests/test_ew_activation.py). Two forms, the same bits where both apply:
 *  - |x| <= 13 (ACT_GELU_LIMIT), all in float: R = erfcx(|x| / sqrt 2) / 2 is u P(u - uc),
 *    u = 1 / (|x| + 3), P a polynomial of degree 9 (fit error 1.7e-8 relative; its constant term in
 *    two floats), e^(-x^2/2) = 2^n e^r with x^2 split exactly (x^2 = s + sl) and sl folded into r,
 *    and x R e^r formed as (x u) hi + (x u) (P e^r - hi) so that neither R nor e^r is rounded on its
 *    own, then x E = (x R e^r) 2^n and x - x E. One division, no table lookup (torch's GELU: 1 + erf,
 *    1,140 ulps off at x = -3).
 *  - beyond (and NaN): the double evaluation below, a rational minimax fit G = P4/Q5 of R on
 *    [0, 14.5] (relative error 6e-9) with x^2/2 exact and only e^(-x^2/2) a float exp; beyond
 *    |x| = 14.5, E is 0 in float (e^-105 underflows): f = x, or 0 (also at -inf, the limit).
 * ---- */
/* G(a) (1 - sl) in double, and sh: the parts of E = e^-(sh + sl) G(a) but the float exp. p / q
 * is p times 1/q, taken as the float reciprocal of q refined by one Newton step in double
 * (Horner's rule in FMAs) (relative error 2^-48). */
static inline double act_gelu_g(float ax, float* sh_out) {
    const double a = (double)ax;
    const double s = 0.5 * (a * a);                   /* exact */
    const float sh = (float)s;
    const double sl = s - (double)sh;                 /* exact */
    double p = 0.004116298775215403;
    p = EW_FMAD(p, a, 0.040633342700466604);
    p = EW_FMAD(p, a, 0.1832357977349619);
    p = EW_FMAD(p, a, 0.4382963507055993);
    p = EW_FMAD(p, a, 0.5000000029523067);
    double q = 0.010317911210485963;
    q = EW_FMAD(q, a, 0.10185913060016269);
    q = EW_FMAD(q, a, 0.4694722903893419);
    q = EW_FMAD(q, a, 1.2025066983037265);
    q = EW_FMAD(q, a, 1.674477682378454);
    q = EW_FMAD(q, a, 1.0);
    const double r0 = (double)(1.0f / (float)q);      /* q in [1, 2.3e4]: no overflow */
    const double r1 = EW_FMAD(r0, EW_FMAD(-q, r0, 1.0), r0);
    *sh_out = sh;
    return (p * r1) * (1.0 - sl);
}

/* the double form, for |x| > 13 and NaN */
static inline float act_gelu_wide(float x) {
    float ax = ew_with_sign(x, 0.0f);
    ax = act_sel(ax < 14.5f, ax, 14.5f);              /* NaN becomes 14.5, restored below */
    float sh;
    const double g = act_gelu_g(ax, &sh);
    const double e = (double)ew_expf(-sh);
    const double neg = e * ((double)ew_with_sign(ax, x) * g);   /* clamped x: -inf gives 0 */
    const double pos = (double)x * (1.0 - e * g);
    return act_sel(x != x, x, (float)act_seld(x < 0.0f, neg, pos));
}

/* R(a) = erfcx(a / sqrt 2) / 2 on [0, 13] without a table: R(a) = u P(v), u = 1 / (a + 3) (one
 * division), v = u - ACT_GELU_UC, P degree 9 in v with float coefficients fitted for relative error
 * (Lawson's iteration, each coefficient rounded to float and the rest refitted; the constant in two
 * floats: tools/fit_gelu_rational.py, worst 1.6e-8 in double over a in [0, 13.05]). R(a)(a + 3)
 * is smooth in u, where a polynomial in a over [0, 13] (R falls like 1 / a) is not: issue 25
 * measured the 8-interval table of before (11 vpermps per 8 lanes) at 0.62-0.79x torch on the
 * AVX2 host (AMD EPYC Zen 3), and this form at about 1.6x that table's speed in L1 (one Zen 3 core).
 * The center ACT_GELU_UC = 3/16 makes v = u - 3/16 exact for every u in [1/16, 1/3] (a in [0, 13]):
 * u and 3/16 are multiples of ulp(u) and |v| < 1/8 (< 1/4 where ulp(u) = 2^-26) is representable
 * at that spacing; an inexact v (the midpoint 0.198 was tried) costs up to 1 ulp at a = 13, where
 * v P'(v) / P is near 1.
 * The rounding errors that would each cost an ulp are carried to first order:
 *  - d = a + 3 is rounded; dl = a - (d - 3) is its exact error (d - 3 is exact: Sterbenz below 3,
 *    and above it d and 3 are multiples of ulp(d) with d - 3 in d's binade or below).
 *  - u = 1 / d is rounded; rho = 1 - u d is exact (an FMA), so 1 / (a + 3) = u (1 + kap),
 *    kap = rho - dl u, to first order (|kap| < 2^-23).
 *  - P is evaluated at the rounded u; P(u (1 + kap)) = P(u) (1 + kap u P'(u) / P(u)), and
 *    1 + u P' / P (in [1.22, 2.39]) is taken as its linear fit ACT_GELU_G0 + ACT_GELU_G1 v (within
 *    0.05): kap2 = kap (G0 + G1 v) is then the whole relative correction of u P.
 *  - kap2 is carried in the exponential's argument: e^r (1 + kap2) = e^(r + kap2) to first order,
 *    and -2 kap2 is added to sl (an FMA far below sl's ulp: it rounds nothing that matters), so
 *    z + sl is the one rounding it was and pl = e^(r + kap2) - 1 is the whole correction: one FMA
 *    and one add fewer than (1 + pl)(1 + kap2) - 1 formed apart (issue 25, Zen 4: 31 -> 30
 *    multiplies and FMAs per lane, the row 3-6 % faster), and more accurate (one rounding fewer:
 *    2-ulp cases on every 7th float of 1e-3 <= |x| <= 13, 9243 -> 7726).
 * So x R e^r = x u P (1 + pl), with x u = xu + xul split exactly, formed as xu hi + (xu q + xul P),
 * q = P (1 + pl) - hi: the last FMA is the one rounding of full weight; the others weigh
 * |q| / (P (1 + pl)) < 0.65. Worst 2 ulp, on every float with |x| <= 13 (tools/check_gelu_ulp.c,
 * against double erfc). */
#define ACT_GELU_C 3.0f
#define ACT_GELU_UC 0.1875f
#define ACT_GELU_P0_HI 0.7964337468147278f
#define ACT_GELU_P0_LO 2.8522368467065462e-08f
#define ACT_GELU_G0 1.782300353050232f
#define ACT_GELU_G1 4.538825035095215f
static const float act_gelu_p[9] = {  /* v^1 .. v^9 */
    3.413771152496338f, 8.878597259521484f, 8.853776931762695f, -18.793346405029297f,
    -45.74836730957031f, 81.84569549560547f, 196.7199249267578f, -450.5412902832031f,
    -432.9761047363281f,
};

/* The float form, for |x| <= 13 (finite; other lanes give a discarded value), written once over a
 * vector abstraction: ACT_GELU_NEAR(V, T, x) is the steps on one float (V = gv1), 8 lanes (gv8,
 * AVX2) or 16 (gv16, AVX-512), each V##_op one instruction of the row, so every path rounds the
 * same operations and gives the same bits. The sign bit picks the side (V##_pick), so that
 * GELU(-0) = -0.
 * Two steps differ from the plain formula but not in value (issue 25: each saves a multiply on the
 * two FMA pipes of Zen 3, where this row is bound by them):
 *  - the reduction of -s/2 = n ln2 + r and the sl fold are carried as z = -2 r: y = s + n (2 ln2),
 *    z = y + n (2 ln2_lo), then r = -(z + sl) / 2. Each rounding is the one of h - n ln2,
 *    r1 - n ln2_lo, r2 - sl / 2 (h = -s/2) scaled by -2, exact while nothing is subnormal, which
 *    holds for s >= 2^-125; below, n = 0 and what s and sl add to r is far below an ulp of P.
 *    n comes from s (log2e / -2 is exact: the same rounding as h log2e).
 *  - 2^n is added to w's exponent field instead of multiplying by it: n <= 0, and where n < 0
 *    (|x| >= 0.83) |w| >= 1/8 and |x E| >= 2^-125 (|x| <= 13), a normal float, so the product is
 *    exact and the same. */
#define ACT_GELU_NEAR(V, T, x, out)                                                                \
    const T a_ = V##_abs(x);                                                                       \
    const T s_ = V##_mul(a_, a_);                                                                  \
    const T sl_ = V##_fms(a_, a_, s_);                 /* exact: a^2 = s + sl */                   \
    const T tt_ = V##_fma(s_, V##_set(-0.5f * 1.44269502f), V##_set(12582912.0f));                 \
    const T nf_ = V##_sub(tt_, V##_set(12582912.0f));  /* n: e^(-s/2) = 2^n e^r */                 \
    const T y_ = V##_fma(nf_, V##_set(2.0f * EW_LN2_F), s_);                                       \
    const T z_ = V##_fma(nf_, V##_set(2.0f * EW_LN2_F_LO), y_);                                    \
    const T d_ = V##_add(a_, V##_set(ACT_GELU_C));                                                 \
    const T dl_ = V##_sub(a_, V##_sub(d_, V##_set(ACT_GELU_C)));  /* a + 3 = d + dl exactly */     \
    const T u_ = V##_div(V##_set(1.0f), d_);                                                       \
    const T rho_ = V##_fnma(u_, d_, V##_set(1.0f));    /* exact */                                 \
    const T kap_ = V##_fnma(dl_, u_, rho_);            /* 1 / (a + 3) = u (1 + kap) */             \
    const T v_ = V##_sub(u_, V##_set(ACT_GELU_UC));    /* exact (see ACT_GELU_UC) */               \
    /* sl - 2 kap2, kap2 = kap (G0 + G1 v): the relative correction of u P, carried in r */       \
    const T slk_ = V##_fma(kap_, V##_fma(V##_set(-2.0f * ACT_GELU_G1), v_, V##_set(-2.0f * ACT_GELU_G0)), sl_); \
    const T zs_ = V##_add(z_, slk_);                   /* -2 r: e^(-a^2/2) (1 + kap2) = 2^n e^r */ \
    const T pl_ = V##_mul(V##_expinner(zs_), zs_);     /* e^r - 1 (ACT_GELU_EXPW) */               \
    T p_ = V##_set(act_gelu_p[8]);                                                                 \
    for (int j_ = 7; j_ >= 0; j_--) p_ = V##_fma(p_, v_, V##_set(act_gelu_p[j_]));                 \
    const T rest_ = V##_fma(p_, v_, V##_set(ACT_GELU_P0_LO));  /* P - hi */                        \
    const T pp_ = V##_add(V##_set(ACT_GELU_P0_HI), rest_);     /* P */                             \
    const T xu_ = V##_mul(x, u_);                                                                  \
    const T xul_ = V##_fms(x, u_, xu_);                /* exact: x u = xu + xul */                 \
    const T q_ = V##_fma(pp_, pl_, rest_);             /* P e^r - hi */                            \
    const T w_ = V##_fma(xu_, V##_set(ACT_GELU_P0_HI), V##_fma(xu_, q_, V##_mul(xul_, pp_)));  /* x R e^r */ \
    const T xe_ = V##_scale(w_, tt_);                  /* x E = w 2^n */                           \
    out = V##_pick(x, xe_, V##_sub(x, xe_));

/* e^r - 1 = r ew_expf_poly_inner(r) taken from zs = -2 r (r = -zs / 2 is exact wherever it matters)
 * as zs Q(zs): Q is the same Horner chain with each step's value scaled by a power of two
 * (-1/2, 1/4, ... from the last step up), so every FMA rounds the same value scaled, and the
 * product is the one of p1 r; where zs is below 2^-125 and -zs / 2 would round, every step is
 * its constant exactly (the products are far below half an ulp of it) and both give
 * round(-zs / 2). The same bits, without the multiply by -1/2 (issue 25: one of the row's
 * 33 operations on Zen 3's two FMA pipes). */
#define ACT_GELU_Q6 (EW_EXPF_C6 * 0.015625f)
#define ACT_GELU_Q5 (EW_EXPF_C5 * -0.03125f)
#define ACT_GELU_Q4 (EW_EXPF_C4 * 0.0625f)
#define ACT_GELU_Q3 (EW_EXPF_C3 * -0.125f)
#define ACT_GELU_Q2 (EW_EXPF_C2 * 0.25f)
#define ACT_GELU_Q1 (-0.5f)
#define ACT_GELU_EXPW(V, zs)                                                                       \
    V##_fma(V##_fma(V##_fma(V##_fma(V##_fma(V##_set(ACT_GELU_Q6), zs, V##_set(ACT_GELU_Q5)), zs,    \
                                    V##_set(ACT_GELU_Q4)), zs, V##_set(ACT_GELU_Q3)), zs,          \
                    V##_set(ACT_GELU_Q2)), zs, V##_set(ACT_GELU_Q1))

/* one float (the portable row and every row's tail) */
static inline float gv1_set(float c) { return c; }
static inline float gv1_abs(float x) { return ew_with_sign(x, 0.0f); }
static inline float gv1_add(float a, float b) { return a + b; }
static inline float gv1_sub(float a, float b) { return a - b; }
static inline float gv1_mul(float a, float b) { return a * b; }
static inline float gv1_div(float a, float b) { return a / b; }
static inline float gv1_fma(float a, float b, float c) { return EW_FMA(a, b, c); }
static inline float gv1_fms(float a, float b, float c) { return EW_FMA(a, b, -c); }
static inline float gv1_fnma(float a, float b, float c) { return EW_FMA(-a, b, c); }
static inline float gv1_expinner(float zs) { return ACT_GELU_EXPW(gv1, zs); }
/* w 2^n, n in the low bits of tt (ew_exp_reduce's sum): n << 23 added to the exponent field */
static inline float gv1_scale(float w, float tt) {
    return ew_bits_to_float(ew_float_to_bits(w) + (ew_float_to_bits(tt) << 23));
}
static inline float gv1_pick(float x, float neg, float pos) {
    return ew_select((int)(ew_float_to_bits(x) >> 31), neg, pos);
}

#define ACT_GELU_LIMIT 13.0f
static inline float act_gelu_near(float x) {
    float out;
    ACT_GELU_NEAR(gv1, float, x, out)
    return out;
}

static inline float act_gelu(float x) {
    return ew_select(ew_with_sign(x, 0.0f) <= ACT_GELU_LIMIT, act_gelu_near(x), act_gelu_wide(x));
}
EW_F32_C(gelu, EW_ROW_WITH_FAST_RANGE(float, ACT_GELU_LIMIT, act_gelu_near(v), act_gelu(v)))

#ifdef EW_X86
/* 8 lanes (AVX2) and 16 (AVX-512) of ACT_GELU_NEAR */
#define ACT_GV_OPS(V, T, ATTR, PS, SI, SET1I)                                                      \
    ATTR static inline T V##_set(float c) { return PS(set1_ps)(c); }                               \
    ATTR static inline T V##_abs(T x) {                                                            \
        return PS(castsi##SI##_ps)(PS(and_si##SI)(PS(castps_si##SI)(x), SET1I(0x7fffffff)));       \
    }                                                                                              \
    ATTR static inline T V##_add(T a, T b) { return PS(add_ps)(a, b); }                            \
    ATTR static inline T V##_sub(T a, T b) { return PS(sub_ps)(a, b); }                            \
    ATTR static inline T V##_mul(T a, T b) { return PS(mul_ps)(a, b); }                            \
    ATTR static inline T V##_div(T a, T b) { return PS(div_ps)(a, b); }                            \
    ATTR static inline T V##_fma(T a, T b, T c) { return PS(fmadd_ps)(a, b, c); }                  \
    ATTR static inline T V##_fms(T a, T b, T c) { return PS(fmsub_ps)(a, b, c); }                  \
    ATTR static inline T V##_fnma(T a, T b, T c) { return PS(fnmadd_ps)(a, b, c); }                \
    ATTR static inline T V##_scale(T w, T tt) {                                                    \
        return PS(castsi##SI##_ps)(PS(add_epi32)(PS(castps_si##SI)(w), PS(slli_epi32)(PS(castps_si##SI)(tt), 23))); \
    }
#define ACT_PS256(op) _mm256_##op
#define ACT_PS512(op) _mm512_##op
ACT_GV_OPS(gv8, __m256, EW_T256, ACT_PS256, 256, _mm256_set1_epi32)
ACT_GV_OPS(gv16, __m512, EW_T512, ACT_PS512, 512, _mm512_set1_epi32)
EW_T256 static inline __m256 gv8_expinner(__m256 zs) { return ACT_GELU_EXPW(gv8, zs); }
EW_T512 static inline __m512 gv16_expinner(__m512 zs) { return ACT_GELU_EXPW(gv16, zs); }
EW_T256 static inline __m256 gv8_pick(__m256 x, __m256 neg, __m256 pos) { return _mm256_blendv_ps(pos, neg, x); }
EW_T512 static inline __m512 gv16_pick(__m512 x, __m512 neg, __m512 pos) {
    const __mmask16 negative = _mm512_test_epi32_mask(_mm512_castps_si512(x), _mm512_set1_epi32((int)0x80000000u));
    return _mm512_mask_blend_ps(negative, pos, neg);
}

/* Two vectors as one value (gv8x2: AVX2, gv16x2: AVX-512): each operation of ACT_GELU_NEAR becomes
 * two adjacent independent instructions, so two steps' dependency chains advance together.
 * Written as two calls of gelu8 one after the other, GCC emitted the steps in sequence, and the
 * second step's first operations waited behind the first's whole chain (about 80 cycles: the
 * division, then 9 FMAs of P) for scheduler room. Each lane's operations are those of gv8 /
 * gv16, so are its bits. */
#define ACT_GV_PAIR(V2, V, T, ATTR, SET1)                                                          \
    typedef struct { T a, b; } V2##_t;                                                             \
    ATTR static inline V2##_t V2##_set(float c) { const T v = SET1(c); return (V2##_t){v, v}; }    \
    ATTR static inline V2##_t V2##_abs(V2##_t x) { return (V2##_t){V##_abs(x.a), V##_abs(x.b)}; }  \
    ACT_GV_PAIR2(V2, V, ATTR, add) ACT_GV_PAIR2(V2, V, ATTR, sub) ACT_GV_PAIR2(V2, V, ATTR, mul)   \
    ACT_GV_PAIR2(V2, V, ATTR, div) ACT_GV_PAIR2(V2, V, ATTR, scale)                                \
    ACT_GV_PAIR3(V2, V, ATTR, fma) ACT_GV_PAIR3(V2, V, ATTR, fms) ACT_GV_PAIR3(V2, V, ATTR, fnma)  \
    ACT_GV_PAIR3(V2, V, ATTR, pick)                                                                \
    ATTR static inline V2##_t V2##_expinner(V2##_t zs) { return ACT_GELU_EXPW(V2, zs); }
#define ACT_GV_PAIR2(V2, V, ATTR, op)                                                              \
    ATTR static inline V2##_t V2##_##op(V2##_t x, V2##_t y) { return (V2##_t){V##_##op(x.a, y.a), V##_##op(x.b, y.b)}; }
#define ACT_GV_PAIR3(V2, V, ATTR, op)                                                              \
    ATTR static inline V2##_t V2##_##op(V2##_t x, V2##_t y, V2##_t z) {                            \
        return (V2##_t){V##_##op(x.a, y.a, z.a), V##_##op(x.b, y.b, z.b)};                         \
    }
ACT_GV_PAIR(gv8x2, gv8, __m256, EW_T256, _mm256_set1_ps)
ACT_GV_PAIR(gv16x2, gv16, __m512, EW_T512, _mm512_set1_ps)
#undef ACT_GV_PAIR
#undef ACT_GV_PAIR2
#undef ACT_GV_PAIR3

/* ACT_GELU_NEAR on 8 lanes. Returns the 8 results; *wide gets the lanes beyond 13 or NaN (for
 * act_gelu_wide). */
EW_T256 static inline __attribute__((always_inline)) __m256 gelu8(__m256 v, int* wide) {
    *wide = _mm256_movemask_ps(_mm256_cmp_ps(gv8_abs(v), _mm256_set1_ps(ACT_GELU_LIMIT), _CMP_NLE_UQ));
    __m256 res;
    ACT_GELU_NEAR(gv8, __m256, v, res)
    return res;
}

/* the lanes of `wide` redone by act_gelu_wide */
EW_T256 static __m256 gelu8_wide(__m256 v, __m256 res, int wide) {
    _Alignas(32) float xs[8], rs[8];
    _mm256_store_ps(xs, v);
    _mm256_store_ps(rs, res);
    for (unsigned bits = (unsigned)wide; bits; bits &= bits - 1u) {
        const int l = __builtin_ctz(bits);
        rs[l] = act_gelu_wide(xs[l]);
    }
    return _mm256_load_ps(rs);
}

/* Two independent steps of 8 lanes per iteration: one step's dependency chain (the exp, then the
 * 8-FMA Horner chain of R, then the products) is about 100 cycles long, and with one step per
 * iteration the out-of-order window overlapped too few of them (1.43 ns per element on one Zen 3
 * core in L1, row timed directly); interleaved, the two chains fill the FMA pipes. Each lane's
 * operations are the same, so are its bits. The last n % 16 values: one step of 8, then act_gelu. */
EW_T256 static void gelu_row_avx2(const ew_params* restrict P, size_t n, float* out, const float* const* in) {
    const float* x = in[0];
    size_t k = 0;
    for (; k + 16 <= n; k += 16) {
        ew_prefetch_step(P, x, out, k, 64);
        const __m256 v0 = _mm256_loadu_ps(x + k), v1 = _mm256_loadu_ps(x + k + 8);
        const __m256 limit = _mm256_set1_ps(ACT_GELU_LIMIT);
        const int w0 = _mm256_movemask_ps(_mm256_cmp_ps(gv8_abs(v0), limit, _CMP_NLE_UQ));
        const int w1 = _mm256_movemask_ps(_mm256_cmp_ps(gv8_abs(v1), limit, _CMP_NLE_UQ));
        const gv8x2_t v = {v0, v1};
        gv8x2_t res;
        ACT_GELU_NEAR(gv8x2, gv8x2_t, v, res)
        __m256 r0 = res.a, r1 = res.b;
        if (w0 | w1) {
            if (w0) r0 = gelu8_wide(v0, r0, w0);
            if (w1) r1 = gelu8_wide(v1, r1, w1);
        }
        _mm256_storeu_ps(out + k, r0);
        _mm256_storeu_ps(out + k + 8, r1);
    }
    if (k + 8 <= n) {
        const __m256 v = _mm256_loadu_ps(x + k);
        int w;
        __m256 r = gelu8(v, &w);
        if (w) r = gelu8_wide(v, r, w);
        _mm256_storeu_ps(out + k, r);
        k += 8;
    }
    for (; k < n; k++) out[k] = act_gelu(x[k]);
}

/* the lanes of `wide` redone by act_gelu_wide */
EW_T512 static __m512 gelu16_wide(__m512 v, __m512 res, __mmask16 wide) {
    _Alignas(64) float xs[16], rs[16];
    _mm512_store_ps(xs, v);
    _mm512_store_ps(rs, res);
    for (unsigned bits = wide; bits; bits &= bits - 1u) {
        const int l = __builtin_ctz(bits);
        rs[l] = act_gelu_wide(xs[l]);
    }
    return _mm512_load_ps(rs);
}

/* ACT_GELU_NEAR on 16 lanes; lanes beyond 13 or NaN take act_gelu_wide. out may be in[0]: each
 * step reads its lanes before writing them. */
EW_T512 static void gelu_row_avx512(const ew_params* restrict P, size_t n, float* out, const float* const* in) {
    const float* x = in[0];
    const __m512 limit = _mm512_set1_ps(ACT_GELU_LIMIT);
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {  /* two steps interleaved (gv16x2) */
        ew_prefetch_step(P, x, out, k, 128);
        const __m512 v0 = _mm512_loadu_ps(x + k), v1 = _mm512_loadu_ps(x + k + 16);
        const __mmask16 w0 = _mm512_cmp_ps_mask(gv16_abs(v0), limit, _CMP_NLE_UQ);
        const __mmask16 w1 = _mm512_cmp_ps_mask(gv16_abs(v1), limit, _CMP_NLE_UQ);
        const gv16x2_t v = {v0, v1};
        gv16x2_t res;
        ACT_GELU_NEAR(gv16x2, gv16x2_t, v, res)
        if (w0 | w1) {
            if (w0) res.a = gelu16_wide(v0, res.a, w0);
            if (w1) res.b = gelu16_wide(v1, res.b, w1);
        }
        _mm512_storeu_ps(out + k, res.a);
        _mm512_storeu_ps(out + k + 16, res.b);
    }
    for (; k < n; k += 16) {
        ew_prefetch_step(P, x, out, k, 64);  /* one line per step */
        const __mmask16 m = n - k >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - k)) - 1u);
        const __m512 v = _mm512_maskz_loadu_ps(m, x + k);
        const __mmask16 wide = _mm512_mask_cmp_ps_mask(m, gv16_abs(v), limit, _CMP_NLE_UQ);
        __m512 res;
        ACT_GELU_NEAR(gv16, __m512, v, res)
        if (wide) res = gelu16_wide(v, res, wide);
        _mm512_mask_storeu_ps(out + k, m, res);
    }
}
#endif

#define FLOAT_ONLY EW_FLAG_FLOAT_INPUT_ONLY
#define F32_ONLY(name) EW_F32_SET(name), NULL, NULL, NULL

const ew_entry pydml_ew_activation_entries[] = {
    {DML_OPERATOR_ACTIVATION_ELU, "Alpha", 0, FLOAT_ONLY, F32_ONLY(elu)},
    {DML_OPERATOR_ACTIVATION_CELU, "Alpha", 0, FLOAT_ONLY, F32_ONLY(celu)},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, "Alpha,Gamma", 0, FLOAT_ONLY, F32_ONLY(scaled_elu)},
    {DML_OPERATOR_ACTIVATION_HARD_SIGMOID, "Alpha,Beta", 0, FLOAT_ONLY, F32_ONLY(hard_sigmoid)},
    {DML_OPERATOR_ACTIVATION_IDENTITY, NULL, 0, FLOAT_ONLY, F32_ONLY(identity)},
    {DML_OPERATOR_ACTIVATION_LEAKY_RELU, "Alpha", 0, FLOAT_ONLY, F32_ONLY(leaky_relu)},
    {DML_OPERATOR_ACTIVATION_LINEAR, "Alpha,Beta", 0, FLOAT_ONLY, F32_ONLY(linear)},
    {DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, NULL, 0, 0, EW_F32_SET(prelu), NULL, prelu_i64, NULL},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, "Alpha,Beta", 0, FLOAT_ONLY, F32_ONLY(parametric_softplus)},
    {DML_OPERATOR_ACTIVATION_RELU, NULL, 0, 0, EW_F32_SET(relu), NULL, relu_i64, NULL},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, "Alpha,Beta", 0, FLOAT_ONLY, F32_ONLY(scaled_tanh)},
    {DML_OPERATOR_ACTIVATION_SHRINK, "Bias,Threshold", 0, 0, EW_F32_SET(shrink), NULL, shrink_i64, NULL},
    {DML_OPERATOR_ACTIVATION_SIGMOID, NULL, 0, FLOAT_ONLY | EW_FLAG_COMPUTE_BOUND, F32_ONLY(sigmoid)},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, "Steepness", 0, FLOAT_ONLY, F32_ONLY(softplus)},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, NULL, 0, FLOAT_ONLY, F32_ONLY(softsign)},
    {DML_OPERATOR_ACTIVATION_TANH, NULL, 0, FLOAT_ONLY | EW_FLAG_COMPUTE_BOUND, EW_F32_SET_ROWS(tanh, ew_tanh_row_avx2, ew_tanh_row_avx512), NULL, NULL, NULL},
    {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, "Alpha", 0, FLOAT_ONLY, F32_ONLY(thresholded_relu)},
    {DML_OPERATOR_ACTIVATION_GELU, NULL, 0, FLOAT_ONLY | EW_FLAG_COMPUTE_BOUND, EW_F32_SET_ROWS(gelu, gelu_row_avx2, gelu_row_avx512), NULL, NULL, NULL},
    {DML_OPERATOR_ACTIVATION_SWISH, "SigmoidInputScale", 0, FLOAT_ONLY, F32_ONLY(swish)},
    {DML_OPERATOR_ACTIVATION_HARD_SWISH, "Alpha,Beta", 0, FLOAT_ONLY, F32_ONLY(hard_swish)},
};
const uint32_t pydml_ew_activation_entry_count =
    sizeof pydml_ew_activation_entries / sizeof pydml_ew_activation_entries[0];
