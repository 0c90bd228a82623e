"""to_c builds directml.h memory equal to the dataclass fields; from_c reads it back (bounded)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from test_validation import conv, fused, resample_desc, t

import pydml
from pydml import OperatorDesc, ValidationError, from_c, to_c
from pydml.marshal import MAX_ARRAY_LENGTH
from pydml.native import ffi

RESAMPLES = ["UPSAMPLE_2D", "RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3", "RESAMPLE_GRAD",
             "RESAMPLE_GRAD1"]


def read_tensor(ptr: Any) -> dict[str, Any]:
    assert ptr != ffi.NULL
    assert ptr.Type == pydml.DML_TENSOR_TYPE_BUFFER
    b = ffi.cast("DML_BUFFER_TENSOR_DESC*", ptr.Desc)
    n = b.DimensionCount
    return {"DataType": b.DataType, "Flags": b.Flags, "DimensionCount": n,
            "Sizes": [b.Sizes[i] for i in range(n)],
            "Strides": None if b.Strides == ffi.NULL else [b.Strides[i] for i in range(n)],
            "TotalTensorSizeInBytes": b.TotalTensorSizeInBytes,
            "GuaranteedBaseOffsetAlignment": b.GuaranteedBaseOffsetAlignment}


@pytest.mark.parametrize("op", RESAMPLES)
def test_to_c_resample_bytes(op: str) -> None:
    desc = resample_desc(op, InterpolationMode="LINEAR")
    cd = to_c(desc)
    assert cd.ptr.Type == int(pydml.OperatorType[op])
    assert cd.address == int(ffi.cast("uintptr_t", cd.ptr))
    inner = ffi.cast(f"DML_{op}_OPERATOR_DESC*", cd.ptr.Desc)
    assert inner.InterpolationMode == pydml.DML_INTERPOLATION_MODE_LINEAR
    first, second = (("InputGradientTensor", "OutputGradientTensor") if "GRAD" in op
                     else ("InputTensor", "OutputTensor"))
    for field in (first, second):
        got = read_tensor(getattr(inner, field))
        b = getattr(desc, field).Desc
        assert got["Sizes"] == list(b.Sizes)
        assert got["DimensionCount"] == len(b.Sizes)
        assert got["Strides"] is None
        assert got["DataType"] == pydml.DML_TENSOR_DATA_TYPE_FLOAT32
        assert got["TotalTensorSizeInBytes"] == 4 * math.prod(b.Sizes)
    if op == "UPSAMPLE_2D":
        assert (inner.ScaleSize.Width, inner.ScaleSize.Height) == (3, 2)
        return
    count = inner.ScaleCount if op == "RESAMPLE" else inner.DimensionCount
    assert count == 4
    assert [inner.Scales[i] for i in range(count)] == [1.0, 1.0, 1.0, 2.0]
    if op != "RESAMPLE":
        assert [inner.InputPixelOffsets[i] for i in range(4)] == [0.5] * 4
        assert [inner.OutputPixelOffsets[i] for i in range(4)] == [-0.5] * 4
    if op == "RESAMPLE3":
        assert inner.Antialiased == 0


def test_to_c_tensor_fields_explicit() -> None:
    b = t([1, 1, 2, 3], strides=[6, 6, 3, 1], TotalTensorSizeInBytes=32,
          GuaranteedBaseOffsetAlignment=16, Flags="OWNED_BY_DML")
    desc = resample_desc("RESAMPLE2", InputTensor=t([1, 1, 2, 3], "FLOAT16"),
                         OutputTensor=b, RoundingDirection="DECREASING")
    cd = to_c(desc)
    inner = ffi.cast("DML_RESAMPLE2_OPERATOR_DESC*", cd.ptr.Desc)
    assert inner.RoundingDirection == 1
    assert read_tensor(inner.OutputTensor) == {
        "DataType": 1, "Flags": 1, "DimensionCount": 4, "Sizes": [1, 1, 2, 3],
        "Strides": [6, 6, 3, 1], "TotalTensorSizeInBytes": 32, "GuaranteedBaseOffsetAlignment": 16}
    x = read_tensor(inner.InputTensor)
    assert x["DataType"] == pydml.DML_TENSOR_DATA_TYPE_FLOAT16
    assert x["TotalTensorSizeInBytes"] == 12  # 6 halves
    assert x["DimensionCount"] == 4


def test_to_c_convolution_with_bias_and_fused_activation() -> None:
    act = fused("ACTIVATION_LEAKY_RELU", Alpha=0.25)
    desc = conv(InputTensor=t([2, 4, 5, 5]), FilterTensor=t([6, 2, 3, 3]),
                OutputTensor=t([2, 6, 2, 2]), BiasTensor=t([1, 6, 1, 1]), GroupCount=2,
                Strides=[2, 2], Dilations=[1, 1], StartPadding=[0, 1], EndPadding=[1, 0],
                OutputPadding=[0, 0], FusedActivation=act)
    pydml.validate(desc, "1_0")
    cd = to_c(desc)
    assert cd.ptr.Type == pydml.DML_OPERATOR_CONVOLUTION
    c = ffi.cast("DML_CONVOLUTION_OPERATOR_DESC*", cd.ptr.Desc)
    assert c.Mode == pydml.DML_CONVOLUTION_MODE_CROSS_CORRELATION
    assert c.Direction == pydml.DML_CONVOLUTION_DIRECTION_FORWARD
    assert c.DimensionCount == 2 and c.GroupCount == 2
    assert [c.Strides[i] for i in range(2)] == [2, 2]
    assert [c.StartPadding[i] for i in range(2)] == [0, 1]
    assert [c.EndPadding[i] for i in range(2)] == [1, 0]
    assert read_tensor(c.BiasTensor)["Sizes"] == [1, 6, 1, 1]
    assert read_tensor(c.FilterTensor)["TotalTensorSizeInBytes"] == 6 * 2 * 9 * 4
    assert c.FusedActivation.Type == pydml.DML_OPERATOR_ACTIVATION_LEAKY_RELU
    a = ffi.cast("DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC*", c.FusedActivation.Desc)
    assert a.InputTensor == ffi.NULL and a.OutputTensor == ffi.NULL
    assert a.Alpha == 0.25
    # Without bias / activation the pointers are NULL.
    cd2 = to_c(conv())  # keep the CDesc alive while reading
    c2 = ffi.cast("DML_CONVOLUTION_OPERATOR_DESC*", cd2.ptr.Desc)
    assert c2.BiasTensor == ffi.NULL and c2.FusedActivation == ffi.NULL


def test_to_c_scale_bias() -> None:
    clip = fused("ELEMENT_WISE_CLIP", ScaleBias=pydml.DML_SCALE_BIAS(Scale=2.0, Bias=0.5),
                 Min=-1.0, Max=6.0)
    cd = to_c(conv(FusedActivation=clip))
    c = ffi.cast("DML_CONVOLUTION_OPERATOR_DESC*", cd.ptr.Desc)
    a = ffi.cast("DML_ELEMENT_WISE_CLIP_OPERATOR_DESC*", c.FusedActivation.Desc)
    assert (a.ScaleBias.Scale, a.ScaleBias.Bias, a.Min, a.Max) == (2.0, 0.5, -1.0, 6.0)
    cd2 = to_c(fused("ELEMENT_WISE_CLIP", Min=float("-inf"), Max=float("inf")))
    a2 = ffi.cast("DML_ELEMENT_WISE_CLIP_OPERATOR_DESC*", cd2.ptr.Desc)
    assert a2.ScaleBias == ffi.NULL
    assert a2.Min == float("-inf") and a2.Max == float("inf")


def explicit(b: pydml.TensorDesc) -> pydml.TensorDesc:
    """The same tensor with the derived fields written out (what from_c returns)."""
    d = b.Desc
    assert d is not None
    return pydml.TensorDesc(Desc=pydml.BufferTensorDesc(
        DataType=d.DataType, Flags=d.Flags, DimensionCount=len(d.Sizes), Sizes=d.Sizes,
        Strides=d.Strides, TotalTensorSizeInBytes=d.total_size_in_bytes,
        GuaranteedBaseOffsetAlignment=d.GuaranteedBaseOffsetAlignment))


def _explicit_desc(desc: Any) -> Any:
    schema = pydml.schema_of(desc)
    values = {}
    for spec in schema.fields:
        v = getattr(desc, spec.name)
        if spec.is_tensor and v is not None:
            v = explicit(v)
        elif v is None and spec.name in {s.count for s in schema.fields}:
            v = len(next(getattr(desc, s.name) for s in schema.fields if s.count == spec.name))
        values[spec.name] = v
    return type(desc)(**values)


@pytest.mark.parametrize("op", RESAMPLES)
def test_round_trip_resample(op: str) -> None:
    desc = _explicit_desc(resample_desc(op, InterpolationMode="LINEAR"))
    cd = to_c(desc)
    back = from_c(cd.ptr)
    assert back == OperatorDesc(Type=op, Desc=desc)
    assert from_c(cd.address) == back
    assert type(back.Desc) is type(desc)


def test_round_trip_convolution() -> None:
    act = OperatorDesc(Type="ACTIVATION_LINEAR",
                       Desc=fused("ACTIVATION_LINEAR", Alpha=0.5, Beta=-2.0))
    desc = _explicit_desc(conv(BiasTensor=t([1, 1, 1, 1], strides=[0, 1, 0, 0]),
                               FusedActivation=act, Mode="CONVOLUTION", GroupCount=1))
    cd = to_c(desc)
    back = from_c(cd.ptr)
    assert back.Desc == desc
    assert back.Desc.FusedActivation == act
    clip = OperatorDesc(Type="ELEMENT_WISE_CLIP", Desc=fused(
        "ELEMENT_WISE_CLIP", ScaleBias=pydml.DML_SCALE_BIAS(Scale=2.0, Bias=0.5), Min=0.0, Max=6.0))
    cd = to_c(_explicit_desc(conv(FusedActivation=clip)))
    assert from_c(cd.ptr).Desc.FusedActivation == clip
    up = _explicit_desc(resample_desc("RESAMPLE3", Antialiased=True))
    cd = to_c(up)
    assert from_c(cd.ptr).Desc == up


def test_from_c_rejects_null() -> None:
    with pytest.raises(ValidationError) as info:
        from_c(ffi.NULL)
    assert info.value.desc == "DML_OPERATOR_DESC" and info.value.field == ""
    with pytest.raises(ValidationError) as info:
        from_c(0)
    assert "must not be NULL" in str(info.value)
    raw = ffi.new("DML_OPERATOR_DESC*", {"Type": int(pydml.DML_OPERATOR_RESAMPLE)})
    with pytest.raises(ValidationError) as info:
        from_c(raw)
    assert info.value.field == "Desc"


def test_from_c_rejects_unknown_type() -> None:
    cd = to_c(resample_desc("RESAMPLE2"))
    cd.ptr.Type = 9999
    with pytest.raises(ValidationError) as info:
        from_c(cd.ptr)
    err = info.value
    assert (err.desc, err.field, err.value) == ("DML_OPERATOR_DESC", "Type", 9999)


@pytest.mark.parametrize("count", [1000, 2**32 - 1, MAX_ARRAY_LENGTH + 1])
def test_from_c_bounds_array_counts(count: int) -> None:
    cd = to_c(resample_desc("RESAMPLE2"))
    inner = ffi.cast("DML_RESAMPLE2_OPERATOR_DESC*", cd.ptr.Desc)
    inner.DimensionCount = count
    with pytest.raises(ValidationError) as info:
        from_c(cd.ptr)
    err = info.value
    assert (err.desc, err.field, err.value) == ("DML_RESAMPLE2_OPERATOR_DESC", "DimensionCount",
                                                count)
    assert f"must be at most {MAX_ARRAY_LENGTH}" in str(err)


def test_from_c_bounds_tensor_dimension_count() -> None:
    cd = to_c(resample_desc("RESAMPLE2"))
    inner = ffi.cast("DML_RESAMPLE2_OPERATOR_DESC*", cd.ptr.Desc)
    ffi.cast("DML_BUFFER_TENSOR_DESC*", inner.InputTensor.Desc).DimensionCount = 1000
    with pytest.raises(ValidationError) as info:
        from_c(cd.ptr)
    assert info.value.field == "InputTensor.DimensionCount" and info.value.value == 1000


def test_from_c_rejects_bad_tensor_type() -> None:
    cd = to_c(resample_desc("RESAMPLE2"))
    inner = ffi.cast("DML_RESAMPLE2_OPERATOR_DESC*", cd.ptr.Desc)
    inner.OutputTensor.Type = 7
    with pytest.raises(ValidationError) as info:
        from_c(cd.ptr)
    assert (info.value.field, info.value.value) == ("OutputTensor.Type", 7)
    # INVALID is a real enumerator: from_c reads it, validate rejects it.
    inner.OutputTensor.Type = int(pydml.DML_TENSOR_TYPE_INVALID)
    back = from_c(cd.ptr)
    with pytest.raises(ValidationError) as info:
        pydml.validate(back)
    assert info.value.field == "OutputTensor.Type"


def test_from_c_keeps_bad_values_for_validation() -> None:
    cd = to_c(resample_desc("RESAMPLE2"))
    inner = ffi.cast("DML_RESAMPLE2_OPERATOR_DESC*", cd.ptr.Desc)
    b = ffi.cast("DML_BUFFER_TENSOR_DESC*", inner.InputTensor.Desc)
    b.DataType, b.Flags = 77, 6
    inner.InterpolationMode = 9
    back = from_c(cd.ptr).Desc
    assert back.InterpolationMode == 9
    with pytest.raises(ValidationError) as info:
        pydml.validate(back)
    assert info.value.field == "InterpolationMode"
    back = type(back)(**{**back.__dict__, "InterpolationMode": 0})
    with pytest.raises(ValidationError) as info:
        pydml.validate(back)
    assert info.value.field == "InputTensor.DataType"


def test_to_c_refuses_counts_that_would_overrun_arrays() -> None:
    # A count larger than its arrays would make C readers (and from_c) read past them.
    with pytest.raises(ValidationError) as info:
        to_c(resample_desc("RESAMPLE2", DimensionCount=8))
    # to_c runs pydml.validate's representability checks first, so the message is validate's
    assert (info.value.desc, info.value.field) == ("DML_RESAMPLE2_OPERATOR_DESC", "DimensionCount")
    assert "must equal the length of its arrays (Scales has 4" in str(info.value)
    with pytest.raises(ValidationError) as info:
        to_c(resample_desc("RESAMPLE2", InputTensor=t([1, 1, 1, 2], strides=[2, 2])))
    assert info.value.field == "InputTensor.Strides"
    bad = pydml.BufferTensorDesc(DataType="FLOAT32", Sizes=[1, 1, 1, 2], DimensionCount=6)
    with pytest.raises(ValidationError) as info:
        to_c(resample_desc("RESAMPLE2", InputTensor=bad))
    assert info.value.field == "InputTensor.DimensionCount"


def test_to_c_accepts_buffer_tensor_desc_and_null_tensor() -> None:
    b = pydml.BufferTensorDesc(DataType="FLOAT32", Sizes=[1, 1, 1, 2])
    cd = to_c(resample_desc("RESAMPLE2", InputTensor=b, OutputTensor=None))
    inner = ffi.cast("DML_RESAMPLE2_OPERATOR_DESC*", cd.ptr.Desc)
    assert read_tensor(inner.InputTensor)["Sizes"] == [1, 1, 1, 2]
    assert inner.OutputTensor == ffi.NULL
    assert from_c(cd.ptr).Desc.OutputTensor is None


def test_from_c_rejects_null_sizes() -> None:
    cd = to_c(resample_desc("RESAMPLE2"))
    inner = ffi.cast("DML_RESAMPLE2_OPERATOR_DESC*", cd.ptr.Desc)
    ffi.cast("DML_BUFFER_TENSOR_DESC*", inner.InputTensor.Desc).Sizes = ffi.NULL
    with pytest.raises(ValidationError) as info:
        from_c(cd.ptr)
    assert info.value.field == "InputTensor.Sizes" and "must not be NULL" in str(info.value)
