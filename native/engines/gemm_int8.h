/* The GEMM engine's integer path (gemm_int8.c; included by gemm_engine.h): the 8-bit products of
 * MATRIX_MULTIPLY_INTEGER(_TO_FLOAT), QUANTIZED_LINEAR_MATRIX_MULTIPLY, CONVOLUTION_INTEGER and
 * QUANTIZED_LINEAR_CONVOLUTION (native/families/integer_products.c), on raw memory.
 *
 *   S(m, n) = sum_k (A(m, k) - za(m)) * (B(k, n) - zb(n))      modulo 2^32 (two's complement)
 *
 * A (M x K) and B (K x N) are bytes, each UINT8 or INT8 (a_signed / b_signed), with element strides
 * (any sign: a reversed view is fine):
 *   A(m, k) = a[m * a_rs + k * a_cs],  B(k, n) = b[k * b_rs + n * b_cs]
 *   za(m) = za[m * za_step] (za_step 0: one zero point for the whole tensor; za NULL: 0), zb likewise
 *   (zero points are taken modulo 2^32, which leaves S modulo 2^32 unchanged).
 * With zero points in their operand's type, |product| <= 255 * 255 and 33025 * 255 * 255 < 2^31: for
 * K <= 33025, S is the exact sum; past it S may wrap, as a GPU's 32-bit integer adds do.
 *
 * The sums go either to an emit callback, per finished tile (rows m0 .. m0 + mr, columns n0 .. n0 + nr,
 * S(m0 + t, n0 + j) = s[t * lds + j]; each output element emitted exactly once; called from several
 * OpenMP threads at once, for disjoint tiles), or, when emit is NULL, to an int32 C:
 *   C(m, n) = c[m * c_rs + n * c_cs].
 * Every S is an exact integer sum (modulo 2^32), so neither the kernel (AVX-512 VNNI, AVX2 or portable
 * C, chosen by pydml_active_cpu_features() as gemm.c's) nor the thread count can change a result.
 * Threads: `threads` 0 lets the engine decide (the OpenMP thread count, e.g. the team pydml_team_begin
 * set up; one thread for small products); n > 0 uses exactly min(n, 64) threads whatever the size
 * (tests). Called inside a parallel region, the product runs on the calling thread unless nested
 * parallelism is enabled. The caller owns the memory: nothing here checks views (the families check
 * them with pydml_tensor_check before calling). */
#ifndef PYDML_NATIVE_GEMM_INT8_H
#define PYDML_NATIVE_GEMM_INT8_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

typedef void (*pydml_gemm_i8_emit_fn)(const void* ctx, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr,
                                      const int32_t* s, uint32_t lds);

typedef struct pydml_gemm_i8_args {
    uint32_t M, N, K;
    const void* a;
    int a_signed; /* 1: INT8, 0: UINT8 */
    int64_t a_rs, a_cs;
    const void* b;
    int b_signed;
    int64_t b_rs, b_cs;
    const int64_t* za; /* A's zero point of row m: za[m * za_step]; NULL: 0 */
    int64_t za_step;
    const int64_t* zb; /* B's zero point of column n: zb[n * zb_step]; NULL: 0 */
    int64_t zb_step;
    pydml_gemm_i8_emit_fn emit; /* NULL: S is written to c */
    const void* ctx;            /* emit's first argument */
    int32_t* c;
    int64_t c_rs, c_cs;
    int threads; /* 0: the engine decides; n > 0: min(n, 64) threads */
    /* The packing buffers from the caller (a part of its workspace, DirectML's temporary resource):
     * at least pydml_gemm_i8_scratch_bytes(M, N, K, threads) bytes, any alignment, nothing in it
     * kept. NULL: the engine takes them from its buffer pool and the heap. */
    void* scratch;
    uint64_t scratch_bytes;
} pydml_gemm_i8_args;

/* The scratch bytes one product of M x K by K x N takes on `threads` threads: the largest of the
 * kernels the active CPU features may choose (they may change between this call and the product),
 * plus 63 to align the caller's pointer. The threads share the packing, so the size does not
 * depend on their count (the argument keeps the families' temporary_bytes form). */
uint64_t pydml_gemm_i8_scratch_bytes(uint32_t M, uint32_t N, uint32_t K, int threads);
/* The team for `work` multiply-adds (or loop steps of like cost): want > 0 exactly min(want, 64);
 * 0 the OpenMP thread count (at most 64), one thread below 2e6 (not worth waking threads). */
int pydml_gemm_i8_threads(int want, double work);

/* INVALID_PARAMETER for a NULL g, a NULL a/b (with K > 0), no output (neither emit nor c) or a
 * caller scratch smaller than pydml_gemm_i8_scratch_bytes; OUT_OF_MEMORY when the packing buffers cannot be had; else SUCCESS with every S delivered. */
pydml_status pydml_gemm_i8(const pydml_gemm_i8_args* g);

#endif /* PYDML_NATIVE_GEMM_INT8_H */
