"""Feature levels: the introduction table, operators_at, CheckFeatureSupport, op x level sweep."""

from __future__ import annotations

import pytest
from test_validation import minimal_desc

import pydml
from pydml import FeatureLevel, FeatureLevelError, OperatorType, ValidationError, validate
from pydml.feature_levels import max_supported
from pydml.registry import INTRODUCED_AT, all_schemas, introduced_at, operators_at

FL = FeatureLevel
LEVELS = list(FL)

#: The ``#if DML_TARGET_VERSION >= ...`` block of Microsoft's DirectML.h (microsoft/DirectX-Headers
#: include/directx/DirectML.h) that declares each DML_OPERATOR_TYPE enumerator, cross-checked with
#: the feature-level history page: an independent transcription the schema entries must agree with.
HEADER_BLOCKS: dict[FeatureLevel, str] = {
    FL.FL1_0: (
        "ELEMENT_WISE_IDENTITY ELEMENT_WISE_ABS ELEMENT_WISE_ACOS ELEMENT_WISE_ADD "
        "ELEMENT_WISE_ASIN ELEMENT_WISE_ATAN ELEMENT_WISE_CEIL ELEMENT_WISE_CLIP ELEMENT_WISE_COS "
        "ELEMENT_WISE_DIVIDE ELEMENT_WISE_EXP ELEMENT_WISE_FLOOR ELEMENT_WISE_LOG "
        "ELEMENT_WISE_LOGICAL_AND ELEMENT_WISE_LOGICAL_EQUALS ELEMENT_WISE_LOGICAL_GREATER_THAN "
        "ELEMENT_WISE_LOGICAL_LESS_THAN ELEMENT_WISE_LOGICAL_NOT ELEMENT_WISE_LOGICAL_OR "
        "ELEMENT_WISE_LOGICAL_XOR ELEMENT_WISE_MAX ELEMENT_WISE_MEAN ELEMENT_WISE_MIN "
        "ELEMENT_WISE_MULTIPLY ELEMENT_WISE_POW ELEMENT_WISE_CONSTANT_POW ELEMENT_WISE_RECIP "
        "ELEMENT_WISE_SIN ELEMENT_WISE_SQRT ELEMENT_WISE_SUBTRACT ELEMENT_WISE_TAN "
        "ELEMENT_WISE_THRESHOLD ELEMENT_WISE_QUANTIZE_LINEAR ELEMENT_WISE_DEQUANTIZE_LINEAR "
        "ACTIVATION_ELU ACTIVATION_HARDMAX ACTIVATION_HARD_SIGMOID ACTIVATION_IDENTITY "
        "ACTIVATION_LEAKY_RELU ACTIVATION_LINEAR ACTIVATION_LOG_SOFTMAX "
        "ACTIVATION_PARAMETERIZED_RELU ACTIVATION_PARAMETRIC_SOFTPLUS ACTIVATION_RELU "
        "ACTIVATION_SCALED_ELU ACTIVATION_SCALED_TANH ACTIVATION_SIGMOID ACTIVATION_SOFTMAX "
        "ACTIVATION_SOFTPLUS ACTIVATION_SOFTSIGN ACTIVATION_TANH ACTIVATION_THRESHOLDED_RELU "
        "CONVOLUTION GEMM REDUCE AVERAGE_POOLING LP_POOLING MAX_POOLING ROI_POOLING SLICE CAST "
        "SPLIT JOIN PADDING VALUE_SCALE_2D UPSAMPLE_2D GATHER SPACE_TO_DEPTH DEPTH_TO_SPACE TILE "
        "TOP_K BATCH_NORMALIZATION MEAN_VARIANCE_NORMALIZATION LOCAL_RESPONSE_NORMALIZATION "
        "LP_NORMALIZATION RNN LSTM GRU"
    ),
    FL.FL2_0: (
        "ELEMENT_WISE_SIGN ELEMENT_WISE_IS_NAN ELEMENT_WISE_ERF ELEMENT_WISE_SINH "
        "ELEMENT_WISE_COSH ELEMENT_WISE_TANH ELEMENT_WISE_ASINH ELEMENT_WISE_ACOSH "
        "ELEMENT_WISE_ATANH ELEMENT_WISE_IF ELEMENT_WISE_ADD1 ACTIVATION_SHRINK MAX_POOLING1 "
        "MAX_UNPOOLING DIAGONAL_MATRIX SCATTER_ELEMENTS SCATTER ONE_HOT RESAMPLE"
    ),
    FL.FL2_1: (
        "ELEMENT_WISE_BIT_SHIFT_LEFT ELEMENT_WISE_BIT_SHIFT_RIGHT ELEMENT_WISE_ROUND "
        "ELEMENT_WISE_IS_INFINITY ELEMENT_WISE_MODULUS_TRUNCATE ELEMENT_WISE_MODULUS_FLOOR "
        "FILL_VALUE_CONSTANT FILL_VALUE_SEQUENCE CUMULATIVE_SUMMATION REVERSE_SUBSEQUENCES "
        "GATHER_ELEMENTS GATHER_ND SCATTER_ND MAX_POOLING2 SLICE1 TOP_K1 DEPTH_TO_SPACE1 "
        "SPACE_TO_DEPTH1 MEAN_VARIANCE_NORMALIZATION1 RESAMPLE1 MATRIX_MULTIPLY_INTEGER "
        "QUANTIZED_LINEAR_MATRIX_MULTIPLY CONVOLUTION_INTEGER QUANTIZED_LINEAR_CONVOLUTION"
    ),
    FL.FL3_0: (
        "ELEMENT_WISE_BIT_AND ELEMENT_WISE_BIT_OR ELEMENT_WISE_BIT_XOR ELEMENT_WISE_BIT_NOT "
        "ELEMENT_WISE_BIT_COUNT ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL "
        "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL ACTIVATION_CELU ACTIVATION_RELU_GRAD "
        "AVERAGE_POOLING_GRAD MAX_POOLING_GRAD RANDOM_GENERATOR NONZERO_COORDINATES RESAMPLE_GRAD "
        "SLICE_GRAD ADAM_OPTIMIZER ARGMIN ARGMAX ROI_ALIGN GATHER_ND1"
    ),
    FL.FL3_1: (
        "ELEMENT_WISE_ATAN_YX ELEMENT_WISE_CLIP_GRAD ELEMENT_WISE_DIFFERENCE_SQUARE "
        "LOCAL_RESPONSE_NORMALIZATION_GRAD CUMULATIVE_PRODUCT BATCH_NORMALIZATION_GRAD"
    ),
    FL.FL4_0: (
        "ELEMENT_WISE_QUANTIZED_LINEAR_ADD DYNAMIC_QUANTIZE_LINEAR ROI_ALIGN1"
    ),
    FL.FL4_1: (
        "ROI_ALIGN_GRAD BATCH_NORMALIZATION_TRAINING BATCH_NORMALIZATION_TRAINING_GRAD"
    ),
    FL.FL5_0: (
        "ELEMENT_WISE_CLIP1 ELEMENT_WISE_CLIP_GRAD1 PADDING1 ELEMENT_WISE_NEGATE"
    ),
    FL.FL5_1: (
        "ACTIVATION_GELU ACTIVATION_SOFTMAX1 ACTIVATION_LOG_SOFTMAX1 ACTIVATION_HARDMAX1 "
        "RESAMPLE2 RESAMPLE_GRAD1 DIAGONAL_MATRIX1"
    ),
    FL.FL6_1: (
        "MULTIHEAD_ATTENTION"
    ),
    FL.FL6_2: (
        "LP_POOLING1 AVERAGE_POOLING1 ACTIVATION_SWISH ACTIVATION_HARD_SWISH "
        "QUANTIZED_LINEAR_AVERAGE_POOLING MATRIX_MULTIPLY_INTEGER_TO_FLOAT"
    ),
    FL.FL6_3: (
        "MEAN_VARIANCE_NORMALIZATION2 MULTIHEAD_ATTENTION1 QUANTIZE DEQUANTIZE"
    ),
    FL.FL6_4: (
        "RESAMPLE3 FOLD UNFOLD"
    ),
}


def test_schema_entries_agree_with_the_header() -> None:
    header = {OperatorType[n]: level for level, names in HEADER_BLOCKS.items() for n in names.split()}
    wrong = {s.type.name: (s.tables.introduced, header[s.type].short_name) for s in all_schemas()
             if s.introduced is not header[s.type]}
    assert not wrong, f"schema entry's introduced= vs the header's block: {wrong}"


def test_every_operator_type_appears_exactly_once() -> None:
    names = [name for names in HEADER_BLOCKS.values() for name in names.split()]
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
    assert FL.FL5_2 not in HEADER_BLOCKS and FL.FL6_0 not in HEADER_BLOCKS


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
