/* The operators' own rule functions (native/validate/rules_<file>.c), one per schema entry's
 * rules= (pydml/ops/<family>.py). Generated from include/DirectML.h and the family tables in pydml/ops/ by `python -m pydml.schema.generate`. Do not edit. */
#ifndef PYDML_NATIVE_RULE_FUNCTIONS_H
#define PYDML_NATIVE_RULE_FUNCTIONS_H

#include "schema.h"

pydml_status pydml_rule_attention(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_convolution(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_depth_space(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_fold_unfold(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_join_split(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_padding(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_slice(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_slice_grad(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_tile(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_value_scale(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_data_movement_value_type(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_ew_activation_softplus(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_ew_gradient_clip_grad1(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_ew_math_pow(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_ew_quantize_clip(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_ew_quantize_clip1(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_ew_quantize_qlinear_add(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_ew_quantize_quantize(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gather_scatter_elements(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gather_scatter_gather(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gather_scatter_nd(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gather_scatter_nonzero(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gather_scatter_one_hot(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gather_scatter_reverse(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gather_scatter_unpool(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_gemm(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_integer_products_convolution(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_integer_products_matmul(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_batch_norm(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_lp(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_lrn(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_mvn(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_mvn1(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_mvn2(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_training_bn_grad(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_training_bn_training(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_normalization_training_lrn_grad(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_optimizer_adam(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_pooling(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_quantize(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_quantize_dynamic(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_quantize_qlap(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_random(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_recurrent(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_reduce(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_reduce_argmax(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_reduce_argmin(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_reduce_cumprod(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_reduce_cumsum(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_resample(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_roi_roi_align(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_roi_roi_align_grad(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_roi_roi_pooling(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_softmax_axes(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_softmax_effective_rank(pydml_check* c, const pydml_operator_info* op, const void* desc);
pydml_status pydml_rule_top_k(pydml_check* c, const pydml_operator_info* op, const void* desc);

#endif /* PYDML_NATIVE_RULE_FUNCTIONS_H */
