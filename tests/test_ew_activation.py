"""The element-wise ACTIVATION_* operators (native/families/ew_activation.c, rules_ew_activation.c).

Each operator against a float64 reference written from its page's formula (MicrosoftDocs/sdk-api
ns-directml-dml_activation_<name>_operator_desc.md; GELU, SWISH, HARD_SWISH: windows-ai-docs
docs/directml/api/), rounded once to the output type, with its float32 ulp bound asserted on every
ISA path; torch as a second reference; FLOAT16 and the pages' integer types; strided, broadcast and
in-place bindings; every fusable activation as ADD1's and CONVOLUTION's FusedActivation (bit-equal
to the standalone operator); the edge cases ew_activation.c decides; the SOFTPLUS rule. The pages
have no worked examples.

Where a page writes exp(x) - 1, 1 + erf(z) or (1 - e^-2x) / (1 + e^-2x), the reference uses the
same function's accurate float64 form (expm1, erfc(-z), tanh, logaddexp for ln(1 + e^t)): the
literal forms cancel in float64 itself (exp(x) - 1 at x = 1e-10 is 1e-6 relative off).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import DTYPES, ISA_PATHS, available_paths, max_ulp, poison, run, tensor

import pydml
from pydml.native import lib

# max_ulp meets FLT_MAX and infinite references (np.spacing overflows there, harmlessly)
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")

F32 = np.float32
Ref = Callable[[np.ndarray, dict[str, float]], np.ndarray]


def _where(cond: np.ndarray, a: Any, b: Any) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.where(cond, a, b)


def r_elu(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # x if x >= 0, Alpha (exp(x) - 1)
    with np.errstate(all="ignore"):
        return _where(x >= 0, x, p["Alpha"] * np.expm1(x))


def r_celu(x: np.ndarray, p: dict[str, float]) -> np.ndarray:
    # max(0, x) + min(0, Alpha * (exp(x / Alpha) - 1))
    with np.errstate(all="ignore"):
        return np.maximum(0.0, x) + np.minimum(0.0, p["Alpha"] * np.expm1(x / p["Alpha"]))


def r_scaled_elu(x: np.ndarray, p: dict[str, float]) -> np.ndarray:
    # Gamma x if x > 0, else Gamma (Alpha exp(x) - Alpha)
    with np.errstate(all="ignore"):
        return _where(x > 0, p["Gamma"] * x, p["Gamma"] * (p["Alpha"] * np.expm1(x)))


def r_hard_sigmoid(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # max(0, min(Alpha x + Beta, 1))
    with np.errstate(all="ignore"):
        return np.maximum(0.0, np.minimum(p["Alpha"] * x + p["Beta"], 1.0))


def r_identity(x: np.ndarray, p: dict[str, float]) -> np.ndarray:
    return x.copy()


def r_leaky_relu(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # x if x >= 0, else Alpha x
    return _where(x >= 0, x, p["Alpha"] * x)


def r_linear(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # Alpha x + Beta
    with np.errstate(all="ignore"):
        return p["Alpha"] * x + p["Beta"]


def r_prelu(x: np.ndarray, slope: np.ndarray) -> np.ndarray:  # x if x >= 0, else slope x
    return _where(x >= 0, x, slope * x)


def r_parametric_softplus(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # Alpha ln(1 + exp(Beta x))
    with np.errstate(all="ignore"):
        return p["Alpha"] * np.logaddexp(0.0, p["Beta"] * x)


def r_relu(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # max(0, x)
    return np.maximum(0.0, x)


def r_scaled_tanh(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # Alpha tanh(Beta x)
    return p["Alpha"] * np.tanh(p["Beta"] * x)


def r_shrink(x: np.ndarray, p: dict[str, float]) -> np.ndarray:
    # x - Bias if x > Threshold; x + Bias if x < -Threshold; 0 otherwise
    b, t = p["Bias"], p["Threshold"]
    return _where(x > t, x - b, _where(x < -t, x + b, 0.0))


def r_sigmoid(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # 1 / (1 + exp(-x))
    with np.errstate(all="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


def r_softplus(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # ln(1 + exp(Steepness x)) / Steepness
    with np.errstate(all="ignore"):
        return np.logaddexp(0.0, p["Steepness"] * x) / p["Steepness"]


def r_softsign(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # x / (1 + abs(x))
    with np.errstate(all="ignore"):
        return x / (1.0 + np.abs(x))


def r_tanh(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # (1 - exp(-2x)) / (1 + exp(-2x))
    return np.tanh(x)


def r_thresholded_relu(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # x if x > Alpha, else 0
    return _where(x > p["Alpha"], x, 0.0)


def r_gelu(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # 0.5 x (1 + erf(x / sqrt(2)))
    with np.errstate(all="ignore"):
        return 0.5 * x * _erfc(-x / np.sqrt(2.0))


def _erfc(z: np.ndarray) -> np.ndarray:
    """erfc in float64 (torch's, which keeps its relative accuracy where erf(z) rounds to -1)."""
    return torch.special.erfc(torch.from_numpy(np.asarray(z, dtype=np.float64))).numpy()


def r_swish(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # x Sigmoid(SigmoidInputScale x)
    with np.errstate(all="ignore"):
        return x / (1.0 + np.exp(-p["SigmoidInputScale"] * x))


def r_hard_swish(x: np.ndarray, p: dict[str, float]) -> np.ndarray:  # x HardSigmoid(x, Alpha, Beta)
    with np.errstate(all="ignore"):
        return x * r_hard_sigmoid(x, p)


@dataclass(frozen=True)
class Act:
    name: str                      # DML_OPERATOR_ACTIVATION_<name>
    params: dict[str, float]
    ref: Ref
    ulp: float                     # float32 bound against ref (0: correctly rounded)
    fusable: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def op(self) -> int:
        return int(getattr(lib, f"DML_OPERATOR_ACTIVATION_{self.name}"))

    def p64(self) -> dict[str, float]:
        """The attributes as the float fields hold them."""
        return {k: float(F32(v)) for k, v in self.params.items()}

    def desc(self, dtype: str = "FLOAT32", sizes: list[int] | None = None,
             in_strides: Any = None, out_strides: Any = None, **kw: Any) -> Any:
        cls = getattr(pydml, f"DML_ACTIVATION_{self.name}_OPERATOR_DESC")
        if sizes is None:  # a FusedActivation: no tensors
            return cls(**self.params)
        return cls(InputTensor=tensor(dtype, sizes, in_strides),
                   OutputTensor=tensor(dtype, sizes, out_strides), **self.params, **kw)


# Attribute values: the pages' typical defaults where given, otherwise values that are not powers
# of two (so the parameter products are inexact in float, which the kernels must not lose).
ACTS = [
    Act("ELU", {"Alpha": 0.8}, r_elu, 2),
    Act("CELU", {"Alpha": 1.3}, r_celu, 2),
    Act("SCALED_ELU", {"Alpha": 1.6732, "Gamma": 1.0507}, r_scaled_elu, 2),
    Act("HARD_SIGMOID", {"Alpha": 0.2, "Beta": 0.5}, r_hard_sigmoid, 0),
    Act("IDENTITY", {}, r_identity, 0),
    Act("LEAKY_RELU", {"Alpha": 0.1}, r_leaky_relu, 0),
    Act("LINEAR", {"Alpha": 0.7, "Beta": -0.3}, r_linear, 0),
    Act("PARAMETERIZED_RELU", {}, r_identity, 0, fusable=False),   # ref: test_prelu_*
    Act("PARAMETRIC_SOFTPLUS", {"Alpha": 0.9, "Beta": 1.7}, r_parametric_softplus, 3),
    Act("RELU", {}, r_relu, 0),
    Act("SCALED_TANH", {"Alpha": 1.5, "Beta": 0.6}, r_scaled_tanh, 3),
    Act("SHRINK", {"Bias": 0.25, "Threshold": 0.5}, r_shrink, 0),
    Act("SIGMOID", {}, r_sigmoid, 2),
    Act("SOFTPLUS", {"Steepness": 1.7}, r_softplus, 2),
    Act("SOFTSIGN", {}, r_softsign, 0),
    Act("TANH", {}, r_tanh, 1),
    Act("THRESHOLDED_RELU", {"Alpha": 0.4}, r_thresholded_relu, 0),
    Act("GELU", {}, r_gelu, 2),
    Act("SWISH", {"SigmoidInputScale": 1.3}, r_swish, 2, fusable=False),
    Act("HARD_SWISH", {"Alpha": 0.2, "Beta": 0.5}, r_hard_swish, 0, fusable=False),
]
BY_NAME = {a.name: a for a in ACTS}
UNARY = [a for a in ACTS if a.name != "PARAMETERIZED_RELU"]
FUSABLE = [a for a in ACTS if a.fusable]
INTEGER_TYPES = {  # the FL5_1 rows of the pages that list integer types
    "RELU": ["INT32", "INT16", "INT8"],
    "PARAMETERIZED_RELU": ["INT32", "INT16", "INT8"],
    "SHRINK": ["INT32", "INT16", "INT8", "UINT32", "UINT16", "UINT8"],
}
ids = [a.name for a in ACTS]
EXACT_IN_FLOAT16 = {"IDENTITY", "RELU", "THRESHOLDED_RELU", "PARAMETERIZED_RELU"}  # no float rounding


def sample(rng: np.random.Generator) -> np.ndarray:
    """Finite float32 inputs across the whole range: a dense grid where the functions bend,
    logarithmically spaced magnitudes from the subnormals to FLT_MAX, random normals, signed zeros."""
    fmax = float(np.finfo(F32).max)
    mags = np.logspace(-45, 38.5, 600)
    parts = [np.linspace(-20, 20, 2001), mags, -mags, rng.standard_normal(800) * 4,
             [0.0, -0.0, 1e-45, -1e-45, 1e-40, -1e-40, fmax, -fmax, 14.5, -14.5, 40.0, -40.0]]
    x = np.concatenate([np.asarray(p, np.float64) for p in parts]).astype(F32)
    return x[np.isfinite(x)]


def execute(act: Act, x: np.ndarray, dtype: str = "FLOAT32", slope: np.ndarray | None = None,
            **kw: Any) -> np.ndarray:
    inputs = {"InputTensor": x}
    extra: dict[str, Any] = {}
    if act.name == "PARAMETERIZED_RELU":
        inputs["SlopeTensor"] = slope if slope is not None else np.full_like(x, 0.3)
        extra["SlopeTensor"] = tensor(dtype, list(x.shape))
    return run(act.desc(dtype, list(x.shape), **extra, **kw), inputs)["OutputTensor"]


# ---- float32: every ISA path within the operator's ulp bound ----------------------------------


@pytest.mark.parametrize("act", UNARY, ids=[a.name for a in UNARY])
def test_float32_within_ulp_bound_of_the_float64_page_formula(act: Act, ew_isa: str,
                                                              rng: np.random.Generator) -> None:
    x = sample(rng)
    got = execute(act, x)
    assert got.dtype == F32
    ulp = max_ulp(got, act.ref(x.astype(np.float64), act.p64()))
    assert ulp <= act.ulp, f"{act.name} on {ew_isa}: {ulp} ulp"


@pytest.mark.parametrize("act", UNARY, ids=[a.name for a in UNARY])
def test_isa_paths_are_bit_identical(act: Act, rng: np.random.Generator) -> None:
    x = sample(rng)
    results = []
    try:
        for path in available_paths():
            lib.pydml_set_cpu_features(ISA_PATHS[path])
            results.append(execute(act, x))
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    for other in results[1:]:
        np.testing.assert_array_equal(other.view(np.uint32), results[0].view(np.uint32))


@pytest.mark.parametrize("name", ["SIGMOID", "TANH", "GELU"])
def test_a_value_does_not_depend_on_its_neighbours(name: str, ew_isa: str, rng: np.random.Generator) -> None:
    """SIGMOID, TANH and GELU run a row whose inputs are all in their normal range in a shorter
    form (ew_mathfn.h, EW_ROW_WITH_FAST_RANGE), and other rows in the general one: both give the
    same bits. Each 1024-element row of `mixed` holds one value outside the range (NaN, +-inf,
    +-100); `plain` holds the same values without it. Out of place and in place."""
    act = BY_NAME[name]
    rows, width = 8, 1024
    plain = (rng.standard_normal((rows, width)) * 4).astype(F32)
    mixed = plain.copy()
    mixed[:, 77] = np.array([np.nan, np.inf, -np.inf, 100.0, -100.0, 87.0, -87.0, 13.5], F32)
    for in_place in (False, True):
        got: list[np.ndarray] = []
        for x in (plain, mixed):
            desc = act.desc("FLOAT32", [rows, width])
            op = pydml.Device().create_operator(desc)
            buf = x.copy()
            out = buf if in_place else poison(np.dtype(F32), (rows, width))
            op.execute({"InputTensor": buf}, {"OutputTensor": out})
            got.append(out)
        keep = np.ones(width, bool)
        keep[77] = False
        np.testing.assert_array_equal(got[0][:, keep].view(np.uint32), got[1][:, keep].view(np.uint32))


# ---- parameters the kernels must not round away ------------------------------------------------


@pytest.mark.parametrize("name,params", [
    ("SOFTPLUS", {"Steepness": 1.3}), ("SOFTPLUS", {"Steepness": 7.1}),
    ("PARAMETRIC_SOFTPLUS", {"Alpha": -2.2, "Beta": -0.35}),
    ("PARAMETRIC_SOFTPLUS", {"Alpha": 1.0, "Beta": 0.0}),
    ("SWISH", {"SigmoidInputScale": -0.7}), ("SWISH", {"SigmoidInputScale": 3.3}),
    ("SWISH", {"SigmoidInputScale": 0.0}), ("SCALED_TANH", {"Alpha": -0.3, "Beta": 11.1}),
    ("CELU", {"Alpha": 0.37}), ("CELU", {"Alpha": -1.7}), ("ELU", {"Alpha": -2.5}),
    ("HARD_SIGMOID", {"Alpha": -0.9, "Beta": 0.1}), ("HARD_SWISH", {"Alpha": 1 / 6, "Beta": 0.5}),
    ("LINEAR", {"Alpha": -1e-3, "Beta": 7.5}), ("SHRINK", {"Bias": -1.5, "Threshold": 2.5}),
])
def test_other_attribute_values(name: str, params: dict[str, float], rng: np.random.Generator) -> None:
    base = BY_NAME[name]
    act = Act(name, params, base.ref, base.ulp)
    x = sample(rng)
    with np.errstate(all="ignore"):
        x = x[np.abs(x) < 1e30]  # keep the parameter products finite in both
    assert max_ulp(execute(act, x), act.ref(x.astype(np.float64), act.p64())) <= act.ulp


# ---- FLOAT16 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("act", ACTS, ids=ids)
def test_float16_rounded_once_from_float(act: Act, rng: np.random.Generator) -> None:
    x = np.concatenate([np.linspace(-12, 12, 1201), rng.standard_normal(300) * 3,
                        [0.0, -0.0, 6e-8, -6e-8, 65504.0, -65504.0]]).astype(np.float16)
    slope = (rng.standard_normal(x.shape) * 0.5).astype(np.float16)
    got = execute(act, x, "FLOAT16", slope=slope)
    assert got.dtype == np.float16
    x64 = x.astype(np.float64)
    if act.name == "PARAMETERIZED_RELU":
        want = r_prelu(x64, slope.astype(np.float64))
    else:
        want = act.ref(x64, act.p64())
    # exact float results rounded once to FLOAT16; the others are rounded to float first, which
    # can move a FLOAT16 rounding by one ulp
    assert max_ulp(got, want) <= (0 if act.name in EXACT_IN_FLOAT16 else 1)


# ---- torch as a second reference ---------------------------------------------------------------

SELU_ALPHA, SELU_SCALE = 1.6732632423543772, 1.0507009873554805
TORCH = [  # (operator, attributes, torch function of a float32 tensor)
    ("ELU", {"Alpha": 0.8}, lambda t: F.elu(t, alpha=0.8)),
    ("CELU", {"Alpha": 1.3}, lambda t: F.celu(t, alpha=1.3)),
    ("SCALED_ELU", {"Alpha": SELU_ALPHA, "Gamma": SELU_SCALE}, F.selu),
    # torch's hardsigmoid is relu6(x + 3) / 6: Alpha 1/6, Beta 0.5 (the page's typical 0.2, 0.5 differ)
    ("HARD_SIGMOID", {"Alpha": 1 / 6, "Beta": 0.5}, F.hardsigmoid),
    ("LEAKY_RELU", {"Alpha": 0.1}, lambda t: F.leaky_relu(t, 0.1)),
    ("RELU", {}, F.relu),
    # torch's softplus returns x above its threshold (20 by default); make it never apply
    ("SOFTPLUS", {"Steepness": 1.7}, lambda t: F.softplus(t, beta=1.7, threshold=1e30)),
    ("PARAMETRIC_SOFTPLUS", {"Alpha": 0.9, "Beta": 1.7},
     lambda t: 0.9 * 1.7 * F.softplus(t.double(), beta=1.7, threshold=1e30)),
    ("SOFTSIGN", {}, F.softsign),
    # torch's float32 tanh once returned values 1.8e-5 off for |x| in [2.5, 9) in one full-suite
    # run (a faster kernel chosen by some earlier state of the process); its double tanh is the
    # peer that does not move
    ("TANH", {}, lambda t: torch.tanh(t.double())),
    ("SIGMOID", {}, torch.sigmoid),
    ("GELU", {}, F.gelu),
    ("SWISH", {"SigmoidInputScale": 1.0}, F.silu),
    ("HARD_SWISH", {"Alpha": 1 / 6, "Beta": 0.5}, F.hardswish),
    ("SHRINK", {"Bias": 0.0, "Threshold": 0.5}, lambda t: F.hardshrink(t, 0.5)),
    ("SHRINK", {"Bias": 0.5, "Threshold": 0.5}, lambda t: F.softshrink(t, 0.5)),
    ("THRESHOLDED_RELU", {"Alpha": 0.4}, lambda t: F.threshold(t, 0.4, 0.0)),
    ("SCALED_TANH", {"Alpha": 1.5, "Beta": 0.6}, lambda t: 1.5 * torch.tanh(0.6 * t.double())),
]


@pytest.mark.parametrize("name,params,fn", TORCH, ids=[f"{t[0]}-{i}" for i, t in enumerate(TORCH)])
def test_agrees_with_torch(name: str, params: dict[str, float], fn: Any, rng: np.random.Generator) -> None:
    x = np.concatenate([np.linspace(-12, 12, 2401), rng.standard_normal(500) * 3]).astype(F32)
    act = Act(name, params, BY_NAME[name].ref, BY_NAME[name].ulp)
    got = execute(act, x)
    want = fn(torch.from_numpy(x)).to(torch.float32).numpy()
    # torch's float32 functions carry their own few-ulp errors, and absolute ones where they cancel:
    # its GELU's 1 + erf (~1.5e-7 |x|) and hardsigmoid / hardswish's x + 3 (~ulp(3) / 6)
    atol = {"GELU": 2e-6, "HARD_SIGMOID": 1e-7, "HARD_SWISH": 1e-6}.get(name, 1e-30)
    np.testing.assert_allclose(got, want, rtol=4e-6, atol=atol)


def test_prelu_agrees_with_torch_per_channel_slope(rng: np.random.Generator) -> None:
    x = rng.standard_normal((2, 3, 4, 5)).astype(F32)
    w = np.array([0.25, -0.5, 1.5], F32)
    desc = BY_NAME["PARAMETERIZED_RELU"].desc(
        "FLOAT32", [2, 3, 4, 5], SlopeTensor=tensor("FLOAT32", [2, 3, 4, 5], [0, 1, 0, 0]))
    got = run(desc, {"InputTensor": x, "SlopeTensor": w})["OutputTensor"]
    np.testing.assert_array_equal(got, F.prelu(torch.from_numpy(x), torch.from_numpy(w)).numpy())


# ---- PARAMETERIZED_RELU: the slope tensor ------------------------------------------------------


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_prelu_slope_elementwise_strided_and_broadcast(dtype: str, ew_isa: str,
                                                        rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    sizes = [2, 3, 5, 7]
    x = (rng.standard_normal(sizes) * 4).astype(dt)
    act = BY_NAME["PARAMETERIZED_RELU"]
    x64 = x.astype(np.float64)
    # elementwise slope
    slope = (rng.standard_normal(sizes) * 2).astype(dt)
    got = run(act.desc(dtype, sizes, SlopeTensor=tensor(dtype, sizes)),
              {"InputTensor": x, "SlopeTensor": slope})["OutputTensor"]
    np.testing.assert_array_equal(got, r_prelu(x64, slope.astype(np.float64)).astype(dt))
    # one slope per channel (stride 0 elsewhere), one per width position, one scalar
    for shape, strides in [((3,), [0, 1, 0, 0]), ((7,), [0, 0, 0, 1]), ((1,), [0, 0, 0, 0])]:
        s = (rng.standard_normal(shape) * 2).astype(dt)
        full = np.broadcast_to(s.reshape([sizes[d] if strides[d] else 1 for d in range(4)]), sizes)
        bound = np.concatenate([s, np.zeros(1, dt)])  # TotalTensorSizeInBytes rounds up to 4 bytes
        got = run(act.desc(dtype, sizes, SlopeTensor=tensor(dtype, sizes, strides)),
                  {"InputTensor": x, "SlopeTensor": bound})["OutputTensor"]
        np.testing.assert_array_equal(got, r_prelu(x64, full.astype(np.float64)).astype(dt))
    # a transposed slope (NHWC memory read as NCHW)
    nhwc = (rng.standard_normal([2, 5, 7, 3]) * 2).astype(dt)
    got = run(act.desc(dtype, sizes, SlopeTensor=tensor(dtype, sizes, [105, 1, 21, 3])),
              {"InputTensor": x, "SlopeTensor": nhwc.reshape(-1)})["OutputTensor"]
    want = r_prelu(x64, nhwc.transpose(0, 3, 1, 2).astype(np.float64)).astype(dt)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", INTEGER_TYPES["PARAMETERIZED_RELU"])
def test_prelu_integer_types_wrap(dtype: str, rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    info = np.iinfo(dt)
    x = np.concatenate([rng.integers(info.min, info.max, 200, endpoint=True), [info.min, info.max, 0, -1]])
    slope = np.concatenate([rng.integers(-5, 6, 200), [3, -3, 7, -1]])
    x, slope = x.astype(dt), slope.astype(dt)
    act = BY_NAME["PARAMETERIZED_RELU"]
    got = run(act.desc(dtype, [x.size], SlopeTensor=tensor(dtype, [x.size])),
              {"InputTensor": x, "SlopeTensor": slope})["OutputTensor"]
    wide = np.where(x >= 0, x.astype(np.int64), x.astype(np.int64) * slope.astype(np.int64))
    np.testing.assert_array_equal(got, wide.astype(dt))  # two's complement wrap (astype wraps)
    if dtype == "INT8":  # by hand: -128 * 3 = -384 = -128 (mod 256)
        assert got[-4] == -128


# ---- integer RELU and SHRINK -------------------------------------------------------------------


@pytest.mark.parametrize("dtype", INTEGER_TYPES["RELU"])
def test_relu_integer_types(dtype: str, rng: np.random.Generator) -> None:
    info = np.iinfo(DTYPES[dtype])
    x = np.concatenate([rng.integers(info.min, info.max, 300, endpoint=True), [info.min, info.max, 0, -1, 1]])
    x = x.astype(DTYPES[dtype])
    got = execute(BY_NAME["RELU"], x, dtype)
    np.testing.assert_array_equal(got, np.maximum(x, 0))


@pytest.mark.parametrize("dtype", INTEGER_TYPES["SHRINK"])
def test_shrink_integer_types_compute_exactly_then_truncate_and_saturate(dtype: str,
                                                                         rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    info = np.iinfo(dt)
    x = np.concatenate([rng.integers(info.min, info.max, 300, endpoint=True),
                        [info.min, info.max, 0, 1, 2, 3, 4, 5, 6]]).astype(dt)
    for bias, threshold in [(0.0, 2.0), (0.5, 0.5), (5.0, 2.5), (-3.75, 1.0)]:
        act = Act("SHRINK", {"Bias": bias, "Threshold": threshold}, r_shrink, 0)
        got = execute(act, x, dtype)
        r = r_shrink(x.astype(np.float64), act.p64())
        want = np.clip(np.trunc(r), info.min, info.max).astype(dt)  # toward zero, saturating
        np.testing.assert_array_equal(got, want, err_msg=f"Bias {bias}, Threshold {threshold}")
    # worked by hand: 5 - 0.5 = 4.5 -> 4; UINT8 3 - 5 = -2 -> 0 (saturates, no wrap)
    act = Act("SHRINK", {"Bias": 0.5, "Threshold": 0.5}, r_shrink, 0)
    assert execute(act, np.array([5], dt), dtype)[0] == 4
    act = Act("SHRINK", {"Bias": 5.0, "Threshold": 0.5}, r_shrink, 0)
    assert execute(act, np.array([3], dt), dtype)[0] == (0 if info.min == 0 else -2)


# ---- edge cases the pages leave open (decisions of ew_activation.c) ----------------------------

NAN, INF = float("nan"), float("inf")
# Where the formula as written is inf/inf or inf * 0 at +-inf, the kernels take the limit.
LIMITS = {"SOFTSIGN": {INF: 1.0, -INF: -1.0}, "GELU": {-INF: 0.0}, "SWISH": {-INF: 0.0},
          "HARD_SWISH": {-INF: 0.0}}


@pytest.mark.parametrize("act", UNARY, ids=[a.name for a in UNARY])
def test_nan_infinities_and_signed_zeros(act: Act, ew_isa: str) -> None:
    x = np.array([NAN, INF, -INF, 0.0, -0.0], F32)
    got = execute(act, x)
    want = act.ref(x.astype(np.float64), act.p64()).astype(F32)
    for value, limit in LIMITS.get(act.name, {}).items():
        want[x == value] = limit
    # NaN in, NaN out, except the comparison-only "0 otherwise" rows
    assert np.isnan(got[0]) == (act.name not in ("THRESHOLDED_RELU", "SHRINK"))
    np.testing.assert_array_equal(got, want)


def test_celu_alpha_zero_is_the_relu_limit() -> None:
    act = Act("CELU", {"Alpha": 0.0}, r_celu, 0)
    x = np.array([-INF, -3.0, -1e-30, -0.0, 0.0, 1e-30, 2.5, INF, NAN], F32)
    got = execute(act, x)
    np.testing.assert_array_equal(got, np.maximum(x, 0))


def test_shrink_negative_threshold_first_row_wins() -> None:
    act = Act("SHRINK", {"Bias": 0.25, "Threshold": -1.0}, r_shrink, 0)
    x = np.array([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], F32)
    # x > -1 takes the first row (x - Bias) even where x < 1 also holds; -2 and -1 take the second
    want = np.array([-1.75, -0.75, -0.75, -0.25, 0.25, 0.75, 1.75], F32)
    np.testing.assert_array_equal(execute(act, x), want)


def test_infinite_attributes_take_the_limit() -> None:
    x = np.array([-INF, -2.0, -0.0, 0.0, 3.0, INF], F32)
    steep = Act("SOFTPLUS", {"Steepness": INF}, r_softplus, 0)   # ln(1 + e^(s x)) / s -> max(x, 0)
    np.testing.assert_array_equal(execute(steep, x), np.maximum(x, 0))
    swish = Act("SWISH", {"SigmoidInputScale": INF}, r_swish, 0)  # x Sigmoid(s x) -> max(x, 0)
    np.testing.assert_array_equal(execute(swish, x), np.maximum(x, 0))
    flat = Act("PARAMETRIC_SOFTPLUS", {"Alpha": 2.0, "Beta": 0.0}, r_parametric_softplus, 0)
    np.testing.assert_array_equal(execute(flat, x), np.full(x.shape, F32(2 * np.log(2))))


# ---- bindings: strided, broadcast, in place ----------------------------------------------------


@pytest.mark.parametrize("act", UNARY, ids=[a.name for a in UNARY])
def test_strided_broadcast_and_in_place(act: Act, rng: np.random.Generator) -> None:
    n, c, w = 3, 4, 5
    # NHWC-ordered input read as {n, c, w}, written into every second element of a larger buffer
    x = (rng.standard_normal((n, w, c)) * 4).astype(F32)
    out_strides = [2 * c * w, 2 * w, 2]
    raw = poison(np.dtype(F32), (2 * n * c * w,))
    run(act.desc("FLOAT32", [n, c, w], in_strides=[w * c, 1, c], out_strides=out_strides),
        {"InputTensor": x.reshape(-1)}, outputs={"OutputTensor": raw})
    xt = x.transpose(0, 2, 1)
    want = execute(act, np.ascontiguousarray(xt))
    np.testing.assert_array_equal(raw[::2].reshape(n, c, w), want)
    assert np.isnan(raw[1::2]).all(), "elements between the strided outputs must stay untouched"
    # one row broadcast over the batch (stride 0)
    row = (rng.standard_normal((c, w)) * 4).astype(F32)
    got = run(act.desc("FLOAT32", [n, c, w], in_strides=[0, w, 1]), {"InputTensor": row})["OutputTensor"]
    np.testing.assert_array_equal(got, np.broadcast_to(execute(act, row), (n, c, w)))
    # in place (each page but GELU's says so; the engine allows it for every element-wise operator)
    buf = xt.copy()
    op = pydml.Device().create_operator(act.desc("FLOAT32", [n, c, w]))
    op.execute({"InputTensor": buf}, {"OutputTensor": buf})
    np.testing.assert_array_equal(buf, want)


# ---- one definition: FusedActivation of ADD1 and CONVOLUTION -----------------------------------


def fused(act: Act) -> Any:
    return pydml.DML_OPERATOR_DESC(Type=act.op, Desc=act.desc())


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("act", FUSABLE, ids=[a.name for a in FUSABLE])
def test_add1_fused_activation_equals_standalone(act: Act, dtype: str, rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    a = (rng.standard_normal(600) * 6).astype(dt)
    # FLOAT16 sums are not rounded to FLOAT16 before the activation: add zeros there
    b = (rng.standard_normal(600) * 6).astype(dt) if dtype == "FLOAT32" else np.zeros(600, dt)
    desc = pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(
        ATensor=tensor(dtype, [600]), BTensor=tensor(dtype, [600]), OutputTensor=tensor(dtype, [600]),
        FusedActivation=fused(act))
    got = run(desc, {"ATensor": a, "BTensor": b})["OutputTensor"]
    s = (a.astype(F32) + b.astype(F32)).astype(dt)
    np.testing.assert_array_equal(got, execute(act, s, dtype))


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
@pytest.mark.parametrize("act", FUSABLE, ids=[a.name for a in FUSABLE])
def test_convolution_fused_activation_equals_standalone(act: Act, dtype: str,
                                                        rng: np.random.Generator) -> None:
    dt = DTYPES[dtype]
    c, h, w = 6, 7, 9
    x = (rng.standard_normal((1, c, h, w)) * 6).astype(dt)
    x.reshape(-1)[:4] = [0.0, -0.0, 1e-3, -30.0]
    eye = np.eye(c, dtype=dt).reshape(c, c, 1, 1)   # 1x1 identity filter: output = input, exactly
    desc = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=tensor(dtype, [1, c, h, w]), FilterTensor=tensor(dtype, [c, c, 1, 1]),
        OutputTensor=tensor(dtype, [1, c, h, w]), Mode=pydml.DML_CONVOLUTION_MODE_CROSS_CORRELATION,
        Direction=pydml.DML_CONVOLUTION_DIRECTION_FORWARD, Strides=[1, 1], Dilations=[1, 1],
        StartPadding=[0, 0], EndPadding=[0, 0], OutputPadding=[0, 0], GroupCount=1,
        FusedActivation=fused(act))
    got = run(desc, {"InputTensor": x, "FilterTensor": eye})["OutputTensor"]
    np.testing.assert_array_equal(got, execute(act, x, dtype))


UNFUSABLE = [a for a in ACTS if not a.fusable]


@pytest.mark.parametrize("act", UNFUSABLE, ids=[a.name for a in UNFUSABLE])
def test_unfusable_activations_are_refused_as_fused(act: Act) -> None:
    desc = pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(
        ATensor=tensor("FLOAT32", [4]), BTensor=tensor("FLOAT32", [4]), OutputTensor=tensor("FLOAT32", [4]),
        FusedActivation=fused(act))
    conv = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [1, 2, 3, 3]), FilterTensor=tensor("FLOAT32", [2, 2, 1, 1]),
        OutputTensor=tensor("FLOAT32", [1, 2, 3, 3]), Mode=pydml.DML_CONVOLUTION_MODE_CROSS_CORRELATION,
        Direction=pydml.DML_CONVOLUTION_DIRECTION_FORWARD, Strides=[1, 1], Dilations=[1, 1],
        StartPadding=[0, 0], EndPadding=[0, 0], OutputPadding=[0, 0], GroupCount=1,
        FusedActivation=fused(act))
    for d in (desc, conv):
        with pytest.raises(pydml.ValidationError) as info:
            pydml.validate(d)
        assert info.value.field == "FusedActivation.Type"
        assert str(info.value).endswith(
            f"is not an activation that can be fused, got DML_OPERATOR_ACTIVATION_{act.name}")


# ---- the pages' rules --------------------------------------------------------------------------


@pytest.mark.parametrize("steepness,shown", [(0.5, "0.5"), (-2.0, "-2.0"), (0.99999994, "0.99999994"),
                                             (-INF, "-inf")])
def test_softplus_steepness_below_one_needs_6_4(steepness: float, shown: str) -> None:
    """The SOFTPLUS page: Steepness "cannot be less than 1"; the feature-level history's
    DML_FEATURE_LEVEL_6_4: "Updated DML_OPERATOR_ACTIVATION_SOFTPLUS to allow Steepness < 1"."""
    desc = pydml.DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [4]), OutputTensor=tensor("FLOAT32", [4]), Steepness=steepness)
    with pytest.raises(pydml.FeatureLevelError) as info:
        pydml.validate(desc, "6_3")
    err = info.value
    assert (err.desc, err.field, err.required) == ("DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC", "Steepness",
                                                   pydml.FeatureLevel.FL6_4)
    assert str(err) == ("DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC.Steepness: must be >= 1 below DML_FEATURE_LEVEL_6_4 "
                        "(which allows Steepness < 1); the device was created at DML_FEATURE_LEVEL_6_3, "
                        f"got {shown}")
    with pytest.raises(pydml.ValidationError):
        pydml.Device("6_3").create_operator(desc)
    pydml.validate(desc, "6_4")
    # the same rule holds for the fused form
    add1 = pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(
        ATensor=tensor("FLOAT32", [4]), BTensor=tensor("FLOAT32", [4]), OutputTensor=tensor("FLOAT32", [4]),
        FusedActivation=pydml.DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC(Steepness=steepness))
    with pytest.raises(pydml.FeatureLevelError) as info:
        pydml.validate(add1, "6_3")
    assert (info.value.desc, info.value.field) == ("DML_ELEMENT_WISE_ADD1_OPERATOR_DESC.FusedActivation",
                                                   "Steepness")
    pydml.validate(add1, "6_4")


def test_softplus_steepness_zero_is_refused_at_every_level() -> None:
    """f(x) = ln(1 + exp(Steepness x)) / Steepness has no value at Steepness 0."""
    desc = pydml.DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [4]), OutputTensor=tensor("FLOAT32", [4]), Steepness=0.0)
    for level in ("3_0", "6_3", "6_4"):
        with pytest.raises(pydml.ValidationError) as info:
            pydml.validate(desc, level)
        assert str(info.value) == "DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC.Steepness: must not be 0 (f divides by it), got 0.0"


@pytest.mark.parametrize("steepness", [0.5, 0.1, -2.0])
def test_softplus_steepness_below_one_runs_at_6_4(steepness: float) -> None:
    x = np.linspace(-30, 30, 241).astype(np.float32)
    op = pydml.Device("6_4").create_operator(pydml.DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [241]), OutputTensor=tensor("FLOAT32", [241]), Steepness=steepness))
    y = op.execute({"InputTensor": x}, {"OutputTensor": poison(np.dtype(np.float32), (241,))})["OutputTensor"]
    ref = np.logaddexp(0.0, steepness * x.astype(np.float64)) / steepness  # the page's formula, float64
    np.testing.assert_allclose(y, ref, rtol=4e-7, atol=1e-30)


@pytest.mark.parametrize("steepness", [1.0, 1.5, INF])
def test_softplus_steepness_one_and_above_accepted(steepness: float) -> None:
    pydml.validate(pydml.DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [4]), OutputTensor=tensor("FLOAT32", [4]), Steepness=steepness), "3_0")


@pytest.mark.parametrize("name,params", [
    ("CELU", {"Alpha": 0.0}), ("SHRINK", {"Bias": 1.0, "Threshold": -1.0}),
    ("HARD_SIGMOID", {"Alpha": -3.0, "Beta": 9.0}), ("HARD_SWISH", {"Alpha": 0.0, "Beta": -1.0}),
    ("SCALED_ELU", {"Alpha": 0.0, "Gamma": -1.0}), ("THRESHOLDED_RELU", {"Alpha": -INF}),
])
def test_attributes_the_pages_do_not_restrict_are_accepted(name: str, params: dict[str, float]) -> None:
    pydml.validate(Act(name, params, r_identity, 0).desc("FLOAT32", [4]))
