/* The GEMM engine's C entry points on raw memory (implemented in gemm.c, over the same packing
 * and per-ISA microkernels as DML_OPERATOR_GEMM): for kernels that multiply matrices inside
 * their own loops (recurrent gates, attention blocks, ...).
 *
 * Row-major FLOAT32, element strides (never negative):
 *   A(m, k) = a[m * a_rs + k * a_cs]    (a transposed A is a_rs = 1, a_cs = lda)
 *   B(k, n) = b[k * b_rs + n * b_cs]    (a transposed B, e.g. K^T or W^T, is b_rs = 1, b_cs = ldb)
 *   C(m, n) = c[m * c_rs + n]           (unit column stride)
 *   accumulate 0: C = A B;  1: C += A B (C read first).
 * Each C element is a sum over k in a fixed order (K slices of 256, then k ascending within a
 * slice, on every thread count): results never depend on the thread count. The ISA path follows
 * pydml_active_cpu_features(), as the operators' do. */
#ifndef PYDML_NATIVE_GEMM_ENGINE_H
#define PYDML_NATIVE_GEMM_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

typedef struct pydml_sgemm_args {
    uint32_t M, N, K;
    const float* a;
    int64_t a_rs, a_cs;
    const float* b;
    int64_t b_rs, b_cs;
    float* c;
    int64_t c_rs;
    int accumulate;
} pydml_sgemm_args;

/* Floats of scratch pydml_sgemm_serial needs for an N-column product (independent of M and K). */
size_t pydml_sgemm_scratch_floats(uint32_t N);

/* One thread: safe inside an OpenMP parallel region (it starts no team). scratch holds at least
 * pydml_sgemm_scratch_floats(N) floats, 64-byte aligned (pydml_sgemm_scratch_alloc). */
void pydml_sgemm_serial(const pydml_sgemm_args* g, float* scratch);

/* 64-byte aligned scratch of `floats` floats (free() it); NULL when out of memory. */
float* pydml_sgemm_scratch_alloc(size_t floats);

/* The whole OpenMP team splits the rows (or, with few rows, the columns) of C; falls back to one
 * thread for small products. Not to be called from inside a parallel region. */
pydml_status pydml_sgemm(const pydml_sgemm_args* g);

/* ---- B packed once, many products (a recurrent weight matrix times each step's state) ----
 * pydml_sgemm_pack_b packs B(k, n) = b[k * b_rs + n * b_cs] (K x N) for the active ISA (threaded
 * unless called inside a parallel region). pydml_sgemm_packed_serial computes, on the calling
 * thread (safe inside a parallel region), columns [n0, n1) of
 *   C(m, n) = addend(m, n) + sum_k A(m, k) B(k, n)     (addend NULL: 0; addend_rs may be 0)
 * for m < M, with A(m, k) = a[m * a_rs + k * a_cs] and C(m, n) = c[m * c_rs + n]; n0 must be a
 * multiple of pydml_sgemm_packed_panel_width(b). Each element is the engine's sum (K slices of 256
 * in order, the addend added to the first), whatever the column range and thread: a result never
 * depends on how columns are shared out. scratch: pydml_sgemm_packed_scratch_floats(b, M) floats,
 * 64-byte aligned (pydml_sgemm_scratch_alloc). */
typedef struct pydml_sgemm_packed pydml_sgemm_packed;

pydml_status pydml_sgemm_pack_b(uint32_t K, uint32_t N, const float* b, int64_t b_rs, int64_t b_cs,
                                pydml_sgemm_packed** out);
void pydml_sgemm_packed_free(pydml_sgemm_packed* packed);
uint32_t pydml_sgemm_packed_panel_width(const pydml_sgemm_packed* packed);
size_t pydml_sgemm_packed_scratch_floats(const pydml_sgemm_packed* packed, uint32_t M);
void pydml_sgemm_packed_serial(uint32_t M, const float* a, int64_t a_rs, int64_t a_cs, const pydml_sgemm_packed* b,
                               uint32_t n0, uint32_t n1, const float* addend, int64_t addend_rs, float* c,
                               int64_t c_rs, float* scratch);

/* ---- the same, packed into the caller's memory (an execution's workspace) ----
 * pydml_sgemm_pack_width: the panel width pydml_sgemm_pack_b(_into) would pack for now (the active
 * ISA's). pydml_sgemm_packed_bytes: the bytes pydml_sgemm_pack_b_into needs for a K x N B, whatever
 * the ISA. pydml_sgemm_packed_scratch_bound: at least pydml_sgemm_packed_scratch_floats(b, M) for a
 * b with K rows, whatever the ISA. pydml_sgemm_pack_b_into packs as pydml_sgemm_pack_b does, the
 * struct and its panels in mem (at least pydml_sgemm_packed_bytes(K, N) bytes; 8-byte aligned, 64 for
 * speed); *out points into mem, valid while mem is, and is never passed to pydml_sgemm_packed_free. */
uint32_t pydml_sgemm_pack_width(void);
size_t pydml_sgemm_packed_bytes(uint32_t K, uint32_t N);
size_t pydml_sgemm_packed_scratch_bound(uint32_t K, uint32_t M);
pydml_status pydml_sgemm_pack_b_into(uint32_t K, uint32_t N, const float* b, int64_t b_rs, int64_t b_cs, void* mem,
                                     size_t bytes, pydml_sgemm_packed** out);

/* ---- one B panel of any K rows (the indirect products' packing, native/engines/gemm_indirect.c) ----
 * d[k * NR + j] = B(k, j) = b[k * b_rs + j * b_cs] (elements of `type`: FLOAT32, FLOAT16 or BFLOAT16,
 * widened to float) for k < K, j < nr; 0 for nr <= j < NR: gemm.c's panel format ([k][NR]), row by row. */
void pydml_gemm_pack_b_panel(float* d, uint32_t NR, uint32_t nr, uint32_t K, const void* b, uint32_t type,
                             int64_t b_rs, int64_t b_cs);

/* ---- the engine's microkernels themselves (pydml_sgemm_ukernels_get) ----
 * For kernels that run their own loops around the engine's register tiles (attention multiplies
 * each 64-key block by every row panel of a query block while the block sits in L1): the active
 * ISA's tile size, microkernels and packing, the same functions DML_OPERATOR_GEMM and
 * pydml_sgemm* run (AVX-512: 14 x 32, AVX2 + FMA: 6 x 16, portable C: 4 x 8), chosen by
 * pydml_active_cpu_features() at the call (take a fresh copy per execution, as the operators do).
 *
 * Formats (FLOAT32, element strides):
 *   A strip, packed: mr <= MR rows of kc columns, A(t, k) = a[k * mr + t]          (pack_a writes it)
 *   A in place:      A(t, k) = a[t * lda + k]                                       (ukr_rows reads it)
 *   B panel:         NR columns of kc rows, B(k, j) = b[k * ldb + j], ldb >= NR; every row is read
 *                    NR floats wide whatever nr, so a B narrower than NR (or ending at a buffer's end)
 *                    is packed (pack_b: ldb = NR, zero past nr). A K slice [k0, k0 + kc) of a packed
 *                    panel is the contiguous run from b + k0 * NR.
 * Microkernels, for 1 <= mr <= MR (the function's fixed row count is its index), t < mr, j < nr <= NR:
 *   ukr[mr]:      dst[t * ldd + j] = sum_{k < kc} A(t, k) B(k, j)  (+ src[t * lds + j] if src != NULL)
 *   ukr_rows[mr]: the same with A in place (no packing: for an A that is read once per tile row,
 *                 e.g. attention's softmax weights, packing cost more than it saved)
 * Sum order: each element's sum starts at 0 and adds its kc terms in ascending k, one fused
 * multiply-add per term on the x86 paths (the portable path: multiply then add, unless the compiler
 * contracts), src added last; ukr and ukr_rows give the same bits for the same A. Nothing depends on
 * the thread count: a caller that fixes its tiles and K slices by the shapes alone gets results
 * independent of how it shares the tiles among threads (src may equal dst: C += A B in place).
 *   stream: the microkernel's sums over a B read in place with unit stride along n, streamed row by
 *           row (for a few rows of A against a wide B): for t < mr (any count), j < w (w a multiple
 *           of NR), dst[t * ldd + j] = sum_{k < kc} a[k * mr + t] b[k * ldb + j] (+ src[t * lds + j]),
 *           bit-identical to ukr over the same columns; acc: mr * w floats of 32-byte aligned scratch.
 *           When kc * w <= PYDML_SGEMM_STREAM_L1_FLOATS (B's slice fits L1) the sums stay in registers
 *           (acc unused; B re-read per row of A): a caller with a small kc calls it on column runs
 *           that fit.
 *   pack_a(a, rs, cs, mr, kc, dst): A(t, k) = a[t * rs + k * cs] into a packed strip.
 *   pack_b(b, rs, cs, kc, nr, dst): B(k, j) = b[k * rs + j * cs] (j < nr <= NR) into one panel,
 *           dst[k * NR + j], zero for nr <= j < NR; a transposed source (rs = 1: K^T, W^T) goes
 *           through 8 x 8 register transposes on the x86 paths. Exact copies. */
#define PYDML_SGEMM_MR_MAX 14
#define PYDML_SGEMM_NR_MAX 32
#define PYDML_SGEMM_STREAM_L1_FLOATS 8192

typedef void (*pydml_sgemm_ukr)(uint32_t kc, const float* a, const float* b, int64_t ldb, const float* src,
                                int64_t lds, float* dst, int64_t ldd, uint32_t nr);
typedef void (*pydml_sgemm_ukr_rows)(uint32_t kc, const float* a, int64_t lda, const float* b, int64_t ldb,
                                     const float* src, int64_t lds, float* dst, int64_t ldd, uint32_t nr);
typedef void (*pydml_sgemm_stream)(uint32_t kc, uint32_t mr, const float* a, const float* b, int64_t ldb, uint32_t w,
                                   const float* src, int64_t lds, float* dst, int64_t ldd, float* acc);

typedef struct pydml_sgemm_ukernels {
    uint32_t mr, nr;                                    /* MR and NR of the active ISA */
    pydml_sgemm_ukr ukr[PYDML_SGEMM_MR_MAX + 1];        /* [1 .. mr]; [0] and past mr NULL */
    pydml_sgemm_ukr_rows ukr_rows[PYDML_SGEMM_MR_MAX + 1];
    pydml_sgemm_stream stream;
    void (*pack_a)(const float* a, int64_t rs, int64_t cs, uint32_t mr, uint32_t kc, float* dst);
    void (*pack_b)(const float* b, int64_t rs, int64_t cs, uint32_t kc, uint32_t nr, float* dst);
} pydml_sgemm_ukernels;

void pydml_sgemm_ukernels_get(pydml_sgemm_ukernels* out);

/* ---- integer products: 8-bit A x B with zero points, int32 sums (gemm_int8.h, gemm_int8.c) ---- */
#include "gemm_int8.h"

#endif /* PYDML_NATIVE_GEMM_ENGINE_H */
