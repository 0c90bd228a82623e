/* The normalization operators' own rules (BATCH_NORMALIZATION, MEAN_VARIANCE_NORMALIZATION(1, 2), LOCAL_RESPONSE_NORMALIZATION, LP_NORMALIZATION). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_normalization(uint32_t type) {
    (void)type;
    return NULL;
}
