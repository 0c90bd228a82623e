/* Clipping, selection and quantization operators on the element-wise engine (CLIP, CLIP1,
 * THRESHOLD, IF, QUANTIZE_LINEAR, DEQUANTIZE_LINEAR, QUANTIZED_LINEAR_ADD). Formulas are each
 * operator's page (MicrosoftDocs/sdk-api ns-directml-dml_element_wise_*_operator_desc.md).
 *
 * NaN in min/max: the pages define clamping with min(a, b) / max(a, b) and say nothing of NaN.
 * DirectML runs them as HLSL min/max, which (D3D functional spec, "max (sm4 - asm)") return the
 * other operand when one is NaN -- IEEE 754-2008 minNum/maxNum, C's fmin/fmax. Written
 * `x > m ? x : m` (a NaN x gives m), which also compiles to one maxps/minps. So each formula, read
 * literally in that order, decides where a NaN input lands (CLIP: Min; CLIP1: Max; THRESHOLD:
 * Min). Min and Max themselves are never NaN: the validator refuses NaN FLOAT fields and
 * rules_ew_quantize.c requires Min <= Max. */
#include <math.h>
#include <string.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define EWQ_X86 1
#endif

#include "elementwise.h"
#include "convert.h"
#include "ew_mathfn.h"

#define MAXNUM(x, m) ((x) > (m) ? (x) : (m))
#define MINNUM(x, m) ((x) < (m) ? (x) : (m))

/* ---- integer tensors with FLOAT bounds (CLIP, THRESHOLD) ----
 * The page's result min(Max, max(Min, x)) is a real number written to an integer tensor; like
 * every float -> integer store of the engine it is truncated toward zero and saturated to the
 * output type. For integer x that equals clamping x by the bounds truncated and saturated first
 * (trunc(max(x, m)) == max(x, trunc(m)) for integer x), so the integer domains stay exact up to
 * INT64/UINT64 with no float round trip of x. */

static void int_range(uint32_t t, int64_t* lo, int64_t* hi) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: *lo = INT8_MIN; *hi = INT8_MAX; break;
    case DML_TENSOR_DATA_TYPE_INT16: *lo = INT16_MIN; *hi = INT16_MAX; break;
    case DML_TENSOR_DATA_TYPE_INT32: *lo = INT32_MIN; *hi = INT32_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT8: *lo = 0; *hi = UINT8_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT16: *lo = 0; *hi = UINT16_MAX; break;
    case DML_TENSOR_DATA_TYPE_UINT32: *lo = 0; *hi = UINT32_MAX; break;
    default: *lo = INT64_MIN; *hi = INT64_MAX; break;
    }
}

/* v truncated toward zero and saturated to [lo, hi] (v is not NaN) */
static int64_t bound_i64(double v, uint32_t t) {
    int64_t lo, hi;
    int_range(t, &lo, &hi);
    if (v <= (double)lo) return lo;                                 /* -2^63 is exact */
    if (hi == INT64_MAX ? v >= 9223372036854775808.0 : v >= (double)hi) return hi;
    return (int64_t)v;
}

static uint64_t bound_u64(double v) {
    if (v <= 0.0) return 0;
    if (v >= 18446744073709551616.0) return UINT64_MAX;
    return (uint64_t)v;
}

/* CLIP: f(x) = min(Max, max(Min, x)), after the ScaleBias (applied by the engine). NaN -> Min. */
EW_F32(clip, {
    const float lo = P->f32[0], hi = P->f32[1];
    const float* a = in[0];
    EW_FOR(float, { float t = MAXNUM(a[k], lo); out[k] = MINNUM(t, hi); })
})
EW_I64(clip, {
    const int64_t lo = bound_i64(P->f[0], P->output_type), hi = bound_i64(P->f[1], P->output_type);
    const int64_t* a = in[0];
    EW_FOR(int64_t, { int64_t t = MAXNUM(a[k], lo); out[k] = MINNUM(t, hi); })
})
EW_U64(clip, {
    const uint64_t lo = bound_u64(P->f[0]), hi = bound_u64(P->f[1]);
    const uint64_t* a = in[0];
    EW_FOR(uint64_t, { uint64_t t = MAXNUM(a[k], lo); out[k] = MINNUM(t, hi); })
})

/* THRESHOLD: f(x) = max(x, Min), after the ScaleBias. NaN -> Min. */
EW_F32(threshold, {
    const float lo = P->f32[0];
    const float* a = in[0];
    EW_FOR(float, { out[k] = MAXNUM(a[k], lo); })
})
EW_I64(threshold, {
    const int64_t lo = bound_i64(P->f[0], P->output_type);
    const int64_t* a = in[0];
    EW_FOR(int64_t, { out[k] = MAXNUM(a[k], lo); })
})

/* CLIP1: f(x) = max(Min, min(x, Max)) (sdk-api page; windows-ai-docs writes min(Max, max(Min, x)),
 * the same when Min <= Max except for NaN: here NaN -> Max). Min and Max are DML_SCALAR_UNIONs of
 * MinMaxDataType, which equals the tensors' type (rules_ew_quantize.c), so the bounds are exact in
 * the domain: f32 for FLOAT32/FLOAT16, the i slots for INT8..INT64 and UINT8..UINT32, the u slots
 * for UINT64. */
EW_F32(clip1, {
    const float lo = P->f32[0], hi = P->f32[1];
    const float* a = in[0];
    EW_FOR(float, { float t = MINNUM(a[k], hi); out[k] = MAXNUM(t, lo); })
})
EW_I64(clip1, {
    const int64_t lo = P->i[0], hi = P->i[1];
    const int64_t* a = in[0];
    EW_FOR(int64_t, { int64_t t = MINNUM(a[k], hi); out[k] = MAXNUM(t, lo); })
})
EW_U64(clip1, {
    const uint64_t lo = P->u[0], hi = P->u[1];
    const uint64_t* a = in[0];
    EW_FOR(uint64_t, { uint64_t t = MINNUM(a[k], hi); out[k] = MAXNUM(t, lo); })
})

/* IF: f(cond, a, b) = a if cond != 0 else b. Operands are ConditionTensor, ATensor, BTensor (C
 * field order), so here a = condition, b = A, c = B. The domain is ATensor's type (input 1): values
 * are copied, exact for every type (UINT8 conditions convert exactly to any domain). */
EW_F32(if_select, EW_MAP(float, a[k] != 0.0f ? b[k] : c[k]))
EW_F64(if_select, EW_MAP(double, a[k] != 0.0 ? b[k] : c[k]))
EW_I64(if_select, EW_MAP(int64_t, a[k] != 0 ? b[k] : c[k]))
EW_U64(if_select, EW_MAP(uint64_t, a[k] != 0 ? b[k] : c[k]))

/* ---- quantization ---- */

/* clamp(v, Min, Max) for the 8-bit output (page: [0, 255] for UINT8, [-128, 127] for INT8), in the
 * order clamp is written on the CLIP page, min(Max, max(Min, v)): NaN (0/0 from a zero scale, a NaN
 * input) -> Min, as HLSL's clamp gives. */
static inline float saturate8(double v, int is_signed) {
    const double lo = is_signed ? -128.0 : 0.0, hi = is_signed ? 127.0 : 255.0;
    double t = MAXNUM(v, lo);
    return (float)MINNUM(t, hi);
}

/* QUANTIZE_LINEAR: f(input, scale, zero_point) = clamp(round(input / scale) + zero_point, Min, Max),
 * round halving to even (the page says only "round"; ONNX QuantizeLinear and HLSL round() do).
 * Operands: a = InputTensor, b = ScaleTensor, c = ZeroPointTensor (zeros when absent). The domain is
 * the scale's (FLOAT32/FLOAT16: f32), so FLOAT32/FLOAT16 inputs arrive exactly. The result is that
 * of the exact quotient: with 24-bit operands a quotient q that is not a tie is at least
 * min(2^-25, q * 2^-25) from one, so the float quotient (one rounding, 2^-24 q; or, with one
 * scale for a row, x times the scale's reciprocal, 2^-23 q) rounds the same way unless it lies
 * within 2^-22 q of a tie (tie_gap); those (rare) elements, and ties, are redone exactly
 * with the quotient in double (quantize_exact). Rows stay vector code: the float pass flags, and
 * a second pass over the row redoes the flagged elements only when there are any. Where the output
 * is not saturated |q| < 384; beyond 1024 every rounding saturates. A zero scale (undefined on
 * the page) gives +-inf -> Max/Min, 0/0 -> Min.
 * An INT32 input makes the engine compute in double (EW_FLAG_WIDE_INT_F64), so it arrives exact. */
static float quantize_exact(float x, float s, float zp, int is_signed) {
    return saturate8(pydml_round_half_even((double)x / (double)s) + (double)zp, is_signed);
}

/* Whether the computed quotient q (relative error <= 2^-23), rounded to t, may round otherwise
 * than the exact quotient: tie_gap >= 0 within 2^-22 q of a tie (ties themselves included).
 * Beyond |q| = 1024 every rounding saturates alike: -1 there, and for NaN. */
static inline float tie_gap(float q, float t) {
    const float aq = ew_with_sign(q, 0.0f), ad = ew_with_sign(q - t, 0.0f);
    const float gap = ad - EW_FMA(-aq, 0x1p-22f, 0.5f);
    return ew_select(aq < 1024.0f, gap, -1.0f);   /* a select: a conditional would stop vectorization */
}

/* Whether the row has one scale (the engine's zero stride along the run: per-tensor, or per-axis
 * along an outer axis) that is normal with a normal reciprocal, so that x * (1 / scale) may stand
 * for the quotient. */
static inline unsigned one_normal_scale(const ew_params* P, float s0) {
    return (P->uniform >> 1 & 1u) &&
           ((s0 >= 0x1p-126f && s0 <= 0x1p126f) || (s0 <= -0x1p-126f && s0 >= -0x1p126f));
}

/* One row of QUANTIZE_LINEAR from quotients QUOT (an expression of k) into out (float or byte
 * elements), flagging near-ties (tie_gap >= 0) in `near` (an integer or: a float max would not
 * vectorize). NaN -> Min here; the clamp to Max is QUANTIZE_STORE's (for float rows, the engine's
 * saturating store: the output type's range is [Min, Max]). */
#define QUANTIZE_ROW(QUOT, OUT_T)                                                                  \
    EW_FOR(float, {                                                                                \
        const float q = (QUOT);                                                                    \
        const float t = (q + magic) - magic;                                                       \
        near |= tie_gap(q, t) >= 0.0f;                                                             \
        const float v = t + c[k];                                                                  \
        out[k] = (OUT_T)QUANTIZE_STORE(v > lo ? v : lo);  /* NaN -> Min */                          \
    })

/* The row: one normal scale (one_normal_scale) multiplies by its reciprocal (two roundings,
 * 2^-23 q, still far inside the near-tie margin); else the quotient itself. Then the near-ties
 * again, exactly. */
#define QUANTIZE_BODY(OUT_T)                                                                       \
    const int is_signed = P->output_type == DML_TENSOR_DATA_TYPE_INT8;                             \
    const float lo = is_signed ? -128.0f : 0.0f, hi = is_signed ? 127.0f : 255.0f;                 \
    const float *a = in[0], *b = in[1], *c = in[2];                                                \
    const float magic = 12582912.0f;   /* 1.5 * 2^23: (q + magic) - magic rounds half to even */   \
    const float s0 = b[0], r0 = 1.0f / s0;                                                         \
    const unsigned uniform = one_normal_scale(P, s0);                                              \
    unsigned near = 0;                                                                             \
    if (uniform) { QUANTIZE_ROW(a[k] * r0, OUT_T) }                                                \
    else { QUANTIZE_ROW(a[k] / b[k], OUT_T) }                                                      \
    (void)hi;                                                                                      \
    if (near)                                                                                      \
        for (size_t k = 0; k < n; k++) {                                                           \
            const float q = uniform ? a[k] * r0 : a[k] / b[k];                                     \
            if (tie_gap(q, (q + magic) - magic) >= 0.0f)                                           \
                out[k] = (OUT_T)QUANTIZE_STORE(quantize_exact(a[k], b[k], c[k], is_signed));      \
        }

/* float results, stored by the engine (strided or converted outputs) */
#define QUANTIZE_STORE(v) (v)
EW_F32(quantize, QUANTIZE_BODY(float))
#undef QUANTIZE_STORE
/* bytes: v is an integer in [lo, +inf) here; clamped to Max it converts exactly, and the byte of
 * an int32 in [-128, 255] is the INT8 or UINT8 encoding alike (conversion to uint8_t is modulo 2^8) */
#define QUANTIZE_STORE(v) ((uint8_t)(int32_t)QUANTIZE_MIN_HI(v))
#define QUANTIZE_MIN_HI(v) ((v) < hi ? (v) : hi)
EW_F32_U8(quantize, QUANTIZE_BODY(uint8_t))

#ifdef EWQ_X86
/* The AVX-512 byte row written out: GCC vectorizes QUANTIZE_BODY(uint8_t) 64 elements at a time
 * with mask unpacking and byte blends, at half the speed of these 16-lane steps. Its steps differ
 * from QUANTIZE_ROW's (the conversion rounds, vreduceps gives the distance to the rounding, the
 * byte packs saturate: 9 vector operations per 16 lanes instead of 19), but both give the exact
 * result (near-ties redone in double), so the results are the other variants' bit for bit; rows
 * without one normal scale take the generated function. */
/* One step of 16 lanes of the AVX-512 byte row: p = x (1 / scale), q = p with |q| clamped to 1024
 * (sign kept: vrangeps), where every rounding of q + zero point saturates alike; rounded half to
 * even by the conversion; the zero point (an integer in [-128, 255]) added as an int32.
 * |p - round(p)| from 0.5 - 2^-12 up is within 2^-13 of a tie: below 1024, p is within
 * 2^-23 |p| <= 2^-13 of the exact quotient, so any lane farther rounds as the exact quotient
 * does (beyond, every rounding saturates alike). Lanes near a tie, and NaN and infinite lanes
 * (NaN distance; vrangeps turns NaN into 1024), are flagged in *near for the exact pass. */
EW_T512 static inline __m512i quantize16(__m512 x, __m512 r0, __m512i zp, __mmask16 lanes, __mmask16* near) {
    const __m512 p = _mm512_mul_ps(x, r0);
    const __m512 q = _mm512_range_ps(p, _mm512_set1_ps(1024.0f), 0x02);  /* NaN gives 1024 here */
    const __m512 d = _mm512_reduce_ps(p, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    *near = _mm512_mask_cmp_ps_mask(lanes, _mm512_abs_ps(d), _mm512_set1_ps(0.5f - 0x1p-12f), _CMP_NLT_UQ);
    return _mm512_add_epi32(_mm512_cvt_roundps_epi32(q, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), zp);
}

/* The AVX-512 byte row's main loop, four steps of 16 at a time (compiled once per output sign
 * and zero-point form, so the loop carries no branch): their int32 results packed to bytes with
 * saturation (int16, then int8 or uint8: what vpmovsdb / vpmovusdb give, at a quarter of their
 * cost) and stored as one line; the packs work within 128-bit lanes, so a 4x4 transposition of
 * dwords restores the order. The rows ahead are prefetched unconditionally: a, c and out are the
 * caller's rows, or the stage, where a prefetch is harmless. Returns the elements done. */
EW_T512 static inline __attribute__((always_inline)) size_t quantize_u8_steps(
    const float* a, const float* c, uint8_t* out, size_t n, __m512 r0, __m512i zp0, __mmask16* step_nears,
    const int is_signed, const int zp_uniform) {
    const __m512i order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    /* one zero point: added after the 16-bit pack (|q| <= 1024 and |zero point| <= 255, so the
     * sum is exact there), one add per 32 lanes instead of one per 16 */
    const __m512i zp16 = _mm512_packs_epi32(zp0, zp0);
    size_t k = 0;
    for (; k + 64 <= n; k += 64) {
        ew_prefetch_at(a, (k + EW_AHEAD) * sizeof(float), 256);
        if (!zp_uniform) ew_prefetch_at(c, (k + EW_AHEAD) * sizeof(float), 256);
        ew_prefetch_at(out, k + EW_AHEAD, 64);
        __m512i v[4];
        for (int j = 0; j < 4; j++) {
            const __m512i zp = zp_uniform ? _mm512_setzero_si512() : _mm512_cvttps_epi32(_mm512_loadu_ps(c + k + 16 * j));
            v[j] = quantize16(_mm512_loadu_ps(a + k + 16 * j), r0, zp, (__mmask16)0xffff, &step_nears[k / 16 + j]);
        }
        __m512i w01 = _mm512_packs_epi32(v[0], v[1]), w23 = _mm512_packs_epi32(v[2], v[3]);
        if (zp_uniform) {
            w01 = _mm512_adds_epi16(w01, zp16);
            w23 = _mm512_adds_epi16(w23, zp16);
        }
        const __m512i bytes = is_signed ? _mm512_packs_epi16(w01, w23) : _mm512_packus_epi16(w01, w23);
        _mm512_storeu_si512((void*)(out + k), _mm512_permutexvar_epi32(order, bytes));
    }
    return k;
}

EW_T512 static void quantize_u8_avx512_rows(const ew_params* restrict P, size_t n, uint8_t* out,
                                            const float* const* in) {
    if (n > 1024) { /* the engine's chunks are 1024 long; nears below has room for that */
        for (size_t o = 0; o < n; o += 1024) {
            /* an operand that is one value along the run may be a staged chunk: not offset */
            const float* part[3] = {P->uniform & 1u ? in[0] : in[0] + o, P->uniform >> 1 & 1u ? in[1] : in[1] + o,
                                    P->uniform >> 2 & 1u ? in[2] : in[2] + o};
            quantize_u8_avx512_rows(P, n - o < 1024 ? n - o : 1024, out + o, part);
        }
        return;
    }
    const float *a = in[0], *b = in[1], *c = in[2];
    const float s0 = b[0];
    if (!one_normal_scale(P, s0)) {
        quantize_u8_avx512(P, n, out, in);
        return;
    }
    const int is_signed = P->output_type == DML_TENSOR_DATA_TYPE_INT8;
    const __m512 r0 = _mm512_set1_ps(1.0f / s0);
    const int zp_uniform = (int)(P->uniform >> 2 & 1u);
    const __m512i zp0 = _mm512_set1_epi32((int32_t)c[0]);
    /* the steps' near-tie lanes, four steps to a 64-bit word, so the exact pass finds them fast */
    _Alignas(64) uint64_t nears[16] = {0};
    __mmask16* step_nears = (__mmask16*)(void*)nears;
    size_t k;
    if (is_signed)
        k = zp_uniform ? quantize_u8_steps(a, c, out, n, r0, zp0, step_nears, 1, 1)
                       : quantize_u8_steps(a, c, out, n, r0, zp0, step_nears, 1, 0);
    else
        k = zp_uniform ? quantize_u8_steps(a, c, out, n, r0, zp0, step_nears, 0, 1)
                       : quantize_u8_steps(a, c, out, n, r0, zp0, step_nears, 0, 0);
    for (; k < n; k += 16) {
        const __mmask16 m = n - k >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - k)) - 1u);
        const __m512i zp = zp_uniform ? zp0 : _mm512_cvttps_epi32(_mm512_maskz_loadu_ps(m, c + k));
        const __m512i v = quantize16(_mm512_maskz_loadu_ps(m, a + k), r0, zp, m, &step_nears[k / 16]);
        if (is_signed)
            _mm512_mask_cvtsepi32_storeu_epi8(out + k, m, v);
        else
            _mm512_mask_cvtusepi32_storeu_epi8(out + k, m, _mm512_max_epi32(v, _mm512_setzero_si512()));
    }
    for (size_t w = 0; w < (n + 63) / 64; w++)
        for (uint64_t bits = nears[w]; bits; bits &= bits - 1u) {
            const size_t e = w * 64 + (size_t)__builtin_ctzll(bits);
            out[e] = (uint8_t)(int32_t)quantize_exact(a[e], b[e], c[e], is_signed);
        }
}
#define QUANTIZE_U8_AVX512 quantize_u8_avx512_rows

/* The AVX2 byte row written out, as the AVX-512 one (issue 25): GCC's vectorization of
 * QUANTIZE_BODY(uint8_t) ran at 0.24-0.29x torch on an AVX2-only EPYC (Zen 3), one thread in L2
 * (0.77-1.03 ns per element). 8 lanes a step: p = x (1 / scale); i = min(p, 1024) rounded half
 * to even by the conversion (the default rounding mode, which the library runs in: ew_rintf;
 * below -2^31 it gives INT32_MIN); the distance |p - i| (exact below 1024, where i is p's
 * rounding) flags lanes from 0.5 - 2^-12 up for the exact pass, as quantize16's vreduceps does,
 * and NaN lanes (min turns NaN into 1024, and NaN - 1024 is NaN) and infinite ones (an infinite
 * distance). Beyond 1024 either way a lane rounds to a saturated byte, flagged or not. Four steps
 * pack to 16 bits with saturation, take the zero point with a saturating add, and pack to 8 bits
 * with saturation, within 128-bit lanes; one vpermd restores the order. Every saturation is
 * monotonic and |zero point| <= 255, so a sum beyond the 16-bit range saturates to the byte the
 * exact sum does: exact results, the bits of every other variant. The four steps' largest
 * distance is tested once, an integer maximum of the distances' bits (a float maximum would drop
 * NaN; a lane is near a tie about once in 2000 at random); the lanes are read out only then.
 * Issue 25, Zen 4 (AVX2 path), one thread in L2: 7 vector operations a step and 10 per 32
 * elements instead of 10 and 12 per step; the distance from the conversion's integer instead of
 * a vroundps (two operations on Intel) and the integer maximum: 6 a step and 9 per 32. */
EW_T256 static inline __m256i quantize8(__m256 x, __m256 r0, __m256i* dist) {
    const __m256 p = _mm256_mul_ps(x, r0);
    const __m256i i = _mm256_cvtps_epi32(_mm256_min_ps(p, _mm256_set1_ps(1024.0f)));
    /* |p - i| as the bits of a float (below 1024, i is round(p), so the difference is exact): as
     * integers these order as the magnitudes do, and NaN (p NaN or infinite) above them all */
    *dist = _mm256_and_si256(_mm256_castps_si256(_mm256_sub_ps(p, _mm256_cvtepi32_ps(i))),
                             _mm256_set1_epi32(0x7fffffff));
    return i;
}

EW_T256 static inline __attribute__((always_inline)) size_t quantize_u8_steps8(
    const float* a, const float* c, uint8_t* out, size_t n, __m256 r0, __m256i zp0, uint32_t* nears,
    const int is_signed, const int zp_uniform) {
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i zp16 = _mm256_packs_epi32(zp0, zp0);
    /* a lane is near a tie when |p - i| >= 0.5 - 2^-12, i.e. its bits exceed these */
    const __m256i below_near = _mm256_sub_epi32(_mm256_castps_si256(_mm256_set1_ps(0.5f - 0x1p-12f)), _mm256_set1_epi32(1));
    size_t k = 0;
    for (; k + 32 <= n; k += 32) {
        ew_prefetch_at(a, (k + EW_AHEAD) * sizeof(float), 128);
        if (!zp_uniform) ew_prefetch_at(c, (k + EW_AHEAD) * sizeof(float), 128);
        if (!(k & 63)) ew_prefetch_at(out, k + EW_AHEAD, 64);
        __m256i v[4], dist[4];
        for (int j = 0; j < 4; j++) v[j] = quantize8(_mm256_loadu_ps(a + k + 8 * j), r0, &dist[j]);
        const __m256i top = _mm256_max_epi32(_mm256_max_epi32(dist[0], dist[1]), _mm256_max_epi32(dist[2], dist[3]));
        uint32_t bits = 0;
        if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(top, below_near))))
            for (int j = 0; j < 4; j++)
                bits |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(dist[j], below_near))) << (8 * j);
        nears[k / 32] = bits;
        __m256i w01 = _mm256_packs_epi32(v[0], v[1]), w23 = _mm256_packs_epi32(v[2], v[3]);
        if (zp_uniform) {
            w01 = _mm256_adds_epi16(w01, zp16);
            w23 = _mm256_adds_epi16(w23, zp16);
        } else { /* the zero points packed as the values are */
            const __m256i z01 = _mm256_packs_epi32(_mm256_cvttps_epi32(_mm256_loadu_ps(c + k)),
                                                   _mm256_cvttps_epi32(_mm256_loadu_ps(c + k + 8)));
            const __m256i z23 = _mm256_packs_epi32(_mm256_cvttps_epi32(_mm256_loadu_ps(c + k + 16)),
                                                   _mm256_cvttps_epi32(_mm256_loadu_ps(c + k + 24)));
            w01 = _mm256_adds_epi16(w01, z01);
            w23 = _mm256_adds_epi16(w23, z23);
        }
        const __m256i bytes = is_signed ? _mm256_packs_epi16(w01, w23) : _mm256_packus_epi16(w01, w23);
        _mm256_storeu_si256((__m256i*)(void*)(out + k), _mm256_permutevar8x32_epi32(bytes, order));
    }
    return k;
}

EW_T256 static void quantize_u8_avx2_rows(const ew_params* restrict P, size_t n, uint8_t* out,
                                          const float* const* in) {
    /* an operand that is one value along the run may be a staged chunk: never offset */
    if (n > 1024) { /* the engine's chunks are 1024 long; nears below has room for that */
        for (size_t o = 0; o < n; o += 1024) {
            const float* part[3] = {P->uniform & 1u ? in[0] : in[0] + o, P->uniform >> 1 & 1u ? in[1] : in[1] + o,
                                    P->uniform >> 2 & 1u ? in[2] : in[2] + o};
            quantize_u8_avx2_rows(P, n - o < 1024 ? n - o : 1024, out + o, part);
        }
        return;
    }
    const float *a = in[0], *b = in[1], *c = in[2];
    const float s0 = b[0];
    if (!one_normal_scale(P, s0) || (P->uniform & 1u) || n < 32) {
        quantize_u8_avx2(P, n, out, in);
        return;
    }
    const int is_signed = P->output_type == DML_TENSOR_DATA_TYPE_INT8;
    const __m256 r0 = _mm256_set1_ps(1.0f / s0);
    const int zp_uniform = (int)(P->uniform >> 2 & 1u);
    const __m256i zp0 = _mm256_set1_epi32((int32_t)c[0]);
    uint32_t nears[32];  /* the near-tie lanes of each 32 elements */
    size_t k;
    if (is_signed)
        k = zp_uniform ? quantize_u8_steps8(a, c, out, n, r0, zp0, nears, 1, 1)
                       : quantize_u8_steps8(a, c, out, n, r0, zp0, nears, 1, 0);
    else
        k = zp_uniform ? quantize_u8_steps8(a, c, out, n, r0, zp0, nears, 0, 1)
                       : quantize_u8_steps8(a, c, out, n, r0, zp0, nears, 0, 0);
    for (size_t w = 0; w < k / 32; w++)
        for (uint32_t bits = nears[w]; bits; bits &= bits - 1u) {
            const size_t e = w * 32 + (size_t)__builtin_ctz(bits);
            out[e] = (uint8_t)(int32_t)quantize_exact(a[e], b[e], c[e], is_signed);
        }
    if (k < n) { /* the last n % 32: the generated row */
        const float* part[3] = {a + k, b, zp_uniform ? c : c + k};
        quantize_u8_avx2(P, n - k, out + k, part);
    }
}
#define QUANTIZE_U8_AVX2 quantize_u8_avx2_rows
/* the written-out rows split a longer run into 1024-element parts, uniform operands not offset */
#define QUANTIZE_U8_SPANS ((1u << EW_ISA_AVX2) | (1u << EW_ISA_AVX512))
#else
#define QUANTIZE_U8_SPANS 0u
#define QUANTIZE_U8_AVX512 quantize_u8_avx512
#define QUANTIZE_U8_AVX2 quantize_u8_avx2
#endif
#undef QUANTIZE_MIN_HI
#undef QUANTIZE_STORE
#undef QUANTIZE_BODY
#undef QUANTIZE_ROW

EW_F64(quantize, {
    const int is_signed = P->output_type == DML_TENSOR_DATA_TYPE_INT8;
    const double *a = in[0], *b = in[1], *c = in[2];
    for (size_t k = 0; k < n; k++) out[k] = saturate8(pydml_round_half_even(a[k] / b[k]) + c[k], is_signed);
})

/* DEQUANTIZE_LINEAR: f(input, scale, zero_point) = (input - zero_point) * scale, taken in double and
 * rounded once to the output (FLOAT32, or FLOAT16 through pydml_f64_to_f32_odd). Exact for the 8- and
 * 16-bit inputs (input - zero_point and the product are exact in double); INT32/UINT32 inputs make
 * the engine compute in double (EW_FLAG_WIDE_INT_F64), so they arrive exact too. */
EW_F32(dequantize, {
    const int half = P->output_type == DML_TENSOR_DATA_TYPE_FLOAT16;
    const float *a = in[0], *b = in[1], *c = in[2];
    if (half)
        for (size_t k = 0; k < n; k++) out[k] = pydml_f64_to_f32_odd(((double)a[k] - (double)c[k]) * (double)b[k]);
    else
        for (size_t k = 0; k < n; k++) out[k] = (float)(((double)a[k] - (double)c[k]) * (double)b[k]);
})

EW_F64(dequantize, {
    const int half = P->output_type == DML_TENSOR_DATA_TYPE_FLOAT16;
    const double *a = in[0], *b = in[1], *c = in[2];
    if (half) /* the engine stores double -> float -> half: round to a float that rounds right */
        for (size_t k = 0; k < n; k++) out[k] = pydml_f64_to_f32_odd((a[k] - c[k]) * b[k]);
    else
        for (size_t k = 0; k < n; k++) out[k] = (a[k] - c[k]) * b[k];
})

/* QUANTIZED_LINEAR_ADD (page): AValue = (A - AZeroPoint) * AScale, BValue = (B - BZeroPoint) *
 * BScale, Output = clamp(round((AValue + BValue) / OutputScale) + OutputZeroPoint, Min, Max).
 * Operands in C field order: A, AScale, AZeroPoint, B, BScale, BZeroPoint, OutputScale,
 * OutputZeroPoint (absent zero points read 0). Domain: AScaleTensor's (FLOAT32), every operand is
 * exact in float; the arithmetic is double, in the page's order. */
EW_F32(qlinear_add, {
    const int is_signed = P->output_type == DML_TENSOR_DATA_TYPE_INT8;
    for (size_t k = 0; k < n; k++) {
        double av = ((double)in[0][k] - (double)in[2][k]) * (double)in[1][k];
        double bv = ((double)in[3][k] - (double)in[5][k]) * (double)in[4][k];
        out[k] = saturate8(pydml_round_half_even((av + bv) / (double)in[6][k]) + (double)in[7][k], is_signed);
    }
})

const ew_entry pydml_ew_quantize_entries[] = {
    /* FLOAT32 FLOAT16 and the integers up to 64 bits (page, FL5_0); no FLOAT64 */
    {DML_OPERATOR_ELEMENT_WISE_CLIP, "Min,Max", 0, 0, EW_F32_SET(clip), NULL, clip_i64, clip_u64},
    /* FLOAT32 FLOAT16 and the integers up to 32 bits (page, FL3_0) */
    {DML_OPERATOR_ELEMENT_WISE_THRESHOLD, "Min", 0, 0, EW_F32_SET(threshold), NULL, threshold_i64, NULL},
    {DML_OPERATOR_ELEMENT_WISE_CLIP1, "Min,Max", 0, 0, EW_F32_SET(clip1), NULL, clip1_i64, clip1_u64},
    /* domain from ATensor (input 1), not the UINT8 condition */
    {DML_OPERATOR_ELEMENT_WISE_IF, NULL, 1, 0, EW_F32_SET(if_select), if_select_f64, if_select_i64,
     if_select_u64},
    /* domain from ScaleTensor (input 1): FLOAT32/FLOAT16, double for an INT32 input */
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, NULL, 1, EW_FLAG_WIDE_INT_F64, EW_F32_SET(quantize),
     quantize_f64, NULL, NULL},
    /* domain from the output: FLOAT32/FLOAT16, double for 32-bit integer inputs */
    {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, NULL, EW_DOMAIN_FROM_OUTPUT, EW_FLAG_WIDE_INT_F64,
     EW_F32_SET(dequantize), dequantize_f64, NULL, NULL},
    /* domain from AScaleTensor (input 1, FLOAT32): A, B and the zero points are 8-bit integers */
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD, NULL, 1, 0, EW_F32_SET(qlinear_add), NULL, NULL, NULL},
};
const ew_narrow_entry pydml_ew_narrow_entries[] = {
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, {quantize_u8_c, QUANTIZE_U8_AVX2, QUANTIZE_U8_AVX512}, QUANTIZE_U8_SPANS},
};
const uint32_t pydml_ew_narrow_entry_count = sizeof pydml_ew_narrow_entries / sizeof pydml_ew_narrow_entries[0];

const uint32_t pydml_ew_quantize_entry_count =
    sizeof pydml_ew_quantize_entries / sizeof pydml_ew_quantize_entries[0];
