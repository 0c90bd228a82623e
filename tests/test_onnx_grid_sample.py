"""GridSample (pydml/onnx/ops/grid_sample.py: composed from DirectML's element-wise operators and
GATHER_ELEMENTS) against ONNX's reference implementation (onnx.reference) for every mode, padding
mode and align_corners, 2-D and 3-D, with grids reaching far outside the image and landing exactly
on pixel centres and borders; against onnxruntime's CPU provider for 2-D; FLOAT16; refusals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

import pydml.onnx  # noqa: E402


def _model(x: np.ndarray, grid: np.ndarray, opset: int = 20, **attrs: Any) -> Any:
    node = helper.make_node("GridSample", ["x", "g"], ["y"], **attrs)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("x", helper.np_dtype_to_tensor_dtype(x.dtype), list(x.shape)),
            helper.make_tensor_value_info("g", helper.np_dtype_to_tensor_dtype(grid.dtype), list(grid.shape)),
        ],
        [helper.make_tensor_value_info("y", helper.np_dtype_to_tensor_dtype(x.dtype), None)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _grid(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Coordinates in and far outside [-1, 1], some exactly on the borders, the centre and on
    half-pixel positions."""
    g = rng.uniform(-3.5, 3.5, shape).astype(np.float32)
    flat = g.reshape(-1)
    specials = np.array([-1, 1, 0, -1.25, 1.25, 0.5, -0.5, 7.75, -9.0], np.float32)
    flat[: specials.size] = specials
    return g


@pytest.mark.parametrize("mode", ["nearest", "linear", "cubic"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align_corners", [0, 1])
def test_grid_sample_2d_against_onnx_reference(mode: str, padding: str, align_corners: int) -> None:
    rng = np.random.default_rng(["nearest", "linear", "cubic"].index(mode) * 6 + align_corners)
    x = rng.standard_normal((2, 3, 5, 4)).astype(np.float32)
    grid = _grid(rng, (2, 6, 7, 2))
    model = _model(x, grid, mode=mode, padding_mode=padding, align_corners=align_corners)
    (want,) = ReferenceEvaluator(model).run(None, {"x": x, "g": grid})
    (got,) = pydml.onnx.InferenceSession(model).run(None, {"x": x, "g": grid})
    assert got.shape == want.shape == (2, 3, 6, 7)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["nearest", "linear"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
def test_grid_sample_3d_against_onnx_reference(mode: str, padding: str) -> None:
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 2, 3, 4, 5)).astype(np.float32)
    grid = _grid(rng, (1, 2, 3, 4, 3))
    model = _model(x, grid, mode=mode, padding_mode=padding, align_corners=0)
    (want,) = ReferenceEvaluator(model).run(None, {"x": x, "g": grid})
    (got,) = pydml.onnx.InferenceSession(model).run(None, {"x": x, "g": grid})
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "mode,padding",
    # (onnxruntime's CPU kernel does not clamp a cubic sample's coordinate before its taps with
    # border padding, as PyTorch; ONNX's reference and the DirectML provider's shader do: that
    # case is checked against the reference above only)
    [(m, p) for m in ("bilinear", "nearest", "bicubic") for p in ("zeros", "border", "reflection")
     if (m, p) != ("bicubic", "border")],
)
def test_grid_sample_16_against_onnxruntime(mode: str, padding: str) -> None:
    ort = pytest.importorskip("onnxruntime")
    rng = np.random.default_rng(9)
    x = rng.standard_normal((2, 4, 9, 11)).astype(np.float32)
    grid = rng.uniform(-1.2, 1.2, (2, 5, 6, 2)).astype(np.float32)
    model = _model(x, grid, opset=16, mode=mode, padding_mode=padding)
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    (want,) = sess.run(None, {"x": x, "g": grid})
    (got,) = pydml.onnx.InferenceSession(model).run(None, {"x": x, "g": grid})
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_grid_sample_float16() -> None:
    rng = np.random.default_rng(2)
    x = rng.standard_normal((1, 2, 6, 6)).astype(np.float16)
    grid = rng.uniform(-1.1, 1.1, (1, 4, 4, 2)).astype(np.float16)
    model = _model(x, grid, mode="linear", padding_mode="zeros")
    (want,) = ReferenceEvaluator(_model(x.astype(np.float32), grid.astype(np.float32), mode="linear")).run(
        None, {"x": x.astype(np.float32), "g": grid.astype(np.float32)}
    )
    (got,) = pydml.onnx.InferenceSession(model).run(None, {"x": x, "g": grid})
    assert got.dtype == np.float16
    np.testing.assert_allclose(got.astype(np.float32), want, rtol=2e-3, atol=2e-3)


def test_grid_sample_refusals() -> None:
    x = np.zeros((1, 1, 4, 4), np.float32)
    grid = np.zeros((1, 2, 2, 3), np.float32)
    # (shape inference refuses the model first, naming the op: a malformed model, not a refusal)
    with pytest.raises(pydml.onnx.OnnxModelError, match="GridSample.*last dimension of the grid"):
        pydml.onnx.InferenceSession(_model(x, grid)).run(None, {"x": x, "g": grid})
    good = np.zeros((1, 2, 2, 2), np.float32)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match="padding_mode 'wrap'"):
        pydml.onnx.InferenceSession(_model(x, good, padding_mode="wrap")).run(None, {"x": x, "g": good})
