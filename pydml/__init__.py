"""pydml: DirectML operator descriptors, validated and executed on a Linux CPU.

Descs mirror directml.h (field names kept); module-level constants are named exactly as in C
(``pydml.DML_TENSOR_DATA_TYPE_FLOAT32``, ``pydml.DML_FEATURE_LEVEL_5_1``, ...).

    >>> import pydml
    >>> device = pydml.Device(feature_level=pydml.DML_FEATURE_LEVEL_5_1)
    >>> op = device.create_operator(pydml.DML_RESAMPLE_GRAD_OPERATOR_DESC(...))
    >>> op.execute({"InputGradientTensor": g})["OutputGradientTensor"]
"""

from __future__ import annotations

from pydml._version import __version__
from pydml.constants import *  # noqa: F403  (every enumerator, named as in C)
from pydml.constants import __all__ as _constant_names
from pydml.descs import *  # noqa: F403  (every operator desc, C and Python names)
from pydml.descs import __all__ as _desc_names
from pydml.device import CompiledOperator, Device
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
)
from pydml.errors import (
    BindingError,
    FeatureLevelError,
    LimitError,
    NativeError,
    PydmlError,
    UnsupportedError,
    ValidationError,
)
from pydml.graph import CompiledGraph
from pydml.graph_descs import *  # noqa: F403  (the graph structs, C and Python names)
from pydml.graph_descs import __all__ as _graph_names
from pydml.marshal import CDesc, from_c, to_c
from pydml.registry import (
    INTRODUCED_AT,
    OperatorDesc,
    OperatorSchema,
    all_schemas,
    introduced_at,
    newest_at,
    operators_at,
    schema_of,
)
from pydml.structs import ScalarUnion, ScaleBias, Size2D
from pydml.tensor import BufferTensorDesc, TensorDesc, buffer_desc, calc_buffer_tensor_size
from pydml.validate import validate

# directml.h spellings of the structs.
DML_BUFFER_TENSOR_DESC = BufferTensorDesc
DML_TENSOR_DESC = TensorDesc
DML_OPERATOR_DESC = OperatorDesc
DML_SIZE_2D = Size2D
DML_SCALE_BIAS = ScaleBias
DML_SCALAR_UNION = ScalarUnion
DMLCalcBufferTensorSize = calc_buffer_tensor_size

__all__ = [
    "__version__",
    "INTRODUCED_AT",
    "AxisDirection",
    "BindingError",
    "BufferTensorDesc",
    "CDesc",
    "CompiledGraph",
    "CompiledOperator",
    "ConvolutionDirection",
    "ConvolutionMode",
    "DMLCalcBufferTensorSize",
    "DML_BUFFER_TENSOR_DESC",
    "DML_OPERATOR_DESC",
    "DML_SCALAR_UNION",
    "DML_SCALE_BIAS",
    "DML_SIZE_2D",
    "DML_TENSOR_DESC",
    "Device",
    "ExecutionFlags",
    "FeatureLevel",
    "FeatureLevelError",
    "InterpolationMode",
    "LimitError",
    "NativeError",
    "OperatorDesc",
    "OperatorSchema",
    "OperatorType",
    "PydmlError",
    "ScalarUnion",
    "ScaleBias",
    "Size2D",
    "TensorDataType",
    "TensorDesc",
    "TensorFlags",
    "TensorType",
    "UnsupportedError",
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
    "validate",
    *_desc_names,
    *_graph_names,
    *_constant_names,
]
