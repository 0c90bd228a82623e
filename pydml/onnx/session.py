"""``InferenceSession``: onnxruntime's interface over DML graphs lowered from an ONNX model.

A model is compiled for the input shapes (and the values of inputs the provider reads on the CPU)
of its first run with them, and the compiled plan is kept for later runs with the same signature.
The plan: constants folded with ``onnx.reference`` (shape subgraphs, Constant nodes: what the
provider's constant folding and CPU-read inputs leave no kernel for), then the remaining nodes
lowered into one DML_GRAPH_DESC; with ``fallback="reference"`` a node the provider would not
take ends the current graph segment and runs through ``onnx.reference``, and the next segment
starts after it.

Signatures that differ in one free dimension (a decoder step's past length, new at every token)
share their work: once two full builds fit a template (pydml/onnx/template.py: the plans equal
but for integers affine in the dimension) and a third confirms it, each new signature's plan is
the template's, its changed operators created again and validated, its graph compiled
(``shape_templates=False``: every signature built in full).
"""

from __future__ import annotations

import gc
import operator
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from operator import itemgetter
from typing import Any

import numpy as np

import pydml
from pydml.errors import PydmlError
from pydml.onnx import (
    ops,  # noqa: F401  (registers the lowerings)
    template,
)
from pydml.onnx._deps import numpy_helper, onnx
from pydml.onnx.fusion import FusedNode, rewrite
from pydml.onnx.lowering import (
    CONTRIB_DOMAIN,
    ONNX_TO_NUMPY,
    ONNX_TYPE_NAMES,
    HostFinish,
    HostKeyFn,
    Lowering,
    LoweringError,
    MalformedNodeError,
    Node,
    Segment,
    View,
    can_fuse,
    find_lowering,
    keep_operator,
)
from pydml.onnx.provider_types import unregistered_types
from pydml.onnx.reference import evaluate

#: ops never folded (their value is not a function of their inputs)
_NONDETERMINISTIC = {
    "RandomNormal",
    "RandomUniform",
    "RandomNormalLike",
    "RandomUniformLike",
    "Multinomial",
    "Bernoulli",
    "Dropout",
}


#: ops whose output sizes, and whose values when folded from sizes, are affine (or products,
#: or exact or floor quotients) in their input sizes and values: nothing clamps or compares.
#: (Broadcasting picks the size that is not 1: template.fit never varies a size of 1; a product
#: is quadratic, which the confirming build refutes; a floor quotient of an affine size is whole
#: exactly where it is affine, and template.make refuses one that is not whole.)
_AFFINE_OPS = frozenset(
    {
        "Add", "Sub", "Mul", "Div", "Neg", "Cast", "CastLike", "Identity", "Shape", "Size",
        "Constant", "ConstantOfShape", "Gather", "Unsqueeze", "Squeeze", "Concat", "Reshape",
        "Flatten", "Transpose", "Expand", "MatMul", "Gemm", "Softmax", "LogSoftmax",
        "LayerNormalization", "Split", "Erf", "Tanh", "Sigmoid", "Exp", "Log", "Sqrt",
        "Reciprocal", "Trilu",
    }
)

#: initializers larger than this (bytes) are weights: shape inference sees their shape only
_SHAPE_MODEL_BYTES = 4096
#: CPU-read integer inputs of at most this many values are template dimensions (_family_of)
_HOST_DIMS = 8
#: plans a session keeps, one per input-shape signature (the least recently run goes first): a
#: decoder's token step makes one per past length, and without a bound 2,000 tokens kept 2,000
_PLANS_KEPT = 64
#: float element types: a float graph input is never made a per-run constant by the walk above
_FLOAT_ELEMS = {1, 10, 11, 16}


#: an input's fixed dimensions: a getter of their axes and what it must read (one C call a run)
_Fixed = tuple[Callable[[Any], Any], Any] | None


def _provider_note(node: Node, types: Mapping[str, int]) -> str | None:
    """For a refused ai.onnx node: whether the DirectML provider registers it for its tensor types
    at all (its OperatorRegistration.cpp; pydml/onnx/provider_types.py), else None."""
    if node.domain not in ("", "ai.onnx"):
        return None

    def names(values: Sequence[str]) -> list[str | None]:
        # provider_types names them as TensorProto does: FLOAT, FLOAT16, DOUBLE ...
        return [ONNX_TYPE_NAMES[types[v]].upper() if v in types else None for v in values]

    try:
        return unregistered_types(node.op_type, node.opset, names(node.inputs), names(node.outputs))
    except Exception:  # an op or opset the onnx package has no schema for: no note
        return None


#: what a lowering's own arithmetic raises on a node whose attributes and input shapes disagree
_LOWERING_SLIPS = (ArithmeticError, AssertionError, IndexError, KeyError, TypeError, ValueError)


class OnnxModelError(PydmlError, ValueError):
    """The model cannot be read, or a run's inputs do not match it: one line saying which."""


class UnsupportedNodeError(PydmlError, NotImplementedError):
    """A node the DirectML provider would not take (run with fallback="reference" to go on)."""


@dataclass(frozen=True)
class NodeArg:
    """onnxruntime.NodeArg: name, shape (ints, dim_param strings or None) and type ('tensor(float)')."""

    name: str
    shape: list[int | str | None]
    type: str


@dataclass
class _DmlStep:
    graph: Any
    inputs: list[str]
    outputs: list[tuple[str, View]]
    #: filled at the first execution (_bind_step): the graph inputs the plan's constants bind, as
    #: (index, array) pairs, the run-time inputs by position and name, and per output its name,
    #: ONNX shape and numpy type: what every later run only copies or reads
    bound: list[tuple[int, Any]] | None = None
    dynamic: list[tuple[int, str]] = field(default_factory=list)
    results: list[tuple[str, tuple[int, ...], np.dtype[Any]]] = field(default_factory=list)
    #: by graph input: the array initialize() bound (OWNED_BY_DML inputs), else None
    owned: list[Any] = field(default_factory=list)
    #: set by the first execution: every output array is its ONNX value (shape and type) as is
    direct: bool = False
    #: the step of the full build a template made this one from, where the plan's constants are
    #: that build's own objects (the template's constants do not vary): the same inputs bound
    like: _DmlStep | None = None


@dataclass
class _RefStep:
    node: Node
    reason: str
    #: the output shapes at the build: later steps were lowered for them (_execute checks them)
    shapes: dict[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass
class _HostStep:
    """A node's CPU part after its operators (lowering.HostFinish: NonZero's output sized by
    the count its operator computed)."""

    node: Node
    finish: HostFinish
    shapes: dict[str, tuple[int, ...]] = field(default_factory=dict)


class _ShapesChanged(Exception):
    """A data-dependent output (a host or reference step's) has another shape than the plan's
    later steps were built for: the plan is built again for this feed."""


@dataclass
class _Plan:
    constants: dict[str, np.ndarray[Any, Any]]
    steps: list[_DmlStep | _RefStep | _HostStep] = field(default_factory=list)
    #: a full build's Session._front (for templates): the shapes and folded constants it lowered
    front: Any = None
    #: values that are views of a model input, made before the steps run: (value, input, index),
    #: the value being input[index] (Session._input_view)
    views: tuple[tuple[str, str, int], ...] = ()
    #: model outputs stacked in place (Session._find_stacks): (output, the values it stacks, its
    #: shape, its numpy type); each value is written into its slice of the output
    stacks: tuple[tuple[str, tuple[str, ...], tuple[int, ...], str], ...] = ()


@dataclass
class _Family:
    """The plans of input signatures that differ only in dimensions (same names, ranks, types and
    CPU-read values): the last two full builds, and the template fitted from them
    (pydml/onnx/template.py), trusted once a third full build matched its prediction."""

    builds: list[tuple[tuple[int, ...], _Plan]] = field(default_factory=list)
    template: Any = None
    #: the template of the builds' fronts (Session._front): a patched plan's own front must match it
    front: Any = None
    confirmed: bool = False
    #: templates a full build contradicted: past a few, the family stops fitting
    failures: int = 0
    #: the confirmed template taken apart once, for every plan patched from it (_recipe)
    recipe: _Recipe | None = None


@dataclass
class _Recipe:
    """A confirmed family's template taken apart (template.items): the templates of the plan's
    constants, views and stacks, per graph step its base (the latest full build's step) with the
    templates of its desc, inputs, outputs and owned arrays and the operator nodes that vary
    (template.node_operators; None: the desc varies otherwise), and the template of what the
    lowerings read of their host inputs (the front's last part)."""

    constants: Any
    views: Any
    stacks: Any
    steps: list[tuple[_DmlStep, Any, Any, Any, Any, list[tuple[int, Any]] | None]]
    host_reads: Any


@dataclass
class Explanation:
    """What one node became: DML operators, a folded constant, or why it was not lowered."""

    node: str
    op_type: str
    opset: int
    operators: list[str]
    status: str  # "dml", "folded", "reference" or "unsupported"
    reason: str = ""


def load_model(model: Any) -> Any:
    """A ModelProto from a path, bytes or a ModelProto (external data loaded beside the path)."""
    mod = onnx()
    if isinstance(model, mod.ModelProto):
        return model
    try:
        if isinstance(model, (bytes, bytearray, memoryview)):
            return mod.load_model_from_string(bytes(model))
        if isinstance(model, (str, os.PathLike)):
            path = os.fspath(model)
            if not os.path.isfile(path):
                raise OnnxModelError(f"{path}: no such model file")
            return mod.load(path)
    except OnnxModelError:
        raise
    except FileNotFoundError as error:
        raise OnnxModelError(f"{model}: external data missing: {error.filename or error}") from None
    except Exception as error:  # protobuf's DecodeError and friends: a truncated or malformed file
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        if "should be stored in" in first:  # onnx's message for an external-data file not found
            raise OnnxModelError(f"{model}: external data missing ({first})") from None
        raise OnnxModelError(
            f"{model if isinstance(model, str) else 'model bytes'}: not a readable ONNX model ({first})"
        ) from None
    raise OnnxModelError(
        f"InferenceSession takes a path, bytes or a ModelProto, not a {type(model).__name__}"
    )


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def check_model(model: Any) -> None:
    """onnx's checker (each node against its op's schema: attributes, input counts, types) and
    strict shape inference on the declared shapes, as onnxruntime checks a model before running
    it: a model breaking them is an OnnxModelError with onnx's message (which names the node)."""
    mod = onnx()
    ctx = mod.checker.C.CheckerContext()
    ctx.ir_version = int(model.ir_version) or mod.IR_VERSION
    ctx.opset_imports = {o.domain: int(o.version) for o in model.opset_import}
    # node by node, and only nodes of ops onnx defines: the DirectML provider also registers
    # ops of its own in the ai.onnx domain (SimplifiedLayerNormalization), which check_model refuses
    for node in model.graph.node:
        if not mod.defs.has(node.op_type, node.domain or ""):
            continue
        try:
            mod.checker.check_node(node, ctx)
        except mod.checker.ValidationError as error:
            label = f'node "{node.name or node.op_type}" ({node.op_type})'
            raise OnnxModelError(f"invalid model: {label}: {_first_line(error)}") from None
    try:
        mod.shape_inference.infer_shapes(model, strict_mode=True)
    except mod.shape_inference.InferenceError as error:
        if _model_error(error):
            raise OnnxModelError(f"shape inference: {_first_line(error)}") from None


def _model_error(error: BaseException) -> bool:
    """Whether strict shape inference's error is the model's: an error raised inside the body of
    a function op onnx expands (nested "Inference error(s)") is onnx's own (its
    MeanVarianceNormalization body fails strict inference on test_mvn, a valid model that
    onnxruntime runs), and inference then goes on without it."""
    return str(error).count("Inference error(s)") <= 1


def _type_string(elem: int) -> str:
    return f"tensor({ONNX_TYPE_NAMES.get(elem, str(elem))})"


def _shapes_of(feed: Mapping[str, np.ndarray[Any, Any]]) -> Callable[[str], tuple[int, ...] | None]:
    """The shape of a fed value by name, None for any other (a host key's view of the graph)."""

    def shape_of(name: str) -> tuple[int, ...] | None:
        value = feed.get(name)
        return None if value is None else value.shape

    return shape_of


def _frozen(array: np.ndarray[Any, Any] | None) -> np.ndarray[Any, Any] | None:
    """``array`` made read-only: the session's weights, which graphs share the packing of."""
    if array is not None:
        array.setflags(write=False)
    return array


def _dims(value_info: Any) -> list[int | str | None]:
    tensor = value_info.type.tensor_type
    if not tensor.HasField("shape"):
        return []
    out: list[int | str | None] = []
    for d in tensor.shape.dim:
        if d.HasField("dim_value"):
            out.append(int(d.dim_value))
        elif d.HasField("dim_param"):
            out.append(d.dim_param)
        else:
            out.append(None)
    return out


class InferenceSession:
    """onnxruntime.InferenceSession's interface; nodes execute as DirectML operators (pydml).

    ``fallback``: None (a node the DirectML provider would not take is an error) or "reference"
    (such nodes run through ``onnx.reference``; ``reference_nodes`` lists them after a run).
    ``shape_templates``: plans for signatures differing in one free dimension patched from a
    confirmed template (the default), or every signature built in full (False).
    """

    def __init__(
        self,
        model: Any,
        feature_level: Any = None,
        fallback: str | None = None,
        providers: Sequence[Any] | None = None,
        *,
        progress: Callable[[str, int, int], None] | None = None,
        shape_templates: bool = True,
        **_: Any,
    ):
        if fallback not in (None, "reference"):
            raise ValueError(f'fallback must be None or "reference", got {fallback!r}')
        #: progress(stage, done, total), called while a model loads and its plans are built
        #: (``pydml onnx`` shows it for long loads); None: silent
        self.progress = progress
        #: a new input signature differing from earlier ones in one free dimension (a decoder's
        #: past length) gets its plan by patching numbers of earlier plans (pydml/onnx/template.py)
        self._templates = shape_templates
        self._families: dict[Any, _Family] = {}
        self._report("reading the model", 0, 0)
        self.model = load_model(model)
        self.fallback = fallback
        self.device = pydml.Device() if feature_level is None else pydml.Device(feature_level)
        graph = self.model.graph
        self._opsets = {(o.domain or ""): int(o.version) for o in self.model.opset_import}
        self._initializers = self._read_initializers(graph)
        self._shape_model = self._without_weights()
        check_model(self._shape_model)
        if self.model is not model:
            self.model = _without_weight_data(self.model, self._is_weight)
            graph = self.model.graph
        self._inputs = [vi for vi in graph.input if vi.name not in self._initializers]
        self._outputs = list(graph.output)
        #: read from the protos once: each run checks its feed against these
        self._input_specs: dict[str, tuple[int, np.dtype[Any] | None, list[int | str | None], _Fixed]] = {}
        for vi in self._inputs:
            elem = int(vi.type.tensor_type.elem_type)
            dims = _dims(vi)
            axes = [axis for axis, d in enumerate(dims) if isinstance(d, int)]
            fixed = (itemgetter(*axes), itemgetter(*axes)(dims)) if axes else None
            self._input_specs[vi.name] = (elem, ONNX_TO_NUMPY.get(elem), dims, fixed)
        self._output_names = [vi.name for vi in self._outputs]
        self._output_set = set(self._output_names)
        self._nodes = [
            Node(n, self._opsets.get(n.domain or "", self._opsets.get("ai.onnx", 1)), i)
            for i, n in enumerate(graph.node)
        ]
        #: the model's nodes; each build lowers ``_nodes``: these after the graph rewrites of
        #: pydml/onnx/fusion.py (ONNX Runtime's level-2 fusions for the DirectML provider)
        self._model_nodes = list(self._nodes)
        self._plans: dict[Any, _Plan] = {}
        self._lowering_for: dict[tuple[str, str, int], Lowering | LoweringError] = {}
        #: compiled operators by desc, shared by every plan and segment of the session
        self._operators: dict[Any, Any] = {}
        #: nodes that ran through onnx.reference (fallback="reference"), with the reason
        self.reference_nodes: list[tuple[str, str]] = []
        self._host_inputs = self._find_host_inputs()
        #: host inputs whose every reader is a host input of a lowering with a host_key (lowering.py):
        #: their (node, input index, key function) readers; the plans are keyed by what those read
        self._host_keys = self._find_host_keys()
        self._empties: set[str] = set()
        #: how many node inputs and graph outputs read each value (a fused value has one reader)
        self._readers: dict[str, int] = self._count_readers()
        #: an ONNX node whose output sizes (or folded values) may stop being affine in an input
        #: size (Slice clamps, Min/Max, comparisons ...): patched plans then re-run shape inference
        #: and folding and check their front first. com.microsoft nodes do not count: ONNX shape
        #: inference does not know them and nothing folds through them, so the front holds nothing
        #: of theirs to check (the confirming build checks their lowerings); what a lowering reads
        #: of a host input (GQA's max(past, total)) is checked from the feed (_derive)
        self._clamps = any(
            node.domain in ("", "ai.onnx") and node.op_type not in _AFFINE_OPS for node in self._nodes
        )

    def _read_initializers(self, graph: Any) -> dict[str, np.ndarray[Any, Any]]:
        arrays: dict[str, np.ndarray[Any, Any]] = {}
        count = len(graph.initializer)
        for i, t in enumerate(graph.initializer):
            arrays[t.name] = numpy_helper().to_array(t)
            self._report("reading initializers", i + 1, count)
        return arrays

    def _count_readers(self) -> dict[str, int]:
        readers: dict[str, int] = {}
        for name in [n for node in self._nodes for n in node.inputs] + [vi.name for vi in self._outputs]:
            if name:
                readers[name] = readers.get(name, 0) + 1
        return readers

    # -- onnxruntime's interface ---------------------------------------------------------

    def get_inputs(self) -> list[NodeArg]:
        return [
            NodeArg(vi.name, _dims(vi), _type_string(vi.type.tensor_type.elem_type)) for vi in self._inputs
        ]

    def get_outputs(self) -> list[NodeArg]:
        return [
            NodeArg(vi.name, _dims(vi), _type_string(vi.type.tensor_type.elem_type)) for vi in self._outputs
        ]

    def get_providers(self) -> list[str]:
        return ["DmlExecutionProvider"]

    def run(
        self, output_names: Sequence[str] | None, input_feed: Mapping[str, Any], run_options: Any = None
    ) -> list[np.ndarray[Any, Any]]:
        """Run the model; return the outputs ``output_names`` (all when None) in that order."""
        feed = self._check_feed(input_feed)
        if output_names is None:
            names = self._output_names
        else:
            names = list(output_names)
            known = self._output_set
            for name in names:
                if name not in known:
                    raise OnnxModelError(
                        f"{name!r} is not an output of the model (outputs: {', '.join(sorted(known))})"
                    )
        # the shapes in the declared inputs' order: a checked feed has every declared input and no
        # other, each of its declared type (so the types are no part of the key)
        key: tuple[Any, ...] = tuple([feed[k].shape for k in self._input_specs])
        if self._host_inputs:
            key += self._host_values(feed)
        plan = self._plans.get(key)
        if plan is None:
            # a build allocates tens of thousands of small objects (descs, views, recordings), most
            # kept by the plan: with the cyclic collector on, each few hundred start a collection
            # that walks them again (a decoder's first generation: 100 collections, 170-340 ms of
            # its 1.2 s CPU time; 35 and 60-110 ms with it paused). Paused for the build only (and
            # left as the caller had it): what the build drops is collected after it. (A plan
            # patched from a template too: a full collection in one cost 20 ms, the patching 3.)
            collecting = gc.isenabled()
            gc.disable()
            try:
                plan = self._derive(feed) if self._templates else None
                if plan is None:
                    env = self._build(feed)
                    plan = self._last_plan
                    if self._templates:
                        self._learn(feed, plan)
                else:
                    env = self._execute(plan, feed)
            finally:
                if collecting:
                    gc.enable()
            self._plans[key] = plan
            if len(self._plans) > _PLANS_KEPT:  # the least recently run goes (its graphs with it)
                self._plans.pop(next(iter(self._plans)), None)
        else:
            if len(self._plans) > 1:  # most recently run last (pop with a default: runs on
                self._plans.pop(key, None)  # other threads may move or drop it meanwhile)
                self._plans[key] = plan
            try:
                env = self._execute(plan, feed)
            except _ShapesChanged:
                env = self._build(feed)
                self._plans[key] = self._last_plan
        return [env[n] for n in names]

    # -- inputs --------------------------------------------------------------------------

    def _check_feed(self, input_feed: Mapping[str, Any]) -> dict[str, np.ndarray[Any, Any]]:
        if not isinstance(input_feed, Mapping):
            raise OnnxModelError(f"inputs must be a dict by input name, got a {type(input_feed).__name__}")
        declared = self._input_specs
        feed: dict[str, np.ndarray[Any, Any]] = {}
        for name, value in input_feed.items():
            if name not in declared:
                raise OnnxModelError(
                    f"{name!r} is not an input of the model (inputs: {', '.join(declared) or 'none'})"
                )
            elem, want, dims, fixed = declared[name]
            array = value if type(value) is np.ndarray else np.asarray(value)
            if want is None:
                raise OnnxModelError(f"input {name!r} has type {_type_string(elem)}, which DirectML lacks")
            if array.dtype != want:
                raise OnnxModelError(
                    f"input {name!r}: expected {_type_string(elem)} ({want}), got an array of {array.dtype}"
                )
            shape = array.shape
            if dims and (len(dims) != len(shape) or (fixed is not None and fixed[0](shape) != fixed[1])):
                raise OnnxModelError(f"input {name!r}: expected shape {dims}, got {list(array.shape)}")
            feed[name] = array
        if len(feed) != len(declared):  # every name in feed is declared: some are missing
            missing = [n for n in declared if n not in feed]
            raise OnnxModelError(f"missing input(s): {', '.join(missing)}")
        return feed

    def _find_host_inputs(self) -> set[str]:
        """Graph inputs that a node reads on the CPU (a Reshape's shape ...): constants per run.

        Also the integer graph inputs such a CPU-read value is computed from (a Pad's pads from
        ``Max(Shape(x), shape)``, a Range's limit from a window size): the provider reads the
        computed value on the CPU at run time, so here those inputs are part of the plan's key and
        the computation is folded. The walk stops at Shape and Size (their value is the input's
        shape, not its data)."""
        inputs = {vi.name: vi for vi in self._inputs}
        producer = {out: node for node in self._nodes for out in node.outputs if out}
        wanted: list[str] = []
        for node in self._nodes:
            try:
                lowering = find_lowering(node.op_type, node.domain, node.opset)
            except LoweringError:
                continue
            wanted += [node.input(i) for i in lowering.host_inputs if node.input(i)]
        out: set[str] = {name for name in wanted if name in inputs}
        seen: set[str] = set(out)
        while wanted:
            name = wanted.pop()
            if name in seen:
                continue
            seen.add(name)
            if name in inputs:
                if inputs[name].type.tensor_type.elem_type not in _FLOAT_ELEMS:
                    out.add(name)
                continue
            source = producer.get(name)
            if source is None or source.op_type in ("Shape", "Size") or source.op_type in _NONDETERMINISTIC:
                continue
            wanted += [n for n in source.inputs if n]
        return out

    def _find_host_keys(self) -> dict[str, list[tuple[Node, int, HostKeyFn]]]:
        """The host inputs read only as a host input of lowerings that say what they read of it
        (``Lowering.host_key``): every reader of the graph input is such a slot, and no graph
        output is the input itself."""
        slots: dict[str, list[tuple[Node, int, HostKeyFn]]] = {}
        readers: dict[str, int] = {}
        for node in self._nodes:
            for name in node.inputs:
                if name in self._host_inputs:
                    readers[name] = readers.get(name, 0) + 1
            try:
                lowering = find_lowering(node.op_type, node.domain, node.opset)
            except LoweringError:
                continue
            if lowering.host_key is None:
                continue
            for i in lowering.host_inputs:
                name = node.input(i)
                if name in self._host_inputs:
                    slots.setdefault(name, []).append((node, i, lowering.host_key))
        return {
            name: found
            for name, found in slots.items()
            if len(found) == readers.get(name, 0) and name not in self._output_set
        }

    def _host_values(self, feed: Mapping[str, np.ndarray[Any, Any]]) -> tuple[Any, ...]:
        """The host inputs' part of a plan's key: each value's bytes, or what its readers read of
        it where every reader says (``_host_keys``): a plan built for one value then serves
        another that its lowerings read alike."""
        parts: list[Any] = []
        shape_of = _shapes_of(feed)
        for name in sorted(self._host_inputs):
            value = feed.get(name)
            if value is None:
                continue
            read = self._host_keys.get(name)
            if read:
                got = [fn(node, i, value, shape_of) for node, i, fn in read]
                if all(g is not None for g in got):
                    parts.append((name, value.dtype.str, value.shape, tuple(got)))
                    continue
            parts.append((name, value.tobytes()))
        return tuple(parts)

    # -- building ------------------------------------------------------------------------

    def _infer(
        self, feed: Mapping[str, np.ndarray[Any, Any]], constants: Mapping[str, np.ndarray[Any, Any]]
    ) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
        """Types and static shapes of every value for these input shapes (onnx shape inference)."""
        mod = onnx()
        model = mod.ModelProto()
        model.CopyFrom(self._shape_model)  # no weights: a copy costs nothing
        graph = model.graph
        for vi in graph.input:
            if vi.name in feed:
                shape = vi.type.tensor_type.shape
                shape.Clear()
                for n in feed[vi.name].shape:
                    shape.dim.add().dim_value = int(n)
        try:
            inferred = mod.shape_inference.infer_shapes(model, strict_mode=True, data_prop=True)
        except mod.shape_inference.InferenceError as error:
            # a node whose inputs contradict its op at these shapes (onnxruntime fails the same
            # model at load or run): onnx's own message names the node
            if _model_error(error):
                raise OnnxModelError(f"shape inference: {_first_line(error)}") from None
            inferred = self._infer_lenient(model)
        except Exception:
            inferred = model
        types: dict[str, int] = {}
        shapes: dict[str, tuple[int, ...]] = {}
        g = inferred.graph
        for vi in (*g.input, *g.value_info, *g.output):
            tensor = vi.type.tensor_type
            if tensor.elem_type:
                types[vi.name] = int(tensor.elem_type)
            if tensor.HasField("shape"):
                # static only: every dim a dim_value (a dim_param or an unknown dim: not static)
                dims = [int(d.dim_value) for d in tensor.shape.dim if d.HasField("dim_value")]
                if len(dims) == len(tensor.shape.dim):
                    shapes[vi.name] = tuple(dims)
        for name, array in (*feed.items(), *constants.items()):
            shapes[name] = array.shape  # a numpy shape: a tuple of ints already
        return types, shapes

    @staticmethod
    def _infer_lenient(model: Any) -> Any:
        try:
            return onnx().shape_inference.infer_shapes(model, strict_mode=False, data_prop=True)
        except Exception:
            return model

    def _is_weight(self, tensor: Any) -> bool:
        """An initializer larger than _SHAPE_MODEL_BYTES, by its array's size (ByteSize() would
        serialize the proto: upb computes the size by encoding, 12 ms for a 13 MB model)."""
        array = self._initializers.get(tensor.name)
        if array is None:
            return bool(tensor.ByteSize() > _SHAPE_MODEL_BYTES)
        return bool(array.nbytes > _SHAPE_MODEL_BYTES)

    def _without_weights(self) -> Any:
        """The model for shape inference: large initializers become graph inputs of their type and
        shape (inference needs values only of the small ones: shapes, axes, pads), so the copies
        inference makes (the model copied, serialized, parsed back) hold no weights."""
        mod = onnx()
        source = self.model
        model = mod.ModelProto()
        for name in ("ir_version", "producer_name", "producer_version", "domain", "model_version"):
            setattr(model, name, getattr(source, name))
        model.opset_import.extend(source.opset_import)
        model.functions.extend(source.functions)
        g, src = model.graph, source.graph
        g.name = src.name
        g.node.extend(src.node)
        g.input.extend(src.input)
        g.output.extend(src.output)
        g.value_info.extend(src.value_info)
        declared = {vi.name for vi in src.input}
        for t in src.initializer:
            if not self._is_weight(t):
                g.initializer.append(t)
            elif t.name not in declared:
                g.input.append(mod.helper.make_tensor_value_info(t.name, t.data_type, list(t.dims)))
        return model

    def _last_uses(self) -> dict[str, int]:
        last: dict[str, int] = {}
        for node in self._nodes:
            for name in node.inputs:
                if name:
                    last[name] = node.index
        for vi in self._outputs:
            last[vi.name] = len(self._nodes)
        return last

    def _find_stacks(
        self, constants: Mapping[str, np.ndarray[Any, Any]], shapes: Mapping[str, tuple[int, ...]],
        types: Mapping[str, int],
    ) -> tuple[tuple[tuple[str, tuple[str, ...], tuple[int, ...], str], ...], set[int]]:
        """Model outputs that are a Concat along axis 0 of Unsqueeze(axis 0)s of values computed
        here (a decoder's present key/value cache: each layer's joined cache, stacked), and the
        indices of those Concat and Unsqueeze nodes. Each stacked value is then written straight
        into its slice of the output (a graph output bound at that offset, as DirectML binds a
        buffer region): the Concat's copy of every layer's cache disappears. Only where nothing
        else reads the Unsqueezes or the Concat, and each stacked value is neither a model output
        nor an input or constant."""
        producer = {out: node for node in self._nodes for out in node.outputs if out}
        readers = self._readers
        stacks: list[tuple[str, tuple[str, ...], tuple[int, ...], str]] = []
        nodes: set[int] = set()
        for node in self._nodes:
            if node.op_type != "Concat" or node.domain not in ("", "ai.onnx") or not node.outputs:
                continue
            out = node.outputs[0]
            shape = shapes.get(out)
            elem = ONNX_TO_NUMPY.get(types.get(out, 0))
            if (out not in self._output_set or readers.get(out, 0) != 1 or not shape or elem is None
                    or int(node.attr("axis", 0)) not in (0, -len(shape)) or len(node.inputs) != shape[0]):
                continue
            names: list[str] = []
            unsqueezes: list[int] = []
            for name in node.inputs:
                u = producer.get(name)
                if u is None or u.op_type != "Unsqueeze" or u.domain not in ("", "ai.onnx"):
                    break
                axes = u.attr("axes")
                if axes is None and len(u.inputs) > 1:
                    axes = constants.get(u.inputs[1])
                y = u.inputs[0] if u.inputs else ""
                if (axes is None or [int(a) for a in np.ravel(np.asarray(axes))] not in ([0], [-len(shape)])
                        or readers.get(name, 0) != 1 or not y or y in names or y in constants
                        or y in self._input_specs or y in self._output_set or shapes.get(y) != shape[1:]):
                    break
                names.append(y)
                unsqueezes.append(u.index)
            else:
                stacks.append((out, tuple(names), tuple(shape), np.dtype(elem).str))
                nodes.update([*unsqueezes, node.index])
        return tuple(stacks), nodes

    def _input_view(
        self,
        node: Node,
        constants: Mapping[str, np.ndarray[Any, Any]],
        feed: Mapping[str, np.ndarray[Any, Any]],
    ) -> tuple[str, str, int] | None:
        """(output, input, index) when ``node`` is a Gather of a model input along axis 0 by a
        constant scalar index in range (a decoder's layer slice of a stacked key/value cache):
        its value is ``input[index]``, a contiguous view, bound as a graph input of its readers.
        DirectML binds such a slice without a copy (the input's buffer bound at the slice's byte
        offset, DML_BUFFER_BINDING.Offset); the GATHER a provider would run copies it (8 copies
        of a layer's cache per token step of a 4-layer decoder). Not for a model output (returned
        arrays are never views of an input)."""
        if node.op_type != "Gather" or node.domain not in ("", "ai.onnx") or len(node.inputs) != 2:
            return None
        source, index = node.inputs
        out = node.outputs[0] if node.outputs else ""
        if not out or out in self._output_set or source not in feed or source in constants:
            return None
        value = constants.get(index)
        data = feed[source]
        if value is None or value.ndim != 0 or value.dtype.kind not in "iu" or data.ndim < 1:
            return None
        axis = int(node.attr("axis", 0))
        if axis not in (0, -data.ndim):
            return None
        i = int(value)
        if not -data.shape[0] <= i < data.shape[0]:
            return None  # (out of range: the Gather reports it)
        return out, source, i + data.shape[0] if i < 0 else i

    def _fold(
        self,
        node: Node,
        constants: dict[str, np.ndarray[Any, Any]],
        shapes: dict[str, tuple[int, ...]],
        types: Mapping[str, int] | None = None,
    ) -> bool:
        """Evaluate ``node`` now if its value is known at load: constant inputs, or a Shape/Size of a
        statically shaped value (the provider's CPU-side shape computations).

        An empty tensor (a zero in its static shape) holds no data, so its value is known from its
        shape and type alone: DirectML tensors have no empty dimension, and a node whose outputs
        are all empty, or whose inputs are all known, needs no operator (a reduction over an
        empty set is its identity value, computed here)."""
        if node.op_type in _NONDETERMINISTIC or node.domain not in ("", "ai.onnx"):
            return False
        present = [n for n in node.inputs if n]
        empties = self._empties
        if types is not None and empties and any(n in empties for n in node.inputs + node.outputs):
            empty = {
                name: np.zeros(shapes[name], dtype=ONNX_TO_NUMPY[types[name]])
                for name in present + [n for n in node.outputs if n]
                if name not in constants
                and name in shapes
                and 0 in shapes[name]
                and types.get(name) in ONNX_TO_NUMPY
            }
            constants.update((k, v) for k, v in empty.items() if k in present)
            outs = [n for n in node.outputs if n]
            if outs and all(n in empty for n in outs):
                constants.update((n, empty[n]) for n in outs)
                return True
        if (
            types is not None
            and node.op_type == "CastLike"
            and len(present) == 2
            and present[0] in constants
            and types.get(present[1]) in ONNX_TO_NUMPY
        ):
            # only input 1's type is read: the cast of a constant is a constant
            value = constants[present[0]].astype(ONNX_TO_NUMPY[types[present[1]]])
            constants[node.outputs[0]] = value
            shapes[node.outputs[0]] = tuple(int(n) for n in value.shape)
            return True
        if (
            node.op_type in ("Shape", "Size")
            and present
            and present[0] in shapes
            and present[0] not in constants
        ):
            dims = np.array(shapes[present[0]], dtype=np.int64)
            if node.op_type == "Size":
                constants[node.outputs[0]] = np.array(np.prod(dims), dtype=np.int64)
                return True
            start, end = node.attr("start", 0), node.attr("end", None)
            constants[node.outputs[0]] = dims[start:end]
            return True
        if not all(n in constants for n in present):
            return False
        if node.op_type == "Constant" and node.has_attr("value"):
            # the common case without building an evaluator
            value = numpy_helper().to_array(node.proto.attribute[0].t)
            constants[node.outputs[0]] = value
            shapes[node.outputs[0]] = tuple(int(n) for n in value.shape)
            return True
        values = [constants.get(n) if n else None for n in node.inputs]
        try:
            results = evaluate(node, values, self._opsets, list(self.model.functions))
        except Exception:
            return False
        for name, value in zip(node.outputs, results, strict=False):
            if name:
                constants[name] = value
                shapes[name] = tuple(int(n) for n in value.shape)
        return True

    def explain(self) -> list[Explanation]:
        """Each node and what it became, for the declared input shapes (free dimensions as 1)."""
        feed = {}
        for vi in self._inputs:
            dims = [d if isinstance(d, int) else 1 for d in _dims(vi)]
            dtype = ONNX_TO_NUMPY.get(vi.type.tensor_type.elem_type, np.dtype(np.float32))
            feed[vi.name] = np.ones(dims, dtype=dtype)
        result: list[Explanation] = self._build(feed, dry=True, explain=True)
        return result

    def _front_end(
        self, feed: Mapping[str, np.ndarray[Any, Any]]
    ) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, int], dict[str, tuple[int, ...]]]:
        """A build's first stage: the constants (initializers, CPU-read inputs, what folds), and
        the type and static shape of every value."""
        constants = dict(self._initializers)
        for name in self._host_inputs:
            if name in feed:
                constants[name] = feed[name]
        self._report("inferring shapes", 0, 0)
        types, shapes = self._infer(feed, constants)
        #: the values whose static shape has a zero (each an empty tensor _fold makes a constant)
        self._empties = {name for name, shape in shapes.items() if 0 in shape}
        # constant folding first, as ONNX Runtime's level-1 ConstantFolding runs before its level-2
        # fusions: a scale computed from a shape is a constant the fusions see
        for node in self._model_nodes:
            if not all(out in constants for out in node.outputs if out):
                self._fold(node, constants, shapes, types)
        return constants, types, shapes

    def _front(
        self, constants: Mapping[str, np.ndarray[Any, Any]], shapes: Mapping[str, tuple[int, ...]]
    ) -> Any:
        """What the lowering reads besides the graph: the static shape of every value and the
        constants folded or read on the CPU (small integer ones as numbers, so a template
        predicts them; the rest as arrays, which must not vary), for template.fit and check."""
        initial = self._initializers
        folded: list[Any] = []
        for name in sorted(constants):
            array = constants[name]
            if name in initial and initial[name] is array:
                continue
            if array.dtype.kind in "iu" and array.size <= 64:
                folded.append((name, array.dtype.str, tuple(int(n) for n in array.shape),
                               tuple(int(v) for v in array.reshape(-1).tolist())))
            else:
                folded.append((name, array))
        static = tuple(sorted((name, tuple(int(n) for n in shape)) for name, shape in shapes.items()))
        return static, tuple(folded), self._host_reads(constants, shapes.get)

    def _host_reads(
        self, values: Mapping[str, np.ndarray[Any, Any]], shape_of: Callable[[str], tuple[int, ...] | None]
    ) -> tuple[Any, ...]:
        """What the lowerings read of their host inputs (``_host_keys``: a GroupQueryAttention's
        present length, max(past, total)), in a fixed order: part of a plan's front, so a patched
        plan must predict it too, and a template does not carry one branch of the max past the
        point where the other takes over."""
        return tuple(
            (name, node.name, i, fn(node, i, values[name], shape_of))
            for name, slots in sorted(self._host_keys.items())
            if name in values
            for node, i, fn in slots
        )

    def _build(
        self, feed: dict[str, np.ndarray[Any, Any]], *, dry: bool = False, explain: bool = False
    ) -> Any:
        constants, types, shapes = self._front_end(feed)
        front = self._front(constants, shapes) if self._templates and not dry else None
        self._nodes = rewrite(
            self._model_nodes, constants, {vi.name for vi in self._outputs}, self._opsets, shapes
        )
        self._readers = self._count_readers()
        env: dict[str, np.ndarray[Any, Any]] = dict(feed)
        last = self._last_uses()
        plan = _Plan(constants, front=front)
        plan.stacks, stacked = self._find_stacks(constants, shapes, types)
        for _, names, _, _ in plan.stacks:
            last.update(dict.fromkeys(names, len(self._nodes)))  # graph outputs of their segment
        outs, targets = _stack_targets(plan.stacks) if not dry else ({}, {})
        explanations: list[Explanation] = []
        self.reference_nodes = []
        segment = Segment(self.device, constants, types, shapes, self._operators)
        members: list[Node] = []
        fused: set[int] = set()

        def flush(upto: int) -> None:
            nonlocal segment, members
            if members:
                inputs = {name for name, _, _ in segment.graph_inputs}
                needed = [
                    name for name in segment.values if name not in inputs and last.get(name, -1) >= upto
                ]
                step = self._compile(segment, needed)
                plan.steps.append(step)
                if not dry:
                    self._run_dml(step, env, constants, targets)
            segment = Segment(self.device, constants, types, shapes, self._operators)
            members = []

        for node in self._nodes:
            self._report("lowering nodes", node.index + 1, len(self._nodes))
            if node.index in fused:
                continue
            if node.index in stacked:
                if explain:
                    explanations.append(_no_operator(node, "stacked in place: written into its slice"))
                continue
            if (node.outputs and all(out in constants for out in node.outputs if out)) or self._fold(
                node, constants, shapes, types
            ):
                if explain:
                    explanations.append(Explanation(node.name, node.op_type, node.opset, [], "folded"))
                continue
            view = self._input_view(node, constants, feed)
            if view is not None:
                plan.views += (view,)
                if not dry:
                    env[view[0]] = env[view[1]][view[2]]
                if explain:
                    where = f"a view of {view[1]}[{view[2]}]: the input bound at an offset"
                    explanations.append(_no_operator(node, where))
                continue
            try:
                lowering = self._find_lowering(node)
                activation = self._fusable_next(node)
                try:
                    took = segment.lower(node, lowering, activation)
                except MalformedNodeError:
                    raise
                except LoweringError:
                    if not isinstance(node, FusedNode):
                        raise
                    took = segment.lower(node, node.unfused)  # its own nodes, one by one
                except _LOWERING_SLIPS as error:
                    # a node whose attributes or inputs contradict each other in a way neither the
                    # checker nor shape inference caught, met by a lowering's own arithmetic: the
                    # node's one-line error, never a traceback
                    what = _first_line(error) if str(error).strip() else "inconsistent attributes or inputs"
                    raise OnnxModelError(
                        f"{node.label()}: cannot be lowered as given ({type(error).__name__}: {what})"
                    ) from None
                members.append(node)
                if took and activation is not None:
                    members.append(activation)
                    fused.add(activation.index)
                add = self._bias_next(node, constants) if not took else None
                if add is not None and segment.fuse_bias(node, add):
                    members.append(add)
                    fused.add(add.index)
                    after = self._fusable_next(add, as_op="Gemm")
                    if after is not None and segment.fuse_activation_after(add.outputs[0], after):
                        members.append(after)
                        fused.add(after.index)
                for name in node.outputs:
                    # shape inference may not know a shape a folded CPU-read input decided
                    if name in segment.values:
                        shapes.setdefault(name, segment.values[name].shape)
                if explain:  # (rows made only for explain(): a build has no use for them)
                    explanations.append(
                        Explanation(
                            node.name, node.op_type, node.opset, segment.explained.get(node.name, []), "dml"
                        )
                    )
                    explanations += _member_rows(node)
                    for extra in self._nodes[node.index + 1 : node.index + 3]:
                        if extra.index in fused and extra is not activation:
                            explanations.append(
                                Explanation(
                                    extra.name,
                                    extra.op_type,
                                    extra.opset,
                                    segment.explained.get(extra.name, []),
                                    "dml",
                                )
                            )
                    if activation is not None and activation.index in fused:
                        explanations.append(
                            Explanation(
                                activation.name,
                                activation.op_type,
                                activation.opset,
                                [f"(fused into {node.name}'s operator)"],
                                "dml",
                            )
                        )
                if lowering.finish is not None:
                    # the graph step ends with the node's operators; its CPU part follows
                    parts = lowering.finish.reads(node)
                    last.update(dict.fromkeys(parts, node.index + 1))
                    flush(node.index + 1)
                    step_host = _HostStep(node, lowering.finish)
                    plan.steps.append(step_host)
                    if not dry:
                        self._run_host(step_host, env, constants)
                        self._learn_shapes(step_host.shapes, env, shapes, types, node.outputs)
                continue
            except MalformedNodeError as error:
                raise OnnxModelError(f"{node.label()}: {error}") from None
            except LoweringError as error:
                reason = str(error)
                refused = node.failed if isinstance(node, FusedNode) and node.failed else node
                note = _provider_note(refused, types)
                if note is not None:
                    reason = f"{reason}; {note}"
            # a fused node that lowers neither fused nor node by node: its own nodes speak
            originals = node.members if isinstance(node, FusedNode) else [node]
            if self.fallback is None and not explain:
                raise UnsupportedNodeError(f"{refused.label()}: {reason}")
            explanations += [
                Explanation(
                    member.name,
                    member.op_type,
                    member.opset,
                    [],
                    "reference" if self.fallback else "unsupported",
                    reason,
                )
                for member in originals
            ]
            flush(node.index)
            for member in originals:
                step_ref = _RefStep(member, reason)
                plan.steps.append(step_ref)
                self.reference_nodes.append((member.label(), reason))
                if not dry:
                    self._run_ref(step_ref, env, constants)
                    self._learn_shapes(step_ref.shapes, env, shapes, types, member.outputs)
        flush(len(self._nodes))
        if explain:
            return explanations
        self._last_plan = plan
        _finish_stacks(plan.stacks, env, constants, outs, targets)
        self._finish(env, constants)
        return env

    def _learn_shapes(
        self,
        recorded: dict[str, tuple[int, ...]],
        env: dict[str, np.ndarray[Any, Any]],
        shapes: dict[str, tuple[int, ...]],
        types: dict[str, int],
        outputs: Sequence[str],
    ) -> None:
        """After a CPU step at a build: its outputs' shapes and types are what the later nodes are
        lowered for, recorded in the step (_execute checks later runs against them)."""
        for name in outputs:
            if name in env:
                shapes[name] = tuple(int(n) for n in env[name].shape)
                recorded[name] = shapes[name]
                if 0 in shapes[name]:
                    self._empties.add(name)
                types[name] = _elem_of(env[name])

    def _find_lowering(self, node: Node) -> Lowering:
        """``find_lowering`` for a node, answered once per op, domain and opset in a session (each
        plan asks again for every node), its refusal too."""
        key = (node.op_type, node.domain, node.opset)
        found = self._lowering_for.get(key)
        if found is None:
            try:
                found = find_lowering(*key)
            except LoweringError as error:
                found = error
            self._lowering_for[key] = found
        if isinstance(found, LoweringError):
            raise LoweringError(str(found))
        return found

    def _bias_next(self, node: Node, constants: Mapping[str, Any]) -> Node | None:
        """The next node when it is an Add of a MatMul's output that nothing else reads
        (ONNX Runtime's MatMulAddFusion makes the pair a Gemm before the provider sees it).

        Also a FusedMatMul's (MatMulScaleFusion's: attention scores Q K^T / sqrt(d), then + mask),
        past nodes folded to constants: the provider would run the Add as its own operator, but
        the GEMM adds CTensor (Beta 1) to Alpha * A B in the same float operations, so the bits are
        the same and the scores are not read and written again (BERT-base, batch 1, 2 threads:
        the 12 ELEMENT_WISE_ADDs of 12 x 128 x 128 took 2 % of the run)."""
        fused = node.op_type == "FusedMatMul" and node.domain == CONTRIB_DOMAIN
        if not (fused or (node.op_type == "MatMul" and node.domain in ("", "ai.onnx"))) or not node.outputs:
            return None
        at = node.index + 1
        while fused and at < len(self._nodes) and all(o in constants for o in self._nodes[at].outputs if o):
            at += 1
        if at >= len(self._nodes):
            return None
        add = self._nodes[at]
        out = node.outputs[0]
        if (
            add.op_type != "Add"
            or add.domain not in ("", "ai.onnx")
            or out not in add.inputs[:2]
            or self._readers.get(out, 0) != 1
        ):
            return None
        return add

    def _fusable_next(self, node: Node, as_op: str | None = None) -> Node | None:
        """The next node when it is an activation the provider fuses into ``node``'s operator:
        it reads ``node``'s output, which nothing else reads and the graph does not output
        (DmlGraphFusionTransformer's conditions)."""
        if node.index + 1 >= len(self._nodes) or not node.outputs:
            return None
        activation = self._nodes[node.index + 1]
        out = node.outputs[0]
        if (
            not can_fuse(node, activation, op_type=as_op)
            or activation.inputs[:1] != [out]
            or self._readers.get(out, 0) != 1
            or any(self._readers.get(extra, 0) for extra in node.outputs[1:] if extra)
        ):
            return None
        return activation

    def _report(self, stage: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, total)

    def _compile(self, segment: Segment, needed: list[str]) -> _DmlStep:
        self._report("compiling the graph", 0, 0)
        desc, outputs = segment.build(needed)
        try:
            graph = self.device.compile_graph(desc)
        except PydmlError as error:
            raise UnsupportedNodeError(f"DML_GRAPH_DESC of the model: {str(error).splitlines()[0]}") from None
        owned = {k: array for k, (_, is_owned, array) in enumerate(segment.graph_inputs) if is_owned}
        if owned:
            self._report("binding initializers", 0, 0)
            # borrowed, not copied: the session's initializer arrays live as long as its plans, and
            # every plan (one per input-shape signature) reads the same single copy of the weights;
            # shared: those arrays never change (made read-only here), so plans running in turn
            # share each operator's one packing of them instead of each packing again
            graph.initialize([_frozen(owned.get(k)) for k in range(len(segment.graph_inputs))],
                             borrow=True, share=True)
        inputs = [name if not is_owned else "" for name, is_owned, _ in segment.graph_inputs]
        return _DmlStep(graph, inputs, outputs, owned=[owned.get(k) for k in range(len(inputs))])

    # -- plans by template ---------------------------------------------------------------

    def _family_of(self, feed: Mapping[str, np.ndarray[Any, Any]]) -> tuple[Any, tuple[int, ...]]:
        """The feed's family key (names, ranks, types, CPU-read values) and its dimensions. A
        CPU-read integer input of at most _HOST_DIMS values counts its values among the dimensions
        (a GroupQueryAttention's total_sequence_length one more than a growing past's length at
        every token): the template takes them as affine too, and its confirming build checks it."""
        names = sorted(feed)
        key: tuple[Any, ...] = tuple((k, feed[k].ndim, feed[k].dtype.str) for k in names)
        dims = [int(n) for k in names for n in feed[k].shape]
        for name in sorted(self._host_inputs):
            value = feed.get(name)
            if value is None:
                continue
            if value.dtype.kind in "iu" and value.size <= _HOST_DIMS:
                key += ((name, value.shape),)
                dims += [int(v) for v in value.reshape(-1).tolist()]
            else:
                key += ((name, value.tobytes()),)
        return key, tuple(dims)

    def _skeleton(self, plan: _Plan) -> Any:
        """What a plan is made of, for template.fit: per step its graph desc (the compiled
        operators in it), inputs, output views and owned arrays; and the constants it reads.
        None for a plan with reference steps (their nodes are not numbers)."""
        steps = []
        read: set[str] = {name for name in self._output_names if name in plan.constants}
        for step in plan.steps:
            if not isinstance(step, _DmlStep):
                return None
            steps.append((step.graph.desc, tuple(step.inputs), tuple(step.outputs), tuple(step.owned)))
            read.update(name for name in step.inputs if name in plan.constants)
        constants = tuple((name, plan.constants[name]) for name in sorted(read))
        return tuple(steps), constants, plan.views, plan.stacks

    def _learn(self, feed: Mapping[str, np.ndarray[Any, Any]], plan: _Plan) -> None:
        """After a full build: confirm the family's template with it, or fit one anew from the
        family's last two full builds (until one is confirmed: it is kept then)."""
        key, dims = self._family_of(feed)
        family = self._families.setdefault(key, _Family())
        if family.confirmed:
            # a signature the confirmed template does not reach (a size it would make 1 or not
            # whole, another dimension changed, a desc refused): the template stays
            return
        if family.template is not None:
            s = template.parameter(family.builds[-2][0], family.builds[-1][0], dims)
            skeleton = self._skeleton(plan)
            if (
                s is not None
                and skeleton is not None
                and template.check(family.template, skeleton, s)
                and template.check(family.front, plan.front, s)
            ):
                try:
                    family.recipe = self._recipe(family)
                except template.NoFit:  # (not a plan's shape: no template of this family is used)
                    family.failures += 1
                    return
                family.confirmed = True
                return
            family.failures += 1
        family.builds = [*family.builds[-1:], (dims, plan)]
        family.template, family.front, family.confirmed = None, None, False
        if len(family.builds) < 2 or family.failures > 2:
            return
        (_, a), (_, b) = family.builds
        first, second = self._skeleton(a), self._skeleton(b)
        if first is None or second is None or a.front is None or b.front is None:
            return
        try:
            fitted, front = template.fit(first, second), template.fit(a.front, b.front)
        except template.NoFit:
            return
        if template.varies(fitted):
            family.template, family.front = fitted, front

    def _derive(self, feed: Mapping[str, np.ndarray[Any, Any]]) -> _Plan | None:
        """The plan for a new signature from its family's confirmed template, or None (then the
        plan is built in full: a desc the template makes that DirectML refuses, or a graph that
        does not compile, is reported by that build)."""
        key, dims = self._family_of(feed)
        family = self._families.get(key)
        if family is None or family.template is None or not family.confirmed:
            return None
        s = template.parameter(family.builds[-2][0], family.builds[-1][0], dims)
        if s is None:
            return None
        if self._clamps:
            # what the lowering would read for this signature (onnx shape inference, the folded
            # constants) must be what the template predicts: a size clamped by a Slice (a sliding
            # window over the cache), a Min of a shape, is not affine where it starts clamping
            constants, _, shapes = self._front_end(feed)
            if not template.check(family.front, self._front(constants, shapes), s):
                return None
        elif self._host_keys:
            # the same for what the lowerings read of their host inputs, from the feed alone
            assert family.recipe is not None
            if not template.check(family.recipe.host_reads, self._host_reads(feed, _shapes_of(feed)), s):
                return None
        try:
            return self._instantiate(family, s)
        except (template.NoFit, PydmlError):
            return None

    def _recipe(self, family: _Family) -> _Recipe:
        """The family's template taken apart, once, when a build confirms it (the template and the
        builds it was fitted from do not change after that)."""
        steps_t, constants_t, views_t, stacks_t = template.items(family.template, 4)
        bases = [step for step in family.builds[-1][1].steps if isinstance(step, _DmlStep)]
        steps = []
        for step_t, base in zip(template.items(steps_t, len(bases)), bases, strict=True):
            desc_t, inputs_t, outputs_t, owned_t = template.items(step_t, 4)
            steps.append((base, desc_t, inputs_t, outputs_t, owned_t, template.node_operators(desc_t)))
        return _Recipe(constants_t, views_t, stacks_t, steps, template.items(family.front, 3)[2])

    def _instantiate(self, family: _Family, s: Fraction) -> _Plan:
        """The family's template made at ``s`` (its recipe): the constants, views and stacks it
        varies, and per step the base graph with the operators that vary swapped in. One ``make``
        memo throughout: an object the template shares (an operator every layer runs) is made
        once. A step whose graph varies only in operators (template.node_operators) is compiled
        from them with no desc object made (its GraphDesc is made if something reads it); any
        other, from the desc made in full."""
        recipe = family.recipe
        assert recipe is not None
        memo: dict[int, Any] = {}
        limit = self.device.max_elements
        create = self._operator
        parts = (recipe.constants, recipe.views, recipe.stacks)
        constants, views, stacks = (template.make(t, s, create, memo, limit) for t in parts)
        varies_constants = template.varies(recipe.constants)
        plan = _Plan(dict(constants), views=views, stacks=stacks)
        for base, desc_t, inputs_t, outputs_t, owned_t, swapped in recipe.steps:
            inputs, outputs, owned = (template.make(t, s, create, memo, limit) for t in (inputs_t, outputs_t,
                                                                                         owned_t))
            if swapped is not None:
                replaced = [(i, template.make(op, s, create, memo, limit)) for i, op in swapped]
                desc = partial(template.make, desc_t, s, create, memo, limit)
                graph = self.device.compile_graph_replacing(base.graph, replaced, desc)
            else:
                # the template's sample: the nodes whose operators changed swapped in its C desc
                made_desc = template.make(desc_t, s, create, memo, limit)
                graph = self.device.compile_graph_like(base.graph, made_desc)
            if any(array is not None for array in owned):
                # the arrays the base step bound (the same objects): read-only already
                same = len(owned) == len(base.owned) and all(map(operator.is_, owned, base.owned))
                if not (same and graph.initialize_as(base.graph)):
                    graph.initialize(list(owned) if same else [_frozen(a) for a in owned], borrow=True,
                                     share=True)
            plan.steps.append(_DmlStep(graph, list(inputs), list(outputs), owned=list(owned),
                                       like=None if varies_constants else base))
        return plan

    def _operator(self, desc: Any) -> Any:
        """The compiled operator of a desc, shared as Segment._compiled shares them."""
        key = (desc, hash(desc))
        compiled = self._operators.get(key)
        if compiled is None:
            compiled = self.device.create_operator(desc)
            keep_operator(self._operators, key, compiled)
        return compiled

    # -- executing -----------------------------------------------------------------------

    def _bind_step(
        self, step: _DmlStep, env: dict[str, np.ndarray[Any, Any]], constants: dict[str, np.ndarray[Any, Any]]
    ) -> list[tuple[int, Any]]:
        """The step's bound inputs once for all its runs: a value the plan holds (a constant no run
        changes) is bound now, as the graph reads it; a run-time one (a model input, or computed by
        an earlier step) is listed in ``step.dynamic``. (OWNED_BY_DML inputs: not bound at all.)"""
        like = step.like
        if like is not None and like.bound is not None and like.inputs == step.inputs:
            # the base step's lists (read, never changed): the same arrays by the same names
            bound, dynamic = like.bound, like.dynamic
        else:
            bound = []
            dynamic = []
            for i, name in enumerate(step.inputs):
                if name and name in constants and name not in env:
                    bound.append((i, _graph_array(constants[name])))
                elif name:
                    dynamic.append((i, name))
        step.results = [(name, view.shape, ONNX_TO_NUMPY[view.onnx_type]) for name, view in step.outputs]
        step.dynamic = dynamic
        step.bound = bound
        return bound

    def _run_dml(
        self,
        step: _DmlStep,
        env: dict[str, np.ndarray[Any, Any]],
        constants: dict[str, np.ndarray[Any, Any]],
        targets: dict[str, np.ndarray[Any, Any]] | None = None,
    ) -> None:
        """Run a graph step; an output named in ``targets`` is written into that array (its slice
        of a stacked output), and leaves ``targets``."""
        bound = step.bound if step.bound is not None else self._bind_step(step, env, constants)
        values = bound + [
            (i, _graph_array(env[name] if name in env else constants[name])) for i, name in step.dynamic
        ]
        outputs = None
        if targets:
            outputs = {k: targets.pop(name) for k, (name, _, _) in enumerate(step.results) if name in targets}
        results = step.graph.execute_indexed(values, outputs)
        if step.direct:
            for (name, _, _), result in zip(step.results, results, strict=False):
                env[name] = result
            return
        direct = True
        for (name, shape, want), result in zip(step.results, results, strict=False):
            direct = direct and type(result) is np.ndarray and result.shape == shape and result.dtype == want
            array = np.asarray(result)
            if array.shape != shape:
                array = array.reshape(shape)
            # BOOL is UINT8 in DirectML, TopK's int64 indices UINT64: the same bytes, read as ONNX's type
            env[name] = (
                array.view(want) if array.dtype != want and array.dtype.itemsize == want.itemsize else array
            )
        # a graph's outputs have the same shapes and types at every execution: when they are the
        # ONNX values already, later runs take them as they are
        step.direct = direct

    def _run_ref(
        self, step: _RefStep, env: dict[str, np.ndarray[Any, Any]], constants: dict[str, np.ndarray[Any, Any]]
    ) -> None:
        node = step.node
        values = [(env[n] if n in env else constants.get(n)) if n else None for n in node.inputs]
        results = evaluate(node, values, self._opsets, list(self.model.functions))
        for name, value in zip(node.outputs, results, strict=False):
            if name:
                env[name] = value

    def _run_host(
        self,
        step: _HostStep,
        env: dict[str, np.ndarray[Any, Any]],
        constants: dict[str, np.ndarray[Any, Any]],
    ) -> None:
        node = step.node
        arrays = [env[n] if n in env else constants[n] for n in step.finish.reads(node)]
        for name, value in zip(node.outputs, step.finish.run(node, arrays), strict=False):
            if name:
                env[name] = value

    def _execute(self, plan: _Plan, feed: dict[str, np.ndarray[Any, Any]]) -> dict[str, np.ndarray[Any, Any]]:
        env: dict[str, np.ndarray[Any, Any]] = dict(feed)
        for out, source, index in plan.views:
            env[out] = env[source][index]
        outs, targets = _stack_targets(plan.stacks)
        last = len(plan.steps) - 1
        for k, step in enumerate(plan.steps):
            if isinstance(step, _DmlStep):
                self._run_dml(step, env, plan.constants, targets)
                continue
            if isinstance(step, _HostStep):
                self._run_host(step, env, plan.constants)
            else:
                self._run_ref(step, env, plan.constants)
            if k < last and any(env[n].shape != shape for n, shape in step.shapes.items() if n in env):
                raise _ShapesChanged  # later steps were lowered for the build's shapes
        _finish_stacks(plan.stacks, env, plan.constants, outs, targets)
        self._finish(env, plan.constants)
        return env

    def _finish(
        self, env: dict[str, np.ndarray[Any, Any]], constants: dict[str, np.ndarray[Any, Any]]
    ) -> None:
        """Outputs that are constants or inputs (nothing computes them) are copied from there."""
        for name in self._output_names:
            if name not in env and name in constants:
                env[name] = np.array(constants[name])


def _no_operator(node: Node, what: str) -> Explanation:
    """The explain() row of a node the plan needs no operator for (``what`` it became instead)."""
    return Explanation(node.name, node.op_type, node.opset, [f"({what})"], "dml")


def _stack_targets(
    stacks: tuple[tuple[str, tuple[str, ...], tuple[int, ...], str], ...],
) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, np.ndarray[Any, Any]]]:
    """Each stacked output's array, and by stacked value its slice (where its graph writes it)."""
    outs: dict[str, np.ndarray[Any, Any]] = {}
    targets: dict[str, np.ndarray[Any, Any]] = {}
    for out, names, shape, dtype in stacks:
        array = outs[out] = np.empty(shape, dtype=dtype)
        for k, name in enumerate(names):
            targets[name] = array[k]
    return outs, targets


def _finish_stacks(
    stacks: tuple[tuple[str, tuple[str, ...], tuple[int, ...], str], ...],
    env: dict[str, np.ndarray[Any, Any]],
    constants: Mapping[str, np.ndarray[Any, Any]],
    outs: dict[str, np.ndarray[Any, Any]],
    targets: dict[str, np.ndarray[Any, Any]],
) -> None:
    """The stacked outputs into ``env``: a value no graph wrote in place (one a reference node
    computed, or folded once the build reached it) is copied into its slice."""
    for out, names, _, _ in stacks:
        for name in names:
            target = targets.get(name)
            if target is not None:
                np.copyto(target, env[name] if name in env else constants[name])
        env[out] = outs[out]


def _without_weight_data(model: Any, is_weight: Callable[[Any], bool]) -> Any:
    """A model this session read, once its initializers are arrays: a copy without the data of the
    large ones (nothing reads it from the proto again). Clearing the fields alone gave no memory
    back: protobuf's upb backend keeps a message's fields in an arena freed with the whole message
    (BERT-base's 324 MB stayed resident beside the arrays), so the cleared model is copied, small
    now, and the caller drops the read one with every reference into it."""
    for t in model.graph.initializer:
        if is_weight(t):
            t.ClearField("raw_data")
            for name in ("float_data", "int32_data", "int64_data", "double_data", "uint64_data"):
                t.ClearField(name)
    light = onnx().ModelProto()
    light.CopyFrom(model)
    return light


def _graph_array(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """An ONNX value as a graph binds it: C-contiguous, BOOL as DirectML's UINT8."""
    if array.dtype == np.bool_:
        array = array.view(np.uint8)
    return array if array.flags.c_contiguous else np.ascontiguousarray(array)


def _member_rows(node: Node) -> list[Explanation]:
    """The rows of the model's nodes a graph rewrite fused into ``node`` (its namesake excepted)."""
    if not isinstance(node, FusedNode):
        return []
    return [
        Explanation(
            m.name, m.op_type, m.opset, [f"({node.fusion}: part of {node.name}'s {node.op_type})"], "dml"
        )
        for m in node.members
        if m.name != node.name
    ]


def _elem_of(array: np.ndarray[Any, Any]) -> int:
    from pydml.onnx.lowering import numpy_to_onnx

    return numpy_to_onnx(array.dtype)
