"""Device, create_operator and compiled operators: the execution API.

``Device(feature_level)`` stands for an IDMLDevice created at that level. ``create_operator``
validates the desc once and compiles its kernel (tap tables, convolution plans); ``execute``
only binds memory: per call it checks each bound buffer against its tensor desc (O(1) per
tensor) and runs the kernel, which re-checks every view in C.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

import numpy as np
from numpy.lib.stride_tricks import as_strided

from pydml.enums import ExecutionFlags, FeatureLevel, TensorDataType
from pydml.errors import BindingError, LimitError, NativeError, PydmlError, UnsupportedError, ValidationError
from pydml.feature_levels import max_supported
from pydml.graph import CompiledGraph, compile_graph, compile_graph_like, compile_graph_replacing
from pydml.marshal import marshal
from pydml.native import (
    NUMPY_DTYPES,
    TensorView,
    element_strides,
    ffi,
    lib,
    packed_template,
    strided_template,
    strided_view_memory,
    view_array,
    view_buffer,
    view_packed,
)
from pydml.registry import CheckContext, FieldSpec, OperatorSchema, Role
from pydml.representable import buffer_of, check_representable, resolve
from pydml.tensor import BufferTensorDesc
from pydml.validate import check_desc, raise_diagnostic

#: Default limit on the logical elements of any one tensor of an operator: 2^31 (8 GiB of FLOAT32).
#: A desc over a small buffer with huge sizes and zero strides is valid DirectML, but would run for
#: minutes; past the limit, create_operator refuses it unless the device was made to allow it.
DEFAULT_MAX_ELEMENTS = 1 << 31


class Device:
    """An emulated IDMLDevice created at ``feature_level`` (default DML_FEATURE_LEVEL_6_4).

    ``max_elements`` bounds the logical element count of every tensor of an operator created on
    this device (default :data:`DEFAULT_MAX_ELEMENTS`); ``None`` lifts the bound.
    """

    def __init__(self, feature_level: FeatureLevel | str | int = FeatureLevel.FL6_4, *,
                 max_elements: int | None = DEFAULT_MAX_ELEMENTS):
        level = FeatureLevel.parse(feature_level)
        assert isinstance(level, FeatureLevel)
        self.feature_level: FeatureLevel = level
        if max_elements is not None and (isinstance(max_elements, bool) or not isinstance(max_elements, int)
                                         or max_elements < 1):
            raise ValueError(f"max_elements must be a positive integer or None, got {max_elements!r}")
        self.max_elements = max_elements

    def __repr__(self) -> str:
        return f"Device(feature_level={self.feature_level.c_name})"

    def check_feature_support(self, requested: Iterable[FeatureLevel | str | int]
                              ) -> FeatureLevel | None:
        """DML_FEATURE_FEATURE_LEVELS: the highest of ``requested`` this device supports."""
        levels = tuple(FeatureLevel.parse(r) for r in requested)
        return max_supported(levels, self.feature_level)

    def validate(self, desc: Any) -> None:
        """Raise the first rule ``desc`` breaks at this device's level."""
        schema, inner = resolve(desc)
        check_desc(schema, inner, CheckContext(self.feature_level), schema.c_name)

    def create_operator(self, desc: Any,
                        flags: ExecutionFlags | int | str = ExecutionFlags.NONE
                        ) -> CompiledOperator:
        """IDMLDevice::CreateOperator + CompileOperator: validate, then build the kernel.

        One C call does both (``pydml_operator_create_ex``, at this device's level): the desc is
        marshalled once and validated once. Raises ValidationError / FeatureLevelError for an
        invalid desc, and UnsupportedError for an operator pydml validates but does not execute.
        """
        try:
            parsed = ExecutionFlags.parse(flags)
        except ValueError:
            raise ValidationError("IDMLDevice::CompileOperator", "flags",
                                  "is not a DML_EXECUTION_FLAGS value", flags) from None
        prepared = _prepare(desc)
        schema, inner = prepared.schema, prepared.inner
        if self.max_elements is not None and prepared.largest > self.max_elements:
            self._check_limit(schema, inner)  # names the tensor (after validation)
        cdesc = prepared.cdesc
        handle = ffi.new("pydml_operator**")
        diagnostic = ffi.new("pydml_diagnostic*")
        status = lib.pydml_operator_create_ex(cdesc.ptr, int(self.feature_level), int(parsed), handle,
                                              diagnostic)
        if status == lib.PYDML_STATUS_INVALID_PARAMETER and diagnostic.desc[0] != b"\0":
            raise_diagnostic(diagnostic)
        message = ffi.string(diagnostic.message).decode()
        if status == lib.PYDML_STATUS_UNSUPPORTED_PARAMETER:
            if not lib.pydml_operator_type_executes(int(schema.type)):
                raise UnsupportedError(
                    f"{schema.type.c_name}: pydml validates this operator but does not execute it")
            raise UnsupportedError(message or f"{schema.c_name}: pydml has no kernel for this desc")
        if status:  # out of memory (IDMLDevice::CreateOperator's E_OUTOFMEMORY), or a kernel's refusal
            raise NativeError("pydml_operator_create", int(status), message or "failed")
        operator = ffi.gc(handle[0], lib.pydml_operator_destroy)
        # the binding layout is the desc's: computed at its operators' first binding (an operator
        # only a graph holds never needs it: about a quarter of a create's time)
        compiled = CompiledOperator(schema, inner, operator, parsed, prepared)
        # a graph node given this operator at the same level and flags reuses it (pydml/graph.py)
        compiled.feature_level = self.feature_level
        return compiled

    def compile_graph(self, graph_desc: Any,
                      flags: ExecutionFlags | int | str = ExecutionFlags.NONE, *,
                      fusion: bool = True, concurrency: bool | None = None) -> CompiledGraph:
        """IDMLDevice1::CompileGraph: validate a DML_GRAPH_DESC (each operator node at this device's
        level) and compile it into one executable graph (pydml/graph.py, native/graph/graph.c).

        ``fusion=False`` runs every node as given (no activation runs inside its producer);
        ``concurrency=True`` lets independent nodes run side by side on parts of the thread
        budget, ``False`` runs one node at a time (the default, as onnxruntime's sequential
        execution mode: side by side measured slower in every real model tried, docs/design.md).
        pydml's own options: DirectML has no DML_EXECUTION_FLAGS value for either. With fusion
        left True and concurrency None the environment decides (PYDML_GRAPH_FUSION=0,
        PYDML_GRAPH_CONCURRENCY=0 or 1), as it does for the C and COM APIs."""
        return compile_graph(self, graph_desc, flags, fusion=fusion, concurrency=concurrency)

    def compile_graph_like(self, base: CompiledGraph, graph_desc: Any) -> CompiledGraph:
        """``compile_graph(graph_desc)`` for a desc that is ``base``'s (a graph this device compiled)
        with the compiled operators of some nodes replaced by operators of the same data types
        and flags, every other node and edge list being ``base``'s own object: ``base``'s C desc is
        reused with those nodes swapped (pydml/graph.py ``compile_graph_like``), compiled with
        ``base``'s flags and options. Any other desc is compiled in full."""
        graph = compile_graph_like(base, graph_desc)
        return graph if graph is not None else compile_graph(self, graph_desc, base.flags)

    def compile_graph_replacing(self, base: CompiledGraph, replaced: Sequence[tuple[int, Any]],
                                desc: Callable[[], Any]) -> CompiledGraph:
        """``base`` (a graph this device compiled) with the compiled operators of the operator nodes
        ``replaced`` names (index in Nodes, operator) swapped for operators of the same data types,
        level and flags: ``base``'s C desc reused with those nodes swapped (pydml/graph.py
        ``compile_graph_replacing``), its GraphDesc made by ``desc`` only when read. Where ``base``
        kept no C desc or a replacement is not such an operator, the desc is made and compiled in
        full."""
        graph = compile_graph_replacing(base, replaced, desc)
        return graph if graph is not None else compile_graph(self, desc(), base.flags)

    def _check_limit(self, schema: OperatorSchema, desc: Any) -> None:
        if self.max_elements is None:
            return
        for spec in schema.tensor_fields:
            value = getattr(desc, spec.name)
            tensors = value if isinstance(value, (list, tuple)) else [value]
            for i, tensor in enumerate(tensors):
                if tensor is None:
                    continue
                try:
                    count = math.prod(int(s) for s in buffer_of(tensor).Sizes)
                except (AssertionError, AttributeError, TypeError, ValueError):
                    continue  # not a well-formed tensor desc: the validator names what is wrong
                if count > self.max_elements:
                    # an invalid desc gets its ValidationError first, as validate() gives it (this
                    # second validation happens only for descs past the limit)
                    check_desc(schema, desc, CheckContext(self.feature_level), schema.c_name)
                    where = spec.name + (f"[{i}]" if isinstance(value, (list, tuple)) else "")
                    raise LimitError(
                        f"{schema.c_name}.{where}: {count:,} elements exceed this device's limit of "
                        f"{self.max_elements:,} (Device(max_elements=None) lifts it)")


class _Prepared:
    """What create_operator derives from a desc alone, kept on the desc itself (descs, their
    tensors and arrays are frozen): the schema, the C struct marshalled once, the largest tensor's
    element count, and the binding layout after the first create. Creating another operator from
    the same desc then costs the C create and little else."""

    __slots__ = ("cdesc", "inner", "largest", "layout", "schema")

    def __init__(self, schema: OperatorSchema, inner: Any) -> None:
        check_representable(schema, inner, schema.c_name)
        self.schema = schema
        self.inner = inner
        self.cdesc = marshal(inner)
        self.largest = _largest_tensor(schema, inner)
        self.layout: _Layout | None = None


def _prepare(desc: Any) -> _Prepared:
    schema, inner = resolve(desc)
    prepared: _Prepared | None = inner.__dict__.get(_PREPARED)
    if prepared is None or prepared.schema is not schema:
        prepared = _Prepared(schema, inner)
        object.__setattr__(inner, _PREPARED, prepared)  # not a field: eq, hash and repr ignore it
    return prepared


#: the attribute of an operator desc that keeps its _Prepared
_PREPARED = "_pydml_prepared"


def _largest_tensor(schema: OperatorSchema, desc: Any) -> int:
    """The most logical elements of any one tensor of the desc (0 for none or a malformed one)."""
    largest = 0
    for spec in schema.tensor_fields:
        value = getattr(desc, spec.name)
        for tensor in value if isinstance(value, (list, tuple)) else [value]:
            if tensor is None:
                continue
            try:
                largest = max(largest, math.prod(int(s) for s in buffer_of(tensor).Sizes))
            except (AssertionError, AttributeError, TypeError, ValueError):
                continue  # not a well-formed tensor desc: the validator names what is wrong
    return largest


class _Layout:
    """How a desc's tensors bind, shared by every operator created from it: the C API's binding
    order (tensor fields in struct order, a tensor array element by element), which bindings are
    present and owned, and the per-tensor templates that bind an ndarray without general checks."""

    def __init__(self, schema: OperatorSchema, desc: Any, operator: Any) -> None:
        #: exact overlap of an output with an input (same memory, same strides) is allowed when
        #: each output element depends only on the same element of the inputs
        self.in_place = bool(lib.pydml_operator_type_in_place(int(schema.type)))
        inputs = [_binding(operator, 0, i) for i in range(lib.pydml_operator_input_count(operator))]
        outputs = [_binding(operator, 1, i) for i in range(lib.pydml_operator_output_count(operator))]
        self.input_order = [name for name, _ in inputs]
        self.output_order = [name for name, _ in outputs]
        #: one entry per present binding: a tensor field, or "Field[i]" for element i of a tensor array
        self.bound: dict[str, tuple[FieldSpec, BufferTensorDesc]] = {}
        #: tensor-array fields (JOIN's InputTensors, SPLIT's OutputTensors) -> their binding names
        self.arrays: dict[str, list[str]] = {}
        specs = {spec.name: spec for spec in schema.tensor_fields}
        for name, bflags in inputs + outputs:
            if not bflags & lib.PYDML_BINDING_PRESENT:
                continue
            field, _, index = name.partition("[")
            value = getattr(desc, field)
            if index:
                self.arrays.setdefault(field, []).append(name)
                value = value[int(index[:-1])]
            self.bound[name] = (specs[field], buffer_of(value))
        owned_set = {name for name, bflags in inputs if bflags & lib.PYDML_BINDING_OWNED_BY_DML}
        self.inputs = [n for n in self.input_order if n in self.bound]
        self.outputs = [n for n in self.output_order if n in self.bound]
        #: the DML_TENSOR_FLAG_OWNED_BY_DML inputs, in binding order (known at creation)
        self.owned = [n for n in self.inputs if n in owned_set]
        # per tensor, what binds an ndarray without the checks of _view's general path: its
        # pydml_tensor (no memory yet), and for a packed desc the numpy (dtype, shape) the array
        # must have, for one with Strides (bound as raw memory) the bytes it must hold
        self.direct: dict[str, tuple[bytes, tuple[np.dtype[Any], tuple[int, ...]] | None, int]] = {}
        for name, (_, t) in self.bound.items():
            dtype = NUMPY_DTYPES.get(int(t.DataType))
            if dtype is None or _is_4bit(t) or not 1 <= len(t.Sizes) <= 8:
                continue
            if t.Strides is None:
                self.direct[name] = (packed_template(int(t.DataType), t.Sizes), (dtype, t.Sizes), 0)
            else:
                self.direct[name] = (strided_template(int(t.DataType), t.Sizes, t.element_strides), None,
                                     _reach_bytes(t))


class _FastBinding:
    """The common execute in a few Python steps: every binding a C-contiguous ndarray of its
    tensor's exact dtype and shape (no tensor arrays), or for an input with Strides in its desc,
    a C-contiguous ndarray holding the bytes its Sizes and Strides reach (bound as raw memory, as
    the general path binds it: a permutation's input, 8 -> 3 us a call for a small IDENTITY);
    every input bound and no more. The operator keeps one block of pydml_tensor structs (sizes
    and strides filled once from the desc); an execution sets each one's memory and calls C.
    Anything else takes execute's general path, which also names every binding error."""

    def __init__(self, layout: _Layout, inputs: list[str], outputs: list[str]) -> None:
        total = len(layout.input_order) + len(layout.output_order)
        self.tensors = ffi.new("pydml_tensor[]", total)
        self.ins = ffi.new("const pydml_tensor*[]", max(1, len(layout.input_order)))
        self.outs = ffi.new("const pydml_tensor*[]", max(1, len(layout.output_order)))
        self.message = ffi.new("char[512]")
        self.n_in = len(layout.input_order)
        self.n_out = len(layout.output_order)
        #: (name, its pydml_tensor in tensors, numpy dtype, shape) of the inputs to bind; the outputs
        self.inputs: list[tuple[str, Any, np.dtype[Any], tuple[int, ...]]] = []
        self.outputs: list[tuple[str, Any, np.dtype[Any], tuple[int, ...]]] = []
        #: (name, its pydml_tensor, the bytes it must hold) of the strided inputs
        self.raw_inputs: list[tuple[str, Any, int]] = []
        self.input_names = frozenset(inputs)
        self.output_names = frozenset(outputs)
        size = ffi.sizeof("pydml_tensor")
        for i, name in enumerate(layout.input_order + layout.output_order):
            is_output = i >= self.n_in
            if name in layout.direct and (name in inputs or is_output):
                template, packed, nbytes = layout.direct[name]
                ffi.memmove(self.tensors + i, template, size)
                if packed is None:
                    assert not is_output
                    self.raw_inputs.append((name, self.tensors + i, nbytes))
                else:
                    entry = (name, self.tensors + i, packed[0], packed[1])
                    (self.outputs if is_output else self.inputs).append(entry)
                pointer = self.tensors + i
            else:
                pointer = ffi.NULL  # an owned (initialized) or absent input
            if is_output:
                self.outs[i - self.n_in] = pointer
            else:
                self.ins[i] = pointer
        self.lock = threading.Lock()

    @staticmethod
    def build(layout: _Layout) -> _FastBinding | None:
        if layout.arrays:
            return None
        inputs = [n for n in layout.inputs if n not in layout.owned]
        for name in inputs + layout.outputs:
            direct = layout.direct.get(name)
            if direct is None or (direct[1] is None and name in layout.outputs):
                return None  # a 4-bit tensor or a strided output binds through the general path
        return _FastBinding(layout, inputs, layout.outputs)

    def run(self, op: Any, inputs: Mapping[str, Any],
            outputs: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if inputs.keys() != self.input_names or (outputs and not outputs.keys() <= self.output_names):
            return None
        bind = []
        for name, slot, dtype, shape in self.inputs:
            a = inputs[name]
            if type(a) is not np.ndarray or a.shape != shape or a.dtype != dtype \
                    or not a.flags.c_contiguous:
                return None
            bind.append((slot, a))
        for name, slot, nbytes in self.raw_inputs:
            a = inputs[name]
            if type(a) is not np.ndarray or not a.flags.c_contiguous or a.nbytes < nbytes:
                return None
            bind.append((slot, a))
        results: dict[str, Any] = {}
        for name, slot, dtype, shape in self.outputs:
            a = outputs.get(name) if outputs else None
            if a is None:
                nbytes = math.prod(shape) * dtype.itemsize
                a = _pooled(nbytes).view(dtype).reshape(shape) if nbytes >= _POOLED_BYTES \
                    else np.empty(shape, dtype)
            elif type(a) is not np.ndarray or a.shape != shape or a.dtype != dtype \
                    or not a.flags.c_contiguous or not a.flags.writeable:
                return None
            bind.append((slot, a))
            results[name] = a
        if not self.lock.acquire(blocking=False):
            return None  # another thread is binding this operator: the general path has its own views
        try:
            # the structs keep these addresses after the call, but no call reads them unbound again
            for slot, a in bind:
                slot.data = ffi.from_buffer(a)
                slot.buffer_bytes = a.nbytes
            status = lib.pydml_operator_execute_views(op, self.ins, self.n_in, self.outs, self.n_out,
                                                      self.message, 512)
        finally:
            self.lock.release()
        if status:
            text = ffi.string(self.message).decode() or f"execution failed ({status})"
            raise BindingError(text) if status == lib.PYDML_STATUS_INVALID_PARAMETER else PydmlError(text)
        return results


class OperatorFit:
    """Two compiled operators whose descs differ only in integers, each taken as affine in a
    parameter ``s`` (``b``'s value at 0, ``a``'s at -1): ``pydml_operator_fit_create``.

    ``create(s)`` makes the operator at another ``s`` in one C call: the desc is ``b``'s with each
    varying integer written, then validated and compiled as ``Device.create_operator`` does, at
    ``b``'s level and flags. Whether the integers really are affine is the caller's to confirm
    (``predicts`` against an operator built in full): pydml/onnx/template.py trusts a fit only
    after a third build matched it."""

    __slots__ = ("_fit", "base", "sites")

    def __init__(self, handle: Any, base: CompiledOperator, sites: int) -> None:
        self._fit = handle
        self.base = base
        #: how many integers vary
        self.sites = sites

    @staticmethod
    def of(a: CompiledOperator, b: CompiledOperator) -> OperatorFit | None:
        """The fit of ``a`` and ``b`` (``b`` the later sample), or None when their descs differ in
        anything but integers of at least 2, or their levels or flags differ."""
        out = ffi.new("pydml_operator_fit**")
        status = lib.pydml_operator_fit_create(a.handle, b.handle, out)
        if status == lib.PYDML_STATUS_OUT_OF_MEMORY:
            raise MemoryError("pydml_operator_fit_create: out of memory")
        if status:
            return None
        handle = ffi.gc(out[0], lib.pydml_operator_fit_release)
        return OperatorFit(handle, b, int(lib.pydml_operator_fit_sites(handle)))

    def create(self, s: Fraction, make_desc: Callable[[], Any], max_elements: int | None
               ) -> CompiledOperator | None:
        """The operator at ``s``, or None when an integer is not whole or below 2 there, a tensor
        has more than ``max_elements`` elements (a Device's bound), or the desc breaks a rule (a
        full build then reports it). ``make_desc`` makes its Python desc when something asks."""
        handle = ffi.new("pydml_operator**")
        try:
            status = lib.pydml_operator_create_fitted(self._fit, s.numerator, s.denominator,
                                                      max_elements or 0, handle, ffi.NULL)
        except OverflowError:  # (a parameter past int64: no operator has such a size)
            return None
        if status == lib.PYDML_STATUS_OUT_OF_MEMORY:
            raise MemoryError("pydml_operator_create_fitted: out of memory")
        if status:
            return None
        base = self.base
        compiled = CompiledOperator(base.schema, None, ffi.gc(handle[0], lib.pydml_operator_destroy),
                                    base.flags, make_desc=make_desc)
        compiled.feature_level = base.feature_level
        return compiled

    def predicts(self, s: Fraction, operator: CompiledOperator) -> bool:
        """Whether ``operator`` is the fit's at ``s`` (its desc, level and flags)."""
        try:
            predicted = lib.pydml_operator_fit_predicts(self._fit, s.numerator, s.denominator,
                                                        operator.handle)
        except OverflowError:
            return False
        return bool(predicted)


class CompiledOperator:
    """A validated, compiled operator (a ``pydml_operator``). Bind tensors by their desc field names."""

    def __init__(self, schema: OperatorSchema, desc: Any, operator: Any, flags: ExecutionFlags,
                 prepared: _Prepared | None = None, *, make_desc: Callable[[], Any] | None = None):
        self.schema = schema
        #: the desc, or None until ``make_desc`` makes it (an operator created from an OperatorFit:
        #: a graph only holds it, and its Python desc is needed only to bind it alone or show it)
        self._desc = desc
        self._make_desc = make_desc
        self.flags = flags
        #: the level of the device that validated and compiled it (set by Device.create_operator)
        self.feature_level: Any = None
        self._op = operator
        #: the desc's binding layout, shared through ``prepared`` by every operator of the desc:
        #: made at the first binding (_layout), not here (an operator a graph holds never binds)
        self._prepared = prepared
        self._laid: _Layout | None = None
        #: whether the OWNED_BY_DML inputs are bound (None: not asked yet; then: none owned)
        self._init_state: bool | None = None
        #: built by the first execute (creating stays cheap for operators a graph only holds);
        #: False until then, None when this operator's bindings have no short path
        self._fast: _FastBinding | Literal[False] | None = False

    @property
    def desc(self) -> Any:
        """The operator desc it was created from."""
        desc = self._desc
        if desc is None and self._make_desc is not None:
            desc = self._desc = self._make_desc()
            self._make_desc = None
        return desc

    @property
    def _layout(self) -> _Layout:
        laid = self._laid
        if laid is None:
            prepared = self._prepared
            laid = prepared.layout if prepared is not None else None
            if laid is None:
                laid = _Layout(self.schema, self.desc, self._op)
                if prepared is not None:
                    prepared.layout = laid
            self._laid = laid
        return laid

    @property
    def _initialized(self) -> bool:
        if self._init_state is None:
            self._init_state = not self._layout.owned
        return self._init_state

    @_initialized.setter
    def _initialized(self, value: bool) -> None:
        self._init_state = value

    @property
    def in_place(self) -> bool:
        """Whether an output may exactly overlap an input (each output element reads only the
        same element of the inputs)."""
        return self._layout.in_place

    @property
    def handle(self) -> Any:
        """The ``pydml_operator*`` (cffi pointer) for pydml's C API; owned by this object."""
        return self._op

    @property
    def binding_properties(self) -> dict[str, int]:
        """IDMLDispatchable::GetBindingProperties: binding counts, temporary and persistent bytes."""
        props = ffi.new("pydml_binding_properties*")
        lib.pydml_operator_get_binding_properties(self._op, props)
        return {"input_count": int(props.input_count), "output_count": int(props.output_count),
                "temporary_bytes": int(props.temporary_bytes),
                "persistent_bytes": int(props.persistent_bytes)}

    @property
    def input_names(self) -> list[str]:
        """Tensor fields to bind as inputs (a tensor array is bound as a list under its name)."""
        return self._fields(self._layout.inputs)

    @property
    def output_names(self) -> list[str]:
        """Tensor fields the operator writes (a tensor array is returned as a list)."""
        return self._fields(self._layout.outputs)

    def _fields(self, bindings: list[str]) -> list[str]:
        out: list[str] = []
        for name in bindings:
            field = name.split("[", 1)[0]
            if field not in out:
                out.append(field)
        return out

    def _expand(self, values: Mapping[str, Any], role: str) -> dict[str, Any]:
        """A tensor array given as a list under its field name -> one binding per element."""
        out: dict[str, Any] = {}
        for name, value in values.items():
            if name not in self._layout.arrays:
                out[name] = value
                continue
            names = self._layout.arrays[name]
            if not isinstance(value, (list, tuple)) or len(value) != len(names):
                got = f"{len(value)} {role}s" if isinstance(value, (list, tuple)) else \
                    f"a {type(value).__name__}"
                raise BindingError(f"{self.schema.c_name}.{name}: is a tensor array; bind a list of "
                                   f"{len(names)} {role}s, got {got}")
            out.update(zip(names, value, strict=True))
        return out

    def _owned_names(self) -> list[str]:
        return self._layout.owned

    def initialize(self, inputs: Mapping[str, Any]) -> None:
        """IDMLOperatorInitializer: bind the DML_TENSOR_FLAG_OWNED_BY_DML inputs; the operator
        keeps a copy of each (pydml_operator_initialize), so the arrays may change afterwards."""
        owned = self._owned_names()
        inputs = self._expand(inputs, "input")
        for name in inputs:
            if name not in owned:
                raise BindingError(f"{self.schema.c_name}.{name}: only tensors with "
                                   "DML_TENSOR_FLAG_OWNED_BY_DML are bound at initialization")
        for name in owned:
            if name not in inputs:
                raise BindingError(f"{self.schema.c_name}.{name}: has DML_TENSOR_FLAG_OWNED_BY_DML "
                                   "and must be bound at initialization")
        views = {name: self._view(name, inputs[name], writable=False) for name in owned}
        order = self._layout.input_order
        pointers = ffi.new("const pydml_tensor*[]", max(1, len(order)))
        for i, name in enumerate(order):
            pointers[i] = views[name].ptr if name in views else ffi.NULL
        message = ffi.new("char[512]")
        status = lib.pydml_operator_initialize_views(self._op, pointers, len(order), message, 512)
        if status:
            raise BindingError(ffi.string(message).decode()
                               or f"{self.schema.c_name}: initialization failed ({status})")
        self._initialized = True

    def execute(self, inputs: Mapping[str, Any],
                outputs: Mapping[str, Any] | None = None, *, temporary: Any = None) -> dict[str, Any]:
        """Run once. ``inputs``/``outputs`` map tensor field names to arrays or buffers.

        A tensor-array field (JOIN's InputTensors, SPLIT's OutputTensors) takes a list, one entry
        per element, and is returned as a list; ``"Field[i]"`` binds element i alone.

        An array whose shape equals the tensor's Sizes (and whose desc has no Strides) is read
        with its own numpy strides; anything else is taken as raw memory laid out per the desc's
        Strides, long enough for every element the Sizes and Strides reach (TotalTensorSizeInBytes,
        which DirectML rounds up to a multiple of 4, is not required of Python buffers: three UINT8
        zero points bind as a 3-byte array; the C API keeps DirectML's rule for raw buffers).
        Outputs not given are allocated. Returns every output as an array of the tensor's Sizes (a
        strided view for strided descs).

        ``temporary`` is DirectML's temporary resource (IDMLBindingTable::BindTemporaryResource): a
        writable buffer of at least ``binding_properties["temporary_bytes"]`` bytes, sharing no
        memory with a binding; without one, an operator that needs scratch uses memory its
        calling thread keeps.
        """
        fast = self._fast if temporary is None else None
        if fast is False:
            fast = self._fast = _FastBinding.build(self._layout)
        if fast is not None and self._initialized:
            done = fast.run(self._op, inputs, outputs)
            if done is not None:
                return done
        layout = self._layout
        inputs = self._expand(inputs, "input")
        outputs = self._expand(outputs or {}, "output")
        views: dict[str, TensorView] = {}
        owned = self._owned_names()
        for name in inputs:
            if name not in layout.bound or layout.bound[name][0].role is not Role.INPUT_TENSOR:
                raise BindingError(f"{self.schema.c_name}: {name!r} is not an input tensor of "
                                   f"this operator (inputs: {', '.join(self.input_names)})")
            if name in owned:
                raise BindingError(f"{self.schema.c_name}.{name}: has DML_TENSOR_FLAG_OWNED_BY_DML; "
                                   "bind it with initialize(), not at execution")
        for name in outputs:
            if name not in layout.outputs:
                raise BindingError(f"{self.schema.c_name}: {name!r} is not an output tensor of "
                                   f"this operator (outputs: {', '.join(self.output_names)})")
        for name in layout.inputs:
            if name in owned:
                if not self._initialized:
                    raise BindingError(f"{self.schema.c_name}.{name}: the operator was not "
                                       "initialized (DML_TENSOR_FLAG_OWNED_BY_DML)")
            elif name not in inputs:
                raise BindingError(f"{self.schema.c_name}.{name}: input is not bound")
            else:
                views[name] = self._view(name, inputs[name], writable=False)
        results: dict[str, Any] = {}
        for name in layout.outputs:
            if name not in outputs:
                outputs[name] = self._allocate(name)
            views[name] = self._view(name, outputs[name], writable=True)
            results[name] = self._logical(name, outputs[name])
        self._run(views, temporary)  # C refuses outputs that overlap other bindings (but the exact in place)
        for field, names in layout.arrays.items():
            if names and names[0] in results:
                results[field] = [results.pop(n) for n in names]
        return results

    def _run(self, views: dict[str, TensorView], temporary: Any = None) -> None:
        """pydml_operator_execute_views_ex on bound views (owned and absent tensors unbound)."""
        layout = self._layout
        ins = ffi.new("const pydml_tensor*[]", max(1, len(layout.input_order)))
        for i, name in enumerate(layout.input_order):
            ins[i] = views[name].ptr if name in views else ffi.NULL
        outs = ffi.new("const pydml_tensor*[]", max(1, len(layout.output_order)))
        for i, name in enumerate(layout.output_order):
            outs[i] = views[name].ptr if name in views else ffi.NULL
        message = ffi.new("char[512]")
        scratch = ffi.NULL
        if temporary is not None:
            try:
                memory = memoryview(temporary).cast("B")
            except (TypeError, ValueError):
                raise BindingError(f"{self.schema.c_name}: the temporary buffer must be contiguous "
                                   f"memory, got a {type(temporary).__name__}") from None
            if memory.readonly:
                raise BindingError(f"{self.schema.c_name}: the temporary buffer is read-only")
            scratch = ffi.new("pydml_buffer*")
            scratch.data = ffi.from_buffer(memory.cast("B"))
            scratch.size_in_bytes = memory.nbytes
        status = lib.pydml_operator_execute_views_ex(self._op, ins, len(layout.input_order), outs,
                                                     len(layout.output_order), scratch, message, 512)
        if status:
            text = ffi.string(message).decode() or f"{self.schema.c_name}: execution failed ({status})"
            raise BindingError(text) if status == lib.PYDML_STATUS_INVALID_PARAMETER else PydmlError(text)

    # -- binding helpers -----------------------------------------------------------------

    def _view(self, name: str, value: Any, *, writable: bool) -> TensorView:
        direct = self._layout.direct.get(name)
        if (direct is not None and type(value) is np.ndarray and value.flags.c_contiguous
                and (value.flags.writeable or not writable)):
            template, packed, nbytes = direct
            if (value.shape == packed[1] and value.dtype == packed[0]) if packed is not None \
                    else value.nbytes >= nbytes:
                return view_packed(value, template)  # the common cases, without the checks below
        _, t = self._layout.bound[name]
        # 4-bit tensors have no numpy type: they bind as raw bytes (two elements per byte, the
        # even element in the low nibble), at least TotalTensorSizeInBytes long
        dtype = NUMPY_DTYPES.get(int(t.DataType), np.dtype(np.uint8) if _is_4bit(t) else None)
        if dtype is None:
            raise UnsupportedError(f"{self.schema.c_name}.{name}: no buffer type for {t.DataType.c_name}")
        where = f"{self.schema.c_name}.{name}"
        if isinstance(value, np.ndarray) and writable and not value.flags.writeable:
            raise BindingError(f"{where}: the output buffer is read-only")
        if isinstance(value, np.ndarray) and t.Strides is None and value.shape == t.Sizes \
                and not _is_4bit(t):
            if value.dtype != dtype:
                raise BindingError(f"{where}: array dtype {value.dtype} does not match "
                                   f"{t.DataType.c_name} ({dtype})")
            return view_array(value, int(t.DataType))
        try:
            memory = memoryview(value)
        except TypeError:
            raise BindingError(f"{where}: cannot bind a {type(value).__name__}") from None
        if writable and memory.readonly:
            raise BindingError(f"{where}: the output buffer is read-only")
        if isinstance(value, np.ndarray):
            if not value.flags.c_contiguous:
                strided = _strided_memory(value, t, dtype)
                if strided is not None:
                    return view_buffer(strided, int(t.DataType), t.Sizes, t.element_strides)
                raise BindingError(
                    f"{where}: an array of shape {value.shape} and element strides "
                    f"{element_strides(value)} is bound as raw memory (Sizes {list(t.Sizes)}, Strides "
                    f"{list(t.element_strides)}), so it must be contiguous, or a view whose shape, "
                    f"dtype and element strides are the desc's")
            raw = value.reshape(-1).view(np.uint8)
        else:
            raw = np.frombuffer(memory.cast("B"), dtype=np.uint8)
        need = _reach_bytes(t)
        if raw.nbytes < need:
            raise BindingError(f"{where}: the bound buffer has {raw.nbytes} bytes, fewer than the {need} "
                               f"its Sizes {list(t.Sizes)} and Strides {list(t.element_strides)} reach")
        return view_buffer(raw, int(t.DataType), t.Sizes, t.element_strides)

    def _allocate(self, name: str) -> np.ndarray[Any, Any]:
        _, t = self._layout.bound[name]
        if _is_4bit(t):
            return np.zeros(t.total_size_in_bytes, dtype=np.uint8)
        dtype = NUMPY_DTYPES[int(t.DataType)]
        if t.Strides is None:
            nbytes = int(np.prod(t.Sizes)) * dtype.itemsize
            if nbytes >= _POOLED_BYTES:
                return _pooled(nbytes).view(dtype).reshape(t.Sizes)
            return np.empty(t.Sizes, dtype=dtype)
        return np.zeros(t.total_size_in_bytes, dtype=np.uint8)

    def _logical(self, name: str, value: Any) -> np.ndarray[Any, Any]:
        """The output as an array of its Sizes (a strided view over raw memory when needed);
        a 4-bit output is returned as its packed bytes."""
        _, t = self._layout.bound[name]
        if _is_4bit(t):
            return value if isinstance(value, np.ndarray) else np.frombuffer(memoryview(value).cast("B"),
                                                                             dtype=np.uint8)
        dtype = NUMPY_DTYPES[int(t.DataType)]
        if isinstance(value, np.ndarray) and value.shape == t.Sizes and t.Strides is None:
            return value
        if isinstance(value, np.ndarray) and not value.flags.c_contiguous \
                and _strided_memory(value, t, dtype) is not None:
            return value  # the caller's view is the output itself (_view bound its memory)
        raw = value.reshape(-1).view(np.uint8) if isinstance(value, np.ndarray) else \
            np.frombuffer(memoryview(value).cast("B"), dtype=np.uint8)
        base = raw[: (raw.nbytes // dtype.itemsize) * dtype.itemsize].view(dtype)
        strides = tuple(s * dtype.itemsize for s in t.element_strides)
        return as_strided(base, shape=t.Sizes, strides=strides, writeable=False)


#: Outputs this large come from pydml's buffer pool (native/engines/buffer_pool.c): huge pages, and memory
#: the caller has released is reused instead of being faulted in afresh on every call.
_POOLED_BYTES = 1 << 20


def _pooled(nbytes: int) -> np.ndarray[Any, Any]:
    """A uint8 array over pooled memory, returned to the pool when the array is collected."""
    pointer = lib.pydml_buffer_acquire(nbytes)
    if pointer == ffi.NULL:
        raise MemoryError(f"cannot allocate a {nbytes}-byte output")
    owner = ffi.gc(pointer, lib.pydml_buffer_release, size=nbytes)
    return np.frombuffer(ffi.buffer(owner, nbytes), dtype=np.uint8)


def _binding(operator: Any, is_output: int, index: int) -> tuple[str, int]:
    """A binding's name and PYDML_BINDING_* flags, as the C API orders them."""
    name = ffi.string(lib.pydml_operator_binding_name(operator, is_output, index)).decode()
    return name, int(lib.pydml_operator_binding_flags(operator, is_output, index))


def _strided_memory(value: np.ndarray[Any, Any], t: BufferTensorDesc,
                    dtype: np.dtype[Any]) -> np.ndarray[Any, Any] | None:
    """A view of exactly the desc's layout (strided_view_memory) of the desc's type: its memory,
    to bind in place; None otherwise (and for 4-bit tensors, which bind as bytes)."""
    if _is_4bit(t) or value.dtype != dtype:
        return None
    return strided_view_memory(value, t.Sizes, t.element_strides)


def _reach_bytes(t: BufferTensorDesc) -> int:
    """The bytes from a tensor's first element to the end of the last one its Sizes and Strides
    reach: what a buffer bound from Python must hold (pydml_tensor_check's arithmetic; 4-bit
    elements two to a byte). TotalTensorSizeInBytes adds DirectML's rounding up to 4 bytes."""
    last = sum((size - 1) * stride for size, stride in zip(t.Sizes, t.element_strides, strict=True))
    if _is_4bit(t):
        return (last + 1 + 1) // 2
    return (last + 1) * NUMPY_DTYPES[int(t.DataType)].itemsize


def _is_4bit(t: BufferTensorDesc) -> bool:
    return t.DataType in (TensorDataType.INT4, TensorDataType.UINT4)
