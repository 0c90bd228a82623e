"""The small value structs of directml.h: DML_SIZE_2D, DML_SCALE_BIAS and DML_SCALAR_UNION."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, kw_only=True)
class Size2D:
    """DML_SIZE_2D."""

    Width: int = 0
    Height: int = 0

    C_NAME: ClassVar[str] = "DML_SIZE_2D"


@dataclass(frozen=True, kw_only=True)
class ScaleBias:
    """DML_SCALE_BIAS: y = x * Scale + Bias."""

    Scale: float = 1.0
    Bias: float = 0.0

    C_NAME: ClassVar[str] = "DML_SCALE_BIAS"


#: DML_SCALAR_UNION member -> (kind, bits): the member a DML_TENSOR_DATA_TYPE reads.
SCALAR_MEMBERS: dict[str, tuple[str, int]] = {
    "Int8": ("int", 8), "UInt8": ("uint", 8), "Int16": ("int", 16), "UInt16": ("uint", 16),
    "Int32": ("int", 32), "UInt32": ("uint", 32), "Int64": ("int", 64), "UInt64": ("uint", 64),
    "Float32": ("float", 32), "Float64": ("float", 64),
}


@dataclass(frozen=True, kw_only=True)
class ScalarUnion:
    """DML_SCALAR_UNION: set exactly one member, e.g. ``ScalarUnion(Float32=0.5)``.

    ``Bytes`` (8 bytes) sets the raw bits, as C code writing ``Bytes[]`` does (FLOAT16 values
    have no member of their own: their two bytes go in ``Bytes[0..1]``).
    """

    Bytes: bytes | None = None
    Int8: int | None = None
    UInt8: int | None = None
    Int16: int | None = None
    UInt16: int | None = None
    Int32: int | None = None
    UInt32: int | None = None
    Int64: int | None = None
    UInt64: int | None = None
    Float32: float | None = None
    Float64: float | None = None

    C_NAME: ClassVar[str] = "DML_SCALAR_UNION"

    def members(self) -> dict[str, Any]:
        """The members that are set."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) is not None}
