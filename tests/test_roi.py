"""ROI_POOLING (native/families/roi.c) and its own rules (native/validate/rules_roi.c); the roi family's tables are
pydml/ops/roi.py. ROI_ALIGN, ROI_ALIGN1 and ROI_ALIGN_GRAD: tests/test_roi_align.py and
tests/test_training_gradients.py.

Reference: the page's formulas written out in Python integers (no torchvision), with the page's
clamping; outputs poisoned (``ew_harness.run``).

Decisions the page leaves open, asserted here (and commented in roi.c):
  * round() is C's round (half away from zero) of the float product;
  * an inverted region counts as one pixel (RegionHeight = max(y2 - y1 + 1, 1), as Caffe);
  * a bin that is empty after clamping gives 0;
  * a NaN/infinite coordinate or a BatchID outside [0, BatchCount) gives NaN for the whole ROI;
  * NaN inside a bin makes the bin NaN.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from ew_harness import poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.registry import schema_of

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}


def make(in_sizes: Sequence[int], rois: int, pooled: tuple[int, int], scale: float = 1.0,
         dtype: str = "FLOAT32", in_strides: Sequence[int] | None = None,
         out_strides: Sequence[int] | None = None) -> Any:
    return pydml.DML_ROI_POOLING_OPERATOR_DESC(
        InputTensor=tensor(dtype, in_sizes, in_strides), ROITensor=tensor(dtype, [1, 1, rois, 5]),
        OutputTensor=tensor(dtype, [rois, in_sizes[1], *pooled], out_strides), SpatialScale=scale,
        PooledSize=pydml.DML_SIZE_2D(Height=pooled[0], Width=pooled[1]))


def c_round(v: float) -> int:
    return math.floor(abs(v) + 0.5) * (1 if v >= 0 else -1)


def reference(x: np.ndarray, rois: np.ndarray, pooled: tuple[int, int], scale: float) -> np.ndarray:
    n, c, h, w = x.shape
    ph, pw = pooled
    out = np.zeros((len(rois), c, ph, pw), np.float64)
    s32 = np.float32(scale)
    for r, roi in enumerate(rois.astype(np.float32)):
        coords = [roi[i] * s32 for i in range(1, 5)]  # float products, as the kernel
        batch_ok = bool(np.isfinite(roi[0])) and 0 <= math.trunc(float(roi[0])) < n
        if not all(np.isfinite(coords)) or not batch_ok:
            out[r] = np.nan
            continue
        b = math.trunc(float(roi[0]))
        x1, y1, x2, y2 = (c_round(float(v)) for v in coords)
        rh, rw = max(y2 - y1 + 1, 1), max(x2 - x1 + 1, 1)
        for oy in range(ph):
            hs = min(max(oy * rh // ph + y1, 0), h)
            he = min(max(((oy + 1) * rh + ph - 1) // ph + y1, 0), h)
            for ox in range(pw):
                ws = min(max(ox * rw // pw + x1, 0), w)
                we = min(max(((ox + 1) * rw + pw - 1) // pw + x1, 0), w)
                if hs >= he or ws >= we:
                    continue
                region = x[b, :, hs:he, ws:we].astype(np.float64).reshape(c, -1)
                out[r, :, oy, ox] = np.where(np.isnan(region).any(axis=1), np.nan, region.max(axis=1))
    return out


def check(got: np.ndarray, want: np.ndarray) -> None:
    np.testing.assert_array_equal(got, want.astype(got.dtype))


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("scale", [1.0, 0.5, 0.25])
def test_against_the_page_formula(dtype: str, scale: float) -> None:
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 3, 9, 11)).astype(NP[dtype])
    rois = np.array([[0, 0, 0, 10, 8], [1, 2, 3, 7, 5], [1, 4.5, 1.5, 4.5, 1.5], [0, -6, -4, 30, 20],
                     [1, 8, 6, 3, 2],  # inverted: one pixel
                     [0, 40, 40, 50, 50],  # outside the input: empty bins
                     [1, 2.5, 3.5, 9.5, 7.49]], np.float32) * np.float32([1, 1 / scale, 1 / scale, 1 / scale,
                                                                          1 / scale])
    rois = rois.astype(NP[dtype])
    for pooled in ((2, 2), (3, 4), (1, 1), (5, 7)):
        got = run(make([2, 3, 9, 11], len(rois), pooled, scale, dtype),
                  {"InputTensor": x, "ROITensor": rois.reshape(1, 1, -1, 5)})["OutputTensor"]
        check(got, reference(x, rois, pooled, scale))


def test_worked_shape_and_empty_bins() -> None:
    x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
    rois = np.array([[[[0, 0, 0, 3, 3], [0, 1, 1, 2, 2], [0, 10, 10, 12, 12]]]], np.float32)
    got = run(make([1, 1, 4, 4], 3, (2, 2)), {"InputTensor": x, "ROITensor": rois})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], [[5, 7], [13, 15]])
    np.testing.assert_array_equal(got[1, 0], [[5, 6], [9, 10]])
    np.testing.assert_array_equal(got[2, 0], [[0, 0], [0, 0]])


def test_invalid_roi_data_never_reads_outside() -> None:
    x = np.ones((2, 2, 4, 4), np.float32)
    rois = np.array([[[[2, 0, 0, 3, 3], [-1, 0, 0, 3, 3], [np.nan, 0, 0, 1, 1], [0, np.inf, 0, 1, 1],
                       [1.9, 0, 0, 1, 1], [0, 0, 0, np.nan, 1]]]], np.float32)
    got = run(make([2, 2, 4, 4], 6, (2, 2)), {"InputTensor": x, "ROITensor": rois})["OutputTensor"]
    assert np.isnan(got[[0, 1, 2, 3, 5]]).all()
    assert (got[4] == 1).all(), "BatchID 1.9 truncates to 1"


def test_nan_in_a_bin_and_strided_views() -> None:
    n, c, h, w = 1, 3, 6, 5
    nhwc = np.random.default_rng(2).standard_normal((n, h, w, c)).astype(np.float32)
    nhwc[0, 1, 1, 2] = np.nan
    x = nhwc.transpose(0, 3, 1, 2)
    rois = np.array([[0, 0, 0, 4, 5], [0, 1, 1, 3, 3]], np.float32)
    out_strides = [2 * c * 4, 2 * 4, 2 * 2, 2]
    raw = poison(np.dtype(np.float32), (2 * 2 * c * 4 + 1,))
    run(make([n, c, h, w], 2, (2, 2), in_strides=[h * w * c, 1, w * c, c], out_strides=out_strides),
        {"InputTensor": nhwc.reshape(-1), "ROITensor": rois.reshape(1, 1, 2, 5)},
        outputs={"OutputTensor": raw})
    got = raw[::2][: 2 * c * 4].reshape(2, c, 2, 2)
    want = reference(x, rois, (2, 2), 1.0)
    np.testing.assert_array_equal(got, want.astype(np.float32))
    assert np.isnan(got[0, 2, 0, 0]) and np.isnan(raw[1::2]).all()


def test_rules() -> None:
    base = make([2, 3, 8, 8], 4, (2, 3))
    name = schema_of(base).c_name
    pydml.validate(base)
    cases = [
        (dataclasses.replace(base, ROITensor=tensor("FLOAT32", [1, 1, 4, 4])), "ROITensor.Sizes[3]",
         "must be 5 ([BatchID, x1, y1, x2, y2]), got 4"),
        (dataclasses.replace(base, ROITensor=tensor("FLOAT32", [2, 1, 4, 5])), "ROITensor.Sizes[0]",
         "must be 1 ({1, 1, NumROIs, 5}), got 2"),
        (dataclasses.replace(base, ROITensor=tensor("FLOAT32", [1, 3, 4, 5])), "ROITensor.Sizes[1]",
         "must be 1 ({1, 1, NumROIs, 5}), got 3"),
        (dataclasses.replace(base, PooledSize=pydml.DML_SIZE_2D(Height=3, Width=3)), "PooledSize.Height",
         "must equal OutputTensor.Sizes[2] (2), got 3"),
        (dataclasses.replace(base, PooledSize=pydml.DML_SIZE_2D(Height=2, Width=2)), "PooledSize.Width",
         "must equal OutputTensor.Sizes[3] (3), got 2"),
        (dataclasses.replace(base, OutputTensor=tensor("FLOAT32", [5, 3, 2, 3])), "OutputTensor.Sizes[0]",
         "must equal NumROIs (ROITensor.Sizes[2] = 4), got 5"),
        (dataclasses.replace(base, OutputTensor=tensor("FLOAT32", [4, 2, 2, 3])), "OutputTensor.Sizes[1]",
         "must equal InputTensor.Sizes[1] (3), got 2"),
    ]
    for desc, field, rule in cases:
        for check_desc in (pydml.validate, pydml.Device().create_operator):
            with pytest.raises(ValidationError) as info:
                check_desc(desc)
            assert info.value.field == field
            assert str(info.value) == f"{name}.{field}: {rule}"
