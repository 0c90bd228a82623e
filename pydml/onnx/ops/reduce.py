"""Reductions: DmlOperatorReduce.cpp (DML_REDUCE with the reduced axes kept as 1; keepdims=0 drops
them as a view) and ArgMax/ArgMin (DML_ARGMAX / DML_ARGMIN)."""

from __future__ import annotations

import numpy as np

import pydml
from pydml.onnx.lowering import LoweringError, Node, Segment, normalize_axis, register

_FUNCTIONS = {
    "ReduceSum": ("SUM", 13),
    "ReduceMean": ("AVERAGE", 18),
    "ReduceMax": ("MAX", 18),
    "ReduceMin": ("MIN", 18),
    "ReduceProd": ("MULTIPLY", 18),
    "ReduceL1": ("L1", 18),
    "ReduceL2": ("L2", 18),
    "ReduceLogSum": ("LOG_SUM", 18),
    "ReduceLogSumExp": ("LOG_SUM_EXP", 18),
    "ReduceSumSquare": ("SUM_SQUARE", 18),
}


def _register(op: str, function: str, axes_input_since: int) -> None:
    def lower(seg: Segment, node: Node) -> None:
        x = seg.view(node.inputs[0])
        if node.opset >= axes_input_since:
            value = seg.host(node, 1, "axes")
            axes = None if value is None or value.size == 0 else [int(a) for a in value.reshape(-1)]
        else:
            attr = node.attr("axes")
            axes = None if attr is None else [int(a) for a in attr]
        if axes is None:
            if int(node.attr("noop_with_empty_axes", 0)):
                seg.define(node.outputs[0], x)
                return
            axes = list(range(x.rank))
        axes = sorted({normalize_axis(a, x.rank, node) for a in axes})
        v = x.padded(1)
        if x.rank == 0:
            axes = [0]
        kept = tuple(1 if d in axes else n for d, n in enumerate(v.shape))
        out = seg.output(x.onnx_type, kept)
        (y,) = seg.emit(
            pydml.DML_REDUCE_OPERATOR_DESC(
                Function=function, InputTensor=seg.tensor(v), OutputTensor=out, AxisCount=len(axes), Axes=axes
            ),
            node.name,
        )
        keep = int(node.attr("keepdims", 1))
        shape = kept[: x.rank] if keep else tuple(n for d, n in enumerate(x.shape) if d not in axes)
        seg.define(node.outputs[0], y.reshaped(shape))

    register(op, since=1, host_inputs=(1,), dml=["REDUCE"])(lower)


for _op, (_fn, _since) in _FUNCTIONS.items():
    _register(_op, _fn, _since)


def _arg(seg: Segment, node: Node, dml: str) -> None:
    x = seg.view(node.inputs[0])
    if x.rank == 0:
        raise LoweringError("a scalar input")
    axis = normalize_axis(int(node.attr("axis", 0)), x.rank, node)
    kept = tuple(1 if d == axis else n for d, n in enumerate(x.shape))
    out = seg.output(7, kept)
    direction = "DECREASING" if int(node.attr("select_last_index", 0)) else "INCREASING"
    (y,) = seg.emit(
        getattr(pydml, f"DML_{dml}_OPERATOR_DESC")(
            InputTensor=seg.tensor(x), OutputTensor=out, AxisCount=1, Axes=[axis], AxisDirection=direction
        ),
        node.name,
    )
    keep = int(node.attr("keepdims", 1))
    seg.define(node.outputs[0], y.reshaped(kept if keep else x.shape[:axis] + x.shape[axis + 1 :]))


@register("ArgMax", since=1, dml=["ARGMAX"])
def argmax(seg: Segment, node: Node) -> None:
    _arg(seg, node, "ARGMAX")


@register("ArgMin", since=1, dml=["ARGMIN"])
def argmin(seg: Segment, node: Node) -> None:
    _arg(seg, node, "ARGMIN")


_ = np
