"""Graph-level optimisations of the ONNX front end: what ONNX Runtime does to a graph before its
DirectML provider sees it, and layouts that cost no operator.

ONNX Runtime applies its level-2 graph transformers for the DirectML provider before partitioning
(onnxruntime/core/optimizer/graph_transformer_utils.cc: GeluFusion, MatMulScaleFusion,
MatmulTransposeFusion ... are registered with ``cpu_cuda_dml_rocm_eps``), so the provider receives
a com.microsoft Gelu where the model has Div / Erf / Add / Mul / Mul, and a FusedMatMul with an
``alpha`` where it has a MatMul scaled by a constant. ``rewrite`` does the same to the node list
of an ``InferenceSession``; the fused nodes lower through the contrib lowerings
(pydml/onnx/ops/contrib.py: Gelu onto ACTIVATION_GELU, FusedMatMul onto one GEMM with Alpha).
A fused node that cannot lower (a data type ACTIVATION_GELU lacks, a feature level below its
own) lowers its original nodes instead, one after the other, in the same segment.

``fold_batch_rows``: a MatMul whose B is one matrix broadcast over A's batch (a Linear layer on
[batch, sequence, features]) is one GEMM of batch x M rows, not a batch of GEMMs each re-reading
the same B: the same products in the same order (each output element is one dot product over K),
so the same bits, and the GEMM engine packs B once instead of once per batch element.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from pydml.onnx.lowering import (
    CONTRIB_DOMAIN,
    Lowering,
    Node,
    Segment,
    View,
    find_lowering,
    reshape_view,
)

#: ONNX Runtime's GeluFusion and MatMulScaleFusion compare constants with a small tolerance
#: (optimizer_utils::IsInitializerWithExpectedValue: |value - expected| <= 1e-5 * |expected|, at
#: least 1e-8 absolute, on float constants)
_RTOL, _ATOL = 1e-5, 1e-8


# -- strided views ----------------------------------------------------------------------------


def fold_batch_rows(a4: View, b4: View, shape4: tuple[int, ...]) -> tuple[View, View, tuple[int, ...]]:
    """GEMM operands [b0, b1, M, K] x [b0, b1, K, N] (4-D views, no transposes) as
    [1, 1, b0 b1 M, K] x [1, 1, K, N] when B is the same matrix for every batch element (zero
    batch strides) and A's batch and row dimensions are evenly strided (a packed activation):
    the output, packed [b0, b1, M, N], is then the packed [b0 b1 M, N]. Otherwise unchanged."""
    batch = shape4[0] * shape4[1]
    if batch == 1 or any(s != 0 for s, n in zip(b4.strides[:2], b4.shape[:2], strict=True) if n != 1):
        return a4, b4, shape4
    m, k = a4.shape[2], a4.shape[3]
    rows = reshape_view(a4, (1, 1, batch * m, k))
    if rows is None:
        return a4, b4, shape4
    b2 = replace(b4, shape=(1, 1, *b4.shape[2:]), strides=(0, 0, *b4.strides[2:]))
    return rows, b2, (1, 1, batch * m, shape4[3])


# -- node rewrites ----------------------------------------------------------------------------


class FusedNode(Node):
    """A node a graph rewrite (``fusion``) made from ``members`` (the model's nodes, in order). It
    lowers as its op; ``unfused`` lowers the members one after the other instead (for when the
    fused op cannot lower: the session tries it second)."""

    def __init__(self, proto: Any, opset: int, index: int, members: list[Node], fusion: str):
        super().__init__(proto, opset, index)
        self.members = members
        self.fusion = fusion
        self.unfused = Lowering(proto.op_type, opset, self._lower_members)
        #: the member whose lowering failed last (the one an error names)
        self.failed: Node | None = None

    def _lower_members(self, seg: Segment, node: Node) -> None:
        for member in self.members:
            self.failed = member
            find_lowering(member.op_type, member.domain, member.opset).fn(seg, member)
        self.failed = None


def _scalar(constants: Mapping[str, np.ndarray[Any, Any]], name: str) -> float | None:
    value = constants.get(name)
    if value is None or value.size != 1 or value.dtype.kind != "f":
        return None
    return float(value.reshape(-1)[0])


def _close(value: float | None, expected: float) -> bool:
    return value is not None and abs(value - expected) <= max(_ATOL, _RTOL * abs(expected))


def _other(node: Node, name: str) -> str | None:
    """The other input of a two-input node that reads ``name`` once."""
    ins = node.inputs[:2]
    if len(node.inputs) != 2 or ins.count(name) != 1:
        return None
    return ins[1] if ins[0] == name else ins[0]


class _Graph:
    def __init__(self, nodes: Sequence[Node], outputs: set[str]):
        self.nodes = list(nodes)
        self.outputs = outputs
        self.readers: dict[str, list[Node]] = {}
        self.producer: dict[str, Node] = {}
        for node in self.nodes:
            for name in node.inputs:
                if name:
                    self.readers.setdefault(name, []).append(node)
            for name in node.outputs:
                if name:
                    self.producer[name] = node

    def sole_reader(self, name: str) -> Node | None:
        """The one node reading ``name`` (once), when the graph does not output it."""
        readers = self.readers.get(name, [])
        if len(readers) != 1 or name in self.outputs or readers[0].inputs.count(name) != 1:
            return None
        return readers[0]


def _plain(node: Node | None, *op_types: str) -> bool:
    return node is not None and node.op_type in op_types and node.domain in ("", "ai.onnx")


def _match_gelu(g: _Graph, erf: Node, constants: Mapping[str, np.ndarray[Any, Any]]) -> list[Node] | None:
    """GeluFusion's pattern around an Erf: x / sqrt(2) (or x * 1/sqrt(2)), Erf, + 1, then x times
    it and times 0.5 in either order (onnxruntime/core/optimizer/gelu_fusion.cc)."""
    if len(erf.outputs) != 1:
        return None
    div = g.producer.get(erf.inputs[0]) if erf.inputs else None
    if not _plain(div, "Div", "Mul") or div is None or len(div.inputs) != 2:
        return None
    x, c = div.inputs
    want = math.sqrt(2.0) if div.op_type == "Div" else 1.0 / math.sqrt(2.0)
    if not _close(_scalar(constants, c), want):
        if div.op_type == "Mul" and _close(_scalar(constants, x), want):
            x, c = c, x
        else:
            return None
    if g.sole_reader(div.outputs[0]) is not erf:
        return None
    add = g.sole_reader(erf.outputs[0])
    if not _plain(add, "Add") or add is None:
        return None
    one = _other(add, erf.outputs[0])
    if one is None or not _close(_scalar(constants, one), 1.0):
        return None
    mul = g.sole_reader(add.outputs[0])
    if not _plain(mul, "Mul") or mul is None:
        return None
    factor = _other(mul, add.outputs[0])
    if factor is None:
        return None
    if factor == x:  # (x * (1 + erf)) * 0.5
        half = g.sole_reader(mul.outputs[0])
        if not _plain(half, "Mul") or half is None:
            return None
        c5 = _other(half, mul.outputs[0])
        if c5 is None or not _close(_scalar(constants, c5), 0.5):
            return None
        return [div, erf, add, mul, half]
    pre = g.producer.get(factor)  # (x * 0.5) * (1 + erf)
    if not _plain(pre, "Mul") or pre is None or g.sole_reader(factor) is not mul:
        return None
    c5 = _other(pre, x)
    if c5 is None or not _close(_scalar(constants, c5), 0.5):
        return None
    return [div, erf, add, pre, mul]


def _match_matmul_scale(
    g: _Graph, matmul: Node, constants: Mapping[str, np.ndarray[Any, Any]]
) -> tuple[list[Node], float] | None:
    """MatMulScaleFusion on the output side: MatMul, then Mul or Div by a scalar constant that
    reads nothing else (onnxruntime/core/optimizer/matmul_scale_fusion.cc)."""
    if len(matmul.inputs) != 2 or len(matmul.outputs) != 1:
        return None
    scale = g.sole_reader(matmul.outputs[0])
    if not _plain(scale, "Mul", "Div") or scale is None:
        return None
    other = _other(scale, matmul.outputs[0])
    if other is None:
        return None
    value = _scalar(constants, other)
    if value is None or value == 0.0 or not math.isfinite(value):
        return None
    if scale.op_type == "Div":
        if scale.inputs[0] != matmul.outputs[0]:
            return None  # c / (a b) is no scale
        value = 1.0 / value
    return [matmul, scale], value


def _same_shapes(names: Sequence[str], shapes: Mapping[str, tuple[int, ...]]) -> bool:
    """The values all have one known shape: a constant of the pattern broadcast nothing up."""
    known = [shapes.get(n) for n in names]
    return all(k is not None for k in known) and len(set(known)) == 1


def rewrite(
    nodes: Sequence[Node],
    constants: Mapping[str, np.ndarray[Any, Any]],
    outputs: set[str],
    opsets: Mapping[str, int],
    shapes: Mapping[str, tuple[int, ...]],
) -> list[Node]:
    """The node list with GeluFusion and MatMulScaleFusion applied, re-indexed in order (a pattern
    whose values' shapes are not all known and equal stays as it is)."""
    from pydml.onnx._deps import onnx

    helper = onnx().helper
    g = _Graph(nodes, outputs)
    replaced: dict[int, Node] = {}  # position of a pattern's last member -> the fused node
    removed: set[int] = set()
    position = {id(node): i for i, node in enumerate(g.nodes)}
    contrib_opset = int(opsets.get(CONTRIB_DOMAIN, 1))

    def take(members: list[Node], proto: Any, fusion: str) -> None:
        spots = [position[id(m)] for m in members]
        if any(s in removed or s in replaced for s in spots) or any(
            out in constants for m in members for out in m.outputs
        ):
            return  # overlapping another pattern, or folded already
        last = max(spots)
        replaced[last] = FusedNode(proto, contrib_opset, last, members, fusion)
        removed.update(s for s in spots if s != last)

    for node in g.nodes:
        if _plain(node, "Erf"):
            members = _match_gelu(g, node, constants)
            if members is not None:
                x = members[0].inputs[0]
                if _scalar(constants, x) is not None and members[0].op_type == "Mul":
                    x = members[0].inputs[1]
                if _same_shapes([x] + [m.outputs[0] for m in members], shapes):
                    proto = helper.make_node(
                        "Gelu", [x], [members[-1].outputs[0]], name=members[-1].name, domain=CONTRIB_DOMAIN
                    )
                    take(members, proto, "GeluFusion")
        elif _plain(node, "MatMul"):
            found = _match_matmul_scale(g, node, constants)
            if found is not None and _same_shapes([m.outputs[0] for m in found[0]], shapes):
                members, alpha = found
                proto = helper.make_node(
                    "FusedMatMul", list(node.inputs), [members[-1].outputs[0]], name=node.name,
                    domain=CONTRIB_DOMAIN, alpha=alpha,
                )
                take(members, proto, "MatMulScaleFusion")
    out: list[Node] = []
    for i, node in enumerate(g.nodes):
        if i in removed:
            continue
        node = replaced.get(i, node)
        node.index = len(out)
        out.append(node)
    return out
