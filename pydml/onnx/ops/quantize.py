"""QuantizeLinear and DequantizeLinear onto DML_ELEMENT_WISE_QUANTIZE_LINEAR /
DML_ELEMENT_WISE_DEQUANTIZE_LINEAR (the provider's DmlOperatorElementWise.cpp
DmlOperatorElementwiseQLinear): a per-tensor scale and zero point broadcast by zero strides, a
per-axis one laid along ``axis``; an omitted zero point is a 0 of the quantized type."""

from __future__ import annotations

from pydml.onnx.lowering import LoweringError, Node, Segment, View, normalize_axis, register
from pydml.onnx.ops.elementwise import desc_class

UINT8 = 2


def _along(seg: Segment, node: Node, param: View, x: View) -> View:
    """The scale or zero point as a view of x's shape: a scalar (or one element) broadcast, a 1-D
    tensor laid along ``axis`` (per-axis quantization)."""
    if param.size == 1 and param.rank <= 1:
        return param.reshaped(()).broadcast(x.shape) if param.rank else param.broadcast(x.shape)
    if int(node.attr("block_size", 0)):
        raise LoweringError("blocked quantization (block_size) is not lowered")
    if param.rank != 1:
        raise LoweringError(f"a {param.rank}-D scale or zero point is not per-tensor or per-axis")
    axis = normalize_axis(int(node.attr("axis", 1)), x.rank, node)
    if param.shape[0] != x.shape[axis]:
        raise LoweringError(f"{param.shape[0]} per-axis values for dimension {axis} of size {x.shape[axis]}")
    shape = tuple(x.shape)
    strides = tuple(param.strides[0] if d == axis else 0 for d in range(x.rank))
    return View(param.source, param.onnx_type, shape, strides)


def _blocked(seg: Segment, node: Node, x: View, params: list[View]) -> tuple[View, list[View]] | None:
    """Blocked quantization (opset 21's block_size): the axis split into (blocks, block_size), each
    scale and zero point read with a zero stride over the block; None when not blocked."""
    block = int(node.attr("block_size", 0))
    if not block or all(p.size == 1 for p in params):
        return None
    axis = normalize_axis(int(node.attr("axis", 1)), x.rank, node)
    n = x.shape[axis]
    if n % block or not x.is_packed():
        raise LoweringError(f"block_size {block} does not divide dimension {axis} ({n})")
    split = (*x.shape[:axis], n // block, block, *x.shape[axis + 1 :])
    xs = x.reshaped(split)
    out = []
    for p in params:
        if p.rank != x.rank or p.shape[axis] != n // block or not p.is_packed():
            raise LoweringError(f"a blocked scale or zero point of shape {list(p.shape)}")
        ps = p.reshaped((*p.shape[:axis], n // block, 1, *p.shape[axis + 1 :])).broadcast(split)
        out.append(ps)
    return xs, out


def _lower(seg: Segment, node: Node, quantize: bool) -> None:
    x, scale = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    # opset 23's precision (QuantizeLinear: the type x / scale is computed in) and output_dtype
    # (DequantizeLinear: an output type other than the scale's) change what the page computes
    if quantize and int(node.attr("precision", 0)) not in (0, x.onnx_type):
        raise LoweringError("precision other than the input's type: the page computes in the input's type")
    if not quantize and int(node.attr("output_dtype", 0)) not in (0, scale.onnx_type):
        raise LoweringError(
            "output_dtype other than the scale's type: the page's output has the scale's type"
        )
    zero_view = seg.view(node.inputs[2]) if node.input(2) else None
    blocked = _blocked(seg, node, x, [scale] + ([zero_view] if zero_view is not None else []))
    if blocked is not None:
        xs, params = blocked
        qtype = zero_view.onnx_type if zero_view is not None else int(node.attr("output_dtype", 0) or UINT8)
        out_type = qtype if quantize else scale.onnx_type
        zero = (
            params[1]
            if zero_view is not None
            else seg.zero(qtype if quantize else x.onnx_type).broadcast(xs.shape)
        )
        dml = "ELEMENT_WISE_QUANTIZE_LINEAR" if quantize else "ELEMENT_WISE_DEQUANTIZE_LINEAR"
        (y,) = seg.emit(
            desc_class(dml)(
                InputTensor=seg.tensor(xs),
                ScaleTensor=seg.tensor(params[0]),
                ZeroPointTensor=seg.tensor(zero),
                OutputTensor=seg.output(out_type, xs.shape),
            ),
            node.name,
        )
        seg.define(node.outputs[0], y.reshaped(x.shape))
        return
    if node.input(2):
        zero = seg.view(node.inputs[2])
        qtype = zero.onnx_type
    else:
        qtype = int(node.attr("output_dtype", 0) or UINT8) if quantize else x.onnx_type
        zero = seg.zero(qtype)
    out_type = qtype if quantize else scale.onnx_type
    out = seg.output(out_type, x.shape, name=node.outputs[0])
    dml = "ELEMENT_WISE_QUANTIZE_LINEAR" if quantize else "ELEMENT_WISE_DEQUANTIZE_LINEAR"
    seg.emit(
        desc_class(dml)(
            InputTensor=seg.tensor(x),
            ScaleTensor=seg.tensor(_along(seg, node, scale, x)),
            ZeroPointTensor=seg.tensor(_along(seg, node, zero, x)),
            OutputTensor=out,
        ),
        node.name,
    )


@register("QuantizeLinear", since=10, dml=["ELEMENT_WISE_QUANTIZE_LINEAR"])
def quantize_linear(seg: Segment, node: Node) -> None:
    _lower(seg, node, True)


@register("DequantizeLinear", since=10, dml=["ELEMENT_WISE_DEQUANTIZE_LINEAR"])
def dequantize_linear(seg: Segment, node: Node) -> None:
    _lower(seg, node, False)


@register("DynamicQuantizeLinear", since=11, dml=["DYNAMIC_QUANTIZE_LINEAR"])
def dynamic_quantize_linear(seg: Segment, node: Node) -> None:
    """DML_DYNAMIC_QUANTIZE_LINEAR (the provider's DmlOperatorDynamicQuantizeLinear): the UINT8
    output with its computed scale and zero point (one element each, as 0-D ONNX values)."""
    x = seg.view(node.inputs[0])
    one = (1,) * max(1, x.rank)
    y, scale, zero = seg.emit(
        desc_class("DYNAMIC_QUANTIZE_LINEAR")(
            InputTensor=seg.tensor(x),
            OutputTensor=seg.output(UINT8, x.shape),
            OutputScaleTensor=seg.output(x.onnx_type, one),
            OutputZeroPointTensor=seg.output(UINT8, one),
        ),
        node.name,
    )
    seg.define(node.outputs[0], y)
    if len(node.outputs) > 1 and node.outputs[1]:
        seg.define(node.outputs[1], scale.reshaped(()))
    if len(node.outputs) > 2 and node.outputs[2]:
        seg.define(node.outputs[2], zero.reshaped(()))
