"""DirectML enumerations as Python enums.

The numbers come from the compiled header (``include/DirectML.h`` through cffi): this module names
members but never types a value. ``tests/test_enums.py`` checks every enumerator of the header has
a member here and vice versa. Every member knows its C spelling (``.c_name``).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Self

from pydml.native import ffi, lib


def _v(name: str) -> int:
    return int(getattr(lib, name))


class CEnum(enum.IntEnum):
    """An IntEnum whose members also carry their directml.h name."""

    @classmethod
    def c_prefix(cls) -> str:
        """The prefix that turns a member name into its C enumerator name."""
        return _PREFIXES[cls.__name__]

    @property
    def c_name(self) -> str:
        """The enumerator's name in directml.h, e.g. ``DML_TENSOR_DATA_TYPE_FLOAT32``."""
        return self.c_prefix() + self.name

    @classmethod
    def parse(cls, value: Any) -> Self:
        """Accept a member, an int, the full C name or the suffix (DxDispatch's spellings)."""
        if isinstance(value, cls):
            return value
        if isinstance(value, bool):
            raise ValueError(f"{value!r} is not a {cls.c_type()} value")
        if isinstance(value, int):
            return cls(value)
        if isinstance(value, str):
            # __members__, not iteration: iteration skips aliases (DML_OPERATOR_SCATTER).
            text = value.strip()
            suffix = text.removeprefix(cls.c_prefix())
            for key, member in cls.__members__.items():
                if key == suffix or member.c_name == text:
                    return member
        raise ValueError(f"{value!r} is not a {cls.c_type()} value")

    @classmethod
    def c_type(cls) -> str:
        """The C enum type name."""
        return _CTYPES[cls.__name__]


class CFlag(enum.IntFlag):
    """An IntFlag whose members also carry their directml.h name."""

    @property
    def c_name(self) -> str:
        """``DML_EXECUTION_FLAG_A|DML_EXECUTION_FLAG_B`` style name."""
        prefix = _PREFIXES[type(self).__name__]
        if self.value == 0:
            return prefix + "NONE"
        return "|".join(prefix + (m.name or "") for m in type(self) if m.value and m in self)

    @classmethod
    def parse(cls, value: Any) -> Self:
        """Accept a member, an int, a name (full or suffix), or a list of names OR-ed together."""
        if isinstance(value, cls):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            known = 0
            for member in cls:
                known |= member.value
            if value < 0 or value & ~known:
                raise ValueError(f"{value!r} has bits that are not {_CTYPES[cls.__name__]} flags")
            return cls(value)
        if isinstance(value, (list, tuple)):
            result = cls(0)
            for item in value:
                result |= cls.parse(item)
            return result
        if isinstance(value, str):
            prefix = _PREFIXES[cls.__name__]
            suffix = value.strip().removeprefix(prefix)
            # __members__, not iteration: Flag iteration skips the zero member (NONE).
            for key, member in cls.__members__.items():
                if key == suffix:
                    return member
        raise ValueError(f"{value!r} is not a {_CTYPES[cls.__name__]} value")


_PREFIXES: dict[str, str] = {}
_CTYPES: dict[str, str] = {}


def _register(py: str, ctype: str, prefix: str) -> None:
    _PREFIXES[py] = prefix
    _CTYPES[py] = ctype


class TensorDataType(CEnum):
    """DML_TENSOR_DATA_TYPE."""

    UNKNOWN = _v("DML_TENSOR_DATA_TYPE_UNKNOWN")
    FLOAT32 = _v("DML_TENSOR_DATA_TYPE_FLOAT32")
    FLOAT16 = _v("DML_TENSOR_DATA_TYPE_FLOAT16")
    UINT32 = _v("DML_TENSOR_DATA_TYPE_UINT32")
    UINT16 = _v("DML_TENSOR_DATA_TYPE_UINT16")
    UINT8 = _v("DML_TENSOR_DATA_TYPE_UINT8")
    INT32 = _v("DML_TENSOR_DATA_TYPE_INT32")
    INT16 = _v("DML_TENSOR_DATA_TYPE_INT16")
    INT8 = _v("DML_TENSOR_DATA_TYPE_INT8")
    FLOAT64 = _v("DML_TENSOR_DATA_TYPE_FLOAT64")
    UINT64 = _v("DML_TENSOR_DATA_TYPE_UINT64")
    INT64 = _v("DML_TENSOR_DATA_TYPE_INT64")
    UINT4 = _v("DML_TENSOR_DATA_TYPE_UINT4")
    INT4 = _v("DML_TENSOR_DATA_TYPE_INT4")

    @property
    def bits(self) -> int:
        """Element size in bits (DMLCalcBufferTensorSize's table), 0 for UNKNOWN."""
        return int(lib.pydml_data_type_bits(self.value))


class TensorType(CEnum):
    """DML_TENSOR_TYPE."""

    INVALID = _v("DML_TENSOR_TYPE_INVALID")
    BUFFER = _v("DML_TENSOR_TYPE_BUFFER")


class TensorFlags(CFlag):
    """DML_TENSOR_FLAGS."""

    NONE = _v("DML_TENSOR_FLAG_NONE")
    OWNED_BY_DML = _v("DML_TENSOR_FLAG_OWNED_BY_DML")


class ExecutionFlags(CFlag):
    """DML_EXECUTION_FLAGS."""

    NONE = _v("DML_EXECUTION_FLAG_NONE")
    ALLOW_HALF_PRECISION_COMPUTATION = _v("DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION")
    DISABLE_META_COMMANDS = _v("DML_EXECUTION_FLAG_DISABLE_META_COMMANDS")
    DESCRIPTORS_VOLATILE = _v("DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE")


class InterpolationMode(CEnum):
    """DML_INTERPOLATION_MODE."""

    NEAREST_NEIGHBOR = _v("DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR")
    LINEAR = _v("DML_INTERPOLATION_MODE_LINEAR")


class AxisDirection(CEnum):
    """DML_AXIS_DIRECTION (RoundingDirection: INCREASING = ceil, DECREASING = floor)."""

    INCREASING = _v("DML_AXIS_DIRECTION_INCREASING")
    DECREASING = _v("DML_AXIS_DIRECTION_DECREASING")


class ConvolutionMode(CEnum):
    """DML_CONVOLUTION_MODE (zero = CONVOLUTION, the flipped-kernel mode)."""

    CONVOLUTION = _v("DML_CONVOLUTION_MODE_CONVOLUTION")
    CROSS_CORRELATION = _v("DML_CONVOLUTION_MODE_CROSS_CORRELATION")


class ConvolutionDirection(CEnum):
    """DML_CONVOLUTION_DIRECTION."""

    FORWARD = _v("DML_CONVOLUTION_DIRECTION_FORWARD")
    BACKWARD = _v("DML_CONVOLUTION_DIRECTION_BACKWARD")


class FeatureLevel(CEnum):
    """DML_FEATURE_LEVEL, with the real values (0x1000 ... 0x6400), so levels compare naturally."""

    FL1_0 = _v("DML_FEATURE_LEVEL_1_0")
    FL2_0 = _v("DML_FEATURE_LEVEL_2_0")
    FL2_1 = _v("DML_FEATURE_LEVEL_2_1")
    FL3_0 = _v("DML_FEATURE_LEVEL_3_0")
    FL3_1 = _v("DML_FEATURE_LEVEL_3_1")
    FL4_0 = _v("DML_FEATURE_LEVEL_4_0")
    FL4_1 = _v("DML_FEATURE_LEVEL_4_1")
    FL5_0 = _v("DML_FEATURE_LEVEL_5_0")
    FL5_1 = _v("DML_FEATURE_LEVEL_5_1")
    FL5_2 = _v("DML_FEATURE_LEVEL_5_2")
    FL6_0 = _v("DML_FEATURE_LEVEL_6_0")
    FL6_1 = _v("DML_FEATURE_LEVEL_6_1")
    FL6_2 = _v("DML_FEATURE_LEVEL_6_2")
    FL6_3 = _v("DML_FEATURE_LEVEL_6_3")
    FL6_4 = _v("DML_FEATURE_LEVEL_6_4")

    @property
    def c_name(self) -> str:
        """``DML_FEATURE_LEVEL_5_1`` (members are spelled ``FL5_1`` in Python)."""
        return self.c_prefix() + self.name.removeprefix("FL")

    @property
    def short_name(self) -> str:
        """``5_1``."""
        return self.name.removeprefix("FL")

    @classmethod
    def parse(cls, value: Any) -> FeatureLevel:
        """Also accept ``"5_1"``, ``"5.1"`` and ``0x5100``."""
        if isinstance(value, str):
            text = value.strip().removeprefix("DML_FEATURE_LEVEL_").replace(".", "_")
            for member in cls:
                if member.name == "FL" + text:
                    return member
        return super().parse(value)


# DML_OPERATOR_TYPE has 178 values; its members are read from the header rather than listed here.
# DML_OPERATOR_SCATTER is an alias of SCATTER_ELEMENTS (94) and becomes an enum alias.
_OPERATOR_MEMBERS = sorted(
    ((name.removeprefix("DML_OPERATOR_"), int(value))
     for value, name in ffi.typeof("DML_OPERATOR_TYPE").elements.items()),
    key=lambda item: (item[1], item[0] == "SCATTER"),
)
if TYPE_CHECKING:

    class OperatorType(CEnum):
        """DML_OPERATOR_TYPE (members are created at run time from the header)."""

else:
    OperatorType = CEnum(
        "OperatorType",
        [*((n, v) for n, v in _OPERATOR_MEMBERS if n != "SCATTER"),
         ("SCATTER", _v("DML_OPERATOR_SCATTER"))],
        module=__name__,
    )
    OperatorType.__doc__ = "DML_OPERATOR_TYPE (members read from include/DirectML.h)."


def _from_header(name: str, ctype: str, prefix: str, base: type[CEnum] | type[CFlag]) -> Any:
    """An enum whose members are the header's enumerators (names without ``prefix``)."""
    members = sorted(((n.removeprefix(prefix), int(v)) for v, n in ffi.typeof(ctype).elements.items()),
                     key=lambda item: item[1])
    factory: Any = base  # the functional Enum API, which mypy cannot type for a variable base
    cls = factory(name, members, module=__name__)
    cls.__doc__ = f"{ctype} (members read from include/DirectML.h)."
    return cls


if TYPE_CHECKING:

    class ReduceFunction(CEnum):
        """DML_REDUCE_FUNCTION."""

    class MatrixTransform(CEnum):
        """DML_MATRIX_TRANSFORM."""

    class PaddingMode(CEnum):
        """DML_PADDING_MODE."""

    class RecurrentNetworkDirection(CEnum):
        """DML_RECURRENT_NETWORK_DIRECTION."""

    class RoundingMode(CEnum):
        """DML_ROUNDING_MODE."""

    class IsInfinityMode(CEnum):
        """DML_IS_INFINITY_MODE."""

    class DepthSpaceOrder(CEnum):
        """DML_DEPTH_SPACE_ORDER."""

    class RandomGeneratorType(CEnum):
        """DML_RANDOM_GENERATOR_TYPE."""

    class MultiheadAttentionMaskType(CEnum):
        """DML_MULTIHEAD_ATTENTION_MASK_TYPE."""

    class QuantizationType(CEnum):
        """DML_QUANTIZATION_TYPE."""

    class Feature(CEnum):
        """DML_FEATURE."""

    class BindingType(CEnum):
        """DML_BINDING_TYPE."""

    class GraphEdgeType(CEnum):
        """DML_GRAPH_EDGE_TYPE (the members the graph API names, for the type checker)."""

        INVALID = 0
        INPUT = 1
        OUTPUT = 2
        INTERMEDIATE = 3

    class GraphNodeType(CEnum):
        """DML_GRAPH_NODE_TYPE (the members the graph API names, for the type checker)."""

        INVALID = 0
        OPERATOR = 1
        CONSTANT = 2

    class CreateDeviceFlags(CFlag):
        """DML_CREATE_DEVICE_FLAGS."""

else:
    ReduceFunction = _from_header("ReduceFunction", "DML_REDUCE_FUNCTION", "DML_REDUCE_FUNCTION_", CEnum)
    MatrixTransform = _from_header("MatrixTransform", "DML_MATRIX_TRANSFORM", "DML_MATRIX_TRANSFORM_",
                                   CEnum)
    PaddingMode = _from_header("PaddingMode", "DML_PADDING_MODE", "DML_PADDING_MODE_", CEnum)
    RecurrentNetworkDirection = _from_header("RecurrentNetworkDirection",
                                             "DML_RECURRENT_NETWORK_DIRECTION",
                                             "DML_RECURRENT_NETWORK_DIRECTION_", CEnum)
    RoundingMode = _from_header("RoundingMode", "DML_ROUNDING_MODE", "DML_ROUNDING_MODE_", CEnum)
    IsInfinityMode = _from_header("IsInfinityMode", "DML_IS_INFINITY_MODE", "DML_IS_INFINITY_MODE_",
                                  CEnum)
    DepthSpaceOrder = _from_header("DepthSpaceOrder", "DML_DEPTH_SPACE_ORDER",
                                   "DML_DEPTH_SPACE_ORDER_", CEnum)
    RandomGeneratorType = _from_header("RandomGeneratorType", "DML_RANDOM_GENERATOR_TYPE",
                                       "DML_RANDOM_GENERATOR_TYPE_", CEnum)
    MultiheadAttentionMaskType = _from_header("MultiheadAttentionMaskType",
                                              "DML_MULTIHEAD_ATTENTION_MASK_TYPE",
                                              "DML_MULTIHEAD_ATTENTION_MASK_TYPE_", CEnum)
    QuantizationType = _from_header("QuantizationType", "DML_QUANTIZATION_TYPE",
                                    "DML_QUANTIZATION_TYPE_", CEnum)
    Feature = _from_header("Feature", "DML_FEATURE", "DML_FEATURE_", CEnum)
    BindingType = _from_header("BindingType", "DML_BINDING_TYPE", "DML_BINDING_TYPE_", CEnum)
    GraphEdgeType = _from_header("GraphEdgeType", "DML_GRAPH_EDGE_TYPE", "DML_GRAPH_EDGE_TYPE_", CEnum)
    GraphNodeType = _from_header("GraphNodeType", "DML_GRAPH_NODE_TYPE", "DML_GRAPH_NODE_TYPE_", CEnum)
    CreateDeviceFlags = _from_header("CreateDeviceFlags", "DML_CREATE_DEVICE_FLAGS",
                                     "DML_CREATE_DEVICE_FLAG_", CFlag)

_ENUMS: tuple[tuple[str, str, str], ...] = (
    ("TensorDataType", "DML_TENSOR_DATA_TYPE", "DML_TENSOR_DATA_TYPE_"),
    ("TensorType", "DML_TENSOR_TYPE", "DML_TENSOR_TYPE_"),
    ("TensorFlags", "DML_TENSOR_FLAGS", "DML_TENSOR_FLAG_"),
    ("ExecutionFlags", "DML_EXECUTION_FLAGS", "DML_EXECUTION_FLAG_"),
    ("InterpolationMode", "DML_INTERPOLATION_MODE", "DML_INTERPOLATION_MODE_"),
    ("AxisDirection", "DML_AXIS_DIRECTION", "DML_AXIS_DIRECTION_"),
    ("ConvolutionMode", "DML_CONVOLUTION_MODE", "DML_CONVOLUTION_MODE_"),
    ("ConvolutionDirection", "DML_CONVOLUTION_DIRECTION", "DML_CONVOLUTION_DIRECTION_"),
    ("FeatureLevel", "DML_FEATURE_LEVEL", "DML_FEATURE_LEVEL_"),
    ("OperatorType", "DML_OPERATOR_TYPE", "DML_OPERATOR_"),
    ("ReduceFunction", "DML_REDUCE_FUNCTION", "DML_REDUCE_FUNCTION_"),
    ("MatrixTransform", "DML_MATRIX_TRANSFORM", "DML_MATRIX_TRANSFORM_"),
    ("PaddingMode", "DML_PADDING_MODE", "DML_PADDING_MODE_"),
    ("RecurrentNetworkDirection", "DML_RECURRENT_NETWORK_DIRECTION",
     "DML_RECURRENT_NETWORK_DIRECTION_"),
    ("RoundingMode", "DML_ROUNDING_MODE", "DML_ROUNDING_MODE_"),
    ("IsInfinityMode", "DML_IS_INFINITY_MODE", "DML_IS_INFINITY_MODE_"),
    ("DepthSpaceOrder", "DML_DEPTH_SPACE_ORDER", "DML_DEPTH_SPACE_ORDER_"),
    ("RandomGeneratorType", "DML_RANDOM_GENERATOR_TYPE", "DML_RANDOM_GENERATOR_TYPE_"),
    ("MultiheadAttentionMaskType", "DML_MULTIHEAD_ATTENTION_MASK_TYPE",
     "DML_MULTIHEAD_ATTENTION_MASK_TYPE_"),
    ("QuantizationType", "DML_QUANTIZATION_TYPE", "DML_QUANTIZATION_TYPE_"),
    ("Feature", "DML_FEATURE", "DML_FEATURE_"),
    ("CreateDeviceFlags", "DML_CREATE_DEVICE_FLAGS", "DML_CREATE_DEVICE_FLAG_"),
    ("BindingType", "DML_BINDING_TYPE", "DML_BINDING_TYPE_"),
    ("GraphEdgeType", "DML_GRAPH_EDGE_TYPE", "DML_GRAPH_EDGE_TYPE_"),
    ("GraphNodeType", "DML_GRAPH_NODE_TYPE", "DML_GRAPH_NODE_TYPE_"),
)
for _py, _ctype, _prefix in _ENUMS:
    _register(_py, _ctype, _prefix)

#: Python enum class for each C enum type name (all 25 of the header).
ENUM_BY_CTYPE: dict[str, type[CEnum] | type[CFlag]] = {
    _ctype: globals()[_py] for _py, _ctype, _prefix in _ENUMS
}


def c_constants() -> dict[str, Any]:
    """Every enumerator as a module-level constant named exactly as in C."""
    out: dict[str, Any] = {}
    for cls in ENUM_BY_CTYPE.values():
        # __members__ also holds what iteration skips: flag NONE members and aliases.
        for key, member in cls.__members__.items():
            if key == member.name:
                out[member.c_name] = member
    out["DML_OPERATOR_SCATTER"] = OperatorType["SCATTER"]
    return out
