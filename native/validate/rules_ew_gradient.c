/* The pages' own rules for the element-wise gradient operators (ew_gradient.c): ACTIVATION_RELU_GRAD,
 * ELEMENT_WISE_CLIP_GRAD and ELEMENT_WISE_CLIP_GRAD1. Pages: MicrosoftDocs/sdk-api
 * ns-directml-dml_{activation_relu_grad,element_wise_clip_grad,element_wise_clip_grad1}_operator_desc.md
 * (commits in pydml/ops/ew_gradient.py). RELU_GRAD and CLIP_GRAD have nothing the tables cannot say
 * (same DataType, DimensionCount and Sizes for all three tensors; CLIP_GRAD's FLOAT Min/Max need no
 * order: the gradient formula is total). */
#include "common.h"
#include "rules.h"

/* CLIP_GRAD1: "MinMaxDataType ... must match OutputTensor.DataType" (the page's name for the
 * output, OutputGradientTensor in the struct). Its page asks nothing of Min <= Max: the gradient
 * formula is total (ew_gradient.c), so unlike CLIP1 no order is required. */
pydml_status pydml_rule_ew_gradient_clip_grad1(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* out = pydml_tensor_field(op, desc, "OutputGradientTensor");
    if (out != NULL && out->DataType != d->MinMaxDataType)
        return pydml_fail(c, "MinMaxDataType", "must match OutputGradientTensor.DataType DML_TENSOR_DATA_TYPE_%s, got "
                          "DML_TENSOR_DATA_TYPE_%s", pydml_data_type_name(out->DataType),
                          pydml_data_type_name(d->MinMaxDataType));
    return PYDML_STATUS_SUCCESS;
}
