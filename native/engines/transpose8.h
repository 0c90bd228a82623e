/* The 8 x 8 float transpose in AVX registers, one definition for the GEMM engine's packing
 * (gemm.c: pack_bt_avx, pack_a_avx) and the few-row transposed-B kernel (gemm_rows.c). Include it
 * inside an x86 GNU C block (it uses <immintrin.h> and the target attribute EW_T256). */
#ifndef PYDML_TRANSPOSE8_H
#define PYDML_TRANSPOSE8_H

#include <immintrin.h>

#include "elementwise.h" /* EW_T256 */

/* r[j] becomes (r0[j], r1[j], ..., r7[j]) */
static inline __attribute__((always_inline)) EW_T256 void pydml_transpose8_ps(__m256 r[8]) {
    __m256 t[8];
    t[0] = _mm256_unpacklo_ps(r[0], r[1]);
    t[1] = _mm256_unpackhi_ps(r[0], r[1]);
    t[2] = _mm256_unpacklo_ps(r[2], r[3]);
    t[3] = _mm256_unpackhi_ps(r[2], r[3]);
    t[4] = _mm256_unpacklo_ps(r[4], r[5]);
    t[5] = _mm256_unpackhi_ps(r[4], r[5]);
    t[6] = _mm256_unpacklo_ps(r[6], r[7]);
    t[7] = _mm256_unpackhi_ps(r[6], r[7]);
    const __m256 u0 = _mm256_shuffle_ps(t[0], t[2], 0x44), u1 = _mm256_shuffle_ps(t[0], t[2], 0xEE);
    const __m256 u2 = _mm256_shuffle_ps(t[1], t[3], 0x44), u3 = _mm256_shuffle_ps(t[1], t[3], 0xEE);
    const __m256 u4 = _mm256_shuffle_ps(t[4], t[6], 0x44), u5 = _mm256_shuffle_ps(t[4], t[6], 0xEE);
    const __m256 u6 = _mm256_shuffle_ps(t[5], t[7], 0x44), u7 = _mm256_shuffle_ps(t[5], t[7], 0xEE);
    r[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
    r[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
    r[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
    r[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
    r[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
    r[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
    r[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
    r[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
}

#endif
