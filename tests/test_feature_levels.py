"""Feature levels: the introduction table, operators_at, CheckFeatureSupport, op x level sweep."""

from __future__ import annotations

import pytest
from test_validation import minimal_desc

import pydml
from pydml import FeatureLevel, FeatureLevelError, OperatorType, ValidationError, validate
from pydml.feature_levels import (
    _INTRODUCED,
    INTRODUCED_AT,
    introduced_at,
    max_supported,
    operators_at,
)
from pydml.registry import all_schemas

FL = FeatureLevel
LEVELS = list(FL)


def test_every_operator_type_appears_exactly_once() -> None:
    names = [name for names in _INTRODUCED.values() for name in names.split()]
    # SCATTER is an alias of SCATTER_ELEMENTS: both names are listed, at the same level.
    assert len(names) == len(set(names)) == 178  # 179 enumerators minus INVALID
    assert set(INTRODUCED_AT) == set(OperatorType) - {OperatorType.INVALID}
    assert OperatorType.INVALID not in INTRODUCED_AT
    distinct = [OperatorType[n] for n in names if n != "SCATTER"]
    assert len(distinct) == len(set(distinct)) == 177
    assert INTRODUCED_AT[OperatorType["SCATTER"]] is FL.FL2_0


@pytest.mark.parametrize("name, level", [
    ("ELEMENT_WISE_IDENTITY", "1_0"), ("CONVOLUTION", "1_0"), ("UPSAMPLE_2D", "1_0"),
    ("GRU", "1_0"), ("ELEMENT_WISE_SIGN", "2_0"), ("RESAMPLE", "2_0"),
    ("SCATTER_ELEMENTS", "2_0"), ("RESAMPLE1", "2_1"), ("QUANTIZED_LINEAR_CONVOLUTION", "2_1"),
    ("RESAMPLE_GRAD", "3_0"), ("GATHER_ND1", "3_0"), ("BATCH_NORMALIZATION_GRAD", "3_1"),
    ("ROI_ALIGN1", "4_0"), ("BATCH_NORMALIZATION_TRAINING_GRAD", "4_1"),
    ("ELEMENT_WISE_NEGATE", "5_0"), ("RESAMPLE2", "5_1"), ("RESAMPLE_GRAD1", "5_1"),
    ("ACTIVATION_GELU", "5_1"), ("MULTIHEAD_ATTENTION", "6_1"), ("ACTIVATION_HARD_SWISH", "6_2"),
    ("DEQUANTIZE", "6_3"), ("RESAMPLE3", "6_4"), ("UNFOLD", "6_4"),
])
def test_spot_check_against_fact_sheet(name: str, level: str) -> None:
    assert introduced_at(OperatorType[name]) is FL.parse(level)
    assert pydml.INTRODUCED_AT[OperatorType[name]] is FL.parse(level)


def test_no_operator_introduced_at_5_2_or_6_0() -> None:
    assert FL.FL5_2 not in _INTRODUCED and FL.FL6_0 not in _INTRODUCED


def test_operators_at_monotonic() -> None:
    previous: set[OperatorType] = set()
    for level in LEVELS:
        now = set(operators_at(level))
        assert previous <= now
        assert now == {op for op, lv in INTRODUCED_AT.items() if lv <= level}
        previous = now
    assert len(operators_at(FL.FL1_0)) == 78
    assert set(operators_at(FL.FL6_4)) == set(INTRODUCED_AT)
    assert OperatorType.RESAMPLE2 not in operators_at(FL.FL5_0)
    assert OperatorType.RESAMPLE2 in operators_at(FL.FL5_1)


def test_check_feature_support() -> None:
    device = pydml.Device(feature_level="5_1")
    assert device.check_feature_support([FL.FL4_0, FL.FL5_1, FL.FL6_0]) is FL.FL5_1
    assert device.check_feature_support(["3_0", 0x4000]) is FL.FL4_0
    assert device.check_feature_support([FL.FL6_0, FL.FL6_4]) is None
    assert device.check_feature_support([]) is None
    assert pydml.Device().feature_level is FL.FL6_4
    assert pydml.Device().check_feature_support(LEVELS) is FL.FL6_4
    assert max_supported((FL.FL2_0, FL.FL1_0), FL.FL1_0) is FL.FL1_0
    with pytest.raises(ValueError):
        device.check_feature_support(["9_9"])


# Tensor support per operator, transcribed independently from directml-api.md §3.2.
F = ("FLOAT32", "FLOAT16")
FI = (*F, "INT8", "UINT8")
R14 = (1, 2, 3, 4)
SUPPORT: dict[str, list[tuple[FeatureLevel, tuple[int, ...], tuple[str, ...]]]] = {
    "UPSAMPLE_2D": [(FL.FL1_0, (4, 5), F)],
    "CONVOLUTION": [(FL.FL1_0, (4, 5), F), (FL.FL4_0, (3, 4, 5), F)],
    "RESAMPLE": [(FL.FL2_0, (4,), F), (FL.FL5_1, R14, F), (FL.FL6_2, R14, FI)],
    # The sdk-api page widens RESAMPLE1 as RESAMPLE (the fact sheet had only its FL2_1 row).
    "RESAMPLE1": [(FL.FL2_1, (4,), F), (FL.FL5_1, R14, F), (FL.FL6_2, R14, FI)],
    "RESAMPLE_GRAD": [(FL.FL3_0, (4,), F), (FL.FL5_1, R14, F)],
    "RESAMPLE2": [(FL.FL5_1, R14, F), (FL.FL6_2, R14, FI)],
    "RESAMPLE_GRAD1": [(FL.FL5_1, R14, F)],
    "RESAMPLE3": [(FL.FL6_4, R14, FI)],
}


def _allowed(op: str, level: FeatureLevel, rank: int, dtype: str) -> bool:
    rows = [r for r in SUPPORT.get(op, [(FL.FL1_0, tuple(range(1, 9)), F)]) if r[0] <= level]
    return bool(rows) and rank in rows[-1][1] and dtype in rows[-1][2]


def _ever_allowed_later(op: str, level: FeatureLevel, rank: int, dtype: str) -> bool:
    return any(_allowed(op, lv, rank, dtype) for lv in LEVELS if lv > level)


def _cases() -> list[tuple[str, int, str]]:
    out = []
    for op in SUPPORT:  # every other operator: tests/test_support_tables.py
        ranks = [4] if op == "UPSAMPLE_2D" else [3, 4, 5] if op == "CONVOLUTION" else \
            [1, 3, 4] if op.startswith("RESAMPLE") else [4]
        resampling = op.startswith(("RESAMPLE", "UPSAMPLE"))
        dtypes = ["FLOAT32", "FLOAT16", "INT8", "FLOAT64"] if resampling else ["FLOAT32", "INT8"]
        out += [(op, r, d) for r in ranks for d in dtypes]
    return out


def test_sweep_covers_the_executing_operators() -> None:
    # the element-wise operators: tests/test_support_tables.py and their own tests
    assert {op for op, _, _ in _cases()} == {s.type.name for s in all_schemas()
                                             if s.executes and (s.family == "resample" or s.type.name == "CONVOLUTION")}


@pytest.mark.parametrize("op, rank, dtype", _cases(), ids=lambda v: str(v))
def test_sweep_every_operator_every_level(op: str, rank: int, dtype: str) -> None:
    desc = minimal_desc(op, dtype, rank)
    introduced = introduced_at(OperatorType[op])
    for level in LEVELS:
        ok = level >= introduced and _allowed(op, level, rank, dtype)
        if ok:
            validate(desc, level)
            pydml.Device(level).validate(desc)
            continue
        with pytest.raises(ValidationError) as info:
            validate(desc, level)
        err = info.value
        if level < introduced:
            assert type(err) is FeatureLevelError and err.field == "" and err.required is introduced
        elif _ever_allowed_later(op, level, rank, dtype):
            assert type(err) is FeatureLevelError, str(err)
            assert err.field.endswith((".DataType", ".DimensionCount")), str(err)
            assert err.required > level
        else:
            assert type(err) is ValidationError, str(err)
            assert err.field.endswith((".DataType", ".DimensionCount")), str(err)
