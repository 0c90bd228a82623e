/* Row conversions and data-type classes (convert.h). */
#include "convert.h"

#include "common.h"
#include "elementwise.h" /* EW_T256 / EW_T512 */

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

EW_T256 static void f16_to_f32_avx2(const pydml_half_u* s, float* d, size_t n) {
    size_t k = 0;
    for (; k + 8 <= n; k += 8) _mm256_storeu_ps(d + k, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(s + k))));
    for (; k < n; k++) d[k] = pydml_f16_to_f32(s[k]);
}
EW_T512 static void f16_to_f32_avx512(const pydml_half_u* s, float* d, size_t n) {
    size_t k = 0;
    for (; k + 16 <= n; k += 16)
        _mm512_storeu_ps(d + k, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(s + k))));
    for (; k < n; k++) d[k] = pydml_f16_to_f32(s[k]);
}
EW_T256 static void f32_to_f16_avx2(const float* s, pydml_half_u* d, size_t n) {
    size_t k = 0;
    for (; k + 8 <= n; k += 8)
        _mm_storeu_si128((__m128i*)(d + k), _mm256_cvtps_ph(_mm256_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
    for (; k < n; k++) d[k] = pydml_f32_to_f16(s[k]);
}
EW_T512 static void f32_to_f16_avx512(const float* s, pydml_half_u* d, size_t n) {
    size_t k = 0;
    for (; k + 16 <= n; k += 16)
        _mm256_storeu_si256((__m256i*)(d + k), _mm512_cvtps_ph(_mm512_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
    for (; k < n; k++) d[k] = pydml_f32_to_f16(s[k]);
}
#define CONVERT_X86 1
#endif

void pydml_f16_row_to_f32(const uint16_t* src_, float* dst, size_t n) {
    const pydml_half_u* src = (const pydml_half_u*)(const void*)src_;
#ifdef CONVERT_X86
    uint32_t cpu = pydml_active_cpu_features();
    if (cpu & PYDML_CPU_AVX512) { f16_to_f32_avx512(src, dst, n); return; }
    if (cpu & PYDML_CPU_F16C && cpu & PYDML_CPU_AVX2_FMA) { f16_to_f32_avx2(src, dst, n); return; }
#endif
    for (size_t k = 0; k < n; k++) dst[k] = pydml_f16_to_f32(src[k]);
}

void pydml_f32_row_to_f16(const float* src, uint16_t* dst_, size_t n) {
    pydml_half_u* dst = (pydml_half_u*)(void*)dst_;
#ifdef CONVERT_X86
    uint32_t cpu = pydml_active_cpu_features();
    if (cpu & PYDML_CPU_AVX512) { f32_to_f16_avx512(src, dst, n); return; }
    if (cpu & PYDML_CPU_F16C && cpu & PYDML_CPU_AVX2_FMA) { f32_to_f16_avx2(src, dst, n); return; }
#endif
    for (size_t k = 0; k < n; k++) dst[k] = pydml_f32_to_f16(src[k]);
}

