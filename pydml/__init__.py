"""pydml: DirectML operator descriptors, validated and executed on a Linux CPU.

Descs mirror directml.h (field names kept); module-level constants are named exactly as in C
(``pydml.DML_TENSOR_DATA_TYPE_FLOAT32``, ``pydml.DML_FEATURE_LEVEL_5_1``, ...).

    >>> import pydml
    >>> device = pydml.Device(feature_level=pydml.DML_FEATURE_LEVEL_5_1)
    >>> op = device.create_operator(pydml.DML_RESAMPLE_GRAD_OPERATOR_DESC(...))
    >>> op.execute({"InputGradientTensor": g})["OutputGradientTensor"]
"""

from __future__ import annotations

from typing import Any

from pydml import onednn, resample_modes
from pydml.device import BindingError, CompiledOperator, Device
from pydml.enums import (
    AxisDirection,
    ConvolutionDirection,
    ConvolutionMode,
    ExecutionFlags,
    FeatureLevel,
    InterpolationMode,
    OperatorType,
    TensorDataType,
    TensorFlags,
    TensorType,
    c_constants,
)
from pydml.errors import (
    FeatureLevelError,
    NativeError,
    PydmlError,
    UnsupportedError,
    ValidationError,
)
from pydml.feature_levels import INTRODUCED_AT, introduced_at, operators_at
from pydml.marshal import CDesc, from_c, to_c
from pydml.ops.activations import (
    ACTIVATION_CLASSES,
    ElementWiseClipOperatorDesc,
    ScaleBias,
)
from pydml.ops.convolution import ConvolutionOperatorDesc
from pydml.ops.resample import (
    Resample1OperatorDesc,
    Resample2OperatorDesc,
    Resample3OperatorDesc,
    ResampleGrad1OperatorDesc,
    ResampleGradOperatorDesc,
    ResampleOperatorDesc,
    Size2D,
    Upsample2DOperatorDesc,
)
from pydml.registry import OperatorDesc, OperatorSchema, all_schemas, newest_at, schema_of
from pydml.tensor import BufferTensorDesc, TensorDesc, buffer_desc, calc_buffer_tensor_size
from pydml.validate import validate

# directml.h spellings of the structs.
DML_BUFFER_TENSOR_DESC = BufferTensorDesc
DML_TENSOR_DESC = TensorDesc
DML_OPERATOR_DESC = OperatorDesc
DML_SIZE_2D = Size2D
DML_SCALE_BIAS = ScaleBias
DMLCalcBufferTensorSize = calc_buffer_tensor_size

_STRUCTS: dict[str, Any] = {s.c_name: s.desc_class for s in all_schemas()}
globals().update(_STRUCTS)
globals().update(c_constants())

__all__ = [
    "ACTIVATION_CLASSES",
    "INTRODUCED_AT",
    "AxisDirection",
    "BindingError",
    "BufferTensorDesc",
    "CDesc",
    "CompiledOperator",
    "ConvolutionDirection",
    "ConvolutionMode",
    "ConvolutionOperatorDesc",
    "DMLCalcBufferTensorSize",
    "DML_BUFFER_TENSOR_DESC",
    "DML_OPERATOR_DESC",
    "DML_SCALE_BIAS",
    "DML_SIZE_2D",
    "DML_TENSOR_DESC",
    "Device",
    "ElementWiseClipOperatorDesc",
    "ExecutionFlags",
    "FeatureLevel",
    "FeatureLevelError",
    "InterpolationMode",
    "NativeError",
    "OperatorDesc",
    "OperatorSchema",
    "OperatorType",
    "PydmlError",
    "Resample1OperatorDesc",
    "Resample2OperatorDesc",
    "Resample3OperatorDesc",
    "ResampleGrad1OperatorDesc",
    "ResampleGradOperatorDesc",
    "ResampleOperatorDesc",
    "ScaleBias",
    "Size2D",
    "TensorDataType",
    "TensorDesc",
    "TensorFlags",
    "TensorType",
    "UnsupportedError",
    "Upsample2DOperatorDesc",
    "ValidationError",
    "all_schemas",
    "buffer_desc",
    "calc_buffer_tensor_size",
    "from_c",
    "introduced_at",
    "newest_at",
    "operators_at",
    "schema_of",
    "to_c",
    "onednn",
    "resample_modes",
    "validate",
    *_STRUCTS,
    *c_constants(),
]
