"""Lowering ONNX nodes onto DirectML operator descs: the registry and the segment builder.

ONNX Runtime's DirectML provider (microsoft/onnxruntime, onnxruntime/core/providers/dml/
DmlExecutionProvider/src/Operators/OperatorRegistration.cpp) registers each ONNX op from a
since-version and maps it onto one or a few DML operators (DmlOperator*.cpp). Each lowering here
is registered the same way (``@register("Add", since=7)``) in the ``ops_*`` modules, one module
per family.

A ``Segment`` builds one DML_GRAPH_DESC. Each ONNX value in it is a ``View``: a source (a graph
input, a node output or a constant node) plus the sizes and element strides a reader uses, so
Reshape, Squeeze, Unsqueeze, Flatten, Transpose, Expand and broadcasting cost no node: the
readers' tensor descs carry the strides (connected tensors may differ in sizes and strides as long
as their TotalTensorSizeInBytes agree: the DML_GRAPH_DESC page), as the provider's
DmlOperatorCopy / DmlOperatorTranspose strides do.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

import pydml
from pydml.errors import PydmlError
from pydml.registry import FieldType, Role, schema_of

#: ONNX TensorProto data type -> DML_TENSOR_DATA_TYPE name (BOOL is UINT8 in the provider:
#: DmlCommon's GetDmlDataTypeFromMlDataType)
ONNX_TO_DML: dict[int, str] = {
    1: "FLOAT32",
    2: "UINT8",
    3: "INT8",
    4: "UINT16",
    5: "INT16",
    6: "INT32",
    7: "INT64",
    9: "UINT8",
    10: "FLOAT16",
    11: "FLOAT64",
    12: "UINT32",
    13: "UINT64",
}
#: ONNX TensorProto data type -> numpy dtype
ONNX_TO_NUMPY: dict[int, np.dtype[Any]] = {
    1: np.dtype(np.float32),
    2: np.dtype(np.uint8),
    3: np.dtype(np.int8),
    4: np.dtype(np.uint16),
    5: np.dtype(np.int16),
    6: np.dtype(np.int32),
    7: np.dtype(np.int64),
    9: np.dtype(np.bool_),
    10: np.dtype(np.float16),
    11: np.dtype(np.float64),
    12: np.dtype(np.uint32),
    13: np.dtype(np.uint64),
}
ONNX_TYPE_NAMES: dict[int, str] = {
    1: "float",
    2: "uint8",
    3: "int8",
    4: "uint16",
    5: "int16",
    6: "int32",
    7: "int64",
    8: "string",
    9: "bool",
    10: "float16",
    11: "double",
    12: "uint32",
    13: "uint64",
    14: "complex64",
    15: "complex128",
    16: "bfloat16",
    17: "float8e4m3fn",
    18: "float8e4m3fnuz",
    19: "float8e5m2",
    20: "float8e5m2fnuz",
    21: "uint4",
    22: "int4",
    23: "float4e2m1",
}
FLOAT_TYPES = {1, 10, 11}
#: initializers this small become DML_CONSTANT_DATA_GRAPH_NODE_DESCs, larger ones OWNED_BY_DML
#: graph inputs, as the provider's DmlGraphFusionHelper does (c_maxConstNodeDataSize = 8 bytes)
MAX_CONSTANT_NODE_BYTES = 8
MAX_DIMS = 8

#: compiled operators a session keeps for reuse by desc (the oldest go first; one that a kept plan
#: still runs lives on in its graph): a decoder's token plans add a few per past length
OPERATORS_KEPT = 4096


def keep_operator(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """``cache[key] = value``, the oldest entry dropped past OPERATORS_KEPT."""
    cache[key] = value
    if len(cache) > OPERATORS_KEPT:
        cache.pop(next(iter(cache)), None)  # (another thread's insert may have dropped it)


class LoweringError(PydmlError):
    """A node the DirectML provider would not take (or pydml cannot lower yet): the reason."""


class MalformedNodeError(LoweringError):
    """A node that breaks its own op's definition (an attribute or input of the wrong length or
    value), found while lowering: the model is invalid, not refused (the session raises
    OnnxModelError, and no fallback runs it)."""


class NeedsConstant(LoweringError):
    """An input the provider reads on the CPU at kernel creation is not a constant."""


@functools.lru_cache(maxsize=8192)
def _buffer_desc(
    dtype: str,
    sizes: tuple[int, ...],
    strides: tuple[int, ...] | None = None,
    total: int | None = None,
    flags: int = 0,
) -> Any:
    """A DML_TENSOR_DESC (frozen: shared by every reader of the same layout, built once: the
    tensor desc's own checks dominate a large model's lowering otherwise)."""
    if strides is None:
        return pydml.buffer_desc(dtype, list(sizes))
    return pydml.buffer_desc(
        dtype, list(sizes), strides=list(strides), TotalTensorSizeInBytes=total, Flags=flags
    )


def packed_strides(sizes: Sequence[int]) -> tuple[int, ...]:
    out = [1] * len(sizes)
    for d in range(len(sizes) - 2, -1, -1):
        out[d] = out[d + 1] * max(1, sizes[d + 1])
    return tuple(out)


def round4(n: int) -> int:
    return (n + 3) & ~3


@dataclass(frozen=True)
class Source:
    """Where a view's bytes live: ('input', graph input), ('node', node, output) or ('const', node)."""

    kind: str
    index: int
    output: int = 0
    nbytes: int = 0
    owned: bool = False


@dataclass(frozen=True)
class View:
    """An ONNX value inside a segment: its source, ONNX data type, logical shape and element strides.

    (Views are made directly, not by dataclasses.replace: a model's lowering makes thousands and
    replace inspects the fields each time.)"""

    source: Source
    onnx_type: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]

    @property
    def dml_type(self) -> str:
        return ONNX_TO_DML[self.onnx_type]

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def rank(self) -> int:
        return len(self.shape)

    def is_packed(self) -> bool:
        return all(
            s == p
            for s, p, n in zip(self.strides, packed_strides(self.shape), self.shape, strict=True)
            if n != 1
        )

    def reshaped(self, shape: Sequence[int]) -> View:
        """Reshape: free when the view is packed (the provider's DmlOperatorCopy aliases it)."""
        if not self.is_packed():
            raise LoweringError("reshape of a strided view needs a copy")
        return View(self.source, self.onnx_type, tuple(shape), packed_strides(shape))

    def transposed(self, perm: Sequence[int]) -> View:
        shape = tuple(self.shape[p] for p in perm)
        return View(self.source, self.onnx_type, shape, tuple(self.strides[p] for p in perm))

    def broadcast(self, shape: Sequence[int]) -> View:
        """Numpy broadcasting by zero strides (the provider's broadcast tensor descs)."""
        shape = tuple(shape)
        pad = len(shape) - self.rank
        if pad < 0:
            raise LoweringError(f"cannot broadcast {list(self.shape)} to {list(shape)}")
        sizes = (1,) * pad + self.shape
        strides = (0,) * pad + self.strides
        out = []
        for n, s, t in zip(sizes, strides, shape, strict=True):
            if n == t:
                out.append(s if n != 1 else 0)
            elif n == 1:
                out.append(0)
            else:
                raise LoweringError(f"cannot broadcast {list(self.shape)} to {list(shape)}")
        return View(self.source, self.onnx_type, shape, tuple(out))

    def padded(self, rank: int, *, at_end: bool = False) -> View:
        """The view with size-1 dimensions added in front (or at the end) up to ``rank``."""
        pad = rank - self.rank
        if pad <= 0:
            return self
        if at_end:
            return View(self.source, self.onnx_type, self.shape + (1,) * pad, self.strides + (0,) * pad)
        return View(self.source, self.onnx_type, (1,) * pad + self.shape, (0,) * pad + self.strides)


def broadcast_shapes(*shapes: Sequence[int]) -> tuple[int, ...]:
    try:
        return tuple(int(n) for n in np.broadcast_shapes(*[tuple(s) for s in shapes]))
    except ValueError:
        raise LoweringError(f"shapes {[list(s) for s in shapes]} do not broadcast") from None


class Node:
    """An ONNX NodeProto with its opset, for the lowerings."""

    def __init__(self, proto: Any, opset: int, index: int):
        self.proto = proto
        self.op_type: str = proto.op_type
        self.domain: str = proto.domain or ""
        self.name: str = proto.name or f"{proto.op_type}_{index}"
        self.inputs: list[str] = list(proto.input)
        self.outputs: list[str] = list(proto.output)
        self.opset = opset
        self.index = index
        from pydml.onnx._deps import onnx

        helper = onnx().helper
        self._attrs: dict[str, Any] = {a.name: helper.get_attribute_value(a) for a in proto.attribute}

    def attr(self, name: str, default: Any = None) -> Any:
        value = self._attrs.get(name, default)
        if isinstance(value, bytes):
            return value.decode()
        return value

    def has_attr(self, name: str) -> bool:
        return name in self._attrs

    def input(self, i: int) -> str:
        """Input i's name, or '' when absent (an omitted optional input)."""
        return self.inputs[i] if i < len(self.inputs) else ""

    def label(self) -> str:
        domain = f"{self.domain}." if self.domain and self.domain != "ai.onnx" else ""
        return f'node "{self.name}" ({domain}{self.op_type}, opset {self.opset})'


LowerFn = Callable[["Segment", Node], None]
#: (node, host input index, its value, the shape of a graph input by name or None) -> what the
#: lowering reads of that value, or None when that cannot be told from the graph inputs' shapes
HostKeyFn = Callable[[Node, int, np.ndarray[Any, Any], Callable[[str], "tuple[int, ...] | None"]], Any]


@dataclass(frozen=True)
class HostFinish:
    """The part of a node that runs on the CPU after its operators, where the output's shape
    depends on the values computed (NonZero: the provider reads NONZERO_COORDINATES' count back
    and sizes the output by it). ``reads(node)``: the values its operators define for it;
    ``run(node, arrays)``: the node's outputs from them. The session ends the node's graph step
    there and runs ``run`` as a step of its own."""

    reads: Callable[[Node], list[str]]
    run: Callable[[Node, list[np.ndarray[Any, Any]]], list[np.ndarray[Any, Any]]]


@dataclass(frozen=True)
class Lowering:
    op_type: str
    since: int
    fn: LowerFn
    #: inputs the provider reads on the CPU at kernel creation (shapes, axes, pads, scales ...)
    host_inputs: tuple[int, ...] = ()
    dml: tuple[str, ...] = ()
    #: what the lowering reads of a host input, where less than its value (InferenceSession keys
    #: its plans by it when a graph input feeds only such inputs); None: the whole value
    host_key: HostKeyFn | None = None
    #: the node's CPU part after its operators (data-dependent output shapes), or None
    finish: HostFinish | None = None


REGISTRY: dict[str, list[Lowering]] = {}
#: the provider's com.microsoft (contrib) ops: pydml/onnx/ops/contrib.py
CONTRIB_REGISTRY: dict[str, list[Lowering]] = {}
CONTRIB_DOMAIN = "com.microsoft"
#: the 29 com.microsoft ops the provider registers (onnxruntime docs/OperatorKernels.md)
PROVIDER_CONTRIB_OPS = frozenset(
    [
        "Attention",
        "BiasAdd",
        "BiasGelu",
        "BiasSplitGelu",
        "ConvTransposeWithDynamicPads",
        "DequantizeLinear",
        "DynamicQuantizeMatMul",
        "EmbedLayerNormalization",
        "FastGelu",
        "FusedMatMul",
        "FusedMatMulActivation",
        "Gelu",
        "GroupNorm",
        "GroupQueryAttention",
        "MatMulIntegerToFloat",
        "MatMulNBits",
        "MultiHeadAttention",
        "NhwcConv",
        "QAttention",
        "QLinearAdd",
        "QLinearAveragePool",
        "QLinearConcat",
        "QLinearGlobalAveragePool",
        "QLinearSigmoid",
        "QuantizeLinear",
        "QuickGelu",
        "RotaryEmbedding",
        "SkipLayerNormalization",
        "SkipSimplifiedLayerNormalization",
    ]
)


def register(
    *op_types: str,
    since: int = 1,
    host_inputs: Sequence[int] = (),
    dml: Sequence[str] = (),
    domain: str = "",
    host_key: HostKeyFn | None = None,
    finish: HostFinish | None = None,
) -> Callable[[LowerFn], LowerFn]:
    """Register a lowering for ONNX ``op_types`` (ai.onnx, or ``domain`` "com.microsoft") from
    opset ``since`` on."""
    table = CONTRIB_REGISTRY if domain == CONTRIB_DOMAIN else REGISTRY

    def decorate(fn: LowerFn) -> LowerFn:
        for op in op_types:
            entry = Lowering(op, since, fn, tuple(host_inputs), tuple(dml), host_key, finish)
            table.setdefault(op, []).append(entry)
            table[op].sort(key=lambda entry: entry.since)
        return fn

    return decorate


def find_lowering(op_type: str, domain: str, opset: int) -> Lowering:
    """The registration in force for ``op_type`` at ``opset``, or the one-line reason there is none."""
    if domain not in ("", "ai.onnx", CONTRIB_DOMAIN):
        raise LoweringError(
            f"domain {domain!r}: the DirectML provider registers ai.onnx and com.microsoft ops"
        )
    entries = (CONTRIB_REGISTRY if domain == CONTRIB_DOMAIN else REGISTRY).get(op_type)
    if not entries and domain == CONTRIB_DOMAIN:
        if op_type in PROVIDER_CONTRIB_OPS:
            raise LoweringError(
                "the DirectML provider registers this com.microsoft op; pydml lowers it not yet"
            )
        raise LoweringError("the DirectML provider registers no kernel for this com.microsoft op")
    if not entries:
        raise LoweringError(
            "the DirectML provider registers no kernel for this op (or pydml lowers it not yet)"
        )
    usable = [e for e in entries if e.since <= opset]
    if not usable:
        raise LoweringError(f"the DirectML provider registers it from opset {entries[0].since}")
    return usable[-1]


@dataclass
class _Pending:
    desc: Any
    name: str
    inputs: dict[int, View] = field(default_factory=dict)


class Segment:
    """One DML_GRAPH_DESC under construction, and the ONNX values it knows."""

    def __init__(
        self,
        device: pydml.Device,
        constants: dict[str, np.ndarray[Any, Any]],
        types: dict[str, int],
        shapes: dict[str, tuple[int, ...]],
        operators: dict[Any, Any] | None = None,
    ):
        self.device = device
        self.constants = constants
        self.types = types
        self.shapes = shapes
        self.values: dict[str, View] = {}
        self.nodes: list[Any] = []
        self.input_edges: list[Any] = []
        self.intermediate_edges: list[Any] = []
        #: graph input index -> (ONNX name, owned, array for owned)
        self.graph_inputs: list[tuple[str, bool, np.ndarray[Any, Any] | None]] = []
        self._input_of: dict[str, int] = {}
        self._const_views: dict[str, View] = {}
        self._connected: set[tuple[int, int]] = set()
        #: per operator node: the indices of the outputs its desc has (absent optional ones skipped)
        self._output_counts: dict[int, tuple[int, ...]] = {}
        #: per ONNX node lowered: the DML operators it became
        self.explained: dict[str, list[str]] = {}
        self._current: list[str] | None = None
        #: the fused activation desc offered to the node being lowered, and the operator that
        #: took it: (node index, its desc without the activation, its position in _current)
        self._activation: Any = None
        self._fused_at: tuple[int, Any, int] | None = None
        #: values a node's lowering redefined (restored when it fails)
        self._overwritten: list[tuple[str, View]] = []
        #: compiled operators by desc, shared by the segments of one session
        self._operators: dict[Any, Any] = operators if operators is not None else {}

    # -- ONNX values ---------------------------------------------------------------------

    def onnx_type(self, name: str) -> int:
        if name in self.constants:
            return int(_numpy_to_onnx(self.constants[name].dtype))
        if name in self.values:
            return self.values[name].onnx_type
        if name not in self.types:
            raise LoweringError(f"the type of {name!r} is unknown (shape inference gave none)")
        return self.types[name]

    def shape(self, name: str) -> tuple[int, ...]:
        if name in self.constants:
            return tuple(int(n) for n in self.constants[name].shape)
        if name in self.values:
            return self.values[name].shape
        if name not in self.shapes:
            raise LoweringError(f"the shape of {name!r} is unknown (shape inference gave none)")
        return self.shapes[name]

    def const(self, name: str) -> np.ndarray[Any, Any] | None:
        return self.constants.get(name)

    def host(self, node: Node, i: int, what: str) -> np.ndarray[Any, Any] | None:
        """Input i as a constant (None when absent); a non-constant is the provider's refusal."""
        name = node.input(i)
        if not name:
            return None
        value = self.constants.get(name)
        if value is None:
            raise NeedsConstant(
                f"input {i} ({what}) must be a constant or initializer: the DirectML provider "
                "reads it on the CPU"
            )
        return value

    def view(self, name: str) -> View:
        """The view of ONNX value ``name``: a segment value, a graph input or a constant."""
        if name in self.values:
            return self.values[name]
        if name in self.constants:
            return self._constant_view(name)
        return self._graph_input(name, None)

    def _constant_view(self, name: str) -> View:
        if name in self._const_views:
            return self._const_views[name]
        array = self.constants[name]
        onnx_type = _numpy_to_onnx(array.dtype)
        if onnx_type not in ONNX_TO_DML:
            raise LoweringError(f"constant {name!r} has data type {array.dtype}, which DirectML lacks")
        data = np.ascontiguousarray(array.astype(np.uint8) if array.dtype == np.bool_ else array)
        shape = tuple(int(n) for n in array.shape)
        if data.nbytes == 0:
            raise LoweringError(f"constant {name!r} is empty: DirectML tensors have no empty dimension")
        if data.nbytes <= MAX_CONSTANT_NODE_BYTES:
            raw = np.zeros(round4(data.nbytes), dtype=np.uint8)
            raw[: data.nbytes] = data.reshape(-1).view(np.uint8)
            self.nodes.append(pydml.DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=raw, Name=name))
            source = Source("const", len(self.nodes) - 1, 0, raw.nbytes)
            view = View(source, onnx_type, shape, packed_strides(shape))
        else:
            view = self._graph_input(name, data, onnx_type=onnx_type, shape=shape)
        self._const_views[name] = view
        return view

    def _graph_input(
        self,
        name: str,
        owned: np.ndarray[Any, Any] | None,
        *,
        onnx_type: int | None = None,
        shape: tuple[int, ...] | None = None,
    ) -> View:
        onnx_type = self.onnx_type(name) if onnx_type is None else onnx_type
        shape = self.shape(name) if shape is None else shape
        if onnx_type not in ONNX_TO_DML:
            raise LoweringError(
                f"{name!r} has data type {ONNX_TYPE_NAMES.get(onnx_type, onnx_type)}, which DirectML lacks"
            )
        if math.prod(shape) == 0:
            raise LoweringError(
                f"{name!r} is empty (shape {list(shape)}): DirectML tensors have no empty dimension"
            )
        if name not in self._input_of:
            self._input_of[name] = len(self.graph_inputs)
            self.graph_inputs.append((name, owned is not None, owned))
        index = self._input_of[name]
        itemsize = ONNX_TO_NUMPY[onnx_type].itemsize
        source = Source("input", index, 0, round4(max(1, math.prod(shape)) * itemsize), owned is not None)
        view = View(source, onnx_type, tuple(shape), packed_strides(shape))
        if owned is None:
            self._set_value(name, view)
        return view

    def constant(self, array: np.ndarray[Any, Any], hint: str) -> View:
        """A view of a constant the lowering makes (a zero, a folded shape ...)."""
        name = f"{hint}#{len(self.constants)}"
        while name in self.constants:
            name += "'"
        self.constants[name] = array
        return self._constant_view(name)

    def zero(self, onnx_type: int) -> View:
        return self.constant(np.zeros((), dtype=ONNX_TO_NUMPY[onnx_type]), "zero")

    def empty(self, name: str, onnx_type: int, shape: Sequence[int]) -> None:
        """ONNX value ``name`` is empty: no data, so no tensor (DirectML has no empty dimension);
        it is a constant of its shape, and the nodes reading it are folded."""
        self.constants[name] = np.zeros(tuple(shape), dtype=ONNX_TO_NUMPY[onnx_type])

    def define(self, name: str, view: View) -> None:
        """ONNX value ``name`` is ``view`` (a view of another value: no node)."""
        self._set_value(name, view)
        if self._current is not None and not self._current:
            self._current.append("(strides: no operator)")

    # -- tensor descs and nodes ----------------------------------------------------------

    def tensor(self, view: View, *, onnx_type: int | None = None) -> Any:
        """The DML_TENSOR_DESC a reader of ``view`` uses (rank at least 1)."""
        v = view.padded(1)
        if v.rank > MAX_DIMS:
            raise LoweringError(f"{v.rank} dimensions: DirectML tensors have at most {MAX_DIMS}")
        flags = pydml.DML_TENSOR_FLAG_OWNED_BY_DML if v.source.owned else 0
        dtype = ONNX_TO_DML[view.onnx_type if onnx_type is None else onnx_type]
        return _Read(_buffer_desc(dtype, v.shape, v.strides, v.source.nbytes, flags), view)

    def output(self, onnx_type: int, shape: Sequence[int], *, name: str | None = None) -> Any:
        """A packed output tensor of ``shape`` (rank at least 1); ``name`` is the ONNX value it becomes."""
        sizes = list(shape) or [1]
        if len(sizes) > MAX_DIMS:
            raise LoweringError(f"{len(sizes)} dimensions: DirectML tensors have at most {MAX_DIMS}")
        if math.prod(sizes) == 0:
            raise LoweringError(
                f"output shape {list(shape)} is empty: DirectML tensors have no empty dimension"
            )
        if onnx_type not in ONNX_TO_DML:
            raise LoweringError(
                f"output type {ONNX_TYPE_NAMES.get(onnx_type, onnx_type)} is not a DirectML data type"
            )
        return _Write(_buffer_desc(ONNX_TO_DML[onnx_type], tuple(sizes)), name, onnx_type, tuple(shape))

    def emit(self, desc: Any, name: str) -> list[View]:
        """Add operator ``desc`` (its tensor fields made by ``tensor`` / ``output``) as a node; connect
        its reads; define the ONNX values its named outputs become. Returns the output views."""
        schema = schema_of(desc)
        reads: list[tuple[int, View]] = []
        writes: list[tuple[int, Any]] = []
        clean: dict[str, Any] = {}
        counters = {Role.INPUT_TENSOR: 0, Role.OUTPUT_TENSOR: 0}
        for spec in schema.tensor_fields:
            value = getattr(desc, spec.name)
            items = value if spec.type == FieldType.TENSOR_DESC_ARRAY else [value]
            items = items or []
            plain = []
            for item in items:
                index = counters[spec.role]
                counters[spec.role] += 1
                if isinstance(item, _Read):
                    reads.append((index, item.view))
                    plain.append(item.desc)
                elif isinstance(item, _Write):
                    writes.append((index, item))
                    plain.append(item.desc)
                else:
                    plain.append(item)
            clean[spec.name] = plain if spec.type == FieldType.TENSOR_DESC_ARRAY else plain[0]
        # dataclasses.replace would run the desc's __post_init__ (normalise_fields) again over fields
        # it normalised when made: a copy with the tensor fields set is the same desc, made cheaper
        plain = object.__new__(type(desc))
        plain.__dict__.update(desc.__dict__)
        plain.__dict__.pop("_pydml_prepared", None)  # (Device.create_operator's marshalling of a desc)
        for field_name, value in clean.items():
            object.__setattr__(plain, field_name, tuple(value) if isinstance(value, list) else value)
        desc = plain
        compiled = None
        node_index = len(self.nodes)
        fused = _with_activation(desc, self._activation) if self._activation is not None else None
        if fused is not None:
            # the activation the provider fuses into this node, offered to each operator of its
            # lowering that has a FusedActivation field: the last one keeps it (_finish_fusion)
            try:
                compiled = self._compiled(fused)
            except PydmlError:
                compiled = None
            if compiled is not None:
                self._unfuse()
                self._fused_at = (node_index, desc, len(self._current or []))
        if compiled is None:
            try:
                # validated now, so a desc DirectML would refuse is this node's error (and fallback)
                compiled = self._compiled(desc)
            except PydmlError as error:
                raise LoweringError(str(error).splitlines()[0]) from None
        # the compiled operator is the node's: compile_graph reuses it rather than compiling again
        self.nodes.append(pydml.DML_OPERATOR_GRAPH_NODE_DESC(Operator=compiled, Name=name))
        for index, view in reads:
            self._connect(view, node_index, index)
        outputs = []
        for index, write in writes:
            itemsize = ONNX_TO_NUMPY[write.onnx_type].itemsize
            nbytes = round4(math.prod(write.desc.Desc.Sizes) * itemsize)
            shape = write.shape
            view = View(
                Source("node", node_index, index, nbytes), write.onnx_type, shape, packed_strides(shape)
            )
            if write.name:
                self._set_value(write.name, view)
            outputs.append(view)
        self._output_counts[node_index] = tuple(index for index, _ in writes)
        if self._current is not None:
            self._current.append(str(schema.type.c_name).replace("DML_OPERATOR_", ""))
        return outputs

    def _set_value(self, name: str, view: View) -> None:
        old = self.values.get(name)
        if old is not None:
            self._overwritten.append((name, old))
        self.values[name] = view

    def _compiled(self, desc: Any) -> Any:
        """The compiled operator of ``desc``: nodes with equal descs (a model's repeated layers)
        share one, as the graph engine never changes an operator (its OWNED_BY_DML data is the
        graph's, copied at initialization): each distinct desc is validated and compiled once."""
        key: Any
        try:
            key = (desc, hash(desc))  # frozen dataclasses: hashable unless a field is a list
        except TypeError:
            key = repr(desc)
        compiled = self._operators.get(key)
        if compiled is None:
            compiled = self.device.create_operator(desc)
            keep_operator(self._operators, key, compiled)
        return compiled

    def _connect(self, view: View, node: int, index: int) -> None:
        src = view.source
        if src.kind == "input":
            self.input_edges.append(
                pydml.DML_INPUT_GRAPH_EDGE_DESC(
                    GraphInputIndex=src.index,
                    ToNodeIndex=node,
                    ToNodeInputIndex=index,
                    Name=self.graph_inputs[src.index][0],
                )
            )
        else:
            self.intermediate_edges.append(
                pydml.DML_INTERMEDIATE_GRAPH_EDGE_DESC(
                    FromNodeIndex=src.index,
                    FromNodeOutputIndex=src.output,
                    ToNodeIndex=node,
                    ToNodeInputIndex=index,
                )
            )
            self._connected.add((src.index, src.output))

    def identity(self, view: View, name: str) -> View:
        """A packed copy of ``view`` (DML_ELEMENT_WISE_IDENTITY), for edges that need their own tensor."""
        desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=self.tensor(view), OutputTensor=self.output(view.onnx_type, view.shape)
        )
        (out,) = self.emit(desc, name)
        return out

    # -- the graph -----------------------------------------------------------------------

    def lower(self, node: Node, lowering: Lowering, activation: Node | None = None) -> bool:
        """Lower one node; on failure the segment is left as it was. ``activation``: the next node,
        an activation the provider fuses into this one (``can_fuse``); True when it was fused
        (its output is then defined and it needs no lowering of its own).

        The segment only grows while a node is lowered (lists appended, dict keys added: ONNX
        values are assigned once), so the state to restore is its lengths: saving is O(1) per
        node, not a copy of everything lowered so far (a 1,000-node model's creation time)."""
        lists: tuple[list[Any], ...] = (
            self.nodes,
            self.input_edges,
            self.intermediate_edges,
            self.graph_inputs,
        )
        dicts: tuple[dict[Any, Any], ...] = (
            self._input_of,
            self._const_views,
            self.values,
            self._output_counts,
        )
        saved_lists = [len(x) for x in lists]
        saved_dicts = [len(d) for d in dicts]
        self._overwritten = []
        self._current = []
        self._activation = fused_activation_desc(activation) if activation is not None else None
        self._fused_at = None
        try:
            lowering.fn(self, node)
            # (a node with a CPU part defines its outputs there: HostFinish)
            for out in node.outputs if lowering.finish is None else ():
                if out and out not in self.values and out not in self.constants:
                    raise LoweringError(f"output {out!r} was not lowered")
            fused = self._finish_fusion(node, activation)
            self.explained[node.name] = self._current
            return fused
        except Exception:
            for x, n in zip(lists, saved_lists, strict=True):
                del x[n:]
            for d, n in zip(dicts, saved_dicts, strict=True):
                for key in list(d)[n:]:
                    del d[key]
            for name, old in reversed(self._overwritten):  # values the failed lowering redefined
                self.values[name] = old
            self._connected = {
                (e.FromNodeIndex, e.FromNodeOutputIndex) for e in self.intermediate_edges
            }
            raise
        finally:
            self._current = None
            self._activation = None
            self._fused_at = None

    def _finish_fusion(self, node: Node, activation: Node | None) -> bool:
        """After ``node`` lowered with ``activation`` offered: keep the fused operator when it is
        the one whose output 0 is ``node``'s output, read by no other operator, else undo it."""
        if activation is None or self._fused_at is None:
            return False
        index, _, position = self._fused_at
        out = node.outputs[0]
        view = self.values.get(out)
        if (
            view is None
            or view.source.kind != "node"
            or (view.source.index, view.source.output) != (index, 0)
            or (index, 0) in self._connected
            or view.onnx_type not in FLOAT_TYPES
        ):
            self._unfuse()
            return False
        del self.values[out]  # its only reader is the activation: the value holds the activation's
        self._set_value(activation.outputs[0], view)
        kind = str(schema_of(self.nodes[index].Operator.desc).type.c_name).replace("DML_OPERATOR_", "")
        if self._current is not None and position < len(self._current):
            self._current[position] = f"{kind} (FusedActivation {activation.op_type})"
        return True

    def fuse_bias(self, node: Node, add: Node) -> bool:
        """MatMul + Add as one GEMM with the Add's other input as CTensor (Beta 1): ONNX Runtime's
        MatMulAddFusion, a level-1 transformer applied before any provider sees the graph
        (core/optimizer/graph_transformer_utils.cc: no provider filter at level 1), so the DirectML
        provider receives a Gemm. Only when the GEMM's output is the MatMul's (up to leading 1s),
        read by nothing else, and the other input broadcasts to it without growing it."""
        out = node.outputs[0]
        view = self.values.get(out)
        if view is None or view.source.kind != "node" or view.source.output != 0:
            return False
        index = view.source.index
        entry = self.nodes[index]
        desc: Any = getattr(getattr(entry, "Operator", None), "desc", None)
        if (
            desc is None
            or type(desc).__name__ != "GemmOperatorDesc"
            or desc.CTensor is not None
            or desc.FusedActivation is not None
            or (index, 0) in self._connected
        ):
            return False
        other = add.inputs[1] if add.inputs[0] == out else add.inputs[0]
        if other == out or out not in add.inputs[:2]:
            return False
        sizes = tuple(int(n) for n in desc.OutputTensor.Desc.Sizes)
        try:
            if self.onnx_type(other) != view.onnx_type or broadcast_shapes(
                view.shape, self.shape(other)
            ) != tuple(view.shape):
                return False
        except LoweringError:
            return False
        # a bias along N only reads the same in any row order: a MatMul whose product is a
        # transposed view of the GEMM's rows (matmul's _fold_rows_batch_inner) takes it as is
        per_column = False
        if _strip_ones(sizes) != _strip_ones(view.shape) and (
            math.prod(sizes) != view.size or not view.is_packed()
        ):
            per_column = math.prod(sizes) == view.size and all(n == 1 for n in self.shape(other)[:-1])
            if not per_column:
                return False  # (a GEMM whose rows are the MatMul's batch and rows: fusion.fold_batch_rows)

        def lower_add(seg: Segment, node_: Node) -> None:
            full = seg.view(other).broadcast(view.shape)
            bias = (
                View(full.source, full.onnx_type, sizes, (*([0] * (len(sizes) - 1)), full.strides[-1]))
                if per_column
                else reshape_view(full, sizes)
            )
            if bias is None:
                raise LoweringError("the Add's other input does not fold into the GEMM's rows")
            c_tensor = seg.tensor(bias).desc
            # each plan of a session fuses the same GEMMs: the fused operator made once per pair
            memo = ("MatMulAddFusion", id(desc), id(c_tensor))
            known = seg._operators.get(memo)
            if known is not None and known[0] is desc and known[1] is c_tensor:
                compiled = known[2]
            else:
                fused = replace(desc, CTensor=c_tensor, Beta=1.0)
                try:
                    compiled = seg._compiled(fused)
                except PydmlError as error:
                    raise LoweringError(str(error).splitlines()[0]) from None
                keep_operator(seg._operators, memo, (desc, c_tensor, compiled))
            seg._connect(bias, index, 2)  # GEMM's inputs: ATensor 0, BTensor 1, CTensor 2
            seg.nodes[index] = replace(entry, Operator=compiled)  # last: nothing fails after it
            del seg.values[out]
            seg._set_value(add.outputs[0], view)
            if seg._current is not None:
                seg._current.append(f"(CTensor of {node.name}'s GEMM: MatMulAddFusion)")

        try:
            self.lower(add, Lowering(add.op_type, 0, lower_add))
        except LoweringError:
            return False
        ops = self.explained.get(node.name, [])
        if "GEMM" in ops:
            ops[len(ops) - 1 - ops[::-1].index("GEMM")] = "GEMM (+ Add as CTensor)"
        return True

    def fuse_activation_after(self, value: str, activation: Node) -> bool:
        """Fold ``activation`` into the operator computing ``value`` (a Gemm made by
        MatMulAddFusion, which the provider then fuses as a Gemm). False when it cannot."""
        view = self.values.get(value)
        act = fused_activation_desc(activation)
        if act is None or view is None or view.source.kind != "node" or view.source.output != 0:
            return False
        index = view.source.index
        entry = self.nodes[index]
        desc = getattr(getattr(entry, "Operator", None), "desc", None)
        fused = _with_activation(desc, act) if desc is not None else None
        if fused is None or (index, 0) in self._connected or view.onnx_type not in FLOAT_TYPES:
            return False
        try:
            compiled = self._compiled(fused)
        except PydmlError:
            return False
        self.nodes[index] = replace(entry, Operator=compiled)
        del self.values[value]
        self.values[activation.outputs[0]] = view
        self.explained[activation.name] = [f"(fused into the GEMM computing {value})"]
        return True

    def _unfuse(self) -> None:
        """The operator that took the offered activation is not the node's last: compile it plain."""
        if self._fused_at is not None:
            index, plain, _ = self._fused_at
            self.nodes[index] = replace(self.nodes[index], Operator=self._compiled(plain))
            self._fused_at = None

    def operator_count(self) -> int:
        return len(self._output_counts)

    def build(self, outputs: Sequence[str]) -> tuple[Any, list[tuple[str, View]]]:
        """The DML_GRAPH_DESC producing ONNX values ``outputs`` (graph output k is outputs[k])."""
        output_edges = []
        used: set[tuple[int, int]] = set()
        result = []
        for k, name in enumerate(outputs):
            view = self.view(name)
            src = view.source
            if (
                src.kind != "node"
                or not view.is_packed()
                or (src.index, src.output) in used
                or view.size * ONNX_TO_NUMPY[view.onnx_type].itemsize > src.nbytes
                or round4(view.size * ONNX_TO_NUMPY[view.onnx_type].itemsize) != src.nbytes
            ):
                view = self.identity(view, f"output_copy_{name}")
                src = view.source
            used.add((src.index, src.output))
            output_edges.append(
                pydml.DML_OUTPUT_GRAPH_EDGE_DESC(
                    FromNodeIndex=src.index, FromNodeOutputIndex=src.output, GraphOutputIndex=k, Name=name
                )
            )
            result.append((name, view))
        # outputs of a node nobody reads (Split's unused parts ...) become extra graph outputs
        extra = len(outputs)
        for node, indices in self._output_counts.items():
            for o in indices:
                if (node, o) not in self._connected and (node, o) not in used:
                    output_edges.append(
                        pydml.DML_OUTPUT_GRAPH_EDGE_DESC(
                            FromNodeIndex=node, FromNodeOutputIndex=o, GraphOutputIndex=extra
                        )
                    )
                    extra += 1
        desc = pydml.DML_GRAPH_DESC(
            Nodes=self.nodes,
            InputEdges=self.input_edges,
            OutputEdges=output_edges,
            IntermediateEdges=self.intermediate_edges,
            InputCount=len(self.graph_inputs),
            OutputCount=extra,
        )
        return desc, result


@dataclass(frozen=True)
class _Read:
    desc: Any
    view: View


@dataclass(frozen=True)
class _Write:
    desc: Any
    name: str | None
    onnx_type: int
    shape: tuple[int, ...]


def _numpy_to_onnx(dtype: np.dtype[Any]) -> int:
    for code, np_type in ONNX_TO_NUMPY.items():
        if np_type == dtype:
            return code
    return 0


def numpy_to_onnx(dtype: np.dtype[Any]) -> int:
    """The ONNX TensorProto data type of a numpy dtype (0 when none)."""
    return _numpy_to_onnx(dtype)


def normalize_axis(axis: int, rank: int, node: Node) -> int:
    if not -rank <= axis < max(rank, 1):
        raise LoweringError(f"axis {axis} is out of range for rank {rank}")
    return axis + rank if axis < 0 else axis


#: ops whose operator takes a fused activation (OperatorUtility.cpp c_fusableOps), with the
#: activations each may take (None: any of FUSABLE_ACTIVATIONS) and the input count it needs
FUSABLE_OPS: dict[str, tuple[frozenset[str] | None, int | None]] = {
    "Conv": (None, None),
    "ConvTranspose": (None, None),
    "BatchNormalization": (None, None),
    "InstanceNormalization": (None, None),
    "MeanVarianceNormalization": (None, None),
    "Gemm": (None, None),
    "MatMul": (None, None),
    "Add": (frozenset({"Relu", "LeakyRelu"}), None),
    "Sum": (frozenset({"Relu", "LeakyRelu"}), 2),
}
#: OperatorUtility.cpp c_activationOps that have a DML fused form here (ScaledTanh and
#: ParametricSoftplus are not ONNX ops any more; PRelu has a tensor; Dropout fuses to nothing)
FUSABLE_ACTIVATIONS = frozenset(
    {"Sigmoid", "HardSigmoid", "Tanh", "Relu", "LeakyRelu", "ThresholdedRelu", "Elu", "Selu",
     "Softsign", "Softplus"}
)


def can_fuse(node: Node, activation: Node, op_type: str | None = None) -> bool:
    """The provider's TryGetFusedOp: ``node``'s op (or ``op_type``: what an earlier fusion made
    of it) fuses ``activation``'s (both ai.onnx)."""
    entry = FUSABLE_OPS.get(node.op_type if op_type is None else op_type)
    if entry is None or node.domain not in ("", "ai.onnx") or activation.domain not in ("", "ai.onnx"):
        return False
    allowed, count = entry
    if activation.op_type not in FUSABLE_ACTIVATIONS:
        return False
    if allowed is not None and activation.op_type not in allowed:
        return False
    return count is None or len([n for n in node.inputs if n]) == count


def reshape_view(view: View, shape: Sequence[int]) -> View | None:
    """``view`` with logical shape ``shape`` (same element count) by strides alone, or None when
    its strides do not allow it (numpy's no-copy reshape rule: merged dimensions must be evenly
    strided; a split dimension's parts take strides within it)."""
    shape = tuple(int(n) for n in shape)
    if math.prod(shape) != view.size:
        return None
    # the view's dimensions, size-1 ones dropped, merged where evenly strided: innermost first
    blocks: list[tuple[int, int]] = []
    for n, s in reversed([(n, s) for n, s in zip(view.shape, view.strides, strict=True) if n != 1]):
        if blocks and s == blocks[-1][1] * blocks[-1][0]:
            blocks[-1] = (blocks[-1][0] * n, blocks[-1][1])
        else:
            blocks.append((n, s))
    out = [0] * len(shape)
    i = 0
    remaining, stride = blocks[0] if blocks else (1, 0)
    for d in range(len(shape) - 1, -1, -1):
        n = shape[d]
        if n == 1:
            continue
        while remaining == 1 and i + 1 < len(blocks):
            i += 1
            remaining, stride = blocks[i]
        if remaining % n:
            return None  # this dimension straddles two unevenly strided blocks
        out[d] = stride
        stride *= n
        remaining //= n
    return View(view.source, view.onnx_type, shape, tuple(out))


def _strip_ones(shape: Sequence[int]) -> tuple[int, ...]:
    shape = tuple(int(n) for n in shape)
    lead = next((i for i, n in enumerate(shape) if n != 1), len(shape))
    return shape[lead:]


def _with_activation(desc: Any, activation: Any) -> Any:
    """``desc`` with FusedActivation set (ELEMENT_WISE_ADD becomes ADD1, which has the field, as
    the provider's DmlOperatorElementwise does for a fused Add); None when it has no such field."""
    if type(desc).__name__ == "ElementWiseAddOperatorDesc":
        return pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(
            ATensor=desc.ATensor, BTensor=desc.BTensor, OutputTensor=desc.OutputTensor,
            FusedActivation=activation,
        )
    if getattr(desc, "FusedActivation", False) is None:
        return replace(desc, FusedActivation=activation)
    return None


def fused_activation_desc(node: Node) -> Any:
    """The DML activation desc (no tensors: a fused activation's are NULL) for an ONNX activation
    node, with the provider's defaults (OperatorUtility.cpp TryGetFusedActivationDesc)."""
    op = node.op_type
    if op == "Relu":
        return pydml.DML_ACTIVATION_RELU_OPERATOR_DESC()
    if op == "Sigmoid":
        return pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC()
    if op == "Tanh":
        return pydml.DML_ACTIVATION_TANH_OPERATOR_DESC()
    if op == "Softsign":
        return pydml.DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC()
    if op == "Softplus":
        return pydml.DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC(Steepness=1.0)
    if op == "LeakyRelu":
        return pydml.DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC(Alpha=float(node.attr("alpha", 0.01)))
    if op == "ThresholdedRelu":
        return pydml.DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC(Alpha=float(node.attr("alpha", 1.0)))
    if op == "Elu":
        return pydml.DML_ACTIVATION_ELU_OPERATOR_DESC(Alpha=float(node.attr("alpha", 1.0)))
    if op == "HardSigmoid":
        return pydml.DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC(
            Alpha=float(node.attr("alpha", 0.2)), Beta=float(node.attr("beta", 0.5))
        )
    if op == "Selu":
        return pydml.DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC(
            Alpha=float(node.attr("alpha", 1.67326319217681884765625)),
            Gamma=float(node.attr("gamma", 1.05070102214813232421875)),
        )
    return None
