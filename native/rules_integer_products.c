/* The integer_products operators' own rules (MATRIX_MULTIPLY_INTEGER(_TO_FLOAT), QUANTIZED_LINEAR_MATRIX_MULTIPLY, CONVOLUTION_INTEGER, QUANTIZED_LINEAR_CONVOLUTION). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_integer_products(uint32_t type) {
    (void)type;
    return NULL;
}
