/* The kernel parameters of a fused activation desc (pydml_activation, include/pydml.h), read once at
 * operator creation by every family that fuses one (GEMM, convolution, normalization, batch-norm
 * training, the recurrent gates). The validator has checked the desc already. */
#include <string.h>

#include "activation.h"
#include "common.h"

static _Thread_local const pydml_activation* tl_override;

void pydml_activation_override(const pydml_activation* activation) { tl_override = activation; }

void pydml_activation_of(const DML_OPERATOR_DESC* f, pydml_activation* a) {
    if (tl_override != NULL) {
        *a = *tl_override;
        return;
    }
    memset(a, 0, sizeof *a);
    a->type = f->Type;
    switch (f->Type) {
    case DML_OPERATOR_ELEMENT_WISE_CLIP: {
        const DML_ELEMENT_WISE_CLIP_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Min; a->params[1] = d->Max;
        a->params[2] = d->ScaleBias ? d->ScaleBias->Scale : 1.0f;
        a->params[3] = d->ScaleBias ? d->ScaleBias->Bias : 0.0f;
        break;
    }
    case DML_OPERATOR_ACTIVATION_ELU: a->params[0] = ((const DML_ACTIVATION_ELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_CELU: a->params[0] = ((const DML_ACTIVATION_CELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_LEAKY_RELU:
        a->params[0] = ((const DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU:
        a->params[0] = ((const DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_SOFTPLUS:
        a->params[0] = ((const DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC*)f->Desc)->Steepness; break;
    case DML_OPERATOR_ACTIVATION_HARD_SIGMOID: {
        const DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_LINEAR: {
        const DML_ACTIVATION_LINEAR_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS: {
        const DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_SCALED_TANH: {
        const DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_SCALED_ELU: {
        const DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Gamma; break;
    }
    /* the activations DirectML does not fuse, which the graph compiler runs inside a producer
     * (activation.h pydml_activation_override): the parameters their own kernels read */
    case DML_OPERATOR_ELEMENT_WISE_CLIP1: { /* float bounds (the graph compiler fuses no others) */
        const DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC* d = f->Desc;
        const int half = d->MinMaxDataType == DML_TENSOR_DATA_TYPE_FLOAT16;
        a->params[0] = half ? pydml_f16_to_f32(d->Min.UInt16) : d->Min.Float32;
        a->params[1] = half ? pydml_f16_to_f32(d->Max.UInt16) : d->Max.Float32;
        a->params[2] = d->ScaleBias ? d->ScaleBias->Scale : 1.0f;
        a->params[3] = d->ScaleBias ? d->ScaleBias->Bias : 0.0f;
        break;
    }
    case DML_OPERATOR_ACTIVATION_SWISH:
        a->params[0] = ((const DML_ACTIVATION_SWISH_OPERATOR_DESC*)f->Desc)->SigmoidInputScale; break;
    case DML_OPERATOR_ACTIVATION_HARD_SWISH: {
        const DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_SHRINK: {
        const DML_ACTIVATION_SHRINK_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Bias; a->params[1] = d->Threshold; break;
    }
    default: break; /* no parameters */
    }
}
