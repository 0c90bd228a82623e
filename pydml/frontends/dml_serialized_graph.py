"""DxDispatch ``"type": "dmlSerializedGraph"`` dispatchables: ONNX Runtime's serialized DirectML graphs.

The file is a ``dml.ir.DmlGraphDesc`` flatbuffer (schema: pydml/frontends/dml_ir/*.fbs, transcribed
from microsoft/DirectML DxDispatch/src/dxdispatch/DirectMLHelpers/DmlGraphDesc_generated.h), read
through the flatc-generated reader in pydml/frontends/dml_ir/generated. It is turned into a
``DML_GRAPH_DESC`` the way DxDispatch does it:

- DmlGraphDeserialization.cpp: nodes connect by tensor name (a node input name is a graph input
  name or an earlier node's output name); an empty name is an omitted optional tensor; a node's
  tensor descs list only the present tensors; its attributes are positional, in the operator
  schema's field order; tensors fed by a named constant get DML_TENSOR_FLAG_OWNED_BY_DML.
- DmlGraphHelper.h ConvertGraphDesc: inline constants (ConstantRawData) become constant nodes;
  named constants (ConstantName) become graph inputs numbered after the largest graph input index,
  bound once at initialization from ``<name>.bin`` in the graph file's folder
  (DmlDispatchable.cpp CreateResourceFromConstantNode: ``sourcePath.parent_path() / (name + ".bin")``).
- DmlDispatchable.cpp GetSerializedBindPoints: the bind points are the graph input edges' names
  and the graph output edges' names.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydml.enums import TensorDataType, TensorFlags
from pydml.errors import PydmlError, UnsupportedError, ValidationError
from pydml.frontends.dxdispatch import DISPATCHABLE_KINDS, ModelError, Resource, parse_enum

if TYPE_CHECKING:
    from pydml.frontends.dxdispatch_onnx import OnnxDispatchable

_MAX_FILE = 1 << 31  # a graph file larger than 2 GiB is refused before reading (flatbuffers' own limit)


class _Malformed(Exception):
    """The flatbuffer breaks its schema; the message says where."""


# -- reading the flatbuffer -----------------------------------------------------------------------


def _gen() -> Any:
    """The generated classes (imported lazily: only dmlSerializedGraph models need them)."""
    from pydml.frontends.dml_ir.generated.dml.ir import (
        ConstantName,
        ConstantNodeDesc,
        ConstantRawData,
        DmlGraphDesc,
        OperatorNodeDesc,
    )
    from pydml.frontends.dml_ir.generated.dml.ir import operatorFieldTypes as oft

    class G:
        pass

    g: Any = G()
    g.DmlGraphDesc = DmlGraphDesc.DmlGraphDesc
    g.OperatorNodeDesc = OperatorNodeDesc.OperatorNodeDesc
    g.ConstantNodeDesc = ConstantNodeDesc.ConstantNodeDesc
    g.ConstantName = ConstantName.ConstantName
    g.ConstantRawData = ConstantRawData.ConstantRawData
    for name in ("Activation", "ActivationArray", "UInt32", "UInt64", "Int32", "Float32", "UIntArray",
                 "IntArray", "FloatArray", "ScaleBias", "Size2D", "ScalarUnionData", "Bool", "ByteArray",
                 "Int8", "UInt8", "Int16", "UInt16", "Int64", "Float64", "AttributeFieldVariantTag",
                 "ScalarVariantTag"):
        module = __import__(f"{oft.__name__}.{name}", fromlist=[name])
        setattr(g, name, getattr(module, name))
    return g


def _within(buf: bytes, pos: int, size: int, what: str) -> None:
    if pos < 0 or size < 0 or pos + size > len(buf):
        raise _Malformed(f"{what} lies outside the file (bytes {pos}..{pos + size} of {len(buf)})")


def _table(obj: Any, what: str) -> Any:
    """Check a table's vtable lies inside the buffer before any field of it is read."""
    tab = obj._tab
    buf = tab.Bytes
    _within(buf, tab.Pos, 4, what)
    vtable = tab.Pos - struct.unpack_from("<i", buf, tab.Pos)[0]
    _within(buf, vtable, 4, f"{what}'s vtable")
    vsize, tsize = struct.unpack_from("<HH", buf, vtable)
    if vsize < 4 or vsize % 2:
        raise _Malformed(f"{what}'s vtable has an invalid size ({vsize})")
    _within(buf, vtable, vsize, f"{what}'s vtable")
    _within(buf, tab.Pos, tsize, what)
    return obj


def _vector(obj: Any, slot: int, item: int, what: str) -> int:
    """Length of the vector field at vtable ``slot`` (0 when absent), checked against the buffer."""
    tab = obj._tab
    o = tab.Offset(slot)
    if not o:
        return 0
    _within(tab.Bytes, tab.Pos + o, 4, what)
    start = tab.Vector(o)
    _within(tab.Bytes, start - 4, 4, what)
    n = int(tab.VectorLen(o))
    _within(tab.Bytes, start, n * item, what)
    return n


def _string(tab: Any, pos: int, what: str) -> str:
    buf = tab.Bytes
    _within(buf, pos, 4, what)
    start = pos + struct.unpack_from("<I", buf, pos)[0]
    _within(buf, start, 4, what)
    n = struct.unpack_from("<I", buf, start)[0]
    _within(buf, start + 4, n, what)
    return bytes(buf[start + 4:start + 4 + n]).decode("utf-8")


def _field_string(obj: Any, slot: int, what: str) -> str:
    o = obj._tab.Offset(slot)
    return _string(obj._tab, obj._tab.Pos + o, what) if o else ""


def _strings(obj: Any, slot: int, what: str) -> list[str]:
    n = _vector(obj, slot, 4, what)
    if not n:
        return []
    start = obj._tab.Vector(obj._tab.Offset(slot))
    return [_string(obj._tab, start + 4 * i, f"{what}[{i}]") for i in range(n)]


def _union(obj: Any, cls: Any, table_value: Any, what: str) -> Any:
    """The union value at ``table_value`` (a flatbuffers Table) as ``cls``: a table is checked."""
    out = cls()
    out.Init(table_value.Bytes, table_value.Pos)
    if hasattr(cls, "SizeOf"):  # a struct: its bytes must be inside the buffer
        _within(table_value.Bytes, table_value.Pos, int(cls.SizeOf()), what)
        return out
    return _table(out, what)


# -- the parsed graph ----------------------------------------------------------------------------


@dataclass
class SerializedNode:
    """One node of the file, as DmlGraphDeserialization.cpp reads it."""

    index: int
    name: str
    input_names: list[str]
    output_names: list[str]
    desc: Any = None  # an operator desc (operator nodes)
    constant_file: Path | None = None  # ConstantName nodes
    constant_data: bytes | None = None  # ConstantRawData nodes and, once read, ConstantName nodes


@dataclass
class SerializedGraph:
    """A serialized graph and the DML_GRAPH_DESC DxDispatch compiles from it."""

    path: Path
    nodes: list[SerializedNode]
    graph_input_names: list[str]
    graph_output_names: list[str]
    graph_desc: Any
    #: bind point name -> GraphInputIndex / GraphOutputIndex (DmlDispatchable.cpp GetSerializedBindPoints)
    input_points: dict[str, int] = field(default_factory=dict)
    output_points: dict[str, int] = field(default_factory=dict)
    #: GraphInputIndex -> the named constant bound there at initialization
    constant_inputs: dict[int, SerializedNode] = field(default_factory=dict)
    #: pydml node index -> the file's node index
    node_origin: list[int] = field(default_factory=list)


def _tensor(g: Any, t: Any, where: str, owned: bool) -> Any:
    from pydml.tensor import BufferTensorDesc, TensorDesc

    _table(t, where)
    data_type = parse_enum(TensorDataType, _field_string(t, 4, f"{where}.dataType"), f"{where}.dataType")
    sizes = tuple(int(v) for v in t.SizesAsNumpy()) if _vector(t, 6, 4, f"{where}.sizes") else ()
    strides = None
    if t._tab.Offset(8):  # absent strides mean packed (flatbuffers::IsFieldPresent(VT_STRIDES))
        n = _vector(t, 8, 4, f"{where}.strides")
        strides = tuple(int(v) for v in t.StridesAsNumpy()) if n else ()
    total = int(t.TotalTensorSizeInBytes()) or None
    return TensorDesc(Desc=BufferTensorDesc(
        DataType=data_type, Flags=TensorFlags.OWNED_BY_DML if owned else TensorFlags.NONE, Sizes=sizes,
        Strides=strides, TotalTensorSizeInBytes=total))


def _scalar(g: Any, a: Any, tag: int, where: str) -> Any:
    """A scalar attribute (UInt32, UInt64, Int32, Float32, Bool structs) as a Python number."""
    tags = g.AttributeFieldVariantTag
    classes = {tags.UInt32: g.UInt32, tags.UInt64: g.UInt64, tags.Int32: g.Int32,
               tags.Float32: g.Float32, tags.Bool: g.Bool}
    if tag not in classes:
        raise _Malformed(f"{where}: a scalar attribute holds union member {tag}")
    return _union(a, classes[tag], a.Val(), where).Data()


def _attribute(g: Any, spec: Any, a: Any | None, where: str) -> Any:
    """One attribute as DmlGraphDeserialization.cpp CreateAttribute reads it (None: not given)."""
    from pydml.registry import FieldType
    from pydml.structs import ScalarUnion, ScaleBias, Size2D

    if a is None:
        return None
    _table(a, where)
    tag = int(a.ValType())
    tags = g.AttributeFieldVariantTag
    if tag == tags.NONE or a.Val() is None:  # ONNX Runtime writes an absent activation as a
        return None  # type without a value; DmlGraphDeserialization.cpp reads it as omitted
    t = spec.type
    if t is FieldType.OPERATOR_DESC:
        if tag != tags.Activation:
            raise _Malformed(f"{where}: expected an Activation, got union member {tag}")
        return _activation(g, _union(a, g.Activation, a.Val(), where), where)
    if t is FieldType.OPERATOR_DESC_ARRAY:
        if tag != tags.ActivationArray:
            raise _Malformed(f"{where}: expected an ActivationArray, got union member {tag}")
        arr = _union(a, g.ActivationArray, a.Val(), where)
        return tuple(_activation(g, _table(arr.Data(i), f"{where}[{i}]"), f"{where}[{i}]")
                     for i in range(_vector(arr, 4, 4, where)))
    if t in (FieldType.UINT, FieldType.UINT64, FieldType.INT, FieldType.ENUM, FieldType.FLAGS):
        value = int(_scalar(g, a, tag, where))
        if t is FieldType.ENUM and spec.enum is not None:
            try:
                return spec.enum(value)
            except ValueError:
                return value  # the validator names the bad enumerator
        return value
    if t is FieldType.BOOL:
        return bool(_scalar(g, a, tag, where))  # Bool, or UINT in older schemas
    if t is FieldType.FLOAT:
        return float(_scalar(g, a, tag, where))
    arrays = {FieldType.UINT_ARRAY: (tags.UIntArray, g.UIntArray, int),
              FieldType.INT_ARRAY: (tags.IntArray, g.IntArray, int),
              FieldType.FLOAT_ARRAY: (tags.FloatArray, g.FloatArray, float)}
    if t in arrays:
        expected, cls, kind = arrays[t]
        if tag != expected:
            raise _Malformed(f"{where}: expected a {cls.__name__}, got union member {tag}")
        arr = _union(a, cls, a.Val(), where)
        return tuple(kind(v) for v in arr.DataAsNumpy()) if _vector(arr, 4, 4, where) else ()
    if t is FieldType.SCALE_BIAS:
        sb = _union(a, g.ScaleBias, a.Val(), where)
        return ScaleBias(Scale=float(sb.Scale()), Bias=float(sb.Bias()))
    if t is FieldType.SIZE_2D:
        s2 = _union(a, g.Size2D, a.Val(), where)
        return Size2D(Width=int(s2.Width()), Height=int(s2.Height()))
    if t is FieldType.SCALAR_UNION:
        data = _union(a, g.ScalarUnionData, a.Val(), where)
        if int(data.DataType()) != g.ScalarVariantTag.ByteArray:
            raise _Malformed(f"{where}: a DML_SCALAR_UNION must be a ByteArray (as ONNX Runtime writes it)")
        raw = _union(data, g.ByteArray, data.Data(), where)
        return ScalarUnion(Bytes=bytes(raw.Data()))
    raise _Malformed(f"{where}: attributes of type {t.value} cannot be read")


def _schema(type_name: str, where: str) -> Any:
    from pydml.registry import schema_of

    if not type_name.startswith("DML_OPERATOR_"):
        raise ModelError(where, f"'{type_name}' is not a DML_OPERATOR_TYPE name")
    try:
        return schema_of(type_name.removeprefix("DML_OPERATOR_"))
    except UnsupportedError as e:
        raise ModelError(where, str(e), unsupported=True) from None
    except (KeyError, ValueError):
        raise ModelError(where, f"'{type_name}' is not a DML_OPERATOR_TYPE name") from None


def _activation(g: Any, act: Any, where: str) -> Any:
    """A fused activation (DmlGraphDeserialization.cpp CreateActivation): no tensors, attributes
    positional."""
    from pydml.registry import OperatorDesc, Role

    schema = _schema(_field_string(act, 4, f"{where}.type"), f"{where}.type")
    n = _vector(act, 6, 4, f"{where}.attributes")
    values: dict[str, Any] = {}
    k = 0
    for spec in schema.fields:
        if spec.role is not Role.ATTRIBUTE:
            continue
        a = act.Attributes(k) if k < n else None
        k += 1
        value = _attribute(g, spec, a, f"{where}.attributes[{k - 1}] ({spec.name})")
        if value is not None:
            values[spec.name] = value
    return OperatorDesc(Type=schema.type, Desc=_construct(schema, values, where))


def _construct(schema: Any, values: dict[str, Any], where: str) -> Any:
    try:
        return schema.desc_class(**values)
    except (TypeError, ValueError) as e:
        raise ModelError(where, f"{schema.c_name}: {e}") from None


def _operator(g: Any, node: Any, desc: Any, inputs: list[str], outputs: list[str], owned: set[str],
              where: str) -> Any:
    """DmlGraphDeserialization.cpp CreateAbstractOperatorDesc."""
    from pydml.registry import FieldType, Role

    _table(desc, where)
    schema = _schema(_field_string(desc, 4, f"{where}.type"), f"{where}.type")
    where = f"{where} ({schema.c_name})"
    n_in = _vector(desc, 6, 4, f"{where}.inputs")
    n_out = _vector(desc, 8, 4, f"{where}.outputs")
    n_attr = _vector(desc, 10, 4, f"{where}.attributes")
    names = {Role.INPUT_TENSOR: iter(inputs), Role.OUTPUT_TENSOR: iter(outputs)}
    counts = {Role.INPUT_TENSOR: n_in, Role.OUTPUT_TENSOR: n_out}
    used = {Role.INPUT_TENSOR: 0, Role.OUTPUT_TENSOR: 0}
    getters = {Role.INPUT_TENSOR: desc.Inputs, Role.OUTPUT_TENSOR: desc.Outputs}
    values: dict[str, Any] = {}
    attr = 0
    for spec in schema.fields:
        w = f"{where}.{spec.name}"
        if spec.role is Role.ATTRIBUTE:
            a = desc.Attributes(attr) if attr < n_attr else None
            attr += 1
            value = _attribute(g, spec, _table(a, w) if a is not None else None, w)
            if value is not None:
                values[spec.name] = value
            continue
        role = spec.role
        side = "input" if role is Role.INPUT_TENSOR else "output"
        if spec.type is FieldType.TENSOR_DESC:
            name = next(names[role], None)
            if name is None:
                raise ModelError(where, f"node has fewer {side} names than {schema.c_name} has {side} "
                                 f"tensors (no name for {spec.name})")
            if not name:
                continue  # an omitted optional tensor
            if used[role] >= counts[role]:
                raise ModelError(w, f"names {side} '{name}' but the node lists only {counts[role]} "
                                 f"{side} tensor descs")
            values[spec.name] = _tensor(g, getters[role](used[role]), w, name in owned and
                                        role is Role.INPUT_TENSOR)
            used[role] += 1
        else:  # a tensor array takes every remaining tensor desc
            array: list[Any] = []
            while used[role] < counts[role]:
                name = next(names[role], "")
                array.append(_tensor(g, getters[role](used[role]), f"{w}[{len(array)}]",
                                     name in owned and role is Role.INPUT_TENSOR))
                used[role] += 1
            values[spec.name] = tuple(array)
    return _construct(schema, values, where)


def load(path: Path) -> SerializedGraph:
    """Read a serialized graph file; every problem is a ModelError naming the file."""
    where = str(path)
    try:
        size = path.stat().st_size
        if size > _MAX_FILE:
            raise ModelError(where, f"{size} bytes: larger than a flatbuffer can be (2 GiB)")
        buf = path.read_bytes()
    except OSError as e:
        raise ModelError(where, f"cannot read the serialized graph: {e.strerror or e}") from None
    try:
        return _load(buf, path)
    except _Malformed as e:
        raise ModelError(where, f"not a valid serialized DirectML graph (dml.ir.DmlGraphDesc "
                         f"flatbuffer): {e}") from None
    except (struct.error, IndexError, UnicodeDecodeError, OverflowError) as e:
        raise ModelError(where, f"not a valid serialized DirectML graph (dml.ir.DmlGraphDesc "
                         f"flatbuffer): {type(e).__name__}: {e}") from None


def _load(buf: bytes, path: Path) -> SerializedGraph:
    from pydml.graph_descs import (
        DML_CONSTANT_DATA_GRAPH_NODE_DESC,
        DML_GRAPH_DESC,
        DML_INPUT_GRAPH_EDGE_DESC,
        DML_INTERMEDIATE_GRAPH_EDGE_DESC,
        DML_OPERATOR_GRAPH_NODE_DESC,
        DML_OUTPUT_GRAPH_EDGE_DESC,
    )

    g = _gen()
    _within(buf, 0, 4, "the root offset")
    root = _table(g.DmlGraphDesc.GetRootAs(buf, 0), "the root table DmlGraphDesc")
    graph_inputs = _strings(root, 6, "graphInputNames")
    graph_outputs = _strings(root, 8, "graphOutputNames")
    n_nodes = _vector(root, 4, 4, "nodes")
    in_index = {n: i for i, n in enumerate(graph_inputs) if n}
    out_index = {n: i for i, n in enumerate(graph_outputs) if n}
    producer: dict[str, tuple[int, int]] = {}  # tensor name -> (node, output index)
    owned: set[str] = set()  # outputs of named constants (DmlGraphDeserialization.cpp constantInputs)
    nodes: list[SerializedNode] = []
    # (edge type, from node, from output, to node, to input, graph index, name) in file order
    input_edges: list[tuple[int, int, int, str]] = []  # graph input, to node, to input, name
    output_edges: list[tuple[int, int, int, str]] = []  # from node, from output, graph output, name
    inter_edges: list[tuple[int, int, int, int, str]] = []
    for i in range(n_nodes):
        w = f"nodes[{i}]"
        fb = _table(root.Nodes(i), w)
        inputs = _strings(fb, 10, f"{w}.inputNames")
        outputs = _strings(fb, 12, f"{w}.outputNames")
        name = _field_string(fb, 8, f"{w}.name")
        if not name:
            raise _Malformed(f"graph node at index {i} has no name")
        w = f"nodes[{i}] '{name}'"
        for k, tensor in enumerate(inputs):  # PopulateEdges<DmlInputSerializedGraphEdge>
            if not tensor:
                continue
            if tensor in in_index:
                input_edges.append((in_index[tensor], i, k, tensor))
            elif tensor in producer:
                inter_edges.append((*producer[tensor], i, k, tensor))
            else:
                raise ModelError(str(path), f"{w}: input {k} '{tensor}' is neither a graph input nor an "
                                 "output of an earlier node")
        for k, tensor in enumerate(outputs):  # PopulateEdges<DmlOutputSerializedGraphEdge>
            if not tensor:
                continue
            if tensor in out_index:
                output_edges.append((i, k, out_index[tensor], tensor))
            producer[tensor] = (i, k)
        node = SerializedNode(i, name, inputs, outputs)
        kind = int(fb.DescType())
        if kind == 2:  # NodeDesc.ConstantNodeDesc
            c = _union(fb, g.ConstantNodeDesc, fb.Desc(), f"{w}.desc")
            detail = int(c.DataType())
            if detail == 1:  # ConstantName
                cn = _union(c, g.ConstantName, c.Data(), f"{w}.desc.data")
                constant = _field_string(cn, 4, f"{w}.desc.data.name")
                if not constant:
                    raise _Malformed(f"constant node at index {i} has no constant data name")
                node.constant_file = path.parent / f"{constant}.bin"
                owned.update(outputs)
            elif detail == 2:  # ConstantRawData
                raw = _union(c, g.ConstantRawData, c.Data(), f"{w}.desc.data")
                n = _vector(raw, 4, 1, f"{w}.desc.data.data")
                node.constant_data = bytes(raw.DataAsNumpy().tobytes()) if n else b""
            else:
                raise _Malformed(f"{w}: constant node holds union member {detail}")
        elif kind == 1:  # NodeDesc.OperatorNodeDesc
            desc = _union(fb, g.OperatorNodeDesc, fb.Desc(), f"{w}.desc")
            node.desc = _operator(g, fb, desc, inputs, outputs, owned, f"{path}: {w}")
        else:
            raise _Malformed(f"{w}: node desc holds union member {kind} (1: OperatorNodeDesc, "
                             "2: ConstantNodeDesc)")
        nodes.append(node)

    # DmlGraphHelper.h ConvertGraphDesc: named constants leave the node list and become inputs.
    new_index: dict[int, int] = {}
    dml_nodes: list[Any] = []
    for node in nodes:
        if node.desc is not None:
            new_index[node.index] = len(dml_nodes)
            dml_nodes.append(DML_OPERATOR_GRAPH_NODE_DESC(Operator=node.desc, Name=node.name))
        elif node.constant_file is None:
            new_index[node.index] = len(dml_nodes)
            dml_nodes.append(DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=node.constant_data or b"",
                                                               Name=node.name))
    graph = SerializedGraph(path, nodes, graph_inputs, graph_outputs, None)
    graph.node_origin = list(new_index)
    edges_in = [DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=gi, ToNodeIndex=new_index[to], ToNodeInputIndex=k,
                                          Name=name) for gi, to, k, name in input_edges]
    max_input = max((gi for gi, _, _, _ in input_edges), default=0)
    for gi, _, _, name in input_edges:
        graph.input_points.setdefault(name, gi)
    edges_out = [DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=new_index[frm], FromNodeOutputIndex=k,
                                            GraphOutputIndex=go, Name=name)
                 for frm, k, go, name in output_edges]
    for _, _, go, name in output_edges:
        graph.output_points.setdefault(name, go)
    edges_mid: list[Any] = []
    constant_index: dict[str, int] = {}
    for frm, k, to, j, name in inter_edges:
        source = nodes[frm]
        if source.constant_file is not None:  # GetConstantNodeGraphInputIndex: ++graphMaxInputIndex
            if source.name not in constant_index:
                max_input += 1
                constant_index[source.name] = max_input
                graph.constant_inputs[max_input] = source
                graph.input_points[source.name] = max_input
            edges_in.append(DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=constant_index[source.name],
                                                      ToNodeIndex=new_index[to], ToNodeInputIndex=j,
                                                      Name=name))
        else:
            edges_mid.append(DML_INTERMEDIATE_GRAPH_EDGE_DESC(
                FromNodeIndex=new_index[frm], FromNodeOutputIndex=k, ToNodeIndex=new_index[to],
                ToNodeInputIndex=j, Name=name))
    graph.graph_desc = DML_GRAPH_DESC(
        Nodes=dml_nodes, InputEdges=edges_in, OutputEdges=edges_out, IntermediateEdges=edges_mid,
        InputCount=max_input + 1 if edges_in else 0, OutputCount=len(graph_outputs))
    return graph


def read_constants(graph: SerializedGraph) -> None:
    """Read every named constant's ``<name>.bin`` (DmlDispatchable.cpp LoadFileContents)."""
    for node in graph.constant_inputs.values():
        assert node.constant_file is not None
        try:
            node.constant_data = node.constant_file.read_bytes()
        except OSError as e:
            raise ModelError(str(graph.path), f"constant node '{node.name}': cannot read its data file "
                             f"'{node.constant_file}': {e.strerror or e}") from None


# -- the DxDispatch dispatchable ------------------------------------------------------------------


@dataclass
class SerializedGraphDispatchable:
    """``{"type": "dmlSerializedGraph", "sourcePath": ...}``."""

    name: str
    graph: SerializedGraph
    flags: Any
    init_bindings: dict[str, Any] = field(default_factory=dict)

    @property
    def c_name(self) -> str:
        return "dmlSerializedGraph"

    def role(self, point: str) -> str:
        """'input' or 'output' for a bind point (DmlDispatchable.cpp GetSerializedBindPoints)."""
        return "output" if point in self.graph.output_points else "input"

    def resolve_bindings(self, raw: dict[str, Any], where: str,
                         resources: dict[str, Resource]) -> dict[str, Any]:
        """Bind points (the graph's input and output names) -> resources."""
        from pydml.frontends.dxdispatch import Binding, _binding_entries

        points = [*self.graph.input_points, *self.graph.output_points]
        out: dict[str, Binding] = {}
        for point, value in raw.items():
            w = f"{where}.{point}"
            if point not in points:
                raise ModelError(w, f"'{point}' is not a bind point of the serialized graph "
                                 f"{self.graph.path.name} (bind points: {', '.join(points)})")
            if point in self.graph.input_points and \
                    self.graph.input_points[point] in self.graph.constant_inputs:
                raise ModelError(w, f"'{point}' is a named constant of the graph, bound from "
                                 f"{point}.bin at initialization, not at dispatch")
            entries = _binding_entries(value, w)
            if len(entries) != 1:
                raise ModelError(w, f"Bind point '{point}' requires 1 resources, but {len(entries)} "
                                 "were bound.")
            resource, element_offset, element_size = entries[0]
            if resource not in resources:
                raise ModelError(w, f"resource '{resource}' does not exist in the model")
            res = resources[resource]
            offset = (element_offset or 0) * (element_size or res.element_size)
            if offset % 16:
                raise ModelError(w, f"byte offset {offset} of resource '{resource}' must be a multiple "
                                 "of 16 (DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT)")
            out[point] = Binding(resource, offset, w)
        for point in points:
            constant = point in self.graph.input_points and \
                self.graph.input_points[point] in self.graph.constant_inputs
            if point not in out and not constant:
                raise ModelError(f"{where}.{point}", f"graph {self.role(point)} '{point}' is not bound "
                                 "(missing binding)")
        return out

    def compile(self, device: Any) -> CompiledSerializedGraph:
        return CompiledSerializedGraph(device, self)


class CompiledSerializedGraph:
    """The compiled graph, initialized with its named constants; binds by bind point."""

    def __init__(self, device: Any, d: SerializedGraphDispatchable):
        self.d = d
        graph = d.graph
        read_constants(graph)
        self.compiled = device.compile_graph(graph.graph_desc, d.flags)
        if graph.constant_inputs:
            init: list[Any] = [None] * graph.graph_desc.InputCount
            for index, node in graph.constant_inputs.items():
                init[index] = memoryview(node.constant_data or b"")
            self.compiled.initialize(init)

    def initialize(self, inputs: dict[str, Any]) -> None:
        """Nothing to bind: the named constants were bound at compile time."""

    def execute(self, inputs: dict[str, Any], outputs: dict[str, Any] | None = None) -> list[Any]:
        graph = self.d.graph
        ins: list[Any] = [None] * graph.graph_desc.InputCount
        for point, value in inputs.items():
            ins[graph.input_points[point]] = value
        outs: list[Any] = [None] * graph.graph_desc.OutputCount
        for point, value in (outputs or {}).items():
            outs[graph.output_points[point]] = value
        result: list[Any] = self.compiled.execute(ins, outs)
        return result


def parse_dispatchable(name: str, obj: dict[str, Any], base: Path | None) -> SerializedGraphDispatchable:
    """A dmlSerializedGraph dispatchable: sourcePath resolved as DxDispatch's ResolveInputFilePath
    (relative to the model's folder when the file exists there, else to the current directory)."""
    from pydml.enums import ExecutionFlags
    from pydml.frontends.dxdispatch import _got, _unknown_keys

    _unknown_keys(obj, ("type", "Type", "sourcePath", "executionFlags", "bindings", "$schema"), name,
                  "a dmlSerializedGraph dispatchable")
    source = obj.get("sourcePath")
    if not isinstance(source, str) or not source:
        raise ModelError(f"{name}: sourcePath", "is required (the serialized graph file), got "
                         + _got(source))
    path = Path(source)
    if base is not None and not path.is_absolute() and (base / path).exists():
        path = base / path
    flags = ExecutionFlags.NONE
    if "executionFlags" in obj:
        flags = parse_enum(ExecutionFlags, obj["executionFlags"], f"{name}: executionFlags")
    try:
        graph = load(path)
    except ModelError as e:
        raise ModelError(f"{name}: {e.where}", e.problem, unsupported=e.unsupported) from None
    for node in graph.constant_inputs.values():  # DxDispatch opens them while compiling the graph
        if node.constant_file is not None and not node.constant_file.is_file():
            raise ModelError(f"{name}: {graph.path}", f"constant node '{node.name}': its data file "
                             f"'{node.constant_file}' does not exist")
    return SerializedGraphDispatchable(name, graph, flags, dict(obj.get("bindings") or {}))


def explain_lines(name: str, d: SerializedGraphDispatchable | OnnxDispatchable) -> list[str]:
    """``pydml explain``: the file's nodes as DxDispatch compiles them (named constants become
    graph inputs bound at initialization)."""
    from pydml.frontends.graph_explain import describe

    if not isinstance(d, SerializedGraphDispatchable):  # an onnx dispatchable explains itself
        lines: list[str] = d.explain_lines(name)
        return lines
    graph = d.graph
    notes = {index: f"named constant '{node.name}' from {node.constant_file}, bound at initialization"
             for index, node in graph.constant_inputs.items()}
    kinds = {"operator": sum(n.desc is not None for n in graph.nodes),
             "named constant": len(graph.constant_inputs)}
    kinds["inline constant"] = len(graph.nodes) - kinds["operator"] - kinds["named constant"]
    counts = ", ".join(f"{v} {k}" for k, v in kinds.items())
    ins = ", ".join(p for p, i in graph.input_points.items() if i not in graph.constant_inputs) or "none"
    outs = ", ".join(graph.output_points) or "none"
    return [f"{name}: dmlSerializedGraph {graph.path}: {len(graph.nodes)} serialized nodes ({counts}); "
            f"bind points: inputs {ins}; outputs {outs}",
            "DML_GRAPH_DESC as DxDispatch compiles it (DmlGraphHelper.h ConvertGraphDesc):",
            *describe(graph.graph_desc, notes)]


def check(d: SerializedGraphDispatchable | OnnxDispatchable, level: Any) -> None:
    """CompileGraph's validation at ``level`` (constants need not exist yet); raises
    ValidationError or PydmlError."""
    from pydml.device import Device

    if not isinstance(d, SerializedGraphDispatchable):  # an onnx dispatchable checks itself
        d.check(level)
        return
    desc = d.graph.graph_desc
    Device(level).compile_graph(desc, d.flags)


DISPATCHABLE_KINDS["dmlserializedgraph"] = parse_dispatchable

__all__ = ["CompiledSerializedGraph", "PydmlError", "SerializedGraph", "SerializedGraphDispatchable",
           "ValidationError", "check", "load", "parse_dispatchable", "read_constants"]
