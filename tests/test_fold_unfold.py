"""FOLD and UNFOLD (native/families/data_movement.c; rules in native/validate/rules_data_movement.c).

Pages: MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-dml_{fold,unfold}_operator_desc.md.
UNFOLD = im2col: OutputTensor {N, C * prod(WindowSizes), BlockCount}, row c * K + k (k row-major
over the window offsets), column = block index (row-major over BlocksPerDimension); padded
positions read 0. FOLD = col2im: the sum of every column element landing on an output element;
contributions landing in the padding are dropped. BlocksPerDimension[d] = (SpatialSize[d] +
StartPadding[d] + EndPadding[d] - Dilations[d] * (WindowSizes[d] - 1) - 1) / Strides[d] + 1.

References: a numpy float64 reference written from the page (any DimensionCount), torch's
F.unfold / F.fold (4-D, symmetric padding), the pages' worked examples literally, and the adjoint
identity <unfold(x), y> = <x, fold(y)> in float64. Every data type of the FL6_4 table (a decision:
see pydml/ops/data_movement.py), strided and zero-stride views, outputs poisoned (ew_harness.run).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import DTYPES, max_ulp, poison, run, tensor

import pydml
from pydml import ValidationError

ALL_TYPES = ("FLOAT64", "FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT64", "UINT32",
             "UINT16", "UINT8")


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20261125)


# ---- the page's formulas in numpy ----------------------------------------------------------------


def blocks(spatial: Sequence[int], w: Sequence[int], s: Sequence[int], dil: Sequence[int],
           p0: Sequence[int], p1: Sequence[int]) -> list[int]:
    return [(sz + a + b - d * (k - 1) - 1) // st + 1 for sz, k, st, d, a, b in zip(spatial, w, s, dil, p0, p1,
                                                                                      strict=True)]


def unfold_ref(x: np.ndarray, w: Sequence[int], s: Sequence[int], dil: Sequence[int], p0: Sequence[int],
               p1: Sequence[int]) -> np.ndarray:
    """columns[n, c*K + k, l] = x[n, c, b*s + k*dil - p0] (0 in the padding)."""
    n, c, *spatial = x.shape
    bl = blocks(spatial, w, s, dil, p0, p1)
    kk = int(np.prod(w))
    out = np.zeros((n, c * kk, int(np.prod(bl))), x.dtype)
    for ki, k in enumerate(itertools.product(*[range(v) for v in w])):
        for li, b in enumerate(itertools.product(*[range(v) for v in bl])):
            pos = [bd * sd + kd * dd - pd for bd, sd, kd, dd, pd in zip(b, s, k, dil, p0, strict=True)]
            if all(0 <= q < sz for q, sz in zip(pos, spatial, strict=True)):
                out[:, np.arange(c) * kk + ki, li] = x[(slice(None), slice(None), *pos)]
    return out


def fold_ref(cols: np.ndarray, spatial: Sequence[int], w: Sequence[int], s: Sequence[int], dil: Sequence[int],
             p0: Sequence[int], p1: Sequence[int]) -> np.ndarray:
    """out[n, c, i] = sum of cols[n, c*K + k, l] with b*s + k*dil - p0 = i (float64)."""
    n, ck, _ = cols.shape
    kk = int(np.prod(w))
    c = ck // kk
    bl = blocks(spatial, w, s, dil, p0, p1)
    out = np.zeros((n, c, *spatial), np.float64)
    src = cols.astype(np.float64)
    for ki, k in enumerate(itertools.product(*[range(v) for v in w])):
        for li, b in enumerate(itertools.product(*[range(v) for v in bl])):
            pos = [bd * sd + kd * dd - pd for bd, sd, kd, dd, pd in zip(b, s, k, dil, p0, strict=True)]
            if all(0 <= q < sz for q, sz in zip(pos, spatial, strict=True)):
                out[(slice(None), slice(None), *pos)] += src[:, np.arange(c) * kk + ki, li]
    return out


def desc(name: str, image: Sequence[int], w: Sequence[int], s: Sequence[int] | None = None,
         dil: Sequence[int] | None = None, p0: Sequence[int] | None = None, p1: Sequence[int] | None = None,
         dtype: str = "FLOAT32", in_strides: Sequence[int] | None = None,
         out_strides: Sequence[int] | None = None) -> Any:
    dcount = len(w)
    s = s or [1] * dcount
    dil = dil or [1] * dcount
    p0 = p0 or [0] * dcount
    p1 = p1 or [0] * dcount
    n, c, *spatial = image
    cols = [n, c * int(np.prod(w)), int(np.prod(blocks(spatial, w, s, dil, p0, p1)))]
    x, y = (cols, list(image)) if name == "FOLD" else (list(image), cols)
    cls = pydml.DML_FOLD_OPERATOR_DESC if name == "FOLD" else pydml.DML_UNFOLD_OPERATOR_DESC
    return cls(InputTensor=tensor(dtype, x, in_strides), OutputTensor=tensor(dtype, y, out_strides),
               DimensionCount=dcount, WindowSizes=list(w), Strides=list(s), Dilations=list(dil),
               StartPadding=list(p0), EndPadding=list(p1))


def ints(rng: np.random.Generator, shape: Sequence[int], dtype: str) -> np.ndarray:
    dt = DTYPES[dtype]
    if dt.kind == "f":
        return rng.integers(-50, 50, size=tuple(shape)).astype(dt)  # exact sums in every float type
    info = np.iinfo(dt)
    return rng.integers(info.min, info.max, size=tuple(shape), dtype=dt, endpoint=True)


# ---- the pages' worked examples --------------------------------------------------------------------

UNFOLD_EX1 = np.array([[0, 1, 2, 5, 6, 7, 10, 11, 12], [1, 2, 3, 6, 7, 8, 11, 12, 13],
                       [2, 3, 4, 7, 8, 9, 12, 13, 14], [5, 6, 7, 10, 11, 12, 15, 16, 17],
                       [6, 7, 8, 11, 12, 13, 16, 17, 18], [7, 8, 9, 12, 13, 14, 17, 18, 19],
                       [10, 11, 12, 15, 16, 17, 20, 21, 22], [11, 12, 13, 16, 17, 18, 21, 22, 23],
                       [12, 13, 14, 17, 18, 19, 22, 23, 24]], np.float32)
UNFOLD_EX2 = np.array([
    [0, 0, 0, 0, 1, 2, 5, 6, 7, 10, 11, 12, 15, 16, 17],
    [0, 0, 0, 1, 2, 3, 6, 7, 8, 11, 12, 13, 16, 17, 18],
    [0, 0, 0, 2, 3, 4, 7, 8, 9, 12, 13, 14, 17, 18, 19],
    [0, 1, 2, 5, 6, 7, 10, 11, 12, 15, 16, 17, 20, 21, 22],
    [1, 2, 3, 6, 7, 8, 11, 12, 13, 16, 17, 18, 21, 22, 23],
    [2, 3, 4, 7, 8, 9, 12, 13, 14, 17, 18, 19, 22, 23, 24],
    [5, 6, 7, 10, 11, 12, 15, 16, 17, 20, 21, 22, 0, 0, 0],
    [6, 7, 8, 11, 12, 13, 16, 17, 18, 21, 22, 23, 0, 0, 0],
    [7, 8, 9, 12, 13, 14, 17, 18, 19, 22, 23, 24, 0, 0, 0]], np.float32)
FOLD_EX1 = np.array([[0, 1, 2, 5, 6, 7, 10, 11, 12], [1, 2, 3, 6, 7, 8, 11, 12, 13],
                       [2, 3, 4, 7, 8, 9, 12, 13, 14], [5, 6, 7, 10, 11, 12, 15, 16, 17],
                       [6, 7, 8, 11, 12, 13, 16, 17, 18], [7, 8, 9, 12, 13, 14, 17, 18, 19],
                       [10, 11, 12, 15, 16, 17, 20, 21, 22], [11, 12, 13, 16, 17, 18, 21, 22, 23],
                       [12, 13, 14, 17, 18, 19, 22, 23, 24]], np.float32)
FOLD_EX1 = np.array([[0, 5, 13, 9], [14, 38, 54, 32], [38, 86, 102, 56], [26, 57, 65, 35]], np.float32)
FOLD_EX2 = np.array([[26, 70, 102, 60], [78, 183, 231, 129], [84, 195, 243, 135], [82, 182, 214, 116]],
                    np.float32)
FOLD_EX3_C1 = np.array([[170, 358, 390, 204], [294, 615, 663, 345], [300, 627, 675, 351],
                        [226, 470, 502, 260]], np.float32)


def test_unfold_page_examples() -> None:
    x = np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5)
    got = run(desc("UNFOLD", [1, 1, 5, 5], [3, 3]), {"InputTensor": x})["OutputTensor"]
    assert got.shape == (1, 9, 9)
    np.testing.assert_array_equal(got[0], UNFOLD_EX1)
    got = run(desc("UNFOLD", [1, 1, 5, 5], [3, 3], p0=[1, 0], p1=[1, 0]), {"InputTensor": x})["OutputTensor"]
    assert got.shape == (1, 9, 15)
    np.testing.assert_array_equal(got[0], UNFOLD_EX2)


def test_fold_page_examples() -> None:
    x = np.arange(36, dtype=np.float32).reshape(1, 9, 4)
    got = run(desc("FOLD", [1, 1, 4, 4], [3, 3]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], FOLD_EX1)
    x = np.arange(72, dtype=np.float32).reshape(1, 9, 8)
    got = run(desc("FOLD", [1, 1, 4, 4], [3, 3], p0=[1, 0], p1=[1, 0]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], FOLD_EX2)
    x = np.arange(144, dtype=np.float32).reshape(1, 18, 8)  # 2 channels: rows c * 9 + k
    got = run(desc("FOLD", [1, 2, 4, 4], [3, 3], p0=[1, 0], p1=[1, 0]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], FOLD_EX2)
    np.testing.assert_array_equal(got[0, 1], FOLD_EX3_C1)


def test_the_numpy_references_reproduce_the_page_examples() -> None:
    x = np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5)
    np.testing.assert_array_equal(unfold_ref(x, [3, 3], [1, 1], [1, 1], [1, 0], [1, 0])[0], UNFOLD_EX2)
    cols = np.arange(144, dtype=np.float32).reshape(1, 18, 8)
    out = fold_ref(cols, [4, 4], [3, 3], [1, 1], [1, 1], [1, 0], [1, 0])
    np.testing.assert_array_equal(out[0, 1], FOLD_EX3_C1)


# ---- torch (4-D) and the numpy reference (1-D..3-D spatial) ----------------------------------------

CASES_2D = [  # window, stride, dilation, padding (torch pads symmetrically)
    ([3, 3], [1, 1], [1, 1], [1, 1]),
    ([3, 3], [2, 2], [1, 1], [1, 1]),
    ([2, 3], [1, 2], [2, 1], [0, 2]),
    ([1, 1], [1, 1], [1, 1], [0, 0]),
    ([4, 2], [3, 1], [1, 3], [2, 0]),
    ([3, 3], [1, 1], [1, 1], [3, 3]),  # padding as wide as the window: whole padded blocks
]


@pytest.mark.parametrize(("w", "s", "dil", "p"), CASES_2D)
def test_unfold_matches_torch(w: list[int], s: list[int], dil: list[int], p: list[int],
                              rng: np.random.Generator) -> None:
    x = rng.standard_normal((2, 3, 7, 9)).astype(np.float32)
    got = run(desc("UNFOLD", x.shape, w, s, dil, p, p), {"InputTensor": x})["OutputTensor"]
    want = F.unfold(torch.from_numpy(x), w, dilation=dil, padding=p, stride=s).numpy()
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got, unfold_ref(x, w, s, dil, p, p))


@pytest.mark.parametrize(("w", "s", "dil", "p"), CASES_2D)
def test_fold_matches_torch(w: list[int], s: list[int], dil: list[int], p: list[int],
                            rng: np.random.Generator) -> None:
    image = [2, 3, 7, 9]
    d = desc("FOLD", image, w, s, dil, p, p)
    x = rng.standard_normal(d.InputTensor.Desc.Sizes).astype(np.float32)
    got = run(d, {"InputTensor": x})["OutputTensor"]
    want64 = fold_ref(x, image[2:], w, s, dil, p, p)
    # float accumulation in increasing k order: at most K - 1 roundings of partial sums
    k = int(np.prod(w))
    bound = (k + 1) * np.finfo(np.float32).eps * fold_ref(np.abs(x), image[2:], w, s, dil, p, p)
    assert np.all(np.abs(got - want64) <= bound + 1e-30)
    t = F.fold(torch.from_numpy(x), image[2:], w, dilation=dil, padding=p, stride=s).numpy()
    np.testing.assert_allclose(got, t, rtol=0, atol=float(np.max(bound)) * 2 + 1e-6)


SPATIAL = [  # image, window, strides, dilations, start, end
    ([2, 3, 11], [3], [2], [2], [1], [2]),
    ([1, 2, 5, 4, 6], [2, 3, 2], [1, 2, 2], [2, 1, 1], [0, 1, 1], [1, 1, 0]),
    ([1, 1, 3, 2, 2, 3], [2, 1, 2, 2], [1, 1, 1, 2], [1, 1, 1, 1], [0, 0, 1, 0], [1, 0, 0, 1]),
    ([1, 2, 6, 5], [3, 2], [2, 1], [1, 2], [2, 0], [0, 1]),  # asymmetric padding
]


@pytest.mark.parametrize(("image", "w", "s", "dil", "p0", "p1"), SPATIAL)
def test_unfold_and_fold_any_dimension_count(image: list[int], w: list[int], s: list[int], dil: list[int],
                                             p0: list[int], p1: list[int], rng: np.random.Generator) -> None:
    x = rng.standard_normal(image).astype(np.float32)
    got = run(desc("UNFOLD", image, w, s, dil, p0, p1), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, unfold_ref(x, w, s, dil, p0, p1))
    d = desc("FOLD", image, w, s, dil, p0, p1)
    cols = ints(rng, d.InputTensor.Desc.Sizes, "FLOAT32")  # small integers: the float sums are exact
    got = run(d, {"InputTensor": cols})["OutputTensor"]
    np.testing.assert_array_equal(got, fold_ref(cols, image[2:], w, s, dil, p0, p1).astype(np.float32))


def test_six_spatial_dimensions(rng: np.random.Generator) -> None:
    image = [1, 2, 3, 2, 2, 3, 2, 3]  # 8-D input: DimensionCount 6
    w, s, dil = [2, 1, 2, 2, 1, 2], [1, 1, 1, 2, 1, 1], [1, 1, 1, 1, 1, 2]
    p0, p1 = [0, 1, 0, 1, 0, 0], [1, 0, 0, 0, 1, 1]
    x = rng.standard_normal(image).astype(np.float32)
    got = run(desc("UNFOLD", image, w, s, dil, p0, p1), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, unfold_ref(x, w, s, dil, p0, p1))
    d = desc("FOLD", image, w, s, dil, p0, p1)
    cols = ints(rng, d.InputTensor.Desc.Sizes, "FLOAT32")
    np.testing.assert_array_equal(run(d, {"InputTensor": cols})["OutputTensor"],
                                  fold_ref(cols, image[2:], w, s, dil, p0, p1).astype(np.float32))


# ---- data types ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_unfold_every_type_is_an_exact_copy(dtype: str, rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    raw = rng.integers(0, 256, size=2 * 3 * 5 * 6 * dt.itemsize, dtype=np.uint8)
    x = raw.view(dt).reshape(2, 3, 5, 6)  # every bit pattern, NaN payloads included
    got = run(desc("UNFOLD", x.shape, [2, 3], [1, 2], [2, 1], [1, 0], [0, 2], dtype), {"InputTensor": x})
    want = unfold_ref(x, [2, 3], [1, 2], [2, 1], [1, 0], [0, 2])
    u = f"u{dt.itemsize}"
    np.testing.assert_array_equal(got["OutputTensor"].view(u), want.view(u))


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_fold_every_type(dtype: str, rng: np.random.Generator) -> None:
    image = [2, 2, 5, 6]
    w, s, dil, p0, p1 = [3, 2], [1, 2], [1, 2], [1, 1], [1, 2]
    d = desc("FOLD", image, w, s, dil, p0, p1, dtype)
    x = ints(rng, d.InputTensor.Desc.Sizes, dtype)
    got = run(d, {"InputTensor": x})["OutputTensor"]
    dt = DTYPES[dtype]
    if dt.kind == "f":
        np.testing.assert_array_equal(got, fold_ref(x, image[2:], w, s, dil, p0, p1).astype(dt))
    else:  # decision: integer sums wrap around (two's complement), as integer ADD
        exact = np.zeros(got.shape, object)
        kk = int(np.prod(w))
        bl = blocks(image[2:], w, s, dil, p0, p1)
        for ki, k in enumerate(itertools.product(*[range(v) for v in w])):
            for li, b in enumerate(itertools.product(*[range(v) for v in bl])):
                pos = [bd * sd + kd * dd - pd for bd, sd, kd, dd, pd in zip(b, s, k, dil, p0, strict=True)]
                if all(0 <= q < sz for q, sz in zip(pos, image[2:], strict=True)):
                    for c in range(image[1]):
                        for n in range(image[0]):
                            exact[(n, c, *pos)] += int(x[n, c * kk + ki, li])
        bits = dt.itemsize * 8
        wrapped = np.array([v % (1 << bits) for v in exact.ravel()], np.uint64).astype(f"u{dt.itemsize}")
        np.testing.assert_array_equal(got.view(f"u{dt.itemsize}").ravel(), wrapped)


def test_fold_float16_accumulates_in_float_and_rounds_once() -> None:
    # window 4 over 1 element with start padding 3: one block, only k = 3 lands on the image
    d = desc("FOLD", [1, 1, 1], [4], p0=[3], p1=[0], dtype="FLOAT16")
    assert list(d.InputTensor.Desc.Sizes) == [1, 4, 1]
    x = np.array([[[2048.0], [1.0], [1.0], [1.0]]], np.float16)
    assert float(run(d, {"InputTensor": x})["OutputTensor"][0, 0, 0]) == 1.0  # padding dropped
    # window 3, padding 2 each side: image position 0 receives (k=0, b=2), (k=1, b=1), (k=2, b=0)
    d16 = desc("FOLD", [1, 1, 1, 3], [1, 3], p0=[0, 2], p1=[0, 2], dtype="FLOAT16")
    x = np.zeros((1, 3, 5), np.float16)
    x[0, 0, 2], x[0, 1, 1], x[0, 2, 0] = 2048.0, 1.0, 1.0
    got = run(d16, {"InputTensor": x})["OutputTensor"]
    # FLOAT16 partial sums would stop at 2048 (spacing 2 there, ties to even); float gives 2050
    assert float(np.float16(np.float16(2048.0) + np.float16(1.0)) + np.float16(1.0)) == 2048.0
    assert float(got[0, 0, 0, 0]) == 2050.0
    np.testing.assert_array_equal(got[0, 0, 0, 1:], [0.0, 0.0])


def test_fold_float32_max_ulp(rng: np.random.Generator) -> None:
    image = [2, 3, 9, 8]
    d = desc("FOLD", image, [3, 3], [1, 1], [1, 1], [1, 1], [1, 1])
    x = rng.uniform(0.5, 1.5, d.InputTensor.Desc.Sizes).astype(np.float32)  # positive: no cancellation
    got = run(d, {"InputTensor": x})["OutputTensor"]
    ulp = max_ulp(got, fold_ref(x, image[2:], [3, 3], [1, 1], [1, 1], [1, 1], [1, 1]))
    assert ulp <= 4.0, ulp  # 9 terms summed in float: measured <= 2 ulp
    d16 = desc("FOLD", image, [3, 3], [1, 1], [1, 1], [1, 1], [1, 1], "FLOAT16")
    x16 = x.astype(np.float16)
    got16 = run(d16, {"InputTensor": x16})["OutputTensor"]
    assert max_ulp(got16, fold_ref(x16, image[2:], [3, 3], [1, 1], [1, 1], [1, 1], [1, 1])) <= 1.0


# ---- the adjoint identity -------------------------------------------------------------------------


@pytest.mark.parametrize(("image", "w", "s", "dil", "p0", "p1"),
                         [([2, 3, 7, 9], [3, 3], [2, 1], [1, 2], [1, 2], [2, 0]), *SPATIAL])
def test_fold_is_the_adjoint_of_unfold(image: list[int], w: list[int], s: list[int], dil: list[int],
                                       p0: list[int], p1: list[int], rng: np.random.Generator) -> None:
    x = rng.standard_normal(image)
    u = desc("UNFOLD", image, w, s, dil, p0, p1, "FLOAT64")
    y = rng.standard_normal(u.OutputTensor.Desc.Sizes)
    ux = run(u, {"InputTensor": x})["OutputTensor"]
    fy = run(desc("FOLD", image, w, s, dil, p0, p1, "FLOAT64"), {"InputTensor": y})["OutputTensor"]
    lhs, rhs = float(np.sum(ux * y)), float(np.sum(x * fy))
    assert abs(lhs - rhs) <= 1e-12 * (float(np.sum(np.abs(ux * y))) + 1.0)


# ---- views ------------------------------------------------------------------------------------------


def test_strided_and_broadcast_views(rng: np.random.Generator) -> None:
    image = [2, 3, 6, 7]
    w, s, dil, p0, p1 = [3, 2], [1, 1], [1, 1], [1, 0], [1, 1]
    x = rng.standard_normal(image).astype(np.float32)
    wide = poison(np.dtype(np.float32), (2, 3, 6, 14))
    wide[..., ::2] = x
    st = [3 * 6 * 14, 6 * 14, 14, 2]
    u = desc("UNFOLD", image, w, s, dil, p0, p1, in_strides=st)
    cols = u.OutputTensor.Desc.Sizes
    # strided output: every second column of a wider buffer, gaps untouched
    out = poison(np.dtype(np.float32), (cols[0], cols[1], 2 * cols[2]))
    u = desc("UNFOLD", image, w, s, dil, p0, p1, in_strides=st,
             out_strides=[cols[1] * 2 * cols[2], 2 * cols[2], 2])
    run(u, {"InputTensor": wide}, outputs={"OutputTensor": out})
    np.testing.assert_array_equal(out[..., ::2], unfold_ref(x, w, s, dil, p0, p1))
    assert np.all(np.isnan(out[..., 1::2]))
    # broadcast input: one row repeated over N, C and H (zero strides)
    row = rng.standard_normal(7).astype(np.float32)
    b = desc("UNFOLD", image, w, s, dil, p0, p1, in_strides=[0, 0, 0, 1])
    got = run(b, {"InputTensor": row})["OutputTensor"]
    np.testing.assert_array_equal(got, unfold_ref(np.broadcast_to(row, image).copy(), w, s, dil, p0, p1))
    # FOLD: strided input and output
    f = desc("FOLD", image, w, s, dil, p0, p1)
    c = ints(rng, f.InputTensor.Desc.Sizes, "FLOAT32")
    cw = poison(np.dtype(np.float32), (*c.shape[:2], 3 * c.shape[2]))
    cw[..., ::3] = c
    yo = poison(np.dtype(np.float32), (2, 3, 6, 14))
    f = desc("FOLD", image, w, s, dil, p0, p1, in_strides=[c.shape[1] * 3 * c.shape[2], 3 * c.shape[2], 3],
             out_strides=st)
    run(f, {"InputTensor": cw}, outputs={"OutputTensor": yo})
    np.testing.assert_array_equal(yo[..., ::2], fold_ref(c, image[2:], w, s, dil, p0, p1).astype(np.float32))
    assert np.all(np.isnan(yo[..., 1::2]))
    # FOLD of a broadcast input: every column the same row
    crow = ints(rng, [c.shape[2]], "FLOAT32")
    f = desc("FOLD", image, w, s, dil, p0, p1, in_strides=[0, 0, 1])
    got = run(f, {"InputTensor": crow})["OutputTensor"]
    want = fold_ref(np.broadcast_to(crow, c.shape).copy(), image[2:], w, s, dil, p0, p1).astype(np.float32)
    np.testing.assert_array_equal(got, want)


def test_large_unfold_and_fold_run_threaded(rng: np.random.Generator) -> None:
    # above the family's one-thread limit (256 KB written), FLOAT16 through the row conversions
    x = rng.standard_normal((2, 8, 24, 24)).astype(np.float16)
    got = run(desc("UNFOLD", x.shape, [3, 3], [1, 1], [1, 1], [1, 1], [1, 1], "FLOAT16"), {"InputTensor": x})
    want = F.unfold(torch.from_numpy(x.astype(np.float32)), 3, padding=1).numpy().astype(np.float16)
    np.testing.assert_array_equal(got["OutputTensor"], want)
    cols = ints(rng, want.shape, "FLOAT16")
    got = run(desc("FOLD", x.shape, [3, 3], [1, 1], [1, 1], [1, 1], [1, 1], "FLOAT16"), {"InputTensor": cols})
    t = F.fold(torch.from_numpy(cols.astype(np.float32)), (24, 24), 3, padding=1).numpy().astype(np.float16)
    np.testing.assert_array_equal(got["OutputTensor"], t)


# ---- rules ----------------------------------------------------------------------------------------


def refused(d: Any) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        pydml.validate(d, pydml.FeatureLevel.FL6_4)
    return info.value


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_valid_descs_validate(name: str) -> None:
    pydml.validate(desc(name, [1, 1, 5, 5], [3, 3]), pydml.FeatureLevel.FL6_4)
    pydml.validate(desc(name, [2, 3, 4], [2], [2], [1], [1], [1]), pydml.FeatureLevel.FL6_4)


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_rule_dimension_count_range(name: str) -> None:
    d = desc(name, [1, 1, 2, 2, 2, 2, 2, 2], [1] * 6)
    seven = dataclasses.replace(d, DimensionCount=7, WindowSizes=[1] * 7, Strides=[1] * 7, Dilations=[1] * 7,
                                StartPadding=[0] * 7, EndPadding=[0] * 7)
    e = refused(seven)
    assert e.field == "DimensionCount"
    assert "must be" in str(e) and "got 7" in str(e)
    if name == "UNFOLD":
        assert str(e).endswith("DimensionCount: must be in the range [1, 6], got 7")
    else:
        assert "must be <= 6 and >= 1" in str(e)


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_rule_array_lengths_equal_dimension_count(name: str) -> None:
    d = desc(name, [1, 1, 5, 5], [3, 3])
    bad = dataclasses.replace(d, Strides=[1])
    e = refused(bad)
    assert e.field == "Strides"
    assert "DimensionCount" in str(e)


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
@pytest.mark.parametrize("field", ["WindowSizes", "Strides", "Dilations"])
def test_rule_window_stride_dilation_at_least_one(name: str, field: str) -> None:
    d = desc(name, [1, 1, 5, 5], [3, 3])
    values = {f: list(getattr(d, f)) for f in ("WindowSizes", "Strides", "Dilations")}
    values[field][1] = 0
    e = refused(dataclasses.replace(d, **values))
    assert e.field == f"{field}[1]"
    assert str(e).endswith(f"{field}[1]: must be >= 1, got 0")


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_rule_image_rank_is_dimension_count_plus_two(name: str) -> None:
    d = desc(name, [1, 1, 5, 5], [3, 3])
    image = "OutputTensor" if name == "FOLD" else "InputTensor"
    bad = dataclasses.replace(d, **{image: tensor("FLOAT32", [1, 1, 1, 5, 5])})
    e = refused(bad)
    assert e.field == f"{image}.DimensionCount"
    want = f"{image}.DimensionCount: must be DimensionCount + 2 (4): {{N, C, spatial sizes...}}, got 5"
    assert str(e).endswith(want)


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_rule_column_tensor_is_3d(name: str) -> None:
    d = desc(name, [1, 1, 5, 5], [3, 3])
    cols = "InputTensor" if name == "FOLD" else "OutputTensor"
    bad = dataclasses.replace(d, **{cols: tensor("FLOAT32", [1, 1, 9, 9])})
    e = refused(bad)
    assert e.field == f"{cols}.DimensionCount"
    want = f"{cols}.DimensionCount: must be 3: {{N, C * prod(WindowSizes), BlockCount}}, got 4"
    assert str(e).endswith(want)


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_rule_window_fits_the_padded_input(name: str) -> None:
    d = desc(name, [1, 1, 5, 5], [3, 3])
    bad = dataclasses.replace(d, Dilations=[1, 3])
    e = refused(bad)
    image = "OutputTensor" if name == "FOLD" else "InputTensor"
    assert e.field == "WindowSizes[1]"
    assert str(e).endswith("WindowSizes[1]: must fit the padded input: Dilations * (WindowSizes - 1) + 1 (7) "
                           f"must be <= {image}.Sizes[3] + StartPadding + EndPadding (5)")


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
@pytest.mark.parametrize(("index", "sizes", "text"), [
    (0, [2, 9, 9], "InputTensor.Sizes[0] (N) = 1, got 2"),
    (1, [1, 8, 9], "InputTensor.Sizes[1] * prod(WindowSizes) (C * window size) = 9, got 8"),
    (2, [1, 9, 10], "BlockCount = prod(BlocksPerDimension) = 9, got 10"),
])
def test_rule_column_sizes(name: str, index: int, sizes: list[int], text: str) -> None:
    d = desc(name, [1, 1, 5, 5], [3, 3])
    cols = "InputTensor" if name == "FOLD" else "OutputTensor"
    image = "OutputTensor" if name == "FOLD" else "InputTensor"
    bad = dataclasses.replace(d, **{cols: tensor("FLOAT32", sizes)})
    e = refused(bad)
    assert e.field == f"{cols}.Sizes[{index}]"
    assert str(e).endswith(f"{cols}.Sizes[{index}]: must be {text.replace('InputTensor', image)}")


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_rule_same_data_type(name: str) -> None:
    d = desc(name, [1, 1, 5, 5], [3, 3])
    bad = dataclasses.replace(d, InputTensor=tensor("FLOAT16", d.InputTensor.Desc.Sizes))
    e = refused(bad)
    assert e.field.endswith("DataType")


@pytest.mark.parametrize("name", ["FOLD", "UNFOLD"])
def test_introduced_at_6_4(name: str) -> None:
    with pytest.raises(pydml.ValidationError):
        pydml.validate(desc(name, [1, 1, 5, 5], [3, 3]), pydml.FeatureLevel.FL6_3)
