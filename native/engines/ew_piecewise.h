/* Piecewise polynomials over |x|, looked up by its float bits: the fast form of tanh and GELU.
 *
 * |x| in [0, 16) is cut into 32 intervals by the bits of |x| (ew_pw_index): [0, 0.078125), then
 * quarters of each binade from 1/16 to 16 (exponent and top two mantissa bits). On each interval
 * the function is a polynomial in t = |x| - c, c the interval's midpoint (0 for the first, which
 * reaches 0, so that tiny |x| keep their relative accuracy), with float coefficients fitted by
 * tools/fit_ew_piecewise.py. A low degree (5) suffices on such short intervals, and no
 * division is needed: this is how vendor libraries (MKL's vsTanh) reach one load-and-FMA chain per
 * lane. AVX-512 looks a coefficient up for 16 lanes with one vpermt2ps over a 32-entry table held
 * in two registers, AVX2 by a transposed copy of the table (ew_pw_lookup8); the portable and AVX2
 * variants index the same tables, the same float operations in the same order, so every ISA
 * variant gives the same bits. */
#ifndef PYDML_NATIVE_EW_PIECEWISE_H
#define PYDML_NATIVE_EW_PIECEWISE_H

#include <stddef.h>
#include <stdint.h>

#include "elementwise.h"
#include "ew_mathfn.h"


#define EW_PW_INTERVALS 32
#define EW_PW_BASE 0x3d800000u /* 1/16: the bits where interval 1's binade starts */

/* The interval of a (>= 0, not NaN, < 16): 0 below 0.078125, else 4 per binade from 1/16. The
 * shift is arithmetic (GCC, Clang): values below 1/16 give a negative index, clamped to 0. */
static inline int32_t ew_pw_index(float a) {
    const int32_t i = (int32_t)(ew_float_to_bits(a) - EW_PW_BASE) >> 21;
    return i < 0 ? 0 : i;
}

/* ---- tanh ----
 * tanh(x) = sign(x) P_i(|x| - c_i), P_i degree 5 (fit error 1.2e-8 relative); |x| is clamped to
 * 9.5, where tanh rounds to 1 (it does from 9.01), so tanh(+-inf) = +-1; the first interval's
 * constant is 0, so tanh(x) = x for tiny x and tanh(-0) = -0. Worst 1.5 ulp (all floats). */
static const float ew_tanh_table[7][32] = {
    /* c */ {0.0f, 0.0859375f, 0.1015625f, 0.1171875f, 0.140625f, 0.171875f, 0.203125f, 0.234375f, 0.28125f, 0.34375f, 0.40625f, 0.46875f, 0.5625f, 0.6875f, 0.8125f, 0.9375f, 1.125f, 1.375f, 1.625f, 1.875f, 2.25f, 2.75f, 3.25f, 3.75f, 4.5f, 5.5f, 6.5f, 7.5f, 8.800000190734863f, 0.0f, 0.0f, 0.0f},
    /* x^0 */ {0.0f, 0.08572656661272049f, 0.10121472924947739f, 0.11665398627519608f, 0.13970530033111572f, 0.1702023148536682f, 0.2003767192363739f, 0.2301757037639618f, 0.2740615904331207f, 0.33082112669944763f, 0.3852839767932892f, 0.4371887743473053f, 0.5098299980163574f, 0.5963735580444336f, 0.6709671020507812f, 0.7340714931488037f, 0.8093010783195496f, 0.8798267245292664f, 0.9253462553024292f, 0.9540452361106873f, 0.9780260920524597f, 0.9918597340583801f, 0.9969976544380188f, 0.998894453048706f, 0.9997531771659851f, 0.9999666213989258f, 0.9999954700469971f, 0.9999994039535522f, 0.9999999403953552f, 0.0f, 0.0f, 0.0f},
    /* x^1 */ {1.0f, 0.9926509261131287f, 0.9897555708885193f, 0.9863918423652649f, 0.9804823994636536f, 0.9710311889648438f, 0.9598491787910461f, 0.9470191597938538f, 0.9248902201652527f, 0.8905574083328247f, 0.8515562415122986f, 0.8088659644126892f, 0.7400733828544617f, 0.6443386077880859f, 0.5498031973838806f, 0.4611389935016632f, 0.3450317680835724f, 0.22590497136116028f, 0.14373436570167542f, 0.08979763835668564f, 0.043464913964271545f, 0.016214292496442795f, 0.0059957182966172695f, 0.0022098938934504986f, 0.00049354083603248f, 6.68077846057713e-05f, 9.04171247384511e-06f, 1.22366748200875e-06f, 9.095898434452465e-08f, 0.0f, 0.0f, 0.0f},
    /* x^2 */ {4.436894229797872e-08f, -0.0850965604186058f, -0.10017784684896469f, -0.1150665432214737f, -0.13697859644889832f, -0.16527174413204193f, -0.19233141839504242f, -0.21798080205917358f, -0.2534768581390381f, -0.29461514949798584f, -0.32809093594551086f, -0.35362708568573f, -0.3773112893104553f, -0.3842664062976837f, -0.3688998818397522f, -0.33850914239883423f, -0.27923712134361267f, -0.19875873625278473f, -0.13300462067127228f, -0.08567110449075699f, -0.042508240789175034f, -0.016081100329756737f, -0.005977179389446974f, -0.002207239391282201f, -0.0004926100373268127f, -6.669522554147989e-05f, -9.026725820149295e-06f, -1.2216437426104676e-06f, -8.988462951720066e-08f, 0.0f, 0.0f, 0.0f},
    /* x^3 */ {-0.3333374559879303f, -0.32358860969543457f, -0.31977906823158264f, -0.31537431478500366f, -0.30769082903862f, -0.2955474853515625f, -0.28141093254089355f, -0.2654989957809448f, -0.2388285994529724f, -0.19938765466213226f, -0.15744400024414062f, -0.1150202676653862f, -0.05432753264904022f, 0.014386170543730259f, 0.06425163149833679f, 0.09477678686380386f, 0.11097633093595505f, 0.09957229346036911f, 0.07516442239284515f, 0.0518018901348114f, 0.02708791196346283f, 0.010546031408011913f, 0.003960855770856142f, 0.0014682358596473932f, 0.00032822132925502956f, 4.445687591214664e-05f, 6.017261057422729e-06f, 8.143601917254273e-07f, 5.988736972994957e-08f, 0.0f, 0.0f, 0.0f},
    /* x^4 */ {0.00012839803821407259f, 0.056103091686964035f, 0.06575595587491989f, 0.07514120638370514f, 0.08863106369972229f, 0.10537511110305786f, 0.12047582119703293f, 0.13374362885951996f, 0.14984092116355896f, 0.1640615165233612f, 0.16992729902267456f, 0.16807867586612701f, 0.1532496213912964f, 0.11944116652011871f, 0.07989818602800369f, 0.043362971395254135f, 0.003700539469718933f, -0.021095208823680878f, -0.025121264159679413f, -0.020848950371146202f, -0.012390282936394215f, -0.005151122342795134f, -0.001979497028514743f, -0.0007398722809739411f, -0.00017254923295695335f, -2.3398242774419487e-05f, -3.1674553611082956e-06f, -4.286839327960479e-07f, -3.438167084368615e-08f, 0.0f, 0.0f, 0.0f},
    /* x^5 */ {0.13194754719734192f, 0.12495561689138412f, 0.12213284522294998f, 0.118205726146698f, 0.11193002760410309f, 0.10237838327884674f, 0.09083788841962814f, 0.07833802700042725f, 0.05917121842503548f, 0.03205171599984169f, 0.006007132586091757f, -0.017097482457756996f, -0.04332287609577179f, -0.06150214746594429f, -0.06265454739332199f, -0.05307065695524216f, -0.03211653605103493f, -0.009566151537001133f, 0.0013715759851038456f, 0.004592978861182928f, 0.0039750961586833f, 0.001917752786539495f, 0.0007721082074567676f, 0.00029331661062315106f, 6.894945545354858e-05f, 9.368255632580258e-06f, 1.2685331967077218e-06f, 1.7168940757983364e-07f, 1.3796899622775527e-08f, 0.0f, 0.0f, 0.0f},
};

/* tanh for every x but NaN (NaN lanes become +-1 here; callers select x back) */
static inline float ew_tanhf_finite(float x) {
    float a = ew_with_sign(x, 0.0f);
    a = ew_select(a < 9.5f, a, 9.5f);
    const int32_t i = ew_pw_index(a);
    const float t = a - ew_tanh_table[0][i];
    float p = ew_tanh_table[6][i];
    p = EW_FMA(p, t, ew_tanh_table[5][i]);
    p = EW_FMA(p, t, ew_tanh_table[4][i]);
    p = EW_FMA(p, t, ew_tanh_table[3][i]);
    p = EW_FMA(p, t, ew_tanh_table[2][i]);
    p = EW_FMA(p, t, ew_tanh_table[1][i]);
    return ew_bits_to_float(ew_float_to_bits(p) | (ew_float_to_bits(x) & 0x80000000u));
}

static inline float ew_tanhf(float x) {
    return ew_select(x != x, x, ew_tanhf_finite(x));
}

#ifdef EW_X86
/* ew_expf_poly_inner on 8 and 16 lanes, for the hand-written rows (EXP, GELU) */
EW_T256 static inline __m256 ew_expf_poly_inner8(__m256 r) {
    __m256 p = _mm256_set1_ps(EW_EXPF_C6);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C5));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C4));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C3));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(EW_EXPF_C2));
    return _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
}

EW_T512 static inline __m512 ew_expf_poly_inner16(__m512 r) {
    __m512 p = _mm512_set1_ps(EW_EXPF_C6);
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C5));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C4));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C3));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(EW_EXPF_C2));
    return _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f));
}

/* AVX2: the coefficients of 8 lanes' intervals without a gather. vgatherdps is microcoded on AMD
 * Zen 2/3; on the AVX2 host of issue 25 (an EPYC under KVM) the gathered rows ran at 3.09 ns per
 * element (TANH) and 4.10 (GELU), row functions on one thread in L1. Looking each row up in
 * registers (vpermps on each quarter of the 32 entries, two levels of blends) took 2.07 for TANH:
 * 4 permutes and 3 blends per row. So the table is transposed once per call (ew_pw_transpose:
 * entry i's 8 rows side by side, 1 KiB on the stack) and a step loads each lane's 8 rows (two
 * halves of 16 bytes; the upper lane's by a broadcast load and a blend, which keep the shuffle
 * ports free) and transposes them back in-lane (8 unpacks, 8 shuffles): TANH 1.04 and GELU 1.60 ns
 * per element in the same run (3.0x and 2.6x). The gather stays right where it is fast (Intel:
 * TANH 1.40 against 1.47 for the register lookup), but the AVX-512 variant serves those hosts. The
 * same entries reach the same FMAs, so the bits stay those of the other variants. */
typedef struct ew_pw_t8 {
    _Alignas(32) float e[EW_PW_INTERVALS][8];  /* e[i][k] = table[k][i]; rows past the table's 0 */
} ew_pw_t8;

/* columns of 8 rows of 8 (r[k][j] -> r[j][k]) */
EW_T256 static inline void ew_transpose8x8(__m256 r[8]) {
    __m256 t[8], u[8];
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm256_unpacklo_ps(r[k], r[k + 1]);
        t[k + 1] = _mm256_unpackhi_ps(r[k], r[k + 1]);
    }
    for (int k = 0; k < 8; k += 4) {
        u[k] = _mm256_shuffle_ps(t[k], t[k + 2], 0x44);
        u[k + 1] = _mm256_shuffle_ps(t[k], t[k + 2], 0xee);
        u[k + 2] = _mm256_shuffle_ps(t[k + 1], t[k + 3], 0x44);
        u[k + 3] = _mm256_shuffle_ps(t[k + 1], t[k + 3], 0xee);
    }
    for (int k = 0; k < 4; k++) {
        r[k] = _mm256_permute2f128_ps(u[k], u[k + 4], 0x20);
        r[k + 4] = _mm256_permute2f128_ps(u[k], u[k + 4], 0x31);
    }
}

/* the first `rows` (<= 8) rows of a [rows][32] table, transposed */
EW_T256 static inline void ew_pw_transpose(const float* table, int rows, ew_pw_t8* t) {
    for (int g = 0; g < EW_PW_INTERVALS; g += 8) {
        __m256 r[8];
        for (int k = 0; k < 8; k++) r[k] = k < rows ? _mm256_loadu_ps(table + k * EW_PW_INTERVALS + g) : _mm256_setzero_ps();
        ew_transpose8x8(r);
        for (int j = 0; j < 8; j++) _mm256_store_ps(t->e[g + j], r[j]);
    }
}

/* v[k] = table[k][i] for the 8 lanes of i (0 <= i < 32) */
EW_T256 static inline void ew_pw_lookup8(const ew_pw_t8* t, __m256i i, __m256 v[8]) {
    _Alignas(32) int32_t ix[8];
    _mm256_store_si256((__m256i*)(void*)ix, i);
    __m256 r[8];
    for (int j = 0; j < 4; j++) {
        const float* a = t->e[ix[j]];
        const float* b = t->e[ix[j + 4]];
        r[j] = _mm256_blend_ps(_mm256_castps128_ps256(_mm_load_ps(a)), _mm256_broadcast_ps((const __m128*)(const void*)b), 0xf0);
        r[j + 4] = _mm256_blend_ps(_mm256_castps128_ps256(_mm_load_ps(a + 4)), _mm256_broadcast_ps((const __m128*)(const void*)(b + 4)), 0xf0);
    }
    for (int h = 0; h < 8; h += 4) {  /* an in-lane 4x4 transpose of each half */
        const __m256 t0 = _mm256_unpacklo_ps(r[h], r[h + 1]), t1 = _mm256_unpackhi_ps(r[h], r[h + 1]);
        const __m256 t2 = _mm256_unpacklo_ps(r[h + 2], r[h + 3]), t3 = _mm256_unpackhi_ps(r[h + 2], r[h + 3]);
        v[h] = _mm256_shuffle_ps(t0, t2, 0x44);
        v[h + 1] = _mm256_shuffle_ps(t0, t2, 0xee);
        v[h + 2] = _mm256_shuffle_ps(t1, t3, 0x44);
        v[h + 3] = _mm256_shuffle_ps(t1, t3, 0xee);
    }
}

EW_T256 static inline __m256i ew_pw_index8(__m256 a) {
    const __m256i i = _mm256_srai_epi32(_mm256_sub_epi32(_mm256_castps_si256(a), _mm256_set1_epi32((int)EW_PW_BASE)), 21);
    return _mm256_min_epi32(_mm256_max_epi32(i, _mm256_setzero_si256()), _mm256_set1_epi32(EW_PW_INTERVALS - 1));
}

/* ew_tanh_row_avx512 on 8 lanes, the coefficients looked up by ew_pw_lookup8; the last n % 8
 * values by ew_tanhf */
EW_T256 static void ew_tanh_row_avx2(const ew_params* restrict P, size_t n, float* out, const float* const* in) {
    const float* x = in[0];
    const __m256i magnitude = _mm256_set1_epi32(0x7fffffff);
    const __m256 top = _mm256_set1_ps(9.5f);
    ew_pw_t8 table;
    if (n >= 8) ew_pw_transpose(&ew_tanh_table[0][0], 7, &table);
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        if (!(k & 15)) ew_prefetch_step(P, x, out, k, 64);
        const __m256 v = _mm256_loadu_ps(x + k);
        const __m256i vb = _mm256_castps_si256(v);
        const __m256 a = _mm256_min_ps(_mm256_castsi256_ps(_mm256_and_si256(vb, magnitude)), top);
        __m256 c[8];
        ew_pw_lookup8(&table, ew_pw_index8(a), c);
        const __m256 t = _mm256_sub_ps(a, c[0]);
        __m256 p = c[6];
        p = _mm256_fmadd_ps(p, t, c[5]);
        p = _mm256_fmadd_ps(p, t, c[4]);
        p = _mm256_fmadd_ps(p, t, c[3]);
        p = _mm256_fmadd_ps(p, t, c[2]);
        p = _mm256_fmadd_ps(p, t, c[1]);
        const __m256 r = _mm256_castsi256_ps(_mm256_or_si256(_mm256_castps_si256(p), _mm256_andnot_si256(magnitude, vb)));
        _mm256_storeu_ps(out + k, _mm256_blendv_ps(r, v, _mm256_cmp_ps(v, v, _CMP_UNORD_Q)));
    }
    for (; k < n; k++) out[k] = ew_tanhf(x[k]);
}

/* Coefficient row k of a table for 16 lanes of interval indices (vpermt2ps uses the low 5 bits). */
#define EW_PW_LOOKUP(lo, hi, k, index) _mm512_permutex2var_ps((lo)[k], (index), (hi)[k])

EW_T512 static inline __m512i ew_pw_index16(__m512 a) {
    const __m512i i = _mm512_srai_epi32(_mm512_sub_epi32(_mm512_castps_si512(a), _mm512_set1_epi32((int)EW_PW_BASE)), 21);
    return _mm512_max_epi32(i, _mm512_setzero_si512());
}

/* n values of ew_tanhf, 16 lanes at a time: ew_tanhf_finite step for step, NaN lanes selected
 * back. out may be in[0]: each step reads its lanes before writing them. */
EW_T512 static void ew_tanh_row_avx512(const ew_params* restrict P, size_t n, float* out, const float* const* in) {
    const float* x = in[0];
    __m512 lo[7], hi[7];
    for (int k = 0; k < 7; k++) {
        lo[k] = _mm512_loadu_ps(ew_tanh_table[k]);
        hi[k] = _mm512_loadu_ps(ew_tanh_table[k] + 16);
    }
    const __m512i magnitude = _mm512_set1_epi32(0x7fffffff);
    const __m512 top = _mm512_set1_ps(9.5f);
    for (size_t k = 0; k < n; k += 16) {
        ew_prefetch_step(P, x, out, k, 64);  /* one line per step */
        const __mmask16 m = n - k >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - k)) - 1u);
        const __m512 v = _mm512_maskz_loadu_ps(m, x + k);
        const __m512i vb = _mm512_castps_si512(v);
        /* min(a, 9.5) is 9.5 for a NaN a, as ew_select(a < 9.5f, a, 9.5f) */
        const __m512 a = _mm512_min_ps(_mm512_castsi512_ps(_mm512_and_si512(vb, magnitude)), top);
        const __m512i i = ew_pw_index16(a);
        const __m512 t = _mm512_sub_ps(a, EW_PW_LOOKUP(lo, hi, 0, i));
        __m512 p = EW_PW_LOOKUP(lo, hi, 6, i);
        p = _mm512_fmadd_ps(p, t, EW_PW_LOOKUP(lo, hi, 5, i));
        p = _mm512_fmadd_ps(p, t, EW_PW_LOOKUP(lo, hi, 4, i));
        p = _mm512_fmadd_ps(p, t, EW_PW_LOOKUP(lo, hi, 3, i));
        p = _mm512_fmadd_ps(p, t, EW_PW_LOOKUP(lo, hi, 2, i));
        p = _mm512_fmadd_ps(p, t, EW_PW_LOOKUP(lo, hi, 1, i));
        __m512 r = _mm512_castsi512_ps(_mm512_or_si512(_mm512_castps_si512(p), _mm512_andnot_si512(magnitude, vb)));
        r = _mm512_mask_mov_ps(r, _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q), v);
        _mm512_mask_storeu_ps(out + k, m, r);
    }
}
#endif

#endif /* PYDML_NATIVE_EW_PIECEWISE_H */
