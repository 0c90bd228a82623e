/* The pages' own rules for REDUCE, ARGMIN, ARGMAX, TOP_K, the cumulative scans (reduce.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_reduce(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
