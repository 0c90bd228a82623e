"""The copy operators of native/families/data_movement.c (one strided copy engine): SLICE, SLICE1, JOIN,
SPLIT, TILE, DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1), PADDING and PADDING1.

References: numpy written from each page (slicing with offsets/strides, np.concatenate /
np.split, np.tile, reshapes and transposes for depth/space, np.pad with the matching mode), torch
as a second reference (torch.cat, torch.split, .repeat, F.pixel_shuffle / F.pixel_unshuffle,
F.pad), and each page's worked example, literally. Copies are bit-exact: FLOAT16/FLOAT32 NaN
payloads survive (compared as raw bits). Every data type of the FL6_4 support tables; strided,
zero-stride (broadcast) and negative-stride views; up to 8 dimensions; outputs poisoned
(``ew_harness.run``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import DTYPES, poison, run, tensor

import pydml
from pydml.native import lib
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
NO_F64 = tuple(t for t in ALL_TYPES if t != "FLOAT64")  # TILE's 4_1 table
SAMPLES = Path(__file__).resolve().parent / "data" / "dxdispatch"


def bits(a: np.ndarray) -> np.ndarray:
    """Raw bits, so NaN payloads compare exactly."""
    return np.ascontiguousarray(a).view(f"u{a.dtype.itemsize}")


def same(got: np.ndarray, want: np.ndarray) -> None:
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(bits(got), bits(want))


def values(rng: np.random.Generator, shape: Sequence[int], dtype: str) -> np.ndarray:
    """Random raw bits of the type (every value, NaN payloads included)."""
    dt = DTYPES[dtype]
    raw = rng.integers(0, 256, size=int(np.prod(shape)) * dt.itemsize, dtype=np.uint8)
    return raw.view(dt).reshape(shape)


def strided(x: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """x stored every second element of a wider buffer: (buffer, element strides)."""
    wide = poison(x.dtype, (*x.shape[:-1], 2 * x.shape[-1]))
    wide[..., ::2] = x
    st = [int(s) // x.dtype.itemsize for s in wide.strides]
    st[-1] = 2
    return wide, st


def c_strides(shape: Sequence[int]) -> list[int]:
    out, acc = [], 1
    for s in reversed(shape):
        out.append(acc)
        acc *= s
    return out[::-1]


def executes(cls: Any) -> bool:
    return bool(lib.pydml_operator_type_executes(int(schema_of(cls).type)))


COPY_DESCS = [
    pydml.DML_SLICE_OPERATOR_DESC,
    pydml.DML_SLICE1_OPERATOR_DESC,
    pydml.DML_JOIN_OPERATOR_DESC,
    pydml.DML_SPLIT_OPERATOR_DESC,
    pydml.DML_TILE_OPERATOR_DESC,
    pydml.DML_DEPTH_TO_SPACE_OPERATOR_DESC,
    pydml.DML_DEPTH_TO_SPACE1_OPERATOR_DESC,
    pydml.DML_SPACE_TO_DEPTH_OPERATOR_DESC,
    pydml.DML_SPACE_TO_DEPTH1_OPERATOR_DESC,
    pydml.DML_PADDING_OPERATOR_DESC,
    pydml.DML_PADDING1_OPERATOR_DESC,
]


def test_every_copy_operator_executes_in_c() -> None:
    assert all(executes(c) for c in COPY_DESCS)


# ---- SLICE / SLICE1 ----------------------------------------------------------------------------------


def slice1(
    x: Any,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    steps: Sequence[int],
    dtype: str = "FLOAT32",
    in_strides: Sequence[int] | None = None,
) -> Any:
    out = [1 + (s - 1) // abs(st) for s, st in zip(sizes, steps, strict=True)]
    return pydml.DML_SLICE1_OPERATOR_DESC(
        InputTensor=tensor(dtype, shape, in_strides),
        OutputTensor=tensor(dtype, out),
        DimensionCount=len(shape),
        InputWindowOffsets=list(offsets),
        InputWindowSizes=list(sizes),
        InputWindowStrides=list(steps),
    )


def slice1_ref(
    x: np.ndarray, offsets: Sequence[int], sizes: Sequence[int], steps: Sequence[int]
) -> np.ndarray:
    idx = []
    for o, s, st in zip(offsets, sizes, steps, strict=True):
        n = 1 + (s - 1) // abs(st)
        start = o if st > 0 else o + s - 1
        idx.append(start + st * np.arange(n))
    return x[np.ix_(*idx)]


def test_slice1_page_examples() -> None:
    # SLICE1 page: a {1,1,4,4} FLOAT32 input 1..16
    x = np.arange(1, 17, dtype=np.float32).reshape(1, 1, 4, 4)
    d = slice1(x, [1, 1, 4, 4], [0, 0, 0, 1], [1, 1, 4, 3], [1, 1, 2, 2])
    np.testing.assert_array_equal(run(d, {"InputTensor": x})["OutputTensor"], [[[[2, 4], [10, 12]]]])
    d = slice1(x, [1, 1, 4, 4], [0, 0, 0, 1], [1, 1, 4, 3], [1, 1, -2, 2])
    np.testing.assert_array_equal(run(d, {"InputTensor": x})["OutputTensor"], [[[[14, 16], [6, 8]]]])


def test_slice_dxdispatch_window() -> None:
    # dml_slice.json's desc: {1,1,5,5} 1..25, Offsets {0,0,1,1}, Sizes {1,1,3,2}, Strides {1,1,1,2}
    x = np.arange(1, 26, dtype=np.float32).reshape(1, 1, 5, 5)
    d = pydml.DML_SLICE_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [1, 1, 5, 5]),
        OutputTensor=tensor("FLOAT32", [1, 1, 3, 2]),
        DimensionCount=4,
        Offsets=[0, 0, 1, 1],
        Sizes=[1, 1, 3, 2],
        Strides=[1, 1, 1, 2],
    )
    got = run(d, {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, x[:, :, 1:4, 1:5:2])
    assert got.ravel().tolist() == [7, 9, 12, 14, 17, 19]


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_slice_every_type(dtype: str, rng: np.random.Generator) -> None:
    shape = [3, 5, 7]
    x = values(rng, shape, dtype)
    offsets, sizes, steps = [1, 0, 2], [2, 3, 3], [1, 2, 2]
    d = pydml.DML_SLICE_OPERATOR_DESC(
        InputTensor=tensor(dtype, shape),
        OutputTensor=tensor(dtype, sizes),
        DimensionCount=3,
        Offsets=offsets,
        Sizes=sizes,
        Strides=steps,
    )
    same(run(d, {"InputTensor": x})["OutputTensor"], x[1:3, 0:5:2, 2:7:2])
    d1 = slice1(x, shape, [1, 0, 2], [2, 5, 5], [-1, 2, -3], dtype)
    same(run(d1, {"InputTensor": x})["OutputTensor"], slice1_ref(x, [1, 0, 2], [2, 5, 5], [-1, 2, -3]))


def test_slice1_eight_dims_strided_and_broadcast_input(rng: np.random.Generator) -> None:
    shape = [2, 1, 3, 2, 2, 1, 3, 4]
    x = values(rng, shape, "FLOAT16")
    offsets = [0, 0, 1, 0, 1, 0, 0, 1]
    sizes = [2, 1, 2, 2, 1, 1, 3, 3]
    steps = [-1, 1, 1, -2, 1, 1, 2, -1]
    want = slice1_ref(x, offsets, sizes, steps)
    buf, st = strided(x)
    d = slice1(x, shape, offsets, sizes, steps, "FLOAT16", st)
    same(run(d, {"InputTensor": buf})["OutputTensor"], want)
    # zero strides: one row broadcast over every leading axis
    row = values(rng, [4], "FLOAT16")
    d = slice1(row, shape, offsets, sizes, steps, "FLOAT16", [0] * 7 + [1])
    same(
        run(d, {"InputTensor": row})["OutputTensor"],
        slice1_ref(np.broadcast_to(row, shape), offsets, sizes, steps),
    )


def test_slice_matches_torch(rng: np.random.Generator) -> None:
    x = rng.standard_normal((4, 6, 9)).astype(np.float32)
    d = pydml.DML_SLICE_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [4, 6, 9]),
        OutputTensor=tensor("FLOAT32", [2, 3, 3]),
        DimensionCount=3,
        Offsets=[1, 0, 2],
        Sizes=[2, 3, 3],
        Strides=[2, 2, 3],
    )
    want = torch.from_numpy(x)[1:4:2, 0:6:2, 2:9:3].clone().numpy()
    np.testing.assert_array_equal(run(d, {"InputTensor": x})["OutputTensor"], want)


def test_slice_strided_output_leaves_gaps(rng: np.random.Generator) -> None:
    x = values(rng, [5, 6], "INT32")
    out = poison(np.dtype(np.int32), (3 * 2 * 2,))
    d = pydml.DML_SLICE_OPERATOR_DESC(
        InputTensor=tensor("INT32", [5, 6]),
        OutputTensor=tensor("INT32", [3, 2], [4, 2]),
        DimensionCount=2,
        Offsets=[1, 1],
        Sizes=[3, 2],
        Strides=[1, 3],
    )
    run(d, {"InputTensor": x}, outputs={"OutputTensor": out})
    got = out.reshape(3, 4)[:, ::2]
    np.testing.assert_array_equal(got, x[1:4, 1:6:3])
    assert (out.reshape(3, 4)[:, 1::2] == -1).all()


# ---- JOIN / SPLIT -----------------------------------------------------------------------------------


def join(
    parts: Sequence[Sequence[int]],
    out: Sequence[int],
    axis: int,
    dtype: str = "FLOAT32",
    part_strides: Sequence[Sequence[int] | None] | None = None,
) -> Any:
    part_strides = part_strides or [None] * len(parts)
    return pydml.DML_JOIN_OPERATOR_DESC(
        InputCount=len(parts),
        InputTensors=[tensor(dtype, p, s) for p, s in zip(parts, part_strides, strict=True)],
        OutputTensor=tensor(dtype, out),
        Axis=axis,
    )


def split(whole: Sequence[int], parts: Sequence[Sequence[int]], axis: int, dtype: str = "FLOAT32") -> Any:
    return pydml.DML_SPLIT_OPERATOR_DESC(
        InputTensor=tensor(dtype, whole),
        OutputCount=len(parts),
        OutputTensors=[tensor(dtype, p) for p in parts],
        Axis=axis,
    )


def test_join_page_examples() -> None:
    # JOIN page: {1,1,2,3} + {1,1,2,4} along axis 3
    a = np.array([[1, 2, 3], [4, 5, 6]], np.float32).reshape(1, 1, 2, 3)
    b = np.array([[7, 8, 9, 10], [11, 12, 13, 14]], np.float32).reshape(1, 1, 2, 4)
    got = run(join([[1, 1, 2, 3], [1, 1, 2, 4]], [1, 1, 2, 7], 3), {"InputTensors": [a, b]})["OutputTensor"]
    np.testing.assert_array_equal(got.reshape(2, 7), [[1, 2, 3, 7, 8, 9, 10], [4, 5, 6, 11, 12, 13, 14]])
    # three {1,1,2,2} inputs along axes 1, 2, 3
    xs = [np.arange(4 * k + 1, 4 * k + 5, dtype=np.float32).reshape(1, 1, 2, 2) for k in range(3)]
    for axis in (1, 2, 3):
        out = [1, 1, 2, 2]
        out[axis] *= 3
        got = run(join([[1, 1, 2, 2]] * 3, out, axis), {"InputTensors": xs})["OutputTensor"]
        np.testing.assert_array_equal(got, np.concatenate(xs, axis))


def test_split_page_examples() -> None:
    # SPLIT page: axis 2 split 2 + 1 + 3 of a {1,1,6,2}; axis 3 split 1 + 1 of a {1,1,2,2}
    x = np.arange(1, 13, dtype=np.float32).reshape(1, 1, 6, 2)
    got = run(split([1, 1, 6, 2], [[1, 1, 2, 2], [1, 1, 1, 2], [1, 1, 3, 2]], 2), {"InputTensor": x})
    for g, w in zip(got["OutputTensors"], np.split(x, [2, 3], 2), strict=True):
        np.testing.assert_array_equal(g, w)
    x = np.arange(1, 5, dtype=np.float32).reshape(1, 1, 2, 2)
    got = run(split([1, 1, 2, 2], [[1, 1, 2, 1], [1, 1, 2, 1]], 3), {"InputTensor": x})
    np.testing.assert_array_equal(got["OutputTensors"][0].ravel(), [1, 3])
    np.testing.assert_array_equal(got["OutputTensors"][1].ravel(), [2, 4])


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_join_split_every_type(dtype: str, rng: np.random.Generator) -> None:
    sizes = [[2, 1, 3], [2, 4, 3], [2, 2, 3]]
    xs = [values(rng, s, dtype) for s in sizes]
    got = run(join(sizes, [2, 7, 3], 1, dtype), {"InputTensors": xs})["OutputTensor"]
    whole = np.concatenate(xs, 1)
    same(got, whole)
    outs = run(split([2, 7, 3], sizes, 1, dtype), {"InputTensor": whole})["OutputTensors"]
    for g, w in zip(outs, xs, strict=True):
        same(g, w)


def test_join_split_match_torch_eight_dims(rng: np.random.Generator) -> None:
    base = [2, 1, 2, 3, 1, 2, 2, 3]
    parts = [[*base[:5], k, *base[6:]] for k in (1, 3, 2)]
    xs = [rng.standard_normal(p).astype(np.float32) for p in parts]
    out = [*base[:5], 6, *base[6:]]
    got = run(join(parts, out, 5), {"InputTensors": xs})["OutputTensor"]
    want = torch.cat([torch.from_numpy(x) for x in xs], 5).numpy()
    np.testing.assert_array_equal(got, want)
    outs = run(split(out, parts, 5), {"InputTensor": want})["OutputTensors"]
    for g, w in zip(outs, torch.split(torch.from_numpy(want), [1, 3, 2], 5), strict=True):
        np.testing.assert_array_equal(g, w.contiguous().numpy())


def test_join_strided_and_broadcast_inputs(rng: np.random.Generator) -> None:
    a = values(rng, [3, 4], "UINT16")
    abuf, ast = strided(a)
    row = values(rng, [4], "UINT16")  # broadcast over 2 rows
    got = run(join([[3, 4], [2, 4]], [5, 4], 0, "UINT16", [ast, [0, 1]]), {"InputTensors": [abuf, row]})[
        "OutputTensor"
    ]
    same(got, np.concatenate([a, np.broadcast_to(row, (2, 4))], 0))


def test_split_into_one_is_a_copy(rng: np.random.Generator) -> None:
    x = values(rng, [3, 5], "FLOAT32")
    same(run(split([3, 5], [[3, 5]], 1), {"InputTensor": x})["OutputTensors"][0], x)
    same(run(join([[3, 5]], [3, 5], 0), {"InputTensors": [x]})["OutputTensor"], x)


# ---- TILE ----------------------------------------------------------------------------------------------


def tile(
    shape: Sequence[int],
    repeats: Sequence[int],
    dtype: str = "FLOAT32",
    in_strides: Sequence[int] | None = None,
) -> Any:
    return pydml.DML_TILE_OPERATOR_DESC(
        InputTensor=tensor(dtype, shape, in_strides),
        OutputTensor=tensor(dtype, [s * r for s, r in zip(shape, repeats, strict=False)]),
        RepeatsCount=len(shape),
        Repeats=list(repeats),
    )


def test_tile_page_example() -> None:
    # TILE page: {1,1,2,3} [[1,2,3],[4,5,6]] tiled {1,1,3,3} -> {1,1,6,9}
    x = np.array([[1, 2, 3], [4, 5, 6]], np.float32).reshape(1, 1, 2, 3)
    got = run(tile([1, 1, 2, 3], [1, 1, 3, 3]), {"InputTensor": x})["OutputTensor"]
    row0, row1 = [1, 2, 3] * 3, [4, 5, 6] * 3
    np.testing.assert_array_equal(got.reshape(6, 9), [row0, row1] * 3)


@pytest.mark.parametrize("dtype", NO_F64)
def test_tile_every_type(dtype: str, rng: np.random.Generator) -> None:
    x = values(rng, [2, 1, 3], dtype)
    same(run(tile([2, 1, 3], [2, 5, 3], dtype), {"InputTensor": x})["OutputTensor"], np.tile(x, (2, 5, 3)))


def test_tile_matches_torch_strided_broadcast_eight_dims(rng: np.random.Generator) -> None:
    shape, reps = [1, 2, 1, 3, 1, 2, 1, 5], [2, 1, 3, 1, 2, 1, 2, 2]
    x = rng.standard_normal(shape).astype(np.float32)
    want = torch.from_numpy(x).repeat(*reps).numpy()
    np.testing.assert_array_equal(run(tile(shape, reps), {"InputTensor": x})["OutputTensor"], want)
    buf, st = strided(x)
    np.testing.assert_array_equal(
        run(tile(shape, reps, in_strides=st), {"InputTensor": buf})["OutputTensor"], want
    )
    row = x.reshape(-1)[:5].copy()
    want = np.tile(np.broadcast_to(row, shape), reps)
    got = run(tile(shape, reps, in_strides=[0] * 7 + [1]), {"InputTensor": row})["OutputTensor"]
    np.testing.assert_array_equal(got, want)


# ---- DEPTH_TO_SPACE / SPACE_TO_DEPTH ------------------------------------------------------------------

D2S = {
    "DEPTH_TO_SPACE": pydml.DML_DEPTH_TO_SPACE_OPERATOR_DESC,
    "DEPTH_TO_SPACE1": pydml.DML_DEPTH_TO_SPACE1_OPERATOR_DESC,
}
S2D = {
    "SPACE_TO_DEPTH": pydml.DML_SPACE_TO_DEPTH_OPERATOR_DESC,
    "SPACE_TO_DEPTH1": pydml.DML_SPACE_TO_DEPTH1_OPERATOR_DESC,
}
ORDERS = ("DEPTH_COLUMN_ROW", "COLUMN_ROW_DEPTH")


def depth_space(
    name: str,
    x_shape: Sequence[int],
    b: int,
    order: str | None = None,
    dtype: str = "FLOAT32",
    in_strides: Sequence[int] | None = None,
    out_strides: Sequence[int] | None = None,
) -> Any:
    n, c, h, w = x_shape
    to_space = name.startswith("DEPTH")
    y = [n, c // (b * b), h * b, w * b] if to_space else [n, c * b * b, h // b, w // b]
    fields: dict[str, Any] = {
        "InputTensor": tensor(dtype, x_shape, in_strides),
        "OutputTensor": tensor(dtype, y, out_strides),
        "BlockSize": b,
    }
    if name.endswith("1"):
        fields["Order"] = order or "DEPTH_COLUMN_ROW"
    return {**D2S, **S2D}[name](**fields)


def d2s_ref(x: np.ndarray, b: int, order: str) -> np.ndarray:
    """The pages' mapping: output (n, c, h*B + r, w*B + q) reads depth channel (r*B + q)*C + c
    (DEPTH_COLUMN_ROW) or c*B*B + r*B + q (COLUMN_ROW_DEPTH)."""
    n, cin, h, w = x.shape
    c = cin // (b * b)
    if order == "DEPTH_COLUMN_ROW":
        t = x.reshape(n, b, b, c, h, w).transpose(0, 3, 4, 1, 5, 2)
    else:
        t = x.reshape(n, c, b, b, h, w).transpose(0, 1, 4, 2, 5, 3)
    return t.reshape(n, c, h * b, w * b)


def s2d_ref(x: np.ndarray, b: int, order: str) -> np.ndarray:
    n, c, h, w = x.shape
    t = x.reshape(n, c, h // b, b, w // b, b)  # (n, c, h, r, w, q)
    # DEPTH_COLUMN_ROW: (n, r, q, c, h, w); COLUMN_ROW_DEPTH: (n, c, r, q, h, w)
    t = t.transpose(0, 3, 5, 1, 2, 4) if order == "DEPTH_COLUMN_ROW" else t.transpose(0, 1, 3, 5, 2, 4)
    return t.reshape(n, c * b * b, h // b, w // b)


PAGE_DEPTH = (
    (np.arange(8)[:, None, None] * 9 + np.arange(2)[None, :, None] * 3 + np.arange(3)[None, None, :])
    .astype(np.uint32)
    .reshape(1, 8, 2, 3)
)
PAGE_SPACE = {
    "DEPTH_COLUMN_ROW": [
        [[0, 18, 1, 19, 2, 20], [36, 54, 37, 55, 38, 56], [3, 21, 4, 22, 5, 23], [39, 57, 40, 58, 41, 59]],
        [
            [9, 27, 10, 28, 11, 29],
            [45, 63, 46, 64, 47, 65],
            [12, 30, 13, 31, 14, 32],
            [48, 66, 49, 67, 50, 68],
        ],
    ],
    "COLUMN_ROW_DEPTH": [
        [[0, 9, 1, 10, 2, 11], [18, 27, 19, 28, 20, 29], [3, 12, 4, 13, 5, 14], [21, 30, 22, 31, 23, 32]],
        [
            [36, 45, 37, 46, 38, 47],
            [54, 63, 55, 64, 56, 65],
            [39, 48, 40, 49, 41, 50],
            [57, 66, 58, 67, 59, 68],
        ],
    ],
}


@pytest.mark.parametrize("order", ORDERS)
def test_depth_space_page_examples(order: str) -> None:
    # DEPTH_TO_SPACE1 page: UINT32 {1,8,2,3} (channel k holds 9k + 3h + w), BlockSize 2
    space = np.array(PAGE_SPACE[order], np.uint32).reshape(1, 2, 4, 6)
    names = ["DEPTH_TO_SPACE1"] + (["DEPTH_TO_SPACE"] if order == "DEPTH_COLUMN_ROW" else [])
    for name in names:
        got = run(depth_space(name, [1, 8, 2, 3], 2, order, "UINT32"), {"InputTensor": PAGE_DEPTH})
        np.testing.assert_array_equal(got["OutputTensor"], space)
    # SPACE_TO_DEPTH(1) pages: the inverse, {1,2,4,6} -> {1,8,2,3}
    for name in ["SPACE_TO_DEPTH1"] + (["SPACE_TO_DEPTH"] if order == "DEPTH_COLUMN_ROW" else []):
        got = run(depth_space(name, [1, 2, 4, 6], 2, order, "UINT32"), {"InputTensor": space})
        np.testing.assert_array_equal(got["OutputTensor"], PAGE_DEPTH)


@pytest.mark.parametrize("dtype", ALL_TYPES)
@pytest.mark.parametrize("order", ORDERS)
def test_depth_space_every_type(dtype: str, order: str, rng: np.random.Generator) -> None:
    x = values(rng, [2, 18, 2, 3], dtype)
    same(
        run(depth_space("DEPTH_TO_SPACE1", [2, 18, 2, 3], 3, order, dtype), {"InputTensor": x})[
            "OutputTensor"
        ],
        d2s_ref(x, 3, order),
    )
    y = values(rng, [2, 3, 4, 6], dtype)
    same(
        run(depth_space("SPACE_TO_DEPTH1", [2, 3, 4, 6], 2, order, dtype), {"InputTensor": y})[
            "OutputTensor"
        ],
        s2d_ref(y, 2, order),
    )


def test_depth_space_match_torch_pixel_shuffle(rng: np.random.Generator) -> None:
    # F.pixel_shuffle is COLUMN_ROW_DEPTH (channel c*B*B + r*B + q)
    x = rng.standard_normal((2, 12, 5, 7)).astype(np.float32)
    got = run(depth_space("DEPTH_TO_SPACE1", [2, 12, 5, 7], 2, "COLUMN_ROW_DEPTH"), {"InputTensor": x})
    np.testing.assert_array_equal(got["OutputTensor"], F.pixel_shuffle(torch.from_numpy(x), 2).numpy())
    y = rng.standard_normal((2, 3, 6, 9)).astype(np.float32)
    got = run(depth_space("SPACE_TO_DEPTH1", [2, 3, 6, 9], 3, "COLUMN_ROW_DEPTH"), {"InputTensor": y})
    np.testing.assert_array_equal(got["OutputTensor"], F.pixel_unshuffle(torch.from_numpy(y), 3).numpy())


def test_depth_space_strided_broadcast_and_strided_output(rng: np.random.Generator) -> None:
    x = values(rng, [1, 8, 3, 5], "FLOAT16")
    buf, st = strided(x)
    got = run(
        depth_space("DEPTH_TO_SPACE", [1, 8, 3, 5], 2, in_strides=st, dtype="FLOAT16"), {"InputTensor": buf}
    )
    same(got["OutputTensor"], d2s_ref(x, 2, "DEPTH_COLUMN_ROW"))
    # one channel broadcast to all 8 (zero channel stride), and an output every second element
    ch = values(rng, [1, 1, 3, 5], "FLOAT16")
    chbuf = np.concatenate([ch.reshape(-1), np.zeros(1, np.float16)])  # 32 bytes: DirectML's 4-byte rounding
    osz = [1, 2, 6, 10]
    ost = [2 * s for s in c_strides(osz)]
    out = poison(np.dtype(np.float16), (2 * int(np.prod(osz)),))
    d = depth_space(
        "DEPTH_TO_SPACE", [1, 8, 3, 5], 2, in_strides=[120, 0, 5, 1], out_strides=ost, dtype="FLOAT16"
    )
    run(d, {"InputTensor": chbuf}, outputs={"OutputTensor": out})
    same(out[::2].reshape(osz), d2s_ref(np.broadcast_to(ch, (1, 8, 3, 5)), 2, "DEPTH_COLUMN_ROW"))
    assert np.isnan(out[1::2]).all()


# ---- PADDING / PADDING1 ------------------------------------------------------------------------------

MODES = ("CONSTANT", "EDGE", "REFLECTION", "SYMMETRIC", "WRAP")
NP_MODE = {
    "CONSTANT": "constant",
    "EDGE": "edge",
    "REFLECTION": "reflect",
    "SYMMETRIC": "symmetric",
    "WRAP": "wrap",
}


def padding(
    name: str,
    shape: Sequence[int],
    start: Sequence[int],
    end: Sequence[int],
    mode: str,
    value: float = 0.0,
    dtype: str = "FLOAT32",
    in_strides: Sequence[int] | None = None,
) -> Any:
    out = [s + a + b for s, a, b in zip(shape, start, end, strict=True)]
    fields: dict[str, Any] = {
        "InputTensor": tensor(dtype, shape, in_strides),
        "OutputTensor": tensor(dtype, out),
        "PaddingMode": mode,
        "DimensionCount": len(shape),
        "StartPadding": list(start),
        "EndPadding": list(end),
    }
    if name == "PADDING":
        return pydml.DML_PADDING_OPERATOR_DESC(**fields, PaddingValue=value)
    if not dtype.startswith("FLOAT"):
        value = int(value)
    return pydml.DML_PADDING1_OPERATOR_DESC(**fields, PaddingValueDataType=dtype, PaddingValue=value)


def pad_ref(x: np.ndarray, start: Sequence[int], end: Sequence[int], mode: str, value: Any = 0) -> np.ndarray:
    """The page's modes, one axis at a time; REFLECTION/SYMMETRIC/WRAP continue periodically past
    the input (the page: "mirror new padding regions periodically")."""
    out = x
    for axis, (a, b) in enumerate(zip(start, end, strict=True)):
        n = x.shape[axis]
        pos = np.arange(-a, n + b)
        if mode == "CONSTANT" or mode == "EDGE":
            idx = np.clip(pos, 0, n - 1)
        elif mode == "REFLECTION":
            period = max(2 * (n - 1), 1)
            m = pos % period
            idx = np.where(m < n, m, period - m) if n > 1 else np.zeros_like(pos)
        elif mode == "SYMMETRIC":
            m = pos % (2 * n)
            idx = np.where(m < n, m, 2 * n - 1 - m)
        else:
            idx = pos % n
        out = np.take(out, idx, axis=axis)
        if mode == "CONSTANT":
            inside = (pos >= 0) & (pos < n)
            shape = [1] * x.ndim
            shape[axis] = len(pos)
            out = np.where(inside.reshape(shape), out, np.array(value).astype(x.dtype))
    return out


PAGE_PAD_IN = np.array([[1, 2, 3, 4], [5, 6, 7, 8], [1, 2, 3, 4], [5, 6, 7, 8]], np.float32).reshape(
    1, 1, 4, 4
)
PAGE_PAD_OUT = {
    "CONSTANT": [
        [9] * 10,
        [9, 9, 1, 2, 3, 4, 9, 9, 9, 9],
        [9, 9, 5, 6, 7, 8, 9, 9, 9, 9],
        [9, 9, 1, 2, 3, 4, 9, 9, 9, 9],
        [9, 9, 5, 6, 7, 8, 9, 9, 9, 9],
        [9] * 10,
        [9] * 10,
        [9] * 10,
    ],
    "EDGE": [
        [1, 1, 1, 2, 3, 4, 4, 4, 4, 4],
        [1, 1, 1, 2, 3, 4, 4, 4, 4, 4],
        [5, 5, 5, 6, 7, 8, 8, 8, 8, 8],
        [1, 1, 1, 2, 3, 4, 4, 4, 4, 4],
    ]
    + [[5, 5, 5, 6, 7, 8, 8, 8, 8, 8]] * 4,
    "REFLECTION": [[7, 6, 5, 6, 7, 8, 7, 6, 5, 6], [3, 2, 1, 2, 3, 4, 3, 2, 1, 2]] * 4,
    "SYMMETRIC": [
        [2, 1, 1, 2, 3, 4, 4, 3, 2, 1],
        [2, 1, 1, 2, 3, 4, 4, 3, 2, 1],
        [6, 5, 5, 6, 7, 8, 8, 7, 6, 5],
        [2, 1, 1, 2, 3, 4, 4, 3, 2, 1],
        [6, 5, 5, 6, 7, 8, 8, 7, 6, 5],
        [6, 5, 5, 6, 7, 8, 8, 7, 6, 5],
        [2, 1, 1, 2, 3, 4, 4, 3, 2, 1],
        [6, 5, 5, 6, 7, 8, 8, 7, 6, 5],
    ],
}


@pytest.mark.parametrize("mode", list(PAGE_PAD_OUT))
@pytest.mark.parametrize("name", ["PADDING", "PADDING1"])
def test_padding_page_examples(name: str, mode: str) -> None:
    # PADDING / PADDING1 pages: {1,1,4,4} padded by {0,0,1,2} / {0,0,3,4} to {1,1,8,10}, PaddingValue 9
    d = padding(name, [1, 1, 4, 4], [0, 0, 1, 2], [0, 0, 3, 4], mode, 9.0)
    got = run(d, {"InputTensor": PAGE_PAD_IN})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], PAGE_PAD_OUT[mode])


@pytest.mark.parametrize("mode", MODES)
def test_padding_matches_numpy_pad_and_torch(mode: str, rng: np.random.Generator) -> None:
    x = rng.standard_normal((2, 3, 5, 6)).astype(np.float32)
    start, end = [0, 1, 2, 3], [0, 0, 4, 2]  # torch pads at most the last three axes
    got = run(padding("PADDING", x.shape, start, end, mode, 2.5), {"InputTensor": x})["OutputTensor"]
    kw = {"constant_values": 2.5} if mode == "CONSTANT" else {}
    want = np.pad(x, list(zip(start, end, strict=False)), mode=NP_MODE[mode], **kw)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got, pad_ref(x, start, end, mode, 2.5))
    tmode = {"CONSTANT": "constant", "EDGE": "replicate", "REFLECTION": "reflect", "WRAP": "circular"}.get(
        mode
    )
    if tmode is not None:  # torch pads the last dimensions (pairs from the last axis backwards)
        pads = [3, 2, 2, 4, 1, 0]
        t = F.pad(torch.from_numpy(x), pads, mode=tmode, **({"value": 2.5} if tmode == "constant" else {}))
        np.testing.assert_array_equal(got, t.numpy())


@pytest.mark.parametrize("mode", MODES)
def test_padding_larger_than_input_is_periodic(mode: str, rng: np.random.Generator) -> None:
    # the page: REFLECTION/SYMMETRIC padding >= the input size folds over earlier padding regions
    x = rng.standard_normal((3, 4)).astype(np.float32)
    start, end = [7, 9], [8, 5]
    got = run(padding("PADDING1", [3, 4], start, end, mode, -1.0), {"InputTensor": x})["OutputTensor"]
    want = pad_ref(x, start, end, mode, -1.0)
    np.testing.assert_array_equal(got, want)
    if mode != "CONSTANT":  # numpy continues the same periods
        np.testing.assert_array_equal(got, np.pad(x, list(zip(start, end, strict=False)), mode=NP_MODE[mode]))


def test_padding_reflection_of_a_single_element_repeats_it() -> None:
    # decision (data_movement.c): an axis of size 1 has nothing to mirror but its edge
    x = np.array([[3.0], [4.0]], np.float32)
    got = run(padding("PADDING", [2, 1], [0, 2], [0, 3], "REFLECTION"), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, np.repeat(x, 6, 1))


@pytest.mark.parametrize("dtype", ALL_TYPES)
@pytest.mark.parametrize("name", ["PADDING", "PADDING1"])
def test_padding_every_type(name: str, dtype: str, rng: np.random.Generator) -> None:
    x = values(rng, [3, 4], dtype)
    for mode in ("EDGE", "SYMMETRIC"):
        got = run(padding(name, [3, 4], [2, 1], [1, 5], mode, dtype=dtype), {"InputTensor": x})[
            "OutputTensor"
        ]
        same(got, np.pad(x, [(2, 1), (1, 5)], mode=NP_MODE[mode]))
    value = 7 if dtype not in ("FLOAT32", "FLOAT16", "FLOAT64") else 7.25
    got = run(padding(name, [3, 4], [2, 1], [1, 5], "CONSTANT", value, dtype), {"InputTensor": x})[
        "OutputTensor"
    ]
    same(got, pad_ref(x, [2, 1], [1, 5], "CONSTANT", value))


def test_padding_value_truncated_for_integers() -> None:
    # PADDING page: for other than FLOAT16/FLOAT32 "the value might be truncated (10.6 -> 10)"
    x = np.array([[1, 2]], np.int32)
    got = run(padding("PADDING", [1, 2], [0, 1], [0, 1], "CONSTANT", 10.6, "INT32"), {"InputTensor": x})
    np.testing.assert_array_equal(got["OutputTensor"], [[10, 1, 2, 10]])
    got = run(padding("PADDING", [1, 2], [0, 1], [0, 1], "CONSTANT", -10.6, "INT32"), {"InputTensor": x})
    np.testing.assert_array_equal(got["OutputTensor"], [[-10, 1, 2, -10]])


def test_padding_eight_dims_strided_and_broadcast(rng: np.random.Generator) -> None:
    shape = [2, 1, 2, 3, 1, 2, 2, 3]
    start, end = [1, 0, 0, 2, 1, 0, 1, 2], [0, 1, 1, 1, 0, 1, 0, 1]
    x = values(rng, shape, "INT16")
    buf, st = strided(x)
    for mode in ("CONSTANT", "REFLECTION", "WRAP"):
        got = run(padding("PADDING1", shape, start, end, mode, 5, "INT16", st), {"InputTensor": buf})
        same(got["OutputTensor"], pad_ref(x, start, end, mode, 5))
    row = values(rng, [3], "INT16")
    rowbuf = np.concatenate([row, np.zeros(1, np.int16)])  # DirectML rounds buffers to 4 bytes
    got = run(
        padding("PADDING1", shape, start, end, "SYMMETRIC", 0, "INT16", [0] * 7 + [1]),
        {"InputTensor": rowbuf},
    )
    same(got["OutputTensor"], pad_ref(np.broadcast_to(row, shape), start, end, "SYMMETRIC"))


# ---- DxDispatch samples -------------------------------------------------------------------------------


def _dxdispatch_run(name: str, tmp_path: Path) -> list[str]:
    for data in SAMPLES.iterdir():
        if data.is_file():  # a serialized graph's folder (matmul_add/) is not needed here
            shutil.copy(data, tmp_path / data.name)
    result = subprocess.run(
        [sys.executable, "-m", "pydml", "run", name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return [line for line in result.stdout.splitlines() if line.startswith("Resource '")]


def test_dxdispatch_split_prints_every_output(tmp_path: Path) -> None:
    # dml_split.json: [1..6] split into three [2] outputs, each printed (test_dxdispatch_samples
    # checks the first line)
    model = json.loads((SAMPLES / "dml_split.json").read_text())
    assert [c["resource"] for c in model["commands"] if c["type"] == "print"] == ["Out1", "Out2", "Out3"]
    assert _dxdispatch_run("dml_split.json", tmp_path) == [
        "Resource 'Out1': 1, 2",
        "Resource 'Out2': 3, 4",
        "Resource 'Out3': 5, 6",
    ]


# ---- large copies: threads, streamed stores, misaligned rows ----------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_large_copies_stream_and_thread(threads: int, rng: np.random.Generator) -> None:
    # outputs of 16 MiB or more take the non-temporal store path in their runs of 4 KiB or more
    # (DM_STREAM_MIN, DM_STREAM_RUN); rows of 1097 floats start unaligned, the 3-float runs beside
    # them are stored through the cache
    previous = lib.pydml_set_num_threads(threads)
    try:
        a = rng.standard_normal((4200, 1097)).astype(np.float32)
        b = rng.standard_normal((4200, 3)).astype(np.float32)
        got = run(join([[4200, 1097], [4200, 3]], [4200, 1100], 1), {"InputTensors": [a, b]})["OutputTensor"]
        np.testing.assert_array_equal(got, np.concatenate([a, b], 1))
        outs = run(split([4200, 1100], [[4200, 3], [4200, 1097]], 1), {"InputTensor": got})["OutputTensors"]
        np.testing.assert_array_equal(outs[0], got[:, :3])
        np.testing.assert_array_equal(outs[1], got[:, 3:])
        flat = rng.standard_normal(4_300_001).astype(np.float32)
        d = slice1(flat, [4_300_001], [1], [4_300_000], [1])
        np.testing.assert_array_equal(run(d, {"InputTensor": flat})["OutputTensor"], flat[1:])
        d = padding("PADDING", [4200, 1097], [3, 1], [2, 2], "REFLECTION")
        np.testing.assert_array_equal(
            run(d, {"InputTensor": a})["OutputTensor"], np.pad(a, [(3, 2), (1, 2)], mode="reflect")
        )
        # short rows of a large output: stored through the cache (partial lines streamed were 20x slower)
        x = rng.standard_normal((8, 64, 56, 56)).astype(np.float32)
        d = padding("PADDING", [8, 64, 56, 56], [0, 0, 1, 1], [0, 0, 1, 1], "CONSTANT")
        np.testing.assert_array_equal(run(d, {"InputTensor": x})["OutputTensor"],
                                      np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)]))
    finally:
        lib.pydml_set_num_threads(previous)
