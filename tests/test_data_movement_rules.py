"""The data-movement pages' own rules (native/validate/rules_data_movement.c): each "must" the generated
tables cannot express, asserted by field and message through ``pydml.validate`` and
``Device.create_operator`` (one C validator serves both)."""

from __future__ import annotations

from typing import Any

import pytest
from ew_harness import tensor as t

import pydml
from pydml import ValidationError
from pydml.enums import FeatureLevel
from pydml.errors import FeatureLevelError
from pydml.registry import schema_of


def expect(desc: Any, field: str, rule: str) -> None:
    name = schema_of(desc).c_name
    for check in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


def f32(sizes: list[int]) -> Any:
    return t("FLOAT32", sizes)


# ---- SLICE / SLICE1 -------------------------------------------------------------------------------------


def slice0(out: list[int], offsets: list[int], sizes: list[int], strides: list[int], count: int = 2) -> Any:
    return pydml.DML_SLICE_OPERATOR_DESC(
        InputTensor=f32([4, 5]),
        OutputTensor=f32(out),
        DimensionCount=count,
        Offsets=offsets,
        Sizes=sizes,
        Strides=strides,
    )


def test_slice_rules() -> None:
    expect(
        slice0([2, 2], [0, 0, 0], [2, 2, 1], [1, 1, 1], 3),
        "DimensionCount",
        "must equal InputTensor.DimensionCount (2), got 3",
    )
    expect(slice0([2, 2], [0, 0], [2, 3], [1, 1]), "Sizes[1]", "must equal OutputTensor.Sizes[1] (2), got 3")
    expect(slice0([2, 2], [0, 0], [2, 2], [1, 0]), "Strides[1]", "must be >= 1, got 0")
    expect(
        slice0([2, 2], [0, 3], [2, 2], [1, 2]),
        "Offsets[1]",
        "must keep the slice inside InputTensor: Offsets + Strides * (Sizes - 1) must be < "
        "InputTensor.Sizes[1] (5), got 5",
    )


def test_slice_window_reaching_the_last_element_is_valid() -> None:
    pydml.validate(slice0([2, 2], [2, 2], [2, 2], [1, 2]))  # 2 + 2 * 1 = 4 < 5


def test_slice_out_of_the_input() -> None:
    expect(
        slice0([2, 2], [3, 0], [2, 2], [1, 1]),
        "Offsets[0]",
        "must keep the slice inside InputTensor: Offsets + Strides * (Sizes - 1) must be < "
        "InputTensor.Sizes[0] (4), got 4",
    )


def slice1(out: list[int], offsets: list[int], sizes: list[int], strides: list[int], count: int = 2) -> Any:
    return pydml.DML_SLICE1_OPERATOR_DESC(
        InputTensor=f32([4, 5]),
        OutputTensor=f32(out),
        DimensionCount=count,
        InputWindowOffsets=offsets,
        InputWindowSizes=sizes,
        InputWindowStrides=strides,
    )


def test_slice1_rules() -> None:
    expect(
        slice1([1, 1], [0], [1], [1], 1), "DimensionCount", "must equal InputTensor.DimensionCount (2), got 1"
    )
    expect(slice1([1, 1], [0, 0], [1, 0], [1, 1]), "InputWindowSizes[1]", "must be >= 1, got 0")
    expect(
        slice1([1, 1], [0, 3], [1, 3], [1, 1]),
        "InputWindowOffsets[1]",
        "must keep the window inside InputTensor: InputWindowOffsets + InputWindowSizes must be <= "
        "InputTensor.Sizes[1] (5), got 6",
    )
    expect(slice1([1, 1], [0, 0], [1, 1], [1, 0]), "InputWindowStrides[1]", "must not be 0")
    expect(
        slice1([2, 4], [0, 0], [3, 5], [-2, 2]),
        "OutputTensor.Sizes[1]",
        "must be <= 1 + (InputWindowSizes[1] - 1) / |InputWindowStrides[1]| (3), got 4",
    )


def test_slice1_output_smaller_than_the_window_is_valid() -> None:
    pydml.validate(slice1([1, 2], [0, 0], [3, 5], [-2, 2]))


# ---- JOIN / SPLIT ----------------------------------------------------------------------------------------


def test_split_sizes_must_sum_to_the_input() -> None:
    d = pydml.DML_SPLIT_OPERATOR_DESC(
        InputTensor=f32([2, 6]), OutputCount=3, OutputTensors=[f32([2, 2]), f32([2, 2]), f32([2, 3])], Axis=1
    )
    expect(
        d,
        "OutputTensors[2].Sizes[1]",
        "must make the OutputTensors' Sizes[Axis] sum to InputTensor.Sizes[1] (6), got a sum of 7",
    )
    d = pydml.DML_SPLIT_OPERATOR_DESC(
        InputTensor=f32([2, 6]), OutputCount=2, OutputTensors=[f32([2, 2]), f32([2, 3])], Axis=1
    )
    expect(
        d,
        "OutputTensors[1].Sizes[1]",
        "must make the OutputTensors' Sizes[Axis] sum to InputTensor.Sizes[1] (6), got a sum of 5",
    )


def test_split_axis_and_other_sizes() -> None:
    d = pydml.DML_SPLIT_OPERATOR_DESC(
        InputTensor=f32([2, 6]), OutputCount=1, OutputTensors=[f32([2, 6])], Axis=2
    )
    expect(d, "Axis", "must be < InputTensor.DimensionCount (2), got 2")
    d = pydml.DML_SPLIT_OPERATOR_DESC(
        InputTensor=f32([2, 6]), OutputCount=2, OutputTensors=[f32([2, 3]), f32([1, 3])], Axis=1
    )
    expect(d, "OutputTensors[1].Sizes[0]", "must equal InputTensor.Sizes[0] (2) off Axis (1), got 1")


def test_join_rules() -> None:
    d = pydml.DML_JOIN_OPERATOR_DESC(
        InputCount=2, InputTensors=[f32([2, 2]), f32([3, 2])], OutputTensor=f32([2, 4]), Axis=1
    )
    expect(d, "InputTensors[1].Sizes[0]", "must equal OutputTensor.Sizes[0] (2) off Axis (1), got 3")
    d = pydml.DML_JOIN_OPERATOR_DESC(
        InputCount=2, InputTensors=[f32([2, 2]), f32([2, 2])], OutputTensor=f32([2, 4]), Axis=2
    )
    expect(d, "Axis", "must be < OutputTensor.DimensionCount (2), got 2")
    d = pydml.DML_JOIN_OPERATOR_DESC(
        InputCount=2, InputTensors=[f32([2, 2]), f32([2, 3])], OutputTensor=f32([2, 4]), Axis=1
    )
    expect(
        d,
        "InputTensors[1].Sizes[1]",
        "must make the InputTensors' Sizes[Axis] sum to OutputTensor.Sizes[1] (4), got a sum of 5",
    )


# ---- PADDING / PADDING1 -----------------------------------------------------------------------------------


def padding(
    out: list[int], mode: str = "CONSTANT", count: int = 2, name: str = "PADDING", value_type: str = "FLOAT32"
) -> Any:
    fields = {
        "InputTensor": f32([3, 4]),
        "OutputTensor": f32(out),
        "PaddingMode": mode,
        "DimensionCount": count,
        "StartPadding": [1, 2, 0][:count],
        "EndPadding": [0, 3, 0][:count],
    }
    if name == "PADDING":
        return pydml.DML_PADDING_OPERATOR_DESC(**fields, PaddingValue=0.0)
    return pydml.DML_PADDING1_OPERATOR_DESC(**fields, PaddingValueDataType=value_type, PaddingValue=0)


@pytest.mark.parametrize("name", ["PADDING", "PADDING1"])
def test_padding_rules(name: str) -> None:
    expect(
        padding([4, 9], count=3, name=name),
        "DimensionCount",
        "must equal InputTensor.DimensionCount (2), got 3",
    )
    expect(
        padding([4, 8], name=name),
        "OutputTensor.Sizes[1]",
        "must be InputTensor.Sizes + StartPadding + EndPadding ([4, 9]), got 8",
    )
    pydml.validate(padding([4, 9], "REFLECTION", name=name))


def test_padding1_value_type() -> None:
    expect(
        padding([4, 9], name="PADDING1", value_type="INT32"),
        "PaddingValueDataType",
        "must equal OutputTensor.DataType (FLOAT32), got INT32",
    )


def test_padding_modes_need_their_levels() -> None:
    def pad4(mode: str) -> Any:
        return pydml.DML_PADDING_OPERATOR_DESC(
            InputTensor=f32([1, 1, 3, 4]),
            OutputTensor=f32([1, 1, 4, 9]),
            PaddingMode=mode,
            PaddingValue=0.0,
            DimensionCount=4,
            StartPadding=[0, 0, 1, 2],
            EndPadding=[0, 0, 0, 3],
        )

    d = pad4("SYMMETRIC")
    pydml.validate(d, feature_level=FeatureLevel.FL3_0)
    with pytest.raises(FeatureLevelError) as info:
        pydml.validate(d, feature_level=FeatureLevel.FL2_1)
    assert info.value.field == "PaddingMode"
    assert str(info.value).startswith(
        "DML_PADDING_OPERATOR_DESC.PaddingMode: DML_PADDING_MODE_SYMMETRIC requires DML_FEATURE_LEVEL_3_0"
    )
    d = pad4("WRAP")
    pydml.validate(d, feature_level=FeatureLevel.FL6_4)
    with pytest.raises(FeatureLevelError) as info:
        pydml.validate(d, feature_level=FeatureLevel.FL6_3)
    assert info.value.field == "PaddingMode"
    assert str(info.value).startswith(
        "DML_PADDING_OPERATOR_DESC.PaddingMode: DML_PADDING_MODE_WRAP requires DML_FEATURE_LEVEL_6_4"
    )


# ---- TILE -------------------------------------------------------------------------------------------------


def test_tile_rules() -> None:
    def tile(out: list[int], repeats: list[int]) -> Any:
        return pydml.DML_TILE_OPERATOR_DESC(
            InputTensor=f32([2, 3]), OutputTensor=f32(out), RepeatsCount=len(repeats), Repeats=repeats
        )

    expect(tile([2, 3], [1, 1, 1]), "RepeatsCount", "must equal InputTensor.DimensionCount (2), got 3")
    expect(tile([2, 3], [1, 0]), "Repeats[1]", "must be >= 1, got 0")
    expect(
        tile([4, 3], [2, 2]), "OutputTensor.Sizes[1]", "must be InputTensor.Sizes * Repeats ([4, 6]), got 3"
    )


# ---- DEPTH_TO_SPACE / SPACE_TO_DEPTH ----------------------------------------------------------------------


def d2s(name: str, x: list[int], y: list[int], b: int) -> Any:
    cls = getattr(pydml, f"DML_{name}_OPERATOR_DESC")
    extra = {"Order": "DEPTH_COLUMN_ROW"} if name.endswith("1") else {}
    return cls(InputTensor=f32(x), OutputTensor=f32(y), BlockSize=b, **extra)


@pytest.mark.parametrize("name", ["DEPTH_TO_SPACE", "DEPTH_TO_SPACE1"])
def test_depth_to_space_rules(name: str) -> None:
    expect(d2s(name, [1, 8, 2, 3], [1, 8, 2, 3], 0), "BlockSize", "must be >= 1, got 0")
    expect(
        d2s(name, [1, 8, 2, 3], [1, 2, 4, 6], 3),
        "InputTensor.Sizes[1]",
        "must be divisible by BlockSize * BlockSize (9), got 8",
    )
    expect(
        d2s(name, [1, 8, 2, 3], [1, 2, 4, 5], 2),
        "OutputTensor.Sizes[3]",
        "must be {N, C / (BlockSize * BlockSize), H * BlockSize, W * BlockSize} ([1, 2, 4, 6]), got 5",
    )


@pytest.mark.parametrize("name", ["SPACE_TO_DEPTH", "SPACE_TO_DEPTH1"])
def test_space_to_depth_rules(name: str) -> None:
    expect(d2s(name, [1, 2, 4, 6], [1, 2, 4, 6], 0), "BlockSize", "must be >= 1, got 0")
    expect(
        d2s(name, [1, 2, 4, 6], [1, 18, 1, 2], 3),
        "InputTensor.Sizes[2]",
        "must be divisible by BlockSize (3), got 4",
    )
    # the pages' text gives DEPTH_TO_SPACE's formula; their examples ({1,2,4,6} -> {1,8,2,3}) rule
    expect(
        d2s(name, [1, 2, 4, 6], [1, 1, 8, 12], 2),
        "OutputTensor.Sizes[1]",
        "must be {N, C * BlockSize * BlockSize, H / BlockSize, W / BlockSize} ([1, 8, 2, 3]), got 1",
    )


# ---- generators, VALUE_SCALE_2D ------------------------------------------------------------------------


def test_value_data_type_must_match_the_output() -> None:
    expect(
        pydml.DML_FILL_VALUE_CONSTANT_OPERATOR_DESC(OutputTensor=f32([2]), ValueDataType="INT32", Value=1),
        "ValueDataType",
        "must equal OutputTensor.DataType (FLOAT32), got INT32",
    )
    expect(
        pydml.DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC(
            OutputTensor=f32([2]), ValueDataType="FLOAT16", ValueStart=1, ValueDelta=1
        ),
        "ValueDataType",
        "must equal OutputTensor.DataType (FLOAT32), got FLOAT16",
    )
    expect(
        pydml.DML_DIAGONAL_MATRIX1_OPERATOR_DESC(
            InputTensor=None,
            OutputTensor=f32([2, 2]),
            ValueDataType="UINT8",
            Value=1,
            DiagonalFillBegin=0,
            DiagonalFillEnd=1,
        ),
        "ValueDataType",
        "must equal OutputTensor.DataType (FLOAT32), got UINT8",
    )


def test_diagonal_matrix1_input_sizes() -> None:
    d = pydml.DML_DIAGONAL_MATRIX1_OPERATOR_DESC(
        InputTensor=f32([2, 3]),
        OutputTensor=f32([2, 4]),
        ValueDataType="FLOAT32",
        Value=1.0,
        DiagonalFillBegin=0,
        DiagonalFillEnd=1,
    )
    expect(d, "InputTensor.Sizes[1]", "must equal OutputTensor.Sizes[1] (4), got 3")


def test_value_scale_2d_channel_count() -> None:
    def vs(sizes: list[int], bias: list[float]) -> Any:
        return pydml.DML_VALUE_SCALE_2D_OPERATOR_DESC(
            InputTensor=f32(sizes), OutputTensor=f32(sizes), Scale=1.0, ChannelCount=len(bias), Bias=bias
        )

    expect(vs([1, 2, 2, 2], [1.0, 2.0]), "ChannelCount", "must be 1 or 3, got 2")
    expect(vs([1, 3, 2, 2], [1.0]), "ChannelCount", "must equal InputTensor.Sizes[1] (3), got 1")
