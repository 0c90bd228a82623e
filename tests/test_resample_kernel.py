"""Kernel-level tests of native/families/resample.c through tests/kernel_plan_resample.py (the C plan API) and lib directly.

Covers: every interpolation mode x rounding x rank 1..5 against the numpy reference (f32, f16,
bf16, int8/uint8 forward), the adjoint identity <F x, g> == <x, B g>, the documented and derived
test vectors of directml-api.md §4.7 and dml-nearest-rounding.md, strided / broadcast / embedded
views, portable == AVX2 == AVX-512 paths, hostile parameters and views, and PyTorch equivalence.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pydml.errors import NativeError, UnsupportedError
from ew_harness import ISA_PATHS, available_paths
from kernel_plan_resample import (
    LINEAR,
    NEAREST_NEIGHBOR,
    ROUND_CEIL,
    ROUND_FLOOR,
    ROUND_HALF_UP,
    ResamplePlan,
)
from pydml.native import data_type_of, ffi, lib, packed_strides, view_array, view_buffer

try:
    from tests import reference_resample as ref
except ImportError:  # pragma: no cover - tests/ on sys.path instead of the repository root
    import reference_resample as ref  # type: ignore[no-redef]

BF16 = np.dtype(ml_dtypes.bfloat16)
F16 = np.dtype(np.float16)
F32 = np.dtype(np.float32)

#: (name, interpolation mode, rounding, antialiased)
VARIANTS = [
    ("nearest-half-up", NEAREST_NEIGHBOR, ROUND_HALF_UP, False),
    ("nearest-floor", NEAREST_NEIGHBOR, ROUND_FLOOR, False),
    ("nearest-ceil", NEAREST_NEIGHBOR, ROUND_CEIL, False),
    ("linear", LINEAR, ROUND_HALF_UP, False),
    ("linear-antialiased", LINEAR, ROUND_HALF_UP, True),
]
ALL_FEATURES = 0xFFFFFFFF
#: CPU feature masks of the three code paths (AVX-512, AVX2, portable C)
PATHS = {
    "best": ALL_FEATURES,
    "avx2": int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C),
    "portable": 0,
}


@pytest.fixture(autouse=True)
def _restore_cpu_features() -> Iterator[None]:
    yield
    lib.pydml_set_cpu_features(ALL_FEATURES)


# ---- helpers ----------


class Config:
    """One resampling: sizes, per-axis parameters, mode."""

    def __init__(
        self,
        ins: Sequence[int],
        outs: Sequence[int],
        scales: Sequence[float],
        a: Sequence[float],
        b: Sequence[float],
        mode: int,
        rounding: int,
        antialiased: bool = False,
    ):
        self.ins = list(ins)
        self.outs = list(outs)
        self.scales = list(scales)
        self.a = list(a)
        self.b = list(b)
        self.mode = mode
        self.rounding = rounding
        self.antialiased = antialiased

    def plan(self) -> ResamplePlan:
        return ResamplePlan(
            self.ins,
            self.outs,
            self.scales,
            self.a,
            self.b,
            self.mode,
            self.rounding,
            self.antialiased,
        )

    def ref_forward(self, x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return ref.resample(
            x.astype(np.float64),
            self.outs,
            self.scales,
            self.a,
            self.b,
            self.mode,
            self.rounding,
            self.antialiased,
        )

    def ref_backward(self, g: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return ref.resample_grad(
            g.astype(np.float64),
            self.ins,
            self.scales,
            self.a,
            self.b,
            self.mode,
            self.rounding,
            self.antialiased,
        )

    def __repr__(self) -> str:
        return (
            f"Config({self.ins}->{self.outs}, s={self.scales}, a={self.a}, b={self.b}, "
            f"mode={self.mode}, rounding={self.rounding}, aa={self.antialiased})"
        )


def random_config(
    rng: np.random.Generator,
    rank: int,
    mode: int,
    rounding: int,
    antialiased: bool,
    max_size: int = 6,
) -> Config:
    ins, outs, scales, a, b = [], [], [], [], []
    for _ in range(rank):
        n = int(rng.integers(1, max_size + 1))
        kind = rng.integers(0, 4)
        if kind == 0:  # the sizes' ratio
            m = int(rng.integers(1, 2 * max_size + 1))
            s = m / n
        elif kind == 1:  # identity axis
            m, s = n, 1.0
        elif kind == 2:  # downscale (antialiasing territory)
            s = float(rng.choice([0.2, 0.25, 0.3, 0.45, 0.5]))
            m = max(1, round(n * s))
        else:  # a scale unrelated to the sizes
            s = float(rng.uniform(0.3, 3.5))
            m = int(rng.integers(1, 2 * max_size + 1))
        ins.append(n)
        outs.append(m)
        scales.append(s)
        a.append(float(rng.choice([0.0, 0.5, 0.25, -0.3, 1.0])) if kind != 1 else 0.5)
        b.append(float(rng.choice([0.0, -0.5, 0.1])) if kind != 1 else -0.5)
    return Config(ins, outs, scales, a, b, mode, rounding, antialiased)


def as_dtype(x: np.ndarray[Any, Any], dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    return np.asarray(x).astype(dtype)


def assert_close(
    actual: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], dtype: np.dtype[Any], what: str
) -> None:
    actual = np.asarray(actual, dtype=np.float64)
    scale = max(1.0, float(np.max(np.abs(expected))) if expected.size else 1.0)
    rtol, atol = {F32: (1e-5, 1e-5), F16: (1e-3, 2e-4), BF16: (8e-3, 2e-3)}[np.dtype(dtype)]
    bad = ~np.isclose(actual, expected, rtol=rtol, atol=atol * scale)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise AssertionError(
            f"{what}: {int(bad.sum())} of {bad.size} elements differ; first at "
            f"{index}: got {actual[index]!r}, expected {expected[index]!r}"
        )


def status_of(call: Any) -> int:
    """Run a check_status-raising call and return the pydml_status it raised (0 if none)."""
    try:
        call()
    except NativeError as exc:
        return exc.status
    except UnsupportedError:
        return int(lib.PYDML_STATUS_UNSUPPORTED_PARAMETER)
    return 0


# ---- every mode x rounding x rank against the reference ----------


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("variant", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_matches_reference(
    variant: tuple[str, int, int, bool], rank: int, dtype: np.dtype[Any], path: str
) -> None:
    lib.pydml_set_cpu_features(PATHS[path])
    name, mode, rounding, antialiased = variant
    rng = np.random.default_rng([rank, mode, rounding, int(antialiased), dtype.itemsize, len(name)])
    for _ in range(4):
        cfg = random_config(rng, rank, mode, rounding, antialiased)
        plan = cfg.plan()
        x = as_dtype(rng.standard_normal(cfg.ins), dtype)
        g = as_dtype(rng.standard_normal(cfg.outs), dtype)
        y = np.full(cfg.outs, np.nan, dtype=dtype)
        plan.forward(view_array(x), view_array(y))
        assert_close(y, cfg.ref_forward(x), dtype, f"forward {cfg}")
        gx = np.full(cfg.ins, np.nan, dtype=dtype)
        plan.backward(view_array(g), view_array(gx))
        assert_close(gx, cfg.ref_backward(g), dtype, f"backward {cfg}")


@pytest.mark.parametrize("dtype", [np.int8, np.uint8])
@pytest.mark.parametrize("variant", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_int8_forward(variant: tuple[str, int, int, bool], dtype: Any) -> None:
    _, mode, rounding, antialiased = variant
    rng = np.random.default_rng(7)
    info = np.iinfo(dtype)
    for rank in (2, 4):
        cfg = random_config(rng, rank, mode, rounding, antialiased)
        x = rng.integers(info.min, info.max + 1, cfg.ins).astype(dtype)
        y = cfg.plan().forward_array(x)
        expected = cfg.ref_forward(x)
        if mode == NEAREST_NEIGHBOR:
            np.testing.assert_array_equal(y, expected.astype(dtype))  # an exact copy
        else:  # f32 arithmetic vs the f64 reference may tip an exact .5: at most one step off
            diff = np.abs(y.astype(np.int64) - ref.round_half_even_saturate(expected, dtype))
            assert diff.max(initial=0) <= 1, cfg


def test_int8_linear_rounds_half_to_even_and_saturates() -> None:
    # 2x upsampling with half-pixel offsets: weights 0.25 / 0.75, exact in float
    x = np.array([[0, 2, 3, 127, -128, 1]], dtype=np.int8)
    plan = ResamplePlan([1, 6], [1, 12], [1, 2], [0.5, 0.5], [-0.5, -0.5], LINEAR, ROUND_HALF_UP)
    y = plan.forward_array(x)
    expected = ref.round_half_even_saturate(
        ref.resample(x.astype(np.float64), [1, 12], [1, 2], [0.5, 0.5], [-0.5, -0.5], LINEAR),
        np.int8,
    )
    np.testing.assert_array_equal(y, expected)
    # 0.75 * 0 + 0.25 * 2 = 0.5 -> 0; 0.25 * 0 + 0.75 * 2 = 1.5 -> 2 (half to even both ways);
    # 0.75 * 2 + 0.25 * 3 = 2.25 -> 2; 0.25 * 2 + 0.75 * 3 = 2.75 -> 3. (Linear weights are convex,
    # so results stay inside the input range: saturation only guards float rounding.)
    assert y[0, 1:5].tolist() == [0, 2, 2, 3]
    u = np.array([[0, 1]], dtype=np.uint8)  # 0.25 -> 0, 0.75 -> 1
    assert ResamplePlan(
        [1, 2], [1, 4], [1, 2], [0.5, 0.5], [-0.5, -0.5], LINEAR, ROUND_HALF_UP
    ).forward_array(u).tolist() == [[0, 0, 1, 1]]
    half = np.array([[1, 2]], dtype=np.uint8)  # align corners, 1 -> 3: middle = 1.5 -> 2
    assert ResamplePlan(
        [1, 2], [1, 3], [1, 2], [0, 0], [0, 0], LINEAR, ROUND_HALF_UP
    ).forward_array(half).tolist() == [[1, 2, 2]]
    odd = np.array([[3, 0]], dtype=np.uint8)  # middle = 1.5 -> 2 (even), [1, 2] -> 1.5 -> 2
    assert ResamplePlan(
        [1, 2], [1, 3], [1, 2], [0, 0], [0, 0], LINEAR, ROUND_HALF_UP
    ).forward_array(odd).tolist() == [[3, 2, 0]]
    five = np.array([[2, 3]], dtype=np.uint8)  # 2.5 -> 2 (half to even)
    assert ResamplePlan(
        [1, 2], [1, 3], [1, 2], [0, 0], [0, 0], LINEAR, ROUND_HALF_UP
    ).forward_array(five).tolist() == [[2, 2, 3]]


def test_int8_backward_is_unsupported() -> None:
    plan = ResamplePlan([4], [8], [2], [0.5], [-0.5], LINEAR, ROUND_HALF_UP)
    with pytest.raises(UnsupportedError):
        plan.backward_array(np.zeros(8, dtype=np.int8))


# ---- adjoint identity ----------


@st.composite
def configs(draw: Any) -> Config:
    rank = draw(st.integers(1, 4))
    mode, rounding, antialiased = draw(st.sampled_from([(v[1], v[2], v[3]) for v in VARIANTS]))
    ins, outs, scales, a, b = [], [], [], [], []
    for _ in range(rank):
        n = draw(st.integers(1, 9))
        m = draw(st.integers(1, 12))
        ratio = draw(st.booleans())
        s = m / n if ratio else draw(st.floats(0.1, 4.0))
        ins.append(n)
        outs.append(m)
        scales.append(s)
        a.append(draw(st.floats(-2.0, 2.0)))
        b.append(draw(st.floats(-2.0, 2.0)))
    return Config(ins, outs, scales, a, b, mode, rounding, antialiased)


@settings(
    derandomize=True, max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(cfg=configs(), seed=st.integers(0, 2**31))
def test_adjoint_identity(cfg: Config, seed: int) -> None:
    rng = np.random.default_rng(seed)
    plan = cfg.plan()
    x = rng.standard_normal(cfg.ins).astype(np.float32)
    g = rng.standard_normal(cfg.outs).astype(np.float32)
    fx = plan.forward_array(x).astype(np.float64)
    bg = plan.backward_array(g).astype(np.float64)
    lhs = float(np.sum(fx * g.astype(np.float64)))
    rhs = float(np.sum(x.astype(np.float64) * bg))
    magnitude = float(np.sum(np.abs(fx * g)) + np.sum(np.abs(x * bg))) + 1e-30
    assert abs(lhs - rhs) <= 1e-5 * magnitude, (cfg, lhs, rhs)


def test_adjoint_identity_large_rows() -> None:
    """Rows long enough for several segments, runs and the wide-window and gather blocks."""
    rng = np.random.default_rng(3)
    for ins, outs, scales, mode, aa in [
        ([3, 1200], [3, 3000], [1, 2.5], LINEAR, False),
        ([2, 64, 700], [2, 31, 311], [1, 0.49, 0.45], LINEAR, False),
        ([2, 40, 900], [2, 20, 150], [1, 0.5, 1 / 6], LINEAR, True),
        ([1, 20000], [1, 50], [1, 1 / 400], LINEAR, True),
        ([1, 20000], [1, 50], [1, 1 / 400], NEAREST_NEIGHBOR, False),
    ]:
        cfg = Config(
            ins, outs, scales, [0.5] * len(ins), [-0.5] * len(ins), mode, ROUND_HALF_UP, aa
        )
        plan = cfg.plan()
        x = rng.standard_normal(ins).astype(np.float32)
        g = rng.standard_normal(outs).astype(np.float32)
        fx = plan.forward_array(x).astype(np.float64)
        bg = plan.backward_array(g).astype(np.float64)
        lhs, rhs = float(np.sum(fx * g)), float(np.sum(x * bg))
        assert abs(lhs - rhs) <= 1e-5 * float(np.sum(np.abs(fx * g)) + np.sum(np.abs(x * bg))), cfg
        assert_close(fx, cfg.ref_forward(x), F32, f"forward {cfg}")
        assert_close(bg, cfg.ref_backward(g), F32, f"backward {cfg}")


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("scale", [1.5, 0.75, 0.6, 4 / 3, 1.25, 2.5, 3.0, 0.3])
@pytest.mark.parametrize("mode", [NEAREST_NEIGHBOR, LINEAR])
def test_long_rows_periodic_patterns(scale: float, mode: int, path: str) -> None:
    """Long rows at scales whose block patterns repeat every 1..5 blocks (the periodic runs)."""
    lib.pydml_set_cpu_features(PATHS[path])
    rng = np.random.default_rng(int(scale * 100) + mode)
    n_in = 397
    n_out = round(n_in * scale)
    for dtype in (F32, F16):
        cfg = Config(
            [2, 3, n_in],
            [2, 3, n_out],
            [1, 1, scale],
            [0.5, 0.5, 0.5],
            [-0.5, -0.5, -0.5],
            mode,
            ROUND_HALF_UP,
        )
        plan = cfg.plan()
        x = rng.standard_normal(cfg.ins).astype(dtype)
        g = rng.standard_normal(cfg.outs).astype(dtype)
        assert_close(plan.forward_array(x), cfg.ref_forward(x), dtype, f"forward {cfg}")
        assert_close(plan.backward_array(g), cfg.ref_backward(g), dtype, f"backward {cfg}")


# ---- fixed vectors ----------

X22 = np.array([[1, 2], [3, 4]], dtype=np.float32).reshape(1, 1, 2, 2)
G13 = np.array([4, 5, 6], dtype=np.float32).reshape(1, 1, 1, 3)


def tv_r1_plan(mode: int, rounding: int, a: float, b: float) -> ResamplePlan:
    return ResamplePlan(
        [1, 1, 2, 2],
        [1, 1, 1, 3],
        [1, 1, 0.5, 1.5],
        [0.5, 0.5, a, a],
        [-0.5, -0.5, b, b],
        mode,
        rounding,
    )


@pytest.mark.parametrize(
    ("rounding", "a", "b", "forward", "gradient"),
    [
        (ROUND_FLOOR, 0.5, -0.5, [1, 1, 2], [[9, 6], [0, 0]]),
        (ROUND_FLOOR, 0.0, 0.0, [1, 1, 2], [[9, 6], [0, 0]]),
        (ROUND_HALF_UP, 0.5, 0.0, [1, 1, 2], [[9, 6], [0, 0]]),
        (ROUND_HALF_UP, 0.5, -0.5, [3, 4, 4], [[0, 0], [4, 11]]),
        (ROUND_CEIL, 0.5, -0.5, [3, 4, 4], [[0, 0], [4, 11]]),
    ],
)
def test_tv_r1(
    rounding: int, a: float, b: float, forward: list[float], gradient: list[list[float]]
) -> None:
    plan = tv_r1_plan(NEAREST_NEIGHBOR, rounding, a, b)
    assert plan.forward_array(X22).ravel().tolist() == forward
    assert plan.backward_array(G13).reshape(2, 2).tolist() == gradient


def test_tv_r2_linear() -> None:
    plan = tv_r1_plan(LINEAR, ROUND_HALF_UP, 0.5, -0.5)
    assert plan.forward_array(X22).ravel().tolist() == [2, 2.5, 3]
    assert plan.backward_array(G13).reshape(2, 2).tolist() == [[3.25, 4.25], [3.25, 4.25]]


@pytest.mark.parametrize(("rounding", "a", "b"), [(ROUND_CEIL, 1.0, -0.5), (ROUND_FLOOR, 0.0, 0.0)])
def test_tv_r3_onnx_nearest(rounding: int, a: float, b: float) -> None:
    plan = ResamplePlan(
        [1, 1, 2, 2],
        [1, 1, 4, 6],
        [1, 1, 2, 3],
        [0.5, 0.5, a, a],
        [-0.5, -0.5, b, b],
        NEAREST_NEIGHBOR,
        rounding,
    )
    expected = [[1, 1, 1, 2, 2, 2], [1, 1, 1, 2, 2, 2], [3, 3, 3, 4, 4, 4], [3, 3, 3, 4, 4, 4]]
    assert plan.forward_array(X22)[0, 0].tolist() == expected


def test_tv_r4() -> None:
    x = np.array([[1, 2, 3, 4], [5, 6, 7, 8]], dtype=np.float32)
    nearest = ResamplePlan(
        [2, 4], [1, 2], [0.6, 0.6], [1.0, 1.0], [-0.5, -0.5], NEAREST_NEIGHBOR, ROUND_CEIL
    )
    assert nearest.forward_array(x).tolist() == [[1, 3]]
    linear = ResamplePlan(
        [2, 4], [1, 2], [0.6, 0.6], [0.5, 0.5], [-0.5, -0.5], LINEAR, ROUND_HALF_UP
    )
    np.testing.assert_allclose(linear.forward_array(x), [[2.6666667, 4.3333333]], rtol=1e-6)


def test_tv_r5_upsample_2x() -> None:
    linear = ResamplePlan(
        [1, 1, 2, 2], [1, 1, 4, 4], [1, 1, 2, 2], [0.5] * 4, [-0.5] * 4, LINEAR, ROUND_HALF_UP
    )
    assert linear.forward_array(X22)[0, 0].tolist() == [
        [1, 1.25, 1.75, 2],
        [1.5, 1.75, 2.25, 2.5],
        [2.5, 2.75, 3.25, 3.5],
        [3, 3.25, 3.75, 4],
    ]
    nearest = ResamplePlan(
        [1, 1, 2, 2],
        [1, 1, 4, 4],
        [1, 1, 2, 2],
        [0.5] * 4,
        [-0.5] * 4,
        NEAREST_NEIGHBOR,
        ROUND_HALF_UP,
    )
    assert nearest.forward_array(X22)[0, 0].tolist() == [
        [1, 1, 2, 2],
        [1, 1, 2, 2],
        [3, 3, 4, 4],
        [3, 3, 4, 4],
    ]


def test_rounding_note_vectors() -> None:
    # WPT 4x6 -> 2x3 at scale 0.5 under RESAMPLE v1 (a=0.5, b=-0.5, HALF_UP): rows 1,3 x cols 1,3,5
    x = np.arange(24, dtype=np.float32).reshape(1, 1, 4, 6)
    plan = ResamplePlan(
        [1, 1, 4, 6],
        [1, 1, 2, 3],
        [1, 1, 0.5, 0.5],
        [0.5] * 4,
        [-0.5] * 4,
        NEAREST_NEIGHBOR,
        ROUND_HALF_UP,
    )
    assert plan.forward_array(x)[0, 0].tolist() == x[0, 0][[1, 3]][:, [1, 3, 5]].tolist()
    # TF legacy 3 -> 6 (a=0.5, b=0, s=2): 0,0,1,1,2,2; TF align_corners 3 -> 5 (a=b=0): 0,1,1,2,2
    idx = np.arange(3, dtype=np.float32)
    legacy = ResamplePlan([3], [6], [2], [0.5], [0], NEAREST_NEIGHBOR, ROUND_HALF_UP)
    assert legacy.forward_array(idx).tolist() == [0, 0, 1, 1, 2, 2]
    corners = ResamplePlan([3], [5], [2], [0], [0], NEAREST_NEIGHBOR, ROUND_HALF_UP)
    assert corners.forward_array(idx).tolist() == [0, 1, 1, 2, 2]


def test_nearest_keeps_every_bit() -> None:
    """Nearest copies: -0.0, infinities, NaN payloads and f16 subnormals survive."""
    special = [-0.0, np.inf, -np.inf, np.nan, 6e-8, -1e-5, 65504.0, 1.0]
    for dtype in (F32, F16, BF16):
        x = np.array(special, dtype=dtype).reshape(1, 8)
        for features in (ALL_FEATURES, 0):
            lib.pydml_set_cpu_features(features)
            plan = ResamplePlan(
                [1, 8], [1, 16], [1, 2], [0.5, 0.5], [-0.5, -0.5], NEAREST_NEIGHBOR, ROUND_HALF_UP
            )
            y = plan.forward_array(x)
            np.testing.assert_array_equal(
                y.view(np.uint8).reshape(16, -1)[::2], x.view(np.uint8).reshape(8, -1)
            )


def test_nearest_downscale_keeps_every_bit() -> None:
    """Nearest 0.5x (destination j = source 2j: the AVX2 pass's RS_PAT_HALF2 step, 8 per step,
    the rest by the generic blocks): -0.0, infinities, NaN payloads, on every path."""
    special = [-0.0, np.inf, -np.inf, np.nan, 6e-8, -1e-5, 65504.0, 1.0]
    for dtype in (F32, F16, BF16):
        x = np.array(special * 9, dtype=dtype)[:70].reshape(1, 70)
        want = np.ascontiguousarray(x[:, ::2])
        for features in PATHS.values():
            lib.pydml_set_cpu_features(features)
            plan = ResamplePlan(
                [1, 70], [1, 35], [1, 0.5], [0.0, 0.0], [0.0, 0.0], NEAREST_NEIGHBOR, ROUND_FLOOR
            )
            y = plan.forward_array(x)
            np.testing.assert_array_equal(y.view(np.uint8), want.view(np.uint8), err_msg=f"{features:#x}")


def test_linear_ignores_zero_weight_taps() -> None:
    """An exact source coordinate reads one element: an infinite neighbour does not leak as NaN."""
    x = np.array([1.0, np.inf, 3.0], dtype=np.float32)
    plan = ResamplePlan([3], [3], [1], [0.0], [0.0], LINEAR, ROUND_HALF_UP)
    assert plan.forward_array(x).tolist() == [1.0, np.inf, 3.0]
    plan = ResamplePlan([3], [5], [2], [0.0], [0.0], LINEAR, ROUND_HALF_UP)
    assert plan.forward_array(x).tolist()[0] == 1.0 and plan.forward_array(x).tolist()[4] == 3.0


def test_antialias_weights() -> None:
    # 8 -> 2 (s = 0.25, half-pixel): x = 4o + 1.5, support radius 4, triangle weights normalised
    x = np.arange(8, dtype=np.float32)
    plan = ResamplePlan([8], [2], [0.25], [0.5], [-0.5], LINEAR, ROUND_HALF_UP, antialiased=True)
    expected = ref.resample(x.astype(np.float64), [2], [0.25], [0.5], [-0.5], LINEAR, 0, True)
    np.testing.assert_allclose(plan.forward_array(x), expected, rtol=1e-6)
    w = np.maximum(0, 1 - np.abs(1.5 - np.arange(8)) * 0.25)
    assert expected[0] == pytest.approx(float(np.dot(w, x) / w.sum()))
    # 1/s == 2 is not "> 2": plain linear
    plain = ResamplePlan([8], [4], [0.5], [0.5], [-0.5], LINEAR, ROUND_HALF_UP)
    aa = ResamplePlan([8], [4], [0.5], [0.5], [-0.5], LINEAR, ROUND_HALF_UP, antialiased=True)
    np.testing.assert_array_equal(plain.forward_array(x), aa.forward_array(x))
    # antialiasing is a LINEAR feature: nearest ignores it
    near = ResamplePlan([8], [2], [0.25], [0.5], [-0.5], NEAREST_NEIGHBOR, ROUND_FLOOR, True)
    assert near.forward_array(x).tolist() == [1, 5]


def test_identity_and_copy() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 4, 5)).astype(np.float32)
    plan = ResamplePlan(
        [3, 4, 5], [3, 4, 5], [1, 1, 1], [0.5] * 3, [-0.5] * 3, LINEAR, ROUND_HALF_UP
    )
    np.testing.assert_array_equal(plan.forward_array(x), x)
    np.testing.assert_array_equal(plan.backward_array(x), x)


# ---- strided views ----------


@pytest.mark.parametrize("dtype", [F32, F16])
@pytest.mark.parametrize("channels", [3, 16])
@pytest.mark.parametrize("mode", [NEAREST_NEIGHBOR, LINEAR])
def test_nhwc_strides(dtype: np.dtype[Any], channels: int, mode: int) -> None:
    rng = np.random.default_rng(channels)
    n, h, w, oh, ow = 2, 7, 9, 12, 5
    cfg = Config(
        [n, channels, h, w],
        [n, channels, oh, ow],
        [1, 1, oh / h, ow / w],
        [0.5] * 4,
        [-0.5] * 4,
        mode,
        ROUND_HALF_UP,
    )
    plan = cfg.plan()
    x_nhwc = rng.standard_normal((n, h, w, channels)).astype(dtype)
    x = x_nhwc.transpose(0, 3, 1, 2)  # logical NCHW, memory NHWC
    y_nhwc = np.full((n, oh, ow, channels), np.nan, dtype=dtype)
    plan.forward(view_array(x), view_array(y_nhwc.transpose(0, 3, 1, 2)))
    assert_close(y_nhwc.transpose(0, 3, 1, 2), cfg.ref_forward(x), dtype, "forward NHWC")
    g_nhwc = rng.standard_normal((n, oh, ow, channels)).astype(dtype)
    gx_nhwc = np.full((n, h, w, channels), np.nan, dtype=dtype)
    plan.backward(
        view_array(g_nhwc.transpose(0, 3, 1, 2)), view_array(gx_nhwc.transpose(0, 3, 1, 2))
    )
    assert_close(
        gx_nhwc.transpose(0, 3, 1, 2),
        cfg.ref_backward(g_nhwc.transpose(0, 3, 1, 2)),
        dtype,
        "backward NHWC",
    )


def test_broadcast_input() -> None:
    rng = np.random.default_rng(1)
    row = rng.standard_normal((1, 1, 5, 6)).astype(np.float32)
    x = np.broadcast_to(row, (2, 3, 5, 6))  # strides 0 on N and C
    assert x.strides[0] == 0 and x.strides[1] == 0
    cfg = Config(
        [2, 3, 5, 6], [2, 3, 10, 9], [1, 1, 2, 1.5], [0.5] * 4, [-0.5] * 4, LINEAR, ROUND_HALF_UP
    )
    y = cfg.plan().forward_array(x)
    assert_close(y, cfg.ref_forward(np.ascontiguousarray(x)), F32, "broadcast forward")
    g = np.broadcast_to(rng.standard_normal((1, 1, 10, 9)).astype(np.float32), (2, 3, 10, 9))
    assert_close(
        cfg.plan().backward_array(g),
        cfg.ref_backward(np.ascontiguousarray(g)),
        F32,
        "broadcast backward",
    )


@pytest.mark.parametrize("dtype", [F32, F16, BF16])
def test_output_embedded_in_larger_buffer(dtype: np.dtype[Any]) -> None:
    rng = np.random.default_rng(2)
    cfg = Config(
        [2, 3, 6, 40],
        [2, 3, 9, 70],
        [1, 1, 1.5, 1.75],
        [0.5] * 4,
        [-0.5] * 4,
        LINEAR,
        ROUND_HALF_UP,
    )
    plan = cfg.plan()
    x = rng.standard_normal(cfg.ins).astype(dtype)
    # view: sizes (2,3,9,70) inside a (2,4,11,75) buffer, starting at [0,1,1,3]
    big = np.full((2, 4, 11, 75), np.nan, dtype=dtype)
    strides = packed_strides(big.shape)
    offset = (1 * strides[1] + 1 * strides[2] + 3) * dtype.itemsize
    view = view_buffer(big, data_type_of(dtype), cfg.outs, strides, offset_bytes=offset)
    plan.forward(view_array(x), view)
    inside = big[:, 1:4, 1:10, 3:73]
    assert_close(inside, cfg.ref_forward(x), dtype, "embedded forward")
    mask = np.ones(big.shape, dtype=bool)
    mask[:, 1:4, 1:10, 3:73] = False
    assert np.isnan(big[mask].astype(np.float32)).all()
    # and the gradient into an embedded view
    g = rng.standard_normal(cfg.outs).astype(dtype)
    big_g = np.full((3, 3, 7, 41), np.nan, dtype=dtype)
    gs = packed_strides(big_g.shape)
    gview = view_buffer(
        big_g, data_type_of(dtype), cfg.ins, gs, offset_bytes=(gs[2] + 1) * dtype.itemsize
    )
    plan.backward(view_array(g), gview)
    assert_close(big_g[:2, :, 1:7, 1:41], cfg.ref_backward(g), dtype, "embedded backward")
    mask = np.ones(big_g.shape, dtype=bool)
    mask[:2, :, 1:7, 1:41] = False
    assert np.isnan(big_g[mask].astype(np.float32)).all()


def test_strided_column_axis() -> None:
    """Every element of the resampled axes strided (a transposed view): the scalar paths."""
    rng = np.random.default_rng(4)
    base = rng.standard_normal((20, 30)).astype(np.float32)
    x = base.T  # (30, 20), strides (1, 30)
    cfg = Config([30, 20], [45, 10], [1.5, 0.5], [0.5, 0.5], [-0.5, -0.5], LINEAR, ROUND_HALF_UP)
    out = np.full((10, 45), np.nan, dtype=np.float32)
    cfg.plan().forward(view_array(x), view_array(out.T))
    assert_close(out.T, cfg.ref_forward(x), F32, "transposed forward")


# ---- portable == AVX2 == AVX-512 ----------

PATH_CASES = [
    # ins, outs, scales, mode, rounding, antialiased
    ([2, 3, 40, 333], [2, 3, 80, 666], [1, 1, 2, 2], LINEAR, ROUND_HALF_UP, False),
    ([2, 3, 40, 333], [2, 3, 80, 666], [1, 1, 2, 2], NEAREST_NEIGHBOR, ROUND_FLOOR, False),
    ([2, 2, 64, 250], [2, 2, 32, 125], [1, 1, 0.5, 0.5], LINEAR, ROUND_HALF_UP, False),
    # nearest 0.5x, destination j = source 2j (the AVX2 pass's RS_PAT_HALF2 step)
    ([2, 2, 64, 250], [2, 2, 32, 125], [1, 1, 0.5, 0.5], NEAREST_NEIGHBOR, ROUND_FLOOR, False),
    ([2, 2, 30, 190], [2, 2, 45, 285], [1, 1, 1.5, 1.5], LINEAR, ROUND_HALF_UP, False),
    ([1, 2, 30, 500], [1, 2, 7, 60], [1, 1, 0.25, 0.12], LINEAR, ROUND_HALF_UP, True),
    ([1, 1, 1, 5000], [1, 1, 1, 9000], [1, 1, 1, 1.8], NEAREST_NEIGHBOR, ROUND_HALF_UP, False),
    ([4, 6, 6, 24], [4, 9, 12, 24], [1, 1.5, 2, 1], LINEAR, ROUND_HALF_UP, False),  # vector mode
]


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("case", range(len(PATH_CASES)))
def test_portable_path_matches_vector_paths(case: int, dtype: np.dtype[Any]) -> None:
    ins, outs, scales, mode, rounding, aa = PATH_CASES[case]
    rng = np.random.default_rng(case)
    x = rng.standard_normal(ins).astype(dtype)
    g = rng.standard_normal(outs).astype(dtype)
    results = []
    for features in PATHS.values():
        lib.pydml_set_cpu_features(features)
        plan = ResamplePlan(ins, outs, scales, [0.5] * 4, [-0.5] * 4, mode, rounding, aa)
        results.append((features, plan.forward_array(x), plan.backward_array(g)))
    _, y0, g0 = results[-1]  # portable
    for features, y, gx in results[:-1]:
        if mode == NEAREST_NEIGHBOR:
            np.testing.assert_array_equal(y.view(np.uint8), y0.view(np.uint8))
        # FMA contraction and summation order differ; one output rounding step at most
        tol = {F32: 2e-6, F16: 1e-3, BF16: 8e-3}[dtype]
        np.testing.assert_allclose(
            y.astype(np.float64),
            y0.astype(np.float64),
            rtol=tol,
            atol=tol,
            err_msg=f"forward, features {features:#x}",
        )
        np.testing.assert_allclose(
            gx.astype(np.float64),
            g0.astype(np.float64),
            rtol=tol,
            atol=tol * 4,
            err_msg=f"backward, features {features:#x}",
        )


@pytest.mark.parametrize("dtype", [F32, F16], ids=["f32", "f16"])
@pytest.mark.parametrize("mode", [NEAREST_NEIGHBOR, LINEAR], ids=["nearest", "linear"])
def test_streamed_outputs_equal_cached_ones(mode: int, dtype: np.dtype[Any]) -> None:
    # source + destination beyond 32 MiB: the AVX2 horizontal pass streams its stores
    # (RS_STREAM_BYTES); the same data in five calls of one image each stays below and stores
    # through the cache. Same bits, also for a destination one element off its 32-byte alignment.
    n, c, h = 5, 16, 128
    ins, outs = [n, c, h, h], [n, c, 2 * h, 2 * h]
    plan = ResamplePlan(ins, outs, [1, 1, 2, 2], [0.5] * 4, [-0.5] * 4, mode, ROUND_HALF_UP)
    one = ResamplePlan([1, *ins[1:]], [1, *outs[1:]], [1, 1, 2, 2], [0.5] * 4, [-0.5] * 4, mode, ROUND_HALF_UP)
    rng = np.random.default_rng(7)
    x = rng.standard_normal(ins).astype(dtype)
    g = rng.standard_normal(outs).astype(dtype)
    want_y = np.concatenate([one.forward_array(x[i:i + 1]) for i in range(n)])
    want_g = np.concatenate([one.backward_array(g[i:i + 1]) for i in range(n)])
    for offset in (0, 1):
        raw = np.full(int(np.prod(outs)) + 1, np.nan, dtype)
        y = raw[offset:offset + int(np.prod(outs))].reshape(outs)
        plan.forward(view_array(x), view_array(y))
        bits = f"u{dtype.itemsize}"
        np.testing.assert_array_equal(y.view(bits), want_y.view(bits))
        raw = np.full(int(np.prod(ins)) + 1, np.nan, dtype)
        gx = raw[offset:offset + int(np.prod(ins))].reshape(ins)
        plan.backward(view_array(g), view_array(gx))
        np.testing.assert_array_equal(gx, want_g)


@pytest.mark.parametrize("dtype", [F32, F16], ids=["f32", "f16"])
@pytest.mark.parametrize("w", [128, 61])
@pytest.mark.parametrize("shift", [16, 0])
def test_streamed_integer_2x_nearest_rows_at_any_alignment(dtype: np.dtype[Any], w: int, shift: int) -> None:
    # 2x nearest forward past 32 MiB on the vector paths: destination rows 16 bytes past a 32-byte
    # boundary (numpy's large arrays) are written by aligned 32-byte streamed stores, each straddling
    # two results, with 16-byte ones at both ends (resample_x86.c rs256_nearest_c); rows at other
    # offsets keep their stores. Rows of 2 x 61 leave a tail after the last 16 (or 32) elements. The
    # destination is np.repeat's, a signalling NaN quieted as the product by 1.0 quiets it.
    n = (40 << 20) // (5 * w * w * dtype.itemsize) + 1
    ins, outs = [n, 1, w, w], [n, 1, 2 * w, 2 * w]
    plan = ResamplePlan(ins, outs, [1, 1, 2, 2], [0.0] * 4, [0.0] * 4, NEAREST_NEIGHBOR, ROUND_FLOOR)
    x = np.random.default_rng(w).standard_normal(ins).astype(dtype)
    bits = np.dtype(f"u{dtype.itemsize}")
    snan, quiet = (0x7F800001, 0x7FC00001) if dtype == F32 else (0x7C01, 0x7E01)
    x.view(bits)[0, 0, 1, 3] = snan
    want = np.repeat(np.repeat(x, 2, axis=2), 2, axis=3)
    want.view(bits)[0, 0, 2:4, 6:8] = quiet
    size = int(np.prod(outs))
    raw = np.full(size + 64, np.nan, dtype)
    lead = ((shift - raw.ctypes.data % 64) % 64) // dtype.itemsize
    y = raw[lead:lead + size].reshape(outs)
    assert y.ctypes.data % 64 == shift
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            y.fill(np.nan)
            plan.forward(view_array(x), view_array(y))
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
        np.testing.assert_array_equal(y.view(bits), want.view(bits), err_msg=path)


@pytest.mark.parametrize("dtype", [F32, F16], ids=["f32", "f16"])
@pytest.mark.parametrize("mode", [NEAREST_NEIGHBOR, LINEAR], ids=["nearest", "linear"])
def test_streamed_periodic_runs_equal_cached_ones(mode: int, dtype: np.dtype[Any]) -> None:
    # 1.5x, source + destination beyond 32 MiB: the AVX2 window rows (rs_kernels.win_row) stream
    # their stores, a FLOAT32 row 16 bytes off its 32-byte alignment by aligned 256-bit stores
    # straddling two results, a FLOAT16 row 16-byte aligned by 128-bit ones; one image per call
    # stays below and stores through the cache. Same bits, rows 0, 1 (not streamed) and 4
    # elements off.
    n, c, h, o = (4 if dtype == F32 else 5), 16, 256, 384
    ins, outs = [n, c, h, h], [n, c, o, o]
    args = ([1, 1, 1.5, 1.5], [0.5] * 4, [-0.5] * 4, mode, ROUND_HALF_UP)
    plan = ResamplePlan(ins, outs, *args)
    one = ResamplePlan([1, *ins[1:]], [1, *outs[1:]], *args)
    rng = np.random.default_rng(9)
    x = rng.standard_normal(ins).astype(dtype)
    g = rng.standard_normal(outs).astype(dtype)
    want_y = np.concatenate([one.forward_array(x[i:i + 1]) for i in range(n)])
    want_g = np.concatenate([one.backward_array(g[i:i + 1]) for i in range(n)])
    for offset in (0, 1, 4) if dtype == F32 else (0, 1, 8):
        raw = np.full(int(np.prod(outs)) + 8, np.nan, dtype)
        y = raw[offset:offset + int(np.prod(outs))].reshape(outs)
        plan.forward(view_array(x), view_array(y))
        np.testing.assert_array_equal(y.view(np.uint8), want_y.view(np.uint8))
        raw = np.full(int(np.prod(ins)) + 8, np.nan, dtype)
        gx = raw[offset:offset + int(np.prod(ins))].reshape(ins)
        plan.backward(view_array(g), view_array(gx))
        np.testing.assert_array_equal(gx.view(np.uint8), want_g.view(np.uint8))


class GuardedBuffer:
    """Memory whose first and last byte are followed / preceded by PROT_NONE pages (Linux), so a
    kernel touching anything outside [data, data + nbytes) faults instead of passing silently."""

    def __init__(self, nbytes: int, *, at_end: bool = True):
        import ctypes
        import mmap

        page = mmap.PAGESIZE
        body = (nbytes + page - 1) // page * page
        self._map = mmap.mmap(-1, body + 2 * page, prot=mmap.PROT_READ | mmap.PROT_WRITE)
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        base = ctypes.addressof(ctypes.c_char.from_buffer(self._map))
        assert libc.mprotect(base, page, 0) == 0
        assert libc.mprotect(base + page + body, page, 0) == 0
        start = page + (body - nbytes if at_end else 0)
        self.array = np.frombuffer(self._map, dtype=np.uint8, count=nbytes, offset=start)

    def typed(self, dtype: np.dtype[Any], shape: Sequence[int]) -> np.ndarray[Any, Any]:
        return self.array.view(dtype).reshape(shape)


@pytest.mark.skipif(not hasattr(__import__("mmap"), "PROT_READ"), reason="needs POSIX mmap")
@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("at_end", [True, False], ids=["guard-after", "guard-before"])
def test_no_access_outside_the_views(path: str, at_end: bool) -> None:
    lib.pydml_set_cpu_features(PATHS[path])
    rng = np.random.default_rng(8)
    cases = [
        ([2, 3, 40, 37], [2, 3, 80, 74], [1, 1, 2, 2], LINEAR, False),
        ([2, 3, 40, 37], [2, 3, 80, 74], [1, 1, 2, 2], NEAREST_NEIGHBOR, False),
        ([1, 2, 64, 61], [1, 2, 32, 30], [1, 1, 0.5, 0.5], LINEAR, False),
        ([1, 2, 30, 47], [1, 2, 45, 70], [1, 1, 1.5, 1.5], LINEAR, False),
        ([1, 2, 32, 45], [1, 2, 24, 34], [1, 1, 0.75, 0.75], LINEAR, False),  # two windows
        ([1, 2, 30, 90], [1, 2, 7, 11], [1, 1, 0.25, 0.12], LINEAR, True),
        ([2, 9, 5, 16], [2, 4, 10, 16], [1, 0.45, 2, 1], LINEAR, False),
    ]
    for ins, outs, scales, mode, aa in cases:
        plan = ResamplePlan(ins, outs, scales, [0.5] * 4, [-0.5] * 4, mode, ROUND_HALF_UP, aa)
        for dtype in (F32, F16, BF16):
            x = GuardedBuffer(int(np.prod(ins)) * dtype.itemsize, at_end=at_end).typed(dtype, ins)
            y = GuardedBuffer(int(np.prod(outs)) * dtype.itemsize, at_end=at_end).typed(dtype, outs)
            x[...] = rng.standard_normal(ins).astype(dtype)
            plan.forward(view_array(x), view_array(y))
            g = GuardedBuffer(int(np.prod(outs)) * dtype.itemsize, at_end=at_end).typed(dtype, outs)
            gx = GuardedBuffer(int(np.prod(ins)) * dtype.itemsize, at_end=at_end).typed(dtype, ins)
            g[...] = rng.standard_normal(outs).astype(dtype)
            plan.backward(view_array(g), view_array(gx))
            assert (
                np.isfinite(y.astype(np.float32)).all() and np.isfinite(gx.astype(np.float32)).all()
            )


def test_thread_counts_agree() -> None:
    rng = np.random.default_rng(5)
    cfg = Config(
        [2, 5, 37, 61],
        [2, 5, 70, 100],
        [1, 1, 70 / 37, 100 / 61],
        [0.5] * 4,
        [-0.5] * 4,
        LINEAR,
        ROUND_HALF_UP,
    )
    x = rng.standard_normal(cfg.ins).astype(np.float32)
    g = rng.standard_normal(cfg.outs).astype(np.float32)
    previous = lib.pydml_set_num_threads(1)
    try:
        y1, g1 = cfg.plan().forward_array(x), cfg.plan().backward_array(g)
        lib.pydml_set_num_threads(2)
        y2, g2 = cfg.plan().forward_array(x), cfg.plan().backward_array(g)
    finally:
        lib.pydml_set_num_threads(previous)
    np.testing.assert_array_equal(y1, y2)  # deterministic: same values whatever the split
    np.testing.assert_array_equal(g1, g2)


# ---- hostile parameters and views ----------

INVALID = int(lib.PYDML_STATUS_INVALID_PARAMETER)
UNSUPPORTED = int(lib.PYDML_STATUS_UNSUPPORTED_PARAMETER)
OUT_OF_MEMORY = int(lib.PYDML_STATUS_OUT_OF_MEMORY)
OUT_OF_BOUNDS = int(lib.PYDML_STATUS_OUT_OF_BOUNDS)


def raw_params(
    ins: Sequence[int],
    outs: Sequence[int],
    scales: Sequence[float],
    a: Sequence[float] | None = None,
    b: Sequence[float] | None = None,
    mode: int = LINEAR,
    rounding: int = ROUND_HALF_UP,
    antialiased: int = 0,
    dim_count: int | None = None,
) -> Any:
    p = ffi.new("pydml_resample_params*")
    p.dim_count = len(ins) if dim_count is None else dim_count
    for d in range(len(ins)):
        p.input_sizes[d] = ins[d]
        p.output_sizes[d] = outs[d]
        p.scales[d] = scales[d]
        p.input_pixel_offsets[d] = 0.5 if a is None else a[d]
        p.output_pixel_offsets[d] = -0.5 if b is None else b[d]
    p.interpolation_mode = mode
    p.rounding = rounding
    p.antialiased = antialiased
    return p


def create_status(params: Any) -> int:
    out = ffi.new("pydml_resample_plan**")
    status = int(lib.pydml_resample_plan_create(params, out))
    if status == 0:
        lib.pydml_resample_plan_destroy(out[0])
    else:
        assert out[0] == ffi.NULL
    return status


@pytest.mark.parametrize(
    ("kwargs", "status"),
    [
        ({"dim_count": 0}, INVALID),
        ({"dim_count": 9}, INVALID),
        ({"scales": [1, 0.0]}, INVALID),
        ({"scales": [1, -1.0]}, INVALID),
        ({"scales": [1, float("nan")]}, INVALID),
        ({"scales": [1, float("inf")]}, INVALID),
        ({"scales": [1, 1e-30]}, INVALID),  # x = o * 1e30 is beyond any index
        ({"a": [0.5, float("inf")]}, INVALID),
        ({"b": [float("-inf"), 0.5]}, INVALID),
        ({"a": [0.5, float("nan")]}, INVALID),
        ({"a": [0.5, 3e38]}, INVALID),  # finite parameters, coordinates far away
        ({"a": [0.5, 3e38], "b": [0, -3e38]}, 0),  # ... but these cancel: x = o + 3e38 - 3e38
        ({"outs": [4, 0]}, INVALID),
        ({"ins": [0, 4]}, INVALID),
        ({"mode": 2}, INVALID),
        ({"rounding": 3}, INVALID),
        ({"scales": [1, 3.4e38]}, 0),  # FLT_MAX: every output maps near -a (ORT uses it)
        ({"scales": [1, 1e-30], "outs": [4, 1], "b": [0, 0]}, 0),  # the only coordinate is -a
    ],
)
def test_plan_create_rejects(kwargs: dict[str, Any], status: int) -> None:
    args: dict[str, Any] = {"ins": [4, 4], "outs": [4, 4], "scales": [1, 1]}
    args.update(kwargs)
    assert create_status(raw_params(**args)) == status


def test_plan_create_null_arguments_and_out_of_memory() -> None:
    out = ffi.new("pydml_resample_plan**")
    assert lib.pydml_resample_plan_create(ffi.NULL, out) == INVALID
    assert lib.pydml_resample_plan_create(raw_params([4], [4], [1]), ffi.NULL) == INVALID
    lib.pydml_resample_plan_destroy(ffi.NULL)
    # antialiasing with a tiny scale over a long axis would need n_in * n_out taps
    assert (
        create_status(raw_params([1000000], [400000], [1e-4], [0.0], [0.0], antialiased=1))
        == OUT_OF_MEMORY
    )
    # (a larger span of coordinates is rejected before: x beyond 2^32)
    assert create_status(raw_params([200000], [200000], [1e-5], antialiased=1)) == INVALID
    # a 4e9-element axis (either side) is past the 1 GiB table budget, and fails at once
    assert create_status(raw_params([1], [4000000000], [1.0], [0.0], [0.0])) == OUT_OF_MEMORY
    # the transposed table of a 4e9-element axis is past the 1 GiB table budget
    assert (
        create_status(raw_params([4000000000], [1], [1e-9], [0.0], [0.0], mode=NEAREST_NEIGHBOR))
        == OUT_OF_MEMORY
    )


def make_view(
    data_type: int, sizes: Sequence[int], strides: Sequence[int], data: Any, buffer_bytes: int
) -> Any:
    t = ffi.new("pydml_tensor*")
    t.data_type = data_type
    t.dim_count = len(sizes)
    for d, (n, s) in enumerate(zip(sizes, strides, strict=True)):
        t.sizes[d] = n
        t.strides[d] = s
    t.data = data
    t.buffer_bytes = buffer_bytes
    return t


def test_hostile_views() -> None:
    plan = ResamplePlan([2, 3], [4, 6], [2, 2], [0.5, 0.5], [-0.5, -0.5], LINEAR, ROUND_HALF_UP)
    p = plan._plan
    f32 = int(lib.DML_TENSOR_DATA_TYPE_FLOAT32)
    src = np.zeros(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    sp, dp = ffi.cast("void*", src.ctypes.data), ffi.cast("void*", dst.ctypes.data)
    good_in = make_view(f32, [2, 3], [3, 1], sp, 24)
    good_out = make_view(f32, [4, 6], [6, 1], dp, 96)
    assert lib.pydml_resample_forward(p, good_in, good_out) == 0
    assert lib.pydml_resample_backward(p, good_out, good_in) == 0

    def fwd(i: Any, o: Any) -> int:
        return int(lib.pydml_resample_forward(p, i, o))

    assert fwd(good_in, make_view(f32, [4, 6], [6, 1], dp, 95)) == OUT_OF_BOUNDS  # 1 byte short
    assert fwd(make_view(f32, [2, 3], [3, 1], sp, 23), good_out) == OUT_OF_BOUNDS
    assert fwd(make_view(f32, [2, 3], [2**62, 1], sp, 256), good_out) == OUT_OF_BOUNDS
    assert fwd(make_view(f32, [2, 3], [2**63, 2**63], sp, 256), good_out) == OUT_OF_BOUNDS
    assert fwd(make_view(f32, [2, 3], [3, 1], ffi.NULL, 24), good_out) == INVALID
    assert fwd(good_in, make_view(f32, [4, 6], [6, 1], ffi.NULL, 96)) == INVALID
    assert fwd(make_view(f32, [3, 2], [2, 1], sp, 24), good_out) == INVALID  # sizes != plan
    assert fwd(good_in, make_view(f32, [4, 5], [5, 1], dp, 96)) == INVALID
    assert fwd(make_view(f32, [2, 3, 1], [3, 1, 1], sp, 24), good_out) == INVALID  # rank
    assert fwd(make_view(f32, [2, 3], [0, 1], sp, 24), good_out) == 0  # broadcast input
    assert fwd(good_in, make_view(f32, [4, 6], [0, 1], dp, 96)) == INVALID  # output aliases itself
    assert fwd(good_in, make_view(f32, [4, 6], [3, 1], dp, 96)) == INVALID  # overlapping rows
    bad_rank = make_view(f32, [2, 3], [3, 1], sp, 24)
    bad_rank.dim_count = 9
    assert fwd(bad_rank, good_out) == INVALID
    bad_rank.dim_count = 0
    assert fwd(bad_rank, good_out) == INVALID
    assert lib.pydml_resample_forward(ffi.NULL, good_in, good_out) == INVALID
    assert lib.pydml_resample_forward(p, ffi.NULL, good_out) == INVALID
    assert lib.pydml_resample_backward(p, good_in, good_out) == INVALID  # directions swapped
    # in place / overlapping input and output
    assert fwd(good_in, make_view(f32, [4, 6], [6, 1], sp, 256)) == INVALID
    # misaligned elements
    odd = ffi.cast("char*", sp) + 2
    assert fwd(make_view(f32, [2, 3], [3, 1], odd, 24), good_out) == INVALID
    # data types
    f16 = int(lib.DML_TENSOR_DATA_TYPE_FLOAT16)
    assert fwd(make_view(f16, [2, 3], [3, 1], sp, 12), good_out) == INVALID  # types differ
    for name in ("INT32", "UINT32", "FLOAT64", "INT16", "UINT64"):
        code = int(getattr(lib, f"DML_TENSOR_DATA_TYPE_{name}"))
        assert (
            fwd(make_view(code, [2, 3], [3, 1], sp, 256), make_view(code, [4, 6], [6, 1], dp, 256))
            == UNSUPPORTED
        ), name
    assert fwd(make_view(99, [2, 3], [3, 1], sp, 256), make_view(99, [4, 6], [6, 1], dp, 256)) in (
        INVALID,
        UNSUPPORTED,
    )
    i8 = int(lib.DML_TENSOR_DATA_TYPE_INT8)
    assert (
        lib.pydml_resample_backward(
            p, make_view(i8, [4, 6], [6, 1], dp, 24), make_view(i8, [2, 3], [3, 1], sp, 6)
        )
        == UNSUPPORTED
    )
    assert not np.isnan(dst).any()  # nothing was written by the failed calls beyond valid output


def test_python_wrapper_errors() -> None:
    with pytest.raises(NativeError) as info:
        ResamplePlan([4], [4], [0.0], [0.5], [-0.5], LINEAR, ROUND_HALF_UP)
    assert info.value.status == INVALID
    with pytest.raises(ValueError):
        ResamplePlan([4, 4], [4], [1, 1], [0, 0], [0, 0], LINEAR, ROUND_HALF_UP)
    with pytest.raises(ValueError):
        ResamplePlan([4], [4], [1, 1], [0], [0], LINEAR, ROUND_HALF_UP)
    plan = ResamplePlan([4], [8], [2], [0.5], [-0.5], LINEAR, ROUND_HALF_UP)
    with pytest.raises(NativeError):
        plan.forward_array(np.zeros(5, dtype=np.float32))
    with pytest.raises(UnsupportedError):
        plan.forward_array(np.zeros(4, dtype=np.float64))
    with pytest.raises(NativeError):
        plan.forward_array(np.zeros(4, dtype=np.float32), out_dtype=np.float16)


# ---- PyTorch equivalence ----------

# Shapes whose out/in ratios are exact in float32: DirectML carries the scale as a float, so for
# e.g. 6 -> 16 (2.6666667f) output 8 samples x = 2.99999996 and floors to 2 where torch, using
# in/out = 0.375, gets exactly 3.
TORCH_SHAPES = [
    ((2, 3, 5, 7), (10, 14)),
    ((1, 2, 8, 12), (4, 6)),
    ((2, 2, 6, 4), (9, 6)),
    ((1, 3, 4, 8), (6, 20)),
    ((1, 1, 16, 10), (12, 15)),
]


def torch_config(mode: str, size_in: Sequence[int], size_out: Sequence[int]) -> Config:
    n, c, h, w = size_in
    oh, ow = size_out
    if mode == "nearest":
        a, b, s, interp, rounding = 0.0, 0.0, (oh / h, ow / w), NEAREST_NEIGHBOR, ROUND_FLOOR
    elif mode == "nearest-exact":
        a, b, s, interp, rounding = 0.0, -0.5, (oh / h, ow / w), NEAREST_NEIGHBOR, ROUND_FLOOR
    elif mode == "bilinear":
        a, b, s, interp, rounding = 0.5, -0.5, (oh / h, ow / w), LINEAR, ROUND_HALF_UP
    else:  # bilinear, align_corners=True
        a, b, interp, rounding = 0.0, 0.0, LINEAR, ROUND_HALF_UP
        s = ((oh - 1) / (h - 1), (ow - 1) / (w - 1))
    return Config(
        [n, c, h, w],
        [n, c, oh, ow],
        [1, 1, *s],
        [0.5, 0.5, a, a],
        [-0.5, -0.5, b, b],
        interp,
        rounding,
    )


@pytest.mark.parametrize("mode", ["nearest", "nearest-exact", "bilinear", "bilinear-corners"])
@pytest.mark.parametrize("shapes", TORCH_SHAPES, ids=[f"{s[0]}->{s[1]}" for s in TORCH_SHAPES])
def test_matches_torch(mode: str, shapes: tuple[tuple[int, ...], tuple[int, int]]) -> None:
    torch = pytest.importorskip("torch")
    size_in, size_out = shapes
    cfg = torch_config(mode, size_in, size_out)
    rng = np.random.default_rng(11)
    x = rng.standard_normal(size_in).astype(np.float32)
    g = rng.standard_normal(cfg.outs).astype(np.float32)
    tx = torch.from_numpy(x.copy()).requires_grad_(True)
    if mode.startswith("bilinear"):
        ty = torch.nn.functional.interpolate(
            tx, size=size_out, mode="bilinear", align_corners=mode == "bilinear-corners"
        )
    else:
        ty = torch.nn.functional.interpolate(tx, size=size_out, mode=mode)
    ty.backward(torch.from_numpy(g))
    plan = cfg.plan()
    y = plan.forward_array(x)
    gx = plan.backward_array(g)
    if mode.startswith("nearest"):
        np.testing.assert_array_equal(y, ty.detach().numpy())
    else:
        np.testing.assert_allclose(y, ty.detach().numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gx, tx.grad.numpy(), rtol=1e-5, atol=1e-5)


def test_matches_torch_aten_backward_ops() -> None:
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(12)
    g = rng.standard_normal((2, 3, 16, 12)).astype(np.float32)
    tg = torch.from_numpy(g)
    for mode, op, extra in [
        ("nearest", torch.ops.aten.upsample_nearest2d_backward, ()),
        ("nearest-exact", torch.ops.aten._upsample_nearest_exact2d_backward, ()),
        ("bilinear", torch.ops.aten.upsample_bilinear2d_backward, (False,)),
    ]:
        cfg = torch_config(mode, (2, 3, 8, 6), (16, 12))
        expected = op(tg, [16, 12], [2, 3, 8, 6], *extra).numpy()
        np.testing.assert_allclose(
            cfg.plan().backward_array(g), expected, rtol=1e-5, atol=1e-5, err_msg=mode
        )


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("width", [8, 37, 64])
def test_nearest_2x_duplicate_and_pair_sum_paths(width: int, dtype: np.dtype[Any]) -> None:
    """Integer 2x nearest (output o reads input o // 2: the AVX2 duplicate path, and its
    transpose's pair sums): every path the same bits as the portable one, NaN payloads (quiet and
    signaling), -0.0 and infinities included, and the reference's values."""
    ins, outs = [2, 3, 5, width], [2, 3, 10, 2 * width]
    rng = np.random.default_rng(width)
    x = rng.standard_normal(ins).astype(dtype)
    g = rng.standard_normal(outs).astype(dtype)
    specials = {F32: np.array([0x7FC12345, 0x7F812345, 0x80000000, 0x7F800000], np.uint32),
                F16: np.array([0x7E12, 0x7C12, 0x8000, 0x7C00], np.uint16),
                BF16: np.array([0x7FC1, 0x7F81, 0x8000, 0x7F80], np.uint16)}[dtype]
    for a in (x, g):
        flat = a.reshape(-1).view(specials.dtype)
        flat[rng.choice(flat.size, 8, replace=False)] = np.resize(specials, 8)
    results = []
    for features in PATHS.values():
        lib.pydml_set_cpu_features(features)
        plan = ResamplePlan(ins, outs, [1, 1, 2, 2], [0.5, 0.5, 0, 0], [-0.5, -0.5, 0, 0],
                            NEAREST_NEIGHBOR, ROUND_FLOOR)
        results.append((plan.forward_array(x), plan.backward_array(g)))
    y0, g0 = results[-1]
    for y, gx in results[:-1]:
        np.testing.assert_array_equal(y.view(np.uint8), y0.view(np.uint8))
        np.testing.assert_array_equal(gx.view(np.uint8), g0.view(np.uint8))
    with np.errstate(invalid="ignore"):
        finite = np.isfinite(x.astype(np.float32))
    want = np.repeat(np.repeat(x, 2, 2), 2, 3)
    assert (y0.view(np.uint8) == want.view(np.uint8)).reshape(*outs, -1)[np.repeat(np.repeat(
        finite, 2, 2), 2, 3)].all()
    with np.errstate(invalid="ignore"):
        sums = g.astype(np.float64).reshape(2, 3, 5, 2, width, 2).sum(axis=(3, 5))
    ok = np.isfinite(sums)
    np.testing.assert_allclose(g0.astype(np.float64)[ok], sums[ok],
                               rtol={F32: 1e-6, F16: 2e-3, BF16: 1.6e-2}[dtype], atol=1e-6)


def _linear_2x_emulated(x: np.ndarray[Any, Any], axis: int) -> np.ndarray[Any, Any]:
    """Half-pixel linear 2x along `axis` with the vector paths' float32 arithmetic: each tap's
    product rounded, then the lower source's product plus the upper one's (no FMA); the clamped
    edges read one source with weight 1."""
    x = np.moveaxis(x.astype(np.float32), axis, 0)
    n = x.shape[0]
    q, t = np.float32(0.25), np.float32(0.75)
    out = np.empty((2 * n, *x.shape[1:]), np.float32)
    out[0], out[-1] = x[0], x[-1]
    out[2:-1:2] = x[:-1] * q + x[1:] * t  # destination 2i: sources i - 1 and i
    out[1:-2:2] = x[:-1] * t + x[1:] * q  # destination 2i + 1: sources i and i + 1
    return np.moveaxis(out, 0, axis)


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("width", [8, 37, 70, 200])
@pytest.mark.parametrize("path", ["best", "avx2"])
def test_linear_2x_rows_are_the_float32_arithmetic(width: int, dtype: np.dtype[Any], path: str) -> None:
    """Half-pixel linear 2x (the AVX2 three-load row path in the middle of each row, the generic
    blocks at its ends): every output the float32 operations of the separable passes exactly."""
    if path == "avx2" and not lib.pydml_cpu_features() & lib.PYDML_CPU_AVX2_FMA:
        pytest.skip("no AVX2")
    lib.pydml_set_cpu_features(PATHS[path])
    ins, outs = [2, 2, 6, width], [2, 2, 12, 2 * width]
    x = np.random.default_rng(width).standard_normal(ins).astype(dtype)
    plan = ResamplePlan(ins, outs, [1, 1, 2, 2], [0.5] * 4, [-0.5] * 4, LINEAR, ROUND_HALF_UP)
    y = plan.forward_array(x)
    want = np.ascontiguousarray(_linear_2x_emulated(_linear_2x_emulated(x, 2), 3).astype(dtype))
    np.testing.assert_array_equal(y.view(np.uint8), want.view(np.uint8))


def _linear_2x_grad_emulated(g: np.ndarray[Any, Any], axis: int) -> np.ndarray[Any, Any]:
    """The transpose of _linear_2x_emulated along `axis` with the vector paths' float32
    arithmetic: input i sums its destinations' products in increasing destination order."""
    g = np.moveaxis(g.astype(np.float32), axis, 0)
    n = g.shape[0] // 2
    taps: list[list[tuple[int, np.float32]]] = [[] for _ in range(n)]
    q, t, one = np.float32(0.25), np.float32(0.75), np.float32(1.0)
    for o in range(2 * n):  # the forward's taps, transposed
        i = o // 2
        if o == 0 or o == 2 * n - 1:
            taps[i].append((o, one))
        elif o % 2 == 0:
            taps[i - 1].append((o, q))
            taps[i].append((o, t))
        else:
            taps[i].append((o, t))
            taps[i + 1].append((o, q))
    out = np.empty((n, *g.shape[1:]), np.float32)
    for i, ts in enumerate(taps):
        ts.sort()
        acc = g[ts[0][0]] * ts[0][1]
        for o, w in ts[1:]:
            acc = acc + g[o] * w
        out[i] = acc
    return np.moveaxis(out, 0, axis)


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("width", [8, 37, 70, 200])
@pytest.mark.parametrize("path", ["best", "avx2"])
def test_linear_2x_gradient_rows_are_the_float32_arithmetic(
    width: int, dtype: np.dtype[Any], path: str
) -> None:
    """The gradient of half-pixel linear 2x (the AVX2 shuffled row path in the middle of each
    row): every output the float32 operations of the transposed passes exactly."""
    if path == "avx2" and not lib.pydml_cpu_features() & lib.PYDML_CPU_AVX2_FMA:
        pytest.skip("no AVX2")
    lib.pydml_set_cpu_features(PATHS[path])
    ins, outs = [2, 2, 6, width], [2, 2, 12, 2 * width]
    g = np.random.default_rng(width).standard_normal(outs).astype(dtype)
    plan = ResamplePlan(ins, outs, [1, 1, 2, 2], [0.5] * 4, [-0.5] * 4, LINEAR, ROUND_HALF_UP)
    got = plan.backward_array(g)
    want = np.ascontiguousarray(_linear_2x_grad_emulated(_linear_2x_grad_emulated(g, 2), 3).astype(dtype))
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


#: the row axis of test_linear_2x_gradient_one_pass_rows (rows in, rows out, scale, pixel offsets):
#: one source row per destination row (identity), two or three (1.5x, and 2x with zero offsets),
#: three or four (2x half-pixel)
GRAD_ROWS = [(1, 1, 1.0, 0.5, -0.5), (8, 12, 1.5, 0.5, -0.5), (5, 10, 2.0, 0.0, 0.0), (6, 12, 2.0, 0.5, -0.5)]


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("rows", range(len(GRAD_ROWS)))
def test_linear_2x_gradient_one_pass_rows(rows: int, dtype: np.dtype[Any]) -> None:
    """The AVX2 gradient rows of half-pixel linear 2x in one pass (rs_kernels.lin2t_row: one to
    four source rows blended in registers, the edges' three taps blended in, widths that are and
    are not multiples of 8): the portable passes' bits."""
    if not lib.pydml_cpu_features() & lib.PYDML_CPU_AVX2_FMA:
        pytest.skip("no AVX2")
    h_in, h_out, s, a, b = GRAD_ROWS[rows]
    for width in (24, 29, 45, 77):
        ins, outs = [2, 2, h_in, width], [2, 2, h_out, 2 * width]
        g = np.random.default_rng(width + rows).standard_normal(outs).astype(dtype)
        got = []
        for features in (PATHS["avx2"], 0):
            lib.pydml_set_cpu_features(features)
            plan = ResamplePlan(ins, outs, [1, 1, s, 2], [0.5, 0.5, a, 0.5], [-0.5, -0.5, b, -0.5],
                                LINEAR, ROUND_HALF_UP)
            got.append(plan.backward_array(g))
        np.testing.assert_array_equal(got[0].view(np.uint8), got[1].view(np.uint8), err_msg=f"width {width}")


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("width", [16, 37, 70, 200])
@pytest.mark.parametrize("mode", [NEAREST_NEIGHBOR, LINEAR], ids=["nearest", "linear"])
def test_half_downscale_rows_are_exact_on_every_path(width: int, mode: int, dtype: np.dtype[Any]) -> None:
    """0.5x downscales and their gradients (the AVX2 pass's integer-2x patterns with one weight:
    linear pairs 0.5 / 0.5 and their 0.5 duplicates; nearest source 2j and its spread with zero
    odd destinations, and the zero rows between): the same bits on every path, and the float32
    arithmetic of the separable passes (products rounded, then one addition)."""
    ins, outs = [2, 3, 2 * 6, 2 * width], [2, 3, 6, width]
    rng = np.random.default_rng(width)
    x = rng.standard_normal(ins).astype(dtype)
    g = rng.standard_normal(outs).astype(dtype)
    a, b = (0.5, -0.5) if mode == LINEAR else (0.0, 0.0)
    results = []
    for features in PATHS.values():
        lib.pydml_set_cpu_features(features)
        plan = ResamplePlan(
            ins, outs, [1, 1, 0.5, 0.5], [0.5, 0.5, a, a], [-0.5, -0.5, b, b], mode, ROUND_FLOOR
        )
        results.append((features, plan.forward_array(x), plan.backward_array(g)))
    x32, g32, h = x.astype(np.float32), g.astype(np.float32), np.float32(0.5)
    if mode == LINEAR:
        v = x32[:, :, 0::2] * h + x32[:, :, 1::2] * h
        want_y = v[..., 0::2] * h + v[..., 1::2] * h
        want_g = np.repeat(np.repeat(g32 * h, 2, 2) * h, 2, 3)
    else:
        want_y = x32[:, :, 0::2, 0::2]
        want_g = np.zeros(ins, np.float32)
        want_g[:, :, 0::2, 0::2] = g32
    for features, y, gx in results:
        np.testing.assert_array_equal(y, want_y.astype(dtype), err_msg=f"forward {features:#x}")
        np.testing.assert_array_equal(gx.view(np.uint8), want_g.astype(dtype).view(np.uint8),
                                      err_msg=f"backward {features:#x}")


@pytest.mark.parametrize("scale", [1.5, 0.75, 0.6, 4 / 3, 1.25, 2.5, 3.0])
@pytest.mark.parametrize("mode", [NEAREST_NEIGHBOR, LINEAR], ids=["nearest", "linear"])
def test_avx2_periodic_runs_are_the_portable_bits(scale: float, mode: int) -> None:
    """The AVX2 pass's periodic runs (the pattern of one period set up once per row, then window
    loads, vpermps, products, additions and lane blends per half block) do the generic blocks'
    and the portable pass's float32 operations in their order: the same bits, forward and
    gradient, at scales whose patterns repeat every one to five blocks, with row ends that stop a
    run early (the windows past the last source) and both 2D axes resampled."""
    if not lib.pydml_cpu_features() & lib.PYDML_CPU_AVX2_FMA:
        pytest.skip("no AVX2")
    rng = np.random.default_rng(int(scale * 100) + mode)
    ins = [2, 3, 11, 397]
    outs = [2, 3, round(11 * scale), round(397 * scale)]
    for dtype in (F32, F16, BF16):
        x = rng.standard_normal(ins).astype(dtype)
        g = rng.standard_normal(outs).astype(dtype)
        got = []
        for features in (PATHS["avx2"], 0):
            lib.pydml_set_cpu_features(features)
            plan = ResamplePlan(
                ins, outs, [1, 1, scale, scale], [0.5] * 4, [-0.5] * 4, mode, ROUND_HALF_UP
            )
            got.append((plan.forward_array(x), plan.backward_array(g)))
        (y, gx), (y0, g0) = got
        np.testing.assert_array_equal(y.view(np.uint8), y0.view(np.uint8), err_msg=f"forward {dtype}")
        np.testing.assert_array_equal(gx.view(np.uint8), g0.view(np.uint8), err_msg=f"backward {dtype}")


@pytest.mark.parametrize("dtype", [F32, F16], ids=["f32", "f16"])
@pytest.mark.parametrize("width", [16, 45, 128])
def test_pair_rows_unequal_weights_and_nan_pairs(width: int, dtype: np.dtype[Any]) -> None:
    """The window rows' pair form (rs_table.win_pair, rs256_pair_half: every destination j reads
    sources 2j and 2j + 1): a 0.5x linear downscale sampled a quarter pixel off centre (weights
    0.75 / 0.25 on both axes, so that the two taps' weights differ), and the gradient of a 2x
    nearest upscale (weights 1): every path the portable path's bits and the values of the
    separable passes' float32 arithmetic. Pairs of NaNs with different payloads, side by side and
    one above the other, give a NaN with one of the two payloads (quieted) on every path: which
    one, IEEE 754 leaves open, and the compilers may commute an addition's operands."""
    rng = np.random.default_rng(width)
    uint = {F32: np.uint32, F16: np.uint16}[dtype]
    specials = {F32: np.array([0x7FC12345, 0x7FC54321], np.uint32), F16: np.array([0x7E12, 0x7E34], np.uint16)}[dtype]
    ins, outs = [2, 3, 12, 2 * width], [2, 3, 6, width]
    x = rng.standard_normal(ins).astype(dtype)
    g = rng.standard_normal([2, 3, 24, 4 * width]).astype(dtype)
    for a in (x, g):
        bits = a.view(uint)
        bits[0, 0, 2, 4:6] = specials        # a NaN pair in one row: even, odd
        bits[0, 1, 4:6, 8] = specials        # one above the other
        bits[1, 2, 6, -2:] = specials[::-1]  # the last pair of a row
    results = []
    for features in PATHS.values():
        lib.pydml_set_cpu_features(features)
        down = ResamplePlan(ins, outs, [1, 1, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5], [-0.5, -0.5, -0.375, -0.375],
                            LINEAR, ROUND_FLOOR)
        up = ResamplePlan(ins, [2, 3, 24, 4 * width], [1, 1, 2, 2], [0.5, 0.5, 0, 0], [-0.5, -0.5, 0, 0],
                          NEAREST_NEIGHBOR, ROUND_FLOOR)
        results.append((features, down.forward_array(x), up.backward_array(g)))
    x32, g32 = x.astype(np.float32), g.astype(np.float32)
    w0, w1 = np.float32(0.75), np.float32(0.25)
    with np.errstate(invalid="ignore"):
        v = x32[:, :, 1::2] * w1 + x32[:, :, 0::2] * w0
        want_y = (v[..., 0::2] * w0 + v[..., 1::2] * w1).astype(dtype)
        vg = g32[:, :, 1::2] + g32[:, :, 0::2]
        want_g = (vg[..., 0::2] + vg[..., 1::2]).astype(dtype)
    for features, y, gx in results:
        for got, want, what in ((y, want_y, "forward"), (gx, want_g, "gradient")):
            finite = ~np.isnan(want.astype(np.float32))
            assert finite.sum() > 0.9 * finite.size
            np.testing.assert_array_equal(got.view(uint)[finite], want.view(uint)[finite],
                                          err_msg=f"{what} {features:#x}")
            assert set(got.view(uint)[~finite].tolist()) <= set(specials.tolist()), f"{what} {features:#x}"
