/* The element-wise engine: one strided N-d iteration shared by every ELEMENT_WISE_* and
 * ACTIVATION_* operator (native/engines/elementwise.c), and the table entry each operator adds.
 *
 * An operator is an ew_entry: which attribute fields it reads, how its compute domain is chosen,
 * and functions over contiguous runs of the domain type. The engine does everything else once:
 * coalescing dimensions, broadcasting by zero strides, loading and converting every data type
 * (FLOAT16 converts on load and store), ScaleBias, the FusedActivation, OpenMP threading and the
 * choice between the AVX-512, AVX2 and portable variants of the f32 functions.
 *
 * Domains: FLOAT32/FLOAT16 compute in float, FLOAT64 in double, the integer types up to INT64 in
 * int64_t (UINT32 and narrower fit), UINT64 in uint64_t. Results are converted to the output type
 * on store: from float, saturating with NaN -> 0; from the integer domains, wrapping (two's
 * complement), as DirectML's integer arithmetic does. */
#ifndef PYDML_NATIVE_ELEMENTWISE_H
#define PYDML_NATIVE_ELEMENTWISE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "schema.h"

enum { EW_F32 = 0, EW_F64 = 1, EW_I64 = 2, EW_U64 = 3 };
enum { EW_ISA_PORTABLE = 0, EW_ISA_AVX2 = 1, EW_ISA_AVX512 = 2 };

#define EW_MAX_INPUTS 8
#define EW_MAX_PARAMS 6

/* Everything a function may read besides its operands. Attributes are the entry's `params`
 * fields, in that order, each given as a real, a signed and an unsigned integer (scalar unions
 * keep INT64/UINT64 exact in i/u). */
typedef struct ew_params {
    double f[EW_MAX_PARAMS];
    int64_t i[EW_MAX_PARAMS];
    uint64_t u[EW_MAX_PARAMS];
    float f32[EW_MAX_PARAMS];           /* f rounded to float once, for the f32 functions */
    uint32_t input_types[EW_MAX_INPUTS];
    uint32_t output_type;
    uint32_t present;                   /* bit k: input k is bound (absent optional inputs read 0) */
    uint32_t uniform;                   /* bit k: input k is one value along the run of this call
                                         * (a zero stride; set per run by the engine, 0 elsewhere) */
    uint32_t ahead;                     /* bit k: input k is a row of the caller's memory, which the
                                         * function prefetches as it goes (EW_FOR); 0: staged or
                                         * already in cache; EW_AHEAD_OUT: the output row too */
    const void* user;                   /* a caller's row function (pydml_ew_op.row): its op.user */
} ew_params;

typedef void (*ew_f32_fn)(const ew_params* p, size_t n, float* out, const float* const* in);
typedef void (*ew_f64_fn)(const ew_params* p, size_t n, double* out, const double* const* in);
typedef void (*ew_i64_fn)(const ew_params* p, size_t n, int64_t* out, const int64_t* const* in);
typedef void (*ew_u64_fn)(const ew_params* p, size_t n, uint64_t* out, const uint64_t* const* in);

/* domain_from values besides an input index */
#define EW_DOMAIN_FROM_OUTPUT 0xff
#define EW_DOMAIN_FROM_FLOAT_INPUT 0xfe  /* the first float input's type, else input 0's */

/* ew_entry.flags */
#define EW_FLAG_FLOAT_INPUT_ONLY 1u  /* integer inputs are refused as unsupported (page: float only) */
#define EW_FLAG_WIDE_INT_F64 2u      /* a float domain computes in double when an operand is a 32- or
                                        64-bit integer (exact quantize/dequantize of INT32) */
#define EW_FLAG_RAW_BITS 4u          /* float tensors are their bits: FLOAT16/32/64 load and store as
                                        UINT16/32/64 (the bitwise pages' "native encoding"), so no
                                        conversion touches a NaN's payload or signalling state */
#define EW_FLAG_COMPUTE_BOUND 8u     /* a row costing more than the output's read for ownership saves:
                                        its FLOAT32 outputs are stored in place, never staged and
                                        streamed (elementwise.c run_span) */

typedef struct ew_entry {
    uint32_t type;                   /* DML_OPERATOR_TYPE */
    const char* params;              /* attribute fields read into ew_params, "Alpha,Beta"; NULL: none */
    uint8_t domain_from;             /* input index whose data type picks the domain, or EW_DOMAIN_FROM_OUTPUT */
    uint8_t flags;
    ew_f32_fn f32[3];                /* by EW_ISA_*; NULL: no float path */
    ew_f64_fn f64;
    ew_i64_fn i64;
    ew_u64_fn u64;
} ew_entry;

/* An f32 function that also stores: writes n 8-bit results (INT8 or UINT8, already within the
 * output type's range and not NaN, so the engine's saturating store would be the identity) as
 * bytes. The engine calls it instead of the entry's f32 function + store when the output is a
 * contiguous INT8/UINT8 run without a FusedActivation: one pass instead of two. */
typedef void (*ew_f32_u8_fn)(const ew_params* p, size_t n, uint8_t* out, const float* const* in);
typedef struct ew_narrow_entry {
    uint32_t type;                   /* DML_OPERATOR_TYPE */
    ew_f32_u8_fn fn[3];              /* by EW_ISA_* */
    uint32_t spans;                  /* bit EW_ISA_*: that fn takes a whole run of any length when every
                                        operand is read in place or is one value along it (P->uniform,
                                        also set for absent inputs: EW_CHUNK values, never offset) */
} ew_narrow_entry;
extern const ew_narrow_entry pydml_ew_narrow_entries[];
extern const uint32_t pydml_ew_narrow_entry_count;

#define EW_F32_U8(name, ...)                                                                       \
    static void name##_u8_c(const ew_params* restrict P, size_t n, uint8_t* out, const float* const* in) { \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }                                                                                              \
    EW_T256 static void name##_u8_avx2(const ew_params* restrict P, size_t n, uint8_t* out,                 \
                                       const float* const* in) {                                   \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }                                                                                              \
    EW_T512 static void name##_u8_avx512(const ew_params* restrict P, size_t n, uint8_t* out,               \
                                         const float* const* in) {                                 \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }
#define EW_F32_U8_SET(name) { name##_u8_c, name##_u8_avx2, name##_u8_avx512 }

/* Each family file defines its entries (native/ew_<family>.c). */
extern const ew_entry pydml_ew_math_entries[];
extern const uint32_t pydml_ew_math_entry_count;
extern const ew_entry pydml_ew_activation_entries[];
extern const uint32_t pydml_ew_activation_entry_count;
extern const ew_entry pydml_ew_logical_entries[];
extern const uint32_t pydml_ew_logical_entry_count;
extern const ew_entry pydml_ew_quantize_entries[];
extern const uint32_t pydml_ew_quantize_entry_count;
extern const ew_entry pydml_ew_gradient_entries[];
extern const uint32_t pydml_ew_gradient_entry_count;

/* The entry of an operator type, NULL when the engine does not run it. */
const ew_entry* pydml_ew_find(uint32_t type);

/* The active ISA for the f32 functions (from pydml_active_cpu_features). */
int pydml_ew_isa(void);

/* A compiled element-wise operator. */
typedef struct pydml_ew_plan pydml_ew_plan;

/* Builds the plan of a VALID desc (run pydml_validate_operator_ex first). UNSUPPORTED when the
 * engine has no path for these data types. */
pydml_status pydml_ew_plan_create(const pydml_operator_info* info, const void* desc, pydml_ew_plan** plan);
void pydml_ew_plan_destroy(pydml_ew_plan* plan);
uint32_t pydml_ew_plan_input_count(const pydml_ew_plan* plan);
/* Runs on views: inputs[k] NULL for an absent optional input. Every view is checked against its
 * memory and against the desc's sizes (a plan of pydml_ew_plan_create_op: the output view's) and
 * data types first. */
pydml_status pydml_ew_execute(const pydml_ew_plan* plan, const pydml_tensor* const* inputs,
                              const pydml_tensor* output);

/* ---- C entry points on raw views (no desc): for fusion, gates and kernels' own loops ----
 *
 * The same plan, loop, threading, blocking and per-type loads/stores as the desc path (which is a
 * caller of these): an operator type with its attribute values, or a float row function, over
 * pydml_tensor views. The output view gives the shape; each input has that many dimensions or
 * fewer (right-aligned), each of the output's size or 1, and broadcasts along a size-1 dimension
 * or a stride-0 one. Strides are in elements; the output may be one of the inputs (in place).
 * Every view is checked against its memory (pydml_tensor_check) before any is touched. Results
 * never depend on the thread count: every element is computed alone. */
typedef struct pydml_ew_op {
    uint32_t type;                   /* a DML_OPERATOR_TYPE this engine runs (pydml_ew_find), or
                                        DML_OPERATOR_INVALID for `row` */
    const double* attrs;             /* the entry's attribute fields in its `params` order
                                        (e.g. ACTIVATION_ELU: Alpha), as reals */
    uint32_t attr_count;
    ew_f32_fn row;                   /* type INVALID: out[k] from element k of the inputs, in float
                                        (FLOAT32 / FLOAT16 tensors; it sees P->user) */
    const void* user;
    uint32_t input_count;            /* operands, in the desc's input-tensor order; a NULL view
                                        (plan: input type UNKNOWN) is an absent optional input */
    int has_scale_bias;              /* the desc's ScaleBias, applied to input 0 */
    float scale, bias;
    uint32_t fused_type;             /* FusedActivation (DML_OPERATOR_INVALID: none) */
    const double* fused_attrs;
    uint32_t fused_attr_count;
} pydml_ew_op;

/* A plan of op for these data types (input_types[k] DML_TENSOR_DATA_TYPE_UNKNOWN: input k absent),
 * run by pydml_ew_execute on views of any shape. UNSUPPORTED when the engine has no path for the
 * types, INVALID_PARAMETER for a malformed op. */
pydml_status pydml_ew_plan_create_op(const pydml_ew_op* op, const uint32_t* input_types, uint32_t output_type,
                                     pydml_ew_plan** plan);
/* One call: plans op for the views' data types on the stack (no allocation) and runs it. */
pydml_status pydml_ew_apply(const pydml_ew_op* op, const pydml_tensor* const* inputs, const pydml_tensor* output);

/* The FusedActivation / standalone activation functions applied in place to float values; one
 * definition serves ACTIVATION_* operators, ADD1's FusedActivation and CONVOLUTION's. The
 * pydml_activation parameters are in include/pydml.h's order. */
void pydml_activation_apply(const pydml_activation* act, float* values, size_t n);

/* ---- helpers for the family files ---- */

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define EW_T256 __attribute__((target("avx2,fma,f16c")))
#define EW_T512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,fma,f16c")))
#else
#define EW_T256
#define EW_T512
#endif

/* Defines name_f32_{c,avx2,avx512} from one body. The body sees P (const ew_params*), n, out and
 * in (const float* const*), and must write out[k] from element k of the inputs only (out may be
 * one of the inputs: in-place execution). */
#define EW_F32(name, ...)                                                                          \
    EW_F32_PORTABLE(name, __VA_ARGS__)                                                             \
    EW_T512 static void name##_f32_avx512(const ew_params* restrict P, size_t n, float* out,                \
                                          const float* const* in) {                                \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }
#define EW_F32_SET(name) { name##_f32_c, name##_f32_avx2, name##_f32_avx512 }

/* EW_F32 without the AVX-512 variant, for operators whose AVX-512 row is written out by hand
 * (giving the same bits, EW_X86 only): EW_F32_SET_ROW(name, that row). EW_F32_C defines the
 * portable variant alone, for operators whose AVX2 row is written out too: EW_F32_SET_ROWS. */
#define EW_F32_PORTABLE(name, ...)                                                                 \
    EW_F32_C(name, __VA_ARGS__)                                                                    \
    EW_T256 static void name##_f32_avx2(const ew_params* restrict P, size_t n, float* out,                  \
                                        const float* const* in) {                                  \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }
#define EW_F32_C(name, ...)                                                                        \
    static void name##_f32_c(const ew_params* restrict P, size_t n, float* out, const float* const* in) {  \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define EW_X86 1
#define EW_F32_SET_ROW(name, avx512_row) { name##_f32_c, name##_f32_avx2, avx512_row }
#define EW_F32_SET_ROWS(name, avx2_row, avx512_row) { name##_f32_c, avx2_row, avx512_row }
#else
#define EW_F32_SET_ROW(name, avx512_row) { name##_f32_c, name##_f32_avx2, name##_f32_c }
#define EW_F32_SET_ROWS(name, avx2_row, avx512_row) { name##_f32_c, name##_f32_c, name##_f32_c }
#endif

#define EW_F64(name, ...)                                                                          \
    static void name##_f64(const ew_params* restrict P, size_t n, double* out, const double* const* in) {  \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }
/* The integer domains' functions, compiled for each path (portable, AVX2, AVX-512) like the f32
 * ones and picked per call by pydml_ew_isa() (the engine's own choice): integer results are exact,
 * so every path gives the same. Compiled for the baseline only, LOGICAL_NOT on 8M UINT8 took
 * 2.3 ms (torch 0.16): SSE2 has no 64-bit compare. */
#define EW_INT_DOMAIN_FN(name, SUF, T, ...)                                                        \
    static void name##_##SUF##_c(const ew_params* restrict P, size_t n, T* out, const T* const* in) { \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }                                                                                              \
    EW_T256 static void name##_##SUF##_avx2(const ew_params* restrict P, size_t n, T* out,        \
                                            const T* const* in) {                                  \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }                                                                                              \
    EW_T512 static void name##_##SUF##_avx512(const ew_params* restrict P, size_t n, T* out,      \
                                              const T* const* in) {                                \
        (void)P; (void)in; __VA_ARGS__                                                             \
    }                                                                                              \
    static void name##_##SUF(const ew_params* restrict P, size_t n, T* out, const T* const* in) {  \
        switch (pydml_ew_isa()) {                                                                  \
        case EW_ISA_AVX512: name##_##SUF##_avx512(P, n, out, in); break;                           \
        case EW_ISA_AVX2: name##_##SUF##_avx2(P, n, out, in); break;                               \
        default: name##_##SUF##_c(P, n, out, in); break;                                           \
        }                                                                                          \
    }
#define EW_I64(name, ...) EW_INT_DOMAIN_FN(name, i64, int64_t, __VA_ARGS__)
#define EW_U64(name, ...) EW_INT_DOMAIN_FN(name, u64, uint64_t, __VA_ARGS__)

/* Software prefetch, interleaved with the arithmetic: a row loop runs in stretches of EW_STRETCH
 * elements, each preceded by a prefetch of the stretch EW_AHEAD elements further along each
 * operand that is bound and not one value along the run (for the second half of a chunk, the
 * next chunk's part: the engine's operands are contiguous rows here). The engine once prefetched
 * a whole chunk in one burst before each call; the burst filled the core's line-fill buffers,
 * and an output written for the first time (its lines read for ownership) waited behind it:
 * interleaved, EXP, SIGMOID, TANH and GELU on 8M floats ran 7-18 % faster back to back and
 * 10-20 % faster after another operator's call (measured A/B, randomized order, 2 threads). The
 * stretches exist because a prefetch inside a loop stops GCC vectorizing it. Addresses are formed
 * as integers: the stretch ahead may lie past the end of a row, which a prefetch may touch but
 * pointer arithmetic may not. */
#define EW_STRETCH 64
#define EW_AHEAD 512
static inline void ew_prefetch_at(const void* base, size_t offset, size_t bytes) {
    const uintptr_t p = (uintptr_t)base + offset;
    for (size_t b = 0; b < bytes; b += 64) __builtin_prefetch((const void*)(p + b));
}
static inline void ew_prefetch_operands(uint32_t mask, const void* const* in, size_t offset, size_t bytes) {
    for (; mask; mask &= mask - 1u) ew_prefetch_at(in[__builtin_ctz(mask)], offset, bytes);
}
/* the operands a row loop prefetches */
#define EW_PREFETCH_MASK(P) ((P)->ahead & ((1u << EW_MAX_INPUTS) - 1u))
/* ew_params.ahead: the output row is the caller's memory too, prefetched ahead of the stores (an
 * output line read early is owned by the time it is written: EXP on 8M floats, 2 threads, 9 %
 * faster back to back and 20 % after another operator's call) */
#define EW_AHEAD_OUT (1u << 31)
#define EW_PREFETCH_OUT(P) (((P)->ahead & EW_AHEAD_OUT) != 0)

/* The prefetches of one step of a hand-written float row (unary: input x, output out) at element
 * k: `bytes` of each row EW_AHEAD elements ahead, where the engine says the row is in place. */
static inline void ew_prefetch_step(const ew_params* P, const float* x, const float* out, size_t k, size_t bytes) {
    if (EW_PREFETCH_MASK(P) & 1u) ew_prefetch_at(x, (k + EW_AHEAD) * sizeof(float), bytes);
    if (EW_PREFETCH_OUT(P)) ew_prefetch_at(out, (k + EW_AHEAD) * sizeof(float), bytes);
}

/* for (k < n) BODY, in prefetching stretches (input elements of type T; out's own type) */
#define EW_FOR(T, BODY)                                                                            \
    {                                                                                              \
        const uint32_t pf_ = EW_PREFETCH_MASK(P);                                                  \
        const int pfo_ = EW_PREFETCH_OUT(P);                                                       \
        for (size_t k0_ = 0; k0_ < n; k0_ += EW_STRETCH) {                                         \
            const size_t k1_ = n - k0_ < EW_STRETCH ? n : k0_ + EW_STRETCH;                        \
            ew_prefetch_operands(pf_, (const void* const*)in, (k0_ + EW_AHEAD) * sizeof(T),        \
                                 EW_STRETCH * sizeof(T));                                          \
            if (pfo_) ew_prefetch_at(out, (k0_ + EW_AHEAD) * sizeof(*out), EW_STRETCH * sizeof(*out)); \
            for (size_t k = k0_; k < k1_; k++) BODY                                                \
        }                                                                                          \
    }

/* for (k < n) out[k] = EXPR with a, b, c the first three operands' element k */
#define EW_MAP(T, EXPR)                                                                            \
    const T* a = in[0]; const T* b = in[1]; const T* c = in[2];                                    \
    (void)a; (void)b; (void)c;                                                                     \
    EW_FOR(T, { out[k] = (EXPR); })

#endif /* PYDML_NATIVE_ELEMENTWISE_H */
