"""Clipping, selection and quantization operators (native/families/ew_quantize.c, native/validate/rules_ew_quantize.c):
ELEMENT_WISE_CLIP, CLIP1, THRESHOLD, IF, QUANTIZE_LINEAR, DEQUANTIZE_LINEAR, QUANTIZED_LINEAR_ADD.

References are written from each page's formula: numpy float64 for float tensors, rounded once to
the output type; exact Python integers for integer tensors (float64 cannot hold INT64/UINT64).
min/max are IEEE maxNum/minNum (np.fmax/np.fmin), as HLSL's min/max: a NaN operand yields the
other one, so each page's formula, read in its order, decides where NaN lands. torch is a second
reference where it has the same function (clamp and where without NaN, quantize_per_tensor /
per_channel with power-of-two scales, where its multiply-by-1/scale is exact). Every data type the
support tables list at FL6_4 runs; outputs are poisoned by the harness; exactness is asserted.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, poison, round_to, run, tensor

import pydml
from pydml import ValidationError
from pydml.registry import all_schemas
from pydml.schema.tables import LEVELS

D = pydml
CLIP = D.DML_ELEMENT_WISE_CLIP_OPERATOR_DESC
CLIP1 = D.DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC
THRESHOLD = D.DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC
SB = D.DML_SCALE_BIAS


def types_at_6_4(operator: str, tensor_name: str) -> list[str]:
    """The data types the support table in force at FL6_4 lists for one tensor."""
    schema = next(s for s in all_schemas() if s.type.name == operator)
    level = max((lv for lv in schema.tables.support if LEVELS.index(lv) <= LEVELS.index("6_4")),
                key=LEVELS.index)
    return list(next(r.data_types for r in schema.tables.support[level] if r.tensor == tensor_name))


CLIP_TYPES = types_at_6_4("ELEMENT_WISE_CLIP", "InputTensor")
CLIP1_TYPES = types_at_6_4("ELEMENT_WISE_CLIP1", "InputTensor")
THRESHOLD_TYPES = types_at_6_4("ELEMENT_WISE_THRESHOLD", "InputTensor")
IF_TYPES = types_at_6_4("ELEMENT_WISE_IF", "ATensor")
Q_INPUT_TYPES = types_at_6_4("ELEMENT_WISE_QUANTIZE_LINEAR", "InputTensor")
Q_OUTPUT_TYPES = types_at_6_4("ELEMENT_WISE_QUANTIZE_LINEAR", "OutputTensor")
DQ_INPUT_TYPES = types_at_6_4("ELEMENT_WISE_DEQUANTIZE_LINEAR", "InputTensor")
DQ_OUTPUT_TYPES = types_at_6_4("ELEMENT_WISE_DEQUANTIZE_LINEAR", "OutputTensor")

SHAPE = (2, 3, 11)


def test_the_tables_at_6_4_are_the_ones_tested() -> None:
    assert set(CLIP_TYPES) == set(CLIP1_TYPES) == {
        "FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT64", "UINT32", "UINT16", "UINT8"}
    assert set(THRESHOLD_TYPES) == set(CLIP_TYPES) - {"INT64", "UINT64"}
    assert set(IF_TYPES) == set(CLIP_TYPES) | {"FLOAT64"}
    assert (Q_INPUT_TYPES, Q_OUTPUT_TYPES) == (["FLOAT32", "FLOAT16", "INT32"], ["INT8", "UINT8"])
    assert set(DQ_INPUT_TYPES) == {"INT32", "INT16", "INT8", "UINT32", "UINT16", "UINT8"}
    assert DQ_OUTPUT_TYPES == ["FLOAT32", "FLOAT16"]


# ---- helpers ----

def is_float(dtype: str) -> bool:
    return DTYPES[dtype].kind == "f"


def sample(dtype: str, shape: tuple[int, ...], rng: np.random.Generator, *,
           special: bool = True) -> np.ndarray:
    """Random values of a type: floats N(0, 8^2) with NaN, +-inf and +-0 sprinkled in; integers
    over the whole range with the extremes and small values near 0."""
    dt = DTYPES[dtype]
    count = int(np.prod(shape))
    if dt.kind == "f":
        v = (rng.standard_normal(count) * 8).astype(dt)
        if special:
            v[:5] = [np.nan, np.inf, -np.inf, 0.0, -0.0]
        return rng.permutation(v).reshape(shape)
    info = np.iinfo(dt)
    v = rng.integers(info.min, info.max, size=count, endpoint=True, dtype=dt)
    small = rng.integers(max(info.min, -6), min(info.max, 6), size=count // 2, endpoint=True)
    v[: count // 2] = small.astype(dt)
    v[-2:] = [info.min, info.max]
    return rng.permutation(v).reshape(shape)


def exact_int(values: np.ndarray, fn: Any, dtype: str) -> np.ndarray:
    """fn applied to each element as an exact Python number (int vs float comparisons in Python
    are exact), then truncated toward zero and saturated to dtype, as the output store does."""
    info = np.iinfo(DTYPES[dtype])
    out = [min(max(math.trunc(fn(int(v))), info.min), info.max) for v in values.reshape(-1)]
    return np.array(out, dtype=DTYPES[dtype]).reshape(values.shape)


def padded(values: Any, dtype: str) -> np.ndarray:
    """A broadcast operand's few elements, padded with zeros to the 4-byte multiple that its
    TotalTensorSizeInBytes rounds up to."""
    v = np.asarray(values, DTYPES[dtype]).reshape(-1)
    extra = -v.nbytes % 4 // v.itemsize
    return np.concatenate([v, np.zeros(extra, v.dtype)])


def unary(cls: Any, dtype: str, sizes: Any = SHAPE, in_strides: Any = None, out_strides: Any = None,
          **fields: Any) -> Any:
    return cls(InputTensor=tensor(dtype, list(sizes), in_strides),
               OutputTensor=tensor(dtype, list(sizes), out_strides), **fields)


def expect_error(desc: Any, field: str, message: str) -> None:
    """validate and create_operator both raise ValidationError naming ``field`` with ``message``."""
    for attempt in (lambda: pydml.validate(desc), lambda: pydml.Device().create_operator(desc)):
        with pytest.raises(ValidationError) as info:
            attempt()
        assert info.value.field == field, str(info.value)
        assert str(info.value) == message


@contextlib.contextmanager
def quiet_torch() -> Iterator[None]:
    """torch's quantized tensors warn that they are deprecated; the function is what we compare."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


# ---- ELEMENT_WISE_CLIP: f(x) = min(Max, max(Min, x)) after the ScaleBias ----

def clip_ref(x: np.ndarray, lo: float, hi: float) -> np.ndarray:
    return np.fmin(hi, np.fmax(lo, x.astype(np.float64)))


@pytest.mark.parametrize("dtype", CLIP_TYPES)
def test_clip_every_data_type(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    x = sample(dtype, SHAPE, rng)
    lo, hi = (-2.5, 3.75) if dtype[0] != "U" else (2.5, 200.75)
    got = run(unary(CLIP, dtype, Min=lo, Max=hi), {"InputTensor": x})
    got = got["OutputTensor"]
    if is_float(dtype):
        want = clip_ref(x, lo, hi).astype(DTYPES[dtype])
        np.testing.assert_array_equal(got, want)
        assert not np.isnan(got).any(), "NaN clips to Min (HLSL max(Min, NaN) = Min)"
        finite = ~np.isnan(x)
        np.testing.assert_array_equal(got[finite], torch.clamp(torch.from_numpy(x[finite]), lo, hi).numpy())
    else:
        np.testing.assert_array_equal(got, exact_int(x, lambda v: min(hi, max(lo, v)), dtype))
        if dtype in ("INT8", "INT16", "INT32", "INT64", "UINT8"):  # torch, integral bounds
            t = torch.clamp(torch.from_numpy(x), math.trunc(lo), math.trunc(hi)).numpy()
            np.testing.assert_array_equal(got, t)


def test_clip_nan_goes_to_min_and_infinities_clamp(ew_isa: str) -> None:
    x = np.array([np.nan, -np.nan, np.inf, -np.inf, -0.0, 1.0], np.float32)
    for dtype in ("FLOAT32", "FLOAT16"):
        v = x.astype(DTYPES[dtype])
        got = run(unary(CLIP, dtype, [6], Min=-1.0, Max=0.5),
                  {"InputTensor": v})["OutputTensor"]
        np.testing.assert_array_equal(got, np.array([-1, -1, 0.5, -1, 0, 0.5], DTYPES[dtype]))


def test_clip_dxdispatch_sample_in_place(ew_isa: str) -> None:
    """Microsoft's dml_element_wise_clip.json: one resource bound as input and output."""
    a = np.arange(-4, 5, dtype=np.float32)
    op = pydml.Device().create_operator(unary(CLIP, "FLOAT32", [9],
                                              Min=-2.5, Max=2.5))
    op.execute({"InputTensor": a}, {"OutputTensor": a})
    np.testing.assert_array_equal(a, [-2.5, -2.5, -2, -1, 0, 1, 2, 2.5, 2.5])


@pytest.mark.parametrize("dtype", ["INT64", "UINT32", "UINT8"])
def test_clip_in_place_integers(dtype: str, rng: np.random.Generator) -> None:
    x = sample(dtype, (4, 9), rng)
    want = exact_int(x, lambda v: min(1e6, max(3.5, v)), dtype)
    op = pydml.Device().create_operator(unary(CLIP, dtype, [4, 9],
                                              Min=3.5, Max=1e6))
    op.execute({"InputTensor": x}, {"OutputTensor": x})
    np.testing.assert_array_equal(x, want)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_clip_scale_bias_applies_first(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    # quarter steps in [-16, 16]: x * 0.5 - 1.25 is exact in FLOAT16 and FLOAT32, so the float64
    # reference is the exact result
    x = (rng.integers(-64, 64, size=SHAPE) / 4).astype(DTYPES[dtype])
    x.reshape(-1)[0] = np.nan
    desc = unary(CLIP, dtype, ScaleBias=SB(Scale=0.5, Bias=-1.25),
                 Min=-3.0, Max=2.125)
    got = run(desc, {"InputTensor": x})["OutputTensor"]
    want = clip_ref(x.astype(np.float64) * 0.5 - 1.25, -3.0, 2.125).astype(DTYPES[dtype])
    np.testing.assert_array_equal(got, want)
    assert got.reshape(-1)[0] == -3.0


def test_clip_integer_bounds_beyond_the_type_saturate() -> None:
    x = np.array([-128, -1, 0, 1, 127], np.int8)
    for lo, hi, want in [(-1000.0, 1000.0, x), (200.0, 300.0, [127] * 5), (-300.0, -200.0, [-128] * 5),
                         (-math.inf, math.inf, x), (-0.75, 0.75, [0, 0, 0, 0, 0])]:
        got = run(unary(CLIP, "INT8", [5], Min=lo, Max=hi),
                  {"InputTensor": x})["OutputTensor"]
        np.testing.assert_array_equal(got, np.array(want, np.int8), err_msg=f"[{lo}, {hi}]")
    u = np.array([0, 5, 2**64 - 1], np.uint64)
    got = run(unary(CLIP, "UINT64", [3], Min=-5.0, Max=1e30),
              {"InputTensor": u})["OutputTensor"]
    np.testing.assert_array_equal(got, u)


def test_clip_64_bit_integers_stay_exact() -> None:
    # bounds 2^62 and -2^62 are exact floats; neighbours one apart must not collapse through float
    b = 2**62
    x = np.array([b - 1, b, b + 1, -b - 1, -b, -b + 1, 2**63 - 1, -(2**63)], np.int64)
    got = run(unary(CLIP, "INT64", [8], Min=float(-b), Max=float(b)),
              {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, [b - 1, b, b, -b, -b, -b + 1, b, -b])
    u = np.array([2**63 - 1, 2**63, 2**63 + 1, 2**64 - 1, 1], np.uint64)
    got = run(unary(CLIP, "UINT64", [5], Min=2.0, Max=float(2**63)),
              {"InputTensor": u})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([2**63 - 1, 2**63, 2**63, 2**63, 2], np.uint64))


def test_clip_strided_input_and_output(ew_isa: str, rng: np.random.Generator) -> None:
    nhwc = rng.standard_normal((2, 4, 5, 3)).astype(np.float32) * 4
    sizes, in_strides = [2, 3, 4, 5], [60, 1, 15, 3]
    out_strides = [120, 40, 10, 2]
    raw = poison(np.dtype(np.float32), (240,))
    desc = unary(CLIP, "FLOAT32", sizes, in_strides, out_strides, Min=-1.0, Max=1.5)
    run(desc, {"InputTensor": nhwc.reshape(-1)}, outputs={"OutputTensor": raw})
    want = clip_ref(nhwc.transpose(0, 3, 1, 2), -1.0, 1.5).astype(np.float32)
    np.testing.assert_array_equal(raw[::2].reshape(sizes), want)
    assert np.isnan(raw[1::2]).all(), "elements between the strided outputs stay untouched"


def test_clip_as_fused_activation(ew_isa: str, rng: np.random.Generator) -> None:
    """ELEMENT_WISE_CLIP fuses into CONVOLUTION and GEMM only (dml-fused-activations.md, FL6_0):
    run as GEMM's, refused as ADD1's."""
    a = rng.standard_normal((5, 7)).astype(np.float32) * 4
    b = rng.standard_normal((7, 9)).astype(np.float32)
    a[0, 3] = np.nan
    desc = D.DML_GEMM_OPERATOR_DESC(
        ATensor=tensor("FLOAT32", [5, 7]), BTensor=tensor("FLOAT32", [7, 9]), OutputTensor=tensor("FLOAT32", [5, 9]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0, FusedActivation=CLIP(Min=-1.0, Max=2.0))
    got = run(desc, {"ATensor": a, "BTensor": b})["OutputTensor"]
    want = clip_ref(a.astype(np.float64) @ b, -1.0, 2.0)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-5)
    assert np.isnan(got[0]).all() == np.isnan(want[0]).all()
    add1 = D.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(
        ATensor=tensor("FLOAT32", SHAPE), BTensor=tensor("FLOAT32", SHAPE),
        OutputTensor=tensor("FLOAT32", SHAPE), FusedActivation=CLIP(Min=-1.0, Max=2.0))
    with pytest.raises(ValidationError, match="fuses into CONVOLUTION and GEMM only"):
        pydml.validate(add1)


# ---- ELEMENT_WISE_THRESHOLD: f(x) = max(x, Min) after the ScaleBias ----

@pytest.mark.parametrize("dtype", THRESHOLD_TYPES)
def test_threshold_every_data_type(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    x = sample(dtype, SHAPE, rng)
    lo = -2.5 if dtype[0] != "U" else 100.5
    got = run(unary(THRESHOLD, dtype, Min=lo), {"InputTensor": x})["OutputTensor"]
    if is_float(dtype):
        np.testing.assert_array_equal(got, np.fmax(x.astype(np.float64), lo).astype(DTYPES[dtype]))
        finite = ~np.isnan(x)
        np.testing.assert_array_equal(got[finite], torch.clamp(torch.from_numpy(x[finite]), min=lo).numpy())
        assert (got[np.isnan(x)] == lo).all(), "NaN -> Min"
    else:
        np.testing.assert_array_equal(got, exact_int(x, lambda v: max(v, lo), dtype))


def test_threshold_scale_bias_and_saturating_min(rng: np.random.Generator) -> None:
    x = (rng.integers(-40, 40, size=SHAPE) / 8).astype(np.float32)
    desc = unary(THRESHOLD, "FLOAT32", ScaleBias=SB(Scale=-2.0, Bias=0.5),
                 Min=0.25)
    got = run(desc, {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, np.fmax(x.astype(np.float64) * -2 + 0.5, 0.25).astype(np.float32))
    u = np.array([0, 1, 65535], np.uint16)
    got = run(unary(THRESHOLD, "UINT16", [3], Min=1e9), {"InputTensor": u})
    np.testing.assert_array_equal(got["OutputTensor"], [65535] * 3)


def test_threshold_in_place(rng: np.random.Generator) -> None:
    x = rng.standard_normal(40).astype(np.float32)
    want = np.fmax(x, np.float32(0.125))
    op = pydml.Device().create_operator(unary(THRESHOLD, "FLOAT32", [40],
                                              Min=0.125))
    op.execute({"InputTensor": x}, {"OutputTensor": x})
    np.testing.assert_array_equal(x, want)


# ---- ELEMENT_WISE_CLIP1: f(x) = max(Min, min(x, Max)); Min/Max typed by MinMaxDataType ----

def clip1_bounds(dtype: str) -> tuple[Any, Any]:
    if is_float(dtype):
        return -2.5, 3.75
    info = np.iinfo(DTYPES[dtype])
    if info.min < 0:
        return int(info.min) + 1, int(info.max) - 1   # exact at the ends of the type, INT64 included
    return 1, int(info.max) - 1


@pytest.mark.parametrize("dtype", CLIP1_TYPES)
def test_clip1_every_data_type(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    x = sample(dtype, SHAPE, rng)
    lo, hi = clip1_bounds(dtype)
    desc = unary(CLIP1, dtype, MinMaxDataType=dtype, Min=lo, Max=hi)
    got = run(desc, {"InputTensor": x})["OutputTensor"]
    if is_float(dtype):
        want = np.fmax(lo, np.fmin(x.astype(np.float64), hi)).astype(DTYPES[dtype])
        np.testing.assert_array_equal(got, want)
        assert (got[np.isnan(x)] == hi).all(), "sdk-api order max(Min, min(x, Max)): NaN -> Max"
        finite = ~np.isnan(x)
        np.testing.assert_array_equal(got[finite], torch.clamp(torch.from_numpy(x[finite]), lo, hi).numpy())
    else:
        want = exact_int(x, lambda v: max(lo, min(v, hi)), dtype)
        np.testing.assert_array_equal(got, want)
        assert (got == lo).any() and (got == hi).any(), "both bounds were exercised"
        if dtype in ("INT8", "INT16", "INT32", "INT64", "UINT8"):
            np.testing.assert_array_equal(got, torch.clamp(torch.from_numpy(x), lo, hi).numpy())


def test_clip1_float16_bounds_are_half_values(ew_isa: str) -> None:
    # 0.1 is not a half: the bound is the half nearest 0.1 (0.0999755859375), stored in two bytes
    x = np.array([0.0, 0.05, 0.1, 0.2, np.nan], np.float16)
    desc = unary(CLIP1, "FLOAT16", [5], MinMaxDataType="FLOAT16", Min=0.1, Max=0.15)
    got = run(desc, {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([0.1, 0.1, 0.1, 0.15, 0.15], np.float16))


def test_clip1_uint64_extremes_and_scale_bias(ew_isa: str) -> None:
    u = np.array([0, 2**63, 2**64 - 2, 2**64 - 1], np.uint64)
    desc = unary(CLIP1, "UINT64", [4], MinMaxDataType="UINT64",
                 Min=2**63 + 1, Max=2**64 - 2)
    got = run(desc, {"InputTensor": u})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([2**63 + 1, 2**63 + 1, 2**64 - 2, 2**64 - 2], np.uint64))
    x = np.array([-4.0, -1.0, 0.5, 3.0], np.float32)
    desc = unary(CLIP1, "FLOAT32", [4], ScaleBias=SB(Scale=2.0, Bias=1.0),
                 MinMaxDataType="FLOAT32", Min=-3.0, Max=4.0)
    got = run(desc, {"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(got, [-3.0, -1.0, 2.0, 4.0])


# ---- ELEMENT_WISE_IF: a if cond != 0 else b ----

def if_desc(dtype: str, sizes: Any, cond_strides: Any = None) -> Any:
    return D.DML_ELEMENT_WISE_IF_OPERATOR_DESC(
        ConditionTensor=tensor("UINT8", list(sizes), cond_strides), ATensor=tensor(dtype, list(sizes)),
        BTensor=tensor(dtype, list(sizes)), OutputTensor=tensor(dtype, list(sizes)))


@pytest.mark.parametrize("dtype", IF_TYPES)
def test_if_page_example(dtype: str) -> None:
    cond = np.array([[1, 0], [1, 1]], np.uint8)
    a = np.array([[1, 2], [3, 4]], DTYPES[dtype])
    b = np.array([[9, 8], [7, 6]], DTYPES[dtype])
    got = run(if_desc(dtype, [2, 2]), {"ConditionTensor": cond, "ATensor": a, "BTensor": b})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([[1, 8], [3, 4]], DTYPES[dtype]))


TORCH_WHERE = {"FLOAT64", "FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT8"}


@pytest.mark.parametrize("dtype", IF_TYPES)
def test_if_every_data_type(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    cond = rng.choice(np.array([0, 1, 7, 128, 255], np.uint8), size=SHAPE)
    a, b = sample(dtype, SHAPE, rng), sample(dtype, SHAPE, rng)
    got = run(if_desc(dtype, SHAPE), {"ConditionTensor": cond, "ATensor": a, "BTensor": b})["OutputTensor"]
    want = np.where(cond != 0, a, b)
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))  # bit for bit: NaN, -0.0
    if dtype in TORCH_WHERE:
        t = torch.where(torch.from_numpy(cond != 0), torch.from_numpy(a), torch.from_numpy(b)).numpy()
        np.testing.assert_array_equal(got, t)


def test_if_broadcast_condition_and_in_place(ew_isa: str, rng: np.random.Generator) -> None:
    row = padded([1, 0, 0, 9, 1], "UINT8")                       # one condition per column
    a = rng.standard_normal((3, 5)).astype(np.float32)
    b = rng.standard_normal((3, 5)).astype(np.float32)
    want = np.where(row[:5] != 0, a, b)
    op = pydml.Device().create_operator(if_desc("FLOAT32", [3, 5], cond_strides=[0, 1]))
    op.execute({"ConditionTensor": row, "ATensor": a, "BTensor": b}, {"OutputTensor": b})
    np.testing.assert_array_equal(b, want)


def test_if_64_bit_values_are_copied_exactly() -> None:
    cond = np.array([1, 0, 1, 0], np.uint8)
    a = np.array([2**63 - 1, 0, -(2**63), 0], np.int64)
    b = np.array([0, 2**53 + 1, 0, -(2**53) - 1], np.int64)
    got = run(if_desc("INT64", [4]), {"ConditionTensor": cond, "ATensor": a, "BTensor": b})["OutputTensor"]
    np.testing.assert_array_equal(got, [2**63 - 1, 2**53 + 1, -(2**63), -(2**53) - 1])
    ua = np.array([2**64 - 1, 0, 2**63 + 1, 0], np.uint64)
    ub = np.array([0, 2**64 - 3, 0, 2**53 + 1], np.uint64)
    got = run(if_desc("UINT64", [4]), {"ConditionTensor": cond, "ATensor": ua, "BTensor": ub})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([2**64 - 1, 2**64 - 3, 2**63 + 1, 2**53 + 1], np.uint64))


# ---- ELEMENT_WISE_QUANTIZE_LINEAR: clamp(round(input / scale) + zero_point, Min, Max) ----

def q_range(out: str) -> tuple[int, int]:
    return (-128, 127) if out == "INT8" else (0, 255)


def quantize_ref(x: np.ndarray, scale: np.ndarray, zp: np.ndarray | int, out: str) -> np.ndarray:
    """np.round rounds halves to even; clamp is min(Max, max(Min, v)) with NaN -> Min."""
    lo, hi = q_range(out)
    with np.errstate(divide="ignore", invalid="ignore"):
        v = np.round(x.astype(np.float64) / scale.astype(np.float64)) + np.asarray(zp, np.float64)
    return np.fmin(hi, np.fmax(lo, v)).astype(DTYPES[out])


def quantize_desc(in_type: str, scale_type: str, out: str, sizes: Any, *, zero_point: bool = True,
                  scale_strides: Any = None, zp_strides: Any = None, in_strides: Any = None) -> Any:
    return D.DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC(
        InputTensor=tensor(in_type, list(sizes), in_strides),
        ScaleTensor=tensor(scale_type, list(sizes), scale_strides),
        ZeroPointTensor=tensor(out, list(sizes), zp_strides) if zero_point else None,
        OutputTensor=tensor(out, list(sizes)))


def quantize_inputs(in_type: str, rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    if in_type == "INT32":  # |x| <= 2^24: exact in the float compute domain (see the large test)
        return rng.integers(-(2**24), 2**24, size=shape, endpoint=True).astype(np.int32)
    x = (rng.standard_normal(shape) * 300).astype(DTYPES[in_type])
    x.reshape(-1)[:6] = [np.nan, np.inf, -np.inf, 0.5, -2.5, 1.5]
    return x


@pytest.mark.parametrize("zero_point", [True, False], ids=["zero_point", "no_zero_point"])
@pytest.mark.parametrize("out", Q_OUTPUT_TYPES)
@pytest.mark.parametrize("in_type", Q_INPUT_TYPES)
def test_quantize_every_data_type(in_type: str, out: str, zero_point: bool, ew_isa: str,
                                  rng: np.random.Generator) -> None:
    scale_type = "FLOAT32" if in_type == "INT32" else in_type   # page: INT32 -> FLOAT32 scale
    x = quantize_inputs(in_type, rng, SHAPE)
    if in_type == "INT32":
        scale = rng.uniform(2e4, 2e5, size=SHAPE).astype(np.float32)
    else:
        scale = rng.uniform(0.5, 4.0, size=SHAPE).astype(DTYPES[scale_type])
    lo, hi = q_range(out)
    zp = rng.integers(lo, hi, size=SHAPE, endpoint=True).astype(DTYPES[out])
    inputs = {"InputTensor": x, "ScaleTensor": scale}
    if zero_point:
        inputs["ZeroPointTensor"] = zp
    got = run(quantize_desc(in_type, scale_type, out, SHAPE, zero_point=zero_point), inputs)["OutputTensor"]
    np.testing.assert_array_equal(got, quantize_ref(x, scale, zp if zero_point else 0, out))


@pytest.mark.parametrize("out", Q_OUTPUT_TYPES)
def test_quantize_rounds_half_to_even_and_saturates(out: str, ew_isa: str) -> None:
    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, 0.49999997, 1000.0, -1000.0, np.nan, np.inf, -np.inf],
                 np.float32)
    scale = np.ones_like(x)
    zp = padded([10], out)
    desc = quantize_desc("FLOAT32", "FLOAT32", out, [13], zp_strides=[0])
    got = run(desc, {"InputTensor": x, "ScaleTensor": scale, "ZeroPointTensor": zp})["OutputTensor"]
    lo, hi = q_range(out)
    want = [8, 8, 10, 10, 12, 12, 14, 10, hi, lo, lo, hi, lo]  # ties to even; NaN -> Min
    np.testing.assert_array_equal(got, np.array(want, DTYPES[out]))


def test_quantize_tie_after_the_division_is_exact(ew_isa: str) -> None:
    # 7 / 2 = 3.5 is a tie (-> 4); 7.0000005 / 2 is just above it (-> 4) and 6.9999995 / 2 just
    # below (-> 3): a float32 quotient would round both onto the tie
    x = np.array([7.0, np.nextafter(np.float32(7), np.float32(8)), np.nextafter(np.float32(7), np.float32(0)),
                  5.0], np.float32)
    scale = np.array([2.0], np.float32)
    got = run(quantize_desc("FLOAT32", "FLOAT32", "UINT8", [4], zero_point=False, scale_strides=[0]),
              {"InputTensor": x, "ScaleTensor": scale})["OutputTensor"]
    np.testing.assert_array_equal(got, np.array([4, 4, 3, 2], np.uint8))


@pytest.mark.parametrize("out", Q_OUTPUT_TYPES)
def test_quantize_near_ties_follow_the_exact_quotient(out: str, ew_isa: str, rng: np.random.Generator) -> None:
    """The float pass flags quotients within 2^-13 of a tie and redoes them in double: inputs on,
    and one to three floats either side of, (n + 1/2) * scale for scales from the subnormals to
    1e30, and rows where no element is near a tie next to rows where one is."""
    count = 4096
    scale = (rng.uniform(0.5, 2.0, count) * 10.0 ** rng.integers(-30, 31, count)).astype(np.float32)
    scale[:64] = rng.uniform(1e-45, 1e-38, 64).astype(np.float32)        # subnormal scales
    scale[64:128] = -scale[64:128]                                        # negative scales
    n = rng.integers(-300, 300, count).astype(np.float64)
    tie = ((n + 0.5) * scale.astype(np.float64)).astype(np.float32)
    step = rng.integers(-3, 4, count)
    x = tie.copy()
    for k in range(count):
        for _ in range(abs(int(step[k]))):
            x[k] = np.nextafter(x[k], np.float32(np.inf) if step[k] > 0 else np.float32(-np.inf))
    x[2048:] = (rng.standard_normal(count - 2048) * 100).astype(np.float32) * scale[2048:]  # rows with no tie
    zp = rng.integers(*q_range(out), size=count, endpoint=True).astype(DTYPES[out])
    got = run(quantize_desc("FLOAT32", "FLOAT32", out, [count]),
              {"InputTensor": x, "ScaleTensor": scale, "ZeroPointTensor": zp})["OutputTensor"]
    np.testing.assert_array_equal(got, quantize_ref(x, scale, zp, out))


@pytest.mark.parametrize("scale", [0.1, 3.0, 1 / 3, 1e-30, 2e-38, 1e-40, 1e30, 1e38, -0.7])
def test_quantize_near_ties_with_one_scale_per_tensor(scale: float, ew_isa: str,
                                                      rng: np.random.Generator) -> None:
    """One scale for the whole tensor multiplies by its reciprocal (scales with a normal
    reciprocal) or divides (subnormal and huge scales); either way near-ties follow the exact
    quotient."""
    s = np.float32(scale)
    n = rng.integers(-300, 300, 2000).astype(np.float64)
    with np.errstate(over="ignore"):  # 1e38: most ties are beyond FLT_MAX and saturate as +-inf
        x = ((n + 0.5) * np.float64(s)).astype(np.float32)
    step = rng.integers(-2, 3, x.size)
    x = np.where(step > 0, np.nextafter(x, np.float32(np.inf)),
                 np.where(step < 0, np.nextafter(x, np.float32(-np.inf)), x)).astype(np.float32)
    for out in Q_OUTPUT_TYPES:
        got = run(quantize_desc("FLOAT32", "FLOAT32", out, [x.size], zero_point=False, scale_strides=[0]),
                  {"InputTensor": x, "ScaleTensor": np.array([s])})["OutputTensor"]
        np.testing.assert_array_equal(got, quantize_ref(x, np.full_like(x, s), 0, out))


@pytest.mark.parametrize("zero_point", ["per_tensor", "per_element"])
def test_quantize_one_scale_nan_and_infinities_at_every_lane(zero_point: str, ew_isa: str,
                                                            rng: np.random.Generator) -> None:
    """The written-out byte rows (one normal scale) flag NaN and infinite quotients for the exact
    pass through the four steps' largest distance, an integer maximum (a float maximum would drop
    a NaN in the first of two operands): blocks of 32 each holding one NaN, or one +inf, or one
    -inf as its only flagged lane, at every position (each of the four 8-lane steps, every lane);
    quotients past 2^31 and the float maximum; a tail of 7."""
    blocks, n = 96, 96 * 32 + 7
    x = (np.round(rng.standard_normal(n) * 160) / 4).astype(np.float32)  # integer quotients: no near tie
    for b in range(blocks):
        x[32 * b + b % 32] = (np.nan, np.inf, -np.inf)[b // 32]
    x[-7:] = [np.nan, np.inf, -np.inf, 3e38, -3e38, 2.5e10, -2.5e10]
    x[100:104] = [3e38, -3e38, 2.5e10, -2.5e10]
    s = np.float32(0.25)
    for out in Q_OUTPUT_TYPES:
        lo, hi = q_range(out)
        if zero_point == "per_tensor":
            zp = padded([7], out)
            desc = quantize_desc("FLOAT32", "FLOAT32", out, [n], scale_strides=[0], zp_strides=[0])
            zpv: Any = 7
        else:
            zp = rng.integers(lo, hi, size=n, endpoint=True).astype(DTYPES[out])
            desc = quantize_desc("FLOAT32", "FLOAT32", out, [n], scale_strides=[0])
            zpv = zp
        got = run(desc, {"InputTensor": x, "ScaleTensor": np.array([s]), "ZeroPointTensor": zp})["OutputTensor"]
        np.testing.assert_array_equal(got, quantize_ref(x, np.full_like(x, s), zpv, out))
        assert (got[np.isnan(x)] == lo).all() and (got[x == np.inf] == hi).all()


@pytest.mark.parametrize("out", Q_OUTPUT_TYPES)
def test_quantize_strided_output_matches_the_contiguous_one(out: str, ew_isa: str,
                                                           rng: np.random.Generator) -> None:
    """A contiguous 8-bit output is written by the quantize row itself (one pass); a strided one
    goes through the engine's float stage and store: both give the same bytes, and the elements
    between strided outputs stay untouched."""
    x = (rng.standard_normal(3000) * 300).astype(np.float32)
    x[:5] = [np.nan, np.inf, -np.inf, 2.5, -3.5]
    scale = np.array([0.5], np.float32)
    zp = padded([-7 if out == "INT8" else 9], out)
    contiguous = run(quantize_desc("FLOAT32", "FLOAT32", out, [3000], scale_strides=[0], zp_strides=[0]),
                     {"InputTensor": x, "ScaleTensor": scale, "ZeroPointTensor": zp})["OutputTensor"]
    raw = poison(DTYPES[out], (6000,))
    desc = D.DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [3000]), ScaleTensor=tensor("FLOAT32", [3000], [0]),
        ZeroPointTensor=tensor(out, [3000], [0]), OutputTensor=tensor(out, [3000], [2]))
    run(desc, {"InputTensor": x, "ScaleTensor": scale, "ZeroPointTensor": zp}, outputs={"OutputTensor": raw})
    np.testing.assert_array_equal(raw[::2], contiguous)
    assert (raw[1::2].view(np.uint8) == 0xFF).all()
    np.testing.assert_array_equal(contiguous, quantize_ref(x, scale, zp[0], out))


def test_quantize_zero_scale_is_defined() -> None:
    """The page calls a zero scale undefined; here x / 0 = +-inf saturates, 0 / 0 = NaN -> Min."""
    x = np.array([3.0, -3.0, 0.0], np.float32)
    for out in Q_OUTPUT_TYPES:
        got = run(quantize_desc("FLOAT32", "FLOAT32", out, [3], zero_point=False, scale_strides=[0]),
                  {"InputTensor": x, "ScaleTensor": np.zeros(1, np.float32)})["OutputTensor"]
        lo, hi = q_range(out)
        np.testing.assert_array_equal(got, np.array([hi, lo, lo], DTYPES[out]))


@pytest.mark.parametrize("out", Q_OUTPUT_TYPES)
def test_quantize_per_axis_through_strides_against_torch(out: str, ew_isa: str,
                                                         rng: np.random.Generator) -> None:
    sizes = [2, 3, 4, 5]
    x = (rng.standard_normal(sizes) * 40).astype(np.float32)
    scales = np.array([0.5, 0.25, 2.0], np.float32)                     # powers of two: torch is exact
    lo, hi = q_range(out)
    zps = np.array([lo + 3, (lo + hi) // 2, hi - 7], DTYPES[out])
    axis1 = [0, 1, 0, 0]
    desc = quantize_desc("FLOAT32", "FLOAT32", out, sizes, scale_strides=axis1, zp_strides=axis1)
    got = run(desc, {"InputTensor": x, "ScaleTensor": scales, "ZeroPointTensor": padded(zps, out)})
    got = got["OutputTensor"]
    np.testing.assert_array_equal(got, quantize_ref(x, scales[:, None, None], zps[:, None, None], out))
    with quiet_torch():
        q = torch.quantize_per_channel(torch.from_numpy(x), torch.tensor(scales, dtype=torch.float64),
                                       torch.tensor(zps.astype(np.int64)), 1,
                                       torch.qint8 if out == "INT8" else torch.quint8)
    np.testing.assert_array_equal(got, q.int_repr().numpy())
    # the last axis: strides [0, 0, 0, 1]
    last = np.array([0.5, 1.0, 0.25, 4.0, 0.125], np.float32)
    desc = quantize_desc("FLOAT32", "FLOAT32", out, sizes, zero_point=False, scale_strides=[0, 0, 0, 1])
    got = run(desc, {"InputTensor": x, "ScaleTensor": last})["OutputTensor"]
    np.testing.assert_array_equal(got, quantize_ref(x, last, 0, out))


@pytest.mark.parametrize("out", Q_OUTPUT_TYPES)
def test_quantize_per_tensor_against_torch(out: str, rng: np.random.Generator) -> None:
    x = (rng.standard_normal(SHAPE) * 30).astype(np.float32)
    x.reshape(-1)[:4] = [0.125, 0.375, -0.625, 31.875]               # ties at scale 0.25
    # torch rounds x / scale + zero_point as one sum; the page rounds x / scale, then adds the zero
    # point: the two agree at ties only for an even zero point
    zp = 6 if out == "INT8" else 130
    desc = quantize_desc("FLOAT32", "FLOAT32", out, SHAPE, scale_strides=[0, 0, 0], zp_strides=[0, 0, 0])
    got = run(desc, {"InputTensor": x, "ScaleTensor": np.array([0.25], np.float32),
                     "ZeroPointTensor": padded([zp], out)})["OutputTensor"]
    with quiet_torch():
        q = torch.quantize_per_tensor(torch.from_numpy(x), 0.25, zp,
                                      torch.qint8 if out == "INT8" else torch.quint8)
    np.testing.assert_array_equal(got, q.int_repr().numpy())


def test_quantize_large_int32_inputs_are_exact(rng: np.random.Generator) -> None:
    """An INT32 input is computed in double (the engine's EW_FLAG_WIDE_INT_F64): |x| > 2^24 is not
    rounded to float32 first."""
    x = rng.integers(-(2**31), 2**31 - 1, size=64).astype(np.int32)
    x[:3] = [2**24 + 1, 2**31 - 1, -(2**31)]
    x[3:6] = [3 * 2**23 + 2**22, 2**25 + 3 * 2**23, -(2**25 + 2**23)]  # exact ties of x / 2^24
    scale = np.array([2.0**24], np.float32)
    got = run(quantize_desc("INT32", "FLOAT32", "INT8", [64], zero_point=False, scale_strides=[0]),
              {"InputTensor": x, "ScaleTensor": scale})["OutputTensor"]
    np.testing.assert_array_equal(got, quantize_ref(x.astype(np.float64), scale, 0, "INT8"))


def test_quantize_transposed_input(rng: np.random.Generator) -> None:
    x = (rng.standard_normal((5, 4)) * 50).astype(np.float32)
    scale = np.array([0.75], np.float32)
    desc = quantize_desc("FLOAT32", "FLOAT32", "UINT8", [4, 5], zero_point=False, scale_strides=[0, 0],
                         in_strides=[1, 4])
    got = run(desc, {"InputTensor": x.reshape(-1), "ScaleTensor": scale})["OutputTensor"]
    np.testing.assert_array_equal(got, quantize_ref(x.T, scale, 0, "UINT8"))


# ---- ELEMENT_WISE_DEQUANTIZE_LINEAR: (input - zero_point) * scale ----

def dequantize_desc(in_type: str, out: str, sizes: Any, *, zero_point: bool = True, scale_strides: Any = None,
                    zp_strides: Any = None) -> Any:
    return D.DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC(
        InputTensor=tensor(in_type, list(sizes)), ScaleTensor=tensor(out, list(sizes), scale_strides),
        ZeroPointTensor=tensor(in_type, list(sizes), zp_strides) if zero_point else None,
        OutputTensor=tensor(out, list(sizes)))


def dq_values(dtype: str, rng: np.random.Generator, shape: Any) -> np.ndarray:
    if dtype in ("INT32", "UINT32"):  # exact in float32 (larger: see the INT32 test below)
        lo = -(2**24) if dtype == "INT32" else 0
        return rng.integers(lo, 2**24, size=shape, endpoint=True).astype(DTYPES[dtype])
    return sample(dtype, shape, rng)


@pytest.mark.parametrize("zero_point", [True, False], ids=["zero_point", "no_zero_point"])
@pytest.mark.parametrize("out", DQ_OUTPUT_TYPES)
@pytest.mark.parametrize("in_type", DQ_INPUT_TYPES)
def test_dequantize_every_data_type(in_type: str, out: str, zero_point: bool, ew_isa: str,
                                    rng: np.random.Generator) -> None:
    x, zp = dq_values(in_type, rng, SHAPE), dq_values(in_type, rng, SHAPE)
    scale = rng.uniform(-3, 3, size=SHAPE).astype(DTYPES[out])
    if out == "FLOAT16":
        scale /= np.float16(64.0)     # keep (x - zp) * scale mostly inside FLOAT16's range
    inputs = {"InputTensor": x, "ScaleTensor": scale}
    if zero_point:
        inputs["ZeroPointTensor"] = zp
    got = run(dequantize_desc(in_type, out, SHAPE, zero_point=zero_point), inputs)["OutputTensor"]
    z = zp.astype(np.float64) if zero_point else 0.0
    with np.errstate(over="ignore"):
        want = ((x.astype(np.float64) - z) * scale.astype(np.float64)).astype(DTYPES[out])
    np.testing.assert_array_equal(got, want)


def test_dequantize_float16_output_is_rounded_once(ew_isa: str) -> None:
    # 20051 * 0.1829833984375 = 3669.0001220703125: float32 rounds it onto the FLOAT16 tie 3669,
    # which would then go to even (3668); rounded once, it is above the tie (3670). Likewise
    # 20067 * 0.205810546875 = 4130.000244140625 -> 4132, not 4128.
    x = np.array([20051, -20051, 20067], np.int16)
    scale = np.array([0.1829833984375, 0.1829833984375, 0.205810546875], np.float16)
    exact = x.astype(np.float64) * scale.astype(np.float64)
    assert (exact.astype(np.float32).astype(np.float16) != exact.astype(np.float16)).all()
    got = run(dequantize_desc("INT16", "FLOAT16", [3], zero_point=False),
              {"InputTensor": x, "ScaleTensor": scale})
    np.testing.assert_array_equal(got["OutputTensor"], exact.astype(np.float16))
    np.testing.assert_array_equal(got["OutputTensor"], np.array([3670, -3670, 4132], np.float16))


@pytest.mark.parametrize("in_type", ["UINT8", "INT8", "INT32"])
def test_dequantize_per_axis_against_torch(in_type: str, ew_isa: str, rng: np.random.Generator) -> None:
    sizes = [2, 3, 4, 5]
    x = dq_values(in_type, rng, sizes)
    scales = np.array([0.5, 0.25, 0.125], np.float32)
    zps = dq_values(in_type, rng, (3,))
    desc = dequantize_desc(in_type, "FLOAT32", sizes, scale_strides=[0, 1, 0, 0], zp_strides=[0, 1, 0, 0])
    got = run(desc, {"InputTensor": x, "ScaleTensor": scales, "ZeroPointTensor": padded(zps, in_type)})
    got = got["OutputTensor"]
    want = ((x.astype(np.float64) - zps[:, None, None]) * scales[:, None, None]).astype(np.float32)
    np.testing.assert_array_equal(got, want)
    if in_type != "INT32":  # torch's qint32 zero points must be 0
        with quiet_torch():
            q = torch._make_per_channel_quantized_tensor(
                torch.from_numpy(x), torch.tensor(scales, dtype=torch.float64),
                torch.tensor(zps.astype(np.int64)), 1)
        np.testing.assert_array_equal(got, q.dequantize().numpy())


@pytest.mark.parametrize("in_type", ["UINT8", "INT8", "INT32"])
def test_dequantize_per_tensor_against_torch(in_type: str, rng: np.random.Generator) -> None:
    x = dq_values(in_type, rng, SHAPE)
    zp = {"INT32": 0, "UINT8": 200, "INT8": -77}[in_type]   # torch's qint32 zero point must be 0
    desc = dequantize_desc(in_type, "FLOAT32", SHAPE, scale_strides=[0, 0, 0], zp_strides=[0, 0, 0])
    got = run(desc, {"InputTensor": x, "ScaleTensor": np.array([0.0625], np.float32),
                     "ZeroPointTensor": padded([zp], in_type)})["OutputTensor"]
    with quiet_torch():
        q = torch._make_per_tensor_quantized_tensor(torch.from_numpy(x), 0.0625, zp)
    np.testing.assert_array_equal(got, q.dequantize().numpy())


@pytest.mark.parametrize("out_type", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("in_type", ["INT32", "UINT32"])
def test_dequantize_large_32_bit_inputs_are_exact(in_type: str, out_type: str,
                                                  rng: np.random.Generator) -> None:
    """32-bit integer inputs are computed in double (EW_FLAG_WIDE_INT_F64) and rounded once."""
    info = np.iinfo(DTYPES[in_type])
    x = rng.integers(info.min, info.max, size=64, endpoint=True).astype(DTYPES[in_type])
    x[:2] = [info.max, 2**24 + 1]
    zp = np.array([3], DTYPES[in_type])
    # the scale has the output's type; 2^-16 keeps FLOAT16 results in range
    # (two elements: DirectML rounds every buffer up to 4 bytes)
    scale = np.array([0.3 if out_type == "FLOAT32" else 2.0**-16, 0], DTYPES[out_type])
    got = run(dequantize_desc(in_type, out_type, [64], scale_strides=[0], zp_strides=[0]),
              {"InputTensor": x, "ScaleTensor": scale, "ZeroPointTensor": zp})["OutputTensor"]
    want = (x.astype(np.float64) - 3) * np.float64(scale[0])
    np.testing.assert_array_equal(got, round_to(want, DTYPES[out_type]))


# ---- ELEMENT_WISE_QUANTIZED_LINEAR_ADD ----

def qadd_desc(a_type: str, b_type: str, out: str, sizes: Any, zero_points: bool = True) -> Any:
    one = [1] * len(sizes)
    return D.DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC(
        ATensor=tensor(a_type, sizes), AScaleTensor=tensor("FLOAT32", one),
        AZeroPointTensor=tensor(a_type, one) if zero_points else None,
        BTensor=tensor(b_type, sizes), BScaleTensor=tensor("FLOAT32", one),
        BZeroPointTensor=tensor(b_type, one) if zero_points else None,
        OutputScaleTensor=tensor("FLOAT32", one),
        OutputZeroPointTensor=tensor(out, one) if zero_points else None,
        OutputTensor=tensor(out, sizes))


@pytest.mark.parametrize("types", [("UINT8", "UINT8", "UINT8"), ("INT8", "UINT8", "INT8")])
def test_quantized_linear_add(types: tuple[str, str, str], rng: np.random.Generator) -> None:
    a_type, b_type, out = types
    sizes = [2, 3, 7]
    a, b = sample(a_type, tuple(sizes), rng), sample(b_type, tuple(sizes), rng)
    scales = {"AScaleTensor": 0.05, "BScaleTensor": 0.125, "OutputScaleTensor": 0.1}
    zps = {"AZeroPointTensor": (a_type, 3), "BZeroPointTensor": (b_type, 100),
           "OutputZeroPointTensor": (out, 7)}
    inputs: dict[str, Any] = {"ATensor": a, "BTensor": b}
    inputs |= {k: np.full((1, 1, 1), v, np.float32) for k, v in scales.items()}
    inputs |= {k: np.full((1, 1, 1), v, DTYPES[t]) for k, (t, v) in zps.items()}
    got = run(qadd_desc(a_type, b_type, out, sizes), inputs)["OutputTensor"]
    av = (a.astype(np.float64) - 3) * np.float64(np.float32(0.05))
    bv = (b.astype(np.float64) - 100) * 0.125
    lo, hi = q_range(out)
    v = np.round((av + bv) / np.float64(np.float32(0.1))) + 7
    np.testing.assert_array_equal(got, np.clip(v, lo, hi).astype(DTYPES[out]))


def test_quantized_linear_add_without_zero_points_and_4d(rng: np.random.Generator) -> None:
    a, b = sample("INT8", (2, 2, 3, 4), rng), sample("INT8", (2, 2, 3, 4), rng)
    desc = qadd_desc("INT8", "INT8", "INT8", [2, 2, 3, 4], zero_points=False)
    inputs: dict[str, Any] = {"ATensor": a, "BTensor": b}
    inputs |= {k: np.full((1, 1, 1, 1), v, np.float32)
               for k, v in (("AScaleTensor", 0.5), ("BScaleTensor", 0.25), ("OutputScaleTensor", 0.75))}
    got = run(desc, inputs)["OutputTensor"]
    v = np.round((a.astype(np.float64) * 0.5 + b.astype(np.float64) * 0.25) / 0.75)
    np.testing.assert_array_equal(got, np.clip(v, -128, 127).astype(np.int8))


# ---- the pages' rules (native/validate/rules_ew_quantize.c) ----

def test_rule_clip_min_le_max() -> None:
    name = "DML_ELEMENT_WISE_CLIP_OPERATOR_DESC"
    expect_error(unary(CLIP, "FLOAT32", Min=3.0, Max=2.0), "Min",
                 f"{name}.Min: must be <= Max (2.0), got 3.0")
    expect_error(unary(CLIP, "INT32", Min=0.1, Max=-1e-7), "Min",
                 f"{name}.Min: must be <= Max (-1e-07), got 0.1")
    expect_error(unary(CLIP, "FLOAT32", Min=math.nan, Max=2.0), "Min",
                 f"{name}.Min: must not be NaN, got nan")
    pydml.validate(unary(CLIP, "FLOAT32", Min=2.0, Max=2.0))
    pydml.validate(unary(CLIP, "FLOAT32", Min=-math.inf, Max=-math.inf))


def test_rule_fused_clip_min_le_max() -> None:
    desc = D.DML_GEMM_OPERATOR_DESC(
        ATensor=tensor("FLOAT32", [2, 2]), BTensor=tensor("FLOAT32", [2, 2]), OutputTensor=tensor("FLOAT32", [2, 2]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0, FusedActivation=CLIP(Min=1.0, Max=0.5))
    with pytest.raises(ValidationError) as info:
        pydml.validate(desc)
    outer = "DML_GEMM_OPERATOR_DESC.FusedActivation"
    assert (info.value.desc, info.value.field) == (outer, "Min")
    assert str(info.value) == f"{outer}.Min: must be <= Max (0.5), got 1.0"


def test_rule_threshold_min_is_a_number() -> None:
    expect_error(unary(THRESHOLD, "FLOAT16", Min=math.nan), "Min",
                 "DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC.Min: must not be NaN, got nan")
    pydml.validate(unary(THRESHOLD, "UINT8", Min=math.inf))


def test_rule_clip1_min_max_data_type_matches_the_output() -> None:
    name = "DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC"
    desc = unary(CLIP1, "INT16", MinMaxDataType="INT32", Min=0, Max=1)
    expect_error(desc, "MinMaxDataType", f"{name}.MinMaxDataType: must match OutputTensor.DataType "
                 "DML_TENSOR_DATA_TYPE_INT16, got DML_TENSOR_DATA_TYPE_INT32")
    desc = unary(CLIP1, "FLOAT16", MinMaxDataType="FLOAT32", Min=0, Max=1)
    expect_error(desc, "MinMaxDataType", f"{name}.MinMaxDataType: must match OutputTensor.DataType "
                 "DML_TENSOR_DATA_TYPE_FLOAT16, got DML_TENSOR_DATA_TYPE_FLOAT32")


@pytest.mark.parametrize("dtype, lo, hi, shown", [
    ("FLOAT32", 3.5, -1.0, "must be <= Max (-1.0), got 3.5"),
    ("FLOAT16", 0.1, 0.0, "must be <= Max (0.0), got 0.0999755859375"),
    ("INT8", 5, -5, "must be <= Max (-5), got 5"),
    ("INT64", 2**63 - 1, 2**63 - 2, "must be <= Max (9223372036854775806), got 9223372036854775807"),
    ("UINT32", 7, 6, "must be <= Max (6), got 7"),
    ("UINT64", 2**64 - 1, 2**64 - 2, "must be <= Max (18446744073709551614), got 18446744073709551615"),
])
def test_rule_clip1_min_le_max_in_its_type(dtype: str, lo: Any, hi: Any, shown: str) -> None:
    desc = unary(CLIP1, dtype, MinMaxDataType=dtype, Min=lo, Max=hi)
    expect_error(desc, "Min", f"DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC.Min: {shown}")
    pydml.validate(unary(CLIP1, dtype, MinMaxDataType=dtype, Min=hi, Max=hi))


def test_rule_clip1_nan_bounds() -> None:
    name = "DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC"
    desc = unary(CLIP1, "FLOAT32", MinMaxDataType="FLOAT32", Min=math.nan, Max=1.0)
    expect_error(desc, "Min", f"{name}.Min: must be <= Max (1.0), got nan")
    desc = unary(CLIP1, "FLOAT16", MinMaxDataType="FLOAT16", Min=-1.0, Max=math.nan)
    expect_error(desc, "Max", f"{name}.Max: must be >= Min (-1.0), got nan")


def test_rule_quantize_scale_type_follows_the_input() -> None:
    name = "DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC"
    expect_error(quantize_desc("INT32", "FLOAT16", "UINT8", [4]), "ScaleTensor.DataType",
                 f"{name}.ScaleTensor.DataType: must be DML_TENSOR_DATA_TYPE_FLOAT32 when "
                 "InputTensor.DataType is DML_TENSOR_DATA_TYPE_INT32, got DML_TENSOR_DATA_TYPE_FLOAT16")
    expect_error(quantize_desc("FLOAT16", "FLOAT32", "INT8", [4]), "ScaleTensor.DataType",
                 f"{name}.ScaleTensor.DataType: must match InputTensor.DataType "
                 "DML_TENSOR_DATA_TYPE_FLOAT16, got DML_TENSOR_DATA_TYPE_FLOAT32")
    expect_error(quantize_desc("FLOAT32", "FLOAT16", "INT8", [4]), "ScaleTensor.DataType",
                 f"{name}.ScaleTensor.DataType: must match InputTensor.DataType "
                 "DML_TENSOR_DATA_TYPE_FLOAT32, got DML_TENSOR_DATA_TYPE_FLOAT16")
    for in_type, scale_type in [("INT32", "FLOAT32"), ("FLOAT16", "FLOAT16"), ("FLOAT32", "FLOAT32")]:
        pydml.validate(quantize_desc(in_type, scale_type, "INT8", [4]))


def test_rule_quantized_linear_add_single_element_scales_and_zero_points() -> None:
    name = "DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC"
    good = qadd_desc("UINT8", "UINT8", "UINT8", [2, 3])
    for field, data_type in [("AScaleTensor", "FLOAT32"), ("BZeroPointTensor", "UINT8"),
                             ("OutputScaleTensor", "FLOAT32"), ("OutputZeroPointTensor", "UINT8")]:
        bad = dataclasses.replace(good, **{field: tensor(data_type, [1, 2])})
        expect_error(bad, f"{field}.Sizes",
                     f"{name}.{field}.Sizes: must describe 1 element (per-tensor quantization), got [1, 2]")


def test_rule_quantized_linear_add_operands_have_the_output_sizes() -> None:
    name = "DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC"
    good = qadd_desc("INT8", "UINT8", "INT8", [2, 3])
    expect_error(dataclasses.replace(good, BTensor=tensor("UINT8", [2, 1])), "BTensor.Sizes",
                 f"{name}.BTensor.Sizes: must match OutputTensor.Sizes [2, 3], got [2, 1]")
    expect_error(dataclasses.replace(good, ATensor=tensor("INT8", [3, 2])), "ATensor.Sizes",
                 f"{name}.ATensor.Sizes: must match OutputTensor.Sizes [2, 3], got [3, 2]")


def test_if_tables_say_the_rest() -> None:
    """IF has no rule beyond its tables: the condition's type and the shared sizes and types are
    table-driven; checked here so the operator's whole contract is on record."""
    desc = if_desc("FLOAT32", [2, 2])
    with pytest.raises(ValidationError) as info:
        pydml.validate(dataclasses.replace(desc, ConditionTensor=tensor("FLOAT32", [2, 2])))
    assert info.value.field == "ConditionTensor.DataType"
    with pytest.raises(ValidationError) as info:
        pydml.validate(dataclasses.replace(desc, BTensor=tensor("FLOAT16", [2, 2])))
    assert info.value.field == "BTensor.DataType"
    with pytest.raises(ValidationError) as info:
        pydml.validate(dataclasses.replace(desc, ConditionTensor=tensor("UINT8", [2, 1])))
    assert info.value.field.endswith(".Sizes") and "ConditionTensor.Sizes [2, 1]" in str(info.value)
