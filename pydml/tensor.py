"""DML_BUFFER_TENSOR_DESC and DML_TENSOR_DESC as dataclasses, and the buffer-size formula.

A ``DML_BUFFER_TENSOR_DESC`` is accepted wherever a ``DML_TENSOR_DESC`` is expected (it is wrapped
as ``DML_TENSOR_DESC(Type=BUFFER, Desc=...)``). ``DimensionCount`` and ``TotalTensorSizeInBytes``
are real fields: left as ``None`` they are derived (len(Sizes); DMLCalcBufferTensorSize), set
explicitly they are validated, because a C struct or a JSON file can carry wrong values.
"""

from __future__ import annotations

import contextlib
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydml.enums import TensorDataType, TensorFlags, TensorType
from pydml.native import ffi, lib


def calc_buffer_tensor_size(data_type: TensorDataType | int, sizes: Sequence[int],
                            strides: Sequence[int] | None = None) -> int:
    """DMLCalcBufferTensorSize: the minimum byte size of a buffer tensor (implemented once, in C).

    Follows DirectMLX: 32-bit index arithmetic when strides are given, round up to 4 bytes, and 0
    for an unknown data type. Sizes/strides outside UINT32 raise ``OverflowError``; strides of
    another length than sizes raise ``ValueError`` (the C function reads one stride per size).
    """
    if strides is not None and len(strides) != len(sizes):
        raise ValueError(f"strides must have one value per size ({len(sizes)}), got {len(strides)}")
    csizes = ffi.new("uint32_t[]", list(sizes)) if sizes else ffi.NULL
    cstrides = ffi.new("uint32_t[]", list(strides)) if strides is not None else ffi.NULL
    return int(lib.pydml_calc_buffer_tensor_size(int(data_type), len(sizes), csizes, cstrides))


def _tuple(values: Any) -> Any:
    """Integers as Python ints (numpy ints included); anything else is kept for validation to name.

    (``int(v)`` would silently truncate a size of 2.7 to 2.) A value that is not a sequence of
    numbers at all (``5``, ``"1,1"``) is kept as given too: validation names it, construction
    does not fail.
    """
    if values is None or isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        return values
    out: list[Any] = []
    for v in values:
        try:
            out.append(operator.index(v))
        except TypeError:
            out.append(v)
    return tuple(out)


@dataclass(frozen=True, kw_only=True)
class BufferTensorDesc:
    """DML_BUFFER_TENSOR_DESC (directml.h field names)."""

    DataType: TensorDataType
    Flags: TensorFlags = TensorFlags.NONE
    DimensionCount: int | None = None
    Sizes: tuple[int, ...]
    Strides: tuple[int, ...] | None = None
    TotalTensorSizeInBytes: int | None = None
    GuaranteedBaseOffsetAlignment: int = 0

    C_NAME = "DML_BUFFER_TENSOR_DESC"

    def __post_init__(self) -> None:
        # Unknown enum values stay as given so validation can name them.
        for name, enum_cls in (("DataType", TensorDataType), ("Flags", TensorFlags)):
            with contextlib.suppress(ValueError):
                object.__setattr__(self, name, enum_cls.parse(getattr(self, name)))
        sizes = _tuple(self.Sizes)
        object.__setattr__(self, "Sizes", () if sizes is None else sizes)
        object.__setattr__(self, "Strides", _tuple(self.Strides))

    @property
    def dimension_count(self) -> int:
        """DimensionCount as given, or len(Sizes)."""
        return len(self.Sizes) if self.DimensionCount is None else int(self.DimensionCount)

    @property
    def minimum_size_in_bytes(self) -> int:
        """DMLCalcBufferTensorSize of this desc."""
        try:
            return calc_buffer_tensor_size(self.DataType, self.Sizes, self.Strides)
        except (OverflowError, TypeError, ValueError):  # out of range, not integers, mismatched: invalid
            return 0

    @property
    def total_size_in_bytes(self) -> int:
        """TotalTensorSizeInBytes as given (0 or None means computed, as DxDispatch does)."""
        if self.TotalTensorSizeInBytes:
            return int(self.TotalTensorSizeInBytes)
        return self.minimum_size_in_bytes

    @property
    def element_strides(self) -> tuple[int, ...]:
        """Strides in elements, packed row-major when Strides is None."""
        if self.Strides is not None:
            return self.Strides
        strides = [1] * len(self.Sizes)
        for i in range(len(self.Sizes) - 2, -1, -1):
            strides[i] = strides[i + 1] * self.Sizes[i + 1]
        return tuple(strides)


@dataclass(frozen=True, kw_only=True)
class TensorDesc:
    """DML_TENSOR_DESC: a tagged pointer to a buffer tensor desc."""

    Type: TensorType = TensorType.BUFFER
    Desc: BufferTensorDesc | None = field(default=None)

    C_NAME = "DML_TENSOR_DESC"

    def __post_init__(self) -> None:
        with contextlib.suppress(ValueError):
            object.__setattr__(self, "Type", TensorType.parse(self.Type))


AnyTensorDesc = TensorDesc | BufferTensorDesc


def as_tensor_desc(value: Any) -> TensorDesc:
    """Wrap a BufferTensorDesc as a DML_TENSOR_DESC; pass a TensorDesc through."""
    if isinstance(value, TensorDesc):
        return value
    if isinstance(value, BufferTensorDesc):
        return TensorDesc(Type=TensorType.BUFFER, Desc=value)
    raise TypeError("expected DML_TENSOR_DESC or DML_BUFFER_TENSOR_DESC, "
                    f"got {type(value).__name__}")


def buffer_desc(data_type: TensorDataType | str | int | Any, sizes: Sequence[int],
                strides: Sequence[int] | None = None, **fields: Any) -> TensorDesc:
    """Shorthand: a DML_TENSOR_DESC of type BUFFER with the given data type, sizes and strides.

    ``data_type`` is a TensorDataType, its name in any case (``"FLOAT32"``, ``"float32"``,
    ``"DML_TENSOR_DATA_TYPE_FLOAT32"``), its integer, or a numpy dtype (``np.float32``,
    ``np.dtype("float16")``, ml_dtypes.bfloat16 has no DirectML type and is refused).
    The strides may also be given by the field's C name, ``Strides=`` (as every other field of
    DML_BUFFER_TENSOR_DESC is); the data type and sizes only as the first two arguments.
    """
    if "Strides" in fields:
        if strides is not None:
            raise TypeError("buffer_desc() got the strides twice: as strides and as Strides")
        strides = fields.pop("Strides")
    for name, argument in (("DataType", "data_type"), ("Sizes", "sizes")):
        if name in fields:
            raise TypeError(f"buffer_desc() takes {name} as its argument {argument} (positional), "
                            f"not as the keyword {name}")
    return TensorDesc(
        Desc=BufferTensorDesc(
            DataType=_data_type(data_type), Sizes=tuple(sizes),
            Strides=None if strides is None else tuple(strides), **fields,
        )
    )


def _data_type(value: Any) -> TensorDataType:
    """buffer_desc's data type: an enum value or name (any case), or a numpy dtype."""
    if isinstance(value, str):
        for spelling in (value, value.upper()):
            with contextlib.suppress(ValueError):
                return TensorDataType.parse(spelling)
        raise ValueError(f"{value!r} is not a DML_TENSOR_DATA_TYPE name (FLOAT32, float32, ...)")
    if isinstance(value, (TensorDataType, int)):
        return TensorDataType.parse(value)
    import numpy as np

    from pydml.native import DATA_TYPE_CODES

    try:
        dtype = np.dtype(value)
    except TypeError:
        raise ValueError(f"{value!r} is not a DML_TENSOR_DATA_TYPE or a numpy dtype") from None
    code = DATA_TYPE_CODES.get(dtype)
    if code is None or code not in {int(t) for t in TensorDataType}:
        raise ValueError(f"numpy dtype {dtype} has no DML_TENSOR_DATA_TYPE")
    return TensorDataType(code)
