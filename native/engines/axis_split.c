/* The axis families' work-splitting engine (axis_split.h describes it). */
#include "axis_split.h"

#ifdef _OPENMP
#include <omp.h>
#endif

void ax_collect_n(uint32_t dim_count, const uint32_t* sizes, uint32_t mask, int want, uint32_t nt,
                  const uint64_t* const* strides, const int* zero, ax_dims* r) {
    memset(r, 0, sizeof *r);
    for (uint32_t d = 0; d < dim_count; d++) {
        if ((int)(mask >> d & 1u) != want || sizes[d] == 1) continue;
        const uint64_t s = sizes[d];
        uint64_t st[PYDML_AX_TENSORS] = {0};
        for (uint32_t t = 0; t < nt && t < PYDML_AX_TENSORS; t++)
            st[t] = strides[t] == NULL || (zero != NULL && zero[t]) ? 0 : strides[t][d];
        int merge = r->n > 0;
        for (int t = 0; t < PYDML_AX_TENSORS && merge; t++) merge = r->st[t][r->n - 1] == st[t] * s;
        if (merge) {
            r->size[r->n - 1] *= s;
            for (int t = 0; t < PYDML_AX_TENSORS; t++) r->st[t][r->n - 1] = st[t];
        } else {
            r->size[r->n] = s;
            for (int t = 0; t < PYDML_AX_TENSORS; t++) r->st[t][r->n] = st[t];
            r->n++;
        }
    }
    if (r->n == 0) {
        r->n = 1;
        r->size[0] = 1;
    }
}

uint64_t* ax_run_offsets_n(const ax_dims* red, uint64_t runs, uint32_t nt) {
    uint64_t* off = malloc((runs ? runs : 1) * nt * sizeof(uint64_t));
    if (off != NULL) ax_run_offsets_into(red, runs, nt, off);
    return off;
}

void ax_run_offsets_into(const ax_dims* red, uint64_t runs, uint32_t nt, uint64_t* off) {
    uint64_t coord[PYDML_MAX_DIMS] = {0}, a[PYDML_AX_TENSORS] = {0};
    const uint32_t last = red->n - 1;
    for (uint64_t i = 0; i < runs; i++) {
        for (uint32_t t = 0; t < nt; t++) off[t * runs + i] = a[t];
        for (uint32_t d = last; d-- > 0;) {
            coord[d]++;
            for (uint32_t t = 0; t < nt; t++) a[t] += red->st[t][d];
            if (coord[d] < red->size[d]) break;
            for (uint32_t t = 0; t < nt; t++) a[t] -= coord[d] * red->st[t][d];
            coord[d] = 0;
        }
    }
}

static void note_failure(pydml_status* failed, pydml_status s) {
    if (s == PYDML_STATUS_SUCCESS) return;
#ifdef _OPENMP
#pragma omp atomic write
#endif
    *failed = s;
}

/* Chunk c of `chunks` of the loop's items, on the calling thread (its scratch, ok: allocated). */
static inline void range_chunk(const pydml_axis_loop* loop, pydml_axis_range_fn fn, void* ctx, const pydml_workspace* ws,
                               uint64_t chunks, int64_t c, void* scratch, int ok, pydml_status* failed) {
    const uint64_t items = loop->items;
    if (!ok) {
        note_failure(failed, ws != NULL ? PYDML_STATUS_INVALID_PARAMETER : PYDML_STATUS_OUT_OF_MEMORY);
        return;
    }
    uint64_t b, e;
    if (loop->grain > 0) {
        b = (uint64_t)c * loop->grain;
        e = b + loop->grain < items ? b + loop->grain : items;
    } else {
        b = items * (uint64_t)c / chunks;
        e = items * (uint64_t)(c + 1) / chunks;
    }
    note_failure(failed, fn(ctx, b, e, scratch));
}

/* One thread's part of for_range: thread `id` of `nth` (serial: the whole loop, outside any
 * region, with no work-sharing construct). */
static inline void range_thread(const pydml_axis_loop* loop, pydml_axis_range_fn fn, void* ctx, const pydml_workspace* ws,
                                uint64_t offset, uint64_t nth, uint64_t id, int serial, pydml_status* failed) {
    const uint64_t items = loop->items;
    uint64_t chunks;
    if (loop->grain > 0) {
        chunks = (items + loop->grain - 1) / loop->grain;
    } else {
        const uint64_t k = nth * (loop->chunks_per_thread ? loop->chunks_per_thread : 1);
        chunks = items < k ? items : k;
    }
    void* scratch = NULL;
    void* owned = NULL;
    int ok = 1;
    if (loop->scratch_bytes) {
        /* cache-line aligned: the families' rows in it are vector loops' operands */
        const uint64_t bytes = pydml_axis_scratch_stride(loop->scratch_bytes);
        if (ws != NULL)
            scratch = pydml_workspace_part(ws, offset + id * bytes, bytes);
        else
            scratch = owned = aligned_alloc(64, (size_t)bytes);
        ok = scratch != NULL;
        if (ok) {
            const size_t zero = loop->zero_bytes && loop->zero_bytes < bytes ? loop->zero_bytes : (size_t)bytes;
            memset(scratch, 0, zero);
        }
    }
    if (serial) {
        for (int64_t c = 0; c < (int64_t)chunks; c++) range_chunk(loop, fn, ctx, ws, chunks, c, scratch, ok, failed);
    } else {
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (int64_t c = 0; c < (int64_t)chunks; c++) range_chunk(loop, fn, ctx, ws, chunks, c, scratch, ok, failed);
    }
    free(owned);
}

/* ws NULL: the per-thread scratch from the heap; else from ws at offset (pydml_axis_for_range_in).
 * A loop too small for a team runs without a region (common.h: serialized regions). */
static pydml_status for_range(const pydml_axis_loop* loop, pydml_axis_range_fn fn, void* ctx, const pydml_workspace* ws,
                              uint64_t offset) {
    const uint64_t items = loop->items;
    if (items == 0) return PYDML_STATUS_SUCCESS;
    pydml_status failed = PYDML_STATUS_SUCCESS;
    const int parallel = loop->work >= loop->parallel_min && items > 1;
    if (!parallel) {
        range_thread(loop, fn, ctx, ws, offset, 1, 0, 1, &failed);
        return failed;
    }
#ifdef _OPENMP
#pragma omp parallel
    range_thread(loop, fn, ctx, ws, offset, (uint64_t)omp_get_num_threads(), (uint64_t)omp_get_thread_num(), 0, &failed);
#else
    range_thread(loop, fn, ctx, ws, offset, 1, 0, 1, &failed);
#endif
    return failed;
}

pydml_status pydml_axis_for_range(const pydml_axis_loop* loop, pydml_axis_range_fn fn, void* ctx) {
    return for_range(loop, fn, ctx, NULL, 0);
}

pydml_status pydml_axis_for_range_in(const pydml_axis_loop* loop, pydml_axis_range_fn fn, void* ctx,
                                     const pydml_workspace* ws, uint64_t offset) {
    static const pydml_workspace none = {NULL, 0, 0};
    return for_range(loop, fn, ctx, ws != NULL ? ws : &none, offset);
}

pydml_status pydml_axis_for_each_group(const ax_dims* keep, const pydml_axis_loop* loop, pydml_axis_range_fn walker,
                                       void* ctx) {
    pydml_axis_walk w = {keep, loop->items ? loop->items : 1, ctx};
    pydml_axis_loop all = *loop;
    all.items = ax_count(keep) * w.per;
    return pydml_axis_for_range(&all, walker, &w);
}

pydml_status pydml_axis_for_each_group_in(const ax_dims* keep, const pydml_axis_loop* loop, pydml_axis_range_fn walker,
                                          void* ctx, const pydml_workspace* ws, uint64_t offset) {
    pydml_axis_walk w = {keep, loop->items ? loop->items : 1, ctx};
    pydml_axis_loop all = *loop;
    all.items = ax_count(keep) * w.per;
    return pydml_axis_for_range_in(&all, walker, &w, ws, offset);
}
