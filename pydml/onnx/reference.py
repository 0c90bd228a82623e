"""Running single ONNX nodes on the CPU, as ``onnx.reference`` computes them: constant folding and the
reference fallback. The shape computations exporters write run as the numpy calls onnx.reference
makes for them (``fold_numpy``); every other node through a ReferenceEvaluator (``run_node``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pydml.onnx._deps import onnx, reference
from pydml.onnx.lowering import ONNX_TO_NUMPY, Node


def run_node(
    node: Any,
    inputs: Sequence[np.ndarray[Any, Any] | None],
    opsets: dict[str, int],
    functions: Sequence[Any] = (),
) -> list[np.ndarray[Any, Any]]:
    """Evaluate ``node`` (a NodeProto) on ``inputs`` (None for an omitted optional input)."""
    helper = onnx().helper
    names = list(node.input)
    graph_inputs = []
    for name, value in zip(names, inputs, strict=False):
        if not name or value is None:
            continue
        elem = helper.np_dtype_to_tensor_dtype(value.dtype)
        graph_inputs.append(helper.make_tensor_value_info(name, elem, list(value.shape)))
    unique = {vi.name: vi for vi in graph_inputs}
    outputs = [
        helper.make_empty_tensor_value_info(o) if not o else helper.make_value_info(o, onnx().TypeProto())
        for o in node.output
        if o
    ]
    graph = helper.make_graph([node], "node", list(unique.values()), outputs)
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid(d, v) for d, v in opsets.items()], functions=list(functions)
    )
    evaluator = reference().ReferenceEvaluator(model)
    feeds = {name: value for name, value in zip(names, inputs, strict=False) if name and value is not None}
    results = evaluator.run(None, feeds)
    return [np.asarray(r) for r in results]


def evaluate(
    node: Node,
    inputs: Sequence[np.ndarray[Any, Any] | None],
    opsets: dict[str, int],
    functions: Sequence[Any] = (),
) -> list[np.ndarray[Any, Any]]:
    """``node``'s outputs on ``inputs``: ``fold_numpy`` where it computes the node, else ``run_node``
    (both give onnx.reference's bits)."""
    results = fold_numpy(node, inputs)
    return results if results is not None else run_node(node.proto, inputs, opsets, functions)


#: numeric types a Cast folds with astype, as onnx.reference's cast_to does for them
_PLAIN_CAST = {1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13}


def fold_numpy(
    node: Node, values: Sequence[np.ndarray[Any, Any] | None]
) -> list[np.ndarray[Any, Any]] | None:
    """The shape computations exporters write (torch's Shape -> Gather -> Unsqueeze -> Concat, a
    Cast, an Expand of a zero state, a head size's Div, a scale's Div or Pow), folded with the numpy calls
    onnx.reference makes for them (its op_*.py), so the bits are its bits; None: a node (or a case:
    a division by zero, an odd type) left to onnx.reference. Building a ReferenceEvaluator per node was
    most of the folding time (BERT: 334 nodes, 0.1 s CPU), and importing onnx.reference adds 19 MiB
    and 0.14 s to a session whose folds are all of these (the LSTM model's)."""
    if node.domain not in ("", "ai.onnx") or any(a is None for a in values):
        return None
    op, args = node.op_type, [a for a in values if a is not None]
    if op == "Identity" and len(args) == 1:
        return [args[0].copy()]
    if op == "Gather" and len(args) == 2 and args[1].dtype.kind == "i":
        # (np.ascontiguousarray makes a 0-d index 1-d: onnx.reference converts only non-contiguous ones)
        data, indices = (a if a.flags.c_contiguous else np.ascontiguousarray(a) for a in args)
        return [np.take(data, indices, axis=node.attr("axis", 0))]
    if op == "Unsqueeze":
        if len(args) != (2 if node.opset >= 13 else 1):
            return None
        axes = args[1] if node.opset >= 13 else node.attr("axes")
        if axes is None:
            return None
        return [np.expand_dims(args[0], axis=tuple(int(a) for a in np.ravel(axes)))]
    if op == "Concat" and args and all(a.ndim > 0 for a in args) and node.has_attr("axis"):
        axis = int(node.attr("axis"))
        if not all(-a.ndim <= axis < a.ndim for a in args):
            return None
        return [np.concatenate(args, axis)]
    to = int(node.attr("to", 0)) if op == "Cast" else 0
    if op == "Cast" and len(args) == 1 and args[0].dtype.kind in "biuf" and to in _PLAIN_CAST:
        return [args[0].astype(ONNX_TO_NUMPY[to])]
    if op == "Expand" and len(args) == 2 and args[1].dtype.kind == "i":
        return [args[0] * np.ones(args[1], dtype=args[0].dtype)]
    floats = len(args) == 2 and args[0].dtype.kind == "f" and args[0].dtype == args[1].dtype
    if op == "Div" and floats:
        with np.errstate(all="ignore"):
            return [np.asarray(np.divide(args[0], args[1])).astype(args[0].dtype, copy=False)]
    if op == "Div" and len(args) == 2 and args[0].dtype == args[1].dtype and args[0].dtype.kind in "iu":
        x, y = args
        if not np.all(y != 0):
            return None  # onnx.reference's warning and value for a division by zero: its own
        # toward zero, as onnx.reference's Div (and C++) divides integers
        q, rem = np.floor_divide(x, y), np.remainder(x, y)
        q = q + ((rem != 0) & ((x < 0) ^ (y < 0))).astype(q.dtype)
        return [np.asarray(q).astype(x.dtype, copy=False)]
    if op == "Trilu" and 1 <= len(args) <= 2 and args[0].ndim >= 2:
        # a causal mask's triangle (onnx.reference's op_trilu)
        k = 0 if len(args) == 1 else args[1].item()
        if node.attr("upper", 1):
            return [np.triu(args[0], k)]
        return [np.tril(args[0], k).astype(args[0].dtype)]
    if op == "Pow" and len(args) == 2 and args[0].dtype.kind == "f" and args[1].dtype.kind in "fiu":
        with np.errstate(all="ignore"):
            return [np.asarray(np.power(args[0], args[1])).astype(args[0].dtype)]
    return None
