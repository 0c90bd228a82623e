/* The pages' own rules for the pooling operators (pooling.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_pooling(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
