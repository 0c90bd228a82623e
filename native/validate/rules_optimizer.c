/* ADAM_OPTIMIZER's own rules (optimizer.c runs it): each "must" of its page
 * (pydml/ops/optimizer.py transcribes it) that the generated tables cannot say. The table already
 * holds TrainingStepTensor to UINT32 and 4 dimensions (the field text; training.py says why) and
 * the other seven tensors to one DataType and Sizes. */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* TrainingStepTensor field: "This tensor must be a scalar (that is, all Sizes equal to 1)". Beta1
 * and Beta2 "should be between 0.0 and 1.0": a recommendation, not a rule, so any value passes. */
pydml_status pydml_rule_optimizer_adam(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, "TrainingStepTensor");
    char field[48];
    for (uint32_t d = 0; t != NULL && d < t->DimensionCount; d++)
        if (t->Sizes[d] != 1) {
            snprintf(field, sizeof field, "TrainingStepTensor.Sizes[%u]", d);
            return pydml_fail(c, field, "must be 1 (the training step is a scalar), got %u", t->Sizes[d]);
        }
    return PYDML_STATUS_SUCCESS;
}

