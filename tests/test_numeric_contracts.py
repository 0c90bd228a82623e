"""Numeric contracts that hold for every executing operator (issue 15):

* NaN in, NaN out: with every floating-point input NaN, every floating-point output is NaN, except
  where a page's formula, read literally, sends NaN elsewhere: those decisions are written at the
  kernels and listed (and checked) here.
* Infinities propagate as IEEE 754 says (checked against numpy's float64 arithmetic on the same data).
* FLOAT16 results that overflow become infinities (round to nearest even: 65504 + 16 rounds to +inf,
  65504 + 8 to 65504); intermediates are wider, so a mean of large values does not overflow.
* Subnormal numbers are kept, never flushed to zero, on every ISA path; and running pydml never
  changes the calling thread's floating-point mode.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from ew_harness import run, tensor
from test_validator_agreement import valid_bases

import pydml
from pydml.native import NUMPY_DTYPES
from pydml.registry import Role, schema_of
from pydml.representable import buffer_of

# ---- NaN in, NaN out ---------------------------------------------------------------------------

#: Operators whose float output is not NaN for all-NaN inputs, by a documented decision, and what
#: it is instead (None: not a single value).
NAN_DECISIONS: dict[str, tuple[str, float | None]] = {
    "ACTIVATION_HARDMAX": ("a one-hot indicator of the maximum: 0 or 1 by definition", None),
    "ACTIVATION_HARDMAX1": ("a one-hot indicator of the maximum: 0 or 1 by definition", None),
    "ACTIVATION_SHRINK": ("the page's piecewise formula: NaN fails both comparisons, giving 0", 0.0),
    "ACTIVATION_THRESHOLDED_RELU": ("x if x > Alpha, else 0, read literally: NaN gives 0", 0.0),
    "ELEMENT_WISE_CLIP": ("min(Max, max(Min, x)) as the page writes it: NaN gives Min", None),
    "ELEMENT_WISE_CLIP1": ("max(Min, min(x, Max)) as the page writes it: NaN gives Max", None),
    "ELEMENT_WISE_THRESHOLD": ("max(x, Min) as the page writes it: NaN gives Min (ew_quantize.c)", None),
    "ELEMENT_WISE_SIGN": ("the page's '0, otherwise' row: NaN gives 0 (ew_math.c)", 0.0),
    "ELEMENT_WISE_CONSTANT_POW": ("pow(NaN, 0) = 1 (IEEE 754) when Exponent is 0", None),
    "ELEMENT_WISE_BIT_NOT": ("bitwise on the raw bits of the float: a NaN's bits are bits", None),
    "ELEMENT_WISE_BIT_XOR": ("bitwise on the raw bits of the float: x ^ x = 0", None),
    "MAX_UNPOOLING": ("positions no index names are 0, as the page says", None),
    # the SequenceLengthsTensor filled with 0 runs no step: OutputSequence is 0 past each length
    # (recurrent.c), the final states are the (NaN) initial ones
    "RNN": ("a sequence length of 0: OutputSequenceTensor 0 past the length (recurrent.c)", None),
    "LSTM": ("a sequence length of 0: OutputSequenceTensor 0 past the length (recurrent.c)", None),
    "GRU": ("a sequence length of 0: OutputSequenceTensor 0 past the length (recurrent.c)", None),
    "ACTIVATION_RELU_GRAD": ("InputTensor > 0 ? gradient : 0 read literally: NaN > 0 is false, giving 0 "
                             "(ew_gradient.c)", 0.0),
    "ROI_ALIGN_GRAD": ("a NaN ROI coordinate makes the ROI invalid, as in the forward: nothing reaches "
                       "OutputGradientTensor (0), its OutputROIGradientTensor row is NaN (roi.c)", None),
}


def _nan_cases() -> list[tuple[str, Any]]:
    """Every executing operator's valid descs that read a floating-point input."""
    out = []
    for operator_type, bases in sorted(valid_bases().items(), key=lambda kv: kv[0].name):
        for i, base in enumerate(bases):
            if base.schema.executes and pydml.FeatureLevel.FL6_4 in base.levels \
                    and _inputs(base.desc, np.nan, 0)[1]:
                out.append((f"{operator_type.name}#{i}", base.desc))
    return out


def _inputs(desc: Any, fill_float: float, fill_int: int) -> tuple[dict[str, Any], bool]:
    ins: dict[str, Any] = {}
    any_float = False
    for spec in schema_of(desc).tensor_fields:
        value = getattr(desc, spec.name)
        if spec.role is not Role.INPUT_TENSOR or value is None:
            continue
        arrays = []
        for element in value if isinstance(value, (list, tuple)) else [value]:
            t = buffer_of(element)
            dtype = NUMPY_DTYPES[int(t.DataType)]
            count = int(np.prod(t.Sizes)) if t.Strides is None else t.total_size_in_bytes // dtype.itemsize
            a = np.full(count, fill_float if dtype.kind == "f" else fill_int, dtype=dtype)
            any_float |= dtype.kind == "f"
            arrays.append(a.reshape(t.Sizes) if t.Strides is None else a)
        ins[spec.name] = arrays if isinstance(value, (list, tuple)) else arrays[0]
    return ins, any_float


NAN_CASES = _nan_cases()


def test_the_nan_contract_covers_the_executing_operators() -> None:
    names = {name.split("#")[0] for name, _ in NAN_CASES}
    assert len(names) >= 100, sorted(names)


@pytest.mark.parametrize("name,desc", NAN_CASES, ids=[n for n, _ in NAN_CASES])
def test_nan_inputs_give_nan_outputs(name: str, desc: Any) -> None:
    try:
        op = pydml.Device().create_operator(desc)
    except pydml.UnsupportedError:
        pytest.skip("valid, but no kernel path for this desc")  # e.g. an output overlapping itself
    ins, _ = _inputs(desc, np.nan, 0)  # index 0 is in range wherever indices are read
    outputs = op.execute(ins)
    operator = name.split("#")[0]
    for field, value in outputs.items():
        for out in value if isinstance(value, list) else [value]:
            if out.dtype.kind != "f":
                continue
            values = np.asarray(out, dtype=np.float64)
            if operator in NAN_DECISIONS:
                _, expected = NAN_DECISIONS[operator]
                if expected is not None:
                    assert (values == expected).all(), (field, values)
                continue
            assert np.isnan(values).all(), f"{operator}.{field}: {values.ravel()[:8]}"


def test_documented_nan_decisions_hold() -> None:
    f = tensor("FLOAT32", [4])
    nan = np.full(4, np.nan, np.float32)
    clip = pydml.DML_ELEMENT_WISE_CLIP_OPERATOR_DESC(InputTensor=f, OutputTensor=f, Min=-2.0, Max=3.0)
    assert (run(clip, {"InputTensor": nan})["OutputTensor"] == -2.0).all()
    threshold = pydml.DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC(InputTensor=f, OutputTensor=f, Min=-5.0)
    assert (run(threshold, {"InputTensor": nan})["OutputTensor"] == -5.0).all()
    power = pydml.DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC(InputTensor=f, OutputTensor=f, Exponent=0.0)
    assert (run(power, {"InputTensor": nan})["OutputTensor"] == 1.0).all()
    power = pydml.DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC(InputTensor=f, OutputTensor=f, Exponent=2.0)
    assert np.isnan(run(power, {"InputTensor": nan})["OutputTensor"]).all()


# ---- infinities --------------------------------------------------------------------------------

SPECIALS = np.array([np.inf, -np.inf, np.nan, 1.0, -2.0, 0.0, 3.5, np.inf], dtype=np.float32)


def _same_specials(actual: np.ndarray[Any, Any], reference: np.ndarray[Any, Any]) -> None:
    """NaN and +/-inf exactly where the float64 reference has them; finite elsewhere."""
    a = np.asarray(actual, dtype=np.float64)
    np.testing.assert_array_equal(np.isnan(a), np.isnan(reference))
    np.testing.assert_array_equal(np.isposinf(a), np.isposinf(reference))
    np.testing.assert_array_equal(np.isneginf(a), np.isneginf(reference))


def test_infinities_propagate_through_arithmetic(ew_isa: str) -> None:
    x = np.resize(SPECIALS, 64).reshape(8, 8)
    y = np.roll(x, 3)
    t = tensor("FLOAT32", [8, 8])
    with np.errstate(all="ignore"):
        x64, y64 = x.astype(np.float64), y.astype(np.float64)
        add = run(pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t),
                  {"ATensor": x, "BTensor": y})["OutputTensor"]
        _same_specials(add, x64 + y64)
        mul = run(pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t),
                  {"ATensor": x, "BTensor": y})["OutputTensor"]
        _same_specials(mul, x64 * y64)
        a4 = tensor("FLOAT32", [1, 1, 8, 8])
        gemm = run(pydml.DML_GEMM_OPERATOR_DESC(ATensor=a4, BTensor=a4, OutputTensor=a4, TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0),
                   {"ATensor": x.reshape(a4.Desc.Sizes), "BTensor": np.abs(y).reshape(a4.Desc.Sizes)})
        _same_specials(gemm["OutputTensor"], (x64 @ np.abs(y64)).reshape(a4.Desc.Sizes))
        total = run(pydml.DML_REDUCE_OPERATOR_DESC(
            Function="DML_REDUCE_FUNCTION_SUM", InputTensor=t, OutputTensor=tensor("FLOAT32", [8, 1]),
            Axes=[1]), {"InputTensor": x})["OutputTensor"]
        _same_specials(total, x64.sum(axis=1, keepdims=True))


# ---- FLOAT16 overflow --------------------------------------------------------------------------

def test_float16_overflow_rounds_to_infinity(ew_isa: str) -> None:
    h = tensor("FLOAT16", [4])
    a = np.array([65504, 65504, -65504, 60000], dtype=np.float16)
    b = np.array([16, 8, -16, 60000], dtype=np.float16)
    add = run(pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=h, BTensor=h, OutputTensor=h),
              {"ATensor": a, "BTensor": b})["OutputTensor"]
    np.testing.assert_array_equal(add, np.array([np.inf, 65504, -np.inf, np.inf], dtype=np.float16))
    h4 = tensor("FLOAT16", [1, 1, 16, 16])
    big = np.full((1, 1, 16, 16), 256, dtype=np.float16)
    gemm = run(pydml.DML_GEMM_OPERATOR_DESC(ATensor=h4, BTensor=h4, OutputTensor=h4, TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0),
               {"ATensor": big, "BTensor": big})["OutputTensor"]  # 16 * 256 * 256 = 1048576
    assert np.isposinf(gemm).all()
    # a mean of large values: the sum overflows FLOAT16, the wider intermediate does not
    mean = run(pydml.DML_REDUCE_OPERATOR_DESC(Function="DML_REDUCE_FUNCTION_AVERAGE", InputTensor=h4,
                                              OutputTensor=tensor("FLOAT16", [1, 1, 1, 1]), Axes=[2, 3]),
               {"InputTensor": np.full((1, 1, 16, 16), 60000, dtype=np.float16)})["OutputTensor"]
    assert float(mean.ravel()[0]) == 60000.0


# ---- subnormals --------------------------------------------------------------------------------

SUBNORMALS32 = np.array([1e-45, -1e-45, 1e-40, -3e-39, 1.1e-38, 5e-42, 0.0, -0.0] * 2, dtype=np.float32)
SUBNORMALS16 = np.array([6e-8, -6e-8, 3e-5, -1e-5, 6.1e-5, 1e-6, 0.0, -0.0] * 2, dtype=np.float16)


@pytest.mark.parametrize("dtype,values", [("FLOAT32", SUBNORMALS32), ("FLOAT16", SUBNORMALS16)])
def test_subnormals_are_kept(ew_isa: str, dtype: str, values: np.ndarray[Any, Any]) -> None:
    t = tensor(dtype, [16])
    assert (np.abs(values[values != 0]) < np.finfo(values.dtype).tiny).any()  # really subnormal
    identity = run(pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=t, OutputTensor=t),
                   {"InputTensor": values})["OutputTensor"]
    np.testing.assert_array_equal(identity.view(np.uint8), values.view(np.uint8))
    add = run(pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t),
              {"ATensor": values, "BTensor": values})["OutputTensor"]
    np.testing.assert_array_equal(add, values * 2)  # exact: doubling a subnormal
    t4 = tensor(dtype, [1, 1, 4, 4])
    grid = values.reshape(1, 1, 4, 4)
    pool = run(pydml.DML_MAX_POOLING_OPERATOR_DESC(InputTensor=t4, OutputTensor=t4, Strides=[1, 1],
                                                   WindowSize=[1, 1], StartPadding=[0, 0], EndPadding=[0, 0]),
               {"InputTensor": grid})["OutputTensor"]
    np.testing.assert_array_equal(pool, grid)
    eye = np.eye(4, dtype=values.dtype).reshape(1, 1, 4, 4)
    gemm = run(pydml.DML_GEMM_OPERATOR_DESC(ATensor=t4, BTensor=t4, OutputTensor=t4, TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0),
               {"ATensor": grid, "BTensor": eye})["OutputTensor"]
    np.testing.assert_array_equal(gemm, grid)
    total = run(pydml.DML_REDUCE_OPERATOR_DESC(Function="DML_REDUCE_FUNCTION_SUM", InputTensor=t,
                                               OutputTensor=tensor(dtype, [1]), Axes=[0]),
                {"InputTensor": values})["OutputTensor"]
    assert total[0] == values.astype(np.float64).sum().astype(values.dtype)


def test_pydml_leaves_the_callers_floating_point_mode_alone() -> None:
    """Kernels run with the thread's MXCSR as it was: no flush-to-zero or denormals-are-zero
    leaks into the caller (numpy computes in this thread afterwards)."""
    t = tensor("FLOAT32", [1, 1, 64, 64])
    x = np.full((1, 1, 64, 64), 1e-39, dtype=np.float32)
    gemm = pydml.DML_GEMM_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t, TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0)
    run(gemm, {"ATensor": x, "BTensor": x})
    run(pydml.DML_ELEMENT_WISE_EXP_OPERATOR_DESC(InputTensor=t, OutputTensor=t), {"InputTensor": x})
    tiny = np.array([1e-39], dtype=np.float32)
    assert (tiny * np.float32(0.5))[0] != 0 and (tiny + tiny)[0] == np.float32(2e-39)
