"""CAST (the copy engine with a conversion in its inner loop) and the generators of
native/families/data_movement.c: FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX, DIAGONAL_MATRIX1,
VALUE_SCALE_2D.

CAST's page states no conversion rules; the decisions (data_movement.c) asserted here:
  * float -> float: round to nearest even once (FLOAT64 -> FLOAT16 too), overflow to +-inf;
  * float -> integer: truncation toward zero, saturated to the type's range, NaN -> 0;
  * integer -> float: round to nearest even; integer -> integer: two's-complement wrap-around.
References: numpy written from these rules (float64 values rounded once), torch's ``.to`` where
torch defines the same result (float <-> float, integer -> float, integer -> integer), the pages'
worked examples, every pair of the FL6_4 CAST table, strided and broadcast views, each ISA path
for the vector FLOAT32 <-> FLOAT16 rows.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, max_ulp, poison, run, tensor

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
FLOATS = ("FLOAT64", "FLOAT32", "FLOAT16")
NO_F64 = tuple(t for t in ALL_TYPES if t != "FLOAT64")
SAMPLES = Path(__file__).resolve().parent / "data" / "dxdispatch"
TORCH = {
    "FLOAT64": torch.float64,
    "FLOAT32": torch.float32,
    "FLOAT16": torch.float16,
    "INT64": torch.int64,
    "INT32": torch.int32,
    "INT16": torch.int16,
    "INT8": torch.int8,
    "UINT8": torch.uint8,
}


def bits(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a).view(f"u{a.dtype.itemsize}")


def executes(cls: Any) -> bool:
    return bool(lib.pydml_operator_type_executes(int(schema_of(cls).type)))


def test_cast_and_generators_execute_in_c() -> None:
    for cls in (
        pydml.DML_CAST_OPERATOR_DESC,
        pydml.DML_FILL_VALUE_CONSTANT_OPERATOR_DESC,
        pydml.DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC,
        pydml.DML_DIAGONAL_MATRIX_OPERATOR_DESC,
        pydml.DML_DIAGONAL_MATRIX1_OPERATOR_DESC,
        pydml.DML_VALUE_SCALE_2D_OPERATOR_DESC,
    ):
        assert executes(cls), cls


# ---- CAST ----------------------------------------------------------------------------------------------


def cast(
    src: str,
    dst: str,
    sizes: Sequence[int],
    in_strides: Sequence[int] | None = None,
    out_strides: Sequence[int] | None = None,
) -> Any:
    return pydml.DML_CAST_OPERATOR_DESC(
        InputTensor=tensor(src, sizes, in_strides), OutputTensor=tensor(dst, sizes, out_strides)
    )


def samples(dtype: str) -> np.ndarray:
    """Edge values of a type: extremes, zero crossings, halves, NaN and infinities."""
    dt = DTYPES[dtype]
    if dt.kind == "f":
        info = np.finfo(dt)
        base = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            2.5,
            -2.5,
            0.999,
            -0.999,
            127.5,
            128.0,
            -128.6,
            255.9,
            256.0,
            -129.0,
            32767.9,
            32768.0,
            -32769.0,
            65504.0,
            65520.0,
            -65536.0,
            2.0**31,
            -(2.0**31) - 4096,
            2.0**32,
            2.0**63,
            -(2.0**63),
            2.0**64,
            1e30,
            -1e30,
            float(info.max),
            float(-info.max),
            float(info.tiny),
            1e-8,
            3.14159,
            np.inf,
            -np.inf,
            np.nan,
        ]
        with np.errstate(over="ignore"):
            return np.array(base, np.float64).astype(dt)
    info = np.iinfo(dt)
    vals = {
        0,
        1,
        2,
        127,
        128,
        255,
        256,
        32767,
        32768,
        65535,
        65536,
        2**24 + 1,
        2**31 - 1,
        2**53 + 1,
        info.max,
        info.max - 1,
    }
    if info.min < 0:
        vals |= {-1, -2, -128, -129, -32768, -(2**31), -(2**53) - 1, info.min, info.min + 1}
    return np.array(sorted(v for v in vals if info.min <= v <= info.max), dtype=dt)


def cast_ref(x: np.ndarray, dst: str) -> np.ndarray:
    """The CAST decisions, from exact values: numpy's conversions where they are defined."""
    dt = DTYPES[dst]
    if dt.kind == "f" or x.dtype.kind != "f":
        with np.errstate(over="ignore", invalid="ignore"):
            return x.astype(dt)  # round to nearest even / integer wrap-around
    info = np.iinfo(dt)
    out = np.zeros(x.shape, dt)
    v = x.astype(np.float64)
    for i, f in np.ndenumerate(v):
        if np.isnan(f):
            out[i] = 0
        elif f >= float(info.max):  # float(info.max) rounds up to 2^63 / 2^64 for 64-bit
            out[i] = info.max
        elif f <= float(info.min):
            out[i] = info.min
        else:
            out[i] = int(np.trunc(f))
    return out


@pytest.mark.parametrize("src", ALL_TYPES)
def test_cast_every_pair_on_edge_values(src: str) -> None:
    x = samples(src)
    for dst in ALL_TYPES:
        got = run(cast(src, dst, [len(x)]), {"InputTensor": x})["OutputTensor"]
        want = cast_ref(x, dst)
        if DTYPES[dst].kind == "f":
            assert np.array_equal(got, want, equal_nan=True), (src, dst, x, got, want)
            if np.isnan(want).any():
                assert np.isnan(got).sum() == np.isnan(want).sum()
        else:
            np.testing.assert_array_equal(got, want, err_msg=f"{src} -> {dst}")


CONTIGUOUS_ROW_TYPES = ALL_TYPES  # FLOAT16 with the integers and FLOAT64 through a FLOAT32 stage


@pytest.mark.parametrize("src", CONTIGUOUS_ROW_TYPES)
def test_cast_contiguous_rows_every_path(src: str, ew_isa: str, rng: np.random.Generator) -> None:
    """Contiguous runs of FLOAT32, FLOAT64 and the integers take convert.c's rows (written-out
    FLOAT32 -> 8-, 16- and 32-bit rows, compiled loops for the other pairs; FLOAT16 with the
    integers and to FLOAT64 through a FLOAT32 stage), on each path: the
    decisions' bits for each pair, as the element loop (a strided view) gives them, over the edge
    values, random values across the target ranges, a vector body and a tail, an output starting
    one element past a 64-byte boundary."""
    edge = samples(src)
    if DTYPES[src].kind == "f":
        with np.errstate(over="ignore"):
            spread = (rng.standard_normal(1000) * np.float64(rng.choice([1.0, 200.0, 7e4, 3e9, 1e19], 1000)))
            spread = spread.astype(DTYPES[src])
    else:
        info = np.iinfo(DTYPES[src])
        spread = rng.integers(info.min, info.max, 1000, dtype=DTYPES[src], endpoint=True)
    x = np.concatenate([edge, spread, edge[::-1]])
    n = len(x)
    wide = np.zeros(2 * n, DTYPES[src])
    wide[::2] = x
    for dst in CONTIGUOUS_ROW_TYPES:
        if dst == src:
            continue
        dt = DTYPES[dst]
        store = np.zeros(n * dt.itemsize + 128, np.uint8)
        lead = (64 - store.ctypes.data % 64) % 64 + dt.itemsize
        out = np.ndarray((n,), dt, buffer=store, offset=lead)  # one element past a 64-byte boundary
        got = run(cast(src, dst, [n]), {"InputTensor": x}, outputs={"OutputTensor": out})["OutputTensor"]
        strided = run(cast(src, dst, [n], [2]), {"InputTensor": wide})["OutputTensor"]
        want = cast_ref(x, dst)
        assert np.array_equal(bits(got), bits(strided)), f"{src} -> {dst} on {ew_isa}: the loop's bits"
        if dt.kind == "f":
            assert np.array_equal(got, want, equal_nan=True), f"{src} -> {dst} on {ew_isa}"
        else:
            np.testing.assert_array_equal(got, want, err_msg=f"{src} -> {dst} on {ew_isa}")


STREAMED_PAIRS = [("FLOAT32", "INT8"), ("FLOAT32", "INT64"), ("UINT8", "FLOAT32"), ("INT64", "INT32"),
                  ("FLOAT16", "INT32"), ("INT64", "FLOAT16")]


@pytest.mark.parametrize("pair", STREAMED_PAIRS)
def test_cast_contiguous_rows_past_the_cache_stream(pair: tuple[str, str], ew_isa: str,
                                                    rng: np.random.Generator) -> None:
    """A cast between FLOAT32 and the integers whose larger tensor passes 16 MiB converts each 1024
    elements into a stage and streams it out (data_movement.c): the element loop's bits (a strided
    view), the output one element past a 64-byte boundary, a last stage of 7 elements."""
    src, dst = pair
    n = 4 * 1024 * 1024 + 2 * 1024 + 7
    if DTYPES[src].kind == "f":
        x = (rng.standard_normal(n) * 300).astype(DTYPES[src])
        with np.errstate(over="ignore"):  # FLOAT16: 2^31 and -2^40 are infinities there
            x[1020:1026] = [np.nan, np.inf, -np.inf, 2.0**31, -(2.0**40), -0.0]
    else:
        info = np.iinfo(DTYPES[src])
        x = rng.integers(info.min, info.max, n, dtype=DTYPES[src], endpoint=True)
    dt = DTYPES[dst]
    store = np.zeros((n + 64 // dt.itemsize + 1) * dt.itemsize, np.uint8)
    lead = (64 - store.ctypes.data % 64) % 64 + dt.itemsize
    out = np.ndarray((n,), dt, buffer=store, offset=lead)
    got = run(cast(src, dst, [n]), {"InputTensor": x}, outputs={"OutputTensor": out})["OutputTensor"]
    wide = np.zeros(2 * n, DTYPES[src])
    wide[::2] = x
    strided = run(cast(src, dst, [n], [2]), {"InputTensor": wide})["OutputTensor"]
    assert np.array_equal(bits(got), bits(strided))
    assert not store[:lead].any() and not store[lead + n * dt.itemsize:].any()  # nothing outside


def test_cast_matches_torch(rng: np.random.Generator) -> None:
    # torch defines float <-> float, integer -> float and integer -> integer like the decisions
    for src in TORCH:
        x = samples(src)
        if DTYPES[src].kind == "f":
            x = x[np.isfinite(x.astype(np.float64))]
        for dst in TORCH:
            if DTYPES[src].kind == "f" and DTYPES[dst].kind != "f":
                continue  # torch leaves out-of-range float -> integer undefined
            got = run(cast(src, dst, [len(x)]), {"InputTensor": x})["OutputTensor"]
            want = torch.from_numpy(x.copy()).to(TORCH[dst]).numpy()
            np.testing.assert_array_equal(got, want, err_msg=f"{src} -> {dst}")


def test_cast_rounds_float64_to_float16_once() -> None:
    # 1 + 2^-11 + 2^-40 lies just above the FLOAT16 midpoint: one rounding goes up, double rounding
    # through float32 (which drops the 2^-40) would tie to even and go down
    x = np.array([1 + 2.0**-11 + 2.0**-40, -(1 + 2.0**-11 + 2.0**-40), 1 + 2.0**-11], np.float64)
    got = run(cast("FLOAT64", "FLOAT16", [3]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([1 + 2.0**-10, -(1 + 2.0**-10), 1.0], np.float16))


def test_cast_float_to_integer_truncates_and_saturates() -> None:
    x = np.array([2.9, -2.9, 300.0, -300.0, np.nan, np.inf, -np.inf, -0.7], np.float32)
    got = run(cast("FLOAT32", "INT8", [8]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, [2, -2, 127, -128, 0, 127, -128, 0])
    got = run(cast("FLOAT32", "UINT8", [8]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, [2, 0, 255, 0, 0, 255, 0, 0])


@pytest.mark.parametrize("pair", [("FLOAT32", "FLOAT16"), ("FLOAT16", "FLOAT32")])
def test_cast_f32_f16_vector_paths(pair: tuple[str, str], ew_isa: str, rng: np.random.Generator) -> None:
    src, dst = pair
    n = 1000  # vector body and a tail
    x = (rng.standard_normal(n) * 1e3).astype(DTYPES[src])
    with np.errstate(over="ignore"):
        x[:6] = np.array([np.nan, np.inf, -np.inf, 65519.0, 65520.0, 1e-7]).astype(DTYPES[src])
    got = run(cast(src, dst, [n]), {"InputTensor": x})["OutputTensor"]
    with np.errstate(over="ignore"):
        want = x.astype(DTYPES[dst])
    assert np.array_equal(got, want, equal_nan=True)
    with np.errstate(over="ignore"):
        assert max_ulp(got, x.astype(np.float64)) <= 0.5
    # strided input, strided output (every second element untouched)
    wide = poison(DTYPES[src], (2 * n,))
    wide[::2] = x
    out = poison(DTYPES[dst], (3 * n,))
    run(cast(src, dst, [n], [2], [3]), {"InputTensor": wide}, outputs={"OutputTensor": out})
    assert np.array_equal(out[::3], want, equal_nan=True)
    assert np.isnan(out[1::3]).all() and np.isnan(out[2::3]).all()


@pytest.mark.parametrize("pair", [("FLOAT32", "FLOAT16"), ("FLOAT16", "FLOAT32")])
def test_cast_f32_f16_past_the_cache_streams(pair: tuple[str, str], ew_isa: str, rng: np.random.Generator) -> None:
    """A cast whose larger tensor passes 16 MiB converts each run into an L1 stage of 1024
    elements and streams it out (data_movement.c): the bits of numpy's conversion, with the output
    starting one element past a 16-byte boundary and a last stage of 7 elements."""
    src, dst = pair
    n = 4 * 1024 * 1024 + 2 * 1024 + 7
    x = (rng.standard_normal(n) * 1e3).astype(DTYPES[src])
    with np.errstate(over="ignore"):
        x[1020:1030] = np.array([np.nan, np.inf, -np.inf, 65519.0, 65520.0, 1e-7, -0.0, 0.0, 6e-8, -1e9],
                                np.float64).astype(DTYPES[src])
    store = poison(DTYPES[dst], (n + 16,))
    lead = (16 - store.ctypes.data % 16) // store.itemsize + 1
    out = store[lead:lead + n]
    got = run(cast(src, dst, [n]), {"InputTensor": x}, outputs={"OutputTensor": out})["OutputTensor"]
    with np.errstate(over="ignore"):
        want = x.astype(DTYPES[dst])
    assert got.ctypes.data % 16 == store.itemsize
    assert np.array_equal(got.view(np.uint16 if dst == "FLOAT16" else np.uint32),
                          want.view(np.uint16 if dst == "FLOAT16" else np.uint32))


def test_cast_broadcast_input_and_eight_dims(rng: np.random.Generator) -> None:
    shape = [2, 1, 3, 2, 1, 2, 2, 5]
    row = rng.integers(-1000, 1000, 5).astype(np.int32)
    got = run(cast("INT32", "FLOAT16", shape, [0] * 7 + [1]), {"InputTensor": row})["OutputTensor"]
    np.testing.assert_array_equal(got, np.broadcast_to(row.astype(np.float16), shape))
    x = rng.standard_normal(shape) * 100
    got = run(cast("FLOAT64", "INT16", shape), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, np.trunc(x).astype(np.int16))


def test_cast_same_type_copies_nan_payloads() -> None:
    x = np.array([0x7E01, 0xFE55, 0x7C01, 0x3C00], np.uint16).view(np.float16)
    got = run(cast("FLOAT16", "FLOAT16", [4]), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(bits(got), bits(x))


# ---- FILL_VALUE_CONSTANT / FILL_VALUE_SEQUENCE ----------------------------------------------------------


def fill_constant(dtype: str, sizes: Sequence[int], value: Any, strides: Sequence[int] | None = None) -> Any:
    return pydml.DML_FILL_VALUE_CONSTANT_OPERATOR_DESC(
        OutputTensor=tensor(dtype, sizes, strides), ValueDataType=dtype, Value=value
    )


def fill_sequence(dtype: str, sizes: Sequence[int], start: Any, delta: Any) -> Any:
    return pydml.DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC(
        OutputTensor=tensor(dtype, sizes), ValueDataType=dtype, ValueStart=start, ValueDelta=delta
    )


def test_fill_value_constant_page_example() -> None:
    got = run(fill_constant("FLOAT32", [1, 1, 2, 4], 13.0), {})["OutputTensor"]
    np.testing.assert_array_equal(got, np.full((1, 1, 2, 4), 13.0, np.float32))


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_fill_value_constant_every_type(dtype: str) -> None:
    dt = DTYPES[dtype]
    value = -2.75 if dt.kind == "f" else int(np.iinfo(dt).max) - 3
    shape = [3, 1, 2, 5, 1, 2, 1, 3]
    got = run(fill_constant(dtype, shape, value), {})["OutputTensor"]
    np.testing.assert_array_equal(got, np.full(shape, value, dt))
    out = poison(dt, (2 * 12,))
    run(fill_constant(dtype, [3, 4], value, [8, 2]), {}, outputs={"OutputTensor": out})
    np.testing.assert_array_equal(out[::2], np.full(12, value, dt))
    untouched = out[1::2]
    assert np.isnan(untouched).all() if dt.kind == "f" else (bits(untouched) == bits(untouched)[0]).all()


def test_fill_value_sequence_page_examples() -> None:
    got = run(fill_sequence("FLOAT32", [3], 3.0, 2.0), {})["OutputTensor"]
    np.testing.assert_array_equal(got, [3, 5, 7])
    # UINT8 start 10, delta -2 (the union's UInt8 bits: 254) -> [[10, 8], [6, 4]]
    got = run(fill_sequence("UINT8", [2, 2], 10, 254), {})["OutputTensor"]
    np.testing.assert_array_equal(got, [[10, 8], [6, 4]])


@pytest.mark.parametrize("dtype", NO_F64)
def test_fill_value_sequence_every_type(dtype: str) -> None:
    dt = DTYPES[dtype]
    shape = [2, 3, 1, 7]
    k = np.arange(42, dtype=np.float64).reshape(shape)
    if dt.kind == "f":
        start, delta = 0.1, -0.37
        s32, d32 = (np.float64(np.array(v, dt)) for v in (start, delta))
        got = run(fill_sequence(dtype, shape, start, delta), {})["OutputTensor"]
        want = s32 + k * d32  # float64 formula, rounded once
        assert max_ulp(got, want) <= 0.5
        return
    info = np.iinfo(dt)
    start = int(info.max) - 5
    delta = 3
    got = run(fill_sequence(dtype, shape, start, delta), {})["OutputTensor"]
    mod = 1 << (8 * dt.itemsize)
    want = [(start + i * delta) % mod for i in range(42)]
    np.testing.assert_array_equal(bits(got).ravel(), np.array(want, np.uint64).astype(f"u{dt.itemsize}"))


def test_fill_value_sequence_float16_union_bits() -> None:
    got = run(fill_sequence("FLOAT16", [4], 1.5, 0.25), {})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([1.5, 1.75, 2.0, 2.25], np.float16))


# ---- DIAGONAL_MATRIX / DIAGONAL_MATRIX1 ----------------------------------------------------------------


def diag_ref(
    shape: Sequence[int], begin: int, end: int, value: Any, dt: np.dtype[Any], x: np.ndarray | None = None
) -> np.ndarray:
    """The DIAGONAL_MATRIX1 page's pseudocode."""
    h, w = shape[-2:]
    top = np.arange(w)[None, :] - np.arange(h)[:, None]
    use = (end >= begin) ^ (top >= begin) ^ (top < end)
    base = np.zeros(shape, dt) if x is None else x
    return np.where(use, np.array(value).astype(dt), base)


def diag(dtype: str, sizes: Sequence[int], offset: int, value: float) -> Any:
    return pydml.DML_DIAGONAL_MATRIX_OPERATOR_DESC(
        OutputTensor=tensor(dtype, sizes), Offset=offset, Value=value
    )


def diag1(
    dtype: str,
    sizes: Sequence[int],
    value: Any,
    begin: int,
    end: int,
    with_input: bool = False,
    in_strides: Sequence[int] | None = None,
) -> Any:
    return pydml.DML_DIAGONAL_MATRIX1_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes, in_strides) if with_input else None,
        OutputTensor=tensor(dtype, sizes),
        ValueDataType=dtype,
        Value=value,
        DiagonalFillBegin=begin,
        DiagonalFillEnd=end,
    )


def test_diagonal_matrix_page_examples() -> None:
    # DIAGONAL_MATRIX page: identity 3x3; Offset 1 on 3x3; Offset -1 and -3 on 3x2 (y + Offset == x)
    got = run(diag("FLOAT32", [1, 1, 3, 3], 0, 1.0), {})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], np.eye(3))
    got = run(diag("FLOAT32", [1, 1, 3, 3], 1, 1.0), {})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], [[0, 1, 0], [0, 0, 1], [0, 0, 0]])
    got = run(diag("FLOAT32", [1, 1, 3, 2], -1, 1.0), {})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], [[0, 0], [1, 0], [0, 1]])
    got = run(diag("FLOAT32", [1, 1, 3, 2], -3, 1.0), {})["OutputTensor"]
    np.testing.assert_array_equal(got[0, 0], np.zeros((3, 2)))


def test_diagonal_matrix1_page_examples() -> None:
    # DIAGONAL_MATRIX1 page. Its first example says Value 7 but prints ones: Value 1 is used here.
    got = run(diag1("FLOAT32", [4, 5], 1.0, 0, 1), {})["OutputTensor"]
    np.testing.assert_array_equal(got, np.eye(4, 5))
    got = run(diag1("FLOAT32", [4, 5], 7.0, 0, 3), {})["OutputTensor"]
    np.testing.assert_array_equal(got, [[7, 7, 7, 0, 0], [0, 7, 7, 7, 0], [0, 0, 7, 7, 7], [0, 0, 0, 7, 7]])
    x = np.array([[4, 7, 3, 7, 9], [1, 2, 8, 6, 9], [9, 4, 1, 8, 7], [4, 3, 4, 2, 4]], np.float32)
    got = run(diag1("FLOAT32", [4, 5], 0.0, -(2**31), 1, True), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, [[0, 7, 3, 7, 9], [0, 0, 8, 6, 9], [0, 0, 0, 8, 7], [0, 0, 0, 0, 4]])
    got = run(diag1("FLOAT32", [4, 5], 0.0, 1, 0, True), {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, [[4, 0, 0, 0, 0], [0, 2, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 2, 0]])


@pytest.mark.parametrize("dtype", ALL_TYPES)
def test_diagonal_every_type(dtype: str, rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    shape = [2, 3, 4, 6]
    # DIAGONAL_MATRIX's FLOAT Value is truncated for integer types (the page: 10.6 -> 10)
    got = run(diag(dtype, shape, 2, 10.6), {})["OutputTensor"]
    value = np.array(10.6, np.float32).astype(dt) if dt.kind == "f" else 10
    np.testing.assert_array_equal(got, np.broadcast_to(diag_ref(shape[-2:], 2, 3, value, dt), shape))
    v1 = -3.5 if dt.kind == "f" else 9
    x = (
        (rng.standard_normal(shape) * 50).astype(dt)
        if dt.kind == "f"
        else rng.integers(0, 100, shape).astype(dt)
    )
    wide = poison(dt, (*shape[:-1], 12))
    wide[..., ::2] = x
    st = [144, 48, 12, 2]
    for begin, end in ((-1, 2), (2, -1), (-(2**31), 2**31 - 1)):
        got = run(diag1(dtype, shape, v1, begin, end, True, st), {"InputTensor": wide})["OutputTensor"]
        np.testing.assert_array_equal(got, diag_ref(shape, begin, end, v1, dt, x))
        got = run(diag1(dtype, shape[2:], v1, begin, end), {})["OutputTensor"]
        np.testing.assert_array_equal(got, diag_ref(shape[2:], begin, end, v1, dt))


# ---- VALUE_SCALE_2D -----------------------------------------------------------------------------------


def value_scale(
    dtype: str,
    sizes: Sequence[int],
    scale: float,
    bias: Sequence[float],
    in_strides: Sequence[int] | None = None,
) -> Any:
    return pydml.DML_VALUE_SCALE_2D_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes, in_strides),
        OutputTensor=tensor(dtype, sizes),
        Scale=scale,
        ChannelCount=len(bias),
        Bias=list(bias),
    )


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_value_scale_2d(dtype: str, rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    for bias in ([0.25, -1.5, 3.0], [2.0]):
        shape = [2, len(bias), 5, 7]
        x = (rng.standard_normal(shape) * 10).astype(dt)
        scale = 0.7
        got = run(value_scale(dtype, shape, scale, bias), {"InputTensor": x})["OutputTensor"]
        s32 = float(np.float32(scale))
        b32 = np.array(bias, np.float32).astype(np.float64).reshape(1, -1, 1, 1)
        want = s32 * x.astype(np.float64) + b32  # the page: Scale * Input + Bias[c]
        assert max_ulp(got, want) <= 0.5
        t = torch.from_numpy(x.astype(np.float64)) * s32 + torch.from_numpy(b32)
        assert max_ulp(got, t.numpy()) <= 0.5
    # strided input, broadcast rows
    shape = [1, 3, 4, 6]
    row = (rng.standard_normal(6) * 10).astype(dt)
    got = run(value_scale(dtype, shape, -2.0, [1.0, 2.0, 3.0], [0, 0, 0, 1]), {"InputTensor": row})[
        "OutputTensor"
    ]
    want = -2.0 * np.broadcast_to(row.astype(np.float64), shape) + np.array([1.0, 2.0, 3.0]).reshape(
        1, 3, 1, 1
    )
    assert max_ulp(got, want) <= 0.5


# ---- DxDispatch -------------------------------------------------------------------------------------------


def test_dxdispatch_fill_value_sequence_prints_windows_values(tmp_path: Path) -> None:
    for data in SAMPLES.iterdir():
        if data.is_file():  # a serialized graph's folder (matmul_add/) is not needed here
            shutil.copy(data, tmp_path / data.name)
    result = subprocess.run(
        [sys.executable, "-m", "pydml", "run", "dml_fill_value_sequence.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    printed = [line for line in result.stdout.splitlines() if line.startswith("Resource '")]
    # FLOAT32 3.2 + k * 1.5, printed by C++ ostream (%g)
    assert printed == ["Resource 'Out': 3.2, 4.7, 6.2, 7.7, 9.2"]
