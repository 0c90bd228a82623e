"""One test per validation rule: build the bad desc, assert exception class, .desc, .field, message.

Also the accepted cases (the DirectML doc example, every resample revision at its introduction,
TV-C1/TV-C3 convolution shapes) and a hypothesis property test over random resample descs.
``minimal_desc`` (one valid desc per registered operator) is shared with test_feature_levels.py.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pydml
from pydml import FeatureLevel, FeatureLevelError, ValidationError, validate
from pydml.registry import OperatorDesc, all_schemas

FL = FeatureLevel
RG = "DML_RESAMPLE_GRAD_OPERATOR_DESC"
CONV = "DML_CONVOLUTION_OPERATOR_DESC"


def t(sizes: list[int], dtype: str = "FLOAT32", strides: list[int] | None = None,
      **fields: Any) -> pydml.TensorDesc:
    return pydml.buffer_desc(dtype, sizes, strides, **fields)


def resample_grad(**kw: Any) -> Any:
    """The DirectML doc example (RESAMPLE_GRAD, FL3_0), with overrides."""
    base: dict[str, Any] = dict(
        InputGradientTensor=t([1, 1, 1, 3]), OutputGradientTensor=t([1, 1, 2, 2]),
        InterpolationMode="NEAREST_NEIGHBOR", Scales=[1, 1, 0.5, 1.5],
        InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[0.0] * 4)
    base.update(kw)
    return pydml.DML_RESAMPLE_GRAD_OPERATOR_DESC(**base)


def resample_desc(op: str, rank: int = 4, dtype: str = "FLOAT32", **kw: Any) -> Any:
    """A valid desc of one resample-family operator (2x upsampling of the last axis)."""
    in_sizes = [1] * (rank - 1) + [2]
    out_sizes = [1] * (rank - 1) + [4]
    scales = [1.0] * (rank - 1) + [2.0]
    base: dict[str, Any]
    if op == "UPSAMPLE_2D":
        base = dict(InputTensor=t([1, 1, 2, 2], dtype), OutputTensor=t([1, 1, 4, 6], dtype),
                    ScaleSize=pydml.DML_SIZE_2D(Width=3, Height=2))
    elif op == "RESAMPLE":
        base = dict(InputTensor=t(in_sizes, dtype), OutputTensor=t(out_sizes, dtype), Scales=scales)
    elif op.startswith("RESAMPLE_GRAD"):
        base = dict(InputGradientTensor=t(out_sizes, dtype),
                    OutputGradientTensor=t(in_sizes, dtype),
                    Scales=scales, InputPixelOffsets=[0.5] * rank, OutputPixelOffsets=[-0.5] * rank)
    else:
        base = dict(InputTensor=t(in_sizes, dtype), OutputTensor=t(out_sizes, dtype), Scales=scales,
                    InputPixelOffsets=[0.5] * rank, OutputPixelOffsets=[-0.5] * rank)
    # the scalars C would zero-initialise, given explicitly (descs have no silent defaults)
    base["InterpolationMode"] = "NEAREST_NEIGHBOR"
    if op in ("RESAMPLE2", "RESAMPLE3", "RESAMPLE_GRAD1"):
        base["RoundingDirection"] = "INCREASING"
    if op == "RESAMPLE3":
        base["Antialiased"] = False
    base.update(kw)
    return getattr(pydml, f"DML_{op}_OPERATOR_DESC")(**base)


def conv(rank: int = 4, **kw: Any) -> Any:
    """TV-C1: Input {1,1,3,3}, Filter {1,1,2,2}, Output {1,1,2,2}, cross-correlation, forward."""
    spatial = rank - 2
    base: dict[str, Any] = dict(
        InputTensor=t([1, 1] + [3] * spatial), FilterTensor=t([1, 1] + [2] * spatial),
        OutputTensor=t([1, 1] + [2] * spatial), Mode="CROSS_CORRELATION", Direction="FORWARD",
        Strides=[1] * spatial, Dilations=[1] * spatial, StartPadding=[0] * spatial,
        EndPadding=[0] * spatial, OutputPadding=[0] * spatial, GroupCount=1)
    base.update(kw)
    return pydml.DML_CONVOLUTION_OPERATOR_DESC(**base)


def activation(op: str, **kw: Any) -> Any:
    cls = getattr(pydml, f"DML_{op}_OPERATOR_DESC")
    base: dict[str, Any] = dict(InputTensor=t([1, 2, 3, 4]), OutputTensor=t([1, 2, 3, 4]))
    base.update(kw)
    return cls(**base)


def fused(op: str, **kw: Any) -> Any:
    return getattr(pydml, f"DML_{op}_OPERATOR_DESC")(**kw)


def minimal_desc(op: str, dtype: str = "FLOAT32", rank: int | None = None) -> Any:
    """A minimal valid desc for every registered operator (one builder per family)."""
    if op == "CONVOLUTION":
        return conv(rank or 4, InputTensor=t([1, 1] + [3] * ((rank or 4) - 2), dtype),
                    FilterTensor=t([1, 1] + [2] * ((rank or 4) - 2), dtype),
                    OutputTensor=t([1, 1] + [2] * ((rank or 4) - 2), dtype))
    if op.startswith(("RESAMPLE", "UPSAMPLE")):
        return resample_desc(op, rank or 4, dtype)
    sizes = [1, 2, 3, 4][: rank or 4]
    return activation(op, InputTensor=t(sizes, dtype), OutputTensor=t(sizes, dtype))


def expect(desc: Any, level: Any, cls: type[ValidationError], where: str, field: str,
           text: str) -> ValidationError:
    """validate(desc, level) raises exactly ``cls`` with .desc ``where``, .field and ``text``."""
    with pytest.raises(ValidationError) as info:
        validate(desc, level)
    err = info.value
    assert type(err) is cls, str(err)
    assert err.desc == where, str(err)
    assert err.field == field, str(err)
    assert text in str(err), str(err)
    assert str(err).startswith(f"{where}.{field}: " if field else f"{where}: ")
    return err


# -- accepted ------------------------------------------------------------------------------------


def test_doc_example_accepted_at_3_0() -> None:
    validate(resample_grad(), FL.FL3_0)
    validate(resample_grad(), "3_0")
    pydml.Device(feature_level="3_0").validate(resample_grad())


@pytest.mark.parametrize("op", ["UPSAMPLE_2D", "RESAMPLE", "RESAMPLE1", "RESAMPLE_GRAD",
                                "RESAMPLE2",
                                "RESAMPLE_GRAD1", "RESAMPLE3"])
def test_every_resample_revision_valid_at_its_introduction(op: str) -> None:
    desc = resample_desc(op)
    level = pydml.introduced_at(pydml.OperatorType[op])
    validate(desc, level)
    validate(OperatorDesc(Type=op, Desc=desc), level)
    validate(desc, FL.FL6_4)


def test_tv_c1_forward_and_tv_c3_backward_accepted() -> None:
    validate(conv(), FL.FL1_0)
    # TV-C3, 1-D along W as 4-D {1,1,1,W}: input [1,2,3], filter [1,10,100], stride 2, pads 1.
    validate(conv(InputTensor=t([1, 1, 1, 3]), FilterTensor=t([1, 1, 1, 3]),
                  OutputTensor=t([1, 1, 1, 5]), Direction="BACKWARD", Strides=[1, 2],
                  StartPadding=[0, 1], EndPadding=[0, 1]), FL.FL1_0)
    # TV-C3 2-D: input 2x2, ones 2x2 filter, stride 1 -> 3x3.
    validate(conv(InputTensor=t([1, 1, 2, 2]), FilterTensor=t([1, 1, 2, 2]),
                  OutputTensor=t([1, 1, 3, 3]), Direction="BACKWARD"), FL.FL1_0)
    # Grouped forward with bias and fused activation.
    validate(conv(InputTensor=t([2, 4, 5, 5]), FilterTensor=t([6, 2, 3, 3]),
                  OutputTensor=t([2, 6, 2, 2]), BiasTensor=t([1, 6, 1, 1]), GroupCount=2,
                  Strides=[2, 2], FusedActivation=fused("ACTIVATION_RELU")), FL.FL1_0)
    # 3-D convolution from FL4_0.
    validate(conv(3), FL.FL4_0)


# -- 1. structure ----------------------------------------------------------------------------------


def test_operator_desc_type_desc_mismatch() -> None:
    desc = OperatorDesc(Type="RESAMPLE2", Desc=resample_grad())
    expect(desc, FL.FL6_4, ValidationError, "DML_OPERATOR_DESC", "Desc",
           "Type is DML_OPERATOR_RESAMPLE2 but Desc is a DML_RESAMPLE_GRAD_OPERATOR_DESC")


def test_operator_desc_null_desc() -> None:
    expect(OperatorDesc(Type="RESAMPLE_GRAD", Desc=None), FL.FL6_4, ValidationError,
           "DML_OPERATOR_DESC", "Desc", "must not be NULL")


def test_required_tensor_null() -> None:
    expect(resample_grad(OutputGradientTensor=None), FL.FL3_0, ValidationError, RG,
           "OutputGradientTensor", "is required and must not be NULL")


def test_optional_tensor_null_is_fine() -> None:
    validate(conv(BiasTensor=None), FL.FL1_0)


def test_tensor_type_not_buffer() -> None:
    bad = pydml.TensorDesc(Type="INVALID", Desc=t([1, 1, 1, 3]).Desc)
    expect(resample_grad(InputGradientTensor=bad), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.Type",
           "must be DML_TENSOR_TYPE_BUFFER, got DML_TENSOR_TYPE_INVALID")


def test_tensor_desc_null() -> None:
    expect(resample_grad(InputGradientTensor=pydml.TensorDesc(Desc=None)), FL.FL3_0,
           ValidationError, RG, "InputGradientTensor.Desc", "must not be NULL")


def test_tensor_field_wrong_type() -> None:
    expect(resample_grad(InputGradientTensor=[1, 1, 1, 3]), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor", "must be a DML_TENSOR_DESC, got 'list'")


@pytest.mark.parametrize("desc, where, field", [
    (resample_grad(InterpolationMode=7), RG, "InterpolationMode"),
    (resample_desc("RESAMPLE2", RoundingDirection=5), "DML_RESAMPLE2_OPERATOR_DESC",
     "RoundingDirection"),
    (conv(Mode=9), CONV, "Mode"),
    (conv(Direction="SIDEWAYS"), CONV, "Direction"),
])
def test_enum_field_invalid_value(desc: Any, where: str, field: str) -> None:
    err = expect(desc, FL.FL6_4, ValidationError, where, field, "is not a valid")
    assert err.value in (7, 5, 9, "SIDEWAYS")


def test_enum_field_names_accepted() -> None:
    d = resample_desc("RESAMPLE2", RoundingDirection="DML_AXIS_DIRECTION_DECREASING",
                      InterpolationMode="LINEAR")
    assert d.RoundingDirection is pydml.AxisDirection.DECREASING
    assert d.InterpolationMode is pydml.InterpolationMode.LINEAR
    validate(d, FL.FL5_1)


@pytest.mark.parametrize("value, text", [(-1, "must be in [0, 4294967295], got -1"),
                                         (2**32, "must be in [0, 4294967295], got 4294967296"),
                                         (1.5, "must be an integer"), (True, "must be an integer")])
def test_uint_out_of_range(value: Any, text: str) -> None:
    expect(conv(GroupCount=value), FL.FL6_4, ValidationError, CONV, "GroupCount", text)


def test_uint_count_out_of_range() -> None:
    expect(resample_grad(DimensionCount=-4), FL.FL6_4, ValidationError, RG, "DimensionCount",
           "must be in [0, 4294967295]")


@pytest.mark.parametrize("field, values, index, text", [
    ("Strides", [1, "2"], 1, "must be an integer"),
    ("Strides", [1, 2**32], 1, "must be in [0, 4294967295]"),
    ("Dilations", [1.0, 1], 0, "must be an integer"),
])
def test_uint_array_element_wrong(field: str, values: list[Any], index: int, text: str) -> None:
    expect(conv(**{field: values}), FL.FL6_4, ValidationError, CONV, f"{field}[{index}]", text)


@pytest.mark.parametrize("value", ["2", None, True])
def test_float_array_element_wrong_type(value: Any) -> None:
    expect(resample_grad(Scales=[1, 1, value, 1.5]), FL.FL6_4, ValidationError, RG, "Scales[2]",
           "must be a number")


def test_float_field_wrong_type() -> None:
    expect(activation("ACTIVATION_ELU", Alpha="x"), FL.FL6_4, ValidationError,
           "DML_ACTIVATION_ELU_OPERATOR_DESC", "Alpha", "must be a number")


# -- 2. feature level ------------------------------------------------------------------------------


@pytest.mark.parametrize("op, level, hint", [
    ("RESAMPLE", FL.FL1_0, None),
    ("RESAMPLE1", FL.FL2_0, "DML_OPERATOR_RESAMPLE"),
    ("RESAMPLE2", FL.FL5_0, "DML_OPERATOR_RESAMPLE1"),
    ("RESAMPLE3", FL.FL6_3, "DML_OPERATOR_RESAMPLE2"),
    ("RESAMPLE3", FL.FL2_0, "DML_OPERATOR_RESAMPLE"),
    ("RESAMPLE_GRAD", FL.FL2_1, None),
    ("RESAMPLE_GRAD1", FL.FL4_0, "DML_OPERATOR_RESAMPLE_GRAD"),
    ("RESAMPLE_GRAD1", FL.FL2_1, None),
])
def test_operator_above_device_level(op: str, level: FeatureLevel, hint: str | None) -> None:
    required = pydml.introduced_at(pydml.OperatorType[op])
    err = expect(resample_desc(op), level, FeatureLevelError, f"DML_OPERATOR_{op}", "",
                 f"needs {required.c_name}; the device was created at {level.c_name}")
    assert isinstance(err, FeatureLevelError) and err.required is required
    if hint is None:
        assert "available" not in str(err)
    else:
        assert str(err).endswith(f" ({hint} is available)")


def test_grad1_message_exact() -> None:
    with pytest.raises(FeatureLevelError) as info:
        pydml.Device("4_0").validate(resample_desc("RESAMPLE_GRAD1"))
    assert str(info.value) == (
        "DML_OPERATOR_RESAMPLE_GRAD1: needs DML_FEATURE_LEVEL_5_1; the device was created at "
        "DML_FEATURE_LEVEL_4_0 (DML_OPERATOR_RESAMPLE_GRAD is available)")


def test_convolution_and_upsample_exist_at_lowest_level() -> None:
    # Introduced at FL1_0, the lowest level: there is no level below to reject them at.
    assert pydml.introduced_at(pydml.OperatorType.CONVOLUTION) is min(FL)
    assert pydml.introduced_at(pydml.OperatorType.UPSAMPLE_2D) is min(FL)
    validate(conv(), FL.FL1_0)
    validate(resample_desc("UPSAMPLE_2D"), FL.FL1_0)


# -- 3. tensor descs -------------------------------------------------------------------------------


def _bad_tensor(field: str = "InputGradientTensor", sizes: list[int] | None = None,
                dtype: Any = "FLOAT32", **fields: Any) -> Any:
    b = pydml.BufferTensorDesc(DataType=dtype, Sizes=[1, 1, 1, 3] if sizes is None else sizes,
                              **fields)
    return resample_grad(**{field: pydml.TensorDesc(Desc=b)})


@pytest.mark.parametrize("dtype, text", [("UNKNOWN", "must be a known data type"),
                                         (99, "is not a valid DML_TENSOR_DATA_TYPE value, got 99")])
def test_data_type_unknown_or_invalid(dtype: Any, text: str) -> None:
    expect(_bad_tensor(dtype=dtype), FL.FL3_0, ValidationError, RG, "InputGradientTensor.DataType",
           text)


def test_sizes_empty() -> None:
    expect(_bad_tensor(sizes=[], dtype="FLOAT32"), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.Sizes", "must not be empty")


def test_dimension_count_differs_from_sizes() -> None:
    expect(_bad_tensor(DimensionCount=5), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.DimensionCount", "must equal the number of Sizes (4), got 5")


def test_more_than_8_dimensions() -> None:
    expect(_bad_tensor(sizes=[1] * 9), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.DimensionCount",
           "must be at most DML_TENSOR_DIMENSION_COUNT_MAX1 (8), got 9")


@pytest.mark.parametrize("sizes, index, text", [([1, 0, 1, 3], 1, "must be > 0, got 0"),
                                                ([1, 1, -2, 3], 2, "must be > 0, got -2"),
                                                ([1, 1, 1, 2**32], 3, "must fit in UINT")])
def test_bad_size(sizes: list[int], index: int, text: str) -> None:
    expect(_bad_tensor(sizes=sizes), FL.FL3_0, ValidationError, RG,
           f"InputGradientTensor.Sizes[{index}]", text)


def test_strides_count_wrong() -> None:
    expect(_bad_tensor(Strides=[3, 3, 1]), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.Strides", "must have DimensionCount (4) values, got 3")


def test_strides_out_of_range() -> None:
    expect(_bad_tensor(Strides=[3, 3, 3, -1]), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.Strides[3]", "must fit in UINT")


def test_too_many_elements() -> None:
    expect(_bad_tensor(sizes=[1, 2, 2**16, 2**15]), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.Sizes", "must describe at most 2^32-1 elements, got 4294967296")


def test_last_element_index_past_limit() -> None:
    expect(_bad_tensor(sizes=[1, 1, 2, 2], Strides=[0, 0, 2**32 - 1, 1]), FL.FL3_0,
           ValidationError, RG, "InputGradientTensor.Strides",
           "put the last element past index 2^32-2, got 4294967296")
    # Exactly 2^32-2 is fine for the tensor rule (rejected later only by the resample rules? no:
    # this tensor is fine, so the desc validates).
    validate(_bad_tensor(sizes=[1, 1, 1, 3], Strides=[0, 0, 0, (2**32 - 2) // 2]), FL.FL3_0)


def test_total_size_too_small() -> None:
    err = expect(_bad_tensor(TotalTensorSizeInBytes=8), FL.FL3_0, ValidationError, RG,
                 "InputGradientTensor.TotalTensorSizeInBytes",
                 "must be at least the 12 bytes the sizes and strides need, got 8")
    assert str(err) == ("DML_RESAMPLE_GRAD_OPERATOR_DESC.InputGradientTensor."
                        "TotalTensorSizeInBytes:"
                        " must be at least the 12 bytes the sizes and strides need, got 8")


def test_total_size_not_multiple_of_4() -> None:
    expect(_bad_tensor(TotalTensorSizeInBytes=14), FL.FL3_0, ValidationError, RG,
           "InputGradientTensor.TotalTensorSizeInBytes", "must be a multiple of 4, got 14")
    validate(_bad_tensor(TotalTensorSizeInBytes=16), FL.FL3_0)  # larger is allowed


@pytest.mark.parametrize("dtype, align", [("FLOAT32", 12), ("FLOAT32", 2), ("FLOAT16", 1),
                                          ("FLOAT32", 3)])
def test_alignment_bad(dtype: str, align: int) -> None:
    desc = resample_grad(InputGradientTensor=t([1, 1, 1, 3], dtype,
                                               GuaranteedBaseOffsetAlignment=align),
                         OutputGradientTensor=t([1, 1, 2, 2], dtype))
    expect(desc, FL.FL3_0, ValidationError, RG, "InputGradientTensor.GuaranteedBaseOffsetAlignment",
           "must be 0 or a power of two >= the element size")


@pytest.mark.parametrize("align", [0, 4, 16, 256])
def test_alignment_good(align: int) -> None:
    validate(_bad_tensor(GuaranteedBaseOffsetAlignment=align), FL.FL3_0)


@pytest.mark.parametrize("flags", [2, 3, 0x80])
def test_flags_unknown_bits(flags: int) -> None:
    expect(_bad_tensor(Flags=flags), FL.FL3_0, ValidationError, RG, "InputGradientTensor.Flags",
           "has unknown bits")


def test_flags_junk() -> None:
    expect(_bad_tensor(Flags="SHINY"), FL.FL3_0, ValidationError, RG, "InputGradientTensor.Flags",
           "has unknown bits")


def test_owned_by_dml_on_output_rejected_on_input_allowed() -> None:
    expect(_bad_tensor("OutputGradientTensor", sizes=[1, 1, 2, 2], Flags="OWNED_BY_DML"),
           FL.FL3_0, ValidationError, RG, "OutputGradientTensor.Flags",
           "DML_TENSOR_FLAG_OWNED_BY_DML is only valid on input tensors")
    validate(_bad_tensor(Flags="OWNED_BY_DML"), FL.FL3_0)
    validate(conv(FilterTensor=t([1, 1, 2, 2], Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML)), FL.FL1_0)


# -- 4. data types ---------------------------------------------------------------------------------


def test_data_types_must_match() -> None:
    expect(resample_grad(OutputGradientTensor=t([1, 1, 2, 2], "FLOAT16")), FL.FL3_0,
           ValidationError, RG, "OutputGradientTensor.DataType",
           "must match InputGradientTensor.DataType DML_TENSOR_DATA_TYPE_FLOAT32, got "
           "DML_TENSOR_DATA_TYPE_FLOAT16")
    expect(conv(BiasTensor=t([1, 1, 1, 1], "FLOAT16")), FL.FL1_0, ValidationError, CONV,
           "BiasTensor.DataType", "must match InputTensor.DataType")


def test_data_type_needs_higher_level() -> None:
    desc = resample_desc("RESAMPLE2", dtype="INT8")
    err = expect(desc, FL.FL5_1, FeatureLevelError, "DML_RESAMPLE2_OPERATOR_DESC",
                 "InputTensor.DataType",
                 "DML_TENSOR_DATA_TYPE_INT8 needs DML_FEATURE_LEVEL_6_2; the device was created "
                 "at DML_FEATURE_LEVEL_5_1")
    assert isinstance(err, FeatureLevelError) and err.required is FL.FL6_2
    validate(desc, FL.FL6_2)
    validate(resample_desc("RESAMPLE", dtype="UINT8"), FL.FL6_2)
    expect(resample_desc("RESAMPLE", dtype="UINT8"), FL.FL6_1, FeatureLevelError,
           "DML_RESAMPLE_OPERATOR_DESC", "InputTensor.DataType", "needs DML_FEATURE_LEVEL_6_2")


@pytest.mark.parametrize("dtype", ["FLOAT64", "INT32", "UINT4"])
def test_data_type_never_allowed(dtype: str) -> None:
    expect(resample_desc("RESAMPLE2", dtype=dtype), FL.FL6_4, ValidationError,
           "DML_RESAMPLE2_OPERATOR_DESC", "InputTensor.DataType",
           "must be one of FLOAT32, FLOAT16, UINT8, INT8")
    expect(resample_desc("RESAMPLE2", dtype=dtype), FL.FL5_1, ValidationError,
           "DML_RESAMPLE2_OPERATOR_DESC", "InputTensor.DataType",
           "must be one of FLOAT32, FLOAT16,")
    expect(resample_grad(InputGradientTensor=t([1, 1, 1, 3], "INT8"),
                         OutputGradientTensor=t([1, 1, 2, 2], "INT8")), FL.FL6_4, ValidationError,
           RG, "InputGradientTensor.DataType", "must be one of FLOAT32, FLOAT16, got")


# -- 5. dimension counts ---------------------------------------------------------------------------


def test_dimension_counts_must_match() -> None:
    expect(resample_grad(OutputGradientTensor=t([1, 2, 2])), FL.FL5_1, ValidationError, RG,
           "OutputGradientTensor.DimensionCount",
           "must match InputGradientTensor.DimensionCount 4, "
           "got 3")


def test_dimension_count_needs_higher_level() -> None:
    desc = resample_desc("RESAMPLE_GRAD", rank=3)
    err = expect(desc, FL.FL3_0, FeatureLevelError, RG, "InputGradientTensor.DimensionCount",
                 "3 dimensions need DML_FEATURE_LEVEL_5_1; the device was created at "
                 "DML_FEATURE_LEVEL_3_0")
    assert isinstance(err, FeatureLevelError) and err.required is FL.FL5_1
    validate(desc, FL.FL5_1)
    err = expect(conv(3), FL.FL3_1, FeatureLevelError, CONV, "InputTensor.DimensionCount",
                 "3 dimensions need DML_FEATURE_LEVEL_4_0")
    assert isinstance(err, FeatureLevelError) and err.required is FL.FL4_0


def test_dimension_count_never_allowed() -> None:
    for level in (FL.FL3_0, FL.FL5_1, FL.FL6_4):
        expect(conv(6), level, ValidationError, CONV, "InputTensor.DimensionCount",
               "must be ", )
    expect(conv(6), FL.FL4_0, ValidationError, CONV, "InputTensor.DimensionCount",
           "must be 3 to 5, got 6")
    expect(conv(6), FL.FL1_0, ValidationError, CONV, "InputTensor.DimensionCount",
           "must be 4 to 5, got 6")
    expect(resample_desc("RESAMPLE2", rank=5), FL.FL6_4, ValidationError,
           "DML_RESAMPLE2_OPERATOR_DESC", "InputTensor.DimensionCount", "must be 1 to 4, got 5")
    expect(resample_desc("RESAMPLE1", rank=3), FL.FL5_0, FeatureLevelError,
           "DML_RESAMPLE1_OPERATOR_DESC", "InputTensor.DimensionCount",
           "3 dimensions need DML_FEATURE_LEVEL_5_1")
    expect(resample_desc("RESAMPLE1", rank=5), FL.FL6_4, ValidationError,
           "DML_RESAMPLE1_OPERATOR_DESC", "InputTensor.DimensionCount", "must be 1 to 4, got 5")


# -- 6. array counts -------------------------------------------------------------------------------


def test_array_lengths_disagree() -> None:
    err = expect(resample_grad(InputPixelOffsets=[0.5] * 3), FL.FL3_0, ValidationError, RG,
                 "InputPixelOffsets", "has 3 values, but DimensionCount is 4")
    assert "(Scales has 4, InputPixelOffsets has 3, OutputPixelOffsets has 4)" in str(err)
    err = expect(resample_grad(DimensionCount=4, OutputPixelOffsets=[0.0] * 5), FL.FL3_0,
                 ValidationError, RG, "OutputPixelOffsets", "has 5 values, but DimensionCount is 4")
    assert "Scales has 4, InputPixelOffsets has 4, OutputPixelOffsets has 5" in str(err)


def test_explicit_dimension_count_disagrees_with_all_arrays() -> None:
    err = expect(resample_grad(DimensionCount=3), FL.FL3_0, ValidationError, RG, "DimensionCount",
                 "must equal the length of its arrays (Scales has 4, InputPixelOffsets has 4, "
                 "OutputPixelOffsets has 4), got 3")
    assert err.value == 3
    expect(conv(DimensionCount=3), FL.FL1_0, ValidationError, CONV, "DimensionCount",
           "Strides has 2, Dilations has 2, StartPadding has 2, EndPadding has 2, "
           "OutputPadding has 2")


def test_explicit_dimension_count_matching_is_fine() -> None:
    validate(resample_grad(DimensionCount=4), FL.FL3_0)
    validate(resample_desc("RESAMPLE", ScaleCount=4), FL.FL2_0)


# -- 7. operator rules: resample -------------------------------------------------------------------


def test_resample_count_vs_rank() -> None:
    desc = resample_grad(Scales=[1, 0.5, 1.5], InputPixelOffsets=[0.5] * 3,
                         OutputPixelOffsets=[0.0] * 3)
    expect(desc, FL.FL3_0, ValidationError, RG, "DimensionCount",
           "must equal InputGradientTensor.DimensionCount (4), got 3")
    expect(resample_desc("RESAMPLE", Scales=[1, 2]), FL.FL2_0, ValidationError,
           "DML_RESAMPLE_OPERATOR_DESC", "ScaleCount", "must equal InputTensor.DimensionCount (4), "
           "got 2")


@pytest.mark.parametrize("value", [0.0, -2.0, math.nan, math.inf, -math.inf])
def test_scales_bad(value: float) -> None:
    # NaN is refused for every FLOAT attribute before the operator's own rules run.
    rule = "must not be NaN, got " if math.isnan(value) else "must be > 0 and finite, got "
    err = expect(resample_grad(Scales=[1, value, 0.5, 1.5]), FL.FL3_0, ValidationError, RG,
                 "Scales[1]", rule)
    assert str(err).endswith(repr(float(value)))


@pytest.mark.parametrize("field", ["InputPixelOffsets", "OutputPixelOffsets"])
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_offsets_not_finite(field: str, value: float) -> None:
    desc = resample_grad(**{field: [0.5, 0.5, value, 0.5]})
    expect(desc, FL.FL3_0, ValidationError, RG, f"{field}[2]",
           "must not be NaN" if math.isnan(value) else "must be finite")


def test_mapped_coordinate_out_of_range() -> None:
    expect(resample_grad(Scales=[1, 1, 0.5, 1e-12]), FL.FL3_0, ValidationError, RG, "Scales[3]",
           # the FLOAT field holds float32(1e-12), so the coordinate is not 1999999999999.5
           "maps output index 2 to input coordinate 2000000007991.1057, outside +-2^31, got 1e-12")
    desc = resample_grad(InputPixelOffsets=[0.5, 0.5, 0.5, 3e9])
    expect(desc, FL.FL3_0, ValidationError, RG, "InputPixelOffsets[3]", "outside +-2^31, got 3000000000.0")
    # 2^30 is fine.
    validate(resample_grad(InputPixelOffsets=[0.5, 0.5, 0.5, 2.0**30]), FL.FL3_0)


def test_upsample_scale_size_bad() -> None:
    up = "DML_UPSAMPLE_2D_OPERATOR_DESC"
    expect(resample_desc("UPSAMPLE_2D", ScaleSize=pydml.DML_SIZE_2D(Width=2, Height=0)), FL.FL1_0,
           ValidationError, up, "ScaleSize.Height", "must be in 1 .. UINT_MAX / input height")
    expect(resample_desc("UPSAMPLE_2D", ScaleSize=pydml.DML_SIZE_2D(Width=2**31, Height=1)),
           FL.FL1_0, ValidationError, up, "ScaleSize.Width",
           "must be in 1 .. UINT_MAX / input width (2147483647), got 2147483648")


def test_upsample_output_sizes_wrong() -> None:
    expect(resample_desc("UPSAMPLE_2D", OutputTensor=t([1, 1, 4, 4])), FL.FL1_0, ValidationError,
           "DML_UPSAMPLE_2D_OPERATOR_DESC", "OutputTensor.Sizes",
           "must be [1, 1, 4, 6] (input sizes with H and W scaled), got [1, 1, 4, 4]")


@pytest.mark.parametrize("value", [(2, 2), 2, None])
def test_upsample_scale_size_wrong_type(value: Any) -> None:
    desc = resample_desc("UPSAMPLE_2D", ScaleSize=value)
    with pytest.raises(ValidationError) as info:
        validate(desc, FL.FL1_0)
    assert info.value.field.startswith("ScaleSize")
    assert "DML_SIZE_2D" in str(info.value) or "must not be None" in str(info.value)


# -- 7. operator rules: convolution ----------------------------------------------------------------


def test_conv_dimension_count_vs_rank() -> None:
    desc = conv(Strides=[1], Dilations=[1], StartPadding=[0], EndPadding=[0], OutputPadding=[0])
    expect(desc, FL.FL4_0, ValidationError, CONV, "DimensionCount",
           "must equal InputTensor.DimensionCount - 2 (2), got 1")


@pytest.mark.parametrize("field", ["Strides", "Dilations"])
def test_conv_strides_dilations_zero(field: str) -> None:
    expect(conv(**{field: [1, 0]}), FL.FL1_0, ValidationError, CONV, f"{field}[1]",
           "must be >= 1, got 0")


def test_conv_group_count_zero() -> None:
    expect(conv(GroupCount=0), FL.FL1_0, ValidationError, CONV, "GroupCount", "must be >= 1, got 0")


def test_conv_channels_not_divisible_by_groups() -> None:
    # 4 output channels, 3 groups.
    expect(conv(InputTensor=t([1, 3, 3, 3]), FilterTensor=t([4, 1, 2, 2]),
                OutputTensor=t([1, 4, 2, 2]), GroupCount=3), FL.FL1_0, ValidationError, CONV,
           "FilterTensor.Sizes[0]", "(output channels) must be a multiple of GroupCount (3)")
    # 3 input channels, 2 groups.
    expect(conv(InputTensor=t([1, 3, 3, 3]), FilterTensor=t([4, 1, 2, 2]),
                OutputTensor=t([1, 4, 2, 2]), GroupCount=2), FL.FL1_0, ValidationError, CONV,
           "InputTensor.Sizes[1]", "(channels) must be a multiple of GroupCount (2), got 3")
    # BACKWARD: 3 input channels, 2 groups.
    expect(conv(InputTensor=t([1, 3, 3, 3]), FilterTensor=t([3, 1, 2, 2]),
                OutputTensor=t([1, 2, 4, 4]), GroupCount=2, Direction="BACKWARD"), FL.FL1_0,
           ValidationError, CONV, "InputTensor.Sizes[1]",
           "(channels) must be a multiple of GroupCount (2)")


def test_conv_filter_channel_mismatch() -> None:
    expect(conv(FilterTensor=t([1, 2, 2, 2])), FL.FL1_0, ValidationError, CONV,
           "FilterTensor.Sizes[1]", "must equal InputTensor.Sizes[1] / GroupCount (1 / 1), got 2")
    expect(conv(FilterTensor=t([2, 1, 2, 2]), Direction="BACKWARD",
                OutputTensor=t([1, 1, 4, 4])), FL.FL1_0, ValidationError, CONV,
           "FilterTensor.Sizes[0]", "must equal InputTensor.Sizes[1] (1) for BACKWARD, got 2")


def test_conv_batch_mismatch() -> None:
    expect(conv(OutputTensor=t([2, 1, 2, 2])), FL.FL1_0, ValidationError, CONV,
           "OutputTensor.Sizes[0]", "must equal the batch size 1, got 2")


def test_conv_output_channel_mismatch() -> None:
    expect(conv(OutputTensor=t([1, 3, 2, 2])), FL.FL1_0, ValidationError, CONV,
           "OutputTensor.Sizes[1]", "must equal the output channel count 1, got 3")
    expect(conv(InputTensor=t([1, 2, 3, 3]), FilterTensor=t([2, 3, 2, 2]),
                OutputTensor=t([1, 3, 4, 4]), Direction="BACKWARD", GroupCount=2), FL.FL1_0,
           ValidationError, CONV, "OutputTensor.Sizes[1]", "must equal the output channel count 6")


def test_conv_output_spatial_size_wrong() -> None:
    expect(conv(OutputTensor=t([1, 1, 2, 3])), FL.FL1_0, ValidationError, CONV,
           "OutputTensor.Sizes[3]", "must be 2 for DML_CONVOLUTION_DIRECTION_FORWARD, got 3")
    # FORWARD: 1 + (7 + 1 + 1 - ((3 - 1) * 2 + 1)) // 2 = 3.
    validate(conv(InputTensor=t([1, 1, 7, 7]), FilterTensor=t([1, 1, 3, 3]),
                  OutputTensor=t([1, 1, 3, 3]), Strides=[2, 2], Dilations=[2, 2],
                  StartPadding=[1, 1], EndPadding=[1, 1]), FL.FL1_0)
    # BACKWARD: (3 - 1) * 2 + 3 + 1 - 1 - 0 = 7.
    expect(conv(InputTensor=t([1, 1, 3, 3]), FilterTensor=t([1, 1, 3, 3]),
                OutputTensor=t([1, 1, 7, 6]), Strides=[2, 2], StartPadding=[1, 1],
                OutputPadding=[1, 1], Direction="BACKWARD"), FL.FL1_0, ValidationError, CONV,
           "OutputTensor.Sizes[3]", "must be 7 for DML_CONVOLUTION_DIRECTION_BACKWARD, got 6")
    validate(conv(InputTensor=t([1, 1, 3, 3]), FilterTensor=t([1, 1, 3, 3]),
                  OutputTensor=t([1, 1, 7, 7]), Strides=[2, 2], StartPadding=[1, 1],
                  OutputPadding=[1, 1], Direction="BACKWARD"), FL.FL1_0)


def test_conv_kernel_larger_than_padded_input() -> None:
    expect(conv(FilterTensor=t([1, 1, 4, 2]), OutputTensor=t([1, 1, 1, 2])), FL.FL1_0,
           ValidationError, CONV, "FilterTensor.Sizes[2]",
           "dilated kernel extent 4 exceeds the padded input size 3, got 4")
    expect(conv(Dilations=[1, 3]), FL.FL1_0, ValidationError, CONV, "FilterTensor.Sizes[3]",
           "dilated kernel extent 4 exceeds the padded input size 3")
    validate(conv(FilterTensor=t([1, 1, 4, 2]), OutputTensor=t([1, 1, 1, 2]), EndPadding=[1, 0]),
             FL.FL1_0)


def test_conv_output_padding_too_large() -> None:
    expect(conv(OutputPadding=[0, 1], OutputTensor=t([1, 1, 2, 3])), FL.FL1_0, ValidationError,
           CONV, "OutputPadding[1]",
           "must be smaller than Strides[1] (1) or Dilations[1] (1), got 1")
    validate(conv(OutputPadding=[0, 1], OutputTensor=t([1, 1, 2, 4]), Dilations=[1, 2],
                  FilterTensor=t([1, 1, 2, 1])), FL.FL1_0)


@pytest.mark.parametrize("sizes", [[1, 2, 1, 1], [1, 1, 2, 1], [1, 1, 1, 1, 1]])
def test_conv_bias_shape_wrong(sizes: list[int]) -> None:
    with pytest.raises(ValidationError) as info:
        validate(conv(BiasTensor=t(sizes)), FL.FL1_0)
    assert info.value.field in ("BiasTensor.Sizes", "BiasTensor.DimensionCount")
    if len(sizes) == 4:
        assert str(info.value).endswith(f"must be [1, 1, 1, 1], got {sizes}")


# -- fused activation ------------------------------------------------------------------------------


def test_fused_activation_with_tensors_rejected() -> None:
    act = fused("ACTIVATION_RELU", InputTensor=t([1, 1, 2, 2]))
    err = expect(conv(FusedActivation=act), FL.FL1_0, ValidationError,
                 f"{CONV}.FusedActivation", "InputTensor", "must be NULL in a fused activation")
    assert str(err) == ("DML_CONVOLUTION_OPERATOR_DESC.FusedActivation.InputTensor: must be NULL "
                        "in a fused activation")
    act = OperatorDesc(Type="ACTIVATION_RELU", Desc=fused("ACTIVATION_RELU",
                                                          OutputTensor=t([1, 1, 2, 2])))
    expect(conv(FusedActivation=act), FL.FL1_0, ValidationError, f"{CONV}.FusedActivation",
           "OutputTensor", "must be NULL in a fused activation")


def test_fused_activation_not_fusable() -> None:
    expect(conv(FusedActivation=resample_grad()), FL.FL6_4, ValidationError, CONV,
           "FusedActivation.Type", "is not an activation that can be fused, got "
           "DML_OPERATOR_RESAMPLE_GRAD")
    expect(conv(FusedActivation=42), FL.FL6_4, ValidationError, CONV, "FusedActivation",
           "must be a DML_OPERATOR_DESC, got 'int'")


def test_fused_clip_needs_6_0() -> None:
    clip = fused("ELEMENT_WISE_CLIP", Min=0.0, Max=6.0)
    err = expect(conv(FusedActivation=clip), FL.FL5_1, FeatureLevelError, CONV,
                 "FusedActivation.Type", "fusing DML_OPERATOR_ELEMENT_WISE_CLIP needs "
                 "DML_FEATURE_LEVEL_6_0; the device was created at DML_FEATURE_LEVEL_5_1")
    assert isinstance(err, FeatureLevelError) and err.required is FL.FL6_0
    validate(conv(FusedActivation=clip), FL.FL6_0)
    validate(activation("ELEMENT_WISE_CLIP", Min=0.0, Max=6.0), FL.FL1_0)  # standalone from 1_0


def test_fused_activation_newer_than_device() -> None:
    with pytest.raises(FeatureLevelError) as info:
        validate(conv(FusedActivation=fused("ACTIVATION_GELU")), FL.FL5_0)
    assert "needs DML_FEATURE_LEVEL_5_1" in str(info.value)
    validate(conv(FusedActivation=fused("ACTIVATION_GELU")), FL.FL5_1)


def test_standalone_activation_needs_tensors() -> None:
    expect(fused("ACTIVATION_RELU"), FL.FL1_0, ValidationError, "DML_ACTIVATION_RELU_OPERATOR_DESC",
           "InputTensor", "is required and must not be NULL")


# -- fixed order -----------------------------------------------------------------------------------


def test_same_message_every_time_and_earliest_rule_wins() -> None:
    # Two problems: an invalid enum (structure, step 1) and a bad scale (operator rule, step 7).
    desc = resample_grad(InterpolationMode=7, Scales=[1, -1, 0.5, 1.5])
    messages = set()
    for _ in range(3):
        with pytest.raises(ValidationError) as info:
            validate(desc, FL.FL3_0)
        messages.add(str(info.value))
    assert messages == {"DML_RESAMPLE_GRAD_OPERATOR_DESC.InterpolationMode: is not a valid "
                        "DML_INTERPOLATION_MODE value, got 7"}
    # Operator level (step 2) before a tensor problem (step 3).
    expect(resample_desc("RESAMPLE_GRAD1", OutputGradientTensor=t([1, 0, 1, 2])), FL.FL4_0,
           FeatureLevelError, "DML_OPERATOR_RESAMPLE_GRAD1", "", "needs DML_FEATURE_LEVEL_5_1")
    # A tensor problem (step 3) before a data-type mismatch (step 4).
    expect(resample_grad(InputGradientTensor=t([1, 1, 1, 3], "FLOAT16", TotalTensorSizeInBytes=2)),
           FL.FL3_0, ValidationError, RG, "InputGradientTensor.TotalTensorSizeInBytes",
           "must be at least")
    # Data type (step 4) before dimension count (step 5).
    expect(resample_grad(OutputGradientTensor=t([1, 4], "FLOAT16")), FL.FL3_0, ValidationError, RG,
           "OutputGradientTensor.DataType", "must match")
    # Array counts (step 6) before the resample rules (step 7).
    expect(resample_grad(Scales=[1, -1, 0.5], DimensionCount=4), FL.FL3_0, ValidationError, RG,
           "Scales", "has 3 values")
    # Earlier fields before later fields within a step.
    expect(resample_grad(Scales=[1, -1, -1, 1.5]), FL.FL3_0, ValidationError, RG, "Scales[1]", "")


# -- property test ---------------------------------------------------------------------------------

_REVISIONS = ["RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3", "RESAMPLE_GRAD", "RESAMPLE_GRAD1"]


@st.composite
def valid_resample(draw: st.DrawFn) -> tuple[str, Any]:
    op = draw(st.sampled_from(_REVISIONS))
    rank = 4 if op == "RESAMPLE1" else draw(st.integers(1, 4))
    sizes_in = draw(st.lists(st.integers(1, 6), min_size=rank, max_size=rank))
    sizes_out = draw(st.lists(st.integers(1, 6), min_size=rank, max_size=rank))
    scales = draw(st.lists(st.floats(0.1, 10.0), min_size=rank, max_size=rank))
    offsets = st.lists(st.floats(-2.0, 2.0), min_size=rank, max_size=rank)
    dtype = draw(st.sampled_from(["FLOAT32", "FLOAT16"]))
    mode = draw(st.sampled_from(list(pydml.InterpolationMode)))
    kw: dict[str, Any] = dict(InterpolationMode=mode, Scales=scales)
    if op != "RESAMPLE":
        kw.update(InputPixelOffsets=draw(offsets), OutputPixelOffsets=draw(offsets))
    if op in ("RESAMPLE2", "RESAMPLE3", "RESAMPLE_GRAD1"):
        kw["RoundingDirection"] = draw(st.sampled_from(list(pydml.AxisDirection)))
    if op == "RESAMPLE3":
        kw["Antialiased"] = draw(st.booleans())
    if op.startswith("RESAMPLE_GRAD"):
        kw.update(InputGradientTensor=t(sizes_out, dtype), OutputGradientTensor=t(sizes_in, dtype))
    else:
        kw.update(InputTensor=t(sizes_in, dtype), OutputTensor=t(sizes_out, dtype))
    return op, getattr(pydml, f"DML_{op}_OPERATOR_DESC")(**kw)


def _corruptions(op: str, desc: Any) -> list[tuple[dict[str, Any], str]]:
    first = "InputGradientTensor" if op.startswith("RESAMPLE_GRAD") else "InputTensor"
    second = "OutputGradientTensor" if op.startswith("RESAMPLE_GRAD") else "OutputTensor"
    rank = len(desc.Scales)
    b = getattr(desc, first).Desc
    count = "ScaleCount" if op == "RESAMPLE" else "DimensionCount"
    out: list[tuple[dict[str, Any], str]] = [
        ({"Scales": (*desc.Scales[:-1], -1.0)}, f"Scales[{rank - 1}]"),
        ({"Scales": (math.nan, *desc.Scales[1:])}, "Scales[0]"),
        ({"InterpolationMode": 7}, "InterpolationMode"),
        ({count: rank + 1}, count),
        ({first: t(list(b.Sizes), "FLOAT64"), second: t(list(getattr(desc, second).Desc.Sizes),
                                                       "FLOAT64")}, f"{first}.DataType"),
        ({second: t(list(getattr(desc, second).Desc.Sizes), "INT32")}, f"{second}.DataType"),
        ({first: t(list(b.Sizes), b.DataType, TotalTensorSizeInBytes=1)},
         f"{first}.TotalTensorSizeInBytes"),
        ({first: t([*b.Sizes[:-1], 0], b.DataType)}, f"{first}.Sizes[{rank - 1}]"),
        ({second: None}, second),
    ]
    if op != "RESAMPLE":
        out.append(({"InputPixelOffsets": (*desc.InputPixelOffsets[:-1], math.inf)},
                    f"InputPixelOffsets[{rank - 1}]"))
        out.append(({"OutputPixelOffsets": desc.OutputPixelOffsets[:-1] or (1.0, 1.0)},
                    "OutputPixelOffsets"))
    if hasattr(desc, "RoundingDirection"):
        out.append(({"RoundingDirection": 2}, "RoundingDirection"))
    return out


@settings(derandomize=True, max_examples=60, deadline=None)
@given(valid_resample(), st.data())
def test_property_random_resample_descs(case: tuple[str, Any], data: st.DataObject) -> None:
    op, desc = case
    validate(desc, FL.FL6_4)
    introduced = pydml.introduced_at(pydml.OperatorType[op])
    # RESAMPLE and RESAMPLE_GRAD take ranks other than 4 from FL5_1 on.
    validate(desc, max(introduced, FL.FL5_1) if len(desc.Scales) != 4 else introduced)
    changes, field = data.draw(st.sampled_from(_corruptions(op, desc)))
    bad = dataclasses.replace(desc, **changes)
    with pytest.raises(ValidationError) as info:
        validate(bad, FL.FL6_4)
    assert info.value.field == field, str(info.value)
    assert type(info.value) is ValidationError


def test_minimal_desc_for_every_schema() -> None:
    for schema in all_schemas():
        if schema.family != "resample" and schema.type.name != "CONVOLUTION":
            continue  # tests/test_support_tables.py builds descs for every operator
        validate(minimal_desc(schema.type.name), FL.FL6_4)


def test_numpy_scalars_accepted() -> None:
    np = pytest.importorskip("numpy")
    validate(resample_grad(Scales=np.array([1, 1, 0.5, 1.5], np.float32)), FL.FL3_0)
    validate(conv(GroupCount=np.int64(1), Strides=np.array([1, 1])), FL.FL1_0)
    expect(conv(GroupCount=np.int64(-1)), FL.FL1_0, ValidationError, CONV, "GroupCount",
           "must be in [0, 4294967295], got -1")


def test_array_field_not_an_array() -> None:
    expect(resample_grad(Scales=3.0), FL.FL3_0, ValidationError, RG, "Scales", "must be an array")
    expect(conv(Strides=5), FL.FL1_0, ValidationError, CONV, "Strides", "must be an array, got 'int'")


def test_scale_bias_wrong_type() -> None:
    clip = activation("ELEMENT_WISE_CLIP", ScaleBias=(1.0, 0.0), Min=0.0, Max=6.0)
    expect(clip, FL.FL1_0, ValidationError, "DML_ELEMENT_WISE_CLIP_OPERATOR_DESC", "ScaleBias",
           "must be a DML_SCALE_BIAS")
    clip = activation("ELEMENT_WISE_CLIP", ScaleBias=pydml.DML_SCALE_BIAS(Scale="2"), Min=0.0, Max=6.0)
    expect(clip, FL.FL1_0, ValidationError, "DML_ELEMENT_WISE_CLIP_OPERATOR_DESC",
           "ScaleBias.Scale", "must be a number")
    validate(activation("ELEMENT_WISE_CLIP", ScaleBias=pydml.DML_SCALE_BIAS(Scale=2.0), Min=0.0, Max=6.0), FL.FL1_0)


@pytest.mark.parametrize("value", [1e39, -1e39, 10**400])
def test_float_must_fit_float32(value: float) -> None:
    # C FLOAT is 32-bit: 1e39 would become inf in the struct after passing validation.
    expect(resample_grad(Scales=[1, 1, value, 1.5]), FL.FL3_0, ValidationError, RG, "Scales[2]",
           "must fit in a 32-bit FLOAT")
    expect(activation("ACTIVATION_ELU", Alpha=value), FL.FL3_0, ValidationError,
           "DML_ACTIVATION_ELU_OPERATOR_DESC", "Alpha", "must fit in a 32-bit FLOAT")


def test_float_infinity_allowed_where_rules_allow() -> None:
    validate(activation("ELEMENT_WISE_CLIP", Min=-math.inf, Max=math.inf), FL.FL1_0)
    validate(resample_grad(Scales=[1, 1, 0.5, 3.4e38]), FL.FL3_0)  # largest-ish float32 is fine


def test_operator_desc_desc_not_a_desc() -> None:
    expect(OperatorDesc(Type="RESAMPLE", Desc=5), FL.FL6_4, ValidationError, "DML_OPERATOR_DESC",
           "Desc", "must be a DML_RESAMPLE_OPERATOR_DESC, got 'int'")
    act = OperatorDesc(Type="ACTIVATION_RELU", Desc=object())
    expect(conv(FusedActivation=act), FL.FL6_4, ValidationError, CONV, "FusedActivation.Desc",
           "must be a DML_ACTIVATION_RELU_OPERATOR_DESC")


def test_readme_error_examples_are_exact() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = readme.split("## Errors", 1)[1].split("```", 2)[1]
    documented = [line for line in block.splitlines() if line.strip()]
    descs = [
        (resample_grad(Scales=[1, -2, 0.5, 1.5]), FL.FL3_0),
        (resample_grad(InputPixelOffsets=[0.5] * 3), FL.FL3_0),
        (resample_desc("RESAMPLE_GRAD1"), FL.FL4_0),
        (resample_grad(InputGradientTensor=t([1, 1, 1, 3], TotalTensorSizeInBytes=8)), FL.FL3_0),
    ]
    produced = []
    for desc, level in descs:
        with pytest.raises(ValidationError) as info:
            validate(desc, level)
        produced.append(str(info.value))
    assert produced == documented
