"""pydml.frontends.resample_modes reproduces torch.nn.functional.interpolate and ONNX Resize exactly."""

from __future__ import annotations

import math

import numpy as np
import pytest

import pydml
from pydml import buffer_desc
from pydml.frontends.resample_modes import onnx_resize, torch_interpolate

SIZE_PAIRS = [(3, 7), (7, 3), (5, 13), (13, 5), (1, 4), (4, 1), (6, 6), (10, 15), (15, 10), (2, 61)]


def forward(x: np.ndarray, out_sizes, params) -> np.ndarray:
    desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(InputTensor=buffer_desc("FLOAT32", x.shape),
                                             OutputTensor=buffer_desc("FLOAT32", out_sizes), **params)
    return pydml.Device().create_operator(desc).execute({"InputTensor": x})["OutputTensor"]


def backward(g: np.ndarray, in_sizes, params) -> np.ndarray:
    desc = pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC(InputGradientTensor=buffer_desc("FLOAT32", g.shape),
                                                  OutputGradientTensor=buffer_desc("FLOAT32", in_sizes),
                                                  **params)
    return pydml.Device().create_operator(desc).execute({"InputGradientTensor": g})["OutputGradientTensor"]


@pytest.mark.parametrize("mode,align", [("nearest", False), ("nearest-exact", False),
                                        ("bilinear", False), ("bilinear", True)])
@pytest.mark.parametrize("h,w", [(SIZE_PAIRS[i], SIZE_PAIRS[-1 - i]) for i in range(len(SIZE_PAIRS))])
def test_torch_interpolate_2d_forward_and_backward(mode, align, h, w, rng):
    torch = pytest.importorskip("torch")
    in_sizes, out_sizes = (2, 3, h[0], w[0]), (2, 3, h[1], w[1])
    params = torch_interpolate(mode, in_sizes, out_sizes, align_corners=align)
    x = rng.integers(-8, 9, in_sizes).astype(np.float32)
    kwargs = {"align_corners": align} if mode == "bilinear" else {}
    xt = torch.tensor(x, requires_grad=True)
    yt = torch.nn.functional.interpolate(xt, size=out_sizes[2:], mode=mode, **kwargs)
    g = rng.integers(-8, 9, out_sizes).astype(np.float32)
    yt.backward(torch.tensor(g))
    exact = mode.startswith("nearest")  # index maps and integer data: bit exact
    tol = {"rtol": 0, "atol": 0} if exact else {"rtol": 1e-5, "atol": 1e-5}
    np.testing.assert_allclose(forward(x, out_sizes, params), yt.detach().numpy(), **tol)
    np.testing.assert_allclose(backward(g, in_sizes, params), xt.grad.numpy(), **tol)


@pytest.mark.parametrize("mode,align", [("linear", False), ("linear", True), ("nearest-exact", False)])
def test_torch_interpolate_1d(mode, align, rng):
    torch = pytest.importorskip("torch")
    x = rng.standard_normal((1, 2, 9)).astype(np.float32)
    params = torch_interpolate(mode, x.shape, (1, 2, 20), align_corners=align)
    kwargs = {"align_corners": align} if mode == "linear" else {}
    expected = torch.nn.functional.interpolate(torch.tensor(x), size=(20,), mode=mode, **kwargs).numpy()
    np.testing.assert_allclose(forward(x, (1, 2, 20), params), expected, rtol=1e-5, atol=1e-6)


def test_torch_trilinear_needs_five_dimensions_and_is_rejected_by_the_dml_level_table():
    params = torch_interpolate("trilinear", (1, 1, 2, 3, 4), (1, 1, 4, 6, 8))
    desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(InputTensor=buffer_desc("FLOAT32", (1, 1, 2, 3, 4)),
                                             OutputTensor=buffer_desc("FLOAT32", (1, 1, 4, 6, 8)), **params)
    with pytest.raises(pydml.ValidationError, match="DimensionCount: must be 1 to 4"):
        pydml.validate(desc)


def test_unsupported_torch_modes():
    for mode in ("bicubic", "area", "nearest-round"):
        with pytest.raises(ValueError):
            torch_interpolate(mode, (1, 1, 2, 2), (1, 1, 4, 4))


def onnx_reference_1d(x, out, mode, ctm, nearest_mode):
    """ONNX Resize (opset 19 operator text) on one axis, written from the spec's formulas."""
    n = len(x)
    s = out / n
    y = np.empty(out, np.float64)
    for o in range(out):
        if ctm == "half_pixel":
            xo = (o + 0.5) / s - 0.5
        elif ctm == "pytorch_half_pixel":
            xo = (o + 0.5) / s - 0.5 if out > 1 else 0.0
        elif ctm == "align_corners":
            xo = 0.0 if out == 1 else o * (n - 1) / (out - 1)
        elif ctm == "asymmetric":
            xo = o / s
        else:  # tf_half_pixel_for_nearest
            xo = (o + 0.5) / s
        if mode == "nearest":
            if nearest_mode == "round_prefer_floor":
                i = math.ceil(xo - 0.5)
            elif nearest_mode == "round_prefer_ceil":
                i = math.floor(xo + 0.5)
            elif nearest_mode == "floor":
                i = math.floor(xo)
            else:
                i = math.ceil(xo)
            y[o] = x[min(max(i, 0), n - 1)]
        else:
            xc = min(max(xo, 0.0), n - 1)
            i0 = math.floor(xc)
            i1 = min(i0 + 1, n - 1)
            f = xc - i0
            y[o] = x[i0] * (1 - f) + x[i1] * f
    return y


ONNX_CASES = [(ctm, mode, nearest_mode)
              for ctm in ("half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                          "tf_half_pixel_for_nearest")
              for mode, nearest_mode in (("linear", "floor"), ("nearest", "round_prefer_floor"),
                                         ("nearest", "round_prefer_ceil"), ("nearest", "floor"),
                                         ("nearest", "ceil"))
              if not (ctm == "tf_half_pixel_for_nearest" and mode == "linear")]  # nearest-only mode


@pytest.mark.parametrize("ctm,mode,nearest_mode", ONNX_CASES)
@pytest.mark.parametrize("n,out", [(4, 8), (6, 4), (5, 3), (3, 10)])
def test_onnx_resize_modes_match_the_onnx_formulas(ctm, mode, nearest_mode, n, out):
    x = np.arange(1, n + 1, dtype=np.float32) * 3
    params = onnx_resize(mode, (n,), (out,), ctm, nearest_mode)
    got = forward(x.reshape(n), (out,), params)
    np.testing.assert_allclose(got, onnx_reference_1d(x, out, mode, ctm, nearest_mode), rtol=1e-5, atol=1e-5)


def test_onnx_fact_sheet_vectors():
    # directml-api.md TV-R4: [[1,2,3,4],[5,6,7,8]], scales 0.6, output 1x2.
    x = np.array([[1, 2, 3, 4], [5, 6, 7, 8]], np.float32)
    nearest = onnx_resize("nearest", (2, 4), (1, 2), scales=[0.6, 0.6])
    np.testing.assert_array_equal(forward(x, (1, 2), nearest), [[1, 3]])
    linear = onnx_resize("linear", (2, 4), (1, 2), scales=[0.6, 0.6])
    np.testing.assert_allclose(forward(x, (1, 2), linear), [[2.6666667, 4.3333333]], rtol=1e-6)


def test_onnx_rejects_cubic_and_unknown_modes():
    with pytest.raises(ValueError, match="cubic"):
        onnx_resize("cubic", (2,), (4,))
    with pytest.raises(ValueError):
        onnx_resize("nearest", (2,), (4,), "nonsense")
