/* 16-bit lane masks (one bit per float of an AVX-512 vector) read on AVX2: the flat plane kernels
 * keep one table of 16-lane masks for both ISA paths (convolution_x86.c's flat depthwise planes,
 * pooling.c's flat max planes); an AVX2 vector of 8 floats takes one byte of it as lanes. Include it
 * inside an x86 GNU C block (it uses <immintrin.h> and the target attribute EW_T256). */
#ifndef PYDML_LANE_MASKS_H
#define PYDML_LANE_MASKS_H

#include <immintrin.h>
#include <stdint.h>

#include "elementwise.h" /* EW_T256 */

/* Lane j all ones where bit j of `bits` is set (vmaskmovps and vblendvps read the top bit). */
static inline __attribute__((always_inline)) EW_T256 __m256i pydml_lanes8(uint32_t bits) {
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)bits), bit), bit);
}

/* Byte v of a table of 16-bit masks: the 8 lanes of AVX2 vector v. */
static inline __attribute__((always_inline)) uint32_t pydml_mask_byte(const uint16_t* m, uint32_t v) {
    return (uint32_t)(m[v >> 1] >> (8 * (v & 1))) & 0xffu;
}

#endif
