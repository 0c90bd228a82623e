"""ELEMENT_WISE logical, comparison, classification and bitwise operators (native/families/ew_logical.c).

Every data type each page's support table lists at DML_FEATURE_LEVEL_6_4 (read from
pydml/ops/ew_logical.py), against numpy references written
from the page formulas and torch where it has the same function and data type; edge values (0,
-0.0, NaN payloads, +-inf, subnormals, integer min/max, UINT64 above INT64_MAX, shift amounts 0,
width - 1, width, > width); strided, broadcast and in-place operands; float operators on each ISA
path (``ew_isa``). Outputs are poisoned by the harness, and bitwise results are compared as bits.
"""

from __future__ import annotations

import operator as pyop
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, poison, run, tensor

import pydml
from pydml.native import lib
from pydml.ops import ew_logical

PAGES = {t.name: t for t in ew_logical.TABLES}
UINT_OF = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
TORCH = {"FLOAT32": torch.float32, "FLOAT16": torch.float16, "INT8": torch.int8, "INT16": torch.int16,
         "INT32": torch.int32, "INT64": torch.int64, "UINT8": torch.uint8}


def types_at_6_4(op: str, tensor_name: str) -> tuple[str, ...]:
    rows = PAGES[f"ELEMENT_WISE_{op}"].table_at("6_4")
    assert rows is not None
    return next(r.data_types for r in rows if r.tensor == tensor_name)


def split(types: tuple[str, ...]) -> tuple[list[str], list[str]]:
    return [t for t in types if t.startswith("FLOAT")], [t for t in types if not t.startswith("FLOAT")]


COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "LOGICAL_EQUALS": pyop.eq, "LOGICAL_GREATER_THAN": pyop.gt, "LOGICAL_LESS_THAN": pyop.lt,
    "LOGICAL_GREATER_THAN_OR_EQUAL": pyop.ge, "LOGICAL_LESS_THAN_OR_EQUAL": pyop.le,
}
LOGICAL = {"LOGICAL_AND": np.logical_and, "LOGICAL_OR": np.logical_or, "LOGICAL_XOR": np.logical_xor}
BITWISE = {"BIT_AND": np.bitwise_and, "BIT_OR": np.bitwise_or, "BIT_XOR": np.bitwise_xor}
TORCH_BITWISE = {"BIT_AND": torch.bitwise_and, "BIT_OR": torch.bitwise_or, "BIT_XOR": torch.bitwise_xor}

CMP_FLOAT, CMP_INT = split(types_at_6_4("LOGICAL_EQUALS", "ATensor"))
BIT_FLOAT, BIT_INT = split(types_at_6_4("BIT_AND", "ATensor"))


def desc_class(op: str) -> Any:
    return getattr(pydml, f"DML_ELEMENT_WISE_{op}_OPERATOR_DESC")


def binary(op: str, dtype: str, sizes: list[int], out: str | None = None, a_strides: Any = None,
           b_strides: Any = None, out_strides: Any = None) -> Any:
    return desc_class(op)(ATensor=tensor(dtype, sizes, a_strides), BTensor=tensor(dtype, sizes, b_strides),
                          OutputTensor=tensor(out or dtype, sizes, out_strides))


def unary(op: str, dtype: str, sizes: list[int], out: str | None = None, in_strides: Any = None,
          out_strides: Any = None, **kw: Any) -> Any:
    return desc_class(op)(InputTensor=tensor(dtype, sizes, in_strides),
                          OutputTensor=tensor(out or dtype, sizes, out_strides), **kw)


def run2(desc: Any, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return run(desc, {"ATensor": a, "BTensor": b})["OutputTensor"]


def run1(desc: Any, x: np.ndarray) -> np.ndarray:
    return run(desc, {"InputTensor": x})["OutputTensor"]


def bits_of(dtype: str, pattern: list[int]) -> np.ndarray:
    dt = DTYPES[dtype]
    return np.array(pattern, dtype=UINT_OF[dt.itemsize]).view(dt)


def edges(dtype: str) -> np.ndarray:
    """The edge values of a data type, each once."""
    dt = DTYPES[dtype]
    if dt.kind == "f":
        f = np.finfo(dt)
        vals = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -2.5, f.max, -f.max, f.tiny, -f.tiny,
                         f.smallest_subnormal, -f.smallest_subnormal, np.inf, -np.inf,
                         np.nextafter(dt.type(1), dt.type(2))], dtype=dt)
        w = 8 * dt.itemsize
        quiet = 1 << (f.nmant - 1)
        exp = ((1 << (w - 1 - f.nmant)) - 1) << f.nmant
        nans = [exp | quiet, (1 << (w - 1)) | exp | quiet, exp | 1, exp | (quiet - 1), (1 << w) - 1]
        return np.concatenate([vals, bits_of(dtype, nans)])
    i = np.iinfo(dt)
    vals = {0, 1, 2, 100, i.max, i.max - 1, i.min, i.min + 1, i.max // 2, i.max // 2 + 1}
    if i.min < 0:
        vals |= {-1, -2, -100}
    return np.array(sorted(vals), dtype=dt)


def pad4(x: np.ndarray) -> np.ndarray:
    """A broadcast operand's buffer, padded to TotalTensorSizeInBytes (a multiple of 4 bytes)."""
    extra = (-x.nbytes % 4) // x.itemsize
    return np.concatenate([x.reshape(-1), np.zeros(extra, x.dtype)])


def pairs(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.meshgrid(x, x, indexing="ij")
    return a.reshape(-1), b.reshape(-1)


def random_values(dtype: str, n: int, rng: np.random.Generator) -> np.ndarray:
    """Values with many repeats (so equality occurs) and the whole range."""
    dt = DTYPES[dtype]
    if dt.kind == "f":
        halves = rng.integers(-4, 5, n // 2) / 2
        return np.concatenate([halves, rng.standard_normal(n - n // 2) * 1e3]).astype(dt)
    i = np.iinfo(dt)
    return np.concatenate([rng.integers(0, 4, n // 2).astype(dt),
                           rng.integers(i.min, i.max, n - n // 2, endpoint=True, dtype=dt)])


def random_bits(dtype: str, n: int, rng: np.random.Generator) -> np.ndarray:
    dt = DTYPES[dtype]
    u = UINT_OF[dt.itemsize]
    return rng.integers(0, np.iinfo(u).max, n, endpoint=True, dtype=u).view(dt)


def as_bits(x: np.ndarray) -> np.ndarray:
    return x.view(UINT_OF[x.dtype.itemsize])


def half_snan(bits: np.ndarray) -> np.ndarray:
    """FLOAT16 signalling-NaN bit patterns (exponent all ones, quiet bit clear, payload non-zero)."""
    b = bits.astype(np.uint32)
    return ((b & 0x7C00) == 0x7C00) & ((b & 0x0200) == 0) & ((b & 0x01FF) != 0)


def comparison_operands(dtype: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    ea, eb = pairs(edges(dtype))
    extra = 300 + ea.size % 2  # an even total: two rows
    a = np.concatenate([ea, random_values(dtype, extra, rng)])
    b = np.concatenate([eb, random_values(dtype, extra, rng)])
    return a.reshape(2, -1), b.reshape(2, -1)


def check_comparison(op: str, dtype: str, rng: np.random.Generator) -> None:
    a, b = comparison_operands(dtype, rng)
    want = COMPARISONS[op](a, b)  # numpy compares every type exactly (IEEE for floats)
    if dtype in TORCH:
        t = COMPARISONS[op](torch.from_numpy(a), torch.from_numpy(b)).numpy()
        np.testing.assert_array_equal(t, want)
    for out in types_at_6_4(op, "OutputTensor"):
        got = run2(binary(op, dtype, list(a.shape), out), a, b)
        assert got.dtype == DTYPES[out]
        np.testing.assert_array_equal(got, want.astype(DTYPES[out]), err_msg=f"{op} {dtype} -> {out}")


# ---- comparisons ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", CMP_FLOAT)
@pytest.mark.parametrize("op", COMPARISONS)
def test_comparisons_float(op: str, dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    check_comparison(op, dtype, rng)


@pytest.mark.parametrize("dtype", CMP_INT)
@pytest.mark.parametrize("op", COMPARISONS)
def test_comparisons_integer(op: str, dtype: str, rng: np.random.Generator) -> None:
    check_comparison(op, dtype, rng)


def test_comparison_edges_spelled_out(ew_isa: str) -> None:
    # IEEE: every comparison with NaN is false (NaN == NaN too); -0.0 == +0.0 < the least subnormal
    want = {"LOGICAL_EQUALS": [0, 0, 0, 1, 0, 1, 0],
            "LOGICAL_GREATER_THAN": [0, 0, 0, 0, 0, 0, 0],
            "LOGICAL_LESS_THAN": [0, 0, 0, 0, 1, 0, 1],
            "LOGICAL_GREATER_THAN_OR_EQUAL": [0, 0, 0, 1, 0, 1, 0],
            "LOGICAL_LESS_THAN_OR_EQUAL": [0, 0, 0, 1, 1, 1, 1]}
    for dtype in CMP_FLOAT:
        dt = DTYPES[dtype]
        a = np.array([np.nan, np.nan, 1.0, -0.0, -0.0, np.inf, -np.inf], dt)
        b = np.array([np.nan, 1.0, np.nan, 0.0, np.finfo(dt).smallest_subnormal, np.inf, np.inf], dt)
        for op, w in want.items():
            got = run2(binary(op, dtype, [7], "UINT8"), a, b)
            np.testing.assert_array_equal(got, np.array(w, np.uint8), err_msg=f"{op} {dtype}")


def test_comparison_uint64_above_int64_max() -> None:
    big = np.array([2**63, 2**64 - 1, 2**63 - 1, 2**63, 0], np.uint64)
    other = np.array([2**63 - 1, 2**63, 2**63, 2**63, 2**64 - 1], np.uint64)
    got = run2(binary("LOGICAL_GREATER_THAN", "UINT64", [5], "UINT32"), big, other)
    np.testing.assert_array_equal(got, np.array([1, 1, 0, 0, 0], np.uint32))
    got = run2(binary("LOGICAL_LESS_THAN_OR_EQUAL", "INT64", [3], "UINT8"),
               np.array([-2**63, 2**63 - 1, -1], np.int64), np.array([2**63 - 1, -2**63, 0], np.int64))
    np.testing.assert_array_equal(got, np.array([1, 0, 1], np.uint8))


def test_comparison_float64_is_refused_as_the_page_lists_none() -> None:
    with pytest.raises(pydml.ValidationError) as info:
        pydml.Device().create_operator(binary("LOGICAL_EQUALS", "FLOAT64", [2], "UINT8"))
    assert info.value.field == "ATensor.DataType"
    assert "got DML_TENSOR_DATA_TYPE_FLOAT64" in str(info.value)


# ---- logical AND / OR / XOR / NOT -----------------------------------------------------------------


@pytest.mark.parametrize("op", [*LOGICAL, "LOGICAL_NOT"])
def test_logical(op: str, rng: np.random.Generator) -> None:
    unary_op = op == "LOGICAL_NOT"
    types = types_at_6_4(op, "InputTensor" if unary_op else "ATensor")
    assert set(types) == {"UINT32", "UINT8"}
    for dtype in types:
        dt = DTYPES[dtype]
        a, b = pairs(np.array([0, 1, 2, 128, np.iinfo(dt).max], dt))  # any non-zero is true
        a = np.concatenate([a, rng.integers(0, 3, 64).astype(dt)])
        b = np.concatenate([b, rng.integers(0, 3, 64).astype(dt)])
        if unary_op:
            got = run1(unary(op, dtype, [a.size]), a)
            want = np.logical_not(a)
            tref = torch.logical_not(torch.from_numpy(a)).numpy() if dtype in TORCH else want
        else:
            got = run2(binary(op, dtype, [a.size]), a, b)
            want = LOGICAL[op](a, b)
            tfn = getattr(torch, op.lower())
            tref = tfn(torch.from_numpy(a), torch.from_numpy(b)).numpy() if dtype in TORCH else want
        np.testing.assert_array_equal(tref, want)
        assert got.dtype == dt
        np.testing.assert_array_equal(got, want.astype(dt), err_msg=f"{op} {dtype}")


# ---- IS_NAN / IS_INFINITY -------------------------------------------------------------------------


def classification_inputs(dtype: str, rng: np.random.Generator) -> np.ndarray:
    if dtype == "FLOAT16":  # every FLOAT16 bit pattern
        return np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    return np.concatenate([edges(dtype), random_bits(dtype, 4000, rng), random_values(dtype, 100, rng)])


@pytest.mark.parametrize("dtype", types_at_6_4("IS_NAN", "InputTensor"))
def test_is_nan(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    x = classification_inputs(dtype, rng)
    want = np.isnan(x)
    np.testing.assert_array_equal(torch.isnan(torch.from_numpy(x)).numpy(), want)
    assert want.any() and not want.all()
    for out in types_at_6_4("IS_NAN", "OutputTensor"):
        got = run1(unary("IS_NAN", dtype, [x.size], out), x)
        np.testing.assert_array_equal(got, want.astype(DTYPES[out]), err_msg=f"{dtype} -> {out}")


@pytest.mark.parametrize("dtype", types_at_6_4("IS_INFINITY", "InputTensor"))
def test_is_infinity(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    x = classification_inputs(dtype, rng)
    t = torch.from_numpy(x)
    modes = {"EITHER": (np.isinf(x), torch.isinf(t)),
             "POSITIVE": (np.isinf(x) & (x > 0), torch.isposinf(t)),
             "NEGATIVE": (np.isinf(x) & (x < 0), torch.isneginf(t))}
    assert types_at_6_4("IS_INFINITY", "OutputTensor") == ("UINT8",)
    for mode, (want, tref) in modes.items():
        np.testing.assert_array_equal(tref.numpy(), want)
        assert want.sum() >= (2 if mode == "EITHER" else 1)
        got = run1(unary("IS_INFINITY", dtype, [x.size], "UINT8", InfinityMode=mode), x)
        np.testing.assert_array_equal(got, want.astype(np.uint8), err_msg=f"{dtype} {mode}")
    # the page's default-valued member spelled as the C constant
    got = run1(unary("IS_INFINITY", dtype, [3], "UINT8", InfinityMode=pydml.DML_IS_INFINITY_MODE_NEGATIVE),
               np.array([-np.inf, np.inf, np.nan], DTYPES[dtype]))
    np.testing.assert_array_equal(got, np.array([1, 0, 0], np.uint8))


def test_is_infinity_mode_must_be_a_mode() -> None:
    # The page's InfinityMode "must" is the enum's three values; the validator's structure step
    # refuses any other (before the family's own rules, which therefore hold none).
    desc = unary("IS_INFINITY", "FLOAT32", [2], "UINT8", InfinityMode=3)
    for attempt in (pydml.validate, lambda d: pydml.Device().create_operator(d)):
        with pytest.raises(pydml.ValidationError) as info:
            attempt(desc)
        assert info.value.field == "InfinityMode"
        assert str(info.value) == ("DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC.InfinityMode: is not a valid "
                                   "DML_IS_INFINITY_MODE value, got 3")


# ---- BIT_AND / BIT_OR / BIT_XOR / BIT_NOT / BIT_COUNT ---------------------------------------------


def bit_operands(dtype: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    ea, eb = pairs(edges(dtype))
    a = np.concatenate([ea, random_bits(dtype, 500, rng)])
    b = np.concatenate([eb, random_bits(dtype, 500, rng)])
    return a, b


def check_bitwise(op: str, dtype: str, rng: np.random.Generator) -> None:
    a, b = bit_operands(dtype, rng)
    want = BITWISE[op](as_bits(a), as_bits(b))
    if dtype in TORCH and not dtype.startswith("FLOAT"):
        t = TORCH_BITWISE[op](torch.from_numpy(a), torch.from_numpy(b)).numpy()
        np.testing.assert_array_equal(as_bits(t), want)
    got = run2(binary(op, dtype, [a.size]), a, b)
    assert got.dtype == DTYPES[dtype]
    np.testing.assert_array_equal(as_bits(got), want, err_msg=f"{op} {dtype}")


@pytest.mark.parametrize("dtype", BIT_FLOAT)
@pytest.mark.parametrize("op", BITWISE)
def test_bitwise_binary_float(op: str, dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    check_bitwise(op, dtype, rng)


@pytest.mark.parametrize("dtype", BIT_INT)
@pytest.mark.parametrize("op", BITWISE)
def test_bitwise_binary_integer(op: str, dtype: str, rng: np.random.Generator) -> None:
    check_bitwise(op, dtype, rng)


def unary_bit_inputs(dtype: str, rng: np.random.Generator) -> np.ndarray:
    if DTYPES[dtype].itemsize <= 2:  # every bit pattern of the 8- and 16-bit types
        u = UINT_OF[DTYPES[dtype].itemsize]
        return np.arange(1 << (8 * DTYPES[dtype].itemsize), dtype=np.uint32).astype(u).view(DTYPES[dtype])
    return np.concatenate([edges(dtype), random_bits(dtype, 3000, rng)])


def check_bit_not_and_count(dtype: str, rng: np.random.Generator) -> None:
    assert dtype in types_at_6_4("BIT_NOT", "InputTensor")
    assert dtype in types_at_6_4("BIT_COUNT", "InputTensor")
    x = unary_bit_inputs(dtype, rng)  # FLOAT16: every pattern, signalling NaNs included
    if dtype == "FLOAT16":
        assert half_snan(as_bits(x)).sum() == 2 * 511
    want_not = ~as_bits(x)
    if dtype in TORCH and not dtype.startswith("FLOAT"):
        np.testing.assert_array_equal(as_bits(torch.bitwise_not(torch.from_numpy(x)).numpy()), want_not)
    got = run1(unary("BIT_NOT", dtype, [x.size]), x)
    assert got.dtype == DTYPES[dtype]
    np.testing.assert_array_equal(as_bits(got), want_not, err_msg=f"BIT_NOT {dtype}")
    want_count = np.bitwise_count(as_bits(x))
    assert want_count.max() == 8 * DTYPES[dtype].itemsize  # the all-ones pattern is among the inputs
    for out in types_at_6_4("BIT_COUNT", "OutputTensor"):
        got = run1(unary("BIT_COUNT", dtype, [x.size], out), x)
        np.testing.assert_array_equal(got, want_count.astype(DTYPES[out]),
                                      err_msg=f"BIT_COUNT {dtype} -> {out}")


@pytest.mark.parametrize("dtype", BIT_FLOAT)
def test_bit_not_and_count_float(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    check_bit_not_and_count(dtype, rng)


@pytest.mark.parametrize("dtype", BIT_INT)
def test_bit_not_and_count_integer(dtype: str, rng: np.random.Generator) -> None:
    check_bit_not_and_count(dtype, rng)


def test_bit_not_and_count_in_the_input_width() -> None:
    # the int64 domain holds extended values: results must still be those of the element's width
    got = run1(unary("BIT_NOT", "UINT8", [3]), np.array([5, 0, 255], np.uint8))
    np.testing.assert_array_equal(got, np.array([250, 255, 0], np.uint8))
    got = run1(unary("BIT_NOT", "UINT32", [2]), np.array([5, 0xFFFFFFFF], np.uint32))
    np.testing.assert_array_equal(got, np.array([0xFFFFFFFA, 0], np.uint32))
    got = run1(unary("BIT_NOT", "INT16", [2]), np.array([0, -32768], np.int16))
    np.testing.assert_array_equal(got, np.array([-1, 32767], np.int16))
    for dtype, width in (("INT8", 8), ("INT16", 16), ("INT32", 32), ("INT64", 64)):
        x = np.array([-1, np.iinfo(DTYPES[dtype]).min, 0], DTYPES[dtype])
        got = run1(unary("BIT_COUNT", dtype, [3], "UINT8"), x)
        np.testing.assert_array_equal(got, np.array([width, 1, 0], np.uint8), err_msg=dtype)
    got = run1(unary("BIT_COUNT", "FLOAT64", [3], "UINT32"), np.array([-0.0, 1.0, np.inf]))
    np.testing.assert_array_equal(got, np.array([1, 10, 11], np.uint32))


def test_bit_pages_worked_examples(ew_isa: str) -> None:
    # BIT_NOT page: UINT8 [[0,128],[42,255]] -> [[255,127],[213,0]]
    got = run1(unary("BIT_NOT", "UINT8", [2, 2]), np.array([[0, 128], [42, 255]], np.uint8))
    np.testing.assert_array_equal(got, np.array([[255, 127], [213, 0]], np.uint8))
    # BIT_COUNT page: UINT32 [[0,123],[456,789]] -> [[0,6],[4,5]]
    got = run1(unary("BIT_COUNT", "UINT32", [2, 2], "UINT32"), np.array([[0, 123], [456, 789]], np.uint32))
    np.testing.assert_array_equal(got, np.array([[0, 6], [4, 5]], np.uint32))
    # (the BIT_XOR page's example is BIT_NOT's, a single input: not an XOR test)
    # float encodings: sign bit of FLOAT32 1.0 cleared / set by AND / OR with a mask
    mask = np.array([0x7FFFFFFF, 0x80000000], np.uint32).view(np.float32)
    ones = np.array([-1.0, 1.0], np.float32)
    np.testing.assert_array_equal(run2(binary("BIT_AND", "FLOAT32", [2]), ones, mask), [1.0, 0.0])
    np.testing.assert_array_equal(run2(binary("BIT_OR", "FLOAT32", [2]), ones, mask)[1], -1.0)


def test_bitwise_float32_and_float64_signalling_nans_are_bits(ew_isa: str) -> None:
    # FLOAT32/FLOAT64 reach the functions unconverted: NaN payloads and signalling NaNs pass intact,
    # contiguous and strided.
    for dtype, pattern in (("FLOAT32", [0x7F800001, 0xFFA00000, 0x7FBFFFFF, 0x007FFFFF]),
                           ("FLOAT64", [0x7FF0000000000001, 0xFFF4000000000000, 0x000FFFFFFFFFFFFF, 1])):
        x = bits_of(dtype, pattern)
        got = run1(unary("BIT_NOT", dtype, [4]), x)
        np.testing.assert_array_equal(as_bits(got), ~as_bits(x), err_msg=dtype)
        back = run1(unary("BIT_NOT", dtype, [4]), got)
        np.testing.assert_array_equal(as_bits(back), as_bits(x), err_msg=dtype)
        spread = np.zeros(12, DTYPES[dtype])
        spread[::3] = x
        got = run1(unary("BIT_NOT", dtype, [4], in_strides=[3]), spread)
        np.testing.assert_array_equal(as_bits(got), ~as_bits(x), err_msg=f"{dtype} strided")
        zero = np.zeros(4, DTYPES[dtype])
        got = run2(binary("BIT_OR", dtype, [4]), x, zero)
        np.testing.assert_array_equal(as_bits(got), as_bits(x), err_msg=f"{dtype} OR 0")


def test_float16_signalling_nans_are_bits(ew_isa: str) -> None:
    # FLOAT16 loads and stores as its 16 bits (EW_FLAG_RAW_BITS): a signalling NaN is neither an
    # input nor a result that a float conversion could quieten. ~0x82FF = 0x7D00, a signalling NaN.
    got = run1(unary("BIT_NOT", "FLOAT16", [1]), bits_of("FLOAT16", [0x82FF]))
    assert as_bits(got)[0] == 0x7D00
    # popcount(0x7D00) = 6; quietened it would be 0x7F00 with 7. 32 elements: the vector loads
    # take 8 or 16 at a time
    got = run1(unary("BIT_COUNT", "FLOAT16", [32], "UINT8"), bits_of("FLOAT16", [0x7D00] * 32))
    assert (got == 6).all()
    snan = bits_of("FLOAT16", [0x7D00, 0xFC01, 0x7E00, 0x7C01] * 4)
    got = run2(binary("BIT_OR", "FLOAT16", [16]), snan, np.zeros(16, np.float16))
    np.testing.assert_array_equal(as_bits(got), as_bits(snan))


# ---- BIT_SHIFT_LEFT / BIT_SHIFT_RIGHT -------------------------------------------------------------


def shift_reference(a: np.ndarray, b: np.ndarray, left: bool) -> np.ndarray:
    """The pages' a << b / a >> b (logical) in the element's width, made total: a shift by b >= the
    width shifts every bit out (0), as numpy and torch define it."""
    width = 8 * a.dtype.itemsize
    mask = (1 << width) - 1
    out = [0 if int(s) >= width else ((int(x) << int(s)) & mask if left else int(x) >> int(s))
           for x, s in zip(a.tolist(), b.tolist(), strict=True)]
    return np.array(out, dtype=a.dtype)


@pytest.mark.parametrize("dtype", types_at_6_4("BIT_SHIFT_LEFT", "ATensor"))
@pytest.mark.parametrize("op", ["BIT_SHIFT_LEFT", "BIT_SHIFT_RIGHT"])
def test_shifts(op: str, dtype: str, rng: np.random.Generator) -> None:
    assert types_at_6_4(op, "ATensor") == types_at_6_4(op, "BTensor")
    dt = DTYPES[dtype]
    width, top = 8 * dt.itemsize, int(np.iinfo(dt).max)
    amounts = sorted({s for s in (0, 1, width - 1, width, width + 1, 2 * width, 63, 64, 65, 127, 128, 255,
                                  top, top - 1, 2**32, 2**63) if s <= top})
    values = np.concatenate([edges(dtype), rng.integers(0, top, 8, endpoint=True, dtype=dt)])
    a, b = np.meshgrid(values, np.array(amounts, dt), indexing="ij")
    a, b = a.reshape(-1), b.reshape(-1)
    rand_b = rng.integers(0, width, 200, dtype=dt)
    a = np.concatenate([a, rng.integers(0, top, 200, endpoint=True, dtype=dt)])
    b = np.concatenate([b, rand_b])
    want = shift_reference(a, b, op == "BIT_SHIFT_LEFT")
    if dtype in TORCH:
        tfn = torch.bitwise_left_shift if op == "BIT_SHIFT_LEFT" else torch.bitwise_right_shift
        np.testing.assert_array_equal(tfn(torch.from_numpy(a), torch.from_numpy(b)).numpy(), want)
    got = run2(binary(op, dtype, [a.size]), a, b)
    assert got.dtype == dt
    np.testing.assert_array_equal(got, want, err_msg=f"{op} {dtype}")


def test_shift_edges_spelled_out() -> None:
    a = np.array([1, 0x81, 0xFF, 0xFF, 0xFF, 0x80], np.uint8)
    b = np.array([0, 7, 8, 9, 255, 7], np.uint8)
    np.testing.assert_array_equal(run2(binary("BIT_SHIFT_LEFT", "UINT8", [6]), a, b),
                                  np.array([1, 0x80, 0, 0, 0, 0], np.uint8))
    np.testing.assert_array_equal(run2(binary("BIT_SHIFT_RIGHT", "UINT8", [6]), a, b),
                                  np.array([1, 1, 0, 0, 0, 1], np.uint8))
    a = np.array([2**64 - 1] * 5, np.uint64)
    b = np.array([63, 64, 65, 2**63, 2**64 - 1], np.uint64)
    np.testing.assert_array_equal(run2(binary("BIT_SHIFT_LEFT", "UINT64", [5]), a, b),
                                  np.array([2**63, 0, 0, 0, 0], np.uint64))
    np.testing.assert_array_equal(run2(binary("BIT_SHIFT_RIGHT", "UINT64", [5]), a, b),
                                  np.array([1, 0, 0, 0, 0], np.uint64))


def test_shifts_take_no_signed_types() -> None:
    # Negative shift amounts cannot occur: the pages list unsigned types only.
    with pytest.raises(pydml.ValidationError) as info:
        pydml.validate(binary("BIT_SHIFT_LEFT", "INT32", [2]))
    assert info.value.field == "ATensor.DataType"


# ---- strided, broadcast, in place, C API ----------------------------------------------------------


def test_strided_and_broadcast_comparison(ew_isa: str, rng: np.random.Generator) -> None:
    # NHWC FLOAT16 read as NCHW, compared with a broadcast row; UINT8 output into every 2nd element
    n, c, h, w = 2, 3, 4, 5
    nhwc = rng.integers(-3, 4, (n, h, w, c)).astype(np.float16)
    nhwc.reshape(-1)[::7] = np.nan
    row = rng.integers(-3, 4, w).astype(np.float16)
    out_strides = [2 * c * h * w, 2 * h * w, 2 * w, 2]
    desc = binary("LOGICAL_GREATER_THAN_OR_EQUAL", "FLOAT16", [n, c, h, w], "UINT8",
                  a_strides=[h * w * c, 1, w * c, c], b_strides=[0, 0, 0, 1], out_strides=out_strides)
    raw = poison(np.dtype(np.uint8), (2 * n * c * h * w,))
    run(desc, {"ATensor": nhwc.reshape(-1), "BTensor": pad4(row)}, outputs={"OutputTensor": raw})
    want = (nhwc.transpose(0, 3, 1, 2) >= row).astype(np.uint8)
    np.testing.assert_array_equal(raw[::2].reshape(n, c, h, w), want)
    assert (raw[1::2] == 0xFF).all(), "elements between the strided outputs must stay untouched"


def test_strided_and_broadcast_integer_ops(rng: np.random.Generator) -> None:
    a = rng.integers(-2**15, 2**15, (4, 6), dtype=np.int16)
    col = rng.integers(-2**15, 2**15, 4, dtype=np.int16)
    got = run2(binary("BIT_XOR", "INT16", [4, 6], b_strides=[1, 0]), a, col)
    np.testing.assert_array_equal(got, a ^ col[:, None])
    # a scalar shift amount broadcast over a transposed UINT32 operand
    m = rng.integers(0, 2**32, (5, 3), dtype=np.uint32)
    got = run2(binary("BIT_SHIFT_LEFT", "UINT32", [3, 5], a_strides=[1, 3], b_strides=[0, 0]),
               m.reshape(-1), np.array([4], np.uint32))
    np.testing.assert_array_equal(got, m.T << np.uint32(4))
    # UINT64 comparison against a broadcast column, into a strided UINT32 output
    big = rng.integers(0, 2**64 - 1, (3, 4), dtype=np.uint64, endpoint=True)
    pivot = np.array([2**63, 1, 2**64 - 1], np.uint64)
    out = poison(np.dtype(np.uint32), (3, 8))
    desc = binary("LOGICAL_LESS_THAN", "UINT64", [3, 4], "UINT32", b_strides=[1, 0], out_strides=[8, 2])
    run(desc, {"ATensor": big, "BTensor": pivot}, outputs={"OutputTensor": out.reshape(-1)})
    np.testing.assert_array_equal(out[:, ::2], (big < pivot[:, None]).astype(np.uint32))
    assert (out[:, 1::2] == 0xFFFFFFFF).all()
    # 5-D logical AND with one operand broadcast along two axes
    x = rng.integers(0, 3, (2, 1, 3, 2, 2)).astype(np.uint8)
    y = rng.integers(0, 3, (3,)).astype(np.uint8)
    got = run2(binary("LOGICAL_AND", "UINT8", [2, 1, 3, 2, 2], b_strides=[0, 0, 1, 0, 0]), x, pad4(y))
    np.testing.assert_array_equal(got, np.logical_and(x, y[None, None, :, None, None]).astype(np.uint8))


def test_strided_float_classification_and_bits(ew_isa: str, rng: np.random.Generator) -> None:
    x = np.concatenate([edges("FLOAT32"), random_bits("FLOAT32", 40, rng)])
    spread = np.zeros(3 * x.size, np.float32)
    spread[::3] = x
    got = run1(unary("IS_NAN", "FLOAT32", [x.size], "UINT32", in_strides=[3]), spread)
    np.testing.assert_array_equal(got, np.isnan(x).astype(np.uint32))
    got = run1(unary("IS_INFINITY", "FLOAT32", [x.size], "UINT8", in_strides=[3], InfinityMode="POSITIVE"),
               spread)
    np.testing.assert_array_equal(got, np.isposinf(x).astype(np.uint8))
    h = np.arange(0, 1 << 16, 97, dtype=np.uint32).astype(np.uint16)
    h = h[~half_snan(h) & ~half_snan(~h)].view(np.float16)
    hs = np.zeros(2 * h.size, np.float16)
    hs[::2] = h
    out = poison(np.dtype(np.float16), (2 * h.size,))
    run(unary("BIT_NOT", "FLOAT16", [h.size], in_strides=[2], out_strides=[2]), {"InputTensor": hs},
        outputs={"OutputTensor": out})
    np.testing.assert_array_equal(as_bits(out[::2]), ~as_bits(h))
    assert np.isnan(out[1::2]).all()
    d = np.concatenate([edges("FLOAT64"), random_bits("FLOAT64", 30, rng)])
    mask = np.array([0x7FFFFFFFFFFFFFFF], np.uint64).view(np.float64)
    got = run2(binary("BIT_AND", "FLOAT64", [d.size], b_strides=[0]), d, mask)
    np.testing.assert_array_equal(as_bits(got), as_bits(d) & np.uint64(0x7FFFFFFFFFFFFFFF))


def test_in_place(rng: np.random.Generator) -> None:
    a = rng.integers(0, 3, 50).astype(np.uint8)
    b = rng.integers(0, 3, 50).astype(np.uint8)
    want = np.logical_or(a, b).astype(np.uint8)
    pydml.Device().create_operator(binary("LOGICAL_OR", "UINT8", [50])).execute(
        {"ATensor": a, "BTensor": b}, {"OutputTensor": a})
    np.testing.assert_array_equal(a, want)
    x = rng.integers(0, 2**16, 40, dtype=np.uint16)
    want16 = ~x
    pydml.Device().create_operator(unary("BIT_NOT", "UINT16", [40])).execute({"InputTensor": x},
                                                                              {"OutputTensor": x})
    np.testing.assert_array_equal(x, want16)
    v = rng.integers(0, 2**32, 30, dtype=np.uint32)
    s = rng.integers(0, 40, 30).astype(np.uint32)
    want32 = shift_reference(v, s, left=False)
    pydml.Device().create_operator(binary("BIT_SHIFT_RIGHT", "UINT32", [30])).execute(
        {"ATensor": v, "BTensor": s}, {"OutputTensor": s})
    np.testing.assert_array_equal(s, want32)


OPERATORS = [*COMPARISONS, *LOGICAL, "LOGICAL_NOT", "IS_NAN", "IS_INFINITY", *BITWISE, "BIT_NOT", "BIT_COUNT",
             "BIT_SHIFT_LEFT", "BIT_SHIFT_RIGHT"]


def test_every_operator_executes_through_the_c_api() -> None:
    assert len(OPERATORS) == 18
    for op in OPERATORS:
        assert lib.pydml_operator_type_executes(getattr(lib, f"DML_OPERATOR_ELEMENT_WISE_{op}")) == 1, op


@pytest.mark.parametrize("op", ["LOGICAL_AND", "LOGICAL_OR", "LOGICAL_XOR", "LOGICAL_NOT"])
def test_byte_logic_rows(op: str, ew_isa: str, rng: np.random.Generator) -> None:
    """LOGICAL_AND / OR / XOR / NOT on UINT8 operands into UINT8 run byte for byte (elementwise.c
    byte_logic_row): any non-zero byte is true (2, 128, 255 too), 1 or 0 out; a vector body and a
    tail, a broadcast operand of one byte (stride 0) on either side, a strided view (the engine's
    other rows)."""
    n = 1000 + 37
    a = rng.choice(np.array([0, 1, 2, 128, 255], np.uint8), n)
    b = rng.choice(np.array([0, 1, 7, 255], np.uint8), n)
    fn = {"LOGICAL_AND": np.logical_and, "LOGICAL_OR": np.logical_or, "LOGICAL_XOR": np.logical_xor}
    if op == "LOGICAL_NOT":
        got = run1(unary(op, "UINT8", [n]), a)
        np.testing.assert_array_equal(got, (a == 0).astype(np.uint8))
        wide = np.zeros(2 * n, np.uint8)
        wide[::2] = a
        got = run1(unary(op, "UINT8", [n], in_strides=[2]), wide)
        np.testing.assert_array_equal(got, (a == 0).astype(np.uint8))
        return
    want = fn[op](a != 0, b != 0).astype(np.uint8)
    np.testing.assert_array_equal(run2(binary(op, "UINT8", [n]), a, b), want)
    for v in (0, 9):
        one = np.array([v], np.uint8)
        got = run2(binary(op, "UINT8", [n], b_strides=[0]), a, one)
        np.testing.assert_array_equal(got, fn[op](a != 0, v != 0).astype(np.uint8))
        got = run2(binary(op, "UINT8", [n], a_strides=[0]), one, b)
        np.testing.assert_array_equal(got, fn[op](v != 0, b != 0).astype(np.uint8))

