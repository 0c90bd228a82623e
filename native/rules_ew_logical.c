/* The pages' own rules for the logical, comparison and bitwise operators (ew_logical.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_ew_logical(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
