"""Unit tests of the DxDispatch model parser and the print formatter (formats.md §1)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pydml.enums import (
    AxisDirection,
    ConvolutionDirection,
    ExecutionFlags,
    InterpolationMode,
    OperatorType,
    TensorDataType,
    TensorFlags,
)
from pydml.frontends.dxdispatch import (
    ModelError,
    ModelErrorGroup,
    Resource,
    format_element,
    loads,
    parse_dispatchable,
    parse_model,
    parse_resource,
    parse_tensor_desc,
    print_text,
)

F32 = TensorDataType.FLOAT32


def resource(init: Any, dtype: str | None = "FLOAT32", **extra: Any) -> Resource:
    obj: dict[str, Any] = {"initialValues": init, **extra}
    if dtype is not None:
        obj["initialValuesDataType"] = dtype
    return parse_resource("r", obj, None)


def values(r: Resource) -> list[Any]:
    return r.initial_values().tolist()


def grad1_desc(**changes: Any) -> dict[str, Any]:
    desc: dict[str, Any] = {
        "InputGradientTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 3, 4]},
        "OutputGradientTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]},
        "InterpolationMode": "LINEAR", "RoundingDirection": "DECREASING", "DimensionCount": 4,
        "Scales": [1, 1, 1.5, 2], "InputPixelOffsets": [0.5] * 4,
        "OutputPixelOffsets": [-0.5] * 4,
    }
    desc.update(changes)
    return {k: v for k, v in desc.items() if v is not None}


def conv_desc(**changes: Any) -> dict[str, Any]:
    desc: dict[str, Any] = {
        "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]},
        "FilterTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 3, 3]},
        "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 3, 3]},
        "Mode": "CROSS_CORRELATION", "Direction": "BACKWARD", "DimensionCount": 2,
        "Strides": [2, 2], "Dilations": [1, 1], "StartPadding": [1, 1], "EndPadding": [1, 1],
        "OutputPadding": [0, 0], "GroupCount": 1,
    }
    desc.update(changes)
    return {k: v for k, v in desc.items() if v is not None}


# -- JSON ---------------------------------------------------------------------------------------


def test_comments_and_trailing_commas() -> None:
    text = '{ // line\n "a": [1, 2, /* block, ] */ 3,], "b": "x // not a comment",\n}'
    assert loads(text) == {"a": [1, 2, 3], "b": "x // not a comment"}


def test_bad_json_names_line_and_column() -> None:
    with pytest.raises(ModelError, match=r"line 2 column") as info:
        loads('{\n "a": }', "m.json")
    assert info.value.unsupported


# -- resources ----------------------------------------------------------------------------------


def test_array_constant_sequence() -> None:
    assert values(resource([1, 2.5, "nan", "-INF"]))[:2] == [1.0, 2.5]
    v = values(resource([1, "nan", "Inf", "-inf"]))
    assert math.isnan(v[1]) and v[2] == math.inf and v[3] == -math.inf
    assert values(resource({"valueCount": 3, "value": -1})) == [-1, -1, -1]
    assert values(resource({"valueCount": 4, "valueStart": 1, "valueDelta": 2},
                           "INT32")) == [1, 3, 5, 7]


def test_float32_sequence_is_repeated_addition() -> None:
    r = resource({"valueCount": 50, "valueStart": 0, "valueDelta": 0.1})
    expected, v = [], np.float32(0)
    for _ in range(50):
        expected.append(v)
        v = np.float32(v + np.float32(0.1))
    assert r.initial_values().tobytes() == np.array(expected, dtype=np.float32).tobytes()
    assert r.initial_values()[49] != np.float32(49 * 0.1)  # not start + i * delta


def test_float16_conversion_truncates() -> None:
    r = resource([0.3, 65519, 70000, -0.3, 1], "FLOAT16")
    bits = r.initial_values().view(np.uint16).tolist()
    assert bits[0] == 0x34CC  # round-to-nearest would give 0x34CD
    assert r.initial_values()[1] == 65504
    assert r.initial_values()[2] == np.inf
    assert bits[3] == 0xB4CC
    assert print_text(r) == "Resource 'r': 0.299805, 65504, inf, -0.299805, 1\n"


def test_float16_sequence_truncates_each_step() -> None:
    r = resource({"valueCount": 4, "valueStart": 0, "valueDelta": 0.3}, "FLOAT16")
    assert r.initial_values().view(np.uint16)[1] == 0x34CC
    assert r.initial_values()[3] <= np.float16(0.9)


@pytest.mark.parametrize(("init", "dtype", "match"), [
    ([1, 2.0], "INT32", r"initialValues\[1\]: must be an integer, got 2.0"),
    ([-1], "UINT32", r"initialValues\[0\]: must be in \[0, 4294967295\]"),
    ([300], "UINT8", r"must be in \[0, 255\]"),
    (["nan"], "INT32", r"initialValues\[0\]: must be an integer"),
    (["fast"], "FLOAT32", r"must be a number"),
    ([True], "FLOAT32", r"must be a number"),
    ([], "FLOAT32", r"must not be empty"),
    ({"valueCount": 0, "value": 1}, "FLOAT32", r"valueCount: must be > 0"),
    ({"valueCount": 2, "valueStart": 1}, "FLOAT32", r"valueDelta: is required"),
    ({"count": 2}, "FLOAT32", r"unknown generator type"),
    ({"valueCount": 2, "value": 1}, "FLOAT33", r"not a recognized value for DML_TENSOR_DATA_TYPE"),
    ([1], None, r"initialValuesDataType: is required"),
    ("later", "FLOAT32", r"initialValues: must be an array, an object or \"deferred\", got"),
])
def test_bad_initializers(init: Any, dtype: str | None, match: str) -> None:
    with pytest.raises(ModelError, match=match) as info:
        resource(init, dtype)
    assert str(info.value).startswith("resource 'r': ")


def test_deferred_resource_has_no_memory_until_an_onnx_output_becomes_it() -> None:
    r = resource("deferred", "FLOAT32")
    assert r.deferred and r.data.nbytes == 0 and r.initial_values().size == 0
    assert resource("deferred", None).data_type.name == "FLOAT32"  # JsonParsers.cpp needs no type


def test_size_in_bytes() -> None:
    r = resource([1, 2, 3, 4, 5], "FLOAT16")
    assert r.data.nbytes == 12  # 10 bytes rounded up to 4
    assert print_text(r) == "Resource 'r': 1, 2, 3, 4, 5\n"  # padding not printed
    r = resource([1, 2, 3, 4, 5], "FLOAT16", sizeInBytes=10)
    assert r.data.nbytes == 10  # an explicit size is not rounded
    r = resource([7], "FLOAT32", sizeInBytes=64)
    assert r.data.nbytes == 64 and not r.data[4:].any()
    assert print_text(r) == "Resource 'r': 7\n"
    with pytest.raises(ModelError, match=r"The buffer size \(8 bytes\) is too small for the "
                       r"initialValues \(12 bytes\) at offset 0 bytes."):
        resource([1, 2, 3], sizeInBytes=8)


def test_npy_initializer(tmp_path: Path) -> None:
    np.save(tmp_path / "w.npy", np.arange(6, dtype=np.float32).reshape(2, 3))
    np.save(tmp_path / "b.npy", np.array([True, False]))
    np.save(tmp_path / "d.npy", np.arange(3, dtype=np.float64))
    r = parse_resource("w", {"initialValues": {"sourcePath": "w.npy"}}, tmp_path)
    assert r.data_type == F32 and values(r) == [0, 1, 2, 3, 4, 5]
    r = parse_resource("b", {"initialValues": {"sourcePath": "b.npy"}}, tmp_path)
    assert r.data_type == TensorDataType.UINT8
    with pytest.raises(ModelError, match=r"resource 'd': initialValues.sourcePath: d.npy holds "
                       r"float64 \(DML_TENSOR_DATA_TYPE_FLOAT64\), but initialValuesDataType is "
                       r"DML_TENSOR_DATA_TYPE_FLOAT32"):
        parse_resource("d", {"initialValuesDataType": "FLOAT32",
                             "initialValues": {"sourcePath": "d.npy"}}, tmp_path)
    with pytest.raises(ModelError, match=r"'missing.npy' not found"):
        parse_resource("m", {"initialValues": {"sourcePath": "missing.npy"}}, tmp_path)


# -- tensor descs -------------------------------------------------------------------------------


def test_tensor_desc_short_form_defaults() -> None:
    t = parse_tensor_desc({"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3]}, "x").Desc
    assert t is not None
    assert (t.DataType, t.Flags, t.Strides, t.TotalTensorSizeInBytes) == (F32, 0, None, None)
    assert t.dimension_count == 4 and t.total_size_in_bytes == 24
    assert t.GuaranteedBaseOffsetAlignment == 0


def test_tensor_desc_long_form_and_zero_defaults() -> None:
    t = parse_tensor_desc({"Type": "DML_TENSOR_TYPE_BUFFER", "Desc": {
        "DataType": "DML_TENSOR_DATA_TYPE_FLOAT16", "Flags": ["OWNED_BY_DML"],
        "DimensionCount": 2, "Sizes": [2, 3], "Strides": [], "TotalTensorSizeInBytes": 0}},
        "x").Desc
    assert t is not None
    assert t.DataType == TensorDataType.FLOAT16 and t.Flags == TensorFlags.OWNED_BY_DML
    assert t.Strides is None and t.TotalTensorSizeInBytes is None  # [] and 0 mean "default"
    t = parse_tensor_desc({"DataType": "FLOAT32", "Sizes": [2, 3], "Strides": [1, 2],
                           "Flags": "DML_TENSOR_FLAG_NONE"}, "x").Desc
    assert t is not None and t.Strides == (1, 2) and t.total_size_in_bytes == 24


@pytest.mark.parametrize(("obj", "match"), [
    ({"Sizes": [1]}, r"x.DataType: is required"),
    ({"DataType": "FLOAT32"}, r"x.Sizes: is required"),
    ({"DataType": "FLOAT32", "Sizes": [1, -2]}, r"x.Sizes\[1\]: must be in"),
    ({"DataType": "FLOAT32", "Sizes": [1, "2"]}, r"x.Sizes\[1\]: must be an unsigned integer"),
    ({"DataType": "FLOAT32", "Sizes": [1], "sizes": [1]}, r"x.sizes: unknown field"),
    ({"Type": "INVALID", "Desc": {}}, r"x.Type: must be DML_TENSOR_TYPE_BUFFER"),
    ([1, 2], r"x: must be an object"),
])
def test_bad_tensor_descs(obj: Any, match: str) -> None:
    with pytest.raises(ModelError, match=match):
        parse_tensor_desc(obj, "x")


# -- dispatchables ------------------------------------------------------------------------------


def test_enum_spellings_and_flags() -> None:
    d = parse_dispatchable("g", {"type": "DML_OPERATOR_RESAMPLE_GRAD1", "desc": grad1_desc(
        InterpolationMode="DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR",
        RoundingDirection="DML_AXIS_DIRECTION_INCREASING"),
        "executionFlags": ["DISABLE_META_COMMANDS",
                           "DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION"]})
    assert d.schema.type == OperatorType.RESAMPLE_GRAD1
    assert d.desc.InterpolationMode == InterpolationMode.NEAREST_NEIGHBOR
    assert d.desc.RoundingDirection == AxisDirection.INCREASING
    assert d.flags == (ExecutionFlags.DISABLE_META_COMMANDS
                       | ExecutionFlags.ALLOW_HALF_PRECISION_COMPUTATION)
    d = parse_dispatchable("g", {"Type": "RESAMPLE_GRAD1", "Desc": grad1_desc(),
                                 "executionFlags": "NONE"})
    assert d.flags == ExecutionFlags.NONE
    assert d.desc.InterpolationMode == InterpolationMode.LINEAR
    assert d.desc.Scales == (1, 1, 1.5, 2)


def test_flat_form() -> None:
    d = parse_dispatchable("g", {"type": "RESAMPLE_GRAD1", **grad1_desc()})
    assert d.desc.DimensionCount == 4


@pytest.mark.parametrize(("obj", "match"), [
    ({"type": "RESAMPLE_GRAD2", "desc": {}},
     r"^g: type: 'RESAMPLE_GRAD2' is not a recognized value for DML_OPERATOR_TYPE"),
    ({"type": "RESAMPLE_GRAD1", "desc": grad1_desc(InterpolationMode=1)},
     r"^g: DML_RESAMPLE_GRAD1_OPERATOR_DESC.InterpolationMode: must be a string"),
    ({"type": "RESAMPLE_GRAD1", "desc": grad1_desc(InterpolationMode="linear")},
     r"'linear' is not a recognized value for DML_INTERPOLATION_MODE"),  # case-sensitive
    ({"type": "RESAMPLE_GRAD1", "desc": grad1_desc(Scales=[1, 1, "x", 2])},
     r"^g: DML_RESAMPLE_GRAD1_OPERATOR_DESC.Scales\[2\]: must be a number"),
    ({"type": "RESAMPLE_GRAD1", "desc": grad1_desc(DimensionCount=None)},
     r"DML_RESAMPLE_GRAD1_OPERATOR_DESC.DimensionCount: is required"),
    ({"type": "RESAMPLE_GRAD1", "desc": grad1_desc(Scale=[1])},
     r"DML_RESAMPLE_GRAD1_OPERATOR_DESC.Scale: unknown field"),
    ({"type": "RESAMPLE_GRAD1", "desc": grad1_desc(dimensionCount=4)},
     r"dimensionCount: unknown field \(did you mean 'DimensionCount'\?\)"),
    ({"type": "RESAMPLE_GRAD1", "desc": grad1_desc(), "executionFlags": 1},
     r"^g: executionFlags: must be a string"),
    ({"type": "CONVOLUTION", "desc": conv_desc(GroupCount=1.0)},
     r"GroupCount: must be an unsigned integer, got 1.0"),
    ({"type": "CONVOLUTION", "desc": conv_desc(Strides=[2, -1])},
     r"Strides\[1\]: must be in \[0, 4294967295\]"),
])
def test_bad_dispatchables(obj: dict[str, Any], match: str) -> None:
    with pytest.raises(ModelError, match=match):
        parse_dispatchable("g", obj)


def test_every_bad_field_is_reported() -> None:
    with pytest.raises(ModelErrorGroup) as info:
        parse_dispatchable("g", {"type": "RESAMPLE_GRAD1",
                                 "desc": grad1_desc(Scales=[1, "x", 1, 1], InterpolationMode=2,
                                                    InputPixelOffsets=None)})
    assert len(info.value.errors) == 3


def test_every_struct_is_known_and_missing_fields_are_named() -> None:
    with pytest.raises(ModelError, match=r"DML_GEMM_OPERATOR_DESC.ATensor: is required") as info:
        parse_dispatchable("g", {"type": "GEMM", "desc": {}})
    assert not info.value.unsupported


@pytest.mark.parametrize("activation", [
    {"Type": "ACTIVATION_LEAKY_RELU", "Alpha": 0.25},
    {"Type": "DML_OPERATOR_ACTIVATION_LEAKY_RELU", "Desc": {"Alpha": 0.25}},
])
def test_nested_activation_forms(activation: dict[str, Any]) -> None:
    d = parse_dispatchable("c", {"type": "CONVOLUTION",
                                 "desc": conv_desc(FusedActivation=activation)})
    fused = d.desc.FusedActivation
    assert fused.Type == OperatorType.ACTIVATION_LEAKY_RELU
    assert fused.Desc.Alpha == 0.25 and fused.Desc.InputTensor is None
    assert d.desc.Direction == ConvolutionDirection.BACKWARD
    assert d.desc.BiasTensor is None


def test_nested_activation_errors() -> None:
    with pytest.raises(ModelError, match=r"FusedActivation.Alpha: is required"):
        parse_dispatchable("c", {"type": "CONVOLUTION", "desc": conv_desc(
            FusedActivation={"Type": "ACTIVATION_ELU"})})
    with pytest.raises(ModelError, match=r"FusedActivation.Desc.Alpah: unknown field"):
        parse_dispatchable("c", {"type": "CONVOLUTION", "desc": conv_desc(
            FusedActivation={"Type": "ACTIVATION_ELU", "Desc": {"Alpah": 1}})})


# -- commands and bindings ----------------------------------------------------------------------


def model(commands: list[Any], **resources: Any) -> dict[str, Any]:
    res = {"dy": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 12,
                                                                        "value": 1}},
           "dx": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 8,
                                                                        "value": 0}}}
    res.update(resources)
    return {"$schema": "x", "resources": res,
            "dispatchables": {"g": {"type": "RESAMPLE_GRAD1", "desc": grad1_desc()}},
            "commands": commands}


def dispatch(**bindings: Any) -> dict[str, Any]:
    return {"type": "Dispatch", "dispatchable": "g", "bindings": bindings}


def test_binding_forms() -> None:
    m = parse_model(model([dispatch(InputGradientTensor="dy",
                                    OutputGradientTensor={"name": "dx", "elementOffset": 4}),
                           dispatch(InputGradientTensor=["dy"],
                                    OutputGradientTensor=[{"name": "dx"}]),
                           {"type": "print", "resource": "dx", "verbose": True},
                           {"type": "writeFile", "resource": "dx", "targetPath": "a.npy"}]))
    first = m.commands[0].bindings
    assert first["InputGradientTensor"].byte_offset == 0
    assert first["OutputGradientTensor"].byte_offset == 16
    assert m.commands[1].bindings["OutputGradientTensor"].resource == "dx"
    assert m.commands[2].verbose and m.commands[3].kind == "writeFile"


@pytest.mark.parametrize(("commands", "match"), [
    ([dispatch(InputGradientTensor="dy")],
     r"commands\[0\] \(dispatch 'g'\): bindings.OutputGradientTensor: "
     r"DML_RESAMPLE_GRAD1_OPERATOR_DESC.OutputGradientTensor is not bound"),
    ([dispatch(InputGradientTensor="dy", OutputGradientTensor="nope")],
     r"bindings.OutputGradientTensor: resource 'nope' does not exist"),
    ([dispatch(InputGradientTensor="dy", OutputGradientTensor="dx", Bias="dx")],
     r"bindings.Bias: 'Bias' is not a bind point"),
    ([dispatch(InputGradientTensor="dy", OutputGradientTensor={"name": "dx",
                                                              "elementOffset": 1})],
     r"byte offset 4 of resource 'dx' must be a multiple of 16"),
    ([dispatch(InputGradientTensor="dy", OutputGradientTensor={"name": "dx",
                                                              "elementOffset": 8})],
     r"resource 'dx' has 0 bytes from byte 32, less than "
     r"OutputGradientTensor.TotalTensorSizeInBytes \(16\)"),
    ([dispatch(InputGradientTensor="dx", OutputGradientTensor="dx")],
     r"bindings.InputGradientTensor: resource 'dx' has 32 bytes, less than "
     r"InputGradientTensor.TotalTensorSizeInBytes \(48\)"),
    ([dispatch(InputGradientTensor=["dy", "dy"], OutputGradientTensor="dx")],
     r"Bind point 'InputGradientTensor' requires 1 resources, but 2 were bound."),
    ([{"type": "dispatch", "dispatchable": "h", "bindings": {}}],
     r"Command attempts to dispatch 'h', which does not exist in the model"),
    ([{"type": "dispatch", "dispatchable": "g"}], r"expected an object field named 'bindings'"),
    ([{"type": "print", "resource": "zz"}],
     r"Command attempts to print resource 'zz', which does not exist in the model"),
    ([{"type": "run"}], r"commands\[0\].type: Unrecognized command 'run'"),
])
def test_bad_commands(commands: list[Any], match: str) -> None:
    with pytest.raises(ModelError, match=match):
        parse_model(model(commands))


def test_model_structure_errors() -> None:
    with pytest.raises(ModelError, match=r"expected an object named 'resources'"):
        parse_model({"dispatchables": {}, "commands": []})
    with pytest.raises(ModelError, match=r"expected an array field named 'commands'"):
        parse_model({"resources": {}, "dispatchables": {}, "commands": {}})


# -- print --------------------------------------------------------------------------------------


def test_print_formats_d2_verbose() -> None:
    r = resource([1, 1.25, 1.75, 2, 2, 2.25, 2.75, 3, 3, 3.25, 3.75, 4])
    r.name = "y"
    assert print_text(r) == "Resource 'y': 1, 1.25, 1.75, 2, 2, 2.25, 2.75, 3, 3, 3.25, 3.75, 4\n"
    expected = (
        "Resource 'y':\n[ 0] 1 (0x3F800000)\n[ 1] 1.25 (0x3FA00000)\n[ 2] 1.75 (0x3FE00000)\n"
        "[ 3] 2 (0x40000000)\n[ 4] 2 (0x40000000)\n[ 5] 2.25 (0x40100000)\n"
        "[ 6] 2.75 (0x40300000)\n[ 7] 3 (0x40400000)\n[ 8] 3 (0x40400000)\n"
        "[ 9] 3.25 (0x40500000)\n[10] 3.75 (0x40700000)\n[11] 4 (0x40800000)\n\n")
    assert print_text(r, verbose=True) == expected


def test_print_value_formats() -> None:
    cases = {1e6: "1e+06", 123456789.0: "1.23457e+08", 1.5e-7: "1.5e-07", -0.0: "-0",
             100000.0: "100000", 1 / 3: "0.333333", math.inf: "inf", -math.inf: "-inf",
             math.nan: "nan"}
    for v, text in cases.items():
        assert format_element(np.float32(v), F32) == text
    r = resource([0, 1], "FLOAT32")
    assert print_text(r, verbose=True) == \
        "Resource 'r':\n[0] 0 (0x       0)\n[1] 1 (0x3F800000)\n\n"
    r = resource([-1, 65], "INT8")
    assert print_text(r) == "Resource 'r': \xff, A\n"  # ostream prints int8 as a character
    assert "(0xFF)" in print_text(r, verbose=True)
    r = resource([-7, 4000000000], "INT64")
    assert print_text(r) == "Resource 'r': -7, 4000000000\n"
    r = resource(list(range(10)), "UINT16")
    assert print_text(r, verbose=True).splitlines()[1] == "[ 0] 0 (0x   0)"


def test_out_of_range_sequences_wrap_or_overflow_quietly(recwarn: pytest.WarningsRecorder) -> None:
    r = resource({"valueCount": 3, "valueStart": 2**64 - 2, "valueDelta": 1}, "UINT64")
    assert values(r) == [2**64 - 2, 2**64 - 1, 0]  # integer += wraps
    r = resource({"valueCount": 3, "valueStart": -128, "valueDelta": 127}, "INT8")
    assert values(r) == [-128, -1, 126]
    r = resource({"valueCount": 3, "valueStart": 3e38, "valueDelta": 3e38})
    assert values(r)[1:] == [math.inf, math.inf]
    assert values(resource([1e39, -1e300])) == [math.inf, -math.inf]
    assert not recwarn.list  # no RuntimeWarning reaches stderr


def _json_for(spec: Any) -> Any:
    from pydml.registry import FieldType

    t = spec.type
    if t is FieldType.TENSOR_DESC:
        return {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}
    if t is FieldType.TENSOR_DESC_ARRAY:
        return [{"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}] * 2
    if t is FieldType.OPERATOR_DESC_ARRAY:
        return [{"Type": "ACTIVATION_RELU"}] * 2
    if t is FieldType.SCALAR_UNION:
        return 1
    if t is FieldType.OPERATOR_DESC:
        return {"Type": "ACTIVATION_RELU"}
    if t in (FieldType.ENUM, FieldType.FLAGS):
        if spec.ctype == "DML_TENSOR_DATA_TYPE":
            return "FLOAT32"
        return next(iter(spec.enum)).c_name if t is FieldType.ENUM else "NONE"
    if t is FieldType.FLOAT:
        return 1.0
    if t is FieldType.BOOL:
        return False
    if t in (FieldType.UINT, FieldType.UINT64, FieldType.INT):
        return 4 if spec.name in ("DimensionCount", "ScaleCount") else 1
    if t is FieldType.FLOAT_ARRAY:
        return [1.0] * 4
    if t in (FieldType.UINT_ARRAY, FieldType.INT_ARRAY):
        return [1] * 4
    if t is FieldType.SIZE_2D:
        return {"Width": 1, "Height": 1}
    return {"Scale": 1, "Bias": 0}


def test_every_registered_operator_parses_and_validates() -> None:
    """Every struct the registry knows is parsed from JSON and reaches validation."""
    from pydml.errors import ValidationError
    from pydml.registry import all_schemas
    from pydml.validate import validate

    for schema in all_schemas():
        desc = {spec.name: _json_for(spec) for spec in schema.fields}
        d = parse_dispatchable("d", {"type": schema.type.name, "desc": desc})
        assert d.schema is schema
        try:
            validate(d.desc)
        except ValidationError as e:  # a generic desc may break operator rules; never crash
            assert str(e).startswith(schema.c_name)
