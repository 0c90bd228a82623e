"""Running single ONNX nodes through ``onnx.reference``: constant folding and the reference fallback."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pydml.onnx._deps import onnx, reference


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
