/* The reduce kernel family (families.h): REDUCE (every DML_REDUCE_FUNCTION), ARGMIN, ARGMAX,
 * CUMULATIVE_SUMMATION and CUMULATIVE_PRODUCT. Pages: MicrosoftDocs/sdk-api
 * ns-directml-dml_{reduce,argmin,argmax,cumulative_summation,cumulative_product}_operator_desc.md
 * and ne-directml-dml_reduce_function.md (formulas: AVERAGE sum/N, L1 sum|x|, L2 sqrt(sum x^2),
 * LOG_SUM log(sum x), LOG_SUM_EXP log(sum exp x), MULTIPLY prod x, SUM_SQUARE sum x^2).
 *
 * Domains. FLOAT32 and FLOAT16 accumulate in double (at least the float32 accumulation DirectML
 * implies for FLOAT16; double makes each result the float64 formula rounded once to the output
 * type except under heavy cancellation, and costs nothing in these memory-bound loops), then are
 * rounded once to the output type (double -> FLOAT16 through float with round-to-odd, so no
 * double rounding). Integer types compute in 64 bits and wrap to the output width (two's
 * complement), as DirectML's integer arithmetic does; |INT_MIN| wraps to INT_MIN.
 *
 * Edges the pages leave open (decisions):
 *  - MAX / MIN: NaN propagates (IEEE 754-2019 maximum/minimum, as torch.amax and numpy.max).
 *  - ARGMAX / ARGMIN: NaN counts as the extreme value (as numpy/torch argmax/argmin): the first
 *    NaN wins (AxisDirection INCREASING), the last NaN (DECREASING). Indices are the row-major
 *    position over the reduced axes (the page: "each output index is with respect to the
 *    provided input axes"), whatever the order of Axes; REDUCE's ARGMIN/ARGMAX are INCREASING.
 *  - LOG_SUM of a negative sum is NaN, of 0 is -inf (C log). LOG_SUM_EXP is computed as
 *    m + log(sum exp(x - m)), m the maximum: all -inf gives -inf, any +inf gives +inf, NaN NaN
 *    (as torch.logsumexp).
 *  - Scans accumulate in double (floats) or wrapping 64 bits (integers), each output rounded once.
 *
 * In place: the cumulative pages allow OutputTensor to alias InputTensor; the scans read each
 * element once, before writing the same element, so the exact overlap is safe. A REDUCE or ARG*
 * output can only be exactly its input's view when every reduced axis has size 1, where each
 * output element reads only its own input element before it is written. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "elementwise.h"
#include "families.h"
#include "convert.h"
#include "axis_split.h"

#ifdef _OPENMP
#define RD_PRAGMA(x) _Pragma(#x)
#else
#define RD_PRAGMA(x)
#endif

enum { K_REDUCE = 0, K_CUMSUM = 1, K_CUMPROD = 2 };
enum { D_F = 0, D_I = 1, D_U = 2 };  /* double; int64 (signed and narrow unsigned); uint64 */

#define RD_BLOCK 256                  /* elements converted at once */
#define RD_WMAX 256                   /* lanes of a column tile */
/* lanes of a cols_rows tile: the wider, the longer the streams (from DRAM, [32, 64, 3136]: 0.18
 * ns a float at 1024 against 0.29 at 256, one thread); 8 KiB of sums stay in L1 */
#define RD_WFAST 1024
#define RD_FAST_CACHED (24u << 20)   /* input bytes read from cache, for cols_fast */
#define RD_FAST_ITEMS 8                /* tiles narrowed (to RD_WMAX) to give the threads work */
#define RD_CHUNKS_PER_THREAD 16
#define RD_PARALLEL_MIN 32768         /* elements below which one thread runs everything */
#define RD_PIECE 65536                /* elements of a piece of a long reduction (reduce_split) */
/* Column tiles prefetch the row this many rows ahead (no effect on results) */
#define RD_COL_AHEAD 8
#define RD_HBLOCK 2048                /* FLOAT16 elements converted to float at once (fast paths) */
_Static_assert(RD_HBLOCK >= 4 * RD_WMAX, "four converted rows of a column tile fit the block");

typedef struct rd_plan {
    int kind;                          /* K_* */
    int fn;                            /* DML_REDUCE_FUNCTION (ARGMIN/ARGMAX operators too) */
    int decreasing, exclusive;
    int dom;
    uint32_t in_type, out_type;
    uint32_t dim_count;
    uint32_t in_sizes[PYDML_MAX_DIMS], out_sizes[PYDML_MAX_DIMS];
    uint32_t reduced;                  /* bit d: dimension d is reduced (scans: the Axis) */
} rd_plan;


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

static int is_arg(int fn) { return fn == DML_REDUCE_FUNCTION_ARGMAX || fn == DML_REDUCE_FUNCTION_ARGMIN; }

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    if (info == NULL || desc == NULL || out == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *out = NULL;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(info, desc, "OutputTensor");
    if (in == NULL || o == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    const uint32_t n = in->DimensionCount;
    if (n == 0 || n > PYDML_MAX_DIMS || o->DimensionCount != n) return PYDML_STATUS_INVALID_PARAMETER;
    rd_plan p;
    memset(&p, 0, sizeof p);
    p.in_type = in->DataType;
    p.out_type = o->DataType;
    p.dim_count = n;
    uint32_t axis_count = 0;
    const UINT* axes = NULL;
    UINT axis = 0;
    switch (info->type) {
    case DML_OPERATOR_REDUCE: {
        const DML_REDUCE_OPERATOR_DESC* d = desc;
        p.kind = K_REDUCE; p.fn = (int)d->Function; axis_count = d->AxisCount; axes = d->Axes;
        break;
    }
    case DML_OPERATOR_ARGMIN: {
        const DML_ARGMIN_OPERATOR_DESC* d = desc;
        p.kind = K_REDUCE; p.fn = DML_REDUCE_FUNCTION_ARGMIN; axis_count = d->AxisCount; axes = d->Axes;
        p.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
        break;
    }
    case DML_OPERATOR_ARGMAX: {
        const DML_ARGMAX_OPERATOR_DESC* d = desc;
        p.kind = K_REDUCE; p.fn = DML_REDUCE_FUNCTION_ARGMAX; axis_count = d->AxisCount; axes = d->Axes;
        p.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
        break;
    }
    case DML_OPERATOR_CUMULATIVE_SUMMATION: {
        const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC* d = desc;
        p.kind = K_CUMSUM; axis = d->Axis; p.exclusive = d->HasExclusiveSum != 0;
        p.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
        break;
    }
    default: {
        const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC* d = desc;
        p.kind = K_CUMPROD; axis = d->Axis; p.exclusive = d->HasExclusiveProduct != 0;
        p.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
        break;
    }
    }
    /* validate.c ran the rules; re-checked so that no desc reaches memory it should not */
    if (p.kind == K_REDUCE) {
        if (axis_count == 0 || axis_count > n || axes == NULL) return PYDML_STATUS_INVALID_PARAMETER;
        for (uint32_t i = 0; i < axis_count; i++) {
            if (axes[i] >= n || (p.reduced >> axes[i] & 1u)) return PYDML_STATUS_INVALID_PARAMETER;
            p.reduced |= 1u << axes[i];
        }
        if (p.fn < DML_REDUCE_FUNCTION_ARGMAX || p.fn > DML_REDUCE_FUNCTION_SUM_SQUARE) return PYDML_STATUS_INVALID_PARAMETER;
    } else {
        if (axis >= n) return PYDML_STATUS_INVALID_PARAMETER;
        p.reduced = 1u << axis;
    }
    for (uint32_t d = 0; d < n; d++) {
        const int red = p.kind == K_REDUCE && (p.reduced >> d & 1u);
        if (o->Sizes[d] != (red ? 1u : in->Sizes[d])) return PYDML_STATUS_INVALID_PARAMETER;
        p.in_sizes[d] = in->Sizes[d];
        p.out_sizes[d] = o->Sizes[d];
    }
    if (is_float(p.in_type)) p.dom = D_F;
    else if (p.in_type == DML_TENSOR_DATA_TYPE_UINT64) p.dom = D_U;
    else if (is_int(p.in_type)) p.dom = D_I;
    else return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (p.kind == K_REDUCE && is_arg(p.fn)) {
        if (p.out_type != DML_TENSOR_DATA_TYPE_INT32 && p.out_type != DML_TENSOR_DATA_TYPE_INT64 &&
            p.out_type != DML_TENSOR_DATA_TYPE_UINT32 && p.out_type != DML_TENSOR_DATA_TYPE_UINT64)
            return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    } else {
        if (p.out_type != p.in_type) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
        /* float-only functions (page tables): no integer path */
        if (p.dom != D_F && p.kind == K_REDUCE &&
            (p.fn == DML_REDUCE_FUNCTION_AVERAGE || p.fn == DML_REDUCE_FUNCTION_L2 ||
             p.fn == DML_REDUCE_FUNCTION_LOG_SUM || p.fn == DML_REDUCE_FUNCTION_LOG_SUM_EXP))
            return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    rd_plan* plan = malloc(sizeof *plan);
    if (plan == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    *plan = p;
    *out = plan;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

/* ---- conversions ---- */

/* n elements at p (stride in elements) into doubles */
static void load_f(uint32_t type, const char* p, uint64_t stride, size_t n, double* dst) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = (const float*)p;
        for (size_t i = 0; i < n; i++) dst[i] = (double)s[i * stride];
    } else {
        const uint16_t* s = (const uint16_t*)p;
        for (size_t i = 0; i < n; i++) dst[i] = (double)pydml_f16_to_f32(s[i * stride]);
    }
}

/* n elements into 64-bit patterns: signed types sign-extended, unsigned zero-extended */
static void load_i(uint32_t type, const char* p, uint64_t stride, size_t n, uint64_t* dst) {
    switch (type) {
#define RD_LOAD(T, CODE)                                                                           \
    case CODE: {                                                                                   \
        const T* s = (const T*)p;                                                                  \
        for (size_t i = 0; i < n; i++) dst[i] = (uint64_t)(int64_t)s[i * stride];                  \
        break;                                                                                     \
    }
    RD_LOAD(int8_t, DML_TENSOR_DATA_TYPE_INT8)
    RD_LOAD(int16_t, DML_TENSOR_DATA_TYPE_INT16)
    RD_LOAD(int32_t, DML_TENSOR_DATA_TYPE_INT32)
    RD_LOAD(int64_t, DML_TENSOR_DATA_TYPE_INT64)
    RD_LOAD(uint8_t, DML_TENSOR_DATA_TYPE_UINT8)
    RD_LOAD(uint16_t, DML_TENSOR_DATA_TYPE_UINT16)
    RD_LOAD(uint32_t, DML_TENSOR_DATA_TYPE_UINT32)
#undef RD_LOAD
    default: {
        const uint64_t* s = (const uint64_t*)p;
        for (size_t i = 0; i < n; i++) dst[i] = s[i * stride];
        break;
    }
    }
}

static void store_f(uint32_t type, const double* src, size_t n, char* p, uint64_t stride) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = (float*)p;
        for (size_t i = 0; i < n; i++) d[i * stride] = (float)src[i];
    } else {
        uint16_t* d = (uint16_t*)p;
        for (size_t i = 0; i < n; i++) d[i * stride] = pydml_f64_to_f16(src[i]);
    }
}

/* 64-bit patterns truncated to the output width (wrapping) */
static void store_i(uint32_t type, const uint64_t* src, size_t n, char* p, uint64_t stride) {
    switch (pydml_data_type_bits(type)) {
    case 8: { uint8_t* d = (uint8_t*)p; for (size_t i = 0; i < n; i++) d[i * stride] = (uint8_t)src[i]; break; }
    case 16: { uint16_t* d = (uint16_t*)p; for (size_t i = 0; i < n; i++) d[i * stride] = (uint16_t)src[i]; break; }
    case 32: { uint32_t* d = (uint32_t*)p; for (size_t i = 0; i < n; i++) d[i * stride] = (uint32_t)src[i]; break; }
    default: { uint64_t* d = (uint64_t*)p; for (size_t i = 0; i < n; i++) d[i * stride] = src[i]; break; }
    }
}

/* ---- reduction state ---- */

typedef struct rd_state {
    double a, b;                       /* float: value (sum, product, max, ...); LOG_SUM_EXP: a max, b sum */
    uint64_t u;                        /* integer value (64-bit pattern) */
    uint64_t idx;                      /* ARG*: index of the best element */
    uint32_t has;                      /* ARG*: an element was seen */
} rd_state;

static void state_init(const rd_plan* p, rd_state* s, size_t n) {
    for (size_t k = 0; k < n; k++) {
        memset(&s[k], 0, sizeof s[k]);
        switch (p->fn) {
        case DML_REDUCE_FUNCTION_MULTIPLY: s[k].a = 1.0; s[k].u = 1; break;
        case DML_REDUCE_FUNCTION_MAX:
            s[k].a = -INFINITY;
            s[k].u = p->dom == D_U ? 0 : (uint64_t)INT64_MIN;
            break;
        case DML_REDUCE_FUNCTION_MIN:
            s[k].a = INFINITY;
            s[k].u = p->dom == D_U ? UINT64_MAX : (uint64_t)INT64_MAX;
            break;
        case DML_REDUCE_FUNCTION_LOG_SUM_EXP: s[k].a = -INFINITY; s[k].b = 0.0; break;
        default: break;
        }
    }
}

/* Updates states with values: element k goes to s[k * ss] with index idx + k * is (line: ss 0,
 * is 1; columns: ss 1, is 0). Indices grow along a line, so "later" means a larger index. */
static void update_f(const rd_plan* p, rd_state* s, size_t ss, const double* v, size_t n, uint64_t idx, uint64_t is) {
    switch (p->fn) {
    case DML_REDUCE_FUNCTION_SUM: case DML_REDUCE_FUNCTION_AVERAGE: case DML_REDUCE_FUNCTION_LOG_SUM:
        for (size_t k = 0; k < n; k++) s[k * ss].a += v[k];
        break;
    case DML_REDUCE_FUNCTION_L1:
        for (size_t k = 0; k < n; k++) s[k * ss].a += fabs(v[k]);
        break;
    case DML_REDUCE_FUNCTION_L2: case DML_REDUCE_FUNCTION_SUM_SQUARE:
        for (size_t k = 0; k < n; k++) s[k * ss].a += v[k] * v[k];
        break;
    case DML_REDUCE_FUNCTION_MULTIPLY:
        for (size_t k = 0; k < n; k++) s[k * ss].a *= v[k];
        break;
    case DML_REDUCE_FUNCTION_MAX: /* NaN propagates: once a is NaN neither test replaces it */
        for (size_t k = 0; k < n; k++) {
            rd_state* t = &s[k * ss];
            if (v[k] > t->a || v[k] != v[k]) t->a = v[k];
        }
        break;
    case DML_REDUCE_FUNCTION_MIN:
        for (size_t k = 0; k < n; k++) {
            rd_state* t = &s[k * ss];
            if (v[k] < t->a || v[k] != v[k]) t->a = v[k];
        }
        break;
    case DML_REDUCE_FUNCTION_LOG_SUM_EXP: /* running maximum a and sum b of exp(x - a) */
        for (size_t k = 0; k < n; k++) {
            rd_state* t = &s[k * ss];
            const double x = v[k];
            if (x != x) t->a = x;                          /* NaN sticks: x > NaN is false */
            else if (x > t->a) { t->b = t->b * exp(t->a - x) + 1.0; t->a = x; }
            else if (x != -INFINITY && t->a != INFINITY) t->b += exp(x - t->a);
        }
        break;
    default: { /* ARGMAX, ARGMIN: NaN is the extreme value */
        const int mx = p->fn == DML_REDUCE_FUNCTION_ARGMAX, dec = p->decreasing;
        for (size_t k = 0; k < n; k++) {
            rd_state* t = &s[k * ss];
            const double x = v[k];
            int take;
            if (!t->has) take = 1;
            else if (t->a != t->a) take = dec && x != x;
            else if (x != x) take = 1;
            else take = mx ? (x > t->a || (dec && x == t->a)) : (x < t->a || (dec && x == t->a));
            if (take) { t->a = x; t->idx = idx + k * is; t->has = 1; }
        }
        break;
    }
    }
}

static inline int lt_i(int sgn, uint64_t a, uint64_t b) { return sgn ? (int64_t)a < (int64_t)b : a < b; }

static void update_i(const rd_plan* p, rd_state* s, size_t ss, const uint64_t* v, size_t n, uint64_t idx, uint64_t is) {
    const int sgn = p->dom == D_I;
    switch (p->fn) {
    case DML_REDUCE_FUNCTION_SUM:
        for (size_t k = 0; k < n; k++) s[k * ss].u += v[k];
        break;
    case DML_REDUCE_FUNCTION_L1: /* |x| in wrapping arithmetic: |INT64_MIN| is INT64_MIN */
        for (size_t k = 0; k < n; k++) s[k * ss].u += sgn && (int64_t)v[k] < 0 ? 0u - v[k] : v[k];
        break;
    case DML_REDUCE_FUNCTION_SUM_SQUARE:
        for (size_t k = 0; k < n; k++) s[k * ss].u += v[k] * v[k];
        break;
    case DML_REDUCE_FUNCTION_MULTIPLY:
        for (size_t k = 0; k < n; k++) s[k * ss].u *= v[k];
        break;
    case DML_REDUCE_FUNCTION_MAX:
        for (size_t k = 0; k < n; k++) if (lt_i(sgn, s[k * ss].u, v[k])) s[k * ss].u = v[k];
        break;
    case DML_REDUCE_FUNCTION_MIN:
        for (size_t k = 0; k < n; k++) if (lt_i(sgn, v[k], s[k * ss].u)) s[k * ss].u = v[k];
        break;
    default: { /* ARGMAX, ARGMIN (the float-only functions were refused at create) */
        const int mx = p->fn == DML_REDUCE_FUNCTION_ARGMAX, dec = p->decreasing;
        for (size_t k = 0; k < n; k++) {
            rd_state* t = &s[k * ss];
            const uint64_t x = v[k];
            const int better = mx ? lt_i(sgn, t->u, x) : lt_i(sgn, x, t->u);
            if (!t->has || better || (dec && x == t->u)) { t->u = x; t->idx = idx + k * is; t->has = 1; }
        }
        break;
    }
    }
}

static double final_f(const rd_plan* p, const rd_state* s, uint64_t N) {
    switch (p->fn) {
    case DML_REDUCE_FUNCTION_AVERAGE: return s->a / (double)N;
    case DML_REDUCE_FUNCTION_L2: return sqrt(s->a);
    case DML_REDUCE_FUNCTION_LOG_SUM: return log(s->a);
    case DML_REDUCE_FUNCTION_LOG_SUM_EXP:
        if (s->a != s->a || s->a == INFINITY || s->a == -INFINITY) return s->a;
        return s->a + log(s->b);
    default: return s->a;
    }
}

/* ---- fast FLOAT32 paths (SUM-like and MAX/MIN), one body per ISA ---- */

typedef struct rd_fast {
    /* contiguous line: sum of x (mode 0), |x| (1), x^2 (2) in double */
    double (*line_sum)(const float* x, size_t n, int mode);
    /* the same for a FLOAT16 block of n <= RD_HBLOCK (stage: n floats of scratch) */
    double (*line_sum_h16)(const uint16_t* h, float* stage, size_t n, int mode);
    /* contiguous line: max (mx 1) or min; NaN when a NaN was seen */
    float (*line_ext)(const float* x, size_t n, int mx);
    /* contiguous line: product of x in double (lanes, then pairwise) */
    double (*line_prod)(const float* x, size_t n);
    /* rows x[0..nr) (nr <= 4) of w lanes: acc[j] += f(x[0][j]) + ... (summed in double first) */
    void (*cols_sum)(double* acc, const float* const* x, size_t nr, size_t w, int mode);
    /* rows of w lanes: e[j] = max/min, NaN sticking */
    void (*cols_ext)(float* e, const float* const* x, size_t nr, size_t w, int mx);
    /* a column tile's rows, straight to FLOAT32 outputs (cols_rows_avx2); NULL where there is none */
    int (*cols_rows)(double* acc, const float* x, size_t rs, size_t rows, size_t w, int mode, float* out, double n);
    /* the same for MAX (mx 1) / MIN (cols_ext_rows_avx2); NULL where there is none */
    int (*cols_ext_rows)(float* e, const float* x, size_t rs, size_t rows, size_t w, int mx, float* out);
    /* ARGMAX (mx 1) / ARGMIN: each lane's best value and its row (cols_arg_rows_avx2); NULL: none */
    int (*cols_arg_rows)(float* best, uint32_t* idx, const void* x, size_t rs, size_t rows, size_t w, int mx, int dec);
    /* ARGMAX / ARGMIN of a contiguous line into *at (line_arg_avx2); NULL where there is none */
    int (*line_arg)(const void* x, size_t n, uint64_t* at, int mx, int dec);
    /* cols_arg_rows over FLOAT16 rows (each half exact in float: the same comparisons); NULL: none */
    int (*cols_arg_rows_h16)(float* best, uint32_t* idx, const void* x, size_t rs, size_t rows, size_t w, int mx,
                             int dec);
    /* line_arg over a FLOAT16 line; NULL: none */
    int (*line_arg_h16)(const void* x, size_t n, uint64_t* at, int mx, int dec);
    /* contiguous line: sum of e^(x - m) in double, m its (finite) maximum (rd_exp_neg) */
    double (*line_sumexp)(const float* x, size_t n, double m);
    /* a row of w lanes: acc[j] *= x[j] in double (MULTIPLY over rows, in their order) */
    void (*cols_prod)(double* acc, const float* x, size_t w);
    /* a row of w lanes: acc[j] += e^(x[j] - m[j]) in double (LOG_SUM_EXP over rows) */
    void (*cols_sumexp)(double* acc, const float* x, const float* m, size_t w);
} rd_fast;

/* Lanes of a line's accumulators: 32 doubles are 4 AVX-512 / 8 AVX2 registers, enough
 * independent chains to hide the add latency (one chain ran at half the read bandwidth). The
 * lanes are combined pairwise in a fixed order, so a result does not depend on the thread count. */
#define RD_LANES 32
#define RD_XLANES 64

/* the lanes are indexed by constants only (a variable index kept them in memory); the tail goes
 * to its own accumulator */
#define RD_SUM_LOOP(F)                                                                             \
    for (; k + RD_LANES <= n; k += RD_LANES)                                                       \
        for (size_t j = 0; j < RD_LANES; j++) { const double v = (double)x[k + j]; acc[j] += F; }  \
    for (; k < n; k++) { const double v = (double)x[k]; tail += F; }

/* NaN sticks: once e is NaN neither test replaces it; a NaN x always does */
#define RD_MAX(e, v) ((((v) > (e)) | ((v) != (v))) ? (v) : (e))
#define RD_MIN(e, v) ((((v) < (e)) | ((v) != (v))) ? (v) : (e))

/* The vector lines' last step (line_ext_avx2_body, line_ext_avx512x): the `lanes` partial extrema
 * in f folded pairwise, halves first, then the line's tail x[k, n) in order; f[0] is the line's. */
static float rd_fold_ext(float* f, size_t lanes, const float* x, size_t k, size_t n, int mx) {
    if (mx) {
        for (size_t w = lanes / 2; w > 0; w /= 2)
            for (size_t j = 0; j < w; j++) f[j] = RD_MAX(f[j], f[j + w]);
        for (; k < n; k++) f[0] = RD_MAX(f[0], x[k]);
    } else {
        for (size_t w = lanes / 2; w > 0; w /= 2)
            for (size_t j = 0; j < w; j++) f[j] = RD_MIN(f[j], f[j + w]);
        for (; k < n; k++) f[0] = RD_MIN(f[0], x[k]);
    }
    return f[0];
}

/* e^d for d <= 0 in double, branch-free so that the line below vectorizes: d = k ln2 + r,
 * |r| <= ln2 / 2 (ln2 in two parts, fdlibm's: k ln2_hi is exact for |k| < 2^21), e^r by its Taylor
 * polynomial of degree 12 (truncation below 2^-52 relative), 2^k put into the exponent bits; 0
 * below -708 (where e^d < 2^-1021: against the line maximum's e^0 = 1 it changes no float result)
 * and for -inf. */
static inline double rd_exp_neg(double d) {
    const double dc = d < -708.0 ? -708.0 : d;
    const double t = dc * 1.44269504088896338700 + 0x1.8p52;
    const double k = t - 0x1.8p52;
    const double r = (dc - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
    double q = 1.0 / 479001600.0;
    q = q * r + 1.0 / 39916800.0;
    q = q * r + 1.0 / 3628800.0;
    q = q * r + 1.0 / 362880.0;
    q = q * r + 1.0 / 40320.0;
    q = q * r + 1.0 / 5040.0;
    q = q * r + 1.0 / 720.0;
    q = q * r + 1.0 / 120.0;
    q = q * r + 1.0 / 24.0;
    q = q * r + 1.0 / 6.0;
    q = q * r + 0.5;
    q = q * r + 1.0;
    q = q * r + 1.0;
    uint64_t qb, tb, kb;
    memcpy(&qb, &q, sizeof qb);
    memcpy(&tb, &t, sizeof tb);
    const double big = 0x1.8p52;
    memcpy(&kb, &big, sizeof kb);
    qb += (tb - kb) << 52; /* k in the low bits of t: 2^k by the exponent field */
    double e;
    memcpy(&e, &qb, sizeof e);
    return d < -708.0 ? 0.0 : e;
}

#define RD_FAST(SUF, ATTR)                                                                         \
    ATTR static double line_sum_##SUF(const float* restrict x, size_t n, int mode) {               \
        double acc[RD_LANES], tail = 0.0;                                                          \
        for (size_t j = 0; j < RD_LANES; j++) acc[j] = 0.0;                                        \
        size_t k = 0;                                                                              \
        if (mode == 0) { RD_SUM_LOOP(v) }                                                          \
        else if (mode == 1) { RD_SUM_LOOP(fabs(v)) }                                               \
        else { RD_SUM_LOOP(v * v) }                                                                \
        for (size_t w = RD_LANES / 2; w > 0; w /= 2)                                               \
            for (size_t j = 0; j < w; j++) acc[j] += acc[j + w];                                   \
        return acc[0] + tail;                                                                      \
    }                                                                                              \
    ATTR static double line_prod_##SUF(const float* restrict x, size_t n) {                        \
        double acc[RD_LANES];                                                                      \
        for (size_t j = 0; j < RD_LANES; j++) acc[j] = 1.0;                                        \
        size_t k = 0;                                                                              \
        for (; k + RD_LANES <= n; k += RD_LANES)                                                   \
            for (size_t j = 0; j < RD_LANES; j++) acc[j] *= (double)x[k + j];                      \
        double tail = 1.0;                                                                         \
        for (; k < n; k++) tail *= (double)x[k];                                                   \
        for (size_t w = RD_LANES / 2; w > 0; w /= 2)                                               \
            for (size_t j = 0; j < w; j++) acc[j] *= acc[j + w];                                   \
        return acc[0] * tail;                                                                      \
    }                                                                                              \
    ATTR static double line_sumexp_##SUF(const float* restrict x, size_t n, double m) {           \
        double acc[RD_LANES], tail = 0.0;                                                          \
        for (size_t j = 0; j < RD_LANES; j++) acc[j] = 0.0;                                        \
        size_t k = 0;                                                                              \
        for (; k + RD_LANES <= n; k += RD_LANES)                                                   \
            for (size_t j = 0; j < RD_LANES; j++) acc[j] += rd_exp_neg((double)x[k + j] - m);      \
        for (; k < n; k++) tail += rd_exp_neg((double)x[k] - m);                                   \
        for (size_t w = RD_LANES / 2; w > 0; w /= 2)                                               \
            for (size_t j = 0; j < w; j++) acc[j] += acc[j + w];                                   \
        return acc[0] + tail;                                                                      \
    }                                                                                              \
    ATTR static void cols_prod_##SUF(double* restrict acc, const float* restrict x, size_t w) {    \
        for (size_t j = 0; j < w; j++) acc[j] *= (double)x[j];                                     \
    }                                                                                              \
    ATTR static void cols_sumexp_##SUF(double* restrict acc, const float* restrict x,             \
                                       const float* restrict m, size_t w) {                        \
        for (size_t j = 0; j < w; j++) acc[j] += rd_exp_neg((double)x[j] - (double)m[j]);          \
    }                                                                                              \
    ATTR static float line_ext_##SUF(const float* restrict x, size_t n, int mx) {                  \
        float e[RD_XLANES];                                                                        \
        const float init = mx ? -INFINITY : INFINITY;                                              \
        for (size_t j = 0; j < RD_XLANES; j++) e[j] = init;                                        \
        size_t k = 0;                                                                              \
        if (mx) {                                                                                  \
            for (; k + RD_XLANES <= n; k += RD_XLANES)                                             \
                for (size_t j = 0; j < RD_XLANES; j++) e[j] = RD_MAX(e[j], x[k + j]);              \
            for (size_t w = RD_XLANES / 2; w > 0; w /= 2)                                          \
                for (size_t j = 0; j < w; j++) e[j] = RD_MAX(e[j], e[j + w]);                      \
            for (; k < n; k++) e[0] = RD_MAX(e[0], x[k]);                                          \
        } else {                                                                                   \
            for (; k + RD_XLANES <= n; k += RD_XLANES)                                             \
                for (size_t j = 0; j < RD_XLANES; j++) e[j] = RD_MIN(e[j], x[k + j]);              \
            for (size_t w = RD_XLANES / 2; w > 0; w /= 2)                                          \
                for (size_t j = 0; j < w; j++) e[j] = RD_MIN(e[j], e[j + w]);                      \
            for (; k < n; k++) e[0] = RD_MIN(e[0], x[k]);                                          \
        }                                                                                          \
        return e[0];                                                                               \
    }                                                                                              \
    ATTR static void cols_sum_##SUF(double* restrict acc, const float* const* x, size_t nr, size_t w, int mode) { \
        const float* restrict x0 = x[0];                                                           \
        if (nr == 4) {                                                                             \
            const float* restrict x1 = x[1];                                                       \
            const float* restrict x2 = x[2];                                                       \
            const float* restrict x3 = x[3];                                                       \
            if (mode == 0) {                                                                       \
                for (size_t j = 0; j < w; j++)                                                     \
                    acc[j] += ((double)x0[j] + (double)x1[j]) + ((double)x2[j] + (double)x3[j]);   \
            } else if (mode == 1) {                                                                \
                for (size_t j = 0; j < w; j++)                                                     \
                    acc[j] += (fabs((double)x0[j]) + fabs((double)x1[j])) +                        \
                              (fabs((double)x2[j]) + fabs((double)x3[j]));                         \
            } else {                                                                               \
                for (size_t j = 0; j < w; j++) {                                                   \
                    const double a = x0[j], b = x1[j], c = x2[j], d = x3[j];                       \
                    acc[j] += (a * a + b * b) + (c * c + d * d);                                   \
                }                                                                                  \
            }                                                                                      \
            return;                                                                                \
        }                                                                                          \
        for (size_t i = 0; i < nr; i++) {                                                          \
            x0 = x[i];                                                                             \
            if (mode == 0) {                                                                       \
                for (size_t j = 0; j < w; j++) acc[j] += (double)x0[j];                            \
            } else if (mode == 1) {                                                                \
                for (size_t j = 0; j < w; j++) acc[j] += fabs((double)x0[j]);                      \
            } else {                                                                               \
                for (size_t j = 0; j < w; j++) acc[j] += (double)x0[j] * (double)x0[j];            \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    ATTR static void cols_ext_##SUF(float* restrict e, const float* const* x, size_t nr, size_t w, int mx) { \
        if (nr == 4) {                                                                             \
            const float* restrict x0 = x[0];                                                       \
            const float* restrict x1 = x[1];                                                       \
            const float* restrict x2 = x[2];                                                       \
            const float* restrict x3 = x[3];                                                       \
            if (mx) {                                                                              \
                for (size_t j = 0; j < w; j++)                                                     \
                    e[j] = RD_MAX(RD_MAX(RD_MAX(RD_MAX(e[j], x0[j]), x1[j]), x2[j]), x3[j]);       \
            } else {                                                                               \
                for (size_t j = 0; j < w; j++)                                                     \
                    e[j] = RD_MIN(RD_MIN(RD_MIN(RD_MIN(e[j], x0[j]), x1[j]), x2[j]), x3[j]);       \
            }                                                                                      \
            return;                                                                                \
        }                                                                                          \
        for (size_t i = 0; i < nr; i++) {                                                          \
            const float* restrict xi = x[i];                                                       \
            if (mx) {                                                                              \
                for (size_t j = 0; j < w; j++) e[j] = RD_MAX(e[j], xi[j]);                         \
            } else {                                                                               \
                for (size_t j = 0; j < w; j++) e[j] = RD_MIN(e[j], xi[j]);                         \
            }                                                                                      \
        }                                                                                          \
    }

RD_FAST(c, )
RD_FAST(avx2, EW_T256)
RD_FAST(avx512, EW_T512)

/* FLOAT16 block sums (n <= RD_HBLOCK): the block converted to float (exact), then the line sum */
#define RD_H16(SUF, ATTR)                                                                          \
    ATTR static double line_sum_h16_##SUF(const uint16_t* restrict h, float* stage, size_t n, int mode) { \
        pydml_f16_row_to_f32(h, stage, n);                                                         \
        return line_sum_##SUF(stage, n, mode);                                                     \
    }
RD_H16(c, )
RD_H16(avx512, EW_T512)
#ifndef EW_X86
RD_H16(avx2, EW_T256)
#endif

#ifdef EW_X86
/* AVX2 lines written out (issue 25: REDUCE SUM / MAX over the last axis of [4096, 2048] on an AMD
 * EPYC Zen 3 host ran at 0.76x torch). Two things the compiled macro body missed:
 *  - the lanes were combined one double / float at a time (63 scalar steps for MAX per line,
 *    10 % of a 2048-element row); here they are combined as vectors in the same pairwise order;
 *  - MAX / MIN took four operations a vector (two compares, or, blend) to keep NaN sticky;
 *    vmaxps(v, e) (= v > e ? v : e, so the earlier of +-0 stays, as RD_MAX) and one unordered
 *    compare per two vectors take two.
 * A line whose result is NaN is recomputed by the macro body, so the NaN's sign and payload are
 * the macro's bit for bit.
 * The sum lanes are the macro's (register r holds lanes 4r..4r+3, combined pairwise in the same
 * order; each add rounded once as the macro's, see RD_ADD_SPLIT), so every path gives the same
 * bits as before. */

/* Software prefetch RD_PREFETCH floats (2 KiB) ahead, one per 64-byte line: on the Zen 3 host
 * the hardware prefetcher alone left a 32 MiB line-sum at 0.30 ns per element (one thread, CPU
 * time, medians of 60, the host shared), 0.235 with it (the float-only loop without: 0.27). A
 * prefetch past the end of the buffer does not fault; it reads no data the result depends on. */
#define RD_PREFETCH 512

/* The AVX2 line sum over any element type: LOAD4(i) gives elements i..i+3 as doubles, ELEM(i)
 * element i as a double; FALLBACK(n) the same sum by the macro body (NaN results, short lines). */
#define RD_LINE_SUM_AVX2X(LOAD4, ELEM, FALLBACK, PF, ADD)                                           \
    if (n < RD_LANES) return FALLBACK;  /* the tail alone: same bits */                            \
    __m256d a[8];                                                                                  \
    for (int r = 0; r < 8; r++) a[r] = _mm256_setzero_pd();                                        \
    const __m256d sign = _mm256_set1_pd(-0.0), one = _mm256_set1_pd(1.0);                          \
    size_t k = 0;                                                                                  \
    if (mode == 0) { RD_SUM8(ADD(a[r], v), LOAD4, PF) }                                            \
    else if (mode == 1) { RD_SUM8(ADD(a[r], _mm256_andnot_pd(sign, v)), LOAD4, PF) }               \
    else { RD_SUM8(_mm256_fmadd_pd(v, v, a[r]), LOAD4, PF) }                                       \
    double acc[4], tail = 0.0;                                                                     \
    for (; k < n; k++) {                                                                           \
        const double v = ELEM(k);                                                                  \
        tail += mode == 0 ? v : mode == 1 ? fabs(v) : v * v;                                       \
    }                                                                                              \
    /* the macro's pairwise steps (lane j += lane j + w for w = 16, 8, 4, 2, 1), vectors first */  \
    for (int r = 0; r < 4; r++) a[r] = _mm256_add_pd(a[r], a[r + 4]);                              \
    for (int r = 0; r < 2; r++) a[r] = _mm256_add_pd(a[r], a[r + 2]);                              \
    _mm256_storeu_pd(acc, _mm256_add_pd(a[0], a[1]));                                              \
    acc[0] += acc[2];                                                                              \
    acc[1] += acc[3];                                                                              \
    acc[0] += acc[1];                                                                              \
    const double res = acc[0] + tail;                                                              \
    /* a NaN's sign and payload follow the operand order the compiler picked for the macro body */ \
    return res == res ? res : FALLBACK;
/* acc + t rounded once, on the FADD pipes (even registers) or the FMA pipes as t * 1 + acc (odd):
 * the same value (t * 1 is exact), and Zen 3's two FADD pipes no longer share every add with the
 * float -> double conversions (a cached [512, 2048] sum: 0.046 -> 0.040 ns per element on two
 * threads, the same as a float-only sum). Squares: v * v of a float is exact in double (48
 * significant bits; no overflow or underflow in double's range), so fma(v, v, acc) is
 * acc + v * v rounded once, as the macro's multiply then add. */
#define RD_ADD_SPLIT(acc, t) ((r & 1) ? _mm256_fmadd_pd(t, one, acc) : _mm256_add_pd(acc, t))
/* every add as t * 1 + acc (line_sum_avx2n, AVX-512 hosts): on the Zen 4 host all on the FMA pipes
 * ran faster than split (a cached [64, 2048] sum, one thread, best of 2000 interleaved: 8.5-8.7 us
 * against 9.7-9.8 split as above, 11.5 all as adds) */
#define RD_ADD_FMA(acc, t) _mm256_fmadd_pd(t, one, acc)
#define RD_SUM8(F, LOAD4, PF)                                                                      \
    for (; k + RD_LANES <= n; k += RD_LANES) {                                                     \
        PF                                                                                         \
        for (int r = 0; r < 8; r++) {                                                              \
            const __m256d v = LOAD4(k + 4 * r);                                                    \
            a[r] = F;                                                                              \
        }                                                                                          \
    }

#define RD_F32_LOAD4(i) _mm256_cvtps_pd(_mm_loadu_ps(x + (i)))
#define RD_F32_ELEM(i) ((double)x[i])
#define RD_F32_PF                                                                                  \
    _mm_prefetch((const char*)(x + k + RD_PREFETCH), _MM_HINT_T0);                                 \
    _mm_prefetch((const char*)(x + k + RD_PREFETCH + 16), _MM_HINT_T0);
/* On the AVX-512 hosts (line_sum_avx2n, line_ext_avx2n, line_ext_avx512x): prefetch into L2
 * (PREFETCHT1), 16 KiB ahead. A 32 MiB input read again (mostly from L3, the benchmarks' case)
 * streamed faster so, one thread, best of 60 interleaved, [4096, 2048] row sums: 0.56-0.66 ms
 * against 0.74-0.78 without (torch's float sum 0.66-0.71); into L1 at 2 KiB (RD_PREFETCH) it
 * slowed the stream (0.93-1.01 ms). With the memory saturated by other processes (the input read
 * from DRAM, every variant at 0.8-1.0 ms) it cost 5-10 %. */
#define RD_PREFETCH_FAR 4096
#define RD_F32_PF_FAR                                                                              \
    _mm_prefetch((const char*)(x + k + RD_PREFETCH_FAR), _MM_HINT_T1);                             \
    _mm_prefetch((const char*)(x + k + RD_PREFETCH_FAR + 16), _MM_HINT_T1);

EW_T256 static double line_sum_avx2x(const float* restrict x, size_t n, int mode) {
    RD_LINE_SUM_AVX2X(RD_F32_LOAD4, RD_F32_ELEM, line_sum_avx2(x, n, mode), RD_F32_PF, RD_ADD_SPLIT)
}
/* The same sum without RD_PREFETCH's prefetch into L1 (RD_F32_PF_FAR's into L2 instead), for hosts
 * with AVX-512 (Zen 4, Intel), on both ISA paths (rd_fast_of): there those prefetches slowed the stream the hardware prefetcher already
 * covers (issue 25, EPYC Zen 4, SUM over the last axis of [4096, 2048] and [2048, 4096], one
 * thread, CPU time, best of 7 x 10 calls, builds alternating: 1.17-1.28 ms with, 0.91-0.96 ms
 * without (torch 0.79-1.01 ms); a 2 MiB input, in cache: 39 us either way), and the AVX-512 path's
 * RD_FAST body (no prefetch, 16 lanes a conversion) took 1.01-1.12 ms against 0.89-1.00 for this
 * one. The same lanes and adds (every add as fma(t, 1, acc) there: RD_ADD_FMA), so the same bits. */
EW_T256 static double line_sum_avx2n(const float* restrict x, size_t n, int mode) {
    RD_LINE_SUM_AVX2X(RD_F32_LOAD4, RD_F32_ELEM, line_sum_avx2(x, n, mode), RD_F32_PF_FAR, RD_ADD_FMA)
}

/* FLOAT16 (a block of at most RD_HBLOCK): the sum line_sum_avx2x gives for the block converted to
 * float (each half is exact in float), the conversion fused into the loads (vcvtph2ps); the
 * stage is used only by the fallback. */
#define RD_F16_LOAD4(i) _mm256_cvtps_pd(_mm_cvtph_ps(_mm_loadl_epi64((const __m128i*)(h + (i)))))
#define RD_F16_ELEM(i) ((double)pydml_f16_to_f32(h[i]))
#define RD_F16_PF _mm_prefetch((const char*)(h + k + RD_PREFETCH), _MM_HINT_T0);

EW_T256 static double line_sum_h16_avx2x(const uint16_t* restrict h, float* stage, size_t n, int mode) {
    RD_LINE_SUM_AVX2X(RD_F16_LOAD4, RD_F16_ELEM, (pydml_f16_row_to_f32(h, stage, n), line_sum_avx2(stage, n, mode)),
                      RD_F16_PF, RD_ADD_SPLIT)
}
#undef RD_SUM8
#undef RD_ADD_SPLIT
#undef RD_ADD_FMA

EW_T256 static inline __attribute__((always_inline)) float line_ext_avx2_body(const float* restrict x, size_t n, int mx,
                                                                               const int pf) {
    const __m256 init = _mm256_set1_ps(mx ? -INFINITY : INFINITY);
    __m256 e[RD_XLANES / 8], u = _mm256_setzero_ps();
    for (int r = 0; r < RD_XLANES / 8; r++) e[r] = init;
    size_t k = 0;
    for (; k + RD_XLANES <= n; k += RD_XLANES) {
        if (pf == 1)
            for (int q = 0; q < RD_XLANES; q += 16) _mm_prefetch((const char*)(x + k + RD_PREFETCH + q), _MM_HINT_T0);
        else if (pf == 2)
            for (int q = 0; q < RD_XLANES; q += 16) _mm_prefetch((const char*)(x + k + RD_PREFETCH_FAR + q), _MM_HINT_T1);
        for (int r = 0; r < RD_XLANES / 8; r += 2) {
            const __m256 v0 = _mm256_loadu_ps(x + k + 8 * r), v1 = _mm256_loadu_ps(x + k + 8 * r + 8);
            u = _mm256_or_ps(u, _mm256_cmp_ps(v0, v1, _CMP_UNORD_Q));
            e[r] = mx ? _mm256_max_ps(v0, e[r]) : _mm256_min_ps(v0, e[r]);
            e[r + 1] = mx ? _mm256_max_ps(v1, e[r + 1]) : _mm256_min_ps(v1, e[r + 1]);
        }
    }
    for (size_t j = k; j < n; j++) if (x[j] != x[j]) u = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
    if (_mm256_movemask_ps(u) != 0) return line_ext_avx2(x, n, mx);
    /* the macro's pairwise steps (lane j against lane j + w for w = 32 ... 1; RD_MAX(e, v) is
     * vmaxps(v, e)), as vectors down to one; no NaN is left here */
    float f[8];
    for (int w = RD_XLANES / 16; w > 0; w /= 2)
        for (int r = 0; r < w; r++) e[r] = mx ? _mm256_max_ps(e[r + w], e[r]) : _mm256_min_ps(e[r + w], e[r]);
    _mm256_storeu_ps(f, e[0]);
    return rd_fold_ext(f, 8, x, k, n, mx);
}
EW_T256 static float line_ext_avx2x(const float* restrict x, size_t n, int mx) { return line_ext_avx2_body(x, n, mx, 1); }
/* with the far prefetch into L2, for hosts with AVX-512 (as line_sum_avx2n) */
EW_T256 static float line_ext_avx2n(const float* restrict x, size_t n, int mx) { return line_ext_avx2_body(x, n, mx, 2); }

/* MAX / MIN: line_ext_avx2_body's scheme on 512-bit vectors (register r holds lanes 16r..16r+15;
 * vmaxps(v, e) is RD_MAX(e, v); one unordered compare per two vectors, into a mask); lines with a
 * NaN are recomputed by the macro body, as there. On Zen 4 the macro body (two compares, or, blend
 * a vector) ran a cached 32 MiB MAX at 0.86x torch.amax. */
EW_T512 static float line_ext_avx512x(const float* restrict x, size_t n, int mx) {
    const __m512 init = _mm512_set1_ps(mx ? -INFINITY : INFINITY);
    __m512 e0 = init, e1 = init, e2 = init, e3 = init;
    __mmask16 u = 0;
    size_t k = 0;
    for (; k + RD_XLANES <= n; k += RD_XLANES) {
        for (int q = 0; q < RD_XLANES; q += 16) _mm_prefetch((const char*)(x + k + RD_PREFETCH_FAR + q), _MM_HINT_T1);
        const __m512 v0 = _mm512_loadu_ps(x + k), v1 = _mm512_loadu_ps(x + k + 16);
        const __m512 v2 = _mm512_loadu_ps(x + k + 32), v3 = _mm512_loadu_ps(x + k + 48);
        u |= _mm512_cmp_ps_mask(v0, v1, _CMP_UNORD_Q) | _mm512_cmp_ps_mask(v2, v3, _CMP_UNORD_Q);
        if (mx) {
            e0 = _mm512_max_ps(v0, e0); e1 = _mm512_max_ps(v1, e1);
            e2 = _mm512_max_ps(v2, e2); e3 = _mm512_max_ps(v3, e3);
        } else {
            e0 = _mm512_min_ps(v0, e0); e1 = _mm512_min_ps(v1, e1);
            e2 = _mm512_min_ps(v2, e2); e3 = _mm512_min_ps(v3, e3);
        }
    }
    int nan = u != 0;
    for (size_t j = k; j < n; j++) nan |= x[j] != x[j];
    if (nan) return line_ext_avx512(x, n, mx);
    /* the macro's pairwise steps: w = 32 (registers 2, 3 onto 0, 1), w = 16, then in floats */
    if (mx) {
        e0 = _mm512_max_ps(e2, e0); e1 = _mm512_max_ps(e3, e1);
        e0 = _mm512_max_ps(e1, e0);
    } else {
        e0 = _mm512_min_ps(e2, e0); e1 = _mm512_min_ps(e3, e1);
        e0 = _mm512_min_ps(e1, e0);
    }
    float f[16];
    _mm512_storeu_ps(f, e0);
    return rd_fold_ext(f, 16, x, k, n, mx);
}

/* Column tiles of FLOAT32 SUM-like reductions, straight to the outputs (issue 25: REDUCE AVERAGE
 * over the channels of [8, 64, 56, 56] ran at 0.45x torch, in L2 as in L3. The compiled macro
 * body (cols_sum) spent an extract, two conversions and two adds per 8 lanes a row; the tile's walk
 * a call and 16 prefetches every row, the final divisions and the NaN test one lane at a time.)
 * All `rows` rows of a tile, row q at x + q * rs, four at a time as reduce_lanes groups them:
 * acc[j] += ((f(x0) + f(x1)) + (f(x2) + f(x3))), then the last rows one at a time, acc[j] += f(x),
 * acc starting at +0: cols_sum's operations in its order, so the same values. A tile whose rows run
 * straight down (acc in L1, whole rows streamed) read faster from L3 than lanes held in registers
 * down the rows (a C loop over [8, 64, 3136], one thread: 0.072 against 0.090 ns a float).
 * Then, with out, out[j] = (float)(acc[j] / n) (final_f and store_f's roundings; n = 1 for the sums
 * is skipped, x / 1 being x). Returns 1 when a lane is NaN (the caller redoes the tile with
 * cols_sum, whose NaN sign and payload are the reference). Both ISA paths run this body: one on
 * 512-bit vectors (8 lanes a conversion) took the same time on the Zen 4 host ([8, 64, 3136], one
 * thread, alternated: 0.142-0.145 against 0.144-0.146 ms). */
#define RD_COLS_SQ4(ADD, MUL, F, v0, v1, v2, v3)                                                   \
    (mode == 2 ? ADD(ADD(MUL(v0, v0), MUL(v1, v1)), ADD(MUL(v2, v2), MUL(v3, v3)))                 \
               : ADD(ADD(F(v0), F(v1)), ADD(F(v2), F(v3))))
/* the line of lanes j.. in the rows RD_COL_AHEAD further on: from DRAM, [64, 1024, 128] summed
 * over the middle axis (2 threads) took 1.05 ms with, 1.5 without (that case now runs reduce_lanes,
 * cols_fast); in the cache it made no difference measured */
#define RD_COLS_PREFETCH(j)                                                                        \
    if (q + RD_COL_AHEAD + 4 <= rows) {                                                            \
        _mm_prefetch((const char*)(x0 + RD_COL_AHEAD * rs + (j)), _MM_HINT_T0);                    \
        _mm_prefetch((const char*)(x1 + RD_COL_AHEAD * rs + (j)), _MM_HINT_T0);                    \
        _mm_prefetch((const char*)(x2 + RD_COL_AHEAD * rs + (j)), _MM_HINT_T0);                    \
        _mm_prefetch((const char*)(x3 + RD_COL_AHEAD * rs + (j)), _MM_HINT_T0);                    \
    }
#define RD_COLS_TAIL4                                                                              \
    for (; j < w; j++) {                                                                           \
        const double a = x0[j], b = x1[j], c = x2[j], d = x3[j];                                   \
        acc[j] += mode == 0 ? (a + b) + (c + d)                                                    \
                : mode == 1 ? (fabs(a) + fabs(b)) + (fabs(c) + fabs(d)) : (a * a + b * b) + (c * c + d * d); \
    }
#define RD_COLS_TAIL1                                                                              \
    for (; j < w; j++) {                                                                           \
        const double v = xq[j];                                                                    \
        acc[j] += mode == 0 ? v : mode == 1 ? fabs(v) : v * v;                                     \
    }
#define RD_COLS_FINISH                                                                             \
    for (; j < w; j++) {                                                                           \
        nan |= acc[j] != acc[j];                                                                   \
        if (out != NULL) out[j] = (float)(n == 1.0 ? acc[j] : acc[j] / n);                         \
    }                                                                                              \
    return nan;

#define RD_ABS4(v) (mode == 1 ? _mm256_andnot_pd(sign, v) : v)
#define RD_LD4(p, i) _mm256_cvtps_pd(_mm_loadu_ps((p) + (i)))
EW_T256 static inline __attribute__((always_inline)) int cols_rows_avx2_body(
    double* restrict acc, const float* restrict x, size_t rs, size_t rows, size_t w, const int mode,
    float* restrict out, double n) {
    const __m256d sign = _mm256_set1_pd(-0.0);
    for (size_t j = 0; j < w; j++) acc[j] = 0.0;
    size_t q = 0;
    for (; q + 4 <= rows; q += 4) {
        const float* x0 = x + q * rs;
        const float* x1 = x0 + rs;
        const float* x2 = x1 + rs;
        const float* x3 = x2 + rs;
        size_t j = 0;
        for (; j + 8 <= w; j += 8) {
            if ((j & 15) == 0) { RD_COLS_PREFETCH(j) }
            const __m256d s0 = RD_COLS_SQ4(_mm256_add_pd, _mm256_mul_pd, RD_ABS4, RD_LD4(x0, j), RD_LD4(x1, j),
                                           RD_LD4(x2, j), RD_LD4(x3, j));
            const __m256d s1 = RD_COLS_SQ4(_mm256_add_pd, _mm256_mul_pd, RD_ABS4, RD_LD4(x0, j + 4),
                                           RD_LD4(x1, j + 4), RD_LD4(x2, j + 4), RD_LD4(x3, j + 4));
            _mm256_storeu_pd(acc + j, _mm256_add_pd(_mm256_loadu_pd(acc + j), s0));
            _mm256_storeu_pd(acc + j + 4, _mm256_add_pd(_mm256_loadu_pd(acc + j + 4), s1));
        }
        RD_COLS_TAIL4
    }
    for (; q < rows; q++) {
        const float* xq = x + q * rs;
        size_t j = 0;
        for (; j + 4 <= w; j += 4) {
            const __m256d v = RD_LD4(xq, j);
            _mm256_storeu_pd(acc + j, _mm256_add_pd(_mm256_loadu_pd(acc + j), mode == 2 ? _mm256_mul_pd(v, v) : RD_ABS4(v)));
        }
        RD_COLS_TAIL1
    }
    int nan = 0;
    size_t j = 0;
    const __m256d nv = _mm256_set1_pd(n);
    for (; j + 4 <= w; j += 4) {
        const __m256d a = _mm256_loadu_pd(acc + j);
        nan |= _mm256_movemask_pd(_mm256_cmp_pd(a, a, _CMP_UNORD_Q));
        if (out != NULL) _mm_storeu_ps(out + j, _mm256_cvtpd_ps(n == 1.0 ? a : _mm256_div_pd(a, nv)));
    }
    nan = nan != 0;
    RD_COLS_FINISH
}
#undef RD_LD4
#undef RD_ABS4
EW_T256 static int cols_rows_avx2(double* restrict acc, const float* restrict x, size_t rs, size_t rows, size_t w,
                                  int mode, float* restrict out, double n) {
    if (mode == 0) return cols_rows_avx2_body(acc, x, rs, rows, w, 0, out, n);
    if (mode == 1) return cols_rows_avx2_body(acc, x, rs, rows, w, 1, out, n);
    return cols_rows_avx2_body(acc, x, rs, rows, w, 2, out, n);
}

/* MAX / MIN column tiles, as cols_rows: the rows in order, four at a time, e[j] = max(x[j], e[j])
 * (vmaxps(v, e) is v > e ? v : e: RD_MAX's choice for ordered operands, the earlier of +-0 kept;
 * vminps likewise), e from -inf (+inf for MIN). One unordered compare per two rows' vectors: a NaN
 * anywhere returns 1 (the caller redoes the tile with cols_ext, whose NaN is the reference). The
 * lanes accumulate in `out` when given (FLOAT32 outputs side by side), else in e. Issue 25: REDUCE
 * MAX over the channels of [8, 64, 56, 56] ran at 0.62x torch through cols_ext. */
#define RD_EXT_ROWS(SUF, ATTR, VT, VU, W, LOAD, STORE, MAXF, MINF, UNORD, ANY, ZERO)                \
    ATTR static int cols_ext_rows_##SUF(float* e, const float* x, size_t rs, size_t rows, size_t w, int mx, \
                                        float* out) {                                              \
        float* restrict a = out != NULL ? out : e;                                                 \
        const float init = mx ? -INFINITY : INFINITY;                                              \
        for (size_t j = 0; j < w; j++) a[j] = init;                                                \
        VU u = ZERO;                                                                               \
        int nan = 0;                                                                               \
        size_t q = 0;                                                                              \
        for (; q + 4 <= rows; q += 4) {                                                            \
            const float* x0 = x + q * rs;                                                          \
            const float* x1 = x0 + rs;                                                             \
            const float* x2 = x1 + rs;                                                             \
            const float* x3 = x2 + rs;                                                             \
            size_t j = 0;                                                                          \
            for (; j + W <= w; j += W) {                                                           \
                const VT v0 = LOAD(x0 + j), v1 = LOAD(x1 + j), v2 = LOAD(x2 + j), v3 = LOAD(x3 + j); \
                u = ANY(u, UNORD(v0, v1), UNORD(v2, v3));                                          \
                VT m = LOAD(a + j);                                                                \
                if (mx) m = MAXF(v3, MAXF(v2, MAXF(v1, MAXF(v0, m))));                              \
                else m = MINF(v3, MINF(v2, MINF(v1, MINF(v0, m))));                                \
                STORE(a + j, m);                                                                   \
            }                                                                                      \
            for (; j < w; j++) {                                                                   \
                const float v[4] = {x0[j], x1[j], x2[j], x3[j]};                                   \
                for (int i = 0; i < 4; i++) {                                                      \
                    nan |= v[i] != v[i];                                                           \
                    a[j] = mx ? RD_MAX(a[j], v[i]) : RD_MIN(a[j], v[i]);                           \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        for (; q < rows; q++) {                                                                    \
            const float* xq = x + q * rs;                                                          \
            size_t j = 0;                                                                          \
            for (; j + W <= w; j += W) {                                                           \
                const VT v = LOAD(xq + j);                                                         \
                u = ANY(u, UNORD(v, v), ZERO);                                                     \
                STORE(a + j, mx ? MAXF(v, LOAD(a + j)) : MINF(v, LOAD(a + j)));                    \
            }                                                                                      \
            for (; j < w; j++) {                                                                   \
                nan |= xq[j] != xq[j];                                                             \
                a[j] = mx ? RD_MAX(a[j], xq[j]) : RD_MIN(a[j], xq[j]);                             \
            }                                                                                      \
        }                                                                                          \
        return nan | RD_EXT_TEST(u);                                                               \
    }
#define RD_ANY8(u, p, q) _mm256_or_ps(u, _mm256_or_ps(p, q))
#define RD_UNORD8(p, q) _mm256_cmp_ps(p, q, _CMP_UNORD_Q)
#define RD_EXT_TEST(u) (_mm256_movemask_ps(u) != 0)
RD_EXT_ROWS(avx2, EW_T256, __m256, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_max_ps, _mm256_min_ps, RD_UNORD8,
            RD_ANY8, _mm256_setzero_ps())
#undef RD_EXT_TEST
#undef RD_ANY8
#undef RD_UNORD8
#define RD_ANY16(u, p, q) ((u) | (p) | (q))
#define RD_UNORD16(p, q) _mm512_cmp_ps_mask(p, q, _CMP_UNORD_Q)
#define RD_EXT_TEST(u) ((u) != 0)
RD_EXT_ROWS(avx512, EW_T512, __m512, __mmask16, 16, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_max_ps, _mm512_min_ps,
            RD_UNORD16, RD_ANY16, (__mmask16)0)
#undef RD_EXT_TEST
#undef RD_ANY16
#undef RD_UNORD16
#undef RD_EXT_ROWS

/* ARGMAX / ARGMIN column tiles: the rows in order from row 0 (taken whole, the state's first
 * element), then a lane takes row q where x > best (x >= best with AxisDirection DECREASING; <, <=
 * for ARGMIN): the first (last) index of the extreme, as update_f's ordered comparisons; the index
 * kept as an int32 lane beside its value. A NaN anywhere returns 1 (the caller redoes the tile
 * through update_f, whose NaN rules are the reference). Issue 25: ARGMAX over the 21 channels of
 * a [1, 21, 512, 512] segmentation map ran 2.3x slower than onnxruntime's CPU provider, over the
 * 64 of [8, 64, 56, 56] 5.5x (update_f's general steps, a double per element). */
#define RD_ARG_ROWS(SUF, ATTR, ELEM, XLOAD, XS)                                                     \
    ATTR static inline __attribute__((always_inline)) int cols_arg_rows_##SUF##_body(               \
        float* restrict best, uint32_t* restrict idx, const void* xv, size_t rs, size_t rows, size_t w, \
        const int mx, const int dec) {                                                              \
        const ELEM* x = xv;                                                                         \
        RD_A_VU u = RD_A_ZERO;                                                                      \
        int nan = 0;                                                                                \
        size_t j = 0;                                                                               \
        for (; j + RD_A_W <= w; j += RD_A_W) {                                                      \
            const RD_A_VT v = XLOAD(x + j);                                                         \
            u = RD_A_ANY(u, RD_A_UNORD(v, v));                                                      \
            RD_A_STORE(best + j, v);                                                                \
            RD_A_STOREI(idx + j, RD_A_SETI(0));                                                     \
        }                                                                                           \
        for (; j < w; j++) {                                                                        \
            best[j] = XS(x[j]);                                                                     \
            nan |= best[j] != best[j];                                                              \
            idx[j] = 0;                                                                             \
        }                                                                                           \
        size_t q = 1;                                                                               \
        for (; q + 4 <= rows; q += 4) {                                                             \
            const ELEM* x0 = x + q * rs;                                                            \
            const RD_A_VI q0 = RD_A_SETI((int)q), q1 = RD_A_SETI((int)q + 1), q2 = RD_A_SETI((int)q + 2), q3 = RD_A_SETI((int)q + 3); \
            for (j = 0; j + RD_A_W <= w; j += RD_A_W) {                                             \
                RD_A_VT b = RD_A_LOAD(best + j);                                                    \
                RD_A_VI i = RD_A_LOADI(idx + j);                                                    \
                const RD_A_VT v0 = XLOAD(x0 + j), v1 = XLOAD(x0 + rs + j), v2 = XLOAD(x0 + 2 * rs + j), \
                         v3 = XLOAD(x0 + 3 * rs + j);                                               \
                u = RD_A_ANY(u, RD_A_UNORD(v0, v1));                                                \
                u = RD_A_ANY(u, RD_A_UNORD(v2, v3));                                                \
                RD_ARG_TAKE(v0, b, i, q0) RD_ARG_TAKE(v1, b, i, q1) RD_ARG_TAKE(v2, b, i, q2)       \
                RD_ARG_TAKE(v3, b, i, q3)                                                           \
                RD_A_STORE(best + j, b);                                                            \
                RD_A_STOREI(idx + j, i);                                                            \
            }                                                                                       \
        }                                                                                           \
        for (; q < rows; q++) {                                                                     \
            const ELEM* xq = x + q * rs;                                                            \
            const RD_A_VI qv = RD_A_SETI((int)q);                                                   \
            for (j = 0; j + RD_A_W <= w; j += RD_A_W) {                                             \
                RD_A_VT b = RD_A_LOAD(best + j);                                                    \
                RD_A_VI i = RD_A_LOADI(idx + j);                                                    \
                const RD_A_VT v = XLOAD(xq + j);                                                    \
                u = RD_A_ANY(u, RD_A_UNORD(v, v));                                                  \
                RD_ARG_TAKE(v, b, i, qv)                                                            \
                RD_A_STORE(best + j, b);                                                            \
                RD_A_STOREI(idx + j, i);                                                            \
            }                                                                                       \
        }                                                                                           \
        for (q = 1; q < rows; q++) {   /* the lanes past the vectors */                             \
            const ELEM* xq = x + q * rs;                                                            \
            for (j = w / RD_A_W * RD_A_W; j < w; j++) {                                             \
                const float v = XS(xq[j]);                                                          \
                nan |= v != v;                                                                      \
                const int take = mx ? (v > best[j] || (dec && v == best[j])) : (v < best[j] || (dec && v == best[j])); \
                if (take) { best[j] = v; idx[j] = (uint32_t)q; }                                    \
            }                                                                                       \
        }                                                                                           \
        return nan | RD_A_TEST(u);                                                                  \
    }                                                                                               \
    ATTR static int cols_arg_rows_##SUF(float* best, uint32_t* idx, const void* x, size_t rs, size_t rows, \
                                        size_t w, int mx, int dec) {                                \
        if (mx) return dec ? cols_arg_rows_##SUF##_body(best, idx, x, rs, rows, w, 1, 1)            \
                           : cols_arg_rows_##SUF##_body(best, idx, x, rs, rows, w, 1, 0);           \
        return dec ? cols_arg_rows_##SUF##_body(best, idx, x, rs, rows, w, 0, 1)                    \
                   : cols_arg_rows_##SUF##_body(best, idx, x, rs, rows, w, 0, 0);                   \
    }
/* ARGMAX / ARGMIN of one contiguous line: 4 W lanes (lane l takes the elements l mod 4W, in order:
 * x > best, or >= with DECREASING), then the lanes' bests combined (the extreme value, and among
 * lanes holding it the smallest index, or the largest with DECREASING: each lane's first (last)
 * occurrence), then the tail in order. The same index as update_f's scan for ordered values; a NaN
 * anywhere returns 1 (the caller takes update_f). Lines past INT32_MAX elements are not taken. */
#define RD_LINE_ARG(SUF, ATTR, ELEM, XLOAD, XS)                                                     \
    ATTR static inline __attribute__((always_inline)) int line_arg_##SUF##_body(                    \
        const void* xv, size_t n, uint64_t* at, const int mx, const int dec) {                      \
        const ELEM* x = xv;                                                                         \
        RD_A_VT b[4];                                                                               \
        RD_A_VI i[4], cur[4];                                                                       \
        RD_A_VU u = RD_A_ZERO;                                                                      \
        size_t k = 0;                                                                               \
        int nan = 0;                                                                                \
        float bv;                                                                                   \
        uint32_t bi;                                                                                \
        if (n >= 4 * RD_A_W) {                                                                      \
            for (int r = 0; r < 4; r++) {                                                           \
                b[r] = XLOAD(x + r * RD_A_W);                                                       \
                u = RD_A_ANY(u, RD_A_UNORD(b[r], b[r]));                                            \
                cur[r] = RD_A_ADDI(RD_A_IOTA, RD_A_SETI(r * RD_A_W));                               \
                i[r] = cur[r];                                                                      \
            }                                                                                       \
            const RD_A_VI step = RD_A_SETI(4 * RD_A_W);                                             \
            for (k = 4 * RD_A_W; k + 4 * RD_A_W <= n; k += 4 * RD_A_W) {                            \
                for (int r = 0; r < 4; r++) {                                                       \
                    const RD_A_VT v = XLOAD(x + k + r * RD_A_W);                                    \
                    if (r & 1) u = RD_A_ANY(u, RD_A_UNORD(v, XLOAD(x + k + (r - 1) * RD_A_W)));     \
                    cur[r] = RD_A_ADDI(cur[r], step);                                               \
                    RD_ARG_TAKE(v, b[r], i[r], cur[r])                                              \
                }                                                                                   \
            }                                                                                       \
            float vs[4 * RD_A_W];                                                                   \
            uint32_t is[4 * RD_A_W];                                                                \
            for (int r = 0; r < 4; r++) {                                                           \
                RD_A_STORE(vs + r * RD_A_W, b[r]);                                                  \
                RD_A_STOREI(is + r * RD_A_W, i[r]);                                                 \
            }                                                                                       \
            bv = vs[0];                                                                             \
            bi = is[0];                                                                             \
            for (int l = 1; l < 4 * RD_A_W; l++) {                                                  \
                const int better = mx ? vs[l] > bv : vs[l] < bv;                                    \
                if (better || (vs[l] == bv && (dec ? is[l] > bi : is[l] < bi))) {                   \
                    bv = vs[l];                                                                     \
                    bi = is[l];                                                                     \
                }                                                                                   \
            }                                                                                       \
        } else {                                                                                    \
            bv = XS(x[0]);                                                                          \
            bi = 0;                                                                                 \
            nan |= bv != bv;                                                                        \
            k = 1;                                                                                  \
        }                                                                                           \
        for (; k < n; k++) {                                                                        \
            const float v = XS(x[k]);                                                               \
            nan |= v != v;                                                                          \
            if (mx ? (v > bv || (dec && v == bv)) : (v < bv || (dec && v == bv))) {                 \
                bv = v;                                                                             \
                bi = (uint32_t)k;                                                                   \
            }                                                                                       \
        }                                                                                           \
        *at = bi;                                                                                   \
        return nan | RD_A_TEST(u);                                                                  \
    }                                                                                               \
    ATTR static int line_arg_##SUF(const void* x, size_t n, uint64_t* at, int mx, int dec) {        \
        if (mx) return dec ? line_arg_##SUF##_body(x, n, at, 1, 1) : line_arg_##SUF##_body(x, n, at, 1, 0); \
        return dec ? line_arg_##SUF##_body(x, n, at, 0, 1) : line_arg_##SUF##_body(x, n, at, 0, 0); \
    }
/* lanes where v beats b take v and its index q (ordered compares: strict for the first index,
 * non-strict for the last with DECREASING) */
#define RD_ARG_TAKE(v, b, i, q)                                                                    \
    {                                                                                              \
        const RD_ARG_MASK m_ = mx ? (dec ? RD_ACMP(v, b, _CMP_GE_OQ) : RD_ACMP(v, b, _CMP_GT_OQ))   \
                                  : (dec ? RD_ACMP(v, b, _CMP_LE_OQ) : RD_ACMP(v, b, _CMP_LT_OQ));  \
        b = RD_ATAKE(b, v, m_);                                                                    \
        i = RD_ATAKEI(i, q, m_);                                                                   \
    }
#define RD_A_F32(v) (v)
#define RD_A_H8(p) _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(const void*)(p)))
#define RD_A_H16(p) _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(const void*)(p)))
#define RD_ARG_MASK __m256
#define RD_ACMP(a, b, P) _mm256_cmp_ps(a, b, P)
#define RD_ATAKE(b, v, m) _mm256_blendv_ps(b, v, m)
#define RD_ATAKEI(i, q, m) _mm256_blendv_epi8(i, q, _mm256_castps_si256(m))
#define RD_A_ANY(u, p) _mm256_or_ps(u, p)
#define RD_A_UNORD(p, q) _mm256_cmp_ps(p, q, _CMP_UNORD_Q)
#define RD_A_TEST(u) (_mm256_movemask_ps(u) != 0)
#define RD_A_LOADI(p) _mm256_loadu_si256((const __m256i*)(const void*)(p))
#define RD_A_STOREI(p, v) _mm256_storeu_si256((__m256i*)(void*)(p), v)
#define RD_A_VT __m256
#define RD_A_VI __m256i
#define RD_A_VU __m256
#define RD_A_W 8
#define RD_A_LOAD _mm256_loadu_ps
#define RD_A_STORE _mm256_storeu_ps
#define RD_A_SETI _mm256_set1_epi32
#define RD_A_ZERO _mm256_setzero_ps()
#define RD_A_IOTA _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
#define RD_A_ADDI _mm256_add_epi32
#define RD_A_ISA avx2
#define RD_A_ISA_H16 h16_avx2
#define RD_A_ATTR EW_T256
#define RD_A_HLOAD RD_A_H8
#include "reduce_arg_isa.h"
#define RD_ARG_MASK __mmask16
#define RD_ACMP(a, b, P) _mm512_cmp_ps_mask(a, b, P)
#define RD_ATAKE(b, v, m) _mm512_mask_mov_ps(b, m, v)
#define RD_ATAKEI(i, q, m) _mm512_mask_mov_epi32(i, m, q)
#define RD_A_ANY(u, p) ((__mmask16)((u) | (p)))
#define RD_A_UNORD(p, q) _mm512_cmp_ps_mask(p, q, _CMP_UNORD_Q)
#define RD_A_TEST(u) ((u) != 0)
#define RD_A_LOADI(p) _mm512_loadu_si512((const void*)(p))
#define RD_A_STOREI(p, v) _mm512_storeu_si512((void*)(p), v)
#define RD_A_VT __m512
#define RD_A_VI __m512i
#define RD_A_VU __mmask16
#define RD_A_W 16
#define RD_A_LOAD _mm512_loadu_ps
#define RD_A_STORE _mm512_storeu_ps
#define RD_A_SETI _mm512_set1_epi32
#define RD_A_ZERO ((__mmask16)0)
#define RD_A_IOTA _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#define RD_A_ADDI _mm512_add_epi32
#define RD_A_ISA avx512
#define RD_A_ISA_H16 h16_avx512
#define RD_A_ATTR EW_T512
#define RD_A_HLOAD RD_A_H16
#include "reduce_arg_isa.h"
#undef RD_ARG_TAKE
#undef RD_ARG_ROWS
#undef RD_LINE_ARG
#undef RD_A_F32
#undef RD_A_H8
#undef RD_A_H16
#undef RD_COLS_SQ4
#undef RD_COLS_TAIL4
#undef RD_COLS_PREFETCH
#undef RD_COLS_TAIL1
#undef RD_COLS_FINISH
#define RD_LINE_SUM_AVX2 line_sum_avx2x
#define RD_COLS_ROWS_AVX2 cols_rows_avx2
#define RD_COLS_ROWS_AVX512 cols_rows_avx2
#define RD_EXT_ROWS_AVX2 cols_ext_rows_avx2
#define RD_EXT_ROWS_AVX512 cols_ext_rows_avx512
#define RD_ARG_ROWS_AVX2 cols_arg_rows_avx2
#define RD_ARG_ROWS_AVX512 cols_arg_rows_avx512
#define RD_LINE_ARG_AVX2 line_arg_avx2
#define RD_LINE_ARG_AVX512 line_arg_avx512
#define RD_ARG_ROWS_H16_AVX2 cols_arg_rows_h16_avx2
#define RD_ARG_ROWS_H16_AVX512 cols_arg_rows_h16_avx512
#define RD_LINE_ARG_H16_AVX2 line_arg_h16_avx2
#define RD_LINE_ARG_H16_AVX512 line_arg_h16_avx512
#define RD_LINE_SUM_H16_AVX2 line_sum_h16_avx2x
#define RD_LINE_EXT_AVX2 line_ext_avx2x
#else
#define RD_LINE_SUM_AVX2 line_sum_avx2
#define RD_COLS_ROWS_AVX2 NULL
#define RD_COLS_ROWS_AVX512 NULL
#define RD_EXT_ROWS_AVX2 NULL
#define RD_EXT_ROWS_AVX512 NULL
#define RD_ARG_ROWS_AVX2 NULL
#define RD_ARG_ROWS_AVX512 NULL
#define RD_LINE_ARG_AVX2 NULL
#define RD_LINE_ARG_AVX512 NULL
#define RD_ARG_ROWS_H16_AVX2 NULL
#define RD_ARG_ROWS_H16_AVX512 NULL
#define RD_LINE_ARG_H16_AVX2 NULL
#define RD_LINE_ARG_H16_AVX512 NULL
#define RD_LINE_SUM_H16_AVX2 line_sum_h16_avx2
#define RD_LINE_EXT_AVX2 line_ext_avx2
#endif

static const rd_fast rd_isa[3] = {
    {line_sum_c, line_sum_h16_c, line_ext_c, line_prod_c, cols_sum_c, cols_ext_c, NULL, NULL, NULL, NULL, NULL, NULL,
     line_sumexp_c, cols_prod_c, cols_sumexp_c},
    {RD_LINE_SUM_AVX2, RD_LINE_SUM_H16_AVX2, RD_LINE_EXT_AVX2, line_prod_avx2, cols_sum_avx2, cols_ext_avx2,
     RD_COLS_ROWS_AVX2, RD_EXT_ROWS_AVX2, RD_ARG_ROWS_AVX2, RD_LINE_ARG_AVX2, RD_ARG_ROWS_H16_AVX2,
     RD_LINE_ARG_H16_AVX2, line_sumexp_avx2, cols_prod_avx2, cols_sumexp_avx2},
    {line_sum_avx512, line_sum_h16_avx512, line_ext_avx512, line_prod_avx512, cols_sum_avx512, cols_ext_avx512,
     RD_COLS_ROWS_AVX512, RD_EXT_ROWS_AVX512, RD_ARG_ROWS_AVX512, RD_LINE_ARG_AVX512, RD_ARG_ROWS_H16_AVX512,
     RD_LINE_ARG_H16_AVX512, line_sumexp_avx512, cols_prod_avx512, cols_sumexp_avx512},
};

#ifdef EW_X86
/* the AVX2 and AVX-512 rows on a host with AVX-512 (line_sum_avx2n). The AVX-512 row's column
 * tiles take the AVX2 bodies too (the same adds in the same order, so the same bits): on the Zen 4
 * host the AVX-512 build of RD_FAST's cols_sum / cols_ext ran the middle axis of [64, 1024, 128]
 * (SUM, MAX) in 1.5-2.1 / 1.5-1.7 ms against 1.30 / 1.25-1.30 (one thread, CPU time, best of 20 x
 * 3 runs alternating builds; torch 1.46-1.98 / 1.63-1.72). */
static const rd_fast rd_isa_wide[2] = {
    {line_sum_avx2n, RD_LINE_SUM_H16_AVX2, line_ext_avx2n, line_prod_avx2, cols_sum_avx2, cols_ext_avx2, cols_rows_avx2,
     cols_ext_rows_avx2, cols_arg_rows_avx2, line_arg_avx2, cols_arg_rows_h16_avx2,
     line_arg_h16_avx2, line_sumexp_avx2, cols_prod_avx2, cols_sumexp_avx2},
    {line_sum_avx2n, line_sum_h16_avx512, line_ext_avx512x, line_prod_avx512, cols_sum_avx2, cols_ext_avx2,
     cols_rows_avx2, cols_ext_rows_avx512, cols_arg_rows_avx512, line_arg_avx512, cols_arg_rows_h16_avx512,
     line_arg_h16_avx512, line_sumexp_avx512, cols_prod_avx512, cols_sumexp_avx512},
};
#endif

/* The fast paths of an ISA path (EW_ISA_*) on this host. The AVX-512 test is the host's
 * (pydml_host_cpu_features), not the PYDML_ISA cap's: PYDML_ISA=avx2 on a Zen 4 runs what a Zen 4 AVX2 build would, and Zen 2/3
 * (no AVX-512) keep the prefetching line sum measured there. */
static const rd_fast* rd_fast_of(int isa) {
#ifdef EW_X86
    if (isa != EW_ISA_PORTABLE && (pydml_host_cpu_features() & PYDML_CPU_AVX512)) return &rd_isa_wide[isa - 1];
#endif
    return &rd_isa[isa];
}

/* mode of the fast sum for a function, -1 when it has none */
static int fast_sum_mode(int fn) {
    switch (fn) {
    case DML_REDUCE_FUNCTION_SUM: case DML_REDUCE_FUNCTION_AVERAGE: case DML_REDUCE_FUNCTION_LOG_SUM: return 0;
    case DML_REDUCE_FUNCTION_L1: return 1;
    case DML_REDUCE_FUNCTION_L2: case DML_REDUCE_FUNCTION_SUM_SQUARE: return 2;
    default: return -1;
    }
}

/* ---- iteration (axis_split.h) ---- */

typedef struct rd_run {
    const rd_plan* plan;
    const rd_fast* fast;
    const char* in;
    char* out;
    size_t in_bytes, out_bytes;
    ax_dims keep;                      /* one work item per kept coordinate (column mode: but v) */
    uint64_t L;                        /* elements per group (scans: along the axis) */
    uint64_t inner, in_inner, out_inner;   /* innermost reduced dimension */
    uint64_t runs;                     /* L / inner */
    const uint64_t* run_in;            /* element offsets of the runs of the inner dimension */
    const uint64_t* run_out;
    int column;                        /* tiles of W lanes along the kept dimension v */
    int cols_rows;                     /* column tiles by cols_rows (cols_fast) */
    uint64_t v_size, v_in, v_out, W, tiles;
} rd_run;

typedef struct rd_scratch {
    rd_state st[RD_WMAX];
    double fv[RD_WMAX > RD_BLOCK ? RD_WMAX : RD_BLOCK];
    uint64_t iv[RD_WMAX > RD_BLOCK ? RD_WMAX : RD_BLOCK];
    double acc[RD_WMAX];
    float ext[RD_WMAX];
    float hv[RD_HBLOCK];               /* FLOAT16 converted to float: a line's block, or 4 rows */
    double wide[RD_WFAST];             /* cols_rows' lanes (cols_ext_rows', cols_arg_rows' as floats) */
    uint32_t widx[RD_WFAST];           /* cols_arg_rows' indices */
} rd_scratch;

static void store_results(const rd_run* r, rd_scratch* t, size_t w, char* dst, uint64_t stride) {
    const rd_plan* p = r->plan;
    if (is_arg(p->fn)) {
        for (size_t j = 0; j < w; j++) t->iv[j] = t->st[j].idx;
        store_i(p->out_type, t->iv, w, dst, stride);
    } else if (p->dom == D_F) {
        for (size_t j = 0; j < w; j++) t->fv[j] = final_f(p, &t->st[j], r->L);
        store_f(p->out_type, t->fv, w, dst, stride);
    } else {
        for (size_t j = 0; j < w; j++) t->iv[j] = t->st[j].u;
        store_i(p->out_type, t->iv, w, dst, stride);
    }
}

/* One group (line mode): every run of the innermost reduced dimension, in row-major order. */
static void reduce_line(const rd_run* r, uint64_t in_off, uint64_t out_off, rd_scratch* t) {
    const rd_plan* p = r->plan;
    rd_state* s = t->st;
    state_init(p, s, 1);
    const int f32 = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 && r->in_inner == 1;
    const int f16 = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT16 && r->in_inner == 1;
    const int mode = f32 || f16 ? fast_sum_mode(p->fn) : -1;
    const int ext = (f32 || f16) && (p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN);
    int nan = 0;
    uint64_t idx = 0;
    if (f32 && p->fn == DML_REDUCE_FUNCTION_LOG_SUM_EXP) {
        /* m + log(sum e^(x - m)) in two passes over the line, m its maximum (line_ext: NaN when
         * one was seen), the exponentials vectorized in double (rd_exp_neg) where the element
         * loop below called exp() once an element with a branch (2.2 ns an element: 8M floats, 2
         * threads, Zen 5; torch.logsumexp 2.1). The edges as the loop's: NaN, then +inf, then
         * all -inf. */
        float m = -INFINITY;
        for (uint64_t i = 0; i < r->runs; i++) {
            const float e = r->fast->line_ext((const float*)(const void*)(r->in + (in_off + r->run_in[i]) * r->in_bytes),
                                              (size_t)r->inner, 1);
            if (e != e) nan = 1;
            else if (e > m) m = e;
        }
        s->a = nan ? (double)NAN : (double)m;
        if (!nan && m != INFINITY && m != -INFINITY)
            for (uint64_t i = 0; i < r->runs; i++)
                s->b += r->fast->line_sumexp(
                    (const float*)(const void*)(r->in + (in_off + r->run_in[i]) * r->in_bytes), (size_t)r->inner,
                    (double)m);
        store_results(r, t, 1, r->out + out_off * r->out_bytes, 0);
        return;
    }
    if (f32 && p->fn == DML_REDUCE_FUNCTION_MULTIPLY) {
        /* the product in double by line_prod's lanes (0.15x torch a factor at a time: the double
         * multiplications' latency in one chain); a product that ends up infinite, zero or NaN
         * is taken again a factor at a time below, since where it overflows or underflows on the
         * way depends on the order */
        double prod = 1.0;
        for (uint64_t i = 0; i < r->runs && isfinite(prod) && prod != 0.0; i++)
            prod *= r->fast->line_prod((const float*)(const void*)(r->in + (in_off + r->run_in[i]) * r->in_bytes),
                                       (size_t)r->inner);
        if (isfinite(prod) && prod != 0.0) {
            s->a = prod;
            store_results(r, t, 1, r->out + out_off * r->out_bytes, 0);
            return;
        }
    }
    for (uint64_t i = 0; i < r->runs; i++) {
        const char* base = r->in + (in_off + r->run_in[i]) * r->in_bytes;
        if (f16 && (mode >= 0 || ext)) {
            /* FLOAT16: blocks converted to float (exact) and reduced by the FLOAT32 lines, the
             * block sums added in double in order (issue 25: the element-by-element path below
             * ran at 0.04x torch on [4096, 2048]). Same double accumulation, so the same contract:
             * within half an ulp of the float64 value, rounded once. */
            for (uint64_t k0 = 0; k0 < r->inner; k0 += RD_HBLOCK) {
                const size_t nb = (size_t)(r->inner - k0 < RD_HBLOCK ? r->inner - k0 : RD_HBLOCK);
                if (mode >= 0) {
                    s->a += r->fast->line_sum_h16((const uint16_t*)base + k0, t->hv, nb, mode);
                } else {
                    pydml_f16_row_to_f32((const uint16_t*)base + k0, t->hv, nb);
                    const float m = r->fast->line_ext(t->hv, nb, p->fn == DML_REDUCE_FUNCTION_MAX);
                    nan |= m != m;
                    if (p->fn == DML_REDUCE_FUNCTION_MAX ? (double)m > s->a : (double)m < s->a) s->a = m;
                }
            }
            continue;
        }
        if (mode >= 0) {
            s->a += r->fast->line_sum((const float*)base, (size_t)r->inner, mode);
            continue;
        }
        if (ext) {
            const float m = r->fast->line_ext((const float*)base, (size_t)r->inner, p->fn == DML_REDUCE_FUNCTION_MAX);
            nan |= m != m;
            if (p->fn == DML_REDUCE_FUNCTION_MAX ? (double)m > s->a : (double)m < s->a) s->a = m;
            continue;
        }
        for (uint64_t k0 = 0; k0 < r->inner; k0 += RD_BLOCK) {
            const size_t nb = (size_t)(r->inner - k0 < RD_BLOCK ? r->inner - k0 : RD_BLOCK);
            const char* q = base + k0 * r->in_inner * r->in_bytes;
            if (p->dom == D_F) {
                load_f(p->in_type, q, r->in_inner, nb, t->fv);
                update_f(p, s, 0, t->fv, nb, idx, 1);
            } else {
                load_i(p->in_type, q, r->in_inner, nb, t->iv);
                update_i(p, s, 0, t->iv, nb, idx, 1);
            }
            idx += nb;
        }
    }
    if (nan) s->a = NAN;
    store_results(r, t, 1, r->out + out_off * r->out_bytes, 0);
}

/* Column tiles take cols_rows (RD_WFAST lanes) for FLOAT32 SUM-like reductions over one run of
 * rows (the rows' grouping by four is then the same as reduce_lanes'), cols_ext_rows for MAX and
 * MIN, cols_arg_rows for ARGMAX and ARGMIN (FLOAT16 too); `bytes`: the input's.
 * Not for groups that are one narrow contiguous block (rows of at most RD_WMAX lanes back to back)
 * read from memory: there reduce_lanes, a row at a time with the row RD_COL_AHEAD further on
 * prefetched, streamed faster ([64, 1024, 128] over the middle axis, 32 MiB, one thread: 1.3 ms
 * against 2.4; in cache, [8 and 16, 1024, 128], cols_rows took 0.66x its time). Wider blocks
 * stream faster by cols_rows (one thread, the start-of-stop build's reduce_lanes against it:
 * [32, 64, 3136] 2.38 -> 0.99 ms, [64, 64, 3136] 5.88 -> 3.28, [16, 1024, 512] 4.41 -> 2.06). */
static int cols_fast(const rd_run* r, uint64_t bytes) {
    const rd_plan* p = r->plan;
    const int ext = p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN;
    const int f16 = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT16;
    if (p->in_type != DML_TENSOR_DATA_TYPE_FLOAT32 && !(f16 && is_arg(p->fn))) return 0;
    const int kernel = is_arg(p->fn) ? (f16 ? r->fast->cols_arg_rows_h16 : r->fast->cols_arg_rows) != NULL &&
                                           r->inner <= INT32_MAX
                     : ext ? r->fast->cols_ext_rows != NULL : fast_sum_mode(p->fn) >= 0 && r->fast->cols_rows != NULL;
    return p->kind == K_REDUCE && r->v_in == 1 && r->runs == 1 && kernel &&
           !(r->in_inner == r->v_size && r->v_size <= RD_WMAX && bytes > RD_FAST_CACHED);
}

/* w <= RD_WMAX lanes along v (column mode) from in_off / out_off: row by row over the reduced elements. */
static void reduce_lanes(const rd_run* r, uint64_t in_off, uint64_t out_off, size_t w, rd_scratch* t) {
    const rd_plan* p = r->plan;
    const int f32 = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 && r->v_in == 1;
    const int f16 = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT16 && r->v_in == 1;  /* rows converted */
    const int mode = f32 || f16 ? fast_sum_mode(p->fn) : -1;
    const int ext = (f32 || f16) && (p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN);
    const int mx = p->fn == DML_REDUCE_FUNCTION_MAX;
    state_init(p, t->st, w);
    const int lse = f32 && p->fn == DML_REDUCE_FUNCTION_LOG_SUM_EXP, mul = f32 && p->fn == DML_REDUCE_FUNCTION_MULTIPLY;
    if (lse || mul) {
        /* MULTIPLY: each lane's product in double a row at a time, in the rows' order (the
         * element loop's operations, without its staging); LOG_SUM_EXP: each lane's maximum
         * (cols_ext: NaN sticking) and then the sum of e^(x - m) (rd_exp_neg), as reduce_line's.
         * 8M floats over the first axis of [2048, 4096], 2 threads, Zen 5: 0.40x / 0.76x torch
         * through the element loop */
        if (lse) {
            for (size_t j = 0; j < w; j++) t->ext[j] = -INFINITY;
            for (uint64_t i = 0; i < r->runs; i++)
                for (uint64_t q = 0; q < r->inner; q++) {
                    const float* row = (const float*)(const void*)(r->in + (in_off + r->run_in[i] + q * r->in_inner) *
                                                                               r->in_bytes);
                    r->fast->cols_ext(t->ext, &row, 1, w, 1);
                }
        }
        for (size_t j = 0; j < w; j++) t->acc[j] = mul ? 1.0 : 0.0;
        for (uint64_t i = 0; i < r->runs; i++)
            for (uint64_t q = 0; q < r->inner; q++) {
                const char* row = r->in + (in_off + r->run_in[i] + q * r->in_inner) * r->in_bytes;
                if (q + RD_COL_AHEAD < r->inner) {
                    const char* ahead = row + RD_COL_AHEAD * r->in_inner * r->in_bytes;
                    for (size_t b = 0; b < w * r->in_bytes; b += 64) __builtin_prefetch(ahead + b);
                }
                if (mul) r->fast->cols_prod(t->acc, (const float*)(const void*)row, w);
                else r->fast->cols_sumexp(t->acc, (const float*)(const void*)row, t->ext, w);
            }
        for (size_t j = 0; j < w; j++) {
            t->st[j].a = mul ? t->acc[j] : (double)t->ext[j];
            t->st[j].b = mul ? 0.0 : t->acc[j];
        }
    } else if (mode >= 0 || ext) {
        /* rows four at a time: the lane accumulators are loaded and stored once per four rows */
        if (mode >= 0) for (size_t j = 0; j < w; j++) t->acc[j] = 0.0;
        else for (size_t j = 0; j < w; j++) t->ext[j] = mx ? -INFINITY : INFINITY;
        const float* rows[4];
        size_t nr = 0;
        for (uint64_t i = 0; i < r->runs; i++) {
            for (uint64_t q = 0; q < r->inner; q++) {
                const char* row = r->in + (in_off + r->run_in[i] + q * r->in_inner) * r->in_bytes;
                if (q + RD_COL_AHEAD < r->inner) {  /* the row RD_COL_AHEAD further on, line by line */
                    const char* ahead = row + RD_COL_AHEAD * r->in_inner * r->in_bytes;
                    for (size_t b = 0; b < w * r->in_bytes; b += 64) __builtin_prefetch(ahead + b);
                }
                if (f16) {   /* FLOAT16: the row converted to float (exact) into the nr-th stage */
                    pydml_f16_row_to_f32((const uint16_t*)row, t->hv + nr * RD_WMAX, w);
                    rows[nr] = t->hv + nr * RD_WMAX;
                    nr++;
                } else {
                    rows[nr++] = (const float*)row;
                }
                if (nr < 4) continue;
                if (mode >= 0) r->fast->cols_sum(t->acc, rows, nr, w, mode);
                else r->fast->cols_ext(t->ext, rows, nr, w, mx);
                nr = 0;
            }
        }
        if (nr > 0) {
            if (mode >= 0) r->fast->cols_sum(t->acc, rows, nr, w, mode);
            else r->fast->cols_ext(t->ext, rows, nr, w, mx);
        }
        for (size_t j = 0; j < w; j++) t->st[j].a = mode >= 0 ? t->acc[j] : (double)t->ext[j];
    } else {
        uint64_t idx = 0;
        for (uint64_t i = 0; i < r->runs; i++) {
            for (uint64_t q = 0; q < r->inner; q++, idx++) {
                const char* row = r->in + (in_off + r->run_in[i] + q * r->in_inner) * r->in_bytes;
                if (p->dom == D_F) {
                    load_f(p->in_type, row, r->v_in, w, t->fv);
                    update_f(p, t->st, 1, t->fv, w, idx, 0);
                } else {
                    load_i(p->in_type, row, r->v_in, w, t->iv);
                    update_i(p, t->st, 1, t->iv, w, idx, 0);
                }
            }
        }
    }
    store_results(r, t, w, r->out + out_off * r->out_bytes, r->v_out);
}

/* One tile of r->W lanes along v (column mode). */
static void reduce_tile(const rd_run* r, uint64_t in_off, uint64_t out_off, uint64_t tile, rd_scratch* t) {
    const rd_plan* p = r->plan;
    const uint64_t j0 = tile * r->W;
    const size_t w = (size_t)(r->v_size - j0 < r->W ? r->v_size - j0 : r->W);
    in_off += j0 * r->v_in;
    out_off += j0 * r->v_out;
    if (r->cols_rows && is_arg(p->fn)) {
        float* best = (float*)(void*)t->wide;
        const int f16 = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT16;
        if ((f16 ? r->fast->cols_arg_rows_h16 : r->fast->cols_arg_rows)(
                best, t->widx, r->in + (in_off + r->run_in[0]) * r->in_bytes, (size_t)r->in_inner, (size_t)r->inner, w,
                p->fn == DML_REDUCE_FUNCTION_ARGMAX, p->decreasing) == 0) {
            char* dst = r->out + out_off * r->out_bytes;
            if (r->out_bytes == 4 && r->v_out == 1) {
                memcpy(dst, t->widx, w * sizeof(uint32_t));
            } else {
                for (size_t j = 0; j < w; j += RD_WMAX) {
                    const size_t m = w - j < RD_WMAX ? w - j : RD_WMAX;
                    for (size_t i = 0; i < m; i++) t->iv[i] = t->widx[j + i];
                    store_i(p->out_type, t->iv, m, dst + j * r->v_out * r->out_bytes, r->v_out);
                }
            }
            return;
        }
    } else if (r->cols_rows && (p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN)) {
        const int direct = p->out_type == DML_TENSOR_DATA_TYPE_FLOAT32 && r->v_out == 1;
        float* lanes = (float*)(void*)t->wide;
        if (r->fast->cols_ext_rows(lanes, (const float*)r->in + in_off + r->run_in[0], (size_t)r->in_inner,
                                   (size_t)r->inner, w, p->fn == DML_REDUCE_FUNCTION_MAX,
                                   direct ? (float*)r->out + out_off : NULL) == 0) {
            for (size_t j = 0; !direct && j < w; j += RD_WMAX) {   /* other outputs */
                const size_t m = w - j < RD_WMAX ? w - j : RD_WMAX;
                state_init(p, t->st, m);
                for (size_t i = 0; i < m; i++) t->st[i].a = (double)lanes[j + i];
                store_results(r, t, m, r->out + (out_off + j * r->v_out) * r->out_bytes, r->v_out);
            }
            return;
        }
    } else if (r->cols_rows) {
        const int fn = p->fn;
        const int direct = p->out_type == DML_TENSOR_DATA_TYPE_FLOAT32 && r->v_out == 1 &&
                           (fn == DML_REDUCE_FUNCTION_SUM || fn == DML_REDUCE_FUNCTION_AVERAGE ||
                            fn == DML_REDUCE_FUNCTION_L1 || fn == DML_REDUCE_FUNCTION_SUM_SQUARE);
        float* out = direct ? (float*)r->out + out_off : NULL;
        if (r->fast->cols_rows(t->wide, (const float*)r->in + in_off + r->run_in[0], (size_t)r->in_inner,
                               (size_t)r->inner, w, fast_sum_mode(fn), out,
                               fn == DML_REDUCE_FUNCTION_AVERAGE ? (double)r->L : 1.0) == 0) {
            for (size_t j = 0; !direct && j < w; j += RD_WMAX) {   /* other functions and outputs */
                const size_t m = w - j < RD_WMAX ? w - j : RD_WMAX;
                state_init(p, t->st, m);
                for (size_t i = 0; i < m; i++) t->st[i].a = t->wide[j + i];
                store_results(r, t, m, r->out + (out_off + j * r->v_out) * r->out_bytes, r->v_out);
            }
            return;
        }
    }
    for (size_t j = 0; j < w; j += RD_WMAX)   /* a NaN in cols_rows / cols_ext_rows: the reference */
        reduce_lanes(r, in_off + j * r->v_in, out_off + j * r->v_out, w - j < RD_WMAX ? w - j : RD_WMAX, t);
}

/* ---- scans ---- */

/* A line along the axis, or w lanes side by side (column mode), in the traversal order of
 * AxisDirection: each element is read once before the same element is written (in place). */
static void scan_lanes(const rd_run* r, uint64_t in_off, uint64_t out_off, size_t w, uint64_t lane_in,
                       uint64_t lane_out, rd_scratch* t) {
    const rd_plan* p = r->plan;
    const int mul = p->kind == K_CUMPROD;
    for (size_t j = 0; j < w; j++) { t->acc[j] = mul ? 1.0 : 0.0; t->st[j].u = mul ? 1u : 0u; }
    for (uint64_t k = 0; k < r->L; k++) {
        const uint64_t pos = p->decreasing ? r->L - 1 - k : k;
        const char* src = r->in + (in_off + pos * r->in_inner) * r->in_bytes;
        char* dst = r->out + (out_off + pos * r->out_inner) * r->out_bytes;
        if (p->dom == D_F) {
            load_f(p->in_type, src, lane_in, w, t->fv);
            for (size_t j = 0; j < w; j++) {
                const double x = t->fv[j];
                const double before = t->acc[j];
                t->acc[j] = mul ? before * x : before + x;
                t->fv[j] = p->exclusive ? before : t->acc[j];
            }
            store_f(p->out_type, t->fv, w, dst, lane_out);
        } else {
            load_i(p->in_type, src, lane_in, w, t->iv);
            for (size_t j = 0; j < w; j++) {
                const uint64_t x = t->iv[j];
                const uint64_t before = t->st[j].u;
                t->st[j].u = mul ? before * x : before + x;
                t->iv[j] = p->exclusive ? before : t->st[j].u;
            }
            store_i(p->out_type, t->iv, w, dst, lane_out);
        }
    }
}

/* FLOAT32 scans along a line (not column mode): the running value of every line stays the
 * sequential double recurrence a_k = a_(k-1) + x_k (or * x_k), each output rounded once. The
 * recurrence is latency bound (one double add or multiply per element), so four independent
 * chains run interleaved: four lines at once, or, for a long line, four pieces of it. */
#define RD_SCAN_PIECE 16384            /* elements of a piece of a long line */
#define RD_SCAN_SPLIT (1u << 18)       /* lines from this length on are scanned in pieces */

typedef struct rd_chain {
    const float* x;
    float* y;
    double a;                          /* the running value before the chain's first element */
} rd_chain;

/* nc (1..4) chains of n elements each: element k of a chain is x[k * si], y[k * so] (steps are
 * negative for DECREASING). Every element is read before it is written (in place). Each chain's
 * running value after its n elements is left in its .a. */
#define RD_CHAIN_STEP(OP, c)                                                                       \
    const double b##c = a##c;                                                                      \
    a##c = a##c OP (double)x##c[o];                                                                \
    y##c[q] = (float)(excl ? b##c : a##c);
#define RD_CHAINS(OP)                                                                              \
    if (nc == 4) {                                                                                 \
        const float *x0 = ch[0].x, *x1 = ch[1].x, *x2 = ch[2].x, *x3 = ch[3].x;                    \
        float *y0 = ch[0].y, *y1 = ch[1].y, *y2 = ch[2].y, *y3 = ch[3].y;                          \
        double a0 = ch[0].a, a1 = ch[1].a, a2 = ch[2].a, a3 = ch[3].a;                             \
        ptrdiff_t o = 0, q = 0;                                                                    \
        for (size_t k = 0; k < n; k++, o += si, q += so) {                                         \
            RD_CHAIN_STEP(OP, 0) RD_CHAIN_STEP(OP, 1) RD_CHAIN_STEP(OP, 2) RD_CHAIN_STEP(OP, 3)    \
        }                                                                                          \
        ch[0].a = a0; ch[1].a = a1; ch[2].a = a2; ch[3].a = a3;                                    \
    } else {                                                                                       \
        for (size_t c = 0; c < nc; c++) {                                                          \
            const float* x0 = ch[c].x;                                                             \
            float* y0 = ch[c].y;                                                                   \
            double a0 = ch[c].a;                                                                   \
            ptrdiff_t o = 0, q = 0;                                                                \
            for (size_t k = 0; k < n; k++, o += si, q += so) { RD_CHAIN_STEP(OP, 0) }              \
            ch[c].a = a0;                                                                          \
        }                                                                                          \
    }

static void scan_chains(rd_chain* ch, size_t nc, size_t n, ptrdiff_t si, ptrdiff_t so, int mul, int excl) {
    if (mul) { RD_CHAINS(*) } else { RD_CHAINS(+) }
}

/* The plain recurrence of one chain (scan_chains with one chain, the same steps), for a line's
 * rest (a long line's, or a product line that reached 0 in scan_lines_f32). Returns the running value. A product whose running value has become +-0 (products of many inputs below 1 in
 * magnitude underflow: issue 25's [8M] CUMULATIVE_PRODUCT of normal values does within a thousand
 * elements, then ran one multiply's latency per element on one thread) stays +-0 while the inputs
 * are finite: a * x is then +-0 with the sign of a xor that of x, exactly, so the outputs are
 * written from the signs alone until an infinity or NaN, where the recurrence takes over again
 * (0 * inf is NaN). The same values as the recurrence, element for element. */
#define RD_PLAIN_BLOCK 256
static inline uint32_t rd_bits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static inline float rd_float(uint32_t u) { float f; memcpy(&f, &u, sizeof f); return f; }
#ifdef EW_X86
/* The zero run of scan_plain, 8 contiguous elements a step (AVX2): their sign bits (vmovmskps),
 * its prefix xor in three shifts, each lane's sign back from its bit; a step with an infinity or
 * NaN is left to the scalar loop. Returns the elements done; *sign_io the running sign. */
EW_T256 static size_t zero_run_avx2(const float* x, float* y, size_t n, int excl, uint32_t* sign_io) {
    const __m256i expo = _mm256_set1_epi32(0x7f800000), lane_bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256i top = _mm256_set1_epi32((int)0x80000000u);
    uint32_t sign = *sign_io >> 31;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        const __m256 v = _mm256_loadu_ps(x + k);
        const __m256i e = _mm256_and_si256(_mm256_castps_si256(v), expo);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(e, expo))) break;
        uint32_t pre = (uint32_t)_mm256_movemask_ps(v);     /* bit j: the sign of x[k + j] */
        pre ^= pre << 1; pre ^= pre << 2; pre ^= pre << 4;  /* bit j: xor of bits 0..j */
        pre = (pre ^ (0u - sign)) & 0xffu;                  /* and of the running sign */
        const uint32_t out = excl ? (pre << 1 | sign) & 0xffu : pre;
        const __m256i bits = _mm256_and_si256(_mm256_set1_epi32((int)out), lane_bit);
        _mm256_storeu_si256((__m256i*)(void*)(y + k), _mm256_and_si256(_mm256_cmpeq_epi32(bits, lane_bit), top));
        sign = pre >> 7;
    }
    *sign_io = sign << 31;
    return k;
}
#endif

static double scan_plain(const float* x, float* y, size_t n, ptrdiff_t si, ptrdiff_t so, double a, int mul,
                         int excl) {
    ptrdiff_t o = 0, q = 0;
    for (size_t k = 0; k < n;) {
        if (mul && a == 0.0) {
            uint32_t sign = signbit(a) ? 0x80000000u : 0u;
#ifdef EW_X86
            if (si == 1 && so == 1 && pydml_ew_isa() != EW_ISA_PORTABLE) {
                const size_t z = zero_run_avx2(x + o, y + q, n - k, excl, &sign);
                k += z;
                o += (ptrdiff_t)z;
                q += (ptrdiff_t)z;
            }
#endif
            for (; k < n; k++, o += si, q += so) {
                const uint32_t xb = rd_bits(x[o]);
                if ((xb & 0x7f800000u) == 0x7f800000u) break;   /* inf or NaN */
                const uint32_t before = sign;
                sign ^= xb & 0x80000000u;
                y[q] = rd_float(excl ? before : sign);
            }
            a = sign ? -0.0 : 0.0;
            if (k == n) break;
        }
        const size_t e = n - k < RD_PLAIN_BLOCK ? n : k + RD_PLAIN_BLOCK;
        for (; k < e; k++, o += si, q += so) {
            const double b = a;
            a = mul ? a * (double)x[o] : a + (double)x[o];
            y[q] = (float)(excl ? b : a);
        }
    }
    return a;
}

#define RD_SCAN_BLOCK 512
#ifdef EW_X86
/* Eight contiguous FLOAT32 sum (or product: mul) lines side by side (AVX2): the running values of lines 0-3 and 4-7
 * are the lanes of two double vectors; four elements of each line are loaded, transposed (so a
 * vector holds one element of four lines), converted, and added column by column in traversal
 * order, each sum converted back and transposed to its lines. Every line's recurrence is the
 * plain one, a_k = a_(k-1) + (double)x_k (or * x_k) rounded once (the same IEEE operations on vector
 * lanes), so the outputs are scan_chains' bit for bit; the remaining n % 4 elements run it.
 * Issue 25: the scalar chains spent four conversions and a scalar add an element; here one
 * conversion each way and one add serve four lines (shared AVX2 host, CUMULATIVE_SUMMATION vs
 * the scalar chains: one thread, CPU time, [4096, 2048] 1.76x and [2048, 4096] 2.08x faster; two
 * threads, wall time, 15-21 rounds: 1.60x and 0.95-0.97x, where the 16 row streams per core
 * seem to hold the wider rows at the memory's pace). dir: +1 INCREASING, -1 DECREASING (each
 * chain's x / y point at its first element in traversal order). */
#define RD_SCAN8_STEP(m, A, V0, V1)                                                                \
    {                                                                                              \
        const __m256d b0_ = A##0, b1_ = A##1;                                                      \
        A##0 = mul ? _mm256_mul_pd(A##0, _mm256_cvtps_pd(V0[m])) : _mm256_add_pd(A##0, _mm256_cvtps_pd(V0[m])); \
        A##1 = mul ? _mm256_mul_pd(A##1, _mm256_cvtps_pd(V1[m])) : _mm256_add_pd(A##1, _mm256_cvtps_pd(V1[m])); \
        V0[m] = _mm256_cvtpd_ps(excl ? b0_ : A##0);                                                \
        V1[m] = _mm256_cvtpd_ps(excl ? b1_ : A##1);                                                \
    }
EW_T256 static void scan8_avx2(rd_chain* ch, size_t n, ptrdiff_t dir, int mul, int excl) {
    __m256d a0 = _mm256_setr_pd(ch[0].a, ch[1].a, ch[2].a, ch[3].a);
    __m256d a1 = _mm256_setr_pd(ch[4].a, ch[5].a, ch[6].a, ch[7].a);
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        const ptrdiff_t o = dir > 0 ? (ptrdiff_t)k : -(ptrdiff_t)k - 3;   /* memory order */
        __m128 u[4], w[4];
        for (int c = 0; c < 4; c++) {
            u[c] = _mm_loadu_ps(ch[c].x + o);
            w[c] = _mm_loadu_ps(ch[c + 4].x + o);
        }
        _MM_TRANSPOSE4_PS(u[0], u[1], u[2], u[3]);   /* u[m]: element o + m of lines 0-3 */
        _MM_TRANSPOSE4_PS(w[0], w[1], w[2], w[3]);
        if (dir > 0) {
            RD_SCAN8_STEP(0, a, u, w) RD_SCAN8_STEP(1, a, u, w) RD_SCAN8_STEP(2, a, u, w) RD_SCAN8_STEP(3, a, u, w)
        } else {
            RD_SCAN8_STEP(3, a, u, w) RD_SCAN8_STEP(2, a, u, w) RD_SCAN8_STEP(1, a, u, w) RD_SCAN8_STEP(0, a, u, w)
        }
        _MM_TRANSPOSE4_PS(u[0], u[1], u[2], u[3]);
        _MM_TRANSPOSE4_PS(w[0], w[1], w[2], w[3]);
        for (int c = 0; c < 4; c++) {
            _mm_storeu_ps(ch[c].y + o, u[c]);
            _mm_storeu_ps(ch[c + 4].y + o, w[c]);
        }
    }
    double a[8];
    _mm256_storeu_pd(a, a0);
    _mm256_storeu_pd(a + 4, a1);
    for (int c = 0; c < 8; c++) {
        ch[c].a = a[c];
        ch[c].x += (ptrdiff_t)k * dir;
        ch[c].y += (ptrdiff_t)k * dir;
    }
    if (k < n) scan_chains(ch, 4, n - k, dir, dir, mul, excl), scan_chains(ch + 4, 4, n - k, dir, dir, mul, excl);
}
#undef RD_SCAN8_STEP
#endif

/* Products of nc (<= 4) chains of n elements in blocks: a line whose running value has
 * underflowed to +-0 (normal values do within about 1,100 elements) leaves the interleaved chains
 * for scan_plain's zero run, the same values (issue 25: [4096, 2048] at 0.81x torch). */
static void scan_products(rd_chain* ch, size_t nc, size_t n, ptrdiff_t si, ptrdiff_t so, int excl) {
    for (size_t done = 0; nc > 0;) {
        const size_t len = n - done < RD_SCAN_BLOCK ? n - done : RD_SCAN_BLOCK;
        scan_chains(ch, nc, len, si, so, 1, excl);
        done += len;
        if (done == n) break;
        for (size_t c = 0; c < nc;) {
            ch[c].x += (ptrdiff_t)len * si;
            ch[c].y += (ptrdiff_t)len * so;
            if (ch[c].a == 0.0) {
                (void)scan_plain(ch[c].x, ch[c].y, n - done, si, so, ch[c].a, 1, excl);
                ch[c] = ch[--nc];
            } else {
                c++;
            }
        }
    }
}

/* Lines [g0, g0 + nl) of a FLOAT32 line-mode scan, up to four at a time (sums of contiguous lines
 * on the AVX2 and AVX-512 paths: eight at a time, scan8_avx2). */
#define RD_SCAN_LINES 8               /* lines of a work item */
#define RD_SCAN8_PROD_MAX 2048        /* longest product rows scanned eight at a time */
static void scan_lines_f32(const rd_run* r, uint64_t g0, uint64_t nl) {
    const rd_plan* p = r->plan;
    const ptrdiff_t si = p->decreasing ? -(ptrdiff_t)r->in_inner : (ptrdiff_t)r->in_inner;
    const ptrdiff_t so = p->decreasing ? -(ptrdiff_t)r->out_inner : (ptrdiff_t)r->out_inner;
    const uint64_t last = r->L - 1;
    uint64_t coord[PYDML_MAX_DIMS], in_off, out_off;
    ax_offsets(&r->keep, g0, coord, &in_off, &out_off);
#ifdef EW_X86
    /* products: rows up to RD_SCAN8_PROD_MAX only. One thread, CPU time, medians of 7-9 rounds
     * vs four scalar chains: rows of 1024 2.27x, 2048 1.54x faster, but 4096 0.92x and 8192
     * 0.87x (standard normal values underflow within ~1,100 elements: long rows are mostly
     * zero runs, and the eight rows' streams then cost more than they save) */
    const int eight = r->in_inner == 1 && r->out_inner == 1 && pydml_ew_isa() != EW_ISA_PORTABLE &&
                      (p->kind != K_CUMPROD || r->L <= RD_SCAN8_PROD_MAX);
#else
    const int eight = 0;
#endif
    for (uint64_t g = 0; g < nl; g += 4) {
#ifdef EW_X86
        if (eight && nl - g >= 8) {
            rd_chain c8[8];
            for (size_t c = 0; c < 8; c++) {
                if (g + c > 0) ax_step(&r->keep, coord, &in_off, &out_off);
                c8[c].x = (const float*)r->in + in_off + (p->decreasing ? last : 0);
                c8[c].y = (float*)r->out + out_off + (p->decreasing ? last : 0);
                c8[c].a = p->kind == K_CUMPROD ? 1.0 : 0.0;
            }
            const ptrdiff_t dir = p->decreasing ? -1 : 1;
            if (p->kind != K_CUMPROD) {
                scan8_avx2(c8, (size_t)r->L, dir, 0, p->exclusive);
            } else {
                /* products: blocks side by side until a line's running value is +-0, then the
                 * lines four at a time (scan_products: the zero runs) */
                size_t done = 0;
                int zero = 0;
                while (done < r->L && !zero) {
                    const size_t len = (size_t)r->L - done < RD_SCAN_BLOCK ? (size_t)r->L - done : RD_SCAN_BLOCK;
                    rd_chain t[8];
                    memcpy(t, c8, sizeof t);
                    scan8_avx2(t, len, dir, 1, p->exclusive);
                    for (size_t c = 0; c < 8; c++) {
                        c8[c].a = t[c].a;
                        c8[c].x += (ptrdiff_t)len * dir;
                        c8[c].y += (ptrdiff_t)len * dir;
                        zero |= c8[c].a == 0.0;
                    }
                    done += len;
                }
                if (done < r->L) {
                    scan_products(c8, 4, (size_t)r->L - done, dir, dir, p->exclusive);
                    scan_products(c8 + 4, 4, (size_t)r->L - done, dir, dir, p->exclusive);
                }
            }
            g += 4;   /* and 4 more by the loop */
            continue;
        }
#endif
        rd_chain ch[4];
        size_t nc = (size_t)(nl - g < 4 ? nl - g : 4);
        for (size_t c = 0; c < nc; c++) {
            if (g + c > 0) ax_step(&r->keep, coord, &in_off, &out_off);
            const uint64_t first_in = in_off + (p->decreasing ? last * r->in_inner : 0);
            const uint64_t first_out = out_off + (p->decreasing ? last * r->out_inner : 0);
            ch[c].x = (const float*)r->in + first_in;
            ch[c].y = (float*)r->out + first_out;
            ch[c].a = p->kind == K_CUMPROD ? 1.0 : 0.0;
        }
        if (p->kind != K_CUMPROD) {
            scan_chains(ch, nc, (size_t)r->L, si, so, 0, p->exclusive);
            continue;
        }
        scan_products(ch, nc, (size_t)r->L, si, so, p->exclusive);
    }
}

/* Blocks [b, e) of RD_SCAN_LINES lines of a FLOAT32 line-mode scan. */
static pydml_status scan_blocks(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const rd_run* r = ctx;
    const uint64_t items = ax_count(&r->keep);
    for (uint64_t k = b; k < e; k++)
        scan_lines_f32(r, RD_SCAN_LINES * k, items - RD_SCAN_LINES * k < RD_SCAN_LINES ? items - RD_SCAN_LINES * k : RD_SCAN_LINES);
    return PYDML_STATUS_SUCCESS;
}

/* One long contiguous FLOAT32 line in pieces of RD_SCAN_PIECE elements (in traversal order),
 * RD_SCAN_GROUP pieces at a time (a group fits the threads' L2 caches, so it is read from memory
 * once): the totals of the group's pieces (any fixed order: vector lanes), then the running value
 * before each piece from them in order (every thread computes the same values), then every piece
 * continues the recurrence from its running value, four pieces interleaved. Pieces and groups do
 * not depend on the thread count, so neither do results. Only the running values at piece starts
 * are grouped differently from the plain recurrence (a double rounding apart). A group with a
 * piece total or running value that is not finite (for products also not normal: an underflow or
 * a zero absorbs what follows differently) runs the plain recurrence from its start to the end
 * of the line, so infinities, NaN and zeros behave exactly as in it. */
#define RD_SCAN_GROUP 32

static pydml_status scan_long_f32(const rd_run* r, uint64_t in_off, uint64_t out_off, double* total) {
    const rd_plan* p = r->plan;
    const int mul = p->kind == K_CUMPROD, dec = p->decreasing, excl = p->exclusive;
    const uint64_t L = r->L, pieces = (L + RD_SCAN_PIECE - 1) / RD_SCAN_PIECE;
    const float* x = (const float*)r->in + in_off;
    float* y = (float*)r->out + out_off;
    const ptrdiff_t step = dec ? -1 : 1;
#ifdef _OPENMP
#pragma omp parallel
#endif
    {
#ifdef _OPENMP
        const uint64_t nth = (uint64_t)omp_get_num_threads(), tid = (uint64_t)omp_get_thread_num();
#else
        const uint64_t nth = 1, tid = 0;
#endif
        double c = mul ? 1.0 : 0.0;            /* the running value before the group */
        double start[RD_SCAN_GROUP];
        for (uint64_t g0 = 0; g0 < pieces; g0 += RD_SCAN_GROUP) {
            const uint64_t np = pieces - g0 < RD_SCAN_GROUP ? pieces - g0 : RD_SCAN_GROUP;
            const uint64_t lo = g0 + np * tid / nth, hi = g0 + np * (tid + 1) / nth;
            for (uint64_t i = lo; i < hi; i++) {
                const uint64_t k0 = i * RD_SCAN_PIECE;
                const size_t len = (size_t)(L - k0 < RD_SCAN_PIECE ? L - k0 : RD_SCAN_PIECE);
                const float* b = x + (dec ? L - k0 - len : k0);
                total[i] = mul ? r->fast->line_prod(b, len) : r->fast->line_sum(b, len, 0);
            }
#ifdef _OPENMP
#pragma omp barrier
#endif
            int bad = 0;
            double a = c;
            for (uint64_t i = 0; i < np; i++) {
                const double t = total[g0 + i];
                start[i] = a;
                a = mul ? a * t : a + t;
                bad |= !isfinite(t) || !isfinite(a) || (mul && (!isnormal(t) || !isnormal(a)));
            }
            if (bad) {   /* every thread sees the same totals: all leave here */
                if (tid == 0) {
                    const uint64_t k0 = g0 * RD_SCAN_PIECE;
                    (void)scan_plain(x + (dec ? L - 1 - k0 : k0), y + (dec ? L - 1 - k0 : k0), (size_t)(L - k0), step,
                                     step, c, mul, excl);
                }
                break;
            }
            for (uint64_t i = lo; i < hi;) {
                rd_chain ch[4];
                size_t nc = 0, len = 0;
                for (; i < hi && nc < 4; i++) {
                    const uint64_t k0 = i * RD_SCAN_PIECE;
                    const size_t n = (size_t)(L - k0 < RD_SCAN_PIECE ? L - k0 : RD_SCAN_PIECE);
                    if (nc > 0 && n != len) break;     /* the short last piece runs alone */
                    len = n;
                    ch[nc].x = x + (dec ? L - 1 - k0 : k0);
                    ch[nc].y = y + (dec ? L - 1 - k0 : k0);
                    ch[nc].a = start[i - g0];
                    nc++;
                }
                scan_chains(ch, nc, len, step, step, mul, excl);
            }
            c = a;
        }
    }
    return PYDML_STATUS_SUCCESS;
}

static void run_item(const rd_run* r, uint64_t in_off, uint64_t out_off, uint64_t tile, rd_scratch* t) {
    if (r->plan->kind == K_REDUCE) {
        if (r->column) reduce_tile(r, in_off, out_off, tile, t);
        else reduce_line(r, in_off, out_off, t);
        return;
    }
    if (r->column) {
        const uint64_t j0 = tile * r->W;
        const size_t w = (size_t)(r->v_size - j0 < r->W ? r->v_size - j0 : r->W);
        scan_lanes(r, in_off + j0 * r->v_in, out_off + j0 * r->v_out, w, r->v_in, r->v_out, t);
    } else {
        scan_lanes(r, in_off, out_off, 1, 0, 0, t);
    }
}

static pydml_status reduce_item(void* ctx, const pydml_axis_item* it, void* scratch) {
    run_item(ctx, it->off[0], it->off[1], it->part, scratch);
    return PYDML_STATUS_SUCCESS;
}
PYDML_AXIS_WALKER(reduce_item_walk, reduce_item)

/* Long contiguous FLOAT32 lines (SUM-like, MAX, MIN) with few groups would leave threads idle:
 * each line is cut into pieces of RD_PIECE elements, reduced independently (by any thread) into
 * partials that are then combined per group, in piece order, by one thread. The pieces do not
 * depend on the thread count, so neither does any result; sums stay double throughout. */
typedef struct rd_split {
    const rd_run* r;
    double* part;
    uint64_t pieces;
    int mode;
} rd_split;

static pydml_status split_pieces(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const rd_split* sp = ctx;
    const rd_run* r = sp->r;
    const int mx = r->plan->fn == DML_REDUCE_FUNCTION_MAX;
    for (uint64_t i = b; i < e; i++) {
        const uint64_t g = i / sp->pieces, k0 = i % sp->pieces * RD_PIECE;
        const size_t len = (size_t)(r->L - k0 < RD_PIECE ? r->L - k0 : RD_PIECE);
        uint64_t coord[PYDML_MAX_DIMS], in_off, out_off;
        ax_offsets(&r->keep, g, coord, &in_off, &out_off);
        const float* base = (const float*)r->in + in_off + k0;
        sp->part[i] = sp->mode >= 0 ? r->fast->line_sum(base, len, sp->mode) : (double)r->fast->line_ext(base, len, mx);
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status reduce_split(const rd_run* r, uint64_t groups, int mode, double* part) {
    const rd_plan* p = r->plan;
    const uint64_t pieces = (r->L + RD_PIECE - 1) / RD_PIECE, n = groups * pieces;
    const int mx = p->fn == DML_REDUCE_FUNCTION_MAX;
    rd_split sp = {r, part, pieces, mode};
    const pydml_axis_loop loop = {n, n * RD_PIECE, 0, 1, 0, 0, 0};
    (void)pydml_axis_for_range(&loop, split_pieces, &sp);   /* no scratch: cannot fail */
    uint64_t coord[PYDML_MAX_DIMS] = {0}, in_off = 0, out_off = 0;
    for (uint64_t g = 0; g < groups; g++) {
        if (g > 0) ax_step(&r->keep, coord, &in_off, &out_off);
        const double* q = part + g * pieces;
        rd_state st;
        state_init(p, &st, 1);
        st.a = q[0];
        for (uint64_t k = 1; k < pieces; k++) {
            if (mode >= 0) st.a += q[k];
            else st.a = mx ? RD_MAX(st.a, q[k]) : RD_MIN(st.a, q[k]);
        }
        const double v = final_f(p, &st, r->L);
        store_f(p->out_type, &v, 1, r->out + out_off * r->out_bytes, 0);
    }
    return PYDML_STATUS_SUCCESS;
}

/* Contiguous FLOAT32 lines of at most RD_PIECE elements (SUM-like, MAX, MIN), one per kept
 * coordinate: rows [b, e) reduced straight into the output, without reduce_line's general
 * per-line steps (state, runs, per-item walker divisions). Issue 25: on [4096, 2048] those cost
 * about as much as a cached 2048-element line sum itself. The same line functions, so the same
 * bits. */
/* The line sum of a line shorter than RD_LANES, as every ISA's line_sum computes it: its lanes
 * never start, so the sum is the tail's, x[0], x[1], ... added in order to 0.0 in double, then
 * added to the lanes' 0.0 (RD_FAST's last step). Inline, without the 32 lanes zeroed and folded
 * per line: [262144, 4] rows (GridSample's taps summed) ran 0.25x torch through line_sum. */
#define RD_SHORT_TERM(v, mode) ((mode) == 0 ? (v) : (mode) == 1 ? fabs(v) : (v) * (v))

/* RD_SHORT_ROWS lines at once (independent chains side by side, each in its own order, so the
 * adds' latency overlaps): sums[i] is short_line_sum(x[i], n, mode) bit for bit. */
#define RD_SHORT_ROWS 8
static inline __attribute__((always_inline)) void short_line_sums(const float* const* x, size_t n, const int mode,
                                                                  double* sums) {
    double t[RD_SHORT_ROWS];
    for (int i = 0; i < RD_SHORT_ROWS; i++) t[i] = 0.0;
    for (size_t k = 0; k < n; k++)
        _Pragma("GCC unroll 8") for (int i = 0; i < RD_SHORT_ROWS; i++) {
            const double v = (double)x[i][k];
            t[i] += RD_SHORT_TERM(v, mode);
        }
    for (int i = 0; i < RD_SHORT_ROWS; i++) sums[i] = 0.0 + t[i];
}

static inline double short_line_sum(const float* restrict x, size_t n, int mode) {
    double tail = 0.0;
    for (size_t k = 0; k < n; k++) {
        const double v = (double)x[k];
        tail += RD_SHORT_TERM(v, mode);
    }
    return 0.0 + tail;
}

/* rows [b, e) of lines shorter than RD_LANES, RD_SHORT_ROWS at a time (mode a constant per instance) */
static inline __attribute__((always_inline)) void short_rows(const rd_run* r, uint64_t b, uint64_t e,
                                                             uint64_t* coord, uint64_t in_off, uint64_t out_off,
                                                             const int mode) {
    const rd_plan* p = r->plan;
    const size_t n = (size_t)r->L;
    const float* in = (const float*)r->in;
    float* out = (float*)r->out;
    rd_state st;
    memset(&st, 0, sizeof st);
    uint64_t g = b;
    for (; g + RD_SHORT_ROWS <= e; g += RD_SHORT_ROWS) {
        const float* x[RD_SHORT_ROWS];
        uint64_t o[RD_SHORT_ROWS];
        for (int i = 0; i < RD_SHORT_ROWS; i++) {
            if (g + (uint64_t)i > b) ax_step(&r->keep, coord, &in_off, &out_off);
            x[i] = in + in_off;
            o[i] = out_off;
        }
        double sums[RD_SHORT_ROWS];
        short_line_sums(x, n, mode, sums);
        for (int i = 0; i < RD_SHORT_ROWS; i++) {
            st.a = sums[i];
            out[o[i]] = (float)final_f(p, &st, r->L);
        }
    }
    for (; g < e; g++) {
        if (g > b) ax_step(&r->keep, coord, &in_off, &out_off);
        st.a = short_line_sum(in + in_off, n, mode);
        out[out_off] = (float)final_f(p, &st, r->L);
    }
}

static pydml_status reduce_rows_f32(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const rd_run* r = ctx;
    const rd_plan* p = r->plan;
    const int mode = fast_sum_mode(p->fn), mx = p->fn == DML_REDUCE_FUNCTION_MAX;
    const size_t n = (size_t)r->L;
    uint64_t coord[PYDML_MAX_DIMS], in_off, out_off;
    ax_offsets(&r->keep, b, coord, &in_off, &out_off);
    rd_state st;
    memset(&st, 0, sizeof st);
    if (mode >= 0 && n < RD_LANES) {
        if (mode == 0) short_rows(r, b, e, coord, in_off, out_off, 0);
        else if (mode == 1) short_rows(r, b, e, coord, in_off, out_off, 1);
        else short_rows(r, b, e, coord, in_off, out_off, 2);
        return PYDML_STATUS_SUCCESS;
    }
    for (uint64_t g = b; g < e; g++) {
        if (g > b) ax_step(&r->keep, coord, &in_off, &out_off);
        const float* x = (const float*)r->in + in_off;
        if (mode >= 0) {
            st.a = r->fast->line_sum(x, n, mode);
        } else {
            const float m = r->fast->line_ext(x, n, mx);
            st.a = m != m ? NAN : (double)m;   /* reduce_line's NaN: the default one */
        }
        ((float*)r->out)[out_off] = (float)final_f(p, &st, r->L);
    }
    return PYDML_STATUS_SUCCESS;
}

/* update_f's ARGMAX / ARGMIN over one FLOAT32 (or, half, FLOAT16) line (NaN the extreme value;
 * float comparisons are the double ones: every float and half is exact in double) */
static uint64_t line_arg_ref(const void* xv, int half, size_t n, int mx, int dec) {
    const float* x = xv;
    const uint16_t* h = xv;
    float a = half ? pydml_f16_to_f32(h[0]) : x[0];
    uint64_t at = 0;
    for (size_t k = 1; k < n; k++) {
        const float v = half ? pydml_f16_to_f32(h[k]) : x[k];
        int take;
        if (a != a) take = dec && v != v;
        else if (v != v) take = 1;
        else take = mx ? (v > a || (dec && v == a)) : (v < a || (dec && v == a));
        if (take) {
            a = v;
            at = k;
        }
    }
    return at;
}

/* Contiguous FLOAT32 or FLOAT16 lines, ARGMAX / ARGMIN (rd_fast.line_arg, line_arg_h16; NaN lines
 * by line_arg_ref), one per kept coordinate, as reduce_rows_f32. Issue 25: through reduce_line's
 * update_f, ARGMAX over the last axis of [4096, 2048] ran at 0.83x torch, of [64, 32000] (logits)
 * 0.82x, FLOAT16 logits 2.3 ms where FLOAT32 now take 0.08. */
static pydml_status reduce_rows_arg_f32(void* ctx, uint64_t b, uint64_t e, void* scratch) {
    (void)scratch;
    const rd_run* r = ctx;
    const rd_plan* p = r->plan;
    const int mx = p->fn == DML_REDUCE_FUNCTION_ARGMAX, dec = p->decreasing;
    const int half = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT16;
    int (*const line)(const void*, size_t, uint64_t*, int, int) = half ? r->fast->line_arg_h16 : r->fast->line_arg;
    const size_t n = (size_t)r->L;
    uint64_t coord[PYDML_MAX_DIMS], in_off, out_off;
    ax_offsets(&r->keep, b, coord, &in_off, &out_off);
    for (uint64_t g = b; g < e; g++) {
        if (g > b) ax_step(&r->keep, coord, &in_off, &out_off);
        const char* x = r->in + in_off * r->in_bytes;
        uint64_t at;
        if (line(x, n, &at, mx, dec)) at = line_arg_ref(x, half, n, mx, dec);
        store_i(p->out_type, &at, 1, r->out + out_off * r->out_bytes, 0);
    }
    return PYDML_STATUS_SUCCESS;
}

/* pydml_debug_reduce_stats (include/pydml.h): executions that took the whole-row paths. */
static uint64_t g_columns, g_arg_lines;

void pydml_debug_reduce_stats(uint64_t* columns, uint64_t* arg_lines) {
    if (columns) *columns = __atomic_load_n(&g_columns, __ATOMIC_RELAXED);
    if (arg_lines) *arg_lines = __atomic_load_n(&g_arg_lines, __ATOMIC_RELAXED);
}

static pydml_status check_view(const pydml_tensor* v, uint32_t type, uint32_t n, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != n) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < n; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* The workspace (DirectML's temporary resource), from the plan alone (the views' strides, which
 * decide the path, are not known yet): the run offsets (at most ax_runs_bound runs) then each
 * thread's rd_scratch, for the general path; or, at offset 0, a long scan's piece totals or a
 * long reduction's piece partials (paths that use nothing else). */
typedef struct rd_layout {
    uint64_t runs;                     /* most runs of the innermost reduced dimension */
    uint64_t scratch_at;               /* the per-thread rd_scratch from here */
    uint64_t alone;                    /* piece totals / partials */
} rd_layout;

static void layout(const rd_plan* p, rd_layout* z) {
    uint64_t L = 1, items = 1;
    for (uint32_t d = 0; d < p->dim_count; d++) {
        if (p->reduced >> d & 1u) L *= p->in_sizes[d];
        else items *= p->in_sizes[d];
    }
    z->runs = p->kind == K_REDUCE ? ax_runs_bound(p->dim_count, p->in_sizes, p->reduced, 1) : 1;
    z->scratch_at = z->runs > 1 ? pydml_workspace_round(2 * z->runs * sizeof(uint64_t)) : 0;
    z->alone = 0;
    if (p->in_type != DML_TENSOR_DATA_TYPE_FLOAT32) return;
    if (p->kind != K_REDUCE && L >= RD_SCAN_SPLIT)   /* scan_long_f32 */
        z->alone = (L + RD_SCAN_PIECE - 1) / RD_SCAN_PIECE * sizeof(double);
    if (p->kind == K_REDUCE && L > RD_PIECE)         /* reduce_split */
        z->alone = items * ((L + RD_PIECE - 1) / RD_PIECE) * sizeof(double);
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    rd_layout z;
    layout(plan, &z);
    const uint64_t general = z.scratch_at + pydml_axis_scratch_need(sizeof(rd_scratch), threads);
    return general > z.alone ? general : z.alone;
}

static pydml_status execute(const void* plan_, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const rd_plan* p = plan_;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != 1 || output_count != 1)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor* x = inputs[0];
    const pydml_tensor* y = outputs[0];
    pydml_status s;
    if ((s = check_view(x, p->in_type, p->dim_count, p->in_sizes))) return s;
    if ((s = check_view(y, p->out_type, p->dim_count, p->out_sizes))) return s;
    rd_run r;
    memset(&r, 0, sizeof r);
    r.plan = p;
    r.fast = rd_fast_of(pydml_ew_isa());
    r.in = x->data;
    r.out = y->data;
    r.in_bytes = pydml_data_type_bits(p->in_type) / 8u;
    r.out_bytes = pydml_data_type_bits(p->out_type) / 8u;
    ax_dims red;
    ax_collect(p->dim_count, p->in_sizes, p->reduced, 1, x->strides, y->strides, p->kind == K_REDUCE, &red);
    ax_collect(p->dim_count, p->in_sizes, p->reduced, 0, x->strides, y->strides, 0, &r.keep);
    if (p->kind != K_REDUCE) {
        /* the scan axis is one dimension (never merged with another: only it is "reduced") */
        r.L = red.size[0];
        r.in_inner = red.st[0][0];
        r.out_inner = red.st[1][0];
        r.inner = r.L;
        r.runs = 1;
    } else {
        r.L = ax_count(&red);
        const uint32_t last = red.n - 1;
        r.inner = red.size[last];
        r.in_inner = red.st[0][last];
        r.out_inner = red.st[1][last];
        r.runs = r.L / r.inner;
    }
    /* Column mode when the reduced elements are not contiguous but a kept dimension is: tiles of
     * W lanes along it, each row one contiguous load, the lanes updated side by side. */
    const int v = ax_column_dim(&r.keep, r.L, r.in_inner);
    uint64_t items;
    if (v >= 0) {
        r.column = 1;
        r.v_size = r.keep.size[v];
        r.v_in = r.keep.st[0][v];
        r.v_out = r.keep.st[1][v];
        ax_remove_dim(&r.keep, (uint32_t)v);
        r.W = r.v_size < RD_WMAX ? r.v_size : RD_WMAX;
        const uint64_t groups = ax_count(&r.keep);
        r.cols_rows = cols_fast(&r, groups * r.v_size * r.L * r.in_bytes);
        if (r.cols_rows) {
            __atomic_fetch_add(&g_columns, 1, __ATOMIC_RELAXED);
            /* wide tiles while there are at least RD_FAST_ITEMS of them, of even widths (multiples
             * of 16 lanes but the last) */
            uint64_t wmax = RD_WFAST;
            while (wmax > RD_WMAX && groups * ((r.v_size + wmax - 1) / wmax) < RD_FAST_ITEMS) wmax /= 2;
            const uint64_t tiles = (r.v_size + wmax - 1) / wmax;
            r.W = ((r.v_size + tiles - 1) / tiles + 15) / 16 * 16;
            if (r.W > r.v_size) r.W = r.v_size;
        }
        r.tiles = (r.v_size + r.W - 1) / r.W;
        items = ax_count(&r.keep) * r.tiles;
    } else {
        items = ax_count(&r.keep);
    }
    rd_layout z;
    layout(p, &z);
    uint64_t zero[2] = {0, 0};
    if (p->kind == K_REDUCE && r.runs > 1) {
        /* element offsets of every run of the innermost reduced dimension (outer reduced dims) */
        uint64_t* run_off = r.runs <= z.runs ? pydml_workspace_part(ws, 0, 2 * r.runs * sizeof(uint64_t)) : NULL;
        if (run_off == NULL) return PYDML_STATUS_INVALID_PARAMETER;
        ax_run_offsets_into(&red, r.runs, 2, run_off);
        r.run_in = run_off;
        r.run_out = run_off + r.runs;
    } else {
        r.run_in = zero;
        r.run_out = zero + 1;
    }
    if (p->kind != K_REDUCE && !r.column && p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 && r.L > 1) {
        if (r.L >= RD_SCAN_SPLIT && r.in_inner == 1 && r.out_inner == 1) {
            double* total = pydml_workspace_part(ws, 0, (r.L + RD_SCAN_PIECE - 1) / RD_SCAN_PIECE * sizeof(double));
            if (total == NULL) return PYDML_STATUS_INVALID_PARAMETER;
            uint64_t coord[PYDML_MAX_DIMS] = {0}, in_off = 0, out_off = 0;
            for (uint64_t g = 0; g < items; g++) {
                if (g > 0) ax_step(&r.keep, coord, &in_off, &out_off);
                if ((s = scan_long_f32(&r, in_off, out_off, total))) return s;
            }
            return PYDML_STATUS_SUCCESS;
        }
        /* blocks of RD_SCAN_LINES lines */
        const uint64_t blocks = (items + RD_SCAN_LINES - 1) / RD_SCAN_LINES;
        const pydml_axis_loop loop = {blocks, items * r.L, RD_PARALLEL_MIN, 1, 0, 0, 0};
        return pydml_axis_for_range(&loop, scan_blocks, &r);
    }
    if (p->kind == K_REDUCE && !r.column && r.runs == 1 && r.in_inner == 1 && r.L > RD_PIECE &&
        p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 &&
        (fast_sum_mode(p->fn) >= 0 || p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN)) {
        double* part = pydml_workspace_part(ws, 0, items * ((r.L + RD_PIECE - 1) / RD_PIECE) * sizeof(double));
        if (part == NULL) return PYDML_STATUS_INVALID_PARAMETER;
        return reduce_split(&r, items, fast_sum_mode(p->fn), part);
    }
    if (p->kind == K_REDUCE && !r.column && r.runs == 1 && r.in_inner == 1 && r.L > 1 && r.L <= INT32_MAX &&
        is_arg(p->fn) &&
        (p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 ? r.fast->line_arg != NULL
                                                    : p->in_type == DML_TENSOR_DATA_TYPE_FLOAT16 && r.fast->line_arg_h16 != NULL)) {
        __atomic_fetch_add(&g_arg_lines, 1, __ATOMIC_RELAXED);
        const pydml_axis_loop rows = {items, items * r.L, RD_PARALLEL_MIN, 0, RD_CHUNKS_PER_THREAD, 0, 0};
        return pydml_axis_for_range(&rows, reduce_rows_arg_f32, &r);
    }
    if (p->kind == K_REDUCE && !r.column && r.runs == 1 && r.in_inner == 1 && r.L > 1 &&
        p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 &&
        (fast_sum_mode(p->fn) >= 0 || p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN)) {
        const pydml_axis_loop rows = {items, items * r.L, RD_PARALLEL_MIN, 0, RD_CHUNKS_PER_THREAD, 0, 0};
        return pydml_axis_for_range(&rows, reduce_rows_f32, &r);
    }
    const pydml_axis_loop loop = {r.column ? r.tiles : 1, items * r.L * (r.column ? r.W : 1), RD_PARALLEL_MIN, 0,
                                  RD_CHUNKS_PER_THREAD, sizeof(rd_scratch), 0};
    return pydml_axis_for_each_group_in(&r.keep, &loop, reduce_item_walk, &r, ws, z.scratch_at);
}

/* Scratch comes from the caller's workspace: the plan is read-only while it executes, so executions
 * of one operator may run at the same time. */
const pydml_kernel_family pydml_family_reduce = {"reduce", create, destroy, execute, 1, temporary_bytes, NULL, NULL};
