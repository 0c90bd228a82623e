/* The fused clamps applied in registers before a store (gemm_indirect.h pydml_igemm_store's
 * PYDML_IGEMM_CLAMP_*: the pointwise convolution's direct store, the flat depthwise planes), each
 * written as the element-wise engine's kernel reads its formula (native/families/ew_activation.c
 * RELU `a < 0 ? 0 : a`; ew_quantize.c CLIP `min(Max, max(Min, a))`, CLIP1 `max(Min, min(a, Max))`,
 * each max `x > m ? x : m`, each min `x < m ? x : m`): vmaxps / vminps return their second operand
 * unless the comparison of the first with it holds, so the operand order gives the same bits, NaN
 * and signed zeros included. Include it inside an x86 GNU C block (it uses <immintrin.h>). */
#ifndef PYDML_CLAMP_X86_H
#define PYDML_CLAMP_X86_H

#include <immintrin.h>
#include <stdint.h>

#include "gemm_indirect.h" /* PYDML_IGEMM_CLAMP_* */

#define PYDML_CLAMP_INLINE static inline __attribute__((always_inline))

PYDML_CLAMP_INLINE __attribute__((target("avx512f"))) __m512 pydml_clamp512(__m512 v, uint32_t mode, __m512 lo,
                                                                             __m512 hi) {
    switch (mode) {
    case PYDML_IGEMM_CLAMP_RELU: return _mm512_max_ps(_mm512_setzero_ps(), v); /* 0 > v ? 0 : v */
    case PYDML_IGEMM_CLAMP_CLIP: return _mm512_min_ps(_mm512_max_ps(v, lo), hi);
    case PYDML_IGEMM_CLAMP_CLIP1: return _mm512_max_ps(_mm512_min_ps(v, hi), lo);
    default: return v;
    }
}

PYDML_CLAMP_INLINE __attribute__((target("avx"))) __m256 pydml_clamp256(__m256 v, uint32_t mode, __m256 lo,
                                                                         __m256 hi) {
    switch (mode) {
    case PYDML_IGEMM_CLAMP_RELU: return _mm256_max_ps(_mm256_setzero_ps(), v);
    case PYDML_IGEMM_CLAMP_CLIP: return _mm256_min_ps(_mm256_max_ps(v, lo), hi);
    case PYDML_IGEMM_CLAMP_CLIP1: return _mm256_max_ps(_mm256_min_ps(v, hi), lo);
    default: return v;
    }
}

#endif
