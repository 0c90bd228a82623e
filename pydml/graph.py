"""CompileGraph from Python: a DML_GRAPH_DESC of dataclasses marshalled to C and run by native/graph/graph.c.

``compile_graph`` validates what only Python can see (objects that have no C representation, a
node or edge Type that disagrees with its Desc's class) and each operator node's desc at the
device's feature level (the message prefixed by the node), compiles each operator with the C API,
builds the directml.h structs and calls ``pydml_graph_compile``, whose rules and messages are the
C API's own. ``CompiledGraph.execute`` binds memory and makes one C call: no per-node Python.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.lib.stride_tricks import as_strided

from pydml.enums import ExecutionFlags, GraphEdgeType, GraphNodeType
from pydml.errors import BindingError, PydmlError, UnsupportedError, ValidationError
from pydml.graph_descs import (
    EDGE_CLASSES,
    NODE_CLASSES,
    ConstantDataGraphNodeDesc,
    GraphDesc,
    GraphEdgeDesc,
    GraphNodeDesc,
    OperatorGraphNodeDesc,
)
from pydml.native import NUMPY_DTYPES, element_strides, ffi, lib, memory_limit, strided_view_memory
from pydml.representable import UINT32_MAX
from pydml.validate import raise_diagnostic

if TYPE_CHECKING:
    from pydml.device import CompiledOperator, Device

_OWNER = "DML_GRAPH_DESC"
_EDGE_FIELDS = {
    GraphEdgeType.INPUT: ("GraphInputIndex", "ToNodeIndex", "ToNodeInputIndex"),
    GraphEdgeType.OUTPUT: ("FromNodeIndex", "FromNodeOutputIndex", "GraphOutputIndex"),
    GraphEdgeType.INTERMEDIATE: ("FromNodeIndex", "FromNodeOutputIndex", "ToNodeIndex", "ToNodeInputIndex"),
}
_LISTS = (("InputEdges", GraphEdgeType.INPUT), ("OutputEdges", GraphEdgeType.OUTPUT),
          ("IntermediateEdges", GraphEdgeType.INTERMEDIATE))


def _node_label(index: int, name: str | None) -> str:
    return f"Nodes[{index}]" + (f' "{name}"' if name else "")


def _wrap_node(value: Any, index: int) -> tuple[GraphNodeType, Any]:
    """(DML_GRAPH_NODE_TYPE, node desc) of a node given wrapped, as a bare node desc, or as a bare
    operator."""
    if type(value) is OperatorGraphNodeDesc:  # the common case first
        return GraphNodeType.OPERATOR, value
    if isinstance(value, GraphNodeDesc):
        try:
            node_type = GraphNodeType.parse(value.Type)
        except ValueError:
            raise ValidationError(_OWNER, f"Nodes[{index}].Type",
                                  "must be DML_GRAPH_NODE_TYPE_OPERATOR or DML_GRAPH_NODE_TYPE_CONSTANT",
                                  value.Type) from None
        expected = NODE_CLASSES.get(node_type)
        if expected is None or not isinstance(value.Desc, expected):
            what = "NULL" if value.Desc is None else f"a {type(value.Desc).__name__}"
            raise ValidationError(_OWNER, f"Nodes[{index}].Desc",
                                  f"Type is {node_type.c_name}, so Desc must be a "
                                  f"{expected.__name__ if expected else 'node desc'}, not {what}",
                                  show_value=False)
        return node_type, value.Desc
    if isinstance(value, OperatorGraphNodeDesc):
        return GraphNodeType.OPERATOR, value
    if isinstance(value, ConstantDataGraphNodeDesc):
        return GraphNodeType.CONSTANT, value
    return GraphNodeType.OPERATOR, OperatorGraphNodeDesc(Operator=value)


#: the edge desc classes by exact type: an edge given bare (the common case) is wrapped by a lookup
_EDGE_TYPE_OF: dict[type, GraphEdgeType] = {cls: edge_type for edge_type, cls in EDGE_CLASSES.items()}


def _wrap_edge(value: Any, list_name: str, index: int) -> tuple[GraphEdgeType, Any]:
    """(DML_GRAPH_EDGE_TYPE, edge desc) of an edge given wrapped or bare."""
    edge_type = _EDGE_TYPE_OF.get(type(value))
    if edge_type is not None:
        return edge_type, value
    if isinstance(value, GraphEdgeDesc):
        try:
            edge_type = GraphEdgeType.parse(value.Type)
        except ValueError:
            raise ValidationError(_OWNER, f"{list_name}[{index}].Type", "is not a DML_GRAPH_EDGE_TYPE value",
                                  value.Type) from None
        expected = EDGE_CLASSES.get(edge_type)
        if expected is None or not isinstance(value.Desc, expected):
            what = "NULL" if value.Desc is None else f"a {type(value.Desc).__name__}"
            raise ValidationError(_OWNER, f"{list_name}[{index}].Desc",
                                  f"Type is {edge_type.c_name}, so Desc must be a "
                                  f"{expected.__name__ if expected else 'edge desc'}, not {what}",
                                  show_value=False)
        return edge_type, value.Desc
    for edge_type, cls in EDGE_CLASSES.items():
        if isinstance(value, cls):
            return edge_type, value
    raise ValidationError(_OWNER, f"{list_name}[{index}]", "must be a DML_GRAPH_EDGE_DESC or an edge desc",
                          type(value).__name__)


def _uint(value: Any, field: str) -> int:
    if type(value) is int and 0 <= value <= UINT32_MAX:  # the common case, checked first
        return value
    if (isinstance(value, bool) or not isinstance(value, (int, np.integer))
            or not 0 <= int(value) <= UINT32_MAX):
        raise ValidationError(_OWNER, field, "must be a UINT (an integer in [0, 2^32))", value)
    return int(value)


def _name(value: Any, field: str, keep: list[Any]) -> Any:
    if value is None:
        return ffi.NULL
    if not isinstance(value, str):
        raise ValidationError(_OWNER, field, "must be a string or None", value)
    text = ffi.new("char[]", value.encode())
    keep.append(text)
    return text


class _Node:
    """An operator node's compiled operator (None for a constant) and its name."""

    __slots__ = ("kernel", "name")

    def __init__(self, kernel: CompiledOperator | None, name: str | None):
        self.kernel = kernel
        self.name = name


def _compile_node(device: Device, node: OperatorGraphNodeDesc, index: int,
                  flags: ExecutionFlags) -> _Node:
    operator = node.Operator
    if isinstance(node.Name, str) or node.Name is None:
        label = _node_label(index, node.Name)
    else:
        raise ValidationError(_OWNER, f"Nodes[{index}].Desc.Name", "must be a string or None", node.Name)
    # a compiled operator (Device.create_operator): the graph layer sits below the device, so it
    # knows one by its handle, not by its class
    compiled_operator = hasattr(operator, "handle") and hasattr(operator, "desc")
    if (compiled_operator and operator.flags == flags
            and operator.feature_level == device.feature_level):
        # compiled by this level with these flags (its validation holds): not compiled twice
        return _Node(operator, node.Name)
    desc = operator.desc if compiled_operator else operator
    try:
        # one C call validates at the device's level and compiles (Device.create_operator)
        compiled = device.create_operator(desc, flags)
    except TypeError:
        raise ValidationError(_OWNER, f"Nodes[{index}].Desc.Operator",
                              "must be a DML_OPERATOR_DESC, an operator desc or a compiled operator",
                              type(operator).__name__) from None
    except ValidationError as error:
        # the operator's own verdict, prefixed by the node that holds it
        error.args = (f"{_OWNER}.{label}: {error}",)
        error.node = index  # type: ignore[attr-defined]
        raise
    except UnsupportedError as error:
        raise UnsupportedError(f"{_OWNER}.{label}: {error}") from None
    return _Node(compiled, node.Name)


def compile_graph(device: Device, graph_desc: GraphDesc,
                  flags: ExecutionFlags | int | str = ExecutionFlags.NONE, *,
                  fusion: bool = True, concurrency: bool | None = None) -> CompiledGraph:
    """IDMLDevice1::CompileGraph: validate every rule, compile each node, plan the execution
    (fusion and concurrency as ``Device.compile_graph`` describes)."""
    try:
        parsed = ExecutionFlags.parse(flags)
    except ValueError:
        raise ValidationError("IDMLDevice1::CompileGraph", "flags", "is not a DML_EXECUTION_FLAGS value",
                              flags) from None
    if not isinstance(graph_desc, GraphDesc):
        raise ValidationError(_OWNER, "", "must be a DML_GRAPH_DESC", type(graph_desc).__name__)
    keep: list[Any] = []
    nodes = [_wrap_node(n, i) for i, n in enumerate(graph_desc.Nodes)]
    edges = {name: [_wrap_edge(e, name, i) for i, e in enumerate(getattr(graph_desc, name))]
             for name, _ in _LISTS}
    compiled: list[_Node] = []
    c_nodes = ffi.new("DML_GRAPH_NODE_DESC[]", max(1, len(nodes)))
    keep.append(c_nodes)
    # the node descs in one C array per node type (not an allocation per node)
    operator_count = sum(t == GraphNodeType.OPERATOR for t, _ in nodes)
    operators = ffi.new("DML_OPERATOR_GRAPH_NODE_DESC[]", max(1, operator_count))
    constants = ffi.new("DML_CONSTANT_DATA_GRAPH_NODE_DESC[]", max(1, len(nodes) - operator_count))
    keep += (operators, constants)
    taken = [0, 0]
    for i, (node_type, desc) in enumerate(nodes):
        c_nodes[i].Type = int(node_type)
        if node_type == GraphNodeType.OPERATOR:
            entry = _compile_node(device, desc, i, parsed)
            assert entry.kernel is not None
            inner = operators + taken[0]
            taken[0] += 1
            # until the COM API exists, the IDMLOperator* is a pydml_operator* (include/pydml.h)
            inner.Operator = ffi.cast("IDMLOperator*", entry.kernel.handle)
            inner.Name = _name(desc.Name, f"Nodes[{i}].Desc.Name", keep)
        else:
            data = desc.Data
            try:
                source: Any = np.ascontiguousarray(data) if isinstance(data, np.ndarray) else data
                raw = np.frombuffer(memoryview(source).cast("B"), dtype=np.uint8)
            except TypeError:
                raise ValidationError(_OWNER, f"Nodes[{i}].Desc.Data", "must be bytes or an array",
                                      type(data).__name__) from None
            keep.append(raw)
            inner = constants + taken[1]
            taken[1] += 1
            inner.Data = ffi.from_buffer(raw) if raw.nbytes else ffi.NULL
            inner.DataSize = raw.nbytes
            inner.Name = _name(desc.Name, f"Nodes[{i}].Desc.Name", keep)
            entry = _Node(None, desc.Name)
        c_nodes[i].Desc = inner
        compiled.append(entry)
    c_graph = ffi.new("DML_GRAPH_DESC*")
    keep.append(c_graph)
    input_count, output_count = graph_desc.input_count(), graph_desc.output_count()
    c_graph.InputCount = _uint(input_count, "InputCount")
    c_graph.OutputCount = _uint(output_count, "OutputCount")
    c_graph.NodeCount = len(nodes)
    c_graph.Nodes = c_nodes if nodes else ffi.NULL
    for name, _ in _LISTS:
        items = edges[name]
        array, marshalled = _edge_array(getattr(graph_desc, name), items, name)
        keep.append(marshalled)
        setattr(c_graph, name, array if items else ffi.NULL)
        setattr(c_graph, name.replace("Edges", "EdgeCount"), len(items))
    options = (0 if fusion else lib.PYDML_GRAPH_NO_FUSION) | (
        0 if concurrency is None else lib.PYDML_GRAPH_CONCURRENT if concurrency else lib.PYDML_GRAPH_SERIAL)
    handle = _compile_c(c_graph, parsed, options)
    input_names: dict[str, int] = {}
    for _, edge in edges["InputEdges"]:
        if edge.Name is not None:
            input_names.setdefault(edge.Name, edge.GraphInputIndex)
    output_names = {e.Name: e.GraphOutputIndex for _, e in edges["OutputEdges"] if e.Name is not None}
    # the data types that read each graph input: an array of another type is a binding error
    input_types: dict[int, set[int]] = {}
    info = ffi.new("pydml_binding_info*")
    for _, edge in edges["InputEdges"]:
        kernel = compiled[edge.ToNodeIndex].kernel
        assert kernel is not None
        lib.pydml_operator_binding_info(kernel.handle, 0, edge.ToNodeInputIndex, info)
        input_types.setdefault(edge.GraphInputIndex, set()).add(int(info.tensor.data_type))
    graph = CompiledGraph(handle, compiled, input_names, output_names, input_types, parsed, graph_desc)
    graph._marshalled = _Marshalled(c_graph, c_nodes, keep, options)
    return graph


def _compile_c(c_graph: Any, flags: ExecutionFlags, options: int) -> Any:
    """pydml_graph_compile(_ex) of a marshalled DML_GRAPH_DESC: the ``pydml_graph*``, or the C
    verdict raised."""
    handle = ffi.new("pydml_graph**")
    diagnostic = ffi.new("pydml_diagnostic*")
    if options:
        status = lib.pydml_graph_compile_ex(c_graph, int(flags), options, handle, diagnostic)
    else:  # the environment's options, as the C and COM APIs read them
        status = lib.pydml_graph_compile(c_graph, int(flags), handle, diagnostic)
    if status == lib.PYDML_STATUS_OUT_OF_MEMORY:
        raise MemoryError("DML_GRAPH_DESC: out of memory compiling the graph")
    if status:
        raise_diagnostic(diagnostic)
    return handle[0]


class _Marshalled:
    """A compiled graph's C desc as compile_graph marshalled it (with what it points to, in
    ``keep``), kept for compile_graph_like."""

    __slots__ = ("c_graph", "c_nodes", "inner_names", "keep", "options")

    def __init__(self, c_graph: Any, c_nodes: Any, keep: list[Any], options: int) -> None:
        self.c_graph = c_graph
        self.c_nodes = c_nodes
        self.keep = keep
        self.options = options
        #: compile_graph_replacing's copies of the replaced nodes' descs, by their indices
        self.inner_names: dict[tuple[int, ...], Any] = {}


def compile_graph_like(base: CompiledGraph, graph_desc: GraphDesc) -> CompiledGraph | None:
    """``graph_desc`` compiled as ``base`` was (its flags and options), when it is ``base``'s desc
    with the compiled operators of some operator nodes replaced by others of the same data types
    and flags: a plan patched from a template (pydml/onnx/template.py makes new objects only for
    what changed, so every other node and each edge list is ``base``'s own object). The C desc
    ``base`` was compiled from is copied with those nodes' IDMLOperator* swapped, and compiled
    again (every rule is checked again in C); nothing else is marshalled. None when ``graph_desc``
    is not such a desc (``compile_graph`` then compiles it in full)."""
    old = base.desc
    if (base._marshalled is None or type(graph_desc) is not GraphDesc
            or len(graph_desc.Nodes) != len(old.Nodes) or graph_desc.InputCount != old.InputCount
            or graph_desc.OutputCount != old.OutputCount
            or any(getattr(graph_desc, name) is not getattr(old, name) for name, _ in _LISTS)):
        return None
    replaced: list[tuple[int, Any]] = []
    for i, (node, was) in enumerate(zip(graph_desc.Nodes, old.Nodes, strict=True)):
        if node is was:
            continue
        if type(node) is not OperatorGraphNodeDesc or type(was) is not type(node) or node.Name != was.Name:
            return None
        replaced.append((i, node.Operator))
    return compile_graph_replacing(base, replaced, graph_desc)


def compile_graph_replacing(base: CompiledGraph, replaced: Sequence[tuple[int, Any]],
                            desc: GraphDesc | Callable[[], GraphDesc]) -> CompiledGraph | None:
    """``base`` compiled again (its flags and options) with the compiled operator of each operator
    node ``replaced`` names, by index in Nodes, swapped for another of the same data types, level
    and flags: ``base``'s C desc is copied with those nodes' IDMLOperator* swapped and compiled
    (every rule is checked again in C). ``desc`` is the new graph's GraphDesc, or a function
    making it when something asks (a decoder step's plan at a new past length: its graph is never
    read as a desc). None when ``base`` kept no C desc or a replacement is not such an operator."""
    marshalled = base._marshalled
    if marshalled is None:
        return None
    count = len(base._nodes)
    for i, operator in replaced:
        kernel = base._nodes[i].kernel if 0 <= i < count else None
        if (kernel is None or type(operator) is not type(kernel) or operator.flags != base.flags
                or operator.feature_level != kernel.feature_level):
            return None
    c_nodes = ffi.new("DML_GRAPH_NODE_DESC[]", count)
    ffi.memmove(c_nodes, marshalled.c_nodes, ffi.sizeof("DML_GRAPH_NODE_DESC") * count)
    n = len(replaced)
    inner = ffi.new("DML_OPERATOR_GRAPH_NODE_DESC[]", max(1, n))
    # the replaced nodes' descs as base has them (their names) in one copy, then each Operator
    # written: a decoder step swaps 20 nodes at every new past length
    where = tuple([i for i, _ in replaced])
    names = marshalled.inner_names.get(where)
    if names is None:
        names = ffi.new("DML_OPERATOR_GRAPH_NODE_DESC[]", max(1, n))
        for k, i in enumerate(where):
            names[k] = ffi.cast("DML_OPERATOR_GRAPH_NODE_DESC*", c_nodes[i].Desc)[0]
        if len(marshalled.inner_names) < 8:
            marshalled.inner_names[where] = names
    ffi.memmove(inner, names, ffi.sizeof("DML_OPERATOR_GRAPH_NODE_DESC") * n)
    nodes = list(base._nodes)
    handles = list(base._handles)
    for k, (i, operator) in enumerate(replaced):
        inner[k].Operator = ffi.cast("IDMLOperator*", operator.handle)
        c_nodes[i].Desc = inner + k
        nodes[i] = _Node(operator, nodes[i].name)
        handles[i] = operator.handle
    c_graph = ffi.new("DML_GRAPH_DESC*")
    ffi.memmove(c_graph, marshalled.c_graph, ffi.sizeof("DML_GRAPH_DESC"))
    c_graph.Nodes = c_nodes
    handle = _compile_c(c_graph, base.flags, marshalled.options)
    graph = CompiledGraph(handle, nodes, base._input_names, base._output_names, {}, base.flags,
                          desc if isinstance(desc, GraphDesc) else None, like=base, handles=handles)
    if not isinstance(desc, GraphDesc):
        graph._make_desc = desc
    # (the edge arrays, names and other nodes' descs are base's: kept alive with its marshalled desc)
    graph._marshalled = _Marshalled(c_graph, c_nodes, [marshalled, inner], marshalled.options)
    return graph


#: the C arrays of edge lists marshalled before, by the list's id, with the list (kept alive, so
#: the id is its own) and its items then: a list compiled again with the same edge objects (a
#: plan patched from a template compiles its model's edge lists once per input shape; edge descs
#: are frozen) reuses them. A few dozen lists at most.
_EDGE_ARRAYS: dict[int, tuple[Any, tuple[Any, ...], Any, list[Any]]] = {}
_EDGE_ARRAYS_KEPT = 32


def _edge_array(source: Any, items: list[tuple[GraphEdgeType, Any]], name: str) -> tuple[Any, list[Any]]:
    """The DML_GRAPH_EDGE_DESC array of one edge list (its items validated and wrapped by
    _wrap_edge), and what it points to (the per-type edge descs, the names)."""
    cacheable = type(source) is list or type(source) is tuple
    if cacheable:
        known = _EDGE_ARRAYS.get(id(source))
        if (known is not None and known[0] is source and len(known[1]) == len(source)
                and all(a is b for a, b in zip(known[1], source, strict=True))):
            return known[2], known[3]
    keep: list[Any] = []
    array = ffi.new("DML_GRAPH_EDGE_DESC[]", max(1, len(items)))
    keep.append(array)
    ctype = {GraphEdgeType.INPUT: "DML_INPUT_GRAPH_EDGE_DESC[]",
             GraphEdgeType.OUTPUT: "DML_OUTPUT_GRAPH_EDGE_DESC[]",
             GraphEdgeType.INTERMEDIATE: "DML_INTERMEDIATE_GRAPH_EDGE_DESC[]"}
    # one C array per edge type for the list's edge descs, not one allocation per edge (a
    # model's graph has hundreds of edges, marshalled again for each input shape's plan)
    kinds = [kind for kind, _ in items]
    pools = {kind: ffi.new(ctype[kind], kinds.count(kind)) for kind in set(kinds)}
    keep.extend(pools.values())
    taken = dict.fromkeys(pools, 0)
    names: dict[str, Any] = {}
    for i, (actual, edge) in enumerate(items):
        at = taken[actual]
        taken[actual] = at + 1
        inner = pools[actual][at]
        for field in _EDGE_FIELDS[actual]:
            setattr(inner, field, _uint(getattr(edge, field), f"{name}[{i}].Desc.{field}"))
        label = edge.Name
        if label is None:
            inner.Name = ffi.NULL
        else:
            text = names.get(label) if isinstance(label, str) else None
            if text is None:  # (an input's name is on each of its edges: one C string)
                text = _name(label, f"{name}[{i}].Desc.Name", keep)
                names[label] = text
            inner.Name = text
        array[i].Type = int(actual)
        array[i].Desc = ffi.addressof(pools[actual], at)
    if cacheable:
        if len(_EDGE_ARRAYS) >= _EDGE_ARRAYS_KEPT:
            _EDGE_ARRAYS.pop(next(iter(_EDGE_ARRAYS)))
        _EDGE_ARRAYS[id(source)] = (source, tuple(source), array, keep)
    return array, keep


def _release_graph(handle: Any, operators: list[Any]) -> None:
    """Release a graph; ``operators`` (the nodes' operator handles) are alive until it has: the
    release makes each forget what it prepared from the graph's owned memory."""
    lib.pydml_graph_release(handle)
    del operators


class CompiledGraph:
    """A compiled DML_GRAPH_DESC: ``initialize`` binds the OWNED_BY_DML inputs, ``execute`` runs it."""

    def __init__(self, handle: Any, nodes: list[_Node], input_names: dict[str, int],
                 output_names: dict[str, int], input_types: dict[int, set[int]], flags: ExecutionFlags,
                 desc: GraphDesc | None, like: CompiledGraph | None = None,
                 handles: list[Any] | None = None):
        self._handle = handle
        self._nodes = nodes  # the operators the graph executes through: alive as long as it is
        #: per node its operator's handle (None for a constant), ``handles`` when the caller has them
        self._handles = handles if handles is not None else [
            None if node.kernel is None else node.kernel.handle for node in nodes]
        # released by a weakref finalizer holding the operators' handles, not by ffi.gc: in a
        # garbage cycle (or at interpreter exit) ffi.gc finalizers run in any order, and an
        # operator destroyed first would be touched by the graph's release (a crash)
        weakref.finalize(self, _release_graph, handle, self._handles)
        self.flags = flags
        self._desc = desc
        #: makes the desc when ``desc`` is first read, where it was not given (compile_graph_replacing)
        self._make_desc: Callable[[], GraphDesc] | None = None
        #: the C desc it was compiled from, for compile_graph_like (None: not kept)
        self._marshalled: _Marshalled | None = None
        self.input_count = int(lib.pydml_graph_input_count(handle))
        self.output_count = int(lib.pydml_graph_output_count(handle))
        self._input_names = input_names
        self._output_names = output_names
        #: the graph compile_graph_like compiled this one from: its inputs' types and ownership are
        #: this one's (``input_types`` is not read then), and initialize may reuse what it
        #: marshalled for the same arrays
        self._like = like
        self._input_dtypes: dict[int, set[np.dtype[Any]]]
        self._owned: list[bool]
        self._owned_inputs: list[int]
        if like is not None:
            self._input_dtypes = like._input_dtypes
            self._owned = like._owned
            self._owned_inputs = like._owned_inputs
        else:
            self._input_dtypes = {i: {NUMPY_DTYPES[t] for t in types if t in NUMPY_DTYPES}
                                  for i, types in input_types.items()}
            self._owned = [bool(lib.pydml_graph_input_owned(handle, i)) for i in range(self.input_count)]
            self._owned_inputs = [i for i, owned in enumerate(self._owned) if owned]
        #: initialize(borrow=True)'s arguments and the C buffers made of them
        self._borrowed_buffers: tuple[list[Any], Any] | None = None
        #: per input, the bytes its readers may touch: read from C when first needed (-1 before),
        #: for the inputs an execution binds (a decoder step's plan at a new past length binds 6 of
        #: its 63 at each run, the others owned: one C call each for all 63 was a tenth of making it)
        self._input_bytes = [-1] * self.input_count
        self._borrowed: list[Any] = []  # the arrays initialize(borrow=True) bound
        #: per output, read once here rather than from the C struct at every execution (a
        #: decoder's token step runs in a millisecond: per-run Python adds up)
        info = ffi.new("pydml_binding_info*")
        specs: list[_OutputSpec] = []
        self._output_specs = specs
        for k in range(self.output_count):
            lib.pydml_graph_output_info(handle, k, info)
            specs.append(_OutputSpec(info, int(lib.pydml_graph_output_bytes(handle, k))))
        #: the memory an execution takes was checked against the process's limit (_check_memory)
        self._memory_checked = False
        #: per graph input, its readers' (Sizes, element strides) once needed (_reader_layouts)
        self._layouts: dict[int, set[tuple[tuple[int, ...], tuple[int, ...]]]] = {}

    @property
    def desc(self) -> GraphDesc:
        """The GraphDesc compiled."""
        if self._desc is None:
            assert self._make_desc is not None
            self._desc = self._make_desc()
            self._make_desc = None
        return self._desc

    @property
    def memory_bytes(self) -> int:
        """Bytes of the intermediate arena: the peak of simultaneously live intermediates."""
        return int(lib.pydml_graph_memory_bytes(self._handle))

    @property
    def intermediate_bytes(self) -> int:
        """What the intermediates would take without sharing memory (the sum of their sizes)."""
        return int(lib.pydml_graph_intermediate_bytes(self._handle))

    @property
    def execution_order(self) -> list[int]:
        """The operator nodes' indices in the order they run."""
        count = int(lib.pydml_graph_execution_order(self._handle, ffi.NULL, 0))
        order = ffi.new("uint32_t[]", max(1, count))
        lib.pydml_graph_execution_order(self._handle, order, count)
        return [int(order[i]) for i in range(count)]

    @property
    def operator_count(self) -> int:
        """The operators the graph runs: its operator nodes less the activations fused into others."""
        return int(lib.pydml_graph_execution_order(self._handle, ffi.NULL, 0))

    @property
    def concurrent(self) -> bool:
        """Whether some operators may run side by side (on a thread budget above one)."""
        return bool(lib.pydml_graph_concurrent(self._handle))

    @property
    def alone(self) -> set[int]:
        """The operator nodes whose step runs on the calling thread alone, too small for a team
        (graph.c step_size, fixed at compilation from the shapes and the environment's thread wait
        policy: OMP_WAIT_POLICY, GOMP_SPINCOUNT, PYDML_GRAPH_TEAM_MACS); the other steps run on a
        team. Results never depend on it."""
        return self._steps_alone(lib.pydml_graph_alone_steps)

    @property
    def alone_after_idle(self) -> set[int]:
        """``alone`` for an execution that starts after pydml's thread team has been idle for 3
        ms or more (graph.c classify_cold): its workers have gone to sleep, and waking them
        costs far more than a small step saves (in a VM, each region 0.3-0.7 ms), so the steps below
        the sleeping team's bar run alone as well. Results never depend on it."""
        return self._steps_alone(lib.pydml_graph_alone_steps_after_idle)

    def _steps_alone(self, read: Any) -> set[int]:
        """The operator nodes whose step one of the pydml_graph_alone_steps* readers flags."""
        order = self.execution_order
        flags = ffi.new("uint8_t[]", max(1, len(order)))
        read(self._handle, flags, len(order))
        return {node for i, node in enumerate(order) if flags[i]}

    @property
    def fused(self) -> dict[int, int]:
        """Fused activation nodes: {activation node index: the node whose operator runs it}."""
        out: dict[int, int] = {}
        for i in range(len(self._nodes)):
            producer = int(lib.pydml_graph_fused_into(self._handle, i))
            if producer != UINT32_MAX:
                out[i] = producer
        return out

    @property
    def own_operators(self) -> set[int]:
        """Operator nodes the graph runs through an operator of its own, re-created from the node's
        (a fused activation or folded bias, or a private copy of a shared operator whose
        preparation of owned inputs is per node)."""
        return {i for i in range(len(self._nodes)) if lib.pydml_graph_node_has_own_operator(self._handle, i)}

    def profile(self, enable: bool = True, *, cpu: bool = False) -> None:
        """Start (or restart from zero) summing each operator's time over the executions that
        follow (``step_times``); ``False`` stops it. The timing is done in C, per step: wall time,
        or with ``cpu`` the CPU time of the thread running the step (its helpers left out: for
        single-threaded runs on a shared machine)."""
        status = lib.pydml_graph_profile(self._handle, (2 if cpu else 1) if enable else 0)
        if status == lib.PYDML_STATUS_OUT_OF_MEMORY:
            raise MemoryError("DML_GRAPH_DESC: out of memory for the profile")

    def step_times(self) -> list[tuple[int, float]]:
        """(operator node index, seconds) per execution step, in execution order, summed since
        ``profile()``; empty when profiling is off."""
        count = int(lib.pydml_graph_step_times(self._handle, ffi.NULL, 0))
        if count == 0:
            return []
        times = ffi.new("uint64_t[]", count)
        lib.pydml_graph_step_times(self._handle, times, count)
        return [(node, int(times[i]) * 1e-9) for i, node in enumerate(self.execution_order)]

    @property
    def owned_inputs(self) -> list[int]:
        """Graph inputs bound by ``initialize`` (their tensors carry DML_TENSOR_FLAG_OWNED_BY_DML)."""
        return list(self._owned_inputs)

    def _positional(self, values: Sequence[Any] | Mapping[str, int | str] | None, names: dict[str, int],
                    count: int, what: str) -> list[Any]:
        """A list by graph index from a list, or a dict keyed by edge Name (or index)."""
        out: list[Any] = [None] * count
        if values is None:
            return out
        if isinstance(values, Mapping):
            for key, value in values.items():
                if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < count:
                    out[key] = value
                elif key in names:
                    out[names[key]] = value
                else:
                    known = ", ".join(repr(n) for n in names) or "none"
                    raise _binding_error(f"{_OWNER}: {key!r} names no graph {what} (named {what}s: {known})")
            return out
        if not isinstance(values, (list, tuple)):
            raise _binding_error(f"{_OWNER}: bind the graph {what}s as a list by index or a dict by edge "
                                 f"Name, got a {type(values).__name__}")
        if len(values) != count:
            raise _binding_error(f"{_OWNER}: the graph has {count} {what}s ({what.capitalize()}Count), "
                                 f"got a list of {len(values)}")
        return list(values)

    def initialize(
        self, inputs: Sequence[Any] | Mapping[str, Any], *, borrow: bool = False, share: bool = False
    ) -> None:
        """IDMLOperatorInitializer: bind (copy) the graph inputs with DML_TENSOR_FLAG_OWNED_BY_DML.

        ``inputs`` is a list by GraphInputIndex (None at the other inputs), a list of just the owned
        inputs in order, or a dict by input edge Name. ``borrow=True``: no copy; the graph keeps
        the arrays (alive as long as it is) and reads them, so they must not change afterwards.
        ``share=True`` (with ``borrow``): the arrays never change while any graph borrows them, so
        graphs binding the same arrays through the same operators share one preparation of them
        (packed GEMM panels, packed filters: pydml_graph_initialize_shared).
        """
        if share and not borrow:
            raise ValueError("initialize(share=True) needs borrow=True: a copy is the graph's own")
        owned = self._owned_inputs
        if isinstance(inputs, (list, tuple)) and len(inputs) == len(owned) != self.input_count:
            full: list[Any] = [None] * self.input_count
            for i, value in zip(owned, inputs, strict=True):
                full[i] = value
        else:
            full = self._positional(inputs, self._input_names, self.input_count, "input")
        like = self._like
        known = like._borrowed_buffers if like is not None and borrow else None
        if known is not None and len(known[0]) == len(full) and all(
                a is b for a, b in zip(known[0], full, strict=True)):
            # the arrays compile_graph_like's base borrowed: checked and marshalled then
            assert like is not None
            buffers, keep = known[1], like._borrowed
        else:
            buffers, keep = self._buffers(self._checked_inputs(full), writable=False)
        self._initialize_with(full, buffers, keep, borrow, share)

    def initialize_as(self, base: CompiledGraph) -> bool:
        """``initialize(arrays, borrow=True, share=True)`` with the arrays ``base`` bound that way,
        where this graph was compiled like ``base`` (compile_graph_like, compile_graph_replacing):
        their buffers as ``base`` marshalled them, nothing checked or marshalled again (a decoder
        step's plan at each new past length binds its base's 57 weights). False, binding nothing,
        where it was not compiled like ``base`` or ``base`` borrowed nothing."""
        known = base._borrowed_buffers
        if self._like is not base or known is None:
            return False
        self._initialize_with(known[0], known[1], base._borrowed, True, True)
        return True

    def _initialize_with(self, full: list[Any], buffers: Any, keep: list[Any], borrow: bool,
                         share: bool) -> None:
        """initialize's C call on marshalled ``buffers`` (of the arrays ``full``, kept in ``keep``)."""
        message = ffi.new("char[1024]")
        initialize = (lib.pydml_graph_initialize_shared if share else
                      lib.pydml_graph_initialize_borrowed if borrow else lib.pydml_graph_initialize)
        status = initialize(self._handle, buffers, self.input_count, message, 1024)
        if not status:  # borrowed memory lives as long as the graph (until the next initialize)
            self._borrowed = keep if borrow else []
            self._borrowed_buffers = (full, buffers) if borrow else None
        if status == lib.PYDML_STATUS_OUT_OF_MEMORY:
            raise MemoryError("DML_GRAPH_DESC: out of memory initializing the graph")
        if status:
            raise _binding_error(ffi.string(message).decode())

    def execute(self, inputs: Sequence[Any] | Mapping[str, Any] | None = None,
                outputs: Sequence[Any] | Mapping[str, Any] | None = None) -> list[Any]:
        """Run every node once; return the graph outputs in GraphOutputIndex order.

        ``inputs``: a list by GraphInputIndex (None for OWNED_BY_DML inputs, which ``initialize``
        bound), or a dict by input edge Name. Each is an array or raw memory of at least the bytes
        its nodes read. ``outputs``: preallocated memory the same way (None entries are allocated).
        """
        if type(inputs) is list and len(inputs) == self.input_count:
            values = inputs  # read, not changed: no copy
        else:
            values = self._positional(inputs, self._input_names, self.input_count, "input")
        return self._execute([(i, v) for i, v in enumerate(values) if v is not None], outputs)

    def execute_indexed(self, inputs: Sequence[tuple[int, Any]],
                        outputs: Mapping[int, Any] | None = None) -> list[Any]:
        """``execute`` with the bound inputs as (GraphInputIndex, array or memory) pairs, the other
        inputs unbound, and the outputs allocated except those ``outputs`` gives by GraphOutputIndex:
        a caller binding a few of many inputs (an ONNX plan's step: a decoder's 57 graph inputs, 4
        of them run-time values) skips the rest."""
        count = self.input_count
        for i, _ in inputs:
            if not 0 <= i < count:
                raise _binding_error(f"{_OWNER}: graph input {i}: the graph has {count} inputs")
        if outputs:
            for k in outputs:
                if not 0 <= k < self.output_count:
                    raise _binding_error(f"{_OWNER}: graph output {k}: the graph has "
                                         f"{self.output_count} outputs")
            return self._execute(inputs, [outputs.get(k) for k in range(self.output_count)])
        return self._execute(inputs, None)

    def _execute(self, inputs: Sequence[tuple[int, Any]],
                 outputs: Sequence[Any] | Mapping[str, Any] | None) -> list[Any]:
        if not self._memory_checked:
            self._check_memory()
        if outputs is None:
            # all allocated here: C-contiguous, writable and never empty (_allocate), bound as they are
            results = [self._allocate(k) for k in range(self.output_count)]
            out_buffers = ffi.new("pydml_buffer[]", max(1, len(results)))
            for k, result in enumerate(results):
                out_buffers[k] = (ffi.from_buffer(result, require_writable=True), result.nbytes)
            keep_out: list[Any] = results
        else:
            given = self._positional(outputs, self._output_names, self.output_count, "output")
            results = [self._allocate(k) if given[k] is None else given[k] for k in range(self.output_count)]
            out_buffers, keep_out = self._buffers(results, writable=True)
        in_buffers, keep_in = self._input_buffers(inputs)
        message = ffi.new("char[1024]")
        status = lib.pydml_graph_execute(self._handle, in_buffers, self.input_count, out_buffers,
                                         self.output_count, message, 1024)
        del keep_in, keep_out
        if status == lib.PYDML_STATUS_OUT_OF_MEMORY:
            raise MemoryError("DML_GRAPH_DESC: out of memory executing the graph")
        if status:
            text = ffi.string(message).decode()
            if text.startswith(f"{_OWNER}.Nodes["):
                raise PydmlError(text)
            raise _binding_error(text)
        return [self._logical(k, results[k]) for k in range(self.output_count)]

    def _check_memory(self) -> None:
        """Refuse, before anything is allocated, an execution whose intermediates (the arena) and
        outputs together need more than the process may hold (native.memory_limit): sizes a
        desc may give (a dimension of 2^31, an ONNX model's shapes) are valid but would be
        touched page by page until the kernel kills the process. Once per graph (its sizes are
        fixed); outputs the caller binds count too (a bound output's memory is held either way)."""
        arena = self.memory_bytes
        outputs = sum(spec.nbytes for spec in self._output_specs)
        limit, what = memory_limit()
        if arena + outputs > limit:
            raise MemoryError(f"{_OWNER}: an execution needs {arena + outputs} bytes (intermediates {arena}, "
                              f"outputs {outputs}), more than {what} ({limit} bytes)")
        self._memory_checked = True

    # -- binding helpers -------------------------------------------------------------------

    def _buffers(self, values: list[Any], *, writable: bool) -> tuple[Any, list[Any]]:
        buffers = ffi.new("pydml_buffer[]", max(1, len(values)))
        keep: list[Any] = []
        for i, value in enumerate(values):
            if value is None:
                continue
            raw = self._output_memory(value, i) if writable else self._input_memory(value, i)
            keep.append(raw)
            buffers[i].data = ffi.from_buffer(raw, require_writable=writable) if raw.nbytes else ffi.NULL
            buffers[i].size_in_bytes = raw.nbytes
        return buffers, keep

    def _input_buffers(self, inputs: Sequence[tuple[int, Any]]) -> tuple[Any, list[Any]]:
        """``_buffers(_checked_inputs(values), writable=False)`` in one pass (the execution's path),
        over the bound inputs only: (index, value) pairs, the other entries left unbound."""
        buffers = ffi.new("pydml_buffer[]", max(1, self.input_count))
        keep: list[Any] = []
        for i, value in inputs:
            if type(value) is np.ndarray:
                dtypes = self._input_dtypes.get(i)
                if dtypes and value.dtype not in dtypes:
                    self._checked_inputs([None] * i + [value])  # raises its message
                raw = value if value.flags.c_contiguous else self._input_memory(value, i)
                if raw.nbytes < self._input_need(i):
                    raw = _padded(raw, self._input_need(i))
            else:
                if isinstance(value, np.ndarray):  # a subclass: checked as the plain arrays are
                    value = self._checked_inputs([None] * i + [value])[i]
                raw = self._input_memory(value, i)
            keep.append(raw)
            if raw.nbytes:
                buffers[i] = (ffi.from_buffer(raw), raw.nbytes)  # one store, not one per field
        return buffers, keep

    def _input_memory(self, value: Any, i: int) -> np.ndarray[Any, Any]:
        """The memory bound to graph input i (_raw). A non-contiguous array is its readers' tensor
        in logical order when they read it packed (copied so), and bound in place when it is a view
        of the one layout they read (an NHWC array transposed to NCHW for NHWC Strides:
        strided_view_memory, as an operator's bindings are); for readers with other Strides a copy
        in logical order would be read through those Strides as raw memory, so it is refused."""
        if not isinstance(value, np.ndarray) or value.flags.c_contiguous:
            return _raw(value, False, i)
        layouts = self._reader_layouts(i)
        if all(_packed(sizes, strides) for sizes, strides in layouts):
            return _raw(value, False, i)
        if len(layouts) == 1:
            sizes, strides = next(iter(layouts))
            memory = strided_view_memory(value, sizes, strides)
            if memory is not None:
                return memory
        have = element_strides(value)
        read = "; ".join(f"Sizes {list(sizes)} Strides {list(strides)}" for sizes, strides in sorted(layouts))
        raise _binding_error(
            f"{_where(False, i)}: a non-contiguous array of shape {value.shape} and element strides {have} "
            f"for readers laid out with {read}: bind the memory itself (a C-contiguous buffer) or a view "
            f"with those Sizes and Strides")

    def _output_memory(self, value: Any, k: int) -> np.ndarray[Any, Any]:
        """The memory bound to graph output k (_raw): a non-contiguous array is bound in place
        when it is a view of the output's own layout (strided_view_memory, as an operator's
        outputs are; _logical then returns the view itself), else refused."""
        if isinstance(value, np.ndarray) and not value.flags.c_contiguous:
            memory = self._output_view(value, k)
            if memory is not None:
                if not value.flags.writeable:
                    raise _binding_error(f"{_where(True, k)}: the output buffer is read-only")
                return memory
        return _raw(value, True, k)

    def _output_view(self, value: np.ndarray[Any, Any], k: int) -> np.ndarray[Any, Any] | None:
        spec = self._output_specs[k]
        if spec.dtype is None or value.dtype != spec.dtype:
            return None
        return strided_view_memory(value, spec.sizes, spec.strides)

    def _reader_layouts(self, index: int) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The (Sizes, element strides) of the tensors reading graph input ``index``: read from C
        the first time a non-contiguous array is bound to it, then kept (they are the graph's)."""
        known = self._layouts.get(index)
        if known is not None:
            return known
        layouts: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        info = ffi.new("pydml_binding_info*")
        for k, wrapped in enumerate(self.desc.InputEdges):
            edge = _wrap_edge(wrapped, "InputEdges", k)[1]
            handle = self._handles[edge.ToNodeIndex]
            if edge.GraphInputIndex != index or handle is None:
                continue
            lib.pydml_operator_binding_info(handle, 0, edge.ToNodeInputIndex, info)
            n = info.tensor.dim_count
            layouts.add((tuple(info.tensor.sizes[0:n]), tuple(info.tensor.strides[0:n])))
        self._layouts[index] = layouts  # kept once complete (a failure part way keeps nothing)
        return layouts

    def _input_need(self, i: int) -> int:
        """The bytes graph input ``i``'s readers may touch (read from C once)."""
        need = self._input_bytes[i]
        if need < 0:
            need = self._input_bytes[i] = int(lib.pydml_graph_input_bytes(self._handle, i))
        return need

    def _checked_inputs(self, values: list[Any]) -> list[Any]:
        """Arrays of a type no reader has are refused; an array shorter than the readers'
        TotalTensorSizeInBytes (FLOAT16 or 8-bit data of an odd size: DirectML rounds the total up
        to 4 bytes) is copied into a buffer that long: the padding is never read."""
        out = list(values)
        for i, value in enumerate(values):
            if not isinstance(value, np.ndarray) or value is None:
                continue
            dtypes = self._input_dtypes.get(i, set())
            if dtypes and value.dtype not in dtypes:
                names = " or ".join(sorted(str(d) for d in dtypes))
                raise _binding_error(f"{_OWNER}: graph input {i}: array dtype {value.dtype} does not match "
                                     f"the tensors reading it ({names})")
            if not value.flags.c_contiguous:  # its memory as its readers lay it out (before padding)
                value = out[i] = self._input_memory(value, i)
            need = self._input_need(i)
            if value.nbytes < need:
                out[i] = _padded(value, need)
        return out

    def _allocate(self, k: int) -> Any:
        """Memory for output k: TotalTensorSizeInBytes (zeroed where strides leave padding); an
        output whose elements fill it exactly (packed, no rounding) is its array, uninitialized:
        the graph writes every element."""
        spec = self._output_specs[k]
        if spec.exact:
            assert spec.dtype is not None
            return np.empty(spec.sizes, dtype=spec.dtype)
        return np.zeros(max(1, spec.nbytes), dtype=np.uint8)

    def _logical(self, k: int, value: Any) -> Any:
        """The output as an array of its Sizes (a strided view over raw memory when needed)."""
        spec = self._output_specs[k]
        dtype, sizes = spec.dtype, spec.sizes
        if dtype is None:
            return value  # 4-bit data and constant blobs: the bytes
        if isinstance(value, np.ndarray) and value.shape == sizes and value.dtype == dtype and spec.packed:
            return value
        if isinstance(value, np.ndarray) and not value.flags.c_contiguous \
                and self._output_view(value, k) is not None:
            return value  # the caller's view is the output itself (_output_memory bound its memory)
        raw = value.reshape(-1).view(np.uint8) if isinstance(value, np.ndarray) else \
            np.frombuffer(memoryview(value).cast("B"), dtype=np.uint8)
        base = raw[: (raw.nbytes // dtype.itemsize) * dtype.itemsize].view(dtype)
        if spec.packed:
            return base[: spec.count].reshape(sizes)
        return as_strided(base, shape=sizes, strides=spec.byte_strides, writeable=False)


class _OutputSpec:
    """What ``CompiledGraph`` needs of a graph output at each execution, read once (plain Python
    arithmetic: a decoder step's plan at each new past length reads its nine outputs' here)."""

    __slots__ = ("byte_strides", "count", "dtype", "exact", "nbytes", "packed", "sizes", "strides")

    def __init__(self, info: Any, nbytes: int):
        t = info.tensor
        self.nbytes = nbytes
        dtype = self.dtype = NUMPY_DTYPES.get(int(t.data_type))
        n = int(t.dim_count)
        sizes = self.sizes = tuple(ffi.unpack(t.sizes, n))  # one call per array, not per element
        strides = self.strides = tuple(ffi.unpack(t.strides, n))
        count = self.count = math.prod(sizes)
        packed = self.packed = _packed(sizes, strides)
        itemsize = dtype.itemsize if dtype is not None else 1
        self.byte_strides = tuple([stride * itemsize for stride in strides])
        self.exact = dtype is not None and packed and count * itemsize == nbytes > 0


def _packed(sizes: Sequence[int], strides: Sequence[int]) -> bool:
    """Element strides that are the packed (row-major) ones of the sizes, on every axis longer than 1."""
    stride = 1
    for size, step in zip(reversed(sizes), reversed(strides), strict=True):
        if size != 1 and step != stride:
            return False
        stride *= size
    return True


def _padded(value: np.ndarray[Any, Any], need: int) -> np.ndarray[Any, Any]:
    """A C-contiguous array's bytes at the start of a zeroed buffer of ``need`` bytes."""
    padded = np.zeros(need, dtype=np.uint8)
    padded[: value.nbytes] = value.reshape(-1).view(np.uint8)
    return padded


def _raw(value: Any, writable: bool, index: int) -> np.ndarray[Any, Any]:
    """The memory of an array (C-contiguous: the array itself, whose buffer cffi binds as is, with no
    flat byte view to make; a non-contiguous input is copied in logical order) or of a buffer (its
    bytes) bound to graph input or output ``index``."""
    if isinstance(value, np.ndarray):
        if not value.flags.c_contiguous:
            if writable:
                raise _binding_error(f"{_where(writable, index)}: an output array must be C-contiguous, or a "
                                     "view of the output's own Sizes and Strides")
            value = np.ascontiguousarray(value)
        if writable and not value.flags.writeable:
            raise _binding_error(f"{_where(writable, index)}: the output buffer is read-only")
        array: np.ndarray[Any, Any] = value
        return array
    try:
        memory = memoryview(value)
    except TypeError:
        raise _binding_error(f"{_where(writable, index)}: cannot bind a {type(value).__name__}") from None
    if writable and memory.readonly:
        raise _binding_error(f"{_where(writable, index)}: the output buffer is read-only")
    return np.frombuffer(memory.cast("B"), dtype=np.uint8)


def _where(writable: bool, index: int) -> str:
    return f"{_OWNER}: graph {'output' if writable else 'input'} {index}"


def _binding_error(text: str) -> PydmlError:
    return BindingError(text)
