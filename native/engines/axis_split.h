/* The axis families' one work-splitting engine (reduce, softmax, top-k, normalization, ROI):
 * splitting tensors into groups along a set of reduced axes, and the threaded loop over the
 * groups (axis_split.c). Each family was carrying its own copy of both.
 *
 * Dimensions: those of one kind (reduced or kept) are collected outer first, size-1 dimensions
 * dropped and neighbours that every tensor walks as one merged (row-major order is kept, so merged
 * indices stay row-major positions); there is at least one entry (size 1) when there are none.
 * Up to PYDML_AX_TENSORS tensors are walked together (strides in elements, 0 for a broadcast or
 * absent tensor). A group is one kept coordinate; its reduced elements are `runs` runs of the
 * innermost reduced dimension, whose element offsets ax_run_offsets lists. Column mode
 * (ax_column_dim) handles groups that are not contiguous when a kept dimension is: tiles along that
 * dimension, each row of a tile one contiguous load.
 *
 * The loop: work items [0, items) are cut into chunks (a fixed grain, or a few equal ranges per
 * thread) handed out dynamically over the OpenMP team, so a descheduled thread on a shared machine
 * does not hold up the others. Every item is computed by one thread from its own inputs only, so
 * the results never depend on the thread count or on which thread runs which chunk. */
#ifndef PYDML_NATIVE_AXIS_SPLIT_H
#define PYDML_NATIVE_AXIS_SPLIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "pydml.h"

#define PYDML_AX_TENSORS 4

typedef struct ax_dims {
    uint32_t n;
    uint64_t size[PYDML_MAX_DIMS];
    uint64_t st[PYDML_AX_TENSORS][PYDML_MAX_DIMS];   /* strides in elements, per tensor */
} ax_dims;

/* The dimensions d with (mask >> d & 1) == want of tensors of `sizes`, merged where every tensor
 * allows. strides[t] (t < nt) is tensor t's element strides, NULL for all 0; tensors from nt on
 * have strides 0. zero[t]: tensor t's strides of the collected dimensions count as 0 (REDUCE: its
 * output has size 1 there). */
void ax_collect_n(uint32_t dim_count, const uint32_t* sizes, uint32_t mask, int want, uint32_t nt,
                  const uint64_t* const* strides, const int* zero, ax_dims* r);

/* Two tensors (input 0, output 1); zero_out: the output's strides count as 0. */
static inline void ax_collect(uint32_t dim_count, const uint32_t* sizes, uint32_t mask, int want,
                              const uint64_t* in_strides, const uint64_t* out_strides, int zero_out,
                              ax_dims* r) {
    const uint64_t* st[2] = {in_strides, out_strides};
    const int zero[2] = {0, zero_out};
    ax_collect_n(dim_count, sizes, mask, want, 2, st, zero, r);
}

static inline void ax_remove_dim(ax_dims* r, uint32_t i) {
    for (uint32_t d = i; d + 1 < r->n; d++) {
        r->size[d] = r->size[d + 1];
        for (int t = 0; t < PYDML_AX_TENSORS; t++) r->st[t][d] = r->st[t][d + 1];
    }
    r->n--;
    if (r->n == 0) {
        r->n = 1;
        r->size[0] = 1;
        for (int t = 0; t < PYDML_AX_TENSORS; t++) r->st[t][0] = 0;
    }
}

static inline uint64_t ax_count(const ax_dims* r) {
    uint64_t c = 1;
    for (uint32_t d = 0; d < r->n; d++) c *= r->size[d];
    return c;
}

/* Coordinates and per-tensor element offsets of position o, row-major over r. */
static inline void ax_offsets_n(const ax_dims* r, uint64_t o, uint64_t* coord, uint64_t* off) {
    for (int t = 0; t < PYDML_AX_TENSORS; t++) off[t] = 0;
    for (uint32_t d = r->n; d-- > 0;) {
        coord[d] = o % r->size[d];
        o /= r->size[d];
        for (int t = 0; t < PYDML_AX_TENSORS; t++) off[t] += coord[d] * r->st[t][d];
    }
}

/* The next position in row-major order. */
static inline void ax_step_n(const ax_dims* r, uint64_t* coord, uint64_t* off) {
    for (uint32_t d = r->n; d-- > 0;) {
        coord[d]++;
        for (int t = 0; t < PYDML_AX_TENSORS; t++) off[t] += r->st[t][d];
        if (coord[d] < r->size[d] || d == 0) return;
        for (int t = 0; t < PYDML_AX_TENSORS; t++) off[t] -= coord[d] * r->st[t][d];
        coord[d] = 0;
    }
}

/* Two-tensor forms (tensors 0 and 1). */
static inline void ax_offsets(const ax_dims* r, uint64_t o, uint64_t* coord, uint64_t* in_off, uint64_t* out_off) {
    uint64_t off[PYDML_AX_TENSORS];
    ax_offsets_n(r, o, coord, off);
    *in_off = off[0];
    *out_off = off[1];
}

static inline void ax_step(const ax_dims* r, uint64_t* coord, uint64_t* in_off, uint64_t* out_off) {
    for (uint32_t d = r->n; d-- > 0;) {
        coord[d]++;
        *in_off += r->st[0][d];
        *out_off += r->st[1][d];
        if (coord[d] < r->size[d] || d == 0) return;
        *in_off -= coord[d] * r->st[0][d];
        *out_off -= coord[d] * r->st[1][d];
        coord[d] = 0;
    }
}

/* The kept dimension to tile along (column mode), -1 for none: only when a group has more than
 * one element and is not contiguous (in_inner != 1); the first kept dimension contiguous in the
 * input (tensor 0), else the first contiguous in the output (tensor 1). */
static inline int ax_column_dim(const ax_dims* keep, uint64_t L, uint64_t in_inner) {
    if (L <= 1 || in_inner == 1) return -1;
    for (uint32_t d = 0; d < keep->n; d++)
        if (keep->size[d] > 1 && keep->st[0][d] == 1) return (int)d;
    for (uint32_t d = 0; d < keep->n; d++)
        if (keep->size[d] > 1 && keep->st[1][d] == 1) return (int)d;
    return -1;
}

/* Element offsets of each of the `runs` runs of red's innermost dimension (its outer dimensions
 * in row-major order), for tensors [0, nt): tensor t's at [t runs, (t + 1) runs). malloc'ed,
 * NULL when out of memory. */
uint64_t* ax_run_offsets_n(const ax_dims* red, uint64_t runs, uint32_t nt);
/* The same into off (runs x nt entries: a workspace part). */
void ax_run_offsets_into(const ax_dims* red, uint64_t runs, uint32_t nt, uint64_t* off);
/* The most runs ax_run_offsets can list for the dimensions d of sizes with (mask >> d & 1) == want,
 * whatever the strides (merging only lowers it): all their elements but the innermost such
 * dimension longer than 1. What a workspace sized before the views' strides are known holds. */
static inline uint64_t ax_runs_bound(uint32_t dim_count, const uint32_t* sizes, uint32_t mask, int want) {
    uint64_t all = 1, last = 1;
    for (uint32_t d = 0; d < dim_count; d++)
        if ((int)(mask >> d & 1u) == want && sizes[d] > 1) {
            all *= sizes[d];
            last = sizes[d];
        }
    return all / last;
}

/* Input offsets at [0, runs), output offsets at [runs, 2 runs). */
static inline uint64_t* ax_run_offsets(const ax_dims* red, uint64_t runs) { return ax_run_offsets_n(red, runs, 2); }

/* ---- the threaded loop ---- */

typedef struct pydml_axis_loop {
    uint64_t items;              /* work items [0, items) (pydml_axis_for_each_group: per group) */
    uint64_t work;               /* elements touched in all: one thread below parallel_min */
    uint64_t parallel_min;
    uint64_t grain;              /* items per chunk; 0: chunks_per_thread equal ranges per thread */
    uint32_t chunks_per_thread;
    size_t scratch_bytes;        /* per thread, zero-filled, kept across its chunks; 0: none */
    size_t zero_bytes;           /* of the scratch, the leading bytes zero-filled; 0: all of it (a
                                  * family whose rows are written before read zeroes only its
                                  * header: a long group's 19 MB memset cost 3x the kernel) */
} pydml_axis_loop;

/* Items [begin, end), consecutive, on one thread. Returns a status; the first failure is returned
 * by the loop (the other items still run). */
typedef pydml_status (*pydml_axis_range_fn)(void* ctx, uint64_t begin, uint64_t end, void* scratch);

/* One work item of pydml_axis_for_each_group: part `part` of group `group` of keep. */
typedef struct pydml_axis_item {
    uint64_t group, part;
    uint64_t coord[PYDML_MAX_DIMS];          /* the group's position over keep */
    uint64_t off[PYDML_AX_TENSORS];          /* the group's element offsets in each tensor */
    int more;                                /* another item follows on this thread (prefetch) */
} pydml_axis_item;

typedef pydml_status (*pydml_axis_item_fn)(void* ctx, const pydml_axis_item* item, void* scratch);

/* Runs fn over the chunks of [0, loop->items). Scratch that cannot be allocated fails the chunks of
 * that thread with PYDML_STATUS_OUT_OF_MEMORY. */
pydml_status pydml_axis_for_range(const pydml_axis_loop* loop, pydml_axis_range_fn fn, void* ctx);

/* The loop's per-thread scratch taken from the caller's workspace (DirectML's temporary resource)
 * instead of the heap: thread i's part is [offset + i stride, + stride), stride =
 * pydml_axis_scratch_stride(loop->scratch_bytes), zero-filled as the heap's was. The workspace holds
 * pydml_axis_scratch_need(scratch_bytes, threads) bytes from offset for a team of `threads`; a thread
 * whose part it does not reach fails its chunks with PYDML_STATUS_INVALID_PARAMETER. */
static inline uint64_t pydml_axis_scratch_stride(uint64_t scratch_bytes) { return pydml_workspace_round(scratch_bytes); }
static inline uint64_t pydml_axis_scratch_need(uint64_t scratch_bytes, uint32_t threads) {
    return (uint64_t)threads * pydml_axis_scratch_stride(scratch_bytes);
}
pydml_status pydml_axis_for_range_in(const pydml_axis_loop* loop, pydml_axis_range_fn fn, void* ctx,
                                     const pydml_workspace* ws, uint64_t offset);

/* A walk over the groups of keep, `per` items each: the context pydml_axis_for_each_group hands
 * to the walker. */
typedef struct pydml_axis_walk {
    const ax_dims* keep;
    uint64_t per;
    void* ctx;                                /* the family's */
} pydml_axis_walk;

/* Items [b, e) of a walk: the first group's offsets from its position once, then stepped; fn is
 * called directly, so that a walker defined with PYDML_AXIS_WALKER inlines it (one indirect call
 * per chunk, not per group: groups can be a few elements each). */
static inline __attribute__((always_inline)) pydml_status
pydml_axis_walk_range(const pydml_axis_walk* w, uint64_t b, uint64_t e, void* scratch, pydml_axis_item_fn fn) {
    pydml_axis_item it;
    it.group = b / w->per;
    ax_offsets_n(w->keep, it.group, it.coord, it.off);
    pydml_status status = PYDML_STATUS_SUCCESS;
    for (uint64_t item = b; item < e; item++) {
        const uint64_t g = item / w->per;
        if (g != it.group) {
            ax_step_n(w->keep, it.coord, it.off);   /* items are consecutive: g == group + 1 */
            it.group = g;
        }
        it.part = item % w->per;
        it.more = item + 1 < e;
        const pydml_status s = fn(w->ctx, &it, scratch);
        if (s != PYDML_STATUS_SUCCESS) status = s;
    }
    return status;
}

/* Defines `name`, the walker of item_fn (a pydml_axis_item_fn) for pydml_axis_for_each_group. */
#define PYDML_AXIS_WALKER(name, item_fn)                                                           \
    static pydml_status name(void* walk_, uint64_t b_, uint64_t e_, void* scratch_) {              \
        return pydml_axis_walk_range((const pydml_axis_walk*)walk_, b_, e_, scratch_, item_fn);    \
    }

/* Runs an item function on every (group, part) of keep's groups, loop->items parts per group (1
 * per group for a line; tiles in column mode), groups in row-major order; `work` etc. as
 * pydml_axis_for_range. walker: PYDML_AXIS_WALKER(walker, item function); ctx: the item
 * function's. */
pydml_status pydml_axis_for_each_group(const ax_dims* keep, const pydml_axis_loop* loop, pydml_axis_range_fn walker,
                                       void* ctx);
/* The same with the per-thread scratch from ws at offset (pydml_axis_for_range_in). */
pydml_status pydml_axis_for_each_group_in(const ax_dims* keep, const pydml_axis_loop* loop, pydml_axis_range_fn walker,
                                          void* ctx, const pydml_workspace* ws, uint64_t offset);

#endif /* PYDML_NATIVE_AXIS_SPLIT_H */
