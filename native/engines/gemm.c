/* The gemm kernel family (families.h): DML_OPERATOR_GEMM
 * (sdk-api ns-directml-dml_gemm_operator_desc.md):
 *
 *   Output = FusedActivation(Alpha * op(A) x op(B) + Beta * C)
 *
 * with op() the identity or the transpose of the last two dimensions (TransA/TransB), over
 * BatchCount x ChannelCount independent products (the leading dimensions of 4-D tensors; 2-D and
 * 3-D tensors have them implied as 1 from DML_FEATURE_LEVEL_4_0). Every tensor is read and written
 * through its own element strides, so zero strides broadcast C (and A, B) over any dimension.
 *
 * FLOAT16 tensors are converted to float32 while packing, accumulated in float32 and rounded once
 * (to nearest even) on store; FLOAT32 accumulates in float32. Beta * C is added exactly as the
 * page writes it whenever CTensor is bound (so Beta = 0 with an infinite or NaN C gives NaN, IEEE
 * semantics; the page only says Beta is ignored when C is absent).
 *
 * The algorithm is the GotoBLAS/BLIS blocking, in block phases (gemm_phases): the partial sums
 * live in the output when it is FLOAT32 with unit column stride, else (FLOAT16, strided columns)
 * in a plan-owned M x N float buffer that the last slice converts and stores. For each batch, each
 * NC-wide column block and each KC-deep slice of K, the threads pack the KC x NC block of op(B)
 * (converted, strided, transposed: all in packing) into NR-wide panels and the slice of op(A) into
 * MR-row strips, then share (strip, column group) items, each running an MR x NR register-tile
 * microkernel across its panels (from 8 strips per thread, runs of strip groups that each thread
 * keeps from slice to slice, the last ones taken over by a thread that finishes first:
 * common.h pydml_runs_next); the last slice finishes each item (Alpha, Beta * C, the
 * activation) while it is in cache; over B packed at initialization, with at least 8 strips per
 * thread, each thread takes a fixed run of strips instead (gemm_phases_pre). Many small
 * batches, outputs of more than 4096 rows or (not
 * FLOAT32) 16M elements, and B read in place use the older schedule: all of op(B) packed first, items of (column block, row group)
 * with their partial sums in a float workspace. Each output element's sum runs over k in a fixed
 * order, independent of the thread count and of the schedule. With few output rows (at most
 * GEMM_DIRECT_B_STRIPS strips, e.g. a few tokens times a weight matrix) a FLOAT32 B with unit
 * stride along n is read in place instead (packing K x N to use it once or twice costs more than
 * it saves); only a partial last panel is packed. Up to 8 rows of a FLOAT32 output accumulated in
 * place run gemm_rows.c instead, B read once, in place: one strip times a B with unit stride along
 * n (streamed, K slices shared by the threads), or (x86 paths) a B with unit stride along k (8 x 8
 * blocks transposed in registers). Otherwise such a B is streamed row by row, strip by strip
 * (gemm_stream: the same sums, whole row runs instead of one cache line per row; the second strip
 * finds the K slice in L3). FLOAT32 outputs of two strips up to GEMM_FEW_ROWS rows run gemm_few
 * instead: items of B's columns shared by the threads, each K slice of an item packed a chunk at a
 * time and each panel applied to every strip of A while it is in L1, so B crosses the memory bus
 * once. A BTensor with DML_TENSOR_FLAG_OWNED_BY_DML is packed once, at
 * initialization (gemm_initialize), and read from there, except where it would be streamed; up to
 * GEMM_PRE_ROWS_MAX rows of a FLOAT32 output over such panels (a decoder's GEMVs) run gemm_pre_rows
 * on the x86 paths (the threads split the panels; gemm_rows.c's sums), and panels packed from
 * memory that never changes are shared by every plan packing the same view of it. The
 * older schedule's items run BLIS's loop order (gemm_item_packed). Every buffer an execution
 * packs into (the B block, the A strips, the partial sums, the stream scratch) is a part of the
 * caller's workspace (DirectML's temporary resource: temporary_bytes reports its size, from the
 * same gemm_schedule execute follows), so the plan is read-only while it executes and executions
 * of one operator may run at the same time. Vector paths: AVX-512 (14 x 32 tile), AVX2 (6 x 16),
 * portable C (4 x 8); chosen per execution by pydml_active_cpu_features(). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "convert.h"
#include "elementwise.h"
#include "softmax.h"
#include "families.h"
#include "gemm_engine.h"
#include "gemm_rows.h"
#include "rules.h"

#define GEMM_KC 256       /* K slice depth: a 14 x 256 A strip (14 KiB) stays in L1 */
#define GEMM_NC 1024      /* output columns per block: the 256 x 1024 B block (1 MiB) stays in L2 */
#define GEMM_MR_MAX 14
#define GEMM_NR_MAX 32
#define GEMM_ALIGN 64
#define GEMM_DIRECT_B_STRIPS 2 /* B is read in place for outputs of at most this many MR-row strips */
#define GEMM_PACK_ROWS 16 /* rows of a B block one packing item reads (16 x 1024 floats: 64 KiB) */
#define GEMM_FEW_ROWS 160 /* outputs of 2 strips up to this many rows: gemm_few (B read once) */
#define GEMM_FEW_PANELS 128 /* panels per gemm_few item (2048 columns on AVX2): the rows of B it reads */
#define GEMM_FEW_CHUNK 16   /* panels gemm_few packs at a time (256 x 256 floats on AVX2: 256 KiB, L2) */
#define GEMM_FEW_AHEAD 4    /* rows gemm_few's packing fetches ahead (into L1) */
#define GEMM_FEW_ITEMS_PRE 4 /* gemm_few items per thread over B packed at initialization */
#define GEMM_FEW_MIN_PANELS 4 /* ... each at least this many panels wide (64 columns on AVX2) */
#define GEMM_PRE_STATIC_STRIPS 8 /* row strips per thread from which gemm_phases_pre splits them statically */
#define GEMM_FEW_PREFETCH 2 /* __builtin_prefetch locality of the next K slice (2: prefetcht1, L2) */

/* acc[t][j] = sum_{k < kc} a[k * mr + t] * b[k * ldb + j] (ldb = NR for a packed panel, the row
 * stride of B itself when B is read in place) (+ src[t * lds + j] when src), stored
 * to dst[t * ldd + j] for t < mr (the function's fixed row count), j < nr <= NR. */
typedef void (*gemm_ukr)(uint32_t kc, const float* a, const float* b, int64_t ldb, const float* src, int64_t lds,
                         float* dst, int64_t ldd, uint32_t nr);

/* The microkernel's sums for a few rows and a wide run of columns of a B read in place, B streamed
 * row by row: for t < mr, j < w (w a multiple of the ISA's NR),
 *   dst[t * ldd + j] = sum_{k < kc} a[k * mr + t] * b[k * ldb + j] (+ src[t * lds + j] when src),
 * each sum in the microkernel's order and arithmetic (from 0, k ascending, FMA when the ukr fuses;
 * src added last), so the result is bit-identical to ukr calls over the same columns. acc: mr * w
 * floats of scratch. The ukr reads such a B as NR-column strips of kc rows N floats apart, one cache
 * line per row, which no prefetcher follows: a 1 x 4096 x 4096 product ran at 0.2-0.4x numpy on
 * Zen 3; reading whole row segments streams. */
typedef void (*gemm_stream)(uint32_t kc, uint32_t mr, const float* a, const float* b, int64_t ldb, uint32_t w,
                            const float* src, int64_t lds, float* dst, int64_t ldd, float* acc);
#define GEMM_STREAM_FLOATS 4096 /* stream scratch per thread (16 KiB: stays in L1 with a B row) */
#define GEMM_STREAM_L1_FLOATS 8192 /* B slices up to this size (32 KiB, L1) are streamed with the sums in registers */

/* A few rows (M <= GEMM_PRE_ROWS_MAX) times B packed at initialization, panels [0, np) of one
 * batch (panel q: K x NR floats at panels + q * K * NR), into columns [0, ncols) of the FLOAT32
 * output rows out + t * ldo: each K slice s of kslices (gemm_rows.c's bounds, K s / kslices) summed
 * from 0 in ascending k by FMA, then out = s_0, out = s_s + out for s ascending: gemm_rows.c's
 * arithmetic, bit for bit. apack[k * M + t] = A(t, k). */
typedef void (*gemm_pre_rows)(uint32_t M, uint32_t K, uint32_t kslices, const float* apack, const float* panels,
                              uint32_t np, uint32_t ncols, float* out, int64_t ldo);
#define GEMM_PRE_ROWS_MAX 4

typedef struct gemm_isa {
    uint32_t mr, nr;
    gemm_ukr ukr[GEMM_MR_MAX + 1]; /* by row count, [0] unused */
    gemm_stream stream;
    gemm_pre_rows pre_rows; /* NULL: gemm_rows.c reads B in place instead */
} gemm_isa;

typedef struct gemm_plan {
    uint32_t type, rank;
    uint32_t a_sizes[4], b_sizes[4], o_sizes[4]; /* the desc's sizes (rank entries) */
    int trans_a, trans_b, has_c, has_act;
    float alpha, beta;
    pydml_activation act;
    /* a fused SOFTMAX / SOFTMAX1 (DML_FEATURE_LEVEL_6_1): run on the finished output, in place */
    pydml_softmax_plan* softmax;
    uint32_t M, N, K, batch0, batch1;
    int b_owned; /* BTensor has DML_TENSOR_FLAG_OWNED_BY_DML: execute may find it packed (pre) */
    int b_n_unit; /* BTensor's desc layout steps 1 along N (gemm_initialize's x.b_n == 1) */
    /* temporary_bytes(threads) for threads 1 .. 64 (0: not yet computed): a pure function of the
     * plan, asked for at every execution by the C API; read and written with __atomic builtins
     * (executions of one operator run at the same time) */
    uint64_t temporary[65];
    /* op(B) packed once by gemm_initialize when BTensor is DML_TENSOR_FLAG_OWNED_BY_DML: every panel
     * of every batch of B (its own batch sizes), for the ISA of that time. Used by an execution
     * whose owned views carry the same initialization generation (ws->owned_generation: the C API
     * numbers each initialization, so memory freed and reused at the same address with other
     * weights never meets these panels) and runs on the same ISA; else B is packed per execution. */
    struct {
        uint64_t generation; /* 0: nothing prepared */
        const void* src;
        uint32_t mr, nr;
        uint32_t bb0, bb1; /* B's batch sizes */
        float* data;       /* batch (b0 * bb1 + b1), panel q: data + (batch * npanels + q) * K * nr */
        struct shared_pack* shared; /* data belongs to this entry of g_packs (NULL: to the plan) */
    } pre;
} gemm_plan;

/* ---- operand rows: n elements of `type` at a given element stride to floats and back; contiguous
 * FLOAT16 rows through convert.h (F16C / AVX-512 when active). Packing is not the bottleneck. ---- */

static void load_row(float* dst, const void* src, uint32_t type, int64_t stride, uint32_t n) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = src;
        if (stride == 1) {
            memcpy(dst, s, (size_t)n * sizeof(float));
        } else {
            for (uint32_t i = 0; i < n; i++) dst[i] = s[(int64_t)i * stride];
        }
    } else if (stride == 1) {
        pydml_f16_row_to_f32(src, dst, n); /* F16C/AVX-512 when the active features allow */
    } else {
        const uint16_t* s = src;
        for (uint32_t i = 0; i < n; i++) dst[i] = pydml_f16_to_f32(s[(int64_t)i * stride]);
    }
}

static void store_row(void* dst, uint32_t type, int64_t stride, const float* src, uint32_t n) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = dst;
        if (stride == 1) {
            memcpy(d, src, (size_t)n * sizeof(float));
        } else {
            for (uint32_t i = 0; i < n; i++) d[(int64_t)i * stride] = src[i];
        }
    } else if (stride == 1) {
        pydml_f32_row_to_f16(src, dst, n);
    } else {
        uint16_t* d = dst;
        for (uint32_t i = 0; i < n; i++) d[(int64_t)i * stride] = pydml_f32_to_f16(src[i]);
    }
}

/* ---- portable microkernel ------------------------------------------------------------------ */

#define P_MR 4
#define P_NR 8
/* The microkernel bodies read A(t, k) = a[t * at + k * ak]: at = 1, ak = MR for a packed strip (the
 * GEMM driver's ukr), at = lda, ak = 1 for rows read in place (gemm_engine.h's ukr_rows). */
static inline __attribute__((always_inline)) void ukr_portable_body(uint32_t kc, const float* a, int64_t at,
                                                                    int64_t ak, const float* b, int64_t ldb,
                                                                    const float* src, int64_t lds, float* dst,
                                                                    int64_t ldd, uint32_t nr, const int MR) {
    float acc[P_MR][P_NR];
    for (int t = 0; t < MR; t++)
        for (int j = 0; j < P_NR; j++) acc[t][j] = 0.0f;
    for (uint32_t k = 0; k < kc; k++) {
        for (int t = 0; t < MR; t++) {
            const float x = a[t * at];
            for (int j = 0; j < P_NR; j++) acc[t][j] += x * b[j];
        }
        a += ak;
        b += ldb;
    }
    for (int t = 0; t < MR; t++) {
        for (uint32_t j = 0; j < nr; j++) {
            float v = acc[t][j];
            if (src) v += src[t * lds + j];
            dst[t * ldd + j] = v;
        }
    }
}
#define UKR_P(R)                                                                                        \
    static void ukr_portable_##R(uint32_t kc, const float* a, const float* b, int64_t ldb, const float* src, int64_t lds, \
                                 float* dst, int64_t ldd, uint32_t nr) {                                \
        ukr_portable_body(kc, a, 1, R, b, ldb, src, lds, dst, ldd, nr, R);                                         \
    }
UKR_P(1) UKR_P(2) UKR_P(3) UKR_P(4)
/* The same microkernels reading A in place, A(t, k) = a[t * lda + k] (gemm_engine.h: ukr_rows):
 * the same arithmetic in the same order, so bit-identical to ukr on the packed strip. */
#define UKR_P_ROWS(R)                                                                                   \
    static void ukr_portable_rows_##R(uint32_t kc, const float* a, int64_t lda, const float* b, int64_t ldb,   \
                                      const float* src, int64_t lds, float* dst, int64_t ldd, uint32_t nr) { \
        ukr_portable_body(kc, a, lda, 1, b, ldb, src, lds, dst, ldd, nr, R);                            \
    }
UKR_P_ROWS(1) UKR_P_ROWS(2) UKR_P_ROWS(3) UKR_P_ROWS(4)

static void stream_portable(uint32_t kc, uint32_t mr, const float* a, const float* b, int64_t ldb, uint32_t w,
                            const float* src, int64_t lds, float* dst, int64_t ldd, float* acc) {
    for (size_t i = 0; i < (size_t)mr * w; i++) acc[i] = 0.0f;
    for (uint32_t k = 0; k < kc; k++) {
        const float* brow = b + (int64_t)k * ldb;
        for (uint32_t t = 0; t < mr; t++) {
            const float x = a[(size_t)k * mr + t];
            float* at = acc + (size_t)t * w;
            for (uint32_t j = 0; j < w; j++) at[j] += x * brow[j]; /* the portable ukr's expression */
        }
    }
    for (uint32_t t = 0; t < mr; t++)
        for (uint32_t j = 0; j < w; j++) {
            float v = acc[(size_t)t * w + j];
            if (src) v += src[t * lds + j];
            dst[t * ldd + j] = v;
        }
}

static void isa_portable(gemm_isa* k) {
    memset(k, 0, sizeof *k);
    k->stream = stream_portable;
    k->mr = P_MR;
    k->nr = P_NR;
    k->ukr[1] = ukr_portable_1;
    k->ukr[2] = ukr_portable_2;
    k->ukr[3] = ukr_portable_3;
    k->ukr[4] = ukr_portable_4;
}

/* ---- x86 kernels --------------------------------------------------------------------------- */
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#include "transpose8.h"
#define GEMM_X86 1
#define INLINE static inline __attribute__((always_inline))

/* AVX2 microkernel: 6 rows x 16 columns (two ymm), 12 accumulators. */
INLINE EW_T256 void ukr_avx2_body(uint32_t kc, const float* a, int64_t at, int64_t ak, const float* b, int64_t ldb,
                                  const float* src, int64_t lds, float* dst, int64_t ldd, uint32_t nr, const int MR) {
    __m256 c0[6], c1[6];
    /* the C tile this call ends by reading and writing (L2 when the item's rows outgrow L1): its
     * lines are on their way while the sums run */
    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
        c0[t] = c1[t] = _mm256_setzero_ps();
        _mm_prefetch((const char*)(dst + t * ldd), _MM_HINT_T0);
        _mm_prefetch((const char*)(dst + t * ldd + 15), _MM_HINT_T0);
    }
    _Pragma("GCC unroll 4") for (uint32_t k = 0; k < kc; k++) {
        const __m256 b0 = _mm256_loadu_ps(b), b1 = _mm256_loadu_ps(b + 8);
        _mm_prefetch((const char*)(b + 8 * ldb), _MM_HINT_T0);
        _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
            const __m256 x = _mm256_broadcast_ss(a + t * at);
            c0[t] = _mm256_fmadd_ps(x, b0, c0[t]);
            c1[t] = _mm256_fmadd_ps(x, b1, c1[t]);
        }
        a += ak;
        b += ldb;
    }
    if (nr == 16) {
        _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
            if (src) {
                c0[t] = _mm256_add_ps(c0[t], _mm256_loadu_ps(src + t * lds));
                c1[t] = _mm256_add_ps(c1[t], _mm256_loadu_ps(src + t * lds + 8));
            }
            _mm256_storeu_ps(dst + t * ldd, c0[t]);
            _mm256_storeu_ps(dst + t * ldd + 8, c1[t]);
        }
        return;
    }
    _Pragma("GCC unroll 6") for (int t = 0; t < MR; t++) {
        float tmp[16];
        _mm256_storeu_ps(tmp, c0[t]);
        _mm256_storeu_ps(tmp + 8, c1[t]);
        for (uint32_t j = 0; j < nr; j++) dst[t * ldd + j] = src ? tmp[j] + src[t * lds + j] : tmp[j];
    }
}
#define UKR_A2(R)                                                                                       \
    EW_T256 static void ukr_avx2_##R(uint32_t kc, const float* a, const float* b, int64_t ldb, const float* src,     \
                                     int64_t lds, float* dst, int64_t ldd, uint32_t nr) {                \
        ukr_avx2_body(kc, a, 1, R, b, ldb, src, lds, dst, ldd, nr, R);                                              \
    }
UKR_A2(1) UKR_A2(2) UKR_A2(3) UKR_A2(4) UKR_A2(5) UKR_A2(6)
#define UKR_A2_ROWS(R)                                                                                  \
    EW_T256 static void ukr_avx2_rows_##R(uint32_t kc, const float* a, int64_t lda, const float* b, int64_t ldb, \
                                          const float* src, int64_t lds, float* dst, int64_t ldd, uint32_t nr) { \
        ukr_avx2_body(kc, a, lda, 1, b, ldb, src, lds, dst, ldd, nr, R);                                \
    }
UKR_A2_ROWS(1) UKR_A2_ROWS(2) UKR_A2_ROWS(3) UKR_A2_ROWS(4) UKR_A2_ROWS(5) UKR_A2_ROWS(6)

/* AVX-512 microkernel: 14 rows x 32 columns (two zmm), 28 accumulators; A values are broadcast
 * from the packed strip (an embedded-broadcast FMA operand). */
INLINE EW_T512 void ukr_avx512_body(uint32_t kc, const float* a, int64_t at, int64_t ak, const float* b,
                                    int64_t ldb, const float* src, int64_t lds, float* dst, int64_t ldd, uint32_t nr,
                                    const int MR) {
    __m512 c0[14], c1[14];
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) c0[t] = c1[t] = _mm512_setzero_ps();
    for (uint32_t k = 0; k < kc; k++) {
        const __m512 b0 = _mm512_loadu_ps(b), b1 = _mm512_loadu_ps(b + 16);
        _mm_prefetch((const char*)(b + 8 * ldb), _MM_HINT_T0);
        _mm_prefetch((const char*)(b + 8 * ldb + 16), _MM_HINT_T0);
        _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
            const __m512 x = _mm512_set1_ps(a[t * at]);
            c0[t] = _mm512_fmadd_ps(x, b0, c0[t]);
            c1[t] = _mm512_fmadd_ps(x, b1, c1[t]);
        }
        a += ak;
        b += ldb;
    }
    if (nr == 32) {
        _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
            if (src) {
                c0[t] = _mm512_add_ps(c0[t], _mm512_loadu_ps(src + t * lds));
                c1[t] = _mm512_add_ps(c1[t], _mm512_loadu_ps(src + t * lds + 16));
            }
            _mm512_storeu_ps(dst + t * ldd, c0[t]);
            _mm512_storeu_ps(dst + t * ldd + 16, c1[t]);
        }
        return;
    }
    const __mmask16 m0 = nr >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << nr) - 1u);
    const __mmask16 m1 = nr > 16 ? (__mmask16)((1u << (nr - 16)) - 1u) : (__mmask16)0;
    _Pragma("GCC unroll 14") for (int t = 0; t < MR; t++) {
        if (src) c0[t] = _mm512_add_ps(c0[t], _mm512_maskz_loadu_ps(m0, src + t * lds));
        _mm512_mask_storeu_ps(dst + t * ldd, m0, c0[t]);
        if (m1) {
            if (src) c1[t] = _mm512_add_ps(c1[t], _mm512_maskz_loadu_ps(m1, src + t * lds + 16));
            _mm512_mask_storeu_ps(dst + t * ldd + 16, m1, c1[t]);
        }
    }
}
#define UKR_A5(R)                                                                                       \
    EW_T512 static void ukr_avx512_##R(uint32_t kc, const float* a, const float* b, int64_t ldb, const float* src,   \
                                       int64_t lds, float* dst, int64_t ldd, uint32_t nr) {              \
        ukr_avx512_body(kc, a, 1, R, b, ldb, src, lds, dst, ldd, nr, R);                                            \
    }
UKR_A5(1) UKR_A5(2) UKR_A5(3) UKR_A5(4) UKR_A5(5) UKR_A5(6) UKR_A5(7)
UKR_A5(8) UKR_A5(9) UKR_A5(10) UKR_A5(11) UKR_A5(12) UKR_A5(13) UKR_A5(14)
#define UKR_A5_ROWS(R)                                                                                  \
    EW_T512 static void ukr_avx512_rows_##R(uint32_t kc, const float* a, int64_t lda, const float* b, int64_t ldb, \
                                            const float* src, int64_t lds, float* dst, int64_t ldd, uint32_t nr) { \
        ukr_avx512_body(kc, a, lda, 1, b, ldb, src, lds, dst, ldd, nr, R);                              \
    }
UKR_A5_ROWS(1) UKR_A5_ROWS(2) UKR_A5_ROWS(3) UKR_A5_ROWS(4) UKR_A5_ROWS(5) UKR_A5_ROWS(6) UKR_A5_ROWS(7)
UKR_A5_ROWS(8) UKR_A5_ROWS(9) UKR_A5_ROWS(10) UKR_A5_ROWS(11) UKR_A5_ROWS(12) UKR_A5_ROWS(13) UKR_A5_ROWS(14)

/* stream_fma's sums for row t of A and NV * 8 columns of B from column j, in NV registers over all
 * of kc: NV independent FMA chains, each sum from 0 in ascending k, src added last. */
INLINE EW_T256 void stream_regs(uint32_t kc, uint32_t mr, uint32_t t, const float* a, const float* b, int64_t ldb,
                                uint32_t j, const float* src, int64_t lds, float* dst, int64_t ldd, const int NV) {
    __m256 c[8];
    _Pragma("GCC unroll 8") for (int v = 0; v < NV; v++) c[v] = _mm256_setzero_ps();
    const float* bj = b + j;
    for (uint32_t k = 0; k < kc; k++) {
        const __m256 x = _mm256_broadcast_ss(a + (size_t)k * mr + t);
        _Pragma("GCC unroll 8") for (int v = 0; v < NV; v++)
            c[v] = _mm256_fmadd_ps(x, _mm256_loadu_ps(bj + 8 * v), c[v]);
        bj += ldb;
    }
    _Pragma("GCC unroll 8") for (int v = 0; v < NV; v++) {
        if (src) c[v] = _mm256_add_ps(c[v], _mm256_loadu_ps(src + t * lds + j + 8 * v));
        _mm256_storeu_ps(dst + t * ldd + j + 8 * v, c[v]);
    }
}

/* stream_fma's pass over 8 rows of B for one row of A and 32 columns: at[j] += x[r] b[r * ldb + j]
 * for r ascending (an FMA per term), four independent chains interleaved. */
INLINE EW_T256 void stream_pass32(const __m256* x, const float* b, int64_t ldb, float* at) {
    __m256 v0 = _mm256_load_ps(at), v1 = _mm256_load_ps(at + 8);
    __m256 v2 = _mm256_load_ps(at + 16), v3 = _mm256_load_ps(at + 24);
    _Pragma("GCC unroll 8") for (int r = 0; r < 8; r++) {
        const float* br = b + r * ldb;
        v0 = _mm256_fmadd_ps(x[r], _mm256_loadu_ps(br), v0);
        v1 = _mm256_fmadd_ps(x[r], _mm256_loadu_ps(br + 8), v1);
        v2 = _mm256_fmadd_ps(x[r], _mm256_loadu_ps(br + 16), v2);
        v3 = _mm256_fmadd_ps(x[r], _mm256_loadu_ps(br + 24), v3);
    }
    _mm256_store_ps(at, v0);
    _mm256_store_ps(at + 8, v1);
    _mm256_store_ps(at + 16, v2);
    _mm256_store_ps(at + 24, v3);
}

/* gemm_stream with FMA, as both x86 microkernels compute (AVX2 and AVX-512 alike). */
EW_T256 static void stream_fma(uint32_t kc, uint32_t mr, const float* a, const float* b, int64_t ldb, uint32_t w,
                               const float* src, int64_t lds, float* dst, int64_t ldd, float* acc) {
    if ((size_t)kc * w <= GEMM_STREAM_L1_FLOATS) {
        /* B's slice fits L1 (attention's decoding: a 64-key block of values): the sums stay in
         * registers over all of kc, 64 columns (eight FMA chains) at a time, B re-read from L1 for
         * each row; the passes below load and store every accumulator once per eight FMAs, which
         * left attention's decoding P V at 0.8x its former row updates. The same sums. */
        for (uint32_t t = 0; t < mr; t++) {
            uint32_t j = 0;
            for (; j + 64 <= w; j += 64) stream_regs(kc, mr, t, a, b, ldb, j, src, lds, dst, ldd, 8);
            switch ((w - j) / 8) { /* w is a multiple of 16 (NR) */
            case 6: stream_regs(kc, mr, t, a, b, ldb, j, src, lds, dst, ldd, 6); break;
            case 4: stream_regs(kc, mr, t, a, b, ldb, j, src, lds, dst, ldd, 4); break;
            case 2: stream_regs(kc, mr, t, a, b, ldb, j, src, lds, dst, ldd, 2); break;
            default:
                for (; j < w; j += 8) stream_regs(kc, mr, t, a, b, ldb, j, src, lds, dst, ldd, 1);
                break;
            }
        }
        return;
    }
    memset(acc, 0, (size_t)mr * w * sizeof(float));
    uint32_t k = 0;
    /* eight rows of B per pass: eight streams in flight, and each accumulator is loaded and stored
     * once per eight FMAs (still applied in k order; four per pass left a 1 x 4096 x 4096 product
     * at 0.88x numpy's per-thread time on Zen 3) */
    for (; k + 8 <= kc; k += 8) {
        const float* b0 = b + (int64_t)k * ldb;
        /* 32 columns of the 8 rows of B (1 KiB) at a time, applied to every row of A while they
         * are in L1: row by row over all w columns re-read each 8 x w block of B (8 x 512 floats,
         * 16 KiB, with as much of sums) once per row of A, from L2 for 8 rows of A (8 x 4096 x 4096
         * at 1 FMA a cycle). Four chains interleaved per row of A. Each sum's order is unchanged. */
        uint32_t j = 0;
        if (mr == 1) { /* a GEMV: A's 8 values broadcast once per pass */
            __m256 x[8];
            _Pragma("GCC unroll 8") for (int r = 0; r < 8; r++) x[r] = _mm256_broadcast_ss(a + k + r);
            for (; j + 32 <= w; j += 32) stream_pass32(x, b0 + j, ldb, acc + j);
        }
        for (; j + 32 <= w; j += 32)
            for (uint32_t t = 0; t < mr; t++) {
                __m256 x[8];
                _Pragma("GCC unroll 8") for (int r = 0; r < 8; r++) x[r] = _mm256_broadcast_ss(a + (size_t)(k + r) * mr + t);
                stream_pass32(x, b0 + j, ldb, acc + (size_t)t * w + j);
            }
        for (; j < w; j += 8)
            for (uint32_t t = 0; t < mr; t++) {
                float* at = acc + (size_t)t * w + j;
                __m256 v = _mm256_load_ps(at);
                _Pragma("GCC unroll 8") for (int r = 0; r < 8; r++)
                    v = _mm256_fmadd_ps(_mm256_broadcast_ss(a + (size_t)(k + r) * mr + t),
                                        _mm256_loadu_ps(b0 + r * ldb + j), v);
                _mm256_store_ps(at, v);
            }
    }
    for (; k + 4 <= kc; k += 4) {
        const float* b0 = b + (int64_t)k * ldb;
        const float* b1 = b0 + ldb;
        const float* b2 = b1 + ldb;
        const float* b3 = b2 + ldb;
        for (uint32_t t = 0; t < mr; t++) {
            const __m256 x0 = _mm256_broadcast_ss(a + (size_t)k * mr + t);
            const __m256 x1 = _mm256_broadcast_ss(a + (size_t)(k + 1) * mr + t);
            const __m256 x2 = _mm256_broadcast_ss(a + (size_t)(k + 2) * mr + t);
            const __m256 x3 = _mm256_broadcast_ss(a + (size_t)(k + 3) * mr + t);
            float* at = acc + (size_t)t * w;
            for (uint32_t j = 0; j < w; j += 8) {
                __m256 v = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b0 + j), _mm256_load_ps(at + j));
                v = _mm256_fmadd_ps(x1, _mm256_loadu_ps(b1 + j), v);
                v = _mm256_fmadd_ps(x2, _mm256_loadu_ps(b2 + j), v);
                _mm256_store_ps(at + j, _mm256_fmadd_ps(x3, _mm256_loadu_ps(b3 + j), v));
            }
        }
    }
    for (; k < kc; k++) {
        const float* brow = b + (int64_t)k * ldb;
        for (uint32_t t = 0; t < mr; t++) {
            const __m256 x = _mm256_broadcast_ss(a + (size_t)k * mr + t);
            float* at = acc + (size_t)t * w;
            for (uint32_t j = 0; j < w; j += 8)
                _mm256_store_ps(at + j, _mm256_fmadd_ps(x, _mm256_loadu_ps(brow + j), _mm256_load_ps(at + j)));
        }
    }
    for (uint32_t t = 0; t < mr; t++)
        for (uint32_t j = 0; j < w; j += 8) {
            __m256 v = _mm256_load_ps(acc + (size_t)t * w + j);
            if (src) v = _mm256_add_ps(v, _mm256_loadu_ps(src + t * lds + j));
            _mm256_storeu_ps(dst + t * ldd + j, v);
        }
}

/* Columns [0, nr) of a transposed FLOAT32 B into a panel (d[k * NR + j] = s[j * ldb + k] for
 * k < K), in 8 x 8 blocks transposed in registers; the rest (nr % 8 columns, K % 8 rows) by element.
 * Packing a TransB weight matrix element by element cost 2 cycles a float (a 1 x 4096 x 4096 GEMV
 * with TransB took 5x numpy's time). Exact copies: any packing order gives the same panel. */
EW_T256 static void pack_bt_avx(float* restrict d, const float* restrict s, int64_t ldb, uint32_t NR, uint32_t nr,
                                uint32_t K) {
    const uint32_t j8 = nr / 8 * 8, k8 = K / 8 * 8;
    for (uint32_t j = 0; j < j8; j += 8)
        for (uint32_t k = 0; k < k8; k += 8) {
            __m256 r[8];
            for (int i = 0; i < 8; i++) r[i] = _mm256_loadu_ps(s + (int64_t)(j + i) * ldb + k);
            pydml_transpose8_ps(r);
            for (int i = 0; i < 8; i++) _mm256_storeu_ps(d + (size_t)(k + i) * NR + j, r[i]);
        }
    for (uint32_t j = 0; j < j8; j++)
        for (uint32_t k = k8; k < K; k++) d[(size_t)k * NR + j] = s[(int64_t)j * ldb + k];
    for (uint32_t j = j8; j < nr; j++)
        for (uint32_t k = 0; k < K; k++) d[(size_t)k * NR + j] = s[(int64_t)j * ldb + k];
    for (uint32_t k = 0; k < K; k++)
        for (uint32_t j = nr; j < NR; j++) d[(size_t)k * NR + j] = 0.0f;
}

/* 8 floats of a FLOAT32 row, or 8 FLOAT16 values widened (F16C: exact) */
INLINE EW_T256 __m256 load8(const void* src, int64_t i, const int half) {
    return half ? _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)((const uint16_t*)src + i)))
                : _mm256_loadu_ps((const float*)src + i);
}

/* An A strip with rows along k (cs = 1), 4 <= mr <= 16 rows: dst[k * mr + t] = src[t * rs + k], by
 * 8 x 8 register transposes of 8 rows (missing rows zero) by 8 k. Each k's group of 8 is stored
 * whole: the last group, of r < 8 rows, writes 8 - r floats (< mr) into the start of the next k's
 * slot, which group 0's store for that k overwrites (the last group is stored first, then group 0,
 * k ascending in each); only blocks with a k after them (k0 + 8 < kc) are stored so, the rest by
 * element. The scalar loop cost 2 instructions a float: a strip of
 * BERT's 128 x 768 projections took 5 % of the product, P V in attention (N = 64) a third of its
 * multiply. Exact copies: the same strip as sgemm_pack_a. */
INLINE EW_T256 void pack_a_avx_body(const void* restrict src, int64_t rs, float* restrict dst, uint32_t mr,
                                    uint32_t kc, const int half) {
    uint32_t k0 = 0;
    for (; k0 + 8 < kc; k0 += 8) {
        for (uint32_t g = (mr - 1) / 8 * 8;; g -= 8) { /* the last group first: its spill lands where group 0 writes next */
            __m256 r[8];
            const uint32_t rows = mr - g < 8 ? mr - g : 8;
            for (uint32_t i = 0; i < 8; i++)
                r[i] = i < rows ? load8(src, (int64_t)(g + i) * rs + k0, half) : _mm256_setzero_ps();
            pydml_transpose8_ps(r);
            for (uint32_t j = 0; j < 8; j++) _mm256_storeu_ps(dst + (size_t)(k0 + j) * mr + g, r[j]);
            if (g == 0) break;
        }
    }
    for (uint32_t k = k0; k < kc; k++)
        for (uint32_t t = 0; t < mr; t++) {
            const int64_t i = (int64_t)t * rs + k;
            dst[(size_t)k * mr + t] = half ? pydml_f16_to_f32(((const uint16_t*)src)[i]) : ((const float*)src)[i];
        }
}

EW_T256 static void pack_a_avx(const float* restrict src, int64_t rs, float* restrict dst, uint32_t mr, uint32_t kc) {
    pack_a_avx_body(src, rs, dst, mr, kc, 0);
}

/* The same for a FLOAT16 A (rows along k), widened in the loads: the strip load_row and a scalar
 * scatter made (pack_a: 4 % of a 2-thread FLOAT16 1024^3 product, as much as pack_a_avx
 * for FLOAT32 plus the conversion's 4 %). Exact: every FLOAT16 value is a float. */
EW_T256 static void pack_a_avx_f16(const uint16_t* restrict src, int64_t rs, float* restrict dst, uint32_t mr,
                                   uint32_t kc) {
    pack_a_avx_body(src, rs, dst, mr, kc, 1);
}

/* ---- a few rows times B packed at initialization (gemm_pre_rows) ----
 * A GEMV or a few tokens times a weight matrix, its B packed once (OWNED_BY_DML): P panels at a
 * time, each a sequential stream of K x NR floats, every row of A applied to each row of the
 * panels as it is loaded, the sums in registers over a whole K slice. gemm_rows.c streamed such a
 * B in place, eight rows of 32 columns a pass with the sums in L1: from L3 (a decoder's weights in
 * turn, 1 MiB each) that read 9-14 GB/s where onnxruntime's packed GEMV read 55-95 (Zen 4, 1 x
 * 1024 x 256, 16 weights in turn); four sequential panel streams read 52-61 GB/s on one thread. */
#define PRE_ROWS_BODY(T, V, LOADU, SET1, FMA, ZERO, STORE_COLS)                                          \
    for (uint32_t s = 0; s < S; s++) {                                                                    \
        const uint32_t k0 = (uint32_t)((uint64_t)K * s / S), k1 = (uint32_t)((uint64_t)K * (s + 1) / S); \
        T acc[GEMM_PRE_ROWS_MAX][4][2];                                                                   \
        _Pragma("GCC unroll 4") for (int t = 0; t < M; t++)                                               \
            _Pragma("GCC unroll 4") for (int q = 0; q < P; q++)                                           \
                _Pragma("GCC unroll 2") for (int h = 0; h < 2; h++) acc[t][q][h] = ZERO;                  \
        const float* b = panels + (size_t)k0 * (2 * V);                                                   \
        for (uint32_t k = k0; k < k1; k++, b += 2 * V) {                                                  \
            T x[4][2];                                                                                    \
            _Pragma("GCC unroll 4") for (int q = 0; q < P; q++)                                           \
                _Pragma("GCC unroll 2") for (int h = 0; h < 2; h++) x[q][h] = LOADU(b + q * pstride + h * V); \
            _Pragma("GCC unroll 4") for (int t = 0; t < M; t++) {                                         \
                const T a = SET1(apack[(size_t)k * M + t]);                                               \
                _Pragma("GCC unroll 4") for (int q = 0; q < P; q++)                                       \
                    _Pragma("GCC unroll 2") for (int h = 0; h < 2; h++) acc[t][q][h] = FMA(a, x[q][h], acc[t][q][h]); \
            }                                                                                             \
        }                                                                                                 \
        STORE_COLS                                                                                        \
    }

/* AVX2: NR 16 (two ymm a panel row); the columns past ncols not stored (a partial vector through
 * a stack row: vmaskmovps stores are slow on AMD) */
INLINE EW_T256 void pre_rows256_body(uint32_t K, uint32_t S, const float* apack, const float* panels, size_t pstride,
                                     uint32_t ncols, float* out, int64_t ldo, const int M, const int P) {
    PRE_ROWS_BODY(__m256, 8, _mm256_loadu_ps, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_setzero_ps(), {
        _Pragma("GCC unroll 4") for (int t = 0; t < M; t++)
            _Pragma("GCC unroll 4") for (int q = 0; q < P; q++)
                _Pragma("GCC unroll 2") for (int h = 0; h < 2; h++) {
                    const uint32_t c = (uint32_t)(q * 16 + h * 8);
                    if (c >= ncols) continue;
                    float* o = out + t * ldo + c;
                    if (ncols - c >= 8) {
                        _mm256_storeu_ps(o, s ? _mm256_add_ps(acc[t][q][h], _mm256_loadu_ps(o)) : acc[t][q][h]);
                    } else {
                        float v[8];
                        _mm256_storeu_ps(v, acc[t][q][h]);
                        for (uint32_t j = 0; j < ncols - c; j++) o[j] = s ? v[j] + o[j] : v[j];
                    }
                }
    })
}

#define PRE_ROWS_DISPATCH(BODY, PMAX)                                                                     \
    for (uint32_t q0 = 0; q0 < np; q0 += PMAX) {                                                         \
        const uint32_t n = np - q0 < PMAX ? np - q0 : PMAX, nc = ncols - q0 * NRW < n * NRW ? ncols - q0 * NRW : n * NRW; \
        const float* pq = panels + (size_t)q0 * pstride;                                                 \
        float* oq = out + (size_t)q0 * NRW;                                                               \
        switch (M * 8 + n) {                                                                              \
        case 9: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 1, 1); break;                                 \
        case 10: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 1, 2); break;                                \
        case 11: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 1, 3); break;                                \
        case 12: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 1, 4); break;                                \
        case 17: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 2, 1); break;                                \
        case 18: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 2, 2); break;                                \
        case 19: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 2, 3); break;                                \
        case 20: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 2, 4); break;                                \
        case 25: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 3, 1); break;                                \
        case 26: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 3, 2); break;                                \
        case 33: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 4, 1); break;                                \
        default: BODY(K, S, apack, pq, pstride, nc, oq, ldo, 4, 2); break;                                \
        }                                                                                                 \
    }

/* gemm_pre_rows on AVX2: 4 panels a group for 1 row, 2 for 2 (8 ymm sums), 1 for 3 and 4 */
EW_T256 static void pre_rows_avx2(uint32_t M, uint32_t K, uint32_t S, const float* apack, const float* panels,
                                  uint32_t np, uint32_t ncols, float* out, int64_t ldo) {
    const size_t pstride = (size_t)K * 16;
    const uint32_t NRW = 16, pmax = M == 1 ? 4 : M == 2 ? 2 : 1;
    if (pmax == 4) {
        PRE_ROWS_DISPATCH(pre_rows256_body, 4)
    } else if (pmax == 2) {
        PRE_ROWS_DISPATCH(pre_rows256_body, 2)
    } else {
        PRE_ROWS_DISPATCH(pre_rows256_body, 1)
    }
}

static void isa_avx2(gemm_isa* k) {
    memset(k, 0, sizeof *k);
    k->stream = stream_fma;
    k->pre_rows = pre_rows_avx2;
    k->mr = 6;
    k->nr = 16;
    gemm_ukr u[7] = {NULL, ukr_avx2_1, ukr_avx2_2, ukr_avx2_3, ukr_avx2_4, ukr_avx2_5, ukr_avx2_6};
    memcpy(k->ukr, u, sizeof u);
}

/* AVX-512: NR 32 (two zmm a panel row); the columns past ncols masked */
INLINE EW_T512 void pre_rows512_body(uint32_t K, uint32_t S, const float* apack, const float* panels, size_t pstride,
                                     uint32_t ncols, float* out, int64_t ldo, const int M, const int P) {
    PRE_ROWS_BODY(__m512, 16, _mm512_loadu_ps, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_setzero_ps(), {
        _Pragma("GCC unroll 4") for (int t = 0; t < M; t++)
            _Pragma("GCC unroll 4") for (int q = 0; q < P; q++)
                _Pragma("GCC unroll 2") for (int h = 0; h < 2; h++) {
                    const uint32_t c = (uint32_t)(q * 32 + h * 16);
                    if (c >= ncols) continue;
                    const __mmask16 m = ncols - c >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (ncols - c)) - 1u);
                    float* o = out + t * ldo + c;
                    const __m512 v = s ? _mm512_add_ps(acc[t][q][h], _mm512_maskz_loadu_ps(m, o)) : acc[t][q][h];
                    _mm512_mask_storeu_ps(o, m, v);
                }
    })
}

/* gemm_pre_rows on AVX-512: 4 panels a group for 1 and 2 rows (16 zmm sums), 2 for 3 and 4 */
EW_T512 static void pre_rows_avx512(uint32_t M, uint32_t K, uint32_t S, const float* apack, const float* panels,
                                    uint32_t np, uint32_t ncols, float* out, int64_t ldo) {
    const size_t pstride = (size_t)K * 32;
    const uint32_t NRW = 32;
    if (M <= 2) {
        PRE_ROWS_DISPATCH(pre_rows512_body, 4)
    } else {
        PRE_ROWS_DISPATCH(pre_rows512_body, 2)
    }
}

static void isa_avx512(gemm_isa* k) {
    memset(k, 0, sizeof *k);
    k->stream = stream_fma;
    k->pre_rows = pre_rows_avx512;
    k->mr = 14;
    k->nr = 32;
    gemm_ukr u[15] = {NULL, ukr_avx512_1, ukr_avx512_2, ukr_avx512_3, ukr_avx512_4, ukr_avx512_5,
                      ukr_avx512_6, ukr_avx512_7, ukr_avx512_8, ukr_avx512_9, ukr_avx512_10,
                      ukr_avx512_11, ukr_avx512_12, ukr_avx512_13, ukr_avx512_14};
    memcpy(k->ukr, u, sizeof u);
}
#endif

static void choose_isa(gemm_isa* k) {
#ifdef GEMM_X86
    uint32_t f = pydml_active_cpu_features();
    if (f & PYDML_CPU_AVX512) { isa_avx512(k); return; }
    if ((f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C)) { isa_avx2(k); return; }
#endif
    isa_portable(k);
}

/* ---- driver -------------------------------------------------------------------------------- */

/* One execution's operands, with every tensor's strides padded to 4 dimensions. */
typedef struct gemm_ctx {
    const gemm_plan* p;
    gemm_isa isa;
    const char *a, *b, *c;
    char* o;
    uint32_t es;                      /* element size in bytes (all tensors share the type) */
    int64_t sa[4], sb[4], sc[4], so[4];
    int64_t a_m, a_k, b_k, b_n;       /* op(A)(m, k) and op(B)(k, n) strides */
    int direct;                       /* partial sums accumulate in the FLOAT32 output itself */
    float* acc;                       /* block phases of other outputs: the M x N float partial sums
                                       * (row stride N) of the batch in progress; NULL: direct */
    int direct_b;                     /* B read in place (FLOAT32, unit stride along n, few rows of
                                       * output): only a partial last panel is packed */
    uint32_t full_panels;             /* panels with NR columns of B */
    int finish;                       /* the last slice needs Alpha / C / activation / conversion */
    uint32_t kslices, nblocks, npanels, mpanels, group, ngroups, ncpad;
} gemm_ctx;

/* Per-thread buffers. */
typedef struct gemm_tls {
    float* bpack; /* by_batch: this thread's packed B; else NULL (the shared one is used) */
    float* apack; /* MR x KC */
    float* ws;    /* group * MR rows x ncpad: partial sums of non-direct outputs */
    float* row;   /* max(K, ncpad) + 64 */
    float* crow;  /* ncpad + 64 */
    float* stream; /* GEMM_STREAM_FLOATS when B is streamed (one strip read in place), else NULL */
    float* fewa;   /* gemm_few: this thread's copy of the batch's packed A (every K slice and strip) */
    uint32_t fewa_slices; /* ... its K slices packed so far in the batch in progress */
    uint64_t fewa_batch;  /* ... that batch */
} gemm_tls;

static inline void* aligned_floats(size_t n) {
    size_t bytes = (n * sizeof(float) + GEMM_ALIGN - 1) / GEMM_ALIGN * GEMM_ALIGN;
    return aligned_alloc(GEMM_ALIGN, bytes ? bytes : GEMM_ALIGN);
}

/* Packs rows k0 .. k0+K of the NR-column panel P of op(B) (columns P*NR ..) as d[(k - k0) * NR + j],
 * zero beyond N: a K slice of a panel is contiguous. */
static void pack_b_panel(const gemm_ctx* x, const char* bbase, float* d, uint32_t P, uint32_t k0, uint32_t K,
                         float* row) {
    const uint32_t NR = x->isa.nr, N = x->p->N;
    const uint32_t j0 = P * NR, nr = N - j0 < NR ? N - j0 : NR;
    const char* src = bbase + ((int64_t)j0 * x->b_n + (int64_t)k0 * x->b_k) * x->es;
    if (x->b_n == 1 || x->b_k != 1) {
        /* rows along n */
        for (uint32_t k = 0; k < K; k++) {
            load_row(d + (size_t)k * NR, src + (int64_t)k * x->b_k * x->es, x->p->type, x->b_n, nr);
            for (uint32_t j = nr; j < NR; j++) d[(size_t)k * NR + j] = 0.0f;
        }
    } else if (x->p->type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        /* contiguous along k (a transposed B), FLOAT32: in blocks of 64 rows of the panel (4 KiB
         * on AVX2, in L1) filled column by column; a whole column at a time (K rows) scattered
         * each of its floats to another cache line of the panel, 16 passes over it from L2 or
         * further (TransB 1 x 4096 x 4096 spent 3/4 of its time packing) */
        const float* s = (const float*)src;
#ifdef GEMM_X86
        if (NR >= 16) { /* the AVX2 and AVX-512 paths: AVX is there */
            pack_bt_avx(d, s, x->b_n, NR, nr, K);
            return;
        }
#endif
        for (uint32_t kb = 0; kb < K; kb += 64) {
            const uint32_t ke = K - kb < 64 ? K : kb + 64;
            for (uint32_t j = 0; j < nr; j++) {
                const float* sj = s + (int64_t)j * x->b_n;
                for (uint32_t k = kb; k < ke; k++) d[(size_t)k * NR + j] = sj[k];
            }
            for (uint32_t k = kb; k < ke; k++)
                for (uint32_t j = nr; j < NR; j++) d[(size_t)k * NR + j] = 0.0f;
        }
    } else {
        /* contiguous along k (a transposed B): load each column, scatter */
        for (uint32_t j = 0; j < nr; j++) {
            load_row(row, src + (int64_t)j * x->b_n * x->es, x->p->type, 1, K);
            for (uint32_t k = 0; k < K; k++) d[(size_t)k * NR + j] = row[k];
        }
        for (uint32_t k = 0; k < K; k++)
            for (uint32_t j = nr; j < NR; j++) d[(size_t)k * NR + j] = 0.0f;
    }
}

/* Packs what panel P needs: all of it into its slot of bpack, or, when B is read in place, only a
 * partial last panel (into bpack's first slot). */
/* Rows [r0, r1) of the K slice [k0, k0 + kc) of panels [q0, q1), row by row: each row of op(B)
 * is read as one run (a whole row segment, which the hardware prefetcher streams) and dealt out
 * to the panels. Packing panel by panel read 32 floats per row at a stride of N floats, one cache
 * miss per row with nothing to prefetch (64 x 4096 x 4096 spent a third of its time there).
 * For B with unit stride along n, or any stride but along k (pack_b_panel handles that). */
static void pack_b_rows(const gemm_ctx* x, const char* bbase, float* bblock, uint32_t q0, uint32_t q1, uint32_t k0,
                        uint32_t kc, uint32_t r0, uint32_t r1, float* row, uint32_t ahead) {
    const uint32_t NR = x->isa.nr, N = x->p->N;
    const uint32_t j0 = q0 * NR, j1 = q1 * NR < N ? q1 * NR : N, w = j1 - j0;
    for (uint32_t k = r0; k < r1; k++) {
        const char* src = bbase + ((int64_t)j0 * x->b_n + (int64_t)(k0 + k) * x->b_k) * x->es;
        const float* r = row;
        if (x->p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && x->b_n == 1) {
            r = (const float*)src; /* dealt out from B itself: no staging copy */
            if (ahead) /* gemm_few: the row `ahead` rows on, into L1 (from L3, where its prefetch left it) */
                for (uint32_t c = 0; c < w; c += 16) __builtin_prefetch(r + (int64_t)ahead * x->b_k + c, 0, 3);
        } else {
            load_row(row, src, x->p->type, x->b_n, w);
        }
        uint32_t q = q0;
        /* whole panels by fixed-size copies (inlined: a memcpy call per 16 floats cost as much as
         * the copy) */
        if (NR == 16)
            for (; (q - q0 + 1) * 16 <= w; q++)
                memcpy(bblock + (size_t)(q - q0) * kc * 16 + (size_t)k * 16, r + (q - q0) * 16, 16 * sizeof(float));
        else if (NR == 32)
            for (; (q - q0 + 1) * 32 <= w; q++)
                memcpy(bblock + (size_t)(q - q0) * kc * 32 + (size_t)k * 32, r + (q - q0) * 32, 32 * sizeof(float));
        for (; q < q1; q++) {
            const uint32_t c0 = (q - q0) * NR, nr = w - c0 < NR ? w - c0 : NR;
            float* d = bblock + (size_t)(q - q0) * kc * NR + (size_t)k * NR;
            memcpy(d, r + c0, (size_t)nr * sizeof(float));
            for (uint32_t j = nr; j < NR; j++) d[j] = 0.0f;
        }
    }
}

static void pack_b(const gemm_ctx* x, const char* bbase, float* bpack, uint32_t P, float* row) {
    if (!x->direct_b) pack_b_panel(x, bbase, bpack + (size_t)P * x->p->K * x->isa.nr, P, 0, x->p->K, row);
    else if (P >= x->full_panels) pack_b_panel(x, bbase, bpack, P, 0, x->p->K, row);
}

/* Packs op(A)(m0 .. m0+mr, k0 .. k0+kc) as dst[k * mr + t]. */
static void pack_a_isa(uint32_t NR, const float* src, int64_t rs, int64_t cs, float* dst, uint32_t mr, uint32_t kc);
static void pack_a(const gemm_ctx* x, const char* abase, float* dst, uint32_t m0, uint32_t mr, uint32_t k0,
                   uint32_t kc, float* row) {
    const char* src = abase + ((int64_t)m0 * x->a_m + (int64_t)k0 * x->a_k) * x->es;
    if (x->p->type == DML_TENSOR_DATA_TYPE_FLOAT32) { /* one pass, no staging copy (about 5% of a GEMM) */
        pack_a_isa(x->isa.nr, (const float*)src, x->a_m, x->a_k, dst, mr, kc);
        return;
    }
#ifdef GEMM_X86
    if (x->isa.nr >= 16 && x->a_k == 1 && x->a_m != 1 && mr >= 4 && mr <= 16) { /* FLOAT16 rows along k */
        pack_a_avx_f16((const uint16_t*)src, x->a_m, dst, mr, kc);
        return;
    }
#endif
    if (x->a_k == 1 || x->a_m != 1) {
        /* rows along k, scattered with stride mr */
        for (uint32_t t = 0; t < mr; t++) {
            load_row(row, src + (int64_t)t * x->a_m * x->es, x->p->type, x->a_k, kc);
            float* d = dst + t;
            for (uint32_t k = 0; k < kc; k++) d[(size_t)k * mr] = row[k];
        }
    } else {
        /* contiguous along m (a transposed A) */
        for (uint32_t k = 0; k < kc; k++)
            load_row(dst + (size_t)k * mr, src + (int64_t)k * x->a_k * x->es, x->p->type, 1, mr);
    }
}

/* Alpha, Beta * C, the activation and the store of one finished row segment v[0 .. n). */
static void finish_row(const gemm_ctx* x, float* v, uint32_t n, const char* crow_src, char* out, float* crow) {
    const gemm_plan* p = x->p;
    if (p->alpha != 1.0f)
        for (uint32_t j = 0; j < n; j++) v[j] = p->alpha * v[j];
    if (p->has_c) {
        load_row(crow, crow_src, p->type, x->sc[3], n);
        for (uint32_t j = 0; j < n; j++) v[j] = v[j] + p->beta * crow[j];
    }
    if (p->has_act) pydml_activation_apply(&p->act, v, n);
    if (out != (char*)v) store_row(out, p->type, x->so[3], v, n);
}

typedef struct gemm_batch_ptrs {
    const char *a, *b, *c;
    char* o;
} gemm_batch_ptrs;

static gemm_batch_ptrs batch_ptrs(const gemm_ctx* x, uint64_t batch) {
    const uint32_t b0 = (uint32_t)(batch / x->p->batch1), b1 = (uint32_t)(batch % x->p->batch1);
    gemm_batch_ptrs r;
    r.a = x->a + (b0 * x->sa[0] + b1 * x->sa[1]) * x->es;
    r.b = x->b + (b0 * x->sb[0] + b1 * x->sb[1]) * x->es;
    r.c = x->c ? x->c + (b0 * x->sc[0] + b1 * x->sc[1]) * x->es : NULL;
    r.o = x->o + (b0 * x->so[0] + b1 * x->so[1]) * x->es;
    return r;
}

/* Row strip s of an M-row output (MR-row strips): rows [*m0, *m0 + *mr). Strips start at s * MR,
 * except that a short last strip (at most MR / 2 rows) shares the rows of the last two evenly:
 * 8 rows on AVX2 run as 4 + 4 instead of 6 + 2. A microkernel of r rows keeps 2r sums in flight,
 * and Zen 3's two FMA pipes of latency 4 need 8: the 2-row tile ran at half its peak (8 x 4096 x
 * 4096: 7 % of the time in ukr_2 against 16 % in ukr_6). Each element's sum does not depend on
 * which strip its row is in (same K slices, same k order): the same bits. */
static inline void strip_rows(uint32_t M, uint32_t MR, uint32_t s, uint32_t* m0, uint32_t* mr) {
    const uint32_t strips = (M + MR - 1) / MR, r = M - (strips - 1) * MR; /* the last strip's rows */
    if (strips >= 2 && s + 2 >= strips && 2 * r <= MR) {
        const uint32_t both = MR + r, first = (both + 1) / 2;
        *m0 = s + 2 == strips ? s * MR : (s - 1) * MR + first;
        *mr = s + 2 == strips ? first : both - first;
        return;
    }
    *m0 = s * MR;
    *mr = M - *m0 < MR ? M - *m0 : MR;
}

/* gemm_item over a packed B: for each K slice, the A slices of the item's strips [s0, s1) are
 * packed side by side (at most 8 strips: 48 KiB on AVX2, kept in L2), then each NR-wide panel of
 * B is run against every strip in turn, so the panel's slice (16 KiB on AVX2) is read from L1 by
 * all the strips (BLIS's loop order). Running each strip across all the panels instead streamed
 * the whole K slice of B (512 KiB for N = 512) from L3 once per strip: Zen 3's L2 is 512 KiB.
 * Each element's sum is unchanged (the same ukr calls, K slices in order). */
static void gemm_item_packed(const gemm_ctx* x, const gemm_batch_ptrs* bp, const float* bpack, uint32_t q0,
                             uint32_t q1, uint32_t s0, uint32_t s1, gemm_tls* tl) {
    const gemm_plan* p = x->p;
    const uint32_t M = p->M, N = p->N, K = p->K, MR = x->isa.mr, NR = x->isa.nr;
    const uint32_t n0 = q0 * NR, n1 = q1 * NR < N ? q1 * NR : N;
    for (uint32_t ks = 0; ks < x->kslices; ks++) {
        const uint32_t k0 = (uint32_t)((uint64_t)K * ks / x->kslices);
        const uint32_t kc = (uint32_t)((uint64_t)K * (ks + 1) / x->kslices) - k0;
        const int first = ks == 0, last = ks + 1 == x->kslices;
        for (uint32_t s = s0; s < s1; s++) {
            uint32_t m0, mr;
            strip_rows(M, MR, s, &m0, &mr);
            pack_a(x, bp->a, tl->apack + (size_t)(s - s0) * MR * kc, m0, mr, k0, kc, tl->row);
        }
        for (uint32_t q = q0; q < q1; q++) {
            const uint32_t j0 = q * NR, nr = N - j0 < NR ? N - j0 : NR;
            const float* b = bpack + ((size_t)q * K + k0) * NR;
            for (uint32_t s = s0; s < s1; s++) {
                uint32_t m0, mr;
                strip_rows(M, MR, s, &m0, &mr);
                const float* a = tl->apack + (size_t)(s - s0) * MR * kc;
                if (x->direct) {
                    float* d = (float*)bp->o + (int64_t)m0 * x->so[2] + j0;
                    x->isa.ukr[mr](kc, a, b, NR, first ? NULL : d, x->so[2], d, x->so[2], nr);
                } else {
                    float* w = tl->ws + (size_t)(s - s0) * MR * x->ncpad + (j0 - n0);
                    x->isa.ukr[mr](kc, a, b, NR, first ? NULL : w, x->ncpad, w, x->ncpad, nr);
                }
            }
        }
        if (last && x->finish) {
            for (uint32_t s = s0; s < s1; s++) {
                uint32_t m0, mr;
                strip_rows(M, MR, s, &m0, &mr);
                for (uint32_t t = 0; t < mr; t++) {
                    const int64_t m = m0 + t;
                    char* out = bp->o + (m * x->so[2] + (int64_t)n0 * x->so[3]) * x->es;
                    float* v = x->direct ? (float*)out : tl->ws + ((size_t)(s - s0) * MR + t) * x->ncpad;
                    const char* cs = bp->c ? bp->c + (m * x->sc[2] + (int64_t)n0 * x->sc[3]) * x->es : NULL;
                    finish_row(x, v, n1 - n0, cs, out, tl->crow);
                }
            }
        }
    }
}

/* Work item `it` of one batch: output column block it / ngroups, row strips of group
 * it % ngroups, every K slice (B already packed in bpack). The item owns its output rows. */
static void gemm_item(const gemm_ctx* x, const gemm_batch_ptrs* bp, const float* bpack, uint64_t it, gemm_tls* tl) {
    const gemm_plan* p = x->p;
    const uint32_t M = p->M, N = p->N, K = p->K, MR = x->isa.mr, NR = x->isa.nr;
    const uint32_t jb = (uint32_t)(it / x->ngroups), g = (uint32_t)(it % x->ngroups);
    /* equal column blocks with NR-aligned starts */
    const uint32_t q0 = (uint32_t)((uint64_t)x->npanels * jb / x->nblocks);
    const uint32_t q1 = (uint32_t)((uint64_t)x->npanels * (jb + 1) / x->nblocks);
    const uint32_t n0 = q0 * NR, n1 = q1 * NR < N ? q1 * NR : N;
    const uint32_t s0 = g * x->group, s1 = s0 + x->group < x->mpanels ? s0 + x->group : x->mpanels;
    if (q0 == q1 || s0 >= s1) return;
    if (!x->direct_b) { /* B packed: every strip's A slice first, then panel by panel */
        gemm_item_packed(x, bp, bpack, q0, q1, s0, s1, tl);
        return;
    }
    for (uint32_t ks = 0; ks < x->kslices; ks++) {
        const uint32_t k0 = (uint32_t)((uint64_t)K * ks / x->kslices);
        const uint32_t kc = (uint32_t)((uint64_t)K * (ks + 1) / x->kslices) - k0;
        const int first = ks == 0, last = ks + 1 == x->kslices;
        for (uint32_t s = s0; s < s1; s++) {
            uint32_t m0, mr;
            strip_rows(M, MR, s, &m0, &mr);
            pack_a(x, bp->a, tl->apack, m0, mr, k0, kc, tl->row);
            const gemm_ukr uk = x->isa.ukr[mr];
            /* non-direct partial sums (no workspace, and no pointer arithmetic on NULL, when direct) */
            float* wrow = x->direct ? NULL : tl->ws + (size_t)(s - s0) * MR * x->ncpad;
            uint32_t qs = q0;
            if (x->direct_b && tl->stream) { /* B read in place: stream its rows, strip by strip */
                const uint32_t qe = q1 < x->full_panels ? q1 : x->full_panels;
                const uint32_t wmax = GEMM_STREAM_FLOATS / mr / NR * NR;
                for (uint32_t j0 = q0 * NR; j0 < qe * NR; j0 += wmax) {
                    const uint32_t w = qe * NR - j0 < wmax ? qe * NR - j0 : wmax;
                    const float* b = (const float*)bp->b + (int64_t)k0 * x->b_k + j0;
                    if (x->direct) {
                        float* d = (float*)bp->o + (int64_t)m0 * x->so[2] + j0;
                        x->isa.stream(kc, mr, tl->apack, b, x->b_k, w, first ? NULL : d, x->so[2], d, x->so[2],
                                      tl->stream);
                    } else {
                        float* d = wrow + (j0 - n0);
                        x->isa.stream(kc, mr, tl->apack, b, x->b_k, w, first ? NULL : d, x->ncpad, d, x->ncpad,
                                      tl->stream);
                    }
                }
                if (qe > qs) qs = qe;
            }
            for (uint32_t q = qs; q < q1; q++) {
                const uint32_t j0 = q * NR, nr = N - j0 < NR ? N - j0 : NR;
                const float* b;
                int64_t ldb = NR;
                if (x->direct_b && q < x->full_panels) {
                    b = (const float*)bp->b + (int64_t)k0 * x->b_k + j0;
                    ldb = x->b_k;
                } else {
                    b = bpack + ((size_t)(x->direct_b ? 0 : q) * K + k0) * NR;
                }
                if (x->direct) {
                    float* d = (float*)bp->o + (int64_t)m0 * x->so[2] + j0;
                    uk(kc, tl->apack, b, ldb, first ? NULL : d, x->so[2], d, x->so[2], nr);
                } else {
                    float* w = wrow + (j0 - n0);
                    uk(kc, tl->apack, b, ldb, first ? NULL : w, x->ncpad, w, x->ncpad, nr);
                }
            }
            if (last && x->finish) {
                for (uint32_t t = 0; t < mr; t++) {
                    const int64_t m = m0 + t;
                    char* out = bp->o + (m * x->so[2] + (int64_t)n0 * x->so[3]) * x->es;
                    float* v = x->direct ? (float*)out : wrow + (size_t)t * x->ncpad;
                    const char* cs = bp->c ? bp->c + (m * x->sc[2] + (int64_t)n0 * x->sc[3]) * x->es : NULL;
                    finish_row(x, v, n1 - n0, cs, out, tl->crow);
                }
            }
        }
    }
}

/* ---- block phases (FLOAT32 outputs that accumulate in place) ----
 * For each batch, column block (at most GEMM_NC columns) and K slice, the threads first pack the
 * KC x NC block of op(B) and the K slice of op(A) for every row strip into shared buffers, then
 * share (group of row strips, column group) items over them (phase_strips). B is read from memory
 * once and the packed block (1 MiB) is reused from cache; packing all of B up front wrote and
 * re-read K x N floats through memory, which bound products with few rows and a large B
 * (64 x 4096 x 4096: 0.5x numpy). */
typedef struct gemm_phase {
    uint32_t q0, q1, k0, kc, kcmax, pgroups;
    uint32_t sgroup; /* row strips per item (phase_strips) */
    int first, last;
} gemm_phase;

/* Row strips an item of the phases runs panel by panel: each NR-wide panel's K slice (16 KiB on
 * AVX2, 32 KiB on AVX-512) is applied to every strip of the group while it is in L1, the group's A
 * slices (about 48 rows: 48 KiB) in L2 (BLIS's loop order). One strip at a time across all the
 * panels of a block read the block's slice (1 MiB for 1024 columns, which does not stay in a 1 MiB
 * L2 beside the packed A) from L3 once per strip: the AVX2 tile, 6 rows against 16 columns, needs
 * 11 bytes of B a cycle from there. At most a quarter of a thread's share of strips (balance). */
static uint32_t phase_strips(const gemm_ctx* x, int nth) {
    if (x->isa.nr * GEMM_KC * sizeof(float) > 16384u) return 1; /* AVX-512: 32 KiB panels fill L1 */
    const uint32_t want = 48u / x->isa.mr ? 48u / x->isa.mr : 1u;
    const uint32_t share = x->mpanels / (4u * (uint32_t)nth);
    const uint32_t g = want < share ? want : share;
    return g ? g : 1u;
}

/* Strips [sa, sb) times column group g of the phase's block (qa .. qb panels), panel by panel. */
static void phase_item(const gemm_ctx* x, const gemm_batch_ptrs* bp, const gemm_phase* ph, const float* bblock,
                       size_t pstride, const float* ablock, uint32_t sa, uint32_t sb, uint32_t g, gemm_tls* tl) {
    const uint32_t M = x->p->M, N = x->p->N, MR = x->isa.mr, NR = x->isa.nr;
    const uint32_t np = ph->q1 - ph->q0;
    const uint32_t qa = ph->q0 + (uint32_t)((uint64_t)np * g / ph->pgroups);
    const uint32_t qb = ph->q0 + (uint32_t)((uint64_t)np * (g + 1) / ph->pgroups);
    if (qa == qb || sa >= sb) return;
    const int64_t ld = x->acc ? (int64_t)N : x->so[2];
    for (uint32_t q = qa; q < qb; q++) {
        const uint32_t j0 = q * NR, nr = N - j0 < NR ? N - j0 : NR;
        const float* b = bblock + (size_t)(q - ph->q0) * pstride;
        for (uint32_t s = sa; s < sb; s++) {
            uint32_t m0, mr;
            strip_rows(M, MR, s, &m0, &mr);
            float* d = x->acc ? x->acc + (size_t)m0 * N + j0 : (float*)bp->o + (int64_t)m0 * x->so[2] + j0;
            x->isa.ukr[mr](ph->kc, ablock + (size_t)s * MR * ph->kcmax, b, NR, ph->first ? NULL : d, ld, d, ld, nr);
        }
    }
    if (ph->last && x->finish) {
        const uint32_t n0 = qa * NR, n1 = qb * NR < N ? qb * NR : N;
        for (uint32_t s = sa; s < sb; s++) {
            uint32_t m0, mr;
            strip_rows(M, MR, s, &m0, &mr);
            for (uint32_t t = 0; t < mr; t++) {
                const int64_t m = m0 + t;
                char* out = bp->o + (m * x->so[2] + (int64_t)n0 * x->so[3]) * x->es;
                const char* cs = bp->c ? bp->c + (m * x->sc[2] + (int64_t)n0 * x->sc[3]) * x->es : NULL;
                float* v = x->acc ? x->acc + (size_t)m * N + n0 : (float*)out;
                finish_row(x, v, n1 - n0, cs, out, tl->crow);
            }
        }
    }
}

/* gemm_phases with B packed at initialization (pre), on a team: each thread takes a fixed run of
 * row strips (strip st to thread st * nth / mpanels) and, for every column block and K slice in
 * order, packs its strips' A slice and multiplies them, with no barrier. With the strips shared
 * dynamically, a strip's A slice was packed by one thread and multiplied by the other, and its
 * output rows (read and written by every slice) moved between the cores' caches from slice to
 * slice: BERT's 1024 x 768 x 768 ran 1.70x faster on 2 threads than on one (AVX2, Zen 4), 1.86x
 * (AVX-512); 1.99x and 2.05x with fixed runs. The same ukr calls on the same data, each strip's
 * slices in order: the same bits. Only with at least GEMM_PRE_STATIC_STRIPS strips per thread (a
 * run differs from another by one strip at most); fewer share (strip, column group) items as the
 * phases do. A thread the OS takes away delays its own strips: the other does not take them over. */
/* Block jb of the column panels (its column groups: pgroups, at most one per panel). */
static gemm_phase phase_block(const gemm_ctx* x, uint32_t jb, uint32_t kcmax, uint32_t pgroups, uint32_t sgroup) {
    gemm_phase ph;
    memset(&ph, 0, sizeof ph);
    ph.q0 = (uint32_t)((uint64_t)x->npanels * jb / x->nblocks);
    ph.q1 = (uint32_t)((uint64_t)x->npanels * (jb + 1) / x->nblocks);
    ph.kcmax = kcmax;
    ph.pgroups = pgroups < ph.q1 - ph.q0 ? pgroups : ph.q1 - ph.q0;
    if (ph.pgroups < 1) ph.pgroups = 1;
    ph.sgroup = sgroup;
    return ph;
}

/* K slice ks of kslices: its rows of B, and whether it starts or ends the sums. */
static void phase_slice(gemm_phase* ph, uint32_t K, uint32_t ks, uint32_t kslices) {
    ph->k0 = (uint32_t)((uint64_t)K * ks / kslices);
    ph->kc = (uint32_t)((uint64_t)K * (ks + 1) / kslices) - ph->k0;
    ph->first = ks == 0;
    ph->last = ks + 1 == kslices;
}

static size_t pre_index(const gemm_plan* p, uint64_t bt);
static void gemm_phases_pre(const gemm_ctx* x, gemm_tls* tls, float* ablock, uint32_t kcmax, const float* pre,
                            size_t pre_stride, uint64_t batches, int nth) {
    const uint32_t K = x->p->K, MR = x->isa.mr;
    uint32_t pgroups = (uint32_t)((4u * (uint32_t)nth + x->mpanels - 1) / x->mpanels);
    const uint32_t sgroup = phase_strips(x, nth);
#ifdef _OPENMP
#pragma omp parallel num_threads(nth)
#endif
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
        gemm_tls* tl = &tls[me];
        const uint32_t s0 = (uint32_t)((uint64_t)x->mpanels * (uint32_t)me / (uint32_t)nth);
        const uint32_t s1 = (uint32_t)((uint64_t)x->mpanels * (uint32_t)(me + 1) / (uint32_t)nth);
        for (uint64_t bt = 0; bt < batches; bt++) {
            const gemm_batch_ptrs bp = batch_ptrs(x, bt);
            const float* bpre = pre + pre_index(x->p, bt) * pre_stride;
            for (uint32_t jb = 0; jb < x->nblocks; jb++) {
                gemm_phase ph = phase_block(x, jb, kcmax, pgroups, sgroup);
                for (uint32_t ks = 0; ks < x->kslices; ks++) {
                    phase_slice(&ph, K, ks, x->kslices);
                    for (uint32_t sa = s0; sa < s1; sa += ph.sgroup) {
                        const uint32_t sb = s1 - sa < ph.sgroup ? s1 : sa + ph.sgroup;
                        for (uint32_t st = sa; st < sb; st++) {
                            uint32_t m0, mr;
                            strip_rows(x->p->M, MR, st, &m0, &mr);
                            pack_a(x, bp.a, ablock + (size_t)st * MR * kcmax, m0, mr, ph.k0, ph.kc, tl->row);
                        }
                        for (uint32_t g = 0; g < ph.pgroups; g++)
                            phase_item(x, &bp, &ph, bpre + ((size_t)ph.q0 * K + ph.k0) * x->isa.nr,
                                       (size_t)K * x->isa.nr, ablock, sa, sb, g, tl);
                    }
                }
            }
        }
    }
}

/* Runs every batch in block phases on nth threads (1: no team). pre: B's panels packed at
 * initialization (batch bt's at pre + pre_index(bt) * pre_stride), read in place of the packed
 * block: the phase packs only A (the same ukr calls on the same panel contents, so the same bits). */
static void gemm_phases(const gemm_ctx* x, gemm_tls* tls, float* bblock, float* ablock, uint32_t kcmax,
                        const float* pre, size_t pre_stride, uint64_t batches, int nth) {
    const uint32_t K = x->p->K, MR = x->isa.mr;
    /* column groups per strip: enough items for every thread to stay busy (>= 4 per thread) */
    uint32_t pgroups = (uint32_t)((4u * (uint32_t)nth + x->mpanels - 1) / x->mpanels);
    const uint32_t sgroup = phase_strips(x, nth), sgroups = (x->mpanels + sgroup - 1) / sgroup;
    const int fixed = nth > 1 && x->mpanels >= GEMM_PRE_STATIC_STRIPS * (uint32_t)nth;
    uint64_t runs[64];
#ifdef _OPENMP
#pragma omp parallel num_threads(nth) if (nth > 1)
#endif
    {
        int me = 0, team = 1;
#ifdef _OPENMP
        me = omp_get_thread_num();
        team = omp_get_num_threads(); /* the runs split over the threads there are (nth at most) */
#endif
        gemm_tls* tl = &tls[me];
        for (uint64_t bt = 0; bt < batches; bt++) {
            const gemm_batch_ptrs bp = batch_ptrs(x, bt);
            const float* bpre = pre ? pre + pre_index(x->p, bt) * pre_stride : NULL;
            for (uint32_t jb = 0; jb < x->nblocks; jb++) {
                gemm_phase ph = phase_block(x, jb, kcmax, pgroups, sgroup);
                const uint32_t np = ph.q1 - ph.q0;
                for (uint32_t ks = 0; ks < x->kslices; ks++) {
                    phase_slice(&ph, K, ks, x->kslices);
                    /* pack: the block's B (by groups of rows, or by panels for a B contiguous
                     * along k), then every strip's A slice */
                    const int by_rows = x->b_n == 1 || x->b_k != 1;
                    const uint32_t nb = bpre ? 0 : by_rows ? (ph.kc + GEMM_PACK_ROWS - 1) / GEMM_PACK_ROWS : np;
                    if (fixed) pydml_runs_reset(runs, sgroups, me, team); /* before the packing's barrier */
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
                    for (uint32_t w = 0; w < nb + (fixed ? 0u : x->mpanels); w++) {
                        if (w < nb && by_rows) {
                            const uint32_t r0 = w * GEMM_PACK_ROWS;
                            const uint32_t r1 = r0 + GEMM_PACK_ROWS < ph.kc ? r0 + GEMM_PACK_ROWS : ph.kc;
                            pack_b_rows(x, bp.b, bblock, ph.q0, ph.q1, ph.k0, ph.kc, r0, r1, tl->row, 0);
                        } else if (w < nb) {
                            pack_b_panel(x, bp.b, bblock + (size_t)w * ph.kc * x->isa.nr, ph.q0 + w, ph.k0, ph.kc,
                                         tl->row);
                        } else {
                            const uint32_t st = w - nb;
                            uint32_t m0, mr;
                            strip_rows(x->p->M, MR, st, &m0, &mr);
                            pack_a(x, bp.a, ablock + (size_t)st * MR * kcmax, m0, mr, ph.k0, ph.kc, tl->row);
                        }
                    }
                    if (fixed) {
                        /* strip groups with affinity (pydml_runs_next): each group's A slices (packed
                         * above only when not fixed), then every column group of it; the barrier
                         * keeps the block whole until every thread has read it */
                        uint32_t it;
                        while (pydml_runs_next(runs, me, team, &it)) {
                            const uint32_t sa = it * ph.sgroup;
                            const uint32_t sb = x->mpanels - sa < ph.sgroup ? x->mpanels : sa + ph.sgroup;
                            for (uint32_t st = sa; st < sb; st++) {
                                uint32_t m0, mr;
                                strip_rows(x->p->M, MR, st, &m0, &mr);
                                pack_a(x, bp.a, ablock + (size_t)st * MR * kcmax, m0, mr, ph.k0, ph.kc, tl->row);
                            }
                            for (uint32_t g = 0; g < ph.pgroups; g++)
                                phase_item(x, &bp, &ph, bpre ? bpre + ((size_t)ph.q0 * K + ph.k0) * x->isa.nr : bblock,
                                           bpre ? (size_t)K * x->isa.nr : (size_t)ph.kc * x->isa.nr, ablock, sa, sb,
                                           g, tl);
                        }
#ifdef _OPENMP
#pragma omp barrier
#endif
                        continue;
                    }
                    /* compute (the implicit barriers keep the buffers whole while they are read) */
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
                    for (uint64_t it = 0; it < (uint64_t)sgroups * ph.pgroups; it++) {
                        const uint32_t sa = (uint32_t)(it / ph.pgroups) * ph.sgroup, g = (uint32_t)(it % ph.pgroups);
                        const uint32_t sb = x->mpanels - sa < ph.sgroup ? x->mpanels : sa + ph.sgroup;
                        if (bpre)
                            phase_item(x, &bp, &ph, bpre + ((size_t)ph.q0 * K + ph.k0) * x->isa.nr,
                                       (size_t)K * x->isa.nr, ablock, sa, sb, g, tl);
                        else
                            phase_item(x, &bp, &ph, bblock, (size_t)ph.kc * x->isa.nr, ablock, sa, sb, g, tl);
                    }
                }
            }
        }
    }
}


static void pad4(uint32_t* dst, const uint32_t* sizes, uint32_t rank) {
    for (uint32_t d = 0; d < 4; d++) dst[d] = d < 4 - rank ? 1u : sizes[d - (4 - rank)];
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)flags;
    *plan = NULL;
    const DML_GEMM_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* a = pydml_tensor_field(info, desc, "ATensor");
    const DML_BUFFER_TENSOR_DESC* b = pydml_tensor_field(info, desc, "BTensor");
    const DML_BUFFER_TENSOR_DESC* c = pydml_tensor_field(info, desc, "CTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(info, desc, "OutputTensor");
    if (a == NULL || b == NULL || o == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (a->DataType != DML_TENSOR_DATA_TYPE_FLOAT32 && a->DataType != DML_TENSOR_DATA_TYPE_FLOAT16)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    const uint32_t rank = a->DimensionCount;
    if (rank < 2 || rank > 4) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    gemm_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->type = a->DataType;
    p->rank = rank;
    memcpy(p->a_sizes, a->Sizes, rank * sizeof(uint32_t));
    memcpy(p->b_sizes, b->Sizes, rank * sizeof(uint32_t));
    memcpy(p->o_sizes, o->Sizes, rank * sizeof(uint32_t));
    p->trans_a = d->TransA == DML_MATRIX_TRANSFORM_TRANSPOSE;
    p->trans_b = d->TransB == DML_MATRIX_TRANSFORM_TRANSPOSE;
    p->has_c = c != NULL;
    p->alpha = d->Alpha;
    p->beta = d->Beta;
    if (d->FusedActivation != NULL && (d->FusedActivation->Type == DML_OPERATOR_ACTIVATION_SOFTMAX ||
                                       d->FusedActivation->Type == DML_OPERATOR_ACTIVATION_SOFTMAX1)) {
        /* Softmax needs whole rows, so it runs after the product, over the output in place: as a
         * SOFTMAX1 over the output tensor, with SOFTMAX's axis the last one (each row of M x N) and
         * SOFTMAX1's Axes indexing the output (validate.c checked them against it). */
        UINT last = o->DimensionCount - 1;
        DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC sm = {d->OutputTensor, d->OutputTensor, 1, &last};
        if (d->FusedActivation->Type == DML_OPERATOR_ACTIVATION_SOFTMAX1) {
            const DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC* f = d->FusedActivation->Desc;
            sm.AxisCount = f->AxisCount;
            sm.Axes = f->Axes;
        }
        pydml_status s = pydml_softmax_plan_create(pydml_find_operator_info(DML_OPERATOR_ACTIVATION_SOFTMAX1), &sm,
                                                   &p->softmax);
        if (s) {
            free(p);
            return s;
        }
    } else if (d->FusedActivation != NULL) {
        pydml_activation_of(d->FusedActivation, &p->act);
        p->has_act = 1;
    }
    uint32_t o4[4], a4[4];
    pad4(o4, o->Sizes, rank);
    pad4(a4, a->Sizes, rank);
    p->batch0 = o4[0];
    p->batch1 = o4[1];
    p->M = o4[2];
    p->N = o4[3];
    p->K = p->trans_a ? a4[2] : a4[3];
    p->b_owned = (b->Flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
    /* N is B's last axis, or (TransB) the one before it, whose packed stride is the last size */
    const uint32_t n_axis = p->trans_b ? rank - 2 : rank - 1;
    p->b_n_unit = (b->Strides ? b->Strides[n_axis] : p->trans_b ? b->Sizes[rank - 1] : 1u) == 1u;
    *plan = p;
    return PYDML_STATUS_SUCCESS;
}

/* ---- panels shared between plans ----
 * pydml.onnx derives a plan for each new input shape (a decoder's token step at every past
 * length), and each plan's graph re-creates its fused GEMMs (a bias folded in) and initializes
 * them from the same initializer memory, which never changes (initialize_shared): packing each
 * weight again per token cost more than the token's products. Panels packed from such memory are
 * kept once per (memory, view, layout), counted by the plans that read them. Memory that may
 * change (a graph's own copies, a plain initialize) always gets panels of its own. */
typedef struct shared_pack {
    const void* src;
    int64_t sb[4];
    uint32_t b4[4], type, trans_b, nr; /* (K and N follow from b4 and trans_b) */
    float* data;
    uint32_t refs;
    struct shared_pack* next;
} shared_pack;
static pthread_mutex_t g_packs_lock = PTHREAD_MUTEX_INITIALIZER;
static shared_pack* g_packs;

static int same_pack(const shared_pack* e, const shared_pack* k) {
    return e->src == k->src && memcmp(e->sb, k->sb, sizeof e->sb) == 0 && memcmp(e->b4, k->b4, sizeof e->b4) == 0 &&
           e->type == k->type && e->trans_b == k->trans_b && e->nr == k->nr;
}

/* The plan's panels given back: freed, or one reference fewer to shared ones. */
static void release_pre(gemm_plan* p) {
    shared_pack* e = p->pre.shared;
    if (e == NULL) {
        free(p->pre.data);
    } else {
        pthread_mutex_lock(&g_packs_lock);
        if (--e->refs == 0) {
            for (shared_pack** at = &g_packs; *at != NULL; at = &(*at)->next)
                if (*at == e) {
                    *at = e->next;
                    break;
                }
            free(e->data);
            free(e);
        }
        pthread_mutex_unlock(&g_packs_lock);
    }
    memset(&p->pre, 0, sizeof p->pre);
}

/* An entry of g_packs equal to `key`, with one more reference, or NULL. */
static shared_pack* shared_pack_take(const shared_pack* key) {
    pthread_mutex_lock(&g_packs_lock);
    shared_pack* e = g_packs;
    while (e != NULL && !same_pack(e, key)) e = e->next;
    if (e != NULL) e->refs++;
    pthread_mutex_unlock(&g_packs_lock);
    return e;
}

/* `data` (packed for `key`) entered in g_packs with one reference; another thread's entry for the
 * same key (packed meanwhile) is taken instead and `data` freed. NULL (data still the caller's)
 * when there is no room for an entry. */
static shared_pack* shared_pack_put(const shared_pack* key, float* data) {
    shared_pack* mine = malloc(sizeof *mine);
    pthread_mutex_lock(&g_packs_lock);
    shared_pack* e = g_packs;
    while (e != NULL && !same_pack(e, key)) e = e->next;
    if (e != NULL) {
        e->refs++;
    } else if (mine != NULL) {
        *mine = *key;
        mine->data = data;
        mine->refs = 1;
        mine->next = g_packs;
        g_packs = e = mine;
        mine = NULL;
        data = NULL;
    }
    pthread_mutex_unlock(&g_packs_lock);
    free(mine);
    if (e != NULL) free(data);
    return e;
}

void pydml_debug_shared_panels(uint64_t* entries, uint64_t* references) {
    uint64_t n = 0, refs = 0;
    pthread_mutex_lock(&g_packs_lock);
    for (const shared_pack* e = g_packs; e != NULL; e = e->next) {
        n++;
        refs += e->refs;
    }
    pthread_mutex_unlock(&g_packs_lock);
    if (entries) *entries = n;
    if (references) *references = refs;
}

static void destroy(void* plan) {
    gemm_plan* p = plan;
    if (p == NULL) return;
    release_pre(p);
    pydml_softmax_plan_destroy(p->softmax);
    free(p);
}

static pydml_status check_view(const pydml_tensor* v, const gemm_plan* p, const uint32_t* sizes) {
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != p->type || v->dim_count != p->rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < p->rank; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

static void strides4(int64_t* dst, const pydml_tensor* v) {
    for (uint32_t d = 0; d < 4; d++) dst[d] = d < 4 - v->dim_count ? 0 : (int64_t)v->strides[d - (4 - v->dim_count)];
}

/* Which packed batch of B serves batch bt of the output (B's batch sizes equal the output's, or 1). */
static size_t pre_index(const gemm_plan* p, uint64_t bt) {
    const uint32_t b0 = (uint32_t)(bt / p->batch1), b1 = (uint32_t)(bt % p->batch1);
    return (size_t)(p->pre.bb0 > 1 ? b0 : 0) * p->pre.bb1 + (p->pre.bb1 > 1 ? b1 : 0);
}

/* Where execute streams B in place (FLOAT32 rows along n, a strip or two of MR rows) it never reads
 * packed panels. */
static int reads_b_in_place(const gemm_plan* p, int b_n_unit, uint32_t mr, uint32_t nr) {
    if (p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && b_n_unit && p->M <= GEMM_PRE_ROWS_MAX && nr >= 16)
        return 0; /* gemm_pre_rows streams the panels (x86 paths) */
    return p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && b_n_unit && (p->M + mr - 1) / mr <= GEMM_DIRECT_B_STRIPS;
}

/* pydml_kernel_family.prepares_owned: gemm_initialize's own test, on the desc's layout of B and the
 * ISA active now. */
static int gemm_prepares_owned(const void* plan) {
    const gemm_plan* p = plan;
    if (p == NULL || !p->b_owned || p->K == 0 || p->N == 0) return 0;
    gemm_isa isa;
    choose_isa(&isa);
    return !reads_b_in_place(p, p->b_n_unit, isa.mr, isa.nr);
}

/* pydml_kernel_family.initialize: BTensor with DML_TENSOR_FLAG_OWNED_BY_DML is bound once, so its
 * panels are packed once (converted, transposed for TransB) instead of on every execution; they
 * serve the executions whose owned views carry `generation`. */
static pydml_status gemm_initialize(void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                    uint64_t generation, int shared) {
    gemm_plan* p = plan;
    if (p == NULL || input_count != 3 || inputs == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    release_pre(p);
    const pydml_tensor* B = inputs[1];
    /* only an owned B (temporary_bytes counts the prepared schedule for such a B alone) */
    if (B == NULL || !p->b_owned || p->K == 0 || p->N == 0 || generation == 0)
        return PYDML_STATUS_SUCCESS; /* B bound at execution, or a preparation forgotten */
    pydml_status s = check_view(B, p, p->b_sizes);
    if (s) return s;
    gemm_ctx x;
    memset(&x, 0, sizeof x);
    x.p = p;
    choose_isa(&x.isa);
    x.es = p->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    strides4(x.sb, B);
    x.b_k = p->trans_b ? x.sb[3] : x.sb[2];
    x.b_n = p->trans_b ? x.sb[2] : x.sb[3];
    /* where execute streams B in place (FLOAT32 rows along n, a strip or two) it would not read
     * the panels: no copy of K x N floats kept for nothing */
    if (reads_b_in_place(p, x.b_n == 1, x.isa.mr, x.isa.nr)) return PYDML_STATUS_SUCCESS;
    uint32_t b4[4];
    pad4(b4, p->b_sizes, p->rank);
    const uint32_t NR = x.isa.nr, npanels = (p->N + NR - 1) / NR;
    const uint64_t floats = (uint64_t)b4[0] * b4[1] * npanels * NR * p->K;
    if (floats > ((uint64_t)1 << 34)) return PYDML_STATUS_OUT_OF_MEMORY;
    shared_pack key;
    memset(&key, 0, sizeof key);
    key.src = B->data;
    memcpy(key.sb, x.sb, sizeof key.sb);
    memcpy(key.b4, b4, sizeof key.b4);
    key.type = p->type;
    key.trans_b = (uint32_t)p->trans_b;
    key.nr = NR;
    shared_pack* entry = shared ? shared_pack_take(&key) : NULL;
    float* data = entry != NULL ? entry->data : aligned_floats((size_t)floats);
    float* row = entry != NULL ? NULL : aligned_floats((size_t)p->K + 64);
    if (data == NULL || (entry == NULL && row == NULL)) {
        if (entry == NULL) free(data);
        free(row);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    for (uint32_t b0 = 0; b0 < b4[0] && entry == NULL; b0++)
        for (uint32_t b1 = 0; b1 < b4[1]; b1++) {
            const char* bbase = (const char*)B->data + (b0 * x.sb[0] + b1 * x.sb[1]) * x.es;
            float* d = data + ((size_t)b0 * b4[1] + b1) * npanels * NR * p->K;
            for (uint32_t q = 0; q < npanels; q++) pack_b_panel(&x, bbase, d + (size_t)q * p->K * NR, q, 0, p->K, row);
        }
    free(row);
    if (shared && entry == NULL) {
        /* data is the entry's now (or freed for another's); no room for an entry: kept private */
        entry = shared_pack_put(&key, data);
        if (entry != NULL) data = entry->data;
    }
    p->pre.shared = entry;
    p->pre.generation = generation;
    p->pre.src = B->data;
    p->pre.mr = x.isa.mr;
    p->pre.nr = NR;
    p->pre.bb0 = b4[0];
    p->pre.bb1 = b4[1];
    p->pre.data = data;
    return PYDML_STATUS_SUCCESS;
}

/* ---- few output rows (M up to GEMM_FEW_ROWS): B crosses the memory bus once ----
 * Items are column ranges of GEMM_FEW_PANELS panels, shared dynamically (the threads split B's
 * columns, not A's rows). Each item runs every K slice in order: it packs the slice of its columns
 * (kc x 128 floats on AVX2: 128 KiB, L2) from rows of B read as whole runs, then runs each panel
 * (16 KiB, L1) against every row strip of A before the next panel: B is read from memory once per
 * product and each panel from L1 by all the strips (BLIS's loop order, with the C tile of the item,
 * M x 128 floats, kept in L2 across the slices). A is packed once per batch and thread, all of
 * its slices and strips (M x K floats: gemm_tls.fewa). The block phases read their 1 MiB packed block from L3 once per
 * strip (11 times for 64 rows) and the stream read B once per strip (twice for 8 rows). Each
 * element's sum is the microkernel's over the K slices in order: the same bits as both. */
static void few_pack_slice(const gemm_ctx* x, const gemm_batch_ptrs* bp, float* ablock, uint32_t kcmax,
                           uint32_t ks, gemm_tls* tl);
static void few_item(const gemm_ctx* x, const gemm_batch_ptrs* bp, uint32_t kcmax, const float* bpre, uint32_t q0,
                     uint32_t q1, gemm_tls* tl) {
    const float* ablock = tl->fewa;
    const uint32_t M = x->p->M, N = x->p->N, K = x->p->K, MR = x->isa.mr, NR = x->isa.nr;
    const uint32_t n0 = q0 * NR, n1 = q1 * NR < N ? q1 * NR : N;
    const int by_rows = x->b_n == 1 || x->b_k != 1;
    for (uint32_t ks = 0; ks < x->kslices; ks++) {
        /* this thread's copy of A slice ks, packed by its first item of the batch that reaches it */
        for (; tl->fewa_slices <= ks; tl->fewa_slices++) few_pack_slice(x, bp, tl->fewa, kcmax, tl->fewa_slices, tl);
        const uint32_t k0 = (uint32_t)((uint64_t)K * ks / x->kslices);
        const uint32_t kc = (uint32_t)((uint64_t)K * (ks + 1) / x->kslices) - k0;
        const int first = ks == 0, last = ks + 1 == x->kslices;
        /* the next K slice of the item's columns is fetched while this one is multiplied, a few
         * rows of it per panel, as whole row runs (rows of B in place, FLOAT32 unit stride) */
        const int ahead = !bpre && !last && x->b_n == 1 && x->es == 4;
        const uint32_t k1 = k0 + kc, kc1 = ahead ? (uint32_t)((uint64_t)K * (ks + 2) / x->kslices) - k1 : 0;
        for (uint32_t c0 = q0; c0 < q1; c0 += GEMM_FEW_CHUNK) {
            const uint32_t c1 = c0 + GEMM_FEW_CHUNK < q1 ? c0 + GEMM_FEW_CHUNK : q1;
            const float* bq;
            size_t pstride;
            if (bpre) { /* packed at initialization: the slice of each panel is contiguous */
                bq = bpre + ((size_t)c0 * K + k0) * NR;
                pstride = (size_t)K * NR;
            } else {
                if (by_rows) {
                    pack_b_rows(x, bp->b, tl->apack, c0, c1, k0, kc, 0, kc, tl->row, GEMM_FEW_AHEAD);
                } else {
                    for (uint32_t q = c0; q < c1; q++)
                        pack_b_panel(x, bp->b, tl->apack + (size_t)(q - c0) * kc * NR, q, k0, kc, tl->row);
                }
                bq = tl->apack;
                pstride = (size_t)kc * NR;
            }
            for (uint32_t q = c0; q < c1; q++) {
                const uint32_t j0 = q * NR, nr = N - j0 < NR ? N - j0 : NR;
                const float* b = bq + (size_t)(q - c0) * pstride;
                if (ahead) {
                    const uint32_t r0 = (uint32_t)((uint64_t)kc1 * (q - q0) / (q1 - q0));
                    const uint32_t r1 = (uint32_t)((uint64_t)kc1 * (q - q0 + 1) / (q1 - q0));
                    for (uint32_t r = r0; r < r1; r++) {
                        const char* row = bp->b + ((int64_t)(k1 + r) * x->b_k + n0) * 4;
                        for (uint32_t c = 0; c < (n1 - n0) * 4; c += 64)
                            __builtin_prefetch(row + c, 0, GEMM_FEW_PREFETCH);
                    }
                }
                for (uint32_t s = 0; s < x->mpanels; s++) {
                    uint32_t m0, mr;
                    strip_rows(M, MR, s, &m0, &mr);
                    const float* a = ablock + ((size_t)ks * x->mpanels + s) * MR * kcmax;
                    float* d = (float*)bp->o + (int64_t)m0 * x->so[2] + j0;
                    x->isa.ukr[mr](kc, a, b, NR, first ? NULL : d, x->so[2], d, x->so[2], nr);
                }
            }
        }
        if (last && x->finish) {
            for (uint32_t m = 0; m < M; m++) {
                char* out = bp->o + ((int64_t)m * x->so[2] + (int64_t)n0 * x->so[3]) * x->es;
                const char* cs = bp->c ? bp->c + ((int64_t)m * x->sc[2] + (int64_t)n0 * x->sc[3]) * x->es : NULL;
                finish_row(x, (float*)out, n1 - n0, cs, out, tl->crow);
            }
        }
    }
}

/* gemm_few's A slice ks, every strip (strip st at piece ks * mpanels + st of ablock). */
static void few_pack_slice(const gemm_ctx* x, const gemm_batch_ptrs* bp, float* ablock, uint32_t kcmax,
                           uint32_t ks, gemm_tls* tl) {
    const uint32_t K = x->p->K, MR = x->isa.mr;
    const uint32_t k0 = (uint32_t)((uint64_t)K * ks / x->kslices);
    const uint32_t kc = (uint32_t)((uint64_t)K * (ks + 1) / x->kslices) - k0;
    for (uint32_t st = 0; st < x->mpanels; st++) {
        uint32_t m0, mr;
        strip_rows(x->p->M, MR, st, &m0, &mr);
        pack_a(x, bp->a, ablock + ((size_t)ks * x->mpanels + st) * MR * kcmax, m0, mr, k0, kc, tl->row);
    }
}

/* gemm_few's (batch, item) pair `pair`: item it of batch bt, its A packed into this thread's copy
 * first when the copy holds another batch's (fewa_batch). */
static void few_pair(const gemm_ctx* x, uint32_t kcmax, const float* pre, size_t pre_stride, uint32_t items,
                     uint32_t width, uint64_t pair, gemm_tls* tl) {
    const uint64_t bt = pair / items;
    const uint32_t it = (uint32_t)(pair % items);
    if (tl->fewa_batch != bt) {
        tl->fewa_batch = bt;
        tl->fewa_slices = 0;
    }
    const gemm_batch_ptrs bp = batch_ptrs(x, bt);
    const float* bpre = pre ? pre + pre_index(x->p, bt) * pre_stride : NULL;
    const uint32_t q0 = it * width, q1 = q0 + width < x->npanels ? q0 + width : x->npanels;
    few_item(x, &bp, kcmax, bpre, q0, q1, tl);
}

/* Every batch of a few-row product (direct output) on nth threads (1: no team); pre: B's panels
 * packed at initialization (NULL: packed here, item by item). Each thread packs A for itself (its
 * gemm_tls.fewa), a K slice when its first item of the batch reaches it: with one copy shared, each
 * thread packing some strips, every packed line crossed between the cores' caches at each execution
 * (written by one, read by the other, rewritten at the next execution), and packing took 0.2 ms of
 * a 128 x 768 x 768 product's 0.9 ms on 2 threads (10 % of its CPU time, against 1 % on one
 * thread: AVX-512, Zen 4). A second copy costs one more pass over A (an eighth of a percent of the
 * multiply-adds for 8 items), and no thread waits for another's packing. */
static void gemm_few(const gemm_ctx* x, gemm_tls* tls, uint32_t kcmax, const float* pre, size_t pre_stride,
                     uint64_t batches, int nth) {
    /* items of at most GEMM_FEW_PANELS panels, at least one per thread: an item narrower than a
     * packing chunk packs fewer panels at a time (at least GEMM_FEW_MIN_PANELS: 64 columns on
     * AVX2). Bounded below by the chunk instead, a product of at most 16 panels (512 columns on
     * AVX-512) was one item, one thread: 128 x 512 x 256 ran at 96 GFLOP/s, 158 split in two. */
    uint32_t width = (x->npanels + (uint32_t)nth - 1) / (uint32_t)nth;
    if (width > GEMM_FEW_PANELS) width = GEMM_FEW_PANELS;
    if (width < GEMM_FEW_MIN_PANELS) width = GEMM_FEW_MIN_PANELS;
    if (pre) {
        /* B packed at initialization: an item packs nothing, so narrow items cost nothing (1 thread,
         * CPU time: 2 to 8 items of BERT's 128 x 768 x 3072 within 3 %) and give the runs
         * something to balance: at least GEMM_FEW_ITEMS_PRE per thread (two items of half
         * the columns each left a late or preempted thread's whole half for last), each item's C
         * columns (128 x 384 floats for BERT's 128 x 3072 on 2 threads) kept in L2 */
        const uint32_t want = GEMM_FEW_ITEMS_PRE * (uint32_t)nth;
        width = (x->npanels + want - 1) / want;
        if (width > GEMM_FEW_PANELS) width = GEMM_FEW_PANELS;
        if (width < GEMM_FEW_MIN_PANELS) width = GEMM_FEW_MIN_PANELS;
    }
    const uint32_t items = (x->npanels + width - 1) / width;
    const uint64_t total = batches * items;
    /* the (batch, item) pairs in order, a contiguous run of them per thread (pydml_runs_next: a
     * thread done early takes the back of another's run), so that each thread's items are
     * neighbours in the panels packed at initialization and in the output: handed out one by one
     * (dynamic), the two threads' items alternated, and 128 x 3072 x 768 (BERT's down projection,
     * owned weights, 2 threads, Granite Rapids) ran 1.75 ms against 1.66 in runs (128 x 768 x 3072
     * 1.64 -> 1.54, 128 x 768^2 0.43 -> 0.40; on one thread the same). A thread that moves to
     * another batch packs that batch's A (fewa_batch). */
    uint64_t runs[64];
    const int team = nth > 1 && total <= UINT32_MAX ? nth : 1;
    for (int t = 0; t < team; t++) pydml_runs_reset(runs, (uint32_t)(team > 1 ? total : 0), t, team);
#ifdef _OPENMP
#pragma omp parallel num_threads(nth) if (nth > 1)
#endif
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
        tls[me].fewa_batch = UINT64_MAX;
        if (team > 1) {
            uint32_t pair;
            while (pydml_runs_next(runs, me, team, &pair))
                few_pair(x, kcmax, pre, pre_stride, items, width, pair, &tls[me]);
        } else {
            /* one thread, or more pairs than a run holds */
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1) nowait
#endif
            for (uint64_t pair = 0; pair < total; pair++)
                few_pair(x, kcmax, pre, pre_stride, items, width, pair, &tls[me]);
        }
    }
}

/* How one execution runs, and where its scratch lies in the workspace: gemm_schedule decides both
 * from the plan, the ISA's tile, the thread count and three facts of the bound views, for execute
 * (which follows it) and temporary_bytes (which reports the largest over the views' possibilities),
 * so the size reported is the size used. */
typedef struct gemm_sched {
    int nth, by_batch, phases, pre, direct_b, few, rows, rows_t, pre_rows;
    uint32_t kslices, npanels, mpanels, group, ngroups, nblocks, ncpad, kcmax;
    uint64_t items;
    uint64_t bsize, asize, accsize; /* floats: a packed B (one per thread when by_batch), A slices, sums */
    /* bytes, every part 64-byte aligned: the shared part, then nth parts of thread_bytes each */
    uint64_t shared_bytes, thread_bytes, apack_off, ws_off, row_off, crow_off, stream_off, fewa_off, total;
} gemm_sched;

/* direct: the partial sums accumulate in the FLOAT32 output; unit_b: FLOAT32 B with unit stride
 * along n (1: streamable) or along k (2: a transposed B); pre: B's panels were packed at initialization and apply. */
static void gemm_schedule(const gemm_plan* p, uint32_t MR, uint32_t NR, int nth, int direct, int unit_b, int pre,
                          gemm_sched* s) {
    const uint32_t M = p->M, N = p->N, K = p->K;
    const uint64_t batches = (uint64_t)p->batch0 * p->batch1;
    memset(s, 0, sizeof *s);
    if (nth > 64) nth = 64;
    if (nth < 1) nth = 1;
    const double work = 2.0 * M * N * (double)K;
    if (work * (double)batches < 2e5) nth = 1; /* not worth waking threads */
    s->nth = nth;
    /* whole batches per thread (no barrier) when there are enough of them or each is small */
    s->by_batch = nth > 1 && batches >= (uint64_t)nth && (batches >= 4u * (uint64_t)nth || work < 4e6);
    const uint32_t team = s->by_batch ? 1u : (uint32_t)nth;
    s->kslices = (K + GEMM_KC - 1) / GEMM_KC;
    s->npanels = (N + NR - 1) / NR;
    s->mpanels = (M + MR - 1) / MR;
    /* row strips per item: enough items for dynamic balance, at most 8 strips (B block reuse) */
    s->group = (s->mpanels + 4 * team - 1) / (4 * team);
    if (s->group > 8) s->group = 8;
    if (s->group < 1) s->group = 1;
    /* few strips (B read in place): all of them in one group, the threads split the columns */
    if (s->mpanels <= GEMM_DIRECT_B_STRIPS) s->group = s->mpanels;
    s->ngroups = s->group ? (s->mpanels + s->group - 1) / s->group : 0;
    uint32_t ncols = N < GEMM_NC + GEMM_NC / 4 ? N : GEMM_NC;
    if (team > 1 && s->ngroups < 2 * team) { /* few rows: split the columns among the threads too */
        uint32_t want = (N + 2 * team - 1) / (2 * team);
        if (want < 4 * NR) want = 4 * NR;
        if (want < ncols) ncols = want;
    }
    /* B streamed in place when its rows are FLOAT32 and unit-stride along n and the output has few
     * row strips: packing all of B (a read and a write of K x N) then costs more than it saves,
     * since each panel is read by at most GEMM_DIRECT_B_STRIPS strips (a 1 x 4096 x 4096 GEMM ran
     * 12x slower than numpy's before); the stream reads B once at full bandwidth, faster than the
     * microkernel over initialize-packed panels too (1 x 4096 x 4096: 2.8 ms streamed, 5.5 ms from
     * the panels); the same sums either way */
    const int streamed = p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && unit_b == 1 && s->mpanels <= GEMM_DIRECT_B_STRIPS;
    if (streamed) ncols = (N + team - 1) / team; /* long row runs, one column block per thread */
    s->nblocks = ncols ? (N + ncols - 1) / ncols : 0;
    if (s->nblocks > s->npanels) s->nblocks = s->npanels;
    s->ncpad = s->nblocks ? ((s->npanels + s->nblocks - 1) / s->nblocks) * NR : 0;
    s->items = (uint64_t)s->nblocks * s->ngroups;
    s->pre = pre && !streamed;
    s->direct_b = !s->pre && streamed;
    s->bsize = s->pre ? 0 : (uint64_t)(s->direct_b ? 1 : s->npanels) * NR * K;
    /* block phases where the A slices of all strips stay modest (M <= 4096 rows at KC = 256:
     * 4 MiB) and the output accumulates in place, or (FLOAT16 and strided outputs) in an M x N
     * float buffer of at most 64 MiB, converted and stored by the last slice (FLOAT16 1024^3 ran
     * at 0.89x FLOAT32's throughput on the older schedule). B packed at initialization (pre) runs
     * the phases too, reading its panels instead of packing a block: on the older schedule BERT's
     * 1024 x 768 x 3072 (batch 8, owned weights) ran at 0.85x numpy single-threaded, 0.94x in
     * phases (CPU time, shared host) */
    s->kcmax = s->kslices ? (K + s->kslices - 1) / s->kslices : 0;
    s->accsize = direct ? 0 : (uint64_t)M * N;
    s->phases = (direct || s->accsize <= ((uint64_t)16 << 20)) && !s->direct_b && !s->by_batch &&
                (uint64_t)s->mpanels * MR <= 4096;
    /* few rows of a direct output: gemm_few (B read once, A packed whole by each thread, column items) */
    s->few = direct && !s->by_batch && s->mpanels >= 2 && (uint64_t)s->mpanels * MR <= GEMM_FEW_ROWS &&
             (uint64_t)s->kslices * s->mpanels * MR * s->kcmax <= ((uint64_t)4 << 20); /* each thread's A: <= 16 MiB */
    if (s->few) {
        s->pre = pre;
        s->direct_b = 0;
        s->phases = 0;
        s->ncpad = GEMM_FEW_PANELS * NR; /* an item's width */
        s->bsize = 0;
        s->asize = 0; /* per thread (fewa_off) */
    }
    /* at most PYDML_GEMM_ROWS_MAX rows of a direct output times a FLOAT32 B with unit stride along
     * n: gemm_rows.c (B read in place once, K slices shared by the threads), pre or not; on the x86
     * paths also 7 and 8 rows of AVX2 (two strips), since the stream applies each 8 x 32 block of
     * B to all the rows from L1: 8 x 4096 x 4096 on the AVX2 path took 5.9 ms against gemm_few's
     * 8.7 (one thread, CPU time) and 3.2-3.6 against 4.2-4.3 (2 threads, wall), Zen 4. Row by
     * row over whole runs (before) the stream re-read B from L2 per row of A and lost to gemm_few
     * (13.4 ms against 10.7-13). Zen 3 has the same 32 KiB L1 and FMA/load ports the new order
     * relies on, so one choice should serve both (not measured there). Portable keeps gemm_few. */
    s->rows = direct && unit_b == 1 && p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && !s->by_batch && (s->mpanels == 1 || NR >= 16) &&
              pydml_gemm_rows_fits(M, N, K, s->kslices, nth);
    if (s->rows) {
        s->few = s->phases = s->pre = s->direct_b = 0;
        s->ncpad = N; /* finish_row's C row */
        s->bsize = 0;
        s->asize = pydml_gemm_rows_shared_floats(M, N, K, s->kslices, nth);
    }
    /* at most PYDML_GEMM_ROWS_T_MAX rows times a transposed FLOAT32 B (unit stride along k) on the
     * x86 paths, not packed at initialization: gemm_rows.c's transposing kernel, B read in place */
    s->rows_t = direct && unit_b == 2 && p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && !s->by_batch && NR >= 16 &&
                M <= PYDML_GEMM_ROWS_T_MAX && !pre;
    if (s->rows_t) {
        s->few = s->phases = s->pre = s->direct_b = 0;
        s->ncpad = N;
        s->bsize = 0;
        s->asize = pydml_gemm_rows_shared_floats(M, N, K, s->kslices, 1);
    }
    /* at most GEMM_PRE_ROWS_MAX rows of a direct output times B packed at initialization (the x86
     * paths): gemm_pre_rows, each thread a run of panels; the same sums as gemm_rows.c computes
     * from B in place (rows along n or along k) and the block phases from the panels (a TransB
     * classifier head, 1 x 1280 x 1000, ran through the microkernel's 14-row tile for one row) */
    s->pre_rows = pre && direct && p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && !s->by_batch &&
                  M <= GEMM_PRE_ROWS_MAX && NR >= 16;
    if (s->pre_rows) {
        s->rows = s->rows_t = s->few = s->phases = s->direct_b = 0;
        s->pre = 1;
        s->ncpad = N; /* finish_row's C row */
        s->bsize = 0;
        s->asize = 0;
    }
    if (s->phases) {
        s->nblocks = (N + GEMM_NC - 1) / GEMM_NC;
        if (N < GEMM_NC + GEMM_NC / 4) s->nblocks = 1;
        if (s->nblocks > s->npanels) s->nblocks = s->npanels;
        s->ncpad = s->nblocks ? ((s->npanels + s->nblocks - 1) / s->nblocks) * NR : 0; /* the widest block */
        s->bsize = s->pre ? 0 : (uint64_t)s->ncpad * s->kcmax;
        s->asize = (uint64_t)s->mpanels * MR * s->kcmax;
    }
    const uint64_t f = sizeof(float);
    s->shared_bytes = pydml_workspace_round(((s->by_batch ? (uint64_t)nth : 1u) * s->bsize + s->asize +
                                             (s->phases ? s->accsize : 0)) * f);
    /* per thread: the older schedule's A strips and (not direct) partial-sum rows; a row buffer for
     * conversions and packing (K or a block's width); finish_row's C row; the stream's sums */
    uint64_t off = 0;
    if (s->rows) {
        s->apack_off = off; /* gemm_rows' per-thread scratch */
        off += pydml_workspace_round(pydml_gemm_rows_thread_floats(M, N) * f);
    } else if (s->rows_t) {
        s->apack_off = off; /* nothing per thread but the rows below */
    } else if (s->pre_rows) { /* the thread's A, [k][M] */
        s->apack_off = off;
        off += pydml_workspace_round(((uint64_t)M * K + 16) * f);
    } else if (s->few) { /* an item's packed K slice of B, in apack's place; the thread's whole A */
        s->apack_off = off;
        if (!s->pre) off += pydml_workspace_round((uint64_t)GEMM_FEW_CHUNK * NR * s->kcmax * f);
        s->fewa_off = off;
        off += pydml_workspace_round((uint64_t)s->kslices * s->mpanels * MR * s->kcmax * f);
    } else if (!s->phases) {
        s->apack_off = off;
        off += pydml_workspace_round((uint64_t)s->group * MR * s->kcmax * f);
        s->ws_off = off;
        if (!direct) off += pydml_workspace_round((uint64_t)s->group * MR * s->ncpad * f);
    }
    s->row_off = off;
    off += pydml_workspace_round(((uint64_t)(K > s->ncpad ? K : s->ncpad) + 64) * f);
    s->crow_off = off;
    off += pydml_workspace_round(((uint64_t)s->ncpad + 64) * f);
    s->stream_off = off;
    if (s->direct_b) off += pydml_workspace_round((uint64_t)GEMM_STREAM_FLOATS * f);
    s->thread_bytes = off;
    s->total = s->shared_bytes + (uint64_t)nth * off;
}

/* sc.pre_rows: each thread a run of whole panels of every batch (an element's sum is the same
 * whoever computes it), then the finishing of its columns */
static void pre_rows_run(const gemm_ctx* x, const float* pre, size_t pre_stride, uint64_t batches, int nth,
                         unsigned char* thread_base, uint64_t thread_bytes, uint64_t apack_off, uint64_t crow_off) {
    const gemm_plan* p = x->p;
    const uint32_t M = p->M, N = p->N, K = p->K, NR = x->isa.nr, np = (N + NR - 1) / NR;
#ifdef _OPENMP
#pragma omp parallel num_threads(nth) if (nth > 1)
#else
    (void)nth;
#endif
    {
        uint32_t me = 0, team = 1;
#ifdef _OPENMP
        me = (uint32_t)omp_get_thread_num();
        team = (uint32_t)omp_get_num_threads();
#endif
        unsigned char* t = thread_base + (uint64_t)me * thread_bytes;
        float* apack = (float*)(void*)(t + apack_off);
        float* crow = (float*)(void*)(t + crow_off);
        const uint32_t q0 = (uint32_t)((uint64_t)np * me / team), q1 = (uint32_t)((uint64_t)np * (me + 1) / team);
        const uint32_t j0 = q0 * NR, j1 = q1 * NR < N ? q1 * NR : N;
        for (uint64_t bt = 0; q0 < q1 && bt < batches; bt++) {
            const gemm_batch_ptrs bp = batch_ptrs(x, bt);
            const float* a = (const float*)(const void*)bp.a;
            const float* ap = a;
            if (!(M == 1 && x->a_k == 1)) {
                for (uint32_t k = 0; k < K; k++)
                    for (uint32_t r = 0; r < M; r++) apack[(size_t)k * M + r] = a[(int64_t)r * x->a_m + (int64_t)k * x->a_k];
                ap = apack;
            }
            float* o = (float*)(void*)bp.o;
            x->isa.pre_rows(M, K, x->kslices, ap, pre + pre_index(p, bt) * pre_stride + (size_t)q0 * K * NR, q1 - q0,
                            j1 - j0, o + j0, x->so[2]);
            if (x->finish)
                for (uint32_t r = 0; r < M; r++) {
                    float* v = o + (int64_t)r * x->so[2] + j0;
                    const char* cs = bp.c ? bp.c + ((int64_t)r * x->sc[2] + (int64_t)j0 * x->sc[3]) * x->es : NULL;
                    finish_row(x, v, j1 - j0, cs, (char*)v, crow);
                }
        }
    }
}

/* pydml_debug_prepared_stats (pydml.h): GEMM executions by where their B came from. */
static uint64_t g_prepared_runs, g_packed_runs, g_in_place_runs, g_allocated_runs, g_pre_rows_runs;

uint64_t pydml_debug_gemm_pre_rows_runs(void) { return __atomic_load_n(&g_pre_rows_runs, __ATOMIC_RELAXED); }

void pydml_debug_prepared_stats(uint64_t* prepared, uint64_t* packed, uint64_t* in_place, uint64_t* allocated) {
    if (prepared) *prepared = __atomic_load_n(&g_prepared_runs, __ATOMIC_RELAXED);
    if (packed) *packed = __atomic_load_n(&g_packed_runs, __ATOMIC_RELAXED);
    if (in_place) *in_place = __atomic_load_n(&g_in_place_runs, __ATOMIC_RELAXED);
    if (allocated) *allocated = __atomic_load_n(&g_allocated_runs, __ATOMIC_RELAXED);
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const gemm_plan* p = plan;
    if (p == NULL || input_count != 3 || output_count != 1 || inputs == NULL || outputs == NULL)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor *A = inputs[0], *B = inputs[1], *C = inputs[2], *O = outputs[0];
    if ((C != NULL) != (p->has_c != 0)) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s;
    if ((s = check_view(A, p, p->a_sizes)) || (s = check_view(B, p, p->b_sizes)) ||
        (s = check_view(O, p, p->o_sizes)) || (C && (s = check_view(C, p, p->o_sizes))))
        return s;

    gemm_ctx x;
    memset(&x, 0, sizeof x);
    x.p = p;
    choose_isa(&x.isa);
    x.a = A->data;
    x.b = B->data;
    x.c = C ? C->data : NULL;
    x.o = O->data;
    x.es = p->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    strides4(x.sa, A);
    strides4(x.sb, B);
    strides4(x.so, O);
    if (C) strides4(x.sc, C);
    x.a_m = p->trans_a ? x.sa[3] : x.sa[2];
    x.a_k = p->trans_a ? x.sa[2] : x.sa[3];
    x.b_k = p->trans_b ? x.sb[3] : x.sb[2];
    x.b_n = p->trans_b ? x.sb[2] : x.sb[3];
    const uint32_t M = p->M, N = p->N, K = p->K, MR = x.isa.mr, NR = x.isa.nr;
    /* B packed at initialization (OWNED_BY_DML) for the owned views of this very initialization
     * (the generation decides; the address and the ISA are checked besides): the panels of batch bt
     * of the output are pre + pre_index(bt) * pre_stride, and B is not packed here */
    const float* pre = p->pre.data != NULL && p->pre.generation != 0 && ws != NULL &&
                               ws->owned_generation == p->pre.generation && p->pre.src == B->data &&
                               p->pre.mr == MR && p->pre.nr == NR
                           ? p->pre.data : NULL;
    const size_t pre_stride = (size_t)((N + NR - 1) / NR) * NR * K;
    /* The output is its own accumulator when it is FLOAT32, unit-stride along n, and its rows do
     * not overlap (an overlapping output has no defined result; the workspace path still writes
     * each element once). */
    x.direct = p->type == DML_TENSOR_DATA_TYPE_FLOAT32 && (N == 1 || x.so[3] == 1) &&
               (M == 1 || x.so[2] >= (int64_t)N);
    if (x.direct && N == 1) x.so[3] = 1;
    x.finish = !x.direct || p->alpha != 1.0f || p->has_c || p->has_act;
    const int unit_b = p->type != DML_TENSOR_DATA_TYPE_FLOAT32 ? 0 : x.b_n == 1 ? 1 : x.b_k == 1 ? 2 : 0;

    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    gemm_sched sc;
    gemm_schedule(p, MR, NR, threads, x.direct, unit_b, pre != NULL, &sc);
    /* the workspace: sized by temporary_bytes for the team (the C API's), or for one thread; a
     * smaller one runs on one thread (the same bits on any thread count). Only a caller that gives
     * none, or too little for one thread, makes execute allocate. */
    unsigned char* base = ws != NULL && ws->data != NULL && ((uintptr_t)ws->data & 63u) == 0 ? ws->data : NULL;
    const uint64_t have = base ? ws->bytes : 0;
    if (sc.total > have && sc.nth > 1) gemm_schedule(p, MR, NR, 1, x.direct, unit_b, pre != NULL, &sc);
    void* own = NULL;
    if (sc.total > have) {
        if (sc.total > (uint64_t)SIZE_MAX - 64) return PYDML_STATUS_OUT_OF_MEMORY;
        own = aligned_alloc(GEMM_ALIGN, (size_t)pydml_workspace_round(sc.total ? sc.total : 1));
        if (own == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
        base = own;
        __atomic_fetch_add(&g_allocated_runs, 1, __ATOMIC_RELAXED);
    }
    if (!sc.pre) pre = NULL;
    __atomic_fetch_add(pre ? &g_prepared_runs : sc.direct_b || sc.rows || sc.rows_t ? &g_in_place_runs : &g_packed_runs, 1,
                       __ATOMIC_RELAXED);

    const int nth = sc.nth, by_batch = sc.by_batch, phases = sc.phases;
    const uint64_t batches = (uint64_t)p->batch0 * p->batch1, items = sc.items;
    x.kslices = sc.kslices;
    x.npanels = sc.npanels;
    x.mpanels = sc.mpanels;
    x.group = sc.group;
    x.ngroups = sc.ngroups;
    x.nblocks = sc.nblocks;
    x.ncpad = sc.ncpad;
    x.full_panels = N / NR;
    x.direct_b = sc.direct_b;
    const size_t bsize = (size_t)sc.bsize, asize = (size_t)sc.asize;
    float* shared_b = (float*)base;
    gemm_tls tls[64];
    memset(tls, 0, sizeof tls);
    for (int i = 0; i < nth; i++) {
        unsigned char* t = base + sc.shared_bytes + (uint64_t)i * sc.thread_bytes;
        if (by_batch && !pre) tls[i].bpack = shared_b + (size_t)i * bsize;
        if (!phases && !(sc.few && pre)) tls[i].apack = (float*)(t + sc.apack_off);
        if (!phases && !x.direct) tls[i].ws = (float*)(t + sc.ws_off);
        tls[i].row = (float*)(t + sc.row_off);
        tls[i].crow = (float*)(t + sc.crow_off);
        if (x.direct_b) tls[i].stream = (float*)(t + sc.stream_off);
        if (sc.few) tls[i].fewa = (float*)(t + sc.fewa_off);
    }
    if (sc.pre_rows) {
        __atomic_fetch_add(&g_pre_rows_runs, 1, __ATOMIC_RELAXED);
        pre_rows_run(&x, pre, pre_stride, batches, nth, base + sc.shared_bytes, sc.thread_bytes, sc.apack_off,
                     sc.crow_off);
    } else if (sc.rows || sc.rows_t) {
        for (uint64_t bt = 0; bt < batches; bt++) {
            const gemm_batch_ptrs bp = batch_ptrs(&x, bt);
            const pydml_gemm_rows_args g = {M, N, K, x.kslices, (const float*)bp.a, x.a_m, x.a_k,
                                            (const float*)bp.b, sc.rows ? x.b_k : x.b_n, (float*)bp.o, x.so[2]};
            if (sc.rows)
                pydml_gemm_rows(&g, x.isa.stream, nth, shared_b, base + sc.shared_bytes + sc.apack_off,
                                sc.thread_bytes);
            else
                pydml_gemm_rows_t(&g, nth, shared_b);
            if (x.finish)
                for (uint32_t m = 0; m < M; m++) {
                    char* out = bp.o + (int64_t)m * x.so[2] * x.es;
                    const char* cs = bp.c ? bp.c + (int64_t)m * x.sc[2] * x.es : NULL;
                    finish_row(&x, (float*)out, N, cs, out, tls[0].crow);
                }
        }
    } else if (sc.few) {
        gemm_few(&x, tls, sc.kcmax, pre, pre_stride, batches, nth);
    } else if (phases) {
        if (!x.direct) x.acc = shared_b + bsize + asize;
        if (pre != NULL && nth > 1 && x.mpanels >= GEMM_PRE_STATIC_STRIPS * (uint32_t)nth)
            gemm_phases_pre(&x, tls, shared_b + bsize, sc.kcmax, pre, pre_stride, batches, nth);
        else
            gemm_phases(&x, tls, shared_b, shared_b + bsize, sc.kcmax, pre, pre_stride, batches, nth);
    } else if (nth == 1) {
        float* bpack = shared_b;
        for (uint64_t bt = 0; bt < batches; bt++) {
            const gemm_batch_ptrs bp = batch_ptrs(&x, bt);
            const float* bq = pre ? pre + pre_index(p, bt) * pre_stride : bpack;
            if (!pre)
                for (uint32_t q = 0; q < x.npanels; q++) pack_b(&x, bp.b, bpack, q, tls[0].row);
            for (uint64_t it = 0; it < items; it++) gemm_item(&x, &bp, bq, it, &tls[0]);
        }
    } else if (by_batch) {
#ifdef _OPENMP
#pragma omp parallel num_threads(nth)
        {
            gemm_tls* tl = &tls[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 1)
            for (uint64_t bt = 0; bt < batches; bt++) {
                const gemm_batch_ptrs bp = batch_ptrs(&x, bt);
                const float* bq = pre ? pre + pre_index(p, bt) * pre_stride : tl->bpack;
                if (!pre)
                    for (uint32_t q = 0; q < x.npanels; q++) pack_b(&x, bp.b, tl->bpack, q, tl->row);
                for (uint64_t it = 0; it < items; it++) gemm_item(&x, &bp, bq, it, tl);
            }
        }
#endif
    } else {
#ifdef _OPENMP
        /* Dynamic scheduling: a thread the OS takes away holds up one panel or item, not a share. */
#pragma omp parallel num_threads(nth)
        {
            gemm_tls* tl = &tls[omp_get_thread_num()];
            for (uint64_t bt = 0; bt < batches; bt++) {
                const gemm_batch_ptrs bp = batch_ptrs(&x, bt);
                const float* bq = pre ? pre + pre_index(p, bt) * pre_stride : shared_b;
                if (!pre) {
#pragma omp for schedule(dynamic, 1)
                    for (uint32_t q = 0; q < x.npanels; q++) pack_b(&x, bp.b, shared_b, q, tl->row);
                }
#pragma omp for schedule(dynamic, 1)
                for (uint64_t it = 0; it < items; it++) gemm_item(&x, &bp, bq, it, tl);
            }
        }
#endif
    }
    free(own);
    if (p->softmax == NULL) return PYDML_STATUS_SUCCESS;
    /* The fused softmax runs after the product, on the same workspace (temporary_bytes reports the
     * larger of the two needs); a caller's workspace too small for it (none given) takes the heap. */
    const pydml_workspace* sws =
        ws != NULL && ws->data != NULL && ws->bytes >= pydml_softmax_temporary_bytes(p->softmax, (uint32_t)threads)
            ? ws : NULL;
    return pydml_softmax_execute_in(p->softmax, O, O, sws);
}

/* pydml_kernel_family.temporary_bytes: the most any execution on `threads` threads (or on one, the
 * fallback of a smaller workspace) takes, over the ISA tiles execute may choose (the active
 * features may change between the binding properties and an execution) and the views' strides
 * (direct output or not, B streamable or not) and B prepared or not. Cached per thread count. */
static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    gemm_plan* p = (gemm_plan*)(uintptr_t)plan; /* only the cache is written */
    if (threads < 1) threads = 1;
    if (threads > 64) threads = 64;
    uint64_t most = __atomic_load_n(&p->temporary[threads], __ATOMIC_RELAXED);
    if (most) return most;
    gemm_isa isas[3];
    int n_isa = 0;
    isa_portable(&isas[n_isa++]);
#ifdef GEMM_X86
    isa_avx2(&isas[n_isa++]);
    isa_avx512(&isas[n_isa++]);
#endif
    const int f32 = p->type == DML_TENSOR_DATA_TYPE_FLOAT32;
    for (int i = 0; i < n_isa; i++)
        for (int one = 0; one < 2; one++)
            for (int direct = 0; direct <= f32; direct++)
                for (int unit_b = 0; unit_b <= 2 * f32; unit_b++)
                    for (int pre = 0; pre <= p->b_owned; pre++) {
                        gemm_sched sc;
                        gemm_schedule(p, isas[i].mr, isas[i].nr, one ? 1 : (int)threads, direct, unit_b, pre, &sc);
                        if (sc.total > most) most = sc.total;
                    }
    if (p->softmax != NULL) { /* the fused softmax, after the product, on the same workspace */
        const uint64_t sm = pydml_softmax_temporary_bytes(p->softmax, threads);
        if (sm > most) most = sm;
    }
    if (most == 0) most = GEMM_ALIGN;
    __atomic_store_n(&p->temporary[threads], most, __ATOMIC_RELAXED);
    return most;
}

/* Scratch comes from the caller's workspace (DirectML's temporary resource): the plan is read-only
 * while it executes (initialize, which repacks pre, waits for executions: capi.c), so executions
 * of one operator may run at the same time. */
const pydml_kernel_family pydml_family_gemm = {"gemm",          create,          destroy,
                                               execute,         0,               temporary_bytes,
                                               gemm_initialize, gemm_prepares_owned};

/* ---- raw entry points (gemm_engine.h) ----------------------------------------------------------
 * The same packing and microkernels over a FLOAT32 product described by raw strides: a gemm_ctx
 * with a rank-2 plan of its own. Each call blocks N by GEMM_NC and K by GEMM_KC; the sum of each
 * element runs over the K slices in order, so the split among threads never changes a bit. */

/* Floats of the packed B block of an N-column product: at most GEMM_NC columns rounded up to a
 * panel of any ISA, GEMM_KC deep. */
static size_t sgemm_bblock_floats(uint32_t N) {
    const size_t nc = N < GEMM_NC ? N : GEMM_NC;
    return ((nc + GEMM_NR_MAX - 1) / GEMM_NR_MAX + 1) * GEMM_NR_MAX * GEMM_KC;
}

size_t pydml_sgemm_scratch_floats(uint32_t N) {
    /* B block, A strip, one row buffer (pack_b_rows reads up to a block's width) */
    return sgemm_bblock_floats(N) + (size_t)GEMM_MR_MAX * GEMM_KC + (GEMM_NC + 2 * GEMM_NR_MAX + 64) + 64;
}

float* pydml_sgemm_scratch_alloc(size_t floats) { return aligned_floats(floats); }

static void sgemm_ctx(const pydml_sgemm_args* g, gemm_plan* p, gemm_ctx* x) {
    memset(p, 0, sizeof *p);
    p->type = DML_TENSOR_DATA_TYPE_FLOAT32;
    p->rank = 2;
    p->M = g->M;
    p->N = g->N;
    p->K = g->K;
    memset(x, 0, sizeof *x);
    x->p = p;
    choose_isa(&x->isa);
    x->es = 4;
    x->a_m = g->a_rs;
    x->a_k = g->a_cs;
    x->b_k = g->b_rs;
    x->b_n = g->b_cs;
}

/* FLOAT32 packs of the raw entry points, one pass each: pack_a, pack_b_panel and pack_b_rows stage
 * every row through load_row (a memcpy) before scattering it, two passes that cost attention's
 * 64 x 128 blocks more than the multiply (perf: packing + memmove 24% against the microkernel's
 * 27%). Same layouts, same values; the strides are read into locals once (stores through dst
 * could alias the args otherwise, and the compiler would reload them per element). */
/* GCC turns the short row copies into memcpy calls (10% of attention's time in call overhead) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif
static void sgemm_pack_a(const float* restrict src, int64_t rs, int64_t cs, float* restrict dst, uint32_t mr,
                         uint32_t kc) {
    if (rs == 1) { /* contiguous along m (a transposed A): mr floats per k */
        for (uint32_t k = 0; k < kc; k++)
            for (uint32_t t = 0; t < mr; t++) dst[(size_t)k * mr + t] = src[(int64_t)k * cs + t];
    } else {
        for (uint32_t k = 0; k < kc; k++)
            for (uint32_t t = 0; t < mr; t++) dst[(size_t)k * mr + t] = src[(int64_t)t * rs + (int64_t)k * cs];
    }
}

/* Panels [0, np) of the K slice of B starting at src (column nb, row k0), ncols columns in all:
 * panel q holds d[q * kc * NR + k * NR + j], zero beyond ncols. */
static void sgemm_pack_b(const float* restrict src, int64_t rs, int64_t cs, float* restrict d, uint32_t NR,
                         uint32_t np, uint32_t ncols, uint32_t kc) {
    for (uint32_t q = 0; q < np; q++) {
        const uint32_t j0 = q * NR, nr = ncols - j0 < NR ? ncols - j0 : NR;
        float* restrict dq = d + (size_t)q * kc * NR;
        if (cs == 1) { /* rows along n: NR contiguous floats per k */
            for (uint32_t k = 0; k < kc; k++) {
                const float* restrict sr = src + (int64_t)k * rs + j0;
                for (uint32_t j = 0; j < nr; j++) dq[(size_t)k * NR + j] = sr[j];
                for (uint32_t j = nr; j < NR; j++) dq[(size_t)k * NR + j] = 0.0f;
            }
        } else {
            for (uint32_t j = 0; j < nr; j++)
                for (uint32_t k = 0; k < kc; k++) dq[(size_t)k * NR + j] = src[(int64_t)(j0 + j) * cs + (int64_t)k * rs];
            for (uint32_t k = 0; k < kc; k++)
                for (uint32_t j = nr; j < NR; j++) dq[(size_t)k * NR + j] = 0.0f;
        }
    }
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

/* sgemm_pack_a for an ISA of NR columns: rows along k through pack_a_avx on the AVX paths (NR >= 16:
 * AVX is there). The same strip either way. */
static void pack_a_isa(uint32_t NR, const float* src, int64_t rs, int64_t cs, float* dst, uint32_t mr, uint32_t kc) {
#ifdef GEMM_X86
    if (NR >= 16 && cs == 1 && rs != 1 && mr >= 4 && mr <= 16) {
        pack_a_avx(src, rs, dst, mr, kc);
        return;
    }
#else
    (void)NR;
#endif
    sgemm_pack_a(src, rs, cs, dst, mr, kc);
}

/* Rows [m0, m1) and columns [n0, n1) of C, on one thread. */
static void sgemm_block(const pydml_sgemm_args* g, const gemm_ctx* x, uint32_t m0, uint32_t m1, uint32_t n0,
                        uint32_t n1, float* scratch) {
    const uint32_t MR = x->isa.mr, NR = x->isa.nr, K = g->K;
    if (m0 >= m1 || n0 >= n1) return;
    if (K == 0) {
        if (!g->accumulate)
            for (uint32_t m = m0; m < m1; m++) memset(g->c + (int64_t)m * g->c_rs + n0, 0, (n1 - n0) * sizeof(float));
        return;
    }
    float* bblock = scratch;
    float* apack = bblock + sgemm_bblock_floats(g->N);
    const uint32_t kslices = (K + GEMM_KC - 1) / GEMM_KC;
    for (uint32_t nb = n0; nb < n1; nb += GEMM_NC) {
        const uint32_t ne = n1 - nb < GEMM_NC ? n1 : nb + GEMM_NC;
        const uint32_t np = (ne - nb + NR - 1) / NR;
        for (uint32_t ks = 0; ks < kslices; ks++) {
            const uint32_t k0 = (uint32_t)((uint64_t)K * ks / kslices);
            const uint32_t kc = (uint32_t)((uint64_t)K * (ks + 1) / kslices) - k0;
            sgemm_pack_b(g->b + (int64_t)nb * g->b_cs + (int64_t)k0 * g->b_rs, g->b_rs, g->b_cs, bblock, NR, np,
                         ne - nb, kc);
            const int fresh = ks == 0 && !g->accumulate;
            for (uint32_t ms = m0; ms < m1; ms += MR) {
                const uint32_t mr = m1 - ms < MR ? m1 - ms : MR;
                pack_a_isa(NR, g->a + (int64_t)ms * g->a_rs + (int64_t)k0 * g->a_cs, g->a_rs, g->a_cs, apack, mr, kc);
                const gemm_ukr uk = x->isa.ukr[mr];
                for (uint32_t q = 0; q < np; q++) {
                    const uint32_t j0 = nb + q * NR, nr = ne - j0 < NR ? ne - j0 : NR;
                    float* d = g->c + (int64_t)ms * g->c_rs + j0;
                    uk(kc, apack, bblock + (size_t)q * kc * NR, NR, fresh ? NULL : d, g->c_rs, d, g->c_rs, nr);
                }
            }
        }
    }
}

void pydml_sgemm_serial(const pydml_sgemm_args* g, float* scratch) {
    if (g == NULL || g->M == 0 || g->N == 0) return;
    gemm_plan p;
    gemm_ctx x;
    sgemm_ctx(g, &p, &x);
    sgemm_block(g, &x, 0, g->M, 0, g->N, scratch);
}

pydml_status pydml_sgemm(const pydml_sgemm_args* g) {
    if (g == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (g->M == 0 || g->N == 0) return PYDML_STATUS_SUCCESS;
    gemm_plan p;
    gemm_ctx x;
    sgemm_ctx(g, &p, &x);
    int nth = 1;
#ifdef _OPENMP
    if (!omp_in_parallel()) nth = omp_get_max_threads();
#endif
    if (nth > 64) nth = 64;
    if (2.0 * g->M * (double)g->N * g->K < 2e5) nth = 1;
    const uint32_t MR = x.isa.mr, NR = x.isa.nr;
    /* items: row groups of whole strips when there are enough, else column groups of whole panels */
    const uint32_t strips = (g->M + MR - 1) / MR, panels = (g->N + NR - 1) / NR;
    const int by_m = strips >= 4u * (uint32_t)nth || strips >= panels;
    const uint32_t units = by_m ? strips : panels;
    uint32_t items = (uint32_t)nth * 4u;
    if (items > units) items = units;
    if (items < 1) items = 1;
    const size_t need = pydml_sgemm_scratch_floats(g->N);
    int failed = 0;
#ifdef _OPENMP
#pragma omp parallel num_threads(nth) if (nth > 1)
#endif
    {
        float* scratch = aligned_floats(need);
        const int ok = pydml_scratch_ok(&failed, scratch, scratch);
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (uint32_t it = 0; it < items; it++) {
            if (!ok) continue;
            const uint32_t u0 = (uint32_t)((uint64_t)units * it / items);
            const uint32_t u1 = (uint32_t)((uint64_t)units * (it + 1) / items);
            if (by_m) {
                const uint32_t m1 = u1 * MR < g->M ? u1 * MR : g->M;
                sgemm_block(g, &x, u0 * MR, m1, 0, g->N, scratch);
            } else {
                const uint32_t n1 = u1 * NR < g->N ? u1 * NR : g->N;
                sgemm_block(g, &x, 0, g->M, u0 * NR, n1, scratch);
            }
        }
        free(scratch);
    }
    return failed ? PYDML_STATUS_OUT_OF_MEMORY : PYDML_STATUS_SUCCESS;
}

/* ---- B packed once for many products (gemm_engine.h: pydml_sgemm_packed_*) --------------------
 * For a B that multiplies many A in turn (a recurrent weight matrix, once per time step): packing
 * B costs as much as a product with a few rows of A, so it is done once. Panel q holds columns
 * [q NR, q NR + NR) of B for all of K, as [K][NR] (zero beyond N); the K slices of a product are
 * the engine's (K / 256 rounded up, equal splits), so slice ks of panel q is the contiguous
 * [kc][NR] run starting at row k0. Products then run the microkernel panel by panel with every
 * row strip of A in turn, so a panel is read from memory once per product and reused from L1. */

struct pydml_sgemm_packed {
    uint32_t K, N, panels;
    gemm_isa isa; /* the ISA (panel width) it was packed for: products use the same one */
    float* data;
};

/* B's panels into p->data (p's ISA, K, N and panels set): NR columns a panel, zero past N. */
static void pack_panels(pydml_sgemm_packed* p, const float* b, int64_t b_rs, int64_t b_cs) {
    const uint32_t K = p->K, N = p->N, NR = p->isa.nr;
    const int64_t panels = p->panels;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (!omp_in_parallel() && (uint64_t)K * N >= 65536u)
#endif
    for (int64_t q = 0; q < panels; q++) {
        float* d = p->data + (size_t)q * K * NR;
        const uint32_t j0 = (uint32_t)q * NR, nr = N - j0 < NR ? N - j0 : NR;
        if (b_cs == 1) {
            for (uint32_t k = 0; k < K; k++) {
                memcpy(d + (size_t)k * NR, b + (int64_t)k * b_rs + j0, (size_t)nr * sizeof(float));
                for (uint32_t j = nr; j < NR; j++) d[(size_t)k * NR + j] = 0.0f;
            }
        } else {
            for (uint32_t j = 0; j < nr; j++) {
                const float* s = b + (int64_t)(j0 + j) * b_cs;
                for (uint32_t k = 0; k < K; k++) d[(size_t)k * NR + j] = s[(int64_t)k * b_rs];
            }
            for (uint32_t k = 0; k < K; k++)
                for (uint32_t j = nr; j < NR; j++) d[(size_t)k * NR + j] = 0.0f;
        }
    }
}

pydml_status pydml_sgemm_pack_b(uint32_t K, uint32_t N, const float* b, int64_t b_rs, int64_t b_cs,
                                pydml_sgemm_packed** out) {
    if (out == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *out = NULL;
    if (b == NULL && K && N) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_sgemm_packed* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    choose_isa(&p->isa);
    const uint32_t NR = p->isa.nr;
    p->K = K;
    p->N = N;
    p->panels = (N + NR - 1) / NR;
    p->data = aligned_floats((size_t)p->panels * K * NR);
    if (p->data == NULL) {
        free(p);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    pack_panels(p, b, b_rs, b_cs);
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

void pydml_sgemm_packed_free(pydml_sgemm_packed* p) {
    if (p == NULL) return;
    free(p->data);
    free(p);
}

uint32_t pydml_sgemm_packed_panel_width(const pydml_sgemm_packed* p) { return p ? p->isa.nr : 1; }

size_t pydml_sgemm_packed_scratch_floats(const pydml_sgemm_packed* p, uint32_t M) {
    const uint32_t MR = p->isa.mr;
    return (size_t)(M + MR - 1) / MR * MR * GEMM_KC + (size_t)p->K + 64;
}

void pydml_sgemm_packed_serial(uint32_t M, const float* a, int64_t a_rs, int64_t a_cs, const pydml_sgemm_packed* b,
                               uint32_t n0, uint32_t n1, const float* addend, int64_t addend_rs, float* c,
                               int64_t c_rs, float* scratch) {
    if (b == NULL || M == 0 || n1 > b->N) return;
    const uint32_t MR = b->isa.mr, NR = b->isa.nr, K = b->K;
    n0 = n0 / NR * NR; /* a panel boundary: the caller's n0 is one (pydml_sgemm_packed_panel_width) */
    if (n0 >= n1) return;
    if (K == 0) {
        for (uint32_t m = 0; m < M; m++) {
            float* d = c + (int64_t)m * c_rs;
            for (uint32_t n = n0; n < n1; n++) d[n] = addend ? addend[(int64_t)m * addend_rs + n] : 0.0f;
        }
        return;
    }
    gemm_plan p;
    memset(&p, 0, sizeof p);
    p.type = DML_TENSOR_DATA_TYPE_FLOAT32;
    p.rank = 2;
    p.M = M;
    p.N = b->N;
    p.K = K;
    gemm_ctx x;
    memset(&x, 0, sizeof x);
    x.p = &p;
    x.isa = b->isa;
    x.es = 4;
    x.a_m = a_rs;
    x.a_k = a_cs;
    const uint32_t strips = (M + MR - 1) / MR;
    float* apack = scratch;
    float* row = apack + (size_t)strips * MR * GEMM_KC;
    const uint32_t kslices = (K + GEMM_KC - 1) / GEMM_KC;
    const uint32_t q0 = n0 / NR, q1 = (n1 + NR - 1) / NR;
    for (uint32_t ks = 0; ks < kslices; ks++) {
        const uint32_t k0 = (uint32_t)((uint64_t)K * ks / kslices);
        const uint32_t kc = (uint32_t)((uint64_t)K * (ks + 1) / kslices) - k0;
        for (uint32_t s = 0; s < strips; s++) {
            const uint32_t ms = s * MR, mr = M - ms < MR ? M - ms : MR;
            pack_a(&x, (const char*)a, apack + (size_t)s * MR * GEMM_KC, ms, mr, k0, kc, row);
        }
        for (uint32_t q = q0; q < q1; q++) {
            const uint32_t j0 = q * NR, nr = n1 - j0 < NR ? n1 - j0 : NR;
            const float* panel = b->data + (size_t)q * K * NR + (size_t)k0 * NR;
            for (uint32_t s = 0; s < strips; s++) {
                const uint32_t ms = s * MR, mr = M - ms < MR ? M - ms : MR;
                float* d = c + (int64_t)ms * c_rs + j0;
                const float* src = ks ? d : addend ? addend + (int64_t)ms * addend_rs + j0 : NULL;
                const int64_t lds = ks ? c_rs : addend_rs;
                b->isa.ukr[mr](kc, apack + (size_t)s * MR * GEMM_KC, panel, NR, src, lds, d, c_rs, nr);
            }
        }
    }
}

/* ---- B packed into the caller's memory (gemm_engine.h: pydml_sgemm_pack_b_into) ----------------
 * The same packing as pydml_sgemm_pack_b, the struct and its panels placed in memory the caller
 * owns (a kernel's part of DirectML's temporary resource), so an execution allocates nothing. */

#define SGEMM_PACKED_HEAD ((sizeof(struct pydml_sgemm_packed) + GEMM_ALIGN - 1) / GEMM_ALIGN * GEMM_ALIGN)

uint32_t pydml_sgemm_pack_width(void) {
    gemm_isa isa;
    choose_isa(&isa);
    return isa.nr;
}

size_t pydml_sgemm_packed_bytes(uint32_t K, uint32_t N) {
    /* panels * NR < N + NR <= N + GEMM_NR_MAX whatever the ISA */
    return SGEMM_PACKED_HEAD + ((size_t)K * ((size_t)N + GEMM_NR_MAX) * sizeof(float) + GEMM_ALIGN);
}

size_t pydml_sgemm_packed_scratch_bound(uint32_t K, uint32_t M) {
    return ((size_t)M + GEMM_MR_MAX) * GEMM_KC + (size_t)K + 64;
}

pydml_status pydml_sgemm_pack_b_into(uint32_t K, uint32_t N, const float* b, int64_t b_rs, int64_t b_cs, void* mem,
                                     size_t bytes, pydml_sgemm_packed** out) {
    if (out == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *out = NULL;
    if ((b == NULL && K && N) || mem == NULL || ((uintptr_t)mem & 7u) ||
        bytes < pydml_sgemm_packed_bytes(K, N))
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_sgemm_packed* p = mem;
    memset(p, 0, sizeof *p);
    choose_isa(&p->isa);
    const uint32_t NR = p->isa.nr;
    p->K = K;
    p->N = N;
    p->panels = (N + NR - 1) / NR;
    p->data = (float*)((char*)mem + SGEMM_PACKED_HEAD);
    pack_panels(p, b, b_rs, b_cs);
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

/* ---- one B panel from raw strided memory (gemm_engine.h), for the indirect products ----
 * The rows-along-n packing of pack_b_panel (load_row, zeros past nr), for callers whose K rows
 * come from elsewhere: native/engines/gemm_indirect.c packs a convolution's panels with it block
 * by block. BFLOAT16 widens exactly (load_row knows FLOAT32 and FLOAT16). */
void pydml_gemm_pack_b_panel(float* d, uint32_t NR, uint32_t nr, uint32_t K, const void* b, uint32_t type,
                             int64_t b_rs, int64_t b_cs) {
    const int64_t es = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
    for (uint32_t k = 0; k < K; k++) {
        float* dk = d + (size_t)k * NR;
        const char* src = (const char*)b + (int64_t)k * b_rs * es;
        if (type == PYDML_DATA_TYPE_BFLOAT16) {
            const uint16_t* s = (const uint16_t*)src;
            if (b_cs == 1) {
                for (uint32_t j = 0; j < nr; j++) dk[j] = pydml_bf16_to_f32(s[j]);
            } else {
                for (uint32_t j = 0; j < nr; j++) dk[j] = pydml_bf16_to_f32(s[(int64_t)j * b_cs]);
            }
        } else {
            load_row(dk, src, type, b_cs, nr);
        }
        for (uint32_t j = nr; j < NR; j++) dk[j] = 0.0f;
    }
}

/* ---- the microkernels for callers' own loops (gemm_engine.h: pydml_sgemm_ukernels_get) ---------
 * The ISA tables above, plus the in-place-A variants and the raw entry points' packing, handed
 * out as one struct: attention's blocks run on these tiles instead of a copy of their own. */

static void ukernels_pack_a(const float* a, int64_t rs, int64_t cs, uint32_t mr, uint32_t kc, float* dst) {
    sgemm_pack_a(a, rs, cs, dst, mr, kc);
}
static void ukernels_pack_a_avx(const float* a, int64_t rs, int64_t cs, uint32_t mr, uint32_t kc, float* dst) {
    pack_a_isa(16, a, rs, cs, dst, mr, kc);
}

static void ukernels_pack_b(uint32_t NR, const float* b, int64_t rs, int64_t cs, uint32_t kc, uint32_t nr,
                            float* dst) {
#ifdef GEMM_X86
    if (NR >= 16 && rs == 1 && cs != 1) { /* the AVX2 and AVX-512 paths: AVX is there */
        pack_bt_avx(dst, b, cs, NR, nr, kc);
        return;
    }
#endif
    sgemm_pack_b(b, rs, cs, dst, NR, 1, nr, kc);
}

#define UKERNELS_PACK_B(NR)                                                                             \
    static void ukernels_pack_b_##NR(const float* b, int64_t rs, int64_t cs, uint32_t kc, uint32_t nr, float* dst) { \
        ukernels_pack_b(NR, b, rs, cs, kc, nr, dst);                                                    \
    }
UKERNELS_PACK_B(8) UKERNELS_PACK_B(16) UKERNELS_PACK_B(32)

_Static_assert(GEMM_MR_MAX == PYDML_SGEMM_MR_MAX && GEMM_NR_MAX == PYDML_SGEMM_NR_MAX &&
                   GEMM_STREAM_L1_FLOATS == PYDML_SGEMM_STREAM_L1_FLOATS,
               "gemm_engine.h's bounds");

void pydml_sgemm_ukernels_get(pydml_sgemm_ukernels* u) {
    if (u == NULL) return;
    gemm_isa isa;
    choose_isa(&isa);
    memset(u, 0, sizeof *u);
    u->mr = isa.mr;
    u->nr = isa.nr;
    for (uint32_t r = 1; r <= isa.mr; r++) u->ukr[r] = isa.ukr[r];
    u->stream = isa.stream;
    u->pack_a = ukernels_pack_a;
    static const pydml_sgemm_ukr_rows portable_rows[P_MR + 1] = {
        NULL, ukr_portable_rows_1, ukr_portable_rows_2, ukr_portable_rows_3, ukr_portable_rows_4};
    const pydml_sgemm_ukr_rows* rows = portable_rows;
    u->pack_b = ukernels_pack_b_8;
#ifdef GEMM_X86
    static const pydml_sgemm_ukr_rows avx2_rows[7] = {NULL, ukr_avx2_rows_1, ukr_avx2_rows_2, ukr_avx2_rows_3,
                                                      ukr_avx2_rows_4, ukr_avx2_rows_5, ukr_avx2_rows_6};
    static const pydml_sgemm_ukr_rows avx512_rows[15] = {
        NULL, ukr_avx512_rows_1, ukr_avx512_rows_2, ukr_avx512_rows_3, ukr_avx512_rows_4, ukr_avx512_rows_5,
        ukr_avx512_rows_6, ukr_avx512_rows_7, ukr_avx512_rows_8, ukr_avx512_rows_9, ukr_avx512_rows_10,
        ukr_avx512_rows_11, ukr_avx512_rows_12, ukr_avx512_rows_13, ukr_avx512_rows_14};
    if (isa.nr == 16) {
        rows = avx2_rows;
        u->pack_b = ukernels_pack_b_16;
        u->pack_a = ukernels_pack_a_avx;
    } else if (isa.nr == 32) {
        rows = avx512_rows;
        u->pack_b = ukernels_pack_b_32;
        u->pack_a = ukernels_pack_a_avx;
    }
#endif
    for (uint32_t r = 1; r <= isa.mr; r++) u->ukr_rows[r] = rows[r];
}
