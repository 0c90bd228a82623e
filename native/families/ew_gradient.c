/* Element-wise gradient operators on the element-wise engine (elementwise.h): ACTIVATION_RELU_GRAD,
 * ELEMENT_WISE_CLIP_GRAD and ELEMENT_WISE_CLIP_GRAD1. Each is a binary function of (InputTensor,
 * InputGradientTensor), the C field order, so here a = x (the forward input) and b = the incoming
 * gradient; the engine gives them its strides, broadcasting, data types, threads and ISA variants.
 * Pages (MicrosoftDocs/sdk-api ns-directml-dml_<name>_operator_desc.md, commits in
 * pydml/ops/ew_gradient.py):
 *   RELU_GRAD:  OutputGradientTensor = (InputTensor > 0 ? InputGradientTensor : 0)
 *   CLIP_GRAD(1): f(x, gradient) = 0 if x <= Min, 0 if x >= Max, else gradient (both bounds
 *               inclusive: the gradient is 0 *at* a bound, where torch's clamp backward passes it)
 *
 * Decisions where the pages are silent:
 *  - NaN x: each formula read literally as a comparison. RELU_GRAD: NaN > 0 is false -> 0.
 *    CLIP_GRAD(1): NaN <= Min and NaN >= Max are both false -> the gradient passes (the page's
 *    "else" row).
 *  - CLIP_GRAD with Min > Max refuses nothing: the page's formula is total (every x is then <= Min
 *    or >= Max, so every result is 0); only CLIP (forward) asks for the closed interval [Min, Max].
 *  - A gradient that passes is copied exactly (NaN and -0 included); a blocked one is +0.
 *  - CLIP_GRAD's Min and Max are FLOAT fields even for integer tensors: an integer x is compared
 *    with the real bound exactly (x <= Min is x <= floor(Min), x >= Max is x >= ceil(Max), a bound
 *    beyond the domain's range always or never holding), not through a rounded conversion of x.
 *    CLIP_GRAD1's bounds have the tensors' type (MinMaxDataType, rules_ew_quantize.c) and compare
 *    exactly in the domain. */
#include <math.h>
#include <stdint.h>

#include "elementwise.h"
#include "ew_mathfn.h"

/* c ? t : f as a bitwise blend, so the float loops vectorize (see act_sel in ew_activation.c) */
static inline float grad_sel(int c, float t) {
    const uint32_t m = 0u - (uint32_t)c;
    return ew_bits_to_float(ew_float_to_bits(t) & m);
}

/* ---- RELU_GRAD ---- */

EW_F32(relu_grad, EW_MAP(float, grad_sel(a[k] > 0.0f, b[k])))
EW_I64(relu_grad, EW_MAP(int64_t, a[k] > 0 ? b[k] : 0))

/* ---- CLIP_GRAD: FLOAT bounds ---- */

EW_F32(clip_grad, {
    const float lo = P->f32[0], hi = P->f32[1];
    EW_MAP(float, grad_sel(!(a[k] <= lo) & !(a[k] >= hi), b[k]))
})

/* The integer thresholds of a real bound (see the top). x <= lo blocks unless *lo_never; x >= hi
 * blocks unless *hi_never; *all set: every x blocks. */
typedef struct int_bounds {
    int64_t lo, hi;
    int lo_never, hi_never, all;
} int_bounds;

static int_bounds i64_bounds(double mn, double mx) {
    int_bounds b = {0, 0, 0, 0, 0};
    /* x <= mn */
    if (mn >= 9223372036854775808.0) b.all = 1;
    else if (mn < -9223372036854775808.0) b.lo_never = 1;
    else b.lo = (int64_t)floor(mn);
    /* x >= mx */
    if (mx <= -9223372036854775808.0) b.all = 1;
    else if (mx >= 9223372036854775808.0) b.hi_never = 1; /* no int64 reaches 2^63 */
    else b.hi = (int64_t)ceil(mx);
    return b;
}

static int_bounds u64_bounds(double mn, double mx) {
    int_bounds b = {0, 0, 0, 0, 0};
    uint64_t l = 0, h = 0;
    if (mn >= 18446744073709551616.0) b.all = 1;
    else if (mn < 0.0) b.lo_never = 1;
    else l = (uint64_t)floor(mn);
    if (mx <= 0.0) b.all = 1;
    else if (mx >= 18446744073709551616.0) b.hi_never = 1;
    else h = (uint64_t)ceil(mx);
    /* stored as bits; the u64 function reads them back unsigned */
    b.lo = (int64_t)l;
    b.hi = (int64_t)h;
    return b;
}

EW_I64(clip_grad, {
    const int_bounds t = i64_bounds(P->f[0], P->f[1]);
    const int64_t lo = t.lo, hi = t.hi;
    const int lo_never = t.lo_never, hi_never = t.hi_never, all = t.all;
    EW_MAP(int64_t, !all && (lo_never || a[k] > lo) && (hi_never || a[k] < hi) ? b[k] : 0)
})
EW_U64(clip_grad, {
    const int_bounds t = u64_bounds(P->f[0], P->f[1]);
    const uint64_t lo = (uint64_t)t.lo, hi = (uint64_t)t.hi;
    const int lo_never = t.lo_never, hi_never = t.hi_never, all = t.all;
    EW_MAP(uint64_t, !all && (lo_never || a[k] > lo) && (hi_never || a[k] < hi) ? b[k] : 0)
})

/* ---- CLIP_GRAD1: bounds of the tensors' type (f32 slots for FLOAT32/FLOAT16, exact i/u slots for
 * the integers) ---- */

EW_F32(clip_grad1, {
    const float lo = P->f32[0], hi = P->f32[1];
    EW_MAP(float, grad_sel(!(a[k] <= lo) & !(a[k] >= hi), b[k]))
})
EW_I64(clip_grad1, {
    const int64_t lo = P->i[0], hi = P->i[1];
    EW_MAP(int64_t, a[k] > lo && a[k] < hi ? b[k] : 0)
})
EW_U64(clip_grad1, {
    const uint64_t lo = P->u[0], hi = P->u[1];
    EW_MAP(uint64_t, a[k] > lo && a[k] < hi ? b[k] : 0)
})

const ew_entry pydml_ew_gradient_entries[] = {
    {DML_OPERATOR_ACTIVATION_RELU_GRAD, NULL, 0, 0, EW_F32_SET(relu_grad), NULL, relu_grad_i64, NULL},
    {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, "Min,Max", 0, 0, EW_F32_SET(clip_grad), NULL, clip_grad_i64, clip_grad_u64},
    {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, "Min,Max", 0, 0, EW_F32_SET(clip_grad1), NULL, clip_grad1_i64,
     clip_grad1_u64},
};
const uint32_t pydml_ew_gradient_entry_count = sizeof pydml_ew_gradient_entries / sizeof pydml_ew_gradient_entries[0];
