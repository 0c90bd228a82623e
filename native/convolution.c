/* Placeholder until the convolution kernels land (issue 4). */
#include <stdlib.h>
#include "common.h"

pydml_status pydml_convolution_plan_create(const pydml_convolution_params* params,
                                           pydml_convolution_plan** plan) {
    (void)params;
    if (plan) *plan = NULL;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}
void pydml_convolution_plan_destroy(pydml_convolution_plan* plan) { (void)plan; }
pydml_status pydml_convolution_execute(const pydml_convolution_plan* plan, const pydml_tensor* input,
                                       const pydml_tensor* filter, const pydml_tensor* bias,
                                       const pydml_tensor* output) {
    (void)plan; (void)input; (void)filter; (void)bias; (void)output;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}
