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
 * Method: flash attention. A query block is (b, key/value head, ATT_BQ / group query positions),
 * holding those positions of every query head of that key/value head (grouped-query attention
 * reads each key block once for the group). Key blocks of ATT_BK positions are visited in ascending
 * order with a running maximum and sum per query row (online softmax): a thread holds the scores
 * of one row panel (MR rows, the GEMM engine's tile height) and one key block, never more of the
 * score matrix, and memory is linear in the sequence length (the packed keys and values of one
 * (b, head) per thread).
 * Prompts: a work unit (b, key/value head, a run of query blocks) packs its keys once as the GEMM
 * engine's B panels of NR keys (K^T, d-major) and its values as panels of NR columns (converted from
 * FLOAT16 and biased once), then each key block runs through every MR-row panel of a query block
 * while it sits in L1: scores by the engine's register tiles (gemm_engine.h pydml_sgemm_ukernels:
 * 6 x 16 on AVX2, 14 x 32 on AVX-512, reading the query rows in place), a vectorized exp
 * (ew_expf_normal's polynomial; exactly 0 below -86), and P V by the same tiles (the weights read
 * in place). A block's keys after the last one any row of the panel keeps under a mask are cut
 * (NR-key panels) or the whole block skipped, only where |q| |k| + MaskFilterValue puts them more
 * than 110 below every row's running maximum, so their weights are exactly 0 and the maximum stays
 * (a causal mask then costs about half). Decoding (query blocks of at most ATT_GEMV_ROWS
 * positions): 8-key dot products and row updates over the keys and values where they lie (FLOAT32)
 * or converted a block at a time. Each output element is a sum in a fixed order (d ascending for a
 * score; for P V, key position ascending within a block, added to the rescaled sum of the blocks
 * before); the query blocks, panels and key blocks follow the shapes and the ISA only, and only the
 * sharing of units follows the thread count: results never depend on it.
 * (Issue 23's measurements, AVX2 host, shared: the GEMM engine's per-block packing left FP32 at
 * 0.57-0.74x torch's scaled_dot_product_attention; register tiles on packed key/value panels with
 * Q and the weights read in place reach about parity, see docs/accuracy-and-speed.md. Issue 28: those
 * tiles are the engine's own, not a copy; against attention's former private tiles, 1-thread CPU
 * time, bench_attention's cases, shared 2-core host: median paired ratios 0.97-1.05, within noise.)
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

#define ATT_BQ 96          /* query rows of a block (before grouping): 16 panels of 6 (AVX2's MR) */
#define ATT_BK 64          /* key positions of a block (a multiple of every NR of the engine: 8, 16, 32) */
/* ... of a prompt's blocks (panel_block): each block's bookkeeping per row panel (the running
 * maxima, the rescaled sums, the microkernels' tiles loaded and stored around a K of ATT_BK) is
 * spent over twice the keys. Granite Rapids, 2 threads, batch 4, 8 heads, 512 positions of 64:
 * 8.39 -> 7.99 ms FLOAT32, 8.15 -> 7.84 FLOAT16 without a mask, the causal ones the same (their
 * diagonal blocks compute more masked scores); 256 lost on the causal ones. Decoding keeps ATT_BK
 * (128 there: 1.33 -> 1.46 ms). */
#define ATT_BK_PANEL 128
#define ATT_GEMV_ROWS 4    /* query blocks of at most this many positions use dot products over the key rows */
#define ATT_STREAM_FLOATS 4096 /* decoding's streamed P V: scratch sums per call (16 KiB, in L1) */
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


static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
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
    pydml_sgemm_ukernels uk;         /* the GEMM engine's tiles (MR x NR) for the prompt products */
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

/* ---- per-ISA kernels -------------------------------------------------------------------------- */

/* The prompt path's products (Q K^T and P V of a row panel and a key block) run on the GEMM
 * engine's register tiles (gemm_engine.h: pydml_sgemm_ukernels, MR x NR: 6 x 16 on AVX2, 14 x 32
 * on AVX-512, 4 x 8 portable), reading Q and the weights in place and the keys and values as the
 * engine's packed panels; decoding's P V is the engine's streamed product (gemm_stream) over the
 * values where they lie. What stays here is attention's own: the online softmax, the masks, and
 * decoding's dot products below. */

/* Decoding's scores, q against key rows read where they lie (a transposed B read in place): the
 * engine has no such form (its GEMV form, stream, reads B with unit stride along n, and packing the
 * keys first would double the memory traffic of a memory-bound step: every key is used once).
 * dot[i * ldd + j] = sum_d q[i * H + d] k[j * kst + d] for i < m, j < nk (key rows in memory) */
typedef void (*att_dots_fn)(const float* q, uint32_t H, uint32_t m, const float* k, int64_t kst, uint32_t nk,
                            float* dot, uint32_t ldd);

/* One online-softmax step of n rows whose block scores are s[i * lds + j], j < nk: the running
 * maximum m and sum l, the scores turned into weights, and the rows of acc (stride lda, n_acc
 * columns) rescaled to the new maximum. */
typedef void (*att_softmax_fn)(uint32_t n, float* s, size_t lds, uint32_t nk, float* m, float* l, float* acc,
                               size_t lda, uint32_t n_acc);

typedef struct att_isa {
    att_dots_fn dots;
    att_softmax_fn softmax;
    void (*scale)(float*, uint32_t, float);        /* x[e] *= a */
} att_isa;

/* The softmax step from a variant's max (NaN ignored, -inf when none), exps (s[j] = exp(s[j] - mx),
 * returning their sum) and scale (x[e] *= a). Every score so far -inf (or NaN): each weighs
 * exp(-inf - 0) = 0 (NaN stays NaN) against a later finite maximum, which rescales by exp(-inf) = 0. */
#define ATT_SOFTMAX(SUF, ATTR)                                                                      \
    ATTR static void att_softmax_##SUF(uint32_t n, float* s, size_t lds, uint32_t nk, float* m, float* l, float* acc, \
                                       size_t lda, uint32_t n_acc) {                                \
        for (uint32_t i = 0; i < n; i++) {                                                          \
            float* si = s + (size_t)i * lds;                                                        \
            const float bm = att_max_##SUF(si, nk);                                                 \
            const float mnew = bm > m[i] ? bm : m[i];                                               \
            const float alpha = mnew == -INFINITY ? 1.0f : ew_expf(m[i] - mnew);                    \
            const float sum = att_exps_##SUF(si, nk, mnew == -INFINITY ? 0.0f : mnew);              \
            m[i] = mnew;                                                                            \
            l[i] = l[i] * alpha + sum;                                                              \
            if (alpha != 1.0f) att_scale_##SUF(acc + (size_t)i * lda, n_acc, alpha);               \
        }                                                                                           \
    }

/* FMA contraction in the portable variants (the build's -std=c11 turns it off): the products only
 * gain accuracy from it */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=fast")
#endif

static void att_dots_c(const float* q, uint32_t H, uint32_t m, const float* k, int64_t kst, uint32_t nk, float* dot,
                       uint32_t ldd) {
    for (uint32_t i = 0; i < m; i++)
        for (uint32_t j = 0; j < nk; j++) {
            float acc = 0.0f;
            for (uint32_t d = 0; d < H; d++) acc += q[(size_t)i * H + d] * k[j * kst + d];
            dot[(size_t)i * ldd + j] = acc;
        }
}

static float att_max_c(const float* s, uint32_t n) {
    float m = -INFINITY;
    for (uint32_t j = 0; j < n; j++) m = s[j] > m ? s[j] : m;
    return m;
}

static float att_exps_c(float* s, uint32_t n, float mx) {
    float sum = 0.0f;
    for (uint32_t j = 0; j < n; j++) {
        const float e = ew_expf(s[j] - mx);
        s[j] = e;
        sum += e;
    }
    return sum;
}

static void att_scale_c(float* x, uint32_t n, float a) {
    for (uint32_t e = 0; e < n; e++) x[e] *= a;
}

ATT_SOFTMAX(c, )

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

#ifdef EW_X86
#define ATT_INLINE static inline __attribute__((always_inline))

/* ew_expf_poly_inner on 8 lanes (ew_piecewise.h has it too, among functions this file does not use) */
EW_T256 ATT_INLINE __m256 att_exp_poly_inner8(__m256 r) {
    __m256 p = _mm256_set1_ps(EW_EXPF_C6);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C5));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C4));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C3));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C2));
    return _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
}

/* lanes summed in a fixed tree */
EW_T256 ATT_INLINE float att_hsum8(__m256 v) {
    const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_movehdup_ps(t)));
}

/* Decoding: 8 keys at a time, each an 8-lane chain over d, then the 8 chains reduced side by side
 * (a fixed tree of horizontal adds) into the 8 scores. */
EW_T256 static void att_dots_avx2(const float* q, uint32_t H, uint32_t m, const float* k, int64_t kst, uint32_t nk,
                                  float* dot, uint32_t ldd) {
    const uint32_t H8 = H & ~7u;
    for (uint32_t i = 0; i < m; i++) {
        const float* qi = q + (size_t)i * H;
        float* di = dot + (size_t)i * ldd;
        uint32_t j = 0;
        for (; j + 8 <= nk; j += 8) {
            const float* kj = k + (int64_t)j * kst;
            __m256 a[8];
            for (int t = 0; t < 8; t++) a[t] = _mm256_setzero_ps();
            for (uint32_t d = 0; d < H8; d += 8) {
                const __m256 qv = _mm256_loadu_ps(qi + d);
                for (int t = 0; t < 8; t++) a[t] = _mm256_fmadd_ps(qv, _mm256_loadu_ps(kj + t * kst + d), a[t]);
            }
            const __m256 h01 = _mm256_hadd_ps(a[0], a[1]), h23 = _mm256_hadd_ps(a[2], a[3]);
            const __m256 h45 = _mm256_hadd_ps(a[4], a[5]), h67 = _mm256_hadd_ps(a[6], a[7]);
            const __m256 h03 = _mm256_hadd_ps(h01, h23), h47 = _mm256_hadd_ps(h45, h67);
            _mm256_storeu_ps(di + j, _mm256_add_ps(_mm256_permute2f128_ps(h03, h47, 0x20),
                                                   _mm256_permute2f128_ps(h03, h47, 0x31)));
            for (uint32_t d = H8; d < H; d++)
                for (int t = 0; t < 8; t++) di[j + t] = _mm_cvtss_f32(_mm_fmadd_ss(_mm_set_ss(qi[d]),
                                                           _mm_set_ss(kj[t * kst + d]), _mm_set_ss(di[j + t])));
        }
        for (; j < nk; j++) {
            const float* kj = k + (int64_t)j * kst;
            __m256 a = _mm256_setzero_ps();
            for (uint32_t d = 0; d < H8; d += 8)
                a = _mm256_fmadd_ps(_mm256_loadu_ps(qi + d), _mm256_loadu_ps(kj + d), a);
            float acc = att_hsum8(a);
            for (uint32_t d = H8; d < H; d++)
                acc = _mm_cvtss_f32(_mm_fmadd_ss(_mm_set_ss(qi[d]), _mm_set_ss(kj[d]), _mm_set_ss(acc)));
            di[j] = acc;
        }
    }
}

EW_T256 static float att_max_avx2(const float* s, uint32_t n) {
    __m256 m = _mm256_set1_ps(-INFINITY);
    uint32_t j = 0;
    for (; j + 8 <= n; j += 8) m = _mm256_max_ps(_mm256_loadu_ps(s + j), m);   /* NaN: m kept */
    const __m128 h = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
    const __m128 h2 = _mm_max_ps(h, _mm_movehl_ps(h, h));
    float mx = _mm_cvtss_f32(_mm_max_ss(h2, _mm_movehdup_ps(h2)));
    for (; j < n; j++) mx = s[j] > mx ? s[j] : mx;
    return mx;
}

/* e^x on 8 lanes for x <= 0 (scores minus their maximum): ew_expf_normal's reduction and
 * polynomial (within 1 ulp of ew_expf's float result); below -86 (e^x < 4.5e-38, nothing next to
 * the row's maximum term 1) exactly 0; NaN stays NaN. For x <= 0 or NaN only. */
EW_T256 ATT_INLINE __m256 att_exp8(__m256 x) {
    /* no clamp: lanes below -86 (down to -inf) compute garbage that the mask zeroes; x > 0 does not
     * occur (x = s - max s; +inf - +inf is NaN) */
    const __m256 lo = _mm256_set1_ps(-EW_EXP_LIMIT), magic = _mm256_set1_ps(12582912.0f);
    const __m256 under = _mm256_cmp_ps(x, lo, _CMP_LT_OQ), nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
    const __m256 xc = x;
    const __m256 tt = _mm256_fmadd_ps(xc, _mm256_set1_ps(1.44269502f), magic);
    const __m256 nf = _mm256_sub_ps(tt, magic);
    __m256 r = _mm256_fnmadd_ps(nf, _mm256_set1_ps(EW_LN2_F), xc);
    r = _mm256_fnmadd_ps(nf, _mm256_set1_ps(EW_LN2_F_LO), r);
    const __m256 p = _mm256_fmadd_ps(att_exp_poly_inner8(r), r, _mm256_set1_ps(1.0f));
    const __m256 e = _mm256_castsi256_ps(
        _mm256_add_epi32(_mm256_castps_si256(p), _mm256_slli_epi32(_mm256_castps_si256(tt), 23)));
    return _mm256_blendv_ps(_mm256_andnot_ps(under, e), x, nan);
}

EW_T256 static float att_exps_avx2(float* s, uint32_t n, float mx) {
    const __m256 m = _mm256_set1_ps(mx);
    __m256 sum = _mm256_setzero_ps();
    uint32_t j = 0;
    for (; j + 8 <= n; j += 8) {
        const __m256 e = att_exp8(_mm256_sub_ps(_mm256_loadu_ps(s + j), m));
        _mm256_storeu_ps(s + j, e);
        sum = _mm256_add_ps(sum, e);
    }
    float total = att_hsum8(sum);
    for (; j < n; j++) {
        const float e = ew_expf(s[j] - mx);
        s[j] = e;
        total += e;
    }
    return total;
}

EW_T256 static void att_scale_avx2(float* x, uint32_t n, float a) {
    const __m256 va = _mm256_set1_ps(a);
    uint32_t e = 0;
    for (; e + 8 <= n; e += 8) _mm256_storeu_ps(x + e, _mm256_mul_ps(_mm256_loadu_ps(x + e), va));
    for (; e < n; e++) x[e] *= a;
}

/* att_softmax_c's step, the rows' rescale factors exp(m - mnew) computed 8 rows at a time */
EW_T256 static void att_softmax_avx2(uint32_t n, float* s, size_t lds, uint32_t nk, float* m, float* l, float* acc,
                                     size_t lda, uint32_t n_acc) {
    for (uint32_t i0 = 0; i0 < n; i0 += 8) {
        const uint32_t nr = n - i0 < 8 ? n - i0 : 8;
        _Alignas(32) float mnew[8], diff[8], alpha[8];
        for (uint32_t i = 0; i < 8; i++) {
            const float bm = i < nr ? att_max_avx2(s + (size_t)(i0 + i) * lds, nk) : 0.0f;
            const float mo = i < nr ? m[i0 + i] : 0.0f;
            mnew[i] = bm > mo ? bm : mo;
            /* -inf - -inf: rescale by 1 */
            diff[i] = mnew[i] == -INFINITY ? 0.0f : mo - mnew[i];
        }
        _mm256_store_ps(alpha, att_exp8(_mm256_load_ps(diff)));
        for (uint32_t i = 0; i < nr; i++) {
            const float sum = att_exps_avx2(s + (size_t)(i0 + i) * lds, nk, mnew[i] == -INFINITY ? 0.0f : mnew[i]);
            m[i0 + i] = mnew[i];
            l[i0 + i] = l[i0 + i] * alpha[i] + sum;
            if (alpha[i] != 1.0f) att_scale_avx2(acc + (size_t)(i0 + i) * lda, n_acc, alpha[i]);
        }
    }
}

/* The AVX-512 softmax: the AVX2 one's arithmetic on 16 lanes at a time, bit for bit. att_exp16 is
 * att_exp8 lane for lane (the same operations, the NaN and underflow lanes by masks); the sum of a
 * row's weights keeps the AVX2 order -- an 8-lane accumulator taking each 16-lane chunk's low half
 * and then its high half, as the AVX2 loop takes two chunks of 8 -- then the AVX2 tail (a chunk of 8,
 * the last ones one by one). Prompts spend about a fifth of their time here (batch 4, 8 heads, 512
 * positions of 64, Granite Rapids, 2 threads: 7.86 -> 7.17 ms FLOAT32, 7.51 -> 6.91 FLOAT16). */
EW_T512 ATT_INLINE __m512 att_exp16(__m512 x) {
    const __m512 lo = _mm512_set1_ps(-EW_EXP_LIMIT), magic = _mm512_set1_ps(12582912.0f);
    const __mmask16 under = _mm512_cmp_ps_mask(x, lo, _CMP_LT_OQ), nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
    const __m512 tt = _mm512_fmadd_ps(x, _mm512_set1_ps(1.44269502f), magic);
    const __m512 nf = _mm512_sub_ps(tt, magic);
    __m512 r = _mm512_fnmadd_ps(nf, _mm512_set1_ps(EW_LN2_F), x);
    r = _mm512_fnmadd_ps(nf, _mm512_set1_ps(EW_LN2_F_LO), r);
    __m512 q = _mm512_set1_ps(EW_EXPF_C6);
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(EW_EXPF_C5));
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(EW_EXPF_C4));
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(EW_EXPF_C3));
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(EW_EXPF_C2));
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(1.0f));
    const __m512 p = _mm512_fmadd_ps(q, r, _mm512_set1_ps(1.0f));
    const __m512 e = _mm512_castsi512_ps(
        _mm512_add_epi32(_mm512_castps_si512(p), _mm512_slli_epi32(_mm512_castps_si512(tt), 23)));
    return _mm512_mask_mov_ps(_mm512_maskz_mov_ps((__mmask16)~under, e), nan, x);
}

EW_T512 static float att_max_avx512(const float* s, uint32_t n) {
    __m512 m = _mm512_set1_ps(-INFINITY);
    uint32_t j = 0;
    for (; j + 16 <= n; j += 16) m = _mm512_max_ps(_mm512_loadu_ps(s + j), m);   /* NaN: m kept */
    if (j < n) /* the tail's lanes, the others -inf */
        m = _mm512_max_ps(_mm512_mask_loadu_ps(_mm512_set1_ps(-INFINITY), (__mmask16)((1u << (n - j)) - 1u), s + j), m);
    return _mm512_reduce_max_ps(m);
}

EW_T512 static float att_exps_avx512(float* s, uint32_t n, float mx) {
    const __m512 m = _mm512_set1_ps(mx);
    __m256 sum = _mm256_setzero_ps();
    uint32_t j = 0;
    for (; j + 16 <= n; j += 16) {
        const __m512 e = att_exp16(_mm512_sub_ps(_mm512_loadu_ps(s + j), m));
        _mm512_storeu_ps(s + j, e);
        sum = _mm256_add_ps(sum, _mm512_castps512_ps256(e));
        sum = _mm256_add_ps(sum, _mm512_extractf32x8_ps(e, 1));
    }
    if (j + 8 <= n) {
        const __m256 e = att_exp8(_mm256_sub_ps(_mm256_loadu_ps(s + j), _mm512_castps512_ps256(m)));
        _mm256_storeu_ps(s + j, e);
        sum = _mm256_add_ps(sum, e);
        j += 8;
    }
    float total = att_hsum8(sum);
    for (; j < n; j++) {
        const float e = ew_expf(s[j] - mx);
        s[j] = e;
        total += e;
    }
    return total;
}

EW_T512 static void att_scale_avx512(float* x, uint32_t n, float a) {
    const __m512 va = _mm512_set1_ps(a);
    uint32_t e = 0;
    for (; e + 16 <= n; e += 16) _mm512_storeu_ps(x + e, _mm512_mul_ps(_mm512_loadu_ps(x + e), va));
    for (; e < n; e++) x[e] *= a;
}

/* att_softmax_avx2's step with the 16-lane row kernels (the same bits) */
EW_T512 static void att_softmax_avx512(uint32_t n, float* s, size_t lds, uint32_t nk, float* m, float* l, float* acc,
                                       size_t lda, uint32_t n_acc) {
    for (uint32_t i0 = 0; i0 < n; i0 += 8) {
        const uint32_t nr = n - i0 < 8 ? n - i0 : 8;
        _Alignas(32) float mnew[8], diff[8], alpha[8];
        for (uint32_t i = 0; i < 8; i++) {
            const float bm = i < nr ? att_max_avx512(s + (size_t)(i0 + i) * lds, nk) : 0.0f;
            const float mo = i < nr ? m[i0 + i] : 0.0f;
            mnew[i] = bm > mo ? bm : mo;
            diff[i] = mnew[i] == -INFINITY ? 0.0f : mo - mnew[i];
        }
        _mm256_store_ps(alpha, att_exp8(_mm256_load_ps(diff)));
        for (uint32_t i = 0; i < nr; i++) {
            const float sum = att_exps_avx512(s + (size_t)(i0 + i) * lds, nk, mnew[i] == -INFINITY ? 0.0f : mnew[i]);
            m[i0 + i] = mnew[i];
            l[i0 + i] = l[i0 + i] * alpha[i] + sum;
            if (alpha[i] != 1.0f) att_scale_avx512(acc + (size_t)(i0 + i) * lda, n_acc, alpha[i]);
        }
    }
}

/* AVX-512 hosts: decoding's dot products are the AVX2 kernel's (every AVX-512 host has AVX2 and
 * FMA), the softmax is 16 lanes wide, the prompt products are the engine's AVX-512 tiles. */
static const att_isa ISAS[3] = {
    {att_dots_c, att_softmax_c, att_scale_c},
    {att_dots_avx2, att_softmax_avx2, att_scale_avx2},
    {att_dots_avx2, att_softmax_avx512, att_scale_avx512},
};
#else
static const att_isa ISAS[3] = {
    {att_dots_c, att_softmax_c, att_scale_c},
    {att_dots_c, att_softmax_c, att_scale_c},
    {att_dots_c, att_softmax_c, att_scale_c},
};
#endif

/* ---- keys and values of a batch/head ---------------------------------------------------------- */

/* The view holding key (kind 0) or value (kind 1) row j of batch b (the past, or the new rows). */
static const att_view* kv_view(const att_run* r, int kind, uint32_t b, uint32_t j) {
    const pydml_attention_params* p = r->p;
    if (j < r->pl[b])
        return kind ? (p->t[ATT_PAST_V] ? &r->pv : &r->prv) : (p->t[ATT_PAST_K] ? &r->pk : &r->prk);
    return kind ? &r->v : &r->k;
}

/* Key (kind 0) or value (kind 1) row j of batch b, head h, as floats: a pointer into the tensor
 * when it already is one (FLOAT32, unit stride, no bias), else converted into buf. */
static const float* kv_row_to(const att_run* r, int kind, uint32_t b, uint32_t h, uint32_t j, float* buf,
                              const float* bias) {
    const pydml_attention_params* p = r->p;
    const uint32_t n = kind ? p->vhead : p->head;
    const uint32_t pl = r->pl[b];
    const att_view* v = kv_view(r, kind, b, j);
    const float* add = j < pl ? NULL : bias;   /* the bias is the new rows' (past rows have theirs) */
    const uint64_t i1 = j < pl ? j : j - pl;
    /* past/present views are (b, head, position); new key/value views are (b, position, head) */
    const char* src = j < pl ? at(v, b, h, i1) : at(v, b, i1, h);
    if (!r->f16 && v->sd == 1 && add == NULL) return (const float*)src;
    load_row(r, src, v->sd, n, add, buf);
    return buf;
}

/* kv_row_to with the bias row (when there is a Bias) stored after the row buffer */
static const float* kv_row(const att_run* r, int kind, uint32_t b, uint32_t h, uint32_t j, float* buf) {
    return kv_row_to(r, kind, b, h, j, buf, r->bias ? buf + (kind ? r->p->vhead : r->p->head) : NULL);
}

/* Rows [j0, j0 + nk) of key (kind 0) or value (kind 1) of batch b, head h, as floats into dst (rows
 * of n at stride n). FLOAT16 rows with unit element stride (new rows only without a bias, which
 * they take) are converted straight from each source (past, then new) into dst: adjacent rows as
 * one run, else a call per row; any other row through kv_row_to, converted in its place in dst.
 * Decoding reads every key and value once, so FLOAT16 decoding is this loop: a copy per row through
 * kv_row_to's buffer and a call chain per row of 128 halves held a one-query step over 2,048
 * positions of 32 heads at 12-15 GB/s of halves, 0.87-0.95x torch's FLOAT16 SDPA, where the
 * FLOAT32 step reads 42 in place (2 threads, an Intel Xeon with AVX-512); converted in place, 20-22
 * GB/s, 1.47x torch (the step as fast as FLOAT32's: the same rows per second). Prefetching the next
 * block's rows into L2 while a block converts was tried: no faster on 2 threads, 5-10 % slower on
 * one. */
static void kv_block_to(const att_run* r, int kind, uint32_t b, uint32_t h, uint32_t j0, uint32_t nk, float* dst,
                        const float* bias) {
    const uint32_t n = kind ? r->p->vhead : r->p->head;
    const uint32_t pl = r->pl[b], end = j0 + nk;
    uint32_t j = j0;
    while (j < end) {
        const int past = j < pl;
        const uint32_t stop = past && end > pl ? pl : end;
        const att_view* v = kv_view(r, kind, b, j);
        float* d = dst + (size_t)(j - j0) * n;
        if (r->f16 && (past || bias == NULL) && v->sd == 1) {
            const uint64_t rs = past ? v->s2 : v->s1;   /* row stride, elements */
            const uint16_t* src = (const uint16_t*)(const void*)(past ? at(v, b, h, j) : at(v, b, j - pl, h));
            if (rs == n)
                pydml_f16_row_to_f32(src, d, (size_t)(stop - j) * n);
            else
                for (uint32_t i = 0; i < stop - j; i++) pydml_f16_row_to_f32(src + i * rs, d + (size_t)i * n, n);
        } else {
            for (uint32_t i = 0; i < stop - j; i++, d += n) {
                const float* row = kv_row_to(r, kind, b, h, j + i, d, bias);
                if (row != d) memcpy(d, row, (size_t)n * sizeof(float));
            }
        }
        j = stop;
    }
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

/* ---- one work unit ---------------------------------------------------------------------------- */

typedef struct att_scratch {
    float *qf, *s, *kf, *vf, *acc, *m, *l, *qn;
    float *kp, *vp, *kn;              /* keys and values of one (batch, head), packed; key norms */
    float *kbuf, *vbuf;               /* a converted key / value row, each followed by its bias */
    float *ap, *bpanel, *sacc;        /* decoding's P V: packed weights, a partial value panel, the
                                       * stream's sums (32-byte aligned) */
    uint32_t lp;                      /* key positions kp and vp hold (a multiple of NR) */
    uint32_t packed;                  /* key positions packed so far for the unit's (batch, head) */
    uint32_t* kend;                   /* keys each row panel sees */
    uint16_t* tmp;
} att_scratch;

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

/* Bias, mask and exclusion of score (row, key k0 + j), written in place; sr[j] for j < nk. */
static void adjust_scores(const att_run* r, uint32_t b, uint32_t hq, uint32_t s, uint32_t k0, uint32_t nk, uint32_t nv,
                          float* sr) {
    const pydml_attention_params* p = r->p;
    const uint32_t mt = p->mask_type;
    const float f = p->mask_filter;
    if (p->t[ATT_RPB]) {
        const char* rb = at(&r->rpb, b, hq, s);
        for (uint32_t j = 0; j < nv; j++) sr[j] += load1(r, rb, (uint64_t)(k0 + j) * r->rpb.sd);
    }
    if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN) {
        /* branch-free (a causal mask's diagonal blocks would mispredict), and vectorized when the
         * mask row is contiguous */
        const int32_t* mk = (const int32_t*)at(&r->mask, b, hq, s);
        if (r->mask.sd == 1) {
            mk += k0;
            for (uint32_t j = 0; j < nv; j++) sr[j] += mk[j] == 0 ? f : 0.0f;
        } else {
            for (uint32_t j = 0; j < nv; j++) sr[j] += mk[(uint64_t)(k0 + j) * r->mask.sd] == 0 ? f : 0.0f;
        }
    } else if (mt != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE) {
        const int64_t lo = r->kr[2 * b], hi = r->kr[2 * b + 1];
        for (uint32_t j = 0; j < nv; j++)
            if ((int64_t)(k0 + j) < lo || (int64_t)(k0 + j) >= hi) sr[j] += f;
    }
    for (uint32_t j = nv; j < nk; j++) sr[j] = -INFINITY;
}

/* keys of row s that MULTIHEAD_ATTENTION1 with past lengths lets it see within [k0, k0 + nk) */
static inline uint32_t visible(uint32_t pl, uint32_t s, uint32_t k0, uint32_t nk) {
    return pl + s + 1 <= k0 ? 0 : (pl + s + 1 - k0 < nk ? pl + s + 1 - k0 : nk);
}

/* sum of x[d]^2 in 8 interleaved partial sums (vectorizable; the order is fixed) */
static float norm2(const float* x, uint32_t n) {
    float acc[8] = {0};
    uint32_t d = 0;
    for (; d + 8 <= n; d += 8)
        for (int t = 0; t < 8; t++) acc[t] += x[d + t] * x[d + t];
    for (; d < n; d++) acc[0] += x[d] * x[d];
    return ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
}

/* Query rows of block (b, hk, s0, mq) into w->qf (row gi * mq + i: head hk * g + gi, position
 * s0 + i): Scale * (q + bias), and their norms when blocks may be skipped. */
static void load_queries(const att_run* r, const att_isa* isa, uint32_t b, uint32_t hk, uint32_t s0, uint32_t mq,
                         int norms, att_scratch* w) {
    const pydml_attention_params* p = r->p;
    const uint32_t H = p->head, g = r->group;
    float* qbias = w->kbuf;   /* free until the keys are read */
    for (uint32_t gi = 0; gi < g; gi++) {
        const uint32_t hq = hk * g + gi;
        if (r->bias)
            for (uint32_t d = 0; d < H; d++) qbias[d] = load1(r, r->bias, ((uint64_t)hq * H + d) * r->bias_st);
        for (uint32_t i = 0; i < mq; i++) {
            const uint32_t row = gi * mq + i;
            float* dst = w->qf + (size_t)row * H;
            const char* src = at(&r->q, b, s0 + i, hq);
            if (!r->f16 && !r->bias && r->q.sd == 1) {
                /* scaled as it is copied (the same products as a copy, then the scale) */
                const float* qs = (const float*)src;
                for (uint32_t d = 0; d < H; d++) dst[d] = qs[d] * p->scale;
            } else {
                load_row(r, src, r->q.sd, H, r->bias ? qbias : NULL, dst);
                isa->scale(dst, H, p->scale);
            }
            if (norms) w->qn[row] = sqrtf(norm2(dst, H));
        }
    }
}

static void store_rows(const att_run* r, uint32_t b, uint32_t hk, uint32_t s0, uint32_t mq, uint32_t row0, uint32_t n,
                       float* acc, size_t lda, att_scratch* w) {
    const uint32_t Hv = r->p->vhead;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t row = row0 + i;
        float* a = acc + (size_t)i * lda;
        const float li = w->l[row];
        const float inv = 1.0f / li;   /* l = 0 (no finite score): NaN, as 0 / 0 */
        for (uint32_t e = 0; e < Hv; e++) a[e] = li == 0.0f ? NAN : a[e] * inv;
        store_row(r, at(&r->out, b, s0 + row % mq, hk * r->group + row / mq), r->out.sd, Hv, a, w->tmp);
    }
}

/* acc (M x Hv, stride Hv) += weights (M x nk, stride ATT_BK in w->s) x values (nk rows of Hv at
 * stride vst, read in place): the engine's streamed product for the values' whole NR-column panels
 * (B rows read as runs, each once for all M rows), its microkernel on a packed partial panel for
 * the last Hv % NR columns. Each element: its nk terms from 0 in ascending key order, then added
 * to the rescaled sums of the blocks before (as the prompt path's tiles do). */
static void decode_pv(const att_run* r, uint32_t M, uint32_t nk, const float* vb, int64_t vst, att_scratch* w) {
    const pydml_sgemm_ukernels* u = &r->uk;
    const uint32_t Hv = r->p->vhead, NR = u->nr, MR = u->mr, full = Hv / NR * NR;
    const uint32_t rows = ATT_STREAM_FLOATS / NR;   /* rows per stream call: at least one panel wide */
    for (uint32_t t0 = 0; t0 < M && full; t0 += rows) {
        const uint32_t mt = M - t0 < rows ? M - t0 : rows;
        u->pack_a(w->s + (size_t)t0 * ATT_BK, ATT_BK, 1, mt, nk, w->ap);
        /* column runs whose nk x w slice of the values fits L1: the stream keeps its sums in registers */
        uint32_t wmax = ATT_STREAM_FLOATS / mt / NR * NR;
        const uint32_t wl1 = PYDML_SGEMM_STREAM_L1_FLOATS / nk / NR * NR;
        if (wl1 >= NR && wl1 < wmax) wmax = wl1;
        for (uint32_t j0 = 0; j0 < full; j0 += wmax) {
            const uint32_t wd = full - j0 < wmax ? full - j0 : wmax;
            float* d = w->acc + (size_t)t0 * Hv + j0;
            u->stream(nk, mt, w->ap, vb + j0, vst, wd, d, Hv, d, Hv, w->sacc);
        }
    }
    if (full < Hv) {
        u->pack_b(vb + full, vst, 1, nk, Hv - full, w->bpanel);
        for (uint32_t r0 = 0; r0 < M; r0 += MR) {
            const uint32_t mr = M - r0 < MR ? M - r0 : MR;
            float* d = w->acc + (size_t)r0 * Hv + full;
            u->ukr_rows[mr](nk, w->s + (size_t)r0 * ATT_BK, ATT_BK, w->bpanel, NR, d, Hv, d, Hv, Hv - full);
        }
    }
}

/* Decoding (at most ATT_GEMV_ROWS positions, of every query head of the group): the key and value
 * rows are read where they lie (FLOAT32) or converted a block at a time, against every row of the
 * block. */
static void gemv_block(const att_run* r, const att_isa* isa, uint32_t b, uint32_t hk, uint32_t s0, uint32_t mq,
                       att_scratch* w) {
    const pydml_attention_params* p = r->p;
    const uint32_t H = p->head, Hv = p->vhead, g = r->group, M = g * mq;
    const uint32_t pl = r->pl[b], L = pl + p->kv_seq;
    const int causal = p->t[ATT_PSL] != NULL;   /* MULTIHEAD_ATTENTION1 with past lengths */
    const uint32_t kend = causal ? (pl + s0 + mq < L ? pl + s0 + mq : L) : L;
    const int adjust = p->mask_type != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE || p->t[ATT_RPB] || causal;
    for (uint32_t i = 0; i < M; i++) {
        w->m[i] = -INFINITY;
        w->l[i] = 0.0f;
    }
    memset(w->acc, 0, (size_t)M * Hv * sizeof(float));
    for (uint32_t k0 = 0; k0 < kend; k0 += ATT_BK) {
        const uint32_t nk = kend - k0 < ATT_BK ? kend - k0 : ATT_BK;
        int64_t kst = H, vst = Hv;
        const float* kb = kv_block_in_place(r, 0, b, hk, k0, nk, &kst);
        if (kb == NULL) {
            kv_block_to(r, 0, b, hk, k0, nk, w->kf, r->bias ? w->kbuf + H : NULL);
            kb = w->kf;
            kst = H;
        }
        isa->dots(w->qf, H, M, kb, kst, nk, w->s, ATT_BK);
        if (adjust)
            for (uint32_t row = 0; row < M; row++) {
                const uint32_t s = s0 + row % mq;
                adjust_scores(r, b, hk * g + row / mq, s, k0, nk, causal ? visible(pl, s, k0, nk) : nk,
                              w->s + (size_t)row * ATT_BK);
            }
        isa->softmax(M, w->s, ATT_BK, nk, w->m, w->l, w->acc, Hv, Hv);
        const float* vb = kv_block_in_place(r, 1, b, hk, k0, nk, &vst);
        if (vb == NULL) {
            kv_block_to(r, 1, b, hk, k0, nk, w->vf, r->bias ? w->vbuf + Hv : NULL);
            vb = w->vf;
            vst = Hv;
        }
        decode_pv(r, M, nk, vb, vst, w);
    }
    store_rows(r, b, hk, s0, mq, 0, M, w->acc, Hv, w);
}

/* Packs key positions [w->packed, upto) (multiples of NR, the engine's panel width) of (b, hk) as
 * the GEMM engine's B panels (gemm_engine.h): keys as panels of NR keys (K^T: d-major, packed from
 * the key rows by the engine's transposing pack_b), values as panels of NR columns (key-major,
 * columns past Hv zero), and the largest squared key norm of each key panel (kn) when blocks may
 * be skipped. Positions past the batch's keys are zero. Key and value rows are read in place
 * (FLOAT32, unit stride, no bias, one source) or converted into kf / vf first. Done once per unit
 * and (batch, head): the query blocks reuse them. */
static void pack_kv(const att_run* r, uint32_t b, uint32_t hk, uint32_t upto, int norms, att_scratch* w) {
    const pydml_attention_params* p = r->p;
    const pydml_sgemm_ukernels* u = &r->uk;
    const uint32_t H = p->head, Hv = p->vhead, L = r->pl[b] + p->kv_seq, NR = u->nr;
    const uint32_t nc = (Hv + NR - 1) / NR;
    const float* kbias = r->bias ? w->kbuf + H : NULL;
    const float* vbias = r->bias ? w->vbuf + Hv : NULL;
    for (uint32_t j0 = w->packed; j0 < upto; j0 += NR) {
        const uint32_t n = j0 >= L ? 0 : (L - j0 < NR ? L - j0 : NR); /* the batch's keys in the panel */
        float* kd = w->kp + (size_t)j0 * H;
        int64_t kst = H, vst = Hv;
        const float* kb = n ? kv_block_in_place(r, 0, b, hk, j0, n, &kst) : NULL;
        if (kb == NULL) {
            kv_block_to(r, 0, b, hk, j0, n, w->kf, kbias);
            kb = w->kf;
            kst = H;
        }
        float n2max = 0.0f;
        if (norms)
            for (uint32_t jj = 0; jj < n; jj++) {
                const float n2 = norm2(kb + (int64_t)jj * kst, H);
                n2max = n2 > n2max ? n2 : n2max;
            }
        w->kn[j0 / NR] = n2max;
        /* B(d, jj) = key jj's element d: a transposed B */
        if (n)
            u->pack_b(kb, 1, kst, H, n, kd);
        else
            memset(kd, 0, (size_t)H * NR * sizeof(float));
        const float* vb = n ? kv_block_in_place(r, 1, b, hk, j0, n, &vst) : NULL;
        if (vb == NULL) {
            kv_block_to(r, 1, b, hk, j0, n, w->vf, vbias);
            vb = w->vf;
            vst = Hv;
        }
        for (uint32_t c = 0; c < nc; c++) {
            float* vd = w->vp + ((size_t)c * w->lp + j0) * NR;
            const uint32_t cols = Hv - c * NR < NR ? Hv - c * NR : NR;
            if (n) u->pack_b(vb + (size_t)c * NR, vst, 1, n, cols, vd);   /* B(jj, e) = value jj's element e */
            memset(vd + (size_t)n * NR, 0, (size_t)(NR - n) * NR * sizeof(float));
        }
    }
    if (upto > w->packed) w->packed = upto;
}

/* Keys [k0, k0 + nk) of row (b, hq, s): one past the last one the mask keeps (0: every one masked). */
static uint32_t kept_end(const att_run* r, uint32_t b, uint32_t hq, uint32_t s, uint32_t k0, uint32_t nk) {
    const uint32_t mt = r->p->mask_type;
    if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE) return nk;
    if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN) {
        /* 16 keys at a time from the end (the caller rounds up to NR-key panels, NR >= 8) */
        const int32_t* mk = (const int32_t*)at(&r->mask, b, hq, s) + (uint64_t)k0 * r->mask.sd;
        const uint64_t sd = r->mask.sd;
        uint32_t j = nk;
        while (j > 0) {
            const uint32_t j0 = j >= 16 ? j - 16 : 0;
            int32_t any = 0;
            if (sd == 1)
                for (uint32_t t = j0; t < j; t++) any |= mk[t];
            else
                for (uint32_t t = j0; t < j; t++) any |= mk[t * sd];
            if (any) break;
            j = j0;
        }
        return j;
    }
    /* kept inside [lo, hi) */
    const int64_t lo = r->kr[2 * b], hi = r->kr[2 * b + 1];
    if (hi <= lo || (int64_t)k0 + nk <= lo || (int64_t)k0 >= hi) return 0;
    return hi - (int64_t)k0 < (int64_t)nk ? (uint32_t)(hi - (int64_t)k0) : nk;
}

/* Prompts: the block's rows in panels of MR (the engine's tile height); each key block (ATT_BK keys
 * of the packed keys and values, small enough to stay in L1) visits every panel before the next is
 * read, so a row sees the key blocks in ascending order. Scores of one panel and block: MR x ATT_BK
 * floats. The products are the engine's microkernels reading the query rows and the weights in
 * place (ukr_rows: the weights are made per panel and block and read once, so packing them would
 * cost more than the product saves) against the packed key and value panels. */
static void panel_block(const att_run* r, const att_isa* isa, uint32_t b, uint32_t hk, uint32_t s0, uint32_t mq,
                        att_scratch* w) {
    const pydml_attention_params* p = r->p;
    const pydml_sgemm_ukernels* u = &r->uk;
    const uint32_t H = p->head, Hv = p->vhead, g = r->group, M = g * mq, MR = u->mr, NR = u->nr;
    const uint32_t hvp = (Hv + NR - 1) / NR * NR;
    const uint32_t pl = r->pl[b], L = pl + p->kv_seq;
    const int causal = p->t[ATT_PSL] != NULL;   /* MULTIHEAD_ATTENTION1 with past lengths */
    const int adjust = p->mask_type != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE || p->t[ATT_RPB] || causal;
    const int skip_ok = p->mask_type != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE && !p->t[ATT_RPB];
    const float f = p->mask_filter;
    /* keys each panel sees (with past lengths: up to its last row's position) */
    uint32_t kall = 0;
    for (uint32_t r0 = 0; r0 < M; r0 += MR) {
        const uint32_t mr = M - r0 < MR ? M - r0 : MR;
        uint32_t kend = L;
        if (causal) {
            uint32_t smax = 0;
            for (uint32_t i = 0; i < mr; i++) smax = s0 + (r0 + i) % mq > smax ? s0 + (r0 + i) % mq : smax;
            kend = pl + smax + 1 < L ? pl + smax + 1 : L;
        }
        w->kend[r0 / MR] = kend;
        kall = kend > kall ? kend : kall;
    }
    const uint32_t need = (kall + NR - 1) / NR * NR;
    if (need > w->packed) pack_kv(r, b, hk, need, skip_ok, w);
    for (uint32_t i = 0; i < M; i++) {
        w->m[i] = -INFINITY;
        w->l[i] = 0.0f;
    }
    memset(w->acc, 0, (size_t)M * hvp * sizeof(float));
    for (uint32_t k0 = 0; k0 < kall; k0 += ATT_BK_PANEL)
        for (uint32_t r0 = 0; r0 < M; r0 += MR) {
            const uint32_t mr = M - r0 < MR ? M - r0 : MR;
            const uint32_t kend = w->kend[r0 / MR];
            if (k0 >= kend) continue;
            float* m = w->m + r0;
            float* acc = w->acc + (size_t)r0 * hvp;
            uint32_t nk = kend - k0 < ATT_BK_PANEL ? kend - k0 : ATT_BK_PANEL;
            /* keys at the end of a block that every row masks and that, by |q||k| + MaskFilterValue,
             * score far below each row's running maximum add exactly 0 (their weights underflow and
             * the maximum stays): the block is cut after the last kept key (NR-key panels), or
             * skipped when none is kept (causal masks) */
            if (skip_ok) {
                float kmax = 0.0f;
                for (uint32_t c = 0; c < (nk + NR - 1) / NR; c++)
                    kmax = w->kn[k0 / NR + c] > kmax ? w->kn[k0 / NR + c] : kmax;
                kmax = sqrtf(kmax);
                int far = 1;
                for (uint32_t i = 0; i < mr && far; i++) far = w->qn[r0 + i] * kmax + f - m[i] < ATT_NEGLIGIBLE;
                if (far) {
                    uint32_t kept = 0;
                    for (uint32_t i = 0; i < mr && kept < nk; i++) {
                        const uint32_t e = kept_end(r, b, hk * g + (r0 + i) / mq, s0 + (r0 + i) % mq, k0, nk);
                        kept = e > kept ? e : kept;
                    }
                    if (kept == 0) continue;
                    kept = (kept + NR - 1) / NR * NR;
                    nk = kept < nk ? kept : nk;
                }
            }
            /* scores: the panel's query rows against the block's key panels (ATT_BK_PANEL is a multiple of
             * every NR, so a block starts on a panel) */
            const pydml_sgemm_ukr_rows uk = u->ukr_rows[mr];
            const float* qrows = w->qf + (size_t)r0 * H;
            for (uint32_t c = 0; c < (nk + NR - 1) / NR; c++)
                uk(H, qrows, H, w->kp + (size_t)(k0 + c * NR) * H, NR, NULL, 0, w->s + (size_t)c * NR, ATT_BK_PANEL,
                   NR);
            if (adjust)
                for (uint32_t i = 0; i < mr; i++) {
                    const uint32_t s = s0 + (r0 + i) % mq;
                    adjust_scores(r, b, hk * g + (r0 + i) / mq, s, k0, nk, causal ? visible(pl, s, k0, nk) : nk,
                                  w->s + (size_t)i * ATT_BK_PANEL);
                }
            isa->softmax(mr, w->s, ATT_BK_PANEL, nk, m, w->l + r0, acc, hvp, hvp);
            /* acc += weights x values, panel by panel of NR value columns (the K slice [k0, k0 + nk) of
             * each packed value panel) */
            for (uint32_t c = 0; c < hvp / NR; c++) {
                float* ac = acc + (size_t)c * NR;
                uk(nk, w->s, ATT_BK_PANEL, w->vp + ((size_t)c * w->lp + k0) * NR, NR, ac, hvp, ac, hvp, NR);
            }
        }
    store_rows(r, b, hk, s0, mq, 0, M, w->acc, hvp, w);
}

/* Query blocks [qa, qz) of (b, hk). */
static void run_unit(const att_run* r, const att_isa* isa, uint32_t b, uint32_t hk, uint32_t qa, uint32_t qz,
                     att_scratch* w) {
    const pydml_attention_params* p = r->p;
    const int norms = p->mask_type != DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE && !p->t[ATT_RPB];
    w->packed = 0;
    if (r->bias) {
        kv_bias(r, 0, hk, w->kbuf + p->head);
        kv_bias(r, 1, hk, w->vbuf + p->vhead);
    }
    for (uint32_t qb = qa; qb < qz; qb++) {
        const uint32_t s0 = qb * r->mq;
        const uint32_t mq = p->seq - s0 < r->mq ? p->seq - s0 : r->mq;
        /* few positions (decoding, grouped or not): the keys are read where they lie, once per
         * block for every row; packing them would double the traffic of a memory-bound step */
        const int gemv = mq <= ATT_GEMV_ROWS;
        load_queries(r, isa, b, hk, s0, mq, norms && !gemv, w);
        if (gemv)
            gemv_block(r, isa, b, hk, s0, mq, w);
        else
            panel_block(r, isa, b, hk, s0, mq, w);
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

/* The most past positions any batch entry may have: PastSequenceLengths values are clamped to it
 * (execute), so it bounds the packed key/value rows a thread's scratch must hold. */
static uint64_t past_cap(const pydml_attention_params* p) {
    uint64_t cap = p->past;
    if (p->t[ATT_PSL]) {
        const uint32_t T = p->kv_seq;
        cap = p->t[ATT_PAST_K] ? p->past : UINT32_MAX;
        if (p->present_len && p->present_len - T < cap) cap = p->present_len - T;
        if (!p->t[ATT_PAST_K] && !p->present_len) cap = 0;
    }
    return cap;
}

/* The workspace's layout: a shared part (past lengths, key ranges), then per thread a block of
 * float scratch, the packed keys and values and a FLOAT16 row; each part 64-byte aligned. */
typedef struct att_scratch_size {
    uint64_t shared, per_thread, block_bytes, pack_bytes, tmp_bytes;
} att_scratch_size;

static void scratch_size(const pydml_attention_params* p, att_scratch_size* z) {
    const uint64_t B = p->batch, H = p->head, Hv = p->vhead;
    const uint32_t group = p->q_heads / p->kv_heads;
    uint32_t mq = ATT_BQ / group ? ATT_BQ / group : 1;
    if (mq > p->seq) mq = p->seq;
    /* sized for the widest engine tiles (MR and NR of any ISA: the one an execution finds may
     * differ from today's) */
    const uint64_t NRX = PYDML_SGEMM_NR_MAX, MRX = PYDML_SGEMM_MR_MAX;
    const uint64_t Mmax = (uint64_t)group * mq, hmax = H > Hv ? H : Hv, hvp = (Hv + NRX - 1) / NRX * NRX;
    const uint64_t srows = Mmax > MRX ? Mmax : MRX;
    /* the scores: srows x ATT_BK (decoding), or MR x ATT_BK_PANEL (a prompt's row panel) */
    const uint64_t sfloats = srows * ATT_BK > MRX * ATT_BK_PANEL ? srows * ATT_BK : MRX * ATT_BK_PANEL;
    /* the stream's sums first (64-byte aligned), then as execute lays them out */
    const uint64_t floats = ATT_STREAM_FLOATS + Mmax * H + sfloats + (uint64_t)ATT_BK * H +
                            (uint64_t)ATT_BK * Hv + Mmax * hvp + 4 * Mmax + 4 * hmax + 64 + Mmax * ATT_BK +
                            (uint64_t)ATT_BK * NRX;
    const int packs = mq > ATT_GEMV_ROWS;
    const uint64_t lp = packs ? (past_cap(p) + p->kv_seq + NRX - 1) / NRX * NRX : 0;
    z->shared = pydml_workspace_round(B * sizeof(uint32_t)) + pydml_workspace_round(B * 2 * sizeof(int64_t));
    z->block_bytes = pydml_workspace_round(floats * sizeof(float));
    /* keys, values, a norm per key panel (NR >= 8) */
    z->pack_bytes = pydml_workspace_round((packs ? lp * (H + hvp) + lp / 8 + 16 : 16) * sizeof(float));
    z->tmp_bytes = pydml_workspace_round(hmax * sizeof(uint16_t));
    z->per_thread = z->block_bytes + z->pack_bytes + z->tmp_bytes;
}

static pydml_status execute(const void* plan_, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
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
    att_scratch_size z;
    scratch_size(p, &z);
    const uint32_t team_ws = (uint32_t)((ws->bytes - (ws->bytes < z.shared ? ws->bytes : z.shared)) / z.per_thread);
    r.pl = pydml_workspace_part(ws, 0, (uint64_t)B * sizeof(uint32_t));
    r.kr = pydml_workspace_part(ws, pydml_workspace_round((uint64_t)B * sizeof(uint32_t)),
                                (uint64_t)B * 2 * sizeof(int64_t));
    if (r.pl == NULL || r.kr == NULL || team_ws < 1) return PYDML_STATUS_INVALID_PARAMETER;
    const uint64_t cap = past_cap(p);
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

    /* Work units: (b, key/value head, a run of query blocks). The query blocks, row panels and key
     * blocks (each row's arithmetic) are fixed by the shapes; only how units are shared out
     * follows the thread count. A unit packs its keys and values once for all its query blocks. */
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    const uint64_t heads = (uint64_t)B * Nk;
    uint32_t per_unit = r.qblocks;   /* query blocks per unit */
    if (heads < 4u * (uint64_t)threads) {
        const uint64_t want = (4u * (uint64_t)threads + heads - 1) / heads;   /* units per head */
        per_unit = (uint32_t)((r.qblocks + want - 1) / want);
    }
    const uint32_t chunks = (r.qblocks + per_unit - 1) / per_unit;
    const uint64_t units = heads * chunks;
    const double work = (double)B * Nq * p->seq * (double)(p->past + p->kv_seq + 1) * (H + Hv);
    (void)work; /* only the OpenMP build reads it */
    const uint32_t Mmax = r.group * r.mq;
    const uint32_t hmax = H > Hv ? H : Hv;
    pydml_sgemm_ukernels_get(&r.uk);
    const uint32_t NR = r.uk.nr, MR = r.uk.mr;
    const uint32_t hvp = (Hv + NR - 1) / NR * NR;
    const int packs = r.mq > ATT_GEMV_ROWS;   /* some block takes the panel path */
    uint32_t lmax = 0;
    for (uint32_t b = 0; b < B; b++) lmax = r.pl[b] > lmax ? r.pl[b] : lmax;
    const uint32_t lp = packs ? (lmax + p->kv_seq + NR - 1) / NR * NR : 0;   /* NR divides scratch_size's */
    if (lmax > cap) return PYDML_STATUS_INVALID_PARAMETER; /* past_cap bounds the pack's rows */
    int failed = 0;
    const att_isa* isa = &ISAS[r.isa >= 0 && r.isa < 3 ? r.isa : 0];
#ifdef _OPENMP
#pragma omp parallel if (work >= ATT_PARALLEL_MIN)
#endif
    {
        att_scratch w;
        memset(&w, 0, sizeof w);
        const size_t srows = Mmax > MR ? Mmax : MR;   /* score rows: a panel, or a decoding block */
        const size_t sfloats = srows * ATT_BK > (size_t)MR * ATT_BK_PANEL ? srows * ATT_BK : (size_t)MR * ATT_BK_PANEL;
        /* this thread's part of the workspace (scratch_size gives its layout) */
        uint32_t id = 0;
#ifdef _OPENMP
        id = (uint32_t)omp_get_thread_num();
#endif
        const uint64_t mine = z.shared + (uint64_t)id * z.per_thread;
        float* block = id < team_ws ? pydml_workspace_part(ws, mine, z.block_bytes) : NULL;
        float* pack = id < team_ws ? pydml_workspace_part(ws, mine + z.block_bytes, z.pack_bytes) : NULL;
        w.tmp = id < team_ws ? pydml_workspace_part(ws, mine + z.block_bytes + z.pack_bytes, z.tmp_bytes) : NULL;
        const int ok = pydml_scratch_ok(&failed, block, pack) && pydml_scratch_ok(&failed, w.tmp, w.tmp);
        if (ok) {
            w.sacc = block;
            w.qf = block + ATT_STREAM_FLOATS;
            w.s = w.qf + (size_t)Mmax * H;
            w.kf = w.s + sfloats;
            w.vf = w.kf + (size_t)ATT_BK * H;
            w.acc = w.vf + (size_t)ATT_BK * Hv;
            w.m = w.acc + (size_t)Mmax * hvp;
            w.l = w.m + Mmax;
            w.qn = w.l + Mmax;
            w.kbuf = w.qn + Mmax;
            w.vbuf = w.kbuf + 2 * (size_t)hmax;
            w.kend = (uint32_t*)(w.vbuf + 2 * (size_t)hmax);   /* Mmax / MR + 1 <= Mmax + 64 */
            w.ap = w.vbuf + 2 * (size_t)hmax + Mmax + 64;
            w.bpanel = w.ap + (size_t)Mmax * ATT_BK;
            w.lp = lp;
            w.kp = pack;
            w.vp = pack + (size_t)lp * H;
            w.kn = w.vp + (size_t)lp * hvp;
        }
        /* present outputs first (only rows the attention does not read are written: the new
         * rows, and the past's copies) */
        if (p->t[ATT_PRESENT_K] || p->t[ATT_PRESENT_V]) {
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
            for (int64_t it = 0; it < (int64_t)B * Nk; it++)
                if (ok) write_present(&r, (uint32_t)(it / Nk), (uint32_t)(it % Nk), w.kbuf, w.tmp);
        }
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (int64_t it = 0; it < (int64_t)units; it++) {
            if (!ok) continue;
            const uint32_t c = (uint32_t)((uint64_t)it % chunks);
            const uint32_t hk = (uint32_t)((uint64_t)it / chunks % Nk), b = (uint32_t)((uint64_t)it / chunks / Nk);
            const uint32_t qz = (c + 1) * per_unit < r.qblocks ? (c + 1) * per_unit : r.qblocks;
            run_unit(&r, isa, b, hk, c * per_unit, qz, &w);
        }
    }
    return failed ? PYDML_STATUS_INVALID_PARAMETER : PYDML_STATUS_SUCCESS;
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    att_scratch_size z;
    scratch_size(&((const att_plan*)plan)->p, &z);
    return z.shared + (uint64_t)threads * z.per_thread;
}

/* Scratch comes from the caller's workspace (DirectML's temporary resource): the plan is read-only
 * while it executes, so executions of one operator may run at the same time. */
const pydml_kernel_family pydml_family_attention = {"attention", create, destroy, execute, 0, temporary_bytes, NULL, NULL};
