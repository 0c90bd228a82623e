"""The DirectML provider's com.microsoft (contrib) ops, lowered as its DmlOperator*.cpp lower them:
Gelu and BiasGelu (ACTIVATION_GELU over the biased input), FastGelu (the tanh form composed from
element-wise operators), QuickGelu (x * sigmoid(alpha x)), SkipLayerNormalization (the sum, then
MEAN_VARIANCE_NORMALIZATION1 over the last axis), FusedMatMul (GEMM with Alpha and transposes) and
MultiHeadAttention (DML_MULTIHEAD_ATTENTION with separate query, key and value). Registered with
``domain="com.microsoft"``; the others of the provider's 29 are listed in docs/onnx.md as not
lowered yet."""

from __future__ import annotations

import math
from dataclasses import replace

import pydml
from pydml.onnx.lowering import (
    CONTRIB_DOMAIN,
    LoweringError,
    Node,
    Segment,
    View,
    broadcast_shapes,
    packed_strides,
    register,
)
from pydml.onnx.ops.elementwise import binary, gelu_tanh, scale_bias, unary
from pydml.onnx.ops.matmul import merge_batch

MS = CONTRIB_DOMAIN


def _biased(seg: Segment, node: Node, x: View, bias_input: int) -> View:
    """x plus the optional bias input (broadcast over the leading dimensions), by ELEMENT_WISE_ADD."""
    if not node.input(bias_input):
        return x
    return binary(seg, node, "ELEMENT_WISE_ADD", x, seg.view(node.inputs[bias_input]), out_name=None)


@register("Gelu", domain=MS, dml=["ACTIVATION_GELU"])
def ms_gelu(seg: Segment, node: Node) -> None:
    unary(seg, node, "ACTIVATION_GELU")


@register("BiasGelu", domain=MS, dml=["ELEMENT_WISE_ADD", "ACTIVATION_GELU"])
def bias_gelu(seg: Segment, node: Node) -> None:
    unary(seg, node, "ACTIVATION_GELU", _biased(seg, node, seg.view(node.inputs[0]), 1))


@register("FastGelu", domain=MS, dml=["ELEMENT_WISE_ADD", "ELEMENT_WISE_MULTIPLY", "ELEMENT_WISE_TANH"])
def fast_gelu(seg: Segment, node: Node) -> None:
    x = _biased(seg, node, seg.view(node.inputs[0]), 1)
    seg.define(node.outputs[0], gelu_tanh(seg, node, x))


@register("QuickGelu", domain=MS, dml=["ACTIVATION_SIGMOID", "ELEMENT_WISE_MULTIPLY"])
def quick_gelu(seg: Segment, node: Node) -> None:
    """x * sigmoid(alpha * x): the sigmoid's input scaled by an IDENTITY ScaleBias."""
    x = seg.view(node.inputs[0])
    alpha = float(node.attr("alpha", 1.702))
    scaled = scale_bias(seg, node, x, alpha, 0.0) if alpha != 1.0 else x
    sig = unary(seg, node, "ACTIVATION_SIGMOID", scaled, out_name="")
    binary(seg, node, "ELEMENT_WISE_MULTIPLY", x, sig)


@register("SkipLayerNormalization", domain=MS, dml=["ELEMENT_WISE_ADD", "MEAN_VARIANCE_NORMALIZATION1"])
def skip_layer_norm(seg: Segment, node: Node) -> None:
    """input + skip (+ bias), normalized over the last axis with gamma (and beta): the provider's
    DmlOperatorSkipLayerNormalization (the sum feeds MEAN_VARIANCE_NORMALIZATION1; the optional
    4th output is that sum)."""
    x, skip = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    total = binary(seg, node, "ELEMENT_WISE_ADD", x, skip.broadcast(x.shape), out_name=None)
    total = _biased(seg, node, total, 4)
    if any(node.outputs[1:3]):
        raise LoweringError("the mean and inv_std_var outputs are not lowered")
    fields = {"ScaleTensor": seg.tensor(seg.view(node.inputs[2]).broadcast(x.shape))}
    if node.input(3):
        fields["BiasTensor"] = seg.tensor(seg.view(node.inputs[3]).broadcast(x.shape))
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
            InputTensor=seg.tensor(total),
            OutputTensor=out,
            AxisCount=1,
            Axes=[x.rank - 1],
            NormalizeVariance=True,
            Epsilon=float(node.attr("epsilon", 1e-12)),
            **fields,
        ),
        node.name,
    )
    if len(node.outputs) > 3 and node.outputs[3]:
        seg.define(node.outputs[3], total)


@register("FusedMatMul", domain=MS, dml=["GEMM"])
def fused_matmul(seg: Segment, node: Node) -> None:
    """alpha * op(A) op(B), op a transpose of the last two dimensions when transA / transB: one
    GEMM with TransA / TransB and Alpha (the provider's DmlOperatorFusedMatMul); batch dimensions
    broadcast by zero strides. transBatchA / transBatchB are refused."""
    if int(node.attr("transBatchA", 0)) or int(node.attr("transBatchB", 0)):
        raise LoweringError("transBatchA / transBatchB are not lowered")
    a, b = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if a.rank < 2 or b.rank < 2:
        raise LoweringError("1-D operands are not lowered")
    ta, tb = int(node.attr("transA", 0)), int(node.attr("transB", 0))
    m, k = (a.shape[-1], a.shape[-2]) if ta else a.shape[-2:]
    k2, n = (b.shape[-1], b.shape[-2]) if tb else b.shape[-2:]
    if k != k2:
        raise LoweringError(f"inner dimensions differ: {list(a.shape)} x {list(b.shape)}")
    batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = a.broadcast((*batch, *a.shape[-2:]))
    b = b.broadcast((*batch, *b.shape[-2:]))
    out_shape = (*batch, m, n)
    dummy = View(a.source, a.onnx_type, out_shape, packed_strides(out_shape))
    a4, b4, o4 = merge_batch([a, b, dummy], len(batch))
    out = seg.output(a.onnx_type, o4.shape)
    (y,) = seg.emit(
        pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=seg.tensor(a4),
            BTensor=seg.tensor(b4),
            OutputTensor=out,
            TransA="TRANSPOSE" if ta else "NONE",
            TransB="TRANSPOSE" if tb else "NONE",
            Alpha=float(node.attr("alpha", 1.0)),
            Beta=0.0,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(out_shape))


@register("MultiHeadAttention", domain=MS, dml=["MULTIHEAD_ATTENTION"])
def multi_head_attention(seg: Segment, node: Node) -> None:
    """Separate 3-D query [B, S, H*D], key [B, L, H*D] and value [B, L, H*Dv] onto
    DML_MULTIHEAD_ATTENTION (the provider's DmlOperatorMultiHeadAttention): HeadCount num_heads,
    Scale the attribute or 1/sqrt(D). A bias (added to Q, K and V), attention_bias (the
    RelativePositionBiasTensor) are passed on; a key padding mask, past key/value and packed
    layouts are not lowered yet."""
    heads = int(node.attr("num_heads"))
    q, k, v = (seg.view(node.inputs[i]) for i in range(3))
    if q.rank != 3 or k.rank != 3 or v.rank != 3:
        raise LoweringError("only separate 3-D query, key and value are lowered")
    for i, what in ((4, "key_padding_mask"), (6, "past_key"), (7, "past_value")):
        if node.input(i):
            raise LoweringError(f"{what} is not lowered yet")
    if any(node.outputs[1:]):
        raise LoweringError("present_key / present_value outputs are not lowered yet")
    batch, seq, hidden = q.shape
    head_size = hidden // heads
    scale = float(node.attr("scale", 0.0)) or 1.0 / math.sqrt(head_size)
    fields = {}
    if node.input(3):
        bias = seg.view(node.inputs[3])  # [hidden + hidden + v_hidden]
        fields["BiasTensor"] = seg.tensor(replace(bias, shape=(1, 1, bias.shape[0]), strides=(0, 0, 1)))
    if node.input(5):
        ab = seg.view(node.inputs[5])  # [B or 1, H or 1, S, L]
        fields["RelativePositionBiasTensor"] = seg.tensor(ab.broadcast((batch, heads, seq, k.shape[1])))
    out = seg.output(q.onnx_type, (batch, seq, v.shape[2]), name=node.outputs[0])
    seg.emit(
        pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(
            QueryTensor=seg.tensor(q),
            KeyTensor=seg.tensor(k),
            ValueTensor=seg.tensor(v),
            OutputTensor=out,
            Scale=scale,
            MaskFilterValue=float(node.attr("mask_filter_value", -10000.0)),
            HeadCount=heads,
            MaskType="NONE",
            **fields,
        ),
        node.name,
    )
