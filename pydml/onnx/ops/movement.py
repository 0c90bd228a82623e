"""Data movement: Reshape, Flatten, Squeeze, Unsqueeze, Transpose and Expand as strides (the
provider's DmlOperatorCopy / DmlOperatorTranspose / broadcast tensor descs), and Concat (JOIN),
Split (SPLIT), Slice (SLICE1), Gather (GATHER), Pad (PADDING1), Tile (TILE) as operators."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import (
    ONNX_TO_DML,
    LoweringError,
    MalformedNodeError,
    Node,
    Segment,
    View,
    broadcast_shapes,
    normalize_axis,
    register,
)


def _define_reshaped(seg: Segment, node: Node, x: View, shape: tuple[int, ...]) -> None:
    if math.prod(shape) != x.size:
        raise LoweringError(f"cannot reshape {list(x.shape)} to {list(shape)}")
    if not x.is_packed():
        x = seg.identity(x, node.name)
    seg.define(node.outputs[0], x.reshaped(shape))


@register("Reshape", since=5, host_inputs=(1,), dml=[])
def reshape(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    target = seg.host(node, 1, "shape")
    assert target is not None
    dims = [int(d) for d in target.reshape(-1)]
    allow_zero = int(node.attr("allowzero", 0))
    for i, d in enumerate(dims):
        if d == 0 and not allow_zero:
            dims[i] = x.shape[i]
    if -1 in dims:
        known = math.prod(d for d in dims if d != -1)
        dims[dims.index(-1)] = x.size // known if known else 0
    _define_reshaped(seg, node, x, tuple(dims))


@register("Flatten", since=1, dml=[])
def flatten(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axis = int(node.attr("axis", 1))
    axis = axis + x.rank if axis < 0 else axis  # Flatten's axis is in [-r, r]
    _define_reshaped(seg, node, x, (math.prod(x.shape[:axis]), math.prod(x.shape[axis:])))


def _axes(seg: Segment, node: Node, since_input: int) -> list[int] | None:
    if node.opset >= since_input:
        value = seg.host(node, 1, "axes")
        return None if value is None else [int(a) for a in value.reshape(-1)]
    attr = node.attr("axes")
    return None if attr is None else [int(a) for a in attr]


@register("Squeeze", since=1, host_inputs=(1,), dml=[])
def squeeze(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axes = _axes(seg, node, 13)
    if axes is None:
        keep = [d for d in range(x.rank) if x.shape[d] != 1]
    else:
        drop = {normalize_axis(a, x.rank, node) for a in axes}
        keep = [d for d in range(x.rank) if d not in drop]
    seg.define(
        node.outputs[0],
        View(x.source, x.onnx_type, tuple(x.shape[d] for d in keep), tuple(x.strides[d] for d in keep)),
    )


@register("Unsqueeze", since=1, host_inputs=(1,), dml=[])
def unsqueeze(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axes = _axes(seg, node, 13) or []
    rank = x.rank + len(axes)
    added = {normalize_axis(a, rank, node) for a in axes}
    shape, strides, k = [], [], 0
    for d in range(rank):
        if d in added:
            shape.append(1)
            strides.append(0)
        else:
            shape.append(x.shape[k])
            strides.append(x.strides[k])
            k += 1
    seg.define(node.outputs[0], View(x.source, x.onnx_type, tuple(shape), tuple(strides)))


@register("Transpose", since=1, dml=[])
def transpose(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    perm = node.attr("perm")
    perm = list(range(x.rank - 1, -1, -1)) if perm is None else [int(p) for p in perm]
    if sorted(perm) != list(range(x.rank)):
        raise LoweringError(f"perm {perm} is not a permutation of {x.rank} dimensions")
    seg.define(node.outputs[0], x.transposed(perm))


@register("Expand", since=8, host_inputs=(1,), dml=[])
def expand(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    target = seg.host(node, 1, "shape")
    assert target is not None
    shape = broadcast_shapes(x.shape, [int(d) for d in target.reshape(-1)])
    seg.define(node.outputs[0], x.broadcast(shape))


@register("Concat", since=4, dml=["JOIN"])
def concat(seg: Segment, node: Node) -> None:
    views = [seg.view(n) for n in node.inputs if n and math.prod(seg.shape(n)) > 0]
    rank = len(seg.shape(node.inputs[0]))
    axis = normalize_axis(int(node.attr("axis")), rank, node)
    shape = list(views[0].shape)
    shape[axis] = sum(v.shape[axis] for v in views)
    out = seg.output(views[0].onnx_type, shape, name=node.outputs[0])
    if len(views) == 1:
        seg.emit(
            pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=seg.tensor(views[0]), OutputTensor=out),
            node.name,
        )
        return
    seg.emit(
        pydml.DML_JOIN_OPERATOR_DESC(
            InputTensors=[seg.tensor(v) for v in views], OutputTensor=out, Axis=axis
        ),
        node.name,
    )


@register("Split", since=2, host_inputs=(1,), dml=["SPLIT"])
def split(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axis = normalize_axis(int(node.attr("axis", 0)), x.rank, node)
    outputs = node.outputs
    parts: list[int] | None
    if node.opset >= 13:
        value = seg.host(node, 1, "split")
        parts = None if value is None else [int(p) for p in value.reshape(-1)]
    else:
        attr = node.attr("split")
        parts = None if attr is None else [int(p) for p in attr]
    if parts is None:
        count = int(node.attr("num_outputs", len(outputs)))
        each = -(-x.shape[axis] // count)
        parts = [min(each, x.shape[axis] - each * i) for i in range(count)]
    if sum(parts) != x.shape[axis] or len(parts) != len(outputs):
        raise LoweringError(
            f"split {parts} does not cover dimension {axis} ({x.shape[axis]}) in {len(outputs)} outputs"
        )
    tensors = []
    for name, part in zip(outputs, parts, strict=True):
        shape = list(x.shape)
        shape[axis] = part
        if part == 0:
            if name:
                seg.empty(name, x.onnx_type, shape)
            continue
        tensors.append(seg.output(x.onnx_type, shape, name=name or None))
    if len(tensors) == 1:
        # every other part is empty: the one left is the input itself
        (name,) = [n for n, p in zip(outputs, parts, strict=True) if p]
        if name:
            seg.define(name, x)
        return
    seg.emit(
        pydml.DML_SPLIT_OPERATOR_DESC(InputTensor=seg.tensor(x), OutputTensors=tensors, Axis=axis), node.name
    )


@register("Slice", since=1, host_inputs=(1, 2, 3, 4), dml=["SLICE1"])
def slice_(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    if node.opset < 10:
        starts, ends = list(node.attr("starts")), list(node.attr("ends"))
        axes_attr = node.attr("axes")
        axes = list(axes_attr) if axes_attr is not None else list(range(len(starts)))
        steps = [1] * len(starts)
    else:
        s, e = seg.host(node, 1, "starts"), seg.host(node, 2, "ends")
        a, st = seg.host(node, 3, "axes"), seg.host(node, 4, "steps")
        assert s is not None and e is not None
        starts, ends = [int(v) for v in s.reshape(-1)], [int(v) for v in e.reshape(-1)]
        axes = list(range(len(starts))) if a is None else [int(v) for v in a.reshape(-1)]
        steps = [1] * len(starts) if st is None else [int(v) for v in st.reshape(-1)]
    offsets, sizes, strides = [0] * x.rank, list(x.shape), [1] * x.rank
    out_shape = list(x.shape)
    for start, end, axis, step in zip(starts, ends, axes, steps, strict=True):
        d = normalize_axis(int(axis), x.rank, node)
        if step == 0:
            raise LoweringError("a step of 0")
        r = range(*slice(int(start), int(end), int(step)).indices(x.shape[d]))
        if len(r) == 0:
            raise LoweringError("the slice is empty: DirectML tensors have no empty dimension")
        out_shape[d] = len(r)
        offsets[d] = min(r[0], r[-1])
        sizes[d] = (len(r) - 1) * abs(step) + 1
        strides[d] = step
    out = seg.output(x.onnx_type, out_shape, name=node.outputs[0])
    v = x.padded(1)
    pad = v.rank - x.rank
    seg.emit(
        pydml.DML_SLICE1_OPERATOR_DESC(
            InputTensor=seg.tensor(v),
            OutputTensor=out,
            DimensionCount=v.rank,
            InputWindowOffsets=[0] * pad + offsets,
            InputWindowSizes=[1] * pad + sizes,
            InputWindowStrides=[1] * pad + strides,
        ),
        node.name,
    )


@register("Gather", since=1, dml=["GATHER"])
def gather(seg: Segment, node: Node) -> None:
    x, idx = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    axis = normalize_axis(int(node.attr("axis", 0)), x.rank, node)
    out_shape = x.shape[:axis] + idx.shape + x.shape[axis + 1 :]
    rank = max(len(out_shape), x.rank, 1)
    # the provider's DmlOperatorGather: every tensor at the output's rank, leading ones added
    xp, ip = x.padded(rank), idx.padded(rank)
    out = seg.output(x.onnx_type, (1,) * (rank - len(out_shape)) + out_shape)
    (y,) = seg.emit(
        pydml.DML_GATHER_OPERATOR_DESC(
            InputTensor=seg.tensor(xp),
            IndicesTensor=seg.tensor(ip),
            OutputTensor=out,
            Axis=axis + rank - x.rank,
            IndexDimensions=idx.rank,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(out_shape))


#: Pad's modes as DML_PADDING_MODEs; "wrap" (Pad-19) is DML_PADDING_MODE_WRAP, which PADDING1 takes
#: from feature level 6_4 (DirectML 1.15.0's release notes; onnxruntime registered Pad-19 for the
#: DML provider in PR 19175)
_PAD_MODES = {"constant": "CONSTANT", "reflect": "REFLECTION", "edge": "EDGE", "wrap": "WRAP"}


@register("Pad", since=2, host_inputs=(1, 2, 3), dml=["PADDING1"])
def pad(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    mode = node.attr("mode", "constant")
    if mode not in _PAD_MODES:
        raise LoweringError(f'mode "{mode}" has no DML_PADDING_MODE')
    value: Any = 0.0
    if node.opset < 11:
        pads = [int(p) for p in node.attr("pads")]
        value = float(node.attr("value", 0.0))
        axes = list(range(x.rank))
    else:
        p = seg.host(node, 1, "pads")
        assert p is not None
        pads = [int(v) for v in p.reshape(-1)]
        c = seg.host(node, 2, "constant_value")
        if c is not None and c.size:
            value = c.reshape(-1)[0].item()
        a = seg.host(node, 3, "axes")
        axes = (
            list(range(x.rank))
            if a is None
            else [normalize_axis(int(v), x.rank, node) for v in a.reshape(-1)]
        )
    begin, end = [0] * x.rank, [0] * x.rank
    n = len(axes)
    if len(pads) != 2 * n:
        raise MalformedNodeError(f"{len(pads)} pads for {n} axes: Pad takes two per axis")
    for k, d in enumerate(axes):
        begin[d], end[d] = pads[k], pads[k + n]
    if any(v < 0 for v in begin + end):
        raise LoweringError("negative pads (cropping) are not lowered")
    shape = [s + b + e for s, b, e in zip(x.shape, begin, end, strict=True)]
    out = seg.output(x.onnx_type, shape, name=node.outputs[0])
    from pydml.onnx.lowering import ONNX_TO_DML

    if x.onnx_type not in (1, 10, 11):
        value = int(value)
    v = x.padded(1)
    extra = v.rank - x.rank
    seg.emit(
        pydml.DML_PADDING1_OPERATOR_DESC(
            InputTensor=seg.tensor(v),
            OutputTensor=out,
            PaddingMode=_PAD_MODES[mode],
            PaddingValueDataType=ONNX_TO_DML[x.onnx_type],
            PaddingValue=value,
            DimensionCount=v.rank,
            StartPadding=[0] * extra + begin,
            EndPadding=[0] * extra + end,
        ),
        node.name,
    )


@register("Tile", since=6, host_inputs=(1,), dml=["TILE"])
def tile(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    r = seg.host(node, 1, "repeats")
    assert r is not None
    repeats = [int(v) for v in r.reshape(-1)]
    shape = [s * k for s, k in zip(x.shape, repeats, strict=True)]
    out = seg.output(x.onnx_type, shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_TILE_OPERATOR_DESC(
            InputTensor=seg.tensor(x), OutputTensor=out, RepeatsCount=len(repeats), Repeats=repeats
        ),
        node.name,
    )


def _host_only(op: str, since: int, inputs: tuple[int, ...]) -> None:
    def lower(seg: Segment, node: Node) -> None:
        raise LoweringError(
            "its inputs must be constants or have static shapes: the provider computes it on the CPU"
        )

    register(op, since=since, host_inputs=inputs)(lower)


_host_only("Shape", 1, ())
_host_only("Size", 1, ())
_host_only("ConstantOfShape", 9, (0,))
_host_only("Range", 11, (0, 1, 2))
_host_only("Constant", 1, ())

_ = np


_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1


@register("Trilu", since=14, host_inputs=(1,), dml=["DIAGONAL_MATRIX1"])
def trilu(seg: Segment, node: Node) -> None:
    """DML_DIAGONAL_MATRIX1 over the input (the provider's DmlOperatorTrilu): the band of diagonals
    ONNX zeroes is filled with 0 and the rest copied. upper keeps column - row >= k, so diagonals
    [INT32_MIN, k) are zeroed; lower keeps column - row <= k, so [k + 1, INT32_MAX) are."""
    x = seg.view(node.inputs[0])
    if x.rank < 2:
        raise LoweringError("Trilu needs a tensor of at least 2 dimensions")
    k_value = seg.host(node, 1, "k")
    k = 0 if k_value is None else int(k_value.reshape(-1)[0])
    k = max(_INT32_MIN + 1, min(_INT32_MAX - 1, k))
    begin, end = (_INT32_MIN, k) if int(node.attr("upper", 1)) else (k + 1, _INT32_MAX)
    x4 = x.padded(4)
    out = seg.output(x.onnx_type, x4.shape)
    (y,) = seg.emit(
        pydml.DML_DIAGONAL_MATRIX1_OPERATOR_DESC(
            InputTensor=seg.tensor(x4),
            OutputTensor=out,
            ValueDataType=f"DML_TENSOR_DATA_TYPE_{x.dml_type}",
            Value=0,
            DiagonalFillBegin=begin,
            DiagonalFillEnd=end,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(x.shape))


@register("EyeLike", since=9, dml=["DIAGONAL_MATRIX1"])
def eye_like(seg: Segment, node: Node) -> None:
    """DML_DIAGONAL_MATRIX1 without an input (the provider's DmlOperatorEyeLike): ones on diagonal
    k (column - row = k), zeros elsewhere, of the input's shape and ``dtype`` (default its type)."""
    shape = seg.shape(node.inputs[0])
    if len(shape) != 2:
        raise LoweringError("EyeLike takes a 2-D input")
    to = int(node.attr("dtype", 0)) or seg.onnx_type(node.inputs[0])
    k = int(node.attr("k", 0))
    out = seg.output(to, (1, 1, *shape))
    (y,) = seg.emit(
        pydml.DML_DIAGONAL_MATRIX1_OPERATOR_DESC(
            OutputTensor=out,
            ValueDataType=f"DML_TENSOR_DATA_TYPE_{ONNX_TO_DML[to]}",
            Value=1,
            DiagonalFillBegin=k,
            DiagonalFillEnd=k + 1,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(shape))


@register("ReverseSequence", since=10, dml=["REVERSE_SUBSEQUENCES"])
def reverse_sequence(seg: Segment, node: Node) -> None:
    """REVERSE_SUBSEQUENCES along time_axis, one length per batch_axis entry (the provider's
    DmlOperatorReverseSequence): the lengths read with a stride along the batch axis only."""
    x, lengths = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if lengths.onnx_type in (6, 7):
        # lengths are non-negative: INT32/INT64 read as UINT32/UINT64 (the page's types) are equal
        from pydml.onnx.ops.elementwise import reinterpret

        lengths = reinterpret(seg, lengths, {6: 12, 7: 13}[lengths.onnx_type], node.name)
    time_axis = normalize_axis(int(node.attr("time_axis", 0)), x.rank, node)
    batch_axis = normalize_axis(int(node.attr("batch_axis", 1)), x.rank, node)
    shape = tuple(x.shape[d] if d == batch_axis else 1 for d in range(x.rank))
    strides = tuple(lengths.strides[0] if d == batch_axis else 0 for d in range(x.rank))
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            SequenceLengthsTensor=seg.tensor(View(lengths.source, lengths.onnx_type, shape, strides)),
            OutputTensor=out,
            Axis=time_axis,
        ),
        node.name,
    )


@register("Col2Im", since=18, host_inputs=(1, 2), dml=["FOLD"])
def col2im(seg: Segment, node: Node) -> None:
    """input [N, C * prod(block_shape), L], image_shape and block_shape (read on the CPU: the
    provider's Col2ImHelper) onto DML_FOLD (the provider's DmlOperatorCol2Im). The provider passes
    one pads array as both StartPadding and EndPadding (its first DimensionCount values), so
    asymmetric pads are refused here rather than computed differently from ONNX."""
    x = seg.view(node.inputs[0])
    image = seg.host(node, 1, "image_shape")
    block = seg.host(node, 2, "block_shape")
    if image is None or block is None:
        raise LoweringError("image_shape and block_shape are required")
    image_shape = [int(v) for v in image.reshape(-1)]
    block_shape = [int(v) for v in block.reshape(-1)]
    dims = len(block_shape)
    if len(image_shape) != dims or x.rank != 3:
        raise LoweringError("a 3-D input with image_shape and block_shape of one length is required")
    pads = [int(v) for v in node.attr("pads", [0] * (2 * dims))]
    if pads[:dims] != pads[dims:]:
        raise LoweringError(
            f"pads {pads}: the provider passes the begin pads as the end pads too (DmlOperatorCol2Im)"
        )
    n, ck, _ = x.shape
    window = math.prod(block_shape)
    if window <= 0 or ck % window:
        raise LoweringError(f"input dimension 1 ({ck}) is not C x prod(block_shape) ({window})")
    out = seg.output(x.onnx_type, (n, ck // window, *image_shape), name=node.outputs[0])
    seg.emit(
        pydml.DML_FOLD_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputTensor=out,
            DimensionCount=dims,
            WindowSizes=block_shape,
            Strides=[int(v) for v in node.attr("strides", [1] * dims)],
            Dilations=[int(v) for v in node.attr("dilations", [1] * dims)],
            StartPadding=pads[:dims],
            EndPadding=pads[dims:],
        ),
        node.name,
    )
