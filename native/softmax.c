/* SOFTMAX and its relatives (softmax.h). */
#include <stdlib.h>

#include "softmax.h"

struct pydml_softmax_plan {
    uint32_t type;
};

int pydml_softmax_supports(uint32_t type) {
    (void)type;
    return 0; /* none yet */
}

pydml_status pydml_softmax_plan_create(const pydml_operator_info* info, const void* desc, pydml_softmax_plan** plan) {
    (void)info;
    (void)desc;
    if (plan) *plan = NULL;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}

void pydml_softmax_plan_destroy(pydml_softmax_plan* plan) { free(plan); }

pydml_status pydml_softmax_execute(const pydml_softmax_plan* plan, const pydml_tensor* input, const pydml_tensor* output) {
    (void)plan;
    (void)input;
    (void)output;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}
