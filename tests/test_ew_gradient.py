"""Element-wise gradient operators (native/families/ew_gradient.c on the element-wise engine; schema
pydml/ops/ew_gradient.py; rules native/validate/rules_ew_gradient.c): ACTIVATION_RELU_GRAD,
ELEMENT_WISE_CLIP_GRAD and ELEMENT_WISE_CLIP_GRAD1, with their pages' rules.

References: torch autograd of the forward operator (relu, clamp) in float64, and the pages' formulas.
Every output is poisoned (NaN) before execution (ew_harness.run).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, refused, run, tensor

import pydml
from pydml import ValidationError

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}


rules = refused


# ---- RELU_GRAD, CLIP_GRAD, CLIP_GRAD1 -------------------------------------------------------

def ew_desc(name: str, dtype: str, shape: Sequence[int], strides: Sequence[int] | None = None,
            **attrs: Any) -> Any:
    cls = getattr(pydml, f"DML_{name}_OPERATOR_DESC")
    return cls(InputTensor=tensor(dtype, shape, strides), InputGradientTensor=tensor(dtype, shape),
               OutputGradientTensor=tensor(dtype, shape), **attrs)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_relu_grad_against_autograd(dtype: str, ew_isa: str) -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal(1000).astype(NP[dtype])
    x[:3] = 0  # the page: x > 0, so 0 passes nothing (torch: the same)
    g = rng.standard_normal(1000).astype(NP[dtype])
    tx = torch.from_numpy(x.astype(np.float64)).requires_grad_()
    torch.relu(tx).backward(torch.from_numpy(g.astype(np.float64)))
    got = run(ew_desc("ACTIVATION_RELU_GRAD", dtype, [10, 100]),
              {"InputTensor": x.reshape(10, 100),
               "InputGradientTensor": g.reshape(10, 100)})["OutputGradientTensor"]
    np.testing.assert_array_equal(got.ravel(), tx.grad.numpy().astype(NP[dtype]))


@pytest.mark.parametrize("dtype", ["INT32", "INT16", "INT8"])
def test_relu_grad_integers(dtype: str) -> None:
    dt = DTYPES[dtype]
    x = np.array([-3, -1, 0, 1, 2, np.iinfo(dt).min, np.iinfo(dt).max], dt)
    g = np.array([5, 6, 7, 8, np.iinfo(dt).min, 9, -4], dt)
    got = run(ew_desc("ACTIVATION_RELU_GRAD", dtype, [7]), {"InputTensor": x, "InputGradientTensor": g})
    np.testing.assert_array_equal(got["OutputGradientTensor"], np.where(x > 0, g, 0).astype(dt))


def test_relu_grad_nan_and_strided_broadcast() -> None:
    x = np.array([np.nan, -0.0, 1.0, np.inf], np.float32)
    g = np.array([1.0, 2.0, np.nan, -0.0], np.float32)
    got = run(ew_desc("ACTIVATION_RELU_GRAD", "FLOAT32", [4]), {"InputTensor": x, "InputGradientTensor": g})
    out = got["OutputGradientTensor"]
    assert out[0] == 0 and out[1] == 0 and np.isnan(out[2]) and out[3] == 0 and np.signbit(out[3])
    # InputTensor broadcast along rows (stride 0) and strided
    xr = np.array([-1.0, 2.0, 0.5], np.float32)
    g2 = np.arange(12, dtype=np.float32).reshape(4, 3)
    got = run(ew_desc("ACTIVATION_RELU_GRAD", "FLOAT32", [4, 3], strides=[0, 1]),
              {"InputTensor": xr, "InputGradientTensor": g2})["OutputGradientTensor"]
    np.testing.assert_array_equal(got, np.where(xr > 0, g2, 0))


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("version", ["ELEMENT_WISE_CLIP_GRAD", "ELEMENT_WISE_CLIP_GRAD1"])
def test_clip_grad_against_autograd(dtype: str, version: str, ew_isa: str) -> None:
    rng = np.random.default_rng(1)
    x = (rng.standard_normal(2000) * 2).astype(NP[dtype])
    lo, hi = -1.25, 0.75
    x[np.isin(x, [NP[dtype](lo), NP[dtype](hi)])] = 0.0  # torch passes the gradient at a bound
    g = rng.standard_normal(2000).astype(NP[dtype])
    tx = torch.from_numpy(x.astype(np.float64)).requires_grad_()
    torch.clamp(tx, lo, hi).backward(torch.from_numpy(g.astype(np.float64)))
    attrs: dict[str, Any] = {"Min": lo, "Max": hi}
    if version.endswith("1"):
        attrs["MinMaxDataType"] = dtype
    got = run(ew_desc(version, dtype, [2000], **attrs), {"InputTensor": x, "InputGradientTensor": g})
    np.testing.assert_array_equal(got["OutputGradientTensor"], tx.grad.numpy().astype(NP[dtype]))


@pytest.mark.parametrize("version", ["ELEMENT_WISE_CLIP_GRAD", "ELEMENT_WISE_CLIP_GRAD1"])
def test_clip_grad_page_edges(version: str) -> None:
    # the page: 0 if x <= Min, 0 if x >= Max (both bounds block); NaN x passes (the "else" row)
    x = np.array([-1.0, -0.5, 0.0, 0.5, 1.0, np.nan], np.float32)
    g = np.array([1, 2, 3, 4, 5, 6], np.float32)
    attrs: dict[str, Any] = {"Min": -0.5, "Max": 0.5}
    if version.endswith("1"):
        attrs["MinMaxDataType"] = "FLOAT32"
    got = run(ew_desc(version, "FLOAT32", [6], **attrs), {"InputTensor": x, "InputGradientTensor": g})
    np.testing.assert_array_equal(got["OutputGradientTensor"], [0, 0, 3, 0, 0, 6])
    # Min > Max: every x is <= Min or >= Max: all zeros (the formula is total; no rule refuses it)
    attrs.update(Min=1.0, Max=-1.0)
    got = run(ew_desc(version, "FLOAT32", [6], **attrs), {"InputTensor": x, "InputGradientTensor": g})
    np.testing.assert_array_equal(got["OutputGradientTensor"][:5], 0)


@pytest.mark.parametrize("dtype", ["INT8", "UINT8", "INT32", "UINT32", "INT64", "UINT64"])
def test_clip_grad_integer_tensors_float_bounds(dtype: str) -> None:
    dt = DTYPES[dtype]
    info = np.iinfo(dt)
    x = np.array([info.min, info.min + 1, 0, 1, 2, 3, info.max - 1, info.max], dt)
    g = np.arange(1, 9).astype(dt)
    for lo, hi in [(0.5, 2.5), (0.0, 3.0), (-1e30, 1e30), (-0.5, 2.0), (float(info.min), float(info.max))]:
        got = run(ew_desc("ELEMENT_WISE_CLIP_GRAD", dtype, [8], Min=lo, Max=hi),
                  {"InputTensor": x, "InputGradientTensor": g})["OutputGradientTensor"]
        # exact comparison of the integer with the FLOAT field's value (Python ints and floats compare
        # exactly; Min and Max are 32-bit floats: 2^31 - 1 is stored as 2^31)
        f_lo, f_hi = float(np.float32(lo)), float(np.float32(hi))
        want = [int(gv) if not (int(xv) <= f_lo or int(xv) >= f_hi) else 0
                for xv, gv in zip(x, g, strict=True)]
        np.testing.assert_array_equal(got, np.array(want, dt), err_msg=f"{lo}, {hi}")


@pytest.mark.parametrize("dtype", ["INT16", "UINT16", "INT64", "UINT64", "FLOAT16"])
def test_clip_grad1_typed_bounds(dtype: str) -> None:
    dt = DTYPES[dtype]
    if dt.kind == "f":
        x = np.array([-2, -1, 0, 1, 2], dt)
        lo, hi = -1.0, 1.5
    else:
        info = np.iinfo(dt)
        x = np.array([info.min, info.min + 1, 5, info.max - 1, info.max], dt)
        lo, hi = int(info.min), int(info.max)
    g = np.arange(1, 6).astype(dt)
    desc = ew_desc("ELEMENT_WISE_CLIP_GRAD1", dtype, [5], MinMaxDataType=dtype, Min=lo, Max=hi)
    got = run(desc, {"InputTensor": x, "InputGradientTensor": g})["OutputGradientTensor"]
    want = np.where((x > dt.type(lo)) & (x < dt.type(hi)), g, 0).astype(dt)
    np.testing.assert_array_equal(got, want)


def test_elementwise_gradient_rules() -> None:
    d = ew_desc("ELEMENT_WISE_CLIP_GRAD1", "INT32", [4], MinMaxDataType="FLOAT32", Min=0.0, Max=1.0)
    rules(d, "MinMaxDataType", "must match OutputGradientTensor.DataType DML_TENSOR_DATA_TYPE_INT32")
    bad = dataclasses.replace(ew_desc("ACTIVATION_RELU_GRAD", "FLOAT32", [4]),
                              InputGradientTensor=tensor("FLOAT32", [5]))
    with pytest.raises(ValidationError):
        pydml.validate(bad)
