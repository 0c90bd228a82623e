"""Plans for input shapes that differ in one free dimension, made by patching numbers.

A decoder's token step sees a new past length at every token, so each step is a new input-shape
signature and ``InferenceSession`` would build a new plan for it (shape inference, folding,
lowering, operator creation: ~15 ms a plan, where the step itself runs in under 1 ms).

``fit`` compares two plans built for inputs that differ in some dimensions: when everything in
them (graph descs, edges, output views, the constants the graphs read) is equal except integers,
and each differing integer is at least 2 in both, the pair is a ``template``: each differing
integer is taken as affine in the free dimension. ``make`` instantiates it for another value of
that dimension (failing unless every integer comes out whole and at least 2: a size of 1 or 0 is
where lowerings take other paths, broadcasting by zero strides, empty tensors); operators whose
desc changed are created again (``Device.create_operator`` validates each: a desc DirectML would
refuse is still refused, and the session then builds the plan in full, which reports it). The
session uses a template only after ``check`` has compared its prediction with a third full build.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pydml.device import OperatorFit
from pydml.graph_descs import GraphDesc, OperatorGraphNodeDesc


class NoFit(Exception):
    """Two values differ in something other than an integer (or a prediction is not one)."""


@dataclass(frozen=True)
class _Const:
    value: Any


@dataclass(frozen=True)
class _Var:
    """An integer: ``base`` at the second sample, ``delta`` more than at the first."""

    base: int
    delta: int


@dataclass(frozen=True)
class _Seq:
    """A tuple or list: the second sample's, with the items that vary (by position) replaced."""

    value: tuple[Any, ...] | list[Any]
    varying: tuple[tuple[int, Any], ...]


@dataclass(frozen=True)
class _Obj:
    """A dataclass: the second sample's fields, those that vary (by name) replaced."""

    value: Any
    varying: tuple[tuple[str, Any], ...]


class _Op:
    """A compiled operator whose desc varies: created again at each value of the free dimension.

    ``native``: the samples' OperatorFit (pydml/device.py), which makes the operator in one C call
    from the C desc of the later sample with its integers written (its Python desc made only if
    asked for); None where C saw more than integers differ, or where it failed to predict the
    third build (``check``): then the desc is made here and created in full."""

    __slots__ = ("desc", "native")

    def __init__(self, desc: Any, native: OperatorFit | None) -> None:
        self.desc = desc
        self.native = native


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _compiled(value: Any) -> bool:
    """A compiled operator (Device.create_operator): known by its handle and desc, as pydml/graph.py does."""
    return hasattr(value, "handle") and hasattr(value, "desc")


def fit(a: Any, b: Any, memo: dict[tuple[int, int], Any] | None = None) -> Any:
    """The template of two values (``b`` the later sample); raises NoFit when they differ in
    anything but integers of at least 2.

    ``memo`` (by the pair's ids: the caller keeps both samples alive): an object met again (a
    tensor desc every reader shares, an operator the model's layers share) has one template, so
    ``make`` instantiates it once."""
    if a is b:
        return _Const(b)
    if memo is None:
        memo = {}
    pair = (id(a), id(b))
    known = memo.get(pair)
    if known is None:
        known = memo[pair] = _fit(a, b, memo)
    return known


def _fit(a: Any, b: Any, memo: dict[tuple[int, int], Any]) -> Any:
    kind = type(a)
    if kind is not type(b):
        raise NoFit
    if kind is int:
        if a == b:
            return _Const(b)
        if a < 2 or b < 2:
            raise NoFit
        return _Var(b, b - a)
    if kind is tuple or kind is list:
        if len(a) != len(b):
            raise NoFit
        items = tuple(fit(x, y, memo) for x, y in zip(a, b, strict=True))
        varying = tuple((i, item) for i, item in enumerate(items) if type(item) is not _Const)
        return _Seq(b, varying) if varying else _Const(b)
    if kind is np.ndarray:
        if a.dtype != b.dtype or a.shape != b.shape or a.tobytes() != b.tobytes():
            raise NoFit
        return _Const(b)
    if kind is float:
        if repr(a) != repr(b):  # (-0.0 and 0.0 differ; a NaN equals itself)
            raise NoFit
        return _Const(b)
    if dataclasses.is_dataclass(kind):
        fields = ((name, fit(getattr(a, name), getattr(b, name), memo)) for name in _field_names(kind))
        changed = tuple((name, item) for name, item in fields if type(item) is not _Const)
        return _Obj(b, changed) if changed else _Const(b)
    if _compiled(a) and _compiled(b):
        if a.flags != b.flags or a.feature_level != b.feature_level:
            raise NoFit
        inner = fit(a.desc, b.desc, memo)
        return _Const(b) if type(inner) is _Const else _Op(inner, OperatorFit.of(a, b))
    try:
        same = bool(a == b)
    except Exception:  # an object without a plain equality: not something a template varies
        raise NoFit from None
    if not same:
        raise NoFit
    return _Const(b)


def varies(template: Any) -> bool:
    """Whether anything in the template depends on the free dimension."""
    return type(template) is not _Const


def make(
    template: Any,
    s: Fraction,
    create: Callable[[Any], Any],
    memo: dict[int, Any] | None = None,
    max_elements: int | None = None,
) -> Any:
    """The template's value at ``s`` (0 is the second sample, -1 the first); ``create`` makes
    the compiled operator of a desc (an operator with an OperatorFit is made by it instead, its
    tensors bounded by ``max_elements``, the device's bound). Raises NoFit when an integer is not
    whole or below 2.

    Objects are made without their ``__post_init__``: the fields are the samples' own,
    normalised when those were made (only integers change)."""
    kind = type(template)
    if kind is _Const:
        return template.value
    if kind is _Var:  # (an int: nothing to share, no memo)
        return _var(template, s)
    if memo is None:
        memo = {}
    known = memo.get(id(template))
    if known is None:
        known = memo[id(template)] = _make(template, s, create, memo, max_elements)
    return known


def _var(template: _Var, s: Fraction) -> int:
    step, rest = divmod(template.delta * s.numerator, s.denominator)  # (ints: Fraction's are slow)
    value = template.base + step
    if rest or value < 2:
        raise NoFit
    return value


def _make(
    template: Any, s: Fraction, create: Callable[[Any], Any], memo: dict[int, Any], max_elements: int | None
) -> Any:
    kind = type(template)
    if kind is _Var:
        return _var(template, s)
    if kind is _Seq:
        items = list(template.value)
        for i, item in template.varying:
            # (a varying int, the usual item of a shape, made here: a call fewer per size)
            items[i] = _var(item, s) if type(item) is _Var else make(item, s, create, memo, max_elements)
        return tuple(items) if type(template.value) is tuple else items
    if kind is _Obj:
        base = template.value
        cls = type(base)
        obj = object.__new__(cls)
        fields = _field_names(cls)
        state = getattr(base, "__dict__", None)
        if state is not None and len(state) == len(fields):
            # the fields are the whole of the instance dict (nothing cached beside them): one copy
            # of it, where a setattr per field took most of a decoder step's derivation (its views)
            made = obj.__dict__
            made.update(state)
            for name, item in template.varying:
                made[name] = make(item, s, create, memo, max_elements)
            return obj
        for name in fields:
            object.__setattr__(obj, name, getattr(base, name))
        for name, item in template.varying:
            object.__setattr__(obj, name, make(item, s, create, memo, max_elements))
        return obj
    assert kind is _Op
    native = template.native
    if native is not None:
        desc = template.desc
        made = native.create(s, lambda: make(desc, s, create, {}), max_elements)
        if made is None:  # not whole or below 2 at s, or refused: the plan is built in full
            raise NoFit
        return made
    return create(make(template.desc, s, create, memo, max_elements))


def items(template: Any, count: int) -> list[Any]:
    """The templates of the ``count`` items of a tuple's template (each its own template, so a
    caller makes the parts it needs, sharing one ``make`` memo)."""
    kind = type(template)
    if kind is _Const:
        return [_Const(v) for v in template.value]
    if kind is not _Seq or len(template.value) != count:
        raise NoFit
    parts: list[Any] = [_Const(v) for v in template.value]
    for i, item in template.varying:
        parts[i] = item
    return parts


def node_operators(template: Any) -> list[tuple[int, Any]] | None:
    """For the template of a GraphDesc in which only some operator nodes' compiled operators vary
    (a decoder step's attention products and joins: its edges, names and other nodes are the same
    objects), those nodes as (index in Nodes, the operator's template); None for any other
    template. The graph at ``s`` is then the base graph with those operators swapped
    (pydml/graph.py ``compile_graph_replacing``): no node or desc object is made for it."""
    if type(template) is not _Obj or type(template.value) is not GraphDesc:
        return None
    if len(template.varying) != 1 or template.varying[0][0] != "Nodes":
        return None
    nodes = template.varying[0][1]
    if type(nodes) is not _Seq:
        return None
    out: list[tuple[int, Any]] = []
    for index, node in nodes.varying:
        if (type(node) is not _Obj or type(node.value) is not OperatorGraphNodeDesc or len(node.varying) != 1
                or node.varying[0][0] != "Operator" or type(node.varying[0][1]) is not _Op):
            return None
        out.append((index, node.varying[0][1]))
    return out


def _same(a: Any, b: Any) -> bool:
    """``a`` and ``b`` are equal as fit sees them (no integer differs)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is int or kind is str:
        return bool(a == b)
    if kind is tuple:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    try:
        return type(fit(a, b)) is _Const
    except NoFit:
        return False


def check(template: Any, value: Any, s: Fraction) -> bool:
    """Whether ``value`` (from a full build) is the template's prediction at ``s``."""
    kind = type(template)
    if kind is _Const:
        return _same(template.value, value)
    if kind is _Var:
        predicted = template.base + s * template.delta
        return type(value) is int and predicted.denominator == 1 and value == predicted
    if kind is _Seq:
        base = template.value
        if type(value) is not type(base) or len(value) != len(base):
            return False
        varying = dict(template.varying)
        return all(
            check(varying[i], v, s) if i in varying else _same(x, v)
            for i, (x, v) in enumerate(zip(base, value, strict=True))
        )
    if kind is _Obj:
        base = template.value
        if type(value) is not type(base):
            return False
        varying = dict(template.varying)
        return all(
            check(varying[name], getattr(value, name), s)
            if name in varying
            else _same(getattr(base, name), getattr(value, name))
            for name in _field_names(type(base))
        )
    assert kind is _Op
    if not (_compiled(value) and check(template.desc, value.desc, s)):
        return False
    if template.native is not None and not template.native.predicts(s, value):
        template.native = None  # (C and Python disagree on the desc: the Python path stays exact)
    return True


def parameter(first: tuple[int, ...], second: tuple[int, ...], dims: tuple[int, ...]) -> Fraction | None:
    """``s`` such that ``dims`` = ``second`` + s (``second`` - ``first``) in every position (one
    free dimension, however many inputs carry it), or None. Dimensions that differ must be at
    least 2 in all three."""
    if len(dims) != len(first) or len(first) != len(second):
        return None
    s: Fraction | None = None
    for x, y, z in zip(first, second, dims, strict=True):
        if x == y:
            if z != y:
                return None
            continue
        if min(x, y, z) < 2:
            return None
        ratio = Fraction(z - y, y - x)
        if s is None:
            s = ratio
        elif ratio != s:
            return None
    return s  # 0: the second sample's own signature (planned again after its plan was evicted)
