"""Element-wise math, comparisons and activations: DmlOperatorElementWise.cpp and
DmlOperatorActivation.cpp. Broadcasting is zero strides on the inputs' tensor descs."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import (
    FLOAT_TYPES,
    ONNX_TO_DML,
    ONNX_TO_NUMPY,
    LoweringError,
    Node,
    Segment,
    View,
    broadcast_shapes,
    register,
)

BOOL = 9

_UNARY: dict[str, tuple[str, int]] = {
    # ONNX op: (DML operator, the provider's since-version)
    "Abs": ("ELEMENT_WISE_ABS", 6),
    "Acos": ("ELEMENT_WISE_ACOS", 7),
    "Asin": ("ELEMENT_WISE_ASIN", 7),
    "Atan": ("ELEMENT_WISE_ATAN", 7),
    "Ceil": ("ELEMENT_WISE_CEIL", 6),
    "Cos": ("ELEMENT_WISE_COS", 7),
    "Exp": ("ELEMENT_WISE_EXP", 6),
    "Floor": ("ELEMENT_WISE_FLOOR", 6),
    "Log": ("ELEMENT_WISE_LOG", 6),
    "Sin": ("ELEMENT_WISE_SIN", 7),
    "Sqrt": ("ELEMENT_WISE_SQRT", 6),
    "Tan": ("ELEMENT_WISE_TAN", 7),
    "Erf": ("ELEMENT_WISE_ERF", 9),
    "Sinh": ("ELEMENT_WISE_SINH", 9),
    "Cosh": ("ELEMENT_WISE_COSH", 9),
    "Asinh": ("ELEMENT_WISE_ASINH", 9),
    "Acosh": ("ELEMENT_WISE_ACOSH", 9),
    "Atanh": ("ELEMENT_WISE_ATANH", 9),
    "Sign": ("ELEMENT_WISE_SIGN", 9),
    "Reciprocal": ("ELEMENT_WISE_RECIP", 6),
    "Neg": ("ELEMENT_WISE_NEGATE", 6),
    "Tanh": ("ACTIVATION_TANH", 6),
    "Sigmoid": ("ACTIVATION_SIGMOID", 6),
    "Relu": ("ACTIVATION_RELU", 6),
    "Softsign": ("ACTIVATION_SOFTSIGN", 1),
    "Not": ("ELEMENT_WISE_LOGICAL_NOT", 1),
    "IsNaN": ("ELEMENT_WISE_IS_NAN", 9),
    "Identity": ("ELEMENT_WISE_IDENTITY", 1),
    "BitwiseNot": ("ELEMENT_WISE_BIT_NOT", 18),
}

_BINARY: dict[str, tuple[str, int, bool]] = {
    # ONNX op: (DML operator, since-version, output is BOOL)
    "Add": ("ELEMENT_WISE_ADD", 7, False),
    "Sub": ("ELEMENT_WISE_SUBTRACT", 7, False),
    "Mul": ("ELEMENT_WISE_MULTIPLY", 7, False),
    "Div": ("ELEMENT_WISE_DIVIDE", 7, False),
    "Equal": ("ELEMENT_WISE_LOGICAL_EQUALS", 7, True),
    "Greater": ("ELEMENT_WISE_LOGICAL_GREATER_THAN", 7, True),
    "Less": ("ELEMENT_WISE_LOGICAL_LESS_THAN", 7, True),
    "GreaterOrEqual": ("ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL", 12, True),
    "LessOrEqual": ("ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL", 12, True),
    "And": ("ELEMENT_WISE_LOGICAL_AND", 7, True),
    "Or": ("ELEMENT_WISE_LOGICAL_OR", 7, True),
    "Xor": ("ELEMENT_WISE_LOGICAL_XOR", 7, True),
    "BitwiseAnd": ("ELEMENT_WISE_BIT_AND", 18, False),
    "BitwiseOr": ("ELEMENT_WISE_BIT_OR", 18, False),
    "BitwiseXor": ("ELEMENT_WISE_BIT_XOR", 18, False),
}


def desc_class(dml: str) -> Any:
    return getattr(pydml, f"DML_{dml}_OPERATOR_DESC")


def unary(
    seg: Segment, node: Node, dml: str, view: View | None = None, out_name: str | None = None, **fields: Any
) -> View:
    x = seg.view(node.inputs[0]) if view is None else view
    out = seg.output(x.onnx_type, x.shape, name=node.outputs[0] if out_name is None else out_name)
    (y,) = seg.emit(desc_class(dml)(InputTensor=seg.tensor(x), OutputTensor=out, **fields), node.name)
    return y


def binary(
    seg: Segment,
    node: Node,
    dml: str,
    a: View,
    b: View,
    *,
    out_type: int | None = None,
    out_name: str | None = "",
    a_field: str = "ATensor",
    b_field: str = "BTensor",
) -> View:
    shape = broadcast_shapes(a.shape, b.shape)
    if a.onnx_type != b.onnx_type:
        raise LoweringError("inputs of different data types")
    name = node.outputs[0] if out_name == "" else out_name
    out = seg.output(a.onnx_type if out_type is None else out_type, shape, name=name)
    desc = desc_class(dml)(
        **{
            a_field: seg.tensor(a.broadcast(shape)),
            b_field: seg.tensor(b.broadcast(shape)),
            "OutputTensor": out,
        }
    )
    (y,) = seg.emit(desc, node.name)
    return y


def _register_unary(op: str, dml: str, since: int) -> None:
    def lower(seg: Segment, node: Node) -> None:
        unary(seg, node, dml)

    register(op, since=since, dml=[dml])(lower)


def _register_binary(op: str, dml: str, since: int, is_bool: bool) -> None:
    def lower(seg: Segment, node: Node) -> None:
        binary(
            seg,
            node,
            dml,
            seg.view(node.inputs[0]),
            seg.view(node.inputs[1]),
            out_type=BOOL if is_bool else None,
        )

    register(op, since=since, dml=[dml])(lower)


for _op, (_dml, _since) in _UNARY.items():
    _register_unary(_op, _dml, _since)
for _op, (_dml, _since, _bool) in _BINARY.items():
    _register_binary(_op, _dml, _since, _bool)


@register("Pow", since=7, dml=["ELEMENT_WISE_POW"])
def pow_(seg: Segment, node: Node) -> None:
    x, e = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if e.onnx_type != x.onnx_type:
        # the provider's DmlOperatorElementwisePow casts a differing exponent type
        e = cast(seg, node, e, x.onnx_type)
    binary(seg, node, "ELEMENT_WISE_POW", x, e, a_field="InputTensor", b_field="ExponentTensor")


@register("Mod", since=10, dml=["ELEMENT_WISE_MODULUS_TRUNCATE", "ELEMENT_WISE_MODULUS_FLOOR"])
def mod(seg: Segment, node: Node) -> None:
    dml = "ELEMENT_WISE_MODULUS_TRUNCATE" if node.attr("fmod", 0) else "ELEMENT_WISE_MODULUS_FLOOR"
    binary(seg, node, dml, seg.view(node.inputs[0]), seg.view(node.inputs[1]))


#: ONNX signed integer type -> the unsigned type of its width (INT8 -> UINT8 ...)
_UNSIGNED_OF = {3: 2, 5: 4, 6: 12, 7: 13}


@register("BitShift", since=11, dml=["ELEMENT_WISE_BIT_SHIFT_LEFT", "ELEMENT_WISE_BIT_SHIFT_RIGHT"])
def bit_shift(seg: Segment, node: Node) -> None:
    left = node.attr("direction") == "LEFT"
    dml = "ELEMENT_WISE_BIT_SHIFT_LEFT" if left else "ELEMENT_WISE_BIT_SHIFT_RIGHT"
    x, y = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if x.onnx_type not in _UNSIGNED_OF:
        binary(seg, node, dml, x, y)
        return
    _signed_bit_shift(seg, node, x, y, left)


def reinterpret(seg: Segment, view: View, onnx_type: int, name: str) -> View:
    """``view``'s bytes read as ``onnx_type`` of the same width. A graph input or constant is bound
    as an array of its own type, so it is copied to a node output first (an IDENTITY)."""
    if view.source.kind != "node":
        view = seg.identity(view, name)
    return replace(view, onnx_type=onnx_type)


def _signed_bit_shift(seg: Segment, node: Node, x: View, y: View, left: bool) -> None:
    """BitShift-28's signed types on DirectML's unsigned shifts (the BIT_SHIFT pages take UINT8..UINT64
    only; opset 28 added INT8..INT64). Shifts act on the bits, so a signed tensor is read as the
    unsigned type of its width (a negative shift amount reads as one >= the width: every bit
    shifted out, 0, as opset 28 defines). A left shift is the same on the bits; an arithmetic
    right shift is ``m ^ ((x ^ m) >> y)`` with ``m = x < 0 ? -1 : 0`` (complementing a negative x
    makes the logical shift fill with its sign bit): -1 for a negative x shifted out, 0 otherwise,
    as opset 28 defines."""
    unsigned = _UNSIGNED_OF[x.onnx_type]
    ux, uy = reinterpret(seg, x, unsigned, node.name), reinterpret(seg, y, unsigned, node.name)
    name = node.outputs[0]
    if left:
        out = binary(seg, node, "ELEMENT_WISE_BIT_SHIFT_LEFT", ux, uy, out_name=None)
        seg.define(name, replace(out, onnx_type=x.onnx_type))
        return
    negative = binary(
        seg, node, "ELEMENT_WISE_LOGICAL_LESS_THAN", x, seg.zero(x.onnx_type), out_type=BOOL, out_name=None
    )
    dtype = ONNX_TO_NUMPY[x.onnx_type]
    minus_one, zero = seg.constant(np.array(-1, dtype), "minus_one"), seg.zero(x.onnx_type)
    mask_out = seg.output(x.onnx_type, x.shape)
    (mask,) = seg.emit(
        pydml.DML_ELEMENT_WISE_IF_OPERATOR_DESC(
            ConditionTensor=seg.tensor(negative),
            ATensor=seg.tensor(minus_one.broadcast(x.shape)),
            BTensor=seg.tensor(zero.broadcast(x.shape)),
            OutputTensor=mask_out,
        ),
        node.name,
    )
    umask = replace(mask, onnx_type=unsigned)
    flipped = binary(seg, node, "ELEMENT_WISE_BIT_XOR", ux, umask, out_name=None)
    shifted = binary(seg, node, "ELEMENT_WISE_BIT_SHIFT_RIGHT", flipped, uy, out_name=None)
    out = binary(seg, node, "ELEMENT_WISE_BIT_XOR", shifted, umask.broadcast(shifted.shape), out_name=None)
    seg.define(name, replace(out, onnx_type=x.onnx_type))


@register("PRelu", since=7, dml=["ACTIVATION_PARAMETERIZED_RELU"])
def prelu(seg: Segment, node: Node) -> None:
    x, slope = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    shape = broadcast_shapes(x.shape, slope.shape)
    if shape != x.shape:
        raise LoweringError("the slope broadcasts the input to a larger shape")
    out = seg.output(x.onnx_type, shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC(
            InputTensor=seg.tensor(x), SlopeTensor=seg.tensor(slope.broadcast(shape)), OutputTensor=out
        ),
        node.name,
    )


@register("Where", since=9, dml=["ELEMENT_WISE_IF"])
def where(seg: Segment, node: Node) -> None:
    c, a, b = (seg.view(n) for n in node.inputs[:3])
    shape = broadcast_shapes(c.shape, a.shape, b.shape)
    out = seg.output(a.onnx_type, shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ELEMENT_WISE_IF_OPERATOR_DESC(
            ConditionTensor=seg.tensor(c.broadcast(shape)),
            ATensor=seg.tensor(a.broadcast(shape)),
            BTensor=seg.tensor(b.broadcast(shape)),
            OutputTensor=out,
        ),
        node.name,
    )


def _variadic(seg: Segment, node: Node, dml: str) -> View:
    views = [seg.view(n) for n in node.inputs if n]
    if len(views) == 1:
        return unary(seg, node, "ELEMENT_WISE_IDENTITY", views[0], out_name=node.outputs[0])
    acc = views[0]
    for k, v in enumerate(views[1:], start=2):
        last = k == len(views)
        acc = binary(seg, node, dml, acc, v, out_name=node.outputs[0] if last else None)
    return acc


@register("Sum", since=8, dml=["ELEMENT_WISE_ADD"])
def sum_(seg: Segment, node: Node) -> None:
    _variadic(seg, node, "ELEMENT_WISE_ADD")


@register("Max", since=8, dml=["ELEMENT_WISE_MAX"])
def max_(seg: Segment, node: Node) -> None:
    _variadic(seg, node, "ELEMENT_WISE_MAX")


@register("Min", since=8, dml=["ELEMENT_WISE_MIN"])
def min_(seg: Segment, node: Node) -> None:
    _variadic(seg, node, "ELEMENT_WISE_MIN")


@register("Mean", since=8, dml=["ELEMENT_WISE_ADD", "ELEMENT_WISE_IDENTITY"])
def mean(seg: Segment, node: Node) -> None:
    # the provider sums, then scales by 1/n through the last operator's ScaleBias
    views = [seg.view(n) for n in node.inputs if n]
    acc = views[0]
    for v in views[1:]:
        acc = binary(seg, node, "ELEMENT_WISE_ADD", acc, v, out_name=None)
    unary(
        seg,
        node,
        "ELEMENT_WISE_IDENTITY",
        acc,
        out_name=node.outputs[0],
        ScaleBias=pydml.DML_SCALE_BIAS(Scale=1.0 / len(views), Bias=0.0),
    )


def _float_unary(op: str, dml: str, since: int, **defaults: Any) -> None:
    def lower(seg: Segment, node: Node) -> None:
        fields: dict[str, Any] = {
            field: float(node.attr(attr, default)) for field, (attr, default) in defaults.items()
        }
        unary(seg, node, dml, **fields)

    register(op, since=since, dml=[dml])(lower)


_float_unary("Elu", "ACTIVATION_ELU", 6, Alpha=("alpha", 1.0))
_float_unary("Celu", "ACTIVATION_CELU", 12, Alpha=("alpha", 1.0))
_float_unary(
    "Selu",
    "ACTIVATION_SCALED_ELU",
    6,
    Alpha=("alpha", 1.67326319217681884765625),
    Gamma=("gamma", 1.05070102214813232421875),
)
_float_unary("LeakyRelu", "ACTIVATION_LEAKY_RELU", 6, Alpha=("alpha", 0.01))
_float_unary("ThresholdedRelu", "ACTIVATION_THRESHOLDED_RELU", 10, Alpha=("alpha", 1.0))
_float_unary("HardSigmoid", "ACTIVATION_HARD_SIGMOID", 6, Alpha=("alpha", 0.2), Beta=("beta", 0.5))
_float_unary("Shrink", "ACTIVATION_SHRINK", 9, Bias=("bias", 0.0), Threshold=("lambd", 0.5))


@register("Softplus", since=1, dml=["ACTIVATION_SOFTPLUS"])
def softplus(seg: Segment, node: Node) -> None:
    unary(seg, node, "ACTIVATION_SOFTPLUS", Steepness=1.0)


@register("HardSwish", since=14, dml=["ACTIVATION_HARD_SWISH"])
def hard_swish(seg: Segment, node: Node) -> None:
    unary(seg, node, "ACTIVATION_HARD_SWISH", Alpha=1.0 / 6.0, Beta=0.5)


@register("Gelu", since=20, dml=["ACTIVATION_GELU"])
def gelu(seg: Segment, node: Node) -> None:
    if node.attr("approximate", "none") == "tanh":
        seg.define(node.outputs[0], gelu_tanh(seg, node, seg.view(node.inputs[0])))
        return
    if node.attr("approximate", "none") != "none":
        raise LoweringError(f'approximate="{node.attr("approximate")}" is not an ONNX Gelu mode')
    unary(seg, node, "ACTIVATION_GELU")


def scale_bias(seg: Segment, node: Node, x: View, scale: float, bias: float, dml: str = "IDENTITY") -> View:
    """``f(x * scale + bias)`` by ELEMENT_WISE_<dml> and its ScaleBias (one operator)."""
    out = seg.output(x.onnx_type, x.shape)
    desc = desc_class(f"ELEMENT_WISE_{dml}")(
        InputTensor=seg.tensor(x),
        OutputTensor=out,
        ScaleBias=pydml.DML_SCALE_BIAS(Scale=scale, Bias=bias),
    )
    (y,) = seg.emit(desc, node.name)
    return y


def gelu_tanh(seg: Segment, node: Node, x: View) -> View:
    """0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))): DML_ACTIVATION_GELU is the erf form only,
    so the tanh form is composed from element-wise operators (ScaleBias folds the constants):
    x * (0.5 + 0.5 tanh(x * (sqrt(2/pi) + sqrt(2/pi) 0.044715 x^2)))."""
    k = math.sqrt(2.0 / math.pi)
    square = binary(seg, node, "ELEMENT_WISE_MULTIPLY", x, x, out_name=None)
    poly = scale_bias(seg, node, square, 0.044715 * k, k)
    inner = binary(seg, node, "ELEMENT_WISE_MULTIPLY", x, poly, out_name=None)
    half = scale_bias(seg, node, scale_bias(seg, node, inner, 1.0, 0.0, "TANH"), 0.5, 0.5)
    return binary(seg, node, "ELEMENT_WISE_MULTIPLY", x, half, out_name=None)


@register("IsInf", since=10, dml=["ELEMENT_WISE_IS_INFINITY"])
def is_inf(seg: Segment, node: Node) -> None:
    pos, neg = node.attr("detect_positive", 1), node.attr("detect_negative", 1)
    if not pos and not neg:
        raise LoweringError("detect_positive=0 and detect_negative=0 detect nothing")
    mode = "EITHER" if pos and neg else ("POSITIVE" if pos else "NEGATIVE")
    x = seg.view(node.inputs[0])
    out = seg.output(BOOL, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC(
            InputTensor=seg.tensor(x), OutputTensor=out, InfinityMode=mode
        ),
        node.name,
    )


@register("IsNaN", since=9, dml=["ELEMENT_WISE_IS_NAN"])
def is_nan(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    out = seg.output(BOOL, x.shape, name=node.outputs[0])
    seg.emit(
        pydml.DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC(InputTensor=seg.tensor(x), OutputTensor=out), node.name
    )


@register("Round", since=11, dml=["ELEMENT_WISE_ROUND"])
def round_(seg: Segment, node: Node) -> None:
    unary(seg, node, "ELEMENT_WISE_ROUND", RoundingMode="HALVES_TO_NEAREST_EVEN")


@register("Clip", since=6, host_inputs=(1, 2), dml=["ELEMENT_WISE_CLIP1"])
def clip(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    if node.opset < 11:
        lo, hi = float(node.attr("min", -np.inf)), float(node.attr("max", np.inf))
        unary(seg, node, "ELEMENT_WISE_CLIP", Min=lo, Max=hi)
        return
    low, high = seg.host(node, 1, "min"), seg.host(node, 2, "max")
    if x.onnx_type in FLOAT_TYPES:
        lo_v: Any = -np.inf if low is None else float(low.reshape(-1)[0])
        hi_v: Any = np.inf if high is None else float(high.reshape(-1)[0])
    else:
        info = np.iinfo(ONNX_NP[x.onnx_type])
        lo_v = int(info.min) if low is None else int(low.reshape(-1)[0])
        hi_v = int(info.max) if high is None else int(high.reshape(-1)[0])
    if lo_v > hi_v:
        lo_v = hi_v  # ONNX (numpy.clip): every value becomes max; DML_ELEMENT_WISE_CLIP1 requires Min <= Max
    unary(seg, node, "ELEMENT_WISE_CLIP1", MinMaxDataType=ONNX_TO_DML[x.onnx_type], Min=lo_v, Max=hi_v)


ONNX_NP: dict[int, Any] = {
    2: np.uint8,
    3: np.int8,
    4: np.uint16,
    5: np.int16,
    6: np.int32,
    7: np.int64,
    9: np.uint8,
    12: np.uint32,
    13: np.uint64,
}


def cast(seg: Segment, node: Node, x: View, to: int, out_name: str | None = None) -> View:
    out = seg.output(to, x.shape, name=out_name)
    (y,) = seg.emit(pydml.DML_CAST_OPERATOR_DESC(InputTensor=seg.tensor(x), OutputTensor=out), node.name)
    return y


@register("Cast", since=6, dml=["CAST"])
def cast_node(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    to = int(node.attr("to"))
    if to not in ONNX_TO_DML:
        raise LoweringError(f"cast to ONNX data type {to}, which DirectML lacks")
    if to == BOOL and x.onnx_type != BOOL:
        # nonzero -> 1: x != 0 as NOT(x == 0) (a CAST to UINT8 would keep the value)
        zero = seg.zero(x.onnx_type)
        eq = binary(seg, node, "ELEMENT_WISE_LOGICAL_EQUALS", x, zero, out_type=BOOL, out_name=None)
        unary(seg, node, "ELEMENT_WISE_LOGICAL_NOT", eq)
        return
    if x.onnx_type == to:
        unary(seg, node, "ELEMENT_WISE_IDENTITY", x)
        return
    cast(seg, node, x, to, node.outputs[0])


@register("CastLike", since=15, dml=["CAST"])
def cast_like(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    to = seg.onnx_type(node.inputs[1])
    if x.onnx_type == to:
        unary(seg, node, "ELEMENT_WISE_IDENTITY", x)
    else:
        cast(seg, node, x, to, node.outputs[0])


@register("Dropout", since=7, host_inputs=(1, 2), dml=[])
def dropout(seg: Segment, node: Node) -> None:
    # inference: the output is the input (the provider's DmlOperatorCopy); the mask is all true
    training = seg.const(node.input(2)) if node.input(2) else None
    ratio = seg.const(node.input(1)) if node.input(1) else None
    # training mode drops nothing when the ratio is 0 (ONNX: "If ratio is 0, ... output = data")
    if (
        node.input(2)
        and (training is None or bool(training.reshape(-1)[0]))
        and (ratio is None or float(ratio.reshape(-1)[0]) != 0.0)
    ):
        raise LoweringError("training_mode: random dropout is not an inference kernel")
    x = seg.view(node.inputs[0])
    seg.define(node.outputs[0], x)
    if len(node.outputs) > 1 and node.outputs[1]:
        seg.define(node.outputs[1], seg.constant(np.ones((), dtype=np.bool_), "mask").broadcast(x.shape))
