"""BATCH_NORMALIZATION_TRAINING, BATCH_NORMALIZATION_TRAINING_GRAD, BATCH_NORMALIZATION_GRAD and
LOCAL_RESPONSE_NORMALIZATION_GRAD (native/families/normalization_training.c) and their rules
(native/validate/rules_normalization.c).

References: torch.nn.functional.batch_norm in training mode (float64) for the forward; torch
autograd (float64) of each forward as DirectML defines it for the gradients: the TRAINING forward
(statistics computed from the input, biased variance) for TRAINING_GRAD, BATCH_NORMALIZATION
(statistics given) for BATCH_NORMALIZATION_GRAD, and the LRN formula of native/families/normalization.c
(ONNX's window, divided by LocalSize) for LRN_GRAD; numpy float64 from the page's formula for the
broadcast shapes torch's batch_norm cannot express. Outputs are poisoned (NaN) before execution;
every kernel test runs on each ISA path (``ew_isa``).

Decision asserted here (see normalization_training.c): OutputVarianceTensor is the biased
(population) variance, the one the output is normalized with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import ISA_PATHS, available_paths, max_ulp, run, tensor

import pydml
from pydml import ValidationError
from pydml.native import lib
from pydml.registry import schema_of

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
#: measured bounds against the float64 reference rounded once: each output is evaluated in double
#: from double statistics and rounded once, so float32 results are within 1 ulp (the reference's
#: own summation order can move the double result across a rounding boundary) and FLOAT16 within 1.
ULP = {"FLOAT32": 1.0, "FLOAT16": 1.0}


def relu() -> Any:
    return pydml.DML_OPERATOR_DESC(Type=pydml.DML_OPERATOR_ACTIVATION_RELU,
                                   Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())


def check(got: np.ndarray, ref: np.ndarray, bound: float) -> None:
    assert got.shape == ref.shape
    assert not np.isnan(got).any() or np.isnan(ref).any()
    ulp = max_ulp(got, ref)
    assert ulp <= bound, f"{ulp} ulp"


def close(got: np.ndarray, ref: np.ndarray, rel: float) -> None:
    """|got - ref| <= rel * max|ref| (gradients: the inputs' rounding to float moves them by ~1e-7)."""
    assert got.shape == ref.shape
    assert np.isfinite(got).all()
    scale = float(np.max(np.abs(ref))) or 1.0
    err = float(np.max(np.abs(got.astype(np.float64) - ref)))
    assert err <= rel * scale, f"{err / scale:.3g} of max |ref|"


def reduced_axes(sizes: Sequence[int], psizes: Sequence[int]) -> tuple[int, ...]:
    return tuple(d for d in range(len(sizes)) if psizes[d] == 1)


# ---- descs --------------------------------------------------------------------------------------

def bnt_desc(sizes: Sequence[int], psizes: Sequence[int], eps: float = 1e-5, dtype: str = "FLOAT32",
             add: bool = False, fused: Any = None, in_strides: Sequence[int] | None = None,
             out_strides: Sequence[int] | None = None, bias_sizes: Sequence[int] | None = None) -> Any:
    return pydml.DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes, in_strides), ScaleTensor=tensor(dtype, psizes),
        BiasTensor=tensor(dtype, bias_sizes or psizes), FusedAddTensor=tensor(dtype, sizes) if add else None,
        OutputTensor=tensor(dtype, sizes, out_strides), OutputMeanTensor=tensor(dtype, psizes),
        OutputVarianceTensor=tensor(dtype, psizes), Epsilon=eps, FusedActivation=fused)


def grad_desc(training: bool, sizes: Sequence[int], psizes: Sequence[int], eps: float = 1e-5,
              dtype: str = "FLOAT32", var_sizes: Sequence[int] | None = None) -> Any:
    cls = (pydml.DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC if training
           else pydml.DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC)
    return cls(InputTensor=tensor(dtype, sizes), InputGradientTensor=tensor(dtype, sizes),
               MeanTensor=tensor(dtype, psizes), VarianceTensor=tensor(dtype, var_sizes or psizes),
               ScaleTensor=tensor(dtype, psizes), OutputGradientTensor=tensor(dtype, sizes),
               OutputScaleGradientTensor=tensor(dtype, psizes),
               OutputBiasGradientTensor=tensor(dtype, psizes), Epsilon=eps)


def lrn_grad_desc(sizes: Sequence[int], cross: bool, size: int, alpha: float = 1e-4, beta: float = 0.75,
                  bias: float = 1.0, dtype: str = "FLOAT32") -> Any:
    return pydml.DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes), InputGradientTensor=tensor(dtype, sizes),
        OutputGradientTensor=tensor(dtype, sizes), CrossChannel=cross, LocalSize=size, Alpha=alpha, Beta=beta,
        Bias=bias)


# ---- references (float64) -----------------------------------------------------------------------

def ref_bnt(x: np.ndarray, s: np.ndarray, b: np.ndarray, eps: float, add: np.ndarray | None = None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The page's formula: statistics over the dimensions where Scale has size 1."""
    x64 = x.astype(np.float64)
    ax = reduced_axes(x.shape, s.shape)
    mean = x64.mean(axis=ax, keepdims=True)
    var = ((x64 - mean) ** 2).mean(axis=ax, keepdims=True)
    r = 1.0 / np.sqrt(var + np.float64(np.float32(eps)))
    y = s.astype(np.float64) * (x64 - mean) * r + b.astype(np.float64)
    if add is not None:
        y = y + add.astype(np.float64)
    return y, mean, var


def torch_bn_forward(x: torch.Tensor, s: torch.Tensor, b: torch.Tensor, eps: float, ax: tuple[int, ...],
                     mean: torch.Tensor | None = None, var: torch.Tensor | None = None) -> torch.Tensor:
    """BATCH_NORMALIZATION(_TRAINING) in torch float64: statistics from x unless given."""
    if mean is None and not ax:  # no reduced dimension: each element is its own group
        mean, var = x, torch.zeros_like(x)
    if mean is None:
        mean = x.mean(dim=ax, keepdim=True)
        var = ((x - mean) ** 2).mean(dim=ax, keepdim=True)
    assert var is not None
    return s * (x - mean) / torch.sqrt(var + float(np.float32(eps))) + b


def torch_lrn(x: torch.Tensor, cross: bool, size: int, alpha: float, beta: float,
              bias: float) -> torch.Tensor:
    """normalization.c's LRN: window [i - (size - 1) // 2, i + size // 2] clipped, / size."""
    lo, hi = (size - 1) // 2, size - 1 - (size - 1) // 2
    sq = x * x

    def box(a: torch.Tensor, dim: int) -> torch.Tensor:
        n = a.shape[dim]
        pads = [0, 0] * (a.dim() - 1 - dim) + [lo, hi]
        padded = F.pad(a, pads)
        return sum(padded.narrow(dim, k, n) for k in range(size))  # type: ignore[return-value]

    acc = box(sq, 1) if cross else box(box(sq, 3), 2)
    a32, b32, c32 = (float(np.float32(v)) for v in (alpha, beta, bias))
    return x / (c32 + a32 / size * acc) ** b32


# ---- BATCH_NORMALIZATION_TRAINING ---------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_training_against_torch(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    t = NP[dtype]
    n, c, h, w = 3, 4, 5, 7
    x = (rng.standard_normal((n, c, h, w)) * 2 + 3).astype(t)
    s, b = (rng.standard_normal((1, c, 1, 1)).astype(t) for _ in range(2))
    got = run(bnt_desc([n, c, h, w], [1, c, 1, 1], 1e-3, dtype),
              {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b})
    x64 = torch.from_numpy(x.astype(np.float64))
    want = F.batch_norm(x64, None, None, torch.from_numpy(s.ravel().astype(np.float64)),
                        torch.from_numpy(b.ravel().astype(np.float64)), training=True,
                        eps=float(np.float32(1e-3))).numpy()
    check(got["OutputTensor"], want, ULP[dtype])
    mean = x64.mean(dim=(0, 2, 3), keepdim=True)
    var = x64.var(dim=(0, 2, 3), unbiased=False, keepdim=True)  # biased: what the output divides by
    check(got["OutputMeanTensor"], mean.numpy(), ULP[dtype])
    check(got["OutputVarianceTensor"], var.numpy(), ULP[dtype])


@pytest.mark.parametrize("psizes", [[1, 3, 1, 5], [1, 1, 1, 1], [2, 1, 4, 1], [2, 3, 4, 5]])
def test_training_broadcast_fused_add_and_activation(psizes: list[int], ew_isa: str,
                                                     rng: np.random.Generator) -> None:
    sizes = [2, 3, 4, 5]
    x = (rng.standard_normal(sizes) + 1).astype(np.float32)
    s, b = (rng.standard_normal(psizes).astype(np.float32) for _ in range(2))
    add = rng.standard_normal(sizes).astype(np.float32)
    got = run(bnt_desc(sizes, psizes, 1e-5, add=True, fused=relu()),
              {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b, "FusedAddTensor": add})
    y, mean, var = ref_bnt(x, s, b, 1e-5, add)
    check(got["OutputTensor"], np.maximum(y, 0.0), ULP["FLOAT32"])
    check(got["OutputMeanTensor"], mean, ULP["FLOAT32"])
    check(got["OutputVarianceTensor"], var, ULP["FLOAT32"])


def test_training_strided_views_and_fp16_fused_add(ew_isa: str, rng: np.random.Generator) -> None:
    sizes = [2, 3, 4, 6]
    x = rng.standard_normal(sizes).astype(np.float32)
    s, b = (rng.standard_normal([1, 3, 1, 1]).astype(np.float32) for _ in range(2))
    # input read transposed (Width outermost in memory), output written with padding
    in_strides = [3 * 4, 4, 1, 2 * 3 * 4]
    raw = np.ascontiguousarray(np.transpose(x, (3, 0, 1, 2)))
    out_strides = [3 * 4 * 8, 4 * 8, 8, 1]
    out = np.full(2 * 3 * 4 * 8, np.nan, np.float32)
    desc = bnt_desc(sizes, [1, 3, 1, 1], in_strides=in_strides, out_strides=out_strides)
    got = run(desc, {"InputTensor": raw, "ScaleTensor": s, "BiasTensor": b}, outputs={"OutputTensor": out})
    check(np.asarray(got["OutputTensor"]), ref_bnt(x, s, b, 1e-5)[0], ULP["FLOAT32"])
    # FLOAT16 with a FusedAdd
    xh, sh, bh, ah = (a.astype(np.float16) for a in (x, s, b, rng.standard_normal(sizes)))
    got = run(bnt_desc(sizes, [1, 3, 1, 1], dtype="FLOAT16", add=True),
              {"InputTensor": xh, "ScaleTensor": sh, "BiasTensor": bh, "FusedAddTensor": ah})
    check(got["OutputTensor"], ref_bnt(xh, sh, bh, 1e-5, ah)[0], ULP["FLOAT16"])


def test_training_element_at_the_mean_is_exactly_the_bias(ew_isa: str) -> None:
    """An element equal to its channel's mean normalizes to exactly 0 (the page's formula, (x - Mean)
    first), so the output is Bias bit for bit: a form that folds the mean into the bias,
    x (r Scale) + (Bias - Mean r Scale), leaves the rounding error of Mean r Scale there instead."""
    x = np.array([1, 2, 3, 10, 20, 30], np.float32).reshape(1, 2, 1, 3)
    s = np.array([0.7, 1.3], np.float32).reshape(1, 2, 1, 1)
    b = np.zeros((1, 2, 1, 1), np.float32)  # any residue of the mean shows against a zero Bias
    got = run(bnt_desc([1, 2, 1, 3], [1, 2, 1, 1], 1e-3, "FLOAT32"),
              {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b})["OutputTensor"]
    assert got[0, 0, 0, 1] == 0.0 and got[0, 1, 0, 1] == 0.0, got.ravel()


def test_training_large_mean_keeps_the_variance(ew_isa: str, rng: np.random.Generator) -> None:
    """Shifted chunk sums (normalization.c): a mean 1e4 times the deviation loses nothing."""
    x = (1e4 + rng.standard_normal([4, 2, 700])).astype(np.float32)
    p = np.ones([1, 2, 1], np.float32)
    got = run(bnt_desc([4, 2, 700], [1, 2, 1]), {"InputTensor": x, "ScaleTensor": p, "BiasTensor": 0 * p})
    y, _, var = ref_bnt(x, p, 0 * p, 1e-5)
    check(got["OutputVarianceTensor"], var, ULP["FLOAT32"])
    check(got["OutputTensor"], y, ULP["FLOAT32"])


# ---- gradients ----------------------------------------------------------------------------------

def grad_inputs(rng: np.random.Generator, sizes: Sequence[int], psizes: Sequence[int], t: Any
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    x = (rng.standard_normal(sizes) * 2 + 1).astype(t)
    dy = rng.standard_normal(sizes).astype(t)
    s = rng.standard_normal(psizes).astype(t)
    ax = reduced_axes(sizes, psizes)
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=ax, keepdims=True)
    var = ((x64 - mean) ** 2).mean(axis=ax, keepdims=True)
    return x, dy, s, mean.astype(t), var.astype(t)


@pytest.mark.parametrize("psizes", [[1, 4, 1, 1], [1, 4, 1, 6], [1, 1, 1, 1], [3, 4, 5, 6]])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_training_grad_against_autograd(psizes: list[int], dtype: str, ew_isa: str,
                                        rng: np.random.Generator) -> None:
    t = NP[dtype]
    sizes = [3, 4, 5, 6]
    x, dy, s, m, v = grad_inputs(rng, sizes, psizes, t)
    got = run(grad_desc(True, sizes, psizes, 1e-3, dtype),
              {"InputTensor": x, "InputGradientTensor": dy, "MeanTensor": m, "VarianceTensor": v,
               "ScaleTensor": s})
    xt, st, bt = (torch.tensor(a.astype(np.float64), requires_grad=True)
                  for a in (x, s, np.zeros(psizes)))
    y = torch_bn_forward(xt, st, bt, 1e-3, reduced_axes(sizes, psizes))
    y.backward(torch.from_numpy(dy.astype(np.float64)))
    assert xt.grad is not None and st.grad is not None and bt.grad is not None
    rel = 2e-5 if dtype == "FLOAT32" else 2e-2  # Mean / Variance inputs rounded to the tensor type
    close(got["OutputGradientTensor"], xt.grad.numpy(), rel)
    close(got["OutputScaleGradientTensor"], st.grad.numpy(), rel)
    close(got["OutputBiasGradientTensor"], bt.grad.numpy(), rel)


@pytest.mark.parametrize("mean_input", ["computed", "far"])
def test_training_grad_large_mean_shifted_sums(mean_input: str, ew_isa: str, rng: np.random.Generator) -> None:
    """sum dY (x - m) is gathered around each chunk's first element and shifted to the computed mean
    once it is known (normalization_training.c, pass_stats_sums): with a mean 1e4 times the deviation,
    groups of three chunks (2800 elements) and a Mean input far from the computed mean (it enters only
    OutputScaleGradient, the page's sum dY (Input - Mean)), the outputs stay at the float64 formula's
    accuracy."""
    sizes, psizes = [4, 2, 700], [1, 2, 1]
    x = (1e4 + rng.standard_normal(sizes)).astype(np.float32)
    dy = (rng.standard_normal(sizes) + 0.5 * (x - 1e4)).astype(np.float32)  # correlated: sum dY (x - m) large
    s = rng.standard_normal(psizes).astype(np.float32)
    x64, dy64, s64 = (a.astype(np.float64) for a in (x, dy, s))
    m = x64.mean(axis=(0, 2), keepdims=True)
    v = ((x64 - m) ** 2).mean(axis=(0, 2), keepdims=True).astype(np.float32)
    M = m.astype(np.float32) if mean_input == "computed" else np.full(psizes, 9990.0, np.float32)
    got = run(grad_desc(True, sizes, psizes),
              {"InputTensor": x, "InputGradientTensor": dy, "MeanTensor": M, "VarianceTensor": v,
               "ScaleTensor": s})
    ve = v.astype(np.float64) + np.float64(np.float32(1e-5))
    r = 1.0 / np.sqrt(ve)
    dx = s64 * r * ((dy64 - dy64.mean(axis=(0, 2), keepdims=True))
                    - (x64 - m) * (dy64 * (x64 - m)).mean(axis=(0, 2), keepdims=True) / ve)
    # 1e-7 of max |ref|: the outputs' rounding to float32 (measured 4e-8), no cancellation beyond it
    close(got["OutputGradientTensor"], dx, 1e-7)
    close(got["OutputScaleGradientTensor"], (dy64 * (x64 - M.astype(np.float64))).sum(axis=(0, 2), keepdims=True) * r,
          1e-7)
    close(got["OutputBiasGradientTensor"], dy64.sum(axis=(0, 2), keepdims=True), 1e-7)


@pytest.mark.parametrize("psizes", [[1, 4, 1, 1], [1, 1, 5, 1], [3, 4, 5, 6]])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_grad_against_autograd(psizes: list[int], dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    """BATCH_NORMALIZATION_GRAD: Mean and Variance are constants of the forward (given, not computed),
    so autograd of BATCH_NORMALIZATION gives the page's three outputs exactly."""
    t = NP[dtype]
    sizes = [3, 4, 5, 6]
    x, dy, s, _, _ = grad_inputs(rng, sizes, psizes, t)
    m = rng.standard_normal(psizes).astype(t)
    v = rng.uniform(0.2, 3, psizes).astype(t)
    got = run(grad_desc(False, sizes, psizes, 1e-3, dtype),
              {"InputTensor": x, "InputGradientTensor": dy, "MeanTensor": m, "VarianceTensor": v,
               "ScaleTensor": s})
    xt, st, bt = (torch.tensor(a.astype(np.float64), requires_grad=True) for a in (x, s, np.zeros(psizes)))
    y = torch_bn_forward(xt, st, bt, 1e-3, reduced_axes(sizes, psizes),
                         torch.from_numpy(m.astype(np.float64)), torch.from_numpy(v.astype(np.float64)))
    y.backward(torch.from_numpy(dy.astype(np.float64)))
    assert xt.grad is not None and st.grad is not None and bt.grad is not None
    check(got["OutputGradientTensor"], xt.grad.numpy(), ULP[dtype])
    check(got["OutputBiasGradientTensor"], bt.grad.numpy(), ULP[dtype])
    close(got["OutputScaleGradientTensor"], st.grad.numpy(), 1e-6 if dtype == "FLOAT32" else 1e-3)


# ---- LOCAL_RESPONSE_NORMALIZATION_GRAD ----------------------------------------------------------

@pytest.mark.parametrize("cross, size, beta", [(True, 5, 0.75), (True, 2, 0.5), (False, 3, 0.6),
                                               (False, 4, 0.75), (True, 1, 1.3)])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_lrn_grad_against_autograd(cross: bool, size: int, beta: float, dtype: str, ew_isa: str,
                                   rng: np.random.Generator) -> None:
    t = NP[dtype]
    sizes = [2, 6, 5, 7]
    x = (rng.standard_normal(sizes) * 2).astype(t)
    dy = rng.standard_normal(sizes).astype(t)
    alpha, bias = 0.3, 1.5  # large enough that the window's term matters
    got = run(lrn_grad_desc(sizes, cross, size, alpha, beta, bias, dtype),
              {"InputTensor": x, "InputGradientTensor": dy})["OutputGradientTensor"]
    xt = torch.tensor(x.astype(np.float64), requires_grad=True)
    torch_lrn(xt, cross, size, alpha, beta, bias).backward(torch.from_numpy(dy.astype(np.float64)))
    assert xt.grad is not None
    if dtype == "FLOAT32":
        close(got, xt.grad.numpy(), 1e-6)
    else:
        close(got, xt.grad.numpy(), 2e-3)


def test_lrn_grad_matches_torch_local_response_norm_for_odd_sizes(rng: np.random.Generator) -> None:
    """With an odd LocalSize across channels the windows agree with torch's own LRN."""
    x = rng.standard_normal([2, 7, 3, 4])
    dy = rng.standard_normal([2, 7, 3, 4])
    got = run(lrn_grad_desc([2, 7, 3, 4], True, 3, 0.2, 0.75, 1.0),
              {"InputTensor": x.astype(np.float32), "InputGradientTensor": dy.astype(np.float32)})
    xt = torch.tensor(x.astype(np.float32).astype(np.float64), requires_grad=True)
    dyt = torch.from_numpy(dy.astype(np.float32).astype(np.float64))
    F.local_response_norm(xt, 3, 0.2, 0.75, 1.0).backward(dyt)
    assert xt.grad is not None
    close(got["OutputGradientTensor"], xt.grad.numpy(), 1e-6)


# ---- thread count ------------------------------------------------------------------------------

def with_threads(n: int, fn: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    previous = lib.pydml_set_num_threads(n)
    try:
        return {k: np.array(v, copy=True) for k, v in fn().items()}
    finally:
        lib.pydml_set_num_threads(previous)


@pytest.mark.parametrize("kind", ["training_add_relu", "training_grad"])
def test_groups_in_one_call_match_each_group_alone(kind: str, ew_isa: str, rng: np.random.Generator) -> None:
    """A thread runs a block of consecutive groups, each group's output pass and the next group's
    first pass chunk by chunk together (normalization_training.c run_block), the chunk sums shared;
    a group alone has no next group. 24 groups of 3,280 elements (four chunks, the last short):
    each channel of one call has the bits of that channel run alone."""
    sizes, psizes = [2, 24, 40, 41], [1, 24, 1, 1]
    x = rng.standard_normal(sizes).astype(np.float32)
    dy = rng.standard_normal(sizes).astype(np.float32)
    s, b = (rng.standard_normal(psizes).astype(np.float32) for _ in range(2))
    v = rng.uniform(0.5, 2, psizes).astype(np.float32)

    def call(ch: slice) -> dict[str, np.ndarray]:
        shape, pshape = [2, ch.stop - ch.start, 40, 41], [1, ch.stop - ch.start, 1, 1]
        xs, dys = np.ascontiguousarray(x[:, ch]), np.ascontiguousarray(dy[:, ch])
        if kind == "training_add_relu":
            return run(bnt_desc(shape, pshape, add=True, fused=relu()),
                       {"InputTensor": xs, "ScaleTensor": s[:, ch].copy(), "BiasTensor": b[:, ch].copy(),
                        "FusedAddTensor": dys})
        return run(grad_desc(True, shape, pshape),
                   {"InputTensor": xs, "InputGradientTensor": dys, "MeanTensor": b[:, ch].copy(),
                    "VarianceTensor": v[:, ch].copy(), "ScaleTensor": s[:, ch].copy()})

    whole = call(slice(0, 24))
    for c in range(24):
        alone = call(slice(c, c + 1))
        for name in whole:
            assert whole[name][:, c:c + 1].tobytes() == alone[name].tobytes(), (name, c)


@pytest.mark.parametrize("case", ["groups", "split", "grad_groups", "grad_split", "bn_grad_split", "lrn"])
def test_results_do_not_depend_on_the_thread_count(case: str, rng: np.random.Generator) -> None:
    """Groups run whole on one thread, or (few long groups) chunk by chunk on every thread: the
    chunks and their order are the same either way."""
    if case in ("groups", "grad_groups"):
        sizes, psizes = [4, 16, 32, 32], [1, 16, 1, 1]
    else:
        sizes, psizes = [2, 2, 128, 300], [1, 2, 1, 1]
    x = rng.standard_normal(sizes).astype(np.float32)
    dy = rng.standard_normal(sizes).astype(np.float32)
    s, b = (rng.standard_normal(psizes).astype(np.float32) for _ in range(2))
    if case in ("groups", "split"):
        desc = bnt_desc(sizes, psizes, add=True)
        inputs = {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b, "FusedAddTensor": dy}
    elif case == "lrn":
        desc = lrn_grad_desc([4, 16, 32, 32], True, 5, 0.1)
        x = rng.standard_normal([4, 16, 32, 32]).astype(np.float32)
        inputs = {"InputTensor": x, "InputGradientTensor": x[::-1].copy()}
    else:
        m = rng.standard_normal(psizes).astype(np.float32)
        v = rng.uniform(0.5, 2, psizes).astype(np.float32)
        desc = grad_desc(case != "bn_grad_split", sizes, psizes)
        inputs = {"InputTensor": x, "InputGradientTensor": dy, "MeanTensor": m, "VarianceTensor": v,
                  "ScaleTensor": s}
    one = with_threads(1, lambda: run(desc, inputs))
    two = with_threads(2, lambda: run(desc, inputs))
    for name in one:
        assert one[name].tobytes() == two[name].tobytes(), name


def isa_results(op: Any, inputs: dict[str, np.ndarray]) -> list[dict[str, np.ndarray]]:
    """The outputs on the portable path, then on each vector path this CPU has (AVX2, AVX-512)."""
    results = []
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            results.append({k: np.array(v, copy=True) for k, v in op.execute(inputs).items()})
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    return results


@pytest.mark.parametrize("training", [False, True])
@pytest.mark.parametrize("sizes", [[3, 2, 7, 9], [2, 3, 40, 41], [2, 3, 41, 43]])
def test_gradient_sums_same_bits_on_every_isa_path(training: bool, sizes: list[int],
                                                   rng: np.random.Generator) -> None:
    # the portable sums' 8 partial sums are the AVX2 sums' two vectors of four lanes (the AVX-512
    # path runs them too); groups of 189, 3280 and 3526 elements leave last chunks of 189, 208 and
    # 454 elements: past the last 8, a 4 (into four of the eight partial sums) and 1, nothing, a 4 and 2
    psizes = [1, sizes[1], 1, 1]
    x, dy = (rng.standard_normal(sizes).astype(np.float32) for _ in range(2))
    m, s = (rng.standard_normal(psizes).astype(np.float32) for _ in range(2))
    op = pydml.Device().create_operator(grad_desc(training, sizes, psizes))
    one, *others = isa_results(op, {"InputTensor": x, "InputGradientTensor": dy, "MeanTensor": m,
                                    "VarianceTensor": np.abs(s) + 0.5, "ScaleTensor": s})
    for two in others:
        for name in one:
            assert one[name].tobytes() == two[name].tobytes(), name


@pytest.mark.parametrize("kind", ["training", "training_add_relu", "training_grad"])
@pytest.mark.parametrize("hw", [(1024, 2048), (2047, 1025)])
def test_streamed_rows_match_the_buffered_rows(kind: str, hw: tuple[int, int],
                                               rng: np.random.Generator) -> None:
    """Outputs past the caches (32 MiB) are streamed as they are computed on the vector paths
    (normalization_training.c): the same bits as the portable rows, which stream a buffer. Groups of
    2047 x 1025 elements end in a chunk of 1023, shorter than the rows before it (the FusedAdd
    prefetch two chunks ahead stops short of it)."""
    sizes, psizes = [1, 4, *hw], [1, 4, 1, 1]
    # 8M elements (generated as a repeated block of 1M: cheaper, still unaligned to the chunks)
    x = np.resize(rng.standard_normal(1 << 20 | 1, dtype=np.float32), sizes)
    x[0, :, 0, :8] = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 3.0, -3.0]
    dy = np.resize(rng.standard_normal(1 << 20 | 3, dtype=np.float32), sizes)
    s, b = (rng.standard_normal(psizes).astype(np.float32) for _ in range(2))
    if kind == "training":
        desc = bnt_desc(sizes, psizes)
        inputs = {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b}
    elif kind == "training_add_relu":
        desc = bnt_desc(sizes, psizes, add=True, fused=relu())
        inputs = {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b, "FusedAddTensor": dy}
    else:
        desc = grad_desc(True, sizes, psizes)
        inputs = {"InputTensor": x, "InputGradientTensor": dy, "MeanTensor": s, "VarianceTensor": np.abs(b) + 0.5,
                  "ScaleTensor": s}
    results = isa_results(pydml.Device().create_operator(desc), inputs)
    for other in results[1:]:
        for name in results[0]:
            assert results[0][name].tobytes() == other[name].tobytes(), name
    if kind == "training_add_relu":
        out = results[-1]["OutputTensor"]
        assert (out >= 0).all() and (out == 0).any()


# ---- the pages' rules ---------------------------------------------------------------------------

def assert_rule(desc: Any, field: str, rule: str) -> None:
    name = schema_of(desc).c_name
    for check_desc in (pydml.validate, pydml.Device().create_operator):
        with pytest.raises(ValidationError) as info:
            check_desc(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


def test_rules() -> None:
    # TRAINING: "Any dimension in ScaleTensor and BiasTensor can be set to 1 ... but otherwise must
    # equal the corresponding dimension's size from InputTensor"
    assert_rule(bnt_desc([2, 3, 4, 5], [1, 2, 1, 1]), "ScaleTensor.Sizes[1]",
                "must be 1 (broadcast) or InputTensor.Sizes[1] (3), got 2")
    # "BiasTensor, OutputMeanTensor, OutputVarianceTensor, and ScaleTensor must have the same Sizes"
    with pytest.raises(ValidationError) as info:
        pydml.validate(bnt_desc([2, 3, 4, 5], [1, 3, 1, 1], bias_sizes=[1, 1, 1, 1]))
    assert "BiasTensor" in str(info.value) and "Sizes" in str(info.value)
    # GRAD and TRAINING_GRAD: "Any dimension in MeanTensor, VarianceTensor, and ScaleTensor can be
    # set to 1 ... but otherwise must equal ..."
    for training in (True, False):
        assert_rule(grad_desc(training, [2, 3, 4, 5], [1, 3, 2, 1]), "MeanTensor.Sizes[2]",
                    "must be 1 (broadcast) or InputTensor.Sizes[2] (4), got 2")
        with pytest.raises(ValidationError) as info:
            pydml.validate(grad_desc(training, [2, 3, 4, 5], [1, 3, 1, 1], var_sizes=[1, 1, 1, 1]))
        assert "VarianceTensor" in str(info.value) and "Sizes" in str(info.value)
    # LRN_GRAD LocalSize: "This value must be at least 1."
    assert_rule(lrn_grad_desc([1, 2, 3, 4], True, 0), "LocalSize", "must be at least 1, got 0")
    # "InputGradientTensor, InputTensor, and OutputGradientTensor must have the same DataType and Sizes"
    bad = pydml.DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [1, 2, 3, 4]), InputGradientTensor=tensor("FLOAT16", [1, 2, 3, 4]),
        OutputGradientTensor=tensor("FLOAT32", [1, 2, 3, 4]), CrossChannel=True, LocalSize=3, Alpha=1e-4,
        Beta=0.75, Bias=1.0)
    with pytest.raises(ValidationError) as info:
        pydml.validate(bad)
    assert "DataType" in str(info.value)
