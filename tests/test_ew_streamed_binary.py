"""FLOAT32 ADD, SUBTRACT, MULTIPLY and DIVIDE past the last-level cache in one pass
(native/engines/elementwise.c f32_binary_of): each run computed and streamed from the registers to
the output, not through the engine's stage. The results must be numpy's float32 arithmetic bit for
bit (the same IEEE operation on the same operands), with NaN payloads, infinities, -0.0 and
subnormals, for operands read in place or broadcast as one value, outputs at any alignment, on one
thread and two; ``pydml_debug_elementwise_binary_rows`` says the path was taken (never on the
portable path, whose staged rows must agree with it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from ew_harness import ISA_PATHS, available_paths

import pydml
from pydml.native import ffi, lib

#: operator, its desc, numpy's operation
OPS: dict[str, tuple[Any, Callable[..., Any]]] = {
    "ADD": (pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC, np.add),
    "SUBTRACT": (pydml.DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, np.subtract),
    "MULTIPLY": (pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, np.multiply),
    "DIVIDE": (pydml.DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, np.divide),
}
#: 3 x 12.6 MB of operands: past EW_STREAM_BYTES (32 MiB), and rows of an odd length
SHAPE = [3, 1_048_583]
SPECIALS = np.array([0x7F812345, 0x7FC12345, 0xFF800001, 0x80000000, 0x7F800000, 0xFF800000,
                     0x00000001, 0x807FFFFF, 0x00000000], np.uint32)


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    previous = lib.pydml_set_num_threads(2)
    yield
    lib.pydml_set_num_threads(previous)
    lib.pydml_set_cpu_features(0xFFFFFFFF)


def streamed_rows() -> int:
    cell = ffi.new("uint64_t*")
    lib.pydml_debug_elementwise_binary_rows(cell, ffi.NULL)
    return int(cell[0])


def cached_rows() -> int:
    cell = ffi.new("uint64_t*")
    lib.pydml_debug_elementwise_binary_rows(ffi.NULL, cell)
    return int(cell[0])


def operands(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Random float32 rows with the special bit patterns at positions where the other operand is
    finite (a NaN meets a number, never another NaN: which of two NaNs an operation returns is the
    instruction's operand order, not a rule)."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(SHAPE).astype(np.float32)
    b = rng.standard_normal(SHAPE).astype(np.float32)
    where = rng.choice(a.size, 64, replace=False)
    a.reshape(-1).view(np.uint32)[where[:32]] = np.resize(SPECIALS, 32)
    b.reshape(-1).view(np.uint32)[where[32:]] = np.resize(SPECIALS, 32)
    b.reshape(-1)[:5] = 0.0  # x / 0
    return a, b


def execute(op: str, a: np.ndarray, b: np.ndarray, *, a_scalar: bool = False, b_scalar: bool = False,
            out: np.ndarray | None = None) -> np.ndarray:
    desc_type, _ = OPS[op]
    full = pydml.buffer_desc("FLOAT32", SHAPE)
    one = pydml.buffer_desc("FLOAT32", SHAPE, strides=[0, 0])
    desc = desc_type(ATensor=one if a_scalar else full, BTensor=one if b_scalar else full, OutputTensor=full)
    result = np.full(SHAPE, np.nan, np.float32) if out is None else out
    pydml.Device().create_operator(desc).execute(
        {"ATensor": a[:1, :1].copy() if a_scalar else a, "BTensor": b[:1, :1].copy() if b_scalar else b},
        {"OutputTensor": result})
    return result


def expected(op: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(OPS[op][1](a, b), np.float32)


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("path", ["avx512", "avx2", "portable"])
def test_streamed_rows_are_float32_arithmetic(op: str, path: str) -> None:
    if path not in available_paths():
        pytest.skip(f"no {path} on this host")
    lib.pydml_set_cpu_features(ISA_PATHS[path])
    a, b = operands(len(op))
    before = streamed_rows()
    got = execute(op, a, b)
    taken = streamed_rows() - before
    assert taken >= 1 if path != "portable" else taken == 0
    np.testing.assert_array_equal(got.view(np.uint32), expected(op, a, b).view(np.uint32))


@pytest.mark.parametrize("op", ["SUBTRACT", "DIVIDE"])
@pytest.mark.parametrize("side", ["a", "b"])
def test_one_value_operands(op: str, side: str) -> None:
    """An operand broadcast as one value (stride 0 along the run), on either side of an operation
    that does not commute."""
    a, b = operands(7)
    before = streamed_rows()
    got = execute(op, a, b, a_scalar=side == "a", b_scalar=side == "b")
    assert streamed_rows() > before
    want = expected(op, a[:1, :1] if side == "a" else a, b[:1, :1] if side == "b" else b)
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("shift", [1, 3, 4, 8])
@pytest.mark.parametrize("threads", [1, 2])
def test_outputs_at_any_alignment(shift: int, threads: int) -> None:
    """An output 4 to 32 bytes past a 32-byte boundary: the first elements up to the boundary
    stored one by one, then the streamed steps; nothing outside the output is written."""
    lib.pydml_set_num_threads(threads)
    a, b = operands(shift)
    raw = np.full(a.size + 16, -7.0, np.float32)
    start = (-raw.ctypes.data // 4) % 8 + shift  # the output begins `shift` floats past a boundary
    out = raw[start:start + a.size].reshape(SHAPE)
    before = streamed_rows()
    execute("ADD", a, b, out=out)
    assert streamed_rows() > before
    np.testing.assert_array_equal(out.view(np.uint32), expected("ADD", a, b).view(np.uint32))
    assert (raw[:start] == -7.0).all() and (raw[start + a.size:] == -7.0).all()


def periodic_runs() -> int:
    cell = ffi.new("uint64_t*")
    lib.pydml_debug_elementwise_stats(ffi.NULL, ffi.NULL, cell)
    return int(cell[0])


@pytest.mark.parametrize("op", ["ADD", "SUBTRACT", "DIVIDE"])
@pytest.mark.parametrize("side", ["a", "b"])
@pytest.mark.parametrize("width", [2051, 300])
def test_a_repeated_row(op: str, side: str, width: int) -> None:
    """A row [width] over [rows, width] (a bias row): the runs merged across the rows for any row
    length (the stage holds at most 512), the row read at each position's phase, spans split across
    the work items anywhere within it; on both sides of operations that do not commute."""
    rows = 49_152_000 // (8 * width)  # two full operands of about 24 MB: past EW_STREAM_BYTES
    rng = np.random.default_rng(width)
    full = rng.standard_normal((rows, width)).astype(np.float32)
    row = rng.standard_normal(width).astype(np.float32)
    row[:3] = [0.0, np.inf, np.nan]
    desc_type, numpy_op = OPS[op]
    full_desc = pydml.buffer_desc("FLOAT32", [rows, width])
    row_desc = pydml.buffer_desc("FLOAT32", [rows, width], strides=[0, 1])
    a_desc, b_desc = (row_desc, full_desc) if side == "a" else (full_desc, row_desc)
    desc = desc_type(ATensor=a_desc, BTensor=b_desc, OutputTensor=full_desc)
    out = np.full((rows, width), np.nan, np.float32)
    before, merged = streamed_rows(), periodic_runs()
    a, b = (row, full) if side == "a" else (full, row)
    pydml.Device().create_operator(desc).execute({"ATensor": a, "BTensor": b}, {"OutputTensor": out})
    assert streamed_rows() - before < rows // 8  # the work items of one merged run, not a call per row
    assert streamed_rows() > before and periodic_runs() == merged + 1
    with np.errstate(all="ignore"):
        want = numpy_op(row, full) if side == "a" else numpy_op(full, row)
    np.testing.assert_array_equal(out.view(np.uint32), want.astype(np.float32).view(np.uint32))


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("b_form", ["full", "row", "one"])
@pytest.mark.parametrize("path", ["avx512", "avx2", "portable"])
def test_in_the_cache(op: str, b_form: str, path: str) -> None:
    """The same rows in the cache (ordinary stores, one pass per run instead of a call per chunk):
    numpy's bits; not counted as streamed."""
    if path not in available_paths():
        pytest.skip(f"no {path} on this host")
    lib.pydml_set_cpu_features(ISA_PATHS[path])
    rng = np.random.default_rng(len(op) + len(b_form))
    shape = [37, 1003]
    a = rng.standard_normal(shape).astype(np.float32)
    b = rng.standard_normal(shape).astype(np.float32)
    a.reshape(-1).view(np.uint32)[:9] = SPECIALS
    strides = {"full": None, "row": [0, 1], "one": [0, 0]}[b_form]
    b_in = {"full": b, "row": b[0], "one": b[:1, :1].reshape(1)}[b_form]
    desc_type, numpy_op = OPS[op]
    full = pydml.buffer_desc("FLOAT32", shape)
    b_desc = pydml.buffer_desc("FLOAT32", shape, strides=strides)
    desc = desc_type(ATensor=full, BTensor=b_desc, OutputTensor=full)
    out = np.full(shape, np.nan, np.float32)
    before, cached = streamed_rows(), cached_rows()
    pydml.Device().create_operator(desc).execute({"ATensor": a, "BTensor": b_in}, {"OutputTensor": out})
    assert streamed_rows() == before
    assert (cached_rows() > cached) == (path != "portable"), "the one-pass rows in the cache"
    with np.errstate(all="ignore"):
        want = numpy_op(a, np.broadcast_to(b_in.reshape(-1) if b_form != "full" else b_in, shape))
    np.testing.assert_array_equal(out.view(np.uint32), want.astype(np.float32).view(np.uint32))


@pytest.mark.parametrize("big", [True, False], ids=["streamed", "cached"])
@pytest.mark.parametrize("path", ["avx512", "avx2", "portable"])
def test_add1_with_fused_relu(big: bool, path: str) -> None:
    """ADD1 with a fused RELU (a residual add: ONNX Runtime's DirectML provider fuses Add + Relu so)
    takes the same rows, the RELU applied before the store as the element-wise RELU computes it
    (a < 0 ? 0 : a: NaN and -0.0 kept); other fused activations keep the engine's path."""
    if path not in available_paths():
        pytest.skip(f"no {path} on this host")
    lib.pydml_set_cpu_features(ISA_PATHS[path])
    shape = SHAPE if big else [37, 1003]
    rng = np.random.default_rng(11)
    a = rng.standard_normal(shape).astype(np.float32)
    b = rng.standard_normal(shape).astype(np.float32)
    a.reshape(-1).view(np.uint32)[:9] = SPECIALS
    full = pydml.buffer_desc("FLOAT32", shape)
    relu = pydml.DML_OPERATOR_DESC(Type=pydml.DML_OPERATOR_ACTIVATION_RELU,
                                   Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())
    desc = pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(ATensor=full, BTensor=full, OutputTensor=full,
                                                     FusedActivation=relu)
    out = np.full(shape, np.nan, np.float32)
    before, cached = streamed_rows(), cached_rows()
    pydml.Device().create_operator(desc).execute({"ATensor": a, "BTensor": b}, {"OutputTensor": out})
    assert (streamed_rows() > before) == (big and path != "portable")
    assert (cached_rows() > cached) == (not big and path != "portable")
    with np.errstate(all="ignore"):
        v = a + b
        want = np.where(v < 0, np.float32(0), v)
    np.testing.assert_array_equal(out.view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("path", ["avx512", "avx2"])
def test_in_the_cache_at_any_alignment(path: str) -> None:
    """In the cache the rows start at a 32-byte boundary of the first operand read (the elements
    before it one by one): inputs and outputs at every float offset from a boundary, a repeated row
    read at any phase (work items split the merged run within a row), with and without the
    fused RELU: numpy's bits, and nothing outside the output written."""
    if path not in available_paths():
        pytest.skip(f"no {path} on this host")
    lib.pydml_set_cpu_features(ISA_PATHS[path])
    rng = np.random.default_rng(5)
    shape = [97, 1000]
    n = shape[0] * shape[1]

    def placed(values: np.ndarray, shift: int) -> tuple[np.ndarray, np.ndarray]:
        raw = np.full(values.size + 16, -7.0, np.float32)
        start = (-raw.ctypes.data // 4) % 8 + shift
        view = raw[start:start + values.size].reshape(values.shape)
        view[...] = values
        return raw, view

    a = rng.standard_normal(shape).astype(np.float32)
    b = rng.standard_normal(shape).astype(np.float32)
    row = rng.standard_normal(40).astype(np.float32)
    full = pydml.buffer_desc("FLOAT32", shape)
    for a_shift, b_shift, o_shift in ((1, 1, 4), (3, 0, 0), (0, 5, 2), (7, 7, 7), (2, 6, 0)):
        _, av = placed(a, a_shift)
        _, bv = placed(b, b_shift)
        raw, out = placed(np.full(shape, np.nan, np.float32), o_shift)
        relu = pydml.DML_OPERATOR_DESC(Type=pydml.DML_OPERATOR_ACTIVATION_RELU,
                                       Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())
        for fused in (None, relu):
            desc = pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(ATensor=full, BTensor=full, OutputTensor=full,
                                                             FusedActivation=fused)
            pydml.Device().create_operator(desc).execute({"ATensor": av, "BTensor": bv}, {"OutputTensor": out})
            want = a + b
            if fused is not None:
                want = np.where(want < 0, np.float32(0), want)
            np.testing.assert_array_equal(out.view(np.uint32), want.view(np.uint32))
            assert (raw[: (-raw.ctypes.data // 4) % 8 + o_shift] == -7.0).all()
            assert (raw[(-raw.ctypes.data // 4) % 8 + o_shift + n:] == -7.0).all()
        # a row of 40 repeated over [2425, 40] (merged, read at each work item's phase)
        _, rv = placed(row, b_shift)
        rows = n // 40
        desc = pydml.DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC(
            ATensor=pydml.buffer_desc("FLOAT32", [rows, 40]),
            BTensor=pydml.buffer_desc("FLOAT32", [rows, 40], strides=[0, 1]),
            OutputTensor=pydml.buffer_desc("FLOAT32", [rows, 40]))
        got = np.full((rows, 40), np.nan, np.float32)
        for threads in (1, 2):
            previous = lib.pydml_set_num_threads(threads)
            try:
                pydml.Device().create_operator(desc).execute({"ATensor": av.reshape(rows, 40), "BTensor": rv},
                                                             {"OutputTensor": got})
            finally:
                lib.pydml_set_num_threads(previous)
            np.testing.assert_array_equal(got.view(np.uint32), (a.reshape(rows, 40) - row).view(np.uint32))


@pytest.mark.parametrize("shift", [0, 1, 3])
@pytest.mark.parametrize("path", ["avx512", "avx2", "portable"])
def test_relu_past_the_cache_streams_from_the_registers(shift: int, path: str) -> None:
    """ACTIVATION_RELU past the cache streams each run from the registers (elementwise.c
    f32_relu_stream), counted with the binary rows: the element-wise RELU's bits (a < 0 ? 0 : a:
    signaling and quiet NaN payloads, -0.0, subnormals and infinities kept), at any output
    alignment, nothing outside the output written, on each path (never on the portable one)."""
    if path not in available_paths():
        pytest.skip(f"no {path} on this host")
    lib.pydml_set_cpu_features(ISA_PATHS[path])
    shape = [3, 1_500_007]  # two operands of 18 MB: past EW_STREAM_BYTES
    a = np.random.default_rng(11).standard_normal(shape).astype(np.float32)
    flat = a.reshape(-1)
    flat.view(np.uint32)[:len(SPECIALS)] = SPECIALS
    flat[len(SPECIALS):len(SPECIALS) + 3] = [-0.0, 0.0, -1e-45]
    flat.view(np.uint32)[-5:] = SPECIALS[:5]
    for start in (1000, 2_000_003):  # in the vector steps too (the ends above may be scalar)
        flat.view(np.uint32)[start:start + 3 * len(SPECIALS)] = np.tile(SPECIALS, 3)
    raw = np.full(a.size + 16, -7.0, np.float32)
    out = raw[shift:shift + a.size].reshape(shape)
    full = pydml.buffer_desc("FLOAT32", shape)
    desc = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=full, OutputTensor=full)
    before = streamed_rows()
    pydml.Device().create_operator(desc).execute({"InputTensor": a}, {"OutputTensor": out})
    taken = streamed_rows() - before
    assert taken >= 1 if path != "portable" else taken == 0
    want = np.where(a < 0, np.float32(0.0), a)
    np.testing.assert_array_equal(out.view(np.uint32), want.view(np.uint32))
    assert (raw[:shift] == -7.0).all() and (raw[shift + a.size:] == -7.0).all()
