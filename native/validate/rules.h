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

/* Each dimension of tensor field `name` is 1 (broadcast) or InputTensor's size; `exact_dims` bit d:
 * dimension d must equal InputTensor's, lifted from `exact_level` (`why` says when) — the
 * normalization pages' rule, shared by rules_normalization.c and rules_normalization_training.c. */
pydml_status pydml_normalization_broadcast_rule(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                                const char* name, uint32_t exact_dims, uint32_t exact_level,
                                                const char* why);

/* The operators' own rule functions, pydml_rule_<file>[_<name>] defined in rules_<file>.c: which
 * operator runs which is its schema entry's rules= (pydml/ops/<family>.py), generated into
 * rule_table.c with these declarations (pydml_find_rules looks them up). */
#include "rule_functions.h"

#endif /* PYDML_NATIVE_RULES_H */
