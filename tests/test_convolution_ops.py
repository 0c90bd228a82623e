"""DML_CONVOLUTION through the public API: worked values, adjoint pairing, NHWC strides, fusion."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import pydml
from pydml import buffer_desc

CC = pydml.DML_CONVOLUTION_MODE_CROSS_CORRELATION
CONV = pydml.DML_CONVOLUTION_MODE_CONVOLUTION
FWD = pydml.DML_CONVOLUTION_DIRECTION_FORWARD
BWD = pydml.DML_CONVOLUTION_DIRECTION_BACKWARD


def conv_desc(x_sizes, w_sizes, y_sizes, *, mode=CC, direction=FWD, strides=None, pads=None,
              end=None, out_pad=None, dilations=None, groups=1, bias=False, dtype="FLOAT32",
              fused=None, strides_of=None):
    k = len(x_sizes) - 2
    strides_of = strides_of or {}
    return pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=buffer_desc(dtype, x_sizes, strides_of.get("x")),
        FilterTensor=buffer_desc(dtype, w_sizes),
        BiasTensor=buffer_desc(dtype, [1, y_sizes[1]] + [1] * k) if bias else None,
        OutputTensor=buffer_desc(dtype, y_sizes, strides_of.get("y")),
        Mode=mode, Direction=direction, Strides=strides or [1] * k, Dilations=dilations or [1] * k,
        StartPadding=pads or [0] * k, EndPadding=end or pads or [0] * k,
        OutputPadding=out_pad or [0] * k, GroupCount=groups, FusedActivation=fused)


def run(desc, **inputs):
    return pydml.Device().create_operator(desc).execute(inputs)["OutputTensor"]


X9 = np.arange(1, 10, dtype=np.float32).reshape(1, 1, 3, 3)


def test_tv_c1_dxdispatch_convolution_2d():
    w = np.full((1, 1, 2, 2), 0.5, np.float32)
    out = run(conv_desc([1, 1, 3, 3], [1, 1, 2, 2], [1, 1, 2, 2]), InputTensor=X9, FilterTensor=w)
    np.testing.assert_allclose(out.reshape(-1), [6, 8, 12, 14])


@pytest.mark.parametrize("mode,expected", [(CC, [[37, 47], [67, 77]]), (CONV, [[23, 33], [53, 63]])])
def test_tv_c2_modes(mode, expected):
    w = np.array([[1, 2], [3, 4]], np.float32).reshape(1, 1, 2, 2)
    out = run(conv_desc([1, 1, 3, 3], [1, 1, 2, 2], [1, 1, 2, 2], mode=mode),
              InputTensor=X9, FilterTensor=w)
    np.testing.assert_allclose(out[0, 0], expected)


@pytest.mark.parametrize("x,w,stride,pad,expected", [
    ([1, 2], [1, 10], 1, 0, [1, 12, 20]),
    ([1, 2], [1, 10], 2, 0, [1, 10, 2, 20]),
    ([1, 2, 3], [1, 10, 100], 2, 1, [10, 102, 20, 203, 30]),
])
def test_tv_c3_transposed_1d(x, w, stride, pad, expected):
    xs = np.array(x, np.float32).reshape(1, 1, len(x))
    ws = np.array(w, np.float32).reshape(1, 1, len(w))
    desc = conv_desc([1, 1, len(x)], [1, 1, len(w)], [1, 1, len(expected)], direction=BWD,
                     strides=[stride], pads=[pad])
    np.testing.assert_allclose(run(desc, InputTensor=xs, FilterTensor=ws).reshape(-1), expected)


def test_tv_c3_transposed_2d():
    x = np.array([[1, 2], [3, 4]], np.float32).reshape(1, 1, 2, 2)
    desc = conv_desc([1, 1, 2, 2], [1, 1, 2, 2], [1, 1, 3, 3], direction=BWD)
    out = run(desc, InputTensor=x, FilterTensor=np.ones((1, 1, 2, 2), np.float32))
    np.testing.assert_allclose(out[0, 0], [[1, 3, 2], [4, 10, 6], [3, 7, 4]])


@pytest.mark.parametrize("mode", [CC, CONV])
@pytest.mark.parametrize("groups", [1, 2])
def test_backward_desc_is_the_adjoint_of_forward_desc(mode, groups, rng):
    n, cin, cout, h, w = 2, 4, 6, 9, 8
    stride, dil, start, end = [2, 1], [1, 2], [1, 0], [0, 2]
    kh, kw = 3, 2
    oh = 1 + (h + start[0] + end[0] - ((kh - 1) * dil[0] + 1)) // stride[0]
    ow = 1 + (w + start[1] + end[1] - ((kw - 1) * dil[1] + 1)) // stride[1]
    # BACKWARD output size must give back (h, w): pick OutputPadding to absorb the floor.
    out_pad = [h - ((oh - 1) * stride[0] + (kh - 1) * dil[0] + 1 - start[0] - end[0]),
               w - ((ow - 1) * stride[1] + (kw - 1) * dil[1] + 1 - start[1] - end[1])]
    weights = rng.standard_normal((cout, cin // groups, kh, kw)).astype(np.float32)
    x = rng.standard_normal((n, cin, h, w)).astype(np.float32)
    g = rng.standard_normal((n, cout, oh, ow)).astype(np.float32)
    fwd = conv_desc([n, cin, h, w], list(weights.shape), [n, cout, oh, ow], mode=mode,
                    strides=stride, dilations=dil, pads=start, end=end, groups=groups)
    bwd = conv_desc([n, cout, oh, ow], list(weights.shape), [n, cin, h, w], mode=mode,
                    direction=BWD, strides=stride, dilations=dil, pads=start, end=end,
                    out_pad=out_pad, groups=groups)
    y = run(fwd, InputTensor=x, FilterTensor=weights)
    dx = run(bwd, InputTensor=g, FilterTensor=weights)
    lhs = np.dot(y.ravel().astype(np.float64), g.ravel())
    rhs = np.dot(x.ravel().astype(np.float64), dx.ravel())
    assert lhs == pytest.approx(rhs, rel=1e-5, abs=1e-3)


def test_nhwc_strides_equal_nchw(rng):
    n, c, h, w, oc = 2, 3, 6, 5, 4
    x = rng.standard_normal((n, c, h, w)).astype(np.float32)
    wt = rng.standard_normal((oc, c, 3, 3)).astype(np.float32)
    ref = run(conv_desc([n, c, h, w], [oc, c, 3, 3], [n, oc, h, w], pads=[1, 1]),
              InputTensor=x, FilterTensor=wt)
    strides = {"x": [h * w * c, 1, w * c, c], "y": [h * w * oc, 1, w * oc, oc]}
    desc = conv_desc([n, c, h, w], [oc, c, 3, 3], [n, oc, h, w], pads=[1, 1], strides_of=strides)
    out = run(desc, InputTensor=np.ascontiguousarray(x.transpose(0, 2, 3, 1)), FilterTensor=wt)
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)


def test_bias_and_fused_leaky_relu():
    w = np.array([[1, 2], [3, 4]], np.float32).reshape(1, 1, 2, 2)
    fused = pydml.DML_OPERATOR_DESC(
        Type=pydml.DML_OPERATOR_ACTIVATION_LEAKY_RELU,
        Desc=pydml.DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC(Alpha=0.5))
    desc = conv_desc([1, 1, 3, 3], [1, 1, 2, 2], [1, 1, 2, 2], bias=True, fused=fused)
    out = run(desc, InputTensor=X9, FilterTensor=w, BiasTensor=np.full((1, 1, 1, 1), -50, np.float32))
    np.testing.assert_allclose(out[0, 0], [[-6.5, -1.5], [17, 27]])


def test_float16(rng):
    x = rng.integers(-3, 4, (1, 2, 5, 5)).astype(np.float16)
    w = rng.integers(-2, 3, (3, 2, 3, 3)).astype(np.float16)
    out32 = run(conv_desc([1, 2, 5, 5], [3, 2, 3, 3], [1, 3, 3, 3]),
                InputTensor=x.astype(np.float32), FilterTensor=w.astype(np.float32))
    out16 = run(conv_desc([1, 2, 5, 5], [3, 2, 3, 3], [1, 3, 3, 3], dtype="FLOAT16"),
                InputTensor=x, FilterTensor=w)
    assert out16.dtype == np.float16
    np.testing.assert_array_equal(out16.astype(np.float32), out32)  # small integers: exact


def test_forward_output_padding_is_unsupported_not_wrong():
    desc = conv_desc([1, 1, 4, 4], [1, 1, 2, 2], [1, 1, 3, 3], strides=[2, 2], out_pad=[1, 1])
    pydml.validate(desc)
    with pytest.raises(pydml.UnsupportedError, match="OutputPadding"):
        pydml.Device().create_operator(desc)


OWNED_CASES = {  # engine paths: dense 3x3, pointwise 1x1, plane (depthwise), backward strided
    "dense3x3": dict(x=[2, 8, 9, 11], w=[32, 8, 3, 3], y=[2, 32, 9, 11], pads=[1, 1]),
    "pointwise": dict(x=[1, 16, 5, 7], w=[24, 16, 1, 1], y=[1, 24, 5, 7]),
    "depthwise": dict(x=[1, 8, 9, 9], w=[8, 1, 3, 3], y=[1, 8, 7, 7], groups=8),
    "backward": dict(x=[1, 16, 4, 5], w=[16, 8, 3, 3], y=[1, 8, 9, 11], strides=[2, 2], direction=BWD),
}


@pytest.mark.parametrize("case", list(OWNED_CASES))
def test_owned_filter_packed_once_equals_bound_filter(ew_isa, case, rng):
    # A FilterTensor with DML_TENSOR_FLAG_OWNED_BY_DML is packed at each initialization: bit-identical
    # to the filter bound at every execution, across re-initialization with new weights and an ISA
    # change after the packing (then packed into the execution's workspace where the layout differs).
    from ew_harness import ISA_PATHS
    from pydml.native import lib

    c = dict(OWNED_CASES[case])
    x_sizes, w_sizes, y_sizes = c.pop("x"), c.pop("w"), c.pop("y")
    plain_desc = conv_desc(x_sizes, w_sizes, y_sizes, bias=True, **c)
    owned_desc = dataclasses.replace(plain_desc, FilterTensor=buffer_desc("FLOAT32", w_sizes, Flags="OWNED_BY_DML"))
    plain = pydml.Device().create_operator(plain_desc)
    owned = pydml.Device().create_operator(owned_desc)
    for round_ in range(3):
        w = rng.standard_normal(w_sizes).astype(np.float32)
        bias = rng.standard_normal([1, y_sizes[1], 1, 1]).astype(np.float32)
        owned.initialize({"FilterTensor": w})
        w_kept = w.copy()
        w[...] = 0  # the operator keeps its own copy
        try:
            for step in range(3):
                if round_ == 2 and step == 1:
                    lib.pydml_set_cpu_features(ISA_PATHS["portable"])
                x = rng.standard_normal(x_sizes).astype(np.float32)
                want = np.full(y_sizes, np.nan, np.float32)
                got = np.full(y_sizes, np.nan, np.float32)
                plain.execute({"InputTensor": x, "FilterTensor": w_kept, "BiasTensor": bias}, {"OutputTensor": want})
                owned.execute({"InputTensor": x, "BiasTensor": bias}, {"OutputTensor": got})
                assert np.all(np.isfinite(got))
                np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))
        finally:
            lib.pydml_set_cpu_features(ISA_PATHS[ew_isa])
