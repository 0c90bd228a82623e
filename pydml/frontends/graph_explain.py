"""``pydml explain`` / ``pydml validate`` for graphs: a DML_GRAPH_DESC node by node.

Each node shows its operator, its tensors (binding index, field, data type, sizes, flags) and
where each edge goes: the graph input, constant node or node output feeding an input, and the graph
outputs and node inputs an output feeds. Binding indices count every tensor slot of the desc,
omitted optional tensors included, as DML_*_GRAPH_EDGE_DESC's ToNodeInputIndex and
FromNodeOutputIndex do (DirectML's "binding order").
"""

from __future__ import annotations

from typing import Any

from pydml.enums import GraphEdgeType


def _inner(value: Any) -> Any:
    return value.Desc if hasattr(value, "Type") and hasattr(value, "Desc") and \
        type(value).__name__ in ("GraphNodeDesc", "GraphEdgeDesc") else value


def _edges(graph_desc: Any) -> list[tuple[str, Any]]:
    """(kind, desc) of every edge; a bare edge desc's kind comes from its class."""
    kinds = {"InputGraphEdgeDesc": "input", "OutputGraphEdgeDesc": "output",
             "IntermediateGraphEdgeDesc": "intermediate"}
    by_type = {GraphEdgeType.INPUT: "input", GraphEdgeType.OUTPUT: "output",
               GraphEdgeType.INTERMEDIATE: "intermediate"}
    out: list[tuple[str, Any]] = []
    for edge in [*graph_desc.InputEdges, *graph_desc.OutputEdges, *graph_desc.IntermediateEdges]:
        inner = _inner(edge)
        kind = kinds.get(type(inner).__name__)
        if kind is None and hasattr(edge, "Type"):
            try:
                kind = by_type.get(GraphEdgeType(int(edge.Type)))
            except ValueError:
                kind = None
        out.append((kind or "?", inner))
    return out


def _quote(name: str | None) -> str:
    return f" '{name}'" if name else ""


def _tensor(t: Any) -> str:
    from pydml.enums import TensorFlags
    from pydml.representable import buffer_of

    b = buffer_of(t)
    sizes = ",".join(str(s) for s in b.Sizes)
    text = f"{getattr(b.DataType, 'name', b.DataType)} [{sizes}]"
    if b.Strides:
        text += f" strides [{','.join(str(s) for s in b.Strides)}]"
    if TensorFlags.parse(b.Flags) & TensorFlags.OWNED_BY_DML:
        text += " OWNED_BY_DML"
    return text


def _slots(desc: Any) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """(field label, tensor or None) per input and output binding index."""
    from pydml.registry import Role, schema_of

    schema = schema_of(desc)
    slots: dict[Role, list[tuple[str, Any]]] = {Role.INPUT_TENSOR: [], Role.OUTPUT_TENSOR: []}
    for spec in schema.tensor_fields:
        value = getattr(desc, spec.name)
        if isinstance(value, (list, tuple)):
            for k, element in enumerate(value):
                slots[spec.role].append((f"{spec.name}[{k}]", element))
        else:
            slots[spec.role].append((spec.name, value))
    return slots[Role.INPUT_TENSOR], slots[Role.OUTPUT_TENSOR]


def describe(graph_desc: Any, input_notes: dict[int, str] | None = None) -> list[str]:
    """The lines that show ``graph_desc``: graph inputs, nodes with their edges, graph outputs.

    ``input_notes``: extra words per graph input (a serialized graph's named constants)."""
    from pydml.registry import OperatorDesc, schema_of

    notes = input_notes or {}
    nodes = [_inner(n) for n in graph_desc.Nodes]
    names = [getattr(n, "Name", None) for n in nodes]

    def node(i: int) -> str:
        return f"node {i}{_quote(names[i] if 0 <= i < len(names) else None)}"

    feeds: dict[tuple[int, int], list[str]] = {}  # (node, input) -> sources
    drains: dict[tuple[int, int], list[str]] = {}  # (node, output) -> destinations
    graph_inputs: dict[int, list[str]] = {}
    graph_outputs: dict[int, list[str]] = {}
    input_names: dict[int, str] = {}
    for kind, e in _edges(graph_desc):
        if kind == "input":
            if e.Name:
                input_names.setdefault(e.GraphInputIndex, e.Name)
            source = f"graph input {e.GraphInputIndex}{_quote(e.Name)}"
            feeds.setdefault((e.ToNodeIndex, e.ToNodeInputIndex), []).append(source)
            graph_inputs.setdefault(e.GraphInputIndex, []).append(f"{node(e.ToNodeIndex)} input "
                                                                  f"{e.ToNodeInputIndex}")
        elif kind == "output":
            drains.setdefault((e.FromNodeIndex, e.FromNodeOutputIndex), []).append(
                f"graph output {e.GraphOutputIndex}{_quote(e.Name)}")
            graph_outputs.setdefault(e.GraphOutputIndex, []).append(
                f"{node(e.FromNodeIndex)} output {e.FromNodeOutputIndex}")
        elif kind == "intermediate":
            feeds.setdefault((e.ToNodeIndex, e.ToNodeInputIndex), []).append(
                f"{node(e.FromNodeIndex)} output {e.FromNodeOutputIndex}{_quote(e.Name)}")
            drains.setdefault((e.FromNodeIndex, e.FromNodeOutputIndex), []).append(
                f"{node(e.ToNodeIndex)} input {e.ToNodeInputIndex}")
    operators = sum(1 for n in nodes if hasattr(n, "Operator"))
    lines = [f"{len(nodes)} node{'s' * (len(nodes) != 1)} ({operators} operator, "
             f"{len(nodes) - operators} constant), {graph_desc.input_count()} graph input"
             f"{'s' * (graph_desc.input_count() != 1)}, {graph_desc.output_count()} graph output"
             f"{'s' * (graph_desc.output_count() != 1)}"]
    for g in range(graph_desc.input_count()):
        targets = graph_inputs.get(g, [])
        label = _quote(input_names.get(g))
        note = f" ({notes[g]})" if g in notes else ""
        lines.append(f"  graph input {g}{label}{note} -> "
                     + (", ".join(targets) if targets else "nothing (feeds no node)"))
    for i, n in enumerate(nodes):
        if not hasattr(n, "Operator"):
            size = getattr(n, "DataSize", None)
            lines.append(f"  {node(i)}: constant data ({size} bytes)")
            for k in range(max((o for (j, o) in drains if j == i), default=0) + 1):
                lines.append(f"    output {k} -> " + (", ".join(drains.get((i, k), [])) or "nothing"))
            continue
        op = n.Operator
        desc = op.Desc if isinstance(op, OperatorDesc) else getattr(op, "desc", op)
        if isinstance(desc, OperatorDesc):
            desc = desc.Desc
        try:
            schema = schema_of(desc)
        except TypeError:
            lines.append(f"  {node(i)}: {type(op).__name__}")
            continue
        lines.append(f"  {node(i)}: {schema.type.c_name}")
        ins, outs = _slots(desc)
        for k, (label, t) in enumerate(ins):
            sources = feeds.get((i, k), [])
            where = ", ".join(sources) if sources else ("omitted" if t is None else "NOT CONNECTED")
            text = "(none)" if t is None else _tensor(t)
            lines.append(f"    input {k} {label}: {text} <- {where}")
        for k, (label, t) in enumerate(outs):
            targets = drains.get((i, k), [])
            where = ", ".join(targets) if targets else ("omitted" if t is None else "unused")
            text = "(none)" if t is None else _tensor(t)
            lines.append(f"    output {k} {label}: {text} -> {where}")
    for g in range(graph_desc.output_count()):
        sources = graph_outputs.get(g, [])
        lines.append(f"  graph output {g} <- " + (", ".join(sources) if sources else "NOTHING (unproduced)"))
    return lines


__all__ = ["describe"]
