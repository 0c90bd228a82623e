/* Which operators have rules of their own beyond the tables (validate.c step 7). */
#include "rules.h"

static pydml_status resample_rules(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_resample_params p;
    return pydml_resample_params_of(c, op, desc, &p);
}

static pydml_status convolution_rules(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_convolution_params p;
    return pydml_convolution_params_of(c, op, desc, &p);
}

pydml_rule_fn pydml_find_rules(uint32_t type) {
    /* the element-wise families and softmax answer for their own operators */
    pydml_rule_fn family;
    if ((family = pydml_rules_ew_math(type)) || (family = pydml_rules_ew_activation(type)) ||
        (family = pydml_rules_ew_logical(type)) || (family = pydml_rules_ew_quantize(type)) ||
        (family = pydml_rules_softmax(type)) || (family = pydml_rules_gemm(type)) ||
        (family = pydml_rules_reduce(type)) || (family = pydml_rules_pooling(type)) ||
        (family = pydml_rules_data_movement(type)) ||
        (family = pydml_rules_gather_scatter(type)) ||
        (family = pydml_rules_random(type)) ||
        (family = pydml_rules_normalization(type)) ||
        (family = pydml_rules_top_k(type)) ||
        (family = pydml_rules_integer_products(type)) ||
        (family = pydml_rules_quantize(type)) ||
        (family = pydml_rules_roi(type)) ||
        (family = pydml_rules_attention(type)) ||
        (family = pydml_rules_recurrent(type)) ||
        (family = pydml_rules_training(type)))
        return family;
    switch (type) {
    case DML_OPERATOR_UPSAMPLE_2D:
    case DML_OPERATOR_RESAMPLE:
    case DML_OPERATOR_RESAMPLE1:
    case DML_OPERATOR_RESAMPLE2:
    case DML_OPERATOR_RESAMPLE3:
    case DML_OPERATOR_RESAMPLE_GRAD:
    case DML_OPERATOR_RESAMPLE_GRAD1:
        return resample_rules;
    case DML_OPERATOR_CONVOLUTION:
        return convolution_rules;
    default:
        return NULL;
    }
}
