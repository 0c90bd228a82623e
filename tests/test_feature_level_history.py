"""Rules relaxed at a feature level, as DirectML's "DirectML feature level history" page lists them
(MicrosoftDocs/windows-ai-docs docs/directml/dml-feature-level-history.md; DirectML's Releases.md
says the same per release), each checked on both sides of its level (issue 22)."""

from __future__ import annotations

from typing import Any

import pytest

import pydml
from pydml import buffer_desc as b

PER_CHANNEL = [1, 3, 1, 1]


def _quantize_linear(op: str, zero_point: bool) -> Any:
    quant = op == "ELEMENT_WISE_QUANTIZE_LINEAR"
    f, q = "FLOAT32", "UINT8"
    cls = getattr(pydml, f"DML_{op}_OPERATOR_DESC")
    return cls(InputTensor=b(f if quant else q, PER_CHANNEL), ScaleTensor=b("FLOAT32", PER_CHANNEL),
               ZeroPointTensor=b("UINT8", PER_CHANNEL) if zero_point else None,
               OutputTensor=b(q if quant else f, PER_CHANNEL))


@pytest.mark.parametrize("op", ["ELEMENT_WISE_QUANTIZE_LINEAR", "ELEMENT_WISE_DEQUANTIZE_LINEAR"])
def test_zero_point_is_required_below_6_2(op: str) -> None:
    """6_2: "Made ZeroPointTensor optional" for both; the pages' tables before 6_2 list it as an
    Input, not an Optional input."""
    desc = _quantize_linear(op, zero_point=False)
    with pytest.raises(pydml.FeatureLevelError) as info:
        pydml.validate(desc, "6_1")
    assert (info.value.field, info.value.required) == ("ZeroPointTensor", pydml.FeatureLevel.FL6_2)
    assert str(info.value) == (
        f"DML_{op}_OPERATOR_DESC.ZeroPointTensor: is required below DML_FEATURE_LEVEL_6_2 (optional from it "
        "on); the device was created at DML_FEATURE_LEVEL_6_1, got None")
    with pytest.raises(pydml.FeatureLevelError):
        pydml.Device("3_0").create_operator(desc)
    pydml.validate(desc, "6_2")
    pydml.validate(_quantize_linear(op, zero_point=True), "6_1")


def test_scatter_elements_is_available_from_2_0() -> None:
    """The SCATTER page says "introduced in DML_FEATURE_LEVEL_1_0" and has a 1_0 table, but three
    sources say 2_0, and pydml follows them: the feature-level history lists both
    DML_OPERATOR_SCATTER_ELEMENTS and DML_OPERATOR_SCATTER among the 19 operators 2_0 added
    (DirectML 1.1.0, whose Releases.md entry says "Adds 19 new operators"); DirectML.h declares
    enumerator 94 (SCATTER_ELEMENTS = SCATTER) in its DML_TARGET_VERSION >= 0x2000 block, after
    GRU (78), the last 1.0 operator; and the page's own metadata gives Windows 10 version 2004
    (build 19041, DirectML 1.1) as the minimum client, where the 1.0 operators' pages give 1903."""
    desc = pydml.DML_SCATTER_OPERATOR_DESC(
        InputTensor=b("FLOAT32", [1, 1, 1, 4]), IndicesTensor=b("UINT32", [1, 1, 1, 2]),
        UpdatesTensor=b("FLOAT32", [1, 1, 1, 2]), OutputTensor=b("FLOAT32", [1, 1, 1, 4]), Axis=3)
    assert pydml.introduced_at(pydml.OperatorType.SCATTER_ELEMENTS) == pydml.FeatureLevel.FL2_0
    with pytest.raises(pydml.FeatureLevelError) as info:
        pydml.validate(desc, "1_0")
    assert info.value.required == pydml.FeatureLevel.FL2_0
    pydml.validate(desc, "2_0")


def _diagonal(sizes: list[int]) -> Any:
    return pydml.DML_DIAGONAL_MATRIX_OPERATOR_DESC(OutputTensor=b("FLOAT32", sizes), Offset=0, Value=1.0)


def _nonzero(rank: int) -> Any:
    lead = [1] * (rank - 2)
    return pydml.DML_NONZERO_COORDINATES_OPERATOR_DESC(
        InputTensor=b("FLOAT32", [*lead, 2, 4]), OutputCountTensor=b("UINT32", [1] * rank),
        OutputCoordinatesTensor=b("UINT32", [*lead, 8, 2]))


def _random(rank: int) -> Any:
    return pydml.DML_RANDOM_GENERATOR_OPERATOR_DESC(
        InputStateTensor=b("UINT32", [1] * (rank - 1) + [6]), OutputTensor=b("UINT32", [1] * (rank - 1) + [5]),
        OutputStateTensor=None, Type=pydml.DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10)


#: (desc, the first level that takes it, or None for none): the newest stored sdk-api pages'
#: tables per level. 4_0 "Extended data type and dimension count support" for all three (history).
DIMENSION_CASES = [
    ("DIAGONAL_MATRIX 4-D", _diagonal([1, 1, 3, 3]), "2_0"),
    ("DIAGONAL_MATRIX 2-D", _diagonal([3, 3]), "4_0"),
    ("DIAGONAL_MATRIX 3-D", _diagonal([1, 3, 3]), "4_0"),
    ("DIAGONAL_MATRIX 5-D", _diagonal([1, 1, 1, 3, 3]), None),  # 2 to 4 at every level
    ("DIAGONAL_MATRIX 1-D", _diagonal([3]), None),
    ("NONZERO_COORDINATES 4-D", _nonzero(4), "3_0"),
    ("NONZERO_COORDINATES 5-D", _nonzero(5), "3_0"),
    ("NONZERO_COORDINATES 2-D", _nonzero(2), "4_0"),
    ("NONZERO_COORDINATES 6-D", _nonzero(6), "4_0"),
    ("RANDOM_GENERATOR 4-D", _random(4), "3_0"),
    ("RANDOM_GENERATOR 1-D", _random(1), "4_0"),
    ("RANDOM_GENERATOR 5-D", _random(5), "4_0"),
]


@pytest.mark.parametrize("name,desc,first", DIMENSION_CASES, ids=[c[0] for c in DIMENSION_CASES])
def test_dimension_counts_per_level(name: str, desc: Any, first: str | None) -> None:
    levels = [level for level in pydml.FeatureLevel if level >= pydml.schema_of(desc).introduced]
    for level in levels:
        allowed = first is not None and level >= pydml.FeatureLevel.parse(first)
        try:
            pydml.validate(desc, level)
        except pydml.ValidationError as e:
            assert not allowed, f"{name} refused at {level.c_name}: {e}"
            assert "DimensionCount" in (e.field or ""), str(e)
        else:
            assert allowed, f"{name} accepted at {level.c_name}"


def _gemm(fused: Any) -> Any:
    t = b("FLOAT32", [1, 1, 2, 2])
    return pydml.DML_GEMM_OPERATOR_DESC(ATensor=t, BTensor=t, CTensor=None, OutputTensor=t,
                                        TransA=pydml.DML_MATRIX_TRANSFORM_NONE,
                                        TransB=pydml.DML_MATRIX_TRANSFORM_NONE, Alpha=1.0, Beta=0.0,
                                        FusedActivation=fused)


def _padding(mode: str) -> Any:
    return pydml.DML_PADDING_OPERATOR_DESC(
        InputTensor=b("FLOAT32", [1, 1, 2, 2]), OutputTensor=b("FLOAT32", [1, 1, 4, 4]), PaddingMode=mode,
        PaddingValue=0.0, StartPadding=[0, 0, 1, 1], EndPadding=[0, 0, 1, 1])


def _mvn(scale_only: bool) -> Any:
    return pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
        InputTensor=b("FLOAT32", [1, 2, 2, 2]), ScaleTensor=b("FLOAT32", [1, 2, 1, 1]),
        BiasTensor=None if scale_only else b("FLOAT32", [1, 2, 1, 1]), OutputTensor=b("FLOAT32", [1, 2, 2, 2]),
        Axes=[2, 3], NormalizeVariance=True, Epsilon=1e-5, FusedActivation=None)


def _divide(dtype: str) -> Any:
    return pydml.DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC(ATensor=b(dtype, [4]), BTensor=b(dtype, [4]),
                                                       OutputTensor=b(dtype, [4]))


def _logical_and(dtype: str) -> Any:
    t = b(dtype, [1, 1, 1, 4])
    return pydml.DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t)


CLIP = pydml.DML_ELEMENT_WISE_CLIP_OPERATOR_DESC(Min=0.0, Max=6.0)
SOFTMAX = pydml.DML_ACTIVATION_SOFTMAX_OPERATOR_DESC()
SOFTMAX1 = pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(Axes=[3])

#: (what the history page says, the desc, the level it needs)
RELAXED = [
    ("6_4: PADDING accepts DML_PADDING_MODE_WRAP", _padding("DML_PADDING_MODE_WRAP"), "6_4"),
    ("6_0: ELEMENT_WISE_CLIP joins the fused activations", _gemm(CLIP), "6_0"),
    ("6_1: SOFTMAX fuses into GEMM", _gemm(SOFTMAX), "6_1"),
    ("6_1: SOFTMAX1 fuses into GEMM", _gemm(SOFTMAX1), "6_1"),
    ("6_0: INT64 for ELEMENT_WISE_DIVIDE", _divide("INT64"), "6_0"),
    ("5_2: MVN1 ScaleTensor and BiasTensor null independently", _mvn(scale_only=True), "5_2"),
    ("2_0: logical operators on UINT8 tensors", _logical_and("UINT8"), "2_0"),
]


@pytest.mark.parametrize("what,desc,level", RELAXED, ids=[r[0] for r in RELAXED])
def test_rules_relaxed_at_a_level(what: str, desc: Any, level: str) -> None:
    needed = pydml.FeatureLevel.parse(level)
    below = max(lv for lv in pydml.FeatureLevel if lv < needed)
    if below >= pydml.schema_of(desc).introduced:
        with pytest.raises(pydml.FeatureLevelError) as info:
            pydml.validate(desc, below)
        assert info.value.required == needed, str(info.value)
    pydml.validate(desc, needed)


def _mvn_fused(fused: Any) -> Any:
    t = b("FLOAT32", [1, 2, 2, 2])
    return pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
        InputTensor=t, ScaleTensor=None, BiasTensor=None, OutputTensor=t, Axes=[2, 3], NormalizeVariance=True,
        Epsilon=1e-5, FusedActivation=fused)


@pytest.mark.parametrize("fused,hosts", [(CLIP, "CONVOLUTION and GEMM"), (SOFTMAX, "GEMM"), (SOFTMAX1, "GEMM")],
                         ids=["CLIP", "SOFTMAX", "SOFTMAX1"])
def test_activations_that_fuse_into_some_operators_only(fused: Any, hosts: str) -> None:
    """dml-fused-activations.md: ELEMENT_WISE_CLIP "For Convolution and GEMM only"; the 6_1 history
    adds SOFTMAX and SOFTMAX1 for GEMM. Any other host is refused at every level."""
    with pytest.raises(pydml.ValidationError) as info:
        pydml.validate(_mvn_fused(fused), "6_4")
    assert str(info.value) == (
        f"DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC.FusedActivation.Type: DML_OPERATOR_{fused.OPERATOR} "
        f"fuses into {hosts} only, got it in DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1")


def test_fused_softmax1_axes_index_the_gemm_output() -> None:
    with pytest.raises(pydml.ValidationError) as info:
        pydml.validate(_gemm(pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(Axes=[4])), "6_4")
    assert str(info.value) == (
        "DML_GEMM_OPERATOR_DESC.FusedActivation.Axes[0]: must be in [0, the fused-into "
        "OutputTensor.DimensionCount - 1] = [0, 3], got 4")
