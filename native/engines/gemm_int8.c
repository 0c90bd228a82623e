/* The GEMM engine's integer path (gemm_int8.h): 8-bit products with zero points, for the integer
 * and quantized products (native/families/integer_products.c), on raw memory.
 *
 * A is packed to unsigned bytes (INT8 + 128) and B to signed bytes (UINT8 - 128) with their row/column
 * sums; the microkernel computes sum a_u * b_s in int32 and the correction restores
 * sum (a - za) * (b - zb) exactly (mod 2^32):
 *   (a_u - ca)(b_s + db) summed = dot + db * rowsum(a_u) - ca * colsum(b_s) - K * ca * db,
 *   ca = oa + za[m], db = ob - zb[n], oa/ob the 128 offsets (0 when the type is already right).
 * Kernels: AVX-512 VNNI vpdpbusd (6 x 64 tile, u8 x s8 native), AVX2 int16 madd (operands widened
 * to int16 when packed, so _mm256_madd_epi16 never saturates: |a_u * b_s| <= 255 * 128), portable C.
 * All three compute the same integers: each tile element is a sum of exact products in 32-bit
 * two's-complement (mod 2^32) arithmetic, which is associative and commutative, so neither the
 * kernel's grouping of k nor the thread count changes a bit of S. A and B are packed once per call;
 * the threads share the packing, then the (column panel x row-strip group) items of the output.
 * The VNNI path cannot run on hosts without AVX-512 VNNI (the suite's AMD host); it is exact by the
 * same construction (vpdpbusd adds four exact u8 x s8 products to an int32 without saturation) and
 * tests/test_native_warnings.py compiles it under gcc and clang. */
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define IP_X86 1
#define IP_T256 __attribute__((target("avx2,fma")))
#define IP_TVNNI __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512vnni")))
#endif

#include "gemm_engine.h"

#define IP_MR_MAX 6
#define IP_NR_MAX 64

typedef struct ip_mat {
    const uint8_t* p; /* element (r, c) at p[r * rs + c * cs] (8-bit types) */
    int sgn;          /* INT8 (1) or UINT8 (0) */
    int64_t rs, cs;
} ip_mat;

/* Receives finished sums S (exact mod 2^32) of output rows m0.. (mr) and columns n0.. (nr). */
typedef pydml_gemm_i8_emit_fn ip_emit_fn;

typedef struct ip_gemm {
    uint32_t M, N, K;
    ip_mat a, b;
    const int64_t *za, *zb; /* zero points za[m * za_step], zb[n * zb_step]; NULL: 0 */
    int64_t za_step, zb_step;
    ip_emit_fn emit;
    const void* ctx;
} ip_gemm;

static inline uint32_t zero_point(const int64_t* z, int64_t step, uint32_t i) {
    return z ? (uint32_t)z[(int64_t)i * step] : 0u; /* modulo 2^32, as S */
}

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
IP_T256 static void kernel_avx2(uint32_t kg, const void* a_, const void* b_, int32_t* tile) {
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

/* gemm_int8.h */
int pydml_gemm_i8_threads(int want, double work) {
    if (want > 0) return want > 64 ? 64 : want;
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
IP_T256 static void correct_avx2(int32_t* restrict row, const uint32_t* restrict db, const uint32_t* restrict e,
                                 uint32_t ra, uint32_t ca, uint32_t nr) {
    IP_CORRECT_BODY
}
#endif

/* Where the packing lies in a scratch of one ISA's tiles (offsets from its 64-aligned start; each
 * part 64-aligned, as the pooled buffers are: the kernels load B panels with aligned loads). */
typedef struct ip_layout {
    size_t astrip, bpanel;                 /* bytes per packed A strip / B panel */
    uint64_t b_at, rowsum_at, colsum_at, total;
} ip_layout;

static void layout(const ip_isa* isa, uint32_t M, uint32_t N, uint32_t K, ip_layout* z) {
    const uint64_t Kp = ((uint64_t)K + isa->kgrp - 1) / isa->kgrp * isa->kgrp;
    const uint64_t esz = isa->kgrp == 2 ? 2 : 1;
    const uint64_t strips = ((uint64_t)M + isa->mr - 1) / isa->mr, panels = ((uint64_t)N + isa->nr - 1) / isa->nr;
    z->astrip = (size_t)(isa->mr * Kp * esz);
    z->bpanel = (size_t)(isa->nr * Kp * esz);
    z->b_at = pydml_workspace_round(z->astrip * strips);
    z->rowsum_at = z->b_at + pydml_workspace_round(z->bpanel * panels);
    z->colsum_at = z->rowsum_at + pydml_workspace_round(sizeof(uint32_t) * (uint64_t)M);
    z->total = z->colsum_at + sizeof(uint32_t) * 3 * (uint64_t)N;
}

uint64_t pydml_gemm_i8_scratch_bytes(uint32_t M, uint32_t N, uint32_t K, int threads) {
    (void)threads; /* the team shares one packing */
    if (M == 0 || N == 0) return 0;
    ip_isa isas[3] = {{4, 16, 4, kernel_c}, {4, 16, 4, kernel_c}, {4, 16, 4, kernel_c}};
#ifdef IP_X86
    isas[1].mr = 6; isas[1].nr = 64; isas[1].kgrp = 4; isas[1].kernel = kernel_vnni;
    isas[2].mr = 6; isas[2].nr = 16; isas[2].kgrp = 2; isas[2].kernel = kernel_avx2;
#endif
    uint64_t most = 0;
    for (int i = 0; i < 3; i++) {
        ip_layout z;
        layout(&isas[i], M, N, K, &z);
        if (z.total > most) most = z.total;
    }
    return most + 63u;
}

/* Runs one product; emits every output element once. scratch: the caller's (big enough), or NULL. */
static pydml_status ip_gemm_run(const ip_gemm* g, int threads, void* scratch) {
    const ip_isa isa = choose_isa();
    void (*correct)(int32_t*, const uint32_t*, const uint32_t*, uint32_t, uint32_t, uint32_t) = correct_c;
#ifdef IP_X86
    if (isa.kernel == kernel_vnni) correct = correct_avx512;
    else if (isa.kernel == kernel_avx2) correct = correct_avx2;
#endif
    const uint32_t MR = isa.mr, NR = isa.nr, M = g->M, N = g->N, K = g->K;
    const uint32_t Kp = (K + isa.kgrp - 1) / isa.kgrp * isa.kgrp;
    const uint32_t strips = (M + MR - 1) / MR, panels = (N + NR - 1) / NR;
    ip_layout z;
    layout(&isa, M, N, K, &z);
    const size_t astrip = z.astrip, bpanel = z.bpanel;
    uint8_t *apack, *bpack;
    uint32_t *rowsum, *colsum;
    if (scratch != NULL) { /* the caller's: pydml_gemm_i8 checked it holds the largest layout */
        uint8_t* base = (uint8_t*)(((uintptr_t)scratch + 63u) & ~(uintptr_t)63u);
        apack = base;
        bpack = base + z.b_at;
        rowsum = (uint32_t*)(base + z.rowsum_at);
        colsum = (uint32_t*)(base + z.colsum_at);
    } else {
        /* the pooled buffers: no page faults for repeated executions of large products */
        apack = pydml_buffer_acquire(astrip * strips);
        bpack = pydml_buffer_acquire(bpanel * panels);
        rowsum = malloc(sizeof(uint32_t) * M);
        colsum = malloc(sizeof(uint32_t) * 3 * (size_t)N);
        if (!apack || !bpack || !rowsum || !colsum) {
            pydml_buffer_release(apack); pydml_buffer_release(bpack); free(rowsum); free(colsum);
            return PYDML_STATUS_OUT_OF_MEMORY;
        }
    }
    uint32_t* dbv = colsum + N;
    uint32_t* ev = colsum + 2 * (size_t)N;
    const int nth = pydml_gemm_i8_threads(threads, (double)M * N * K);
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
                dbv[n] = ob - zero_point(g->zb, g->zb_step, n);
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
                    correct(tile + t * NR, dbv + n0, ev + n0, rowsum[m], oa + zero_point(g->za, g->za_step, m), nr);
                }
                g->emit(g->ctx, m0, mr, n0, nr, tile, NR);
            }
        }
    }
    if (scratch == NULL) {
        pydml_buffer_release(apack); pydml_buffer_release(bpack); free(rowsum); free(colsum);
    }
    return PYDML_STATUS_SUCCESS;
}

/* emit NULL: S to the caller's int32 C (ctx is the arguments) */
static void emit_c(const void* ctx, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr, const int32_t* s, uint32_t lds) {
    const pydml_gemm_i8_args* g = ctx;
    for (uint32_t t = 0; t < mr; t++) {
        int32_t* row = g->c + (int64_t)(m0 + t) * g->c_rs + (int64_t)n0 * g->c_cs;
        if (g->c_cs == 1) memcpy(row, s + (size_t)t * lds, nr * sizeof(int32_t));
        else
            for (uint32_t j = 0; j < nr; j++) row[(int64_t)j * g->c_cs] = s[(size_t)t * lds + j];
    }
}

pydml_status pydml_gemm_i8(const pydml_gemm_i8_args* args) {
    if (args == NULL || (args->emit == NULL && args->c == NULL)) return PYDML_STATUS_INVALID_PARAMETER;
    if (args->K > 0 && (args->a == NULL || args->b == NULL)) return PYDML_STATUS_INVALID_PARAMETER;
    if (args->scratch != NULL &&
        args->scratch_bytes < pydml_gemm_i8_scratch_bytes(args->M, args->N, args->K, args->threads))
        return PYDML_STATUS_INVALID_PARAMETER;
    if (args->M == 0 || args->N == 0) return PYDML_STATUS_SUCCESS;
    static const uint8_t none = 0; /* K = 0: empty sums, no operand read (a and b may be NULL) */
    ip_gemm g;
    g.M = args->M; g.N = args->N; g.K = args->K;
    const int empty = args->K == 0;
    g.a.p = empty ? &none : (const uint8_t*)args->a;
    g.a.sgn = args->a_signed != 0;
    g.a.rs = empty ? 0 : args->a_rs;
    g.a.cs = empty ? 0 : args->a_cs;
    g.b.p = empty ? &none : (const uint8_t*)args->b;
    g.b.sgn = args->b_signed != 0;
    g.b.rs = empty ? 0 : args->b_rs;
    g.b.cs = empty ? 0 : args->b_cs;
    g.za = args->za; g.za_step = args->za_step;
    g.zb = args->zb; g.zb_step = args->zb_step;
    g.emit = args->emit ? args->emit : emit_c;
    g.ctx = args->emit ? args->ctx : (const void*)args;
    return ip_gemm_run(&g, args->threads, args->scratch);
}
