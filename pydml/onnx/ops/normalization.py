"""Normalization and softmax: DmlOperatorBatchNormalization.cpp, DmlOperatorLayerNormalization.cpp
(MEAN_VARIANCE_NORMALIZATION1 over the trailing axes), DmlOperatorInstanceNormalization.cpp and
DmlOperatorActivation.cpp's Softmax/LogSoftmax/Hardmax (the *1 operators with explicit axes)."""

from __future__ import annotations

import pydml
from pydml.onnx.lowering import LoweringError, Node, Segment, View, normalize_axis, register


def _channel(v: View, rank: int) -> View:
    """A per-channel [C] tensor as [1, C, 1, ...] of ``rank`` dimensions."""
    return View(
        v.source, v.onnx_type, (1, v.shape[0]) + (1,) * (rank - 2), (0, v.strides[0]) + (0,) * (rank - 2)
    )


@register("BatchNormalization", since=7, dml=["BATCH_NORMALIZATION"])
def batch_norm(seg: Segment, node: Node) -> None:
    if int(node.attr("training_mode", 0)) or len([o for o in node.outputs if o]) > 1:
        # The provider refuses it (DmlOperatorBatchNormalization.cpp, QueryBatchNormalization:
        # "training_mode=1 is unsupported as it isn't needed for inference", onnx PR 3333), so
        # onnxruntime runs such a node on its CPU provider; DML_BATCH_NORMALIZATION_TRAINING could
        # compute the batch statistics, but no DirectML provider lowering exists to follow.
        raise LoweringError(
            "training_mode=1 (batch statistics and running mean/var outputs): the DirectML provider "
            "refuses it (QueryBatchNormalization)"
        )
    x = seg.view(node.inputs[0])
    x4 = x.padded(4, at_end=True) if x.rank < 4 else x
    scale, bias, mean, var = (seg.view(node.inputs[i]) for i in (1, 2, 3, 4))
    out = seg.output(x.onnx_type, x4.shape)
    (y,) = seg.emit(
        pydml.DML_BATCH_NORMALIZATION_OPERATOR_DESC(
            InputTensor=seg.tensor(x4),
            MeanTensor=seg.tensor(_channel(mean, x4.rank)),
            VarianceTensor=seg.tensor(_channel(var, x4.rank)),
            ScaleTensor=seg.tensor(_channel(scale, x4.rank)),
            BiasTensor=seg.tensor(_channel(bias, x4.rank)),
            OutputTensor=out,
            Spatial=True,
            Epsilon=float(node.attr("epsilon", 1e-5)),
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(x.shape))


@register("LayerNormalization", since=17, dml=["MEAN_VARIANCE_NORMALIZATION1"])
def layer_norm(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axis = normalize_axis(int(node.attr("axis", -1)), x.rank, node)
    if any(node.outputs[1:]):
        _layer_norm_statistics(seg, node, x, axis)
    fields = {"ScaleTensor": seg.tensor(seg.view(node.inputs[1]).broadcast(x.shape))}
    if node.input(2):
        fields["BiasTensor"] = seg.tensor(seg.view(node.input(2)).broadcast(x.shape))
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    axes = list(range(axis, x.rank))
    seg.emit(
        pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputTensor=out,
            AxisCount=len(axes),
            Axes=axes,
            NormalizeVariance=True,
            Epsilon=float(node.attr("epsilon", 1e-5)),
            **fields,
        ),
        node.name,
    )


def _layer_norm_statistics(seg: Segment, node: Node, x: View, axis: int) -> None:
    """LayerNormalization's optional Mean and InvStdDev outputs (over axes axis.. with the reduced
    dimensions kept as 1): REDUCE AVERAGE, ELEMENT_WISE_DIFFERENCE_SQUARE, REDUCE AVERAGE, then
    1 / sqrt(var + epsilon) as ELEMENT_WISE_SQRT (its ScaleBias adds epsilon) and ELEMENT_WISE_RECIP."""
    if int(node.attr("stash_type", 1)) != x.onnx_type:
        raise LoweringError("Mean/InvStdDev with a stash_type other than the input's data type")
    axes = list(range(axis, x.rank))
    kept = tuple(1 if d in axes else n for d, n in enumerate(x.shape))
    names = [*node.outputs, "", ""][1:3]
    (mean,) = seg.emit(
        pydml.DML_REDUCE_OPERATOR_DESC(
            Function="AVERAGE",
            InputTensor=seg.tensor(x),
            OutputTensor=seg.output(x.onnx_type, kept, name=names[0] or None),
            AxisCount=len(axes),
            Axes=axes,
        ),
        node.name,
    )
    if not names[1]:
        return
    (square,) = seg.emit(
        pydml.DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC(
            ATensor=seg.tensor(x),
            BTensor=seg.tensor(mean.broadcast(x.shape)),
            OutputTensor=seg.output(x.onnx_type, x.shape),
        ),
        node.name,
    )
    (var,) = seg.emit(
        pydml.DML_REDUCE_OPERATOR_DESC(
            Function="AVERAGE",
            InputTensor=seg.tensor(square),
            OutputTensor=seg.output(x.onnx_type, kept),
            AxisCount=len(axes),
            Axes=axes,
        ),
        node.name,
    )
    (std,) = seg.emit(
        pydml.DML_ELEMENT_WISE_SQRT_OPERATOR_DESC(
            InputTensor=seg.tensor(var),
            OutputTensor=seg.output(x.onnx_type, kept),
            ScaleBias=pydml.DML_SCALE_BIAS(Scale=1.0, Bias=float(node.attr("epsilon", 1e-5))),
        ),
        node.name,
    )
    seg.emit(
        pydml.DML_ELEMENT_WISE_RECIP_OPERATOR_DESC(
            InputTensor=seg.tensor(std), OutputTensor=seg.output(x.onnx_type, kept, name=names[1])
        ),
        node.name,
    )


@register("InstanceNormalization", since=6, dml=["MEAN_VARIANCE_NORMALIZATION1"])
def instance_norm(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    scale, bias = seg.view(node.inputs[1]), seg.view(node.inputs[2])
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    axes = list(range(2, x.rank))
    seg.emit(
        pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            ScaleTensor=seg.tensor(_channel(scale, x.rank).broadcast(x.shape)),
            BiasTensor=seg.tensor(_channel(bias, x.rank).broadcast(x.shape)),
            OutputTensor=out,
            AxisCount=len(axes),
            Axes=axes,
            NormalizeVariance=True,
            Epsilon=float(node.attr("epsilon", 1e-5)),
        ),
        node.name,
    )


def _softmax(seg: Segment, node: Node, dml: str) -> None:
    x = seg.view(node.inputs[0])
    if x.rank == 0:
        raise LoweringError("a scalar input")
    if node.opset >= 13:
        axes = [normalize_axis(int(node.attr("axis", -1)), x.rank, node)]
    else:
        # before opset 13 the input is coerced to 2-D at axis: softmax over every axis from it on
        axes = list(range(normalize_axis(int(node.attr("axis", 1)), x.rank, node), x.rank))
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        getattr(pydml, f"DML_{dml}_OPERATOR_DESC")(
            InputTensor=seg.tensor(x), OutputTensor=out, AxisCount=len(axes), Axes=axes
        ),
        node.name,
    )


@register("Softmax", since=1, dml=["ACTIVATION_SOFTMAX1"])
def softmax(seg: Segment, node: Node) -> None:
    _softmax(seg, node, "ACTIVATION_SOFTMAX1")


@register("LogSoftmax", since=1, dml=["ACTIVATION_LOG_SOFTMAX1"])
def log_softmax(seg: Segment, node: Node) -> None:
    _softmax(seg, node, "ACTIVATION_LOG_SOFTMAX1")


@register("Hardmax", since=1, dml=["ACTIVATION_HARDMAX1"])
def hardmax(seg: Segment, node: Node) -> None:
    _softmax(seg, node, "ACTIVATION_HARDMAX1")


@register("LpNormalization", since=1, dml=["LP_NORMALIZATION"])
def lp_norm(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    axis = normalize_axis(int(node.attr("axis", -1)), x.rank, node)
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_LP_NORMALIZATION_OPERATOR_DESC(
            InputTensor=seg.tensor(x), OutputTensor=out, Axis=axis, Epsilon=1e-12, P=int(node.attr("p", 2))
        ),
        node.name,
    )


@register("LRN", since=1, dml=["LOCAL_RESPONSE_NORMALIZATION"])
def lrn(seg: Segment, node: Node) -> None:
    """Cross-channel LOCAL_RESPONSE_NORMALIZATION (the provider's DmlOperatorLocalResponseNormalization):
    x / (bias + alpha / size * sum of squares over ``size`` channels) ^ beta."""
    x = seg.view(node.inputs[0])
    if x.rank != 4:
        raise LoweringError("LRN takes a 4-D input")
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputTensor=out,
            CrossChannel=True,
            LocalSize=int(node.attr("size")),
            Alpha=float(node.attr("alpha", 1e-4)),
            Beta=float(node.attr("beta", 0.75)),
            Bias=float(node.attr("bias", 1.0)),
        ),
        node.name,
    )


@register("MeanVarianceNormalization", since=9, dml=["MEAN_VARIANCE_NORMALIZATION1"])
def mean_variance_normalization(seg: Segment, node: Node) -> None:
    """MEAN_VARIANCE_NORMALIZATION1 over ``axes`` (default [0, 2, 3]) with the variance normalized
    (the provider's DmlOperatorMeanVarianceNormalization; ONNX's function uses epsilon 1e-9)."""
    x = seg.view(node.inputs[0])
    axes = sorted(normalize_axis(int(a), x.rank, node) for a in node.attr("axes", [0, 2, 3]))
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            OutputTensor=out,
            AxisCount=len(axes),
            Axes=axes,
            NormalizeVariance=True,
            Epsilon=1e-9,
        ),
        node.name,
    )
