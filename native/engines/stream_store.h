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

/* dst[0, n) = src[0, n) with W-float non-temporal stores (32 or 64 bytes) from the first boundary
 * of that size on, 16-byte ones before and after it: whole lines per store on AVX-512, which a row
 * staged in L1 can feed (pooling.c's gradients: ~7 % over 16-byte stores in one kernel). Each
 * carries its target; pydml_stream_copy_f32_wide picks one by width. */
#ifdef PYDML_STREAM_X86
#define PYDML_STREAM_COPY_WIDE(NAME, TARGET, W, LOAD, STREAM)                                          \
    TARGET static inline void NAME(float* dst, const float* src, uint64_t n) {                         \
        uint64_t i = 0;                                                                                \
        for (; i < n && ((uintptr_t)(dst + i) & 15u) != 0; i++) dst[i] = src[i];                       \
        for (; i + 4 <= n && ((uintptr_t)(dst + i) & (4u * W - 1u)) != 0; i += 4)                      \
            _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));                                             \
        for (; i + W <= n; i += W) STREAM(dst + i, LOAD(src + i));                                     \
        for (; i + 4 <= n; i += 4) _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));                      \
        for (; i < n; i++) dst[i] = src[i];                                                            \
    }
PYDML_STREAM_COPY_WIDE(pydml_stream_copy_f32_32, __attribute__((target("avx"))), 8, _mm256_loadu_ps, _mm256_stream_ps)
PYDML_STREAM_COPY_WIDE(pydml_stream_copy_f32_64, __attribute__((target("avx512f"))), 16, _mm512_loadu_ps,
                       _mm512_stream_ps)
#undef PYDML_STREAM_COPY_WIDE
#endif

/* pydml_stream_copy_f32 with `bytes`-wide stores (16, 32 or 64: one the caller's CPU runs). */
static inline void pydml_stream_copy_f32_wide(float* dst, const float* src, uint64_t n, unsigned bytes) {
#ifdef PYDML_STREAM_X86
    if (bytes == 64) {
        pydml_stream_copy_f32_64(dst, src, n);
        return;
    }
    if (bytes == 32) {
        pydml_stream_copy_f32_32(dst, src, n);
        return;
    }
#endif
    (void)bytes;
    pydml_stream_copy_f32(dst, src, n);
}

/* dst[0, n) = src[0, n) bytes at any alignment (numpy's large buffers start 16 bytes into a line):
 * the partial lines at both ends by memcpy, the whole 64-byte lines between them streamed with
 * `bytes`-wide stores (64: one AVX-512 store a line; 32: two AVX stores, back to back), so that no
 * streamed store straddles a line. For copies of rows or staged runs past the caches (GATHER's
 * rows, ONE_HOT's sequences: an ordinary store reads each output line first). The caller fences. */
#ifdef PYDML_STREAM_X86
/* n bytes (a multiple of 64) four 4 KiB pages at a time, a line of each in turn, as glibc's large
 * memcpy: the hardware prefetcher follows four read streams where one alone restarts at each page
 * (a C loop on the Emerald Rapids host, 2 threads, 256 MiB: 26-29 -> 32-36 GB/s read + written) */
#define PYDML_STREAM_LINES(NAME, TARGET, LINE)                                                         \
    TARGET static inline void NAME(char* dst, const char* src, uint64_t n) {                          \
        uint64_t b = 0;                                                                                \
        if (n >= 4 * 4096) /* inlined into a small staged copy, GCC flagged the unreached pages */ \
            __asm__("" : "+r"(src), "+r"(dst));                                                        \
        for (; b + 4 * 4096 <= n; b += 4 * 4096)                                                       \
            for (uint64_t o = b; o < b + 4096; o += 64)                                                \
                for (uint64_t p = o; p < o + 4 * 4096; p += 4096) LINE(dst + p, src + p);              \
        for (; b < n; b += 64) LINE(dst + b, src + b);                                                 \
    }
#define PYDML_LINE_64(D, S) _mm512_stream_si512((void*)(D), _mm512_loadu_si512((const void*)(S)))
#define PYDML_LINE_32(D, S)                                                                            \
    do {                                                                                               \
        for (int q_ = 0; q_ < 64; q_ += 32)                                                            \
            _mm256_stream_si256((__m256i*)(void*)((D) + q_),                                           \
                                _mm256_loadu_si256((const __m256i*)(const void*)((S) + q_)));          \
    } while (0)
#define PYDML_LINE_16(D, S)                                                                            \
    do {                                                                                               \
        for (int q_ = 0; q_ < 64; q_ += 16)                                                            \
            _mm_stream_si128((__m128i*)(void*)((D) + q_), _mm_loadu_si128((const __m128i*)(const void*)((S) + q_))); \
    } while (0)
PYDML_STREAM_LINES(pydml_stream_lines_64, __attribute__((target("avx512f"))), PYDML_LINE_64)
PYDML_STREAM_LINES(pydml_stream_lines_32, __attribute__((target("avx"))), PYDML_LINE_32)
PYDML_STREAM_LINES(pydml_stream_lines_16, , PYDML_LINE_16)
#undef PYDML_LINE_16
#undef PYDML_LINE_32
#undef PYDML_LINE_64
#undef PYDML_STREAM_LINES
#endif

/* `bytes`: 64, 32 or 16 (SSE2: any x86-64), a width the caller's CPU runs (x86 only; elsewhere a
 * memcpy) */
static inline void pydml_stream_copy_bytes(char* dst, const char* src, uint64_t n, unsigned bytes) {
#ifdef PYDML_STREAM_X86
    uint64_t head = (64u - ((uintptr_t)dst & 63u)) & 63u;
    if (head > n) head = n;
    memcpy(dst, src, head);
    const uint64_t body = (n - head) & ~(uint64_t)63;
    if (bytes == 64) pydml_stream_lines_64(dst + head, src + head, body);
    else if (bytes == 32) pydml_stream_lines_32(dst + head, src + head, body);
    else pydml_stream_lines_16(dst + head, src + head, body);
    memcpy(dst + head + body, src + head + body, n - head - body);
#else
    (void)bytes;
    memcpy(dst, src, n);
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
