"""Bad input in every field of every operator's desc ends in a ValidationError naming that field.

For each of the 177 operators, a valid desc (tests/test_validator_agreement.py's ``valid_bases``)
gets one bad value at a time, in each desc field and in each field of the tensor descs,
DML_SIZE_2D, DML_SCALE_BIAS, DML_SCALAR_UNION and nested DML_OPERATOR_DESC it holds:

(a) a wrong Python type (a string, a dict, an object());
(b) an unknown enum name and out-of-range integers (one C can hold and one it cannot);
(c) NaN: refused in every FLOAT attribute (the C validator's structural rule), in every integer
    field, and in tensor sizes, strides and byte counts (a type error there); a DML_SCALAR_UNION
    of a float data type is the one place NaN is a legal value (a fill or padding value);
(d) a negative or mismatched count, an array whose length disagrees with the rest of its count
    group, and a missing required tensor (or tensor-list entry);
(e) numbers that overflow their C type or 32/64-bit size arithmetic: sizes of 2^32, element counts
    past 2^32 and 2^64, strides reaching past index 2^32-2, byte counts of 2^64.

Each must raise ValidationError (nothing else) whose ``desc.field`` path is the field, or lies
inside it (``InputTensors[1]``, ``OutputTensor.Sizes[0]``, ``FusedActivation.Alpha``). Cases a
field kind does not have are skipped in the loop; each test asserts how many it exercised.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from minimal_descs import c_zeros
from test_validator_agreement import valid_bases

import pydml
from pydml import FeatureLevel, ValidationError
from pydml.registry import ARRAY_TYPES, FieldSpec, FieldType, OperatorSchema, all_schemas
from pydml.structs import ScalarUnion, ScaleBias, Size2D
from pydml.tensor import BufferTensorDesc, TensorDesc

NAN = float("nan")
WRONG_TYPES: tuple[Any, ...] = ("text", {"key": 1}, object())
INTEGER_TYPES = (FieldType.UINT, FieldType.UINT64, FieldType.INT, FieldType.BOOL)
BUFFER_FIELDS = ("DataType", "Flags", "DimensionCount", "Sizes", "Strides", "TotalTensorSizeInBytes",
                 "GuaranteedBaseOffsetAlignment")
#: The plain value an empty array of each kind is filled with, so that its elements can be spoiled.
PLAIN = {FieldType.UINT_ARRAY: 1, FieldType.INT_ARRAY: 0, FieldType.FLOAT_ARRAY: 1.0}
RELU = pydml.OperatorDesc(Type="ACTIVATION_RELU", Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())


@dataclasses.dataclass(frozen=True)
class Case:
    """One operator's valid desc, the level it is valid at, and a builder of variants."""

    schema: OperatorSchema
    desc: Any
    level: FeatureLevel

    def replace(self, **values: Any) -> Any:
        return dataclasses.replace(self.desc, **values)


@functools.cache
def cases() -> tuple[Case, ...]:
    """One valid desc per operator, with every array filled (so elements can be spoiled) and two
    entries in every tensor and operator list."""
    out = []
    for bases in valid_bases().values():
        base = bases[0]
        schema, desc = base.schema, base.desc
        counted = {s.count for s in schema.fields if s.count}
        fill: dict[str, Any] = {}
        for spec in schema.fields:
            value = getattr(desc, spec.name)
            if spec.type in ARRAY_TYPES and value is None and spec.name == "Axes":
                fill[spec.name] = [0]  # operator rules want real, distinct axes
            elif spec.type in ARRAY_TYPES and value is None:
                fill[spec.name] = [PLAIN[spec.type]] * _group_length(schema, desc, spec)
            elif spec.type is FieldType.OPERATOR_DESC_ARRAY and not value:
                fill[spec.name] = [RELU, RELU]
            elif spec.name in counted:
                fill[spec.name] = None  # derived
        desc = dataclasses.replace(desc, **fill)
        level = base.levels[0]
        pydml.validate(desc, level)  # still valid: only rule-free arrays were filled
        out.append(Case(schema, desc, level))
    assert len(out) == 177
    return tuple(out)


def _group_length(schema: OperatorSchema, desc: Any, spec: FieldSpec) -> int:
    """The length the other arrays of ``spec``'s count group have (1 when none is set)."""
    for other in schema.fields:
        value = getattr(desc, other.name)
        if other.count == spec.count and other.type in ARRAY_TYPES and value is not None:
            return len(value)
    return 1


def tensor_slots(case: Case) -> Iterator[tuple[str, str, int | None, BufferTensorDesc]]:
    """(field, path, list index, buffer) for each tensor field set in the desc (the second entry
    of a tensor list)."""
    for spec in case.schema.fields:
        value = getattr(case.desc, spec.name)
        if spec.type is FieldType.TENSOR_DESC and value is not None:
            yield spec.name, spec.name, None, value.Desc
        elif spec.type is FieldType.TENSOR_DESC_ARRAY and value:
            k = len(value) - 1
            yield spec.name, f"{spec.name}[{k}]", k, value[k].Desc


def with_tensor(case: Case, field: str, index: int | None, tensor: Any) -> Any:
    """The desc with one tensor (or one list entry) replaced."""
    if index is None:
        return case.replace(**{field: tensor})
    items = list(getattr(case.desc, field))
    items[index] = tensor
    return case.replace(**{field: items})


def buffer_with(b: BufferTensorDesc, **fields: Any) -> TensorDesc:
    values = {f.name: getattr(b, f.name) for f in dataclasses.fields(b)}
    values.update(fields)
    return TensorDesc(Desc=BufferTensorDesc(**values))


class Checker:
    """Runs validate on bad descs; collects what did not end in a ValidationError naming the path."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.exercised: Counter[str] = Counter()

    def refused(self, case: Case, path: str, desc: Any, label: str, *,
                alternatives: tuple[str, ...] = ()) -> None:
        """``desc`` must be refused with a ValidationError naming ``path`` (or one of
        ``alternatives``) of the operator's desc, or a path inside it."""
        self.exercised[label] += 1
        where = f"{case.schema.type.name} {path} <- {label}"
        try:
            pydml.validate(desc, case.level)
        except ValidationError as e:
            full = f"{e.desc}.{e.field}" if e.field else e.desc
            if not any(_inside(full, f"{case.schema.c_name}.{p}") for p in (path, *alternatives)):
                self.failures.append(f"{where}: names {full!r}: {e}")
            elif not str(e).startswith(f"{full}: "):
                self.failures.append(f"{where}: message does not start with the path: {e}")
        except Exception as e:
            self.failures.append(f"{where}: raised {type(e).__name__}: {e}")
        else:
            self.failures.append(f"{where}: accepted")
        # every path from a desc to C bytes: marshalled, or the ValidationError (never cffi's
        # OverflowError or TypeError for a value with no C representation)
        try:
            pydml.to_c(desc)
        except ValidationError:
            pass
        except Exception as e:
            self.failures.append(f"{where}: pydml.to_c raised {type(e).__name__}: {e}")

    def accepted(self, case: Case, desc: Any, label: str) -> None:
        self.exercised[label] += 1
        try:
            pydml.validate(desc, case.level)
        except Exception as e:
            self.failures.append(f"{case.schema.type.name} <- {label}: refused: {type(e).__name__}: {e}")

    def check(self, minimum: dict[str, int]) -> None:
        assert not self.failures, f"{len(self.failures)} failures:\n" + "\n".join(self.failures[:30])
        for label, count in minimum.items():
            assert self.exercised[label] >= count, (label, self.exercised[label])


def _inside(full: str, path: str) -> bool:
    return full == path or full.startswith((f"{path}.", f"{path}["))


FUSABLE = [s for s in all_schemas() if s.fusable]


def _field_value(case: Case, spec: FieldSpec) -> Any:
    return getattr(case.desc, spec.name)


def typed_union(case: Case, spec: FieldSpec, data_type: str, value: Any) -> Any:
    """The desc with ``spec`` (a DML_SCALAR_UNION) set to ``value`` and typed ``data_type``; the
    other unions its data type field types (CLIP1's Min and Max) become 0, which every type holds."""
    assert spec.data_type_field is not None
    values: dict[str, Any] = {s.name: 0 for s in case.schema.fields
                              if s.data_type_field == spec.data_type_field}
    values.update({spec.name: value, spec.data_type_field: data_type})
    return case.replace(**values)


# ---- (a) wrong Python types -----------------------------------------------------------------------


def test_wrong_python_type_in_every_field() -> None:
    c = Checker()
    for case in cases():
        for spec in case.schema.fields:
            for wrong in WRONG_TYPES:
                c.refused(case, spec.name, case.replace(**{spec.name: wrong}), "desc field")
            value = _field_value(case, spec)
            if spec.type in ARRAY_TYPES:
                for wrong in WRONG_TYPES:
                    items = [*value[:-1], wrong]
                    c.refused(case, f"{spec.name}[{len(items) - 1}]", case.replace(**{spec.name: items}),
                              "array element")
            elif spec.type is FieldType.SIZE_2D:
                for part in ("Width", "Height"):
                    c.refused(case, f"{spec.name}.{part}",
                              case.replace(**{spec.name: Size2D(**{part: "text"})}), "struct member")
            elif spec.type is FieldType.SCALE_BIAS:
                for part in ("Scale", "Bias"):
                    c.refused(case, f"{spec.name}.{part}",
                              case.replace(**{spec.name: ScaleBias(**{part: "text"})}), "struct member")
            elif spec.type is FieldType.SCALAR_UNION:
                for member in ("Float32", "Int32", "UInt8"):
                    c.refused(case, f"{spec.name}.{member}",
                              case.replace(**{spec.name: ScalarUnion(**{member: "text"})}),
                              "struct member")
                c.refused(case, f"{spec.name}.Bytes", case.replace(**{spec.name: ScalarUnion(Bytes="ab")}),
                          "struct member")
            elif spec.type in (FieldType.OPERATOR_DESC, FieldType.OPERATOR_DESC_ARRAY):
                at = spec.name if spec.type is FieldType.OPERATOR_DESC else f"{spec.name}[1]"
                for wrong in WRONG_TYPES:
                    nested = pydml.OperatorDesc(Type="ACTIVATION_RELU", Desc=wrong)
                    bad = nested if spec.type is FieldType.OPERATOR_DESC else [RELU, nested]
                    c.refused(case, f"{at}.Desc", case.replace(**{spec.name: bad}), "nested desc")
                # a desc class instead of a desc, a name instead of a desc
                for wrong in (pydml.DML_ACTIVATION_RELU_OPERATOR_DESC, "ACTIVATION_RELU"):
                    bad = wrong if spec.type is FieldType.OPERATOR_DESC else [RELU, wrong]
                    c.refused(case, at, case.replace(**{spec.name: bad}), "nested desc")
        for field, path, index, b in tensor_slots(case):
            for wrong in WRONG_TYPES:
                c.refused(case, path, with_tensor(case, field, index, wrong), "tensor")
                c.refused(case, f"{path}.Desc", with_tensor(case, field, index, TensorDesc(Desc=wrong)),
                          "tensor member")
                c.refused(case, f"{path}.Type",
                          with_tensor(case, field, index, TensorDesc(Type=wrong, Desc=b)), "tensor member")
                for member in BUFFER_FIELDS:
                    spoiled = buffer_with(b, **{member: wrong})
                    c.refused(case, f"{path}.{member}", with_tensor(case, field, index, spoiled),
                              "tensor member")
                c.refused(case, f"{path}.Sizes[0]",
                          with_tensor(case, field, index, buffer_with(b, Sizes=[wrong, *b.Sizes[1:]])),
                          "tensor member")
    # floors of cases exercised (lowered when MULTIHEAD_ATTENTION's valid base lost its 11 optional
    # tensors: one query/key/value layout at a time is its page's rule)
    c.check({"desc field": 2700, "array element": 300, "struct member": 90, "nested desc": 50,
             "tensor": 1500, "tensor member": 15_000})


# ---- (b) enums ------------------------------------------------------------------------------------


def test_unknown_enum_names_and_out_of_range_integers() -> None:
    c = Checker()
    for case in cases():
        for spec in case.schema.fields:
            if spec.type not in (FieldType.ENUM, FieldType.FLAGS):
                continue
            assert spec.enum is not None
            largest = max(int(m) for m in spec.enum)
            prefix = f"{spec.ctype.removesuffix('S')}_"  # DML_PADDING_MODE_, DML_TENSOR_FLAG_
            for bad in ("NOT_A_MEMBER", f"{prefix}NOT_A_MEMBER", 1.0):
                c.refused(case, spec.name, case.replace(**{spec.name: bad}), "enum name")
            for bad in (largest + 1, 1000, 2**32 - 1, 2**32, -1):
                c.refused(case, spec.name, case.replace(**{spec.name: bad}), "enum integer")
            if spec.ctype == "DML_TENSOR_DATA_TYPE":
                c.refused(case, spec.name, case.replace(**{spec.name: "UNKNOWN"}), "enum integer")
        for field, path, index, b in tensor_slots(case):
            for member, bad in (("DataType", "NOT_A_TYPE"), ("DataType", "UNKNOWN"), ("DataType", 14),
                                ("DataType", 2**32), ("DataType", -1), ("Flags", "NOT_A_FLAG"),
                                ("Flags", 2), ("Flags", 2**31), ("Flags", 2**32), ("Flags", -1)):
                label = "enum name" if isinstance(bad, str) else "enum integer"
                c.refused(case, f"{path}.{member}",
                          with_tensor(case, field, index, buffer_with(b, **{member: bad})), label)
            for bad in ("NOT_A_TENSOR_TYPE", 2, 2**32, -1, "INVALID"):
                label = "enum name" if isinstance(bad, str) else "enum integer"
                c.refused(case, f"{path}.Type", with_tensor(case, field, index, TensorDesc(Type=bad, Desc=b)),
                          label)
        for spec in case.schema.fields:
            if spec.type is FieldType.OPERATOR_DESC:  # the nested desc's own type
                bad = pydml.OperatorDesc(Type="INVALID", Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())
                c.refused(case, f"{spec.name}.Type", case.replace(**{spec.name: bad}), "enum integer")
    c.check({"enum name": 2700, "enum integer": 5300})


# ---- (c) NaN -------------------------------------------------------------------------------------


#: Operators whose pages require the scalar union's data type to be the output's (rules_data_movement.c).
UNION_TYPED_AS_OUTPUT = {"FILL_VALUE_CONSTANT", "FILL_VALUE_SEQUENCE", "DIAGONAL_MATRIX1", "PADDING1",
                         "ELEMENT_WISE_CLIP_GRAD1"}
#: Operators whose own page rules refuse a NaN scalar-union bound (rules_ew_quantize.c).
NAN_BOUNDS_REFUSED = {"ELEMENT_WISE_CLIP1"}


def test_nan_where_the_field_does_not_allow_it() -> None:
    c = Checker()
    float_types = ("FLOAT32", "FLOAT16", "FLOAT64")
    for case in cases():
        for spec in case.schema.fields:
            t = spec.type
            value = _field_value(case, spec)
            if t is FieldType.FLOAT or t in INTEGER_TYPES:
                c.refused(case, spec.name, case.replace(**{spec.name: NAN}), "nan attribute")
            elif t in ARRAY_TYPES:
                for k in range(len(value)):
                    items = list(value)
                    items[k] = NAN
                    c.refused(case, f"{spec.name}[{k}]", case.replace(**{spec.name: items}), "nan array")
            elif t is FieldType.SIZE_2D:
                c.refused(case, f"{spec.name}.Width", case.replace(**{spec.name: Size2D(Width=NAN)}),
                          "nan attribute")
            elif t is FieldType.SCALE_BIAS:
                for part in ("Scale", "Bias"):
                    c.refused(case, f"{spec.name}.{part}",
                              case.replace(**{spec.name: ScaleBias(**{part: NAN})}), "nan attribute")
            elif t is FieldType.SCALAR_UNION and case.schema.type.name in NAN_BOUNDS_REFUSED:
                # CLIP1's page: Min <= Max, which a NaN bound cannot satisfy
                out_type = case.desc.OutputTensor.Desc.DataType.name
                c.refused(case, spec.name, typed_union(case, spec, out_type, NAN), "nan attribute")
            elif t is FieldType.SCALAR_UNION:
                assert spec.data_type_field is not None
                for dtype in float_types:  # NaN is a float fill/padding value: allowed
                    output = getattr(case.desc, "OutputTensor", None) or case.desc.OutputGradientTensor
                    if case.schema.type.name in UNION_TYPED_AS_OUTPUT and \
                            dtype != output.Desc.DataType.name:  # the page: the output's type
                        continue
                    c.accepted(case, typed_union(case, spec, dtype, NAN), "nan allowed")
                c.accepted(case, case.replace(**{spec.name: ScalarUnion(Float32=NAN)}), "nan allowed")
                for dtype in ("INT32", "UINT8", "INT4"):
                    c.refused(case, spec.name, typed_union(case, spec, dtype, NAN), "nan attribute")
                c.refused(case, f"{spec.name}.Int32", case.replace(**{spec.name: ScalarUnion(Int32=NAN)}),
                          "nan attribute")
            elif t is FieldType.OPERATOR_DESC:  # a fused activation's float attribute
                for s in FUSABLE:
                    if s.fusable_hosts is not None and case.schema.type.name not in s.fusable_hosts:
                        continue
                    floats = [f for f in s.fields if f.type is FieldType.FLOAT]
                    if floats:
                        nested = s.desc_class(**{**c_zeros(s), floats[0].name: NAN})
                        c.refused(case, f"{spec.name}.{floats[0].name}", case.replace(**{spec.name: nested}),
                                  "nan nested")
            elif t is FieldType.OPERATOR_DESC_ARRAY:
                nested = pydml.DML_ACTIVATION_ELU_OPERATOR_DESC(Alpha=NAN)
                # the last entry spoiled, the count kept (RNN, LSTM, GRU: so many per direction)
                entries = [*getattr(case.desc, spec.name)[:-1], nested]
                c.refused(case, f"{spec.name}[{len(entries) - 1}].Alpha", case.replace(**{spec.name: entries}),
                          "nan nested")
        for field, path, index, b in tensor_slots(case):
            for member in ("DimensionCount", "TotalTensorSizeInBytes", "GuaranteedBaseOffsetAlignment",
                           "Flags", "DataType"):
                c.refused(case, f"{path}.{member}",
                          with_tensor(case, field, index, buffer_with(b, **{member: NAN})), "nan tensor")
            n = len(b.Sizes)
            for k in range(n):
                sizes = list(b.Sizes)
                sizes[k] = NAN
                c.refused(case, f"{path}.Sizes[{k}]",
                          with_tensor(case, field, index, buffer_with(b, Sizes=sizes)), "nan tensor")
            c.refused(case, f"{path}.Strides[0]",
                      with_tensor(case, field, index, buffer_with(b, Strides=[NAN] * n)), "nan tensor")
    c.check({"nan attribute": 250, "nan array": 160, "nan nested": 90, "nan allowed": 14,
             "nan tensor": 3900})


# ---- (d) counts and missing tensors --------------------------------------------------------------


def test_bad_counts_and_missing_tensors() -> None:
    c = Checker()
    for case in cases():
        schema = case.schema
        groups: dict[str, list[FieldSpec]] = {}
        for spec in schema.fields:
            if spec.count is not None:
                groups.setdefault(spec.count, []).append(spec)
        for count, arrays in groups.items():
            length = len(_field_value(case, arrays[0]))
            for bad in (-1, length + 1, 2**32):
                c.refused(case, count, case.replace(**{count: bad}), "count")
            if length:
                c.refused(case, count, case.replace(**{count: length - 1}), "count")
            # One array longer (or shorter) than the count says: the array is named, or, when it is
            # the count's only array, the count (the message lists both).
            alone = (count,) if len(arrays) == 1 else ()
            for spec in arrays:
                value = list(_field_value(case, spec))
                longer = [*value, value[-1]] if value else [PLAIN.get(spec.type, RELU)]
                c.refused(case, spec.name, case.replace(**{count: length, spec.name: longer}), "array length",
                          alternatives=alone)
                if value:
                    c.refused(case, spec.name, case.replace(**{count: length, spec.name: value[:-1]}),
                              "array length", alternatives=alone)
                if len(arrays) >= 3 and spec.type in ARRAY_TYPES:  # count derived: the odd array
                    c.refused(case, spec.name, case.replace(**{count: None, spec.name: longer}),
                              "array length")
        for spec in schema.fields:
            if spec.type is FieldType.TENSOR_DESC and not spec.optional:
                c.refused(case, spec.name, case.replace(**{spec.name: None}), "missing tensor")
                c.refused(case, f"{spec.name}.Desc", case.replace(**{spec.name: TensorDesc(Desc=None)}),
                          "missing tensor")
            elif spec.type is FieldType.TENSOR_DESC_ARRAY:
                items = list(_field_value(case, spec))
                c.refused(case, f"{spec.name}[1]", case.replace(**{spec.name: [items[0], None]}),
                          "missing tensor")
                if not spec.optional:
                    # An empty (or absent) list: C sees its count, 0, which is what it names.
                    for empty in (None, []):
                        c.refused(case, spec.name, case.replace(**{spec.name: empty}), "missing tensor",
                                  alternatives=(spec.count or spec.name,))
            elif spec.type is FieldType.OPERATOR_DESC_ARRAY:
                c.refused(case, f"{spec.name}[1]", case.replace(**{spec.name: [RELU, None]}),
                          "missing tensor")
    c.check({"count": 170, "array length": 300, "missing tensor": 900})


# ---- (e) overflow --------------------------------------------------------------------------------


def test_overflowing_numbers_and_sizes() -> None:
    c = Checker()
    ranges = {FieldType.UINT: (2**32, -1), FieldType.UINT64: (2**64, -1),
              FieldType.INT: (2**31, -(2**31) - 1), FieldType.BOOL: (2**31, -(2**31) - 1)}
    for case in cases():
        for spec in case.schema.fields:
            t = spec.type
            value = _field_value(case, spec)
            if t in ranges:
                for bad in ranges[t]:
                    c.refused(case, spec.name, case.replace(**{spec.name: bad}), "number")
            elif t is FieldType.FLOAT:
                for bad in (1e39, -3.5e38, 10**400):
                    c.refused(case, spec.name, case.replace(**{spec.name: bad}), "number")
            elif t in ARRAY_TYPES:
                bad = {FieldType.UINT_ARRAY: 2**32, FieldType.INT_ARRAY: 2**31,
                       FieldType.FLOAT_ARRAY: 1e39}[t]
                c.refused(case, f"{spec.name}[0]", case.replace(**{spec.name: [bad, *value[1:]]}), "number")
            elif t is FieldType.SIZE_2D:
                c.refused(case, f"{spec.name}.Height",
                          case.replace(**{spec.name: Size2D(Width=1, Height=2**32)}), "number")
            elif t is FieldType.SCALE_BIAS:
                c.refused(case, f"{spec.name}.Bias", case.replace(**{spec.name: ScaleBias(Bias=1e39)}),
                          "number")
            elif t is FieldType.SCALAR_UNION:
                assert spec.data_type_field is not None
                for dtype, bad in (("INT8", 128), ("UINT8", 256), ("UINT16", -1), ("INT32", 2**31),
                                   ("UINT64", 2**64), ("INT64", -(2**63) - 1), ("FLOAT16", 65520.0),
                                   ("FLOAT32", 1e39), ("FLOAT64", 10**400), ("FLOAT32", 10**400),
                                   ("INT4", 8), ("UINT4", 16)):
                    c.refused(case, spec.name, typed_union(case, spec, dtype, bad), "number")
                for member, bad in (("Int8", -129), ("UInt32", 2**32), ("Int64", 2**63),
                                    ("UInt64", 2**64), ("Float32", 1e39), ("Float64", 10**400)):
                    c.refused(case, f"{spec.name}.{member}",
                              case.replace(**{spec.name: ScalarUnion(**{member: bad})}), "number")
        for field, path, index, b in tensor_slots(case):
            n = len(b.Sizes)
            for sizes in ([2**31] * 4, [2**32 - 1] * 2, [2**32 - 1] * 3, [2**16] * 3):
                c.refused(case, f"{path}.Sizes", with_tensor(case, field, index, buffer_with(b, Sizes=sizes)),
                          "size")
            for sizes in ([2**32], [1, 2**64], [-1]):
                c.refused(case, f"{path}.Sizes[{len(sizes) - 1}]",
                          with_tensor(case, field, index, buffer_with(b, Sizes=sizes)), "size")
            # strides whose last element lies past index 2^32-2 (the byte size past 2^32 elements)
            c.refused(case, f"{path}.Strides",
                      with_tensor(case, field, index, buffer_with(b, Sizes=[2] * n, Strides=[2**32 - 1] * n)),
                      "strides")
            c.refused(case, f"{path}.Strides",  # 2^31 elements, the last at index ~2^33
                      with_tensor(case, field, index,
                                  buffer_with(b, Sizes=[2**16, 2**15], Strides=[2**16, 2**17])), "strides")
            # strides that do not fit UINT: a 64-bit buffer size would overflow
            c.refused(case, f"{path}.Strides[0]",
                      with_tensor(case, field, index, buffer_with(b, Strides=[2**63] * n)), "strides")
            for member, bad in (("TotalTensorSizeInBytes", 2**64), ("TotalTensorSizeInBytes", 2**64 + 4),
                                ("GuaranteedBaseOffsetAlignment", 2**32), ("DimensionCount", 2**32)):
                c.refused(case, f"{path}.{member}",
                          with_tensor(case, field, index, buffer_with(b, **{member: bad})), "size")
            small = buffer_with(b, Sizes=[2**30, 2], TotalTensorSizeInBytes=4)  # 2^31 elements
            c.refused(case, f"{path}.TotalTensorSizeInBytes", with_tensor(case, field, index, small), "size")
    c.check({"number": 700, "size": 6100, "strides": 1500})


@pytest.mark.parametrize("value", [2**64 - 4, 2**64 - 1])
def test_largest_total_size_is_representable(value: int) -> None:
    """The largest TotalTensorSizeInBytes values still reach C (judged there, not in Python)."""
    case = next(c for c in cases() if c.schema.type.name == "ELEMENT_WISE_IDENTITY")
    b = case.desc.InputTensor.Desc
    desc = case.replace(InputTensor=buffer_with(b, TotalTensorSizeInBytes=value))
    if value % 4:
        with pytest.raises(ValidationError, match=r"InputTensor\.TotalTensorSizeInBytes: must be a multiple"):
            pydml.validate(desc, case.level)
    else:
        pydml.validate(desc, case.level)
