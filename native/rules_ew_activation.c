/* The pages' own rules for the ACTIVATION_* operators (ew_activation.c): each "must" of a page that
 * the tables cannot say. Of the element-wise activations' pages only SOFTPLUS states one; the others
 * (CELU's division by Alpha, SHRINK's Threshold, HARD_SIGMOID / HARD_SWISH's coefficients, ...)
 * state none, so ew_activation.c defines those edges instead of refusing them. NaN attributes are
 * refused for every operator by validate.c. */
#include "rules.h"

/* SOFTPLUS page, Steepness (its text sits under OutputTensor): "This value cannot be less than 1." */
static pydml_status softplus_rules(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    (void)op;
    const DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC* d = desc;
    if (!(d->Steepness >= 1.0f)) {
        char v[40];
        return pydml_fail(c, "Steepness", "must be >= 1, got %s", pydml_format_real(v, sizeof v, d->Steepness, 1));
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_rule_fn pydml_rules_ew_activation(uint32_t type) {
    switch (type) {
    case DML_OPERATOR_ACTIVATION_SOFTPLUS:
        return softplus_rules;
    default:
        return NULL;
    }
}
