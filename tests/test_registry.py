"""The operator registry: schemas match the C structs, op modules imported, families, lookups."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import pydml
import pydml.ops
from pydml import FeatureLevel, OperatorType
from pydml.native import ffi
from pydml.registry import ARRAY_TYPES, FieldType, Role, all_schemas, family_members, newest_at, schema_of

FL = FeatureLevel
SCHEMAS = all_schemas()


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: s.c_name)
def test_fields_match_c_struct(schema: pydml.OperatorSchema) -> None:
    """The schema's fields are the compiled struct's (cffi), in order, with matching kinds."""
    c_fields = ffi.typeof(schema.c_name).fields
    names = [f.name for f in dataclasses.fields(schema.desc_class)]
    assert names == [name for name, _ in c_fields]
    assert [s.name for s in schema.fields] == names
    for spec, (_, cf) in zip(schema.fields, c_fields, strict=True):
        if spec.count is not None:
            assert spec.type in (FieldType.UINT_ARRAY, FieldType.INT_ARRAY, FieldType.FLOAT_ARRAY,
                                 FieldType.TENSOR_DESC_ARRAY, FieldType.OPERATOR_DESC_ARRAY)
            assert schema.field(spec.count).type is FieldType.UINT
            assert cf.type.kind == "pointer"
        if spec.is_tensor:
            assert spec.role in (Role.INPUT_TENSOR, Role.OUTPUT_TENSOR)
            assert cf.type.kind == "pointer" and cf.type.item.cname == "struct DML_TENSOR_DESC"
        if spec.type is FieldType.SCALAR_UNION:
            assert spec.data_type_field is not None
            assert schema.field(spec.data_type_field).ctype == "DML_TENSOR_DATA_TYPE"
    assert schema.c_name == schema.desc_class.C_NAME
    assert OperatorType[schema.desc_class.OPERATOR] is schema.type


def test_every_operator_type_has_exactly_one_schema() -> None:
    types = {t for t in OperatorType if t.name not in ("INVALID",)}
    assert {s.type for s in SCHEMAS} == types
    assert len(SCHEMAS) == 177


def test_every_ops_module_is_a_family() -> None:
    directory = Path(pydml.ops.__file__).parent
    modules = {m.name for m in pkgutil.iter_modules([str(directory)])}
    assert modules == {p.stem for p in directory.glob("*.py") if p.stem != "__init__"}
    assert {m.__name__ for m in pydml.ops.FAMILIES} == {f"pydml.ops.{m}" for m in modules}
    for name in modules:
        assert f"pydml.ops.{name}" in sys.modules, name
        assert importlib.import_module(f"pydml.ops.{name}").TABLES


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: s.c_name)
def test_registered_class_reachable_by_c_name(schema: pydml.OperatorSchema) -> None:
    assert getattr(pydml, schema.c_name) is schema.desc_class
    assert schema.c_name in pydml.__all__
    module = sys.modules[schema.desc_class.__module__]
    assert getattr(module, schema.c_name) is schema.desc_class


def test_expected_operators_registered() -> None:
    names = {s.type.name for s in SCHEMAS}
    assert {"UPSAMPLE_2D", "CONVOLUTION", "RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3",
            "RESAMPLE_GRAD", "RESAMPLE_GRAD1", "ELEMENT_WISE_CLIP", "ACTIVATION_RELU",
            "ACTIVATION_GELU"} <= names
    assert [int(s.type) for s in SCHEMAS] == sorted(int(s.type) for s in SCHEMAS)


def _expected(family: str, level: FeatureLevel) -> str | None:
    table = {"RESAMPLE": [(FL.FL2_0, "RESAMPLE"), (FL.FL2_1, "RESAMPLE1"), (FL.FL5_1, "RESAMPLE2"),
                          (FL.FL6_4, "RESAMPLE3")],
             "RESAMPLE_GRAD": [(FL.FL3_0, "RESAMPLE_GRAD"), (FL.FL5_1, "RESAMPLE_GRAD1")]}[family]
    found = None
    for start, name in table:
        if level >= start:
            found = name
    return found


@pytest.mark.parametrize("level", list(FL), ids=lambda v: v.short_name)
def test_newest_at(level: FeatureLevel) -> None:
    for family in ("RESAMPLE", "RESAMPLE_GRAD"):
        got = newest_at(family, level)
        want = _expected(family, level)
        assert (got.type.name if got else None) == want


def test_newest_at_explicit_table() -> None:
    def name(family: str, level: FeatureLevel) -> str | None:
        s = newest_at(family, level)
        return s.type.name if s else None

    assert name("RESAMPLE", FL.FL1_0) is None
    assert name("RESAMPLE", FL.FL2_0) == "RESAMPLE"
    for level in (FL.FL2_1, FL.FL3_0, FL.FL4_1, FL.FL5_0):
        assert name("RESAMPLE", level) == "RESAMPLE1"
    for level in (FL.FL5_1, FL.FL5_2, FL.FL6_0, FL.FL6_3):
        assert name("RESAMPLE", level) == "RESAMPLE2"
    assert name("RESAMPLE", FL.FL6_4) == "RESAMPLE3"
    assert name("RESAMPLE_GRAD", FL.FL2_1) is None
    assert name("RESAMPLE_GRAD", FL.FL3_0) == name("RESAMPLE_GRAD", FL.FL5_0) == "RESAMPLE_GRAD"
    assert name("RESAMPLE_GRAD", FL.FL5_1) == name("RESAMPLE_GRAD", FL.FL6_4) == "RESAMPLE_GRAD1"
    assert [s.type.name for s in family_members("RESAMPLE")] == [
        "RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3"]
    assert [s.type.name for s in family_members("RESAMPLE_GRAD")] == [
        "RESAMPLE_GRAD", "RESAMPLE_GRAD1"]
    assert name("UPSAMPLE_2D", FL.FL1_0) == "UPSAMPLE_2D"
    assert name("CONVOLUTION", FL.FL1_0) == "CONVOLUTION"
    assert pydml.newest_at is newest_at


def test_schema_of_lookups() -> None:
    s = schema_of(OperatorType.RESAMPLE_GRAD1)
    assert s.type is OperatorType.RESAMPLE_GRAD1
    assert schema_of("DML_RESAMPLE_GRAD1_OPERATOR_DESC") is s
    assert schema_of("DML_OPERATOR_RESAMPLE_GRAD1") is s
    assert schema_of("RESAMPLE_GRAD1") is s
    assert schema_of(pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC) is s
    assert schema_of(pydml.ResampleGrad1OperatorDesc(InterpolationMode=0, RoundingDirection=0)) is s
    assert s.desc_class is pydml.ResampleGrad1OperatorDesc
    assert s.introduced is FL.FL5_1
    assert s.executes
    assert [f.name for f in s.tensor_fields] == ["InputGradientTensor", "OutputGradientTensor"]
    with pytest.raises(KeyError):
        s.field("Nope")
    act = schema_of("ACTIVATION_RELU")
    assert act.fusable and act.executes
    assert schema_of("LSTM").executes
    assert not schema_of("CONVOLUTION").fusable


def test_schema_of_unknown_operator() -> None:
    with pytest.raises(TypeError, match="int is not a registered DirectML operator desc"):
        schema_of(5)
    with pytest.raises(TypeError):
        schema_of(dict)
    with pytest.raises(ValueError):
        schema_of("NOT_AN_OPERATOR")
    assert schema_of("DML_SCATTER_ELEMENTS_OPERATOR_DESC") is schema_of("SCATTER_ELEMENTS")
    assert schema_of("DML_SCATTER_OPERATOR_DESC") is schema_of(OperatorType.SCATTER)


def test_support_at() -> None:
    s = schema_of("RESAMPLE")
    assert s.support_at(FL.FL1_0) is None
    assert s.support_at(FL.FL2_0)["InputTensor"].dimension_counts == (4,)
    assert s.support_at(FL.FL5_1)["OutputTensor"].dimension_counts == (1, 2, 3, 4)
    assert "INT8" in s.support_at(FL.FL6_2)["InputTensor"].data_types
    assert "INT8" not in s.support_at(FL.FL6_1)["InputTensor"].data_types
    c = schema_of("CONVOLUTION")
    assert c.support_at(FL.FL3_1)["FilterTensor"].dimension_counts == (4, 5)
    assert c.support_at(FL.FL4_0)["FilterTensor"].dimension_counts == (3, 4, 5)


def test_required_scalars_have_no_silent_default() -> None:
    """Issue 22: GEMM without Alpha got Alpha=0.0 and returned zeros without a word. A scalar
    (number, BOOL, enum, DML_SIZE_2D, DML_SCALAR_UNION) the page states no default for must be
    given: leaving it out is a TypeError naming it."""
    a = pydml.buffer_desc("FLOAT32", [2, 2])
    with pytest.raises(TypeError, match="missing 4 required keyword-only arguments: 'TransA', 'TransB', "
                                        "'Alpha',? and 'Beta'"):
        pydml.DML_GEMM_OPERATOR_DESC(ATensor=a, BTensor=a, OutputTensor=a)  # type: ignore[call-arg]
    for name, field in (("MEAN_VARIANCE_NORMALIZATION1", "Epsilon"), ("BATCH_NORMALIZATION", "Epsilon"),
                        ("ACTIVATION_LINEAR", "Alpha"), ("ACTIVATION_PARAMETRIC_SOFTPLUS", "Beta"),
                        ("ELEMENT_WISE_CLIP", "Min"), ("CONVOLUTION", "GroupCount"),
                        ("UPSAMPLE_2D", "ScaleSize"), ("RESAMPLE2", "RoundingDirection")):
        with pytest.raises(TypeError, match=f"'{field}'"):
            getattr(pydml, f"DML_{name}_OPERATOR_DESC")()
    # every scalar is required unless its page states a typical default; pointers default to NULL
    for s in SCHEMAS:
        fields = {f.name: f for f in dataclasses.fields(s.desc_class)}
        counts = {spec.count for spec in s.fields if spec.count}
        for spec in s.fields:
            default = fields[spec.name].default
            pointer = spec.type in (FieldType.TENSOR_DESC, FieldType.TENSOR_DESC_ARRAY, FieldType.OPERATOR_DESC,
                                    FieldType.OPERATOR_DESC_ARRAY, FieldType.SCALE_BIAS, *ARRAY_TYPES)
            if pointer or spec.name in counts:
                assert default is None, (s.c_name, spec.name)
            elif spec.name in s.defaults:
                assert default == s.defaults[spec.name], (s.c_name, spec.name)
            else:
                assert default is dataclasses.MISSING, (s.c_name, spec.name)


def test_page_stated_defaults() -> None:
    """The typical defaults the activation pages state, and only those."""
    assert pydml.DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC().Alpha == 0.01
    assert pydml.DML_ACTIVATION_ELU_OPERATOR_DESC().Alpha == 1.0
    tanh = pydml.DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC()
    assert (tanh.Alpha, tanh.Beta) == (1.0, 0.5)  # the page: "A typical default for this value is 0.5"
    assert pydml.DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC().Steepness == 1.0
    assert pydml.DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC(Beta=0.5).Alpha == 0.2
    defaulted = {(s.type.name, f) for s in SCHEMAS for f in s.defaults}
    assert all(name.startswith("ACTIVATION_") for name, _ in defaulted), defaulted


def test_post_init_normalises() -> None:
    d = pydml.DML_RESAMPLE2_OPERATOR_DESC(Scales=[1, 2], InterpolationMode="LINEAR",
                                          RoundingDirection=1)
    assert d.Scales == (1, 2)
    assert d.InterpolationMode is pydml.InterpolationMode.LINEAR
    assert d.RoundingDirection is pydml.AxisDirection.DECREASING
    bad = pydml.DML_RESAMPLE2_OPERATOR_DESC(InterpolationMode=7, RoundingDirection=0)
    assert bad.InterpolationMode == 7  # kept, so validation can name it
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.Scales = (3,)  # type: ignore[misc]


def test_operator_desc_wrap() -> None:
    from pydml.registry import wrap

    d = pydml.DML_RESAMPLE_OPERATOR_DESC(InterpolationMode="NEAREST_NEIGHBOR")
    w = wrap(d)
    assert w.Type is OperatorType.RESAMPLE and w.Desc is d
    assert wrap(w) is w
    w2 = pydml.DML_OPERATOR_DESC(Type="DML_OPERATOR_RESAMPLE", Desc=d)
    assert w2.Type is OperatorType.RESAMPLE


def test_kernel_family_of_each_operator_is_its_schema_entrys() -> None:
    """Which C family runs an operator is its schema entry's ``kernel=`` (generated into
    native/api/family_table.c, which tests/test_generated.py keeps current): C executes exactly
    those operators, and each named family is a source file of its layer (or an engine's)."""
    root = Path(__file__).resolve().parent.parent / "native"
    for schema in pydml.all_schemas():
        assert schema.executes == (schema.tables.kernel is not None), schema.type.name
    for kernel in {s.tables.kernel for s in pydml.all_schemas() if s.tables.kernel}:
        sources = [*root.glob(f"*/{kernel}.c"), *root.glob("api/families.c")]
        assert any(f"pydml_family_{kernel} = " in p.read_text() for p in sources), kernel


def test_one_family_name_in_every_layer() -> None:
    """A newcomer finds an operator's schema, rules, kernel, tests and benchmark by one name: the
    schema module pydml/ops/<name>.py holds exactly the operators whose kernel is
    native/families/<name>.c (for the element-wise engine's operators, the ew_<group>.c file that
    defines their rows), whose own rules are pydml_rule_<name>[_...] in
    native/validate/rules_<name>.c, and tests/test_<name>*.py exists."""
    root = Path(__file__).resolve().parent.parent
    families = root / "native" / "families"
    for module in pydml.ops.FAMILIES:
        name = module.__name__.rsplit(".", 1)[1]
        assert list((root / "tests").glob(f"test_{name}*.py")), f"no tests/test_{name}*.py"
        for entry in module.TABLES:
            kernel = entry.kernel
            if kernel == "elementwise":
                text = (families / f"{name}.c").read_text()
                assert f"DML_OPERATOR_{entry.name}" in text, f"{entry.name}: its rows are not in {name}.c"
            elif kernel is not None:
                assert kernel == name, f"{entry.name}: kernel {kernel}.c, schema in {name}.py"
            if entry.rules is not None:
                assert entry.rules.split(".")[0] == name, f"{entry.name}: rules {entry.rules} in {name}.py"
