"""The README's Python conventions, one test each, on operators of different families."""

from __future__ import annotations

import inspect

import pytest

import pydml

F32 = pydml.buffer_desc("FLOAT32", [1, 1, 2, 3])


def test_signature_shows_the_c_fields_in_order() -> None:
    params = list(inspect.signature(pydml.DML_GEMM_OPERATOR_DESC).parameters)
    assert params == ["ATensor", "BTensor", "CTensor", "OutputTensor", "TransA", "TransB", "Alpha",
                      "Beta", "FusedActivation"]
    assert pydml.GemmOperatorDesc is pydml.DML_GEMM_OPERATOR_DESC


@pytest.mark.parametrize("trans", [pydml.DML_MATRIX_TRANSFORM_NONE, "DML_MATRIX_TRANSFORM_NONE", 0])
def test_enum_fields_take_constant_name_or_value(trans: object) -> None:
    a = pydml.buffer_desc("FLOAT32", [1, 1, 2, 3])
    b = pydml.buffer_desc("FLOAT32", [1, 1, 3, 4])
    out = pydml.buffer_desc("FLOAT32", [1, 1, 2, 4])
    desc = pydml.DML_GEMM_OPERATOR_DESC(ATensor=a, BTensor=b, OutputTensor=out, TransA=trans,
                                        TransB=trans, Alpha=1.0, Beta=0.0)
    assert desc.TransA == pydml.DML_MATRIX_TRANSFORM_NONE
    pydml.validate(desc)


def test_unknown_enum_name_is_a_validation_error() -> None:
    with pytest.raises(pydml.ValidationError, match=r"DML_GEMM_OPERATOR_DESC\.TransA"):
        pydml.validate(pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=F32, BTensor=F32, OutputTensor=F32, TransA="DML_MATRIX_TRANSFORM_SIDEWAYS",
            TransB=0, Alpha=1.0, Beta=0.0))


def test_scale_bias_and_nested_fused_activation() -> None:
    identity = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
        InputTensor=F32, OutputTensor=F32, ScaleBias=pydml.DML_SCALE_BIAS(Scale=2.0, Bias=-1.0))
    pydml.validate(identity)
    back = pydml.from_c(pydml.to_c(identity))
    assert back.Type == pydml.DML_OPERATOR_ELEMENT_WISE_IDENTITY
    assert back.Desc.ScaleBias == pydml.DML_SCALE_BIAS(Scale=2.0, Bias=-1.0)
    # read back with every derived count and size filled in
    assert back.Desc.InputTensor.Desc.TotalTensorSizeInBytes == 24
    add = pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(
        ATensor=F32, BTensor=F32, OutputTensor=F32,
        FusedActivation=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())
    pydml.validate(add)
    fused = pydml.from_c(pydml.to_c(add)).Desc.FusedActivation
    assert fused.Type == pydml.DML_OPERATOR_ACTIVATION_RELU
    assert fused.Desc == pydml.DML_ACTIVATION_RELU_OPERATOR_DESC()


def test_bool_fields_take_python_bools() -> None:
    desc = pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(InputTensor=F32, OutputTensor=F32, Axes=[3])
    pydml.validate(desc)
    mvn = pydml.DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC(
        InputTensor=F32, OutputTensor=F32, CrossChannel=False, NormalizeVariance=True,
        Epsilon=1e-5)
    pydml.validate(mvn)
    assert pydml.from_c(pydml.to_c(mvn)).Desc.NormalizeVariance is True


def test_lists_and_derived_counts() -> None:
    parts = [pydml.buffer_desc("FLOAT32", [1, 1, 2, n]) for n in (1, 2, 3)]
    join = pydml.DML_JOIN_OPERATOR_DESC(InputTensors=parts,
                                        OutputTensor=pydml.buffer_desc("FLOAT32", [1, 1, 2, 6]), Axis=3)
    assert join.InputCount is None  # derived from the list when marshalled
    pydml.validate(join)
    back = pydml.from_c(pydml.to_c(join)).Desc
    assert back.InputCount == 3 and isinstance(back.InputTensors, tuple) and len(back.InputTensors) == 3
    with pytest.raises(pydml.ValidationError, match=r"InputCount"):
        pydml.validate(pydml.DML_JOIN_OPERATOR_DESC(
            InputTensors=parts, InputCount=2, OutputTensor=pydml.buffer_desc("FLOAT32", [1, 1, 2, 6]),
            Axis=3))


def test_scalar_union_takes_a_number_or_the_union() -> None:
    half = pydml.buffer_desc("FLOAT16", [1, 1, 2, 3])
    plain = pydml.DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC(
        InputTensor=half, OutputTensor=half, MinMaxDataType="DML_TENSOR_DATA_TYPE_FLOAT16",
        Min=2, Max=6.5)
    pydml.validate(plain)
    union = pydml.DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC(
        InputTensor=half, OutputTensor=half, MinMaxDataType="DML_TENSOR_DATA_TYPE_FLOAT16",
        Min=pydml.DML_SCALAR_UNION(UInt16=0x4000), Max=pydml.DML_SCALAR_UNION(UInt16=0x4680))
    assert pydml.from_c(pydml.to_c(plain)).Desc == pydml.from_c(pydml.to_c(union)).Desc
    with pytest.raises(pydml.ValidationError, match=r"DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC\.Min"):
        pydml.validate(pydml.DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC(
            InputTensor=pydml.buffer_desc("UINT8", [2]),
            OutputTensor=pydml.buffer_desc("UINT8", [2]),
            MinMaxDataType="DML_TENSOR_DATA_TYPE_UINT8", Min=300, Max=4))


def test_descs_behave_as_frozen_keyword_only_dataclasses() -> None:
    # pydml/desc_class.py shares the methods @dataclass(frozen=True, kw_only=True) used to compile
    # per class: the same behaviour, checked here field by field
    import dataclasses

    gemm = pydml.DML_GEMM_OPERATOR_DESC
    a = dict(ATensor=F32, BTensor=F32, OutputTensor=F32, TransA=0, TransB=0, Alpha=1.0, Beta=0.0)
    x, y, z = gemm(**a), gemm(**a), gemm(**{**a, "Alpha": 2.0})
    assert x == y and hash(x) == hash(y) and x != z and (x == 1) is False
    assert hash(x) == hash(tuple(getattr(x, f.name) for f in dataclasses.fields(x)))
    assert repr(x).startswith("GemmOperatorDesc(ATensor=") and "Alpha=1.0" in repr(x)
    assert dataclasses.replace(x, Alpha=2.0) == z and dataclasses.is_dataclass(x)
    with pytest.raises(dataclasses.FrozenInstanceError):
        x.Alpha = 3.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del x.Alpha  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"GemmOperatorDesc.__init__\(\) got an unexpected keyword argument 'Foo'"):
        gemm(**a, Foo=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"missing 2 required keyword-only arguments: 'Alpha' and 'Beta'"):
        gemm(ATensor=F32, BTensor=F32, OutputTensor=F32, TransA=0, TransB=0)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"takes 1 positional argument"):
        gemm(F32)  # type: ignore[misc]
    assert str(inspect.signature(gemm).parameters["Alpha"]) == "Alpha: 'float'"
    assert x.TransB is pydml.DML_MATRIX_TRANSFORM_NONE  # __post_init__ ran
