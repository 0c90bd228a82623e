/* ACTIVATION_* operators on the element-wise engine (elementwise.h). Each function is defined once
 * and serves the standalone operator, every FusedActivation (ADD1, CONVOLUTION, GEMM, ...) and,
 * later, its gradient. Parameters are read in include/pydml.h's pydml_activation order. */
#include "elementwise.h"

/* RELU: max(x, 0); NaN stays NaN */
EW_F32(relu, EW_MAP(float, a[k] < 0.0f ? 0.0f : a[k]))
EW_F64(relu, EW_MAP(double, a[k] < 0.0 ? 0.0 : a[k]))

const ew_entry pydml_ew_activation_entries[] = {
    {DML_OPERATOR_ACTIVATION_RELU, NULL, 0, EW_FLAG_FLOAT_INPUT_ONLY, EW_F32_SET(relu), relu_f64, NULL, NULL},
};
const uint32_t pydml_ew_activation_entry_count =
    sizeof pydml_ew_activation_entries / sizeof pydml_ew_activation_entries[0];
