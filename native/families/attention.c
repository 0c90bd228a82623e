/* The attention kernel family (families.h): MULTIHEAD_ATTENTION (DML_FEATURE_LEVEL_6_1) and
 * MULTIHEAD_ATTENTION1 (6_3). Pages: MicrosoftDocs/windows-ai-docs
 * docs/directml/api/ns-directml-dml_multihead_attention_operator_desc.md (sdk-api has none; three
 * versions, the same text) and ..._multihead_attention1_operator_desc.md (two versions; every new
 * field is "TBD"). rules_attention.c checks the descs and derives the shapes (attention.h).
 *
 * The page's computation, per batch b, query head hq and query position s:
 *   [add Bias to query/key/value] -> GEMM(Query, Transposed(Key)) * Scale
 *   -> [add RelativePositionBias] -> [add Mask] -> Softmax -> GEMM(SoftmaxResult, Value)
 * over the keys and values of its key/value head: PastKey/PastValue (if given) followed by the new
 * key/value. FLOAT16 tensors are converted to float and everything accumulates in float.
 *
 * Method: flash attention. A work item is (b, key/value head, block of query positions), holding
 * the item's query rows of every query head of that key/value head (grouped-query attention reads
 * each key block once for the group). Key blocks of ATT_BK positions are visited in ascending
 * order with a running maximum and sum per query row (online softmax): the scores of one block
 * are the only part of the score matrix a thread ever holds, and memory is linear in the
 * sequence length. Block products go through the GEMM engine (pydml_sgemm_serial); an item of few
 * rows (decoding) uses dot products and row updates over the key rows as they lie in memory. Each
 * row's sums run in one fixed order, so results never depend on the thread count.
 *
 * Readings where the pages are thin or silent (decisions, with their evidence):
 *  - Layouts. The stacked tensors are [B, S|T, N, 2|3, H], the stack on the fourth dimension
 *    (page): slot 0 query (or key for StackedKeyValue), then key, then value. Key and value
 *    sequence lengths must agree. Key/Value may both be absent when PastKey/PastValue are given:
 *    onnxruntime's DML MultiHeadAttention (DmlOperatorMultiHeadAttention.cpp, "keyValueIsPast")
 *    binds a 4-D key/value as PastKey/PastValue with no Key/Value; the keys are then the past's.
 *  - Bias [Nq H + Nk H + Nk Hv] is added to the new query, key and value (never to the past, which
 *    is concatenated as given, as onnxruntime's CPU MultiHeadAttention does); the present outputs
 *    hold the biased new keys/values.
 *  - Scale multiplies Q K^T; it is folded into the query rows (Scale * q) before the product.
 *  - Masks. The page says both that MaskFilterValue "gets added" (MaskFilterValue, BOOLEAN) and
 *    that masked elements get their value "set to" it (MaskTensor, KEY_SEQUENCE_LENGTH); it is
 *    added (two statements of three, and onnxruntime's CPU attention adds it). BOOLEAN: 0 masks,
 *    any other value keeps; shape [B, Nq, S, key positions] (onnxruntime broadcasts its 2-D key
 *    padding mask to that shape with zero strides). KEY_SEQUENCE_LENGTH [1, B]: key positions j >=
 *    length[b] are masked. KEY_SEQUENCE_END_START [2, B]: row 0 the ends (exclusive), row 1 the
 *    starts (inclusive); positions outside [start, end) are masked. KEY_QUERY_SEQUENCE_LENGTH_
 *    START_END [3B + 2]: onnxruntime's MASK_1D_KEY_SEQ_LEN_START, whose query/key starts are offsets
 *    of each batch in a packed token stream (its cutlass kernels' cumulative sequence starts); on
 *    this operator's padded layouts they are read as such and not needed: positions j >=
 *    keyLength[b] are masked. Lengths are compared, never used as addresses.
 *  - RelativePositionBias is [B, Nq, S, key positions] (onnxruntime's DML MultiHeadAttention
 *    checks [batchSize, numHeads, sequenceLength, totalSequenceLength]); 5-D with a leading 1.
 *  - Present key/value: [B, Nk, P + T, H] and [B, Nk, P + T, Hv] (the page gives headSize for
 *    both; the value's is valueHeadSize, as DirectMLX's MultiheadAttention (DirectML PR #600) sizes
 *    its present value).
 *  - A row whose every score is -inf (MaskFilterValue -inf over a whole row) is 0 / 0: NaN, as the
 *    page's Softmax and torch's scaled_dot_product_attention give.
 * MULTIHEAD_ATTENTION1 (page "TBD"; read from onnxruntime's DmlOperatorGroupQueryAttention.cpp,
 * every stored version, and DirectMLX's MultiheadAttention in DirectML PR #600):
 *  - QueryHeadCount Nq and KeyValueHeadCount Nk: query head hq uses key/value head hq / (Nq / Nk)
 *    (grouped-query attention; Nq a multiple of Nk). Query [B, S, Nq H], Key [B, T, Nk H], Value
 *    [B, T, Nk Hv], output [B, S, Nq Hv], past and present [B, Nk, *, H|Hv].
 *  - PastSequenceLengthsTensor [B]: batch b's valid past length pl[b]. onnxruntime passes INT32
 *    (its GroupQueryAttention's seqlens_k on a decode step, zeros on a prompt); the page's table
 *    types it FLOAT32/FLOAT16 (read as a length, truncated). With it, the past and present tensors
 *    are buffers of capacity (onnxruntime's GroupQueryAttention binds present [B, Nk,
 *    max_sequence_length, H] and, in its later versions, no PastKey: the present buffer is the
 *    cache, shared with past_key): batch b's keys are positions [0, pl[b]) of PastKey, or of
 *    OutputPresentKey when PastKey is absent, followed by its T new keys, which are written to the
 *    present buffers at [pl[b], pl[b] + T); present rows past pl[b] + T are not written, and with
 *    no PastKey the rows before pl[b] are left as they are. pl[b] is clamped to [0, capacity - T]
 *    (the smallest of PastKey's P and the present buffers' C - T; 0 without past storage), so no
 *    length reaches outside a buffer.
 *  - With PastSequenceLengthsTensor the attention is causal: query position s sees key positions
 *    j <= pl[b] + s (and T = S). onnxruntime's GroupQueryAttention is causal (it refuses causal=0)
 *    yet passes MaskType NONE, no mask and MaskFilterValue 0 (its first version): the causality
 *    can only be MULTIHEAD_ATTENTION1's own. Positions outside are left out of the softmax (not
 *    given MaskFilterValue).
 *  - RelativePositionBias and a BOOLEAN mask then span the buffer's positions: P + T with PastKey,
 *    else the present buffers' C, else T. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "attention.h"
#include "convert.h"
#include "elementwise.h"
#include "ew_mathfn.h"
#include "families.h"
#include "gemm_engine.h"

#define ATT_BQ 64          /* query rows of an item (before grouping) */
#define ATT_BK 128         /* key positions of a block */
#define ATT_GEMV_ROWS 4    /* items with at most this many rows use dot products over the key rows */
#define ATT_PARALLEL_MIN 200000.0 /* multiply-adds below which one thread runs everything */
/* exp(x) is exactly 0 in float below -104 (ew_expf): a block whose every score is this far below the
 * running maximum adds nothing, and is skipped */
#define ATT_NEGLIGIBLE (-110.0f)

typedef struct att_plan {
    pydml_attention_params p;        /* p.t[f] point into copies below: the desc is the caller's */
    uint32_t n_in;                   /* inputs in the desc's order: 11 or 12 */
    DML_BUFFER_TENSOR_DESC copy[ATT_FIELDS];
    uint32_t sizes[ATT_FIELDS][PYDML_MAX_DIMS];
} att_plan;

static int supports(uint32_t type) {
    return type == DML_OPERATOR_MULTIHEAD_ATTENTION || type == DML_OPERATOR_MULTIHEAD_ATTENTION1;
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    if (!supports(info->type)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    att_plan* plan = calloc(1, sizeof *plan);
    if (plan == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    pydml_diagnostic diag;
    pydml_check c;
    memset(&c, 0, sizeof c);
    c.diagnostic = &diag;
    c.desc = info->desc_name;
    if (pydml_attention_params_of(&c, info, desc, &plan->p)) {
        free(plan);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    const uint32_t dt = plan->p.data_type;
    if (dt != DML_TENSOR_DATA_TYPE_FLOAT32 && dt != DML_TENSOR_DATA_TYPE_FLOAT16) {
        free(plan);
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    plan->n_in = info->type == DML_OPERATOR_MULTIHEAD_ATTENTION1 ? 12u : 11u;
    for (int f = 0; f < ATT_FIELDS; f++) {
        const DML_BUFFER_TENSOR_DESC* t = plan->p.t[f];
        if (t == NULL) continue;
        if (t->DimensionCount > PYDML_MAX_DIMS) {
            free(plan);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        memcpy(plan->sizes[f], t->Sizes, t->DimensionCount * sizeof(uint32_t));
        plan->copy[f] = *t;
        plan->copy[f].Sizes = plan->sizes[f];
        plan->copy[f].Strides = NULL;
        plan->p.t[f] = &plan->copy[f];
    }
    *out = plan;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

/* ---- strided access ---------------------------------------------------------------------------- */

/* A tensor seen as rows of contiguous-index elements: element (i0, i1, i2, d) at
 * base + i0 * s0 + i1 * s1 + i2 * s2 + d * sd (in elements). */
typedef struct att_view {
    char* base;
    uint64_t s0, s1, s2, sd;
    size_t es;                       /* element bytes (a BOOLEAN mask is INT32 in a FLOAT16 operator) */
} att_view;

typedef struct att_run {
    const pydml_attention_params* p;
    int f16;
    size_t es;                       /* element bytes */
    att_view q, k, v, pk, pv, prk, prv, out, rpb, mask;   /* q/k/v: (b, position, head, d) */
    const char* bias;                /* element i at bias + i * bias_st */
    uint64_t bias_st;
    uint32_t group;                  /* query heads per key/value head */
    uint32_t mq;                     /* query positions per item */
    uint32_t qblocks;
    uint32_t* pl;                    /* past length of each batch */
    int64_t* kr;                     /* unmasked key range [kr[2b], kr[2b + 1]) of a length mask */
    int isa;
} att_run;

static inline uint64_t last_stride(const pydml_tensor* t, uint32_t back) { return t->strides[t->dim_count - 1 - back]; }

static inline float load1(const att_run* r, const char* base, uint64_t i) {
    return r->f16 ? pydml_f16_to_f32(((const uint16_t*)base)[i]) : ((const float*)base)[i];
}

/* n elements at src (element stride st) to float, plus add[d] when add is not NULL. */
static void load_row(const att_run* r, const char* src, uint64_t st, uint32_t n, const float* add, float* dst) {
    if (st == 1 && r->f16)
        pydml_f16_row_to_f32((const uint16_t*)src, dst, n);
    else if (st == 1)
        memcpy(dst, src, (size_t)n * sizeof(float));
    else
        for (uint32_t d = 0; d < n; d++) dst[d] = load1(r, src, d * st);
    if (add)
        for (uint32_t d = 0; d < n; d++) dst[d] += add[d];
}

static void store_row(const att_run* r, char* dst, uint64_t st, uint32_t n, const float* src, uint16_t* tmp) {
    if (r->f16) {
        if (st == 1) {
            pydml_f32_row_to_f16(src, (uint16_t*)dst, n);
        } else {
            pydml_f32_row_to_f16(src, tmp, n);
            for (uint32_t d = 0; d < n; d++) ((uint16_t*)dst)[d * st] = tmp[d];
        }
    } else if (st == 1) {
        memcpy(dst, src, (size_t)n * sizeof(float));
    } else {
        for (uint32_t d = 0; d < n; d++) ((float*)dst)[d * st] = src[d];
    }
}

static inline char* at(const att_view* v, uint64_t i0, uint64_t i1, uint64_t i2) {
    return v->base + (i0 * v->s0 + i1 * v->s1 + i2 * v->s2) * v->es;
}

/* ---- per-ISA row primitives ------------------------------------------------------------------- */

#ifdef _OPENMP
#define ATT_PRAGMA(x) _Pragma(#x)
#else
#define ATT_PRAGMA(x)
#endif

/* dot[i] = sum_d q[i][d] k[d] for i < m rows of q (row stride ldq) */
#define ATT_DOTS(SUF, ATTR)                                                                         \
    ATTR static void att_dots_##SUF(const float* q, uint32_t ldq, uint32_t m, const float* k, uint32_t n, \
                                    float* dot, uint32_t lddot) {                                   \
        for (uint32_t i = 0; i < m; i++) {                                                          \
            const float* qi = q + (size_t)i * ldq;                                                  \
            float acc = 0.0f;                                                                       \
            ATT_PRAGMA(omp simd reduction(+ : acc))                                                 \
            for (uint32_t d = 0; d < n; d++) acc += qi[d] * k[d];                                   \
            dot[(size_t)i * lddot] = acc;                                                           \
        }                                                                                           \
    }
/* acc[i][e] += w[i] v[e] for i < m rows of acc (row stride lda) */
#define ATT_AXPYS(SUF, ATTR)                                                                        \
    ATTR static void att_axpys_##SUF(float* acc, uint32_t lda, uint32_t m, const float* w, uint32_t ldw, \
                                     const float* v, uint32_t n) {                                  \
        for (uint32_t i = 0; i < m; i++) {                                                          \
            float* ai = acc + (size_t)i * lda;                                                      \
            const float wi = w[(size_t)i * ldw];                                                    \
            if (wi == 0.0f) continue;                                                               \
            ATT_PRAGMA(omp simd)                                                                    \
            for (uint32_t e = 0; e < n; e++) ai[e] += wi * v[e];                                    \
        }                                                                                           \
    }
/* s[j] = exp(s[j] - mx) for j < n; returns their sum (in a fixed order) */
#define ATT_EXPS(SUF, ATTR)                                                                         \
    ATTR static float att_exps_##SUF(float* s, uint32_t n, float mx) {                              \
        float sum = 0.0f;                                                                           \
        ATT_PRAGMA(omp simd reduction(+ : sum))                                                     \
        for (uint32_t j = 0; j < n; j++) {                                                          \
            const float e = ew_expf(s[j] - mx);                                                     \
            s[j] = e;                                                                               \
            sum += e;                                                                               \
        }                                                                                           \
        return sum;                                                                                 \
    }
/* max of n floats (NaN ignored, -inf when none) */
#define ATT_MAX(SUF, ATTR)                                                                          \
    ATTR static float att_max_##SUF(const float* s, uint32_t n) {                                   \
        float m = -INFINITY;                                                                        \
        ATT_PRAGMA(omp simd reduction(max : m))                                                     \
        for (uint32_t j = 0; j < n; j++) m = s[j] > m ? s[j] : m;                                   \
        return m;                                                                                   \
    }
/* x[e] *= a */
#define ATT_SCALE(SUF, ATTR)                                                                        \
    ATTR static void att_scale_##SUF(float* x, uint32_t n, float a) {                               \
        ATT_PRAGMA(omp simd)                                                                        \
        for (uint32_t e = 0; e < n; e++) x[e] *= a;                                                 \
    }
/* bm[i] = max over the nk rows of column i of s (row stride m) */
#define ATT_COLMAX(SUF, ATTR)                                                                       \
    ATTR static void att_colmax_##SUF(const float* s, uint32_t nk, uint32_t m, float* bm) {         \
        for (uint32_t i = 0; i < m; i++) bm[i] = -INFINITY;                                         \
        for (uint32_t j = 0; j < nk; j++) {                                                         \
            const float* sj = s + (size_t)j * m;                                                    \
            ATT_PRAGMA(omp simd)                                                                    \
            for (uint32_t i = 0; i < m; i++) bm[i] = sj[i] > bm[i] ? sj[i] : bm[i];                 \
        }                                                                                           \
    }
/* s[j][i] = exp(s[j][i] - mx[i]); sum[i] = their sum over j (ascending) */
#define ATT_COLEXPS(SUF, ATTR)                                                                      \
    ATTR static void att_colexps_##SUF(float* s, uint32_t nk, uint32_t m, const float* mx, float* sum) { \
        for (uint32_t i = 0; i < m; i++) sum[i] = 0.0f;                                             \
        for (uint32_t j = 0; j < nk; j++) {                                                         \
            float* sj = s + (size_t)j * m;                                                          \
            ATT_PRAGMA(omp simd)                                                                    \
            for (uint32_t i = 0; i < m; i++) {                                                      \
                const float e = ew_expf(sj[i] - mx[i]);                                             \
                sj[i] = e;                                                                          \
                sum[i] += e;                                                                        \
            }                                                                                       \
        }                                                                                           \
    }
#define ATT_ALL(SUF, ATTR) ATT_DOTS(SUF, ATTR) ATT_AXPYS(SUF, ATTR) ATT_EXPS(SUF, ATTR) ATT_MAX(SUF, ATTR) \
    ATT_SCALE(SUF, ATTR) ATT_COLMAX(SUF, ATTR) ATT_COLEXPS(SUF, ATTR)

/* FMA contraction in the vector variants (the build's -std=c11 turns it off): the dot products
 * and row updates only gain accuracy from it */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=fast")
#endif
ATT_ALL(c, )
ATT_ALL(avx2, EW_T256)
ATT_ALL(avx512, EW_T512)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

typedef struct att_isa {
    void (*dots)(const float*, uint32_t, uint32_t, const float*, uint32_t, float*, uint32_t);
    void (*axpys)(float*, uint32_t, uint32_t, const float*, uint32_t, const float*, uint32_t);
    float (*exps)(float*, uint32_t, float);
    float (*max)(const float*, uint32_t);
    void (*scale)(float*, uint32_t, float);
    void (*colmax)(const float*, uint32_t, uint32_t, float*);
    void (*colexps)(float*, uint32_t, uint32_t, const float*, float*);
} att_isa;

static const att_isa ISAS[3] = {
    {att_dots_c, att_axpys_c, att_exps_c, att_max_c, att_scale_c, att_colmax_c, att_colexps_c},
    {att_dots_avx2, att_axpys_avx2, att_exps_avx2, att_max_avx2, att_scale_avx2, att_colmax_avx2,
     att_colexps_avx2},
    {att_dots_avx512, att_axpys_avx512, att_exps_avx512, att_max_avx512, att_scale_avx512, att_colmax_avx512,
     att_colexps_avx512},
};

/* ---- keys and values of a batch/head ---------------------------------------------------------- */

/* Key (kind 0) or value (kind 1) row j of batch b, head h, as floats: a pointer into the tensor
 * when it already is one (FLOAT32, unit stride, no bias), else converted into buf. */
static const float* kv_row(const att_run* r, int kind, uint32_t b, uint32_t h, uint32_t j, float* buf) {
    const pydml_attention_params* p = r->p;
    const uint32_t n = kind ? p->vhead : p->head;
    const uint32_t pl = r->pl[b];
    const att_view* v;
    const float* add = NULL;
    uint64_t i1 = j;
    if (j < pl) {
        v = kind ? (p->t[ATT_PAST_V] ? &r->pv : &r->prv) : (p->t[ATT_PAST_K] ? &r->pk : &r->prk);
    } else {
        v = kind ? &r->v : &r->k;
        i1 = j - pl;
        if (r->bias) add = buf + n; /* the bias row, stored after the row buffer */
    }
    /* past/present views are (b, head, position); new key/value views are (b, position, head) */
    const char* src = j < pl ? at(v, b, h, i1) : at(v, b, i1, h);
    if (!r->f16 && v->sd == 1 && add == NULL) return (const float*)src;
    load_row(r, src, v->sd, n, add, buf);
    return buf;
}

/* The bias of head h's key (kind 0) or value (kind 1), into dst. */
static void kv_bias(const att_run* r, int kind, uint32_t h, float* dst) {
    const pydml_attention_params* p = r->p;
    const uint32_t n = kind ? p->vhead : p->head;
    const uint64_t first = (uint64_t)p->q_heads * p->head + (kind ? (uint64_t)p->kv_heads * p->head : 0) +
                           (uint64_t)h * n;
    for (uint32_t d = 0; d < n; d++) dst[d] = load1(r, r->bias, (first + d) * r->bias_st);
}

/* ---- the present outputs ---------------------------------------------------------------------- */

static void write_present(const att_run* r, uint32_t b, uint32_t h, float* buf, uint16_t* tmp) {
    const pydml_attention_params* p = r->p;
    const uint32_t pl = r->pl[b];
    for (int kind = 0; kind < 2; kind++) {
        const att_view* pr = kind ? &r->prv : &r->prk;
        if (!p->t[kind ? ATT_PRESENT_V : ATT_PRESENT_K]) continue;
        const uint32_t n = kind ? p->vhead : p->head;
        const int has_past = p->t[kind ? ATT_PAST_V : ATT_PAST_K] != NULL;
        if (r->bias) kv_bias(r, kind, h, buf + n);
        /* with past lengths and no PastKey the present buffer holds the past: rows < pl stay */
        const uint32_t j0 = has_past ? 0 : pl;
        for (uint32_t j = j0; j < pl + p->kv_seq; j++) {
            char* dst = at(pr, b, h, j);
            const att_view* src = kind ? &r->pv : &r->pk;
            if (j < pl && !r->f16 && src->sd == 1 && pr->sd == 1) {
                memmove(dst, at(src, b, h, j), (size_t)n * sizeof(float));
                continue;
            }
            const float* row = kv_row(r, kind, b, h, j, buf);
            store_row(r, dst, pr->sd, n, row, tmp);
        }
    }
}

/* ---- one work item ---------------------------------------------------------------------------- */

typedef struct att_scratch {
    float *qf, *s, *kf, *vf, *acc, *m, *l, *rowbuf, *qn, *gemm;
    float *bm, *sum, *alpha, *mexp;   /* per row: block maximum, block sum, rescale, exp's maximum */
    uint16_t* tmp;
} att_scratch;

/* 1 when key j is masked for row (b, hq, s) (MaskFilterValue is added) */
static inline int masked(const att_run* r, uint32_t b, uint32_t hq, uint32_t s, uint32_t j) {
    const uint32_t mt = r->p->mask_type;
    if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE) return 0;
    if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN)
        return ((const int32_t*)at(&r->mask, b, hq, s))[(uint64_t)j * r->mask.sd] == 0;
    return (int64_t)j < r->kr[2 * b] || (int64_t)j >= r->kr[2 * b + 1];
}

/* Where key row j of a block lies in memory when it can be read in place (FLOAT32, unit stride,
 * no bias, every row of the block from one source): the first row and the row stride; NULL else. */
static const float* kv_block_in_place(const att_run* r, int kind, uint32_t b, uint32_t h, uint32_t j0, uint32_t nk,
                                      int64_t* row_stride) {
    const pydml_attention_params* p = r->p;
    if (r->f16 || r->bias) return NULL;
    const uint32_t pl = r->pl[b];
    if (j0 < pl && j0 + nk > pl) return NULL;   /* spans past and new */
    const att_view* v;
    if (j0 < pl) {
        v = kind ? (p->t[ATT_PAST_V] ? &r->pv : &r->prv) : (p->t[ATT_PAST_K] ? &r->pk : &r->prk);
        if (v->sd != 1) return NULL;
        *row_stride = (int64_t)v->s2;
        return (const float*)at(v, b, h, j0);
    }
    v = kind ? &r->v : &r->k;
    if (v->sd != 1) return NULL;
    *row_stride = (int64_t)v->s1;
    return (const float*)at(v, b, j0 - pl, h);
}

/* Bias, mask and exclusion of score (row, key k0 + j), written in place; sr[j * ks] for j < nk. */
static void adjust_scores(const att_run* r, uint32_t b, uint32_t hq, uint32_t s, uint32_t k0, uint32_t nk, uint32_t nv,
                          float* sr, uint32_t ks) {
    const pydml_attention_params* p = r->p;
    const uint32_t mt = p->mask_type;
    const float f = p->mask_filter;
    if (p->t[ATT_RPB]) {
        const char* rb = at(&r->rpb, b, hq, s);
        for (uint32_t j = 0; j < nv; j++) sr[(size_t)j * ks] += load1(r, rb, (uint64_t)(k0 + j) * r->rpb.sd);
    }
    if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN) {
        const int32_t* mk = (const int32_t*)at(&r->mask, b, hq, s);
        for (uint32_t j = 0; j < nv; j++)
            if (mk[(uint64_t)(k0 + j) * r->mask.sd] == 0) sr[(size_t)j * ks] += f;
    } else if (mt != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE) {
        const int64_t lo = r->kr[2 * b], hi = r->kr[2 * b + 1];
        for (uint32_t j = 0; j < nv; j++)
            if ((int64_t)(k0 + j) < lo || (int64_t)(k0 + j) >= hi) sr[(size_t)j * ks] += f;
    }
    for (uint32_t j = nv; j < nk; j++) sr[(size_t)j * ks] = -INFINITY;
}

static void run_item(const att_run* r, const att_isa* isa, uint64_t item, att_scratch* w) {
    const pydml_attention_params* p = r->p;
    const uint32_t H = p->head, Hv = p->vhead, g = r->group;
    const uint32_t qb = (uint32_t)(item % r->qblocks);
    const uint32_t hk = (uint32_t)(item / r->qblocks % p->kv_heads);
    const uint32_t b = (uint32_t)(item / r->qblocks / p->kv_heads);
    const uint32_t s0 = qb * r->mq;
    const uint32_t mq = p->seq - s0 < r->mq ? p->seq - s0 : r->mq;
    const uint32_t M = g * mq;
    const uint32_t pl = r->pl[b];
    const uint32_t L = pl + p->kv_seq;          /* key positions of this batch */
    const int causal = p->t[ATT_PSL] != NULL;   /* MULTIHEAD_ATTENTION1 with past lengths */
    const uint32_t kend = causal ? (pl + s0 + mq < L ? pl + s0 + mq : L) : L;
    const uint32_t mt = p->mask_type;
    const float f = p->mask_filter;
    const int adjust = mt != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE || p->t[ATT_RPB] || causal;
    const int skip_ok = mt != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE && !p->t[ATT_RPB];
    const int gemv = M <= ATT_GEMV_ROWS;
    /* scores of row i, key j at s[i * rs + j * ks]: rows of keys for the dot products, S^T (keys
     * by rows) for the GEMM path, whose softmax then runs across rows in vector lanes */
    const uint32_t rs = gemv ? ATT_BK : 1, ks = gemv ? 1 : M;

    /* query rows: Scale * (q + bias); row gi * mq + i is head hk * g + gi, position s0 + i. The
     * GEMM path keeps them transposed (qf[d * M + row]: B = Q^T of S^T = K Q^T). */
    float* qbias = w->rowbuf + 2 * (H > Hv ? H : Hv);
    float* qrow = qbias + H;
    for (uint32_t gi = 0; gi < g; gi++) {
        const uint32_t hq = hk * g + gi;
        if (r->bias)
            for (uint32_t d = 0; d < H; d++) qbias[d] = load1(r, r->bias, ((uint64_t)hq * H + d) * r->bias_st);
        for (uint32_t i = 0; i < mq; i++) {
            const uint32_t row = gi * mq + i;
            float* dst = gemv ? w->qf + (size_t)row * H : qrow;
            load_row(r, at(&r->q, b, s0 + i, hq), r->q.sd, H, r->bias ? qbias : NULL, dst);
            isa->scale(dst, H, p->scale);
            if (skip_ok) {
                float n2 = 0.0f;
                for (uint32_t d = 0; d < H; d++) n2 += dst[d] * dst[d];
                w->qn[row] = sqrtf(n2);
            }
            if (!gemv)
                for (uint32_t d = 0; d < H; d++) w->qf[(size_t)d * M + row] = dst[d];
        }
    }
    for (uint32_t i = 0; i < M; i++) {
        w->m[i] = -INFINITY;
        w->l[i] = 0.0f;
    }
    memset(w->acc, 0, (size_t)M * Hv * sizeof(float));

    for (uint32_t k0 = 0; k0 < kend; k0 += ATT_BK) {
        const uint32_t nk = kend - k0 < ATT_BK ? kend - k0 : ATT_BK;
        /* ---- scores ---- */
        if (r->bias) kv_bias(r, 0, hk, w->rowbuf + H);
        if (gemv) {
            for (uint32_t j = 0; j < nk; j++) {
                const float* kr = kv_row(r, 0, b, hk, k0 + j, w->rowbuf);
                isa->dots(w->qf, H, M, kr, H, w->s + j, ATT_BK);
            }
        } else {
            int64_t kst = H;
            const float* kb = kv_block_in_place(r, 0, b, hk, k0, nk, &kst);
            if (kb == NULL || skip_ok) {
                float kmax = 0.0f;   /* largest key norm of the block (for the skip test) */
                for (uint32_t j = 0; j < nk; j++) {
                    const float* kr = kb ? kb + (int64_t)j * kst : kv_row(r, 0, b, hk, k0 + j, w->rowbuf);
                    if (kb == NULL) memcpy(w->kf + (size_t)j * H, kr, (size_t)H * sizeof(float));
                    if (skip_ok) {
                        float n2 = 0.0f;
                        for (uint32_t d = 0; d < H; d++) n2 += kr[d] * kr[d];
                        if (n2 > kmax) kmax = n2;
                    }
                }
                if (kb == NULL) {
                    kb = w->kf;
                    kst = H;
                }
                kmax = sqrtf(kmax);
                /* a block whose every (row, key) is masked and, by |q||k| + MaskFilterValue, scores
                 * far below each row's running maximum adds exactly 0: skipped (causal masks) */
                if (skip_ok) {
                    int skip = 1;
                    for (uint32_t gi = 0; gi < g && skip; gi++)
                        for (uint32_t i = 0; i < mq && skip; i++) {
                            const uint32_t row = gi * mq + i;
                            if (!(w->qn[row] * kmax + f - w->m[row] < ATT_NEGLIGIBLE)) skip = 0;
                            for (uint32_t j = 0; j < nk && skip; j++)
                                if (!masked(r, b, hk * g + gi, s0 + i, k0 + j)) skip = 0;
                        }
                    if (skip) continue;
                }
            }
            const pydml_sgemm_args ga = {nk, M, H, kb, kst, 1, w->qf, M, 1, w->s, M, 0};
            pydml_sgemm_serial(&ga, w->gemm);
        }
        /* ---- bias, mask, exclusion ---- */
        if (adjust)
            for (uint32_t gi = 0; gi < g; gi++)
                for (uint32_t i = 0; i < mq; i++) {
                    const uint32_t row = gi * mq + i, s = s0 + i;
                    uint32_t nv = nk;   /* keys this row sees: all, or with past lengths j <= pl + s */
                    if (causal) nv = pl + s + 1 <= k0 ? 0 : (pl + s + 1 - k0 < nk ? pl + s + 1 - k0 : nk);
                    adjust_scores(r, b, hk * g + gi, s, k0, nk, nv, w->s + (size_t)row * rs, ks);
                }
        /* ---- online softmax: running maximum m and sum l of each row ---- */
        float* bm = w->bm;
        float* sum = w->sum;
        if (gemv) {
            for (uint32_t row = 0; row < M; row++) bm[row] = isa->max(w->s + (size_t)row * rs, nk);
        } else {
            isa->colmax(w->s, nk, M, bm);
        }
        int any_void = 0;
        for (uint32_t row = 0; row < M; row++) {
            const float mnew = bm[row] > w->m[row] ? bm[row] : w->m[row];
            /* every score so far -inf (or NaN): each weighs exp(-inf) = 0 against a later finite
             * maximum; fixed up below */
            if (mnew == -INFINITY) any_void = 1;
            w->alpha[row] = mnew == -INFINITY ? 1.0f : ew_expf(w->m[row] - mnew);
            w->m[row] = mnew;
            w->mexp[row] = mnew == -INFINITY ? 0.0f : mnew;
        }
        if (gemv) {
            for (uint32_t row = 0; row < M; row++) sum[row] = isa->exps(w->s + (size_t)row * rs, nk, w->mexp[row]);
        } else {
            isa->colexps(w->s, nk, M, w->mexp, sum);
        }
        if (any_void)
            for (uint32_t row = 0; row < M; row++) {
                if (w->m[row] != -INFINITY) continue;
                int nan = 0;
                for (uint32_t j = 0; j < nk; j++) {
                    float* x = w->s + (size_t)row * rs + (size_t)j * ks;
                    nan |= *x != *x;
                    *x = *x != *x ? *x : 0.0f;
                }
                sum[row] = nan ? NAN : 0.0f;
            }
        for (uint32_t row = 0; row < M; row++) {
            w->l[row] = w->l[row] * w->alpha[row] + sum[row];
            if (w->alpha[row] != 1.0f) isa->scale(w->acc + (size_t)row * Hv, Hv, w->alpha[row]);
        }
        /* ---- acc += P V ---- */
        if (r->bias) kv_bias(r, 1, hk, w->rowbuf + Hv);
        if (gemv) {
            for (uint32_t j = 0; j < nk; j++) {
                const float* vr = kv_row(r, 1, b, hk, k0 + j, w->rowbuf);
                isa->axpys(w->acc, Hv, M, w->s + j, ATT_BK, vr, Hv);
            }
        } else {
            int64_t vst = Hv;
            const float* vb = kv_block_in_place(r, 1, b, hk, k0, nk, &vst);
            if (vb == NULL) {
                for (uint32_t j = 0; j < nk; j++) {
                    const float* vr = kv_row(r, 1, b, hk, k0 + j, w->rowbuf);
                    memcpy(w->vf + (size_t)j * Hv, vr, (size_t)Hv * sizeof(float));
                }
                vb = w->vf;
                vst = Hv;
            }
            const pydml_sgemm_args gv = {M, Hv, nk, w->s, 1, M, vb, vst, 1, w->acc, Hv, 1};
            pydml_sgemm_serial(&gv, w->gemm);
        }
    }
    /* ---- out = acc / l ---- */
    for (uint32_t gi = 0; gi < g; gi++)
        for (uint32_t i = 0; i < mq; i++) {
            const uint32_t row = gi * mq + i;
            float* a = w->acc + (size_t)row * Hv;
            const float inv = 1.0f / w->l[row];   /* l = 0 (no finite score): NaN, as 0 / 0 */
            for (uint32_t e = 0; e < Hv; e++) a[e] = w->l[row] == 0.0f ? NAN : a[e] * inv;
            store_row(r, at(&r->out, b, s0 + i, hk * g + gi), r->out.sd, Hv, a, w->tmp);
        }
}

/* ---- execution -------------------------------------------------------------------------------- */

static pydml_status check_view(const pydml_tensor* v, const DML_BUFFER_TENSOR_DESC* t) {
    if ((v == NULL) != (t == NULL)) return PYDML_STATUS_INVALID_PARAMETER;
    if (v == NULL) return PYDML_STATUS_SUCCESS;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != t->DataType || v->dim_count != t->DimensionCount) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < v->dim_count; d++)
        if (v->sizes[d] != t->Sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* (i0, position, head, d) of a [.., B, S, N * n] tensor, or of stacked [.., B, S, N, k, n] slot */
static void view_bsnd(att_view* v, const pydml_tensor* t, int stacked, uint32_t slot, uint32_t n) {
    v->base = t->data;
    v->es = pydml_data_type_bits(t->data_type) / 8u;
    if (stacked) {
        v->s0 = last_stride(t, 4);
        v->s1 = last_stride(t, 3);
        v->s2 = last_stride(t, 2);
        v->sd = last_stride(t, 0);
        v->base = (char*)t->data + slot * last_stride(t, 1) * (pydml_data_type_bits(t->data_type) / 8u);
    } else {
        v->s0 = last_stride(t, 2);
        v->s1 = last_stride(t, 1);
        v->sd = last_stride(t, 0);
        v->s2 = (uint64_t)n * v->sd;
    }
}

/* (i0, i1, i2, d) of a [.., D0, D1, D2, D3] tensor */
static void view_4(att_view* v, const pydml_tensor* t) {
    v->base = t->data;
    v->es = pydml_data_type_bits(t->data_type) / 8u;
    v->s0 = last_stride(t, 3);
    v->s1 = last_stride(t, 2);
    v->s2 = last_stride(t, 1);
    v->sd = last_stride(t, 0);
}

static int64_t load_int(const pydml_tensor* t, uint64_t i) {
    switch (t->data_type) {
    case DML_TENSOR_DATA_TYPE_INT32: return ((const int32_t*)t->data)[i];
    case DML_TENSOR_DATA_TYPE_UINT32: return ((const uint32_t*)t->data)[i];
    default: {
        const float x = t->data_type == DML_TENSOR_DATA_TYPE_FLOAT16 ? pydml_f16_to_f32(((const uint16_t*)t->data)[i])
                                                                    : ((const float*)t->data)[i];
        if (!(x > 0.0f)) return 0;   /* NaN and negatives: no past */
        return x >= 2147483647.0f ? 2147483647 : (int64_t)x;
    }
    }
}

static pydml_status execute(const void* plan_, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count) {
    const att_plan* plan = plan_;
    if (plan == NULL || inputs == NULL || outputs == NULL || input_count != plan->n_in || output_count != 3)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_attention_params* p = &plan->p;
    const pydml_tensor* t[ATT_FIELDS];
    for (int f = 0; f < ATT_FIELDS; f++) t[f] = NULL;
    for (uint32_t i = 0; i < 11; i++) t[i] = inputs[i];
    if (plan->n_in == 12) t[ATT_PSL] = inputs[11];
    for (uint32_t i = 0; i < 3; i++) t[ATT_OUT + i] = outputs[i];
    pydml_status s;
    for (int f = 0; f < ATT_FIELDS; f++)
        if ((s = check_view(t[f], p->t[f]))) return s;

    att_run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    r.f16 = p->data_type == DML_TENSOR_DATA_TYPE_FLOAT16;
    r.es = r.f16 ? 2 : 4;
    r.isa = pydml_ew_isa();
    const uint32_t H = p->head, Hv = p->vhead, Nq = p->q_heads, Nk = p->kv_heads, B = p->batch;
    switch (p->q_src) {
    case ATT_SRC_SEPARATE: view_bsnd(&r.q, t[ATT_Q], 0, 0, H); break;
    case ATT_SRC_SQK: view_bsnd(&r.q, t[ATT_SQK], 1, 0, H); break;
    default: view_bsnd(&r.q, t[ATT_SQKV], 1, 0, H); break;
    }
    switch (p->k_src) {
    case ATT_SRC_SEPARATE: view_bsnd(&r.k, t[ATT_K], 0, 0, H); break;
    case ATT_SRC_SQK: view_bsnd(&r.k, t[ATT_SQK], 1, 1, H); break;
    case ATT_SRC_SKV: view_bsnd(&r.k, t[ATT_SKV], 1, 0, H); break;
    case ATT_SRC_SQKV: view_bsnd(&r.k, t[ATT_SQKV], 1, 1, H); break;
    default: break;
    }
    switch (p->v_src) {
    case ATT_SRC_SEPARATE: view_bsnd(&r.v, t[ATT_V], 0, 0, Hv); break;
    case ATT_SRC_SKV: view_bsnd(&r.v, t[ATT_SKV], 1, 1, Hv); break;
    case ATT_SRC_SQKV: view_bsnd(&r.v, t[ATT_SQKV], 1, 2, Hv); break;
    default: break;
    }
    if (t[ATT_PAST_K]) view_4(&r.pk, t[ATT_PAST_K]);
    if (t[ATT_PAST_V]) view_4(&r.pv, t[ATT_PAST_V]);
    if (t[ATT_PRESENT_K]) view_4(&r.prk, t[ATT_PRESENT_K]);
    if (t[ATT_PRESENT_V]) view_4(&r.prv, t[ATT_PRESENT_V]);
    if (t[ATT_RPB]) view_4(&r.rpb, t[ATT_RPB]);
    if (t[ATT_MASK] && p->mask_type == DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN) view_4(&r.mask, t[ATT_MASK]);
    view_bsnd(&r.out, t[ATT_OUT], 0, 0, Hv);
    if (t[ATT_BIAS]) {
        r.bias = t[ATT_BIAS]->data;
        r.bias_st = last_stride(t[ATT_BIAS], 0);
    }
    r.group = Nq / Nk;
    r.mq = ATT_BQ / r.group ? ATT_BQ / r.group : 1;
    if (r.mq > p->seq) r.mq = p->seq;
    r.qblocks = (p->seq + r.mq - 1) / r.mq;

    /* past lengths and the length masks' key ranges, per batch (read once; never addresses) */
    r.pl = malloc((size_t)B * sizeof(uint32_t));
    r.kr = malloc((size_t)B * 2 * sizeof(int64_t));
    if (r.pl == NULL || r.kr == NULL) {
        free(r.pl);
        free(r.kr);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    uint64_t cap = p->past;
    if (p->t[ATT_PSL]) {
        const uint32_t T = p->kv_seq;
        cap = p->t[ATT_PAST_K] ? p->past : UINT32_MAX;
        if (p->present_len && p->present_len - T < cap) cap = p->present_len - T;
        if (!p->t[ATT_PAST_K] && !p->present_len) cap = 0;
    }
    const uint32_t mt = p->mask_type;
    for (uint32_t b = 0; b < B; b++) {
        int64_t v = (int64_t)p->past;
        if (p->t[ATT_PSL]) {
            v = load_int(t[ATT_PSL], (uint64_t)b * last_stride(t[ATT_PSL], 0));
            if (v < 0) v = 0;
            if ((uint64_t)v > cap) v = (int64_t)cap;
        }
        r.pl[b] = (uint32_t)v;
        int64_t lo = 0, hi = INT64_MAX;
        if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH ||
            mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_QUERY_SEQUENCE_LENGTH_START_END) {
            hi = ((const int32_t*)t[ATT_MASK]->data)[(uint64_t)b * last_stride(t[ATT_MASK], 0)];
        } else if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_END_START) {
            const int32_t* m = t[ATT_MASK]->data;
            hi = m[(uint64_t)b * last_stride(t[ATT_MASK], 0)];
            lo = m[(uint64_t)b * last_stride(t[ATT_MASK], 0) + last_stride(t[ATT_MASK], 1)];
        }
        r.kr[2 * b] = lo;
        r.kr[2 * b + 1] = hi;
    }

    const uint64_t items = (uint64_t)B * Nk * r.qblocks;
    const double work = (double)B * Nq * p->seq * (double)(p->past + p->kv_seq + 1) * (H + Hv);
    (void)work; /* only the OpenMP build reads it */
    const uint32_t Mmax = r.group * r.mq;
    const uint32_t hmax = H > Hv ? H : Hv;
    const uint32_t gemm_n = ATT_BK > Hv ? (ATT_BK > Mmax ? ATT_BK : Mmax) : (Hv > Mmax ? Hv : Mmax);
    const size_t gemm_floats = pydml_sgemm_scratch_floats(gemm_n);
    int failed = 0;
    const att_isa* isa = &ISAS[r.isa >= 0 && r.isa < 3 ? r.isa : 0];
#ifdef _OPENMP
#pragma omp parallel if (work >= ATT_PARALLEL_MIN)
#endif
    {
        att_scratch w;
        memset(&w, 0, sizeof w);
        const size_t floats = (size_t)Mmax * H + (size_t)Mmax * ATT_BK + (size_t)ATT_BK * H + (size_t)ATT_BK * Hv +
                              (size_t)Mmax * Hv + 7 * (size_t)Mmax + 5 * (size_t)hmax + 64;
        float* block = pydml_sgemm_scratch_alloc(floats);
        w.gemm = pydml_sgemm_scratch_alloc(gemm_floats);
        w.tmp = malloc((size_t)hmax * sizeof(uint16_t));
        const int ok = pydml_scratch_ok(&failed, block, w.gemm) && pydml_scratch_ok(&failed, w.tmp, w.tmp);
        if (ok) {
            w.qf = block;
            w.s = w.qf + (size_t)Mmax * H;
            w.kf = w.s + (size_t)Mmax * ATT_BK;
            w.vf = w.kf + (size_t)ATT_BK * H;
            w.acc = w.vf + (size_t)ATT_BK * Hv;
            w.m = w.acc + (size_t)Mmax * Hv;
            w.l = w.m + Mmax;
            w.qn = w.l + Mmax;
            w.bm = w.qn + Mmax;
            w.sum = w.bm + Mmax;
            w.alpha = w.sum + Mmax;
            w.mexp = w.alpha + Mmax;
            w.rowbuf = w.mexp + Mmax;
        }
        /* present outputs first (only rows the attention does not read are written: the new
         * rows, and the past's copies) */
        if (p->t[ATT_PRESENT_K] || p->t[ATT_PRESENT_V]) {
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
            for (int64_t it = 0; it < (int64_t)B * Nk; it++)
                if (ok) write_present(&r, (uint32_t)(it / Nk), (uint32_t)(it % Nk), w.rowbuf, w.tmp);
        }
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (int64_t it = 0; it < (int64_t)items; it++)
            if (ok) run_item(&r, isa, (uint64_t)it, &w);
        free(block);
        free(w.gemm);
        free(w.tmp);
    }
    free(r.pl);
    free(r.kr);
    return failed ? PYDML_STATUS_OUT_OF_MEMORY : PYDML_STATUS_SUCCESS;
}

const pydml_kernel_family pydml_family_attention = {"attention", supports, create, destroy, execute, 0};
