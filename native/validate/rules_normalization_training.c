/* The training normalization operators' own rules (BATCH_NORMALIZATION_TRAINING,
 * BATCH_NORMALIZATION_TRAINING_GRAD, BATCH_NORMALIZATION_GRAD, LOCAL_RESPONSE_NORMALIZATION_GRAD;
 * normalization_training.c runs them): each "must" of the pages (pydml/ops/normalization_training.py
 * transcribes them) that the generated tables cannot say. Epsilon: no page says "must" about it. */
#include "rules.h"

/* BATCH_NORMALIZATION_TRAINING page: "Any dimension in ScaleTensor and BiasTensor can be set to 1
 * ... but otherwise must equal the corresponding dimension's size from InputTensor" (the constraint
 * list gives Bias, OutputMean and OutputVariance Scale's sizes). */
pydml_status pydml_rule_normalization_training_bn_training(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_status s;
    if ((s = pydml_normalization_broadcast_rule(c, op, desc, "ScaleTensor", 0, 0, ""))) return s;
    return pydml_normalization_broadcast_rule(c, op, desc, "BiasTensor", 0, 0, "");
}

/* BATCH_NORMALIZATION_GRAD and BATCH_NORMALIZATION_TRAINING_GRAD pages: "Any dimension in
 * MeanTensor, VarianceTensor, and ScaleTensor can be set to 1 ... but otherwise must equal the
 * corresponding dimension's size from InputTensor" (the constraint list gives the two gradient
 * outputs Mean's sizes). */
pydml_status pydml_rule_normalization_training_bn_grad(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    static const char* const names[3] = {"MeanTensor", "VarianceTensor", "ScaleTensor"};
    for (int k = 0; k < 3; k++) {
        pydml_status s = pydml_normalization_broadcast_rule(c, op, desc, names[k], 0, 0, "");
        if (s) return s;
    }
    return PYDML_STATUS_SUCCESS;
}

/* LOCAL_RESPONSE_NORMALIZATION_GRAD page, LocalSize: "This value must be at least 1." */
pydml_status pydml_rule_normalization_training_lrn_grad(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    (void)op;
    const DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC* d = desc;
    if (d->LocalSize < 1) return pydml_fail(c, "LocalSize", "must be at least 1, got %u", d->LocalSize);
    return PYDML_STATUS_SUCCESS;
}
