"""The built cffi extension against tests/abi_expected.py: every struct, union, enum and constant.

cffi (API mode) checks a cdef struct's layout against the C compiler only when the struct is first
used, so every struct is touched here; and it takes enumerator values from C, so both the cdef
view (``relements``) and the compiled one (``lib.<NAME>``) are compared with the table.
"""

from __future__ import annotations

import pytest
from abi_expected import (
    ALIASES,
    CONSTANTS,
    D3D12_STRUCTS,
    DIRECTML_STRUCT_COUNT,
    ENUMS,
    FIELD_CTYPES,
    OPAQUE_TYPES,
    SCALARS,
    STRUCTS,
    UNIONS,
)

from pydml.native import ffi, lib


@pytest.mark.parametrize("name", sorted(STRUCTS))
def test_struct_layout(name: str) -> None:
    size, align, fields = STRUCTS[name]
    ctype = ffi.typeof(name)
    assert ctype.kind == ("union" if name in UNIONS else "struct")
    assert ctype.cname == f"{ctype.kind} {ALIASES.get(name, name)}"
    # Touching .fields runs cffi's lazy layout check against the C compiler.
    assert [field for field, _ in ctype.fields] == [field for field, _, _ in fields]
    assert ffi.sizeof(name) == size
    assert ffi.alignof(name) == align
    declared = dict(ctype.fields)
    for field, offset, field_size in fields:
        assert ffi.offsetof(name, field) == offset, f"{name}.{field}"
        assert declared[field].offset == offset, f"{name}.{field}"
        assert ffi.sizeof(declared[field].type) == field_size, f"{name}.{field}"


@pytest.mark.parametrize("name", sorted(STRUCTS))
def test_struct_field_types(name: str) -> None:
    """Each field has the declared type, as cffi sees it (cffi drops `const`; the C++ build in
    test_header.py checks the exact spelling, const included)."""
    declared = dict(ffi.typeof(name).fields)
    assert list(FIELD_CTYPES[name]) == [field for field, _, _ in STRUCTS[name][2]]
    for field, ctype_text in FIELD_CTYPES[name].items():
        assert declared[field].type is ffi.typeof(ctype_text), f"{name}.{field}: {ctype_text}"


def test_struct_names_are_exactly_the_table() -> None:
    """cffi sees every struct, union and alias of the table, and nothing else DML-named."""
    typedefs, struct_tags, union_tags = ffi.list_types()
    typedefs = [name for name in typedefs if not name.startswith("pydml_")]  # pydml.h
    struct_tags = [tag for tag in struct_tags if not tag.startswith("pydml_")]
    header = {name for name in typedefs if ffi.typeof(name).kind in ("struct", "union")}
    assert header - OPAQUE_TYPES == set(STRUCTS)
    assert set(union_tags) == set(UNIONS)
    assert set(struct_tags) - OPAQUE_TYPES == set(STRUCTS) - UNIONS - set(ALIASES)
    assert len(STRUCTS) == DIRECTML_STRUCT_COUNT + len(D3D12_STRUCTS) == 203
    assert sum(name.endswith("_OPERATOR_DESC") and name != "DML_OPERATOR_DESC" for name in STRUCTS) == 178
    for alias, target in ALIASES.items():
        assert ffi.typeof(alias) is ffi.typeof(target)


def test_scalar_union_members_share_storage() -> None:
    value = ffi.new("DML_SCALAR_UNION *")
    value.Float64 = 1.0
    assert value.UInt64 == 0x3FF0000000000000
    assert bytes(value.Bytes) == (0x3FF0000000000000).to_bytes(8, "little")
    value.Int8 = -1
    assert value.UInt8 == 0xFF
    assert ffi.sizeof(value[0]) == 8


def test_slice_grad_window_strides_are_signed() -> None:
    strides = dict(ffi.typeof("DML_SLICE_GRAD_OPERATOR_DESC").fields)["InputWindowStrides"].type
    assert strides.item is ffi.typeof("INT")
    assert int(ffi.cast("INT", -1)) == -1


def test_struct_round_trip_through_memory() -> None:
    """A desc written through cffi has its fields at the table's byte offsets."""
    desc = ffi.new("DML_RESAMPLE3_OPERATOR_DESC *")
    desc.InterpolationMode = lib.DML_INTERPOLATION_MODE_LINEAR
    desc.RoundingDirection = lib.DML_AXIS_DIRECTION_DECREASING
    desc.DimensionCount = 4
    desc.Antialiased = 1
    raw = bytes(ffi.buffer(desc))
    _, _, fields = STRUCTS["DML_RESAMPLE3_OPERATOR_DESC"]
    offsets = {field: offset for field, offset, _ in fields}
    for field, value in [
        ("InterpolationMode", 1),
        ("RoundingDirection", 1),
        ("DimensionCount", 4),
        ("Antialiased", 1),
    ]:
        at = offsets[field]
        assert int.from_bytes(raw[at : at + 4], "little") == value, field


@pytest.mark.parametrize("name", sorted(ENUMS))
def test_enum_values(name: str) -> None:
    ctype = ffi.typeof(name)
    assert ctype.kind == "enum"
    assert ffi.sizeof(name) == 4
    assert ctype.relements == ENUMS[name]
    for enumerator, value in ENUMS[name].items():
        assert getattr(lib, enumerator) == value, enumerator


def test_operator_type_is_dense_with_one_alias() -> None:
    values = ENUMS["DML_OPERATOR_TYPE"]
    assert len(values) == 179
    assert sorted(set(values.values())) == list(range(178))
    assert lib.DML_OPERATOR_SCATTER == lib.DML_OPERATOR_SCATTER_ELEMENTS == 94
    assert lib.DML_OPERATOR_RESAMPLE_GRAD == 134
    assert lib.DML_OPERATOR_RESAMPLE3 == 175
    assert lib.DML_OPERATOR_UNFOLD == 177


@pytest.mark.parametrize("name", sorted(CONSTANTS))
def test_constants(name: str) -> None:
    assert getattr(lib, name) == CONSTANTS[name]


def test_named_constants() -> None:
    assert lib.DML_TENSOR_DIMENSION_COUNT_MAX == 5
    assert lib.DML_TENSOR_DIMENSION_COUNT_MAX1 == 8
    assert lib.DML_TEMPORARY_BUFFER_ALIGNMENT == 256
    assert lib.DML_PERSISTENT_BUFFER_ALIGNMENT == 256
    assert lib.DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT == 16
    assert lib.DML_TARGET_VERSION == 0x6400


@pytest.mark.parametrize("name", sorted(SCALARS))
def test_scalar_typedefs(name: str) -> None:
    size, kind = SCALARS[name]
    ctype = ffi.typeof(name)
    assert ctype.kind == "primitive"
    assert ffi.sizeof(name) == size
    if kind == "f":
        assert float(ffi.cast(name, 0.5)) == 0.5
    else:
        assert (int(ffi.cast(name, -1)) < 0) == (kind == "i")


def test_every_declared_type_is_pinned() -> None:
    """A type added to DirectML.h's cdef region without an entry in abi_expected fails here."""
    typedefs, struct_tags, unions = ffi.list_types()
    directml = {name for name in typedefs if not name.startswith("pydml_")}
    unpinned = directml - STRUCTS.keys() - ENUMS.keys() - SCALARS.keys() - OPAQUE_TYPES
    assert unpinned == set()
    assert set(STRUCTS) | set(ENUMS) | set(SCALARS) | OPAQUE_TYPES <= directml
    assert {u for u in unions if not u.startswith("pydml_")} == UNIONS
    for tag in struct_tags:
        assert tag.startswith("pydml_") or tag in STRUCTS or tag in OPAQUE_TYPES


@pytest.mark.parametrize("name", sorted(OPAQUE_TYPES))
def test_opaque_types(name: str) -> None:
    with pytest.raises(ffi.error):
        ffi.sizeof(name)
