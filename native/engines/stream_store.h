/* Non-temporal ("streamed") FLOAT32 stores for outputs past the last-level cache: lines written
 * whole skip the read for ownership an ordinary store costs (what a streaming copy avoids too).
 * One fence per thread's work, after its last streamed store (pydml_stream_fence): a fence waits
 * for every streamed line to reach memory, so one per row cost up to 2x on the AVX2 host (Zen 3). */
#ifndef PYDML_NATIVE_STREAM_STORE_H
#define PYDML_NATIVE_STREAM_STORE_H

#include <stdint.h>
#include <string.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define PYDML_STREAM_X86 1
#endif

/* dst[0, n) = src[0, n), streamed from the first 16-byte boundary on: 16-byte stores, because
 * numpy's large arrays start 16 bytes past a page, so rows are rarely 32-byte aligned, and a line
 * written partly with ordinary stores is read from memory. SSE only: no target attribute needed. */
static inline void pydml_stream_copy_f32(float* dst, const float* src, uint64_t n) {
#ifdef PYDML_STREAM_X86
    uint64_t i = 0;
    for (; i < n && ((uintptr_t)(dst + i) & 15u) != 0; i++) dst[i] = src[i];
    for (; i + 8 <= n; i += 8) {
        _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));
        _mm_stream_ps(dst + i + 4, _mm_loadu_ps(src + i + 4));
    }
    for (; i + 4 <= n; i += 4) _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));
    for (; i < n; i++) dst[i] = src[i];
#else
    memcpy(dst, src, (size_t)n * sizeof(float));
#endif
}

/* Orders the calling thread's streamed stores before what follows (the end of its share of a
 * parallel region); nothing on other targets. */
static inline void pydml_stream_fence(void) {
#ifdef PYDML_STREAM_X86
    _mm_sfence();
#endif
}

#endif /* PYDML_NATIVE_STREAM_STORE_H */
