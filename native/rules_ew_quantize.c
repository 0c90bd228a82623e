/* The pages' own rules for the clip, selection and quantization operators (ew_quantize.c): each "must" of a page that the tables cannot say. */
#include "rules.h"

pydml_rule_fn pydml_rules_ew_quantize(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
