"""The resample family through the public API: descs -> Device.create_operator -> execute.

Kernel-level exactness lives in test_resample_kernel.py; here: the documented vectors, the
adjoint pairing of each forward revision with its gradient desc, strided (NHWC) descs bound as raw
buffers, padding that must stay untouched, and binding errors.
"""

from __future__ import annotations

import numpy as np
import pytest

import pydml
from pydml import buffer_desc

NEAREST = pydml.DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR
LINEAR = pydml.DML_INTERPOLATION_MODE_LINEAR
FLOOR = pydml.DML_AXIS_DIRECTION_DECREASING
CEIL = pydml.DML_AXIS_DIRECTION_INCREASING
X22 = np.array([[1, 2], [3, 4]], np.float32).reshape(1, 1, 2, 2)
G3 = np.array([4, 5, 6], np.float32).reshape(1, 1, 1, 3)
DOC_SCALES = [1, 1, 0.5, 1.5]


def run(desc, inputs, level="6_4"):
    return pydml.Device(level).create_operator(desc).execute(inputs)


def grad_desc(mode=NEAREST, a=0.5, b=0.0, dtype="FLOAT32", cls=pydml.DML_RESAMPLE_GRAD_OPERATOR_DESC,
              **extra):
    return cls(InputGradientTensor=buffer_desc(dtype, [1, 1, 1, 3]),
               OutputGradientTensor=buffer_desc(dtype, [1, 1, 2, 2]), InterpolationMode=mode,
               Scales=DOC_SCALES, InputPixelOffsets=[a] * 4, OutputPixelOffsets=[b] * 4, **extra)


def test_doc_example_resample_grad_half_up_with_forward_offsets():
    out = run(grad_desc(), {"InputGradientTensor": G3}, level="3_0")["OutputGradientTensor"]
    np.testing.assert_array_equal(out.reshape(2, 2), [[9, 6], [0, 0]])


def test_doc_example_resample_grad1_decreasing():
    desc = grad_desc(b=-0.5, cls=pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC, RoundingDirection=FLOOR)
    out = run(desc, {"InputGradientTensor": G3}, level="5_1")["OutputGradientTensor"]
    np.testing.assert_array_equal(out.reshape(2, 2), [[9, 6], [0, 0]])


def test_doc_example_with_half_pixel_offsets_gives_the_other_corner():
    # directml-api.md TV-R1: RESAMPLE_GRAD (floor(x+0.5)) with (0.5, -0.5) -> [[0,0],[4,11]].
    out = run(grad_desc(b=-0.5), {"InputGradientTensor": G3})["OutputGradientTensor"]
    np.testing.assert_array_equal(out.reshape(2, 2), [[0, 0], [4, 11]])


@pytest.mark.parametrize("cls,extra", [
    (pydml.DML_RESAMPLE2_OPERATOR_DESC, {"RoundingDirection": FLOOR}),
    (pydml.DML_RESAMPLE3_OPERATOR_DESC, {"RoundingDirection": FLOOR, "Antialiased": False}),
])
def test_doc_example_forward(cls, extra):
    desc = cls(InputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]),
               OutputTensor=buffer_desc("FLOAT32", [1, 1, 1, 3]), InterpolationMode=NEAREST,
               Scales=DOC_SCALES, InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4,
               **extra)
    out = run(desc, {"InputTensor": X22})["OutputTensor"]
    np.testing.assert_array_equal(out.reshape(-1), [1, 1, 2])


def test_linear_tv_r2_forward_and_gradient():
    fwd = pydml.DML_RESAMPLE1_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]), OutputTensor=buffer_desc("FLOAT32", [1, 1, 1, 3]),
        InterpolationMode=LINEAR, Scales=DOC_SCALES, InputPixelOffsets=[0.5] * 4,
        OutputPixelOffsets=[-0.5] * 4)
    np.testing.assert_allclose(run(fwd, {"InputTensor": X22})["OutputTensor"].reshape(-1),
                               [2, 2.5, 3], rtol=1e-6)
    out = run(grad_desc(LINEAR, b=-0.5), {"InputGradientTensor": G3})["OutputGradientTensor"]
    np.testing.assert_allclose(out.reshape(2, 2), [[3.25, 4.25], [3.25, 4.25]], rtol=1e-6)


def test_resample_v1_rounds_half_up_like_directml_hardware():
    # dml-nearest-rounding.md E1: WebNN on DirectML, 4x6 -> 2x3 picks rows 1,3 and columns 1,3,5.
    x = np.arange(24, dtype=np.float32).reshape(1, 1, 4, 6)
    desc = pydml.DML_RESAMPLE_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, 1, 4, 6]), OutputTensor=buffer_desc("FLOAT32", [1, 1, 2, 3]),
        InterpolationMode=NEAREST, Scales=[1, 1, 0.5, 0.5])
    out = run(desc, {"InputTensor": x}, level="2_0")["OutputTensor"]
    np.testing.assert_array_equal(out[0, 0], x[0, 0][np.ix_([1, 3], [1, 3, 5])])


@pytest.mark.parametrize("mode,expected", [
    (LINEAR, [[1, 1.25, 1.75, 2], [1.5, 1.75, 2.25, 2.5], [2.5, 2.75, 3.25, 3.5], [3, 3.25, 3.75, 4]]),
    (NEAREST, [[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]]),
])
def test_upsample_2d_tv_r5(mode, expected):
    desc = pydml.DML_UPSAMPLE_2D_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]), OutputTensor=buffer_desc("FLOAT32", [1, 1, 4, 4]),
        ScaleSize=pydml.DML_SIZE_2D(Width=2, Height=2), InterpolationMode=mode)
    out = run(desc, {"InputTensor": X22}, level="1_0")["OutputTensor"]
    np.testing.assert_allclose(out[0, 0], expected, rtol=1e-6)


PAIRS = [
    (pydml.DML_RESAMPLE1_OPERATOR_DESC, pydml.DML_RESAMPLE_GRAD_OPERATOR_DESC, {}),
    (pydml.DML_RESAMPLE2_OPERATOR_DESC, pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC, {"RoundingDirection": FLOOR}),
    (pydml.DML_RESAMPLE2_OPERATOR_DESC, pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC, {"RoundingDirection": CEIL}),
]


@pytest.mark.parametrize("forward_cls,grad_cls,extra", PAIRS)
@pytest.mark.parametrize("mode", [NEAREST, LINEAR])
@pytest.mark.parametrize("shape_in,shape_out", [((2, 3, 5, 7), (2, 3, 9, 4)), ((1, 2, 8, 8), (1, 2, 16, 3))])
def test_each_gradient_desc_is_the_adjoint_of_its_forward_desc(forward_cls, grad_cls, extra, mode,
                                                               shape_in, shape_out, rng):
    scales = [o / i for i, o in zip(shape_in, shape_out, strict=True)]
    scales[2] *= 1.07  # not exactly out/in: DirectML allows it
    a = list(rng.uniform(-0.6, 0.6, 4))
    b = list(rng.uniform(-0.6, 0.6, 4))
    common = {"InterpolationMode": mode, "Scales": scales, "InputPixelOffsets": a,
              "OutputPixelOffsets": b, **extra}
    fwd = forward_cls(InputTensor=buffer_desc("FLOAT32", shape_in),
                      OutputTensor=buffer_desc("FLOAT32", shape_out), **common)
    bwd = grad_cls(InputGradientTensor=buffer_desc("FLOAT32", shape_out),
                   OutputGradientTensor=buffer_desc("FLOAT32", shape_in), **common)
    x = rng.standard_normal(shape_in).astype(np.float32)
    g = rng.standard_normal(shape_out).astype(np.float32)
    y = run(fwd, {"InputTensor": x})["OutputTensor"]
    dx = run(bwd, {"InputGradientTensor": g})["OutputGradientTensor"]
    lhs = np.dot(y.ravel().astype(np.float64), g.ravel())
    rhs = np.dot(x.ravel().astype(np.float64), dx.ravel())
    assert lhs == pytest.approx(rhs, rel=1e-5, abs=1e-4)


def nhwc_strides(n, c, h, w):
    return [h * w * c, 1, w * c, c]


def test_nhwc_strided_descs_bound_as_raw_buffers(rng):
    n, c, h, w = 2, 3, 4, 5
    x = rng.standard_normal((n, c, h, w)).astype(np.float32)
    packed = pydml.DML_RESAMPLE2_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [n, c, h, w]), OutputTensor=buffer_desc("FLOAT32", [n, c, 8, 10]),
        InterpolationMode=LINEAR, RoundingDirection=pydml.DML_AXIS_DIRECTION_INCREASING, Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4)
    strided = pydml.DML_RESAMPLE2_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [n, c, h, w], nhwc_strides(n, c, h, w)),
        OutputTensor=buffer_desc("FLOAT32", [n, c, 8, 10], nhwc_strides(n, c, 8, 10)),
        InterpolationMode=LINEAR, RoundingDirection=pydml.DML_AXIS_DIRECTION_INCREASING, Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4)
    expected = run(packed, {"InputTensor": x})["OutputTensor"]
    x_nhwc = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    out = run(strided, {"InputTensor": x_nhwc})["OutputTensor"]
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-6)


def test_output_padding_between_strided_elements_is_not_written():
    # Output rows padded to stride 8: the 4 padding elements per row must keep their NaN.
    desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]),
        OutputTensor=buffer_desc("FLOAT32", [1, 1, 4, 4], [32, 32, 8, 1]),
        InterpolationMode=NEAREST, RoundingDirection=FLOOR, Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.0] * 4, OutputPixelOffsets=[0.0] * 4)
    out_buffer = np.full(32, np.nan, np.float32)
    result = pydml.Device().create_operator(desc).execute({"InputTensor": X22},
                                                          {"OutputTensor": out_buffer})
    grid = out_buffer.reshape(4, 8)
    assert np.isnan(grid[:, 4:]).all()
    np.testing.assert_array_equal(grid[:, :4], [[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]])
    np.testing.assert_array_equal(result["OutputTensor"][0, 0], grid[:, :4])


def test_broadcast_input_with_zero_strides():
    desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, 3, 2, 2], [0, 0, 2, 1]),
        OutputTensor=buffer_desc("FLOAT32", [1, 3, 4, 4]),
        InterpolationMode=NEAREST, RoundingDirection=FLOOR, Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.0] * 4, OutputPixelOffsets=[0.0] * 4)
    out = run(desc, {"InputTensor": np.array([1, 2, 3, 4], np.float32)})["OutputTensor"]
    for ch in range(3):
        np.testing.assert_array_equal(out[0, ch], [[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]])


def test_float16_gradient():
    desc = grad_desc(dtype="FLOAT16")
    out = run(desc, {"InputGradientTensor": G3.astype(np.float16)})["OutputGradientTensor"]
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out.reshape(2, 2), [[9, 6], [0, 0]])


def test_int8_forward_needs_6_2():
    desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(
        InputTensor=buffer_desc("INT8", [1, 1, 2, 2]), OutputTensor=buffer_desc("INT8", [1, 1, 4, 4]),
        InterpolationMode=NEAREST, RoundingDirection=FLOOR, Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.0] * 4, OutputPixelOffsets=[0.0] * 4)
    with pytest.raises(pydml.FeatureLevelError, match="DML_FEATURE_LEVEL_6_2"):
        pydml.Device("5_1").create_operator(desc)
    x = np.array([[-128, 5], [7, 127]], np.int8).reshape(1, 1, 2, 2)
    out = run(desc, {"InputTensor": x}, level="6_2")["OutputTensor"]
    np.testing.assert_array_equal(out[0, 0, ::2, ::2], x[0, 0])


class TestBinding:
    @pytest.fixture
    def op(self):
        return pydml.Device().create_operator(grad_desc())

    def test_missing_input(self, op):
        with pytest.raises(pydml.BindingError, match="InputGradientTensor: input is not bound"):
            op.execute({})

    def test_unknown_name_lists_the_inputs(self, op):
        with pytest.raises(pydml.BindingError, match="inputs: InputGradientTensor"):
            op.execute({"InputTensor": G3})

    def test_buffer_smaller_than_the_tensor(self, op):
        with pytest.raises(pydml.BindingError, match="has 8 bytes, fewer than the 12 its Sizes"):
            op.execute({"InputGradientTensor": np.zeros(2, np.float32)})

    def test_wrong_dtype(self, op):
        with pytest.raises(pydml.BindingError, match="does not match DML_TENSOR_DATA_TYPE_FLOAT32"):
            op.execute({"InputGradientTensor": G3.astype(np.float64)})

    def test_read_only_output(self, op):
        out = np.zeros((1, 1, 2, 2), np.float32)
        out.setflags(write=False)
        with pytest.raises(pydml.BindingError, match="read-only"):
            op.execute({"InputGradientTensor": G3}, {"OutputGradientTensor": out})

    def test_in_place_binding_names_both_tensors(self):
        desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(
            InputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]), OutputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]),
            InterpolationMode=pydml.DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR,
            RoundingDirection=pydml.DML_AXIS_DIRECTION_INCREASING,
            Scales=[1, 1, 1, 1], InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4)
        buffer = X22.copy()
        with pytest.raises(pydml.BindingError, match="OutputTensor: its buffer overlaps the one bound to InputTensor"):
            pydml.Device().create_operator(desc).execute({"InputTensor": buffer}, {"OutputTensor": buffer})
        np.testing.assert_array_equal(buffer, X22)

    def test_raw_bytes_input(self, op):
        out = op.execute({"InputGradientTensor": G3.tobytes()})["OutputGradientTensor"]
        np.testing.assert_array_equal(out.reshape(2, 2), [[9, 6], [0, 0]])


def test_validated_but_not_executed_operator_raises_unsupported():
    # an operator pydml validates but does not execute (yet), if one is left
    from test_validator_agreement import valid_bases

    pending = [b for bases in valid_bases().values() for b in bases
               if not b.schema.executes and pydml.FeatureLevel.FL6_4 in b.levels]
    if not pending:
        pytest.skip("every operator executes")
    desc = pending[0].desc
    pydml.validate(desc)
    with pytest.raises(pydml.UnsupportedError, match=f"DML_OPERATOR_{pending[0].schema.type.name}"):
        pydml.Device().create_operator(desc)
