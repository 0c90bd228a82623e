/* The pages' own rules for GEMM and the integer/quantized matrix products (gemm.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_gemm(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
