"""Resample parameters that reproduce PyTorch's ``interpolate`` and ONNX ``Resize`` modes.

Porting users need the DirectML ``Scales`` / ``InputPixelOffsets`` / ``OutputPixelOffsets`` /
``RoundingDirection`` / ``InterpolationMode`` that give exactly the framework's answer. Each
function returns a dict usable as keyword arguments of DML_RESAMPLE2/RESAMPLE3/RESAMPLE_GRAD1
descs (the gradient desc takes the forward op's parameters unchanged)::

    params = pydml.frontends.resample_modes.torch_interpolate("bilinear", in_sizes, out_sizes)
    desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(InputTensor=..., OutputTensor=..., **params)

Mapping (directml-api.md §4.1: x = (o - b) / s - a per axis; the leading axes N and C get s = 1):

========================================  =================  ====================  =========
framework mode                            a (input offset)   b (output offset)     rounding
========================================  =================  ====================  =========
torch ``nearest``: floor(o * in / out)    0                  0                     floor
torch ``nearest-exact``: floor((o+.5)..)  0                  -0.5                  floor
torch linear modes, align_corners=False   0.5                -0.5                  (linear)
torch linear modes, align_corners=True    0 (s=(out-1)/(in-1))  0                  (linear)
ONNX coordinate modes                     ONNX Runtime's DML mapping (directml-api.md §4.6)
oneDNN ``nearest``: floor((2o+1)I/(2O))   0 (- a tie bias)   -0.5                  floor
oneDNN linear modes (half_pixel)          0.5                -0.5                  (linear)
========================================  =================  ====================  =========

Nearest modes are exact index maps, so float rounding of the scale matters at ties: for each axis
the scale is nudged by a few float32 ulps until the mapped index of every output element equals
the framework's own formula (evaluated as the framework evaluates it).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pydml.enums import AxisDirection, InterpolationMode

FLT_MAX = float(np.finfo(np.float32).max)
_TORCH_MODES = ("nearest", "nearest-exact", "linear", "bilinear", "trilinear", "bicubic", "area")


def _mapped(o: np.ndarray[Any, Any], s: float, a: float, b: float) -> np.ndarray[Any, Any]:
    """The source coordinate as the kernels compute it (double precision from float32 fields)."""
    s32, a32, b32 = (float(np.float32(v)) for v in (s, a, b))
    return (o - b32) / s32 - a32


def _fit_scale(out_size: int, scale: float, a: float, b: float, rounding: AxisDirection,
               want: np.ndarray[Any, Any], in_size: int) -> float:
    """The float32 scale nearest to ``scale`` whose mapped indices equal ``want`` on every element."""
    o = np.arange(out_size, dtype=np.float64)
    base = np.float32(scale)
    candidates = [base]
    up = down = base
    for _ in range(64):
        up, down = np.nextafter(up, np.float32(np.inf)), np.nextafter(down, np.float32(0))
        candidates += [up, down]
    for s in candidates:
        x = _mapped(o, float(s), a, b)
        idx = np.floor(x) if rounding == AxisDirection.DECREASING else np.ceil(x)
        if np.array_equal(np.clip(idx, 0, in_size - 1), want):
            return float(s)
    raise ValueError(f"no float32 scale near {scale} reproduces the index map for {in_size} -> {out_size}")


def _params(scales: list[float], a: list[float], b: list[float], mode: InterpolationMode,
            rounding: AxisDirection) -> dict[str, Any]:
    return {"InterpolationMode": mode, "RoundingDirection": rounding, "Scales": scales,
            "InputPixelOffsets": a, "OutputPixelOffsets": b}


def torch_interpolate(mode: str, input_sizes: Sequence[int], output_sizes: Sequence[int],
                      align_corners: bool = False) -> dict[str, Any]:
    """Parameters reproducing ``torch.nn.functional.interpolate(x, size=output_sizes[2:], mode=...)``.

    ``input_sizes``/``output_sizes`` are full NC... sizes; only the spatial axes are resampled.
    Supported modes: nearest, nearest-exact, linear, bilinear, trilinear (bicubic and area have
    no DirectML equivalent and raise ValueError). Scales follow PyTorch's size-based path
    (scale = in / out per axis, as when ``size=`` is given).
    """
    if mode not in _TORCH_MODES:
        raise ValueError(f"unknown torch interpolate mode {mode!r}")
    if mode in ("bicubic", "area"):
        raise ValueError(f"torch mode {mode!r} has no DirectML resample equivalent")
    if len(input_sizes) != len(output_sizes) or len(input_sizes) < 3:
        raise ValueError("input and output sizes need the same rank, N and C included")
    nearest = mode.startswith("nearest")
    if nearest and align_corners:
        raise ValueError("align_corners applies to the linear modes only")
    scales, a, b = [1.0, 1.0], [0.5, 0.5], [-0.5, -0.5]
    for i, o in zip(input_sizes[2:], output_sizes[2:], strict=True):
        if nearest:
            ratio = np.float32(i) / np.float32(o)  # PyTorch's float scale, in / out
            oo = np.arange(o, dtype=np.float32)
            shift = np.float32(0.5) if mode == "nearest-exact" else np.float32(0)
            want = np.minimum(np.floor((oo + shift) * ratio), i - 1).astype(np.float64)
            bb = -0.5 if mode == "nearest-exact" else 0.0
            scales.append(_fit_scale(o, o / i, 0.0, bb, AxisDirection.DECREASING, want, i))
            a.append(0.0)
            b.append(bb)
        elif align_corners:
            scales.append((o - 1) / (i - 1) if i > 1 and o > 1 else FLT_MAX)
            a.append(0.0)
            b.append(0.0)
        else:
            scales.append(o / i)
            a.append(0.5)
            b.append(-0.5)
    return _params(scales, a, b,
                   InterpolationMode.NEAREST_NEIGHBOR if nearest else InterpolationMode.LINEAR,
                   AxisDirection.DECREASING)


_ONEDNN_MODES = ("nearest", "linear", "bilinear", "trilinear")
_ONEDNN_CTMS = ("half_pixel", "align_corners")


def _onednn_nearest_want(i: int, o: int, ctm: str) -> np.ndarray[Any, Any]:
    """oneDNN's nearest index, in integers: half_pixel floor((2o+1)·I/(2O)) (ties round up);
    align_corners floor(o·(I-1)/(O-1) + 1/2) (pydml's extension)."""
    r = np.arange(o, dtype=np.int64)
    if ctm == "half_pixel":
        return (2 * r + 1) * i // (2 * o)
    if o == 1:
        return np.zeros(1, dtype=np.int64)
    return (2 * r * (i - 1) + (o - 1)) // (2 * (o - 1))


def _onednn_nearest_axis(i: int, o: int, ctm: str) -> tuple[float, float, float]:
    """(scale, a, b) whose FLOOR((o - b)/s - a), clamped, is oneDNN's nearest index on every output.

    half_pixel wants floor((o + 0.5)/(O/I)); align_corners floor(o·(I-1)/(O-1) + 0.5). float32(O/I)
    can put an exact tie just below its integer, so a small bias δ (less than half the gap 1/(2O)
    to the next candidate) is added to the coordinate, and the map is verified element by element.
    """
    want = _onednn_nearest_want(i, o, ctm)
    if ctm == "half_pixel":
        s, a0, b = o / i, 0.0, -0.5
    elif o == 1 or i == 1:
        return 1.0, 0.0, 0.0
    else:
        s, a0, b = (o - 1) / (i - 1), -0.5, 0.0
    s32 = np.float32(s)
    r = np.arange(o, dtype=np.float64)
    for scale in (s32, np.nextafter(s32, np.float32(0)), np.nextafter(s32, np.float32(np.inf))):
        for k in (0, 1, 2, 3):
            a = a0 - k / (16.0 * max(o, 1))
            got = np.clip(np.floor(_mapped(r, float(scale), a, b)), 0, i - 1)
            if np.array_equal(got, want):
                return float(scale), a, b
    raise ValueError(f"nearest index map {i}->{o} cannot be represented exactly with float32 "
                     "resample parameters")


def _onednn_linear_axis(i: int, o: int, ctm: str) -> tuple[float, float, float]:
    if ctm == "half_pixel":
        return o / i, 0.5, -0.5  # x = (o + 0.5)·I/O - 0.5
    if o == 1 or i == 1:
        return 1.0, 0.0, 0.0  # x = 0 (O = 1) or every tap clamps to 0 (I = 1)
    return (o - 1) / (i - 1), 0.0, 0.0  # x = o·(I-1)/(O-1)


def onednn_interpolate(mode: str, input_sizes: Sequence[int], output_sizes: Sequence[int],
                       coordinate_transformation_mode: str = "half_pixel") -> dict[str, Any]:
    """Parameters reproducing oneDNN Graph ``Interpolate`` (and, unchanged, InterpolateBackward).

    ``mode``: nearest, linear, bilinear, trilinear (the linear names are synonyms);
    ``coordinate_transformation_mode``: half_pixel (oneDNN's) or align_corners (pydml's
    extension). Sizes are full NC... sizes; N and C get scale 1. Nearest follows oneDNN's code,
    ``floor((2o+1)·I/(2O))`` (ties round up), exactly (raises ValueError when float32 parameters
    cannot express the map).
    """
    if mode not in _ONEDNN_MODES:
        raise ValueError(f"unknown oneDNN Interpolate mode {mode!r}")
    if coordinate_transformation_mode not in _ONEDNN_CTMS:
        raise ValueError(f"unknown oneDNN coordinate_transformation_mode {coordinate_transformation_mode!r}")
    nearest = mode == "nearest"
    scales, a_off, b_off = [1.0, 1.0], [0.0, 0.0], [0.0, 0.0]
    for i, o in zip(input_sizes[2:], output_sizes[2:], strict=True):
        axis = _onednn_nearest_axis if nearest else _onednn_linear_axis
        s, a, b = axis(i, o, coordinate_transformation_mode)
        scales.append(s)
        a_off.append(a)
        b_off.append(b)
    return _params(scales, a_off, b_off,
                   InterpolationMode.NEAREST_NEIGHBOR if nearest else InterpolationMode.LINEAR,
                   AxisDirection.DECREASING)


_NEAREST_MODES: dict[str, tuple[AxisDirection, float]] = {
    # ONNX nearest_mode -> (RoundingDirection, extra InputPixelOffset), ONNX Runtime's mapping.
    "round_prefer_floor": (AxisDirection.INCREASING, 0.5),
    "round_prefer_ceil": (AxisDirection.DECREASING, -0.5),
    "floor": (AxisDirection.DECREASING, 0.0),
    "ceil": (AxisDirection.INCREASING, 0.0),
}


def _onnx_axis(ctm: str, i: int, o: int, s: float,
               roi: tuple[float, float] | None) -> tuple[float, float, float]:
    """(a, b, scale) of one axis for an ONNX coordinate_transformation_mode (directml-api.md §4.6)."""
    if ctm == "half_pixel":
        return 0.5, -0.5, s
    if ctm == "half_pixel_symmetric":
        return 0.5 - (i / 2) * (1 - o / (s * i)), -0.5, s
    if ctm == "pytorch_half_pixel":
        return (0.0, 0.0, FLT_MAX) if i <= 1 else (0.5, -0.5, s)
    if ctm == "align_corners":
        return 0.0, 0.0, (o - 1) / (i - 1) if o > 1 and i > 1 else FLT_MAX
    if ctm == "asymmetric":
        return 0.0, 0.0, s
    if ctm in ("tf_half_pixel_for_nearest", "tf_half_pixel_for_nn"):
        return 0.0, -0.5, s
    if ctm == "tf_crop_and_resize":
        if roi is None:
            raise ValueError("tf_crop_and_resize needs roi (start, end) per axis")
        start, end = roi
        if i > 1:
            return -start * (i - 1), 0.0, (o - 1) / max((end - start) * (i - 1), 1)
        return -0.5 * (start + end) * (i - 1), 0.0, 1.0
    raise ValueError(f"unknown ONNX coordinate_transformation_mode {ctm!r}")


def onnx_resize(mode: str, input_sizes: Sequence[int], output_sizes: Sequence[int],
                coordinate_transformation_mode: str = "half_pixel",
                nearest_mode: str = "round_prefer_floor", scales: Sequence[float] | None = None,
                roi: Sequence[tuple[float, float]] | None = None) -> dict[str, Any]:
    """Parameters ONNX Runtime's DirectML provider uses for ONNX ``Resize`` (directml-api.md §4.6).

    ``mode`` is "nearest" or "linear" ("cubic" is rejected, as ONNX Runtime's DML provider does);
    ``scales`` default to output/input per axis; ``roi`` holds (start, end) per axis for
    tf_crop_and_resize. Every axis is mapped (ONNX Resize may scale N and C too).
    """
    if mode not in ("nearest", "linear"):
        raise ValueError(f"ONNX Resize mode {mode!r} has no DirectML equivalent (DML has no cubic)")
    if nearest_mode not in _NEAREST_MODES:
        raise ValueError(f"unknown ONNX nearest_mode {nearest_mode!r}")
    rank = len(input_sizes)
    scale_list = list(scales) if scales is not None else [o / i for i, o in
                                                           zip(input_sizes, output_sizes, strict=True)]
    out_scales, a, b = [], [], []
    for d in range(rank):
        ad, bd, sd = _onnx_axis(coordinate_transformation_mode, input_sizes[d], output_sizes[d],
                                scale_list[d], None if roi is None else roi[d])
        out_scales.append(sd)
        a.append(ad)
        b.append(bd)
    rounding = AxisDirection.DECREASING
    if mode == "nearest":
        rounding, extra = _NEAREST_MODES[nearest_mode]
        for d in range(rank):
            # ONNX's index, from the exact (float64) coordinate; then a float32 scale that yields it.
            o = np.arange(output_sizes[d], dtype=np.float64)
            x = (o - b[d]) / out_scales[d] - a[d]
            index = {"round_prefer_floor": np.ceil(x - 0.5), "round_prefer_ceil": np.floor(x + 0.5),
                     "floor": np.floor(x), "ceil": np.ceil(x)}[nearest_mode]
            want = np.clip(index, 0, input_sizes[d] - 1)
            a[d] += extra
            if out_scales[d] != FLT_MAX:
                # Keep ONNX Runtime's value when float32 cannot express the exact map.
                with contextlib.suppress(ValueError):
                    out_scales[d] = _fit_scale(output_sizes[d], out_scales[d], a[d], b[d], rounding,
                                               want, input_sizes[d])
    return _params(out_scales, a, b,
                   InterpolationMode.NEAREST_NEIGHBOR if mode == "nearest" else InterpolationMode.LINEAR,
                   rounding)


# ---- the frameworks' coordinate conventions, as ``pydml explain`` names them ------------------

#: how a DirectML RoundingDirection (or RESAMPLE's half-up) turns a coordinate into an index
HALF_UP, FLOOR, CEIL = "half up: floor(x + 0.5)", "floor(x) (DECREASING)", "ceil(x) (INCREASING)"


def nearest_index(x: np.ndarray[Any, Any], rounding: str, n: int) -> np.ndarray[Any, Any]:
    """The nearest input index of coordinates x under ``rounding`` (HALF_UP, FLOOR, CEIL), clamped."""
    if rounding == HALF_UP:
        i = np.floor(x + 0.5)
    elif rounding == FLOOR:
        i = np.floor(x)
    else:
        i = np.ceil(x)
    return np.clip(i, 0, n - 1).astype(np.int64)


@dataclass(frozen=True)
class Convention:
    """A framework's resize mapping: index = kind(slope * o + intercept), both of (in, out)."""

    name: str
    kind: str  # "linear" | "floor" | "ceil"
    slope: Any
    intercept: Any
    torch: str | None
    onnx: str | None
    onednn: str | None


def _ratio(i: int, n: int) -> float:
    return i / n


def _corners(i: int, n: int) -> float:
    return (i - 1) / (n - 1) if n > 1 else 0.0


CONVENTIONS = (
    Convention("half_pixel", "linear", _ratio, lambda i, n: 0.5 * i / n - 0.5,
               "mode='{lin}', align_corners=False",
               "mode='linear', coordinate_transformation_mode='half_pixel'",
               "algorithm resampling_linear (Graph Interpolate mode='{lin}', half_pixel)"),
    Convention("align_corners", "linear", _corners, lambda i, n: 0.0,
               "mode='{lin}', align_corners=True",
               "mode='linear', coordinate_transformation_mode='align_corners'", None),
    Convention("asymmetric", "linear", _ratio, lambda i, n: 0.0, None,
               "mode='linear', coordinate_transformation_mode='asymmetric'", None),
    Convention("nearest", "floor", _ratio, lambda i, n: 0.0, "mode='nearest'",
               "mode='nearest', coordinate_transformation_mode='asymmetric', nearest_mode='floor'",
               None),
    Convention("nearest-exact", "floor", _ratio, lambda i, n: 0.5 * i / n,
               "mode='nearest-exact'",
               "mode='nearest', coordinate_transformation_mode='half_pixel', "
               "nearest_mode='round_prefer_ceil'",
               "algorithm resampling_nearest (Graph Interpolate mode='nearest', half_pixel)"),
    Convention("half_pixel floor", "floor", _ratio, lambda i, n: 0.5 * i / n - 0.5, None,
               "mode='nearest', coordinate_transformation_mode='half_pixel', nearest_mode='floor'",
               None),
    Convention("half_pixel ceil", "ceil", _ratio, lambda i, n: 0.5 * i / n - 0.5, None,
               "mode='nearest', coordinate_transformation_mode='half_pixel', nearest_mode='ceil'",
               None),
    Convention("half_pixel round_prefer_floor", "ceil", _ratio, lambda i, n: 0.5 * i / n - 1.0,
               None, "mode='nearest', coordinate_transformation_mode='half_pixel', "
               "nearest_mode='round_prefer_floor' (ONNX's default)", None),
    Convention("asymmetric ceil", "ceil", _ratio, lambda i, n: 0.0, None,
               "mode='nearest', coordinate_transformation_mode='asymmetric', nearest_mode='ceil'",
               None),
)


#: For ``pydml explain`` and docs: the name of each helper and what it reproduces.
HELPERS: dict[str, Callable[..., dict[str, Any]]] = {
    "torch.nn.functional.interpolate": torch_interpolate,
    "onnx Resize (ONNX Runtime DirectML EP)": onnx_resize,
    "oneDNN Graph Interpolate": onednn_interpolate,
}
