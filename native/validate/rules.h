/* Operators' own rules (run by validate.c after the table-driven checks) and the kernel
 * parameters they derive, shared by validation and operator creation. */
#ifndef PYDML_NATIVE_RULES_H
#define PYDML_NATIVE_RULES_H

#include "activation.h"
#include "schema.h"

/* RESAMPLE, RESAMPLE1/2/3, RESAMPLE_GRAD, RESAMPLE_GRAD1, UPSAMPLE_2D (rules_resample.c). */
pydml_status pydml_resample_params_of(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                      pydml_resample_params* params);
/* CONVOLUTION (rules_convolution.c). */
pydml_status pydml_convolution_params_of(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                         pydml_convolution_params* params);

/* Each family's own rules (native/rules_<family>.c): the rule function of an operator type, or
 * NULL when the family has none for it. */
pydml_rule_fn pydml_rules_ew_math(uint32_t type);
pydml_rule_fn pydml_rules_ew_activation(uint32_t type);
pydml_rule_fn pydml_rules_ew_logical(uint32_t type);
pydml_rule_fn pydml_rules_ew_quantize(uint32_t type);
pydml_rule_fn pydml_rules_softmax(uint32_t type);
pydml_rule_fn pydml_rules_gemm(uint32_t type);
pydml_rule_fn pydml_rules_reduce(uint32_t type);
pydml_rule_fn pydml_rules_pooling(uint32_t type);
pydml_rule_fn pydml_rules_data_movement(uint32_t type);
pydml_rule_fn pydml_rules_gather_scatter(uint32_t type);
pydml_rule_fn pydml_rules_random(uint32_t type);
pydml_rule_fn pydml_rules_normalization(uint32_t type);
pydml_rule_fn pydml_rules_top_k(uint32_t type);
pydml_rule_fn pydml_rules_integer_products(uint32_t type);
pydml_rule_fn pydml_rules_quantize(uint32_t type);
pydml_rule_fn pydml_rules_roi(uint32_t type);
pydml_rule_fn pydml_rules_attention(uint32_t type);
pydml_rule_fn pydml_rules_recurrent(uint32_t type);
pydml_rule_fn pydml_rules_training(uint32_t type);

#endif /* PYDML_NATIVE_RULES_H */
