/* The pooling kernel family (families.h): one window engine for AVERAGE_POOLING, AVERAGE_POOLING1,
 * LP_POOLING, LP_POOLING1, MAX_POOLING, MAX_POOLING1 and MAX_POOLING2, and the gradients
 * AVERAGE_POOLING_GRAD and MAX_POOLING_GRAD on the same window geometry (below, before execute)
 * (pages ns-directml-dml_<name>_operator_desc.md; rules_pooling.c checks the descs).
 *
 * Windows (all pages): per spatial axis i, output position o reads the input positions
 * o * Strides[i] - StartPadding[i] + k * Dilations[i] for k < WindowSize[i] (Dilations 1 for the
 * forms without them). Positions outside the input are padding:
 *   max:     padding is excluded (never the maximum, never an index);
 *   average: sum of the in-bounds values / count, count = the in-bounds taps, or every tap of the
 *            window with IncludePadding (the window always lies inside the padded input);
 *   LP:      Y = (sum |X|^P)^(1/P) over the in-bounds taps (padding adds nothing).
 * OutputIndicesTensor (MAX_POOLING1/2 pages): the zero-based index of the chosen element in
 * InputTensor "treated as a contiguous one-dimensional array", i.e. the logical row-major index
 * over all of InputTensor's Sizes (N and C included), whatever its strides; ties: "the index
 * points to the first value encountered", the window walked in row-major order (depth, height,
 * width), so a later equal value never replaces the maximum.
 *
 * Edges the pages leave open (decisions):
 *  - LP uses |X|: the pages call P = 1 / P = 2 the L1 / L2 norms, which are sums of |X|^P (the
 *    ONNX LpPool definition DirectML serves); a signed X^P would make odd P a non-norm and its
 *    P-th root of a negative sum undefined.
 *  - max with NaN: NaN counts as the largest value (IEEE 754-2019 maximum, torch.max_pool*): the
 *    first NaN of the window is the result and its index.
 *  - a window with no in-bounds tap (all padding, possible with large padding or dilations):
 *    max gives -inf (the type's minimum for integers) and the index all ones (UINT32_MAX /
 *    UINT64_MAX: "no element"); average without IncludePadding is 0 / 0 = NaN; LP gives 0.
 * Precision: averages and LP sums accumulate in double and are rounded once to the output type
 * (FLOAT16 through round-to-odd float, so no double rounding); max is exact.
 *
 * Speed: max pooling of FLOAT32/FLOAT16 with a contiguous input W, Strides 1 or 2 on W and a
 * one-row window on D takes each input row's maxima (and their columns, with OutputIndicesTensor)
 * once, then each output row from its window's rows (max_sep, AVX2); other max pooling runs
 * AVX-512/AVX2 vectors of 16/8 output columns (windows fully inside the row; the border columns run
 * the scalar path);
 * average/LP sum contiguous window segments (Dilations 1, contiguous W) with vectors. Threads
 * split the output rows (N x C x [OD] x OH). MAX_POOLING_GRAD of FLOAT32 with W contiguous takes
 * its windows' maxima with max_sep's row functions (hmax_row_idx, vmax_row_idx) and gathers each
 * dX row from them (mg_slice); 3x3 windows of Strides 2 (StartPadding 0 or 1) run one pass per
 * slice instead (mg3_slice: each window's maximum as a code kh * 4 + kw, each dX row gathered from
 * at most two code rows), 2x2 windows of Strides 2 likewise (mg2_slice: windows do not overlap, so
 * each output row writes its two dX rows whole), and AVERAGE_POOLING_GRAD of 3x3 / 2 spreads each dY row along W
 * once and writes each dX row as one spread row or the sum of two (ag3_rows_c); of 2x2 / 2 it writes
 * each dY row's weighted values twice along W into its two dX rows (ag2_slice). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define PL_X86 1
#endif

#include "elementwise.h"
#include "families.h"
#include "convert.h"
#include "stream_store.h"
#ifdef PL_X86
#include "lane_masks.h"
#endif

enum { PL_MAX = 0, PL_AVG = 1, PL_LP = 2 };

/* Output elements below which one thread runs everything. */
#define PL_PARALLEL_MIN 16384
/* Bytes a gradient moves (its tensors' sizes) from which FLOAT32 gradients are written with
 * non-temporal stores (the working set is beyond the last-level cache; smaller outputs stay cached
 * for the next operator). */
#define PL_STREAM_BYTES (32u << 20)
/* How a streamed output is stored (the `stream` value the gradients pass down): 0 not streamed,
 * else the widest non-temporal stores the ISA path has for rows copied from an L1 staging row
 * (pl_stream_copy, stream_store.h's pydml_stream_copy_f32_wide: PL_NT16 16 bytes; PL_NT32 32 bytes,
 * AVX2; PL_NT64 whole 64-byte lines, AVX-512), from the first boundary of that size on. On Zen 4 a plain fill streamed
 * 64 bytes at a time ran up to 2x the 16-byte one (2026-11-29, loaded host); inside the kernels the
 * staged rows gained ~7 % (ag2_slice, one thread) while staging rows that could be stored directly
 * with 16-byte streams cost 10-20 % (mg2, ag3), so rows on 16-byte boundaries stay direct. */
enum { PL_NT16 = 1, PL_NT32 = 2, PL_NT64 = 3 };

typedef struct pool_plan {
    uint32_t type;
    int fn;
    uint32_t dtype, itype;              /* itype 0: no OutputIndicesTensor */
    uint32_t rank;                      /* 4 or 5 */
    uint32_t in_sizes[5], out_sizes[5]; /* as the desc says */
    /* normalized to 3 spatial axes {D, H, W}; a 4-D tensor has D = 1 */
    uint32_t win[3], stride[3], pad[3], dil[3], isz[3], osz[3];
    int include_padding;
    uint32_t p;
    int grad;                           /* AVERAGE_POOLING_GRAD / MAX_POOLING_GRAD (see pool_grad below) */
    struct flat_max* flat;              /* max_flat's tables, or NULL (flat_max_make) */
} pool_plan;


static int is_float(uint32_t t) { return t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16; }

static int is_int(uint32_t t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: case DML_TENSOR_DATA_TYPE_INT16: case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_INT64: case DML_TENSOR_DATA_TYPE_UINT8: case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_UINT32: case DML_TENSOR_DATA_TYPE_UINT64:
        return 1;
    default:
        return 0;
    }
}

/* The flat max planes' tables (max_flat, below): made with the plan where its shape takes that path
 * (FLOAT32 without indices, a 2-D window, stride 1, the output the input's size, at most
 * PL_FLAT_MAX outputs a plane and PL_FLAT_TAPS taps); the views are checked at execution. */
#define PL_FLAT_MAX 1024 /* outputs of a plane */
#define PL_FLAT_TAPS 64

typedef struct flat_max {
    int64_t off[PL_FLAT_TAPS];                     /* tap t reads input o + off[t] for output o */
    uint32_t taps;
    uint16_t mask[PL_FLAT_TAPS][PL_FLAT_MAX / 16]; /* per tap and 16 outputs: the lanes it reaches
                                                    * (AVX2: a byte per 8, lane_masks.h) */
} flat_max;

static flat_max* flat_max_make(const pool_plan* P) {
    if (P->fn != PL_MAX || P->grad || P->itype || P->dtype != DML_TENSOR_DATA_TYPE_FLOAT32) return NULL;
    if (P->isz[0] != 1 || P->osz[0] != 1 || P->win[0] != 1 || P->stride[1] != 1 || P->stride[2] != 1) return NULL;
    const int64_t H = P->isz[1], W = P->isz[2], n = H * W;
    if (P->osz[1] != P->isz[1] || P->osz[2] != P->isz[2] || n > PL_FLAT_MAX ||
        (uint64_t)P->win[1] * P->win[2] > PL_FLAT_TAPS)
        return NULL;
    flat_max* F = calloc(1, sizeof *F);
    if (F == NULL) return NULL; /* (the other paths run it) */
    for (uint32_t kh = 0; kh < P->win[1]; kh++)
        for (uint32_t kw = 0; kw < P->win[2]; kw++) {
            const int64_t dy = (int64_t)kh * P->dil[1] - P->pad[1], dx = (int64_t)kw * P->dil[2] - P->pad[2];
            const uint32_t t = F->taps++;
            F->off[t] = dy * W + dx;
            for (int64_t v = 0; v * 16 < n; v++) {
                uint16_t m = 0;
                for (uint32_t j = 0; j < 16; j++) {
                    const int64_t o = v * 16 + j, y = o / W + dy, x = o % W + dx;
                    if (o < n && y >= 0 && y < H && x >= 0 && x < W) m = (uint16_t)(m | (1u << j));
                }
                F->mask[t][v] = m;
            }
        }
    return F;
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    const uint32_t *strides = NULL, *window = NULL, *sp = NULL, *ep = NULL, *dil = NULL;
    uint32_t count = 0, p = 0;
    int incl = 0, fn = PL_MAX, grad = 0;
    switch (info->type) {
    case DML_OPERATOR_AVERAGE_POOLING: {
        const DML_AVERAGE_POOLING_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        incl = d->IncludePadding != 0; fn = PL_AVG;
        break;
    }
    case DML_OPERATOR_AVERAGE_POOLING1: {
        const DML_AVERAGE_POOLING1_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        dil = d->Dilations; incl = d->IncludePadding != 0; fn = PL_AVG;
        break;
    }
    case DML_OPERATOR_LP_POOLING: {
        const DML_LP_POOLING_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        p = d->P; fn = PL_LP;
        break;
    }
    case DML_OPERATOR_LP_POOLING1: {
        const DML_LP_POOLING1_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        dil = d->Dilations; p = d->P; fn = PL_LP;
        break;
    }
    case DML_OPERATOR_MAX_POOLING: {
        const DML_MAX_POOLING_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        break;
    }
    case DML_OPERATOR_MAX_POOLING1: {
        const DML_MAX_POOLING1_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        break;
    }
    case DML_OPERATOR_MAX_POOLING2: {
        const DML_MAX_POOLING2_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        dil = d->Dilations;
        break;
    }
    case DML_OPERATOR_AVERAGE_POOLING_GRAD: {
        const DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        incl = d->IncludePadding != 0; fn = PL_AVG; grad = 1;
        break;
    }
    case DML_OPERATOR_MAX_POOLING_GRAD: {
        const DML_MAX_POOLING_GRAD_OPERATOR_DESC* d = desc;
        count = d->DimensionCount; strides = d->Strides; window = d->WindowSize; sp = d->StartPadding; ep = d->EndPadding;
        dil = d->Dilations; grad = 1;
        break;
    }
    default:
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    (void)ep; /* the output sizes (checked by the rules) already carry EndPadding */
    /* x, y: the forward operator's input and output (a gradient's InputGradientTensor has the
     * forward output's sizes; AVERAGE_POOLING_GRAD's OutputGradientTensor the forward input's) */
    const DML_BUFFER_TENSOR_DESC* x =
        pydml_tensor_field(info, desc, info->type == DML_OPERATOR_AVERAGE_POOLING_GRAD ? "OutputGradientTensor" : "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(info, desc, grad ? "InputGradientTensor" : "OutputTensor");
    const DML_BUFFER_TENSOR_DESC* ix = fn == PL_MAX && !grad && info->type != DML_OPERATOR_MAX_POOLING
                                           ? pydml_tensor_field(info, desc, "OutputIndicesTensor") : NULL;
    if (x == NULL || y == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (info->type == DML_OPERATOR_MAX_POOLING_GRAD) {
        const DML_BUFFER_TENSOR_DESC* dx = pydml_tensor_field(info, desc, "OutputGradientTensor");
        if (dx == NULL || dx->DataType != x->DataType || dx->DimensionCount != x->DimensionCount ||
            memcmp(dx->Sizes, x->Sizes, x->DimensionCount * sizeof(uint32_t)) != 0)
            return PYDML_STATUS_INVALID_PARAMETER;
    }
    uint32_t rank = x->DimensionCount;
    if ((rank != 4 && rank != 5) || count != rank - 2 || y->DimensionCount != rank) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (!(is_float(x->DataType) || (fn == PL_MAX && is_int(x->DataType))) || y->DataType != x->DataType)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (ix && ix->DataType != DML_TENSOR_DATA_TYPE_UINT32 && ix->DataType != DML_TENSOR_DATA_TYPE_UINT64)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    pool_plan* plan = calloc(1, sizeof *plan);
    if (plan == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    plan->type = info->type;
    plan->fn = fn;
    plan->dtype = x->DataType;
    /* MAX_POOLING_GRAD finds each window's maximum with the forward's rows, indices included */
    plan->itype = ix ? ix->DataType : grad && fn == PL_MAX ? DML_TENSOR_DATA_TYPE_UINT64 : 0;
    plan->grad = grad;
    plan->rank = rank;
    plan->include_padding = incl;
    plan->p = p;
    for (uint32_t i = 0; i < rank; i++) {
        plan->in_sizes[i] = x->Sizes[i];
        plan->out_sizes[i] = y->Sizes[i];
    }
    const uint32_t off = 3 - count; /* 4-D: axis D is a unit axis with a one-tap window */
    for (uint32_t a = 0; a < 3; a++) {
        plan->win[a] = plan->stride[a] = plan->dil[a] = plan->isz[a] = plan->osz[a] = 1;
        plan->pad[a] = 0;
    }
    for (uint32_t i = 0; i < count; i++) {
        uint32_t a = off + i;
        plan->win[a] = window[i];
        plan->stride[a] = strides[i];
        plan->pad[a] = sp[i];
        plan->dil[a] = dil ? dil[i] : 1u;
        plan->isz[a] = x->Sizes[2 + i];
        plan->osz[a] = y->Sizes[2 + i];
    }
#ifdef PL_X86
    plan->flat = flat_max_make(plan);
#endif
    *out = plan;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) {
    if (plan != NULL) free(((pool_plan*)plan)->flat);
    free(plan);
}

/* ---- element access ---- */

static inline float load_f(const void* base, uint32_t t, uint64_t i) {
    return t == DML_TENSOR_DATA_TYPE_FLOAT32 ? ((const float*)base)[i] : pydml_f16_to_f32(((const uint16_t*)base)[i]);
}

static inline void store_d(void* base, uint32_t t, uint64_t i, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) ((float*)base)[i] = (float)v;
    else ((uint16_t*)base)[i] = pydml_f64_to_f16(v);
}

static inline void store_index(void* base, uint32_t t, uint64_t i, uint64_t v) {
    if (t == DML_TENSOR_DATA_TYPE_UINT32) ((uint32_t*)base)[i] = (uint32_t)v;
    else ((uint64_t*)base)[i] = v;
}

/* ---- one output row: (n, c, od, oh) fixed, every ow ---- */

typedef struct pool_run {
    const pool_plan* plan;
    const void* in;
    void* out;
    void* idx;
    uint64_t is[5], os[5], xs[5];  /* element strides: input, output, indices (N, C, D, H, W) */
    uint64_t lstride[5];           /* logical row-major strides of the input (for indices) */
    int isa;                       /* 0 portable, 1 AVX2, 2 AVX-512 */
    int32_t* ridx;                 /* MAX_POOLING_GRAD's row of maxima: the index relative to the
                                    * plane (log_base) of each ow, -1 for none; values and the
                                    * indices tensor are then not written */
    int32_t* gidx;                 /* MAX_POOLING_GRAD's gather (vmax_row_idx): output row oh's
                                    * indices (as ridx) go to gidx + (oh & gidx_mask) * OWP, and
                                    * nothing else is written */
    uint32_t gidx_mask;
} pool_run;

/* Valid tap range [*lo, *hi) of one axis for output position o (pydml_window_taps). */
static inline void tap_range(const pool_plan* p, int a, uint64_t o, uint32_t* lo, uint32_t* hi) {
    pydml_window_taps(o, p->stride[a], p->pad[a], p->dil[a], p->win[a], p->isz[a], lo, hi);
}

typedef struct row_ctx {
    uint64_t n, c, od, oh;
    uint32_t d0, d1, h0, h1;       /* valid taps on D and H */
    uint64_t in_base, log_base;    /* input offset and logical index of (n, c, 0, 0, 0) */
    uint64_t out_base, idx_base;   /* offsets of (n, c, od, oh, 0) */
    uint64_t ia, ib;               /* vmax_row_idx: the columns whose windows lie inside the row
                                    * (inner_cols), set by its caller */
} row_ctx;

#define POS(a, o, k) ((int64_t)(o) * P->stride[a] - (int64_t)P->pad[a] + (int64_t)(k) * P->dil[a])

/* Float max of output column ow (scalar path; NaN is the largest value, first one wins). */
static void max_float_col(const pool_run* r, const row_ctx* x, uint64_t ow) {
    const pool_plan* P = r->plan;
    uint32_t w0, w1;
    tap_range(P, 2, ow, &w0, &w1);
    float m = -INFINITY;
    uint64_t mi = UINT64_MAX;
    int found = 0;
    for (uint32_t kd = x->d0; kd < x->d1; kd++) {
        uint64_t d = (uint64_t)POS(0, x->od, kd);
        for (uint32_t kh = x->h0; kh < x->h1; kh++) {
            uint64_t h = (uint64_t)POS(1, x->oh, kh);
            uint64_t ib = x->in_base + d * r->is[2] + h * r->is[3];
            uint64_t lb = x->log_base + d * r->lstride[2] + h * r->lstride[3];
            for (uint32_t kw = w0; kw < w1; kw++) {
                uint64_t w = (uint64_t)POS(2, ow, kw);
                float v = load_f(r->in, P->dtype, ib + w * r->is[4]);
                if (!found || v > m || (isnan(v) && !isnan(m))) {
                    m = v;
                    mi = lb + w;
                    found = 1;
                }
            }
        }
    }
    if (r->ridx) {
        r->ridx[ow] = mi == UINT64_MAX ? -1 : (int32_t)(mi - x->log_base);
        return;
    }
    uint64_t o = x->out_base + ow * r->os[4];
    if (P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32) ((float*)r->out)[o] = m;
    else ((uint16_t*)r->out)[o] = pydml_f32_to_f16(m);
    if (r->idx) store_index(r->idx, P->itype, x->idx_base + ow * r->xs[4], mi);
}

#define MAX_INT_ROW(NAME, T, LOWEST)                                                                   \
    static void NAME(const pool_run* r, const row_ctx* x) {                                            \
        const pool_plan* P = r->plan;                                                                  \
        const T* in = r->in;                                                                           \
        T* out = r->out;                                                                               \
        for (uint64_t ow = 0; ow < P->osz[2]; ow++) {                                                  \
            uint32_t w0, w1;                                                                           \
            tap_range(P, 2, ow, &w0, &w1);                                                             \
            T m = LOWEST;                                                                              \
            uint64_t mi = UINT64_MAX;                                                                  \
            int found = 0;                                                                             \
            for (uint32_t kd = x->d0; kd < x->d1; kd++) {                                              \
                uint64_t d = (uint64_t)POS(0, x->od, kd);                                              \
                for (uint32_t kh = x->h0; kh < x->h1; kh++) {                                          \
                    uint64_t h = (uint64_t)POS(1, x->oh, kh);                                          \
                    uint64_t ib = x->in_base + d * r->is[2] + h * r->is[3];                            \
                    uint64_t lb = x->log_base + d * r->lstride[2] + h * r->lstride[3];                 \
                    for (uint32_t kw = w0; kw < w1; kw++) {                                            \
                        uint64_t w = (uint64_t)POS(2, ow, kw);                                         \
                        T v = in[ib + w * r->is[4]];                                                   \
                        if (!found || v > m) { m = v; mi = lb + w; found = 1; }                        \
                    }                                                                                  \
                }                                                                                      \
            }                                                                                          \
            out[x->out_base + ow * r->os[4]] = m;                                                      \
            if (r->idx) store_index(r->idx, P->itype, x->idx_base + ow * r->xs[4], mi);                \
        }                                                                                              \
    }
MAX_INT_ROW(max_row_i8, int8_t, INT8_MIN)
MAX_INT_ROW(max_row_i16, int16_t, INT16_MIN)
MAX_INT_ROW(max_row_i32, int32_t, INT32_MIN)
MAX_INT_ROW(max_row_i64, int64_t, INT64_MIN)
MAX_INT_ROW(max_row_u8, uint8_t, 0)
MAX_INT_ROW(max_row_u16, uint16_t, 0)
MAX_INT_ROW(max_row_u32, uint32_t, 0)
MAX_INT_ROW(max_row_u64, uint64_t, 0)

/* One window tap of a sum: mode 0 x, 1 |x|, 2 x*x. */
#define PL_TERM(MODE, v) ((MODE) == 0 ? (v) : (MODE) == 1 ? fabs(v) : (v) * (v))

/* Sum over a contiguous FLOAT32 segment in double: mode 0 x, 1 |x|, 2 x*x. */
static double seg_sum_c(const float* s, uint32_t n, int mode) {
    double acc = 0;
    for (uint32_t i = 0; i < n; i++) {
        double v = s[i];
        acc += PL_TERM(mode, v);
    }
    return acc;
}

#ifdef PL_X86
EW_T256 static double seg_sum_avx2(const float* s, uint32_t n, int mode) {
    __m256d a0 = _mm256_setzero_pd(), a1 = _mm256_setzero_pd();
    const __m256d sign = _mm256_set1_pd(-0.0);
    uint32_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 v = _mm256_loadu_ps(s + i);
        __m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(v)), hi = _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1));
        if (mode == 1) { lo = _mm256_andnot_pd(sign, lo); hi = _mm256_andnot_pd(sign, hi); }
        if (mode == 2) { a0 = _mm256_fmadd_pd(lo, lo, a0); a1 = _mm256_fmadd_pd(hi, hi, a1); }
        else { a0 = _mm256_add_pd(a0, lo); a1 = _mm256_add_pd(a1, hi); }
    }
    double t[4];
    _mm256_storeu_pd(t, _mm256_add_pd(a0, a1));
    double acc = (t[0] + t[1]) + (t[2] + t[3]);
    for (; i < n; i++) {
        double v = s[i];
        acc += mode == 0 ? v : mode == 1 ? fabs(v) : v * v;
    }
    return acc;
}

EW_T512 static double seg_sum_avx512(const float* s, uint32_t n, int mode) {
    __m512d a0 = _mm512_setzero_pd(), a1 = _mm512_setzero_pd();
    uint32_t i = 0;
    for (; i < n; i += 16) {
        __mmask16 k = n - i >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - i)) - 1u);
        __m512 v = _mm512_maskz_loadu_ps(k, s + i);
        __m512d lo = _mm512_cvtps_pd(_mm512_castps512_ps256(v));
        __m512d hi = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)));
        if (mode == 1) { lo = _mm512_abs_pd(lo); hi = _mm512_abs_pd(hi); }
        if (mode == 2) { a0 = _mm512_fmadd_pd(lo, lo, a0); a1 = _mm512_fmadd_pd(hi, hi, a1); }
        else { a0 = _mm512_add_pd(a0, lo); a1 = _mm512_add_pd(a1, hi); }
    }
    return _mm512_reduce_add_pd(_mm512_add_pd(a0, a1));
}
#endif

static double seg_sum(int isa, const float* s, uint32_t n, int mode) {
#ifdef PL_X86
    if (isa == 2) return seg_sum_avx512(s, n, mode);
    if (isa == 1) return seg_sum_avx2(s, n, mode);
#endif
    (void)isa;
    return seg_sum_c(s, n, mode);
}

static void inner_cols(const pool_plan* P, uint64_t* a, uint64_t* b);

/* Output columns per pass of sum_cols_inner (its two double rows on the stack: 4 KiB). */
#define PL_SUM_CHUNK 256

/* part[j] = the taps of one window row for the n output columns from `q` (column j's first tap at
 * q + j * sw), each in tap order from 0 (seg_sum_c's order) */
#define PL_ROW_TAPS(MODE)                                                                           \
    for (uint32_t kw = 0; kw < K; kw++) {                                                           \
        const float* qk = q + kw;                                                                   \
        if (kw == 0)                                                                                \
            for (uint64_t j = 0; j < n; j++) { const double v = qk[j * sw]; part[j] = PL_TERM(MODE, v); } \
        else                                                                                        \
            for (uint64_t j = 0; j < n; j++) { const double v = qk[j * sw]; part[j] += PL_TERM(MODE, v); } \
    }

/* Average / LP (p 1 or 2) of output columns [a, b), whose windows lie inside the row (inner_cols),
 * FLOAT32 with W contiguous and Dilations 1 on W: the sums of sum_row's columns in the same order
 * (each window row's taps from the first, the rows added in order to 0, in double), column by
 * column in the innermost loops, which the compiler vectorizes, instead of per output a tap range
 * and a loop per window row (a 2 x 2 average of 64 x 56^2 at N8 ran 0.44x torch). */
static void sum_cols_inner(const pool_run* r, const row_ctx* x, uint64_t a, uint64_t b, int mode) {
    const pool_plan* P = r->plan;
    const uint64_t sw = P->stride[2];
    const uint32_t K = P->win[2];
    const double count = P->include_padding ? (double)P->win[0] * P->win[1] * P->win[2]
                                            : (double)((uint64_t)(x->d1 - x->d0) * (x->h1 - x->h0)) * (double)K;
    double acc[PL_SUM_CHUNK], part[PL_SUM_CHUNK];
    for (uint64_t o0 = a; o0 < b; o0 += PL_SUM_CHUNK) {
        const uint64_t n = b - o0 < PL_SUM_CHUNK ? b - o0 : PL_SUM_CHUNK;
        for (uint64_t j = 0; j < n; j++) acc[j] = 0.0;
        for (uint32_t kd = x->d0; kd < x->d1; kd++)
            for (uint32_t kh = x->h0; kh < x->h1; kh++) {
                const float* q = (const float*)r->in + x->in_base + (uint64_t)POS(0, x->od, kd) * r->is[2] +
                                 (uint64_t)POS(1, x->oh, kh) * r->is[3] + (uint64_t)POS(2, o0, 0);
                if (mode == 0) PL_ROW_TAPS(0)
                else if (mode == 1) PL_ROW_TAPS(1)
                else PL_ROW_TAPS(2)
                for (uint64_t j = 0; j < n; j++) acc[j] += part[j];
            }
        for (uint64_t j = 0; j < n; j++) {
            const double y = P->fn == PL_AVG ? acc[j] / count : mode == 1 ? acc[j] : sqrt(acc[j]);
            store_d(r->out, P->dtype, x->out_base + (o0 + j) * r->os[4], y);
        }
    }
}
#undef PL_ROW_TAPS

/* Average / LP of one output row. */
static void sum_row(const pool_run* r, const row_ctx* x) {
    const pool_plan* P = r->plan;
    const int f32 = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32;
    const int seg = f32 && P->dil[2] == 1 && r->is[4] == 1;
    const int mode = P->fn == PL_AVG ? 0 : P->p == 1 ? 1 : P->p == 2 ? 2 : -1;
    const double inv_p = P->fn == PL_LP ? 1.0 / (double)P->p : 1.0;
    const uint64_t dh_count = (uint64_t)(x->d1 - x->d0) * (x->h1 - x->h0);
    /* the columns whose windows lie inside the row, together (sum_cols_inner); not a window as wide
     * as the row (a global pool: one sum over back-to-back rows below) */
    uint64_t a = 0, b = 0;
    if (seg && mode >= 0 && P->win[2] < P->isz[2] && dh_count > 0) inner_cols(P, &a, &b);
    if (a < b) sum_cols_inner(r, x, a, b, mode);
    for (uint64_t ow = 0; ow < P->osz[2]; ow++) {
        if (ow == a && a < b) {
            ow = b - 1;
            continue;
        }
        uint32_t w0, w1;
        tap_range(P, 2, ow, &w0, &w1);
        double acc = 0;
        /* a window over whole rows that lie back to back (a global average pool's 7 x 7 plane) is
         * one run per D: one segment sum of (h1 - h0) W elements, not a call per row of W (a
         * ResNet's 512 x 7 x 7 global pool: seven 16-lane reductions for 49 elements); a window
         * of padding rows only has no run (its first row's offset would be negative) */
        const int planes = seg && mode >= 0 && w0 == 0 && w1 == P->isz[2] && P->dil[1] == 1 &&
                           r->is[3] == P->isz[2] && x->h1 > x->h0;
        for (uint32_t kd = x->d0; kd < x->d1 && w1 > w0 && planes; kd++) {
            const uint64_t ib = x->in_base + (uint64_t)POS(0, x->od, kd) * r->is[2] +
                                (uint64_t)POS(1, x->oh, x->h0) * r->is[3];
            acc += seg_sum(r->isa, (const float*)r->in + ib, (uint32_t)((x->h1 - x->h0) * (uint64_t)w1), mode);
        }
        for (uint32_t kd = x->d0; kd < x->d1 && w1 > w0 && !planes; kd++) {
            uint64_t d = (uint64_t)POS(0, x->od, kd);
            for (uint32_t kh = x->h0; kh < x->h1; kh++) {
                uint64_t h = (uint64_t)POS(1, x->oh, kh);
                uint64_t ib = x->in_base + d * r->is[2] + h * r->is[3];
                if (seg && mode >= 0) {
                    /* a short segment by the scalar sum: a call with masked vector loads and a
                     * horizontal reduction per window row was 17 ns an output of a 2 x 2 average
                     * (128 x 56^2, one thread: 1.78 ms) */
                    const float* sp = (const float*)r->in + ib + (uint64_t)POS(2, ow, w0);
                    acc += w1 - w0 <= 8 ? seg_sum_c(sp, w1 - w0, mode) : seg_sum(r->isa, sp, w1 - w0, mode);
                    continue;
                }
                for (uint32_t kw = w0; kw < w1; kw++) {
                    double v = load_f(r->in, P->dtype, ib + (uint64_t)POS(2, ow, kw) * r->is[4]);
                    if (P->fn == PL_AVG) acc += v;
                    else if (P->p == 1) acc += fabs(v);
                    else if (P->p == 2) acc += v * v;
                    else acc += pow(fabs(v), (double)P->p);
                }
            }
        }
        double y;
        if (P->fn == PL_AVG) {
            double count = P->include_padding ? (double)P->win[0] * P->win[1] * P->win[2]
                                              : (double)dh_count * (double)(w1 - w0);
            y = acc / count; /* 0 / 0 = NaN for a window of padding only (see the top) */
        } else {
            y = P->p == 1 ? acc : P->p == 2 ? sqrt(acc) : pow(acc, inv_p);
        }
        store_d(r->out, P->dtype, x->out_base + ow * r->os[4], y);
    }
}

/* ---- vector max: output columns [a, b) whose windows lie inside the row, W contiguous ---- */

#ifdef PL_X86
/* Stores lanes of m (float) / mi (int32 index relative to log_base) for columns ow0 .. ow0+n-1. */
static void store_lanes(const pool_run* r, const row_ctx* x, uint64_t ow0, uint32_t n, const float* m,
                        const int32_t* mi) {
    const pool_plan* P = r->plan;
    if (r->ridx) {
        for (uint32_t j = 0; j < n; j++) r->ridx[ow0 + j] = mi[j];
        return;
    }
    for (uint32_t j = 0; j < n; j++) {
        uint64_t o = x->out_base + (ow0 + j) * r->os[4];
        if (P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32) ((float*)r->out)[o] = m[j];
        else ((uint16_t*)r->out)[o] = pydml_f32_to_f16(m[j]);
        if (r->idx) store_index(r->idx, P->itype, x->idx_base + (ow0 + j) * r->xs[4], x->log_base + (uint64_t)(uint32_t)mi[j]);
    }
}

EW_T512 static __m512 load16(const pool_run* r, uint64_t at, uint32_t sw, __mmask16 k) {
    if (r->plan->dtype == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = (const float*)r->in + at;
        if (sw == 1) return _mm512_maskz_loadu_ps(k, s);
        if (sw == 2) {
            /* lanes j < n read elements 2j: the first 2n - 1 elements */
            uint32_t cnt = 2u * (uint32_t)__builtin_popcount((unsigned)k) - 1u;
            __mmask16 k0 = (__mmask16)(cnt >= 16 ? 0xffffu : (1u << cnt) - 1u);
            __mmask16 k1 = (__mmask16)(cnt > 16 ? (1u << (cnt - 16)) - 1u : 0u);
            __m512 a = _mm512_maskz_loadu_ps(k0, s), b = _mm512_maskz_loadu_ps(k1, s + 16);
            const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
            return _mm512_permutex2var_ps(a, even, b);
        }
        __m512i vi = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                        _mm512_set1_epi32((int)sw));
        return _mm512_mask_i32gather_ps(_mm512_setzero_ps(), k, vi, s, 4);
    }
    const uint16_t* s = (const uint16_t*)r->in + at;
    if (sw == 1) return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(k, s));
    uint16_t t[16] = {0};
    for (uint32_t j = 0; j < 16; j++)
        if (k >> j & 1u) t[j] = s[(uint64_t)j * sw];
    return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)t));
}

EW_T512 static void max_vec_avx512(const pool_run* r, const row_ctx* x, uint64_t a, uint64_t b) {
    const pool_plan* P = r->plan;
    const uint32_t sw = P->stride[2];
    const int64_t pw = P->pad[2];
    const __m512i lane = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                            _mm512_set1_epi32((int)sw));
    const int contiguous_out = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && r->os[4] == 1 && r->idx == NULL && r->ridx == NULL;
    for (uint64_t ow0 = a; ow0 < b; ow0 += 16) {
        uint32_t n = b - ow0 >= 16 ? 16u : (uint32_t)(b - ow0);
        __mmask16 k = (__mmask16)(n == 16 ? 0xffffu : (1u << n) - 1u);
        __m512 m = _mm512_setzero_ps();
        __m512i mi = _mm512_setzero_si512();
        int first = 1;
        for (uint32_t kd = x->d0; kd < x->d1; kd++) {
            uint64_t d = (uint64_t)POS(0, x->od, kd);
            for (uint32_t kh = x->h0; kh < x->h1; kh++) {
                uint64_t h = (uint64_t)POS(1, x->oh, kh);
                uint64_t ib = x->in_base + d * r->is[2] + h * r->is[3];
                uint64_t lb = d * r->lstride[2] + h * r->lstride[3]; /* relative to log_base */
                for (uint32_t kw = 0; kw < P->win[2]; kw++) {
                    int64_t w = (int64_t)ow0 * sw - pw + (int64_t)kw * P->dil[2];
                    __m512 v = load16(r, ib + (uint64_t)w, sw, k);
                    __m512i vi = _mm512_add_epi32(lane, _mm512_set1_epi32((int32_t)(lb + (uint64_t)w)));
                    if (first) {
                        m = v; mi = vi; first = 0;
                        continue;
                    }
                    /* v replaces m when v > m, or v is NaN and m is not (first NaN wins) */
                    __mmask16 ord = _mm512_cmp_ps_mask(m, m, _CMP_ORD_Q);
                    __mmask16 up = _mm512_mask_cmp_ps_mask(ord, v, m, _CMP_NLE_UQ);
                    m = _mm512_mask_mov_ps(m, up, v);
                    mi = _mm512_mask_mov_epi32(mi, up, vi);
                }
            }
        }
        if (contiguous_out) {
            _mm512_mask_storeu_ps((float*)r->out + x->out_base + ow0, k, m);
        } else {
            float mt[16];
            int32_t it[16];
            _mm512_storeu_ps(mt, m);
            _mm512_storeu_si512(it, mi);
            store_lanes(r, x, ow0, n, mt, it);
        }
    }
}

EW_T256 static __m256 load8(const pool_run* r, uint64_t at, uint32_t sw, uint32_t n) {
    float t[8] = {0};
    if (r->plan->dtype == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = (const float*)r->in + at;
        if (sw == 1 && n == 8) return _mm256_loadu_ps(s);
        if (sw == 2 && n == 8) {
            /* elements 0, 2, .., 14 without a gather: two loads (the second masked to 8..14, so
             * nothing past the last lane's element is read) and the even elements picked out */
            __m256 a = _mm256_loadu_ps(s);
            __m256 b = _mm256_maskload_ps(s + 8, _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, -1, 0));
            __m256 e = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)); /* a0 a2 b0 b2 | a4 a6 b4 b6 */
            return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(e), _MM_SHUFFLE(3, 1, 2, 0)));
        }
        if (n == 8) {
            __m256i vi = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)sw));
            return _mm256_i32gather_ps(s, vi, 4);
        }
        for (uint32_t j = 0; j < n; j++) t[j] = s[(uint64_t)j * sw];
        return _mm256_loadu_ps(t);
    }
    const uint16_t* s = (const uint16_t*)r->in + at;
    if (sw == 1 && n == 8) return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)s));
    uint16_t h[8] = {0};
    for (uint32_t j = 0; j < n; j++) h[j] = s[(uint64_t)j * sw];
    return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)h));
}

EW_T256 static void max_vec_avx2(const pool_run* r, const row_ctx* x, uint64_t a, uint64_t b) {
    const pool_plan* P = r->plan;
    const uint32_t sw = P->stride[2];
    const int64_t pw = P->pad[2];
    const __m256i lane = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)sw));
    for (uint64_t ow0 = a; ow0 < b; ow0 += 8) {
        uint32_t n = b - ow0 >= 8 ? 8u : (uint32_t)(b - ow0);
        __m256 m = _mm256_setzero_ps();
        __m256i mi = _mm256_setzero_si256();
        int first = 1;
        for (uint32_t kd = x->d0; kd < x->d1; kd++) {
            uint64_t d = (uint64_t)POS(0, x->od, kd);
            for (uint32_t kh = x->h0; kh < x->h1; kh++) {
                uint64_t h = (uint64_t)POS(1, x->oh, kh);
                uint64_t ib = x->in_base + d * r->is[2] + h * r->is[3];
                uint64_t lb = d * r->lstride[2] + h * r->lstride[3];
                for (uint32_t kw = 0; kw < P->win[2]; kw++) {
                    int64_t w = (int64_t)ow0 * sw - pw + (int64_t)kw * P->dil[2];
                    __m256 v = load8(r, ib + (uint64_t)w, sw, n);
                    __m256i vi = _mm256_add_epi32(lane, _mm256_set1_epi32((int32_t)(lb + (uint64_t)w)));
                    if (first) {
                        m = v; mi = vi; first = 0;
                        continue;
                    }
                    __m256 ord = _mm256_cmp_ps(m, m, _CMP_ORD_Q);
                    __m256 up = _mm256_and_ps(ord, _mm256_cmp_ps(v, m, _CMP_NLE_UQ));
                    m = _mm256_blendv_ps(m, v, up);
                    mi = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(mi), _mm256_castsi256_ps(vi), up));
                }
            }
        }
        if (r->ridx && n == 8) {
            _mm256_storeu_si256((__m256i*)(r->ridx + ow0), mi);
        } else if (P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && r->os[4] == 1 && r->idx == NULL && n == 8) {
            _mm256_storeu_ps((float*)r->out + x->out_base + ow0, m);
        } else {
            float mt[8];
            int32_t it[8];
            _mm256_storeu_ps(mt, m);
            _mm256_storeu_si256((__m256i*)it, mi);
            store_lanes(r, x, ow0, n, mt, it);
        }
    }
}
#endif

/* The output columns [*a, *b) whose every W tap is inside the row: ow * sw >= pw and
 * ow * sw - pw + (win - 1) * dil <= W - 1. */
static void inner_cols(const pool_plan* P, uint64_t* a, uint64_t* b) {
    const uint64_t sw = P->stride[2], pw = P->pad[2];
    const uint64_t ext = (uint64_t)(P->win[2] - 1) * P->dil[2];
    *a = (pw + sw - 1) / sw;
    *b = 0;
    if ((uint64_t)P->isz[2] + pw >= ext + 1) {
        *b = ((uint64_t)P->isz[2] - 1 + pw - ext) / sw + 1;
        if (*b > P->osz[2]) *b = P->osz[2];
    }
    if (*a > *b) *a = *b;
}

static void max_float_row(const pool_run* r, const row_ctx* x, int vec) {
    const pool_plan* P = r->plan;
    uint64_t a = 0, b = 0;
    if (vec && x->d1 > x->d0 && x->h1 > x->h0) inner_cols(P, &a, &b);
    for (uint64_t ow = 0; ow < a; ow++) max_float_col(r, x, ow);
#ifdef PL_X86
    if (a < b) {
        if (r->isa == 2) max_vec_avx512(r, x, a, b);
        else max_vec_avx2(r, x, a, b);
    }
#endif
    for (uint64_t ow = b; ow < P->osz[2]; ow++) max_float_col(r, x, ow);
}

static void run_row(const pool_run* r, uint64_t row, int vec) {
    const pool_plan* P = r->plan;
    row_ctx x;
    uint64_t t = row;
    x.oh = t % P->osz[1]; t /= P->osz[1];
    x.od = t % P->osz[0]; t /= P->osz[0];
    const uint64_t C = P->in_sizes[1];
    x.c = t % C;
    x.n = t / C;
    tap_range(P, 0, x.od, &x.d0, &x.d1);
    tap_range(P, 1, x.oh, &x.h0, &x.h1);
    x.in_base = x.n * r->is[0] + x.c * r->is[1];
    x.log_base = x.n * r->lstride[0] + x.c * r->lstride[1];
    x.out_base = x.n * r->os[0] + x.c * r->os[1] + x.od * r->os[2] + x.oh * r->os[3];
    x.idx_base = x.n * r->xs[0] + x.c * r->xs[1] + x.od * r->xs[2] + x.oh * r->xs[3];
    if (P->fn != PL_MAX) {
        sum_row(r, &x);
        return;
    }
    switch (P->dtype) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: case DML_TENSOR_DATA_TYPE_FLOAT16: max_float_row(r, &x, vec); break;
    case DML_TENSOR_DATA_TYPE_INT8: max_row_i8(r, &x); break;
    case DML_TENSOR_DATA_TYPE_INT16: max_row_i16(r, &x); break;
    case DML_TENSOR_DATA_TYPE_INT32: max_row_i32(r, &x); break;
    case DML_TENSOR_DATA_TYPE_INT64: max_row_i64(r, &x); break;
    case DML_TENSOR_DATA_TYPE_UINT8: max_row_u8(r, &x); break;
    case DML_TENSOR_DATA_TYPE_UINT16: max_row_u16(r, &x); break;
    case DML_TENSOR_DATA_TYPE_UINT32: max_row_u32(r, &x); break;
    default: max_row_u64(r, &x); break;
    }
}

/* ---- max pooling without indices, FLOAT32/FLOAT16, W contiguous (AVX2): separable ----
 * A window's maximum is taken per input row first (over W: hmax_row), then over the window's rows
 * (over D and H: the output row), each row's maximum computed once for every output row whose
 * windows read it (3x3 windows of stride 2 read each input row from two output rows). The result is
 * max_float_col's, bit for bit: "v replaces m when v > m, or v is NaN and m is not" walked over
 * each input row's taps in increasing W, then over the rows in increasing (D, H), picks the first
 * maximal element of the row-major walk (the first row holding the maximum, and in it the first
 * column holding it), including the sign of a zero and the first NaN. Without NaN the rule is
 * _mm256_max_ps(v, m) (which returns m unless v > m); a row holding a NaN (checked once per row) runs
 * the exact rule, and so does every output row reading one. Windows of padding only give -inf as
 * max_float_col does (m starts at -inf, which an element either replaces or equals). */
#ifdef PL_X86
#define PL_SEP_FLOATS 8192 /* per thread: the ring of row maxima and one converted FLOAT16 row */

static float hmax_col(const pool_plan* P, const float* s, uint64_t ow) {
    uint32_t w0, w1;
    tap_range(P, 2, ow, &w0, &w1);
    float m = -INFINITY;
    for (uint32_t kw = w0; kw < w1; kw++) {
        const float v = s[POS(2, ow, kw)];
        if (v > m || (isnan(v) && !isnan(m))) m = v;
    }
    return m;
}

EW_T256 static int row_has_nan(const float* s, uint64_t W) {
    __m256 u = _mm256_setzero_ps();
    uint64_t i = 0;
    for (; i + 16 <= W; i += 16) u = _mm256_or_ps(u, _mm256_cmp_ps(_mm256_loadu_ps(s + i), _mm256_loadu_ps(s + i + 8), _CMP_UNORD_Q));
    int any = _mm256_movemask_ps(u) != 0;
    for (; i < W; i++) any |= isnan(s[i]);
    return any;
}

/* hm[g, g + 8) for the groups g = 0, 8, .., OWP - 8 (hmax_row_checked): the maximum of input row s
 * over each output column's W taps (lanes past OW: anything). Every group is stored whole at its
 * aligned place, where vmax_row loads it (a load spanning two earlier stores would wait for them to
 * reach the cache).
 * Groups with a tap outside the row (the borders) load with masks and read -inf there: -inf never
 * replaces m and equals the -inf m starts from, so these are max_float_col's values too. */
EW_T256 static inline __m256 load_tap(const float* s, int64_t p, int64_t W, int inner) {
    if (inner) return _mm256_loadu_ps(s + p);
    const __m256i pos = _mm256_add_epi32(_mm256_set1_epi32((int32_t)p), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i ok = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), pos),
                                           _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)W), pos));
    /* masked lanes are neither read nor faulted: s + p is only an address */
    const float* at = (const float*)((uintptr_t)s + (uintptr_t)(p * (int64_t)sizeof(float)));
    return _mm256_blendv_ps(_mm256_set1_ps(-INFINITY), _mm256_maskload_ps(at, ok), _mm256_castsi256_ps(ok));
}

/* hm[ow] for a row holding a NaN: max_float_col's exact rule per output column (hmax_col) */
static void hmax_row_exact(const pool_plan* P, const float* s, float* hm) {
    for (uint64_t ow = 0; ow < P->osz[2]; ow++) hm[ow] = hmax_col(P, s, ow);
}

/* The row maxima by the NaN-free rule, returning whether any tap read was a NaN (then hm is
 * computed again by hmax_row_exact): the row read once, where a NaN scan before the maxima read it
 * twice (the first time from L2 or L3). A NaN the windows never read changes no result, so the
 * taps are what is checked: for the 3-wide stride-2 groups the elements s0 .. s0 + 16 of their four
 * loads, otherwise each tap as loaded (-inf outside the row). */
EW_T256 static int hmax_row_checked(const pool_plan* P, const float* s, float* hm) {
    const uint64_t OW = P->osz[2], OWP = (OW + 7) & ~(uint64_t)7;
    const uint32_t sw = P->stride[2], win = P->win[2];
    const int64_t pw = P->pad[2], dil = P->dil[2], W = P->isz[2];
    const int64_t reach = (int64_t)(win - 1) * dil + (sw == 1 ? 7 : 14); /* last element a group reads */
    const int w3 = sw == 2 && win == 3 && dil == 1;
    __m256 u = _mm256_setzero_ps(); /* lanes that met an unordered pair */
    for (uint64_t g = 0; g < OWP; g += 8) {
        const int64_t s0 = (int64_t)g * sw - pw;
        const int inner = s0 >= 0 && s0 + reach < W;
        __m256 m;
        if (w3 && (inner || (s0 == -1 && s0 + reach < W))) {
            /* the common 3-wide window of Strides 2 (hmax_row_idx's w3): taps 0 and 1 are the even
             * and odd elements of s0 .. s0 + 15, tap 2 the even ones from s0 + 2; the same maxima in
             * the same order as the general walk below, from four loads instead of six. The first
             * group of a row padded by one (ResNet's pooling) reads element -1 as -inf, its lanes
             * 1 .. 7 of a shifted in from s[0 .. 6] instead of the masked loads of the border walk */
            const __m256 a = inner ? _mm256_loadu_ps(s + s0)
                                   : _mm256_blend_ps(_mm256_permutevar8x32_ps(_mm256_loadu_ps(s),
                                                                              _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6)),
                                                     _mm256_set1_ps(-INFINITY), 0x01);
            const __m256 b = _mm256_loadu_ps(s + s0 + 8);
            const __m256 c = _mm256_loadu_ps(s + s0 + 2), d = _mm256_loadu_ps(s + s0 + 9);
            u = _mm256_or_ps(u, _mm256_or_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q), _mm256_cmp_ps(c, d, _CMP_UNORD_Q)));
            m = _mm256_max_ps(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)), _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
            m = _mm256_max_ps(_mm256_shuffle_ps(c, d, _MM_SHUFFLE(3, 1, 2, 0)), m);
            m = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(m), _MM_SHUFFLE(3, 1, 2, 0)));
        } else if (sw == 1) {
            m = load_tap(s, s0, W, inner);
            u = _mm256_or_ps(u, _mm256_cmp_ps(m, m, _CMP_UNORD_Q));
            for (uint32_t kw = 1; kw < win; kw++) {
                const __m256 v = load_tap(s, s0 + kw * dil, W, inner);
                u = _mm256_or_ps(u, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
                m = _mm256_max_ps(v, m);
            }
        } else {
            /* elements 0, 2, .., 14 of each tap from two loads (0..7 and 7..14: nothing past the
             * last lane's element is read), in the order 0 2 8 10 | 4 6 12 14, put in place once */
            __m256 x = load_tap(s, s0, W, inner), y = load_tap(s, s0 + 7, W, inner);
            u = _mm256_or_ps(u, _mm256_cmp_ps(x, y, _CMP_UNORD_Q));
            m = _mm256_shuffle_ps(x, y, _MM_SHUFFLE(3, 1, 2, 0));
            for (uint32_t kw = 1; kw < win; kw++) {
                const int64_t t = s0 + kw * dil;
                x = load_tap(s, t, W, inner);
                y = load_tap(s, t + 7, W, inner);
                u = _mm256_or_ps(u, _mm256_cmp_ps(x, y, _CMP_UNORD_Q));
                m = _mm256_max_ps(_mm256_shuffle_ps(x, y, _MM_SHUFFLE(3, 1, 2, 0)), m);
            }
            m = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(m), _MM_SHUFFLE(3, 1, 2, 0)));
        }
        _mm256_storeu_ps(hm + g, m);
    }
    return _mm256_movemask_ps(u) != 0;
}

/* The n <= 8 lanes of m to output columns g.. of the row, one element at a time: a strided or
 * FLOAT16 row, or the last group's lanes (vmax_row, vmax_row_idx). */
EW_T256 static inline void store_vec_lanes(const pool_run* r, const row_ctx* x, uint64_t g, uint64_t n, __m256 m, int f32) {
    float t[8];
    _mm256_storeu_ps(t, m);
    for (uint64_t j = 0; j < n; j++) {
        const uint64_t o = x->out_base + (g + j) * r->os[4];
        if (f32) ((float*)r->out)[o] = t[j];
        else ((uint16_t*)r->out)[o] = pydml_f32_to_f16(t[j]);
    }
}

/* one output row from its rows' maxima rows[0, nr) (OWP floats each, a multiple of 8) */
EW_T256 static void vmax_row(const pool_run* r, const row_ctx* x, const float* const* rows, uint32_t nr, int nan) {
    const pool_plan* P = r->plan;
    const uint64_t OW = P->osz[2];
    const int f32 = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32;
    const int direct = f32 && r->os[4] == 1;
    float* out = (float*)r->out + x->out_base;
    for (uint64_t g = 0; g < OW; g += 8) {
        __m256 m = _mm256_set1_ps(-INFINITY);
        if (!nan) {
            for (uint32_t k = 0; k < nr; k++) m = _mm256_max_ps(_mm256_loadu_ps(rows[k] + g), m);
        } else {
            for (uint32_t k = 0; k < nr; k++) {
                const __m256 v = _mm256_loadu_ps(rows[k] + g);
                const __m256 up = _mm256_and_ps(_mm256_cmp_ps(m, m, _CMP_ORD_Q), _mm256_cmp_ps(v, m, _CMP_NLE_UQ));
                m = _mm256_blendv_ps(m, v, up);
            }
        }
        const uint64_t n = OW - g < 8 ? OW - g : 8;
        if (direct && n == 8) {
            _mm256_storeu_ps(out + g, m);
        } else if (direct) {
            _mm256_maskstore_ps(out + g, _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), m);
        } else if (!f32 && !nan && r->os[4] == 1 && n == 8) {
            _mm_storeu_si128((__m128i*)((uint16_t*)r->out + x->out_base + g), _mm256_cvtps_ph(m, _MM_FROUND_TO_NEAREST_INT));
        } else {
            store_vec_lanes(r, x, g, n, m, f32);
        }
    }
}

/* With OutputIndicesTensor (the same walk): each input row's maximum and its column (hw, -1 for a
 * row without taps), then the window's rows with the row offsets added. A tap outside the row is
 * no element (`valid`), so the first element of a window sets m even when it is -inf, as in
 * max_float_col; interior groups of rows without NaN start from their first tap instead. */
EW_T256 static void hmax_row_idx(const pool_plan* P, const float* s, int nan, float* hm, int32_t* hw) {
    const uint64_t OW = P->osz[2], OWP = (OW + 7) & ~(uint64_t)7;
    const uint32_t sw = P->stride[2], win = P->win[2];
    const int64_t pw = P->pad[2], dil = P->dil[2], W = P->isz[2];
    const int64_t reach = (int64_t)(win - 1) * dil + (sw == 1 ? 7 : 14);
    /* each lane's column offset: sw == 2 works in the shuffled order 0 2 8 10 | 4 6 12 14 (hmax_row) */
    const __m256i lanes = sw == 1 ? _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7) : _mm256_setr_epi32(0, 2, 8, 10, 4, 6, 12, 14);
    const __m256i wmax = _mm256_set1_epi32((int32_t)W), none = _mm256_set1_epi32(-1);
    const int w3 = sw == 2 && win == 3 && dil == 1 && !nan;
    for (uint64_t g = 0; g < OWP; g += 8) {
        const int64_t s0 = (int64_t)g * sw - pw;
        const int inner = s0 >= 0 && s0 + reach < W;
        if (inner && w3) {
            /* the common 3-wide window of Strides 2, the same walk and comparisons as below: taps
             * 0 and 1 are the even and odd elements of s0 .. s0 + 15, tap 2 the even ones from
             * s0 + 2 (two loads each; nothing past s0 + 16 = s0 + reach is read) */
            const __m256 a = _mm256_loadu_ps(s + s0), b = _mm256_loadu_ps(s + s0 + 8);
            const __m256 t0 = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
            const __m256 t1 = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
            const __m256 t2 = _mm256_shuffle_ps(_mm256_loadu_ps(s + s0 + 2), _mm256_loadu_ps(s + s0 + 9), _MM_SHUFFLE(3, 1, 2, 0));
            const __m256i w0 = _mm256_add_epi32(_mm256_set1_epi32((int32_t)s0), lanes);
            __m256 up1 = _mm256_cmp_ps(t1, t0, _CMP_GT_OQ);
            __asm__("" : "+x"(up1));
            __m256 m = _mm256_max_ps(t1, t0);
            __m256 up2 = _mm256_cmp_ps(t2, m, _CMP_GT_OQ);
            __asm__("" : "+x"(up2));
            m = _mm256_max_ps(t2, m);
            /* w0 + 1 where tap 1 won, then + 2 where tap 2 won */
            __m256i wv = _mm256_sub_epi32(w0, _mm256_castps_si256(up1));
            wv = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(wv),
                                                      _mm256_castsi256_ps(_mm256_add_epi32(w0, _mm256_set1_epi32(2))), up2));
            m = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(m), _MM_SHUFFLE(3, 1, 2, 0)));
            wv = _mm256_permute4x64_epi64(wv, _MM_SHUFFLE(3, 1, 2, 0));
            _mm256_storeu_ps(hm + g, m);
            _mm256_storeu_si256((__m256i*)(hw + g), wv);
            continue;
        }
        __m256 m = _mm256_set1_ps(-INFINITY), found = _mm256_setzero_ps();
        __m256i wv = none;
        for (uint32_t kw = 0; kw < win; kw++) {
            const int64_t p = s0 + kw * dil;
            const __m256 v = sw == 1 ? load_tap(s, p, W, inner)
                                     : _mm256_shuffle_ps(load_tap(s, p, W, inner), load_tap(s, p + 7, W, inner), _MM_SHUFFLE(3, 1, 2, 0));
            const __m256i wp = _mm256_add_epi32(_mm256_set1_epi32((int32_t)p), lanes);
            if (inner && !nan) {
                if (kw == 0) {
                    m = v;
                    wv = wp;
                    continue;
                }
                __m256 up = _mm256_cmp_ps(v, m, _CMP_GT_OQ);
                __asm__("" : "+x"(up)); /* a plain blend (GCC would rebuild the mask with vpcmpgtd) */
                m = _mm256_max_ps(v, m);
                wv = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(wv), _mm256_castsi256_ps(wp), up));
                continue;
            }
            const __m256 valid = _mm256_castsi256_ps(_mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), wp),
                                                                        _mm256_cmpgt_epi32(wmax, wp)));
            const __m256 better = _mm256_or_ps(_mm256_cmp_ps(v, m, _CMP_GT_OQ),
                                               _mm256_and_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q), _mm256_cmp_ps(m, m, _CMP_ORD_Q)));
            __m256 up = _mm256_and_ps(valid, _mm256_or_ps(better, _mm256_xor_ps(found, _mm256_castsi256_ps(none))));
            __asm__("" : "+x"(up));
            m = _mm256_blendv_ps(m, v, up);
            wv = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(wv), _mm256_castsi256_ps(wp), up));
            found = _mm256_or_ps(found, valid);
        }
        if (sw == 2) {
            m = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(m), _MM_SHUFFLE(3, 1, 2, 0)));
            wv = _mm256_permute4x64_epi64(wv, _MM_SHUFFLE(3, 1, 2, 0));
        }
        _mm256_storeu_ps(hm + g, m);
        _mm256_storeu_si256((__m256i*)(hw + g), wv);
    }
}

/* one output row with its indices from its rows' maxima and columns (rows, cols) and the rows'
 * logical offsets in the plane (off) */
EW_T256 static void vmax_row_idx(const pool_run* r, const row_ctx* x, const float* const* rows, const int32_t* const* cols,
                                 const int32_t* off, uint32_t nr, int nan) {
    const pool_plan* P = r->plan;
    const uint64_t OW = P->osz[2];
    const int f32 = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32;
    const __m256i none = _mm256_set1_epi32(-1);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    /* groups of columns whose every row has a tap (a column inside the row: inner_cols) start from
     * their first row's element without the found / valid bookkeeping (the same choices) */
    const uint64_t ia = !nan && nr > 0 ? x->ia : 0, ib = !nan && nr > 0 ? x->ib : 0;
    for (uint64_t g = 0; g < OW; g += 8) {
        __m256 m = _mm256_set1_ps(-INFINITY), found = _mm256_setzero_ps();
        __m256i mi = none;
        if (g >= ia && g + 8 <= ib) {
            m = _mm256_loadu_ps(rows[0] + g);
            mi = _mm256_add_epi32(_mm256_loadu_si256((const __m256i*)(cols[0] + g)), _mm256_set1_epi32(off[0]));
            for (uint32_t k = 1; k < nr; k++) {
                const __m256 v = _mm256_loadu_ps(rows[k] + g);
                const __m256i w = _mm256_add_epi32(_mm256_loadu_si256((const __m256i*)(cols[k] + g)), _mm256_set1_epi32(off[k]));
                __m256 up = _mm256_cmp_ps(v, m, _CMP_GT_OQ);
                __asm__("" : "+x"(up));
                m = _mm256_max_ps(v, m);
                mi = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(mi), _mm256_castsi256_ps(w), up));
            }
        }
        for (uint32_t k = 0; k < nr && !(g >= ia && g + 8 <= ib); k++) {
            const __m256 v = _mm256_loadu_ps(rows[k] + g);
            const __m256i w = _mm256_loadu_si256((const __m256i*)(cols[k] + g));
            const __m256 valid = _mm256_castsi256_ps(_mm256_cmpgt_epi32(w, none));
            __m256 better = _mm256_cmp_ps(v, m, _CMP_GT_OQ);
            if (nan) better = _mm256_or_ps(better, _mm256_and_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q), _mm256_cmp_ps(m, m, _CMP_ORD_Q)));
            __m256 up = _mm256_and_ps(valid, _mm256_or_ps(better, _mm256_xor_ps(found, _mm256_castsi256_ps(none))));
            __asm__("" : "+x"(up));
            m = _mm256_blendv_ps(m, v, up);
            mi = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(mi),
                                                      _mm256_castsi256_ps(_mm256_add_epi32(w, _mm256_set1_epi32(off[k]))), up));
            found = _mm256_or_ps(found, valid);
        }
        if (r->gidx) {
            /* the gradient's ring row: whole groups (OWP wide), the plane offset or -1 */
            const uint64_t OWP = (OW + 7) & ~(uint64_t)7;
            _mm256_storeu_si256((__m256i*)(r->gidx + (x->oh & r->gidx_mask) * OWP + g), mi);
            continue;
        }
        const uint64_t n = OW - g < 8 ? OW - g : 8;
        const __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)n), lane);
        /* masked stores only for the last group (slow on AMD) */
        if (f32 && r->os[4] == 1 && n == 8) {
            _mm256_storeu_ps((float*)r->out + x->out_base + g, m);
        } else if (f32 && r->os[4] == 1) {
            _mm256_maskstore_ps((float*)r->out + x->out_base + g, keep, m);
        } else {
            store_vec_lanes(r, x, g, n, m, f32);
        }
        /* the logical index (log_base + plane offset < 2^31: vec), all ones for none */
        const __m256i has = _mm256_cmpgt_epi32(mi, none);
        if (P->itype == DML_TENSOR_DATA_TYPE_UINT32 && r->xs[4] == 1) {
            const __m256i idx = _mm256_or_si256(_mm256_add_epi32(mi, _mm256_set1_epi32((int32_t)x->log_base)),
                                                _mm256_andnot_si256(has, none));
            if (n == 8) _mm256_storeu_si256((__m256i*)((uint32_t*)r->idx + x->idx_base + g), idx);
            else _mm256_maskstore_epi32((int*)((uint32_t*)r->idx + x->idx_base + g), keep, idx);
        } else {
            int32_t t[8];
            _mm256_storeu_si256((__m256i*)t, mi);
            for (uint64_t j = 0; j < n; j++)
                store_index(r->idx, P->itype, x->idx_base + (g + j) * r->xs[4], t[j] < 0 ? UINT64_MAX : x->log_base + (uint64_t)t[j]);
        }
    }
}

/* Whether max_sep runs this plan and views: no indices, W contiguous, Strides 1 or 2 on W, a
 * one-row window on D, and the ring of row maxima (one window's rows) in PL_SEP_FLOATS. */
static int max_sep_shape_fits(const pool_plan* P, const pool_run* r);

static int max_sep_fits(const pool_plan* P, const pool_run* r) {
    if (P->fn != PL_MAX || P->grad || r->ridx || (P->itype != 0) != (r->idx != NULL)) return 0;
    return max_sep_shape_fits(P, r);
}

/* max_sep_fits without the forward's outputs: MAX_POOLING_GRAD's gather (mg_slice) takes its maxima
 * with the same row functions (hmax_row_idx, vmax_row_idx) */
static int max_sep_shape_fits(const pool_plan* P, const pool_run* r) {
    if (P->fn != PL_MAX || r->isa < 1 || !is_float(P->dtype) || r->is[4] != 1) return 0;
    if (P->win[0] != 1 || (P->stride[2] != 1 && P->stride[2] != 2) || P->win[1] > 64) return 0;
    if ((uint64_t)P->isz[2] + P->pad[2] + (uint64_t)P->win[2] * P->dil[2] + 16 * (uint64_t)P->osz[2] >= ((uint64_t)1 << 30)) return 0; /* int32 lane positions */
    const uint64_t span = (uint64_t)(P->win[1] - 1) * P->dil[1] + 1, owp = ((uint64_t)P->osz[2] + 7) & ~(uint64_t)7;
    const uint64_t conv = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 ? 0 : P->isz[2];
    return span <= 64 && 2 * span * owp + conv <= PL_SEP_FLOATS; /* rows' maxima and columns */
}

/* Output rows [oh0, oh1) of (n, c, od). */
EW_T256 static void max_sep_band(const pool_run* r, uint64_t n, uint64_t c, uint64_t od, uint64_t oh0, uint64_t oh1,
                                 float* ring, int64_t* tag, int* rnan, float* conv) {
    const pool_plan* P = r->plan;
    const uint64_t OW = P->osz[2], OWP = (OW + 7) & ~(uint64_t)7, W = P->isz[2];
    const uint32_t R = (P->win[1] - 1) * P->dil[1] + 1;
    for (uint32_t k = 0; k < R; k++) tag[k] = -1;
    row_ctx x;
    memset(&x, 0, sizeof x);
    inner_cols(P, &x.ia, &x.ib);
    x.n = n;
    x.c = c;
    x.od = od;
    tap_range(P, 0, od, &x.d0, &x.d1);
    const uint64_t d = x.d1 > x.d0 ? (uint64_t)POS(0, od, x.d0) : 0;
    const float* rows[64];
    const int32_t* cols[64];
    int32_t off[64];
    int32_t* colring = (int32_t*)(void*)(ring + (uint64_t)R * OWP);
    x.log_base = n * r->lstride[0] + c * r->lstride[1];
    for (uint64_t oh = oh0; oh < oh1; oh++) {
        x.oh = oh;
        tap_range(P, 1, oh, &x.h0, &x.h1);
        x.out_base = n * r->os[0] + c * r->os[1] + od * r->os[2] + oh * r->os[3];
        x.idx_base = n * r->xs[0] + c * r->xs[1] + od * r->xs[2] + oh * r->xs[3];
        uint32_t nr = 0;
        int nan = 0;
        for (uint32_t kh = x.h0; kh < x.h1 && x.d1 > x.d0; kh++) {
            const int64_t h = POS(1, oh, kh);
            const uint32_t slot = (uint32_t)h % R; /* h < InputTensor.Sizes[2 or 3], a uint32 */
            float* hm = ring + (uint64_t)slot * OWP;
            if (tag[slot] != h) {
                const uint64_t at = n * r->is[0] + c * r->is[1] + d * r->is[2] + (uint64_t)h * r->is[3];
                const float* s;
                if (P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32) {
                    s = (const float*)r->in + at;
                } else {
                    const uint16_t* h16 = (const uint16_t*)r->in + at;
                    uint64_t w = 0;
                    for (; w + 8 <= W; w += 8) _mm256_storeu_ps(conv + w, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(h16 + w))));
                    for (; w < W; w++) conv[w] = pydml_f16_to_f32(h16[w]);
                    s = conv;
                }
                if (r->idx) {
                    rnan[slot] = row_has_nan(s, W);
                    hmax_row_idx(P, s, rnan[slot], hm, colring + (uint64_t)slot * OWP);
                } else {
                    rnan[slot] = hmax_row_checked(P, s, hm);
                    if (rnan[slot]) {
                        hmax_row_exact(P, s, hm);
                        for (uint64_t ow = OW; ow < OWP; ow++) hm[ow] = -INFINITY;
                    }
                }
                tag[slot] = h;
            }
            nan |= rnan[slot];
            cols[nr] = colring + (uint64_t)slot * OWP;
            off[nr] = (int32_t)((d * P->isz[1] + (uint64_t)h) * W);
            rows[nr++] = hm;
        }
        if (r->idx) vmax_row_idx(r, &x, rows, cols, off, nr, nan);
        else vmax_row(r, &x, rows, nr, nan);
    }
}

static void max_sep(const pool_run* r) {
    const pool_plan* P = r->plan;
    const uint64_t planes = (uint64_t)P->in_sizes[0] * P->in_sizes[1] * P->osz[0], OH = P->osz[1];
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    /* bands of output rows when the planes are too few to share (the values do not depend on it) */
    uint64_t nb = 1;
    if (planes < 4u * (uint64_t)threads) nb = (4u * (uint64_t)threads + planes - 1) / planes;
    if (nb > OH) nb = OH;
    if (nb == 0) nb = 1;
    const uint64_t items = planes * nb;
    const uint64_t work = planes * OH * P->osz[2] * P->win[1] * P->win[2];
    (void)work;
#ifdef _OPENMP
#pragma omp parallel if (work >= PL_PARALLEL_MIN && items > 1)
#endif
    {
        float ring[PL_SEP_FLOATS];
        int64_t tag[64];
        int rnan[64];
        const uint64_t OWP = ((uint64_t)P->osz[2] + 7) & ~(uint64_t)7;
        const uint32_t R = (P->win[1] - 1) * P->dil[1] + 1;
        float* conv = ring + 2 * (uint64_t)R * OWP;
        /* runs of consecutive items, 8 per thread, handed out as the threads come: on a shared
         * machine a thread that loses its core leaves its share to the other (the values do not
         * depend on who computes them) */
#ifdef _OPENMP
        const int chunk = (int)(items / (8u * (uint64_t)omp_get_num_threads()) + 1);
#pragma omp for schedule(dynamic, chunk)
#endif
        for (uint64_t it = 0; it < items; it++) {
            const uint64_t q = it / nb, band = it % nb;
            const uint64_t od = q % P->osz[0], nc = q / P->osz[0];
            max_sep_band(r, nc / P->in_sizes[1], nc % P->in_sizes[1], od, OH * band / nb, OH * (band + 1) / nb,
                         ring, tag, rnan, conv);
        }
    }
}
#endif

#ifdef PL_X86
/* ---- max pooling of small planes as flat runs (FLOAT32, no indices, stride 1, the output the
 * input's size: GoogLeNet's 3x3 pools inside each inception block on 28 x 28, 14 x 14 and 7 x 7
 * planes): output o of a plane reads input o + off[t] for tap t, the lanes whose (row, column) stays
 * inside the plane loaded under a mask (masked-off lanes read nothing), so a plane is a run of
 * vectors x taps. max_sep's row and column passes cost per row: 72-90 us for [1, 832, 7, 7] and
 * [1, 512, 14, 14] (onnxruntime 12 and 19). Each output takes max_float_col's value: the taps in
 * (kh, kw) order from -inf, v replacing m where v > m (vmaxps(v, m): ties keep the earlier tap,
 * -0 against +0 included); a plane that met a NaN is walked again with the exact rule. ---- */
static int max_flat_fits(const pool_plan* P, const pool_run* r) {
    const uint64_t W = P->isz[2];
    return P->flat != NULL && r->idx == NULL && r->ridx == NULL && r->isa >= 1 && r->is[4] == 1 && r->is[3] == W &&
           r->os[4] == 1 && r->os[3] == W;
}

/* One plane again with the exact rule (a NaN met): max_float_col's walk, output by output. */
static void max_flat_exact(const pool_plan* P, const float* in, float* out) {
    const int64_t H = P->isz[1], W = P->isz[2];
    for (int64_t y = 0; y < H; y++)
        for (int64_t x = 0; x < W; x++) {
            float m = -INFINITY;
            int found = 0;
            for (uint32_t kh = 0; kh < P->win[1]; kh++) {
                const int64_t iy = y + (int64_t)kh * P->dil[1] - P->pad[1];
                if (iy < 0 || iy >= H) continue;
                for (uint32_t kw = 0; kw < P->win[2]; kw++) {
                    const int64_t ix = x + (int64_t)kw * P->dil[2] - P->pad[2];
                    if (ix < 0 || ix >= W) continue;
                    const float v = in[iy * W + ix];
                    if (!found || v > m || (isnan(v) && !isnan(m))) m = v;
                    found = 1;
                }
            }
            out[y * W + x] = m;
        }
}

EW_T512 static void max_flat_planes512(const pool_plan* P, const flat_max* F, const float* in, float* out, uint64_t planes,
                                       uint64_t ips, uint64_t ops) {
    for (uint64_t q = 0; q < planes; q++) {
        const float* s = in + q * ips;
        float* d = out + q * ops;
        __mmask16 nan = 0;
        for (uint32_t v = 0; (uint64_t)v * 16 < (uint64_t)P->isz[1] * P->isz[2]; v++) {
            __m512 m = _mm512_set1_ps(-INFINITY);
            for (uint32_t t = 0; t < F->taps; t++) {
                const __mmask16 k = F->mask[t][v];
                const __m512 x = _mm512_maskz_loadu_ps(k, s + (int64_t)v * 16 + F->off[t]);
                m = _mm512_mask_max_ps(m, k, x, m);
                nan |= _mm512_mask_cmp_ps_mask(k, x, x, _CMP_UNORD_Q);
            }
            const uint64_t left = (uint64_t)P->isz[1] * P->isz[2] - (uint64_t)v * 16;
            _mm512_mask_storeu_ps(d + (uint64_t)v * 16, left >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << left) - 1u), m);
        }
        if (nan) max_flat_exact(P, s, d);
    }
}

EW_T256 static void max_flat_planes256(const pool_plan* P, const flat_max* F, const float* in, float* out, uint64_t planes,
                                       uint64_t ips, uint64_t ops) {
    for (uint64_t q = 0; q < planes; q++) {
        const float* s = in + q * ips;
        float* d = out + q * ops;
        int nan = 0;
        for (uint32_t v = 0; (uint64_t)v * 8 < (uint64_t)P->isz[1] * P->isz[2]; v++) {
            __m256 m = _mm256_set1_ps(-INFINITY);
            for (uint32_t t = 0; t < F->taps; t++) {
                const __m256i k = pydml_lanes8(pydml_mask_byte(F->mask[t], v));
                const __m256 x = _mm256_maskload_ps(s + (int64_t)v * 8 + F->off[t], k);
                /* vmaxps(x, m) on the lanes the tap reaches (x > m ? x : m), m elsewhere */
                m = _mm256_blendv_ps(m, _mm256_max_ps(x, m), _mm256_castsi256_ps(k));
                nan |= _mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(x, x, _CMP_UNORD_Q), _mm256_castsi256_ps(k)));
            }
            const uint64_t left = (uint64_t)P->isz[1] * P->isz[2] - (uint64_t)v * 8;
            if (left >= 8) {
                _mm256_storeu_ps(d + (uint64_t)v * 8, m);
            } else {
                const __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)left), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
                _mm256_maskstore_ps(d + (uint64_t)v * 8, keep, m);
            }
        }
        if (nan) max_flat_exact(P, s, d);
    }
}

static uint64_t g_flat_runs;

static void max_flat(const pool_run* r) {
    const pool_plan* P = r->plan;
    __atomic_fetch_add(&g_flat_runs, 1, __ATOMIC_RELAXED);
    const flat_max* F = P->flat;
    const uint64_t N = P->in_sizes[0], C = P->in_sizes[1], planes = N * C;
    const uint64_t work = planes * P->isz[1] * P->isz[2] * F->taps;
    const int isa = r->isa;
    (void)work;
    /* eight planes an item; within it runs of one image's channels (their offsets C-strided) */
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (work >= PL_PARALLEL_MIN && planes > 1)
#endif
    for (uint64_t q = 0; q < planes; q += 8) {
        const uint64_t end = q + 8 < planes ? q + 8 : planes;
        for (uint64_t p = q; p < end;) {
            const uint64_t n = p / C, c = p % C, run = (end - p) < (C - c) ? end - p : C - c;
            const float* in = (const float*)r->in + n * r->is[0] + c * r->is[1];
            float* out = (float*)r->out + n * r->os[0] + c * r->os[1];
            if (isa >= 2) max_flat_planes512(P, F, in, out, run, r->is[1], r->os[1]);
            else max_flat_planes256(P, F, in, out, run, r->is[1], r->os[1]);
            p += run;
        }
    }
}
#endif

/* ---- max pooling without indices of FLOAT32 with the channels contiguous (NHWC-like strides:
 * InputTensor.Strides[1] == OutputTensor.Strides[1] == 1), AVX2: 8 channels per vector, the window's
 * taps walked in max_float_col's order, so each channel's value is max_float_col's; without NaN the
 * rule is _mm256_max_ps(v, m) (m unless v > m), and a vector that met a NaN is walked again with the
 * exact rule. The channels past the last 8 run the scalar rule. ---- */
#ifdef PL_X86
static int max_cvec_fits(const pool_plan* P, const pool_run* r) {
    return P->fn == PL_MAX && !P->grad && !P->itype && r->idx == NULL && r->ridx == NULL && r->isa >= 1 &&
           P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && r->is[1] == 1 && r->os[1] == 1 && P->in_sizes[1] >= 8 &&
           r->is[4] != 1;
}

/* channels [c0, c0 + 8 * U) of one output position; at: the input offset of (n, c0) */
EW_T256 static inline __attribute__((always_inline)) void max_cvec_k(const pool_run* r, const row_ctx* x, uint64_t ow,
                                                                  uint32_t w0, uint32_t w1, const float* at, float* out,
                                                                  uint32_t U) {
    const pool_plan* P = r->plan;
    __m256 m[4], nan[4];
    for (uint32_t u = 0; u < U; u++) {
        m[u] = _mm256_set1_ps(-INFINITY);
        nan[u] = _mm256_setzero_ps();
    }
    int first = 1;
    for (uint32_t kd = x->d0; kd < x->d1; kd++)
        for (uint32_t kh = x->h0; kh < x->h1; kh++) {
            const float* row = at + (uint64_t)POS(0, x->od, kd) * r->is[2] + (uint64_t)POS(1, x->oh, kh) * r->is[3];
            for (uint32_t kw = w0; kw < w1; kw++) {
                const float* s = row + (uint64_t)POS(2, ow, kw) * r->is[4];
                for (uint32_t u = 0; u < U; u++) {
                    const __m256 v = _mm256_loadu_ps(s + 8 * u);
                    m[u] = first ? v : _mm256_max_ps(v, m[u]);
                    nan[u] = _mm256_or_ps(nan[u], _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
                }
                first = 0;
            }
        }
    for (uint32_t u = 0; u < U; u++) {
        if (_mm256_movemask_ps(nan[u])) {
            /* again with the exact rule: v replaces m when v > m, or v is NaN and m is not */
            int f = 1;
            for (uint32_t kd = x->d0; kd < x->d1; kd++)
                for (uint32_t kh = x->h0; kh < x->h1; kh++) {
                    const float* row = at + (uint64_t)POS(0, x->od, kd) * r->is[2] + (uint64_t)POS(1, x->oh, kh) * r->is[3];
                    for (uint32_t kw = w0; kw < w1; kw++) {
                        const __m256 v = _mm256_loadu_ps(row + (uint64_t)POS(2, ow, kw) * r->is[4] + 8 * u);
                        const __m256 up = _mm256_and_ps(_mm256_cmp_ps(m[u], m[u], _CMP_ORD_Q), _mm256_cmp_ps(v, m[u], _CMP_NLE_UQ));
                        m[u] = f ? v : _mm256_blendv_ps(m[u], v, up);
                        f = 0;
                    }
                }
        }
        _mm256_storeu_ps(out + 8 * u, m[u]);
    }
}

EW_T256 static void max_cvec_row(const pool_run* r, uint64_t row) {
    const pool_plan* P = r->plan;
    row_ctx x;
    memset(&x, 0, sizeof x);
    uint64_t t = row;
    x.oh = t % P->osz[1]; t /= P->osz[1];
    x.od = t % P->osz[0];
    x.n = t / P->osz[0];
    tap_range(P, 0, x.od, &x.d0, &x.d1);
    tap_range(P, 1, x.oh, &x.h0, &x.h1);
    const uint64_t C = P->in_sizes[1], C8 = C & ~(uint64_t)7;
    const float* in = (const float*)r->in + x.n * r->is[0];
    for (uint64_t ow = 0; ow < P->osz[2]; ow++) {
        uint32_t w0, w1;
        tap_range(P, 2, ow, &w0, &w1);
        float* out = (float*)r->out + x.n * r->os[0] + x.od * r->os[2] + x.oh * r->os[3] + ow * r->os[4];
        uint64_t c = 0;
        for (; c + 32 <= C8; c += 32) max_cvec_k(r, &x, ow, w0, w1, in + c, out + c, 4);
        for (; c < C8; c += 8) max_cvec_k(r, &x, ow, w0, w1, in + c, out + c, 1);
        for (; c < C; c++) {
            float m = -INFINITY;
            int found = 0;
            for (uint32_t kd = x.d0; kd < x.d1; kd++)
                for (uint32_t kh = x.h0; kh < x.h1; kh++)
                    for (uint32_t kw = w0; kw < w1; kw++) {
                        const float v = in[c + (uint64_t)POS(0, x.od, kd) * r->is[2] + (uint64_t)POS(1, x.oh, kh) * r->is[3] +
                                           (uint64_t)POS(2, ow, kw) * r->is[4]];
                        if (!found || v > m || (isnan(v) && !isnan(m))) m = v;
                        found = 1;
                    }
            out[c] = m;
        }
    }
}
#endif

static pydml_status check_view(const pydml_tensor* v, uint32_t type, uint32_t rank, const uint32_t* sizes) {
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < rank; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* Element strides of a view as (N, C, D, H, W); a 4-D view gets a unit D. */
static void strides5(const pydml_tensor* v, uint32_t rank, uint64_t* s) {
    if (rank == 5) {
        for (int i = 0; i < 5; i++) s[i] = v->strides[i];
    } else {
        s[0] = v->strides[0]; s[1] = v->strides[1]; s[2] = 0; s[3] = v->strides[2]; s[4] = v->strides[3];
    }
}

/* ---- gradients: AVERAGE_POOLING_GRAD and MAX_POOLING_GRAD ----
 * Pages: ns-directml-dml_average_pooling_grad_operator_desc.md (2db4b020), ..._max_pooling_grad_...
 * (0d481a2b; 85467d92 for the 4_0 table with 5-D). Both are the adjoint of their forward operator as
 * this file runs it, with the same plan (x = the forward input, y = the forward output, whose sizes
 * InputGradientTensor has) and the same window geometry (tap_range, POS), so the two agree by
 * construction. Results never depend on the thread count: every output element is summed by one
 * thread in a fixed order.
 *
 * AVERAGE_POOLING_GRAD (a gather): dX[i] = sum over the windows o that cover i of
 * dY[o] / count(o), count(o) the forward's divisor (the in-bounds taps, or the whole window with
 * IncludePadding; the page's example: a 2x2 window, stride 1, dY [[1, 2], [3, 4]] gives
 * [[0.25, 0.75, 0.5], [1, 2.5, 1.5], [0.75, 1.75, 1]]). The operator has no Dilations field, so the
 * windows covering input position i along an axis are the contiguous range o in
 * [ceil((i + pad - win + 1) / stride), floor((i + pad) / stride)] within [0, O) (cover_range); the
 * in-bounds tap count is separable, count(o) = prod over the axes of count_a(o_a) (tap_range), so
 * 1 / count is applied per axis. Each output row (n, c, d, h) sums its covering (od, oh) rows into
 * a row of OW doubles, then each w sums its covering ow; one rounding per element (FLOAT16 through
 * round-to-odd float). Elements no window covers are 0.
 *
 * MAX_POOLING_GRAD: dX[i] = sum of dY[o] over the windows o whose maximum is i; "where indices
 * overlap, the values are summed. Any unreferenced output elements are zeroed." Ties (the page):
 * "the element with the lowest logical element index is chosen" -- the forward's rule here (the
 * window walked in row-major order, a later equal value never replaces the maximum; with positive
 * strides and dilations window order is increasing logical index), so each window's maximum and
 * index come from the forward's own row functions (max_float_row, vector paths included) with an
 * index row; NaN counts as the largest value, its first one chosen, as in the forward. A window of
 * padding only has no maximum and sends nothing. The scatter of dY to the maxima stays inside one
 * (n, c) plane, which one thread owns: it accumulates the plane in float, in output row-major order,
 * and stores it once. FLOAT32 with W contiguous, Dilations 1 on H and W and a one-row window on D
 * runs the same sums as a gather instead (mg_slice, below max_grad's helpers): every dX row written
 * once, whole, from the windows covering it. */

/* The outputs o of axis a whose windows cover input position i (Dilations 1): [*lo, *hi). */
static inline void cover_range(const pool_plan* P, int a, uint64_t i, uint64_t* lo, uint64_t* hi) {
    const int64_t s = P->stride[a], q = (int64_t)i + P->pad[a]; /* o * s <= q <= o * s + win - 1 */
    int64_t first = q - (int64_t)P->win[a] + 1;
    first = first <= 0 ? 0 : (first + s - 1) / s;
    int64_t last = q / s + 1;
    if (last > (int64_t)P->osz[a]) last = P->osz[a];
    if (first > last) first = last;
    *lo = (uint64_t)first;
    *hi = (uint64_t)last;
}

/* Per axis: the output range covering each input position and 1 / count_a of each output. */
typedef struct avg_tables {
    uint64_t* lo[3];
    uint64_t* hi[3];
    double* inv[3];
} avg_tables;

/* ---- the workspace (DirectML's temporary resource) of the gradients, from the plan alone: parts
 * of whole cache lines, placed one after another (the views' strides and the CPU, which pick the
 * fast paths, are not known yet, so every path's parts are counted) ---- */
static uint64_t carve(uint64_t* at, uint64_t bytes) {
    const uint64_t o = *at;
    *at += pydml_workspace_round(bytes);
    return o;
}

/* The most outputs of axis a covering one input position (avg_grad's K, KD, KH). */
static uint32_t avg_cover_max(const pool_plan* P, int a) {
    uint64_t k = 0;
    for (uint64_t i = 0; i < P->isz[a]; i++) {
        uint64_t lo, hi;
        cover_range(P, a, i, &lo, &hi);
        if (hi - lo > k) k = hi - lo;
    }
    return (uint32_t)k;
}

typedef struct pool_layout {
    /* AVERAGE_POOLING_GRAD: the tables (lo, hi, inv per axis), the fast rows' idx, tab and invw */
    uint64_t lo[3], hi[3], inv[3], idx, tab, invw;
    uint32_t K, KD, KH;
    /* per thread, from threads_at: acc, grow, wrow (average); acc, idx, val, ridx, split, and the
     * gather's gidx ring and row (max) */
    uint64_t t_acc, t_grow, t_wrow, t_idx, t_val, t_ridx, t_split, t_gidx, t_grow_out, t_ring, t_rows, t_mg3, t_mg2, t_ag3, t_ag2;
    uint64_t ag3w;   /* AVERAGE_POOLING_GRAD's ag3 rows: the weight rows (shared) */
    /* MAX_POOLING_GRAD's gather (mg_slice): its rings' rows, powers of two at least the most output
     * rows covering an input row (KG2) and the rows of a window (HR2) */
    uint32_t KG2, HR2;
    uint64_t threads_at, stride;
} pool_layout;

static int mg3_shape(const pool_plan* P);
static uint64_t mg3_thread_bytes(const pool_plan* P);
static int mg2_shape(const pool_plan* P);
static uint64_t mg2_thread_bytes(const pool_plan* P);
static int ag3_shape(const pool_plan* P);
static uint64_t ag3_thread_bytes(const pool_plan* P);
static uint64_t ag3_shared_bytes(const pool_plan* P);
static int ag2_shape(const pool_plan* P);
static uint64_t ag2_thread_bytes(const pool_plan* P);

static void pool_layout_of(const pool_plan* P, pool_layout* z) {
    memset(z, 0, sizeof *z);
    uint64_t at = 0, t = 0;
    const uint64_t OW = P->osz[2], W = P->isz[2];
    if (P->fn != PL_MAX) {
        for (int a = 0; a < 3; a++) {
            z->lo[a] = carve(&at, sizeof(uint64_t) * P->isz[a]);
            z->hi[a] = carve(&at, sizeof(uint64_t) * P->isz[a]);
            z->inv[a] = carve(&at, sizeof(double) * P->osz[a]);
        }
        z->K = avg_cover_max(P, 2);
        z->KD = avg_cover_max(P, 0);
        z->KH = avg_cover_max(P, 1);
        if (z->K == 0) z->K = 1;
        if (P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32) {   /* the fast rows' tables */
            const uint64_t nb = (W + 7) / 8;
            z->idx = carve(&at, sizeof(uint32_t) * z->K * W);
            z->tab = carve(&at, sizeof(int32_t) * z->K * nb * 17);
            z->invw = carve(&at, sizeof(float) * OW);
        }
        z->t_acc = carve(&t, sizeof(double) * (OW + 16 + W));
        /* two sets of covering rows: avg_grad compares a row's with its predecessor's */
        z->t_grow = carve(&t, sizeof(float*) * 2 * ((uint64_t)z->KD * z->KH + 1));
        z->t_wrow = carve(&t, sizeof(float) * 2 * ((uint64_t)z->KD * z->KH + 1));
        if (ag3_shape(P)) {
            z->ag3w = carve(&at, ag3_shared_bytes(P));
            z->t_ag3 = carve(&t, ag3_thread_bytes(P));
        }
        if (ag2_shape(P)) z->t_ag2 = carve(&t, ag2_thread_bytes(P));
    } else {
        const uint64_t plane = (uint64_t)P->isz[0] * P->isz[1] * W;
        const uint64_t esz = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4u : 2u;
        z->t_acc = carve(&t, sizeof(float) * (plane + 16));   /* + a slot for windows without a maximum */
        z->t_idx = carve(&t, sizeof(uint64_t) * OW);
        z->t_val = carve(&t, esz * OW);
        z->t_ridx = carve(&t, sizeof(int32_t) * (OW + 8));
        if (P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && P->stride[2] == 2)
            z->t_split = carve(&t, sizeof(float) * 2 * ((uint64_t)W / 2 + 40) * P->isz[0] * P->isz[1]);
        const uint64_t OWP = (OW + 7) & ~(uint64_t)7, span = (uint64_t)(P->win[1] - 1) * P->dil[1] + 1;
        const uint32_t kg = avg_cover_max(P, 1);
        z->KG2 = z->HR2 = 1;
        while (z->KG2 < kg) z->KG2 *= 2;
        while (z->HR2 < span && z->HR2 < 128) z->HR2 *= 2;   /* > 64: not the gather's (max_sep_shape_fits) */
        z->t_gidx = carve(&t, sizeof(int32_t) * z->KG2 * OWP);
        z->t_grow_out = carve(&t, sizeof(float) * (W + 16));
        z->t_ring = carve(&t, (sizeof(float) + sizeof(int32_t)) * z->HR2 * OWP + sizeof(int) * z->HR2);
        z->t_rows = carve(&t, sizeof(uint32_t) * 2 * ((uint64_t)P->isz[1] + P->osz[1]));
        if (mg3_shape(P)) z->t_mg3 = carve(&t, mg3_thread_bytes(P));
        if (mg2_shape(P)) z->t_mg2 = carve(&t, mg2_thread_bytes(P));
    }
    z->threads_at = at;
    z->stride = t;
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    const pool_plan* P = plan;
    if (!P->grad) return 0;   /* the forward poolings need no scratch */
    pool_layout z;
    pool_layout_of(P, &z);
    return z.threads_at + (uint64_t)threads * z.stride;
}

/* This thread's part of ws (NULL when ws does not reach it). */
static unsigned char* pool_thread_part(const pydml_workspace* ws, const pool_layout* z) {
    uint64_t id = 0;
#ifdef _OPENMP
    id = (uint64_t)omp_get_thread_num();
#endif
    return pydml_workspace_part(ws, z->threads_at + id * z->stride, z->stride);
}

/* A pooling gradient computed slice by slice, (n, c, d): the slices handed out in runs as the threads
 * come (each is computed alone: who computes it changes no bit). `setup` readies a thread's state
 * (SLICE_STATE_BYTES at most) from its workspace part, NULL when the workspace does not reach it
 * (it returns 0 and the run fails); `slice` computes one slice; a thread fences its streamed stores
 * before the region ends. */
#define SLICE_STATE_BYTES 1024
typedef struct slice_job {
    const pool_plan* P;
    const pydml_workspace* ws;
    const pool_layout* z;
    const void* ctx;
    int (*setup)(const void* ctx, unsigned char* mine, void* state);
    void (*slice)(const void* ctx, void* state, uint64_t n, uint64_t c, uint64_t d);
    int stream;
} slice_job;

static pydml_status run_slices(const slice_job* J) {
    const pool_plan* P = J->P;
    const uint64_t C = P->in_sizes[1], D = P->isz[0], items = (uint64_t)P->in_sizes[0] * C * D;
    const uint64_t work = items * P->isz[1] * P->isz[2];
    (void)work;
    int oom = 0;
#ifdef _OPENMP
#pragma omp parallel if (work >= PL_PARALLEL_MIN && items > 1) reduction(| : oom)
#endif
    {
        _Alignas(64) unsigned char state[SLICE_STATE_BYTES];
        const int ok = J->setup(J->ctx, pool_thread_part(J->ws, J->z), state);
        if (!ok) oom = 1;
#ifdef _OPENMP
        /* 32 runs per thread, the last one no shorter than the others: equal threads end together
         * and a thread slowed down (a shared machine) leaves its runs to the others */
        const uint64_t runs = 32u * (uint64_t)omp_get_num_threads();
        const int chunk = (int)((items + runs - 1) / runs);
#pragma omp for schedule(dynamic, chunk)
#endif
        for (uint64_t it = 0; it < items; it++) {
            if (!ok) continue;
            const uint64_t d = it % D, nc = it / D;
            J->slice(J->ctx, state, nc / C, nc % C, d);
        }
#ifdef PL_X86
        if (J->stream) pydml_stream_fence();
#endif
    }
    return oom ? PYDML_STATUS_INVALID_PARAMETER : PYDML_STATUS_SUCCESS;
}

static int avg_tables_build(const pool_plan* P, avg_tables* t, const pydml_workspace* ws, const pool_layout* z) {
    memset(t, 0, sizeof *t);
    for (int a = 0; a < 3; a++) {
        t->lo[a] = pydml_workspace_part(ws, z->lo[a], sizeof(uint64_t) * P->isz[a]);
        t->hi[a] = pydml_workspace_part(ws, z->hi[a], sizeof(uint64_t) * P->isz[a]);
        t->inv[a] = pydml_workspace_part(ws, z->inv[a], sizeof(double) * P->osz[a]);
        if (t->lo[a] == NULL || t->hi[a] == NULL || t->inv[a] == NULL) return -1;
        for (uint64_t i = 0; i < P->isz[a]; i++) cover_range(P, a, i, &t->lo[a][i], &t->hi[a][i]);
        for (uint64_t o = 0; o < P->osz[a]; o++) {
            uint32_t k0, k1;
            tap_range(P, a, o, &k0, &k1);
            /* a window of padding only covers no input: its entry is never read */
            const double count = P->include_padding ? (double)P->win[a] : (double)(k1 - k0);
            t->inv[a][o] = count > 0 ? 1.0 / count : 0.0;
        }
    }
    return 0;
}

/* dst[0, n) = src[0, n), streamed as `stream` says (the caller fences once after its loop) */
static void pl_stream_copy(float* dst, const float* src, uint64_t n, int stream) {
    pydml_stream_copy_f32_wide(dst, src, n, stream == PL_NT64 ? 64u : stream == PL_NT32 ? 32u : 16u);
}

/* A hint: rows [h, h + count) of a slice at base whose rows are `stride` floats apart, n floats each,
 * fetched to L1. The MAX_POOLING_GRAD slices read their input and gradient rows once, from memory:
 * the hardware prefetcher alone, restarting at each 4 KiB page, left one core waiting on those
 * loads. Rows past the slice's last are the next slice's in a packed tensor (usually this thread's
 * next): the address is computed in integers, and a prefetch never faults, wherever it points. */
static inline uintptr_t pl_row_at(const float* base, int64_t h, uint64_t stride) {
    return (uintptr_t)base + (uintptr_t)h * stride * sizeof(float);
}

static inline void pl_prefetch_rows(const float* base, int64_t h, int count, uint64_t stride, uint64_t n) {
#ifdef PL_X86
    for (int64_t r = h < 0 ? 0 : h; r < h + count; r++) {
        const uintptr_t row = pl_row_at(base, r, stride);
        for (uint64_t o = 0; o < sizeof(float) * n; o += 64) _mm_prefetch((const char*)(row + o), _MM_HINT_T0);
    }
#else
    (void)base, (void)h, (void)count, (void)stride, (void)n;
#endif
}

/* the widest streamed stores this CPU runs (the active ISA path's) */
static int pl_stream_level(void) {
#ifdef PL_X86
    const uint32_t f = pydml_active_cpu_features();
    if (f & PYDML_CPU_AVX512) return PL_NT64;
    if (f & PYDML_CPU_AVX2_FMA) return PL_NT32;
#endif
    return PL_NT16;
}

/* dst[0, n) = src[0, n); stream: streamed (pl_stream_copy), the caller fences once after its loop */
static void copy_row_f32(float* dst, const float* src, uint64_t n, int stream) {
    if (stream) pl_stream_copy(dst, src, n, stream);
    else memcpy(dst, src, sizeof(float) * n);
}

/* FLOAT32 rows with W contiguous on both sides (the common layout), in float: the covering gradient
 * rows weighted into acc (acc[ow] = 0, then += g * w per row, then *= 1 / count_w), then each w
 * sums its K covering columns in increasing ow order, v = acc[first] then v += acc[next], the K-th
 * entry of a w covered fewer times reading the zero sentinel acc[OW] (index tables idx). The AVX2
 * rows do the same operations in the same order (no fused multiply-add: the C is built with
 * -std=c11, which does not contract either), so every path gives the same bits:
 *  - Strides 2 on W (avg_row_s2_avx2): 16 interior w at a time, the two phases' columns computed
 *    from the gradient rows in registers and interleaved into place;
 *  - other strides (avg_expand_avx2): a column's taps come from one unaligned 8-float load of acc
 *    per block of 8 w and tap j (8 consecutive w cover at most 8 consecutive ow with Strides >= 1),
 *    permuted into place (vpermps) and masked to +0.0 where the scalar row reads the sentinel. */
typedef struct avg_expand {
    uint32_t K, blocks;       /* taps per w (the most any w has); blocks of 8 w */
    const uint32_t* idx;      /* [K][W]: the j-th covering ow of w, OW (the sentinel) past its last */
    const int32_t* base;      /* [K][blocks]: the first acc element the block's load reads */
    const int32_t* perm;      /* [K][blocks][8]: each lane's offset from base */
    const int32_t* mask;      /* [K][blocks][8]: all ones where the lane reads a real ow */
    /* Strides 2 on W: w in [wa, wa + len) is interior, where w = wa + 2 * i + p (phase p) is
     * covered by the cnt[p] columns q[p] + i, q[p] + i + 1, ... (avg_row_s2_avx2) */
    uint64_t wa, n16, len, q[2];   /* [wa, wa + len) interior, n16 = len / 16 (a last block
                                    * of 16 ending at wa + len covers the rest, again) */
    uint32_t cnt[2];
    uint64_t qmin;                 /* min(q[0], q[1]) */
    uint32_t M;                    /* columns a block reads: qmin + m, m < M <= AVG_S2_M */
} avg_expand;

#define AVG_S2_M 8

static void avg_row_f32_c(const float* const* grow, const float* wrow, uint32_t nrows, uint64_t OW,
                          const float* invw, const avg_expand* e, uint64_t W, float* acc, float* out) {
    for (uint64_t ow = 0; ow < OW; ow++) acc[ow] = 0.0f;
    for (uint32_t r = 0; r < nrows; r++) {
        const float* g = grow[r];
        const float w = wrow[r];
        for (uint64_t ow = 0; ow < OW; ow++) acc[ow] += g[ow] * w;
    }
    for (uint64_t ow = 0; ow < OW; ow++) acc[ow] *= invw[ow];
    acc[OW] = 0.0f;
    for (uint64_t w = 0; w < W; w++) {
        float v = acc[e->idx[w]];
        for (uint32_t j = 1; j < e->K; j++) v += acc[e->idx[(uint64_t)j * W + w]];
        out[w] = v;
    }
}

/* Row `row` (n, c, d, h) of OutputGradientTensor: its covering gradient rows (dY's (od, oh) rows of
 * its plane) with their weights 1 / count_D(od) / count_H(oh) in float, and its offset in dX. */
static uint32_t avg_row_setup_at(const avg_tables* t, const uint64_t* gs, const uint64_t* xs,
                                 const float* dy, uint64_t n, uint64_t c, uint64_t d, uint64_t h,
                                 const float** grow, float* wrow, uint64_t* xb) {
    const uint64_t gb = n * gs[0] + c * gs[1];
    *xb = n * xs[0] + c * xs[1] + d * xs[2] + h * xs[3];
    uint32_t nr = 0;
    for (uint64_t od = t->lo[0][d]; od < t->hi[0][d]; od++)
        for (uint64_t oh = t->lo[1][h]; oh < t->hi[1][h]; oh++) {
            grow[nr] = dy + gb + od * gs[2] + oh * gs[3];
            wrow[nr++] = (float)(t->inv[0][od] * t->inv[1][oh]);
        }
    return nr;
}

static uint32_t avg_row_setup(const pool_plan* P, const avg_tables* t, const uint64_t* gs, const uint64_t* xs,
                              const float* dy, uint64_t row, const float** grow, float* wrow, uint64_t* xb) {
    const uint64_t h = row % P->isz[1];
    row /= P->isz[1];
    const uint64_t d = row % P->isz[0];
    row /= P->isz[0];
    const uint64_t c = row % P->in_sizes[1], n = row / P->in_sizes[1];
    return avg_row_setup_at(t, gs, xs, dy, n, c, d, h, grow, wrow, xb);
}

#ifdef PL_X86
/* avg_row_f32_c's acc[0, OW) with vectors (the same operations in the same order) */
EW_T256 static void avg_acc_avx2(const float* const* grow, const float* wrow, uint32_t nrows, uint64_t OW,
                                 const float* invw, float* acc) {
    uint64_t ow = 0;
    if (nrows == 1 || nrows == 2) {
        /* the common counts with the rows and weights in registers (the same operations) */
        const float* g0 = grow[0];
        const float* g1 = grow[nrows - 1];
        const __m256 w0 = _mm256_set1_ps(wrow[0]), w1 = _mm256_set1_ps(wrow[nrows - 1]);
        for (; ow + 8 <= OW; ow += 8) {
            __m256 s = _mm256_add_ps(_mm256_setzero_ps(), _mm256_mul_ps(_mm256_loadu_ps(g0 + ow), w0));
            if (nrows == 2) s = _mm256_add_ps(s, _mm256_mul_ps(_mm256_loadu_ps(g1 + ow), w1));
            _mm256_storeu_ps(acc + ow, _mm256_mul_ps(s, _mm256_loadu_ps(invw + ow)));
        }
    }
    for (; ow + 8 <= OW; ow += 8) {
        __m256 s = _mm256_setzero_ps();
        for (uint32_t r = 0; r < nrows; r++)
            s = _mm256_add_ps(s, _mm256_mul_ps(_mm256_loadu_ps(grow[r] + ow), _mm256_set1_ps(wrow[r])));
        _mm256_storeu_ps(acc + ow, _mm256_mul_ps(s, _mm256_loadu_ps(invw + ow)));
    }
    for (; ow < OW; ow++) {
        float s = 0.0f;
        for (uint32_t r = 0; r < nrows; r++) s += grow[r][ow] * wrow[r];
        acc[ow] = s * invw[ow];
    }
}

/* Strides 2 on W from acc, one row's columns (avg_acc_avx2; +0.0 from OW on), to the W floats of
 * out: avg_row_s2_avx2's sums with the columns read back instead of recomputed from the gradient
 * rows per block (every column's value is the same: the same operations on the same lanes). acc
 * was written at least one row earlier (avg_grad pipelines the rows), so the unaligned loads do
 * not wait on store-to-load forwarding. The phases' offsets o0, o1 from qmin and counts c0, c1 are
 * the pattern's (avg_s2_expand passes the common windows' as constants: 2x2 and 3x3 windows). */
EW_T256 static inline __attribute__((always_inline)) void avg_s2_expand_k(const float* acc, const avg_expand* e,
                                                                       uint64_t W, float* out, uint32_t o0,
                                                                       uint32_t c0, uint32_t o1, uint32_t c1) {
    const uint64_t wb = e->wa + e->len;
    for (uint64_t w = e->wa ? 0 : wb; w < W; w = w + 1 == e->wa ? wb : w + 1) {
        float v = acc[e->idx[w]];   /* avg_col: the sentinel OW reads +0.0 */
        for (uint32_t j = 1; j < e->K; j++) v += acc[e->idx[(uint64_t)j * W + w]];
        out[w] = v;
    }
    const float* a0 = acc + e->qmin;
    float* o = out + e->wa;
    const uint64_t n16 = e->n16;
    for (uint64_t i = 0; i <= n16; i++) {
        /* the last block of a run that is no multiple of 16 ends at the run's end */
        uint64_t k = 16 * i;
        if (i == n16) {
            if (e->len % 16 == 0) break;
            k = e->len - 16;
        }
        const float* a = a0 + k / 2;
        __m256 s0 = c0 ? _mm256_loadu_ps(a + o0) : _mm256_setzero_ps();
        for (uint32_t j = 1; j < c0; j++) s0 = _mm256_add_ps(s0, _mm256_loadu_ps(a + o0 + j));
        __m256 s1 = c1 ? _mm256_loadu_ps(a + o1) : _mm256_setzero_ps();
        for (uint32_t j = 1; j < c1; j++) s1 = _mm256_add_ps(s1, _mm256_loadu_ps(a + o1 + j));
        const __m256 lo = _mm256_unpacklo_ps(s0, s1), hi = _mm256_unpackhi_ps(s0, s1);
        _mm256_storeu_ps(o + k, _mm256_permute2f128_ps(lo, hi, 0x20));
        _mm256_storeu_ps(o + k + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
    }
}

EW_T256 static void avg_s2_expand(const float* acc, const avg_expand* e, uint64_t W, float* out) {
    const uint32_t o0 = (uint32_t)(e->q[0] - e->qmin), o1 = (uint32_t)(e->q[1] - e->qmin);
    if (o0 == 0 && o1 == 0 && e->cnt[0] == 1 && e->cnt[1] == 1)
        avg_s2_expand_k(acc, e, W, out, 0, 1, 0, 1);        /* 2x2 windows, Strides 2 */
    else if (o0 == 0 && o1 == 0 && e->cnt[0] == 1 && e->cnt[1] == 2)
        avg_s2_expand_k(acc, e, W, out, 0, 1, 0, 2);        /* 3x3 windows, Strides 2 */
    else
        avg_s2_expand_k(acc, e, W, out, o0, e->cnt[0], o1, e->cnt[1]);
}

/* avg_row_f32_c's sums of covering columns from acc (OW + 16 floats, zero from OW on) to the W
 * floats of out. acc was written one row earlier (avg_grad pipelines the rows): loading 8 floats
 * at another alignment than they were stored right after the stores would stall on
 * store-to-load forwarding. stream: out is 16-byte aligned and past the caches, stored with
 * non-temporal stores (the caller fences). */
EW_T256 static void avg_expand_avx2(const float* acc, const avg_expand* e, uint64_t W, float* out, int stream) {
    const uint32_t K = e->K, nb = e->blocks;
    for (uint32_t b = 0; b < nb; b++) {
        __m256 v = _mm256_and_ps(_mm256_permutevar8x32_ps(_mm256_loadu_ps(acc + e->base[b]),
                                                          _mm256_loadu_si256((const __m256i*)(e->perm + 8 * (uint64_t)b))),
                                 _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i*)(e->mask + 8 * (uint64_t)b))));
        for (uint32_t j = 1; j < K; j++) {
            const uint64_t jb = (uint64_t)j * nb + b;
            const __m256 t = _mm256_permutevar8x32_ps(_mm256_loadu_ps(acc + e->base[jb]),
                                                      _mm256_loadu_si256((const __m256i*)(e->perm + 8 * jb)));
            v = _mm256_add_ps(v, _mm256_and_ps(t, _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i*)(e->mask + 8 * jb)))));
        }
        float* o = out + 8 * (uint64_t)b;
        if (8 * (uint64_t)b + 8 > W) {
            const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            _mm256_maskstore_ps(o, _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)(W - 8 * (uint64_t)b)), lane), v);
        } else if (stream) {
            _mm_stream_ps(o, _mm256_castps256_ps128(v));
            _mm_stream_ps(o + 4, _mm256_extractf128_ps(v, 1));
        } else {
            _mm256_storeu_ps(o, v);
        }
    }
}
#endif

/* ---- AVERAGE_POOLING_GRAD of 3x3 windows with Strides 2 (3x3 / 2 / padding 1 and the like):
 * separable, one pass ----
 * FLOAT32, W contiguous in both tensors, a one-tap window on D, WindowSize 3 and Strides 2 on H and
 * W, StartPadding 0 or 1 on H and W. Window (oh, ow)'s gradient share u = dY[oh, ow] * wv[ow], wv
 * the float of 1 / count_H(oh) / count_W(ow) (avg_tables' inv, the forward's divisors, IncludePadding
 * included). With 3 taps and Strides 2, position i = 2 o - pad + k is covered by window i / 2 alone
 * (k = 1) for even i + pad - 1 and by windows (i - 1) / 2 and (i + 1) / 2 for odd: so each dY row is
 * spread once along W, S[w] = u[o] or u[o] + u[o + 1] (a zero past the last window), and each dX row
 * is S of its covering output row, or the sum of the two in oh order: dX = (u[k, j] + u[k, j + 1]) +
 * (u[k + 1, j] + u[k + 1, j + 1]) where four windows cover an element. Half the dX rows are a copy
 * of one spread row. The portable C (ag3_slice_c) and the AVX2 rows (ag3_slice_avx2) do the same
 * float operations in the same order (no fused multiply-add), so every path gives the same bits. */
static int ag3_shape(const pool_plan* P) {
    return P->fn == PL_AVG && P->grad && P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && P->win[0] == 1 &&
           P->win[1] == 3 && P->win[2] == 3 && P->stride[1] == 2 && P->stride[2] == 2 && P->pad[1] <= 1 &&
           P->pad[2] <= 1;
}

#define AG3_CLASSES 4   /* distinct 1 / count_H(oh): the first, the interior and the last rows */

typedef struct ag3_geo {
    uint64_t H, W, OH, OW, owp;
    uint64_t pw, ph;
    const float* wv[AG3_CLASSES];   /* [OW + 8]: the weights of each class, 0 past OW */
    const uint8_t* cls;             /* [OH]: each output row's class */
} ag3_geo;

/* per thread: two u rows (owp + 16, zero from OW on), two spread rows (W + 32) */
static uint64_t ag3_thread_bytes(const pool_plan* P) {
    const uint64_t owp = ((uint64_t)P->osz[2] + 7) & ~(uint64_t)7;
    return sizeof(float) * (2 * (owp + 16) + 2 * ((uint64_t)P->isz[2] + 32)) + 64;
}

static uint64_t ag3_shared_bytes(const pool_plan* P) {
    const uint64_t owp = ((uint64_t)P->osz[2] + 7) & ~(uint64_t)7;
    return sizeof(float) * AG3_CLASSES * (owp + 16) + P->osz[1] + 64;
}

/* the spread row of u (p = StartPadding on W): p 1: S[2 j] = u[j], S[2 j + 1] = u[j] + u[j + 1];
 * p 0: S[0] = u[0], S[2 j + 1] = u[j], S[2 j + 2] = u[j] + u[j + 1] */
static void ag3_spread_c(const float* u, uint64_t W, uint64_t p, float* S) {
    if (p == 0) S[0] = u[0];
    for (uint64_t w = 1 - p, j = 0; w < W; w += 2, j++) {
        S[w] = u[j];
        if (w + 1 < W) S[w + 1] = u[j] + u[j + 1];
    }
}

typedef struct ag3_thread {
    float* u[2];
    float* S[2];
} ag3_thread;

/* the dX rows of slice (n, c, d); isa 1: AVX2 */
static void ag3_rows_c(const ag3_geo* g, const ag3_thread* T, const float* gb, uint64_t gs3, float* xb, uint64_t xs3,
                       int isa, int stream);

static void ag3_emit_c(const float* a, const float* b, uint64_t W, float* out) {
    if (a == NULL) {
        for (uint64_t w = 0; w < W; w++) out[w] = 0.0f;
    } else if (b == NULL) {
        for (uint64_t w = 0; w < W; w++) out[w] = a[w];
    } else {
        for (uint64_t w = 0; w < W; w++) out[w] = a[w] + b[w];
    }
}

#ifdef PL_X86
/* u = dY row * wv (vectors; the tail masked: nothing past OW is read) and its spread row */
EW_T256 static void ag3_spread_avx2(const ag3_geo* g, const float* gr, const float* wv, float* u, float* S) {
    const uint64_t OW = g->OW, W = g->W;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), next = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 7);
    /* u[j0 .. j0 + 8) of block j0, 0 past OW */
    __m256 cur = _mm256_setzero_ps();
    {
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)(OW < 8 ? OW : 8)), lane);
        cur = _mm256_mul_ps(OW >= 8 ? _mm256_loadu_ps(gr) : _mm256_maskload_ps(gr, m), _mm256_loadu_ps(wv));
    }
    if (g->pw == 0) S[0] = _mm256_cvtss_f32(cur);
    float* o = S + (1 - g->pw);   /* block j0's 16 elements at o + 2 j0 */
    const uint64_t nj = g->pw ? (W + 1) / 2 : W / 2;
    for (uint64_t j0 = 0; j0 < nj; j0 += 8) {
        const uint64_t j1 = j0 + 8;
        __m256 nx = _mm256_setzero_ps();
        if (j1 + 8 <= OW) {
            nx = _mm256_mul_ps(_mm256_loadu_ps(gr + j1), _mm256_loadu_ps(wv + j1));
        } else if (j1 < OW) {
            const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)(OW - j1)), lane);
            nx = _mm256_mul_ps(_mm256_maskload_ps(gr + j1, m), _mm256_loadu_ps(wv + j1));
        }
        /* u[j + 1]: cur shifted down a lane, nx's lane 0 on top */
        const __m256 sh = _mm256_blend_ps(_mm256_permutevar8x32_ps(cur, next), _mm256_permutevar8x32_ps(nx, _mm256_setzero_si256()), 0x80);
        const __m256 od = _mm256_add_ps(cur, sh);
        const __m256 lo = _mm256_unpacklo_ps(cur, od), hi = _mm256_unpackhi_ps(cur, od);
        _mm256_storeu_ps(o + 2 * j0, _mm256_permute2f128_ps(lo, hi, 0x20));
        _mm256_storeu_ps(o + 2 * j0 + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
        cur = nx;
    }
    (void)u;
}

/* out[0, W) = a (b NULL) or a + b, streamed from the first 16-byte boundary when stream */
EW_T256 static void ag3_emit_avx2(const float* a, const float* b, uint64_t W, float* out, int stream) {
    uint64_t w = 0;
    if (stream)
        for (; w < W && ((uintptr_t)(out + w) & 15u) != 0; w++) out[w] = a ? (b ? a[w] + b[w] : a[w]) : 0.0f;
    for (; w + 8 <= W; w += 8) {
        __m256 v = _mm256_setzero_ps();
        if (a) v = _mm256_loadu_ps(a + w);
        if (a && b) v = _mm256_add_ps(v, _mm256_loadu_ps(b + w));
        if (stream) {
            _mm_stream_ps(out + w, _mm256_castps256_ps128(v));
            _mm_stream_ps(out + w + 4, _mm256_extractf128_ps(v, 1));
        } else {
            _mm256_storeu_ps(out + w, v);
        }
    }
    for (; w < W; w++) out[w] = a ? (b ? a[w] + b[w] : a[w]) : 0.0f;
}
#endif

static void ag3_rows_c(const ag3_geo* g, const ag3_thread* T, const float* gb, uint64_t gs3, float* xb, uint64_t xs3,
                       int isa, int stream) {
    uint64_t hnext = 0;
    for (uint64_t oh = 0; oh < g->OH; oh++) {
        const float* gr = gb + oh * gs3;
        const float* wv = g->wv[g->cls[oh]];
        float* S = T->S[oh & 1];
#ifdef PL_X86
        if (isa) {
            ag3_spread_avx2(g, gr, wv, T->u[oh & 1], S);
        } else
#endif
        {
            float* u = T->u[oh & 1];
            for (uint64_t j = 0; j < g->OW; j++) u[j] = gr[j] * wv[j];
            ag3_spread_c(u, g->W, g->pw, S);
        }
        /* the dX rows whose covering output rows are all done (cover_range for 3 taps, Strides 2) */
        for (; hnext < g->H; hnext++) {
            const uint64_t qh = hnext + g->ph;
            const uint64_t hi = qh / 2 + 1 < g->OH ? qh / 2 + 1 : g->OH, lo = qh < 2 ? 0 : (qh - 1) / 2 < hi ? (qh - 1) / 2 : hi;
            if (hi > oh + 1) break;
            const float* a = hi > lo ? T->S[lo & 1] : NULL;
            const float* b = hi > lo + 1 ? T->S[(lo + 1) & 1] : NULL;
#ifdef PL_X86
            if (isa) {
                ag3_emit_avx2(a, b, g->W, xb + hnext * xs3, stream);
                continue;
            }
#endif
            ag3_emit_c(a, b, g->W, xb + hnext * xs3);
        }
    }
    for (; hnext < g->H; hnext++) ag3_emit_c(NULL, NULL, g->W, xb + hnext * xs3);   /* past every window */
    (void)stream;
    (void)isa;
}

typedef struct ag3_job {
    const pool_plan* P;
    const pool_layout* z;
    const ag3_geo* g;
    const pydml_tensor* dy;
    const uint64_t* gs;
    const pydml_tensor* dx;
    const uint64_t* xs;
    int isa, stream;
} ag3_job;
_Static_assert(sizeof(ag3_thread) <= SLICE_STATE_BYTES, "a thread state run_slices holds");

static int ag3_setup(const void* ctx, unsigned char* mine, void* state) {
    const ag3_job* J = (const ag3_job*)ctx;
    ag3_thread* T = (ag3_thread*)state;
    memset(T, 0, sizeof *T);
    if (mine == NULL || !J->z->t_ag3) return 0;
    float* at = (float*)(void*)(((uintptr_t)(mine + J->z->t_ag3) + 63) & ~(uintptr_t)63);
    T->u[0] = at;
    T->u[1] = at + J->g->owp + 16;
    T->S[0] = at + 2 * (J->g->owp + 16);
    T->S[1] = T->S[0] + J->g->W + 32;
    memset(at, 0, sizeof(float) * 2 * (J->g->owp + 16));   /* u's zeros past OW */
    return 1;
}

static void ag3_slice(const void* ctx, void* state, uint64_t n, uint64_t c, uint64_t d) {
    const ag3_job* J = (const ag3_job*)ctx;
    const pool_plan* P = J->P;
    const ag3_geo* g = J->g;
    float* xb = (float*)J->dx->data + n * J->xs[0] + c * J->xs[1] + d * J->xs[2];
    const uint64_t qd = d + P->pad[0], od = qd / P->stride[0];
    if (qd % P->stride[0] != 0 || od >= P->osz[0]) {
        /* no window covers this slice */
        for (uint64_t h = 0; h < g->H; h++) ag3_emit_c(NULL, NULL, g->W, xb + h * J->xs[3]);
        return;
    }
    const float* gb = (const float*)J->dy->data + n * J->gs[0] + c * J->gs[1] + od * J->gs[2];
    ag3_rows_c(g, (const ag3_thread*)state, gb, J->gs[3], xb, J->xs[3], J->isa, J->stream);
}

static pydml_status ag3_run(const pool_plan* P, const avg_tables* t, const pydml_tensor* dy, const uint64_t* gs,
                            const pydml_tensor* dx, const uint64_t* xs, const pydml_workspace* ws, const pool_layout* z,
                            int isa, int stream) {
    ag3_geo g;
    memset(&g, 0, sizeof g);
    g.H = P->isz[1];
    g.W = P->isz[2];
    g.OH = P->osz[1];
    g.OW = P->osz[2];
    g.owp = (g.OW + 7) & ~(uint64_t)7;
    g.pw = P->pad[2];
    g.ph = P->pad[1];
    unsigned char* shared = pydml_workspace_part(ws, z->ag3w, ag3_shared_bytes(P));
    if (shared == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    float* wbase = (float*)(void*)(((uintptr_t)shared + 63) & ~(uintptr_t)63);
    uint8_t* cls = (uint8_t*)(wbase + AG3_CLASSES * (g.owp + 16));
    double val[AG3_CLASSES];
    uint32_t nc = 0;
    for (uint64_t oh = 0; oh < g.OH; oh++) {
        const double ih = t->inv[1][oh];
        uint32_t k = 0;
        while (k < nc && val[k] != ih) k++;
        if (k == nc) {
            if (nc == AG3_CLASSES) return PYDML_STATUS_UNSUPPORTED_PARAMETER;   /* the caller runs the rows */
            val[nc] = ih;
            float* wv = wbase + nc * (g.owp + 16);
            for (uint64_t ow = 0; ow < g.owp + 16; ow++) wv[ow] = ow < g.OW ? (float)(ih * t->inv[2][ow]) : 0.0f;
            g.wv[nc++] = wv;
        }
        cls[oh] = (uint8_t)k;
    }
    g.cls = cls;
    const ag3_job J = {P, z, &g, dy, gs, dx, xs, isa, stream};
    const slice_job S = {P, ws, z, &J, ag3_setup, ag3_slice, stream};
    return run_slices(&S);
}

static pydml_status ag2_run(const pool_plan* P, const avg_tables* t, const float* ww, const pydml_tensor* dy,
                            const uint64_t* gs, const pydml_tensor* dx, const uint64_t* xs, const pydml_workspace* ws,
                            const pool_layout* z, int isa, int stream);

static pydml_status avg_grad(const pool_plan* P, const pydml_tensor* dy, const pydml_tensor* dx,
                             const pydml_workspace* ws) {
    pool_layout z;
    pool_layout_of(P, &z);
    avg_tables t;
    if (avg_tables_build(P, &t, ws, &z)) return PYDML_STATUS_INVALID_PARAMETER;
    uint64_t gs[5], xs[5];
    strides5(dy, P->rank, gs);
    strides5(dx, P->rank, xs);
    const uint64_t C = P->in_sizes[1];
    const uint64_t rows = (uint64_t)P->in_sizes[0] * C * P->isz[0] * P->isz[1];
    const uint64_t OW = P->osz[2], W = P->isz[2];
    const int fast = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && gs[4] == 1 && xs[4] == 1;
    /* the fast rows' tables: K covering columns per w (idx, and avg_row_f32_avx2's blocks), and
     * float copies of the weights */
    uint32_t K = 0, KD = 0, KH = 0;
    for (uint64_t w = 0; w < W; w++) if (t.hi[2][w] - t.lo[2][w] > K) K = (uint32_t)(t.hi[2][w] - t.lo[2][w]);
    for (uint64_t i = 0; i < P->isz[0]; i++) if (t.hi[0][i] - t.lo[0][i] > KD) KD = (uint32_t)(t.hi[0][i] - t.lo[0][i]);
    for (uint64_t i = 0; i < P->isz[1]; i++) if (t.hi[1][i] - t.lo[1][i] > KH) KH = (uint32_t)(t.hi[1][i] - t.lo[1][i]);
    if (K == 0) K = 1;
    if (K != z.K || KD != z.KD || KH != z.KH) return PYDML_STATUS_INVALID_PARAMETER;   /* the same tables */
    const uint32_t nb = (uint32_t)((W + 7) / 8);
#ifdef PL_X86
    const uint32_t cpu = pydml_active_cpu_features();
    const int vec8 = fast && (cpu & PYDML_CPU_AVX2_FMA) && (cpu & PYDML_CPU_F16C);
#else
    const int vec8 = 0;
#endif
    uint32_t* idx = fast ? pydml_workspace_part(ws, z.idx, sizeof(uint32_t) * K * W) : NULL;
    int32_t* tab = fast ? pydml_workspace_part(ws, z.tab, sizeof(int32_t) * (size_t)K * nb * 17) : NULL; /* base, perm, mask */
    float* invw = fast ? pydml_workspace_part(ws, z.invw, sizeof(float) * OW) : NULL;
    if (fast && (idx == NULL || invw == NULL || tab == NULL)) return PYDML_STATUS_INVALID_PARAMETER;
    /* (no offsets from a NULL tab: the slow path has none, and NULL + n is undefined) */
    avg_expand ex = {K, nb, idx, tab, tab ? tab + (size_t)K * nb : NULL, tab ? tab + (size_t)K * nb * 9 : NULL,
                     0, 0, 0, {0, 0}, {0, 0}, 0, 0};
    /* Strides 2 on W: the longest run [wa, wa + len) of w whose covering columns follow the
     * interior pattern (lo(w + 2) = lo(w) + 1, a count per phase); windows cut by the row's ends
     * break it, so wa is within a few windows of 0 */
    for (uint64_t wa = 0; fast && P->stride[2] == 2 && wa + 1 < W && wa < 2 * (uint64_t)P->win[2] + 4; wa++) {
        const uint64_t c0 = t.hi[2][wa] - t.lo[2][wa], c1 = t.hi[2][wa + 1] - t.lo[2][wa + 1];
        uint64_t len = 0;
        while (wa + len < W) {
            const uint64_t w = wa + len, p = len & 1;
            if (t.lo[2][w] != t.lo[2][wa + p] + len / 2 || t.hi[2][w] - t.lo[2][w] != (p ? c1 : c0)) break;
            len++;
        }
        len &= ~(uint64_t)1; /* whole pairs: a block of 16 then starts on phase 0 wherever it starts */
        const uint64_t q0 = t.lo[2][wa], q1 = t.lo[2][wa + 1], qmin = q0 < q1 ? q0 : q1;
        const uint64_t M = q0 - qmin + c0 > q1 - qmin + c1 ? q0 - qmin + c0 : q1 - qmin + c1;
        if (len >= 16 && len > ex.len && M <= AVG_S2_M) {
            ex.qmin = qmin;
            ex.M = (uint32_t)M;
            ex.wa = wa;
            ex.n16 = len / 16;
            ex.len = len;
            ex.q[0] = t.lo[2][wa];
            ex.q[1] = t.lo[2][wa + 1];
            ex.cnt[0] = (uint32_t)c0;
            ex.cnt[1] = (uint32_t)c1;
        }
    }
    for (uint64_t w = 0; fast && w < W; w++)
        for (uint32_t j = 0; j < K; j++) {
            const uint64_t ow = t.lo[2][w] + j;
            idx[(uint64_t)j * W + w] = ow < t.hi[2][w] ? (uint32_t)ow : (uint32_t)OW;
        }
    for (uint64_t jb = 0; fast && jb < (uint64_t)K * nb; jb++) {
        const uint64_t j = jb / nb, w0 = 8 * (jb % nb);
        int32_t base = -1;
        for (uint64_t l = 0; l < 8 && w0 + l < W; l++) {
            const uint32_t ow = idx[j * W + w0 + l];
            if (ow < OW && (base < 0 || (int32_t)ow < base)) base = (int32_t)ow;
        }
        if (base < 0) base = 0;
        tab[jb] = base;
        for (uint64_t l = 0; l < 8; l++) {
            const uint32_t ow = w0 + l < W ? idx[j * W + w0 + l] : (uint32_t)OW;
            /* ow - base < 8: lo is nondecreasing in w and grows by at most one per w */
            const int real = ow < OW && ow >= (uint32_t)base && ow - (uint32_t)base < 8;
            tab[(size_t)K * nb + 8 * jb + l] = real ? (int32_t)(ow - (uint32_t)base) : 0;
            tab[(size_t)K * nb * 9 + 8 * jb + l] = real ? -1 : 0;
        }
    }
    for (uint64_t ow = 0; fast && ow < OW; ow++) invw[ow] = (float)t.inv[2][ow];
    /* the output (4x the gradient's bytes with 2x2 windows of stride 2) is streamed past the
     * caches from PL_STREAM_BYTES / 2 of it: bench_training_gradients' 25.7 MB output, 32.1 MB
     * with its input, would fall just short of max_grad's rule, which counts every tensor */
    const uint64_t out_bytes = (uint64_t)P->in_sizes[0] * C * P->isz[0] * P->isz[1] * W * sizeof(float);
    const int stream = fast && out_bytes >= PL_STREAM_BYTES / 2 ? pl_stream_level() : 0;
    if (fast && ag2_shape(P)) return ag2_run(P, &t, invw, dy, gs, dx, xs, ws, &z, vec8, vec8 ? stream : 0);
    if (fast && ag3_shape(P)) {
        const pydml_status s = ag3_run(P, &t, dy, gs, dx, xs, ws, &z, vec8, vec8 ? stream : 0);
        if (s != PYDML_STATUS_UNSUPPORTED_PARAMETER) return s;
    }
    int oom = 0;
#ifdef _OPENMP
#pragma omp parallel if (rows * W >= PL_PARALLEL_MIN && rows > 1) reduction(| : oom)
#endif
    {
        /* fast rows use acc as floats: OW + 1 (the sentinel) for avg_row_f32_c, two rows of
         * OW + 16 (zero from OW on) for the pipelined AVX2 rows */
        unsigned char* mine = pool_thread_part(ws, &z);
        double* acc = mine ? (double*)(mine + z.t_acc) : NULL;
        const float** grow = mine ? (const float**)(void*)(mine + z.t_grow) : NULL;
        float* wrow = mine ? (float*)(mine + z.t_wrow) : NULL;
        if (acc != NULL) memset(acc, 0, sizeof(double) * (OW + 16 + W));
        const int ok = acc != NULL;
        if (!ok) oom = 1;
#ifdef PL_X86
        if (vec8) {
            /* runs of rows [r0, r1), 8 per thread, handed out as the threads come (every row is
             * computed alone, so neither the runs nor who runs them change a bit; on a shared
             * machine a thread that loses its core leaves its share to the other); in a run, row
             * i + 1's acc is computed before row i's columns are summed */
#ifdef _OPENMP
            const uint64_t nt = (uint64_t)omp_get_num_threads();
#else
            const uint64_t nt = 1;
#endif
            const uint64_t nch = rows < 8 * nt ? rows : 8 * nt;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
            for (uint64_t ch = 0; ch < nch; ch++) {
            const uint64_t r0 = rows * ch / nch, r1 = rows * (ch + 1) / nch;
            if (ok && ex.n16 && r0 < r1) {
                /* Strides 2 on W: row i + 1's columns (acc) are computed before row i's are read
                 * back (avg_s2_expand); a row whose covering gradient rows and weights are its
                 * predecessor's (both rows of a 2x2 window's pair) is a copy of its output row */
                const uint64_t OWP = (OW + 16 + 7) & ~(uint64_t)7, G = (uint64_t)z.KD * z.KH + 1;
                float* A[2] = {(float*)acc, (float*)acc + OWP};
                float* ob = (float*)acc + 2 * OWP;
                const float** S[2] = {grow, grow + G};
                float* SW[2] = {wrow, wrow + G};
                uint32_t nr[2];
                uint64_t xr[2];
                uint64_t h = r0, n, c, d;
                h = r0 % P->isz[1];
                d = r0 / P->isz[1] % P->isz[0];
                c = r0 / P->isz[1] / P->isz[0] % C;
                n = r0 / P->isz[1] / P->isz[0] / C;
                int ai = 0, cs = 0, have = 0;
                nr[0] = avg_row_setup_at(&t, gs, xs, dy->data, n, c, d, h, S[0], SW[0], &xr[0]);
                avg_acc_avx2(S[0], SW[0], nr[0], OW, invw, A[0]);
                for (uint64_t row = r0; row < r1; row++) {
                    int same = 0;
                    if (row + 1 < r1) {
                        if (++h == P->isz[1]) {
                            h = 0;
                            if (++d == P->isz[0]) {
                                d = 0;
                                if (++c == C) { c = 0; n++; }
                            }
                        }
                        const int ns = 1 - cs;
                        /* the same covering rows and weights: the next row of the plane with the
                         * same D and H output ranges (the tables'; the weights follow from them) */
                        same = h > 0 && t.lo[1][h] == t.lo[1][h - 1] && t.hi[1][h] == t.hi[1][h - 1];
                        if (same) {
                            xr[ns] = xr[cs] + xs[3];
                            nr[ns] = nr[cs];
                        } else {
                            nr[ns] = avg_row_setup_at(&t, gs, xs, dy->data, n, c, d, h, S[ns], SW[ns], &xr[ns]);
                            avg_acc_avx2(S[ns], SW[ns], nr[ns], OW, invw, A[1 - ai]);
                        }
                    }
                    if (!stream) {
                        /* in place (a repeated row is expanded again: the same bits, no copy) */
                        avg_s2_expand(A[ai], &ex, W, (float*)dx->data + xr[cs]);
                    } else {
                        if (!have) avg_s2_expand(A[ai], &ex, W, ob);
                        copy_row_f32((float*)dx->data + xr[cs], ob, W, stream);
                    }
                    have = same;
                    if (!same) ai = 1 - ai;
                    cs = 1 - cs;
                }
            }
            float* A[2] = {(float*)acc, (float*)acc + OW + 16};
            uint64_t xb = 0, xb_next = 0;
            if (ok && r0 < r1 && !ex.n16) {
                const uint32_t nr = avg_row_setup(P, &t, gs, xs, dy->data, r0, grow, wrow, &xb);
                avg_acc_avx2(grow, wrow, nr, OW, invw, A[0]);
            }
            for (uint64_t row = r0; ok && !ex.n16 && row < r1; row++) {
                if (row + 1 < r1) {
                    const uint32_t nr = avg_row_setup(P, &t, gs, xs, dy->data, row + 1, grow, wrow, &xb_next);
                    avg_acc_avx2(grow, wrow, nr, OW, invw, A[(row + 1 - r0) & 1]);
                }
                float* out = (float*)dx->data + xb;
                avg_expand_avx2(A[(row - r0) & 1], &ex, W, out, stream && ((uintptr_t)out & 15u) == 0);
                xb = xb_next;
            }
            }
        } else
#endif
        {
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
        for (uint64_t row = 0; row < rows; row++) {
            if (!ok) continue;
            uint64_t r = row;
            const uint64_t h = r % P->isz[1]; r /= P->isz[1];
            const uint64_t d = r % P->isz[0]; r /= P->isz[0];
            const uint64_t c = r % C, n = r / C;
            const uint64_t gb = n * gs[0] + c * gs[1], xb = n * xs[0] + c * xs[1] + d * xs[2] + h * xs[3];
            if (fast) {
                uint64_t xr;
                const uint32_t nr = avg_row_setup(P, &t, gs, xs, dy->data, row, grow, wrow, &xr);
                avg_row_f32_c(grow, wrow, nr, OW, invw, &ex, W, (float*)acc, (float*)dx->data + xr);
                continue;
            }
            for (uint64_t ow = 0; ow < OW; ow++) acc[ow] = 0.0;
            for (uint64_t od = t.lo[0][d]; od < t.hi[0][d]; od++)
                for (uint64_t oh = t.lo[1][h]; oh < t.hi[1][h]; oh++) {
                    const double wdh = t.inv[0][od] * t.inv[1][oh];
                    const uint64_t base = gb + od * gs[2] + oh * gs[3];
                    for (uint64_t ow = 0; ow < OW; ow++) acc[ow] += (double)load_f(dy->data, P->dtype, base + ow * gs[4]) * wdh;
                }
            for (uint64_t ow = 0; ow < OW; ow++) acc[ow] *= t.inv[2][ow];
            for (uint64_t w = 0; w < W; w++) {
                double v = 0.0;
                for (uint64_t ow = t.lo[2][w]; ow < t.hi[2][w]; ow++) v += acc[ow];
                store_d(dx->data, P->dtype, xb + w * xs[4], v);
            }
        }
        }
    }
#ifdef PL_X86
    if (stream) pydml_stream_fence();
#endif
    return oom ? PYDML_STATUS_INVALID_PARAMETER : PYDML_STATUS_SUCCESS;
}

/* MAX_POOLING_GRAD's maxima for W stride 2 (FLOAT32, W contiguous; AVX2): the plane's input rows
 * are first split into their even and odd columns (deint_row, once per plane), so that every tap of
 * 8 consecutive windows is one unit-stride load instead of two loads and a lane-crossing permute
 * per tap (slow on AMD Zen). The windows, their walk order and the comparison (v replaces m when
 * v > m, or v is NaN and m is not) are max_vec_avx2's, so the maxima and their indices are the
 * forward's bit for bit; the border columns run max_float_col as there. */
#ifdef PL_X86
/* e[j] = s[2j], o[j] = s[2j + 1] for the W elements of s; returns whether any is NaN */
EW_T256 static int deint_row(const float* s, uint64_t W, float* e, float* o) {
    uint64_t j = 0;
    __m256 nan = _mm256_setzero_ps();
    for (; 2 * j + 16 <= W; j += 8) {
        const __m256 a = _mm256_loadu_ps(s + 2 * j), b = _mm256_loadu_ps(s + 2 * j + 8);
        nan = _mm256_or_ps(nan, _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
        const __m256 ev = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)); /* a0 a2 b0 b2 | a4 a6 b4 b6 */
        const __m256 od = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
        _mm256_storeu_ps(e + j, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(ev), _MM_SHUFFLE(3, 1, 2, 0))));
        _mm256_storeu_ps(o + j, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(od), _MM_SHUFFLE(3, 1, 2, 0))));
    }
    int any = _mm256_movemask_ps(nan) != 0;
    for (; 2 * j < W; j++) {
        e[j] = s[2 * j];
        any |= isnan(e[j]);
        if (2 * j + 1 < W) {
            o[j] = s[2 * j + 1];
            any |= isnan(o[j]);
        }
    }
    return any;
}

/* ridx[ow] for ow in [a, b) of output row (od, oh); split: the plane's rows split by deint_row,
 * row r's even columns at split + 2 * r * half, its odd ones half further */
EW_T256 static void max_s2_avx2(const pool_plan* P, const row_ctx* x, const float* split, uint64_t half,
                                uint64_t a, uint64_t b, int nan, int32_t* ridx) {
    const int64_t pw = P->pad[2];
    const __m256i lane = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
    const uint64_t W = P->isz[2], H = P->isz[1];
    /* MS2_U groups of 8 columns at once: each group's compare-and-blend chain is serial (its
     * latency, not the loads, bounds one group), so independent groups overlap. A group tracks
     * the index of its lane 0's tap (the same for every group and lane of one tap); the lane and
     * group offsets are added once at the end. */
    enum { MS2_U = 4 };
    for (uint64_t ow0 = a; ow0 < b; ow0 += 8 * MS2_U) {
        const uint64_t left = b - ow0;
        const uint32_t groups = left >= 8 * MS2_U ? MS2_U : (uint32_t)((left + 7) / 8);
        __m256 m[MS2_U] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
        __m256 mi[MS2_U] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
        int first = 1;
        for (uint32_t kd = x->d0; kd < x->d1; kd++) {
            const uint64_t d = (uint64_t)POS(0, x->od, kd);
            for (uint32_t kh = x->h0; kh < x->h1; kh++) {
                const uint64_t h = (uint64_t)POS(1, x->oh, kh);
                const float* row = split + 2 * (d * H + h) * half;
                const uint64_t lb = (d * H + h) * W;
                for (uint32_t kw = 0; kw < P->win[2]; kw++) {
                    /* inside the row for every ow in [a, b): w >= 0 */
                    const uint64_t w = (uint64_t)((int64_t)ow0 * 2 - pw + (int64_t)kw * P->dil[2]);
                    const float* src = row + (w & 1u) * half + (w >> 1);
                    const __m256 vi = _mm256_castsi256_ps(_mm256_set1_epi32((int32_t)(lb + w)));
                    if (first) {
                        for (uint32_t u = 0; u < MS2_U; u++) {
                            m[u] = _mm256_loadu_ps(src + 8 * u);
                            mi[u] = vi;
                        }
                        first = 0;
                    } else if (nan) {
                        /* v replaces m when v > m, or v is NaN and m is not */
                        for (uint32_t u = 0; u < MS2_U; u++) {
                            const __m256 v = _mm256_loadu_ps(src + 8 * u);
                            const __m256 up = _mm256_and_ps(_mm256_cmp_ps(m[u], m[u], _CMP_ORD_Q),
                                                            _mm256_cmp_ps(v, m[u], _CMP_NLE_UQ));
                            m[u] = _mm256_blendv_ps(m[u], v, up);
                            mi[u] = _mm256_blendv_ps(mi[u], vi, up);
                        }
                    } else {
                        /* no NaN in the plane: the same test is v > m */
                        for (uint32_t u = 0; u < MS2_U; u++) {
                            const __m256 v = _mm256_loadu_ps(src + 8 * u);
                            const __m256 up = _mm256_cmp_ps(v, m[u], _CMP_GT_OQ);
                            m[u] = _mm256_blendv_ps(m[u], v, up);
                            mi[u] = _mm256_blendv_ps(mi[u], vi, up);
                        }
                    }
                }
            }
        }
        int32_t t[8 * MS2_U];
        int32_t* dst = groups == MS2_U ? ridx + ow0 : t;
        for (uint32_t u = 0; u < MS2_U; u++)
            _mm256_storeu_si256((__m256i*)(dst + 8 * u),
                                _mm256_add_epi32(_mm256_add_epi32(_mm256_castps_si256(mi[u]), lane),
                                                 _mm256_set1_epi32((int32_t)(16 * u))));
        if (dst == t)
            for (uint64_t j = 0; j < left; j++) ridx[ow0 + j] = t[j];
    }
}
#endif

/* tap_range without a division for Dilations 1 (the same range): max_grad calls it per row and
 * border column. */
static inline void tap_range_g(const pool_plan* p, int a, uint64_t o, uint32_t* lo, uint32_t* hi) {
    if (p->dil[a] != 1) {
        tap_range(p, a, o, lo, hi);
        return;
    }
    const int64_t start = (int64_t)o * p->stride[a] - (int64_t)p->pad[a], size = p->isz[a];
    int64_t k0 = start < 0 ? -start : 0, k1 = size - start <= 0 ? 0 : size - start;
    if (k1 > (int64_t)p->win[a]) k1 = p->win[a];
    if (k0 > k1) k0 = k1;
    *lo = (uint32_t)k0;
    *hi = (uint32_t)k1;
}

/* max_float_col's index for FLOAT32 with W contiguous (the fast rows' border columns): the same
 * walk and comparison, the index relative to the plane; none: `none` */
static int32_t max_col_f32(const pool_plan* P, const float* xp, const uint64_t* is, const row_ctx* x, uint64_t ow,
                           int32_t none) {
    uint32_t w0, w1;
    tap_range_g(P, 2, ow, &w0, &w1);
    const int64_t ws = (int64_t)ow * P->stride[2] - (int64_t)P->pad[2];
    float m = -INFINITY;
    int32_t mi = none;
    int found = 0;
    for (uint32_t kd = x->d0; kd < x->d1; kd++) {
        const uint64_t d = (uint64_t)POS(0, x->od, kd);
        for (uint32_t kh = x->h0; kh < x->h1; kh++) {
            const uint64_t h = (uint64_t)POS(1, x->oh, kh);
            const float* row = xp + d * is[2] + h * is[3];
            const int32_t lb = (int32_t)((d * P->isz[1] + h) * P->isz[2]);
            for (uint32_t kw = w0; kw < w1; kw++) {
                const int64_t w = ws + (int64_t)kw * P->dil[2];
                const float v = row[w];
                /* without branches (bit selects; GCC turned `up ? v : m` into a branch): the data
                 * decide, so branches would mispredict */
                const int up = !found | (v > m) | (isnan(v) & !isnan(m));
                const uint32_t sel = 0u - (uint32_t)up;
                uint32_t vb, mb;
                memcpy(&vb, &v, sizeof vb);
                memcpy(&mb, &m, sizeof mb);
                mb = (vb & sel) | (mb & ~sel);
                memcpy(&m, &mb, sizeof m);
                mi = (int32_t)(((uint32_t)(lb + (int32_t)w) & sel) | ((uint32_t)mi & ~sel));
                found = 1;
            }
        }
    }
    return mi;
}

#ifdef PL_X86
/* ---- MAX_POOLING_GRAD as a gather (FLOAT32, W contiguous in every tensor, Dilations 1 on H and W,
 * max_sep_band's shapes; AVX2) ----
 * Each window's maximum comes from max_sep_band, the forward's own separable rows (MAX_POOLING1/2
 * with OutputIndicesTensor run the same function), as a plane offset per output column (-1: none),
 * into a ring of the output rows that cover the current input row. Each dX row is then written
 * once, whole: element (h, w) sums dY[oh, ow] over the windows covering it (cover_range on H and
 * W) whose maximum is (h, w), in increasing (oh, ow) order from +0.0 -- the order and the sums of
 * the scatter (output row-major into a zeroed plane), so the same bits: a window that does not
 * choose the element adds +0.0, which changes no sum (a sum from +0.0 is never -0.0 in
 * round-to-nearest). No clearing pass and no plane of sums: the dX rows go out once, streamed past
 * the caches when the tensors are larger than them. */
#define MG_EDGE 64   /* the most border elements of a row (each side) the gather's tables hold */

typedef struct mg_gather {
    uint32_t sw;          /* Strides[W]: 1 or 2 */
    uint64_t va, vb;      /* the vector range: sw 2: j in [va, vb) (w = 2j, 2j + 1); sw 1: w in [va, vb) */
    int64_t q[2];         /* sw 2: phase p's (w = 2j + p) first covering ow is j + q[p]; sw 1: w + q[0] */
    uint32_t cnt[2];      /* and the number of covering ow */
    uint64_t wa, wb;      /* the border elements: w < wa and w >= wb */
    uint32_t lo[2 * MG_EDGE], hi[2 * MG_EDGE];   /* their covering ow (cover_range): w < wa, then w >= wb */
} mg_gather;

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* the gather's geometry of W; 0 when a border is longer than MG_EDGE */
static int mg_gather_of(const pool_plan* P, mg_gather* G) {
    memset(G, 0, sizeof *G);
    const int64_t pad = P->pad[2], win = P->win[2], OW = P->osz[2], W = P->isz[2];
    G->sw = P->stride[2];
    int64_t a, b;
    if (G->sw == 2) {
        /* w = 2j + p: ow from ceil((w + pad - win + 1) / 2) to floor((w + pad) / 2) (cover_range) */
        a = 0;
        b = W / 2;   /* 2j + 1 <= W - 1 */
        for (int p = 0; p < 2; p++) {
            const int64_t q = -floor_div(-(p + pad - win + 1), 2), last = floor_div(p + pad, 2);
            G->q[p] = q;
            G->cnt[p] = last >= q ? (uint32_t)(last - q + 1) : 0u;
            if (-q > a) a = -q;                                  /* j + q >= 0 */
            if (OW - q - (int64_t)G->cnt[p] + 1 < b) b = OW - q - (int64_t)G->cnt[p] + 1;   /* j + q + cnt <= OW */
        }
    } else {
        G->q[0] = pad - win + 1;
        G->cnt[0] = (uint32_t)win;
        a = win - 1 - pad > 0 ? win - 1 - pad : 0;
        b = OW - pad < W ? OW - pad : W;
    }
    if (b - a < 8) a = b = 0;   /* too short for a block: every element is a border one */
    G->va = (uint64_t)a;
    G->vb = (uint64_t)b;
    G->wa = G->sw == 2 ? 2 * G->va : G->va;
    G->wb = G->sw == 2 ? 2 * G->vb : G->vb;
    if (G->wa > MG_EDGE || (uint64_t)W - G->wb > MG_EDGE) return 0;
    for (uint64_t e = 0; e < 2 * MG_EDGE; e++) {
        const uint64_t w = e < MG_EDGE ? e : G->wb + (e - MG_EDGE);
        if ((e < MG_EDGE && w >= G->wa) || w >= (uint64_t)W) continue;
        uint64_t lo, hi;
        cover_range(P, 2, w, &lo, &hi);
        G->lo[e] = (uint32_t)lo;
        G->hi[e] = (uint32_t)hi;
    }
    return 1;
}

/* border element e (mg_gather's tables) at plane offset t: its covering rows' gradients whose
 * maximum it is, in (oh, ow) order */
static inline float mg_one(const mg_gather* G, const int32_t* const* ri, const float* const* gr, uint32_t nr,
                           int32_t t, uint64_t e) {
    float v = 0.0f;
    for (uint32_t k = 0; k < nr; k++)
        for (uint32_t ow = G->lo[e]; ow < G->hi[e]; ow++)
            if (ri[k][ow] == t) v += gr[k][ow];
    return v;
}

/* v + the cnt columns ow0 + lane, ow0 + lane + 1, .. of row (ri, gr) where ri equals t (lane-wise) */
EW_T256 static inline __attribute__((always_inline)) __m256 mg_lanes(__m256 v, const int32_t* ri, const float* gr,
                                                                    uint64_t ow0, uint32_t cnt, __m256i t) {
    for (uint32_t m = 0; m < cnt; m++) {
        const __m256i i = _mm256_loadu_si256((const __m256i*)(ri + ow0 + m));
        const __m256 e = _mm256_castsi256_ps(_mm256_cmpeq_epi32(i, t));
        v = _mm256_add_ps(v, _mm256_and_ps(e, _mm256_loadu_ps(gr + ow0 + m)));
    }
    return v;
}

/* sw 2: the blocks of 16 elements (8 j) of a row from nr covering rows, counts c0, c1 (constants
 * in the common cases: the loops unroll with the rows' pointers in registers) */
EW_T256 static inline __attribute__((always_inline)) void mg_blocks_s2(const int32_t* const* ri, const float* const* gr,
                                                                       uint32_t nr, const mg_gather* G, int32_t tb,
                                                                       float* out, uint32_t c0, uint32_t c1) {
    const int32_t* r0 = ri[0];
    const int32_t* r1 = nr > 1 ? ri[1] : ri[0];
    const float* g0 = gr[0];
    const float* g1 = nr > 1 ? gr[1] : gr[0];
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14), one = _mm256_set1_epi32(1);
    const uint64_t va = G->va, vb = G->vb, q0 = (uint64_t)G->q[0], q1 = (uint64_t)G->q[1];
    /* blocks of 8 j from va, and one ending at vb (again over a few lanes: the same values) */
    for (uint64_t j0 = va;; j0 += 8) {
        if (j0 + 8 > vb) j0 = vb - 8;
        const __m256i te = _mm256_add_epi32(_mm256_set1_epi32(tb + 2 * (int32_t)j0), even), to = _mm256_add_epi32(te, one);
        __m256 v0 = _mm256_setzero_ps(), v1 = _mm256_setzero_ps();
        if (nr >= 1) {
            v0 = mg_lanes(v0, r0, g0, j0 + q0, c0, te);
            v1 = mg_lanes(v1, r0, g0, j0 + q1, c1, to);
        }
        if (nr >= 2) {
            v0 = mg_lanes(v0, r1, g1, j0 + q0, c0, te);
            v1 = mg_lanes(v1, r1, g1, j0 + q1, c1, to);
        }
        for (uint32_t k = 2; k < nr; k++) {
            v0 = mg_lanes(v0, ri[k], gr[k], j0 + q0, c0, te);
            v1 = mg_lanes(v1, ri[k], gr[k], j0 + q1, c1, to);
        }
        const __m256 lo = _mm256_unpacklo_ps(v0, v1), hi = _mm256_unpackhi_ps(v0, v1);   /* e0 o0 e1 o1 | e4 o4 e5 o5 */
        _mm256_storeu_ps(out + 2 * j0, _mm256_permute2f128_ps(lo, hi, 0x20));
        _mm256_storeu_ps(out + 2 * j0 + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
        if (j0 + 8 >= vb) break;
    }
}

/* one dX row (W floats to out) from its covering output rows ri[0, nr) / gr[0, nr) (increasing oh);
 * tb: the row's plane offset */
EW_T256 static void mg_row(const pool_plan* P, const mg_gather* G, const int32_t* const* ri, const float* const* gr,
                           uint32_t nr, int32_t tb, float* out) {
    const uint64_t W = P->isz[2];
    for (uint64_t w = 0; w < G->wa; w++) out[w] = mg_one(G, ri, gr, nr, tb + (int32_t)w, w);
    if (G->vb > G->va && nr == 0) {
        memset(out + G->wa, 0, sizeof(float) * (G->wb - G->wa));
    } else if (G->vb > G->va && G->sw == 2) {
        const uint32_t c0 = G->cnt[0], c1 = G->cnt[1];
        if (c0 == 1 && c1 == 2 && nr == 1) mg_blocks_s2(ri, gr, 1, G, tb, out, 1, 2);         /* 3x3, padding 1 */
        else if (c0 == 1 && c1 == 2 && nr == 2) mg_blocks_s2(ri, gr, 2, G, tb, out, 1, 2);
        else if (c0 == 1 && c1 == 1 && nr == 1) mg_blocks_s2(ri, gr, 1, G, tb, out, 1, 1);    /* 2x2 */
        else mg_blocks_s2(ri, gr, nr, G, tb, out, c0, c1);
    } else if (G->vb > G->va) {
        const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        for (uint64_t w0 = G->va;; w0 += 8) {
            if (w0 + 8 > G->vb) w0 = G->vb - 8;
            const __m256i t = _mm256_add_epi32(_mm256_set1_epi32(tb + (int32_t)w0), lane);
            __m256 v = _mm256_setzero_ps();
            for (uint32_t k = 0; k < nr; k++) v = mg_lanes(v, ri[k], gr[k], (uint64_t)((int64_t)w0 + G->q[0]), G->cnt[0], t);
            _mm256_storeu_ps(out + w0, v);
            if (w0 + 8 >= G->vb) break;
        }
    }
    for (uint64_t w = G->wb; w < W; w++) out[w] = mg_one(G, ri, gr, nr, tb + (int32_t)w, MG_EDGE + (w - G->wb));
}

/* one thread's scratch for mg_slice (pool_layout's parts) */
typedef struct mg_thread {
    uint32_t* hlo;      /* [H]: the output rows covering input row h are [hlo[h], hhi[h]) (cover_range) */
    uint32_t* hhi;
    uint32_t* th0;      /* [OH]: the input rows of output row oh are [th0[oh], th1[oh]) (tap_range) */
    uint32_t* th1;
    float* hm;          /* the ring of input rows' maxima (hmax_row_idx): row h in slot h & hmask, OWP each */
    int32_t* hw;        /* and their columns */
    int* hnan;          /* and whether the row holds a NaN */
    uint32_t hmask;
    float* rowbuf;      /* one dX row, streamed out from here */
} mg_thread;

/* dX slice (n, c, d): the output slice od covering d (a one-row window on D), row by row: each
 * output row's maxima (hmax_row_idx / vmax_row_idx, the forward's) when the first input row it
 * covers comes, each input row's maxima when the first output row reading it does */
EW_T256 static void mg_slice(const pool_run* r, const mg_gather* G, const mg_thread* T, const float* dy,
                             const uint64_t* gs, float* dx, const uint64_t* xs, uint64_t n, uint64_t c, uint64_t d,
                             int stream) {
    const pool_plan* P = r->plan;
    const uint64_t H = P->isz[1], W = P->isz[2], OWP = ((uint64_t)P->osz[2] + 7) & ~(uint64_t)7;
    float* xb = dx + n * xs[0] + c * xs[1] + d * xs[2];
    const uint64_t qd = d + P->pad[0], od = qd / P->stride[0];
    if (qd % P->stride[0] != 0 || od >= P->osz[0]) {
        /* no window reads this slice */
        for (uint64_t h = 0; h < H; h++) {
            if (stream) {
                memset(T->rowbuf, 0, sizeof(float) * W);
                pl_stream_copy(xb + h * xs[3], T->rowbuf, W, stream);
            } else {
                memset(xb + h * xs[3], 0, sizeof(float) * W);
            }
        }
        return;
    }
    row_ctx x;
    memset(&x, 0, sizeof x);
    x.n = n;
    x.c = c;
    x.od = od;
    x.d1 = 1;
    inner_cols(P, &x.ia, &x.ib);
    const float* xin = (const float*)r->in + n * r->is[0] + c * r->is[1] + d * r->is[2];
    const float* gb = dy + n * gs[0] + c * gs[1] + od * gs[2];
    const float* rows[64];
    const int32_t* cols[64];
    int32_t off[64];
    const int32_t* ri[64];
    const float* gr[64];
    uint64_t hnext = 0, ohnext = 0;   /* the next input row / output row whose maxima are taken */
    for (uint64_t h = 0; h < H; h++) {
        const uint64_t lo = T->hlo[h], hi = T->hhi[h];
        for (; ohnext < hi; ohnext++) {
            const uint64_t oh = ohnext, h0 = T->th0[oh], h1 = T->th1[oh];
            if (oh < lo) continue;   /* covers no input row from h on, nor (computed otherwise) before */
            for (uint64_t i = hnext > h0 ? hnext : h0; i < h1; i++) {
                const uint64_t slot = i & T->hmask;
                const float* sr = xin + i * r->is[3];
                T->hnan[slot] = row_has_nan(sr, W);
                hmax_row_idx(P, sr, T->hnan[slot], T->hm + slot * OWP, T->hw + slot * OWP);
            }
            if (h1 > hnext) hnext = h1;
            int nan = 0;
            uint32_t nr = 0;
            for (uint64_t i = h0; i < h1; i++, nr++) {
                const uint64_t slot = i & T->hmask;
                nan |= T->hnan[slot];
                rows[nr] = T->hm + slot * OWP;
                cols[nr] = T->hw + slot * OWP;
                off[nr] = (int32_t)((d * H + i) * W);
            }
            x.oh = oh;
            vmax_row_idx(r, &x, rows, cols, off, nr, nan);
        }
        const uint32_t nr = (uint32_t)(hi - lo);
        for (uint32_t k = 0; k < nr; k++) {
            ri[k] = r->gidx + ((lo + k) & r->gidx_mask) * OWP;
            gr[k] = gb + (lo + k) * gs[3];
        }
        float* out = stream ? T->rowbuf : xb + h * xs[3];
        mg_row(P, G, ri, gr, nr, (int32_t)((d * H + h) * W), out);
        if (stream) pl_stream_copy(xb + h * xs[3], T->rowbuf, W, stream);
    }
}
#endif

#ifdef PL_X86
typedef struct mg_job {
    const pool_layout* z;
    const mg_gather* G;
    const pool_run* r;
    const float* dy;
    const uint64_t* gs;
    float* dx;
    const uint64_t* xs;
    int stream;
} mg_job;

typedef struct mg_state {
    pool_run rt;
    mg_thread T;
} mg_state;
_Static_assert(sizeof(mg_state) <= SLICE_STATE_BYTES, "a thread state run_slices holds");

static int mg_setup(const void* ctx, unsigned char* mine, void* state) {
    const mg_job* J = (const mg_job*)ctx;
    const pool_plan* P = J->r->plan;
    const pool_layout* z = J->z;
    const uint64_t H = P->isz[1], OH = P->osz[1], OWP = ((uint64_t)P->osz[2] + 7) & ~(uint64_t)7;
    mg_state* st = (mg_state*)state;
    st->rt = *J->r;
    mg_thread* T = &st->T;
    memset(T, 0, sizeof *T);
    if (mine == NULL) return 0;
    st->rt.gidx = (int32_t*)(void*)(mine + z->t_gidx);
    st->rt.gidx_mask = z->KG2 - 1;
    T->rowbuf = (float*)(void*)(mine + z->t_grow_out);
    T->hm = (float*)(void*)(mine + z->t_ring);
    T->hw = (int32_t*)(void*)(T->hm + (uint64_t)z->HR2 * OWP);
    T->hnan = (int*)(void*)(T->hw + (uint64_t)z->HR2 * OWP);
    T->hmask = z->HR2 - 1;
    T->hlo = (uint32_t*)(void*)(mine + z->t_rows);
    T->hhi = T->hlo + H;
    T->th0 = T->hhi + H;
    T->th1 = T->th0 + OH;
    for (uint64_t h = 0; h < H; h++) {
        uint64_t lo, hi;
        cover_range(P, 1, h, &lo, &hi);
        T->hlo[h] = (uint32_t)lo;
        T->hhi[h] = (uint32_t)hi;
    }
    for (uint64_t oh = 0; oh < OH; oh++) {
        uint32_t k0, k1;
        tap_range(P, 1, oh, &k0, &k1);
        /* Dilations 1: taps k0 .. k1 - 1 are rows oh * sh - ph + k */
        const int64_t base = (int64_t)oh * P->stride[1] - (int64_t)P->pad[1];
        T->th0[oh] = k1 > k0 ? (uint32_t)(base + k0) : 0u;
        T->th1[oh] = k1 > k0 ? (uint32_t)(base + k1) : 0u;
    }
    return 1;
}

static void mg_slice_of(const void* ctx, void* state, uint64_t n, uint64_t c, uint64_t d) {
    const mg_job* J = (const mg_job*)ctx;
    const mg_state* st = (const mg_state*)state;
    mg_slice(&st->rt, J->G, &st->T, J->dy, J->gs, J->dx, J->xs, n, c, d, J->stream);
}

/* MAX_POOLING_GRAD by mg_slice, slice by slice (run_slices) */
static pydml_status max_gather(const pool_plan* P, const mg_gather* Gp, const pool_run* r, const pydml_tensor* dy,
                               const uint64_t* gs, const pydml_tensor* dx, const uint64_t* xs, const pydml_workspace* ws,
                               const pool_layout* z, int stream) {
    const mg_gather G = *Gp;
    const mg_job J = {z, &G, r, (const float*)dy->data, gs, (float*)dx->data, xs, stream};
    const slice_job S = {P, ws, z, &J, mg_setup, mg_slice_of, stream};
    return run_slices(&S);
}
#endif

/* ---- MAX_POOLING_GRAD of 3x3 windows with Strides 2 (ResNet's stem and the like): one pass ----
 * FLOAT32, W contiguous in every tensor, a one-tap window on D, WindowSize 3 and Strides 2 on H and
 * W, Dilations 1, StartPadding 0 or 1 on H and W (any EndPadding: the output sizes carry it). Each
 * (n, c, d) slice is walked once, output row by output row:
 *  1. each input row's window maxima over W (3 taps) and their column offset kw, once per row
 *     (mg3_hmax; a ring of 3 rows);
 *  2. the output row's window codes kh * 4 + kw, the position of each window's maximum inside it,
 *     -1 for a window without an element (mg3_codes; a ring of 3 code rows, with dY's row beside);
 *     steps 1 and 2 are one pass (mg3_fused) for an output row whose 3 input rows are in the
 *     tensor: its 2 new rows' maxima stay in registers, only the last one is stored for the next
 *     output row. Rows without NaN decide v > m with one compare (the forward's rule below only
 *     for rows holding a NaN a window reads, found as the row is taken and then redone);
 *  3. every dX row whose covering output rows are done is written once, whole (mg3_row): with
 *     Strides 2 and 3 taps, position i = 2 o - pad + k is covered by (o = i / 2, k = 1) for even
 *     i + pad - 1 and by (o, k = 2), (o + 1, k = 0) for odd, so 16 dX elements of a row are 8 lanes
 *     of "dY where the code is k" from one covering output row (1 or 2 of them on H).
 * X is read once, dY once, dX written once (streamed past the caches from PL_STREAM_BYTES); the
 * rings stay in L1.
 * The window's maximum is the forward's (max_float_col): row-major walk, v replaces m when v > m or
 * v is NaN and m is not, the first valid tap starting m. Taking each row's maximum first (lowest kw
 * among equal values) and then the rows in kh order with the same rule picks the same element: the
 * row-major first of the window's largest values (or of its NaNs) is in the lowest row that holds
 * one, at that row's lowest column. So no separate NaN pass: the vector comparisons carry the rule.
 * Sums: dX element i adds dY[o] over the windows o choosing it in increasing (oh, ow) order from
 * +0.0, a window not choosing it adding +0.0 -- the scatter's sums (max_grad below), bit for bit. */
typedef struct mg3_geo {
    uint64_t H, W, OH, OW;
    int64_t ph, pw;
    uint64_t ia, ib;   /* the windows with every W tap inside the row: [ia, ib), vectors of 8 when ib - ia >= 8 */
    uint64_t ng;       /* their groups of 8 (the last one ends at ib) */
    uint64_t nj;       /* dX column pairs: w = 2 j + 1 - pw + {0, 1} */
    uint64_t cl;       /* floats of a code / gradient row: 8 sentinels, then the row and sentinels */
    uint32_t nbw;      /* the other windows with a tap in the row (at most 8: the ring's last group) */
    uint32_t bw[8];    /* their ow */
    uint32_t bk0[8], bk1[8];   /* and their valid taps [bk0, bk1) (tap_range) */
} mg3_geo;

/* 0 when the windows outside [ia, ib) with a tap in the row are more than 8 */
static int mg3_geo_of(const pool_plan* P, mg3_geo* g) {
    memset(g, 0, sizeof *g);
    g->H = P->isz[1];
    g->W = P->isz[2];
    g->OH = P->osz[1];
    g->OW = P->osz[2];
    g->ph = P->pad[1];
    g->pw = P->pad[2];
    /* 2 ow - pw >= 0 and 2 ow - pw + 2 <= W - 1 */
    const int64_t last = ((int64_t)g->W - 3 + g->pw) >= 0 ? ((int64_t)g->W - 3 + g->pw) / 2 + 1 : 0;
    g->ia = (uint64_t)g->pw;
    g->ib = (uint64_t)last < g->OW ? (uint64_t)last : g->OW;
    if (g->ib < g->ia + 8) g->ia = g->ib = 0;
    g->ng = (g->ib - g->ia + 7) / 8;
    /* pw 1: w = 2 j, 2 j + 1 < W; pw 0: w = 0 alone, then 2 j + 1, 2 j + 2 < W */
    g->nj = g->pw ? (g->W + 1) / 2 : g->W / 2;
    const uint64_t nb8 = (g->nj + 7) & ~(uint64_t)7, owp = (g->OW + 7) & ~(uint64_t)7;
    g->cl = 8 + (nb8 + 8 > owp ? nb8 + 8 : owp) + 8;
    for (uint64_t ow = 0; ow < g->OW; ow++) {
        if (ow == g->ia) ow = g->ib;
        if (ow >= g->OW) break;
        uint32_t k0, k1;
        tap_range(P, 2, ow, &k0, &k1);
        if (k1 <= k0) continue;   /* all padding: no element, its code stays -1 */
        if (g->nbw == 8) return 0;
        g->bw[g->nbw] = (uint32_t)ow;
        g->bk0[g->nbw] = k0;
        g->bk1[g->nbw++] = k1;
    }
    return 1;
}

static int mg3_shape(const pool_plan* P) {
    mg3_geo g;
    return P->fn == PL_MAX && P->grad && P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && P->win[0] == 1 &&
           P->win[1] == 3 && P->win[2] == 3 && P->stride[1] == 2 && P->stride[2] == 2 && P->dil[1] == 1 &&
           P->dil[2] == 1 && P->pad[1] <= 1 && P->pad[2] <= 1 && mg3_geo_of(P, &g);
}

static uint64_t mg3_thread_bytes(const pool_plan* P) {
    mg3_geo g;
    mg3_geo_of(P, &g);
    /* hm, hk: 3 rows of ng + 1 groups; codes and gradients: 3 rows of cl; one dX row (+16) */
    return sizeof(float) * (2 * 3 * 8 * (g.ng + 1) + 6 * g.cl + g.W + 16) + 64;
}

#ifdef PL_X86
typedef struct mg3_thread {
    float* hm;        /* [3][8 ng]: row h's group maxima in slot h % 3, in the shuffled lane order */
    int32_t* hk;      /* and their column offsets kw */
    int64_t tag[3];   /* the input row in each slot, -1 none */
    int nan[3];       /* and whether it holds a NaN a window reads */
    int32_t* cr;      /* [3][cl]: output row oh's codes at cr + (oh % 3) * cl + 8, -1 around */
    float* gr;        /* [3][cl]: its gradient row, 0 around */
    float* rowbuf;    /* one dX row staged for the streamed copy */
} mg3_thread;

/* one border window's maximum over its valid taps [k0, k1) of row p and the first column holding it
 * (in *k), the forward's rule: v replaces m when v > m, or v is NaN and m is not. In SSE scalars,
 * without a branch on the data (the compares of random data mispredict half the time) */
EW_T256 static inline __attribute__((always_inline)) __m128 mg3_bmax(const float* p, uint32_t k0, uint32_t k1,
                                                                    int32_t* k) {
    __m128 m = _mm_load_ss(p + k0);
    int32_t kk = (int32_t)k0;
    for (uint32_t kw = k0 + 1; kw < k1; kw++) {
        const __m128 v = _mm_load_ss(p + kw);
        const __m128 up = _mm_andnot_ps(_mm_cmpunord_ss(m, m), _mm_cmpnle_ss(v, m));
        const int32_t u = _mm_cvtsi128_si32(_mm_castps_si128(up));   /* 0 or -1 */
        m = _mm_blendv_ps(m, v, up);
        kk = (kk & ~u) | ((int32_t)kw & u);
    }
    *k = kk;
    return m;
}

/* one input row's maxima over each window's taps and their offsets kw: the interior windows' group
 * q of 8 at hm + 8 q, lanes in the order 0 1 4 5 2 3 6 7 (two in-lane shuffles, no lane crossing;
 * mg3_codes puts them in place), then the border windows' group (bw) in order.
 * exact 0 takes the rows without NaN: "v replaces m" is then v > m, one compare, and m the vmaxps of
 * the two (equal values may differ in the sign of zero, which no later comparison sees); it returns
 * 1 when the row holds a NaN some window reads (unord of taps 0 and 1 covers every interior tap but
 * the last window's tap 2; the border windows' maxima are NaN when one of their taps is), and the
 * caller runs the row again with exact 1: the forward's rule in the compares. */
EW_T256 static inline __attribute__((always_inline)) int mg3_hmax_n(const mg3_geo* g, const float* s, float* hm,
                                                                    int32_t* hk, int exact) {
    const __m256 one = _mm256_castsi256_ps(_mm256_set1_epi32(1)), two = _mm256_castsi256_ps(_mm256_set1_epi32(2));
    __m256 nan = _mm256_setzero_ps();
    uint64_t q = 0;
    for (uint64_t o = g->ia; g->ng; o += 8, q++) {
        if (o + 8 > g->ib) o = g->ib - 8;
        const float* p = s + (2 * (int64_t)o - g->pw);
        const __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + 8);
        const __m256 t0 = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));    /* taps 0: p + 0 2 8 10 | 4 6 12 14 */
        const __m256 t1 = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));    /* taps 1 */
        const __m256 t2 = _mm256_shuffle_ps(_mm256_loadu_ps(p + 2), _mm256_loadu_ps(p + 9), _MM_SHUFFLE(3, 1, 2, 0));
        __m256 m, k;
        if (exact) {
            /* v replaces m when v > m, or v is NaN and m is not */
            const __m256 up1 = _mm256_andnot_ps(_mm256_cmp_ps(t0, t0, _CMP_UNORD_Q), _mm256_cmp_ps(t1, t0, _CMP_NLE_UQ));
            m = _mm256_blendv_ps(t0, t1, up1);
            k = _mm256_and_ps(up1, one);
            const __m256 up2 = _mm256_andnot_ps(_mm256_cmp_ps(m, m, _CMP_UNORD_Q), _mm256_cmp_ps(t2, m, _CMP_NLE_UQ));
            m = _mm256_blendv_ps(m, t2, up2);
            k = _mm256_blendv_ps(k, two, up2);
        } else {
            nan = _mm256_or_ps(nan, _mm256_cmp_ps(t0, t1, _CMP_UNORD_Q));
            const __m256 up1 = _mm256_cmp_ps(t1, t0, _CMP_GT_OQ);
            m = _mm256_max_ps(t0, t1);
            k = _mm256_and_ps(up1, one);
            const __m256 up2 = _mm256_cmp_ps(t2, m, _CMP_GT_OQ);
            m = _mm256_max_ps(m, t2);
            k = _mm256_blendv_ps(k, two, up2);
        }
        _mm256_storeu_ps(hm + 8 * q, m);
        _mm256_storeu_ps((float*)hk + 8 * q, k);
        if (o + 8 >= g->ib) break;
    }
    int any = 0;
    if (!exact && g->ng) any = _mm256_movemask_ps(nan) | isnan(s[2 * (int64_t)g->ib - g->pw]);
    /* the border windows: their valid taps only, the first one starting m (no branch on the data) */
    float* bm = hm + 8 * g->ng;
    int32_t* bk = hk + 8 * g->ng;
    for (uint32_t l = 0; l < g->nbw; l++) {
        int32_t k;
        const __m128 m = mg3_bmax(s + (2 * (int64_t)g->bw[l] - g->pw), g->bk0[l], g->bk1[l], &k);
        _mm_store_ss(bm + l, m);
        bk[l] = k;
        any |= _mm_movemask_ps(_mm_cmpunord_ss(m, m)) & 1;
    }
    return any != 0;
}

/* the row's maxima (mg3_hmax_n); 1 when it holds a NaN a window reads */
EW_T256 static int mg3_hmax(const mg3_geo* g, const float* s, float* hm, int32_t* hk) {
    if (!mg3_hmax_n(g, s, hm, hk, 0)) return 0;
    mg3_hmax_n(g, s, hm, hk, 1);
    return 1;
}

/* output row oh's codes into C: the windows' rows from the ring, in kh order with the forward's rule
 * (exact 0: no row holds a NaN, v > m decides as in mg3_hmax_n) */
EW_T256 static inline __attribute__((always_inline)) __m256i mg3_vmax(const float* const* hm, const float* const* hk,
                                                                     const __m256i* base, uint32_t nr, uint64_t at,
                                                                     int exact) {
    __m256 m = _mm256_loadu_ps(hm[0] + at);
    __m256i k = _mm256_add_epi32(_mm256_castps_si256(_mm256_loadu_ps(hk[0] + at)), base[0]);
    for (uint32_t r = 1; r < nr; r++) {
        const __m256 v = _mm256_loadu_ps(hm[r] + at);
        const __m256i kv = _mm256_add_epi32(_mm256_castps_si256(_mm256_loadu_ps(hk[r] + at)), base[r]);
        __m256 up;
        if (exact) {
            up = _mm256_andnot_ps(_mm256_cmp_ps(m, m, _CMP_UNORD_Q), _mm256_cmp_ps(v, m, _CMP_NLE_UQ));
            m = _mm256_blendv_ps(m, v, up);
        } else {
            up = _mm256_cmp_ps(v, m, _CMP_GT_OQ);
            m = _mm256_max_ps(m, v);
        }
        k = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(k), _mm256_castsi256_ps(kv), up));
    }
    return k;
}

EW_T256 static inline __attribute__((always_inline)) void mg3_codes_n(const mg3_geo* g, const float* const* hm,
                                                                      const float* const* hk, const __m256i* base,
                                                                      uint32_t nr, int32_t* C, int exact) {
    uint64_t q = 0;
    for (uint64_t o = g->ia; g->ng; o += 8, q++) {
        if (o + 8 > g->ib) o = g->ib - 8;
        const __m256i k = mg3_vmax(hm, hk, base, nr, 8 * q, exact);
        /* lanes 0 1 4 5 2 3 6 7 -> 0 .. 7 */
        _mm256_storeu_si256((__m256i*)(C + o), _mm256_permute4x64_epi64(k, _MM_SHUFFLE(3, 1, 2, 0)));
        if (o + 8 >= g->ib) break;
    }
    if (g->nbw) {
        int32_t t[8];
        _mm256_storeu_si256((__m256i*)t, mg3_vmax(hm, hk, base, nr, 8 * g->ng, exact));
        for (uint32_t l = 0; l < g->nbw; l++) C[g->bw[l]] = t[l];
    }
}

EW_T256 static void mg3_codes(const mg3_geo* g, const mg3_thread* T, uint64_t oh, int32_t* C) {
    const int64_t h0 = 2 * (int64_t)oh - g->ph;
    const float* hm[3];
    const float* hk[3];
    __m256i base[3];
    uint32_t nr = 0;
    int nan = 0;
    for (int32_t kh = 0; kh < 3; kh++) {
        const int64_t h = h0 + kh;
        if (h < 0 || h >= (int64_t)g->H) continue;
        const uint64_t slot = (uint64_t)h % 3;
        hm[nr] = T->hm + slot * 8 * (g->ng + 1);
        hk[nr] = (const float*)T->hk + slot * 8 * (g->ng + 1);
        nan |= T->nan[slot];
        base[nr++] = _mm256_set1_epi32(4 * kh);
    }
    if (nr == 0) {
        for (uint64_t ow = 0; ow < g->OW; ow++) C[ow] = -1;
        return;
    }
    if (nan) mg3_codes_n(g, hm, hk, base, nr, C, 1);
    else mg3_codes_n(g, hm, hk, base, nr, C, 0);
}

/* taps of one group of 8 interior windows at p (mg3_hmax_n's lanes), no NaN: the maximum in m and the
 * first column holding it as base + kw (kw0 = base, kw1 = base + 1, kw2 = base + 2); nan collects the
 * unordered lanes of taps 0 and 1 */
EW_T256 static inline __attribute__((always_inline)) void mg3_hgroup(const float* p, __m256 kw0, __m256 kw1,
                                                                     __m256 kw2, __m256* m, __m256* k, __m256* nan) {
    __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + 8);
    __asm__("" : "+x"(a), "+x"(b));   /* loaded once: folded into both shuffles they were loaded twice */
    const __m256 t0 = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
    const __m256 t1 = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
    const __m256 t2 = _mm256_shuffle_ps(_mm256_loadu_ps(p + 2), _mm256_loadu_ps(p + 9), _MM_SHUFFLE(3, 1, 2, 0));
    *nan = _mm256_or_ps(*nan, _mm256_cmp_ps(t0, t1, _CMP_UNORD_Q));
    const __m256 up1 = _mm256_cmp_ps(t1, t0, _CMP_GT_OQ);
    const __m256 m1 = _mm256_max_ps(t0, t1);
    const __m256 up2 = _mm256_cmp_ps(t2, m1, _CMP_GT_OQ);
    *m = _mm256_max_ps(m1, t2);
    *k = _mm256_blendv_ps(_mm256_blendv_ps(kw0, kw1, up1), kw2, up2);
}

/* output row oh's codes when its three input rows are in the row (h0 = 2 oh - ph >= 0, h0 + 2 < H) and
 * row h0's maxima are in the ring without NaN (slot 0 below, from the previous output row): rows h0 + 1
 * and h0 + 2 are taken here and kept in registers, only row h0 + 2's maxima stored for the next output
 * row (slot 2); the border windows as mg3_hmax_n's, through the ring (slots 1 and 2). Returns 1 when
 * row h0 + 1 or h0 + 2 holds a NaN a window reads: the caller then runs both rows through mg3_hmax and
 * the codes through mg3_codes (the forward's rule). */
EW_T256 static int mg3_fused(const mg3_geo* g, const float* s1, const float* s2, float* const* hm, int32_t* const* hk,
                             int32_t* C, uintptr_t pf1, uintptr_t pf2) {
    const __m256 z = _mm256_setzero_ps();
    const __m256 i0 = _mm256_castsi256_ps(_mm256_set1_epi32(0)), i1 = _mm256_castsi256_ps(_mm256_set1_epi32(1));
    const __m256 i2 = _mm256_castsi256_ps(_mm256_set1_epi32(2)), i4 = _mm256_castsi256_ps(_mm256_set1_epi32(4));
    const __m256 i5 = _mm256_castsi256_ps(_mm256_set1_epi32(5)), i6 = _mm256_castsi256_ps(_mm256_set1_epi32(6));
    const __m256i i8 = _mm256_set1_epi32(8);
    __m256 nan = z;
    float* const m2s = hm[2];
    float* const k2s = (float*)hk[2];
    const float* const m0s = hm[0];
    const float* const k0s = (const float*)hk[0];
    uint64_t q = 0;
    for (uint64_t o = g->ia; g->ng; o += 8, q++) {
        if (o + 8 > g->ib) o = g->ib - 8;
        const int64_t at = 2 * (int64_t)o - g->pw;
        /* the rows MG_AHEAD output rows on, a line each per group (mg3_slice) */
        _mm_prefetch((const char*)(pf1 + (uintptr_t)(at + 8) * sizeof(float)), _MM_HINT_T0);
        _mm_prefetch((const char*)(pf2 + (uintptr_t)(at + 8) * sizeof(float)), _MM_HINT_T0);
        __m256 m1, k1, m2, k2;
        mg3_hgroup(s1 + at, i4, i5, i6, &m1, &k1, &nan);   /* kh 1: codes 4 + kw */
        mg3_hgroup(s2 + at, i0, i1, i2, &m2, &k2, &nan);   /* kh 2: kw, stored plain for the next row's kh 0 */
        _mm256_storeu_ps(m2s + 8 * q, m2);
        _mm256_storeu_ps(k2s + 8 * q, k2);
        const __m256 m0 = _mm256_loadu_ps(m0s + 8 * q);
        const __m256 k0 = _mm256_loadu_ps(k0s + 8 * q);
        /* rows in kh order, v > m replacing (no NaN) */
        const __m256 up1 = _mm256_cmp_ps(m1, m0, _CMP_GT_OQ);
        const __m256 m = _mm256_max_ps(m0, m1);
        const __m256 up2 = _mm256_cmp_ps(m2, m, _CMP_GT_OQ);
        const __m256i k2c = _mm256_add_epi32(_mm256_castps_si256(k2), i8);
        const __m256 k = _mm256_blendv_ps(_mm256_blendv_ps(k0, k1, up1), _mm256_castsi256_ps(k2c), up2);
        /* lanes 0 1 4 5 2 3 6 7 -> 0 .. 7 */
        _mm256_storeu_si256((__m256i*)(C + o), _mm256_permute4x64_epi64(_mm256_castps_si256(k), _MM_SHUFFLE(3, 1, 2, 0)));
        if (o + 8 >= g->ib) break;
    }
    int any = 0;
    if (g->ng) any = _mm256_movemask_ps(nan) | isnan(s1[2 * (int64_t)g->ib - g->pw]) | isnan(s2[2 * (int64_t)g->ib - g->pw]);
    /* the border windows in scalars: each row's maximum over its valid taps, then the rows in kh order
     * (the forward's rule throughout: these rows may hold a NaN only the border reads) */
    const float* bm0 = hm[0] + 8 * g->ng;
    const int32_t* bk0 = hk[0] + 8 * g->ng;
    float* bm2 = hm[2] + 8 * g->ng;
    int32_t* bk2 = hk[2] + 8 * g->ng;
    for (uint32_t l = 0; l < g->nbw; l++) {
        const int64_t at = 2 * (int64_t)g->bw[l] - g->pw;
        __m128 m = _mm_load_ss(bm0 + l);
        int32_t code = bk0[l];
        for (int32_t r = 1; r < 3; r++) {
            int32_t k;
            const __m128 v = mg3_bmax((r == 1 ? s1 : s2) + at, g->bk0[l], g->bk1[l], &k);
            if (r == 2) {
                _mm_store_ss(bm2 + l, v);
                bk2[l] = k;
            }
            any |= _mm_movemask_ps(_mm_cmpunord_ss(v, v)) & 1;
            /* v > m: no NaN here unless any is set (the row is then redone) */
            const __m128 up = _mm_cmpgt_ss(v, m);
            const int32_t u = _mm_cvtsi128_si32(_mm_castps_si128(up));
            code = (code & ~u) | ((4 * r + k) & u);
            m = _mm_blendv_ps(m, v, up);
        }
        C[g->bw[l]] = code;
    }
    return any != 0;
}

/* lo, hi (16 consecutive floats) to out: streamed when nt (nt 2: out 32-byte aligned, 1: 16-byte) */
EW_T256 static inline __attribute__((always_inline)) void put16(float* out, __m256 lo, __m256 hi, int nt) {
    if (nt == 2) {
        _mm256_stream_ps(out, lo);
        _mm256_stream_ps(out + 8, hi);
    } else if (nt) {
        _mm_stream_ps(out, _mm256_castps256_ps128(lo));
        _mm_stream_ps(out + 4, _mm256_extractf128_ps(lo, 1));
        _mm_stream_ps(out + 8, _mm256_castps256_ps128(hi));
        _mm_stream_ps(out + 12, _mm256_extractf128_ps(hi, 1));
    } else {
        _mm256_storeu_ps(out, lo);
        _mm256_storeu_ps(out + 8, hi);
    }
}

/* 16 floats (8 even, 8 odd lanes interleaved) to out, as put16 */
EW_T256 static inline __attribute__((always_inline)) void mg3_put(float* out, __m256 ve, __m256 vo, int nt) {
    const __m256 lo = _mm256_unpacklo_ps(ve, vo), hi = _mm256_unpackhi_ps(ve, vo);   /* e0 o0 e1 o1 | e4 o4 e5 o5 */
    if (nt == 1) {
        /* 16-byte streamed stores take the halves where they are: no lane crossing first */
        _mm_stream_ps(out, _mm256_castps256_ps128(lo));
        _mm_stream_ps(out + 4, _mm256_castps256_ps128(hi));
        _mm_stream_ps(out + 8, _mm256_extractf128_ps(lo, 1));
        _mm_stream_ps(out + 12, _mm256_extractf128_ps(hi, 1));
        return;
    }
    put16(out, _mm256_permute2f128_ps(lo, hi, 0x20), _mm256_permute2f128_ps(lo, hi, 0x31), nt);
}

/* one dX row from its nr covering output rows (codes C[r], gradients G[r], the row's tap kh[r] in
 * each, increasing oh): j's pair of elements (w = 2 j + 1 - pw, w + 1) takes (ow = j, kw = 1) and
 * (ow = j, kw = 2) + (ow = j + 1, kw = 0). The gradient rows hold no -0.0 and no signalling NaN
 * (mg3_slice adds +0.0 as it copies them), so +0.0 + t = t for every masked term t and each sum
 * starts from its first term instead of +0.0: the same bits as the scatter's sums. */
EW_T256 static inline __attribute__((always_inline)) void mg3_row_n(const mg3_geo* g, const int32_t* const* C,
                                                                    const float* const* G, const int32_t* kh, uint32_t nr,
                                                                    float* out, int nt) {
    const uint64_t W = g->W, base = 1 - (uint64_t)g->pw;
    if (base) {
        /* pw 0: w = 0 is tap 0 of window 0 only */
        float v = 0.0f;
        for (uint32_t r = 0; r < nr; r++)
            if (C[r][0] == 4 * kh[r]) v += G[r][0];
        out[0] = v;
    }
    __m256i t0[2], t1[2], t2[2];
    for (uint32_t r = 0; r < nr; r++) {
        t0[r] = _mm256_set1_epi32(4 * kh[r]);
        t1[r] = _mm256_set1_epi32(4 * kh[r] + 1);
        t2[r] = _mm256_set1_epi32(4 * kh[r] + 2);
    }
    const int32_t* C0 = C[0];
    const int32_t* C1 = C[nr - 1];
    const float* G0 = G[0];
    const float* G1 = G[nr - 1];
    for (uint64_t j0 = 0; j0 < g->nj; j0 += 8) {
        __m256 ve, vo;
        {
            __m256i c0 = _mm256_loadu_si256((const __m256i*)(C0 + j0));
            const __m256i c1 = _mm256_loadu_si256((const __m256i*)(C0 + j0 + 1));
            __m256 g0 = _mm256_loadu_ps(G0 + j0);
            const __m256 g1 = _mm256_loadu_ps(G0 + j0 + 1);
            __asm__("" : "+x"(c0), "+x"(g0));   /* loaded once: folded into each compare they were loaded 2-3 times */
            ve = _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c0, t1[0])), g0);
            vo = _mm256_add_ps(_mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c0, t2[0])), g0),
                               _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c1, t0[0])), g1));
        }
        if (nr == 2) {
            __m256i c0 = _mm256_loadu_si256((const __m256i*)(C1 + j0));
            const __m256i c1 = _mm256_loadu_si256((const __m256i*)(C1 + j0 + 1));
            __m256 g0 = _mm256_loadu_ps(G1 + j0);
            const __m256 g1 = _mm256_loadu_ps(G1 + j0 + 1);
            __asm__("" : "+x"(c0), "+x"(g0));   /* loaded once: folded into each compare they were loaded 2-3 times */
            ve = _mm256_add_ps(ve, _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c0, t1[1])), g0));
            vo = _mm256_add_ps(vo, _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c0, t2[1])), g0));
            vo = _mm256_add_ps(vo, _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c1, t0[1])), g1));
        }
        const uint64_t w0 = 2 * j0 + base;
        if (w0 + 16 <= W) {
            mg3_put(out + w0, ve, vo, nt);
        } else {
            float t[16];
            mg3_put(t, ve, vo, 0);
            for (uint64_t i = 0; w0 + i < W; i++) out[w0 + i] = t[i];
        }
    }
}

EW_T256 static void mg3_row(const mg3_geo* g, const int32_t* const* C, const float* const* G, const int32_t* kh,
                            uint32_t nr, float* out, int nt) {
    if (nr == 1) {
        if (nt == 2) mg3_row_n(g, C, G, kh, 1, out, 2);
        else mg3_row_n(g, C, G, kh, 1, out, nt);
    } else {
        if (nt == 2) mg3_row_n(g, C, G, kh, 2, out, 2);
        else mg3_row_n(g, C, G, kh, 2, out, nt);
    }
}

/* dY's row into the ring, +0.0 added: -0.0 becomes +0.0 and a signalling NaN quiet, as the
 * scatter's first addition to +0.0 makes them (mg3_row_n's sums start from their first term) */
EW_T256 static void mg3_grad_row(float* dst, const float* src, uint64_t n) {
    const __m256 z = _mm256_setzero_ps();
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, _mm256_add_ps(_mm256_loadu_ps(src + i), z));
    for (; i < n; i++) dst[i] = src[i] + 0.0f;
}

/* Output rows ahead whose input and gradient rows mg3_slice and mg2_slice prefetch
 * (bench_training_gradients' cases, Emerald Rapids, medians of 8-10 alternating: 3x3/2 3.23 ->
 * 2.88-2.91 ms on two threads for 2 or 4 rows, 6.04 -> 4.67 ms on one for 4; 2x2/2 2.99 -> 2.63-2.71
 * for 2, 4 or 8) */
#define MG_AHEAD 4

/* dX slice (n, c, d) */
EW_T256 static void mg3_slice(const pool_plan* P, const mg3_geo* g, mg3_thread* T, const float* x, const uint64_t* is,
                              const float* dy, const uint64_t* gs, float* dx, const uint64_t* xs, uint64_t n,
                              uint64_t c, uint64_t d, int stream) {
    float* xb = dx + n * xs[0] + c * xs[1] + d * xs[2];
    const uint64_t qd = d + P->pad[0], od = qd / P->stride[0];
    if (qd % P->stride[0] != 0 || od >= P->osz[0]) {
        /* no window reads this slice */
        for (uint64_t h = 0; h < g->H; h++) {
            if (stream) {
                memset(T->rowbuf, 0, sizeof(float) * g->W);
                pl_stream_copy(xb + h * xs[3], T->rowbuf, g->W, stream);
            } else {
                memset(xb + h * xs[3], 0, sizeof(float) * g->W);
            }
        }
        return;
    }
    const float* xin = x + n * is[0] + c * is[1] + d * is[2];
    const float* gb = dy + n * gs[0] + c * gs[1] + od * gs[2];
    for (int i = 0; i < 3; i++) T->tag[i] = -1;
    const uint64_t gstride = 8 * (g->ng + 1), cl = g->cl;
    /* ring slots kept as counters: input row h0 = 2 oh - ph in slot sh = h0 mod 3, output row oh in so */
    uint64_t sh = g->ph ? 2 : 0, so = 0;
    /* step oh computes output row oh's codes, then writes the dX rows whose last covering output row
     * is oh - 1: h = 2 oh - 2 - ph (tap kh 0 of oh - 1, kh 2 of oh - 2) and h + 1 (kh 1 of oh - 1), and
     * at step OH also h + 2 (kh 2 of OH - 1) and the rows no window reads. The gather's unaligned loads
     * then read codes and gradients stored a step earlier, not stalled on store-to-load forwarding. */
    for (uint64_t oh = 0; oh <= g->OH; oh++) {
        /* the input rows and the gradient row MG_AHEAD steps on (pl_prefetch_rows); the input rows
         * spread over mg3_fused's groups where it runs: perf found the core waiting on a burst of a
         * row pair's 14 prefetches (its miss queue full); spread, 2.79 -> 2.49 ms on two threads
         * (medians of 10 alternating; one thread within the noise) */
        const int64_t hp = 2 * (int64_t)(oh + MG_AHEAD) - g->ph + 1, h0 = 2 * (int64_t)oh - g->ph;
        const int fused = oh < g->OH && h0 >= 0 && h0 + 2 < (int64_t)g->H && T->tag[sh] == h0 && !T->nan[sh];
        const uintptr_t pf1 = pl_row_at(xin, hp, is[3]);
        if (!fused) pl_prefetch_rows(xin, hp, 2, is[3], g->W);
        pl_prefetch_rows(gb, (int64_t)(oh + MG_AHEAD), 1, gs[3], g->OW);
        if (oh < g->OH) {
            int32_t* C = T->cr + so * cl + 8;
            int done = 0;
            if (fused) {
                const uint64_t s1 = sh == 2 ? 0 : sh + 1, s2 = s1 == 2 ? 0 : s1 + 1;
                float* hm[3] = {T->hm + sh * gstride, T->hm + s1 * gstride, T->hm + s2 * gstride};
                int32_t* hk[3] = {T->hk + sh * gstride, T->hk + s1 * gstride, T->hk + s2 * gstride};
                const float* x1 = xin + (uint64_t)(h0 + 1) * is[3];
                done = !mg3_fused(g, x1, x1 + is[3], hm, hk, C, pf1, pl_row_at(xin, hp + 1, is[3]));
                /* row h0 + 1's interior maxima were not stored; row h0 + 2's were (or are redone below) */
                T->tag[s1] = -1;
                T->tag[s2] = done ? h0 + 2 : -1;
                T->nan[s2] = 0;
            }
            if (!done) {
                for (int64_t h = h0 < 0 ? 0 : h0; h < h0 + 3 && h < (int64_t)g->H; h++) {
                    const uint64_t slot = (uint64_t)h % 3;
                    if (T->tag[slot] == h) continue;
                    T->nan[slot] = mg3_hmax(g, xin + (uint64_t)h * is[3], T->hm + slot * gstride, T->hk + slot * gstride);
                    T->tag[slot] = h;
                }
                mg3_codes(g, T, oh, C);
            }
            mg3_grad_row(T->gr + so * cl + 8, gb + oh * gs[3], g->OW);
        }
        if (oh > 0) {
            const uint64_t p1 = so == 0 ? 2 : so - 1, p2 = p1 == 0 ? 2 : p1 - 1;   /* slots of oh - 1, oh - 2 */
            const int32_t* C1 = T->cr + p1 * cl + 8;
            const float* G1 = T->gr + p1 * cl + 8;
            const int64_t hA = 2 * (int64_t)oh - 2 - g->ph;
            const int64_t last = oh == g->OH ? (int64_t)g->H - 1 : hA + 1;
            for (int64_t h = hA < 0 ? 0 : hA; h <= last && h < (int64_t)g->H; h++) {
                const int32_t* Cr[2];
                const float* Gr[2];
                int32_t kh[2];
                uint32_t nr = 0;
                if (h == hA && oh >= 2) {
                    Cr[nr] = T->cr + p2 * cl + 8;
                    Gr[nr] = T->gr + p2 * cl + 8;
                    kh[nr++] = 2;
                }
                if (h - hA < 3) {
                    Cr[nr] = C1;
                    Gr[nr] = G1;
                    kh[nr++] = (int32_t)(h - hA);
                }
                float* row = xb + (uint64_t)h * xs[3];
                const int direct = !stream || (g->pw == 1 && ((uintptr_t)row & 15u) == 0);
                float* out = direct ? row : T->rowbuf;
                if (nr == 0) memset(out, 0, sizeof(float) * g->W);
                else mg3_row(g, Cr, Gr, kh, nr, out, stream && direct ? 1 + (((uintptr_t)row & 31u) == 0) : 0);
                if (!direct) pl_stream_copy(row, T->rowbuf, g->W, stream);
            }
        }
        sh = sh == 0 ? 2 : sh - 1;   /* + 2 mod 3 */
        so = so == 2 ? 0 : so + 1;
    }
}

/* A one-pass MAX_POOLING_GRAD's tensors and geometry (mg3_geo here, mg2_geo for mg2_slice) */
typedef struct mgx_job {
    const pool_plan* P;
    const pool_layout* z;
    const void* g;
    const float* x;
    const uint64_t* is;
    const float* dy;
    const uint64_t* gs;
    float* dx;
    const uint64_t* xs;
    int stream;
} mgx_job;
_Static_assert(sizeof(mg3_thread) <= SLICE_STATE_BYTES, "a thread state run_slices holds");

static int mg3_setup(const void* ctx, unsigned char* mine, void* state) {
    const mgx_job* J = (const mgx_job*)ctx;
    const mg3_geo* g = (const mg3_geo*)J->g;
    mg3_thread* T = (mg3_thread*)state;
    memset(T, 0, sizeof *T);
    if (mine == NULL || !J->z->t_mg3) return 0;
    float* at = (float*)(void*)(((uintptr_t)(mine + J->z->t_mg3) + 63) & ~(uintptr_t)63);
    const uint64_t hs = 3 * 8 * (g->ng + 1), cl = g->cl;
    T->hm = at;
    T->hk = (int32_t*)(void*)(at + hs);
    T->cr = (int32_t*)(void*)(at + 2 * hs);
    T->gr = at + 2 * hs + 3 * cl;
    T->rowbuf = at + 2 * hs + 6 * cl;
    memset(at, 0, sizeof(float) * 2 * hs);   /* the border group's unused lanes */
    for (uint64_t i = 0; i < 3 * cl; i++) {
        T->cr[i] = -1;
        T->gr[i] = 0.0f;
    }
    return 1;
}

static void mg3_slice_of(const void* ctx, void* state, uint64_t n, uint64_t c, uint64_t d) {
    const mgx_job* J = (const mgx_job*)ctx;
    mg3_slice(J->P, (const mg3_geo*)J->g, (mg3_thread*)state, J->x, J->is, J->dy, J->gs, J->dx, J->xs, n, c, d, J->stream);
}

/* MAX_POOLING_GRAD by mg3_slice, slice by slice (run_slices) */
static pydml_status mg3_run(const pool_plan* P, const pydml_tensor* x, const uint64_t* is, const pydml_tensor* dy,
                            const uint64_t* gs, const pydml_tensor* dx, const uint64_t* xs, const pydml_workspace* ws,
                            const pool_layout* z, int stream) {
    mg3_geo g;
    mg3_geo_of(P, &g);
    const mgx_job J = {P, z, &g, (const float*)x->data, is, (const float*)dy->data, gs, (float*)dx->data, xs, stream};
    const slice_job S = {P, ws, z, &J, mg3_setup, mg3_slice_of, stream};
    return run_slices(&S);
}
#endif

/* ---- MAX_POOLING_GRAD of 2x2 windows with Strides 2 (VGG, U-Net and the like): one pass ----
 * FLOAT32, W contiguous in every tensor, a one-tap window on D, WindowSize 2 and Strides 2 on H and
 * W, Dilations 1, StartPadding 0 or 1 on H and W (any EndPadding: the output sizes carry it). The
 * windows do not overlap: input element (h, w) belongs to window ((h + ph) / 2, (w + pw) / 2) alone,
 * so output row oh decides dX rows h0 = 2 oh - ph and h0 + 1 whole, from X's two rows and dY's row,
 * and the scatter's sum for an element is +0.0 + dY[o] where o's maximum is it, +0.0 elsewhere. The
 * maximum is the forward's (max_float_col): the 4 taps in row-major order, v replaces m when v > m or
 * v is NaN and m is not, the first valid tap starting m. A group of 8 windows without NaN decides
 * v > m with one compare and m by vmaxps (equal values may differ in the sign of zero, which no later
 * comparison sees); a group with a NaN among its taps is redone with the forward's rule. X is read
 * once, dY once, dX written once (streamed past the caches from PL_STREAM_BYTES). */
typedef struct mg2_geo {
    uint64_t H, W, OH, OW;
    int64_t ph, pw;
    uint64_t ia, ib;   /* the windows with both W taps inside the row */
} mg2_geo;

static void mg2_geo_of(const pool_plan* P, mg2_geo* g) {
    g->H = P->isz[1];
    g->W = P->isz[2];
    g->OH = P->osz[1];
    g->OW = P->osz[2];
    g->ph = P->pad[1];
    g->pw = P->pad[2];
    /* 2 ow - pw >= 0 and 2 ow - pw + 1 <= W - 1 */
    const uint64_t last = (g->W + (uint64_t)g->pw) / 2;
    g->ia = (uint64_t)g->pw;
    g->ib = last < g->OW ? last : g->OW;
    if (g->ib < g->ia) g->ib = g->ia;
}

static int mg2_shape(const pool_plan* P) {
    return P->fn == PL_MAX && P->grad && P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && P->win[0] == 1 &&
           P->win[1] == 2 && P->win[2] == 2 && P->stride[1] == 2 && P->stride[2] == 2 && P->dil[1] == 1 &&
           P->dil[2] == 1 && P->pad[1] <= 1 && P->pad[2] <= 1;
}

/* two staged dX rows (each W + 16 floats) and alignment slack */
static uint64_t mg2_thread_bytes(const pool_plan* P) {
    return sizeof(float) * 2 * ((uint64_t)P->isz[2] + 16) + 64;
}

#ifdef PL_X86
/* windows [o0, o1) of output row oh one by one, the forward's rule over their valid taps: dX rows
 * d0 (h0) and d1 (h0 + 1, NULL when outside the tensor; s0 likewise NULL when h0 is), dY row gy */
static void mg2_cols(const mg2_geo* g, const float* s0, const float* s1, const float* gy, float* d0, float* d1,
                     uint64_t o0, uint64_t o1) {
    for (uint64_t ow = o0; ow < o1; ow++) {
        const float* r[2] = {s0, s1};
        float* d[2] = {d0, d1};
        const int64_t w0 = 2 * (int64_t)ow - g->pw;
        float m = 0.0f;
        int have = 0, kb = -1;
        for (int kh = 0; kh < 2; kh++) {
            if (r[kh] == NULL) continue;
            for (int kw = 0; kw < 2; kw++) {
                const int64_t w = w0 + kw;
                if (w < 0 || w >= (int64_t)g->W) continue;
                const float v = r[kh][w];
                if (!have || v > m || (isnan(v) && !isnan(m))) {
                    m = v;
                    kb = 2 * kh + kw;
                }
                have = 1;
            }
        }
        const float gv = gy[ow] + 0.0f;   /* the scatter's +0.0 + dY: -0.0 to +0.0, signalling NaN quiet */
        for (int kh = 0; kh < 2; kh++) {
            if (d[kh] == NULL) continue;
            for (int kw = 0; kw < 2; kw++) {
                const int64_t w = w0 + kw;
                if (w < 0 || w >= (int64_t)g->W) continue;
                d[kh][w] = kb == 2 * kh + kw ? gv : 0.0f;
            }
        }
    }
}

/* the interior windows [ia, ib) of an output row with both input rows in the tensor, in groups of 8
 * (the rest by mg2_cols): taps t00 t01 (row h0), t10 t11 (row h0 + 1) in lanes of windows
 * 0 1 4 5 | 2 3 6 7 (in-lane shuffles), so the unpacks of two rows' selections give 16 dX elements in
 * order; dY's 8 put in the same lanes (one permute) */
EW_T256 static inline __attribute__((always_inline)) uint64_t mg2_vec_n(const mg2_geo* g, const float* s0,
                                                                        const float* s1, const float* gy, float* d0,
                                                                        float* d1, int nt) {
    const __m256 z = _mm256_setzero_ps();
    const __m256i c1 = _mm256_set1_epi32(1), c2 = _mm256_set1_epi32(2), c3 = _mm256_set1_epi32(3);
    const __m256 f1 = _mm256_castsi256_ps(c1), f2 = _mm256_castsi256_ps(c2), f3 = _mm256_castsi256_ps(c3);
    uint64_t o = g->ia;
    for (; o + 8 <= g->ib; o += 8) {
        const int64_t at = 2 * (int64_t)o - g->pw;
        const __m256 a0 = _mm256_loadu_ps(s0 + at), b0 = _mm256_loadu_ps(s0 + at + 8);
        const __m256 a1 = _mm256_loadu_ps(s1 + at), b1 = _mm256_loadu_ps(s1 + at + 8);
        const __m256 t00 = _mm256_shuffle_ps(a0, b0, _MM_SHUFFLE(2, 0, 2, 0));
        const __m256 t01 = _mm256_shuffle_ps(a0, b0, _MM_SHUFFLE(3, 1, 3, 1));
        const __m256 t10 = _mm256_shuffle_ps(a1, b1, _MM_SHUFFLE(2, 0, 2, 0));
        const __m256 t11 = _mm256_shuffle_ps(a1, b1, _MM_SHUFFLE(3, 1, 3, 1));
        const __m256 nan = _mm256_or_ps(_mm256_cmp_ps(t00, t01, _CMP_UNORD_Q), _mm256_cmp_ps(t10, t11, _CMP_UNORD_Q));
        __m256 k;
        if (__builtin_expect(_mm256_movemask_ps(nan) == 0, 1)) {
            const __m256 up1 = _mm256_cmp_ps(t01, t00, _CMP_GT_OQ);
            __m256 m = _mm256_max_ps(t00, t01);
            const __m256 up2 = _mm256_cmp_ps(t10, m, _CMP_GT_OQ);
            m = _mm256_max_ps(m, t10);
            const __m256 up3 = _mm256_cmp_ps(t11, m, _CMP_GT_OQ);
            k = _mm256_blendv_ps(_mm256_blendv_ps(_mm256_and_ps(up1, f1), f2, up2), f3, up3);
        } else {
            /* the forward's rule: v replaces m when v > m, or v is NaN and m is not */
            const __m256 up1 = _mm256_andnot_ps(_mm256_cmp_ps(t00, t00, _CMP_UNORD_Q), _mm256_cmp_ps(t01, t00, _CMP_NLE_UQ));
            __m256 m = _mm256_blendv_ps(t00, t01, up1);
            k = _mm256_and_ps(up1, f1);
            const __m256 up2 = _mm256_andnot_ps(_mm256_cmp_ps(m, m, _CMP_UNORD_Q), _mm256_cmp_ps(t10, m, _CMP_NLE_UQ));
            m = _mm256_blendv_ps(m, t10, up2);
            k = _mm256_blendv_ps(k, f2, up2);
            const __m256 up3 = _mm256_andnot_ps(_mm256_cmp_ps(m, m, _CMP_UNORD_Q), _mm256_cmp_ps(t11, m, _CMP_NLE_UQ));
            k = _mm256_blendv_ps(k, f3, up3);
        }
        /* +0.0 + dY as the scatter's first addition, in the taps' lanes */
        const __m256 gv = _mm256_add_ps(
            _mm256_castsi256_ps(_mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_loadu_ps(gy + o)), _MM_SHUFFLE(3, 1, 2, 0))),
            z);
        const __m256i ki = _mm256_castps_si256(k);
        const __m256 e0 = _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(ki, _mm256_setzero_si256())), gv);
        const __m256 e1 = _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(ki, c1)), gv);
        const __m256 e2 = _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(ki, c2)), gv);
        const __m256 e3 = _mm256_and_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(ki, c3)), gv);
        put16(d0 + at, _mm256_unpacklo_ps(e0, e1), _mm256_unpackhi_ps(e0, e1), nt);
        put16(d1 + at, _mm256_unpacklo_ps(e2, e3), _mm256_unpackhi_ps(e2, e3), nt);
    }
    return o;
}

EW_T256 static uint64_t mg2_vec(const mg2_geo* g, const float* s0, const float* s1, const float* gy, float* d0,
                                float* d1, int nt) {
    if (nt == 2) return mg2_vec_n(g, s0, s1, gy, d0, d1, 2);
    if (nt == 1) return mg2_vec_n(g, s0, s1, gy, d0, d1, 1);
    return mg2_vec_n(g, s0, s1, gy, d0, d1, 0);
}

/* dX slice (n, c, d) */
static void mg2_slice(const pool_plan* P, const mg2_geo* g, float* buf, const float* x, const uint64_t* is,
                      const float* dy, const uint64_t* gs, float* dx, const uint64_t* xs, uint64_t n, uint64_t c,
                      uint64_t d, int stream) {
    float* xb = dx + n * xs[0] + c * xs[1] + d * xs[2];
    const uint64_t qd = d + P->pad[0], od = qd / P->stride[0];
    const int read = qd % P->stride[0] == 0 && od < P->osz[0];
    const float* xin = x + n * is[0] + c * is[1] + d * is[2];
    const float* gb = read ? dy + n * gs[0] + c * gs[1] + od * gs[2] : NULL;
    const uint64_t W = g->W, bl = W + 16;
    /* the dX columns of windows [0, OW): below cw; the rest no window reads */
    const int64_t cwi = 2 * (int64_t)g->OW - g->pw;
    const uint64_t cw = read ? (cwi < (int64_t)W ? (uint64_t)cwi : W) : 0;
    for (int64_t h = 0; h < (int64_t)g->H;) {
        const uint64_t oh = (uint64_t)(h + g->ph) / 2;
        if (read) {
            /* the input rows and the gradient row MG_AHEAD output rows on (pl_prefetch_rows) */
            pl_prefetch_rows(xin, 2 * (int64_t)(oh + MG_AHEAD) - g->ph, 2, is[3], g->W);
            pl_prefetch_rows(gb, (int64_t)(oh + MG_AHEAD), 1, gs[3], g->OW);
        }
        const int covered = read && oh < g->OH;
        const int64_t h0 = 2 * (int64_t)oh - g->ph;       /* h0 or h0 + 1 is h */
        const int two = covered && h0 >= 0 && h0 + 1 < (int64_t)g->H;
        const int nrow = two ? 2 : 1;
        float* row0 = xb + (uint64_t)h * xs[3];
        float* row1 = two ? row0 + xs[3] : NULL;
        /* direct when not streamed, or the vector stores land on 16-byte boundaries */
        const int direct = !stream || (g->pw == 0 && ((uintptr_t)row0 & 15u) == 0 && (!two || ((uintptr_t)row1 & 15u) == 0));
        float* o0 = direct ? row0 : buf;
        float* o1 = two ? (direct ? row1 : buf + bl) : NULL;
        if (!covered) {
            memset(o0, 0, sizeof(float) * W);
        } else {
            const float* gy = gb + oh * gs[3];
            const float* s0 = two || h == h0 ? xin + (uint64_t)h0 * is[3] : NULL;
            const float* s1 = two ? s0 + is[3] : (h == h0 ? NULL : xin + (uint64_t)h * is[3]);
            float* d0 = two || h == h0 ? o0 : NULL;
            float* d1 = two ? o1 : (h == h0 ? NULL : o0);
            uint64_t o = g->ia;
            if (two) {
                const int nt = stream && direct ? 1 + (((uintptr_t)row0 & 31u) == 0 && ((uintptr_t)row1 & 31u) == 0) : 0;
                o = mg2_vec(g, s0, s1, gy, d0, d1, nt);
            }
            mg2_cols(g, s0, s1, gy, d0, d1, 0, g->ia < g->OW ? g->ia : g->OW);
            mg2_cols(g, s0, s1, gy, d0, d1, o, g->OW);
            for (uint64_t w = cw; w < W; w++) {
                o0[w] = 0.0f;
                if (two) o1[w] = 0.0f;
            }
        }
        if (!direct) {
            pl_stream_copy(row0, o0, W, stream);
            if (two) pl_stream_copy(row1, o1, W, stream);
        }
        h += nrow;
    }
}

static int mg2_setup(const void* ctx, unsigned char* mine, void* state) {
    const mgx_job* J = (const mgx_job*)ctx;
    float** buf = (float**)state;
    *buf = mine != NULL && J->z->t_mg2 ? (float*)(void*)(((uintptr_t)(mine + J->z->t_mg2) + 63) & ~(uintptr_t)63)
                                      : NULL;
    return *buf != NULL;
}

static void mg2_slice_of(const void* ctx, void* state, uint64_t n, uint64_t c, uint64_t d) {
    const mgx_job* J = (const mgx_job*)ctx;
    mg2_slice(J->P, (const mg2_geo*)J->g, *(float**)state, J->x, J->is, J->dy, J->gs, J->dx, J->xs, n, c, d, J->stream);
}

/* MAX_POOLING_GRAD by mg2_slice, slice by slice (run_slices) */
static pydml_status mg2_run(const pool_plan* P, const pydml_tensor* x, const uint64_t* is, const pydml_tensor* dy,
                            const uint64_t* gs, const pydml_tensor* dx, const uint64_t* xs, const pydml_workspace* ws,
                            const pool_layout* z, int stream) {
    mg2_geo g;
    mg2_geo_of(P, &g);
    const mgx_job J = {P, z, &g, (const float*)x->data, is, (const float*)dy->data, gs, (float*)dx->data, xs, stream};
    const slice_job S = {P, ws, z, &J, mg2_setup, mg2_slice_of, stream};
    return run_slices(&S);
}
#endif

/* ---- AVERAGE_POOLING_GRAD of 2x2 windows with Strides 2 (VGG, U-Net and the like): a store stream ----
 * FLOAT32, W contiguous in both tensors, a one-tap window on D, WindowSize 2 and Strides 2 on H and
 * W, StartPadding 0 or 1 on H and W. The windows do not overlap: dX element (h, w) is covered by
 * window ((h + ph) / 2, (w + pw) / 2) alone (when that window exists), so output row oh's values
 * u[ow] = (+0.0 + dY[oh, ow] * wh(oh)) * ww(ow) fill dX rows 2 oh - ph and 2 oh - ph + 1, each u
 * twice along W; elements no window covers are +0.0. wh and ww are the generic rows' float weights
 * (avg_row_setup_at's wrow, avg_grad's invw) and u their operations in their order (avg_row_f32_c
 * with one covering row and column), so every path gives the same bits as before. No scratch but a
 * staging row for streamed rows whose vector stores would not land on 16-byte boundaries. */
static int ag2_shape(const pool_plan* P) {
    return P->fn == PL_AVG && P->grad && P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 && P->win[0] == 1 &&
           P->win[1] == 2 && P->win[2] == 2 && P->stride[1] == 2 && P->stride[2] == 2 && P->pad[1] <= 1 &&
           P->pad[2] <= 1;
}

/* per thread: one staged dX row (W + 16 floats) and alignment slack */
static uint64_t ag2_thread_bytes(const pool_plan* P) {
    return sizeof(float) * ((uint64_t)P->isz[2] + 16) + 64;
}

typedef struct ag2_job {
    const pool_plan* P;
    const pool_layout* z;
    const avg_tables* t;
    const float* ww;    /* [OW]: 1 / count_W(ow) in float */
    const float* dy;
    const uint64_t* gs;
    float* dx;
    const uint64_t* xs;
    int isa, stream;
} ag2_job;

/* dX columns [w0, cw) of a covered row from dY row g (scalar: the row's ends and the portable path) */
static void ag2_cols_c(const float* g, float wh, const float* ww, uint64_t pw, uint64_t w0, uint64_t cw, float* out) {
    for (uint64_t w = w0; w < cw; w++) {
        const uint64_t ow = (w + pw) / 2;
        out[w] = (0.0f + g[ow] * wh) * ww[ow];
    }
}

#ifdef PL_X86
/* dX columns [0, cw) of one covered row into out0 and out1 (NULL: one row), nt as put16's (out0 and
 * out1 then 16-byte aligned, pw 0) */
EW_T256 static inline __attribute__((always_inline)) void ag2_row_n(const float* g, float wh, const float* ww,
                                                                    uint64_t pw, uint64_t cw, float* out0,
                                                                    float* out1, int nt) {
    const __m256 z = _mm256_setzero_ps(), vh = _mm256_set1_ps(wh);
    /* j's pair of columns is w = 2 j - pw, w + 1 (pw 1: j from 1, column 0 alone) */
    uint64_t j = pw, w = 0;
    if (pw) {
        ag2_cols_c(g, wh, ww, pw, 0, cw < 1 ? cw : 1, out0);
        if (out1) ag2_cols_c(g, wh, ww, pw, 0, cw < 1 ? cw : 1, out1);
        w = 1;
    }
    for (; w + 16 <= cw; j += 8, w += 16) {
        const __m256 u = _mm256_mul_ps(_mm256_add_ps(z, _mm256_mul_ps(_mm256_loadu_ps(g + j), vh)), _mm256_loadu_ps(ww + j));
        const __m256 lo = _mm256_unpacklo_ps(u, u), hi = _mm256_unpackhi_ps(u, u);   /* u0 u0 u1 u1 | u4 u4 u5 u5 */
        const __m256 a = _mm256_permute2f128_ps(lo, hi, 0x20), b = _mm256_permute2f128_ps(lo, hi, 0x31);
        put16(out0 + w, a, b, nt);
        if (out1) put16(out1 + w, a, b, nt);
    }
    ag2_cols_c(g, wh, ww, pw, w, cw, out0);
    if (out1) ag2_cols_c(g, wh, ww, pw, w, cw, out1);
}

EW_T256 static void ag2_row_avx2(const float* g, float wh, const float* ww, uint64_t pw, uint64_t cw, float* out0,
                                 float* out1, int nt) {
    if (nt == 2) ag2_row_n(g, wh, ww, pw, cw, out0, out1, 2);
    else if (nt == 1) ag2_row_n(g, wh, ww, pw, cw, out0, out1, 1);
    else ag2_row_n(g, wh, ww, pw, cw, out0, out1, 0);
}
#endif

/* dX slice (n, c, d): buf the thread's staging row */
static void ag2_slice(const void* ctx, void* state, uint64_t n, uint64_t c, uint64_t d) {
    const ag2_job* J = (const ag2_job*)ctx;
    const pool_plan* P = J->P;
    float* buf = *(float**)state;
    const uint64_t H = P->isz[1], W = P->isz[2], OH = P->osz[1], OW = P->osz[2];
    const uint64_t ph = P->pad[1], pw = P->pad[2];
    float* xb = J->dx + n * J->xs[0] + c * J->xs[1] + d * J->xs[2];
    const uint64_t qd = d + P->pad[0], od = qd / P->stride[0];
    const int read = qd % P->stride[0] == 0 && od < P->osz[0];
    const float* gb = read ? J->dy + n * J->gs[0] + c * J->gs[1] + od * J->gs[2] : NULL;
    /* the columns some window covers: [0, cw) */
    const uint64_t cwe = 2 * OW > pw ? 2 * OW - pw : 0, cw = read ? (cwe < W ? cwe : W) : 0;
    for (uint64_t h = 0; h < H;) {
        const uint64_t oh = (h + ph) / 2;
        const int covered = read && oh < OH;
        /* h and h + 1 share a window when h + ph is even */
        const int two = covered && (h + ph) % 2 == 0 && h + 1 < H;
        float* row0 = xb + h * J->xs[3];
        float* row1 = two ? row0 + J->xs[3] : NULL;
        const int direct = !J->stream;
        float* out0 = direct ? row0 : buf;
        if (covered) {
            const float* g = gb + oh * J->gs[3];
            const float wh = (float)(J->t->inv[0][od] * J->t->inv[1][oh]);
#ifdef PL_X86
            if (J->isa) {
                const int nt = J->stream && direct ? 1 + (((uintptr_t)row0 & 31u) == 0 && (!two || ((uintptr_t)row1 & 31u) == 0)) : 0;
                ag2_row_avx2(g, wh, J->ww, pw, cw, out0, direct ? row1 : NULL, nt);
            } else
#endif
            {
                ag2_cols_c(g, wh, J->ww, pw, 0, cw, out0);
                if (direct && two) memcpy(row1, row0, sizeof(float) * cw);
            }
        }
        const uint64_t z0 = covered ? cw : 0;   /* the columns past every window (the whole row when not covered) */
        if (direct && J->stream && z0 < W) {
            /* zeros streamed too: the row's lines are then written whole */
            memset(buf, 0, sizeof(float) * (W - z0));
            pl_stream_copy(row0 + z0, buf, W - z0, J->stream);
            if (two) pl_stream_copy(row1 + z0, buf, W - z0, J->stream);
        } else if (direct) {
            memset(row0 + z0, 0, sizeof(float) * (W - z0));
            if (two) memset(row1 + z0, 0, sizeof(float) * (W - z0));
        } else {
            memset(buf + z0, 0, sizeof(float) * (W - z0));
            pl_stream_copy(row0, buf, W, J->stream);
            if (two) pl_stream_copy(row1, buf, W, J->stream);
        }
        h += two ? 2 : 1;
    }
}

static int ag2_setup(const void* ctx, unsigned char* mine, void* state) {
    const ag2_job* J = (const ag2_job*)ctx;
    float** buf = (float**)state;
    *buf = mine != NULL && J->z->t_ag2 ? (float*)(void*)(((uintptr_t)(mine + J->z->t_ag2) + 63) & ~(uintptr_t)63)
                                      : NULL;
    return *buf != NULL;
}

/* AVERAGE_POOLING_GRAD by ag2_slice, slice by slice (run_slices) */
static pydml_status ag2_run(const pool_plan* P, const avg_tables* t, const float* ww, const pydml_tensor* dy,
                            const uint64_t* gs, const pydml_tensor* dx, const uint64_t* xs, const pydml_workspace* ws,
                            const pool_layout* z, int isa, int stream) {
    const ag2_job J = {P, z, t, ww, (const float*)dy->data, gs, (float*)dx->data, xs, isa, stream};
    const slice_job S = {P, ws, z, &J, ag2_setup, ag2_slice, stream};
    return run_slices(&S);
}

static pydml_status max_grad(const pool_plan* P, const pydml_tensor* x, const pydml_tensor* dy, const pydml_tensor* dx,
                             const pydml_workspace* ws) {
    pool_layout z;
    pool_layout_of(P, &z);
    pool_run r;
    memset(&r, 0, sizeof r);
    r.plan = P;
    r.in = x->data;
    strides5(x, P->rank, r.is);
    /* the forward writes each row's maxima and indices to per-thread rows: (n, c, od, oh) add 0 */
    r.os[4] = r.xs[4] = 1;
    r.lstride[4] = 1;
    r.lstride[3] = P->isz[2];
    r.lstride[2] = (uint64_t)P->isz[1] * P->isz[2];
    r.lstride[1] = r.lstride[2] * P->isz[0];
    r.lstride[0] = r.lstride[1] * P->in_sizes[1];
    const uint64_t total_in = r.lstride[0] * P->in_sizes[0];
    uint32_t f = pydml_active_cpu_features();
    r.isa = (f & PYDML_CPU_AVX512) && (f & PYDML_CPU_F16C) ? 2 : (f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C) ? 1 : 0;
#ifndef PL_X86
    r.isa = 0;
#endif
    const int vec = r.isa > 0 && r.is[4] == 1 && total_in < ((uint64_t)1 << 31);
    uint64_t gs[5], xs[5];
    strides5(dy, P->rank, gs);
    strides5(dx, P->rank, xs);
    const uint64_t C = P->in_sizes[1], planes = (uint64_t)P->in_sizes[0] * C;
    const uint64_t plane = r.lstride[1], OW = P->osz[2], orows = (uint64_t)P->osz[0] * P->osz[1];
    const size_t esz = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4u : 2u;
    const uint64_t work = planes * (plane + orows * OW * P->win[0] * P->win[1] * P->win[2]);
    (void)work; /* read by the OpenMP clause only */
    /* FLOAT32 planes with W contiguous in dY and dX: the vector rows write each window's maximum
     * as an int32 index into the plane (it fits: vec needs total_in < 2^31), dY is added to the
     * plane in float directly, and planes past the last-level cache are streamed out */
    const int fast = vec && esz == 4 && gs[4] == 1 && xs[4] == 1;
    /* W stride 2 (the common downsampling window): split rows, max_s2_avx2 */
    const int s2 = fast && P->stride[2] == 2;
    const uint64_t half = (uint64_t)P->isz[2] / 2 + 40; /* a split row's halves, padded for max_s2_avx2's 32-lane loads */
    const int stream = fast && (2 * total_in + planes * orows * OW) * esz >= PL_STREAM_BYTES ? pl_stream_level() : 0;
#ifdef PL_X86
    if (fast && mg3_shape(P)) return mg3_run(P, x, r.is, dy, gs, dx, xs, ws, &z, stream);
    if (fast && mg2_shape(P)) return mg2_run(P, x, r.is, dy, gs, dx, xs, ws, &z, stream);
    mg_gather G;
    if (fast && P->dil[1] == 1 && P->dil[2] == 1 && max_sep_shape_fits(P, &r) && mg_gather_of(P, &G))
        return max_gather(P, &G, &r, dy, gs, dx, xs, ws, &z, stream);
#endif
    int oom = 0;
#ifdef _OPENMP
#pragma omp parallel if (work >= PL_PARALLEL_MIN && planes > 1) reduction(| : oom)
#endif
    {
        pool_run rt = r;
        unsigned char* mine = pool_thread_part(ws, &z);
        float* acc = mine ? (float*)(mine + z.t_acc) : NULL;
        uint64_t* idx = mine && !fast ? (uint64_t*)(mine + z.t_idx) : NULL;
        void* val = mine && !fast ? mine + z.t_val : NULL;
        int32_t* ridx = mine && fast ? (int32_t*)(mine + z.t_ridx) : NULL;
        rt.idx = idx;
        rt.out = val;
        rt.ridx = ridx;
        float* split = mine && s2 && z.t_split ? (float*)(mine + z.t_split) : NULL;
        if (split != NULL) memset(split, 0, sizeof(float) * 2 * half * P->isz[0] * P->isz[1]);
        const int ok = acc != NULL && (split != NULL || !s2);
        if (!ok) oom = 1;
        /* the columns whose windows lie inside the row (the same for every row) */
        uint64_t ia = 0, ib = 0;
        inner_cols(P, &ia, &ib);
        int clean = 0;   /* acc is all zeros */
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
        for (uint64_t q = 0; q < planes; q++) {
            if (!ok) continue;
            const uint64_t n = q / C, c = q % C;
            const uint64_t log_base = n * r.lstride[0] + c * r.lstride[1];
            /* the FLOAT32 rows below clear acc as they store it (the row still in L1) */
            if (!clean) memset(acc, 0, sizeof(float) * plane);
            clean = esz == 4 && xs[4] == 1;
#ifdef PL_X86
            int nan = 0;
            if (s2)
                for (uint64_t d = 0; d < P->isz[0]; d++)
                    for (uint64_t h = 0; h < P->isz[1]; h++) {
                        float* e = split + 2 * (d * P->isz[1] + h) * half;
                        nan |= deint_row((const float*)x->data + n * r.is[0] + c * r.is[1] + d * r.is[2] + h * r.is[3],
                                  P->isz[2], e, e + half);
                    }
#endif
            /* the next plane's input rows, a share per output row (R rows over orows rows:
             * Bresenham, no divisions per row) */
            const uint64_t R = (uint64_t)P->isz[0] * P->isz[1], q1 = q + 1, n1 = q1 / C, c1 = q1 % C;
            uint64_t pf_acc = 0, pf_d = 0, pf_h = 0, od = 0, oh = 0;
            /* the next plane's bases, only when there is one: past the last plane the batch stride
             * of a size-1 axis may be anything, and the pointer would leave the address space */
            const int next = q1 < planes;
            const float* x1 = next ? (const float*)x->data + n1 * r.is[0] + c1 * r.is[1] : NULL;
            const float* g1 = next ? (const float*)dy->data + n1 * gs[0] + c1 * gs[1] : NULL;
            for (uint64_t orow = 0; orow < orows; orow++, oh = oh + 1 == P->osz[1] ? (od++, 0) : oh + 1) {
#ifdef PL_X86
                if (s2 && next) {
                    /* the next plane's input and gradient rows: their reads overlap this
                     * plane's compute instead of waiting in deint_row */
                    for (pf_acc += R; pf_acc >= orows; pf_acc -= orows) {
                        const char* src = (const char*)(x1 + pf_d * r.is[2] + pf_h * r.is[3]);
                        for (uint64_t o = 0; o < sizeof(float) * P->isz[2]; o += 64) _mm_prefetch(src + o, _MM_HINT_T0);
                        if (++pf_h == P->isz[1]) { pf_h = 0; pf_d++; }
                    }
                    const char* gp = (const char*)(g1 + od * gs[2] + oh * gs[3]);
                    for (uint64_t o = 0; o < sizeof(float) * OW; o += 64) _mm_prefetch(gp + o, _MM_HINT_T0);
                }
                if (s2) {
                    /* run_row's work with the split rows (max_s2_avx2) */
                    row_ctx xc;
                    memset(&xc, 0, sizeof xc);
                    xc.n = n;
                    xc.c = c;
                    xc.od = od;
                    xc.oh = oh;
                    tap_range_g(P, 0, xc.od, &xc.d0, &xc.d1);
                    tap_range_g(P, 1, xc.oh, &xc.h0, &xc.h1);
                    xc.in_base = n * r.is[0] + c * r.is[1];
                    xc.log_base = log_base;
                    const int any = xc.d1 > xc.d0 && xc.h1 > xc.h0;
                    const uint64_t a = any ? ia : 0, b = any ? ib : 0;
                    /* a window without a maximum adds its gradient to acc's spare slot */
                    const float* xp = (const float*)x->data + xc.in_base;
                    for (uint64_t ow = 0; ow < a; ow++) ridx[ow] = max_col_f32(P, xp, r.is, &xc, ow, (int32_t)plane);
                    if (a < b) max_s2_avx2(P, &xc, split, half, a, b, nan, ridx);
                    for (uint64_t ow = b; ow < OW; ow++) ridx[ow] = max_col_f32(P, xp, r.is, &xc, ow, (int32_t)plane);
                    const float* g = (const float*)dy->data + n * gs[0] + c * gs[1] + od * gs[2] + oh * gs[3];
                    for (uint64_t ow = 0; ow < OW; ow++) acc[ridx[ow]] += g[ow];
                    continue;
                } else
#endif
                    run_row(&rt, q * orows + orow, vec); /* row = ((n * C + c) * OD + od) * OH + oh */
                const uint64_t gb = n * gs[0] + c * gs[1] + od * gs[2] + oh * gs[3];
                if (fast) {
                    /* the same sums in the same order as below */
                    const float* g = (const float*)dy->data + gb;
                    for (uint64_t ow = 0; ow < OW; ow++)
                        if (ridx[ow] >= 0) acc[ridx[ow]] += g[ow];
                    continue;
                }
                for (uint64_t ow = 0; ow < OW; ow++) {
                    if (idx[ow] == UINT64_MAX) continue; /* a window of padding only */
                    acc[idx[ow] - log_base] += load_f(dy->data, P->dtype, gb + ow * gs[4]);
                }
            }
            /* store the plane (d, h, w) */
            const uint64_t xb = n * xs[0] + c * xs[1];
            uint64_t k = 0;
            for (uint64_t d = 0; d < P->isz[0]; d++)
                for (uint64_t h = 0; h < P->isz[1]; h++) {
                    const uint64_t rb = xb + d * xs[2] + h * xs[3];
                    if (esz == 4 && xs[4] == 1) {
                        copy_row_f32((float*)dx->data + rb, acc + k, P->isz[2], stream);
                        memset(acc + k, 0, sizeof(float) * P->isz[2]);
                    } else if (esz == 4) {
                        for (uint64_t w = 0; w < P->isz[2]; w++) ((float*)dx->data)[rb + w * xs[4]] = acc[k + w];
                    } else {
                        for (uint64_t w = 0; w < P->isz[2]; w++)
                            ((uint16_t*)dx->data)[rb + w * xs[4]] = pydml_f32_to_f16(acc[k + w]);
                    }
                    k += P->isz[2];
                }
        }
    }
#ifdef PL_X86
    if (stream) pydml_stream_fence();
#endif
    return oom ? PYDML_STATUS_INVALID_PARAMETER : PYDML_STATUS_SUCCESS;
}

static pydml_status grad_execute(const pool_plan* P, const pydml_tensor* const* inputs, uint32_t input_count,
                                 const pydml_tensor* const* outputs, uint32_t output_count, const pydml_workspace* ws) {
    const int max = P->fn == PL_MAX;
    if (input_count != (max ? 2u : 1u) || output_count != 1) return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor* dy = inputs[max ? 1 : 0];
    const pydml_tensor* dx = outputs[0];
    pydml_status s;
    if (max && (s = check_view(inputs[0], P->dtype, P->rank, P->in_sizes))) return s;
    if ((s = check_view(dy, P->dtype, P->rank, P->out_sizes))) return s;
    if ((s = check_view(dx, P->dtype, P->rank, P->in_sizes))) return s;
    return max ? max_grad(P, inputs[0], dy, dx, ws) : avg_grad(P, dy, dx, ws);
}

/* ---- a global max pool without indices (ONNX's GlobalMaxPool: one window over the whole plane) ----
 * max_float_col's rule over one contiguous plane of n floats: the first NaN if there is one, else
 * the maximum, whose bits are the first maximal element's (only a zero differs from an equal value:
 * +-0 then takes the first zero's sign). The maximum and the NaN test vectorize (v > m ? v : m is
 * maxps with the operands in that order, which ignores a NaN v); the rare NaN and zero results
 * are found again by a scan. FLOAT32 planes are run whole, FLOAT16 ones in blocks of 1024 converted
 * exactly to float.
 * Through run_row's windows a [8, 64, 128, 128] plane took 16 ms (0.13x torch). */
#define PL_GLOBAL_MAX_ROW(SUF, ATTR)                                                                \
    ATTR static float block_max_##SUF(const float* restrict x, size_t n, int* nan) {               \
        float m[16];                                                                               \
        int u = 0;                                                                                 \
        for (int j = 0; j < 16; j++) m[j] = -INFINITY;                                             \
        size_t k = 0;                                                                              \
        for (; k + 16 <= n; k += 16)                                                               \
            for (int j = 0; j < 16; j++) {                                                         \
                const float v = x[k + (size_t)j];                                                  \
                m[j] = v > m[j] ? v : m[j];                                                        \
                u |= v != v;                                                                       \
            }                                                                                      \
        for (; k < n; k++) {                                                                       \
            m[0] = x[k] > m[0] ? x[k] : m[0];                                                      \
            u |= x[k] != x[k];                                                                     \
        }                                                                                          \
        for (int w = 8; w > 0; w /= 2)                                                             \
            for (int j = 0; j < w; j++) m[j] = m[j + w] > m[j] ? m[j + w] : m[j];                  \
        *nan |= u;                                                                                 \
        return m[0];                                                                               \
    }
PL_GLOBAL_MAX_ROW(c, )
#undef PL_GLOBAL_MAX_ROW
#ifdef PL_X86
/* the same maxima written out (the compiler kept block_max_c's lanes in memory): vmaxps(v, m)
 * returns m where v is NaN, as v > m ? v : m; the NaN test an unordered compare */
EW_T256 static float block_max_avx2(const float* restrict x, size_t n, int* nan) {
    __m256 m0 = _mm256_set1_ps(-INFINITY), m1 = m0, m2 = m0, m3 = m0, u = _mm256_setzero_ps();
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {
        const __m256 a = _mm256_loadu_ps(x + k), b = _mm256_loadu_ps(x + k + 8);
        const __m256 c = _mm256_loadu_ps(x + k + 16), d = _mm256_loadu_ps(x + k + 24);
        m0 = _mm256_max_ps(a, m0);
        m1 = _mm256_max_ps(b, m1);
        m2 = _mm256_max_ps(c, m2);
        m3 = _mm256_max_ps(d, m3);
        u = _mm256_or_ps(u, _mm256_or_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q), _mm256_cmp_ps(c, d, _CMP_UNORD_Q)));
    }
    float m[8];
    _mm256_storeu_ps(m, _mm256_max_ps(_mm256_max_ps(m0, m1), _mm256_max_ps(m2, m3)));
    int un = _mm256_movemask_ps(u) != 0;
    float r = m[0];
    for (int j = 1; j < 8; j++) r = m[j] > r ? m[j] : r;
    for (; k < n; k++) {
        r = x[k] > r ? x[k] : r;
        un |= x[k] != x[k];
    }
    *nan |= un;
    return r;
}
EW_T512 static float block_max_avx512(const float* restrict x, size_t n, int* nan) {
    __m512 m0 = _mm512_set1_ps(-INFINITY), m1 = m0;
    __mmask16 u = 0;
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {
        const __m512 a = _mm512_loadu_ps(x + k), b = _mm512_loadu_ps(x + k + 16);
        m0 = _mm512_max_ps(a, m0);
        m1 = _mm512_max_ps(b, m1);
        u |= _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q);
    }
    float m[16];
    _mm512_storeu_ps(m, _mm512_max_ps(m0, m1));
    int un = u != 0;
    float r = m[0];
    for (int j = 1; j < 16; j++) r = m[j] > r ? m[j] : r;
    for (; k < n; k++) {
        r = x[k] > r ? x[k] : r;
        un |= x[k] != x[k];
    }
    *nan |= un;
    return r;
}
#else
#define block_max_avx2 block_max_c
#define block_max_avx512 block_max_c
#endif

static int global_max_fits(const pool_plan* P, const pool_run* r) {
    return P->fn == PL_MAX && !P->grad && r->idx == NULL && is_float(P->dtype) && P->osz[0] == 1 &&
           P->osz[1] == 1 && P->osz[2] == 1 && P->win[0] == P->isz[0] && P->win[1] == P->isz[1] &&
           P->win[2] == P->isz[2] && !P->pad[0] && !P->pad[1] && !P->pad[2] && P->dil[0] == 1 && P->dil[1] == 1 &&
           P->dil[2] == 1 && r->is[4] == 1 && (P->isz[1] == 1 || r->is[3] == P->isz[2]) &&
           (P->isz[0] == 1 || r->is[2] == (uint64_t)P->isz[1] * P->isz[2]); /* the plane one run */
}

static void global_max(const pool_run* r) {
    const pool_plan* P = r->plan;
    const uint64_t C = P->in_sizes[1], planes = (uint64_t)P->in_sizes[0] * C;
    const size_t n = (size_t)P->isz[0] * P->isz[1] * P->isz[2];
    float (*const block_max)(const float*, size_t, int*) = r->isa == 2 ? block_max_avx512
                                                          : r->isa == 1 ? block_max_avx2 : block_max_c;
    const int f32 = P->dtype == DML_TENSOR_DATA_TYPE_FLOAT32;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((uint64_t)n * planes >= PL_PARALLEL_MIN && planes > 1)
#endif
    for (uint64_t q = 0; q < planes; q++) {
        const uint64_t at = (q / C) * r->is[0] + (q % C) * r->is[1];
        float stage[1024];
        float m = -INFINITY;
        int nan = 0;
        if (f32) {
            m = block_max((const float*)r->in + at, n, &nan); /* the plane in one call */
        } else {
            for (size_t k0 = 0; k0 < n; k0 += 1024) {
                const size_t b = n - k0 < 1024 ? n - k0 : 1024;
                pydml_f16_row_to_f32((const uint16_t*)r->in + at + k0, stage, b);
                const float bm = block_max(stage, b, &nan);
                m = bm > m ? bm : m;
            }
        }
        if (nan || m == 0.0f) { /* the first NaN, or the first zero (its sign) */
            for (size_t k = 0; k < n; k++) {
                const float v = load_f(r->in, P->dtype, at + k);
                if (nan ? v != v : v == 0.0f) {
                    m = v;
                    break;
                }
            }
        }
        const uint64_t o = (q / C) * r->os[0] + (q % C) * r->os[1];
        if (f32) ((float*)r->out)[o] = m;
        else ((uint16_t*)r->out)[o] = pydml_f32_to_f16(m);
    }
}

static pydml_status execute(const void* plan_, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const pool_plan* P = plan_;
    if (P == NULL || input_count < 1 || output_count < 1 || inputs == NULL || outputs == NULL)
        return PYDML_STATUS_INVALID_PARAMETER;
    if (P->grad) return grad_execute(P, inputs, input_count, outputs, output_count, ws);
    const pydml_tensor* in = inputs[0];
    const pydml_tensor* out = outputs[0];
    const pydml_tensor* idx = P->itype && output_count >= 2 ? outputs[1] : NULL;
    if (P->itype && idx == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    if ((s = check_view(in, P->dtype, P->rank, P->in_sizes))) return s;
    if ((s = check_view(out, P->dtype, P->rank, P->out_sizes))) return s;
    if (idx && (s = check_view(idx, P->itype, P->rank, P->out_sizes))) return s;
    pool_run r;
    memset(&r, 0, sizeof r);
    r.plan = P;
    r.in = in->data;
    r.out = out->data;
    r.idx = idx ? idx->data : NULL;
    strides5(in, P->rank, r.is);
    strides5(out, P->rank, r.os);
    if (idx) strides5(idx, P->rank, r.xs);
    /* logical row-major strides over (N, C, D, H, W) */
    r.lstride[4] = 1;
    r.lstride[3] = P->isz[2];
    r.lstride[2] = (uint64_t)P->isz[1] * P->isz[2];
    r.lstride[1] = r.lstride[2] * P->isz[0];
    r.lstride[0] = r.lstride[1] * P->in_sizes[1];
    const uint64_t total_in = r.lstride[0] * P->in_sizes[0];
    uint32_t f = pydml_active_cpu_features();
    r.isa = (f & PYDML_CPU_AVX512) && (f & PYDML_CPU_F16C) ? 2
            : (f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C) ? 1 : 0;
#ifndef PL_X86
    r.isa = 0;
#endif
    if (global_max_fits(P, &r)) {
        global_max(&r);
        return PYDML_STATUS_SUCCESS;
    }
    /* vector max: W contiguous, lane indices fit int32, window offsets fit the row arithmetic */
    const int vec = r.isa > 0 && P->fn == PL_MAX && is_float(P->dtype) && r.is[4] == 1 && total_in < ((uint64_t)1 << 31);
#ifdef PL_X86
    if (vec && max_flat_fits(P, &r)) {
        max_flat(&r);
        return PYDML_STATUS_SUCCESS;
    }
    if (vec && max_sep_fits(P, &r)) {
        max_sep(&r);
        return PYDML_STATUS_SUCCESS;
    }
#endif
    const uint64_t rows = (uint64_t)P->in_sizes[0] * P->in_sizes[1] * P->osz[0] * P->osz[1];
    const uint64_t work = rows * P->osz[2] * P->win[0] * P->win[1] * P->win[2];
#ifdef PL_X86
    if (max_cvec_fits(P, &r)) {
        /* rows (n, od, oh), every channel */
        const uint64_t crows = (uint64_t)P->in_sizes[0] * P->osz[0] * P->osz[1];
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (work >= PL_PARALLEL_MIN && crows > 1)
#endif
        for (uint64_t row = 0; row < crows; row++) max_cvec_row(&r, row);
        return PYDML_STATUS_SUCCESS;
    }
#endif
    /* A global average or LP pool (a CNN's last pool: N x C planes, one output each): the rows are
     * the planes, each summed by sum_row as any row is (its whole-row runs), without run_row's
     * chain of divisions for the row's coordinates, which cost more than the 49 additions of a
     * 7 x 7 plane (a ResNet's [8, 512, 7, 7] pool: 213 -> 122 us with sum_row's runs, 90 with this). */
    if (P->fn != PL_MAX && P->osz[0] == 1 && P->osz[1] == 1 && P->osz[2] == 1 && P->win[0] == P->isz[0] &&
        P->win[1] == P->isz[1] && P->win[2] == P->isz[2] && !P->pad[0] && !P->pad[1] && !P->pad[2]) {
        const uint64_t C = P->in_sizes[1];
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (work >= PL_PARALLEL_MIN && rows > 1)
#endif
        for (uint64_t q = 0; q < rows; q++) {
            row_ctx x;
            memset(&x, 0, sizeof x);
            x.n = q / C;
            x.c = q % C;
            x.d1 = P->isz[0];
            x.h1 = P->isz[1];
            x.in_base = x.n * r.is[0] + x.c * r.is[1];
            x.out_base = x.n * r.os[0] + x.c * r.os[1];
            sum_row(&r, &x);
        }
        return PYDML_STATUS_SUCCESS;
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (work >= PL_PARALLEL_MIN && rows > 1)
#endif
    for (uint64_t row = 0; row < rows; row++) run_row(&r, row, vec);
    (void)work;
    return PYDML_STATUS_SUCCESS;
}

/* The gradients' scratch comes from the caller's workspace: the plan is read-only while it executes,
 * so executions of one operator may run at the same time. */
const pydml_kernel_family pydml_family_pooling = {"pooling", create, destroy, execute, 0, temporary_bytes, NULL, NULL};

/* pydml_debug_pooling_flat_runs (pydml.h) */
uint64_t pydml_debug_pooling_flat_runs(void) {
#ifdef PL_X86
    return __atomic_load_n(&g_flat_runs, __ATOMIC_RELAXED);
#else
    return 0;
#endif
}
