"""The descriptor-level C API (native/api/capi.c): agreement with the Python validator, execution,
hostile bindings, and the C example compiled against the installed headers and libpydml.so."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import pydml
from pydml import buffer_desc, paths
from pydml.native import ffi, lib, view_buffer

ROOT = Path(__file__).resolve().parent.parent
NEAREST, LINEAR = pydml.DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR, pydml.DML_INTERPOLATION_MODE_LINEAR


def grad(**kw):
    base = dict(InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 1, 3]),
                OutputGradientTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]), InterpolationMode=NEAREST,
                Scales=[1, 1, 0.5, 1.5], InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[0.0] * 4)
    base.update(kw)
    return pydml.DML_RESAMPLE_GRAD_OPERATOR_DESC(**base)


def resample2(**kw):
    base = dict(InputTensor=buffer_desc("FLOAT32", [1, 2, 3, 4]), OutputTensor=buffer_desc("FLOAT32", [1, 2, 6, 8]),
                InterpolationMode=LINEAR, RoundingDirection=pydml.DML_AXIS_DIRECTION_DECREASING,
                Scales=[1, 1, 2, 2], InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4)
    base.update(kw)
    return pydml.DML_RESAMPLE2_OPERATOR_DESC(**base)


def conv(**kw):
    base = dict(InputTensor=buffer_desc("FLOAT32", [1, 4, 5, 5]), FilterTensor=buffer_desc("FLOAT32", [6, 2, 3, 3]),
                BiasTensor=buffer_desc("FLOAT32", [1, 6, 1, 1]), OutputTensor=buffer_desc("FLOAT32", [1, 6, 5, 5]),
                Mode=pydml.DML_CONVOLUTION_MODE_CROSS_CORRELATION, Direction=pydml.DML_CONVOLUTION_DIRECTION_FORWARD,
                Strides=[1, 1], Dilations=[1, 1],
                StartPadding=[1, 1], EndPadding=[1, 1], OutputPadding=[0, 0], GroupCount=2)
    base.update(kw)
    return pydml.DML_CONVOLUTION_OPERATOR_DESC(**base)


def relu(**kw):
    return pydml.DML_OPERATOR_DESC(Type="ACTIVATION_RELU", Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(**kw))


def clip():
    return pydml.DML_OPERATOR_DESC(Type="ELEMENT_WISE_CLIP",
                                   Desc=pydml.DML_ELEMENT_WISE_CLIP_OPERATOR_DESC(Min=0.0, Max=6.0))


def upsample(**kw):
    base = dict(InputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]), OutputTensor=buffer_desc("FLOAT32", [1, 1, 4, 6]),
                ScaleSize=pydml.DML_SIZE_2D(Width=3, Height=2), InterpolationMode=LINEAR)
    base.update(kw)
    return pydml.DML_UPSAMPLE_2D_OPERATOR_DESC(**base)


CORPUS = [
    ("grad ok", grad(), "3_0"),
    ("grad needs 3_0", grad(), "2_1"),
    ("grad 3-D needs 5_1", grad(InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 3]),
                               OutputGradientTensor=buffer_desc("FLOAT32", [1, 2, 2]), Scales=[1, .5, 1.5],
                               InputPixelOffsets=[.5] * 3, OutputPixelOffsets=[0.0] * 3), "4_1"),
    ("grad negative scale", grad(Scales=[1, -2.0, 0.5, 1.5]), "6_4"),
    ("grad huge offset", grad(InputPixelOffsets=[0.5, 0.5, 0.5, 3e9]), "6_4"),
    ("grad nan scale", grad(Scales=[1, 1, float("nan"), 1.5]), "6_4"),
    ("grad inf offset", grad(OutputPixelOffsets=[0, 0, float("inf"), 0]), "6_4"),
    ("grad huge coordinate", grad(Scales=[1, 1, 0.5, 1e-12]), "6_4"),
    ("grad count vs rank", grad(Scales=[1, 0.5, 1.5], InputPixelOffsets=[0.5] * 3, OutputPixelOffsets=[0.0] * 3), "6_4"),
    ("grad zero size", grad(InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 0, 3])), "6_4"),
    ("grad total too small", grad(InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 1, 3], TotalTensorSizeInBytes=8)), "6_4"),
    ("grad total not multiple of 4", grad(InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 1, 3], TotalTensorSizeInBytes=14)), "6_4"),
    ("grad bad alignment", grad(InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 1, 3], GuaranteedBaseOffsetAlignment=3)), "6_4"),
    ("grad owned output", grad(OutputGradientTensor=buffer_desc("FLOAT32", [1, 1, 2, 2], Flags="OWNED_BY_DML")), "6_4"),
    ("grad owned input ok", grad(InputGradientTensor=buffer_desc("FLOAT32", [1, 1, 1, 3], Flags="OWNED_BY_DML")), "6_4"),
    ("grad dtype mismatch", grad(OutputGradientTensor=buffer_desc("FLOAT16", [1, 1, 2, 2])), "6_4"),
    ("grad int8", grad(InputGradientTensor=buffer_desc("INT8", [1, 1, 1, 3]),
                       OutputGradientTensor=buffer_desc("INT8", [1, 1, 2, 2])), "6_4"),
    ("grad strides ok", grad(OutputGradientTensor=buffer_desc("FLOAT32", [1, 1, 2, 2], [4, 4, 2, 1])), "6_4"),
    ("grad unknown dtype", grad(InputGradientTensor=buffer_desc("UNKNOWN", [1, 1, 1, 3])), "6_4"),
    ("resample2 ok", resample2(), "5_1"),
    ("resample2 needs 5_1", resample2(), "5_0"),
    ("resample2 int8 needs 6_2", resample2(InputTensor=buffer_desc("INT8", [1, 2, 3, 4]),
                                           OutputTensor=buffer_desc("INT8", [1, 2, 6, 8])), "5_1"),
    ("resample2 int8 ok", resample2(InputTensor=buffer_desc("INT8", [1, 2, 3, 4]),
                                    OutputTensor=buffer_desc("INT8", [1, 2, 6, 8])), "6_2"),
    ("resample2 rank mismatch", resample2(OutputTensor=buffer_desc("FLOAT32", [2, 6, 8])), "6_4"),
    ("resample2 bad rounding", resample2(RoundingDirection=5), "6_4"),
    ("resample2 bad mode", resample2(InterpolationMode=7), "6_4"),
    ("resample v1 ok", pydml.DML_RESAMPLE_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, 1, 4, 6]), OutputTensor=buffer_desc("FLOAT32", [1, 1, 2, 3]),
        InterpolationMode=NEAREST, Scales=[1, 1, 0.5, 0.5]), "2_0"),
    ("resample3 ok", pydml.DML_RESAMPLE3_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, 1, 8, 8]), OutputTensor=buffer_desc("FLOAT32", [1, 1, 2, 2]),
        InterpolationMode=LINEAR, Scales=[1, 1, .25, .25], InputPixelOffsets=[.5] * 4,
        OutputPixelOffsets=[-.5] * 4, RoundingDirection=pydml.DML_AXIS_DIRECTION_INCREASING, Antialiased=True), "6_4"),
    ("upsample ok", upsample(), "1_0"),
    ("upsample zero scale", upsample(ScaleSize=pydml.DML_SIZE_2D(Width=0, Height=2)), "6_4"),
    ("upsample wrong output", upsample(OutputTensor=buffer_desc("FLOAT32", [1, 1, 4, 4])), "6_4"),
    ("upsample 3-D", upsample(InputTensor=buffer_desc("FLOAT32", [1, 2, 2]),
                              OutputTensor=buffer_desc("FLOAT32", [1, 4, 6])), "6_4"),
    ("conv ok", conv(), "1_0"),
    ("conv relu ok", conv(FusedActivation=relu()), "1_0"),
    ("conv relu with tensors", conv(FusedActivation=relu(InputTensor=buffer_desc("FLOAT32", [1]))), "6_4"),
    ("conv clip needs 6_0", conv(FusedActivation=clip()), "5_1"),
    ("conv clip ok", conv(FusedActivation=clip()), "6_0"),
    ("conv groups", conv(GroupCount=3), "6_4"),
    ("conv channels vs groups", conv(GroupCount=4, FilterTensor=buffer_desc("FLOAT32", [6, 1, 3, 3])), "6_4"),
    ("conv zero groups", conv(GroupCount=0), "6_4"),
    ("conv stride 0", conv(Strides=[1, 0]), "6_4"),
    ("conv output size", conv(OutputTensor=buffer_desc("FLOAT32", [1, 6, 5, 4])), "6_4"),
    ("conv batch", conv(OutputTensor=buffer_desc("FLOAT32", [2, 6, 5, 5])), "6_4"),
    ("conv bias", conv(BiasTensor=buffer_desc("FLOAT32", [1, 5, 1, 1])), "6_4"),
    ("conv out padding", conv(OutputPadding=[1, 0]), "6_4"),
    ("conv 1-D needs 4_0", conv(InputTensor=buffer_desc("FLOAT32", [1, 4, 5]), FilterTensor=buffer_desc("FLOAT32", [6, 2, 3]),
                                BiasTensor=None, OutputTensor=buffer_desc("FLOAT32", [1, 6, 5]), Strides=[1],
                                Dilations=[1], StartPadding=[1], EndPadding=[1], OutputPadding=[0]), "3_1"),
    ("conv backward ok", conv(Direction="BACKWARD", InputTensor=buffer_desc("FLOAT32", [1, 6, 3, 3]),
                              FilterTensor=buffer_desc("FLOAT32", [6, 2, 3, 3]), BiasTensor=None,
                              OutputTensor=buffer_desc("FLOAT32", [1, 4, 6, 6]), Strides=[2, 2],
                              OutputPadding=[1, 1], StartPadding=[1, 1], EndPadding=[1, 1]), "6_4"),
    ("conv backward filter", conv(Direction="BACKWARD", InputTensor=buffer_desc("FLOAT32", [1, 4, 3, 3]),
                                  BiasTensor=None, OutputTensor=buffer_desc("FLOAT32", [1, 4, 3, 3])), "6_4"),
    ("conv kernel too large", conv(InputTensor=buffer_desc("FLOAT32", [1, 4, 1, 1]), StartPadding=[0, 0],
                                   EndPadding=[0, 0], OutputTensor=buffer_desc("FLOAT32", [1, 6, 1, 1])), "6_4"),
]


def python_verdict(desc, level):
    try:
        pydml.validate(desc, level)
    except pydml.ValidationError as e:
        return f"{e.desc}.{e.field}" if e.field else e.desc
    return "ok"


def c_verdict(desc, level):
    c = pydml.to_c(desc)
    message = ffi.new("char[512]")
    status = lib.pydml_validate_operator(c.ptr, int(pydml.FeatureLevel.parse(level)), message, 512)
    if status == lib.PYDML_STATUS_SUCCESS:
        return "ok"
    assert status == lib.PYDML_STATUS_INVALID_PARAMETER, ffi.string(message)
    return ffi.string(message).decode().split(": ", 1)[0]


@pytest.mark.parametrize("name,desc,level", CORPUS, ids=[c[0] for c in CORPUS])
def test_c_and_python_validators_agree(name, desc, level):
    expected = python_verdict(desc, level)
    assert c_verdict(desc, level) == expected
    assert (expected == "ok") == name.endswith("ok")


def test_c_validator_messages_follow_the_grammar():
    c = pydml.to_c(grad(Scales=[1, -2.0, 0.5, 1.5]))
    message = ffi.new("char[256]")
    lib.pydml_validate_operator(c.ptr, 0x3000, message, 256)
    assert ffi.string(message) == b"DML_RESAMPLE_GRAD_OPERATOR_DESC.Scales[1]: must be > 0 and finite, got -2.0"


def test_c_validator_truncates_into_a_tiny_buffer_and_accepts_none():
    c = pydml.to_c(grad(Scales=[1, -2.0, 0.5, 1.5]))
    message = ffi.new("char[8]")
    assert lib.pydml_validate_operator(c.ptr, 0x3000, message, 8) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert len(ffi.string(message)) == 7
    assert lib.pydml_validate_operator(c.ptr, 0x3000, ffi.NULL, 0) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert lib.pydml_validate_operator(ffi.NULL, 0x3000, ffi.NULL, 0) == lib.PYDML_STATUS_INVALID_PARAMETER


def test_c_validator_rejects_unknown_levels_and_operator_types():
    c = pydml.to_c(grad())
    assert lib.pydml_validate_operator(c.ptr, 0x3333, ffi.NULL, 0) == lib.PYDML_STATUS_INVALID_PARAMETER
    raw = ffi.new("DML_OPERATOR_DESC*", {"Type": 9999, "Desc": c.ptr.Desc})
    message = ffi.new("char[256]")
    assert lib.pydml_validate_operator(raw, 0x6400, message, 256) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(message) == b"DML_OPERATOR_DESC.Type: is not a DML_OPERATOR_TYPE value, got 9999"


def _create(desc, level=0x6400):
    c = pydml.to_c(desc)
    op = ffi.new("pydml_operator**")
    message = ffi.new("char[256]")
    status = lib.pydml_operator_create(c.ptr, level, 0, op, message, 256)
    assert status == 0, ffi.string(message)
    return ffi.gc(op[0], lib.pydml_operator_destroy)


def _buffers(*arrays):
    out = ffi.new("pydml_buffer[]", len(arrays))
    for i, a in enumerate(arrays):
        if a is not None:
            out[i].data = ffi.cast("void*", a.ctypes.data)
            out[i].size_in_bytes = a.nbytes
    return out


def test_execute_the_doc_example_through_the_c_api():
    op = _create(grad())
    assert lib.pydml_operator_input_count(op) == 1 and lib.pydml_operator_output_count(op) == 1
    g = np.array([4, 5, 6], np.float32)
    out = np.full(4, np.nan, np.float32)
    message = ffi.new("char[256]")
    status = lib.pydml_operator_execute(op, _buffers(g), 1, _buffers(out), 1, message, 256)
    assert status == 0, ffi.string(message)
    np.testing.assert_array_equal(out, [9, 6, 0, 0])


def test_execute_convolution_with_absent_bias_binding(rng):
    desc = conv(BiasTensor=None)
    op = _create(desc)
    assert lib.pydml_operator_input_count(op) == 3
    x = rng.standard_normal((1, 4, 5, 5)).astype(np.float32)
    w = rng.standard_normal((6, 2, 3, 3)).astype(np.float32)
    out = np.full((1, 6, 5, 5), np.nan, np.float32)
    status = lib.pydml_operator_execute(op, _buffers(x, w, None), 3, _buffers(out), 1, ffi.NULL, 0)
    assert status == 0
    expected = pydml.Device().create_operator(desc).execute({"InputTensor": x, "FilterTensor": w})["OutputTensor"]
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case", ["small input", "small output", "null data", "wrong counts", "null op"])
def test_hostile_bindings_return_errors_not_crashes(case):
    op = _create(grad())
    g = np.array([4, 5, 6], np.float32)
    out = np.zeros(4, np.float32)
    inputs, outputs, n_in, n_out = _buffers(g), _buffers(out), 1, 1
    if case == "small input":
        inputs[0].size_in_bytes = 8
    elif case == "small output":
        outputs[0].size_in_bytes = 12
    elif case == "null data":
        inputs[0].data = ffi.NULL
    elif case == "wrong counts":
        n_in = 2
    elif case == "null op":
        op = ffi.NULL
    message = ffi.new("char[256]")
    status = lib.pydml_operator_execute(op, inputs, n_in, outputs, n_out, message, 256)
    assert status == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(message)
    np.testing.assert_array_equal(out, 0)


def test_c_example_compiles_and_runs(tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    exe = tmp_path / "resample_grad_doc"
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", *paths.cflags().split(),
           str(ROOT / "examples" / "c" / "resample_grad_doc.c"), *paths.libs().split(), "-o", str(exe)]
    subprocess.run(cmd, check=True, capture_output=True)
    result = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "OutputGradientTensor: [[9, 6], [0, 0]]" in result.stdout
    assert "DML_RESAMPLE_GRAD_OPERATOR_DESC.Scales[1]: must be > 0 and finite, got -2.0" in result.stdout


def test_c_validator_refuses_lists_longer_than_its_limit():
    """A JOIN whose InputCount exceeds PYDML_MAX_LIST_LENGTH is refused, not partly checked."""
    tensors = [pydml.buffer_desc("FLOAT32", [1, 1, 1, 1])] * 2
    desc = pydml.DML_JOIN_OPERATOR_DESC(InputTensors=tensors,
                                        OutputTensor=pydml.buffer_desc("FLOAT32", [1, 1, 2, 1]),
                                        Axis=2)
    c = pydml.to_c(desc)
    assert lib.pydml_validate_operator(c.ptr, 0x6400, ffi.NULL, 0) == 0
    inner = ffi.cast("DML_JOIN_OPERATOR_DESC*", c.ptr.Desc)
    inner.InputCount = lib.PYDML_MAX_LIST_LENGTH + 1  # never read: refused by the count check
    message = ffi.new("char[256]")
    assert lib.pydml_validate_operator(c.ptr, 0x6400, message, 256) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(message).startswith(b"DML_JOIN_OPERATOR_DESC.InputCount: must be at most")


BIG = 2**32 - 1
FORWARD, BACKWARD = pydml.DML_CONVOLUTION_DIRECTION_FORWARD, pydml.DML_CONVOLUTION_DIRECTION_BACKWARD


@pytest.mark.parametrize("direction,x,w,y,strides,dilations,output_padding,expected", [
    # (k - 1) * Dilations + 1 = 18446744060824649731 wrapped negative in int64, and this kernel,
    # 2^64 elements wide, "fitted" a 1-element input
    (FORWARD, [1, 1, 1, 1], [1, 1, 1, BIG], [1, 1, 1, 4], [1, BIG], [1, BIG], [0, 0],
     "FilterTensor.Sizes[3]: dilated kernel extent 18446744060824649731 exceeds the padded input size 1, "
     "got 4294967295"),
    # (in - 1) * Strides + extent + OutputPadding = 2^64 + 1 wrapped to 1 in int64
    (BACKWARD, [1, 1, 1, BIG], [1, 1, 1, 4], [1, 1, 1, 1], [1, BIG], [1, BIG], [0, 1],
     "OutputTensor.Sizes[3]: must be more than 18446744073709551615 for DML_CONVOLUTION_DIRECTION_BACKWARD, "
     "got 1"),
    # the largest BACKWARD size that fits, exactly
    (BACKWARD, [1, 1, 1, BIG], [1, 1, 1, 1], [1, 1, 1, 1], [1, BIG], [1, 1], [0, 0],
     "OutputTensor.Sizes[3]: must be 18446744060824649731 for DML_CONVOLUTION_DIRECTION_BACKWARD, got 1"),
])
def test_c_validator_convolution_geometry_past_int64(direction, x, w, y, strides, dilations, output_padding,
                                                     expected):
    """CONVOLUTION's output-size rule computed in int64 overflowed for UINT_MAX-sized kernels,
    strides and dilations (found by tests/fuzz/fuzz_validate.c under UBSan): impossible geometry
    was accepted. Sizes near UINT_MAX are legal as long as the element count stays below 2^32."""
    desc = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", x), FilterTensor=buffer_desc("FLOAT32", w),
        OutputTensor=buffer_desc("FLOAT32", y), Mode=pydml.DML_CONVOLUTION_MODE_CROSS_CORRELATION,
        Direction=direction, Strides=strides, Dilations=dilations, StartPadding=[0, 0], EndPadding=[0, 0],
        OutputPadding=output_padding, GroupCount=1)
    c = pydml.to_c(desc)
    message = ffi.new("char[512]")
    assert lib.pydml_validate_operator(c.ptr, 0x6400, message, 512) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(message).decode() == f"DML_CONVOLUTION_OPERATOR_DESC.{expected}"


def test_tensor_check_counts_4bit_elements_two_per_byte() -> None:
    """pydml_tensor_check serves INT4/UINT4 views too: element e lives in byte e / 2."""
    int4 = int(lib.DML_TENSOR_DATA_TYPE_INT4)
    two = np.zeros(2, np.uint8)
    assert lib.pydml_tensor_check(view_buffer(two, int4, [4]).ptr) == lib.PYDML_STATUS_SUCCESS
    assert lib.pydml_tensor_check(view_buffer(two, int4, [5]).ptr) == lib.PYDML_STATUS_OUT_OF_BOUNDS
    assert lib.pydml_tensor_check(view_buffer(two, int4, [2], [3]).ptr) == lib.PYDML_STATUS_SUCCESS
    assert lib.pydml_tensor_check(view_buffer(two, int4, [2], [4]).ptr) == lib.PYDML_STATUS_OUT_OF_BOUNDS
    one = np.zeros(1, np.uint8)
    assert lib.pydml_tensor_check(view_buffer(one, int4, [1]).ptr) == lib.PYDML_STATUS_SUCCESS


def test_c_messages_say_null_and_python_says_none() -> None:
    """Issue 22: a NULL pointer is NULL in the C API's words, None in Python's."""
    from pydml.marshal import to_c

    desc = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=None, OutputTensor=buffer_desc("FLOAT32", [4]))
    c = to_c(desc)
    message = ffi.new("char[256]")
    assert lib.pydml_validate_operator(c.ptr, 0x6400, message, 256) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(message).decode() == ("DML_ACTIVATION_RELU_OPERATOR_DESC.InputTensor: is required and must "
                                            "not be NULL, got NULL")
    with pytest.raises(pydml.ValidationError) as info:
        pydml.validate(desc)
    assert str(info.value).endswith("must not be NULL, got None") and info.value.value is None


def test_binding_info_names_each_binding_and_its_fields_optional_flag() -> None:
    """pydml_operator_binding_info: per binding its name and whether its desc field is _Maybenull_
    (read from the schema when the operator is created): a GEMM's CTensor is, given or not; a
    JOIN's InputTensors elements and every output are not."""
    a, b = buffer_desc("FLOAT32", [1, 1, 2, 3]), buffer_desc("FLOAT32", [1, 1, 3, 2])
    y = buffer_desc("FLOAT32", [1, 1, 2, 2])
    device = pydml.Device()
    info = ffi.new("pydml_binding_info*")

    def bindings(desc: object) -> list[tuple[str, int, int]]:
        op = device.create_operator(desc)
        out = []
        for is_output, count in ((0, lib.pydml_operator_input_count(op.handle)),
                                 (1, lib.pydml_operator_output_count(op.handle))):
            for i in range(count):
                assert lib.pydml_operator_binding_info(op.handle, is_output, i, info) == 0
                out.append((ffi.string(info.name).decode(), int(info.optional), int(info.present)))
        assert lib.pydml_operator_binding_info(op.handle, 1, 99, info) == lib.PYDML_STATUS_INVALID_PARAMETER
        return out

    n = pydml.DML_MATRIX_TRANSFORM_NONE
    gemm = pydml.DML_GEMM_OPERATOR_DESC(ATensor=a, BTensor=b, OutputTensor=y, TransA=n, TransB=n, Alpha=1.0, Beta=0.0)
    assert bindings(gemm) == [("ATensor", 0, 1), ("BTensor", 0, 1), ("CTensor", 1, 0), ("OutputTensor", 0, 1)]
    with_c = pydml.DML_GEMM_OPERATOR_DESC(ATensor=a, BTensor=b, CTensor=y, OutputTensor=y, TransA=n, TransB=n,
                                          Alpha=1.0, Beta=1.0)
    assert bindings(with_c)[2] == ("CTensor", 1, 1)
    join = pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[a, a], OutputTensor=buffer_desc("FLOAT32", [1, 1, 4, 3]),
                                        Axis=2)
    assert bindings(join) == [("InputTensors[0]", 0, 1), ("InputTensors[1]", 0, 1), ("OutputTensor", 0, 1)]
