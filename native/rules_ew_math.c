/* The pages' own rules for the ELEMENT_WISE math operators (ew_math.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_ew_math(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
