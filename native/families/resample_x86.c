/*
 * AVX2 kernels of the resample executor (see resample.c for the overall scheme).
 *
 * Compiled for the baseline ISA; each function carries its own target attribute and is only
 * selected after pydml_active_cpu_features() reported AVX2, FMA and F16C. AVX-512 hosts run these
 * too: resampling is bound by memory, not by vector width, and the specialised rows below (the
 * integer-2x patterns, lin2_row/lin2t_row, the window rows, streamed stores) are what reach the
 * bandwidth. The AVX-512 kernels this file had (generic taps by vpermt2ps/gathers, no specialised
 * rows) were removed on 2026-11-29: on an AMD Zen 4 host, bench_resample --quick, 2 threads, two
 * alternating runs, they ran the 2x and 1.5x linear rows at 0.3-0.6x of these kernels' speed, and
 * their 2x rows did not give the portable path's bits (signaling NaNs quieted by the 2x nearest
 * copy, FMA contraction in 2x linear), which test_resample_kernel.py requires of every path.
 *   blend   vertical pass: dst = sum of weighted source rows (f32/f16/bf16 converted to f32),
 *           source after source (sequential streams);
 *   store   f32 -> f32/f16/bf16 row;
 *   hz      horizontal pass over a segment, RS_BLOCK destinations at a time: a half block whose
 *           taps span at most 24 source elements costs up to three loads and three vpermps per
 *           tap; others masked gathers.
 * Conversions match the portable ones bit for bit (f16: round to nearest even, NaN quieted;
 * bf16: round to nearest even, NaN -> (bits >> 16) | 0x40), so only FMA contraction differs.
 */
#include <string.h>

#include "resample_internal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define RS_AVX2 __attribute__((target("avx2,fma,f16c")))
#define RS_INLINE inline __attribute__((always_inline))

/* ---- scalar fallbacks for strided views --------------------------------------------------------- */

static inline float rs_ld(uint32_t dt, const void* p, uint64_t k) {
    if (dt == DML_TENSOR_DATA_TYPE_FLOAT32) return ((const float*)p)[k];
    uint16_t h = ((const uint16_t*)p)[k];
    return dt == DML_TENSOR_DATA_TYPE_FLOAT16 ? pydml_f16_to_f32(h) : pydml_bf16_to_f32(h);
}

static inline void rs_st(uint32_t dt, void* p, uint64_t k, float v) {
    if (dt == DML_TENSOR_DATA_TYPE_FLOAT32) ((float*)p)[k] = v;
    else if (dt == DML_TENSOR_DATA_TYPE_FLOAT16) ((uint16_t*)p)[k] = pydml_f32_to_f16(v);
    else ((uint16_t*)p)[k] = pydml_f32_to_bf16(v);
}

static void rs_blend_strided(uint32_t dt, float* dst, const rs_src* src, uint32_t count,
                             uint64_t stride, size_t n, int first) {
    for (uint32_t r = 0; r < count; r++) {
        float w = src[r].w;
        if (first && r == 0) {
            for (size_t k = 0; k < n; k++) dst[k] = w * rs_ld(dt, src[r].p, k * stride);
        } else {
            for (size_t k = 0; k < n; k++) dst[k] += w * rs_ld(dt, src[r].p, k * stride);
        }
    }
}

static void rs_store_strided(uint32_t dt, void* dst, uint64_t stride, const float* src, size_t n) {
    for (size_t k = 0; k < n; k++) rs_st(dt, dst, k * stride, src[k]);
}

/* Source by source (each a sequential stream: the prefetchers of the project machine lose half
 * the bandwidth when several rows a few lines apart are read interleaved), accumulating in dst
 * (the L1 row buffer). Each stream is also prefetched ahead, into the rows the next work items
 * read: between rows the hardware prefetchers lose track (measured: 1 thread, 2x gradient,
 * 17 ms -> 9 ms). See rs_prefetch_distance. Prefetches never fault: running past the view is
 * harmless. */
/* How far ahead to prefetch a source row: with one or two sources per row the rows of
 * consecutive items are disjoint and 4 KiB (two items of 1 KiB rows) ahead measured best; with
 * more, consecutive items share rows (linear gradients), long distances re-request the same lines
 * from every stream, and 512 bytes measured best (2 threads, 8x64x128^2 <-> 256^2). */
static inline size_t rs_prefetch_distance(uint32_t count) {
    return count <= 2 ? 4096 : 512;
}


/* ---- AVX2 --------------------------------------------------------------------------------------- */

RS_AVX2 static RS_INLINE __m256i rs256_tailmask(size_t n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/* Loads n <= 8 elements (all 8 when full). */
RS_AVX2 static RS_INLINE __m256 rs256_load(uint32_t dt, const void* p, size_t n) {
    if (dt == DML_TENSOR_DATA_TYPE_FLOAT32) {
        if (n == 8) return _mm256_loadu_ps(p);
        return _mm256_maskload_ps(p, rs256_tailmask(n));
    }
    __m128i h;
    if (n == 8) {
        h = _mm_loadu_si128((const __m128i*)p);
    } else {
        uint16_t buf[8] = {0};
        memcpy(buf, p, n * 2);
        h = _mm_loadu_si128((const __m128i*)buf);
    }
    if (dt == DML_TENSOR_DATA_TYPE_FLOAT16) return _mm256_cvtph_ps(h);
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
}

RS_AVX2 static RS_INLINE __m128i rs256_to_bf16(__m256 v) {
    __m256i x = _mm256_castps_si256(v);
    __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(1));
    __m256i r = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(0x7fff)), lsb), 16);
    __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    __m256i q = _mm256_or_si256(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(0x40));
    r = _mm256_blendv_epi8(r, q, nan);
    return _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}

/* Stores n <= 8 lanes. */
RS_AVX2 static RS_INLINE void rs256_store(uint32_t dt, void* p, __m256 v, size_t n) {
    if (dt == DML_TENSOR_DATA_TYPE_FLOAT32) {
        if (n == 8) _mm256_storeu_ps(p, v);
        else _mm256_maskstore_ps(p, rs256_tailmask(n), v);
        return;
    }
    __m128i h = dt == DML_TENSOR_DATA_TYPE_FLOAT16
                    ? _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
                    : rs256_to_bf16(v);
    if (n == 8) {
        _mm_storeu_si128((__m128i*)p, h);
    } else {
        uint16_t buf[8];
        _mm_storeu_si128((__m128i*)buf, h);
        memcpy(p, buf, n * 2);
    }
}

/* Stores 8 lanes of a destination row; `stream`: with non-temporal stores where p is aligned (a
 * large output: its lines are then neither read for ownership nor kept in the cache that the
 * source rows need). A row 16 bytes off a 32-byte boundary (numpy's large arrays start 16 bytes
 * into a page) takes two 128-bit streamed stores: the write-combining buffers fill whole lines
 * either way. The streamed stores are ordered by one sfence at the end of each thread's work
 * (rs_kernels.fence, called by rs_run), not one per row: an sfence waits until every line in
 * flight has reached memory, which per 1 KiB row doubled the time (issue 25, AVX2 host). */
RS_AVX2 static RS_INLINE void rs256_store8(uint32_t dt, void* p, __m256 v, int stream) {
    if (stream && dt == DML_TENSOR_DATA_TYPE_FLOAT32 && ((uintptr_t)p & 31u) == 0) {
        _mm256_stream_ps(p, v);
    } else if (stream && dt == DML_TENSOR_DATA_TYPE_FLOAT32 && ((uintptr_t)p & 15u) == 0) {
        _mm_stream_ps(p, _mm256_castps256_ps128(v));
        _mm_stream_ps((float*)p + 4, _mm256_extractf128_ps(v, 1));
    } else if (stream && dt == DML_TENSOR_DATA_TYPE_FLOAT16 && ((uintptr_t)p & 15u) == 0) {
        _mm_stream_si128((__m128i*)p, _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    } else {
        rs256_store(dt, p, v, 8);
    }
}

/* 8 halves (16 bytes) at p: streamed where p is 16-byte aligned (as rs256_store8) */
RS_AVX2 static RS_INLINE void rs128_put16(char* p, __m128i h, int stream) {
    if (stream && ((uintptr_t)p & 15u) == 0) _mm_stream_si128((__m128i*)(void*)p, h);
    else _mm_storeu_si128((__m128i*)(void*)p, h);
}

RS_AVX2 static RS_INLINE void rs256_blend(uint32_t dt, float* dst, const rs_src* src, uint32_t count,
                                          uint64_t stride, size_t n, int first) {
    if (stride != 1) {
        rs_blend_strided(dt, dst, src, count, stride, n, first);
        return;
    }
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const size_t ahead = rs_prefetch_distance(count);
    for (uint32_t r = 0; r < count; r++) { /* source by source: sequential streams */
        const char* s = src[r].p;
        const __m256 w = _mm256_set1_ps(src[r].w);
        const int set = first && r == 0;
        /* 8 destinations per step without a length test (prefetches as before: fewer, one per
         * line, measured slower on the 2x nearest gradient), then the tail: the per-vector length test and masks cost more than the arithmetic
         * (issue 25, AVX2 host: this loop was 58 % of the instructions of the 2x linear
         * gradient). One source at a time, not all in one pass: the two or four source rows of a
         * gradient row are adjacent, one sequential stream read in order; interleaved, the 2x
         * nearest gradient took 1.6x the CPU time on the AVX2 host. */
        size_t k = 0;
        if (set) {
            for (; k + 8 <= n; k += 8) {
                _mm_prefetch(s + k * es + ahead, _MM_HINT_T0);
                _mm256_storeu_ps(dst + k, _mm256_mul_ps(w, rs256_load(dt, s + k * es, 8)));
            }
        } else {
            for (; k + 8 <= n; k += 8) {
                _mm_prefetch(s + k * es + ahead, _MM_HINT_T0);
                _mm256_storeu_ps(dst + k, _mm256_add_ps(_mm256_mul_ps(w, rs256_load(dt, s + k * es, 8)),
                                                        _mm256_loadu_ps(dst + k)));
            }
        }
        for (; k < n; k += 8) {
            size_t c = n - k < 8 ? n - k : 8;
            _mm_prefetch(s + k * es + ahead, _MM_HINT_T0);
            __m256 v = _mm256_mul_ps(w, rs256_load(dt, s + k * es, c));
            if (!set) v = _mm256_add_ps(v, rs256_load(DML_TENSOR_DATA_TYPE_FLOAT32, dst + k, c));
            rs256_store(DML_TENSOR_DATA_TYPE_FLOAT32, dst + k, v, c);
        }
    }
}

RS_AVX2 static RS_INLINE void rs256_store_row(uint32_t dt, void* dst, uint64_t stride, const float* src,
                                              size_t n) {
    if (stride != 1) {
        rs_store_strided(dt, dst, stride, src, n);
        return;
    }
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    for (size_t k = 0; k < n; k += 8) {
        size_t c = n - k < 8 ? n - k : 8;
        rs256_store(dt, (char*)dst + k * es, rs256_load(DML_TENSOR_DATA_TYPE_FLOAT32, src + k, c), c);
    }
}

/* 8 source floats at p + 8 q, of which the first `avail` from p exist (the rest read as 0). */
RS_AVX2 static RS_INLINE __m256 rs256_window(const float* p, uint64_t avail, uint32_t q) {
    uint64_t first = (uint64_t)q * 8;
    if (avail >= first + 8) return _mm256_loadu_ps(p + first);
    if (avail <= first) return _mm256_setzero_ps();
    return _mm256_maskload_ps(p + first, rs256_tailmask((size_t)(avail - first)));
}

/* The generic blocks for destinations [jb, j1) of a segment starting at j0 (jb - j0 a multiple of 8). */
RS_AVX2 static RS_INLINE void rs256_hz_blocks_k(uint32_t dt, const rs_table* t, uint32_t j0, uint32_t jb,
                                                uint32_t j1, const float* row, uint32_t lo, uint32_t hi, char* out,
                                                uint64_t ostride, uint32_t esize, int stream, const uint32_t k) {
    const __m256i vlo = _mm256_set1_epi32((int)lo);
    for (; jb < j1; jb += 8) {
        uint32_t b = jb / RS_BLOCK, half = (jb % RS_BLOCK) / 8;
        const uint32_t* idx = t->ell_idx + (uint64_t)b * k * RS_BLOCK + half * 8;
        const float* w = t->ell_w + (uint64_t)b * k * RS_BLOCK + half * 8;
        /* the lane masks and window indices of the plan (half_lm, half_ix), not set up per row */
        const int32_t* lm = t->half_lm + (uint64_t)b * k * RS_BLOCK + half * 8;
        const uint32_t* hx = t->half_ix + (uint64_t)b * k * RS_BLOCK + half * 8;
        __m256 acc = _mm256_setzero_ps();
        const uint32_t span = t->half_span[2 * (uint64_t)b + half], hb = t->half_base[2 * (uint64_t)b + half];
        if (span > 0 && span <= 24 && hb >= lo && (uint64_t)hb + span - 1 <= hi) {
            /* the half's taps lie in [hb, hb + 23]: a window of up to three registers, each tap a
             * vpermps of each (vgatherdps costs several times as much on AMD Zen) and blends; the
             * same element times the same weight as the gather, so the same bits */
            const float* base = row + (hb - lo);
            const uint64_t avail = (uint64_t)hi - hb + 1;
            const __m256 r0 = rs256_window(base, avail, 0);
            const __m256 r1 = span > 8 ? rs256_window(base, avail, 1) : r0;
            const __m256 r2 = span > 16 ? rs256_window(base, avail, 2) : r1;
            const __m256i c7 = _mm256_set1_epi32(7), c15 = _mm256_set1_epi32(15);
            for (uint32_t s = 0; s < k; s++) {
                const __m256 lane = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i*)(lm + s * RS_BLOCK)));
                const __m256i ix = _mm256_loadu_si256((const __m256i*)(hx + s * RS_BLOCK));
                __m256 g = _mm256_permutevar8x32_ps(r0, ix);
                if (span > 8)
                    g = _mm256_blendv_ps(g, _mm256_permutevar8x32_ps(r1, ix), _mm256_castsi256_ps(_mm256_cmpgt_epi32(ix, c7)));
                if (span > 16)
                    g = _mm256_blendv_ps(g, _mm256_permutevar8x32_ps(r2, ix), _mm256_castsi256_ps(_mm256_cmpgt_epi32(ix, c15)));
                __m256 p = _mm256_mul_ps(g, _mm256_loadu_ps(w + s * RS_BLOCK));
                /* slot 0 sets (keeps -0.0 of a single tap), later slots add; masked lanes keep acc */
                acc = _mm256_blendv_ps(acc, s == 0 ? p : _mm256_add_ps(acc, p), lane);
            }
        } else {
            for (uint32_t s = 0; s < k; s++) {
                const __m256 lane = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i*)(lm + s * RS_BLOCK)));
                __m256i ix = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i*)(idx + s * RS_BLOCK)), vlo);
                __m256 g = _mm256_mask_i32gather_ps(_mm256_setzero_ps(), row, ix, lane, 4);
                __m256 p = _mm256_mul_ps(g, _mm256_loadu_ps(w + s * RS_BLOCK));
                /* slot 0 sets (keeps -0.0 of a single tap), later slots add; masked lanes keep acc */
                acc = _mm256_blendv_ps(acc, s == 0 ? p : _mm256_add_ps(acc, p), lane);
            }
        }
        size_t n = j1 - jb < 8 ? j1 - jb : 8;
        char* o = out + (uint64_t)(jb - j0) * ostride * esize;
        if (ostride == 1 && n == 8) {
            rs256_store8(dt, o, acc, stream);
        } else if (ostride == 1) {
            rs256_store(dt, o, acc, n);
        } else {
            float buf[8];
            _mm256_storeu_ps(buf, acc);
            rs_store_strided(dt, o, ostride, buf, n);
        }
    }
}

/* The generic blocks with the common tap counts as constants (the slot loops unrolled). */
RS_AVX2 static RS_INLINE void rs256_hz_blocks(uint32_t dt, const rs_table* t, uint32_t j0, uint32_t jb, uint32_t j1,
                                              const float* row, uint32_t lo, uint32_t hi, char* out,
                                              uint64_t ostride, uint32_t esize, int stream) {
    if (jb >= j1) return;
    switch (t->ell_k) {
    case 1: rs256_hz_blocks_k(dt, t, j0, jb, j1, row, lo, hi, out, ostride, esize, stream, 1); break;
    case 2: rs256_hz_blocks_k(dt, t, j0, jb, j1, row, lo, hi, out, ostride, esize, stream, 2); break;
    case 3: rs256_hz_blocks_k(dt, t, j0, jb, j1, row, lo, hi, out, ostride, esize, stream, 3); break;
    case 4: rs256_hz_blocks_k(dt, t, j0, jb, j1, row, lo, hi, out, ostride, esize, stream, 4); break;
    default: rs256_hz_blocks_k(dt, t, j0, jb, j1, row, lo, hi, out, ostride, esize, stream, t->ell_k); break;
    }
}

/* A periodic run (see rs_table.blk_run) of `supers` periods from block b, by half blocks: the
 * first period's permutes, weights and lane masks read from the plan (half_ix, ell_w, half_lm),
 * its window counts and offsets set up once; then each half costs its one to three window loads
 * and, per tap, a vpermps (two or three and blends for a wide window), a product, an addition
 * and a blend: the generic blocks' arithmetic in their order, so the same bits, without their
 * per-half tests, window bounds and mask expansion (issue 25, AVX2 host: the 1.5x cases, whose
 * period is three half blocks, spent most of their time there). Returns the number of blocks done: all, or 0 when a half of the
 * period is not of the window form. */
#define RS256_RUN_K 4
#define RS256_RUN_HALVES 8

/* rs256_run with the tap count K and the window count NW of every half fixed (a half whose taps
 * need fewer windows loads NW anyway and its permutes pick the same elements), and without the
 * lane blends when every lane of every slot is used (!MASKED, rs_table.blk_full: then the blend
 * picks the new value in every lane, so the same bits): the loops unrolled, the pattern still read
 * from the plan. Issue 25, AVX2 host (EPYC Zen 3, shared, load ~10), 1.5x FLOAT32, 1 thread,
 * process CPU time, the build before / after alternating in separate processes: cache-resident
 * [1, 16, 128^2] -> 192^2, nearest forward 1.5x, linear forward 1.2x, nearest gradient 1.15x,
 * linear gradient 1.1x the speed; at [8, 64, 128^2] the difference stayed within the noise
 * (memory-bound there). */
RS_AVX2 static RS_INLINE void rs256_run_fixed(uint32_t dt, const rs_table* t, uint32_t b, uint32_t supers,
                                              const float* row, uint64_t avail, const uint64_t* off,
                                              uint32_t H, uint64_t ok, char* o, int stream, const uint32_t K,
                                              const uint32_t NW, const int MASKED) {
    const uint64_t step = t->blk_step[b];
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const uint32_t* const hix = t->half_ix + (uint64_t)b * K * RS_BLOCK;
    const int32_t* const hlm = t->half_lm + (uint64_t)b * K * RS_BLOCK;
    const float* const hw = t->ell_w + (uint64_t)b * K * RS_BLOCK;
    const __m256i c7 = _mm256_set1_epi32(7);
    /* a streamed f32 run 16 bytes past a 32-byte boundary: whole aligned 256-bit streamed stores,
     * each the upper half of one result and the lower half of the next (as rs256_lin2_row) */
    const int shift = stream && dt == DML_TENSOR_DATA_TYPE_FLOAT32 && ((uintptr_t)o & 31u) == 16;
    __m256 carry = _mm256_setzero_ps();
    for (uint64_t r = 0; r < supers; r++) {
        const int inside = r < ok;
        for (uint32_t q = 0; q < H; q++, o += 8 * es) {
            const uint64_t at = off[q] + r * step;
            const float* base = row + at;
            __m256 r0, r1;
            if (inside || at + 8 * (uint64_t)NW <= avail) {
                r0 = _mm256_loadu_ps(base);
                r1 = NW > 1 ? _mm256_loadu_ps(base + 8) : r0;
            } else { /* the half's taps lie in [lo, hi]: at < avail */
                r0 = rs256_window(base, avail - at, 0);
                r1 = NW > 1 ? rs256_window(base, avail - at, 1) : r0;
            }
            const uint64_t at_q = (uint64_t)(q / 2) * K * RS_BLOCK + (q % 2) * 8;
            __m256 acc = _mm256_setzero_ps();
            for (uint32_t sl = 0; sl < K; sl++) {
                const uint64_t x = at_q + (uint64_t)sl * RS_BLOCK;
                const __m256i ix = _mm256_loadu_si256((const __m256i*)(hix + x));
                __m256 g = _mm256_permutevar8x32_ps(r0, ix);
                if (NW > 1)
                    g = _mm256_blendv_ps(g, _mm256_permutevar8x32_ps(r1, ix), _mm256_castsi256_ps(_mm256_cmpgt_epi32(ix, c7)));
                const __m256 p = _mm256_mul_ps(g, _mm256_loadu_ps(hw + x));
                if (MASKED) {
                    const __m256 lane = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i*)(hlm + x)));
                    acc = _mm256_blendv_ps(acc, sl == 0 ? p : _mm256_add_ps(acc, p), lane);
                } else {
                    acc = sl == 0 ? p : _mm256_add_ps(acc, p);
                }
            }
            if (shift) {
                if (r == 0 && q == 0) _mm_stream_ps((float*)(void*)o, _mm256_castps256_ps128(acc));
                else _mm256_stream_ps((float*)(void*)(o - 16), _mm256_permute2f128_ps(carry, acc, 0x21));
                carry = acc;
            } else {
                rs256_store8(dt, o, acc, stream);
            }
        }
    }
    if (shift && supers > 0) _mm_stream_ps((float*)(void*)(o - 16), _mm256_extractf128_ps(carry, 1));
}

RS_AVX2 static RS_INLINE uint32_t rs256_run(uint32_t dt, const rs_table* t, uint32_t b, uint32_t supers,
                                            const float* row, uint32_t lo, uint32_t hi, char* o, int stream) {
    const uint32_t P = t->blk_period[b], K = t->ell_k, step = t->blk_step[b];
    uint64_t off[RS256_RUN_HALVES];
    uint32_t nwin[RS256_RUN_HALVES];
    uint64_t need = 0; /* the end of the furthest window of the first period */
    const uint64_t avail = (uint64_t)hi - lo + 1;
    uint32_t nw_max = 0, empty = 0;
    for (uint32_t q = 0; q < 2 * P; q++) {
        const uint32_t span = t->half_span[2 * (uint64_t)b + q], hb = t->half_base[2 * (uint64_t)b + q];
        if (span > 24 || (span > 0 && hb < lo)) return 0; /* not a window form: the generic blocks */
        nwin[q] = (span + 7) / 8;
        off[q] = span > 0 ? hb - lo : 0;
        if (span > 0 && off[q] + 8 * (uint64_t)nwin[q] > need) need = off[q] + 8 * (uint64_t)nwin[q];
        if (nwin[q] > nw_max) nw_max = nwin[q];
        empty |= span == 0;
    }
    /* the periods whose windows [off + r step, + 8 nwin) all lie inside the row; in the others
     * (the last of a row) a window that does not is loaded masked, reading no element past hi */
    uint64_t ok = need > avail ? 0 : (step == 0 ? supers : (avail - need) / step + 1);
    if (ok > supers) ok = supers;
    if (!empty && nw_max <= 2 && K <= 3) {
        /* every half with nw_max windows: the periods inside the row for those */
        uint64_t need2 = 0;
        for (uint32_t q = 0; q < 2 * P; q++)
            if (off[q] + 8 * (uint64_t)nw_max > need2) need2 = off[q] + 8 * (uint64_t)nw_max;
        uint64_t ok2 = need2 > avail ? 0 : (step == 0 ? supers : (avail - need2) / step + 1);
        if (ok2 > supers) ok2 = supers;
        int masked = 0;
        for (uint32_t i = 0; i < P; i++) masked |= !t->blk_full[b + i];
        const uint32_t H = 2 * P;
#define RS256_FIXED(KK, NN)                                                                        \
    do {                                                                                           \
        if (masked) rs256_run_fixed(dt, t, b, supers, row, avail, off, H, ok2, o, stream, KK, NN, 1); \
        else rs256_run_fixed(dt, t, b, supers, row, avail, off, H, ok2, o, stream, KK, NN, 0);     \
    } while (0)
        if (K == 1 && nw_max == 1) RS256_FIXED(1, 1);
        else if (K == 1) RS256_FIXED(1, 2);
        else if (K == 2 && nw_max == 1) RS256_FIXED(2, 1);
        else if (K == 2) RS256_FIXED(2, 2);
        else if (nw_max == 1) RS256_FIXED(3, 1);
        else RS256_FIXED(3, 2);
#undef RS256_FIXED
        return supers * P;
    }
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const uint32_t* const hix = t->half_ix + (uint64_t)b * K * RS_BLOCK;
    const int32_t* const hlm = t->half_lm + (uint64_t)b * K * RS_BLOCK;
    const float* const hw = t->ell_w + (uint64_t)b * K * RS_BLOCK;
    const __m256i c7 = _mm256_set1_epi32(7), c15 = _mm256_set1_epi32(15);
    for (uint64_t r = 0; r < supers; r++) {
        const int inside = r < ok;
        for (uint32_t q = 0; q < 2 * P; q++, o += 8 * es) {
            __m256 acc = _mm256_setzero_ps();
            if (nwin[q] > 0) {
                const uint64_t at = off[q] + r * step;
                const float* base = row + at;
                __m256 r0, r1, r2;
                if (inside || at + 8 * (uint64_t)nwin[q] <= avail) {
                    r0 = _mm256_loadu_ps(base);
                    r1 = nwin[q] > 1 ? _mm256_loadu_ps(base + 8) : r0;
                    r2 = nwin[q] > 2 ? _mm256_loadu_ps(base + 16) : r1;
                } else { /* the half's taps lie in [lo, hi]: at < avail */
                    r0 = rs256_window(base, avail - at, 0);
                    r1 = nwin[q] > 1 ? rs256_window(base, avail - at, 1) : r0;
                    r2 = nwin[q] > 2 ? rs256_window(base, avail - at, 2) : r1;
                }
                /* half q of the period: block q / 2, lanes 8 (q % 2) .. */
                const uint64_t at_q = (uint64_t)(q / 2) * K * RS_BLOCK + (q % 2) * 8;
                for (uint32_t sl = 0; sl < K; sl++) {
                    const uint64_t x = at_q + (uint64_t)sl * RS_BLOCK;
                    const __m256i ix = _mm256_loadu_si256((const __m256i*)(hix + x));
                    __m256 g = _mm256_permutevar8x32_ps(r0, ix);
                    if (nwin[q] > 1)
                        g = _mm256_blendv_ps(g, _mm256_permutevar8x32_ps(r1, ix), _mm256_castsi256_ps(_mm256_cmpgt_epi32(ix, c7)));
                    if (nwin[q] > 2)
                        g = _mm256_blendv_ps(g, _mm256_permutevar8x32_ps(r2, ix), _mm256_castsi256_ps(_mm256_cmpgt_epi32(ix, c15)));
                    const __m256 p = _mm256_mul_ps(g, _mm256_loadu_ps(hw + x));
                    const __m256 lane = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i*)(hlm + x)));
                    acc = _mm256_blendv_ps(acc, sl == 0 ? p : _mm256_add_ps(acc, p), lane);
                }
            }
            rs256_store8(dt, o, acc, stream);
        }
    }
    return supers * P;
}

/* The generic blocks of [jb, j1), periodic runs (ostride 1) by rs256_run. */
RS_AVX2 static RS_INLINE void rs256_hz_runs(uint32_t dt, const rs_table* t, uint32_t j0, uint32_t jb, uint32_t j1,
                                            const float* row, uint32_t lo, uint32_t hi, char* out,
                                            uint64_t ostride, uint32_t esize, int stream) {
    if (ostride == 1 && t->ell_k <= RS256_RUN_K && t->blk_run != NULL) {
        uint32_t b = (jb + RS_BLOCK - 1) / RS_BLOCK;
        while ((uint64_t)b * RS_BLOCK + RS_BLOCK <= j1) {
            const uint32_t n = t->blk_run[b];
            if (n < 2 || t->blk_period[b] > RS256_RUN_HALVES / 2 || n > (j1 - b * RS_BLOCK) / RS_BLOCK) {
                b++;
                continue;
            }
            const uint32_t at = b * RS_BLOCK;
            if (at > jb) rs256_hz_blocks(dt, t, j0, jb, at, row, lo, hi, out, ostride, esize, stream);
            jb = at;
            const uint32_t done = rs256_run(dt, t, b, n / t->blk_period[b], row, lo, hi,
                                            out + (uint64_t)(at - j0) * esize, stream);
            jb = at + done * RS_BLOCK;
            b += done > 0 ? done : 1;
            if (jb < b * RS_BLOCK) { /* the periods left of the run: generic */
                rs256_hz_blocks(dt, t, j0, jb, b * RS_BLOCK, row, lo, hi, out, ostride, esize, stream);
                jb = b * RS_BLOCK;
            }
        }
    }
    rs256_hz_blocks(dt, t, j0, jb, j1, row, lo, hi, out, ostride, esize, stream);
}

RS_AVX2 static RS_INLINE void rs256_hz(uint32_t dt, const rs_table* t, uint32_t j0, uint32_t j1,
                                       const float* row, uint32_t lo, uint32_t hi, char* out,
                                       uint64_t ostride, uint32_t esize, int stream) {
    uint32_t jb = j0;
    if (t->pattern == RS_PAT_DUP2 && ostride == 1) {
        /* nearest 2x: each source element twice, 16 destinations per 8 sources with in-lane
         * unpacks and one 128-bit lane swap (no table, no vpermps); times its weight as the generic
         * blocks do (1, or 0.5 for the gradient of a 0.5x linear downscale; a signaling NaN comes
         * out quiet there too), so the same bits */
        const __m256 one = _mm256_set1_ps(t->pat_w[0]); /* read from the table: the compiler must not drop a product by 1 */
        for (; jb + 16 <= j1; jb += 16) {
            const __m256 v = _mm256_mul_ps(_mm256_loadu_ps(row + (jb / 2 - lo)), one);
            const __m256 a = _mm256_unpacklo_ps(v, v), b = _mm256_unpackhi_ps(v, v); /* 0 0 1 1 | 4 4 5 5; 2 2 3 3 | 6 6 7 7 */
            char* o = out + (uint64_t)(jb - j0) * esize;
            rs256_store8(dt, o, _mm256_permute2f128_ps(a, b, 0x20), stream);
            rs256_store8(dt, o + 8 * (uint64_t)esize, _mm256_permute2f128_ps(a, b, 0x31), stream);
        }
    } else if (t->lin2_hi >= t->lin2_lo + 32 && ostride == 1 && j1 > t->lin2_lo) {
        /* integer-2x linear: the generic blocks up to a 16-aligned start inside [lin2_lo,
         * lin2_hi), then 16 destinations per 8 sources from three shifted loads, with the
         * generic blocks' arithmetic (each tap's product, the lower source's first, then one
         * addition; no FMA), so the same bits; the rest generic */
        uint32_t a = t->lin2_lo > j0 ? t->lin2_lo : j0;
        a = (a + 15) & ~15u;
        const uint32_t e = t->lin2_hi < j1 ? t->lin2_hi : j1;
        if (a + 16 <= e) {
            rs256_hz_blocks(dt, t, j0, j0, a, row, lo, hi, out, ostride, esize, stream);
            jb = a;
            const __m256 wa = _mm256_set1_ps(t->lin2_w[0]), wb = _mm256_set1_ps(t->lin2_w[1]);
            const __m256 wc = _mm256_set1_ps(t->lin2_w[2]), wd = _mm256_set1_ps(t->lin2_w[3]);
            for (; jb + 16 <= e; jb += 16) {
                const float* c = row + (jb / 2 - lo); /* sources jb / 2 - 1 .. jb / 2 + 8: inside [lo, hi] */
                const __m256 l = _mm256_loadu_ps(c - 1), m = _mm256_loadu_ps(c), r = _mm256_loadu_ps(c + 1);
                const __m256 ev = _mm256_add_ps(_mm256_mul_ps(l, wa), _mm256_mul_ps(m, wb));
                const __m256 od = _mm256_add_ps(_mm256_mul_ps(m, wc), _mm256_mul_ps(r, wd));
                const __m256 x0 = _mm256_unpacklo_ps(ev, od), x1 = _mm256_unpackhi_ps(ev, od);
                char* o = out + (uint64_t)(jb - j0) * esize;
                rs256_store8(dt, o, _mm256_permute2f128_ps(x0, x1, 0x20), stream);
                rs256_store8(dt, o + 8 * (uint64_t)esize, _mm256_permute2f128_ps(x0, x1, 0x31), stream);
            }
            out += (uint64_t)(jb - j0) * esize;
            j0 = jb;
        }
    } else if (t->lin2t_hi >= t->lin2t_lo + 16 && ostride == 1 && j1 > t->lin2t_lo) {
        /* the gradient of integer-2x linear: destination i = s[2i - 1] w0 + s[2i] w1 + s[2i + 1] w2
         * + s[2i + 2] w3, the generic blocks' products and additions in their order, 8 per step
         * from six loads: the even / odd shuffles leave every term in the same in-lane order,
         * put back by one permute. Loads reach one source before and after the taps: the
         * blocks stay where that is inside [lo, hi]. */
        uint32_t a = t->lin2t_lo > j0 ? t->lin2t_lo : j0;
        if (2 * (uint64_t)a < (uint64_t)lo + 2) a = (lo + 3) / 2;
        a = (a + 7) & ~7u;
        const uint32_t e = t->lin2t_hi < j1 ? t->lin2t_hi : j1;
        if (a + 8 <= e && 2 * (uint64_t)a + 17 <= hi) {
            rs256_hz_blocks(dt, t, j0, j0, a, row, lo, hi, out, ostride, esize, stream);
            jb = a;
            const __m256 w0 = _mm256_set1_ps(t->lin2t_w[0]), w1 = _mm256_set1_ps(t->lin2t_w[1]);
            const __m256 w2 = _mm256_set1_ps(t->lin2t_w[2]), w3 = _mm256_set1_ps(t->lin2t_w[3]);
            for (; jb + 8 <= e && 2 * (uint64_t)jb + 17 <= hi; jb += 8) {
                const float* c = row + (2 * (uint64_t)jb - lo);
                const __m256 e0 = _mm256_shuffle_ps(_mm256_loadu_ps(c), _mm256_loadu_ps(c + 8), 0x88);
                const __m256 o0 = _mm256_shuffle_ps(_mm256_loadu_ps(c), _mm256_loadu_ps(c + 8), 0xDD);
                const __m256 e1 = _mm256_shuffle_ps(_mm256_loadu_ps(c + 2), _mm256_loadu_ps(c + 10), 0x88);
                const __m256 om = _mm256_shuffle_ps(_mm256_loadu_ps(c - 2), _mm256_loadu_ps(c + 6), 0xDD);
                __m256 acc = _mm256_mul_ps(om, w0);
                acc = _mm256_add_ps(acc, _mm256_mul_ps(e0, w1));
                acc = _mm256_add_ps(acc, _mm256_mul_ps(o0, w2));
                acc = _mm256_add_ps(acc, _mm256_mul_ps(e1, w3));
                rs256_store8(dt, out + (uint64_t)(jb - j0) * esize,
                             _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(acc), _MM_SHUFFLE(3, 1, 2, 0))), stream);
            }
            out += (uint64_t)(jb - j0) * esize;
            j0 = jb;
        }
    } else if (t->pattern == RS_PAT_HALF2 && ostride == 1) {
        /* nearest 0.5x: destination j is source 2j (weight 1), the even elements of two loads and
         * one permute back into order, times the weight as the generic blocks do (same bits) */
        const __m256 one = _mm256_set1_ps(t->pat_w[0]);
        for (; jb + 8 <= j1 && 2 * (uint64_t)jb >= lo && 2 * (uint64_t)jb + 15 <= hi; jb += 8) {
            const float* c = row + (2 * (uint64_t)jb - lo);
            const __m256 v = _mm256_shuffle_ps(_mm256_loadu_ps(c), _mm256_loadu_ps(c + 8), 0x88);
            rs256_store8(dt, out + (uint64_t)(jb - j0) * esize,
                         _mm256_mul_ps(_mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(v), _MM_SHUFFLE(3, 1, 2, 0))), one),
                         stream);
        }
    } else if (t->pattern == RS_PAT_PAIR2 && ostride == 1) {
        /* its transpose (weights 1), or a 0.5x half-pixel linear downscale (0.5 / 0.5):
         * destination j = source 2j w0 + source 2j + 1 w1, the generic blocks' two products and
         * their single addition (one horizontal add per 8, NaN payloads included) and one
         * permute back into order */
        const __m256 wp = _mm256_setr_ps(t->pat_w[0], t->pat_w[1], t->pat_w[0], t->pat_w[1], t->pat_w[0],
                                         t->pat_w[1], t->pat_w[0], t->pat_w[1]);
        for (; jb + 8 <= j1; jb += 8) {
            const float* s = row + (2 * (uint64_t)jb - lo);
            const __m256 h = _mm256_hadd_ps(_mm256_mul_ps(_mm256_loadu_ps(s), wp),
                                            _mm256_mul_ps(_mm256_loadu_ps(s + 8), wp)); /* a01 a23 b01 b23 | a45 a67 b45 b67 */
            rs256_store8(dt, out + (uint64_t)(jb - j0) * esize,
                         _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(h), _MM_SHUFFLE(3, 1, 2, 0))), stream);
        }
    } else if (t->pattern == RS_PAT_SPREAD2 && ostride == 1) {
        /* the transpose of a 0.5x nearest downscale: destination 2i is source i times its weight
         * (the generic blocks' product), odd destinations 0.0 (the generic blocks' empty lanes),
         * 16 destinations per 8 sources by in-lane unpacks with zero and one 128-bit lane swap */
        const __m256 w = _mm256_set1_ps(t->pat_w[0]), z = _mm256_setzero_ps();
        for (; jb + 16 <= j1; jb += 16) {
            const __m256 v = _mm256_mul_ps(_mm256_loadu_ps(row + (jb / 2 - lo)), w);
            const __m256 a = _mm256_unpacklo_ps(v, z), b = _mm256_unpackhi_ps(v, z); /* 0 z 1 z | 4 z 5 z; 2 z 3 z | 6 z 7 z */
            char* o = out + (uint64_t)(jb - j0) * esize;
            rs256_store8(dt, o, _mm256_permute2f128_ps(a, b, 0x20), stream);
            rs256_store8(dt, o + 8 * (uint64_t)esize, _mm256_permute2f128_ps(a, b, 0x31), stream);
        }
    }
    rs256_hz_runs(dt, t, j0, jb, j1, row, lo, hi, out, ostride, esize, stream);
}

/* ---- integer-2x linear rows in one pass (rs_kernels.lin2_row) -----------------------------------
 * A destination row of a half-pixel 2x linear upsampling along the column axis (t->lin2_full)
 * from its one or two source rows, without the row buffer: per 8 source columns, the vertical
 * blend of those columns (the blend's products, the second source's product plus the first's),
 * its neighbours one column left and right by in-lane shifts of the previous / next 8 (vperm2f128
 * + vpalignr, not reloaded nor recomputed), then the three-load path's products and additions of
 * rs256_hz, 16 destinations per step. The row buffer's stores were still in the store queue behind
 * the streamed output when the horizontal pass loaded them across their boundaries (issue 25, AVX2
 * host: the 2x linear forward took 2.6x the CPU time of the 2x nearest one). Same bits as the two
 * passes: the ends, destinations 0 and 2n - 1, are their single taps, blended in. */

/* The vertical blend of 8 source columns from k (element offset). */
RS_AVX2 static RS_INLINE __m256 rs256_vrow(uint32_t dt, const char* a, const char* b, __m256 wa, __m256 wb,
                                           uint32_t count, int raw, size_t k) {
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const __m256 x = rs256_load(dt, a + k * es, 8);
    if (count == 1) return raw ? x : _mm256_mul_ps(wa, x);
    return _mm256_add_ps(_mm256_mul_ps(wb, rs256_load(dt, b + k * es, 8)), _mm256_mul_ps(wa, x));
}

RS_AVX2 static RS_INLINE void rs256_lin2_row(uint32_t dt, const rs_table* t, const rs_src* src, uint32_t count,
                                             int raw_one, char* out, int stream) {
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const uint32_t n = t->n_src; /* >= 16 */
    const char* a = src[0].p;
    const char* b = count > 1 ? src[1].p : src[0].p;
    const __m256 va = _mm256_set1_ps(src[0].w), vb = _mm256_set1_ps(count > 1 ? src[1].w : 0.0f);
    const int raw = count == 1 && raw_one && src[0].w == 1.0f;
    const __m256 wa = _mm256_set1_ps(t->lin2_w[0]), wb = _mm256_set1_ps(t->lin2_w[1]);
    const __m256 wc = _mm256_set1_ps(t->lin2_w[2]), wd = _mm256_set1_ps(t->lin2_w[3]);
    const __m256 e0 = _mm256_set1_ps(t->lin2_edge[0]), e1 = _mm256_set1_ps(t->lin2_edge[1]);
    const size_t ahead = rs_prefetch_distance(count);
#define RS_LIN2_STEP(L, M, R, C, FIRST, LAST)                                                        \
    do {                                                                                           \
        __m256 ev_ = _mm256_add_ps(_mm256_mul_ps(L, wa), _mm256_mul_ps(M, wb));                    \
        __m256 od_ = _mm256_add_ps(_mm256_mul_ps(M, wc), _mm256_mul_ps(R, wd));                    \
        if (FIRST) ev_ = _mm256_blend_ps(ev_, _mm256_mul_ps(M, e0), 0x01);                         \
        if (LAST) od_ = _mm256_blend_ps(od_, _mm256_mul_ps(M, e1), 0x80);                          \
        if (dt == DML_TENSOR_DATA_TYPE_FLOAT16) {                                                  \
            /* halves first, then interleaved by two 128-bit word unpacks: two conversions and   \
             * two shuffles per 16 instead of two conversions and four 256-bit shuffles */       \
            const __m128i he_ = _mm256_cvtps_ph(ev_, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); \
            const __m128i ho_ = _mm256_cvtps_ph(od_, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); \
            rs128_put16(out + 4 * (uint64_t)(C), _mm_unpacklo_epi16(he_, ho_), stream);            \
            rs128_put16(out + 4 * (uint64_t)(C) + 16, _mm_unpackhi_epi16(he_, ho_), stream);       \
            break;                                                                                 \
        }                                                                                          \
        const __m256 x0_ = _mm256_unpacklo_ps(ev_, od_), x1_ = _mm256_unpackhi_ps(ev_, od_);        \
        const __m256 y0_ = _mm256_permute2f128_ps(x0_, x1_, 0x20), y1_ = _mm256_permute2f128_ps(x0_, x1_, 0x31); \
        char* o_ = out + 2 * (uint64_t)(C) * es;                                                   \
        if (shift) {                                                                               \
            if (FIRST) _mm_stream_ps((float*)(void*)o_, _mm256_castps256_ps128(y0_));              \
            else _mm256_stream_ps((float*)(void*)(o_ - 16), _mm256_permute2f128_ps(carry, y0_, 0x21)); \
            _mm256_stream_ps((float*)(void*)(o_ + 16), _mm256_permute2f128_ps(y0_, y1_, 0x21));    \
            carry = y1_;                                                                           \
        } else {                                                                                   \
            rs256_store8(dt, o_, y0_, stream);                                                     \
            rs256_store8(dt, o_ + 8 * es, y1_, stream);                                            \
        }                                                                                          \
    } while (0)
    /* A streamed f32 row 16 bytes past a 32-byte boundary (numpy's large arrays start so) is
     * written by whole aligned 256-bit streamed stores, each the upper half of one result and the
     * lower half of the next (carry), with a 128-bit one at either end: two 128-bit streamed
     * stores per 8 took 1.25x the CPU time (issue 25, AVX2 host, 2x linear forward, 1 thread).
     * The steps must then be consecutive: n a multiple of 8. */
    const int shift = stream && dt == DML_TENSOR_DATA_TYPE_FLOAT32 && ((uintptr_t)out & 31u) == 16 && n % 8 == 0;
    __m256 carry = _mm256_setzero_ps();
    /* m: columns c .. c + 7; p: c - 8 .. c - 1 (any finite value for c = 0: its lane is replaced) */
    __m256 m = rs256_vrow(dt, a, b, va, vb, count, raw, 0), p = m;
    size_t c = 0;
    for (; c + 16 <= n; c += 8) {
        _mm_prefetch(a + (c + 8) * es + ahead, _MM_HINT_T0);
        if (count > 1) _mm_prefetch(b + (c + 8) * es + ahead, _MM_HINT_T0);
        const __m256 q = rs256_vrow(dt, a, b, va, vb, count, raw, c + 8);
        const __m256 pm = _mm256_permute2f128_ps(p, m, 0x21), mq = _mm256_permute2f128_ps(m, q, 0x21);
        const __m256 l = _mm256_castsi256_ps(_mm256_alignr_epi8(_mm256_castps_si256(m), _mm256_castps_si256(pm), 12));
        const __m256 r = _mm256_castsi256_ps(_mm256_alignr_epi8(_mm256_castps_si256(mq), _mm256_castps_si256(m), 4));
        if (c == 0) RS_LIN2_STEP(l, m, r, 0, 1, 0);
        else RS_LIN2_STEP(l, m, r, c, 0, 0);
        p = m;
        m = q;
    }
    /* 8 <= n - c < 16 columns left: columns c .. c + 7 when more than 8 remain (their right
     * neighbours loaded: c + 8 < n), then the last 8 (overlapping the previous step when n is not
     * a multiple of 8: the same values again), whose right neighbours are theirs shifted, the
     * last lane replaced */
    if (n - c > 8) {
        const __m256 pm = _mm256_permute2f128_ps(p, m, 0x21);
        const __m256 l = _mm256_castsi256_ps(_mm256_alignr_epi8(_mm256_castps_si256(m), _mm256_castps_si256(pm), 12));
        const __m256 r = rs256_vrow(dt, a, b, va, vb, count, raw, c + 1);
        if (c == 0) RS_LIN2_STEP(l, m, r, 0, 1, 0);
        else RS_LIN2_STEP(l, m, r, c, 0, 0);
    }
    c = n - 8;
    m = rs256_vrow(dt, a, b, va, vb, count, raw, c);
    const __m256 l = rs256_vrow(dt, a, b, va, vb, count, raw, c - 1);
    const __m256 mm = _mm256_permute2f128_ps(m, m, 0x21);
    const __m256 r = _mm256_castsi256_ps(_mm256_alignr_epi8(_mm256_castps_si256(mm), _mm256_castps_si256(m), 4));
    RS_LIN2_STEP(l, m, r, c, 0, 1);
    if (shift) _mm_stream_ps((float*)(void*)(out + (2 * (uint64_t)n - 4) * es), _mm256_extractf128_ps(carry, 1));
#undef RS_LIN2_STEP
}

/* ---- the gradient of integer-2x linear rows in one pass (rs_kernels.lin2t_row) -----------------
 * A destination row of a lin2t_full column table (the gradient of a half-pixel 2x linear
 * upsampling) from its one to four source rows, without the row buffer: per 16 source columns,
 * their vertical blend (the blend's products and additions, in source order), then destination
 * i = v[2i - 1] w0 + v[2i] w1 + v[2i + 1] w2 + v[2i + 2] w3 (rs256_hz's lin2t path: even / odd
 * shuffles in-lane, one permute back into order), the columns two before / after by in-lane
 * shifts (vperm2f128 + vpalignr) of the neighbouring 8 instead of reloads; destination 0 and
 * n - 1 are their three taps, blended in. Same bits as the two passes. The two passes stored and
 * reloaded the row buffer four times per row; read in one pass, the four source rows are four
 * interleaved streams, so the two rows after them (the next row's new sources) are prefetched
 * whole during the row. Issue 25, AVX2 host (shared), [8, 64, 256^2] -> 128^2 gradient FLOAT32, 1
 * thread, CPU time, old / new build alternating in separate processes: 58-41 % -> 82-90 % of a
 * numpy copy of the same bytes (16.9-26.0 ms -> 11.5-12.5 ms). */
RS_AVX2 static RS_INLINE __m256 rs256_vsum(uint32_t dt, const char* const* p, const __m256* w, size_t k,
                                           const uint32_t count, int raw) {
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    __m256 v = rs256_load(dt, p[0] + k * es, 8);
    if (count == 1 && raw) return v;
    v = _mm256_mul_ps(w[0], v);
    for (uint32_t r = 1; r < count; r++) v = _mm256_add_ps(_mm256_mul_ps(w[r], rs256_load(dt, p[r] + k * es, 8)), v);
    return v;
}

/* v[c - 2 .. c + 5] from P = v[c - 8 ..] and A = v[c ..]; v[c + 2 .. c + 9] from A and B = v[c + 8 ..] */
#define RS_SHL2(P, A) _mm256_castsi256_ps(_mm256_alignr_epi8(_mm256_castps_si256(A), _mm256_castps_si256(_mm256_permute2f128_ps(P, A, 0x21)), 8))
#define RS_SHR2(A, B) _mm256_castsi256_ps(_mm256_alignr_epi8(_mm256_castps_si256(_mm256_permute2f128_ps(A, B, 0x21)), _mm256_castps_si256(A), 8))

RS_AVX2 static RS_INLINE void rs256_lin2t_row_c(uint32_t dt, const rs_table* t, const rs_src* src, int raw_one,
                                                char* out, int stream, const uint32_t count) {
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const uint32_t n = t->n_dst; /* >= 24; n_src = 2n */
    const char* p[4];
    __m256 w[4];
    for (uint32_t r = 0; r < 4; r++) {
        p[r] = src[r < count ? r : 0].p;
        w[r] = _mm256_set1_ps(src[r < count ? r : 0].w);
    }
    const int raw = count == 1 && raw_one && src[0].w == 1.0f;
    const __m256 w0 = _mm256_set1_ps(t->lin2t_w[0]), w1 = _mm256_set1_ps(t->lin2t_w[1]);
    const __m256 w2 = _mm256_set1_ps(t->lin2t_w[2]), w3 = _mm256_set1_ps(t->lin2t_w[3]);
    const __m256 x0 = _mm256_set1_ps(t->lin2t_edge[0]), x1 = _mm256_set1_ps(t->lin2t_edge[1]);
    const __m256 x2 = _mm256_set1_ps(t->lin2t_edge[2]), y0 = _mm256_set1_ps(t->lin2t_edge[3]);
    const __m256 y1 = _mm256_set1_ps(t->lin2t_edge[4]), y2 = _mm256_set1_ps(t->lin2t_edge[5]);
    const char* const next = p[count - 1] + 2 * (size_t)n * es;
    /* destinations i0 .. i0 + 7 from P = v[c - 8 ..], A = v[c ..], B = v[c + 8 ..], N = v[c + 16 ..]
     * (c = 2 i0); lanes in the shuffled order 0 1 4 5 | 2 3 6 7 until the final permute */
#define RS_LIN2T_STEP(P, A, B, N, I0, FIRST, LAST)                                                   \
    do {                                                                                           \
        const __m256 e0_ = _mm256_shuffle_ps(A, B, 0x88), o0_ = _mm256_shuffle_ps(A, B, 0xDD);     \
        const __m256 e1_ = _mm256_shuffle_ps(RS_SHR2(A, B), RS_SHR2(B, N), 0x88);                  \
        const __m256 om_ = _mm256_shuffle_ps(RS_SHL2(P, A), RS_SHL2(A, B), 0xDD);                  \
        __m256 acc_ = _mm256_mul_ps(om_, w0);                                                      \
        acc_ = _mm256_add_ps(acc_, _mm256_mul_ps(e0_, w1));                                        \
        acc_ = _mm256_add_ps(acc_, _mm256_mul_ps(o0_, w2));                                        \
        acc_ = _mm256_add_ps(acc_, _mm256_mul_ps(e1_, w3));                                        \
        if (FIRST) { /* destination 0 (lane 0): sources 0, 1, 2 = e0, o0, e1 */                    \
            const __m256 ed_ = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(e0_, x0), _mm256_mul_ps(o0_, x1)), \
                                             _mm256_mul_ps(e1_, x2));                              \
            acc_ = _mm256_blend_ps(acc_, ed_, 0x01);                                               \
        }                                                                                          \
        if (LAST) { /* destination n - 1 (lane 7): sources 2n - 3 .. 2n - 1 = om, e0, o0 */        \
            const __m256 ed_ = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(om_, y0), _mm256_mul_ps(e0_, y1)), \
                                             _mm256_mul_ps(o0_, y2));                              \
            acc_ = _mm256_blend_ps(acc_, ed_, 0x80);                                               \
        }                                                                                          \
        rs256_store8(dt, out + (uint64_t)(I0) * es,                                                \
                     _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(acc_), _MM_SHUFFLE(3, 1, 2, 0))), stream); \
    } while (0)
    __m256 A = rs256_vsum(dt, p, w, 0, count, raw), B = rs256_vsum(dt, p, w, 8, count, raw);
    __m256 P = A; /* any finite value: lane 0 of the first step is replaced */
    size_t i0 = 0;
    for (; i0 + 16 <= n; i0 += 8) {
        const size_t c = 2 * i0;
        /* the two rows after the last source in memory, whole, during this row: the next
         * destination row's new sources when the rows are contiguous (a 2x gradient) */
        _mm_prefetch(next + 2 * c * es, _MM_HINT_T0);
        _mm_prefetch(next + 2 * c * es + 64, _MM_HINT_T0);
        const __m256 N = rs256_vsum(dt, p, w, c + 16, count, raw); /* c + 23 < 2n: i0 + 16 <= n */
        if (i0 == 0) RS_LIN2T_STEP(P, A, B, N, 0, 1, 0);
        else RS_LIN2T_STEP(P, A, B, N, i0, 0, 0);
        const __m256 N2 = rs256_vsum(dt, p, w, c + 24, count, raw);
        P = B;
        A = N;
        B = N2;
    }
    /* more than 8 destinations left: n - 16 .. n - 9 (n >= 24: neither edge, P and N inside the
     * row), overlapping the previous step (the same values again) */
    if (n - i0 > 8) {
        const size_t c = 2 * ((size_t)n - 16);
        P = rs256_vsum(dt, p, w, c - 8, count, raw);
        A = rs256_vsum(dt, p, w, c, count, raw);
        B = rs256_vsum(dt, p, w, c + 8, count, raw);
        const __m256 N = rs256_vsum(dt, p, w, c + 16, count, raw);
        RS_LIN2T_STEP(P, A, B, N, n - 16, 0, 0);
    }
    /* the last 8 destinations n - 8 .. n - 1 (overlapping the previous step when n is not a
     * multiple of 8); no columns past 2n - 1: N's lanes are replaced */
    i0 = n - 8;
    const size_t c = 2 * i0;
    A = rs256_vsum(dt, p, w, c, count, raw);
    B = rs256_vsum(dt, p, w, c + 8, count, raw);
    P = rs256_vsum(dt, p, w, c - 8, count, raw);
    RS_LIN2T_STEP(P, A, B, B, i0, 0, 1);
#undef RS_LIN2T_STEP
}
#undef RS_SHL2
#undef RS_SHR2

RS_AVX2 static RS_INLINE void rs256_lin2t_row(uint32_t dt, const rs_table* t, const rs_src* src, uint32_t count,
                                              int raw_one, char* out, int stream) {
    switch (count) {
    case 1: rs256_lin2t_row_c(dt, t, src, raw_one, out, stream, 1); break;
    case 2: rs256_lin2t_row_c(dt, t, src, raw_one, out, stream, 2); break;
    case 3: rs256_lin2t_row_c(dt, t, src, raw_one, out, stream, 3); break;
    default: rs256_lin2t_row_c(dt, t, src, raw_one, out, stream, 4); break;
    }
}

/* ---- window rows (rs_kernels.win_row) -----------------------------------------------------------
 * A destination row of a column table of the window form (t->win_nw: every half block's taps in
 * one or two windows of 8 consecutive sources; 1.5x and most scales between ~0.55 and 2 that no
 * integer-2x path takes) from its one to four source rows, in one pass and without the row
 * buffer: per half block, the vertical blend of its window(s) in registers (the blend's products
 * and additions in source order; a single unit-weight f32 source read as is, as the executor's
 * in-place row), then the generic blocks' taps (one vpermps per window, the second window's lanes
 * blended by the index's bit 31, the products, the additions and, in the halves with unused
 * lanes, the lane blends), so the same bits as the two passes. The plan's per-half tables are read in
 * order, with nothing set up per row. Issue 25, AVX2 host: the 1.5x rows took the generic two
 * passes (vertical blend into the row buffer, then the periodic runs' window loads from it),
 * whose row set-up and row buffer cost more than their arithmetic. The loop over the half blocks
 * has its variants (source count C, taps K, windows NW, lane blends M, streamed stores NT) as
 * constants (M per range of halves, the rest per row): with them as run-time tests the loop took seven taken branches per half block,
 * which bounded it (one per cycle on Zen 3) at ~1.2 cycles per destination, cache-resident. */

/* The vertical blend of the 8 sources from element `at` (raw: all ones when the one source is
 * read as is). */
RS_AVX2 static RS_INLINE __m256 rs256_win_vsum(uint32_t dt, const char* const* p, const __m256* w, __m256 raw,
                                               size_t at, const uint32_t C) {
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const __m256 x = rs256_load(dt, p[0] + at * es, 8);
    __m256 v = _mm256_mul_ps(w[0], x);
    if (C == 1) return dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? _mm256_blendv_ps(v, x, raw) : v;
    for (uint32_t r = 1; r < C; r++) v = _mm256_add_ps(_mm256_mul_ps(w[r], rs256_load(dt, p[r] + at * es, 8)), v);
    return v;
}

/* One half block: its window(s), then the taps of slots 0 .. K - 1 (pattern: the half's
 * [slot][lane] indices, weights, lane masks). */
RS_AVX2 static RS_INLINE __m256 rs256_win_half(uint32_t dt, const char* const* p, const __m256* w, __m256 raw,
                                               size_t at, const uint32_t* ixp, const float* wp, const int32_t* lp,
                                               const uint32_t C, const uint32_t K, const uint32_t NW, const int M) {
    const __m256 r0 = rs256_win_vsum(dt, p, w, raw, at, C);
    const __m256 r1 = NW > 1 ? rs256_win_vsum(dt, p, w, raw, at + 8, C) : r0;
    __m256 acc = _mm256_setzero_ps();
    for (uint32_t sl = 0; sl < K; sl++) {
        const __m256i ix = _mm256_loadu_si256((const __m256i*)(ixp + 8 * sl));
        __m256 g = _mm256_permutevar8x32_ps(r0, ix);
        if (NW > 1) g = _mm256_blendv_ps(g, _mm256_permutevar8x32_ps(r1, ix), _mm256_castsi256_ps(ix));
        const __m256 prod = _mm256_mul_ps(g, _mm256_loadu_ps(wp + 8 * sl));
        if (M) { /* slot 0 sets (keeps -0.0 of a single tap), later slots add; unused lanes keep acc */
            const __m256 lane = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i*)(lp + 8 * sl)));
            acc = _mm256_blendv_ps(acc, sl == 0 ? prod : _mm256_add_ps(acc, prod), lane);
        } else {
            acc = sl == 0 ? prod : _mm256_add_ps(acc, prod);
        }
    }
    return acc;
}

/* One half block of a win_pair table (rs_table.win_pair): destination lane l is
 * wa * v[2 l] + wb * v[2 l + 1] over the vertical blends v of its 16 sources, the generic taps'
 * products and sum in their order (slot 0's product first), so the same bits as rs256_win_half.
 * shuffle_ps takes the even and the odd sources per 128-bit lane (0 2 8 10 | 4 6 12 14), put in
 * place once after the sum. */
RS_AVX2 static RS_INLINE __m256 rs256_pair_half(uint32_t dt, const char* const* p, const __m256* w, __m256 raw,
                                                size_t at, __m256 wa, __m256 wb, const uint32_t C) {
    const __m256 r0 = rs256_win_vsum(dt, p, w, raw, at, C), r1 = rs256_win_vsum(dt, p, w, raw, at + 8, C);
    const __m256 even = _mm256_shuffle_ps(r0, r1, _MM_SHUFFLE(2, 0, 2, 0));
    const __m256 odd = _mm256_shuffle_ps(r0, r1, _MM_SHUFFLE(3, 1, 3, 1));
    const __m256 acc = _mm256_add_ps(_mm256_mul_ps(even, wa), _mm256_mul_ps(odd, wb));
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(acc), _MM_SHUFFLE(3, 1, 2, 0)));
}

/* The next pf_per of the pf_lines lines from pf (*at: those fetched so far). */
RS_AVX2 static RS_INLINE void rs_win_pf(const char* pf, uint32_t pf_per, uint32_t pf_lines, uint32_t* at) {
    for (uint32_t i = 0; i < pf_per && *at < pf_lines; i++, (*at)++) _mm_prefetch(pf + 64 * (size_t)*at, _MM_HINT_T0);
}

RS_AVX2 static RS_INLINE void rs256_win_row_c(uint32_t dt, const rs_table* t, const rs_src* src, int raw_one,
                                              char* out, const char* pf, uint32_t pf_lines, const uint32_t C,
                                              const uint32_t K, const uint32_t NW, const int NT, const int PAIR) {
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const char* p[4];
    __m256 w[4];
    for (uint32_t r = 0; r < 4; r++) {
        p[r] = src[r < C ? r : 0].p;
        w[r] = _mm256_set1_ps(src[r < C ? r : 0].w);
    }
    const __m256 raw = _mm256_castsi256_ps(_mm256_set1_epi32(C == 1 && raw_one && src[0].w == 1.0f ? -1 : 0));
    const uint32_t n = t->n_dst, full8 = n / 8, halves = (n + 7) / 8;
    /* the prefetched lines spread over the row's half blocks, pf_per a half (RS_WIN_PF) */
    const uint32_t pf_per = halves ? (pf_lines + halves - 1) / halves : 0;
    uint32_t pf_at = 0;
    const uint32_t* const off = t->win_off;
    const uint32_t* const ixp = t->win_ix;
    const float* const wp = t->win_w;
    const int32_t* const lp = t->win_lm;
    const size_t pat = (size_t)K * 8; /* one half's pattern */
    /* halves [0, fa) and [fb, halves) with lane blends, [fa, fb) without (fa <= fb <= halves) */
    const uint32_t fa = t->win_fa < full8 ? t->win_fa : full8, fb = t->win_fb < full8 ? t->win_fb : full8;
    /* PAIR: the halves without lane blends, [fa, fb), by rs256_pair_half */
    const __m256 pwa = _mm256_set1_ps(t->pat_w[0]), pwb = _mm256_set1_ps(t->pat_w[1]);
#define RS_WIN_HALF(H, M)                                                                          \
    (RS_WIN_PF(), PAIR && !(M) ? rs256_pair_half(dt, p, w, raw, off[H], pwa, pwb, C)              \
                               : rs256_win_half(dt, p, w, raw, off[H], ixp + (H) * pat, wp + (H) * pat, lp + (H) * pat, \
                                                C, K, NW, M))
#define RS_WIN_PF() rs_win_pf(pf, pf_per, pf_lines, &pf_at)
    uint32_t h = 0;
    if (NT && dt == DML_TENSOR_DATA_TYPE_FLOAT32) {
        /* streamed f32, out 16-byte aligned: whole aligned 256-bit streamed stores; a row 16 bytes
         * past a 32-byte boundary (numpy's large arrays start so) has each store take the upper
         * half of one result and the lower half of the next (as rs256_lin2_row), with a 128-bit
         * store at either end */
        const int lag = ((uintptr_t)out & 31u) != 0;
        const __m256 keep = _mm256_castsi256_ps(_mm256_set1_epi32(lag ? 0 : -1));
        const size_t back = lag ? 16 : 0;
        if (full8 > 0) {
            __m256 carry = fa == 0 && fb > 0 ? RS_WIN_HALF(0, 0) : RS_WIN_HALF(0, 1);
            if (lag) _mm_stream_ps((float*)(void*)out, _mm256_castps256_ps128(carry));
            else _mm256_stream_ps((float*)(void*)out, carry);
#define RS_WIN_STREAM(M)                                                                           \
    do {                                                                                           \
        const __m256 acc_ = RS_WIN_HALF(h, M);                                                     \
        _mm256_stream_ps((float*)(void*)(out + 32 * (size_t)h - back),                             \
                         _mm256_blendv_ps(_mm256_permute2f128_ps(carry, acc_, 0x21), acc_, keep)); \
        carry = acc_;                                                                              \
    } while (0)
            for (h = 1; h < fa; h++) RS_WIN_STREAM(1);
            for (; h < fb; h++) RS_WIN_STREAM(0);
            for (; h < full8; h++) RS_WIN_STREAM(1);
#undef RS_WIN_STREAM
            if (lag) _mm_stream_ps((float*)(void*)(out + 32 * (size_t)full8 - 16), _mm256_extractf128_ps(carry, 1));
        }
    } else {
#define RS_WIN_STORE(M)                                                                            \
    do {                                                                                           \
        const __m256 acc_ = RS_WIN_HALF(h, M);                                                     \
        if (NT) _mm_stream_si128((__m128i*)(void*)(out + 16 * (size_t)h),                          \
                                 _mm256_cvtps_ph(acc_, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)); \
        else rs256_store(dt, out + 8 * es * h, acc_, 8);                                           \
    } while (0)
        for (; h < fa; h++) RS_WIN_STORE(1);
        for (; h < fb; h++) RS_WIN_STORE(0);
        for (; h < full8; h++) RS_WIN_STORE(1);
#undef RS_WIN_STORE
    }
    if (h < halves) rs256_store(dt, out + 8 * es * h, RS_WIN_HALF(h, 1), n - 8 * (size_t)h); /* the partial half */
#undef RS_WIN_PF
#undef RS_WIN_HALF
}

/* The variants as constants. Streamed stores (f32 and f16) need a 16-byte aligned row; bf16 and
 * other rows store through the cache. */
RS_AVX2 static RS_INLINE void rs256_win_row(uint32_t dt, const rs_table* t, const rs_src* src, uint32_t count,
                                            int raw_one, char* out, const char* pf, uint32_t pf_lines, int stream) {
    const int nt = stream && dt != PYDML_DATA_TYPE_BFLOAT16 && ((uintptr_t)out & 15u) == 0;
    const uint32_t k = t->ell_k, nw = t->win_nw;
    const int pair = t->win_pair; /* (k 2, nw 2) */
#define RS_WIN_C(C, K, NW, NT, PAIR) rs256_win_row_c(dt, t, src, raw_one, out, pf, pf_lines, C, K, NW, NT, PAIR)
#define RS_WIN_K(C, NW, NT)                                                                        \
    do {                                                                                           \
        if (k == 1) RS_WIN_C(C, 1, NW, NT, 0);                                                     \
        else if (k == 2 && NW == 2 && pair) RS_WIN_C(C, 2, 2, NT, 1);                              \
        else if (k == 2) RS_WIN_C(C, 2, NW, NT, 0);                                                \
        else RS_WIN_C(C, 3, NW, NT, 0);                                                            \
    } while (0)
#define RS_WIN_N(C, NT)                                                                            \
    do {                                                                                           \
        if (nw == 1) RS_WIN_K(C, 1, NT);                                                           \
        else RS_WIN_K(C, 2, NT);                                                                   \
    } while (0)
#define RS_WIN_T(C)                                                                                \
    do {                                                                                           \
        if (nt) RS_WIN_N(C, 1);                                                                    \
        else RS_WIN_N(C, 0);                                                                       \
    } while (0)
    switch (count) {
    case 1: RS_WIN_T(1); break;
    case 2: RS_WIN_T(2); break;
    case 3: RS_WIN_T(3); break;
    default: RS_WIN_T(4); break;
    }
#undef RS_WIN_T
#undef RS_WIN_N
#undef RS_WIN_K
#undef RS_WIN_C
}

#define RS256_TYPE(NAME, DT)                                                                       \
    RS_AVX2 static void rs256_blend_##NAME(float* dst, const rs_src* src, uint32_t count,          \
                                           uint64_t stride, size_t n, int first) {                 \
        rs256_blend(DT, dst, src, count, stride, n, first);                                        \
    }                                                                                              \
    RS_AVX2 static void rs256_store_##NAME(void* dst, uint64_t stride, const float* src,           \
                                           size_t n) {                                             \
        rs256_store_row(DT, dst, stride, src, n);                                                  \
    }                                                                                              \
    RS_AVX2 static void rs256_hz_##NAME(const rs_table* t, uint32_t j0, uint32_t j1,               \
                                        const float* row, uint32_t lo, uint32_t hi, char* out,     \
                                        uint64_t ostride, uint32_t esize, rs_store_fn store) {     \
        (void)store;                                                                               \
        rs256_hz(DT, t, j0, j1, row, lo, hi, out, ostride, esize, 0);                              \
    }                                                                                              \
    RS_AVX2 static void rs256_hz_nt_##NAME(const rs_table* t, uint32_t j0, uint32_t j1,            \
                                           const float* row, uint32_t lo, uint32_t hi, char* out,  \
                                           uint64_t ostride, uint32_t esize, rs_store_fn store) {  \
        (void)store;                                                                               \
        rs256_hz(DT, t, j0, j1, row, lo, hi, out, ostride, esize, 1);                              \
    }                                                                                              \
    RS_AVX2 static void rs256_lin2_##NAME(const rs_table* t, const rs_src* src, uint32_t count,    \
                                          int raw_one, char* out) {                                \
        rs256_lin2_row(DT, t, src, count, raw_one, out, 0);                                        \
    }                                                                                              \
    RS_AVX2 static void rs256_lin2_nt_##NAME(const rs_table* t, const rs_src* src, uint32_t count, \
                                             int raw_one, char* out) {                             \
        rs256_lin2_row(DT, t, src, count, raw_one, out, 1);                                        \
    }                                                                                              \
    RS_AVX2 static void rs256_lin2t_##NAME(const rs_table* t, const rs_src* src, uint32_t count,   \
                                           int raw_one, char* out) {                               \
        rs256_lin2t_row(DT, t, src, count, raw_one, out, 0);                                       \
    }                                                                                              \
    RS_AVX2 static void rs256_lin2t_nt_##NAME(const rs_table* t, const rs_src* src, uint32_t count, \
                                              int raw_one, char* out) {                            \
        rs256_lin2t_row(DT, t, src, count, raw_one, out, 1);                                       \
    }                                                                                              \
    RS_AVX2 static __attribute__((noinline)) void rs256_win_any_##NAME(                            \
        const rs_table* t, const rs_src* src, uint32_t count, int raw_one, char* out, const char* pf, \
        uint32_t pf_lines, int stream) {                                                           \
        rs256_win_row(DT, t, src, count, raw_one, out, pf, pf_lines, stream);                      \
    }                                                                                              \
    RS_AVX2 static void rs256_win_##NAME(const rs_table* t, const rs_src* src, uint32_t count,     \
                                         int raw_one, char* out, const char* pf, uint32_t pf_lines) { \
        rs256_win_any_##NAME(t, src, count, raw_one, out, pf, pf_lines, 0);                        \
    }                                                                                              \
    RS_AVX2 static void rs256_win_nt_##NAME(const rs_table* t, const rs_src* src, uint32_t count,  \
                                            int raw_one, char* out, const char* pf, uint32_t pf_lines) { \
        rs256_win_any_##NAME(t, src, count, raw_one, out, pf, pf_lines, 1);                        \
    }

RS256_TYPE(f32, DML_TENSOR_DATA_TYPE_FLOAT32)
RS256_TYPE(f16, DML_TENSOR_DATA_TYPE_FLOAT16)
RS256_TYPE(bf16, PYDML_DATA_TYPE_BFLOAT16)

/* n zeros at dst (contiguous), streamed like the horizontal pass's stores: the rows of a
 * gradient that no output reads (0.5x nearest: every odd row) are half its output. */
RS_AVX2 static RS_INLINE void rs256_zero(uint32_t dt, void* dst, size_t n, int stream) {
    const size_t es = dt == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    const __m256 z = _mm256_setzero_ps();
    size_t k = 0;
    for (; k + 8 <= n; k += 8) rs256_store8(dt, (char*)dst + k * es, z, stream);
    if (k < n) rs256_store(dt, (char*)dst + k * es, z, n - k);
}

#define RS256_ZERO(NAME, DT)                                                                       \
    RS_AVX2 static void rs256_zero_##NAME(void* dst, size_t n) { rs256_zero(DT, dst, n, 0); }      \
    RS_AVX2 static void rs256_zero_nt_##NAME(void* dst, size_t n) { rs256_zero(DT, dst, n, 1); }

RS256_ZERO(f32, DML_TENSOR_DATA_TYPE_FLOAT32)
RS256_ZERO(f16, DML_TENSOR_DATA_TYPE_FLOAT16)

/* ---- nearest rows (rs_kernels.nearest_row) --------------------------------------------------------
 * The column table's gather on the elements' bits: the integer-2x patterns by unpacks / packs (32
 * destinations per 16 sources for 16-bit elements), the window form (win_nw 1: each half block's 8
 * destinations from the 8 sources at win_off) by one vpermd / pshufb, the rest one element at a
 * time; each result quieted (a NaN's highest mantissa bit set, as the product by 1.0 sets it) and
 * stored to every destination row. ES: element bytes (4: FLOAT32; 2: FLOAT16, INF16 0x7c00 and
 * QBIT16 0x0200, or BFLOAT16, 0x7f80 and 0x0040). */

RS_AVX2 static RS_INLINE __m256i rs256_quiet(__m256i x, const uint32_t ES, const int INF16, const int QBIT16) {
    if (ES == 4) {
        const __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x7fffffff)),
                                               _mm256_set1_epi32(0x7f800000));
        return _mm256_or_si256(x, _mm256_and_si256(nan, _mm256_set1_epi32(0x00400000)));
    }
    const __m256i nan = _mm256_cmpgt_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x7fff)), _mm256_set1_epi16((short)INF16));
    return _mm256_or_si256(x, _mm256_and_si256(nan, _mm256_set1_epi16((short)QBIT16)));
}

RS_AVX2 static RS_INLINE __m128i rs128_quiet16(__m128i x, const int INF16, const int QBIT16) {
    const __m128i nan = _mm_cmpgt_epi16(_mm_and_si128(x, _mm_set1_epi16(0x7fff)), _mm_set1_epi16((short)INF16));
    return _mm_or_si128(x, _mm_and_si128(nan, _mm_set1_epi16((short)QBIT16)));
}

/* 32 bytes to each destination row at byte offset `at`: streamed where the row allows (NT: the
 * rows' alignment, per row: 2 = 32 bytes, 1 = 16, 0 = not streamed) */
RS_AVX2 static RS_INLINE void rs256_near_put(char* const* dst, const uint32_t* al, uint32_t ndst, size_t at, __m256i v,
                                             const int NT) {
    for (uint32_t r = 0; r < ndst; r++) {
        char* p = dst[r] + at;
        if (NT && al[r] == 2) {
            _mm256_stream_si256((__m256i*)(void*)p, v);
        } else if (NT && al[r] == 1) {
            _mm_stream_si128((__m128i*)(void*)p, _mm256_castsi256_si128(v));
            _mm_stream_si128((__m128i*)(void*)(p + 16), _mm256_extracti128_si256(v, 1));
        } else {
            _mm256_storeu_si256((__m256i*)(void*)p, v);
        }
    }
}

RS_AVX2 static RS_INLINE void rs128_near_put(char* const* dst, const uint32_t* al, uint32_t ndst, size_t at, __m128i v,
                                             const int NT) {
    for (uint32_t r = 0; r < ndst; r++) {
        char* p = dst[r] + at;
        if (NT && al[r] >= 1) _mm_stream_si128((__m128i*)(void*)p, v);
        else _mm_storeu_si128((__m128i*)(void*)p, v);
    }
}

RS_AVX2 static RS_INLINE void rs256_nearest_c(const rs_table* t, const char* src, char* const* dst, uint32_t ndst,
                                              const uint32_t ES, const int INF16, const int QBIT16, const int NT) {
    const uint32_t n = t->n_dst;
    uint32_t al[RS_NEAR_ROWS];
    for (uint32_t r = 0; r < ndst; r++)
        al[r] = ((uintptr_t)dst[r] & 31u) == 0 ? 2 : ((uintptr_t)dst[r] & 15u) == 0 ? 1 : 0;
    uint32_t j = 0;
    /* Every destination row 16 bytes past a 32-byte boundary (numpy's large arrays start so) and
     * streamed: the integer-2x rows are written by aligned 32-byte streamed stores, each the upper
     * half of one result and the lower half of the next (carry), with a 16-byte one at either end,
     * as resample's linear rows are (rs256_lin2_row). Two 16-byte streamed stores per 32 bytes,
     * half of them across a line, ran the 2x nearest forward at 22-24 GB/s where aligned 32-byte
     * ones ran a loop of the same rows at 35-37 (a C model of [8, 64, 128^2] -> 256^2, 2 threads
     * of the Intel host). */
    int shift = NT && ndst > 0 && t->pattern == RS_PAT_DUP2;
    for (uint32_t r = 0; r < ndst; r++) shift &= al[r] == 1;
    if (t->pattern == RS_PAT_DUP2) { /* destination j is source j / 2 */
        __m256i carry = _mm256_setzero_si256();
        for (; j + 64 / ES <= n; j += 64 / ES) {
            const __m256i v = rs256_quiet(_mm256_loadu_si256((const __m256i*)(const void*)(src + (size_t)(j / 2) * ES)), ES,
                                          INF16, QBIT16);
            __m256i a, b;
            if (ES == 4) { /* 0 0 1 1 | 4 4 5 5 and 2 2 3 3 | 6 6 7 7, then the lanes swapped into order */
                const __m256i lo = _mm256_unpacklo_epi32(v, v), hi = _mm256_unpackhi_epi32(v, v);
                a = _mm256_permute2x128_si256(lo, hi, 0x20);
                b = _mm256_permute2x128_si256(lo, hi, 0x31);
            } else { /* quarters 0 2 1 3, then each lane's words doubled: 0..7 and 8..15 twice each */
                const __m256i q = _mm256_permute4x64_epi64(v, 0xD8);
                a = _mm256_unpacklo_epi16(q, q);
                b = _mm256_unpackhi_epi16(q, q);
            }
            if (!shift) {
                rs256_near_put(dst, al, ndst, (size_t)j * ES, a, NT);
                rs256_near_put(dst, al, ndst, (size_t)j * ES + 32, b, NT);
                continue;
            }
            for (uint32_t r = 0; r < ndst; r++) {
                char* p = dst[r] + (size_t)j * ES;
                if (j == 0) _mm_stream_si128((__m128i*)(void*)p, _mm256_castsi256_si128(a));
                else _mm256_stream_si256((__m256i*)(void*)(p - 16), _mm256_permute2x128_si256(carry, a, 0x21));
                _mm256_stream_si256((__m256i*)(void*)(p + 16), _mm256_permute2x128_si256(a, b, 0x21));
            }
            carry = b;
        }
        if (shift && j)
            for (uint32_t r = 0; r < ndst; r++)
                _mm_stream_si128((__m128i*)(void*)(dst[r] + (size_t)j * ES - 16), _mm256_extracti128_si256(carry, 1));
    } else if (t->pattern == RS_PAT_HALF2) { /* destination j is source 2j: the even elements of two loads */
        const uint32_t step = 32 / ES;
        for (; j + step <= n && 2 * (uint64_t)j + 2 * step <= t->n_src; j += step) {
            const char* p = src + 2 * (size_t)j * ES;
            const __m256i x0 = _mm256_loadu_si256((const __m256i*)(const void*)p);
            const __m256i x1 = _mm256_loadu_si256((const __m256i*)(const void*)(p + 32));
            __m256i v;
            if (ES == 4) {
                v = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(x0), _mm256_castsi256_ps(x1), 0x88));
            } else { /* each dword's low word, packed (no saturation: the values are below 2^16) */
                const __m256i m = _mm256_set1_epi32(0xffff);
                v = _mm256_packus_epi32(_mm256_and_si256(x0, m), _mm256_and_si256(x1, m));
            }
            v = rs256_quiet(_mm256_permute4x64_epi64(v, 0xD8), ES, INF16, QBIT16);
            rs256_near_put(dst, al, ndst, (size_t)j * ES, v, NT);
        }
    } else if (t->pattern == RS_PAT_SPREAD2) { /* destination 2i is source i, odd ones zero */
        const __m256i z = _mm256_setzero_si256();
        for (; j + 64 / ES <= n; j += 64 / ES) {
            const __m256i v = rs256_quiet(_mm256_loadu_si256((const __m256i*)(const void*)(src + (size_t)(j / 2) * ES)), ES,
                                          INF16, QBIT16);
            __m256i a, b;
            if (ES == 4) {
                const __m256i lo = _mm256_unpacklo_epi32(v, z), hi = _mm256_unpackhi_epi32(v, z);
                a = _mm256_permute2x128_si256(lo, hi, 0x20);
                b = _mm256_permute2x128_si256(lo, hi, 0x31);
            } else {
                const __m256i q = _mm256_permute4x64_epi64(v, 0xD8);
                a = _mm256_unpacklo_epi16(q, z);
                b = _mm256_unpackhi_epi16(q, z);
            }
            rs256_near_put(dst, al, ndst, (size_t)j * ES, a, NT);
            rs256_near_put(dst, al, ndst, (size_t)j * ES + 32, b, NT);
        }
    } else if (t->one_tap && t->win_nw == 1 && t->ell_k == 1 && (ES == 4 || t->near_shuf != NULL)) {
        /* 8 destinations from the 8 sources at win_off[h]; 16-bit elements two half blocks at a
         * time (their windows in the two lanes of one register, one vpshufb for both: each shuffle
         * stays inside its lane), as many operations per 32 output bytes as the 16-byte form took
         * per 16 (issue 25: the 1.5x FLOAT16 nearest forward ran at the FLOAT32 element rate) */
        if (ES == 2)
            for (; j + 16 <= n; j += 16) {
                const uint32_t h = j / 8;
                const __m256i c = _mm256_loadu_si256((const __m256i*)(const void*)(t->near_shuf + (size_t)h * 16));
                const __m128i lo = _mm_loadu_si128((const __m128i*)(const void*)(src + (size_t)t->win_off[h] * 2));
                const __m128i hi = _mm_loadu_si128((const __m128i*)(const void*)(src + (size_t)t->win_off[h + 1] * 2));
                const __m256i v = _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), c);
                rs256_near_put(dst, al, ndst, (size_t)j * 2, rs256_quiet(v, ES, INF16, QBIT16), NT);
            }
        for (; j + 8 <= n; j += 8) {
            const uint32_t h = j / 8;
            const char* p = src + (size_t)t->win_off[h] * ES;
            if (ES == 4) {
                const __m256i ix = _mm256_loadu_si256((const __m256i*)(const void*)(t->win_ix + (size_t)h * 8));
                const __m256i v = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i*)(const void*)p), ix);
                rs256_near_put(dst, al, ndst, (size_t)j * ES, rs256_quiet(v, ES, INF16, QBIT16), NT);
            } else {
                const __m128i c = _mm_loadu_si128((const __m128i*)(const void*)(t->near_shuf + (size_t)h * 16));
                const __m128i v = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i*)(const void*)p), c);
                rs128_near_put(dst, al, ndst, (size_t)j * ES, rs128_quiet16(v, INF16, QBIT16), NT);
            }
        }
    }
    for (; j < n; j++) { /* the rest, one at a time */
        const uint64_t b = t->start[j];
        const int none = b == t->start[j + 1]; /* no tap: zero */
        const uint32_t x = none ? 0 : t->idx[b];
        if (ES == 4) {
            uint32_t v = 0;
            if (!none) memcpy(&v, src + (size_t)x * 4, 4);
            v = (v & 0x7fffffffu) > 0x7f800000u ? v | 0x00400000u : v;
            for (uint32_t r = 0; r < ndst; r++) memcpy(dst[r] + (size_t)j * 4, &v, 4);
        } else {
            uint16_t v = 0;
            if (!none) memcpy(&v, src + (size_t)x * 2, 2);
            v = (v & 0x7fffu) > (uint32_t)INF16 ? (uint16_t)(v | QBIT16) : v;
            for (uint32_t r = 0; r < ndst; r++) memcpy(dst[r] + (size_t)j * 2, &v, 2);
        }
    }
}

#define RS256_NEAREST(NAME, ES, INF16, QBIT16)                                                     \
    RS_AVX2 static void rs256_nearest_##NAME(const rs_table* t, const char* src, char* const* dst, uint32_t ndst) { \
        rs256_nearest_c(t, src, dst, ndst, ES, INF16, QBIT16, 0);                                  \
    }                                                                                              \
    RS_AVX2 static void rs256_nearest_nt_##NAME(const rs_table* t, const char* src, char* const* dst, uint32_t ndst) { \
        rs256_nearest_c(t, src, dst, ndst, ES, INF16, QBIT16, 1);                                  \
    }

RS256_NEAREST(f32, 4, 0, 0)
RS256_NEAREST(f16, 2, 0x7c00, 0x0200)
RS256_NEAREST(bf16, 2, 0x7f80, 0x0040)

RS_AVX2 static void rs256_fence(void) {
    _mm_sfence();
}

int rs_select_avx2(uint32_t data_type, int stream, rs_kernels* k) {
    if (stream) k->fence = rs256_fence;
    switch (data_type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        k->blend = rs256_blend_f32; k->store = rs256_store_f32; k->hz = stream ? rs256_hz_nt_f32 : rs256_hz_f32;
        k->lin2_row = stream ? rs256_lin2_nt_f32 : rs256_lin2_f32;
        k->lin2t_row = stream ? rs256_lin2t_nt_f32 : rs256_lin2t_f32;
        k->win_row = stream ? rs256_win_nt_f32 : rs256_win_f32;
        k->nearest_row = stream ? rs256_nearest_nt_f32 : rs256_nearest_f32;
        k->zero = stream ? rs256_zero_nt_f32 : rs256_zero_f32; break;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        k->blend = rs256_blend_f16; k->store = rs256_store_f16; k->hz = stream ? rs256_hz_nt_f16 : rs256_hz_f16;
        k->lin2_row = stream ? rs256_lin2_nt_f16 : rs256_lin2_f16;
        k->lin2t_row = stream ? rs256_lin2t_nt_f16 : rs256_lin2t_f16;
        k->win_row = stream ? rs256_win_nt_f16 : rs256_win_f16;
        k->nearest_row = stream ? rs256_nearest_nt_f16 : rs256_nearest_f16;
        k->zero = stream ? rs256_zero_nt_f16 : rs256_zero_f16; break;
    case PYDML_DATA_TYPE_BFLOAT16: /* +0.0 is 0 bits in both 16-bit types */
        k->blend = rs256_blend_bf16; k->store = rs256_store_bf16; k->hz = stream ? rs256_hz_nt_bf16 : rs256_hz_bf16;
        k->lin2_row = stream ? rs256_lin2_nt_bf16 : rs256_lin2_bf16;
        k->lin2t_row = stream ? rs256_lin2t_nt_bf16 : rs256_lin2t_bf16;
        k->win_row = stream ? rs256_win_nt_bf16 : rs256_win_bf16;
        k->nearest_row = stream ? rs256_nearest_nt_bf16 : rs256_nearest_bf16;
        k->zero = stream ? rs256_zero_nt_f16 : rs256_zero_f16; break;
    default:
        return 0;
    }
    return 1;
}

#else /* not x86 */

int rs_select_avx2(uint32_t data_type, int stream, rs_kernels* k) {
    (void)data_type;
    (void)stream;
    (void)k;
    return 0;
}

#endif
