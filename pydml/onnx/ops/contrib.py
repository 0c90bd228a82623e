"""The DirectML provider's com.microsoft (contrib) ops, lowered as its DmlOperator*.cpp lower them:
Gelu and BiasGelu (ACTIVATION_GELU over the biased input), FastGelu (the tanh form composed from
element-wise operators), QuickGelu (x * sigmoid(alpha x)), SkipLayerNormalization (the sum, then
MEAN_VARIANCE_NORMALIZATION1 over the last axis), FusedMatMul and FusedMatMulActivation (GEMM with
Alpha, transposes and a fused activation), Attention and MultiHeadAttention
(DML_MULTIHEAD_ATTENTION), the quantized element-wise ops, RotaryEmbedding and
EmbedLayerNormalization. Registered with ``domain="com.microsoft"``; GroupQueryAttention,
MatMulNBits, QAttention, DynamicQuantizeMatMul, QLinearConcat and GroupNorm are in contrib_llm.py,
NhwcConv, ConvTransposeWithDynamicPads and the QLinear average pools in pooling.py: all 29 the
provider registers (docs/onnx.md lists each with its DML operators)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pydml
from pydml.onnx.fusion import fold_batch_rows
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
    broadcast by zero strides. transBatchA / transBatchB move the first dimension to just before
    the last (onnxruntime's FusedMatMul: [d0, d1 .. dn-2, dn-1] read as [d1 .. dn-2, d0, dn-1]),
    which the provider's GetFusedMatMulSizesAndStrides does by strides, as here."""
    _fused_matmul(seg, node, None)


def _fused_matmul(seg: Segment, node: Node, activation: Any) -> None:
    a, b = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if a.rank < 2 or b.rank < 2:
        raise LoweringError("1-D operands are not lowered")
    tba, tbb = int(node.attr("transBatchA", 0)), int(node.attr("transBatchB", 0))
    if (tba or tbb) and (a.rank < 3 or a.rank != b.rank):
        # the provider's own check (as onnxruntime's CPU matmul_helper)
        raise LoweringError("transBatchA / transBatchB need both inputs of one rank, at least 3")
    if tba:
        a = a.transposed((*range(1, a.rank - 1), 0, a.rank - 1))
    if tbb:
        b = b.transposed((*range(1, b.rank - 1), 0, b.rank - 1))
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
    shape4 = o4.shape
    if not ta:  # one GEMM when B is shared by the batch
        a4, b4, shape4 = fold_batch_rows(a4, b4, shape4)
    out = seg.output(a.onnx_type, shape4)
    (y,) = seg.emit(
        pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=seg.tensor(a4),
            BTensor=seg.tensor(b4),
            OutputTensor=out,
            TransA="TRANSPOSE" if ta else "NONE",
            TransB="TRANSPOSE" if tb else "NONE",
            Alpha=float(node.attr("alpha", 1.0)),
            Beta=0.0,
            FusedActivation=activation,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(out_shape))


#: FusedMatMulActivation's activation_alpha / _beta / _gamma as each activation's attributes
_ACTIVATION_ATTRS = {
    "LeakyRelu": {"activation_alpha": "alpha"},
    "ThresholdedRelu": {"activation_alpha": "alpha"},
    "Elu": {"activation_alpha": "alpha"},
    "HardSigmoid": {"activation_alpha": "alpha", "activation_beta": "beta"},
    "Selu": {"activation_alpha": "alpha", "activation_gamma": "gamma"},
}


@register("FusedMatMulActivation", domain=MS, dml=["GEMM"])
def fused_matmul_activation(seg: Segment, node: Node) -> None:
    """FusedMatMul with the activation op named by ``activation`` (its alpha, beta, gamma from
    activation_alpha / _beta / _gamma) as the GEMM's FusedActivation: the provider creates it with
    DmlOperatorFusedMatMul, whose TryGetGraphFusedActivationDesc makes the fused activation desc.
    An activation DirectML cannot fuse (not one of OperatorUtility.cpp's fusable activations) is
    refused."""
    from pydml.onnx._deps import onnx
    from pydml.onnx.lowering import FUSABLE_ACTIVATIONS, fused_activation_desc

    op = str(node.attr("activation", ""))
    if op not in FUSABLE_ACTIVATIONS:
        raise LoweringError(f"activation {op!r} is not a fusable activation")
    attrs = {
        target: float(node.attr(source))
        for source, target in _ACTIVATION_ATTRS.get(op, {}).items()
        if node.has_attr(source)
    }
    proto = onnx().helper.make_node(op, ["x"], ["y"], **attrs)
    desc = fused_activation_desc(Node(proto, node.opset, node.index))
    if desc is None:
        raise LoweringError(f"activation {op!r} has no fused form")
    _fused_matmul(seg, node, desc)


@register("MultiHeadAttention", domain=MS, dml=["MULTIHEAD_ATTENTION"])
def multi_head_attention(seg: Segment, node: Node) -> None:
    """The provider's DmlOperatorMultiHeadAttention onto one DML_MULTIHEAD_ATTENTION: query 3-D
    [B, S, N H] or 5-D stacked [B, S, N, 3, H] (StackedQueryKeyValueTensor); key 3-D, 5-D stacked
    [B, L, N, 2, H] (StackedKeyValueTensor), or 4-D [B, N, L, H] with value: cross attention on
    precomputed keys and values, which the provider binds as PastKeyTensor / PastValueTensor;
    bias [2 N H + v_hidden]; key_padding_mask 1-D [B] (KEY_SEQUENCE_LENGTH), [3B + 2]
    (KEY_QUERY_SEQUENCE_LENGTH_START_END) or 2-D [B, L] (BOOLEAN broadcast to [B, N, S, L]);
    attention_bias as RelativePositionBiasTensor; past_key / past_value [B, N, P, H] and the
    present_key / present_value outputs [B, N, P + L, H]. Scale the attribute or 1/sqrt(H)."""
    heads = int(node.attr("num_heads"))
    if heads <= 0:
        raise LoweringError(f"num_heads {heads}")
    if int(node.attr("unidirectional", 0)):
        raise LoweringError(
            "unidirectional=1: the provider's DmlOperatorMultiHeadAttention passes no causal mask"
        )
    q = seg.view(node.inputs[0])
    key = seg.view(node.inputs[1]) if node.input(1) else None
    value = seg.view(node.inputs[2]) if node.input(2) else None
    key_is_past = key is not None and key.rank == 4
    fields: dict[str, Any] = {}
    if q.rank == 5:
        batch, seq, n, three, head = q.shape
        if n != heads or three != 3:
            raise LoweringError(f"a packed query of shape {list(q.shape)} is not [B, S, num_heads, 3, H]")
        fields["StackedQueryKeyValueTensor"] = seg.tensor(q)
        if key is not None or value is not None:
            raise LoweringError("key and value must be absent with a packed [B, S, N, 3, H] query")
    elif q.rank == 3:
        batch, seq, hidden = q.shape
        if hidden % heads:
            raise LoweringError(f"num_heads {heads} does not divide the query's hidden size {hidden}")
        head = hidden // heads
        fields["QueryTensor"] = seg.tensor(q)
    else:
        raise LoweringError(f"a {q.rank}-D query: 3-D or packed 5-D are taken")
    v_hidden = heads * head
    kv_seq = seq
    if key is not None and key.rank == 5:
        if value is not None or tuple(key.shape[2:]) != (heads, 2, head):
            raise LoweringError(f"a packed key/value of shape {list(key.shape)} is not [B, L, N, 2, H] alone")
        kv_seq = key.shape[1]
        fields["StackedKeyValueTensor"] = seg.tensor(key)
    elif key is not None and key_is_past:
        if value is None or value.rank != 4:
            raise LoweringError("4-D keys need 4-D values")
        kv_seq = key.shape[2]
    elif key is not None:
        if value is None or key.rank != 3 or value.rank != 3:
            raise LoweringError("3-D key and value are required together")
        kv_seq = key.shape[1]
        v_hidden = value.shape[2]
        fields["KeyTensor"] = seg.tensor(key)
        fields["ValueTensor"] = seg.tensor(value)
    elif value is not None:
        raise LoweringError("a value without a key")
    if node.input(3):
        bias = seg.view(node.inputs[3])  # [hidden + hidden + v_hidden]
        fields["BiasTensor"] = seg.tensor(
            replace(bias, shape=(1, 1, bias.shape[0]), strides=(0, 0, bias.strides[0]))
        )
    past = 0
    if key_is_past:
        assert key is not None and value is not None
        fields["PastKeyTensor"] = seg.tensor(key)
        fields["PastValueTensor"] = seg.tensor(value)
        past = key.shape[2]
    elif node.input(6) or node.input(7):
        if not (node.input(6) and node.input(7)):
            raise LoweringError("past_key and past_value must be given together")
        pk, pv = seg.view(node.inputs[6]), seg.view(node.inputs[7])
        fields["PastKeyTensor"] = seg.tensor(pk)
        fields["PastValueTensor"] = seg.tensor(pv)
        past = pk.shape[2]
    total = kv_seq + past if not key_is_past else kv_seq
    mask_type = "NONE"
    if node.input(4):
        mask = seg.view(node.inputs[4])
        if mask.rank == 1 and mask.shape[0] == batch:
            fields["MaskTensor"] = seg.tensor(mask.reshaped((1, batch)))
            mask_type = "KEY_SEQUENCE_LENGTH"
        elif mask.rank == 1 and mask.shape[0] == 3 * batch + 2:
            fields["MaskTensor"] = seg.tensor(mask)
            mask_type = "KEY_QUERY_SEQUENCE_LENGTH_START_END"
        elif mask.rank == 2 and mask.shape[0] == batch:
            m4 = View(
                mask.source,
                mask.onnx_type,
                (batch, heads, seq, mask.shape[1]),
                (mask.strides[0], 0, 0, mask.strides[1]),
            )
            fields["MaskTensor"] = seg.tensor(m4)
            mask_type = "BOOLEAN"
        else:
            raise LoweringError(f"key_padding_mask of shape {list(mask.shape)} is not lowered")
    if node.input(5):
        ab = seg.view(node.inputs[5])  # [B or 1, N or 1, S, T]
        fields["RelativePositionBiasTensor"] = seg.tensor(ab.broadcast((batch, heads, seq, total)))
    outs = [*node.outputs, "", ""]
    if outs[1]:
        fields["OutputPresentKeyTensor"] = seg.output(q.onnx_type, (batch, heads, total, head), name=outs[1])
    if outs[2]:
        fields["OutputPresentValueTensor"] = seg.output(
            q.onnx_type, (batch, heads, total, v_hidden // heads), name=outs[2]
        )
    scale = float(node.attr("scale", 0.0)) or 1.0 / math.sqrt(head)
    out = seg.output(q.onnx_type, (batch, seq, v_hidden), name=node.outputs[0])
    seg.emit(
        pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(
            OutputTensor=out,
            Scale=scale,
            MaskFilterValue=float(node.attr("mask_filter_value", -10000.0)),
            HeadCount=heads,
            MaskType=mask_type,
            **fields,
        ),
        node.name,
    )


@register("BiasAdd", domain=MS, dml=["ELEMENT_WISE_ADD"])
def bias_add(seg: Segment, node: Node) -> None:
    """X + bias + skip (bias over the last dimension): two ELEMENT_WISE_ADDs."""
    x = seg.view(node.inputs[0])
    total = binary(seg, node, "ELEMENT_WISE_ADD", x, seg.view(node.inputs[1]), out_name=None)
    binary(seg, node, "ELEMENT_WISE_ADD", total, seg.view(node.inputs[2]))


@register("BiasSplitGelu", domain=MS, dml=["ELEMENT_WISE_ADD", "ACTIVATION_GELU", "ELEMENT_WISE_MULTIPLY"])
def bias_split_gelu(seg: Segment, node: Node) -> None:
    """(X + bias) split in halves along the last dimension: left * gelu(right). The left half is a
    view of the sum; views carry no element offset, so the right half is a DML_SLICE1."""
    total = _biased(seg, node, seg.view(node.inputs[0]), 1)
    half = total.shape[-1] // 2
    if half * 2 != total.shape[-1]:
        raise LoweringError(f"the last dimension ({total.shape[-1]}) is not even")
    shape = (*total.shape[:-1], half)
    left = replace(total, shape=shape)
    right = _offset_half(seg, node, total, half)
    gelu = unary(seg, node, "ACTIVATION_GELU", right, out_name="")
    binary(seg, node, "ELEMENT_WISE_MULTIPLY", left, gelu)


def _offset_half(seg: Segment, node: Node, x: View, half: int) -> View:
    """The right half of x's last dimension by DML_SLICE1 (views carry no element offset)."""
    shape = (*x.shape[:-1], half)
    out = seg.output(x.onnx_type, shape)
    (y,) = seg.emit(
        pydml.DML_SLICE1_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputTensor=out,
            DimensionCount=x.rank,
            InputWindowOffsets=[0] * (x.rank - 1) + [half],
            InputWindowSizes=list(shape),
            InputWindowStrides=[1] * x.rank,
        ),
        node.name,
    )
    return y


@register("QuantizeLinear", domain=MS, dml=["ELEMENT_WISE_QUANTIZE_LINEAR"])
def ms_quantize_linear(seg: Segment, node: Node) -> None:
    from pydml.onnx.ops.quantize import quantize_linear

    quantize_linear(seg, node)


@register("DequantizeLinear", domain=MS, dml=["ELEMENT_WISE_DEQUANTIZE_LINEAR"])
def ms_dequantize_linear(seg: Segment, node: Node) -> None:
    from pydml.onnx.ops.quantize import dequantize_linear

    dequantize_linear(seg, node)


def _scalar(seg: Segment, name: str, shape: tuple[int, ...]) -> View:
    """A per-tensor scale or zero point: one element, of ``shape``'s dimension count (the page's
    "must describe 1 element")."""
    p = seg.view(name)
    if p.size != 1:
        raise LoweringError(f"{name!r}: only per-tensor scales and zero points are lowered")
    return replace(p, shape=(1,) * len(shape), strides=(0,) * len(shape))


@register("QLinearAdd", domain=MS, dml=["ELEMENT_WISE_QUANTIZED_LINEAR_ADD"])
def qlinear_add(seg: Segment, node: Node) -> None:
    """The provider's DmlOperatorQLinearAdd: ELEMENT_WISE_QUANTIZED_LINEAR_ADD, A and B broadcast."""
    a, b = seg.view(node.inputs[0]), seg.view(node.inputs[3])
    shape = broadcast_shapes(a.shape, b.shape)
    zero_c = seg.view(node.inputs[7])
    out = seg.output(zero_c.onnx_type, shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC(
            ATensor=seg.tensor(a.broadcast(shape)),
            AScaleTensor=seg.tensor(_scalar(seg, node.inputs[1], shape)),
            AZeroPointTensor=seg.tensor(_scalar(seg, node.inputs[2], shape)),
            BTensor=seg.tensor(b.broadcast(shape)),
            BScaleTensor=seg.tensor(_scalar(seg, node.inputs[4], shape)),
            BZeroPointTensor=seg.tensor(_scalar(seg, node.inputs[5], shape)),
            OutputScaleTensor=seg.tensor(_scalar(seg, node.inputs[6], shape)),
            OutputZeroPointTensor=seg.tensor(_scalar(seg, node.inputs[7], shape)),
            OutputTensor=out,
        ),
        node.name,
    )


@register("MatMulIntegerToFloat", domain=MS, dml=["MATRIX_MULTIPLY_INTEGER_TO_FLOAT"])
def matmul_integer_to_float(seg: Segment, node: Node) -> None:
    """A, B, a_scale, b_scale, a_zero_point, b_zero_point, bias onto
    MATRIX_MULTIPLY_INTEGER_TO_FLOAT (the provider's DmlOperatorMatMulIntegerToFloat)."""
    from pydml.onnx.ops.matmul import _operands, quant_param

    a4, b4, shape4, logical = _operands(seg, node, 0, 1)
    m, n = shape4[-2], shape4[-1]
    scale = seg.view(node.inputs[2])
    fields = {}
    if node.input(4):
        fields["AZeroPointTensor"] = seg.tensor(quant_param(seg, node, node.inputs[4], rows=m))
    if node.input(5):
        fields["BZeroPointTensor"] = seg.tensor(quant_param(seg, node, node.inputs[5], cols=n))
    if node.input(6):
        bias = seg.view(node.inputs[6])
        fields["BiasTensor"] = seg.tensor(replace(bias, shape=shape4, strides=(0, 0, 0, bias.strides[-1])))
    out = seg.output(scale.onnx_type, shape4)
    (y,) = seg.emit(
        pydml.DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC(
            ATensor=seg.tensor(a4),
            AScaleTensor=seg.tensor(quant_param(seg, node, node.inputs[2], rows=m)),
            BTensor=seg.tensor(b4),
            BScaleTensor=seg.tensor(quant_param(seg, node, node.inputs[3], cols=n)),
            OutputTensor=out,
            **fields,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(logical))


def mha_mask(seg: Segment, node: Node, index: int, batch: int, heads: int, seq: int) -> dict[str, Any]:
    """Attention's / QAttention's mask_index as DML_MULTIHEAD_ATTENTION's mask, as the provider's
    DmlOperatorAttention / DmlOperatorQAttention read it: 1-D [B] key lengths
    (KEY_SEQUENCE_LENGTH) or [2B] end and start positions (KEY_SEQUENCE_END_START); 2-D [B, L],
    3-D [B, S, L] or 4-D [B, 1, S, L] 1/0 masks as BOOLEAN broadcast to [B, heads, S, L]; a 4-D
    [B, 1, M, M] mask of a longer maximum sequence is read for its first S x S positions (the
    provider SLICE1s it; a view of the same elements here)."""
    if not node.input(index):
        return {"MaskType": "NONE"}
    mask = seg.view(node.inputs[index])
    if mask.rank == 1:
        if mask.shape[0] not in (batch, 2 * batch):
            raise LoweringError(f"mask_index of {mask.shape[0]} values for batch {batch}")
        groups = mask.shape[0] // batch
        return {
            "MaskTensor": seg.tensor(mask.reshaped((groups, batch))),
            "MaskType": "KEY_SEQUENCE_LENGTH" if groups == 1 else "KEY_SEQUENCE_END_START",
        }
    if mask.rank == 4 and mask.shape[2] != seq:
        if mask.shape[2] != mask.shape[3] or mask.shape[2] < seq:
            raise LoweringError(f"a 4-D mask_index of shape {list(mask.shape)}")
        mask = replace(mask, shape=(mask.shape[0], mask.shape[1], seq, seq))
    elif 2 <= mask.rank <= 4:
        lead = mask.shape[:1]
        mask = (
            mask.reshaped((*lead, *(1,) * (4 - mask.rank), *mask.shape[1:]))
            if mask.is_packed()
            else mask.padded(4)
        )
    else:
        raise LoweringError(f"mask_index of shape {list(mask.shape)} is not lowered")
    if mask.shape[-1] != seq:
        raise LoweringError(f"mask_index of shape {list(mask.shape)} for sequence {seq}")
    return {"MaskTensor": seg.tensor(mask.broadcast((batch, heads, seq, seq))), "MaskType": "BOOLEAN"}


@register("Attention", domain=MS, dml=["GEMM", "SLICE1", "MULTIHEAD_ATTENTION"])
def attention(seg: Segment, node: Node) -> None:
    """com.microsoft Attention as the provider's DmlOperatorAttention: the input projection
    input x weights + bias as one GEMM ([B*S, 2*hidden + v_hidden]), its output read as the
    stacked [B, S, heads, 3, head_size] query/key/value of DML_MULTIHEAD_ATTENTION by strides (the
    GEMM writes [B, S, 3, heads, head_size]; the stacked tensor desc swaps those two dimensions).
    With a value hidden size of its own (qkv_hidden_sizes), the first 2*hidden columns are read as
    the stacked query/key and the value is SLICE1d out (a view has no element offset). mask_index
    (mha_mask) and attention_bias ([B, heads, S, S], the RelativePositionBiasTensor) as the
    provider passes them. The provider's QueryAttention refuses past, past_sequence_length, the
    present output, unidirectional, do_rotary and past_present_share_buffer; so does pydml."""
    heads = int(node.attr("num_heads"))
    for name in ("unidirectional", "do_rotary", "past_present_share_buffer"):
        if int(node.attr(name, 0)):
            raise LoweringError(f"{name}=1 is refused by the provider's QueryAttention")
    for i, what in ((4, "past"), (6, "past_sequence_length")):
        if node.input(i):
            raise LoweringError(f"{what} is refused by the provider's QueryAttention")
    if any(node.outputs[1:]):
        raise LoweringError("the present output is refused by the provider's QueryAttention")
    x, w = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if x.rank != 3 or w.rank != 2 or w.shape[0] != x.shape[2]:
        raise LoweringError("a 3-D input and 2-D weights [K, 2 hidden + v_hidden] are required")
    sizes = node.attr("qkv_hidden_sizes")
    if sizes is not None:
        hq, hk, hv = (int(v) for v in sizes)
        if hq != hk or hq + hk + hv != w.shape[1]:
            raise LoweringError(
                f"qkv_hidden_sizes {list(sizes)}: query and key must match and sum to the weights"
            )
        hidden, v_hidden = hq, hv
    else:
        if w.shape[1] % 3:
            raise LoweringError(f"the weights' {w.shape[1]} columns are not 3 x hidden")
        hidden = v_hidden = w.shape[1] // 3
    if heads <= 0 or hidden % heads or v_hidden % heads:
        raise LoweringError(f"num_heads {heads} does not divide the hidden sizes")
    batch, seq, _ = x.shape
    head_size = hidden // heads
    width = 2 * hidden + v_hidden
    rows = batch * seq
    fields = {}
    if node.input(2):
        bias = seg.view(node.inputs[2])
        fields["CTensor"] = seg.tensor(replace(bias, shape=(1, 1, rows, width), strides=(0, 0, 0, 1)))
    proj = seg.output(x.onnx_type, (1, 1, rows, width))
    (qkv,) = seg.emit(
        pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=seg.tensor(x.reshaped((1, 1, rows, x.shape[2]))),
            BTensor=seg.tensor(w.padded(4)),
            OutputTensor=proj,
            TransA="NONE",
            TransB="NONE",
            Alpha=1.0,
            Beta=1.0 if node.input(2) else 0.0,
            **fields,
        ),
        node.name,
    )
    mha: dict[str, Any] = mha_mask(seg, node, 3, batch, heads, seq)
    if node.input(5):
        ab = seg.view(node.inputs[5])
        mha["RelativePositionBiasTensor"] = seg.tensor(ab.broadcast((batch, heads, seq, seq)))
    if v_hidden == hidden:
        mha["StackedQueryKeyValueTensor"] = seg.tensor(
            View(
                qkv.source,
                qkv.onnx_type,
                (batch, seq, heads, 3, head_size),
                (seq * width, width, head_size, hidden, 1),
            )
        )
    else:
        mha["StackedQueryKeyTensor"] = seg.tensor(
            View(
                qkv.source,
                qkv.onnx_type,
                (batch, seq, heads, 2, head_size),
                (seq * width, width, head_size, hidden, 1),
            )
        )
        mha["ValueTensor"] = seg.tensor(
            _slice_last(seg, node, qkv.reshaped((batch, seq, width)), 2 * hidden, v_hidden)
        )
    scale = float(node.attr("scale", 0.0)) or 1.0 / math.sqrt(head_size)
    out = seg.output(x.onnx_type, (batch, seq, v_hidden), name=node.outputs[0])
    seg.emit(
        pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(
            OutputTensor=out,
            Scale=scale,
            MaskFilterValue=float(node.attr("mask_filter_value", -10000.0)),
            HeadCount=heads,
            **mha,
        ),
        node.name,
    )


def _rms_norm(seg: Segment, node: Node, x: View, gamma: View, epsilon: float, axis: int) -> None:
    """x / sqrt(mean(x^2 over axes axis..) + epsilon) * gamma: MEAN_VARIANCE_NORMALIZATION2 with
    UseMean false (no mean subtracted) and UseVariance true."""
    axes = list(range(axis, x.rank))
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            ScaleTensor=seg.tensor(gamma.broadcast(x.shape)),
            OutputTensor=out,
            AxisCount=len(axes),
            Axes=axes,
            UseMean=False,
            UseVariance=True,
            Epsilon=epsilon,
        ),
        node.name,
    )


@register(
    "SkipSimplifiedLayerNormalization", domain=MS, dml=["ELEMENT_WISE_ADD", "MEAN_VARIANCE_NORMALIZATION2"]
)
def skip_simplified_layer_norm(seg: Segment, node: Node) -> None:
    """input + skip (+ bias), RMS-normalized over the last axis with gamma; the optional 4th output
    is the sum (mean and inv_std_var outputs are not lowered)."""
    x, skip = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if any(node.outputs[1:3]):
        raise LoweringError("the mean and inv_std_var outputs are not lowered")
    total = binary(seg, node, "ELEMENT_WISE_ADD", x, skip.broadcast(x.shape), out_name=None)
    total = _biased(seg, node, total, 3)
    _rms_norm(seg, node, total, seg.view(node.inputs[2]), float(node.attr("epsilon", 1e-12)), x.rank - 1)
    if len(node.outputs) > 3 and node.outputs[3]:
        seg.define(node.outputs[3], total)


@register("SimplifiedLayerNormalization", since=1, dml=["MEAN_VARIANCE_NORMALIZATION2"])
def simplified_layer_norm(seg: Segment, node: Node) -> None:
    """The provider registers this contrib op in the ai.onnx domain: RMS normalization over axes
    axis.. with scale (the inv_std_var output is not lowered)."""
    x = seg.view(node.inputs[0])
    if any(node.outputs[1:]):
        raise LoweringError("the inv_std_var output is not lowered")
    axis = int(node.attr("axis", -1))
    axis = axis + x.rank if axis < 0 else axis
    _rms_norm(seg, node, x, seg.view(node.inputs[1]), float(node.attr("epsilon", 1e-5)), axis)


def _slice_last(seg: Segment, node: Node, x: View, start: int, size: int, step: int = 1) -> View:
    """x[..., start : start + size * step : step] by DML_SLICE1 (views carry no element offset)."""
    shape = (*x.shape[:-1], size)
    out = seg.output(x.onnx_type, shape)
    (y,) = seg.emit(
        pydml.DML_SLICE1_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputTensor=out,
            DimensionCount=x.rank,
            InputWindowOffsets=[0] * (x.rank - 1) + [start],
            InputWindowSizes=[*shape[:-1], size * step - (step - 1)],
            InputWindowStrides=[1] * (x.rank - 1) + [step],
        ),
        node.name,
    )
    return y


def _rotary(
    seg: Segment, node: Node, x: View, cos: View, sin: View, position_ids: str, interleaved: bool, rot: int
) -> View:
    """RoPE on x [B, S, N, H] (a view): the caches gathered by position_ids ([B, S, rot/2]) or taken
    as they are, x's first ``rot`` elements split in halves (or even/odd pairs when interleaved) by
    SLICE1, rotated by four MULTIPLYs, a SUBTRACT and an ADD with the caches broadcast over the
    heads, and JOINed back (pairs through a trailing axis of 2), the rest of x appended."""
    batch, seq, heads, head = x.shape
    half = rot // 2
    if position_ids:
        ids = seg.view(position_ids)
        if ids.size == 1 and ids.rank <= 1:
            raise LoweringError("a scalar position offset is not lowered yet")
        gathered = []
        for cache in (cos, sin):
            out = seg.output(cache.onnx_type, (1, batch, seq, half))
            (g,) = seg.emit(
                pydml.DML_GATHER_OPERATOR_DESC(
                    InputTensor=seg.tensor(cache.padded(4)),
                    IndicesTensor=seg.tensor(ids.padded(4)),
                    OutputTensor=out,
                    Axis=2,
                    IndexDimensions=2,
                ),
                node.name,
            )
            gathered.append(g.reshaped((batch, seq, half)))
        cos, sin = gathered
    if cos.shape != (batch, seq, half) and cos.shape[-1] != half:
        raise LoweringError(f"cos_cache of shape {list(cos.shape)} for rotary dimension {rot}")
    shape = (batch, seq, heads, half)
    c = replace(cos.broadcast((batch, seq, half)), shape=shape)
    c = View(c.source, c.onnx_type, shape, (c.strides[0], c.strides[1], 0, c.strides[2]))
    s = sin.broadcast((batch, seq, half))
    s = View(s.source, s.onnx_type, shape, (s.strides[0], s.strides[1], 0, s.strides[2]))
    if interleaved:
        x1, x2 = _slice_last(seg, node, x, 0, half, 2), _slice_last(seg, node, x, 1, half, 2)
    else:
        x1, x2 = _slice_last(seg, node, x, 0, half), _slice_last(seg, node, x, half, half)

    def mul(a: View, b: View) -> View:
        return binary(seg, node, "ELEMENT_WISE_MULTIPLY", a, b, out_name=None)

    real = binary(seg, node, "ELEMENT_WISE_SUBTRACT", mul(x1, c), mul(x2, s), out_name=None)
    imag = binary(seg, node, "ELEMENT_WISE_ADD", mul(x2, c), mul(x1, s), out_name=None)
    if interleaved:
        pairs = seg.output(x.onnx_type, (*shape, 2))
        (joined,) = seg.emit(
            pydml.DML_JOIN_OPERATOR_DESC(
                InputTensors=[seg.tensor(real.reshaped((*shape, 1))), seg.tensor(imag.reshaped((*shape, 1)))],
                OutputTensor=pairs,
                Axis=4,
            ),
            node.name,
        )
        parts = [joined.reshaped((batch, seq, heads, rot))]
    else:
        parts = [real, imag]
    if rot < head:
        parts.append(_slice_last(seg, node, x, rot, head - rot))
    out = seg.output(x.onnx_type, (batch, seq, heads, head))
    (y,) = seg.emit(
        pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[seg.tensor(p) for p in parts], OutputTensor=out, Axis=3),
        node.name,
    )
    return y


@register("RotaryEmbedding", since=23, dml=["GATHER", "SLICE1", "ELEMENT_WISE_MULTIPLY", "JOIN"])
def rotary_embedding(seg: Segment, node: Node) -> None:
    """ONNX RotaryEmbedding-23 (X [B, S, hidden] with num_heads, or [B, N, S, H]) on the same
    lowering as the provider's com.microsoft RotaryEmbedding (_rotary)."""
    x = seg.view(node.inputs[0])
    cos, sin = seg.view(node.inputs[1]), seg.view(node.inputs[2])
    if x.rank == 4:
        x4 = x.transposed((0, 2, 1, 3))
    elif x.rank == 3:
        heads = int(node.attr("num_heads", 0))
        if not heads:
            raise LoweringError("a 3-D input needs num_heads")
        x4 = x.reshaped((x.shape[0], x.shape[1], heads, x.shape[2] // heads))
    else:
        raise LoweringError("a 3-D or 4-D input is required")
    rot = int(node.attr("rotary_embedding_dim", 0)) or x4.shape[3]
    y = _rotary(seg, node, x4, cos, sin, node.input(3), bool(node.attr("interleaved", 0)), rot)
    seg.define(node.outputs[0], y.transposed((0, 2, 1, 3)) if x.rank == 4 else y.reshaped(x.shape))


@register("RotaryEmbedding", domain=MS, dml=["GATHER", "SLICE1", "ELEMENT_WISE_MULTIPLY", "JOIN"])
def ms_rotary_embedding(seg: Segment, node: Node) -> None:
    """com.microsoft RotaryEmbedding (input, position_ids, cos_cache, sin_cache; input [B, S, hidden]
    or [B, N, S, H]) as the provider's DmlOperatorRotaryEmbedding: gathers, slices, element-wise
    rotation and joins (_rotary)."""
    if float(node.attr("scale", 1.0)) != 1.0:
        raise LoweringError("scale other than 1 is not lowered")
    x = seg.view(node.inputs[0])
    cos, sin = seg.view(node.inputs[2]), seg.view(node.inputs[3])
    if x.rank == 4:
        x4 = x.transposed((0, 2, 1, 3))
    else:
        # num_heads 0: the head size is twice the cache's last dimension (onnxruntime's contrib doc)
        heads = int(node.attr("num_heads", 0))
        head = x.shape[2] // heads if heads else 2 * cos.shape[-1]
        x4 = x.reshaped((x.shape[0], x.shape[1], x.shape[2] // head, head))
    rot = int(node.attr("rotary_embedding_dim", 0)) or x4.shape[3]
    y = _rotary(seg, node, x4, cos, sin, node.inputs[1], bool(node.attr("interleaved", 0)), rot)
    seg.define(node.outputs[0], y.transposed((0, 2, 1, 3)) if x.rank == 4 else y.reshaped(x.shape))


@register(
    "QLinearSigmoid",
    domain=MS,
    dml=["ELEMENT_WISE_DEQUANTIZE_LINEAR", "ACTIVATION_SIGMOID", "ELEMENT_WISE_QUANTIZE_LINEAR"],
)
def qlinear_sigmoid(seg: Segment, node: Node) -> None:
    """X, X_scale, X_zero_point, Y_scale, Y_zero_point: dequantize, sigmoid, quantize (the
    provider's DmlOperatorQLinearSigmoid builds the same three operators); per-tensor only."""
    x = seg.view(node.inputs[0])
    scale = seg.view(node.inputs[1])
    real = seg.output(scale.onnx_type, x.shape)
    (f,) = seg.emit(
        pydml.DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            ScaleTensor=seg.tensor(_per_tensor(seg, node.inputs[1], x.shape)),
            ZeroPointTensor=seg.tensor(_per_tensor(seg, node.inputs[2], x.shape)),
            OutputTensor=real,
        ),
        node.name,
    )
    sig = unary(seg, node, "ACTIVATION_SIGMOID", f, out_name="")
    zero_y = seg.view(node.inputs[4])
    out = seg.output(zero_y.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC(
            InputTensor=seg.tensor(sig),
            ScaleTensor=seg.tensor(_per_tensor(seg, node.inputs[3], x.shape)),
            ZeroPointTensor=seg.tensor(_per_tensor(seg, node.inputs[4], x.shape)),
            OutputTensor=out,
        ),
        node.name,
    )


def _per_tensor(seg: Segment, name: str, shape: tuple[int, ...]) -> View:
    p = seg.view(name)
    if p.size != 1:
        raise LoweringError(f"{name!r}: only per-tensor scales and zero points are lowered")
    return replace(p, shape=tuple(shape), strides=(0,) * len(shape))


@register(
    "EmbedLayerNormalization",
    domain=MS,
    dml=["GATHER", "ELEMENT_WISE_ADD", "MEAN_VARIANCE_NORMALIZATION1", "REDUCE"],
)
def embed_layer_norm(seg: Segment, node: Node) -> None:
    """The provider's DmlOperatorEmbedLayerNormalization: word (and segment) embeddings GATHERed by
    the ids, the position embedding's first S rows (or GATHERed by position_ids) added, the sum
    normalized over the hidden axis (MEAN_VARIANCE_NORMALIZATION1 with gamma, beta); mask_index is
    the mask's REDUCE SUM per batch row. Output 3 (embedding_sum) is the sum before normalizing."""
    ids = seg.view(node.inputs[0])
    if ids.rank != 2:
        raise LoweringError("input_ids must be [batch, sequence]")
    batch, seq = ids.shape

    def gather(table_name: str, index: View) -> View:
        table = seg.view(table_name)
        out = seg.output(table.onnx_type, (1, batch, seq, table.shape[1]))
        (g,) = seg.emit(
            pydml.DML_GATHER_OPERATOR_DESC(
                InputTensor=seg.tensor(table.padded(4)),
                IndicesTensor=seg.tensor(index.padded(4)),
                OutputTensor=out,
                Axis=2,
                IndexDimensions=2,
            ),
            node.name,
        )
        return g.reshaped((batch, seq, table.shape[1]))

    total = gather(node.inputs[2], ids)
    hidden = total.shape[2]
    if node.input(8):
        pos = gather(node.inputs[3], seg.view(node.inputs[8]).broadcast((batch, seq)))
    else:
        table = seg.view(node.inputs[3])
        pos = View(
            table.source, table.onnx_type, (batch, seq, hidden), (0, table.strides[0], table.strides[1])
        )
    total = binary(seg, node, "ELEMENT_WISE_ADD", total, pos, out_name=None)
    if node.input(1) and node.input(4):
        total = binary(
            seg,
            node,
            "ELEMENT_WISE_ADD",
            total,
            gather(node.inputs[4], seg.view(node.inputs[1])),
            out_name=None,
        )
    out = seg.output(total.onnx_type, total.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
            InputTensor=seg.tensor(total),
            ScaleTensor=seg.tensor(seg.view(node.inputs[5]).broadcast(total.shape)),
            BiasTensor=seg.tensor(seg.view(node.inputs[6]).broadcast(total.shape)),
            OutputTensor=out,
            AxisCount=1,
            Axes=[2],
            NormalizeVariance=True,
            Epsilon=float(node.attr("epsilon", 1e-12)),
        ),
        node.name,
    )
    outs = [*node.outputs, "", ""]
    if outs[1]:
        if not node.input(7):
            raise LoweringError("mask_index without a mask is not lowered")
        mask = seg.view(node.inputs[7])
        summed = seg.output(mask.onnx_type, (batch, 1))
        (m,) = seg.emit(
            pydml.DML_REDUCE_OPERATOR_DESC(
                Function="SUM", InputTensor=seg.tensor(mask), OutputTensor=summed, AxisCount=1, Axes=[1]
            ),
            node.name,
        )
        seg.define(outs[1], m.reshaped((batch,)))
    if outs[2]:
        seg.define(outs[2], total)
