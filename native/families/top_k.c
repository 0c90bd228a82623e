/* The top_k kernel family (families.h): TOP_K and TOP_K1 (pages MicrosoftDocs/sdk-api
 * ns-directml-dml_top_k_operator_desc.md, ns-directml-dml_top_k1_operator_desc.md; rules_top_k.c
 * checks the descs).
 *
 * The pages: for each sequence along Axis, the K largest elements (TOP_K; TOP_K1 with
 * DML_AXIS_DIRECTION_DECREASING) or the K smallest (TOP_K1 INCREASING), values sorted descending
 * (ascending for INCREASING) into OutputValueTensor and their indices relative to the start of the
 * sequence into OutputIndexTensor (UINT32 or UINT64). Ties: "the indices of both elements are
 * included, and are guaranteed to be ordered by ascending element index ... irrespective of the
 * value of AxisDirection"; so among equal values the lower index is selected first.
 *
 * Method: every element becomes an unsigned key whose order is the selection order (floats by
 * their bits with the sign folded, signed integers with the sign bit flipped; INCREASING inverts
 * the key), so the selection is "largest key, ties to the lower index". A sequence is scanned in
 * blocks of 64 keys; once K candidates are held, a block is tested whole against the K-th key
 * (vector compares) and only blocks holding a larger key are looked at element by element (a
 * later equal key never displaces an earlier one). Candidates live in a sorted array for K <= 32
 * and in a binary heap (worst on top) beyond, heap-sorted at the end: O(N + c log K) per
 * sequence, never a full sort. Output values are the input elements' own bits.
 *
 * Edges the pages leave open (decisions):
 *  - NaN counts as larger than every number (+inf included), as torch.topk: DECREASING selects
 *    NaNs first, INCREASING last; all NaNs tie (ordered by index), whatever their payload.
 *  - -0.0 and +0.0 are equal (a tie, ordered by index), as IEEE comparison says.
 *  - K = the sequence length is accepted (rules_top_k.c): the whole sequence, sorted.
 * Threads: OpenMP over the sequences. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "axis_split.h"
#include "elementwise.h"
#include "families.h"

#define TK_BLOCK 64
#define TK_SMALL_K 32
#define TK_PARALLEL_MIN 32768
/* Sequences are handed out in this many equal ranges per thread, dynamically (was one at a time:
 * short sequences spent their time in the hand-out) */
#define TK_CHUNKS_PER_THREAD 16

typedef struct topk_plan {
    uint32_t in_type, idx_type;
    uint32_t n, axis, k;
    int increasing;
    uint32_t in_sizes[PYDML_MAX_DIMS], out_sizes[PYDML_MAX_DIMS];
} topk_plan;

static int value_type_ok(uint32_t t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_INT8: case DML_TENSOR_DATA_TYPE_INT16: case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_INT64: case DML_TENSOR_DATA_TYPE_UINT8: case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_UINT32: case DML_TENSOR_DATA_TYPE_UINT64:
        return 1;
    default:
        return 0;
    }
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;

    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* ov = pydml_tensor_field(info, desc, "OutputValueTensor");
    const DML_BUFFER_TENSOR_DESC* oi = pydml_tensor_field(info, desc, "OutputIndexTensor");
    if (in == NULL || ov == NULL || oi == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (!value_type_ok(in->DataType)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (oi->DataType != DML_TENSOR_DATA_TYPE_UINT32 && oi->DataType != DML_TENSOR_DATA_TYPE_UINT64)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    topk_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    if (info->type == DML_OPERATOR_TOP_K) {
        const DML_TOP_K_OPERATOR_DESC* d = desc;
        p->axis = d->Axis;
        p->k = d->K;
    } else {
        const DML_TOP_K1_OPERATOR_DESC* d = desc;
        p->axis = d->Axis;
        p->k = d->K;
        p->increasing = d->AxisDirection == DML_AXIS_DIRECTION_INCREASING;
    }
    p->in_type = in->DataType;
    p->idx_type = oi->DataType;
    p->n = in->DimensionCount;
    /* validate.c ran the rules; re-checked so that no desc reaches memory it should not */
    int bad = p->n == 0 || p->n > PYDML_MAX_DIMS || ov->DimensionCount != p->n || oi->DimensionCount != p->n ||
              ov->DataType != in->DataType || p->axis >= p->n;
    for (uint32_t d = 0; d < p->n && !bad; d++) {
        p->in_sizes[d] = in->Sizes[d];
        p->out_sizes[d] = d == p->axis ? p->k : in->Sizes[d];
        bad = ov->Sizes[d] != p->out_sizes[d] || oi->Sizes[d] != p->out_sizes[d];
    }
    if (bad || p->k == 0 || p->k > in->Sizes[p->axis]) {
        free(p);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

/* ---- keys ---- */

static inline uint64_t key_f32(uint32_t u) {
    if ((u & 0x7fffffffu) > 0x7f800000u) return 0xffffffffu;   /* NaN: above +inf */
    if (u == 0x80000000u) u = 0;                                /* -0 ties with +0 */
    return (u >> 31) ? (uint64_t)(~u) : (uint64_t)(u | 0x80000000u);
}

static inline uint64_t key_f16(uint16_t h) {
    uint32_t u = h;
    if ((u & 0x7fffu) > 0x7c00u) return 0xffffu;
    if (u == 0x8000u) u = 0;
    return (u >> 15) ? (uint64_t)(~u & 0xffffu) : (uint64_t)(u | 0x8000u);
}

/* Keys of elements [i0, i0 + nb) of a sequence at p (stride in elements); INCREASING inverts. */
static void build_keys(uint32_t type, const char* p, uint64_t stride, uint64_t i0, size_t nb, uint64_t flip,
                       uint64_t* kb) {
#define TK_LOOP(T, EXPR)                                                                           \
    do {                                                                                           \
        const T* s = (const T*)p + i0 * stride;                                                    \
        if (stride == 1) for (size_t j = 0; j < nb; j++) { const T v = s[j]; kb[j] = (EXPR) ^ flip; } \
        else for (size_t j = 0; j < nb; j++) { const T v = s[j * stride]; kb[j] = (EXPR) ^ flip; } \
    } while (0)
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: TK_LOOP(uint32_t, key_f32(v)); break;
    case DML_TENSOR_DATA_TYPE_FLOAT16: TK_LOOP(uint16_t, key_f16(v)); break;
    case DML_TENSOR_DATA_TYPE_INT8: TK_LOOP(uint8_t, (uint64_t)(uint8_t)(v ^ 0x80u)); break;
    case DML_TENSOR_DATA_TYPE_INT16: TK_LOOP(uint16_t, (uint64_t)(uint16_t)(v ^ 0x8000u)); break;
    case DML_TENSOR_DATA_TYPE_INT32: TK_LOOP(uint32_t, (uint64_t)(v ^ 0x80000000u)); break;
    case DML_TENSOR_DATA_TYPE_INT64: TK_LOOP(uint64_t, v ^ 0x8000000000000000ull); break;
    case DML_TENSOR_DATA_TYPE_UINT8: TK_LOOP(uint8_t, (uint64_t)v); break;
    case DML_TENSOR_DATA_TYPE_UINT16: TK_LOOP(uint16_t, (uint64_t)v); break;
    case DML_TENSOR_DATA_TYPE_UINT32: TK_LOOP(uint32_t, (uint64_t)v); break;
    default: TK_LOOP(uint64_t, v); break;
    }
#undef TK_LOOP
}

/* ---- candidate sets: (key, index), "better" = larger key, then smaller index ---- */

typedef struct cand {
    uint64_t key;
    uint64_t idx;
} cand;

static inline int better(const cand* a, const cand* b) {
    return a->key > b->key || (a->key == b->key && a->idx < b->idx);
}

/* sorted array, best first: insert c (known better than the last when full) */
static inline void sorted_insert(cand* s, uint32_t* count, uint32_t k, cand c) {
    uint32_t i = *count < k ? (*count)++ : k - 1;
    while (i > 0 && better(&c, &s[i - 1])) {
        s[i] = s[i - 1];
        i--;
    }
    s[i] = c;
}

/* min-heap by "better": the worst candidate on top */
static inline void heap_sift_down(cand* h, uint32_t n, uint32_t i) {
    const cand c = h[i];
    for (;;) {
        uint32_t l = 2 * i + 1;
        if (l >= n) break;
        if (l + 1 < n && better(&h[l], &h[l + 1])) l++;   /* the worse child */
        if (!better(&c, &h[l])) break;
        h[i] = h[l];
        i = l;
    }
    h[i] = c;
}

static inline void heap_push(cand* h, uint32_t* n, cand c) {
    uint32_t i = (*n)++;
    while (i > 0) {
        const uint32_t parent = (i - 1) / 2;
        if (!better(&h[parent], &c)) break;
        h[i] = h[parent];
        i = parent;
    }
    h[i] = c;
}

/* ---- FLOAT32 block pre-test: the block's largest (DECREASING) or smallest (INCREASING) value ---- */

#ifdef _OPENMP
#define TK_PRAGMA(x) _Pragma(#x)
#else
#define TK_PRAGMA(x)
#endif

/* A key no smaller than every key of the n contiguous floats at x (NaNs ignored by the
 * comparisons and counted apart: DECREASING they are the largest keys; INCREASING the smallest,
 * so the extreme of the others, or +inf, bounds them). */
#define TK_BLOCK_FN(SUF, ATTR)                                                                     \
    ATTR static uint64_t tk_block_key_##SUF(const float* x, size_t n, int increasing) {            \
        int nan = 0;                                                                               \
        float m;                                                                                   \
        if (increasing) {                                                                          \
            m = INFINITY;                                                                          \
            TK_PRAGMA(omp simd reduction(min : m))                                                 \
            for (size_t q = 0; q < n; q++) m = x[q] < m ? x[q] : m;                                \
        } else {                                                                                   \
            m = -INFINITY;                                                                         \
            TK_PRAGMA(omp simd reduction(max : m))                                                 \
            for (size_t q = 0; q < n; q++) m = x[q] > m ? x[q] : m;                                \
            TK_PRAGMA(omp simd reduction(| : nan))                                                 \
            for (size_t q = 0; q < n; q++) nan |= x[q] != x[q];                                    \
        }                                                                                          \
        uint32_t u;                                                                                \
        memcpy(&u, &m, sizeof u);                                                                  \
        const uint64_t k = nan ? 0xffffffffu : key_f32(u);                                         \
        return increasing ? ~k : k;                                                                \
    }
TK_BLOCK_FN(c, )
TK_BLOCK_FN(avx2, EW_T256)
TK_BLOCK_FN(avx512, EW_T512)

typedef uint64_t (*tk_block_fn)(const float* x, size_t n, int increasing);
static const tk_block_fn tk_block_key[3] = {tk_block_key_c, tk_block_key_avx2, tk_block_key_avx512};

/* ---- execution ---- */

typedef struct topk_run {
    const topk_plan* p;
    const pydml_tensor *x, *v, *ix;
    ax_dims keep;                       /* the kept dimensions of input, values, indices */
    uint64_t len;                       /* sequence length */
    uint64_t ax_st[3];                  /* strides along Axis: input, values, indices */
    size_t elem;                        /* value bytes */
    tk_block_fn block;                  /* contiguous FLOAT32 sequences: the block pre-test */
} topk_run;

/* One sequence (a group of the kept dimensions); scratch: K candidates. */
static pydml_status run_sequence(void* ctx, const pydml_axis_item* it, void* scratch) {
    const topk_run* r = ctx;
    const topk_plan* p = r->p;
    const uint64_t* off = it->off;
    cand* best = scratch;
    uint64_t kb[TK_BLOCK];
    const char* src = (const char*)r->x->data + off[0] * r->elem;
    const uint32_t k = p->k;
    const int small = k <= TK_SMALL_K;
    const uint64_t flip = p->increasing ? ~0ull : 0;
    uint32_t count = 0;
    for (uint64_t i0 = 0; i0 < r->len; i0 += TK_BLOCK) {
        const size_t nb = (size_t)(r->len - i0 < TK_BLOCK ? r->len - i0 : TK_BLOCK);
        if (count == k && r->block) {   /* contiguous FLOAT32: test the block before making keys */
            const uint64_t thr = small ? best[k - 1].key : best[0].key;
            if (r->block((const float*)src + i0, nb, p->increasing) <= thr) continue;
        }
        build_keys(p->in_type, src, r->ax_st[0], i0, nb, flip, kb);
        size_t j = 0;
        while (count < k && j < nb) {   /* filling */
            const cand c = {kb[j], i0 + j};
            if (small) sorted_insert(best, &count, k, c);
            else heap_push(best, &count, c);
            j++;
        }
        if (j == nb) continue;
        uint64_t thr = small ? best[k - 1].key : best[0].key;
        if (j == 0) {   /* whole block against the K-th key: one vector test */
            int any = 0;
            for (size_t q = 0; q < nb; q++) any |= kb[q] > thr;
            if (!any) continue;
        }
        for (; j < nb; j++) {
            if (kb[j] <= thr) continue;   /* equal keys come later: worse */
            const cand c = {kb[j], i0 + j};
            if (small) {
                sorted_insert(best, &count, k, c);
                thr = best[k - 1].key;
            } else {
                best[0] = c;
                heap_sift_down(best, k, 0);
                thr = best[0].key;
            }
        }
    }
    if (!small) {   /* heap sort: the worst goes to the end each time, so best ends first */
        for (uint32_t n = k; n > 1; n--) {
            const cand top = best[0];
            best[0] = best[n - 1];
            heap_sift_down(best, n - 1, 0);
            best[n - 1] = top;
        }
    }
    char* vo = (char*)r->v->data + off[1] * r->elem;
    for (uint32_t i = 0; i < k; i++)
        memcpy(vo + i * r->ax_st[1] * r->elem, src + best[i].idx * r->ax_st[0] * r->elem, r->elem);
    if (p->idx_type == DML_TENSOR_DATA_TYPE_UINT32) {
        uint32_t* io = (uint32_t*)r->ix->data + off[2];
        for (uint32_t i = 0; i < k; i++) io[i * r->ax_st[2]] = (uint32_t)best[i].idx;
    } else {
        uint64_t* io = (uint64_t*)r->ix->data + off[2];
        for (uint32_t i = 0; i < k; i++) io[i * r->ax_st[2]] = best[i].idx;
    }
    return PYDML_STATUS_SUCCESS;
}
PYDML_AXIS_WALKER(run_sequence_walk, run_sequence)

static pydml_status check_view(const pydml_tensor* v, uint32_t type, uint32_t n, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != n) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < n; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const topk_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != 1 || output_count != 2)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    if ((s = check_view(inputs[0], p->in_type, p->n, p->in_sizes))) return s;
    if ((s = check_view(outputs[0], p->in_type, p->n, p->out_sizes))) return s;
    if ((s = check_view(outputs[1], p->idx_type, p->n, p->out_sizes))) return s;
    topk_run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    r.x = inputs[0];
    r.v = outputs[0];
    r.ix = outputs[1];
    r.elem = pydml_data_type_bits(p->in_type) / 8u;
    r.len = p->in_sizes[p->axis];
    if (p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 && inputs[0]->strides[p->axis] == 1)
        r.block = tk_block_key[pydml_ew_isa()];
    const pydml_tensor* views[3] = {r.x, r.v, r.ix};
    for (int t = 0; t < 3; t++) r.ax_st[t] = views[t]->strides[p->axis];
    const uint64_t* st[3] = {r.x->strides, r.v->strides, r.ix->strides};
    ax_collect_n(p->n, p->in_sizes, 1u << p->axis, 0, 3, st, NULL, &r.keep);
    const pydml_axis_loop loop = {1, ax_count(&r.keep) * r.len, TK_PARALLEL_MIN, 0, TK_CHUNKS_PER_THREAD,
                                  (size_t)p->k * sizeof(cand), 0};
    return pydml_axis_for_each_group_in(&r.keep, &loop, run_sequence_walk, &r, ws, 0);
}

/* The workspace (DirectML's temporary resource): each thread's K candidates (execute's loop). */
static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    return pydml_axis_scratch_need((uint64_t)((const topk_plan*)plan)->k * sizeof(cand), threads);
}

/* Scratch comes from the caller's workspace: the plan is read-only while it executes, so executions
 * of one operator may run at the same time. */
const pydml_kernel_family pydml_family_top_k = {"top_k", create, destroy, execute, 0, temporary_bytes, NULL, NULL};
