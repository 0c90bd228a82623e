/* Worst ulp distance of GELU's float form (act_gelu_near, native/families/ew_activation.c, the
 * function itself: this file includes that source) from the correctly rounded GELU, on every float
 * with |x| <= 13 (or every STRIDE-th bit pattern), against 0.5 x erfc(-x / sqrt 2) in double.
 *
 *   cc -O2 -std=c11 -D_GNU_SOURCE -Iinclude -Inative/api -Inative/engines -Inative/schema \
 *      tools/check_gelu_ulp.c -o /tmp/check_gelu_ulp -lm -Wl,--unresolved-symbols=ignore-all
 *   /tmp/check_gelu_ulp [STRIDE]       (STRIDE 1, every float: a few minutes on one core)
 *
 * The distance is that of tests/ew_harness.py's max_ulp: |got - round(ref)| / ulp(round(ref)). The
 * vector rows compute the same operations (tests/test_ew_activation.py compares the ISA paths). */
#include "../native/families/ew_activation.c"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double ulps(float got, double ref) {
    const float w = (float)ref;
    const float aw = fabsf(w);   /* at 0 the spacing is the smallest subnormal's, as np.spacing's */
    return fabs((double)got - (double)w) / (double)(nextafterf(aw, INFINITY) - aw);
}

int main(int argc, char** argv) {
    const uint64_t stride = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    double worst[2] = {0.0, 0.0};
    float at[2] = {0.0f, 0.0f};
    uint64_t count = 0;
    for (uint64_t b = 0; b < 0x100000000ull; b += stride) {
        const float x = ew_bits_to_float((uint32_t)b);
        if (!(fabsf(x) <= ACT_GELU_LIMIT)) continue;
        const double ref = 0.5 * (double)x * erfc(-(double)x / sqrt(2.0));
        const double e = ulps(act_gelu_near(x), ref);
        const int side = (int)(b >> 31);
        if (e > worst[side]) worst[side] = e, at[side] = x;
        count++;
    }
    printf("%llu floats: x >= 0 worst %.3f ulp at %.9g; x < 0 worst %.3f ulp at %.9g\n",
           (unsigned long long)count, worst[0], (double)at[0], worst[1], (double)at[1]);
    return worst[0] > 2.0 || worst[1] > 2.0;
}
