/* Placeholder until the resample kernels land (issue 3). */
#include <stdlib.h>
#include "common.h"

pydml_status pydml_resample_plan_create(const pydml_resample_params* params, pydml_resample_plan** plan) {
    (void)params;
    if (plan) *plan = NULL;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}
void pydml_resample_plan_destroy(pydml_resample_plan* plan) { (void)plan; }
pydml_status pydml_resample_forward(const pydml_resample_plan* plan, const pydml_tensor* input,
                                    const pydml_tensor* output) {
    (void)plan; (void)input; (void)output;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}
pydml_status pydml_resample_backward(const pydml_resample_plan* plan, const pydml_tensor* input_gradient,
                                     const pydml_tensor* output_gradient) {
    (void)plan; (void)input_gradient; (void)output_gradient;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}
