"""AVERAGE_POOLING, AVERAGE_POOLING1, LP_POOLING, LP_POOLING1, MAX_POOLING, MAX_POOLING1, MAX_POOLING2
(native/families/pooling.c: one window engine) and their own rules (native/validate/rules_pooling.c).

References: a numpy float64 reference written from the pages (windows of WindowSize taps,
Strides, StartPadding/EndPadding, Dilations; padding excluded from max and LP, counted in the
average only with IncludePadding; indices into InputTensor as one contiguous 1-D array, ties to the
first value encountered), rounded once to the output type; torch (F.max_pool2d/3d with
return_indices and dilation, F.avg_pool2d/3d with count_include_pad, F.lp_pool2d) as a second
reference; the MAX_POOLING1 page's worked example. Kernel tests run on each ISA path (``ew_isa``)
with poisoned outputs (``ew_harness.run``).

Decisions the pages leave open, asserted here (and commented in pooling.c):
  * LP sums |X|^P (the L1 / L2 norms the pages name);
  * max: NaN is the largest value, the first NaN of the window wins (as torch);
  * a window of padding only: max -inf (integer minimum) with index all ones, average without
    IncludePadding NaN (0 / 0), LP 0;
  * output sizes of the dilated forms use the dilated window (the pages print the undilated formula).
"""

from __future__ import annotations

import dataclasses
import itertools
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import DTYPES, max_ulp, on_every_path, poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.native import lib
from pydml.registry import schema_of

MAX_DESCS = {
    "MAX_POOLING": pydml.DML_MAX_POOLING_OPERATOR_DESC,
    "MAX_POOLING1": pydml.DML_MAX_POOLING1_OPERATOR_DESC,
    "MAX_POOLING2": pydml.DML_MAX_POOLING2_OPERATOR_DESC,
}
AVG_DESCS = {"AVERAGE_POOLING": pydml.DML_AVERAGE_POOLING_OPERATOR_DESC,
             "AVERAGE_POOLING1": pydml.DML_AVERAGE_POOLING1_OPERATOR_DESC}
LP_DESCS = {"LP_POOLING": pydml.DML_LP_POOLING_OPERATOR_DESC,
            "LP_POOLING1": pydml.DML_LP_POOLING1_OPERATOR_DESC}
ALL = {**MAX_DESCS, **AVG_DESCS, **LP_DESCS}
DILATED = ("MAX_POOLING2", "AVERAGE_POOLING1", "LP_POOLING1")
INT_TYPES = ("INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64")
#: measured float32 bounds against the float64 formula rounded to float32 (every ISA path): the
#: sums accumulate in double and round once; LP with P > 2 goes through pow twice.
#: MAX_POOLING1/2 execute with or without their optional OutputIndicesTensor.
INDICES_RUN = bool(lib.pydml_operator_type_executes(int(schema_of(MAX_DESCS["MAX_POOLING1"]).type)))
ULP_BOUND = {"avg": 0.5, "lp": 0.5, "lp3": 1.0}


def out_sizes(in_sizes: Sequence[int], win: Sequence[int], strides: Sequence[int], start: Sequence[int],
              end: Sequence[int], dil: Sequence[int]) -> list[int]:
    sp = [(s + a + b - ((k - 1) * d + 1)) // st + 1
          for s, k, st, a, b, d in zip(in_sizes[2:], win, strides, start, end, dil, strict=True)]
    return [in_sizes[0], in_sizes[1], *sp]


def needs_indices(*names: str) -> None:
    if any(n in ("MAX_POOLING1", "MAX_POOLING2") for n in names):
        assert INDICES_RUN, "MAX_POOLING1/2 must execute"  # a regression fails, it is not an xfail


def make(name: str, in_sizes: Sequence[int], win: Sequence[int], strides: Sequence[int] | None = None,
         start: Sequence[int] | None = None, end: Sequence[int] | None = None,
         dil: Sequence[int] | None = None, dtype: str = "FLOAT32", include_padding: bool = False,
         p: int = 2, indices: str | None = None,
         in_strides: Sequence[int] | None = None, out_strides: Sequence[int] | None = None,
         idx_strides: Sequence[int] | None = None, out: Sequence[int] | None = None) -> Any:
    k = len(win)
    strides = list(strides or [1] * k)
    start = list(start or [0] * k)
    end = list(end or [0] * k)
    dil_ = list(dil or [1] * k)
    osz = list(out) if out is not None else out_sizes(in_sizes, win, strides, start, end, dil_)
    fields: dict[str, Any] = {
        "InputTensor": tensor(dtype, in_sizes, in_strides), "OutputTensor": tensor(dtype, osz, out_strides),
        "Strides": strides, "WindowSize": list(win), "StartPadding": start, "EndPadding": end}
    if name in DILATED:
        fields["Dilations"] = dil_
    else:
        assert dil is None or all(d == 1 for d in dil)
    if name.startswith("AVERAGE"):
        fields["IncludePadding"] = include_padding
    if name.startswith("LP"):
        fields["P"] = p
    if name in ("MAX_POOLING1", "MAX_POOLING2"):
        fields["OutputIndicesTensor"] = tensor(indices or "UINT32", osz, idx_strides)
    return ALL[name](**fields)


def reference(kind: str, x: np.ndarray, win: Sequence[int], strides: Sequence[int] | None = None,
              start: Sequence[int] | None = None, end: Sequence[int] | None = None,
              dil: Sequence[int] | None = None, include_padding: bool = False,
              p: int = 2) -> tuple[np.ndarray, np.ndarray | None]:
    """The pages' pooling in float64: (values, indices or None). Indices are row-major positions
    in the whole input (N and C included); all ones for a window without an input element."""
    x = np.asarray(x)
    xf = x.astype(np.float64)
    k = x.ndim - 2
    strides = list(strides or [1] * k)
    start = list(start or [0] * k)
    end = list(end or [0] * k)
    dil = list(dil or [1] * k)
    osz = out_sizes(x.shape, win, strides, start, end, dil)
    sp = x.shape[2:]
    plane = int(np.prod(sp))
    n, c = x.shape[:2]
    base = (np.arange(n)[:, None] * c + np.arange(c)[None, :]) * plane
    vals = np.zeros(osz, np.float64) if kind != "max" else np.zeros(osz, x.dtype)
    idx = np.zeros(osz, np.uint64)
    for o in itertools.product(*[range(s) for s in osz[2:]]):
        taps = []
        for t in itertools.product(*[range(w) for w in win]):  # row-major: the page's "first encountered"
            pos = [o[i] * strides[i] - start[i] + t[i] * dil[i] for i in range(k)]
            if all(0 <= pos[i] < sp[i] for i in range(k)):
                taps.append(tuple(pos))
        sel = (slice(None), slice(None), *o)
        if kind == "max":
            if not taps:
                vals[sel] = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
                idx[sel] = np.iinfo(np.uint64).max
                continue
            m = x[(slice(None), slice(None), *taps[0])].copy()
            mi = np.full((n, c), np.ravel_multi_index(taps[0], sp), np.uint64)
            for pos in taps[1:]:
                v = x[(slice(None), slice(None), *pos)]
                with np.errstate(invalid="ignore"):
                    up = (v > m) | (np.isnan(v) & ~np.isnan(m)) if x.dtype.kind == "f" else v > m
                m = np.where(up, v, m)
                mi = np.where(up, np.uint64(np.ravel_multi_index(pos, sp)), mi)
            vals[sel] = m
            idx[sel] = mi + base.astype(np.uint64)
        else:
            stack = np.stack([xf[(slice(None), slice(None), *pos)] for pos in taps], -1) if taps else \
                np.zeros((n, c, 0))
            if kind == "avg":
                count = int(np.prod(win)) if include_padding else len(taps)
                with np.errstate(invalid="ignore", divide="ignore"):
                    vals[sel] = stack.sum(-1) / count
            else:
                vals[sel] = (np.abs(stack) ** p).sum(-1) ** (1.0 / p)
    return vals, (idx if kind == "max" else None)


def index_view(idx: np.ndarray, itype: str) -> np.ndarray:
    """Reference indices as the output type (all ones stays all ones)."""
    return idx.astype(DTYPES[itype]) if itype == "UINT64" else (idx & 0xFFFFFFFF).astype(np.uint32)


def values(rng: np.random.Generator, shape: Sequence[int], dtype: str = "FLOAT32") -> np.ndarray:
    if dtype in INT_TYPES:
        info = np.iinfo(DTYPES[dtype])
        lo, hi = max(info.min, -1000), min(info.max, 1000)
        return rng.integers(lo, hi, size=shape, endpoint=True).astype(DTYPES[dtype])
    return (rng.standard_normal(shape) * 3).astype(DTYPES[dtype])


def check_max(got: dict[str, np.ndarray], x: np.ndarray, itype: str | None, **params: Any) -> None:
    want, widx = reference("max", x, **params)
    np.testing.assert_array_equal(got["OutputTensor"], want.astype(x.dtype))
    if itype is not None:
        assert got["OutputIndicesTensor"].dtype == DTYPES[itype]
        np.testing.assert_array_equal(got["OutputIndicesTensor"], index_view(widx, itype))


# ---- the page's worked example ---------------------------------------------------------------------

def test_max_pooling1_page_example(ew_isa: str) -> None:
    needs_indices("MAX_POOLING1")
    # MAX_POOLING1 page: input [[3,5,7,1],[9,4,2,8]], a 3-wide window: values [[7,7],[9,8]], indices
    # [[2,2],[4,7]] (InputTensor as one contiguous 1-D array)
    x = np.array([[3, 5, 7, 1], [9, 4, 2, 8]], np.float32).reshape(1, 1, 2, 4)
    for name in ("MAX_POOLING1", "MAX_POOLING2"):
        got = run(make(name, [1, 1, 2, 4], [1, 3]), {"InputTensor": x})
        np.testing.assert_array_equal(got["OutputTensor"].reshape(2, 2), [[7, 7], [9, 8]])
        np.testing.assert_array_equal(got["OutputIndicesTensor"].reshape(2, 2), [[2, 2], [4, 7]])


# ---- max pooling ---------------------------------------------------------------------------------------

MAX_CASES = [  # in sizes, window, strides, start, end, dilations
    ([2, 3, 17, 40], [3, 3], [2, 2], [1, 1], [1, 1], None),
    ([1, 2, 9, 37], [2, 3], [1, 1], [0, 1], [1, 0], None),     # asymmetric padding, stride 1
    ([2, 2, 10, 50], [3, 2], [3, 3], [0, 1], [2, 2], None),    # stride 3: gathered lanes
    ([1, 3, 12, 41], [3, 3], [1, 2], [2, 2], [2, 2], [2, 3]),  # dilations
    ([1, 2, 5, 6, 33], [2, 3, 3], [2, 1, 2], [1, 0, 1], [0, 1, 1], None),  # 5-D
    ([2, 1, 7, 5, 21], [2, 2, 3], [1, 2, 1], [0, 1, 1], [1, 0, 1], [3, 2, 2]),
]


@pytest.mark.parametrize("case", MAX_CASES, ids=[f"case{i}" for i in range(len(MAX_CASES))])
@pytest.mark.parametrize("name", list(MAX_DESCS))
def test_max_pooling_matches_the_reference(name: str, case: Any, ew_isa: str,
                                           rng: np.random.Generator) -> None:
    needs_indices(name)
    sizes, win, strides, start, end, dil = case
    if dil is not None and name != "MAX_POOLING2":
        dil = None
    x = values(rng, sizes)
    params = {"win": win, "strides": strides, "start": start, "end": end, "dil": dil}
    for itype in ("UINT32", "UINT64") if name != "MAX_POOLING" else (None,):
        got = run(make(name, sizes, win, strides, start, end, dil, indices=itype), {"InputTensor": x})
        check_max(got, x, itype, **params)


@pytest.mark.parametrize("dims", [2, 3])
def test_max_pooling_matches_torch(dims: int, ew_isa: str, rng: np.random.Generator) -> None:
    needs_indices("MAX_POOLING2")
    sizes = [2, 3, 19, 45] if dims == 2 else [2, 2, 7, 9, 20]
    win, stride, pad, dil = [3] * dims, [2] * dims, [1] * dims, [2] * dims
    x = values(rng, sizes)
    got = run(make("MAX_POOLING2", sizes, win, stride, pad, pad, dil), {"InputTensor": x})
    fn = F.max_pool2d if dims == 2 else F.max_pool3d
    tv, ti = fn(torch.from_numpy(x), win, stride, pad, dil, return_indices=True)
    np.testing.assert_array_equal(got["OutputTensor"], tv.numpy())
    plane = int(np.prod(sizes[2:]))
    base = (np.arange(sizes[0] * sizes[1]) * plane).reshape(sizes[0], sizes[1], *([1] * dims))
    np.testing.assert_array_equal(got["OutputIndicesTensor"], ti.numpy() + base)  # torch: per plane


def test_resnet_max_pool_shape_matches_torch(rng: np.random.Generator) -> None:
    needs_indices("MAX_POOLING2")
    x = values(rng, [2, 4, 112, 112])
    got = run(make("MAX_POOLING1", x.shape, [3, 3], [2, 2], [1, 1], [1, 1]), {"InputTensor": x})
    tv, ti = F.max_pool2d(torch.from_numpy(x), 3, 2, 1, return_indices=True)
    np.testing.assert_array_equal(got["OutputTensor"], tv.numpy())
    base = (np.arange(8) * 112 * 112).reshape(2, 4, 1, 1)
    np.testing.assert_array_equal(got["OutputIndicesTensor"], ti.numpy() + base)


@pytest.mark.parametrize("dtype", INT_TYPES)
def test_max_pooling_integer_types(dtype: str, rng: np.random.Generator) -> None:
    sizes, win, strides, start, end = [2, 2, 6, 23], [2, 3], [1, 2], [1, 0], [0, 2]
    x = values(rng, sizes, dtype)
    info = np.iinfo(DTYPES[dtype])
    x.flat[0], x.flat[5] = info.min, info.max  # extremes are ordinary values
    for name in [n for n in MAX_DESCS if INDICES_RUN or n == "MAX_POOLING"]:
        itype = None if name == "MAX_POOLING" else "UINT64"
        got = run(make(name, sizes, win, strides, start, end, dtype=dtype, indices=itype), {"InputTensor": x})
        check_max(got, x, itype, win=win, strides=strides, start=start, end=end)


def test_max_pooling_float16(ew_isa: str, rng: np.random.Generator) -> None:
    needs_indices("MAX_POOLING2")
    for sizes, win, strides, start, end, dil in MAX_CASES[:4]:
        x = values(rng, sizes, "FLOAT16")
        desc = make("MAX_POOLING2", sizes, win, strides, start, end, dil, dtype="FLOAT16")
        got = run(desc, {"InputTensor": x})
        check_max(got, x, "UINT32", win=win, strides=strides, start=start, end=end, dil=dil)


def test_max_ties_take_the_first_value_encountered(ew_isa: str) -> None:
    needs_indices("MAX_POOLING2")
    # equal values everywhere: each window's index is its first in-bounds tap in row-major order
    sizes = [1, 2, 6, 40]
    x = np.ones(sizes, np.float32)
    x[0, 1, 2:4, 10:30] = 5.0  # a plateau of equal maxima
    win, strides, start, end = [3, 3], [1, 2], [1, 1], [1, 1]
    got = run(make("MAX_POOLING1", sizes, win, strides, start, end), {"InputTensor": x})
    check_max(got, x, "UINT32", win=win, strides=strides, start=start, end=end)
    idx = got["OutputIndicesTensor"][0, 0]
    # window (oh=0, ow=1): rows -1..1, columns 1..3 -> the first in-bounds tap is (0, 1)
    assert idx[0, 1] == 1
    # window (oh=3, ow=6) reads rows 2..4, columns 11..13 of channel 1 (all 5): first is (2, 11)
    assert got["OutputIndicesTensor"][0, 1, 3, 6] == 240 + 2 * 40 + 11


def test_max_nan_is_the_largest_value_and_infinities(ew_isa: str) -> None:
    needs_indices("MAX_POOLING2")
    x = np.zeros((1, 1, 3, 40), np.float32)
    x[0, 0, 1, 5] = np.nan
    x[0, 0, 2, 5] = np.nan     # a later NaN never replaces the first
    x[0, 0, 0, 20] = np.inf
    x[0, 0, :, 30:] = -np.inf  # windows of -inf only keep -inf and their first index
    win = [3, 3]
    got = run(make("MAX_POOLING2", x.shape, win), {"InputTensor": x})
    check_max(got, x, "UINT32", win=win)
    assert np.isnan(got["OutputTensor"][0, 0, 0, 3:6]).all()
    assert (got["OutputIndicesTensor"][0, 0, 0, 3:6] == 45).all()
    tv = F.max_pool2d(torch.from_numpy(x), 3, 1)
    np.testing.assert_array_equal(got["OutputTensor"], tv.numpy())


def test_windows_of_padding_only(ew_isa: str) -> None:
    needs_indices("MAX_POOLING2")
    # window 2 with dilation 5 on a 3-wide input padded by 2: the first window's taps -2 and 3 miss
    x = np.arange(1, 13, dtype=np.float32).reshape(1, 1, 4, 3)
    kw = {"win": [1, 2], "strides": [1, 1], "start": [0, 2], "end": [0, 2], "dil": [1, 5]}
    args = ([1, 1, 4, 3], kw["win"], kw["strides"], kw["start"], kw["end"], kw["dil"])
    got = run(make("MAX_POOLING2", *args), {"InputTensor": x})
    check_max(got, x, "UINT32", **kw)
    assert np.all(got["OutputTensor"][..., 0] == -np.inf)
    assert np.all(got["OutputIndicesTensor"][..., 0] == 0xFFFFFFFF)
    avg = run(make("AVERAGE_POOLING1", *args), {"InputTensor": x})["OutputTensor"]
    assert np.isnan(avg[..., 0]).all()
    np.testing.assert_array_equal(avg, reference("avg", x, **kw)[0].astype(np.float32))
    avg_in = run(make("AVERAGE_POOLING1", *args, include_padding=True), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(avg_in[..., 0], 0)
    lp = run(make("LP_POOLING1", *args), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(lp[..., 0], 0)
    xi = x.astype(np.int16)
    got = run(make("MAX_POOLING2", *args, dtype="INT16"), {"InputTensor": xi})
    check_max(got, xi, "UINT32", **kw)
    assert np.all(got["OutputTensor"][..., 0] == np.iinfo(np.int16).min)


# ---- average and LP pooling -----------------------------------------------------------------------------

SUM_CASES = [  # in sizes, window, strides, start, end, dilations
    ([2, 3, 11, 30], [3, 3], [2, 2], [1, 1], [1, 1], None),
    ([1, 2, 9, 20], [2, 5], [1, 3], [0, 2], [1, 0], None),
    ([1, 2, 12, 25], [3, 2], [1, 2], [2, 1], [2, 3], [2, 3]),
    ([1, 2, 5, 6, 17], [2, 3, 3], [2, 1, 2], [1, 0, 1], [0, 1, 1], [1, 2, 1]),
    ([2, 3, 14, 14], [14, 14], [1, 1], [0, 0], [0, 0], None),  # global
    ([2, 3, 3, 4, 5], [3, 4, 5], [1, 1, 1], [0, 0, 0], [0, 0, 0], None),  # global over D planes
    ([1, 5, 7, 7], [7, 7], [2, 2], [0, 0], [1, 1], None),  # global, an end padding no window reaches
    ([1, 2, 4, 1100], [2, 2], [2, 2], [0, 0], [0, 0], None),  # 550 columns: passes of 256 (PL_SUM_CHUNK)
    ([1, 1, 6, 600], [3, 3], [1, 1], [1, 1], [1, 1], None),  # stride 1, padded edges, three passes
    # whole rows (the run over back-to-back rows) whose only window lies on padding rows: no run,
    # no negative offset (UBSan found the pointer formed from it, the libFuzzer target)
    ([1, 1, 1, 1, 1], [1, 1, 1], [1, 14, 1], [0, 4, 0], [0, 0, 0], None),
    ([1, 2, 2, 3, 5], [1, 1, 5], [1, 14, 1], [0, 4, 0], [0, 0, 0], None),
]


@pytest.mark.parametrize("case", SUM_CASES, ids=[f"case{i}" for i in range(len(SUM_CASES))])
@pytest.mark.parametrize("name", list(AVG_DESCS))
@pytest.mark.parametrize("include_padding", [False, True])
def test_average_pooling_matches_the_reference(name: str, case: Any, include_padding: bool, ew_isa: str,
                                               rng: np.random.Generator) -> None:
    sizes, win, strides, start, end, dil = case
    if name == "AVERAGE_POOLING":
        dil = None
    x = values(rng, sizes)
    got = run(make(name, sizes, win, strides, start, end, dil, include_padding=include_padding),
              {"InputTensor": x})["OutputTensor"]
    want, _ = reference("avg", x, win, strides, start, end, dil, include_padding)
    assert max_ulp(got, want) <= ULP_BOUND["avg"]


@pytest.mark.parametrize("case", SUM_CASES, ids=[f"case{i}" for i in range(len(SUM_CASES))])
@pytest.mark.parametrize("name", list(LP_DESCS))
@pytest.mark.parametrize("p", [1, 2, 3])
def test_lp_pooling_matches_the_reference(name: str, case: Any, p: int, ew_isa: str,
                                          rng: np.random.Generator) -> None:
    sizes, win, strides, start, end, dil = case
    if name == "LP_POOLING":
        dil = None
    x = values(rng, sizes)
    got = run(make(name, sizes, win, strides, start, end, dil, p=p), {"InputTensor": x})["OutputTensor"]
    want, _ = reference("lp", x, win, strides, start, end, dil, p=p)
    assert max_ulp(got, want) <= ULP_BOUND["lp3" if p > 2 else "lp"]


@pytest.mark.parametrize("dims", [2, 3])
@pytest.mark.parametrize("include_padding", [False, True])
def test_average_pooling_matches_torch(dims: int, include_padding: bool, ew_isa: str,
                                       rng: np.random.Generator) -> None:
    sizes = [2, 3, 15, 33] if dims == 2 else [2, 2, 6, 9, 19]
    win, stride, pad = [3] * dims, [2] * dims, [1] * dims
    x = values(rng, sizes)
    fn = F.avg_pool2d if dims == 2 else F.avg_pool3d
    want = fn(torch.from_numpy(x).double(), win, stride, pad, count_include_pad=include_padding).numpy()
    for name in AVG_DESCS:
        got = run(make(name, sizes, win, stride, pad, pad, include_padding=include_padding),
                  {"InputTensor": x})["OutputTensor"]
        assert max_ulp(got, want) <= ULP_BOUND["avg"]


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_global_max_pool_planes_on_every_path(dtype: str, rng: np.random.Generator) -> None:
    """A max pool whose window is the whole plane, without indices (ONNX's GlobalMaxPool) takes
    pooling.c's global_max: the window rule's bits on every path (the first NaN's payload, a
    zero result with the first zero's sign, all -inf), 4-D and 5-D planes, vector bodies and
    tails, a strided batch (the planes themselves contiguous), against a per-plane reference."""
    dt = DTYPES[dtype]
    for sizes in ([3, 5, 19, 23], [2, 3, 2, 9, 7]):
        x = values(rng, sizes, dtype)
        planes = x.reshape(sizes[0] * sizes[1], -1)
        planes[0, 40] = np.nan
        planes[0, 7] = np.float16(np.nan) if dtype == "FLOAT16" else np.float32(np.nan)
        planes[0, 7:8].view(np.uint16 if dtype == "FLOAT16" else np.uint32)[0] |= 0x5  # a payload to keep
        planes[1, :] = -np.abs(planes[1, :]) - 1
        planes[1, 50], planes[1, 80] = -0.0, 0.0               # a zero maximum: the first zero's sign
        planes[2, :] = -np.inf
        planes[3, -1] = 1e4                                     # the tail holds the maximum
        win = sizes[2:]
        desc = make("MAX_POOLING", sizes, win, dtype=dtype)
        got = on_every_path(lambda: run(desc, {"InputTensor": x})["OutputTensor"].tobytes())
        assert all(g == got[0] for g in got), sizes
        out = np.frombuffer(got[0], dt)
        for q, plane in enumerate(planes):
            nan = np.isnan(plane)
            want = plane[np.argmax(nan)] if nan.any() else plane[np.argmax(plane == plane.max())]
            assert out[q].tobytes() == want.tobytes(), (sizes, q, out[q], want)
    # a batch stride with a gap: each plane still one run
    x = values(rng, [2, 3, 8, 8], dtype)
    wide = np.zeros((2, 4, 8, 8), dt)
    wide[:, :3] = x
    desc = make("MAX_POOLING", [2, 3, 8, 8], [8, 8], dtype=dtype, in_strides=[256, 64, 8, 1])
    got = run(desc, {"InputTensor": wide})["OutputTensor"]
    np.testing.assert_array_equal(got.ravel(), x.reshape(6, -1).max(axis=1))


def test_global_average_pool_matches_torch(ew_isa: str, rng: np.random.Generator) -> None:
    x = values(rng, [2, 8, 56, 56])
    got = run(make("AVERAGE_POOLING", x.shape, [56, 56]), {"InputTensor": x})["OutputTensor"]
    want = F.avg_pool2d(torch.from_numpy(x).double(), 56).numpy()
    assert max_ulp(got, want) <= ULP_BOUND["avg"]


@pytest.mark.parametrize("p", [1, 2, 3])
def test_lp_pooling_matches_torch(p: int, ew_isa: str, rng: np.random.Generator) -> None:
    # torch.lp_pool2d sums x^p (signed); on |x| it is the page's L-p norm
    x = np.abs(values(rng, [2, 3, 12, 31]))
    want = F.lp_pool2d(torch.from_numpy(x).double(), p, (3, 2), (2, 1)).numpy()
    for name in LP_DESCS:
        got = run(make(name, x.shape, [3, 2], [2, 1], p=p), {"InputTensor": x})["OutputTensor"]
        assert max_ulp(got, want) <= ULP_BOUND["lp3" if p > 2 else "lp"]


def test_lp_pooling_uses_absolute_values(ew_isa: str) -> None:
    x = np.array([-3.0, 4.0, -1.0, -2.0], np.float32).reshape(1, 1, 1, 4)
    for p, want in ((1, [7.0, 3.0]), (2, [5.0, np.sqrt(5.0)]), (3, [np.cbrt(91.0), np.cbrt(9.0)])):
        got = run(make("LP_POOLING", x.shape, [1, 2], [1, 2], p=p), {"InputTensor": x})["OutputTensor"]
        np.testing.assert_allclose(got.reshape(2), want, rtol=1e-7)


@pytest.mark.parametrize("kind", ["avg", "lp", "max"])
def test_float16_rounds_once(kind: str, ew_isa: str, rng: np.random.Generator) -> None:
    needs_indices("MAX_POOLING2" if kind == "max" else "")
    for sizes, win, strides, start, end, dil in SUM_CASES:
        x = values(rng, sizes, "FLOAT16")
        name = {"avg": "AVERAGE_POOLING1", "lp": "LP_POOLING1", "max": "MAX_POOLING2"}[kind]
        got = run(make(name, sizes, win, strides, start, end, dil, dtype="FLOAT16"), {"InputTensor": x})
        want, widx = reference(kind, x, win, strides, start, end, dil)
        if kind == "max":
            np.testing.assert_array_equal(got["OutputTensor"], want)
            np.testing.assert_array_equal(got["OutputIndicesTensor"], index_view(widx, "UINT32"))
        else:
            assert max_ulp(got["OutputTensor"], want) <= 0.5


# ---- strides and broadcasting ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["MAX_POOLING1", "AVERAGE_POOLING1", "LP_POOLING"])
def test_nhwc_input_and_gapped_outputs(name: str, ew_isa: str, rng: np.random.Generator) -> None:
    needs_indices(name)
    n, c, h, w = 2, 5, 9, 35
    nhwc = values(rng, (n, h, w, c))
    x = nhwc.transpose(0, 3, 1, 2)
    win, strides, start, end = [3, 3], [2, 1], [1, 1], [1, 0]
    osz = out_sizes([n, c, h, w], win, strides, start, end, [1, 1])
    out_strides = [2 * s for s in np.cumprod([1, *osz[:0:-1]])[::-1]]  # every second element
    idx_strides = [3 * s for s in np.cumprod([1, *osz[:0:-1]])[::-1]]  # every third
    total = int(np.prod(osz))
    raw = poison(np.dtype(np.float32), (2 * total,))
    raw_idx = poison(np.dtype(np.uint32), (3 * total,))
    desc = make(name, [n, c, h, w], win, strides, start, end, in_strides=[h * w * c, 1, w * c, c],
                out_strides=out_strides, idx_strides=idx_strides)
    outputs = {"OutputTensor": raw}
    if name == "MAX_POOLING1":
        outputs["OutputIndicesTensor"] = raw_idx
    run(desc, {"InputTensor": nhwc.reshape(-1)}, outputs=outputs)
    got = raw[::2].reshape(osz)
    assert np.isnan(raw[1::2]).all(), "elements between the strided outputs must stay untouched"
    kind = {"MAX_POOLING1": "max", "AVERAGE_POOLING1": "avg", "LP_POOLING": "lp"}[name]
    want, widx = reference(kind, x, win, strides, start, end)
    if kind == "max":
        np.testing.assert_array_equal(got, want)
        # indices: logical positions in InputTensor's Sizes, whatever its strides
        np.testing.assert_array_equal(raw_idx[::3].reshape(osz), index_view(widx, "UINT32"))
        assert (raw_idx[1::3] == 0xFFFFFFFF).all() and (raw_idx[2::3] == 0xFFFFFFFF).all()
    else:
        assert max_ulp(got, want) <= 0.5


@pytest.mark.parametrize("name", ["MAX_POOLING2", "AVERAGE_POOLING", "LP_POOLING1"])
def test_every_second_input_element_and_broadcast_input(name: str, ew_isa: str,
                                                        rng: np.random.Generator) -> None:
    needs_indices(name)
    kind = {"MAX_POOLING2": "max", "AVERAGE_POOLING": "avg", "LP_POOLING1": "lp"}[name]
    wide = values(rng, (1, 2, 7, 60))
    win, strides = [2, 3], [1, 2]
    desc = make(name, [1, 2, 7, 30], win, strides, in_strides=[840, 420, 60, 2])
    got = run(desc, {"InputTensor": wide})
    want, widx = reference(kind, wide[..., ::2], win, strides)
    if kind == "max":
        np.testing.assert_array_equal(got["OutputTensor"], want)
        np.testing.assert_array_equal(got["OutputIndicesTensor"], index_view(widx, "UINT32"))
    else:
        assert max_ulp(got["OutputTensor"], want) <= 0.5
    # zero strides: one row read for every batch, channel and row
    row = values(rng, (30,))
    desc = make(name, [2, 3, 5, 30], win, strides, in_strides=[0, 0, 0, 1])
    got = run(desc, {"InputTensor": row})
    x = np.broadcast_to(row, (2, 3, 5, 30))
    want, widx = reference(kind, x, win, strides)
    if kind == "max":
        np.testing.assert_array_equal(got["OutputTensor"], want)
        np.testing.assert_array_equal(got["OutputIndicesTensor"], index_view(widx, "UINT32"))
    else:
        assert max_ulp(got["OutputTensor"], want) <= 0.5


def test_every_type_executes_in_c() -> None:
    needs_indices("MAX_POOLING1")
    for cls in ALL.values():
        assert lib.pydml_operator_type_executes(int(schema_of(cls).type)) == 1
    assert INDICES_RUN  # capi.c binds an absent OutputIndicesTensor (MAX_POOLING1/2)


def test_max_pooling1_without_indices() -> None:
    code = (
        "import numpy as np, pydml\n"
        "t = lambda s: pydml.buffer_desc('FLOAT32', s)\n"
        "d = pydml.DML_MAX_POOLING1_OPERATOR_DESC(\n"
        "    InputTensor=t([1, 1, 2, 4]), OutputTensor=t([1, 1, 2, 2]),\n"
        "    Strides=[1, 1], WindowSize=[1, 3], StartPadding=[0, 0], EndPadding=[0, 0])\n"
        "x = np.array([3, 5, 7, 1, 9, 4, 2, 8], np.float32).reshape(1, 1, 2, 4)\n"
        "y = pydml.Device().create_operator(d).execute({'InputTensor': x})['OutputTensor']\n"
        "print(y.ravel().tolist())\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[7.0, 7.0, 9.0, 8.0]"


# ---- the pages' rules -----------------------------------------------------------------------------

def expect(desc: Any, field: str, rule: str) -> None:
    needs_indices(schema_of(desc).type.name)
    name = schema_of(desc).c_name
    for check_desc in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check_desc(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


@pytest.mark.parametrize("name", list(ALL))
def test_dimension_count_is_the_spatial_count(name: str) -> None:
    expect(make(name, [1, 1, 4, 4], [1, 1, 1], out=[1, 1, 4, 4]), "DimensionCount",
           "must equal InputTensor.DimensionCount - 2 (2), got 3")
    expect(make(name, [1, 1, 4, 4, 4], [1, 1], out=[1, 1, 4, 4, 4]), "DimensionCount",
           "must equal InputTensor.DimensionCount - 2 (3), got 2")


@pytest.mark.parametrize("name", list(ALL))
@pytest.mark.parametrize("field", ["Strides", "WindowSize", "Dilations"])
def test_strides_window_and_dilations_at_least_one(name: str, field: str) -> None:
    if field == "Dilations" and name not in DILATED:
        return
    kw: dict[str, Any] = {"strides": [1, 1], "dil": [1, 1], "out": [1, 1, 4, 4]}
    win = [1, 1]
    if field == "Strides":
        kw["strides"] = [1, 0]
    elif field == "WindowSize":
        win = [0, 1]
    else:
        kw["dil"] = [1, 0]
    if name not in DILATED:
        kw.pop("dil")
    index = 1 if field != "WindowSize" else 0
    expect(make(name, [1, 1, 4, 4], win, **kw), f"{field}[{index}]", "must be >= 1, got 0")


@pytest.mark.parametrize("name", list(LP_DESCS))
def test_lp_p_at_least_one(name: str) -> None:
    expect(make(name, [1, 1, 4, 4], [2, 2], p=0), "P", "must be >= 1, got 0")
    pydml.validate(make(name, [1, 1, 4, 4], [2, 2], p=1))


@pytest.mark.parametrize("name", list(ALL))
def test_window_must_fit_the_padded_input(name: str) -> None:
    expect(make(name, [1, 1, 4, 5], [3, 8], start=[0, 1], end=[0, 1], out=[1, 1, 2, 1]), "WindowSize[1]",
           "must be <= the padded input (InputTensor.Sizes[3] + StartPadding[1] + EndPadding[1] = 7), got 8"
           if name not in DILATED else
           "dilated ((WindowSize[1] - 1) * Dilations[1] + 1 = 8) must fit the padded input "
           "(InputTensor.Sizes[3] + StartPadding[1] + EndPadding[1] = 7), got 8")
    pydml.validate(make(name, [1, 1, 4, 5], [3, 7], start=[0, 1], end=[0, 1]))  # exactly fits


@pytest.mark.parametrize("name", DILATED)
def test_dilated_window_must_fit_the_padded_input(name: str) -> None:
    expect(make(name, [1, 1, 5, 4], [3, 1], dil=[3, 1], out=[1, 1, 1, 4]), "WindowSize[0]",
           "dilated ((WindowSize[0] - 1) * Dilations[0] + 1 = 7) must fit the padded input "
           "(InputTensor.Sizes[2] + StartPadding[0] + EndPadding[0] = 5), got 3")


@pytest.mark.parametrize("name", list(ALL))
def test_output_sizes(name: str) -> None:
    # {N, C} of the input
    expect(make(name, [2, 3, 6, 6], [2, 2], out=[1, 3, 5, 5]), "OutputTensor.Sizes[0]",
           "must equal InputTensor.Sizes[0] (2), got 1")
    expect(make(name, [2, 3, 6, 6], [2, 2], out=[2, 4, 5, 5]), "OutputTensor.Sizes[1]",
           "must equal InputTensor.Sizes[1] (3), got 4")
    # floor((6 + 1 + 0 - 3) / 2) + 1 = 3 on H; W (7 + 2 + 2 - 2) / 3 + 1 = 4
    if name in DILATED:
        expect(make(name, [1, 1, 6, 7], [2, 2], [2, 3], [1, 2], [0, 2], dil=[2, 1], out=[1, 1, 4, 4]),
               "OutputTensor.Sizes[2]",
               "must be 3 ((InputTensor.Sizes[2] + StartPadding[0] + EndPadding[0] - ((WindowSize[0] - 1) * "
               "Dilations[0] + 1)) / Strides[0] + 1), got 4")
        expect(make(name, [1, 1, 6, 7], [2, 2], [2, 3], [1, 2], [0, 2], dil=[2, 1], out=[1, 1, 3, 5]),
               "OutputTensor.Sizes[3]",
               "must be 4 ((InputTensor.Sizes[3] + StartPadding[1] + EndPadding[1] - ((WindowSize[1] - 1) * "
               "Dilations[1] + 1)) / Strides[1] + 1), got 5")
        pydml.validate(make(name, [1, 1, 6, 7], [2, 2], [2, 3], [1, 2], [0, 2], dil=[2, 1], out=[1, 1, 3, 4]))
    else:
        expect(make(name, [1, 1, 6, 7], [3, 2], [2, 3], [1, 2], [0, 2], out=[1, 1, 4, 4]),
               "OutputTensor.Sizes[2]",
               "must be 3 ((InputTensor.Sizes[2] + StartPadding[0] + EndPadding[0] - WindowSize[0]) "
               "/ Strides[0] + 1), got 4")
        expect(make(name, [1, 1, 6, 7], [3, 2], [2, 3], [1, 2], [0, 2], out=[1, 1, 3, 5]),
               "OutputTensor.Sizes[3]",
               "must be 4 ((InputTensor.Sizes[3] + StartPadding[1] + EndPadding[1] - WindowSize[1]) "
               "/ Strides[1] + 1), got 5")
        pydml.validate(make(name, [1, 1, 6, 7], [3, 2], [2, 3], [1, 2], [0, 2], out=[1, 1, 3, 4]))
    # 5-D: the depth axis is Sizes[2]
    expect(make(name, [1, 1, 5, 4, 4], [2, 1, 1], out=[1, 1, 5, 4, 4]), "OutputTensor.Sizes[2]",
           "must be 4 ((InputTensor.Sizes[2] + StartPadding[0] + EndPadding[0] - "
           + ("((WindowSize[0] - 1) * Dilations[0] + 1)" if name in DILATED else "WindowSize[0]")
           + ") / Strides[0] + 1), got 5")


@pytest.mark.parametrize("name", ["MAX_POOLING1", "MAX_POOLING2"])
def test_output_indices_tensor_sizes_and_type(name: str) -> None:
    needs_indices(name)
    desc = make(name, [1, 2, 6, 6], [2, 2])
    desc = dataclasses.replace(desc, OutputIndicesTensor=tensor("UINT32", [1, 2, 5, 4]))
    expect(desc, "OutputIndicesTensor.Sizes", "must equal OutputTensor.Sizes [1, 2, 5, 5], got [1, 2, 5, 4]")
    for bad in ("FLOAT32", "INT32"):
        desc = dataclasses.replace(desc, OutputIndicesTensor=tensor(bad, [1, 2, 5, 5]))
        with pytest.raises(ValidationError) as info:
            pydml.validate(desc)
        assert info.value.field.startswith("OutputIndicesTensor")


# ---- max without indices: the separable rows (pooling.c: hmax_row, vmax_row) ---------------------------

SEP_CASES = [  # in_sizes, window, strides, start, end, dilations
    ([2, 4, 33, 45], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),     # ResNet's stem pooling, odd sizes, 2 threads
    ([1, 2, 16, 64], [2, 2], [2, 2], [0, 0], [0, 0], [1, 1]),
    ([1, 2, 13, 37], [3, 3], [1, 1], [1, 1], [1, 1], [1, 1]),
    ([1, 2, 11, 40], [5, 4], [3, 2], [2, 3], [0, 1], [1, 2]),     # dilated, asymmetric padding
    ([1, 1, 9, 7], [3, 3], [2, 1], [2, 2], [2, 2], [1, 1]),       # fewer columns than one vector
    ([1, 2, 5, 30], [2, 9], [1, 2], [1, 8], [1, 8], [1, 1]),      # windows of padding only
    ([1, 2, 3, 9, 33], [1, 3, 3], [1, 2, 2], [0, 1, 1], [0, 1, 1], [1, 1, 1]),
]


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("indices", [None, "UINT32", "UINT64"])
def test_max_separable_rows_same_bits_on_every_path(dtype: str, indices: str | None,
                                                   rng: np.random.Generator) -> None:
    # the rows' maxima then the window's rows give max_float_col's bits and indices: ties between
    # +0 and -0 (the first in row-major order wins), NaN (the first), -inf (a window of -inf picks
    # its first element), windows of padding only; on 1 and 2 threads and every ISA path
    for sizes, win, strides, start, end, dil in SEP_CASES:
        x = rng.integers(-2, 3, sizes).astype(DTYPES[dtype])
        flat = x.reshape(-1)
        flat[rng.choice(flat.size, flat.size // 5, replace=False)] = -0.0
        flat[rng.choice(flat.size, flat.size // 50 + 3, replace=False)] = -np.inf
        x[..., :2, :3] = -np.inf  # the corner windows: -inf and padding only
        desc = make("MAX_POOLING2", sizes, win, strides, start, end, dil, dtype=dtype, indices=indices)
        if indices is None:
            desc = dataclasses.replace(desc, OutputIndicesTensor=None)
        want, widx = reference("max", x, win, strides, start, end, dil)
        for with_nan in (False, True):
            if with_nan:
                flat[rng.choice(flat.size, 4, replace=False)] = np.nan
            results = on_every_path(lambda: run(desc, {"InputTensor": x}), (1, 2))
            if not with_nan:
                np.testing.assert_array_equal(results[0]["OutputTensor"], want.astype(x.dtype))
                if indices is not None:
                    np.testing.assert_array_equal(results[0]["OutputIndicesTensor"], index_view(widx, indices))
            for got in results[1:]:
                for name, value in got.items():
                    assert value.tobytes() == results[0][name].tobytes(), (sizes, win, with_nan, name)


@pytest.mark.parametrize("width", [32, 40, 45])
def test_max_separable_rows_see_a_nan_in_any_column(width: int) -> None:
    # the row maxima check the taps they read for NaN (no separate scan): a NaN with a payload in
    # any one column of a row, the last column read by the last full group of a 3x3 / 2 window
    # included (column 31 of 32 is only in that group's fourth load), reaches the outputs whose
    # windows read it, with the portable path's bits, on every path; -0.0 elsewhere keeps the ties
    sizes = [1, 2, 5, width]
    desc = dataclasses.replace(make("MAX_POOLING2", sizes, [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),
                               OutputIndicesTensor=None)
    base = np.where(np.arange(int(np.prod(sizes))).reshape(sizes) % 3 == 0, -0.0, 1.0).astype(np.float32)
    nan = np.array([0x7FC01234], np.uint32).view(np.float32)[0]
    for column in range(width):
        x = base.copy()
        x[0, 1, 2, column] = nan
        want, _ = reference("max", x, [3, 3], [2, 2], [1, 1], [1, 1], [1, 1])
        results = on_every_path(lambda: run(desc, {"InputTensor": x})["OutputTensor"], (1,))
        np.testing.assert_array_equal(np.isnan(results[0]), np.isnan(want), err_msg=f"column {column}")
        for got in results[1:]:
            assert got.tobytes() == results[0].tobytes(), column


@pytest.mark.parametrize("channels", [8, 19, 37])
def test_max_channels_last_same_bits_on_every_path(channels: int, rng: np.random.Generator) -> None:
    # channels contiguous in InputTensor and OutputTensor (pooling.c: max_cvec_row, 8 channels a
    # vector, the channels past the last 8 scalar): max_float_col's bits on every path and 1/2 threads
    n, h, w = 2, 13, 21
    for win, strides, start, end in (([3, 3], [2, 2], [1, 1], [1, 1]), ([2, 5], [1, 2], [0, 4], [1, 4])):
        nhwc = rng.integers(-2, 3, (n, h, w, channels)).astype(np.float32)
        flat = nhwc.reshape(-1)
        flat[rng.choice(flat.size, flat.size // 5, replace=False)] = -0.0
        nhwc[:, :2, :3, :] = -np.inf
        osz = out_sizes([n, channels, h, w], win, strides, start, end, [1, 1])
        o_strides = [osz[2] * osz[3] * channels, 1, osz[3] * channels, channels]
        desc = make("MAX_POOLING", [n, channels, h, w], win, strides, start, end,
                    in_strides=[h * w * channels, 1, w * channels, channels], out_strides=o_strides)
        want, _ = reference("max", nhwc.transpose(0, 3, 1, 2), win, strides, start, end)
        for with_nan in (False, True):
            if with_nan:
                flat[rng.choice(flat.size, 5, replace=False)] = np.nan
            def poisoned_run() -> np.ndarray:
                raw = poison(np.dtype(np.float32), (int(np.prod(osz)),))
                run(desc, {"InputTensor": flat}, outputs={"OutputTensor": raw})
                return raw

            results = on_every_path(poisoned_run, (1, 2))
            if not with_nan:
                got = results[0].reshape(osz[0], osz[2], osz[3], channels).transpose(0, 3, 1, 2)
                np.testing.assert_array_equal(got, want)
            for got in results[1:]:
                assert got.tobytes() == results[0].tobytes(), (channels, win, with_nan)


# ---- max without indices, stride 1, the output the input's size, planes of at most 1024: flat runs
# (pooling.c: max_flat, one plane a run of vectors x taps under lane masks) ----------------------

FLAT_CASES = [  # in_sizes, window, start, end, dilations (strides 1)
    ([1, 3, 7, 7], [3, 3], [1, 1], [1, 1], [1, 1]),       # GoogLeNet's inception pools
    ([2, 5, 14, 14], [3, 3], [1, 1], [1, 1], [1, 1]),     # runs of channels across two images
    ([3, 7, 6, 6], [3, 3], [1, 1], [1, 1], [1, 1]),       # 21 planes: items of eight across images
    ([1, 3, 5, 9], [5, 3], [2, 1], [2, 1], [1, 1]),
    ([1, 2, 9, 11], [3, 3], [2, 3], [2, 3], [2, 3]),      # dilated
    ([1, 2, 6, 5], [2, 2], [1, 0], [0, 1], [1, 1]),       # asymmetric padding
    ([1, 2, 32, 32], [3, 3], [1, 1], [1, 1], [1, 1]),     # 1024 outputs, the largest plane
    ([1, 2, 33, 31], [3, 3], [1, 1], [1, 1], [1, 1]),     # 1023: a last vector of one lane (AVX-512)
]


def test_max_flat_planes_same_bits_on_every_path(rng: np.random.Generator) -> None:
    # max_float_col's bits: ties between +0 and -0 (the first tap in (kh, kw) order wins), -inf,
    # windows of padding only at the corners, a NaN with a payload (a plane that meets one is
    # walked again with the exact rule); on 1 and 2 threads and every ISA path (the portable one
    # has no flat runs); outputs poisoned
    for sizes, win, start, end, dil in FLAT_CASES:
        x = rng.integers(-2, 3, sizes).astype(np.float32)
        flat = x.reshape(-1)
        flat[rng.choice(flat.size, flat.size // 5, replace=False)] = -0.0
        flat[rng.choice(flat.size, flat.size // 50 + 3, replace=False)] = -np.inf
        desc = dataclasses.replace(make("MAX_POOLING2", sizes, win, [1, 1], start, end, dil),
                                   OutputIndicesTensor=None)
        want, _ = reference("max", x, win, [1, 1], start, end, dil)
        assert list(want.shape) == sizes
        nan = np.array([0x7FC05678], np.uint32).view(np.float32)[0]
        for with_nan in (False, True):
            if with_nan:
                flat[rng.choice(flat.size, 3, replace=False)] = nan

            def poisoned_run() -> np.ndarray:
                raw = poison(np.dtype(np.float32), tuple(sizes))
                run(desc, {"InputTensor": x}, outputs={"OutputTensor": raw})
                return raw

            runs = lib.pydml_debug_pooling_flat_runs()
            results = on_every_path(poisoned_run, (1, 2))
            # the flat runs took it (the vector paths; the portable one has none)
            assert lib.pydml_debug_pooling_flat_runs() > runs
            if not with_nan:
                np.testing.assert_array_equal(results[0], want)
                assert np.signbit(results[0]).tobytes() == np.signbit(want).tobytes()
            else:
                want_nan, _ = reference("max", x, win, [1, 1], start, end, dil)
                np.testing.assert_array_equal(np.isnan(results[0]), np.isnan(want_nan))
            for got in results[1:]:
                assert got.tobytes() == results[0].tobytes(), (sizes, win, with_nan)
