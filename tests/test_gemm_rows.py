"""DML_OPERATOR_GEMM with one row strip of output (1 to 8 rows, at most the ISA's tile height) and a
FLOAT32 B with unit stride along n: native/engines/gemm_rows.c reads B in place once and shares
its K slices among the threads, each slice's sums kept apart and added in slice order at the end.

References: the float64 evaluation of the page's formula (ns-directml-dml_gemm_operator_desc.md)
with test_gemm.py's per-element bound, and, bit for bit, the same product through the packed
microkernel path (an output with a column step of 2 is not accumulated in place, so it takes the
older schedule over packed panels), on 1 and 2 threads: every path sums each element from 0 in
ascending k within K slices of 256, the slices in order, C last (test_gemm.py's contract).
Outputs are poisoned (NaN; the strided ones 7.0 in the gaps, which must stay)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from ew_harness import run, threads
from test_gemm import assert_close, gemm_desc, reference

import pydml

# (n, k): N with and without a tail past the last 8 columns, one to four K slices; the three wide
# ones do enough work to run on 2 threads (K slices shared, columns too when there are few slices;
# 1030 x 200 is one slice, its columns split in two runs, the second with the tail)
SHAPES = [(8, 5), (13, 256), (37, 300), (301, 770), (1030, 520), (1030, 200)]


def product(a: np.ndarray, b_data: np.ndarray, c: np.ndarray | None, m: int, n: int, k: int, *,
            strided_out: bool, **kw: Any) -> np.ndarray:
    """The GEMM's output as an (m, n) array; strided_out binds a column step of 2 (packed path)."""
    o_strides = [2 * n, 2] if strided_out else None
    d = gemm_desc("FLOAT32", kw.pop("a_sizes", [m, k]), kw.pop("b_sizes", [k, n]), [m, n],
                  c_sizes=None if c is None else [m, n], o_strides=o_strides, **kw)
    inputs = {"ATensor": a, "BTensor": b_data} | ({} if c is None else {"CTensor": c})
    if not strided_out:
        return run(d, inputs)["OutputTensor"]
    o_buf = np.full(2 * m * n, 7.0, np.float32)
    run(d, inputs, outputs={"OutputTensor": o_buf})
    grid = o_buf.reshape(m, 2 * n)
    assert np.all(grid[:, 1::2] == 7.0), "a gap of the strided output was written"
    return np.ascontiguousarray(grid[:, ::2])


def same_bits(outs: list[np.ndarray], what: str) -> None:
    for other in outs[1:]:
        np.testing.assert_array_equal(outs[0].view(np.uint32), other.view(np.uint32), err_msg=what)


@pytest.mark.parametrize("nk", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_rows_equal_the_packed_path_on_1_and_2_threads(ew_isa: str, nk: tuple[int, int],
                                                      rng: np.random.Generator) -> None:
    n, k = nk
    b = rng.standard_normal((k, n)).astype(np.float32)
    for m in range(1, 9):
        a = rng.standard_normal((m, k)).astype(np.float32)
        c = rng.standard_normal((m, n)).astype(np.float32)
        outs = []
        for count in (1, 2):
            with threads(count):
                for strided_out in (False, True):
                    outs.append(product(a, b, c, m, n, k, strided_out=strided_out, alpha=0.5, beta=2.0))
        same_bits(outs, f"M = {m}")
        ref, mag = reference(a, b, c, False, False, 0.5, 2.0)
        assert_close(outs[0], ref, mag, k)


@pytest.mark.parametrize("m", [1, 3, 6])
def test_rows_transposed_strided_and_broadcast_operands(ew_isa: str, m: int, rng: np.random.Generator) -> None:
    # TransA (A read down its columns), B rows padded (row stride N + 9), B one row broadcast over k
    # (row stride 0), A one row broadcast over m, C a bias row broadcast over m, a fused RELU: the
    # packed path's bits on 1 and 2 threads, and the float64 formula
    n, k = 1030, 520
    a_t = rng.standard_normal((k, m)).astype(np.float32)
    b_buf = rng.standard_normal((k, n + 9)).astype(np.float32)
    bias = rng.standard_normal(n).astype(np.float32)
    row = rng.standard_normal(n).astype(np.float32)
    a_row = rng.standard_normal(k).astype(np.float32)
    relu = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC()
    cases: list[tuple[str, dict[str, Any], np.ndarray, np.ndarray]] = [
        ("TransA, padded B", {"ta": True, "a_sizes": [k, m], "b_strides": [n + 9, 1]}, a_t, b_buf),
        ("broadcast B row", {"b_strides": [0, 1]}, rng.standard_normal((m, k)).astype(np.float32), row),
        ("broadcast A row", {"a_strides": [0, 1], "b_strides": [n + 9, 1]}, a_row, b_buf),
    ]
    for name, kw, a_data, b_data in cases:
        outs = []
        for count in (1, 2):
            with threads(count):
                for strided_out in (False, True):
                    d = gemm_desc("FLOAT32", kw.get("a_sizes", [m, k]), [k, n], [m, n], c_sizes=[m, n],
                                  c_strides=[0, 1], ta=kw.get("ta", False), alpha=-0.75, beta=1.5,
                                  a_strides=kw.get("a_strides"), b_strides=kw.get("b_strides"),
                                  o_strides=[2 * n, 2] if strided_out else None, act=relu)
                    inputs = {"ATensor": a_data, "BTensor": b_data, "CTensor": bias}
                    if strided_out:
                        o_buf = np.full(2 * m * n, 7.0, np.float32)
                        run(d, inputs, outputs={"OutputTensor": o_buf})
                        outs.append(np.ascontiguousarray(o_buf.reshape(m, 2 * n)[:, ::2]))
                    else:
                        outs.append(run(d, inputs)["OutputTensor"])
        same_bits(outs, name)
        a_mk = a_t.T if kw.get("ta") else (np.broadcast_to(a_row, (m, k)) if "a_strides" in kw else a_data)
        b_kn = np.broadcast_to(row, (k, n)) if kw.get("b_strides") == [0, 1] else b_buf[:, :n]
        c_mn = np.broadcast_to(bias, (m, n))
        ref, mag = reference(np.ascontiguousarray(a_mk), np.ascontiguousarray(b_kn), c_mn, False, False, -0.75, 1.5)
        got = outs[0].astype(np.float64)
        # RELU is 1-Lipschitz and exact: the bound holds through it
        assert np.all(np.abs(got - np.maximum(ref, 0.0)) <= (k + 3) * 2.0 ** -24 * mag), name


def test_rows_batches_and_one_slice_per_item(rng: np.random.Generator) -> None:
    # batches run the rows path one after another on 1 thread and whole batches per thread on 2;
    # K = 2600 is 11 slices, shared as whole row runs: the same bits either way
    for batch, (m, n, k) in (((3,), (2, 300, 520)), ((), (1, 100, 2600)), ((), (5, 64, 2600))):
        a = rng.standard_normal((*batch, m, k)).astype(np.float32)
        b = rng.standard_normal((*batch, k, n)).astype(np.float32)
        outs = []
        for count in (1, 2):
            with threads(count):
                d = gemm_desc("FLOAT32", [*batch, m, k], [*batch, k, n], [*batch, m, n])
                outs.append(run(d, {"ATensor": a, "BTensor": b})["OutputTensor"])
        same_bits(outs, f"{batch} {m} x {n} x {k}")
        ref, mag = reference(a, b, None, False, False, 1.0, 1.0)
        assert_close(outs[0], ref, mag, k)


@pytest.mark.parametrize("m", range(1, 10))
def test_rows_transposed_b_in_place(ew_isa: str, m: int, rng: np.random.Generator) -> None:
    # TransB with B^T's rows contiguous along k (padded: row stride K + 3), up to 8 rows: each 8 x 8
    # block of B transposed in registers and applied in ascending k (x86 paths; 9 rows and the
    # portable path take the packed panels). N = 37 leaves a partial group of 8 columns, K = 2 slices
    # with a tail of 16 and 8 and single k; the bits of an owned (initialize-packed) B and of a
    # column-strided output, on 1 and 2 threads; the float64 formula.
    n, k = 37, 300
    bt_buf = rng.standard_normal((n, k + 3)).astype(np.float32)
    bt = np.ascontiguousarray(bt_buf[:, :k])
    a = rng.standard_normal((m, k)).astype(np.float32)
    c = rng.standard_normal((m, n)).astype(np.float32)
    outs = []
    for count in (1, 2):
        with threads(count):
            for strided_out in (False, True):
                outs.append(product(a, bt_buf, c, m, n, k, strided_out=strided_out, alpha=0.5, beta=2.0, tb=True,
                                    b_sizes=[n, k], b_strides=[k + 3, 1]))
    same_bits(outs, f"M = {m}")
    ref, mag = reference(a, bt, c, False, True, 0.5, 2.0)
    assert_close(outs[0], ref, mag, k)
    # wide enough for both threads (several 64-column items), K with a tail of 3
    n, k = 300, 515
    bt = rng.standard_normal((n, k)).astype(np.float32)
    a = rng.standard_normal((m, k)).astype(np.float32)
    outs = []
    for count in (1, 2):
        with threads(count):
            for strided_out in (False, True):
                outs.append(product(a, bt, None, m, n, k, strided_out=strided_out, tb=True, b_sizes=[n, k]))
    same_bits(outs, f"M = {m}, N = 300")
    ref, mag = reference(a, bt, None, False, True, 1.0, 1.0)
    assert_close(outs[0], ref, mag, k)
