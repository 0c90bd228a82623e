"""ELEMENT_WISE math operators (native/families/ew_math.c, ew_mathfn.h, rules_ew_math.c).

References: numpy float64 written from each page's formula and rounded once to the output type;
torch (float64, or the integer op) as a second reference where it has the same function; exact
Python integers for the integer paths. Float32 transcendental results are held to per-operator ulp
bounds (ULP below) on every ISA path, over a few thousand values across each domain including 0,
-0, +-inf, NaN, huge and subnormal inputs. The element-wise pages of this family have no worked
examples to reproduce. Edge cases the pages leave open follow the decisions written at the top of
native/families/ew_math.c.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, ISA_PATHS, available_paths, max_ulp, run, tensor

import pydml
from pydml import FeatureLevel, FeatureLevelError, ValidationError
from pydml.native import lib
from pydml.registry import schema_of

F32 = np.float32

# references and the ulp measure cast float64 values beyond the float range on purpose
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")


def listed(op: str, field: str = "OutputTensor") -> tuple[str, ...]:
    """The data types the op's support table lists for ``field`` at DML_FEATURE_LEVEL_6_4."""
    rows = schema_of(pydml.OperatorType[f"ELEMENT_WISE_{op}"]).support_at(FeatureLevel.FL6_4)
    assert rows is not None
    return rows[field].data_types


def desc_class(op: str) -> Any:
    return getattr(pydml, f"DML_ELEMENT_WISE_{op}_OPERATOR_DESC")


def unary(op: str, x: np.ndarray, dtype: str = "FLOAT32", strides: Any = None, **kw: Any) -> np.ndarray:
    sizes = list(x.shape) if strides is None else kw.pop("sizes")
    d = desc_class(op)(InputTensor=tensor(dtype, sizes, strides), OutputTensor=tensor(dtype, sizes), **kw)
    return run(d, {"InputTensor": x})["OutputTensor"]


BINARY_FIELDS = {"POW": ("InputTensor", "ExponentTensor")}


def binary(op: str, a: np.ndarray, b: np.ndarray, dtype: str, sizes: list[int],
           a_strides: Any = None, b_strides: Any = None, b_dtype: str | None = None) -> np.ndarray:
    fa, fb = BINARY_FIELDS.get(op, ("ATensor", "BTensor"))
    d = desc_class(op)(**{fa: tensor(dtype, sizes, a_strides), fb: tensor(b_dtype or dtype, sizes, b_strides),
                          "OutputTensor": tensor(dtype, sizes)})
    return run(d, {fa: a, fb: b})["OutputTensor"]


# -- float inputs ------------------------------------------------------------------------------------

EDGES = [0.0, -0.0, math.inf, -math.inf, math.nan, 3.4028235e38, -3.4028235e38, 1e-45, -1e-45,
         1.1754944e-38, -1.1754942e-38, 1e-30, -1e-30, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-7, -1e-7]


def sample(lo: float, hi: float, extra: tuple[float, ...] = (), n: int = 1500) -> np.ndarray:
    """Edges, ``n`` uniform values in [lo, hi] and ``n`` of log-uniform magnitude, both signs."""
    rng = np.random.default_rng(7)
    mags = 10.0 ** rng.uniform(-45, 38.5, n) * rng.choice([-1.0, 1.0], n)
    with np.errstate(over="ignore"):
        return np.concatenate([np.array(EDGES + list(extra)), rng.uniform(lo, hi, n), mags]).astype(F32)


def erf64(x: np.ndarray) -> np.ndarray:
    return np.vectorize(math.erf, otypes=[np.float64])(x)


#: op -> (float64 reference, torch function, uniform range, extra edge values)
UNARY: dict[str, tuple[Callable[[Any], Any], Any, tuple[float, float], tuple[float, ...]]] = {
    "EXP": (np.exp, torch.exp, (-110, 95), (88.72283, 88.72284, -103.97, -87.3)),
    "LOG": (np.log, torch.log, (0, 10), (1.0000001, 0.99999994)),
    "SQRT": (np.sqrt, torch.sqrt, (0, 100), (4.0, 2.0, 1.9999999)),
    "RECIP": (lambda x: 1 / x, torch.reciprocal, (-10, 10), ()),
    "ERF": (erf64, torch.erf, (-5, 5), (0.92, -0.92, 0.91999996, 3.92, 4.0)),
    "TANH": (np.tanh, torch.tanh, (-12, 12), (9.0, 10.0, -10.0, 0.55)),
    "SINH": (np.sinh, torch.sinh, (-95, 95), (9.0, -9.0, 89.41, 89.42, 88.72)),
    "COSH": (np.cosh, torch.cosh, (-95, 95), (89.41, 89.42, -89.41)),
    "ASINH": (np.arcsinh, torch.asinh, (-10, 10), (268435456.0, 268435440.0, -268435456.0)),
    "ACOSH": (np.arccosh, torch.acosh, (0, 10), (0.99999994, 1.0000001, 268435456.0)),
    "ATANH": (np.arctanh, torch.atanh, (-1, 1), (0.99999994, -0.99999994, 1.0000001)),
    "SIN": (np.sin, torch.sin, (-10, 10), (3.1415927, 1e10)),
    "COS": (np.cos, torch.cos, (-10, 10), (1.5707964, 1e10)),
    "TAN": (np.tan, torch.tan, (-10, 10), (1.5707964, 1e10)),
    "ASIN": (np.arcsin, torch.asin, (-1, 1), (0.99999994, 1.0000001)),
    "ACOS": (np.arccos, torch.acos, (-1, 1), (0.99999994, 1.0000001)),
    "ATAN": (np.arctan, torch.atan, (-10, 10), (1e20, -1e20)),
    "ABS": (np.abs, torch.abs, (-10, 10), ()),
    "NEGATE": (np.negative, torch.neg, (-10, 10), ()),
    "CEIL": (np.ceil, torch.ceil, (-10, 10), (0.49999997, -0.49999997, 8388607.5, -8388607.5)),
    "FLOOR": (np.floor, torch.floor, (-10, 10), (0.49999997, -0.49999997, 8388607.5, -8388607.5)),
}

#: float32 bound per operator, in ulps of the float64 function rounded to float32. ew_mathfn.h
#: functions: the worst case over all 2^32 inputs; glibc's float functions: their documented
#: bounds (measured here: within 1).
ULP = {"EXP": 1, "LOG": 1, "SQRT": 0, "RECIP": 0, "ERF": 1, "TANH": 1, "SINH": 2, "COSH": 2, "ASINH": 2,
       "ACOSH": 2, "ATANH": 2, "SIN": 1, "COS": 1, "TAN": 1, "ASIN": 1, "ACOS": 1, "ATAN": 1, "ABS": 0,
       "NEGATE": 0, "CEIL": 0, "FLOOR": 0}


def assert_zero_signs(got: np.ndarray, want: np.ndarray) -> None:
    zero = want == 0
    np.testing.assert_array_equal(np.signbit(got[zero]), np.signbit(want[zero]))


@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_float32_ulp(op: str, ew_isa: str) -> None:
    ref, tfn, (lo, hi), extra = UNARY[op]
    x = sample(lo, hi, extra)
    got = unary(op, x)
    with np.errstate(all="ignore"):
        want = ref(x.astype(np.float64))
    with np.errstate(over="ignore"):
        assert max_ulp(got, want) <= ULP[op]
        assert max_ulp(got, tfn(torch.from_numpy(x.astype(np.float64))).numpy()) <= ULP[op]
        assert_zero_signs(got, want.astype(F32))


@pytest.mark.parametrize("in_place", [False, True])
def test_exp_gives_the_same_bits_on_every_isa_path(in_place: bool) -> None:
    """EXP's hand-written rows (ew_math.c: AVX2's exp8_normal, whose 16-value blocks with a value
    beyond EW_EXP_LIMIT are redone by ew_expf before anything is stored; AVX-512's exp16) against
    the portable row, bit for bit: values in and out of the fast range at every position of a
    block, NaN, infinities, subnormal and overflowing results, a tail of 3, in place and not."""
    rng = np.random.default_rng(11)
    x = rng.uniform(-110, 95, 4099).astype(F32)
    x[1024:2048] = rng.uniform(-86, 86, 1024)   # blocks wholly in range: stored without a redo
    odd = np.array([np.nan, np.inf, -np.inf, 88.72283, -103.97, -87.3, 86.0, -86.0, 86.00001, -0.0], F32)
    x[rng.integers(0, x.size, 80)] = rng.choice(odd, 80)
    got = unary_bits_on_every_path("EXP", x, in_place)
    with np.errstate(over="ignore"):
        assert max_ulp(got, np.exp(x.astype(np.float64))) <= ULP["EXP"]


def unary_bits_on_every_path(op: str, x: np.ndarray, in_place: bool) -> np.ndarray:
    """op's FLOAT32 output for x on each ISA path, in place or into a NaN-poisoned buffer; asserts
    the paths give the same bits and returns them."""
    bits = {}
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            f = tensor("FLOAT32", [x.size])
            op_ = pydml.Device().create_operator(desc_class(op)(InputTensor=f, OutputTensor=f))
            buf = x.copy()
            out = buf if in_place else np.full_like(x, np.nan)
            op_.execute({"InputTensor": buf}, {"OutputTensor": out})
            bits[path] = out.tobytes()
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    assert len(set(bits.values())) == 1, (op, sorted(bits))
    return np.frombuffer(bits["portable"], F32)


@pytest.mark.parametrize("op", ["SIN", "COS"])
@pytest.mark.parametrize("in_place", [False, True])
def test_sin_cos_rows_give_the_same_bits_on_every_isa_path(op: str, in_place: bool) -> None:
    """SIN and COS (ew_mathfn.h's double reduction and kernels below 1e6 in magnitude; blocks of 64
    holding a larger element computed element by element, those with glibc): the same bits on every
    path, in place and not; the float64 function rounded to float below 1e6 but for near-ties
    (0.501 ulp at worst over every 7th float pattern), within one ulp beyond; -0 kept by SIN; NaN for
    infinities and NaN."""
    rng = np.random.default_rng(12)
    x = (rng.standard_normal(4099) * rng.choice([1e-6, 1.0, 10.0, 1e3, 9e5], 4099)).astype(F32)
    x[2048:2112] = rng.uniform(-1e7, 1e7, 64)   # a block with big elements, wholly
    odd = np.array([np.nan, np.inf, -np.inf, 1e6, -1e6, 999999.94, 3e38, -0.0, 0.0, 1e-40, 1.5707964, 3.1415927], F32)
    x[rng.integers(0, x.size, 60)] = rng.choice(odd, 60)
    small = np.where(np.abs(x) < 1e6, x, np.float32(0.5))  # a row with no big element: one vector loop
    for row in (x, small):
        assert_sin_cos_row(op, row, in_place)


def assert_sin_cos_row(op: str, x: np.ndarray, in_place: bool) -> None:
    got = unary_bits_on_every_path(op, x, in_place)
    with np.errstate(invalid="ignore"):
        want = (np.sin if op == "SIN" else np.cos)(x.astype(np.float64))
    small = np.abs(x) < 1e6
    assert max_ulp(got[np.isfinite(x)], want[np.isfinite(x)]) <= 1
    # below 1e6 within 0.501 ulp of the exact value: the float nearest it but for near-ties
    assert np.mean(got[small] == want[small].astype(F32)) > 0.999
    assert np.isnan(got[~np.isfinite(x)]).all()
    if op == "SIN":
        assert_zero_signs(got, want.astype(F32))


@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_float16(op: str) -> None:
    assert "FLOAT16" in listed(op)
    ref, _, (lo, hi), extra = UNARY[op]
    with np.errstate(over="ignore"):
        x = np.clip(sample(lo, hi, extra, n=300), -65504, 65504).astype(np.float16)
    got = unary(op, x, "FLOAT16")
    with np.errstate(all="ignore"):
        want = ref(x.astype(np.float64))
    # computed in float32 (within ULP[op] there), then rounded to float16 once more
    assert max_ulp(got, want) <= 1


def test_float_only_operators_list_no_integer_type() -> None:
    # the table entries that have no integer path: their pages list FLOAT32 and FLOAT16 only
    for op in ["EXP", "LOG", "SQRT", "RECIP", "ERF", "TANH", "SINH", "COSH", "ASINH", "ACOSH", "ATANH",
               "SIN", "COS", "TAN", "ASIN", "ACOS", "ATAN", "CEIL", "FLOOR", "ROUND", "CONSTANT_POW",
               "ATAN_YX"]:
        assert listed(op) == ("FLOAT32", "FLOAT16"), op


def test_strided_unary_input(ew_isa: str) -> None:
    # an input read with a permuting stride and a broadcast (zero-stride) axis
    x = np.linspace(-3, 3, 12, dtype=F32)
    got = unary("TANH", x, strides=[1, 0, 3], sizes=[3, 2, 4])
    view = np.lib.stride_tricks.as_strided(x, (3, 2, 4), (4, 0, 12))
    assert max_ulp(got, np.tanh(view.astype(np.float64))) <= ULP["TANH"]


def test_unary_edge_values() -> None:
    x = np.array([0.0, -0.0, math.inf, -math.inf, math.nan, -1.0], F32)
    log = unary("LOG", x)
    # the LOG page: x == 0 gives -INF, x < 0 gives indefinite (NaN)
    inf, nan = math.inf, math.nan
    np.testing.assert_array_equal(log, np.array([-inf, -inf, inf, nan, nan, nan], F32))
    np.testing.assert_array_equal(unary("EXP", x)[:5], np.array([1, 1, inf, 0, nan], F32))
    np.testing.assert_array_equal(unary("TANH", x)[:5], np.array([0, -0.0, 1, -1, nan], F32))
    np.testing.assert_array_equal(unary("ERF", x)[:5], np.array([0, -0.0, 1, -1, nan], F32))
    np.testing.assert_array_equal(unary("SQRT", x), np.array([0, -0.0, inf, nan, nan, nan], F32))
    for op in ("TANH", "ERF", "SQRT", "SINH", "ASINH", "ATANH"):
        assert np.signbit(unary(op, x)[1]), op
    np.testing.assert_array_equal(unary("RECIP", x)[:2], np.array([math.inf, -math.inf], F32))


def test_sign_page_semantics() -> None:
    # f(x) = -1 if x < 0, 1 if x > 0, 0 otherwise -- "This includes negative zero"; NaN is "otherwise"
    x = np.array([-3.5, -1e-45, -0.0, 0.0, 1e-45, 7.0, math.inf, -math.inf, math.nan], F32)
    for dtype in ("FLOAT32", "FLOAT16"):
        got = unary("SIGN", x.astype(DTYPES[dtype]), dtype)
        want = np.array([-1, -1, 0, 0, 1, 1, 1, -1, 0], DTYPES[dtype])
        if dtype == "FLOAT16":  # +-1e-45 is 0 in float16
            want[[1, 4]] = 0
        np.testing.assert_array_equal(got, want)
        assert not np.signbit(got[2])


# -- ROUND ---------------------------------------------------------------------------------------------

ROUND_INPUT = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -0.49999997, 0.49999997, 0.50000006, -2.4, 2.6,
                        -0.3, 8388607.5, -8388607.5, 8388609.0, 1e30, -0.0, 0.0, math.inf, -math.inf,
                        math.nan, 1e-45], F32)


def half_away(x: np.ndarray) -> np.ndarray:
    return np.copysign(np.floor(np.abs(x) + 0.5), x)


@pytest.mark.parametrize("mode, ref, tref", [
    ("HALVES_TO_NEAREST_EVEN", np.rint, torch.round),
    ("TOWARD_ZERO", np.trunc, torch.trunc),
    ("TOWARD_INFINITY", half_away, None),
])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_round_modes(mode: str, ref: Any, tref: Any, dtype: str, ew_isa: str) -> None:
    assert dtype in listed("ROUND")
    rng = np.random.default_rng(3)
    x = np.concatenate([ROUND_INPUT, rng.uniform(-40, 40, 200).astype(F32)]).astype(DTYPES[dtype])
    got = unary("ROUND", x, dtype, RoundingMode=mode)
    with np.errstate(invalid="ignore"):
        want = ref(x.astype(np.float64)).astype(DTYPES[dtype])
    np.testing.assert_array_equal(got, want)
    assert_zero_signs(got, want)
    if tref is not None:
        torch_want = tref(torch.from_numpy(x.astype(np.float64))).numpy().astype(x.dtype)
        np.testing.assert_array_equal(got, torch_want)


def test_round_page_examples_in_text() -> None:
    # the page's own words: 0.5 rounds to the nearest even integer (0), or away from zero (1)
    x = np.array([0.5, -0.5, 1.5], F32)
    np.testing.assert_array_equal(unary("ROUND", x, RoundingMode="HALVES_TO_NEAREST_EVEN"), [0, -0.0, 2])
    np.testing.assert_array_equal(unary("ROUND", x, RoundingMode="TOWARD_INFINITY"), [1, -1, 2])
    np.testing.assert_array_equal(unary("ROUND", x, RoundingMode="TOWARD_ZERO"), [0, -0.0, 1])


def page_pow(x: Any, e: Any) -> Any:
    """pow(x, e), NaN for a negative base with a non-integral exponent (the POW pages' words)."""
    return np.where((x < 0) & (e != np.trunc(e)), np.nan, np.power(x, e))


# -- CONSTANT_POW and ScaleBias --------------------------------------------------------------------------


@pytest.mark.parametrize("exponent", [2.0, 0.5, -1.0, 3.0, -2.5, 0.0, 1.0 / 3.0])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_constant_pow(exponent: float, dtype: str, ew_isa: str) -> None:
    x = sample(-20, 20, n=300).astype(DTYPES[dtype])
    got = unary("CONSTANT_POW", x, dtype, Exponent=exponent)
    e = float(F32(exponent))  # the attribute is a FLOAT
    with np.errstate(all="ignore"):
        want = page_pow(x.astype(np.float64), np.float64(e))
        torch_want = torch.pow(torch.from_numpy(x.astype(np.float64)), e).numpy()
    assert max_ulp(got, want) <= 1
    ok = ~np.isnan(want)
    assert max_ulp(got[ok], torch_want[ok]) <= 1
    if not e.is_integer():  # negative bases need an integral exponent, else NaN (-inf too)
        assert np.isnan(got[x < 0]).all()


def test_constant_pow_vector_exponents(ew_isa: str, rng: np.random.Generator) -> None:
    """The exponents ew_math.c evaluates as arithmetic: x^2 and x^-1 are float32's x * x and 1 / x
    (glibc powf's bits), x^0.5 the correctly rounded square root (+0 for -0, NaN for every negative
    base), x^3 within half an ulp of the float64 cube (plus 2^-29 of one), x^1 = x, x^0 = 1 (NaN
    too); on edge values, subnormals, overflow and a vector body with a tail."""
    edge = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-20, 1.9e19, 3.4e38,
                     -3.4e38, 7e12, 2.0**-75, 0.1, -2.5], F32)
    x = np.concatenate([edge, (rng.standard_normal(999) * rng.choice([1e-30, 1.0, 1e10, 1e30], 999)).astype(F32)])
    with np.errstate(all="ignore"):
        sq = unary("CONSTANT_POW", x, Exponent=2.0)
        assert np.array_equal(sq.view(np.uint32), (x * x).view(np.uint32))
        rc = unary("CONSTANT_POW", x, Exponent=-1.0)
        assert np.array_equal(rc, F32(1) / x, equal_nan=True)
        rt = unary("CONSTANT_POW", x, Exponent=0.5)
        assert np.array_equal(rt[x >= 0].view(np.uint32), (np.sqrt(x[x >= 0]) + F32(0)).view(np.uint32))
        assert np.isnan(rt[(x < 0) | np.isnan(x)]).all()
        assert np.signbit(rt[x == 0]).sum() == 0  # -0 -> +0, as pow(-0, 0.5)
        cube = unary("CONSTANT_POW", x, Exponent=3.0)
        want = x.astype(np.float64) ** 3
        assert max_ulp(cube, want) <= 0.5 + 2.0**-20
        assert np.array_equal(unary("CONSTANT_POW", x, Exponent=1.0), x, equal_nan=True)
        assert (unary("CONSTANT_POW", x, Exponent=0.0) == 1).all()
        # POW with one exponent along the run (ONNX's Pow(x, 2)) takes the same rows; a varying one
        # calls powf per element
        for e in (2.0, 3.0, 0.5, -1.0, 1.0, 0.0, -2.5):
            want_bits = unary("CONSTANT_POW", x, Exponent=e).view(np.uint32)
            got = binary("POW", x, np.array([e], F32), "FLOAT32", [len(x)], b_strides=[0])
            assert np.array_equal(got.view(np.uint32), want_bits), e
        mixed = np.resize(np.array([2.0, 0.5, 3.0], F32), len(x))
        got = binary("POW", x, mixed, "FLOAT32", [len(x)])
        assert max_ulp(got, page_pow(x.astype(np.float64), mixed.astype(np.float64))) <= 1


@pytest.mark.parametrize("op", ["EXP", "SQRT", "ABS", "LOG", "CONSTANT_POW", "TANH"])
def test_scale_bias_applies_before_the_function(op: str, ew_isa: str) -> None:
    x = np.linspace(-4, 4, 33, dtype=F32)
    kw: dict[str, Any] = {"ScaleBias": pydml.ScaleBias(Scale=2.0, Bias=0.75)}
    if op == "CONSTANT_POW":
        kw["Exponent"] = 3.0
    got = unary(op, x, **kw)
    g = (x * F32(2.0) + F32(0.75)).astype(np.float64)  # g(x) = x * scale + bias, in float
    ref = {"CONSTANT_POW": lambda v: v ** 3, **{k: v[0] for k, v in UNARY.items()}}[op]
    with np.errstate(all="ignore"):
        assert max_ulp(got, ref(g)) <= ULP.get(op, 1)


# -- binary float ---------------------------------------------------------------------------------------


def py_mod(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Python's float %, element by element (the MODULUS_FLOOR page: "the same results as the Python
    modulus"), NaN where Python raises (b == 0)."""
    out = np.empty(a.shape, np.float64)
    for i, (x, y) in enumerate(zip(a.ravel().tolist(), b.ravel().tolist(), strict=True)):
        out.flat[i] = math.nan if y == 0 else x % y
    return out


#: op -> (float64 reference from the page's formula, torch reference or None, ulp bound)
BINARY: dict[str, tuple[Callable[[Any, Any], Any], Any, int]] = {
    "SUBTRACT": (np.subtract, torch.sub, 0),
    "DIVIDE": (np.divide, torch.div, 0),
    "MAX": (np.fmax, torch.fmax, 0),
    "MIN": (np.fmin, torch.fmin, 0),
    "MEAN": (lambda a, b: (a + b) / 2, None, 0),
    "DIFFERENCE_SQUARE": (lambda a, b: (a - b) * (a - b), None, 0),
    "ATAN_YX": (np.arctan2, torch.atan2, 1),
    "POW": (lambda a, b: page_pow(a, b), torch.pow, 1),
    "MODULUS_TRUNCATE": (np.fmod, torch.fmod, 0),
    "MODULUS_FLOOR": (py_mod, torch.remainder, 0),
    "ADD": (np.add, torch.add, 0),
    "MULTIPLY": (np.multiply, torch.mul, 0),
}

SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 2.5, -3.0, 1e-40, -7e-39, 3e38, -3e38, math.inf, -math.inf,
                    math.nan], F32)


def binary_inputs(dtype: str) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of special values, then random pairs (the same count), as (4, n/4) arrays."""
    rng = np.random.default_rng(11)
    sa, sb = np.meshgrid(SPECIAL, SPECIAL)
    m = sa.size
    r = m + (-2 * m) % 4  # the total a multiple of 4
    ra = (rng.standard_normal(r) * 8).astype(F32)
    rb = (rng.standard_normal(r) * 8).astype(F32)
    a = np.concatenate([sa.ravel(), ra]).astype(DTYPES[dtype]).reshape(4, -1)
    b = np.concatenate([sb.ravel(), rb]).astype(DTYPES[dtype]).reshape(4, -1)
    return a, b


@pytest.mark.parametrize("op", sorted(BINARY))
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_binary_float(op: str, dtype: str, ew_isa: str) -> None:
    assert dtype in listed(op)
    ref, tfn, bound = BINARY[op]
    a, b = binary_inputs(dtype)
    got = binary(op, a, b, dtype, list(a.shape))
    with np.errstate(all="ignore"):
        want = ref(a.astype(np.float64), b.astype(np.float64))
    assert max_ulp(got, want) <= (bound if dtype == "FLOAT32" else 1)
    if tfn is not None:  # torch on the finite, non-degenerate pairs
        ok = np.isfinite(a) & np.isfinite(b) & (b != 0) & (np.abs(a) < 1e30) & (np.abs(b) < 1e30)
        with np.errstate(all="ignore"):
            tw = tfn(torch.from_numpy(a[ok].astype(np.float64)), torch.from_numpy(b[ok].astype(np.float64)))
        assert max_ulp(got[ok], tw.numpy()) <= (bound if dtype == "FLOAT32" else 1)


@pytest.mark.parametrize("op", ["SUBTRACT", "DIVIDE", "MAX", "POW", "MODULUS_FLOOR", "ATAN_YX"])
def test_binary_strided_and_broadcast(op: str, ew_isa: str) -> None:
    rng = np.random.default_rng(5)
    ref, _, bound = BINARY[op]
    a = (rng.uniform(0.5, 4, (5, 3, 4))).astype(F32)            # read transposed (strides 1, 20, 5)
    row = rng.uniform(-3, 3, 4).astype(F32)                     # broadcast over the first two axes
    av = a.transpose(2, 1, 0)                                   # sizes [4, 3, 5]
    strides_a = [s // 4 for s in av.strides]
    got = binary(op, a, row, "FLOAT32", [4, 3, 5], a_strides=strides_a, b_strides=[1, 0, 0])
    with np.errstate(all="ignore"):
        want = ref(av.astype(np.float64), row[:, None, None].astype(np.float64) + np.zeros((4, 3, 5)))
    assert max_ulp(got, want) <= bound


def test_max_min_nan_gives_the_other_operand() -> None:
    a = np.array([math.nan, 1.0, math.nan, -2.0], F32)
    b = np.array([3.0, math.nan, math.nan, -1.0], F32)
    np.testing.assert_array_equal(binary("MAX", a, b, "FLOAT32", [4]), [3.0, 1.0, math.nan, -1.0])
    np.testing.assert_array_equal(binary("MIN", a, b, "FLOAT32", [4]), [3.0, 1.0, math.nan, -2.0])


def test_modulus_float_edges() -> None:
    a = np.array([5.5, -5.5, 5.5, -5.5, -1.0, 1.0, 3.0, -0.0, 2.0, math.inf], F32)
    b = np.array([2.0, 2.0, -2.0, -2.0, math.inf, -math.inf, -3.0, 3.0, 0.0, 2.0], F32)
    trunc = binary("MODULUS_TRUNCATE", a, b, "FLOAT32", [10])
    np.testing.assert_array_equal(trunc, [1.5, -1.5, 1.5, -1.5, -1.0, 1.0, 0.0, -0.0, math.nan, math.nan])
    floor = binary("MODULUS_FLOOR", a, b, "FLOAT32", [10])
    # Python: 5.5 % -2 == -0.5, -1 % inf == inf, 3 % -3 == -0.0, -0.0 % 3 == 0.0
    np.testing.assert_array_equal(floor, [1.5, 0.5, -0.5, -1.5, math.inf, -math.inf, -0.0, 0.0, math.nan,
                                          math.nan])
    assert np.signbit(floor[6]) and not np.signbit(floor[7]) and np.signbit(trunc[7])


def test_mean_does_not_overflow() -> None:
    a = np.array([3.4028235e38, -3.4028235e38, 1.0], F32)
    got = binary("MEAN", a, a, "FLOAT32", [3])
    np.testing.assert_array_equal(got, a)


def test_pow_float_input_integer_exponent() -> None:
    # from DML_FEATURE_LEVEL_3_0 ExponentTensor may have another data type; a float input computes
    # in float, and negative bases are fine with integral exponents
    x = np.array([-2.0, -1.5, 0.5, 3.0, 0.0, -0.0], F32)
    e = np.array([3, 2, -2, 4, -1, -1], np.int32)
    got = binary("POW", x, e, "FLOAT32", [6], b_dtype="INT32")
    np.testing.assert_array_equal(got, np.array([-8.0, 2.25, 4.0, 81.0, math.inf, -math.inf], F32))


# -- integers ---------------------------------------------------------------------------------------------

INT_UNARY = ["ABS", "NEGATE", "SIGN"]
INT_BINARY = ["SUBTRACT", "DIVIDE", "MAX", "MIN", "MEAN", "DIFFERENCE_SQUARE", "MODULUS_TRUNCATE",
              "MODULUS_FLOOR", "POW"]


def int_types(op: str) -> list[str]:
    return [t for t in listed(op) if not t.startswith("FLOAT")]


def bounds(dtype: str) -> tuple[int, int]:
    info = np.iinfo(DTYPES[dtype])
    return int(info.min), int(info.max)


def wrap(v: int, dtype: str) -> int:
    lo, hi = bounds(dtype)
    return (v - lo) % (hi - lo + 1) + lo


def trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def int_ref(op: str, a: int, b: int, dtype: str) -> int:
    """The page's formula in exact integers, with ew_math.c's decisions where the pages are silent."""
    lo, hi = bounds(dtype)
    if op == "ABS":
        return wrap(abs(a), dtype)
    if op == "NEGATE":
        return wrap(-a, dtype)
    if op == "SIGN":
        return (a > 0) - (a < 0)
    if op == "SUBTRACT":
        return wrap(a - b, dtype)
    if op == "MAX":
        return max(a, b)
    if op == "MIN":
        return min(a, b)
    if op == "MEAN":
        return trunc_div(a + b, 2)
    if op == "DIFFERENCE_SQUARE":
        return wrap((a - b) ** 2, dtype)
    if op == "DIVIDE":  # by zero: the saturated +-inf (0 / 0: 0); INT_MIN / -1 wraps
        return (hi if a > 0 else lo if a < 0 else 0) if b == 0 else wrap(trunc_div(a, b), dtype)
    if op == "MODULUS_TRUNCATE":
        return a if b == 0 else a - b * trunc_div(a, b)
    if op == "MODULUS_FLOOR":
        return a if b == 0 else a % b
    if op == "POW":
        if b >= 0:
            return wrap(a ** b, dtype)
        return 1 if a == 1 else (-1 if b % 2 else 1) if a == -1 else hi if a == 0 else 0
    raise AssertionError(op)


def int_values(dtype: str, n: int, rng: np.random.Generator) -> np.ndarray:
    lo, hi = bounds(dtype)
    edge = [v for v in (lo, lo + 1, -2, -1, 0, 1, 2, 3, hi - 1, hi) if lo <= v <= hi]
    rand = rng.integers(lo, hi, size=n - len(edge), endpoint=True, dtype=DTYPES[dtype])
    small = rng.integers(max(lo, -9), min(hi, 9), size=n - len(edge), endpoint=True, dtype=DTYPES[dtype])
    mixed = np.where(rng.random(n - len(edge)) < 0.5, rand, small)
    return np.concatenate([np.array(edge, DTYPES[dtype]), mixed])


@pytest.mark.parametrize("op", INT_UNARY)
def test_integer_unary_every_listed_type(op: str) -> None:
    types = int_types(op)
    assert types, op
    rng = np.random.default_rng(1)
    for dtype in types:
        x = int_values(dtype, 40, rng)
        got = unary(op, x, dtype)
        want = np.array([int_ref(op, int(v), 0, dtype) for v in x.tolist()], object).astype(DTYPES[dtype])
        np.testing.assert_array_equal(got, want, err_msg=dtype)


def test_integer_unary_against_torch() -> None:
    x = np.array([-128, -5, 0, 7, 127], np.int8)
    np.testing.assert_array_equal(unary("ABS", x, "INT8"), torch.abs(torch.from_numpy(x)).numpy())
    np.testing.assert_array_equal(unary("NEGATE", x, "INT8"), torch.neg(torch.from_numpy(x)).numpy())
    np.testing.assert_array_equal(unary("SIGN", x, "INT8"), torch.sign(torch.from_numpy(x)).numpy())


@pytest.mark.parametrize("op", INT_BINARY)
def test_integer_binary_every_listed_type(op: str) -> None:
    types = int_types(op)
    assert types, op
    rng = np.random.default_rng(2)
    for dtype in types:
        a = int_values(dtype, 48, rng)
        b = int_values(dtype, 48, rng)[::-1].copy()
        if op == "POW":  # exponents small enough to be interesting, negative ones where signed
            b = rng.integers(-3 if bounds(dtype)[0] < 0 else 0, 40, size=a.size).astype(DTYPES[dtype])
        pairs = list(zip(a.tolist(), b.tolist(), strict=True))
        # every ordered pair of the edge values as well
        edge = int_values(dtype, 10, rng)[:10]
        pairs += [(int(x), int(y)) for x in edge for y in edge if op != "POW" or 0 <= y < 40]
        a2 = np.array([p[0] for p in pairs], DTYPES[dtype])
        b2 = np.array([p[1] for p in pairs], DTYPES[dtype])
        got = binary(op, a2, b2, dtype, [a2.size])
        want = np.array([int_ref(op, x, y, dtype) for x, y in pairs], dtype=object).astype(DTYPES[dtype])
        np.testing.assert_array_equal(got, want, err_msg=dtype)


@pytest.mark.parametrize("dtype", ["INT32", "INT64"])
def test_integer_division_against_torch(dtype: str) -> None:
    rng = np.random.default_rng(4)
    a = rng.integers(-1000, 1000, 64).astype(DTYPES[dtype])
    b = rng.integers(1, 50, 64).astype(DTYPES[dtype]) * rng.choice([-1, 1], 64).astype(DTYPES[dtype])
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    np.testing.assert_array_equal(binary("DIVIDE", a, b, dtype, [64]),
                                  torch.div(ta, tb, rounding_mode="trunc"))
    np.testing.assert_array_equal(binary("MODULUS_TRUNCATE", a, b, dtype, [64]), torch.fmod(ta, tb))
    np.testing.assert_array_equal(binary("MODULUS_FLOOR", a, b, dtype, [64]), torch.remainder(ta, tb))
    np.testing.assert_array_equal(binary("MAX", a, b, dtype, [64]), torch.maximum(ta, tb))


def test_integer_edge_decisions() -> None:
    imin = np.iinfo(np.int32).min
    a = np.array([7, -7, 0, imin, imin, 7, -7], np.int32)
    b = np.array([0, 0, 0, -1, 1, -1, 3], np.int32)
    np.testing.assert_array_equal(binary("DIVIDE", a, b, "INT32", [7]),
                                  [2**31 - 1, imin, 0, imin, imin, -7, -2])
    np.testing.assert_array_equal(binary("MODULUS_TRUNCATE", a, b, "INT32", [7]), [7, -7, 0, 0, 0, 0, -1])
    np.testing.assert_array_equal(binary("MODULUS_FLOOR", a, b, "INT32", [7]), [7, -7, 0, 0, 0, 0, 2])
    u = np.array([5, 0, 2**64 - 1], np.uint64)
    z = np.array([0, 0, 0], np.uint64)
    np.testing.assert_array_equal(binary("DIVIDE", u, z, "UINT64", [3]), [2**64 - 1, 0, 2**64 - 1])
    i64 = np.array([np.iinfo(np.int64).min], np.int64)
    np.testing.assert_array_equal(binary("DIVIDE", i64, np.array([-1], np.int64), "INT64", [1]), i64)
    np.testing.assert_array_equal(unary("ABS", i64, "INT64"), i64)
    np.testing.assert_array_equal(unary("NEGATE", i64, "INT64"), i64)


def test_integer_binary_strided_and_broadcast() -> None:
    a = np.arange(-12, 12, dtype=np.int32).reshape(4, 6)
    col = np.array([5, -3, 0, 7], np.int32)
    # A stored transposed (read with strides [1, 4]), B a column broadcast along the rows
    got = binary("MODULUS_FLOOR", a.T.copy().reshape(-1), col, "INT32", [4, 6], a_strides=[1, 4],
                 b_strides=[1, 0])
    want = np.array([[int_ref("MODULUS_FLOOR", int(x), int(c), "INT32") for x in row]
                     for row, c in zip(a, col, strict=True)])
    np.testing.assert_array_equal(got, want)


# -- page rules (native/validate/rules_ew_math.c) -------------------------------------------------------------------


def pow_desc(input_type: str, exponent_type: str) -> Any:
    s = [1, 1, 2, 2]
    return pydml.DML_ELEMENT_WISE_POW_OPERATOR_DESC(
        InputTensor=tensor(input_type, s), ExponentTensor=tensor(exponent_type, s),
        OutputTensor=tensor(input_type, s))


def test_pow_exponent_type_must_match_below_3_0() -> None:
    # POW remarks: "Until DML_FEATURE_LEVEL_3_0, ExponentTensor must match the type of InputTensor."
    with pytest.raises(FeatureLevelError) as info:
        pydml.validate(pow_desc("FLOAT32", "FLOAT16"), "2_1")
    err = info.value
    assert err.field == "ExponentTensor"
    assert str(err) == (
        "DML_ELEMENT_WISE_POW_OPERATOR_DESC.ExponentTensor: must match InputTensor.DataType "
        "DML_TENSOR_DATA_TYPE_FLOAT32 below DML_FEATURE_LEVEL_3_0 (the device was created at "
        "DML_FEATURE_LEVEL_2_1), got DML_TENSOR_DATA_TYPE_FLOAT16")
    assert int(err.required) == int(FeatureLevel.FL3_0)
    pydml.validate(pow_desc("FLOAT16", "FLOAT16"), "1_0")
    pydml.validate(pow_desc("FLOAT32", "FLOAT16"), "3_0")
    pydml.validate(pow_desc("INT32", "FLOAT32"), "3_0")


def test_round_mode_must_be_a_rounding_mode() -> None:
    d = desc_class("ROUND")(InputTensor=tensor("FLOAT32", [4]), OutputTensor=tensor("FLOAT32", [4]),
                            RoundingMode=3)
    with pytest.raises(ValidationError) as info:
        pydml.validate(d)
    assert info.value.field == "RoundingMode"
    assert str(info.value) == ("DML_ELEMENT_WISE_ROUND_OPERATOR_DESC.RoundingMode: is not a valid "
                               "DML_ROUNDING_MODE value, got 3")


def test_constant_pow_exponent_must_be_a_number() -> None:
    d = desc_class("CONSTANT_POW")(InputTensor=tensor("FLOAT32", [4]), OutputTensor=tensor("FLOAT32", [4]),
                                   Exponent=math.nan)
    with pytest.raises(ValidationError) as info:
        pydml.validate(d)
    assert info.value.field == "Exponent"
    assert str(info.value) == "DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC.Exponent: must not be NaN, got nan"


def test_pow_integer_base_float_exponent_computes_in_float() -> None:
    """An INT32 base with a FLOAT32 exponent is x^e in float (the engine's float-input domain),
    converted to INT32 on store: toward zero, NaN (negative base, non-integral exponent) -> 0."""
    from ew_harness import run, tensor

    import pydml

    desc = pydml.DML_ELEMENT_WISE_POW_OPERATOR_DESC(
        InputTensor=tensor("INT32", [6]), ExponentTensor=tensor("FLOAT32", [6]),
        OutputTensor=tensor("INT32", [6]))
    base = np.array([4, 9, -8, 2, 10, 3], np.int32)
    exponent = np.array([0.5, 0.5, 1 / 3, -1, 2.5, float("nan")], np.float32)
    got = run(desc, {"InputTensor": base, "ExponentTensor": exponent})["OutputTensor"]
    assert got.tolist() == [2, 3, 0, 0, 316, 0]


@pytest.mark.parametrize("op", ["EXP", "TANH"])
def test_a_value_does_not_depend_on_its_neighbours(op: str, ew_isa: str, rng: np.random.Generator) -> None:
    """EXP and TANH run a row whose inputs are all in their normal range in a shorter form
    (ew_mathfn.h, EW_ROW_WITH_FAST_RANGE), other rows in the general one: the same bits. Each
    1024-element row of `mixed` holds one value outside the range; `plain` holds the same values
    without it. Out of place and in place."""
    cls = getattr(pydml, f"DML_ELEMENT_WISE_{op}_OPERATOR_DESC")
    rows, width = 8, 1024
    plain = (rng.standard_normal((rows, width)) * 20).astype(np.float32)
    mixed = plain.copy()
    mixed[:, 5] = np.array([np.nan, np.inf, -np.inf, 100.0, -100.0, 88.5, -90.0, -86.5], np.float32)
    desc = cls(InputTensor=tensor("FLOAT32", [rows, width]), OutputTensor=tensor("FLOAT32", [rows, width]))
    for in_place in (False, True):
        got = []
        for x in (plain, mixed):
            op_ = pydml.Device().create_operator(desc)
            buf = x.copy()
            out = buf if in_place else np.full((rows, width), np.nan, np.float32)
            op_.execute({"InputTensor": buf}, {"OutputTensor": out})
            got.append(out)
        keep = np.ones(width, bool)
        keep[5] = False
        np.testing.assert_array_equal(got[0][:, keep].view(np.uint32), got[1][:, keep].view(np.uint32))


@pytest.mark.parametrize("dtype", ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32"])
def test_same_width_integer_add_subtract_multiply(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    """ADD, SUBTRACT, MULTIPLY, DIVIDE and the MODULUS operators whose operands and output are one 8-
    to 32-bit integer type run in that width (elementwise.c same_width_row): the wrapping low bits, as numpy's same-width
    arithmetic gives them, for values across the whole range (overflow both ways), a vector body and
    a tail, an operand of one value along the run on either side, and a strided view (the engine's
    other path)."""
    dt = DTYPES[dtype]
    info = np.iinfo(dt)
    n = 1000 + 21
    a = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
    b = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
    a[:4] = [info.min, info.max, 0, info.max]
    b[:4] = [info.max, info.max, info.min, 1]
    ops = {"ADD": np.add, "SUBTRACT": np.subtract, "MULTIPLY": np.multiply}
    for op, fn in ops.items():
        with np.errstate(over="ignore"):
            np.testing.assert_array_equal(binary(op, a, b, dtype, [n]), fn(a, b), err_msg=op)
            one = np.array([b[7]], dt)
            np.testing.assert_array_equal(binary(op, a, one, dtype, [n], b_strides=[0]), fn(a, one), err_msg=op)
            np.testing.assert_array_equal(binary(op, one, a, dtype, [n], a_strides=[0]), fn(one, a), err_msg=op)
            wide = np.zeros(2 * n, dt)
            wide[::2] = a
            np.testing.assert_array_equal(binary(op, wide, b, dtype, [n], a_strides=[2]), fn(a, b), err_msg=op)
    # DIVIDE and the MODULUS operators in that width keep the int64 domain's rules (x / 0, MIN / -1,
    # x mod 0, x mod -1, the floor remainder's sign): the same as a strided view, which takes the domain
    b[::5] = 0
    if info.min < 0:
        b[1::7] = -1
        a[:3] = info.min
    wide = np.zeros(2 * n, dt)
    wide[::2] = a
    one = np.array([b[5]], dt)
    for op in ("DIVIDE", "MODULUS_TRUNCATE", "MODULUS_FLOOR"):
        domain = binary(op, wide, b, dtype, [n], a_strides=[2])
        np.testing.assert_array_equal(binary(op, a, b, dtype, [n]), domain, err_msg=op)
        np.testing.assert_array_equal(binary(op, a, one, dtype, [n], b_strides=[0]),
                                      binary(op, wide, np.repeat(one, n), dtype, [n], a_strides=[2]), err_msg=op)

