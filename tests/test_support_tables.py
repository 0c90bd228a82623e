"""Every operator's transcribed tables drive the one validator: a desc built from a level's table
is accepted, and a tensor of a data type no level allows is refused, naming that tensor."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from minimal_descs import c_zeros

import pydml
from pydml import FeatureLevel, ValidationError, validate
from pydml.registry import FieldType, OperatorSchema, all_schemas
from pydml.schema.tables import DATA_TYPES, LEVELS
from pydml.tensor import buffer_desc

RULED = {s.type.name for s in all_schemas() if s.executes}  # own rules: tested per family


def _build(schema: OperatorSchema, level: str) -> Any | None:
    rows = {r.tensor: r for r in schema.tables.support[level]}
    types = {t: list(r.data_types) for t, r in rows.items()}
    counts = {t: list(r.dimension_counts) for t, r in rows.items()}
    for c in schema.tables.constraints * 4:  # overlapping groups: iterate to a fixed point
        members = [t for t in c.tensors if t in rows]
        if "DataType" in c.properties:
            common = [d for d in types[members[0]] if all(d in types[m] for m in members)]
            for m in members:
                types[m] = common
        if "DimensionCount" in c.properties or "Sizes" in c.properties:
            common_n = [n for n in counts[members[0]] if all(n in counts[m] for m in members)]
            for m in members:
                counts[m] = common_n
    if any(not v for v in (*types.values(), *counts.values())):
        return None  # the page's own table contradicts its constraints
    values: dict[str, Any] = c_zeros(schema)
    for spec in schema.fields:
        if spec.type is FieldType.TENSOR_DESC and spec.name in rows:
            values[spec.name] = buffer_desc(types[spec.name][0], [1] * counts[spec.name][0])
        elif spec.type is FieldType.TENSOR_DESC_ARRAY and spec.name in rows:
            values[spec.name] = [buffer_desc(types[spec.name][0], [1] * counts[spec.name][0])] * 2
        elif spec.type is FieldType.ENUM and spec.ctype == "DML_TENSOR_DATA_TYPE":
            values[spec.name] = "FLOAT32"
        elif spec.type is FieldType.OPERATOR_DESC_ARRAY:  # RNN, LSTM, GRU: so many per direction
            per_direction = {"RNN": 1, "LSTM": 3, "GRU": 2}[schema.type.name]
            sigmoid = pydml.OperatorDesc(Type="ACTIVATION_SIGMOID", Desc=pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC())
            values[spec.name] = [sigmoid] * per_direction  # Direction FORWARD (C's zero)
    return schema.desc_class(**values)


CASES = [(s, level) for s in all_schemas() if s.type.name not in RULED
         for level in s.tables.support]


@pytest.mark.parametrize("schema, level", CASES, ids=lambda v: getattr(v, "c_name", v))
def test_table_accepts_and_refuses(schema: OperatorSchema, level: str) -> None:
    desc = _build(schema, level)
    if desc is None:
        pytest.skip("the page's table admits no combination its constraints allow")
    fl = FeatureLevel.parse(max(level, schema.tables.introduced,
                                schema.introduced.short_name, key=LEVELS.index))
    try:
        validate(desc, fl)
    except ValidationError as e:
        pytest.fail(f"built from the {level} table, refused at {fl.c_name}: {e}")
    # A data type that no level's table allows for the first tensor is refused, naming it.
    first = next(s for s in schema.tensor_fields if s.type is FieldType.TENSOR_DESC
                 and getattr(desc, s.name) is not None)
    allowed = {d for rows in schema.tables.support.values() for r in rows
               if r.tensor == first.name for d in r.data_types}
    never = next((d for d in DATA_TYPES[1:] if d not in allowed), None)
    if never is None:
        return
    old = getattr(desc, first.name).Desc
    bad = dataclasses.replace(desc, **{first.name: buffer_desc(never, list(old.Sizes))})
    with pytest.raises(ValidationError) as info:
        validate(bad, fl)
    # Named at the tensor itself, or at a tensor a DataType constraint group ties to it.
    tied = {first.name} | {t for c in schema.tables.constraints if "DataType" in c.properties
                           and first.name in c.tensors for t in c.tensors}
    field = info.value.field
    assert field.endswith(".DataType") and field.split(".")[0].split("[")[0] in tied, str(info.value)


def test_every_operator_has_a_table_or_says_why() -> None:
    for s in all_schemas():
        assert s.tables.support or s.tables.notes, s.c_name


def test_page_kinds_match_header_roles() -> None:
    """The pages' Kind column against DirectML's naming (outputs are Output...): the only
    exceptions are the quantized operators' output scale and zero point, which are inputs."""
    exceptions = set()
    for s in all_schemas():
        for rows in s.tables.support.values():
            for r in rows:
                spec = s.field(r.tensor)
                assert spec.is_tensor, (s.c_name, r.tensor)
                assert (spec.role is pydml.registry.Role.OUTPUT_TENSOR) == r.is_output
                if r.is_output != r.tensor.startswith("Output"):
                    exceptions.add((s.type.name, r.tensor))
    assert {t for _, t in exceptions} == {"OutputScaleTensor", "OutputZeroPointTensor"}
    assert all(op.startswith(("QUANTIZED_LINEAR", "ELEMENT_WISE_QUANTIZED_LINEAR"))
               for op, _ in exceptions), sorted(exceptions)
