"""pydml.frontends.onednn: the oneDNN Graph front end against numpy references, PyTorch, adjoint identities,
the worked JSON examples of formats.md §2.5, and oneDNN's error statuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
import reference_onednn as ref

import pydml
from pydml.errors import PydmlError
from pydml.frontends import onednn as dnn
from pydml.frontends import resample_modes
from pydml.frontends.onednn_json import benchdnn_fill, main_json, run_json

BF16 = np.dtype(ml_dtypes.bfloat16)
DTYPES = [np.dtype(np.float32), BF16, np.dtype(np.float16)]
EPS = {np.dtype(np.float32): 2.0**-23, BF16: 2.0**-7, np.dtype(np.float16): 2.0**-10}


def test_runs_through_the_public_device(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every op is a DirectML desc created on pydml.Device (no kernel plan without a desc)."""
    assert dnn.backend_name() == "device"
    created: list[str] = []
    real = pydml.Device.create_operator

    def spy(self: pydml.Device, desc: Any, *args: Any) -> Any:
        created.append(type(desc).C_NAME)
        return real(self, desc, *args)

    monkeypatch.setattr(pydml.Device, "create_operator", spy)
    x = np.ones((1, 2, 3, 3), np.float32)
    w = np.ones((4, 2, 1, 1), np.float32)
    attrs = dict(strides=[1, 1], pads_begin=[0, 0], pads_end=[0, 0], dilations=[1, 1])
    dnn.interpolate(x, mode="nearest", sizes=[6, 6], data_format="NCX")
    dnn.interpolate_backward(x, np.ones((1, 2, 6, 6), np.float32), mode="linear", sizes=[6, 6],
                             data_format="NCX")
    dnn.convolution(x, w, data_format="NCX", weights_format="OIX", **attrs)
    dnn.conv_transpose(x, np.ones((2, 4, 1, 1), np.float32), data_format="NCX",
                       weights_format="IOX", **attrs)
    assert created == ["DML_RESAMPLE2_OPERATOR_DESC", "DML_RESAMPLE_GRAD1_OPERATOR_DESC",
                       "DML_CONVOLUTION_OPERATOR_DESC", "DML_CONVOLUTION_OPERATOR_DESC"]


# ---- helpers ------------------------------------------------------------------------------------


def to_nxc(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(np.moveaxis(a, 1, -1))


def from_nxc(a: np.ndarray) -> np.ndarray:
    return np.moveaxis(a, -1, 1)


def oix_to_xio(w: np.ndarray) -> np.ndarray:
    """[O, I, K...] -> [K..., I, O] (also IOX -> XOI)."""
    n = w.ndim
    return np.ascontiguousarray(w.transpose(*range(2, n), 1, 0))


def ints(
    rng: np.random.Generator, shape: Any, lo: int, hi: int, dtype: Any = np.float32
) -> np.ndarray:
    return rng.integers(lo, hi + 1, size=shape).astype(np.float64).astype(dtype)


def f64(a: np.ndarray) -> np.ndarray:
    return np.asarray(a, dtype=np.float64)


def conv_attrs(s: Any, pb: Any, pe: Any, d: Any, **kw: Any) -> dict[str, Any]:
    return dict(strides=list(s), pads_begin=list(pb), pads_end=list(pe), dilations=list(d), **kw)


# ---- Interpolate / InterpolateBackward ----------------------------------------------------------

# (name, mode, src NCX, diff_dst NCX) from onednn-graph-ops.md §8.4 (the small rows)
INTERP_CASES = [
    ("I1", "nearest", (2, 17, 7, 14), (2, 17, 6, 12)),
    ("I2", "bilinear", (2, 17, 7, 14), (2, 17, 6, 12)),
    ("I3", "trilinear", (2, 17, 7, 14), (2, 17, 6, 12)),
    ("I4", "linear", (2, 17, 7, 14), (2, 17, 6, 12)),
    ("I6", "linear", (2, 16, 3, 11), (2, 16, 5, 11)),
    ("I7", "nearest", (2, 17, 17), (2, 17, 21)),
    ("I8", "nearest", (2, 17, 21), (2, 17, 17)),
    ("I9", "nearest", (2, 64, 32), (2, 64, 64)),
    ("I10", "linear", (2, 17, 21), (2, 17, 17)),
    ("I11", "linear", (2, 64, 64), (2, 64, 32)),
    ("I12", "nearest", (2, 16, 3, 11), (2, 16, 5, 11)),
    ("I13", "nearest", (2, 17, 6, 12), (2, 17, 7, 14)),
    ("I14", "linear", (2, 16, 5, 11), (2, 16, 3, 11)),
    ("I15", "nearest", (2, 8, 2, 4, 12), (2, 8, 4, 8, 6)),
    ("I16", "nearest", (2, 9, 2, 8, 12), (2, 9, 3, 5, 7)),
    ("I17", "linear", (2, 8, 2, 4, 6), (2, 8, 4, 8, 12)),
    ("I18", "linear", (2, 9, 3, 5, 7), (2, 9, 2, 8, 12)),
    ("I20", "linear", (1, 23, 525), (1, 23, 5)),
    ("I21", "nearest", (16, 2, 2), (16, 2, 6)),
    ("I22", "linear", (1, 8, 3, 7), (1, 8, 6, 21)),
    ("I23", "nearest", (2, 16, 15, 10), (2, 16, 73, 11)),
    ("I25", "nearest", (2, 16, 6, 6, 6), (2, 16, 3, 3, 3)),
    ("I26", "linear", (4, 16, 6, 6, 6), (4, 16, 12, 6, 3)),
]


def _interp_tol(
    mode: str, dtype: np.dtype[Any], expected: np.ndarray, extent: int = 1
) -> dict[str, float]:
    """benchdnn: 0 for nearest, 7·eps(dt) relative for linear. The source coordinate uses a
    float32 factor O/I (as oneDNN's float32 ((o+0.5)·I)/O does), so x carries ~|x|·2^-24 error:
    the absolute term grows with the axis extent."""
    if mode == "nearest" and dtype == np.float32:
        return dict(rtol=0, atol=0)
    eps = EPS[dtype]
    scale = float(np.abs(expected).max()) or 1.0
    coord = 2.0**-22 * extent if mode != "nearest" else 0.0
    return dict(
        rtol=7 * eps if mode != "nearest" else eps,
        atol=((7 * eps if dtype == np.float32 else eps) + coord) * scale,
    )


@pytest.mark.parametrize("ctm", ["half_pixel", "align_corners"])
@pytest.mark.parametrize("case", INTERP_CASES, ids=[c[0] for c in INTERP_CASES])
def test_interpolate_backward_matches_reference(
    case: Any, ctm: str, rng: np.random.Generator
) -> None:
    _, mode, src_shape, dd_shape = case
    g = ints(rng, dd_shape, -8, 8)
    got = dnn.interpolate_backward(
        np.zeros(src_shape, np.float32),
        g,
        mode=mode,
        sizes=list(dd_shape[2:]),
        data_format="NCX",
        coordinate_transformation_mode=ctm,
    )
    want = ref.interpolate_backward(src_shape, g, mode, ctm)
    assert got.shape == src_shape and got.dtype == np.float32
    np.testing.assert_allclose(
        f64(got),
        want,
        **_interp_tol(mode, np.dtype(np.float32), want, max(src_shape[2:] + dd_shape[2:])),
    )


@pytest.mark.parametrize("ctm", ["half_pixel", "align_corners"])
@pytest.mark.parametrize("case", INTERP_CASES[:18], ids=[c[0] for c in INTERP_CASES[:18]])
def test_interpolate_forward_matches_reference_nxc(
    case: Any, ctm: str, rng: np.random.Generator
) -> None:
    _, mode, src_shape, dd_shape = case
    x = ints(rng, src_shape, -8, 8)
    got = dnn.interpolate(
        to_nxc(x), mode=mode, sizes=list(dd_shape[2:]), coordinate_transformation_mode=ctm
    )
    want = ref.interpolate(x, dd_shape[2:], mode, ctm)
    np.testing.assert_allclose(
        f64(from_nxc(got)),
        want,
        **_interp_tol(mode, np.dtype(np.float32), want, max(src_shape[2:] + dd_shape[2:])),
    )


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("mode", ["nearest", "linear"])
@pytest.mark.parametrize("data_format", ["NXC", "NCX"])
def test_interpolate_backward_dtypes(dtype: np.dtype[Any], mode: str, data_format: str) -> None:
    src_shape, dd_shape = (2, 17, 6, 12), (2, 17, 7, 14)
    n = int(np.prod(dd_shape))
    gen = (97 * np.arange(n) + 44) % 17  # benchdnn's fill
    g = (gen / 16.0 if dtype != np.float32 else gen * 1.25).reshape(dd_shape).astype(dtype)
    gi = to_nxc(g) if data_format == "NXC" else g
    si = np.zeros(src_shape, dtype)
    si = to_nxc(si) if data_format == "NXC" else si
    got = dnn.interpolate_backward(si, gi, mode=mode, scales=[1.2, 1.2], data_format=data_format)
    assert got.dtype == dtype
    got = from_nxc(got) if data_format == "NXC" else got
    want = ref.interpolate_backward(src_shape, g, mode)
    rounded = want.astype(dtype).astype(np.float64)
    if mode == "nearest":
        np.testing.assert_array_equal(f64(got), rounded)  # sums of k/16 are exact; one rounding
    else:
        np.testing.assert_allclose(f64(got), want, **_interp_tol(mode, dtype, want, 14))


def test_nearest_index_is_oneDNN_round_half_up_exactly() -> None:
    """floor((2o+1)·I/(2O)) for all I, O ≤ 24 via the device; the parameter choice (resample_modes,
    the one owner of the coordinate conventions) for ≤ 96."""
    for i in range(1, 97):
        for o in range(1, 97):
            for ctm in ("half_pixel", "align_corners"):
                p = resample_modes.onednn_interpolate("nearest", [1, 1, i], [1, 1, o], ctm)
                r = np.arange(o, dtype=np.float64)
                s, a, b = (float(np.float32(p[k][2])) for k in
                           ("Scales", "InputPixelOffsets", "OutputPixelOffsets"))
                np.testing.assert_array_equal(
                    np.clip(np.floor((r - b) / s - a), 0, i - 1), ref.nearest_index(i, o, ctm)
                )
    for i in range(1, 25):
        src = np.arange(i, dtype=np.float32).reshape(1, 1, i)
        for o in range(1, 25):
            for ctm in ("half_pixel", "align_corners"):
                got = dnn.interpolate(
                    src,
                    mode="nearest",
                    sizes=[o],
                    data_format="NCX",
                    coordinate_transformation_mode=ctm,
                )
                np.testing.assert_array_equal(
                    got.ravel(), ref.nearest_index(i, o, ctm), err_msg=f"{i}->{o} {ctm}"
                )


def test_nearest_ties_round_up_not_down() -> None:
    # 2x2 -> 1x3 (DirectML's ResampleGrad example shape): oneDNN gives [3, 4, 4] / [[0, 0], [4, 11]]
    src = np.array([[1, 2], [3, 4]], np.float32).reshape(1, 1, 2, 2)
    fwd = dnn.interpolate(src, mode="nearest", sizes=[1, 3], data_format="NCX")
    assert fwd.ravel().tolist() == [3, 4, 4]
    bwd = dnn.interpolate_backward(
        src,
        np.array([4, 5, 6], np.float32).reshape(1, 1, 1, 3),
        mode="nearest",
        sizes=[1, 3],
        data_format="NCX",
    )
    assert bwd.ravel().tolist() == [0, 0, 4, 11]
    # I=2, O=61, o=30 is an exact tie ((2·30+1)·2 = 2·61): index 1 (torch's float path gives 0)
    x = dnn.interpolate(
        np.array([0, 1], np.float32).reshape(1, 1, 2), mode="nearest", sizes=[61], data_format="NCX"
    )
    assert x.ravel()[30] == 1


def test_scales_truncate_and_factor_is_O_over_I(rng: np.random.Generator) -> None:
    # 12 · 0.583333 = 6.999996 -> 6 (interpolate_3d.json); the mapping uses 6/12, not the scale
    x = ints(rng, (2, 9, 2, 8, 12), -8, 8)
    got = dnn.interpolate(x, mode="linear", scales=[1.5, 0.625, 0.583333], data_format="NCX")
    assert got.shape == (2, 9, 3, 5, 6)
    np.testing.assert_allclose(
        f64(got), ref.interpolate(x, (3, 5, 6), "linear"), rtol=1e-6, atol=1e-5
    )


@pytest.mark.parametrize("mode", ["nearest", "linear"])
@pytest.mark.parametrize("ctm", ["half_pixel", "align_corners"])
def test_interpolate_adjoint(mode: str, ctm: str, rng: np.random.Generator) -> None:
    for src_shape, out_sp in [
        ((2, 3, 9), (5,)),
        ((2, 3, 5, 7), (9, 4)),
        ((1, 2, 3, 4, 5), (5, 7, 2)),
    ]:
        x = ints(rng, src_shape, -8, 8)
        g = ints(rng, src_shape[:2] + out_sp, -8, 8)
        y = dnn.interpolate(
            x, mode=mode, sizes=list(out_sp), data_format="NCX", coordinate_transformation_mode=ctm
        )
        gx = dnn.interpolate_backward(
            x,
            g,
            mode=mode,
            sizes=list(out_sp),
            data_format="NCX",
            coordinate_transformation_mode=ctm,
        )
        lhs, rhs = float(np.sum(f64(y) * f64(g))), float(np.sum(f64(x) * f64(gx)))
        assert lhs == pytest.approx(rhs, rel=1e-5, abs=1e-3)


@pytest.mark.parametrize(
    "mode,ctm", [("nearest", "half_pixel"), ("linear", "half_pixel"), ("linear", "align_corners")]
)
@pytest.mark.parametrize("spatial", [(7,), (6, 12), (2, 4, 6)], ids=["1d", "2d", "3d"])
@pytest.mark.parametrize("direction", ["up", "down"])
def test_interpolate_matches_torch(
    mode: str, ctm: str, spatial: Any, direction: str, rng: np.random.Generator
) -> None:
    torch = pytest.importorskip("torch")
    f = torch.nn.functional
    out_sp = (
        [2 * s + 1 for s in spatial] if direction == "up" else [max(1, s // 2 + 1) for s in spatial]
    )
    x = rng.standard_normal((2, 3, *spatial)).astype(np.float32)
    g = rng.standard_normal((2, 3, *out_sp)).astype(np.float32)
    tmode = (
        "nearest-exact"
        if mode == "nearest"
        else ["linear", "bilinear", "trilinear"][len(spatial) - 1]
    )
    kw = {} if mode == "nearest" else {"align_corners": ctm == "align_corners"}
    xt = torch.tensor(x, requires_grad=True)
    yt = f.interpolate(xt, size=out_sp, mode=tmode, **kw)
    yt.backward(torch.tensor(g))
    y = dnn.interpolate(to_nxc(x), mode=mode, sizes=out_sp, coordinate_transformation_mode=ctm)
    gx = dnn.interpolate_backward(
        to_nxc(x), to_nxc(g), mode=mode, sizes=out_sp, coordinate_transformation_mode=ctm
    )
    np.testing.assert_allclose(from_nxc(y), yt.detach().numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(from_nxc(gx), xt.grad.numpy(), rtol=1e-5, atol=4e-5)


def test_interpolate_nxc_is_lowered_without_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[np.ndarray, np.ndarray]] = []
    real = dnn._backend.resample

    def spy(params: Any, src: np.ndarray, dst: np.ndarray, *, backward: bool) -> None:
        seen.append((src, dst))
        real(params, src, dst, backward=backward)

    monkeypatch.setattr(dnn._backend, "resample", spy)
    g = np.ones((2, 8, 8, 5), np.float32)
    out = dnn.interpolate_backward(
        np.zeros((2, 4, 4, 5), np.float32), g, mode="bilinear", sizes=[8, 8]
    )
    src, dst = seen[0]
    assert np.shares_memory(src, g) and np.shares_memory(dst, out)
    assert out.flags.c_contiguous and out.shape == (2, 4, 4, 5)
    np.testing.assert_allclose(out, 4.0)


def test_sizes_input_tensor() -> None:
    x = np.ones((1, 1, 2, 2), np.float32)
    y = dnn.interpolate(
        x, np.array([4, 4], np.int32), mode="nearest", sizes=[4, 4], data_format="NCX"
    )
    assert y.shape == (1, 1, 4, 4)
    with pytest.raises(dnn.InvalidShape, match=r"inputs\[sizes\]"):
        dnn.interpolate(
            x, np.array([3, 4], np.int32), mode="nearest", sizes=[4, 4], data_format="NCX"
        )


# ---- ConvolutionBackwardData ------------------------------------------------------------

# (name, N, IC, OC, G, diff_src X, diff_dst X, K, S, PB, PE, D, auto_pad, expected pads or None)
CBD = [
    ("C1", 1, 32, 128, 1, (28, 28), (14, 14), (1, 1), (2, 2), (0, 0), (0, 0), (1, 1), "None", None),
    (
        "C2",
        1,
        32,
        128,
        1,
        (28, 28),
        (14, 14),
        (1, 1),
        (2, 2),
        (0, 0),
        (0, 0),
        (1, 1),
        "SAME_UPPER",
        ((0, 0), (0, 0)),
    ),
    (
        "C3",
        1,
        32,
        128,
        1,
        (28, 28),
        (14, 14),
        (1, 1),
        (2, 2),
        (0, 0),
        (0, 0),
        (1, 1),
        "SAME_LOWER",
        ((0, 0), (0, 0)),
    ),
    (
        "C4",
        1,
        32,
        128,
        1,
        (28, 28),
        (14, 14),
        (1, 1),
        (2, 2),
        (0, 0),
        (0, 0),
        (1, 1),
        "VALID",
        ((0, 0), (0, 0)),
    ),
    ("C10", 2, 3, 17, 1, (8,), (4,), (3,), (2,), (1,), (0,), (1,), "None", None),
    ("C11", 2, 16, 16, 1, (5,), (8,), (3,), (1,), (3,), (2,), (1,), "None", None),
    ("C12", 2, 17, 17, 17, (8,), (4,), (3,), (2,), (1,), (0,), (1,), "None", None),
    ("C13", 2, 17, 17, 1, (5, 5), (5, 5), (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "None", None),
    ("C14", 2, 17, 17, 1, (8, 8), (4, 4), (1, 1), (2, 2), (0, 0), (0, 0), (1, 1), "None", None),
    ("C15", 2, 17, 17, 1, (8, 8), (5, 5), (3, 3), (2, 2), (3, 3), (0, 0), (1, 1), "None", None),
    ("C16", 2, 20, 20, 4, (8, 8), (4, 4), (3, 3), (2, 2), (1, 1), (0, 0), (1, 1), "None", None),
    ("C17", 2, 16, 16, 16, (5, 5), (5, 5), (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "None", None),
    (
        "C18",
        2,
        17,
        17,
        1,
        (8, 8, 8),
        (4, 4, 4),
        (3, 3, 3),
        (2, 2, 2),
        (1, 1, 1),
        (0, 0, 0),
        (1, 1, 1),
        "None",
        None,
    ),
    (
        "C19",
        2,
        16,
        16,
        4,
        (5, 5, 5),
        (5, 5, 5),
        (3, 3, 3),
        (1, 1, 1),
        (1, 1, 1),
        (1, 1, 1),
        (1, 1, 1),
        "None",
        None,
    ),
    ("C20", 20, 4, 6, 1, (8, 8), (3, 3), (3, 3), (2, 2), (1, 1), (0, 0), (2, 2), "None", None),
    ("C21", 20, 4, 6, 1, (8, 8), (1, 1), (3, 3), (2, 2), (1, 1), (0, 0), (4, 4), "None", None),
    ("C22", 20, 4, 6, 1, (8, 8), (8, 2), (3, 3), (1, 3), (1, 1), (1, 1), (1, 3), "None", None),
    ("C23", 20, 8, 8, 1, (8, 5), (8, 2), (3, 3), (1, 1), (1, 3), (1, 0), (1, 3), "None", None),
    (
        "C24",
        2,
        128,
        128,
        2,
        (21, 21),
        (3, 13),
        (5, 5),
        (2, 1),
        (0, 0),
        (0, 0),
        (4, 2),
        "None",
        None,
    ),
    (
        "C25",
        2,
        16,
        16,
        1,
        (7, 1, 1),
        (16, 1, 1),
        (5, 1, 1),
        (1, 1, 1),
        (9, 0, 0),
        (20, 0, 0),
        (5, 1, 1),
        "None",
        None,
    ),
    ("C26", 2, 24, 24, 6, (11,), (9,), (3,), (1,), (0,), (0,), (1,), "None", None),
    ("C27", 2, 8, 8, 1, (5,), (2,), (3,), (1,), (3,), (0,), (3,), "None", None),
    ("C28", 1, 16, 16, 1, (10, 10), (20, 20), (5, 5), (1, 1), (7, 7), (7, 7), (1, 1), "None", None),
    ("C29", 1, 16, 16, 1, (16, 16), (15, 15), (3, 3), (1, 1), (1, 0), (0, 1), (1, 1), "None", None),
    (
        "C30",
        1,
        1,
        16,
        1,
        (2, 1, 1),
        (1, 1, 1),
        (2, 1, 1),
        (2, 1, 1),
        (1, 0, 0),
        (0, 0, 0),
        (1, 1, 1),
        "None",
        None,
    ),
    ("C31", 1, 16, 16, 1, (1, 1), (1, 1), (7, 7), (1, 1), (2, 2), (4, 4), (1, 1), "None", None),
    ("C32", 1, 16, 16, 1, (3, 3), (1, 1), (5, 5), (1, 1), (1, 1), (1, 1), (1, 1), "None", None),
    ("C33", 2, 16, 16, 1, (1,), (100,), (3,), (1,), (100,), (1,), (1,), "None", None),
    (
        "C34",
        2,
        1,
        64,
        1,
        (55, 55),
        (18, 18),
        (30, 30),
        (3, 3),
        (29, 29),
        (55, 55),
        (3, 3),
        "None",
        None,
    ),
    ("C35", 1, 4, 4, 4, (2, 1), (1, 1), (5, 1), (2, 1), (1, 0), (2, 0), (1, 1), "None", None),
    (
        "C36",
        1,
        16,
        16,
        1,
        (2, 1, 1),
        (1, 1, 1),
        (2, 1, 1),
        (3, 1, 1),
        (2, 0, 0),
        (0, 0, 0),
        (1, 1, 1),
        "None",
        None,
    ),
    ("C37", 2, 4, 16, 1, (84, 84), (20, 20), (8, 8), (4, 4), (0, 0), (0, 0), (1, 1), "None", None),
    ("C38", 2, 19, 32, 1, (13, 13), (12, 12), (3, 3), (1, 1), (0, 0), (1, 1), (1, 1), "None", None),
    (
        "C39",
        1,
        1,
        1,
        1,
        (6, 6),
        (6, 6),
        (4, 4),
        (1, 1),
        (0, 0),
        (0, 0),
        (1, 1),
        "SAME_UPPER",
        ((1, 1), (2, 2)),
    ),
    (
        "C40",
        1,
        1,
        1,
        1,
        (6, 6),
        (6, 6),
        (4, 4),
        (1, 1),
        (0, 0),
        (0, 0),
        (1, 1),
        "SAME_LOWER",
        ((2, 2), (1, 1)),
    ),
    (
        "C41",
        1,
        1,
        1,
        1,
        (9, 9),
        (6, 6),
        (4, 4),
        (1, 1),
        (1, 1),
        (2, 2),
        (1, 1),
        "VALID",
        ((0, 0), (0, 0)),
    ),
    (
        "C42",
        1,
        1,
        1,
        1,
        (16, 16),
        (10, 10),
        (4, 4),
        (1, 1),
        (0, 0),
        (0, 0),
        (2, 2),
        "VALID",
        ((0, 0), (0, 0)),
    ),
    (
        "C43",
        2,
        6,
        4,
        2,
        (7, 8),
        (4, 4),
        (3, 3),
        (2, 2),
        (0, 0),
        (0, 0),
        (1, 1),
        "SAME_UPPER",
        ((1, 0), (1, 1)),
    ),
    (
        "C44",
        2,
        6,
        4,
        2,
        (7, 8),
        (4, 4),
        (3, 3),
        (2, 2),
        (0, 0),
        (0, 0),
        (1, 1),
        "SAME_LOWER",
        ((1, 1), (1, 0)),
    ),
    (
        "C45",
        2,
        6,
        4,
        2,
        (7, 8),
        (4, 4),
        (3, 3),
        (2, 2),
        (0, 0),
        (0, 0),
        (2, 2),
        "SAME_UPPER",
        ((2, 1), (2, 2)),
    ),
]


def _cbd_problem(
    case: Any, rng: np.random.Generator, dtype: Any = np.float32, lo: int = -3, hi: int = 3
) -> tuple[np.ndarray, np.ndarray, dict[str, Any], list[int], list[int]]:
    _, n, ic, oc, g, ds, dd, k, s, pb, pe, d, ap, pads = case
    gd = ints(rng, (n, oc, *dd), lo, hi, dtype)
    w = ints(rng, (oc, ic // g, *k), lo, hi, dtype)
    attrs = conv_attrs(s, pb, pe, d, groups=g, auto_pad=ap)
    if pads is None:
        pb_eff, pe_eff = list(pb), list(pe)
    else:
        pb_eff, pe_eff = list(pads[0]), list(pads[1])
        # the expected pads (from the gtests / the note) agree with an independent auto_pad
        assert [ref.auto_pads(ds[i], s[i], k[i], d[i], ap) for i in range(len(k))] == list(
            zip(pb_eff, pe_eff, strict=False)
        )
    return gd, w, attrs, pb_eff, pe_eff


@pytest.mark.parametrize("case", CBD, ids=[c[0] for c in CBD])
def test_convolution_backward_data_matches_reference(case: Any, rng: np.random.Generator) -> None:
    gd, w, attrs, pb, _ = _cbd_problem(case, rng)
    n, ic, ds = case[1], case[2], case[5]
    got = dnn.convolution_backward_data(
        gd, w, data_format="NCX", weights_format="OIX", dst_shape=[n, ic, *ds], **attrs
    )
    want = ref.convolution_backward_data(gd, w, ds, case[8], pb, case[11], case[4])
    np.testing.assert_array_equal(f64(got), want)  # integer data: exact, as benchdnn requires


@pytest.mark.parametrize("case", CBD, ids=[c[0] for c in CBD])
def test_convolution_backward_data_matches_torch(case: Any, rng: np.random.Generator) -> None:
    torch = pytest.importorskip("torch")
    gd, w, attrs, pb, pe = _cbd_problem(case, rng)
    n, ic, ds, sp = case[1], case[2], case[5], len(case[5])
    fn = getattr(torch.nn.grad, f"conv{sp}d_input")
    padded = [n, ic] + [ds[i] + pb[i] + pe[i] for i in range(sp)]
    full = fn(
        padded,
        torch.tensor(w, dtype=torch.float64),
        torch.tensor(gd, dtype=torch.float64),
        stride=case[8],
        padding=0,
        dilation=case[11],
        groups=case[4],
    ).numpy()
    want = full[(slice(None), slice(None), *tuple(slice(pb[i], pb[i] + ds[i]) for i in range(sp)))]
    got = dnn.convolution_backward_data(
        to_nxc(gd), oix_to_xio(w), dst_shape=[n, *ds, ic], **attrs
    )  # NXC/XIO
    np.testing.assert_array_equal(f64(from_nxc(got)), want)


@pytest.mark.parametrize(
    "case",
    [c for c in CBD if c[0] in ("C10", "C15", "C16", "C19", "C23", "C29", "C43", "C45")],
    ids=lambda c: c[0],
)
def test_convolution_backward_data_adjoint(case: Any, rng: np.random.Generator) -> None:
    gd, w, attrs, _, _ = _cbd_problem(case, rng)
    n, ic, ds = case[1], case[2], case[5]
    x = ints(rng, (n, ic, *ds), -3, 3)
    y = dnn.convolution(x, w, data_format="NCX", weights_format="OIX", **attrs)
    gx = dnn.convolution_backward_data(
        gd, w, data_format="NCX", weights_format="OIX", dst_shape=[n, ic, *ds], **attrs
    )
    assert y.shape == gd.shape
    assert float(np.sum(f64(y) * f64(gd))) == float(np.sum(f64(x) * f64(gx)))


@pytest.mark.parametrize("dtype", [BF16, np.dtype(np.float16)], ids=str)
@pytest.mark.parametrize("name", ["C1", "C2", "C4", "C16", "C18", "C45"])
def test_convolution_backward_data_low_precision(
    dtype: np.dtype[Any], name: str, rng: np.random.Generator
) -> None:
    case = next(c for c in CBD if c[0] == name)
    gd, w, attrs, pb, _ = _cbd_problem(case, rng, dtype, -2, 2)
    n, ic, ds = case[1], case[2], case[5]
    got = dnn.convolution_backward_data(to_nxc(gd), oix_to_xio(w), dst_shape=[n, *ds, ic], **attrs)
    assert got.dtype == dtype
    want = ref.convolution_backward_data(f64(gd), f64(w), ds, case[8], pb, case[11], case[4])
    # f32 accumulation is exact on these integers: one rounding to the storage type
    np.testing.assert_array_equal(f64(from_nxc(got)), want.astype(dtype).astype(np.float64))


def test_convolution_backward_data_output_padding_ignored_and_dst_shape_input(
    rng: np.random.Generator,
) -> None:
    gd, w, attrs, _pb, _ = _cbd_problem(CBD[0], rng)
    base = dnn.convolution_backward_data(
        gd, w, data_format="NCX", weights_format="OIX", dst_shape=[1, 32, 28, 28], **attrs
    )
    with_op = dnn.convolution_backward_data(
        gd,
        w,
        data_format="NCX",
        weights_format="OIX",
        dst_shape=[1, 32, 28, 28],
        output_padding=[2, 2],
        **attrs,
    )  # C5
    np.testing.assert_array_equal(base, with_op)
    via_input = dnn.convolution_backward_data(
        gd, w, np.array([1, 32, 28, 28], np.int32), data_format="NCX", weights_format="OIX", **attrs
    )
    np.testing.assert_array_equal(base, via_input)
    # no dst_shape: the ConvTranspose size with output_padding (pydml extension): 2·13 + 1 + 1
    inferred = dnn.convolution_backward_data(
        gd, w, data_format="NCX", weights_format="OIX", output_padding=[1, 1], **attrs
    )
    np.testing.assert_array_equal(base, inferred)
    assert (base[:, :, 1::2, :] == 0).all() and (
        base[:, :, :, 1::2] == 0
    ).all()  # C1: odd rows untouched


# ---- ConvTransposeBackwardData ------------------------------------------------------------

# (name, diff_dst NCX, W IOX, G, S, PB, PE, D, auto_pad, diff_src NCX) — onednn-graph-ops.md §8.3
CTBD = [
    ("T1", (1, 128, 16, 16), (32, 128, 3, 3), 1, 2, 0, 41, 1, "None", (1, 32, 28, 28)),
    ("T2", (1, 128, 16, 16), (32, 128, 3, 3), 1, 2, 0, 41, 1, "SAME_UPPER", (1, 32, 8, 8)),
    ("T3", (1, 128, 16, 16), (32, 128, 3, 3), 1, 2, 0, 41, 1, "SAME_LOWER", (1, 32, 8, 8)),
    ("T4", (1, 128, 16, 16), (32, 128, 3, 3), 1, 2, 0, 41, 1, "VALID", (1, 32, 7, 7)),
    ("T7", (2, 16, 5, 5), (17, 16, 3, 3), 1, 1, 3, 2, 1, "None", (2, 17, 8, 8)),
    ("T8", (2, 16, 5, 5), (16, 16, 1, 1), 1, 1, 0, 0, 1, "None", (2, 16, 5, 5)),
    ("T9", (2, 16, 5, 5), (16, 16, 3, 3), 1, 1, 1, 1, 1, "None", (2, 16, 5, 5)),
    ("T9d2", (2, 16, 5, 5), (16, 16, 3, 3), 1, 1, 1, 1, 2, "None", (2, 16, 3, 3)),
    ("T10", (2, 17, 5, 5), (16, 17, 1, 1), 1, 1, 0, 0, 1, "None", (2, 16, 5, 5)),
    ("T11", (2, 17, 5, 5), (16, 17, 3, 3), 1, 1, 1, 1, 1, "None", (2, 16, 5, 5)),
    ("T12", (2, 3, 5, 5), (16, 3, 3, 3), 1, 1, 1, 1, 1, "None", (2, 16, 5, 5)),
    ("T13", (2, 16, 5, 5), (16, 16, 3, 3), 1, 1, 3, 2, 1, "None", (2, 16, 8, 8)),
    ("T14", (2, 3, 5, 5), (17, 3, 3, 3), 1, 1, 1, 1, 1, "None", (2, 17, 5, 5)),
    ("T15", (2, 16, 5, 5, 5), (20, 4, 3, 3, 3), 4, 1, 1, 1, 1, "None", (2, 20, 5, 5, 5)),
    ("T16", (2, 16, 5, 5, 5), (16, 1, 3, 3, 3), 16, 1, 1, 1, 1, "None", (2, 16, 5, 5, 5)),
    ("T17", (2, 17, 5, 5, 5), (17, 1, 3, 3, 3), 17, 1, 1, 1, 1, "None", (2, 17, 5, 5, 5)),
    ("T18", (2, 20, 5, 5, 5), (16, 5, 3, 3, 3), 4, 1, 1, 1, 1, "None", (2, 16, 5, 5, 5)),
    ("T1d", (2, 6, 9), (4, 3, 3), 2, 2, 1, 0, 2, "SAME_UPPER", (2, 4, 5)),
]


def _ctbd(
    case: Any, rng: np.random.Generator, dtype: Any = np.float32
) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    _, dd, ws, g, s, pb, pe, d, ap, _ = case
    sp = len(dd) - 2
    gd = ints(rng, dd, -3, 3, dtype)
    w = ints(rng, ws, -3, 3, dtype)
    return gd, w, conv_attrs([s] * sp, [pb] * sp, [pe] * sp, [d] * sp, groups=g, auto_pad=ap)


@pytest.mark.parametrize("case", CTBD, ids=[c[0] for c in CTBD])
def test_conv_transpose_backward_data(case: Any, rng: np.random.Generator) -> None:
    gd, w, attrs = _ctbd(case, rng)
    sp = gd.ndim - 2
    got = dnn.conv_transpose_backward_data(gd, w, data_format="NCX", weights_format="IOX", **attrs)
    assert got.shape == case[9]
    pads = [
        ref.auto_pads(gd.shape[2 + i], case[4], w.shape[2 + i], case[7], case[8])
        if case[8] != "None"
        else (case[5], case[6])
        for i in range(sp)
    ]
    pb, pe = [p[0] for p in pads], [p[1] for p in pads]
    want = ref.conv_transpose_backward_data(
        gd, w, attrs["strides"], pb, pe, attrs["dilations"], case[3]
    )
    np.testing.assert_array_equal(f64(got), want)
    got_nxc = dnn.conv_transpose_backward_data(
        to_nxc(gd), oix_to_xio(w), **attrs
    )  # NXC / XOI defaults
    np.testing.assert_array_equal(f64(from_nxc(got_nxc)), want)
    torch = pytest.importorskip("torch")
    fn = getattr(torch.nn.functional, f"conv{sp}d")
    xt = torch.nn.functional.pad(
        torch.tensor(gd, dtype=torch.float64),
        [v for i in reversed(range(sp)) for v in (pb[i], pe[i])],
    )
    t = fn(
        xt,
        torch.tensor(w, dtype=torch.float64),
        stride=attrs["strides"],
        dilation=attrs["dilations"],
        groups=case[3],
    ).numpy()
    np.testing.assert_array_equal(f64(got), t)


@pytest.mark.parametrize(
    "case", [c for c in CTBD if c[0] in ("T7", "T9d2", "T15", "T18", "T1d")], ids=lambda c: c[0]
)
def test_conv_transpose_adjoint_and_round_trip(case: Any, rng: np.random.Generator) -> None:
    gd, w, attrs = _ctbd(case, rng)
    gx = dnn.conv_transpose_backward_data(gd, w, data_format="NCX", weights_format="IOX", **attrs)
    x = ints(rng, gx.shape, -3, 3)
    ap = attrs["auto_pad"]
    fwd_attrs = dict(attrs)
    if ap != "None":  # ConvTranspose's SAME rule differs (T = Keff - S); use the resolved pads
        sp = gd.ndim - 2
        pads = [
            ref.auto_pads(
                gd.shape[2 + i], attrs["strides"][i], w.shape[2 + i], attrs["dilations"][i], ap
            )
            for i in range(sp)
        ]
        fwd_attrs.update(
            auto_pad="None", pads_begin=[p[0] for p in pads], pads_end=[p[1] for p in pads]
        )
    y = dnn.conv_transpose(x, w, data_format="NCX", weights_format="IOX", **fwd_attrs)
    if y.shape != gd.shape:  # the forward output is shorter: grow it with output_padding
        opad = [gd.shape[2 + i] - y.shape[2 + i] for i in range(gd.ndim - 2)]
        y = dnn.conv_transpose(
            x, w, data_format="NCX", weights_format="IOX", output_padding=opad, **fwd_attrs
        )
    assert y.shape == gd.shape
    assert float(np.sum(f64(y) * f64(gd))) == float(np.sum(f64(x) * f64(gx)))


def test_conv_transpose_output_padding_round_trip(rng: np.random.Generator) -> None:
    """output_padding ≥ stride on ConvTranspose; ConvTransposeBackwardData accepts it too."""
    x = ints(rng, (2, 4, 5, 6), -3, 3)
    w = ints(rng, (4, 3, 3, 2), -3, 3)
    b = ints(rng, (3,), -3, 3)
    attrs = conv_attrs([2, 1], [1, 0], [0, 1], [1, 2], data_format="NCX", weights_format="IOX")
    for opad in ([0, 0], [1, 0], [3, 2]):
        y = dnn.conv_transpose(x, w, b, output_padding=opad, **attrs)
        want = ref.conv_transpose(x, w, [2, 1], [1, 0], [0, 1], [1, 2], opad, 1, b)
        np.testing.assert_array_equal(f64(y), want)
        g = ints(rng, y.shape, -3, 3)
        gx = dnn.conv_transpose_backward_data(g, w, output_padding=opad, **attrs)
        assert gx.shape == x.shape
        yb = dnn.conv_transpose(x, w, output_padding=opad, **attrs)
        assert float(np.sum(f64(yb) * f64(g))) == float(np.sum(f64(x) * f64(gx)))
    torch = pytest.importorskip("torch")
    t = torch.nn.functional.conv_transpose2d(
        torch.tensor(x, dtype=torch.float64),
        torch.tensor(w, dtype=torch.float64),
        torch.tensor(b, dtype=torch.float64),
        stride=(2, 1),
        padding=(1, 0),
        output_padding=(1, 0),
        dilation=(1, 2),
    ).numpy()
    # torch's padding is symmetric: H (1, 1) + output_padding 1 = ours PB 1, PE 0, OP 1 minus a row;
    # W (0, 0) = ours PB 0, PE 1, OP 1
    y = dnn.conv_transpose(x, w, b, output_padding=[1, 1], **attrs)
    assert y.shape == (2, 3, 11, 8) and t.shape == (2, 3, 10, 8)
    np.testing.assert_array_equal(f64(y)[:, :, :10], t)


@pytest.mark.parametrize(
    "auto_pad,pads,out",
    [
        ("SAME_UPPER", ((1, 1), (2, 2)), 6),
        ("SAME_LOWER", ((2, 2), (1, 1)), 6),
        ("VALID", ((0, 0), (0, 0)), 9),
    ],
)
def test_conv_transpose_auto_pad_gtest(
    auto_pad: str, pads: Any, out: int, rng: np.random.Generator
) -> None:
    """InferConvtransposeAutoPadShape: src 6x6, W 4x4, S1 -> SAME_* 6x6 (1,2)/(2,1), VALID 9x9."""
    x = ints(rng, (1, 1, 6, 6), -3, 3)
    w = ints(rng, (1, 1, 4, 4), -3, 3)
    y = dnn.conv_transpose(
        x,
        w,
        **conv_attrs(
            [1, 1],
            [0, 0],
            [0, 0],
            [1, 1],
            auto_pad=auto_pad,
            data_format="NCX",
            weights_format="IOX",
        ),
    )
    assert y.shape == (1, 1, out, out)
    np.testing.assert_array_equal(f64(y), ref.conv_transpose(x, w, [1, 1], *pads, [1, 1]))


@pytest.mark.parametrize(
    "auto_pad,pb,pe,out",
    [
        ("None", (1, 1), (2, 2), 6),
        ("SAME_UPPER", (1, 1), (2, 2), 6),
        ("SAME_LOWER", (2, 2), (1, 1), 6),
        ("VALID", (0, 0), (0, 0), 3),
    ],
)
def test_convolution_auto_pad_gtest(
    auto_pad: str, pb: Any, pe: Any, out: int, rng: np.random.Generator
) -> None:
    """InferConvolutionAutoPadShape: src 6x6, W 4x4, given pads (1,1)/(2,2)."""
    x = ints(rng, (1, 1, 6, 6), -3, 3)
    w = ints(rng, (1, 1, 4, 4), -3, 3)
    b = ints(rng, (1,), -3, 3)
    y = dnn.convolution(
        to_nxc(x), oix_to_xio(w), b, **conv_attrs([1, 1], [1, 1], [2, 2], [1, 1], auto_pad=auto_pad)
    )
    assert y.shape == (1, out, out, 1)
    np.testing.assert_array_equal(
        f64(from_nxc(y)), ref.convolution(x, w, [1, 1], pb, pe, [1, 1], 1, b)
    )


# ---- JSON ---------------------------------------------------------------------------------------


def _doc(kind: str, attrs: dict[str, Any], ins: list[Any], out: Any) -> dict[str, Any]:
    def lt(i: int, shape: Any, prop: str = "undef") -> dict[str, Any]:
        st = [int(np.prod(shape[j + 1 :])) for j in range(len(shape))]
        return {
            "id": i,
            "dtype": "f32",
            "shape": list(shape),
            "stride": st,
            "layout_type": "strided",
            "property_type": prop,
        }

    return {
        "version": "3.7.0",
        "engine_kind": "cpu",
        "fpmath_mode": "strict",
        "input_ports": [0, 1],
        "output_ports": [2],
        "graph": [
            {
                "id": 0,
                "name": "op",
                "kind": kind,
                "attrs": {k: {"type": t, "value": v} for k, (t, v) in attrs.items()},
                "inputs": [lt(i, s) for i, s in enumerate(ins)],
                "outputs": [lt(len(ins), out)],
            }
        ],
    }


G1 = _doc(
    "InterpolateBackward",
    {
        "mode": ("string", "nearest"),
        "coordinate_transformation_mode": ("string", "half_pixel"),
        "sizes": ("s64[]", [4, 6]),
        "data_format": ("string", "NCX"),
    },
    [(1, 1, 2, 2), (1, 1, 4, 6)],
    (1, 1, 2, 2),
)
G2 = _doc(
    "ConvolutionBackwardData",
    {
        "strides": ("s64[]", [2, 2]),
        "pads_begin": ("s64[]", [1, 1]),
        "pads_end": ("s64[]", [1, 1]),
        "dilations": ("s64[]", [1, 1]),
        "groups": ("s64", 1),
        "auto_pad": ("string", "None"),
        "data_format": ("string", "NCX"),
        "weights_format": ("string", "OIX"),
        "dst_shape": ("s64[]", [1, 1, 3, 3]),
    },
    [(1, 2, 2, 2), (2, 1, 3, 3)],
    (1, 1, 3, 3),
)
G3 = _doc(
    "ConvTransposeBackwardData",
    {
        "strides": ("s64[]", [2, 2]),
        "pads_begin": ("s64[]", [1, 1]),
        "pads_end": ("s64[]", [1, 1]),
        "dilations": ("s64[]", [1, 1]),
        "groups": ("s64", 1),
        "auto_pad": ("string", "None"),
        "data_format": ("string", "NXC"),
        "weights_format": ("string", "XOI"),
    },
    [(1, 3, 3, 1), (3, 3, 1, 2)],
    (1, 2, 2, 2),
)


def _write(tmp_path: Path, doc: dict[str, Any]) -> Path:
    p = tmp_path / "g.json"
    p.write_text(json.dumps(doc))
    return p


def _simple(shape: Any) -> np.ndarray:
    return (np.arange(int(np.prod(shape)), dtype=np.float32) + 1).reshape(shape)


@pytest.mark.parametrize(
    "doc,simple,benchdnn",
    [
        (G1, [30, 48, 102, 120], [52.5, 67.5, 48.75, 63.75]),
        (G2, [75, 167, 94, 176, 386, 214, 113, 243, 132], [12, 76, 106, 34, 384, 93, 184, 17, -9]),
        (G3, [176, 188, 196, 212, 188, 212, 160, 188], [114, -81, -301, -118, 62, 100, -13, -113]),
    ],
    ids=["G1", "G2", "G3"],
)
def test_formats_worked_examples(
    doc: Any, simple: list[float], benchdnn: list[float], tmp_path: Path
) -> None:
    path = _write(tmp_path, doc)
    ins = doc["graph"][0]["inputs"]
    given = {lt["id"]: _simple(lt["shape"]) for lt in ins}
    assert run_json(path, given)[2].ravel().tolist() == simple
    assert run_json(path)[2].ravel().tolist() == benchdnn
    lines: list[str] = []
    assert main_json(path, print_fn=lines.append) == 0
    assert lines[1] == " ".join(
        str(v).removesuffix(".0") if float(v) == int(v) else str(v) for v in benchdnn
    )


def test_formats_g1_linear(tmp_path: Path) -> None:
    doc = json.loads(json.dumps(G1))
    doc["graph"][0]["attrs"]["mode"]["value"] = "linear"
    path = _write(tmp_path, doc)
    np.testing.assert_allclose(
        run_json(path, {1: _simple((1, 1, 4, 6))})[2].ravel(),
        [35.1667, 51.8333, 98.1667, 114.833],
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        run_json(path)[2].ravel(), [59.1667, 57.7083, 47.9167, 67.7083], rtol=1e-5
    )


def test_json_channels_last_strides_and_12_entry_output_padding(
    tmp_path: Path, rng: np.random.Generator
) -> None:
    """conv_bwd_d_3d.json style: NCX shapes, channels-last strides; output_padding of 12 zeros."""
    doc = json.loads(json.dumps(G2))
    op = doc["graph"][0]
    op["attrs"]["output_padding"] = {"type": "s64[]", "value": [0] * 12}
    op["inputs"][0]["stride"] = [8, 1, 4, 2]  # 1x2x2x2 channels-last
    path = _write(tmp_path, doc)
    gd = ints(rng, (1, 2, 2, 2), -3, 3)
    w = ints(rng, (2, 1, 3, 3), -3, 3)
    got = run_json(path, {0: gd, 1: w})[2]
    np.testing.assert_array_equal(
        f64(got), ref.convolution_backward_data(gd, w, (3, 3), [2, 2], [1, 1], [1, 1])
    )


def test_benchdnn_fill_first_element_positive_and_range() -> None:
    v = benchdnn_fill(
        "ConvolutionBackwardData", 0, [1, 128, 14, 14], "f32", weights_ncx=[128, 32, 1, 1]
    )
    assert v.ravel()[0] > 0 and v.min() >= -8 and v.max() <= 8 and len(np.unique(v)) == 17


def test_json_errors(tmp_path: Path) -> None:
    doc = json.loads(json.dumps(G2))
    doc["graph"][0]["attrs"]["auto_pad"]["value"] = "same_upper"
    lines: list[str] = []
    assert main_json(_write(tmp_path, doc), print_fn=lines.append, error_fn=lines.append) == 1  # docs/cli.md
    assert lines[0].startswith("pydml onednn: ") and "auto_pad" in lines[0] and "same_upper" in lines[0]
    doc["graph"][0]["kind"] = "Pooling"
    with pytest.raises(dnn.Unimplemented, match="Pooling"):
        run_json(_write(tmp_path, doc))


def test_json_groups_not_dividing_the_deconv_weights_channels_is_an_error(tmp_path: Path) -> None:
    """A ConvTranspose(BackwardData) graph whose groups do not divide the weights' IC (IOX dim 0)
    reached the benchdnn fill's [G, OC/G, IC/G, K] reshape before the lowering's check and left
    the CLI with a ValueError traceback (found by tests/test_fuzz_python.py --long: groups 3 for
    the 2-channel example); now the lowering's own error, exit code 1."""
    example = Path(__file__).resolve().parents[1] / "examples" / "onednn" / "conv_transpose_backward_data.json"
    doc = json.loads(example.read_text())
    doc["graph"][0]["attrs"]["groups"] = {"type": "s64", "value": 3}
    lines: list[str] = []
    assert main_json(_write(tmp_path, doc), print_fn=lines.append, error_fn=lines.append) == 1
    assert lines[0].startswith("pydml onednn: ") and "must be divisible by groups (3)" in lines[0], lines
    with pytest.raises(dnn.InvalidShape, match=r"IC \(IOX dim 0\) must be divisible by groups \(3\)"):
        benchdnn_fill("ConvTranspose", 1, [2, 1, 3, 3], "f32", groups=3)


# ---- errors -------------------------------------------------------------------------------------

X4 = np.zeros((1, 4, 4, 2), np.float32)
W4 = np.zeros((3, 3, 2, 2), np.float32)
CONV = conv_attrs([1, 1], [1, 1], [1, 1], [1, 1])


@pytest.mark.parametrize(
    "call,exc,words",
    [
        (
            lambda: dnn.interpolate(X4, mode="cubic", sizes=[2, 2]),
            dnn.InvalidGraphOp,
            ["Interpolate.mode", "cubic"],
        ),
        (lambda: dnn.interpolate(X4, mode="linear"), dnn.InvalidGraphOp, ["exactly one"]),
        (
            lambda: dnn.interpolate(X4, mode="linear", sizes=[2, 2], scales=[1.0, 1.0]),
            dnn.InvalidGraphOp,
            ["exactly one"],
        ),
        (lambda: dnn.interpolate(X4, mode="linear", sizes=[2]), dnn.InvalidShape, ["sizes", "[2]"]),
        (lambda: dnn.interpolate(X4, sizes=[2, 2]), dnn.InvalidGraphOp, ["mode", "required"]),
        (
            lambda: dnn.interpolate(X4, mode="linear", sizes=[2, 2], data_format="NHWC"),
            dnn.InvalidGraphOp,
            ["NHWC"],
        ),
        (
            lambda: dnn.interpolate(
                X4, mode="linear", sizes=[2, 2], coordinate_transformation_mode="asymmetric"
            ),
            dnn.InvalidGraphOp,
            ["asymmetric"],
        ),
        (
            lambda: dnn.interpolate(X4.astype(np.float64), mode="linear", sizes=[2, 2]),
            dnn.InvalidGraphOp,
            ["float64"],
        ),
        (
            lambda: dnn.interpolate(np.zeros((4, 4), np.float32), mode="linear", sizes=[2]),
            dnn.InvalidArguments,
            ["3, 4 or 5"],
        ),
        (
            lambda: dnn.interpolate_backward(
                X4, X4.astype(np.float16), mode="linear", sizes=[4, 4]
            ),
            dnn.InvalidGraphOp,
            ["diff_dst", "f16"],
        ),
        (
            lambda: dnn.interpolate_backward(
                X4, np.zeros((1, 4, 4, 3), np.float32), mode="linear", sizes=[4, 4]
            ),
            dnn.InvalidArguments,
            ["N and C"],
        ),
        (
            lambda: dnn.convolution(X4, W4, **CONV, auto_pad="same_upper"),
            dnn.InvalidGraphOp,
            ["auto_pad", "same_upper"],
        ),
        (
            lambda: dnn.convolution(X4, W4, **CONV, weights_format="XOI"),
            dnn.InvalidGraphOp,
            ["weights_format", "XOI"],
        ),
        (lambda: dnn.convolution(X4, W4, **CONV, bogus=1), dnn.InvalidGraphOp, ["bogus"]),
        (
            lambda: dnn.convolution(X4, W4, strides=[1, 1], pads_begin=[0, 0], pads_end=[0, 0]),
            dnn.InvalidGraphOp,
            ["dilations", "required"],
        ),
        (
            lambda: dnn.convolution(X4, W4, **{**CONV, "pads_begin": [-1, 0]}),
            dnn.InvalidGraphOp,
            ["pads_begin", "-1"],
        ),
        (
            lambda: dnn.convolution(X4, W4, **{**CONV, "groups": [1]}),
            dnn.InvalidGraphOp,
            ["groups"],
        ),
        (lambda: dnn.convolution(X4, W4, **{**CONV, "groups": 0}), dnn.InvalidShape, ["groups"]),
        (
            lambda: dnn.convolution(X4, W4, **{**CONV, "strides": [1]}),
            dnn.InvalidShape,
            ["strides"],
        ),
        (lambda: dnn.convolution(X4, W4, **CONV, groups=2), dnn.InvalidShape, ["channels"]),
        (
            lambda: dnn.convolution_backward_data(X4, W4, **CONV, auto_pad="SAME_UPPER"),
            dnn.InvalidShape,
            ["dst_shape"],
        ),
        (
            lambda: dnn.convolution_backward_data(X4, W4, **CONV, dst_shape=[1, 5, 5, 2]),
            dnn.InvalidArguments,
            ["forward convolution"],
        ),
        (
            lambda: dnn.convolution_backward_data(
                np.zeros((1, 4, 4, 3), np.float32),
                np.zeros((3, 3, 2, 5), np.float32),
                **CONV,
                dst_shape=[1, 4, 4, 2],
            ),
            dnn.InvalidArguments,
            ["weights"],
        ),
        (
            lambda: dnn.conv_transpose_backward_data(X4, W4, **CONV, weights_format="OIX"),
            dnn.InvalidGraphOp,
            ["weights_format", "OIX"],
        ),
        (
            lambda: dnn.conv_transpose_backward_data(X4, W4, **CONV, dst_shape=[1, 4, 4, 2]),
            dnn.InvalidGraphOp,
            ["dst_shape"],
        ),
        (
            lambda: dnn.conv_transpose_backward_data(
                X4, np.zeros((3, 3, 5, 2), np.float32), **CONV
            ),
            dnn.InvalidShape,
            ["diff_dst"],
        ),
        (
            lambda: dnn.convolution(
                X4, np.zeros((7, 7, 2, 2), np.float32), **conv_attrs([1, 1], [0, 0], [0, 0], [1, 1])
            ),
            dnn.InvalidShape,
            ["exceeds"],
        ),
    ],
)
def test_errors(call: Any, exc: type[Exception], words: list[str]) -> None:
    with pytest.raises(exc) as info:
        call()
    assert isinstance(info.value, PydmlError)
    for w in words:
        assert w in str(info.value), str(info.value)


def test_error_classes() -> None:
    assert issubclass(dnn.InvalidShape, ValueError) and issubclass(
        dnn.Unimplemented, NotImplementedError
    )
    assert (
        dnn.InvalidArguments.status,
        dnn.Unimplemented.status,
        dnn.InvalidGraphOp.status,
        dnn.InvalidShape.status,
    ) == (2, 3, 8, 9)


# ---- more coverage ------------------------------------------------------------------------------


def test_portable_and_vector_paths_agree(isa: str, rng: np.random.Generator) -> None:
    g = ints(rng, (2, 9, 10, 5), -8, 8)
    got = dnn.interpolate_backward(
        np.zeros((2, 4, 5, 5), np.float32), g, mode="bilinear", sizes=[9, 10]
    )
    want = ref.interpolate_backward((2, 5, 4, 5), from_nxc(g), "linear")
    np.testing.assert_allclose(f64(from_nxc(got)), want, rtol=1e-5, atol=1e-4)
    case = next(c for c in CBD if c[0] == "C45")
    gd, w, attrs, pb, _ = _cbd_problem(case, rng)
    gx = dnn.convolution_backward_data(to_nxc(gd), oix_to_xio(w), dst_shape=[2, 7, 8, 6], **attrs)
    want = ref.convolution_backward_data(gd, w, (7, 8), (2, 2), pb, (2, 2), 2)
    np.testing.assert_array_equal(f64(from_nxc(gx)), want)


@pytest.mark.parametrize("i,o", [(1, 5), (5, 1), (1, 1), (4, 4)])
def test_align_corners_degenerate_sizes(i: int, o: int, rng: np.random.Generator) -> None:
    torch = pytest.importorskip("torch")
    x = ints(rng, (1, 2, i, 3), -8, 8)
    y = dnn.interpolate(
        x,
        mode="linear",
        sizes=[o, 3],
        data_format="NCX",
        coordinate_transformation_mode="align_corners",
    )
    t = torch.nn.functional.interpolate(
        torch.tensor(x), size=[o, 3], mode="bilinear", align_corners=True
    )
    np.testing.assert_allclose(y, t.numpy(), rtol=1e-6, atol=1e-6)
    yn = dnn.interpolate(
        x,
        mode="nearest",
        sizes=[o, 3],
        data_format="NCX",
        coordinate_transformation_mode="align_corners",
    )
    np.testing.assert_array_equal(f64(yn), ref.interpolate(x, (o, 3), "nearest", "align_corners"))


@pytest.mark.parametrize("dtype", [BF16, np.dtype(np.float16)], ids=str)
def test_interpolate_forward_low_precision(dtype: np.dtype[Any], rng: np.random.Generator) -> None:
    x = (ints(rng, (2, 5, 7, 3), -8, 8) / 16).astype(dtype)
    for mode in ("nearest", "trilinear"):
        y = dnn.interpolate(x, mode=mode, scales=[1.5, 0.5])
        assert y.dtype == dtype and y.shape == (2, 7, 3, 3)
        want = to_nxc(ref.interpolate(f64(from_nxc(x)), (7, 3), mode))
        np.testing.assert_allclose(f64(y), want, rtol=EPS[dtype], atol=EPS[dtype])


@pytest.mark.parametrize(
    "spatial,groups,dil,stride",
    [((11,), 2, (2,), (2,)), ((5, 6, 7), 3, (1, 2, 1), (1, 2, 2)), ((9, 8), 6, (3, 1), (1, 1))],
)
def test_convolution_forward_matches_torch(
    spatial: Any, groups: int, dil: Any, stride: Any, rng: np.random.Generator
) -> None:
    torch = pytest.importorskip("torch")
    sp = len(spatial)
    x = ints(rng, (2, 6, *spatial), -3, 3)
    w = ints(rng, (12, 6 // groups, *([3] * sp)), -3, 3)
    b = ints(rng, (12,), -3, 3)
    pb, pe = [1] * sp, [2] * sp
    y = dnn.convolution(
        to_nxc(x), oix_to_xio(w), b, groups=groups, **conv_attrs(stride, pb, pe, dil)
    )
    fn = getattr(torch.nn.functional, f"conv{sp}d")
    xt = torch.nn.functional.pad(torch.tensor(x, dtype=torch.float64), [1, 2] * sp)
    t = fn(
        xt,
        torch.tensor(w, dtype=torch.float64),
        torch.tensor(b, dtype=torch.float64),
        stride=stride,
        dilation=dil,
        groups=groups,
    ).numpy()
    np.testing.assert_array_equal(f64(from_nxc(y)), t)


def test_conv_nxc_is_lowered_without_copies(
    monkeypatch: pytest.MonkeyPatch, rng: np.random.Generator
) -> None:
    seen: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    real = dnn._backend.convolution

    def spy(params: Any, x: np.ndarray, w: np.ndarray, b: Any, out: np.ndarray) -> None:
        seen.append((x, w, out))
        real(params, x, w, b, out)

    monkeypatch.setattr(dnn._backend, "convolution", spy)
    gd = ints(rng, (2, 4, 4, 8), -3, 3)
    w = ints(rng, (3, 3, 6, 8), -3, 3)
    gx = dnn.convolution_backward_data(
        gd, w, dst_shape=[2, 4, 4, 6], **conv_attrs([1, 1], [1, 1], [1, 1], [1, 1])
    )
    x, wv, out = seen[0]
    assert np.shares_memory(x, gd) and np.shares_memory(wv, w) and np.shares_memory(out, gx)
    assert wv.shape == (8, 6, 3, 3) and x.shape == (2, 8, 4, 4)


def test_json_interpolate_backward_1d_channels_last(
    tmp_path: Path, rng: np.random.Generator
) -> None:
    """harness l.276 style: 2x17x17 ← 2x17x21 nearest, NCX shapes, *acb (channels-last) strides."""
    doc = _doc(
        "InterpolateBackward",
        {"mode": ("string", "nearest"), "sizes": ("s64[]", [21]), "data_format": ("string", "NCX")},
        [(2, 17, 17), (2, 17, 21)],
        (2, 17, 17),
    )
    op = doc["graph"][0]
    op["inputs"][0]["stride"] = [289, 1, 17]
    op["inputs"][1]["stride"] = [357, 1, 17]
    g = ints(rng, (2, 17, 21), -8, 8)
    got = run_json(_write(tmp_path, doc), {"1": g})[2]
    np.testing.assert_array_equal(f64(got), ref.interpolate_backward((2, 17, 17), g, "nearest"))
    gen = run_json(_write(tmp_path, doc))[2]  # benchdnn data
    n = 2 * 17 * 21
    g2 = (((97 * np.arange(n) + 44) % 17) * 1.25).reshape(2, 17, 21)
    np.testing.assert_array_equal(f64(gen), ref.interpolate_backward((2, 17, 17), g2, "nearest"))


def test_json_output_shape_wins_over_dst_shape(tmp_path: Path) -> None:
    doc = json.loads(json.dumps(G2))
    doc["graph"][0]["attrs"]["dst_shape"]["value"] = [1, 1, 4, 4]  # stale: the output LT says 3x3
    out = run_json(_write(tmp_path, doc))[2]
    assert out.ravel().tolist() == [12, 76, 106, 34, 384, 93, 184, 17, -9]


def test_json_unit_axis_strides_past_uint32_run(tmp_path: Path) -> None:
    """A unit axis never moves, so its stride is any int64 in oneDNN (the fuzzer gave 2^32 to N
    of interpolate_backward.json, whose DirectML desc then held a stride no UINT can, and the CLI
    printed a traceback): it binds as 0, and the graph runs as before."""
    example = Path(__file__).resolve().parent.parent / "examples" / "onednn" / "interpolate_backward.json"
    doc = json.loads(example.read_text())
    want = run_json(example)
    for lt in doc["graph"][0]["inputs"]:
        assert lt["shape"][0] == 1
        lt["stride"][0] = 2**32
    got = run_json(_write(tmp_path, doc))
    assert got.keys() == want.keys()
    for k in want:
        np.testing.assert_array_equal(got[k], want[k])


def test_a_desc_directml_refuses_is_unimplemented(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What oneDNN accepts but the lowered DirectML desc cannot express is oneDNN's unimplemented
    (exit 2, one line naming the desc, field and rule), never a traceback."""
    def refuse(desc: Any) -> Any:
        raise pydml.ValidationError(pydml.schema_of(type(desc)).c_name, "InputGradientTensor.Strides[1]",
                                    "must fit in UINT", 2**32)
    monkeypatch.setattr(dnn, "_compiled", refuse)
    example = Path(__file__).resolve().parent.parent / "examples" / "onednn" / "interpolate_backward.json"
    with pytest.raises(dnn.Unimplemented, match=r"Strides\[1\]: must fit in UINT \(the DirectML desc") as e:
        run_json(example)
    assert e.value.status == 3
    lines: list[str] = []
    assert main_json(example, print_fn=lines.append, error_fn=lines.append) == 2
    assert len(lines) == 1 and lines[0].startswith("pydml onednn: DML_RESAMPLE_GRAD1_OPERATOR_DESC.")
    assert lines[0].endswith("[unimplemented]")


@pytest.mark.parametrize("dtype", [BF16, np.dtype(np.float16)], ids=str)
@pytest.mark.parametrize("name", ["T1", "T3", "T15", "T9d2"])
def test_conv_transpose_backward_data_low_precision(
    dtype: np.dtype[Any], name: str, rng: np.random.Generator
) -> None:
    case = next(c for c in CTBD if c[0] == name)
    gd, w, attrs = _ctbd(case, rng, dtype)
    got = dnn.conv_transpose_backward_data(to_nxc(gd), oix_to_xio(w), **attrs)
    assert got.dtype == dtype and from_nxc(got).shape == case[9]
    sp = gd.ndim - 2
    pads = [
        ref.auto_pads(gd.shape[2 + i], case[4], w.shape[2 + i], case[7], case[8])
        if case[8] != "None"
        else (case[5], case[6])
        for i in range(sp)
    ]
    want = ref.conv_transpose_backward_data(
        f64(gd),
        f64(w),
        attrs["strides"],
        [p[0] for p in pads],
        [p[1] for p in pads],
        attrs["dilations"],
        case[3],
    )
    np.testing.assert_array_equal(f64(from_nxc(got)), want.astype(dtype).astype(np.float64))
