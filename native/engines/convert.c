/* Row conversions and data-type classes (convert.h). */
#include "convert.h"

#include "common.h"
#include "elementwise.h" /* EW_T256 / EW_T512 */

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

EW_T256 static void f16_to_f32_avx2(const pydml_half_u* s, float* d, size_t n) {
    size_t k = 0;
    for (; k + 8 <= n; k += 8) _mm256_storeu_ps(d + k, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(s + k))));
    for (; k < n; k++) d[k] = pydml_f16_to_f32(s[k]);
}
EW_T512 static void f16_to_f32_avx512(const pydml_half_u* s, float* d, size_t n) {
    size_t k = 0;
    for (; k + 16 <= n; k += 16)
        _mm512_storeu_ps(d + k, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(s + k))));
    for (; k < n; k++) d[k] = pydml_f16_to_f32(s[k]);
}
EW_T256 static void f32_to_f16_avx2(const float* s, pydml_half_u* d, size_t n) {
    size_t k = 0;
    for (; k + 8 <= n; k += 8)
        _mm_storeu_si128((__m128i*)(d + k), _mm256_cvtps_ph(_mm256_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
    for (; k < n; k++) d[k] = pydml_f32_to_f16(s[k]);
}
EW_T512 static void f32_to_f16_avx512(const float* s, pydml_half_u* d, size_t n) {
    size_t k = 0;
    for (; k + 16 <= n; k += 16)
        _mm256_storeu_si256((__m256i*)(d + k), _mm512_cvtps_ph(_mm512_loadu_ps(s + k), _MM_FROUND_TO_NEAREST_INT));
    for (; k < n; k++) d[k] = pydml_f32_to_f16(s[k]);
}
#define CONVERT_X86 1
#endif

/* ---- CAST's contiguous rows (convert.h, pydml_cast_row_contiguous) ----
 * One loop per (source, destination) pair of FLOAT32, FLOAT64 and the eight 8- to 64-bit integer
 * types, compiled for each path and vectorized by the compiler: the element loop of
 * data_movement.c converts through a double and stores through a switch, at 0.4 ns an element
 * (FLOAT32 -> INT8, 8M elements, 2 threads: 3.2 ms against torch's 0.56). Float -> integer in the
 * source's own precision: every bound below is exact in float, and clamping to it before the
 * truncation gives what clamping the double did (NaN -> 0; a value at or past 2^31, 2^32, 2^63 or
 * 2^64, which no smaller float rounds to, is the type's maximum). Elements are read and written
 * through 1-byte-aligned types: views may start at any byte address. */
#define CV_SAT_NARROW(DN, DT, SN, F, LO, HI)                                                        \
    static inline DT cv_##DN##_of_##SN(F x) {                                                      \
        F v = x == x ? x : (F)0;                                                                   \
        v = v < (F)(LO) ? (F)(LO) : v;                                                             \
        v = v > (F)(HI) ? (F)(HI) : v;                                                             \
        return (DT)(int32_t)v;                                                                     \
    }
#define CV_SAT_WIDE(DN, DT, SN, F, LO, TOP, MAX)                                                   \
    static inline DT cv_##DN##_of_##SN(F x) {                                                      \
        F v = x == x ? x : (F)0;                                                                   \
        v = v < (F)(LO) ? (F)(LO) : v;                                                             \
        return v >= (F)(TOP) ? (DT)(MAX) : (DT)v;                                                  \
    }
#define CV_FLOAT_SOURCE(SN, F)                                                                     \
    CV_SAT_NARROW(i8, int8_t, SN, F, -128, 127)                                                    \
    CV_SAT_NARROW(i16, int16_t, SN, F, -32768, 32767)                                              \
    CV_SAT_NARROW(u8, uint8_t, SN, F, 0, 255)                                                      \
    CV_SAT_NARROW(u16, uint16_t, SN, F, 0, 65535)                                                  \
    CV_SAT_WIDE(i32, int32_t, SN, F, -2147483648.0, 2147483648.0, INT32_MAX)                       \
    CV_SAT_WIDE(i64, int64_t, SN, F, -9223372036854775808.0, 9223372036854775808.0, INT64_MAX)     \
    CV_SAT_WIDE(u32, uint32_t, SN, F, 0, 4294967296.0, UINT32_MAX)                                 \
    CV_SAT_WIDE(u64, uint64_t, SN, F, 0, 18446744073709551616.0, UINT64_MAX)                       \
    static inline float cv_f32_of_##SN(F x) { return (float)x; }                                   \
    static inline double cv_f64_of_##SN(F x) { return (double)x; }
CV_FLOAT_SOURCE(f32, float)
CV_FLOAT_SOURCE(f64, double)
#undef CV_FLOAT_SOURCE
#undef CV_SAT_WIDE
#undef CV_SAT_NARROW

/* the conversion of x to DT: from a float source (SF 1) by the rules above, else C's cast (an
 * integer's low bits, or an integer rounded to a float) */
#define CV_CONVERT_0(DN, DT, SN, x) ((DT)(x))
#define CV_CONVERT_1(DN, DT, SN, x) cv_##DN##_of_##SN(x)
#define CV_LOOP(ATTR, ISA, SN, ST, SF, DN, DT)                                                     \
    ATTR static void cv_##SN##_##DN##_##ISA(const void* src, void* dst, size_t n) {                \
        typedef ST cv_src_t __attribute__((aligned(1)));                                           \
        typedef DT cv_dst_t __attribute__((aligned(1)));                                           \
        const cv_src_t* s = (const cv_src_t*)src;                                                  \
        cv_dst_t* d = (cv_dst_t*)dst;                                                              \
        for (size_t k = 0; k < n; k++) d[k] = CV_CONVERT_##SF(DN, DT, SN, s[k]);                   \
    }
#define CV_TO_EACH(ATTR, ISA, SN, ST, SF)                                                          \
    CV_LOOP(ATTR, ISA, SN, ST, SF, f32, float) CV_LOOP(ATTR, ISA, SN, ST, SF, f64, double)         \
    CV_LOOP(ATTR, ISA, SN, ST, SF, i8, int8_t) CV_LOOP(ATTR, ISA, SN, ST, SF, i16, int16_t)        \
    CV_LOOP(ATTR, ISA, SN, ST, SF, i32, int32_t) CV_LOOP(ATTR, ISA, SN, ST, SF, i64, int64_t)      \
    CV_LOOP(ATTR, ISA, SN, ST, SF, u8, uint8_t) CV_LOOP(ATTR, ISA, SN, ST, SF, u16, uint16_t)      \
    CV_LOOP(ATTR, ISA, SN, ST, SF, u32, uint32_t) CV_LOOP(ATTR, ISA, SN, ST, SF, u64, uint64_t)
#define CV_FROM_EACH(X, ATTR, ISA)                                                                 \
    X(ATTR, ISA, f32, float, 1) X(ATTR, ISA, f64, double, 1) X(ATTR, ISA, i8, int8_t, 0)           \
    X(ATTR, ISA, i16, int16_t, 0) X(ATTR, ISA, i32, int32_t, 0) X(ATTR, ISA, i64, int64_t, 0)      \
    X(ATTR, ISA, u8, uint8_t, 0) X(ATTR, ISA, u16, uint16_t, 0) X(ATTR, ISA, u32, uint32_t, 0)     \
    X(ATTR, ISA, u64, uint64_t, 0)
CV_FROM_EACH(CV_TO_EACH, , c)
#ifdef CONVERT_X86
CV_FROM_EACH(CV_TO_EACH, EW_T256, avx2)
CV_FROM_EACH(CV_TO_EACH, EW_T512, avx512)
#endif

#ifdef CONVERT_X86
/* FLOAT32 -> the 8-, 16- and 32-bit integers written out (the compiler's vectorization of the loops
 * above compares and blends where a max and a min do): NaN lanes zeroed (an ordered compare),
 * clamped to the type's range by max then min, truncated by the conversion, packed with saturation
 * (exact: the values are in range) within 128-bit lanes, whose order a permute restores. INT32's
 * top 2^31 is not a value of the type: the conversion gives 0x80000000 there, which the lanes at
 * or past 2^31 flip to INT32_MAX. The rules' results, bit for bit (the tests compare every pair
 * with the element loop). */
EW_T256 static inline __m256i cv8_clamped(const float* s, float lo, float hi) {
    const __m256 x = _mm256_loadu_ps(s);
    const __m256 v = _mm256_and_ps(x, _mm256_cmp_ps(x, x, _CMP_ORD_Q));
    return _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(v, _mm256_set1_ps(lo)), _mm256_set1_ps(hi)));
}
#define CV_F32_SMALL_AVX2(DN, DT, LO, HI, PACK16, PACK8)                                            \
    EW_T256 static void cv_f32_##DN##_avx2x(const void* src, void* dst, size_t n) {                \
        const float* s = (const float*)src;                                                        \
        char* d = (char*)dst;                                                                      \
        const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);                           \
        size_t k = 0;                                                                              \
        for (; k + 32 <= n; k += 32) {                                                             \
            const __m256i w01 = PACK16(cv8_clamped(s + k, LO, HI), cv8_clamped(s + k + 8, LO, HI)); \
            const __m256i w23 = PACK16(cv8_clamped(s + k + 16, LO, HI), cv8_clamped(s + k + 24, LO, HI)); \
            _mm256_storeu_si256((__m256i*)(void*)(d + k), _mm256_permutevar8x32_epi32(PACK8(w01, w23), order)); \
        }                                                                                          \
        cv_f32_##DN##_avx2(s + k, d + k * sizeof(DT), n - k);                                      \
    }
CV_F32_SMALL_AVX2(i8, int8_t, -128.0f, 127.0f, _mm256_packs_epi32, _mm256_packs_epi16)
CV_F32_SMALL_AVX2(u8, uint8_t, 0.0f, 255.0f, _mm256_packs_epi32, _mm256_packus_epi16)
#undef CV_F32_SMALL_AVX2
#define CV_F32_HALF_AVX2(DN, DT, LO, HI, PACK)                                                      \
    EW_T256 static void cv_f32_##DN##_avx2x(const void* src, void* dst, size_t n) {                \
        const float* s = (const float*)src;                                                        \
        char* d = (char*)dst;                                                                      \
        size_t k = 0;                                                                              \
        for (; k + 16 <= n; k += 16) {                                                             \
            const __m256i w = PACK(cv8_clamped(s + k, LO, HI), cv8_clamped(s + k + 8, LO, HI));    \
            _mm256_storeu_si256((__m256i*)(void*)(d + 2 * k), _mm256_permute4x64_epi64(w, 0xd8));  \
        }                                                                                          \
        cv_f32_##DN##_avx2(s + k, d + k * sizeof(DT), n - k);                                      \
    }
CV_F32_HALF_AVX2(i16, int16_t, -32768.0f, 32767.0f, _mm256_packs_epi32)
CV_F32_HALF_AVX2(u16, uint16_t, 0.0f, 65535.0f, _mm256_packus_epi32)
#undef CV_F32_HALF_AVX2
EW_T256 static void cv_f32_i32_avx2x(const void* src, void* dst, size_t n) {
    const float* s = (const float*)src;
    char* d = (char*)dst;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        const __m256 x = _mm256_loadu_ps(s + k);
        const __m256 v = _mm256_max_ps(_mm256_and_ps(x, _mm256_cmp_ps(x, x, _CMP_ORD_Q)), _mm256_set1_ps(-2147483648.0f));
        const __m256i top = _mm256_castps_si256(_mm256_cmp_ps(v, _mm256_set1_ps(2147483648.0f), _CMP_GE_OQ));
        _mm256_storeu_si256((__m256i*)(void*)(d + 4 * k), _mm256_xor_si256(_mm256_cvttps_epi32(v), top));
    }
    cv_f32_i32_avx2(s + k, d + 4 * k, n - k);
}
/* FLOAT32 -> INT64 without AVX-512's conversion: eight lanes below 2^31 in magnitude (the common
 * case; NaN is not) truncate to int32 and widen; any other eight take the loop's rules */
EW_T256 static void cv_f32_i64_avx2x(const void* src, void* dst, size_t n) {
    const float* s = (const float*)src;
    char* d = (char*)dst;
    const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        const __m256 x = _mm256_loadu_ps(s + k);
        if (_mm256_movemask_ps(_mm256_cmp_ps(_mm256_and_ps(x, magnitude), _mm256_set1_ps(2147483648.0f), _CMP_LT_OQ)) != 0xff) {
            cv_f32_i64_avx2(s + k, d + 8 * k, 8);
            continue;
        }
        const __m256i i = _mm256_cvttps_epi32(x);
        _mm256_storeu_si256((__m256i*)(void*)(d + 8 * k), _mm256_cvtepi32_epi64(_mm256_castsi256_si128(i)));
        _mm256_storeu_si256((__m256i*)(void*)(d + 8 * k + 32), _mm256_cvtepi32_epi64(_mm256_extracti128_si256(i, 1)));
    }
    cv_f32_i64_avx2(s + k, d + 8 * k, n - k);
}

EW_T512 static inline __m512i cv16_clamped(const float* s, float lo, float hi) {
    const __m512 x = _mm512_loadu_ps(s);
    const __mmask16 ord = _mm512_cmp_ps_mask(x, x, _CMP_ORD_Q);
    return _mm512_cvttps_epi32(
        _mm512_min_ps(_mm512_maskz_max_ps(ord, x, _mm512_set1_ps(lo)), _mm512_set1_ps(hi)));
}
/* AVX-512: the in-range int32 lanes narrowed by vpmov (truncation; the values fit) */
#define CV_F32_NARROW_512(DN, DT, LO, HI, STORE)                                                   \
    EW_T512 static void cv_f32_##DN##_avx512x(const void* src, void* dst, size_t n) {              \
        const float* s = (const float*)src;                                                        \
        char* d = (char*)dst;                                                                      \
        size_t k = 0;                                                                              \
        for (; k + 16 <= n; k += 16) STORE(d + k * sizeof(DT), cv16_clamped(s + k, LO, HI));       \
        cv_f32_##DN##_avx512(s + k, d + k * sizeof(DT), n - k);                                    \
    }
#define CV_STORE8(p, v) _mm_storeu_si128((__m128i*)(void*)(p), _mm512_cvtepi32_epi8(v))
#define CV_STORE16(p, v) _mm256_storeu_si256((__m256i*)(void*)(p), _mm512_cvtepi32_epi16(v))
CV_F32_NARROW_512(i8, int8_t, -128.0f, 127.0f, CV_STORE8)
CV_F32_NARROW_512(u8, uint8_t, 0.0f, 255.0f, CV_STORE8)
CV_F32_NARROW_512(i16, int16_t, -32768.0f, 32767.0f, CV_STORE16)
CV_F32_NARROW_512(u16, uint16_t, 0.0f, 65535.0f, CV_STORE16)
#undef CV_STORE16
#undef CV_STORE8
#undef CV_F32_NARROW_512
EW_T512 static void cv_f32_i32_avx512x(const void* src, void* dst, size_t n) {
    const float* s = (const float*)src;
    char* d = (char*)dst;
    size_t k = 0;
    for (; k + 16 <= n; k += 16) {
        const __m512 x = _mm512_loadu_ps(s + k);
        const __m512 v = _mm512_maskz_max_ps(_mm512_cmp_ps_mask(x, x, _CMP_ORD_Q), x, _mm512_set1_ps(-2147483648.0f));
        const __mmask16 top = _mm512_cmp_ps_mask(v, _mm512_set1_ps(2147483648.0f), _CMP_GE_OQ);
        _mm512_storeu_si512((void*)(d + 4 * k), _mm512_mask_mov_epi32(_mm512_cvttps_epi32(v), top, _mm512_set1_epi32(INT32_MAX)));
    }
    cv_f32_i32_avx512(s + k, d + 4 * k, n - k);
}
/* the written-out rows take their pairs' places in cv_rows (FLOAT32 -> INT64 on AVX-512 is the
 * compiler's vcvttps2qq loop) */
#define cv_f32_i8_avx2 cv_f32_i8_avx2x
#define cv_f32_u8_avx2 cv_f32_u8_avx2x
#define cv_f32_i16_avx2 cv_f32_i16_avx2x
#define cv_f32_u16_avx2 cv_f32_u16_avx2x
#define cv_f32_i32_avx2 cv_f32_i32_avx2x
#define cv_f32_i64_avx2 cv_f32_i64_avx2x
#define cv_f32_i8_avx512 cv_f32_i8_avx512x
#define cv_f32_u8_avx512 cv_f32_u8_avx512x
#define cv_f32_i16_avx512 cv_f32_i16_avx512x
#define cv_f32_u16_avx512 cv_f32_u16_avx512x
#define cv_f32_i32_avx512 cv_f32_i32_avx512x
#endif

typedef void (*cv_row_fn)(const void*, void*, size_t);
#define CV_ENTRY(ISA, SN, DN) cv_##SN##_##DN##_##ISA,
#define CV_ROW_OF(ATTR, ISA, SN, ST, SF)                                                           \
    {CV_ENTRY(ISA, SN, f32) CV_ENTRY(ISA, SN, f64) CV_ENTRY(ISA, SN, i8) CV_ENTRY(ISA, SN, i16)    \
     CV_ENTRY(ISA, SN, i32) CV_ENTRY(ISA, SN, i64) CV_ENTRY(ISA, SN, u8) CV_ENTRY(ISA, SN, u16)    \
     CV_ENTRY(ISA, SN, u32) CV_ENTRY(ISA, SN, u64)},
/* [path][source][destination], in cv_index's order */
static const cv_row_fn cv_rows[][10][10] = {
    {CV_FROM_EACH(CV_ROW_OF, , c)},
#ifdef CONVERT_X86
    {CV_FROM_EACH(CV_ROW_OF, , avx2)},
    {CV_FROM_EACH(CV_ROW_OF, , avx512)},
#endif
};
#undef CV_ROW_OF
#undef CV_ENTRY
#ifdef CONVERT_X86
#undef cv_f32_i8_avx2
#undef cv_f32_u8_avx2
#undef cv_f32_i16_avx2
#undef cv_f32_u16_avx2
#undef cv_f32_i32_avx2
#undef cv_f32_i64_avx2
#undef cv_f32_i8_avx512
#undef cv_f32_u8_avx512
#undef cv_f32_i16_avx512
#undef cv_f32_u16_avx512
#undef cv_f32_i32_avx512
#endif
#undef CV_FROM_EACH
#undef CV_TO_EACH
#undef CV_LOOP
#undef CV_CONVERT_1
#undef CV_CONVERT_0

/* a type's place in the rows' order, -1 for the others */
static int cv_index(uint32_t t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return 0;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return 1;
    case DML_TENSOR_DATA_TYPE_INT8: return 2;
    case DML_TENSOR_DATA_TYPE_INT16: return 3;
    case DML_TENSOR_DATA_TYPE_INT32: return 4;
    case DML_TENSOR_DATA_TYPE_INT64: return 5;
    case DML_TENSOR_DATA_TYPE_UINT8: return 6;
    case DML_TENSOR_DATA_TYPE_UINT16: return 7;
    case DML_TENSOR_DATA_TYPE_UINT32: return 8;
    case DML_TENSOR_DATA_TYPE_UINT64: return 9;
    default: return -1;
    }
}

int pydml_cast_row_contiguous(uint32_t stype, uint32_t dtype, const void* src, void* dst, size_t n) {
    if (stype == DML_TENSOR_DATA_TYPE_FLOAT32 && dtype == DML_TENSOR_DATA_TYPE_FLOAT16) {
        pydml_f32_row_to_f16((const float*)src, (uint16_t*)dst, n);
        return 1;
    }
    if (stype == DML_TENSOR_DATA_TYPE_FLOAT16 && dtype == DML_TENSOR_DATA_TYPE_FLOAT32) {
        pydml_f16_row_to_f32((const uint16_t*)src, (float*)dst, n);
        return 1;
    }
    const int si = cv_index(stype), di = cv_index(dtype);
    int path = 0;
#ifdef CONVERT_X86
    const uint32_t cpu = pydml_active_cpu_features();
    if (cpu & PYDML_CPU_AVX512) path = 2;
    else if (cpu & PYDML_CPU_AVX2_FMA) path = 1;
#endif
    /* FLOAT16 from and to the integers (and to FLOAT64) through a FLOAT32 stage: a half is exact in
     * float, and so is every integer below 2^24 in magnitude, while every integer from 65520 up
     * rounds to an infinite half whichever way it goes: one rounding, the element loop's results */
    const int to_ints = stype == DML_TENSOR_DATA_TYPE_FLOAT16 && di > 0;
    const int from_ints = dtype == DML_TENSOR_DATA_TYPE_FLOAT16 && si > 1;
    if (to_ints || from_ints) {
        float stage[512];
        const size_t sb = to_ints ? 2u : pydml_type_bits(stype) / 8u, db = from_ints ? 2u : pydml_type_bits(dtype) / 8u;
        for (size_t k0 = 0; k0 < n; k0 += 512) {
            const size_t m = n - k0 < 512 ? n - k0 : 512;
            const char* s = (const char*)src + k0 * sb;
            char* d = (char*)dst + k0 * db;
            if (to_ints) {
                pydml_f16_row_to_f32((const uint16_t*)(const void*)s, stage, m);
                cv_rows[path][0][di](stage, d, m);
            } else {
                cv_rows[path][si][0](s, stage, m);
                pydml_f32_row_to_f16(stage, (uint16_t*)(void*)d, m);
            }
        }
        return 1;
    }
    if (si < 0 || di < 0 || si == di) return 0;
    cv_rows[path][si][di](src, dst, n);
    return 1;
}

void pydml_f16_row_to_f32(const uint16_t* src_, float* dst, size_t n) {
    const pydml_half_u* src = (const pydml_half_u*)(const void*)src_;
#ifdef CONVERT_X86
    uint32_t cpu = pydml_active_cpu_features();
    if (cpu & PYDML_CPU_AVX512) { f16_to_f32_avx512(src, dst, n); return; }
    if (cpu & PYDML_CPU_F16C && cpu & PYDML_CPU_AVX2_FMA) { f16_to_f32_avx2(src, dst, n); return; }
#endif
    for (size_t k = 0; k < n; k++) dst[k] = pydml_f16_to_f32(src[k]);
}

void pydml_f32_row_to_f16(const float* src, uint16_t* dst_, size_t n) {
    pydml_half_u* dst = (pydml_half_u*)(void*)dst_;
#ifdef CONVERT_X86
    uint32_t cpu = pydml_active_cpu_features();
    if (cpu & PYDML_CPU_AVX512) { f32_to_f16_avx512(src, dst, n); return; }
    if (cpu & PYDML_CPU_F16C && cpu & PYDML_CPU_AVX2_FMA) { f32_to_f16_avx2(src, dst, n); return; }
#endif
    for (size_t k = 0; k < n; k++) dst[k] = pydml_f32_to_f16(src[k]);
}

