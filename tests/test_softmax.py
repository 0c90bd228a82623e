"""SOFTMAX, SOFTMAX1, LOG_SOFTMAX, LOG_SOFTMAX1, HARDMAX, HARDMAX1 (native/families/softmax.c) and their
own rules (native/validate/rules_softmax.c).

References: numpy float64 written from the pages' formulas (rounded once to the output type by
``max_ulp``), torch.softmax / torch.log_softmax / torch.argmax as a second reference, and the
HARDMAX1 page's worked examples. Every kernel test runs on each ISA path (``ew_isa``) with
poisoned outputs (``ew_harness.run``).

Decisions the pages leave open, asserted here (and commented in softmax.c):
  * the FL1_0 forms reduce the last dimension (SOFTMAX1 page: SOFTMAX == SOFTMAX1 with Axes
    {DimensionCount - 1}; their pages allow an effective rank of at most 2);
  * a group of only -inf is 0 / 0 by the page's formula: NaN (as torch), not uniform;
  * +inf or NaN in a group makes the softmax / log_softmax group NaN (as torch);
  * HARDMAX: the first maximum in row-major order of the reduced coordinates, whatever the order
    of Axes; NaN counts as the largest value (the first NaN wins, as numpy/torch argmax);
  * AxisCount 0 is refused (the pages define no empty Axes).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import ISA_PATHS, max_ulp, poison, run, tensor, threads

import pydml
from pydml import FeatureLevel, ValidationError
from pydml.native import lib
from pydml.registry import schema_of

FUNCTIONS = ("softmax", "log_softmax", "hardmax")
DESCS: dict[str, tuple[Any, Any]] = {
    "softmax": (pydml.DML_ACTIVATION_SOFTMAX_OPERATOR_DESC, pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC),
    "log_softmax": (pydml.DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC,
                    pydml.DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC),
    "hardmax": (pydml.DML_ACTIVATION_HARDMAX_OPERATOR_DESC, pydml.DML_ACTIVATION_HARDMAX1_OPERATOR_DESC),
}
NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
#: measured float32 bounds against the float64 formula rounded to float32 (every ISA path):
#: softmax 2 ulp with FMA, 3 on the portable path; log_softmax 2 ulp; hardmax exact.
ULP_BOUND = {"softmax": 3.0, "log_softmax": 2.0, "hardmax": 0.0}


def make(fn: str, sizes: Sequence[int], axes: Sequence[int] | None = None, dtype: str = "FLOAT32",
         in_strides: Sequence[int] | None = None, out_strides: Sequence[int] | None = None) -> Any:
    """The FL1_0 form when axes is None, else the "1" form with these Axes."""
    first, second = DESCS[fn]
    tensors = {"InputTensor": tensor(dtype, sizes, in_strides),
               "OutputTensor": tensor(dtype, sizes, out_strides)}
    return first(**tensors) if axes is None else second(**tensors, Axes=list(axes))


def reference(fn: str, x: np.ndarray, axes: Sequence[int]) -> np.ndarray:
    """The page's formula in float64 over the reduced axes (numerically stable forms)."""
    x = x.astype(np.float64)
    ax = tuple(sorted(axes))
    n, k = x.ndim, len(ax)
    if fn == "hardmax":  # first maximum in row-major order of the reduced coordinates
        moved = np.moveaxis(x, ax, range(n - k, n))
        flat = moved.reshape((*moved.shape[: n - k], -1))
        idx = np.argmax(flat, axis=-1)  # first occurrence; the first NaN when there is one
        one = np.zeros_like(flat)
        np.put_along_axis(one, idx[..., None], 1.0, axis=-1)
        return np.moveaxis(one.reshape(moved.shape), range(n - k, n), ax)
    with np.errstate(invalid="ignore", divide="ignore"):
        m = x.max(axis=ax, keepdims=True)
        d = x - m
        e = np.exp(d)
        if fn == "softmax":
            return e / e.sum(axis=ax, keepdims=True)
        # ln(sum) as ln(c) + ln1p(t / c), c the maxima (exp(0) = 1 each) and t the rest: a plain
        # float64 ln(1 + t) rounds away the small results float32 can still represent
        c = (d == 0).sum(axis=ax, keepdims=True)
        t = np.where(d == 0, 0.0, e).sum(axis=ax, keepdims=True)
        return d - np.where(c > 0, np.log(c) + np.log1p(t / np.maximum(c, 1)), np.log(t))


def torch_reference(fn: str, x: np.ndarray, axes: Sequence[int]) -> np.ndarray:
    """torch on the same values: reduced axes moved last and flattened into one."""
    ax = tuple(sorted(axes))
    n, k = x.ndim, len(ax)
    moved = np.moveaxis(x.astype(np.float32), ax, range(n - k, n))
    flat = torch.from_numpy(np.ascontiguousarray(moved.reshape((*moved.shape[: n - k], -1))))
    if fn == "softmax":
        out = torch.softmax(flat, -1)
    elif fn == "log_softmax":
        out = torch.log_softmax(flat, -1)
    else:
        out = torch.nn.functional.one_hot(torch.argmax(flat, -1), flat.shape[-1]).to(torch.float32)
    return np.moveaxis(out.numpy().reshape(moved.shape), range(n - k, n), ax)


def check(fn: str, got: np.ndarray, x: np.ndarray, axes: Sequence[int], *, with_torch: bool = True) -> None:
    want = reference(fn, x, axes)
    with np.errstate(over="ignore"):  # results beyond float32's range compare as infinities
        ulp = max_ulp(got, want)
    assert ulp <= (1.0 if got.dtype == np.float16 else ULP_BOUND[fn])  # half: rounded once from float
    if with_torch and got.dtype == np.float32:
        np.testing.assert_allclose(got, torch_reference(fn, x, axes), rtol=1e-5, atol=1e-6)


def values(rng: np.random.Generator, shape: Sequence[int], scale: float = 6.0) -> np.ndarray:
    return (rng.standard_normal(tuple(shape)) * scale).astype(np.float32)


# ---- semantics ---------------------------------------------------------------------------------

@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("shape", [(1, 1, 6, 37), (3, 300), (1, 1000), (5,), (1, 1, 1, 1)])
def test_fl1_0_forms_reduce_the_last_dimension(fn: str, shape: tuple[int, ...], ew_isa: str,
                                               rng: np.random.Generator) -> None:
    x = values(rng, shape)
    got = run(make(fn, shape), {"InputTensor": x})["OutputTensor"]
    check(fn, got, x, [len(shape) - 1])


AXES = [(0,), (1,), (2,), (3,), (0, 2), (2, 0), (1, 3), (3, 1, 0), (1, 2), (2, 3, 1), (0, 1, 2, 3),
        (3, 2, 1, 0)]


@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("axes", AXES, ids=str)
def test_axes_any_subset_in_any_order(fn: str, axes: tuple[int, ...], ew_isa: str,
                                      rng: np.random.Generator) -> None:
    shape = (3, 4, 5, 6)
    x = values(rng, shape)
    got = run(make(fn, shape, axes), {"InputTensor": x})["OutputTensor"]
    check(fn, got, x, axes)


@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
def test_one_form_with_the_last_axis_equals_the_fl1_0_form(fn: str, rng: np.random.Generator) -> None:
    # SOFTMAX1 / LOG_SOFTMAX1 remarks: equivalent when AxisCount == 1 and Axes == {DimensionCount - 1}
    x = values(rng, (1, 1, 7, 50))
    a = run(make(fn, x.shape), {"InputTensor": x})["OutputTensor"]
    b = run(make(fn, x.shape, [3]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("shape, axes", [
    ((2, 300, 500), (1,)),     # strided groups: column tiles of 208, the last one partial; threaded
    ((1100, 70), (0,)),        # long strided groups, 2 tiles
    ((70, 1100), (1,)),        # contiguous groups, threaded
    ((40, 3, 300), (0, 2)),    # groups of several contiguous runs, gathered
    ((300, 2, 150), (0, 1)),   # groups of several strided runs, column tiles
], ids=str)
def test_larger_shapes_tiles_and_threads(fn: str, shape: tuple[int, ...], axes: tuple[int, ...],
                                         ew_isa: str, rng: np.random.Generator) -> None:
    x = values(rng, shape)
    got = run(make(fn, shape, axes), {"InputTensor": x})["OutputTensor"]
    check(fn, got, x, axes)


@pytest.mark.parametrize("fn", FUNCTIONS)
def test_column_mode_same_bits_on_one_and_two_threads(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    # [2, 300, 500] over axis 1: 2 groups of 300 (fewer elements than the parallel threshold) but
    # 300 000 in all, so it runs threaded; the threshold once counted groups x L only, which ran
    # column mode on one thread (issue 25: [32, 512, 1024] did not scale)
    shape, axes = (2, 300, 500), (1,)
    x = values(rng, shape)
    with threads(1):
        one = run(make(fn, shape, axes), {"InputTensor": x})["OutputTensor"]
    with threads(2):
        two = run(make(fn, shape, axes), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(one.view(np.uint32), two.view(np.uint32))
    check(fn, two, x, axes)


@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("axes", [None, (0,), (0, 2)], ids=str)
def test_float16_converts_on_load_and_store(fn: str, axes: tuple[int, ...] | None, ew_isa: str,
                                            rng: np.random.Generator) -> None:
    shape = (1, 9, 70) if axes is not None else (1, 1, 9, 70)
    x = values(rng, shape, 3.0).astype(np.float16)
    got = run(make(fn, shape, axes, "FLOAT16"), {"InputTensor": x})["OutputTensor"]
    assert got.dtype == np.float16
    check(fn, got, x, axes if axes is not None else [len(shape) - 1])


# ---- HARDMAX -----------------------------------------------------------------------------------

PAGE_INPUT = np.array([[[12, 0], [-101, 11]], [[3, 234], [0, -101]]], np.float32)


@pytest.mark.parametrize("axes, want", [
    ([1], [[[1, 0], [0, 1]], [[1, 1], [0, 0]]]),
    ([0], [[[1, 0], [0, 1]], [[0, 1], [1, 0]]]),
    ([0, 2], [[[0, 0], [0, 1]], [[0, 1], [0, 0]]]),
], ids=["Axes{1}", "Axes{0}", "Axes{0,2}"])
def test_hardmax1_page_examples(axes: list[int], want: list[Any], ew_isa: str) -> None:
    got = run(make("hardmax", [2, 2, 2], axes), {"InputTensor": PAGE_INPUT})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array(want, np.float32))


def test_hardmax_ties_go_to_the_first_maximum(ew_isa: str) -> None:
    row = np.array([[3, 7, 7, 1]], np.float32)
    got = run(make("hardmax", [1, 4]), {"InputTensor": row})["OutputTensor"]
    np.testing.assert_array_equal(got, [[0, 1, 0, 0]])
    # a long line: the maximum in a later 64-element block, tied further on
    line = np.zeros((1, 300), np.float32)
    line[0, [100, 130, 299]] = 5.0
    got = run(make("hardmax", [1, 300]), {"InputTensor": line})["OutputTensor"]
    assert got[0].nonzero()[0].tolist() == [100]
    # several axes, all equal: the first in row-major order of the reduced coordinates, whatever
    # the order of Axes; for a strided group (column tiles) too
    flat = np.ones((2, 3, 2), np.float32)
    for axes in ([0, 2], [2, 0]):
        got = run(make("hardmax", [2, 3, 2], axes), {"InputTensor": flat})["OutputTensor"]
        want = np.zeros((2, 3, 2), np.float32)
        want[0, :, 0] = 1
        np.testing.assert_array_equal(got, want)
    col = np.array([[1, 2], [4, 2], [4, 9], [0, 9]], np.float32)
    got = run(make("hardmax", [4, 2], [0]), {"InputTensor": col})["OutputTensor"]
    np.testing.assert_array_equal(got, [[0, 0], [1, 0], [0, 1], [0, 0]])


# ---- strides, broadcasting, large magnitudes ----------------------------------------------------

@pytest.mark.parametrize("fn", FUNCTIONS)
def test_permuted_input_strides_and_gapped_output(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    n, c, h, w = 2, 5, 3, 4
    nhwc = values(rng, (n, h, w, c))
    in_strides = [h * w * c, 1, w * c, c]  # NHWC memory read as NCHW
    out_strides = [2 * c * h * w, 2 * h * w, 2 * w, 2]  # every second element
    span = sum((s - 1) * t for s, t in zip([n, c, h, w], out_strides, strict=True)) + 1
    raw = poison(np.dtype(np.float32), (span + 1,))
    x = nhwc.transpose(0, 3, 1, 2)
    for axes in ([1], [2, 3], [0, 1]):
        raw.fill(np.nan)
        desc = make(fn, [n, c, h, w], axes, in_strides=in_strides, out_strides=out_strides)
        run(desc, {"InputTensor": nhwc.reshape(-1)}, outputs={"OutputTensor": raw})
        check(fn, raw[::2][: n * c * h * w].reshape(n, c, h, w), x, axes)
        assert np.isnan(raw[1::2]).all(), "elements between the strided outputs must stay untouched"


@pytest.mark.parametrize("fn", FUNCTIONS)
def test_input_of_every_second_element(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    # no axis of the input is contiguous: groups and tiles read with stride 2
    wide = values(rng, (37, 100))
    for axes in ([0], [1], [0, 1]):
        got = run(make(fn, [37, 50], axes, in_strides=[100, 2]), {"InputTensor": wide})["OutputTensor"]
        check(fn, got, wide[:, ::2], axes)


@pytest.mark.parametrize("fn", FUNCTIONS)
def test_zero_strides_broadcast_the_input(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    # one row read for every batch entry (stride 0 on a kept axis)
    row = values(rng, (37,))
    got = run(make(fn, [6, 37], [1], in_strides=[0, 1]), {"InputTensor": row})["OutputTensor"]
    check(fn, got, np.broadcast_to(row, (6, 37)), [1])
    # one value per group read for every element of it (stride 0 on the reduced axis)
    col = values(rng, (6,))
    for axes in ([1], [0, 1]):
        got = run(make(fn, [6, 40], axes, in_strides=[1, 0]), {"InputTensor": col})["OutputTensor"]
        x = np.broadcast_to(col[:, None], (6, 40))
        check(fn, got, x, axes)
    if fn == "softmax":  # a constant group is uniform
        got = run(make(fn, [6, 40], [1], in_strides=[1, 0]), {"InputTensor": col})["OutputTensor"]
        np.testing.assert_allclose(got, np.full((6, 40), 1 / 40, np.float32), rtol=1e-7)


@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("axes", [None, (0,)], ids=["lines", "columns"])
def test_large_magnitudes_do_not_overflow(fn: str, axes: tuple[int, ...] | None, ew_isa: str) -> None:
    groups = np.array([
        [1e4, -1e4, 1e4 - 1, 0.5, -3e38, 3e38],
        [-1e4, -1e4 + 2, -1e4 + 30, -1e4 + 1, -1e4, -1e4],
        [88.0, 89.0, 90.0, -104.0, -200.0, 100.0],
        [-np.inf, 1.0, -np.inf, 2.0, 3.0, -np.inf],  # -inf next to finite values: 0 / -inf
    ], np.float32)
    x = groups if axes is None else np.ascontiguousarray(groups.T)
    red = [1] if axes is None else [0]
    got = run(make(fn, x.shape, axes), {"InputTensor": x})["OutputTensor"]
    assert not np.isnan(got).any()
    check(fn, got, x, red)
    if fn == "softmax":
        sums = got.astype(np.float64).sum(axis=red[0])
        np.testing.assert_allclose(sums, 1.0, rtol=1e-6)


def test_softmax_rows_mixing_the_fast_and_general_exp(ew_isa: str, rng: np.random.Generator) -> None:
    # The line kernel takes a short exp (ew_expf_normal) on a row whose differences x - m are all
    # in [-86, 0] and the general one otherwise: rows of 600 (blocks of 256, 256, 88) with one
    # element moved from m - 85.9 (in range, e^-85.9 ~ 5e-38: below half an ulp of the double
    # partial sums it joins) out of range (its term is at most e^-86.5, also absorbed) must give
    # the other elements the same bits as the row left in range.
    base = values(rng, (6, 600), scale=4.0)
    x = base.copy()
    for r, (j, d) in enumerate([(0, -200.0), (300, -90.0), (599, -1e4), (255, -np.inf), (256, -87.0),
                                (100, -86.5)]):
        m = base[r].max()
        base[r, j] = m - np.float32(85.9)
        x[r, j] = m + np.float32(d)
    got_base = run(make("softmax", base.shape), {"InputTensor": base})["OutputTensor"]
    got = run(make("softmax", x.shape), {"InputTensor": x})["OutputTensor"]
    check("softmax", got_base, base, [1])
    check("softmax", got, x, [1])
    changed = x != base
    assert changed.sum() == 6
    np.testing.assert_array_equal(got[~changed], got_base[~changed])


@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
def test_float16_softmax_rows_mixing_the_fast_and_general_exp(fn: str, ew_isa: str, rng: np.random.Generator) -> None:
    # FLOAT16 lines take the short exp (ew_expf_normal) when every x - m is in [-86, 0], else
    # ew_expf (softmax.c: sm_line16): as in FLOAT32, one element moved from m - 85.875 (in range)
    # out of range leaves the other elements' bits as they were. A NaN, which the maximum and the
    # minimum ignore, makes the sum NaN: the row is redone with ew_expf, so its bits (the sign of
    # the NaN included, which the short exp does not keep) are those of the same row sent through
    # ew_expf by an element out of range.
    base = values(rng, (8, 600), scale=4.0).astype(np.float16)
    x = base.copy()
    moves = [(0, -200.0), (300, -90.0), (599, -1e4), (255, -np.inf), (256, -87.0), (100, -86.5)]
    for r, (j, d) in enumerate(moves):
        m = np.float32(base[r].max())
        base[r, j] = np.float16(m - np.float32(85.875))
        x[r, j] = np.float16(m + np.float32(d))
    x[6, 17] = np.float16(np.nan)
    x[7] = x[6]
    x[7, 40] = np.float16(-np.inf)
    x[6, 3] = x[7, 3] = np.array(0xFE01, np.uint16).view(np.float16)   # a negative NaN with a payload
    got_base = run(make(fn, base.shape, dtype="FLOAT16"), {"InputTensor": base})["OutputTensor"]
    got = run(make(fn, x.shape, dtype="FLOAT16"), {"InputTensor": x})["OutputTensor"]
    check(fn, got_base, base, [1])
    check(fn, got[:6], x[:6], [1])
    changed = x != base
    assert changed[:6].sum() == 6
    np.testing.assert_array_equal(got[:6][~changed[:6]], got_base[:6][~changed[:6]])
    assert np.isnan(got[6:]).all()
    np.testing.assert_array_equal(got[6].view(np.uint16), got[7].view(np.uint16))
    # every path runs the same line: the portable C's bits (but for a NaN's sign and payload, which
    # follow the operand order each compiled body picked)
    lib.pydml_set_cpu_features(ISA_PATHS["portable"])
    try:
        portable = run(make(fn, x.shape, dtype="FLOAT16"), {"InputTensor": x})["OutputTensor"]
    finally:
        lib.pydml_set_cpu_features(ISA_PATHS[ew_isa])
    np.testing.assert_array_equal(got[:6].view(np.uint16), portable[:6].view(np.uint16))


@pytest.mark.parametrize("axes", [None, (0,)], ids=["lines", "columns"])
@pytest.mark.parametrize("length", [16, 37, 300])
def test_log_softmax_keeps_tiny_sums(axes: tuple[int, ...] | None, length: int, ew_isa: str,
                                     rng: np.random.Generator) -> None:
    # The maximum's output is -ln(1 + t) ~ -t, t the sum of the other terms, so t must keep its
    # relative accuracy down to subnormal results: terms from e^-17 to e^-160 (t below FLT_MIN,
    # subnormal outputs; e^-104 .. e^-150 was ew_expf's subnormal range, 5 ulp off), differences
    # x - m that round (m not a round number), and ties at the maximum; long enough rows for the
    # vector loops and their tails (300: the old subnormal terms' roundings added up to 5 ulp)
    rows = []
    for lo, hi in [(17, 17.5), (25, 35), (60, 75), (85, 92), (95, 103), (100, 160), (0, 20)]:
        for _ in range(3):
            m = np.float32(rng.uniform(-60, 60))
            x = (m - rng.uniform(lo, hi, length)).astype(np.float32)
            x[rng.integers(0, length, 2 if lo == 0 else 1)] = m   # one maximum, else -ln 2
            rows.append(x)
    groups = np.stack(rows)
    x = groups if axes is None else np.ascontiguousarray(groups.T)
    red = [1] if axes is None else [0]
    got = run(make("log_softmax", x.shape, axes), {"InputTensor": x})["OutputTensor"]
    want = reference("log_softmax", x, red)
    assert max_ulp(got, want) <= ULP_BOUND["log_softmax"]


@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("axes", [None, (0,)], ids=["lines", "columns"])
def test_infinities_and_nan(fn: str, axes: tuple[int, ...] | None, ew_isa: str) -> None:
    inf, nan = np.inf, np.nan
    groups = np.array([
        [-inf, -inf, -inf, -inf, -inf],   # only -inf: 0 / 0 by the formula
        [1.0, inf, 2.0, inf, 0.0],        # +inf: inf - inf
        [1.0, nan, 2.0, 9.0, nan],        # NaN
        [-inf, 4.0, -inf, 4.0, 1.0],      # -inf beside finite values, a tie
    ], np.float32)
    x = groups if axes is None else np.ascontiguousarray(groups.T)
    red = 1 if axes is None else 0
    got = run(make(fn, x.shape, axes), {"InputTensor": x})["OutputTensor"]
    rows = got if axes is None else got.T
    if fn == "hardmax":
        np.testing.assert_array_equal(rows, [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 1, 0, 0, 0],
                                             [0, 1, 0, 0, 0]])
    else:
        assert np.isnan(rows[:3]).all()
        if fn == "softmax":
            np.testing.assert_array_equal(rows[3][[0, 2]], [0, 0])
        else:
            np.testing.assert_array_equal(rows[3][[0, 2]], [-inf, -inf])
    check(fn, got, x, [red], with_torch=False)  # the float64 formula agrees, NaN for NaN
    torch_got = torch_reference(fn, x, [red])
    if fn != "hardmax":  # torch: the same NaN groups
        np.testing.assert_array_equal(np.isnan(got), np.isnan(torch_got))


def test_feature_level_1_0_four_dimensions() -> None:
    x = np.arange(15, dtype=np.float32).reshape(1, 1, 3, 5)
    got = run(make("softmax", [1, 1, 3, 5]), {"InputTensor": x}, level=FeatureLevel.FL1_0)
    check("softmax", got["OutputTensor"], x, [3])


def test_every_type_executes_in_c() -> None:
    for first, second in DESCS.values():
        for cls in (first, second):
            assert lib.pydml_operator_type_executes(int(schema_of(cls).type)) == 1


# ---- the pages' rules ----------------------------------------------------------------------------

@pytest.mark.parametrize("fn", FUNCTIONS)
def test_fl1_0_forms_refuse_an_effective_rank_above_2(fn: str) -> None:
    for ok in ([1, 1, 3, 4], [7], [1, 1, 1, 1], [1, 5, 1]):
        pydml.validate(make(fn, ok))
    name = schema_of(DESCS[fn][0]).c_name
    for sizes, rank in (([2, 3, 4], 3), ([1, 2, 1, 4], 3), ([2, 2, 2, 2, 2], 5)):
        with pytest.raises(ValidationError) as info:
            pydml.validate(make(fn, sizes))
        assert info.value.field == "InputTensor.Sizes"
        assert str(info.value) == (
            f"{name}.InputTensor.Sizes: must have an effective rank (DimensionCount without the leading "
            f"sizes of 1) of at most 2, not {rank}, got [{', '.join(map(str, sizes))}]")


@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.parametrize("axes, field, rule", [
    ([4], "Axes[0]", "must be in [0, InputTensor.DimensionCount - 1] = [0, 3], got 4"),
    ([0, 9], "Axes[1]", "must be in [0, InputTensor.DimensionCount - 1] = [0, 3], got 9"),
    ([1, 3, 1], "Axes[2]", "must differ from the other Axes (Axes[0] is also 1), got 1"),
    ([], "AxisCount", "must be in 1 .. InputTensor.DimensionCount (4), got 0"),
    ([0, 1, 2, 3, 0], "AxisCount", "must be in 1 .. InputTensor.DimensionCount (4), got 5"),
], ids=["out-of-range", "out-of-range-later", "repeated", "empty", "too-many"])
def test_axes_rules(fn: str, axes: list[int], field: str, rule: str) -> None:
    desc = make(fn, [2, 3, 4, 5], axes)
    name = schema_of(desc).c_name
    for check_desc in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check_desc(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


@pytest.mark.parametrize("fn", FUNCTIONS)
def test_every_axis_set_of_a_4d_tensor_is_valid(fn: str) -> None:
    for k in range(1, 5):
        for axes in itertools.permutations(range(4), k):
            pydml.validate(make(fn, [2, 3, 4, 5], axes))


def _pairwise(values: list[Any], combine: Any) -> Any:
    """softmax.c's lane loops: lane j with lane j + w, w halving, down to lane 0."""
    lanes = list(values)
    w = len(lanes) // 2
    while w > 0:
        for j in range(w):
            lanes[j] = combine(lanes[j], lanes[j + w])
        w //= 2
    return lanes[0]


def test_row_lane_trees_fold_in_the_loops_order(ew_isa: str, rng: np.random.Generator) -> None:
    """The rows' 64 maximum lanes, 32 minimum lanes and 32 double sum lanes fold pairwise in the
    portable loops' order on every path (softmax.c sm_tree_*: in registers on the vector paths,
    same bits). Checked on the trees themselves (pydml_debug_softmax_trees): through a row's outputs
    a sum one double ulp off seldom shows (a sum tree pairing other lanes passed every other
    softmax test). Sums of magnitudes 1e-17 .. 1e17, where the pairing decides what is lost;
    extrema with NaN lanes and both zeros, where the selection decides which one is kept."""
    from pydml.native import ffi, lib

    def pick_max(a: float, b: float) -> float:  # lanes[j] = lanes[j + w] > lanes[j] ? lanes[j + w] : lanes[j]
        return b if b > a else a

    def pick_min(a: float, b: float) -> float:
        return b if b < a else a

    specials = np.array([np.nan, 0.0, -0.0, np.inf, -np.inf, 1.0, -1.0], np.float32)
    for trial in range(200):
        sums = (10.0 ** rng.uniform(-17, 17, 32)) * rng.choice([1.0, 1.0, 1.0, -1.0], 32)
        maxima = rng.standard_normal(64).astype(np.float32)
        minima = rng.standard_normal(32).astype(np.float32)
        if trial % 2:
            maxima[rng.integers(0, 64, 6)] = rng.choice(specials, 6)
            minima[rng.integers(0, 32, 4)] = rng.choice(specials, 4)
        extrema, total = ffi.new("float[2]"), ffi.new("double*")
        lanes = sums.astype(np.float64)
        lib.pydml_debug_softmax_trees(ffi.from_buffer("float[]", maxima), ffi.from_buffer("float[]", minima),
                                      ffi.from_buffer("double[]", lanes), extrema, total)
        want_sum = _pairwise([float(v) for v in sums], lambda a, b: a + b)
        want_max = np.float32(_pairwise([float(v) for v in maxima], pick_max))
        want_min = np.float32(_pairwise([float(v) for v in minima], pick_min))
        assert np.float64(total[0]).tobytes() == np.float64(want_sum).tobytes(), trial
        assert np.float32(extrema[0]).tobytes() == want_max.tobytes(), trial
        assert np.float32(extrema[1]).tobytes() == want_min.tobytes(), trial
