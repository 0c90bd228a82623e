/* Operators' own rules (run by validate.c after the table-driven checks) and the kernel
 * parameters they derive, shared by validation and operator creation. */
#ifndef PYDML_NATIVE_RULES_H
#define PYDML_NATIVE_RULES_H

#include "schema.h"

/* RESAMPLE, RESAMPLE1/2/3, RESAMPLE_GRAD, RESAMPLE_GRAD1, UPSAMPLE_2D (rules_resample.c). */
pydml_status pydml_resample_params_of(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                      pydml_resample_params* params);
/* CONVOLUTION (rules_convolution.c). */
pydml_status pydml_convolution_params_of(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                         pydml_convolution_params* params);
/* The kernel parameters of a fused activation desc (already validated). */
void pydml_activation_of(const DML_OPERATOR_DESC* fused, pydml_activation* activation);

#endif /* PYDML_NATIVE_RULES_H */
