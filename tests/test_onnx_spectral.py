"""DFT and STFT (pydml/onnx/ops/spectral.py: one DML_GEMM by a constant twiddle matrix) against
numpy's FFT in float64: every axis position (the samples' row read in place, or copied when the
strides do not allow it), padded and truncated lengths, real and complex signals, one-sided,
inverse and inverse one-sided (irfft) transforms, FLOAT16, STFT windows as a constant and as a
graph input; and the refusals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import pydml.onnx  # noqa: E402
from pydml.onnx.ops.spectral import MAX_TWIDDLE_ELEMENTS  # noqa: E402


def _model(node: Any, inputs: dict[str, np.ndarray], opset: int, inits: list[Any] | None = None) -> Any:
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(v.dtype), list(v.shape))
            for k, v in inputs.items()
        ],
        [helper.make_tensor_value_info("y", TensorProto.UNDEFINED, None)],
        initializer=inits or [],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _complex(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    return x[..., 0] + 1j * x[..., 1] if x.shape[-1] == 2 else x[..., 0].astype(np.complex128)


def _pairs(z: np.ndarray) -> np.ndarray:
    return np.stack([z.real, z.imag], axis=-1)


def _dft_reference(x: np.ndarray, axis: int, length: int | None, inverse: bool, onesided: bool) -> np.ndarray:
    z = _complex(x)
    ax = axis % x.ndim
    if inverse and onesided:
        n = 2 * (x.shape[ax] - 1) if length is None else length
        return np.fft.irfft(z, n=n, axis=ax)[..., None]
    n = x.shape[ax] if length is None else length
    y = np.fft.ifft(z, n=n, axis=ax) if inverse else np.fft.fft(z, n=n, axis=ax)
    if onesided:
        y = np.take(y, np.arange(n // 2 + 1), axis=ax)
    return _pairs(y)


CASES = [
    # shape, axis, dft_length, inverse, onesided
    ((2, 12, 1), 1, None, False, False),  # the samples' row in place
    ((2, 12, 2), 1, None, False, False),
    ((3, 8, 5, 2), 1, None, False, False),  # samples strided: copied into rows
    ((3, 8, 5, 1), 2, None, False, True),
    ((2, 9, 2), 1, 16, False, False),  # zero-padded
    ((2, 16, 1), 1, 10, False, True),  # truncated
    ((2, 4, 7, 2), -2, None, True, False),
    ((2, 6, 3, 2), 1, None, True, True),  # irfft, even length
    ((2, 6, 3, 2), 1, 11, True, True),  # irfft, odd length
    ((5, 2), 0, None, False, False),  # a single transform
]


@pytest.mark.parametrize("shape,axis,length,inverse,onesided", CASES)
@pytest.mark.parametrize("opset", [17, 20])
def test_dft_against_numpy(
    shape: tuple[int, ...], axis: int, length: int | None, inverse: bool, onesided: bool, opset: int
) -> None:
    rng = np.random.default_rng(len(shape) * 7 + axis)
    x = rng.standard_normal(shape).astype(np.float32)
    feed: dict[str, np.ndarray] = {"x": x}
    names = ["x", "n" if length is not None else ""]
    if length is not None:
        feed["n"] = np.array(length, np.int64)
    attrs: dict[str, Any] = {"inverse": int(inverse), "onesided": int(onesided)}
    if opset >= 20:
        names.append("a")
        feed["a"] = np.array(axis, np.int64)
    else:
        attrs["axis"] = axis
    model = _model(helper.make_node("DFT", names, ["y"], **attrs), feed, opset)
    (y,) = pydml.onnx.InferenceSession(model).run(None, feed)
    want = _dft_reference(x, axis, length, inverse, onesided)
    assert y.dtype == np.float32 and y.shape == want.shape
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5 * np.abs(want).max())


def test_dft_float16_accumulates_in_float() -> None:
    rng = np.random.default_rng(3)
    x = rng.standard_normal((4, 32, 1)).astype(np.float16)
    model = _model(helper.make_node("DFT", ["x"], ["y"], axis=1), {"x": x}, 17)
    (y,) = pydml.onnx.InferenceSession(model).run(None, {"x": x})
    want = _dft_reference(x, 1, None, False, False)
    assert y.dtype == np.float16
    # one FLOAT16 rounding of each twiddle and of the result: a few units in the last place of
    # the largest bin, no error that grows with the 32 terms summed
    np.testing.assert_allclose(y, want, atol=4e-3 * np.abs(want).max())


def test_dft_exact_zeros_where_the_transform_has_them() -> None:
    """The zero and Nyquist bins of a real signal have imaginary part exactly 0 (twiddles exact at
    the quarter turns), as numpy's float64 FFT has."""
    x = np.arange(8, dtype=np.float32).reshape(1, 8, 1) * 10
    model = _model(helper.make_node("DFT", ["x"], ["y"], axis=1), {"x": x}, 17)
    (y,) = pydml.onnx.InferenceSession(model).run(None, {"x": x})
    assert y[0, 0, 1] == 0 and y[0, 4, 1] == 0


@pytest.mark.parametrize("channels", [1, 2])
@pytest.mark.parametrize("window_as", ["none", "initializer", "input"])
@pytest.mark.parametrize("onesided", [0, 1])
def test_stft_against_numpy(channels: int, window_as: str, onesided: int) -> None:
    rng = np.random.default_rng(channels)
    signal = rng.standard_normal((2, 70, channels)).astype(np.float32)
    step, frame = 6, 16
    window = np.hanning(frame).astype(np.float32)
    feed: dict[str, np.ndarray] = {"s": signal, "step": np.array(step, np.int64)}
    inits = []
    if window_as == "input":
        feed["w"] = window
    elif window_as == "initializer":
        inits = [numpy_helper.from_array(window, "w")]
    names = ["s", "step", "w" if window_as != "none" else "", "len" if window_as == "none" else ""]
    if window_as == "none":
        feed["len"] = np.array(frame, np.int64)
    model = _model(helper.make_node("STFT", names, ["y"], onesided=onesided), feed, 17, inits)
    (y,) = pydml.onnx.InferenceSession(model).run(None, feed)
    frames = 1 + (70 - frame) // step
    z = _complex(signal)
    w = window.astype(np.float64) if window_as != "none" else np.ones(frame)
    stacked = np.stack([z[:, f * step : f * step + frame] * w for f in range(frames)], axis=1)
    spectrum = np.fft.fft(stacked, axis=-1)
    if onesided:
        spectrum = spectrum[..., : frame // 2 + 1]
    want = _pairs(spectrum)
    assert y.shape == want.shape
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5 * np.abs(want).max())


def test_spectral_refusals_name_the_rule() -> None:
    x = np.zeros((1, 8, 1), np.float32)
    last = _model(helper.make_node("DFT", ["x"], ["y"], axis=2), {"x": x}, 17)
    # (shape inference refuses that model first: a malformed model, as onnxruntime says too)
    with pytest.raises(pydml.onnx.OnnxModelError, match="DFT.*axis attribute value 2 is invalid"):
        pydml.onnx.InferenceSession(last).run(None, {"x": x})
    big = int(np.sqrt(MAX_TWIDDLE_ELEMENTS / 4)) + 1
    huge = np.zeros((1, big, 2), np.float32)
    model = _model(helper.make_node("DFT", ["x"], ["y"], axis=1), {"x": huge}, 17)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match="twiddle factors"):
        pydml.onnx.InferenceSession(model).run(None, {"x": huge})
    # a long signal: refused before its 2^33-element matrix is made (it was made first, then refused)
    long = np.zeros((1, 1 << 16, 1), np.float32)
    model = _model(helper.make_node("DFT", ["x"], ["y"], axis=1), {"x": long}, 17)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match="65536 x 131072 twiddle factors"):
        pydml.onnx.InferenceSession(model).run(None, {"x": long})
    doubles = x.astype(np.float64)
    model = _model(helper.make_node("DFT", ["x"], ["y"], axis=1), {"x": doubles}, 17)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match="FLOAT16 and FLOAT only"):
        pydml.onnx.InferenceSession(model).run(None, {"x": doubles})
    signal = np.zeros((1, 10, 1), np.float32)
    feed = {"s": signal, "step": np.array(2, np.int64), "len": np.array(12, np.int64)}
    model = _model(helper.make_node("STFT", ["s", "step", "", "len"], ["y"]), feed, 17)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match="frame_length 12"):
        pydml.onnx.InferenceSession(model).run(None, feed)
