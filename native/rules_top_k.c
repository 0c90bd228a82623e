/* The top_k operators' own rules (TOP_K, TOP_K1). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_top_k(uint32_t type) {
    (void)type;
    return NULL;
}
