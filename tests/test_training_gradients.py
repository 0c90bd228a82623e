"""Gradient operators: SLICE_GRAD (native/families/data_movement.c), AVERAGE_POOLING_GRAD and MAX_POOLING_GRAD
(native/families/pooling.c) and ROI_ALIGN_GRAD (native/families/roi.c), with their pages' rules (the
element-wise gradients are in tests/test_ew_gradient.py).

References: torch autograd of the forward operator where torch has it (relu, clamp, avg_pool2d/3d,
max_pool2d/3d, in float64); for the linear forwards (SLICE1, AVERAGE_POOLING, ROI_ALIGN1 in its input)
the adjoint identity <g, F v> = <F^T g, v> against the forward pydml executes (F v in float64 where a
float64 reference exists: ROI_ALIGN1's is tests/test_roi_align.py's ``dml_roi_align``); ROI_ALIGN_GRAD's
OutputROIGradientTensor and MAX by central finite differences of that float64 forward. Every output is
poisoned (NaN) before execution (ew_harness.run); results must not depend on the thread count.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import DTYPES, refused, run, tensor, threads
from test_roi_align import dml_roi_align, make1

import pydml
from pydml.native import lib

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
AVG, MAX = pydml.DML_REDUCE_FUNCTION_AVERAGE, pydml.DML_REDUCE_FUNCTION_MAX
NEAREST, LINEAR = pydml.DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR, pydml.DML_INTERPOLATION_MODE_LINEAR


rules = refused


# ---- SLICE_GRAD ---------------------------------------------------------------------------

def slice_grad(dtype: str, out: Sequence[int], grad: Sequence[int], offsets: Sequence[int],
               sizes: Sequence[int], strides: Sequence[int], out_strides: Sequence[int] | None = None) -> Any:
    return pydml.DML_SLICE_GRAD_OPERATOR_DESC(
        InputGradientTensor=tensor(dtype, grad), OutputGradientTensor=tensor(dtype, out, out_strides),
        InputWindowOffsets=list(offsets), InputWindowSizes=list(sizes), InputWindowStrides=list(strides))


def slice1(dtype: str, x: Sequence[int], y: Sequence[int], offsets: Sequence[int], sizes: Sequence[int],
           strides: Sequence[int]) -> Any:
    return pydml.DML_SLICE1_OPERATOR_DESC(
        InputTensor=tensor(dtype, x), OutputTensor=tensor(dtype, y), InputWindowOffsets=list(offsets),
        InputWindowSizes=list(sizes), InputWindowStrides=list(strides))


def test_slice_grad_page_example() -> None:
    g = np.array([[1, 3], [9, 11]], np.float32)  # a, c / i, k
    got = run(slice_grad("FLOAT32", [4, 4], [2, 2], [0, 0], [4, 4], [2, 2]), {"InputGradientTensor": g})
    want = np.zeros((4, 4), np.float32)
    want[::2, ::2] = g
    np.testing.assert_array_equal(got["OutputGradientTensor"], want)


SLICE_CASES = [
    ([5, 7], [0, 1], [5, 6], [2, -3], [3, 2]),
    ([3, 4, 9], [1, 0, 2], [2, 4, 7], [-1, 1, 2], [2, 4, 4]),
    ([2, 3, 4, 5, 6], [0, 1, 1, 0, 3], [2, 2, 3, 5, 3], [1, -1, 2, -2, 1], [2, 2, 2, 3, 3]),
    ([6, 6], [1, 1], [5, 5], [2, 2], [2, 2]),  # a smaller gradient than the window allows
]


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16", "INT32", "UINT8", "INT64", "FLOAT64"])
@pytest.mark.parametrize("case", SLICE_CASES)
def test_slice_grad_adjoint_of_slice1(dtype: str, case: Any) -> None:
    shape, offs, sizes, strides, gshape = case
    rng = np.random.default_rng(2)
    dt = DTYPES[dtype]
    g = (rng.integers(-3, 4, gshape) if dt.kind != "u" else rng.integers(0, 4, gshape)).astype(dt)
    v = (rng.integers(-3, 4, shape) if dt.kind != "u" else rng.integers(0, 4, shape)).astype(dt)
    level = "6_4" if dtype in ("INT64", "FLOAT64") else None
    dx = run(slice_grad(dtype, shape, gshape, offs, sizes, strides), {"InputGradientTensor": g},
             level=level)["OutputGradientTensor"]
    sv = run(slice1(dtype, shape, gshape, offs, sizes, strides), {"InputTensor": v},
             level=level)["OutputTensor"]
    # <g, S v> = <S^T g, v>, exact in integers
    i64 = np.int64
    assert int((g.astype(i64) * sv.astype(i64)).sum()) == int((dx.astype(i64) * v.astype(i64)).sum())
    # and the scatter itself: every element outside the window is 0
    idx = []
    for o, s, st, n in zip(offs, sizes, strides, gshape, strict=True):
        start = o + s - 1 if st < 0 else o
        idx.append(start + st * np.arange(n))
    want = np.zeros(shape, dt)
    want[np.ix_(*idx)] = g
    np.testing.assert_array_equal(dx, want)


def test_slice_grad_strided_output() -> None:
    g = np.arange(1, 7, dtype=np.float16).reshape(2, 3)
    raw = np.full(4 * 10, np.nan, np.float16)
    run(slice_grad("FLOAT16", [4, 5], [2, 3], [1, 0], [3, 5], [2, 2], out_strides=[10, 2]),
        {"InputGradientTensor": g}, outputs={"OutputGradientTensor": raw})
    got = raw.reshape(4, 10)[:, ::2]
    want = np.zeros((4, 5), np.float16)
    want[1::2, ::2] = g
    np.testing.assert_array_equal(got, want)
    assert np.isnan(raw.reshape(4, 10)[:, 1::2]).all()  # the gaps stay poisoned


def test_slice_grad_rules() -> None:
    base = slice_grad("FLOAT32", [4, 4], [2, 2], [0, 0], [4, 4], [2, 2])
    pydml.validate(base)
    rules(dataclasses.replace(base, InputWindowStrides=[0, 2]), "InputWindowStrides[0]", "must not be 0")
    rules(dataclasses.replace(base, InputWindowOffsets=[1, 0]), "InputWindowOffsets[0]",
          "must keep the window inside OutputGradientTensor")
    rules(dataclasses.replace(base, InputWindowSizes=[0, 4]), "InputWindowSizes[0]", "must be >= 1")
    rules(dataclasses.replace(base, InputGradientTensor=tensor("FLOAT32", [3, 2])),
          "InputGradientTensor.Sizes[0]",
          "must be <= 1 + (InputWindowSizes[0] - 1) / |InputWindowStrides[0]| (2), got 3")
    rules(dataclasses.replace(base, InputWindowOffsets=[0], InputWindowSizes=[4], InputWindowStrides=[2]),
          "DimensionCount", "must equal OutputGradientTensor.DimensionCount (2), got 1")


# ---- AVERAGE_POOLING_GRAD / MAX_POOLING_GRAD -------------------------------------------------

def pool_out(size: Sequence[int], win: Sequence[int], st: Sequence[int], sp: Sequence[int], ep: Sequence[int],
             dil: Sequence[int] | None = None) -> list[int]:
    dil = dil or [1] * len(win)
    return [(s + a + b - (w - 1) * d - 1) // t + 1
            for s, w, t, a, b, d in zip(size, win, st, sp, ep, dil, strict=True)]


def avg_grad(dtype: str, x: Sequence[int], win: Sequence[int], st: Sequence[int], sp: Sequence[int],
             ep: Sequence[int], incl: bool, out_strides: Sequence[int] | None = None) -> Any:
    y = [*x[:2], *pool_out(x[2:], win, st, sp, ep)]
    return pydml.DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC(
        InputGradientTensor=tensor(dtype, y), OutputGradientTensor=tensor(dtype, x, out_strides),
        Strides=list(st),
        WindowSize=list(win), StartPadding=list(sp), EndPadding=list(ep), IncludePadding=incl)


def max_grad(dtype: str, x: Sequence[int], win: Sequence[int], st: Sequence[int], sp: Sequence[int],
             ep: Sequence[int], dil: Sequence[int], in_strides: Sequence[int] | None = None,
             g_strides: Sequence[int] | None = None) -> Any:
    y = [*x[:2], *pool_out(x[2:], win, st, sp, ep, dil)]
    return pydml.DML_MAX_POOLING_GRAD_OPERATOR_DESC(
        InputTensor=tensor(dtype, x, in_strides), InputGradientTensor=tensor(dtype, y, g_strides),
        OutputGradientTensor=tensor(dtype, x), Strides=list(st), WindowSize=list(win), StartPadding=list(sp),
        EndPadding=list(ep), Dilations=list(dil))


def test_pooling_grad_page_examples() -> None:
    got = run(avg_grad("FLOAT32", [1, 1, 3, 3], [2, 2], [1, 1], [0, 0], [0, 0], False),
              {"InputGradientTensor": np.array([[[[1, 2], [3, 4]]]], np.float32)})["OutputGradientTensor"]
    np.testing.assert_array_equal(got[0, 0], [[0.25, 0.75, 0.5], [1, 2.5, 1.5], [0.75, 1.75, 1]])
    x = np.array([[[[1, 2, 3], [2, 4, 2], [5, 6, 7]]]], np.float32)
    got = run(max_grad("FLOAT32", [1, 1, 3, 3], [2, 2], [1, 1], [0, 0], [0, 0], [1, 1]),
              {"InputTensor": x, "InputGradientTensor": np.array([[[[1, 2], [4, 5]]]], np.float32)})
    np.testing.assert_array_equal(got["OutputGradientTensor"][0, 0], [[0, 0, 0], [0, 3, 0], [0, 4, 5]])


AVG_CASES = [  # (input, window, strides, start pad, end pad); torch needs symmetric pads <= window / 2
    ([2, 3, 9, 11], [3, 2], [2, 1], [1, 1], [1, 1]),
    ([1, 2, 8, 8], [2, 2], [2, 2], [0, 0], [0, 0]),
    ([1, 2, 7, 10], [3, 3], [1, 2], [1, 1], [1, 1]),
    ([1, 2, 5, 6, 7], [2, 3, 3], [2, 1, 2], [1, 1, 0], [1, 1, 0]),
]


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("incl", [False, True])
@pytest.mark.parametrize("case", AVG_CASES)
def test_average_pooling_grad_against_autograd(dtype: str, incl: bool, case: Any) -> None:
    x, win, st, sp, ep = case
    rng = np.random.default_rng(3)
    tx = torch.zeros(x, dtype=torch.float64, requires_grad=True)
    pool = F.avg_pool2d if len(x) == 4 else F.avg_pool3d
    y = pool(tx, win, st, sp, count_include_pad=incl)
    g = rng.standard_normal(tuple(y.shape)).astype(NP[dtype])
    y.backward(torch.from_numpy(g.astype(np.float64)))
    got = run(avg_grad(dtype, x, win, st, sp, ep, incl), {"InputGradientTensor": g})["OutputGradientTensor"]
    want = tx.grad.numpy()
    # float64 sums rounded once: within half an ulp of the float64 gradient (+ torch's own rounding)
    np.testing.assert_allclose(got, want.astype(NP[dtype]), rtol=1e-6 if dtype == "FLOAT32" else 1e-3,
                               atol=1e-6 if dtype == "FLOAT32" else 1e-3)


WIDE_AVG_CASES = [  # rows wide enough for the AVX2 rows (pooling.c: Strides 2 on W run 16 w at a time)
    ([2, 3, 6, 40], [2, 2], [2, 2], [0, 0], [0, 0]),
    ([1, 2, 7, 45], [3, 3], [2, 2], [1, 1], [1, 1]),
    ([1, 2, 5, 37], [3, 4], [1, 2], [1, 2], [1, 2]),
    ([1, 2, 5, 50], [3, 5], [2, 2], [1, 2], [1, 2]),
    ([1, 1, 4, 41], [1, 1], [2, 2], [0, 0], [0, 0]),  # odd w covered by no window
    ([1, 2, 5, 30], [3, 3], [1, 1], [1, 1], [1, 1]),  # Strides 1 and 3: the permuted blocks
    ([1, 2, 5, 40], [2, 2], [3, 3], [0, 0], [0, 0]),
    ([1, 1, 3, 5], [2, 2], [2, 2], [0, 0], [0, 0]),
]


@pytest.mark.parametrize("incl", [False, True])
@pytest.mark.parametrize("case", WIDE_AVG_CASES)
def test_average_pooling_grad_vector_rows(incl: bool, case: Any) -> None:
    # the AVX2 rows give the portable rows' bits, and both the float64 autograd gradient
    x, win, st, sp, ep = case
    rng = np.random.default_rng(5)
    tx = torch.zeros(x, dtype=torch.float64, requires_grad=True)
    y = F.avg_pool2d(tx, win, st, sp, count_include_pad=incl)
    g = rng.standard_normal(tuple(y.shape)).astype(np.float32)
    y.backward(torch.from_numpy(g.astype(np.float64)))
    desc = avg_grad("FLOAT32", x, win, st, sp, ep, incl)
    results = []
    for mask in (0, 0xFFFFFFFF):
        lib.pydml_set_cpu_features(mask)
        try:
            results.append(run(desc, {"InputGradientTensor": g})["OutputGradientTensor"])
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    assert results[0].tobytes() == results[1].tobytes()
    np.testing.assert_allclose(results[1], tx.grad.numpy().astype(np.float32), rtol=1e-6, atol=1e-6)


AG3_CASES = [  # AVERAGE_POOLING_GRAD's separable rows for 3x3 windows of Strides 2 (pooling.c: ag3_rows_c)
    ([2, 3, 9, 37], [1, 1], [1, 1]),    # odd W
    ([1, 2, 10, 40], [0, 0], [0, 0]),   # StartPadding 0: dX column 0 alone, the last column uncovered
    ([1, 2, 11, 41], [0, 1], [1, 0]),   # padding on one end of each axis
    ([1, 2, 8, 42], [1, 0], [0, 1]),
    ([1, 1, 7, 35], [1, 1], [2, 2]),    # EndPadding 2: windows of padding only
    ([1, 2, 5, 5], [1, 1], [1, 1]),     # narrower than a vector
]


@pytest.mark.parametrize("incl", [False, True])
@pytest.mark.parametrize("case", AG3_CASES)
def test_average_pooling_grad_3x3_stride2_rows(incl: bool, case: Any) -> None:
    # each dY row spread once along W, each dX row one spread row or the sum of two: the AVX2 and the
    # portable rows give the same bits on 1 and 2 threads (-0.0 in the data), the adjoint of pydml's
    # forward, and autograd's float64 gradient where torch has the padding
    x, sp, ep = case
    win, st = [3, 3], [2, 2]
    y = [*x[:2], *pool_out(x[2:], win, st, sp, ep)]
    rng = np.random.default_rng(9)
    g = rng.standard_normal(y).astype(np.float32)
    g.reshape(-1)[rng.choice(g.size, 3, replace=False)] = -0.0
    desc = avg_grad("FLOAT32", x, win, st, sp, ep, incl)
    results = []
    for n, mask in ((1, 0xFFFFFFFF), (2, 0xFFFFFFFF), (1, 0)):
        lib.pydml_set_cpu_features(mask)
        try:
            with threads(n):
                results.append(run(desc, {"InputGradientTensor": g})["OutputGradientTensor"])
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    assert results[0].tobytes() == results[1].tobytes() == results[2].tobytes()
    dx = results[0]
    v = rng.standard_normal(x).astype(np.float32)
    fwd = pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", x), OutputTensor=tensor("FLOAT32", y), Strides=st, WindowSize=win,
        StartPadding=sp, EndPadding=ep, IncludePadding=incl)
    av = run(fwd, {"InputTensor": v})["OutputTensor"].astype(np.float64)
    lhs, rhs = float((g * av).sum()), float((dx.astype(np.float64) * v).sum())
    assert abs(lhs - rhs) <= 1e-5 * (abs(lhs) + 1), (lhs, rhs)
    if sp == ep and sp[0] == sp[1]:
        tx = torch.zeros(x, dtype=torch.float64, requires_grad=True)
        out = F.avg_pool2d(tx, win, st, sp[0], count_include_pad=incl)
        out.backward(torch.from_numpy(g.astype(np.float64)))
        np.testing.assert_allclose(dx, tx.grad.numpy().astype(np.float32), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("sp", [0, 1])
def test_average_pooling_grad_3x3_stride2_streamed(sp: int) -> None:
    # past PL_STREAM_BYTES / 2 (16 MiB) of output the dX rows are streamed from their first 16-byte
    # boundary: the bits of the portable rows (96 channels: 19 MB of dX; 80 stayed 16.06 MB, below it)
    x = [1, 96, 224, 223 + sp]
    assert 4 * x[0] * x[1] * x[2] * x[3] >= 16 << 20
    y = [*x[:2], *pool_out(x[2:], [3, 3], [2, 2], [sp, sp], [1, 1])]
    g = np.random.default_rng(2).standard_normal(y).astype(np.float32)
    desc = avg_grad("FLOAT32", x, [3, 3], [2, 2], [sp, sp], [1, 1], False)
    fast = run(desc, {"InputGradientTensor": g})["OutputGradientTensor"]
    lib.pydml_set_cpu_features(0)
    try:
        slow = run(desc, {"InputGradientTensor": g})["OutputGradientTensor"]
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    assert fast.tobytes() == slow.tobytes()


@pytest.mark.parametrize("incl", [False, True])
def test_average_pooling_grad_adjoint_asymmetric_padding(incl: bool) -> None:
    # pads torch cannot express: <g, A v> with A = pydml's AVERAGE_POOLING forward
    x, win, st, sp, ep = [2, 2, 7, 9], [3, 4], [2, 3], [2, 0], [0, 3]
    y = [*x[:2], *pool_out(x[2:], win, st, sp, ep)]
    rng = np.random.default_rng(4)
    g = rng.standard_normal(y).astype(np.float32)
    v = rng.standard_normal(x).astype(np.float32)
    fwd = pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", x), OutputTensor=tensor("FLOAT32", y), Strides=st, WindowSize=win,
        StartPadding=sp, EndPadding=ep, IncludePadding=incl)
    av = run(fwd, {"InputTensor": v})["OutputTensor"].astype(np.float64)
    dx = run(avg_grad("FLOAT32", x, win, st, sp, ep, incl),
             {"InputGradientTensor": g})["OutputGradientTensor"]
    lhs, rhs = float((g * av).sum()), float((dx.astype(np.float64) * v).sum())
    assert abs(lhs - rhs) <= 1e-5 * (abs(lhs) + 1), (lhs, rhs)


MAX_CASES = [  # (input, window, strides, start pad, end pad, dilations)
    ([2, 3, 9, 11], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),
    ([1, 2, 12, 13], [3, 2], [1, 2], [1, 1], [1, 1], [2, 3]),
    ([1, 2, 40, 70], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),  # vector path columns
    ([1, 2, 5, 6, 7], [2, 3, 2], [2, 1, 2], [1, 1, 0], [1, 1, 0], [1, 1, 2]),
]


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("case", MAX_CASES)
def test_max_pooling_grad_against_autograd(dtype: str, case: Any) -> None:
    x, win, st, sp, ep, dil = case
    rng = np.random.default_rng(5)
    xv = rng.standard_normal(x).astype(NP[dtype])  # distinct values: no ties
    tx = torch.from_numpy(xv.astype(np.float64)).requires_grad_()
    pool = F.max_pool2d if len(x) == 4 else F.max_pool3d
    y = pool(tx, win, st, sp, dil)
    g = rng.standard_normal(tuple(y.shape)).astype(NP[dtype])
    y.backward(torch.from_numpy(g.astype(np.float64)))
    got = run(max_grad(dtype, x, win, st, sp, ep, dil), {"InputTensor": xv, "InputGradientTensor": g},
              level="4_0" if len(x) == 5 else None)["OutputGradientTensor"]
    # sums of up to (window / stride)^2 gradients in float, rounded once (FLOAT16)
    np.testing.assert_allclose(got, tx.grad.numpy().astype(NP[dtype]),
                               rtol=1e-6 if dtype == "FLOAT32" else 2e-3,
                               atol=1e-6 if dtype == "FLOAT32" else 2e-3)


def test_max_pooling_grad_ties_and_nan() -> None:
    # the page: a tie goes to the lowest logical index; NaN is the largest value, its first one
    x = np.zeros((1, 1, 3, 4), np.float32)
    x[0, 0, 2, 3] = np.nan
    d = max_grad("FLOAT32", [1, 1, 3, 4], [2, 2], [1, 2], [0, 0], [0, 0], [1, 1])
    g = np.array([[[[1, 2], [4, 8]]]], np.float32)
    got = run(d, {"InputTensor": x, "InputGradientTensor": g})["OutputGradientTensor"][0, 0]
    want = np.zeros((3, 4), np.float32)
    want[0, 0] = 1  # window (0,0): all zeros -> (0,0)
    want[0, 2] = 2  # window (0,1) starts at column 2
    want[1, 0] = 4  # window (1,0) starts at row 1
    want[2, 3] = 8  # window (1,1) holds the NaN
    np.testing.assert_array_equal(got, want)


S2_CASES = [  # W stride 2: the split-row vector path (max_s2_avx2) with its border columns
    ([2, 3, 9, 75], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),
    ([1, 2, 6, 66], [2, 4], [1, 2], [0, 3], [1, 2], [2, 2]),
    ([1, 2, 3, 5, 41], [2, 2, 3], [1, 2, 2], [0, 1, 1], [1, 0, 1], [1, 1, 1]),
]


def tied_max_grad_case(case: Any, seed: int, spread: int, nans: int) -> tuple[Any, Any, dict[str, Any], Any]:
    """A MAX_POOLING_GRAD case whose InputTensor is integers in [-spread, spread] (ties) with
    ``nans`` NaNs, and a random InputGradientTensor: (rng, desc, feed, feature level)."""
    x, win, st, sp, ep, dil = case
    rng = np.random.default_rng(seed)
    xv = rng.integers(-spread, spread + 1, x).astype(np.float32)
    xv.reshape(-1)[rng.choice(xv.size, nans, replace=False)] = np.nan
    y = [*x[:2], *pool_out(x[2:], win, st, sp, ep, dil)]
    g = rng.standard_normal(y).astype(np.float32)
    d = max_grad("FLOAT32", x, win, st, sp, ep, dil)
    return rng, d, {"InputTensor": xv, "InputGradientTensor": g}, "4_0" if len(x) == 5 else None


@pytest.mark.parametrize("case", S2_CASES)
def test_max_pooling_grad_stride2_rows_match_the_portable_path(case: Any) -> None:
    # ties (values from a small set) and NaNs: the vector rows pick the forward's maxima, so the
    # gradient is the portable path's bit for bit, and autograd's where no tie or NaN decides
    x, win, st, sp, ep, dil = case
    rng, d, feed, level = tied_max_grad_case(case, seed=8, spread=3, nans=5)
    g = feed["InputGradientTensor"]
    fast = run(d, feed, level=level)["OutputGradientTensor"]
    lib.pydml_set_cpu_features(0)
    try:
        slow = run(d, feed, level=level)["OutputGradientTensor"]
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    np.testing.assert_array_equal(fast, slow)
    xd = rng.standard_normal(x).astype(np.float32)  # distinct values: autograd's answer
    tx = torch.from_numpy(xd.astype(np.float64)).requires_grad_()
    if len(x) == 4 and sp == ep:
        F.max_pool2d(tx, win, st, sp, dil).backward(torch.from_numpy(g.astype(np.float64)))
        got = run(d, {"InputTensor": xd, "InputGradientTensor": g})["OutputGradientTensor"]
        np.testing.assert_allclose(got, tx.grad.numpy().astype(np.float32), rtol=1e-6, atol=1e-6)


def grad_bits_on_every_path(d: Any, feed: dict[str, np.ndarray], level: Any) -> list[bytes]:
    """OutputGradientTensor's bytes on the vector path with 1 and 2 threads, then the portable C."""
    results = []
    for n, mask in ((1, 0xFFFFFFFF), (2, 0xFFFFFFFF), (1, 0)):
        lib.pydml_set_cpu_features(mask)
        try:
            with threads(n):
                results.append(run(d, feed, level=level)["OutputGradientTensor"].tobytes())
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    return results


def gapped_rows(a: np.ndarray, gap: int) -> tuple[list[int], np.ndarray]:
    """A 4-D float32 ``a`` copied into a NaN-filled buffer whose rows are ``gap`` elements longer:
    the element strides and the buffer."""
    n, c, h, w = a.shape
    strides = [c * h * (w + gap), h * (w + gap), w + gap, 1]
    raw = np.full(n * strides[0], np.nan, np.float32)
    np.lib.stride_tricks.as_strided(raw, a.shape, [4 * s for s in strides])[...] = a
    return strides, raw


GATHER_CASES = [  # MAX_POOLING_GRAD's gather rows (pooling.c: mg_slice): W Strides 1 and 2, borders
    ([2, 3, 20, 37], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),
    ([1, 2, 19, 41], [3, 3], [1, 1], [1, 1], [1, 1], [1, 1]),
    ([1, 2, 12, 40], [2, 2], [2, 2], [0, 0], [0, 0], [1, 1]),
    ([1, 2, 13, 45], [5, 5], [2, 2], [2, 2], [2, 2], [1, 1]),
    ([1, 2, 11, 39], [1, 3], [3, 2], [0, 1], [0, 1], [1, 1]),  # input rows no window reads
    ([1, 2, 9, 7], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),    # no vector block: border columns only
    ([1, 2, 4, 6, 40], [1, 3, 3], [2, 2, 2], [1, 1, 1], [0, 1, 1], [1, 1, 1]),  # slices no window reads
]


@pytest.mark.parametrize("case", GATHER_CASES)
def test_max_pooling_grad_gather_rows_match_the_portable_path(case: Any) -> None:
    # each dX row gathered from its covering windows gives the scatter's bits (the portable C sums the
    # windows' gradients in output row-major order into a zeroed plane): ties, NaN and -0.0 in the
    # data, 1 and 2 threads, strided dY and dX rows
    x, win, st, sp, ep, dil = case
    rng, d, feed, level = tied_max_grad_case(case, seed=13, spread=2, nans=4)
    xv, g = feed["InputTensor"], feed["InputGradientTensor"]
    g.reshape(-1)[rng.choice(g.size, 5, replace=False)] = -0.0
    results = grad_bits_on_every_path(d, feed, level)
    assert results[0] == results[1] == results[2]
    if len(x) == 4:
        # row strides with gaps in dY (InputGradientTensor) and dX: the same bits, gaps untouched
        gstr, graw = gapped_rows(g, 3)
        dd = max_grad("FLOAT32", x, win, st, sp, ep, dil, g_strides=gstr)
        got = run(dd, {"InputTensor": xv, "InputGradientTensor": graw})["OutputGradientTensor"]
        assert got.tobytes() == results[0]
    xd = rng.standard_normal(x).astype(np.float32)  # distinct values: autograd's answer
    if len(x) == 4 and sp == ep:
        tx = torch.from_numpy(xd.astype(np.float64)).requires_grad_()
        F.max_pool2d(tx, win, st, sp, dil).backward(torch.from_numpy(g.astype(np.float64)))
        got = run(d, {"InputTensor": xd, "InputGradientTensor": g})["OutputGradientTensor"]
        np.testing.assert_allclose(got, tx.grad.numpy().astype(np.float32), rtol=1e-6, atol=1e-6)


def strided_rows_and_autograd(case: Any, d: Any, xv: np.ndarray, g: np.ndarray, bits: bytes,
                               rng: np.random.Generator) -> None:
    """A 2-D case again with gaps after X's and dY's rows (the same ``bits``), then on distinct values
    against autograd of max_pool2d over the padded input (padding of -inf: no window's maximum)."""
    x, win, st, sp, ep, dil = case
    gstr, graw = gapped_rows(g, 3)
    xstr, xraw = gapped_rows(xv, 1)
    dd = max_grad("FLOAT32", x, win, st, sp, ep, dil, in_strides=xstr, g_strides=gstr)
    got = run(dd, {"InputTensor": xraw, "InputGradientTensor": graw})["OutputGradientTensor"]
    assert got.tobytes() == bits
    xd = rng.standard_normal(x).astype(np.float32)  # distinct values: autograd's answer
    tx = torch.from_numpy(xd.astype(np.float64)).requires_grad_()
    pad = F.pad(tx, (sp[1], ep[1], sp[0], ep[0]), value=-np.inf)
    F.max_pool2d(pad, win, st, 0, dil).backward(torch.from_numpy(g.astype(np.float64)))
    got = run(d, {"InputTensor": xd, "InputGradientTensor": g})["OutputGradientTensor"]
    np.testing.assert_allclose(got, tx.grad.numpy().astype(np.float32), rtol=1e-6, atol=1e-6)


MG3_CASES = [  # MAX_POOLING_GRAD's one-pass rows for 3x3 windows of Strides 2 (pooling.c: mg3_slice)
    ([2, 3, 20, 37], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),   # odd W: the last window's tap 2 is padding
    ([1, 2, 19, 40], [3, 3], [2, 2], [0, 0], [0, 0], [1, 1]),   # StartPadding 0: column 39 uncovered
    ([1, 2, 20, 38], [3, 3], [2, 2], [0, 0], [0, 0], [1, 1]),   # the last row and column uncovered
    ([1, 2, 4, 30], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),    # two output rows
    ([1, 2, 18, 41], [3, 3], [2, 2], [0, 1], [1, 0], [1, 1]),   # padding on one end of each axis
    ([1, 2, 17, 42], [3, 3], [2, 2], [1, 0], [0, 1], [1, 1]),
    ([1, 1, 7, 35], [3, 3], [2, 2], [1, 1], [2, 2], [1, 1]),    # EndPadding 2: a window of padding only on W
    ([1, 2, 9, 16], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),    # too narrow for a vector group: border lanes
    ([1, 2, 5, 6, 40], [1, 3, 3], [2, 2, 2], [1, 1, 1], [0, 1, 1], [1, 1, 1]),  # slices no window reads
]


@pytest.mark.parametrize("case", MG3_CASES)
def test_max_pooling_grad_3x3_stride2_rows(case: Any) -> None:
    # the codes (each window's maximum as kh * 4 + kw) and the dX rows gathered from them give the
    # scatter's bits: ties, NaN and -0.0 in the data, 1 and 2 threads, the portable C; strided dY and
    # dX rows (dX rows staged when not 16-byte aligned); autograd where no tie or NaN decides
    x = case[0]
    rng, d, feed, level = tied_max_grad_case(case, seed=21, spread=2, nans=6)
    xv, g = feed["InputTensor"], feed["InputGradientTensor"]
    g.reshape(-1)[rng.choice(g.size, 5, replace=False)] = -0.0
    results = grad_bits_on_every_path(d, feed, level)
    assert results[0] == results[1] == results[2]
    if len(x) == 4:
        strided_rows_and_autograd(case, d, xv, g, results[0], rng)


MG2_CASES = [  # MAX_POOLING_GRAD's one-pass rows for 2x2 windows of Strides 2 (pooling.c: mg2_slice)
    ([2, 3, 20, 37], [2, 2], [2, 2], [0, 0], [0, 0], [1, 1]),   # odd W: the last column uncovered
    ([1, 2, 19, 40], [2, 2], [2, 2], [0, 0], [0, 0], [1, 1]),   # odd H: the last row uncovered
    ([1, 2, 19, 41], [2, 2], [2, 2], [0, 0], [1, 1], [1, 1]),   # EndPadding 1: one-row and one-column windows
    ([1, 2, 18, 41], [2, 2], [2, 2], [1, 1], [1, 1], [1, 1]),   # StartPadding 1: windows 0 are border ones
    ([1, 2, 17, 42], [2, 2], [2, 2], [1, 0], [0, 1], [1, 1]),   # padding on one end of each axis
    ([1, 2, 18, 36], [2, 2], [2, 2], [0, 1], [1, 0], [1, 1]),
    ([1, 2, 4, 49], [2, 2], [2, 2], [0, 1], [0, 0], [1, 1]),    # 3 vector groups and a tail of border windows
    ([1, 2, 9, 13], [2, 2], [2, 2], [1, 1], [0, 0], [1, 1]),    # too narrow for a vector group
    ([1, 2, 5, 6, 40], [1, 2, 2], [2, 2, 2], [1, 0, 0], [0, 0, 0], [1, 1, 1]),  # slices no window reads
]


@pytest.mark.parametrize("case", MG2_CASES)
def test_max_pooling_grad_2x2_stride2_rows(case: Any) -> None:
    # each window's first maximum (row-major taps) takes +0.0 + dY, its other taps +0.0: the scatter's
    # bits with ties, NaN and -0.0 in the data, 1 and 2 threads, the portable C; strided X, dY and dX
    # rows; autograd where no tie or NaN decides
    x = case[0]
    rng, d, feed, level = tied_max_grad_case(case, seed=22, spread=1, nans=6)
    xv, g = feed["InputTensor"], feed["InputGradientTensor"]
    xv.reshape(-1)[rng.choice(xv.size, 7, replace=False)] = -0.0
    g.reshape(-1)[rng.choice(g.size, 5, replace=False)] = -0.0
    results = grad_bits_on_every_path(d, feed, level)
    assert results[0] == results[1] == results[2]
    out = np.frombuffer(results[0], np.float32)
    assert (out != 0).sum() > out.size // 16 and not (np.signbit(out) & (out == 0)).any()
    if len(x) == 4:
        strided_rows_and_autograd(case, d, xv, g, results[0], rng)


@pytest.mark.parametrize("case", [([1, 1, 0, 37], [0, 0], [0, 0]), ([1, 1, 0, 40], [1, 1], [1, 1]),
                                  ([1, 1, 0, 16], [0, 1], [0, 1])])
def test_max_pooling_grad_2x2_stride2_ties_and_nan(case: Any) -> None:
    # groups without NaN take v > m and vmaxps, groups with a NaN the forward's rule (pooling.c:
    # mg2_vec_n): a NaN in each column in turn, in both rows, two NaNs in a window (the first wins);
    # all four taps tied, ties of -0.0 and +0.0; dY with -0.0 and a signalling NaN (made +0.0 and quiet)
    shape, sp, ep = case
    w = shape[3]
    h = 4 * w + 4
    x = [1, 1, h, w]
    rng = np.random.default_rng(32)
    xv = rng.choice(np.array([-1, -0.0, 0.0, 1], np.float32), x)
    for col in range(w):
        xv[0, 0, 4 * col + col % 2, col] = np.nan
        if col % 3 == 0:
            xv[0, 0, 4 * col + 1, col ^ 1 if col ^ 1 < w else col] = np.nan
    xv[0, 0, h - 4:h - 2] = 1.0   # every tap tied
    y = [1, 1, *pool_out(x[2:], [2, 2], [2, 2], sp, ep, [1, 1])]
    g = rng.standard_normal(y).astype(np.float32)
    g.reshape(-1)[rng.choice(g.size, 9, replace=False)] = -0.0
    snan = np.array([0x7FA00001], np.uint32).view(np.float32)[0]
    g.reshape(-1)[rng.choice(g.size, 3, replace=False)] = snan
    d = max_grad("FLOAT32", x, [2, 2], [2, 2], sp, ep, [1, 1])
    results = grad_bits_on_every_path(d, {"InputTensor": xv, "InputGradientTensor": g}, None)
    assert results[0] == results[1] == results[2]
    out = np.frombuffer(results[0], np.float32)
    assert np.isnan(out).any() and not (np.signbit(out) & (out == 0)).any()
    # the tied rows: each window's gradient at its first tap (row h - 4 + sp's parity, columns of kw 0)
    got = out.reshape(h, w)
    oh0 = (h - 4 + sp[0]) // 2
    for ow in range(y[3]):
        w0 = 2 * ow - sp[1]
        if w0 >= 0 and (h - 4 + sp[0]) % 2 == 0 and np.isfinite(g[0, 0, oh0, ow]):
            assert got[h - 4, w0] == g[0, 0, oh0, ow] + 0.0


@pytest.mark.parametrize("sp", [0, 1])
def test_max_pooling_grad_2x2_stride2_streamed(sp: int) -> None:
    # past PL_STREAM_BYTES the dX rows are streamed (16-byte aligned rows directly, the others staged):
    # the bits of the portable C
    x = [1, 76, 224, 224 + sp]   # past PL_STREAM_BYTES with either padding
    case = (x, [2, 2], [2, 2], [sp, sp], [0, 0], [1, 1])
    _, d, feed, _ = tied_max_grad_case(case, seed=4, spread=40, nans=50)
    fast = run(d, feed)["OutputGradientTensor"]
    lib.pydml_set_cpu_features(0)
    try:
        slow = run(d, feed)["OutputGradientTensor"]
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    assert fast.tobytes() == slow.tobytes()


@pytest.mark.parametrize("case", [
    ([1, 1, 0, 37], [1, 1], [1, 1]),   # odd W: the last window's tap 2 is padding; window 0 a border one
    ([1, 1, 0, 40], [0, 0], [0, 1]),   # StartPadding 0, a border window at the end
    ([1, 1, 0, 41], [1, 0], [0, 1]),
    ([1, 1, 0, 16], [1, 1], [1, 1]),   # one vector group
])
def test_max_pooling_grad_3x3_stride2_nan_in_every_column(case: Any) -> None:
    # rows without NaN take v > m (one compare) and vmaxps, the rows a window reads a NaN in run the
    # forward's rule (pooling.c: mg3_hmax_n, mg3_fused): a NaN in each column in turn, in rows of each tap
    # kh, between rows without NaN; ties of -0.0 and +0.0; dY with -0.0 and a signalling NaN (the
    # scatter's +0.0 + dY makes them +0.0 and quiet). The bits of the portable C on every path.
    shape, sp, ep = case
    w = shape[3]
    h = 6 * w + 3
    x = [1, 1, h, w]
    rng = np.random.default_rng(31)
    xv = rng.choice(np.array([-2, -1, -0.0, 0.0, 1, 2], np.float32), x)
    for col in range(w):
        xv[0, 0, 6 * col + col % 3, col] = np.nan
    xv[0, 0, h - 1, w - 1] = np.nan
    y = [1, 1, *pool_out(x[2:], [3, 3], [2, 2], sp, ep, [1, 1])]
    g = rng.standard_normal(y).astype(np.float32)
    g.reshape(-1)[rng.choice(g.size, 9, replace=False)] = -0.0
    g.reshape(-1)[rng.choice(g.size, 3, replace=False)] = np.array([0x7FA00001], np.uint32).view(np.float32)[0]
    d = max_grad("FLOAT32", x, [3, 3], [2, 2], sp, ep, [1, 1])
    results = grad_bits_on_every_path(d, {"InputTensor": xv, "InputGradientTensor": g}, None)
    assert results[0] == results[1] == results[2]
    out = np.frombuffer(results[0], np.float32)
    assert np.isnan(out).any() and not (np.signbit(out) & (out == 0)).any()


@pytest.mark.parametrize("sp", [0, 1])
def test_max_pooling_grad_3x3_stride2_streamed(sp: int) -> None:
    # past PL_STREAM_BYTES the dX rows are streamed (16-byte aligned rows directly, the others staged):
    # the bits of the portable C
    x = [1, 74, 224, 223 + sp]
    case = (x, [3, 3], [2, 2], [sp, sp], [1, 1], [1, 1])
    _, d, feed, _ = tied_max_grad_case(case, seed=3, spread=40, nans=50)
    fast = run(d, feed)["OutputGradientTensor"]
    lib.pydml_set_cpu_features(0)
    try:
        slow = run(d, feed)["OutputGradientTensor"]
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    assert fast.tobytes() == slow.tobytes()


def test_pooling_grads_strided_views() -> None:
    rng = np.random.default_rng(6)
    x = rng.standard_normal((2, 2, 6, 8)).astype(np.float32)
    raw = np.full(2 * 2 * 6 * 16, np.nan, np.float32)
    np.lib.stride_tricks.as_strided(raw, x.shape, [768, 384, 64, 8])[...] = x
    d = max_grad("FLOAT32", [2, 2, 6, 8], [2, 2], [2, 2], [0, 0], [0, 0], [1, 1], in_strides=[192, 96, 16, 2])
    g = rng.standard_normal((2, 2, 3, 4)).astype(np.float32)
    got = run(d, {"InputTensor": raw, "InputGradientTensor": g})["OutputGradientTensor"]
    tx = torch.from_numpy(x).requires_grad_()
    F.max_pool2d(tx, 2, 2).backward(torch.from_numpy(g))
    np.testing.assert_array_equal(got, tx.grad.numpy())
    out = np.full(2 * 2 * 6 * 16, np.nan, np.float32)
    run(avg_grad("FLOAT32", [2, 2, 6, 8], [2, 2], [2, 2], [0, 0], [0, 0], False,
                 out_strides=[192, 96, 16, 2]),
        {"InputGradientTensor": g}, outputs={"OutputGradientTensor": out})
    view = np.lib.stride_tricks.as_strided(out, x.shape, [768, 384, 64, 8])
    np.testing.assert_array_equal(view, np.repeat(np.repeat(g, 2, 2), 2, 3) / 4)
    assert np.isnan(out[1::2]).all()  # the gaps stay poisoned


def test_pooling_grad_rules() -> None:
    a = avg_grad("FLOAT32", [1, 1, 5, 5], [2, 2], [1, 1], [0, 0], [0, 0], False)
    pydml.validate(a)
    rules(dataclasses.replace(a, InputGradientTensor=tensor("FLOAT32", [1, 1, 4, 3])),
          "InputGradientTensor.Sizes[3]",
          "must be 4 ((OutputGradientTensor.Sizes[3] + StartPadding[1] + EndPadding[1] - WindowSize[1]) "
          "/ Strides[1]")
    rules(dataclasses.replace(a, Strides=[0, 1]), "Strides[0]", "must be >= 1, got 0")
    rules(dataclasses.replace(a, WindowSize=[6, 2]), "WindowSize[0]", "must be <= the padded input")
    rules(dataclasses.replace(a, InputGradientTensor=tensor("FLOAT32", [1, 2, 4, 4])),
          "InputGradientTensor.Sizes[1]",
          "must equal OutputGradientTensor.Sizes[1] (1), got 2")
    rules(dataclasses.replace(a, Strides=[1], WindowSize=[2], StartPadding=[0], EndPadding=[0]),
          "DimensionCount",
          "must equal OutputGradientTensor.DimensionCount - 2 (2), got 1")
    m = max_grad("FLOAT32", [1, 1, 7, 7], [3, 3], [2, 2], [1, 1], [1, 1], [2, 2])
    pydml.validate(m)
    rules(dataclasses.replace(m, InputGradientTensor=tensor("FLOAT32", [1, 1, 4, 4])),
          "InputGradientTensor.Sizes[2]",
          "must be 3 ((InputTensor.Sizes[2] + StartPadding[0] + EndPadding[0] - ((WindowSize[0] - 1) * "
          "Dilations[0]")
    rules(dataclasses.replace(m, Dilations=[0, 1]), "Dilations[0]", "must be >= 1, got 0")
    rules(dataclasses.replace(m, OutputGradientTensor=tensor("FLOAT32", [1, 1, 7, 6])),
          "OutputGradientTensor",
          "Sizes")


# ---- ROI_ALIGN_GRAD -----------------------------------------------------------------------

def roi_grad(in_sizes: Sequence[int], rois: int, out_hw: tuple[int, int], *, dtype: str = "FLOAT32",
             reduce: Any = AVG, mode: Any = LINEAR, scale: tuple[float, float] = (1.0, 1.0),
             in_off: float = 0.5,
             out_off: float = -0.5, lo: int = 1, hi: int = 2**32 - 1, corners: bool = False, dx: bool = True,
             droi: bool = False, x: bool = True) -> Any:
    return pydml.DML_ROI_ALIGN_GRAD_OPERATOR_DESC(
        InputTensor=tensor(dtype, in_sizes) if x else None,
        InputGradientTensor=tensor(dtype, [rois, in_sizes[1], *out_hw]), ROITensor=tensor(dtype, [rois, 4]),
        BatchIndicesTensor=tensor("UINT32", [rois]),
        OutputGradientTensor=tensor(dtype, in_sizes) if dx else None,
        OutputROIGradientTensor=tensor(dtype, [rois, 4]) if droi else None, ReductionFunction=reduce,
        InterpolationMode=mode, SpatialScaleX=scale[0], SpatialScaleY=scale[1], InputPixelOffset=in_off,
        OutputPixelOffset=out_off, MinimumSamplesPerOutput=lo, MaximumSamplesPerOutput=hi,
        AlignRegionsToCorners=corners)


def test_roi_align_grad_page_example() -> None:
    # the page's nearest-neighbour example (1.5x in width, 0.5x in height, four 2x2 regions); its
    # forward values [[1, 1, 2]], ... are what ROI_ALIGN1 gives with InputPixelOffset 0.5,
    # OutputPixelOffset 0 and one sample per output
    rois = np.array([[0, 0, 2, 2], [2, 0, 4, 2], [0, 2, 2, 4], [2, 2, 4, 4]], np.float32)
    b = np.zeros(4, np.uint32)
    g = np.arange(1, 13, dtype=np.float32).reshape(4, 1, 1, 3)
    d = roi_grad([1, 1, 4, 4], 4, (1, 3), mode=NEAREST, in_off=0.5, out_off=0.0, lo=1, hi=1, x=False)
    got = run(d, {"InputGradientTensor": g, "ROITensor": rois,
                  "BatchIndicesTensor": b})["OutputGradientTensor"]
    np.testing.assert_array_equal(got[0, 0], [[3, 3, 9, 6], [0, 0, 0, 0], [15, 9, 21, 12], [0, 0, 0, 0]])


ROI_MODES = [
    dict(mode=LINEAR, in_off=0.5, out_off=-0.5),
    dict(mode=LINEAR, in_off=0.0, out_off=0.0, lo=2, hi=3),
    dict(mode=NEAREST, in_off=0.5, out_off=-0.5),
    dict(mode=LINEAR, corners=True, in_off=0.0, out_off=0.0),
    dict(mode=LINEAR, scale=(0.5, 0.25), in_off=0.5, out_off=-0.5),
]


def roi_case(rng: np.random.Generator, n: int, c: int, h: int, w: int, rois: int) -> tuple[np.ndarray, ...]:
    x = rng.standard_normal((n, c, h, w)).astype(np.float32)
    corners = rng.uniform(-1.5, max(h, w) + 0.5, (rois, 4))
    r = np.stack([corners[:, 0] * w / max(h, w), corners[:, 1] * h / max(h, w),
                  corners[:, 2] * w / max(h, w), corners[:, 3] * h / max(h, w)], 1).astype(np.float32)
    r[0] = [0.3, 0.65, 4.6, 3.9]         # an ordinary region (no sample on an integer position)
    r[1] = [5.2, 4.1, 1.3, 0.2]          # inverted (mirrored)
    b = rng.integers(0, n, rois).astype(np.uint32)
    return x, r, b


@pytest.mark.parametrize("kw", ROI_MODES)
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_roi_align_grad_average_adjoint(kw: dict[str, Any], dtype: str) -> None:
    rng = np.random.default_rng(7)
    x, r, b = roi_case(rng, 2, 3, 6, 7, 5)
    r = r.astype(NP[dtype])
    g = rng.standard_normal((5, 3, 2, 3)).astype(NP[dtype])
    got = run(roi_grad([2, 3, 6, 7], 5, (2, 3), dtype=dtype, x=False, **kw),
              {"InputGradientTensor": g, "ROITensor": r, "BatchIndicesTensor": b})["OutputGradientTensor"]
    scale = kw.get("scale", (1.0, 1.0))
    ref = {k: v for k, v in kw.items() if k != "scale"}
    v = rng.standard_normal(x.shape)
    fv = dml_roi_align(v, r, b, (2, 3), scale=scale, **ref)  # float64, linear in v
    lhs, rhs = float((g.astype(np.float64) * fv).sum()), float((got.astype(np.float64) * v).sum())
    tol = 1e-5 if dtype == "FLOAT32" else 3e-3
    assert abs(lhs - rhs) <= tol * (np.abs(got.astype(np.float64) * v).sum() + 1), (lhs, rhs)
    # the same desc, run as ROI_ALIGN1 forward by pydml, agrees on <g, F v> too (float32 forward)
    fwd = make1([2, 3, 6, 7], 5, (2, 3), dtype="FLOAT32", reduce=AVG, **kw)
    pv = run(fwd, {"InputTensor": v.astype(np.float32), "ROITensor": r.astype(np.float32),
                   "BatchIndicesTensor": b})
    assert abs(float((g.astype(np.float64) * pv["OutputTensor"]).sum()) - lhs) <= 1e-4 * (abs(lhs) + 1)


def finite_difference(fn: Any, at: np.ndarray, eps: float) -> np.ndarray:
    out = np.zeros_like(at, dtype=np.float64)
    for i in np.ndindex(*at.shape):
        up, down = at.astype(np.float64).copy(), at.astype(np.float64).copy()
        up[i] += eps
        down[i] -= eps
        out[i] = (fn(up) - fn(down)) / (2 * eps)
    return out


@pytest.mark.parametrize("kw", [ROI_MODES[0], ROI_MODES[1], ROI_MODES[3], ROI_MODES[4]])
@pytest.mark.parametrize("reduce", [AVG, MAX])
def test_roi_align_grad_finite_differences(kw: dict[str, Any], reduce: Any) -> None:
    # both outputs at once: the gradient with respect to the input (MAX: piecewise linear) and to
    # the ROI corners, against central differences of the float64 forward
    rng = np.random.default_rng(8)
    x, r, b = roi_case(rng, 2, 1, 6, 7, 3)
    g = rng.standard_normal((3, 1, 2, 3)).astype(np.float32)
    scale = kw.get("scale", (1.0, 1.0))
    ref = {k: v for k, v in kw.items() if k != "scale"}
    got = run(roi_grad([2, 1, 6, 7], 3, (2, 3), reduce=reduce, droi=True, **kw),
              {"InputTensor": x, "InputGradientTensor": g, "ROITensor": r, "BatchIndicesTensor": b})

    def loss_x(xv: np.ndarray) -> float:
        return float((g * dml_roi_align(xv, r, b, (2, 3), scale=scale, reduce=reduce, **ref)).sum())

    def loss_r(rv: np.ndarray) -> float:
        return float((g * dml_roi_align(x, rv, b, (2, 3), scale=scale, reduce=reduce, **ref)).sum())

    want_x = finite_difference(loss_x, x, 1e-4)
    np.testing.assert_allclose(got["OutputGradientTensor"], want_x, rtol=1e-4, atol=1e-4)
    want_r = finite_difference(loss_r, r, 1e-4)
    np.testing.assert_allclose(got["OutputROIGradientTensor"], want_r, rtol=2e-3, atol=2e-3)


def test_roi_align_grad_invalid_rois_and_poison() -> None:
    x = np.ones((1, 1, 4, 4), np.float32)
    r = np.array([[0, 0, 2, 2], [np.nan, 0, 1, 1], [0, 0, 3, 3]], np.float32)
    b = np.array([0, 0, 5], np.uint32)  # batch 5 >= BatchCount
    g = np.ones((3, 1, 2, 2), np.float32)
    got = run(roi_grad([1, 1, 4, 4], 3, (2, 2), droi=True),
              {"InputTensor": x, "InputGradientTensor": g, "ROITensor": r, "BatchIndicesTensor": b})
    assert np.isnan(got["OutputROIGradientTensor"][1:]).all()
    assert not np.isnan(got["OutputROIGradientTensor"][0]).any()
    dx = got["OutputGradientTensor"]
    assert not np.isnan(dx).any() and abs(dx.sum() - 4.0) < 1e-6  # only ROI 0 sends its 4 gradients


def test_roi_align_grad_refuses_more_samples_than_the_tables_hold() -> None:
    # the forward's sample tables and their budget (roi.c ROI_MAX_TAPS): a region of size 0 inside
    # the input with 4294967295 samples per axis is out of memory at once, not a heap grown to death
    x = np.ones((1, 1, 4, 4), np.float32)
    args = {"InputTensor": x, "InputGradientTensor": np.ones((1, 1, 2, 2), np.float32),
            "ROITensor": np.array([[1, 1, 1, 1]], np.float32), "BatchIndicesTensor": np.zeros(1, np.uint32)}
    for reduce in (AVG, MAX):
        with pytest.raises(pydml.PydmlError, match="out of memory"):
            run(roi_grad([1, 1, 4, 4], 1, (2, 2), reduce=reduce, lo=2**32 - 1, droi=True), args)


def test_roi_align_grad_rules() -> None:
    base = roi_grad([2, 3, 8, 8], 4, (2, 3), droi=True)
    name = "DML_ROI_ALIGN_GRAD_OPERATOR_DESC"
    pydml.validate(base)
    rules(dataclasses.replace(base, OutputGradientTensor=None, OutputROIGradientTensor=None),
          f"{name}.OutputGradientTensor", "must be supplied when OutputROIGradientTensor is NULL")
    rules(dataclasses.replace(base, InputTensor=None), "InputTensor",
          "must be supplied when OutputROIGradientTensor is supplied")
    rules(roi_grad([2, 3, 8, 8], 4, (2, 3), reduce=MAX, x=False), "InputTensor",
          "must be supplied when ReductionFunction is DML_REDUCE_FUNCTION_MAX")
    pydml.validate(roi_grad([2, 3, 8, 8], 4, (2, 3), x=False))  # AVERAGE, input gradient only
    rules(dataclasses.replace(base, OutputROIGradientTensor=tensor("FLOAT32", [1, 4, 4])),
          "OutputROIGradientTensor.Sizes", "must equal ROITensor.Sizes [4, 4]")
    rules(dataclasses.replace(base, OutputGradientTensor=tensor("FLOAT32", [2, 3, 8, 9])),
          "OutputGradientTensor.Sizes", "must equal InputTensor.Sizes [2, 3, 8, 8]")
    rules(dataclasses.replace(base, InputGradientTensor=tensor("FLOAT32", [3, 3, 2, 3])),
          "InputGradientTensor.Sizes[0]", "must equal NumROIs")
    rules(dataclasses.replace(base, InputGradientTensor=tensor("FLOAT32", [4, 2, 2, 3])),
          "InputGradientTensor.Sizes[1]", "must equal InputTensor.Sizes[1] (3), got 2")
    rules(dataclasses.replace(base, ROITensor=tensor("FLOAT32", [4, 5]), OutputROIGradientTensor=None),
          "ROITensor.Sizes[1]", "must be 4")
    rules(dataclasses.replace(base, BatchIndicesTensor=tensor("UINT32", [3])), "BatchIndicesTensor.Sizes[0]",
          "must equal NumROIs")
    rules(dataclasses.replace(base, MinimumSamplesPerOutput=3, MaximumSamplesPerOutput=2),
          "MinimumSamplesPerOutput", "must be <= MaximumSamplesPerOutput (2), got 3")
    rules(dataclasses.replace(base, ReductionFunction=pydml.DML_REDUCE_FUNCTION_SUM), "ReductionFunction",
          "must be DML_REDUCE_FUNCTION_AVERAGE or DML_REDUCE_FUNCTION_MAX")


# ---- determinism: the same bits on 1 and 2 threads --------------------------------------------

def test_gradients_do_not_depend_on_thread_count() -> None:
    rng = np.random.default_rng(10)
    x = rng.standard_normal((4, 8, 40, 40)).astype(np.float32)
    x[:, :, ::3, ::3] = 0.5  # ties
    mg = max_grad("FLOAT32", [4, 8, 40, 40], [3, 3], [1, 1], [1, 1], [1, 1], [1, 1])
    gm = rng.standard_normal((4, 8, 40, 40)).astype(np.float32)
    ag = avg_grad("FLOAT16", [4, 8, 40, 40], [3, 3], [2, 2], [1, 1], [1, 1], False)
    ga = rng.standard_normal((4, 8, 20, 20)).astype(np.float16)
    xr, r, b = roi_case(rng, 2, 8, 30, 30, 40)
    gr = rng.standard_normal((40, 8, 5, 5)).astype(np.float32)
    rd = roi_grad([2, 8, 30, 30], 40, (5, 5), reduce=MAX, droi=True)
    results = []
    for n in (1, 2):
        with threads(n):
            one = run(mg, {"InputTensor": x, "InputGradientTensor": gm})["OutputGradientTensor"]
            two = run(ag, {"InputGradientTensor": ga})["OutputGradientTensor"]
            three = run(rd, {"InputTensor": xr, "InputGradientTensor": gr, "ROITensor": r,
                             "BatchIndicesTensor": b})
            results.append([one, two, three["OutputGradientTensor"], three["OutputROIGradientTensor"]])
    for a, c in zip(*results, strict=True):
        assert a.tobytes() == c.tobytes()


def test_stride2_pooling_grads_same_bits_on_threads_and_isa_paths() -> None:
    # the Strides-2 rows (pooling.c: max_s2_avx2 with its scatter and border columns, the average
    # rows read back from acc, a repeated row copied): one thread, two threads and the portable C
    # give the same bits, with ties, NaN and -0.0 in the data
    rng = np.random.default_rng(12)
    x = rng.integers(-2, 3, (2, 4, 34, 70)).astype(np.float32)
    x.reshape(-1)[rng.choice(x.size, 9, replace=False)] = np.nan
    g = rng.standard_normal((2, 4, 17, 35)).astype(np.float32)
    g.reshape(-1)[rng.choice(g.size, 9, replace=False)] = -0.0
    cases = [
        (max_grad("FLOAT32", [2, 4, 34, 70], [3, 3], [2, 2], [1, 1], [0, 0], [1, 1]),
         {"InputTensor": x, "InputGradientTensor": g}),
        (max_grad("FLOAT32", [2, 4, 34, 70], [2, 2], [2, 2], [0, 0], [0, 0], [1, 1]),
         {"InputTensor": x, "InputGradientTensor": g}),
        (avg_grad("FLOAT32", [2, 4, 34, 70], [2, 2], [2, 2], [0, 0], [0, 0], False), {"InputGradientTensor": g}),
        (avg_grad("FLOAT32", [2, 4, 34, 70], [3, 3], [2, 2], [1, 1], [0, 0], True), {"InputGradientTensor": g}),
    ]
    for desc, feed in cases:
        results = []
        for n, mask in ((1, 0xFFFFFFFF), (2, 0xFFFFFFFF), (2, 0)):
            lib.pydml_set_cpu_features(mask)
            try:
                with threads(n):
                    results.append(run(desc, feed)["OutputGradientTensor"].tobytes())
            finally:
                lib.pydml_set_cpu_features(0xFFFFFFFF)
        assert results[0] == results[1] == results[2], desc


def test_pooling_grads_same_bits_on_every_isa_path() -> None:
    # the vector rows (AVX2 / AVX-512 forward maxima, AVX2 average rows) and the portable C agree
    rng = np.random.default_rng(11)
    x = rng.standard_normal((2, 3, 33, 45)).astype(np.float32)
    g = rng.standard_normal((2, 3, 17, 23)).astype(np.float32)
    mg = max_grad("FLOAT32", [2, 3, 33, 45], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1])
    ag = avg_grad("FLOAT32", [2, 3, 33, 45], [3, 3], [2, 2], [1, 1], [1, 1], True)
    results = []
    for mask in (0, 0xFFFFFFFF):
        lib.pydml_set_cpu_features(mask)
        try:
            results.append((run(mg, {"InputTensor": x, "InputGradientTensor": g})["OutputGradientTensor"],
                            run(ag, {"InputGradientTensor": g})["OutputGradientTensor"]))
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    for a, b in zip(*results, strict=True):
        assert a.tobytes() == b.tobytes()


def test_pydml_list_says_they_execute() -> None:
    from pydml.registry import schema_of

    for name in ("ACTIVATION_RELU_GRAD", "ELEMENT_WISE_CLIP_GRAD", "ELEMENT_WISE_CLIP_GRAD1", "SLICE_GRAD",
                 "AVERAGE_POOLING_GRAD", "MAX_POOLING_GRAD", "ROI_ALIGN_GRAD"):
        assert schema_of(name).executes, name
