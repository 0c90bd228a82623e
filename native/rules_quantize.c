/* The quantize operators' own rules (QUANTIZE, DEQUANTIZE, DYNAMIC_QUANTIZE_LINEAR, QUANTIZED_LINEAR_AVERAGE_POOLING). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_quantize(uint32_t type) {
    (void)type;
    return NULL;
}
