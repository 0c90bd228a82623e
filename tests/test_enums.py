"""pydml/enums.py mirrors the enums of include/DirectML.h (values, C names, nothing extra)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pydml
from pydml.enums import (
    ENUM_BY_CTYPE,
    CFlag,
    FeatureLevel,
    OperatorType,
    TensorDataType,
    c_constants,
)
from pydml.native import ffi

HEADER = Path(__file__).resolve().parents[1] / "include" / "DirectML.h"


def header_enums() -> dict[str, dict[str, int]]:
    """Every ``typedef enum NAME { A = v, ... } NAME;`` of the header, parsed from its text."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", HEADER.read_text(), flags=re.S)
    out: dict[str, dict[str, int]] = {}
    for name, body in re.findall(r"typedef\s+enum\s+(\w+)\s*\{(.*?)\}\s*\1\s*;", text, flags=re.S):
        members: dict[str, int] = {}
        value = -1
        for item in (i.strip() for i in body.split(",")):
            if not item:
                continue
            if "=" in item:
                key, expr = (x.strip() for x in item.split("=", 1))
                value = members[expr] if expr in members else int(expr.rstrip("uU"), 0)
            else:
                key, value = item, value + 1
            members[key] = value
        out[name] = members
    return out


HEADER_ENUMS = header_enums()


@pytest.mark.parametrize("ctype", sorted(ENUM_BY_CTYPE))
def test_enum_mirrors_header(ctype: str) -> None:
    cls = ENUM_BY_CTYPE[ctype]
    in_header = HEADER_ENUMS[ctype]
    assert in_header == dict(ffi.typeof(ctype).relements)  # text parse agrees with cffi
    # Every enumerator has a member with the same value and C name (aliases included) ...
    for c_name, value in in_header.items():
        member = cls(0) if issubclass(cls, CFlag) and value == 0 else cls.parse(c_name)
        assert int(member) == value, c_name
        assert getattr(pydml, c_name) == value
        assert int(getattr(pydml, c_name)) == value
    # ... and there are no extra members.
    py_names = {m.c_name for m in cls.__members__.values()} | set()
    expected = set(in_header)
    if ctype == "DML_OPERATOR_TYPE":
        py_names.add("DML_OPERATOR_SCATTER")  # alias: its c_name is SCATTER_ELEMENTS'
    assert py_names == expected
    assert len(cls.__members__) == len(in_header)


def test_member_c_names_round_trip() -> None:
    for cls in ENUM_BY_CTYPE.values():
        for member in cls:
            assert cls.parse(member.c_name) is member or int(cls.parse(member.c_name)) == member


def test_operator_type_has_178_values_and_scatter_alias() -> None:
    values = {int(m) for m in OperatorType}
    assert values == set(range(178))
    assert len(OperatorType.__members__) == 179
    assert OperatorType["SCATTER"] is OperatorType.SCATTER_ELEMENTS
    assert int(OperatorType.SCATTER_ELEMENTS) == 94
    assert pydml.DML_OPERATOR_SCATTER is OperatorType.SCATTER_ELEMENTS
    assert OperatorType.parse("DML_OPERATOR_SCATTER") is OperatorType.SCATTER_ELEMENTS
    assert int(OperatorType.RESAMPLE) == 96 and int(OperatorType.UNFOLD) == 177
    assert OperatorType(53).c_name == "DML_OPERATOR_CONVOLUTION"


def test_c_constants_all_exported() -> None:
    consts = c_constants()
    total = sum(len(v) for v in HEADER_ENUMS.values() if True)
    assert len(consts) <= total
    for ctype, members in HEADER_ENUMS.items():
        if ctype not in ENUM_BY_CTYPE:
            continue
        for c_name in members:
            assert c_name in consts
            assert c_name in pydml.__all__
    assert pydml.DML_FEATURE_LEVEL_5_1 is FeatureLevel.FL5_1
    assert pydml.DML_TENSOR_DATA_TYPE_FLOAT16 is TensorDataType.FLOAT16


def test_parse() -> None:
    T = TensorDataType
    assert T.parse("DML_TENSOR_DATA_TYPE_FLOAT16") is T.FLOAT16
    assert T.parse("FLOAT16") is T.FLOAT16
    assert T.parse(" FLOAT16 ") is T.FLOAT16
    assert T.parse(2) is T.FLOAT16
    assert T.parse(T.FLOAT16) is T.FLOAT16
    for junk in ("float16", "FLOAT", "DML_TENSOR_DATA_TYPE_", "", 99, -1, True, None, 1.0,
                 [1], "DML_TENSOR_TYPE_BUFFER"):
        with pytest.raises(ValueError):
            T.parse(junk)
    F = pydml.TensorFlags
    assert F.parse("OWNED_BY_DML") is F.OWNED_BY_DML
    assert F.parse("DML_TENSOR_FLAG_NONE") is F.NONE
    assert F.parse(["OWNED_BY_DML", "NONE"]) is F.OWNED_BY_DML
    assert F.parse(1) is F.OWNED_BY_DML
    E = pydml.ExecutionFlags
    both = E.parse(["ALLOW_HALF_PRECISION_COMPUTATION", "DISABLE_META_COMMANDS"])
    assert int(both) == 3
    assert both.c_name == ("DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION|"
                           "DML_EXECUTION_FLAG_DISABLE_META_COMMANDS")
    assert E.NONE.c_name == "DML_EXECUTION_FLAG_NONE"
    for junk in ("SHINY", 2, -1, 0x100, True, None, 1.5):
        with pytest.raises(ValueError):
            F.parse(junk)
    with pytest.raises(ValueError):
        E.parse(8)


def test_data_type_bits() -> None:
    T = TensorDataType
    assert [T[n].bits for n in ("UNKNOWN", "FLOAT32", "FLOAT16", "UINT8", "INT4", "FLOAT64")] == [
        0, 32, 16, 8, 4, 64]


def test_feature_level_order_and_parse() -> None:
    levels = list(FeatureLevel)
    assert levels == sorted(levels)
    assert [lv.short_name for lv in levels] == ["1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1",
                                                 "5_0", "5_1", "5_2", "6_0", "6_1", "6_2", "6_3",
                                                 "6_4"]
    assert FeatureLevel.FL1_0 < FeatureLevel.FL5_1 < FeatureLevel.FL6_4
    assert int(FeatureLevel.FL5_1) == 0x5100
    for spelling in ("5_1", "5.1", 0x5100, "DML_FEATURE_LEVEL_5_1", "FL5_1", FeatureLevel.FL5_1):
        assert FeatureLevel.parse(spelling) is FeatureLevel.FL5_1
    assert FeatureLevel.FL5_1.c_name == "DML_FEATURE_LEVEL_5_1"
    for junk in ("5", "5_9", 0x5101, "7.0", None, True):
        with pytest.raises(ValueError):
            FeatureLevel.parse(junk)


def test_members_iteration_skips_are_still_reachable() -> None:
    # Flag iteration skips NONE and Enum iteration skips aliases; parse and the constants must not.
    assert pydml.DML_TENSOR_FLAG_NONE is pydml.TensorFlags.NONE
    assert pydml.DML_EXECUTION_FLAG_NONE is pydml.ExecutionFlags.NONE
    assert pydml.TensorFlags.parse("NONE") is pydml.TensorFlags.NONE
    assert pydml.ExecutionFlags.parse("DML_EXECUTION_FLAG_NONE") is pydml.ExecutionFlags.NONE
    assert OperatorType.parse("SCATTER") is OperatorType.SCATTER_ELEMENTS
    validate_flags = pydml.buffer_desc("FLOAT32", [1], Flags="NONE").Desc
    assert validate_flags is not None and validate_flags.Flags is pydml.TensorFlags.NONE
