/* The pages' own rules for the ACTIVATION_* operators (ew_activation.c): each "must" of a page that
 * the tables cannot say. Of the element-wise activations' pages only SOFTPLUS states one; the others
 * (CELU's division by Alpha, SHRINK's Threshold, HARD_SIGMOID / HARD_SWISH's coefficients, ...)
 * state none, so ew_activation.c defines those edges instead of refusing them. NaN attributes are
 * refused for every operator by validate.c. */
#include "rules.h"

/* SOFTPLUS page, Steepness (its text sits under OutputTensor): "This value cannot be less than 1."
 * The feature-level history (windows-ai-docs dml-feature-level-history.md, DML_FEATURE_LEVEL_6_4, and
 * DirectML's Releases.md for 1.15.0): "Updated DML_OPERATOR_ACTIVATION_SOFTPLUS to allow Steepness
 * < 1". From 6_4 any Steepness but 0 is taken: f(x) = ln(1 + exp(Steepness * x)) / Steepness divides
 * by it (0 has no value; a negative Steepness is defined and ew_activation.c computes it). */
pydml_status pydml_rule_ew_activation_softplus(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    (void)op;
    const DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC* d = desc;
    char v[40];
    if (d->Steepness >= 1.0f) return PYDML_STATUS_SUCCESS;
    if (d->Steepness == 0.0f)
        return pydml_fail(c, "Steepness", "must not be 0 (f divides by it), got %s",
                          pydml_format_real(v, sizeof v, d->Steepness, 1));
    if (c->level < DML_FEATURE_LEVEL_6_4)
        return pydml_fail_level(c, DML_FEATURE_LEVEL_6_4, "Steepness",
                                "must be >= 1 below DML_FEATURE_LEVEL_6_4 (which allows Steepness < 1); the device "
                                "was created at %s, got %s", pydml_feature_level_name(c->level),
                                pydml_format_real(v, sizeof v, d->Steepness, 1));
    return PYDML_STATUS_SUCCESS;
}

