/*
 * Internal structures of the resample kernels (not part of the cdef).
 *
 * A plan holds, per axis, one tap table per direction. The forward table maps each output index o
 * to its taps (input index, weight); the backward table is its exact transpose (for each input
 * index i, the (o, weight) pairs that read it, o ascending), built from the same float weights.
 * Forward and backward run the same separable executor on these tables, so the gradient is the
 * adjoint of the forward by construction and is computed as a gather (no atomics, deterministic).
 */
#ifndef PYDML_NATIVE_RESAMPLE_INTERNAL_H
#define PYDML_NATIVE_RESAMPLE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

#define RS_BLOCK 16          /* destination elements per SIMD block */
#define RS_TMP_CAP 4096      /* floats in a thread's row buffer (stack) */
#define RS_SEG_MAX 2048      /* destination elements per segment */
#define RS_ELL_MAX_TAPS 32   /* tables with more taps per element use the scalar horizontal pass */
#define RS_VEC_CAP 1024      /* floats in the accumulator of the vector (channels-last) mode */
#define RS_NEAR_ROWS 4       /* most destination rows one nearest_row call stores */

/* Block kinds: every index of the block lies in [base, base + 31] (two registers, one permute
 * per tap), in [base, base + 63] (four registers, two permutes and a blend), or anywhere (gather;
 * also used by blocks without taps). */
#define RS_BLK_GATHER 0
#define RS_BLK_PERM32 1
#define RS_BLK_PERM64 2

#define RS_PAT_DUP2 1
#define RS_PAT_PAIR2 2
#define RS_PAT_HALF2 3
#define RS_PAT_SPREAD2 4

/* A run of destination elements whose taps all lie in source range [lo, hi] (hi - lo < RS_TMP_CAP,
 * unless direct: then even one block needs a wider range and the segment is computed without the
 * row buffer). j0 is a multiple of RS_BLOCK. */
typedef struct rs_segment {
    uint32_t j0, j1, lo, hi;
    uint32_t direct;
} rs_segment;

/* One direction of one axis: destination index j reads taps from source indices. */
typedef struct rs_table {
    uint32_t n_src, n_dst;
    uint32_t max_taps;
    uint64_t* start;         /* n_dst + 1 offsets into idx / w */
    uint32_t* idx;           /* source indices, strictly increasing within one destination */
    float* w;                /* their weights (never 0) */
    uint32_t seg_count;
    rs_segment* segs;
    /* SIMD form (NULL when max_taps is 0 or > RS_ELL_MAX_TAPS): blocks of RS_BLOCK destinations,
     * ell_k slots each, slot-major: [block][slot][lane]. Unused lanes have weight 0, mask bit 0 and
     * an index that is valid to read. */
    uint32_t ell_k;
    uint32_t n_blocks;
    uint32_t* ell_idx;
    float* ell_w;
    uint16_t* ell_mask;      /* [block][slot] */
    uint32_t* blk_base;      /* [block] smallest source index the block reads */
    uint8_t* blk_kind;       /* [block] RS_BLK_*: how the block reaches its source elements */
    uint32_t* blk_perm;      /* [block][slot][lane] index - base (permute kinds) */
    /* AVX2 (8 lanes, where gathers are slow on AMD Zen): per half block [block][half], the
     * smallest source index its taps read and the span they cover (0: no tap); a span <= 24 is
     * up to three loads and three vpermps per tap instead of a gather. */
    uint32_t* half_base;
    uint32_t* half_span;
    /* [block][slot][lane] like ell_idx: the index minus its half's base (0 where the slot is
     * unused), and -1 / 0 for a used / unused slot (the AVX2 periodic runs' permutes and lane
     * masks, read as they are instead of set up per row) */
    uint32_t* half_ix;
    int32_t* half_lm;
    uint8_t* blk_full;       /* [block] 1: every slot uses every lane (no lane blends needed) */
    /* Periodic runs: blk_run[b] blocks from b (1 = none; else a multiple of blk_period[b], at
     * least two periods) repeat the pattern (perm, weights, masks) of the first blk_period[b]
     * blocks, each period's bases blk_step[b] further on. All are full, of one permute kind, and
     * inside one segment. A regular resampling (scale 2: period 1; 1.5: period 2 or 3) is one
     * long run per row, executed with the pattern in registers. */
    uint32_t* blk_run;
    uint32_t* blk_period;
    uint32_t* blk_step;
    uint32_t unit_weights;   /* every destination has one tap of weight 1 (nearest) */
    uint32_t one_tap;        /* unit_weights, and no destination without a tap: idx[j] is its source */
    /* Integer-2x tables (AVX2 hz), every destination with the same weights pat_w: RS_PAT_DUP2,
     * destination j is source j / 2 times pat_w[0] (the forward of a 2x nearest upsampling: weight
     * 1; the gradient of a 0.5x half-pixel linear downscale: 0.5); RS_PAT_PAIR2, destination j is
     * source 2j times pat_w[0] plus source 2j + 1 times pat_w[1] (the transpose of a 2x nearest,
     * weights 1; a 0.5x half-pixel linear downscale, 0.5 / 0.5); RS_PAT_HALF2, destination j is
     * source 2j times pat_w[0] (a 0.5x nearest downscale); RS_PAT_SPREAD2, even destination 2i is
     * source i times pat_w[0] and odd destinations have no tap (its transpose, the gradient of a
     * 0.5x nearest downscale). 0: none. */
    uint32_t pattern;
    float pat_w[2];
    /* Integer-2x linear (half-pixel) destinations [lin2_lo, lin2_hi) (lin2_lo even; empty: equal):
     * destination 2i reads sources i - 1 and i with weights lin2_w[0], lin2_w[1], destination
     * 2i + 1 reads i and i + 1 with lin2_w[2], lin2_w[3] (0.25 / 0.75 for scale 2). */
    uint32_t lin2_lo, lin2_hi;
    float lin2_w[4];
    /* The whole table is one such row (rs_kernels.lin2_row): n_dst = 2 n_src >= 32, one segment,
     * [lin2_lo, lin2_hi) = [2, n_dst - 2), destination 1 reads sources 0, 1 with lin2_w[2],
     * lin2_w[3], destination n_dst - 2 reads n_src - 2, n_src - 1 with lin2_w[0], lin2_w[1], and
     * the ends read one source each: destination 0 source 0 with weight lin2_edge[0], destination
     * n_dst - 1 source n_src - 1 with lin2_edge[1] (the clamped half-pixel taps: 1). */
    uint32_t lin2_full;
    float lin2_edge[2];
    /* Its transpose (the gradient's table): destinations [lin2t_lo, lin2t_hi) where destination i
     * reads sources 2i - 1 .. 2i + 2 with weights lin2t_w[0..3]. */
    uint32_t lin2t_lo, lin2t_hi;
    float lin2t_w[4];
    /* The whole table is one such row (rs_kernels.lin2t_row): n_src = 2 n_dst, n_dst >= 24, one
     * segment, [lin2t_lo, lin2t_hi) = [1, n_dst - 1), destination 0 reads sources 0, 1, 2 with
     * weights lin2t_edge[0..2] and destination n_dst - 1 reads n_src - 3 .. n_src - 1 with
     * lin2t_edge[3..5] (the gradient of a half-pixel 2x linear upsampling). */
    uint32_t lin2t_full;
    float lin2t_edge[6];
    /* Window rows (rs_kernels.win_row), any scale whose half blocks each read at most win_nw * 8
     * consecutive sources (win_nw 1 or 2; 0: not this form), with ell_k <= 3: per half block h
     * (8 destinations, the last one partial when n_dst % 8), its window's first source win_off[h]
     * (win_off[h] + 8 win_nw <= n_src: a half near the row's end has its window moved left, so
     * that no load reads past the row), and per slot and lane [h][slot][lane]: the source's
     * index in the window (bit 31 set when it lies in the second window: the vpermps ignores it
     * and blendv reads it), the weight (0 where unused) and the lane mask (-1 / 0).
     * Halves [win_fa, win_fb) use every lane of every slot (no lane blends), the others may not.
     * win_pair: an RS_PAT_PAIR2 table in two windows and two slots, every half h of
     * [win_fa, win_fb) reading sources 16 h + 2 lane (slot 0, weight pat_w[0]) and
     * 16 h + 2 lane + 1 (slot 1, pat_w[1]): the gradient of a 2x nearest upscale, a 0.5x linear
     * downscale, whose halves the window rows take with two shuffles for the four permutes and two
     * blends of the generic taps (rs256_pair_half). */
    uint32_t win_nw;
    uint32_t win_pair;
    uint32_t win_fa, win_fb;
    uint32_t* win_off;
    uint32_t* win_ix;
    float* win_w;
    int32_t* win_lm;
    /* one_tap tables of the window form with one window (win_nw 1): per half block h, the byte
     * shuffle [h][16] that gathers its 8 destinations' 16-bit elements from the 8 sources at
     * win_off[h] (rs_kernels.nearest_row; its 32-bit form permutes by win_ix); NULL otherwise */
    uint8_t* near_shuf;
} rs_table;

/* One weighted source of a blend: element k is at p + k * stride elements. */
typedef struct rs_src {
    const char* p;
    float w;
} rs_src;

/* Kernels chosen per call from the data type and pydml_active_cpu_features(). */
/* dst[k] = sum_r src[r].w * src[r].p[k * stride] (+ dst[k] unless first), for k < n; count >= 1.
 * The first source is multiplied, the others added in order (so a single source of weight 1 is
 * copied exactly, -0.0 included). */
typedef void (*rs_blend_fn)(float* dst, const rs_src* src, uint32_t count, uint64_t stride, size_t n,
                            int first);
/* dst[k * stride] = convert(src[k]) for k < n. */
typedef void (*rs_store_fn)(void* dst, uint64_t stride, const float* src, size_t n);
/* out[j * ostride] = sum over taps of w * row[idx - lo], for j in [j0, j1) (j0 % RS_BLOCK == 0);
 * row holds the source elements lo..hi as f32; out points at destination element 0 (esize bytes
 * each); store converts and writes what the kernel does not store itself. */
typedef void (*rs_hz_fn)(const rs_table* t, uint32_t j0, uint32_t j1, const float* row, uint32_t lo,
                         uint32_t hi, char* out, uint64_t ostride, uint32_t esize, rs_store_fn store);

typedef struct rs_kernels {
    rs_blend_fn blend;
    rs_store_fn store;
    rs_hz_fn hz;
    void (*fence)(void);     /* NULL, or orders the streamed stores of a thread's work before its end */
    void (*zero)(void* dst, size_t n); /* NULL, or n contiguous zeros (streamed with the hz pass) */
    /* NULL, or one destination row of a lin2_full column table t from count (1 or 2) weighted
     * source rows (stride 1, source element 0 at src[r].p) in one pass: each source element's
     * vertical blend as rs_blend_fn computes it (one source of weight 1 is read as is when
     * raw_one: the executor's in-place f32 row), then the integer-2x linear taps of the
     * horizontal pass, same bits as the two passes; out is destination element 0 (stride 1). */
    void (*lin2_row)(const rs_table* t, const rs_src* src, uint32_t count, int raw_one, char* out);
    /* NULL, or the same for a lin2t_full column table from count (1 to 4) source rows: the
     * vertical blend in registers, then the gradient's four taps (the edges' three) */
    void (*lin2t_row)(const rs_table* t, const rs_src* src, uint32_t count, int raw_one, char* out);
    /* NULL, or the same for a column table of the window form (t->win_nw != 0) from count (1 to
     * 4) source rows: per half block, the vertical blend of its window(s) in registers, then the
     * generic blocks' taps (vpermps, products, additions, lane blends); the pf_lines cache lines
     * from pf (a later destination row's new source rows: rs_run) prefetched along the way */
    void (*win_row)(const rs_table* t, const rs_src* src, uint32_t count, int raw_one, char* out, const char* pf,
                    uint32_t pf_lines);
    /* One destination row of a unit_weights column table t (at most one tap of weight 1: a nearest
     * forward, or the gradient of a nearest downscale), stored to each of the ndst rows
     * dst[0 .. ndst - 1] (1 <= ndst <= RS_NEAR_ROWS: consecutive destination rows that read the same
     * source row) from the source row src, both of stride 1: each destination element its source
     * element idx[start[j]], the bits of a floating-point NaN quieted (its highest mantissa bit set)
     * and every other value as it is, or zero where it has no tap. That is what the blend and the
     * horizontal pass make of it (the product by the weight 1.0 quiets a signaling NaN; the
     * conversions to and from float are exact otherwise), so the same bits, without the float row
     * between (issue 25: FLOAT16 nearest rows ran at the FLOAT32 rows' element rate, half their
     * bandwidth). */
    void (*nearest_row)(const rs_table* t, const char* src, char* const* dst, uint32_t ndst);
} rs_kernels;

/* Portable kernels (resample.c). */
void rs_hz_scalar(const rs_table* t, uint32_t j0, uint32_t j1, const float* row, uint32_t lo,
                  uint32_t hi, char* out, uint64_t ostride, uint32_t esize, rs_store_fn store);

/* x86 kernels (resample_x86.c). Return 0 when no vector kernel exists for this data type. */
/* stream: the AVX2 horizontal pass writes full 8-lane blocks with non-temporal stores (see
 * rs_select_kernels) */
int rs_select_avx2(uint32_t data_type, int stream, rs_kernels* k);

#endif /* PYDML_NATIVE_RESAMPLE_INTERNAL_H */
