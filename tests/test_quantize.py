"""DYNAMIC_QUANTIZE_LINEAR, QUANTIZE, DEQUANTIZE (INT8/UINT8/INT4/UINT4) and
QUANTIZED_LINEAR_AVERAGE_POOLING.

References: numpy evaluations of the formulas native/families/quantize.c documents (ONNX
DynamicQuantizeLinear's float32 definition and its worked example; clamp(round(x / scale) + zp) and
(x - zp) * scale in float64 rounded once; dequantize -> average -> quantize in float64), torch's
quantize_per_tensor / quantize_per_channel / dequantize as a second reference, and the
DML_TENSOR_DATA_TYPE page's INT4 packing example ([1, 2, 3, 4, 5] -> 0x21 0x43 0x05). 4-bit buffers
go through the C API (pydml.to_c + pydml_operator_execute): Python's binding has no numpy type for
them. Outputs are poisoned (the harness, or 0xFF bytes for the C API).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, run, tensor

import pydml
from pydml.native import ffi, lib

RANGES = {"INT8": (-128, 127), "UINT8": (0, 255), "INT4": (-8, 7), "UINT4": (0, 15)}
NPF = {"FLOAT32": np.float32, "FLOAT16": np.float16}


def invalid(desc: Any) -> pydml.ValidationError:
    with pytest.raises(pydml.ValidationError) as info:
        pydml.validate(desc)
    return info.value


def assert_rule(desc: Any, message: str) -> None:
    err = invalid(desc)
    assert str(err) == message
    assert err.field == message.split(": ")[0].split(".", 1)[1]


# -- DYNAMIC_QUANTIZE_LINEAR ---------------------------------------------------------------------------


def dql_reference(x: np.ndarray, ot: str) -> tuple[np.ndarray, np.float32, int]:
    """ONNX DynamicQuantizeLinear's reference, in float32 (widened to [qmin, qmax] of ``ot``)."""
    qmin, qmax = RANGES[ot]
    x = x.astype(np.float32)
    x_min = np.minimum(np.float32(0), np.min(x))
    x_max = np.maximum(np.float32(0), np.max(x))
    scale = np.float32((x_max - x_min) / np.float32(qmax - qmin))
    if x_max == x_min:
        scale = np.float32(1)
    zp = int(np.round(np.clip(np.float32(qmin) - x_min / scale, qmin, qmax)))
    y = np.clip(np.round(x / scale) + zp, qmin, qmax).astype(DTYPES[ot])
    return y, scale, zp


def dql_desc(it: str, ot: str, sizes: Any, strides: Any = None) -> Any:
    one = [1] * len(sizes)
    return pydml.DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC(
        InputTensor=tensor(it, sizes, strides),
        OutputTensor=tensor(ot, sizes),
        OutputScaleTensor=tensor("FLOAT32", one),
        OutputZeroPointTensor=tensor(ot, one),
    )


def test_dql_onnx_worked_example() -> None:
    # the ONNX operator page's example (DirectML implements ONNX DynamicQuantizeLinear)
    x = np.array([0, 2, -3, -2.5, 1.34, 0.5], np.float32)
    got = run(dql_desc("FLOAT32", "UINT8", [6]), {"InputTensor": x})
    assert got["OutputScaleTensor"][0] == np.float32(0.0196078438)
    assert got["OutputZeroPointTensor"][0] == 153
    assert list(got["OutputTensor"]) == [153, 255, 0, 26, 221, 179]


@pytest.mark.parametrize("it", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("ot", ["INT8", "UINT8"])
@pytest.mark.parametrize("shift", [0.0, 3.0, -3.0])
def test_dql_matches_reference(it: str, ot: str, shift: float, rng: np.random.Generator) -> None:
    x = (rng.standard_normal((3, 5, 7)) * 2 + shift).astype(NPF[it])
    got = run(dql_desc(it, ot, x.shape), {"InputTensor": x})
    y, scale, zp = dql_reference(x, ot)
    assert got["OutputScaleTensor"].reshape(-1)[0] == scale
    assert got["OutputZeroPointTensor"].reshape(-1)[0] == zp
    np.testing.assert_array_equal(got["OutputTensor"], y)


def test_dql_large_threaded_and_strided(rng: np.random.Generator) -> None:
    buf = rng.standard_normal((64, 1200)).astype(np.float32)
    x = buf[:, :1000:2]
    got = run(dql_desc("FLOAT32", "UINT8", [64, 500], [1200, 2]), {"InputTensor": buf})
    y, scale, zp = dql_reference(x, "UINT8")
    assert got["OutputScaleTensor"][0, 0] == scale and got["OutputZeroPointTensor"][0, 0] == zp
    np.testing.assert_array_equal(got["OutputTensor"], y)


def test_dql_all_zero_and_nan() -> None:
    got = run(dql_desc("FLOAT32", "INT8", [4]), {"InputTensor": np.zeros(4, np.float32)})
    assert got["OutputScaleTensor"][0] == 1.0 and got["OutputZeroPointTensor"][0] == -128
    assert list(got["OutputTensor"]) == [-128] * 4
    # NaN propagates through the range (numpy's min/max in ONNX's definition): scale NaN, zero point
    # and outputs Min (clamp of NaN)
    got = run(dql_desc("FLOAT32", "UINT8", [3]), {"InputTensor": np.array([np.nan, 1.0, -1.0], np.float32)})
    assert np.isnan(got["OutputScaleTensor"][0]) and got["OutputZeroPointTensor"][0] == 0
    assert list(got["OutputTensor"]) == [0, 0, 0]


def test_dql_rules() -> None:
    name = "DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC"
    d = dql_desc("FLOAT32", "UINT8", [2, 3])
    assert_rule(
        dataclasses.replace(d, OutputTensor=tensor("UINT8", [2, 4])),
        f"{name}.OutputTensor.Sizes[1]: must be 3 (InputTensor.Sizes[1]), got 4",
    )
    assert_rule(
        dataclasses.replace(d, OutputScaleTensor=tensor("FLOAT32", [1, 2])),
        f"{name}.OutputScaleTensor.Sizes[1]: must be 1 (a single value), got 2",
    )
    assert_rule(
        dataclasses.replace(d, OutputZeroPointTensor=tensor("UINT8", [3, 1])),
        f"{name}.OutputZeroPointTensor.Sizes[0]: must be 1 (a single value), got 3",
    )


# -- QUANTIZE / DEQUANTIZE -----------------------------------------------------------------------------


def q_desc(
    kind: str,
    it: str,
    ot: str,
    sizes: Any,
    s_sizes: Any,
    z_sizes: Any = None,
    *,
    st: str | None = None,
    zt: str | None = None,
    x_strides: Any = None,
    s_strides: Any = None,
) -> Any:
    quant = kind == "QUANTIZE"
    st = st or (it if quant else ot)
    zt = zt or (ot if quant else it)
    qts = [tensor(st, s_sizes, s_strides)] + ([] if z_sizes is None else [tensor(zt, z_sizes)])
    cls = pydml.DML_QUANTIZE_OPERATOR_DESC if quant else pydml.DML_DEQUANTIZE_OPERATOR_DESC
    return cls(
        InputTensor=tensor(it, sizes, x_strides),
        QuantizationType=1 if z_sizes is None else 2,
        QuantizationTensors=qts,
        OutputTensor=tensor(ot, sizes),
    )


def expand(q: np.ndarray, shape: Any) -> np.ndarray:
    """A block-wise quantization tensor repeated to the input's shape."""
    for d, (s, n) in enumerate(zip(shape, q.shape, strict=True)):
        q = np.repeat(q, s // n, axis=d)
    return q


def quant_reference(x: np.ndarray, s: np.ndarray, z: Any, ot: str) -> np.ndarray:
    lo, hi = RANGES[ot]
    v = np.rint(x.astype(np.float64) / expand(s, x.shape).astype(np.float64))
    if z is not None:
        v = v + expand(z, x.shape).astype(np.float64)
    return np.clip(np.nan_to_num(v, nan=lo), lo, hi).astype(np.int64)


def dequant_reference(x: np.ndarray, s: np.ndarray, z: Any, ot: str) -> np.ndarray:
    v = x.astype(np.float64)
    if z is not None:
        v = v - expand(z, x.shape).astype(np.float64)
    return (v * expand(s, x.shape).astype(np.float64)).astype(NPF[ot])


SCALE_SHAPES = [(1, 1, 1), (1, 6, 1), (4, 1, 8), (2, 3, 4), (4, 6, 8)]  # input (4, 6, 8)


@pytest.mark.parametrize("ft", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("qt", ["INT8", "UINT8"])
@pytest.mark.parametrize("s_shape", SCALE_SHAPES)
@pytest.mark.parametrize("with_zp", [True, False])
def test_quantize_dequantize_8bit(
    ft: str, qt: str, s_shape: Any, with_zp: bool, rng: np.random.Generator
) -> None:
    shape = (4, 6, 8)
    x = (rng.standard_normal(shape) * 40).astype(NPF[ft])
    s = rng.uniform(0.2, 1.0, s_shape).astype(NPF[ft])
    z = rng.integers(*RANGES[qt], size=s_shape, endpoint=True).astype(DTYPES[qt]) if with_zp else None
    zs = list(s_shape) if with_zp else None
    inputs = [s] + ([z] if with_zp else [])
    got = run(
        q_desc("QUANTIZE", ft, qt, shape, s_shape, zs), {"InputTensor": x, "QuantizationTensors": inputs}
    )
    want = quant_reference(x, s, z, qt)
    np.testing.assert_array_equal(got["OutputTensor"], want.astype(DTYPES[qt]))
    assert 0 < np.mean((want == RANGES[qt][0]) | (want == RANGES[qt][1])) < 0.8  # some saturate, not all
    q = want.astype(DTYPES[qt])
    back = run(
        q_desc("DEQUANTIZE", qt, ft, shape, s_shape, zs), {"InputTensor": q, "QuantizationTensors": inputs}
    )
    np.testing.assert_array_equal(back["OutputTensor"], dequant_reference(q, s, z, ft))


@pytest.mark.filterwarnings("ignore:torch.quantize_per_tensor:UserWarning")
def test_quantize_torch_per_tensor_and_per_channel(rng: np.random.Generator) -> None:
    x = (rng.standard_normal((5, 7)) * 30).astype(np.float32)
    s = rng.uniform(0.3, 0.9, (5, 1)).astype(np.float32)
    z = rng.integers(0, 255, (5, 1), endpoint=True).astype(np.uint8)
    got = run(
        q_desc("QUANTIZE", "FLOAT32", "UINT8", [5, 7], [5, 1], [5, 1]),
        {"InputTensor": x, "QuantizationTensors": [s, z]},
    )["OutputTensor"]
    tq = torch.quantize_per_channel(
        torch.from_numpy(x),
        torch.from_numpy(s[:, 0].astype(np.float64)),
        torch.from_numpy(z[:, 0].astype(np.int64)),
        0,
        torch.quint8,
    )
    np.testing.assert_array_equal(got, tq.int_repr().numpy())
    back = run(
        q_desc("DEQUANTIZE", "UINT8", "FLOAT32", [5, 7], [5, 1], [5, 1]),
        {"InputTensor": got, "QuantizationTensors": [s, z]},
    )["OutputTensor"]
    np.testing.assert_array_equal(back, tq.dequantize().numpy())
    t1 = torch.quantize_per_tensor(torch.from_numpy(x), 0.25, -3, torch.qint8)
    got1 = run(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [5, 7], [1, 1], [1, 1]),
        {
            "InputTensor": x,
            "QuantizationTensors": [np.array([[0.25]], np.float32), np.array([[-3]], np.int8)],
        },
    )["OutputTensor"]
    np.testing.assert_array_equal(got1, t1.int_repr().numpy())


def test_quantize_ties_to_even_and_zero_scale() -> None:
    x = np.array([[0.5, 1.5, 2.5, -0.5, -1.5, 1.0]], np.float32)
    got = run(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [1, 6], [1, 1]),
        {"InputTensor": x, "QuantizationTensors": [np.ones((1, 1), np.float32)]},
    )["OutputTensor"]
    assert list(got[0]) == [0, 2, 2, 0, -2, 1]
    x = np.array([[1.0, 0.0, -1.0]], np.float32)
    got = run(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [1, 3], [1, 1]),
        {"InputTensor": x, "QuantizationTensors": [np.zeros((1, 1), np.float32)]},
    )["OutputTensor"]
    assert list(got[0]) == [127, -128, -128]  # +inf, NaN (0/0) -> Min, -inf


def test_quantize_strided_and_broadcast_views(rng: np.random.Generator) -> None:
    buf = (rng.standard_normal((6, 10)) * 20).astype(np.float32)
    s_buf = np.array([0.5, 0.25, 9, 9], np.float32)  # per column pair, stride 1 over the columns
    d = q_desc("QUANTIZE", "FLOAT32", "INT8", [6, 4], [1, 2], x_strides=[10, 2], s_strides=[0, 1])
    got = run(d, {"InputTensor": buf, "QuantizationTensors": [s_buf]})["OutputTensor"]
    np.testing.assert_array_equal(got, quant_reference(buf[:, 0:8:2], s_buf[:2].reshape(1, 2), None, "INT8"))


# ---- 4-bit through the C API ----


def c_run(desc: Any, inputs: list[np.ndarray], outputs: list[np.ndarray], level: int = 0x6400) -> None:
    c = pydml.to_c(desc)
    op = ffi.new("pydml_operator**")
    message = ffi.new("char[256]")
    assert lib.pydml_operator_create(c.ptr, level, 0, op, message, 256) == 0, ffi.string(message)
    op = ffi.gc(op[0], lib.pydml_operator_destroy)

    def padded(a: np.ndarray) -> np.ndarray:  # TotalTensorSizeInBytes rounds up to 4 bytes
        raw = np.zeros(a.nbytes + (-a.nbytes) % 4, np.uint8)
        raw[: a.nbytes] = np.ascontiguousarray(a).reshape(-1).view(np.uint8)
        return raw

    def buffers(arrays: list[np.ndarray]) -> Any:
        out = ffi.new("pydml_buffer[]", len(arrays))
        for i, a in enumerate(arrays):
            out[i].data = ffi.cast("void*", a.ctypes.data)
            out[i].size_in_bytes = a.nbytes
        return out

    ins, outs = [padded(a) for a in inputs], [padded(a) for a in outputs]
    status = lib.pydml_operator_execute(op, buffers(ins), len(ins), buffers(outs), len(outs), message, 256)
    assert status == 0, ffi.string(message)
    for a, raw in zip(outputs, outs, strict=True):
        a.reshape(-1).view(np.uint8)[:] = raw[: a.nbytes]


def pack4(values: Any, nbytes: int | None = None) -> np.ndarray:
    v = np.asarray(values, np.int64).reshape(-1) & 15
    n = (len(v) + 1) // 2
    out = np.zeros(max(n, nbytes or 0) + (-max(n, nbytes or 0)) % 4, np.uint8)  # whole 4-byte words
    out[: len(v[0::2])] |= v[0::2].astype(np.uint8)
    out[: len(v[1::2])] |= (v[1::2] << 4).astype(np.uint8)
    return out


def unpack4(raw: np.ndarray, count: int, signed: bool) -> np.ndarray:
    lo, hi = raw & 15, raw >> 4
    v = np.stack([lo, hi], axis=1).reshape(-1)[:count].astype(np.int64)
    return np.where(v >= 8, v - 16, v) if signed else v


def test_uint4_page_packing_example() -> None:
    # DML_TENSOR_DATA_TYPE page: UINT4 [1, 2, 3, 4, 5] is stored as bytes [0x21, 0x43, 0x05]
    out = np.full(4, 0xFF, np.uint8)
    c_run(
        q_desc("QUANTIZE", "FLOAT32", "UINT4", [5], [1]),
        [np.arange(1, 6, dtype=np.float32), np.ones(1, np.float32)],
        [out],
    )
    assert list(out[:2]) == [0x21, 0x43] and out[2] & 15 == 5
    assert out[2] >> 4 == 0xF and out[3] == 0xFF  # the unused nibble and bytes keep their values
    back = np.full(5, np.nan, np.float32)
    c_run(
        q_desc("DEQUANTIZE", "UINT4", "FLOAT32", [5], [1]),
        [np.array([0x21, 0x43, 0x05, 0], np.uint8), np.ones(1, np.float32)],
        [back],
    )
    assert list(back) == [1, 2, 3, 4, 5]


def test_4bit_tensors_bind_from_python_as_packed_bytes() -> None:
    # The same page example through Device.execute: a 4-bit tensor binds and returns as its bytes
    q = pydml.Device().create_operator(q_desc("QUANTIZE", "FLOAT32", "UINT4", [5], [1]))
    out = q.execute({"InputTensor": np.arange(1, 6, dtype=np.float32),
                     "QuantizationTensors": [np.ones(1, np.float32)]})["OutputTensor"]
    assert out.dtype == np.uint8 and list(out[:2]) == [0x21, 0x43] and out[2] & 15 == 5
    d = pydml.Device().create_operator(q_desc("DEQUANTIZE", "UINT4", "FLOAT32", [5], [1]))
    back = d.execute({"InputTensor": out, "QuantizationTensors": [np.ones(1, np.float32)]})["OutputTensor"]
    assert list(back) == [1, 2, 3, 4, 5]
    with pytest.raises(pydml.BindingError, match="bound buffer has 1 bytes, fewer than the 3 its Sizes"):
        d.execute({"InputTensor": np.zeros(1, np.uint8), "QuantizationTensors": [np.ones(1, np.float32)]})


@pytest.mark.parametrize("qt", ["INT4", "UINT4"])
@pytest.mark.parametrize("ft", ["FLOAT32", "FLOAT16"])
def test_4bit_round_trip_blockwise(qt: str, ft: str, rng: np.random.Generator) -> None:
    # MatMulNBits-style: input {N, K}, scale and zero point {N, K / block}, an odd total count
    shape, blocks = (3, 15), (3, 5)
    x = (rng.standard_normal(shape) * 4).astype(NPF[ft])
    s = rng.uniform(0.3, 0.8, blocks).astype(NPF[ft])
    z = rng.integers(*RANGES[qt], size=blocks, endpoint=True)
    q = np.full(pack4([0] * x.size).size, 0xFF, np.uint8)
    c_run(q_desc("QUANTIZE", ft, qt, list(shape), list(blocks), list(blocks)), [x, s, pack4(z)], [q])
    want = quant_reference(x, s, z, qt)
    np.testing.assert_array_equal(unpack4(q, x.size, qt == "INT4").reshape(shape), want)
    assert set(np.unique(want)) & set(RANGES[qt])  # saturation reached
    back = np.full(shape, np.nan, NPF[ft])
    c_run(q_desc("DEQUANTIZE", qt, ft, list(shape), list(blocks), list(blocks)), [q, s, pack4(z)], [back])
    np.testing.assert_array_equal(back, dequant_reference(want, s, z, ft))


def test_quantize_dequantize_rules() -> None:
    q, dq = "DML_QUANTIZE_OPERATOR_DESC", "DML_DEQUANTIZE_OPERATOR_DESC"
    d = q_desc("QUANTIZE", "FLOAT32", "INT8", [4, 6], [1, 6], [1, 6])
    pydml.validate(d)
    assert_rule(
        dataclasses.replace(d, QuantizationType=0),
        f"{q}.QuantizationType: must be DML_QUANTIZATION_TYPE_SCALE or "
        "DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT, got DML_QUANTIZATION_TYPE_NONE",
    )
    assert_rule(
        dataclasses.replace(d, QuantizationType=1),
        f"{q}.QuantizationTensorCount: must be 1 for DML_QUANTIZATION_TYPE_SCALE, got 2",
    )
    assert_rule(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [4, 6], [1, 6]).__class__(
            InputTensor=tensor("FLOAT32", [4, 6]),
            QuantizationType=2,
            QuantizationTensors=[tensor("FLOAT32", [1, 6])],
            OutputTensor=tensor("INT8", [4, 6]),
        ),
        f"{q}.QuantizationTensorCount: must be 2 for DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT, got 1",
    )
    assert_rule(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [4, 6], [1, 4]),
        f"{q}.QuantizationTensors[0].Sizes[1]: must divide InputTensor.Sizes[1] (6), got 4",
    )
    assert_rule(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [4, 6], [1, 6], [3, 6]),
        f"{q}.QuantizationTensors[1].Sizes[0]: must divide InputTensor.Sizes[0] (4), got 3",
    )
    assert_rule(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [4, 6], [1, 6], st="FLOAT16"),
        f"{q}.QuantizationTensors[0].DataType: must be FLOAT32 (the scale's, InputTensor.DataType), "
        "got FLOAT16",
    )
    assert_rule(
        q_desc("QUANTIZE", "FLOAT32", "INT8", [4, 6], [1, 6], [1, 6], zt="UINT8"),
        f"{q}.QuantizationTensors[1].DataType: must be INT8 (the zero point's, OutputTensor.DataType), "
        "got UINT8",
    )
    assert_rule(
        q_desc("DEQUANTIZE", "UINT8", "FLOAT16", [4, 6], [1, 6], [1, 6], zt="INT8"),
        f"{dq}.QuantizationTensors[1].DataType: must be UINT8 (the zero point's, InputTensor.DataType), "
        "got INT8",
    )
    assert_rule(
        dataclasses.replace(d, OutputTensor=tensor("INT8", [4, 5])),
        f"{q}.OutputTensor.Sizes[1]: must be 6 (InputTensor.Sizes[1]), got 5",
    )


# -- QUANTIZED_LINEAR_AVERAGE_POOLING ------------------------------------------------------------------


def qlap_desc(
    it: str,
    ot: str,
    x: Any,
    o: Any,
    window: Any,
    strides: Any,
    dil: Any,
    start: Any,
    end: Any,
    include: bool,
    q_sizes: Any,
    *,
    zp: bool = True,
) -> Any:
    return pydml.DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=tensor(it, x),
        InputScaleTensor=tensor("FLOAT32", q_sizes),
        InputZeroPointTensor=tensor(it, q_sizes) if zp else None,
        OutputScaleTensor=tensor("FLOAT32", q_sizes),
        OutputZeroPointTensor=tensor(ot, q_sizes) if zp else None,
        OutputTensor=tensor(ot, o),
        DimensionCount=len(window),
        Strides=list(strides),
        WindowSize=list(window),
        StartPadding=list(start),
        EndPadding=list(end),
        Dilations=list(dil),
        IncludePadding=include,
    )


def qlap_reference(
    x: np.ndarray,
    izp: np.ndarray,
    isc: np.ndarray,
    osc: np.ndarray,
    ozp: np.ndarray,
    ot: str,
    window: Any,
    strides: Any,
    dil: Any,
    start: Any,
    end: Any,
    include: bool,
) -> np.ndarray:
    sp = x.ndim - 2
    c = x.shape[1]
    chan = (1, c) + (1,) * sp
    xs = x.astype(np.int64) - np.broadcast_to(izp.reshape(-1), (c,)).reshape(chan).astype(np.int64)
    valid = np.pad(np.ones(x.shape, np.int64), [(0, 0), (0, 0)] + [(start[i], end[i]) for i in range(sp)])
    xs = np.pad(xs, [(0, 0), (0, 0)] + [(start[i], end[i]) for i in range(sp)])
    osz = [(xs.shape[2 + i] - ((window[i] - 1) * dil[i] + 1)) // strides[i] + 1 for i in range(sp)]
    total = np.zeros((*x.shape[:2], *osz), np.int64)
    count = np.zeros_like(total)
    for tap in np.ndindex(*window):
        sl = (
            slice(None),
            slice(None),
            *(
                slice(tap[i] * dil[i], tap[i] * dil[i] + (osz[i] - 1) * strides[i] + 1, strides[i])
                for i in range(sp)
            ),
        )
        total += xs[sl]
        count += valid[sl]
    if include:
        count = np.full_like(count, int(np.prod(window)))

    def per(t: np.ndarray) -> np.ndarray:
        return np.broadcast_to(t.reshape(-1), (c,)).reshape(chan).astype(np.float64)

    with np.errstate(invalid="ignore", divide="ignore"):
        v = np.rint(total.astype(np.float64) * per(isc) / count / per(osc)) + per(ozp)
    lo, hi = RANGES[ot]
    return np.clip(np.nan_to_num(v, nan=lo), lo, hi).astype(DTYPES[ot])


QLAP_CASES = [
    # x shape, window, strides, dilations, start, end, include
    ((2, 3, 7, 9), (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), False),
    ((1, 4, 8, 8), (2, 3), (2, 2), (2, 1), (1, 0), (0, 2), True),
    ((1, 2, 5, 6, 7), (2, 2, 3), (1, 2, 1), (1, 1, 2), (0, 1, 1), (1, 0, 1), False),
]


@pytest.mark.parametrize("it", ["INT8", "UINT8"])
@pytest.mark.parametrize("ot", ["INT8", "UINT8"])
@pytest.mark.parametrize("case", range(len(QLAP_CASES)))
@pytest.mark.parametrize("per_channel", [True, False])
def test_qlap(it: str, ot: str, case: int, per_channel: bool, rng: np.random.Generator) -> None:
    xs, window, strides, dil, start, end, include = QLAP_CASES[case]
    sp = len(window)
    c = xs[1]
    q_shape = (1, c if per_channel else 1) + (1,) * sp
    x = rng.integers(*RANGES[it], size=xs, endpoint=True).astype(DTYPES[it])
    izp = rng.integers(*RANGES[it], size=q_shape, endpoint=True).astype(DTYPES[it])
    ozp = rng.integers(*RANGES[ot], size=q_shape, endpoint=True).astype(DTYPES[ot])
    isc = rng.uniform(0.05, 0.2, q_shape).astype(np.float32)
    osc = rng.uniform(0.1, 0.4, q_shape).astype(np.float32)
    osz = [xs[0], c] + [
        (xs[2 + i] + start[i] + end[i] - ((window[i] - 1) * dil[i] + 1)) // strides[i] + 1 for i in range(sp)
    ]
    d = qlap_desc(it, ot, xs, osz, window, strides, dil, start, end, include, list(q_shape))
    got = run(
        d,
        {
            "InputTensor": x,
            "InputScaleTensor": isc,
            "InputZeroPointTensor": izp,
            "OutputScaleTensor": osc,
            "OutputZeroPointTensor": ozp,
        },
    )["OutputTensor"]
    np.testing.assert_array_equal(
        got, qlap_reference(x, izp, isc, osc, ozp, ot, window, strides, dil, start, end, include)
    )


def test_qlap_all_padding_window_and_no_zero_points() -> None:
    # window 1, padding 2: border outputs see only padding -> 0 / 0 = NaN -> Min (without IncludePadding)
    x = np.arange(4, dtype=np.int8).reshape(1, 1, 2, 2)
    one = np.ones((1, 1, 1, 1), np.float32)
    d = qlap_desc(
        "INT8",
        "INT8",
        [1, 1, 2, 2],
        [1, 1, 6, 6],
        (1, 1),
        (1, 1),
        (1, 1),
        (2, 2),
        (2, 2),
        False,
        [1, 1, 1, 1],
        zp=False,
    )
    got = run(d, {"InputTensor": x, "InputScaleTensor": one, "OutputScaleTensor": one})["OutputTensor"]
    assert np.all(got[0, 0, 2:4, 2:4] == x[0, 0]) and got[0, 0, 0, 0] == -128


def test_qlap_windows_of_padding_up_to_the_uint_limit() -> None:
    # a window may be 2^32 - 1 taps wide when the padding makes up the rest (the output is then one
    # element wide): the kernel walks each output's taps inside the input only (it walked the whole
    # window: 4e9 bounds checks per output, which the sanitized fuzzer caught as a hang), and
    # IncludePadding divides by the window's product even past 2^64 (two such axes)
    big = 2**32 - 1
    x = np.arange(1, 13, dtype=np.int8).reshape(1, 2, 3, 2)
    one = np.ones((1, 1, 1, 1), np.float32)
    for include in (False, True):
        # H: window 2 over 3 rows (2 outputs); W: window 2^32 - 1 over 2 columns, the 2^32 - 3 taps
        # of padding split 2^32 - 6 before the row and 3 after it (1 output)
        d = qlap_desc("INT8", "INT8", [1, 2, 3, 2], [1, 2, 2, 1], (2, big), (1, 1), (1, 1), (0, big - 5),
                      (0, 3), include, [1, 1, 1, 1], zp=False)
        got = run(d, {"InputTensor": x, "InputScaleTensor": one, "OutputScaleTensor": one})["OutputTensor"]
        sums = np.stack([x[:, :, r:r + 2, :].astype(np.int64).sum(axis=(2, 3)) for r in range(2)], axis=2)
        want = np.zeros((1, 2, 2, 1), np.int8) if include else np.rint(sums / 4.0).astype(np.int8)[..., None]
        np.testing.assert_array_equal(got, want, err_msg=f"IncludePadding {include}")
    # 3-D, two axes of 2^32 - 1 taps: (2^32 - 1)^2 taps in each window, one of them inside; an input
    # scale of 2^60 makes the divisor show: 100 * 2^60 / (2^32 - 1)^2 = 6.25 -> 6 (an int64 product
    # of the window would have wrapped negative: -128), 100 * 2^60 / 1 saturates
    x3 = np.full((1, 1, 1, 1, 1), 100, np.int8)
    scale = np.full((1, 1, 1, 1, 1), 2.0**60, np.float32)
    one3 = np.ones((1, 1, 1, 1, 1), np.float32)
    for include in (False, True):
        d = qlap_desc("INT8", "INT8", [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], (1, big, big), (1, 1, 1), (1, 1, 1),
                      (0, big - 1, 0), (0, 0, big - 1), include, [1, 1, 1, 1, 1], zp=False)
        got = run(d, {"InputTensor": x3, "InputScaleTensor": scale, "OutputScaleTensor": one3})["OutputTensor"]
        assert got.reshape(-1)[0] == (6 if include else 127), (include, got)


def test_qlap_rules() -> None:
    name = "DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC"

    def desc(o: Any = (1, 3, 5, 5), q: Any = (1, 1, 1, 1), window: Any = (3, 3), dil: Any = (1, 1)) -> Any:
        return qlap_desc(
            "INT8", "INT8", [1, 3, 7, 7], list(o), window, (1, 1), dil, (0, 0), (0, 0), False, list(q)
        )

    pydml.validate(desc(q=(1, 3, 1, 1)))
    assert_rule(
        desc(o=(1, 3, 5, 6)),
        f"{name}.OutputTensor.Sizes[3]: must be 5 ((InputTensor.Sizes[3] + StartPadding[1] + "
        "EndPadding[1] - ((WindowSize[1] - 1) * Dilations[1] + 1)) / Strides[1] + 1), got 6",
    )
    assert_rule(
        desc(o=(1, 2, 5, 5)), f"{name}.OutputTensor.Sizes[1]: must equal InputTensor.Sizes[1] (3), got 2"
    )
    assert_rule(
        desc(q=(1, 2, 1, 1)),
        f"{name}.InputScaleTensor.Sizes[1]: must be 1 or 3 (InputTensor.Sizes[1]), got 2",
    )
    assert_rule(desc(q=(1, 3, 1, 2)), f"{name}.InputScaleTensor.Sizes[3]: must be 1, got 2")
    assert_rule(desc(window=(0, 3)), f"{name}.WindowSize[0]: must be >= 1, got 0")
    assert_rule(desc(dil=(1, 0)), f"{name}.Dilations[1]: must be >= 1, got 0")
    assert_rule(
        desc(window=(3, 4), dil=(1, 2)),
        f"{name}.OutputTensor.Sizes[3]: must be 1 ((InputTensor.Sizes[3] + StartPadding[1] + EndPadding[1] "
        "- ((WindowSize[1] - 1) * Dilations[1] + 1)) / Strides[1] + 1), got 5",
    )
    assert_rule(
        desc(window=(3, 5), dil=(1, 2)),
        f"{name}.WindowSize[1]: dilated ((WindowSize[1] - 1) * Dilations[1] + 1 = 9) must fit the padded "
        "input (InputTensor.Sizes[3] + StartPadding[1] + EndPadding[1] = 7), got 5",
    )
