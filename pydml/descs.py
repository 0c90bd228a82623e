"""The 177 DirectML operator descs as frozen dataclasses, fields in C order.

Generated from include/DirectML.h and the family tables in pydml/ops/ by `python -m pydml.schema.generate`. Do not edit.

Scalar fields (numbers, BOOL, enums, DML_SIZE_2D, DML_SCALAR_UNION) are required, except where
the page states a typical default (a family's DEFAULTS). Pointer fields default to None (NULL);
count fields default to None: derived from their arrays' lengths.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydml.desc_class import OperatorDescBase, operator_desc
from pydml.enums import (
    AxisDirection,
    ConvolutionDirection,
    ConvolutionMode,
    DepthSpaceOrder,
    InterpolationMode,
    IsInfinityMode,
    MatrixTransform,
    MultiheadAttentionMaskType,
    PaddingMode,
    QuantizationType,
    RandomGeneratorType,
    RecurrentNetworkDirection,
    ReduceFunction,
    RoundingMode,
    TensorDataType,
)
from pydml.structs import ScalarUnion, ScaleBias, Size2D
from pydml.tensor import AnyTensorDesc


@operator_desc
class ElementWiseIdentityOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_IDENTITY, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_IDENTITY"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC = ElementWiseIdentityOperatorDesc

@operator_desc
class ElementWiseAbsOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ABS_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ABS, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ABS_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ABS"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ABS_OPERATOR_DESC = ElementWiseAbsOperatorDesc

@operator_desc
class ElementWiseAcosOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ACOS_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ACOS, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ACOS_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ACOS"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ACOS_OPERATOR_DESC = ElementWiseAcosOperatorDesc

@operator_desc
class ElementWiseAddOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ADD_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ADD, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ADD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ADD"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_ADD_OPERATOR_DESC = ElementWiseAddOperatorDesc

@operator_desc
class ElementWiseAsinOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ASIN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ASIN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ASIN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ASIN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ASIN_OPERATOR_DESC = ElementWiseAsinOperatorDesc

@operator_desc
class ElementWiseAtanOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ATAN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ATAN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ATAN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ATAN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ATAN_OPERATOR_DESC = ElementWiseAtanOperatorDesc

@operator_desc
class ElementWiseCeilOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_CEIL_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_CEIL, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_CEIL_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_CEIL"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_CEIL_OPERATOR_DESC = ElementWiseCeilOperatorDesc

@operator_desc
class ElementWiseClipOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_CLIP_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_CLIP, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_CLIP_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_CLIP"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None
    Min: float
    Max: float

DML_ELEMENT_WISE_CLIP_OPERATOR_DESC = ElementWiseClipOperatorDesc

@operator_desc
class ElementWiseCosOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_COS_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_COS, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_COS_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_COS"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_COS_OPERATOR_DESC = ElementWiseCosOperatorDesc

@operator_desc
class ElementWiseDivideOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_DIVIDE, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_DIVIDE"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC = ElementWiseDivideOperatorDesc

@operator_desc
class ElementWiseExpOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_EXP_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_EXP, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_EXP_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_EXP"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_EXP_OPERATOR_DESC = ElementWiseExpOperatorDesc

@operator_desc
class ElementWiseFloorOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_FLOOR, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_FLOOR"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC = ElementWiseFloorOperatorDesc

@operator_desc
class ElementWiseLogOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOG_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOG, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOG_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOG"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_LOG_OPERATOR_DESC = ElementWiseLogOperatorDesc

@operator_desc
class ElementWiseLogicalAndOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_AND"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC = ElementWiseLogicalAndOperatorDesc

@operator_desc
class ElementWiseLogicalEqualsOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_EQUALS"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC = ElementWiseLogicalEqualsOperatorDesc

@operator_desc
class ElementWiseLogicalGreaterThanOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_GREATER_THAN"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC = ElementWiseLogicalGreaterThanOperatorDesc

@operator_desc
class ElementWiseLogicalLessThanOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_LESS_THAN"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC = ElementWiseLogicalLessThanOperatorDesc

@operator_desc
class ElementWiseLogicalNotOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_NOT"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC = ElementWiseLogicalNotOperatorDesc

@operator_desc
class ElementWiseLogicalOrOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_OR"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC = ElementWiseLogicalOrOperatorDesc

@operator_desc
class ElementWiseLogicalXorOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_XOR"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC = ElementWiseLogicalXorOperatorDesc

@operator_desc
class ElementWiseMaxOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_MAX_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_MAX, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_MAX_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_MAX"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_MAX_OPERATOR_DESC = ElementWiseMaxOperatorDesc

@operator_desc
class ElementWiseMeanOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_MEAN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_MEAN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_MEAN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_MEAN"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_MEAN_OPERATOR_DESC = ElementWiseMeanOperatorDesc

@operator_desc
class ElementWiseMinOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_MIN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_MIN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_MIN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_MIN"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_MIN_OPERATOR_DESC = ElementWiseMinOperatorDesc

@operator_desc
class ElementWiseMultiplyOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_MULTIPLY, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_MULTIPLY"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC = ElementWiseMultiplyOperatorDesc

@operator_desc
class ElementWisePowOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_POW_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_POW, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_POW_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_POW"

    InputTensor: AnyTensorDesc | None = None
    ExponentTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_POW_OPERATOR_DESC = ElementWisePowOperatorDesc

@operator_desc
class ElementWiseConstantPowOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_CONSTANT_POW"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None
    Exponent: float

DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC = ElementWiseConstantPowOperatorDesc

@operator_desc
class ElementWiseRecipOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_RECIP_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_RECIP, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_RECIP_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_RECIP"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_RECIP_OPERATOR_DESC = ElementWiseRecipOperatorDesc

@operator_desc
class ElementWiseSinOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_SIN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_SIN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_SIN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_SIN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_SIN_OPERATOR_DESC = ElementWiseSinOperatorDesc

@operator_desc
class ElementWiseSqrtOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_SQRT_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_SQRT, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_SQRT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_SQRT"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_SQRT_OPERATOR_DESC = ElementWiseSqrtOperatorDesc

@operator_desc
class ElementWiseSubtractOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_SUBTRACT, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_SUBTRACT"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC = ElementWiseSubtractOperatorDesc

@operator_desc
class ElementWiseTanOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_TAN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_TAN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_TAN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_TAN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_TAN_OPERATOR_DESC = ElementWiseTanOperatorDesc

@operator_desc
class ElementWiseThresholdOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_THRESHOLD, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_THRESHOLD"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None
    Min: float

DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC = ElementWiseThresholdOperatorDesc

@operator_desc
class ElementWiseQuantizeLinearOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_QUANTIZE_LINEAR"

    InputTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    ZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC = ElementWiseQuantizeLinearOperatorDesc

@operator_desc
class ElementWiseDequantizeLinearOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_DEQUANTIZE_LINEAR"

    InputTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    ZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC = ElementWiseDequantizeLinearOperatorDesc

@operator_desc
class ActivationEluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_ELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_ELU, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_ELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_ELU"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 1.0

DML_ACTIVATION_ELU_OPERATOR_DESC = ActivationEluOperatorDesc

@operator_desc
class ActivationHardmaxOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_HARDMAX_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_HARDMAX, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_HARDMAX_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_HARDMAX"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_HARDMAX_OPERATOR_DESC = ActivationHardmaxOperatorDesc

@operator_desc
class ActivationHardSigmoidOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_HARD_SIGMOID, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_HARD_SIGMOID"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 0.2
    Beta: float = 0.5

DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC = ActivationHardSigmoidOperatorDesc

@operator_desc
class ActivationIdentityOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_IDENTITY_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_IDENTITY, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_IDENTITY_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_IDENTITY"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_IDENTITY_OPERATOR_DESC = ActivationIdentityOperatorDesc

@operator_desc
class ActivationLeakyReluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_LEAKY_RELU, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_LEAKY_RELU"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 0.01

DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC = ActivationLeakyReluOperatorDesc

@operator_desc
class ActivationLinearOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_LINEAR_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_LINEAR, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_LINEAR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_LINEAR"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float
    Beta: float

DML_ACTIVATION_LINEAR_OPERATOR_DESC = ActivationLinearOperatorDesc

@operator_desc
class ActivationLogSoftmaxOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_LOG_SOFTMAX, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_LOG_SOFTMAX"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC = ActivationLogSoftmaxOperatorDesc

@operator_desc
class ActivationParameterizedReluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_PARAMETERIZED_RELU"

    InputTensor: AnyTensorDesc | None = None
    SlopeTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC = ActivationParameterizedReluOperatorDesc

@operator_desc
class ActivationParametricSoftplusOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_PARAMETRIC_SOFTPLUS"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float
    Beta: float

DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC = ActivationParametricSoftplusOperatorDesc

@operator_desc
class ActivationReluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_RELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_RELU, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_RELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_RELU"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_RELU_OPERATOR_DESC = ActivationReluOperatorDesc

@operator_desc
class ActivationScaledEluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SCALED_ELU, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SCALED_ELU"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 1.6732631921768188
    Gamma: float = 1.0507010221481323

DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC = ActivationScaledEluOperatorDesc

@operator_desc
class ActivationScaledTanhOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SCALED_TANH, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SCALED_TANH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 1.0
    Beta: float = 0.5

DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC = ActivationScaledTanhOperatorDesc

@operator_desc
class ActivationSigmoidOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SIGMOID_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SIGMOID, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SIGMOID_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SIGMOID"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_SIGMOID_OPERATOR_DESC = ActivationSigmoidOperatorDesc

@operator_desc
class ActivationSoftmaxOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SOFTMAX_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SOFTMAX, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SOFTMAX_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SOFTMAX"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_SOFTMAX_OPERATOR_DESC = ActivationSoftmaxOperatorDesc

@operator_desc
class ActivationSoftplusOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SOFTPLUS, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SOFTPLUS"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Steepness: float = 1.0

DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC = ActivationSoftplusOperatorDesc

@operator_desc
class ActivationSoftsignOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SOFTSIGN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SOFTSIGN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC = ActivationSoftsignOperatorDesc

@operator_desc
class ActivationTanhOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_TANH_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_TANH, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_TANH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_TANH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_TANH_OPERATOR_DESC = ActivationTanhOperatorDesc

@operator_desc
class ActivationThresholdedReluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_THRESHOLDED_RELU"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 1.0

DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC = ActivationThresholdedReluOperatorDesc

@operator_desc
class ConvolutionOperatorDesc(OperatorDescBase):
    """DML_CONVOLUTION_OPERATOR_DESC: DML_OPERATOR_CONVOLUTION, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_CONVOLUTION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "CONVOLUTION"

    InputTensor: AnyTensorDesc | None = None
    FilterTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Mode: ConvolutionMode | int | str
    Direction: ConvolutionDirection | int | str
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    OutputPadding: Sequence[int] | None = None
    GroupCount: int
    FusedActivation: Any = None

DML_CONVOLUTION_OPERATOR_DESC = ConvolutionOperatorDesc

@operator_desc
class GemmOperatorDesc(OperatorDescBase):
    """DML_GEMM_OPERATOR_DESC: DML_OPERATOR_GEMM, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_GEMM_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "GEMM"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    CTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    TransA: MatrixTransform | int | str
    TransB: MatrixTransform | int | str
    Alpha: float
    Beta: float
    FusedActivation: Any = None

DML_GEMM_OPERATOR_DESC = GemmOperatorDesc

@operator_desc
class ReduceOperatorDesc(OperatorDescBase):
    """DML_REDUCE_OPERATOR_DESC: DML_OPERATOR_REDUCE, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_REDUCE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "REDUCE"

    Function: ReduceFunction | int | str
    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None

DML_REDUCE_OPERATOR_DESC = ReduceOperatorDesc

@operator_desc
class AveragePoolingOperatorDesc(OperatorDescBase):
    """DML_AVERAGE_POOLING_OPERATOR_DESC: DML_OPERATOR_AVERAGE_POOLING, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_AVERAGE_POOLING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "AVERAGE_POOLING"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    IncludePadding: bool

DML_AVERAGE_POOLING_OPERATOR_DESC = AveragePoolingOperatorDesc

@operator_desc
class LpPoolingOperatorDesc(OperatorDescBase):
    """DML_LP_POOLING_OPERATOR_DESC: DML_OPERATOR_LP_POOLING, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_LP_POOLING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "LP_POOLING"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    P: int

DML_LP_POOLING_OPERATOR_DESC = LpPoolingOperatorDesc

@operator_desc
class MaxPoolingOperatorDesc(OperatorDescBase):
    """DML_MAX_POOLING_OPERATOR_DESC: DML_OPERATOR_MAX_POOLING, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_MAX_POOLING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MAX_POOLING"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None

DML_MAX_POOLING_OPERATOR_DESC = MaxPoolingOperatorDesc

@operator_desc
class RoiPoolingOperatorDesc(OperatorDescBase):
    """DML_ROI_POOLING_OPERATOR_DESC: DML_OPERATOR_ROI_POOLING, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_ROI_POOLING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ROI_POOLING"

    InputTensor: AnyTensorDesc | None = None
    ROITensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    SpatialScale: float
    PooledSize: Size2D

DML_ROI_POOLING_OPERATOR_DESC = RoiPoolingOperatorDesc

@operator_desc
class SliceOperatorDesc(OperatorDescBase):
    """DML_SLICE_OPERATOR_DESC: DML_OPERATOR_SLICE, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_SLICE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SLICE"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Offsets: Sequence[int] | None = None
    Sizes: Sequence[int] | None = None
    Strides: Sequence[int] | None = None

DML_SLICE_OPERATOR_DESC = SliceOperatorDesc

@operator_desc
class CastOperatorDesc(OperatorDescBase):
    """DML_CAST_OPERATOR_DESC: DML_OPERATOR_CAST, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_CAST_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "CAST"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_CAST_OPERATOR_DESC = CastOperatorDesc

@operator_desc
class SplitOperatorDesc(OperatorDescBase):
    """DML_SPLIT_OPERATOR_DESC: DML_OPERATOR_SPLIT, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_SPLIT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SPLIT"

    InputTensor: AnyTensorDesc | None = None
    OutputCount: int | None = None
    OutputTensors: Sequence[AnyTensorDesc] | None = None
    Axis: int

DML_SPLIT_OPERATOR_DESC = SplitOperatorDesc

@operator_desc
class JoinOperatorDesc(OperatorDescBase):
    """DML_JOIN_OPERATOR_DESC: DML_OPERATOR_JOIN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_JOIN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "JOIN"

    InputCount: int | None = None
    InputTensors: Sequence[AnyTensorDesc] | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int

DML_JOIN_OPERATOR_DESC = JoinOperatorDesc

@operator_desc
class PaddingOperatorDesc(OperatorDescBase):
    """DML_PADDING_OPERATOR_DESC: DML_OPERATOR_PADDING, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_PADDING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "PADDING"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    PaddingMode: PaddingMode | int | str
    PaddingValue: float
    DimensionCount: int | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None

DML_PADDING_OPERATOR_DESC = PaddingOperatorDesc

@operator_desc
class ValueScale2DOperatorDesc(OperatorDescBase):
    """DML_VALUE_SCALE_2D_OPERATOR_DESC: DML_OPERATOR_VALUE_SCALE_2D, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_VALUE_SCALE_2D_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "VALUE_SCALE_2D"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Scale: float
    ChannelCount: int | None = None
    Bias: Sequence[float] | None = None

DML_VALUE_SCALE_2D_OPERATOR_DESC = ValueScale2DOperatorDesc

@operator_desc
class Upsample2DOperatorDesc(OperatorDescBase):
    """DML_UPSAMPLE_2D_OPERATOR_DESC: DML_OPERATOR_UPSAMPLE_2D, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_UPSAMPLE_2D_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "UPSAMPLE_2D"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleSize: Size2D
    InterpolationMode: InterpolationMode | int | str

DML_UPSAMPLE_2D_OPERATOR_DESC = Upsample2DOperatorDesc

@operator_desc
class GatherOperatorDesc(OperatorDescBase):
    """DML_GATHER_OPERATOR_DESC: DML_OPERATOR_GATHER, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_GATHER_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "GATHER"

    InputTensor: AnyTensorDesc | None = None
    IndicesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int
    IndexDimensions: int

DML_GATHER_OPERATOR_DESC = GatherOperatorDesc

@operator_desc
class SpaceToDepthOperatorDesc(OperatorDescBase):
    """DML_SPACE_TO_DEPTH_OPERATOR_DESC: DML_OPERATOR_SPACE_TO_DEPTH, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_SPACE_TO_DEPTH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SPACE_TO_DEPTH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    BlockSize: int

DML_SPACE_TO_DEPTH_OPERATOR_DESC = SpaceToDepthOperatorDesc

@operator_desc
class DepthToSpaceOperatorDesc(OperatorDescBase):
    """DML_DEPTH_TO_SPACE_OPERATOR_DESC: DML_OPERATOR_DEPTH_TO_SPACE, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_DEPTH_TO_SPACE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "DEPTH_TO_SPACE"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    BlockSize: int

DML_DEPTH_TO_SPACE_OPERATOR_DESC = DepthToSpaceOperatorDesc

@operator_desc
class TileOperatorDesc(OperatorDescBase):
    """DML_TILE_OPERATOR_DESC: DML_OPERATOR_TILE, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_TILE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "TILE"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    RepeatsCount: int | None = None
    Repeats: Sequence[int] | None = None

DML_TILE_OPERATOR_DESC = TileOperatorDesc

@operator_desc
class TopKOperatorDesc(OperatorDescBase):
    """DML_TOP_K_OPERATOR_DESC: DML_OPERATOR_TOP_K, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_TOP_K_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "TOP_K"

    InputTensor: AnyTensorDesc | None = None
    OutputValueTensor: AnyTensorDesc | None = None
    OutputIndexTensor: AnyTensorDesc | None = None
    Axis: int
    K: int

DML_TOP_K_OPERATOR_DESC = TopKOperatorDesc

@operator_desc
class BatchNormalizationOperatorDesc(OperatorDescBase):
    """DML_BATCH_NORMALIZATION_OPERATOR_DESC: DML_OPERATOR_BATCH_NORMALIZATION, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_BATCH_NORMALIZATION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "BATCH_NORMALIZATION"

    InputTensor: AnyTensorDesc | None = None
    MeanTensor: AnyTensorDesc | None = None
    VarianceTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Spatial: bool
    Epsilon: float
    FusedActivation: Any = None

DML_BATCH_NORMALIZATION_OPERATOR_DESC = BatchNormalizationOperatorDesc

@operator_desc
class MeanVarianceNormalizationOperatorDesc(OperatorDescBase):
    """DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC: DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MEAN_VARIANCE_NORMALIZATION"

    InputTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    CrossChannel: bool
    NormalizeVariance: bool
    Epsilon: float
    FusedActivation: Any = None

DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC = MeanVarianceNormalizationOperatorDesc

@operator_desc
class LocalResponseNormalizationOperatorDesc(OperatorDescBase):
    """DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC: DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "LOCAL_RESPONSE_NORMALIZATION"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    CrossChannel: bool
    LocalSize: int
    Alpha: float
    Beta: float
    Bias: float

DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC = LocalResponseNormalizationOperatorDesc

@operator_desc
class LpNormalizationOperatorDesc(OperatorDescBase):
    """DML_LP_NORMALIZATION_OPERATOR_DESC: DML_OPERATOR_LP_NORMALIZATION, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_LP_NORMALIZATION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "LP_NORMALIZATION"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int
    Epsilon: float
    P: int

DML_LP_NORMALIZATION_OPERATOR_DESC = LpNormalizationOperatorDesc

@operator_desc
class RnnOperatorDesc(OperatorDescBase):
    """DML_RNN_OPERATOR_DESC: DML_OPERATOR_RNN, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_RNN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RNN"

    InputTensor: AnyTensorDesc | None = None
    WeightTensor: AnyTensorDesc | None = None
    RecurrenceTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    HiddenInitTensor: AnyTensorDesc | None = None
    SequenceLengthsTensor: AnyTensorDesc | None = None
    OutputSequenceTensor: AnyTensorDesc | None = None
    OutputSingleTensor: AnyTensorDesc | None = None
    ActivationDescCount: int | None = None
    ActivationDescs: Sequence[Any] | None = None
    Direction: RecurrentNetworkDirection | int | str

DML_RNN_OPERATOR_DESC = RnnOperatorDesc

@operator_desc
class LstmOperatorDesc(OperatorDescBase):
    """DML_LSTM_OPERATOR_DESC: DML_OPERATOR_LSTM, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_LSTM_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "LSTM"

    InputTensor: AnyTensorDesc | None = None
    WeightTensor: AnyTensorDesc | None = None
    RecurrenceTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    HiddenInitTensor: AnyTensorDesc | None = None
    CellMemInitTensor: AnyTensorDesc | None = None
    SequenceLengthsTensor: AnyTensorDesc | None = None
    PeepholeTensor: AnyTensorDesc | None = None
    OutputSequenceTensor: AnyTensorDesc | None = None
    OutputSingleTensor: AnyTensorDesc | None = None
    OutputCellSingleTensor: AnyTensorDesc | None = None
    ActivationDescCount: int | None = None
    ActivationDescs: Sequence[Any] | None = None
    Direction: RecurrentNetworkDirection | int | str
    ClipThreshold: float
    UseClipThreshold: bool
    CoupleInputForget: bool

DML_LSTM_OPERATOR_DESC = LstmOperatorDesc

@operator_desc
class GruOperatorDesc(OperatorDescBase):
    """DML_GRU_OPERATOR_DESC: DML_OPERATOR_GRU, from DML_FEATURE_LEVEL_1_0."""

    C_NAME: ClassVar[str] = "DML_GRU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "GRU"

    InputTensor: AnyTensorDesc | None = None
    WeightTensor: AnyTensorDesc | None = None
    RecurrenceTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    HiddenInitTensor: AnyTensorDesc | None = None
    SequenceLengthsTensor: AnyTensorDesc | None = None
    OutputSequenceTensor: AnyTensorDesc | None = None
    OutputSingleTensor: AnyTensorDesc | None = None
    ActivationDescCount: int | None = None
    ActivationDescs: Sequence[Any] | None = None
    Direction: RecurrentNetworkDirection | int | str
    LinearBeforeReset: bool

DML_GRU_OPERATOR_DESC = GruOperatorDesc

@operator_desc
class ElementWiseSignOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_SIGN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_SIGN, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_SIGN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_SIGN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_SIGN_OPERATOR_DESC = ElementWiseSignOperatorDesc

@operator_desc
class ElementWiseIsNanOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_IS_NAN, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_IS_NAN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC = ElementWiseIsNanOperatorDesc

@operator_desc
class ElementWiseErfOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ERF_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ERF, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ERF_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ERF"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ERF_OPERATOR_DESC = ElementWiseErfOperatorDesc

@operator_desc
class ElementWiseSinhOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_SINH_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_SINH, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_SINH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_SINH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_SINH_OPERATOR_DESC = ElementWiseSinhOperatorDesc

@operator_desc
class ElementWiseCoshOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_COSH_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_COSH, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_COSH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_COSH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_COSH_OPERATOR_DESC = ElementWiseCoshOperatorDesc

@operator_desc
class ElementWiseTanhOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_TANH_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_TANH, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_TANH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_TANH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_TANH_OPERATOR_DESC = ElementWiseTanhOperatorDesc

@operator_desc
class ElementWiseAsinhOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ASINH_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ASINH, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ASINH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ASINH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ASINH_OPERATOR_DESC = ElementWiseAsinhOperatorDesc

@operator_desc
class ElementWiseAcoshOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ACOSH, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ACOSH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC = ElementWiseAcoshOperatorDesc

@operator_desc
class ElementWiseAtanhOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ATANH_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ATANH, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ATANH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ATANH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None

DML_ELEMENT_WISE_ATANH_OPERATOR_DESC = ElementWiseAtanhOperatorDesc

@operator_desc
class ElementWiseIfOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_IF_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_IF, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_IF_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_IF"

    ConditionTensor: AnyTensorDesc | None = None
    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_IF_OPERATOR_DESC = ElementWiseIfOperatorDesc

@operator_desc
class ElementWiseAdd1OperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ADD1_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ADD1, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ADD1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ADD1"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    FusedActivation: Any = None

DML_ELEMENT_WISE_ADD1_OPERATOR_DESC = ElementWiseAdd1OperatorDesc

@operator_desc
class ActivationShrinkOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SHRINK_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SHRINK, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SHRINK_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SHRINK"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Bias: float = 0.0
    Threshold: float = 0.5

DML_ACTIVATION_SHRINK_OPERATOR_DESC = ActivationShrinkOperatorDesc

@operator_desc
class MaxPooling1OperatorDesc(OperatorDescBase):
    """DML_MAX_POOLING1_OPERATOR_DESC: DML_OPERATOR_MAX_POOLING1, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_MAX_POOLING1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MAX_POOLING1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    OutputIndicesTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None

DML_MAX_POOLING1_OPERATOR_DESC = MaxPooling1OperatorDesc

@operator_desc
class MaxUnpoolingOperatorDesc(OperatorDescBase):
    """DML_MAX_UNPOOLING_OPERATOR_DESC: DML_OPERATOR_MAX_UNPOOLING, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_MAX_UNPOOLING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MAX_UNPOOLING"

    InputTensor: AnyTensorDesc | None = None
    IndicesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_MAX_UNPOOLING_OPERATOR_DESC = MaxUnpoolingOperatorDesc

@operator_desc
class DiagonalMatrixOperatorDesc(OperatorDescBase):
    """DML_DIAGONAL_MATRIX_OPERATOR_DESC: DML_OPERATOR_DIAGONAL_MATRIX, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_DIAGONAL_MATRIX_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "DIAGONAL_MATRIX"

    OutputTensor: AnyTensorDesc | None = None
    Offset: int
    Value: float

DML_DIAGONAL_MATRIX_OPERATOR_DESC = DiagonalMatrixOperatorDesc

@operator_desc
class ScatterOperatorDesc(OperatorDescBase):
    """DML_SCATTER_OPERATOR_DESC: DML_OPERATOR_SCATTER_ELEMENTS, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_SCATTER_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SCATTER_ELEMENTS"

    InputTensor: AnyTensorDesc | None = None
    IndicesTensor: AnyTensorDesc | None = None
    UpdatesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int

DML_SCATTER_OPERATOR_DESC = ScatterOperatorDesc
DML_SCATTER_ELEMENTS_OPERATOR_DESC = ScatterOperatorDesc

@operator_desc
class OneHotOperatorDesc(OperatorDescBase):
    """DML_ONE_HOT_OPERATOR_DESC: DML_OPERATOR_ONE_HOT, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_ONE_HOT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ONE_HOT"

    IndicesTensor: AnyTensorDesc | None = None
    ValuesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int

DML_ONE_HOT_OPERATOR_DESC = OneHotOperatorDesc

@operator_desc
class ResampleOperatorDesc(OperatorDescBase):
    """DML_RESAMPLE_OPERATOR_DESC: DML_OPERATOR_RESAMPLE, from DML_FEATURE_LEVEL_2_0."""

    C_NAME: ClassVar[str] = "DML_RESAMPLE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RESAMPLE"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InterpolationMode: InterpolationMode | int | str
    ScaleCount: int | None = None
    Scales: Sequence[float] | None = None

DML_RESAMPLE_OPERATOR_DESC = ResampleOperatorDesc

@operator_desc
class ElementWiseBitShiftLeftOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_BIT_SHIFT_LEFT"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC = ElementWiseBitShiftLeftOperatorDesc

@operator_desc
class ElementWiseBitShiftRightOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_BIT_SHIFT_RIGHT"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC = ElementWiseBitShiftRightOperatorDesc

@operator_desc
class ElementWiseRoundOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ROUND_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ROUND, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ROUND_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ROUND"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    RoundingMode: RoundingMode | int | str

DML_ELEMENT_WISE_ROUND_OPERATOR_DESC = ElementWiseRoundOperatorDesc

@operator_desc
class ElementWiseIsInfinityOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_IS_INFINITY"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InfinityMode: IsInfinityMode | int | str

DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC = ElementWiseIsInfinityOperatorDesc

@operator_desc
class ElementWiseModulusTruncateOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_MODULUS_TRUNCATE"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC = ElementWiseModulusTruncateOperatorDesc

@operator_desc
class ElementWiseModulusFloorOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_MODULUS_FLOOR"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC = ElementWiseModulusFloorOperatorDesc

@operator_desc
class FillValueConstantOperatorDesc(OperatorDescBase):
    """DML_FILL_VALUE_CONSTANT_OPERATOR_DESC: DML_OPERATOR_FILL_VALUE_CONSTANT, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_FILL_VALUE_CONSTANT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "FILL_VALUE_CONSTANT"

    OutputTensor: AnyTensorDesc | None = None
    ValueDataType: TensorDataType | int | str
    Value: ScalarUnion | int | float

DML_FILL_VALUE_CONSTANT_OPERATOR_DESC = FillValueConstantOperatorDesc

@operator_desc
class FillValueSequenceOperatorDesc(OperatorDescBase):
    """DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC: DML_OPERATOR_FILL_VALUE_SEQUENCE, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "FILL_VALUE_SEQUENCE"

    OutputTensor: AnyTensorDesc | None = None
    ValueDataType: TensorDataType | int | str
    ValueStart: ScalarUnion | int | float
    ValueDelta: ScalarUnion | int | float

DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC = FillValueSequenceOperatorDesc

@operator_desc
class CumulativeSummationOperatorDesc(OperatorDescBase):
    """DML_CUMULATIVE_SUMMATION_OPERATOR_DESC: DML_OPERATOR_CUMULATIVE_SUMMATION, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_CUMULATIVE_SUMMATION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "CUMULATIVE_SUMMATION"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int
    AxisDirection: AxisDirection | int | str
    HasExclusiveSum: bool

DML_CUMULATIVE_SUMMATION_OPERATOR_DESC = CumulativeSummationOperatorDesc

@operator_desc
class ReverseSubsequencesOperatorDesc(OperatorDescBase):
    """DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC: DML_OPERATOR_REVERSE_SUBSEQUENCES, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "REVERSE_SUBSEQUENCES"

    InputTensor: AnyTensorDesc | None = None
    SequenceLengthsTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int

DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC = ReverseSubsequencesOperatorDesc

@operator_desc
class GatherElementsOperatorDesc(OperatorDescBase):
    """DML_GATHER_ELEMENTS_OPERATOR_DESC: DML_OPERATOR_GATHER_ELEMENTS, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_GATHER_ELEMENTS_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "GATHER_ELEMENTS"

    InputTensor: AnyTensorDesc | None = None
    IndicesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int

DML_GATHER_ELEMENTS_OPERATOR_DESC = GatherElementsOperatorDesc

@operator_desc
class GatherNdOperatorDesc(OperatorDescBase):
    """DML_GATHER_ND_OPERATOR_DESC: DML_OPERATOR_GATHER_ND, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_GATHER_ND_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "GATHER_ND"

    InputTensor: AnyTensorDesc | None = None
    IndicesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InputDimensionCount: int
    IndicesDimensionCount: int

DML_GATHER_ND_OPERATOR_DESC = GatherNdOperatorDesc

@operator_desc
class ScatterNdOperatorDesc(OperatorDescBase):
    """DML_SCATTER_ND_OPERATOR_DESC: DML_OPERATOR_SCATTER_ND, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_SCATTER_ND_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SCATTER_ND"

    InputTensor: AnyTensorDesc | None = None
    IndicesTensor: AnyTensorDesc | None = None
    UpdatesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InputDimensionCount: int
    IndicesDimensionCount: int

DML_SCATTER_ND_OPERATOR_DESC = ScatterNdOperatorDesc

@operator_desc
class MaxPooling2OperatorDesc(OperatorDescBase):
    """DML_MAX_POOLING2_OPERATOR_DESC: DML_OPERATOR_MAX_POOLING2, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_MAX_POOLING2_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MAX_POOLING2"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    OutputIndicesTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None

DML_MAX_POOLING2_OPERATOR_DESC = MaxPooling2OperatorDesc

@operator_desc
class Slice1OperatorDesc(OperatorDescBase):
    """DML_SLICE1_OPERATOR_DESC: DML_OPERATOR_SLICE1, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_SLICE1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SLICE1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    InputWindowOffsets: Sequence[int] | None = None
    InputWindowSizes: Sequence[int] | None = None
    InputWindowStrides: Sequence[int] | None = None

DML_SLICE1_OPERATOR_DESC = Slice1OperatorDesc

@operator_desc
class TopK1OperatorDesc(OperatorDescBase):
    """DML_TOP_K1_OPERATOR_DESC: DML_OPERATOR_TOP_K1, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_TOP_K1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "TOP_K1"

    InputTensor: AnyTensorDesc | None = None
    OutputValueTensor: AnyTensorDesc | None = None
    OutputIndexTensor: AnyTensorDesc | None = None
    Axis: int
    K: int
    AxisDirection: AxisDirection | int | str

DML_TOP_K1_OPERATOR_DESC = TopK1OperatorDesc

@operator_desc
class DepthToSpace1OperatorDesc(OperatorDescBase):
    """DML_DEPTH_TO_SPACE1_OPERATOR_DESC: DML_OPERATOR_DEPTH_TO_SPACE1, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_DEPTH_TO_SPACE1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "DEPTH_TO_SPACE1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    BlockSize: int
    Order: DepthSpaceOrder | int | str

DML_DEPTH_TO_SPACE1_OPERATOR_DESC = DepthToSpace1OperatorDesc

@operator_desc
class SpaceToDepth1OperatorDesc(OperatorDescBase):
    """DML_SPACE_TO_DEPTH1_OPERATOR_DESC: DML_OPERATOR_SPACE_TO_DEPTH1, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_SPACE_TO_DEPTH1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SPACE_TO_DEPTH1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    BlockSize: int
    Order: DepthSpaceOrder | int | str

DML_SPACE_TO_DEPTH1_OPERATOR_DESC = SpaceToDepth1OperatorDesc

@operator_desc
class MeanVarianceNormalization1OperatorDesc(OperatorDescBase):
    """DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC: DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MEAN_VARIANCE_NORMALIZATION1"

    InputTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None
    NormalizeVariance: bool
    Epsilon: float
    FusedActivation: Any = None

DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC = MeanVarianceNormalization1OperatorDesc

@operator_desc
class Resample1OperatorDesc(OperatorDescBase):
    """DML_RESAMPLE1_OPERATOR_DESC: DML_OPERATOR_RESAMPLE1, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_RESAMPLE1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RESAMPLE1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InterpolationMode: InterpolationMode | int | str
    DimensionCount: int | None = None
    Scales: Sequence[float] | None = None
    InputPixelOffsets: Sequence[float] | None = None
    OutputPixelOffsets: Sequence[float] | None = None

DML_RESAMPLE1_OPERATOR_DESC = Resample1OperatorDesc

@operator_desc
class MatrixMultiplyIntegerOperatorDesc(OperatorDescBase):
    """DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC: DML_OPERATOR_MATRIX_MULTIPLY_INTEGER, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MATRIX_MULTIPLY_INTEGER"

    ATensor: AnyTensorDesc | None = None
    AZeroPointTensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    BZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC = MatrixMultiplyIntegerOperatorDesc

@operator_desc
class QuantizedLinearMatrixMultiplyOperatorDesc(OperatorDescBase):
    """DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC: DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "QUANTIZED_LINEAR_MATRIX_MULTIPLY"

    ATensor: AnyTensorDesc | None = None
    AScaleTensor: AnyTensorDesc | None = None
    AZeroPointTensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    BScaleTensor: AnyTensorDesc | None = None
    BZeroPointTensor: AnyTensorDesc | None = None
    OutputScaleTensor: AnyTensorDesc | None = None
    OutputZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC = QuantizedLinearMatrixMultiplyOperatorDesc

@operator_desc
class ConvolutionIntegerOperatorDesc(OperatorDescBase):
    """DML_CONVOLUTION_INTEGER_OPERATOR_DESC: DML_OPERATOR_CONVOLUTION_INTEGER, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_CONVOLUTION_INTEGER_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "CONVOLUTION_INTEGER"

    InputTensor: AnyTensorDesc | None = None
    InputZeroPointTensor: AnyTensorDesc | None = None
    FilterTensor: AnyTensorDesc | None = None
    FilterZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    GroupCount: int

DML_CONVOLUTION_INTEGER_OPERATOR_DESC = ConvolutionIntegerOperatorDesc

@operator_desc
class QuantizedLinearConvolutionOperatorDesc(OperatorDescBase):
    """DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC: DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION, from DML_FEATURE_LEVEL_2_1."""

    C_NAME: ClassVar[str] = "DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "QUANTIZED_LINEAR_CONVOLUTION"

    InputTensor: AnyTensorDesc | None = None
    InputScaleTensor: AnyTensorDesc | None = None
    InputZeroPointTensor: AnyTensorDesc | None = None
    FilterTensor: AnyTensorDesc | None = None
    FilterScaleTensor: AnyTensorDesc | None = None
    FilterZeroPointTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    OutputScaleTensor: AnyTensorDesc | None = None
    OutputZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    GroupCount: int

DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC = QuantizedLinearConvolutionOperatorDesc

@operator_desc
class ElementWiseBitAndOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_BIT_AND, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_BIT_AND"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC = ElementWiseBitAndOperatorDesc

@operator_desc
class ElementWiseBitOrOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_BIT_OR, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_BIT_OR"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC = ElementWiseBitOrOperatorDesc

@operator_desc
class ElementWiseBitXorOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_BIT_XOR, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_BIT_XOR"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC = ElementWiseBitXorOperatorDesc

@operator_desc
class ElementWiseBitNotOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_BIT_NOT, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_BIT_NOT"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC = ElementWiseBitNotOperatorDesc

@operator_desc
class ElementWiseBitCountOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_BIT_COUNT, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_BIT_COUNT"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC = ElementWiseBitCountOperatorDesc

@operator_desc
class ElementWiseLogicalGreaterThanOrEqualOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC = ElementWiseLogicalGreaterThanOrEqualOperatorDesc

@operator_desc
class ElementWiseLogicalLessThanOrEqualOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC = ElementWiseLogicalLessThanOrEqualOperatorDesc

@operator_desc
class ActivationCeluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_CELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_CELU, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_CELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_CELU"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 1.0

DML_ACTIVATION_CELU_OPERATOR_DESC = ActivationCeluOperatorDesc

@operator_desc
class ActivationReluGradOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_RELU_GRAD, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_RELU_GRAD"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None

DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC = ActivationReluGradOperatorDesc

@operator_desc
class AveragePoolingGradOperatorDesc(OperatorDescBase):
    """DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC: DML_OPERATOR_AVERAGE_POOLING_GRAD, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "AVERAGE_POOLING_GRAD"

    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    IncludePadding: bool

DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC = AveragePoolingGradOperatorDesc

@operator_desc
class MaxPoolingGradOperatorDesc(OperatorDescBase):
    """DML_MAX_POOLING_GRAD_OPERATOR_DESC: DML_OPERATOR_MAX_POOLING_GRAD, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_MAX_POOLING_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MAX_POOLING_GRAD"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None

DML_MAX_POOLING_GRAD_OPERATOR_DESC = MaxPoolingGradOperatorDesc

@operator_desc
class RandomGeneratorOperatorDesc(OperatorDescBase):
    """DML_RANDOM_GENERATOR_OPERATOR_DESC: DML_OPERATOR_RANDOM_GENERATOR, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_RANDOM_GENERATOR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RANDOM_GENERATOR"

    InputStateTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    OutputStateTensor: AnyTensorDesc | None = None
    Type: RandomGeneratorType | int | str

DML_RANDOM_GENERATOR_OPERATOR_DESC = RandomGeneratorOperatorDesc

@operator_desc
class NonzeroCoordinatesOperatorDesc(OperatorDescBase):
    """DML_NONZERO_COORDINATES_OPERATOR_DESC: DML_OPERATOR_NONZERO_COORDINATES, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_NONZERO_COORDINATES_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "NONZERO_COORDINATES"

    InputTensor: AnyTensorDesc | None = None
    OutputCountTensor: AnyTensorDesc | None = None
    OutputCoordinatesTensor: AnyTensorDesc | None = None

DML_NONZERO_COORDINATES_OPERATOR_DESC = NonzeroCoordinatesOperatorDesc

@operator_desc
class ResampleGradOperatorDesc(OperatorDescBase):
    """DML_RESAMPLE_GRAD_OPERATOR_DESC: DML_OPERATOR_RESAMPLE_GRAD, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_RESAMPLE_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RESAMPLE_GRAD"

    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    InterpolationMode: InterpolationMode | int | str
    DimensionCount: int | None = None
    Scales: Sequence[float] | None = None
    InputPixelOffsets: Sequence[float] | None = None
    OutputPixelOffsets: Sequence[float] | None = None

DML_RESAMPLE_GRAD_OPERATOR_DESC = ResampleGradOperatorDesc

@operator_desc
class SliceGradOperatorDesc(OperatorDescBase):
    """DML_SLICE_GRAD_OPERATOR_DESC: DML_OPERATOR_SLICE_GRAD, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_SLICE_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "SLICE_GRAD"

    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    InputWindowOffsets: Sequence[int] | None = None
    InputWindowSizes: Sequence[int] | None = None
    InputWindowStrides: Sequence[int] | None = None

DML_SLICE_GRAD_OPERATOR_DESC = SliceGradOperatorDesc

@operator_desc
class AdamOptimizerOperatorDesc(OperatorDescBase):
    """DML_ADAM_OPTIMIZER_OPERATOR_DESC: DML_OPERATOR_ADAM_OPTIMIZER, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ADAM_OPTIMIZER_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ADAM_OPTIMIZER"

    InputParametersTensor: AnyTensorDesc | None = None
    InputFirstMomentTensor: AnyTensorDesc | None = None
    InputSecondMomentTensor: AnyTensorDesc | None = None
    GradientTensor: AnyTensorDesc | None = None
    TrainingStepTensor: AnyTensorDesc | None = None
    OutputParametersTensor: AnyTensorDesc | None = None
    OutputFirstMomentTensor: AnyTensorDesc | None = None
    OutputSecondMomentTensor: AnyTensorDesc | None = None
    LearningRate: float
    Beta1: float
    Beta2: float
    Epsilon: float

DML_ADAM_OPTIMIZER_OPERATOR_DESC = AdamOptimizerOperatorDesc

@operator_desc
class ArgminOperatorDesc(OperatorDescBase):
    """DML_ARGMIN_OPERATOR_DESC: DML_OPERATOR_ARGMIN, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ARGMIN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ARGMIN"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None
    AxisDirection: AxisDirection | int | str

DML_ARGMIN_OPERATOR_DESC = ArgminOperatorDesc

@operator_desc
class ArgmaxOperatorDesc(OperatorDescBase):
    """DML_ARGMAX_OPERATOR_DESC: DML_OPERATOR_ARGMAX, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ARGMAX_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ARGMAX"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None
    AxisDirection: AxisDirection | int | str

DML_ARGMAX_OPERATOR_DESC = ArgmaxOperatorDesc

@operator_desc
class RoiAlignOperatorDesc(OperatorDescBase):
    """DML_ROI_ALIGN_OPERATOR_DESC: DML_OPERATOR_ROI_ALIGN, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_ROI_ALIGN_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ROI_ALIGN"

    InputTensor: AnyTensorDesc | None = None
    ROITensor: AnyTensorDesc | None = None
    BatchIndicesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ReductionFunction: ReduceFunction | int | str
    InterpolationMode: InterpolationMode | int | str
    SpatialScaleX: float
    SpatialScaleY: float
    OutOfBoundsInputValue: float
    MinimumSamplesPerOutput: int
    MaximumSamplesPerOutput: int

DML_ROI_ALIGN_OPERATOR_DESC = RoiAlignOperatorDesc

@operator_desc
class GatherNd1OperatorDesc(OperatorDescBase):
    """DML_GATHER_ND1_OPERATOR_DESC: DML_OPERATOR_GATHER_ND1, from DML_FEATURE_LEVEL_3_0."""

    C_NAME: ClassVar[str] = "DML_GATHER_ND1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "GATHER_ND1"

    InputTensor: AnyTensorDesc | None = None
    IndicesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InputDimensionCount: int
    IndicesDimensionCount: int
    BatchDimensionCount: int

DML_GATHER_ND1_OPERATOR_DESC = GatherNd1OperatorDesc

@operator_desc
class ElementWiseAtanYxOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_ATAN_YX, from DML_FEATURE_LEVEL_3_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_ATAN_YX"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC = ElementWiseAtanYxOperatorDesc

@operator_desc
class ElementWiseClipGradOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, from DML_FEATURE_LEVEL_3_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_CLIP_GRAD"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    Min: float
    Max: float

DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC = ElementWiseClipGradOperatorDesc

@operator_desc
class ElementWiseDifferenceSquareOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE, from DML_FEATURE_LEVEL_3_1."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_DIFFERENCE_SQUARE"

    ATensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC = ElementWiseDifferenceSquareOperatorDesc

@operator_desc
class LocalResponseNormalizationGradOperatorDesc(OperatorDescBase):
    """DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC: DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD, from DML_FEATURE_LEVEL_3_1."""

    C_NAME: ClassVar[str] = "DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "LOCAL_RESPONSE_NORMALIZATION_GRAD"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    CrossChannel: bool
    LocalSize: int
    Alpha: float
    Beta: float
    Bias: float

DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC = LocalResponseNormalizationGradOperatorDesc

@operator_desc
class CumulativeProductOperatorDesc(OperatorDescBase):
    """DML_CUMULATIVE_PRODUCT_OPERATOR_DESC: DML_OPERATOR_CUMULATIVE_PRODUCT, from DML_FEATURE_LEVEL_3_1."""

    C_NAME: ClassVar[str] = "DML_CUMULATIVE_PRODUCT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "CUMULATIVE_PRODUCT"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Axis: int
    AxisDirection: AxisDirection | int | str
    HasExclusiveProduct: bool

DML_CUMULATIVE_PRODUCT_OPERATOR_DESC = CumulativeProductOperatorDesc

@operator_desc
class BatchNormalizationGradOperatorDesc(OperatorDescBase):
    """DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC: DML_OPERATOR_BATCH_NORMALIZATION_GRAD, from DML_FEATURE_LEVEL_3_1."""

    C_NAME: ClassVar[str] = "DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "BATCH_NORMALIZATION_GRAD"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    MeanTensor: AnyTensorDesc | None = None
    VarianceTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    OutputScaleGradientTensor: AnyTensorDesc | None = None
    OutputBiasGradientTensor: AnyTensorDesc | None = None
    Epsilon: float

DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC = BatchNormalizationGradOperatorDesc

@operator_desc
class ElementWiseQuantizedLinearAddOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD, from DML_FEATURE_LEVEL_4_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_QUANTIZED_LINEAR_ADD"

    ATensor: AnyTensorDesc | None = None
    AScaleTensor: AnyTensorDesc | None = None
    AZeroPointTensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    BScaleTensor: AnyTensorDesc | None = None
    BZeroPointTensor: AnyTensorDesc | None = None
    OutputScaleTensor: AnyTensorDesc | None = None
    OutputZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC = ElementWiseQuantizedLinearAddOperatorDesc

@operator_desc
class DynamicQuantizeLinearOperatorDesc(OperatorDescBase):
    """DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC: DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR, from DML_FEATURE_LEVEL_4_0."""

    C_NAME: ClassVar[str] = "DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "DYNAMIC_QUANTIZE_LINEAR"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    OutputScaleTensor: AnyTensorDesc | None = None
    OutputZeroPointTensor: AnyTensorDesc | None = None

DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC = DynamicQuantizeLinearOperatorDesc

@operator_desc
class RoiAlign1OperatorDesc(OperatorDescBase):
    """DML_ROI_ALIGN1_OPERATOR_DESC: DML_OPERATOR_ROI_ALIGN1, from DML_FEATURE_LEVEL_4_0."""

    C_NAME: ClassVar[str] = "DML_ROI_ALIGN1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ROI_ALIGN1"

    InputTensor: AnyTensorDesc | None = None
    ROITensor: AnyTensorDesc | None = None
    BatchIndicesTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ReductionFunction: ReduceFunction | int | str
    InterpolationMode: InterpolationMode | int | str
    SpatialScaleX: float
    SpatialScaleY: float
    InputPixelOffset: float
    OutputPixelOffset: float
    OutOfBoundsInputValue: float
    MinimumSamplesPerOutput: int
    MaximumSamplesPerOutput: int
    AlignRegionsToCorners: bool

DML_ROI_ALIGN1_OPERATOR_DESC = RoiAlign1OperatorDesc

@operator_desc
class RoiAlignGradOperatorDesc(OperatorDescBase):
    """DML_ROI_ALIGN_GRAD_OPERATOR_DESC: DML_OPERATOR_ROI_ALIGN_GRAD, from DML_FEATURE_LEVEL_4_1."""

    C_NAME: ClassVar[str] = "DML_ROI_ALIGN_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ROI_ALIGN_GRAD"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    ROITensor: AnyTensorDesc | None = None
    BatchIndicesTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    OutputROIGradientTensor: AnyTensorDesc | None = None
    ReductionFunction: ReduceFunction | int | str
    InterpolationMode: InterpolationMode | int | str
    SpatialScaleX: float
    SpatialScaleY: float
    InputPixelOffset: float
    OutputPixelOffset: float
    MinimumSamplesPerOutput: int
    MaximumSamplesPerOutput: int
    AlignRegionsToCorners: bool

DML_ROI_ALIGN_GRAD_OPERATOR_DESC = RoiAlignGradOperatorDesc

@operator_desc
class BatchNormalizationTrainingOperatorDesc(OperatorDescBase):
    """DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC: DML_OPERATOR_BATCH_NORMALIZATION_TRAINING, from DML_FEATURE_LEVEL_4_1."""

    C_NAME: ClassVar[str] = "DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "BATCH_NORMALIZATION_TRAINING"

    InputTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    FusedAddTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    OutputMeanTensor: AnyTensorDesc | None = None
    OutputVarianceTensor: AnyTensorDesc | None = None
    Epsilon: float
    FusedActivation: Any = None

DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC = BatchNormalizationTrainingOperatorDesc

@operator_desc
class BatchNormalizationTrainingGradOperatorDesc(OperatorDescBase):
    """DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC: DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD, from DML_FEATURE_LEVEL_4_1."""

    C_NAME: ClassVar[str] = "DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "BATCH_NORMALIZATION_TRAINING_GRAD"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    MeanTensor: AnyTensorDesc | None = None
    VarianceTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    OutputScaleGradientTensor: AnyTensorDesc | None = None
    OutputBiasGradientTensor: AnyTensorDesc | None = None
    Epsilon: float

DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC = BatchNormalizationTrainingGradOperatorDesc

@operator_desc
class ElementWiseClip1OperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_CLIP1, from DML_FEATURE_LEVEL_5_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_CLIP1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ScaleBias: ScaleBias | None = None
    MinMaxDataType: TensorDataType | int | str
    Min: ScalarUnion | int | float
    Max: ScalarUnion | int | float

DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC = ElementWiseClip1OperatorDesc

@operator_desc
class ElementWiseClipGrad1OperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, from DML_FEATURE_LEVEL_5_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_CLIP_GRAD1"

    InputTensor: AnyTensorDesc | None = None
    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    MinMaxDataType: TensorDataType | int | str
    Min: ScalarUnion | int | float
    Max: ScalarUnion | int | float

DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC = ElementWiseClipGrad1OperatorDesc

@operator_desc
class Padding1OperatorDesc(OperatorDescBase):
    """DML_PADDING1_OPERATOR_DESC: DML_OPERATOR_PADDING1, from DML_FEATURE_LEVEL_5_0."""

    C_NAME: ClassVar[str] = "DML_PADDING1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "PADDING1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    PaddingMode: PaddingMode | int | str
    PaddingValueDataType: TensorDataType | int | str
    PaddingValue: ScalarUnion | int | float
    DimensionCount: int | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None

DML_PADDING1_OPERATOR_DESC = Padding1OperatorDesc

@operator_desc
class ElementWiseNegateOperatorDesc(OperatorDescBase):
    """DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC: DML_OPERATOR_ELEMENT_WISE_NEGATE, from DML_FEATURE_LEVEL_5_0."""

    C_NAME: ClassVar[str] = "DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ELEMENT_WISE_NEGATE"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC = ElementWiseNegateOperatorDesc

@operator_desc
class ActivationGeluOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_GELU_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_GELU, from DML_FEATURE_LEVEL_5_1."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_GELU_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_GELU"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_ACTIVATION_GELU_OPERATOR_DESC = ActivationGeluOperatorDesc

@operator_desc
class ActivationSoftmax1OperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SOFTMAX1, from DML_FEATURE_LEVEL_5_1."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SOFTMAX1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None

DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC = ActivationSoftmax1OperatorDesc

@operator_desc
class ActivationLogSoftmax1OperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1, from DML_FEATURE_LEVEL_5_1."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_LOG_SOFTMAX1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None

DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC = ActivationLogSoftmax1OperatorDesc

@operator_desc
class ActivationHardmax1OperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_HARDMAX1_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_HARDMAX1, from DML_FEATURE_LEVEL_5_1."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_HARDMAX1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_HARDMAX1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None

DML_ACTIVATION_HARDMAX1_OPERATOR_DESC = ActivationHardmax1OperatorDesc

@operator_desc
class Resample2OperatorDesc(OperatorDescBase):
    """DML_RESAMPLE2_OPERATOR_DESC: DML_OPERATOR_RESAMPLE2, from DML_FEATURE_LEVEL_5_1."""

    C_NAME: ClassVar[str] = "DML_RESAMPLE2_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RESAMPLE2"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InterpolationMode: InterpolationMode | int | str
    RoundingDirection: AxisDirection | int | str
    DimensionCount: int | None = None
    Scales: Sequence[float] | None = None
    InputPixelOffsets: Sequence[float] | None = None
    OutputPixelOffsets: Sequence[float] | None = None

DML_RESAMPLE2_OPERATOR_DESC = Resample2OperatorDesc

@operator_desc
class ResampleGrad1OperatorDesc(OperatorDescBase):
    """DML_RESAMPLE_GRAD1_OPERATOR_DESC: DML_OPERATOR_RESAMPLE_GRAD1, from DML_FEATURE_LEVEL_5_1."""

    C_NAME: ClassVar[str] = "DML_RESAMPLE_GRAD1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RESAMPLE_GRAD1"

    InputGradientTensor: AnyTensorDesc | None = None
    OutputGradientTensor: AnyTensorDesc | None = None
    InterpolationMode: InterpolationMode | int | str
    RoundingDirection: AxisDirection | int | str
    DimensionCount: int | None = None
    Scales: Sequence[float] | None = None
    InputPixelOffsets: Sequence[float] | None = None
    OutputPixelOffsets: Sequence[float] | None = None

DML_RESAMPLE_GRAD1_OPERATOR_DESC = ResampleGrad1OperatorDesc

@operator_desc
class DiagonalMatrix1OperatorDesc(OperatorDescBase):
    """DML_DIAGONAL_MATRIX1_OPERATOR_DESC: DML_OPERATOR_DIAGONAL_MATRIX1, from DML_FEATURE_LEVEL_5_1."""

    C_NAME: ClassVar[str] = "DML_DIAGONAL_MATRIX1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "DIAGONAL_MATRIX1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    ValueDataType: TensorDataType | int | str
    Value: ScalarUnion | int | float
    DiagonalFillBegin: int
    DiagonalFillEnd: int

DML_DIAGONAL_MATRIX1_OPERATOR_DESC = DiagonalMatrix1OperatorDesc

@operator_desc
class MultiheadAttentionOperatorDesc(OperatorDescBase):
    """DML_MULTIHEAD_ATTENTION_OPERATOR_DESC: DML_OPERATOR_MULTIHEAD_ATTENTION, from DML_FEATURE_LEVEL_6_1."""

    C_NAME: ClassVar[str] = "DML_MULTIHEAD_ATTENTION_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MULTIHEAD_ATTENTION"

    QueryTensor: AnyTensorDesc | None = None
    KeyTensor: AnyTensorDesc | None = None
    ValueTensor: AnyTensorDesc | None = None
    StackedQueryKeyTensor: AnyTensorDesc | None = None
    StackedKeyValueTensor: AnyTensorDesc | None = None
    StackedQueryKeyValueTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    MaskTensor: AnyTensorDesc | None = None
    RelativePositionBiasTensor: AnyTensorDesc | None = None
    PastKeyTensor: AnyTensorDesc | None = None
    PastValueTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    OutputPresentKeyTensor: AnyTensorDesc | None = None
    OutputPresentValueTensor: AnyTensorDesc | None = None
    Scale: float
    MaskFilterValue: float
    HeadCount: int
    MaskType: MultiheadAttentionMaskType | int | str

DML_MULTIHEAD_ATTENTION_OPERATOR_DESC = MultiheadAttentionOperatorDesc

@operator_desc
class LpPooling1OperatorDesc(OperatorDescBase):
    """DML_LP_POOLING1_OPERATOR_DESC: DML_OPERATOR_LP_POOLING1, from DML_FEATURE_LEVEL_6_2."""

    C_NAME: ClassVar[str] = "DML_LP_POOLING1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "LP_POOLING1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    P: int

DML_LP_POOLING1_OPERATOR_DESC = LpPooling1OperatorDesc

@operator_desc
class AveragePooling1OperatorDesc(OperatorDescBase):
    """DML_AVERAGE_POOLING1_OPERATOR_DESC: DML_OPERATOR_AVERAGE_POOLING1, from DML_FEATURE_LEVEL_6_2."""

    C_NAME: ClassVar[str] = "DML_AVERAGE_POOLING1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "AVERAGE_POOLING1"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    IncludePadding: bool

DML_AVERAGE_POOLING1_OPERATOR_DESC = AveragePooling1OperatorDesc

@operator_desc
class ActivationSwishOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_SWISH_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_SWISH, from DML_FEATURE_LEVEL_6_2."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_SWISH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_SWISH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    SigmoidInputScale: float = 1.0

DML_ACTIVATION_SWISH_OPERATOR_DESC = ActivationSwishOperatorDesc

@operator_desc
class ActivationHardSwishOperatorDesc(OperatorDescBase):
    """DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC: DML_OPERATOR_ACTIVATION_HARD_SWISH, from DML_FEATURE_LEVEL_6_2."""

    C_NAME: ClassVar[str] = "DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "ACTIVATION_HARD_SWISH"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    Alpha: float = 0.2
    Beta: float

DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC = ActivationHardSwishOperatorDesc

@operator_desc
class QuantizedLinearAveragePoolingOperatorDesc(OperatorDescBase):
    """DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC: DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING, from DML_FEATURE_LEVEL_6_2."""

    C_NAME: ClassVar[str] = "DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "QUANTIZED_LINEAR_AVERAGE_POOLING"

    InputTensor: AnyTensorDesc | None = None
    InputScaleTensor: AnyTensorDesc | None = None
    InputZeroPointTensor: AnyTensorDesc | None = None
    OutputScaleTensor: AnyTensorDesc | None = None
    OutputZeroPointTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    Strides: Sequence[int] | None = None
    WindowSize: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    IncludePadding: bool

DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC = QuantizedLinearAveragePoolingOperatorDesc

@operator_desc
class MatrixMultiplyIntegerToFloatOperatorDesc(OperatorDescBase):
    """DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC: DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT, from DML_FEATURE_LEVEL_6_2."""

    C_NAME: ClassVar[str] = "DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MATRIX_MULTIPLY_INTEGER_TO_FLOAT"

    ATensor: AnyTensorDesc | None = None
    AScaleTensor: AnyTensorDesc | None = None
    AZeroPointTensor: AnyTensorDesc | None = None
    BTensor: AnyTensorDesc | None = None
    BScaleTensor: AnyTensorDesc | None = None
    BZeroPointTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC = MatrixMultiplyIntegerToFloatOperatorDesc

@operator_desc
class MeanVarianceNormalization2OperatorDesc(OperatorDescBase):
    """DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC: DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2, from DML_FEATURE_LEVEL_6_3."""

    C_NAME: ClassVar[str] = "DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MEAN_VARIANCE_NORMALIZATION2"

    InputTensor: AnyTensorDesc | None = None
    ScaleTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    AxisCount: int | None = None
    Axes: Sequence[int] | None = None
    UseMean: bool
    UseVariance: bool
    Epsilon: float
    FusedActivation: Any = None

DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC = MeanVarianceNormalization2OperatorDesc

@operator_desc
class MultiheadAttention1OperatorDesc(OperatorDescBase):
    """DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC: DML_OPERATOR_MULTIHEAD_ATTENTION1, from DML_FEATURE_LEVEL_6_3."""

    C_NAME: ClassVar[str] = "DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "MULTIHEAD_ATTENTION1"

    QueryTensor: AnyTensorDesc | None = None
    KeyTensor: AnyTensorDesc | None = None
    ValueTensor: AnyTensorDesc | None = None
    StackedQueryKeyTensor: AnyTensorDesc | None = None
    StackedKeyValueTensor: AnyTensorDesc | None = None
    StackedQueryKeyValueTensor: AnyTensorDesc | None = None
    BiasTensor: AnyTensorDesc | None = None
    MaskTensor: AnyTensorDesc | None = None
    RelativePositionBiasTensor: AnyTensorDesc | None = None
    PastKeyTensor: AnyTensorDesc | None = None
    PastValueTensor: AnyTensorDesc | None = None
    PastSequenceLengthsTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    OutputPresentKeyTensor: AnyTensorDesc | None = None
    OutputPresentValueTensor: AnyTensorDesc | None = None
    Scale: float
    MaskFilterValue: float
    QueryHeadCount: int
    KeyValueHeadCount: int
    MaskType: MultiheadAttentionMaskType | int | str

DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC = MultiheadAttention1OperatorDesc

@operator_desc
class QuantizeOperatorDesc(OperatorDescBase):
    """DML_QUANTIZE_OPERATOR_DESC: DML_OPERATOR_QUANTIZE, from DML_FEATURE_LEVEL_6_3."""

    C_NAME: ClassVar[str] = "DML_QUANTIZE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "QUANTIZE"

    InputTensor: AnyTensorDesc | None = None
    QuantizationType: QuantizationType | int | str
    QuantizationTensorCount: int | None = None
    QuantizationTensors: Sequence[AnyTensorDesc] | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_QUANTIZE_OPERATOR_DESC = QuantizeOperatorDesc

@operator_desc
class DequantizeOperatorDesc(OperatorDescBase):
    """DML_DEQUANTIZE_OPERATOR_DESC: DML_OPERATOR_DEQUANTIZE, from DML_FEATURE_LEVEL_6_3."""

    C_NAME: ClassVar[str] = "DML_DEQUANTIZE_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "DEQUANTIZE"

    InputTensor: AnyTensorDesc | None = None
    QuantizationType: QuantizationType | int | str
    QuantizationTensorCount: int | None = None
    QuantizationTensors: Sequence[AnyTensorDesc] | None = None
    OutputTensor: AnyTensorDesc | None = None

DML_DEQUANTIZE_OPERATOR_DESC = DequantizeOperatorDesc

@operator_desc
class Resample3OperatorDesc(OperatorDescBase):
    """DML_RESAMPLE3_OPERATOR_DESC: DML_OPERATOR_RESAMPLE3, from DML_FEATURE_LEVEL_6_4."""

    C_NAME: ClassVar[str] = "DML_RESAMPLE3_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "RESAMPLE3"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    InterpolationMode: InterpolationMode | int | str
    RoundingDirection: AxisDirection | int | str
    DimensionCount: int | None = None
    Scales: Sequence[float] | None = None
    InputPixelOffsets: Sequence[float] | None = None
    OutputPixelOffsets: Sequence[float] | None = None
    Antialiased: bool

DML_RESAMPLE3_OPERATOR_DESC = Resample3OperatorDesc

@operator_desc
class FoldOperatorDesc(OperatorDescBase):
    """DML_FOLD_OPERATOR_DESC: DML_OPERATOR_FOLD, from DML_FEATURE_LEVEL_6_4."""

    C_NAME: ClassVar[str] = "DML_FOLD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "FOLD"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    WindowSizes: Sequence[int] | None = None
    Strides: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None

DML_FOLD_OPERATOR_DESC = FoldOperatorDesc

@operator_desc
class UnfoldOperatorDesc(OperatorDescBase):
    """DML_UNFOLD_OPERATOR_DESC: DML_OPERATOR_UNFOLD, from DML_FEATURE_LEVEL_6_4."""

    C_NAME: ClassVar[str] = "DML_UNFOLD_OPERATOR_DESC"
    OPERATOR: ClassVar[str] = "UNFOLD"

    InputTensor: AnyTensorDesc | None = None
    OutputTensor: AnyTensorDesc | None = None
    DimensionCount: int | None = None
    WindowSizes: Sequence[int] | None = None
    Strides: Sequence[int] | None = None
    Dilations: Sequence[int] | None = None
    StartPadding: Sequence[int] | None = None
    EndPadding: Sequence[int] | None = None

DML_UNFOLD_OPERATOR_DESC = UnfoldOperatorDesc

__all__ = [
    "OperatorDescBase",
    "ElementWiseIdentityOperatorDesc",
    "DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC",
    "ElementWiseAbsOperatorDesc",
    "DML_ELEMENT_WISE_ABS_OPERATOR_DESC",
    "ElementWiseAcosOperatorDesc",
    "DML_ELEMENT_WISE_ACOS_OPERATOR_DESC",
    "ElementWiseAddOperatorDesc",
    "DML_ELEMENT_WISE_ADD_OPERATOR_DESC",
    "ElementWiseAsinOperatorDesc",
    "DML_ELEMENT_WISE_ASIN_OPERATOR_DESC",
    "ElementWiseAtanOperatorDesc",
    "DML_ELEMENT_WISE_ATAN_OPERATOR_DESC",
    "ElementWiseCeilOperatorDesc",
    "DML_ELEMENT_WISE_CEIL_OPERATOR_DESC",
    "ElementWiseClipOperatorDesc",
    "DML_ELEMENT_WISE_CLIP_OPERATOR_DESC",
    "ElementWiseCosOperatorDesc",
    "DML_ELEMENT_WISE_COS_OPERATOR_DESC",
    "ElementWiseDivideOperatorDesc",
    "DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC",
    "ElementWiseExpOperatorDesc",
    "DML_ELEMENT_WISE_EXP_OPERATOR_DESC",
    "ElementWiseFloorOperatorDesc",
    "DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC",
    "ElementWiseLogOperatorDesc",
    "DML_ELEMENT_WISE_LOG_OPERATOR_DESC",
    "ElementWiseLogicalAndOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC",
    "ElementWiseLogicalEqualsOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC",
    "ElementWiseLogicalGreaterThanOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC",
    "ElementWiseLogicalLessThanOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC",
    "ElementWiseLogicalNotOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC",
    "ElementWiseLogicalOrOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC",
    "ElementWiseLogicalXorOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC",
    "ElementWiseMaxOperatorDesc",
    "DML_ELEMENT_WISE_MAX_OPERATOR_DESC",
    "ElementWiseMeanOperatorDesc",
    "DML_ELEMENT_WISE_MEAN_OPERATOR_DESC",
    "ElementWiseMinOperatorDesc",
    "DML_ELEMENT_WISE_MIN_OPERATOR_DESC",
    "ElementWiseMultiplyOperatorDesc",
    "DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC",
    "ElementWisePowOperatorDesc",
    "DML_ELEMENT_WISE_POW_OPERATOR_DESC",
    "ElementWiseConstantPowOperatorDesc",
    "DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC",
    "ElementWiseRecipOperatorDesc",
    "DML_ELEMENT_WISE_RECIP_OPERATOR_DESC",
    "ElementWiseSinOperatorDesc",
    "DML_ELEMENT_WISE_SIN_OPERATOR_DESC",
    "ElementWiseSqrtOperatorDesc",
    "DML_ELEMENT_WISE_SQRT_OPERATOR_DESC",
    "ElementWiseSubtractOperatorDesc",
    "DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC",
    "ElementWiseTanOperatorDesc",
    "DML_ELEMENT_WISE_TAN_OPERATOR_DESC",
    "ElementWiseThresholdOperatorDesc",
    "DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC",
    "ElementWiseQuantizeLinearOperatorDesc",
    "DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC",
    "ElementWiseDequantizeLinearOperatorDesc",
    "DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC",
    "ActivationEluOperatorDesc",
    "DML_ACTIVATION_ELU_OPERATOR_DESC",
    "ActivationHardmaxOperatorDesc",
    "DML_ACTIVATION_HARDMAX_OPERATOR_DESC",
    "ActivationHardSigmoidOperatorDesc",
    "DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC",
    "ActivationIdentityOperatorDesc",
    "DML_ACTIVATION_IDENTITY_OPERATOR_DESC",
    "ActivationLeakyReluOperatorDesc",
    "DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC",
    "ActivationLinearOperatorDesc",
    "DML_ACTIVATION_LINEAR_OPERATOR_DESC",
    "ActivationLogSoftmaxOperatorDesc",
    "DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC",
    "ActivationParameterizedReluOperatorDesc",
    "DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC",
    "ActivationParametricSoftplusOperatorDesc",
    "DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC",
    "ActivationReluOperatorDesc",
    "DML_ACTIVATION_RELU_OPERATOR_DESC",
    "ActivationScaledEluOperatorDesc",
    "DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC",
    "ActivationScaledTanhOperatorDesc",
    "DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC",
    "ActivationSigmoidOperatorDesc",
    "DML_ACTIVATION_SIGMOID_OPERATOR_DESC",
    "ActivationSoftmaxOperatorDesc",
    "DML_ACTIVATION_SOFTMAX_OPERATOR_DESC",
    "ActivationSoftplusOperatorDesc",
    "DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC",
    "ActivationSoftsignOperatorDesc",
    "DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC",
    "ActivationTanhOperatorDesc",
    "DML_ACTIVATION_TANH_OPERATOR_DESC",
    "ActivationThresholdedReluOperatorDesc",
    "DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC",
    "ConvolutionOperatorDesc",
    "DML_CONVOLUTION_OPERATOR_DESC",
    "GemmOperatorDesc",
    "DML_GEMM_OPERATOR_DESC",
    "ReduceOperatorDesc",
    "DML_REDUCE_OPERATOR_DESC",
    "AveragePoolingOperatorDesc",
    "DML_AVERAGE_POOLING_OPERATOR_DESC",
    "LpPoolingOperatorDesc",
    "DML_LP_POOLING_OPERATOR_DESC",
    "MaxPoolingOperatorDesc",
    "DML_MAX_POOLING_OPERATOR_DESC",
    "RoiPoolingOperatorDesc",
    "DML_ROI_POOLING_OPERATOR_DESC",
    "SliceOperatorDesc",
    "DML_SLICE_OPERATOR_DESC",
    "CastOperatorDesc",
    "DML_CAST_OPERATOR_DESC",
    "SplitOperatorDesc",
    "DML_SPLIT_OPERATOR_DESC",
    "JoinOperatorDesc",
    "DML_JOIN_OPERATOR_DESC",
    "PaddingOperatorDesc",
    "DML_PADDING_OPERATOR_DESC",
    "ValueScale2DOperatorDesc",
    "DML_VALUE_SCALE_2D_OPERATOR_DESC",
    "Upsample2DOperatorDesc",
    "DML_UPSAMPLE_2D_OPERATOR_DESC",
    "GatherOperatorDesc",
    "DML_GATHER_OPERATOR_DESC",
    "SpaceToDepthOperatorDesc",
    "DML_SPACE_TO_DEPTH_OPERATOR_DESC",
    "DepthToSpaceOperatorDesc",
    "DML_DEPTH_TO_SPACE_OPERATOR_DESC",
    "TileOperatorDesc",
    "DML_TILE_OPERATOR_DESC",
    "TopKOperatorDesc",
    "DML_TOP_K_OPERATOR_DESC",
    "BatchNormalizationOperatorDesc",
    "DML_BATCH_NORMALIZATION_OPERATOR_DESC",
    "MeanVarianceNormalizationOperatorDesc",
    "DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC",
    "LocalResponseNormalizationOperatorDesc",
    "DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC",
    "LpNormalizationOperatorDesc",
    "DML_LP_NORMALIZATION_OPERATOR_DESC",
    "RnnOperatorDesc",
    "DML_RNN_OPERATOR_DESC",
    "LstmOperatorDesc",
    "DML_LSTM_OPERATOR_DESC",
    "GruOperatorDesc",
    "DML_GRU_OPERATOR_DESC",
    "ElementWiseSignOperatorDesc",
    "DML_ELEMENT_WISE_SIGN_OPERATOR_DESC",
    "ElementWiseIsNanOperatorDesc",
    "DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC",
    "ElementWiseErfOperatorDesc",
    "DML_ELEMENT_WISE_ERF_OPERATOR_DESC",
    "ElementWiseSinhOperatorDesc",
    "DML_ELEMENT_WISE_SINH_OPERATOR_DESC",
    "ElementWiseCoshOperatorDesc",
    "DML_ELEMENT_WISE_COSH_OPERATOR_DESC",
    "ElementWiseTanhOperatorDesc",
    "DML_ELEMENT_WISE_TANH_OPERATOR_DESC",
    "ElementWiseAsinhOperatorDesc",
    "DML_ELEMENT_WISE_ASINH_OPERATOR_DESC",
    "ElementWiseAcoshOperatorDesc",
    "DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC",
    "ElementWiseAtanhOperatorDesc",
    "DML_ELEMENT_WISE_ATANH_OPERATOR_DESC",
    "ElementWiseIfOperatorDesc",
    "DML_ELEMENT_WISE_IF_OPERATOR_DESC",
    "ElementWiseAdd1OperatorDesc",
    "DML_ELEMENT_WISE_ADD1_OPERATOR_DESC",
    "ActivationShrinkOperatorDesc",
    "DML_ACTIVATION_SHRINK_OPERATOR_DESC",
    "MaxPooling1OperatorDesc",
    "DML_MAX_POOLING1_OPERATOR_DESC",
    "MaxUnpoolingOperatorDesc",
    "DML_MAX_UNPOOLING_OPERATOR_DESC",
    "DiagonalMatrixOperatorDesc",
    "DML_DIAGONAL_MATRIX_OPERATOR_DESC",
    "ScatterOperatorDesc",
    "DML_SCATTER_OPERATOR_DESC",
    "DML_SCATTER_ELEMENTS_OPERATOR_DESC",
    "OneHotOperatorDesc",
    "DML_ONE_HOT_OPERATOR_DESC",
    "ResampleOperatorDesc",
    "DML_RESAMPLE_OPERATOR_DESC",
    "ElementWiseBitShiftLeftOperatorDesc",
    "DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC",
    "ElementWiseBitShiftRightOperatorDesc",
    "DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC",
    "ElementWiseRoundOperatorDesc",
    "DML_ELEMENT_WISE_ROUND_OPERATOR_DESC",
    "ElementWiseIsInfinityOperatorDesc",
    "DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC",
    "ElementWiseModulusTruncateOperatorDesc",
    "DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC",
    "ElementWiseModulusFloorOperatorDesc",
    "DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC",
    "FillValueConstantOperatorDesc",
    "DML_FILL_VALUE_CONSTANT_OPERATOR_DESC",
    "FillValueSequenceOperatorDesc",
    "DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC",
    "CumulativeSummationOperatorDesc",
    "DML_CUMULATIVE_SUMMATION_OPERATOR_DESC",
    "ReverseSubsequencesOperatorDesc",
    "DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC",
    "GatherElementsOperatorDesc",
    "DML_GATHER_ELEMENTS_OPERATOR_DESC",
    "GatherNdOperatorDesc",
    "DML_GATHER_ND_OPERATOR_DESC",
    "ScatterNdOperatorDesc",
    "DML_SCATTER_ND_OPERATOR_DESC",
    "MaxPooling2OperatorDesc",
    "DML_MAX_POOLING2_OPERATOR_DESC",
    "Slice1OperatorDesc",
    "DML_SLICE1_OPERATOR_DESC",
    "TopK1OperatorDesc",
    "DML_TOP_K1_OPERATOR_DESC",
    "DepthToSpace1OperatorDesc",
    "DML_DEPTH_TO_SPACE1_OPERATOR_DESC",
    "SpaceToDepth1OperatorDesc",
    "DML_SPACE_TO_DEPTH1_OPERATOR_DESC",
    "MeanVarianceNormalization1OperatorDesc",
    "DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC",
    "Resample1OperatorDesc",
    "DML_RESAMPLE1_OPERATOR_DESC",
    "MatrixMultiplyIntegerOperatorDesc",
    "DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC",
    "QuantizedLinearMatrixMultiplyOperatorDesc",
    "DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC",
    "ConvolutionIntegerOperatorDesc",
    "DML_CONVOLUTION_INTEGER_OPERATOR_DESC",
    "QuantizedLinearConvolutionOperatorDesc",
    "DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC",
    "ElementWiseBitAndOperatorDesc",
    "DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC",
    "ElementWiseBitOrOperatorDesc",
    "DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC",
    "ElementWiseBitXorOperatorDesc",
    "DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC",
    "ElementWiseBitNotOperatorDesc",
    "DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC",
    "ElementWiseBitCountOperatorDesc",
    "DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC",
    "ElementWiseLogicalGreaterThanOrEqualOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC",
    "ElementWiseLogicalLessThanOrEqualOperatorDesc",
    "DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC",
    "ActivationCeluOperatorDesc",
    "DML_ACTIVATION_CELU_OPERATOR_DESC",
    "ActivationReluGradOperatorDesc",
    "DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC",
    "AveragePoolingGradOperatorDesc",
    "DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC",
    "MaxPoolingGradOperatorDesc",
    "DML_MAX_POOLING_GRAD_OPERATOR_DESC",
    "RandomGeneratorOperatorDesc",
    "DML_RANDOM_GENERATOR_OPERATOR_DESC",
    "NonzeroCoordinatesOperatorDesc",
    "DML_NONZERO_COORDINATES_OPERATOR_DESC",
    "ResampleGradOperatorDesc",
    "DML_RESAMPLE_GRAD_OPERATOR_DESC",
    "SliceGradOperatorDesc",
    "DML_SLICE_GRAD_OPERATOR_DESC",
    "AdamOptimizerOperatorDesc",
    "DML_ADAM_OPTIMIZER_OPERATOR_DESC",
    "ArgminOperatorDesc",
    "DML_ARGMIN_OPERATOR_DESC",
    "ArgmaxOperatorDesc",
    "DML_ARGMAX_OPERATOR_DESC",
    "RoiAlignOperatorDesc",
    "DML_ROI_ALIGN_OPERATOR_DESC",
    "GatherNd1OperatorDesc",
    "DML_GATHER_ND1_OPERATOR_DESC",
    "ElementWiseAtanYxOperatorDesc",
    "DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC",
    "ElementWiseClipGradOperatorDesc",
    "DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC",
    "ElementWiseDifferenceSquareOperatorDesc",
    "DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC",
    "LocalResponseNormalizationGradOperatorDesc",
    "DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC",
    "CumulativeProductOperatorDesc",
    "DML_CUMULATIVE_PRODUCT_OPERATOR_DESC",
    "BatchNormalizationGradOperatorDesc",
    "DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC",
    "ElementWiseQuantizedLinearAddOperatorDesc",
    "DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC",
    "DynamicQuantizeLinearOperatorDesc",
    "DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC",
    "RoiAlign1OperatorDesc",
    "DML_ROI_ALIGN1_OPERATOR_DESC",
    "RoiAlignGradOperatorDesc",
    "DML_ROI_ALIGN_GRAD_OPERATOR_DESC",
    "BatchNormalizationTrainingOperatorDesc",
    "DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC",
    "BatchNormalizationTrainingGradOperatorDesc",
    "DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC",
    "ElementWiseClip1OperatorDesc",
    "DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC",
    "ElementWiseClipGrad1OperatorDesc",
    "DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC",
    "Padding1OperatorDesc",
    "DML_PADDING1_OPERATOR_DESC",
    "ElementWiseNegateOperatorDesc",
    "DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC",
    "ActivationGeluOperatorDesc",
    "DML_ACTIVATION_GELU_OPERATOR_DESC",
    "ActivationSoftmax1OperatorDesc",
    "DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC",
    "ActivationLogSoftmax1OperatorDesc",
    "DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC",
    "ActivationHardmax1OperatorDesc",
    "DML_ACTIVATION_HARDMAX1_OPERATOR_DESC",
    "Resample2OperatorDesc",
    "DML_RESAMPLE2_OPERATOR_DESC",
    "ResampleGrad1OperatorDesc",
    "DML_RESAMPLE_GRAD1_OPERATOR_DESC",
    "DiagonalMatrix1OperatorDesc",
    "DML_DIAGONAL_MATRIX1_OPERATOR_DESC",
    "MultiheadAttentionOperatorDesc",
    "DML_MULTIHEAD_ATTENTION_OPERATOR_DESC",
    "LpPooling1OperatorDesc",
    "DML_LP_POOLING1_OPERATOR_DESC",
    "AveragePooling1OperatorDesc",
    "DML_AVERAGE_POOLING1_OPERATOR_DESC",
    "ActivationSwishOperatorDesc",
    "DML_ACTIVATION_SWISH_OPERATOR_DESC",
    "ActivationHardSwishOperatorDesc",
    "DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC",
    "QuantizedLinearAveragePoolingOperatorDesc",
    "DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC",
    "MatrixMultiplyIntegerToFloatOperatorDesc",
    "DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC",
    "MeanVarianceNormalization2OperatorDesc",
    "DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC",
    "MultiheadAttention1OperatorDesc",
    "DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC",
    "QuantizeOperatorDesc",
    "DML_QUANTIZE_OPERATOR_DESC",
    "DequantizeOperatorDesc",
    "DML_DEQUANTIZE_OPERATOR_DESC",
    "Resample3OperatorDesc",
    "DML_RESAMPLE3_OPERATOR_DESC",
    "FoldOperatorDesc",
    "DML_FOLD_OPERATOR_DESC",
    "UnfoldOperatorDesc",
    "DML_UNFOLD_OPERATOR_DESC",
]
