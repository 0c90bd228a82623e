/* A few output rows times a FLOAT32 B read in place (gemm_rows.c), for the GEMM family (gemm.c):
 *
 *   out(m, n) = sum_k A(m, k) B(k, n)     for m < M <= PYDML_GEMM_ROWS_MAX, n < N
 *   A(m, k) = a[m * a_rs + k * a_cs], B(k, n) = b[k * ldb + n] (unit stride along n),
 *   out(m, n) = out[m * o_rs + n]
 *
 * in the engine's sum order: K slices [K * s / kslices, K * (s + 1) / kslices), each slice's sum
 * from 0 in ascending k through the ISA's stream (gemm_engine.h: bit-identical to its microkernel),
 * the slices added in order (C = s_0, then C = s_s + C), as every other GEMM path adds them. On
 * several threads the slices are shared out (each slice's sums of the later slices in a buffer,
 * added in slice order at the end), so the bits never depend on the thread count. */
#ifndef PYDML_NATIVE_GEMM_ROWS_H
#define PYDML_NATIVE_GEMM_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "gemm_engine.h"

#define PYDML_GEMM_ROWS_MAX 8 /* rows of the output this path takes */

typedef struct pydml_gemm_rows_args {
    uint32_t M, N, K, kslices;
    const float* a;
    int64_t a_rs, a_cs;
    const float* b;
    int64_t ldb;
    float* out;
    int64_t o_rs;
} pydml_gemm_rows_args;

/* Floats of shared scratch (64-byte aligned) an nth-thread run needs: A packed, and on more than
 * one thread the slice sums. pydml_gemm_rows_fits: whether that stays within the path's bound. */
uint64_t pydml_gemm_rows_shared_floats(uint32_t M, uint32_t N, uint32_t K, uint32_t kslices, int nth);
int pydml_gemm_rows_fits(uint32_t M, uint32_t N, uint32_t K, uint32_t kslices, int nth);
/* Floats of per-thread scratch (64-byte aligned). */
uint64_t pydml_gemm_rows_thread_floats(uint32_t M, uint32_t N);

/* One product on nth threads (1: no team; not from inside a parallel region): shared and
 * thread_base + i * thread_stride (bytes) for thread i, as sized above. */
void pydml_gemm_rows(const pydml_gemm_rows_args* g, pydml_sgemm_stream stream, int nth, float* shared,
                     unsigned char* thread_base, uint64_t thread_stride);

/* ---- the same with B contiguous along k (TransB: B(k, n) = b[n * ldb + k]) ----
 * For M <= PYDML_GEMM_ROWS_T_MAX on the x86 paths (AVX2 with FMA: the FMA arithmetic of the AVX2 and
 * AVX-512 microkernels): each 8 x 8 block of B is transposed in registers and applied to the rows of
 * A in ascending k, the sums of each K slice from 0 and the slices added in order, as above; the
 * threads split the columns (every item reads whole rows of B^T, all of K). Shared scratch:
 * pydml_gemm_rows_shared_floats(M, N, K, kslices, 1) floats (A packed); no per-thread scratch.
 * pydml_gemm_rows_t_available: whether this build and CPU have the kernel. */
#define PYDML_GEMM_ROWS_T_MAX 8
int pydml_gemm_rows_t_available(void);
void pydml_gemm_rows_t(const pydml_gemm_rows_args* g, int nth, float* shared);

#endif /* PYDML_NATIVE_GEMM_ROWS_H */
