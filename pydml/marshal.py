"""Descs across the C boundary: dataclass -> directml.h memory, ``DML_OPERATOR_DESC*`` -> dataclass.

``to_c`` builds exactly the bytes C code written against directml.h builds (the structs come
from include/DirectML.h through cffi), and returns an object that keeps every array and nested
struct alive. ``from_c`` reads a raw ``DML_OPERATOR_DESC*`` from C; before reading any array it
bounds the count, so a corrupt count cannot make it read megabytes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pydml.enums import OperatorType, TensorDataType, TensorFlags, TensorType
from pydml.errors import ValidationError
from pydml.native import ffi
from pydml.registry import ARRAY_TYPES, FieldType, OperatorDesc, OperatorSchema, schema_of, wrap
from pydml.representable import (
    MAX_DIMENSIONS,
    MAX_LIST_LENGTH,
    MEMBER_OF_TYPE,
    check_representable,
    count_value,
    resolve,
    scalar_member,
)
from pydml.structs import ScalarUnion, ScaleBias, Size2D
from pydml.tensor import BufferTensorDesc, TensorDesc, as_tensor_desc

_ARRAY_CTYPES = {FieldType.FLOAT_ARRAY: "float[]", FieldType.UINT_ARRAY: "uint32_t[]",
                 FieldType.INT_ARRAY: "int32_t[]"}
MAX_ARRAY_LENGTH = 64  # no DirectML array field is longer than a tensor's rank


@dataclass
class CDesc:
    """A C ``DML_OPERATOR_DESC`` and everything it points to (keep this object alive)."""

    ptr: Any
    keepalive: list[Any]

    @property
    def address(self) -> int:
        """The struct's address, for C code that receives it as an integer."""
        return int(ffi.cast("uintptr_t", self.ptr))


def to_c(desc: Any) -> CDesc:
    """Build the C ``DML_OPERATOR_DESC`` for a desc (specific or DML_OPERATOR_DESC).

    A value with no C representation (an INT32 field set to 2^31, a size of -1, a string where a
    number goes) raises the ValidationError ``pydml.validate`` gives, never cffi's OverflowError
    or TypeError: the same Python checks run first. Whether the desc is valid DirectML is not
    judged here (``pydml.validate`` does that).
    """
    schema, inner = resolve(desc)
    check_representable(schema, inner, schema.c_name)
    return marshal(desc)


def marshal(desc: Any) -> CDesc:
    """``to_c`` without its representability checks, for a desc that has passed them."""
    keep: list[Any] = []
    return CDesc(_operator_desc(wrap(desc), keep), keep)


def _operator_desc(op: OperatorDesc, keep: list[Any]) -> Any:
    outer = ffi.new("DML_OPERATOR_DESC*")
    keep.append(outer)
    _fill_operator_desc(outer, op, keep)
    return outer


def _fill_operator_desc(outer: Any, op: OperatorDesc, keep: list[Any]) -> None:
    """Write one DML_OPERATOR_DESC (and everything it points to) into ``outer``."""
    schema = schema_of(op.Desc)
    inner = ffi.new(f"{schema.c_name}*")
    keep.append(inner)
    name = schema.c_name
    for spec in schema.fields:
        try:
            _fill_field(inner, op, schema, spec, keep)
        except (OverflowError, TypeError) as exc:
            # a last line: check_representable names these first (cffi's words never reach a user)
            raise ValidationError(name, spec.name, f"has no C {spec.ctype} representation ({exc})",
                                  getattr(op.Desc, spec.name)) from None
    outer.Type = int(op.Type)
    outer.Desc = inner


def _fill_field(inner: Any, op: OperatorDesc, schema: OperatorSchema, spec: Any, keep: list[Any]) -> None:
    """Write one field of ``op.Desc`` into the C struct ``inner``."""
    name = schema.c_name
    value = getattr(op.Desc, spec.name)
    if spec.count is None and spec.name in schema.counted_names:
        value = count_value(op.Desc, spec.name)
    if value is None:
        return  # NULL pointer / zero
    t = spec.type
    if t is FieldType.TENSOR_DESC:
        setattr(inner, spec.name, _tensor_desc(as_tensor_desc(value), keep, name, spec.name))
    elif t is FieldType.TENSOR_DESC_ARRAY:
        items = [as_tensor_desc(v) for v in value]
        arr = ffi.new("DML_TENSOR_DESC[]", len(items)) if items else ffi.NULL
        keep.append(arr)
        for k, item in enumerate(items):
            _fill_tensor_desc(arr[k], item, keep, name, f"{spec.name}[{k}]")
        setattr(inner, spec.name, arr)
    elif t is FieldType.OPERATOR_DESC:
        setattr(inner, spec.name, _operator_desc(wrap(value), keep))
    elif t is FieldType.OPERATOR_DESC_ARRAY:
        ops = [wrap(v) for v in value]
        arr = ffi.new("DML_OPERATOR_DESC[]", len(ops)) if ops else ffi.NULL
        keep.append(arr)
        for k, nested in enumerate(ops):
            _fill_operator_desc(arr[k], nested, keep)
        setattr(inner, spec.name, arr)
    elif t in ARRAY_TYPES:
        assert spec.count is not None
        count = count_value(op.Desc, spec.count)
        if len(value) != count:
            # C code would read ``count`` elements from a shorter (or longer) array.
            raise ValidationError(name, spec.name,
                                  f"has {len(value)} values, but {spec.count} is {count}",
                                  show_value=False)
        arr = ffi.new(_ARRAY_CTYPES[t], list(value)) if len(value) else ffi.NULL
        keep.append(arr)
        setattr(inner, spec.name, arr)
    elif t is FieldType.SIZE_2D:
        getattr(inner, spec.name).Width = value.Width
        getattr(inner, spec.name).Height = value.Height
    elif t is FieldType.SCALE_BIAS:
        sb = ffi.new("DML_SCALE_BIAS*", {"Scale": value.Scale, "Bias": value.Bias})
        keep.append(sb)
        setattr(inner, spec.name, sb)
    elif t is FieldType.SCALAR_UNION:
        data_type = getattr(op.Desc, spec.data_type_field or "", None)
        member, raw = scalar_member(name, spec.name, value, data_type, spec.data_type_field)
        union = getattr(inner, spec.name)
        if member == "Bytes":
            for k, byte in enumerate(raw):
                union.Bytes[k] = byte
        else:
            setattr(union, member, raw)
    elif t is FieldType.FLOAT:
        setattr(inner, spec.name, float(value))
    else:
        setattr(inner, spec.name, int(value))


def _tensor_desc(t: TensorDesc, keep: list[Any], name: str, field: str) -> Any:
    out = ffi.new("DML_TENSOR_DESC*")
    keep.append(out)
    _fill_tensor_desc(out, t, keep, name, field)
    return out


def _fill_tensor_desc(out: Any, t: TensorDesc, keep: list[Any], name: str, field: str) -> None:
    out.Type = int(t.Type)
    if t.Desc is None:
        return
    b = t.Desc
    # DimensionCount sizes both arrays in C: a disagreement would make readers overrun them.
    if b.dimension_count != len(b.Sizes):
        raise ValidationError(name, f"{field}.DimensionCount",
                              f"must equal the number of Sizes ({len(b.Sizes)})", b.DimensionCount)
    if b.Strides is not None and len(b.Strides) != len(b.Sizes):
        raise ValidationError(name, f"{field}.Strides",
                              f"must have DimensionCount ({len(b.Sizes)}) values", len(b.Strides))
    cached = b.__dict__.get(_C_BUFFER)
    if cached is None:
        sizes = ffi.new("uint32_t[]", list(b.Sizes))
        strides = ffi.new("uint32_t[]", list(b.Strides)) if b.Strides is not None else ffi.NULL
        buf = ffi.new("DML_BUFFER_TENSOR_DESC*", {
            "DataType": int(b.DataType), "Flags": int(b.Flags), "DimensionCount": b.dimension_count,
            "Sizes": sizes, "Strides": strides, "TotalTensorSizeInBytes": b.total_size_in_bytes,
            "GuaranteedBaseOffsetAlignment": b.GuaranteedBaseOffsetAlignment,
        })
        cached = (buf, sizes, strides)
        # a BufferTensorDesc is frozen (its arrays are tuples): its C struct is built once and
        # shared by every desc that holds it (C copies descs at create; nothing writes to it)
        object.__setattr__(b, _C_BUFFER, cached)
    keep.append(cached)
    out.Desc = cached[0]


#: the attribute of a BufferTensorDesc that keeps its C struct (not a field: eq and repr ignore it)
_C_BUFFER = "_pydml_c_buffer"


def from_c(ptr: Any) -> OperatorDesc:
    """Read a ``DML_OPERATOR_DESC*`` (cffi pointer, integer address or CDesc) into dataclasses."""
    if isinstance(ptr, CDesc):
        ptr = ptr.ptr
    if isinstance(ptr, int):
        ptr = ffi.cast("DML_OPERATOR_DESC*", ptr)
    if ptr == ffi.NULL:
        raise ValidationError("DML_OPERATOR_DESC", "", "must not be NULL", None)
    try:
        op_type = OperatorType(int(ptr.Type))
    except ValueError:
        raise ValidationError("DML_OPERATOR_DESC", "Type", "is not a DML_OPERATOR_TYPE value",
                              int(ptr.Type)) from None
    schema = schema_of(op_type)
    if ptr.Desc == ffi.NULL:
        raise ValidationError("DML_OPERATOR_DESC", "Desc", "must not be NULL", None)
    return OperatorDesc(Type=op_type, Desc=_read(schema, ffi.cast(f"{schema.c_name}*", ptr.Desc)))


def _bounded_count(schema: OperatorSchema, inner: Any, count_field: str, limit: int) -> int:
    n = int(getattr(inner, count_field))
    if n > limit:
        raise ValidationError(schema.c_name, count_field, f"must be at most {limit}", n)
    return n


def _read(schema: OperatorSchema, inner: Any) -> Any:
    values: dict[str, Any] = {}
    for spec in schema.fields:
        raw = getattr(inner, spec.name)
        t = spec.type
        if t is FieldType.TENSOR_DESC:
            values[spec.name] = None if raw == ffi.NULL else _read_tensor(schema, spec.name, raw)
        elif t is FieldType.TENSOR_DESC_ARRAY:
            assert spec.count is not None
            n = _bounded_count(schema, inner, spec.count, MAX_LIST_LENGTH)
            values[spec.name] = None if raw == ffi.NULL else tuple(
                _read_tensor(schema, f"{spec.name}[{k}]", raw + k) for k in range(n))
        elif t is FieldType.OPERATOR_DESC:
            values[spec.name] = None if raw == ffi.NULL else from_c(raw)
        elif t is FieldType.OPERATOR_DESC_ARRAY:
            assert spec.count is not None
            n = _bounded_count(schema, inner, spec.count, MAX_LIST_LENGTH)
            values[spec.name] = None if raw == ffi.NULL else tuple(
                from_c(raw + k) for k in range(n))
        elif t in ARRAY_TYPES:
            assert spec.count is not None
            n = _bounded_count(schema, inner, spec.count, MAX_ARRAY_LENGTH)
            values[spec.name] = None if raw == ffi.NULL else tuple(raw[k] for k in range(n))
        elif t is FieldType.SIZE_2D:
            values[spec.name] = Size2D(Width=raw.Width, Height=raw.Height)
        elif t is FieldType.SCALE_BIAS:
            values[spec.name] = None if raw == ffi.NULL else ScaleBias(Scale=raw.Scale,
                                                                         Bias=raw.Bias)
        elif t is FieldType.SCALAR_UNION:
            values[spec.name] = _read_scalar(raw, getattr(inner, spec.data_type_field or ""))
        elif t is FieldType.BOOL:
            values[spec.name] = bool(raw)
        elif spec.enum is not None:
            try:
                values[spec.name] = spec.enum(int(raw))
            except ValueError:
                values[spec.name] = int(raw)
        else:
            values[spec.name] = raw
    names = {f.name for f in dataclasses.fields(schema.desc_class)}
    return schema.desc_class(**{k: v for k, v in values.items() if k in names})


def _read_scalar(raw: Any, data_type: int) -> Any:
    """A DML_SCALAR_UNION as the plain number its data type reads (FLOAT16 from its bytes)."""
    try:
        dtype = TensorDataType(int(data_type))
    except ValueError:
        dtype = TensorDataType.UNKNOWN
    if dtype == TensorDataType.FLOAT16:
        import numpy as np

        return float(np.frombuffer(bytes(raw.Bytes[0:2]), np.float16)[0])
    member = MEMBER_OF_TYPE.get(dtype)
    if member is None:
        return ScalarUnion(Bytes=bytes(raw.Bytes[0:8]))
    return getattr(raw, member)


def _read_tensor(schema: OperatorSchema, field: str, raw: Any) -> TensorDesc:
    try:
        tensor_type = TensorType(int(raw.Type))
    except ValueError:
        raise ValidationError(schema.c_name, f"{field}.Type", "is not a DML_TENSOR_TYPE value",
                              int(raw.Type)) from None
    if tensor_type != TensorType.BUFFER or raw.Desc == ffi.NULL:
        return TensorDesc(Type=tensor_type, Desc=None)
    b = ffi.cast("DML_BUFFER_TENSOR_DESC*", raw.Desc)
    n = int(b.DimensionCount)
    if n > MAX_DIMENSIONS or b.Sizes == ffi.NULL:
        what = "Sizes" if b.Sizes == ffi.NULL else "DimensionCount"
        raise ValidationError(schema.c_name, f"{field}.{what}",
                              "must not be NULL" if what == "Sizes" else
                              f"must be at most {MAX_DIMENSIONS}", None if what == "Sizes" else n)
    try:
        dtype: Any = TensorDataType(int(b.DataType))
    except ValueError:
        dtype = int(b.DataType)
    flags: Any = TensorFlags(int(b.Flags)) if int(b.Flags) in (0, 1) else int(b.Flags)
    return TensorDesc(Type=tensor_type, Desc=BufferTensorDesc(
        DataType=dtype, Flags=flags,
        DimensionCount=n, Sizes=tuple(b.Sizes[i] for i in range(n)),
        Strides=None if b.Strides == ffi.NULL else tuple(b.Strides[i] for i in range(n)),
        TotalTensorSizeInBytes=int(b.TotalTensorSizeInBytes),
        GuaranteedBaseOffsetAlignment=int(b.GuaranteedBaseOffsetAlignment),
    ))
