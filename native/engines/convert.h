/* Conversions and data-type classes shared by every kernel family: one definition each, so a
 * FLOAT16 row converts the same way (round to nearest even, F16C semantics) in every operator. */
#ifndef PYDML_NATIVE_CONVERT_H
#define PYDML_NATIVE_CONVERT_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common.h"

/* n contiguous FLOAT16 values to FLOAT32 and back, on the widest path pydml_active_cpu_features()
 * allows (AVX-512, F16C, portable C; the tests run each). Exact / round-to-nearest-even. */
/* A FLOAT16 element at any byte address: views of raw memory may start at an odd one, so row code
 * reads and writes halves through this 1-byte-aligned type (no alignment is assumed). */
typedef uint16_t pydml_half_u __attribute__((aligned(1)));

void pydml_f16_row_to_f32(const uint16_t* src, float* dst, size_t n);
void pydml_f32_row_to_f16(const float* src, uint16_t* dst, size_t n);

/* n contiguous elements of data type stype converted to dtype by CAST's rules (data_movement.c's
 * top: float -> integer truncates toward zero, saturates, NaN -> 0; integer -> float rounds to
 * nearest even; integer -> integer keeps the low bits; FLOAT64 -> FLOAT32 rounds to nearest even),
 * on the widest path pydml_active_cpu_features() allows, at any byte address (src and dst may
 * overlap only if equal; FLOAT32 <-> FLOAT16 are the rows above, whose FLOAT32 side must be
 * float-aligned). FLOAT16 pairs with the integers, and FLOAT16 -> FLOAT64, go through a FLOAT32
 * stage. Returns 0, converting nothing, for a pair it has no row for (FLOAT64 -> FLOAT16, the 4-bit
 * types, equal types): the caller does those. */
int pydml_cast_row_contiguous(uint32_t stype, uint32_t dtype, const void* src, void* dst, size_t n);

/* A double rounded to float with round-to-odd (an inexact result keeps a sticky last bit), so that
 * a later float -> FLOAT16 rounding to nearest even is the single correct rounding of the double
 * (24 >= 11 + 2 bits). NaN passes; a double past the float range becomes the largest float, whose
 * FLOAT16 rounding is infinity, as the double's is. */
static inline float pydml_f64_to_f32_odd(double d) {
    float f = (float)d;
    if ((double)f == d || d != d) return f;
    if (fabs((double)f) > fabs(d)) f = nextafterf(f, 0.0f); /* toward zero */
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    bits |= 1u;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* A double rounded once to FLOAT16 (to nearest even). */
static inline uint16_t pydml_f64_to_f16(double d) { return pydml_f32_to_f16(pydml_f64_to_f32_odd(d)); }

/* Round half to even, independent of the FPU's rounding mode: q - floor(q) is exact; |q| >= 2^52
 * is already integral; inf and NaN pass. */
static inline double pydml_round_half_even(double q) {
    double r = floor(q), d = q - r;
    if (d > 0.5 || (d == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return r;
}

/* DML_TENSOR_DATA_TYPE classes and widths, inline: a loop over elements of a type known where
 * it is compiled (data_movement.c's CAST rows) folds them to constants (a call per element to the
 * out-of-line versions cost CAST FLOAT32 -> INT32 3 ns an element). */
static inline int pydml_type_is_float(uint32_t t) { /* FLOAT16, FLOAT32, FLOAT64 */
    return t == DML_TENSOR_DATA_TYPE_FLOAT16 || t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT64;
}

static inline int pydml_type_is_signed(uint32_t t) { /* INT8 .. INT64 (not INT4) */
    return t == DML_TENSOR_DATA_TYPE_INT8 || t == DML_TENSOR_DATA_TYPE_INT16 || t == DML_TENSOR_DATA_TYPE_INT32 ||
           t == DML_TENSOR_DATA_TYPE_INT64;
}

static inline int pydml_type_is_unsigned(uint32_t t) { /* UINT8 .. UINT64 (not UINT4) */
    return t == DML_TENSOR_DATA_TYPE_UINT8 || t == DML_TENSOR_DATA_TYPE_UINT16 || t == DML_TENSOR_DATA_TYPE_UINT32 ||
           t == DML_TENSOR_DATA_TYPE_UINT64;
}

/* bits of one element (0: unknown); pydml_data_type_bits (the C API) returns it */
static inline uint32_t pydml_type_bits(uint32_t data_type) {
    switch (data_type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: case DML_TENSOR_DATA_TYPE_UINT32: case DML_TENSOR_DATA_TYPE_INT32:
        return 32;
    case DML_TENSOR_DATA_TYPE_FLOAT16: case DML_TENSOR_DATA_TYPE_UINT16: case DML_TENSOR_DATA_TYPE_INT16:
    case PYDML_DATA_TYPE_BFLOAT16:
        return 16;
    case DML_TENSOR_DATA_TYPE_UINT8: case DML_TENSOR_DATA_TYPE_INT8:
        return 8;
    case DML_TENSOR_DATA_TYPE_UINT4: case DML_TENSOR_DATA_TYPE_INT4:
        return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT64: case DML_TENSOR_DATA_TYPE_UINT64: case DML_TENSOR_DATA_TYPE_INT64:
        return 64;
    default:
        return 0;
    }
}

#endif /* PYDML_NATIVE_CONVERT_H */
