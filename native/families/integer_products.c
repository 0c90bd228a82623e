/* The integer_products kernel family (families.h): the integer and quantized matrix products.
 *
 * Pages (MicrosoftDocs/sdk-api ns-directml-dml_<name>_operator_desc.md; windows-ai-docs
 * docs/directml/api/ for MATRIX_MULTIPLY_INTEGER_TO_FLOAT); rules_integer_products.c checks the
 * descs (shapes, zero-point/scale sizes, convolution geometry):
 *
 *   MATRIX_MULTIPLY_INTEGER:  Out[m,n] = sum_k (A[m,k] - AZp[m]) * (B[k,n] - BZp[n])     (INT32)
 *   MATRIX_MULTIPLY_INTEGER_TO_FLOAT (FL6_2): dequantize A and B ((x - zp) * scale), multiply,
 *        add the optional Bias:  Out[m,n] = S[m,n] * AScale[m] * BScale[n] + Bias[m,n]
 *   QUANTIZED_LINEAR_MATRIX_MULTIPLY: dequantize, multiply, quantize:
 *        Out[m,n] = clamp(round(S[m,n] * AScale[m] * BScale[n] / OutScale[m]) + OutZp[m], Min, Max)
 *   CONVOLUTION_INTEGER: forward cross-correlation (ONNX ConvInteger, which it implements) of
 *        (Input - InputZp) with (Filter - FilterZp[oc]) accumulated into INT32.
 *   QUANTIZED_LINEAR_CONVOLUTION: dequantize, convolve, add Bias (INT32, in units of
 *        InputScale * FilterScale[oc], as ONNX QLinearConv), quantize:
 *        Out = clamp(round((S + Bias[oc]) * InputScale * FilterScale[oc] / OutScale) + OutZp, Min, Max)
 *
 * with S the exact integer sum of (a - a_zp) * (b - b_zp) products, zero points per tensor or per
 * row (A) / column (B) / output channel (filter), read through their own strides.
 *
 * Decisions where the pages are silent:
 *  - INT32 overflow (MATRIX_MULTIPLY_INTEGER, CONVOLUTION_INTEGER): the sum wraps modulo 2^32 (two's
 *    complement), as the GPU's 32-bit integer adds do; computed in uint32_t, so no C undefined
 *    behaviour. An 8-bit product sum overflows only past K = 33025 terms.
 *  - Float results (TO_FLOAT, the quantized forms) use the exact integer S (int32 while it cannot
 *    overflow: 8-bit operands and K <= 32768; otherwise an exact 128-bit sum), then double:
 *    ((S * AScale) * BScale) [/ OutScale | + Bias], rounded once to the output type (FLOAT16
 *    through round-to-odd float, so no double rounding). Scales per row/column factor out of the
 *    sum exactly in real arithmetic, so this is the page's "dequantize, multiply" with one
 *    rounding. The order above is part of the definition (tests use the same order).
 *  - round is round half to even (ONNX QLinearMatMul / QLinearConv, which these implement, and
 *    HLSL round); clamp is min(Max, max(Min, v)) so NaN (0/0 from a zero scale, undefined on the
 *    pages) gives Min, +-inf saturate.
 *  - Convolution padding contributes 0 to the sum: a padded input position reads the input zero
 *    point (ONNX ConvInteger/QLinearConv pad with the zero point, i.e. the real value 0). The
 *    geometry is CONVOLUTION's FORWARD cross-correlation (the integer pages give no formula; ONNX's
 *    ConvInteger/QLinearConv do not flip the kernel). A QUANTIZED_LINEAR_CONVOLUTION with more than
 *    32768 taps per output (FilterTensor.Sizes[1] x kernel) is UNSUPPORTED (its 8-bit sum could
 *    leave int32 before requantization); CONVOLUTION_INTEGER wraps as above.
 *  - MATRIX_MULTIPLY_INTEGER_TO_FLOAT's 16/32-bit operands: (a - za) is exact in int64, the
 *    products are summed in 128 bits (exact), the sum rounded once to double.
 *
 * Speed: one integer GEMM engine. A is packed to unsigned bytes (INT8 + 128) and B to signed bytes
 * (UINT8 - 128) with their row/column sums; the microkernel computes sum a_u * b_s in int32 and the
 * epilogue restores sum (a - za) * (b - zb) exactly (mod 2^32):
 *   (a_u - ca)(b_s + db) summed = dot + db * rowsum(a_u) - ca * colsum(b_s) - K * ca * db,
 *   ca = oa + za[m], db = ob - zb[n], oa/ob the 128 offsets (0 when the type is already right).
 * Kernels: AVX-512 VNNI vpdpbusd (6 x 64 tile, u8 x s8 native), AVX2 int16 madd (operands widened
 * to int16 when packed, so _mm256_madd_epi16 never saturates: |a_u * b_s| <= 255 * 128), portable C.
 * A and B are packed once per execution (per batch); threads share the packing and then the
 * (column panel x row-strip group) items of the output. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define IP_X86 1
#define IP_TVNNI __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512vnni")))
#endif

#include "convert.h"
#include "elementwise.h"
#include "families.h"
#include "rules.h"

#define IP_MR_MAX 6
#define IP_NR_MAX 64
#define IP_MAX_TENSORS 12
#define IP_EXACT_K 32768 /* 8-bit sums of at most this many products fit int32 (255 * 255 * K < 2^31) */

/* ================================ the integer GEMM engine ================================== */

typedef struct ip_mat {
    const uint8_t* p; /* element (r, c) at p[r * rs + c * cs] (8-bit types) */
    int sgn;          /* INT8 (1) or UINT8 (0) */
    int64_t rs, cs;
} ip_mat;

/* Receives finished sums S (exact mod 2^32) of output rows m0.. (mr) and columns n0.. (nr). */
typedef void (*ip_emit_fn)(const void* ctx, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                           uint32_t lds);

typedef struct ip_gemm {
    uint32_t M, N, K;
    ip_mat a, b;
    const int64_t* za; /* M entries: A's zero point per row */
    const int64_t* zb; /* N entries: B's zero point per column */
    ip_emit_fn emit;
    const void* ctx;
} ip_gemm;

/* tile[t * NR + j] = sum over kg groups of the packed products (all MR x NR, padding included) */
typedef void (*ip_kernel)(uint32_t kg, const void* a, const void* b, int32_t* tile);

typedef struct ip_isa {
    uint32_t mr, nr, kgrp; /* kgrp 4: bytes (u8 A, s8 B); 2: int16 pairs */
    ip_kernel kernel;
} ip_isa;

/* Portable: 4 x 16 tile over k4 byte groups. uint32_t accumulators: the wrap is the defined
 * behaviour (a 4-product group is at most 4 * 255 * 128 in magnitude, exact in int32). */
static void kernel_c(uint32_t kg, const void* a_, const void* b_, int32_t* tile) {
    const uint8_t* a = a_;
    const int8_t* b = b_;
    uint32_t c[4][16];
    memset(c, 0, sizeof c);
    for (uint32_t k = 0; k < kg; k++) {
        for (int t = 0; t < 4; t++) {
            const int32_t a0 = a[t * 4], a1 = a[t * 4 + 1], a2 = a[t * 4 + 2], a3 = a[t * 4 + 3];
            for (int j = 0; j < 16; j++) {
                const int8_t* bj = b + j * 4;
                c[t][j] += (uint32_t)(a0 * bj[0] + a1 * bj[1] + a2 * bj[2] + a3 * bj[3]);
            }
        }
        a += 16;
        b += 64;
    }
    for (int t = 0; t < 4; t++)
        for (int j = 0; j < 16; j++) tile[t * 16 + j] = (int32_t)c[t][j]; /* gcc: modulo 2^32 */
}

#ifdef IP_X86
/* AVX2: 6 x 16 tile over k2 int16 pairs: madd_epi16(a pair broadcast, 8 column pairs). */
EW_T256 static void kernel_avx2(uint32_t kg, const void* a_, const void* b_, int32_t* tile) {
    const int32_t* a = a_;
    const __m256i* b = b_;
    __m256i c00 = _mm256_setzero_si256(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00, c30 = c00,
            c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
    for (uint32_t k = 0; k < kg; k++) {
        const __m256i b0 = _mm256_load_si256(b), b1 = _mm256_load_si256(b + 1);
        __m256i x;
#define IP_ROW2(t, r0, r1)                                   \
    x = _mm256_set1_epi32(a[t]);                             \
    r0 = _mm256_add_epi32(r0, _mm256_madd_epi16(x, b0));     \
    r1 = _mm256_add_epi32(r1, _mm256_madd_epi16(x, b1));
        IP_ROW2(0, c00, c01) IP_ROW2(1, c10, c11) IP_ROW2(2, c20, c21)
        IP_ROW2(3, c30, c31) IP_ROW2(4, c40, c41) IP_ROW2(5, c50, c51)
#undef IP_ROW2
        a += 6;
        b += 2;
    }
    __m256i* o = (__m256i*)tile;
    _mm256_store_si256(o + 0, c00); _mm256_store_si256(o + 1, c01);
    _mm256_store_si256(o + 2, c10); _mm256_store_si256(o + 3, c11);
    _mm256_store_si256(o + 4, c20); _mm256_store_si256(o + 5, c21);
    _mm256_store_si256(o + 6, c30); _mm256_store_si256(o + 7, c31);
    _mm256_store_si256(o + 8, c40); _mm256_store_si256(o + 9, c41);
    _mm256_store_si256(o + 10, c50); _mm256_store_si256(o + 11, c51);
}

/* AVX-512 VNNI: 6 x 64 tile over k4 byte groups; vpdpbusd(acc, a u8 x4 broadcast, b s8 x4 x16). */
IP_TVNNI static void kernel_vnni(uint32_t kg, const void* a_, const void* b_, int32_t* tile) {
    const int32_t* a = a_;
    const __m512i* b = b_;
    /* named accumulators: an array of vectors makes gcc copy them through the stack */
#define IP_Z4(t) __m512i c##t##0 = _mm512_setzero_si512(), c##t##1 = c##t##0, c##t##2 = c##t##0, c##t##3 = c##t##0;
    IP_Z4(0) IP_Z4(1) IP_Z4(2) IP_Z4(3) IP_Z4(4) IP_Z4(5)
#undef IP_Z4
    for (uint32_t k = 0; k < kg; k++) {
        const __m512i b0 = _mm512_load_si512(b), b1 = _mm512_load_si512(b + 1), b2 = _mm512_load_si512(b + 2),
                      b3 = _mm512_load_si512(b + 3);
        __m512i x;
#define IP_ROW4(t)                                  \
    x = _mm512_set1_epi32(a[t]);                    \
    c##t##0 = _mm512_dpbusd_epi32(c##t##0, x, b0);  \
    c##t##1 = _mm512_dpbusd_epi32(c##t##1, x, b1);  \
    c##t##2 = _mm512_dpbusd_epi32(c##t##2, x, b2);  \
    c##t##3 = _mm512_dpbusd_epi32(c##t##3, x, b3);
        IP_ROW4(0) IP_ROW4(1) IP_ROW4(2) IP_ROW4(3) IP_ROW4(4) IP_ROW4(5)
#undef IP_ROW4
        a += 6;
        b += 4;
    }
    __m512i* o = (__m512i*)tile;
#define IP_ST4(t)                                                              \
    _mm512_store_si512(o + 4 * t, c##t##0); _mm512_store_si512(o + 4 * t + 1, c##t##1); \
    _mm512_store_si512(o + 4 * t + 2, c##t##2); _mm512_store_si512(o + 4 * t + 3, c##t##3);
    IP_ST4(0) IP_ST4(1) IP_ST4(2) IP_ST4(3) IP_ST4(4) IP_ST4(5)
#undef IP_ST4
}
#endif

static ip_isa choose_isa(void) {
    ip_isa k = {4, 16, 4, kernel_c};
#ifdef IP_X86
    const uint32_t f = pydml_active_cpu_features();
    if ((f & PYDML_CPU_AVX512_VNNI) && (f & PYDML_CPU_AVX512)) {
        k.mr = 6; k.nr = 64; k.kgrp = 4; k.kernel = kernel_vnni;
    } else if (f & PYDML_CPU_AVX2_FMA) {
        k.mr = 6; k.nr = 16; k.kgrp = 2; k.kernel = kernel_avx2;
    }
#endif
    return k;
}

/* Packs rows m0 .. m0 + MR of A as unsigned values a_u = a + oa (INT8 ^ 0x80), k-grouped; rowsum
 * of a_u per real row. Rows past M are zero. */
static void pack_a(const ip_gemm* g, const ip_isa* isa, uint32_t m0, uint32_t Kp, void* dst, uint32_t* rowsum) {
    const uint32_t MR = isa->mr, K = g->K, G = isa->kgrp;
    const uint8_t flip = g->a.sgn ? 0x80 : 0;
    const size_t bytes = (size_t)MR * Kp * (G == 2 ? 2 : 1);
    if (m0 + MR > g->M || Kp != K) memset(dst, 0, bytes); /* padding rows / k tail */
    for (uint32_t t = 0; t < MR && m0 + t < g->M; t++) {
        const uint8_t* row = g->a.p + (int64_t)(m0 + t) * g->a.rs;
        const int64_t cs = g->a.cs;
        uint32_t sum = 0;
        if (G == 4 && cs == 1) {
            /* contiguous row: 4 bytes per group, and the byte sum in a loop gcc vectorizes */
            uint8_t* d = (uint8_t*)dst + t * 4;
            const uint32_t flip4 = flip * 0x01010101u, K4 = K & ~3u;
            for (uint32_t k = 0; k < K4; k += 4) {
                uint32_t w;
                memcpy(&w, row + k, 4);
                w ^= flip4;
                memcpy(d + (size_t)(k >> 2) * MR * 4, &w, 4);
            }
            for (uint32_t k = K4; k < K; k++) d[(size_t)(k >> 2) * MR * 4 + (k & 3)] = row[k] ^ flip;
            for (uint32_t k = 0; k < K; k++) sum += (uint8_t)(row[k] ^ flip);
        } else if (G == 4) {
            uint8_t* d = (uint8_t*)dst + t * 4;
            for (uint32_t k = 0; k < K; k++) {
                const uint8_t v = row[(int64_t)k * cs] ^ flip;
                d[(size_t)(k >> 2) * MR * 4 + (k & 3)] = v;
                sum += v;
            }
        } else {
            int16_t* d = (int16_t*)dst + t * 2;
            for (uint32_t k = 0; k < K; k++) {
                const uint8_t v = row[(int64_t)k * cs] ^ flip;
                d[(size_t)(k >> 1) * MR * 2 + (k & 1)] = v;
                sum += v;
            }
        }
        rowsum[m0 + t] = sum;
    }
}

#ifdef IP_X86
/* VNNI layout of 16 contiguous columns x 4 rows: byte interleave, then 16-bit interleave gives
 * each column's 4 k-bytes together (col j at bytes 4j..4j+3 of the 64-byte group). */
IP_TVNNI static void pack_b16_vnni(const uint8_t* r0, int64_t rs, uint32_t rows, uint8_t flip, int8_t* d) {
    const __m128i f = _mm_set1_epi8((char)flip), z = _mm_setzero_si128();
    const __m128i x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i*)r0), f);
    const __m128i x1 = rows > 1 ? _mm_xor_si128(_mm_loadu_si128((const __m128i*)(r0 + rs)), f) : z;
    const __m128i x2 = rows > 2 ? _mm_xor_si128(_mm_loadu_si128((const __m128i*)(r0 + 2 * rs)), f) : z;
    const __m128i x3 = rows > 3 ? _mm_xor_si128(_mm_loadu_si128((const __m128i*)(r0 + 3 * rs)), f) : z;
    const __m128i lo01 = _mm_unpacklo_epi8(x0, x1), hi01 = _mm_unpackhi_epi8(x0, x1);
    const __m128i lo23 = _mm_unpacklo_epi8(x2, x3), hi23 = _mm_unpackhi_epi8(x2, x3);
    _mm_store_si128((__m128i*)d, _mm_unpacklo_epi16(lo01, lo23));
    _mm_store_si128((__m128i*)(d + 16), _mm_unpackhi_epi16(lo01, lo23));
    _mm_store_si128((__m128i*)(d + 32), _mm_unpacklo_epi16(hi01, hi23));
    _mm_store_si128((__m128i*)(d + 48), _mm_unpackhi_epi16(hi01, hi23));
}

/* column sums of a packed VNNI panel: vpdpbusd with all-ones u8 */
IP_TVNNI static void colsum_vnni(const void* panel, uint32_t kg, uint32_t* sums) {
    const __m512i ones = _mm512_set1_epi8(1);
    const __m512i* b = panel;
    __m512i s0 = _mm512_setzero_si512(), s1 = s0, s2 = s0, s3 = s0;
    for (uint32_t k = 0; k < kg; k++, b += 4) {
        s0 = _mm512_dpbusd_epi32(s0, ones, _mm512_load_si512(b));
        s1 = _mm512_dpbusd_epi32(s1, ones, _mm512_load_si512(b + 1));
        s2 = _mm512_dpbusd_epi32(s2, ones, _mm512_load_si512(b + 2));
        s3 = _mm512_dpbusd_epi32(s3, ones, _mm512_load_si512(b + 3));
    }
    _mm512_storeu_si512(sums, s0);
    _mm512_storeu_si512(sums + 16, s1);
    _mm512_storeu_si512(sums + 32, s2);
    _mm512_storeu_si512(sums + 48, s3);
}
#endif

/* Packs columns n0 .. n0 + NR of B as signed values b_s = b - ob (UINT8 ^ 0x80), k-grouped; colsum
 * of b_s per real column (uint32_t: wraps like the sums it corrects). */
static void pack_b(const ip_gemm* g, const ip_isa* isa, uint32_t n0, uint32_t Kp, void* dst, uint32_t* colsum) {
    const uint32_t NR = isa->nr, K = g->K, G = isa->kgrp;
    const uint8_t flip = g->b.sgn ? 0 : 0x80;
    const uint32_t nr = g->N - n0 < NR ? g->N - n0 : NR;
    uint32_t sums[IP_NR_MAX];
    memset(sums, 0, sizeof sums);
    const int64_t rs = g->b.rs, cs = g->b.cs;
#ifdef IP_X86
    if (isa->kernel == kernel_vnni && cs == 1 && nr == NR) {
        for (uint32_t k = 0; k < K; k += 4)
            for (uint32_t j = 0; j < NR; j += 16)
                pack_b16_vnni(g->b.p + (int64_t)k * rs + n0 + j, rs, K - k < 4 ? K - k : 4, flip,
                              (int8_t*)dst + (size_t)(k >> 2) * NR * 4 + j * 4);
        colsum_vnni(dst, Kp / 4, sums);
        for (uint32_t j = 0; j < nr; j++) colsum[n0 + j] = sums[j];
        return;
    }
#endif
    memset(dst, 0, (size_t)NR * Kp * (G == 2 ? 2 : 1));
    for (uint32_t k = 0; k < K; k++) {
        const uint8_t* row = g->b.p + (int64_t)k * rs + (int64_t)n0 * cs;
        if (G == 4) {
            int8_t* d = (int8_t*)dst + (size_t)(k >> 2) * NR * 4 + (k & 3);
            for (uint32_t j = 0; j < nr; j++) {
                const int8_t v = (int8_t)(row[(int64_t)j * cs] ^ flip);
                d[j * 4] = v;
                sums[j] += (uint32_t)(int32_t)v;
            }
        } else {
            int16_t* d = (int16_t*)dst + (size_t)(k >> 1) * NR * 2 + (k & 1);
            for (uint32_t j = 0; j < nr; j++) {
                const int8_t v = (int8_t)(row[(int64_t)j * cs] ^ flip);
                d[j * 2] = v;
                sums[j] += (uint32_t)(int32_t)v;
            }
        }
    }
    for (uint32_t j = 0; j < nr; j++) colsum[n0 + j] = sums[j];
}

static int thread_count(double work) {
    int nth = 1;
#ifdef _OPENMP
    nth = omp_get_max_threads();
#endif
    if (nth > 64) nth = 64;
    if (work < 2e6) nth = 1; /* not worth waking threads */
    return nth;
}

/* row[j] += db[j] * ra - ca * e[j] (mod 2^32): the exact sum of (a - za)(b - zb) from the u8 x s8 dot
 * products (see the header); one body, compiled for AVX-512 (vpmulld) and the baseline. */
#define IP_CORRECT_BODY                                                                     \
    for (uint32_t j = 0; j < nr; j++) {                                                     \
        const uint32_t v = (uint32_t)row[j] + db[j] * ra - ca * e[j];                       \
        row[j] = (int32_t)v; /* gcc and clang: modulo 2^32 */                               \
    }
static void correct_c(int32_t* restrict row, const uint32_t* restrict db, const uint32_t* restrict e, uint32_t ra,
                      uint32_t ca, uint32_t nr) {
    IP_CORRECT_BODY
}
#ifdef IP_X86
IP_TVNNI static void correct_avx512(int32_t* restrict row, const uint32_t* restrict db, const uint32_t* restrict e,
                                    uint32_t ra, uint32_t ca, uint32_t nr) {
    IP_CORRECT_BODY
}
EW_T256 static void correct_avx2(int32_t* restrict row, const uint32_t* restrict db, const uint32_t* restrict e,
                                 uint32_t ra, uint32_t ca, uint32_t nr) {
    IP_CORRECT_BODY
}
#endif

/* Runs one product; emits every output element once. */
static pydml_status ip_gemm_run(const ip_gemm* g) {
    const ip_isa isa = choose_isa();
    void (*correct)(int32_t*, const uint32_t*, const uint32_t*, uint32_t, uint32_t, uint32_t) = correct_c;
#ifdef IP_X86
    if (isa.kernel == kernel_vnni) correct = correct_avx512;
    else if (isa.kernel == kernel_avx2) correct = correct_avx2;
#endif
    const uint32_t MR = isa.mr, NR = isa.nr, M = g->M, N = g->N, K = g->K;
    const uint32_t Kp = (K + isa.kgrp - 1) / isa.kgrp * isa.kgrp;
    const size_t esz = isa.kgrp == 2 ? 2 : 1;
    const uint32_t strips = (M + MR - 1) / MR, panels = (N + NR - 1) / NR;
    const size_t astrip = (size_t)MR * Kp * esz, bpanel = (size_t)NR * Kp * esz;
    /* the pooled buffers: no page faults for repeated executions of large products */
    uint8_t* apack = pydml_buffer_acquire(astrip * strips);
    uint8_t* bpack = pydml_buffer_acquire(bpanel * panels);
    uint32_t* rowsum = malloc(sizeof(uint32_t) * M);
    uint32_t* colsum = malloc(sizeof(uint32_t) * 3 * (size_t)N);
    uint32_t* dbv = colsum + N;
    uint32_t* ev = colsum + 2 * (size_t)N;
    if (!apack || !bpack || !rowsum || !colsum) {
        pydml_buffer_release(apack); pydml_buffer_release(bpack); free(rowsum); free(colsum);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    const int nth = thread_count((double)M * N * K);
    (void)nth; /* used only by the OpenMP pragmas */
    uint32_t group = (strips + 4u * (uint32_t)nth - 1) / (4u * (uint32_t)nth);
    if (group > 16) group = 16;
    if (group < 1) group = 1;
    const uint32_t ngroups = (strips + group - 1) / group;
    const int64_t items = (int64_t)ngroups * panels;
    const uint32_t oa = g->a.sgn ? 128u : 0u, ob = g->b.sgn ? 0u : 128u;
#ifdef _OPENMP
#pragma omp parallel num_threads(nth) if (nth > 1)
#endif
    {
        int32_t tile[IP_MR_MAX * IP_NR_MAX] __attribute__((aligned(64)));
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 4)
#endif
        for (int64_t s = 0; s < (int64_t)strips; s++) pack_a(g, &isa, (uint32_t)s * MR, Kp, apack + s * astrip, rowsum);
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 4)
#endif
        for (int64_t q = 0; q < (int64_t)panels; q++) {
            pack_b(g, &isa, (uint32_t)q * NR, Kp, bpack + q * bpanel, colsum);
            /* per column: db = ob - zb[n] and e = colsum + K * db, so that
             * S = dot + db * rowsum[m] - ca[m] * e[n] */
            for (uint32_t n = (uint32_t)q * NR; n < N && n < (uint32_t)q * NR + NR; n++) {
                dbv[n] = ob - (uint32_t)g->zb[n];
                ev[n] = colsum[n] + K * dbv[n];
            }
        }
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (int64_t it = 0; it < items; it++) {
            const uint32_t q = (uint32_t)(it / ngroups), gi = (uint32_t)(it % ngroups);
            const uint32_t n0 = q * NR, nr = N - n0 < NR ? N - n0 : NR;
            for (uint32_t s = gi * group; s < strips && s < (gi + 1) * group; s++) {
                const uint32_t m0 = s * MR, mr = M - m0 < MR ? M - m0 : MR;
                isa.kernel(Kp / isa.kgrp, apack + s * astrip, bpack + q * bpanel, tile);
                for (uint32_t t = 0; t < mr; t++) {
                    const uint32_t m = m0 + t;
                    correct(tile + t * NR, dbv + n0, ev + n0, rowsum[m], oa + (uint32_t)g->za[m], nr);
                }
                g->emit(g->ctx, m0, mr, n0, nr, tile, NR);
            }
        }
    }
    pydml_buffer_release(apack); pydml_buffer_release(bpack); free(rowsum); free(colsum);
    return PYDML_STATUS_SUCCESS;
}

/* ================================ element access ========================================== */

static inline int64_t ld_int(uint32_t t, const void* p, int64_t i) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: return ((const int8_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT8: return ((const uint8_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_INT16: return ((const int16_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT16: return ((const uint16_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_INT32: return ((const int32_t*)p)[i];
    case DML_TENSOR_DATA_TYPE_UINT32: return ((const uint32_t*)p)[i];
    default: return 0;
    }
}

static inline double ld_flt(uint32_t t, const void* p, int64_t i) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return pydml_f16_to_f32(((const uint16_t*)p)[i]);
    return ((const float*)p)[i];
}

/* min(Max, max(Min, v)) of an 8-bit type: NaN -> Min */
static inline int32_t saturate8(double v, int is_signed) {
    const double lo = is_signed ? -128.0 : 0.0, hi = is_signed ? 127.0 : 255.0;
    double t = v > lo ? v : lo;
    t = t < hi ? t : hi;
    return (int32_t)t;
}

static inline void st_float(uint32_t t, void* p, int64_t i, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16)
        ((uint16_t*)p)[i] = pydml_f32_to_f16(pydml_f64_to_f32_odd(v));
    else
        ((float*)p)[i] = (float)v;
}

/* ================================ plans ==================================================== */

typedef struct ip_tdesc {
    int present;
    uint32_t type, rank, sizes[8];
} ip_tdesc;

typedef struct ip_plan {
    uint32_t op;
    uint32_t n_in, n_out;
    ip_tdesc t[IP_MAX_TENSORS]; /* inputs then outputs, C field order */
    /* matrix products: sizes padded to 4-D */
    uint32_t M, N, K, batch0, batch1;
    /* convolutions */
    pydml_convolution_params cp;
} ip_plan;


static int is_convolution(uint32_t type) {
    return type == DML_OPERATOR_CONVOLUTION_INTEGER || type == DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION;
}

/* rules_integer_products.c: CONVOLUTION's geometry checks on the shared fields */
pydml_status pydml_integer_convolution_params(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                              pydml_convolution_params* p);

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)flags;
    *plan = NULL;
    ip_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->op = info->type;
    ip_tdesc outs[IP_MAX_TENSORS];
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        if (f->kind != PYDML_FIELD_TENSOR) continue;
        const DML_BUFFER_TENSOR_DESC* b = pydml_tensor_field(info, desc, f->name);
        ip_tdesc d;
        memset(&d, 0, sizeof d);
        if (b) {
            d.present = 1;
            d.type = b->DataType;
            d.rank = b->DimensionCount;
            memcpy(d.sizes, b->Sizes, d.rank * sizeof(uint32_t));
        }
        if (f->role == PYDML_ROLE_OUTPUT) outs[p->n_out++] = d;
        else p->t[p->n_in++] = d;
    }
    memcpy(p->t + p->n_in, outs, p->n_out * sizeof(ip_tdesc));
    const ip_tdesc* a = &p->t[0];
    const ip_tdesc* o = &p->t[p->n_in];
    uint32_t a4[4], o4[4];
    for (uint32_t d = 0; d < 4; d++) {
        a4[d] = d < 4 - a->rank ? 1u : a->sizes[d - (4 - a->rank)];
        o4[d] = d < 4 - o->rank ? 1u : o->sizes[d - (4 - o->rank)];
    }
    p->batch0 = o4[0];
    p->batch1 = o4[1];
    p->M = o4[2];
    p->N = o4[3];
    p->K = a4[3];
    if (is_convolution(info->type)) {
        pydml_diagnostic diag;
        pydml_check c;
        memset(&c, 0, sizeof c);
        c.diagnostic = &diag;
        c.desc = info->desc_name;
        if (pydml_integer_convolution_params(&c, info, desc, &p->cp)) {
            free(p);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        /* the requantized form needs the exact sum: 8-bit sums of more than IP_EXACT_K taps could
         * leave int32 (CONVOLUTION_INTEGER wraps, as documented) */
        const pydml_convolution_params* cp = &p->cp;
        uint64_t taps = cp->filter_sizes[1];
        for (uint32_t i = 0; i < cp->spatial_dims; i++) taps *= cp->filter_sizes[2 + i];
        if (info->type == DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION && taps > IP_EXACT_K) {
            free(p);
            return PYDML_STATUS_UNSUPPORTED_PARAMETER;
        }
    }
    *plan = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

static pydml_status check_view(const pydml_tensor* v, const ip_tdesc* d) {
    if (!d->present) return v == NULL ? PYDML_STATUS_SUCCESS : PYDML_STATUS_INVALID_PARAMETER;
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != d->type || v->dim_count != d->rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t i = 0; i < d->rank; i++)
        if (v->sizes[i] != d->sizes[i]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* strides padded on the left to 4-D with 0 */
static void strides4(int64_t* dst, const pydml_tensor* v) {
    for (uint32_t d = 0; d < 4; d++) dst[d] = d < 4 - v->dim_count ? 0 : (int64_t)v->strides[d - (4 - v->dim_count)];
}

/* The dimension of a per-row / per-column / per-channel vector tensor that holds its count (the
 * pages' {1,1,M,1}, {1,1,1,N}, {1,C,1,1} with optional leading/trailing 1s; rules_integer_products.c
 * checks the others are 1). */
enum { VEC_ROW = 0, VEC_COL = 1, VEC_CHANNEL = 2 };
static uint32_t vec_dim(uint32_t rank, int kind) {
    if (kind == VEC_COL) return rank - 1;
    if (kind == VEC_ROW) return rank >= 2 ? rank - 2 : 0;
    return rank >= 2 ? 1 : 0;
}

/* n values of an integer vector tensor (absent: 0; one element: broadcast) */
static void vec_int(const pydml_tensor* v, int kind, uint32_t n, int64_t* dst) {
    if (v == NULL) {
        memset(dst, 0, n * sizeof *dst);
        return;
    }
    const uint32_t d = vec_dim(v->dim_count, kind);
    const int64_t step = v->sizes[d] == 1 ? 0 : (int64_t)v->strides[d];
    for (uint32_t i = 0; i < n; i++) dst[i] = ld_int(v->data_type, v->data, (int64_t)i * step);
}

static void vec_flt(const pydml_tensor* v, int kind, uint32_t n, double* dst) {
    const uint32_t d = vec_dim(v->dim_count, kind);
    const int64_t step = v->sizes[d] == 1 ? 0 : (int64_t)v->strides[d];
    for (uint32_t i = 0; i < n; i++) dst[i] = ld_flt(v->data_type, v->data, (int64_t)i * step);
}

/* ---- emitters ---- */

typedef struct mm_ctx {
    void* out;
    uint32_t otype;
    int64_t om, on;               /* output element strides of m and n */
    const double *as, *bs, *os;   /* scales: per row (M), per column (N), output per row (M) */
    const int64_t* ozp;           /* output zero point per row (M) */
    const void* bias;             /* TO_FLOAT: Bias at bias[m * bm + n * bn], NULL when absent */
    uint32_t btype;
    int64_t bm, bn;
} mm_ctx;

static void emit_int32(const void* ctx_, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                       uint32_t lds) {
    const mm_ctx* x = ctx_;
    int32_t* out = x->out;
    for (uint32_t t = 0; t < mr; t++) {
        int32_t* row = out + (int64_t)(m0 + t) * x->om + (int64_t)n0 * x->on;
        if (x->on == 1) memcpy(row, s + t * lds, nr * sizeof(int32_t));
        else
            for (uint32_t j = 0; j < nr; j++) row[(int64_t)j * x->on] = s[t * lds + j];
    }
}

/* TO_FLOAT: ((S * AScale[m]) * BScale[n]) + Bias[m, n], rounded once */
static inline void finish_float(const mm_ctx* x, uint32_t m, uint32_t n, double s) {
    double v = s * x->as[m] * x->bs[n];
    if (x->bias) v += ld_flt(x->btype, x->bias, (int64_t)m * x->bm + (int64_t)n * x->bn);
    st_float(x->otype, x->out, (int64_t)m * x->om + (int64_t)n * x->on, v);
}

/* QUANTIZED_LINEAR_MATRIX_MULTIPLY: clamp(round(S * AScale[m] * BScale[n] / OutScale[m]) + OutZp[m]) */
static inline void finish_quant(const mm_ctx* x, uint32_t m, uint32_t n, double s) {
    const double v = s * x->as[m] * x->bs[n] / x->os[m];
    const int sgn = x->otype == DML_TENSOR_DATA_TYPE_INT8;
    const int32_t q = saturate8(pydml_round_half_even(v) + (double)x->ozp[m], sgn);
    const int64_t i = (int64_t)m * x->om + (int64_t)n * x->on;
    if (sgn) ((int8_t*)x->out)[i] = (int8_t)q;
    else ((uint8_t*)x->out)[i] = (uint8_t)q;
}

static void emit_float(const void* ctx_, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                       uint32_t lds) {
    for (uint32_t t = 0; t < mr; t++)
        for (uint32_t j = 0; j < nr; j++) finish_float(ctx_, m0 + t, n0 + j, (double)s[t * lds + j]);
}

static void emit_quant(const void* ctx_, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                       uint32_t lds) {
    for (uint32_t t = 0; t < mr; t++)
        for (uint32_t j = 0; j < nr; j++) finish_quant(ctx_, m0 + t, n0 + j, (double)s[t * lds + j]);
}

/* Exact sums of wide operands (16/32-bit, or 8-bit past IP_EXACT_K): 128-bit accumulation, one
 * rounding to double (exact below 2^53). */
static void exact_products(const pydml_tensor* A, const int64_t* sa, const pydml_tensor* B, const int64_t* sb,
                           int64_t aoff, int64_t boff, uint32_t M, uint32_t N, uint32_t K, const int64_t* za,
                           const int64_t* zb, const mm_ctx* x, int quant) {
    const int nth = thread_count((double)M * N * K * 8.0);
    (void)nth;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(dynamic, 1)
#endif
    for (int64_t m = 0; m < (int64_t)M; m++) {
        for (uint32_t n = 0; n < N; n++) {
            __int128 acc = 0;
            for (uint32_t k = 0; k < K; k++) {
                const int64_t av = ld_int(A->data_type, A->data, aoff + m * sa[2] + (int64_t)k * sa[3]) - za[m];
                const int64_t bv = ld_int(B->data_type, B->data, boff + (int64_t)k * sb[2] + (int64_t)n * sb[3]) - zb[n];
                acc += (__int128)av * bv;
            }
            if (quant) finish_quant(x, (uint32_t)m, n, (double)acc);
            else finish_float(x, (uint32_t)m, n, (double)acc);
        }
    }
}

/* ================================ convolutions ============================================= */

typedef struct cv_ctx {
    uint8_t* out;            /* output element (n, first channel of the group, 0, 0) */
    uint32_t otype, ow;      /* data type, output width (columns are oh * OW + ow) */
    int64_t sc, sh, sw;      /* output element strides of channel, height, width */
    int quant;
    const int64_t* bias;     /* per channel of the group (quantized), NULL: none */
    const int64_t* ozp;      /* output zero point (one value) */
    const double *is, *fs, *os; /* input scale (one), filter scale per channel of the group, output scale (one) */
} cv_ctx;

/* CONVOLUTION_INTEGER stores S; QUANTIZED_LINEAR_CONVOLUTION stores
 * clamp(round(((S + Bias[oc]) * InputScale) * FilterScale[oc] / OutputScale) + OutputZp, Min, Max). */
static void emit_conv(const void* ctx_, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s,
                      uint32_t lds) {
    const cv_ctx* x = ctx_;
    for (uint32_t t = 0; t < mr; t++) {
        const uint32_t m = m0 + t;
        uint32_t oh = n0 / x->ow, ow = n0 % x->ow;
        for (uint32_t j = 0; j < nr; j++) {
            const int64_t i = (int64_t)m * x->sc + (int64_t)oh * x->sh + (int64_t)ow * x->sw;
            if (!x->quant) {
                ((int32_t*)x->out)[i] = s[t * lds + j];
            } else {
                const double acc = (double)((int64_t)s[t * lds + j] + (x->bias ? x->bias[m] : 0));
                const double v = acc * x->is[0] * x->fs[m] / x->os[0];
                const int sgn = x->otype == DML_TENSOR_DATA_TYPE_INT8;
                const int32_t q = saturate8(pydml_round_half_even(v) + (double)x->ozp[0], sgn);
                if (sgn) ((int8_t*)x->out)[i] = (int8_t)q;
                else x->out[i] = (uint8_t)q;
            }
            if (++ow == x->ow) { ow = 0; oh++; }
        }
    }
}

/* Forward cross-correlation as GEMMs: per image and group, A = the group's filters (OCg x K, K =
 * ICg * KH * KW, packed contiguous), B = im2col of the input (K x OH*OW, padding = the input zero
 * point, so a padded tap adds (zp - zp) * w = 0), both bytes of their own types. */
static pydml_status conv_execute(const ip_plan* p, const pydml_tensor* const* inputs, const pydml_tensor* O) {
    const pydml_convolution_params* cp = &p->cp;
    const int quant = p->op == DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION;
    const pydml_tensor *X, *XZ, *W, *WZ, *XS = NULL, *WS = NULL, *BIAS = NULL, *OS = NULL, *OZ = NULL;
    if (!quant) {
        X = inputs[0]; XZ = inputs[1]; W = inputs[2]; WZ = inputs[3];
    } else {
        X = inputs[0]; XS = inputs[1]; XZ = inputs[2]; W = inputs[3]; WS = inputs[4]; WZ = inputs[5];
        BIAS = inputs[6]; OS = inputs[7]; OZ = inputs[8];
    }
    const uint32_t rank = X->dim_count, sp = cp->spatial_dims; /* 1 or 2 spatial axes */
    const uint32_t NB = cp->input_sizes[0], IC = cp->input_sizes[1], OC = cp->filter_sizes[0], G = cp->group_count;
    const uint32_t ICg = IC / G, OCg = OC / G;
    const uint32_t IH = sp == 2 ? cp->input_sizes[2] : 1, IW = cp->input_sizes[rank - 1];
    const uint32_t KH = sp == 2 ? cp->filter_sizes[2] : 1, KW = cp->filter_sizes[rank - 1];
    const uint32_t OH = sp == 2 ? cp->output_sizes[2] : 1, OW = cp->output_sizes[rank - 1];
    const uint32_t sh = sp == 2 ? cp->strides[0] : 1, sw = cp->strides[sp - 1];
    const uint32_t dh = sp == 2 ? cp->dilations[0] : 1, dw = cp->dilations[sp - 1];
    const int64_t ph = sp == 2 ? cp->start_padding[0] : 0, pw = cp->start_padding[sp - 1];
    const uint64_t K = (uint64_t)ICg * KH * KW, NP = (uint64_t)OH * OW;
    const int64_t xs0 = (int64_t)X->strides[0], xs1 = (int64_t)X->strides[1];
    const int64_t xsh = sp == 2 ? (int64_t)X->strides[2] : 0, xsw = (int64_t)X->strides[rank - 1];
    const int64_t ws0 = (int64_t)W->strides[0], ws1 = (int64_t)W->strides[1];
    const int64_t wsh = sp == 2 ? (int64_t)W->strides[2] : 0, wsw = (int64_t)W->strides[rank - 1];
    const int64_t os0 = (int64_t)O->strides[0], os1 = (int64_t)O->strides[1];
    const int64_t osh = sp == 2 ? (int64_t)O->strides[2] : 0, osw = (int64_t)O->strides[rank - 1];
    if (K > UINT32_MAX || NP > UINT32_MAX) return PYDML_STATUS_UNSUPPORTED_PARAMETER;

    uint8_t* amat = malloc((size_t)OC * K);
    uint8_t* bmat = malloc((size_t)K * NP);
    int64_t* za = malloc(sizeof(int64_t) * OC);
    int64_t* zb = malloc(sizeof(int64_t) * NP);
    int64_t* bias = malloc(sizeof(int64_t) * OC);
    double* fs = malloc(sizeof(double) * OC);
    if (!amat || !bmat || !za || !zb || !bias || !fs) {
        free(amat); free(bmat); free(za); free(zb); free(bias); free(fs);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    int64_t xz, ozp;
    vec_int(XZ, VEC_CHANNEL, 1, &xz);
    vec_int(OZ, VEC_CHANNEL, 1, &ozp);
    vec_int(WZ, VEC_CHANNEL, OC, za);
    vec_int(BIAS, VEC_CHANNEL, OC, bias);
    double is = 1.0, osc = 1.0;
    if (quant) {
        vec_flt(XS, VEC_CHANNEL, 1, &is);
        vec_flt(OS, VEC_CHANNEL, 1, &osc);
        vec_flt(WS, VEC_CHANNEL, OC, fs);
    }
    for (uint64_t i = 0; i < NP; i++) zb[i] = xz;
    const uint8_t pad = (uint8_t)xz; /* the zero point's byte in the input's type */
    /* the filters, rows (oc) of k = (ic, kh, kw) */
    const uint8_t* wp = W->data;
    for (uint32_t oc = 0; oc < OC; oc++)
        for (uint32_t ic = 0; ic < ICg; ic++)
            for (uint32_t kh = 0; kh < KH; kh++)
                for (uint32_t kw = 0; kw < KW; kw++)
                    amat[(size_t)oc * K + ((size_t)ic * KH + kh) * KW + kw] =
                        wp[oc * ws0 + ic * ws1 + kh * wsh + kw * wsw];
    const int nth = thread_count((double)K * NP * 64);
    (void)nth; /* used only by the OpenMP pragmas */
    pydml_status s = PYDML_STATUS_SUCCESS;
    const size_t oes = pydml_data_type_bits(O->data_type) / 8;
    for (uint32_t n = 0; n < NB && !s; n++) {
        for (uint32_t g = 0; g < G && !s; g++) {
            const uint8_t* xp = (const uint8_t*)X->data + n * xs0 + (int64_t)g * ICg * xs1;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(dynamic, 8)
#endif
            for (int64_t k = 0; k < (int64_t)K; k++) {
                const uint32_t ic = (uint32_t)(k / ((int64_t)KH * KW)), kh = (uint32_t)(k / KW % KH), kw = (uint32_t)(k % KW);
                uint8_t* row = bmat + k * (int64_t)NP;
                const uint8_t* xc = xp + ic * xs1;
                /* output columns whose tap lies inside the row: lo <= ow < hi */
                const int64_t off = (int64_t)kw * dw - pw;
                int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
                int64_t hi = (int64_t)IW - 1 - off < 0 ? 0 : ((int64_t)IW - 1 - off) / sw + 1;
                if (hi > (int64_t)OW) hi = OW;
                if (lo > hi) lo = hi;
                for (uint32_t oh = 0; oh < OH; oh++) {
                    uint8_t* r = row + (size_t)oh * OW;
                    const int64_t ih = (int64_t)oh * sh - ph + (int64_t)kh * dh;
                    if (ih < 0 || ih >= (int64_t)IH) {
                        memset(r, pad, OW);
                        continue;
                    }
                    const uint8_t* xr = xc + ih * xsh;
                    memset(r, pad, (size_t)lo);
                    for (int64_t ow = lo; ow < hi; ow++) r[ow] = xr[(ow * sw + off) * xsw];
                    memset(r + hi, pad, (size_t)(OW - hi));
                }
            }
            cv_ctx x;
            x.out = (uint8_t*)O->data + (n * os0 + (int64_t)g * OCg * os1) * (int64_t)oes;
            x.otype = O->data_type;
            x.ow = OW;
            x.sc = os1;
            x.sh = osh;
            x.sw = osw;
            x.quant = quant;
            x.bias = BIAS ? bias + (size_t)g * OCg : NULL;
            x.ozp = &ozp;
            x.is = &is;
            x.fs = fs + (size_t)g * OCg;
            x.os = &osc;
            ip_gemm gm;
            gm.M = OCg; gm.N = (uint32_t)NP; gm.K = (uint32_t)K;
            gm.a.p = amat + (size_t)g * OCg * K;
            gm.a.sgn = W->data_type == DML_TENSOR_DATA_TYPE_INT8;
            gm.a.rs = (int64_t)K;
            gm.a.cs = 1;
            gm.b.p = bmat;
            gm.b.sgn = X->data_type == DML_TENSOR_DATA_TYPE_INT8;
            gm.b.rs = (int64_t)NP;
            gm.b.cs = 1;
            gm.za = za + (size_t)g * OCg;
            gm.zb = zb;
            gm.emit = emit_conv;
            gm.ctx = &x;
            s = ip_gemm_run(&gm);
        }
    }
    free(amat); free(bmat); free(za); free(zb); free(bias); free(fs);
    return s;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
    const ip_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != p->n_in || output_count != p->n_out)
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    for (uint32_t i = 0; i < p->n_in; i++)
        if ((s = check_view(inputs[i], &p->t[i]))) return s;
    for (uint32_t i = 0; i < p->n_out; i++)
        if ((s = check_view(outputs[i], &p->t[p->n_in + i]))) return s;
    if (is_convolution(p->op)) return conv_execute(p, inputs, outputs[0]);

    /* field order per operator */
    const pydml_tensor *A, *B, *AZ, *BZ, *AS = NULL, *BS = NULL, *OS = NULL, *OZ = NULL, *BIAS = NULL;
    const pydml_tensor* O = outputs[0];
    int mode; /* 0 int32, 1 float, 2 quantized */
    if (p->op == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER) {
        A = inputs[0]; AZ = inputs[1]; B = inputs[2]; BZ = inputs[3];
        mode = 0;
    } else if (p->op == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT) {
        A = inputs[0]; AS = inputs[1]; AZ = inputs[2]; B = inputs[3]; BS = inputs[4]; BZ = inputs[5];
        BIAS = inputs[6];
        mode = 1;
    } else {
        A = inputs[0]; AS = inputs[1]; AZ = inputs[2]; B = inputs[3]; BS = inputs[4]; BZ = inputs[5];
        OS = inputs[6]; OZ = inputs[7];
        mode = 2;
    }
    const uint32_t M = p->M, N = p->N, K = p->K;
    int64_t* za = malloc(sizeof(int64_t) * M);
    int64_t* zb = malloc(sizeof(int64_t) * N);
    int64_t* ozp = malloc(sizeof(int64_t) * M);
    double* buf = malloc(sizeof(double) * (2u * (size_t)M + N));
    if (!za || !zb || !ozp || !buf) {
        free(za); free(zb); free(ozp); free(buf);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    vec_int(AZ, VEC_ROW, M, za);
    vec_int(BZ, VEC_COL, N, zb);
    vec_int(OZ, VEC_ROW, M, ozp);
    mm_ctx x;
    memset(&x, 0, sizeof x);
    x.as = buf;
    x.os = buf + M;
    x.bs = buf + 2 * (size_t)M;
    if (AS) vec_flt(AS, VEC_ROW, M, buf);
    if (OS) vec_flt(OS, VEC_ROW, M, buf + M);
    if (BS) vec_flt(BS, VEC_COL, N, buf + 2 * (size_t)M);
    x.ozp = ozp;
    x.otype = O->data_type;
    int64_t sa[4], sb[4], so[4], sc[4];
    strides4(sa, A);
    strides4(sb, B);
    strides4(so, O);
    if (BIAS) {
        strides4(sc, BIAS);
        x.btype = BIAS->data_type;
        x.bm = sc[2];
        x.bn = sc[3];
    }
    x.om = so[2];
    x.on = so[3];
    const int bytes8 = pydml_data_type_bits(A->data_type) == 8;
    const int exact = !bytes8 || (mode != 0 && K > IP_EXACT_K);
    s = PYDML_STATUS_SUCCESS;
    for (uint32_t b0 = 0; b0 < p->batch0 && !s; b0++) {
        for (uint32_t b1 = 0; b1 < p->batch1 && !s; b1++) {
            const int64_t aoff = (int64_t)b0 * sa[0] + (int64_t)b1 * sa[1];
            const int64_t boff = (int64_t)b0 * sb[0] + (int64_t)b1 * sb[1];
            const int64_t ooff = (int64_t)b0 * so[0] + (int64_t)b1 * so[1];
            const size_t oes = pydml_data_type_bits(O->data_type) / 8;
            x.out = (uint8_t*)O->data + ooff * (int64_t)oes;
            if (BIAS)
                x.bias = (const uint8_t*)BIAS->data +
                         ((int64_t)b0 * sc[0] + (int64_t)b1 * sc[1]) * (int64_t)(pydml_data_type_bits(BIAS->data_type) / 8);
            if (exact) {
                exact_products(A, sa, B, sb, aoff, boff, M, N, K, za, zb, &x, mode == 2);
                continue;
            }
            ip_gemm g;
            g.M = M; g.N = N; g.K = K;
            g.a.p = (const uint8_t*)A->data + aoff;
            g.a.sgn = A->data_type == DML_TENSOR_DATA_TYPE_INT8;
            g.a.rs = sa[2];
            g.a.cs = sa[3];
            g.b.p = (const uint8_t*)B->data + boff;
            g.b.sgn = B->data_type == DML_TENSOR_DATA_TYPE_INT8;
            g.b.rs = sb[2];
            g.b.cs = sb[3];
            g.za = za;
            g.zb = zb;
            g.emit = mode == 0 ? emit_int32 : mode == 1 ? emit_float : emit_quant;
            g.ctx = &x;
            s = ip_gemm_run(&g);
        }
    }
    free(za); free(zb); free(ozp); free(buf);
    return s;
}

const pydml_kernel_family pydml_family_integer_products = {"integer_products", create, destroy, execute, 0, NULL, NULL};
