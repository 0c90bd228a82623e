"""CUMULATIVE_SUMMATION over contiguous FLOAT32 rows, eight rows side by side on the AVX2 and
AVX-512 paths (native/families/reduce.c scan8_sum_avx2: four elements of each row transposed into
double lanes, added column by column): every row's outputs are the sequential float64 recurrence
rounded once to FLOAT32, bit for bit (numpy's cumsum of float64 is that recurrence), on every ISA
path and on 1 and 2 threads, in both directions, inclusive and exclusive, with infinities, NaN and
a negative zero, row counts and lengths that are not multiples of eight and four, and in place."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
from ew_harness import max_ulp, on_every_path, threads
from test_reduce import assert_same_values, scan_desc, scan_reference

import pydml


def rows_bit_for_bit(kind: str, x: np.ndarray) -> None:
    """Every direction and inclusive/exclusive form of the scan ``kind`` over the rows of ``x``: the
    float64 recurrence rounded once, bit for bit (a NaN's payload aside), on every ISA path and on
    1 and 2 threads, outputs poisoned."""
    for decreasing, exclusive in itertools.product((False, True), (False, True)):
        want = scan_reference(kind, x, 1, decreasing, exclusive).astype(np.float32)
        op = pydml.Device().create_operator(scan_desc(kind, list(x.shape), 1, decreasing=decreasing,
                                                      exclusive=exclusive))

        def execute(op: Any = op) -> np.ndarray:
            out = np.full_like(x, np.nan)
            op.execute({"InputTensor": x}, {"OutputTensor": out})
            return out

        for got in on_every_path(execute, (1, 2)):
            assert_same_values(got, want, (kind, decreasing, exclusive))


def test_row_sums_bit_for_bit_on_every_path(rng: np.random.Generator) -> None:
    rows, n = 21, 1003
    x = (rng.standard_normal((rows, n)) * np.exp2(rng.integers(-30, 30, (rows, n)))).astype(np.float32)
    x[2, 5], x[3, 600], x[4, 7], x[5, 500] = np.inf, -np.inf, np.nan, -0.0
    with np.errstate(invalid="ignore"):   # inf - inf
        rows_bit_for_bit("SUM", x)


def test_row_sums_in_place(rng: np.random.Generator) -> None:
    x = rng.standard_normal((16, 37)).astype(np.float32)
    for decreasing, exclusive in itertools.product((False, True), (False, True)):
        want = scan_reference("SUM", x, 1, decreasing, exclusive).astype(np.float32)
        op = pydml.Device().create_operator(scan_desc("SUM", [16, 37], 1, decreasing=decreasing,
                                                      exclusive=exclusive))
        buf = x.copy()
        with threads(2):
            op.execute({"InputTensor": buf}, {"OutputTensor": buf})
        assert_same_values(buf, want, (decreasing, exclusive))


def test_long_line_sums_same_bits_on_every_path_and_thread_count(rng: np.random.Generator) -> None:
    """A line from 2^18 elements on is scanned in fixed pieces (reduce.c scan_long_f32): each piece
    is the same recurrence from the same running value on every path, so the bits agree across
    paths and 1/2/3 threads; every output within an ulp of the float64 recurrence (the piece
    starts are a double rounding apart)."""
    n = (1 << 19) + 37   # 33 pieces of 16384: a group of 32 and a short last one
    x = rng.uniform(0.5, 1.5, n).astype(np.float32) * rng.choice(np.array([-1, 1], np.float32), n)
    for decreasing, exclusive in itertools.product((False, True), (False, True)):
        desc = scan_desc("SUM", [n], 0, decreasing=decreasing, exclusive=exclusive)
        op = pydml.Device().create_operator(desc)

        def execute(op: Any = op) -> bytes:
            out = np.full_like(x, np.nan)
            op.execute({"InputTensor": x}, {"OutputTensor": out})
            return out.tobytes()

        got = on_every_path(execute, (1, 2, 3))
        assert all(g == got[0] for g in got), (decreasing, exclusive)
        want = scan_reference("SUM", x, 0, decreasing, exclusive)
        assert max_ulp(np.frombuffer(got[0], np.float32), want) <= 1.0


def test_row_products_eight_at_a_time_bit_for_bit(rng: np.random.Generator) -> None:
    """CUMULATIVE_PRODUCT rows eight at a time (scan8_avx2 in blocks until a running value is +-0,
    then reduce.c scan_products' zero runs): the float64 recurrence rounded once, bit for bit (a
    NaN's payload aside), on every path and on 1 and 2 threads; rows that underflow, and zeros,
    infinities and a NaN before and after the underflow."""
    signs = rng.choice(np.array([-1, 1], np.float32), (19, 2001))
    x = rng.uniform(0.5, 1.5, (19, 2001)).astype(np.float32) * signs
    x[:4] = rng.standard_normal((4, 2001)).astype(np.float32)   # these underflow within ~1,100
    x[1, 2000], x[2, 1500], x[3, 1900], x[4, 1700], x[9, 3] = np.inf, -0.0, np.nan, 0.0, np.inf
    x[10, 700] = 0.0
    with np.errstate(invalid="ignore", over="ignore"):   # 0 * inf; products past float range
        rows_bit_for_bit("PRODUCT", x)
