/* Between gemm_indirect.c (the choice) and gemm_indirect_x86.c (the vector microkernels). Each
 * returns 0 when this build has no such path; the caller has checked pydml_active_cpu_features(). */
#ifndef PYDML_NATIVE_GEMM_INDIRECT_INTERNAL_H
#define PYDML_NATIVE_GEMM_INDIRECT_INTERNAL_H

#include "gemm_indirect.h"

int pydml_igemm_isa_avx512(pydml_igemm_isa* k, uint32_t nr); /* nr 16 or 32; 14 rows */
int pydml_igemm_isa_avx512_bf16(pydml_igemm_isa* k);         /* replaces an AVX-512 isa's kernels */
int pydml_igemm_isa_avx2(pydml_igemm_isa* k);                /* 6 x 16, continuing sums */

#endif /* PYDML_NATIVE_GEMM_INDIRECT_INTERNAL_H */
