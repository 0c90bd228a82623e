/* The pages' own rules for the SOFTMAX, SOFTMAX1, LOG_SOFTMAX, LOG_SOFTMAX1, HARDMAX, HARDMAX1 (softmax.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_softmax(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
