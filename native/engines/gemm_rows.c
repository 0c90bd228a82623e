/* A few output rows times a FLOAT32 B read in place (gemm_rows.h): a GEMV, or a few tokens times a
 * weight matrix. Such a product reads B once and is bound by that read (a 4096 x 4096 B is 64 MiB
 * for 1 to 8 rows of output), so every row of A is applied to each row segment of B while it is in
 * L1 (the ISA's stream: 8 rows of B per pass, the sums of all M rows in L1), B is never packed, and
 * the threads split B by K slices: each work item is one K slice of whole row runs, contiguous
 * memory that the hardware prefetchers stream. The earlier schedules split B's columns (each
 * thread a half of every row: 8 KiB runs 16 KiB apart for 4096 columns) and, from 7 rows on AVX2,
 * packed every K slice of B into panels first (gemm_few): 1 x 4096 x 4096 ran at 0.84x numpy and
 * 8 x 4096 x 4096 at 0.89x on Zen 3 (2 threads).
 *
 * Sums: slice s of element (m, n) is the stream's sum from 0 in ascending k (the microkernel's
 * arithmetic, bit for bit); slice 0 is written to the output, and slices 1 .. on one thread are
 * added to it in order as they are computed (the stream's src), on several threads kept in a
 * buffer and added in the same order once all are done. Either way out = s_0, then out = s_s + out
 * for s ascending, as every GEMM schedule adds its K slices: the same bits on any thread count. */
#include "gemm_rows.h"

#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "common.h"
#include "elementwise.h" /* EW_T256 */

/* the stream's sums per call: M x w floats (128 KiB, L2). The stream applies each 8-row block of
 * 32 columns of B to every row of A from L1, so the sums need not fit L1; whole rows of a
 * 4096-column B (w = 4096 for 8 rows, 512 with 16 KiB of sums) ran 8 x 4096 x 4096 at 6.0 ms
 * against 9.1 on one thread (Zen 4, AVX2 path, CPU time). */
#define ROWS_STREAM_FLOATS 32768
#define ROWS_PAGE_FLOATS 1024      /* room to place them (sums_for) */
#define ROWS_KC_MAX 256            /* the engine's K slice depth (gemm.c GEMM_KC): slices are no deeper */
#define ROWS_WS_FLOATS (4u << 20)  /* slice sums of a threaded run: at most 16 MiB, else one thread */
#define ROWS_ITEMS_PER_THREAD 4    /* work items per thread at least (a late thread holds up one) */
#define ROWS_REDUCE_COLS 512       /* columns per item of the final sum */
/* Columns from which a product of one K slice (K <= ROWS_KC_MAX) splits them among the threads, one
 * run of columns each: there are no slices to share then, and such products ran on one thread of
 * two. Each column's sum is the stream's whichever thread runs it. Zen 4, 2 threads against 1, wall:
 * 1 x 256 x 32768 from memory 1.11 -> 0.77 ms, 1 x 128 x 4096 (40 Bs in turn) 92 -> 59 us,
 * 1 x 256 x 1024 in cache 18 -> 13 us (with the Python call); with B read from L3 each call (the
 * bench_onnx decoder's 14 MB of weights in turn) no faster: 2 threads read L3 at 1.4x one here,
 * and each thread's run is half of every row of B. */
#define ROWS_SPLIT_MIN_COLS 512

static uint64_t round16(uint64_t n) { return (n + 15u) & ~(uint64_t)15u; }

uint64_t pydml_gemm_rows_shared_floats(uint32_t M, uint32_t N, uint32_t K, uint32_t kslices, int nth) {
    uint64_t f = round16((uint64_t)M * K);
    if (nth > 1 && kslices > 1) f += round16((uint64_t)(kslices - 1) * M * N);
    return f;
}

int pydml_gemm_rows_fits(uint32_t M, uint32_t N, uint32_t K, uint32_t kslices, int nth) {
    if (M == 0 || M > PYDML_GEMM_ROWS_MAX || N == 0 || K == 0) return 0;
    if (kslices == 0 || (K + kslices - 1) / kslices > ROWS_KC_MAX) return 0;
    return nth <= 1 || kslices <= 1 || (uint64_t)(kslices - 1) * M * N <= ROWS_WS_FLOATS;
}

/* The stream's run width for M rows: w a multiple of 1024 floats where it can be (the sums' rows
 * 4 KiB-aligned relative to each other, all half a page from B's run by sums_for, none 4K-aliasing
 * B's loads), and no wider than N's 8-column groups. */
static uint32_t stream_w(uint32_t M, uint32_t N) {
    const uint32_t wrow = ROWS_STREAM_FLOATS / M, wmax = wrow >= 1024 ? wrow / 1024 * 1024 : wrow / 8 * 8;
    const uint32_t n8 = N / 8 * 8 > 8 ? N / 8 * 8 : 8;
    return n8 < wmax ? n8 : wmax;
}

/* floats of the stream's sums (with room to place them, and at least the tail's M x 8) */
static uint64_t stream_floats(uint32_t M, uint32_t N) {
    return round16((uint64_t)M * stream_w(M, N)) + ROWS_PAGE_FLOATS;
}

/* the stream's sums, a tail's padded B slice (ROWS_KC_MAX x 8) and its M x 8 sums */
uint64_t pydml_gemm_rows_thread_floats(uint32_t M, uint32_t N) {
    return stream_floats(M, N) + (uint64_t)ROWS_KC_MAX * 8 + round16((uint64_t)M * 8);
}

/* The stream's sums placed half a 4 KiB page away from B's row run (modulo 4 KiB): its passes store
 * each sum right after loading 8 rows of B at the same column, and a store whose address matches a
 * later load's in the low 12 bits makes that load wait (4K aliasing; every row of a 4096-column B
 * has the same low bits). Within ROWS_PAGE_FLOATS of the scratch start, 32-byte aligned. */
static float* sums_for(float* scratch, const float* b) {
    const uintptr_t want = ((uintptr_t)b + 2048u) & 4095u, have = (uintptr_t)scratch & 4095u;
    return (float*)(void*)((char*)scratch + (((want - have) & 4095u) & ~(uintptr_t)31u));
}

typedef struct rows_tls {
    float *acc, *pad, *tmp;
} rows_tls;

static rows_tls tls_at(const pydml_gemm_rows_args* g, unsigned char* thread_base, uint64_t thread_stride, int i) {
    rows_tls t;
    t.acc = (float*)(void*)(thread_base + (uint64_t)i * thread_stride);
    t.pad = t.acc + stream_floats(g->M, g->N);
    t.tmp = t.pad + ROWS_KC_MAX * 8;
    return t;
}

/* Slice [k0, k0 + kc) of columns [j0, j1) (j0 a multiple of 8; the run ends at N, or at a multiple
 * of 8): dst(t, j) = the slice's sum (+ dst(t, j) when accumulate), dst(t, j) = dst[t * ldd + j]
 * relative to column j0. The last columns of B (N % 8) cannot be read 8 wide in place (past the
 * buffer's end): they are copied into an 8-column slice padded with zeros and run through the same
 * stream, whose sums are column by column, so the padding changes no bit. */
static void slice_run(const pydml_gemm_rows_args* g, pydml_sgemm_stream stream, const float* apack, uint32_t k0,
                      uint32_t kc, uint32_t j0, uint32_t j1, float* dst, int64_t ldd, int accumulate,
                      const rows_tls* tl) {
    const uint32_t M = g->M;
    const float* a = apack + (size_t)k0 * M;
    const float* b = g->b + (int64_t)k0 * g->ldb;
    const uint32_t wmax = stream_w(M, g->N);
    const uint32_t full = j0 + (j1 - j0) / 8 * 8;
    for (uint32_t j = j0; j < full; j += wmax) {
        const uint32_t w = full - j < wmax ? full - j : wmax;
        float* d = dst + (j - j0);
        stream(kc, M, a, b + j, g->ldb, w, accumulate ? d : NULL, ldd, d, ldd, sums_for(tl->acc, b + j));
    }
    if (full < j1) {
        const uint32_t nr = j1 - full;
        for (uint32_t k = 0; k < kc; k++) {
            const float* s = b + (int64_t)k * g->ldb + full;
            float* p = tl->pad + (size_t)k * 8;
            for (uint32_t j = 0; j < 8; j++) p[j] = j < nr ? s[j] : 0.0f;
        }
        stream(kc, M, a, tl->pad, 8, 8, NULL, 0, tl->tmp, 8, tl->acc);
        float* d = dst + (full - j0);
        for (uint32_t t = 0; t < M; t++)
            for (uint32_t j = 0; j < nr; j++) {
                const float v = tl->tmp[t * 8 + j];
                d[t * ldd + j] = accumulate ? v + d[t * ldd + j] : v; /* the stream's src, added last */
            }
    }
}

static inline uint32_t slice_k0(const pydml_gemm_rows_args* g, uint32_t s) {
    return (uint32_t)((uint64_t)g->K * s / g->kslices);
}

void pydml_gemm_rows(const pydml_gemm_rows_args* g, pydml_sgemm_stream stream, int nth, float* shared,
                     unsigned char* thread_base, uint64_t thread_stride) {
    const uint32_t M = g->M, N = g->N, K = g->K, S = g->kslices;
    /* A packed once, apack[k * M + t] = A(t, k): the stream's layout for every slice */
    float* apack = shared;
    for (uint32_t k = 0; k < K; k++)
        for (uint32_t t = 0; t < M; t++) apack[(size_t)k * M + t] = g->a[(int64_t)t * g->a_rs + (int64_t)k * g->a_cs];
    if (nth <= 1 || (S <= 1 && N < ROWS_SPLIT_MIN_COLS)) {
        /* one thread (or one narrow slice): slice by slice over whole row runs, each added to the
         * output as it is computed */
        const rows_tls tl = tls_at(g, thread_base, thread_stride, 0);
        for (uint32_t s = 0; s < S; s++) {
            const uint32_t k0 = slice_k0(g, s), kc = slice_k0(g, s + 1) - k0;
            slice_run(g, stream, apack, k0, kc, 0, N, g->out, g->o_rs, s > 0, &tl);
        }
        return;
    }
    float* sums = shared + round16((uint64_t)M * K); /* slice s >= 1: sums + (s - 1) * M * N, rows N apart */
    /* items: (slice, column chunk), slice-major; columns split only when there are too few slices
     * to give every thread several items, in chunks of at least 64 columns */
    const uint32_t groups = N / 8; /* whole 8-column groups; the last chunk takes the N % 8 tail */
    uint32_t chunks = (ROWS_ITEMS_PER_THREAD * (uint32_t)nth + S - 1) / S;
    if (chunks > groups / 8) chunks = groups / 8;
    if (chunks < 1) chunks = 1;
    if (S == 1) chunks = (uint32_t)nth < groups ? (uint32_t)nth : groups; /* one run of columns per thread */
    const uint32_t items = S * chunks;
    const uint32_t rchunks = (N + ROWS_REDUCE_COLS - 1) / ROWS_REDUCE_COLS;
#ifdef _OPENMP
#pragma omp parallel num_threads(nth)
#endif
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
        const rows_tls tl = tls_at(g, thread_base, thread_stride, me);
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (uint32_t it = 0; it < items; it++) {
            const uint32_t s = it / chunks, c = it % chunks;
            const uint32_t k0 = slice_k0(g, s), kc = slice_k0(g, s + 1) - k0;
            const uint32_t j0 = (uint32_t)((uint64_t)groups * c / chunks) * 8;
            const uint32_t j1 = c + 1 == chunks ? N : (uint32_t)((uint64_t)groups * (c + 1) / chunks) * 8;
            if (s == 0)
                slice_run(g, stream, apack, k0, kc, j0, j1, g->out + j0, g->o_rs, 0, &tl);
            else
                slice_run(g, stream, apack, k0, kc, j0, j1, sums + (size_t)(s - 1) * M * N + j0, N, 0, &tl);
        }
        /* (the implicit barrier: every slice's sums are whole) out = s_s + out, s ascending; one
         * slice (S == 1, the same value on every thread) wrote the output whole already */
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (uint32_t it = 0; it < (S > 1 ? rchunks * M : 0); it++) {
            const uint32_t t = it / rchunks, j0 = (it % rchunks) * ROWS_REDUCE_COLS;
            const uint32_t n = N - j0 < ROWS_REDUCE_COLS ? N - j0 : ROWS_REDUCE_COLS;
            float* o = g->out + (int64_t)t * g->o_rs + j0;
            for (uint32_t s = 1; s < S; s++) {
                const float* v = sums + ((size_t)(s - 1) * M + t) * N + j0;
                for (uint32_t j = 0; j < n; j++) o[j] = v[j] + o[j];
            }
        }
    }
}

/* ---- TransB: B^T's rows contiguous along k ----
 * A product with B transposed (a weight matrix W^T, ONNX Gemm transB = 1) was packed whole into
 * panels before its one use (1 x 4096 x 4096: 0.36x numpy on one thread). Here every item reads
 * whole rows of B^T (8 columns: 8 sequential streams), transposes each 8 x 8 block in registers
 * and applies it to every row of A, k ascending: B is read once, in place, and each element's sum
 * is the microkernel's (FMA per term from 0 in each K slice, the slices added in order). */
#define ROWS_T_ITEM_COLS 64 /* columns per work item of the threaded split */
/* groups of 8 columns per call: 8 rows of B^T streamed at once (two groups, 16 streams, ran the
 * 1 x 4096 x 4096 product at 0.57x numpy on one thread, one group at 0.68-0.73x) */
#define ROWS_T_NG 1

static void pack_a_rows(const pydml_gemm_rows_args* g, float* apack) {
    for (uint32_t k = 0; k < g->K; k++)
        for (uint32_t t = 0; t < g->M; t++)
            apack[(size_t)k * g->M + t] = g->a[(int64_t)t * g->a_rs + (int64_t)k * g->a_cs];
}

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#include "transpose8.h"

int pydml_gemm_rows_t_available(void) {
    const uint32_t f = pydml_active_cpu_features();
    return (f & PYDML_CPU_AVX2_FMA) != 0;
}

/* Columns [n0, n0 + nv) (nv <= 8 * ROWS_T_NG: MR * ROWS_T_NG independent FMA chains), all of K. A
 * column past nv reads row n0 of B^T (valid memory) into lanes that are never stored. */
static inline __attribute__((always_inline)) EW_T256 void rows_t_cols(const pydml_gemm_rows_args* g,
                                                                       const float* apack, uint32_t n0,
                                                                       uint32_t nv, const int MR) {
    const float* rows[8 * ROWS_T_NG];
    for (uint32_t i = 0; i < 8 * ROWS_T_NG; i++) rows[i] = g->b + (int64_t)(n0 + (i < nv ? i : 0)) * g->ldb;
    __m256 tot[ROWS_T_NG][PYDML_GEMM_ROWS_T_MAX];
    _Pragma("GCC unroll 2") for (int h = 0; h < ROWS_T_NG; h++)
        _Pragma("GCC unroll 8") for (int t = 0; t < MR; t++) tot[h][t] = _mm256_setzero_ps();
    for (uint32_t s = 0; s < g->kslices; s++) {
        const uint32_t k0 = slice_k0(g, s), k1 = slice_k0(g, s + 1);
        __m256 acc[ROWS_T_NG][PYDML_GEMM_ROWS_T_MAX];
        _Pragma("GCC unroll 2") for (int h = 0; h < ROWS_T_NG; h++)
            _Pragma("GCC unroll 8") for (int t = 0; t < MR; t++) acc[h][t] = _mm256_setzero_ps();
        uint32_t k = k0;
        /* 16 k at a time: a whole cache line of each row of B^T used as soon as it is loaded (the
         * rows fall in one L1 set when the row stride is a multiple of 4 KiB: a half line left for
         * the next step may be gone). No software prefetch: the hardware follows 8 row streams, and
         * prefetching 32 lines ahead cost 5-10 % (1 x 4096 x 4096, one thread: 0.77x numpy with it,
         * 0.80-0.83x without) */
        for (; k + 16 <= k1; k += 16)
            _Pragma("GCC unroll 2") for (int h = 0; h < ROWS_T_NG; h++) {
                _Pragma("GCC unroll 2") for (int half = 0; half < 2; half++) {
                    const uint32_t kk = k + 8 * (uint32_t)half;
                    __m256 r[8];
                    _Pragma("GCC unroll 8") for (int i = 0; i < 8; i++) r[i] = _mm256_loadu_ps(rows[h * 8 + i] + kk);
                    pydml_transpose8_ps(r);
                    _Pragma("GCC unroll 8") for (int j = 0; j < 8; j++)
                        _Pragma("GCC unroll 8") for (int t = 0; t < MR; t++)
                            acc[h][t] = _mm256_fmadd_ps(_mm256_broadcast_ss(apack + (size_t)(kk + j) * MR + t), r[j],
                                                        acc[h][t]);
                }
            }
        for (; k + 8 <= k1; k += 8) {
            _Pragma("GCC unroll 2") for (int h = 0; h < ROWS_T_NG; h++) {
                __m256 r[8];
                _Pragma("GCC unroll 8") for (int i = 0; i < 8; i++) r[i] = _mm256_loadu_ps(rows[h * 8 + i] + k);
                pydml_transpose8_ps(r); /* r[j] = B(k + j, n0 + 8h ...) */
                _Pragma("GCC unroll 8") for (int j = 0; j < 8; j++)
                    _Pragma("GCC unroll 8") for (int t = 0; t < MR; t++)
                        acc[h][t] = _mm256_fmadd_ps(_mm256_broadcast_ss(apack + (size_t)(k + j) * MR + t), r[j],
                                                    acc[h][t]);
            }
        }
        for (; k < k1; k++)
            _Pragma("GCC unroll 2") for (int h = 0; h < ROWS_T_NG; h++) {
                const float* const* q = rows + h * 8;
                const __m256 v = _mm256_set_ps(q[7][k], q[6][k], q[5][k], q[4][k], q[3][k], q[2][k], q[1][k], q[0][k]);
                _Pragma("GCC unroll 8") for (int t = 0; t < MR; t++)
                    acc[h][t] = _mm256_fmadd_ps(_mm256_broadcast_ss(apack + (size_t)k * MR + t), v, acc[h][t]);
            }
        _Pragma("GCC unroll 2") for (int h = 0; h < ROWS_T_NG; h++) /* the slice added to the sum so far (the microkernel's src, last) */
            _Pragma("GCC unroll 8") for (int t = 0; t < MR; t++) tot[h][t] = s ? _mm256_add_ps(acc[h][t], tot[h][t]) : acc[h][t];
    }
    _Pragma("GCC unroll 8") for (int t = 0; t < MR; t++) {
        float v[8 * ROWS_T_NG];
        for (int h = 0; h < ROWS_T_NG; h++) _mm256_storeu_ps(v + 8 * h, tot[h][t]);
        float* o = g->out + (int64_t)t * g->o_rs + n0;
        for (uint32_t j = 0; j < nv; j++) o[j] = v[j];
    }
}

#define ROWS_T_FN(R)                                                                                      \
    EW_T256 static void rows_t_cols_##R(const pydml_gemm_rows_args* g, const float* apack, uint32_t n0,  \
                                        uint32_t nv) {                                                   \
        rows_t_cols(g, apack, n0, nv, R);                                                                \
    }
ROWS_T_FN(1) ROWS_T_FN(2) ROWS_T_FN(3) ROWS_T_FN(4) ROWS_T_FN(5) ROWS_T_FN(6) ROWS_T_FN(7) ROWS_T_FN(8)

typedef void (*rows_t_cols_fn)(const pydml_gemm_rows_args*, const float*, uint32_t, uint32_t);

/* Work item `it` of pydml_gemm_rows_t: ROWS_T_ITEM_COLS columns, 8 * ROWS_T_NG at a time. */
static inline void rows_t_item(const pydml_gemm_rows_args* g, rows_t_cols_fn fn, const float* apack, uint32_t it) {
    const uint32_t j1 = (it + 1) * ROWS_T_ITEM_COLS < g->N ? (it + 1) * ROWS_T_ITEM_COLS : g->N;
    for (uint32_t j = it * ROWS_T_ITEM_COLS; j < j1; j += 8 * ROWS_T_NG)
        fn(g, apack, j, j1 - j < 8 * ROWS_T_NG ? j1 - j : 8 * ROWS_T_NG);
}

void pydml_gemm_rows_t(const pydml_gemm_rows_args* g, int nth, float* shared) {
    typedef rows_t_cols_fn cols_fn;
    static const cols_fn fns[PYDML_GEMM_ROWS_T_MAX + 1] = {NULL,          rows_t_cols_1, rows_t_cols_2,
                                                           rows_t_cols_3, rows_t_cols_4, rows_t_cols_5,
                                                           rows_t_cols_6, rows_t_cols_7, rows_t_cols_8};
    const cols_fn fn = fns[g->M];
    pack_a_rows(g, shared);
#ifndef _OPENMP
    (void)nth;
#endif
    const uint32_t items = (g->N + ROWS_T_ITEM_COLS - 1) / ROWS_T_ITEM_COLS;
    if (nth <= 1 || items <= 1) { /* no region (common.h: serialized regions) */
        for (uint32_t it = 0; it < items; it++) rows_t_item(g, fn, shared, it);
        return;
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(nth)
#endif
    for (uint32_t it = 0; it < items; it++) rows_t_item(g, fn, shared, it);
}
#else
int pydml_gemm_rows_t_available(void) { return 0; }
void pydml_gemm_rows_t(const pydml_gemm_rows_args* g, int nth, float* shared) {
    (void)g;
    (void)nth;
    (void)shared;
}
#endif
