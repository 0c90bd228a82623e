"""How many bytes a buffer bound from Python must hold (issue 22): the elements the desc's Sizes and
Strides reach, not TotalTensorSizeInBytes, which DirectML's size formula rounds up to a multiple of
4. Three UINT8 zero points, three FLOAT16 scales or slopes bind as arrays of three. The C API keeps
DirectML's rule for raw buffers (README "Bound buffers"; include/pydml.h)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pydml
from pydml import buffer_desc
from pydml.native import ffi, lib

PER_CHANNEL = [1, 3, 1, 1]


def _quantize_linear(scale_type: str = "FLOAT32") -> Any:
    return pydml.DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", PER_CHANNEL), ScaleTensor=buffer_desc(scale_type, PER_CHANNEL),
        ZeroPointTensor=buffer_desc("UINT8", PER_CHANNEL), OutputTensor=buffer_desc("UINT8", PER_CHANNEL))


def test_three_uint8_zero_points_bind_as_three_bytes() -> None:
    x = np.array([1.0, -2.5, 7.25], np.float32).reshape(PER_CHANNEL)
    scale = np.array([0.5, 0.25, 2.0], np.float32).reshape(PER_CHANNEL)
    zero_point = np.array([1, 2, 3], np.uint8)  # 3 bytes; TotalTensorSizeInBytes is 4
    out = np.full(3, 0xA5, np.uint8)  # an output of 3 bytes too, poisoned
    op = pydml.Device().create_operator(_quantize_linear())
    y = op.execute({"InputTensor": x, "ScaleTensor": scale, "ZeroPointTensor": zero_point},
                   {"OutputTensor": out})["OutputTensor"]
    # the page's formula in float64: clamp(round_half_even(x / scale) + zero_point, 0, 255)
    ref = np.clip(np.rint(x.astype(np.float64).ravel() / scale.ravel()) + [1, 2, 3], 0, 255)
    np.testing.assert_array_equal(np.asarray(y).ravel(), ref)
    np.testing.assert_array_equal(out, ref)


def test_three_float16_scales_and_dequantize() -> None:
    x = np.array([4, 9, 200], np.uint8).reshape(PER_CHANNEL)
    scale = np.array([0.5, 0.25, 2.0], np.float16)  # 6 bytes; TotalTensorSizeInBytes is 8
    zero_point = np.array([1, 2, 3], np.uint8)
    op = pydml.Device().create_operator(pydml.DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC(
        InputTensor=buffer_desc("UINT8", PER_CHANNEL), ScaleTensor=buffer_desc("FLOAT16", PER_CHANNEL),
        ZeroPointTensor=buffer_desc("UINT8", PER_CHANNEL), OutputTensor=buffer_desc("FLOAT16", PER_CHANNEL)))
    y = op.execute({"InputTensor": x, "ScaleTensor": scale, "ZeroPointTensor": zero_point})["OutputTensor"]
    ref = (x.ravel().astype(np.float64) - [1, 2, 3]) * scale.astype(np.float64)
    np.testing.assert_array_equal(np.asarray(y, np.float64).ravel(), ref)


def test_three_float16_slopes_bind_for_parameterized_relu() -> None:
    x = np.array([-2.0, -1.0, 3.0], np.float16).reshape(PER_CHANNEL)
    slope = np.array([0.5, 0.25, 2.0], np.float16)
    op = pydml.Device().create_operator(pydml.DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT16", PER_CHANNEL), SlopeTensor=buffer_desc("FLOAT16", PER_CHANNEL),
        OutputTensor=buffer_desc("FLOAT16", PER_CHANNEL)))
    y = op.execute({"InputTensor": x, "SlopeTensor": slope})["OutputTensor"]
    np.testing.assert_array_equal(np.asarray(y, np.float64).ravel(), [-1.0, -0.25, 3.0])


@pytest.mark.parametrize("kind", ["QUANTIZE", "DEQUANTIZE"])
def test_quantize_and_dequantize_take_three_byte_zero_points(kind: str) -> None:
    quant = kind == "QUANTIZE"
    float_t, int_t = ("FLOAT32", "UINT8")
    cls = pydml.DML_QUANTIZE_OPERATOR_DESC if quant else pydml.DML_DEQUANTIZE_OPERATOR_DESC
    desc = cls(InputTensor=buffer_desc(float_t if quant else int_t, PER_CHANNEL),
               QuantizationType=pydml.DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT,
               QuantizationTensors=[buffer_desc(float_t, PER_CHANNEL), buffer_desc(int_t, PER_CHANNEL)],
               OutputTensor=buffer_desc(int_t if quant else float_t, PER_CHANNEL))
    x = (np.array([1.0, 2.0, 3.0], np.float32) if quant else np.array([5, 6, 7], np.uint8)).reshape(PER_CHANNEL)
    scale, zero_point = np.ones(3, np.float32), np.array([1, 2, 3], np.uint8)
    y = pydml.Device().create_operator(desc).execute(
        {"InputTensor": x, "QuantizationTensors": [scale, zero_point]})["OutputTensor"]
    want = [2, 4, 6] if quant else [4, 4, 4]
    np.testing.assert_array_equal(np.asarray(y).ravel(), want)


def test_one_byte_short_is_still_refused_naming_what_the_desc_reaches() -> None:
    op = pydml.Device().create_operator(_quantize_linear())
    x = np.zeros(PER_CHANNEL, np.float32)
    with pytest.raises(pydml.BindingError) as info:
        op.execute({"InputTensor": x, "ScaleTensor": np.ones(PER_CHANNEL, np.float32),
                    "ZeroPointTensor": np.zeros(2, np.uint8)})
    assert str(info.value) == ("DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC.ZeroPointTensor: the bound buffer "
                               "has 2 bytes, fewer than the 3 its Sizes [1, 3, 1, 1] and Strides [3, 1, 1, 1] reach")


def test_strided_desc_needs_only_what_its_strides_reach() -> None:
    # Sizes {2, 2} over strides {3, 1}: elements 0, 1, 3, 4 -> 5 UINT8 bytes (TotalTensorSizeInBytes 8)
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=buffer_desc("UINT8", [2, 2], [3, 1]),
                                                         OutputTensor=buffer_desc("UINT8", [2, 2]))
    op = pydml.Device().create_operator(desc)
    y = op.execute({"InputTensor": np.arange(5, dtype=np.uint8)})["OutputTensor"]
    np.testing.assert_array_equal(y, [[0, 1], [3, 4]])
    with pytest.raises(pydml.BindingError, match="has 4 bytes, fewer than the 5"):
        op.execute({"InputTensor": np.arange(4, dtype=np.uint8)})


def test_the_c_api_keeps_total_tensor_size_in_bytes() -> None:
    desc = pydml.DML_OPERATOR_DESC(Type="ELEMENT_WISE_QUANTIZE_LINEAR", Desc=_quantize_linear())
    from pydml.marshal import to_c

    c = to_c(desc)
    op = ffi.new("pydml_operator**")
    assert lib.pydml_operator_create(c.ptr, int(pydml.FeatureLevel.FL6_4), 0, op, ffi.NULL, 0) == 0
    arrays = [np.zeros(3, np.float32), np.ones(3, np.float32), np.zeros(3, np.uint8)]
    out = np.zeros(4, np.uint8)
    inputs = ffi.new("pydml_buffer[]", 3)
    for i, a in enumerate(arrays):
        inputs[i].data = ffi.cast("void*", a.ctypes.data)
        inputs[i].size_in_bytes = a.nbytes
    outputs = ffi.new("pydml_buffer[]", 1)
    outputs[0].data = ffi.cast("void*", out.ctypes.data)
    outputs[0].size_in_bytes = out.nbytes
    message = ffi.new("char[256]")
    try:
        status = lib.pydml_operator_execute(op[0], inputs, 3, outputs, 1, message, 256)
    finally:
        lib.pydml_operator_destroy(op[0])
    assert status == lib.PYDML_STATUS_INVALID_PARAMETER
    assert "ZeroPointTensor: the bound buffer has 3 bytes, less than TotalTensorSizeInBytes (4)" in \
        ffi.string(message).decode()
