/* The gather_scatter kernel family (families.h): one gather/scatter engine for GATHER,
 * GATHER_ELEMENTS, GATHER_ND, GATHER_ND1, SCATTER_ELEMENTS (== DML_OPERATOR_SCATTER), SCATTER_ND,
 * ONE_HOT, REVERSE_SUBSEQUENCES, NONZERO_COORDINATES and MAX_UNPOOLING (pages
 * ns-directml-dml_<name>_operator_desc.md; rules_gather_scatter.c checks the descs).
 *
 * The engine: an index tensor (INT32/INT64/UINT32/UINT64) selects slices of a strided tensor.
 * Every index goes through one reader (idx_load) that widens it to int64, then idx_fix applies
 * the pages' negative-index rule (from DML_FEATURE_LEVEL_3_0, a signed index -k counts from the
 * end of its dimension: v + size) and checks 0 <= v < size. Two shapes of work:
 *  - slices (GATHER, GATHER_ND(1), SCATTER_ND): a row walker visits the index rows (the dense
 *    side's leading dimensions); each row's index tuple addresses a slice of the indexed tensor,
 *    copied with one memcpy when the slice is contiguous on both sides, else a strided copy.
 *      GATHER (page): output = {Input.Sizes[0..Axis), Indices.Sizes[N - IndexDimensions ..),
 *        Input.Sizes[Axis+1 ..)}, right-aligned; output[p, k, s] = input[p, indices[k], s].
 *      GATHER_ND1 (page; ONNX GatherND with batch_dims): output = {Indices[0 .. q-1),
 *        Input[b+t .. r)} over the meaningful dims (r = InputDimensionCount, q =
 *        IndicesDimensionCount, b = BatchDimensionCount, t = the tuple size); output[batch, m, s]
 *        = input[batch, indices[batch, m, 0..t), s]. GATHER_ND is b = 0.
 *      SCATTER_ND (page): output = input, then output[indices[m, 0..t), s] = updates[m, s].
 *  - elements (GATHER_ELEMENTS, SCATTER_ELEMENTS): output[c] = input[c with c[Axis] = index[c]];
 *    output = input, then output[c with c[Axis] = index[c]] = updates[c].
 *  ONE_HOT (page): each sequence along Axis is ValuesTensor's element 0 (off) except the index
 *    position, which gets element 1 in row-major order (the page's "first element along the
 *    fastest-changing dimension of size > 1"). MAX_UNPOOLING (page): output = 0, then
 *    output[indices[e]] = input[e], the index a row-major position in the whole OutputTensor.
 *    REVERSE_SUBSEQUENCES (page): output[.., j, ..] = input[.., L - 1 - j, ..] for j < L, else
 *    input[.., j, ..]. NONZERO_COORDINATES (page): the count, then one row per non-zero element in
 *    ascending row-major order holding its last N coordinates.
 *
 * Out-of-range indices (after the negative wrap) never read or write outside a buffer; results:
 *  - GATHER: the page says invalid indices give "incorrect outputs" with reads "clamped safely
 *    within the input tensor's memory": the index is clamped to [0, size - 1].
 *  - GATHER_ELEMENTS, GATHER_ND, GATHER_ND1 (pages silent): the output element/slice is zero.
 *  - SCATTER_ELEMENTS, SCATTER_ND, MAX_UNPOOLING (pages silent): the write is skipped (the output
 *    keeps the input's value, MAX_UNPOOLING's zero).
 *  - ONE_HOT (page): an index outside the sequence leaves the whole sequence OffValue.
 *  - REVERSE_SUBSEQUENCES (page): a length above Sizes[Axis] acts as Sizes[Axis].
 * Duplicate indices in scatters (pages: "overlapping indices are invalid, which write wins is not
 * guaranteed"): deterministic last writer wins in index order (row-major order of the indices /
 * MAX_UNPOOLING's InputTensor). NONZERO_COORDINATES rows past the count ("undefined" on the page)
 * are written as zeros. Zero test: +0.0 and -0.0 are zero (page), NaN is not.
 *
 * Speed: a slice contiguous on both sides is one memcpy per index row; gathers whose output
 * exceeds 8 MiB stream whole lines past the caches (AVX-512 non-temporal stores). GATHER_ELEMENTS
 * of 4/8-byte elements along contiguous index/output runs uses AVX-512 masked gathers (8 lanes; a
 * masked-off lane is an out-of-range index and stores 0, as the scalar loop does).
 * Threads: gathers split the output rows; SCATTER_ELEMENTS splits the rows of every coordinate but
 * Axis (a row writes only its own output line, so writes of different threads never collide) and
 * ONE_HOT / REVERSE_SUBSEQUENCES the sequences, when the output view does not alias itself;
 * SCATTER_ND splits the columns of a one-dimensional slice (each thread walks every index row in
 * order, so the last writer still wins) and is serial otherwise, as MAX_UNPOOLING is (any two
 * indices may collide). NONZERO_COORDINATES counts per chunk, then writes from prefix sums. */
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define GS_X86 1
#endif

#include "convert.h"
#include "elementwise.h"
#include "families.h"
#include "stream_store.h"

#define GS_PARALLEL_MIN 32768 /* elements moved below which one thread runs everything */
#define GS_MAXV 4             /* views checked per execution */

enum { OOR_CLAMP = 0, OOR_ZERO = 1, OOR_SKIP = 2 };

typedef struct gs_view_spec {
    uint32_t type, rank, sizes[8];
    int present;
} gs_view_spec;

typedef struct gs_plan {
    uint32_t type;
    uint32_t n_in, n_out;
    gs_view_spec in[GS_MAXV], out[GS_MAXV];
    uint32_t axis, index_dims, in_dims, idx_dims, batch;
} gs_plan;


static int spec_of(const DML_BUFFER_TENSOR_DESC* t, gs_view_spec* s) {
    memset(s, 0, sizeof *s);
    if (t == NULL) return 0;
    if (t->DimensionCount < 1 || t->DimensionCount > 8) return -1;
    s->present = 1;
    s->type = t->DataType;
    s->rank = t->DimensionCount;
    for (uint32_t i = 0; i < s->rank; i++) s->sizes[i] = t->Sizes[i];
    return 0;
}

static int is_index_type(uint32_t t) {
    return t == DML_TENSOR_DATA_TYPE_INT32 || t == DML_TENSOR_DATA_TYPE_INT64 || t == DML_TENSOR_DATA_TYPE_UINT32 ||
           t == DML_TENSOR_DATA_TYPE_UINT64;
}

static int is_data_type(uint32_t t) {
    return t >= DML_TENSOR_DATA_TYPE_FLOAT32 && t <= DML_TENSOR_DATA_TYPE_INT64;
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    static const char* const inputs[][3] = {
        [0] = {"InputTensor", "IndicesTensor", NULL},
        [1] = {"InputTensor", "IndicesTensor", "UpdatesTensor"},
        [2] = {"IndicesTensor", "ValuesTensor", NULL},
        [3] = {"InputTensor", "SequenceLengthsTensor", NULL},
        [4] = {"InputTensor", NULL, NULL},
    };
    static const char* const outputs[][2] = {{"OutputTensor", NULL}, {"OutputCountTensor", "OutputCoordinatesTensor"}};
    int ins = 0, outs = 0;
    gs_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->type = info->type;
    switch (info->type) {
    case DML_OPERATOR_GATHER: {
        const DML_GATHER_OPERATOR_DESC* d = desc;
        p->axis = d->Axis; p->index_dims = d->IndexDimensions;
        break;
    }
    case DML_OPERATOR_GATHER_ELEMENTS: p->axis = ((const DML_GATHER_ELEMENTS_OPERATOR_DESC*)desc)->Axis; break;
    case DML_OPERATOR_GATHER_ND: {
        const DML_GATHER_ND_OPERATOR_DESC* d = desc;
        p->in_dims = d->InputDimensionCount; p->idx_dims = d->IndicesDimensionCount;
        break;
    }
    case DML_OPERATOR_GATHER_ND1: {
        const DML_GATHER_ND1_OPERATOR_DESC* d = desc;
        p->in_dims = d->InputDimensionCount; p->idx_dims = d->IndicesDimensionCount; p->batch = d->BatchDimensionCount;
        break;
    }
    case DML_OPERATOR_SCATTER_ELEMENTS: p->axis = ((const DML_SCATTER_OPERATOR_DESC*)desc)->Axis; ins = 1; break;
    case DML_OPERATOR_SCATTER_ND: {
        const DML_SCATTER_ND_OPERATOR_DESC* d = desc;
        p->in_dims = d->InputDimensionCount; p->idx_dims = d->IndicesDimensionCount; ins = 1;
        break;
    }
    case DML_OPERATOR_ONE_HOT: p->axis = ((const DML_ONE_HOT_OPERATOR_DESC*)desc)->Axis; ins = 2; break;
    case DML_OPERATOR_REVERSE_SUBSEQUENCES:
        p->axis = ((const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC*)desc)->Axis; ins = 3;
        break;
    case DML_OPERATOR_NONZERO_COORDINATES: ins = 4; outs = 1; break;
    case DML_OPERATOR_MAX_UNPOOLING: break;
    default: free(p); return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    for (int i = 0; i < 3 && inputs[ins][i]; i++) {
        if (spec_of(pydml_tensor_field(info, desc, inputs[ins][i]), &p->in[i]) || !p->in[i].present) goto bad;
        p->n_in = (uint32_t)i + 1;
    }
    for (int i = 0; i < 2 && outputs[outs][i]; i++) {
        if (spec_of(pydml_tensor_field(info, desc, outputs[outs][i]), &p->out[i]) || !p->out[i].present) goto bad;
        p->n_out = (uint32_t)i + 1;
    }
    /* index tensors and element sizes this engine moves */
    switch (info->type) {
    case DML_OPERATOR_ONE_HOT:
        if (!is_index_type(p->in[0].type) || !is_data_type(p->in[1].type)) goto unsupported;
        break;
    case DML_OPERATOR_REVERSE_SUBSEQUENCES:
        if (!is_index_type(p->in[1].type) || !is_data_type(p->in[0].type)) goto unsupported;
        break;
    case DML_OPERATOR_NONZERO_COORDINATES:
        if (!is_data_type(p->in[0].type) || p->out[0].type != DML_TENSOR_DATA_TYPE_UINT32 ||
            p->out[1].type != DML_TENSOR_DATA_TYPE_UINT32)
            goto unsupported;
        break;
    default:
        if (!is_index_type(p->in[1].type) || !is_data_type(p->in[0].type)) goto unsupported;
        break;
    }
    *out = p;
    return PYDML_STATUS_SUCCESS;
bad:
    free(p);
    return PYDML_STATUS_INVALID_PARAMETER;
unsupported:
    free(p);
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}

static void destroy(void* plan) { free(plan); }

/* ---- index reader ---- */

/* One index widened to int64; a UINT64 above INT64_MAX becomes INT64_MAX (out of range anyway). */
static inline int64_t idx_load(const char* p, uint32_t itype) {
    switch (itype) {
    case DML_TENSOR_DATA_TYPE_INT32: { int32_t v; memcpy(&v, p, 4); return v; }
    case DML_TENSOR_DATA_TYPE_UINT32: { uint32_t v; memcpy(&v, p, 4); return v; }
    case DML_TENSOR_DATA_TYPE_INT64: { int64_t v; memcpy(&v, p, 8); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)v; }
    }
}

/* The pages' negative rule (signed types only reach here negative), then the range check: 1 when
 * 0 <= v < size. Sizes are < 2^32, so v + size cannot overflow. */
static inline int idx_fix(int64_t* v, uint64_t size) {
    if (*v < 0) *v += (int64_t)size;
    return *v >= 0 && (uint64_t)*v < size;
}

/* ---- strided element moves ---- */

static inline void copy_run(char* dst, int64_t ds, const char* src, int64_t ss, uint64_t n, uint32_t es) {
    if (ds == 1 && ss == 1) {
        memcpy(dst, src, n * es);
        return;
    }
#define GS_RUN(T)                                                                              \
    do {                                                                                       \
        T* d_ = (T*)(void*)dst;                                                                \
        const T* s_ = (const T*)(const void*)src;                                              \
        for (uint64_t k = 0; k < n; k++) d_[(int64_t)k * ds] = s_[(int64_t)k * ss];           \
    } while (0)
    switch (es) {
    case 1: GS_RUN(uint8_t); break;
    case 2: GS_RUN(uint16_t); break;
    case 4: GS_RUN(uint32_t); break;
    default: GS_RUN(uint64_t); break;
    }
#undef GS_RUN
}

static inline void fill_run(char* dst, int64_t ds, const char* value, uint64_t n, uint32_t es) {
#define GS_FILL(T)                                                                             \
    do {                                                                                       \
        T v_;                                                                                  \
        memcpy(&v_, value, sizeof v_);                                                         \
        T* d_ = (T*)(void*)dst;                                                                \
        for (uint64_t k = 0; k < n; k++) d_[(int64_t)k * ds] = v_;                            \
    } while (0)
    switch (es) {
    case 1: if (ds == 1) memset(dst, (unsigned char)value[0], n); else GS_FILL(uint8_t); break;
    case 2: GS_FILL(uint16_t); break;
    case 4: GS_FILL(uint32_t); break;
    default: GS_FILL(uint64_t); break;
    }
#undef GS_FILL
}

/* A block of dimensions walked with two strides (src, dst), size-1 dims dropped and adjacent dims
 * merged when both strides allow it. */
typedef struct gs_block {
    uint32_t n;
    uint32_t size[8];
    int64_t ss[8], ds[8];
    uint64_t count;
} gs_block;

static void block_add(gs_block* b, uint32_t size, int64_t ss, int64_t ds) {
    if (size == 1) return;
    if (b->n > 0) {
        uint32_t k = b->n - 1;
        /* an outer dim precedes: merge when the previous dim steps exactly over this one */
        if (b->ss[k] == ss * (int64_t)size && b->ds[k] == ds * (int64_t)size) {
            b->size[k] *= size;
            b->ss[k] = ss;
            b->ds[k] = ds;
            return;
        }
    }
    b->size[b->n] = size;
    b->ss[b->n] = ss;
    b->ds[b->n] = ds;
    b->n++;
}

static void block_finish(gs_block* b) {
    b->count = 1;
    for (uint32_t i = 0; i < b->n; i++) b->count *= b->size[i];
}

/* src == NULL: fill with `value` (one element) */
static void block_move(char* dst, const char* src, const char* value, const gs_block* b, uint32_t es) {
    if (b->n == 0) {
        memcpy(dst, src ? src : value, es);
        return;
    }
    const uint32_t last = b->n - 1;
    const int64_t ss = b->ss[last], ds = b->ds[last];
    const uint64_t run = b->size[last];
    uint32_t c[8] = {0};
    int64_t so = 0, dso = 0;
    for (;;) {
        if (src) copy_run(dst + dso * es, ds, src + so * es, ss, run, es);
        else fill_run(dst + dso * es, ds, value, run, es);
        int d = (int)last - 1;
        for (; d >= 0; d--) {
            so += b->ss[d];
            dso += b->ds[d];
            if (++c[d] < b->size[d]) break;
            so -= b->ss[d] * (int64_t)b->size[d];
            dso -= b->ds[d] * (int64_t)b->size[d];
            c[d] = 0;
        }
        if (d < 0) return;
    }
}

/* ---- row walker: a dimension odometer carrying offsets of up to three tensors ---- */

typedef struct gs_walk {
    uint32_t n;
    uint32_t size[8];
    int64_t st[3][8];
    uint64_t count;
} gs_walk;

static void walk_add(gs_walk* w, uint32_t size, int64_t s0, int64_t s1, int64_t s2) {
    if (size == 1) return;
    w->size[w->n] = size;
    w->st[0][w->n] = s0;
    w->st[1][w->n] = s1;
    w->st[2][w->n] = s2;
    w->n++;
}

static void walk_finish(gs_walk* w) {
    w->count = 1;
    for (uint32_t i = 0; i < w->n; i++) w->count *= w->size[i];
}

static void walk_seek(const gs_walk* w, uint64_t flat, uint32_t* c, int64_t* off) {
    off[0] = off[1] = off[2] = 0;
    for (int d = (int)w->n - 1; d >= 0; d--) {
        c[d] = (uint32_t)(flat % w->size[d]);
        flat /= w->size[d];
        for (int t = 0; t < 3; t++) off[t] += (int64_t)c[d] * w->st[t][d];
    }
}

static inline void walk_next(const gs_walk* w, uint32_t* c, int64_t* off) {
    for (int d = (int)w->n - 1; d >= 0; d--) {
        for (int t = 0; t < 3; t++) off[t] += w->st[t][d];
        if (++c[d] < w->size[d]) return;
        for (int t = 0; t < 3; t++) off[t] -= w->st[t][d] * (int64_t)w->size[d];
        c[d] = 0;
    }
}

/* Thread t's share [*a, *b) of n items. */
static void share(uint64_t n, int t, int nt, uint64_t* a, uint64_t* b) {
    *a = n * (uint64_t)t / (uint64_t)nt;
    *b = n * (uint64_t)(t + 1) / (uint64_t)nt;
}

/* 1 when no two coordinates of the view share memory (sorted strides, each step clears the extent
 * of the smaller ones): only then may threads write different coordinates at once. */
static int view_injective(const pydml_tensor* v) {
    uint64_t st[8], sz[8];
    uint32_t n = 0;
    for (uint32_t i = 0; i < v->dim_count; i++)
        if (v->sizes[i] > 1) { st[n] = v->strides[i]; sz[n] = v->sizes[i]; n++; }
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = i; j > 0 && st[j - 1] > st[j]; j--) {
            uint64_t t = st[j]; st[j] = st[j - 1]; st[j - 1] = t;
            t = sz[j]; sz[j] = sz[j - 1]; sz[j - 1] = t;
        }
    uint64_t extent = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (st[i] < extent) return 0;
        extent = st[i] * (sz[i] - 1) + 1;
    }
    return 1;
}

static int threads_for(uint64_t work) {
#ifdef _OPENMP
    if (work < GS_PARALLEL_MIN) return 1;
    return omp_get_max_threads();
#else
    (void)work;
    return 1;
#endif
}

/* ---- slices engine (GATHER, GATHER_ND(1), SCATTER_ND) ---- */

typedef struct nd_job {
    gs_walk rows;             /* offsets: [0] dense side, [1] indices, [2] indexed side (batch/prefix) */
    uint32_t t;               /* index tuple size */
    int64_t comp_stride;      /* indices stride between tuple components */
    uint32_t ax_size[8];
    int64_t ax_stride[8];
    gs_block blk;             /* gather: src = indexed, dst = dense; scatter: src = dense, dst = indexed */
    int scatter, mode;
    int parallel_ok;          /* the written view does not alias itself */
    uint32_t es, itype, ib;
    char* dense;
    char* indexed;
    const char* idx;
} nd_job;

/* The indexed side's offset of the slice of one index row; 0 when the row is out of range (and
 * the mode is not clamping). */
static inline int nd_resolve(const nd_job* J, int64_t idx_off, int64_t* off) {
    const uint32_t ib = J->ib;
    int ok = 1;
    for (uint32_t c = 0; c < J->t; c++) {
        int64_t v = idx_load(J->idx + (idx_off + (int64_t)c * J->comp_stride) * (int64_t)ib, J->itype);
        if (!idx_fix(&v, J->ax_size[c])) {
            if (J->mode != OOR_CLAMP) { ok = 0; break; }
            v = v < 0 ? 0 : (int64_t)J->ax_size[c] - 1;
        }
        *off += v * J->ax_stride[c];
    }
    return ok;
}

#define GS_STREAM_MIN ((uint64_t)8 << 20) /* output bytes above which gathers stream past the caches */
#define GS_ONE_HOT_STAGE 16384u           /* bytes of the longest ONE_HOT sequence streamed from L1 */


static void nd_rows(const nd_job* J, uint64_t r0, uint64_t r1, const gs_block* blk, int64_t col_off_src,
                    int64_t col_off_dst) {
    if (r0 >= r1) return;
    uint32_t c[8];
    int64_t off[3];
    walk_seek(&J->rows, r0, c, off);
    const uint32_t es = J->es;
    static const char zero[8] = {0};
    /* one contiguous run on both sides (the embedding / row case): a plain copy per row. (Software
     * prefetching of the next rows' slices was measured slower than the hardware's own.) */
    const uint64_t run_bytes = blk->n == 1 && blk->ds[0] == 1 && blk->ss[0] == 1 ? blk->count * es : 0;
#ifdef GS_X86
    const uint32_t features = pydml_active_cpu_features();
    const int stream = run_bytes >= 256 && !J->scatter && J->rows.count * run_bytes >= GS_STREAM_MIN &&
                       (features & (PYDML_CPU_AVX512 | PYDML_CPU_AVX2_FMA));
    /* streamed past the caches (pydml_stream_copy_bytes): whole lines skip the write-allocate read
     * of every line, 1.6-2x on the 50 000-row embedding case (AVX-512 path); on the AVX2 path of the
     * Intel host two 32-byte stores a line, 0.86-0.90 -> 1.03-1.38x torch */
    const unsigned width = features & PYDML_CPU_AVX512 ? 64u : 32u;
#endif
    for (uint64_t r = r0; r < r1; r++) {
        int64_t ioff = off[2];
        int ok = nd_resolve(J, off[1], &ioff);
        if (run_bytes && ok) { /* one contiguous run on both sides: a plain memcpy */
            if (J->scatter) memcpy(J->indexed + (ioff + col_off_dst) * es, J->dense + (off[0] + col_off_src) * es, run_bytes);
            else {
                char* d = J->dense + (off[0] + col_off_dst) * es;
                const char* src = J->indexed + (ioff + col_off_src) * es;
#ifdef GS_X86
                if (stream) pydml_stream_copy_bytes(d, src, run_bytes, width);
                else
#endif
                    memcpy(d, src, run_bytes);
            }
        } else if (J->scatter) {
            if (ok) block_move(J->indexed + (ioff + col_off_dst) * es, J->dense + (off[0] + col_off_src) * es, NULL, blk, es);
        } else if (ok) {
            block_move(J->dense + (off[0] + col_off_dst) * es, J->indexed + (ioff + col_off_src) * es, NULL, blk, es);
        } else {
            block_move(J->dense + (off[0] + col_off_dst) * es, NULL, zero, blk, es);
        }
        walk_next(&J->rows, c, off);
    }
#ifdef GS_X86
    if (stream) _mm_sfence();
#endif
}

static void nd_run(nd_job* J) {
    walk_finish(&J->rows);
    J->ib = pydml_data_type_bits(J->itype) / 8u;
    const uint64_t rows = J->rows.count;
    const uint64_t work = rows * J->blk.count;
    int nt = J->parallel_ok ? threads_for(work) : 1;
    if (!J->scatter) {
        if (nt > 1 && rows > 1) {
#ifdef _OPENMP
#pragma omp parallel num_threads(nt)
            {
                uint64_t a, b;
                share(rows, omp_get_thread_num(), omp_get_num_threads(), &a, &b);
                nd_rows(J, a, b, &J->blk, 0, 0);
            }
#endif
            return;
        }
        nd_rows(J, 0, rows, &J->blk, 0, 0);
        return;
    }
    /* scatter: threads split the columns of a one-dimensional slice, each walking every row in index
     * order; anything else runs serially (any two index rows may write the same slice). */
    if (nt > 1 && J->blk.n == 1 && J->blk.count >= 256) {
#ifdef _OPENMP
#pragma omp parallel num_threads(nt)
        {
            uint64_t a, b;
            share(J->blk.count, omp_get_thread_num(), omp_get_num_threads(), &a, &b);
            gs_block part = J->blk;
            part.size[0] = (uint32_t)(b - a);
            part.count = b - a;
            if (b > a) nd_rows(J, 0, rows, &part, (int64_t)a * J->blk.ss[0], (int64_t)a * J->blk.ds[0]);
        }
#endif
        return;
    }
    nd_rows(J, 0, rows, &J->blk, 0, 0);
}

/* ---- elements engine (GATHER_ELEMENTS, SCATTER_ELEMENTS) ---- */

typedef struct el_job {
    gs_walk rows;             /* offsets: [0] dense (output / updates), [1] indices, [2] indexed (Axis stride 0) */
    uint64_t jn;              /* inner dimension */
    int64_t js[3];
    uint64_t ax_size;
    int64_t ax_stride;
    int scatter;
    uint32_t es, itype;
    char* dense;
    char* indexed;
    const char* idx;
} el_job;

/* One typed inner loop per (element size, index type): the index read widens once per element. */
#define EL_LOOP(NAME, T, IT, WIDEN)                                                                       \
    static void NAME(const el_job* J, int64_t d0, int64_t x0, int64_t i0, uint64_t n) {                               \
        T* dense = (T*)(void*)J->dense;                                                                   \
        T* indexed = (T*)(void*)J->indexed;                                                               \
        const IT* idx = (const IT*)(const void*)J->idx;                                                   \
        const int64_t jd = J->js[0], jx = J->js[1], ji = J->js[2], as = J->ax_stride;                     \
        const uint64_t size = J->ax_size;                                                                 \
        if (J->scatter) {                                                                                 \
            for (uint64_t j = 0; j < n; j++) {                                                            \
                int64_t v = WIDEN(idx[x0 + (int64_t)j * jx]);                                             \
                if (!idx_fix(&v, size)) continue;                                                         \
                indexed[i0 + (int64_t)j * ji + v * as] = dense[d0 + (int64_t)j * jd];                     \
            }                                                                                             \
        } else {                                                                                          \
            for (uint64_t j = 0; j < n; j++) {                                                            \
                int64_t v = WIDEN(idx[x0 + (int64_t)j * jx]);                                             \
                dense[d0 + (int64_t)j * jd] = idx_fix(&v, size) ? indexed[i0 + (int64_t)j * ji + v * as] : (T)0; \
            }                                                                                             \
        }                                                                                                 \
    }
#define W_S(x) ((int64_t)(x))
#define W_U64(x) ((x) > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)(x))
#define EL_TYPES(T, S)                          \
    EL_LOOP(el_##S##_i32, T, int32_t, W_S)      \
    EL_LOOP(el_##S##_u32, T, uint32_t, W_S)     \
    EL_LOOP(el_##S##_i64, T, int64_t, W_S)      \
    EL_LOOP(el_##S##_u64, T, uint64_t, W_U64)
EL_TYPES(uint8_t, 8)
EL_TYPES(uint16_t, 16)
EL_TYPES(uint32_t, 32)
EL_TYPES(uint64_t, 64)

typedef void (*el_fn)(const el_job*, int64_t, int64_t, int64_t, uint64_t);

static el_fn el_pick(uint32_t es, uint32_t itype) {
    static const el_fn table[4][4] = {
        {el_8_i32, el_8_u32, el_8_i64, el_8_u64},
        {el_16_i32, el_16_u32, el_16_i64, el_16_u64},
        {el_32_i32, el_32_u32, el_32_i64, el_32_u64},
        {el_64_i32, el_64_u32, el_64_i64, el_64_u64},
    };
    int e = es == 1 ? 0 : es == 2 ? 1 : es == 4 ? 2 : 3;
    int i = itype == DML_TENSOR_DATA_TYPE_INT32 ? 0 : itype == DML_TENSOR_DATA_TYPE_UINT32 ? 1
            : itype == DML_TENSOR_DATA_TYPE_INT64 ? 2 : 3;
    return table[e][i];
}

/* The scalar gathers of a contiguous index/output run along a contiguous Axis of the same element
 * (GATHER_ELEMENTS' common case: torch.gather along the last axis), without the strides' products
 * and the branches of the general loop: the element is read at index 0 where the index is out of
 * range and replaced by 0, the general loop's result. Returns the elements done (n, or 0 when the
 * run is not of that form). On the AVX2 path of the Intel host, [1024, 4096] FLOAT32 along the last
 * axis with INT64 indices, builds side by side: 0.93-0.99x -> 0.96-1.06x torch.gather (the output
 * streamed four at a time as well measured the same: left out). */
#define EL_SIMPLE(NAME, T, IT, SIGNED)                                                                    \
    static uint64_t NAME(const el_job* J, int64_t d0, int64_t x0, int64_t i0) {                         \
        if (J->ax_stride != 1 || J->js[2] != 0) return 0;                                                 \
        const uint64_t n = J->jn, size = J->ax_size;                                                      \
        const IT* idx = (const IT*)(const void*)J->idx + x0;                                              \
        const T* base = (const T*)(const void*)J->indexed + i0;                                           \
        T* out = (T*)(void*)J->dense + d0;                                                                \
        for (uint64_t j = 0; j < n; j++) {                                                                \
            uint64_t v = (uint64_t)idx[j];                                                                \
            if (SIGNED) v += (uint64_t)((int64_t)idx[j] >> 63) & size; /* negative: counted from the end */ \
            const int ok = v < size;                                                                      \
            const T t = base[ok ? v : 0];                                                                 \
            out[j] = ok ? t : (T)0;                                                                       \
        }                                                                                                 \
        return n;                                                                                         \
    }
EL_SIMPLE(els4_i32, uint32_t, int32_t, 1)
EL_SIMPLE(els4_u32, uint32_t, uint32_t, 0)
EL_SIMPLE(els4_i64, uint32_t, int64_t, 1)
EL_SIMPLE(els4_u64, uint32_t, uint64_t, 0)
EL_SIMPLE(els8_i32, uint64_t, int32_t, 1)
EL_SIMPLE(els8_u32, uint64_t, uint32_t, 0)
EL_SIMPLE(els8_i64, uint64_t, int64_t, 1)
EL_SIMPLE(els8_u64, uint64_t, uint64_t, 0)
#undef EL_SIMPLE

/* AVX-512 gathers of 4- and 8-byte elements along a contiguous index/output run: 8 lanes of int64
 * offsets; a lane whose index is out of range (after the signed wrap) is masked off and stores 0,
 * exactly the scalar loop's result. Returns the elements done (a multiple of 8). */
typedef uint64_t (*el_vec_fn)(const el_job*, int64_t, int64_t, int64_t);
#ifdef GS_X86
#define EL_VEC(NAME, LOADIDX, SIGNED, ES)                                                                  \
    EW_T512 static uint64_t NAME(const el_job* J, int64_t d0, int64_t x0, int64_t i0) {                  \
        const uint64_t n = J->jn;                                                                         \
        const __m512i size = _mm512_set1_epi64((long long)J->ax_size);                                    \
        const __m512i as = _mm512_set1_epi64(J->ax_stride), ji = _mm512_set1_epi64(J->js[2]);             \
        const int simple = J->ax_stride == 1 && J->js[2] == 0;                                            \
        const char* idx = J->idx + x0 * (int64_t)pydml_data_type_bits(J->itype) / 8;                     \
        const char* base = J->indexed + i0 * ES;                                                          \
        char* out = J->dense + d0 * ES;                                                                   \
        __m512i jv = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);                                           \
        uint64_t j = 0;                                                                                   \
        for (; j + 8 <= n; j += 8) {                                                                      \
            __m512i v = LOADIDX;                                                                          \
            if (SIGNED) v = _mm512_mask_add_epi64(v, _mm512_cmplt_epi64_mask(v, _mm512_setzero_si512()), v, size); \
            const __mmask8 ok = _mm512_cmplt_epu64_mask(v, size);                                         \
            const __m512i offs = simple ? v : _mm512_add_epi64(_mm512_mullo_epi64(v, as), _mm512_mullo_epi64(jv, ji)); \
            if (ES == 4)                                                                                  \
                _mm256_storeu_si256((__m256i*)(void*)(out + j * 4),                                        \
                                    _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), ok, offs, base, 4)); \
            else                                                                                          \
                _mm512_storeu_si512((void*)(out + j * 8),                                                  \
                                    _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), ok, offs, base, 8)); \
            jv = _mm512_add_epi64(jv, _mm512_set1_epi64(8));                                              \
        }                                                                                                 \
        return j;                                                                                         \
    }
#define LD64 _mm512_loadu_si512((const void*)(idx + j * 8))
#define LDI32 _mm512_cvtepi32_epi64(_mm256_loadu_si256((const __m256i*)(const void*)(idx + j * 4)))
#define LDU32 _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i*)(const void*)(idx + j * 4)))
EL_VEC(elv4_i32, LDI32, 1, 4)
EL_VEC(elv4_u32, LDU32, 0, 4)
EL_VEC(elv4_i64, LD64, 1, 4)
EL_VEC(elv4_u64, LD64, 0, 4)
EL_VEC(elv8_i32, LDI32, 1, 8)
EL_VEC(elv8_u32, LDU32, 0, 8)
EL_VEC(elv8_i64, LD64, 1, 8)
EL_VEC(elv8_u64, LD64, 0, 8)
#undef LD64
#undef LDI32
#undef LDU32

#endif

static el_vec_fn el_pick_vec(const el_job* J) {
    if (J->scatter || (J->es != 4 && J->es != 8) || J->js[0] != 1 || J->js[1] != 1) return NULL;
    const int i = J->itype == DML_TENSOR_DATA_TYPE_INT32 ? 0 : J->itype == DML_TENSOR_DATA_TYPE_UINT32 ? 1
                  : J->itype == DML_TENSOR_DATA_TYPE_INT64 ? 2 : 3;
#ifdef GS_X86
    if (pydml_active_cpu_features() & PYDML_CPU_AVX512) {
        static const el_vec_fn t4[4] = {elv4_i32, elv4_u32, elv4_i64, elv4_u64};
        static const el_vec_fn t8[4] = {elv8_i32, elv8_u32, elv8_i64, elv8_u64};
        return J->es == 4 ? t4[i] : t8[i];
    }
#endif
    static const el_vec_fn s4[4] = {els4_i32, els4_u32, els4_i64, els4_u64};
    static const el_vec_fn s8[4] = {els8_i32, els8_u32, els8_i64, els8_u64};
    return J->es == 4 ? s4[i] : s8[i];
}

static void el_rows(const el_job* J, el_fn fn, el_vec_fn vec, uint64_t r0, uint64_t r1) {
    if (r0 >= r1) return;
    uint32_t c[8];
    int64_t off[3];
    walk_seek(&J->rows, r0, c, off);
    for (uint64_t r = r0; r < r1; r++) {
        uint64_t done = vec ? vec(J, off[0], off[1], off[2]) : 0;
        if (done < J->jn)
            fn(J, off[0] + (int64_t)done * J->js[0], off[1] + (int64_t)done * J->js[1], off[2] + (int64_t)done * J->js[2],
               J->jn - done);
        walk_next(&J->rows, c, off);
    }
}

static void el_run(el_job* J, int parallel_ok) {
    walk_finish(&J->rows);
    el_fn fn = el_pick(J->es, J->itype);
    el_vec_fn vec = el_pick_vec(J);
    const uint64_t rows = J->rows.count;
    int nt = parallel_ok ? threads_for(rows * J->jn) : 1;
    if (nt > 1 && rows > 1) {
#ifdef _OPENMP
#pragma omp parallel num_threads(nt)
        {
            uint64_t a, b;
            share(rows, omp_get_thread_num(), omp_get_num_threads(), &a, &b);
            el_rows(J, fn, vec, a, b);
        }
#endif
        return;
    }
    el_rows(J, fn, vec, 0, rows);
}

/* ---- whole-tensor copy (the scatters' output = input) ---- */

static void copy_tensor(const pydml_tensor* dst, const pydml_tensor* src) {
    const uint32_t es = pydml_data_type_bits(src->data_type) / 8u;
    if (dst->data == src->data) {
        int same = 1;
        for (uint32_t i = 0; i < dst->dim_count; i++) same &= dst->strides[i] == src->strides[i] || dst->sizes[i] == 1;
        if (same) return;
    }
    /* one contiguous run on both sides (the common case): threads split it into memcpy chunks */
    gs_block whole;
    memset(&whole, 0, sizeof whole);
    for (uint32_t i = 0; i < dst->dim_count; i++)
        block_add(&whole, dst->sizes[i], (int64_t)src->strides[i], (int64_t)dst->strides[i]);
    block_finish(&whole);
    if (whole.n <= 1 && (whole.n == 0 || (whole.ss[0] == 1 && whole.ds[0] == 1))) {
        const uint64_t bytes = whole.count * es;
        int nt1 = threads_for(whole.count);
        (void)nt1;
#ifdef _OPENMP
#pragma omp parallel num_threads(nt1) if (nt1 > 1)
#endif
        {
            uint64_t a = 0, e = bytes;
#ifdef _OPENMP
            share(bytes / 64, omp_get_thread_num(), omp_get_num_threads(), &a, &e);
            a *= 64;
            e = omp_get_thread_num() == omp_get_num_threads() - 1 ? bytes : e * 64;
#endif
            if (a < e) memcpy((char*)dst->data + a, (const char*)src->data + a, e - a);
        }
        return;
    }
    /* rows: every dim but the last (threads split them); the last is the block */
    gs_walk w;
    memset(&w, 0, sizeof w);
    const uint32_t n = dst->dim_count;
    for (uint32_t i = 0; i + 1 < n; i++)
        walk_add(&w, dst->sizes[i], (int64_t)src->strides[i], (int64_t)dst->strides[i], 0);
    walk_finish(&w);
    gs_block b;
    memset(&b, 0, sizeof b);
    block_add(&b, dst->sizes[n - 1], (int64_t)src->strides[n - 1], (int64_t)dst->strides[n - 1]);
    block_finish(&b);
    const uint64_t rows = w.count;
    int nt = threads_for(rows * b.count);
    if (!view_injective(dst)) nt = 1;
    (void)nt;
#ifdef _OPENMP
#pragma omp parallel num_threads(nt) if (nt > 1)
#endif
    {
        uint64_t a = 0, e = rows;
#ifdef _OPENMP
        share(rows, omp_get_thread_num(), omp_get_num_threads(), &a, &e);
#endif
        if (a < e) {
            uint32_t c[8];
            int64_t off[3];
            walk_seek(&w, a, c, off);
            for (uint64_t r = a; r < e; r++) {
                block_move((char*)dst->data + off[1] * es, (const char*)src->data + off[0] * es, NULL, &b, es);
                walk_next(&w, c, off);
            }
        }
    }
}

/* ---- operators ---- */

static int64_t st(const pydml_tensor* v, uint32_t d) { return (int64_t)v->strides[d]; }

/* GATHER: output dims are (right-aligned) {Input[0..Axis), Indices[N-ID..N), Input[Axis+1..N)}. */
static void run_gather(const gs_plan* P, const pydml_tensor* x, const pydml_tensor* ix, const pydml_tensor* y) {
    const uint32_t N = x->dim_count, a = P->axis, ID = P->index_dims;
    nd_job J;
    memset(&J, 0, sizeof J);
    /* concatenated (tag, source dim) list, then right-aligned onto the output's N dims */
    int tag[24];
    uint32_t src[24];
    uint32_t len = 0;
    for (uint32_t d = 0; d < a; d++) { tag[len] = 0; src[len++] = d; }
    for (uint32_t d = N - ID; d < N; d++) { tag[len] = 1; src[len++] = d; }
    const uint32_t suffix = N - 1 - a;
    const uint32_t lead = len; /* entries before the suffix */
    /* output dim o (< N - suffix) <- list entry lead - (N - suffix) + o (negative: a padded 1) */
    for (uint32_t o = 0; o + suffix < N; o++) {
        int64_t e = (int64_t)lead - (int64_t)(N - suffix) + (int64_t)o;
        if (e < 0) continue; /* padded leading 1 */
        uint32_t d = src[e];
        if (tag[e] == 0) walk_add(&J.rows, y->sizes[o], st(y, o), 0, st(x, d));
        else walk_add(&J.rows, y->sizes[o], st(y, o), st(ix, d), 0);
    }
    for (uint32_t k = 0; k < suffix; k++) block_add(&J.blk, x->sizes[a + 1 + k], st(x, a + 1 + k), st(y, a + 1 + k));
    block_finish(&J.blk);
    J.t = 1;
    J.ax_size[0] = x->sizes[a];
    J.ax_stride[0] = st(x, a);
    J.mode = OOR_CLAMP;
    J.es = pydml_data_type_bits(x->data_type) / 8u;
    J.itype = ix->data_type;
    J.dense = y->data;
    J.indexed = x->data;
    J.idx = ix->data;
    J.parallel_ok = view_injective(y);
    nd_run(&J);
}

/* GATHER_ND(1) / SCATTER_ND: `dense` is the output (gather) or UpdatesTensor (scatter), `indexed`
 * the input (gather) or output (scatter). */
static void run_nd(const gs_plan* P, const pydml_tensor* indexed, const pydml_tensor* ix, const pydml_tensor* dense,
                   int scatter) {
    const uint32_t N = indexed->dim_count, r = P->in_dims, q = P->idx_dims, b = P->batch;
    const uint32_t t = ix->sizes[N - 1];
    const uint32_t s = r - b - t;             /* slice dims */
    nd_job J;
    memset(&J, 0, sizeof J);
    for (uint32_t k = 0; k + 1 < q; k++) {
        uint32_t o = N - s - (q - 1) + k;
        walk_add(&J.rows, dense->sizes[o], st(dense, o), st(ix, N - q + k), k < b ? st(indexed, N - r + k) : 0);
    }
    for (uint32_t k = 0; k < s; k++) {
        uint32_t d = N - s + k;
        if (scatter) block_add(&J.blk, dense->sizes[d], st(dense, d), st(indexed, d));
        else block_add(&J.blk, dense->sizes[d], st(indexed, d), st(dense, d));
    }
    block_finish(&J.blk);
    J.t = t;
    J.comp_stride = st(ix, N - 1);
    for (uint32_t c = 0; c < t; c++) {
        J.ax_size[c] = indexed->sizes[N - r + b + c];
        J.ax_stride[c] = st(indexed, N - r + b + c);
    }
    J.scatter = scatter;
    J.mode = scatter ? OOR_SKIP : OOR_ZERO;
    J.es = pydml_data_type_bits(indexed->data_type) / 8u;
    J.itype = ix->data_type;
    J.dense = dense->data;
    J.indexed = indexed->data;
    J.idx = ix->data;
    J.parallel_ok = view_injective(scatter ? indexed : dense);
    nd_run(&J);
}

/* GATHER_ELEMENTS / SCATTER_ELEMENTS: the index tensor's shape is walked; gathers run the last
 * dimension innermost (contiguous reads of indices and output), scatters run Axis innermost so a
 * row owns its output line. */
static void run_elements(const gs_plan* P, const pydml_tensor* indexed, const pydml_tensor* ix, const pydml_tensor* dense,
                         int scatter) {
    const uint32_t N = indexed->dim_count, a = P->axis;
    el_job J;
    memset(&J, 0, sizeof J);
    const uint32_t inner = scatter ? a : N - 1;
    for (uint32_t d = 0; d < N; d++) {
        if (d == inner) continue;
        walk_add(&J.rows, ix->sizes[d], st(dense, d), st(ix, d), d == a ? 0 : st(indexed, d));
    }
    J.jn = ix->sizes[inner];
    J.js[0] = st(dense, inner);
    J.js[1] = st(ix, inner);
    J.js[2] = inner == a ? 0 : st(indexed, inner);
    J.ax_size = indexed->sizes[a];
    J.ax_stride = st(indexed, a);
    J.scatter = scatter;
    J.es = pydml_data_type_bits(indexed->data_type) / 8u;
    J.itype = ix->data_type;
    J.dense = dense->data;
    J.indexed = indexed->data;
    J.idx = ix->data;
    el_run(&J, view_injective(scatter ? indexed : dense));
}

/* The element at row-major position `flat` of a view. */
static const char* element_at(const pydml_tensor* v, uint64_t flat) {
    int64_t off = 0;
    for (int d = (int)v->dim_count - 1; d >= 0; d--) {
        off += (int64_t)(flat % v->sizes[d]) * st(v, (uint32_t)d);
        flat /= v->sizes[d];
    }
    return (const char*)v->data + off * (int64_t)(pydml_data_type_bits(v->data_type) / 8u);
}

/* ONE_HOT: one sequence per row (every output dim but Axis): OffValue, then OnValue at the index. */
static void run_one_hot(const gs_plan* P, const pydml_tensor* ix, const pydml_tensor* values, const pydml_tensor* y) {
    const uint32_t N = y->dim_count, a = P->axis;
    const uint32_t es = pydml_data_type_bits(y->data_type) / 8u, ib = pydml_data_type_bits(ix->data_type) / 8u;
    char off_v[8], on_v[8];
    memcpy(off_v, element_at(values, 0), es);
    memcpy(on_v, element_at(values, 1), es);
    gs_walk w;
    memset(&w, 0, sizeof w);
    for (uint32_t d = 0; d < N; d++)
        if (d != a) walk_add(&w, y->sizes[d], st(y, d), st(ix, d), 0);
    walk_finish(&w);
    const uint64_t rows = w.count, len = y->sizes[a];
    const int64_t as = st(y, a);
    int nt = view_injective(y) ? threads_for(rows * len) : 1;
    (void)nt;
    /* Contiguous sequences of an output past GS_STREAM_MIN: each one is a row of OffValue kept in
     * L1 (OnValue put in and taken out again) streamed out whole (pydml_stream_copy_bytes), instead
     * of a fill through ordinary stores that read each line first: 8192 x 1000 FLOAT32 on 2 threads
     * of the Intel host, 4.3-4.5 -> 1.6-1.9 ms on either vector path (torch's one_hot 17-22 ms) */
    int stream = 0;
    unsigned width = 32u;
#ifdef GS_X86
    const uint32_t features = pydml_active_cpu_features();
    stream = as == 1 && len * es <= GS_ONE_HOT_STAGE && len * es >= 256 && rows * len * es >= GS_STREAM_MIN &&
             (features & (PYDML_CPU_AVX512 | PYDML_CPU_AVX2_FMA));
    width = features & PYDML_CPU_AVX512 ? 64u : 32u;
#endif
#ifdef _OPENMP
#pragma omp parallel num_threads(nt) if (nt > 1)
#endif
    {
        uint64_t r0 = 0, r1 = rows;
#ifdef _OPENMP
        share(rows, omp_get_thread_num(), omp_get_num_threads(), &r0, &r1);
#endif
        _Alignas(64) char stage[GS_ONE_HOT_STAGE];
        if (stream && r0 < r1) fill_run(stage, 1, off_v, len, es);
        if (r0 < r1) {
            uint32_t c[8];
            int64_t off[3];
            walk_seek(&w, r0, c, off);
            for (uint64_t r = r0; r < r1; r++) {
                char* row = (char*)y->data + off[0] * es;
                int64_t v = idx_load((const char*)ix->data + off[1] * ib, ix->data_type);
                const int hot = idx_fix(&v, len);
#ifdef GS_X86
                if (stream) {
                    if (hot) memcpy(stage + v * es, on_v, es);
                    pydml_stream_copy_bytes(row, stage, len * es, width);
                    if (hot) memcpy(stage + v * es, off_v, es);
                    walk_next(&w, c, off);
                    continue;
                }
#endif
                fill_run(row, as, off_v, len, es);
                if (hot) memcpy(row + v * as * es, on_v, es);
                walk_next(&w, c, off);
            }
        }
#ifdef GS_X86
        if (stream) _mm_sfence();
#endif
    }
    (void)width;
}

/* REVERSE_SUBSEQUENCES: per sequence along Axis, the first L (clamped to Sizes[Axis]) reversed. */
static void run_reverse(const gs_plan* P, const pydml_tensor* x, const pydml_tensor* lens, const pydml_tensor* y) {
    const uint32_t N = x->dim_count, a = P->axis;
    const uint32_t es = pydml_data_type_bits(x->data_type) / 8u, ib = pydml_data_type_bits(lens->data_type) / 8u;
    gs_walk w;
    memset(&w, 0, sizeof w);
    for (uint32_t d = 0; d < N; d++)
        if (d != a) walk_add(&w, x->sizes[d], st(x, d), st(lens, d), st(y, d));
    walk_finish(&w);
    const uint64_t rows = w.count, len = x->sizes[a];
    const int64_t xs = st(x, a), ys = st(y, a);
    int nt = view_injective(y) ? threads_for(rows * len) : 1;
    (void)nt;
#ifdef _OPENMP
#pragma omp parallel num_threads(nt) if (nt > 1)
#endif
    {
        uint64_t r0 = 0, r1 = rows;
#ifdef _OPENMP
        share(rows, omp_get_thread_num(), omp_get_num_threads(), &r0, &r1);
#endif
        if (r0 < r1) {
            uint32_t c[8];
            int64_t off[3];
            walk_seek(&w, r0, c, off);
            for (uint64_t r = r0; r < r1; r++) {
                int64_t l = idx_load((const char*)lens->data + off[1] * ib, lens->data_type);
                uint64_t L = l < 0 ? 0 : (uint64_t)l > len ? len : (uint64_t)l; /* lengths are unsigned (page) */
                const char* src = (const char*)x->data + off[0] * es;
                char* dst = (char*)y->data + off[2] * es;
                if (L > 0) copy_run(dst, ys, src + (int64_t)(L - 1) * xs * es, -xs, L, es);
                if (L < len) copy_run(dst + (int64_t)L * ys * es, ys, src + (int64_t)L * xs * es, xs, len - L, es);
                walk_next(&w, c, off);
            }
        }
    }
}

/* MAX_UNPOOLING: zeros, then output[flat index] = input, serially in the input's row-major order. */
static void run_unpool(const pydml_tensor* x, const pydml_tensor* ix, const pydml_tensor* y) {
    const uint32_t es = pydml_data_type_bits(y->data_type) / 8u, ib = pydml_data_type_bits(ix->data_type) / 8u;
    static const char zero[8] = {0};
    gs_block all;
    memset(&all, 0, sizeof all);
    for (uint32_t d = 0; d < y->dim_count; d++) block_add(&all, y->sizes[d], 0, st(y, d));
    block_finish(&all);
    block_move(y->data, NULL, zero, &all, es);
    const uint64_t total = pydml_tensor_element_count(y);
    gs_walk w;
    memset(&w, 0, sizeof w);
    for (uint32_t d = 0; d < x->dim_count; d++) walk_add(&w, x->sizes[d], st(x, d), st(ix, d), 0);
    walk_finish(&w);
    uint32_t c[8];
    int64_t off[3];
    walk_seek(&w, 0, c, off);
    for (uint64_t e = 0; e < w.count; e++) {
        int64_t v = idx_load((const char*)ix->data + off[1] * ib, ix->data_type);
        if (v >= 0 && (uint64_t)v < total) memcpy((char*)element_at(y, (uint64_t)v), (const char*)x->data + off[0] * es, es);
        walk_next(&w, c, off);
    }
}

static int is_nonzero(const char* p, uint32_t type) {
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: { float v; memcpy(&v, p, 4); return !(v == 0.0f); }
    case DML_TENSOR_DATA_TYPE_FLOAT64: { double v; memcpy(&v, p, 8); return !(v == 0.0); }
    case DML_TENSOR_DATA_TYPE_FLOAT16: { uint16_t v; memcpy(&v, p, 2); return (v & 0x7fffu) != 0; }
    default: {
        uint64_t v = 0;
        memcpy(&v, p, pydml_data_type_bits(type) / 8u);
        return v != 0;
    }
    }
}

/* NONZERO_COORDINATES: chunks counted in parallel, then written from their prefix sums. */
static void run_nonzero(const pydml_tensor* x, const pydml_tensor* count, const pydml_tensor* coords) {
    const uint32_t N = x->dim_count, es = pydml_data_type_bits(x->data_type) / 8u;
    const uint32_t cr = coords->dim_count;
    const uint32_t width = coords->sizes[cr - 1];
    const int64_t rs = st(coords, cr - 2), cs = st(coords, cr - 1);
    uint32_t* out = coords->data;
    gs_walk w;
    memset(&w, 0, sizeof w);
    for (uint32_t d = 0; d < N; d++) walk_add(&w, x->sizes[d], st(x, d), 0, 0);
    walk_finish(&w);
    const uint64_t total = w.count;
    enum { CHUNKS = 64 };
    uint64_t found[CHUNKS + 1] = {0};
    int nt = threads_for(total);
    (void)nt;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nt) if (nt > 1) schedule(static)
#endif
    for (int k = 0; k < CHUNKS; k++) {
        uint64_t a, b;
        share(total, k, CHUNKS, &a, &b);
        if (a >= b) continue;
        uint32_t c[8];
        int64_t off[3];
        walk_seek(&w, a, c, off);
        uint64_t n = 0;
        for (uint64_t e = a; e < b; e++) {
            n += (uint64_t)is_nonzero((const char*)x->data + off[0] * es, x->data_type);
            walk_next(&w, c, off);
        }
        found[k + 1] = n;
    }
    for (int k = 0; k < CHUNKS; k++) found[k + 1] += found[k];
#ifdef _OPENMP
#pragma omp parallel for num_threads(nt) if (nt > 1) schedule(static)
#endif
    for (int k = 0; k < CHUNKS; k++) {
        uint64_t a, b;
        share(total, k, CHUNKS, &a, &b);
        if (a >= b) continue;
        uint64_t row = found[k];
        for (uint64_t e = a; e < b; e++) {
            if (!is_nonzero(element_at(x, e), x->data_type)) continue;
            /* the last `width` coordinates of e (leading ones are 0 when width > N) */
            uint64_t f = e;
            uint32_t* dst = out + (int64_t)row * rs;
            for (int d = (int)width - 1; d >= 0; d--) {
                int dim = (int)N - (int)width + d;
                uint32_t coord = 0;
                if (dim >= 0) { coord = (uint32_t)(f % x->sizes[dim]); f /= x->sizes[dim]; }
                dst[(int64_t)d * cs] = coord;
            }
            row++;
        }
    }
    /* rows past the count: zeros (the page leaves them undefined) */
    const uint64_t rows_total = coords->sizes[cr - 2];
    for (uint64_t r = found[CHUNKS]; r < rows_total; r++)
        for (uint32_t d = 0; d < width; d++) out[(int64_t)r * rs + (int64_t)d * cs] = 0;
    /* the count tensor is all-ones sizes: its single element */
    *(uint32_t*)count->data = (uint32_t)found[CHUNKS];
}

static pydml_status check_view(const pydml_tensor* v, const gs_view_spec* s) {
    pydml_status r = pydml_tensor_check(v);
    if (r) return r;
    if (v->data_type != s->type || v->dim_count != s->rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < s->rank; d++)
        if (v->sizes[d] != s->sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
    const gs_plan* P = plan;
    if (P == NULL || inputs == NULL || outputs == NULL || input_count < P->n_in || output_count < P->n_out)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    for (uint32_t i = 0; i < P->n_in; i++)
        if ((s = check_view(inputs[i], &P->in[i]))) return s;
    for (uint32_t i = 0; i < P->n_out; i++)
        if ((s = check_view(outputs[i], &P->out[i]))) return s;
    const pydml_tensor* y = outputs[0];
    switch (P->type) {
    case DML_OPERATOR_GATHER: run_gather(P, inputs[0], inputs[1], y); break;
    case DML_OPERATOR_GATHER_ND: case DML_OPERATOR_GATHER_ND1: run_nd(P, inputs[0], inputs[1], y, 0); break;
    case DML_OPERATOR_SCATTER_ND:
        copy_tensor(y, inputs[0]);
        run_nd(P, y, inputs[1], inputs[2], 1);
        break;
    case DML_OPERATOR_GATHER_ELEMENTS: run_elements(P, inputs[0], inputs[1], y, 0); break;
    case DML_OPERATOR_SCATTER_ELEMENTS:
        copy_tensor(y, inputs[0]);
        run_elements(P, y, inputs[1], inputs[2], 1);
        break;
    case DML_OPERATOR_ONE_HOT: run_one_hot(P, inputs[0], inputs[1], y); break;
    case DML_OPERATOR_REVERSE_SUBSEQUENCES: run_reverse(P, inputs[0], inputs[1], y); break;
    case DML_OPERATOR_MAX_UNPOOLING: run_unpool(inputs[0], inputs[1], y); break;
    case DML_OPERATOR_NONZERO_COORDINATES: run_nonzero(inputs[0], outputs[0], outputs[1]); break;
    default: return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    return PYDML_STATUS_SUCCESS;
}

const pydml_kernel_family pydml_family_gather_scatter = {"gather_scatter", create, destroy, execute, 0, NULL, NULL, NULL};
