"""Which Python values have a C representation: the checks that run before a desc is marshalled.

The C validator (native/validate/validate.c) judges every DirectML rule; it can only see a desc once it is
C bytes. What cannot become C bytes at all (a string where a number goes, a size of -1 or 2.5, a
count that disagrees with its array's length, a float beyond FLOAT's range, a number that does not
fit the scalar union's data type) is refused here, field by field in C order, with the
ValidationError the C validator would give for the field. ``pydml.marshal`` and
``pydml.validate`` both stand on this module (it imports neither).
"""

from __future__ import annotations

import math
import numbers
from typing import Any

from pydml.enums import CEnum, CFlag, TensorDataType, TensorFlags, TensorType
from pydml.errors import UnsupportedError, ValidationError
from pydml.native import lib
from pydml.registry import (
    ARRAY_TYPES,
    FieldSpec,
    FieldType,
    OperatorDesc,
    OperatorSchema,
    schema_of,
)
from pydml.structs import SCALAR_MEMBERS, ScalarUnion
from pydml.tensor import BufferTensorDesc, TensorDesc

UINT32_MAX = 2**32 - 1
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
MAX_DIMENSIONS = 8  # DML_TENSOR_DIMENSION_COUNT_MAX1
FLT_MAX = 3.4028234663852886e38
#: Longest tensor or operator array (JOIN inputs, RNN activations, ...): the C validator's limit.
MAX_LIST_LENGTH = int(lib.PYDML_MAX_LIST_LENGTH)

def resolve(desc: Any) -> tuple[OperatorSchema, Any]:
    """The schema and the specific desc of a desc or DML_OPERATOR_DESC."""
    return _resolve(desc, "DML_OPERATOR_DESC", "")

def _resolve(desc: Any, owner: str, at: str) -> tuple[OperatorSchema, Any]:
    """As resolve; errors name ``owner`` and the path ``at`` (``"FusedActivation."`` when the
    DML_OPERATOR_DESC is nested, as the C validator names it). A non-desc raises TypeError."""
    if isinstance(desc, OperatorDesc):
        try:
            schema = schema_of(desc.Type)
        except UnsupportedError:  # DML_OPERATOR_INVALID: no desc struct
            raise ValidationError(owner, f"{at}Type", "is not a DML_OPERATOR_TYPE value",
                                  int(desc.Type)) from None
        if desc.Desc is None:
            raise ValidationError(owner, f"{at}Desc", "must not be NULL", None)
        try:
            # By class: a string or an OperatorType is not a desc, though schema_of reads them.
            actual = schema_of(type(desc.Desc))
        except TypeError:
            raise ValidationError(owner, f"{at}Desc", f"must be a {schema.c_name}",
                                  type(desc.Desc).__name__) from None
        if actual is not schema:
            raise ValidationError(owner, f"{at}Desc",
                                  f"Type is {schema.type.c_name} but Desc is a {actual.c_name}",
                                  show_value=False)
        return schema, desc.Desc
    return schema_of(type(desc)), desc

def buffer_of(value: Any) -> BufferTensorDesc:
    """The DML_BUFFER_TENSOR_DESC behind a tensor field value (after validation)."""
    if isinstance(value, BufferTensorDesc):
        return value
    assert isinstance(value, TensorDesc) and value.Desc is not None
    return value.Desc

def count_value(desc: Any, count_field: str) -> int:
    """The effective value of a count field (given, or derived from its arrays)."""
    given = getattr(desc, count_field)
    if given is not None:
        return int(given)
    schema = schema_of(desc)
    for spec in schema.fields:
        if spec.count == count_field and getattr(desc, spec.name) is not None:
            return len(getattr(desc, spec.name))
    return 0


# ---- what only Python can get wrong ------------------------------------------------------

_POINTER_TYPES = (FieldType.TENSOR_DESC, FieldType.TENSOR_DESC_ARRAY, FieldType.OPERATOR_DESC,
                  FieldType.OPERATOR_DESC_ARRAY, FieldType.SCALE_BIAS, *ARRAY_TYPES)

def check_representable(schema: OperatorSchema, desc: Any, name: str) -> None:
    """Raise ValidationError for the first field value that has no C representation."""
    counts = {s.count for s in schema.fields if s.count is not None}
    for spec in schema.fields:
        value = getattr(desc, spec.name)
        if value is None:
            # None is C's NULL (or a count derived from its arrays); the C validator judges it.
            if spec.name in counts or spec.type in _POINTER_TYPES:
                continue
            raise ValidationError(name, spec.name, "is required and must not be None", None)
        _check_field(schema, desc, name, spec, value)
    _check_counts(schema, desc, name)

def _check_field(schema: OperatorSchema, desc: Any, name: str, spec: FieldSpec, value: Any) -> None:
    field = spec.name
    t = spec.type
    if t is FieldType.TENSOR_DESC:
        check_tensor_value(name, field, value)
    elif t is FieldType.TENSOR_DESC_ARRAY:
        items = _list(name, field, value, "a list of DML_TENSOR_DESC")
        for i, item in enumerate(items):
            check_tensor_value(name, f"{field}[{i}]", item)
    elif t is FieldType.OPERATOR_DESC:
        _check_nested(name, field, value)
    elif t is FieldType.OPERATOR_DESC_ARRAY:
        for i, item in enumerate(_list(name, field, value, "a list of DML_OPERATOR_DESC")):
            _check_nested(name, f"{field}[{i}]", item)
    elif t in (FieldType.ENUM, FieldType.FLAGS):
        assert spec.enum is not None
        enum_value(spec.enum, value, name, field)
    elif t is FieldType.SIZE_2D:
        if not all(hasattr(value, part) for part in ("Width", "Height")):
            raise ValidationError(name, field, "must be a DML_SIZE_2D", type(value).__name__)
        for part in ("Width", "Height"):
            check_scalar(name, f"{field}.{part}", FieldType.UINT, getattr(value, part))
    elif t is FieldType.SCALE_BIAS:
        if not all(hasattr(value, part) for part in ("Scale", "Bias")):
            raise ValidationError(name, field, "must be a DML_SCALE_BIAS", type(value).__name__)
        for part in ("Scale", "Bias"):
            check_scalar(name, f"{field}.{part}", FieldType.FLOAT, getattr(value, part))
    elif t is FieldType.SCALAR_UNION:
        scalar_member(name, field, value, getattr(desc, spec.data_type_field or "", None),
                      spec.data_type_field)
    elif t in ARRAY_TYPES:
        for i, item in enumerate(_list(name, field, value, "an array")):
            check_scalar(name, f"{field}[{i}]", t, item)
    else:
        check_scalar(name, field, t, value)

def _list(name: str, field: str, value: Any, what: str) -> tuple[Any, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ValidationError(name, field, f"must be {what}", type(value).__name__)
    items = tuple(value)
    if len(items) > MAX_LIST_LENGTH:
        raise ValidationError(name, field, f"must have at most {MAX_LIST_LENGTH} entries",
                              len(items))
    return items

def _check_nested(name: str, field: str, value: Any) -> None:
    try:
        schema, inner = _resolve(value, name, f"{field}.")
    except TypeError:
        raise ValidationError(name, field, "must be a DML_OPERATOR_DESC",
                              type(value).__name__) from None
    check_representable(schema, inner, f"{name}.{field}")

def enum_value(enum_cls: type[CEnum] | type[CFlag], value: Any, name: str = "",
               field: str = "") -> Any:
    """The member (or, for an unknown integer, the integer: the C validator names it)."""
    try:
        return enum_cls.parse(value)
    except ValueError:
        if isinstance(value, numbers.Integral) and not isinstance(value, bool) \
                and 0 <= int(value) <= UINT32_MAX:
            return int(value)
        raise ValidationError(name, field, f"is not a valid {enum_cls.__name__} value",
                              value) from None

_SCALAR_RANGES = {
    FieldType.UINT: (0, UINT32_MAX), FieldType.UINT_ARRAY: (0, UINT32_MAX),
    FieldType.INT: (INT32_MIN, INT32_MAX), FieldType.INT_ARRAY: (INT32_MIN, INT32_MAX),
    FieldType.UINT64: (0, 2**64 - 1), FieldType.BOOL: (INT32_MIN, INT32_MAX),
}

def check_scalar(name: str, field: str, ftype: FieldType, value: Any) -> None:
    """A number that fits its C type (numpy scalars included)."""
    if ftype in (FieldType.FLOAT, FieldType.FLOAT_ARRAY):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValidationError(name, field, "must be a number", value)
        try:
            as_float = float(value)
        except OverflowError:
            raise ValidationError(name, field, "must fit in a 32-bit FLOAT", value) from None
        # C FLOAT is 32-bit: a larger finite value would silently become inf in the struct.
        if math.isfinite(as_float) and abs(as_float) > FLT_MAX:
            raise ValidationError(name, field, "must fit in a 32-bit FLOAT", value)
        return
    if isinstance(value, bool) and ftype is not FieldType.BOOL:
        raise ValidationError(name, field, "must be an integer", value)
    if not isinstance(value, numbers.Integral):
        raise ValidationError(name, field, "must be an integer", value)
    low, high = _SCALAR_RANGES[ftype]
    if not low <= int(value) <= high:
        raise ValidationError(name, field, f"must be in [{low}, {high}]", value)


#: The DML_SCALAR_UNION member a DML_TENSOR_DATA_TYPE reads (INT4/UINT4 use Int8/UInt8).

MEMBER_OF_TYPE = {
    TensorDataType.INT8: "Int8", TensorDataType.UINT8: "UInt8", TensorDataType.INT16: "Int16",
    TensorDataType.UINT16: "UInt16", TensorDataType.INT32: "Int32",
    TensorDataType.UINT32: "UInt32", TensorDataType.INT64: "Int64",
    TensorDataType.UINT64: "UInt64", TensorDataType.FLOAT32: "Float32",
    TensorDataType.FLOAT64: "Float64", TensorDataType.INT4: "Int8", TensorDataType.UINT4: "UInt8",
}

def scalar_member(name: str, field: str, value: Any, data_type: Any,
                  data_type_field: str | None) -> tuple[str, Any]:
    """The DML_SCALAR_UNION member and value to write: ``("Float32", 0.5)``, ``("Bytes", b..)``.

    A ScalarUnion is written as given (exactly one member set, in range for that member). A
    plain number is converted per the data type the operator names (FLOAT16 as its two bytes,
    INT4/UINT4 in Int8/UInt8), and must fit it.
    """
    if isinstance(value, ScalarUnion):
        members = value.members()
        if len(members) != 1:
            raise ValidationError(name, field, "must set exactly one DML_SCALAR_UNION member",
                                  sorted(members))
        member, raw = next(iter(members.items()))
        if member == "Bytes":
            if not isinstance(raw, (bytes, bytearray)) or len(raw) > 8:
                raise ValidationError(name, f"{field}.Bytes", "must be at most 8 bytes", raw)
            return member, bytes(raw)
        _check_member(name, f"{field}.{member}", member, raw)
        return member, raw
    try:
        dtype = TensorDataType.parse(data_type)
    except ValueError:
        dtype = TensorDataType.UNKNOWN
    if dtype == TensorDataType.UNKNOWN or dtype.bits == 0:
        raise ValidationError(name, data_type_field or field,
                              f"must be a known data type (it types {field})", data_type)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValidationError(name, field, f"must be a number ({dtype.c_name})", value)
    if dtype == TensorDataType.FLOAT16:
        import numpy as np

        as_float = _as_float(value)
        if as_float is None or (math.isfinite(as_float) and abs(as_float) > 65504.0):
            raise ValidationError(name, field, "must fit in FLOAT16 (|x| <= 65504)", value)
        return "Bytes", np.float16(as_float).tobytes()
    member = MEMBER_OF_TYPE[dtype]
    if dtype in (TensorDataType.INT4, TensorDataType.UINT4):
        low, high = (-8, 7) if dtype == TensorDataType.INT4 else (0, 15)
        if not isinstance(value, numbers.Integral) or not low <= int(value) <= high:
            raise ValidationError(name, field, f"must be an integer in [{low}, {high}] "
                                  f"({dtype.c_name})", value)
        return member, int(value)
    _check_member(name, field, member, value)
    return member, value

def _as_float(value: Any) -> float | None:
    """``float(value)``, or None when the number is beyond the double range (a huge int)."""
    try:
        return float(value)
    except OverflowError:
        return None

def _check_member(name: str, field: str, member: str, value: Any) -> None:
    kind, bits = SCALAR_MEMBERS[member]
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValidationError(name, field, f"must be a number ({member})", value)
        as_float = _as_float(value)  # an int beyond the double range has no float at all
        if as_float is None or (bits == 32 and math.isfinite(as_float) and abs(as_float) > FLT_MAX):
            raise ValidationError(name, field, f"must fit in a {bits}-bit FLOAT", value)
        return
    low, high = (0, 2**bits - 1) if kind == "uint" else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValidationError(name, field, f"must be an integer ({member})", value)
    if not low <= int(value) <= high:
        raise ValidationError(name, field, f"must be in [{low}, {high}] ({member})", value)

def check_tensor_value(name: str, field: str, value: Any) -> None:
    """A DML_TENSOR_DESC / DML_BUFFER_TENSOR_DESC with a C representation. A value that passed is
    marked (tensor descs are frozen), so a tensor shared by fields and descs is checked once."""
    if value.__dict__.get(_REPRESENTABLE) if hasattr(value, "__dict__") else False:
        return
    _check_tensor_value(name, field, value)
    if isinstance(value, (TensorDesc, BufferTensorDesc)):
        object.__setattr__(value, _REPRESENTABLE, True)


#: the attribute a tensor desc gets once check_tensor_value passed it (not a field)
_REPRESENTABLE = "_pydml_representable"


def _check_tensor_value(name: str, field: str, value: Any) -> None:
    if isinstance(value, TensorDesc):
        try:
            TensorType.parse(value.Type)
        except ValueError:
            if not (isinstance(value.Type, numbers.Integral) and 0 <= int(value.Type) <= UINT32_MAX):
                raise ValidationError(name, f"{field}.Type", "is not a valid DML_TENSOR_TYPE",
                                      value.Type) from None
        if value.Desc is None:
            return
        if not isinstance(value.Desc, BufferTensorDesc):
            raise ValidationError(name, f"{field}.Desc", "must be a DML_BUFFER_TENSOR_DESC",
                                  type(value.Desc).__name__)
        value = value.Desc
    elif not isinstance(value, BufferTensorDesc):
        raise ValidationError(name, field, "must be a DML_TENSOR_DESC", type(value).__name__)
    t = value
    enum_value(TensorDataType, t.DataType, name, f"{field}.DataType")
    sizes, strides = t.Sizes, t.Strides
    if not isinstance(sizes, tuple):  # BufferTensorDesc keeps a non-sequence as given
        raise ValidationError(name, f"{field}.Sizes", "must be a list of UINT", type(sizes).__name__)
    if strides is not None and not isinstance(strides, tuple):
        raise ValidationError(name, f"{field}.Strides", "must be None or a list of UINT",
                              type(strides).__name__)
    dimension_count = t.DimensionCount
    if dimension_count is not None and (isinstance(dimension_count, bool)
                                        or not isinstance(dimension_count, numbers.Integral)):
        raise ValidationError(name, f"{field}.DimensionCount", "must be an integer or None",
                              dimension_count)
    if len(sizes) > 64:  # C reads DimensionCount values; anything past 8 is refused there
        raise ValidationError(name, f"{field}.DimensionCount",
                              f"must be at most DML_TENSOR_DIMENSION_COUNT_MAX1 ({MAX_DIMENSIONS})",
                              len(sizes))
    if t.DimensionCount is not None and t.DimensionCount != len(sizes):
        raise ValidationError(name, f"{field}.DimensionCount",
                              f"must equal the number of Sizes ({len(sizes)})", t.DimensionCount)
    for i, size in enumerate(sizes):
        if isinstance(size, bool) or not isinstance(size, int):
            raise ValidationError(name, f"{field}.Sizes[{i}]", "must be an integer", size)
        if not 0 <= size <= UINT32_MAX:  # 0 fits a UINT: the C validator names it
            raise ValidationError(name, f"{field}.Sizes[{i}]",
                                  "must be > 0" if size <= 0 else "must fit in UINT", size)
    if strides is not None:
        if len(strides) != len(sizes):
            raise ValidationError(name, f"{field}.Strides",
                                  f"must have DimensionCount ({len(sizes)}) values", len(strides))
        for i, stride in enumerate(strides):
            if isinstance(stride, bool) or not isinstance(stride, int):
                raise ValidationError(name, f"{field}.Strides[{i}]", "must be an integer", stride)
            if not 0 <= stride <= UINT32_MAX:
                raise ValidationError(name, f"{field}.Strides[{i}]", "must fit in UINT", stride)
    total = t.TotalTensorSizeInBytes
    if total is not None and (isinstance(total, bool) or not isinstance(total, numbers.Integral)
                              or not 0 <= int(total) < 2**64):
        raise ValidationError(name, f"{field}.TotalTensorSizeInBytes",
                              "must be an integer in [0, 2^64-1]", total)
    align = t.GuaranteedBaseOffsetAlignment
    if isinstance(align, bool) or not isinstance(align, numbers.Integral) \
            or not 0 <= int(align) <= UINT32_MAX:
        raise ValidationError(name, f"{field}.GuaranteedBaseOffsetAlignment",
                              "must be an integer in [0, 2^32-1]", align)
    try:
        TensorFlags.parse(t.Flags)
    except ValueError:
        if not (isinstance(t.Flags, numbers.Integral) and 0 <= int(t.Flags) <= UINT32_MAX):
            raise ValidationError(name, f"{field}.Flags", "has unknown bits", t.Flags) from None

def _check_counts(schema: OperatorSchema, desc: Any, name: str) -> None:
    counts: dict[str, list[FieldSpec]] = {}
    for spec in schema.fields:
        if spec.count is not None:
            counts.setdefault(spec.count, []).append(spec)
    for count_field, arrays in counts.items():
        given = getattr(desc, count_field)
        lengths = {a.name: len(tuple(getattr(desc, a.name))) for a in arrays
                   if getattr(desc, a.name) is not None}
        listing = ", ".join(f"{n} has {k}" for n, k in lengths.items())
        distinct = set(lengths.values())
        if given is not None and distinct and distinct != {given} and len(distinct) == 1:
            raise ValidationError(name, count_field,
                                  f"must equal the length of its arrays ({listing})", given)
        # A derived count is the length most arrays have (the first array's on a tie), so the
        # odd array is the one named, wherever it stands.
        values = list(lengths.values())
        expected = given if given is not None else max(values, key=values.count, default=0)
        for array_name, length in lengths.items():
            if length != expected:
                raise ValidationError(
                    name, array_name,
                    f"has {length} values, but {count_field} is {expected} ({listing})", length,
                    show_value=False)
