"""Indexed data movement and scans: GatherElements, GatherND, ScatterElements, ScatterND, OneHot
(DmlOperatorGather.cpp, DmlOperatorScatter.cpp, DmlOperatorOneHot.cpp), CumSum
(DmlOperatorCumSum.cpp), TopK (DmlOperatorTopK.cpp), DepthToSpace and SpaceToDepth
(DmlOperatorDepthToSpace.cpp / DmlOperatorSpaceToDepth.cpp), NonZero (DmlOperatorNonZero.cpp).
Tensors of differing ranks are padded with leading ones to one dimension count, as the provider's
tensor descs are."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import (
    FLOAT_TYPES,
    HostFinish,
    LoweringError,
    Node,
    Segment,
    View,
    normalize_axis,
    register,
)
from pydml.onnx.ops.elementwise import cast

INT64 = 7
UINT64 = 13


@register("GatherElements", since=11, dml=["GATHER_ELEMENTS"])
def gather_elements(seg: Segment, node: Node) -> None:
    x, idx = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    axis = normalize_axis(int(node.attr("axis", 0)), x.rank, node)
    out = seg.output(x.onnx_type, idx.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_GATHER_ELEMENTS_OPERATOR_DESC(
            InputTensor=seg.tensor(x), IndicesTensor=seg.tensor(idx), OutputTensor=out, Axis=axis
        ),
        node.name,
    )


def _no_reduction(node: Node) -> None:
    if node.attr("reduction", "none") != "none":
        raise LoweringError(f'reduction "{node.attr("reduction")}": DML scatters replace only')


@register("Scatter", since=9, dml=["SCATTER_ELEMENTS"])  # opset 9's name for it (deprecated at 11)
@register("ScatterElements", since=11, dml=["SCATTER_ELEMENTS"])
def scatter_elements(seg: Segment, node: Node) -> None:
    _no_reduction(node)
    x, idx, upd = (seg.view(n) for n in node.inputs[:3])
    axis = normalize_axis(int(node.attr("axis", 0)), x.rank, node)
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_SCATTER_ELEMENTS_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            IndicesTensor=seg.tensor(idx),
            UpdatesTensor=seg.tensor(upd),
            OutputTensor=out,
            Axis=axis,
        ),
        node.name,
    )


@register("ScatterND", since=11, dml=["SCATTER_ND"])
def scatter_nd(seg: Segment, node: Node) -> None:
    _no_reduction(node)
    x, idx, upd = (seg.view(n) for n in node.inputs[:3])
    rank = max(x.rank, idx.rank, upd.rank)
    out = seg.output(x.onnx_type, (1,) * (rank - x.rank) + x.shape)
    (y,) = seg.emit(
        pydml.DML_SCATTER_ND_OPERATOR_DESC(
            InputTensor=seg.tensor(x.padded(rank)),
            IndicesTensor=seg.tensor(idx.padded(rank)),
            UpdatesTensor=seg.tensor(upd.padded(rank)),
            OutputTensor=out,
            InputDimensionCount=x.rank,
            IndicesDimensionCount=idx.rank,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(x.shape))


@register("GatherND", since=11, dml=["GATHER_ND1"])
def gather_nd(seg: Segment, node: Node) -> None:
    x, idx = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    b = int(node.attr("batch_dims", 0))
    last = idx.shape[-1]
    out_shape = idx.shape[:-1] + x.shape[b + last :]
    rank = max(x.rank, idx.rank, len(out_shape), 1)
    out = seg.output(x.onnx_type, (1,) * (rank - len(out_shape)) + out_shape)
    (y,) = seg.emit(
        pydml.DML_GATHER_ND1_OPERATOR_DESC(
            InputTensor=seg.tensor(x.padded(rank)),
            IndicesTensor=seg.tensor(idx.padded(rank)),
            OutputTensor=out,
            InputDimensionCount=x.rank,
            IndicesDimensionCount=idx.rank,
            BatchDimensionCount=b,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(out_shape))


@register("CumSum", since=11, host_inputs=(1,), dml=["CUMULATIVE_SUMMATION"])
def cumsum(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axis_value = seg.host(node, 1, "axis")
    assert axis_value is not None
    axis = normalize_axis(int(axis_value.reshape(-1)[0]), x.rank, node)
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_CUMULATIVE_SUMMATION_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputTensor=out,
            Axis=axis,
            AxisDirection="DECREASING" if int(node.attr("reverse", 0)) else "INCREASING",
            HasExclusiveSum=bool(int(node.attr("exclusive", 0))),
        ),
        node.name,
    )


@register("TopK", since=1, host_inputs=(1,), dml=["TOP_K1"])
def top_k(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axis = normalize_axis(int(node.attr("axis", -1)), x.rank, node)
    if node.opset >= 10:
        k_value = seg.host(node, 1, "K")
        assert k_value is not None
        k = int(k_value.reshape(-1)[0])
    else:
        k = int(node.attr("k"))
    if k <= 0:
        raise LoweringError("K = 0: the outputs are empty, and DirectML tensors have no empty dimension")
    shape = tuple(k if d == axis else n for d, n in enumerate(x.shape))
    values = seg.output(x.onnx_type, shape, name=node.outputs[0] or None)
    # the provider binds TopK's int64 indices as UINT64 (they are never negative)
    want = node.outputs[1] if len(node.outputs) > 1 and node.outputs[1] else None
    indices = seg.output(UINT64, shape)
    _, index_view = seg.emit(
        pydml.DML_TOP_K1_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputValueTensor=values,
            OutputIndexTensor=indices,
            Axis=axis,
            K=k,
            AxisDirection="DECREASING" if int(node.attr("largest", 1)) else "INCREASING",
        ),
        node.name,
    )
    if want:
        seg.define(want, replace(index_view, onnx_type=INT64))


@register("OneHot", since=9, host_inputs=(1,), dml=["ONE_HOT"])
def one_hot(seg: Segment, node: Node) -> None:
    idx, values = seg.view(node.inputs[0]), seg.view(node.inputs[2])
    if idx.onnx_type in FLOAT_TYPES:
        # ONNX takes float indices (truncated); DML_ONE_HOT's IndicesTensor is integer: cast first
        idx = cast(seg, node, idx, INT64)
    depth_value = seg.host(node, 1, "depth")
    assert depth_value is not None
    depth = int(depth_value.reshape(-1)[0])
    rank = idx.rank + 1
    axis = normalize_axis(int(node.attr("axis", -1)), rank, node)
    shape = (*idx.shape[:axis], depth, *idx.shape[axis:])
    # indices with a 1 at the axis, values as [1, ..., 2] (the provider's DmlOperatorOneHot)
    idx_r = View(
        idx.source,
        idx.onnx_type,
        (*idx.shape[:axis], 1, *idx.shape[axis:]),
        (*idx.strides[:axis], 0, *idx.strides[axis:]),
    )
    vals = replace(
        values.padded(rank), shape=(1,) * (rank - 1) + (2,), strides=(0,) * (rank - 1) + (values.strides[-1],)
    )
    out = seg.output(values.onnx_type, shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ONE_HOT_OPERATOR_DESC(
            IndicesTensor=seg.tensor(idx_r), ValuesTensor=seg.tensor(vals), OutputTensor=out, Axis=axis
        ),
        node.name,
    )


def _space(seg: Segment, node: Node, to_space: bool) -> None:
    x = seg.view(node.inputs[0])
    if x.rank != 4:
        raise LoweringError("a 4-D input is required")
    b = int(node.attr("blocksize"))
    n, c, h, w = x.shape
    shape = (n, c // (b * b), h * b, w * b) if to_space else (n, c * b * b, h // b, w // b)
    out = seg.output(x.onnx_type, shape, name=node.outputs[0])
    order = "COLUMN_ROW_DEPTH" if node.attr("mode", "DCR") == "CRD" else "DEPTH_COLUMN_ROW"
    cls = pydml.DML_DEPTH_TO_SPACE1_OPERATOR_DESC if to_space else pydml.DML_SPACE_TO_DEPTH1_OPERATOR_DESC
    seg.emit(cls(InputTensor=seg.tensor(x), OutputTensor=out, BlockSize=b, Order=order), node.name)


@register("DepthToSpace", since=1, dml=["DEPTH_TO_SPACE1"])
def depth_to_space(seg: Segment, node: Node) -> None:
    _space(seg, node, True)


@register("SpaceToDepth", since=1, dml=["SPACE_TO_DEPTH1"])
def space_to_depth(seg: Segment, node: Node) -> None:
    _space(seg, node, False)


UINT32 = 12


def _nonzero_parts(node: Node) -> list[str]:
    return [f"{node.outputs[0]}#nonzero_count", f"{node.outputs[0]}#nonzero_coordinates"]


def _nonzero_output(node: Node, arrays: list[np.ndarray[Any, Any]]) -> list[np.ndarray[Any, Any]]:
    """ONNX's [rank, count] INT64 from NONZERO_COORDINATES' count and [1, 1, M, rank] rows: the
    provider reads the count back on the CPU and copies the first count rows, transposed."""
    count, coordinates = arrays
    found = int(count.reshape(-1)[0])
    rank = coordinates.shape[-1]
    rows = coordinates.reshape(-1, rank)[:found]
    return [np.ascontiguousarray(rows.T, dtype=np.int64)]


@register(
    "NonZero",
    since=9,
    dml=["NONZERO_COORDINATES"],
    finish=HostFinish(_nonzero_parts, _nonzero_output),
)
def nonzero(seg: Segment, node: Node) -> None:
    """DmlOperatorNonZero: NONZERO_COORDINATES into rows for every element (its page: the
    worst case), the count read back; the output [rank, count] is made on the CPU from the first
    count rows (the node's HostFinish; the output's shape is the count's). A 0-D input is one
    element of rank 0: ONNX gives [0, count], an empty tensor, which DirectML has no tensor for."""
    x = seg.view(node.inputs[0])
    if x.rank == 0:
        raise LoweringError(
            "a 0-D input: the output [0, count] is empty, and DirectML tensors have no empty dimension"
        )
    count_name, rows_name = _nonzero_parts(node)
    elements = math.prod(x.shape)
    count = seg.output(UINT32, (1,) * x.rank, name=count_name)
    rows = seg.output(UINT32, (1,) * max(0, x.rank - 2) + (elements, x.rank), name=rows_name)
    seg.emit(
        pydml.DML_NONZERO_COORDINATES_OPERATOR_DESC(
            InputTensor=seg.tensor(x), OutputCountTensor=count, OutputCoordinatesTensor=rows
        ),
        node.name,
    )
