"""GATHER, GATHER_ELEMENTS, GATHER_ND, GATHER_ND1, SCATTER_ELEMENTS, SCATTER_ND, ONE_HOT,
REVERSE_SUBSEQUENCES, NONZERO_COORDINATES and MAX_UNPOOLING (native/families/gather_scatter.c: one
gather/scatter engine) and their own rules (native/validate/rules_gather_scatter.c).

References: numpy written from each page (np.take, np.take_along_axis, np.put_along_axis, a
gather_nd / scatter_nd written from the pages' pseudocode), torch where it has the operator
(index_select, gather, scatter, F.one_hot, F.max_unpool2d), and each page's worked examples,
literally (where an example breaks its own page, the smallest change is noted). Outputs are
poisoned (``ew_harness.run``).

Decisions the pages leave open, asserted here (and commented in gather_scatter.c):
  * out-of-range indices: GATHER clamps the index (the page: reads "clamped safely within the
    input tensor's memory"); GATHER_ELEMENTS / GATHER_ND(1) write zeros; SCATTER_ELEMENTS /
    SCATTER_ND / MAX_UNPOOLING skip the write; ONE_HOT leaves the sequence OffValue (page);
  * duplicate scatter indices: the last writer in index (row-major) order wins;
  * NONZERO_COORDINATES rows past the count are zeros.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import DTYPES, poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.registry import schema_of

ALL_TYPES = (
    "FLOAT64",
    "FLOAT32",
    "FLOAT16",
    "INT64",
    "INT32",
    "INT16",
    "INT8",
    "UINT64",
    "UINT32",
    "UINT16",
    "UINT8",
)
INDEX_TYPES = ("INT32", "INT64", "UINT32", "UINT64")


def values(rng: np.random.Generator, dtype: str, shape: Sequence[int]) -> np.ndarray:
    dt = DTYPES[dtype]
    if dt.kind == "f":
        return (rng.standard_normal(tuple(shape)) * 10).astype(dt)
    info = np.iinfo(dt)
    return rng.integers(max(info.min, -1000), min(info.max, 1000), size=tuple(shape), endpoint=True).astype(
        dt
    )


def indices(rng: np.random.Generator, itype: str, shape: Sequence[int], size: int) -> np.ndarray:
    """Valid indices; signed types also use the negative form (-size .. -1)."""
    lo = -size if itype.startswith("INT") else 0
    return rng.integers(lo, size, size=tuple(shape)).astype(DTYPES[itype])


def wrap(idx: np.ndarray, size: int) -> np.ndarray:
    v = idx.astype(np.int64)
    return np.where(v < 0, v + size, v)


def same(got: np.ndarray, want: np.ndarray) -> None:
    assert got.dtype == want.dtype
    assert got.shape == want.shape
    np.testing.assert_array_equal(got.view(np.uint8), np.ascontiguousarray(want).view(np.uint8))


# ---- GATHER -----------------------------------------------------------------------------------------


def gather_desc(
    dtype: str,
    itype: str,
    xs: Sequence[int],
    ixs: Sequence[int],
    ys: Sequence[int],
    axis: int,
    index_dims: int,
    x_strides: Sequence[int] | None = None,
) -> Any:
    return pydml.DML_GATHER_OPERATOR_DESC(
        InputTensor=tensor(dtype, xs, x_strides),
        IndicesTensor=tensor(itype, ixs),
        OutputTensor=tensor(dtype, ys),
        Axis=axis,
        IndexDimensions=index_dims,
    )


def gather_sizes(xs: Sequence[int], ixs: Sequence[int], axis: int, index_dims: int) -> list[int]:
    n = len(xs)
    lst = list(xs[:axis]) + list(ixs[n - index_dims :]) + list(xs[axis + 1 :])
    if len(lst) > n:
        assert all(v == 1 for v in lst[: len(lst) - n])
        return lst[len(lst) - n :]
    return [1] * (n - len(lst)) + lst


def gather_ref(x: np.ndarray, idx: np.ndarray, axis: int, index_dims: int, ys: Sequence[int]) -> np.ndarray:
    """The page: output[p, k, s] = input[p, indices[k], s]; out-of-range indices clamped."""
    n = x.ndim
    k = np.clip(wrap(idx, x.shape[axis]), 0, x.shape[axis] - 1).reshape(idx.shape[n - index_dims :])
    return np.take(x, k, axis=axis).reshape(ys)


def test_gather_page_examples() -> None:
    # Example 1 (1-D, IndexDimensions 1: the page's [0, N) range would forbid it; see the rules file)
    got = run(
        gather_desc("FLOAT32", "UINT32", [4], [5], [5], 0, 1),
        {
            "InputTensor": np.array([11, 12, 13, 14], np.float32),
            "IndicesTensor": np.array([3, 1, 3, 0, 2], np.uint32),
        },
    )["OutputTensor"]
    same(got, np.array([14, 12, 14, 11, 13], np.float32))
    x = np.array([[1, 2], [3, 4], [5, 6]], np.float32)
    # Example 2: rows, Axis 0
    got = run(
        gather_desc("FLOAT32", "UINT32", [3, 2], [1, 4], [4, 2], 0, 1),
        {"InputTensor": x, "IndicesTensor": np.array([[0, 1, 1, 2]], np.uint32)},
    )["OutputTensor"]
    same(got, np.array([[1, 2], [3, 4], [3, 4], [5, 6]], np.float32))
    # Example 3 swaps columns with IndexDimensions 2, which overflows the 2-D output (original rank 2 +
    # 2 - 1 = 3 > 2, the page's own rule): rejected as printed, correct with IndexDimensions 1.
    with pytest.raises(ValidationError) as info:
        pydml.validate(gather_desc("FLOAT32", "UINT32", [3, 2], [1, 2], [3, 2], 1, 2))
    assert info.value.field == "IndexDimensions"
    got = run(
        gather_desc("FLOAT32", "UINT32", [3, 2], [1, 2], [3, 2], 1, 1),
        {"InputTensor": x, "IndicesTensor": np.array([[1, 0]], np.uint32)},
    )["OutputTensor"]
    same(got, np.array([[2, 1], [4, 3], [6, 5]], np.float32))
    # Example 4: Axis 2, nested indices
    x3 = np.arange(1, 10, dtype=np.float32).reshape(1, 3, 3)
    got = run(
        gather_desc("FLOAT32", "UINT32", [1, 3, 3], [1, 1, 2], [3, 1, 2], 2, 2),
        {"InputTensor": x3, "IndicesTensor": np.array([[[0, 2]]], np.uint32)},
    )["OutputTensor"]
    same(got, np.array([[[1, 3]], [[4, 6]], [[7, 9]]], np.float32))
    # Example 5: Axis 1, nested indices
    got = run(
        gather_desc("FLOAT32", "UINT32", [1, 3, 2], [1, 2, 2], [2, 2, 2], 1, 2),
        {"InputTensor": x.reshape(1, 3, 2), "IndicesTensor": np.array([[[0, 1], [1, 2]]], np.uint32)},
    )
    same(got["OutputTensor"], np.array([[[1, 2], [3, 4]], [[3, 4], [5, 6]]], np.float32))


GATHER_CASES = [  # input sizes, indices sizes, axis, IndexDimensions
    ([7, 5], [1, 4], 0, 1),
    ([1, 9, 4], [1, 2, 5], 1, 2),
    ([2, 3, 6], [1, 1, 4], 2, 1),
    ([4, 3, 2, 5], [1, 1, 1, 6], 3, 1),
    ([1, 6, 5], [1, 1, 1], 1, 0),
    ([5, 4], [1, 2], 0, 2),
    ([1, 5, 4], [1, 3, 2], 2, 2),
]


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_gather_every_type(dtype: str, rng: np.random.Generator) -> None:
    for itype in INDEX_TYPES:
        for xs, ixs, axis, idim in GATHER_CASES:
            ys = gather_sizes(xs, ixs, axis, idim)
            x = values(rng, dtype, xs)
            idx = indices(rng, itype, ixs, xs[axis])
            got = run(
                gather_desc(dtype, itype, xs, ixs, ys, axis, idim), {"InputTensor": x, "IndicesTensor": idx}
            )
            same(got["OutputTensor"], gather_ref(x, idx, axis, idim, ys))


def test_gather_torch_index_select_and_embedding(rng: np.random.Generator) -> None:
    x = values(rng, "FLOAT32", [50, 16])
    idx = rng.integers(0, 50, size=(1, 37)).astype(np.int64)
    got = run(
        gather_desc("FLOAT32", "INT64", [50, 16], [1, 37], [37, 16], 0, 1),
        {"InputTensor": x, "IndicesTensor": idx},
    )["OutputTensor"]
    same(got, torch.index_select(torch.from_numpy(x), 0, torch.from_numpy(idx[0])).numpy())
    same(got, F.embedding(torch.from_numpy(idx[0]), torch.from_numpy(x)).numpy())
    got = run(
        gather_desc("FLOAT32", "INT64", [50, 16], [1, 7], [50, 7], 1, 1),
        {"InputTensor": x, "IndicesTensor": idx[:, :7] % 16},
    )["OutputTensor"]
    same(got, torch.index_select(torch.from_numpy(x), 1, torch.from_numpy(idx[0, :7] % 16)).numpy())


def test_gather_out_of_range_clamps() -> None:
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    for itype, bad, want_row in (
        ("INT32", [5, -5, 2**31 - 1, -(2**31)], [3, 0, 3, 0]),
        ("UINT32", [4, 2**32 - 1, 1, 7], [3, 3, 1, 3]),
        ("INT64", [-(2**63), 2**63 - 1, -4, 4], [0, 3, 0, 3]),
        ("UINT64", [2**64 - 1, 2**63, 0, 9], [3, 3, 0, 3]),
    ):
        idx = np.array([bad], DTYPES[itype])
        got = run(
            gather_desc("FLOAT32", itype, [4, 3], [1, 4], [4, 3], 0, 1),
            {"InputTensor": x, "IndicesTensor": idx},
        )["OutputTensor"]
        same(got, x[want_row])


def test_gather_strided_and_broadcast_views(rng: np.random.Generator) -> None:
    wide = values(rng, "FLOAT32", [6, 20])
    idx = np.array([[4, 0, 5, 5, 1]], np.int32)
    # a non-contiguous numpy view (every second column), read with its own strides
    got = run(
        gather_desc("FLOAT32", "INT32", [6, 10], [1, 5], [5, 10], 0, 1),
        {"InputTensor": wide[:, ::2], "IndicesTensor": idx},
    )["OutputTensor"]
    same(got, wide[:, ::2][idx[0]])
    # zero-stride rows: every row is the same 10 elements
    row = values(rng, "FLOAT16", [10])
    got = run(
        gather_desc("FLOAT16", "INT32", [6, 10], [1, 5], [5, 10], 0, 1, x_strides=[0, 1]),
        {"InputTensor": row, "IndicesTensor": idx},
    )["OutputTensor"]
    same(got, np.broadcast_to(row, (5, 10)).copy())
    # strided indices and a transposed input, gathering along the last axis
    base = values(rng, "INT16", [9, 4])
    ind = np.array([[3, -1, 0, 2, 2, -4]], np.int64)
    wide_idx = np.repeat(ind, 2, axis=1)[:, ::2]
    got = run(
        gather_desc("INT16", "INT64", [4, 9], [1, 6], [4, 6], 1, 1),
        {"InputTensor": base.T, "IndicesTensor": wide_idx},
    )["OutputTensor"]
    same(got, np.take(base.T, wrap(ind[0], 9), axis=1))


@pytest.mark.parametrize("width", [64, 70])
def test_gather_large_rows_streamed(width: int, ew_isa: str, rng: np.random.Generator) -> None:
    """An output above 8 MiB of rows of at least 256 bytes: the vector paths stream the whole lines
    of each row past the caches (64-byte stores on the AVX-512 path, two 32-byte ones on the AVX2
    path) and store the partial lines at its ends; rows of 70 floats start at every 8-byte offset
    of a line in turn."""
    table = values(rng, "FLOAT32", [1000, width])
    rows = (8 << 20) // (4 * width) + 100
    for itype in ("INT32", "UINT64"):
        idx = indices(rng, itype, [1, rows], 1000)
        idx.ravel()[::977] = 5000  # out of range: clamped to the last row
        got = run(
            gather_desc("FLOAT32", itype, [1000, width], [1, rows], [rows, width], 0, 1),
            {"InputTensor": table, "IndicesTensor": idx},
        )["OutputTensor"]
        same(got, table[np.clip(wrap(idx[0], 1000), 0, 999)])


# ---- GATHER_ELEMENTS / SCATTER_ELEMENTS ------------------------------------------------------------


def ge_desc(dtype: str, itype: str, xs: Sequence[int], ixs: Sequence[int], axis: int) -> Any:
    return pydml.DML_GATHER_ELEMENTS_OPERATOR_DESC(
        InputTensor=tensor(dtype, xs),
        IndicesTensor=tensor(itype, ixs),
        OutputTensor=tensor(dtype, ixs),
        Axis=axis,
    )


def se_desc(dtype: str, itype: str, xs: Sequence[int], ixs: Sequence[int], axis: int) -> Any:
    return pydml.DML_SCATTER_ELEMENTS_OPERATOR_DESC(
        InputTensor=tensor(dtype, xs),
        IndicesTensor=tensor(itype, ixs),
        UpdatesTensor=tensor(dtype, ixs),
        OutputTensor=tensor(dtype, xs),
        Axis=axis,
    )


def scatter_elements_ref(x: np.ndarray, idx: np.ndarray, upd: np.ndarray, axis: int) -> np.ndarray:
    """The page: output = input; output[c with c[Axis] = index[c]] = updates[c], in row-major index
    order (last writer wins); out-of-range writes skipped."""
    out = x.copy()
    size = x.shape[axis]
    for c in itertools.product(*[range(s) for s in idx.shape]):
        v = int(idx[c])
        v = v + size if v < 0 else v
        if 0 <= v < size:
            t = list(c)
            t[axis] = v
            out[tuple(t)] = upd[c]
    return out


def test_elements_page_examples() -> None:
    x = np.arange(1, 10, dtype=np.float32).reshape(3, 3)
    got = run(
        ge_desc("FLOAT32", "UINT32", [3, 3], [2, 3], 0),
        {"InputTensor": x, "IndicesTensor": np.array([[1, 2, 0], [2, 0, 0]], np.uint32)},
    )["OutputTensor"]
    same(
        got, np.array([[4, 8, 3], [7, 2, 3]], np.float32)
    )  # the page labels it UINT32: it is the input's FLOAT32
    # SCATTER Example 1: duplicate index 3, the later update (7) wins
    got = run(
        se_desc("FLOAT32", "UINT32", [5], [4], 0),
        {
            "InputTensor": np.arange(5, dtype=np.float32),
            "IndicesTensor": np.array([3, 1, 3, 0], np.uint32),
            "UpdatesTensor": np.array([5, 6, 7, 8], np.float32),
        },
    )["OutputTensor"]
    same(got, np.array([8, 6, 2, 7, 4], np.float32))
    # SCATTER Example 2 (the page labels the 3x3 input Sizes {2,3})
    got = run(
        se_desc("FLOAT32", "UINT32", [3, 3], [2, 3], 0),
        {
            "InputTensor": np.zeros((3, 3), np.float32),
            "IndicesTensor": np.array([[1, 0, 2], [0, 2, 1]], np.uint32),
            "UpdatesTensor": np.array([[10, 11, 12], [20, 21, 22]], np.float32),
        },
    )["OutputTensor"]
    same(got, np.array([[20, 11, 0], [10, 0, 22], [0, 21, 12]], np.float32))


ELEMENT_CASES = [
    ([5, 7], [3, 7], 0),
    ([5, 7], [5, 4], 1),
    ([2, 6, 3], [2, 6, 5], 2),
    ([4, 3, 5], [4, 2, 5], 1),
]


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_elements_every_type(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    for itype in INDEX_TYPES:
        for xs, ixs, axis in ELEMENT_CASES:
            x = values(rng, dtype, xs)
            idx = indices(rng, itype, ixs, xs[axis])
            got = run(ge_desc(dtype, itype, xs, ixs, axis), {"InputTensor": x, "IndicesTensor": idx})
            same(got["OutputTensor"], np.take_along_axis(x, wrap(idx, xs[axis]), axis))
            upd = values(rng, dtype, ixs)
            got = run(
                se_desc(dtype, itype, xs, ixs, axis),
                {"InputTensor": x, "IndicesTensor": idx, "UpdatesTensor": upd},
            )["OutputTensor"]
            same(got, scatter_elements_ref(x, idx, upd, axis))


def test_elements_against_torch_and_put_along_axis(ew_isa: str, rng: np.random.Generator) -> None:
    x = values(rng, "FLOAT32", [6, 40])
    idx = rng.integers(0, 40, size=(6, 25)).astype(np.int64)
    got = run(ge_desc("FLOAT32", "INT64", [6, 40], [6, 25], 1), {"InputTensor": x, "IndicesTensor": idx})
    same(got["OutputTensor"], torch.gather(torch.from_numpy(x), 1, torch.from_numpy(idx)).numpy())
    # scatter with unique indices per row (torch and numpy leave duplicates unspecified)
    uidx = np.stack([rng.permutation(40)[:25] for _ in range(6)]).astype(np.int64)
    upd = values(rng, "FLOAT32", [6, 25])
    got = run(
        se_desc("FLOAT32", "INT64", [6, 40], [6, 25], 1),
        {"InputTensor": x, "IndicesTensor": uidx, "UpdatesTensor": upd},
    )["OutputTensor"]
    same(got, torch.scatter(torch.from_numpy(x), 1, torch.from_numpy(uidx), torch.from_numpy(upd)).numpy())
    want = x.copy()
    np.put_along_axis(want, uidx, upd, 1)
    same(got, want)


def test_elements_out_of_range_and_duplicates(ew_isa: str, rng: np.random.Generator) -> None:
    x = values(rng, "INT32", [2, 4])
    idx = np.array([[0, 9, -1, -9], [3, 3, 3, 3]], np.int32)
    got = run(ge_desc("INT32", "INT32", [2, 4], [2, 4], 1), {"InputTensor": x, "IndicesTensor": idx})
    same(got["OutputTensor"], np.array([[x[0, 0], 0, x[0, 3], 0], [x[1, 3]] * 4], np.int32))
    upd = np.arange(100, 108, dtype=np.int32).reshape(2, 4)
    got = run(
        se_desc("INT32", "INT32", [2, 4], [2, 4], 1),
        {"InputTensor": x, "IndicesTensor": idx, "UpdatesTensor": upd},
    )["OutputTensor"]
    want = x.copy()
    want[0, 0], want[0, 3], want[1, 3] = 100, 102, 107  # 9 / -9 skipped; the last of the 3s wins
    same(got, want)
    big = np.array([[2**64 - 1, 1, 2**63, 0]] * 2, np.uint64)
    got = run(ge_desc("INT32", "UINT64", [2, 4], [2, 4], 1), {"InputTensor": x, "IndicesTensor": big})
    same(got["OutputTensor"], np.array([[0, x[0, 1], 0, x[0, 0]], [0, x[1, 1], 0, x[1, 0]]], np.int32))
    got = run(
        se_desc("INT32", "UINT64", [2, 4], [2, 4], 1),
        {"InputTensor": x, "IndicesTensor": big, "UpdatesTensor": upd},
    )["OutputTensor"]
    want = x.copy()
    want[:, 1], want[:, 0] = upd[:, 1], upd[:, 3]
    same(got, want)


def test_elements_strided_views(ew_isa: str, rng: np.random.Generator) -> None:
    base = values(rng, "FLOAT32", [8, 12])
    x = base.T  # transposed view [12, 8]
    idx = indices(rng, "INT32", [12, 5], 8)
    wide = np.zeros((12, 10), np.int32)
    wide[:, ::2] = idx
    got = run(
        ge_desc("FLOAT32", "INT32", [12, 8], [12, 5], 1), {"InputTensor": x, "IndicesTensor": wide[:, ::2]}
    )
    same(got["OutputTensor"], np.take_along_axis(x, wrap(idx, 8), 1))
    idx0 = indices(rng, "INT64", [4, 8], 12)
    upd = values(rng, "FLOAT32", [4, 8])
    got = run(
        se_desc("FLOAT32", "INT64", [12, 8], [4, 8], 0),
        {"InputTensor": x, "IndicesTensor": idx0, "UpdatesTensor": upd},
    )["OutputTensor"]
    same(got, scatter_elements_ref(np.ascontiguousarray(x), idx0, upd, 0))
    # updates broadcast with a zero stride
    row = values(rng, "UINT8", [8])
    desc = pydml.DML_SCATTER_ELEMENTS_OPERATOR_DESC(
        InputTensor=tensor("UINT8", [12, 8]),
        IndicesTensor=tensor("INT64", [4, 8]),
        UpdatesTensor=tensor("UINT8", [4, 8], [0, 1]),
        OutputTensor=tensor("UINT8", [12, 8]),
        Axis=0,
    )
    xu = values(rng, "UINT8", [12, 8])
    got = run(desc, {"InputTensor": xu, "IndicesTensor": idx0, "UpdatesTensor": row})["OutputTensor"]
    same(got, scatter_elements_ref(xu, idx0, np.broadcast_to(row, (4, 8)), 0))


def test_scatter_elements_large_parallel(ew_isa: str, rng: np.random.Generator) -> None:
    """Enough elements for the threaded path: rows of the non-Axis coordinates own their output lines."""
    x = values(rng, "FLOAT32", [64, 300])
    idx = rng.integers(-300, 300, size=(64, 700)).astype(np.int32)
    upd = values(rng, "FLOAT32", [64, 700])
    got = run(
        se_desc("FLOAT32", "INT32", [64, 300], [64, 700], 1),
        {"InputTensor": x, "IndicesTensor": idx, "UpdatesTensor": upd},
    )["OutputTensor"]
    want = x.copy()
    for r in range(64):  # numpy fancy assignment: the last duplicate wins, as the page-order reference
        want[r, wrap(idx[r], 300)] = upd[r]
    same(got, want)
    got = run(ge_desc("FLOAT32", "INT32", [64, 300], [64, 700], 1), {"InputTensor": x, "IndicesTensor": idx})
    same(got["OutputTensor"], np.take_along_axis(x, wrap(idx, 300), 1))


# ---- GATHER_ND / GATHER_ND1 / SCATTER_ND ------------------------------------------------------------


def nd_sizes(xs: Sequence[int], ixs: Sequence[int], r: int, q: int, b: int) -> list[int]:
    n = len(xs)
    t = ixs[-1]
    lst = list(ixs[n - q : n - 1]) + list(xs[n - r + b + t :])
    return [1] * (n - len(lst)) + lst


def gather_nd_ref(x: np.ndarray, idx: np.ndarray, r: int, q: int, b: int, ys: Sequence[int]) -> np.ndarray:
    """The page: output[batch, m, s] = input[batch, indices[batch, m, 0..t), s]; out of range: zeros."""
    n = x.ndim
    xl = x.reshape(x.shape[n - r :])
    il = idx.reshape(idx.shape[n - q :]).astype(np.int64)
    t = il.shape[-1]
    rows = il.shape[:-1]
    slice_shape = xl.shape[b + t :]
    out = np.zeros(rows + slice_shape, x.dtype)
    for m in itertools.product(*[range(s) for s in rows]):
        coords = []
        ok = True
        for c in range(t):
            size = xl.shape[b + c]
            v = int(il[(*m, c)])
            v = v + size if v < 0 else v
            ok &= 0 <= v < size
            coords.append(v)
        if ok:
            out[m] = xl[tuple(m[:b]) + tuple(coords)]
    return out.reshape(ys)


def scatter_nd_ref(x: np.ndarray, idx: np.ndarray, upd: np.ndarray, r: int, q: int) -> np.ndarray:
    n = x.ndim
    out = x.copy()
    ol = out.reshape(x.shape[n - r :])
    il = idx.reshape(idx.shape[n - q :]).astype(np.int64)
    t = il.shape[-1]
    rows = il.shape[:-1]
    ul = upd.reshape(rows + ol.shape[t:])
    for m in itertools.product(*[range(s) for s in rows]):
        coords = []
        ok = True
        for c in range(t):
            v = int(il[(*m, c)])
            v = v + ol.shape[c] if v < 0 else v
            ok &= 0 <= v < ol.shape[c]
            coords.append(v)
        if ok:
            ol[tuple(coords)] = ul[m]
    return out


def gnd_desc(
    dtype: str, itype: str, xs: Sequence[int], ixs: Sequence[int], r: int, q: int, b: int | None
) -> Any:
    ys = nd_sizes(xs, ixs, r, q, b or 0)
    fields = {
        "InputTensor": tensor(dtype, xs),
        "IndicesTensor": tensor(itype, ixs),
        "OutputTensor": tensor(dtype, ys),
        "InputDimensionCount": r,
        "IndicesDimensionCount": q,
    }
    if b is None:
        return pydml.DML_GATHER_ND_OPERATOR_DESC(**fields)
    return pydml.DML_GATHER_ND1_OPERATOR_DESC(**fields, BatchDimensionCount=b)


def snd_desc(dtype: str, itype: str, xs: Sequence[int], ixs: Sequence[int], r: int, q: int) -> Any:
    return pydml.DML_SCATTER_ND_OPERATOR_DESC(
        InputTensor=tensor(dtype, xs),
        IndicesTensor=tensor(itype, ixs),
        UpdatesTensor=tensor(dtype, nd_sizes(xs, ixs, r, q, 0)),
        OutputTensor=tensor(dtype, xs),
        InputDimensionCount=r,
        IndicesDimensionCount=q,
    )


def test_nd_page_examples() -> None:
    x = np.array([[0, 1], [2, 3]], np.float32)
    for b in (None, 0):  # GATHER_ND and GATHER_ND1 Example 1
        got = run(
            gnd_desc("FLOAT32", "UINT32", [2, 2], [2, 1], 2, 2, b),
            {"InputTensor": x, "IndicesTensor": np.array([[1], [0]], np.uint32)},
        )["OutputTensor"]
        same(got, np.array([[2, 3], [0, 1]], np.float32))
    # GATHER_ND Example 2
    got = run(
        gnd_desc("FLOAT32", "UINT32", [1, 2, 2, 2], [1, 1, 2, 2], 3, 2, None),
        {
            "InputTensor": np.arange(8, dtype=np.float32).reshape(1, 2, 2, 2),
            "IndicesTensor": np.array([[[[0, 1], [1, 0]]]], np.uint32),
        },
    )["OutputTensor"]
    same(got, np.array([[[[2, 3], [4, 5]]]], np.float32))
    # GATHER_ND1 Example 2: BatchDimensionCount 1
    got = run(
        gnd_desc("FLOAT32", "UINT32", [1, 3, 2, 2], [1, 3, 2, 2], 3, 3, 1),
        {
            "InputTensor": np.arange(12, dtype=np.float32).reshape(1, 3, 2, 2),
            "IndicesTensor": np.array([[[[0, 0], [1, 1]], [[1, 1], [0, 0]], [[0, 1], [1, 0]]]], np.uint32),
        },
    )
    same(got["OutputTensor"], np.array([[[[0, 3], [7, 4], [9, 10]]]], np.float32))
    # SCATTER_ND example: the page's 1-D input against 2-D indices (and FLOAT32 indices) breaks its
    # own DimensionCount rule; the same data as {1,8} input, UINT32 {4,1} indices, {1,4} updates.
    got = run(
        snd_desc("FLOAT32", "UINT32", [1, 8], [4, 1], 1, 2),
        {
            "InputTensor": np.arange(1, 9, dtype=np.float32).reshape(1, 8),
            "IndicesTensor": np.array([[4], [3], [1], [7]], np.uint32),
            "UpdatesTensor": np.array([[9, 10, 11, 12]], np.float32),
        },
    )["OutputTensor"]
    same(got, np.array([[1, 11, 3, 10, 9, 6, 7, 12]], np.float32))


ND_CASES = [  # input sizes, indices sizes, InputDimensionCount, IndicesDimensionCount, BatchDimensionCount
    ([4, 5, 6], [1, 3, 2], 3, 2, 0),
    ([1, 5, 6], [1, 3, 1], 2, 2, 0),
    ([5, 6], [3, 1], 2, 2, 0),
    ([1, 4, 5, 6], [1, 2, 3, 3], 3, 3, 0),
    ([3, 4, 5], [3, 2, 1], 3, 3, 1),
    ([2, 3, 4, 5], [2, 3, 4, 1], 4, 4, 2),
    ([2, 3, 4, 5], [2, 3, 2, 2], 4, 4, 1),
]


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_nd_every_type(dtype: str, rng: np.random.Generator) -> None:
    for itype in INDEX_TYPES:
        for xs, ixs, r, q, b in ND_CASES:
            n = len(xs)
            x = values(rng, dtype, xs)
            t = ixs[-1]
            sizes = [xs[n - r + b + c] for c in range(t)]
            comps = [indices(rng, itype, [*ixs[:-1], 1], s) for s in sizes]
            idx = np.concatenate(comps, axis=-1)
            ys = nd_sizes(xs, ixs, r, q, b)
            got = run(gnd_desc(dtype, itype, xs, ixs, r, q, b), {"InputTensor": x, "IndicesTensor": idx})
            same(got["OutputTensor"], gather_nd_ref(x, idx, r, q, b, ys))
            if b == 0:
                upd = values(rng, dtype, ys)
                got = run(
                    snd_desc(dtype, itype, xs, ixs, r, q),
                    {"InputTensor": x, "IndicesTensor": idx, "UpdatesTensor": upd},
                )["OutputTensor"]
                same(got, scatter_nd_ref(x, idx, upd, r, q))


def test_nd_out_of_range_duplicates_and_large_slices(rng: np.random.Generator) -> None:
    x = values(rng, "FLOAT32", [4, 3, 600])
    idx = np.array([[1, 2], [4, 0], [-1, -3], [0, 3], [1, 2], [-5, 0]], np.int64)
    got = run(
        gnd_desc("FLOAT32", "INT64", [4, 3, 600], [1, 6, 2], 3, 2, 0),
        {"InputTensor": x, "IndicesTensor": idx.reshape(1, 6, 2)},
    )["OutputTensor"]
    want = np.zeros((1, 6, 600), np.float32)
    want[0, 0], want[0, 2], want[0, 4] = x[1, 2], x[3, 0], x[1, 2]
    same(got, want)
    # duplicates ([1,2] twice): the later update wins, on the column-split threaded path too
    upd = values(rng, "FLOAT32", [1, 6, 600])
    got = run(
        snd_desc("FLOAT32", "INT64", [4, 3, 600], [1, 6, 2], 3, 2),
        {"InputTensor": x, "IndicesTensor": idx.reshape(1, 6, 2), "UpdatesTensor": upd},
    )["OutputTensor"]
    want = x.copy()
    want[1, 2], want[3, 0] = upd[0, 4], upd[0, 2]
    same(got, want)
    same(got, scatter_nd_ref(x, idx.reshape(1, 6, 2), upd, 3, 2))


def test_scatter_nd_threaded_columns_keep_index_order(rng: np.random.Generator) -> None:
    """Rows of 1000 columns: threads split the columns, each walking every index row in order."""
    x = values(rng, "FLOAT32", [40, 1000])
    idx = rng.integers(-40, 40, size=(40, 1)).astype(np.int64)  # duplicates likely
    upd = values(rng, "FLOAT32", [40, 1000])
    got = run(
        snd_desc("FLOAT32", "INT64", [40, 1000], [40, 1], 2, 2),
        {"InputTensor": x, "IndicesTensor": idx, "UpdatesTensor": upd},
    )["OutputTensor"]
    same(got, scatter_nd_ref(x, idx, upd, 2, 2))
    got = run(
        gnd_desc("FLOAT32", "INT64", [40, 1000], [40, 1], 2, 2, 0), {"InputTensor": x, "IndicesTensor": idx}
    )["OutputTensor"]
    same(got, x[wrap(idx[:, 0], 40)])


def test_nd_strided_views(rng: np.random.Generator) -> None:
    base = values(rng, "INT8", [6, 5, 4])
    x = base.transpose(2, 1, 0)  # [4, 5, 6], no contiguous run
    idx = np.stack([rng.integers(0, 4, 7), rng.integers(0, 5, 7)], axis=-1).reshape(1, 7, 2).astype(np.uint32)
    got = run(
        gnd_desc("INT8", "UINT32", [4, 5, 6], [1, 7, 2], 3, 2, 0), {"InputTensor": x, "IndicesTensor": idx}
    )
    same(got["OutputTensor"], gather_nd_ref(np.ascontiguousarray(x), idx, 3, 2, 0, [1, 7, 6]))
    upd = values(rng, "INT8", [1, 7, 12])[:, :, ::2]
    got = run(
        snd_desc("INT8", "UINT32", [4, 5, 6], [1, 7, 2], 3, 2),
        {"InputTensor": x, "IndicesTensor": idx, "UpdatesTensor": upd},
    )["OutputTensor"]
    same(got, scatter_nd_ref(np.ascontiguousarray(x), idx, upd, 3, 2))


# ---- ONE_HOT ------------------------------------------------------------------------------------


def oh_desc(
    dtype: str, itype: str, ixs: Sequence[int], vs: Sequence[int], ys: Sequence[int], axis: int
) -> Any:
    return pydml.DML_ONE_HOT_OPERATOR_DESC(
        IndicesTensor=tensor(itype, ixs),
        ValuesTensor=tensor(dtype, vs),
        OutputTensor=tensor(dtype, ys),
        Axis=axis,
    )


def one_hot_ref(
    idx: np.ndarray, off: Any, on: Any, depth: int, axis: int, dtype: np.dtype[Any]
) -> np.ndarray:
    v = wrap(idx, depth)
    shape = list(idx.shape)
    shape[axis] = depth
    pos = np.arange(depth).reshape([-1 if d == axis else 1 for d in range(idx.ndim)])
    return np.where(pos == v, dtype.type(on), dtype.type(off)).astype(dtype)


def test_one_hot_page_examples() -> None:
    off_on = np.array([[[[0, 1]]]], np.float32)
    col = np.array([0, 3, 2], np.uint32).reshape(1, 1, 3, 1)
    got = run(
        oh_desc("FLOAT32", "UINT32", [1, 1, 3, 1], [1, 1, 1, 2], [1, 1, 3, 4], 3),
        {"IndicesTensor": col, "ValuesTensor": off_on},
    )["OutputTensor"]
    same(got, np.array([[[[1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]]], np.float32))
    got = run(
        oh_desc("FLOAT32", "UINT32", [1, 1, 1, 4], [1, 1, 1, 2], [1, 1, 3, 4], 2),
        {"IndicesTensor": np.array([0, 2, 1, 0], np.uint32).reshape(1, 1, 1, 4), "ValuesTensor": off_on},
    )
    same(got["OutputTensor"], np.array([[[[1, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 0]]]], np.float32))
    got = run(
        oh_desc("FLOAT32", "UINT32", [1, 1, 3, 1], [1, 1, 3, 1], [1, 1, 3, 4], 3),
        {"IndicesTensor": col, "ValuesTensor": np.array([4, 2, 9], np.float32).reshape(1, 1, 3, 1)},
    )
    same(got["OutputTensor"], np.array([[[[2, 4, 4, 4], [4, 4, 4, 2], [4, 4, 2, 4]]]], np.float32))
    got = run(
        oh_desc("FLOAT32", "INT32", [1, 1, 3, 1], [1, 1, 1, 2], [1, 1, 3, 4], 3),
        {"IndicesTensor": np.array([-3, 100, 3], np.int32).reshape(1, 1, 3, 1), "ValuesTensor": off_on},
    )
    same(got["OutputTensor"], np.array([[[[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]]], np.float32))


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_one_hot_every_type(dtype: str, rng: np.random.Generator) -> None:
    for itype in INDEX_TYPES:
        for ixs, axis, depth in (([3, 1, 4], 1, 6), ([5, 7, 1], 2, 9), ([1, 8], 0, 3)):
            ys = list(ixs)
            ys[axis] = depth
            lo = -depth - 2 if itype.startswith("INT") else 0
            idx = rng.integers(lo, depth + 2, size=ixs).astype(DTYPES[itype])  # some out of range
            vals = values(rng, dtype, [2, 1, 1][: len(ixs)])
            got = run(
                oh_desc(dtype, itype, ixs, vals.shape, ys, axis), {"IndicesTensor": idx, "ValuesTensor": vals}
            )
            same(
                got["OutputTensor"],
                one_hot_ref(idx, vals.ravel()[0], vals.ravel()[1], depth, axis, DTYPES[dtype]),
            )


def test_one_hot_torch_and_strided(rng: np.random.Generator) -> None:
    idx = rng.integers(0, 10, size=(6, 1)).astype(np.int64)
    got = run(
        oh_desc("INT64", "INT64", [6, 1], [1, 2], [6, 10], 1),
        {"IndicesTensor": idx, "ValuesTensor": np.array([[0, 1]], np.int64)},
    )["OutputTensor"]
    same(got, F.one_hot(torch.from_numpy(idx[:, 0]), 10).numpy())
    # values {2,3}: the on value is element [0,1] (the fastest-changing dim of size > 1), in a strided view
    vals = np.arange(12, dtype=np.float16).reshape(2, 6)[:, ::2]
    wide = np.zeros((6, 2), np.int64)
    wide[:, 0] = idx[:, 0]
    got = run(
        oh_desc("FLOAT16", "INT64", [6, 1], [2, 3], [6, 10], 1),
        {"IndicesTensor": wide[:, :1], "ValuesTensor": vals},
    )["OutputTensor"]
    same(got, one_hot_ref(idx, 0, 2, 10, 1, np.dtype(np.float16)))
    # large enough for the threaded path
    idx = rng.integers(-70, 70, size=(1, 600)).astype(np.int32)
    got = run(
        oh_desc("FLOAT32", "INT32", [1, 600], [1, 2], [64, 600], 0),
        {"IndicesTensor": idx, "ValuesTensor": np.array([[-1, 5]], np.float32)},
    )["OutputTensor"]
    same(got, one_hot_ref(idx, -1, 5, 64, 0, np.dtype(np.float32)))


@pytest.mark.parametrize("dtype, depth", [("FLOAT32", 600), ("FLOAT16", 1031), ("UINT8", 4096)])
def test_one_hot_past_the_cache_streams_its_sequences(dtype: str, depth: int, ew_isa: str,
                                                      rng: np.random.Generator) -> None:
    """An output past 8 MiB whose sequences are contiguous and 256 bytes to 16 KiB long: each is a
    row of OffValue held in L1 with OnValue put in, streamed out (gather_scatter.c run_one_hot), on
    the vector paths; the portable path fills. Negative indices count from the end, indices outside
    the sequence leave it OffValue, and the sequences start at every offset of a line."""
    es = np.dtype(DTYPES[dtype]).itemsize
    rows = (8 << 20) // (depth * es) + 70
    idx = rng.integers(-depth - 3, depth + 3, size=(rows, 1)).astype(np.int64)
    idx[:8, 0] = [0, depth - 1, -1, -depth, depth, -depth - 1, 1, 2]
    vals = np.array([[3, 7]]).astype(DTYPES[dtype])
    got = run(oh_desc(dtype, "INT64", [rows, 1], [1, 2], [rows, depth], 1),
              {"IndicesTensor": idx, "ValuesTensor": vals})["OutputTensor"]
    same(got, one_hot_ref(idx, 3, 7, depth, 1, np.dtype(DTYPES[dtype])))
    assert (got == 7).sum() == np.count_nonzero((idx >= -depth) & (idx < depth))


# ---- REVERSE_SUBSEQUENCES ---------------------------------------------------------------------------


def rs_desc(dtype: str, ltype: str, xs: Sequence[int], axis: int) -> Any:
    ls = list(xs)
    ls[axis] = 1
    return pydml.DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC(
        InputTensor=tensor(dtype, xs),
        SequenceLengthsTensor=tensor(ltype, ls),
        OutputTensor=tensor(dtype, xs),
        Axis=axis,
    )


def reverse_ref(x: np.ndarray, lens: np.ndarray, axis: int) -> np.ndarray:
    xm = np.moveaxis(x, axis, -1)
    lm = np.moveaxis(lens, axis, -1)[..., 0]
    out = xm.copy()
    for c in itertools.product(*[range(s) for s in xm.shape[:-1]]):
        n = min(int(lm[c]), xm.shape[-1])
        out[c][:n] = xm[c][:n][::-1]
    return np.moveaxis(out, -1, axis)


def test_reverse_subsequences_page_examples() -> None:
    x = np.arange(1, 13, dtype=np.float32).reshape(1, 1, 3, 4)
    got = run(
        rs_desc("FLOAT32", "UINT32", [1, 1, 3, 4], 3),
        {"InputTensor": x, "SequenceLengthsTensor": np.array([2, 4, 3], np.uint32).reshape(1, 1, 3, 1)},
    )
    same(got["OutputTensor"], np.array([[[[2, 1, 3, 4], [8, 7, 6, 5], [11, 10, 9, 12]]]], np.float32))
    got = run(
        rs_desc("FLOAT32", "UINT32", [1, 1, 3, 4], 2),
        {"InputTensor": x, "SequenceLengthsTensor": np.array([2, 3, 1, 0], np.uint32).reshape(1, 1, 1, 4)},
    )
    same(got["OutputTensor"], np.array([[[[5, 10, 3, 4], [1, 6, 7, 8], [9, 2, 11, 12]]]], np.float32))


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_reverse_subsequences_every_type(dtype: str, rng: np.random.Generator) -> None:
    for ltype in ("UINT32", "UINT64"):
        for xs, axis in (([3, 7], 1), ([6, 2, 5], 0), ([2, 3, 4, 5], 2)):
            x = values(rng, dtype, xs)
            ls = list(xs)
            ls[axis] = 1
            lens = rng.integers(0, xs[axis] + 3, size=ls).astype(DTYPES[ltype])  # some beyond the size
            if ltype == "UINT64":
                lens.ravel()[0] = 2**64 - 1
            got = run(rs_desc(dtype, ltype, xs, axis), {"InputTensor": x, "SequenceLengthsTensor": lens})
            same(got["OutputTensor"], reverse_ref(x, lens, axis))
    x = values(rng, dtype, [40, 900])
    lens = rng.integers(0, 1000, size=(40, 1)).astype(np.uint32)
    got = run(
        rs_desc(dtype, "UINT32", [40, 900], 1), {"InputTensor": x.T.copy().T, "SequenceLengthsTensor": lens}
    )
    same(got["OutputTensor"], reverse_ref(x, lens, 1))


# ---- NONZERO_COORDINATES ------------------------------------------------------------------------------


def nz_desc(dtype: str, xs: Sequence[int], width: int) -> Any:
    m = int(np.prod(xs))
    rank = max(2, len(xs))
    return pydml.DML_NONZERO_COORDINATES_OPERATOR_DESC(
        InputTensor=tensor(dtype, xs),
        OutputCountTensor=tensor("UINT32", [1] * len(xs)),
        OutputCoordinatesTensor=tensor("UINT32", [1] * (rank - 2) + [m, width]),
    )


def nonzero_ref(x: np.ndarray, width: int) -> tuple[int, np.ndarray]:
    coords = np.argwhere(x != 0)  # row-major order; -0.0 == 0 and NaN != 0
    out = np.zeros((x.size, width), np.uint32)
    full = np.zeros((len(coords), max(width, x.ndim)), np.int64)
    full[:, full.shape[1] - x.ndim :] = coords
    out[: len(coords)] = full[:, full.shape[1] - width :]
    return len(coords), out


def test_nonzero_page_example() -> None:
    x = np.array([[1.0, 0.0, 0.0, 2.0], [-0.0, 3.5, 0.0, -5.2]], np.float32).reshape(1, 1, 2, 4)
    got = run(nz_desc("FLOAT32", [1, 1, 2, 4], 3), {"InputTensor": x})
    same(got["OutputCountTensor"], np.array([4], np.uint32).reshape(1, 1, 1, 1))
    want = np.zeros((1, 1, 8, 3), np.uint32)  # rows past the count: zeros (as the page prints them)
    want[0, 0, :4] = [[0, 0, 0], [0, 0, 3], [0, 1, 1], [0, 1, 3]]
    same(got["OutputCoordinatesTensor"], want)


@pytest.mark.parametrize(
    "dtype", ("FLOAT32", "FLOAT16", "INT32", "INT16", "INT8", "UINT32", "UINT16", "UINT8")
)
def test_nonzero_every_type(dtype: str, rng: np.random.Generator) -> None:
    for xs, width in (([5, 7], 2), ([1, 3, 4, 5], 3), ([1, 3, 4, 5], 4), ([130, 260], 2), ([9], 1)):
        x = values(rng, dtype, xs)
        x[rng.random(xs) < 0.5] = 0
        if DTYPES[dtype].kind == "f":
            x.ravel()[:3] = [-0.0, np.nan, np.inf]
        count, coords = nonzero_ref(x, width)
        got = run(nz_desc(dtype, xs, width), {"InputTensor": x})
        assert int(got["OutputCountTensor"].ravel()[0]) == count
        same(got["OutputCoordinatesTensor"].reshape(-1, width), coords)


# ---- MAX_UNPOOLING ------------------------------------------------------------------------------------


def mu_desc(dtype: str, itype: str, xs: Sequence[int], ys: Sequence[int]) -> Any:
    return pydml.DML_MAX_UNPOOLING_OPERATOR_DESC(
        InputTensor=tensor(dtype, xs), IndicesTensor=tensor(itype, xs), OutputTensor=tensor(dtype, ys)
    )


def test_max_unpooling_against_torch(rng: np.random.Generator) -> None:
    x = torch.from_numpy(values(rng, "FLOAT32", [2, 3, 8, 10]))
    pooled, ind = F.max_pool2d(x, 2, return_indices=True)
    want = F.max_unpool2d(pooled, ind, 2, output_size=(8, 10)).numpy()
    # torch's indices are per (N, C) plane; the page's index the whole output as one array
    flat = ind.numpy() + (np.arange(6).reshape(2, 3, 1, 1) * 80)
    for itype in ("UINT32", "UINT64"):
        got = run(
            mu_desc("FLOAT32", itype, [2, 3, 4, 5], [2, 3, 8, 10]),
            {"InputTensor": pooled.numpy(), "IndicesTensor": flat.astype(DTYPES[itype])},
        )["OutputTensor"]
        same(got, want)


@pytest.mark.parametrize(
    "dtype", ("FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT64", "UINT32", "UINT16", "UINT8")
)
def test_max_unpooling_every_type_out_of_range_and_duplicates(dtype: str, rng: np.random.Generator) -> None:
    x = values(rng, dtype, [1, 2, 2, 3])
    idx = np.array([5, 0, 47, 5, 23, 9, 10, 11, 2**32 - 1, 24, 1, 3], np.uint32).reshape(1, 2, 2, 3)
    got = run(mu_desc(dtype, "UINT32", [1, 2, 2, 3], [1, 2, 4, 3]), {"InputTensor": x, "IndicesTensor": idx})[
        "OutputTensor"
    ]
    want = np.zeros(24, DTYPES[dtype])
    for v, i in zip(x.ravel(), idx.ravel(), strict=True):
        if i < 24:
            want[i] = v  # in input order: element 3 overwrites element 0 at index 5
    same(got, want.reshape(1, 2, 4, 3))


# ---- output poisoning is checked everywhere; a strided output, untouched between elements -----------


def test_strided_output_untouched(rng: np.random.Generator) -> None:
    x = values(rng, "FLOAT32", [5, 4])
    idx = np.array([[4, 0, 2]], np.uint32)
    desc = pydml.DML_GATHER_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [5, 4]),
        IndicesTensor=tensor("UINT32", [1, 3]),
        OutputTensor=tensor("FLOAT32", [3, 4], [8, 2]),
        Axis=0,
        IndexDimensions=1,
    )
    raw = poison(np.dtype(np.float32), (24,))
    run(desc, {"InputTensor": x, "IndicesTensor": idx}, outputs={"OutputTensor": raw})
    same(raw.reshape(3, 8)[:, ::2].copy(), x[[4, 0, 2]])
    assert np.isnan(raw.reshape(3, 8)[:, 1::2]).all()


# ---- the pages' rules ------------------------------------------------------------------------------------


def expect(desc: Any, field: str, rule: str) -> None:
    name = schema_of(desc).c_name
    for check in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


def test_rules_gather() -> None:
    expect(
        gather_desc("FLOAT32", "UINT32", [3, 2], [1, 4], [4, 2], 2, 1),
        "Axis",
        "must be < InputTensor.DimensionCount (2), got 2",
    )
    expect(
        gather_desc("FLOAT32", "UINT32", [3, 2], [1, 4], [4, 2], 0, 3),
        "IndexDimensions",
        "must be <= IndicesTensor.DimensionCount (2), got 3",
    )
    expect(
        gather_desc("FLOAT32", "UINT32", [3, 2], [2, 4], [4, 2], 0, 1),
        "IndicesTensor.Sizes[0]",
        "must be 1 (a leading dimension outside IndexDimensions = 1), got 2",
    )
    expect(
        gather_desc("FLOAT32", "UINT32", [3, 2], [1, 4], [4, 3], 0, 1),
        "OutputTensor.Sizes[1]",
        "must be {InputTensor.Sizes[0..Axis), IndicesTensor.Sizes[N - IndexDimensions ..), "
        "InputTensor.Sizes[Axis + 1 ..)} right-aligned ([4, 2]), got 3",
    )
    with pytest.raises(ValidationError) as info:
        pydml.validate(gather_desc("FLOAT32", "UINT32", [3, 2], [1, 2], [3, 2], 1, 2))
    assert info.value.field == "IndexDimensions"
    assert "original rank + IndexDimensions - 1 <= 2" in str(info.value)


def test_rules_elements() -> None:
    expect(
        ge_desc("FLOAT32", "UINT32", [3, 3], [2, 3], 2),
        "Axis",
        "must be < InputTensor.DimensionCount (2), got 2",
    )
    expect(
        ge_desc("FLOAT32", "UINT32", [3, 3], [2, 4], 0),
        "IndicesTensor.Sizes[1]",
        "must equal InputTensor.Sizes[1] (3), got 4",
    )
    d = pydml.DML_GATHER_ELEMENTS_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [3, 3]),
        IndicesTensor=tensor("UINT32", [2, 3]),
        OutputTensor=tensor("FLOAT32", [3, 3]),
        Axis=0,
    )
    expect(d, "OutputTensor.Sizes[0]", "must equal IndicesTensor.Sizes[0] (2), got 3")
    expect(
        se_desc("FLOAT32", "UINT32", [3, 3], [2, 3], 5),
        "Axis",
        "must be < InputTensor.DimensionCount (2), got 5",
    )
    expect(
        se_desc("FLOAT32", "UINT32", [3, 3], [2, 2], 0),
        "IndicesTensor.Sizes[1]",
        "must equal InputTensor.Sizes[1] (3), got 2",
    )
    d = pydml.DML_SCATTER_ELEMENTS_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [3, 3]),
        IndicesTensor=tensor("UINT32", [2, 3]),
        UpdatesTensor=tensor("FLOAT32", [1, 3]),
        OutputTensor=tensor("FLOAT32", [3, 3]),
        Axis=0,
    )
    expect(d, "UpdatesTensor.Sizes[0]", "must equal IndicesTensor.Sizes[0] (2), got 1")
    d = pydml.DML_SCATTER_ELEMENTS_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [3, 3]),
        IndicesTensor=tensor("UINT32", [2, 3]),
        UpdatesTensor=tensor("FLOAT32", [2, 3]),
        OutputTensor=tensor("FLOAT32", [3, 4]),
        Axis=0,
    )
    expect(d, "OutputTensor.Sizes[1]", "must equal InputTensor.Sizes[1] (3), got 4")


def test_rules_nd() -> None:
    def g1(xs: list[int], ixs: list[int], ys: list[int], r: int, q: int, b: int) -> Any:
        return pydml.DML_GATHER_ND1_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", xs),
            IndicesTensor=tensor("UINT32", ixs),
            OutputTensor=tensor("FLOAT32", ys),
            InputDimensionCount=r,
            IndicesDimensionCount=q,
            BatchDimensionCount=b,
        )

    expect(
        g1([2, 2], [2, 1], [2, 2], 0, 2, 0),
        "InputDimensionCount",
        "must be in [1, InputTensor.DimensionCount (2)], got 0",
    )
    expect(
        g1([2, 2], [2, 1], [2, 2], 2, 3, 0),
        "IndicesDimensionCount",
        "must be in [1, IndicesTensor.DimensionCount (2)], got 3",
    )
    expect(
        g1([2, 2], [2, 1], [2, 2], 2, 2, 2), "BatchDimensionCount", "must be < InputDimensionCount (2), got 2"
    )
    expect(
        g1([3, 2, 2], [3, 2, 1], [3, 2, 2], 3, 1, 1),
        "BatchDimensionCount",
        "must be < IndicesDimensionCount (1) (the last index dimension is the tuple size), got 1",
    )
    expect(
        g1([2, 2, 2], [1, 2, 1], [1, 2, 2], 2, 2, 0),
        "InputTensor.Sizes[0]",
        "must be 1 (a leading dimension outside InputDimensionCount = 2), got 2",
    )
    expect(
        g1([1, 2, 2], [3, 2, 1], [3, 2, 2], 2, 2, 0),
        "IndicesTensor.Sizes[0]",
        "must be 1 (a leading dimension outside IndicesDimensionCount = 2), got 3",
    )
    expect(
        g1([1, 3, 2, 2], [1, 4, 2, 2], [1, 1, 3, 2], 3, 3, 1),
        "IndicesTensor.Sizes[1]",
        "must equal InputTensor.Sizes[1] (3) (batch dimension 0), got 4",
    )
    expect(
        g1([2, 2], [2, 3], [2, 2], 2, 2, 0),
        "IndicesTensor.Sizes[1]",
        "(the index tuple size) must be <= InputDimensionCount - BatchDimensionCount (2), got 3",
    )
    expect(
        g1([3, 4, 5], [3, 4, 1], [3, 4, 5], 3, 3, 0),
        "OutputTensor.DimensionCount",
        "must be >= (IndicesDimensionCount - 1) + (InputDimensionCount - BatchDimensionCount - "
        "tuple size) (4), got 3",
    )
    expect(
        g1([2, 2], [2, 1], [2, 3], 2, 2, 0),
        "OutputTensor.Sizes[1]",
        "must be {IndicesTensor.Sizes[N - IndicesDimensionCount .. N - 1), InputTensor.Sizes[N - "
        "InputDimensionCount + BatchDimensionCount + tuple size ..)} right-aligned ([2, 2]), got 3",
    )
    d = pydml.DML_SCATTER_ND_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [1, 8]),
        IndicesTensor=tensor("UINT32", [4, 1]),
        UpdatesTensor=tensor("FLOAT32", [1, 3]),
        OutputTensor=tensor("FLOAT32", [1, 8]),
        InputDimensionCount=1,
        IndicesDimensionCount=2,
    )
    expect(
        d,
        "UpdatesTensor.Sizes[1]",
        "must be {IndicesTensor.Sizes[N - IndicesDimensionCount .. N - 1), InputTensor.Sizes[N - "
        "InputDimensionCount + BatchDimensionCount + tuple size ..)} right-aligned ([1, 4]), got 3",
    )
    d = pydml.DML_SCATTER_ND_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [1, 8]),
        IndicesTensor=tensor("UINT32", [4, 1]),
        UpdatesTensor=tensor("FLOAT32", [1, 4]),
        OutputTensor=tensor("FLOAT32", [1, 9]),
        InputDimensionCount=1,
        IndicesDimensionCount=2,
    )
    expect(d, "OutputTensor.Sizes[1]", "must equal InputTensor.Sizes[1] (8), got 9")
    d = pydml.DML_GATHER_ND_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [2, 2]),
        IndicesTensor=tensor("UINT32", [2, 1]),
        OutputTensor=tensor("FLOAT32", [2, 2]),
        InputDimensionCount=3,
        IndicesDimensionCount=2,
    )
    expect(d, "InputDimensionCount", "must be in [1, InputTensor.DimensionCount (2)], got 3")


def test_rules_one_hot_reverse_nonzero_unpool() -> None:
    expect(
        oh_desc("FLOAT32", "UINT32", [3, 1], [1, 2], [3, 4], 2),
        "Axis",
        "must be < IndicesTensor.DimensionCount (2), got 2",
    )
    expect(
        oh_desc("FLOAT32", "UINT32", [3, 2], [1, 2], [3, 4], 1),
        "IndicesTensor.Sizes[1]",
        "must be 1 (the Axis dimension), got 2",
    )
    expect(
        oh_desc("FLOAT32", "UINT32", [2, 1], [1, 2], [3, 4], 1),
        "IndicesTensor.Sizes[0]",
        "must equal OutputTensor.Sizes[0] (3), got 2",
    )
    expect(
        oh_desc("FLOAT32", "UINT32", [3, 1], [1, 1], [3, 4], 1),
        "ValuesTensor",
        "must hold at least 2 elements (OffValue, OnValue), got 1",
    )
    d = pydml.DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [3, 4]),
        SequenceLengthsTensor=tensor("UINT32", [3, 1]),
        OutputTensor=tensor("FLOAT32", [3, 4]),
        Axis=2,
    )
    expect(d, "Axis", "must be < InputTensor.DimensionCount (2), got 2")
    d = pydml.DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [3, 4]),
        SequenceLengthsTensor=tensor("UINT32", [3, 4]),
        OutputTensor=tensor("FLOAT32", [3, 4]),
        Axis=1,
    )
    expect(d, "SequenceLengthsTensor.Sizes[1]", "must be 1 (the Axis dimension), got 4")
    d = pydml.DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [3, 4]),
        SequenceLengthsTensor=tensor("UINT32", [3, 1]),
        OutputTensor=tensor("FLOAT32", [3, 5]),
        Axis=1,
    )
    expect(d, "OutputTensor.Sizes[1]", "must equal InputTensor.Sizes[1] (4), got 5")

    def nz(xs: list[int], cs: list[int], ns: list[int] | None = None) -> Any:
        return pydml.DML_NONZERO_COORDINATES_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", xs),
            OutputCountTensor=tensor("UINT32", ns or [1] * len(xs)),
            OutputCoordinatesTensor=tensor("UINT32", cs),
        )

    expect(
        nz([1, 1, 2, 4], [1, 1, 8, 3], [1, 1, 1, 2]),
        "OutputCountTensor.Sizes[3]",
        "must be 1 (a scalar count), got 2",
    )
    expect(
        nz([1, 1, 2, 4], [1, 2, 8, 3]),
        "OutputCoordinatesTensor.Sizes[1]",
        "must be 1 (a leading dimension outside the {M, N} dimensions = 2), got 2",
    )
    expect(
        nz([1, 1, 2, 4], [1, 1, 7, 3]),
        "OutputCoordinatesTensor.Sizes[2]",
        "must equal InputTensor's element count (8), got 7",
    )
    expect(
        nz([1, 1, 2, 4], [1, 1, 8, 1]),
        "OutputCoordinatesTensor.Sizes[3]",
        "must be in [the effective rank of InputTensor (2), InputTensor.DimensionCount (4)], got 1",
    )
    expect(
        nz([1, 1, 2, 4], [1, 1, 8, 5]),
        "OutputCoordinatesTensor.Sizes[3]",
        "must be in [the effective rank of InputTensor (2), InputTensor.DimensionCount (4)], got 5",
    )
    d = pydml.DML_MAX_UNPOOLING_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [1, 1, 2, 2]),
        IndicesTensor=tensor("UINT32", [1, 1, 2, 3]),
        OutputTensor=tensor("FLOAT32", [1, 1, 4, 4]),
    )
    expect(d, "IndicesTensor.Sizes[3]", "must equal InputTensor.Sizes[3] (2), got 3")


@pytest.mark.parametrize(
    "make",
    [
        lambda it: gather_desc("FLOAT32", it, [1, 1, 4, 2], [1, 1, 1, 3], [1, 1, 3, 2], 2, 1),
        lambda it: pydml.DML_SCATTER_ELEMENTS_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", [1, 1, 3, 3]),
            IndicesTensor=tensor(it, [1, 1, 2, 3]),
            UpdatesTensor=tensor("FLOAT32", [1, 1, 2, 3]),
            OutputTensor=tensor("FLOAT32", [1, 1, 3, 3]),
            Axis=2,
        ),
        lambda it: ge_desc("FLOAT32", it, [1, 1, 3, 3], [1, 1, 2, 3], 2),
        lambda it: gnd_desc("FLOAT32", it, [1, 1, 2, 2], [1, 1, 2, 1], 2, 2, None),
        lambda it: oh_desc("FLOAT32", it, [1, 1, 3, 1], [1, 1, 1, 2], [1, 1, 3, 4], 3),
    ],
)
def test_signed_indices_need_level_3_0(make: Any) -> None:
    """The tables allow signed (and 64-bit) indices from DML_FEATURE_LEVEL_3_0; 2_1 takes UINT32 only."""
    pydml.validate(make("UINT32"), feature_level="2_1")
    for it in ("INT32", "INT64", "UINT64"):
        pydml.validate(make(it), feature_level="3_0")
        with pytest.raises(ValidationError) as info:
            pydml.validate(make(it), feature_level="2_1")
        assert info.value.field == "IndicesTensor.DataType"
        assert "3_0" in str(info.value)
