/* ELEMENT_WISE logical, comparison, classification and bitwise operators on the element-wise
 * engine (elementwise.h): one table entry each. Formulas are each operator's page
 * (MicrosoftDocs/sdk-api ns-directml-dml_element_wise_<name>_operator_desc); the data types each
 * path serves are the pages' support tables (pydml/ops/ew_logical.py).
 *
 * Results of the logical, comparison and classification operators are 1 or 0 written in the domain
 * type; the engine stores them into the UINT8/UINT32 output. The domain comes from input 0, so a
 * comparison compares in its inputs' domain (FLOAT16 converts to float exactly). */
#include "elementwise.h"

/* ---- logical (pages: LOGICAL_AND/OR/XOR/NOT; inputs UINT32/UINT8 -> the int64 domain) ---- */

/* AND: f(a, b) = (a && b); any non-zero input is true, the result is 1 or 0 */
EW_I64(logical_and, EW_MAP(int64_t, (int64_t)((a[k] != 0) & (b[k] != 0))))
/* OR: f(a, b) = (a || b) */
EW_I64(logical_or, EW_MAP(int64_t, (int64_t)((a[k] != 0) | (b[k] != 0))))
/* XOR: f(a, b) = (!!a) != (!!b) */
EW_I64(logical_xor, EW_MAP(int64_t, (int64_t)((a[k] != 0) != (b[k] != 0))))
/* NOT: f(x) = !x */
EW_I64(logical_not, EW_MAP(int64_t, (int64_t)(a[k] == 0)))

/* ---- comparisons (pages: LOGICAL_EQUALS, _GREATER_THAN, _LESS_THAN, _GREATER_THAN_OR_EQUAL,
 * _LESS_THAN_OR_EQUAL). Floats follow IEEE-754: every comparison with a NaN is false (NaN == NaN
 * is 0), and -0.0 == +0.0. No page lists FLOAT64 inputs (so no f64 path). Integer types up to
 * UINT32 compare their sign- or zero-extended values in int64_t; UINT64 compares in uint64_t, so
 * values above INT64_MAX order correctly. ---- */

#define EW_COMPARE(name, OP)                                                                       \
    EW_F32(name, EW_MAP(float, a[k] OP b[k] ? 1.0f : 0.0f))                                        \
    EW_I64(name, EW_MAP(int64_t, (int64_t)(a[k] OP b[k])))                                         \
    EW_U64(name, EW_MAP(uint64_t, (uint64_t)(a[k] OP b[k])))
EW_COMPARE(equals, ==)
EW_COMPARE(greater, >)
EW_COMPARE(less, <)
EW_COMPARE(greater_equal, >=)
EW_COMPARE(less_equal, <=)
#undef EW_COMPARE

/* ---- classification (pages: IS_NAN, IS_INFINITY; FLOAT32/FLOAT16 inputs) ---- */

/* IS_NAN: 1 where x is a NaN (any payload, either sign, quiet or signalling) */
EW_F32(is_nan, EW_MAP(float, a[k] != a[k] ? 1.0f : 0.0f))

/* IS_INFINITY: isinf(x) && ((x > 0 && POSITIVE) || (x < 0 && NEGATIVE) || EITHER). InfinityMode is
 * one of the three DML_IS_INFINITY_MODE values (the validator refuses others). */
EW_F32(is_infinity,
       const uint64_t mode_ = P->u[0];
       const float lo_ = mode_ == DML_IS_INFINITY_MODE_POSITIVE ? INFINITY : -INFINITY;
       const float hi_ = mode_ == DML_IS_INFINITY_MODE_NEGATIVE ? -INFINITY : INFINITY;
       EW_MAP(float, a[k] == lo_ || a[k] == hi_ ? 1.0f : 0.0f))

/* ---- bitwise (pages: BIT_AND/OR/XOR/NOT/COUNT, BIT_SHIFT_LEFT/RIGHT) ----
 *
 * The pages apply every bitwise operation "to tensor data in its native encoding": the data type
 * only sets the element width. Integer types: the int64 domain holds sign- or zero-extended values
 * and the engine wraps on store, so AND/OR/XOR/NOT computed on the extended values keep exactly
 * the element's low bits (BIT_NOT of UINT8 5 stores ~5 mod 256 = 250); BIT_COUNT masks to the
 * input's width first (INT8 -1 counts 8, not 64). Floats are their bits: the entries carry
 * EW_FLAG_RAW_BITS, so the engine loads and stores FLOAT16/32/64 as UINT16/32/64 and a NaN's
 * payload and signalling state pass through untouched. */

static inline uint64_t popcount64(uint64_t v) { /* SWAR population count */
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (v * 0x0101010101010101ull) >> 56;
}

/* The bit mask of an integer data type's width, for the int64 domain. */
static inline uint64_t width_mask(uint32_t type) {
    uint32_t bits = pydml_data_type_bits(type);
    return bits >= 64 ? ~0ull : (1ull << bits) - 1u;
}

/* Both integer domains of a bitwise operation; the int64 domain works on the two's complement bits. */
#define EW_BITS(name, OP)                                                                          \
    EW_I64(name, EW_MAP(int64_t, (int64_t)OP((uint64_t)a[k], (uint64_t)b[k])))                     \
    EW_U64(name, EW_MAP(uint64_t, OP(a[k], b[k])))

/* BIT_AND: f(a, b) = a & b; BIT_OR: a | b; BIT_XOR: a ^ b; BIT_NOT: f(x) = ~x (every bit of the
 * element's width flipped: the store keeps the element's low bits). */
#define AND_OP(x, y) ((x) & (y))
#define OR_OP(x, y) ((x) | (y))
#define XOR_OP(x, y) ((x) ^ (y))
#define NOT_OP(x, y) (~(x))
EW_BITS(bit_and, AND_OP)
EW_BITS(bit_or, OR_OP)
EW_BITS(bit_xor, XOR_OP)
EW_BITS(bit_not, NOT_OP)

/* BIT_COUNT: the number of 1 bits of the element's native encoding (page example: UINT32 123 ->
 * 6); the output (UINT32/UINT8) receives the count. */
EW_I64(bit_count, const uint64_t mask_ = width_mask(P->input_types[0]);
       EW_MAP(int64_t, (int64_t)popcount64((uint64_t)a[k] & mask_)))
EW_U64(bit_count, EW_MAP(uint64_t, popcount64(a[k])))

/* BIT_SHIFT_LEFT: f(a, b) = a << b, zeros shifted in; BIT_SHIFT_RIGHT: f(a, b) = a >> b, a logical
 * (zero-filling) shift. Inputs are UINT8..UINT64 only (no negative shift amounts exist).
 * Decision (the pages are silent on shift amounts >= the element width, and C leaves them
 * undefined): a shift by b >= width gives 0 -- every bit shifted out, as shifting one bit at a
 * time would, and as numpy and torch define it -- rather than HLSL's shift amount masked to its
 * low 5 (or 6) bits. Here b < 64 is shifted in 64 bits and the engine's wrapping store keeps the
 * element's low bits (0 once b >= width; zero-extended a shifted right by b >= width is 0);
 * b >= 64 gives 0 directly, so no shift is undefined. */
EW_I64(shift_left, EW_MAP(int64_t, (uint64_t)b[k] >= 64 ? 0 : (int64_t)((uint64_t)a[k] << b[k])))
EW_U64(shift_left, EW_MAP(uint64_t, b[k] >= 64 ? 0 : a[k] << b[k]))
EW_I64(shift_right, EW_MAP(int64_t, (uint64_t)b[k] >= 64 ? 0 : (int64_t)((uint64_t)a[k] >> b[k])))
EW_U64(shift_right, EW_MAP(uint64_t, b[k] >= 64 ? 0 : a[k] >> b[k]))

#define COMPARE(name) EW_F32_SET(name), NULL, name##_i64, name##_u64
#define FLOAT_ONLY(name) EW_F32_SET(name), NULL, NULL, NULL
#define INTEGER(name) {NULL, NULL, NULL}, NULL, name##_i64, NULL
#define UNSIGNED(name) {NULL, NULL, NULL}, NULL, name##_i64, name##_u64

const ew_entry pydml_ew_logical_entries[] = {
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, NULL, 0, 0, INTEGER(logical_and)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR, NULL, 0, 0, INTEGER(logical_or)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR, NULL, 0, 0, INTEGER(logical_xor)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT, NULL, 0, 0, INTEGER(logical_not)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, NULL, 0, 0, COMPARE(equals)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, NULL, 0, 0, COMPARE(greater)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN, NULL, 0, 0, COMPARE(less)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, NULL, 0, 0, COMPARE(greater_equal)},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, NULL, 0, 0, COMPARE(less_equal)},
    {DML_OPERATOR_ELEMENT_WISE_IS_NAN, NULL, 0, EW_FLAG_FLOAT_INPUT_ONLY, FLOAT_ONLY(is_nan)},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, "InfinityMode", 0, EW_FLAG_FLOAT_INPUT_ONLY, FLOAT_ONLY(is_infinity)},
    {DML_OPERATOR_ELEMENT_WISE_BIT_AND, NULL, 0, EW_FLAG_RAW_BITS, UNSIGNED(bit_and)},
    {DML_OPERATOR_ELEMENT_WISE_BIT_OR, NULL, 0, EW_FLAG_RAW_BITS, UNSIGNED(bit_or)},
    {DML_OPERATOR_ELEMENT_WISE_BIT_XOR, NULL, 0, EW_FLAG_RAW_BITS, UNSIGNED(bit_xor)},
    {DML_OPERATOR_ELEMENT_WISE_BIT_NOT, NULL, 0, EW_FLAG_RAW_BITS, UNSIGNED(bit_not)},
    {DML_OPERATOR_ELEMENT_WISE_BIT_COUNT, NULL, 0, EW_FLAG_RAW_BITS, UNSIGNED(bit_count)},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, NULL, 0, 0, UNSIGNED(shift_left)},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT, NULL, 0, 0, UNSIGNED(shift_right)},
};
const uint32_t pydml_ew_logical_entry_count = sizeof pydml_ew_logical_entries / sizeof pydml_ew_logical_entries[0];
