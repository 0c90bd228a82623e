"""The operator registry: one entry per DirectML operator desc, made from its dataclass.

A desc dataclass *is* the registry entry. Its fields carry the facts the C header cannot:
role (input tensor / output tensor / attribute), optional, and for arrays the field that holds
their length. The C type of each field is read from the compiled header (cffi), and the field
names and order are checked against the C struct when the class is registered.

Adding an operator: write the dataclass in ``pydml/ops/<family>.py`` with ``@register(...)``,
add its kernel in ``native/`` if it computes, and its tests. Nothing else lists operators.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pydml._ffi import ffi
from pydml.enums import (
    ENUM_BY_CTYPE,
    CEnum,
    CFlag,
    ExecutionFlags,
    FeatureLevel,
    OperatorType,
    TensorDataType,
)
from pydml.errors import FeatureLevelError, UnsupportedError
from pydml.feature_levels import INTRODUCED_AT


class Role(enum.Enum):
    """DML_SCHEMA_FIELD_KIND."""

    INPUT_TENSOR = "input"
    OUTPUT_TENSOR = "output"
    ATTRIBUTE = "attribute"


class FieldType(enum.Enum):
    """DML_SCHEMA_FIELD_TYPE (enums are split out from UINT; BOOL from INT)."""

    TENSOR_DESC = "TENSOR_DESC"
    OPERATOR_DESC = "OPERATOR_DESC"
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


ARRAY_TYPES = (FieldType.UINT_ARRAY, FieldType.INT_ARRAY, FieldType.FLOAT_ARRAY)


@dataclass(frozen=True)
class FieldSpec:
    """The five facts of one desc field: name, C type, role, optional, and its count field."""

    name: str
    type: FieldType
    ctype: str
    offset: int
    role: Role = Role.ATTRIBUTE
    optional: bool = False
    count: str | None = None
    enum: builtins.type[CEnum] | builtins.type[CFlag] | None = None

    @property
    def is_tensor(self) -> bool:
        """True for DML_TENSOR_DESC* fields."""
        return self.type is FieldType.TENSOR_DESC


@dataclass(frozen=True)
class _Meta:
    role: Role = Role.ATTRIBUTE
    optional: bool = False
    count: str | None = None


def _meta(field: dataclasses.Field[Any]) -> _Meta:
    meta = field.metadata.get("pydml")
    return meta if isinstance(meta, _Meta) else _Meta()


def input_tensor(*, optional: bool = False) -> Any:
    """A ``const DML_TENSOR_DESC*`` the operator reads."""
    return dataclasses.field(default=None, metadata={"pydml": _Meta(Role.INPUT_TENSOR, optional)})


def output_tensor(*, optional: bool = False) -> Any:
    """A ``const DML_TENSOR_DESC*`` the operator writes."""
    return dataclasses.field(default=None, metadata={"pydml": _Meta(Role.OUTPUT_TENSOR, optional)})


def array(count: str, *, optional: bool = False) -> Any:
    """A ``const T*`` array whose length is held by the field ``count``."""
    return dataclasses.field(default=None,
                             metadata={"pydml": _Meta(Role.ATTRIBUTE, optional, count)})


def count_of(*arrays: str) -> Any:
    """A UINT count field; ``None`` means derive it from the first of ``arrays`` given."""
    return dataclasses.field(default=None, metadata={"pydml": _Meta(), "pydml_counts": arrays})


def optional_desc() -> Any:
    """An optional nested pointer (``_Maybenull_``): DML_OPERATOR_DESC* or DML_SCALE_BIAS*."""
    return dataclasses.field(default=None, metadata={"pydml": _Meta(Role.ATTRIBUTE, True)})


@dataclass(frozen=True)
class SupportRow:
    """One row of a DirectML "Tensor support" table, valid from ``level`` on."""

    level: FeatureLevel
    dimension_counts: tuple[int, ...]
    data_types: tuple[TensorDataType, ...]


class Kernel(Protocol):
    """What an operator compiles to: runs on bound tensor views, keyed by tensor field name."""

    def run(self, views: dict[str, Any]) -> None:
        """Execute once."""


Compiler = Callable[[Any, ExecutionFlags], Kernel]
Checker = Callable[[Any, "CheckContext"], None]


@dataclass(frozen=True)
class CheckContext:
    """What an operator-specific check may need besides the desc."""

    feature_level: FeatureLevel
    fused: bool = False


@dataclass(frozen=True)
class OperatorSchema:
    """Everything pydml knows about one operator desc."""

    type: OperatorType
    c_name: str
    desc_class: builtins.type
    fields: tuple[FieldSpec, ...]
    family: str
    support: tuple[SupportRow, ...]
    same_data_type: tuple[str, ...]
    same_dimension_count: tuple[str, ...]
    check: Checker | None
    compile: Compiler | None
    fusable: bool

    @property
    def introduced(self) -> FeatureLevel:
        """Feature level that introduced the operator."""
        return INTRODUCED_AT[self.type]

    @property
    def executes(self) -> bool:
        """True when pydml can run it (not only validate it)."""
        return self.compile is not None

    def field(self, name: str) -> FieldSpec:
        """The FieldSpec called ``name``."""
        for spec in self.fields:
            if spec.name == name:
                return spec
        raise KeyError(name)

    @property
    def tensor_fields(self) -> tuple[FieldSpec, ...]:
        """DML_TENSOR_DESC* fields, in C order."""
        return tuple(f for f in self.fields if f.is_tensor)

    def support_at(self, level: FeatureLevel) -> SupportRow | None:
        """The tensor-support row in force at ``level`` (None below the first row)."""
        rows = [row for row in self.support if row.level <= level]
        return rows[-1] if rows else None


_BY_TYPE: dict[OperatorType, OperatorSchema] = {}
_BY_CLASS: dict[type, OperatorSchema] = {}

T = TypeVar("T")

_PRIMITIVES = {"uint32_t": FieldType.UINT, "uint64_t": FieldType.UINT64, "int32_t": FieldType.INT,
               "float": FieldType.FLOAT}
_POINTEES = {"struct DML_TENSOR_DESC": FieldType.TENSOR_DESC,
             "struct DML_OPERATOR_DESC": FieldType.OPERATOR_DESC,
             "float": FieldType.FLOAT_ARRAY, "uint32_t": FieldType.UINT_ARRAY,
             "int32_t": FieldType.INT_ARRAY, "struct DML_SCALE_BIAS": FieldType.SCALE_BIAS}


def _field_specs(cls: type, c_name: str) -> tuple[FieldSpec, ...]:
    ctype = ffi.typeof(c_name)
    c_fields = ctype.fields
    py_fields = dataclasses.fields(cls)
    if [f.name for f in py_fields] != [name for name, _ in c_fields]:
        raise TypeError(
            f"{cls.__name__}: fields {[f.name for f in py_fields]} differ from {c_name}'s "
            f"{[name for name, _ in c_fields]} in include/DirectML.h"
        )
    specs = []
    for pyf, (name, cf) in zip(py_fields, c_fields, strict=True):
        t = cf.type
        meta = _meta(pyf)
        enum_cls: type[CEnum] | type[CFlag] | None = None
        if t.kind == "pointer":
            ftype = _POINTEES[t.item.cname]
        elif t.kind == "enum":
            enum_cls = ENUM_BY_CTYPE[t.cname.removeprefix("enum ")]
            ftype = FieldType.FLAGS if issubclass(enum_cls, CFlag) else FieldType.ENUM
        elif t.kind == "struct":
            ftype = FieldType.SIZE_2D if t.cname == "struct DML_SIZE_2D" else FieldType.SCALE_BIAS
        else:
            ftype = _PRIMITIVES[t.cname]
            if ftype is FieldType.INT and pyf.type in ("bool", bool):
                ftype = FieldType.BOOL
        if ftype in ARRAY_TYPES and meta.count is None:
            raise TypeError(f"{cls.__name__}.{name}: an array field needs array(count=...)")
        specs.append(FieldSpec(name=name, type=ftype, ctype=t.cname, offset=cf.offset,
                               role=meta.role, optional=meta.optional, count=meta.count,
                               enum=enum_cls))
    return tuple(specs)


def register(
    operator: str,
    *,
    family: str | None = None,
    support: Sequence[SupportRow] = (),
    same_data_type: Sequence[str] = (),
    same_dimension_count: Sequence[str] = (),
    check: Checker | None = None,
    compile: Compiler | None = None,
    fusable: bool = False,
) -> Callable[[type[T]], type[T]]:
    """Class decorator: register a desc dataclass for ``DML_OPERATOR_<operator>``.

    ``support`` is the tensor-support table (rows by feature level); ``same_data_type`` and
    ``same_dimension_count`` name the tensor fields the docs require to agree; ``check`` holds the
    operator's own rules; ``compile`` builds its kernel (None: validated but not executed).
    """

    def decorate(cls: type[T]) -> type[T]:
        op = OperatorType[operator]
        c_name = f"DML_{operator}_OPERATOR_DESC"
        schema = OperatorSchema(
            type=op, c_name=c_name, desc_class=cls, fields=_field_specs(cls, c_name),
            family=family or operator.rstrip("0123456789"), support=tuple(support),
            same_data_type=tuple(same_data_type), same_dimension_count=tuple(same_dimension_count),
            check=check, compile=compile, fusable=fusable,
        )
        if op in _BY_TYPE:
            raise TypeError(f"{c_name} registered twice")
        _BY_TYPE[op] = schema
        _BY_CLASS[cls] = schema
        _install_post_init(cls, schema.fields)
        cls.C_NAME = c_name  # type: ignore[attr-defined]
        cls.OPERATOR_TYPE = op  # type: ignore[attr-defined]
        return cls

    return decorate


def _install_post_init(cls: type, specs: tuple[FieldSpec, ...]) -> None:
    """Normalise field values on construction: arrays become tuples, enum names become members.

    Values that are not valid stay as given, so validation can name them. (Wraps ``__init__``:
    the dataclass is already built, so a late ``__post_init__`` would never be called.)
    """
    original = cls.__init__  # type: ignore[misc]

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        for spec in specs:
            value = getattr(self, spec.name)
            if value is None:
                continue
            if spec.type in ARRAY_TYPES and not isinstance(value, tuple):
                with contextlib.suppress(TypeError):
                    object.__setattr__(self, spec.name, tuple(value))
            elif spec.enum is not None:
                with contextlib.suppress(ValueError):
                    object.__setattr__(self, spec.name, spec.enum.parse(value))

    __init__.__doc__ = original.__doc__
    cls.__init__ = __init__  # type: ignore[misc]  # late wrapping is the point


def schema_of(desc_or_type: Any) -> OperatorSchema:
    """Look up by OperatorType, C name, desc class or desc instance."""
    _load_ops()
    if isinstance(desc_or_type, OperatorType):
        key = desc_or_type
    elif isinstance(desc_or_type, str):
        # A struct name first: OperatorType.parse rejects "DML_..._OPERATOR_DESC".
        text = desc_or_type.strip()
        if text.endswith("_OPERATOR_DESC"):
            for s in _BY_TYPE.values():
                if s.c_name == text:
                    return s
            text = text.removeprefix("DML_").removesuffix("_OPERATOR_DESC")
        key = OperatorType.parse(text)
    else:
        cls = desc_or_type if isinstance(desc_or_type, type) else type(desc_or_type)
        if cls in _BY_CLASS:
            return _BY_CLASS[cls]
        raise TypeError(f"{cls.__name__} is not a registered DirectML operator desc")
    if key not in _BY_TYPE:
        known = ", ".join(s.type.c_name for s in _BY_TYPE.values())
        raise UnsupportedError(
            f"{key.c_name}: pydml does not know this operator's desc struct (known: {known})"
        )
    return _BY_TYPE[key]


def all_schemas() -> list[OperatorSchema]:
    """Every registered operator, by OperatorType value."""
    _load_ops()
    return sorted(_BY_TYPE.values(), key=lambda s: int(s.type))


def family_members(family: str) -> list[OperatorSchema]:
    """The revisions of one family (RESAMPLE, RESAMPLE1, ...), oldest first."""
    return sorted((s for s in all_schemas() if s.family == family), key=lambda s: s.introduced)


def newest_at(family: str, level: FeatureLevel) -> OperatorSchema | None:
    """The newest revision of ``family`` available at ``level`` (computed, never tabulated)."""
    available = [s for s in family_members(family) if s.introduced <= level]
    return available[-1] if available else None


def require_level(schema: OperatorSchema, level: FeatureLevel) -> None:
    """Raise FeatureLevelError when the operator is newer than the device."""
    if schema.introduced <= level:
        return
    older = newest_at(schema.family, level)
    hint = f" ({older.type.c_name} is available)" if older is not None else ""
    raise FeatureLevelError(
        schema.type.c_name, "",
        f"needs {schema.introduced.c_name}; the device was created at {level.c_name}{hint}",
        level, required=schema.introduced, show_value=False,
    )


def _load_ops() -> None:
    import pydml.ops  # noqa: F401  (registers every operator module)


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
