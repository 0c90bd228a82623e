/* The gather_scatter operators' own rules (GATHER, GATHER_ELEMENTS, GATHER_ND(1), SCATTER_ELEMENTS, SCATTER_ND, ONE_HOT, REVERSE_SUBSEQUENCES, NONZERO_COORDINATES). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_gather_scatter(uint32_t type) {
    (void)type;
    return NULL;
}
