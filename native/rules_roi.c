/* The roi operators' own rules (ROI_POOLING, ROI_ALIGN, ROI_ALIGN1). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_roi(uint32_t type) {
    (void)type;
    return NULL;
}
