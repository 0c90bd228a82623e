/* The pages' own rules for the ACTIVATION_* operators (ew_activation.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_ew_activation(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
