/* The data_movement kernel family (families.h): one strided N-d copy engine serving SLICE, SLICE1,
 * SLICE_GRAD, JOIN, SPLIT, TILE, DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1), PADDING, PADDING1 and CAST,
 * plus the generators FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX(1) and VALUE_SCALE_2D, and
 * the window operators UNFOLD (on its inner runs) and FOLD (a row accumulator) (pages: sdk-api
 * ns-directml-dml_<name>_operator_desc.md; DIAGONAL_MATRIX1 / PADDING1 / FOLD / UNFOLD in
 * windows-ai-docs; rules_data_movement.c checks the descs).
 *
 * Engine (dm_copy): "copy a strided source view into a strided destination view" over up to 16
 * axes with signed element strides. Unit axes are dropped, axes ordered by destination stride,
 * adjacent axes merged when both views are contiguous across them; the innermost run is a memcpy
 * when both sides are contiguous, a fill when the source stride is 0 (broadcast), else a typed
 * strided loop (1/2/4/8-byte elements copied as raw bits, so FLOAT16/FLOAT32 NaN payloads are
 * kept). A strided innermost read gets the source's unit-stride axis just outside it (each source
 * line is consumed while cached); when the axis outside the innermost is short and the two are
 * contiguous together in the destination (DEPTH_TO_SPACE's (w, q)), they run as one block written
 * in destination order. Copies writing >= 4 MB stream their contiguous runs past the
 * cache (non-temporal stores). Threads (OpenMP) take contiguous ranges of (outer index, 64 KB
 * chunk of the inner run) work items; the several copies of one operator (JOIN/SPLIT parts,
 * PADDING boxes) run in one parallel region, without a barrier between them.
 *   SLICE:   OutputTensor[c] = InputTensor[Offsets + Strides * c]: a view with offset and strides.
 *   SLICE1:  CopyStart = InputWindowOffsets (+ InputWindowSizes - 1 for a negative stride),
 *            OutputTensor[c] = InputTensor[CopyStart + InputWindowStrides * c] (negative strides).
 *   SLICE_GRAD (the backward of SLICE1, same window fields; page: "The sliced elements are
 *            propagated to the output, and all other elements are set to 0"): a zero fill of
 *            OutputGradientTensor, then OutputGradientTensor[CopyStart + InputWindowStrides * c] =
 *            InputGradientTensor[c], the SLICE1 view with the two sides swapped. The strides are
 *            non-zero (rules), so each output element receives at most one value: no sums, the
 *            result is independent of the thread count; the two copies run one after the other.
 *   JOIN / SPLIT: one copy per array element into / out of its sub-view along Axis.
 *   TILE:    output axis d viewed as (Repeats[d], InputSizes[d]); the repeat axis has source
 *            stride 0 (one copy, no per-tile loop).
 *   DEPTH_TO_SPACE(1) / SPACE_TO_DEPTH(1): a permuted 6-D view (n, c, h, r, w, q) with B =
 *            BlockSize; DEPTH_COLUMN_ROW: depth channel (r * B + q) * C + c, COLUMN_ROW_DEPTH:
 *            c * B * B + r * B + q (the pages' examples; DEPTH_TO_SPACE/SPACE_TO_DEPTH = the first).
 *   PADDING(1): per axis the output splits into segments, each an affine map of the input index
 *            (stride +1 interior/reflected copies, -1 mirrored, 0 EDGE) or a CONSTANT fill; every
 *            box of the segments' product is one engine copy. REFLECTION mirrors about the edge
 *            (edge not repeated, period 2(n-1)), SYMMETRIC includes the edge (period 2n), WRAP
 *            is periodic (period n); padding larger than the input continues the period (the
 *            page: "mirrored periodically, folding over previous padding regions").
 *   CAST:    the engine with a conversion in the inner loop (FLOAT32 <-> FLOAT16 rows through
 *            convert.h's vector conversions; other pairs through a canonical double / int64 /
 *            uint64 value, scalar).
 *   UNFOLD / FOLD (windows-ai-docs dml_unfold/fold_operator_desc.md; im2col / col2im, torch's
 *            unfold/fold): image {N, C, S_0..S_{D-1}}, columns {N, C * K, L} with K = prod(
 *            WindowSizes), column row c * K + k (channel-major; k row-major over the window
 *            offsets k_d, FOLD's 2-channel example), column l = the block index, row-major over
 *            BlocksPerDimension B_d = (S_d + StartPadding_d + EndPadding_d - Dilations_d *
 *            (WindowSizes_d - 1) - 1) / Strides_d + 1 (the pages' formula). Element (k, b) of a
 *            block sits at image coordinate i_d = b_d * Strides_d + k_d * Dilations_d -
 *            StartPadding_d. UNFOLD: columns[n, cK + k, l] = image[n, c, i], or 0 when i is in the
 *            padding; per (n, c, k) work item each block row is an engine inner run (memcpy for
 *            window stride 1 and contiguous views, the typed strided loop otherwise) between two
 *            zero fills for the padded borders. FOLD: image[n, c, i] = sum of the columns elements
 *            whose (k, b) map to i; padding positions receive nothing (their contributions are
 *            dropped). Work items are output rows (n, c, i_0..i_{D-2}): one thread owns each output
 *            element; a row accumulates its contributions in increasing k order in a row buffer and
 *            is rounded once when stored. Precision: FLOAT32 and FLOAT16 accumulate in float
 *            (FLOAT16 converted exactly to float, rounded once per output element), FLOAT64 in
 *            double; integer types add in 64-bit two's complement and keep the low bits (wrap
 *            around, as the family's integer ADD). Data types: all eleven (onnxruntime's DML
 *            execution provider registers Col2Im, which it runs as DML_OPERATOR_FOLD, for every
 *            scalar type; docs/OperatorKernels.md). Window arithmetic cannot overflow int64: the
 *            rules bound Dilations * (WindowSizes - 1) + 1 by the padded size (< 3 * 2^32).
 *
 * Edge-case decisions (the CAST page states no conversion rules; these are C/IEEE made total):
 *  - float -> float: round to nearest even, once (FLOAT64 -> FLOAT16 through round-to-odd float);
 *    overflow gives +-inf; NaN stays NaN.
 *  - float -> integer: truncation toward zero, saturated to the type's range; NaN -> 0 (the
 *    D3D/HLSL float-to-integer conversion; C would leave these undefined).
 *  - integer -> float: round to nearest even; too large for FLOAT16 -> +-inf.
 *  - integer -> integer: two's-complement wrap-around (the low bits; numpy/torch/C casts).
 *  - PADDING/PADDING1 REFLECTION of an axis of size 1 (no element besides the edge): the element
 *    itself (period 1). PADDING's FLOAT PaddingValue converts to the output type by the CAST
 *    rules (the page: "10.6 -> 10"), as does DIAGONAL_MATRIX's Value.
 *  - FILL_VALUE_SEQUENCE: element k = ValueStart + k * ValueDelta in the row-major order of the
 *    output's sizes; integers wrap modulo 2^bits (the page's UINT8 example: 10 + 254 = 8), floats
 *    are computed in double and rounded once to the output type.
 *  - VALUE_SCALE_2D: Scale * x + Bias[c] computed in double, rounded once to the output type.
 *  - DIAGONAL_MATRIX1 (page): topX = x - y; useValue = (End >= Begin) ^ (topX >= Begin) ^
 *    (topX < End), all in 64-bit arithmetic (no overflow at INT32_MIN/MAX).
 * No index comes from tensor data in this family: every read and write lies inside views that
 * pydml_tensor_check has accepted and whose sizes equal the (validated) desc's; the stride of a
 * view's unit axis is never applied, so execute zeroes it before any index arithmetic (a view may
 * carry any value there). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#ifdef _OPENMP
#include <omp.h>
#endif

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define DM_X86 1
#endif

#include "convert.h"
#include "families.h"
#include "stream_store.h"

#define DM_MAX_AXES 16
/* bytes below which one thread copies everything */
#define DM_PARALLEL_MIN (256u * 1024u)
/* inner runs are cut into chunks of this many bytes so threads share one long run */
#define DM_CHUNK_BYTES (64u * 1024u)
/* copies writing at least this many bytes, or parts of an operation on a tensor this large (a
 * JOIN's output, a SPLIT's input), stream their stores past the cache ... (half the 32 MiB of
 * operands from which the element-wise engine, pooling and resample stream: a copy reads as much
 * as it writes. At 4 MiB, a TILE writing 6.4 MiB ran at 0.36x torch and a JOIN writing 12.8 MiB at
 * 0.98x, their outputs sent to memory where torch leaves them in the last-level cache: 1.14x and
 * 1.85x now) */
#define DM_STREAM_MIN (16u * 1024u * 1024u)
/* ... in contiguous runs at least this long: a short run streamed writes partial lines at both
 * ends, each a write the memory completes on its own (PADDING of [8, 64, 56^2] by one, its 28 K
 * interior rows of 224 bytes: 9.3 ms on one thread streamed, torch 0.19 ms on two) */
#define DM_STREAM_RUN (4u * 1024u)

typedef enum { DM_PLAIN = 0, DM_CAST_F32_F16, DM_CAST_F16_F32, DM_CAST_ANY } dm_kind;

/* ---------------------------------------------------------------- conversions (CAST) ---- */

enum { CV_F = 0, CV_I = 1, CV_U = 2 };

static int cv_class(uint32_t t) { return pydml_type_is_float(t) ? CV_F : pydml_type_is_signed(t) ? CV_I : CV_U; }

typedef union { double f; int64_t i; uint64_t u; } cv_val;

static inline cv_val cv_load(const char* p, uint32_t t) {
    cv_val v;
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: { float x; memcpy(&x, p, 4); v.f = x; break; }
    case DML_TENSOR_DATA_TYPE_FLOAT16: { uint16_t x; memcpy(&x, p, 2); v.f = pydml_f16_to_f32(x); break; }
    case DML_TENSOR_DATA_TYPE_FLOAT64: memcpy(&v.f, p, 8); break;
    case DML_TENSOR_DATA_TYPE_INT8: v.i = *(const int8_t*)p; break;
    case DML_TENSOR_DATA_TYPE_INT16: { int16_t x; memcpy(&x, p, 2); v.i = x; break; }
    case DML_TENSOR_DATA_TYPE_INT32: { int32_t x; memcpy(&x, p, 4); v.i = x; break; }
    case DML_TENSOR_DATA_TYPE_INT64: memcpy(&v.i, p, 8); break;
    case DML_TENSOR_DATA_TYPE_UINT8: v.u = *(const uint8_t*)p; break;
    case DML_TENSOR_DATA_TYPE_UINT16: { uint16_t x; memcpy(&x, p, 2); v.u = x; break; }
    case DML_TENSOR_DATA_TYPE_UINT32: { uint32_t x; memcpy(&x, p, 4); v.u = x; break; }
    default: memcpy(&v.u, p, 8); break;
    }
    return v;
}

/* float -> integer: truncate, saturate to [lo, hi], NaN -> 0 (see the top). Below 64 bits the
 * bounds are integers exact in double, so clamping first and truncating after is the same
 * function, and it compiles to selects (a branch per element ran CAST to UINT8 and UINT32 at 3 ns
 * an element on data of mixed signs); INT64 and UINT64, whose top bound is 2^63 or 2^64 (not a
 * value of the type), keep the tests. */
#ifdef __SSE2__
/* a > b ? a : b and a < b ? a : b as maxsd / minsd (GCC compiled the ternaries to branches) */
static inline double dm_max(double a, double b) { return _mm_cvtsd_f64(_mm_max_sd(_mm_set_sd(a), _mm_set_sd(b))); }
static inline double dm_min(double a, double b) { return _mm_cvtsd_f64(_mm_min_sd(_mm_set_sd(a), _mm_set_sd(b))); }
/* d, or 0 for NaN */
static inline double dm_nan0(double d) {
    const __m128d v = _mm_set_sd(d);
    return _mm_cvtsd_f64(_mm_and_pd(_mm_cmpord_sd(v, v), v));
}
#else
static inline double dm_max(double a, double b) { return a > b ? a : b; }
static inline double dm_min(double a, double b) { return a < b ? a : b; }
static inline double dm_nan0(double d) { return d == d ? d : 0.0; }
#endif

static inline int64_t sat_i(double d, double lo, double hi, int64_t ilo, int64_t ihi) {
    if (hi < 9223372036854775807.0) return (int64_t)dm_min(dm_max(dm_nan0(d), lo), hi);
    if (!(d == d)) return 0;
    if (d <= lo) return ilo;
    if (d >= hi) return ihi;
    return (int64_t)d;
}

static inline uint64_t sat_u(double d, double hi, uint64_t uhi) {
    if (hi < 9223372036854775807.0) return (uint64_t)(int64_t)dm_min(dm_max(d, 0.0), hi); /* NaN, < 0: 0 */
    if (!(d == d) || d <= 0.0) return 0;
    if (d >= hi) return uhi;
    return (uint64_t)d;
}

/* Stores v (of class cls) as data type t. */
static inline void cv_store(char* p, uint32_t t, int cls, cv_val v) {
    uint64_t bits; /* integer destinations: the low bits (wrap-around), or the saturated value */
    if (cls == CV_F) {
        double d = v.f;
        switch (t) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: { float x = (float)d; memcpy(p, &x, 4); return; }
        case DML_TENSOR_DATA_TYPE_FLOAT16: { uint16_t x = pydml_f64_to_f16(d); memcpy(p, &x, 2); return; }
        case DML_TENSOR_DATA_TYPE_FLOAT64: memcpy(p, &d, 8); return;
        case DML_TENSOR_DATA_TYPE_INT8: bits = (uint64_t)sat_i(d, -128.0, 127.0, INT8_MIN, INT8_MAX); break;
        case DML_TENSOR_DATA_TYPE_INT16: bits = (uint64_t)sat_i(d, -32768.0, 32767.0, INT16_MIN, INT16_MAX); break;
        case DML_TENSOR_DATA_TYPE_INT32: bits = (uint64_t)sat_i(d, -2147483648.0, 2147483647.0, INT32_MIN, INT32_MAX); break;
        /* 2^63 is the first double above INT64_MAX */
        case DML_TENSOR_DATA_TYPE_INT64: bits = (uint64_t)sat_i(d, -9223372036854775808.0, 9223372036854775808.0, INT64_MIN, INT64_MAX); break;
        case DML_TENSOR_DATA_TYPE_UINT8: bits = sat_u(d, 255.0, UINT8_MAX); break;
        case DML_TENSOR_DATA_TYPE_UINT16: bits = sat_u(d, 65535.0, UINT16_MAX); break;
        case DML_TENSOR_DATA_TYPE_UINT32: bits = sat_u(d, 4294967295.0, UINT32_MAX); break;
        default: bits = sat_u(d, 18446744073709551616.0, UINT64_MAX); break;
        }
    } else {
        if (pydml_type_is_float(t)) {
            /* integer -> float: one rounding to nearest (C conversion) */
            switch (t) {
            case DML_TENSOR_DATA_TYPE_FLOAT32: {
                float x = cls == CV_I ? (float)v.i : (float)v.u;
                memcpy(p, &x, 4);
                return;
            }
            case DML_TENSOR_DATA_TYPE_FLOAT16: {
                /* |v| > 2^53 rounds in double first, but FLOAT16 overflows to inf long before */
                uint16_t x = pydml_f64_to_f16(cls == CV_I ? (double)v.i : (double)v.u);
                memcpy(p, &x, 2);
                return;
            }
            default: {
                double x = cls == CV_I ? (double)v.i : (double)v.u;
                memcpy(p, &x, 8);
                return;
            }
            }
        }
        bits = cls == CV_I ? (uint64_t)v.i : v.u;
    }
    switch (pydml_type_bits(t)) {
    case 8: { uint8_t x = (uint8_t)bits; memcpy(p, &x, 1); break; }
    case 16: { uint16_t x = (uint16_t)bits; memcpy(p, &x, 2); break; }
    case 32: { uint32_t x = (uint32_t)bits; memcpy(p, &x, 4); break; }
    default: memcpy(p, &bits, 8); break;
    }
}

/* One row of CAST: a loop per (source, destination) type pair, cv_load and cv_store inlined
 * with constant types, so each loop is the conversion alone (the same function of the same value:
 * the same results). A loop through the two runtime switches cost 3-13 ns an element (FLOAT32 to
 * INT32: 3.2, to UINT32: 6.7; 1M elements, two threads), GridSample's index CAST a fifth of its
 * time. */
#define DM_TYPES(X, A)                                                                             \
    X(A, DML_TENSOR_DATA_TYPE_FLOAT32) X(A, DML_TENSOR_DATA_TYPE_FLOAT16) X(A, DML_TENSOR_DATA_TYPE_FLOAT64) \
    X(A, DML_TENSOR_DATA_TYPE_INT8) X(A, DML_TENSOR_DATA_TYPE_INT16) X(A, DML_TENSOR_DATA_TYPE_INT32)      \
    X(A, DML_TENSOR_DATA_TYPE_INT64) X(A, DML_TENSOR_DATA_TYPE_UINT8) X(A, DML_TENSOR_DATA_TYPE_UINT16)    \
    X(A, DML_TENSOR_DATA_TYPE_UINT32) X(A, DML_TENSOR_DATA_TYPE_UINT64)
#define DM_CAST_TO(ST, DT)                                                                         \
    case DT:                                                                                       \
        for (uint64_t k = 0; k < n; k++)                                                           \
            cv_store(d + (int64_t)k * db, DT, cv_class(ST), cv_load(s + (int64_t)k * sb, ST));     \
        return 1;

/* the loops from source type st (a constant where inlined): 0 when dtype is none of the list */
static inline __attribute__((always_inline)) int cast_from(const uint32_t st, uint32_t dtype, const char* s,
                                                           int64_t sb, char* d, int64_t db, uint64_t n) {
    switch (dtype) { DM_TYPES(DM_CAST_TO, st) default: break; }
    return 0;
}

#define DM_CAST_FROM(UNUSED, ST)                                                                   \
    case ST:                                                                                       \
        if (cast_from(ST, dtype, s, sb, d, db, n)) return;                                         \
        break;

static void cast_row(uint32_t stype, uint32_t dtype, const char* s, int64_t sb, char* d, int64_t db, uint64_t n) {
    switch (stype) { DM_TYPES(DM_CAST_FROM, 0) default: break; }
    /* any other pair (none the rules admit): the general loop */
    const int cls = cv_class(stype);
    for (uint64_t k = 0; k < n; k++) cv_store(d + (int64_t)k * db, dtype, cls, cv_load(s + (int64_t)k * sb, stype));
}
#undef DM_CAST_FROM
#undef DM_CAST_TO
#undef DM_TYPES

/* ---------------------------------------------------------------- the copy engine ---- */

typedef struct dm_copy {
    uint32_t rank;
    uint64_t sizes[DM_MAX_AXES];
    int64_t ss[DM_MAX_AXES], ds[DM_MAX_AXES]; /* element strides */
    const char* src;                          /* element (0, ..., 0) */
    char* dst;
    uint32_t ssize, dsize;                    /* element bytes */
    uint32_t stype, dtype;                    /* data types (CAST) */
    dm_kind kind;
    /* set by dm_prepare */
    uint64_t items, chunks, chunk;            /* work items = outer runs x chunks of the inner run */
    uint64_t bytes;                           /* bytes written */
    int stream;                               /* contiguous runs use non-temporal stores */
    uint64_t whole;                           /* bytes of the larger whole tensor this copy is a part of */
    int block;                                /* 1: the two innermost axes form one block (below) */
} dm_copy;

/* Large contiguous copies bypass the cache on the store side (no read-for-ownership of the
 * destination), as glibc's memcpy does for one large call; the engine's 64 KB chunks are below
 * glibc's threshold, so it streams itself: whole lines with 16-byte streamed stores (32- and 64-byte
 * ones measured the same here, issue 25, Intel host, both paths side by side). */
static void stream_copy(char* d, const char* s, uint64_t n) { pydml_stream_copy_bytes(d, s, n, 16); }

/* One inner run of n elements. */
static void run_inner(const dm_copy* c, const char* s, char* d, uint64_t n, int64_t ss, int64_t ds) {
    if (c->kind == DM_PLAIN) {
        const uint32_t e = c->ssize;
        if (ss == 1 && ds == 1) {
            if (c->stream) stream_copy(d, s, n * e);
            else memcpy(d, s, n * e);
            return;
        }
#define DM_LOOP(T)                                                                       \
    do {                                                                                 \
        const T* sp = (const T*)(const void*)s;                                          \
        T* dp = (T*)(void*)d;                                                            \
        if (ss == 0) {                                                                   \
            const T v = *sp;                                                             \
            if (ds == 1) for (uint64_t k = 0; k < n; k++) dp[k] = v;                     \
            else for (uint64_t k = 0; k < n; k++) dp[(int64_t)k * ds] = v;               \
        } else if (ds == 1) {                                                            \
            for (uint64_t k = 0; k < n; k++) dp[k] = sp[(int64_t)k * ss];                \
        } else {                                                                         \
            for (uint64_t k = 0; k < n; k++) dp[(int64_t)k * ds] = sp[(int64_t)k * ss];  \
        }                                                                                \
    } while (0)
        switch (e) {
        case 1: DM_LOOP(uint8_t); break;
        case 2: DM_LOOP(uint16_t); break;
        case 4: DM_LOOP(uint32_t); break;
        default: DM_LOOP(uint64_t); break;
        }
#undef DM_LOOP
        return;
    }
    if ((c->kind == DM_CAST_F32_F16 || c->kind == DM_CAST_F16_F32) && !(ss == 1 && ds == 1)) {
        /* strided: contiguous runs take convert.c's rows below, as every other pair does */
        const int to16 = c->kind == DM_CAST_F32_F16;
        /* gather into a contiguous block, convert on the vector path, scatter */
        float fb[512];
        uint16_t hb[512];
        for (uint64_t k0 = 0; k0 < n; k0 += 512) {
            size_t m = n - k0 < 512 ? (size_t)(n - k0) : 512u;
            if (to16) {
                const float* sp = (const float*)(const void*)s + (int64_t)k0 * ss;
                uint16_t* dp = (uint16_t*)(void*)d + (int64_t)k0 * ds;
                for (size_t k = 0; k < m; k++) fb[k] = sp[(int64_t)k * ss];
                pydml_f32_row_to_f16(fb, hb, m);
                for (size_t k = 0; k < m; k++) dp[(int64_t)k * ds] = hb[k];
            } else {
                const uint16_t* sp = (const uint16_t*)(const void*)s + (int64_t)k0 * ss;
                float* dp = (float*)(void*)d + (int64_t)k0 * ds;
                for (size_t k = 0; k < m; k++) hb[k] = sp[(int64_t)k * ss];
                pydml_f16_row_to_f32(hb, fb, m);
                for (size_t k = 0; k < m; k++) dp[(int64_t)k * ds] = fb[k];
            }
        }
        return;
    }
    if (ss == 1 && ds == 1 && c->stream) {
        /* a run of a large cast converted into an L1 stage, 1024 elements at a time, and streamed
         * out, as the plain copies stream: an ordinary store reads each output line first (issue
         * 25, Intel host, 8M elements, 2 threads, builds side by side, both paths: f16 -> f32
         * 2.5-2.9 -> 2.0-2.1 ms, f32 -> f16 1.6-1.7 -> 1.35-1.8 ms; the integer pairs 4-10 % on the
         * Zen 5) */
        _Alignas(64) uint64_t stage[1024];
        uint64_t k0 = 0;
        for (; k0 < n; k0 += 1024) {
            const size_t m = n - k0 < 1024 ? (size_t)(n - k0) : 1024u;
            if (!pydml_cast_row_contiguous(c->stype, c->dtype, s + k0 * c->ssize, stage, m)) break;
            stream_copy(d + k0 * c->dsize, (const char*)stage, m * c->dsize);
        }
        if (k0 >= n) return;
    }
    if (ss == 1 && ds == 1 && pydml_cast_row_contiguous(c->stype, c->dtype, s, d, (size_t)n)) return;
    cast_row(c->stype, c->dtype, s, ss * (int64_t)c->ssize, d, ds * (int64_t)c->dsize, n);
}

/* Drops unit axes, orders axes by |destination stride| (descending), merges axes contiguous on
 * both sides, and brings a long unit-stride axis innermost when the innermost is short. */
static void normalize(dm_copy* c) {
    uint32_t r = 0;
    for (uint32_t i = 0; i < c->rank; i++) {
        if (c->sizes[i] == 1) continue;
        c->sizes[r] = c->sizes[i]; c->ss[r] = c->ss[i]; c->ds[r] = c->ds[i];
        r++;
    }
    c->rank = r;
    /* insertion sort, stable */
    for (uint32_t i = 1; i < r; i++) {
        uint64_t sz = c->sizes[i];
        int64_t s = c->ss[i], d = c->ds[i];
        uint32_t j = i;
        while (j > 0 && llabs(c->ds[j - 1]) < llabs(d)) {
            c->sizes[j] = c->sizes[j - 1]; c->ss[j] = c->ss[j - 1]; c->ds[j] = c->ds[j - 1];
            j--;
        }
        c->sizes[j] = sz; c->ss[j] = s; c->ds[j] = d;
    }
    /* merge axis i into i + 1 when (i, i+1) walk both views contiguously */
    uint32_t w = 0;
    for (uint32_t i = 0; i < r; i++) {
        if (w > 0 && c->ss[w - 1] == c->ss[i] * (int64_t)c->sizes[i] && c->ds[w - 1] == c->ds[i] * (int64_t)c->sizes[i]) {
            c->sizes[w - 1] *= c->sizes[i];
            c->ss[w - 1] = c->ss[i];
            c->ds[w - 1] = c->ds[i];
            continue;
        }
        c->sizes[w] = c->sizes[i]; c->ss[w] = c->ss[i]; c->ds[w] = c->ds[i];
        w++;
    }
    c->rank = w;
    if (w >= 2 && c->sizes[w - 1] < 32) {
        uint32_t best = w - 1;
        for (uint32_t i = 0; i + 1 < w; i++)
            if ((c->ds[i] == 1 || c->ss[i] == 1 || c->ss[i] == -1) && c->sizes[i] > c->sizes[best]) best = i;
        if (best != w - 1) {
            uint64_t sz = c->sizes[best];
            int64_t s = c->ss[best], d = c->ds[best];
            for (uint32_t i = best; i + 1 < w; i++) {
                c->sizes[i] = c->sizes[i + 1]; c->ss[i] = c->ss[i + 1]; c->ds[i] = c->ds[i + 1];
            }
            c->sizes[w - 1] = sz; c->ss[w - 1] = s; c->ds[w - 1] = d;
        }
    }
    /* the innermost run reads with a stride: bring the source's unit-stride axis just outside it,
     * so consecutive runs consume the same source lines while they are in cache (SPACE_TO_DEPTH) */
    if (w >= 3 && c->ss[w - 1] != 1 && c->ss[w - 1] != -1) {
        for (uint32_t i = 0; i + 2 < w; i++) {
            if ((c->ss[i] == 1 || c->ss[i] == -1) && c->sizes[i] <= 64) {
                uint64_t sz = c->sizes[i];
                int64_t s = c->ss[i], d = c->ds[i];
                for (uint32_t k = i; k + 2 < w; k++) {
                    c->sizes[k] = c->sizes[k + 1]; c->ss[k] = c->ss[k + 1]; c->ds[k] = c->ds[k + 1];
                }
                c->sizes[w - 2] = sz; c->ss[w - 2] = s; c->ds[w - 2] = d;
                break;
            }
        }
    }
    if (c->rank == 0) { /* one element */
        c->rank = 1;
        c->sizes[0] = 1; c->ss[0] = 0; c->ds[0] = 0;
    }
}

/* Work items [b, e) of a normalized copy: item = (outer index, chunk of the inner run). */
/* A 2-D block whose destination is contiguous: n positions of the inner axis (source stride ss)
 * times m (small) positions of the axis outside it (source stride sm, destination stride 1; the
 * inner axis's destination stride is m). Written in destination order, so each destination line
 * is written once (DEPTH_TO_SPACE: an interleave of B source rows). */
static void run_block(const dm_copy* c, const char* s, char* d, uint64_t n, int64_t ss, uint64_t m, int64_t sm) {
#define DM_BLOCK(T)                                                                  \
    do {                                                                             \
        const T* sp = (const T*)(const void*)s;                                      \
        T* dp = (T*)(void*)d;                                                        \
        if (m == 2) {                                                                \
            for (uint64_t k = 0; k < n; k++) {                                       \
                dp[2 * k] = sp[(int64_t)k * ss];                                     \
                dp[2 * k + 1] = sp[(int64_t)k * ss + sm];                            \
            }                                                                        \
        } else {                                                                     \
            for (uint64_t k = 0; k < n; k++)                                         \
                for (uint64_t j = 0; j < m; j++)                                     \
                    dp[k * m + j] = sp[(int64_t)k * ss + (int64_t)j * sm];           \
        }                                                                            \
    } while (0)
    switch (c->ssize) {
    case 1: DM_BLOCK(uint8_t); break;
    case 2: DM_BLOCK(uint16_t); break;
    case 4: DM_BLOCK(uint32_t); break;
    default: DM_BLOCK(uint64_t); break;
    }
#undef DM_BLOCK
}

static void run_items(const dm_copy* c, uint64_t chunks, uint64_t chunk, uint64_t b, uint64_t e) {
    const uint32_t r = c->rank;
    const int outer_axes = (int)r - 1 - c->block; /* axes walked by the odometer */
    const uint64_t n = c->sizes[r - 1];
    const int64_t ss = c->ss[r - 1], ds = c->ds[r - 1];
    const uint64_t bm = c->block ? c->sizes[r - 2] : 1;
    const int64_t bs = c->block ? c->ss[r - 2] : 0;
    const int64_t sb = (int64_t)c->ssize, db = (int64_t)c->dsize;
    uint64_t outer = b / chunks, ch = b % chunks;
    uint64_t idx[DM_MAX_AXES];
    int64_t so = 0, dof = 0;
    {
        uint64_t t = outer;
        for (int a = outer_axes - 1; a >= 0; a--) {
            idx[a] = t % c->sizes[a];
            t /= c->sizes[a];
            so += (int64_t)idx[a] * c->ss[a];
            dof += (int64_t)idx[a] * c->ds[a];
        }
    }
    for (uint64_t it = b; it < e; it++) {
        uint64_t k0 = ch * chunk, m = n - k0 < chunk ? n - k0 : chunk;
        const char* sp = c->src + (so + (int64_t)k0 * ss) * sb;
        char* dp = c->dst + (dof + (int64_t)k0 * ds) * db;
        if (c->block) run_block(c, sp, dp, m, ss, bm, bs);
        else run_inner(c, sp, dp, m, ss, ds);
        if (++ch == chunks) {
            ch = 0;
            for (int a = outer_axes - 1; a >= 0; a--) { /* odometer */
                so += c->ss[a];
                dof += c->ds[a];
                if (++idx[a] < c->sizes[a]) break;
                so -= (int64_t)idx[a] * c->ss[a];
                dof -= (int64_t)idx[a] * c->ds[a];
                idx[a] = 0;
            }
        }
    }
}

/* Normalizes a copy and cuts it into work items; 0 when it copies nothing. */
static int dm_prepare(dm_copy* c) {
    for (uint32_t i = 0; i < c->rank; i++)
        if (c->sizes[i] == 0) return 0;
    normalize(c);
    const uint32_t r = c->rank;
    uint64_t total = 1;
    for (uint32_t i = 0; i < r; i++) total *= c->sizes[i];
    const uint64_t n = c->sizes[r - 1];
    const uint32_t esz = c->dsize > c->ssize ? c->dsize : c->ssize;
    /* a block: the axis outside the innermost is short, contiguous in the destination, and the
     * innermost steps the destination by its size (plain copies only; the source side strided) */
    c->block = c->kind == DM_PLAIN && r >= 2 && c->ds[r - 2] == 1 && c->sizes[r - 2] <= 16 &&
               c->ds[r - 1] == (int64_t)c->sizes[r - 2] && c->ss[r - 1] != 0;
    const uint64_t per = c->block ? c->sizes[r - 2] : 1; /* elements per inner position */
    const uint64_t chunk = DM_CHUNK_BYTES / esz / per;
    c->chunks = n > chunk ? (n + chunk - 1) / chunk : 1;
    c->chunk = c->chunks > 1 ? chunk : n;
    c->items = total / (n * per) * c->chunks;
    c->bytes = total * c->dsize;
    c->stream = c->whole >= DM_STREAM_MIN && c->chunk * c->dsize >= DM_STREAM_RUN; /* whole >= bytes */
    return 1;
}

/* Runs prepared copies in one parallel region (no barrier between them): each thread takes its
 * share of the work items of every large copy; thread 0 runs the small ones. */
static void dm_run_batch(const dm_copy* list, uint32_t n) {
    uint64_t bytes = 0;
    for (uint32_t k = 0; k < n; k++) bytes += list[k].bytes;
#ifdef _OPENMP
    if (bytes >= DM_PARALLEL_MIN && omp_get_max_threads() > 1) {
#pragma omp parallel
        {
            const uint64_t nt = (uint64_t)omp_get_num_threads(), t = (uint64_t)omp_get_thread_num();
            for (uint32_t k = 0; k < n; k++) {
                const dm_copy* c = &list[k];
                if (c->bytes < DM_PARALLEL_MIN / 4 || c->items == 1) {
                    if (t == (uint64_t)k % nt) run_items(c, c->chunks, c->chunk, 0, c->items);
                    continue;
                }
                uint64_t b = c->items * t / nt, e = c->items * (t + 1) / nt;
                if (b < e) run_items(c, c->chunks, c->chunk, b, e);
            }
#ifdef DM_X86
            _mm_sfence(); /* order the streamed stores before the region ends */
#endif
        }
        return;
    }
#endif
    (void)bytes;
    for (uint32_t k = 0; k < n; k++) run_items(&list[k], list[k].chunks, list[k].chunk, 0, list[k].items);
#ifdef DM_X86
    _mm_sfence();
#endif
}

/* A batch of copies run together, flushed when full (bounded memory for many small boxes). */
#define DM_BATCH 64
typedef struct dm_batch {
    uint32_t n;
    dm_copy list[DM_BATCH];
} dm_batch;

static void dm_flush(dm_batch* b) {
    if (b->n) dm_run_batch(b->list, b->n);
    b->n = 0;
}

static void dm_add(dm_batch* b, const dm_copy* c) {
    b->list[b->n] = *c;
    if (!dm_prepare(&b->list[b->n])) return;
    if (++b->n == DM_BATCH) dm_flush(b);
}

static void dm_copy_run(dm_copy* c) {
    if (dm_prepare(c)) dm_run_batch(c, 1);
}

/* ---------------------------------------------------------------- plans ---- */

typedef struct dm_shape {
    uint32_t type, rank;
    uint32_t sizes[8];
} dm_shape;

typedef struct dm_plan {
    uint32_t type;
    uint32_t n_in, n_out;
    dm_shape* shapes;               /* n_in inputs then n_out outputs (absent optional: type 0) */
    uint32_t axis;                  /* JOIN / SPLIT */
    int64_t offsets[8], strides[8]; /* SLICE(1): copy start and signed step per axis */
    uint32_t start_pad[8];          /* PADDING(1) */
    uint32_t mode;                  /* PADDING mode */
    uint32_t block, order;          /* depth/space */
    _Alignas(8) unsigned char value[8]; /* fill / padding / diagonal value in the output type */
    cv_val seq_start, seq_delta;    /* FILL_VALUE_SEQUENCE (class of the output type) */
    int64_t diag_begin, diag_end;   /* DIAGONAL_MATRIX(1): fill x - y in [begin, end) */
    double scale;                   /* VALUE_SCALE_2D */
    double bias[3];
    uint32_t fd;                    /* FOLD / UNFOLD: spatial DimensionCount and window */
    uint32_t win[6], wstride[6], dil[6], pad[6], pend[6];
} dm_plan;


static int known_type(uint32_t t) {
    uint32_t b = pydml_data_type_bits(t);
    return t != 0 && t <= DML_TENSOR_DATA_TYPE_INT64 && (b == 8 || b == 16 || b == 32 || b == 64);
}

static void shape_of(dm_shape* s, const DML_BUFFER_TENSOR_DESC* t) {
    memset(s, 0, sizeof *s);
    if (t == NULL) return;
    s->type = t->DataType;
    s->rank = t->DimensionCount;
    for (uint32_t i = 0; i < s->rank && i < 8; i++) s->sizes[i] = t->Sizes[i];
}

/* A scalar union read as data type t, stored in the same type's bytes. */
static void union_bytes(unsigned char* out, const DML_SCALAR_UNION* u, uint32_t t) {
    memset(out, 0, 8);
    memcpy(out, u->Bytes, pydml_data_type_bits(t) / 8);
}

static cv_val union_val(const DML_SCALAR_UNION* u, uint32_t t) { return cv_load((const char*)u->Bytes, t); }

/* A FLOAT attribute converted to the output type by the CAST rules. */
static void float_bytes(unsigned char* out, float v, uint32_t t) {
    cv_val x;
    x.f = v;
    memset(out, 0, 8);
    cv_store((char*)out, t, CV_F, x);
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    dm_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->type = info->type;
    /* shapes of every bound tensor, in field order */
    uint32_t n_in = 0, n_out = 0;
    for (uint32_t f = 0; f < info->field_count; f++) {
        const pydml_field_info* fi = &info->fields[f];
        uint32_t n = fi->kind == PYDML_FIELD_TENSOR ? 1u
                     : fi->kind == PYDML_FIELD_TENSOR_ARRAY ? pydml_tensor_array_count(info, desc, fi->name) : 0u;
        if (fi->role == PYDML_ROLE_INPUT) n_in += n;
        else if (fi->role == PYDML_ROLE_OUTPUT) n_out += n;
    }
    p->n_in = n_in;
    p->n_out = n_out;
    p->shapes = calloc(n_in + n_out, sizeof *p->shapes);
    if (p->shapes == NULL) { free(p); return PYDML_STATUS_OUT_OF_MEMORY; }
    uint32_t at_in = 0, at_out = n_in;
    for (uint32_t f = 0; f < info->field_count; f++) {
        const pydml_field_info* fi = &info->fields[f];
        if (fi->role != PYDML_ROLE_INPUT && fi->role != PYDML_ROLE_OUTPUT) continue;
        uint32_t* at = fi->role == PYDML_ROLE_INPUT ? &at_in : &at_out;
        if (fi->kind == PYDML_FIELD_TENSOR) {
            shape_of(&p->shapes[(*at)++], pydml_tensor_field(info, desc, fi->name));
        } else if (fi->kind == PYDML_FIELD_TENSOR_ARRAY) {
            uint32_t n = pydml_tensor_array_count(info, desc, fi->name);
            for (uint32_t k = 0; k < n; k++) shape_of(&p->shapes[(*at)++], pydml_tensor_array_element(info, desc, fi->name, k));
        }
    }
    for (uint32_t i = 0; i < n_in + n_out; i++)
        if (p->shapes[i].type != 0 && (!known_type(p->shapes[i].type) || p->shapes[i].rank > 8)) goto unsupported;
    const dm_shape* y = &p->shapes[n_in]; /* first output */
    switch (info->type) {
    case DML_OPERATOR_SLICE: {
        const DML_SLICE_OPERATOR_DESC* d = desc;
        for (uint32_t i = 0; i < d->DimensionCount && i < 8; i++) {
            p->offsets[i] = d->Offsets[i];
            p->strides[i] = d->Strides[i];
        }
        break;
    }
    case DML_OPERATOR_SLICE1: {
        const DML_SLICE1_OPERATOR_DESC* d = desc;
        for (uint32_t i = 0; i < d->DimensionCount && i < 8; i++) {
            p->strides[i] = d->InputWindowStrides[i];
            p->offsets[i] = (int64_t)d->InputWindowOffsets[i] + (p->strides[i] < 0 ? (int64_t)d->InputWindowSizes[i] - 1 : 0);
        }
        break;
    }
    case DML_OPERATOR_SLICE_GRAD: {
        const DML_SLICE_GRAD_OPERATOR_DESC* d = desc;
        for (uint32_t i = 0; i < d->DimensionCount && i < 8; i++) {
            p->strides[i] = d->InputWindowStrides[i];
            p->offsets[i] = (int64_t)d->InputWindowOffsets[i] + (p->strides[i] < 0 ? (int64_t)d->InputWindowSizes[i] - 1 : 0);
        }
        break;
    }
    case DML_OPERATOR_JOIN: p->axis = ((const DML_JOIN_OPERATOR_DESC*)desc)->Axis; break;
    case DML_OPERATOR_SPLIT: p->axis = ((const DML_SPLIT_OPERATOR_DESC*)desc)->Axis; break;
    case DML_OPERATOR_DEPTH_TO_SPACE: p->block = ((const DML_DEPTH_TO_SPACE_OPERATOR_DESC*)desc)->BlockSize; break;
    case DML_OPERATOR_SPACE_TO_DEPTH: p->block = ((const DML_SPACE_TO_DEPTH_OPERATOR_DESC*)desc)->BlockSize; break;
    case DML_OPERATOR_DEPTH_TO_SPACE1: {
        const DML_DEPTH_TO_SPACE1_OPERATOR_DESC* d = desc;
        p->block = d->BlockSize; p->order = d->Order;
        break;
    }
    case DML_OPERATOR_SPACE_TO_DEPTH1: {
        const DML_SPACE_TO_DEPTH1_OPERATOR_DESC* d = desc;
        p->block = d->BlockSize; p->order = d->Order;
        break;
    }
    case DML_OPERATOR_PADDING: {
        const DML_PADDING_OPERATOR_DESC* d = desc;
        p->mode = d->PaddingMode;
        for (uint32_t i = 0; i < d->DimensionCount && i < 8; i++) p->start_pad[i] = d->StartPadding[i];
        float_bytes(p->value, d->PaddingValue, y->type);
        break;
    }
    case DML_OPERATOR_PADDING1: {
        const DML_PADDING1_OPERATOR_DESC* d = desc;
        p->mode = d->PaddingMode;
        for (uint32_t i = 0; i < d->DimensionCount && i < 8; i++) p->start_pad[i] = d->StartPadding[i];
        union_bytes(p->value, &d->PaddingValue, y->type);
        break;
    }
    case DML_OPERATOR_CAST: break;
    case DML_OPERATOR_TILE: break;
    case DML_OPERATOR_FILL_VALUE_CONSTANT: {
        const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC* d = desc;
        union_bytes(p->value, &d->Value, y->type);
        break;
    }
    case DML_OPERATOR_FILL_VALUE_SEQUENCE: {
        const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC* d = desc;
        p->seq_start = union_val(&d->ValueStart, y->type);
        p->seq_delta = union_val(&d->ValueDelta, y->type);
        break;
    }
    case DML_OPERATOR_DIAGONAL_MATRIX: {
        const DML_DIAGONAL_MATRIX_OPERATOR_DESC* d = desc;
        p->diag_begin = d->Offset;
        p->diag_end = (int64_t)d->Offset + 1;
        float_bytes(p->value, d->Value, y->type);
        break;
    }
    case DML_OPERATOR_DIAGONAL_MATRIX1: {
        const DML_DIAGONAL_MATRIX1_OPERATOR_DESC* d = desc;
        p->diag_begin = d->DiagonalFillBegin;
        p->diag_end = d->DiagonalFillEnd;
        union_bytes(p->value, &d->Value, y->type);
        break;
    }
    case DML_OPERATOR_VALUE_SCALE_2D: {
        const DML_VALUE_SCALE_2D_OPERATOR_DESC* d = desc;
        if (d->ChannelCount > 3) goto unsupported;
        p->scale = d->Scale;
        for (uint32_t i = 0; i < d->ChannelCount; i++) p->bias[i] = d->Bias[i];
        if (d->ChannelCount == 1) p->bias[1] = p->bias[2] = p->bias[0];
        break;
    }
    case DML_OPERATOR_FOLD: case DML_OPERATOR_UNFOLD: {
        const DML_UNFOLD_OPERATOR_DESC* d = desc; /* FOLD's desc has the same layout */
        if (d->DimensionCount == 0 || d->DimensionCount > 6 || p->shapes[0].type != y->type) goto unsupported;
        p->fd = d->DimensionCount;
        for (uint32_t i = 0; i < p->fd; i++) {
            p->win[i] = d->WindowSizes[i];
            p->wstride[i] = d->Strides[i];
            p->dil[i] = d->Dilations[i];
            p->pad[i] = d->StartPadding[i];
            p->pend[i] = d->EndPadding[i];
        }
        break;
    }
    default:
        goto unsupported;
    }
    *out = p;
    return PYDML_STATUS_SUCCESS;
unsupported:
    free(p->shapes);
    free(p);
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}

static void destroy(void* plan) {
    dm_plan* p = plan;
    if (p) free(p->shapes);
    free(p);
}

/* ---------------------------------------------------------------- operators ---- */

static void copy_init(dm_copy* c, const pydml_tensor* src, const pydml_tensor* dst) {
    memset(c, 0, sizeof *c);
    c->stype = src->data_type;
    c->dtype = dst->data_type;
    c->ssize = pydml_data_type_bits(src->data_type) / 8;
    c->dsize = pydml_data_type_bits(dst->data_type) / 8;
    c->src = src->data;
    c->dst = dst->data;
    c->kind = DM_PLAIN;
    const uint64_t sb = pydml_tensor_element_count(src) * c->ssize, db = pydml_tensor_element_count(dst) * c->dsize;
    c->whole = sb > db ? sb : db;
}

/* The copy of `sizes` elements: source at element offset src_at with src_strides, destination at
 * dst_at with dst_strides. */
static void copy_build(dm_copy* c, const pydml_tensor* src, const pydml_tensor* dst, int64_t src_at,
                       const int64_t* src_strides, int64_t dst_at, const int64_t* dst_strides, const uint32_t* sizes,
                       uint32_t rank) {
    copy_init(c, src, dst);
    c->rank = rank;
    for (uint32_t i = 0; i < rank; i++) {
        c->sizes[i] = sizes[i];
        c->ss[i] = src_strides[i];
        c->ds[i] = dst_strides[i];
    }
    c->src += src_at * (int64_t)c->ssize;
    c->dst += dst_at * (int64_t)c->dsize;
}

static void copy_same(const pydml_tensor* src, const pydml_tensor* dst, int64_t src_at, const int64_t* src_strides,
                      int64_t dst_at, const int64_t* dst_strides, const uint32_t* sizes, uint32_t rank) {
    dm_copy c;
    copy_build(&c, src, dst, src_at, src_strides, dst_at, dst_strides, sizes, rank);
    dm_copy_run(&c);
}

static void strides_of(const pydml_tensor* t, int64_t* s) {
    for (uint32_t i = 0; i < t->dim_count; i++) s[i] = (int64_t)t->strides[i];
}

static void op_slice(const dm_plan* p, const pydml_tensor* x, const pydml_tensor* y) {
    int64_t ss[8], ds[8], at = 0;
    for (uint32_t i = 0; i < x->dim_count; i++) {
        at += p->offsets[i] * (int64_t)x->strides[i];
        /* a unit output axis never steps: its (possibly huge) step must not be multiplied */
        ss[i] = y->sizes[i] == 1 ? 0 : p->strides[i] * (int64_t)x->strides[i];
    }
    strides_of(y, ds);
    copy_same(x, y, at, ss, 0, ds, y->sizes, y->dim_count);
}

/* SLICE_GRAD: zeros, then the gradient g into y's SLICE1 window (the header comment). */
static void op_slice_grad(const dm_plan* p, const pydml_tensor* g, const pydml_tensor* y) {
    static const uint64_t zero = 0;
    dm_copy c;
    copy_init(&c, y, y);
    c.src = (const char*)&zero;
    c.rank = y->dim_count;
    for (uint32_t i = 0; i < c.rank; i++) {
        c.sizes[i] = y->sizes[i];
        c.ss[i] = 0;
        c.ds[i] = (int64_t)y->strides[i];
    }
    dm_copy_run(&c);
    int64_t ss[8], ds[8], at = 0;
    for (uint32_t i = 0; i < y->dim_count; i++) {
        at += p->offsets[i] * (int64_t)y->strides[i];
        /* a unit gradient axis never steps: its (possibly huge) step must not be multiplied */
        ds[i] = g->sizes[i] == 1 ? 0 : p->strides[i] * (int64_t)y->strides[i];
    }
    strides_of(g, ss);
    copy_same(g, y, 0, ss, at, ds, g->sizes, g->dim_count);
}

static pydml_status op_join_split(const dm_plan* p, const pydml_tensor* const* parts, uint32_t n_parts,
                                  const pydml_tensor* whole, int join, dm_batch* b) {
    if (b == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    b->n = 0;
    int64_t ws[8], ps[8];
    strides_of(whole, ws);
    uint64_t at = 0;
    for (uint32_t k = 0; k < n_parts; k++) {
        const pydml_tensor* t = parts[k];
        dm_copy c;
        strides_of(t, ps);
        int64_t off = (int64_t)at * ws[p->axis];
        if (join) copy_build(&c, t, whole, 0, ps, off, ws, t->sizes, t->dim_count);
        else copy_build(&c, whole, t, off, ws, 0, ps, t->sizes, t->dim_count);
        dm_add(b, &c);
        at += t->sizes[p->axis];
    }
    dm_flush(b);
    return PYDML_STATUS_SUCCESS;
}

static void op_tile(const pydml_tensor* x, const pydml_tensor* y) {
    dm_copy c;
    copy_init(&c, x, y);
    c.rank = 2 * x->dim_count;
    for (uint32_t i = 0; i < x->dim_count; i++) {
        uint64_t n = x->sizes[i];
        c.sizes[2 * i] = y->sizes[i] / n; /* Repeats[i] (the rules check the product) */
        c.ss[2 * i] = 0;
        c.ds[2 * i] = (int64_t)(n * y->strides[i]);
        c.sizes[2 * i + 1] = n;
        c.ss[2 * i + 1] = (int64_t)x->strides[i];
        c.ds[2 * i + 1] = (int64_t)y->strides[i];
    }
    dm_copy_run(&c);
}

/* depth (N, C*B*B, H, W) <-> space (N, C, H*B, W*B) as a 6-D copy over (n, c, h, r, w, q). */
static void op_depth_space(const dm_plan* p, const pydml_tensor* x, const pydml_tensor* y, int to_space) {
    const pydml_tensor* depth = to_space ? x : y;
    const pydml_tensor* space = to_space ? y : x;
    const int64_t B = p->block, C = space->sizes[1];
    int64_t sp[6], dp[6];
    const uint64_t* s = space->strides;
    const uint64_t* d = depth->strides;
    /* space side: (n, c, h*B + r, w*B + q) */
    sp[0] = (int64_t)s[0]; sp[1] = (int64_t)s[1]; sp[2] = B * (int64_t)s[2]; sp[3] = (int64_t)s[2];
    sp[4] = B * (int64_t)s[3]; sp[5] = (int64_t)s[3];
    /* depth side: (n, channel(c, r, q), h, w) */
    dp[0] = (int64_t)d[0]; dp[2] = (int64_t)d[2]; dp[4] = (int64_t)d[3];
    if (p->order == DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW) {
        dp[1] = (int64_t)d[1]; dp[3] = B * C * (int64_t)d[1]; dp[5] = C * (int64_t)d[1];
    } else {
        dp[1] = B * B * (int64_t)d[1]; dp[3] = B * (int64_t)d[1]; dp[5] = (int64_t)d[1];
    }
    uint32_t sizes[6] = {space->sizes[0], space->sizes[1], depth->sizes[2], p->block, depth->sizes[3], p->block};
    if (to_space) copy_same(x, y, 0, dp, 0, sp, sizes, 6);
    else copy_same(x, y, 0, sp, 0, dp, sizes, 6);
}

static void op_cast(const pydml_tensor* x, const pydml_tensor* y) {
    dm_copy c;
    copy_init(&c, x, y);
    if (x->data_type == y->data_type) c.kind = DM_PLAIN;
    else if (x->data_type == DML_TENSOR_DATA_TYPE_FLOAT32 && y->data_type == DML_TENSOR_DATA_TYPE_FLOAT16) c.kind = DM_CAST_F32_F16;
    else if (x->data_type == DML_TENSOR_DATA_TYPE_FLOAT16 && y->data_type == DML_TENSOR_DATA_TYPE_FLOAT32) c.kind = DM_CAST_F16_F32;
    else c.kind = DM_CAST_ANY;
    c.rank = x->dim_count;
    for (uint32_t i = 0; i < c.rank; i++) {
        c.sizes[i] = x->sizes[i];
        c.ss[i] = (int64_t)x->strides[i];
        c.ds[i] = (int64_t)y->strides[i];
    }
    dm_copy_run(&c);
}

/* ---- PADDING: per-axis segments ---- */

typedef struct pad_seg {
    uint64_t out_at, len;
    int64_t src_at, step; /* input index of the first element and its step (-1, 0, +1) */
    int fill;             /* CONSTANT padding */
} pad_seg;

/* Input index of output position o along an axis of n elements with `start` padding. */
static int64_t pad_map(uint32_t mode, int64_t o, int64_t start, int64_t n) {
    int64_t q = o - start;
    if (q >= 0 && q < n) return q;
    switch (mode) {
    case DML_PADDING_MODE_EDGE: return q < 0 ? 0 : n - 1;
    case DML_PADDING_MODE_REFLECTION: {
        if (n == 1) return 0; /* see the top */
        int64_t period = 2 * (n - 1), m = ((q % period) + period) % period;
        return m < n ? m : period - m;
    }
    case DML_PADDING_MODE_SYMMETRIC: {
        int64_t period = 2 * n, m = ((q % period) + period) % period;
        return m < n ? m : period - 1 - m;
    }
    default: /* WRAP */
        return ((q % n) + n) % n;
    }
}

/* The segments of one axis; returns their count (at most out_size). */
static uint32_t pad_segments(uint32_t mode, uint64_t start, uint64_t n, uint64_t out, pad_seg* segs) {
    uint32_t k = 0;
    uint64_t o = 0;
    while (o < out) {
        pad_seg s;
        memset(&s, 0, sizeof s);
        s.out_at = o;
        const uint64_t limit = o < start ? start : out; /* a padding segment never enters the interior */
        if (o >= start && o < start + n) {
            s.src_at = (int64_t)(o - start);
            s.step = 1;
            s.len = start + n - o;
        } else if (mode == DML_PADDING_MODE_CONSTANT) {
            s.fill = 1;
            s.len = limit - o;
        } else {
            s.src_at = pad_map(mode, (int64_t)o, (int64_t)start, (int64_t)n);
            s.len = 1;
            if (o + 1 < limit) {
                int64_t step = pad_map(mode, (int64_t)o + 1, (int64_t)start, (int64_t)n) - s.src_at;
                if (step >= -1 && step <= 1) {
                    s.step = step;
                    s.len = 2;
                    while (o + s.len < limit &&
                           pad_map(mode, (int64_t)(o + s.len), (int64_t)start, (int64_t)n) == s.src_at + step * (int64_t)s.len)
                        s.len++;
                }
            }
        }
        segs[k++] = s;
        o += s.len;
    }
    return k;
}

typedef struct pad_job {
    const pydml_tensor *x, *y;
    const dm_plan* p;
    dm_batch* batch;
    pad_seg* segs[8];
    uint32_t nsegs[8];
} pad_job;

static void pad_boxes(const pad_job* j, uint32_t axis, dm_copy* c, int fill) {
    const pydml_tensor* y = j->y;
    if (axis == y->dim_count) {
        dm_copy box = *c;
        if (fill) { /* CONSTANT: source = the value, stride 0 everywhere */
            box.src = (const char*)j->p->value;
            for (uint32_t i = 0; i < box.rank; i++) box.ss[i] = 0;
        }
        dm_add(j->batch, &box);
        return;
    }
    const char* src0 = c->src;
    char* dst0 = c->dst;
    for (uint32_t k = 0; k < j->nsegs[axis]; k++) {
        const pad_seg* s = &j->segs[axis][k];
        c->sizes[axis] = s->len;
        c->ds[axis] = (int64_t)y->strides[axis];
        c->ss[axis] = s->step * (int64_t)j->x->strides[axis];
        c->dst = dst0 + (int64_t)s->out_at * (int64_t)y->strides[axis] * (int64_t)c->dsize;
        c->src = src0 + s->src_at * (int64_t)j->x->strides[axis] * (int64_t)c->ssize;
        pad_boxes(j, axis + 1, c, fill || s->fill);
    }
    c->src = src0;
    c->dst = dst0;
}

/* PADDING's scratch (one workspace part, dm_layout): the batch, then each axis's segments. */
static uint64_t pad_bytes(const dm_shape* y) {
    uint64_t b = pydml_workspace_round(sizeof(dm_batch));
    for (uint32_t a = 0; a < y->rank; a++) b += pydml_workspace_round(sizeof(pad_seg) * (y->sizes[a] + 1u));
    return b;
}

static pydml_status op_padding(const dm_plan* p, const pydml_tensor* x, const pydml_tensor* y, unsigned char* part) {
    if (part == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pad_job j;
    memset(&j, 0, sizeof j);
    j.x = x; j.y = y; j.p = p;
    j.batch = (dm_batch*)(void*)part;
    part += pydml_workspace_round(sizeof(dm_batch));
    for (uint32_t a = 0; a < y->dim_count; a++) {
        j.segs[a] = (pad_seg*)(void*)part;
        part += pydml_workspace_round(sizeof(pad_seg) * (y->sizes[a] + 1u));
        j.nsegs[a] = pad_segments(p->mode, p->start_pad[a], x->sizes[a], y->sizes[a], j.segs[a]);
    }
    j.batch->n = 0;
    dm_copy c;
    copy_init(&c, x, y);
    c.rank = y->dim_count;
    pad_boxes(&j, 0, &c, 0);
    dm_flush(j.batch);
    return PYDML_STATUS_SUCCESS;
}

/* ---- generators: rows of the output (all axes but the last) ---- */

static int cv_output_class(uint32_t t) { return cv_class(t); }

static void op_fill_constant(const dm_plan* p, const pydml_tensor* y) {
    dm_copy c;
    copy_init(&c, y, y);
    c.src = (const char*)p->value;
    c.rank = y->dim_count;
    for (uint32_t i = 0; i < c.rank; i++) {
        c.sizes[i] = y->sizes[i];
        c.ss[i] = 0;
        c.ds[i] = (int64_t)y->strides[i];
    }
    dm_copy_run(&c);
}

/* Element offsets of row `row` (row-major over all axes but the last) and its coordinates. */
static uint64_t row_offset(const pydml_tensor* t, uint64_t row, uint32_t* coord) {
    uint64_t off = 0;
    for (int a = (int)t->dim_count - 2; a >= 0; a--) {
        uint32_t v = (uint32_t)(row % t->sizes[a]);
        row /= t->sizes[a];
        if (coord) coord[a] = v;
        off += (uint64_t)v * t->strides[a];
    }
    return off;
}

static uint64_t row_count(const pydml_tensor* t) {
    uint64_t n = 1;
    for (uint32_t a = 0; a + 1 < t->dim_count; a++) n *= t->sizes[a];
    return n;
}

static void op_fill_sequence(const dm_plan* p, const pydml_tensor* y) {
    const uint64_t rows = row_count(y), w = y->sizes[y->dim_count - 1];
    const int64_t ws = (int64_t)y->strides[y->dim_count - 1];
    const uint32_t e = pydml_data_type_bits(y->data_type) / 8;
    const int cls = cv_output_class(y->data_type);
    char* base = y->data;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (rows * w >= 65536 && rows > 1)
#endif
    for (uint64_t r = 0; r < rows; r++) {
        char* row = base + row_offset(y, r, NULL) * e;
        for (uint64_t k = 0; k < w; k++) {
            uint64_t idx = r * w + k;
            cv_val v;
            if (cls == CV_F) v.f = p->seq_start.f + (double)idx * p->seq_delta.f;
            else v.u = p->seq_start.u + idx * p->seq_delta.u; /* modulo 2^64, then the low bits */
            cv_store(row + (int64_t)k * ws * (int64_t)e, y->data_type, cls == CV_F ? CV_F : CV_U, v);
        }
    }
}

static void op_diagonal(const dm_plan* p, const pydml_tensor* x, const pydml_tensor* y) {
    const uint32_t r = y->dim_count;
    const uint64_t rows = row_count(y), w = y->sizes[r - 1];
    const uint32_t e = pydml_data_type_bits(y->data_type) / 8;
    const int64_t begin = p->diag_begin, end = p->diag_end;
    const int inv = end >= begin;
    char* base = y->data;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (rows * w >= 65536 && rows > 1)
#endif
    for (uint64_t row = 0; row < rows; row++) {
        uint32_t coord[8];
        char* yr = base + row_offset(y, row, coord) * e;
        const char* xr = x ? (const char*)x->data + row_offset(x, row, NULL) * e : NULL;
        const int64_t yy = coord[r - 2];
        for (uint64_t k = 0; k < w; k++) {
            int64_t top = (int64_t)k - yy;
            int use = inv ^ (top >= begin) ^ (top < end);
            char* dst = yr + k * y->strides[r - 1] * e;
            if (use) memcpy(dst, p->value, e);
            else if (xr) memcpy(dst, xr + k * x->strides[r - 1] * e, e);
            else memset(dst, 0, e);
        }
    }
}

static void op_value_scale(const dm_plan* p, const pydml_tensor* x, const pydml_tensor* y) {
    const uint64_t rows = row_count(y), w = y->sizes[3];
    const uint32_t e = pydml_data_type_bits(y->data_type) / 8;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (rows * w >= 65536 && rows > 1)
#endif
    for (uint64_t row = 0; row < rows; row++) {
        uint32_t coord[8];
        char* yr = (char*)y->data + row_offset(y, row, coord) * e;
        const char* xr = (const char*)x->data + row_offset(x, row, NULL) * e;
        const double b = p->bias[coord[1] < 3 ? coord[1] : 0];
        for (uint64_t k = 0; k < w; k++) {
            cv_val v = cv_load(xr + k * x->strides[3] * e, x->data_type);
            v.f = p->scale * v.f + b;
            cv_store(yr + k * y->strides[3] * e, y->data_type, CV_F, v);
        }
    }
}

/* ---- UNFOLD / FOLD (see the top) ---- */

/* The window geometry of one operator: image spatial sizes S, blocks B, per axis. */
typedef struct fu_geom {
    uint32_t D;
    int64_t S[6], B[6], W[6], st[6], dil[6], pad[6];
    uint64_t K;     /* prod(W) */
    uint64_t rows;  /* prod(B_0..B_{D-2}): block rows per column row */
} fu_geom;

static void fu_geometry(const dm_plan* p, const pydml_tensor* image, fu_geom* g) {
    g->D = p->fd;
    g->K = 1;
    g->rows = 1;
    for (uint32_t d = 0; d < g->D; d++) {
        g->S[d] = image->sizes[2 + d];
        g->W[d] = p->win[d];
        g->st[d] = p->wstride[d];
        g->dil[d] = p->dil[d];
        g->pad[d] = p->pad[d];
        g->K *= p->win[d];
    }
}

/* Blocks b of an axis whose element at window offset `off` (= k * dil - pad) lies inside the
 * image: [lo, hi) within [0, B). */
static void fu_valid(int64_t off, int64_t s, int64_t S, int64_t B, int64_t* lo, int64_t* hi) {
    int64_t l = off >= 0 ? 0 : (-off + s - 1) / s;
    int64_t h = S - 1 - off < 0 ? 0 : (S - 1 - off) / s + 1;
    if (l > B) l = B;
    if (h > B) h = B;
    if (h < l) h = l;
    *lo = l;
    *hi = h;
}

static const uint64_t fu_zero = 0;

/* BlocksPerDimension (the pages' formula) from the image side's spatial sizes; the rules checked
 * the numerator is >= 0 and the product equals the columns' BlockCount. */
static void fu_blocks(const dm_plan* p, const pydml_tensor* image, int64_t* B) {
    for (uint32_t d = 0; d < p->fd; d++)
        B[d] = ((int64_t)image->sizes[2 + d] + p->pad[d] + p->pend[d] - (int64_t)p->dil[d] * (p->win[d] - 1) - 1) /
                   p->wstride[d] + 1;
}

static void op_unfold(const dm_plan* p, const pydml_tensor* x, const pydml_tensor* y, const int64_t* B) {
    fu_geom g;
    fu_geometry(p, x, &g);
    const uint32_t D = g.D;
    for (uint32_t d = 0; d < D; d++) g.B[d] = B[d];
    for (uint32_t d = 0; d + 1 < D; d++) g.rows *= (uint64_t)g.B[d];
    const uint64_t N = x->sizes[0], C = x->sizes[1], K = g.K;
    const uint64_t items = N * C * K;
    const int64_t Bl = g.B[D - 1];
    const uint32_t e = pydml_data_type_bits(x->data_type) / 8;
    dm_copy ctx;
    copy_init(&ctx, x, y);
    const uint64_t out_bytes = (uint64_t)y->sizes[0] * y->sizes[1] * y->sizes[2] * e;
    (void)out_bytes; /* the OpenMP threshold only */
    /* no streaming stores: block rows are short and share cache lines with the zero fills */
    ctx.stream = 0;
    const int64_t ys2 = (int64_t)y->strides[2];
    const int64_t xsl = (int64_t)x->strides[2 + D - 1];
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (out_bytes >= DM_PARALLEL_MIN && items > 1)
#endif
    for (uint64_t it = 0; it < items; it++) {
        const uint64_t k = it % K, nc = it / K, c = nc % C, n = nc / C;
        int64_t off[6], lo[6], hi[6];
        {
            uint64_t t = k;
            for (int d = (int)D - 1; d >= 0; d--) {
                int64_t kd = (int64_t)(t % (uint64_t)g.W[d]);
                t /= (uint64_t)g.W[d];
                off[d] = kd * g.dil[d] - g.pad[d];
                fu_valid(off[d], g.st[d], g.S[d], g.B[d], &lo[d], &hi[d]);
            }
        }
        char* yb = (char*)y->data + (int64_t)(n * y->strides[0] + (c * K + k) * y->strides[1]) * e;
        const char* xb = (const char*)x->data + (int64_t)(n * x->strides[0] + c * x->strides[1]) * e;
        int64_t b[6] = {0, 0, 0, 0, 0, 0};
        for (uint64_t r = 0; r < g.rows; r++) {
            char* yr = yb + (int64_t)r * Bl * ys2 * (int64_t)e;
            int inside = 1;
            int64_t xo = 0;
            for (uint32_t d = 0; d + 1 < D; d++) {
                inside = inside && b[d] >= lo[d] && b[d] < hi[d];
                xo += (b[d] * g.st[d] + off[d]) * (int64_t)x->strides[2 + d];
            }
            const int64_t l0 = inside ? lo[D - 1] : Bl, l1 = inside ? hi[D - 1] : Bl;
            if (l0 > 0) run_inner(&ctx, (const char*)&fu_zero, yr, (uint64_t)l0, 0, ys2);
            if (l1 > l0)
                run_inner(&ctx, xb + (xo + (l0 * g.st[D - 1] + off[D - 1]) * xsl) * (int64_t)e, yr + l0 * ys2 * (int64_t)e,
                          (uint64_t)(l1 - l0), g.st[D - 1] * xsl, ys2);
            if (Bl > l1) run_inner(&ctx, (const char*)&fu_zero, yr + l1 * ys2 * (int64_t)e, (uint64_t)(Bl - l1), 0, ys2);
            for (int d = (int)D - 2; d >= 0; d--) { /* odometer over the block rows */
                if (++b[d] < g.B[d]) break;
                b[d] = 0;
            }
        }
    }
}

/* FOLD row accumulation: acc[j * s] += src[j * ss] for j < n, by element type. */
static void fu_add(uint32_t t, void* accp, int64_t s, const char* src, int64_t ss, uint64_t n, float* tmp) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: {
        float* a = accp;
        const float* x = (const float*)(const void*)src;
        if (s == 1 && ss == 1) for (uint64_t j = 0; j < n; j++) a[j] += x[j];
        else for (uint64_t j = 0; j < n; j++) a[(int64_t)j * s] += x[(int64_t)j * ss];
        return;
    }
    case DML_TENSOR_DATA_TYPE_FLOAT16: {
        float* a = accp;
        const uint16_t* x = (const uint16_t*)(const void*)src;
        if (ss == 1) {
            pydml_f16_row_to_f32(x, tmp, n);
            if (s == 1) for (uint64_t j = 0; j < n; j++) a[j] += tmp[j];
            else for (uint64_t j = 0; j < n; j++) a[(int64_t)j * s] += tmp[j];
        } else {
            for (uint64_t j = 0; j < n; j++) a[(int64_t)j * s] += pydml_f16_to_f32(x[(int64_t)j * ss]);
        }
        return;
    }
    case DML_TENSOR_DATA_TYPE_FLOAT64: {
        double* a = accp;
        const double* x = (const double*)(const void*)src;
        for (uint64_t j = 0; j < n; j++) a[(int64_t)j * s] += x[(int64_t)j * ss];
        return;
    }
    default: { /* integers: two's-complement sums (wrap), low bits stored */
        uint64_t* a = accp;
        const uint32_t e = pydml_data_type_bits(t) / 8;
        for (uint64_t j = 0; j < n; j++) a[(int64_t)j * s] += (uint64_t)cv_load(src + (int64_t)j * ss * (int64_t)e, t).u;
        return;
    }
    }
}

static void fu_store(uint32_t t, const void* accp, char* dst, int64_t ds, uint64_t n, uint16_t* tmp16) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: {
        const float* a = accp;
        float* y = (float*)(void*)dst;
        if (ds == 1) memcpy(y, a, n * 4);
        else for (uint64_t j = 0; j < n; j++) y[(int64_t)j * ds] = a[j];
        return;
    }
    case DML_TENSOR_DATA_TYPE_FLOAT16: {
        uint16_t* y = (uint16_t*)(void*)dst;
        pydml_f32_row_to_f16((const float*)accp, ds == 1 ? y : tmp16, n);
        if (ds != 1) for (uint64_t j = 0; j < n; j++) y[(int64_t)j * ds] = tmp16[j];
        return;
    }
    case DML_TENSOR_DATA_TYPE_FLOAT64: {
        const double* a = accp;
        double* y = (double*)(void*)dst;
        for (uint64_t j = 0; j < n; j++) y[(int64_t)j * ds] = a[j];
        return;
    }
    default: {
        const uint64_t* a = accp;
        const uint32_t e = pydml_data_type_bits(t) / 8;
        for (uint64_t j = 0; j < n; j++) memcpy(dst + (int64_t)j * ds * (int64_t)e, &a[j], e); /* low bits (little endian) */
        return;
    }
    }
}

/* FOLD's scratch per thread: the accumulator row, a float row for FLOAT16 loads, a FLOAT16 row for
 * stores, of the image's (the output's) last spatial axis and its blocks. */
static uint64_t fold_thread_bytes(const dm_plan* p, const dm_shape* image) {
    const uint32_t D = p->fd, t = image->type;
    const uint64_t Sl = image->sizes[2 + D - 1];
    const uint64_t Bl = (uint64_t)(((int64_t)Sl + p->pad[D - 1] + p->pend[D - 1] -
                                    (int64_t)p->dil[D - 1] * (p->win[D - 1] - 1) - 1) / p->wstride[D - 1] + 1);
    const uint32_t acc_e = (t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16) ? 4u : 8u;
    return pydml_workspace_round(Sl * acc_e + Bl * 4 + Sl * 2 + 64);
}

static pydml_status op_fold(const dm_plan* p, const pydml_tensor* x, const pydml_tensor* y, const int64_t* B,
                            unsigned char* part, uint64_t part_bytes) {
    fu_geom g;
    fu_geometry(p, y, &g);
    const uint32_t D = g.D;
    for (uint32_t d = 0; d < D; d++) g.B[d] = B[d];
    const uint64_t N = y->sizes[0], C = y->sizes[1], K = g.K;
    const uint32_t t = y->data_type, e = pydml_data_type_bits(t) / 8;
    const uint64_t Sl = (uint64_t)g.S[D - 1];
    uint64_t rows_per_plane = 1;
    for (uint32_t d = 0; d + 1 < D; d++) rows_per_plane *= (uint64_t)g.S[d];
    const uint64_t items = N * C * rows_per_plane;
    const uint32_t acc_e = (t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16) ? 4u : 8u;
    const uint64_t work_bytes = (uint64_t)x->sizes[0] * x->sizes[1] * x->sizes[2] * e + items * Sl * e;
    (void)work_bytes; /* the OpenMP threshold only */
    /* per thread: the accumulator row, a float row for FLOAT16 loads, a FLOAT16 row for stores */
    const uint64_t Bl = (uint64_t)g.B[D - 1];
    const dm_shape* image = &p->shapes[p->n_in];   /* y's sizes (checked) */
    const uint64_t per = fold_thread_bytes(p, image);
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    /* the workspace holds a part per thread of the team (temporary_bytes) */
    if (part == NULL || per < Sl * acc_e + Bl * 4 + Sl * 2 + 64 || part_bytes < per * (uint64_t)threads)
        return PYDML_STATUS_INVALID_PARAMETER;
    char* scratch = (char*)part;
    const int64_t xs2 = (int64_t)x->strides[2];
    const int64_t ysl = (int64_t)y->strides[2 + D - 1];
#ifdef _OPENMP
#pragma omp parallel num_threads(threads) if (work_bytes >= DM_PARALLEL_MIN && items > 1)
#endif
    {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        char* mine = scratch + per * (uint64_t)tid;
        void* acc = mine;
        float* tmp = (float*)(void*)(mine + ((Sl * acc_e + 15) & ~(uint64_t)15));
        uint16_t* tmp16 = (uint16_t*)(void*)((char*)tmp + ((Bl * 4 + 15) & ~(uint64_t)15));
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
        for (uint64_t it = 0; it < items; it++) {
            const uint64_t nc = it / rows_per_plane, c = nc % C, n = nc / C;
            int64_t o[6];
            {
                uint64_t r = it % rows_per_plane;
                for (int d = (int)D - 2; d >= 0; d--) {
                    o[d] = (int64_t)(r % (uint64_t)g.S[d]);
                    r /= (uint64_t)g.S[d];
                }
            }
            memset(acc, 0, Sl * acc_e);
            for (uint64_t k = 0; k < K; k++) {
                int64_t kd[6];
                uint64_t tk = k;
                for (int d = (int)D - 1; d >= 0; d--) {
                    kd[d] = (int64_t)(tk % (uint64_t)g.W[d]);
                    tk /= (uint64_t)g.W[d];
                }
                /* the block row whose window offset k lands on this output row, if any */
                int64_t brow = 0;
                int hit = 1;
                for (uint32_t d = 0; d + 1 < D && hit; d++) {
                    const int64_t q = o[d] + g.pad[d] - kd[d] * g.dil[d];
                    if (q < 0 || q % g.st[d] != 0 || q / g.st[d] >= g.B[d]) hit = 0;
                    else brow = brow * g.B[d] + q / g.st[d];
                }
                if (!hit) continue;
                const int64_t off = kd[D - 1] * g.dil[D - 1] - g.pad[D - 1];
                int64_t lo, hi;
                fu_valid(off, g.st[D - 1], g.S[D - 1], g.B[D - 1], &lo, &hi);
                if (hi <= lo) continue;
                const char* src = (const char*)x->data +
                                  (int64_t)(n * x->strides[0] + (c * K + k) * x->strides[1]) * (int64_t)e +
                                  ((brow * (int64_t)Bl + lo) * xs2) * (int64_t)e;
                fu_add(t, (char*)acc + (lo * g.st[D - 1] + off) * (int64_t)acc_e, g.st[D - 1], src, xs2, (uint64_t)(hi - lo), tmp);
            }
            int64_t yo = (int64_t)(n * y->strides[0] + c * y->strides[1]);
            for (uint32_t d = 0; d + 1 < D; d++) yo += o[d] * (int64_t)y->strides[2 + d];
            fu_store(t, acc, (char*)y->data + yo * (int64_t)e, ysl, Sl, tmp16);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* ---------------------------------------------------------------- execute ---- */

static pydml_status check_view(const pydml_tensor* v, const dm_shape* s) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status st = pydml_tensor_check(v);
    if (st) return st;
    if (v->data_type != s->type || v->dim_count != s->rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < s->rank; d++)
        if (v->sizes[d] != s->sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* ---- the workspace (DirectML's temporary resource), from the plan: the working views and their
 * pointers, then the operator's part (JOIN / SPLIT's batch of copies, PADDING's batch and segments,
 * FOLD's rows per thread) ---- */
typedef struct dm_layout {
    uint64_t ptrs_at, part_at;
} dm_layout;

static void dm_layout_of(const dm_plan* p, dm_layout* z) {
    const uint64_t n_views = (uint64_t)p->n_in + p->n_out;
    z->ptrs_at = pydml_workspace_round(sizeof(pydml_tensor) * n_views);
    z->part_at = z->ptrs_at + pydml_workspace_round(sizeof(pydml_tensor*) * n_views);
}

static uint64_t op_bytes(const dm_plan* p, uint32_t threads) {
    switch (p->type) {
    case DML_OPERATOR_JOIN: case DML_OPERATOR_SPLIT: return sizeof(dm_batch);
    case DML_OPERATOR_PADDING: case DML_OPERATOR_PADDING1: return pad_bytes(&p->shapes[p->n_in]);
    case DML_OPERATOR_FOLD: return fold_thread_bytes(p, &p->shapes[p->n_in]) * threads;
    default: return 0;
    }
}

static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    const dm_plan* p = plan;
    dm_layout z;
    dm_layout_of(p, &z);
    return z.part_at + op_bytes(p, threads);
}

static pydml_status run_operator(const dm_plan* p, const pydml_tensor* const* inputs, const pydml_tensor* const* outputs,
                                 const pydml_workspace* ws, uint64_t part_at) {
    const uint64_t part_bytes = ws->bytes > part_at ? ws->bytes - part_at : 0;
    unsigned char* part = part_bytes ? ws->data + part_at : NULL;
    const pydml_tensor* x = p->n_in ? inputs[0] : NULL;
    const pydml_tensor* y = outputs[0];
    switch (p->type) {
    case DML_OPERATOR_SLICE: case DML_OPERATOR_SLICE1: op_slice(p, x, y); break;
    case DML_OPERATOR_SLICE_GRAD: op_slice_grad(p, x, y); break;
    case DML_OPERATOR_JOIN: case DML_OPERATOR_SPLIT: {
        dm_batch* b = part_bytes >= sizeof(dm_batch) ? (dm_batch*)(void*)part : NULL;
        if (p->type == DML_OPERATOR_JOIN) return op_join_split(p, inputs, p->n_in, y, 1, b);
        return op_join_split(p, outputs, p->n_out, x, 0, b);
    }
    case DML_OPERATOR_TILE: op_tile(x, y); break;
    case DML_OPERATOR_DEPTH_TO_SPACE: case DML_OPERATOR_DEPTH_TO_SPACE1: op_depth_space(p, x, y, 1); break;
    case DML_OPERATOR_SPACE_TO_DEPTH: case DML_OPERATOR_SPACE_TO_DEPTH1: op_depth_space(p, x, y, 0); break;
    case DML_OPERATOR_PADDING: case DML_OPERATOR_PADDING1:
        return op_padding(p, x, y, part_bytes >= pad_bytes(&p->shapes[p->n_in]) ? part : NULL);
    case DML_OPERATOR_CAST: op_cast(x, y); break;
    case DML_OPERATOR_FILL_VALUE_CONSTANT: op_fill_constant(p, y); break;
    case DML_OPERATOR_FILL_VALUE_SEQUENCE: op_fill_sequence(p, y); break;
    case DML_OPERATOR_DIAGONAL_MATRIX: case DML_OPERATOR_DIAGONAL_MATRIX1: op_diagonal(p, x, y); break;
    case DML_OPERATOR_VALUE_SCALE_2D: op_value_scale(p, x, y); break;
    case DML_OPERATOR_UNFOLD: {
        int64_t B[6];
        fu_blocks(p, x, B);
        op_unfold(p, x, y, B);
        break;
    }
    case DML_OPERATOR_FOLD: {
        int64_t B[6];
        fu_blocks(p, y, B);
        return op_fold(p, x, y, B, part, part_bytes);
    }
    default: return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const dm_plan* p = plan;
    if (p == NULL || input_count != p->n_in || output_count != p->n_out || (p->n_in && inputs == NULL) || outputs == NULL)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status st;
    for (uint32_t i = 0; i < p->n_in; i++) {
        if (p->shapes[i].type == 0) { /* absent optional input */
            if (inputs[i] != NULL) return PYDML_STATUS_INVALID_PARAMETER;
            continue;
        }
        if ((st = check_view(inputs[i], &p->shapes[i]))) return st;
    }
    for (uint32_t i = 0; i < p->n_out; i++)
        if ((st = check_view(outputs[i], &p->shapes[p->n_in + i]))) return st;
    /* Working copies of the views with the stride of every unit axis set to 0: a view may carry
     * any stride on an axis of size 1 (it is never applied), and index arithmetic must not
     * multiply it. Every other stride is bounded by the view's buffer (pydml_tensor_check). */
    const uint32_t n_views = p->n_in + p->n_out;
    dm_layout z;
    dm_layout_of(p, &z);
    pydml_tensor* views = pydml_workspace_part(ws, 0, sizeof(pydml_tensor) * n_views);
    const pydml_tensor** ptrs = pydml_workspace_part(ws, z.ptrs_at, sizeof(pydml_tensor*) * n_views);
    if (views == NULL || ptrs == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t i = 0; i < n_views; i++) {
        const pydml_tensor* v = i < p->n_in ? inputs[i] : outputs[i - p->n_in];
        if (v == NULL) {
            ptrs[i] = NULL;
            continue;
        }
        views[i] = *v;
        for (uint32_t d = 0; d < views[i].dim_count; d++)
            if (views[i].sizes[d] == 1) views[i].strides[d] = 0;
        ptrs[i] = &views[i];
    }
    return run_operator(p, ptrs, ptrs + p->n_in, ws, z.part_at);
}

/* Scratch comes from the caller's workspace: the plan is read-only while it executes, so executions
 * of one operator may run at the same time. */
const pydml_kernel_family pydml_family_data_movement = {"data_movement", create, destroy, execute, 0, temporary_bytes,
                                                        NULL, NULL};
