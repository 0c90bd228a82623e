/*
 * Resampling: DML RESAMPLE / RESAMPLE1..3 and RESAMPLE_GRAD / RESAMPLE_GRAD1 (directml-api.md §4).
 *
 * Per axis d, forward output element o samples the input at x = (o - b) / s - a (s = scale,
 * a = input pixel offset, b = output pixel offset), computed in double when the plan is built:
 *   NEAREST   one tap at clamp(round(x)), round = floor(x + 0.5) | floor | ceil (pydml_rounding);
 *   LINEAR    taps (floor(x), 1 - f) and (floor(x) + 1, f), indices clamped to [0, n - 1]
 *             (taps that land on the same index are merged; zero weights are dropped);
 *   LINEAR + antialiased on an axis with 1/s > 2: triangle filter stretched by 1/s (see
 *             rs_taps_antialiased). Other axes of an antialiased plan behave as plain LINEAR.
 * The multi-axis weight is the product of the per-axis weights.
 *
 * Execution (both directions share it, with the forward or the transposed table per axis):
 * axes whose table is the identity are folded into an outer loop (N, C, ...); of the resampled
 * axes, one is the "column" axis (the one with the smallest destination stride) and the others are
 * "row" axes. For each destination row, the contributing source rows are blended into a float row
 * buffer (vertical pass), then the column taps gather from it (horizontal pass, SIMD when
 * available). Where the column taps of every 8 destinations lie within 16 consecutive sources
 * (1.5x and other scales the integer-2x paths do not take), the AVX2 path computes a row in one
 * pass instead, from its source rows in place (rs_kernels.win_row, rs_table.win_*). When an
 * identity axis is contiguous in both tensors (channels-last), that axis is
 * processed as a vector instead. Work items (rows) are split statically over OpenMP threads; the
 * plan is read-only during execution, so one plan may run concurrently from several threads.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "resample_internal.h"

/* A plan may hold at most this many bytes of tables (hostile scales could ask for n_in * n_out
 * antialiasing taps); larger plans fail with PYDML_STATUS_OUT_OF_MEMORY before allocating. */
#define RS_PLAN_BYTE_LIMIT ((uint64_t)1 << 30)
/* |x| beyond this is rejected: every valid index fits in uint32, with room for the taps. */
#define RS_COORD_LIMIT 4294967296.0
/* Below this many destination elements the work runs on one thread. */
#define RS_PARALLEL_MIN_ELEMENTS 32768u

struct pydml_resample_plan {
    uint32_t dim_count;
    uint32_t input_sizes[PYDML_MAX_DIMS];
    uint32_t output_sizes[PYDML_MAX_DIMS];
    uint32_t identity[PYDML_MAX_DIMS];
    rs_table fwd[PYDML_MAX_DIMS];   /* dst = output index, src = input index */
    rs_table bwd[PYDML_MAX_DIMS];   /* dst = input index, src = output index (transpose of fwd) */
    uint64_t bytes;                 /* allocated so far (checked against RS_PLAN_BYTE_LIMIT) */
};

/* ---- plan construction ------------------------------------------------------------------------ */

static void* rs_alloc(pydml_resample_plan* p, uint64_t count, uint64_t size) {
    if (count == 0) count = 1;
    if (size != 0 && count > RS_PLAN_BYTE_LIMIT / size) return NULL;
    uint64_t bytes = count * size;
    if (p->bytes + bytes > RS_PLAN_BYTE_LIMIT) return NULL;
    void* q = calloc((size_t)count, (size_t)size);
    if (q != NULL) p->bytes += bytes;
    return q;
}

static void rs_table_free(rs_table* t) {
    free(t->start);
    free(t->idx);
    free(t->w);
    free(t->segs);
    free(t->ell_idx);
    free(t->ell_w);
    free(t->ell_mask);
    free(t->blk_base);
    free(t->blk_kind);
    free(t->blk_perm);
    free(t->half_base);
    free(t->half_span);
    free(t->half_ix);
    free(t->half_lm);
    free(t->blk_full);
    free(t->blk_run);
    free(t->blk_step);
    free(t->blk_period);
    free(t->win_off);
    free(t->win_ix);
    free(t->win_w);
    free(t->win_lm);
    free(t->near_shuf);
    memset(t, 0, sizeof *t);
}

void pydml_resample_plan_destroy(pydml_resample_plan* plan) {
    if (plan == NULL) return;
    for (uint32_t d = 0; d < PYDML_MAX_DIMS; d++) {
        rs_table_free(&plan->fwd[d]);
        rs_table_free(&plan->bwd[d]);
    }
    free(plan);
}

typedef struct rs_axis_spec {
    uint32_t n_in, n_out;
    double s, a, b;
    uint32_t mode;       /* DML_INTERPOLATION_MODE */
    uint32_t rounding;
    int antialias;       /* LINEAR with the antialiasing filter active on this axis */
} rs_axis_spec;

static double rs_coord(const rs_axis_spec* sp, uint32_t o) {
    return ((double)o - sp->b) / sp->s - sp->a;
}

static double rs_clampd(double v, double hi) {
    return v < 0.0 ? 0.0 : (v > hi ? hi : v);
}

/* Upper bound of the taps one output element gets. */
static uint64_t rs_tap_bound(const rs_axis_spec* sp) {
    if (sp->mode == DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR) return 1;
    if (!sp->antialias) return 2;
    double width = floor(2.0 / sp->s) + 2.0; /* indices strictly inside (x - 1/s, x + 1/s) */
    return width >= (double)sp->n_in ? sp->n_in : (uint64_t)width;
}

/* Nearest: one tap. Rounding is computed exactly (x - floor(x) is exact in double), so that
 * HALF_UP is floor(x + 0.5) without the double rounding of x + 0.5. */
static uint32_t rs_taps_nearest(const rs_axis_spec* sp, double x, uint32_t* idx, float* w) {
    double r = floor(x);
    if (sp->rounding == PYDML_ROUND_HALF_UP) {
        if (x - r >= 0.5) r += 1.0;
    } else if (sp->rounding == PYDML_ROUND_CEIL) {
        r = ceil(x);
    }
    idx[0] = (uint32_t)rs_clampd(r, (double)sp->n_in - 1.0);
    w[0] = 1.0f;
    return 1;
}

static uint32_t rs_taps_linear(const rs_axis_spec* sp, double x, uint32_t* idx, float* w) {
    double x0 = floor(x);
    double f = x - x0;
    double top = (double)sp->n_in - 1.0;
    uint32_t i0 = (uint32_t)rs_clampd(x0, top);
    uint32_t i1 = (uint32_t)rs_clampd(x0 + 1.0, top);
    if (i0 == i1) { /* clamped at an edge: both taps read the same element */
        idx[0] = i0;
        w[0] = 1.0f;
        return 1;
    }
    uint32_t n = 0;
    float w0 = (float)(1.0 - f), w1 = (float)f;
    if (w0 != 0.0f) { idx[n] = i0; w[n] = w0; n++; }
    if (w1 != 0.0f) { idx[n] = i1; w[n] = w1; n++; }
    return n;
}

/*
 * Antialiased linear (RESAMPLE3 with Antialiased, on an axis where 1/s > 2). DirectML's page says
 * only that the filter is "stretched by max(1, 1/scale)"; it gives neither the normalisation nor
 * the edge rule. We follow ONNX Resize-18 (antialias, linear) as ONNX Runtime's CPU kernel
 * computes it: triangle weights max(0, 1 - |x - i| * s) over the input indices i in [0, n - 1],
 * taps outside the input dropped and the rest normalised to sum 1. If no input index lies inside
 * the support (x far outside the input), the nearest edge element gets weight 1 (DirectML's edge
 * clamping).
 */
static uint32_t rs_taps_antialiased(const rs_axis_spec* sp, double x, uint32_t* idx, float* w,
                                    double* scratch) {
    double radius = 1.0 / sp->s;
    double top = (double)sp->n_in - 1.0;
    double lo = ceil(x - radius), hi = floor(x + radius);
    if (lo < 0.0) lo = 0.0;
    if (hi > top) hi = top;
    uint32_t n = 0;
    double sum = 0.0;
    if (lo <= hi) {
        for (double i = lo; i <= hi; i += 1.0) {
            double v = 1.0 - fabs(x - i) * sp->s;
            if (v > 0.0) {
                idx[n] = (uint32_t)i;
                scratch[n] = v;
                sum += v;
                n++;
            }
        }
    }
    if (n == 0 || !(sum > 0.0)) {
        idx[0] = (uint32_t)rs_clampd(floor(x + 0.5), top);
        w[0] = 1.0f;
        return 1;
    }
    uint32_t m = 0;
    for (uint32_t k = 0; k < n; k++) {
        float v = (float)(scratch[k] / sum);
        if (v != 0.0f) {
            idx[m] = idx[k];
            w[m] = v;
            m++;
        }
    }
    return m;
}

/* The window form of a table (see rs_table.win_nw), from its block form: every half block's
 * taps within 8 or 16 consecutive sources, at most three taps per destination. The window
 * rows read the sources in place, whatever the segments; a row of any scale qualifies, not only
 * the periodic ones (1.5x: 8 destinations read 6 or 7 sources, 8 sources of the gradient read 14). */
static pydml_status rs_table_windows(pydml_resample_plan* p, rs_table* t) {
    const uint32_t k = t->ell_k;
    t->win_nw = 0;
    t->win_pair = 0;
    if (k == 0 || k > 3) return PYDML_STATUS_SUCCESS;
    const uint64_t halves = ((uint64_t)t->n_dst + 7) / 8;
    uint32_t nw = 1;
    for (uint64_t h = 0; h < halves; h++) {
        const uint32_t span = t->half_span[h]; /* [block][half] is half h */
        if (span > 16) return PYDML_STATUS_SUCCESS;
        if (span > 8) nw = 2;
    }
    if (t->n_src < 8 * nw) return PYDML_STATUS_SUCCESS;
    const uint64_t slots = halves * k * 8;
    t->win_off = rs_alloc(p, halves, sizeof *t->win_off);
    t->win_ix = rs_alloc(p, slots, sizeof *t->win_ix);
    t->win_w = rs_alloc(p, slots, sizeof *t->win_w);
    t->win_lm = rs_alloc(p, slots, sizeof *t->win_lm);
    if (!t->win_off || !t->win_ix || !t->win_w || !t->win_lm) return PYDML_STATUS_OUT_OF_MEMORY;
    uint8_t* full = malloc((size_t)halves);
    if (full == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    for (uint64_t h = 0; h < halves; h++) {
        full[h] = 1;
        const uint64_t b = h / 2, lane0 = (h % 2) * 8;
        uint32_t off = t->half_span[h] > 0 ? t->half_base[h] : 0;
        if ((uint64_t)off + 8 * nw > t->n_src) off = t->n_src - 8 * nw; /* still <= every tap */
        t->win_off[h] = off;
        for (uint32_t slot = 0; slot < k; slot++) {
            const uint16_t mask = t->ell_mask[b * k + slot];
            for (uint32_t lane = 0; lane < 8; lane++) {
                const uint64_t from = (b * k + slot) * RS_BLOCK + lane0 + lane;
                const uint64_t to = (h * k + slot) * 8 + lane;
                const int on = (mask >> (lane0 + lane)) & 1u;
                uint32_t ix = on ? t->ell_idx[from] - off : 0;
                if (ix > 7) ix |= 0x80000000u;
                t->win_ix[to] = ix;
                t->win_w[to] = on ? t->ell_w[from] : 0.0f;
                t->win_lm[to] = on ? -1 : 0;
                if (!on) full[h] = 0;
            }
        }
    }
    /* the halves that use every lane of every slot, when they are one range (the rows' edges
     * clamp: a linear table's first and last halves have one-tap destinations) */
    uint64_t fa = 0, fb = halves;
    while (fa < halves && !full[fa]) fa++;
    while (fb > fa && !full[fb - 1]) fb--;
    for (uint64_t h = fa; h < fb; h++)
        if (!full[h]) fa = fb = 0;
    free(full);
    t->win_fa = (uint32_t)fa;
    t->win_fb = (uint32_t)fb;
    t->win_nw = nw;
    /* the pair form (rs_table.win_pair): the integer-2x pairs (rs_table.pattern, classified
     * before the windows) read as two windows. Their ell slots are the taps in order (slot 0 source
     * 2j, slot 1 source 2j + 1) and no full half's window is moved left (16 h + 16 <= n_src), so
     * each full half h reads sources 16 h + 2 lane + slot, as rs256_pair_half takes them. */
    t->win_pair = t->pattern == RS_PAT_PAIR2 && k == 2 && nw == 2 && fa < fb;
    if (t->one_tap && nw == 1) { /* the 16-bit gathers of rs_kernels.nearest_row: bytes 2 ix, 2 ix + 1 */
        t->near_shuf = rs_alloc(p, halves * 16, 1);
        if (t->near_shuf == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
        for (uint64_t h = 0; h < halves; h++)
            for (uint32_t lane = 0; lane < 8; lane++) {
                const uint32_t ix = t->win_ix[h * 8 + lane]; /* k == 1: slot 0; 0 for unused lanes */
                t->near_shuf[h * 16 + 2 * lane] = (uint8_t)(2 * ix);
                t->near_shuf[h * 16 + 2 * lane + 1] = (uint8_t)(2 * ix + 1);
            }
    }
    return PYDML_STATUS_SUCCESS;
}

/* Segments (see rs_segment) and the SIMD block form of a filled table. */
static pydml_status rs_table_finish(pydml_resample_plan* p, rs_table* t) {
    uint32_t n_blocks = (uint32_t)(((uint64_t)t->n_dst + RS_BLOCK - 1) / RS_BLOCK);
    t->n_blocks = n_blocks;
    t->segs = rs_alloc(p, n_blocks, sizeof *t->segs);
    if (t->segs == NULL) return PYDML_STATUS_OUT_OF_MEMORY;

    /* Segments: greedy runs of whole blocks whose source range fits the row buffer. */
    uint32_t count = 0;
    uint32_t j = 0;
    while (j < t->n_dst) {
        rs_segment s = {j, j, UINT32_MAX, 0, 0};
        int any = 0;
        while (s.j1 < t->n_dst) {
            uint32_t end = s.j1 + RS_BLOCK < t->n_dst ? s.j1 + RS_BLOCK : t->n_dst;
            uint32_t lo = s.lo, hi = s.hi;
            int block_any = any;
            for (uint32_t q = s.j1; q < end; q++) {
                if (t->start[q + 1] == t->start[q]) continue;
                uint32_t a = t->idx[t->start[q]], b = t->idx[t->start[q + 1] - 1];
                if (a < lo) lo = a;
                if (b > hi) hi = b;
                block_any = 1;
            }
            int fits = !block_any || (uint64_t)hi - lo + 1 <= RS_TMP_CAP;
            if (s.j1 == s.j0) { /* first block: always taken */
                s.j1 = end;
                s.lo = lo;
                s.hi = hi;
                any = block_any;
                if (!fits) {
                    s.direct = 1;
                    break;
                }
                continue;
            }
            if (!fits || end - s.j0 > RS_SEG_MAX) break;
            s.j1 = end;
            s.lo = lo;
            s.hi = hi;
            any = block_any;
        }
        if (!any) s.lo = s.hi = 0;
        t->segs[count++] = s;
        j = s.j1;
    }
    t->seg_count = count;

    if (t->max_taps == 0 || t->max_taps > RS_ELL_MAX_TAPS) return PYDML_STATUS_SUCCESS;
    uint32_t k = t->max_taps;
    uint64_t slots = (uint64_t)n_blocks * k;
    t->ell_k = k;
    t->ell_idx = rs_alloc(p, slots * RS_BLOCK, sizeof *t->ell_idx);
    t->ell_w = rs_alloc(p, slots * RS_BLOCK, sizeof *t->ell_w);
    t->ell_mask = rs_alloc(p, slots, sizeof *t->ell_mask);
    t->blk_base = rs_alloc(p, n_blocks, sizeof *t->blk_base);
    t->blk_kind = rs_alloc(p, n_blocks, sizeof *t->blk_kind);
    t->blk_perm = rs_alloc(p, slots * RS_BLOCK, sizeof *t->blk_perm);
    t->blk_run = rs_alloc(p, n_blocks, sizeof *t->blk_run);
    t->blk_step = rs_alloc(p, n_blocks, sizeof *t->blk_step);
    t->blk_period = rs_alloc(p, n_blocks, sizeof *t->blk_period);
    t->half_base = rs_alloc(p, (uint64_t)n_blocks * 2, sizeof *t->half_base);
    t->half_span = rs_alloc(p, (uint64_t)n_blocks * 2, sizeof *t->half_span);
    t->half_ix = rs_alloc(p, slots * RS_BLOCK, sizeof *t->half_ix);
    t->half_lm = rs_alloc(p, slots * RS_BLOCK, sizeof *t->half_lm);
    t->blk_full = rs_alloc(p, n_blocks, sizeof *t->blk_full);
    if (!t->ell_idx || !t->ell_w || !t->ell_mask || !t->blk_base || !t->blk_kind || !t->blk_perm ||
        !t->blk_run || !t->blk_step || !t->blk_period || !t->half_base || !t->half_span || !t->half_ix ||
        !t->half_lm || !t->blk_full)
        return PYDML_STATUS_OUT_OF_MEMORY;
    for (uint32_t b = 0; b < n_blocks; b++) {
        for (uint32_t h = 0; h < 2; h++) {
            uint32_t hb = UINT32_MAX, ht = 0;
            for (uint32_t lane = h * 8; lane < h * 8 + 8; lane++) {
                uint64_t q = (uint64_t)b * RS_BLOCK + lane;
                if (q >= t->n_dst || t->start[q + 1] == t->start[q]) continue;
                uint32_t a = t->idx[t->start[q]], c = t->idx[t->start[q + 1] - 1];
                if (a < hb) hb = a;
                if (c > ht) ht = c;
            }
            t->half_base[2 * (uint64_t)b + h] = hb == UINT32_MAX ? 0 : hb;
            t->half_span[2 * (uint64_t)b + h] = hb == UINT32_MAX ? 0 : ht - hb + 1;
        }
        uint32_t base = UINT32_MAX, top = 0;
        for (uint32_t lane = 0; lane < RS_BLOCK; lane++) {
            uint64_t q = (uint64_t)b * RS_BLOCK + lane;
            if (q >= t->n_dst || t->start[q + 1] == t->start[q]) continue;
            uint32_t a = t->idx[t->start[q]], c = t->idx[t->start[q + 1] - 1];
            if (a < base) base = a;
            if (c > top) top = c;
        }
        int empty = base == UINT32_MAX;
        if (empty) base = top = 0; /* no taps: every slot is masked off, the block stores zeros */
        t->blk_base[b] = base;
        /* an empty block takes the (fully masked) gather path: its base may lie below the segment */
        uint64_t span = (uint64_t)top - base + 1;
        t->blk_kind[b] = empty ? RS_BLK_GATHER
                               : (span <= 32 ? RS_BLK_PERM32 : (span <= 64 ? RS_BLK_PERM64 : RS_BLK_GATHER));
        for (uint32_t slot = 0; slot < k; slot++) {
            uint64_t at = ((uint64_t)b * k + slot) * RS_BLOCK;
            uint16_t mask = 0;
            for (uint32_t lane = 0; lane < RS_BLOCK; lane++) {
                uint64_t q = (uint64_t)b * RS_BLOCK + lane;
                uint32_t index = base;
                float weight = 0.0f;
                if (q < t->n_dst && slot < t->start[q + 1] - t->start[q]) {
                    index = t->idx[t->start[q] + slot];
                    weight = t->w[t->start[q] + slot];
                    mask |= (uint16_t)(1u << lane);
                }
                t->ell_idx[at + lane] = index;
                t->ell_w[at + lane] = weight;
                t->blk_perm[at + lane] = t->blk_kind[b] != RS_BLK_GATHER ? index - base : 0;
            }
            t->ell_mask[(uint64_t)b * k + slot] = mask;
            if (slot == 0) t->blk_full[b] = 1;
            if (mask != 0xffffu) t->blk_full[b] = 0;
            for (uint32_t lane = 0; lane < RS_BLOCK; lane++) {
                const uint32_t hb = t->half_base[2 * (uint64_t)b + lane / 8];
                const int on = (mask >> lane) & 1u;
                t->half_ix[at + lane] = on && t->ell_idx[at + lane] >= hb ? t->ell_idx[at + lane] - hb : 0;
                t->half_lm[at + lane] = on ? -1 : 0;
            }
        }
    }
    /* Periodic runs (see rs_table.blk_run), found per segment so that they never leave one: a
     * block is usable when it is full and of a permute kind (its taps then lie in [lo, hi]). */
    size_t pattern = (size_t)k * RS_BLOCK;
    uint32_t* chain = malloc((size_t)n_blocks * sizeof *chain);
    if (chain == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    for (uint32_t b = 0; b < n_blocks; b++) {
        t->blk_run[b] = 1;
        t->blk_period[b] = 1;
        t->blk_step[b] = 0;
    }
    for (uint32_t q = 0; q < t->seg_count; q++) {
        const rs_segment* sg = &t->segs[q];
        if (sg->direct) continue;
        uint32_t b0 = sg->j0 / RS_BLOCK, b1 = (uint32_t)(((uint64_t)sg->j1 + RS_BLOCK - 1) / RS_BLOCK);
#define RS_USABLE(c)                                                                                \
    ((uint64_t)(c) * RS_BLOCK + RS_BLOCK <= t->n_dst && t->blk_kind[c] != RS_BLK_GATHER &&        \
     t->blk_base[c] >= sg->lo && t->blk_base[c] <= sg->hi)
        for (uint32_t period = 1; period <= 4; period++) {
            /* chain[c]: blocks c, c+1, ... (same step) that repeat the block `period` before them */
            for (uint32_t c = b1; c-- > b0 + period;) {
                uint32_t e = c - period;
                int same = RS_USABLE(c) && RS_USABLE(e) && t->blk_kind[c] == t->blk_kind[e] &&
                           t->blk_base[c] >= t->blk_base[e] &&
                           !memcmp(t->blk_perm + (size_t)c * pattern, t->blk_perm + (size_t)e * pattern,
                                   pattern * sizeof *t->blk_perm) &&
                           !memcmp(t->ell_w + (size_t)c * pattern, t->ell_w + (size_t)e * pattern,
                                   pattern * sizeof *t->ell_w) &&
                           !memcmp(t->ell_mask + (size_t)c * k, t->ell_mask + (size_t)e * k,
                                   k * sizeof *t->ell_mask);
                chain[c] = 0;
                if (!same) continue;
                chain[c] = 1;
                uint32_t step = t->blk_base[c] - t->blk_base[e];
                if (c + 1 < b1 && chain[c + 1] > 0 && t->blk_base[c + 1] - t->blk_base[c + 1 - period] == step)
                    chain[c] += chain[c + 1];
            }
            for (uint32_t b = b0; b + period < b1; b++) {
                int head = 1; /* the first period: usable blocks of one kind */
                for (uint32_t i = 0; i < period && head; i++)
                    head = RS_USABLE(b + i) && t->blk_kind[b + i] == t->blk_kind[b];
                if (!head || chain[b + period] == 0) continue;
                uint32_t supers = 1 + chain[b + period] / period;
                if (supers >= 2 && supers * period > t->blk_run[b]) {
                    t->blk_run[b] = supers * period;
                    t->blk_period[b] = period;
                    t->blk_step[b] = t->blk_base[b + period] - t->blk_base[b];
                }
            }
        }
#undef RS_USABLE
    }
    free(chain);
    t->unit_weights = k == 1;
    for (uint64_t q = 0; q < t->start[t->n_dst] && t->unit_weights; q++)
        if (t->w[q] != 1.0f) t->unit_weights = 0;
    t->one_tap = t->unit_weights && t->start[t->n_dst] == t->n_dst; /* at most one each, n_dst in all */
    /* the integer-2x patterns (see rs_table.pattern), each with one weight (pair: two) for every
     * destination, compared bit for bit (memcmp: -0.0 and NaN weights never match 0.0 / each other
     * by accident; the weights of a plan are finite and nonzero) */
    const uint64_t n_taps = t->start[t->n_dst];
    const float wa = n_taps > 0 ? t->w[0] : 0.0f, wb = n_taps > 1 ? t->w[1] : 0.0f;
    int dup2 = t->n_dst > 0, pair2 = t->n_dst > 0, half2 = t->n_dst > 0, spread2 = t->n_dst > 1;
    for (uint32_t j = 0; j < t->n_dst && (dup2 || pair2 || half2 || spread2); j++) {
        const uint64_t b = t->start[j], n = t->start[j + 1] - b;
        const int w0 = n >= 1 && !memcmp(&t->w[b], &wa, sizeof wa);
        dup2 = dup2 && n == 1 && t->idx[b] == j / 2 && w0;
        half2 = half2 && n == 1 && t->idx[b] == 2 * (uint64_t)j && w0;
        pair2 = pair2 && n == 2 && t->idx[b] == 2 * (uint64_t)j && t->idx[b + 1] == 2 * (uint64_t)j + 1 && w0 &&
                !memcmp(&t->w[b + 1], &wb, sizeof wb);
        spread2 = spread2 && (j % 2 == 1 ? n == 0 : n == 1 && t->idx[b] == j / 2 && w0);
    }
    t->pattern = dup2 ? RS_PAT_DUP2 : pair2 ? RS_PAT_PAIR2 : half2 ? RS_PAT_HALF2 : spread2 ? RS_PAT_SPREAD2 : 0;
    t->pat_w[0] = wa;
    t->pat_w[1] = pair2 ? wb : wa;
    /* the longest run of integer-2x linear destinations from the first even one that has it:
     * even j = 2i: (i - 1, a), (i, b); odd j = 2i + 1: (i, c), (i + 1, d), with a, b, c, d fixed */
    t->lin2_lo = t->lin2_hi = 0;
    for (uint32_t j = 0; j + 1 < t->n_dst; j += 2) {
        const uint64_t b = t->start[j];
        if (t->start[j + 1] - b != 2 || t->start[j + 2] - t->start[j + 1] != 2) continue;
        const uint64_t c = t->start[j + 1];
        const uint32_t i = j / 2;
        if (i == 0 || t->idx[b] != i - 1 || t->idx[b + 1] != i || t->idx[c] != i || t->idx[c + 1] != i + 1) continue;
        const float w[4] = {t->w[b], t->w[b + 1], t->w[c], t->w[c + 1]};
        uint32_t e = j;
        for (; e + 1 < t->n_dst; e += 2) {
            const uint64_t b2 = t->start[e], c2 = t->start[e + 1];
            const uint32_t i2 = e / 2;
            if (t->start[e + 1] - b2 != 2 || t->start[e + 2] - c2 != 2 || t->idx[b2] != i2 - 1 ||
                t->idx[b2 + 1] != i2 || t->idx[c2] != i2 || t->idx[c2 + 1] != i2 + 1 || t->w[b2] != w[0] ||
                t->w[b2 + 1] != w[1] || t->w[c2] != w[2] || t->w[c2 + 1] != w[3])
                break;
        }
        t->lin2_lo = j;
        t->lin2_hi = e;
        memcpy(t->lin2_w, w, sizeof w);
        break;
    }
    t->lin2_full = 0;
    const uint32_t ns = t->n_src, nd = t->n_dst;
    if (ns >= 16 && nd == 2 * (uint64_t)ns && t->lin2_lo == 2 && t->lin2_hi == nd - 2 && t->seg_count == 1 &&
        !t->segs[0].direct && t->segs[0].lo == 0 && t->segs[0].hi == ns - 1) {
        const uint64_t* st = t->start;
        const uint32_t* ix = t->idx;
        const float* w = t->w;
        t->lin2_full = st[1] - st[0] == 1 && ix[st[0]] == 0 && st[2] - st[1] == 2 && ix[st[1]] == 0 &&
                       ix[st[1] + 1] == 1 && w[st[1]] == t->lin2_w[2] && w[st[1] + 1] == t->lin2_w[3] &&
                       st[nd - 1] - st[nd - 2] == 2 && ix[st[nd - 2]] == ns - 2 && ix[st[nd - 2] + 1] == ns - 1 &&
                       w[st[nd - 2]] == t->lin2_w[0] && w[st[nd - 2] + 1] == t->lin2_w[1] &&
                       st[nd] - st[nd - 1] == 1 && ix[st[nd - 1]] == ns - 1;
        if (t->lin2_full) {
            t->lin2_edge[0] = w[st[0]];
            t->lin2_edge[1] = w[st[nd - 1]];
        }
    }
    /* the longest run of transposed ones from the first destination that has it */
    t->lin2t_lo = t->lin2t_hi = 0;
    for (uint32_t j = 1; j < t->n_dst; j++) {
        const uint64_t b = t->start[j];
        if (t->start[j + 1] - b != 4 || t->idx[b] != 2 * j - 1) continue;
        const float w[4] = {t->w[b], t->w[b + 1], t->w[b + 2], t->w[b + 3]};
        uint32_t e = j;
        for (; e < t->n_dst; e++) {
            const uint64_t b2 = t->start[e];
            int ok = t->start[e + 1] - b2 == 4;
            for (uint32_t q = 0; q < 4 && ok; q++) ok = t->idx[b2 + q] == 2 * e - 1 + q && t->w[b2 + q] == w[q];
            if (!ok) break;
        }
        t->lin2t_lo = j;
        t->lin2t_hi = e;
        memcpy(t->lin2t_w, w, sizeof w);
        break;
    }
    t->lin2t_full = 0;
    if (nd >= 24 && ns == 2 * (uint64_t)nd && t->lin2t_lo == 1 && t->lin2t_hi == nd - 1 && t->seg_count == 1 &&
        !t->segs[0].direct && t->segs[0].lo == 0 && t->segs[0].hi == ns - 1) {
        const uint64_t* st = t->start;
        const uint32_t* ix = t->idx;
        t->lin2t_full = st[1] - st[0] == 3 && ix[st[0]] == 0 && ix[st[0] + 1] == 1 && ix[st[0] + 2] == 2 &&
                        st[nd] - st[nd - 1] == 3 && ix[st[nd - 1]] == ns - 3 && ix[st[nd - 1] + 1] == ns - 2 &&
                        ix[st[nd - 1] + 2] == ns - 1;
        if (t->lin2t_full) {
            memcpy(t->lin2t_edge, t->w + st[0], 3 * sizeof(float));
            memcpy(t->lin2t_edge + 3, t->w + st[nd - 1], 3 * sizeof(float));
        }
    }
    return rs_table_windows(p, t);
}

static pydml_status rs_build_axis(pydml_resample_plan* p, const rs_axis_spec* sp, uint32_t d) {
    rs_table* f = &p->fwd[d];
    rs_table* g = &p->bwd[d];
    f->n_src = sp->n_in;
    f->n_dst = sp->n_out;
    g->n_src = sp->n_out;
    g->n_dst = sp->n_in;

    /* Every coordinate must be usable: x(o) is non-decreasing in o (each rounded operation is
     * monotone), so the two ends bound them all. */
    double x_first = rs_coord(sp, 0), x_last = rs_coord(sp, sp->n_out - 1);
    if (!isfinite(x_first) || !isfinite(x_last) || fabs(x_first) > RS_COORD_LIMIT ||
        fabs(x_last) > RS_COORD_LIMIT)
        return PYDML_STATUS_INVALID_PARAMETER;
    /* The tables must fit the budget: idx + w for both directions plus the block form (up to
     * 13 bytes per slot), and the offsets of both directions. */
    uint64_t bound = rs_tap_bound(sp);
    uint64_t per_tap = 2 * (sizeof(uint32_t) + sizeof(float)) + 13;
    uint64_t offsets = ((uint64_t)sp->n_in + sp->n_out + 2) * sizeof(uint64_t);
    if (offsets > RS_PLAN_BYTE_LIMIT || bound > (RS_PLAN_BYTE_LIMIT - offsets) / per_tap / sp->n_out)
        return PYDML_STATUS_OUT_OF_MEMORY;
    uint64_t capacity = bound * sp->n_out;

    f->start = rs_alloc(p, (uint64_t)sp->n_out + 1, sizeof *f->start);
    f->idx = rs_alloc(p, capacity, sizeof *f->idx);
    f->w = rs_alloc(p, capacity, sizeof *f->w);
    double* scratch = NULL;
    if (sp->antialias) {
        scratch = malloc((size_t)bound * sizeof *scratch);
        if (scratch == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    }
    if (!f->start || !f->idx || !f->w) {
        free(scratch);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }

    /* Pass 2: the forward taps. */
    uint64_t pos = 0;
    uint32_t max_taps = 0;
    int identity = sp->n_in == sp->n_out;
    for (uint32_t o = 0; o < sp->n_out; o++) {
        double x = rs_coord(sp, o);
        uint32_t n;
        if (sp->mode == DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR)
            n = rs_taps_nearest(sp, x, f->idx + pos, f->w + pos);
        else if (sp->antialias)
            n = rs_taps_antialiased(sp, x, f->idx + pos, f->w + pos, scratch);
        else
            n = rs_taps_linear(sp, x, f->idx + pos, f->w + pos);
        if (n != 1 || f->idx[pos] != o || f->w[pos] != 1.0f) identity = 0;
        if (n > max_taps) max_taps = n;
        f->start[o] = pos;
        pos += n;
    }
    f->start[sp->n_out] = pos;
    f->max_taps = max_taps;
    free(scratch);
    p->identity[d] = (uint32_t)identity;

    /* The transpose: count, prefix-sum, fill in increasing o (so each list is sorted). */
    g->start = rs_alloc(p, (uint64_t)sp->n_in + 1, sizeof *g->start);
    g->idx = rs_alloc(p, pos, sizeof *g->idx);
    g->w = rs_alloc(p, pos, sizeof *g->w);
    if (!g->start || !g->idx || !g->w) return PYDML_STATUS_OUT_OF_MEMORY;
    for (uint64_t q = 0; q < pos; q++) g->start[f->idx[q] + 1]++;
    uint32_t gmax = 0;
    for (uint32_t i = 0; i < sp->n_in; i++) {
        uint64_t c = g->start[i + 1];
        if (c > gmax) gmax = (uint32_t)c;
        g->start[i + 1] += g->start[i];
    }
    g->max_taps = gmax;
    uint64_t* fill = rs_alloc(p, (uint64_t)sp->n_in, sizeof *fill);
    if (fill == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    for (uint32_t o = 0; o < sp->n_out; o++) {
        for (uint64_t q = f->start[o]; q < f->start[o + 1]; q++) {
            uint32_t i = f->idx[q];
            uint64_t at = g->start[i] + fill[i]++;
            g->idx[at] = o;
            g->w[at] = f->w[q];
        }
    }
    free(fill);
    p->bytes -= (uint64_t)sp->n_in * sizeof *fill;

    pydml_status st = rs_table_finish(p, f);
    if (st == PYDML_STATUS_SUCCESS) st = rs_table_finish(p, g);
    return st;
}

pydml_status pydml_resample_plan_create(const pydml_resample_params* params, pydml_resample_plan** plan) {
    if (plan == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *plan = NULL;
    if (params == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    uint32_t dims = params->dim_count;
    if (dims == 0 || dims > PYDML_MAX_DIMS) return PYDML_STATUS_INVALID_PARAMETER;
    if (params->interpolation_mode != DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR &&
        params->interpolation_mode != DML_INTERPOLATION_MODE_LINEAR)
        return PYDML_STATUS_INVALID_PARAMETER;
    if (params->rounding > PYDML_ROUND_CEIL) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < dims; d++) {
        float s = params->scales[d];
        if (params->input_sizes[d] == 0 || params->output_sizes[d] == 0) return PYDML_STATUS_INVALID_PARAMETER;
        if (!isfinite(s) || !(s > 0.0f)) return PYDML_STATUS_INVALID_PARAMETER;
        if (!isfinite(params->input_pixel_offsets[d]) || !isfinite(params->output_pixel_offsets[d]))
            return PYDML_STATUS_INVALID_PARAMETER;
    }

    pydml_resample_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->dim_count = dims;
    for (uint32_t d = 0; d < dims; d++) {
        p->input_sizes[d] = params->input_sizes[d];
        p->output_sizes[d] = params->output_sizes[d];
        rs_axis_spec sp;
        sp.n_in = params->input_sizes[d];
        sp.n_out = params->output_sizes[d];
        sp.s = params->scales[d];
        sp.a = params->input_pixel_offsets[d];
        sp.b = params->output_pixel_offsets[d];
        sp.mode = params->interpolation_mode;
        sp.rounding = params->rounding;
        /* DirectML: the filter is stretched "assuming ... LINEAR; 1/Scales > 2". */
        sp.antialias = params->antialiased != 0 && sp.mode == DML_INTERPOLATION_MODE_LINEAR &&
                       1.0 / sp.s > 2.0;
        pydml_status st = rs_build_axis(p, &sp, d);
        if (st != PYDML_STATUS_SUCCESS) {
            pydml_resample_plan_destroy(p);
            return st;
        }
    }
    *plan = p;
    return PYDML_STATUS_SUCCESS;
}

/* ---- portable kernels ------------------------------------------------------------------------- */

/* Round half to even and saturate (int8/uint8 LINEAR results; DirectML does not document how it
 * converts, we pick the IEEE default). Written without the FP environment's rounding mode. */
static float rs_round_even(float v) {
    float f = floorf(v);
    float diff = v - f;
    if (diff > 0.5f || (diff == 0.5f && fmodf(f, 2.0f) != 0.0f)) f += 1.0f;
    return f;
}

static int8_t rs_to_i8(float v) {
    if (!(v == v)) return 0;
    float r = rs_round_even(v);
    return (int8_t)(r < -128.0f ? -128.0f : (r > 127.0f ? 127.0f : r));
}

static uint8_t rs_to_u8(float v) {
    if (!(v == v)) return 0;
    float r = rs_round_even(v);
    return (uint8_t)(r < 0.0f ? 0.0f : (r > 255.0f ? 255.0f : r));
}

#define RS_PORTABLE(NAME, TYPE, LOAD, STORE)                                                        \
    static void rs_blend_##NAME(float* dst, const rs_src* src, uint32_t count, uint64_t stride,    \
                                size_t n, int first) {                                             \
        for (uint32_t r = 0; r < count; r++) {                                                     \
            const TYPE* s = (const TYPE*)(const void*)src[r].p;                                    \
            float w = src[r].w;                                                                    \
            if (first && r == 0) {                                                                 \
                for (size_t k = 0; k < n; k++) dst[k] = w * LOAD(s[k * stride]);                  \
            } else {                                                                               \
                for (size_t k = 0; k < n; k++) dst[k] += w * LOAD(s[k * stride]);                  \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    static void rs_store_##NAME(void* dst, uint64_t stride, const float* src, size_t n) {          \
        TYPE* d = (TYPE*)dst;                                                                      \
        for (size_t k = 0; k < n; k++) d[k * stride] = STORE(src[k]);                              \
    }

#define RS_ID(v) (v)
#define RS_FROM_I8(v) ((float)(v))
RS_PORTABLE(f32, float, RS_ID, RS_ID)
RS_PORTABLE(f16, uint16_t, pydml_f16_to_f32, pydml_f32_to_f16)
RS_PORTABLE(bf16, uint16_t, pydml_bf16_to_f32, pydml_f32_to_bf16)
RS_PORTABLE(i8, int8_t, RS_FROM_I8, rs_to_i8)
RS_PORTABLE(u8, uint8_t, RS_FROM_I8, rs_to_u8)

/* Nearest rows (rs_kernels.nearest_row): each destination its source element, a NaN's highest
 * mantissa bit set (what the product by the weight 1.0 does to it), or zero without one; the first
 * row built, the others copied from it. */
static inline uint32_t rs_quiet_f32(uint32_t x) {
    return (x & 0x7fffffffu) > 0x7f800000u ? x | 0x00400000u : x;
}
static inline uint16_t rs_quiet_f16(uint16_t x) {
    return (x & 0x7fffu) > 0x7c00u ? (uint16_t)(x | 0x0200u) : x;
}
static inline uint16_t rs_quiet_bf16(uint16_t x) {
    return (x & 0x7fffu) > 0x7f80u ? (uint16_t)(x | 0x0040u) : x;
}
#define RS_NEAREST_PORTABLE(NAME, TYPE, QUIET)                                                      \
    static void rs_nearest_##NAME(const rs_table* t, const char* src, char* const* dst, uint32_t ndst) { \
        const TYPE* s = (const TYPE*)(const void*)src;                                             \
        TYPE* d = (TYPE*)(void*)dst[0];                                                            \
        const uint32_t* ix = t->idx;                                                               \
        const uint64_t* st = t->start;                                                             \
        for (uint32_t j = 0; j < t->n_dst; j++) d[j] = st[j] == st[j + 1] ? (TYPE)0 : QUIET(s[ix[st[j]]]); \
        for (uint32_t r = 1; r < ndst; r++) memcpy(dst[r], d, (size_t)t->n_dst * sizeof(TYPE));    \
    }
RS_NEAREST_PORTABLE(f32, uint32_t, rs_quiet_f32)
RS_NEAREST_PORTABLE(f16, uint16_t, rs_quiet_f16)
RS_NEAREST_PORTABLE(bf16, uint16_t, rs_quiet_bf16)
RS_NEAREST_PORTABLE(8, uint8_t, RS_ID)

void rs_hz_scalar(const rs_table* t, uint32_t j0, uint32_t j1, const float* row, uint32_t lo,
                  uint32_t hi, char* out, uint64_t ostride, uint32_t esize, rs_store_fn store) {
    (void)hi;
    float buf[64];
    for (uint32_t j = j0; j < j1;) {
        uint32_t n = j1 - j < 64 ? j1 - j : 64;
        for (uint32_t q = 0; q < n; q++) {
            uint64_t b = t->start[j + q], e = t->start[j + q + 1];
            float acc = 0.0f;
            if (b < e) {
                acc = t->w[b] * row[t->idx[b] - lo];
                for (uint64_t k = b + 1; k < e; k++) acc += t->w[k] * row[t->idx[k] - lo];
            }
            buf[q] = acc;
        }
        store(out + (uint64_t)(j - j0) * ostride * esize, ostride, buf, n);
        j += n;
    }
}

/* ---- execution -------------------------------------------------------------------------------- */

typedef struct rs_exec {
    const rs_table* tab[PYDML_MAX_DIMS];
    uint32_t dims;
    uint32_t esize;
    const char* src;
    char* dst;
    const pydml_tensor* S;
    const pydml_tensor* D;
    int vector_mode;
    int col;                       /* column axis */
    uint32_t vec_len;              /* vector mode: elements along the contiguous identity axis */
    uint32_t n_outer, outer_ax[PYDML_MAX_DIMS];
    uint32_t n_row, row_ax[PYDML_MAX_DIMS];
    uint64_t units;                /* work items per destination row */
    uint32_t units_per_row;        /* vector mode: destination columns per unit */
    int split_segments;            /* row mode: one unit per segment */
    int direct_f32;                /* row mode: single unit-weight source rows can be read in place */
    int prefetch_rows;             /* row mode, one row axis: prefetch the next row's source rows */
    int lin2_row;                  /* row mode: rows of up to two sources take k.lin2_row */
    int lin2t_row;                 /* row mode: rows of up to four sources take k.lin2t_row */
    int win_row;                   /* row mode: rows of one to four sources take k.win_row */
    uint64_t win_pf_step;          /* win_row: bytes from a row's last source row to the next one */
    uint32_t win_pf_lines;         /* win_row: lines prefetched from there (0: none) */
    int defer;                     /* row mode, one segment per row: see rs_defer */
    uint64_t row_lo, row_bytes;    /* the source columns a row reads: from row_lo, row_bytes long */
    uint64_t l2_bytes;             /* prefetch_rows: bytes fetched into L2 from each such source row */
    int nearest;                   /* row mode, every resampled axis unit_weights: rows by k.nearest_row */
    int pass_rows;                 /* row mode, one row axis of at most 2 (lin2_row) or 4 taps a row,
                                    * lin2_row, lin2t_row or win_row: rows by rs_pass_rows */
    rs_kernels k;
} rs_exec;

/* Where a thread is: work item = (outer index, destination row, unit), the unit fastest. */
typedef struct rs_cursor {
    uint64_t unit;
    uint32_t outer[PYDML_MAX_DIMS];
    uint32_t row[PYDML_MAX_DIMS];
    uint64_t src_outer, dst_outer;
} rs_cursor;

static void rs_cursor_seek(const rs_exec* e, rs_cursor* c, uint64_t item) {
    c->unit = item % e->units;
    item /= e->units;
    for (int q = (int)e->n_row - 1; q >= 0; q--) {
        uint32_t n = e->D->sizes[e->row_ax[q]];
        c->row[q] = (uint32_t)(item % n);
        item /= n;
    }
    c->src_outer = c->dst_outer = 0;
    for (int q = (int)e->n_outer - 1; q >= 0; q--) {
        uint32_t ax = e->outer_ax[q];
        uint32_t n = e->D->sizes[ax];
        c->outer[q] = (uint32_t)(item % n);
        item /= n;
        c->src_outer += c->outer[q] * e->S->strides[ax];
        c->dst_outer += c->outer[q] * e->D->strides[ax];
    }
}

static void rs_cursor_next(const rs_exec* e, rs_cursor* c) {
    if (++c->unit < e->units) return;
    c->unit = 0;
    for (int q = (int)e->n_row - 1; q >= 0; q--) {
        if (++c->row[q] < e->D->sizes[e->row_ax[q]]) return;
        c->row[q] = 0;
    }
    for (int q = (int)e->n_outer - 1; q >= 0; q--) {
        uint32_t ax = e->outer_ax[q];
        c->src_outer += e->S->strides[ax];
        c->dst_outer += e->D->strides[ax];
        if (++c->outer[q] < e->D->sizes[ax]) return;
        c->src_outer -= (uint64_t)c->outer[q] * e->S->strides[ax];
        c->dst_outer -= (uint64_t)c->outer[q] * e->D->strides[ax];
        c->outer[q] = 0;
    }
}

#define RS_CONTRIB_BATCH 64

/* Odometer over the tap lists of the row axes: source row offsets and product weights. */
typedef struct rs_contrib_iter {
    uint32_t n;
    const rs_table* t[PYDML_MAX_DIMS];
    uint64_t stride[PYDML_MAX_DIMS];
    uint64_t b[PYDML_MAX_DIMS], e[PYDML_MAX_DIMS], cur[PYDML_MAX_DIMS];
    uint64_t total;                /* saturating: only 0, 1 and "more than a batch" matter */
    int done;
    const char* base;              /* source element 0 of the current outer slice */
} rs_contrib_iter;

static void rs_iter_reset(rs_contrib_iter* it) {
    for (uint32_t q = 0; q < it->n; q++) it->cur[q] = it->b[q];
    it->done = it->total == 0;
}

/* Next batch of contributors: p = base + offset (elements, esize bytes each), w = product. */
static uint32_t rs_iter_next(rs_contrib_iter* it, const char* base, uint32_t esize, rs_src* out) {
    uint32_t m = 0;
    while (!it->done && m < RS_CONTRIB_BATCH) {
        uint64_t off = 0;
        float w = 1.0f;
        for (uint32_t q = 0; q < it->n; q++) {
            off += (uint64_t)it->t[q]->idx[it->cur[q]] * it->stride[q];
            w *= it->t[q]->w[it->cur[q]];
        }
        out[m].p = base + off * esize;
        out[m].w = w;
        m++;
        int q = (int)it->n - 1;
        for (; q >= 0; q--) {
            if (++it->cur[q] < it->e[q]) break;
            it->cur[q] = it->b[q];
        }
        if (q < 0) it->done = 1;
    }
    return m;
}

static void rs_store_zeros(const rs_exec* e, char* dst, uint64_t stride, uint64_t n) {
    static const float zeros[64] = {0};
    if (stride == 1 && e->k.zero != NULL) {
        e->k.zero(dst, (size_t)n);
        return;
    }
    while (n > 0) {
        size_t c = n < 64 ? (size_t)n : 64;
        e->k.store(dst, stride, zeros, c);
        dst += c * stride * e->esize;
        n -= c;
    }
}

/* The blend of every contributor of the current row, each shifted by `shift` elements and
 * weighted by `w`, into dst (first: overwrite). c0/nc0 is the first batch (the only one unless
 * it->total > RS_CONTRIB_BATCH). */
static void rs_blend_all(const rs_exec* e, rs_contrib_iter* it, const rs_src* c0, uint32_t nc0,
                         uint64_t shift, float w, float* dst, uint64_t stride, size_t n, int first) {
    rs_src batch[RS_CONTRIB_BATCH];
    const char* base = it->base + shift * e->esize;
    if (it->total <= RS_CONTRIB_BATCH) {
        for (uint32_t r = 0; r < nc0; r++) {
            batch[r].p = c0[r].p + shift * e->esize;
            batch[r].w = c0[r].w * w;
        }
        e->k.blend(dst, batch, nc0, stride, n, first);
        return;
    }
    rs_iter_reset(it);
    uint32_t nc;
    while ((nc = rs_iter_next(it, base, e->esize, batch)) > 0) {
        for (uint32_t r = 0; r < nc; r++) batch[r].w *= w;
        e->k.blend(dst, batch, nc, stride, n, first);
        first = 0;
    }
}

/* Destination columns [j0, j1) computed element by element (vector mode, or a direct segment):
 * dst[j, v] = sum over column taps t and row contributors c of w_t * w_c * src[c, idx_t, v]. */
static void rs_columns(const rs_exec* e, rs_contrib_iter* it, const rs_src* c0, uint32_t nc0,
                       uint64_t dst_base, uint32_t j0, uint32_t j1, uint32_t len, float* acc) {
    const rs_table* t = e->tab[e->col];
    uint64_t scs = e->S->strides[e->col], dcs = e->D->strides[e->col];
    for (uint32_t j = j0; j < j1; j++) {
        uint64_t tb = t->start[j], te = t->start[j + 1];
        char* dst = e->dst + (dst_base + (uint64_t)j * dcs) * e->esize;
        if (tb == te || it->total == 0) {
            rs_store_zeros(e, dst, 1, len);
            continue;
        }
        for (uint32_t v0 = 0; v0 < len; v0 += RS_VEC_CAP) {
            uint32_t n = len - v0 < RS_VEC_CAP ? len - v0 : RS_VEC_CAP;
            for (uint64_t q = tb; q < te; q++)
                rs_blend_all(e, it, c0, nc0, (uint64_t)t->idx[q] * scs + v0, t->w[q], acc, 1, n, q == tb);
            e->k.store(dst + (uint64_t)v0 * e->esize, 1, acc, n);
        }
    }
}

/* One segment of a row: vertical blend into the row buffer, then the horizontal taps. */
/* The horizontal pass of a row, deferred until the next row's vertical pass is done (rows of one
 * segment, rs_exec.defer): the row buffer's stores have then left the store queue when the
 * horizontal pass loads them across their boundaries. Otherwise those loads wait behind the
 * destination's stores (which miss the cache) in the queue; the row in one pass of the 2x linear
 * forward (rs_kernels.lin2_row) measured 2x the speed of the two passes back to back, and the
 * 1.5x linear forward, whose taps the AVX2 pass reads through windows at any offset, is the
 * other case (issue 25, AVX2 host). Two row buffers alternate. */
typedef struct rs_defer {
    float* buf[2];
    int cur;                       /* the buffer the next vertical pass fills */
    int valid;                     /* a horizontal pass is pending: */
    const float* row;
    const rs_segment* s;
    char* out;
} rs_defer;

static void rs_defer_flush(const rs_exec* e, rs_defer* d) {
    if (!d->valid) return;
    const rs_table* t = e->tab[e->col];
    rs_hz_fn hz = t->ell_k != 0 ? e->k.hz : rs_hz_scalar;
    hz(t, d->s->j0, d->s->j1, d->row, d->s->lo, d->s->hi, d->out, e->D->strides[e->col], e->esize, e->k.store);
    d->valid = 0;
}

static void rs_segment_run(const rs_exec* e, rs_contrib_iter* it, const rs_src* c0, uint32_t nc0,
                           uint64_t dst_base, const rs_segment* s, float* tmp, rs_defer* d) {
    const rs_table* t = e->tab[e->col];
    uint64_t scs = e->S->strides[e->col], dcs = e->D->strides[e->col];
    char* out = e->dst + (dst_base + (uint64_t)s->j0 * dcs) * e->esize;
    if (it->total == 0) {
        rs_store_zeros(e, out, dcs, s->j1 - s->j0);
        return;
    }
    if (s->direct) {
        rs_columns(e, it, c0, nc0, dst_base, s->j0, s->j1, 1, tmp);
        return;
    }
    if (e->lin2_row && it->total <= 2 && nc0 == it->total) { /* one segment: the whole row */
        e->k.lin2_row(t, c0, nc0, e->direct_f32, out);
        return;
    }
    if (e->lin2t_row && it->total <= 4 && nc0 == it->total) { /* the same for the gradient */
        e->k.lin2t_row(t, c0, nc0, e->direct_f32, out);
        return;
    }
    const float* row;
    if (e->direct_f32 && it->total == 1 && c0[0].w == 1.0f) {
        row = (const float*)(const void*)(c0[0].p + (uint64_t)s->lo * sizeof(float));
    } else {
        if (d != NULL) tmp = d->buf[d->cur];
        rs_blend_all(e, it, c0, nc0, (uint64_t)s->lo * scs, 1.0f, tmp, scs, (size_t)(s->hi - s->lo) + 1, 1);
        row = tmp;
    }
    if (d != NULL) {
        rs_defer_flush(e, d); /* the previous row's, from the other buffer */
        d->valid = 1;
        d->row = row;
        d->s = s;
        d->out = out;
        if (row == d->buf[d->cur]) d->cur ^= 1;
        return;
    }
    rs_hz_fn hz = t->ell_k != 0 ? e->k.hz : rs_hz_scalar; /* wide antialiasing: portable pass */
    hz(t, s->j0, s->j1, row, s->lo, s->hi, out, dcs, e->esize, e->k.store);
}

/* Destination rows ahead whose source rows prefetch_rows also fetches, into L2: with only the next
 * row's (into L1) a nearest downscale waited on memory; one row's lines in flight are too few for
 * its latency, and more would overflow L1's miss buffers. Where the rows skipped between two
 * destination rows' sources are no longer than the rows read (a 2x or smaller downscale, rows
 * read over most of their stride), they are fetched too (rs_exec.l2_bytes): one sequential stream,
 * which the memory serves at its full rate, instead of runs with gaps. 0.5x nearest, [8, 64, 256^2]
 * FLOAT32, Zen 4, two threads, alternating in one process: 6.30-6.88 ms; the rows read, 2 to 6
 * destination rows ahead, 5.72-6.26; with the skipped rows, 4 ahead, 4.21-4.37. Builds alternated
 * process by process: 6.2-7.5 -> 3.9-5.0 ms (AVX2 path 6.4-8.1 -> 4.2-5.1; one thread 12.4-12.7
 * -> 7.8-8.0). */
#define RS_PREFETCH_L2_ROWS 4

/* The source rows of destination row j (if any), from row_lo, fetched into L1 (l2 0: row_bytes of
 * each) or L2 (l2 1: l2_bytes). The address as an integer: a row past the view is not an object. */
static void prefetch_source_rows(const rs_exec* e, const rs_contrib_iter* it, const rs_table* rt, uint32_t j, int l2) {
    if (j >= rt->n_dst) return;
    for (uint64_t q = rt->start[j]; q < rt->start[j + 1]; q++) {
        const uintptr_t p = (uintptr_t)it->base + ((uint64_t)rt->idx[q] * it->stride[0] + e->row_lo) * e->esize;
        const uint64_t bytes = l2 ? e->l2_bytes : e->row_bytes;
        for (uint64_t b = 0; b < bytes; b += 64) {
            if (l2) __builtin_prefetch((const void*)(p + b), 0, 1);
            else __builtin_prefetch((const void*)(p + b));
        }
    }
}

/* ---- nearest rows (rs_exec.nearest) ----
 * Every resampled axis has one tap of weight 1 per destination (a nearest forward), and the rows are
 * contiguous: a destination row is its source row gathered by the column table, with no float row
 * between (rs_kernels.nearest_row). Consecutive destination rows that read the same source row (an
 * upscale's repeated rows) are one call, which stores each result to all of them. */

/* The source row (NULL: none, the row is zeros) and the destination row of the cursor's item. */
static void rs_nearest_rows(const rs_exec* e, const rs_cursor* c, const char** src, char** dst) {
    uint64_t so = c->src_outer, dof = c->dst_outer;
    int none = 0;
    for (uint32_t q = 0; q < e->n_row; q++) {
        const uint32_t ax = e->row_ax[q], j = c->row[q];
        const rs_table* rt = e->tab[ax];
        const uint64_t b = rt->start[j];
        if (b == rt->start[j + 1]) none = 1; /* no tap along this axis */
        else so += (uint64_t)rt->idx[b] * e->S->strides[ax];
        dof += (uint64_t)j * e->D->strides[ax];
    }
    *src = none ? NULL : e->src + so * e->esize;
    *dst = e->dst + dof * e->esize;
}

/* Items [begin, end) of a nearest plan. With one row axis that reads fewer rows than it skips over
 * (a downscale: each source row read once, rows between never), the next item's source row is
 * prefetched into L1 and the one RS_PREFETCH_L2_ROWS further into L2 (prefetch_source_rows). */
static void rs_nearest_run(const rs_exec* e, uint64_t begin, uint64_t end) {
    const rs_table* t = e->tab[e->col];
    rs_cursor c;
    rs_cursor_seek(e, &c, begin);
    const char* s = NULL;
    char* d[RS_NEAR_ROWS];
    rs_nearest_rows(e, &c, &s, &d[0]);
    uint64_t i = begin;
    while (i < end) {
        if (e->prefetch_rows && s != NULL) {
            const rs_table* rt = e->tab[e->row_ax[0]];
            const uint32_t j = c.row[0];
            const uint64_t step = e->S->strides[e->row_ax[0]] * e->esize;
            const uintptr_t base = (uintptr_t)s - (uintptr_t)rt->idx[rt->start[j]] * step; /* source row 0 */
            for (int l2 = 0; l2 < 2; l2++) {
                const uint32_t a = j + 1 + (l2 ? RS_PREFETCH_L2_ROWS : 0);
                if (a >= rt->n_dst || rt->start[a] == rt->start[a + 1]) continue;
                const uintptr_t p = base + (uintptr_t)rt->idx[rt->start[a]] * step;
                const uint64_t bytes = l2 ? e->l2_bytes : e->row_bytes;
                for (uint64_t b = 0; b < bytes; b += 64) {
                    if (l2) __builtin_prefetch((const void*)(p + b), 0, 1);
                    else __builtin_prefetch((const void*)(p + b));
                }
            }
        }
        uint32_t n = 1;
        const char* ns = NULL;
        char* nd = NULL;
        for (i++; i < end; i++) { /* the items after it that read the same source row */
            rs_cursor_next(e, &c);
            rs_nearest_rows(e, &c, &ns, &nd);
            if (ns != s || n == RS_NEAR_ROWS) break; /* item i starts the next call */
            d[n++] = nd;
        }
        if (s != NULL) {
            e->k.nearest_row(t, s, d, n);
        } else {
            for (uint32_t r = 0; r < n; r++) rs_store_zeros(e, d[r], 1, t->n_dst);
        }
        s = ns;
        d[0] = nd;
    }
}

/* Items [begin, end) of rows in one pass (rs_exec.pass_rows: the integer-2x linear rows and their
 * gradients, and the window rows; one row axis, one unit a row): the row's sources and the
 * kernel's call, without rs_item's general set-up (14 ns of a 50 ns FLOAT16 row of 256 in cache). */
static void rs_pass_rows(const rs_exec* e, uint64_t begin, uint64_t end) {
    const rs_table* t = e->tab[e->col];
    const uint32_t ax = e->row_ax[0];
    const rs_table* rt = e->tab[ax];
    const uint64_t sstep = e->S->strides[ax] * e->esize, dstride = e->D->strides[ax];
    rs_cursor c;
    rs_cursor_seek(e, &c, begin);
    for (uint64_t i = begin; i < end; i++) {
        const uint32_t j = c.row[0];
        const uint64_t b = rt->start[j];
        const uint32_t n = (uint32_t)(rt->start[j + 1] - b);
        char* out = e->dst + (c.dst_outer + (uint64_t)j * dstride) * e->esize;
        if (n == 0) {
            rs_store_zeros(e, out, 1, t->n_dst);
        } else {
            const char* base = e->src + c.src_outer * e->esize;
            rs_src c0[4];
            for (uint32_t q = 0; q < n; q++) {
                c0[q].p = base + (uint64_t)rt->idx[b + q] * sstep;
                c0[q].w = rt->w[b + q];
            }
            if (e->win_row) {
                /* the prefetch address as an integer: one row past the view is not an object */
                const char* pf = (const char*)(uintptr_t)((uintptr_t)c0[n - 1].p + e->win_pf_step);
                e->k.win_row(t, c0, n, e->direct_f32, out, pf, e->win_pf_lines);
            } else if (e->lin2_row) {
                e->k.lin2_row(t, c0, n, e->direct_f32, out);
            } else {
                e->k.lin2t_row(t, c0, n, e->direct_f32, out);
            }
        }
        rs_cursor_next(e, &c);
    }
}

static void rs_item(const rs_exec* e, const rs_cursor* c, float* tmp, rs_defer* d) {
    uint64_t dst_base = c->dst_outer;
    rs_contrib_iter it;
    it.n = e->n_row;
    it.total = 1;
    for (uint32_t q = 0; q < e->n_row; q++) {
        uint32_t ax = e->row_ax[q];
        uint32_t j = c->row[q];
        dst_base += j * e->D->strides[ax];
        it.t[q] = e->tab[ax];
        it.stride[q] = e->S->strides[ax];
        it.b[q] = e->tab[ax]->start[j];
        it.e[q] = e->tab[ax]->start[j + 1];
        uint64_t taps = it.e[q] - it.b[q];
        it.total = taps != 0 && it.total > UINT64_MAX / taps ? UINT64_MAX : it.total * taps;
    }
    it.base = e->src + c->src_outer * e->esize;
    rs_src c0[RS_CONTRIB_BATCH];
    uint32_t nc0;
    if (e->n_row == 1 && it.total <= RS_CONTRIB_BATCH) { /* the common case, without the odometer */
        const rs_table* rt = it.t[0];
        nc0 = (uint32_t)it.total;
        for (uint32_t q = 0; q < nc0; q++) {
            c0[q].p = it.base + (uint64_t)rt->idx[it.b[0] + q] * it.stride[0] * e->esize;
            c0[q].w = rt->w[it.b[0] + q];
        }
    } else {
        rs_iter_reset(&it);
        nc0 = rs_iter_next(&it, it.base, e->esize, c0);
    }

    const rs_table* t = e->tab[e->col];
    if (e->prefetch_rows && c->unit + 1 == e->units) {
        /* the source rows of the next destination row, whole, before this row's work: a nearest
         * downscale reads its rows in place (direct_f32), with no blend to prefetch them, and
         * skips rows, which the hardware prefetchers do not follow. Issue 25, AVX2 host (EPYC Zen
         * 3), 2 threads, [8, 64, 256^2] -> 128^2 FLOAT32, alternating in one run (shared host,
         * load 7): 63.9 -> 44.3 ms best of 11, median 1.56x. Other cases measured no gain (and
         * upscales, two rows ahead, a loss: 2x nearest forward 1.1x the CPU time). */
        const rs_table* rt = e->tab[e->row_ax[0]];
        prefetch_source_rows(e, &it, rt, c->row[0] + 1, 0);
        prefetch_source_rows(e, &it, rt, c->row[0] + 1 + RS_PREFETCH_L2_ROWS, 1);
    }
    if (e->win_row && it.total >= 1 && it.total <= 4 && nc0 == it.total) {
        /* the whole row in one pass, from its sources in place (any segments) */
        /* the prefetch address as an integer: one row past the view is not an object */
        const char* pf = (const char*)(uintptr_t)((uintptr_t)c0[nc0 - 1].p + e->win_pf_step);
        e->k.win_row(t, c0, nc0, e->direct_f32, e->dst + dst_base * e->esize, pf, e->win_pf_lines);
    } else if (e->vector_mode) {
        uint32_t j0 = (uint32_t)c->unit * e->units_per_row;
        uint32_t j1 = t->n_dst - j0 < e->units_per_row ? t->n_dst : j0 + e->units_per_row;
        rs_columns(e, &it, c0, nc0, dst_base, j0, j1, e->vec_len, tmp);
    } else if (e->split_segments) {
        rs_segment_run(e, &it, c0, nc0, dst_base, &t->segs[c->unit], tmp, NULL);
    } else {
        for (uint32_t s = 0; s < t->seg_count; s++)
            rs_segment_run(e, &it, c0, nc0, dst_base, &t->segs[s], tmp, d);
    }
}

static int rs_threads(void) {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* Copy when every axis is the identity (same data type on both sides). */
static void rs_copy(const pydml_tensor* S, const pydml_tensor* D, uint32_t esize) {
    uint32_t dims = D->dim_count;
    uint64_t rows = 1;
    for (uint32_t d = 0; d + 1 < dims; d++) rows *= D->sizes[d];
    uint32_t last = dims - 1;
    int contiguous = S->strides[last] == 1 && D->strides[last] == 1;
    int64_t nrows = (int64_t)rows;
    int nt = pydml_tensor_element_count(D) < RS_PARALLEL_MIN_ELEMENTS ? 1 : rs_threads();
    (void)nt; /* read by the omp pragma only */
#pragma omp parallel for schedule(static) num_threads(nt)
    for (int64_t r = 0; r < nrows; r++) {
        uint64_t rest = (uint64_t)r, so = 0, dof = 0;
        for (int d = (int)last - 1; d >= 0; d--) {
            uint64_t i = rest % D->sizes[d];
            rest /= D->sizes[d];
            so += i * S->strides[d];
            dof += i * D->strides[d];
        }
        const char* s = (const char*)S->data + so * esize;
        char* dd = (char*)D->data + dof * esize;
        if (contiguous) {
            memcpy(dd, s, (size_t)D->sizes[last] * esize);
        } else {
            for (uint64_t k = 0; k < D->sizes[last]; k++)
                memcpy(dd + k * D->strides[last] * esize, s + k * S->strides[last] * esize, esize);
        }
    }
}

static uint64_t rs_span_bytes(const pydml_tensor* t) {
    return (pydml_tensor_last_index(t) + 1) * (pydml_data_type_bits(t->data_type) / 8);
}

static pydml_status rs_check_views(const pydml_resample_plan* plan, const pydml_tensor* src,
                                   const uint32_t* src_sizes, const pydml_tensor* dst,
                                   const uint32_t* dst_sizes, int backward) {
    if (plan == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status st = pydml_tensor_check(src);
    if (st != PYDML_STATUS_SUCCESS) return st;
    st = pydml_tensor_check(dst);
    if (st != PYDML_STATUS_SUCCESS) return st;
    if (src->dim_count != plan->dim_count || dst->dim_count != plan->dim_count)
        return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < plan->dim_count; d++)
        if (src->sizes[d] != src_sizes[d] || dst->sizes[d] != dst_sizes[d])
            return PYDML_STATUS_INVALID_PARAMETER;
    if (src->data_type != dst->data_type) return PYDML_STATUS_INVALID_PARAMETER;
    switch (src->data_type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: case DML_TENSOR_DATA_TYPE_FLOAT16: case PYDML_DATA_TYPE_BFLOAT16:
        break;
    case DML_TENSOR_DATA_TYPE_INT8: case DML_TENSOR_DATA_TYPE_UINT8:
        if (backward) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
        break;
    default:
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    uint32_t esize = pydml_data_type_bits(src->data_type) / 8;
    if ((uintptr_t)src->data % esize != 0 || (uintptr_t)dst->data % esize != 0)
        return PYDML_STATUS_INVALID_PARAMETER; /* misaligned elements */
    if (pydml_tensor_overlaps_itself(dst)) return PYDML_STATUS_INVALID_PARAMETER;
    uintptr_t s0 = (uintptr_t)src->data, s1 = s0 + rs_span_bytes(src);
    uintptr_t d0 = (uintptr_t)dst->data, d1 = d0 + rs_span_bytes(dst);
    if (s0 < d1 && d0 < s1) return PYDML_STATUS_INVALID_PARAMETER; /* in-place is not supported */
    return PYDML_STATUS_SUCCESS;
}

/* Source and destination together beyond this (the last-level cache of the AVX2 host: 32 MiB per
 * Zen 3 CCX): the AVX2 horizontal pass streams the destination out (rs_select_avx2), so that its
 * lines are not read for ownership first, with one sfence per thread at the end (rs_kernels.fence).
 * Issue 25, AVX2 host (EPYC Zen 3, shared, load ~10), [8, 64, 128^2] -> 256^2 FLOAT32, 2 threads,
 * process CPU time: with an sfence per row, a 32-byte aligned output took 2x the time of cached
 * stores (nearest 24-25 ms vs 12); with one per thread, 8.2-8.5 ms. */
#define RS_STREAM_BYTES ((uint64_t)32 << 20)

/* The most of a source row prefetched ahead (rs_item) */
#define RS_PREFETCH_ROW_MAX 4096
/* Destination rows ahead whose source rows a window row prefetches (rs_run: win_pf_step) */
#ifndef RS_WIN_PF_ROWS
#define RS_WIN_PF_ROWS 3
#endif

static void rs_select_kernels(uint32_t dt, int stream, rs_kernels* k) {
    k->hz = rs_hz_scalar;
    k->fence = NULL;
    k->zero = NULL;
    k->lin2_row = NULL;
    k->lin2t_row = NULL;
    k->win_row = NULL;
    switch (dt) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: k->blend = rs_blend_f32; k->store = rs_store_f32; k->nearest_row = rs_nearest_f32; break;
    case DML_TENSOR_DATA_TYPE_FLOAT16: k->blend = rs_blend_f16; k->store = rs_store_f16; k->nearest_row = rs_nearest_f16; break;
    case PYDML_DATA_TYPE_BFLOAT16: k->blend = rs_blend_bf16; k->store = rs_store_bf16; k->nearest_row = rs_nearest_bf16; break;
    case DML_TENSOR_DATA_TYPE_INT8: k->blend = rs_blend_i8; k->store = rs_store_i8; k->nearest_row = rs_nearest_8; break;
    default: k->blend = rs_blend_u8; k->store = rs_store_u8; k->nearest_row = rs_nearest_8; break;
    }
    uint32_t f = pydml_active_cpu_features();
    /* AVX-512 hosts included: see resample_x86.c's header for why there is no AVX-512 kernel */
    if ((f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C)) rs_select_avx2(dt, stream, k);
}

/* pydml_debug_resample_stats (include/pydml.h) */
static uint64_t g_nearest_rows;

void pydml_debug_resample_stats(uint64_t* nearest_rows) {
    if (nearest_rows) *nearest_rows = __atomic_load_n(&g_nearest_rows, __ATOMIC_RELAXED);
}

/* Rows of this execution by rs_kernels.nearest_row: every resampled axis unit_weights (at most one
 * tap, of weight 1: a nearest forward, or the gradient of a nearest downscale), rows contiguous in
 * both tensors (row mode), and enough rows for the threads (a few long rows keep the executor's
 * split by segments). */
static int rs_nearest_plan(const rs_exec* e, const pydml_resample_plan* plan, uint64_t rows, int threads) {
    if (e->k.nearest_row == NULL || e->S->strides[e->col] != 1 || e->D->strides[e->col] != 1 ||
        rows < 4u * (uint64_t)threads)
        return 0;
    for (uint32_t d = 0; d < e->dims; d++)
        if (!plan->identity[d] && !e->tab[d]->unit_weights) return 0;
    return 1;
}

static pydml_status rs_run(const pydml_resample_plan* plan, int backward, const pydml_tensor* S,
                           const pydml_tensor* D) {
    rs_exec e;
    memset(&e, 0, sizeof e);
    e.dims = plan->dim_count;
    e.S = S;
    e.D = D;
    e.src = (const char*)S->data;
    e.dst = (char*)D->data;
    e.esize = pydml_data_type_bits(S->data_type) / 8;
    for (uint32_t d = 0; d < e.dims; d++) e.tab[d] = backward ? &plan->bwd[d] : &plan->fwd[d];

    /* Axes: resampled ones, and a contiguous identity axis for the vector mode. */
    int vec = -1;
    uint32_t n_res = 0;
    for (uint32_t d = 0; d < e.dims; d++) {
        if (!plan->identity[d]) {
            n_res++;
        } else if (vec < 0 && S->strides[d] == 1 && D->strides[d] == 1 && D->sizes[d] >= 8) {
            vec = (int)d;
        }
    }
    if (n_res == 0) {
        rs_copy(S, D, e.esize);
        return PYDML_STATUS_SUCCESS;
    }
    /* The column axis: the resampled axis with the smallest destination stride (last on ties). */
    e.col = -1;
    for (uint32_t d = 0; d < e.dims; d++)
        if (!plan->identity[d] && (e.col < 0 || D->strides[d] <= D->strides[e.col])) e.col = (int)d;
    for (uint32_t d = 0; d < e.dims; d++) {
        if ((int)d == e.col || (int)d == vec) continue;
        if (plan->identity[d]) e.outer_ax[e.n_outer++] = d;
        else e.row_ax[e.n_row++] = d;
    }
    uint64_t rows = 1;
    for (uint32_t q = 0; q < e.n_outer; q++) rows *= D->sizes[e.outer_ax[q]];
    for (uint32_t q = 0; q < e.n_row; q++) rows *= D->sizes[e.row_ax[q]];

    int stream_ = rs_span_bytes(S) + rs_span_bytes(D) > RS_STREAM_BYTES;
    rs_select_kernels(S->data_type, stream_, &e.k);
    uint64_t elements = pydml_tensor_element_count(D);
    int threads = elements < RS_PARALLEL_MIN_ELEMENTS ? 1 : rs_threads();

    const rs_table* t = e.tab[e.col];
    if (vec >= 0) {
        e.vector_mode = 1;
        e.vec_len = D->sizes[vec];
        uint32_t per = 64;
        if (rows >= 4u * (uint64_t)threads) per = t->n_dst;
        e.units_per_row = per;
        e.units = ((uint64_t)t->n_dst + per - 1) / per;
    } else if (rs_nearest_plan(&e, plan, rows, threads)) {
        e.nearest = 1;
        e.units = 1;
        __atomic_fetch_add(&g_nearest_rows, 1, __ATOMIC_RELAXED);
        const rs_table* rt = e.n_row == 1 ? e.tab[e.row_ax[0]] : NULL;
        if (rt != NULL && rt->n_src > rt->n_dst) { /* see rs_nearest_run */
            e.row_bytes = (uint64_t)t->n_src * e.esize;
            if (e.row_bytes > RS_PREFETCH_ROW_MAX) e.row_bytes = RS_PREFETCH_ROW_MAX;
            e.prefetch_rows = 1;
            const uint64_t sb = (uint64_t)S->strides[e.row_ax[0]] * e.esize;
            e.l2_bytes = rt->n_src <= 2 * (uint64_t)rt->n_dst && sb <= 2 * e.row_bytes ? sb + e.row_bytes : e.row_bytes;
        }
    } else {
        e.direct_f32 = S->data_type == DML_TENSOR_DATA_TYPE_FLOAT32 && S->strides[e.col] == 1;
        e.split_segments = rows < 4u * (uint64_t)threads && t->seg_count > 1;
        e.lin2_row = e.k.lin2_row != NULL && t->lin2_full && S->strides[e.col] == 1 && D->strides[e.col] == 1;
        e.lin2t_row = e.k.lin2t_row != NULL && t->lin2t_full && S->strides[e.col] == 1 && D->strides[e.col] == 1;
        /* the window rows where no integer-2x linear path of the AVX2 pass (rs256_hz) applies. The
         * integer-2x column patterns (t->pattern) take them too: one pass from the source rows in
         * place beats the blend into the row buffer and rs256_hz's pattern pass after it (issue 25,
         * Intel host, [8, 64] planes, FLOAT32, processes alternating, medians of 10: the gradient
         * of a 0.5x linear downscale, DUP2, 8.3 -> 6.5 ms on 2 threads and 11.4 -> 7.7 on one; the
         * gradient of a 2x nearest upscale, PAIR2, 6.0 -> 5.1 ms on 2 threads, the same on one).
         * The same bits (tests/test_resample_window_rows.py, scales 2 and 0.5). */
        e.win_row = e.k.win_row != NULL && t->win_nw != 0 && S->strides[e.col] == 1 && D->strides[e.col] == 1 &&
                    !e.split_segments && !e.lin2_row && !e.lin2t_row &&
                    t->lin2_hi < t->lin2_lo + 32 && t->lin2t_hi < t->lin2t_lo + 16;
        if (e.win_row && e.n_row == 1 && e.tab[e.row_ax[0]]->n_src > e.tab[e.row_ax[0]]->n_dst) {
            /* more source rows than destination rows (the gradient of an upscale, a downscale):
             * the new source rows of the destination row RS_WIN_PF_ROWS ahead, whole, prefetched
             * during this row, a few lines per half block (rs256_win_row_c): its sources are up to
             * four interleaved streams, which the hardware prefetchers follow late. Fetched as one
             * burst at the row's start, one row ahead, the lines filled the miss queue and the row
             * waited behind them (as MAX_POOLING_GRAD's rows did). Emerald Rapids, [8, 64] planes,
             * 2 threads, cache flushed between calls, medians of 6 alternating processes, burst ->
             * spread one row ahead -> spread three rows ahead: 2x nearest gradient (PAIR2, 1 KiB
             * rows) 8.90 -> 7.86 -> 7.84 ms, FLOAT16 5.07 -> 5.24 -> 4.51, 0.5x linear forward
             * 8.66 -> 7.69 -> 7.31; the 1.5x gradients (three sources) the same within the noise. */
            const rs_table* rt = e.tab[e.row_ax[0]];
            const uint64_t ahead = (rt->n_src + rt->n_dst - 1) / rt->n_dst;
            const uint64_t step = S->strides[e.row_ax[0]] * e.esize;
            uint64_t bytes = ahead * step;
            if (bytes > RS_PREFETCH_ROW_MAX * 4) bytes = RS_PREFETCH_ROW_MAX * 4;
            e.win_pf_step = step + (RS_WIN_PF_ROWS - 1) * ahead * step;
            e.win_pf_lines = (uint32_t)((bytes + 63) / 64);
        }
        e.units = e.split_segments ? t->seg_count : 1;
        if (e.n_row == 1 && e.units == 1 && (e.lin2_row || e.lin2t_row || e.win_row) &&
            e.tab[e.row_ax[0]]->max_taps <= (e.lin2_row ? 2u : 4u))
            e.pass_rows = 1;
        e.defer = t->seg_count == 1 && !t->segs[0].direct && !e.split_segments;
        const rs_table* rt = e.n_row == 1 ? e.tab[e.row_ax[0]] : NULL;
        if (rt != NULL && e.direct_f32 && rt->unit_weights && rt->n_src > rt->n_dst && t->seg_count > 0) {
            e.row_lo = t->segs[0].lo;
            e.row_bytes = ((uint64_t)t->segs[t->seg_count - 1].hi - e.row_lo + 1) * e.esize;
            if (e.row_bytes > RS_PREFETCH_ROW_MAX) e.row_bytes = RS_PREFETCH_ROW_MAX;
            e.prefetch_rows = 1;
            /* at most every other row read, each most of its stride: from each row read through the
             * next one's part (the skipped row between them too) */
            const uint64_t sb = (uint64_t)S->strides[e.row_ax[0]] * e.esize;
            e.l2_bytes = rt->n_src <= 2 * (uint64_t)rt->n_dst && sb <= 2 * e.row_bytes ? sb + e.row_bytes : e.row_bytes;
        }
    }
    uint64_t items = rows * e.units;
    if ((uint64_t)threads > items) threads = (int)items;

#pragma omp parallel num_threads(threads)
    {
        float tmp[RS_TMP_CAP + 64] __attribute__((aligned(64)));
        float tmp2[RS_TMP_CAP + 64] __attribute__((aligned(64)));
        rs_defer defer = {{tmp, tmp2}, 0, 0, NULL, NULL, NULL};
        uint64_t tid = 0, nth = 1;
#ifdef _OPENMP
        tid = (uint64_t)omp_get_thread_num();
        nth = (uint64_t)omp_get_num_threads();
#endif
        /* static partition into contiguous runs of items (what schedule(static) does), walked
         * with an odometer instead of dividing per item */
        uint64_t q = items / nth, r = items % nth;
        uint64_t begin = tid * q + (tid < r ? tid : r);
        uint64_t end = begin + q + (tid < r ? 1 : 0);
        if (begin < end && e.nearest) {
            rs_nearest_run(&e, begin, end);
        } else if (begin < end && e.pass_rows) {
            rs_pass_rows(&e, begin, end);
        } else if (begin < end) {
            rs_cursor c;
            rs_cursor_seek(&e, &c, begin);
            for (uint64_t i = begin; i < end; i++) {
                rs_item(&e, &c, tmp, e.defer ? &defer : NULL);
                rs_cursor_next(&e, &c);
            }
            rs_defer_flush(&e, &defer);
        }
        if (e.k.fence != NULL) e.k.fence();
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_resample_forward(const pydml_resample_plan* plan, const pydml_tensor* input,
                                    const pydml_tensor* output) {
    pydml_status st = rs_check_views(plan, input, plan ? plan->input_sizes : NULL, output,
                                     plan ? plan->output_sizes : NULL, 0);
    if (st != PYDML_STATUS_SUCCESS) return st;
    pydml_team_begin(0);
    st = rs_run(plan, 0, input, output);
    pydml_team_end();
    return st;
}

pydml_status pydml_resample_backward(const pydml_resample_plan* plan, const pydml_tensor* input_gradient,
                                     const pydml_tensor* output_gradient) {
    pydml_status st = rs_check_views(plan, input_gradient, plan ? plan->output_sizes : NULL,
                                     output_gradient, plan ? plan->input_sizes : NULL, 1);
    if (st != PYDML_STATUS_SUCCESS) return st;
    pydml_team_begin(0);
    st = rs_run(plan, 1, input_gradient, output_gradient);
    pydml_team_end();
    return st;
}

/* ---- the resample family (families.h): every RESAMPLE*, RESAMPLE_GRAD* and UPSAMPLE_2D desc ----
 * The tap tables of the forward op are the plan; a gradient runs their adjoint. The mapping from
 * the desc (scales, pixel offsets, rounding) is rules_resample.c's, shared with validation. */
#include "families.h"
#include "rules.h"

typedef struct rs_family_plan {
    pydml_resample_plan* plan;
    int gradient;
} rs_family_plan;


static pydml_status rs_family_create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)flags;
    *plan = NULL;
    pydml_diagnostic d;
    pydml_check c;
    memset(&c, 0, sizeof c);
    c.diagnostic = &d;
    c.desc = info->desc_name;
    c.level = DML_FEATURE_LEVEL_6_4;
    pydml_resample_params rp;
    pydml_status s = pydml_resample_params_of(&c, info, desc, &rp);
    if (s) return s;
    rs_family_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->gradient = info->type == DML_OPERATOR_RESAMPLE_GRAD || info->type == DML_OPERATOR_RESAMPLE_GRAD1;
    s = pydml_resample_plan_create(&rp, &p->plan);
    if (s) {
        free(p);
        return s;
    }
    *plan = p;
    return PYDML_STATUS_SUCCESS;
}

static void rs_family_destroy(void* plan) {
    rs_family_plan* p = plan;
    if (p == NULL) return;
    pydml_resample_plan_destroy(p->plan);
    free(p);
}

static pydml_status rs_family_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                      const pydml_tensor* const* outputs, uint32_t output_count,
                                      const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
    const rs_family_plan* p = plan;
    if (p == NULL || input_count != 1 || output_count != 1) return PYDML_STATUS_INVALID_PARAMETER;
    return p->gradient ? pydml_resample_backward(p->plan, inputs[0], outputs[0])
                       : pydml_resample_forward(p->plan, inputs[0], outputs[0]);
}

const pydml_kernel_family pydml_family_resample = {"resample", rs_family_create,
                                                   rs_family_destroy, rs_family_execute, 0, NULL, NULL, NULL};
