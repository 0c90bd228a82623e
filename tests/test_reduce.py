"""REDUCE (every DML_REDUCE_FUNCTION), ARGMIN, ARGMAX, CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT
(native/families/reduce.c) and their own rules (native/validate/rules_reduce.c).

References: numpy float64 written from the pages' formulas (ne-directml-dml_reduce_function.md:
AVERAGE sum/N, L1 sum|x|, L2 sqrt(sum x^2), LOG_SUM log(sum x), LOG_SUM_EXP log(sum exp x), ...)
rounded once to the output type; torch (sum, prod, amax, amin, argmax/argmin, logsumexp, norm,
cumsum, cumprod) as a second reference; the pages' worked examples; Microsoft's DxDispatch sample
models run through ``python -m pydml run``. Outputs are poisoned (``ew_harness.run``); the float32
fast paths run on each ISA path (``ew_isa``).

Decisions the pages leave open, asserted here (and commented in reduce.c):
  * FLOAT32/FLOAT16 accumulate in double and round once; integers wrap to the output width;
  * MAX/MIN propagate NaN; ARGMAX/ARGMIN count NaN as the extreme value (first NaN INCREASING,
    last NaN DECREASING); ARG* indices are row-major positions over the reduced axes;
  * LOG_SUM_EXP of all -inf is -inf, with +inf it is +inf;
  * AxisCount 0 is refused.
"""

from __future__ import annotations

import dataclasses
import itertools
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, available_paths, max_ulp, on_every_path, poison, run, tensor

import pydml
from pydml import FeatureLevel, ValidationError
from pydml.native import ffi, lib
from pydml.registry import schema_of

SAMPLES = Path(__file__).parent / "data" / "dxdispatch"
FUNCTIONS = ("ARGMAX", "ARGMIN", "AVERAGE", "L1", "L2", "LOG_SUM", "LOG_SUM_EXP", "MAX", "MIN", "MULTIPLY",
             "SUM", "SUM_SQUARE")
# the REDUCE page's function tables at FL5_0 and above (ARG*: FL4_1 and above)
WIDE = ("FLOAT32", "FLOAT16", "INT64", "INT32", "UINT64", "UINT32")
ALL10 = ("FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT64", "UINT32", "UINT16", "UINT8")
IDX = ("INT64", "INT32", "UINT64", "UINT32")
INPUT_TYPES = {"ARGMAX": ALL10, "ARGMIN": ALL10, "AVERAGE": ("FLOAT32", "FLOAT16"), "L1": WIDE,
               "L2": ("FLOAT32", "FLOAT16"), "LOG_SUM": ("FLOAT32", "FLOAT16"),
               "LOG_SUM_EXP": ("FLOAT32", "FLOAT16"), "MAX": ALL10, "MIN": ALL10, "MULTIPLY": WIDE,
               "SUM": WIDE, "SUM_SQUARE": WIDE}
SCAN_TYPES = WIDE
#: measured float32 bounds against the float64 formula rounded once (every ISA path): every
#: function accumulates in double, so results are the rounded float64 value (0 ulp) except
#: LOG_SUM_EXP / LOG_SUM / L2, whose double log / sqrt / exp differ from numpy's by < 1 ulp of double.
ULP_BOUND = {"AVERAGE": 0.0, "L1": 0.0, "L2": 0.0, "LOG_SUM": 0.0, "LOG_SUM_EXP": 0.0, "MAX": 0.0,
             "MIN": 0.0, "MULTIPLY": 0.0, "SUM": 0.0, "SUM_SQUARE": 0.0}
F16_ULP_BOUND = 0.5  # FLOAT16: within half an ulp of the float64 value (one correct rounding)


def out_sizes(sizes: Sequence[int], axes: Sequence[int]) -> list[int]:
    return [1 if d in axes else s for d, s in enumerate(sizes)]


def reduce_desc(fn: str, sizes: Sequence[int], axes: Sequence[int], dtype: str = "FLOAT32",
                out_dtype: str | None = None, in_strides: Sequence[int] | None = None,
                out_strides: Sequence[int] | None = None) -> Any:
    if out_dtype is None:
        out_dtype = "UINT32" if fn.startswith("ARG") else dtype
    return pydml.DML_REDUCE_OPERATOR_DESC(
        Function=fn, InputTensor=tensor(dtype, sizes, in_strides),
        OutputTensor=tensor(out_dtype, out_sizes(sizes, axes), out_strides), Axes=list(axes))


def arg_desc(op: str, sizes: Sequence[int], axes: Sequence[int], dtype: str = "FLOAT32",
             out_dtype: str = "UINT32", direction: str = "DML_AXIS_DIRECTION_INCREASING") -> Any:
    cls = pydml.DML_ARGMAX_OPERATOR_DESC if op == "ARGMAX" else pydml.DML_ARGMIN_OPERATOR_DESC
    return cls(InputTensor=tensor(dtype, sizes), OutputTensor=tensor(out_dtype, out_sizes(sizes, axes)),
               Axes=list(axes), AxisDirection=direction)


def scan_desc(op: str, sizes: Sequence[int], axis: int, dtype: str = "FLOAT32", decreasing: bool = False,
              exclusive: bool = False, in_strides: Sequence[int] | None = None,
              out_strides: Sequence[int] | None = None) -> Any:
    direction = "DML_AXIS_DIRECTION_DECREASING" if decreasing else "DML_AXIS_DIRECTION_INCREASING"
    tensors = {"InputTensor": tensor(dtype, sizes, in_strides),
               "OutputTensor": tensor(dtype, sizes, out_strides)}
    if op == "SUM":
        return pydml.DML_CUMULATIVE_SUMMATION_OPERATOR_DESC(**tensors, Axis=axis, AxisDirection=direction,
                                                           HasExclusiveSum=exclusive)
    return pydml.DML_CUMULATIVE_PRODUCT_OPERATOR_DESC(**tensors, Axis=axis, AxisDirection=direction,
                                                     HasExclusiveProduct=exclusive)


# ---- references ----------------------------------------------------------------------------------

def arg_reference(x: np.ndarray, axes: Sequence[int], largest: bool, last: bool) -> np.ndarray:
    """Row-major position over the reduced axes of the first (or last) extreme; NaN is the
    extreme value."""
    ax = tuple(sorted(axes))
    n, k = x.ndim, len(ax)
    moved = np.moveaxis(x, ax, range(n - k, n))
    flat = moved.reshape((*moved.shape[: n - k], -1))
    if last:
        flat = flat[..., ::-1]
    idx = np.argmax(flat, axis=-1) if largest else np.argmin(flat, axis=-1)  # first; NaN wins
    if last:
        idx = flat.shape[-1] - 1 - idx
    return np.expand_dims(idx.reshape(moved.shape[: n - k]), ax)


def reference(fn: str, x: np.ndarray, axes: Sequence[int]) -> np.ndarray:
    """The page's formula: float64 for float inputs, exact wrapping 64-bit integers otherwise."""
    ax = tuple(sorted(axes))
    if fn in ("ARGMAX", "ARGMIN"):
        return arg_reference(x, ax, fn == "ARGMAX", last=False)
    if x.dtype.kind in "iu":
        wide = x.astype(np.uint64 if x.dtype.kind == "u" else np.int64)
        with np.errstate(over="ignore"):
            if fn == "SUM":
                return wide.sum(axis=ax, keepdims=True)
            if fn == "L1":
                return np.abs(wide).sum(axis=ax, keepdims=True) if x.dtype.kind == "i" else \
                    wide.sum(axis=ax, keepdims=True)
            if fn == "SUM_SQUARE":
                return (wide * wide).sum(axis=ax, keepdims=True)
            if fn == "MULTIPLY":
                return wide.prod(axis=ax, keepdims=True)
            if fn == "MAX":
                return wide.max(axis=ax, keepdims=True)
            return wide.min(axis=ax, keepdims=True)
    x = x.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if fn == "SUM":
            return x.sum(axis=ax, keepdims=True)
        if fn == "AVERAGE":
            return x.sum(axis=ax, keepdims=True) / np.prod([x.shape[a] for a in ax])
        if fn == "L1":
            return np.abs(x).sum(axis=ax, keepdims=True)
        if fn == "L2":
            return np.sqrt((x * x).sum(axis=ax, keepdims=True))
        if fn == "LOG_SUM":
            return np.log(x.sum(axis=ax, keepdims=True))
        if fn == "LOG_SUM_EXP":
            m = x.max(axis=ax, keepdims=True)
            return m + np.log(np.exp(x - m).sum(axis=ax, keepdims=True))
        if fn == "MAX":
            return x.max(axis=ax, keepdims=True)
        if fn == "MIN":
            return x.min(axis=ax, keepdims=True)
        if fn == "MULTIPLY":
            return x.prod(axis=ax, keepdims=True)
        return (x * x).sum(axis=ax, keepdims=True)


def torch_reference(fn: str, x: np.ndarray, axes: Sequence[int]) -> np.ndarray:
    """torch in float64 (integers: int64) for the functions it has."""
    t = torch.from_numpy(x.astype(np.float64))
    ax = tuple(sorted(axes))
    if fn == "SUM":
        r = t.sum(ax, keepdim=True)
    elif fn == "AVERAGE":
        r = t.mean(ax, keepdim=True)
    elif fn == "L1":
        r = torch.linalg.vector_norm(t, 1, ax, keepdim=True)
    elif fn == "L2":
        r = torch.linalg.vector_norm(t, 2, ax, keepdim=True)
    elif fn == "LOG_SUM":
        r = torch.log(t.sum(ax, keepdim=True))
    elif fn == "LOG_SUM_EXP":
        r = torch.logsumexp(t, ax, keepdim=True)
    elif fn == "MAX":
        r = torch.amax(t, ax, keepdim=True)
    elif fn == "MIN":
        r = torch.amin(t, ax, keepdim=True)
    elif fn == "SUM_SQUARE":
        r = (t * t).sum(ax, keepdim=True)
    else:  # MULTIPLY: torch.prod takes one dim
        r = t
        for a in ax:
            r = r.prod(a, keepdim=True)
    return r.numpy()


def values(rng: np.random.Generator, fn: str, dtype: str, shape: Sequence[int]) -> np.ndarray:
    dt = DTYPES[dtype]
    if dt.kind == "f":
        if fn == "MULTIPLY":
            x = rng.uniform(0.5, 1.5, shape) * rng.choice([-1, 1], shape)
        elif fn == "LOG_SUM":
            x = rng.uniform(0.0, 4.0, shape)
        else:
            x = rng.standard_normal(shape) * 3
        return x.astype(dt)
    info = np.iinfo(dt)
    if fn in ("MULTIPLY", "SUM_SQUARE", "SUM", "L1") and dt.itemsize >= 4:
        # wide enough to wrap the output type in places
        lo, hi = max(info.min, -(2**40)), min(info.max, 2**40)
        return rng.integers(lo, hi, shape, dtype=dt, endpoint=True)
    return rng.integers(info.min, info.max, shape, dtype=dt, endpoint=True)


def check(fn: str, got: np.ndarray, x: np.ndarray, axes: Sequence[int]) -> None:
    want = reference(fn, x, axes)
    assert got.shape == want.shape
    if fn in ("ARGMAX", "ARGMIN"):
        np.testing.assert_array_equal(got.astype(np.int64), want.astype(np.int64))
    elif got.dtype.kind in "iu":  # wrapping to the output width
        np.testing.assert_array_equal(got, want.astype(got.dtype))
    elif got.dtype == np.float16:
        assert max_ulp(got, want) <= F16_ULP_BOUND, (fn, max_ulp(got, want))
    else:
        ulp = max_ulp(got, want)
        assert ulp <= ULP_BOUND[fn], (fn, ulp)


# ---- the pages' worked examples ------------------------------------------------------------------

PAGE_X = np.array([[1, 2, 3], [3, 0, 4], [2, 4, 2]], np.float32)


@pytest.mark.parametrize("axes, want", [((0,), [[6, 6, 9]]), ((1,), [[6], [7], [8]]), ((0, 1), [[21]])])
def test_reduce_page_examples(axes: tuple[int, ...], want: list[list[float]]) -> None:
    got = run(reduce_desc("SUM", [3, 3], axes), {"InputTensor": PAGE_X})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array(want, np.float32))


ARG_X = np.array([[1, 2, 3], [3, 0, 4], [2, 5, 2]], np.float32)


@pytest.mark.parametrize("axes, want", [((0,), [[0, 1, 2]]), ((1,), [[0], [1], [0]]), ((0, 1), [[4]])])
def test_argmin_page_examples(axes: tuple[int, ...], want: list[list[int]]) -> None:
    for desc in (arg_desc("ARGMIN", [3, 3], axes), reduce_desc("ARGMIN", [3, 3], axes)):
        got = run(desc, {"InputTensor": ARG_X})["OutputTensor"]
        np.testing.assert_array_equal(got, np.array(want, np.uint32))


def test_argmin_page_tie_examples() -> None:
    x = np.array([1, 2, 3, 2, 1], np.float32)
    for direction, want in (("DML_AXIS_DIRECTION_INCREASING", 0), ("DML_AXIS_DIRECTION_DECREASING", 4)):
        got = run(arg_desc("ARGMIN", [5], [0], direction=direction), {"InputTensor": x})["OutputTensor"]
        assert got.tolist() == [want]
    x = np.array([3, 2, 3, 1, 3], np.float32)
    for direction, want in (("DML_AXIS_DIRECTION_INCREASING", 0), ("DML_AXIS_DIRECTION_DECREASING", 4)):
        got = run(arg_desc("ARGMAX", [5], [0], direction=direction), {"InputTensor": x})["OutputTensor"]
        assert got.tolist() == [want]


CUM_X = np.array([[[[2, 1, 3, 5], [3, 8, 7, 3], [9, 6, 2, 4]]]], np.float32)


@pytest.mark.parametrize("axis, decreasing, exclusive, want", [
    (3, False, False, [[2, 3, 6, 11], [3, 11, 18, 21], [9, 15, 17, 21]]),
    (3, False, True, [[0, 2, 3, 6], [0, 3, 11, 18], [0, 9, 15, 17]]),
    (3, True, False, [[11, 9, 8, 5], [21, 18, 10, 3], [21, 12, 6, 4]]),
    (2, False, False, [[2, 1, 3, 5], [5, 9, 10, 8], [14, 15, 12, 12]]),
], ids=["inclusive", "exclusive", "decreasing", "axis-2"])
def test_cumulative_summation_page_examples(axis: int, decreasing: bool, exclusive: bool,
                                            want: list[list[float]], ew_isa: str) -> None:
    desc = scan_desc("SUM", [1, 1, 3, 4], axis, decreasing=decreasing, exclusive=exclusive)
    got = run(desc, {"InputTensor": CUM_X})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], np.array(want, np.float32))


@pytest.mark.parametrize("axis, decreasing, exclusive, want", [
    (3, False, False, [[2, 2, 6, 30], [3, 24, 168, 504], [9, 54, 108, 432]]),
    (3, False, True, [[1, 2, 2, 6], [1, 3, 24, 168], [1, 9, 54, 108]]),
    (3, True, False, [[30, 15, 15, 5], [504, 168, 21, 3], [432, 48, 8, 4]]),
    (2, False, False, [[2, 1, 3, 5], [6, 8, 21, 15], [54, 48, 42, 60]]),
], ids=["inclusive", "exclusive", "decreasing", "axis-2"])
def test_cumulative_product_page_formula(axis: int, decreasing: bool, exclusive: bool,
                                         want: list[list[float]]) -> None:
    desc = scan_desc("PRODUCT", [1, 1, 3, 4], axis, decreasing=decreasing, exclusive=exclusive)
    got = run(desc, {"InputTensor": CUM_X})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], np.array(want, np.float32))


# ---- Microsoft's DxDispatch samples ---------------------------------------------------------------

@pytest.mark.parametrize("model, resource, values_", [
    # input 1..9 as [1,1,3,3], SUM over axis 3: row sums
    ("dml_reduce.json", "output", [1 + 2 + 3, 4 + 5 + 6, 7 + 8 + 9]),
    # [2,4,8,3], inclusive increasing product
    ("dml_cumulative_product.json", "Out", [2, 2 * 4, 2 * 4 * 8, 2 * 4 * 8 * 3]),
])
def test_dxdispatch_samples_print_what_windows_prints(model: str, resource: str, values_: list[float],
                                                      tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "pydml", "run", str(SAMPLES / model)], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    line = f"Resource '{resource}': " + ", ".join(f"{float(v):g}" for v in values_)
    assert line in result.stdout.splitlines(), result.stdout


# ---- every function, every data type of its table at FL6_4 -----------------------------------------

CASES = [((3, 4, 5), (1,)), ((3, 4, 5), (0, 2)), ((3, 4, 5), (0, 1, 2)), ((3, 4, 5), (2,)), ((6, 7), (0,))]


@pytest.mark.parametrize("fn", FUNCTIONS)
def test_every_function_and_data_type(fn: str, rng: np.random.Generator) -> None:
    for dtype in INPUT_TYPES[fn]:
        for sizes, axes in CASES:
            x = values(rng, fn, dtype, sizes)
            outs = IDX if fn.startswith("ARG") else (dtype,)
            for out_dtype in outs:
                got = run(reduce_desc(fn, sizes, axes, dtype, out_dtype), {"InputTensor": x},
                          level=FeatureLevel.FL6_4)["OutputTensor"]
                assert got.dtype == DTYPES[out_dtype]
                check(fn, got, x, axes)


@pytest.mark.parametrize("fn", [f for f in FUNCTIONS if not f.startswith("ARG")])
def test_float32_against_torch(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    # shapes for the line and column paths, several runs per group, and a threaded size
    for sizes, axes in [((5, 300), (1,)), ((300, 5), (0,)), ((4, 3, 50), (0, 2)), ((2, 70, 300), (1,)),
                        ((64, 600), (1,)), ((3, 4, 5, 6), (1, 3))]:
        x = values(rng, fn, "FLOAT32", sizes)
        got = run(reduce_desc(fn, sizes, axes), {"InputTensor": x})["OutputTensor"]
        check(fn, got, x, axes)
        want = torch_reference(fn, x, axes)
        assert max_ulp(got, want) <= 1.0, (fn, sizes, axes)


@pytest.mark.parametrize("op", ["ARGMAX", "ARGMIN"])
def test_arg_operators_against_torch(op: str, rng: np.random.Generator) -> None:
    for dtype in ALL10:
        for out_dtype in IDX:
            x = values(rng, "MAX", dtype, (4, 9, 6))
            for axis in range(3):
                got = run(arg_desc(op, [4, 9, 6], [axis], dtype, out_dtype), {"InputTensor": x},
                          level=FeatureLevel.FL6_4)["OutputTensor"]
                t = torch.from_numpy(x.astype(np.float64))
                want = (torch.argmax if op == "ARGMAX" else torch.argmin)(t, axis, keepdim=True)
                np.testing.assert_array_equal(got.astype(np.int64), want.numpy())


@pytest.mark.parametrize("op", ["ARGMAX", "ARGMIN"])
@pytest.mark.parametrize("direction", ["DML_AXIS_DIRECTION_INCREASING", "DML_AXIS_DIRECTION_DECREASING"])
def test_arg_ties_and_multiple_axes(op: str, direction: str, ew_isa: str, rng: np.random.Generator) -> None:
    last = direction.endswith("DECREASING")
    for dtype in ("FLOAT32", "FLOAT16", "INT8", "UINT64"):
        x = rng.integers(0, 3, (3, 4, 5, 6)).astype(DTYPES[dtype])  # many ties
        for axes in ([1], [0, 2], [3, 1], [0, 1, 2, 3], [2]):
            got = run(arg_desc(op, [3, 4, 5, 6], axes, dtype, "INT64", direction),
                      {"InputTensor": x})["OutputTensor"]
            np.testing.assert_array_equal(got, arg_reference(x, axes, op == "ARGMAX", last))



@pytest.mark.parametrize("op", ["ARGMAX", "ARGMIN"])
@pytest.mark.parametrize("direction", ["DML_AXIS_DIRECTION_INCREASING", "DML_AXIS_DIRECTION_DECREASING"])
def test_arg_column_tiles_on_every_path(op: str, direction: str, rng: np.random.Generator) -> None:
    """FLOAT32 and FLOAT16 ARGMAX / ARGMIN over a middle axis run in column tiles (reduce.c
    cols_arg_rows: each lane's best value and row side by side): the first (INCREASING) or last
    (DECREASING) index of the extreme, for ties of every kind (equal values, +0 against -0,
    infinities), rows that are and are not multiples of four and lanes past the vectors; a NaN
    anywhere takes the portable steps (the first or last NaN wins). Every path and thread count
    gives the same indices, in every index type, into packed and gapped outputs."""
    last = direction.endswith("DECREASING")
    for sizes in ((3, 67, 1030), (2, 5, 40), (1, 9, 3136)):
        x = rng.integers(-2, 3, sizes).astype(np.float32)  # many ties
        x[0, :, 3] = 0.0
        x[0, 1::3, 3] = -0.0
        x[-1, :, 4] = -np.inf
        x[-1, ::4, 5] = np.inf
        nan = x.copy()
        nan[0, 1, 6] = nan[0, -1, 6] = np.nan
        for v, dtype in ((x, "FLOAT32"), (nan, "FLOAT32"), (x.astype(np.float16), "FLOAT16"),
                         (nan.astype(np.float16), "FLOAT16")):
            for out_type in ("UINT32", "INT64"):
                desc = arg_desc(op, list(sizes), [1], dtype, out_type, direction)
                got = on_every_path(
                    lambda d=desc, v=v: run(d, {"InputTensor": v})["OutputTensor"].tobytes(), (1, 2))
                assert all(g == got[0] for g in got), (op, sizes, out_type)
                before = whole_row_runs()[0]
                result = run(desc, {"InputTensor": v})["OutputTensor"].astype(np.int64)
                assert whole_row_runs()[0] - before == int(vector_path()), ("column tiles", op, sizes)
                np.testing.assert_array_equal(result, arg_reference(v, [1], op == "ARGMAX", last))
        out = [sizes[0], 1, sizes[2]]
        gapped = pydml.DML_ARGMAX_OPERATOR_DESC if op == "ARGMAX" else pydml.DML_ARGMIN_OPERATOR_DESC
        desc = gapped(InputTensor=tensor("FLOAT32", list(sizes)),
                      OutputTensor=tensor("INT32", out, [2 * sizes[2], 2 * sizes[2], 2]), Axes=[1],
                      AxisDirection=direction)
        raw = poison(np.dtype(np.int32), (2 * sizes[0] * sizes[2],))
        run(desc, {"InputTensor": x}, outputs={"OutputTensor": raw})
        np.testing.assert_array_equal(raw[::2].reshape(out), arg_reference(x, [1], op == "ARGMAX", last))
        assert (raw[1::2] == poison(np.dtype(np.int32), (1,))[0]).all(), "the gaps stay untouched"


@pytest.mark.parametrize("op", ["ARGMAX", "ARGMIN"])
@pytest.mark.parametrize("direction", ["DML_AXIS_DIRECTION_INCREASING", "DML_AXIS_DIRECTION_DECREASING"])
def test_arg_lines_on_every_path(op: str, direction: str, rng: np.random.Generator) -> None:
    """FLOAT32 and FLOAT16 ARGMAX / ARGMIN over the last axis (reduce.c line_arg: 4 vectors of
    lanes, each lane's first (last) extreme, combined by index, then the tail): the index
    update_f's scan gives, for lines shorter than the lanes, with tails, of many ties (equal
    values, +0 and -0, infinities) and with NaN (the first or last NaN wins, line_arg_ref); every
    path and thread count alike."""
    last = direction.endswith("DECREASING")
    for sizes in ((7, 5), (9, 31), (5, 200), (3, 4099), (1, 32000)):
        x = rng.integers(-3, 3, sizes).astype(np.float32)  # many ties
        x[0, ::3] = 0.0  # a line of +0 and -0 only: the first (last) zero of either sign
        x[0, 1::3] = -0.0
        x[0, 2::3] = -0.0
        x[-1, ::2] = np.inf if op == "ARGMAX" else -np.inf
        nan = x.copy()
        nan[-1, sizes[1] // 3] = nan[-1, -1] = np.nan
        for v, dtype in ((x, "FLOAT32"), (nan, "FLOAT32"), (x.astype(np.float16), "FLOAT16"),
                         (nan.astype(np.float16), "FLOAT16")):
            desc = arg_desc(op, list(sizes), [1], dtype, "INT64", direction)
            got = on_every_path(
                lambda d=desc, v=v: run(d, {"InputTensor": v})["OutputTensor"].tobytes(), (1, 2))
            assert all(g == got[0] for g in got), (op, sizes)
            before = whole_row_runs()[1]
            result = run(desc, {"InputTensor": v})["OutputTensor"]
            assert whole_row_runs()[1] - before == int(vector_path()), ("ARG lines", op, sizes)
            np.testing.assert_array_equal(result, arg_reference(v, [1], op == "ARGMAX", last))

def test_reduce_arg_functions_break_ties_to_the_first_index() -> None:
    x = np.array([[5, 1, 5, 1], [0, 0, 0, 0]], np.float32)
    got = run(reduce_desc("ARGMAX", [2, 4], [1]), {"InputTensor": x})["OutputTensor"]
    assert got.ravel().tolist() == [0, 0]
    got = run(reduce_desc("ARGMIN", [2, 4], [1]), {"InputTensor": x})["OutputTensor"]
    assert got.ravel().tolist() == [1, 0]


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_float16_and_float32_accumulate_beyond_the_input_precision(dtype: str) -> None:
    # 4096 ones and one 2^-11 (FLOAT16) / 2^-24 (FLOAT32): float accumulation in the input type
    # would lose the small term; double accumulation keeps the sum correctly rounded
    x = np.ones(4097, DTYPES[dtype])
    x[0] = 3.0
    got = run(reduce_desc("SUM", [4097], [0], dtype), {"InputTensor": x})["OutputTensor"]
    assert got[0] == np.float64(4099).astype(DTYPES[dtype])
    got = run(reduce_desc("AVERAGE", [4097], [0], dtype), {"InputTensor": x})["OutputTensor"]
    assert got[0] == np.asarray(4099 / 4097).astype(DTYPES[dtype])


# ---- NaN, infinities, integer wrapping --------------------------------------------------------------

@pytest.mark.parametrize("axes", [(1,), (0,)], ids=["lines", "columns"])
def test_nan_and_infinities(axes: tuple[int, ...], ew_isa: str) -> None:
    x = np.array([[1.0, np.nan, 3.0, np.nan], [-np.inf, -np.inf, -np.inf, -np.inf],
                  [np.inf, 1.0, 2.0, np.inf], [2.0, -1.0, 2.0, 0.5]], np.float32)
    if axes == (0,):
        x = np.ascontiguousarray(x.T)
    for fn in ("MAX", "MIN", "SUM", "LOG_SUM_EXP", "ARGMAX", "ARGMIN", "L2"):
        got = run(reduce_desc(fn, [4, 4], axes), {"InputTensor": x})["OutputTensor"].ravel()
        if fn == "MAX":
            want = [np.nan, -np.inf, np.inf, 2.0]
        elif fn == "MIN":
            want = [np.nan, -np.inf, 1.0, -1.0]
        elif fn == "SUM":
            want = [np.nan, -np.inf, np.inf, 3.5]
        elif fn == "LOG_SUM_EXP":  # as torch.logsumexp
            want = torch.logsumexp(torch.from_numpy(x.astype(np.float64)), axes[0]).numpy()
        elif fn == "L2":
            want = [np.nan, np.inf, np.inf, np.sqrt(9.25)]
        elif fn == "ARGMAX":  # NaN is the largest; first of ties
            want = [1, 0, 0, 0]
        else:  # ARGMIN: NaN is the smallest
            want = [1, 0, 1, 1]
        np.testing.assert_array_equal(got, np.asarray(want).astype(got.dtype), err_msg=fn)
    x = np.array([np.nan, 1.0, np.nan], np.float32)
    got = run(arg_desc("ARGMAX", [3], [0], direction="DML_AXIS_DIRECTION_DECREASING"),
              {"InputTensor": x})["OutputTensor"]
    assert got.tolist() == [2]


def test_integers_wrap_to_the_output_width() -> None:
    x = np.array([2**31 - 1, 1, 2**31 - 1], np.int32)
    got = run(reduce_desc("SUM", [3], [0], "INT32"), {"InputTensor": x})["OutputTensor"]
    assert got.tolist() == [-1]  # 2^32 - 1 wrapped to 32 bits
    x = np.array([np.iinfo(np.int64).min, 3], np.int64)
    got = run(reduce_desc("L1", [2], [0], "INT64"), {"InputTensor": x})["OutputTensor"]
    assert got.tolist() == [np.iinfo(np.int64).min + 3]  # |INT64_MIN| wraps to INT64_MIN
    x = np.array([2**32 - 1, 2**32 - 1], np.uint32)
    got = run(reduce_desc("MULTIPLY", [2], [0], "UINT32"), {"InputTensor": x})["OutputTensor"]
    assert got.tolist() == [1]


# ---- strides, broadcasting ---------------------------------------------------------------------------

@pytest.mark.parametrize("fn", ["SUM", "MAX", "ARGMIN", "LOG_SUM_EXP", "MULTIPLY"])
def test_permuted_input_strides_and_gapped_output(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    n, c, h, w = 2, 5, 3, 4
    nhwc = values(rng, fn, "FLOAT32", (n, h, w, c))
    x = nhwc.transpose(0, 3, 1, 2)
    in_strides = [h * w * c, 1, w * c, c]  # NHWC memory read as NCHW
    for axes in ([1], [2, 3], [0, 1], [0, 2]):
        osz = out_sizes([n, c, h, w], axes)
        packed = np.cumprod([1, *osz[::-1]])[::-1][1:]
        out_strides = [2 * int(s) for s in packed]
        span = sum((s - 1) * t for s, t in zip(osz, out_strides, strict=True)) + 1
        out_type = np.dtype(np.uint32) if fn.startswith("ARG") else np.dtype(np.float32)
        raw = poison(out_type, (span + 1,))
        desc = reduce_desc(fn, [n, c, h, w], axes, in_strides=in_strides, out_strides=out_strides)
        run(desc, {"InputTensor": nhwc.reshape(-1)}, outputs={"OutputTensor": raw})
        check(fn, raw[::2][: int(np.prod(osz))].reshape(osz), x, axes)
        if out_type.kind == "f":
            assert np.isnan(raw[1::2]).all(), "elements between the strided outputs must stay untouched"
        else:
            assert (raw[1::2] == np.uint32(0xFFFFFFFF)).all()


@pytest.mark.parametrize("fn", ["SUM", "MAX", "ARGMAX", "L1"])
def test_every_second_element_and_zero_strides(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    wide = values(rng, fn, "FLOAT32", (37, 100))
    for axes in ([0], [1], [0, 1]):
        got = run(reduce_desc(fn, [37, 50], axes, in_strides=[100, 2]), {"InputTensor": wide})["OutputTensor"]
        check(fn, got, wide[:, ::2], axes)
    row = values(rng, fn, "FLOAT32", (37,))
    for axes in ([0], [1]):
        got = run(reduce_desc(fn, [6, 37], axes, in_strides=[0, 1]), {"InputTensor": row})["OutputTensor"]
        check(fn, got, np.broadcast_to(row, (6, 37)), axes)


def test_float16_strided_and_columns(ew_isa: str, rng: np.random.Generator) -> None:
    x = (rng.standard_normal((40, 3, 30)) * 4).astype(np.float16)
    for fn in ("SUM", "MAX", "L2", "AVERAGE", "ARGMAX"):
        for axes in ([0], [2], [0, 2]):
            got = run(reduce_desc(fn, [40, 3, 30], axes, "FLOAT16"), {"InputTensor": x})["OutputTensor"]
            check(fn, got, x, axes)


def test_float16_blocks_and_wide_columns(ew_isa: str, rng: np.random.Generator) -> None:
    """FLOAT16 contiguous lines and rows take the FLOAT32 fast paths on converted blocks
    (reduce.c: lines in blocks of RD_HBLOCK = 2048, column tiles of 256 lanes): lines longer
    than a block, several runs, tiles wider than 256, NaN and infinities, 1 and 2 threads."""
    x = (rng.standard_normal((3, 2, 4500)) * 8).astype(np.float16)
    x[1, 1, 4321] = np.nan
    x[2, 0, 17] = np.inf
    for fn in ("SUM", "AVERAGE", "L1", "L2", "SUM_SQUARE", "MAX", "MIN"):
        for axes in ([2], [1, 2], [0]):
            desc = reduce_desc(fn, [3, 2, 4500], axes, "FLOAT16")
            one, two = on_threads(1, desc, x), on_threads(2, desc, x)
            assert one.tobytes() == two.tobytes(), (fn, axes)
            with np.errstate(invalid="ignore", over="ignore"):
                want = reference(fn, x, axes)
            assert np.array_equal(np.isnan(two), np.isnan(want)), (fn, axes)
            finite = ~np.isnan(want)
            assert max_ulp(two[finite], want[finite]) <= F16_ULP_BOUND, (fn, axes)
    # the sign of a zero maximum is the FLOAT32 lanes' (pairwise, so position-dependent), the same
    # for FLOAT16 as for FLOAT32
    zeros = np.array([[-1.0, 0.0] + [-1.0] * 30 + [-0.0] + [-1.0] * 31])
    for fn in ("MAX", "MIN"):
        z = zeros if fn == "MAX" else -zeros
        h = run(reduce_desc(fn, [1, 64], [1], "FLOAT16"), {"InputTensor": z.astype(np.float16)})["OutputTensor"]
        f = run(reduce_desc(fn, [1, 64], [1]), {"InputTensor": z.astype(np.float32)})["OutputTensor"]
        assert h[0, 0] == 0.0 and np.signbit(h[0, 0]) == np.signbit(f[0, 0]), fn


# ---- threads ------------------------------------------------------------------------------------------

def whole_row_runs() -> tuple[int, int]:
    """pydml_debug_reduce_stats: executions so far by column tiles and by ARG lines."""
    cells = ffi.new("uint64_t[2]")
    lib.pydml_debug_reduce_stats(cells, cells + 1)
    return int(cells[0]), int(cells[1])


def vector_path() -> bool:
    """Whether this CPU has a vector path (the whole-row kernels exist only there)."""
    return "avx2" in available_paths()


def on_threads(threads: int, desc: Any, x: np.ndarray) -> np.ndarray:
    previous = lib.pydml_set_num_threads(threads)
    try:
        return run(desc, {"InputTensor": x})["OutputTensor"]
    finally:
        lib.pydml_set_num_threads(previous)


@pytest.mark.parametrize("sizes", [(1, 300_001), (3, 140_000)])
def test_long_reductions_split_across_threads_do_not_depend_on_the_thread_count(
        sizes: tuple[int, int], ew_isa: str, rng: np.random.Generator) -> None:
    """Few outputs over a long axis: the axis is cut into fixed pieces reduced by any thread and
    combined in order (reduce.c reduce_split), so 1 and 2 threads give the same bits, and the
    documented accuracy (the float64 formula rounded once) holds."""
    for fn in ("SUM", "AVERAGE", "L1", "L2", "SUM_SQUARE", "LOG_SUM", "MAX", "MIN", "ARGMAX"):
        x = values(rng, fn, "FLOAT32", sizes)
        if fn in ("MAX", "MIN") and sizes[0] > 1:
            x[1, sizes[1] - 7] = np.nan  # a NaN in the last piece of one line only
        desc = reduce_desc(fn, sizes, [1])
        one, two = on_threads(1, desc, x), on_threads(2, desc, x)
        assert one.tobytes() == two.tobytes(), fn
        check(fn, two, x, [1])
        if fn in ("MAX", "MIN") and sizes[0] > 1:
            assert np.isnan(two[1, 0]) and not np.isnan(two[[0, 2], 0]).any()


def test_line_sums_give_the_same_bits_on_every_isa_path(rng: np.random.Generator) -> None:
    """The AVX2 line sums (reduce.c line_sum_avx2x: half the adds as fma(t, 1, acc), squares as
    fma(v, v, acc)) round every add as the portable macro body does: the same bits on each path
    for values spread over 2^-40 .. 2^40 and for lines whose +-2^30 .. 2^45 terms cancel (there
    the order of the double adds shows in the float result)."""
    spread = (rng.standard_normal((9, 1000)) * np.exp2(rng.integers(-40, 40, (9, 1000)))).astype(np.float32)
    big = np.exp2(rng.integers(30, 45, (9, 250))) * rng.choice([-1, 1], (9, 250))
    cancel = np.concatenate([rng.standard_normal((9, 500)), big, -big], 1)[:, rng.permutation(1000)]
    cancel = cancel.astype(np.float32, order="C")  # rows contiguous: the line path (not columns)
    spread[4, 17] = np.inf  # an infinite line
    for fn in ("SUM", "L1", "SUM_SQUARE", "AVERAGE", "L2", "MAX", "MIN"):
        desc = reduce_desc(fn, [9, 1000], [1])
        for x in (spread, cancel):
            got = on_every_path(lambda: run(desc, {"InputTensor": x})["OutputTensor"].tobytes())
            assert all(g == got[0] for g in got), fn
        check(fn, run(desc, {"InputTensor": spread})["OutputTensor"], spread, [1])


@pytest.mark.parametrize("axis", [1, 0])
def test_log_sum_exp_and_multiply_rows_and_columns_on_every_path(axis: int, rng: np.random.Generator) -> None:
    """LOG_SUM_EXP and MULTIPLY over contiguous lines (reduce_line: two passes, the exponentials
    vectorized in double by rd_exp_neg; line_prod's lanes, a product that overflows, underflows or
    is NaN taken again a factor at a time) and over columns (reduce_lanes: cols_ext then
    cols_sumexp; cols_prod a row at a time): the same bits on every path, the float64 formula
    rounded once. Lines with terms 700-800 below their maximum (e^(x - m) under 2^-1010: 0),
    a NaN, +inf, all -inf; products that overflow in double only in some orders, contain a 0, and
    a line of 1e-38s and 1e38s that stays finite factor by factor."""
    n = 1000
    x = rng.uniform(-5, 5, (9, n)).astype(np.float32)
    x[1, ::7] = -750.0
    x[2, 5] = np.nan
    x[3, 9] = np.inf
    x[4, :] = -np.inf
    x[5, :] = rng.uniform(-1, 1, n) * 100
    x[6, 0] = -1e30
    p = rng.uniform(0.5, 1.9, (9, n)).astype(np.float32)
    p[1, :] = np.where(np.arange(n) % 2 == 0, 1e38, 1e-38).astype(np.float32)   # finite in order
    p[2, 17] = 0.0
    p[3, :] = 3.0                                                                  # overflows
    p[4, 3] = np.nan
    p[5, ::2] = -p[5, ::2]
    for fn, data in (("LOG_SUM_EXP", x), ("MULTIPLY", p)):
        arr = np.ascontiguousarray(data if axis == 1 else data.T)
        sizes = list(arr.shape)
        desc = reduce_desc(fn, sizes, [axis])
        got = on_every_path(lambda: run(desc, {"InputTensor": arr})["OutputTensor"].tobytes())
        assert all(g == got[0] for g in got), fn
        out = np.frombuffer(got[0], np.float32)
        with np.errstate(all="ignore"):
            if fn == "LOG_SUM_EXP":
                want = torch.logsumexp(torch.from_numpy(arr.astype(np.float64)), axis).numpy()
            else:
                want = np.ones(arr.shape[1 - axis])
                for k in range(arr.shape[axis]):  # a factor at a time, as the order the test names
                    want = want * np.take(arr, k, axis=axis).astype(np.float64)
            want = want.astype(np.float32)  # the overflowing products: inf
        np.testing.assert_array_equal(out, want, err_msg=f"{fn} axis {axis}")


def test_large_column_reductions_do_not_depend_on_the_thread_count(ew_isa: str,
                                                                   rng: np.random.Generator) -> None:
    x = rng.standard_normal((3, 4099, 70)).astype(np.float32)
    for fn in ("SUM", "L2", "MAX"):
        desc = reduce_desc(fn, [3, 4099, 70], [1])
        one, two = on_threads(1, desc, x), on_threads(2, desc, x)
        assert one.tobytes() == two.tobytes(), fn
        check(fn, two, x, [1])



def test_column_tiles_give_the_same_bits_on_every_isa_path(rng: np.random.Generator) -> None:
    """FLOAT32 SUM-like reductions, MAX and MIN over a middle axis run in column tiles (reduce.c
    cols_rows, cols_ext_rows: whole rows four at a time into wide tiles, then straight to the
    outputs). The sums add in the order of the portable tiles (cols_sum: ((x0 + x1) + (x2 + x3)) a
    lane, four rows at a time, then the rest one at a time), the extrema keep the earlier of a
    +-0 tie: the same bits on every path and thread count, for terms spread
    over 2^-40 .. 2^40, terms of +-2^30 .. 2^45 that cancel (the order of the double adds shows),
    a lane of -0 (the sums start at +0), a NaN lane (its tile redone as the portable tiles do),
    row counts that are and are not multiples of four, widths that leave partial tiles and
    vectors, gapped outputs and two reduced axes."""
    shapes = (((3, 67, 1030), (1,)), ((2, 64, 40), (1,)), ((1, 5, 3136), (1,)), ((2, 6, 3, 35), (1, 2)))
    for sizes, axes in shapes:
        spread = rng.standard_normal(sizes) * np.exp2(rng.integers(-40, 40, sizes))
        big = np.exp2(rng.integers(30, 45, sizes)) * rng.choice([-1, 1], sizes)
        cancel = np.where(rng.random(sizes) < 0.3, big, rng.standard_normal(sizes))
        cancel[:, 1:2] = -cancel[:, 0:1]  # rows that cancel each other exactly
        for conditioned, x in ((True, spread.astype(np.float32)), (False, cancel.astype(np.float32))):
            x[0, :, ..., 3] = -0.0
            x[0, :, ..., 5] = -0.0  # MAX / MIN keep the earlier of a +-0 tie: +0 first, then -0 ...
            x[0, 0, ..., 5] = 0.0
            x[0, :, ..., 8] = 0.0  # ... and -0 first, then +0
            x[0, 0, ..., 8] = -0.0
            x[-1, 1, ..., 6] = np.inf
            x[-1, 2, ..., 7] = -np.inf
            nan = x.copy()
            nan[-1, -1, ..., -2] = np.nan
            for fn in ("SUM", "L1", "SUM_SQUARE", "AVERAGE", "L2", "LOG_SUM", "MAX", "MIN"):
                desc = reduce_desc(fn, sizes, axes)
                for v in (x, nan):
                    got = on_every_path(
                        lambda d=desc, v=v: run(d, {"InputTensor": v})["OutputTensor"].tobytes(), (1, 2))
                    assert all(g == got[0] for g in got), (fn, sizes)
                before = whole_row_runs()[0]
                result = run(desc, {"InputTensor": x})["OutputTensor"]
                assert whole_row_runs()[0] - before == int(vector_path()), ("column tiles", fn, sizes)
                if (conditioned or fn in ("MAX", "MIN")) and fn != "LOG_SUM":  # LOG_SUM: negative sums: NaN
                    check(fn, result, x, axes)
            out = out_sizes(sizes, axes)
            gapped = [2 * int(np.prod(out[d + 1:])) for d in range(len(out))]
            for fn in ("AVERAGE", "MAX"):
                desc = reduce_desc(fn, sizes, axes, out_strides=gapped)

                def strided(d: Any = desc, v: np.ndarray = x, count: int = int(np.prod(out))) -> np.ndarray:
                    raw = poison(np.dtype(np.float32), (2 * count,))
                    run(d, {"InputTensor": v}, outputs={"OutputTensor": raw})
                    return raw

                got = on_every_path(lambda: strided().tobytes())
                assert all(g == got[0] for g in got), ("gapped", fn, sizes)
                raw = strided()
                if conditioned or fn == "MAX":
                    check(fn, raw[::2].reshape(out), x, axes)
                assert np.isnan(raw[1::2]).all(), "elements between the strided outputs must stay untouched"


# ---- scans ------------------------------------------------------------------------------------------------

def scan_reference(op: str, x: np.ndarray, axis: int, decreasing: bool, exclusive: bool) -> np.ndarray:
    if x.dtype.kind == "f":
        w = x.astype(np.float64)
    else:
        w = x.astype(np.uint64 if x.dtype.kind == "u" else np.int64)
    if decreasing:
        w = np.flip(w, axis)
    with np.errstate(over="ignore"):
        acc = np.cumsum(w, axis) if op == "SUM" else np.cumprod(w, axis)
        if exclusive:
            head = np.take(w, [0], axis)
            first = np.zeros_like(head) if op == "SUM" else np.ones_like(head)
            acc = np.concatenate([first, np.take(acc, range(w.shape[axis] - 1), axis)], axis)
    if decreasing:
        acc = np.flip(acc, axis)
    return acc


@pytest.mark.parametrize("op", ["SUM", "PRODUCT"])
def test_scans_every_data_type_axis_and_direction(op: str, ew_isa: str, rng: np.random.Generator) -> None:
    for dtype in SCAN_TYPES:
        dt = DTYPES[dtype]
        if dt.kind == "f":
            x = (rng.uniform(0.5, 1.5, (3, 5, 7)) * rng.choice([-1, 1], (3, 5, 7))).astype(dt)
        else:
            x = rng.integers(-(2**20) if dt.kind == "i" else 0, 2**20, (3, 5, 7)).astype(dt)
        for axis, decreasing, exclusive in itertools.product(range(3), (False, True), (False, True)):
            got = run(scan_desc(op, [3, 5, 7], axis, dtype, decreasing, exclusive), {"InputTensor": x},
                      level=FeatureLevel.FL6_4)["OutputTensor"]
            want = scan_reference(op, x, axis, decreasing, exclusive)
            if dt.kind == "f":
                assert max_ulp(got, want) <= (0.5 if dt == np.float16 else 0.0), (dtype, axis)
            else:
                np.testing.assert_array_equal(got, want.astype(dt))


def test_scans_against_torch(rng: np.random.Generator) -> None:
    x = rng.uniform(0.5, 1.5, (4, 300, 6)).astype(np.float32)
    t = torch.from_numpy(x.astype(np.float64))
    for axis in range(3):
        got = run(scan_desc("SUM", [4, 300, 6], axis), {"InputTensor": x})["OutputTensor"]
        assert max_ulp(got, torch.cumsum(t, axis).numpy()) <= 1.0
        got = run(scan_desc("PRODUCT", [4, 300, 6], axis), {"InputTensor": x})["OutputTensor"]
        assert max_ulp(got, torch.cumprod(t, axis).numpy()) <= 1.0


def assert_same_values(got: np.ndarray, want: np.ndarray, what: object) -> None:
    """Bit for bit (the sign of zero included), except that a NaN's sign and payload are free: which
    operand's NaN a product carries depends on the compiler's operand order (the sanitized build
    differs), and the pages define none. Cheap on a failure (no diff of a megabyte of bytes)."""
    nan_got, nan_want = np.isnan(got), np.isnan(want)
    bad = np.flatnonzero((nan_got != nan_want) | (~nan_want & (got.view(np.uint32) != want.view(np.uint32))))
    if bad.size:
        first = bad[0]
        raise AssertionError(f"{what}: {bad.size} differ, first at {first}: {got.flat[first]!r} != {want.flat[first]!r}")


@pytest.mark.parametrize("decreasing", [False, True])
def test_long_products_that_underflow_to_zero(decreasing: bool, ew_isa: str, rng: np.random.Generator) -> None:
    """A long line's product of normal values underflows to +-0 within a thousand elements;
    reduce.c scan_plain then writes the outputs from the signs alone (8 at a time on AVX2) until
    an infinity or NaN (0 * inf is NaN). The float64 recurrence rounded once, sign of zero
    included; zeros, infinities and a NaN placed after the underflow."""
    n = (1 << 18) + 37   # a long line (RD_SCAN_SPLIT), not a multiple of 8
    x = rng.standard_normal(n).astype(np.float32)
    at = n - 5000 if decreasing else 5000   # where the traversal has long underflowed
    step = -1 if decreasing else 1
    for i, v in enumerate((0.0, -0.0, np.inf)):
        x[at + step * 300 * (i + 1)] = v
    x[at + step * 90_000] = np.nan
    for exclusive in (False, True):
        got = run(scan_desc("PRODUCT", [n], 0, decreasing=decreasing, exclusive=exclusive),
                  {"InputTensor": x})["OutputTensor"]
        with np.errstate(invalid="ignore"):   # 0 * inf
            want = scan_reference("PRODUCT", x, 0, decreasing, exclusive).astype(np.float32)
        assert_same_values(got, want, exclusive)
        assert np.isnan(want).any() and np.signbit(want[want == 0]).any() and (~np.signbit(want[want == 0])).any()


def test_product_rows_that_underflow_to_zero(ew_isa: str, rng: np.random.Generator) -> None:
    """Rows scanned four at a time (reduce.c scan_lines_f32) in blocks of 512: a row whose product
    has reached +-0 finishes in scan_plain's zero run; the float64 recurrence rounded once, bit
    for bit, for contiguous rows and rows read every second element."""
    x = rng.standard_normal((7, 3001)).astype(np.float32)
    x[1, 2000], x[2, 1500], x[3, 2500], x[4, 1700] = np.inf, -0.0, np.nan, 0.0
    raw = np.full((7, 3001, 2), np.nan, np.float32)
    raw[:, :, 0] = x
    for decreasing, exclusive in itertools.product((False, True), (False, True)):
        with np.errstate(invalid="ignore"):   # 0 * inf
            want = scan_reference("PRODUCT", x, 1, decreasing, exclusive).astype(np.float32)
        got = run(scan_desc("PRODUCT", [7, 3001], 1, decreasing=decreasing, exclusive=exclusive),
                  {"InputTensor": x})["OutputTensor"]
        assert_same_values(got, want, (decreasing, exclusive))
        desc = scan_desc("PRODUCT", [7, 3001], 1, decreasing=decreasing, exclusive=exclusive,
                         in_strides=[6002, 2])
        got = run(desc, {"InputTensor": raw.reshape(-1)})["OutputTensor"]
        assert_same_values(got, want, (decreasing, exclusive, "strided"))


def test_scans_strided_and_in_place(rng: np.random.Generator) -> None:
    x = rng.standard_normal((6, 20)).astype(np.float32)
    # input read transposed, output every second element
    raw = poison(np.dtype(np.float32), (2 * 120,))
    desc = scan_desc("SUM", [20, 6], 0, in_strides=[1, 20], out_strides=[12, 2])
    run(desc, {"InputTensor": x.reshape(-1)}, outputs={"OutputTensor": raw})
    assert max_ulp(raw[::2].reshape(20, 6), scan_reference("SUM", x.T, 0, False, False)) == 0.0
    assert np.isnan(raw[1::2]).all()
    # the pages allow OutputTensor to alias InputTensor
    for axis in (0, 1):
        buf = x.copy()
        desc = scan_desc("SUM", [6, 20], axis, decreasing=True, exclusive=True)
        op = pydml.Device().create_operator(desc)
        op.execute({"InputTensor": buf}, {"OutputTensor": buf})
        assert max_ulp(buf, scan_reference("SUM", x, axis, True, True)) == 0.0


# ---- the pages' rules ---------------------------------------------------------------------------------

def assert_refused(desc: Any, field: str, rule: str, level: Any = None) -> None:
    name = schema_of(desc).c_name
    device = pydml.Device() if level is None else pydml.Device(feature_level=level)
    for check_desc in ((lambda d: pydml.validate(d, level)) if level is not None else pydml.validate,
                       device.create_operator):
        with pytest.raises(ValidationError) as info:
            check_desc(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


def make_for(op: str, axes: list[int], sizes: Sequence[int] = (2, 3, 4, 5)) -> Any:
    return reduce_desc("SUM", sizes, axes) if op == "REDUCE" else arg_desc(op, sizes, axes)


@pytest.mark.parametrize("op", ["REDUCE", "ARGMIN", "ARGMAX"])
@pytest.mark.parametrize("axes, field, rule", [
    ([4], "Axes[0]", "must be in [0, InputTensor.DimensionCount - 1] = [0, 3], got 4"),
    ([0, 9], "Axes[1]", "must be in [0, InputTensor.DimensionCount - 1] = [0, 3], got 9"),
    ([1, 3, 1], "Axes[2]", "must differ from the other Axes (Axes[0] is also 1), got 1"),
    ([0, 1, 2, 3, 0], "AxisCount", "must be in 1 .. InputTensor.DimensionCount (4), got 5"),
], ids=["out-of-range", "out-of-range-later", "repeated", "too-many"])
def test_axes_rules(op: str, axes: list[int], field: str, rule: str) -> None:
    sizes = [2, 3, 4, 5]
    desc = dataclasses.replace(make_for(op, [0], sizes), Axes=axes)
    assert_refused(desc, field, rule)


@pytest.mark.parametrize("op", ["REDUCE", "ARGMIN", "ARGMAX"])
def test_empty_axes_are_refused(op: str) -> None:
    desc = dataclasses.replace(make_for(op, [0]), Axes=[])
    with pytest.raises(ValidationError) as info:
        pydml.validate(desc)
    assert info.value.field == "AxisCount"


@pytest.mark.parametrize("op", ["REDUCE", "ARGMIN", "ARGMAX"])
def test_output_sizes_rules(op: str) -> None:
    out_type = "FLOAT32" if op == "REDUCE" else "UINT32"
    desc = make_for(op, [1, 3])
    desc = dataclasses.replace(desc, OutputTensor=tensor(out_type, [2, 3, 4, 1]))
    assert_refused(desc, "OutputTensor.Sizes[1]", "must be 1 (dimension 1 is reduced), got 3")
    desc = dataclasses.replace(desc, OutputTensor=tensor(out_type, [2, 1, 1, 1]))
    assert_refused(desc, "OutputTensor.Sizes[2]",
                   "must match InputTensor.Sizes[2] (4; dimension 2 is not reduced), got 1")
    if op == "REDUCE":  # ARG*'s tables already say "same DimensionCount"
        desc = dataclasses.replace(desc, OutputTensor=tensor(out_type, [2, 1, 4]))
        assert_refused(desc, "OutputTensor.DimensionCount",
                       "must match InputTensor.DimensionCount (4), got 3")


def test_every_axis_set_of_a_4d_tensor_is_valid() -> None:
    for k in range(1, 5):
        for axes in itertools.permutations(range(4), k):
            for op in ("REDUCE", "ARGMIN", "ARGMAX"):
                pydml.validate(make_for(op, list(axes)))


def test_reduce_data_types_follow_the_function_tables() -> None:
    # non-ARG functions: output type equals input type
    desc = reduce_desc("SUM", [2, 3], [1], "FLOAT32", "FLOAT16")
    assert_refused(desc, "OutputTensor.DataType",
                   "must match InputTensor.DataType DML_TENSOR_DATA_TYPE_FLOAT32 (only ARGMAX and ARGMIN "
                   "output another type), got DML_TENSOR_DATA_TYPE_FLOAT16")
    # ARG*: an integral output of the table
    desc = reduce_desc("ARGMAX", [2, 3], [1], "FLOAT32", "FLOAT32")
    assert_refused(desc, "OutputTensor.DataType",
                   "must be one of UINT32, INT32, UINT64, INT64 for DML_REDUCE_FUNCTION_ARGMAX, got "
                   "DML_TENSOR_DATA_TYPE_FLOAT32")
    # float-only functions (the union table allows integers, the function table does not)
    desc = reduce_desc("AVERAGE", [2, 3], [1], "INT32")
    assert_refused(desc, "InputTensor.DataType",
                   "must be one of FLOAT32, FLOAT16 for DML_REDUCE_FUNCTION_AVERAGE, got "
                   "DML_TENSOR_DATA_TYPE_INT32")
    desc = reduce_desc("SUM", [2, 3], [1], "INT8")
    assert_refused(desc, "InputTensor.DataType",
                   "must be one of FLOAT32, FLOAT16, UINT32, INT32, UINT64, INT64 for "
                   "DML_REDUCE_FUNCTION_SUM, got DML_TENSOR_DATA_TYPE_INT8")
    # a type a later level's function table takes
    desc = reduce_desc("SUM", [2, 3], [1], "INT64")
    with pytest.raises(ValidationError) as info:
        pydml.validate(desc, FeatureLevel.FL4_1)
    assert info.value.field == "InputTensor.DataType"
    assert ("DML_TENSOR_DATA_TYPE_INT64 needs DML_FEATURE_LEVEL_5_0 for DML_REDUCE_FUNCTION_SUM"
            in str(info.value))
    pydml.validate(desc, FeatureLevel.FL5_0)
    desc = reduce_desc("ARGMIN", [2, 3], [1], "FLOAT32", "INT64")
    pydml.validate(desc, FeatureLevel.FL3_0)


@pytest.mark.parametrize("op", ["SUM", "PRODUCT"])
def test_scan_axis_rule(op: str) -> None:
    desc = scan_desc(op, [2, 3, 4], 3)
    assert_refused(desc, "Axis", "must be less than InputTensor.DimensionCount (3), got 3")
    for axis in range(3):
        pydml.validate(scan_desc(op, [2, 3, 4], axis))


@pytest.mark.parametrize("fn", ["SUM", "L1", "SUM_SQUARE", "AVERAGE", "L2", "LOG_SUM"])
def test_short_lines_sum_in_order_in_double(fn: str, rng: np.random.Generator) -> None:
    """Lines shorter than the line sum's 32 lanes (reduce.c short_rows: eight lines side by side)
    sum their terms in order in double, each result rounded once: numpy's cumulative float64 sum
    (sequential) is the reference, bit for bit, on every ISA path and 1 and 2 threads; row counts
    around the groups of eight, NaN, infinities and signed zeros."""
    for n in (2, 4, 7, 31):
        for rows in (1, 9, 17, 300):  # (the tail alone; groups of eight and a tail)
            x = (rng.standard_normal((rows, n)) * rng.choice([1e-20, 1.0, 1e18], size=(rows, n))).astype(np.float32)
            if n >= 3:  # every other row +-2^55..2^62 that cancel: the order of the adds shows
                big = np.exp2(rng.integers(55, 62, (rows + 1) // 2)).astype(np.float32)
                x[::2, 0], x[::2, 2] = big, -big
            if fn == "LOG_SUM":
                x = np.abs(x)
            flat = x.reshape(-1)
            flat[rng.integers(0, flat.size, 3)] = rng.choice([np.nan, np.inf, -np.inf, -0.0], 3)
            terms = x.astype(np.float64)
            terms = np.abs(terms) if fn == "L1" else terms * terms if fn in ("SUM_SQUARE", "L2") else terms
            with np.errstate(all="ignore"):
                total = 0.0 + np.cumsum(terms, axis=1)[:, -1:]
                want = {"AVERAGE": total / n, "L2": np.sqrt(total), "LOG_SUM": np.log(total)}.get(fn, total)
            desc = reduce_desc(fn, [rows, n], [1])
            got = on_every_path(lambda d=desc, v=x: run(d, {"InputTensor": v})["OutputTensor"], (1, 2))
            for g in got:
                np.testing.assert_array_equal(g.view(np.uint32) & ~np.isnan(g) * 0xFFFFFFFF,
                                              want.astype(np.float32).view(np.uint32) & ~np.isnan(want) * 0xFFFFFFFF,
                                              err_msg=f"{fn} {rows}x{n}")
                np.testing.assert_array_equal(np.isnan(g), np.isnan(want.astype(np.float32)))
