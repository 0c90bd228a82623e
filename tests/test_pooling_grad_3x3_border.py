"""MAX_POOLING_GRAD of 3x3 windows with Strides 2 (native/families/pooling.c: mg3_slice) where the border
windows decide: the windows with a tap outside [ia, ib) of the row's vector groups take their maxima in
SSE scalars (mg3_bmax) in both the row pass (mg3_hmax_n) and the fused pass (mg3_fused). Data of ties
(-1, -0.0, +0.0, 1) with NaNs dense in the first and last three columns of some rows (the fused pass's
NaN redo) and none in the others (its v > m combine), and -0.0 in dY: the bits of an independent scatter
(the forward's first maximum in row-major order, NaN the largest, float32 sums in (oh, ow) order from
+0.0) on every ISA path, 1 and 2 threads."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from ew_harness import ISA_PATHS, available_paths, run, tensor, threads

import pydml
from pydml.native import lib


def out_len(n: int, a: int, b: int) -> int:
    return (n + a + b - 3) // 2 + 1


def scatter(x: np.ndarray, g: np.ndarray, sp: list[int]) -> np.ndarray:
    """The reference gradient: each window's first maximum in row-major order gets dY, NaN the largest."""
    dx = np.zeros(x.shape, np.float32)
    n_, c_, h_, w_ = x.shape
    for n in range(n_):
        for c in range(c_):
            for oh in range(g.shape[2]):
                for ow in range(g.shape[3]):
                    best = None
                    for kh in range(3):
                        h = 2 * oh - sp[0] + kh
                        if not 0 <= h < h_:
                            continue
                        for kw in range(3):
                            w = 2 * ow - sp[1] + kw
                            if not 0 <= w < w_:
                                continue
                            v = x[n, c, h, w]
                            if best is None or v > best or (np.isnan(v) and not np.isnan(best)):
                                best, at = v, (h, w)
                    if best is not None:
                        dx[n, c, at[0], at[1]] = np.float32(dx[n, c, at[0], at[1]] + g[n, c, oh, ow])
    return dx


def border_data(x: list[int], seed: int) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """ties everywhere; NaNs in the border columns of every third row only; -0.0 in dY"""
    rng = np.random.default_rng(seed)
    xv = rng.choice(np.array([-1.0, -0.0, 0.0, 1.0], np.float32), x)
    w = x[3]
    border = [0, 1, 2, w - 3, w - 2, w - 1]
    nan = np.zeros(x, bool)
    nan[:, :, ::3, :][..., border] = rng.random((*x[:2], len(range(0, x[2], 3)), len(border))) < 0.4
    xv[nan] = np.nan
    return xv, nan, border


CASES = [  # (input, StartPadding, EndPadding)
    ([1, 3, 12, 112], [1, 1], [1, 1]),   # ResNet's: 7 vector groups, window 0 a border one
    ([1, 2, 11, 41], [1, 1], [1, 1]),    # odd W: the last window's tap 2 is padding
    ([1, 2, 10, 40], [0, 0], [0, 0]),    # StartPadding 0: every window inside, column 39 uncovered
    ([1, 2, 9, 43], [0, 1], [1, 0]),     # padding on one end of each axis
    ([1, 2, 9, 42], [1, 0], [0, 1]),
    ([1, 1, 7, 35], [1, 1], [2, 2]),     # EndPadding 2: a window of padding only on W
    ([1, 2, 9, 16], [1, 1], [1, 1]),     # too narrow for a vector group: every window a border one
]


@pytest.mark.parametrize("case", CASES)
def test_max_pooling_grad_3x3_stride2_border_windows(case: Any) -> None:
    x, sp, ep = case
    xv, nan, border = border_data(x, seed=5 + x[3])
    assert nan.any() and not nan[:, :, 1::3].any()
    y = [*x[:2], out_len(x[2], sp[0], ep[0]), out_len(x[3], sp[1], ep[1])]
    rng = np.random.default_rng(x[2])
    g = rng.standard_normal(y).astype(np.float32)
    g.reshape(-1)[rng.choice(g.size, g.size // 8, replace=False)] = -0.0
    d = pydml.DML_MAX_POOLING_GRAD_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", x), InputGradientTensor=tensor("FLOAT32", y),
        OutputGradientTensor=tensor("FLOAT32", x), Strides=[2, 2], WindowSize=[3, 3], StartPadding=sp,
        EndPadding=ep, Dilations=[1, 1])
    want = scatter(xv, g, sp).tobytes()
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            for n in (1, 2):
                with threads(n):
                    got = run(d, {"InputTensor": xv, "InputGradientTensor": g})["OutputGradientTensor"]
                assert got.tobytes() == want, (path, n)
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    # the border columns did decide: some of their elements got a gradient
    assert np.any(np.frombuffer(want, np.float32).reshape(x)[..., border] != 0)
