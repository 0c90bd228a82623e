/* ELEMENT_WISE math operators on the element-wise engine (elementwise.h): one table entry each.
 * Formulas are each operator's page (MicrosoftDocs/sdk-api ns-directml-dml_element_wise_*). */
#include "elementwise.h"

/* IDENTITY: f(x) = x (the ScaleBias, applied by the engine, is the whole operator) */
EW_F32(identity, EW_MAP(float, a[k]))
EW_F64(identity, EW_MAP(double, a[k]))
EW_I64(identity, EW_MAP(int64_t, a[k]))
EW_U64(identity, EW_MAP(uint64_t, a[k]))

/* ADD: A + B; integers wrap */
EW_F32(add, EW_MAP(float, a[k] + b[k]))
EW_F64(add, EW_MAP(double, a[k] + b[k]))
EW_I64(add, EW_MAP(int64_t, (int64_t)((uint64_t)a[k] + (uint64_t)b[k])))
EW_U64(add, EW_MAP(uint64_t, a[k] + b[k]))

/* MULTIPLY: A * B; integers wrap */
EW_F32(multiply, EW_MAP(float, a[k] * b[k]))
EW_F64(multiply, EW_MAP(double, a[k] * b[k]))
EW_I64(multiply, EW_MAP(int64_t, (int64_t)((uint64_t)a[k] * (uint64_t)b[k])))
EW_U64(multiply, EW_MAP(uint64_t, a[k] * b[k]))

#define ALL(name) EW_F32_SET(name), name##_f64, name##_i64, name##_u64

const ew_entry pydml_ew_math_entries[] = {
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, NULL, 0, 0, ALL(identity)},
    {DML_OPERATOR_ELEMENT_WISE_ADD, NULL, 0, 0, ALL(add)},
    {DML_OPERATOR_ELEMENT_WISE_ADD1, NULL, 0, 0, ALL(add)},
    {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, NULL, 0, 0, ALL(multiply)},
};
const uint32_t pydml_ew_math_entry_count = sizeof pydml_ew_math_entries / sizeof pydml_ew_math_entries[0];
