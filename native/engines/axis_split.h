/* Splitting a tensor into groups along a set of reduced axes, shared by reduce.c and softmax.c
 * (one definition; was a copy in each).
 *
 * The dimensions of one kind (reduced or kept) are collected outer first, size-1 dimensions
 * dropped and neighbours that both tensors walk as one merged (row-major order is kept, so merged
 * indices stay row-major positions); there is at least one entry (size 1) when there are none.
 * A group is one kept coordinate; its reduced elements are `runs` runs of the innermost reduced
 * dimension, whose element offsets ax_run_offsets lists. Column mode (ax_column_dim) handles
 * groups that are not contiguous when a kept dimension is: tiles along that dimension, each row
 * of a tile one contiguous load. */
#ifndef PYDML_NATIVE_AXIS_SPLIT_H
#define PYDML_NATIVE_AXIS_SPLIT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pydml.h"

typedef struct ax_dims {
    uint32_t n;
    uint64_t size[PYDML_MAX_DIMS];
    uint64_t in[PYDML_MAX_DIMS], out[PYDML_MAX_DIMS];   /* strides in elements */
} ax_dims;

/* The dimensions d with (mask >> d & 1) == want of a tensor of `sizes`, merged where possible.
 * zero_out: output strides of the collected dimensions count as 0 (REDUCE: the output has size 1
 * there). */
static inline void ax_collect(uint32_t dim_count, const uint32_t* sizes, uint32_t mask, int want,
                              const uint64_t* in_strides, const uint64_t* out_strides, int zero_out,
                              ax_dims* r) {
    memset(r, 0, sizeof *r);
    for (uint32_t d = 0; d < dim_count; d++) {
        if ((int)(mask >> d & 1u) != want || sizes[d] == 1) continue;
        const uint64_t s = sizes[d], si = in_strides[d], so = zero_out ? 0 : out_strides[d];
        if (r->n > 0 && r->in[r->n - 1] == si * s && r->out[r->n - 1] == so * s) {
            r->size[r->n - 1] *= s;
            r->in[r->n - 1] = si;
            r->out[r->n - 1] = so;
        } else {
            r->size[r->n] = s;
            r->in[r->n] = si;
            r->out[r->n] = so;
            r->n++;
        }
    }
    if (r->n == 0) {
        r->n = 1;
        r->size[0] = 1;
    }
}

static inline void ax_remove_dim(ax_dims* r, uint32_t i) {
    for (uint32_t d = i; d + 1 < r->n; d++) {
        r->size[d] = r->size[d + 1];
        r->in[d] = r->in[d + 1];
        r->out[d] = r->out[d + 1];
    }
    r->n--;
    if (r->n == 0) {
        r->n = 1;
        r->size[0] = 1;
        r->in[0] = r->out[0] = 0;
    }
}

static inline uint64_t ax_count(const ax_dims* r) {
    uint64_t c = 1;
    for (uint32_t d = 0; d < r->n; d++) c *= r->size[d];
    return c;
}

/* Element offsets (and coordinates) of position o, row-major over r. */
static inline void ax_offsets(const ax_dims* r, uint64_t o, uint64_t* coord, uint64_t* in_off, uint64_t* out_off) {
    uint64_t a = 0, b = 0;
    for (uint32_t d = r->n; d-- > 0;) {
        coord[d] = o % r->size[d];
        o /= r->size[d];
        a += coord[d] * r->in[d];
        b += coord[d] * r->out[d];
    }
    *in_off = a;
    *out_off = b;
}

/* The next position in row-major order. */
static inline void ax_step(const ax_dims* r, uint64_t* coord, uint64_t* in_off, uint64_t* out_off) {
    for (uint32_t d = r->n; d-- > 0;) {
        coord[d]++;
        *in_off += r->in[d];
        *out_off += r->out[d];
        if (coord[d] < r->size[d] || d == 0) return;
        *in_off -= coord[d] * r->in[d];
        *out_off -= coord[d] * r->out[d];
        coord[d] = 0;
    }
}

/* The kept dimension to tile along (column mode), -1 for none: only when a group has more than
 * one element and is not contiguous (in_inner != 1); the first kept dimension contiguous in the
 * input, else the first contiguous in the output. */
static inline int ax_column_dim(const ax_dims* keep, uint64_t L, uint64_t in_inner) {
    if (L <= 1 || in_inner == 1) return -1;
    for (uint32_t d = 0; d < keep->n; d++)
        if (keep->size[d] > 1 && keep->in[d] == 1) return (int)d;
    for (uint32_t d = 0; d < keep->n; d++)
        if (keep->size[d] > 1 && keep->out[d] == 1) return (int)d;
    return -1;
}

/* Element offsets of each of the `runs` runs of red's innermost dimension (its outer dimensions
 * in row-major order): input offsets at [0, runs), output offsets at [runs, 2 runs). malloc'ed,
 * NULL when out of memory. */
static inline uint64_t* ax_run_offsets(const ax_dims* red, uint64_t runs) {
    uint64_t* off = malloc(2 * runs * sizeof(uint64_t));
    if (off == NULL) return NULL;
    uint64_t coord[PYDML_MAX_DIMS] = {0}, a = 0, b = 0;
    const uint32_t last = red->n - 1;
    for (uint64_t i = 0; i < runs; i++) {
        off[i] = a;
        off[runs + i] = b;
        for (uint32_t d = last; d-- > 0;) {
            coord[d]++;
            a += red->in[d];
            b += red->out[d];
            if (coord[d] < red->size[d]) break;
            a -= coord[d] * red->in[d];
            b -= coord[d] * red->out[d];
            coord[d] = 0;
        }
    }
    return off;
}

#endif /* PYDML_NATIVE_AXIS_SPLIT_H */
