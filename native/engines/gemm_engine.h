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

/* ---- integer products: 8-bit A x B with zero points, int32 sums (gemm_int8.h, gemm_int8.c) ---- */
#include "gemm_int8.h"

#endif /* PYDML_NATIVE_GEMM_ENGINE_H */
