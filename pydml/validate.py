"""Schema-driven validation of operator descs against a feature level.

Checks run in a fixed order and stop at the first violation, so a bad desc always gets the same
message:

1. structure: the DML_OPERATOR_DESC type matches its desc, required pointers are set, enum fields
   hold known values, integers fit their C type;
2. the operator's feature level;
3. each tensor desc: type BUFFER; Sizes non-empty and > 0; DimensionCount; Strides count;
   TotalTensorSizeInBytes >= DMLCalcBufferTensorSize and a multiple of 4; alignment; flags
   (OWNED_BY_DML only on inputs); element counts within UINT32;
4. data types: equal where the docs require, allowed at this level;
5. dimension counts: equal where required, allowed at this level;
6. every array's length equals its count field;
7. the operator's own rules (scales, output sizes, convolution geometry, ...).
"""

from __future__ import annotations

import math
import numbers
from typing import Any

from pydml.enums import CEnum, CFlag, FeatureLevel, TensorDataType, TensorFlags, TensorType
from pydml.errors import FeatureLevelError, ValidationError
from pydml.registry import (
    ARRAY_TYPES,
    CheckContext,
    FieldSpec,
    FieldType,
    OperatorDesc,
    OperatorSchema,
    Role,
    require_level,
    schema_of,
)
from pydml.tensor import BufferTensorDesc, TensorDesc

UINT32_MAX = 2**32 - 1
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
MAX_DIMENSIONS = 8  # DML_TENSOR_DIMENSION_COUNT_MAX1
FLT_MAX = 3.4028234663852886e38


def validate(desc: Any, feature_level: FeatureLevel | str | int = FeatureLevel.FL6_4) -> None:
    """Raise ValidationError (or FeatureLevelError) for the first rule ``desc`` breaks.

    ``desc`` is a specific desc dataclass or a ``DML_OPERATOR_DESC``.
    """
    level = FeatureLevel.parse(feature_level)
    assert isinstance(level, FeatureLevel)
    schema, inner = resolve(desc)
    check_desc(schema, inner, CheckContext(level), schema.c_name)


def resolve(desc: Any) -> tuple[OperatorSchema, Any]:
    """The schema and the specific desc of a desc or DML_OPERATOR_DESC."""
    if isinstance(desc, OperatorDesc):
        schema = schema_of(desc.Type)
        if desc.Desc is None:
            raise ValidationError("DML_OPERATOR_DESC", "Desc", "must not be NULL", None)
        try:
            actual = schema_of(desc.Desc)
        except TypeError:
            raise ValidationError("DML_OPERATOR_DESC", "Desc",
                                  f"must be a {schema.c_name}", type(desc.Desc).__name__) from None
        if actual is not schema:
            raise ValidationError("DML_OPERATOR_DESC", "Desc",
                                  f"Type is {schema.type.c_name} but Desc is a {actual.c_name}",
                                  show_value=False)
        return schema, desc.Desc
    return schema_of(desc), desc


def check_desc(schema: OperatorSchema, desc: Any, ctx: CheckContext, name: str) -> None:
    """Run every check of one desc (``name`` prefixes field paths, e.g. for FusedActivation)."""
    derived = {s.count for s in schema.fields if s.count is not None}  # None = from the arrays
    for spec in schema.fields:
        value = getattr(desc, spec.name)
        if not (value is None and spec.name in derived):
            _check_structure(name, spec, value, ctx)
    require_level(schema, ctx.feature_level)
    for spec in schema.tensor_fields:
        value = getattr(desc, spec.name)
        if value is not None:
            check_buffer_tensor(name, spec.name, buffer_of(value), spec.role)
    _check_data_types(schema, desc, ctx, name)
    _check_dimension_counts(schema, desc, ctx, name)
    _check_counts(schema, desc, name)
    for spec in schema.fields:
        if spec.type is FieldType.OPERATOR_DESC and getattr(desc, spec.name) is not None:
            _check_fused(name, spec.name, getattr(desc, spec.name), ctx)
    if schema.check is not None:
        schema.check(desc, ctx)


def buffer_of(value: Any) -> BufferTensorDesc:
    """The DML_BUFFER_TENSOR_DESC behind a tensor field value (after structure checks)."""
    if isinstance(value, BufferTensorDesc):
        return value
    assert isinstance(value, TensorDesc) and value.Desc is not None
    return value.Desc


def _check_structure(name: str, spec: FieldSpec, value: Any, ctx: CheckContext) -> None:
    field = spec.name
    if value is None:
        if spec.is_tensor and ctx.fused:
            return
        if not spec.optional:
            raise ValidationError(name, field, "is required and must not be NULL", None)
        return
    if spec.is_tensor:
        if ctx.fused:
            raise ValidationError(name, field, "must be NULL in a fused activation",
                                  "a tensor desc", show_value=False)
        if isinstance(value, TensorDesc):
            if value.Type != TensorType.BUFFER:
                raise ValidationError(name, f"{field}.Type", "must be DML_TENSOR_TYPE_BUFFER",
                                      _enum_value(TensorType, value.Type))
            if value.Desc is None:
                raise ValidationError(name, f"{field}.Desc", "must not be NULL", None)
        elif not isinstance(value, BufferTensorDesc):
            raise ValidationError(name, field, "must be a DML_TENSOR_DESC", type(value).__name__)
    elif spec.type in (FieldType.ENUM, FieldType.FLAGS):
        assert spec.enum is not None
        _enum_value(spec.enum, value, name, field)
    elif spec.type in (FieldType.SIZE_2D, FieldType.SCALE_BIAS):
        struct, parts, ptype = ((
            "DML_SIZE_2D", ("Width", "Height"), FieldType.UINT) if spec.type is FieldType.SIZE_2D
            else ("DML_SCALE_BIAS", ("Scale", "Bias"), FieldType.FLOAT))
        if not all(hasattr(value, part) for part in parts):
            raise ValidationError(name, field, f"must be a {struct}", type(value).__name__)
        for part in parts:
            _check_scalar(name, f"{field}.{part}", ptype, getattr(value, part))
    elif spec.type in ARRAY_TYPES:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise ValidationError(name, field, "must be an array", value)
        for i, item in enumerate(value):
            _check_scalar(name, f"{field}[{i}]", spec.type, item)
    elif spec.type in (FieldType.UINT, FieldType.INT, FieldType.FLOAT, FieldType.UINT64,
                       FieldType.BOOL):
        _check_scalar(name, field, spec.type, value)


def _enum_value(enum_cls: type[CEnum] | type[CFlag], value: Any, name: str = "",
                field: str = "") -> Any:
    try:
        return enum_cls.parse(value)
    except ValueError:
        raise ValidationError(name, field, f"is not a valid {enum_cls.__name__} value",
                              value) from None


_SCALAR_RANGES = {
    FieldType.UINT: (0, UINT32_MAX), FieldType.UINT_ARRAY: (0, UINT32_MAX),
    FieldType.INT: (INT32_MIN, INT32_MAX), FieldType.INT_ARRAY: (INT32_MIN, INT32_MAX),
    FieldType.UINT64: (0, 2**64 - 1), FieldType.BOOL: (INT32_MIN, INT32_MAX),
}


def _check_scalar(name: str, field: str, ftype: FieldType, value: Any) -> None:
    # numbers.Real / numbers.Integral also admit numpy scalars (np.float32, np.int64).
    if ftype in (FieldType.FLOAT, FieldType.FLOAT_ARRAY):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValidationError(name, field, "must be a number", value)
        # C FLOAT is 32-bit: a larger finite value would silently become inf in the struct.
        try:
            as_float = float(value)
        except OverflowError:
            raise ValidationError(name, field, "must fit in a 32-bit FLOAT", value) from None
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


def check_buffer_tensor(name: str, field: str, t: BufferTensorDesc, role: Role) -> None:
    """Every rule of a DML_BUFFER_TENSOR_DESC (directml-api.md §6)."""
    try:
        dtype = TensorDataType.parse(t.DataType)
    except ValueError:
        raise ValidationError(name, f"{field}.DataType", "is not a valid DML_TENSOR_DATA_TYPE",
                              t.DataType) from None
    if dtype.bits == 0:
        raise ValidationError(name, f"{field}.DataType", "must be a known data type", dtype)
    sizes, strides = t.Sizes, t.Strides
    if len(sizes) == 0:
        raise ValidationError(name, f"{field}.Sizes", "must not be empty", [])
    if t.DimensionCount is not None and t.DimensionCount != len(sizes):
        raise ValidationError(name, f"{field}.DimensionCount",
                              f"must equal the number of Sizes ({len(sizes)})", t.DimensionCount)
    if len(sizes) > MAX_DIMENSIONS:
        raise ValidationError(name, f"{field}.DimensionCount",
                              f"must be at most DML_TENSOR_DIMENSION_COUNT_MAX1 ({MAX_DIMENSIONS})",
                              len(sizes))
    for i, size in enumerate(sizes):
        if isinstance(size, bool) or not isinstance(size, int):
            raise ValidationError(name, f"{field}.Sizes[{i}]", "must be an integer", size)
        if not 0 < size <= UINT32_MAX:
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
    elements = math.prod(sizes)
    if elements > UINT32_MAX:
        raise ValidationError(name, f"{field}.Sizes",
                              "must describe at most 2^32-1 elements", elements)
    if strides is not None:
        last = sum((n - 1) * s for n, s in zip(sizes, strides, strict=True))
        if last > UINT32_MAX - 1:
            raise ValidationError(name, f"{field}.Strides",
                                  "put the last element past index 2^32-2", last)
    minimum = t.minimum_size_in_bytes
    if t.TotalTensorSizeInBytes is not None:
        total = t.TotalTensorSizeInBytes
        if total < minimum:
            raise ValidationError(
                name, f"{field}.TotalTensorSizeInBytes",
                f"must be at least the {minimum} bytes the sizes and strides need", total)
        if total % 4:
            raise ValidationError(name, f"{field}.TotalTensorSizeInBytes",
                                  "must be a multiple of 4", total)
    align = t.GuaranteedBaseOffsetAlignment
    if align:
        element_bytes = max(1, dtype.bits // 8)
        if align & (align - 1) or align < element_bytes:
            raise ValidationError(
                name, f"{field}.GuaranteedBaseOffsetAlignment",
                f"must be 0 or a power of two >= the element size ({element_bytes})", align)
    try:
        flags = TensorFlags.parse(t.Flags)
    except ValueError:
        raise ValidationError(name, f"{field}.Flags", "has unknown bits", t.Flags) from None
    if int(flags) & ~int(TensorFlags.OWNED_BY_DML):
        raise ValidationError(name, f"{field}.Flags", "has unknown bits", int(flags))
    if flags & TensorFlags.OWNED_BY_DML and role is not Role.INPUT_TENSOR:
        raise ValidationError(name, f"{field}.Flags",
                              "DML_TENSOR_FLAG_OWNED_BY_DML is only valid on input tensors", flags)


def _bound_tensors(schema: OperatorSchema, desc: Any, names: tuple[str, ...] | None = None
                   ) -> list[tuple[str, BufferTensorDesc]]:
    out = []
    for spec in schema.tensor_fields:
        if names is not None and spec.name not in names:
            continue
        value = getattr(desc, spec.name)
        if value is not None:
            out.append((spec.name, buffer_of(value)))
    return out


def _check_data_types(schema: OperatorSchema, desc: Any, ctx: CheckContext, name: str) -> None:
    same = _bound_tensors(schema, desc, schema.same_data_type)
    for field, t in same[1:]:
        first_field, first = same[0]
        if t.DataType != first.DataType:
            raise ValidationError(
                name, f"{field}.DataType",
                f"must match {first_field}.DataType {first.DataType.c_name}", t.DataType)
    if not schema.support:
        return
    row = schema.support_at(ctx.feature_level)
    for field, t in _bound_tensors(schema, desc):
        if row is not None and t.DataType in row.data_types:
            continue
        later = [r.level for r in schema.support if t.DataType in r.data_types]
        if later and later[0] > ctx.feature_level:
            raise FeatureLevelError(
                name, f"{field}.DataType",
                f"{t.DataType.c_name} needs {later[0].c_name}; the device was created at "
                f"{ctx.feature_level.c_name}", t.DataType, required=later[0], show_value=False)
        allowed = ", ".join(d.name for d in (row.data_types if row else ()))
        raise ValidationError(name, f"{field}.DataType", f"must be one of {allowed}", t.DataType)


def _check_dimension_counts(schema: OperatorSchema, desc: Any, ctx: CheckContext,
                            name: str) -> None:
    same = _bound_tensors(schema, desc, schema.same_dimension_count)
    for field, t in same[1:]:
        first_field, first = same[0]
        if len(t.Sizes) != len(first.Sizes):
            raise ValidationError(
                name, f"{field}.DimensionCount",
                f"must match {first_field}.DimensionCount {len(first.Sizes)}", len(t.Sizes))
    if not schema.support:
        return
    row = schema.support_at(ctx.feature_level)
    for field, t in _bound_tensors(schema, desc):
        rank = len(t.Sizes)
        if row is not None and rank in row.dimension_counts:
            continue
        later = [r.level for r in schema.support if rank in r.dimension_counts]
        if later and later[0] > ctx.feature_level:
            raise FeatureLevelError(
                name, f"{field}.DimensionCount",
                f"{rank} dimensions need {later[0].c_name}; the device was created at "
                f"{ctx.feature_level.c_name}", rank, required=later[0], show_value=False)
        allowed = _ranges(row.dimension_counts if row else ())
        raise ValidationError(name, f"{field}.DimensionCount", f"must be {allowed}", rank)


def _ranges(values: tuple[int, ...]) -> str:
    if not values:
        return "unsupported"
    if len(values) > 1 and values == tuple(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return " or ".join(str(v) for v in values)


def _check_counts(schema: OperatorSchema, desc: Any, name: str) -> None:
    counts: dict[str, list[FieldSpec]] = {}
    for spec in schema.fields:
        if spec.count is not None:
            counts.setdefault(spec.count, []).append(spec)
    for count_field, arrays in counts.items():
        given = getattr(desc, count_field)
        lengths = {a.name: len(getattr(desc, a.name)) for a in arrays
                   if getattr(desc, a.name) is not None}
        listing = ", ".join(f"{n} has {k}" for n, k in lengths.items())
        distinct = set(lengths.values())
        if given is not None and distinct and distinct != {given} and len(distinct) == 1:
            raise ValidationError(name, count_field,
                                  f"must equal the length of its arrays ({listing})", given)
        expected = given if given is not None else next(iter(lengths.values()), 0)
        for array_name, length in lengths.items():
            if length != expected:
                raise ValidationError(
                    name, array_name,
                    f"has {length} values, but {count_field} is {expected} ({listing})", length,
                    show_value=False)


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


def _check_fused(name: str, field: str, fused: Any, ctx: CheckContext) -> None:
    path = f"{name}.{field}"
    try:
        schema, inner = resolve(fused)
    except TypeError:
        raise ValidationError(name, field, "must be a DML_OPERATOR_DESC",
                              type(fused).__name__) from None
    if not schema.fusable:
        raise ValidationError(name, f"{field}.Type", "is not an activation that can be fused",
                              schema.type)
    check_desc(schema, inner, CheckContext(ctx.feature_level, fused=True), path)


def require_finite(name: str, field: str, value: float) -> None:
    """Shared rule for float attributes that must be finite."""
    if not math.isfinite(value):
        raise ValidationError(name, field, "must be finite", float(value))
