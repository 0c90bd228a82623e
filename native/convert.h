/* Conversions and data-type classes shared by every kernel family: one definition each, so a
 * FLOAT16 row converts the same way (round to nearest even, F16C semantics) in every operator. */
#ifndef PYDML_NATIVE_CONVERT_H
#define PYDML_NATIVE_CONVERT_H

#include <stddef.h>
#include <stdint.h>

/* n contiguous FLOAT16 values to FLOAT32 and back, on the widest path pydml_active_cpu_features()
 * allows (AVX-512, F16C, portable C; the tests run each). Exact / round-to-nearest-even. */
void pydml_f16_row_to_f32(const uint16_t* src, float* dst, size_t n);
void pydml_f32_row_to_f16(const float* src, uint16_t* dst, size_t n);

/* DML_TENSOR_DATA_TYPE classes. */
int pydml_type_is_float(uint32_t data_type);    /* FLOAT16, FLOAT32, FLOAT64 */
int pydml_type_is_signed(uint32_t data_type);   /* INT8 .. INT64 (not INT4) */
int pydml_type_is_unsigned(uint32_t data_type); /* UINT8 .. UINT64 (not UINT4) */

#endif /* PYDML_NATIVE_CONVERT_H */
