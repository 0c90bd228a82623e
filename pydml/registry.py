"""The operator registry: one schema per DirectML operator, derived, never typed twice.

Each fact has one authority:

* field names, order, C types, optional pointers and count fields: ``include/DirectML.h``, read
  with its SAL annotations (``_Maybenull_``, ``_Field_size_(Count)``) by :mod:`pydml.schema.header`;
* per-tensor support per feature level and the constraint groups: the family tables transcribed
  from each operator's page (``TABLES`` in ``pydml/ops/<family>.py``);
* the feature level that introduced each operator: :mod:`pydml.feature_levels`;
* Python defaults and fusability: the family module (``DEFAULTS``, ``FUSABLE``);
* whether pydml executes it: the C kernel families (``pydml_operator_type_executes``), the one
  path every operator runs through (``Device.create_operator`` calls the C lifecycle directly).

The desc dataclasses (``pydml/descs.py``) and the C tables (``native/schema/schema_tables.c``) are
generated from these by ``python -m pydml.schema.generate``; a test fails when they drift.
"""

from __future__ import annotations

import builtins
import contextlib
import enum
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from types import ModuleType
from typing import Any

from pydml.enums import (
    ENUM_BY_CTYPE,
    CEnum,
    CFlag,
    FeatureLevel,
    OperatorType,
)
from pydml.errors import UnsupportedError
from pydml.native import lib
from pydml.schema import header as header_module
from pydml.schema.tables import OperatorTables, TensorRow


class Role(enum.Enum):
    """DML_SCHEMA_FIELD_KIND."""

    INPUT_TENSOR = "input"
    OUTPUT_TENSOR = "output"
    ATTRIBUTE = "attribute"


class FieldType(enum.Enum):
    """What a desc field holds (enums are split out from UINT; BOOL from INT)."""

    TENSOR_DESC = "TENSOR_DESC"
    TENSOR_DESC_ARRAY = "TENSOR_DESC_ARRAY"
    OPERATOR_DESC = "OPERATOR_DESC"
    OPERATOR_DESC_ARRAY = "OPERATOR_DESC_ARRAY"
    UINT = "UINT"
    UINT64 = "UINT64"
    INT = "INT"
    FLOAT = "FLOAT"
    BOOL = "BOOL"
    ENUM = "ENUM"
    FLAGS = "FLAGS"
    UINT_ARRAY = "UINT_ARRAY"
    INT_ARRAY = "INT_ARRAY"
    FLOAT_ARRAY = "FLOAT_ARRAY"
    SIZE_2D = "SIZE_2D"
    SCALE_BIAS = "SCALE_BIAS"  # pointer to DML_SCALE_BIAS (optional struct)
    SCALAR_UNION = "SCALAR_UNION"


ARRAY_TYPES = (FieldType.UINT_ARRAY, FieldType.INT_ARRAY, FieldType.FLOAT_ARRAY)
LIST_TYPES = (*ARRAY_TYPES, FieldType.TENSOR_DESC_ARRAY, FieldType.OPERATOR_DESC_ARRAY)

_SCALARS = {"UINT": FieldType.UINT, "UINT64": FieldType.UINT64, "INT": FieldType.INT,
            "FLOAT": FieldType.FLOAT, "float": FieldType.FLOAT, "BOOL": FieldType.BOOL,
            "DML_SIZE_2D": FieldType.SIZE_2D, "DML_SCALAR_UNION": FieldType.SCALAR_UNION}
_POINTEES = {"UINT": FieldType.UINT_ARRAY, "INT": FieldType.INT_ARRAY,
             "FLOAT": FieldType.FLOAT_ARRAY, "DML_SCALE_BIAS": FieldType.SCALE_BIAS}


@dataclass(frozen=True)
class FieldSpec:
    """One desc field: name, C type, role, optional, its count field, and what types it."""

    name: str
    type: FieldType
    ctype: str
    role: Role = Role.ATTRIBUTE
    optional: bool = False
    count: str | None = None
    enum: builtins.type[CEnum] | builtins.type[CFlag] | None = None
    data_type_field: str | None = None  # SCALAR_UNION: the DML_TENSOR_DATA_TYPE field naming it

    @property
    def is_tensor(self) -> bool:
        """True for DML_TENSOR_DESC* fields (single or array)."""
        return self.type in (FieldType.TENSOR_DESC, FieldType.TENSOR_DESC_ARRAY)


def _field_specs(struct: header_module.StructDecl,
                 tables: OperatorTables | None = None) -> tuple[FieldSpec, ...]:
    """The fields of ``struct``; a tensor's role is its page's Kind column where a table lists it.

    Tensors no table lists (operators whose page has none) are outputs when named Output..., as
    DirectML names them; the quantized operators' OutputScaleTensor is an input, which only the
    pages' Kind column tells.
    """
    kinds = {r.tensor: r.is_output for rows in (tables.support.values() if tables else ())
             for r in rows}
    specs: list[FieldSpec] = []
    last_data_type: str | None = None
    for f in struct.fields:
        enum_cls: type[CEnum] | type[CFlag] | None = None
        role = Role.ATTRIBUTE
        data_type_field = None
        if f.pointer and f.ctype == "DML_TENSOR_DESC":
            ftype = FieldType.TENSOR_DESC_ARRAY if f.count else FieldType.TENSOR_DESC
            is_output = kinds.get(f.name, f.name.startswith("Output"))
            role = Role.OUTPUT_TENSOR if is_output else Role.INPUT_TENSOR
        elif f.pointer and f.ctype == "DML_OPERATOR_DESC":
            ftype = FieldType.OPERATOR_DESC_ARRAY if f.count else FieldType.OPERATOR_DESC
        elif f.pointer:
            ftype = _POINTEES[f.ctype]
        elif f.ctype in ENUM_BY_CTYPE:
            enum_cls = ENUM_BY_CTYPE[f.ctype]
            ftype = FieldType.FLAGS if issubclass(enum_cls, CFlag) else FieldType.ENUM
            if f.ctype == "DML_TENSOR_DATA_TYPE":
                last_data_type = f.name
        else:
            ftype = _SCALARS[f.ctype]
            if ftype is FieldType.SCALAR_UNION:
                data_type_field = last_data_type
        specs.append(FieldSpec(name=f.name, type=ftype, ctype=f.ctype, role=role,
                               optional=f.maybenull, count=f.count, enum=enum_cls,
                               data_type_field=data_type_field))
    return tuple(specs)


@dataclass(frozen=True)
class CheckContext:
    """What validation needs besides the desc."""

    feature_level: FeatureLevel


@dataclass(frozen=True)
class OperatorSchema:
    """Everything pydml knows about one operator desc."""

    type: OperatorType
    c_name: str
    desc_class: builtins.type
    fields: tuple[FieldSpec, ...]
    family: str
    module: str
    tables: OperatorTables
    defaults: dict[str, Any]
    #: a C kernel family runs it (not only the validator)
    executes: bool
    fusable_from: FeatureLevel | None
    #: the only operators it fuses into (None: every operator with a FusedActivation field)
    fusable_hosts: tuple[str, ...] | None = None

    @property
    def introduced(self) -> FeatureLevel:
        """Feature level that introduced the operator: its schema entry's ``introduced=``, the one
        home of that fact (INTRODUCED_AT, the validator's and the C tables' level read it)."""
        return FeatureLevel.parse(self.tables.introduced)

    @property
    def fusable(self) -> bool:
        """May be used as a FusedActivation."""
        return self.fusable_from is not None

    def field(self, name: str) -> FieldSpec:
        """The FieldSpec called ``name``."""
        for spec in self.fields:
            if spec.name == name:
                return spec
        raise KeyError(name)

    @cached_property
    def tensor_fields(self) -> tuple[FieldSpec, ...]:
        """DML_TENSOR_DESC* fields (single and arrays), in C order (computed once per schema)."""
        return tuple(f for f in self.fields if f.is_tensor)

    @cached_property
    def counted_names(self) -> frozenset[str]:
        """Fields another field counts (an array's ``count``: DimensionCount, AxisCount, ...),
        computed once per schema."""
        return frozenset(f.count for f in self.fields if f.count is not None)

    def support_at(self, level: FeatureLevel) -> dict[str, TensorRow] | None:
        """Per tensor field, the support row in force at ``level`` (None before the first)."""
        rows = self.tables.table_at(level.short_name)
        return None if rows is None else {r.tensor: r for r in rows}

    def constraint_groups(self, prop: str) -> list[tuple[str, ...]]:
        """Tensor groups that must share ``prop`` (DataType, DimensionCount or Sizes)."""
        return [c.tensors for c in self.tables.constraints if prop in c.properties]


def struct_name(operator: str) -> str:
    """DML_<operator>_OPERATOR_DESC (SCATTER_ELEMENTS's struct is DML_SCATTER_OPERATOR_DESC)."""
    return "DML_SCATTER_OPERATOR_DESC" if operator == "SCATTER_ELEMENTS" \
        else f"DML_{operator}_OPERATOR_DESC"


def class_name(operator: str) -> str:
    """The Python-style name: ``ELEMENT_WISE_ADD1`` -> ``ElementWiseAdd1OperatorDesc``."""
    if operator == "SCATTER_ELEMENTS":
        operator = "SCATTER"
    parts = [p if p[0].isdigit() else p.capitalize() for p in operator.split("_")]
    return "".join(parts) + "OperatorDesc"


def families() -> list[ModuleType]:
    """The family modules, each with TABLES (and optionally DEFAULTS, FUSABLE)."""
    from pydml.ops import FAMILIES

    return list(FAMILIES)


#: The desc class of each struct name. pydml/descs.py (generated from this layer's tables) sits
#: above the registry: each class registers itself when it is defined, so the registry never
#: imports it (importing the ``pydml`` package defines them all before any schema is read).
_DESC_CLASSES: dict[str, builtins.type] = {}


def register_desc_class(c_name: str, cls: builtins.type) -> None:
    """Called by each generated desc class as it is defined."""
    _DESC_CLASSES[c_name] = cls


@cache
def _schemas() -> dict[OperatorType, OperatorSchema]:
    header = header_module.read()
    classes = _DESC_CLASSES
    out: dict[OperatorType, OperatorSchema] = {}
    for module in families():
        defaults: dict[str, dict[str, Any]] = getattr(module, "DEFAULTS", {})
        fusable: dict[str, str] = getattr(module, "FUSABLE", {})
        hosts: dict[str, tuple[str, ...]] = getattr(module, "FUSABLE_HOSTS", {})
        family = module.__name__.rsplit(".", 1)[-1]
        for tables in module.TABLES:
            op = OperatorType[tables.name]
            c_name = struct_name(tables.name)
            if op in out:
                raise TypeError(f"{c_name} has two schema entries")
            fl = fusable.get(tables.name)
            out[op] = OperatorSchema(
                type=op, c_name=c_name, desc_class=classes[c_name],
                fields=_field_specs(header.structs[c_name], tables), family=family,
                module=module.__name__, tables=tables, defaults=defaults.get(tables.name, {}),
                executes=bool(lib.pydml_operator_type_executes(int(op))),
                fusable_from=None if fl is None else FeatureLevel.parse(fl),
                fusable_hosts=hosts.get(tables.name),
            )
    return dict(sorted(out.items(), key=lambda item: int(item[0])))


@cache
def _by_class() -> dict[type, OperatorSchema]:
    return {s.desc_class: s for s in _schemas().values()}


def schema_of(desc_or_type: Any) -> OperatorSchema:
    """Look up by OperatorType, C name (struct or operator), desc class or desc instance."""
    schemas = _schemas()
    if isinstance(desc_or_type, OperatorType):
        key = desc_or_type
    elif isinstance(desc_or_type, str):
        text = desc_or_type.strip()
        if text.endswith("_OPERATOR_DESC"):
            for s in schemas.values():
                if s.c_name == text:
                    return s
            if text == "DML_SCATTER_ELEMENTS_OPERATOR_DESC":
                return schemas[OperatorType["SCATTER_ELEMENTS"]]
            text = text.removeprefix("DML_").removesuffix("_OPERATOR_DESC")
        key = OperatorType.parse(text)
    else:
        cls = desc_or_type if isinstance(desc_or_type, type) else type(desc_or_type)
        found = _by_class().get(cls)
        if found is not None:
            return found
        raise TypeError(f"{cls.__name__} is not a registered DirectML operator desc")
    if key not in schemas:
        raise UnsupportedError(f"{key.c_name}: pydml does not know this operator's desc struct")
    return schemas[key]


def all_schemas() -> list[OperatorSchema]:
    """Every operator, by OperatorType value."""
    return list(_schemas().values())


def family_of(schema: OperatorSchema) -> str:
    """The revision family: RESAMPLE, RESAMPLE1, ... share "RESAMPLE"."""
    return schema.type.name.rstrip("0123456789")


def family_members(family: str) -> list[OperatorSchema]:
    """The revisions of one operator (RESAMPLE, RESAMPLE1, ...), oldest first."""
    return sorted((s for s in all_schemas() if family_of(s) == family),
                  key=lambda s: s.introduced)


def newest_at(family: str, level: FeatureLevel) -> OperatorSchema | None:
    """The newest revision of ``family`` available at ``level`` (computed, never tabulated)."""
    available = [s for s in family_members(family) if s.introduced <= level]
    return available[-1] if available else None


@dataclass(frozen=True, kw_only=True)
class OperatorDesc:
    """DML_OPERATOR_DESC: an operator type plus its specific desc."""

    Type: OperatorType
    Desc: Any

    C_NAME = "DML_OPERATOR_DESC"

    def __post_init__(self) -> None:
        object.__setattr__(self, "Type", OperatorType.parse(self.Type))


def wrap(desc: Any) -> OperatorDesc:
    """A specific desc as a DML_OPERATOR_DESC (an OperatorDesc passes through)."""
    if isinstance(desc, OperatorDesc):
        return desc
    return OperatorDesc(Type=schema_of(desc).type, Desc=desc)


def normalise_fields(desc: Any) -> None:
    """Called by every desc's ``__post_init__``: arrays become tuples, enum names members.

    Values that are not valid stay as given, so validation can name them.
    """
    schema = schema_of(type(desc))
    for spec in schema.fields:
        value = getattr(desc, spec.name)
        if value is None:
            continue
        if spec.type in LIST_TYPES and not isinstance(value, tuple):
            if isinstance(value, (str, bytes)) or (not isinstance(value, Sequence) and not hasattr(
                    value, "__iter__")):
                continue
            with contextlib.suppress(TypeError):
                object.__setattr__(desc, spec.name, tuple(value))
        elif spec.enum is not None:
            with contextlib.suppress(ValueError):
                object.__setattr__(desc, spec.name, spec.enum.parse(value))


class _IntroducedAt(Mapping[OperatorType, FeatureLevel]):
    """OperatorType -> the feature level that introduced it, read from the schema entries (built
    on first use: the entries load with the family modules)."""

    def _table(self) -> dict[OperatorType, FeatureLevel]:
        return {op: schema.introduced for op, schema in _schemas().items()}

    def __getitem__(self, operator: OperatorType) -> FeatureLevel:
        return _schemas()[operator].introduced

    def __iter__(self) -> Iterator[OperatorType]:
        return iter(_schemas())

    def __len__(self) -> int:
        return len(_schemas())

    def __repr__(self) -> str:
        return repr(self._table())


#: OperatorType -> the feature level that introduced it (every type but DML_OPERATOR_INVALID).
INTRODUCED_AT: Mapping[OperatorType, FeatureLevel] = _IntroducedAt()


def introduced_at(operator: OperatorType) -> FeatureLevel:
    """The feature level that introduced an operator type."""
    return INTRODUCED_AT[operator]


def operators_at(level: FeatureLevel) -> list[OperatorType]:
    """Every operator type available on a device created at ``level``."""
    return sorted(op for op, introduced in INTRODUCED_AT.items() if introduced <= level)
