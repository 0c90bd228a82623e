"""The DirectML provider's com.microsoft ops for quantized and decoder models, lowered as its
DmlOperator*.cpp lower them (microsoft/onnxruntime,
onnxruntime/core/providers/dml/DmlExecutionProvider/src/Operators/):

- GroupQueryAttention (DmlOperatorGroupQueryAttention.cpp): one DML_MULTIHEAD_ATTENTION1 with
  QueryHeadCount num_heads, KeyValueHeadCount kv_num_heads, past lengths from seqlens_k on a decode
  step (sequence length 1) and a FILL_VALUE_CONSTANT of zeros on a prompt; FLOAT16 runs in FLOAT32
  between CASTs.
- MatMulNBits (DmlOperatorMatMulNBits.cpp): DML_DEQUANTIZE of the blocked weights (scales and
  zero points one per block) and a GEMM with TransB.
- QAttention (DmlOperatorQAttention.cpp): ELEMENT_WISE_DEQUANTIZE_LINEAR of the input and the
  weights, the projection GEMM with the bias, and DML_MULTIHEAD_ATTENTION on the stacked
  query/key/value (by strides, as the Attention lowering in contrib.py).
- DynamicQuantizeMatMul (DmlOperatorDynamicQuantizeMatMul.cpp): DYNAMIC_QUANTIZE_LINEAR of A and
  MATRIX_MULTIPLY_INTEGER_TO_FLOAT.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import (
    CONTRIB_DOMAIN,
    LoweringError,
    Node,
    Segment,
    View,
    _buffer_desc,
    _Read,
    register,
)
from pydml.onnx.ops.elementwise import cast

MS = CONTRIB_DOMAIN
FLOAT32, UINT8, INT8, INT32, FLOAT16 = 1, 2, 3, 6, 10


def _refuse_attrs(node: Node, checks: list[tuple[str, Any]]) -> None:
    """Attributes the provider's lowering does not honour, each with the value it assumes."""
    for name, default in checks:
        value = node.attr(name, default)
        if value != default:
            raise LoweringError(f"{name}={value} is not lowered (the DirectML provider takes {default})")


# -- GroupQueryAttention --------------------------------------------------------------------------


def _gqa_present_length(
    node: Node, i: int, value: np.ndarray[Any, Any], shape_of: Callable[[str], tuple[int, ...] | None]
) -> Any:
    """What group_query_attention reads of total_sequence_length: the present length
    max(past length, total), and nothing else (pydml/onnx/lowering.py ``host_key``). A decode loop
    over a fixed-capacity cache (onnxruntime-genai's shared past/present buffers: past_key
    [B, Nk, capacity, H] at every token) passes a new total at every token, and keyed by the value
    each token was a plan built in full; keyed by this, every token up to the capacity runs one
    plan. None (the whole value) where past_key is not a graph input."""
    past = node.input(3)
    shape = shape_of(past) if past else ()
    if shape is None or value.size != 1:
        return None
    past_len = shape[2] if len(shape) == 4 else 0
    return max(past_len, int(value.reshape(-1)[0]))


@register(
    "GroupQueryAttention",
    domain=MS,
    host_inputs=[6],
    dml=["MULTIHEAD_ATTENTION1", "FILL_VALUE_CONSTANT", "CAST"],
    host_key=_gqa_present_length,
)
def group_query_attention(seg: Segment, node: Node) -> None:
    """query [B, S, Nq H], key and value [B, T, Nk H], past_key / past_value [B, Nk, P, H],
    seqlens_k [B] (INT32: total length - 1 per batch), total_sequence_length (read on the CPU: the
    provider's GroupQueryAttentionHelper) onto one DML_MULTIHEAD_ATTENTION1.

    The provider binds seqlens_k as PastSequenceLengthsTensor only when S is 1 (a decode step);
    a prompt gets zeros (a FILL_VALUE_CONSTANT), its comment says to match the CUDA kernel, so a
    prompt never reads the past. It binds no PastKey: onnxruntime shares the past and present
    buffers of this op (kv share buffer), so the present output already holds the past. A pydml
    graph has no such aliasing, so past_key / past_value are bound as PastKeyTensor /
    PastValueTensor, from which MULTIHEAD_ATTENTION1 copies positions [0, pl) into the present
    buffers: the same values the shared buffer holds. Present rows past pl + S are not written.
    FLOAT16 inputs are CAST to FLOAT32 around the attention, as the provider does."""
    heads = int(node.attr("num_heads"))
    kv_heads = int(node.attr("kv_num_heads"))
    _refuse_attrs(
        node,
        [
            ("do_rotary", 0),
            ("local_window_size", -1),
            ("softcap", 0.0),
            ("smooth_softmax", 0),
            ("qk_output", 0),
            ("causal", 1),
        ],
    )
    if not node.input(1) or not node.input(2):
        raise LoweringError(
            "packed query/key/value (no key input) is refused: the provider needs 3-D key and value"
        )
    for i, what in (
        (7, "cos_cache"),
        (8, "sin_cache"),
        (9, "position_ids"),
        (10, "attention_bias"),
        (11, "head_sink"),
        (14, "q_norm_weight"),
        (15, "k_norm_weight"),
    ):
        if node.input(i):
            raise LoweringError(f"{what} is not lowered (the DirectML provider binds no such input)")
    q, k, v = (seg.view(node.inputs[i]) for i in range(3))
    if q.rank != 3 or k.rank != 3 or v.rank != 3:
        raise LoweringError("query, key and value must be 3-D")
    batch, seq, hidden = q.shape
    if heads <= 0 or kv_heads <= 0 or heads % kv_heads or hidden % heads:
        raise LoweringError(
            f"num_heads {heads} and kv_num_heads {kv_heads} do not divide the hidden size {hidden}"
        )
    head = hidden // heads
    if k.shape[2] != kv_heads * head or v.shape[2] != kv_heads * head:
        raise LoweringError(
            f"key/value hidden size {k.shape[2]} is not kv_num_heads x head size ({kv_heads} x {head})"
        )
    total_arr = seg.host(node, 6, "total_sequence_length")
    if total_arr is None or total_arr.size != 1:
        raise LoweringError("total_sequence_length must be one value")
    total = int(total_arr.reshape(-1)[0])
    past_k = seg.view(node.inputs[3]) if node.input(3) else None
    past_v = seg.view(node.inputs[4]) if node.input(4) else None
    past_len = past_k.shape[2] if past_k is not None else 0
    present_len = max(past_len, total)
    if present_len < seq:
        raise LoweringError(f"total_sequence_length {total} is shorter than the sequence ({seq})")
    f16 = q.onnx_type == FLOAT16
    work = FLOAT32 if f16 else q.onnx_type

    def as_work(x: View) -> View:
        return cast(seg, node, x, FLOAT32) if f16 else x

    fields: dict[str, Any] = {}
    if seq == 1:
        lens = seg.view(node.inputs[5])
        if lens.size != batch:
            raise LoweringError(f"seqlens_k has {lens.size} values for batch {batch}")
        fields["PastSequenceLengthsTensor"] = seg.tensor(lens.reshaped((batch,)))
    else:
        zeros = seg.output(INT32, (batch,))
        (z,) = seg.emit(
            pydml.DML_FILL_VALUE_CONSTANT_OPERATOR_DESC(OutputTensor=zeros, ValueDataType="INT32", Value=0),
            node.name,
        )
        fields["PastSequenceLengthsTensor"] = seg.tensor(z)
    if past_k is not None and past_v is not None:
        fields["PastKeyTensor"] = seg.tensor(as_work(past_k))
        fields["PastValueTensor"] = seg.tensor(as_work(past_v))
    outs = [*node.outputs, "", ""]
    out = seg.output(work, (batch, seq, hidden), name=None if f16 else outs[0])
    pk = seg.output(work, (batch, kv_heads, present_len, head), name=None if f16 else (outs[1] or None))
    pv = seg.output(work, (batch, kv_heads, present_len, head), name=None if f16 else (outs[2] or None))
    results = seg.emit(
        pydml.DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC(
            QueryTensor=seg.tensor(as_work(q)),
            KeyTensor=seg.tensor(as_work(k)),
            ValueTensor=seg.tensor(as_work(v)),
            OutputTensor=out,
            OutputPresentKeyTensor=pk,
            OutputPresentValueTensor=pv,
            Scale=float(node.attr("scale", 0.0)) or 1.0 / math.sqrt(head),
            MaskFilterValue=-10000.0,
            QueryHeadCount=heads,
            KeyValueHeadCount=kv_heads,
            MaskType="NONE",
            **fields,
        ),
        node.name,
    )
    if f16:
        for name, y in zip(outs[:3], results, strict=False):
            if name:
                cast(seg, node, y, FLOAT16, name)


# -- MatMulNBits ----------------------------------------------------------------------------------


def _read_as(view: View, dml_type: str, shape: tuple[int, ...], strides: tuple[int, ...]) -> Any:
    """A reader's tensor desc of ``view``'s bytes as another data type (4-bit elements: strides
    count elements, two to a byte)."""
    flags = pydml.DML_TENSOR_FLAG_OWNED_BY_DML if view.source.owned else 0
    return _Read(_buffer_desc(dml_type, shape, strides, view.source.nbytes, flags), view)


@register("MatMulNBits", domain=MS, dml=["DEQUANTIZE", "GEMM"])
def matmul_nbits(seg: Segment, node: Node) -> None:
    """A [.., M, K] x dequantized B^T: B is uint8 [N, blocks, block_size * bits / 8], each row of K
    weights in blocks of block_size with one scale (and zero point) per block. The provider's
    DmlOperatorMatMulNBits: DML_DEQUANTIZE of B read as 4- or 8-bit elements [N, K] with scales
    [N, blocks] (and zero points [N, blocks]) as block-wise quantization tensors, then GEMM
    with TransB.

    One deviation, on evidence: the provider types B and the zero points INT4 / INT8 (signed),
    which reads weights of 8 and more as negative; the op's contract (onnxruntime
    docs/ContribOperators.md, its CPU kernel) has unsigned weights with a default zero point of
    2^(bits-1). pydml reads them UINT4 / UINT8 and makes that default zero point an explicit
    constant (DML_DEQUANTIZE's SCALE form has none), so it computes what the op defines."""
    bits = int(node.attr("bits", 4))
    if bits not in (4, 8):
        raise LoweringError(f"bits={bits}: the provider's QueryMatMulNBits takes 4 or 8 only")
    n, k = int(node.attr("N")), int(node.attr("K"))
    block = int(node.attr("block_size"))
    if len([i for i in node.inputs if i]) > 4 or any(node.input(i) for i in (4, 5)):
        raise LoweringError("g_idx and bias inputs are refused (the provider takes exactly 4 inputs)")
    if block < 16 or block & (block - 1):
        raise LoweringError(f"block_size {block} is not a power of 2 of at least 16")
    blocks = (k + block - 1) // block
    if blocks * block != k:
        raise LoweringError(
            f"K ({k}) is not a multiple of block_size ({block}): the provider's [N, K] desc is packed"
        )
    a = seg.view(node.inputs[0])
    b = seg.view(node.inputs[1])
    if a.shape[-1] != k:
        raise LoweringError(f"A's last dimension {a.shape[-1]} is not K ({k})")
    blob = block * bits // 8
    if b.size != n * blocks * blob or b.onnx_type != UINT8:
        raise LoweringError(f"B must be uint8 of {n} x {blocks} x {blob} bytes, got {list(b.shape)}")
    if not b.is_packed():
        raise LoweringError("B must be a packed tensor")
    qtype = "UINT4" if bits == 4 else "UINT8"
    per_byte = 8 // bits
    b_read = _read_as(b, qtype, (n, k), (k, 1))
    scales = seg.view(node.inputs[2])
    if scales.size != n * blocks:
        raise LoweringError(f"scales has {scales.size} values, not N x blocks ({n} x {blocks})")
    if scales.onnx_type != a.onnx_type:
        raise LoweringError("scales must have A's data type")
    scale_view = scales.reshaped((n, blocks))
    quant = [seg.tensor(scale_view)]
    if node.input(3):
        zp = seg.view(node.inputs[3])
        if zp.onnx_type != UINT8:
            raise LoweringError("float zero points are not lowered (the provider reads them as quantized)")
        row = (blocks + per_byte - 1) // per_byte  # each row's zero points are padded to whole bytes
        if zp.size != n * row:
            raise LoweringError(f"zero_points has {zp.size} bytes, not N x {row}")
        quant.append(_read_as(zp, qtype, (n, blocks), (row * per_byte, 1)))
    else:
        # the op's default zero point 2^(bits-1), one value broadcast (a UINT8 byte 0x88 holds two
        # UINT4 eights)
        default = seg.constant(np.array([0x88 if bits == 4 else 0x80], dtype=np.uint8), "nbits_zero_point")
        quant.append(_read_as(default, qtype, (n, blocks), (0, 0)))
    deq = seg.output(a.onnx_type, (n, k))
    (w,) = seg.emit(
        pydml.DML_DEQUANTIZE_OPERATOR_DESC(
            InputTensor=b_read,
            QuantizationType="SCALE_ZERO_POINT",
            QuantizationTensors=quant,
            OutputTensor=deq,
        ),
        node.name,
    )
    lead = a.shape[:-1]
    rows = math.prod(lead)
    if not a.is_packed():
        raise LoweringError("A must be a packed tensor")
    out = seg.output(a.onnx_type, (rows, n))
    (y,) = seg.emit(
        pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=seg.tensor(a.reshaped((rows, k))),
            BTensor=seg.tensor(w),
            OutputTensor=out,
            TransA="NONE",
            TransB="TRANSPOSE",
            Alpha=1.0,
            Beta=0.0,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped((*lead, n)))


# -- QAttention -----------------------------------------------------------------------------------


def _broadcast_param(seg: Segment, node: Node, i: int, shape: tuple[int, ...], onnx_type: int) -> View:
    """A per-tensor scale or zero point broadcast to ``shape`` (an absent zero point is 0)."""
    if not node.input(i):
        return replace(seg.zero(onnx_type), shape=shape, strides=(0,) * len(shape))
    p = seg.view(node.inputs[i])
    if p.size == 1:
        return replace(p, shape=shape, strides=(0,) * len(shape))
    if p.rank == 1 and p.shape[0] == shape[-1]:
        return replace(p, shape=shape, strides=(0,) * (len(shape) - 1) + (p.strides[0],))
    raise LoweringError(
        f"input {i}: a scale or zero point of shape {list(p.shape)} is not per-tensor or per-column"
    )


@register(
    "QAttention",
    domain=MS,
    dml=["ELEMENT_WISE_DEQUANTIZE_LINEAR", "GEMM", "MULTIHEAD_ATTENTION"],
)
def qattention(seg: Segment, node: Node) -> None:
    """input [B, S, K] (uint8/int8), weight [K, 3 hidden], bias, input_scale, weight_scale,
    mask_index, input_zero_point, weight_zero_point: the provider's DmlOperatorQAttention.
    Input and weights are ELEMENT_WISE_DEQUANTIZE_LINEARed (the weights broadcast over the batch),
    one GEMM projects with the bias as CTensor, and its [B, S, 3, heads, head] output is read as
    MULTIHEAD_ATTENTION's stacked [B, S, heads, 3, head] query/key/value by strides (the provider
    copies it with an ELEMENT_WISE_IDENTITY through the same strided desc). mask_index [B] is
    KEY_SEQUENCE_LENGTH, [2B] KEY_SEQUENCE_END_START, 2-D to 4-D masks BOOLEAN (contrib.mha_mask).
    QueryQAttention refuses past, present, unidirectional and do_rotary; unequal qkv_hidden_sizes
    are not lowered."""
    if node.input(8):
        raise LoweringError("past is refused by the provider's QueryQAttention")
    if len(node.outputs) > 1 and node.outputs[1]:
        raise LoweringError("the present output is refused by the provider's QueryQAttention")
    _refuse_attrs(node, [("unidirectional", 0), ("do_rotary", 0)])
    heads = int(node.attr("num_heads"))
    x, w = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if x.rank != 3 or w.rank != 2 or w.shape[0] != x.shape[2]:
        raise LoweringError("a 3-D input [B, S, K] and 2-D weights [K, 3 hidden] are required")
    sizes = node.attr("qkv_hidden_sizes")
    if sizes is not None and len({int(s) for s in sizes}) != 1:
        raise LoweringError("unequal qkv_hidden_sizes are not lowered yet")
    if w.shape[1] % 3:
        raise LoweringError(f"the weights' {w.shape[1]} columns are not 3 x hidden")
    batch, seq, kdim = x.shape
    hidden = w.shape[1] // 3
    if heads <= 0 or hidden % heads:
        raise LoweringError(f"num_heads {heads} does not divide the hidden size {hidden}")
    head = hidden // heads
    scale_type = seg.view(node.inputs[3]).onnx_type
    xf = seg.output(scale_type, x.shape)
    (xd,) = seg.emit(
        pydml.DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            ScaleTensor=seg.tensor(_broadcast_param(seg, node, 3, x.shape, scale_type)),
            ZeroPointTensor=seg.tensor(_broadcast_param(seg, node, 6, x.shape, x.onnx_type)),
            OutputTensor=xf,
        ),
        node.name,
    )
    wshape = (batch, kdim, 3 * hidden)
    wb = View(w.source, w.onnx_type, wshape, (0, *w.strides))
    wf = seg.output(scale_type, wshape)
    (wd,) = seg.emit(
        pydml.DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC(
            InputTensor=seg.tensor(wb),
            ScaleTensor=seg.tensor(_broadcast_param(seg, node, 4, wshape, scale_type)),
            ZeroPointTensor=seg.tensor(_broadcast_param(seg, node, 7, wshape, w.onnx_type)),
            OutputTensor=wf,
        ),
        node.name,
    )
    fields: dict[str, Any] = {}
    if node.input(2):
        bias = seg.view(node.inputs[2])
        fields["CTensor"] = seg.tensor(
            replace(bias, shape=(batch, seq, 3 * hidden), strides=(0, 0, bias.strides[0]))
        )
    proj = seg.output(scale_type, (batch, seq, 3 * hidden))
    (qkv,) = seg.emit(
        pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=seg.tensor(xd),
            BTensor=seg.tensor(wd),
            OutputTensor=proj,
            TransA="NONE",
            TransB="NONE",
            Alpha=1.0,
            Beta=1.0,
            **fields,
        ),
        node.name,
    )
    stacked = View(
        qkv.source,
        qkv.onnx_type,
        (batch, seq, heads, 3, head),
        (seq * 3 * hidden, 3 * hidden, head, hidden, 1),
    )
    from pydml.onnx.ops.contrib import mha_mask

    mha = mha_mask(seg, node, 5, batch, heads, seq)
    out = seg.output(scale_type, (batch, seq, hidden), name=node.outputs[0])
    seg.emit(
        pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(
            StackedQueryKeyValueTensor=seg.tensor(stacked),
            OutputTensor=out,
            Scale=float(node.attr("scale", 0.0)) or 1.0 / math.sqrt(head),
            MaskFilterValue=float(node.attr("mask_filter_value", -10000.0)),
            HeadCount=heads,
            **mha,
        ),
        node.name,
    )


# -- DynamicQuantizeMatMul ------------------------------------------------------------------------


@register(
    "DynamicQuantizeMatMul",
    domain=MS,
    dml=["DYNAMIC_QUANTIZE_LINEAR", "MATRIX_MULTIPLY_INTEGER_TO_FLOAT"],
)
def dynamic_quantize_matmul(seg: Segment, node: Node) -> None:
    """A (float), B (uint8/int8), b_scale, b_zero_point, bias: the provider's
    DmlOperatorDynamicQuantizeMatMul, DYNAMIC_QUANTIZE_LINEAR of A to B's data type (its scale and
    zero point one element each) feeding MATRIX_MULTIPLY_INTEGER_TO_FLOAT with B, B's scale and
    zero point (per tensor or per column) and the bias."""
    from pydml.onnx.ops.matmul import _operands, quant_param

    a4, b4, shape4, logical = _operands(seg, node, 0, 1)
    n = shape4[-1]
    a_type = a4.onnx_type
    if a_type != FLOAT32:
        raise LoweringError("A must be FLOAT32 (the provider's quantized A scale is FLOAT32)")
    qa, a_scale, a_zero = seg.emit(
        pydml.DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC(
            InputTensor=seg.tensor(a4),
            OutputTensor=seg.output(b4.onnx_type, a4.shape),
            OutputScaleTensor=seg.output(FLOAT32, (1, 1, 1, 1)),
            OutputZeroPointTensor=seg.output(b4.onnx_type, (1, 1, 1, 1)),
        ),
        node.name,
    )
    fields: dict[str, Any] = {}
    if node.input(3):
        fields["BZeroPointTensor"] = seg.tensor(quant_param(seg, node, node.inputs[3], cols=n))
    if node.input(4):
        bias = seg.view(node.inputs[4])
        fields["BiasTensor"] = seg.tensor(bias.broadcast(shape4))
    out = seg.output(FLOAT32, shape4)
    (y,) = seg.emit(
        pydml.DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC(
            ATensor=seg.tensor(qa),
            AScaleTensor=seg.tensor(a_scale),
            AZeroPointTensor=seg.tensor(a_zero),
            BTensor=seg.tensor(b4),
            BScaleTensor=seg.tensor(quant_param(seg, node, node.inputs[2], cols=n)),
            OutputTensor=out,
            **fields,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(logical))


# -- QLinearConcat --------------------------------------------------------------------------------


@register(
    "QLinearConcat",
    domain=MS,
    dml=["ELEMENT_WISE_DEQUANTIZE_LINEAR", "JOIN", "ELEMENT_WISE_QUANTIZE_LINEAR"],
)
def qlinear_concat(seg: Segment, node: Node) -> None:
    """y_scale, y_zero_point, then (x, x_scale, x_zero_point) per input: the provider's
    DmlOperatorQLinearConcat, each x ELEMENT_WISE_DEQUANTIZE_LINEARed to FLOAT32 (its scale and
    zero point broadcast to x), JOINed on axis, ELEMENT_WISE_QUANTIZE_LINEARed with y's."""
    count = len(node.inputs) - 2
    if count < 3 or count % 3:
        raise LoweringError("inputs must be y_scale, y_zero_point and (x, x_scale, x_zero_point) tuples")
    xs = [seg.view(node.inputs[2 + 3 * i]) for i in range(count // 3)]
    rank = xs[0].rank
    axis = int(node.attr("axis"))
    axis = axis + rank if axis < 0 else axis
    if not 0 <= axis < rank or any(x.rank != rank for x in xs):
        raise LoweringError(f"axis {node.attr('axis')} for inputs of {rank} dimensions")
    y_scale, y_zero = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    parts = []
    for i, x in enumerate(xs):
        scale, zero = seg.view(node.inputs[3 + 3 * i]), seg.view(node.inputs[4 + 3 * i])
        if scale.onnx_type != y_scale.onnx_type or zero.onnx_type != y_zero.onnx_type:
            raise LoweringError(
                "each input's scale and zero point must have y_scale's and y_zero_point's types"
            )
        out = seg.output(FLOAT32, x.shape)
        (f,) = seg.emit(
            pydml.DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC(
                InputTensor=seg.tensor(x),
                ScaleTensor=seg.tensor(scale.broadcast(x.shape)),
                ZeroPointTensor=seg.tensor(zero.broadcast(x.shape)),
                OutputTensor=out,
            ),
            node.name,
        )
        parts.append(f)
    shape = list(xs[0].shape)
    shape[axis] = sum(x.shape[axis] for x in xs)
    joined = seg.output(FLOAT32, shape)
    (j,) = seg.emit(
        pydml.DML_JOIN_OPERATOR_DESC(
            InputTensors=[seg.tensor(p) for p in parts], OutputTensor=joined, Axis=axis
        ),
        node.name,
    )
    out = seg.output(y_zero.onnx_type, shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC(
            InputTensor=seg.tensor(j),
            ScaleTensor=seg.tensor(y_scale.broadcast(tuple(shape))),
            ZeroPointTensor=seg.tensor(y_zero.broadcast(tuple(shape))),
            OutputTensor=out,
        ),
        node.name,
    )


# -- GroupNorm ------------------------------------------------------------------------------------


@register(
    "GroupNorm",
    domain=MS,
    dml=["MEAN_VARIANCE_NORMALIZATION", "CAST", "ACTIVATION_SIGMOID", "ELEMENT_WISE_MULTIPLY"],
)
def group_norm(seg: Segment, node: Node) -> None:
    """X [N, H, W, C] (channels_last=1, the default) or [N, C, H, W], gamma and beta [C]: the
    provider's DmlOperatorGroupNorm. X is read as [N, groups, C / groups, H W] by strides and
    normalized by DML_MEAN_VARIANCE_NORMALIZATION (CrossChannel false: over the last two
    dimensions), gamma and beta read as [groups, C / groups] broadcast (CAST to X's type when they
    differ); activation=1 is Swish (ACTIVATION_SIGMOID and ELEMENT_WISE_MULTIPLY). The output is
    defined back in X's layout as a view (the provider copies it with ELEMENT_WISE_IDENTITY)."""
    x = seg.view(node.inputs[0])
    gamma, beta = seg.view(node.inputs[1]), seg.view(node.inputs[2])
    if x.rank != 4 or gamma.rank != 1 or beta.rank != 1:
        raise LoweringError("a 4-D input and 1-D gamma and beta are required")
    last = bool(int(node.attr("channels_last", 1)))
    groups = int(node.attr("groups"))
    if last:
        n, h, w, c = x.shape
        sn, sh, sw, sc = x.strides
    else:
        n, c, h, w = x.shape
        sn, sc, sh, sw = x.strides
    if sw * w != sh and h > 1:
        raise LoweringError("H and W of the input must be contiguous")
    if groups <= 0 or c % groups or gamma.shape[0] != c or beta.shape[0] != c:
        raise LoweringError(f"groups {groups}, gamma and beta must divide and match the {c} channels")
    if gamma.onnx_type != beta.onnx_type:
        raise LoweringError("gamma and beta must have one data type")
    cg = c // groups
    shape = (n, groups, cg, h * w)
    grouped = View(x.source, x.onnx_type, shape, (sn, cg * sc, sc, sw))

    def param(p: View) -> View:
        v = View(p.source, p.onnx_type, shape, (0, cg * p.strides[0], p.strides[0], 0))
        return cast(seg, node, v, x.onnx_type) if p.onnx_type != x.onnx_type else v

    out = seg.output(x.onnx_type, shape)
    (y,) = seg.emit(
        pydml.DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC(
            InputTensor=seg.tensor(grouped),
            ScaleTensor=seg.tensor(param(gamma)),
            BiasTensor=seg.tensor(param(beta)),
            OutputTensor=out,
            CrossChannel=False,
            NormalizeVariance=True,
            Epsilon=float(node.attr("epsilon", 1e-5)),
        ),
        node.name,
    )
    if int(node.attr("activation")):
        from pydml.onnx.ops.elementwise import binary, unary

        sig = unary(seg, node, "ACTIVATION_SIGMOID", y, out_name="")
        y = binary(seg, node, "ELEMENT_WISE_MULTIPLY", y, sig, out_name=None)
    # y is packed [N, C, H W]: NHWC reads it with strides (C H W, W, 1, H W)
    hw = h * w
    nchw = View(y.source, y.onnx_type, (n, c, h, w), (c * hw, hw, w, 1))
    seg.define(node.outputs[0], nchw.transposed((0, 2, 3, 1)) if last else nchw)


__all__ = [
    "dynamic_quantize_matmul",
    "group_norm",
    "group_query_attention",
    "matmul_nbits",
    "qattention",
    "qlinear_concat",
]
