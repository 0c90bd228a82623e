/* The random operators' own rules (RANDOM_GENERATOR). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_random(uint32_t type) {
    (void)type;
    return NULL;
}
