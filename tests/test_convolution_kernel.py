"""Kernel-level tests of DML_CONVOLUTION (native/families/convolution.c via tests/kernel_plan_convolution.py, the C plan API).

Values are checked against the naive float64 reference in tests/reference_convolution.py, against
the worked values of directml-api.md section 5, against PyTorch when it is installed, and by the
adjoint identity <conv_fwd(x, W), g> == <x, conv_bwd(g, W)>. Every path is run: the vector one this
CPU has, AVX2, and portable C (pydml_set_cpu_features).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_convolution import conv_reference

from pydml.errors import NativeError, UnsupportedError
from kernel_plan_convolution import (
    BACKWARD,
    CONVOLUTION,
    CROSS_CORRELATION,
    FORWARD,
    ConvolutionPlan,
    conv_array,
    convolution_output_sizes,
)
from pydml.native import data_type_of, ffi, lib, view_array, view_buffer

BF16 = np.dtype(ml_dtypes.bfloat16)
F32 = int(lib.DML_TENSOR_DATA_TYPE_FLOAT32)
INVALID = int(lib.PYDML_STATUS_INVALID_PARAMETER)
OUT_OF_BOUNDS = int(lib.PYDML_STATUS_OUT_OF_BOUNDS)
OUT_OF_MEMORY = int(lib.PYDML_STATUS_OUT_OF_MEMORY)

ALL = 0xFFFFFFFF
AVX2 = int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C)
PATHS = {"native": ALL, "avx2": AVX2, "portable": 0}


@pytest.fixture(params=list(PATHS))
def cpu_path(request: pytest.FixtureRequest) -> Iterator[str]:
    """Runs a test on each kernel path (restores every feature afterwards)."""
    lib.pydml_set_cpu_features(PATHS[request.param])
    try:
        yield request.param
    finally:
        lib.pydml_set_cpu_features(ALL)


@dataclass(frozen=True)
class Cfg:
    direction: int
    mode: int
    n: int
    cin: int  # channels of the op's input tensor
    spatial: tuple[int, ...]  # input spatial sizes
    cout: int  # channels of the op's output tensor
    groups: int
    k: tuple[int, ...]
    s: tuple[int, ...] | None = None
    d: tuple[int, ...] | None = None
    start: tuple[int, ...] | None = None
    end: tuple[int, ...] | None = None
    op: tuple[int, ...] | None = None

    @property
    def sp(self) -> int:
        return len(self.spatial)

    def geometry(self) -> dict[str, list[int]]:
        ones, zeros = [1] * self.sp, [0] * self.sp
        return {
            "strides": list(self.s or ones),
            "dilations": list(self.d or ones),
            "start_padding": list(self.start or zeros),
            "end_padding": list(self.end or zeros),
            "output_padding": list(self.op or zeros),
        }

    @property
    def x_shape(self) -> tuple[int, ...]:
        return (self.n, self.cin, *self.spatial)

    @property
    def w_shape(self) -> tuple[int, ...]:
        if self.direction == FORWARD:
            return (self.cout, self.cin // self.groups, *self.k)
        return (self.cin, self.cout // self.groups, *self.k)

    def out_shape(self) -> list[int]:
        return convolution_output_sizes(
            direction=self.direction,
            input_sizes=self.x_shape,
            filter_sizes=self.w_shape,
            group_count=self.groups,
            **self.geometry(),
        )

    def reference(
        self, x: Any, w: Any, b: Any = None, activation: Any = None
    ) -> np.ndarray[Any, Any]:
        g = self.geometry()
        return conv_reference(
            x,
            w,
            b,
            mode=self.mode,
            direction=self.direction,
            groups=self.groups,
            strides=g["strides"],
            dilations=g["dilations"],
            start=g["start_padding"],
            end=g["end_padding"],
            out_pad=g["output_padding"],
            activation=activation,
        )

    def run(self, x: Any, w: Any, b: Any = None, **kw: Any) -> np.ndarray[Any, Any]:
        return conv_array(
            x,
            w,
            b,
            mode=self.mode,
            direction=self.direction,
            group_count=self.groups,
            **self.geometry(),
            **kw,
        )

    def plan(self, dtype: Any = np.float32, has_bias: bool = False, **kw: Any) -> ConvolutionPlan:
        return ConvolutionPlan(
            spatial_dims=self.sp,
            mode=self.mode,
            direction=self.direction,
            group_count=self.groups,
            input_sizes=self.x_shape,
            filter_sizes=self.w_shape,
            output_sizes=self.out_shape(),
            data_type=data_type_of(dtype),
            has_bias=has_bias,
            **self.geometry(),
            **kw,
        )


F, B, CC, CV = FORWARD, BACKWARD, CROSS_CORRELATION, CONVOLUTION
# direction x mode x 1-3 spatial dims x groups (1, general, depthwise, channel multiplier) x dil.
# x asymmetric padding x output padding x stride; dense (>= 8 output channels per group) and plane.
CONFIGS = [
    Cfg(F, CC, 2, 3, (11,), 5, 1, (3,), start=(1,), end=(1,)),
    Cfg(F, CV, 2, 4, (13,), 6, 2, (4,), s=(2,), d=(2,), start=(3,), end=(0,)),
    Cfg(B, CC, 2, 6, (7,), 4, 2, (3,), s=(3,), start=(1,), end=(2,), op=(2,)),
    Cfg(B, CV, 1, 5, (6,), 5, 5, (5,), s=(2,), start=(2,), end=(1,), op=(1,)),
    Cfg(F, CC, 2, 20, (6, 7), 24, 1, (3, 3), start=(1, 1), end=(1, 1)),
    Cfg(F, CV, 1, 8, (7, 9), 16, 2, (3, 2), s=(2, 1), d=(1, 2), start=(0, 2), end=(1, 0)),
    Cfg(F, CC, 2, 16, (7, 8), 16, 16, (3, 3), s=(2, 2), start=(1, 1), end=(1, 1)),
    Cfg(F, CV, 1, 4, (6, 7), 12, 4, (3, 3), d=(2, 1), start=(2, 0), end=(0, 1)),
    Cfg(B, CC, 2, 24, (5, 6), 20, 1, (3, 3), start=(1, 1), end=(1, 1)),
    Cfg(B, CC, 1, 16, (4, 5), 32, 1, (3, 3), s=(2, 2), start=(1, 1), end=(1, 1), op=(1, 1)),
    Cfg(
        B, CV, 1, 12, (4, 5), 18, 3, (2, 3), s=(3, 2), d=(2, 1), start=(2, 0), end=(0, 1), op=(2, 1)
    ),
    Cfg(B, CC, 2, 16, (4, 5), 16, 16, (3, 3), s=(2, 2), start=(1, 1), end=(1, 1), op=(1, 1)),
    Cfg(B, CV, 1, 3, (5, 4), 6, 3, (3, 3), d=(1, 2), start=(0, 1), end=(2, 0)),
    Cfg(
        F,
        CC,
        1,
        5,
        (4, 5, 6),
        8,
        1,
        (2, 3, 3),
        s=(1, 2, 1),
        d=(1, 1, 2),
        start=(1, 0, 2),
        end=(0, 1, 1),
    ),
    Cfg(
        B,
        CV,
        1,
        8,
        (3, 4, 3),
        20,
        2,
        (3, 2, 2),
        s=(2, 1, 2),
        start=(1, 0, 1),
        end=(0, 0, 1),
        op=(1, 0, 0),
    ),
    Cfg(F, CV, 2, 4, (4, 5, 5), 4, 4, (3, 3, 3), start=(1, 1, 1), end=(1, 1, 1)),
    Cfg(B, CC, 1, 16, (3, 4, 4), 16, 1, (3, 3, 3), start=(1, 1, 1), end=(1, 1, 1)),
    # stride > kernel: BACKWARD phases without taps (bias only), output padding tail
    Cfg(B, CC, 1, 8, (3, 4), 16, 1, (2, 1), s=(3, 2), op=(2, 1)),
    Cfg(B, CV, 1, 2, (4, 3), 3, 1, (1, 2), s=(2, 3), start=(0, 1), op=(1, 2)),
    # padding wider than the kernel, dilation larger than the input in one axis
    Cfg(F, CC, 1, 6, (3, 5), 9, 3, (2, 2), s=(1, 2), start=(4, 3), end=(2, 5)),
    Cfg(F, CV, 1, 17, (9, 2), 40, 1, (3, 1), d=(4, 1), s=(2, 1), start=(1, 0), end=(0, 1)),
    Cfg(
        B, CC, 1, 33, (2, 9), 48, 1, (2, 3), d=(3, 2), s=(1, 2), start=(2, 3), end=(0, 1), op=(0, 1)
    ),
    # taps whose reads all fall in the padding, left out of the kernel (trim_axis): an atrous
    # pyramid's dilation past the map (only the centre tap reads it, dense and depthwise), the
    # first tap of one axis and the last two of the other with the filter flipped, and a
    # few-channel case whose width axis trims to one tap (no folding then)
    Cfg(F, CC, 1, 24, (6, 7), 16, 1, (3, 3), d=(6, 8), start=(6, 8), end=(6, 8)),
    Cfg(F, CC, 1, 16, (5, 6), 16, 16, (3, 3), d=(5, 6), start=(5, 6), end=(5, 6)),
    Cfg(F, CV, 1, 8, (5, 4), 16, 1, (3, 4), d=(3, 3), start=(7, 0), end=(0, 9)),
    Cfg(F, CC, 1, 3, (8, 8), 16, 1, (3, 3), d=(1, 9), start=(1, 9), end=(1, 9)),
    # pointwise (1x1, stride 1, no padding): the GEMM path for pixel-contiguous views
    Cfg(B, CV, 2, 24, (5, 7), 16, 2, (1, 1)),
    Cfg(F, CC, 1, 20, (3, 4, 5), 40, 1, (1, 1, 1), d=(2, 1, 3)),
    # strided 1x1 FORWARD with at least 4096 output pixels: the pointwise GEMM over gathered
    # pixels (smaller ones, ResNet's downsampling, run on the band engine: the next two, and
    # MEDIUM's); an end padding that adds no output, a 3-D mix of strides
    Cfg(F, CC, 1, 5, (130, 127), 8, 1, (1, 1), s=(2, 2), end=(0, 1)),
    Cfg(F, CV, 1, 3, (8, 33, 96), 16, 1, (1, 1, 1), s=(1, 2, 3)),
    Cfg(F, CC, 2, 19, (24, 23), 24, 1, (1, 1), s=(2, 2), end=(0, 1)),
    Cfg(F, CV, 1, 17, (4, 9, 20), 40, 1, (1, 1, 1), s=(1, 2, 3)),
    # rows of 20 gathered pixels (a whole vector of the stride-2 copy, then a tail), the last
    # one ending at the input's last element (FLOAT32 only: the half types gather through their load)
    Cfg(F, CC, 1, 4, (409, 39), 8, 1, (1, 1), s=(2, 2)),
]
HALF_CONFIGS = CONFIGS[:-1][::3] + CONFIGS[-5:-1]


def rand(shape: Sequence[int], dtype: Any, seed: int) -> np.ndarray[Any, Any]:
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def assert_close(actual: Any, expected: Any, rtol: float, atol_rel: float = 0.0) -> None:
    actual = np.asarray(actual, dtype=np.float64)
    atol = atol_rel * float(np.max(np.abs(expected))) if expected.size else 0.0
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol)


@pytest.mark.parametrize(
    "cfg", CONFIGS, ids=lambda c: f"{'fb'[c.direction]}{'vc'[c.mode]}{c.sp}d-g{c.groups}"
)
def test_matches_reference_f32(cfg: Cfg, cpu_path: str) -> None:
    x, w = rand(cfg.x_shape, np.float32, 1), rand(cfg.w_shape, np.float32, 2)
    b = rand((cfg.out_shape()[1],), np.float32, 3)
    out = np.full(cfg.out_shape(), np.nan, dtype=np.float32)
    cfg.run(x, w, b, out=out)
    assert_close(out, cfg.reference(x, w, b), rtol=1e-5, atol_rel=1e-6)


@pytest.mark.parametrize("dtype,rtol", [(np.float16, 2e-3), (BF16, 1.6e-2)], ids=["f16", "bf16"])
@pytest.mark.parametrize(
    "cfg", HALF_CONFIGS, ids=lambda c: f"{'fb'[c.direction]}{'vc'[c.mode]}{c.sp}d-g{c.groups}"
)
def test_matches_reference_half(cfg: Cfg, dtype: Any, rtol: float, cpu_path: str) -> None:
    x, w = rand(cfg.x_shape, dtype, 1), rand(cfg.w_shape, dtype, 2)
    b = rand((cfg.out_shape()[1],), dtype, 3)
    out = np.full(cfg.out_shape(), np.nan, dtype=dtype)
    cfg.run(x, w, b, out=out)
    # inputs are exact in float64; f32 accumulation, then one rounding to the output type
    assert_close(out, cfg.reference(x, w, b), rtol=rtol, atol_rel=rtol)


# ---- worked values (directml-api.md section 5) --------------------------------------------------


def test_tv_c1() -> None:
    x = np.arange(1, 10, dtype=np.float32).reshape(1, 1, 3, 3)
    w = np.full((1, 1, 2, 2), 0.5, dtype=np.float32)
    np.testing.assert_array_equal(conv_array(x, w).ravel(), [6, 8, 12, 14])


def test_tv_c2() -> None:
    x = np.arange(1, 10, dtype=np.float32).reshape(1, 1, 3, 3)
    w = np.array([[1, 2], [3, 4]], dtype=np.float32).reshape(1, 1, 2, 2)
    np.testing.assert_array_equal(
        conv_array(x, w, mode=CROSS_CORRELATION)[0, 0], [[37, 47], [67, 77]]
    )
    np.testing.assert_array_equal(conv_array(x, w, mode=CONVOLUTION)[0, 0], [[23, 33], [53, 63]])


@pytest.mark.parametrize(
    "x,w,stride,pad,expected",
    [
        ([1, 2], [1, 10], 1, 0, [1, 12, 20]),
        ([1, 2], [1, 10], 2, 0, [1, 10, 2, 20]),
        ([1, 2, 3], [1, 10, 100], 2, 1, [10, 102, 20, 203, 30]),
    ],
)
def test_tv_c3_1d(x: list[int], w: list[int], stride: int, pad: int, expected: list[int]) -> None:
    """CROSS_CORRELATION + BACKWARD = ONNX ConvTranspose; 1-D along W, as 3-D and 4-D tensors."""
    xa = np.array(x, dtype=np.float32).reshape(1, 1, -1)
    wa = np.array(w, dtype=np.float32).reshape(1, 1, -1)
    y = conv_array(
        xa, wa, direction=BACKWARD, strides=[stride], start_padding=[pad], end_padding=[pad]
    )
    np.testing.assert_array_equal(y.ravel(), expected)
    y4 = conv_array(
        xa[:, :, None],
        wa[:, :, None],
        direction=BACKWARD,
        strides=[1, stride],
        start_padding=[0, pad],
        end_padding=[0, pad],
    )
    np.testing.assert_array_equal(y4.ravel(), expected)


def test_tv_c3_2d() -> None:
    x = np.array([[1, 2], [3, 4]], dtype=np.float32).reshape(1, 1, 2, 2)
    w = np.ones((1, 1, 2, 2), dtype=np.float32)
    y = conv_array(x, w, direction=BACKWARD)
    np.testing.assert_array_equal(y[0, 0], [[1, 3, 2], [4, 10, 6], [3, 7, 4]])


def test_mode_orientation_table() -> None:
    """CONVOLUTION flips the kernel in both directions; CC+BWD is the adjoint of CC+FWD."""
    x = rand((1, 2, 5, 6), np.float32, 5)
    w = rand((3, 2, 3, 2), np.float32, 6)
    flipped = np.ascontiguousarray(w[:, :, ::-1, ::-1])
    np.testing.assert_array_equal(conv_array(x, w, mode=CONVOLUTION), conv_array(x, flipped))
    g = rand((1, 3, 5, 6), np.float32, 7)
    geo = {"start_padding": [1, 0], "end_padding": [1, 1]}
    np.testing.assert_array_equal(
        conv_array(g, w, mode=CONVOLUTION, direction=BACKWARD, **geo),
        conv_array(g, flipped, mode=CROSS_CORRELATION, direction=BACKWARD, **geo),
    )


# ---- adjoint identity ---------------------------------------------------------------------------


def nhwc_view(a: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A channels-last copy of `a`, returned as an NCHW-shaped view with NHWC strides."""
    return np.moveaxis(np.ascontiguousarray(np.moveaxis(a, 1, -1)), -1, 1)


@st.composite
def adjoint_cases(draw: Any) -> tuple[Cfg, bool]:
    sp = draw(st.integers(1, 3))
    groups = draw(st.sampled_from([1, 1, 2, 3]))
    cin = groups * draw(st.sampled_from([1, 2, 5, 16]))
    cout = groups * draw(st.sampled_from([1, 3, 8, 17]))
    k = tuple(draw(st.integers(1, 3)) for _ in range(sp))
    s = tuple(draw(st.integers(1, 3)) for _ in range(sp))
    d = tuple(draw(st.integers(1, 2)) for _ in range(sp))
    start = tuple(draw(st.integers(0, 2)) for _ in range(sp))
    end = tuple(draw(st.integers(0, 2)) for _ in range(sp))
    limit = 9 if sp < 3 else 5
    spatial = tuple(
        draw(st.integers(max(1, (k[i] - 1) * d[i] + 1 - start[i] - end[i]), limit))
        for i in range(sp)
    )
    mode = draw(st.sampled_from([CROSS_CORRELATION, CONVOLUTION]))
    nhwc = draw(st.booleans())
    return Cfg(
        FORWARD, mode, draw(st.integers(1, 2)), cin, spatial, cout, groups, k, s, d, start, end
    ), nhwc


@settings(max_examples=60, deadline=None, derandomize=True)
@given(adjoint_cases())
def test_adjoint_identity(case: tuple[Cfg, bool]) -> None:
    fwd, nhwc = case
    x, w = rand(fwd.x_shape, np.float32, 11), rand(fwd.w_shape, np.float32, 12)
    y = fwd.run(nhwc_view(x) if nhwc else x, w)
    g = rand(y.shape, np.float32, 13)
    out_pad = tuple(
        fwd.spatial[i]
        - (
            (y.shape[2 + i] - 1) * fwd.s[i]
            + (fwd.k[i] - 1) * fwd.d[i]
            + 1
            - fwd.start[i]
            - fwd.end[i]
        )
        for i in range(fwd.sp)
    )
    bwd = Cfg(
        BACKWARD,
        fwd.mode,
        fwd.n,
        fwd.cout,
        tuple(y.shape[2:]),
        fwd.cin,
        fwd.groups,
        fwd.k,
        fwd.s,
        fwd.d,
        fwd.start,
        fwd.end,
        out_pad,
    )
    dx = (
        nhwc_view(np.full(fwd.x_shape, np.nan, dtype=np.float32))
        if nhwc
        else np.full(fwd.x_shape, np.nan, dtype=np.float32)
    )
    bwd.run(nhwc_view(g) if nhwc else g, w, out=dx)
    lhs = float(np.sum(y.astype(np.float64) * g))
    rhs = float(np.sum(x.astype(np.float64) * dx))
    scale = float(np.sum(np.abs(y.astype(np.float64) * g))) + 1e-30
    assert abs(lhs - rhs) <= 1e-5 * scale
    np.testing.assert_allclose(dx, bwd.reference(g, w), rtol=1e-4, atol=1e-4)


# ---- activations and bias -----------------------------------------------------------------------

L = lib
ACTIVATIONS = [
    (L.DML_OPERATOR_ACTIVATION_LINEAR, (0.7, -0.3)),
    (L.DML_OPERATOR_ACTIVATION_SIGMOID, ()),
    (L.DML_OPERATOR_ACTIVATION_HARD_SIGMOID, (0.2, 0.5)),
    (L.DML_OPERATOR_ACTIVATION_TANH, ()),
    (L.DML_OPERATOR_ACTIVATION_SCALED_TANH, (1.5, 0.6)),
    (L.DML_OPERATOR_ACTIVATION_RELU, ()),
    (L.DML_OPERATOR_ACTIVATION_LEAKY_RELU, (0.1,)),
    (L.DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, (0.4,)),
    (L.DML_OPERATOR_ACTIVATION_ELU, (0.8,)),
    (L.DML_OPERATOR_ACTIVATION_CELU, (1.3,)),
    (L.DML_OPERATOR_ACTIVATION_SCALED_ELU, (1.67, 1.05)),
    (L.DML_OPERATOR_ACTIVATION_SOFTPLUS, (2.0,)),
    (L.DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, (0.9, 1.7)),
    (L.DML_OPERATOR_ACTIVATION_SOFTSIGN, ()),
    (L.DML_OPERATOR_ACTIVATION_IDENTITY, ()),
    (L.DML_OPERATOR_ACTIVATION_SHRINK, (0.25, 0.5)),
    (L.DML_OPERATOR_ACTIVATION_GELU, ()),
    (L.DML_OPERATOR_ELEMENT_WISE_CLIP, (-0.5, 0.75, 1.5, 0.1)),
]


@pytest.mark.parametrize("kind,params", ACTIVATIONS, ids=lambda v: str(v))
@pytest.mark.parametrize("cfg", [CONFIGS[4], CONFIGS[6]], ids=["dense", "plane"])
def test_fused_activation(cfg: Cfg, kind: int, params: tuple[float, ...]) -> None:
    x, w = rand(cfg.x_shape, np.float32, 21), rand(cfg.w_shape, np.float32, 22) * 0.3
    b = rand((cfg.out_shape()[1],), np.float32, 23)
    y = cfg.run(x, w, b, activation_type=int(kind), activation_params=params)
    # atol: f32 accumulation error of the pre-activation sum, which e.g. CLIP's scale-and-shift
    # can bring close to 0
    assert_close(
        y, cfg.reference(x, w, b, activation=(int(kind), params)), rtol=2e-5, atol_rel=1e-5
    )


def test_unknown_activation_is_unsupported() -> None:
    with pytest.raises(UnsupportedError):
        CONFIGS[0].plan(activation_type=int(lib.DML_OPERATOR_ACTIVATION_SOFTMAX))
    with pytest.raises(UnsupportedError):
        CONFIGS[0].plan(activation_type=12345)


def test_bias_broadcast_view() -> None:
    """A bias view with a 0 stride (one value for every channel) and a strided one."""
    cfg = CONFIGS[4]
    x, w = rand(cfg.x_shape, np.float32, 1), rand(cfg.w_shape, np.float32, 2)
    plan = cfg.plan(has_bias=True)
    out = np.full(cfg.out_shape(), np.nan, dtype=np.float32)
    one = np.array([2.5], dtype=np.float32)
    bias_view = view_buffer(one, F32, [1, cfg.out_shape()[1], 1, 1], [0, 0, 0, 0])
    plan.execute(view_array(x), view_array(w), bias_view, view_array(out))
    assert_close(out, cfg.reference(x, w) + 2.5, rtol=1e-5, atol_rel=1e-6)
    wide = rand((cfg.out_shape()[1], 3), np.float32, 4)
    plan.execute(
        view_array(x), view_array(w), view_array(wide[:, 1].reshape(1, -1, 1, 1)), view_array(out)
    )
    assert_close(out, cfg.reference(x, w, wide[:, 1]), rtol=1e-5, atol_rel=1e-6)


# ---- layouts, paths, threads --------------------------------------------------------------------

MEDIUM = [
    Cfg(F, CC, 2, 40, (30, 31), 72, 1, (3, 3), start=(1, 1), end=(1, 1)),
    # one output row's band (3 rows of 512 channels x 66 columns) past 384 KiB: the wide target
    Cfg(F, CC, 1, 512, (4, 64), 16, 1, (3, 3), start=(1, 1), end=(1, 1)),
    Cfg(B, CC, 2, 72, (15, 16), 40, 1, (3, 3), s=(2, 2), start=(1, 1), end=(1, 1), op=(1, 0)),
    Cfg(F, CV, 1, 64, (40, 33), 64, 64, (3, 3), start=(1, 1), end=(1, 1)),
    Cfg(B, CC, 2, 48, (6, 10, 9), 36, 1, (3, 3, 3), start=(1, 1, 1), end=(1, 1, 1)),
    Cfg(F, CC, 1, 96, (70, 70), 32, 1, (1, 1)),
    Cfg(F, CC, 2, 40, (29, 30), 48, 1, (1, 1), s=(2, 2)),
    Cfg(F, CC, 1, 8, (129, 130), 16, 1, (1, 1), s=(2, 2)),
]


@pytest.mark.parametrize(
    "cfg", MEDIUM, ids=lambda c: f"{'fb'[c.direction]}{c.sp}d-{c.cin}-{c.cout}-g{c.groups}"
)
def test_layouts_paths_threads_agree(cfg: Cfg) -> None:
    """NHWC views equal NCHW exactly; the portable and AVX2 paths agree with the native one;
    the thread count does not change a bit; an output view inside a NaN buffer stays inside."""
    x, w = rand(cfg.x_shape, np.float32, 31), rand(cfg.w_shape, np.float32, 32)
    b = rand((cfg.out_shape()[1],), np.float32, 33)
    base = cfg.run(x, w, b)
    nhwc_out = nhwc_view(np.full(cfg.out_shape(), np.nan, dtype=np.float32))
    cfg.run(nhwc_view(x), w, b, out=nhwc_out)
    np.testing.assert_array_equal(nhwc_out, base)
    # an output view embedded in a larger NaN buffer (padding on every axis)
    shape = cfg.out_shape()
    big = np.full([s + 2 for s in shape], np.nan, dtype=np.float32)
    inner = big[tuple(slice(1, 1 + s) for s in shape)]
    cfg.run(x, w, b, out=inner)
    np.testing.assert_array_equal(inner, base)
    mask = np.ones(big.shape, dtype=bool)
    mask[tuple(slice(1, 1 + s) for s in shape)] = False
    assert np.isnan(big[mask]).all()
    previous = lib.pydml_set_num_threads(1)
    try:
        np.testing.assert_array_equal(cfg.run(x, w, b), base)
    finally:
        lib.pydml_set_num_threads(previous)
    for mask_bits in (AVX2, 0):
        lib.pydml_set_cpu_features(mask_bits)
        try:
            other = cfg.run(x, w, b)
        finally:
            lib.pydml_set_cpu_features(ALL)
        assert_close(other, base.astype(np.float64), rtol=1e-5, atol_rel=1e-6)
    if max(cfg.spatial) <= 16 or cfg.sp == 1:
        assert_close(base, cfg.reference(x, w, b), rtol=1e-4, atol_rel=1e-5)


@pytest.mark.parametrize("cfg", [CONFIGS[4], CONFIGS[10], CONFIGS[12], CONFIGS[-3]], ids=str)
def test_nan_stays_in_its_receptive_field(cfg: Cfg, cpu_path: str) -> None:
    """A NaN input reaches exactly the outputs whose sums read it (no leaks from scratch)."""
    x, w = rand(cfg.x_shape, np.float32, 91), rand(cfg.w_shape, np.float32, 92)
    x[(0, 0, *(s // 2 for s in cfg.spatial))] = np.nan
    y = cfg.run(x, w)
    np.testing.assert_array_equal(np.isnan(y), np.isnan(cfg.reference(x, w)))
    y2 = cfg.run(np.nan_to_num(x), w)  # and the next call on the same scratch is clean
    assert not np.isnan(y2).any()


def test_strided_pointwise_input_views() -> None:
    """The strided 1x1 GEMM gathers its pixels through the input view's strides: an NHWC input, or
    one every other element of a wider buffer, gives the bits of the packed NCHW input (4225 output
    pixels: the pointwise path, pydml_debug_convolution_paths' first count)."""
    cfg = MEDIUM[-1]
    x, w = rand(cfg.x_shape, np.float32, 51), rand(cfg.w_shape, np.float32, 52)
    b = rand((cfg.out_shape()[1],), np.float32, 53)
    counts = ffi.new("uint64_t[1]")
    lib.pydml_debug_convolution_paths(counts, 1)
    before = int(counts[0])
    base = cfg.run(x, w, b)
    lib.pydml_debug_convolution_paths(counts, 1)
    assert int(counts[0]) > before
    np.testing.assert_array_equal(cfg.run(nhwc_view(x), w, b), base)
    wide = np.full((*cfg.x_shape[:-1], 2 * cfg.x_shape[-1]), np.nan, dtype=np.float32)
    wide[..., ::2] = x
    np.testing.assert_array_equal(cfg.run(wide[..., ::2], w, b), base)
    assert_close(base, cfg.reference(x, w, b), rtol=1e-4, atol_rel=1e-5)


def test_medium_against_reference_once() -> None:
    """One medium dense shape against the float64 reference (blocking, channel tails)."""
    cfg = MEDIUM[0]
    x, w = rand(cfg.x_shape, np.float32, 41), rand(cfg.w_shape, np.float32, 42)
    assert_close(cfg.run(x, w), cfg.reference(x, w), rtol=1e-4, atol_rel=1e-5)


def test_zero_stride_input_view() -> None:
    """A broadcast input (0 strides along batch and width) reads like the materialised array."""
    cfg = Cfg(F, CC, 3, 8, (5, 6), 16, 1, (3, 3), start=(1, 1), end=(1, 1))
    base = rand((1, 8, 5, 1), np.float32, 51)
    x = np.broadcast_to(base, cfg.x_shape)
    assert x.strides[0] == 0 and x.strides[3] == 0
    w = rand(cfg.w_shape, np.float32, 52)
    assert_close(cfg.run(x, w), cfg.reference(np.array(x), w), rtol=1e-5, atol_rel=1e-6)


def test_strided_filter_and_reversed_layouts() -> None:
    """A filter with non-packed strides and an input with W as its slowest axis."""
    cfg = CONFIGS[9]
    x, w = rand(cfg.x_shape, np.float32, 61), rand(cfg.w_shape, np.float32, 62)
    w_strided = np.ascontiguousarray(np.transpose(w, (3, 2, 1, 0))).transpose(3, 2, 1, 0)
    x_odd = np.ascontiguousarray(np.transpose(x, (3, 0, 2, 1))).transpose(1, 3, 2, 0)
    np.testing.assert_array_equal(cfg.run(x_odd, w_strided), cfg.run(x, w))


# ---- PyTorch ------------------------------------------------------------------------------------

TORCH_CASES = [
    # (spatial, n, cin, cout, groups, k, stride, pad, dilation, output_padding)
    ((17,), 2, 6, 9, 3, 4, 2, 1, 2, 1),
    ((9, 11), 2, 8, 12, 2, 3, 2, 1, 1, 1),
    ((9, 11), 1, 16, 16, 16, 3, 1, 2, 2, 0),
    ((10, 9), 2, 24, 40, 1, 3, 3, 0, 1, 2),
    ((5, 6, 7), 1, 6, 8, 2, 3, 2, 1, 1, 1),
    ((4, 7, 6), 2, 16, 32, 1, 2, 1, 0, 2, 0),
]


@pytest.mark.parametrize("case", TORCH_CASES, ids=lambda c: f"{len(c[0])}d-g{c[4]}-s{c[6]}")
def test_against_torch(case: tuple[Any, ...]) -> None:
    torch = pytest.importorskip("torch")
    spatial, n, cin, cout, groups, k, stride, pad, dil, out_pad = case
    sp = len(spatial)
    F_ = torch.nn.functional
    conv = {1: F_.conv1d, 2: F_.conv2d, 3: F_.conv3d}[sp]
    convt = {1: F_.conv_transpose1d, 2: F_.conv_transpose2d, 3: F_.conv_transpose3d}[sp]
    x = rand((n, cin, *spatial), np.float32, 71)
    w = rand((cout, cin // groups) + (k,) * sp, np.float32, 72)
    b = rand((cout,), np.float32, 73)
    geo = {
        "strides": [stride] * sp,
        "dilations": [dil] * sp,
        "start_padding": [pad] * sp,
        "end_padding": [pad] * sp,
    }
    y = conv_array(x, w, b, group_count=groups, **geo)
    expected = conv(
        torch.from_numpy(x),
        torch.from_numpy(w),
        torch.from_numpy(b),
        stride=stride,
        padding=pad,
        dilation=dil,
        groups=groups,
    ).numpy()
    np.testing.assert_allclose(y, expected, rtol=1e-4, atol=1e-4)
    # transposed: weights {C_in, C_out / groups, k} are the DirectML BACKWARD filter
    wt = rand((cin, cout // groups) + (k,) * sp, np.float32, 74)
    bt = rand((cout,), np.float32, 75)
    yt = conv_array(
        x, wt, bt, direction=BACKWARD, group_count=groups, output_padding=[out_pad] * sp, **geo
    )
    expected_t = convt(
        torch.from_numpy(x),
        torch.from_numpy(wt),
        torch.from_numpy(bt),
        stride=stride,
        padding=pad,
        output_padding=out_pad,
        groups=groups,
        dilation=dil,
    ).numpy()
    np.testing.assert_allclose(yt, expected_t, rtol=1e-4, atol=1e-4)


def test_torch_conv2d_input_gradient() -> None:
    """BACKWARD with the forward's filter = torch.nn.grad.conv2d_input."""
    torch = pytest.importorskip("torch")
    x_shape, w = (2, 12, 11, 10), rand((20, 6, 3, 3), np.float32, 81)
    g = rand((2, 20, 6, 5), np.float32, 82)  # forward output of stride 2, pad 1
    expected = torch.nn.grad.conv2d_input(
        x_shape, torch.from_numpy(w), torch.from_numpy(g), stride=2, padding=1, groups=2
    ).numpy()
    y = conv_array(
        g,
        w,
        direction=BACKWARD,
        group_count=2,
        strides=[2, 2],
        start_padding=[1, 1],
        end_padding=[1, 1],
        output_padding=[0, 1],
    )
    assert y.shape == x_shape
    np.testing.assert_allclose(y, expected, rtol=1e-4, atol=1e-4)


# ---- hostile input ------------------------------------------------------------------------------


def status_of(fn: Any) -> int:
    try:
        fn()
    except NativeError as exc:
        return int(exc.status)
    return 0


GOOD = Cfg(F, CC, 1, 4, (5, 5), 8, 2, (3, 3), start=(1, 1), end=(1, 1))


@pytest.mark.parametrize(
    "change",
    [
        {"spatial_dims": 0},
        {"spatial_dims": 4},
        {"group_count": 0},
        {"group_count": 3},  # does not divide the channels
        {"strides": [0, 1]},
        {"dilations": [1, 0]},
        {"output_sizes": [1, 8, 5, 6]},
        {"output_sizes": [2, 8, 5, 5]},
        {"output_sizes": [1, 8, 0, 5]},
        {"filter_sizes": [8, 4, 3, 3]},
        {"filter_sizes": [6, 2, 3, 3]},
        {"input_sizes": [1, 4, 5, 0]},
        {"mode": 7},
        {"direction": 2},
        {"filter_sizes": [8, 2, 9, 3]},  # kernel wider than the padded input
    ],
    ids=lambda c: ",".join(c),
)
def test_plan_rejects_bad_geometry(change: dict[str, Any]) -> None:
    kwargs: dict[str, Any] = {
        "spatial_dims": 2,
        "mode": CC,
        "direction": F,
        "group_count": 2,
        "strides": [1, 1],
        "dilations": [1, 1],
        "start_padding": [1, 1],
        "end_padding": [1, 1],
        "output_padding": [0, 0],
        "input_sizes": [1, 4, 5, 5],
        "filter_sizes": [8, 2, 3, 3],
        "output_sizes": [1, 8, 5, 5],
        "data_type": F32,
        "has_bias": False,
    }
    ConvolutionPlan(**kwargs)
    kwargs.update(change)
    assert status_of(lambda: ConvolutionPlan(**kwargs)) == INVALID


def test_plan_rejects_bad_backward_geometry() -> None:
    cfg = CONFIGS[9]
    plan_args = {"direction": B, "output_padding": [0, 0]}
    bad = replace(cfg, op=(0, 0))
    with pytest.raises(NativeError):
        ConvolutionPlan(
            spatial_dims=2,
            mode=CC,
            group_count=1,
            strides=[2, 2],
            dilations=[1, 1],
            start_padding=[1, 1],
            end_padding=[1, 1],
            input_sizes=bad.x_shape,
            filter_sizes=bad.w_shape,
            output_sizes=cfg.out_shape(),
            data_type=F32,
            has_bias=False,
            **plan_args,
        )
    # a backward output that would be empty or negative
    with pytest.raises(NativeError):
        ConvolutionPlan(
            spatial_dims=1,
            mode=CC,
            direction=B,
            group_count=1,
            strides=[1],
            dilations=[1],
            start_padding=[3],
            end_padding=[3],
            output_padding=[0],
            input_sizes=[1, 1, 2],
            filter_sizes=[1, 1, 2],
            output_sizes=[1, 1, 1],
            data_type=F32,
            has_bias=False,
        )


def test_unsupported_data_type() -> None:
    with pytest.raises(UnsupportedError):
        GOOD.plan(dtype=np.int32)


def test_huge_geometry_fails_cleanly() -> None:
    """Sizes that would need absurd scratch fail with a status, not a crash."""
    big = 2**31
    status = status_of(
        lambda: ConvolutionPlan(
            spatial_dims=1,
            mode=CC,
            direction=F,
            group_count=1,
            strides=[1],
            dilations=[1],
            start_padding=[0],
            end_padding=[0],
            output_padding=[0],
            input_sizes=[1, 1, big],
            filter_sizes=[1, 1, big],
            output_sizes=[1, 1, 1],
            data_type=F32,
            has_bias=False,
        )
    )
    assert status == OUT_OF_MEMORY
    # a backward stride of 2^31: the formula's output (3 * 2^31 + 1) overflows the uint32 sizes
    status = status_of(
        lambda: ConvolutionPlan(
            spatial_dims=2,
            mode=CC,
            direction=B,
            group_count=1,
            strides=[2**31, 2**31],
            dilations=[1, 1],
            start_padding=[0, 0],
            end_padding=[0, 0],
            output_padding=[0, 0],
            input_sizes=[1, 1, 4, 4],
            filter_sizes=[1, 1, 1, 1],
            output_sizes=[1, 1, 2**32 - 1, 4],
            data_type=F32,
            has_bias=False,
        )
    )
    assert status == INVALID
    # a padding of 2^31: the packed row would span 2^31 columns
    status = status_of(
        lambda: ConvolutionPlan(
            spatial_dims=1,
            mode=CC,
            direction=F,
            group_count=1,
            strides=[1],
            dilations=[1],
            start_padding=[2**31],
            end_padding=[0],
            output_padding=[0],
            input_sizes=[1, 1, 3],
            filter_sizes=[1, 1, 1],
            output_sizes=[1, 1, 2**31 + 3],
            data_type=F32,
            has_bias=False,
        )
    )
    assert status == OUT_OF_MEMORY
    # legal but absurd: 2^31 + 1 outputs, one per stride phase
    status = status_of(
        lambda: ConvolutionPlan(
            spatial_dims=1,
            mode=CC,
            direction=B,
            group_count=1,
            strides=[2**31],
            dilations=[1],
            start_padding=[0],
            end_padding=[0],
            output_padding=[0],
            input_sizes=[1, 1, 2],
            filter_sizes=[1, 1, 1],
            output_sizes=[1, 1, 2**31 + 1],
            data_type=F32,
            has_bias=False,
        )
    )
    assert status == OUT_OF_MEMORY


def views(cfg: Cfg, dtype: Any = np.float32) -> dict[str, Any]:
    x, w = rand(cfg.x_shape, dtype, 1), rand(cfg.w_shape, dtype, 2)
    y = np.zeros(cfg.out_shape(), dtype=dtype)
    b = rand((1, cfg.out_shape()[1], 1, 1), dtype, 3)
    return {"x": x, "w": w, "y": y, "b": b}


def test_execute_rejects_bad_views() -> None:
    cfg = GOOD
    plan = cfg.plan()
    a = views(cfg)
    x, w, y, b = (view_array(a[k]) for k in "xwyb")
    plan.execute(x, w, None, y)
    run = plan.execute
    # bias given to a plan without one, and missing from a plan with one
    assert status_of(lambda: run(x, w, b, y)) == INVALID
    assert status_of(lambda: cfg.plan(has_bias=True).execute(x, w, None, y)) == INVALID
    # sizes differ from the plan's
    assert status_of(lambda: run(view_array(a["x"][:, :, :4]), w, None, y)) == INVALID
    assert status_of(lambda: run(x, w, None, view_array(a["y"][:, :4]))) == INVALID
    assert status_of(lambda: run(x, view_array(a["w"][:4]), None, y)) == INVALID
    # wrong rank, wrong type
    assert status_of(lambda: run(view_array(a["x"].reshape(1, 4, 25)), w, None, y)) == INVALID
    assert status_of(lambda: run(view_array(a["x"].astype(np.float16)), w, None, y)) == INVALID
    # a bias of the wrong size
    bad_b = view_array(np.zeros((1, 7, 1, 1), np.float32))
    assert status_of(lambda: cfg.plan(has_bias=True).execute(x, w, bad_b, y)) == INVALID


def test_execute_rejects_out_of_bounds_views() -> None:
    cfg = GOOD
    plan = cfg.plan()
    a = views(cfg)
    x, w, y = view_array(a["x"]), view_array(a["w"]), view_array(a["y"])
    small = np.zeros(a["x"].nbytes // 4 - 1, np.float32)
    x_small = view_buffer(small, F32, list(cfg.x_shape))
    assert status_of(lambda: plan.execute(x_small, w, None, y)) == OUT_OF_BOUNDS
    y_small = view_buffer(np.zeros(10, np.float32), F32, cfg.out_shape())
    assert status_of(lambda: plan.execute(x, w, None, y_small)) == OUT_OF_BOUNDS
    huge = view_buffer(a["w"], F32, list(cfg.w_shape), [2**62, 2**61, 1, 1])
    assert status_of(lambda: plan.execute(x, huge, None, y)) == OUT_OF_BOUNDS
    wrap = view_buffer(a["x"], F32, list(cfg.x_shape), [100, 25, 5, 2**63])
    assert status_of(lambda: plan.execute(wrap, w, None, y)) == OUT_OF_BOUNDS
    # NULL data and NULL views
    null = ffi.new(
        "pydml_tensor*",
        {
            "data_type": F32,
            "dim_count": 4,
            "sizes": list(cfg.x_shape),
            "strides": [100, 25, 5, 1],
            "data": ffi.NULL,
            "buffer_bytes": 400,
        },
    )
    assert lib.pydml_convolution_execute(plan._plan, null, w.ptr, ffi.NULL, y.ptr) == INVALID
    assert lib.pydml_convolution_execute(plan._plan, ffi.NULL, w.ptr, ffi.NULL, y.ptr) == INVALID
    assert lib.pydml_convolution_execute(ffi.NULL, x.ptr, w.ptr, ffi.NULL, y.ptr) == INVALID
    assert np.all(a["y"] == 0)  # nothing was written by the failed calls


def test_null_params() -> None:
    out = ffi.new("pydml_convolution_plan**")
    assert lib.pydml_convolution_plan_create(ffi.NULL, out) == INVALID
    assert out[0] == ffi.NULL
    params = ffi.new("pydml_convolution_params*")
    assert lib.pydml_convolution_plan_create(params, ffi.NULL) == INVALID
    assert lib.pydml_convolution_plan_create(params, out) == INVALID  # all zero
    lib.pydml_convolution_plan_destroy(ffi.NULL)


# ---- AVX512-BF16 dense path ----------------------------------------------------------------------

HAS_BF16 = bool(lib.pydml_cpu_features() & lib.PYDML_CPU_AVX512_BF16)
NO_BF16 = ALL & ~int(lib.PYDML_CPU_AVX512_BF16)
needs_bf16 = pytest.mark.skipif(not HAS_BF16, reason="CPU without AVX512-BF16")

# dense engine (>= 8 output channels per group), odd channel counts (a zero pair half), groups,
# both directions, strides (strided BACKWARD assembles rows), dilation, 1-3 spatial dims, a
# strided 1x1 (dense, not pointwise) and a pointwise one (stays on the f32 path)
BF16_CONFIGS = [
    Cfg(F, CC, 2, 3, (9, 10), 16, 1, (3, 3), start=(1, 1), end=(1, 1)),
    Cfg(F, CV, 1, 37, (7, 9), 56, 1, (3, 2), s=(2, 1), d=(1, 2), start=(0, 2), end=(1, 0)),
    Cfg(F, CC, 2, 21, (8, 9), 24, 3, (3, 3), s=(2, 2), start=(1, 1), end=(1, 1)),
    Cfg(B, CC, 2, 17, (5, 6), 56, 1, (3, 3), s=(2, 2), start=(1, 1), end=(1, 1), op=(1, 1)),
    Cfg(
        B, CV, 1, 18, (4, 5), 24, 2, (2, 3), s=(3, 2), d=(2, 1), start=(2, 0), end=(0, 1), op=(2, 1)
    ),
    Cfg(B, CC, 2, 24, (6, 7), 33, 1, (3, 3), start=(1, 1), end=(1, 1)),
    Cfg(F, CC, 1, 5, (4, 5, 6), 8, 1, (2, 3, 3), s=(1, 2, 1), start=(1, 0, 2), end=(0, 1, 1)),
    Cfg(B, CC, 1, 33, (20,), 32, 1, (5,), s=(2,), start=(2,), end=(1,), op=(1,)),
    Cfg(F, CC, 1, 19, (6, 7), 24, 1, (1, 1), s=(2, 2)),
    Cfg(F, CC, 1, 64, (20, 30), 64, 1, (3, 3), start=(1, 1), end=(1, 1)),
    Cfg(F, CV, 2, 24, (5, 7), 16, 2, (1, 1)),
    Cfg(F, CC, 2, 19, (6, 9), 40, 1, (1, 1)),
    Cfg(B, CC, 1, 33, (5, 7), 24, 3, (1, 1)),
]


def run_with_features(cfg: Cfg, mask: int, *args: Any) -> np.ndarray[Any, Any]:
    lib.pydml_set_cpu_features(mask)
    try:
        return cfg.run(*args)
    finally:
        lib.pydml_set_cpu_features(ALL)


@needs_bf16
@pytest.mark.parametrize(
    "cfg", BF16_CONFIGS, ids=lambda c: f"{'fb'[c.direction]}{c.sp}d-{c.cin}-{c.cout}-g{c.groups}"
)
def test_bf16_dot_path_matches_reference_and_f32_path(cfg: Cfg) -> None:
    """The vdpbf16ps path (bf16 products summed in f32) agrees with the float64 reference to the
    bf16 tolerance, and with the convert-to-f32 AVX-512 and portable paths (which differ from it
    only in summation order, so by at most an output rounding or two); NHWC equals NCHW and one
    thread equals two, bit for bit."""
    x, w = rand(cfg.x_shape, BF16, 61), rand(cfg.w_shape, BF16, 62)
    b = rand((cfg.out_shape()[1],), BF16, 63)
    out = np.full(cfg.out_shape(), np.nan, dtype=BF16)
    cfg.run(x, w, b, out=out)
    ref = cfg.reference(x, w, b)
    assert_close(out, ref, rtol=1.6e-2, atol_rel=1.6e-2)
    for mask in (NO_BF16, 0):
        other = run_with_features(cfg, mask, x, w, b)
        assert_close(other, ref, rtol=1.6e-2, atol_rel=1.6e-2)
        # two roundings to bf16 of nearly equal f32 sums: within 2 bf16 ulps (2^-7 relative)
        assert_close(out, np.asarray(other, dtype=np.float64), rtol=2**-6, atol_rel=2**-9)
    nhwc_out = nhwc_view(np.full(cfg.out_shape(), np.nan, dtype=BF16))
    cfg.run(nhwc_view(x), w, b, out=nhwc_out)
    np.testing.assert_array_equal(nhwc_out.view(np.uint16), out.view(np.uint16))
    # neither channels nor pixels contiguous: the element-wise packing
    wide = np.zeros((*cfg.x_shape[:-1], 2 * cfg.x_shape[-1]), dtype=BF16)
    wide[..., ::2] = x
    np.testing.assert_array_equal(
        cfg.run(wide[..., ::2], w, b).view(np.uint16), out.view(np.uint16)
    )
    previous = lib.pydml_set_num_threads(1)
    try:
        np.testing.assert_array_equal(cfg.run(x, w, b).view(np.uint16), out.view(np.uint16))
    finally:
        lib.pydml_set_num_threads(previous)


@needs_bf16
@pytest.mark.parametrize("k", [3, 1], ids=["dense", "pointwise"])
@pytest.mark.parametrize("direction", [F, B])
def test_bf16_dot_path_is_selected(direction: int, k: int) -> None:
    """vdpbf16ps flushes denormal inputs to zero and the f32 path does not: a denormal input times
    a large weight tells the paths apart, so the BF16 kernels really run (and only when allowed)."""
    pad = (k // 2, k // 2)
    cfg = Cfg(direction, CC, 1, 5, (6, 6), 16, 1, (k, k), start=pad, end=pad)
    x = np.zeros(cfg.x_shape, dtype=BF16)
    x[0, 0, 3, 3] = BF16.type(2.0**-130)  # a bf16 (and f32) denormal
    w = np.full(cfg.w_shape, 2.0**100, dtype=BF16)
    dot = cfg.run(x, w)
    assert not np.any(dot.astype(np.float32))
    for mask in (NO_BF16, 0):
        conv = run_with_features(cfg, mask, x, w).astype(np.float32)
        assert np.count_nonzero(conv) == k * k * 16 and np.all(conv[conv != 0] == np.float32(2.0**-30))
    # a normal input takes both paths to the same value
    x[0, 0, 3, 3] = BF16.type(2.0**-100)
    np.testing.assert_array_equal(cfg.run(x, w), run_with_features(cfg, NO_BF16, x, w))


@pytest.mark.parametrize("mode", [CC, CV])
def test_taps_reading_only_padding_are_left_out(mode: Any) -> None:
    """An atrous layer whose dilation reaches past the map (DeepLabV3's pyramid: 3x3 at dilation
    8 on 6 x 7): only the centre tap of each axis reads the input, so the kernel is that tap
    (trim_axis). The others are never applied: an infinite weight there leaves the output what a
    zero weight gives (applied, it would multiply the padding's zeros into NaN)."""
    cfg = Cfg(F, mode, 1, 24, (6, 7), 16, 1, (3, 3), d=(8, 8), start=(8, 8), end=(8, 8))
    x, w = rand(cfg.x_shape, np.float32, 71), rand(cfg.w_shape, np.float32, 72)
    base = cfg.run(x, w)
    assert_close(base, cfg.reference(x, w), rtol=1e-5, atol_rel=1e-6)
    w_inf, w_zero = w.copy(), w.copy()
    w_inf[:, :, 1, 0] = np.inf  # the centre row's first tap: its reads all in the padding
    w_zero[:, :, 1, 0] = 0.0
    got = cfg.run(x, w_inf)
    assert np.isfinite(got).all()
    np.testing.assert_array_equal(got, cfg.run(x, w_zero))
    np.testing.assert_array_equal(got, base)
