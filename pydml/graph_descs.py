"""The graph structs of directml.h (IDMLDevice1::CompileGraph) as dataclasses, C field names kept.

Arrays are lists and their counts are derived (``NodeCount`` is ``len(Nodes)``); ``InputCount``
and ``OutputCount`` default to one more than the largest graph index an edge names. A bare node
or edge desc is wrapped in its ``DML_GRAPH_NODE_DESC`` / ``DML_GRAPH_EDGE_DESC`` automatically,
as a bare operator desc is wrapped in a ``DML_OPERATOR_DESC``.

``DML_OPERATOR_GRAPH_NODE_DESC.Operator`` is an IDMLOperator* in C. Here it is a
``DML_OPERATOR_DESC``, a bare operator desc, or an operator made by ``Device.create_operator``;
CompileGraph validates it at the compiling device's feature level (pydml/graph.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydml.enums import GraphEdgeType, GraphNodeType


@dataclass(frozen=True, kw_only=True)
class OperatorGraphNodeDesc:
    """DML_OPERATOR_GRAPH_NODE_DESC: a node whose behaviour is an operator's."""

    Operator: Any
    Name: str | None = None


@dataclass(frozen=True, kw_only=True)
class ConstantDataGraphNodeDesc:
    """DML_CONSTANT_DATA_GRAPH_NODE_DESC: a node whose one output is constant bytes.

    ``Data`` is bytes or an array (its raw bytes are used); ``DataSize`` is derived.
    """

    Data: Any
    Name: str | None = None

    @property
    def DataSize(self) -> int:
        """Byte size of Data."""
        return memoryview(self.Data).nbytes


@dataclass(frozen=True, kw_only=True)
class GraphNodeDesc:
    """DML_GRAPH_NODE_DESC: a node's type and its desc."""

    Type: GraphNodeType | int
    Desc: Any


@dataclass(frozen=True, kw_only=True)
class InputGraphEdgeDesc:
    """DML_INPUT_GRAPH_EDGE_DESC: graph input GraphInputIndex feeds input ToNodeInputIndex of a node."""

    GraphInputIndex: int
    ToNodeIndex: int
    ToNodeInputIndex: int
    Name: str | None = None


@dataclass(frozen=True, kw_only=True)
class OutputGraphEdgeDesc:
    """DML_OUTPUT_GRAPH_EDGE_DESC: a node's output FromNodeOutputIndex is graph output GraphOutputIndex."""

    FromNodeIndex: int
    FromNodeOutputIndex: int
    GraphOutputIndex: int
    Name: str | None = None


@dataclass(frozen=True, kw_only=True)
class IntermediateGraphEdgeDesc:
    """DML_INTERMEDIATE_GRAPH_EDGE_DESC: one node's output feeds another node's input."""

    FromNodeIndex: int
    FromNodeOutputIndex: int
    ToNodeIndex: int
    ToNodeInputIndex: int
    Name: str | None = None


@dataclass(frozen=True, kw_only=True)
class GraphEdgeDesc:
    """DML_GRAPH_EDGE_DESC: an edge's type and its desc."""

    Type: GraphEdgeType | int
    Desc: Any


#: the node desc class of each node type, and the edge desc class of each edge type
NODE_CLASSES: dict[GraphNodeType, type] = {
    GraphNodeType.OPERATOR: OperatorGraphNodeDesc,
    GraphNodeType.CONSTANT: ConstantDataGraphNodeDesc,
}
EDGE_CLASSES: dict[GraphEdgeType, type] = {
    GraphEdgeType.INPUT: InputGraphEdgeDesc,
    GraphEdgeType.OUTPUT: OutputGraphEdgeDesc,
    GraphEdgeType.INTERMEDIATE: IntermediateGraphEdgeDesc,
}


@dataclass(kw_only=True)
class GraphDesc:
    """DML_GRAPH_DESC. Nodes and edges are lists; their counts are derived."""

    Nodes: list[Any] = field(default_factory=list)
    InputEdges: list[Any] = field(default_factory=list)
    OutputEdges: list[Any] = field(default_factory=list)
    IntermediateEdges: list[Any] = field(default_factory=list)
    InputCount: int | None = None
    OutputCount: int | None = None

    @property
    def NodeCount(self) -> int:
        """len(Nodes)."""
        return len(self.Nodes)

    @property
    def InputEdgeCount(self) -> int:
        """len(InputEdges)."""
        return len(self.InputEdges)

    @property
    def OutputEdgeCount(self) -> int:
        """len(OutputEdges)."""
        return len(self.OutputEdges)

    @property
    def IntermediateEdgeCount(self) -> int:
        """len(IntermediateEdges)."""
        return len(self.IntermediateEdges)

    def input_count(self) -> int:
        """InputCount, or one more than the largest GraphInputIndex of an input edge."""
        if self.InputCount is not None:
            return self.InputCount
        return 1 + max((_index(e, "GraphInputIndex") for e in self.InputEdges), default=-1)

    def output_count(self) -> int:
        """OutputCount, or one more than the largest GraphOutputIndex of an output edge."""
        if self.OutputCount is not None:
            return self.OutputCount
        return 1 + max((_index(e, "GraphOutputIndex") for e in self.OutputEdges), default=-1)


def _index(edge: Any, name: str) -> int:
    inner = edge.Desc if isinstance(edge, GraphEdgeDesc) else edge
    value = getattr(inner, name, -1)
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


DML_GRAPH_DESC = GraphDesc
DML_GRAPH_NODE_DESC = GraphNodeDesc
DML_OPERATOR_GRAPH_NODE_DESC = OperatorGraphNodeDesc
DML_CONSTANT_DATA_GRAPH_NODE_DESC = ConstantDataGraphNodeDesc
DML_GRAPH_EDGE_DESC = GraphEdgeDesc
DML_INPUT_GRAPH_EDGE_DESC = InputGraphEdgeDesc
DML_OUTPUT_GRAPH_EDGE_DESC = OutputGraphEdgeDesc
DML_INTERMEDIATE_GRAPH_EDGE_DESC = IntermediateGraphEdgeDesc

__all__ = [
    "DML_CONSTANT_DATA_GRAPH_NODE_DESC",
    "DML_GRAPH_DESC",
    "DML_GRAPH_EDGE_DESC",
    "DML_GRAPH_NODE_DESC",
    "DML_INPUT_GRAPH_EDGE_DESC",
    "DML_INTERMEDIATE_GRAPH_EDGE_DESC",
    "DML_OPERATOR_GRAPH_NODE_DESC",
    "DML_OUTPUT_GRAPH_EDGE_DESC",
    "ConstantDataGraphNodeDesc",
    "GraphDesc",
    "GraphEdgeDesc",
    "GraphNodeDesc",
    "InputGraphEdgeDesc",
    "IntermediateGraphEdgeDesc",
    "OperatorGraphNodeDesc",
    "OutputGraphEdgeDesc",
]
