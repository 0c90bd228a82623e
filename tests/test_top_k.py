"""TOP_K and TOP_K1 (native/families/top_k.c) and their own rules (native/validate/rules_top_k.c).

References: the TOP_K1 page's four worked examples; a numpy reference from the page's rule (the K
largest / smallest along Axis, sorted, ties by ascending index) built on numpy's stable sort; and
torch.topk on tie-free data. Every kernel test runs on each ISA path (``ew_isa``; the FLOAT32 block
pre-test has AVX-512/AVX2/portable forms) with poisoned outputs (``ew_harness.run``).

Decisions the pages leave open, asserted here (and commented in top_k.c):
  * NaN counts as larger than every number (as torch.topk): first when DECREASING, last when
    INCREASING; -0.0 and +0.0 tie;
  * K equal to the axis size is accepted (the page says "less than"): the whole sequence, sorted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.registry import schema_of

TYPES = ("FLOAT32", "FLOAT16", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64")
DEC = pydml.DML_AXIS_DIRECTION_DECREASING
INC = pydml.DML_AXIS_DIRECTION_INCREASING


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(77)


def make(sizes: Sequence[int], axis: int, k: int, direction: Any = None, dtype: str = "FLOAT32",
         index_type: str = "UINT32", in_strides: Sequence[int] | None = None,
         out_strides: Sequence[int] | None = None) -> Any:
    """TOP_K when direction is None, else TOP_K1."""
    out = list(sizes)
    out[axis] = k
    tensors = {"InputTensor": tensor(dtype, sizes, in_strides),
               "OutputValueTensor": tensor(dtype, out, out_strides),
               "OutputIndexTensor": tensor(index_type, out, out_strides)}
    if direction is None:
        return pydml.DML_TOP_K_OPERATOR_DESC(**tensors, Axis=axis, K=k)
    return pydml.DML_TOP_K1_OPERATOR_DESC(**tensors, Axis=axis, K=k, AxisDirection=direction)


def reference(x: np.ndarray, axis: int, k: int, increasing: bool) -> tuple[np.ndarray, np.ndarray]:
    """The page's rule with numpy's stable sort (NaN sorts last: the largest value)."""
    moved = np.moveaxis(x, axis, -1)
    if increasing:
        order = np.argsort(moved, axis=-1, kind="stable")
    else:  # descending, ties by ascending index: stable ascending sort of the reversed sequence
        n = moved.shape[-1]
        order = n - 1 - np.argsort(moved[..., ::-1], axis=-1, kind="stable")[..., ::-1]
    idx = order[..., :k]
    vals = np.take_along_axis(moved, idx, axis=-1)
    return np.moveaxis(vals, -1, axis), np.moveaxis(idx, -1, axis)


def values(rng: np.random.Generator, dtype: str, shape: Sequence[int], spread: int = 1000) -> np.ndarray:
    t = DTYPES[dtype]
    if t.kind == "f":
        return rng.integers(-spread, spread, shape).astype(t) / t.type(8)  # ties happen
    info = np.iinfo(t)
    return rng.integers(info.min, int(info.max) + 1, shape, dtype=t)


def check(got: dict[str, np.ndarray], x: np.ndarray, axis: int, k: int, increasing: bool) -> None:
    want_v, want_i = reference(x, axis, k, increasing)
    np.testing.assert_array_equal(got["OutputIndexTensor"], want_i)
    assert got["OutputValueTensor"].tobytes() == want_v.tobytes()


# ---- the page's worked examples ----------------------------------------------------------------

X1 = np.array([[0, 1, 10, 11], [3, 2, 9, 8], [4, 5, 6, 7]], np.float32).reshape(1, 1, 3, 4)
X3 = np.array([[1, 2, 2, 3], [3, 4, 5, 5], [6, 6, 6, 6]], np.float32).reshape(1, 1, 3, 4)


@pytest.mark.parametrize("form", ["TOP_K", "TOP_K1"])
def test_page_examples(form: str, ew_isa: str) -> None:
    def go(x: np.ndarray, axis: int, k: int, direction: Any) -> dict[str, np.ndarray]:
        d = None if form == "TOP_K" and direction == DEC else direction
        return run(make(list(x.shape), axis, k, d), {"InputTensor": x})

    if form == "TOP_K1":
        got = go(X3, 3, 3, INC)  # example 4: increasing
        np.testing.assert_array_equal(got["OutputValueTensor"].reshape(3, 3),
                                      [[1, 2, 2], [3, 4, 5], [6, 6, 6]])
        np.testing.assert_array_equal(got["OutputIndexTensor"].reshape(3, 3), [[0, 1, 2]] * 3)
    got = go(X1, 3, 2, DEC)  # example 1
    np.testing.assert_array_equal(got["OutputValueTensor"].reshape(3, 2), [[11, 10], [9, 8], [7, 6]])
    np.testing.assert_array_equal(got["OutputIndexTensor"].reshape(3, 2), [[3, 2], [2, 3], [3, 2]])
    got = go(X1, 2, 2, DEC)  # example 2: another axis
    np.testing.assert_array_equal(got["OutputValueTensor"].reshape(2, 4), [[4, 5, 10, 11], [3, 2, 9, 8]])
    np.testing.assert_array_equal(got["OutputIndexTensor"].reshape(2, 4), [[2, 2, 0, 0], [1, 1, 1, 1]])
    got = go(X3, 3, 3, DEC)  # example 3: ties
    np.testing.assert_array_equal(got["OutputValueTensor"].reshape(3, 3), [[3, 2, 2], [5, 5, 4], [6, 6, 6]])
    np.testing.assert_array_equal(got["OutputIndexTensor"].reshape(3, 3), [[3, 1, 2], [2, 3, 1], [0, 1, 2]])


# ---- every data type, both directions, small and large K ----------------------------------------

@pytest.mark.parametrize("dtype", TYPES)
@pytest.mark.parametrize("increasing", [False, True])
def test_every_type_against_the_rule(dtype: str, increasing: bool, ew_isa: str,
                                     rng: np.random.Generator) -> None:
    x = values(rng, dtype, (3, 4, 300), spread=50)  # many ties
    for axis, k in ((2, 1), (2, 7), (2, 32), (2, 33), (2, 300), (1, 3), (0, 2)):
        for index_type in ("UINT32", "UINT64"):
            got = run(make(list(x.shape), axis, k, INC if increasing else DEC, dtype, index_type),
                      {"InputTensor": x})
            assert got["OutputIndexTensor"].dtype == DTYPES[index_type]
            check(got, x, axis, k, increasing)


@pytest.mark.parametrize("k", [1, 10, 64, 500])
def test_long_rows_against_torch(k: int, ew_isa: str, rng: np.random.Generator) -> None:
    x = rng.permutation(8 * 5000).astype(np.float32).reshape(8, 5000) - 20000  # no ties
    got = run(make([8, 5000], 1, k, DEC), {"InputTensor": x})
    want = torch.topk(torch.from_numpy(x), k, dim=1)
    np.testing.assert_array_equal(got["OutputValueTensor"], want.values.numpy())
    np.testing.assert_array_equal(got["OutputIndexTensor"], want.indices.numpy())
    got = run(make([8, 5000], 1, k, INC), {"InputTensor": x})
    want = torch.topk(torch.from_numpy(x), k, dim=1, largest=False)
    np.testing.assert_array_equal(got["OutputValueTensor"], want.values.numpy())
    np.testing.assert_array_equal(got["OutputIndexTensor"], want.indices.numpy())


@pytest.mark.parametrize("k", [5, 40])
def test_ties_go_to_the_lower_index(k: int, ew_isa: str, rng: np.random.Generator) -> None:
    # few distinct values in a long row: every selected value is tied many times
    x = rng.integers(0, 4, (4, 3000)).astype(np.float32)
    for increasing in (False, True):
        got = run(make([4, 3000], 1, k, INC if increasing else DEC), {"InputTensor": x})
        check(got, x, 1, k, increasing)
        idx = got["OutputIndexTensor"].astype(np.int64)
        v = got["OutputValueTensor"]
        same = v[:, 1:] == v[:, :-1]
        assert (idx[:, 1:][same] > idx[:, :-1][same]).all(), "tied values must come by ascending index"


def test_nan_and_signed_zero(ew_isa: str) -> None:
    x = np.array([[1.0, np.nan, -0.0, np.inf, 0.0, np.nan, -np.inf, 2.0] * 20], np.float32)
    for increasing in (False, True):
        got = run(make([1, 160], 1, 160, INC if increasing else DEC), {"InputTensor": x})
        check(got, x, 1, 160, increasing)
    got = run(make([1, 160], 1, 3, DEC), {"InputTensor": x})
    np.testing.assert_array_equal(got["OutputIndexTensor"], [[1, 5, 9]])  # NaNs first (as torch.topk)
    got = run(make([1, 160], 1, 3, INC), {"InputTensor": x})
    np.testing.assert_array_equal(got["OutputIndexTensor"], [[6, 14, 22]])
    h = x.astype(np.float16)
    got = run(make([1, 160], 1, 7, DEC, "FLOAT16"), {"InputTensor": h})
    check(got, h, 1, 7, False)


def test_strided_views(ew_isa: str, rng: np.random.Generator) -> None:
    n, c, w = 3, 5, 70
    x = values(rng, "FLOAT32", (n, w, c))
    in_strides = [w * c, 1, c]  # [n, c, w] read from [n, w, c] memory: the axis has stride c
    out_strides = [2 * c * 4, 2 * 4, 2]
    span = sum((s - 1) * t for s, t in zip([n, c, 4], out_strides, strict=True)) + 1
    vals = poison(np.dtype(np.float32), (span + 1,))
    idx = poison(np.dtype(np.uint32), (span + 1,))
    run(make([n, c, w], 2, 4, DEC, in_strides=in_strides, out_strides=out_strides), {"InputTensor": x},
        outputs={"OutputValueTensor": vals, "OutputIndexTensor": idx})
    want_v, want_i = reference(x.transpose(0, 2, 1), 2, 4, False)
    np.testing.assert_array_equal(vals[::2][: n * c * 4].reshape(n, c, 4), want_v)
    np.testing.assert_array_equal(idx[::2][: n * c * 4].reshape(n, c, 4), want_i)
    assert np.isnan(vals[1::2]).all() and (idx[1::2] == 0xFFFFFFFF).all(), "gaps stay untouched"
    # a broadcast input (stride 0 on a kept axis): every sequence is the same
    row = values(rng, "FLOAT32", (50,))
    got = run(make([4, 50], 1, 6, INC, in_strides=[0, 1]), {"InputTensor": row})
    check(got, np.broadcast_to(row, (4, 50)), 1, 6, True)


# ---- the pages' rules ---------------------------------------------------------------------------

def assert_rule(desc: Any, field: str, rule: str) -> None:
    name = schema_of(desc).c_name
    for check_desc in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check_desc(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


@pytest.mark.parametrize("direction", [None, DEC])
def test_rules(direction: Any) -> None:
    assert_rule(make([1, 1, 1, 32000], 3, 40000, direction), "K",
                "must be at most 32000 (InputTensor.Sizes[3]), got 40000")
    zero = dataclasses.replace(make([2, 3, 4, 5], 1, 1, direction), K=0)  # outputs of size 1 on Axis
    assert_rule(zero, "K", "must be greater than 0, got 0")
    bad_axis = dataclasses.replace(make([2, 3, 4, 5], 3, 2, direction), Axis=4)
    assert_rule(bad_axis, "Axis", "must be less than InputTensor.DimensionCount (4), got 4")
    wrong_k = dataclasses.replace(make([2, 3, 4, 5], 3, 2, direction),
                                  OutputIndexTensor=tensor("UINT32", [2, 3, 4, 3]))
    assert_rule(wrong_k, "OutputIndexTensor.Sizes[3]", "must equal K (2) on Axis, got 3")
    wrong_other = dataclasses.replace(make([2, 3, 4, 5], 3, 2, direction),
                                      OutputValueTensor=tensor("FLOAT32", [2, 1, 4, 2]))
    assert_rule(wrong_other, "OutputValueTensor.Sizes[1]", "must equal InputTensor.Sizes[1] (3), got 1")
    pydml.validate(make([2, 3, 4, 5], 3, 5, direction))  # K = the axis size: the whole sequence
