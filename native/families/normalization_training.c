/* The normalization training family (families.h): BATCH_NORMALIZATION_TRAINING,
 * BATCH_NORMALIZATION_TRAINING_GRAD, BATCH_NORMALIZATION_GRAD and LOCAL_RESPONSE_NORMALIZATION_GRAD
 * (pages: MicrosoftDocs/sdk-api ns-directml-dml_<name>_operator_desc.md; rules_normalization.c
 * checks the descs; the forward kernels are normalization.c's, whose statistics helpers this file
 * shares through normalization_internal.h).
 *
 * Groups: the "parameter" tensors (Scale/Bias of the TRAINING page, Mean/Variance/Scale of the GRAD
 * pages) have size 1 on the reduced dimensions and InputTensor's size on the others; a group is the
 * set of input elements that share one parameter element (the pages: "computed ... across the set
 * of dimensions for which ScaleTensor and BiasTensor sizes equal one").
 *
 * Formulas (the pages; all arithmetic in double, each output rounded once):
 *   BATCH_NORMALIZATION_TRAINING:  Mean = mean(Input), Variance = mean((Input - Mean)^2) over the
 *       group, Output = FusedActivation(Scale * (Input - Mean) / sqrt(Variance + Epsilon) + Bias
 *       + FusedAdd). The page does not say whether OutputVarianceTensor is the biased (population)
 *       or the unbiased variance; it is the biased one, the one the formula normalizes with (as
 *       torch.nn.functional.batch_norm in training mode), and the one for which the
 *       BATCH_NORMALIZATION_TRAINING_GRAD page's OutputGradient formula (the Variance input "is
 *       typically the same tensor that was returned as the OutputVarianceTensor") is the exact
 *       gradient of this forward.
 *   BATCH_NORMALIZATION_TRAINING_GRAD:  with m = mean(Input) (computed, as the page writes it:
 *       "Input - mean(Input)") and r = 1 / sqrt(Variance + Epsilon),
 *       OutputGradient = Scale * r * ((dY - mean(dY)) - (Input - m) * mean(dY * (Input - m))
 *       / (Variance + Epsilon)) (the page's "InputCentered = InputCentered - mean(InputCentered)" is
 *       read as Input - mean(Input)); OutputScaleGradient = sum(dY * (Input - Mean)) * r with the
 *       MeanTensor input; OutputBiasGradient = sum(dY).
 *   BATCH_NORMALIZATION_GRAD:  OutputGradient = dY * Scale * r, OutputScaleGradient =
 *       sum(dY * (Input - Mean)) * r, OutputBiasGradient = sum(dY).
 *   LOCAL_RESPONSE_NORMALIZATION_GRAD:  the gradient of normalization.c's forward, y_i = x_i * B_i^-b,
 *       B_i = Bias + (Alpha / LocalSize) * sum_{j in W(i)} x_j^2 (W(i) = [i - lo, i + hi] clipped,
 *       lo = floor((LocalSize - 1) / 2), hi = LocalSize - 1 - lo; across channels with CrossChannel,
 *       else a LocalSize x LocalSize window over Height and Width):
 *       dx_k = dy_k B_k^-b - 2 b (Alpha / LocalSize) x_k sum_{i : k in W(i)} dy_i x_i B_i^(-b-1),
 *       where {i : k in W(i)} = [k - hi, k + lo] (the window mirrored). The page gives no formula.
 *
 * Precision: statistics and sums in double, chunk by chunk (PYDML_NORM_CHUNK consecutive elements
 * of a group, in the group's row-major order), the chunks combined in a fixed order; each output
 * evaluated in double and rounded once to float (FLOAT16: rounded to odd first, so the half
 * conversion is the one correct rounding); a FusedActivation acts on the float values. The chunking
 * does not depend on the thread count, so neither do the results.
 *
 * BATCH_NORMALIZATION_TRAINING_GRAD's sum dY (x - m) is gathered chunk by chunk around each chunk's
 * first element and shifted to m once m is known (pass_stats_sums), so its sums share x's
 * statistics pass; its sums, x's own sum (for m) among them, run in 8 partial sums (grad_sums4),
 * the same on every ISA path.
 *
 * Speed: consecutive groups are one work item (its first pass reads the input from memory, the output pass
 * finds it in the cache; a group's output pass runs beside the next group's first pass, run_block);
 * few long groups are split chunk by chunk across the threads instead (two parallel passes). DRAM traffic per element (FLOAT32, tensors past the caches): TRAINING reads x
 * once and writes y once (8 bytes; 12 with FusedAdd, read in the output pass, prefetched two
 * chunks ahead); TRAINING_GRAD reads x and dY once and writes dX once (12 bytes): two passes, the
 * second from the cache (L2 when a group's x and dY fit it, else the L3 they were evicted to).
 * Outputs of 32 MiB and more go out with non-temporal stores (no read for ownership: 4 bytes
 * instead of 8 per output element), the rest
 * stays in the cache for the next operator. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define TN_X86 1
#endif

#include "axis_split.h"
#include "convert.h"
#include "elementwise.h"
#include "families.h"
#include "normalization_internal.h"
#include "rules.h"
#include "stream_store.h"

#define CH PYDML_NORM_CHUNK
/* Elements below which one thread runs everything. */
#define TN_PARALLEL_MIN 32768
/* Elements of a group from which fewer groups than twice the threads are split across them. */
#define TN_SPLIT_MIN 65536
/* Most consecutive groups a thread takes at a time (group mode; tn_geo.block): within a block each
 * group's output pass runs beside the next group's first pass (run_block), so longer blocks leave
 * fewer groups to start cold,
 * while at least 4 blocks per thread keep the dynamic schedule balanced. */
#define TN_BLOCK 16
/* FLOAT32 output bytes from which the input-sized output is written with non-temporal stores. */
#define TN_STREAM_BYTES (32u << 20)
/* Doubles per chunk of a group's scratch (tn_group: cs 3, cs2 2, cs3 1, ck 1). */
#define TN_CS 7

enum { K_BNT = 0, K_BNTG = 1, K_BNG = 2, K_LRNG = 3 };
/* input-sized tensors (x; FusedAdd or dY; y or dX) and parameter-sized ones */
enum { NF = 3, NP = 5 };

typedef struct tn_plan {
    int kind;
    uint32_t dtype, n;
    uint32_t sizes[PYDML_MAX_DIMS];  /* InputTensor's */
    uint32_t psizes[PYDML_MAX_DIMS]; /* ScaleTensor's (TRAINING) or MeanTensor's (GRAD) */
    uint32_t input_count, output_count;
    int has_add;
    double eps;
    int has_act;
    pydml_activation act;
    int cross;
    uint32_t local_size;
    double alpha, beta, bias;
} tn_plan;


static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    if (in == NULL || in->DimensionCount == 0 || in->DimensionCount > PYDML_MAX_DIMS)
        return PYDML_STATUS_INVALID_PARAMETER;
    if (in->DataType != DML_TENSOR_DATA_TYPE_FLOAT32 && in->DataType != DML_TENSOR_DATA_TYPE_FLOAT16)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    tn_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->dtype = in->DataType;
    p->n = in->DimensionCount;
    memcpy(p->sizes, in->Sizes, p->n * sizeof(uint32_t));
    const DML_BUFFER_TENSOR_DESC* par = NULL;
    switch (info->type) {
    case DML_OPERATOR_BATCH_NORMALIZATION_TRAINING: {
        const DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC* d = desc;
        p->kind = K_BNT;
        p->input_count = 4;
        p->output_count = 3;
        p->eps = d->Epsilon;
        p->has_add = pydml_tensor_field(info, desc, "FusedAddTensor") != NULL;
        if (d->FusedActivation) {
            pydml_activation_of(d->FusedActivation, &p->act);
            p->has_act = p->act.type != DML_OPERATOR_INVALID && p->act.type != DML_OPERATOR_ACTIVATION_IDENTITY;
        }
        par = pydml_tensor_field(info, desc, "ScaleTensor");
        break;
    }
    case DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD:
    case DML_OPERATOR_BATCH_NORMALIZATION_GRAD: {
        /* the two descs have the same layout */
        const DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC* d = desc;
        p->kind = info->type == DML_OPERATOR_BATCH_NORMALIZATION_GRAD ? K_BNG : K_BNTG;
        p->input_count = 5;
        p->output_count = 3;
        p->eps = d->Epsilon;
        par = pydml_tensor_field(info, desc, "MeanTensor");
        break;
    }
    default: {
        const DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC* d = desc;
        p->kind = K_LRNG;
        p->input_count = 2;
        p->output_count = 1;
        p->cross = d->CrossChannel != 0;
        p->local_size = d->LocalSize;
        p->alpha = d->Alpha;
        p->beta = d->Beta;
        p->bias = d->Bias;
        if (p->n != 4 || p->local_size == 0) {
            free(p);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        *out = p;
        return PYDML_STATUS_SUCCESS;
    }
    }
    if (par == NULL || par->DimensionCount != p->n) {
        free(p);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    for (uint32_t d = 0; d < p->n; d++) {
        if (par->Sizes[d] != 1 && par->Sizes[d] != p->sizes[d]) {
            free(p);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        p->psizes[d] = par->Sizes[d];
    }
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

static pydml_status check_view(const pydml_tensor* v, uint32_t type, uint32_t n, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != n) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < n; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

static double elem(uint32_t type, const pydml_tensor* v, uint64_t off) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT32 ? (double)((const float*)v->data)[off]
                                                : (double)pydml_f16_to_f32(((const uint16_t*)v->data)[off]);
}

/* one double rounded once to the tensor's type */
static void put(uint32_t type, const pydml_tensor* v, uint64_t off, double x) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) ((float*)v->data)[off] = (float)x;
    else ((uint16_t*)v->data)[off] = pydml_f64_to_f16(x);
}

/* ---- geometry: groups (kept dimensions) and their elements (reduced dimensions) ---- */

typedef struct tn_geo {
    const tn_plan* p;
    const pydml_tensor* full[NF];  /* NULL when absent (FusedAdd) */
    const pydml_tensor* par[NP];
    uint32_t nk;
    uint64_t ksize[PYDML_MAX_DIMS], kst[NF][PYDML_MAX_DIMS], kpst[NP][PYDML_MAX_DIMS];
    uint64_t G, L, inner, runs, nc;
    uint64_t rst[NF];              /* stride of the innermost reduced dimension */
    uint64_t* run_off;             /* runs x NF offsets of each run's first element */
    int stream;                    /* write the output with non-temporal stores (stream_store.h) */
    int wide;                      /* streamed rows in 512 bits (tn_wide_rows) */
    uint64_t block;                /* groups per work item (group mode) */
} tn_geo;

static pydml_status geo_init(tn_geo* g, const tn_plan* p, uint64_t* run_off, uint64_t max_runs) {
    const uint32_t n = p->n;
    uint64_t rsize[PYDML_MAX_DIMS], rst[NF][PYDML_MAX_DIMS];
    uint32_t nr = 0;
    g->p = p;
    g->nk = 0;
    for (uint32_t d = 0; d < n; d++) {
        if (p->sizes[d] == 1) continue;
        uint64_t st[NF];
        for (int t = 0; t < NF; t++) st[t] = g->full[t] ? g->full[t]->strides[d] : 0;
        if (p->psizes[d] == 1) { /* reduced: merged with the previous reduced dimension when contiguous */
            int merge = nr > 0;
            for (int t = 0; t < NF && merge; t++) merge = rst[t][nr - 1] == st[t] * p->sizes[d];
            if (merge) {
                rsize[nr - 1] *= p->sizes[d];
                for (int t = 0; t < NF; t++) rst[t][nr - 1] = st[t];
            } else {
                rsize[nr] = p->sizes[d];
                for (int t = 0; t < NF; t++) rst[t][nr] = st[t];
                nr++;
            }
        } else {
            g->ksize[g->nk] = p->sizes[d];
            for (int t = 0; t < NF; t++) g->kst[t][g->nk] = st[t];
            for (int t = 0; t < NP; t++) g->kpst[t][g->nk] = g->par[t] ? g->par[t]->strides[d] : 0;
            g->nk++;
        }
    }
    if (nr == 0) {
        rsize[0] = 1;
        for (int t = 0; t < NF; t++) rst[t][0] = 0;
        nr = 1;
    }
    g->G = 1;
    for (uint32_t k = 0; k < g->nk; k++) g->G *= g->ksize[k];
    g->inner = rsize[nr - 1];
    g->runs = 1;
    for (uint32_t d = 0; d + 1 < nr; d++) g->runs *= rsize[d];
    g->L = g->runs * g->inner;
    g->nc = (g->L + CH - 1) / CH;
    for (int t = 0; t < NF; t++) g->rst[t] = rst[t][nr - 1];
    if (run_off == NULL || g->runs > max_runs) return PYDML_STATUS_INVALID_PARAMETER;
    g->run_off = run_off;
    for (uint64_t r = 0; r < g->runs; r++) {
        uint64_t o = r;
        for (int t = 0; t < NF; t++) g->run_off[r * NF + t] = 0;
        for (uint32_t d = nr - 1; d-- > 0;) {
            const uint64_t c = o % rsize[d];
            o /= rsize[d];
            for (int t = 0; t < NF; t++) g->run_off[r * NF + t] += c * rst[t][d];
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* element offsets of group `grp` in the input-sized tensors (base) and the parameters (pbase) */
static void group_offsets(const tn_geo* g, uint64_t grp, uint64_t* base, uint64_t* pbase) {
    for (int t = 0; t < NF; t++) base[t] = 0;
    for (int t = 0; t < NP; t++) pbase[t] = 0;
    for (uint32_t k = g->nk; k-- > 0;) {
        const uint64_t c = grp % g->ksize[k];
        grp /= g->ksize[k];
        for (int t = 0; t < NF; t++) base[t] += c * g->kst[t][k];
        for (int t = 0; t < NP; t++) pbase[t] += c * g->kpst[t][k];
    }
}

static size_t chunk_width(const tn_geo* g, uint64_t c) {
    const uint64_t c0 = c * CH;
    return (size_t)(g->L - c0 < CH ? g->L - c0 : CH);
}

/* FLOAT32 memory of chunk c of tensor t when it lies in one unit-stride run, else NULL */
static float* chunk_direct(const tn_geo* g, int t, uint64_t base, uint64_t c) {
    const uint64_t c0 = c * CH, run = c0 / g->inner, pos = c0 % g->inner;
    const size_t w = chunk_width(g, c);
    if (g->p->dtype != DML_TENSOR_DATA_TYPE_FLOAT32 || (g->rst[t] != 1 && w > 1) || pos + w > g->inner) return NULL;
    return (float*)g->full[t]->data + base + g->run_off[run * NF + t] + pos * g->rst[t];
}

/* chunk c of input-sized tensor t as floats: its memory, or gathered into buf */
static const float* chunk_in(const tn_geo* g, int t, uint64_t base, uint64_t c, float* buf) {
    const float* direct = chunk_direct(g, t, base, c);
    if (direct) return direct;
    uint64_t e = c * CH;
    const size_t w = chunk_width(g, c);
    for (size_t done = 0; done < w;) {
        const uint64_t run = e / g->inner, pos = e % g->inner;
        const size_t seg = (size_t)(g->inner - pos < w - done ? g->inner - pos : w - done);
        pydml_norm_load_row(g->p->dtype, g->full[t]->data, base + g->run_off[run * NF + t] + pos * g->rst[t],
                            g->rst[t], seg, buf + done);
        done += seg;
        e += seg;
    }
    return buf;
}

/* buf (chunk c of output tensor t) to its memory (nothing when buf is the memory itself) */
static void chunk_store(const tn_geo* g, int t, uint64_t base, uint64_t c, const float* buf) {
    if (chunk_direct(g, t, base, c) == buf) return;
    uint64_t e = c * CH;
    const size_t w = chunk_width(g, c);
    for (size_t done = 0; done < w;) {
        const uint64_t run = e / g->inner, pos = e % g->inner;
        const size_t seg = (size_t)(g->inner - pos < w - done ? g->inner - pos : w - done);
        pydml_norm_store_row(g->p->dtype, buf + done, seg, g->full[t]->data,
                             base + g->run_off[run * NF + t] + pos * g->rst[t], g->rst[t]);
        done += seg;
        e += seg;
    }
}

/* The streamed stores of a thread's work ordered before it returns: once per range of groups, not
 * per chunk (a fence per 1024-element chunk waited for every streamed line to reach memory). */
static void stream_fence(const tn_geo* g) {
    if (g->stream) pydml_stream_fence();
}

/* ---- row kernels (one body per ISA: the compiler vectorizes the plain loops) ---- */

/* y = (x - m) * a + b [+ add] with a = Scale / sqrt(Variance + Epsilon) (one product per group, not
 * two per element), in double, rounded to float; dX = k0 (dY - mean(dY)) - k1 (x - m), the first
 * product inside the fused multiply-add. One double operation fewer per element each (of four or
 * five, conversions aside) and one rounding fewer in dX: the 1-ulp bound to the float64 page holds. */
#define TN_BNT_EXPR(x, add, k) (add ? fma((double)x[k] - m, a, b) + (double)add[k] : fma((double)x[k] - m, a, b))
#define TN_BNTG_EXPR(x, dy, k) fma(k0, (double)dy[k] - mdy, -(k1 * ((double)x[k] - m)))
#define TN_KERNELS(SUF, ATTR)                                                                        \
    ATTR static void bnt_row_##SUF(const float* restrict x, const float* restrict add, float* restrict y, \
                                   size_t n, double m, double a, double b) {                         \
        if (add) {                                                                                   \
            for (size_t k = 0; k < n; k++) y[k] = (float)(fma((double)x[k] - m, a, b) + (double)add[k]); \
        } else {                                                                                     \
            for (size_t k = 0; k < n; k++) y[k] = (float)fma((double)x[k] - m, a, b);                \
        }                                                                                            \
    }                                                                                                \
    ATTR static void bntg_row_##SUF(const float* restrict x, const float* restrict dy, float* restrict dx, \
                                    size_t n, double m, double mdy, double k0, double k1) {          \
        for (size_t k = 0; k < n; k++) dx[k] = (float)TN_BNTG_EXPR(x, dy, k);                        \
    }
#define TN_BNG_KERNEL(SUF, ATTR)                                                                     \
    ATTR static void bng_row_##SUF(const float* restrict dy, float* restrict dx, size_t n, double k0) { \
        for (size_t k = 0; k < n; k++) dx[k] = (float)((double)dy[k] * k0);                          \
    }

/* the AVX-512 path's TRAINING and TRAINING_GRAD rows are bnt_row_512 / bntg_row_512 below */
TN_KERNELS(c, )
TN_KERNELS(avx2, EW_T256)
TN_BNG_KERNEL(c, )
TN_BNG_KERNEL(avx2, EW_T256)
TN_BNG_KERNEL(avx512, EW_T512)

typedef void (*bnt_row_fn)(const float* restrict, const float* restrict, float* restrict, size_t, double, double,
                           double);
typedef void (*bng_row_fn)(const float* restrict, float* restrict, size_t, double);
typedef void (*bntg_row_fn)(const float* restrict, const float* restrict, float* restrict, size_t, double, double,
                            double, double);
static const bnt_row_fn bnt_rows[2] = {bnt_row_c, bnt_row_avx2};     /* by isa: portable, AVX2 */
static const bng_row_fn bng_rows[3] = {bng_row_c, bng_row_avx2, bng_row_avx512};
static const bntg_row_fn bntg_rows[2] = {bntg_row_c, bntg_row_avx2}; /* by isa: portable, AVX2 */

/* FLOAT16 outputs: the same expressions rounded to odd (one correct rounding to half) */
static void bnt_row_odd(const float* x, const float* add, float* y, size_t n, double m, double a, double b) {
    for (size_t k = 0; k < n; k++) y[k] = pydml_f64_to_f32_odd(TN_BNT_EXPR(x, add, k));
}
static void bng_row_odd(const float* dy, float* dx, size_t n, double k0) {
    for (size_t k = 0; k < n; k++) dx[k] = pydml_f64_to_f32_odd((double)dy[k] * k0);
}
static void bntg_row_odd(const float* x, const float* dy, float* dx, size_t n, double m, double mdy, double k0,
                         double k1) {
    for (size_t k = 0; k < n; k++) dx[k] = pydml_f64_to_f32_odd(TN_BNTG_EXPR(x, dy, k));
}

#ifdef TN_X86
/* The rows above for FLOAT32 outputs beyond the caches, straight to their memory with non-temporal
 * stores as they are computed (a row first computed into a buffer, then streamed, ran its compute
 * and its stores' drain one after the other; here they overlap). The same double operations in the
 * same order as the C rows (which -std=c11 does not contract), so the same bits; relu: the
 * element-wise RELU's a < 0 ? 0 : a (NaN and -0 kept). One 32-byte stream per 8 elements, on both
 * vector paths. Measured on the Zen 4 host, one thread (bn_training / bn_training_grad, GB/s):
 * 16-byte streams per 4 elements 19.0 / 15.9 (the row waited on its stores); this 20.1-22.2 /
 * 17.0-18.2; one 64-byte stream per 16 elements 19.4-20.3 / 15.4-16.4; two 32-byte streams per 16
 * elements, back to back, 10 (stalled on the second store of each line). The first elements up to
 * a 32-byte boundary of y, and the last n mod 8, take ordinary stores; the caller fences. pf[0],
 * pf[1] (or NULL): n elements that a later pass will read (the next group's first pass, or this
 * pass's FusedAdd further on), fetched to L2 one line per 16 elements computed here, so the memory
 * reads spread over the compute instead of a burst of prefetches that fills the miss queue and
 * stalls this pass behind it (a prefetch up to 24 elements past the row's end is a hint only: it
 * never faults, and reads nothing into the results). */
#define TN_PF_LINE(K)                                                                                 \
    do {                                                                                              \
        if (((K) & 15u) < 8u)                                                                         \
            for (int t_ = 0; t_ < 2; t_++)                                                            \
                if (pf[t_]) _mm_prefetch((const char*)(pf[t_] + (K) + 16), _MM_HINT_T1);               \
    } while (0)
#define TN_BNT(k) ((float)TN_BNT_EXPR(x, add, k))
#define TN_BNTG(k) ((float)TN_BNTG_EXPR(x, dy, k))
#define TN_PAIR(H) _mm256_insertf128_ps(_mm256_castps128_ps256((H)[0]), (H)[1], 1)

EW_T256 static void bnt_row_nt(const float* x, const float* add, float* y, size_t n, double m, double a, double b,
                               int relu, const float* const* pf) {
    size_t k = 0;
    for (int t = 0; t < 2; t++)
        if (pf[t]) _mm_prefetch((const char*)pf[t], _MM_HINT_T1);
    for (; k < n && ((uintptr_t)(y + k) & 31u) != 0; k++) {
        const float v = TN_BNT(k);
        y[k] = relu && v < 0.0f ? 0.0f : v;
    }
    const __m256d M = _mm256_set1_pd(m), A = _mm256_set1_pd(a), B = _mm256_set1_pd(b);
    for (; k + 8 <= n; k += 8) {
        TN_PF_LINE(k);
        __m128 h[2];
        for (size_t j = 0; j < 2; j++) {
            __m256d v = _mm256_fmadd_pd(_mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(x + k + 4 * j)), M), A, B);
            if (add) v = _mm256_add_pd(v, _mm256_cvtps_pd(_mm_loadu_ps(add + k + 4 * j)));
            h[j] = _mm256_cvtpd_ps(v);
        }
        __m256 v = TN_PAIR(h);
        if (relu) v = _mm256_andnot_ps(_mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_LT_OQ), v);
        _mm256_stream_ps(y + k, v);
    }
    for (; k < n; k++) {
        const float v = TN_BNT(k);
        y[k] = relu && v < 0.0f ? 0.0f : v;
    }
}

EW_T256 static void bntg_row_nt(const float* x, const float* dy, float* dx, size_t n, double m, double mdy, double k0,
                                double k1, const float* const* pf) {
    size_t k = 0;
    for (int t = 0; t < 2; t++)
        if (pf[t]) _mm_prefetch((const char*)pf[t], _MM_HINT_T1);
    for (; k < n && ((uintptr_t)(dx + k) & 31u) != 0; k++) dx[k] = TN_BNTG(k);
    const __m256d M = _mm256_set1_pd(m), MD = _mm256_set1_pd(mdy), K0 = _mm256_set1_pd(k0), K1 = _mm256_set1_pd(k1);
    for (; k + 8 <= n; k += 8) {
        TN_PF_LINE(k);
        __m128 h[2];
        for (size_t j = 0; j < 2; j++) {
            const __m256d c = _mm256_mul_pd(K1, _mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(x + k + 4 * j)), M));
            const __m256d d = _mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(dy + k + 4 * j)), MD);
            h[j] = _mm256_cvtpd_ps(_mm256_fmsub_pd(K0, d, c));
        }
        _mm256_stream_ps(dx + k, TN_PAIR(h));
    }
    for (; k < n; k++) dx[k] = TN_BNTG(k);
}

/* The AVX-512 path's rows for outputs that stay in the cache (the streamed ones above keep their
 * 256-bit form where 512-bit operations are split in halves: on the Zen 4 host 512-bit streamed
 * rows were slower; bnt_row_nt_512 below): eight doubles per operation, the
 * same operations as the rows above, so the same bits. On Intel's two 512-bit ports the compiler's
 * vectorization of the C rows spent about 15 operations per 8 outputs where these spend 12 per 16
 * (each conversion is two). Measured on the Emerald Rapids host, one thread by CPU time, 65,536
 * elements in L2, two builds side by side in one directory, best of 5 alternating runs (ns an
 * element): BATCH_NORMALIZATION_TRAINING with FusedAdd and RELU 0.79 -> 0.63, TRAINING_GRAD 0.86
 * -> 0.80 (with grad_sums4_avx512), without FusedAdd 0.55 -> 0.49 (the AVX2 path, which has only
 * the one-operation-fewer rows: 0.90 -> 0.88, 0.95 -> 0.90, 0.59 -> 0.56). */
#define TN_CVT512(P) _mm512_cvtps_pd(_mm256_loadu_ps(P))
#define TN_JOIN512(LO, HI) _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(LO)), _mm512_cvtpd_ps(HI), 1)
/* 16 outputs of bnt_row_512 at k */
EW_T512 static inline __attribute__((always_inline)) __m512 bnt16_512(const float* x, const float* add, size_t k,
                                                                     __m512d M, __m512d A, __m512d B, int relu) {
    __m512d lo = _mm512_fmadd_pd(_mm512_sub_pd(TN_CVT512(x + k), M), A, B);
    __m512d hi = _mm512_fmadd_pd(_mm512_sub_pd(TN_CVT512(x + k + 8), M), A, B);
    if (add) {
        lo = _mm512_add_pd(lo, TN_CVT512(add + k));
        hi = _mm512_add_pd(hi, TN_CVT512(add + k + 8));
    }
    const __m512 v = TN_JOIN512(lo, hi);
    return relu ? _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_NLT_UQ), v) : v;
}

/* 16 outputs of bntg_row_512 at k */
EW_T512 static inline __attribute__((always_inline)) __m512 bntg16_512(const float* x, const float* dy, size_t k,
                                                                      __m512d M, __m512d MD, __m512d K0, __m512d K1) {
    __m512d h[2];
    for (size_t j = 0; j < 2; j++) {
        const __m512d c = _mm512_mul_pd(K1, _mm512_sub_pd(TN_CVT512(x + k + 8 * j), M));
        h[j] = _mm512_fmsub_pd(K0, _mm512_sub_pd(TN_CVT512(dy + k + 8 * j), MD), c);
    }
    return TN_JOIN512(h[0], h[1]);
}

EW_T512 static void bnt_row_512(const float* x, const float* add, float* y, size_t n, double m, double a, double b,
                                int relu) {
    const __m512d M = _mm512_set1_pd(m), A = _mm512_set1_pd(a), B = _mm512_set1_pd(b);
    size_t k = 0;
    for (; k + 16 <= n; k += 16) _mm512_storeu_ps(y + k, bnt16_512(x, add, k, M, A, B, relu));
    for (; k < n; k++) {
        const float v = TN_BNT(k);
        y[k] = relu && v < 0.0f ? 0.0f : v;
    }
}

EW_T512 static void bntg_row_512(const float* x, const float* dy, float* dx, size_t n, double m, double mdy,
                                 double k0, double k1) {
    const __m512d M = _mm512_set1_pd(m), MD = _mm512_set1_pd(mdy), K0 = _mm512_set1_pd(k0), K1 = _mm512_set1_pd(k1);
    size_t k = 0;
    for (; k + 16 <= n; k += 16) _mm512_storeu_ps(dx + k, bntg16_512(x, dy, k, M, MD, K0, K1));
    for (; k < n; k++) dx[k] = TN_BNTG(k);
}

/* bnt_row_512 / bntg_row_512 streamed, for outputs beyond the caches (bnt_row_nt's contract: the
 * same operations, the same bits; pf as there, one line per 16 elements). Only where 512-bit
 * operations are whole (tn_wide_rows): there the streamed rows are bound by their conversions,
 * each two operations, one of them on the shuffle port (cvtps2pd, cvtpd2ps, the join), which take
 * half as many per element in 512 bits (Emerald Rapids, bench_training's tensors in the L3, two
 * threads, medians of 6 alternating: bn_training 3.49 -> 2.67 ms, bn_training_grad 5.76 -> 4.54;
 * with the cache flushed between calls, memory-bound, the same within the noise). */
#define TN_PF16(K)                                                                                    \
    do {                                                                                              \
        for (int t_ = 0; t_ < 2; t_++)                                                                \
            if (pf[t_]) _mm_prefetch((const char*)(pf[t_] + (K) + 16), _MM_HINT_T1);                   \
    } while (0)
EW_T512 static void bnt_row_nt_512(const float* x, const float* add, float* y, size_t n, double m, double a,
                                   double b, int relu, const float* const* pf) {
    size_t k = 0;
    for (int t = 0; t < 2; t++)
        if (pf[t]) _mm_prefetch((const char*)pf[t], _MM_HINT_T1);
    for (; k < n && ((uintptr_t)(y + k) & 63u) != 0; k++) {
        const float v = TN_BNT(k);
        y[k] = relu && v < 0.0f ? 0.0f : v;
    }
    const __m512d M = _mm512_set1_pd(m), A = _mm512_set1_pd(a), B = _mm512_set1_pd(b);
    for (; k + 16 <= n; k += 16) {
        TN_PF16(k);
        _mm512_stream_ps(y + k, bnt16_512(x, add, k, M, A, B, relu));
    }
    for (; k < n; k++) {
        const float v = TN_BNT(k);
        y[k] = relu && v < 0.0f ? 0.0f : v;
    }
}

EW_T512 static void bntg_row_nt_512(const float* x, const float* dy, float* dx, size_t n, double m, double mdy,
                                    double k0, double k1, const float* const* pf) {
    size_t k = 0;
    for (int t = 0; t < 2; t++)
        if (pf[t]) _mm_prefetch((const char*)pf[t], _MM_HINT_T1);
    for (; k < n && ((uintptr_t)(dx + k) & 63u) != 0; k++) dx[k] = TN_BNTG(k);
    const __m512d M = _mm512_set1_pd(m), MD = _mm512_set1_pd(mdy), K0 = _mm512_set1_pd(k0), K1 = _mm512_set1_pd(k1);
    for (; k + 16 <= n; k += 16) {
        TN_PF16(k);
        _mm512_stream_ps(dx + k, bntg16_512(x, dy, k, M, MD, K0, K1));
    }
    for (; k < n; k++) dx[k] = TN_BNTG(k);
}
#undef TN_PF16
#undef TN_JOIN512
#undef TN_CVT512
#undef TN_PAIR
#undef TN_BNTG
#undef TN_BNT
#undef TN_PF_LINE
#endif

/* sum dy and sum dy * (x - m) over a chunk: four partial sums each, combined in a fixed order */
static void grad_sums(const float* x, const float* dy, size_t n, double m, double* sdy, double* sdx) {
    double a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0};
    size_t k = 0;
    for (; k + 4 <= n; k += 4)
        for (int j = 0; j < 4; j++) {
            const double d = (double)dy[k + (size_t)j];
            a[j] += d;
            b[j] = fma(d, (double)x[k + (size_t)j] - m, b[j]);
        }
    for (; k < n; k++) {
        const double d = (double)dy[k];
        a[0] += d;
        b[0] = fma(d, (double)x[k] - m, b[0]);
    }
    *sdy = (a[0] + a[1]) + (a[2] + a[3]);
    *sdx = (b[0] + b[1]) + (b[2] + b[3]);
}

#ifdef TN_X86
/* grad_sums with vectors: its four partial sums are the four lanes (the same additions and fused
 * multiply-adds in the same order, so the same bits; the baseline build calls libm's fma per
 * element) */
EW_T256 static void grad_sums_avx2(const float* x, const float* dy, size_t n, double m, double* sdy, double* sdx) {
    __m256d a = _mm256_setzero_pd(), b = _mm256_setzero_pd();
    const __m256d mv = _mm256_set1_pd(m);
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        const __m256d d = _mm256_cvtps_pd(_mm_loadu_ps(dy + k)), xv = _mm256_cvtps_pd(_mm_loadu_ps(x + k));
        a = _mm256_add_pd(a, d);
        b = _mm256_fmadd_pd(d, _mm256_sub_pd(xv, mv), b);
    }
    double A[4], B[4];
    _mm256_storeu_pd(A, a);
    _mm256_storeu_pd(B, b);
    for (; k < n; k++) {
        const double d = (double)dy[k];
        A[0] += d;
        B[0] = fma(d, (double)x[k] - m, B[0]);
    }
    *sdy = (A[0] + A[1]) + (A[2] + A[3]);
    *sdx = (B[0] + B[1]) + (B[2] + B[3]);
}
#endif

/* the last n - k elements of grad_sums4 (both forms), one at a time in double */
static void grad_sums4_tail(const float* x, const float* dy, size_t k, size_t n, double M, double K, double* out) {
    for (; k < n; k++) {
        const double d = (double)dy[k], xv = (double)x[k];
        out[0] += d;
        out[1] = fma(d, xv - M, out[1]);
        out[2] = fma(d, xv - K, out[2]);
        out[3] += xv - K;
    }
}

/* BATCH_NORMALIZATION_TRAINING_GRAD's four sums over a chunk, out[0] = sum dy, out[1] = sum dy (x - M),
 * out[2] = sum dy (x - K), out[3] = sum (x - K) (x's sum for the computed mean, around the same shift:
 * one pass over the chunk instead of a second one for x's moments, whose M2 this operator does not
 * use), each in 8 partial sums (two vectors of four lanes, grad_sums4_avx2): two independent chains
 * per sum, so the vector loop runs near the units' throughput rather than the fused multiply-add's
 * latency; eight accumulators and the temporaries fit AVX2's 16 registers. Order: element k + j of
 * each 8 into partial sum j, a remaining 4 into partial sums 0-3, the lanes combined as
 * (p_l + p_{4+l}) then ((l0 + l1) + (l2 + l3)), the last n mod 4 added one by one. */
/* element k + j into partial sum j of each of the four sums */
static inline void grad_sums4_add(const float* x, const float* dy, size_t k, size_t j, double M, double K,
                                  double (*acc)[8]) {
    const double d = (double)dy[k + j], xv = (double)x[k + j], xk = xv - K;
    acc[0][j] += d;
    acc[1][j] = fma(d, xv - M, acc[1][j]);
    acc[2][j] = fma(d, xk, acc[2][j]);
    acc[3][j] += xk;
}

static void grad_sums4(const float* x, const float* dy, size_t n, double M, double K, double* out) {
    double acc[4][8];
    for (int q = 0; q < 4; q++)
        for (int j = 0; j < 8; j++) acc[q][j] = 0.0;
    size_t k = 0;
    for (; k + 8 <= n; k += 8)
        for (size_t j = 0; j < 8; j++) grad_sums4_add(x, dy, k, j, M, K, acc);
    for (; k + 4 <= n; k += 4)
        for (size_t j = 0; j < 4; j++) grad_sums4_add(x, dy, k, j, M, K, acc);
    for (int q = 0; q < 4; q++) {
        double l[4];
        for (int j = 0; j < 4; j++) l[j] = acc[q][j] + acc[q][4 + j];
        out[q] = (l[0] + l[1]) + (l[2] + l[3]);
    }
    grad_sums4_tail(x, dy, k, n, M, K, out);
}

#ifdef TN_X86
/* grad_sums4 with vectors: partial sum j of 8 is lane j mod 4 of vector j / 4 (the same operations in
 * the same order, so the same bits) */
EW_T256 static void grad_sums4_avx2(const float* x, const float* dy, size_t n, double M, double K, double* out) {
    __m256d a[2], b[2], c[2], e[2];
    for (int j = 0; j < 2; j++) a[j] = b[j] = c[j] = e[j] = _mm256_setzero_pd();
    const __m256d Mv = _mm256_set1_pd(M), Kv = _mm256_set1_pd(K);
    size_t k = 0;
    for (; k + 8 <= n; k += 8)
        for (int j = 0; j < 2; j++) {
            const __m256d d = _mm256_cvtps_pd(_mm_loadu_ps(dy + k + 4 * j));
            const __m256d xv = _mm256_cvtps_pd(_mm_loadu_ps(x + k + 4 * j)), xk = _mm256_sub_pd(xv, Kv);
            a[j] = _mm256_add_pd(a[j], d);
            b[j] = _mm256_fmadd_pd(d, _mm256_sub_pd(xv, Mv), b[j]);
            c[j] = _mm256_fmadd_pd(d, xk, c[j]);
            e[j] = _mm256_add_pd(e[j], xk);
        }
    for (; k + 4 <= n; k += 4) {
        const __m256d d = _mm256_cvtps_pd(_mm_loadu_ps(dy + k)), xv = _mm256_cvtps_pd(_mm_loadu_ps(x + k));
        const __m256d xk = _mm256_sub_pd(xv, Kv);
        a[0] = _mm256_add_pd(a[0], d);
        b[0] = _mm256_fmadd_pd(d, _mm256_sub_pd(xv, Mv), b[0]);
        c[0] = _mm256_fmadd_pd(d, xk, c[0]);
        e[0] = _mm256_add_pd(e[0], xk);
    }
    __m256d* acc[4] = {a, b, c, e};
    for (int q = 0; q < 4; q++) {
        double l[4];
        _mm256_storeu_pd(l, _mm256_add_pd(acc[q][0], acc[q][1]));
        out[q] = (l[0] + l[1]) + (l[2] + l[3]);
    }
    grad_sums4_tail(x, dy, k, n, M, K, out);
}

/* grad_sums4 with one 512-bit vector per sum: partial sum j of 8 is lane j (grad_sums4_avx2's two
 * vectors side by side; a remaining 4 go into lanes 0-3), so the same bits. Ten operations per 8
 * elements on Intel's two 512-bit ports where the 256-bit form takes twenty on three. */
EW_T512 static void grad_sums4_avx512(const float* x, const float* dy, size_t n, double M, double K, double* out) {
    __m512d a = _mm512_setzero_pd(), b = a, c = a, e = a;
    const __m512d Mv = _mm512_set1_pd(M), Kv = _mm512_set1_pd(K);
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        const __m512d d = _mm512_cvtps_pd(_mm256_loadu_ps(dy + k)), xv = _mm512_cvtps_pd(_mm256_loadu_ps(x + k));
        const __m512d xk = _mm512_sub_pd(xv, Kv);
        a = _mm512_add_pd(a, d);
        b = _mm512_fmadd_pd(d, _mm512_sub_pd(xv, Mv), b);
        c = _mm512_fmadd_pd(d, xk, c);
        e = _mm512_add_pd(e, xk);
    }
    if (k + 4 <= n) {
        const __mmask8 lo = 0x0F;
        const __m512d d = _mm512_cvtps_pd(_mm256_maskz_loadu_ps(lo, dy + k));
        const __m512d xv = _mm512_cvtps_pd(_mm256_maskz_loadu_ps(lo, x + k)), xk = _mm512_sub_pd(xv, Kv);
        a = _mm512_mask_add_pd(a, lo, a, d);
        b = _mm512_mask3_fmadd_pd(d, _mm512_sub_pd(xv, Mv), b, lo);
        c = _mm512_mask3_fmadd_pd(d, xk, c, lo);
        e = _mm512_mask_add_pd(e, lo, e, xk);
        k += 4;
    }
    const __m512d acc[4] = {a, b, c, e};
    for (int q = 0; q < 4; q++) {
        double l[4];
        _mm256_storeu_pd(l, _mm256_add_pd(_mm512_castpd512_pd256(acc[q]), _mm512_extractf64x4_pd(acc[q], 1)));
        out[q] = (l[0] + l[1]) + (l[2] + l[3]);
    }
    grad_sums4_tail(x, dy, k, n, M, K, out);
}
#endif

/* ---- per-group work, chunk by chunk ---- */

/* What a group's passes share: the group's offsets, its parameters and its coefficients. */
typedef struct tn_group {
    uint64_t base[NF], pbase[NP];
    double m, r, a, b;          /* BNT: mean, 1 / sqrt(var + eps), Scale r, Bias */
    double var;                 /* BNT: the variance */
    double M, V, S;             /* grads: MeanTensor, VarianceTensor, ScaleTensor */
    double mdy, k0, k1;         /* grads: mean(dY), coefficients of dX */
    double sdy, dscale;         /* TRAINING_GRAD: the bias and scale gradients */
    double* cs;                 /* 3 nc doubles: per-chunk (mean, M2) then sums */
    double* cs2;                /* 2 nc doubles: per-chunk sum dY, sum dY (x - m) (TRAINING_GRAD:
                                 * sum dY (x - K_c)) */
    double* cs3;                /* nc doubles: per-chunk sum dY (x - Mean) */
    double* ck;                 /* nc doubles: TRAINING_GRAD's per-chunk shifts K_c */
    int has_next;               /* this thread runs the next group right after this one */
    int fetched;                /* the previous group's output pass fetched this group's first-pass
                                 * inputs (pass_out's pf), so that pass prefetches nothing itself */
    uint64_t next_base[2];      /* the next group's offsets in x and in FusedAdd / dY */
    uint64_t next_ahead;        /* output pass of chunk c fetches the next group's chunk c + this */
} tn_group;

/* Chunks ahead of the statistics pass whose memory it prefetches: a group is often many short
 * runs far apart (NCHW per channel: N runs of H x W), each of which the hardware prefetcher would
 * meet cold. Only for a group that the previous group's output pass did not fetch already (the
 * first of each block, and split groups): prefetching the fetched group again, which should find
 * it in L2, held TRAINING_GRAD's first pass on the miss queue (bn_training_grad, Zen 4, one
 * thread: 16.2-17.4 -> 18.0-19.0 GB/s without it, two threads 28.0-29.1 -> 30.5-32.0). */
#define TN_PREFETCH 2

/* statistics of chunk c of x */
static void pass_stats(const tn_geo* g, tn_group* gr, uint64_t c) {
    float buf[CH];
#ifdef TN_X86
    if (!gr->fetched && c + TN_PREFETCH < g->nc) {
        const float* ahead = chunk_direct(g, 0, gr->base[0], c + TN_PREFETCH);
        const size_t w = chunk_width(g, c + TN_PREFETCH);
        if (ahead)
            for (size_t k = 0; k < w; k += 16) _mm_prefetch((const char*)(ahead + k), _MM_HINT_T0);
    }
#endif
    const float* xs = chunk_in(g, 0, gr->base[0], c, buf);
    gr->cs[2 * g->nc + c] = pydml_norm_chunk_moments(xs, chunk_width(g, c), gr->cs + 2 * c, gr->cs + 2 * c + 1);
}

/* BATCH_NORMALIZATION_GRAD's gradient sums of chunk c: sum dY and sum dY (x - Mean) */
static void pass_sums(const tn_geo* g, tn_group* gr, uint64_t c) {
    float xb[CH], db[CH];
    const size_t w = chunk_width(g, c);
    const float* xs = chunk_in(g, 0, gr->base[0], c, xb);
    const float* dys = chunk_in(g, 1, gr->base[1], c, db);
#ifdef TN_X86
    if (pydml_ew_isa() != EW_ISA_PORTABLE) {
        grad_sums_avx2(xs, dys, w, gr->M, gr->cs2 + 2 * c, gr->cs2 + 2 * c + 1);
        return;
    }
#endif
    grad_sums(xs, dys, w, gr->M, gr->cs2 + 2 * c, gr->cs2 + 2 * c + 1);
}

/* BATCH_NORMALIZATION_TRAINING_GRAD's one pass over x and dY before dX (x's statistics and the
 * gradient sums together, so x and dY come from memory once and the dX pass finds them in the
 * cache): grad_sums4's sum dY, sum dY (x - Mean), sum dY (x - K) and sum (x - K) around the chunk's
 * own shift K (its first element; 0 when not finite); the last gives m, the group's sum of x over
 * its count (the chunks' sums K w + sum (x - K) added in order; the Variance input is given, so x's
 * M2, which pass_stats also computes, is not needed: one sum in the loop instead of a second
 * loop over the chunk, 10 % of this kernel's time in the cache). The computed mean m is not known until every
 * chunk is in, so sum dY (x - m) = sum_c (sum dY (x - K_c) + (K_c - m) sum_c dY) (run_group): both
 * terms are bounded by sum |dY| times the group's range, as the direct sum's are, so nothing cancels
 * that the direct form would keep (it costs a third read of x and dY, from the cache that this
 * group does not fit when x and dY together exceed L2). */
static void pass_stats_sums(const tn_geo* g, tn_group* gr, uint64_t c) {
    float xb[CH], db[CH];
    const size_t w = chunk_width(g, c);
#ifdef TN_X86
    if (!gr->fetched && c + TN_PREFETCH < g->nc)
        for (int t = 0; t < 2; t++) {
            const float* ahead = chunk_direct(g, t, gr->base[t], c + TN_PREFETCH);
            const size_t wa = chunk_width(g, c + TN_PREFETCH);
            if (ahead)
                for (size_t k = 0; k < wa; k += 16) _mm_prefetch((const char*)(ahead + k), _MM_HINT_T0);
        }
#endif
    const float* xs = chunk_in(g, 0, gr->base[0], c, xb);
    const float* dys = chunk_in(g, 1, gr->base[1], c, db);
    const double K = isfinite(xs[0]) ? (double)xs[0] : 0.0;
    double sums[4];
#ifdef TN_X86
    /* the AVX2 sums on the AVX-512 path for tensors past the caches (streamed outputs): 512-bit
     * sums and 512-bit streamed rows were slower there on the Zen 4 host (one thread by CPU time:
     * bn_training_grad 65-67 % against 70-73 %, bn_training 66-69 % against 73-80 %, bn_training_add
     * 67-68 % against 77-84 % of the copy bandwidth); cache-resident ones take the 512-bit sums
     * (bntg_row_512's measurements) */
    if (pydml_ew_isa() == EW_ISA_AVX512 && (!g->stream || g->wide)) grad_sums4_avx512(xs, dys, w, gr->M, K, sums);
    else if (pydml_ew_isa() != EW_ISA_PORTABLE) grad_sums4_avx2(xs, dys, w, gr->M, K, sums);
    else
#endif
        grad_sums4(xs, dys, w, gr->M, K, sums);
    gr->cs[2 * g->nc + c] = K * (double)w + sums[3]; /* the chunk's sum of x (K w exact) */
    gr->ck[c] = K;
    gr->cs2[2 * c] = sums[0];
    gr->cs3[c] = sums[1];
    gr->cs2[2 * c + 1] = sums[2];
}

/* the input-sized output of chunk c */
static void pass_out(const tn_geo* g, tn_group* gr, uint64_t c) {
    const tn_plan* p = g->p;
    float xb[CH], ab[CH], yb[CH];
    const size_t w = chunk_width(g, c);
    const int isa = pydml_ew_isa(), odd = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT16 && !p->has_act;
    float* direct = chunk_direct(g, 2, gr->base[2], c);
    float* y = direct && !g->stream ? direct : yb;
#ifdef TN_X86
    /* the next group's first pass will read chunk c + next_ahead of it (x; TRAINING_GRAD's dY too):
     * fetched (to L2) while this pass runs from the cache (run_block) */
    const float* pf[2] = {NULL, NULL};
    if (gr->has_next && c + gr->next_ahead < g->nc)
        for (int t = 0; t < (p->kind == K_BNTG ? 2 : 1); t++)
            pf[t] = chunk_direct(g, t, gr->next_base[t], c + gr->next_ahead);

    /* FLOAT32 outputs streamed as they are computed (no activation, or RELU), the prefetches spread
     * over the row */
    const int relu = p->kind == K_BNT && p->has_act && p->act.type == DML_OPERATOR_ACTIVATION_RELU;
    const int nt_row = direct && g->stream && isa != EW_ISA_PORTABLE && p->kind != K_BNG && (!p->has_act || relu);
    /* FusedAdd, read in this pass only: its chunk TN_PREFETCH ahead, spread over this row as the next
     * group's x is. A group is N runs of H x W far apart, each of which the hardware prefetcher met
     * cold (bn_training_add, Zen 4, one thread by CPU time: 62-65 % -> 79-84 % of the copy
     * bandwidth). Only when that chunk is as long as this row (the spread prefetch reads w of it). */
    if (p->kind == K_BNT && g->full[1] && nt_row && c + TN_PREFETCH < g->nc &&
        chunk_width(g, c + TN_PREFETCH) >= w)
        pf[1] = chunk_direct(g, 1, gr->base[1], c + TN_PREFETCH);
    if (!nt_row)
        for (int t = 0; t < 2; t++)
            if (pf[t])
                for (size_t k = 0; k < w; k += 16) _mm_prefetch((const char*)(pf[t] + k), _MM_HINT_T1);
    if (nt_row) {
        const float* xs = chunk_in(g, 0, gr->base[0], c, xb);
        const float* s1 = g->full[1] ? chunk_in(g, 1, gr->base[1], c, ab) : NULL;
        if (g->wide) {
            if (p->kind == K_BNT) bnt_row_nt_512(xs, s1, direct, w, gr->m, gr->a, gr->b, relu, pf);
            else bntg_row_nt_512(xs, s1, direct, w, gr->m, gr->mdy, gr->k0, gr->k1, pf);
        } else if (p->kind == K_BNT) {
            bnt_row_nt(xs, s1, direct, w, gr->m, gr->a, gr->b, relu, pf);
        } else {
            bntg_row_nt(xs, s1, direct, w, gr->m, gr->mdy, gr->k0, gr->k1, pf);
        }
        return; /* fenced once per thread's range (stream_fence) */
    }
#endif
    if (p->kind == K_BNT) {
        const float* xs = chunk_in(g, 0, gr->base[0], c, xb);
        const float* as = g->full[1] ? chunk_in(g, 1, gr->base[1], c, ab) : NULL;
        int relu_done = 0;
        if (odd) bnt_row_odd(xs, as, y, w, gr->m, gr->a, gr->b);
#ifdef TN_X86
        else if (isa == EW_ISA_AVX512) {
            bnt_row_512(xs, as, y, w, gr->m, gr->a, gr->b, relu);
            relu_done = relu;
        }
#endif
        else bnt_rows[isa](xs, as, y, w, gr->m, gr->a, gr->b);
        if (p->has_act && !relu_done) pydml_activation_apply(&p->act, y, w);
    } else if (p->kind == K_BNG) {
        const float* dys = chunk_in(g, 1, gr->base[1], c, ab);
        if (odd) bng_row_odd(dys, y, w, gr->k0);
        else bng_rows[isa](dys, y, w, gr->k0);
    } else {
        const float* xs = chunk_in(g, 0, gr->base[0], c, xb);
        const float* dys = chunk_in(g, 1, gr->base[1], c, ab);
        if (odd) bntg_row_odd(xs, dys, y, w, gr->m, gr->mdy, gr->k0, gr->k1);
#ifdef TN_X86
        else if (isa == EW_ISA_AVX512) bntg_row_512(xs, dys, y, w, gr->m, gr->mdy, gr->k0, gr->k1);
#endif
        else bntg_rows[isa](xs, dys, y, w, gr->m, gr->mdy, gr->k0, gr->k1);
    }
    if (direct && g->stream) pydml_stream_copy_f32(direct, y, w);
    else chunk_store(g, 2, gr->base[2], c, y);
}

/* BATCH_NORMALIZATION_GRAD's dX needs only the parameters: its sums and its output share one pass */
static void pass_sums_out(const tn_geo* g, tn_group* gr, uint64_t c) {
    pass_sums(g, gr, c);
    pass_out(g, gr, c);
}

typedef void (*pass_fn)(const tn_geo*, tn_group*, uint64_t);

typedef struct tn_pass {
    const tn_geo* g;
    tn_group* gr;
    pass_fn fn;
} tn_pass;

static pydml_status pass_chunks(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const tn_pass* ps = ctx;
    for (uint64_t c = b; c < e; c++) ps->fn(ps->g, ps->gr, c);   /* chunk c writes only its own shares */
    stream_fence(ps->g);
    return PYDML_STATUS_SUCCESS;
}

static void for_chunks(const tn_geo* g, tn_group* gr, pass_fn fn, int split) {
    if (split) {
        tn_pass ps = {g, gr, fn};
        const pydml_axis_loop loop = {g->nc, g->nc, 0, 4, 0, 0, 0};
        (void)pydml_axis_for_range(&loop, pass_chunks, &ps);   /* no scratch: cannot fail */
    } else {
        for (uint64_t c = 0; c < g->nc; c++) fn(g, gr, c);
    }
}

static double sum_in_order(const double* v, size_t n, size_t step) {
    double s = 0.0;
    for (size_t i = 0; i < n; i++) s += v[i * step];
    return s;
}

/* A group's parameters before its first pass: its offsets; the gradients' MeanTensor, VarianceTensor
 * and ScaleTensor elements */
static void group_start(const tn_geo* g, uint64_t grp, tn_group* gr) {
    const tn_plan* p = g->p;
    group_offsets(g, grp, gr->base, gr->pbase);
    if (p->kind == K_BNT) return;
    gr->M = elem(p->dtype, g->par[0], gr->pbase[0]);
    gr->V = elem(p->dtype, g->par[1], gr->pbase[1]);
    gr->S = elem(p->dtype, g->par[2], gr->pbase[2]);
    gr->r = 1.0 / sqrt(gr->V + p->eps);
}

/* TRAINING and TRAINING_GRAD after the first pass: the chunks' sums (cs, cs2, cs3, ck) to the output
 * pass's coefficients and the per-group outputs (group_results), so that the next group's first
 * pass may take over the chunk sums during this group's output pass (bn_blocks) */
static void group_coefficients(const tn_geo* g, tn_group* gr) {
    const tn_plan* p = g->p;
    const double L = (double)g->L;
    const size_t nc = (size_t)g->nc;
    if (p->kind == K_BNT) {
        double M2;
        pydml_norm_combine(gr->cs, gr->cs + 2 * nc, nc, g->L, &gr->m, &M2);
        gr->var = M2 / L;
        gr->r = 1.0 / sqrt(gr->var + p->eps);
        gr->a = elem(p->dtype, g->par[0], gr->pbase[0]) * gr->r;
        gr->b = elem(p->dtype, g->par[1], gr->pbase[1]);
        return;
    }
    gr->m = sum_in_order(gr->cs + 2 * nc, nc, 1) / L; /* the chunks' sums of x in order */
    gr->sdy = sum_in_order(gr->cs2, nc, 2);
    double s1 = 0.0; /* sum dY (x - m), chunk by chunk in order (pass_stats_sums) */
    for (size_t c = 0; c < nc; c++) s1 += fma(gr->ck[c] - gr->m, gr->cs2[2 * c], gr->cs2[2 * c + 1]);
    gr->mdy = gr->sdy / L;
    gr->k0 = gr->S * gr->r;
    gr->k1 = gr->k0 * (s1 / L) / (gr->V + p->eps);
    gr->dscale = sum_in_order(gr->cs3, nc, 1) * gr->r;
}

/* TRAINING's mean and variance, TRAINING_GRAD's scale and bias gradients */
static void group_results(const tn_geo* g, const tn_group* gr) {
    const uint32_t dt = g->p->dtype;
    if (g->p->kind == K_BNT) {
        put(dt, g->par[2], gr->pbase[2], gr->m);
        put(dt, g->par[3], gr->pbase[3], gr->var);
    } else {
        put(dt, g->par[3], gr->pbase[3], gr->dscale);
        put(dt, g->par[4], gr->pbase[4], gr->sdy);
    }
}

/* one group, its chunks run by this thread or (split) by the team */
static void run_group(const tn_geo* g, uint64_t grp, tn_group* gr, int split) {
    const tn_plan* p = g->p;
    group_start(g, grp, gr);
    if (p->kind == K_BNG) {
        const size_t nc = (size_t)g->nc;
        gr->k0 = gr->S * gr->r;
        for_chunks(g, gr, pass_sums_out, split);
        put(p->dtype, g->par[3], gr->pbase[3], sum_in_order(gr->cs2 + 1, nc, 2) * gr->r);
        put(p->dtype, g->par[4], gr->pbase[4], sum_in_order(gr->cs2, nc, 2));
        return;
    }
    for_chunks(g, gr, p->kind == K_BNT ? pass_stats : pass_stats_sums, split);
    group_coefficients(g, gr);
    for_chunks(g, gr, pass_out, split);
    group_results(g, gr);
}

/* Chunks ahead of the next group's first pass that a group's output pass fetches (run_block) */
#define TN_AHEAD 2

/* TRAINING and TRAINING_GRAD over one thread's block of consecutive groups [first, end): a group's
 * output pass and the next group's first pass run chunk by chunk together, and the output pass of
 * chunk c fetches the next group's chunk c + TN_AHEAD (pass_out's pf, one line per 16 elements), so
 * the next group's reads from memory flow while this group computes from the cache and streams its
 * output. The first pass ran after the whole output pass (that pass fetching the next group to L2),
 * leaving the memory idle while it ran (bench_training's cases with the cache flushed by a copy
 * between calls, Emerald Rapids, two threads, package copies alternating, medians:
 * bn_training 4.15 -> 3.20-3.45 ms, bn_training_grad 6.67 -> 4.89-5.50). Chunk by chunk each group's
 * passes are run_group's, in the same order: the same bits. */
static void run_block(const tn_geo* g, uint64_t first, uint64_t end, tn_group* cur, tn_group* nxt) {
    const pass_fn first_pass = g->p->kind == K_BNT ? pass_stats : pass_stats_sums;
    group_start(g, first, cur);
    cur->fetched = 0;
    cur->has_next = 0;
    for (uint64_t c = 0; c < g->nc; c++) first_pass(g, cur, c);
    for (uint64_t grp = first; grp < end; grp++) {
        group_coefficients(g, cur);   /* the chunk sums are free from here on */
        cur->has_next = grp + 1 < end;
        if (cur->has_next) {
            group_start(g, grp + 1, nxt);
            nxt->fetched = 1;
            nxt->has_next = 0;
            cur->next_base[0] = nxt->base[0];
            cur->next_base[1] = nxt->base[1];
            cur->next_ahead = TN_AHEAD;
#ifdef TN_X86
            for (uint64_t c = 0; c < TN_AHEAD && c < g->nc; c++)   /* the chunks no output pass fetches */
                for (int t = 0; t < (g->p->kind == K_BNTG ? 2 : 1); t++) {
                    const float* a = chunk_direct(g, t, nxt->base[t], c);
                    if (a)
                        for (size_t k = 0; k < chunk_width(g, c); k += 16) _mm_prefetch((const char*)(a + k), _MM_HINT_T0);
                }
#endif
        }
        for (uint64_t c = 0; c < g->nc; c++) {
            pass_out(g, cur, c);
            if (cur->has_next) first_pass(g, nxt, c);
        }
        group_results(g, cur);
        tn_group* t = cur;
        cur = nxt;
        nxt = t;
    }
}

/* Blocks [b, e) of g->block groups. scratch: the thread's two tn_groups, then its TN_CS nc doubles. */
static pydml_status bn_blocks(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    const tn_geo* g = ctx;
    tn_group* gr = scratch;
    double* cs = (double*)(gr + 2);
    for (int i = 0; i < 2; i++) {
        gr[i].cs = cs;   /* shared: a group's sums are spent (group_coefficients) before the next's start */
        gr[i].cs2 = cs + 3 * g->nc;
        gr[i].cs3 = cs + 5 * g->nc;
        gr[i].ck = cs + 6 * g->nc;
    }
    for (uint64_t blk = b; blk < e; blk++) {
        const uint64_t first = blk * g->block;
        const uint64_t end = first + g->block < g->G ? first + g->block : g->G;
        if (g->p->kind != K_BNG) {
            run_block(g, first, end, &gr[0], &gr[1]);
            continue;
        }
        for (uint64_t grp = first; grp < end; grp++) {   /* BATCH_NORMALIZATION_GRAD: one pass a group */
            gr->has_next = grp + 1 < end;
            gr->next_ahead = 0;
            if (gr->has_next) {
                uint64_t nb[NF], np[NP];
                group_offsets(g, grp + 1, nb, np);
                gr->next_base[0] = nb[0];
                gr->next_base[1] = nb[1];
            }
            run_group(g, grp, gr, 0);
        }
    }
    stream_fence(g);
    return PYDML_STATUS_SUCCESS;
}

/* ---- the workspace (DirectML's temporary resource), from the plan alone (the views' strides are
 * not known yet): the run offsets (at most ax_runs_bound runs), a long group's chunk sums (split
 * mode), then each thread's part: bn_blocks' tn_group and chunk sums, or lrn_grad_items' planes. */
typedef struct tn_layout {
    uint64_t runs;                     /* most runs */
    uint64_t cs_at, threads_at, stride;
} tn_layout;

static size_t lrn_grad_bytes(const tn_plan* p) {
    const size_t plane = (size_t)(p->cross ? p->sizes[1] : p->sizes[2]) * p->sizes[3];
    const size_t bytes = plane * (4 * sizeof(double) + 3 * sizeof(float));
    return bytes ? bytes : 1;
}

static void layout(const tn_plan* p, tn_layout* z) {
    memset(z, 0, sizeof *z);
    if (p->kind == K_LRNG) {
        z->stride = pydml_axis_scratch_stride(lrn_grad_bytes(p));
        return;
    }
    uint32_t reduced = 0;
    uint64_t L = 1;
    for (uint32_t d = 0; d < p->n; d++)
        if (p->psizes[d] == 1) {
            reduced |= 1u << d;
            L *= p->sizes[d];
        }
    const uint64_t nc = (L + CH - 1) / CH;
    z->runs = ax_runs_bound(p->n, p->sizes, reduced, 1);
    z->cs_at = pydml_workspace_round(z->runs * NF * sizeof(uint64_t));
    z->threads_at = z->cs_at + (L >= TN_SPLIT_MIN ? pydml_workspace_round(nc * TN_CS * sizeof(double)) : 0);
    z->stride = pydml_axis_scratch_stride(2 * sizeof(tn_group) + (size_t)nc * TN_CS * sizeof(double));
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    tn_layout z;
    layout(plan, &z);
    return z.threads_at + threads * z.stride;
}

/* The streamed rows in 512 bits (bnt_row_nt_512): on the AVX-512 path of a CPU whose 512-bit
 * operations are whole. AVX512_FP16 marks those (Intel from Sapphire Rapids); Zen 4, which splits
 * each into two 256-bit halves, ran 512-bit streamed rows slower than the 256-bit ones
 * (grad_sums4's note). */
static int tn_wide_rows(void) {
#ifdef TN_X86
    return pydml_ew_isa() == EW_ISA_AVX512 && (pydml_active_cpu_features() & PYDML_CPU_AVX512_FP16) != 0;
#else
    return 0;
#endif
}

static pydml_status run_bn(const tn_plan* p, const pydml_tensor* const* full, const pydml_tensor* const* par,
                           const pydml_workspace* ws) {
    tn_layout z;
    layout(p, &z);
    tn_geo g;
    memset(&g, 0, sizeof g);
    for (int t = 0; t < NF; t++) g.full[t] = full[t];
    for (int t = 0; t < NP; t++) g.par[t] = par[t];
    pydml_status s = geo_init(&g, p, pydml_workspace_part(ws, 0, z.runs * NF * sizeof(uint64_t)), z.runs);
    if (s) return s;
    g.stream = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && g.G * g.L * sizeof(float) >= TN_STREAM_BYTES;
    g.wide = g.stream && tn_wide_rows();
#ifdef _OPENMP
    const uint64_t nth = (uint64_t)omp_get_max_threads();
#else
    const uint64_t nth = 1;
#endif
    const size_t scratch = (size_t)g.nc * TN_CS;
    if (nth > 1 && g.G < 2 * nth && g.L >= TN_SPLIT_MIN) {
        double* cs = pydml_workspace_part(ws, z.cs_at, scratch * sizeof(double));
        if (cs == NULL || z.threads_at == z.cs_at) return PYDML_STATUS_INVALID_PARAMETER;
        tn_group gr;
        memset(&gr, 0, sizeof gr);
        gr.cs = cs;
        gr.cs2 = cs + 3 * g.nc;
        gr.cs3 = cs + 5 * g.nc;
        gr.ck = cs + 6 * g.nc;
        for (uint64_t grp = 0; grp < g.G; grp++) run_group(&g, grp, &gr, 1);
    } else {
        /* blocks of consecutive groups handed out dynamically: within a block the output pass of one
         * group prefetches the next (pass_out); the blocks do not change what a group computes */
        g.block = g.G / (4 * nth);
        g.block = g.block < 1 ? 1 : g.block > TN_BLOCK ? TN_BLOCK : g.block;
        const uint64_t blocks = (g.G + g.block - 1) / g.block;
        const pydml_axis_loop loop = {blocks, g.G * g.L, TN_PARALLEL_MIN, 1, 0,
                                      2 * sizeof(tn_group) + scratch * sizeof(double), 0};
        s = pydml_axis_for_range_in(&loop, bn_blocks, &g, ws, z.threads_at);
    }
    return s;
}

/* ---- LOCAL_RESPONSE_NORMALIZATION_GRAD ---- */

/* B^-beta for B = bias + c * acc, as normalization.c's forward evaluates it (0.75 and 0.5 with
 * square roots, other exponents with pow) */
static double lrn_pow(double base, double beta, int mode) {
    if (mode == 0) {
        const double r = sqrt(base);
        return 1.0 / (r * sqrt(r));
    }
    if (mode == 1) return 1.0 / sqrt(base);
    return pow(base, -beta);
}

/* windowed sums along one axis: out[i] = sum in[j] for j in [i - before, i + after] clipped to [0, n) */
static void box(const double* in, double* out, int64_t n, int64_t before, int64_t after, size_t inner) {
    for (int64_t i = 0; i < n; i++) {
        const int64_t a = i - before < 0 ? 0 : i - before, e = i + after > n - 1 ? n - 1 : i + after;
        double* o = out + (size_t)i * inner;
        for (size_t w = 0; w < inner; w++) o[w] = 0.0;
        for (int64_t q = a; q <= e; q++) {
            const double* r = in + (size_t)q * inner;
            for (size_t w = 0; w < inner; w++) o[w] += r[w];
        }
    }
}

typedef struct lrn_grad_run {
    const tn_plan* p;
    const pydml_tensor *x, *dy, *dx;
    uint64_t H, C, W, A, plane;
    int64_t lo, hi;
    double c, beta;
    int mode, odd;
} lrn_grad_run;

/* Items [b, e): cross, (n, h) rows of C x W values; else (n, c) planes of H x W values. scratch:
 * 4 plane doubles, then 3 plane floats. */
static pydml_status lrn_grad_items(void* ctx, uint64_t b0, uint64_t e0, void* scratch) {
    const lrn_grad_run* l = ctx;
    const tn_plan* p = l->p;
    const pydml_tensor *x = l->x, *dy = l->dy, *dx = l->dx;
    const uint64_t H = l->H, C = l->C, W = l->W, A = l->A, plane = l->plane;
    const int64_t lo = l->lo, hi = l->hi;
    const double c = l->c, beta = l->beta;
    const int mode = l->mode, odd = l->odd;
    double* db = scratch;
    float* fb = (float*)(db + 4 * plane);
    for (uint64_t it = b0; it < e0; it++) {
        float *xf = fb, *df = fb + plane, *of = fb + 2 * plane;
        double *sq = db, *acc = db + plane, *pw = db + 2 * plane, *t = db + 3 * plane;
        const uint64_t i0 = it / (p->cross ? H : C), i1 = it % (p->cross ? H : C);
        /* offsets of row a of the item: cross (n, a = channel, h = i1), else (n, c = i1, a = height) */
        uint64_t off[3][2];
        const pydml_tensor* v[3] = {x, dy, dx};
        for (int k = 0; k < 3; k++) {
            const uint64_t* st = v[k]->strides;
            off[k][0] = i0 * st[0] + (p->cross ? i1 * st[2] : i1 * st[1]);
            off[k][1] = p->cross ? st[1] : st[2];
        }
        for (uint64_t a = 0; a < A; a++) {
            pydml_norm_load_row(p->dtype, x->data, off[0][0] + a * off[0][1], x->strides[3], (size_t)W, xf + a * W);
            pydml_norm_load_row(p->dtype, dy->data, off[1][0] + a * off[1][1], dy->strides[3], (size_t)W,
                                df + a * W);
        }
        for (uint64_t e = 0; e < plane; e++) sq[e] = (double)xf[e] * (double)xf[e];
        /* acc = the forward's window sums of x^2 */
        if (p->cross) {
            box(sq, acc, (int64_t)A, lo, hi, (size_t)W);
        } else {
            for (uint64_t a = 0; a < A; a++) box(sq + a * W, t + a * W, (int64_t)W, lo, hi, 1);
            box(t, acc, (int64_t)A, lo, hi, (size_t)W);
        }
        for (uint64_t e = 0; e < plane; e++) {
            const double base = p->bias + c * acc[e];
            pw[e] = lrn_pow(base, beta, mode);
            sq[e] = (double)df[e] * (double)xf[e] * pw[e] / base; /* dy x B^(-beta-1) */
        }
        /* acc = the mirrored window sums of dy x B^(-beta-1) */
        if (p->cross) {
            box(sq, acc, (int64_t)A, hi, lo, (size_t)W);
        } else {
            for (uint64_t a = 0; a < A; a++) box(sq + a * W, t + a * W, (int64_t)W, hi, lo, 1);
            box(t, acc, (int64_t)A, hi, lo, (size_t)W);
        }
        for (uint64_t e = 0; e < plane; e++) {
            const double g = (double)df[e] * pw[e] - 2.0 * beta * c * (double)xf[e] * acc[e];
            of[e] = odd ? pydml_f64_to_f32_odd(g) : (float)g;
        }
        for (uint64_t a = 0; a < A; a++)
            pydml_norm_store_row(p->dtype, of + a * W, (size_t)W, dx->data, off[2][0] + a * off[2][1],
                                 dx->strides[3]);
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status run_lrn_grad(const tn_plan* p, const pydml_tensor* x, const pydml_tensor* dy,
                                 const pydml_tensor* dx, const pydml_workspace* ws) {
    const uint64_t N = p->sizes[0], C = p->sizes[1], H = p->sizes[2], W = p->sizes[3];
    lrn_grad_run l = {p, x, dy, dx, H, C, W, 0, 0, 0, 0, 0.0, 0.0, 0, 0};
    l.lo = (int64_t)((p->local_size - 1) / 2);
    l.hi = (int64_t)p->local_size - 1 - l.lo;
    l.c = p->alpha / (double)p->local_size;
    l.beta = p->beta;
    l.mode = l.beta == 0.75 ? 0 : l.beta == 0.5 ? 1 : 2;
    l.odd = p->dtype == DML_TENSOR_DATA_TYPE_FLOAT16;
    /* cross: one (n, h) row of C x W values; else one (n, c) plane of H x W values */
    const uint64_t items = p->cross ? N * H : N * C;
    l.A = p->cross ? C : H;
    l.plane = l.A * W;
    const pydml_axis_loop loop = {items, N * C * H * W, TN_PARALLEL_MIN, 4, 0, lrn_grad_bytes(p), 0};
    return pydml_axis_for_range_in(&loop, lrn_grad_items, &l, ws, 0);
}

/* ---- execute ---- */

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const tn_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != p->input_count ||
        output_count != p->output_count)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    const uint32_t dt = p->dtype, n = p->n;
    if (p->kind == K_LRNG) {
        for (int k = 0; k < 3; k++)
            if ((s = check_view(k < 2 ? inputs[k] : outputs[0], dt, n, p->sizes))) return s;
        return run_lrn_grad(p, inputs[0], inputs[1], outputs[0], ws);
    }
    const pydml_tensor* full[NF];
    const pydml_tensor* par[NP] = {NULL, NULL, NULL, NULL, NULL};
    if (p->kind == K_BNT) {
        /* inputs: Input, Scale, Bias, FusedAdd; outputs: Output, OutputMean, OutputVariance */
        if ((inputs[3] != NULL) != (p->has_add != 0)) return PYDML_STATUS_INVALID_PARAMETER;
        full[0] = inputs[0];
        full[1] = inputs[3];
        full[2] = outputs[0];
        par[0] = inputs[1];
        par[1] = inputs[2];
        par[2] = outputs[1];
        par[3] = outputs[2];
    } else {
        /* inputs: Input, InputGradient, Mean, Variance, Scale; outputs: OutputGradient,
         * OutputScaleGradient, OutputBiasGradient */
        full[0] = inputs[0];
        full[1] = inputs[1];
        full[2] = outputs[0];
        for (int k = 0; k < 3; k++) par[k] = inputs[2 + k];
        par[3] = outputs[1];
        par[4] = outputs[2];
    }
    for (int t = 0; t < NF; t++)
        if (full[t] != NULL || !(p->kind == K_BNT && t == 1))
            if ((s = check_view(full[t], dt, n, p->sizes))) return s;
    for (int t = 0; t < (p->kind == K_BNT ? 4 : NP); t++)
        if ((s = check_view(par[t], dt, n, p->psizes))) return s;
    return run_bn(p, full, par, ws);
}

/* Scratch comes from the caller's workspace: the plan is read-only while it executes, so executions
 * of one operator may run at the same time. */
const pydml_kernel_family pydml_family_normalization_training = {"normalization_training", create,
                                                                 destroy, execute, 0, temporary_bytes, NULL, NULL};
