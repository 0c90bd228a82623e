"""The GEMM engine's integer path called directly (native/engines/gemm_int8.h: pydml_gemm_i8), the
8-bit product the integer and quantized operators run on:

    S(m, n) = sum_k (A(m, k) - za(m)) * (B(k, n) - zb(n))   modulo 2^32

against numpy's int64 matmul of the same operands (exact), wrapped to int32. UINT8 / INT8 mixes, odd
shapes (M, N, K of 1, 7, 33, 65, ...: partial tiles, K not a multiple of 4), strided, transposed and
reversed operands, scalar / per-row / per-column / absent zero points, a strided int32 C poisoned
before the call (and the memory between its elements checked untouched), the emit callback, 1 and 2
threads (identical), each ISA path this CPU has, and the packing in a caller's scratch (garbage-filled,
of exactly pydml_gemm_i8_scratch_bytes at any alignment; one byte short is refused). Reached through cffi's ABI mode on the extension's
exported symbol, as tests/test_elementwise_views.py reaches the element-wise engine: an engine entry
point for C callers, not part of include/pydml.h."""

from __future__ import annotations

from typing import Any

import numpy as np
import pydml._native
import pytest
from cffi import FFI

from pydml.native import lib

ffi = FFI()
ffi.cdef("""
typedef void (*pydml_gemm_i8_emit_fn)(const void* ctx, uint32_t m0, uint32_t mr, uint32_t n0, uint32_t nr,
                                      const int32_t* s, uint32_t lds);
typedef struct pydml_gemm_i8_args {
    uint32_t M, N, K;
    const void* a; int a_signed; int64_t a_rs, a_cs;
    const void* b; int b_signed; int64_t b_rs, b_cs;
    const int64_t* za; int64_t za_step;
    const int64_t* zb; int64_t zb_step;
    pydml_gemm_i8_emit_fn emit; const void* ctx;
    int32_t* c; int64_t c_rs, c_cs;
    int threads;
    void* scratch; uint64_t scratch_bytes;
} pydml_gemm_i8_args;
int pydml_gemm_i8(const pydml_gemm_i8_args* g);
uint64_t pydml_gemm_i8_scratch_bytes(uint32_t M, uint32_t N, uint32_t K, int threads);
""")
C = ffi.dlopen(pydml._native.__file__)

POISON = np.int32(-0x5A5A5A5B)  # an int32 output cannot hold NaN: a pattern no test sum produces
DT = {"UINT8": np.uint8, "INT8": np.int8}
PAIRS = [(a, b) for a in DT for b in DT]


def operand(rng: np.random.Generator, dtype: str, shape: tuple[int, int], layout: str) -> np.ndarray:
    """A random 8-bit matrix as a view: contiguous, strided (every 2nd row, every 3rd column),
    transposed (column-major) or reversed (negative strides)."""
    info = np.iinfo(DT[dtype])
    r, c = shape
    if layout == "contiguous":
        return rng.integers(info.min, info.max + 1, (r, c)).astype(DT[dtype])
    if layout == "strided":
        return rng.integers(info.min, info.max + 1, (2 * r + 1, 3 * c + 2)).astype(DT[dtype])[1::2, 2::3]
    if layout == "transposed":
        return rng.integers(info.min, info.max + 1, (c, r)).astype(DT[dtype]).T
    return rng.integers(info.min, info.max + 1, (r, c)).astype(DT[dtype])[::-1, ::-1]


def zero_points(rng: np.random.Generator, dtype: str, n: int, kind: str) -> tuple[np.ndarray | None, int]:
    """(values, step): per element (step 1), one scalar (step 0) or absent (None)."""
    if kind == "none":
        return None, 0
    info = np.iinfo(DT[dtype])
    z = rng.integers(info.min, info.max + 1, n if kind == "vector" else 1).astype(np.int64)
    return z, 1 if kind == "vector" else 0


def reference(a: np.ndarray, za: np.ndarray | None, b: np.ndarray, zb: np.ndarray | None) -> np.ndarray:
    a64 = a.astype(np.int64) - (0 if za is None else za.reshape(-1, 1))
    b64 = b.astype(np.int64) - (0 if zb is None else zb.reshape(1, -1))
    s = a64 @ b64
    return ((s + 2**31) % 2**32 - 2**31).astype(np.int32)


def args(a: np.ndarray, za: tuple[np.ndarray | None, int], b: np.ndarray, zb: tuple[np.ndarray | None, int],
         threads: int) -> Any:
    g = ffi.new("pydml_gemm_i8_args*")
    g.M, g.K = a.shape
    g.N = b.shape[1]
    g.a = ffi.cast("void*", a.ctypes.data)
    g.a_signed = int(a.dtype == np.int8)
    g.a_rs, g.a_cs = a.strides  # bytes = elements for 8-bit operands
    g.b = ffi.cast("void*", b.ctypes.data)
    g.b_signed = int(b.dtype == np.int8)
    g.b_rs, g.b_cs = b.strides
    if za[0] is not None:
        g.za = ffi.cast("int64_t*", za[0].ctypes.data)
    g.za_step = za[1]
    if zb[0] is not None:
        g.zb = ffi.cast("int64_t*", zb[0].ctypes.data)
    g.zb_step = zb[1]
    g.threads = threads
    return g


def run_into_c(g: Any, m: int, n: int, col_stride: int = 1) -> np.ndarray:
    """S into a poisoned int32 C with row stride n * col_stride + 3 (a gap after each row) and
    column stride col_stride; everything between the elements must stay poisoned."""
    rs = n * col_stride + 3
    buf = np.full(m * rs + 1, POISON, np.int32)
    g.c = ffi.cast("int32_t*", buf.ctypes.data)
    g.c_rs, g.c_cs = rs, col_stride
    assert C.pydml_gemm_i8(g) == lib.PYDML_STATUS_SUCCESS
    out = np.lib.stride_tricks.as_strided(buf, (m, n), (rs * 4, col_stride * 4)).copy()
    mask = np.ones(buf.size, bool)
    mask[(np.arange(m)[:, None] * rs + np.arange(n)[None, :] * col_stride).ravel()] = False
    assert (buf[mask] == POISON).all(), "the engine wrote outside C's elements"
    return out


SHAPES = [(1, 1, 1), (7, 1, 33), (1, 7, 65), (7, 33, 65), (33, 65, 7), (65, 7, 129), (13, 130, 67),
          (6, 16, 4)]


@pytest.mark.parametrize(("at", "bt"), PAIRS)
@pytest.mark.parametrize(("m", "n", "k"), SHAPES)
def test_types_and_odd_shapes(ew_isa: str, at: str, bt: str, m: int, n: int, k: int,
                              rng: np.random.Generator) -> None:
    a = operand(rng, at, (m, k), "contiguous")
    b = operand(rng, bt, (k, n), "contiguous")
    za, zb = zero_points(rng, at, m, "vector"), zero_points(rng, bt, n, "vector")
    want = reference(a, za[0], b, zb[0])
    one = run_into_c(args(a, za, b, zb, 1), m, n)
    two = run_into_c(args(a, za, b, zb, 2), m, n)
    np.testing.assert_array_equal(one, want)
    np.testing.assert_array_equal(two, one)


@pytest.mark.parametrize(("a_layout", "b_layout"), [("strided", "strided"), ("transposed", "contiguous"),
                                                   ("contiguous", "transposed"), ("reversed", "strided"),
                                                   ("transposed", "reversed")])
@pytest.mark.parametrize(("za_kind", "zb_kind"), [("vector", "vector"), ("scalar", "scalar"),
                                                  ("none", "vector"), ("scalar", "none")])
def test_strided_operands_and_zero_point_forms(ew_isa: str, a_layout: str, b_layout: str, za_kind: str,
                                               zb_kind: str, rng: np.random.Generator) -> None:
    m, n, k = 19, 70, 37
    at, bt = ("UINT8", "INT8") if a_layout != "reversed" else ("INT8", "UINT8")
    a = operand(rng, at, (m, k), a_layout)
    b = operand(rng, bt, (k, n), b_layout)
    za, zb = zero_points(rng, at, m, za_kind), zero_points(rng, bt, n, zb_kind)
    want = reference(a, None if za[0] is None else np.broadcast_to(za[0], m),
                     b, None if zb[0] is None else np.broadcast_to(zb[0], n))
    for threads in (1, 2):
        np.testing.assert_array_equal(run_into_c(args(a, za, b, zb, threads), m, n, col_stride=2), want)


def test_threads_identical_on_a_product_the_engine_splits(rng: np.random.Generator) -> None:
    """Large enough that threads=0 would thread it too; 1, 2 and 3 forced threads agree exactly."""
    m, n, k = 97, 150, 200
    a = operand(rng, "INT8", (m, k), "contiguous")
    b = operand(rng, "UINT8", (k, n), "strided")
    za, zb = zero_points(rng, "INT8", m, "vector"), zero_points(rng, "UINT8", n, "vector")
    want = reference(a, za[0], b, zb[0])
    outs = [run_into_c(args(a, za, b, zb, t), m, n) for t in (0, 1, 2, 3)]
    for out in outs:
        np.testing.assert_array_equal(out, want)


def test_extreme_values_and_int32_wrap() -> None:
    """All 255 against zero point 0 and -128 against zero point 127 (the largest |product|, 255 * 255);
    K = 33025 is the longest sum that stays exact, K = 40000 wraps modulo 2^32 as documented."""
    for k in (33025, 40000):
        a = np.full((2, k), 255, np.uint8)
        b = np.full((k, 3), -128, np.int8)
        za = (np.zeros(1, np.int64), 0)
        zb = (np.full(1, 127, np.int64), 0)
        want = reference(a, za[0], b, zb[0])
        if k == 33025:
            assert want[0, 0] == -33025 * 255 * 255
        np.testing.assert_array_equal(run_into_c(args(a, za, b, zb, 2), 2, 3), want)


def test_emit_callback_gets_every_element_once(rng: np.random.Generator) -> None:
    m, n, k = 23, 40, 9
    a = operand(rng, "UINT8", (m, k), "contiguous")
    b = operand(rng, "INT8", (k, n), "transposed")
    za, zb = zero_points(rng, "UINT8", m, "vector"), zero_points(rng, "INT8", n, "scalar")
    want = reference(a, za[0], b, np.broadcast_to(zb[0], n))
    got = np.full((m, n), POISON, np.int32)
    seen = np.zeros((m, n), np.int64)

    @ffi.callback("void(const void*, uint32_t, uint32_t, uint32_t, uint32_t, const int32_t*, uint32_t)")
    def emit(ctx: Any, m0: int, mr: int, n0: int, nr: int, s: Any, lds: int) -> None:
        tile = np.frombuffer(ffi.buffer(s, 4 * ((mr - 1) * lds + nr)), np.int32)
        for t in range(mr):
            got[m0 + t, n0:n0 + nr] = tile[t * lds:t * lds + nr]
            seen[m0 + t, n0:n0 + nr] += 1

    g = args(a, za, b, zb, 2)
    g.emit = emit
    assert C.pydml_gemm_i8(g) == lib.PYDML_STATUS_SUCCESS
    assert (seen == 1).all()
    np.testing.assert_array_equal(got, want)


def test_empty_sums_and_bad_arguments() -> None:
    """K = 0: every S is 0 and the operands are never read (NULL is allowed); M or N = 0: nothing is
    written; no output, a NULL operand or NULL arguments: INVALID_PARAMETER."""
    g = ffi.new("pydml_gemm_i8_args*")
    g.M, g.N, g.K = 5, 9, 0
    np.testing.assert_array_equal(run_into_c(g, 5, 9), np.zeros((5, 9), np.int32))
    g.M = 0
    assert C.pydml_gemm_i8(g) == lib.PYDML_STATUS_SUCCESS
    g.M, g.K = 5, 3
    assert C.pydml_gemm_i8(g) == lib.PYDML_STATUS_INVALID_PARAMETER  # a and b NULL
    a = np.ones((5, 3), np.uint8)
    b = np.ones((3, 9), np.int8)
    g2 = args(a, (None, 0), b, (None, 0), 1)
    assert C.pydml_gemm_i8(g2) == lib.PYDML_STATUS_INVALID_PARAMETER  # neither emit nor c
    assert C.pydml_gemm_i8(ffi.NULL) == lib.PYDML_STATUS_INVALID_PARAMETER


@pytest.mark.parametrize(("m", "n", "k"), [(1, 1, 1), (7, 33, 65), (65, 7, 129), (13, 130, 67)])
@pytest.mark.parametrize("misalign", [0, 1, 37])
def test_callers_scratch(ew_isa: str, m: int, n: int, k: int, misalign: int, rng: np.random.Generator) -> None:
    """The packing in the caller's scratch: exactly pydml_gemm_i8_scratch_bytes bytes (the largest
    layout of any ISA, plus the alignment slack), garbage-filled and at any alignment, gives the sums
    of the pooled path, bit for bit, and is written; a byte fewer is INVALID_PARAMETER, C untouched."""
    a = operand(rng, "INT8", (m, k), "strided")
    b = operand(rng, "UINT8", (k, n), "contiguous")
    za, zb = zero_points(rng, "INT8", m, "vector"), zero_points(rng, "UINT8", n, "scalar")
    want = run_into_c(args(a, za, b, zb, 2), m, n)
    np.testing.assert_array_equal(want, reference(a, za[0], b, np.broadcast_to(zb[0], n)))
    need = int(C.pydml_gemm_i8_scratch_bytes(m, n, k, 2))
    assert need == C.pydml_gemm_i8_scratch_bytes(m, n, k, 1)  # the team shares one packing
    for fill in (0xFF, 0x00):
        raw = np.full(need + misalign + 64, fill, np.uint8)  # + a guard after the scratch
        g = args(a, za, b, zb, 2)
        g.scratch = ffi.cast("void*", raw.ctypes.data + misalign)
        g.scratch_bytes = need
        np.testing.assert_array_equal(run_into_c(g, m, n), want)
        assert (raw[misalign:misalign + need] != fill).any()
        assert (raw[:misalign] == fill).all() and (raw[misalign + need:] == fill).all()  # only the scratch
    g = args(a, za, b, zb, 2)
    raw = np.zeros(need, np.uint8)
    g.scratch = ffi.cast("void*", raw.ctypes.data)
    g.scratch_bytes = need - 1
    c = np.full((m, n), POISON, np.int32)
    g.c = ffi.cast("int32_t*", c.ctypes.data)
    g.c_rs, g.c_cs = n, 1
    assert C.pydml_gemm_i8(g) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert (c == POISON).all() and not raw.any()
