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
 * ulps, measured on every 61st float (every 5th for GELU): 0 for the piecewise-linear operators
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
EW_F32(tanh, EW_ROW_WITH_FAST_RANGE(float, EW_TANH_LIMIT, ew_tanhf_normal(v), ew_tanhf(v)))

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

/* ---- SOFTPLUS: f(x) = ln(1 + exp(Steepness * x)) / Steepness (Steepness >= 1: rules) ---- */
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
 * relative by x = -3), so both signs go through E = Phi(-|x|) = 0.5 erfc(|x| / sqrt(2)), which
 * keeps its relative accuracy: E = e^(-x^2/2) G(|x|), G = 0.5 erfcx(|x| / sqrt(2)) a rational
 * minimax fit P4/Q5 on [0, 14.5] (relative error 6e-9), evaluated in double with x^2/2 exact;
 * only e^(-x^2/2) is a float exp (at the float part of x^2/2, corrected to first order). Then
 * f = x (1 - E) for x >= 0 and x E for x < 0, rounded once. Beyond |x| = 14.5, E is 0 in float
 * (e^-105 underflows): f = x, or 0 (also at -inf, the limit). Worst 2 ulp (all floats in
 * [-16, 16] against double erfc). ---- */
/* G(a) (1 - sl) in double, and sh: the parts of E = e^-(sh + sl) G(a) but the float exp. p / q
 * is p times 1/q, taken as the float reciprocal of q refined by one Newton step in double
 * (Horner's rule in FMAs)
 * (relative error 2^-48, against p / q's 2^-53: a double division costs 16 cycles per 8 lanes,
 * this 5 per 8 on the float divider). */
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

/* x (1 - E) for x >= 0, x E for x < 0, rounded once; ax = |x| clamped. */
static inline float act_gelu_from(float x, float ax, double g, float e) {
    const double neg = (double)e * ((double)ew_with_sign(ax, x) * g);   /* clamped x: -inf gives 0 */
    const double pos = (double)x * (1.0 - (double)e * g);
    return (float)act_seld(x < 0.0f, neg, pos);
}

static inline float act_gelu(float x) {
    float ax = ew_with_sign(x, 0.0f);
    ax = act_sel(ax < 14.5f, ax, 14.5f);              /* NaN becomes 14.5, restored below */
    float sh;
    const double g = act_gelu_g(ax, &sh);
    return act_sel(x != x, x, act_gelu_from(x, ax, g, ew_expf(-sh)));
}

/* act_gelu for |x| <= 13 (ACT_GELU_LIMIT; not NaN), bit-identical: sh <= 84.5, where
 * ew_expf_normal is ew_expf. */
#define ACT_GELU_LIMIT 13.0f
static inline float act_gelu_normal(float x) {
    /* the clamp only keeps lanes outside the range (whose value is discarded) free of conversions
     * of out-of-range doubles; |x| <= 13 is unchanged */
    const float ax = ew_select(ew_with_sign(x, 0.0f) < 14.5f, ew_with_sign(x, 0.0f), 14.5f);
    float sh;
    const double g = act_gelu_g(ax, &sh);
    return act_gelu_from(x, ax, g, ew_expf_normal(-sh));
}
EW_F32(gelu, EW_ROW_WITH_FAST_RANGE(float, ACT_GELU_LIMIT, act_gelu_normal(v), act_gelu(v)))

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
    {DML_OPERATOR_ACTIVATION_SIGMOID, NULL, 0, FLOAT_ONLY, F32_ONLY(sigmoid)},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, "Steepness", 0, FLOAT_ONLY, F32_ONLY(softplus)},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, NULL, 0, FLOAT_ONLY, F32_ONLY(softsign)},
    {DML_OPERATOR_ACTIVATION_TANH, NULL, 0, FLOAT_ONLY, F32_ONLY(tanh)},
    {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, "Alpha", 0, FLOAT_ONLY, F32_ONLY(thresholded_relu)},
    {DML_OPERATOR_ACTIVATION_GELU, NULL, 0, FLOAT_ONLY, F32_ONLY(gelu)},
    {DML_OPERATOR_ACTIVATION_SWISH, "SigmoidInputScale", 0, FLOAT_ONLY, F32_ONLY(swish)},
    {DML_OPERATOR_ACTIVATION_HARD_SWISH, "Alpha,Beta", 0, FLOAT_ONLY, F32_ONLY(hard_swish)},
};
const uint32_t pydml_ew_activation_entry_count =
    sizeof pydml_ew_activation_entries / sizeof pydml_ew_activation_entries[0];
