"""ELEMENT_WISE_IDENTITY over permuted input strides: DirectML's transpose (it has no TRANSPOSE
operator). 32-bit and 16-bit copies whose input is contiguous along another output axis run in
tiles (native/engines/elementwise.c run_transpose), and permutations that keep the innermost axis
by memcpy per run (run_copy_rows); every element must land where the strides say, on every ISA
path and thread count, with the row path's bits (NaN payloads kept; FLOAT16's NaNs quiet, as its
conversions make them), and the cases the tiles do not take (conversions, scale-bias, other
operators, small sizes) keep the row path's results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from ew_harness import DTYPES, run

import pydml
from pydml.native import ffi, lib


def permuted(dtype: str, shape: Sequence[int], perm: Sequence[int]) -> tuple[Any, Any, np.ndarray]:
    """(input desc, output desc, source array): the output is source.transpose(perm), read through
    the source's own strides permuted."""
    rng = np.random.default_rng(len(shape) * 100 + sum(shape))
    np_type = DTYPES[dtype]
    if np_type.kind == "f":
        src = rng.standard_normal(shape).astype(np_type)
    else:
        info = np.iinfo(np_type)
        src = rng.integers(int(info.min), int(info.max), size=shape, endpoint=True).astype(np_type)
    strides = [s // np_type.itemsize for s in src.strides]
    out_shape = [shape[p] for p in perm]
    in_desc = pydml.buffer_desc(dtype, out_shape, [strides[p] for p in perm])
    return in_desc, pydml.buffer_desc(dtype, out_shape), src


def paths() -> tuple[int, int, int]:
    """pydml_debug_elementwise_stats: (tiled transposes, row copies, periodic runs) so far."""
    cells = [ffi.new("uint64_t*") for _ in range(3)]
    lib.pydml_debug_elementwise_stats(*cells)
    return int(cells[0][0]), int(cells[1][0]), int(cells[2][0])


CASES = [  # shape, permutation, whether the tiles take it
    ((512, 512), (1, 0), True),
    ((37, 45), (1, 0), True),          # neither side a multiple of 8
    ((8, 9), (1, 0), True),
    ((9, 8), (1, 0), True),
    ((3, 64, 40), (0, 2, 1), True),     # a batch of transposes
    ((24, 5, 33), (2, 1, 0), True),     # the contiguous input axis outermost
    ((2, 3, 17, 19), (0, 3, 1, 2), True),
    ((16, 4, 64), (1, 2, 0), True),     # NHWC-like
    ((7, 1000), (1, 0), True),          # an innermost output axis of 7: the scalar bands
    ((4, 3, 5, 16), (3, 0, 2, 1), True),  # from channels last, runs of 3 (MaxViT's partitions)
    ((6, 2, 32), (2, 0, 1), True),      # runs of 2
    ((1000, 7), (1, 0), False),         # fewer than 8 rows along the contiguous axis: the row path
    ((40, 1), (1, 0), False),           # (a run of 1: a plain copy)
]


@pytest.mark.parametrize("shape,perm,tiled", CASES)
@pytest.mark.parametrize("dtype", ["FLOAT32", "INT32", "UINT32", "FLOAT16", "INT16", "UINT16"])
def test_transposes_land_where_the_strides_say(shape: tuple[int, ...], perm: tuple[int, ...], tiled: bool,
                                               dtype: str, ew_isa: str) -> None:
    in_desc, out_desc, src = permuted(dtype, shape, perm)
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=in_desc, OutputTensor=out_desc)
    before = paths()[0]
    got = run(desc, {"InputTensor": src})["OutputTensor"]
    np.testing.assert_array_equal(got, np.ascontiguousarray(src.transpose(perm)))
    assert paths()[0] - before == int(tiled)


@pytest.mark.parametrize("threads", [1, 2])
def test_every_bit_on_any_team(threads: int) -> None:
    """NaN payloads and signed zeros survive, and one and two threads give the same bits."""
    bits = np.random.default_rng(1).integers(0, 2**32, size=(96, 130), dtype=np.uint64).astype(np.uint32)
    bits[::7, ::3] = 0x7FC0_1234  # quiet NaNs with payloads
    bits[1::7, ::5] = 0x8000_0000  # -0.0
    src = bits.view(np.float32)
    in_desc = pydml.buffer_desc("FLOAT32", [130, 96], [1, 130])
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=in_desc,
                                                         OutputTensor=pydml.buffer_desc("FLOAT32", [130, 96]))
    previous = lib.pydml_set_num_threads(threads)
    try:
        got = run(desc, {"InputTensor": src})["OutputTensor"]
    finally:
        lib.pydml_set_num_threads(previous)
    np.testing.assert_array_equal(got.view(np.uint32), bits.T)


def test_a_strided_output_keeps_its_gaps() -> None:
    """Output rows 100 elements apart (a slice of a wider buffer): the gaps stay untouched."""
    src = np.arange(64 * 48, dtype=np.float32).reshape(64, 48)
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc("FLOAT32", [48, 64], [1, 48]),
        OutputTensor=pydml.buffer_desc("FLOAT32", [48, 64], [100, 1]))
    out = np.full(48 * 100, -7.0, np.float32)
    run(desc, {"InputTensor": src}, outputs={"OutputTensor": out[: 47 * 100 + 64]})
    grid = out.reshape(48, 100)
    np.testing.assert_array_equal(grid[:, :64], src.T)
    assert (grid[:, 64:] == -7.0).all()


def test_float16_nans_leave_quiet_as_on_the_row_path(ew_isa: str) -> None:
    """FLOAT16's row path converts through float, which sets every NaN's quiet bit (payload kept):
    the transposing tiles give the same bits as a contiguous IDENTITY of the same values."""
    bits = np.random.default_rng(6).integers(0, 2**16, size=(40, 72), dtype=np.uint32).astype(np.uint16)
    bits[::5, ::3] = 0x7C01  # signalling NaNs with payloads
    bits[2::5, ::4] = 0xFD55
    bits[3::7, ::2] = 0x7E00  # quiet NaN
    bits[1::9, 1::5] = 0x7C00  # +inf
    src = bits.view(np.float16)
    out_desc = pydml.buffer_desc("FLOAT16", [72, 40])
    straight = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=out_desc, OutputTensor=out_desc)
    want = run(straight, {"InputTensor": np.ascontiguousarray(src.T)})["OutputTensor"].view(np.uint16)
    tiled = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc("FLOAT16", [72, 40], [1, 72]), OutputTensor=out_desc)
    got = run(tiled, {"InputTensor": src})["OutputTensor"].view(np.uint16)
    np.testing.assert_array_equal(got, want)
    assert (want.T[bits == 0x7C01] == 0x7E01).all()  # the signalling NaNs, quiet, payload kept
    assert (want.T[bits == 0xFD55] == 0xFF55).all()


@pytest.mark.parametrize("variant", ["scale_bias", "float16", "activation"])
def test_what_the_tiles_do_not_take(variant: str, ew_isa: str) -> None:
    """A type conversion, a ScaleBias and another operator go through the row path."""
    src32 = np.random.default_rng(2).standard_normal((40, 24)).astype(np.float32)
    if variant == "float16":  # FLOAT32 in, FLOAT16 out: a conversion, not a copy
        src = src32
        desc: Any = pydml.DML_CAST_OPERATOR_DESC(
            InputTensor=pydml.buffer_desc("FLOAT32", [24, 40], [1, 24]),
            OutputTensor=pydml.buffer_desc("FLOAT16", [24, 40]))
        want = src32.T.astype(np.float16)
    elif variant == "scale_bias":
        src = src32
        desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=pydml.buffer_desc("FLOAT32", [24, 40], [1, 24]),
            OutputTensor=pydml.buffer_desc("FLOAT32", [24, 40]),
            ScaleBias=pydml.DML_SCALE_BIAS(Scale=2.0, Bias=1.0))
        want = (src32.T.astype(np.float64) * 2.0 + 1.0).astype(np.float32)
    else:
        src = src32
        desc = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(
            InputTensor=pydml.buffer_desc("FLOAT32", [24, 40], [1, 24]),
            OutputTensor=pydml.buffer_desc("FLOAT32", [24, 40]))
        want = np.maximum(src32.T, 0)
    before = paths()
    got = run(desc, {"InputTensor": src})["OutputTensor"]
    np.testing.assert_array_equal(got, want)
    assert paths()[:2] == before[:2]


ROW_CASES = [
    ((8, 16, 6, 64), (0, 2, 1, 3)),  # attention heads: runs of 64 move whole
    ((3, 5, 7, 9), (1, 0, 2, 3)),
    ((40, 33, 5), (1, 0, 2)),
    ((2, 9, 4, 12), (0, 2, 1, 3)),   # runs of 48 bytes (FLOAT32): a 32-byte copy and an overlapping one
    ((7, 3, 10), (1, 0, 2)),         # tiles of 8 runs and a last one of 2 (the 7 along the tiled axis)
    ((3, 17, 2, 8), (2, 0, 1, 3)),   # runs of 32 bytes (FLOAT32), three outer axes
]


@pytest.mark.parametrize("shape,perm", ROW_CASES)
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT64", "FLOAT16", "INT8", "UINT16", "INT64"])
def test_permutations_that_keep_the_innermost_axis(shape: tuple[int, ...], perm: tuple[int, ...], dtype: str,
                                                   ew_isa: str) -> None:
    """Runs contiguous on both sides are copied whole (elementwise.c run_copy_rows; FLOAT16 keeps the
    row path): every element where the strides say, on 1 and 2 threads."""
    in_desc, out_desc, src = permuted(dtype, shape, perm)
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=in_desc, OutputTensor=out_desc)
    for threads in (1, 2):
        previous = lib.pydml_set_num_threads(threads)
        before = paths()[1]
        try:
            got = run(desc, {"InputTensor": src})["OutputTensor"]
        finally:
            lib.pydml_set_num_threads(previous)
        np.testing.assert_array_equal(got, np.ascontiguousarray(src.transpose(perm)))
        assert paths()[1] - before == int(dtype != "FLOAT16")


@pytest.mark.parametrize("dtype", ["FLOAT32", "INT8", "INT64"])
def test_rows_with_gaps_between_them(dtype: str, ew_isa: str) -> None:
    """One outer axis (elementwise.c run_copy_rows without a second one to tile): rows read from a
    buffer with a gap after each (every row's first 20 of 27 elements) into a packed output; and a
    single such row."""
    np_type = {"FLOAT32": np.float32, "INT8": np.int8, "INT64": np.int64}[dtype]
    raw = (np.arange(11 * 27) % 120).astype(np_type)
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=pydml.buffer_desc(dtype, [11, 20], [27, 1]),
                                                         OutputTensor=pydml.buffer_desc(dtype, [11, 20]))
    for threads in (1, 2):
        previous = lib.pydml_set_num_threads(threads)
        before = paths()[1]
        try:
            got = run(desc, {"InputTensor": raw})["OutputTensor"]
        finally:
            lib.pydml_set_num_threads(previous)
        np.testing.assert_array_equal(got, raw.reshape(11, 27)[:, :20])
        assert paths()[1] - before == 1, "the row copies"
    one = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=pydml.buffer_desc(dtype, [1, 20], [27, 1]),
                                                        OutputTensor=pydml.buffer_desc(dtype, [1, 20]))
    np.testing.assert_array_equal(run(one, {"InputTensor": raw[:20]})["OutputTensor"], raw[:20].reshape(1, 20))
