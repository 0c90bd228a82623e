"""BATCH_NORMALIZATION, MEAN_VARIANCE_NORMALIZATION(1, 2), LOCAL_RESPONSE_NORMALIZATION and
LP_NORMALIZATION (native/families/normalization.c) and their own rules (native/validate/rules_normalization.c).

References: numpy float64 written from each page's formula (``max_ulp`` rounds it once to the output
type), torch as a second reference (F.batch_norm, F.layer_norm, F.group_norm, F.instance_norm,
F.local_response_norm, F.normalize). Every kernel test runs on each ISA path (``ew_isa``) with
poisoned outputs (``ew_harness.run``).

Decisions the pages leave open, asserted here (and commented in normalization.c):
  * LRN: the window of an even LocalSize is ONNX's, [i - (L - 1) // 2, i + L // 2] (torch puts
    the extra element before i instead), always divided by LocalSize; CrossChannel FALSE is a
    LocalSize x LocalSize window over Height and Width, still divided by LocalSize;
  * LP: Output = Input / max(||Input||_P, Epsilon) (torch.nn.functional.normalize);
  * MVN2: UseMean FALSE takes the mean as 0 (UseVariance TRUE is then RMS normalization).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import max_ulp, on_every_path, poison, run, tensor

import pydml
from pydml import ValidationError
from pydml.native import lib
from pydml.registry import schema_of

NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}
#: measured float32 bounds against the float64 formula rounded to float32, every ISA path: each
#: element is evaluated in double from double statistics and rounded once, so every float32 result
#: of these tests is the correctly rounded one (0 ulp).
ULP32 = {"bn": 0.0, "mvn": 0.0, "lrn": 0.0, "lp": 0.0}
#: FLOAT16 outputs: double -> float -> half may round twice (measured 1 ulp).
ULP16 = 1.0


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(1234)


def leaky(alpha: float) -> Any:
    return pydml.DML_OPERATOR_DESC(Type=pydml.DML_OPERATOR_ACTIVATION_LEAKY_RELU,
                                   Desc=pydml.DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC(Alpha=alpha))


def check(got: np.ndarray, ref: np.ndarray, bound: float) -> None:
    assert got.shape == ref.shape
    ulp = max_ulp(got, ref)
    assert ulp <= bound, f"{ulp} ulp"


# ---- references (float64, the pages' formulas) --------------------------------------------------

def ref_bn(x: np.ndarray, m: np.ndarray, v: np.ndarray, s: np.ndarray, b: np.ndarray,
           eps: float) -> np.ndarray:
    f = [a.astype(np.float64) for a in (x, m, v, s, b)]
    return f[3] * ((f[0] - f[1]) / np.sqrt(f[2] + np.float64(np.float32(eps)))) + f[4]


def ref_mvn(x: np.ndarray, axes: Sequence[int], eps: float, use_mean: bool = True, use_var: bool = True,
            s: np.ndarray | None = None, b: np.ndarray | None = None) -> np.ndarray:
    x = x.astype(np.float64)
    ax = tuple(axes)
    mean = x.mean(axis=ax, keepdims=True) if use_mean else 0.0
    y = x - mean
    if use_var:
        y = y / np.sqrt((y * y).mean(axis=ax, keepdims=True) + np.float64(np.float32(eps)))
    if s is not None:
        y = y * s.astype(np.float64)
    if b is not None:
        y = y + b.astype(np.float64)
    return y


def ref_lrn(x: np.ndarray, cross: bool, size: int, alpha: float, beta: float, bias: float) -> np.ndarray:
    x = x.astype(np.float64)
    sq = x * x
    lo, hi = (size - 1) // 2, size - 1 - (size - 1) // 2
    acc = np.zeros_like(x)

    def box(a: np.ndarray, axis: int) -> np.ndarray:
        out = np.zeros_like(a)
        n = a.shape[axis]
        for i in range(n):
            sl = [slice(None)] * a.ndim
            sl[axis] = slice(max(0, i - lo), min(n, i + hi + 1))
            dst = [slice(None)] * a.ndim
            dst[axis] = i
            out[tuple(dst)] = a[tuple(sl)].sum(axis=axis)
        return out

    acc = box(sq, 1) if cross else box(box(sq, 3), 2)
    a32, b32, c32 = (np.float64(np.float32(v)) for v in (alpha, beta, bias))
    return x / (c32 + a32 / size * acc) ** b32


def ref_lp(x: np.ndarray, axis: int, p: int, eps: float) -> np.ndarray:
    x = x.astype(np.float64)
    if p == 1:
        norm = np.abs(x).sum(axis=axis, keepdims=True)
    else:
        norm = np.sqrt((x * x).sum(axis=axis, keepdims=True))
    return x / np.maximum(norm, np.float64(np.float32(eps)))


# ---- descs --------------------------------------------------------------------------------------

def bn_desc(sizes: Sequence[int], psizes: Sequence[Sequence[int]], eps: float = 1e-5, dtype: str = "FLOAT32",
            fused: Any = None, in_strides: Sequence[int] | None = None, spatial: bool = True,
            pstrides: Sequence[Sequence[int] | None] | None = None) -> Any:
    ps = pstrides or [None] * 4
    return pydml.DML_BATCH_NORMALIZATION_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes, in_strides), MeanTensor=tensor(dtype, psizes[0], ps[0]),
        VarianceTensor=tensor(dtype, psizes[1], ps[1]), ScaleTensor=tensor(dtype, psizes[2], ps[2]),
        BiasTensor=tensor(dtype, psizes[3], ps[3]), OutputTensor=tensor(dtype, sizes),
        Spatial=spatial, Epsilon=eps, FusedActivation=fused)


def mvn1_desc(sizes: Sequence[int], axes: Sequence[int], eps: float = 1e-5, dtype: str = "FLOAT32",
              scale: Sequence[int] | None = None, bias: Sequence[int] | None = None, normalize: bool = True,
              fused: Any = None, in_strides: Sequence[int] | None = None,
              out_strides: Sequence[int] | None = None, scale_strides: Sequence[int] | None = None) -> Any:
    return pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes, in_strides),
        ScaleTensor=None if scale is None else tensor(dtype, scale, scale_strides),
        BiasTensor=None if bias is None else tensor(dtype, bias),
        OutputTensor=tensor(dtype, sizes, out_strides), Axes=list(axes), NormalizeVariance=normalize,
        Epsilon=eps, FusedActivation=fused)


def mvn2_desc(sizes: Sequence[int], axes: Sequence[int], use_mean: bool, use_var: bool, eps: float = 1e-5,
              dtype: str = "FLOAT32", scale: Sequence[int] | None = None,
              bias: Sequence[int] | None = None) -> Any:
    return pydml.DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes), ScaleTensor=None if scale is None else tensor(dtype, scale),
        BiasTensor=None if bias is None else tensor(dtype, bias), OutputTensor=tensor(dtype, sizes),
        Axes=list(axes), UseMean=use_mean, UseVariance=use_var, Epsilon=eps)


def mvn_desc(sizes: Sequence[int], cross: bool, normalize: bool = True, eps: float = 1e-5,
             dtype: str = "FLOAT32",
             scale: Sequence[int] | None = None, bias: Sequence[int] | None = None, fused: Any = None) -> Any:
    return pydml.DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes), ScaleTensor=None if scale is None else tensor(dtype, scale),
        BiasTensor=None if bias is None else tensor(dtype, bias), OutputTensor=tensor(dtype, sizes),
        CrossChannel=cross, NormalizeVariance=normalize, Epsilon=eps, FusedActivation=fused)


def lrn_desc(sizes: Sequence[int], cross: bool, size: int, alpha: float = 1e-4, beta: float = 0.75,
             bias: float = 1.0, dtype: str = "FLOAT32", in_strides: Sequence[int] | None = None) -> Any:
    return pydml.DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes, in_strides), OutputTensor=tensor(dtype, sizes), CrossChannel=cross,
        LocalSize=size, Alpha=alpha, Beta=beta, Bias=bias)


def lp_desc(sizes: Sequence[int], axis: int, p: int, eps: float = 1e-5, dtype: str = "FLOAT32",
            in_strides: Sequence[int] | None = None, out_strides: Sequence[int] | None = None) -> Any:
    return pydml.DML_LP_NORMALIZATION_OPERATOR_DESC(
        InputTensor=tensor(dtype, sizes, in_strides), OutputTensor=tensor(dtype, sizes, out_strides),
        Axis=axis, Epsilon=eps, P=p)


# ---- BATCH_NORMALIZATION ------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_batch_norm_per_channel_against_formula_and_torch(dtype: str, ew_isa: str,
                                                          rng: np.random.Generator) -> None:
    t = NP[dtype]
    n, c, h, w = 2, 5, 7, 9
    x = (rng.standard_normal((n, c, h, w)) * 3 + 1).astype(t)
    m, s, b = (rng.standard_normal((1, c, 1, 1)).astype(t) for _ in range(3))
    v = rng.uniform(0.1, 4, (1, c, 1, 1)).astype(t)
    got = run(bn_desc([n, c, h, w], [[1, c, 1, 1]] * 4, 1e-3, dtype),
              {"InputTensor": x, "MeanTensor": m, "VarianceTensor": v, "ScaleTensor": s, "BiasTensor": b})
    out = got["OutputTensor"]
    check(out, ref_bn(x, m, v, s, b, 1e-3), ULP32["bn"] if dtype == "FLOAT32" else ULP16)
    if dtype == "FLOAT32":
        want = F.batch_norm(torch.from_numpy(x), torch.from_numpy(m.ravel()), torch.from_numpy(v.ravel()),
                            torch.from_numpy(s.ravel()), torch.from_numpy(b.ravel()), training=False,
                            eps=1e-3)
        np.testing.assert_allclose(out, want.numpy(), rtol=1e-5, atol=1e-5)


def test_batch_norm_broadcast_shapes_and_fused_activation(ew_isa: str, rng: np.random.Generator) -> None:
    sizes = [2, 3, 4, 5]
    psizes = [[1, 3, 1, 5], [1, 1, 4, 1], [2, 3, 4, 5], [1, 1, 1, 1]]
    params = [rng.standard_normal(p).astype(np.float32) for p in psizes]
    params[1] = np.abs(params[1]) + 0.5
    x = rng.standard_normal(sizes).astype(np.float32)
    got = run(bn_desc(sizes, psizes, 1e-5, fused=leaky(0.5)),
              dict(zip(["InputTensor", "MeanTensor", "VarianceTensor", "ScaleTensor", "BiasTensor"],
                       [x, *params], strict=True)))["OutputTensor"]
    ref = ref_bn(x, *params, 1e-5)
    check(got, np.where(ref < 0, ref * 0.5, ref), ULP32["bn"])


def test_batch_norm_strided_input_and_zero_stride_parameters(ew_isa: str, rng: np.random.Generator) -> None:
    n, c, h, w = 2, 4, 3, 6
    nhwc = rng.standard_normal((n, h, w, c)).astype(np.float32)
    in_strides = [h * w * c, 1, w * c, c]
    one = np.array([0.25, 1.5, 2.0, -1.0], np.float32)  # one buffer read as Mean, Scale (stride 0 on N)
    desc = bn_desc([n, c, h, w], [[n, c, 1, 1], [1, c, 1, 1], [n, c, 1, 1], [1, 1, 1, 1]], 1e-5,
                   in_strides=in_strides, pstrides=[[0, 1, 1, 1], None, [0, 1, 1, 1], None])
    v = np.full((1, c, 1, 1), 2.0, np.float32)
    b = np.array(0.5, np.float32).reshape(1, 1, 1, 1)
    got = run(desc, {"InputTensor": nhwc.reshape(-1), "MeanTensor": one, "VarianceTensor": v,
                     "ScaleTensor": one, "BiasTensor": b})["OutputTensor"]
    x = nhwc.transpose(0, 3, 1, 2)
    mb = np.broadcast_to(one.reshape(1, c, 1, 1), (n, c, 1, 1))
    check(got, ref_bn(x, mb, v, mb, b, 1e-5), ULP32["bn"])


@pytest.mark.parametrize("form", ["per_channel", "fused_leaky", "per_column"])
def test_batch_norm_past_the_cache_streams_the_same_bits(form: str, ew_isa: str) -> None:
    """An execute past 32 MiB streams its FLOAT32 output (normalization.c): per-channel rows from the
    registers on the vector paths, a fused activation or per-column parameters through the L1 stage.
    Every element is ((x - m) * (s / sqrt(v + eps))) + b in double, rounded once: numpy's float64
    of the same operations gives the same bits on every path. The output starts 4 bytes past a
    64-byte line (the head before the first 32-byte boundary takes ordinary stores), and rows of
    2047 leave a last chunk of 1023 (a tail of 7 after the 8-element steps)."""
    rng = np.random.default_rng(7)
    c, h, w = 4, 1025, 2047
    sizes = [1, c, h, w]
    x = np.resize(rng.standard_normal(1 << 20 | 1, dtype=np.float32), sizes)
    x[0, :, 0, :8] = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 3.0]
    pshape = [1, 1, 1, w] if form == "per_column" else [1, c, 1, 1]
    m, s, b = (rng.standard_normal(pshape).astype(np.float32) for _ in range(3))
    v = (np.abs(rng.standard_normal(pshape)) + 0.5).astype(np.float32)
    fused = leaky(0.5) if form == "fused_leaky" else None
    store = np.empty(x.size + 32, np.float32)
    lead = (16 - store.ctypes.data % 64 // 4) % 16 + 1   # one float past a 64-byte boundary
    out = store[lead:lead + x.size].reshape(sizes)
    out.fill(np.float32(7.0))
    got = run(bn_desc(sizes, [pshape] * 4, 1e-5, fused=fused),
              {"InputTensor": x, "MeanTensor": m, "VarianceTensor": v, "ScaleTensor": s, "BiasTensor": b},
              outputs={"OutputTensor": out})["OutputTensor"]
    a = s.astype(np.float64) / np.sqrt(v.astype(np.float64) + np.float64(np.float32(1e-5)))
    with np.errstate(invalid="ignore"):
        want = ((x.astype(np.float64) - m) * a + b).astype(np.float32)
        if fused is not None:
            want = np.where(want < 0, want * np.float32(0.5), want)
    assert got.ctypes.data == out.ctypes.data and got.ctypes.data % 64 == 4
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


# ---- MEAN_VARIANCE_NORMALIZATION(1, 2) -----------------------------------------------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_mvn1_layer_norm_against_formula_and_torch(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    t = NP[dtype]
    x = (rng.standard_normal((3, 4, 40)) * 5 + 100).astype(t)  # a large mean: cancellation
    s = rng.standard_normal((1, 1, 40)).astype(t)
    b = rng.standard_normal((1, 1, 40)).astype(t)
    got = run(mvn1_desc([3, 4, 40], [2], 1e-5, dtype, [1, 1, 40], [1, 1, 40]),
              {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b})["OutputTensor"]
    check(got, ref_mvn(x, [2], 1e-5, s=s, b=b), ULP32["mvn"] if dtype == "FLOAT32" else ULP16)
    if dtype == "FLOAT32":
        want = F.layer_norm(torch.from_numpy(x), (40,), torch.from_numpy(s.ravel()),
                            torch.from_numpy(b.ravel()), 1e-5)
        np.testing.assert_allclose(got, want.numpy(), rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("sizes, scale", [([5, 97, 300], [1, 1, 300]), ([5, 97, 300], [5, 1, 300]),
                                         ([2, 20000], [1, 20000])])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_mvn1_threaded_rows_same_bits_on_any_team(sizes: list[int], scale: list[int], dtype: str, ew_isa: str,
                                                   rng: np.random.Generator) -> None:
    # past the one-thread threshold: the groups are split into contiguous shares per thread
    # (normalization.c run_shares; 485 groups: shares of 242 / 243 or 161 / 162, claimed 54 at a
    # time; 2 groups on 3 threads: a team of 2), Scale invariant or per batch
    t = NP[dtype]
    axis = len(sizes) - 1
    x = (rng.standard_normal(sizes) * 3 + 10).astype(t)
    s = rng.standard_normal(scale).astype(t)
    b = rng.standard_normal([1] * axis + [sizes[-1]]).astype(t)
    desc = mvn1_desc(sizes, [axis], 1e-5, dtype, scale, b.shape)
    outs = []
    previous = lib.pydml_set_num_threads(1)
    try:
        for threads in (1, 2, 3):
            lib.pydml_set_num_threads(threads)
            outs.append(run(desc, {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b})["OutputTensor"])
    finally:
        lib.pydml_set_num_threads(previous)
    check(outs[0], ref_mvn(x, [axis], 1e-5, s=s, b=b), ULP32["mvn"] if dtype == "FLOAT32" else ULP16)
    for got in outs[1:]:
        np.testing.assert_array_equal(got.view(np.uint16 if dtype == "FLOAT16" else np.uint32),
                                      outs[0].view(np.uint16 if dtype == "FLOAT16" else np.uint32))


@pytest.mark.parametrize("axes", [[0], [1], [0, 2, 3], [1, 2, 3], [2, 3], [3, 1], [0, 1, 2, 3]])
def test_mvn1_every_kind_of_axis_set(axes: list[int], ew_isa: str, rng: np.random.Generator) -> None:
    sizes = [2, 3, 4, 5]
    x = rng.standard_normal(sizes).astype(np.float32)
    s = rng.standard_normal([1, 3, 1, 5]).astype(np.float32)
    got = run(mvn1_desc(sizes, axes, 1e-4, scale=[1, 3, 1, 5], fused=leaky(0.5)),
              {"InputTensor": x, "ScaleTensor": s})["OutputTensor"]
    ref = ref_mvn(x, axes, 1e-4, s=s)
    check(got, np.where(ref < 0, ref * 0.5, ref), ULP32["mvn"])


def test_mvn1_against_torch_group_and_instance_norm(ew_isa: str, rng: np.random.Generator) -> None:
    x = rng.standard_normal((2, 6, 5, 7)).astype(np.float32)
    inst = run(mvn1_desc([2, 6, 5, 7], [2, 3], 1e-5), {"InputTensor": x})["OutputTensor"]
    want_inst = F.instance_norm(torch.from_numpy(x), eps=1e-5).numpy()
    np.testing.assert_allclose(inst, want_inst, rtol=1e-5, atol=1e-5)
    # group norm with 2 groups: the input read as [2, 2, 3 * 5 * 7]
    g = run(mvn1_desc([2, 2, 105], [2], 1e-5), {"InputTensor": x.reshape(2, 2, 105)})["OutputTensor"]
    want = F.group_norm(torch.from_numpy(x), 2, eps=1e-5).numpy()
    np.testing.assert_allclose(g.reshape(x.shape), want, rtol=1e-5, atol=1e-5)


def test_mvn1_without_variance_and_strided_views(ew_isa: str, rng: np.random.Generator) -> None:
    wide = rng.standard_normal((6, 80)).astype(np.float32)
    raw = poison(np.dtype(np.float32), (6 * 40 * 2,))
    desc = mvn1_desc([6, 40], [1], normalize=False, in_strides=[80, 2], out_strides=[80, 2],
                     scale=[6, 40], scale_strides=[0, 1])
    s = rng.standard_normal(40).astype(np.float32)
    run(desc, {"InputTensor": wide, "ScaleTensor": s}, outputs={"OutputTensor": raw})
    x = wide[:, ::2]
    want = ref_mvn(x, [1], 0.0, use_var=False, s=np.broadcast_to(s, (6, 40)))
    check(raw.reshape(6, 80)[:, ::2], want, ULP32["mvn"])
    assert np.isnan(raw.reshape(6, 80)[:, 1::2]).all(), "elements between strided outputs stay untouched"


@pytest.mark.parametrize("cross", [True, False])
def test_mvn_fl1_form(cross: bool, ew_isa: str, rng: np.random.Generator) -> None:
    x = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    s = rng.standard_normal((1, 3, 1, 1)).astype(np.float32)
    b = rng.standard_normal((1, 3, 1, 1)).astype(np.float32)
    got = run(mvn_desc([2, 3, 4, 5], cross, scale=[1, 3, 1, 1], bias=[1, 3, 1, 1]),
              {"InputTensor": x, "ScaleTensor": s, "BiasTensor": b})["OutputTensor"]
    check(got, ref_mvn(x, [1, 2, 3] if cross else [2, 3], 1e-5, s=s, b=b), ULP32["mvn"])


@pytest.mark.parametrize("use_mean, use_var", [(True, True), (False, True), (True, False), (False, False)])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_mvn2_use_mean_use_variance(use_mean: bool, use_var: bool, dtype: str, ew_isa: str,
                                    rng: np.random.Generator) -> None:
    t = NP[dtype]
    x = (rng.standard_normal((4, 3, 16)) + 0.5).astype(t)
    s = rng.standard_normal((1, 1, 16)).astype(t)
    got = run(mvn2_desc([4, 3, 16], [2], use_mean, use_var, 1e-5, dtype, scale=[1, 1, 16]),
              {"InputTensor": x, "ScaleTensor": s})["OutputTensor"]
    check(got, ref_mvn(x, [2], 1e-5, use_mean, use_var, s=s), ULP32["mvn"] if dtype == "FLOAT32" else ULP16)
    if not use_mean and use_var and dtype == "FLOAT32":  # RMS normalization
        x64 = x.astype(np.float64)
        rms = x64 / np.sqrt((x64 ** 2).mean(-1, keepdims=True) + np.float64(np.float32(1e-5))) * s
        np.testing.assert_allclose(got, rms, rtol=1e-6)


def test_mvn_constant_group_and_nan(ew_isa: str) -> None:
    x = np.ones((2, 8), np.float32)
    x[1, 3] = np.nan
    got = run(mvn1_desc([2, 8], [1], 1e-5), {"InputTensor": x})["OutputTensor"]
    assert (got[0] == 0).all()
    assert np.isnan(got[1]).all()


# ---- LOCAL_RESPONSE_NORMALIZATION ---------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("size, beta", [(1, 0.75), (3, 0.75), (5, 0.5), (4, 0.75), (2, 1.3)])
def test_lrn_cross_channel(dtype: str, size: int, beta: float, ew_isa: str, rng: np.random.Generator) -> None:
    t = NP[dtype]
    x = (rng.standard_normal((2, 7, 3, 5)) * 4).astype(t)
    got = run(lrn_desc([2, 7, 3, 5], True, size, 0.3, beta, 1.5, dtype), {"InputTensor": x})["OutputTensor"]
    check(got, ref_lrn(x, True, size, 0.3, beta, 1.5), ULP32["lrn"] if dtype == "FLOAT32" else ULP16)
    if dtype == "FLOAT32" and size % 2 == 1:  # torch centres odd windows the same way
        want = F.local_response_norm(torch.from_numpy(x), size, 0.3, beta, 1.5).numpy()
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-6)


def test_lrn_even_window_is_onnx_centred(ew_isa: str) -> None:
    # a single nonzero channel c0: with LocalSize 2 the window of channel i is {i, i + 1}, so only
    # channels c0 - 1 and c0 see it (torch's window {i - 1, i} would put it on c0 and c0 + 1)
    x = np.ones((1, 5, 1, 1), np.float32)
    x[0, 2] = 10.0
    got = run(lrn_desc([1, 5, 1, 1], True, 2, 2.0, 1.0, 0.0), {"InputTensor": x})["OutputTensor"].ravel()
    sq = x.ravel().astype(np.float64) ** 2
    want = [x[0, i, 0, 0] / (1.0 * (sq[i] + (sq[i + 1] if i + 1 < 5 else 0))) for i in range(5)]
    np.testing.assert_allclose(got, np.array(want, np.float32), rtol=1e-7)
    assert got[1] == np.float32(1 / 101) and got[3] == np.float32(0.5)  # torch: 1 / 101 on channel 3


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_lrn_within_channel(size: int, ew_isa: str, rng: np.random.Generator) -> None:
    x = (rng.standard_normal((2, 3, 6, 7)) * 2).astype(np.float32)
    nhwc = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    got = run(lrn_desc([2, 3, 6, 7], False, size, 0.2, 0.75, 1.0, in_strides=[6 * 7 * 3, 1, 7 * 3, 3]),
              {"InputTensor": nhwc.reshape(-1)})["OutputTensor"]
    check(got, ref_lrn(x, False, size, 0.2, 0.75, 1.0), ULP32["lrn"])


# ---- LP_NORMALIZATION ---------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("p", [1, 2])
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_lp_normalization(dtype: str, p: int, axis: int, ew_isa: str, rng: np.random.Generator) -> None:
    t = NP[dtype]
    x = rng.standard_normal((3, 5, 17)).astype(t)
    got = run(lp_desc([3, 5, 17], axis, p, 1e-5, dtype), {"InputTensor": x})["OutputTensor"]
    check(got, ref_lp(x, axis, p, 1e-5), ULP32["lp"] if dtype == "FLOAT32" else ULP16)
    if dtype == "FLOAT32":
        want = F.normalize(torch.from_numpy(x), p=float(p), dim=axis, eps=1e-5).numpy()
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("p", [1, 2])
def test_lp_normalization_over_a_middle_axis_in_columns(p: int, rng: np.random.Generator) -> None:
    """LP over an axis that is not the innermost (FLOAT32, packed from the Axis on) runs in column
    tiles of 256 (normalization.c run_lp_columns): the same bits on every path, with several tiles and a partial one, a column of zeros (the Epsilon floor), a NaN column, an outer
    dimension of any stride, against the float64 formula."""
    x = rng.standard_normal((2, 3, 5, 300)).astype(np.float32)
    x[0, :, 1, 7] = 0.0
    x[1, 2, 3, 299] = np.nan
    desc = lp_desc([2, 3, 5, 300], 1, p, 1e-5)
    got = on_every_path(lambda: run(desc, {"InputTensor": x})["OutputTensor"].tobytes())
    assert all(g == got[0] for g in got)
    out = np.frombuffer(got[0], np.float32).reshape(x.shape)
    with np.errstate(invalid="ignore"):
        check(out, ref_lp(x, 1, p, 1e-5), ULP32["lp"])
    assert (out[0, :, 1, 7] == 0).all() and np.isnan(out[1, :, 3, 299]).all()
    wide = np.zeros((2, 4, 5, 300), np.float32)                           # an outer stride with a gap
    wide[:, :3] = x
    desc = lp_desc([2, 3, 5, 300], 1, p, 1e-5, in_strides=[6000, 1500, 300, 1])
    assert run(desc, {"InputTensor": wide})["OutputTensor"].tobytes() == got[0]


@pytest.mark.parametrize("axis", [0, 1, 2])
def test_mvn_over_one_outer_axis_in_columns(axis: int, rng: np.random.Generator) -> None:
    """MEAN_VARIANCE_NORMALIZATION(1, 2) over one axis that is not the innermost, FLOAT32 without
    Scale and Bias, runs in column tiles (normalization.c run_columns: the mean, then the squared
    deviations, then the outputs, a row at a time): the same bits on every path, the float64
    formula rounded once, with and without the mean and the variance, a FusedActivation, several
    tiles and a partial one, a constant column (variance 0: Epsilon alone) and a NaN."""
    sizes = [3, 4, 5, 300]
    x = (rng.standard_normal(sizes) * 3 + 1).astype(np.float32)
    x[(0,) * axis + (slice(None),) + (1,) * (3 - axis)] = 2.5     # one constant group
    x[1, 2, 3, 299] = np.nan
    relu = pydml.DML_OPERATOR_DESC(Type=pydml.DML_OPERATOR_ACTIVATION_RELU, Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())
    cases = [(mvn1_desc(sizes, [axis]), True, True, False), (mvn1_desc(sizes, [axis], normalize=False), True, False, False),
             (mvn1_desc(sizes, [axis], fused=relu), True, True, True),
             (mvn2_desc(sizes, [axis], False, True), False, True, False)]
    for desc, use_mean, use_var, act in cases:
        got = on_every_path(lambda desc=desc: run(desc, {"InputTensor": x})["OutputTensor"].tobytes())
        assert all(g == got[0] for g in got)
        out = np.frombuffer(got[0], np.float32).reshape(sizes)
        with np.errstate(invalid="ignore"):
            want = ref_mvn(x, [axis], 1e-5, use_mean, use_var)
            if act:
                want = np.maximum(want, 0)
        nan = np.isnan(want)
        assert np.isnan(out[nan]).all()
        check(out[~nan], want[~nan], ULP32["mvn"])


def test_lp_epsilon_floor_and_strides(ew_isa: str) -> None:
    x = np.zeros((2, 4), np.float32)
    x[1] = [1e-7, -1e-7, 0, 0]
    wide = np.zeros((2, 8), np.float32)
    wide[:, ::2] = x
    got = run(lp_desc([2, 4], 1, 2, 1e-3, in_strides=[8, 2]), {"InputTensor": wide})["OutputTensor"]
    check(got, ref_lp(x, 1, 2, 1e-3), ULP32["lp"])
    assert (got[0] == 0).all()
    got0 = run(lp_desc([2, 4], 1, 1, 0.0), {"InputTensor": x})["OutputTensor"]
    assert np.isnan(got0[0]).all(), "0 / max(0, 0) is NaN"


# ---- the pages' rules ---------------------------------------------------------------------------

def assert_rule(desc: Any, field: str, rule: str, level: Any = None) -> None:
    name = schema_of(desc).c_name
    device = pydml.Device() if level is None else pydml.Device(feature_level=level)
    for check_desc in ((lambda d: pydml.validate(d, level)) if level is not None else pydml.validate,
                       device.create_operator):
        with pytest.raises(ValidationError) as info:
            check_desc(desc)
        assert info.value.field == field
        assert str(info.value) == f"{name}.{field}: {rule}"


def test_batch_norm_rules() -> None:
    assert_rule(bn_desc([2, 3, 4, 5], [[1, 2, 1, 1], [1, 3, 1, 1], [1, 3, 1, 1], [1, 3, 1, 1]]),
                "MeanTensor.Sizes[1]", "must be 1 (broadcast) or InputTensor.Sizes[1] (3), got 2")
    assert_rule(bn_desc([2, 3, 4, 5], [[1, 3, 1, 1]] * 3 + [[1, 3, 1, 7]]),
                "BiasTensor.Sizes[3]", "must be 1 (broadcast) or InputTensor.Sizes[3] (5), got 7")
    assert_rule(bn_desc([2, 3, 4, 5], [[1, 3, 1, 1]] * 4, spatial=False), "MeanTensor.Sizes[2]",
                "must equal InputTensor.Sizes[2] (4) with Spatial FALSE below DML_FEATURE_LEVEL_4_0, got 1",
                level=pydml.FeatureLevel.FL3_1)
    pydml.validate(bn_desc([2, 3, 4, 5], [[1, 3, 1, 1]] * 4, spatial=False))  # lifted from FL4_0


def test_mvn_rules() -> None:
    assert_rule(mvn1_desc([2, 3, 4], [3]), "Axes[0]",
                "must be in [0, InputTensor.DimensionCount - 1] = [0, 2], got 3")
    assert_rule(mvn1_desc([2, 3, 4], [1, 1]), "Axes[1]",
                "must differ from the other Axes (Axes[0] is also 1), got 1")
    assert_rule(mvn1_desc([2, 3, 4], []), "AxisCount",
                "must be in 1 .. InputTensor.DimensionCount (3), got 0")
    assert_rule(mvn2_desc([2, 3, 4], [0, 5], True, True), "Axes[1]",
                "must be in [0, InputTensor.DimensionCount - 1] = [0, 2], got 5")
    assert_rule(mvn1_desc([2, 3, 4], [2], scale=[1, 2, 4], bias=[1, 3, 4]), "ScaleTensor.Sizes[1]",
                "must be 1 (broadcast) or InputTensor.Sizes[1] (3), got 2")
    assert_rule(mvn2_desc([2, 3, 4], [2], True, True, bias=[2, 1, 3]), "BiasTensor.Sizes[2]",
                "must be 1 (broadcast) or InputTensor.Sizes[2] (4), got 3")
    assert_rule(mvn_desc([2, 3, 4, 5], True, scale=[1, 3, 2, 1], bias=[1, 3, 1, 1]), "ScaleTensor.Sizes[2]",
                "must be 1 (broadcast) or InputTensor.Sizes[2] (4), got 2")
    bad_out = pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [2, 3, 4]), ScaleTensor=None, BiasTensor=None,
        OutputTensor=tensor("FLOAT32", [2, 3, 5]), Axes=[2], NormalizeVariance=True, Epsilon=1e-5)
    assert_rule(bad_out, "OutputTensor.Sizes[2]", "must equal InputTensor.Sizes[2] (4), got 5")
    # below FL5_2 Scale and Bias come together
    assert_rule(mvn1_desc([2, 3, 4, 5], [2, 3], scale=[1, 3, 1, 1]), "BiasTensor",
                "must be present when ScaleTensor is (both or neither below DML_FEATURE_LEVEL_5_2), got null",
                level=pydml.FeatureLevel.FL5_1)
    pydml.validate(mvn1_desc([2, 3, 4, 5], [2, 3], scale=[1, 3, 1, 1]))
    # below FL4_0 the channel dimension of Scale/Bias may not broadcast
    assert_rule(mvn1_desc([2, 3, 4, 5], [2, 3], scale=[1, 1, 1, 1], bias=[1, 3, 1, 1]),
                "ScaleTensor.Sizes[1]",
                "must equal InputTensor.Sizes[1] (3) below DML_FEATURE_LEVEL_4_0, got 1",
                level=pydml.FeatureLevel.FL3_1)


def test_lrn_and_lp_rules() -> None:
    assert_rule(lrn_desc([1, 3, 4, 4], True, 0), "LocalSize", "must be at least 1, got 0")
    assert_rule(lp_desc([2, 3], 2, 2), "Axis", "must be less than InputTensor.DimensionCount (2), got 2")
    assert_rule(lp_desc([2, 3], 1, 3), "P", "must be 1 or 2, got 3")
    assert_rule(lp_desc([2, 3], 0, 0), "P", "must be 1 or 2, got 0")
