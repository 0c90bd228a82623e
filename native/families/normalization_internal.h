/* The normalization family's row and statistics helpers (normalization.c), shared with the
 * training forms (normalization_training.c) so that both compute statistics the same way: each
 * chunk of PYDML_NORM_CHUNK consecutive elements of a group is reduced in double, shifted by its
 * first element, and the chunks are combined in a fixed order (normalization.c explains why). */
#ifndef PYDML_NATIVE_NORMALIZATION_INTERNAL_H
#define PYDML_NATIVE_NORMALIZATION_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* Elements per statistics chunk (normalization.c's NK_SCHUNK). */
#define PYDML_NORM_CHUNK 1024

/* n elements of a FLOAT32 or FLOAT16 tensor at element offset `off`, `stride` apart, to floats. */
void pydml_norm_load_row(uint32_t type, const void* base, uint64_t off, uint64_t stride, size_t n, float* dst);
/* n floats to a FLOAT32 or FLOAT16 tensor (FLOAT16: rounded to nearest even). */
void pydml_norm_store_row(uint32_t type, const float* src, size_t n, void* base, uint64_t off, uint64_t stride);

/* One chunk x[0 .. w) (w >= 1): its mean into *mean and sum of squared deviations into *m2; returns
 * its sum. Evaluated in double on the active ISA path, shifted by x[0] (0 when not finite). */
double pydml_norm_chunk_moments(const float* x, size_t w, double* mean, double* m2);

/* mean and M2 = sum (x - mean)^2 of n elements from their nc = ceil(n / PYDML_NORM_CHUNK) chunks in
 * order (PYDML_NORM_CHUNK elements each, the last one the rest): cs[2c] / cs[2c + 1] chunk c's mean
 * / M2, sums[c] its sum (Chan, Golub and LeVeque's pairwise update). */
void pydml_norm_combine(const double* cs, const double* sums, size_t nc, uint64_t n, double* mean, double* m2);

#endif /* PYDML_NATIVE_NORMALIZATION_INTERNAL_H */
