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

#ifdef _OPENMP
#define RD_PRAGMA(x) _Pragma(#x)
#else
#define RD_PRAGMA(x)
#endif

enum { K_REDUCE = 0, K_CUMSUM = 1, K_CUMPROD = 2 };
enum { D_F = 0, D_I = 1, D_U = 2 };  /* double; int64 (signed and narrow unsigned); uint64 */

#define RD_BLOCK 256                  /* elements converted at once */
#define RD_WMAX 256                   /* lanes of a column tile */
#define RD_CHUNKS_PER_THREAD 16
#define RD_PARALLEL_MIN 32768         /* elements below which one thread runs everything */

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

static int supports(uint32_t type) {
    switch (type) {
    case DML_OPERATOR_REDUCE: case DML_OPERATOR_ARGMIN: case DML_OPERATOR_ARGMAX:
    case DML_OPERATOR_CUMULATIVE_SUMMATION: case DML_OPERATOR_CUMULATIVE_PRODUCT:
        return 1;
    default:
        return 0;
    }
}

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
    if (!supports(info->type)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
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
    /* contiguous line: max (mx 1) or min; *nan set when a NaN was seen */
    float (*line_ext)(const float* x, size_t n, int mx, int* nan);
    /* one row of w lanes: acc[j] += f(x[j]) */
    void (*cols_sum)(double* acc, const float* x, size_t w, int mode);
    /* one row of w lanes: ext[j] = max/min, nan[j] |= isnan */
    void (*cols_ext)(float* ext, unsigned char* nan, const float* x, size_t w, int mx);
} rd_fast;

/* Four independent accumulators hide the add latency; the compiler vectorizes each. */
#define RD_FAST(SUF, ATTR)                                                                         \
    ATTR static double line_sum_##SUF(const float* x, size_t n, int mode) {                        \
        double s0 = 0.0;                                                                           \
        if (mode == 0) {                                                                           \
            RD_PRAGMA(omp simd reduction(+ : s0))                                                  \
            for (size_t k = 0; k < n; k++) s0 += (double)x[k];                                     \
        } else if (mode == 1) {                                                                    \
            RD_PRAGMA(omp simd reduction(+ : s0))                                                  \
            for (size_t k = 0; k < n; k++) s0 += fabs((double)x[k]);                               \
        } else {                                                                                   \
            RD_PRAGMA(omp simd reduction(+ : s0))                                                  \
            for (size_t k = 0; k < n; k++) s0 += (double)x[k] * (double)x[k];                      \
        }                                                                                          \
        return s0;                                                                                 \
    }                                                                                              \
    ATTR static float line_ext_##SUF(const float* x, size_t n, int mx, int* nan) {                 \
        float m = mx ? -INFINITY : INFINITY;                                                       \
        int bad = 0;                                                                               \
        if (mx) {                                                                                  \
            RD_PRAGMA(omp simd reduction(max : m) reduction(| : bad))                              \
            for (size_t k = 0; k < n; k++) { m = x[k] > m ? x[k] : m; bad |= x[k] != x[k]; }       \
        } else {                                                                                   \
            RD_PRAGMA(omp simd reduction(min : m) reduction(| : bad))                              \
            for (size_t k = 0; k < n; k++) { m = x[k] < m ? x[k] : m; bad |= x[k] != x[k]; }       \
        }                                                                                          \
        *nan |= bad;                                                                               \
        return m;                                                                                  \
    }                                                                                              \
    ATTR static void cols_sum_##SUF(double* restrict acc, const float* restrict x, size_t w, int mode) { \
        if (mode == 0) {                                                                           \
            for (size_t j = 0; j < w; j++) acc[j] += (double)x[j];                                 \
        } else if (mode == 1) {                                                                    \
            for (size_t j = 0; j < w; j++) acc[j] += fabs((double)x[j]);                           \
        } else {                                                                                   \
            for (size_t j = 0; j < w; j++) acc[j] += (double)x[j] * (double)x[j];                  \
        }                                                                                          \
    }                                                                                              \
    ATTR static void cols_ext_##SUF(float* restrict e, unsigned char* restrict nan, const float* restrict x, \
                                    size_t w, int mx) {                                            \
        if (mx) {                                                                                  \
            for (size_t j = 0; j < w; j++) { e[j] = x[j] > e[j] ? x[j] : e[j]; nan[j] |= x[j] != x[j]; } \
        } else {                                                                                   \
            for (size_t j = 0; j < w; j++) { e[j] = x[j] < e[j] ? x[j] : e[j]; nan[j] |= x[j] != x[j]; } \
        }                                                                                          \
    }

RD_FAST(c, )
RD_FAST(avx2, EW_T256)
RD_FAST(avx512, EW_T512)

static const rd_fast rd_isa[3] = {
    {line_sum_c, line_ext_c, cols_sum_c, cols_ext_c},
    {line_sum_avx2, line_ext_avx2, cols_sum_avx2, cols_ext_avx2},
    {line_sum_avx512, line_ext_avx512, cols_sum_avx512, cols_ext_avx512},
};

/* mode of the fast sum for a function, -1 when it has none */
static int fast_sum_mode(int fn) {
    switch (fn) {
    case DML_REDUCE_FUNCTION_SUM: case DML_REDUCE_FUNCTION_AVERAGE: case DML_REDUCE_FUNCTION_LOG_SUM: return 0;
    case DML_REDUCE_FUNCTION_L1: return 1;
    case DML_REDUCE_FUNCTION_L2: case DML_REDUCE_FUNCTION_SUM_SQUARE: return 2;
    default: return -1;
    }
}

/* ---- iteration ---- */

/* Dimensions of one kind (reduced or kept), outer first, size-1 dimensions dropped and pairs both
 * tensors walk as one merged (row-major order is kept, so merged indices stay row-major); at
 * least one entry (size 1). Output strides of reduced dimensions are 0 (size 1 there). */
typedef struct rd_dims {
    uint32_t n;
    uint64_t size[PYDML_MAX_DIMS];
    uint64_t in[PYDML_MAX_DIMS], out[PYDML_MAX_DIMS];
} rd_dims;

static void collect(const rd_plan* p, const pydml_tensor* x, const pydml_tensor* y, int want_reduced, rd_dims* r) {
    memset(r, 0, sizeof *r);
    for (uint32_t d = 0; d < p->dim_count; d++) {
        if ((int)(p->reduced >> d & 1u) != want_reduced || p->in_sizes[d] == 1) continue;
        const uint64_t s = p->in_sizes[d], si = x->strides[d];
        const uint64_t so = (p->kind == K_REDUCE && want_reduced) ? 0 : y->strides[d];
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

static void remove_dim(rd_dims* r, uint32_t i) {
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

static uint64_t count_of(const rd_dims* r) {
    uint64_t c = 1;
    for (uint32_t d = 0; d < r->n; d++) c *= r->size[d];
    return c;
}

static void offsets_of(const rd_dims* keep, uint64_t o, uint64_t* coord, uint64_t* in_off, uint64_t* out_off) {
    uint64_t a = 0, b = 0;
    for (uint32_t d = keep->n; d-- > 0;) {
        coord[d] = o % keep->size[d];
        o /= keep->size[d];
        a += coord[d] * keep->in[d];
        b += coord[d] * keep->out[d];
    }
    *in_off = a;
    *out_off = b;
}

static void step(const rd_dims* keep, uint64_t* coord, uint64_t* in_off, uint64_t* out_off) {
    for (uint32_t d = keep->n; d-- > 0;) {
        coord[d]++;
        *in_off += keep->in[d];
        *out_off += keep->out[d];
        if (coord[d] < keep->size[d] || d == 0) return;
        *in_off -= coord[d] * keep->in[d];
        *out_off -= coord[d] * keep->out[d];
        coord[d] = 0;
    }
}

typedef struct rd_run {
    const rd_plan* plan;
    const rd_fast* fast;
    const char* in;
    char* out;
    size_t in_bytes, out_bytes;
    rd_dims keep;                      /* one work item per kept coordinate (column mode: but v) */
    uint64_t L;                        /* elements per group (scans: along the axis) */
    uint64_t inner, in_inner, out_inner;   /* innermost reduced dimension */
    uint64_t runs;                     /* L / inner */
    const uint64_t* run_in;            /* element offsets of the runs of the inner dimension */
    const uint64_t* run_out;
    int column;                        /* tiles of W lanes along the kept dimension v */
    uint64_t v_size, v_in, v_out, W, tiles;
} rd_run;

typedef struct rd_scratch {
    rd_state st[RD_WMAX];
    double fv[RD_WMAX > RD_BLOCK ? RD_WMAX : RD_BLOCK];
    uint64_t iv[RD_WMAX > RD_BLOCK ? RD_WMAX : RD_BLOCK];
    double acc[RD_WMAX];
    float ext[RD_WMAX];
    unsigned char nan[RD_WMAX];
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
    const int mode = f32 ? fast_sum_mode(p->fn) : -1;
    const int ext = f32 && (p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN);
    int nan = 0;
    uint64_t idx = 0;
    for (uint64_t i = 0; i < r->runs; i++) {
        const char* base = r->in + (in_off + r->run_in[i]) * r->in_bytes;
        if (mode >= 0) {
            s->a += r->fast->line_sum((const float*)base, (size_t)r->inner, mode);
            continue;
        }
        if (ext) {
            const float m = r->fast->line_ext((const float*)base, (size_t)r->inner, p->fn == DML_REDUCE_FUNCTION_MAX, &nan);
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

/* One tile of w lanes along v (column mode): row by row over the reduced elements. */
static void reduce_tile(const rd_run* r, uint64_t in_off, uint64_t out_off, uint64_t tile, rd_scratch* t) {
    const rd_plan* p = r->plan;
    const uint64_t j0 = tile * r->W;
    const size_t w = (size_t)(r->v_size - j0 < r->W ? r->v_size - j0 : r->W);
    in_off += j0 * r->v_in;
    out_off += j0 * r->v_out;
    const int f32 = p->in_type == DML_TENSOR_DATA_TYPE_FLOAT32 && r->v_in == 1;
    const int mode = f32 ? fast_sum_mode(p->fn) : -1;
    const int ext = f32 && (p->fn == DML_REDUCE_FUNCTION_MAX || p->fn == DML_REDUCE_FUNCTION_MIN);
    const int mx = p->fn == DML_REDUCE_FUNCTION_MAX;
    state_init(p, t->st, w);
    if (mode >= 0) for (size_t j = 0; j < w; j++) t->acc[j] = 0.0;
    if (ext) {
        for (size_t j = 0; j < w; j++) { t->ext[j] = mx ? -INFINITY : INFINITY; t->nan[j] = 0; }
    }
    uint64_t idx = 0;
    for (uint64_t i = 0; i < r->runs; i++) {
        for (uint64_t q = 0; q < r->inner; q++, idx++) {
            const char* row = r->in + (in_off + r->run_in[i] + q * r->in_inner) * r->in_bytes;
            if (mode >= 0) {
                r->fast->cols_sum(t->acc, (const float*)row, w, mode);
            } else if (ext) {
                r->fast->cols_ext(t->ext, t->nan, (const float*)row, w, mx);
            } else if (p->dom == D_F) {
                load_f(p->in_type, row, r->v_in, w, t->fv);
                update_f(p, t->st, 1, t->fv, w, idx, 0);
            } else {
                load_i(p->in_type, row, r->v_in, w, t->iv);
                update_i(p, t->st, 1, t->iv, w, idx, 0);
            }
        }
    }
    if (mode >= 0) for (size_t j = 0; j < w; j++) t->st[j].a = t->acc[j];
    if (ext) for (size_t j = 0; j < w; j++) t->st[j].a = t->nan[j] ? NAN : (double)t->ext[j];
    store_results(r, t, w, r->out + out_off * r->out_bytes, r->v_out);
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

static void run_range(const rd_run* r, uint64_t b, uint64_t e, rd_scratch* t) {
    const uint64_t per = r->column ? r->tiles : 1;
    uint64_t coord[PYDML_MAX_DIMS] = {0}, in_off = 0, out_off = 0;
    uint64_t group = b / per;
    offsets_of(&r->keep, group, coord, &in_off, &out_off);
    for (uint64_t item = b; item < e; item++) {
        const uint64_t g = item / per;
        if (g != group) {
            step(&r->keep, coord, &in_off, &out_off);   /* items are consecutive: g == group + 1 */
            group = g;
        }
        run_item(r, in_off, out_off, item % per, t);
    }
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

static pydml_status execute(const void* plan_, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count) {
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
    r.fast = &rd_isa[pydml_ew_isa()];
    r.in = x->data;
    r.out = y->data;
    r.in_bytes = pydml_data_type_bits(p->in_type) / 8u;
    r.out_bytes = pydml_data_type_bits(p->out_type) / 8u;
    rd_dims red;
    collect(p, x, y, 1, &red);
    collect(p, x, y, 0, &r.keep);
    if (p->kind != K_REDUCE) {
        /* the scan axis is one dimension (never merged with another: only it is "reduced") */
        r.L = red.size[0];
        r.in_inner = red.in[0];
        r.out_inner = red.out[0];
        r.inner = r.L;
        r.runs = 1;
    } else {
        r.L = count_of(&red);
        const uint32_t last = red.n - 1;
        r.inner = red.size[last];
        r.in_inner = red.in[last];
        r.out_inner = red.out[last];
        r.runs = r.L / r.inner;
    }
    /* Column mode when the reduced elements are not contiguous but a kept dimension is: tiles of
     * W lanes along it, each row one contiguous load, the lanes updated side by side. */
    int v = -1;
    if (r.L > 1 && r.in_inner != 1) {
        for (uint32_t d = 0; d < r.keep.n && v < 0; d++)
            if (r.keep.size[d] > 1 && r.keep.in[d] == 1) v = (int)d;
        for (uint32_t d = 0; d < r.keep.n && v < 0; d++)
            if (r.keep.size[d] > 1 && r.keep.out[d] == 1) v = (int)d;
    }
    uint64_t items;
    if (v >= 0) {
        r.column = 1;
        r.v_size = r.keep.size[v];
        r.v_in = r.keep.in[v];
        r.v_out = r.keep.out[v];
        remove_dim(&r.keep, (uint32_t)v);
        r.W = r.v_size < RD_WMAX ? r.v_size : RD_WMAX;
        r.tiles = (r.v_size + r.W - 1) / r.W;
        items = count_of(&r.keep) * r.tiles;
    } else {
        items = count_of(&r.keep);
    }
    uint64_t* run_off = NULL;
    uint64_t zero[2] = {0, 0};
    if (p->kind == K_REDUCE && r.runs > 1) {
        /* element offsets of every run of the innermost reduced dimension (outer reduced dims) */
        run_off = malloc(2 * r.runs * sizeof(uint64_t));
        if (run_off == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
        uint64_t coord[PYDML_MAX_DIMS] = {0}, a = 0, b = 0;
        const uint32_t last = red.n - 1;
        for (uint64_t i = 0; i < r.runs; i++) {
            run_off[i] = a;
            run_off[r.runs + i] = b;
            for (uint32_t d = last; d-- > 0;) {
                coord[d]++;
                a += red.in[d];
                b += red.out[d];
                if (coord[d] < red.size[d]) break;
                a -= coord[d] * red.in[d];
                b -= coord[d] * red.out[d];
                coord[d] = 0;
            }
        }
        r.run_in = run_off;
        r.run_out = run_off + r.runs;
    } else {
        r.run_in = zero;
        r.run_out = zero + 1;
    }
    int failed = 0;
    const uint64_t total = items * r.L * (r.column ? r.W : 1);
    (void)total; /* read by the omp pragma only */
#ifdef _OPENMP
#pragma omp parallel if (total >= RD_PARALLEL_MIN && items > 1)
#endif
    {
#ifdef _OPENMP
        const uint64_t nth = (uint64_t)omp_get_num_threads();
#else
        const uint64_t nth = 1;
#endif
        const uint64_t chunks = items < nth * RD_CHUNKS_PER_THREAD ? items : nth * RD_CHUNKS_PER_THREAD;
        rd_scratch* t = malloc(sizeof *t);
        if (t == NULL) {
#ifdef _OPENMP
#pragma omp atomic write
#endif
            failed = 1;
        }
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (int64_t c = 0; c < (int64_t)chunks; c++)
            if (t != NULL) run_range(&r, items * (uint64_t)c / chunks, items * (uint64_t)(c + 1) / chunks, t);
        free(t);
    }
    free(run_off);
    return failed ? PYDML_STATUS_OUT_OF_MEMORY : PYDML_STATUS_SUCCESS;
}

const pydml_kernel_family pydml_family_reduce = {"reduce", supports, create, destroy, execute, 1};
