/* The element-wise engine (see elementwise.h): plans from descs, the strided iteration, loads and
 * stores for every data type, threading and ISA choice. Operators live in native/ew_<family>.c. */
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define EW_X86 1
#endif

#include "elementwise.h"
#include "activation.h"
#include "convert.h"
#include "stream_store.h"

#define AT(desc, f, type) ((const type*)((const char*)(desc) + (f)->offset))

/* Elements per staged chunk: the operands of one function call (8 inputs + output of 8-byte
 * values = 72 KiB of stack, within L2). */
#define EW_CHUNK 1024
/* Elements below which a run stays on one thread (thread start-up costs more). */
#define EW_PARALLEL_MIN 65536
/* Elements per work item: from EW_BLOCK_MIN up to EW_BLOCK_MAX while every thread still gets 8
 * items (work_block). Items of 64K elements instead of 16K made 8M-element EXP, TANH, SIGMOID,
 * GELU, RELU and QUANTIZE_LINEAR 3-9 % faster on 2 threads (fewer item set-ups, stage fills and
 * longer streams; 128K and 256K measured the same as 64K); 8 items per thread keep the late-waking
 * worker's share small. */
#define EW_BLOCK_MIN 16384
#define EW_BLOCK_MAX 65536

static uint64_t work_block(uint64_t total) {
    uint64_t threads = 1;
#ifdef _OPENMP
    threads = (uint64_t)omp_get_max_threads();
#endif
    uint64_t block = EW_BLOCK_MIN;
    while (block < EW_BLOCK_MAX && 2 * block * 8 * threads <= total) block *= 2;
    return block;
}

/* The entries indexed by operator type, built once when the library loads: fused activations look
 * their entry up at every call (pydml_activation_apply, once per tile of a convolution or GEMM), so
 * the lookup is one load instead of a search over the five families' tables. Every
 * DML_OPERATOR_TYPE (6_4: at most DML_OPERATOR_UNFOLD = 177) fits. */
#define EW_TYPE_SLOTS 256u
_Static_assert(DML_OPERATOR_UNFOLD < EW_TYPE_SLOTS, "every DML_OPERATOR_TYPE indexes g_entry_of_type");
static const ew_entry* g_entry_of_type[EW_TYPE_SLOTS];

__attribute__((constructor)) static void index_entries(void) {
    static const struct { const ew_entry* entries; const uint32_t* count; } families[] = {
        {pydml_ew_math_entries, &pydml_ew_math_entry_count},
        {pydml_ew_activation_entries, &pydml_ew_activation_entry_count},
        {pydml_ew_logical_entries, &pydml_ew_logical_entry_count},
        {pydml_ew_quantize_entries, &pydml_ew_quantize_entry_count},
        {pydml_ew_gradient_entries, &pydml_ew_gradient_entry_count},
    };
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (uint32_t i = 0; i < *families[f].count; i++) {
            uint32_t type = families[f].entries[i].type;
            /* the first family's entry wins, as the search in this order did */
            if (type < EW_TYPE_SLOTS && g_entry_of_type[type] == NULL) g_entry_of_type[type] = &families[f].entries[i];
        }
}

const ew_entry* pydml_ew_find(uint32_t type) {
    return type < EW_TYPE_SLOTS ? g_entry_of_type[type] : NULL;
}

int pydml_ew_isa(void) {
    uint32_t cpu = pydml_active_cpu_features();
    if (cpu & PYDML_CPU_AVX512) return EW_ISA_AVX512;
    if ((cpu & PYDML_CPU_AVX2_FMA) && (cpu & PYDML_CPU_F16C)) return EW_ISA_AVX2;
    return EW_ISA_PORTABLE;
}

static int domain_of_type(uint32_t t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: case DML_TENSOR_DATA_TYPE_FLOAT16: return EW_F32;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return EW_F64;
    case DML_TENSOR_DATA_TYPE_UINT64: return EW_U64;
    case DML_TENSOR_DATA_TYPE_INT8: case DML_TENSOR_DATA_TYPE_INT16: case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_INT64: case DML_TENSOR_DATA_TYPE_UINT8: case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_UINT32:
        return EW_I64;
    default: return -1; /* UNKNOWN, the packed 4-bit types */
    }
}

static size_t element_bytes(uint32_t t) { return pydml_data_type_bits(t) / 8u; }

/* The type a tensor of type t loads and stores as under the plan's entry (EW_FLAG_RAW_BITS). */
static uint32_t storage_type(const ew_entry* e, uint32_t t) {
    if (!(e->flags & EW_FLAG_RAW_BITS)) return t;
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return DML_TENSOR_DATA_TYPE_UINT16;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return DML_TENSOR_DATA_TYPE_UINT32;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return DML_TENSOR_DATA_TYPE_UINT64;
    default: return t;
    }
}

/* Bits of an integer data type, 0 for the others. */
static uint32_t bits_of_int(uint32_t t) {
    return domain_of_type(t) == EW_I64 || domain_of_type(t) == EW_U64 ? pydml_data_type_bits(t) : 0;
}

/* The storage type a domain computes in, for zero-copy runs. */
static uint32_t native_type(int domain) {
    switch (domain) {
    case EW_F32: return DML_TENSOR_DATA_TYPE_FLOAT32;
    case EW_F64: return DML_TENSOR_DATA_TYPE_FLOAT64;
    case EW_I64: return DML_TENSOR_DATA_TYPE_INT64;
    default: return DML_TENSOR_DATA_TYPE_UINT64;
    }
}

/* ---- loads: n elements of type t at src (stride in elements, 0 broadcasts) into the domain ---- */

#define EW_LOAD_LOOP(ST, DT, CONV)                                                                 \
    do {                                                                                           \
        const ST* s_ = (const ST*)src;                                                             \
        DT* d_ = (DT*)dst;                                                                         \
        if (stride == 1) { for (size_t k = 0; k < n; k++) d_[k] = (DT)CONV(s_[k]); }               \
        else if (stride == 0) { DT v_ = (DT)CONV(s_[0]); for (size_t k = 0; k < n; k++) d_[k] = v_; } \
        else { for (size_t k = 0; k < n; k++) d_[k] = (DT)CONV(s_[(size_t)k * stride]); }         \
    } while (0)
#define EW_ID(x) (x)

#ifdef EW_X86
/* Contiguous 8-, 16- and 32-bit integer rows into float: vpmovsx/zx then vcvtdq2ps, the conversion
 * C's (float)v makes (exact up to 16 bits; INT32 rounds in the current mode, as cvtsi2ss does). The
 * tails go through the same casts. */
#define EW_INT_TAIL(T) for (; k < n; k++) d[k] = (float)((const T*)src)[k]
EW_T256 static void int_to_f32_avx2(uint32_t t, const void* src, float* d, size_t n) {
    size_t k = 0;
    const char* b = src;
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8:
        for (; k + 8 <= n; k += 8)
            _mm256_storeu_ps(d + k, _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i*)(b + k)))));
        EW_INT_TAIL(int8_t); break;
    case DML_TENSOR_DATA_TYPE_UINT8:
        for (; k + 8 <= n; k += 8)
            _mm256_storeu_ps(d + k, _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(b + k)))));
        EW_INT_TAIL(uint8_t); break;
    case DML_TENSOR_DATA_TYPE_INT16:
        for (; k + 8 <= n; k += 8)
            _mm256_storeu_ps(d + k, _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i*)(b + 2 * k)))));
        EW_INT_TAIL(int16_t); break;
    case DML_TENSOR_DATA_TYPE_UINT16:
        for (; k + 8 <= n; k += 8)
            _mm256_storeu_ps(d + k, _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i*)(b + 2 * k)))));
        EW_INT_TAIL(uint16_t); break;
    default: /* INT32 */
        for (; k + 8 <= n; k += 8)
            _mm256_storeu_ps(d + k, _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i*)(b + 4 * k))));
        EW_INT_TAIL(int32_t); break;
    }
}
EW_T512 static void int_to_f32_avx512(uint32_t t, const void* src, float* d, size_t n) {
    size_t k = 0;
    const char* b = src;
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8:
        for (; k + 16 <= n; k += 16)
            _mm512_storeu_ps(d + k, _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i*)(b + k)))));
        EW_INT_TAIL(int8_t); break;
    case DML_TENSOR_DATA_TYPE_UINT8:
        for (; k + 16 <= n; k += 16)
            _mm512_storeu_ps(d + k, _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(b + k)))));
        EW_INT_TAIL(uint8_t); break;
    case DML_TENSOR_DATA_TYPE_INT16:
        for (; k + 16 <= n; k += 16)
            _mm512_storeu_ps(d + k, _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i*)(b + 2 * k)))));
        EW_INT_TAIL(int16_t); break;
    case DML_TENSOR_DATA_TYPE_UINT16:
        for (; k + 16 <= n; k += 16)
            _mm512_storeu_ps(d + k, _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(b + 2 * k)))));
        EW_INT_TAIL(uint16_t); break;
    default: /* INT32 */
        for (; k + 16 <= n; k += 16)
            _mm512_storeu_ps(d + k, _mm512_cvtepi32_ps(_mm512_loadu_si512((const void*)(b + 4 * k))));
        EW_INT_TAIL(int32_t); break;
    }
}
#undef EW_INT_TAIL
#endif

/* The integer types the vector rows above convert (and the stores below write) in the f32 domain. */
static int small_int(uint32_t t) {
    return t == DML_TENSOR_DATA_TYPE_INT8 || t == DML_TENSOR_DATA_TYPE_UINT8 || t == DML_TENSOR_DATA_TYPE_INT16 ||
           t == DML_TENSOR_DATA_TYPE_UINT16 || t == DML_TENSOR_DATA_TYPE_INT32;
}

static inline int64_t ew_float_to_i64(double v) {
    return v != v ? 0 : v < -9223372036854775808.0 ? INT64_MIN : v >= 9223372036854775808.0 ? INT64_MAX : (int64_t)v;
}
static inline uint64_t ew_float_to_u64(double v) {
    return v != v || v <= 0.0 ? 0 : v >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)v;
}

#ifdef EW_X86
/* Contiguous integer rows into the integer domains (EW_I64, EW_U64) and back on the vector paths:
 * load's and store's own typed loops (the same casts: sign or zero extension in, the low bits
 * out), compiled for AVX2 and AVX-512 so that the compiler vectorizes them; the portable build's
 * SSE2 loops, the 64-bit narrowing above all, had LOGICAL_NOT on 8M UINT8 at 2.3 ms (torch 0.16) and
 * ADD on INT32 at 0.47x torch (8M elements, 2 threads, Zen 5). */
#define EW_INT_TYPES(LOOP, DT, CONV)                                                               \
    switch (t) {                                                                                   \
    case DML_TENSOR_DATA_TYPE_INT8: LOOP(int8_t, DT, CONV); break;                                 \
    case DML_TENSOR_DATA_TYPE_INT16: LOOP(int16_t, DT, CONV); break;                               \
    case DML_TENSOR_DATA_TYPE_INT32: LOOP(int32_t, DT, CONV); break;                               \
    case DML_TENSOR_DATA_TYPE_INT64: LOOP(int64_t, DT, CONV); break;                               \
    case DML_TENSOR_DATA_TYPE_UINT8: LOOP(uint8_t, DT, CONV); break;                               \
    case DML_TENSOR_DATA_TYPE_UINT16: LOOP(uint16_t, DT, CONV); break;                             \
    case DML_TENSOR_DATA_TYPE_UINT32: LOOP(uint32_t, DT, CONV); break;                             \
    default: LOOP(uint64_t, DT, CONV); break;                                                      \
    }
static inline __attribute__((always_inline)) void int_load_body(int domain, uint32_t t, const void* src, size_t n,
                                                                void* dst) {
    const uint64_t stride = 1;
    if (domain == EW_I64) { EW_INT_TYPES(EW_LOAD_LOOP, int64_t, EW_ID) }
    else { EW_INT_TYPES(EW_LOAD_LOOP, uint64_t, EW_ID) }
}
EW_T256 static void int_load_avx2(int domain, uint32_t t, const void* src, size_t n, void* dst) {
    int_load_body(domain, t, src, n, dst);
}
EW_T512 static void int_load_avx512(int domain, uint32_t t, const void* src, size_t n, void* dst) {
    int_load_body(domain, t, src, n, dst);
}
#endif

static void load(int domain, int isa, uint32_t t, const void* src, uint64_t stride, size_t n, void* dst) {
    (void)isa;
#ifdef EW_X86
    if ((domain == EW_I64 || domain == EW_U64) && stride == 1 && isa != EW_ISA_PORTABLE && !pydml_type_is_float(t)) {
        if (isa == EW_ISA_AVX512) int_load_avx512(domain, t, src, n, dst);
        else int_load_avx2(domain, t, src, n, dst);
        return;
    }
    if (domain == EW_F32 && stride == 1 && isa != EW_ISA_PORTABLE && small_int(t)) {
        if (isa == EW_ISA_AVX512) int_to_f32_avx512(t, src, dst, n);
        else int_to_f32_avx2(t, src, dst, n);
        return;
    }
#endif
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16 && domain == EW_F32) {
#ifdef EW_X86
        if (stride == 1) { pydml_f16_row_to_f32(src, dst, n); return; } /* convert.h: F16C / AVX-512 */
#endif
        EW_LOAD_LOOP(uint16_t, float, pydml_f16_to_f32);
        return;
    }
#define EW_LOAD_TYPES(DT, FCONV)                                                                   \
    switch (t) {                                                                                   \
    case DML_TENSOR_DATA_TYPE_FLOAT32: EW_LOAD_LOOP(float, DT, FCONV); break;                      \
    case DML_TENSOR_DATA_TYPE_FLOAT64: EW_LOAD_LOOP(double, DT, FCONV); break;                     \
    case DML_TENSOR_DATA_TYPE_FLOAT16: EW_LOAD_LOOP(uint16_t, DT, FCONV_HALF_##FCONV); break;      \
    case DML_TENSOR_DATA_TYPE_INT8: EW_LOAD_LOOP(int8_t, DT, EW_ID); break;                        \
    case DML_TENSOR_DATA_TYPE_INT16: EW_LOAD_LOOP(int16_t, DT, EW_ID); break;                      \
    case DML_TENSOR_DATA_TYPE_INT32: EW_LOAD_LOOP(int32_t, DT, EW_ID); break;                      \
    case DML_TENSOR_DATA_TYPE_INT64: EW_LOAD_LOOP(int64_t, DT, EW_ID); break;                      \
    case DML_TENSOR_DATA_TYPE_UINT8: EW_LOAD_LOOP(uint8_t, DT, EW_ID); break;                      \
    case DML_TENSOR_DATA_TYPE_UINT16: EW_LOAD_LOOP(uint16_t, DT, EW_ID); break;                    \
    case DML_TENSOR_DATA_TYPE_UINT32: EW_LOAD_LOOP(uint32_t, DT, EW_ID); break;                    \
    case DML_TENSOR_DATA_TYPE_UINT64: EW_LOAD_LOOP(uint64_t, DT, EW_ID); break;                    \
    default: memset(dst, 0, n * sizeof(DT)); break;                                                \
    }
    /* float operands in an integer domain (a UINT8 condition is the usual mix; a float operand
     * of an integer operation should not happen, but must not be undefined): saturate, NaN -> 0 */
#define FCONV_HALF_EW_ID pydml_f16_to_f32
#define FCONV_HALF_ew_float_to_i64(h) ew_float_to_i64(pydml_f16_to_f32(h))
#define FCONV_HALF_ew_float_to_u64(h) ew_float_to_u64(pydml_f16_to_f32(h))
    switch (domain) {
    case EW_F32: EW_LOAD_TYPES(float, EW_ID); break;
    case EW_F64: EW_LOAD_TYPES(double, EW_ID); break;
    case EW_I64: EW_LOAD_TYPES(int64_t, ew_float_to_i64); break;
    default: EW_LOAD_TYPES(uint64_t, ew_float_to_u64); break;
    }
#undef EW_LOAD_TYPES
#undef FCONV_HALF_EW_ID
#undef FCONV_HALF_ew_float_to_i64
#undef FCONV_HALF_ew_float_to_u64
}

/* ---- stores: n domain values at src into type t at dst ---- */

#define EW_STORE_LOOP(ST, DT, CONV)                                                                \
    do {                                                                                           \
        const ST* s_ = (const ST*)src;                                                             \
        DT* d_ = (DT*)dst;                                                                         \
        if (stride == 1) { for (size_t k = 0; k < n; k++) d_[k] = CONV(s_[k]); }                   \
        else { for (size_t k = 0; k < n; k++) d_[(size_t)k * stride] = CONV(s_[k]); }             \
    } while (0)

/* float -> integer: saturating, NaN -> 0, toward zero (C's conversion, made total) */
#define EW_F2I(T, LO, HI)                                                                          \
    static inline T f2##T(double v) { return v != v ? (T)0 : v <= (double)(LO) ? (T)(LO)          \
                                             : v >= (double)(HI) ? (T)(HI) : (T)v; }
EW_F2I(int8_t, INT8_MIN, INT8_MAX)
EW_F2I(int16_t, INT16_MIN, INT16_MAX)
EW_F2I(int32_t, INT32_MIN, INT32_MAX)
EW_F2I(uint8_t, 0, UINT8_MAX)
EW_F2I(uint16_t, 0, UINT16_MAX)
EW_F2I(uint32_t, 0, UINT32_MAX)
/* 64-bit bounds are not exact doubles: compare against 2^63 / 2^64 instead */
static inline int64_t f2int64_t(double v) {
    return v != v ? 0 : v < -9223372036854775808.0 ? INT64_MIN : v >= 9223372036854775808.0 ? INT64_MAX : (int64_t)v;
}
static inline uint64_t f2uint64_t(double v) {
    return v != v || v <= 0.0 ? 0 : v >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)v;
}
static inline uint16_t f2half(double v) { return pydml_f32_to_f16((float)v); }
static inline uint16_t f32_to_half(float v) { return pydml_f32_to_f16(v); }
static inline uint16_t i2half(int64_t v) { return pydml_f32_to_f16((float)v); }
static inline uint16_t u2half(uint64_t v) { return pydml_f32_to_f16((float)v); }

#ifdef EW_X86
/* Float rows into 8-, 16- and 32-bit integers with the rule of f2T above (NaN -> 0, saturate, toward
 * zero): NaN lanes are zeroed, the rest clamped to [lo, hi] in float (the 8- and 16-bit bounds are
 * exact floats, and truncating a clamped value equals saturating the truncated one), then vcvttps2dq
 * and a narrowing that cannot saturate any more. INT32's upper bound 2^31 - 1 is not a float: lanes
 * >= 2^31 are set to INT32_MAX after the conversion. */
static void ew_int_bounds(uint32_t t, float* lo, float* hi) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: *lo = -128.0f; *hi = 127.0f; break;
    case DML_TENSOR_DATA_TYPE_UINT8: *lo = 0.0f; *hi = 255.0f; break;
    case DML_TENSOR_DATA_TYPE_INT16: *lo = -32768.0f; *hi = 32767.0f; break;
    case DML_TENSOR_DATA_TYPE_UINT16: *lo = 0.0f; *hi = 65535.0f; break;
    default: *lo = -2147483648.0f; *hi = 2147483648.0f; break;
    }
}
#define EW_STORE_TAIL(T) for (; k < n; k++) ((T*)dst)[k] = f2##T(s[k])
EW_T256 static void f32_to_int_avx2(uint32_t t, const float* s, void* dst, size_t n) {
    float lo_, hi_;
    ew_int_bounds(t, &lo_, &hi_);
    const __m256 lo = _mm256_set1_ps(lo_), hi = _mm256_set1_ps(hi_), top = _mm256_set1_ps(2147483648.0f);
    char* d = dst;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        __m256 v = _mm256_loadu_ps(s + k);
        v = _mm256_and_ps(v, _mm256_cmp_ps(v, v, _CMP_ORD_Q));
        v = _mm256_min_ps(_mm256_max_ps(v, lo), hi);
        __m256i i = _mm256_cvttps_epi32(v);
        __m128i a = _mm256_castsi256_si128(i), b = _mm256_extracti128_si256(i, 1);
        switch (t) {
        case DML_TENSOR_DATA_TYPE_INT8:
            _mm_storel_epi64((__m128i*)(d + k), _mm_packs_epi16(_mm_packs_epi32(a, b), _mm_setzero_si128())); break;
        case DML_TENSOR_DATA_TYPE_UINT8:
            _mm_storel_epi64((__m128i*)(d + k), _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_setzero_si128())); break;
        case DML_TENSOR_DATA_TYPE_INT16: _mm_storeu_si128((__m128i*)(d + 2 * k), _mm_packs_epi32(a, b)); break;
        case DML_TENSOR_DATA_TYPE_UINT16: _mm_storeu_si128((__m128i*)(d + 2 * k), _mm_packus_epi32(a, b)); break;
        default:
            i = _mm256_blendv_epi8(i, _mm256_set1_epi32(INT32_MAX), _mm256_castps_si256(_mm256_cmp_ps(v, top, _CMP_GE_OQ)));
            _mm256_storeu_si256((__m256i*)(d + 4 * k), i);
            break;
        }
    }
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: EW_STORE_TAIL(int8_t); break;
    case DML_TENSOR_DATA_TYPE_UINT8: EW_STORE_TAIL(uint8_t); break;
    case DML_TENSOR_DATA_TYPE_INT16: EW_STORE_TAIL(int16_t); break;
    case DML_TENSOR_DATA_TYPE_UINT16: EW_STORE_TAIL(uint16_t); break;
    default: EW_STORE_TAIL(int32_t); break;
    }
}
EW_T512 static void f32_to_int_avx512(uint32_t t, const float* s, void* dst, size_t n) {
    float lo_, hi_;
    ew_int_bounds(t, &lo_, &hi_);
    const __m512 lo = _mm512_set1_ps(lo_), hi = _mm512_set1_ps(hi_), top = _mm512_set1_ps(2147483648.0f);
    char* d = dst;
    for (size_t k = 0; k < n; k += 16) {
        const __mmask16 m = n - k >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - k)) - 1u);
        __m512 v = _mm512_maskz_loadu_ps(m, s + k);
        v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, v, _CMP_ORD_Q), v);
        v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
        __m512i i = _mm512_cvttps_epi32(v);
        switch (t) {
        case DML_TENSOR_DATA_TYPE_INT8: case DML_TENSOR_DATA_TYPE_UINT8:
            _mm512_mask_cvtepi32_storeu_epi8(d + k, m, i); break;
        case DML_TENSOR_DATA_TYPE_INT16: case DML_TENSOR_DATA_TYPE_UINT16:
            _mm512_mask_cvtepi32_storeu_epi16(d + 2 * k, m, i); break;
        default:
            i = _mm512_mask_mov_epi32(i, _mm512_cmp_ps_mask(v, top, _CMP_GE_OQ), _mm512_set1_epi32(INT32_MAX));
            _mm512_mask_storeu_epi32(d + 4 * k, m, i);
            break;
        }
    }
}
#undef EW_STORE_TAIL
#endif

#ifdef EW_X86
/* the integer domains' contiguous stores into integer types (see int_load_body) */
#define EW_INT_STORE_LOOP(DT, ST, CONV) EW_STORE_LOOP(ST, DT, CONV)
static inline __attribute__((always_inline)) void int_store_body(int domain, uint32_t t, const void* src, size_t n,
                                                                 void* dst) {
    const uint64_t stride = 1;
    if (domain == EW_I64) { EW_INT_TYPES(EW_INT_STORE_LOOP, int64_t, EW_ID) }
    else { EW_INT_TYPES(EW_INT_STORE_LOOP, uint64_t, EW_ID) }
}
#undef EW_INT_STORE_LOOP
EW_T256 static void int_store_avx2(int domain, uint32_t t, const void* src, size_t n, void* dst) {
    int_store_body(domain, t, src, n, dst);
}
EW_T512 static void int_store_avx512(int domain, uint32_t t, const void* src, size_t n, void* dst) {
    int_store_body(domain, t, src, n, dst);
}
#undef EW_INT_TYPES
#endif

static void store(int domain, int isa, uint32_t t, const void* src, size_t n, void* dst, uint64_t stride) {
    (void)isa;
#ifdef EW_X86
    if ((domain == EW_I64 || domain == EW_U64) && stride == 1 && isa != EW_ISA_PORTABLE && !pydml_type_is_float(t)) {
        if (isa == EW_ISA_AVX512) int_store_avx512(domain, t, src, n, dst);
        else int_store_avx2(domain, t, src, n, dst);
        return;
    }
#endif
    if (domain == EW_F32 || domain == EW_F64) {
#ifdef EW_X86
        if (domain == EW_F32 && stride == 1 && isa != EW_ISA_PORTABLE && small_int(t)) {
            if (isa == EW_ISA_AVX512) f32_to_int_avx512(t, src, dst, n);
            else f32_to_int_avx2(t, src, dst, n);
            return;
        }
#endif
        if (domain == EW_F32 && t == DML_TENSOR_DATA_TYPE_FLOAT16) {
#ifdef EW_X86
            if (stride == 1) { pydml_f32_row_to_f16(src, dst, n); return; } /* convert.h */
#endif
            EW_STORE_LOOP(float, uint16_t, f32_to_half);
            return;
        }
#define EW_STORE_FLOAT(ST)                                                                         \
        switch (t) {                                                                               \
        case DML_TENSOR_DATA_TYPE_FLOAT32: EW_STORE_LOOP(ST, float, (float)); break;               \
        case DML_TENSOR_DATA_TYPE_FLOAT64: EW_STORE_LOOP(ST, double, (double)); break;             \
        case DML_TENSOR_DATA_TYPE_FLOAT16: EW_STORE_LOOP(ST, uint16_t, f2half); break;             \
        case DML_TENSOR_DATA_TYPE_INT8: EW_STORE_LOOP(ST, int8_t, f2int8_t); break;                \
        case DML_TENSOR_DATA_TYPE_INT16: EW_STORE_LOOP(ST, int16_t, f2int16_t); break;             \
        case DML_TENSOR_DATA_TYPE_INT32: EW_STORE_LOOP(ST, int32_t, f2int32_t); break;             \
        case DML_TENSOR_DATA_TYPE_INT64: EW_STORE_LOOP(ST, int64_t, f2int64_t); break;             \
        case DML_TENSOR_DATA_TYPE_UINT8: EW_STORE_LOOP(ST, uint8_t, f2uint8_t); break;             \
        case DML_TENSOR_DATA_TYPE_UINT16: EW_STORE_LOOP(ST, uint16_t, f2uint16_t); break;          \
        case DML_TENSOR_DATA_TYPE_UINT32: EW_STORE_LOOP(ST, uint32_t, f2uint32_t); break;          \
        case DML_TENSOR_DATA_TYPE_UINT64: EW_STORE_LOOP(ST, uint64_t, f2uint64_t); break;          \
        default: break;                                                                            \
        }
        if (domain == EW_F32) { EW_STORE_FLOAT(float) } else { EW_STORE_FLOAT(double) }
#undef EW_STORE_FLOAT
        return;
    }
#define EW_STORE_INT(ST, HALF)                                                                     \
    switch (t) {                                                                                   \
    case DML_TENSOR_DATA_TYPE_FLOAT32: EW_STORE_LOOP(ST, float, (float)); break;                   \
    case DML_TENSOR_DATA_TYPE_FLOAT64: EW_STORE_LOOP(ST, double, (double)); break;                 \
    case DML_TENSOR_DATA_TYPE_FLOAT16: EW_STORE_LOOP(ST, uint16_t, HALF); break;                   \
    case DML_TENSOR_DATA_TYPE_INT8: EW_STORE_LOOP(ST, int8_t, (int8_t)); break;                    \
    case DML_TENSOR_DATA_TYPE_INT16: EW_STORE_LOOP(ST, int16_t, (int16_t)); break;                 \
    case DML_TENSOR_DATA_TYPE_INT32: EW_STORE_LOOP(ST, int32_t, (int32_t)); break;                 \
    case DML_TENSOR_DATA_TYPE_INT64: EW_STORE_LOOP(ST, int64_t, (int64_t)); break;                 \
    case DML_TENSOR_DATA_TYPE_UINT8: EW_STORE_LOOP(ST, uint8_t, (uint8_t)); break;                 \
    case DML_TENSOR_DATA_TYPE_UINT16: EW_STORE_LOOP(ST, uint16_t, (uint16_t)); break;              \
    case DML_TENSOR_DATA_TYPE_UINT32: EW_STORE_LOOP(ST, uint32_t, (uint32_t)); break;              \
    case DML_TENSOR_DATA_TYPE_UINT64: EW_STORE_LOOP(ST, uint64_t, (uint64_t)); break;              \
    default: break;                                                                                \
    }
    if (domain == EW_I64) { EW_STORE_INT(int64_t, i2half) } else { EW_STORE_INT(uint64_t, u2half) }
#undef EW_STORE_INT
}

/* ---- plans ---- */

struct pydml_ew_plan {
    const ew_entry* entry;             /* the operator's, or `own` (a caller's row function) */
    ew_entry own;
    const ew_entry* fused;             /* FusedActivation's entry, NULL: none */
    const ew_narrow_entry* narrow;     /* stores 8-bit outputs itself (contiguous runs), NULL: none */
    uint32_t byte_logic;               /* LOGICAL_AND/OR/XOR/NOT with 8-bit operands and output:
                                        * its DML_OPERATOR type (byte_logic_row), 0: none */
    uint32_t same_width;               /* integer ADD/SUBTRACT/MULTIPLY/DIVIDE/MODULUS_* whose operands
                                        * and output are one 8- to 32-bit type: its DML_OPERATOR type
                                        * (same_width_row), 0: none */
    ew_params params;
    ew_params fused_params;
    int domain;
    uint32_t input_count;
    float scale, bias;
    int has_scale_bias;
    uint32_t dim_count;                /* 0: no desc, the output view gives the shape */
    uint32_t sizes[PYDML_MAX_DIMS];   /* the desc's output sizes (every operand has these sizes) */
};

uint32_t pydml_ew_plan_input_count(const pydml_ew_plan* plan) { return plan ? plan->input_count : 0; }

static const pydml_field_info* field_named(const pydml_operator_info* info, const char* name, size_t len) {
    for (uint32_t i = 0; i < info->field_count; i++)
        if (strlen(info->fields[i].name) == len && strncmp(info->fields[i].name, name, len) == 0)
            return &info->fields[i];
    return NULL;
}

/* C conversions of out-of-range floats are undefined: these saturate (NaN -> 0). */
static int64_t real_to_i64(double v) {
    return v != v ? 0 : v <= -9223372036854775808.0 ? INT64_MIN : v >= 9223372036854775808.0 ? INT64_MAX : (int64_t)v;
}
static uint64_t real_to_u64(double v) {
    return v != v || v <= 0.0 ? 0 : v >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)v;
}

/* One attribute into slot k of p. */
static void read_param(const pydml_operator_info* info, const void* desc, const pydml_field_info* f, ew_params* p,
                       int k) {
    double v = 0.0;
    int64_t i = 0;
    uint64_t u = 0;
    switch ((pydml_field_kind)f->kind) {
    case PYDML_FIELD_FLOAT: v = *AT(desc, f, float); i = real_to_i64(v); u = real_to_u64(v); break;
    case PYDML_FIELD_INT: i = *AT(desc, f, int32_t); v = (double)i; u = (uint64_t)i; break;
    case PYDML_FIELD_UINT: case PYDML_FIELD_ENUM: case PYDML_FIELD_BOOL:
        u = *AT(desc, f, uint32_t); v = (double)u; i = (int64_t)u; break;
    case PYDML_FIELD_UINT64: u = *AT(desc, f, uint64_t); v = (double)u; i = (int64_t)u; break;
    case PYDML_FIELD_SCALAR_UNION: {
        const DML_SCALAR_UNION* s = AT(desc, f, DML_SCALAR_UNION);
        uint32_t t = f->type_field >= 0 ? *AT(desc, &info->fields[f->type_field], uint32_t) : 0;
        switch (t) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: v = s->Float32; i = real_to_i64(v); break;
        case DML_TENSOR_DATA_TYPE_FLOAT64: v = s->Float64; i = real_to_i64(v); break;
        case DML_TENSOR_DATA_TYPE_FLOAT16: v = pydml_f16_to_f32(s->UInt16); i = real_to_i64(v); break;
        case DML_TENSOR_DATA_TYPE_INT8: i = s->Int8; break;
        case DML_TENSOR_DATA_TYPE_INT16: i = s->Int16; break;
        case DML_TENSOR_DATA_TYPE_INT32: i = s->Int32; break;
        case DML_TENSOR_DATA_TYPE_INT64: i = s->Int64; break;
        case DML_TENSOR_DATA_TYPE_UINT8: u = s->UInt8; i = (int64_t)u; break;
        case DML_TENSOR_DATA_TYPE_UINT16: u = s->UInt16; i = (int64_t)u; break;
        case DML_TENSOR_DATA_TYPE_UINT32: u = s->UInt32; i = (int64_t)u; break;
        case DML_TENSOR_DATA_TYPE_UINT64: u = s->UInt64; i = (int64_t)u; break;
        default: break;
        }
        if (t != DML_TENSOR_DATA_TYPE_FLOAT32 && t != DML_TENSOR_DATA_TYPE_FLOAT64 && t != DML_TENSOR_DATA_TYPE_FLOAT16) {
            if (t == DML_TENSOR_DATA_TYPE_UINT64) { v = (double)u; } else { v = (double)i; u = (uint64_t)i; }
        } else {
            u = real_to_u64(v);
        }
        break;
    }
    default: break;
    }
    p->f[k] = v;
    p->f32[k] = (float)v;
    p->i[k] = i;
    p->u[k] = u;
}

static void read_params(const pydml_operator_info* info, const void* desc, const char* names, ew_params* p) {
    int k = 0;
    for (const char* s = names; s && *s && k < EW_MAX_PARAMS; k++) {
        const char* end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const pydml_field_info* f = field_named(info, s, len);
        if (f) read_param(info, desc, f, p, k);
        s = end ? end + 1 : s + len;
    }
}

/* The first float input's type, else input 0's (POW: an INT32 base with a FLOAT32 exponent
 * computes in float, as its page's mixed-type rows mean). */
static uint32_t float_input_or_first(const pydml_ew_plan* plan) {
    for (uint32_t k = 0; k < plan->input_count; k++) {
        int d = (plan->params.present >> k & 1u) ? domain_of_type(plan->params.input_types[k]) : -1;
        if (d == EW_F32 || d == EW_F64) return plan->params.input_types[k];
    }
    return plan->params.input_types[0];
}

static int has_path(const ew_entry* e, int domain) {
    switch (domain) {
    case EW_F32: return e->f32[0] != NULL;
    case EW_F64: return e->f64 != NULL;
    case EW_I64: return e->i64 != NULL;
    default: return e->u64 != NULL;
    }
}

/* Completes a plan whose entry, attributes (params: attribute slots), input count, ScaleBias and
 * fused activation are set: the operand types, the compute domain, and whether this engine has a
 * path for them. Input k is bound when bit k of present is set, of type input_types[k]. op_type
 * picks the narrow-store row (DML_OPERATOR_INVALID: none). UNSUPPORTED as pydml_ew_plan_create. */
static pydml_status plan_types(pydml_ew_plan* plan, uint32_t op_type, uint32_t present, const uint32_t* input_types,
                               uint32_t output_dtype) {
    const ew_entry* e = plan->entry;
    plan->params.present = present;
    for (uint32_t k = 0; k < plan->input_count; k++)
        plan->params.input_types[k] = (present >> k & 1u) ? storage_type(e, input_types[k]) : 0;
    plan->params.output_type = storage_type(e, output_dtype);
    uint32_t domain_type = e->domain_from == EW_DOMAIN_FROM_FLOAT_INPUT ? float_input_or_first(plan)
                           : e->domain_from == EW_DOMAIN_FROM_OUTPUT ? plan->params.output_type
                           : e->domain_from < plan->input_count && (plan->params.present >> e->domain_from & 1u)
                               ? plan->params.input_types[e->domain_from]
                               : plan->params.output_type;
    plan->domain = domain_of_type(domain_type);
    if (plan->domain == EW_F32 && (e->flags & EW_FLAG_WIDE_INT_F64)) {
        /* 32- and 64-bit integers are not exact in float: compute such operands in double */
        int wide = bits_of_int(output_dtype) >= 32;
        for (uint32_t k = 0; k < plan->input_count; k++)
            if ((plan->params.present >> k & 1u) && bits_of_int(plan->params.input_types[k]) >= 32) wide = 1;
        if (wide && e->f64) plan->domain = EW_F64;
    }
    if (plan->domain < 0 || !has_path(e, plan->domain)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    for (uint32_t k = 0; k < plan->input_count; k++)
        if ((plan->params.present >> k & 1u) && domain_of_type(plan->params.input_types[k]) < 0)
            return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (domain_of_type(plan->params.output_type) < 0) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if ((e->flags & EW_FLAG_FLOAT_INPUT_ONLY) && plan->domain != EW_F32 && plan->domain != EW_F64)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    /* FusedActivation is a float operation; ScaleBias also runs on 8- to 32-bit integer tensors
     * (DirectML refuses it with 64-bit ones: see scale_bias_int) */
    if (plan->fused && plan->domain != EW_F32 && plan->domain != EW_F64) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (plan->has_scale_bias && plan->domain != EW_F32 && plan->domain != EW_F64 &&
        !(plan->domain == EW_I64 && plan->input_count > 0 && (plan->params.present & 1u) &&
          bits_of_int(plan->params.input_types[0]) >= 8 && bits_of_int(plan->params.input_types[0]) <= 32))
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (plan->fused && !has_path(plan->fused, plan->domain)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    plan->narrow = NULL;
    if (!plan->fused && plan->domain == EW_F32 && op_type != DML_OPERATOR_INVALID &&
        (output_dtype == DML_TENSOR_DATA_TYPE_INT8 || output_dtype == DML_TENSOR_DATA_TYPE_UINT8))
        for (uint32_t i = 0; i < pydml_ew_narrow_entry_count; i++)
            if (pydml_ew_narrow_entries[i].type == op_type) plan->narrow = &pydml_ew_narrow_entries[i];
    plan->byte_logic = 0;
    if ((op_type == DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND || op_type == DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR ||
         op_type == DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR || op_type == DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT) &&
        !plan->fused && !plan->has_scale_bias && bits_of_int(output_dtype) == 8 &&
        plan->params.present == (1u << plan->input_count) - 1u) {
        plan->byte_logic = op_type;
        for (uint32_t k = 0; k < plan->input_count; k++)
            if (bits_of_int(plan->params.input_types[k]) != 8) plan->byte_logic = 0;
    }
    plan->same_width = 0;
    if ((op_type == DML_OPERATOR_ELEMENT_WISE_ADD || op_type == DML_OPERATOR_ELEMENT_WISE_SUBTRACT ||
         op_type == DML_OPERATOR_ELEMENT_WISE_MULTIPLY || op_type == DML_OPERATOR_ELEMENT_WISE_DIVIDE ||
         op_type == DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE || op_type == DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR) &&
        (plan->domain == EW_I64 || plan->domain == EW_U64) && !plan->fused && !plan->has_scale_bias &&
        bits_of_int(output_dtype) >= 8 && bits_of_int(output_dtype) <= 32 && plan->input_count == 2 &&
        plan->params.present == 3u && plan->params.input_types[0] == output_dtype &&
        plan->params.input_types[1] == output_dtype)
        plan->same_width = op_type;
    plan->fused_params.output_type = output_dtype;
    plan->fused_params.present = 1;
    plan->fused_params.input_types[0] = output_dtype;
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_ew_plan_create(const pydml_operator_info* info, const void* desc, pydml_ew_plan** out) {
    if (info == NULL || desc == NULL || out == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *out = NULL;
    const ew_entry* e = pydml_ew_find(info->type);
    if (e == NULL) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    pydml_ew_plan* plan = calloc(1, sizeof *plan);
    if (plan == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    plan->entry = e;
    plan->scale = 1.0f;
    const DML_BUFFER_TENSOR_DESC* output = NULL;
    uint32_t input_types[EW_MAX_INPUTS] = {0}, present = 0;
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        if (f->kind == PYDML_FIELD_TENSOR) {
            const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(info, desc, f->name);
            if (f->role == PYDML_ROLE_OUTPUT) {
                if (output != NULL || t == NULL) goto unsupported; /* one output, always bound */
                output = t;
            } else {
                if (plan->input_count == EW_MAX_INPUTS) goto unsupported;
                if (t) {
                    present |= 1u << plan->input_count;
                    input_types[plan->input_count] = t->DataType;
                }
                plan->input_count++;
            }
        } else if (f->kind == PYDML_FIELD_TENSOR_ARRAY) {
            goto unsupported;
        } else if (f->kind == PYDML_FIELD_SCALE_BIAS) {
            const DML_SCALE_BIAS* sb = *AT(desc, f, DML_SCALE_BIAS* const);
            if (sb) {
                plan->has_scale_bias = 1;
                plan->scale = sb->Scale;
                plan->bias = sb->Bias;
            }
        } else if (f->kind == PYDML_FIELD_OPERATOR) {
            const DML_OPERATOR_DESC* act = *AT(desc, f, DML_OPERATOR_DESC* const);
            if (act) {
                const pydml_operator_info* ai = pydml_find_operator_info(act->Type);
                plan->fused = pydml_ew_find(act->Type);
                if (ai == NULL || plan->fused == NULL) goto unsupported;
                read_params(ai, act->Desc, plan->fused->params, &plan->fused_params);
            }
        }
    }
    if (output == NULL) goto unsupported;
    plan->dim_count = output->DimensionCount;
    memcpy(plan->sizes, output->Sizes, output->DimensionCount * sizeof(uint32_t));
    read_params(info, desc, e->params, &plan->params);
    if (plan_types(plan, info->type, present, input_types, output->DataType)) goto unsupported;
    *out = plan;
    return PYDML_STATUS_SUCCESS;
unsupported:
    free(plan);
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}

/* Attribute values as the desc path reads them (read_param): each a real, a signed and an
 * unsigned integer. */
static void params_from_reals(const double* attrs, uint32_t count, ew_params* p) {
    for (uint32_t k = 0; k < count && k < EW_MAX_PARAMS; k++) {
        const double v = attrs[k];
        p->f[k] = v;
        p->f32[k] = (float)v;
        p->i[k] = real_to_i64(v);
        p->u[k] = v < 0.0 ? (uint64_t)real_to_i64(v) : real_to_u64(v);
    }
}

/* A plan of op for these data types, built in place (no allocation). */
static pydml_status plan_of_op(const pydml_ew_op* op, const uint32_t* input_types, uint32_t output_type,
                               pydml_ew_plan* plan) {
    memset(plan, 0, sizeof *plan);
    if (op == NULL || (op->input_count && input_types == NULL) || op->input_count > EW_MAX_INPUTS ||
        op->attr_count > EW_MAX_PARAMS || op->fused_attr_count > EW_MAX_PARAMS ||
        (op->attr_count && op->attrs == NULL) || (op->fused_attr_count && op->fused_attrs == NULL))
        return PYDML_STATUS_INVALID_PARAMETER;
    if (op->type == DML_OPERATOR_INVALID) {
        if (op->row == NULL) return PYDML_STATUS_INVALID_PARAMETER;
        /* a float row function: computes in float whatever the (float) tensors' types */
        plan->own.domain_from = EW_DOMAIN_FROM_OUTPUT;
        plan->own.flags = EW_FLAG_FLOAT_INPUT_ONLY;
        for (int i = 0; i < 3; i++) plan->own.f32[i] = op->row;
        plan->entry = &plan->own;
    } else {
        plan->entry = pydml_ew_find(op->type);
        if (plan->entry == NULL) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    plan->input_count = op->input_count;
    plan->scale = 1.0f;
    if (op->has_scale_bias) {
        plan->has_scale_bias = 1;
        plan->scale = op->scale;
        plan->bias = op->bias;
    }
    if (op->fused_type != DML_OPERATOR_INVALID) {
        plan->fused = pydml_ew_find(op->fused_type);
        if (plan->fused == NULL) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
        params_from_reals(op->fused_attrs, op->fused_attr_count, &plan->fused_params);
    }
    params_from_reals(op->attrs, op->attr_count, &plan->params);
    plan->params.user = op->user;
    uint32_t present = 0;
    for (uint32_t k = 0; k < op->input_count; k++)
        if (input_types[k] != DML_TENSOR_DATA_TYPE_UNKNOWN) present |= 1u << k;
    return plan_types(plan, op->type, present, input_types, output_type);
}

pydml_status pydml_ew_plan_create_op(const pydml_ew_op* op, const uint32_t* input_types, uint32_t output_type,
                                     pydml_ew_plan** out) {
    if (out == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *out = NULL;
    pydml_ew_plan* plan = malloc(sizeof *plan);
    if (plan == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    const pydml_status s = plan_of_op(op, input_types, output_type, plan);
    if (s) {
        free(plan);
        return s;
    }
    *out = plan;
    return PYDML_STATUS_SUCCESS;
}

void pydml_ew_plan_destroy(pydml_ew_plan* plan) { free(plan); }

/* ---- execution ---- */

/* Floats a periodic operand's row is repeated into (in whole rows) for the one-pass rows, so that
 * a span is long: ADD of a [8, 1, 1, 128] mask over [8, 12, 128, 128] made 12288 spans of 128, each
 * with the row loop's set-up and exit (one thread, numpy-placed operands: 225 -> 208 us; torch's
 * add 164-175). */
#define EW_F32_REPEAT 2048
/* A periodic operand of the one-pass rows (merge_periodic): one row of P values read at each
 * position's phase. */
typedef struct ew_f32_period {
    size_t P, phase;
    int a, b;                                  /* which operands are periodic */
} ew_f32_period;
/* a one-pass FLOAT32 binary row (f32_binary_of): a, a one value, b, b one value, out, n, relu,
 * stream, the periodic operand (NULL: none) */
typedef void (*ew_f32_binary_fn)(const float*, int, const float*, int, float*, size_t, int, int, const ew_f32_period*);
typedef struct ew_run {
    const pydml_ew_plan* plan;
    int isa;
    uint32_t tensors;                          /* inputs + 1; the output is the last */
    uint32_t types[EW_MAX_INPUTS + 1];
    char* base[EW_MAX_INPUTS + 1];             /* NULL: absent input (reads zeros) */
    uint32_t dims;                             /* after coalescing, >= 1 */
    uint64_t sizes[PYDML_MAX_DIMS];
    uint64_t strides[EW_MAX_INPUTS + 1][PYDML_MAX_DIMS];
    int stream;                                /* the operands exceed EW_STREAM_BYTES */
    ew_f32_binary_fn binary_row;               /* binary_row_of: the runs' one-pass row, or NULL */
    int relu_row;                              /* relu_row_of: RELU runs streamed by f32_relu_stream */
    uint32_t period[EW_MAX_INPUTS + 1];        /* merge_periodic: the input repeats a row this long
                                                  along the run (its stride there 0), 0: none */
} ew_run;

/* Merges dimension pairs every operand walks as one, and drops size-1 dimensions. */
static void coalesce(ew_run* r, const uint32_t* sizes, uint32_t dim_count, const pydml_tensor* const* views) {
    uint32_t d = 0;
    for (uint32_t i = 0; i < dim_count; i++) {
        if (sizes[i] == 1) continue;
        int merge = d > 0;
        for (uint32_t t = 0; merge && t < r->tensors; t++) {
            uint64_t s = views[t] ? views[t]->strides[i] : 0;
            merge = r->strides[t][d - 1] == s * sizes[i];
        }
        if (merge) {
            r->sizes[d - 1] *= sizes[i];
            for (uint32_t t = 0; t < r->tensors; t++) r->strides[t][d - 1] = views[t] ? views[t]->strides[i] : 0;
        } else {
            r->sizes[d] = sizes[i];
            for (uint32_t t = 0; t < r->tensors; t++) r->strides[t][d] = views[t] ? views[t]->strides[i] : 0;
            d++;
        }
    }
    if (d == 0) { /* one element */
        r->sizes[0] = 1;
        for (uint32_t t = 0; t < r->tensors; t++) r->strides[t][0] = 0;
        d = 1;
    }
    r->dims = d;
}

static void call(const ew_entry* e, int domain, int isa, const ew_params* p, size_t n, void* out,
                 const void* const* in) {
    switch (domain) {
    case EW_F32: e->f32[e->f32[isa] ? isa : 0](p, n, out, (const float* const*)in); break;
    case EW_F64: e->f64(p, n, out, (const double* const*)in); break;
    case EW_I64: e->i64(p, n, out, (const int64_t* const*)in); break;
    default: e->u64(p, n, out, (const uint64_t* const*)in); break;
    }
}

EW_T512 static void scale_bias_avx512(float* v, size_t n, float s, float b) {
    for (size_t k = 0; k < n; k++) v[k] = v[k] * s + b;
}
EW_T256 static void scale_bias_avx2(float* v, size_t n, float s, float b) {
    for (size_t k = 0; k < n; k++) v[k] = v[k] * s + b;
}

static void scale_bias(int domain, int isa, void* v, size_t n, float s, float b) {
    if (domain == EW_F64) {
        double* x = v;
        for (size_t k = 0; k < n; k++) x[k] = x[k] * s + b;
    } else if (isa == EW_ISA_AVX512) {
        scale_bias_avx512(v, n, s, b);
    } else if (isa == EW_ISA_AVX2) {
        scale_bias_avx2(v, n, s, b);
    } else {
        float* x = v;
        for (size_t k = 0; k < n; k++) x[k] = x[k] * s + b;
    }
}

/* ---- ScaleBias on integer tensors ----
 * DirectML takes a ScaleBias with 8- to 32-bit integer tensors: onnxruntime's DirectML provider ran
 * ONNX Neg on INT8/INT16/INT32 as ELEMENT_WISE_IDENTITY with DML_SCALE_BIAS{-1, 0}
 * (onnxruntime DmlOperatorNeg.cpp before NEGATE existed; OperatorRegistration.cpp registers Neg for
 * supportedTypeListSigned = Float16to32|Int32|Int16|Int8), and DirectMLX.h's unary minus did the
 * same; but not with 64-bit ones: "DirectML doesn't support ScaleBias for 64 bit types"
 * (microsoft/DirectML pull request #275, which added dml::Negate for that reason). So 64-bit integer
 * tensors with a ScaleBias stay unsupported here (pydml_ew_plan_create).
 * The value is the page's real g(x) = x * Scale + Bias (DML_SCALE_BIAS) stored to the input's type
 * by the engine's float -> integer rule, exactly: truncated toward zero, saturated, NaN -> 0. fma
 * rounds the real once to double r; truncating r is the truncation of the real unless r is an
 * integer (rounding is monotone and integers are doubles, so the real cannot cross one); then the
 * sign of g(x) - r decides, computed exactly: x * Scale = p + e (fma gives the product's error
 * exactly: x has <= 32 bits and Scale 24, far above underflow) and the sign of p + e + Bias - r comes
 * from a nonoverlapping expansion of the four (Shewchuk, "Adaptive Precision Floating-Point
 * Arithmetic and Fast Robust Geometric Predicates", 1997: Two-Sum, Grow-Expansion; the largest
 * nonzero component has the sum's sign). Round-to-nearest, the C default, is assumed. */

static inline void ew_two_sum(double a, double b, double* sum, double* err) {
    const double x = a + b, bv = x - a, av = x - bv;
    *sum = x;
    *err = (a - av) + (b - bv);
}

/* The sign of a + b + c + d, exactly. */
static int ew_exact_sign4(double a, double b, double c, double d) {
    double e[4] = {a, 0.0, 0.0, 0.0};
    const double more[3] = {b, c, d};
    int m = 1;
    for (int j = 0; j < 3; j++) { /* Grow-Expansion: e stays nonoverlapping, smallest first */
        double q = more[j];
        for (int i = 0; i < m; i++) ew_two_sum(q, e[i], &q, &e[i]);
        e[m++] = q;
    }
    for (int i = m - 1; i >= 0; i--)
        if (e[i] != 0.0) return e[i] > 0.0 ? 1 : -1;
    return 0;
}

/* trunc(x * s + b) of the reals, saturated to [lo, hi]; NaN (inf * 0) -> 0. |x| < 2^32. */
static int64_t ew_scale_bias_int(int64_t x, double s, double b, int64_t lo, int64_t hi) {
    const double xd = (double)x, r = fma(xd, s, b);
    if (r != r) return 0;
    double t = trunc(r);
    if (t == r && t != 0.0 && fabs(t) < 0x1p40) { /* beyond 2^40 it saturates either way */
        const double p = xd * s, e = fma(xd, s, -p);
        const int sign = ew_exact_sign4(p, e, b, -t);
        if (t > 0.0 && sign < 0) t -= 1.0;
        else if (t < 0.0 && sign > 0) t += 1.0;
    }
    return t <= (double)lo ? lo : t >= (double)hi ? hi : (int64_t)t;
}

static void int_range_of(uint32_t t, int64_t* lo, int64_t* hi) {
    const uint32_t bits = bits_of_int(t);
    if (pydml_type_is_signed(t)) {
        *lo = -((int64_t)1 << (bits - 1));
        *hi = ((int64_t)1 << (bits - 1)) - 1;
    } else {
        *lo = 0;
        *hi = (int64_t)(((uint64_t)1 << bits) - 1);
    }
}

static void scale_bias_int(uint32_t t, int64_t* v, size_t n, double s, double b) {
    int64_t lo, hi;
    int_range_of(t, &lo, &hi);
    for (size_t k = 0; k < n; k++) v[k] = ew_scale_bias_int(v[k], s, b, lo, hi);
}

/* ---- FLOAT16 rows of the f32 domain ----
 * A FLOAT16 operand is converted into the stage with F16C (vcvtph2ps, 8 lanes; AVX-512: 16), the
 * prefetch of the row two chunks' worth of halves ahead interleaved with the conversion (one line
 * per 32 halves) instead of a burst over the next chunk; a FLOAT16 output is converted back with
 * vcvtps2ph and, when the execute's operands exceed the last-level cache (EW_STREAM_BYTES), stored
 * with non-temporal stores, so that the output's lines are neither read for ownership nor evict
 * the inputs. Issue 25, AVX2 host (AMD EPYC Zen 3), 2 threads, 8M-element FLOAT16 ADD, old and new
 * path alternating in one run (shared machine, load 5-6): 0.57x -> 0.85x torch (median of 31
 * rounds); the old path's burst prefetch and cached stores left it latency bound. The conversions are the
 * ones pydml_f16_row_to_f32 / pydml_f32_row_to_f16 make (exact, and round to nearest even), so the
 * bits are the same on every path. */
#define EW_STREAM_BYTES ((uint64_t)32 << 20)
/* Longest row a periodic input may repeat (merge_periodic) for the staged rows: the row and a
 * chunk after it fill the input's stage (EW_CHUNK * 8 bytes: 2048 floats). */
#define EW_PERIOD_MAX 512
/* Streamed FLOAT32 outputs: runs of at least this many elements (short rows would leave lines
 * written partly by streamed and partly by ordinary stores, which costs a partial write each) */
#define EW_STREAM_SPAN 1024
#define EW_F16_AHEAD (2 * EW_CHUNK)  /* halves */
#ifdef EW_X86
/* FLOAT16 operands and outputs may sit at any byte address (a view of raw memory): halves are read
 * and written through convert.h's 1-byte-aligned type. */
typedef pydml_half_u ew_half;
EW_T256 static void f16_load_avx2(const ew_half* s, float* d, size_t n) {
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {
        __builtin_prefetch((const char*)(uintptr_t)((uintptr_t)(s + k) + 2 * EW_F16_AHEAD));
        for (size_t j = k; j < k + 32; j += 8)
            _mm256_storeu_ps(d + j, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(s + j))));
    }
    for (; k + 8 <= n; k += 8) _mm256_storeu_ps(d + k, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(s + k))));
    for (; k < n; k++) d[k] = pydml_f16_to_f32(s[k]);
}
EW_T512 static void f16_load_avx512(const ew_half* s, float* d, size_t n) {
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {
        __builtin_prefetch((const char*)(uintptr_t)((uintptr_t)(s + k) + 2 * EW_F16_AHEAD));
        _mm512_storeu_ps(d + k, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(s + k))));
        _mm512_storeu_ps(d + k + 16, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(s + k + 16))));
    }
    for (; k < n; k++) d[k] = pydml_f16_to_f32(s[k]);
}
/* streamed: the halves up to a 16-byte boundary stored one by one, then 8 at a time with movntdq
 * (a 2-byte aligned row reaches one; an odd address never does and is stored as usual) */
EW_T256 static void f16_store_avx2(const float* s, ew_half* d, size_t n, int stream) {
    size_t k = 0;
    if (stream && ((uintptr_t)d & 1u) == 0) {
        for (; k < n && ((uintptr_t)(d + k) & 15u); k++) d[k] = pydml_f32_to_f16(s[k]);
        for (; k + 8 <= n; k += 8)
            _mm_stream_si128((__m128i*)(d + k), _mm256_cvtps_ph(_mm256_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
        _mm_sfence();
    }
    for (; k + 8 <= n; k += 8)
        _mm_storeu_si128((__m128i*)(d + k), _mm256_cvtps_ph(_mm256_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
    for (; k < n; k++) d[k] = pydml_f32_to_f16(s[k]);
}
/* ADD, SUBTRACT, MULTIPLY and DIVIDE on FLOAT16 rows in one pass: both operands converted, the
 * float operation, the conversion back, 8 lanes a step (an operand that is one value along the
 * run is broadcast). The staged path (convert both, the f32 function, convert back) ran at
 * 0.58x torch's FLOAT16 ADD in cache, this one 0.97x (AVX2 host, EPYC Zen 3, one thread, 256K
 * halves, medians of 21 alternating rounds; 8M halves on 2 threads: 0.67x -> 1.00x). The same
 * float operation on the same converted values, rounded the same way: the same bits. */
#define EW_F16_BINARY(NAME, OP)                                                                    \
    EW_T256 static void f16_##NAME##_avx2(const ew_half* a, int au, const ew_half* b, int bu,    \
                                          ew_half* d, size_t n, int stream) {                     \
        const __m256 a0 = _mm256_set1_ps(pydml_f16_to_f32(a[0])), b0 = _mm256_set1_ps(pydml_f16_to_f32(b[0])); \
        size_t k = 0;                                                                              \
        int nt = stream && ((uintptr_t)d & 1u) == 0;                                               \
        if (nt) for (; k < n && ((uintptr_t)(d + k) & 15u); k++)                                  \
            d[k] = pydml_f32_to_f16(pydml_f16_to_f32(a[au ? 0 : k]) OP pydml_f16_to_f32(b[bu ? 0 : k])); \
        for (; k + 32 <= n; k += 32) {                                                             \
            if (!au) __builtin_prefetch((const void*)((uintptr_t)(a + k) + 2 * EW_F16_AHEAD));      \
            if (!bu) __builtin_prefetch((const void*)((uintptr_t)(b + k) + 2 * EW_F16_AHEAD));      \
            for (size_t j = k; j < k + 32; j += 8) {                                               \
                const __m256 x = au ? a0 : _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(a + j))); \
                const __m256 y = bu ? b0 : _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(b + j))); \
                const __m128i h = _mm256_cvtps_ph(x OP y, _MM_FROUND_TO_NEAREST_INT);              \
                if (nt) _mm_stream_si128((__m128i*)(d + j), h);                                    \
                else _mm_storeu_si128((__m128i*)(d + j), h);                                       \
            }                                                                                      \
        }                                                                                          \
        if (nt) _mm_sfence();                                                                      \
        for (; k < n; k++)                                                                         \
            d[k] = pydml_f32_to_f16(pydml_f16_to_f32(a[au ? 0 : k]) OP pydml_f16_to_f32(b[bu ? 0 : k])); \
    }
EW_F16_BINARY(add, +)
EW_F16_BINARY(subtract, -)
EW_F16_BINARY(multiply, *)
EW_F16_BINARY(divide, /)
#undef EW_F16_BINARY
/* ADD, SUBTRACT, MULTIPLY and DIVIDE on FLOAT32 rows in one pass: the operation on each 8 lanes
 * (an operand that is one value along the run broadcast), then, with `relu`, the fused RELU of
 * ADD1 and friends as the element-wise RELU computes it (a < 0 ? 0 : a: NaN and -0.0 kept), and
 * the store: with `stream` (an execution past the last-level cache) non-temporal, from the first
 * 32-byte boundary of the output on (the caller fences each thread's work), else ordinary. The
 * engine's path computes a chunk at a time into the stage and, past the cache, streams the stage
 * out; on the Zen 4 host (2 threads, 8M-element ADD, a C loop, three runs) that took 2.16-3.07 ms
 * against 2.00-2.22 streamed from the registers (ordinary stores 2.69-3.15), and pydml's ADD
 * measured 0.66-0.97x torch's; in the cache, its call per 1024-element chunk cost ADD [8, 64, 56^2]
 * about a tenth. The same float operations on the same operands: the same bits.
 * Not streamed, the loop starts at a 32-byte boundary of its first operand read: numpy places a
 * large array 16 bytes past a page boundary and pydml's outputs 64-byte aligned, and on the Zen 4
 * host ADD [8, 64, 56, 56] over two such inputs into such an output (every second load split
 * across two lines, the output 48 bytes further in the 4 KiB page, so the split loads wait on
 * stores they falsely alias) took 330-340 us on one thread against 255-280 us for any other
 * placement of the three (torch's add 270-285 us); from the inputs' boundary, 265-275 us. */
#define EW_F32_RELU(V) _mm256_andnot_ps(_mm256_cmp_ps(V, _mm256_setzero_ps(), _CMP_LT_OQ), V)
/* ACTIVATION_RELU of a FLOAT32 run past the cache, streamed from the registers as the binary rows
 * below are (run_span), not through the stage: the element-wise RELU's a < 0 ? 0 : a, so NaN
 * payloads (signaling ones too: a select, no arithmetic) and -0.0 keep their bits. Both vector
 * paths (the binary rows' 32-byte streams). */
EW_T256 static void f32_relu_stream(const float* a, float* d, size_t n) {
    size_t k = 0;
    for (; k < n && ((uintptr_t)(d + k) & 31u) != 0; k++) d[k] = a[k] < 0.0f ? 0.0f : a[k];
    for (; k + 8 <= n; k += 8) {
        const __m256 v = _mm256_loadu_ps(a + k);
        _mm256_stream_ps(d + k, EW_F32_RELU(v));
    }
    for (; k < n; k++) d[k] = a[k] < 0.0f ? 0.0f : a[k];
}
#define EW_F32_BINARY(NAME, OP)                                                                    \
    EW_T256 static inline __attribute__((always_inline)) void f32_##NAME##_span(                   \
        const float* a, int au, const float* b, int bu, float* d, size_t n, int relu, int stream) { \
        const __m256 a0 = _mm256_set1_ps(a[0]), b0 = _mm256_set1_ps(b[0]);                         \
        size_t k = 0;                                                                              \
        /* the elements up to the first 32-byte boundary one by one: of the output when streamed,   \
         * else of the first operand read */                                                       \
        const float* lead = stream ? d : !au ? a : !bu ? b : d;                                    \
        const size_t head = (size_t)((32u - ((uintptr_t)lead & 31u)) & 31u) / 4u;                  \
        for (; k < n && k < head; k++) {                                                           \
            const float v = a[au ? 0 : k] OP b[bu ? 0 : k];                                       \
            d[k] = relu && v < 0.0f ? 0.0f : v;                                                    \
        }                                                                                          \
        for (; k + 8 <= n; k += 8) {                                                               \
            const __m256 x = au ? a0 : _mm256_loadu_ps(a + k);                                    \
            const __m256 y = bu ? b0 : _mm256_loadu_ps(b + k);                                    \
            const __m256 s = x OP y;                                                               \
            const __m256 v = relu ? EW_F32_RELU(s) : s;                                            \
            if (stream) _mm256_stream_ps(d + k, v);                                                \
            else _mm256_storeu_ps(d + k, v);                                                       \
        }                                                                                          \
        for (; k < n; k++) {                                                                       \
            const float v = a[au ? 0 : k] OP b[bu ? 0 : k];                                       \
            d[k] = relu && v < 0.0f ? 0.0f : v;                                                    \
        }                                                                                          \
    }                                                                                              \
    EW_T256 static void f32_##NAME##_row(const float* a, int au, const float* b, int bu, float* d, size_t n, \
                                         int relu, int stream, const ew_f32_period* per) {         \
        if (per == NULL) {                                                                         \
            f32_##NAME##_span(a, au, b, bu, d, n, relu, stream);                                   \
            return;                                                                                \
        }                                                                                          \
        /* a short row repeated (EW_F32_REPEAT) so that each span is long */                      \
        float rep[EW_F32_REPEAT];                                                                  \
        size_t P = per->P;                                                                         \
        if (P <= EW_F32_REPEAT / 2 && n > 2 * EW_F32_REPEAT && per->a != per->b) {                 \
            const float* row = per->a ? a : b;                                                     \
            const size_t R = EW_F32_REPEAT / P;                                                    \
            for (size_t i = 0; i < R; i++) memcpy(rep + i * P, row, P * sizeof(float));            \
            if (per->a) a = rep;                                                                   \
            else b = rep;                                                                          \
            P *= R;                                                                                \
        }                                                                                          \
        for (size_t done = 0, ph = per->phase; done < n; ph = 0) {                                 \
            const size_t len = n - done < P - ph ? n - done : P - ph;                              \
            f32_##NAME##_span(per->a ? a + ph : au ? a : a + done, au, per->b ? b + ph : bu ? b : b + done, \
                              bu, d + done, len, relu, stream);                                    \
            done += len;                                                                           \
        }                                                                                          \
    }
EW_F32_BINARY(add, +)
EW_F32_BINARY(subtract, -)
EW_F32_BINARY(multiply, *)
EW_F32_BINARY(divide, /)
#undef EW_F32_BINARY
#undef EW_F32_RELU
/* Whether a plan's fused activation is one these rows apply themselves: none, or RELU. */
static int f32_binary_fusable(const pydml_ew_plan* plan) {
    return plan->fused == NULL || plan->fused->type == DML_OPERATOR_ACTIVATION_RELU;
}

/* ADD (ADD1), SUBTRACT, MULTIPLY, DIVIDE: 0 .. 3, the index into the one-pass rows below; -1 others */
static int binary_row_index(uint32_t type) {
    switch (type) {
    case DML_OPERATOR_ELEMENT_WISE_ADD: case DML_OPERATOR_ELEMENT_WISE_ADD1: return 0;
    case DML_OPERATOR_ELEMENT_WISE_SUBTRACT: return 1;
    case DML_OPERATOR_ELEMENT_WISE_MULTIPLY: return 2;
    case DML_OPERATOR_ELEMENT_WISE_DIVIDE: return 3;
    default: return -1;
    }
}
static ew_f32_binary_fn f32_binary_of(uint32_t type) {
    static const ew_f32_binary_fn rows[4] = {f32_add_row, f32_subtract_row, f32_multiply_row, f32_divide_row};
    const int i = binary_row_index(type);
    return i < 0 ? NULL : rows[i];
}
typedef void (*ew_f16_binary_fn)(const ew_half*, int, const ew_half*, int, ew_half*, size_t, int);
static ew_f16_binary_fn f16_binary_of(uint32_t type) {
    static const ew_f16_binary_fn rows[4] = {f16_add_avx2, f16_subtract_avx2, f16_multiply_avx2, f16_divide_avx2};
    const int i = binary_row_index(type);
    return i < 0 ? NULL : rows[i];
}
EW_T512 static void f16_store_avx512(const float* s, ew_half* d, size_t n, int stream) {
    size_t k = 0;
    if (stream && ((uintptr_t)d & 1u) == 0) {
        for (; k < n && ((uintptr_t)(d + k) & 31u); k++) d[k] = pydml_f32_to_f16(s[k]);
        for (; k + 16 <= n; k += 16)
            _mm256_stream_si256((__m256i*)(d + k), _mm512_cvtps_ph(_mm512_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
        _mm_sfence();
    }
    for (; k + 16 <= n; k += 16)
        _mm256_storeu_si256((__m256i*)(d + k), _mm512_cvtps_ph(_mm512_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
    for (; k < n; k++) d[k] = pydml_f32_to_f16(s[k]);
}
#endif

/* pydml_debug_elementwise_binary_rows (include/pydml.h): runs computed by f32_binary_of's rows */
static uint64_t g_binary_rows_streamed, g_binary_rows_cached;

void pydml_debug_elementwise_binary_rows(uint64_t* streamed, uint64_t* cached) {
    if (streamed) *streamed = __atomic_load_n(&g_binary_rows_streamed, __ATOMIC_RELAXED);
    if (cached) *cached = __atomic_load_n(&g_binary_rows_cached, __ATOMIC_RELAXED);
}

/* LOGICAL_AND / OR / XOR / NOT on 8-bit operands into an 8-bit output, byte for byte (the pages: any
 * non-zero input is true, the result 1 or 0): the integer domain widened every byte to int64 and
 * back (8M UINT8, 2 threads: NOT 0.71 ms, AND 0.98 ms, torch 0.15). An operand with stride 0 along
 * the run is one byte (sa / sb 0). */
#define EW_BYTE_LOGIC(SUF, ATTR)                                                                   \
    ATTR static void byte_logic_##SUF(uint32_t op, const uint8_t* a, size_t sa, const uint8_t* b, size_t sb, \
                                      uint8_t* o, size_t n) {                                      \
        switch (op) {                                                                              \
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT:                                                \
            for (size_t k = 0; k < n; k++) o[k] = (uint8_t)(a[k * sa] == 0);                       \
            break;                                                                                 \
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND:                                                \
            for (size_t k = 0; k < n; k++) o[k] = (uint8_t)((a[k * sa] != 0) & (b[k * sb] != 0));  \
            break;                                                                                 \
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR:                                                 \
            for (size_t k = 0; k < n; k++) o[k] = (uint8_t)((a[k * sa] != 0) | (b[k * sb] != 0));  \
            break;                                                                                 \
        default:                                                                                   \
            for (size_t k = 0; k < n; k++) o[k] = (uint8_t)((a[k * sa] != 0) != (b[k * sb] != 0)); \
            break;                                                                                 \
        }                                                                                          \
    }
EW_BYTE_LOGIC(c, )
#ifdef EW_X86
EW_BYTE_LOGIC(avx2, EW_T256)
EW_BYTE_LOGIC(avx512, EW_T512)
#endif
#undef EW_BYTE_LOGIC

/* byte_logic's row over a run whose operands are contiguous or one value (stride 1 or 0; the
 * compiler versions the loops for the unit strides and vectorizes those); 0 when the run does not
 * fit */
static int byte_logic_row(const ew_run* r, const uint64_t* offset, uint64_t n) {
    const pydml_ew_plan* plan = r->plan;
    const uint32_t n_in = plan->input_count, inner = r->dims - 1;
    if (r->strides[n_in][inner] != 1) return 0;
    const uint8_t* op[2] = {NULL, NULL};
    size_t st[2] = {0, 0};
    for (uint32_t k = 0; k < n_in; k++) {
        if (r->strides[k][inner] > 1 || r->period[k] != 0) return 0;
        op[k] = (const uint8_t*)r->base[k] + offset[k];
        st[k] = (size_t)r->strides[k][inner];
    }
    if (n_in == 1) op[1] = op[0];
    uint8_t* out = (uint8_t*)r->base[n_in] + offset[n_in];
    void (*row)(uint32_t, const uint8_t*, size_t, const uint8_t*, size_t, uint8_t*, size_t) = byte_logic_c;
#ifdef EW_X86
    if (r->isa == EW_ISA_AVX512) row = byte_logic_avx512;
    else if (r->isa == EW_ISA_AVX2) row = byte_logic_avx2;
#endif
    row(plan->byte_logic, op[0], st[0], op[1], n_in == 1 ? st[0] : st[1], out, (size_t)n);
    return 1;
}

/* Integer ADD / SUBTRACT / MULTIPLY / DIVIDE / MODULUS_* whose operands and output are one 8-, 16- or
 * 32-bit type, in that width: the low bits of the wrapping 64-bit result the integer domain
 * computes are those of the same operation wrapping in the narrower unsigned type, and the
 * divisions keep the domain's rules (8M INT32, 2 threads: ADD 0.42-0.66x, DIVIDE 0.64x torch
 * through the int64 stage). Operands contiguous or one value along the run (stride 0). */
#define EW_SAME_WIDTH(SUF, ATTR)                                                                   \
    ATTR static void same_width_##SUF(uint32_t op, uint32_t type, const void* a_, size_t sa, const void* b_, \
                                      size_t sb, void* o_, size_t n) {                             \
        switch (type) {                                                                            \
        case DML_TENSOR_DATA_TYPE_INT8: EW_SAME_WIDTH_OPS(uint8_t) EW_SAME_WIDTH_DIV(int8_t, int32_t, INT8_MIN, INT8_MAX) break; \
        case DML_TENSOR_DATA_TYPE_UINT8: EW_SAME_WIDTH_OPS(uint8_t) EW_SAME_WIDTH_DIV(uint8_t, uint32_t, 0, UINT8_MAX) break; \
        case DML_TENSOR_DATA_TYPE_INT16: EW_SAME_WIDTH_OPS(uint16_t) EW_SAME_WIDTH_DIV(int16_t, int32_t, INT16_MIN, INT16_MAX) break; \
        case DML_TENSOR_DATA_TYPE_UINT16: EW_SAME_WIDTH_OPS(uint16_t) EW_SAME_WIDTH_DIV(uint16_t, uint32_t, 0, UINT16_MAX) break; \
        case DML_TENSOR_DATA_TYPE_INT32: EW_SAME_WIDTH_OPS(uint32_t) EW_SAME_WIDTH_DIV(int32_t, int32_t, INT32_MIN, INT32_MAX) break; \
        default: EW_SAME_WIDTH_OPS(uint32_t) EW_SAME_WIDTH_DIV(uint32_t, uint32_t, 0, UINT32_MAX) break;        \
        }                                                                                          \
    }
/* the wrapping operations, on the unsigned type of the width */
#define EW_SAME_WIDTH_OPS(T)                                                                       \
    {                                                                                              \
        const T* a = (const T*)a_;                                                                 \
        const T* b = (const T*)b_;                                                                 \
        T* o = (T*)o_;                                                                             \
        if (op == DML_OPERATOR_ELEMENT_WISE_ADD)                                                   \
            for (size_t k = 0; k < n; k++) o[k] = (T)(a[k * sa] + b[k * sb]);                      \
        else if (op == DML_OPERATOR_ELEMENT_WISE_SUBTRACT)                                         \
            for (size_t k = 0; k < n; k++) o[k] = (T)(a[k * sa] - b[k * sb]);                      \
        else if (op == DML_OPERATOR_ELEMENT_WISE_MULTIPLY)                                         \
            for (size_t k = 0; k < n; k++) o[k] = (T)((uint32_t)a[k * sa] * (uint32_t)b[k * sb]); \
    }
/* DIVIDE and the MODULUS operators on the type itself, with ew_math.c's rules (div_i64,
 * mod_trunc_i64, mod_floor_i64): x / 0 is the type's maximum for x > 0, its minimum for x < 0, 0
 * for 0 / 0; x / -1 wraps (MIN / -1 = MIN); x mod 0 = x, x mod -1 = 0; the floor remainder takes
 * b's sign. The special divisors in int64, the others divided in 32 bits (W: no overflow once
 * -1 and 0 are out), narrowed: the int64 domain's results. */
#define EW_SAME_WIDTH_DIV(T, W, LO, HI)                                                            \
    {                                                                                              \
        const T* a = (const T*)a_;                                                                 \
        const T* b = (const T*)b_;                                                                 \
        T* o = (T*)o_;                                                                             \
        if (op == DML_OPERATOR_ELEMENT_WISE_DIVIDE)                                                \
            for (size_t k = 0; k < n; k++) {                                                       \
                const int64_t x = a[k * sa], y = b[k * sb];                                        \
                o[k] = (T)(y == 0 ? (x > 0 ? (int64_t)(HI) : x < 0 ? (int64_t)(LO) : 0) : y == -1 ? -x : (int64_t)((W)x / (W)y)); \
            }                                                                                      \
        else if (op == DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE)                                 \
            for (size_t k = 0; k < n; k++) {                                                       \
                const int64_t x = a[k * sa], y = b[k * sb];                                        \
                o[k] = (T)(y == 0 ? x : y == -1 ? 0 : (int64_t)((W)x % (W)y));                    \
            }                                                                                      \
        else if (op == DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR)                                    \
            for (size_t k = 0; k < n; k++) {                                                       \
                const int64_t x = a[k * sa], y = b[k * sb];                                        \
                const int64_t r = y == 0 ? x : y == -1 ? 0 : (int64_t)((W)x % (W)y);               \
                o[k] = (T)(r != 0 && ((r < 0) != (y < 0)) ? r + y : r);                            \
            }                                                                                      \
    }
EW_SAME_WIDTH(c, )
#ifdef EW_X86
EW_SAME_WIDTH(avx2, EW_T256)
EW_SAME_WIDTH(avx512, EW_T512)
#endif
#undef EW_SAME_WIDTH_DIV
#undef EW_SAME_WIDTH_OPS
#undef EW_SAME_WIDTH

/* same_width's row over a run whose operands are contiguous or one value; 0 when it does not fit */
static int same_width_row(const ew_run* r, const uint64_t* offset, uint64_t n) {
    const pydml_ew_plan* plan = r->plan;
    const uint32_t inner = r->dims - 1, e = bits_of_int(plan->params.output_type) / 8u;
    if (r->strides[2][inner] != 1) return 0;
    for (uint32_t k = 0; k < 2; k++)
        if (r->strides[k][inner] > 1 || r->period[k] != 0) return 0;
    void (*row)(uint32_t, uint32_t, const void*, size_t, const void*, size_t, void*, size_t) = same_width_c;
#ifdef EW_X86
    if (r->isa == EW_ISA_AVX512) row = same_width_avx512;
    else if (r->isa == EW_ISA_AVX2) row = same_width_avx2;
#endif
    row(plan->same_width, plan->params.output_type, r->base[0] + offset[0] * e, (size_t)r->strides[0][inner], r->base[1] + offset[1] * e,
        (size_t)r->strides[1][inner], (char*)r->base[2] + offset[2] * e, (size_t)n);
    return 1;
}

/* n elements starting at the given element offsets, in chunks; `start`: the span's first position
 * along the run (where a periodic input's row is at). */
static void run_span(const ew_run* r, const uint64_t* offset, uint64_t n_total, uint64_t start) {
    const pydml_ew_plan* plan = r->plan;
    if (plan->byte_logic && byte_logic_row(r, offset, n_total)) return;
    if (plan->same_width && same_width_row(r, offset, n_total)) return;
    const int domain = plan->domain, isa = r->isa;
    const uint32_t n_in = plan->input_count, o = n_in;
    _Alignas(64) unsigned char stage[EW_MAX_INPUTS + 1][EW_CHUNK * 8];
    const void* in[EW_MAX_INPUTS];
    static const uint64_t zeros[EW_CHUNK] = {0};
    /* FLOAT16 rows through the F16C conversions above */
    const int f16_rows = domain == EW_F32 && isa != EW_ISA_PORTABLE;
    const uint32_t own = native_type(domain);
    const uint32_t inner = r->dims - 1;
    /* a broadcast operand (stride 0 along the run) is the same value in every chunk: staged once, by
     * the first chunk, which is the longest */
    uint32_t staged = 0;
    /* the plan's parameters, plus which operands are one value along this run */
    ew_params params = plan->params;
    params.uniform = 0;
    params.ahead = 0;
    for (uint32_t k = 0; k < n_in; k++) {
        if (r->base[k] != NULL && r->strides[k][inner] == 0 && r->period[k] == 0) params.uniform |= 1u << k;
        if (r->base[k] != NULL && r->strides[k][inner] == 1 && r->types[k] == own && !(k == 0 && plan->has_scale_bias))
            params.ahead |= 1u << k;  /* read in place by the function, which prefetches it */
    }
    /* FLOAT32 outputs of an execute whose operands exceed the last-level cache (EW_STREAM_BYTES):
     * each chunk computed into the stage (in L1) and streamed to the output with non-temporal
     * stores, as the FLOAT16 rows below, so the output's lines are not read for ownership first
     * (ADD moves 12 bytes an element instead of 16). Issue 25, AVX2 host (EPYC Zen 3), shared by
     * five other jobs (load 7-12): 8M-element ADD, a C loop with streamed vs ordinary stores, 41
     * alternating rounds: 1.13x (2 threads), 1.48x (1 thread) median time ratio; through the
     * engine, 25-41 rounds: ADD 1.00-1.06x, broadcast-row ADD 1.06-1.18x, RELU 1.03-1.17x, CLIP
     * 1.04x (1 thread, CPU time: 0.95-1.15x, within the noise). Not for the rows that cost more
     * than the write they save (EW_FLAG_COMPUTE_BOUND): the staging pass made them slower. Quiet
     * AVX2 host, 8M floats, streamed / in-place time, medians of 12 alternating rounds, 1 thread
     * CPU time and 2 threads wall: GELU 1.09-1.15 / 1.05, TANH 1.03 / 1.03, ERF 1.08 / 1.10,
     * SIGMOID 1.00 / 1.07; EXP 0.98 / 0.96 and ADD 0.85 / 0.81 kept streaming there. On an Intel
     * Xeon (AVX-512, a 260 MiB L3 of which 64 MiB of operands stay cached), 8M-element EXP, 2
     * threads, alternated with torch: streamed 0.82-0.98x torch (AVX-512 path) and 0.66-0.72x
     * (AVX2 path, its new row), in place 0.98-1.08x and 0.95-0.98x, while ADD, MULTIPLY, CLIP and
     * RELU lost 12-30 % of their bandwidth without streaming: EXP joined the compute-bound rows. */
    const int nt_f32 = r->stream && !(plan->entry->flags & EW_FLAG_COMPUTE_BOUND) && domain == EW_F32 && r->strides[o][inner] == 1 && n_total >= EW_STREAM_SPAN &&
                       r->types[o] == DML_TENSOR_DATA_TYPE_FLOAT32 && !plan->narrow;
    if (r->strides[o][inner] == 1 && (r->types[o] == own || plan->narrow) && !plan->fused && !nt_f32)
        params.ahead |= EW_AHEAD_OUT;  /* written in place (by the narrow row, for 8-bit outputs) */
    /* the first chunk ends at a 64-byte boundary of a streamed output, so every later chunk
     * writes whole lines */
    uint64_t first = EW_CHUNK;
    /* the stage streamed out a line (AVX-512) or half a line (AVX2) per store, from its chunks'
     * 64-byte boundaries, as pooling's rows are: CLIP on 8M floats, 2 threads, the Emerald Rapids
     * host, two builds side by side, best of 4 alternating rounds against 16-byte stores: AVX-512
     * path 3.52 -> 3.84 G elements/s; RELU and the AVX2 path within the noise (3.4-3.6 both) */
    const unsigned stream_bytes = isa == EW_ISA_AVX512 ? 64u : isa == EW_ISA_AVX2 ? 32u : 16u;
    if (nt_f32) {
        const uintptr_t a0 = (uintptr_t)(r->base[o] + offset[o] * sizeof(float));
        if ((a0 & 3u) == 0) first = EW_CHUNK - ((a0 & 63u) >> 2);
    }
#ifdef EW_X86
    /* FLOAT16 ADD / SUBTRACT / MULTIPLY / DIVIDE rows in one pass (f16_binary_of) */
    ew_f16_binary_fn f16_binary = NULL;
    if (f16_rows && n_in == 2 && !plan->fused && !plan->has_scale_bias && r->strides[o][inner] == 1 &&
        r->period[0] == 0 && r->period[1] == 0 &&
        r->types[o] == DML_TENSOR_DATA_TYPE_FLOAT16 && r->types[0] == DML_TENSOR_DATA_TYPE_FLOAT16 &&
        r->types[1] == DML_TENSOR_DATA_TYPE_FLOAT16 && r->base[0] != NULL && r->base[1] != NULL &&
        r->strides[0][inner] <= 1 && r->strides[1][inner] <= 1)
        f16_binary = f16_binary_of(plan->entry->type);
    if (f16_binary != NULL) {
        const ew_half* a = (const ew_half*)(const void*)r->base[0] + offset[0];
        const ew_half* b = (const ew_half*)(const void*)r->base[1] + offset[1];
        f16_binary(a, r->strides[0][inner] == 0, b, r->strides[1][inner] == 0,
                   (ew_half*)(void*)r->base[o] + offset[o], (size_t)n_total, r->stream);
        return;
    }
    /* FLOAT32 ADD / SUBTRACT / MULTIPLY / DIVIDE (with or without a fused RELU) in one pass
     * (binary_row_of, decided per execution): past the last-level cache streamed from the
     * registers, not through the stage, for spans long enough to stream (as nt_f32); in the cache
     * with ordinary stores, one pass instead of a call per chunk (ADD [8, 64, 56^2] measured 0.70x
     * torch). A row longer than EW_PERIOD_MAX was merged for these rows only (merge_periodic): the
     * stage cannot hold it, so every span of it takes them, however short. */
    if (r->relu_row && r->stream && n_total >= EW_STREAM_SPAN && r->strides[o][inner] == 1 && r->strides[0][inner] == 1) {
        f32_relu_stream((const float*)(const void*)r->base[0] + offset[0],
                        (float*)(void*)(r->base[o] + offset[o] * sizeof(float)), (size_t)n_total);
        __atomic_fetch_add(&g_binary_rows_streamed, 1, __ATOMIC_RELAXED);
        return;
    }
    const int long_period = r->period[0] > EW_PERIOD_MAX || r->period[1] > EW_PERIOD_MAX;
    if (r->binary_row != NULL && (!r->stream || n_total >= EW_STREAM_SPAN || long_period) &&
        r->strides[o][inner] == 1 && r->strides[0][inner] <= 1 && r->strides[1][inner] <= 1) {
        float* d = (float*)(void*)(r->base[o] + offset[o] * sizeof(float));
        const float* a = (const float*)(const void*)r->base[0] + offset[0];
        const float* b = (const float*)(const void*)r->base[1] + offset[1];
        const int au = r->strides[0][inner] == 0 && r->period[0] == 0;
        const int bu = r->strides[1][inner] == 0 && r->period[1] == 0;
        /* a periodic operand (merge_periodic: one row over the run) read at each position's
         * phase, in spans that end where its row does, inside the row function (a call per span
         * before: ADD of a [8, 1, 1, 128] mask over [8, 12, 128, 128], one thread, 260 -> 223 us) */
        const uint64_t P = r->period[0] ? r->period[0] : r->period[1];
        const ew_f32_period per = {(size_t)P, P ? (size_t)(start % P) : 0, r->period[0] != 0, r->period[1] != 0};
        r->binary_row(a, au, b, bu, d, (size_t)n_total, plan->fused != NULL, r->stream, P ? &per : NULL);
        __atomic_fetch_add(r->stream ? &g_binary_rows_streamed : &g_binary_rows_cached, 1, __ATOMIC_RELAXED);
        return;
    }
#endif
    /* An 8-bit row whose operands are each read in place or one value along the run: one call for
     * the whole run (the row splits it as it needs), the one-value operands staged once. Issue 25,
     * Zen 4: QUANTIZE_LINEAR's 1024-element calls cost the engine about 30 ns each, a quarter of
     * the row's own time in cache (C harness through pydml_ew_execute, one thread). */
    if (plan->narrow && (plan->narrow->spans >> isa & 1u) && r->strides[o][inner] == 1 && !plan->has_scale_bias) {
        int whole = 1;
        for (uint32_t k = 0; k < n_in; k++)
            if (r->base[k] != NULL && r->strides[k][inner] != 0 && !(r->strides[k][inner] == 1 && r->types[k] == own))
                whole = 0;
        if (whole) {
            for (uint32_t k = 0; k < EW_MAX_INPUTS; k++) in[k] = zeros;
            for (uint32_t k = 0; k < n_in; k++) {
                if (r->base[k] == NULL) { /* absent: zeros, one value */
                    params.uniform |= 1u << k;
                    continue;
                }
                const char* src = r->base[k] + offset[k] * element_bytes(r->types[k]);
                if (r->strides[k][inner] == 1) {
                    in[k] = src;
                } else {
                    load(domain, isa, r->types[k], src, 0, EW_CHUNK, stage[k]);
                    in[k] = stage[k];
                }
            }
            plan->narrow->fn[isa](&params, (size_t)n_total, (uint8_t*)(void*)(r->base[o] + offset[o]),
                                  (const float* const*)in);
            return;
        }
    }
    for (uint64_t done = 0, step = first; done < n_total; done += step, step = EW_CHUNK) {
        size_t n = (size_t)(n_total - done < step ? n_total - done : step);
        for (uint32_t k = 0; k < EW_MAX_INPUTS; k++) in[k] = zeros;
        for (uint32_t k = 0; k < n_in; k++) {
            if (r->base[k] == NULL) continue;
            uint64_t s = r->strides[k][inner];
            const char* src = r->base[k] + (offset[k] + done * s) * element_bytes(r->types[k]);
            int scaled = k == 0 && plan->has_scale_bias;
            const int half = f16_rows && s == 1 && r->types[k] == DML_TENSOR_DATA_TYPE_FLOAT16;
            if (s == 1 && !half && !(params.ahead >> k & 1u) && done + EW_CHUNK < n_total) {
                /* the next chunk of a contiguous operand converted into the stage (the functions
                 * prefetch the rows they read in place, interleaved: EW_FOR) */
                const size_t eb = element_bytes(r->types[k]);
                const uint64_t next = n_total - done - EW_CHUNK < EW_CHUNK ? n_total - done - EW_CHUNK : EW_CHUNK;
                const char* ahead = src + EW_CHUNK * eb;
                for (size_t b = 0; b < next * eb; b += 64) __builtin_prefetch(ahead + b, 0, 3);
            }
            if (r->period[k] != 0) {
                /* a periodic input (merge_periodic): its row, scaled, repeated in the stage far
                 * enough for any chunk to start at any phase of it */
                const uint64_t P = r->period[k];
                float* row = (float*)(void*)stage[k];
                if (!(staged >> k & 1u)) {
                    load(domain, isa, r->types[k], src, 1, (size_t)P, row);
                    if (scaled) scale_bias(domain, isa, row, (size_t)P, plan->scale, plan->bias);
                    for (uint64_t j = P; j < P + EW_CHUNK; j++) row[j] = row[j - P];
                    staged |= 1u << k;
                }
                in[k] = row + (start + done) % P;
                continue;
            }
            if (staged >> k & 1u) {
                in[k] = stage[k];
            } else if (r->types[k] == own && s == 1 && !scaled) {
                in[k] = src;
            } else {
                /* a broadcast operand staged by a short first chunk fills the whole stage */
                const size_t nl = s == 0 && first < EW_CHUNK ? EW_CHUNK : n;
#ifdef EW_X86
                if (half && isa == EW_ISA_AVX512) f16_load_avx512((const ew_half*)(const void*)src, (float*)(void*)stage[k], n);
                else if (half) f16_load_avx2((const ew_half*)(const void*)src, (float*)(void*)stage[k], n);
                else
#endif
                load(domain, isa, r->types[k], src, s, nl, stage[k]);
                if (scaled && domain == EW_I64)
                    scale_bias_int(r->types[k], (int64_t*)(void*)stage[k], nl, plan->scale, plan->bias);
                else if (scaled)
                    scale_bias(domain, isa, stage[k], nl, plan->scale, plan->bias);
                in[k] = stage[k];
                if (s == 0) staged |= 1u << k;
            }
        }
        uint64_t so = r->strides[o][inner];
        char* dst = r->base[o] + (offset[o] + done * so) * element_bytes(r->types[o]);
        int direct = r->types[o] == own && so == 1 && !nt_f32;
        void* out = direct ? (void*)dst : (void*)stage[o];
        if (plan->narrow && so == 1) {
            plan->narrow->fn[isa](&params, n, (uint8_t*)dst, (const float* const*)in);
            continue;
        }
        call(plan->entry, domain, isa, &params, n, out, in);
        if (plan->fused) {
            const void* self[EW_MAX_INPUTS] = {out};
            for (uint32_t k = 1; k < EW_MAX_INPUTS; k++) self[k] = zeros;
            call(plan->fused, domain, isa, &plan->fused_params, n, out, self);
        }
        if (nt_f32) {
            pydml_stream_copy_f32_wide((float*)(void*)dst, (const float*)out, n, stream_bytes);
            continue;
        }
#ifdef EW_X86
        if (f16_rows && so == 1 && r->types[o] == DML_TENSOR_DATA_TYPE_FLOAT16) {
            if (isa == EW_ISA_AVX512) f16_store_avx512(out, (ew_half*)(void*)dst, n, r->stream);
            else f16_store_avx2(out, (ew_half*)(void*)dst, n, r->stream);
            continue;
        }
#endif
        if (!direct) store(domain, isa, r->types[o], out, n, dst, so);
    }
}

/* Work item `item`: rows of the outer dimensions, or a block of one long row. */
static void run_item(const ew_run* r, uint64_t item, uint64_t block, uint64_t rows_per_item, uint64_t blocks_per_row,
                     uint64_t outer_rows) {
    const uint32_t inner = r->dims - 1;
    const uint64_t L = r->sizes[inner];
    uint64_t row0, row1, start, len;
    if (blocks_per_row > 1) {
        row0 = item / blocks_per_row;
        row1 = row0 + 1;
        start = (item % blocks_per_row) * block;
        len = L - start < block ? L - start : block;
    } else {
        row0 = item * rows_per_item;
        row1 = row0 + rows_per_item < outer_rows ? row0 + rows_per_item : outer_rows;
        start = 0;
        len = L;
    }
    /* coordinates of row0 in the outer dimensions, then an odometer */
    uint64_t coord[PYDML_MAX_DIMS] = {0};
    uint64_t rest = row0;
    for (uint32_t d = inner; d-- > 0;) {
        coord[d] = rest % r->sizes[d];
        rest /= r->sizes[d];
    }
    uint64_t offset[EW_MAX_INPUTS + 1];
    for (uint32_t t = 0; t < r->tensors; t++) {
        uint64_t off = start * r->strides[t][inner];
        for (uint32_t d = 0; d < inner; d++) off += coord[d] * r->strides[t][d];
        offset[t] = off;
    }
    for (uint64_t row = row0; row < row1; row++) {
        run_span(r, offset, len, start);
        for (uint32_t d = inner; d-- > 0;) { /* next row */
            coord[d]++;
            for (uint32_t t = 0; t < r->tensors; t++) offset[t] += r->strides[t][d];
            if (coord[d] < r->sizes[d] || d == 0) break;
            for (uint32_t t = 0; t < r->tensors; t++) offset[t] -= coord[d] * r->strides[t][d];
            coord[d] = 0;
        }
    }
}

/* pydml_debug_elementwise_stats (include/pydml.h): executions that took each special path. */
static uint64_t g_transposed, g_row_copies, g_periodic;

void pydml_debug_elementwise_stats(uint64_t* transposed, uint64_t* row_copies, uint64_t* periodic) {
    if (transposed) *transposed = __atomic_load_n(&g_transposed, __ATOMIC_RELAXED);
    if (row_copies) *row_copies = __atomic_load_n(&g_row_copies, __ATOMIC_RELAXED);
    if (periodic) *periodic = __atomic_load_n(&g_periodic, __ATOMIC_RELAXED);
}

/* ACTIVATION_RELU of a FLOAT32 tensor into FLOAT32 on a vector path, without ScaleBias, both bases
 * 4-byte aligned and the input not periodic: its streamed runs take f32_relu_stream (run_span).
 * 8M floats, 2 threads, the Emerald Rapids host, two builds side by side, median of 5 alternating
 * runs: AVX2 path 3.80 -> 4.11 G elements/s (CLIP, unchanged, 3.75 and 3.55 in the same runs),
 * AVX-512 path within the noise (4.00 -> 4.04). (RELU through ADD's row with -0.0 as the one-value
 * operand measured the same but quiets signaling NaNs, which RELU keeps.) */
static int relu_row_of(const ew_run* r) {
    const pydml_ew_plan* plan = r->plan;
    return r->isa != EW_ISA_PORTABLE && plan->entry->type == DML_OPERATOR_ACTIVATION_RELU && plan->input_count == 1 &&
           plan->fused == NULL && !plan->has_scale_bias && plan->narrow == NULL && plan->domain == EW_F32 &&
           r->base[0] != NULL && r->types[0] == DML_TENSOR_DATA_TYPE_FLOAT32 &&
           r->types[1] == DML_TENSOR_DATA_TYPE_FLOAT32 && r->period[0] == 0 &&
           (((uintptr_t)r->base[0] | (uintptr_t)r->base[1]) & 3u) == 0;
}

/* The one-pass row of an execution's runs (run_span), or NULL: FLOAT32 ADD / SUBTRACT / MULTIPLY /
 * DIVIDE of two present FLOAT32 operands into FLOAT32, on a vector path, without ScaleBias, with no
 * fused activation or a RELU, every base 4-byte aligned (so every run's offsets are too). */
static ew_f32_binary_fn binary_row_of(const ew_run* r) {
#ifdef EW_X86
    const pydml_ew_plan* plan = r->plan;
    if (r->isa == EW_ISA_PORTABLE || plan->input_count != 2 || !f32_binary_fusable(plan) || plan->has_scale_bias ||
        plan->narrow != NULL || plan->domain != EW_F32 || r->base[0] == NULL || r->base[1] == NULL ||
        r->types[0] != DML_TENSOR_DATA_TYPE_FLOAT32 || r->types[1] != DML_TENSOR_DATA_TYPE_FLOAT32 ||
        r->types[2] != DML_TENSOR_DATA_TYPE_FLOAT32 ||
        (((uintptr_t)r->base[0] | (uintptr_t)r->base[1] | (uintptr_t)r->base[2]) & 3u) != 0)
        return NULL;
    return f32_binary_of(plan->entry->type);
#else
    (void)r;
    return NULL;
#endif
}

/* Merges the run with the axis outside it when every operand continues across it (stride there =
 * the run's length, unit along the run), is one value (0 and 0), or is an input repeating one row
 * (0 there, unit along the run): an attention mask [B, 1, 1, S] over scores [B, H, S, S], a row
 * broadcast over short rows. Such a run stops at every row (coalesce cannot merge a stride 0 with
 * a stride S), and each run paid the row path's set-up: the mask ADD of [8, 12, 128^2] took 0.37-0.46
 * ms, 2.5x a same-shape ADD, torch 0.09. The merged run reads the repeating input from its stage
 * at the run position's phase (run_span); the float domain only (its stage holds 2048 values), no
 * 8-bit narrow rows. Each element is computed from the same operands as before: the same bits. */
static void merge_periodic(ew_run* r) {
    const pydml_ew_plan* plan = r->plan;
    if (r->dims < 2 || plan->domain != EW_F32 || plan->narrow != NULL) return;
    const uint32_t i = r->dims - 1, o = i - 1;
    const uint64_t L = r->sizes[i];
    /* any length for the streamed FLOAT32 binary rows, which read the row in place (f32_binary_of:
     * a bias row [2048] over [4096, 2048] was 4096 runs, each paying the engine's set-up) */
    if (L > EW_PERIOD_MAX && !(r->binary_row != NULL && r->stream && L <= UINT32_MAX)) return;
    uint32_t periodic = 0;
    for (uint32_t t = 0; t < r->tensors; t++) {
        if (r->base[t] == NULL) continue;
        const uint64_t si = r->strides[t][i], so = r->strides[t][o];
        if (si == 1 && so == L) continue;
        if (t + 1 == r->tensors) return; /* the output continues across, or nothing merges */
        if (si == 0 && so == 0) continue;
        if (si == 1 && so == 0) {
            periodic |= 1u << t;
            continue;
        }
        return;
    }
    if (periodic == 0) return;
    for (uint32_t t = 0; t < r->tensors; t++) {
        if (periodic >> t & 1u) r->period[t] = (uint32_t)L;
        r->strides[t][o] = r->base[t] != NULL && r->strides[t][i] == 1 && !(periodic >> t & 1u) ? 1u : 0u;
    }
    r->sizes[o] *= L;
    r->dims = i;
    __atomic_fetch_add(&g_periodic, 1, __ATOMIC_RELAXED);
}

/* ---- transposing copies ----
 * DirectML has no TRANSPOSE: a transpose is ELEMENT_WISE_IDENTITY over an input whose strides are
 * permuted (ONNX Runtime's DirectML provider lowers Transpose so). Run by run, the output's rows read
 * their input one element per cache line, 2.5-4x torch's time (512 x 512 FLOAT32: 0.60 against
 * 0.22 ms, one thread, Zen 4). Where the input is contiguous along another output axis, copies of
 * 32-bit and 16-bit elements run in tiles instead: 16 output rows by 8 columns through 8 x 8
 * register transposes (AVX2 for 32 bits, SSE2 for 16; a blocked scalar loop on the portable
 * path). Each element is copied alone, with the row path's bits: FLOAT32's float moves and the
 * integer types' copies keep every bit, FLOAT16's NaNs leave quiet as its conversions make them. */

/* An IDENTITY without ScaleBias or FusedActivation whose input is present and of the output's
 * type: a copy (the transposing tiles and the row copies below). */
static int plain_copy(const ew_run* r) {
    const pydml_ew_plan* plan = r->plan;
    return plan->input_count == 1 && plan->entry->type == DML_OPERATOR_ELEMENT_WISE_IDENTITY &&
           !plan->has_scale_bias && plan->fused == NULL && r->base[0] != NULL && r->dims >= 2 &&
           r->types[0] == r->types[1];
}

/* Whether the input's and the output's spans (first to last element they reach) overlap. */
static int copy_overlaps(const ew_run* r) {
    uint64_t in_span = 1, out_span = 1;
    for (uint32_t d = 0; d < r->dims; d++) {
        in_span += (r->sizes[d] - 1) * r->strides[0][d];
        out_span += (r->sizes[d] - 1) * r->strides[1][d];
    }
    const uint64_t eb = element_bytes(r->types[0]);
    const uintptr_t i0 = (uintptr_t)r->base[0], i1 = i0 + in_span * eb, o0 = (uintptr_t)r->base[1], o1 = o0 + out_span * eb;
    return i0 < o1 && o0 < i1;
}

typedef struct ew_transpose {
    const char* src;
    char* dst;
    uint32_t esize;                    /* 4 or 2 bytes */
    int quiet;                         /* FLOAT16: NaNs leave quiet (below) */
    uint32_t a, inner;                 /* the axis contiguous in the input; the output's innermost */
    uint64_t rows, cols;               /* sizes[a], sizes[inner] */
    uint64_t in_col, out_row;          /* input stride along inner, output stride along a */
    uint64_t block_rows;               /* rows a tile: EW_TR_ROWS, more where cols is under 8 */
    uint64_t blocks;                   /* tiles of block_rows rows per other-axes position */
    const ew_run* r;
} ew_transpose;

#define EW_TR_ROWS 16

/* The axis along which the input is contiguous when the run (the output's innermost axis) is not:
 * a transposing IDENTITY copy of 32-bit elements (none: dims). */
static uint32_t transpose_axis(const ew_run* r) {
    const uint32_t inner = r->dims - 1;
    /* (an innermost axis of 2-7: the blocked scalar bands, transpose_item) */
    if (!plain_copy(r) || r->strides[1][inner] != 1 || r->strides[0][inner] <= 1 || r->sizes[inner] < 2)
        return r->dims;
    const uint32_t t = r->types[0];
    if (t != DML_TENSOR_DATA_TYPE_FLOAT32 && t != DML_TENSOR_DATA_TYPE_INT32 && t != DML_TENSOR_DATA_TYPE_UINT32 &&
        t != DML_TENSOR_DATA_TYPE_FLOAT16 && t != DML_TENSOR_DATA_TYPE_INT16 && t != DML_TENSOR_DATA_TYPE_UINT16)
        return r->dims;
    for (uint32_t d = 0; d < inner; d++)
        if (r->strides[0][d] == 1 && r->sizes[d] >= 8) return d;
    return r->dims;
}

/* out[i * out_row + j] = in[i + j * in_col] for i < rows, j < cols (one tile row band, all columns) */
static void transpose_band_c(const uint32_t* in, uint32_t* out, uint64_t rows, uint64_t cols, uint64_t in_col,
                             uint64_t out_row) {
    for (uint64_t j0 = 0; j0 < cols; j0 += 8) {
        const uint64_t j1 = j0 + 8 < cols ? j0 + 8 : cols;
        for (uint64_t i = 0; i < rows; i++)
            for (uint64_t j = j0; j < j1; j++) out[i * out_row + j] = in[i + j * in_col];
    }
}

#ifdef EW_X86
#include "transpose8.h"

EW_T256 static void transpose_band_avx2(const uint32_t* in, uint32_t* out, uint64_t rows, uint64_t cols,
                                        uint64_t in_col, uint64_t out_row) {
    if (rows < 8) {
        transpose_band_c(in, out, rows, cols, in_col, out_row);
        return;
    }
    uint64_t j0 = 0;
    for (; j0 + 8 <= cols; j0 += 8) {
        const float* s = (const float*)(const void*)(in + j0 * in_col);
        float* d = (float*)(void*)(out + j0);
        uint64_t i0 = 0;
        for (; i0 + 8 <= rows; i0 += 8) {
            __m256 v[8];
            for (int k = 0; k < 8; k++) v[k] = _mm256_loadu_ps(s + (uint64_t)k * in_col + i0);
            pydml_transpose8_ps(v); /* v[m] = rows j0 .. j0 + 7 of column i0 + m */
            for (int m = 0; m < 8; m++) _mm256_storeu_ps(d + (i0 + (uint64_t)m) * out_row, v[m]);
        }
        if (i0 < rows) { /* the last rows: the 8 before the end again (the same values) */
            i0 = rows - 8;
            __m256 v[8];
            for (int k = 0; k < 8; k++) v[k] = _mm256_loadu_ps(s + (uint64_t)k * in_col + i0);
            pydml_transpose8_ps(v);
            for (int m = 0; m < 8; m++) _mm256_storeu_ps(d + (i0 + (uint64_t)m) * out_row, v[m]);
        }
    }
    if (j0 < cols) /* the last columns, likewise */
        transpose_band_avx2(in + (cols - 8) * in_col, out + (cols - 8), rows, 8, in_col, out_row);
}
#endif

/* The 16-bit tiles. FLOAT16's row path converts through float, which leaves every NaN quiet (its
 * payload kept, 0x0200 set: F16C's vcvtph2ps / vcvtps2ph and the portable conversions alike), so
 * FLOAT16 transposes do the same (quiet); INT16 / UINT16 copy the bits. */
static inline uint16_t quiet_half(uint16_t v) { return (v & 0x7fffu) > 0x7c00u ? (uint16_t)(v | 0x0200u) : v; }

static void transpose_band16_c(const uint16_t* in, uint16_t* out, uint64_t rows, uint64_t cols, uint64_t in_col,
                               uint64_t out_row, int quiet) {
    for (uint64_t j0 = 0; j0 < cols; j0 += 8) {
        const uint64_t j1 = j0 + 8 < cols ? j0 + 8 : cols;
        for (uint64_t i = 0; i < rows; i++)
            for (uint64_t j = j0; j < j1; j++) {
                const uint16_t v = in[i + j * in_col];
                out[i * out_row + j] = quiet ? quiet_half(v) : v;
            }
    }
}

#ifdef EW_X86
/* r[m] becomes (r0[m], ..., r7[m]): eight rows of eight 16-bit elements (SSE2) */
static inline void transpose8_epi16(__m128i r[8]) {
    const __m128i t0 = _mm_unpacklo_epi16(r[0], r[1]), t1 = _mm_unpackhi_epi16(r[0], r[1]);
    const __m128i t2 = _mm_unpacklo_epi16(r[2], r[3]), t3 = _mm_unpackhi_epi16(r[2], r[3]);
    const __m128i t4 = _mm_unpacklo_epi16(r[4], r[5]), t5 = _mm_unpackhi_epi16(r[4], r[5]);
    const __m128i t6 = _mm_unpacklo_epi16(r[6], r[7]), t7 = _mm_unpackhi_epi16(r[6], r[7]);
    const __m128i u0 = _mm_unpacklo_epi32(t0, t2), u1 = _mm_unpackhi_epi32(t0, t2);
    const __m128i u2 = _mm_unpacklo_epi32(t1, t3), u3 = _mm_unpackhi_epi32(t1, t3);
    const __m128i u4 = _mm_unpacklo_epi32(t4, t6), u5 = _mm_unpackhi_epi32(t4, t6);
    const __m128i u6 = _mm_unpacklo_epi32(t5, t7), u7 = _mm_unpackhi_epi32(t5, t7);
    r[0] = _mm_unpacklo_epi64(u0, u4);
    r[1] = _mm_unpackhi_epi64(u0, u4);
    r[2] = _mm_unpacklo_epi64(u1, u5);
    r[3] = _mm_unpackhi_epi64(u1, u5);
    r[4] = _mm_unpacklo_epi64(u2, u6);
    r[5] = _mm_unpackhi_epi64(u2, u6);
    r[6] = _mm_unpacklo_epi64(u3, u7);
    r[7] = _mm_unpackhi_epi64(u3, u7);
}

/* One 8 x 8 tile from in (rows j, in_col apart, 8 columns i each) to out (rows i, out_row apart). */
static inline void tile16(const uint16_t* in, uint16_t* out, uint64_t in_col, uint64_t out_row, int quiet) {
    __m128i v[8];
    for (int k = 0; k < 8; k++) v[k] = _mm_loadu_si128((const __m128i*)(const void*)(in + (uint64_t)k * in_col));
    transpose8_epi16(v);
    const __m128i magnitude = _mm_set1_epi16(0x7fff), inf = _mm_set1_epi16(0x7c00), bit = _mm_set1_epi16(0x0200);
    for (int m = 0; m < 8; m++) {
        __m128i w = v[m];
        if (quiet) w = _mm_or_si128(w, _mm_and_si128(_mm_cmpgt_epi16(_mm_and_si128(w, magnitude), inf), bit));
        _mm_storeu_si128((__m128i*)(void*)(out + (uint64_t)m * out_row), w);
    }
}

static void transpose_band16_sse2(const uint16_t* in, uint16_t* out, uint64_t rows, uint64_t cols, uint64_t in_col,
                                  uint64_t out_row, int quiet) {
    if (rows < 8) {
        transpose_band16_c(in, out, rows, cols, in_col, out_row, quiet);
        return;
    }
    uint64_t j0 = 0;
    for (; j0 + 8 <= cols; j0 += 8) {
        uint64_t i0 = 0;
        for (; i0 + 8 <= rows; i0 += 8) tile16(in + j0 * in_col + i0, out + i0 * out_row + j0, in_col, out_row, quiet);
        if (i0 < rows) /* the last rows: the 8 before the end again (the same values) */
            tile16(in + j0 * in_col + rows - 8, out + (rows - 8) * out_row + j0, in_col, out_row, quiet);
    }
    if (j0 < cols) /* the last columns, likewise */
        transpose_band16_sse2(in + (cols - 8) * in_col, out + (cols - 8), rows, 8, in_col, out_row, quiet);
}
#endif

static void transpose_item(const ew_transpose* T, uint64_t item, int isa) {
    const ew_run* r = T->r;
    uint64_t pos = item / T->blocks;
    const uint64_t i0 = (item % T->blocks) * T->block_rows;
    const uint64_t n = T->rows - i0 < T->block_rows ? T->rows - i0 : T->block_rows;
    uint64_t in_off = i0, out_off = i0 * T->out_row;
    for (uint32_t d = r->dims - 1; d-- > 0;) { /* the other axes, innermost first */
        if (d == T->a) continue;
        const uint64_t c = pos % r->sizes[d];
        pos /= r->sizes[d];
        in_off += c * r->strides[0][d];
        out_off += c * r->strides[1][d];
    }
    if (T->esize == 2) {
        const uint16_t* in = (const uint16_t*)(const void*)T->src + in_off;
        uint16_t* out = (uint16_t*)(void*)T->dst + out_off;
#ifdef EW_X86
        if (isa != EW_ISA_PORTABLE && T->cols >= 8) {
            transpose_band16_sse2(in, out, n, T->cols, T->in_col, T->out_row, T->quiet);
            return;
        }
#endif
        transpose_band16_c(in, out, n, T->cols, T->in_col, T->out_row, T->quiet);
        return;
    }
    const uint32_t* in = (const uint32_t*)(const void*)T->src + in_off;
    uint32_t* out = (uint32_t*)(void*)T->dst + out_off;
#ifdef EW_X86
    if (isa != EW_ISA_PORTABLE && T->cols >= 8) {
        transpose_band_avx2(in, out, n, T->cols, T->in_col, T->out_row);
        return;
    }
#endif
    (void)isa;
    transpose_band_c(in, out, n, T->cols, T->in_col, T->out_row);
}

/* Runs a transposing copy (transpose_axis found a); 0 when the operands overlap (the row path then
 * runs, as for any other overlap). */
static int run_transpose(const ew_run* r, uint32_t a, uint64_t total) {
    const uint32_t inner = r->dims - 1;
    if (copy_overlaps(r)) return 0;
    ew_transpose T = {r->base[0], r->base[1], (uint32_t)element_bytes(r->types[0]),
                      r->types[0] == DML_TENSOR_DATA_TYPE_FLOAT16, a, inner, r->sizes[a], r->sizes[inner],
                      r->strides[0][inner], r->strides[1][a], EW_TR_ROWS, 0, r};
    /* an innermost axis under 8 (MaxViT's window partitions: [1, 64, 8, 7, 8, 7] from channels
     * last, runs of 7; of 2 at its last stage) through the scalar bands, about 128 elements a
     * tile: element by element on the row path they took 48 ns each (1.2 ms for 25 K) */
    if (T.cols < 8) T.block_rows = EW_TR_ROWS * ((8 + T.cols - 1) / T.cols);
    T.blocks = (T.rows + T.block_rows - 1) / T.block_rows;
    const int64_t items = (int64_t)(total / (T.rows * T.cols) * T.blocks);
    const int isa = r->isa;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 4) if (total >= EW_PARALLEL_MIN && items > 1)
#endif
    for (int64_t it = 0; it < items; it++) transpose_item(&T, (uint64_t)it, isa);
    return 1;
}

/* ---- copies of short contiguous runs ----
 * An IDENTITY copy whose runs are contiguous on both sides but short (a permutation that keeps the
 * innermost axis: attention's [B, S, H, D] -> [B, H, S, D] moves runs of D = 64) paid the run
 * path's set-up per run: 24 ns a run of 64, against 4 for torch's copy. Such runs are copied
 * whole (ew_copy_walk), for the types whose row path keeps every bit anyway (not FLOAT16,
 * converted through float). The walk is its own, not run_item's: a memcpy per run inside run_item
 * (before run_span) measured 0.17 against 0.11 ms for that permutation on one thread, 0.09-0.11
 * against 0.06 on two. */
static int copy_rows_fit(const ew_run* r) {
    const uint32_t inner = r->dims - 1, t = r->types[0];
    return plain_copy(r) && t != DML_TENSOR_DATA_TYPE_FLOAT16 && t != PYDML_DATA_TYPE_BFLOAT16 &&
           element_bytes(t) >= 1 && r->strides[0][inner] == 1 && r->strides[1][inner] == 1 &&
           r->sizes[inner] < EW_CHUNK;
}

/* One run of `bytes`: 32-byte unaligned copies, the last one ending at the run's end (overlapping
 * the one before: the operands do not overlap, copy_overlaps); memcpy below 32 bytes. */
#ifdef EW_X86
EW_T256 static inline __attribute__((always_inline)) void copy_run_avx2(char* d, const char* s, size_t bytes) {
    if (bytes < 32) {
        memcpy(d, s, bytes);
        return;
    }
    size_t k = 0;
    for (; k + 64 <= bytes; k += 64) {
        const __m256i v0 = _mm256_loadu_si256((const __m256i*)(const void*)(s + k));
        const __m256i v1 = _mm256_loadu_si256((const __m256i*)(const void*)(s + k + 32));
        _mm256_storeu_si256((__m256i*)(void*)(d + k), v0);
        _mm256_storeu_si256((__m256i*)(void*)(d + k + 32), v1);
    }
    if (k + 32 <= bytes) {
        _mm256_storeu_si256((__m256i*)(void*)(d + k), _mm256_loadu_si256((const __m256i*)(const void*)(s + k)));
        k += 32;
    }
    if (k < bytes)
        _mm256_storeu_si256((__m256i*)(void*)(d + bytes - 32),
                            _mm256_loadu_si256((const __m256i*)(const void*)(s + bytes - 32)));
}
#endif

/* The runs' walk: with two or more outer axes, q the innermost outer axis and p the one around it,
 * an item is one coordinate of the axes outside p and EW_COPY_TILE consecutive q: for each p, those
 * q's runs (for attention's [B, S, H, D] -> [B, H, S, D]: EW_COPY_TILE input rows of H runs read
 * whole, H output stretches of EW_COPY_TILE runs written whole). Issue 25: walking the runs in the
 * output's order, a memcpy each, ran that permutation at 0.71-0.88x torch's copy (D = 64) and
 * 0.35-0.57x (D = 16); a C loop over the same runs, one thread, D = 16: 40 us that way, 22 in
 * the output's order with inline copies, 17 tiled; D = 64: 92, 75, 73. */
#define EW_COPY_TILE 8
typedef struct ew_copy_walk {
    const ew_run* r;
    size_t bytes, eb;
    uint32_t p, q;                             /* the two innermost outer axes (p = q when one) */
    uint64_t qblocks;                          /* ceil(sizes[q] / EW_COPY_TILE) */
} ew_copy_walk;

#define EW_COPY_ITEM(NAME, ATTR, COPY)                                                             \
    ATTR static void NAME(const ew_copy_walk* w, uint64_t item) {                                  \
        const ew_run* r = w->r;                                                                    \
        const uint32_t p = w->p, q = w->q;                                                         \
        const uint64_t q0 = (item % w->qblocks) * EW_COPY_TILE;                                    \
        const uint64_t qn = r->sizes[q] - q0 < EW_COPY_TILE ? r->sizes[q] - q0 : EW_COPY_TILE;     \
        uint64_t rest = item / w->qblocks, off0 = q0 * r->strides[0][q], off1 = q0 * r->strides[1][q]; \
        for (uint32_t d = p; d-- > 0;) {                                                           \
            off0 += rest % r->sizes[d] * r->strides[0][d];                                         \
            off1 += rest % r->sizes[d] * r->strides[1][d];                                         \
            rest /= r->sizes[d];                                                                   \
        }                                                                                          \
        const uint64_t np = p == q ? 1 : r->sizes[p];                                              \
        const uint64_t sp0 = p == q ? 0 : r->strides[0][p] * w->eb, sp1 = p == q ? 0 : r->strides[1][p] * w->eb; \
        const uint64_t sq0 = r->strides[0][q] * w->eb, sq1 = r->strides[1][q] * w->eb;              \
        const char* src = r->base[0] + off0 * w->eb;                                               \
        char* dst = r->base[1] + off1 * w->eb;                                                     \
        for (uint64_t i = 0; i < np; i++, src += sp0, dst += sp1)                                  \
            for (uint64_t j = 0; j < qn; j++) COPY(dst + j * sq1, src + j * sq0, w->bytes);        \
    }
EW_COPY_ITEM(copy_item, , memcpy)
#ifdef EW_X86
EW_COPY_ITEM(copy_item_avx2, EW_T256, copy_run_avx2)
#endif
#undef EW_COPY_ITEM

/* Runs the copy of short runs over items (ew_copy_walk); 0 when the operands overlap. */
static int run_copy_rows(const ew_run* r, uint64_t total) {
    if (copy_overlaps(r)) return 0;
    const uint32_t inner = r->dims - 1;
    const size_t eb = element_bytes(r->types[0]);
    if (inner == 0) {   /* one run */
        memcpy(r->base[1], r->base[0], (size_t)r->sizes[0] * eb);
        return 1;
    }
    ew_copy_walk w = {r, (size_t)r->sizes[inner] * eb, eb, inner >= 2 ? inner - 2 : inner - 1, inner - 1, 1};
    w.qblocks = (r->sizes[w.q] + EW_COPY_TILE - 1) / EW_COPY_TILE;
    const uint64_t runs = total / r->sizes[inner];
    const int64_t items = (int64_t)(runs / r->sizes[w.q] / (w.p == w.q ? 1 : r->sizes[w.p]) * w.qblocks);
    const int isa = r->isa;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 4) if (total >= EW_PARALLEL_MIN && items > 1)
#endif
    for (int64_t it = 0; it < items; it++) {
#ifdef EW_X86
        if (isa != EW_ISA_PORTABLE) {
            copy_item_avx2(&w, (uint64_t)it);
            continue;
        }
#endif
        copy_item(&w, (uint64_t)it);
    }
    (void)isa;
    return 1;
}

/* Checks a view against its memory and the shape (dim_count, sizes: the desc's, or the output
 * view's), and writes `out`: the view with the output's sizes. An input may have fewer dimensions
 * (right-aligned) and size-1 dimensions, which broadcast (stride 0) — the shape DirectML gives
 * single-value tensors such as QUANTIZED_LINEAR_ADD's scales; the validator decides which
 * operators allow that. */
static pydml_status check_view(const pydml_ew_plan* plan, uint32_t dim_count, const uint32_t* sizes,
                               const pydml_tensor* v, uint32_t type, int is_input, pydml_tensor* out) {
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (storage_type(plan->entry, v->data_type) != type || v->dim_count > dim_count ||
        (!is_input && v->dim_count != dim_count))
        return PYDML_STATUS_INVALID_PARAMETER;
    *out = *v;
    out->dim_count = dim_count;
    const uint32_t lead = dim_count - v->dim_count;
    for (uint32_t d = 0; d < dim_count; d++) {
        uint32_t size = d < lead ? 1u : v->sizes[d - lead];
        uint64_t stride = d < lead ? 0u : v->strides[d - lead];
        if (size != sizes[d]) {
            if (!is_input || size != 1u) return PYDML_STATUS_INVALID_PARAMETER;
            stride = 0;
        }
        out->sizes[d] = sizes[d];
        out->strides[d] = stride;
    }
    return PYDML_STATUS_SUCCESS;
}

/* The engine's loop over a shape: rows of the coalesced dimensions in blocks, threaded. */
static pydml_status run_shape(const pydml_ew_plan* plan, uint32_t dim_count, const uint32_t* sizes,
                              const pydml_tensor* const* inputs, const pydml_tensor* output) {
    if (plan == NULL || output == NULL || (plan->input_count && inputs == NULL)) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    pydml_tensor shaped[EW_MAX_INPUTS + 1];
    if ((s = check_view(plan, dim_count, sizes, output, plan->params.output_type, 0, &shaped[plan->input_count])))
        return s;
    ew_run r;
    memset(&r, 0, sizeof r);
    r.plan = plan;
    r.isa = pydml_ew_isa();
    r.tensors = plan->input_count + 1;
    const pydml_tensor* views[EW_MAX_INPUTS + 1];
    for (uint32_t k = 0; k < plan->input_count; k++) {
        int present = plan->params.present >> k & 1u;
        if (present != (inputs[k] != NULL)) return PYDML_STATUS_INVALID_PARAMETER;
        if (present && (s = check_view(plan, dim_count, sizes, inputs[k], plan->params.input_types[k], 1, &shaped[k])))
            return s;
        views[k] = present ? &shaped[k] : NULL;
        r.types[k] = present ? storage_type(plan->entry, inputs[k]->data_type) : 0;
        r.base[k] = present ? inputs[k]->data : NULL;
    }
    views[plan->input_count] = &shaped[plan->input_count];
    r.types[plan->input_count] = storage_type(plan->entry, output->data_type);
    r.base[plan->input_count] = output->data;
    coalesce(&r, sizes, dim_count, views);
    uint64_t total = 1;
    for (uint32_t d = 0; d < r.dims; d++) total *= r.sizes[d];
    uint64_t bytes = 0;
    for (uint32_t t = 0; t < r.tensors; t++)
        if (r.base[t] != NULL) bytes += total * element_bytes(r.types[t]);
    r.stream = bytes > EW_STREAM_BYTES;
    r.binary_row = binary_row_of(&r);
    merge_periodic(&r);
    r.relu_row = relu_row_of(&r);
    const uint64_t L = r.sizes[r.dims - 1];
    const uint64_t outer_rows = total / L;
    const uint32_t ta = transpose_axis(&r);
    if (ta < r.dims && run_transpose(&r, ta, total)) {
        __atomic_fetch_add(&g_transposed, 1, __ATOMIC_RELAXED);
        return PYDML_STATUS_SUCCESS;
    }
    if (copy_rows_fit(&r) && run_copy_rows(&r, total)) {
        __atomic_fetch_add(&g_row_copies, 1, __ATOMIC_RELAXED);
        return PYDML_STATUS_SUCCESS;
    }
    const uint64_t block = work_block(total);
    uint64_t blocks_per_row = L > block ? (L + block - 1) / block : 1;
    uint64_t rows_per_item = blocks_per_row > 1 ? 1 : (block / L > 0 ? block / L : 1);
    uint64_t items = blocks_per_row > 1 ? outer_rows * blocks_per_row : (outer_rows + rows_per_item - 1) / rows_per_item;
    int64_t n_items = (int64_t)items;
    if (total < EW_PARALLEL_MIN || n_items <= 1) { /* no region (common.h: serialized regions) */
        for (int64_t i = 0; i < n_items; i++) run_item(&r, (uint64_t)i, block, rows_per_item, blocks_per_row, outer_rows);
        if (r.stream) pydml_stream_fence();
        return PYDML_STATUS_SUCCESS;
    }
#ifdef _OPENMP
/* dynamic: a worker that wakes late (futex wake-up in a VM: 0.1-0.2 ms, measured as RELU on 8M
 * floats at 0.8-0.9x torch with static halves) takes fewer items instead of finishing last; every
 * element is independent, so the order does not change a result */
#pragma omp parallel
#endif
    {
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1) nowait
#endif
        for (int64_t i = 0; i < n_items; i++) run_item(&r, (uint64_t)i, block, rows_per_item, blocks_per_row, outer_rows);
        if (r.stream) pydml_stream_fence();  /* this thread's streamed stores, once, before the region ends */
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_ew_execute(const pydml_ew_plan* plan, const pydml_tensor* const* inputs, const pydml_tensor* output) {
    if (plan == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (plan->dim_count == 0) /* a plan without a desc: the output view gives the shape */
        return output == NULL ? PYDML_STATUS_INVALID_PARAMETER : run_shape(plan, output->dim_count, output->sizes, inputs, output);
    return run_shape(plan, plan->dim_count, plan->sizes, inputs, output);
}

pydml_status pydml_ew_apply(const pydml_ew_op* op, const pydml_tensor* const* inputs, const pydml_tensor* output) {
    if (op == NULL || output == NULL || (op->input_count && inputs == NULL) || op->input_count > EW_MAX_INPUTS)
        return PYDML_STATUS_INVALID_PARAMETER;
    uint32_t types[EW_MAX_INPUTS] = {0};
    for (uint32_t k = 0; k < op->input_count; k++) types[k] = inputs[k] ? inputs[k]->data_type : 0;
    pydml_ew_plan plan;
    const pydml_status s = plan_of_op(op, types, output->data_type, &plan);
    if (s) return s;
    return run_shape(&plan, output->dim_count, output->sizes, inputs, output);
}

/* ---- activations in place (FusedActivation of CONVOLUTION and others) ---- */

void pydml_activation_apply(const pydml_activation* act, float* values, size_t n) {
    if (act == NULL || act->type == DML_OPERATOR_INVALID || n == 0) return;
    if (act->type == PYDML_ACTIVATION_SILU) { /* x * sigmoid(x), activation.h */
        /* the two operators' own kernels (this ISA's): the SIGMOID into sig, then v * sig */
        const ew_entry* s = pydml_ew_find(DML_OPERATOR_ACTIVATION_SIGMOID);
        const ew_entry* mul = pydml_ew_find(DML_OPERATOR_ELEMENT_WISE_MULTIPLY);
        if (s == NULL || s->f32[0] == NULL || mul == NULL || mul->f32[0] == NULL) return;
        ew_params p;
        memset(&p, 0, sizeof p);
        p.present = 3;
        p.input_types[0] = p.input_types[1] = p.output_type = DML_TENSOR_DATA_TYPE_FLOAT32;
        const int isa = pydml_ew_isa();
        float sig[EW_CHUNK];
        for (size_t done = 0; done < n; done += EW_CHUNK) {
            const size_t m = n - done < EW_CHUNK ? n - done : EW_CHUNK;
            const float* in[EW_MAX_INPUTS] = {values + done, sig};
            s->f32[s->f32[isa] ? isa : 0](&p, m, sig, in);
            mul->f32[mul->f32[isa] ? isa : 0](&p, m, values + done, in);
        }
        return;
    }
    const ew_entry* e = pydml_ew_find(act->type);
    if (e == NULL || e->f32[0] == NULL) return;
    ew_params p;
    memset(&p, 0, sizeof p);
    p.present = 1;
    p.input_types[0] = p.output_type = DML_TENSOR_DATA_TYPE_FLOAT32;
    float scale = 1.0f, bias = 0.0f;
    int k = 0;
    if (act->type == DML_OPERATOR_ELEMENT_WISE_CLIP) { /* {Min, Max, Scale, Bias} */
        scale = act->params[2];
        bias = act->params[3];
        k = 2;
    } else {
        k = 4;
    }
    for (int j = 0; j < k; j++) {
        p.f[j] = act->params[j];
        p.f32[j] = act->params[j];
    }
    p.ahead = 1;  /* values is one contiguous row */
    int isa = pydml_ew_isa();
    const float* in[EW_MAX_INPUTS] = {values};
    for (size_t done = 0; done < n; done += EW_CHUNK) {
        size_t m = n - done < EW_CHUNK ? n - done : EW_CHUNK;
        in[0] = values + done;
        if (scale != 1.0f || bias != 0.0f) scale_bias(EW_F32, isa, values + done, m, scale, bias);
        e->f32[e->f32[isa] ? isa : 0](&p, m, values + done, in);
    }
}
