"""The graph C API (native/graph/graph.c) driven through cffi as a C program drives it: DML_GRAPH_DESC
structs built by hand, operators from pydml_operator_create cast to IDMLOperator*. Each rule's
failing case gives the same message as Python's compile_graph; C-only cases (NULL pointers, a
node Type Python cannot express) fail cleanly; execution, initialization and the queries."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from test_graph import RULES, relu_add

import pydml
from pydml import ValidationError, to_c
from pydml.graph_descs import GraphEdgeDesc, GraphNodeDesc, OperatorGraphNodeDesc
from pydml.native import ffi, lib

FL = int(pydml.DML_FEATURE_LEVEL_6_4)


class CGraph:
    """A DML_GRAPH_DESC built field by field with cffi, and everything it points to."""

    def __init__(self, graph: Any):
        self.keep: list[Any] = []
        self.ops: list[Any] = []
        nodes = ffi.new("DML_GRAPH_NODE_DESC[]", max(1, len(graph.Nodes)))
        for i, node in enumerate(graph.Nodes):
            node = node.Desc if isinstance(node, GraphNodeDesc) else node
            if isinstance(node, OperatorGraphNodeDesc):
                op = ffi.new("pydml_operator**")
                message = ffi.new("char[512]")
                cdesc = to_c(node.Operator)
                assert lib.pydml_operator_create(cdesc.ptr, FL, 0, op, message, 512) == 0, ffi.string(message)
                self.ops.append(ffi.gc(op[0], lib.pydml_operator_destroy))
                inner = ffi.new(
                    "DML_OPERATOR_GRAPH_NODE_DESC*", {"Operator": ffi.cast("IDMLOperator*", op[0])}
                )
                nodes[i].Type = lib.DML_GRAPH_NODE_TYPE_OPERATOR
            else:
                data = ffi.from_buffer(bytes(node.Data))
                self.keep.append(data)
                inner = ffi.new("DML_CONSTANT_DATA_GRAPH_NODE_DESC*", {"Data": data, "DataSize": len(data)})
                nodes[i].Type = lib.DML_GRAPH_NODE_TYPE_CONSTANT
            inner.Name = self._name(node.Name)
            self.keep.append(inner)
            nodes[i].Desc = inner
        self.desc = ffi.new(
            "DML_GRAPH_DESC*",
            {
                "InputCount": graph.input_count(),
                "OutputCount": graph.output_count(),
                "NodeCount": len(graph.Nodes),
                "Nodes": nodes,
            },
        )
        self.keep.append(nodes)
        for field in ("InputEdges", "OutputEdges", "IntermediateEdges"):
            edges = getattr(graph, field)
            array = ffi.new("DML_GRAPH_EDGE_DESC[]", max(1, len(edges)))
            for i, edge in enumerate(edges):
                if isinstance(edge, GraphEdgeDesc):
                    edge = edge.Desc
                kind = type(edge).__name__.removesuffix("GraphEdgeDesc").upper()
                inner = ffi.new(f"DML_{kind}_GRAPH_EDGE_DESC*")
                for name in (
                    "GraphInputIndex",
                    "ToNodeIndex",
                    "ToNodeInputIndex",
                    "FromNodeIndex",
                    "FromNodeOutputIndex",
                    "GraphOutputIndex",
                ):
                    if hasattr(edge, name):
                        setattr(inner, name, getattr(edge, name))
                inner.Name = self._name(edge.Name)
                array[i].Type = getattr(lib, f"DML_GRAPH_EDGE_TYPE_{kind}")
                array[i].Desc = inner
                self.keep.append(inner)
            self.keep.append(array)
            setattr(self.desc, field, array)
            setattr(self.desc, field.replace("Edges", "EdgeCount"), len(edges))

    def _name(self, name: str | None) -> Any:
        if name is None:
            return ffi.NULL
        text = ffi.new("char[]", name.encode())
        self.keep.append(text)
        return text

    def compile(self, options: int | None = None) -> tuple[int, Any, str]:
        graph = ffi.new("pydml_graph**")
        d = ffi.new("pydml_diagnostic*")
        if options is None:
            status = lib.pydml_graph_compile(self.desc, 0, graph, d)
        else:
            status = lib.pydml_graph_compile_ex(self.desc, 0, options, graph, d)
        handle = ffi.gc(graph[0], lib.pydml_graph_release) if status == 0 else None
        return status, handle, ffi.string(d.message).decode()


#: rules only Python sees (objects with no C form, Type vs Desc class, the operator's own desc)
PYTHON_ONLY = {"node type", "node desc class", "negative index", "invalid operator"}


@pytest.mark.parametrize(
    "edit",
    [r[1] for r in RULES if r[0] not in PYTHON_ONLY],
    ids=[r[0] for r in RULES if r[0] not in PYTHON_ONLY],
)
def test_c_gives_pythons_message(edit: Any) -> None:
    graph = edit(relu_add())
    with pytest.raises(ValidationError) as python:
        pydml.Device().compile_graph(graph)
    status, handle, message = CGraph(graph).compile()
    assert status == lib.PYDML_STATUS_INVALID_PARAMETER and handle is None
    assert message == str(python.value)


def test_c_only_cases() -> None:
    c = CGraph(relu_add())
    d = ffi.new("pydml_diagnostic*")
    out = ffi.new("pydml_graph**")

    def verdict() -> str:
        assert lib.pydml_graph_compile(c.desc, 0, out, d) == lib.PYDML_STATUS_INVALID_PARAMETER
        assert out[0] == ffi.NULL
        return ffi.string(d.message).decode()

    assert lib.pydml_graph_compile(ffi.NULL, 0, out, d) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(d.message).decode() == "DML_GRAPH_DESC: must not be NULL"
    assert lib.pydml_graph_compile(c.desc, 0, ffi.NULL, ffi.NULL) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert lib.pydml_graph_compile(c.desc, 8, out, d) == lib.PYDML_STATUS_INVALID_PARAMETER
    nodes = c.desc.Nodes
    c.desc.Nodes = ffi.NULL
    assert verdict() == "DML_GRAPH_DESC.Nodes: must not be NULL when NodeCount is not 0"
    c.desc.Nodes = nodes
    nodes[1].Type = 9
    assert verdict() == (
        "DML_GRAPH_DESC.Nodes[1].Type: must be DML_GRAPH_NODE_TYPE_OPERATOR or "
        "DML_GRAPH_NODE_TYPE_CONSTANT, got 9"
    )
    nodes[1].Type = lib.DML_GRAPH_NODE_TYPE_OPERATOR
    operator = ffi.cast("DML_OPERATOR_GRAPH_NODE_DESC*", nodes[1].Desc)
    saved = operator.Operator
    operator.Operator = ffi.NULL
    assert verdict() == (
        'DML_GRAPH_DESC.Nodes[1].Desc.Operator: node "add": must not be NULL (a pydml_operator '
        "from pydml_operator_create)"
    )
    operator.Operator = saved
    edge_desc = c.desc.IntermediateEdges[0].Desc
    c.desc.IntermediateEdges[0].Desc = ffi.NULL
    assert verdict() == "DML_GRAPH_DESC.IntermediateEdges[0].Desc: must not be NULL"
    c.desc.IntermediateEdges[0].Desc = edge_desc
    c.desc.OutputEdges = ffi.NULL
    assert verdict() == "DML_GRAPH_DESC.OutputEdges: must not be NULL when OutputEdgeCount is not 0"


def test_c_execute_initialize_and_queries(rng: np.random.Generator) -> None:
    c = CGraph(relu_add())
    status, graph, message = c.compile()
    assert status == 0, message
    assert lib.pydml_graph_input_count(graph) == 2 and lib.pydml_graph_output_count(graph) == 1
    assert lib.pydml_graph_input_bytes(graph, 1) == 256 and lib.pydml_graph_output_bytes(graph, 0) == 256
    assert lib.pydml_graph_memory_bytes(graph) == 256 and lib.pydml_graph_input_owned(graph, 0) == 0
    x, y = (rng.standard_normal(64).astype(np.float32) for _ in range(2))
    z = np.full(64, np.nan, np.float32)
    ins = ffi.new("pydml_buffer[]", [(ffi.from_buffer(x), 256), (ffi.from_buffer(y), 256)])
    outs = ffi.new("pydml_buffer[]", [(ffi.from_buffer(z), 256)])
    message = ffi.new("char[512]")
    assert lib.pydml_graph_execute(graph, ins, 2, outs, 1, message, 512) == 0, ffi.string(message)
    assert z.tobytes() == (np.maximum(x, 0) + y).tobytes()
    # a short buffer, a wrong count, an output over an input: refused before any node runs
    ins[1].size_in_bytes = 255
    assert lib.pydml_graph_execute(graph, ins, 2, outs, 1, message, 512) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(message).decode() == (
        'DML_GRAPH_DESC: graph input 1 "y": the bound buffer has 255 bytes, less '
        "than the 256 bytes (TotalTensorSizeInBytes) its nodes read"
    )
    ins[1].size_in_bytes = 256
    assert lib.pydml_graph_execute(graph, ins, 1, outs, 1, message, 512) == lib.PYDML_STATUS_INVALID_PARAMETER
    outs[0].data = ins[1].data
    assert lib.pydml_graph_execute(graph, ins, 2, outs, 1, message, 512) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert "overlaps the one bound to graph input 1" in ffi.string(message).decode()
    assert lib.pydml_graph_initialize(graph, ins, 2, message, 512) == lib.PYDML_STATUS_INVALID_PARAMETER
    assert (
        lib.pydml_graph_execute(ffi.NULL, ins, 2, outs, 1, message, 512) == lib.PYDML_STATUS_INVALID_PARAMETER
    )
    lib.pydml_graph_release(ffi.NULL)
    order = ffi.new("uint32_t[2]")
    assert lib.pydml_graph_execution_order(graph, order, 2) == 2 and list(order) == [0, 1]


def test_c_fusion_and_concurrency(rng: np.random.Generator, monkeypatch: pytest.MonkeyPatch) -> None:
    """The C API fuses as Python does (conv -> bias add -> relu: one convolution; tests/test_graph_fusion.py
    has the numerics), reports it (pydml_graph_fused_into, the execution order), takes the options,
    and refuses unknown ones; a graph with branches runs concurrently with the same bits as serially
    (PYDML_GRAPH_TEAM_MACS=0: every convolution counts as large, so these small branches overlap)."""
    monkeypatch.setenv("PYDML_GRAPH_TEAM_MACS", "0")
    from test_graph import In, Mid, Op, Out, t
    from test_graph_fusion import X4, Y4, act, branches, conv

    bias_add = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=t(Y4), BTensor=t(Y4, strides=[0, 1, 0, 0]), OutputTensor=t(Y4))
    desc = pydml.DML_GRAPH_DESC(
        Nodes=[Op(conv()), Op(bias_add), Op(act("RELU"))],
        InputEdges=[In(0, 0, 0), In(1, 0, 1), In(2, 1, 1)],
        IntermediateEdges=[Mid(0, 0, 1, 0), Mid(1, 0, 2, 0)],
        OutputEdges=[Out(2, 0, 0)],
    )
    c = CGraph(desc)
    status, fused, message = c.compile()
    assert status == 0, message
    order = ffi.new("uint32_t[3]")
    assert lib.pydml_graph_execution_order(fused, order, 3) == 1 and order[0] == 0
    assert [lib.pydml_graph_fused_into(fused, i) for i in range(4)] == [2**32 - 1, 0, 0, 2**32 - 1]
    status, unfused, message = c.compile(lib.PYDML_GRAPH_NO_FUSION)
    assert status == 0 and lib.pydml_graph_execution_order(unfused, order, 3) == 3
    status, _, message = c.compile(8)
    assert status == lib.PYDML_STATUS_INVALID_PARAMETER
    assert message == "DML_GRAPH_DESC: the options must be PYDML_GRAPH_* values, got 8"
    x = rng.standard_normal(X4).astype(np.float32)
    w = (rng.standard_normal([4, 3, 3, 3]) / 5).astype(np.float32)
    b = rng.standard_normal(4).astype(np.float32)
    results = []
    for graph in (fused, unfused):
        out = np.full(Y4, np.nan, np.float32)
        ins = ffi.new("pydml_buffer[]", [(ffi.from_buffer(a), a.nbytes) for a in (x, w, b)])
        outs = ffi.new("pydml_buffer[]", [(ffi.from_buffer(out), out.nbytes)])
        msg = ffi.new("char[512]")
        assert lib.pydml_graph_execute(graph, ins, 3, outs, 1, msg, 512) == 0, ffi.string(msg)
        results.append(out)
    np.testing.assert_allclose(results[0], results[1], rtol=1e-5, atol=1e-6)

    c = CGraph(branches())
    inputs = [x, *((rng.standard_normal([4, 3, 3, 3]) / 5).astype(np.float32) for _ in range(4)),
              rng.standard_normal(Y4).astype(np.float32)]
    bits = set()
    for options in (lib.PYDML_GRAPH_CONCURRENT, 0, lib.PYDML_GRAPH_SERIAL,
                    lib.PYDML_GRAPH_SERIAL | lib.PYDML_GRAPH_CONCURRENT):
        status, graph, message = c.compile(options)
        assert status == 0, message
        # one step at a time unless PYDML_GRAPH_CONCURRENT (SERIAL wins over it)
        assert lib.pydml_graph_concurrent(graph) == (options == lib.PYDML_GRAPH_CONCURRENT)
        outs_arrays = [np.full(Y4, np.nan, np.float32) for _ in range(2)]
        ins = ffi.new("pydml_buffer[]", [(ffi.from_buffer(a), a.nbytes) for a in inputs])
        outs = ffi.new("pydml_buffer[]", [(ffi.from_buffer(o), o.nbytes) for o in outs_arrays])
        msg = ffi.new("char[512]")
        assert lib.pydml_graph_execute(graph, ins, 6, outs, 2, msg, 512) == 0, ffi.string(msg)
        bits.add(b"".join(o.tobytes() for o in outs_arrays))
    assert len(bits) == 1
