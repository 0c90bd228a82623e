"""What every generated operator desc class (pydml/descs.py) is made of: a frozen, keyword-only
dataclass whose methods are shared rather than generated per class.

``@dataclass(frozen=True, kw_only=True)`` compiles six methods per class from generated source
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): for the 177
descs that was 80 ms of every ``import pydml`` (73 ms of it the methods; the fields alone take 7).
``operator_desc`` keeps the dataclass (``dataclasses.fields``, ``replace``, ``__match_args__``)
and gives each class one ``__init__`` made from a closure over its fields, while OperatorDescBase
holds the rest, written once. The behaviour is a frozen dataclass's: keyword-only arguments with the
same defaults and the same TypeErrors, ``__post_init__`` called, equality and hashing by the field
values in order (the same hash values), the same ``repr``, assignment and deletion refused with
``dataclasses.FrozenInstanceError``, and ``inspect.signature`` of a class listing its fields in C
order. Type checkers see a frozen keyword-only dataclass (PEP 681's ``dataclass_transform``).
"""

from __future__ import annotations

import dataclasses
import inspect
import operator
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, dataclass_transform

from pydml.registry import normalise_fields, register_desc_class

_MISSING: Any = dataclasses.MISSING
_T = TypeVar("_T", bound=type)


class _DescType(type):
    """The desc classes' type: ``inspect.signature(cls)`` reads ``cls.__signature__``, made from
    the fields on first use (a class's ``__init__`` takes ``**kwargs``)."""

    @property
    def __signature__(cls) -> inspect.Signature:
        made: inspect.Signature | None = cls.__dict__.get("_signature")
        if made is None and "__dataclass_fields__" not in cls.__dict__:  # OperatorDescBase itself
            return inspect.Signature()
        if made is None:
            empty = inspect.Parameter.empty
            params = [inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, annotation=f.type,
                                        default=empty if f.default is _MISSING else f.default)
                      for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
            made = inspect.Signature(params, return_annotation=None)
            type.__setattr__(cls, "_signature", made)
        return made


class OperatorDescBase(metaclass=_DescType):
    """Base of every operator desc: normalises field values on construction; compares, hashes and
    prints by its fields; refuses assignment (a frozen dataclass's methods, shared)."""

    C_NAME: ClassVar[str]
    OPERATOR: ClassVar[str]
    #: the fields' values in C order, as a tuple (operator_desc; called on the class: not a method)
    _values: ClassVar[Callable[[Any], tuple[Any, ...]]]
    _field_names: ClassVar[tuple[str, ...]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        register_desc_class(cls.C_NAME, cls)

    def __post_init__(self) -> None:
        normalise_fields(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            values = self.__class__._values
            return bool(values(self) == values(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.__class__._values(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._field_names)
        return f"{self.__class__.__qualname__}({fields})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _init_of(cls: type, spec: tuple[tuple[str, Any], ...]) -> Callable[..., None]:
    """The class's ``__init__``: keyword-only arguments (a dataclass's, with its messages)."""
    names = frozenset(name for name, _ in spec)
    qualname = f"{cls.__qualname__}.__init__"
    put = object.__setattr__

    def __init__(self: Any, **kwargs: Any) -> None:
        missing = None
        for name, default in spec:
            value = kwargs.get(name, default)
            if value is _MISSING:
                missing = [*(missing or []), name]
            put(self, name, value)
        if missing is not None or not names.issuperset(kwargs):
            _refuse(qualname, names, kwargs, missing or [])
        self.__post_init__()

    __init__.__qualname__ = qualname
    return __init__


def _refuse(qualname: str, names: frozenset[str], kwargs: dict[str, Any], missing: list[str]) -> None:
    unknown = [name for name in kwargs if name not in names]
    if unknown:
        raise TypeError(f"{qualname}() got an unexpected keyword argument {unknown[0]!r}")
    quoted = [repr(name) for name in missing]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
    plural = "argument" if len(quoted) == 1 else "arguments"
    raise TypeError(f"{qualname}() missing {len(quoted)} required keyword-only {plural}: {listed}")


@dataclass_transform(kw_only_default=True, frozen_default=True)
def operator_desc(cls: _T) -> _T:
    """A frozen keyword-only dataclass of OperatorDescBase (see the module's docstring)."""
    dataclasses.dataclass(cls, kw_only=True, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields)
    type.__setattr__(cls, "_field_names", names)
    # attrgetter of one name returns the value itself: the tuple is what dataclass hashes
    values = operator.attrgetter(*names) if len(names) > 1 else (lambda desc: (getattr(desc, names[0]),))
    type.__setattr__(cls, "_values", values)
    type.__setattr__(cls, "__init__", _init_of(cls, tuple((f.name, f.default) for f in fields)))
    return cls
