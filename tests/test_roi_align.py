"""ROI_ALIGN and ROI_ALIGN1 (native/families/roi.c) and their own rules (native/validate/rules_roi.c).

References (float64 numpy, rounded once to the output type):
  * ``onnx_roi_align``: a transcription of ONNX's reference implementation
    (onnx/onnx onnx/reference/ops/op_roi_align.py, RoiAlign-16, mode "avg") -- the operator
    DirectML's ROI_ALIGN exists to serve (onnxruntime's DmlOperatorRoiAlign.cpp maps
    half_pixel -> ROI_ALIGN1 InputPixelOffset 0.5, output_half_pixel -> 0.0, OutputPixelOffset -0.5,
    sampling_ratio 0 -> Minimum 1 / Maximum UINT32_MAX, else Minimum = Maximum = sampling_ratio,
    OutOfBoundsInputValue 0; its first version mapped RoiAlign-10 (output_half_pixel) onto ROI_ALIGN).
  * ``dml_roi_align``: the ROI_ALIGN1 page's pseudo-code with the gaps filled as roi.c's header
    says (ceil of the fractional sample count, ``<`` sample loops, the Y scale from Y terms,
    AlignRegionsToCorners, OutOfBoundsInputValue per sample, MAX over the interpolated samples,
    NEAREST_NEIGHBOR = floor(pos + 0.5)), evaluated sample by sample (no separable shortcut).

ONNX's reference "max" takes the max of the four *weighted corners* (w1 * v1, ...), not of the
interpolated value; the page says "maximum with inputValue" (the interpolated sample), which roi.c
follows -- so MAX is checked against ``dml_roi_align`` only.

Pages: MicrosoftDocs/sdk-api ns-directml-dml_roi_align_operator_desc.md (ea899bdf) and
ns-directml-dml_roi_align1_operator_desc.md (dd64e5cb); the ROI_ALIGN1 page's only example is an
image (roi_align_examples.png), no numbers to transcribe.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from ew_harness import max_ulp, poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.registry import schema_of

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
AVG, MAX = pydml.DML_REDUCE_FUNCTION_AVERAGE, pydml.DML_REDUCE_FUNCTION_MAX
NEAREST, LINEAR = pydml.DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR, pydml.DML_INTERPOLATION_MODE_LINEAR
UINT32_MAX = 0xFFFFFFFF
ZERO1 = np.zeros(1, np.uint32)


def make1(in_sizes: Sequence[int], rois: int, out_hw: tuple[int, int], *, dtype: str = "FLOAT32",
          btype: str = "UINT32", reduce: Any = AVG, mode: Any = LINEAR,
          scale: tuple[float, float] = (1.0, 1.0), in_off: float = 0.5, out_off: float = -0.5,
          oob: float = 0.0, lo: int = 1, hi: int = UINT32_MAX, corners: bool = False,
          roi_sizes: Sequence[int] | None = None, bi_sizes: Sequence[int] | None = None,
          in_strides: Sequence[int] | None = None, out_strides: Sequence[int] | None = None,
          roi_strides: Sequence[int] | None = None) -> Any:
    return pydml.DML_ROI_ALIGN1_OPERATOR_DESC(
        InputTensor=tensor(dtype, in_sizes, in_strides),
        ROITensor=tensor(dtype, roi_sizes or [rois, 4], roi_strides),
        BatchIndicesTensor=tensor(btype, bi_sizes or [rois]),
        OutputTensor=tensor(dtype, [rois, in_sizes[1], *out_hw], out_strides), ReductionFunction=reduce,
        InterpolationMode=mode, SpatialScaleX=scale[0], SpatialScaleY=scale[1], InputPixelOffset=in_off,
        OutputPixelOffset=out_off, OutOfBoundsInputValue=oob, MinimumSamplesPerOutput=lo,
        MaximumSamplesPerOutput=hi, AlignRegionsToCorners=corners)


def make0(in_sizes: Sequence[int], rois: int, out_hw: tuple[int, int], *, dtype: str = "FLOAT32",
          btype: str = "UINT32", reduce: Any = AVG, mode: Any = LINEAR,
          scale: tuple[float, float] = (1.0, 1.0), oob: float = 0.0, lo: int = 1,
          hi: int = UINT32_MAX) -> Any:
    return pydml.DML_ROI_ALIGN_OPERATOR_DESC(
        InputTensor=tensor(dtype, in_sizes), ROITensor=tensor(dtype, [1, 1, rois, 4]),
        BatchIndicesTensor=tensor(btype, [1, rois]),
        OutputTensor=tensor(dtype, [rois, in_sizes[1], *out_hw]), ReductionFunction=reduce,
        InterpolationMode=mode, SpatialScaleX=scale[0], SpatialScaleY=scale[1], OutOfBoundsInputValue=oob,
        MinimumSamplesPerOutput=lo, MaximumSamplesPerOutput=hi)


# ---- ONNX's reference (op_roi_align.py), avg mode, transcribed -------------------------------

def onnx_roi_align(x: np.ndarray, rois: np.ndarray, batch: np.ndarray, out_hw: tuple[int, int],
                   spatial_scale: float, sampling_ratio: int, half_pixel: bool) -> np.ndarray:
    _, c, height, width = x.shape
    ph_n, pw_n = out_hw
    out = np.zeros((len(rois), c, ph_n, pw_n))
    for n, roi in enumerate(rois.astype(np.float64)):
        offset = 0.5 if half_pixel else 0.0
        sw, sh, ew, eh = (float(v) * spatial_scale - offset for v in roi)
        rw, rh = ew - sw, eh - sh
        if not half_pixel:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / ph_n, rw / pw_n
        gh = sampling_ratio if sampling_ratio > 0 else int(np.ceil(rh / ph_n))
        gw = sampling_ratio if sampling_ratio > 0 else int(np.ceil(rw / pw_n))
        count = max(gh * gw, 1)
        img = x[int(batch[n])].astype(np.float64)
        for ph in range(ph_n):
            for pw in range(pw_n):
                acc = np.zeros(c)
                for iy in range(gh):
                    yy = sh + ph * bh + (iy + 0.5) * bh / gh
                    for ix in range(gw):
                        xx = sw + pw * bw + (ix + 0.5) * bw / gw
                        y, xv = yy, xx
                        if y < -1.0 or y > height or xv < -1.0 or xv > width:
                            continue
                        y, xv = max(y, 0.0), max(xv, 0.0)
                        yl, xl = int(y), int(xv)
                        if yl >= height - 1:
                            yh = yl = height - 1
                            y = yl
                        else:
                            yh = yl + 1
                        if xl >= width - 1:
                            xh = xl = width - 1
                            xv = xl
                        else:
                            xh = xl + 1
                        ly, lx = y - yl, xv - xl
                        hy, hx = 1.0 - ly, 1.0 - lx
                        acc += (hy * hx * img[:, yl, xl] + hy * lx * img[:, yl, xh] + ly * hx * img[:, yh, xl]
                                + ly * lx * img[:, yh, xh])
                out[n, :, ph, pw] = acc / count
    return out


# ---- the page's pseudo-code, gaps filled as roi.c says, sample by sample -------------------

def axis_positions(x1: float, x2: float, n_out: int, lo: int, hi: int, in_off: float, out_off: float,
                   corners: bool, legacy: bool) -> tuple[int, list[list[float]]]:
    size = x2 - x1
    if legacy:
        size = max(size, 1.0)
    n = max(int(min(max(math.ceil(abs(size) / n_out), max(lo, 1)), hi)), 1)  # at least one sample
    total = n_out * n
    if corners:
        step, c = (size / (total - 1) if total > 1 else 0.0), 0.0
    else:
        step, c = size / total, -out_off
    base = x1 - in_off
    return n, [[base + (o * n + j + c) * step for j in range(n)] for o in range(n_out)]


def taps(pos: float, length: int, nearest: bool) -> list[tuple[int, float]] | None:
    """None when the sample is outside the input (ONNX: pos < -1 or pos > length)."""
    if pos < -1.0 or pos > length:
        return None
    p = max(pos, 0.0)
    if nearest:
        return [(min(math.floor(p + 0.5), length - 1), 1.0)]
    i0 = int(p)
    if i0 >= length - 1:
        return [(length - 1, 1.0)]
    return [(i0, 1.0 - (p - i0)), (i0 + 1, p - i0)]


def dml_roi_align(x: np.ndarray, rois: np.ndarray, batch: np.ndarray, out_hw: tuple[int, int], *,
                  scale: tuple[float, float] = (1.0, 1.0), in_off: float = 0.5, out_off: float = -0.5,
                  oob: float = 0.0, lo: int = 1, hi: int = UINT32_MAX, corners: bool = False,
                  legacy: bool = False, reduce: Any = AVG, mode: Any = LINEAR) -> np.ndarray:
    n_img, c, h, w = x.shape
    oh, ow = out_hw
    out = np.zeros((len(rois), c, oh, ow))
    nearest = mode == NEAREST
    sx, sy = float(np.float32(scale[0])), float(np.float32(scale[1]))
    for r, roi in enumerate(rois.astype(np.float64)):
        x1, y1, x2, y2 = float(roi[0]) * sx, float(roi[1]) * sy, float(roi[2]) * sx, float(roi[3]) * sy
        if int(batch[r]) >= n_img or not all(math.isfinite(v) for v in (x1, y1, x2, y2)):
            out[r] = np.nan
            continue
        img = x[int(batch[r])].astype(np.float64)
        ny, ys = axis_positions(y1, y2, oh, lo, hi, in_off, out_off, corners, legacy)
        nx, xs = axis_positions(x1, x2, ow, lo, hi, in_off, out_off, corners, legacy)
        for oy in range(oh):
            for ox in range(ow):
                vals = []
                for py in ys[oy]:
                    ty = taps(py, h, nearest)
                    for px in xs[ox]:
                        tx = taps(px, w, nearest)
                        if ty is None or tx is None:
                            vals.append(np.full(c, float(np.float32(oob))))
                            continue
                        v = np.zeros(c)
                        for iy, wy in ty:
                            for ix, wx in tx:
                                if wy != 0.0 and wx != 0.0:
                                    v += wy * wx * img[:, iy, ix]
                        vals.append(v)
                stack = np.array(vals)
                if reduce == AVG:
                    out[r, :, oy, ox] = stack.sum(axis=0) / (ny * nx)
                else:
                    out[r, :, oy, ox] = np.where(np.isnan(stack).any(axis=0), np.nan, stack.max(axis=0))
    return out


def close(got: np.ndarray, want64: np.ndarray, bound: float) -> float:
    ulp = max_ulp(got, want64)
    assert ulp <= bound, ulp
    return ulp


def random_case(rng: np.random.Generator, n: int, c: int, h: int, w: int, rois: int, dtype: str,
                spread: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = rng.standard_normal((n, c, h, w)).astype(NP[dtype])
    p1 = rng.uniform(-1.0 * spread, w * 0.6, (rois, 2))
    size = rng.uniform(0.5, w * 0.8, (rois, 2))
    r = np.concatenate([p1, p1 + size], axis=1).astype(NP[dtype])
    b = rng.integers(0, n, rois).astype(np.uint32)
    return x, r, b


# ---- ONNX agreement ---------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("ratio", [0, 2])
def test_roi_align1_matches_onnx_half_pixel(dtype: str, ratio: int) -> None:
    rng = np.random.default_rng(11 + ratio)
    x, r, b = random_case(rng, 2, 3, 9, 11, 5, dtype)
    lo, hi = (1, UINT32_MAX) if ratio == 0 else (ratio, ratio)
    got = run(make1(x.shape, 5, (3, 4), dtype=dtype, lo=lo, hi=hi, scale=(0.5, 0.5)),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": b})["OutputTensor"]
    want = onnx_roi_align(x, r, b, (3, 4), 0.5, ratio, True)
    close(got, want, 1)
    close(got, dml_roi_align(x, r, b, (3, 4), scale=(0.5, 0.5), lo=lo, hi=hi), 1)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_roi_align_matches_onnx_output_half_pixel(dtype: str) -> None:
    rng = np.random.default_rng(3)
    x, r, b = random_case(rng, 2, 2, 8, 10, 6, dtype)
    r[0] = [5, 5, 4, 4.5]  # malformed: ONNX forces 1x1
    got = run(make0(x.shape, 6, (2, 3), dtype=dtype),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": b})["OutputTensor"]
    close(got, onnx_roi_align(x, r, b, (2, 3), 1.0, 0, False), 1)
    # ROI_ALIGN1 with InputPixelOffset 0 (onnxruntime's output_half_pixel mapping) agrees where
    # the region is at least one pixel (ROI_ALIGN1 does not force malformed regions to 1x1)
    got1 = run(make1(x.shape, 5, (2, 3), dtype=dtype, in_off=0.0),
               {"InputTensor": x, "ROITensor": r[1:], "BatchIndicesTensor": b[1:]})["OutputTensor"]
    np.testing.assert_array_equal(got1, got[1:])


# ---- the DML fields --------------------------------------------------------------------

@pytest.mark.parametrize("reduce", [AVG, MAX])
@pytest.mark.parametrize("mode", [NEAREST, LINEAR])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_reduction_and_interpolation(reduce: Any, mode: Any, dtype: str) -> None:
    rng = np.random.default_rng(7)
    x, r, b = random_case(rng, 2, 3, 7, 8, 4, dtype, spread=3.0)
    kw: dict[str, Any] = {"reduce": reduce, "mode": mode, "lo": 1, "hi": 3, "oob": -0.25,
                          "scale": (1.0, 0.75)}
    got = run(make1(x.shape, 4, (3, 2), dtype=dtype, **kw),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": b})["OutputTensor"]
    want = dml_roi_align(x, r, b, (3, 2), **kw)
    close(got, want, 1)
    # the legacy operator is the same with InputPixelOffset 0 (regions here are >= 1 pixel)
    got0 = run(make0(x.shape, 4, (3, 2), dtype=dtype, reduce=reduce, mode=mode, lo=1, hi=3, oob=-0.25,
                     scale=(1.0, 0.75)),
               {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": b})["OutputTensor"]
    close(got0, dml_roi_align(x, r, b, (3, 2), legacy=True, in_off=0.0, **kw), 1)


@pytest.mark.parametrize("in_off,out_off", [(0.0, 0.0), (0.5, 0.0), (0.25, -0.5)])
@pytest.mark.parametrize("corners", [False, True])
def test_pixel_offsets_and_align_regions_to_corners(in_off: float, out_off: float, corners: bool) -> None:
    rng = np.random.default_rng(21)
    x, r, b = random_case(rng, 1, 2, 6, 7, 3, "FLOAT32")
    r[2] = [5.5, 4.0, 1.0, 0.5]  # inverted: mirrored
    kw: dict[str, Any] = {"in_off": in_off, "out_off": out_off, "corners": corners, "lo": 2, "hi": 2}
    got = run(make1(x.shape, 3, (3, 3), **kw),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": b})["OutputTensor"]
    close(got, dml_roi_align(x, r, b, (3, 3), **kw), 1)


def test_align_regions_to_corners_reaches_the_corners() -> None:
    x = np.arange(20, dtype=np.float32).reshape(1, 1, 4, 5)
    r = np.array([[0, 0, 4, 3]], np.float32)
    got = run(make1(x.shape, 1, (4, 5), corners=True, in_off=0.0, lo=1, hi=1),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": ZERO1})["OutputTensor"]
    np.testing.assert_array_equal(got, x)  # one sample per output, on the input's pixel centres


def test_samples_per_output_clamp() -> None:
    x = np.arange(64, dtype=np.float32).reshape(1, 1, 8, 8) ** 1.5
    r = np.array([[0.3, 0.1, 7.9, 6.2]], np.float32)
    bi = np.zeros(1, np.uint32)
    for lo, hi in [(1, 1), (2, 2), (1, UINT32_MAX), (5, 9), (0, 0)]:
        got = run(make1(x.shape, 1, (2, 2), lo=lo, hi=hi),
                  {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": bi})["OutputTensor"]
        close(got, dml_roi_align(x, r, bi, (2, 2), lo=lo, hi=hi), 1)


def test_out_of_bounds_input_value() -> None:
    x = np.ones((1, 2, 4, 4), np.float32)
    r = np.array([[-10, -10, -6, -7], [1, 1, 9, 3], [30, 0, 40, 3]], np.float32)  # outside, partly, outside
    bi = np.zeros(3, np.uint32)
    for reduce in (AVG, MAX):
        got = run(make1(x.shape, 3, (2, 2), oob=7.0, reduce=reduce, lo=2, hi=2),
                  {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": bi})["OutputTensor"]
        assert (got[0] == 7.0).all() and (got[2] == 7.0).all()
        close(got, dml_roi_align(x, r, bi, (2, 2), oob=7.0, reduce=reduce, lo=2, hi=2), 1)
        assert got[1, :, :, 0].tolist() == [[1.0, 1.0], [1.0, 1.0]]  # inside: the ones
        assert (got[1, :, :, 1] > 1.0).all()  # partly outside: some samples take 7


def test_invalid_roi_data_gives_nan_and_reads_nothing() -> None:
    """Batch indices >= BatchCount and NaN/infinite coordinates make that ROI's outputs NaN (the page
    calls out-of-range indices undefined behaviour; no read happens)."""
    x = np.ones((2, 1, 4, 4), np.float32)
    r = np.array([[0, 0, 2, 2], [0, 0, 2, 2], [np.nan, 0, 2, 2], [0, 0, np.inf, 2], [0, 0, 2, 2]], np.float32)
    for btype, big in (("UINT32", 2**32 - 1), ("UINT64", 2**64 - 1)):
        bi = np.array([1, 2, 0, 0, big], np.uint32 if btype == "UINT32" else np.uint64)
        got = run(make1(x.shape, 5, (2, 2), btype=btype),
                  {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": bi}, level="DML_FEATURE_LEVEL_5_0")
        out = got["OutputTensor"]
        assert (out[0] == 1.0).all()
        assert np.isnan(out[1:]).all()


def test_huge_regions_are_bounded() -> None:
    x = np.ones((1, 1, 3, 3), np.float32)
    r = np.array([[-3e38, -3e38, 3e38, 3e38], [0, 0, 1e9, 1e9]], np.float32)
    got = run(make1(x.shape, 2, (2, 2), oob=0.0),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": ZERO1.repeat(2)})["OutputTensor"]
    assert np.isfinite(got).all() and (got >= 0).all() and (got <= 1).all()


def test_empty_regions_outside_the_input_with_the_most_samples() -> None:
    # a region of size 0 puts every sample at one position: outside the input none is taken, however
    # many samples MinimumSamplesPerOutput asks for (4294967295 per axis: the kernel tested each of
    # them, a hang the validator fuzzer found); the outputs are those of one sample per output
    x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
    r = np.array([[9, 9, 9, 9], [-5, -3, -5, -3]], np.float32)
    args = {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": np.zeros(2, np.uint32)}
    for reduce in (AVG, MAX):
        for corners in (False, True):
            one = run(make1(x.shape, 2, (2, 2), oob=7.0, reduce=reduce, lo=1, hi=1, corners=corners), args)
            most = run(make1(x.shape, 2, (2, 2), oob=7.0, reduce=reduce, lo=UINT32_MAX, hi=UINT32_MAX,
                             corners=corners), args)
            np.testing.assert_array_equal(most["OutputTensor"], one["OutputTensor"], err_msg=f"{reduce} {corners}")
            assert (one["OutputTensor"] == 7.0).all()


def test_more_samples_than_the_tables_hold_are_refused_at_once() -> None:
    # inside the input, a region of size 0 (every sample at one position) or a tiny one with
    # 4294967295 samples per axis asks for 1.8e19 samples per output: the kernel counts each axis
    # table before filling it and refuses past 2^26 samples as out of memory (it appended taps
    # until the heap gave out, tens of GB); a region as large as the input with 150 samples per
    # output and axis still runs, against the float64 reference
    x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
    zero = np.zeros(1, np.uint32)
    for region in ([1, 1, 1, 1], [1, 1, 1.001, 1.001]):
        args = {"InputTensor": x, "ROITensor": np.array([region], np.float32), "BatchIndicesTensor": zero}
        for reduce in (AVG, MAX):
            with pytest.raises(pydml.PydmlError, match="out of memory"):
                run(make1(x.shape, 1, (2, 2), reduce=reduce, lo=UINT32_MAX, hi=UINT32_MAX), args)
    r = np.array([[0, 0, 4, 4]], np.float32)
    got = run(make1(x.shape, 1, (2, 2), lo=150, hi=150),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": zero})["OutputTensor"]
    want = dml_roi_align(x, r, zero, (2, 2), lo=150, hi=150)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_nan_input_propagates() -> None:
    x = np.zeros((1, 1, 4, 4), np.float32)
    x[0, 0, 1, 1] = np.nan
    r = np.array([[0, 0, 4, 4]], np.float32)
    for reduce in (AVG, MAX):
        got = run(make1(x.shape, 1, (2, 2), reduce=reduce, lo=2, hi=2),
                  {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": ZERO1})["OutputTensor"]
        want = dml_roi_align(x, r, ZERO1, (2, 2), reduce=reduce, lo=2, hi=2)
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        assert np.isnan(got[0, 0, 0, 0]) and not np.isnan(got[0, 0, 1, 1])


def test_strided_views_and_roi_layouts() -> None:
    rng = np.random.default_rng(9)
    x, r, b = random_case(rng, 2, 3, 6, 6, 3, "FLOAT32")
    raw = np.full(2 * 3 * 6 * 12, np.nan, np.float32)
    strides_in = [216, 72, 12, 2]
    view = np.lib.stride_tricks.as_strided(raw, (2, 3, 6, 6), [s * 4 for s in strides_in])
    view[...] = x
    rraw = np.full(3 * 8, np.nan, np.float32)
    rview = np.lib.stride_tricks.as_strided(rraw, (1, 1, 3, 4), [0, 0, 32, 4])
    rview[...] = r[None, None]
    out_raw = np.full(3 * 3 * 2 * 2 * 2, np.nan, np.float32)
    desc = make1(x.shape, 3, (2, 2), in_strides=strides_in, out_strides=[24, 8, 4, 2],
                 roi_sizes=[1, 1, 3, 4], roi_strides=[0, 0, 8, 1], bi_sizes=[1, 1, 1, 3])
    run(desc, {"InputTensor": raw, "ROITensor": rraw, "BatchIndicesTensor": b.reshape(1, 1, 1, 3)},
        outputs={"OutputTensor": out_raw})
    got = np.lib.stride_tricks.as_strided(out_raw, (3, 3, 2, 2), [96, 32, 16, 8])
    close(np.ascontiguousarray(got), dml_roi_align(x, r, b, (2, 2)), 1)
    assert np.isnan(out_raw[1::2]).all()  # the gaps stay poisoned


def test_outputs_are_all_written() -> None:
    rng = np.random.default_rng(1)
    x, r, b = random_case(rng, 1, 4, 5, 5, 7, "FLOAT16")
    out = run(make1(x.shape, 7, (3, 3), dtype="FLOAT16"),
              {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": b})["OutputTensor"]
    assert not np.isnan(out).any()
    assert out.shape == poison(np.dtype(np.float16), [7, 4, 3, 3]).shape


# ---- rules -----------------------------------------------------------------------------

@pytest.mark.parametrize("maker", [make0, make1])
def test_rules(maker: Any) -> None:
    base = maker([2, 3, 8, 8], 4, (2, 3))
    name = schema_of(base).c_name
    pydml.validate(base)
    four = maker is make1
    rkey = "ROITensor.Sizes[1]" if four else "ROITensor.Sizes[3]"
    ri = 0 if four else 2
    bkey = "BatchIndicesTensor.Sizes[0]"
    cases = [
        (dataclasses.replace(base, ROITensor=tensor("FLOAT32", [4, 5] if four else [1, 1, 4, 5])), rkey,
         "must be 4 ([x1, y1, x2, y2]), got 5"),
        (dataclasses.replace(base, ROITensor=tensor("FLOAT32", [2, 4, 4])), "ROITensor.Sizes[0]",
         "must be 1 ({NumROIs, 4}, {1, NumROIs, 4} or {1, 1, NumROIs, 4}), got 2"),
        (dataclasses.replace(base, BatchIndicesTensor=tensor("UINT32", [3])), bkey,
         f"must equal NumROIs (ROITensor.Sizes[{ri}] = 4), got 3"),
        (dataclasses.replace(base, BatchIndicesTensor=tensor("UINT32", [1, 3])),
         "BatchIndicesTensor.Sizes[1]",
         f"must equal NumROIs (ROITensor.Sizes[{ri}] = 4), got 3"),
        (dataclasses.replace(base, BatchIndicesTensor=tensor("UINT32", [2, 4])), bkey,
         "must be 1 ({NumROIs}, {1, NumROIs}, {1, 1, NumROIs} or {1, 1, 1, NumROIs}), got 2"),
        (dataclasses.replace(base, OutputTensor=tensor("FLOAT32", [5, 3, 2, 3])), "OutputTensor.Sizes[0]",
         f"must equal NumROIs (ROITensor.Sizes[{ri}] = 4), got 5"),
        (dataclasses.replace(base, OutputTensor=tensor("FLOAT32", [4, 2, 2, 3])), "OutputTensor.Sizes[1]",
         "must equal InputTensor.Sizes[1] (3), got 2"),
        (dataclasses.replace(base, ReductionFunction=pydml.DML_REDUCE_FUNCTION_SUM), "ReductionFunction",
         "must be DML_REDUCE_FUNCTION_AVERAGE or DML_REDUCE_FUNCTION_MAX, got "
         f"{int(pydml.DML_REDUCE_FUNCTION_SUM)}"),
        # the enum has only the two modes: the generic enum check answers before the own rule
        (dataclasses.replace(base, InterpolationMode=2), "InterpolationMode",
         "is not a valid DML_INTERPOLATION_MODE value, got 2"),
        (dataclasses.replace(base, MinimumSamplesPerOutput=5, MaximumSamplesPerOutput=4),
         "MinimumSamplesPerOutput", "must be <= MaximumSamplesPerOutput (4), got 5"),
    ]
    for desc, field, rule in cases:
        for check_desc in (pydml.validate, pydml.Device().create_operator):
            with pytest.raises(ValidationError) as info:
                check_desc(desc)
            assert info.value.field == field
            assert str(info.value) == f"{name}.{field}: {rule}"


def test_threaded_path_matches() -> None:
    """Enough (ROI, channel) planes for the OpenMP path."""
    rng = np.random.default_rng(4)
    x, r, b = random_case(rng, 2, 32, 6, 7, 8, "FLOAT32", spread=2.0)
    for reduce in (AVG, MAX):
        got = run(make1(x.shape, 8, (4, 4), reduce=reduce, lo=1, hi=2),
                  {"InputTensor": x, "ROITensor": r, "BatchIndicesTensor": b})["OutputTensor"]
        close(got, dml_roi_align(x, r, b, (4, 4), reduce=reduce, lo=1, hi=2), 1)
