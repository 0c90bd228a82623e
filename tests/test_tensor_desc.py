"""DMLCalcBufferTensorSize, BufferTensorDesc defaults, buffer_desc, BufferTensorDesc as a tensor."""

from __future__ import annotations

import pytest
from test_validation import resample_desc

import pydml
from pydml import (
    BufferTensorDesc,
    TensorDataType,
    TensorDesc,
    ValidationError,
    calc_buffer_tensor_size,
)
from pydml.tensor import as_tensor_desc, buffer_desc

T = TensorDataType


@pytest.mark.parametrize("dtype, sizes, strides, expected", [
    (T.FLOAT32, [1, 1, 2, 3], None, 24),
    (T.FLOAT32, [1, 1, 2, 3], [6, 6, 3, 1], 24),
    (T.FLOAT16, [1, 1, 1, 3], None, 8),
    (T.FLOAT32, [1, 8, 28, 28], [8, 1, 0, 0], 32),
    (T.UINT8, [5], None, 8),
    (T.INT4, [3], None, 4),
    (T.FLOAT32, [1, 1, 3, 5], [15, 1, 5, 1], 60),
])
def test_fact_sheet_examples(dtype: TensorDataType, sizes: list[int], strides: list[int] | None,
                             expected: int) -> None:
    assert calc_buffer_tensor_size(dtype, sizes, strides) == expected
    assert pydml.DMLCalcBufferTensorSize(int(dtype), sizes, strides) == expected


def test_calc_edge_cases() -> None:
    assert calc_buffer_tensor_size(T.UNKNOWN, [4], None) == 0
    assert calc_buffer_tensor_size(99, [4], None) == 0
    assert calc_buffer_tensor_size(T.FLOAT64, [3], None) == 24
    assert calc_buffer_tensor_size(T.INT4, [5], [1]) == 4  # 20 bits -> 3 bytes -> 4
    # No strides: the element count is accumulated in 64 bits (no wrap).
    assert calc_buffer_tensor_size(T.FLOAT32, [2**16, 2**16, 2], None) == 2**35
    # Strides: the last-element index is a 32-bit UINT and wraps, as in DirectMLX.
    assert calc_buffer_tensor_size(T.FLOAT32, [2, 2], [2**31, 2**31]) == 4  # 2^32 wraps to 0
    assert calc_buffer_tensor_size(T.FLOAT32, [2, 3], [2**31, 2**31]) == 4 * (2**31 + 1)
    # A size of 0 makes Sizes[i] - 1 wrap (invalid anyway).
    assert calc_buffer_tensor_size(T.UINT8, [0], [1]) == 2**32  # index 2^32-1, plus 1 in 64 bits
    with pytest.raises(OverflowError):
        calc_buffer_tensor_size(T.FLOAT32, [2**32], None)
    with pytest.raises(OverflowError):
        calc_buffer_tensor_size(T.FLOAT32, [2], [-1])


def test_strides_of_another_length_are_refused_not_read_past() -> None:
    # the C function reads one stride per size: a shorter Strides was read past its end (found by
    # AddressSanitizer through test_validator_agreement's mutated descs)
    with pytest.raises(ValueError, match=r"one value per size \(4\), got 2"):
        calc_buffer_tensor_size(T.FLOAT32, [1, 2, 3, 4], [2, 1])
    with pytest.raises(ValueError, match=r"got 3"):
        pydml.DMLCalcBufferTensorSize(int(T.FLOAT32), [2, 3], [3, 1, 1])
    b = BufferTensorDesc(DataType="FLOAT32", Sizes=[1, 2, 3, 4], Strides=[2, 1])
    assert b.minimum_size_in_bytes == 0  # invalid anyway: validation names Strides
    with pytest.raises(ValidationError, match=r"Strides"):
        pydml.validate(pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=b, OutputTensor=buffer_desc("FLOAT32", [1, 2, 3, 4])))


def test_buffer_tensor_desc_defaults() -> None:
    b = BufferTensorDesc(DataType="FLOAT16", Sizes=[1, 2, 3, 4])
    assert b.DataType is T.FLOAT16
    assert b.Flags is pydml.TensorFlags.NONE
    assert b.DimensionCount is None and b.dimension_count == 4
    assert b.Sizes == (1, 2, 3, 4) and isinstance(b.Sizes, tuple)
    assert b.Strides is None
    assert b.TotalTensorSizeInBytes is None
    assert b.minimum_size_in_bytes == b.total_size_in_bytes == 48
    assert b.GuaranteedBaseOffsetAlignment == 0
    assert b.element_strides == (24, 12, 4, 1)
    assert BufferTensorDesc(DataType="FLOAT32", Sizes=[5]).element_strides == (1,)
    s = BufferTensorDesc(DataType="FLOAT32", Sizes=[2, 3], Strides=[1, 2],
                         TotalTensorSizeInBytes=64)
    assert s.element_strides == (1, 2)
    assert s.minimum_size_in_bytes == 24 and s.total_size_in_bytes == 64
    zero = BufferTensorDesc(DataType="FLOAT32", Sizes=[2], TotalTensorSizeInBytes=0)
    assert zero.total_size_in_bytes == 8
    assert BufferTensorDesc(DataType="FLOAT32", Sizes=[2], DimensionCount=3).dimension_count == 3


def test_numpy_and_non_integer_sizes() -> None:
    np = pytest.importorskip("numpy")
    b = BufferTensorDesc(DataType="FLOAT32", Sizes=np.array([1, 2, 3]), Strides=np.array([6, 3, 1]))
    assert b.Sizes == (1, 2, 3) and all(type(v) is int for v in b.Sizes + b.Strides)
    # A non-integer size is kept (not truncated to 2), so validation can name it.
    bad = BufferTensorDesc(DataType="FLOAT32", Sizes=[1, 1, 1, 2.7])
    assert bad.Sizes[3] == 2.7
    assert bad.minimum_size_in_bytes == 0
    desc = resample_desc("RESAMPLE2", InputTensor=bad)
    with pytest.raises(ValidationError) as info:
        pydml.validate(desc)
    assert info.value.field == "InputTensor.Sizes[3]"
    assert "must be an integer, got 2.7" in str(info.value)
    bad = BufferTensorDesc(DataType="FLOAT32", Sizes=[1, 1, 1, 2], Strides=[2, 2, 2, 1.5])
    with pytest.raises(ValidationError) as info:
        pydml.validate(resample_desc("RESAMPLE2", InputTensor=bad))
    assert info.value.field == "InputTensor.Strides[3]"


def test_buffer_desc_shorthand() -> None:
    t = buffer_desc("DML_TENSOR_DATA_TYPE_FLOAT32", [1, 2], [2, 1], TotalTensorSizeInBytes=16)
    assert isinstance(t, TensorDesc) and t.Type is pydml.TensorType.BUFFER
    assert t.Desc == BufferTensorDesc(DataType=T.FLOAT32, Sizes=(1, 2), Strides=(2, 1),
                                      TotalTensorSizeInBytes=16)
    assert buffer_desc(2, [3]).Desc.DataType is T.FLOAT16
    assert buffer_desc(T.UINT8, (3,)).Desc.Strides is None
    with pytest.raises(ValueError):
        buffer_desc("FLOAT99", [3])


def test_tensor_desc_defaults_and_wrapping() -> None:
    assert TensorDesc().Type is pydml.TensorType.BUFFER and TensorDesc().Desc is None
    assert TensorDesc(Type=7).Type == 7  # kept for validation
    b = BufferTensorDesc(DataType="FLOAT32", Sizes=[1])
    assert as_tensor_desc(b) == TensorDesc(Desc=b)
    t = TensorDesc(Desc=b)
    assert as_tensor_desc(t) is t
    with pytest.raises(TypeError):
        as_tensor_desc([1])
    assert pydml.DML_BUFFER_TENSOR_DESC is BufferTensorDesc
    assert pydml.DML_TENSOR_DESC is TensorDesc


def test_buffer_tensor_desc_accepted_as_tensor_desc() -> None:
    def plain(sizes: list[int]) -> BufferTensorDesc:
        return BufferTensorDesc(DataType="FLOAT32", Sizes=sizes)

    for op in ("RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3", "UPSAMPLE_2D"):
        wrapped = resample_desc(op)
        desc = type(wrapped)(**{**wrapped.__dict__, "InputTensor": wrapped.InputTensor.Desc,
                                "OutputTensor": wrapped.OutputTensor.Desc})
        pydml.validate(desc)
        cd = pydml.to_c(desc)
        assert pydml.from_c(cd.ptr).Desc.InputTensor.Desc.Sizes == wrapped.InputTensor.Desc.Sizes
    conv = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=plain([1, 1, 3, 3]), FilterTensor=plain([1, 1, 2, 2]),
        BiasTensor=plain([1, 1, 1, 1]), OutputTensor=plain([1, 1, 2, 2]), Mode="CONVOLUTION", Direction="FORWARD",
        Strides=[1, 1], Dilations=[1, 1], StartPadding=[0, 0], EndPadding=[0, 0], OutputPadding=[0, 0],
        GroupCount=1)
    pydml.validate(conv, "1_0")
    grad = pydml.DML_RESAMPLE_GRAD_OPERATOR_DESC(
        InputGradientTensor=plain([1, 1, 1, 3]), OutputGradientTensor=plain([1, 1, 2, 2]),
        InterpolationMode="NEAREST_NEIGHBOR", Scales=[1, 1, 0.5, 1.5], InputPixelOffsets=[0.5] * 4,
        OutputPixelOffsets=[0] * 4)
    pydml.validate(grad, "3_0")
    # A bad BufferTensorDesc is reported at the same field paths as a wrapped one.
    bad = BufferTensorDesc(DataType="FLOAT32", Sizes=[1, 1, 1, 3], TotalTensorSizeInBytes=8)
    with pytest.raises(ValidationError) as info:
        pydml.validate(type(grad)(**{**grad.__dict__, "InputGradientTensor": bad}))
    assert info.value.field == "InputGradientTensor.TotalTensorSizeInBytes"


def test_buffer_desc_takes_any_spelling_of_the_data_type() -> None:
    """Issue 22: buffer_desc("float32", ...) and buffer_desc(np.float32, ...) were refused."""
    import numpy as np

    for spelling in ("FLOAT32", "float32", "Float32", "DML_TENSOR_DATA_TYPE_FLOAT32", np.float32,
                     np.dtype("float32"), pydml.TensorDataType.FLOAT32, 1):
        assert pydml.buffer_desc(spelling, [2]).Desc.DataType is pydml.TensorDataType.FLOAT32, spelling
    assert pydml.buffer_desc(np.int8, [2]).Desc.DataType is pydml.TensorDataType.INT8
    for bad in ("float", np.complex64, object):
        with pytest.raises(ValueError):
            pydml.buffer_desc(bad, [2])


def test_buffer_desc_takes_strides_by_its_c_name_too() -> None:
    """buffer_desc(..., Strides=[...]) (the field's C name, as the other fields are passed) was a
    TypeError "got multiple values for keyword argument 'Strides'"; both spellings at once, or
    DataType / Sizes as keywords, are TypeErrors that say what to write instead."""
    by_c_name = buffer_desc("FLOAT32", [1, 2, 3, 4], Strides=[24, 1, 8, 2])
    assert by_c_name == buffer_desc("FLOAT32", [1, 2, 3, 4], [24, 1, 8, 2])
    assert by_c_name.Desc.Strides == (24, 1, 8, 2)
    with pytest.raises(TypeError, match="strides twice"):
        buffer_desc("FLOAT32", [2], [1], Strides=[1])
    with pytest.raises(TypeError, match="takes Sizes as its argument sizes"):
        buffer_desc("FLOAT32", [2], Sizes=[2])
    with pytest.raises(TypeError, match="takes DataType as its argument data_type"):
        buffer_desc("FLOAT32", [2], DataType="FLOAT32")
