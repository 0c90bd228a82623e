"""DML_OPERATOR_GEMM: Output = FusedActivation(Alpha * op(A) x op(B) + Beta * C).

References: a numpy float64 evaluation of the page's formula (ns-directml-dml_gemm_operator_desc.md)
rounded once to the output type, and torch (addmm / baddbmm) as a second one. Outputs are poisoned
(NaN) by the harness. Every ISA path (AVX-512 14x32, AVX2 6x16, portable 4x8 tiles) runs the odd
sizes 1, 7, 33, 257 that leave partial tiles in every direction, and more than one K slice (256).

Accuracy bound (asserted per element): FLOAT32 accumulates in float32 in a fixed k order, so
|out - ref64| <= (K + 3) * 2^-24 * (|Alpha| * sum_k |a_mk b_kn| + |Beta c_mn|) (the recursive-sum
bound plus the Alpha, Beta roundings); FLOAT16 (converted on load, accumulated in float32) adds the
one rounding of the result to FLOAT16: half a FLOAT16 ulp of the result.
"""

from __future__ import annotations

import dataclasses
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import run, tensor, threads

import pydml
from pydml.native import ffi, isa_path, lib

ROOT = Path(__file__).resolve().parent.parent
U32 = 2.0 ** -24
NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}


def op_t(x: np.ndarray, trans: bool) -> np.ndarray:
    return np.swapaxes(x, -1, -2) if trans else x


def reference(a: np.ndarray, b: np.ndarray, c: np.ndarray | None, ta: bool, tb: bool, alpha: float,
              beta: float) -> tuple[np.ndarray, np.ndarray]:
    """The page's formula in float64, and the magnitude sum the error bound scales with."""
    a64, b64 = op_t(a.astype(np.float64), ta), op_t(b.astype(np.float64), tb)
    ref = alpha * (a64 @ b64)
    mag = abs(alpha) * (np.abs(a64) @ np.abs(b64))
    if c is not None:
        ref = ref + beta * c.astype(np.float64)
        mag = mag + abs(beta) * np.abs(c.astype(np.float64))
    return ref, mag


def assert_close(out: np.ndarray, ref: np.ndarray, mag: np.ndarray, k: int) -> float:
    """Asserts the module's bound; returns the largest error in units of 2^-24 * magnitude."""
    assert out.shape == ref.shape
    assert np.all(np.isfinite(out)), "poisoned (NaN) output left"
    bound = (k + 3) * U32 * mag
    if out.dtype == np.float16:
        bound = bound + np.spacing(np.abs(ref.astype(np.float16))).astype(np.float64) / 2 + 1e-30
    err = np.abs(out.astype(np.float64) - ref)
    assert np.all(err <= bound), f"max excess {np.max(err - bound)}"
    return float(np.max(err / (U32 * mag + 1e-300)))


def gemm_desc(dtype: str, a_sizes: Any, b_sizes: Any, o_sizes: Any, *, c_sizes: Any = None,
              ta: bool = False, tb: bool = False, alpha: float = 1.0, beta: float = 1.0,
              a_strides: Any = None, b_strides: Any = None, c_strides: Any = None, o_strides: Any = None,
              act: Any = None) -> Any:
    return pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=tensor(dtype, a_sizes, a_strides), BTensor=tensor(dtype, b_sizes, b_strides),
        CTensor=None if c_sizes is None else tensor(dtype, c_sizes, c_strides),
        OutputTensor=tensor(dtype, o_sizes, o_strides), TransA=int(ta), TransB=int(tb), Alpha=alpha,
        Beta=beta, FusedActivation=act)


def dense_case(rng: np.random.Generator, dtype: str, m: int, n: int, k: int, *, ta: bool = False,
               tb: bool = False, with_c: bool = True, alpha: float = 1.0, beta: float = 1.0,
               batch: tuple[int, ...] = ()) -> float:
    t = NP[dtype]
    a = rng.standard_normal(batch + ((k, m) if ta else (m, k))).astype(t)
    b = rng.standard_normal(batch + ((n, k) if tb else (k, n))).astype(t)
    c = rng.standard_normal((*batch, m, n)).astype(t) if with_c else None
    d = gemm_desc(dtype, a.shape, b.shape, (*batch, m, n), c_sizes=None if c is None else c.shape, ta=ta,
                  tb=tb, alpha=alpha, beta=beta)
    inputs = {"ATensor": a, "BTensor": b}
    if c is not None:
        inputs["CTensor"] = c
    out = run(d, inputs)["OutputTensor"]
    assert out.dtype == t
    ref, mag = reference(a, b, c, ta, tb, alpha, beta)
    return assert_close(out, ref, mag, k)


# -- every ISA path, every data type, odd sizes, transposes --------------------------------------------

ODD = [(1, 1, 1), (7, 33, 257), (33, 257, 7), (257, 7, 33), (33, 1, 300), (1, 65, 513)]


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("mnk", ODD, ids=lambda s: "x".join(map(str, s)))
def test_odd_sizes_every_path(ew_isa: str, dtype: str, mnk: tuple[int, int, int],
                              rng: np.random.Generator) -> None:
    m, n, k = mnk
    dense_case(rng, dtype, m, n, k, with_c=False)
    dense_case(rng, dtype, m, n, k, with_c=True, alpha=-0.75, beta=1.5)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("ta,tb", [(True, False), (False, True), (True, True)])
def test_transposes_every_path(ew_isa: str, dtype: str, ta: bool, tb: bool, rng: np.random.Generator) -> None:
    dense_case(rng, dtype, 37, 45, 290, ta=ta, tb=tb, alpha=0.5, beta=-2.0)


def test_float32_error_bound_measured(rng: np.random.Generator) -> None:
    # several K slices (600 = 3 x 200), several column blocks (2600 > 1280), multiple threads
    worst = dense_case(rng, "FLOAT32", 40, 2600, 600, alpha=1.25, beta=0.5)
    # the measured error is far below the worst-case (K + 3) factor: a few units of 2^-24
    assert worst < 64


def test_large_threaded_and_fp16_workspace(rng: np.random.Generator) -> None:
    dense_case(rng, "FLOAT32", 300, 200, 520)  # rows shared among threads, direct accumulation
    dense_case(rng, "FLOAT16", 300, 200, 520, ta=True)  # FLOAT16: partial sums in the workspace


# -- batched (4-D), 3-D, broadcast by strides -------------------------------------------------------------

@pytest.mark.parametrize("dtype,m,n,k", [
    ("FLOAT32", 70, 1500, 600),   # block phases: 2 column blocks, 3 K slices, 5 strips
    ("FLOAT32", 3, 300, 520),     # B read in place
    ("FLOAT16", 70, 300, 600),    # whole-B packing, partial sums in the workspace
    # a short last strip (M % 6 = 1..3 on AVX2, M % 4 = 1..2 portable) shares the last two strips'
    # rows: the block phases (164 = 26 x 6 + 4 + 4), the few-row schedule (8 = 4 + 4, 15 = 6 + 5 + 4)
    ("FLOAT32", 164, 100, 300),
    ("FLOAT32", 8, 300, 300),
    ("FLOAT32", 15, 70, 520),
])
def test_results_do_not_depend_on_the_thread_count(dtype: str, m: int, n: int, k: int,
                                                    rng: np.random.Generator) -> None:
    """Each output element sums over k in one fixed order whatever the schedule: 1 and 2 threads
    give the same bits."""
    t = NP[dtype]
    a = rng.standard_normal((m, k)).astype(t)
    b = rng.standard_normal((k, n)).astype(t)
    c = rng.standard_normal((m, n)).astype(t)
    d = gemm_desc(dtype, [m, k], [k, n], [m, n], c_sizes=[m, n], alpha=0.75, beta=0.5)
    results = []
    for count in (1, 2):
        with threads(count):
            results.append(run(d, {"ATensor": a, "BTensor": b, "CTensor": c})["OutputTensor"])
    np.testing.assert_array_equal(results[0].view(np.uint16 if dtype == "FLOAT16" else np.uint32),
                                  results[1].view(np.uint16 if dtype == "FLOAT16" else np.uint32))
    ref, mag = reference(a, b, c, False, False, 0.75, 0.5)
    assert_close(results[0], ref, mag, k)


def test_few_row_batches_in_runs_give_the_same_bits(ew_isa: str, rng: np.random.Generator) -> None:
    """Few-row products (gemm.c gemm_few) hand each thread a contiguous run of the (batch, column
    item) pairs, and a thread done first takes the back of another's run, which may be another
    batch: it then packs that batch's A into its own copy (fewa_batch). Three batches of 40 x 600 x
    600 on 1, 2, 4 and 8 threads (more threads than cores: runs change hands) give the 1-thread bits
    and the float64 formula."""
    bs, m, n, k = 3, 40, 600, 600
    a = rng.standard_normal((1, bs, m, k)).astype(np.float32)
    b = rng.standard_normal((1, bs, k, n)).astype(np.float32)
    d = gemm_desc("FLOAT32", [1, bs, m, k], [1, bs, k, n], [1, bs, m, n])
    results = []
    for count in (1, 2, 4, 8):
        with threads(count):
            for _ in range(3 if count > 2 else 1):
                results.append(run(d, {"ATensor": a, "BTensor": b})["OutputTensor"])
    for got in results[1:]:
        np.testing.assert_array_equal(got.view(np.uint32), results[0].view(np.uint32))
    want = np.einsum("xbmk,xbkn->xbmn", a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(results[0], want, rtol=1e-4, atol=1e-3 * math.sqrt(k))


def test_strip_groups_with_affinity_give_the_same_bits(ew_isa: str, rng: np.random.Generator) -> None:
    """From 8 row strips per thread the block phases hand each thread a run of strip groups that
    it keeps from K slice to K slice, and a thread that finishes first takes the last groups of the
    others (gemm.c affine_next). 4 and 8 threads on this 2-core host are descheduled in turn, so
    groups change hands; whoever runs a group, every output equals the 1-thread result bit for bit
    (and the float64 formula). 560 rows: 40 AVX-512 strips (at least 32 for 4 threads), 94 AVX2,
    140 portable; 8 threads on the AVX2 and portable paths; 3 K slices, 2 column blocks."""
    m, n, k = 560, 1100, 600
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = rng.standard_normal((m, n)).astype(np.float32)
    d = gemm_desc("FLOAT32", [m, k], [k, n], [m, n], c_sizes=[m, n], alpha=0.75, beta=0.5)
    op = pydml.Device().create_operator(d)
    results = []
    for count in (1, 2, 4, 8, 4, 2):
        got = np.full((m, n), np.nan, np.float32)
        with threads(count):
            op.execute({"ATensor": a, "BTensor": b, "CTensor": c}, {"OutputTensor": got})
        results.append(got)
    for got in results[1:]:
        np.testing.assert_array_equal(got.view(np.uint32), results[0].view(np.uint32))
    ref, mag = reference(a, b, c, False, False, 0.75, 0.5)
    assert_close(results[0], ref, mag, k)


@pytest.mark.parametrize("case", ["padded rows", "column step 2", "transposed", "float16", "strided output"])
def test_block_phases_over_several_blocks_and_slices(case: str, ew_isa: str, rng: np.random.Generator) -> None:
    """M, N and K large enough for several row strips, two column blocks with a partial last
    panel and three K slices: B packed by rows (unit or strided steps along n), by panels (B
    contiguous along k), and the plan's float accumulator (FLOAT16 and column-strided outputs).
    Each against the float64 formula, and 1 and 2 threads bit for bit."""
    m, n, k = 40, 1400, 600
    dtype = "FLOAT16" if case == "float16" else "FLOAT32"
    t = NP[dtype]
    a = (rng.standard_normal((m, k)) * 0.5).astype(t)
    tb = case == "transposed"
    b_strides = o_strides = None
    o_buf: np.ndarray | None = None
    if case == "padded rows":
        b_buf = rng.standard_normal((k, n + 7)).astype(t)
        b, b_strides = b_buf[:, :n], [n + 7, 1]
    elif case == "column step 2":
        b_buf = rng.standard_normal((k, 2 * n)).astype(t)
        b, b_strides = b_buf[:, ::2], [2 * n, 2]
    elif case == "transposed":
        b_buf = rng.standard_normal((n, k)).astype(t)
        b = b_buf
    else:
        b_buf = rng.standard_normal((k, n)).astype(t)
        b = b_buf
    if case == "strided output":
        o_strides = [2 * n, 2]
    d = gemm_desc(dtype, [m, k], [n, k] if tb else [k, n], [m, n], b_strides=b_strides, o_strides=o_strides,
                  tb=tb, alpha=0.5)
    results = []
    for count in (1, 2):
        with threads(count):
            if o_strides is None:
                out = run(d, {"ATensor": a, "BTensor": b_buf})["OutputTensor"]
            else:
                o_buf = np.full(2 * m * n, 7.0, t)
                run(d, {"ATensor": a, "BTensor": b_buf}, outputs={"OutputTensor": o_buf})
                out = o_buf.reshape(m, 2 * n)[:, ::2]
                assert np.all(o_buf.reshape(m, 2 * n)[:, 1::2] == 7.0)
            results.append(np.ascontiguousarray(out))
    bits = np.uint16 if dtype == "FLOAT16" else np.uint32
    np.testing.assert_array_equal(results[0].view(bits), results[1].view(bits))
    ref, mag = reference(a, b, None, False, tb, 0.5, 1.0)
    assert_close(results[0], ref, mag, k)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_batched_4d_and_3d(ew_isa: str, dtype: str, rng: np.random.Generator) -> None:
    dense_case(rng, dtype, 9, 17, 33, batch=(2, 3), alpha=2.0, beta=0.25)
    dense_case(rng, dtype, 9, 17, 33, batch=(3,), tb=True)
    dense_case(rng, dtype, 20, 40, 30, batch=(9, 1), ta=True, with_c=False)  # more batches than threads


def test_broadcast_c_row_column_scalar_and_batch(ew_isa: str, rng: np.random.Generator) -> None:
    m, n, k = 7, 33, 19
    a = rng.standard_normal((2, 2, m, k)).astype(np.float32)
    b = rng.standard_normal((2, 2, k, n)).astype(np.float32)
    sizes = [2, 2, m, n]
    for c_buf, strides, view in [
        (rng.standard_normal(n).astype(np.float32), [0, 0, 0, 1], lambda c: np.broadcast_to(c, sizes)),
        (rng.standard_normal(m).astype(np.float32), [0, 0, 1, 0],
         lambda c: np.broadcast_to(c[:, None], sizes)),
        (np.array([3.5], np.float32), [0, 0, 0, 0], lambda c: np.broadcast_to(c, sizes)),
        (rng.standard_normal((2, 1, m, n)).astype(np.float32), [m * n, 0, n, 1],
         lambda c: np.broadcast_to(c, sizes)),
    ]:
        d = gemm_desc("FLOAT32", a.shape, b.shape, sizes, c_sizes=sizes, c_strides=strides, beta=-1.5)
        out = run(d, {"ATensor": a, "BTensor": b, "CTensor": c_buf})["OutputTensor"]
        c_full = np.ascontiguousarray(view(c_buf))
        ref, mag = reference(a, b, c_full, False, False, 1.0, -1.5)
        assert_close(out, ref, mag, k)


def test_broadcast_a_and_b_over_batches(ew_isa: str, rng: np.random.Generator) -> None:
    # one A for every batch (zero batch strides), B broadcast over the channel dimension
    m, n, k = 5, 12, 31
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((3, k, n)).astype(np.float32)
    d = gemm_desc("FLOAT32", [3, 2, m, k], [3, 2, k, n], [3, 2, m, n], a_strides=[0, 0, k, 1],
                  b_strides=[k * n, 0, n, 1])
    out = run(d, {"ATensor": a, "BTensor": b})["OutputTensor"]
    ref, mag = reference(np.broadcast_to(a, (3, 2, m, k)), np.broadcast_to(b[:, None], (3, 2, k, n)), None,
                         False, False, 1.0, 1.0)
    assert_close(out, ref, mag, k)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_strided_and_transposed_by_strides(ew_isa: str, dtype: str, rng: np.random.Generator) -> None:
    # A stored column-major (a transpose in its strides) with TransA NONE; B with padded rows and a
    # column step of 2; C with padded rows; the output with padded rows (the gaps stay as they were)
    t = NP[dtype]
    m, n, k = 13, 35, 70
    a_cm = rng.standard_normal((k, m)).astype(t)  # A = a_cm.T
    b_buf = rng.standard_normal((k, 2 * n + 3)).astype(t)
    c_buf = rng.standard_normal((m, n + 5)).astype(t)
    o_buf = np.full((m, n + 4), 7.0, t)
    d = gemm_desc(dtype, [m, k], [k, n], [m, n], c_sizes=[m, n], a_strides=[1, m], b_strides=[2 * n + 3, 2],
                  c_strides=[n + 5, 1], o_strides=[n + 4, 1], alpha=0.5, beta=2.0)
    got = run(d, {"ATensor": a_cm, "BTensor": b_buf, "CTensor": c_buf}, outputs={"OutputTensor": o_buf})
    assert got["OutputTensor"].shape == (m, n)
    ref, mag = reference(a_cm.T, b_buf[:, 0:2 * n:2], c_buf[:, :n], False, False, 0.5, 2.0)
    assert_close(o_buf[:, :n], ref, mag, k)
    assert np.all(o_buf[:, n:] == 7.0)


@pytest.mark.parametrize("m", [1, 5, 28])
def test_small_m_reads_b_in_place(ew_isa: str, m: int, rng: np.random.Generator) -> None:
    # A few output rows read FLOAT32 B rows in place (no packing) except a partial last panel:
    # padded rows, a broadcast row (zero row stride), K across several slices; the same operator
    # executed again with new inputs reuses its packing buffer and must not see the old B
    n, k = 70, 300
    b_buf = rng.standard_normal((k, n + 9)).astype(np.float32)
    d = gemm_desc("FLOAT32", [m, k], [k, n], [m, n], b_strides=[n + 9, 1])
    op = pydml.Device().create_operator(d)
    for _ in range(2):
        a = rng.standard_normal((m, k)).astype(np.float32)
        b_buf = rng.standard_normal((k, n + 9)).astype(np.float32)
        out = np.full((m, n), np.nan, np.float32)
        op.execute({"ATensor": a, "BTensor": b_buf}, {"OutputTensor": out})
        ref, mag = reference(a, b_buf[:, :n], None, False, False, 1.0, 1.0)
        assert_close(out, ref, mag, k)
    row = rng.standard_normal(n).astype(np.float32)
    d = gemm_desc("FLOAT32", [m, k], [k, n], [m, n], b_strides=[0, 1])
    a = rng.standard_normal((m, k)).astype(np.float32)
    out = run(d, {"ATensor": a, "BTensor": row})["OutputTensor"]
    ref, mag = reference(a, np.broadcast_to(row, (k, n)), None, False, False, 1.0, 1.0)
    assert_close(out, ref, mag, k)


@pytest.mark.parametrize("m", [1, 4, 9])
@pytest.mark.parametrize("nk", [(300, 700), (40, 200)])
def test_streamed_b_equals_packed_b_bit_for_bit(ew_isa: str, m: int, nk: tuple[int, int],
                                                rng: np.random.Generator) -> None:
    # One or two row strips with a unit-stride FLOAT32 B stream B's rows (gemm_stream); a B with a
    # column step of 2 is packed and runs the microkernel instead. Both sum each element from 0,
    # k ascending in K slices of 256, C last: the same bits (K = 700: three slices, a tail of 4
    # rows; N = 300: a partial last panel; N = 40, K = 200: a streamed slice small enough for L1,
    # whose sums stay in registers).
    n, k = nk
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = rng.standard_normal((m, n)).astype(np.float32)
    b_step2 = np.zeros((k, 2 * n), np.float32)
    b_step2[:, ::2] = b
    outs = []
    for strides, data in (([n, 1], b), ([2 * n, 2], b_step2)):
        d = gemm_desc("FLOAT32", [m, k], [k, n], [m, n], c_sizes=[m, n], alpha=0.5, beta=2.0,
                      b_strides=strides)
        outs.append(run(d, {"ATensor": a, "BTensor": data, "CTensor": c})["OutputTensor"])
    np.testing.assert_array_equal(outs[0].view(np.uint32), outs[1].view(np.uint32))
    ref, mag = reference(a, b, c, False, False, 0.5, 2.0)
    assert_close(outs[0], ref, mag, k)


def test_few_rows_schedule_equals_packed_path_bit_for_bit(ew_isa: str, rng: np.random.Generator) -> None:
    # Outputs of a few rows (up to 160: gemm_few) pack K slices of B's columns item by item and run
    # every row strip against each panel; a column-strided output takes the older schedules (block
    # phases with a float accumulator). Both sum each element from 0, k ascending in K slices, C
    # last: the same bits for every M from 1 to 130 (one strip, the stream, and 2 .. 33 strips),
    # N = 301 (a partial last panel, two items on 2 threads), K = 300 (two slices), 1 and 2
    # threads alike.
    n, k = 301, 300
    b = rng.standard_normal((k, n)).astype(np.float32)
    previous = lib.pydml_set_num_threads(1)
    try:
        for m in range(1, 131):
            a = rng.standard_normal((m, k)).astype(np.float32)
            c = rng.standard_normal((m, n)).astype(np.float32)
            outs = []
            for threads in (1, 2):
                lib.pydml_set_num_threads(threads)
                for o_strides in (None, [2 * n, 2]):
                    d = gemm_desc("FLOAT32", [m, k], [k, n], [m, n], c_sizes=[m, n], alpha=0.5, beta=2.0,
                                  o_strides=o_strides)
                    if o_strides is None:
                        outs.append(run(d, {"ATensor": a, "BTensor": b, "CTensor": c})["OutputTensor"])
                    else:
                        o_buf = np.full(2 * m * n, 7.0, np.float32)
                        run(d, {"ATensor": a, "BTensor": b, "CTensor": c}, outputs={"OutputTensor": o_buf})
                        outs.append(np.ascontiguousarray(o_buf.reshape(m, 2 * n)[:, ::2]))
            for other in outs[1:]:
                np.testing.assert_array_equal(outs[0].view(np.uint32), other.view(np.uint32), err_msg=f"M = {m}")
            if m in (1, 8, 64, 130):
                ref, mag = reference(a, b, c, False, False, 0.5, 2.0)
                assert_close(outs[0], ref, mag, k)
    finally:
        lib.pydml_set_num_threads(previous)


OWNED_CASES = [  # (m, n, k, TransB, batch, dtype): GEMV, few rows, many rows, batches, FLOAT16
    (1, 70, 300, True, (), "FLOAT32"), (5, 33, 513, False, (), "FLOAT32"),
    (64, 257, 300, True, (), "FLOAT32"), (7, 20, 40, True, (2, 3), "FLOAT32"),
    (9, 40, 300, True, (), "FLOAT16"),
    # over GEMM_FEW_ROWS rows: the block phases read the initialize-packed panels (FLOAT16: sums
    # in the float buffer); from 8 strips per thread (AVX-512: 224 rows on 2 threads, AVX2 96,
    # portable 64) each thread a fixed run of strips (gemm_phases_pre), 3 column blocks at 2600
    (200, 70, 300, False, (), "FLOAT32"), (170, 40, 260, True, (), "FLOAT16"),
    (500, 2600, 300, False, (), "FLOAT32"),
]


@pytest.mark.parametrize("case", OWNED_CASES, ids=lambda c: "x".join(map(str, c[:3])) + ("T" if c[3] else "")
                         + "b" * len(c[4]) + c[5][-2:])
def test_owned_b_packed_at_initialize_equals_bound_b(ew_isa: str, case: Any, rng: np.random.Generator) -> None:
    # BTensor with DML_TENSOR_FLAG_OWNED_BY_DML is packed once, when it is initialized
    # (gemm_initialize): the results are bit-identical to the same GEMM with B bound at execute,
    # after a re-initialization with new weights too, and when the ISA path changes after the
    # packing (the panels no longer fit the microkernel: B is packed per call as before).
    from ew_harness import ISA_PATHS

    m, n, k, tb, batch, dtype = case
    t = NP[dtype]
    b_shape = batch + ((n, k) if tb else (k, n))
    plain = pydml.Device().create_operator(gemm_desc(dtype, (*batch, m, k), b_shape, (*batch, m, n),
                                                     c_sizes=(*batch, m, n), tb=tb, alpha=0.5, beta=2.0))
    owned_desc = dataclasses.replace(
        gemm_desc(dtype, (*batch, m, k), b_shape, (*batch, m, n), c_sizes=(*batch, m, n), tb=tb, alpha=0.5,
                  beta=2.0), BTensor=pydml.buffer_desc(dtype, list(b_shape), Flags="OWNED_BY_DML"))
    owned = pydml.Device().create_operator(owned_desc)
    for round_ in range(3):
        a = rng.standard_normal((*batch, m, k)).astype(t)
        b = rng.standard_normal(b_shape).astype(t)
        c = rng.standard_normal((*batch, m, n)).astype(t)
        owned.initialize({"BTensor": b})
        b_kept = b.copy()
        b[...] = 0  # the operator packed its own copy
        expected = np.full((*batch, m, n), np.nan, t)
        plain.execute({"ATensor": a, "BTensor": b_kept, "CTensor": c}, {"OutputTensor": expected})
        if round_ == 2:
            lib.pydml_set_cpu_features(ISA_PATHS["portable"])
        try:
            for count in (1, 2):  # executed twice on one packing, on 1 and 2 threads
                got = np.full((*batch, m, n), np.nan, t)
                with threads(count):
                    owned.execute({"ATensor": a, "CTensor": c}, {"OutputTensor": got})
                if round_ == 2:
                    plain.execute({"ATensor": a, "BTensor": b_kept, "CTensor": c}, {"OutputTensor": expected})
                np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))
        finally:
            lib.pydml_set_cpu_features(ISA_PATHS[ew_isa])
        ref, mag = reference(a, b_kept, c, False, tb, 0.5, 2.0)
        assert_close(got, ref, mag, k)


def gemm_stats() -> dict[str, int]:
    """pydml_debug_prepared_stats: GEMM executions by where B came from, and scratch allocations."""
    cells = [ffi.new("uint64_t*") for _ in range(4)]
    lib.pydml_debug_prepared_stats(*cells)
    return dict(zip(("prepared", "packed", "in_place", "allocated"), (int(c[0]) for c in cells), strict=True))


def stats_delta(before: dict[str, int]) -> dict[str, int]:
    after = gemm_stats()
    return {key: after[key] - before[key] for key in after}


WORKSPACE_CASES = {  # name: (m, n, k, batch, dtype, o_strides, owned B, B's source)
    "block phases": (70, 1500, 300, (), "FLOAT32", None, False, "packed"),
    "phases, float16 sums": (70, 300, 300, (), "FLOAT16", None, False, "packed"),
    "whole batches per thread": (16, 16, 16, (8, 4), "FLOAT32", None, False, "packed"),
    "over 4096 rows": (4100, 8, 8, (), "FLOAT32", None, False, "packed"),
    "over 4096 rows, strided output": (4100, 8, 8, (), "FLOAT32", [16, 2], False, "packed"),
    "B streamed": (3, 300, 520, (), "FLOAT32", None, False, "in_place"),
    "owned B": (64, 257, 300, (), "FLOAT32", None, True, "prepared"),
    "owned B, batches": (7, 20, 40, (2, 3), "FLOAT16", None, True, "prepared"),
    "owned B streamed": (5, 300, 520, (), "FLOAT32", None, True, "in_place"),
    "owned B, a few rows over its panels": (2, 300, 520, (), "FLOAT32", None, True, "prepared"),
    "owned B, block phases": (200, 70, 300, (), "FLOAT32", None, True, "prepared"),
    "owned B, phases, float16 sums": (170, 40, 260, (), "FLOAT16", None, True, "prepared"),
}


@pytest.mark.parametrize("case", list(WORKSPACE_CASES), ids=list(WORKSPACE_CASES))
def test_scratch_is_the_callers_temporary_resource(case: str, rng: np.random.Generator) -> None:
    """GEMM reports a temporary resource (GetBindingProperties) and takes every buffer of an
    execution from it, on every schedule: a garbage-filled buffer of exactly the reported size gives
    the bits of an execution without one (the thread's own workspace), on 1 and 2 threads alike,
    nothing is allocated (the `allocated` count stays), and the caller's memory was written.
    pydml_debug_prepared_stats counts where B came from: panels packed at initialize, packed per
    call, or read in place."""
    m, n, k, batch, dtype, o_strides, owned, source = WORKSPACE_CASES[case]
    if case == "owned B, a few rows over its panels" and isa_path() == "portable":
        source = "in_place"  # the portable path streams such a B in place (no gemm_pre_rows there)
    t = NP[dtype]
    tb = source != "in_place"  # B streamed in place has unit stride along n
    b_shape = (*batch, n, k) if tb else (*batch, k, n)
    desc = gemm_desc(dtype, (*batch, m, k), b_shape, (*batch, m, n), c_sizes=(*batch, m, n), tb=tb,
                     alpha=0.5, beta=2.0, o_strides=o_strides)
    if owned:
        owned_b = pydml.buffer_desc(dtype, list(b_shape), Flags="OWNED_BY_DML")
        desc = dataclasses.replace(desc, BTensor=owned_b)
    a = rng.standard_normal((*batch, m, k)).astype(t)
    b = rng.standard_normal(b_shape).astype(t)
    c = rng.standard_normal((*batch, m, n)).astype(t)
    inputs = {"ATensor": a, "CTensor": c} if owned else {"ATensor": a, "BTensor": b, "CTensor": c}
    out_size = (o_strides[0] * (m - 1) + o_strides[1] * (n - 1) + 1) if o_strides else m * n

    def output() -> np.ndarray:
        flat = np.full(int(np.prod(batch, dtype=np.int64)) * out_size, np.nan, t)
        return flat if o_strides else flat.reshape((*batch, m, n))  # strided: bound as raw memory

    results = []
    for count in (1, 2):
        with threads(count):
            op = pydml.Device().create_operator(desc)
            if owned:
                op.initialize({"BTensor": b})
            need = op.binding_properties["temporary_bytes"]
            assert need > 0
            before = gemm_stats()
            plain = op.execute(inputs, {"OutputTensor": output()})["OutputTensor"]
            temporary = np.full(need, 0xA5, np.uint8)  # garbage in it must not matter
            given = op.execute(inputs, {"OutputTensor": output()}, temporary=temporary)["OutputTensor"]
            delta = stats_delta(before)
            assert delta["allocated"] == 0, "the reported size was too small for the schedule"
            assert delta[source] == 2 and sum(delta.values()) == 2, delta
            assert (temporary != 0xA5).any()
            given, plain = np.ascontiguousarray(given), np.ascontiguousarray(plain)
            np.testing.assert_array_equal(given.view(np.uint8), plain.view(np.uint8))
            results.append(given)
    np.testing.assert_array_equal(results[0].view(np.uint8), results[1].view(np.uint8))
    ref, mag = reference(a, b, c, False, tb, 0.5, 2.0)
    assert_close(results[0], ref, mag, k)  # a strided output comes back as its (m, n) view


def test_owned_b_reinitialized_at_the_same_address_gives_the_new_product(rng: np.random.Generator) -> None:
    """Preparations are keyed by initialization generation, not by address: an operator
    re-initialized again and again (its persistent copy freed and a new one allocated, often at the
    same address, with other weights) always runs on its latest weights' panels, and a plain
    operator with B bound at execution packs B on every call."""
    m, n, k = 40, 24, 20
    desc = gemm_desc("FLOAT32", [m, k], [n, k], [m, n], tb=True, beta=0.0)
    owned = pydml.Device().create_operator(
        dataclasses.replace(desc, BTensor=pydml.buffer_desc("FLOAT32", [n, k], Flags="OWNED_BY_DML")))
    plain = pydml.Device().create_operator(desc)
    a = rng.standard_normal((m, k)).astype(np.float32)
    for _ in range(4):
        w = rng.standard_normal((n, k)).astype(np.float32)
        owned.initialize({"BTensor": w})
        before = gemm_stats()
        got = owned.execute({"ATensor": a})["OutputTensor"]
        expected = plain.execute({"ATensor": a, "BTensor": w})["OutputTensor"]
        assert stats_delta(before) == {"prepared": 1, "packed": 1, "in_place": 0, "allocated": 0}
        np.testing.assert_array_equal(got.view(np.uint32), expected.view(np.uint32))
        np.testing.assert_allclose(got, a.astype(np.float64) @ w.T.astype(np.float64), rtol=1e-5, atol=1e-5)


def test_strided_output_column_step(ew_isa: str, rng: np.random.Generator) -> None:
    # an output written with a column step of 3 (FLOAT32 cannot accumulate in place)
    m, n, k = 6, 10, 300
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((n, k)).astype(np.float32)
    o_buf = np.full(m * n * 3, 7.0, np.float32)
    d = gemm_desc("FLOAT32", [m, k], [n, k], [m, n], tb=True, o_strides=[3 * n, 3])
    got = run(d, {"ATensor": a, "BTensor": b}, outputs={"OutputTensor": o_buf})
    assert got["OutputTensor"].shape == (m, n)
    out = o_buf.reshape(m, n, 3)
    ref, mag = reference(a, b, None, False, True, 1.0, 1.0)
    assert_close(out[:, :, 0], ref, mag, k)
    assert np.all(out[:, :, 1:] == 7.0)


# -- FusedActivation, Alpha/Beta edges ------------------------------------------------------------------

def test_fused_activations(ew_isa: str, rng: np.random.Generator) -> None:
    m, n, k = 9, 40, 21
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = rng.standard_normal((m, n)).astype(np.float32)
    ref, mag = reference(a, b, c, False, False, 1.0, 1.0)
    leaky = pydml.DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC(Alpha=0.1)
    elu = pydml.DML_ACTIVATION_ELU_OPERATOR_DESC(Alpha=0.5)
    cases = [
        (pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(), lambda x: np.maximum(x, 0.0), 1.0),
        (leaky, lambda x: np.where(x > 0, x, 0.1 * x), 1.0),
        (elu, lambda x: np.where(x > 0, x, 0.5 * np.expm1(x)), 1.0),
        (pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC(), lambda x: 1.0 / (1.0 + np.exp(-x)), 0.5),
    ]
    for act, fn, slope in cases:
        d = gemm_desc("FLOAT32", [m, k], [k, n], [m, n], c_sizes=[m, n], act=act)
        out = run(d, {"ATensor": a, "BTensor": b, "CTensor": c})["OutputTensor"]
        # the activation's Lipschitz constant times the GEMM error, plus 4 ulp of the activation
        want = fn(ref)
        err = np.abs(out.astype(np.float64) - want)
        bound = slope * (k + 3) * U32 * mag + 4 * np.spacing(np.abs(want).astype(np.float32))
        assert np.all(err <= bound), type(act).__name__


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("fused,axes", [
    (pydml.DML_ACTIVATION_SOFTMAX_OPERATOR_DESC(), (3,)),
    (pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(Axes=[3]), (3,)),
    (pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(Axes=[2, 3]), (2, 3)),
    (pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(Axes=[1]), (1,)),
], ids=["SOFTMAX", "SOFTMAX1-last", "SOFTMAX1-rows-and-columns", "SOFTMAX1-channel"])
def test_fused_softmax_from_6_1(ew_isa: str, dtype: str, fused: Any, axes: tuple[int, ...],
                                rng: np.random.Generator) -> None:
    """The 6_1 feature-level history: SOFTMAX and SOFTMAX1 fuse into GEMM. SOFTMAX normalizes each
    output row (the last axis); SOFTMAX1's Axes index the output. Against float64 softmax of the
    float64 product, with Alpha and Beta * C applied first."""
    t = NP[dtype]
    a = rng.standard_normal((2, 3, 5, 7)).astype(t)
    b = rng.standard_normal((2, 3, 7, 33)).astype(t)
    c = rng.standard_normal((2, 3, 5, 33)).astype(t)
    d = gemm_desc(dtype, a.shape, b.shape, c.shape, c_sizes=c.shape, alpha=0.5, beta=2.0, act=fused)
    pydml.validate(d, "6_1")
    out = run(d, {"ATensor": a, "BTensor": b, "CTensor": c})["OutputTensor"]
    ref, _ = reference(a, b, c, False, False, 0.5, 2.0)
    e = np.exp(ref - ref.max(axis=axes, keepdims=True))
    want = e / e.sum(axis=axes, keepdims=True)
    tol = 2e-6 if dtype == "FLOAT32" else 2e-3
    np.testing.assert_allclose(out.astype(np.float64), want, rtol=0, atol=tol)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_fused_softmax_runs_on_the_callers_temporary(dtype: str, rng: np.random.Generator) -> None:
    """The fused softmax runs after the product on the same workspace: GEMM reports the larger of
    the two needs (here the softmax's: SOFTMAX1 over 64 channels takes column tiles of scratch, the
    K = 1 product far less), and a garbage-filled temporary of exactly that size gives the bits of
    an execution without one."""
    t = NP[dtype]
    a = rng.standard_normal((1, 64, 2, 1)).astype(t)
    b = rng.standard_normal((1, 64, 1, 64)).astype(t)
    sizes = [1, 64, 2, 64]
    softmax_alone = pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc(dtype, sizes), OutputTensor=pydml.buffer_desc(dtype, sizes), AxisCount=1,
        Axes=[1])
    softmax_need = pydml.Device().create_operator(softmax_alone).binding_properties["temporary_bytes"]
    product_need = pydml.Device().create_operator(gemm_desc(dtype, a.shape, b.shape, sizes)).binding_properties[
        "temporary_bytes"]
    assert softmax_need > product_need
    op = pydml.Device().create_operator(gemm_desc(dtype, a.shape, b.shape, sizes,
                                                  act=pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(Axes=[1])))
    need = op.binding_properties["temporary_bytes"]
    assert need == softmax_need
    plain = op.execute({"ATensor": a, "BTensor": b})["OutputTensor"]
    for fill in (0xFF, 0xA5):
        temporary = np.full(need, fill, np.uint8)
        given = op.execute({"ATensor": a, "BTensor": b}, temporary=temporary)["OutputTensor"]
        np.testing.assert_array_equal(given.view(np.uint8), plain.view(np.uint8))
    # each softmax over the channel axis sums to one (test_fused_softmax_from_6_1 checks the values)
    np.testing.assert_allclose(plain.astype(np.float64).sum(axis=1), 1.0, atol=1e-5 if dtype == "FLOAT32" else 2e-2)


def test_beta_zero_with_c_follows_the_formula() -> None:
    # Decision: Beta * C is added whenever C is bound (the page ignores Beta only without C), so
    # Beta = 0 with C = inf or NaN gives NaN (IEEE 0 * inf); finite C contributes exactly 0.
    a = np.ones((2, 3), np.float32)
    b = np.ones((3, 2), np.float32)
    c = np.array([[math.inf, math.nan], [1e30, -2.0]], np.float32)
    d = gemm_desc("FLOAT32", [2, 3], [3, 2], [2, 2], c_sizes=[2, 2], beta=0.0)
    out = run(d, {"ATensor": a, "BTensor": b, "CTensor": c})["OutputTensor"]
    assert np.isnan(out[0, 0]) and np.isnan(out[0, 1])
    np.testing.assert_array_equal(out[1], [3.0, 3.0])


def test_beta_ignored_without_c_and_alpha_zero() -> None:
    a = np.full((3, 4), 2.0, np.float32)
    b = np.full((4, 5), 0.5, np.float32)
    out = run(gemm_desc("FLOAT32", [3, 4], [4, 5], [3, 5], beta=123.0), {"ATensor": a, "BTensor": b})
    np.testing.assert_array_equal(out["OutputTensor"], np.full((3, 5), 4.0, np.float32))
    out = run(gemm_desc("FLOAT32", [3, 4], [4, 5], [3, 5], alpha=0.0), {"ATensor": a, "BTensor": b})
    np.testing.assert_array_equal(out["OutputTensor"], np.zeros((3, 5), np.float32))


def test_float16_rounds_once_from_float32_accumulation() -> None:
    # 2049 + 1 is not a FLOAT16 value: summed in float32 (2050) then rounded once to 2050 (even);
    # a FLOAT16 accumulator would have stalled at 2048 + 1 -> 2048 after the first add.
    a = np.array([[2048.0, 1.0, 1.0]], np.float16)
    b = np.ones((3, 1), np.float16)
    out = run(gemm_desc("FLOAT16", [1, 3], [3, 1], [1, 1]), {"ATensor": a, "BTensor": b})["OutputTensor"]
    assert out.dtype == np.float16 and float(out[0, 0]) == 2050.0


# -- torch as the second reference ------------------------------------------------------------------

def test_torch_addmm_and_baddbmm(rng: np.random.Generator) -> None:
    m, n, k = 33, 47, 257
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((n, k)).astype(np.float32)
    c = rng.standard_normal((m, n)).astype(np.float32)
    d = gemm_desc("FLOAT32", [m, k], [n, k], [m, n], c_sizes=[m, n], tb=True, alpha=0.5, beta=-1.0)
    out = run(d, {"ATensor": a, "BTensor": b, "CTensor": c})["OutputTensor"]
    want = torch.addmm(torch.from_numpy(c), torch.from_numpy(a), torch.from_numpy(b).T, beta=-1.0, alpha=0.5)
    _, mag = reference(a, b, c, False, True, 0.5, -1.0)
    assert np.all(np.abs(out - want.numpy()) <= 2 * (k + 3) * U32 * mag)

    ab = rng.standard_normal((4, k, m)).astype(np.float32)
    bb = rng.standard_normal((4, k, n)).astype(np.float32)
    cb = rng.standard_normal((4, m, n)).astype(np.float32)
    d = gemm_desc("FLOAT32", [4, k, m], [4, k, n], [4, m, n], c_sizes=[4, m, n], ta=True, alpha=2.0, beta=0.5)
    out = run(d, {"ATensor": ab, "BTensor": bb, "CTensor": cb})["OutputTensor"]
    want = torch.baddbmm(torch.from_numpy(cb), torch.from_numpy(ab).transpose(1, 2), torch.from_numpy(bb),
                         beta=0.5, alpha=2.0)
    _, mag = reference(ab, bb, cb, True, False, 2.0, 0.5)
    assert np.all(np.abs(out - want.numpy()) <= 2 * (k + 3) * U32 * mag)


# -- Microsoft's DxDispatch sample models -------------------------------------------------------------

def pydml_run(model: str) -> list[float]:
    path = ROOT / "tests" / "data" / "dxdispatch" / model
    result = subprocess.run([sys.executable, "-m", "pydml", "run", str(path)], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    line = next(x for x in result.stdout.splitlines() if x.startswith("Resource 'output': "))
    return [float(v) for v in line.split(": ", 1)[1].split(", ")]


def test_dxdispatch_dml_gemm_model() -> None:
    # the model: A = [1, 2, 3] as 3x1, B = [4, 5, 6] as 1x3, C = 2 everywhere, Alpha = Beta = 1
    a = np.array([1.0, 2.0, 3.0]).reshape(3, 1)
    b = np.array([4.0, 5.0, 6.0]).reshape(1, 3)
    want = (1.0 * (a @ b) + 1.0 * np.full((3, 3), 2.0)).reshape(-1)
    assert pydml_run("dml_gemm.json") == list(want)  # 6, 7, 8, 10, 12, 14, 14, 17, 20


def test_dxdispatch_dml_gemm_graph_model() -> None:
    # the model: 32x32 ones times 32x32 ones (B owned by DML), no C: 32 everywhere, 1024 values
    want = (np.ones((32, 32)) @ np.ones((32, 32))).reshape(-1)
    assert pydml_run("dml_gemm_graph.json") == list(want)


# -- the page's rules ------------------------------------------------------------------------------------

def invalid(desc: Any) -> pydml.ValidationError:
    with pytest.raises(pydml.ValidationError) as info:
        pydml.validate(desc)
    return info.value


@pytest.mark.parametrize("a,b,o,ta,tb,message", [
    ([1, 1, 8, 64], [1, 1, 32, 16], [1, 1, 8, 16], False, False,
     "DML_GEMM_OPERATOR_DESC.BTensor.Sizes[2]: must be 64 (ATensor.Sizes[3] with TransA NONE), got 32"),
    ([64, 8], [16, 32], [8, 16], True, True,
     "DML_GEMM_OPERATOR_DESC.BTensor.Sizes[1]: must be 64 (ATensor.Sizes[0] with TransA TRANSPOSE), got 32"),
    ([8, 64], [64, 16], [9, 16], False, False,
     "DML_GEMM_OPERATOR_DESC.OutputTensor.Sizes[0]: must be 8 (ATensor.Sizes[0] with TransA NONE), got 9"),
    ([3, 64, 8], [3, 64, 16], [3, 9, 16], True, False,
     "DML_GEMM_OPERATOR_DESC.OutputTensor.Sizes[1]: must be 8 (ATensor.Sizes[2] with TransA TRANSPOSE), "
     "got 9"),
    ([8, 64], [16, 64], [8, 17], False, True,
     "DML_GEMM_OPERATOR_DESC.OutputTensor.Sizes[1]: must be 16 (BTensor.Sizes[0] with TransB TRANSPOSE), "
     "got 17"),
    ([8, 64], [64, 16], [8, 15], False, False,
     "DML_GEMM_OPERATOR_DESC.OutputTensor.Sizes[1]: must be 16 (BTensor.Sizes[1] with TransB NONE), got 15"),
    ([2, 3, 8, 4], [2, 5, 4, 6], [2, 3, 8, 6], False, False,
     "DML_GEMM_OPERATOR_DESC.BTensor.Sizes[1]: must be 3 (ATensor.Sizes[1], a batch dimension), got 5"),
    ([2, 3, 8, 4], [2, 3, 4, 6], [1, 3, 8, 6], False, False,
     "DML_GEMM_OPERATOR_DESC.OutputTensor.Sizes[0]: must be 2 (ATensor.Sizes[0], a batch dimension), got 1"),
])
def test_shape_rules(a: list[int], b: list[int], o: list[int], ta: bool, tb: bool, message: str) -> None:
    err = invalid(gemm_desc("FLOAT32", a, b, o, ta=ta, tb=tb))
    assert str(err) == message
    assert err.field == message.split(": ")[0].split(".", 1)[1]


def test_c_sizes_must_equal_output_sizes() -> None:
    # the table's "CTensor and OutputTensor must have the same Sizes" (broadcasting is by strides)
    err = invalid(gemm_desc("FLOAT32", [8, 4], [4, 6], [8, 6], c_sizes=[1, 6]))
    assert "CTensor" in str(err)


def test_trans_values_rule() -> None:
    def desc(ta: int, tb: int) -> Any:
        return pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=tensor("FLOAT32", [8, 4]), BTensor=tensor("FLOAT32", [4, 6]),
            OutputTensor=tensor("FLOAT32", [8, 6]), TransA=ta, TransB=tb, Alpha=1.0, Beta=0.0)

    err = invalid(desc(2, 0))
    assert err.field == "TransA" and str(err).startswith("DML_GEMM_OPERATOR_DESC.TransA: ")
    err = invalid(desc(0, 7))
    assert err.field == "TransB" and str(err).startswith("DML_GEMM_OPERATOR_DESC.TransB: ")


def test_valid_shapes_pass_every_transpose() -> None:
    for ta in (False, True):
        for tb in (False, True):
            a, b = ([2, 4, 8] if ta else [2, 8, 4]), ([2, 6, 4] if tb else [2, 4, 6])
            pydml.validate(gemm_desc("FLOAT32", a, b, [2, 8, 6], ta=ta, tb=tb))


@pytest.mark.parametrize("tb", [False, True], ids=["B", "B transposed"])
@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_a_few_rows_over_owned_panels_are_the_in_place_streams_bits(m: int, tb: bool,
                                                                    rng: np.random.Generator) -> None:
    """Up to 4 rows times an owned B with unit stride along n (a decoder's GEMVs, a few tokens
    times a weight) read B's panels packed at initialization (gemm.c gemm_pre_rows: sequential
    panel streams) where the in-place stream (gemm_rows.c) read B's rows: the same sums, K slice by
    K slice, so the same bits, on each ISA path, 1 and 2 threads, with batches, an N that ends in
    a partial panel and vector, and K of several uneven slices; Alpha, C and an activation after."""
    from ew_harness import ISA_PATHS, available_paths

    n, k, batch = 77, 600, (2,)
    a = rng.standard_normal((*batch, m, k)).astype(np.float32)
    b_shape = (*batch, n, k) if tb else (*batch, k, n)
    b = rng.standard_normal(b_shape).astype(np.float32)
    c = rng.standard_normal((*batch, m, n)).astype(np.float32)
    act = pydml.DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC(Alpha=0.25)

    def desc(owned: bool) -> Any:
        d = gemm_desc("FLOAT32", (*batch, m, k), b_shape, (*batch, m, n), c_sizes=(*batch, m, n), tb=tb,
                      alpha=0.5, beta=2.0, act=act)
        if owned:
            d = dataclasses.replace(d, BTensor=pydml.buffer_desc("FLOAT32", list(b_shape), Flags="OWNED_BY_DML"))
        return d

    results = []
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            for count in (1, 2):
                with threads(count):
                    plain = pydml.Device().create_operator(desc(False))
                    streamed = plain.execute({"ATensor": a, "BTensor": b, "CTensor": c},
                                             {"OutputTensor": np.full((*batch, m, n), np.nan, np.float32)})
                    op = pydml.Device().create_operator(desc(True))
                    op.initialize({"BTensor": b})
                    before, pre_rows = gemm_stats(), int(lib.pydml_debug_gemm_pre_rows_runs())
                    panels = op.execute({"ATensor": a, "CTensor": c},
                                        {"OutputTensor": np.full((*batch, m, n), np.nan, np.float32)})
                    delta = stats_delta(before)
                    # the panel path itself ran (the phases read the same panels, with the same bits)
                    assert int(lib.pydml_debug_gemm_pre_rows_runs()) - pre_rows == (path != "portable")
                    # the portable path: B along n streamed in place; transposed, its panels (phases)
                    assert delta["prepared" if path != "portable" or tb else "in_place"] == 1, (path, delta)
                    np.testing.assert_array_equal(panels["OutputTensor"].view(np.uint32),
                                                  streamed["OutputTensor"].view(np.uint32))
                    if path != "portable":
                        results.append(panels["OutputTensor"])
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    for r in results[1:]:  # AVX-512 and AVX2, 1 and 2 threads: one answer
        np.testing.assert_array_equal(r.view(np.uint32), results[0].view(np.uint32))
    ref, mag = reference(a, b, c, False, tb, 0.5, 2.0)
    ref = np.where(ref > 0, ref, 0.25 * ref)
    assert_close(results[0], ref if m else ref, mag, k)
