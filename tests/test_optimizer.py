"""ADAM_OPTIMIZER (native/families/optimizer.c) and its rules (native/validate/rules_optimizer.c, the table in
pydml/ops/optimizer.py).

Reference: numpy float64 written from the page's computation, run for several training steps (each
step feeds the previous step's outputs back, as the page says to); outputs poisoned (NaN) before
execution; every test runs on each ISA path (``ew_isa``). In place: the page's remarks allow each
output to alias an eligible input; the tests bind the same arrays as input and output.

Decision asserted here (pydml/ops/optimizer.py): TrainingStepTensor is a UINT32 scalar.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from ew_harness import ISA_PATHS, available_paths, max_ulp, poison, tensor

import pydml
from pydml import BindingError, ValidationError
from pydml.native import lib
from pydml.registry import schema_of

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
NAMES = ("InputParametersTensor", "InputFirstMomentTensor", "InputSecondMomentTensor", "GradientTensor")
OUTS = ("OutputParametersTensor", "OutputFirstMomentTensor", "OutputSecondMomentTensor")


def adam_desc(sizes: Sequence[int], dtype: str = "FLOAT32", lr: float = 0.01, beta1: float = 0.9,
              beta2: float = 0.999, eps: float = 1e-8, step_type: str = "UINT32",
              step_sizes: Sequence[int] = (1, 1, 1, 1), strides: Sequence[int] | None = None) -> Any:
    t = tensor(dtype, sizes, strides)
    return pydml.DML_ADAM_OPTIMIZER_OPERATOR_DESC(
        InputParametersTensor=t, InputFirstMomentTensor=t, InputSecondMomentTensor=t, GradientTensor=t,
        TrainingStepTensor=tensor(step_type, step_sizes), OutputParametersTensor=t, OutputFirstMomentTensor=t,
        OutputSecondMomentTensor=t, LearningRate=lr, Beta1=beta1, Beta2=beta2, Epsilon=eps)


def ref_adam(x: np.ndarray, m: np.ndarray, v: np.ndarray, g: np.ndarray, step: int, lr: float, beta1: float,
             beta2: float, eps: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The page's computation in float64 (the hyperparameters as the FLOAT fields hold them)."""
    lr, b1, b2, e = (np.float64(np.float32(a)) for a in (lr, beta1, beta2, eps))
    x, m, v, g = (a.astype(np.float64) for a in (x, m, v, g))
    m = b1 * m + (1.0 - b1) * g
    v = b2 * v + (1.0 - b2) * g * g
    alpha = np.sqrt(1.0 - b2**step) / (1.0 - b1**step)
    x = x - lr * alpha * m / (np.sqrt(v) + e)
    return x, m, v


def step_input(t: int) -> np.ndarray:
    return np.full((1, 1, 1, 1), t, np.uint32)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_several_steps_against_the_page(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    t = NP[dtype]
    sizes = [2, 3, 5, 7]
    hyper = {"lr": 0.05, "beta1": 0.8, "beta2": 0.95, "eps": 1e-6}
    op = pydml.Device().create_operator(adam_desc(sizes, dtype, **hyper))
    x = rng.standard_normal(sizes).astype(t)
    m = np.zeros(sizes, t)  # the page: "should typically be initialized to zero"
    v = np.zeros(sizes, t)
    for step in range(1, 6):
        g = rng.standard_normal(sizes).astype(t)
        outs = {n: poison(np.dtype(t), sizes) for n in OUTS}
        ins = {**dict(zip(NAMES, (x, m, v, g), strict=True)), "TrainingStepTensor": step_input(step)}
        got = op.execute(ins, outs)
        want = ref_adam(x, m, v, g, step, **hyper)
        for name, ref in zip(OUTS, want, strict=True):
            ulp = max_ulp(got[name], ref)
            assert ulp <= 1.0, f"step {step} {name}: {ulp} ulp"  # double, rounded once
        x, m, v = (got[n] for n in OUTS)


def test_in_place_every_output_on_its_input(ew_isa: str, rng: np.random.Generator) -> None:
    """Remarks: "it's possible to bind the same resource for both the InputParametersTensor and
    OutputParametersTensor"; here all three moments update in place, over several steps."""
    sizes = [3, 4, 50, 60]  # above the parallel threshold: the threads share the work
    op = pydml.Device().create_operator(adam_desc(sizes))
    x = rng.standard_normal(sizes).astype(np.float32)
    m = np.zeros(sizes, np.float32)
    v = np.zeros(sizes, np.float32)
    rx, rm, rv = x.copy(), m.copy(), v.copy()
    for step in range(1, 4):
        g = rng.standard_normal(sizes).astype(np.float32)
        op.execute({"InputParametersTensor": x, "InputFirstMomentTensor": m, "InputSecondMomentTensor": v,
                    "GradientTensor": g, "TrainingStepTensor": step_input(step)},
                   {"OutputParametersTensor": x, "OutputFirstMomentTensor": m, "OutputSecondMomentTensor": v})
        want = ref_adam(rx, rm, rv, g, step, 0.01, 0.9, 0.999, 1e-8)
        rx, rm, rv = (w.astype(np.float32) for w in want)
        for got, ref in zip((x, m, v), want, strict=True):
            assert max_ulp(got, ref) <= 1.0


def test_in_place_on_another_eligible_input(rng: np.random.Generator) -> None:
    """Any eligible input may be the alias: the parameters written over the gradient."""
    sizes = [1, 2, 3, 4]
    x, m, v, g = (rng.standard_normal(sizes).astype(np.float32) for _ in range(4))
    v = np.abs(v)
    want = ref_adam(x, m, v, g, 3, 0.01, 0.9, 0.999, 1e-8)
    gbuf = g.copy()
    got = pydml.Device().create_operator(adam_desc(sizes)).execute(
        {"InputParametersTensor": x, "InputFirstMomentTensor": m, "InputSecondMomentTensor": v,
         "GradientTensor": gbuf, "TrainingStepTensor": step_input(3)},
        {"OutputParametersTensor": gbuf, "OutputFirstMomentTensor": poison(np.dtype(np.float32), sizes),
         "OutputSecondMomentTensor": poison(np.dtype(np.float32), sizes)})
    for name, ref in zip(OUTS, want, strict=True):
        assert max_ulp(got[name], ref) <= 1.0
    # two outputs on one input overlap each other: refused, naming both
    with pytest.raises(BindingError, match="OutputFirstMomentTensor"):
        pydml.Device().create_operator(adam_desc(sizes)).execute(
            {"InputParametersTensor": x, "InputFirstMomentTensor": m, "InputSecondMomentTensor": v,
             "GradientTensor": g, "TrainingStepTensor": step_input(3)},
            {"OutputParametersTensor": m, "OutputFirstMomentTensor": m,
             "OutputSecondMomentTensor": poison(np.dtype(np.float32), sizes)})


def test_strided_views(ew_isa: str, rng: np.random.Generator) -> None:
    sizes = [2, 3, 4, 5]
    strides = [3 * 4 * 8, 4 * 8, 8, 1]  # rows padded to 8
    raw = [rng.standard_normal(2 * 3 * 4 * 8).astype(np.float32) for _ in range(4)]
    raw[2] = np.abs(raw[2])
    views = [np.lib.stride_tricks.as_strided(r, sizes, [s * 4 for s in strides]) for r in raw]
    outs = {n: np.full(2 * 3 * 4 * 8, np.nan, np.float32) for n in OUTS}
    got = pydml.Device().create_operator(adam_desc(sizes, strides=strides)).execute(
        {**dict(zip(NAMES, raw, strict=True)), "TrainingStepTensor": step_input(7)}, outs)
    want = ref_adam(*views, 7, 0.01, 0.9, 0.999, 1e-8)
    for name, ref in zip(OUTS, want, strict=True):
        assert max_ulp(np.asarray(got[name]), ref) <= 1.0
    assert np.isnan(outs[OUTS[0]].reshape(2, 3, 4, 8)[..., 5:]).all(), "padding left alone"


@pytest.mark.parametrize("case", ["tiny", "huge"])
def test_quotients_outside_the_reciprocal_range_take_the_division(case: str, rng: np.random.Generator) -> None:
    """The quotient M' / (sqrt(V') + Epsilon) is a product by a float reciprocal refined in double
    (optimizer.c adam_quotient) where the denominator D lies in [2^-126, 2^126], else the division:
    D below (Epsilon 0, subnormal or zero gradients: D 0 gives the formula's infinities) and above
    (Beta2 0 and gradients near the float maximum, or a huge Epsilon), NaN and infinite gradients,
    placed among ordinary lanes at every position of the 8- and 4-lane steps. Each path gives the
    portable path's bits, within 1 ulp of the float64 page where that is finite."""
    n = 40
    sizes = [1, 1, 2, n]
    hyper = ({"lr": 0.01, "beta1": 0.9, "beta2": 0.999, "eps": 0.0} if case == "tiny"
             else {"lr": 0.01, "beta1": 0.9, "beta2": 0.0, "eps": 1e-8})
    x = rng.standard_normal(sizes).astype(np.float32)
    m = rng.standard_normal(sizes).astype(np.float32)
    v = np.abs(rng.standard_normal(sizes)).astype(np.float32)
    g = rng.standard_normal(sizes).astype(np.float32)
    special = [0, 3, 5, 8, 12, 15, 17, 22, 31, 39]
    if case == "tiny":
        v[..., special] = 0.0
        g[0, 0, 0, special] = [1e-40, 0.0, 1e-39, 1e-45, 0.0, 3e-42, 1e-40, 0.0, 1e-44, 1e-41]
        m[0, 0, 1, special] = 0.0          # D 0 and M' 0: 0 / 0
        v[0, 0, 1, special] = 0.0
        g[0, 0, 1, special] = 0.0
    else:
        g[0, 0, 0, special] = [3.4e38, -3.3e38, 2e38, -1e38, 3e38, 9e37, -2.5e38, 1.7e38, -3.4e38, 8.6e37]
        g[0, 0, 1, special[:5]] = [np.nan, np.inf, -np.inf, np.nan, np.inf]
    op = pydml.Device().create_operator(adam_desc(sizes, **hyper))
    ins = {**dict(zip(NAMES, (x, m, v, g), strict=True)), "TrainingStepTensor": step_input(3)}
    results = []
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            results.append(op.execute(ins, {n_: poison(np.dtype(np.float32), sizes) for n_ in OUTS}))
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    with np.errstate(all="ignore"):
        want = list(ref_adam(x, m, v, g, 3, **hyper))
        rounded = [r.astype(np.float32).astype(np.float64) for r in want]
    for name, ref, ref32 in zip(OUTS, want, rounded, strict=True):
        for other in results[1:]:
            assert other[name].tobytes() == results[0][name].tobytes(), name
        got = results[0][name].astype(np.float64)
        finite = np.isfinite(ref) & (np.abs(ref) < 3.4e38)
        assert max_ulp(results[0][name][finite], ref[finite]) <= 1.0, name
        assert np.array_equal(np.isnan(got[~finite]), np.isnan(ref[~finite])), name
        same = ~finite & ~np.isnan(ref)
        assert np.array_equal(got[same], ref32[same]), name


def test_step_zero_is_the_formula_s_nan(rng: np.random.Generator) -> None:
    """Alpha = sqrt(1 - Beta2^0) / (1 - Beta1^0) = 0 / 0: the page's formula has no value at T = 0."""
    sizes = [1, 1, 2, 2]
    x, m, v, g = (np.ones(sizes, np.float32) for _ in range(4))
    got = pydml.Device().create_operator(adam_desc(sizes)).execute(
        {**dict(zip(NAMES, (x, m, v, g), strict=True)), "TrainingStepTensor": step_input(0)})
    assert np.isnan(got["OutputParametersTensor"]).all()
    assert (got["OutputFirstMomentTensor"] == 1).all()


def test_results_do_not_depend_on_the_thread_count(rng: np.random.Generator) -> None:
    sizes = [4, 8, 40, 40]
    ins = {n: rng.standard_normal(sizes).astype(np.float32) for n in NAMES}
    ins["InputSecondMomentTensor"] = np.abs(ins["InputSecondMomentTensor"])
    op = pydml.Device().create_operator(adam_desc(sizes))
    results = []
    for threads in (1, 2):
        previous = lib.pydml_set_num_threads(threads)
        try:
            got = op.execute({**ins, "TrainingStepTensor": step_input(5)})
            results.append({k: np.array(a, copy=True) for k, a in got.items()})
        finally:
            lib.pydml_set_num_threads(previous)
    for name in OUTS:
        assert results[0][name].tobytes() == results[1][name].tobytes()


def assert_rule(desc: Any, field: str, rule: str) -> None:
    name = schema_of(desc).c_name
    for check in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


def test_rules() -> None:
    # TrainingStepTensor: "must be a scalar (that is, all Sizes equal to 1)"
    assert_rule(adam_desc([1, 2, 3, 4], step_sizes=[1, 1, 1, 2]), "TrainingStepTensor.Sizes[3]",
                "must be 1 (the training step is a scalar), got 2")
    # "... and have data type DML_TENSOR_DATA_TYPE_UINT32"
    assert_rule(adam_desc([1, 2, 3, 4], step_type="FLOAT32"), "TrainingStepTensor.DataType",
                "must be one of UINT32, got DML_TENSOR_DATA_TYPE_FLOAT32")
    # "The Sizes and DataType of this tensor must exactly match those of the InputParametersTensor"
    t, h = tensor("FLOAT32", [1, 2, 3, 4]), tensor("FLOAT16", [1, 2, 3, 4])
    bad = pydml.DML_ADAM_OPTIMIZER_OPERATOR_DESC(
        InputParametersTensor=t, InputFirstMomentTensor=t, InputSecondMomentTensor=t, GradientTensor=h,
        TrainingStepTensor=tensor("UINT32", [1, 1, 1, 1]), OutputParametersTensor=t,
        OutputFirstMomentTensor=t, OutputSecondMomentTensor=t, LearningRate=0.01, Beta1=0.9, Beta2=0.999,
        Epsilon=1e-8)
    with pytest.raises(ValidationError) as info:
        pydml.validate(bad)
    assert "DataType" in str(info.value)
    bad = pydml.DML_ADAM_OPTIMIZER_OPERATOR_DESC(
        InputParametersTensor=t, InputFirstMomentTensor=t, InputSecondMomentTensor=t, GradientTensor=t,
        TrainingStepTensor=tensor("UINT32", [1, 1, 1, 1]), OutputParametersTensor=t,
        OutputFirstMomentTensor=tensor("FLOAT32", [1, 2, 3, 5]), OutputSecondMomentTensor=t,
        LearningRate=0.01, Beta1=0.9, Beta2=0.999, Epsilon=1e-8)
    with pytest.raises(ValidationError) as info:
        pydml.validate(bad)
    assert "Sizes" in str(info.value)


def test_outputs_past_the_cache_are_streamed_with_the_same_bits(rng: np.random.Generator) -> None:
    """Outputs of 32 MiB and more go out through an L1 buffer with streamed stores
    (optimizer.c, OPT_STREAM_BYTES): the same values as the cached path, whose rows a small
    operator on the same data computes; the row length is not a multiple of the vector width."""
    rows, width = 1430, 2003  # 3 x 11.5 MB of outputs, rows not 16-byte aligned
    sizes = [1, 1, rows, width]
    ins = {n: rng.standard_normal(sizes).astype(np.float32) for n in NAMES}
    ins["InputSecondMomentTensor"] = np.abs(ins["InputSecondMomentTensor"])
    ins["TrainingStepTensor"] = step_input(3)
    outs = {n: poison(np.dtype(np.float32), sizes) for n in OUTS}
    got = pydml.Device().create_operator(adam_desc(sizes)).execute(ins, outs)
    want = ref_adam(*(ins[n] for n in NAMES), 3, 0.01, 0.9, 0.999, 1e-8)
    for name, ref in zip(OUTS, want, strict=True):
        assert max_ulp(got[name], ref) <= 1.0
    small = [1, 1, 7, width]  # 0.17 MB of outputs: ordinary stores
    part = {n: np.ascontiguousarray(ins[n][:, :, 100:107]) for n in NAMES}
    part["TrainingStepTensor"] = step_input(3)
    cached = pydml.Device().create_operator(adam_desc(small)).execute(
        part, {n: poison(np.dtype(np.float32), small) for n in OUTS})
    for name in OUTS:
        assert got[name][:, :, 100:107].tobytes() == cached[name].tobytes()


def test_streamed_as_computed_and_from_the_buffer_agree_on_every_path(ew_isa: str,
                                                                      rng: np.random.Generator) -> None:
    """Outputs past the cache whose addresses agree mod 16 bytes are streamed as they are computed
    (optimizer.c, adam_row_nt_*); an output one float off that alignment sends the rows through the
    L1 buffer instead. Both give the portable path's bits, within 1 ulp of the float64 page; rows of
    2003 elements leave heads and tails of every length mod 8."""
    rows, width = 1430, 2003
    sizes = [1, 1, rows, width]
    ins = {n: rng.standard_normal(sizes).astype(np.float32) for n in NAMES}
    ins["InputSecondMomentTensor"] = np.abs(ins["InputSecondMomentTensor"])
    ins["TrainingStepTensor"] = step_input(5)
    op = pydml.Device().create_operator(adam_desc(sizes))

    def shifted() -> np.ndarray:  # poisoned, one float past numpy's 16-byte alignment
        buf = poison(np.dtype(np.float32), [rows * width + 1])
        return buf[1:].reshape(sizes)

    aligned = op.execute(ins, {n: poison(np.dtype(np.float32), sizes) for n in OUTS})
    mixed = op.execute(ins, {OUTS[0]: poison(np.dtype(np.float32), sizes), OUTS[1]: shifted(),
                             OUTS[2]: poison(np.dtype(np.float32), sizes)})
    lib.pydml_set_cpu_features(0)
    try:
        portable = op.execute(ins, {n: poison(np.dtype(np.float32), sizes) for n in OUTS})
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    want = ref_adam(*(ins[n] for n in NAMES), 5, 0.01, 0.9, 0.999, 1e-8)
    for name, ref in zip(OUTS, want, strict=True):
        assert max_ulp(aligned[name], ref) <= 1.0
        assert np.asarray(aligned[name]).tobytes() == np.asarray(portable[name]).tobytes(), name
        assert np.asarray(mixed[name]).tobytes() == np.asarray(portable[name]).tobytes(), name
