"""RNN, GRU and LSTM onto DML_RNN / DML_GRU / DML_LSTM (the provider's
DmlOperatorRecurrentNeuralNetwork.cpp): ONNX's weight, recurrence and bias layouts are DirectML's
(gate order and all), so each tensor is a 4-D view of the ONNX one; opset 14's layout=1
(batch-major) is a transposed view; activations become fused activation descs."""

from __future__ import annotations

from typing import Any

import pydml
from pydml.onnx.lowering import LoweringError, MalformedNodeError, Node, Segment, View, register
from pydml.onnx.ops.elementwise import reinterpret

#: ONNX activation name -> (DML activation, its float fields from activation_alpha / beta)
_ACTIVATIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "sigmoid": ("SIGMOID", ()),
    "tanh": ("TANH", ()),
    "relu": ("RELU", ()),
    "hardsigmoid": ("HARD_SIGMOID", ("Alpha", "Beta")),
    "affine": ("LINEAR", ("Alpha", "Beta")),
    "leakyrelu": ("LEAKY_RELU", ("Alpha",)),
    "thresholdedrelu": ("THRESHOLDED_RELU", ("Alpha",)),
    "scaledtanh": ("SCALED_TANH", ("Alpha", "Beta")),
    "elu": ("ELU", ("Alpha",)),
    "softsign": ("SOFTSIGN", ()),
    "softplus": ("SOFTPLUS", ()),
}
_DEFAULTS = {"RNN": ["Tanh"], "GRU": ["Sigmoid", "Tanh"], "LSTM": ["Sigmoid", "Tanh", "Tanh"]}
_GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}
INT32, UINT32 = 6, 12


def _activations(node: Node, dirs: int) -> list[Any]:
    names = [str(a) for a in (node.attr("activations") or _DEFAULTS[node.op_type] * dirs)]
    names = [n.decode() if isinstance(n, bytes) else n for n in names]
    alphas = list(node.attr("activation_alpha") or [])
    betas = list(node.attr("activation_beta") or [])
    out = []
    for name in names:
        key = name.lower()
        if key not in _ACTIVATIONS:
            raise LoweringError(f'activation "{name}" has no DML activation')
        dml, fields = _ACTIVATIONS[key]
        params: dict[str, float] = {}
        for f in fields:
            source = alphas if f == "Alpha" else betas
            if not source:
                raise LoweringError(f'activation "{name}" needs activation_{f.lower()}')
            params[f] = float(source.pop(0))
        out.append(getattr(pydml, f"DML_ACTIVATION_{dml}_OPERATOR_DESC")(**params))
    return out


def _as4(v: View, lead: int = 1) -> View:
    return v.padded(v.rank + lead) if v.rank + lead == 4 else v.padded(4)


_DIRECTIONS = {"forward": "FORWARD", "reverse": "BACKWARD", "bidirectional": "BIDIRECTIONAL"}


def _lower(seg: Segment, node: Node) -> None:
    op = node.op_type
    layout = int(node.attr("layout", 0))
    direction = node.attr("direction", "forward")
    if direction not in _DIRECTIONS:
        raise MalformedNodeError(f"direction {direction!r}: must be forward, reverse or bidirectional")
    dirs = 2 if direction == "bidirectional" else 1
    hidden = int(node.attr("hidden_size"))
    x = seg.view(node.inputs[0])
    if layout:
        x = x.transposed((1, 0, 2))
    seq, batch, _ = x.shape
    w, r = seg.view(node.inputs[1]), seg.view(node.inputs[2])
    fields: dict[str, Any] = dict(
        InputTensor=seg.tensor(x.padded(4)),
        WeightTensor=seg.tensor(w.padded(4)),
        RecurrenceTensor=seg.tensor(r.padded(4)),
        ActivationDescCount=None,
        ActivationDescs=_activations(node, dirs),
        Direction=_DIRECTIONS[direction],
    )
    fields["ActivationDescCount"] = len(fields["ActivationDescs"])
    if node.input(3):
        fields["BiasTensor"] = seg.tensor(seg.view(node.inputs[3]).padded(4))
    if node.input(4):
        lengths = seg.view(node.inputs[4])
        if lengths.onnx_type == INT32:
            lengths = reinterpret(seg, lengths, UINT32, node.name)  # lengths are non-negative
        fields["SequenceLengthsTensor"] = seg.tensor(lengths.padded(4))

    def state(index: int, field: str) -> None:
        if node.input(index):
            h = seg.view(node.inputs[index])
            fields[field] = seg.tensor((h.transposed((1, 0, 2)) if layout else h).padded(4))

    state(5, "HiddenInitTensor")
    if op == "GRU":
        fields["LinearBeforeReset"] = bool(int(node.attr("linear_before_reset", 0)))
    if op == "LSTM":
        state(6, "CellMemInitTensor")
        if node.input(7):
            fields["PeepholeTensor"] = seg.tensor(seg.view(node.inputs[7]).padded(4))
        clip = node.attr("clip")
        fields["UseClipThreshold"] = clip is not None
        fields["ClipThreshold"] = float(clip) if clip is not None else 0.0
        fields["CoupleInputForget"] = bool(int(node.attr("input_forget", 0)))
    elif node.attr("clip") is not None:
        raise LoweringError("clip: DML_RNN and DML_GRU have no clip threshold")
    outs = list(node.outputs) + [""] * 3
    if outs[0]:
        fields["OutputSequenceTensor"] = seg.output(x.onnx_type, (seq, dirs, batch, hidden))
    if outs[1]:
        fields["OutputSingleTensor"] = seg.output(x.onnx_type, (1, dirs, batch, hidden))
    if op == "LSTM" and outs[2]:
        fields["OutputCellSingleTensor"] = seg.output(x.onnx_type, (1, dirs, batch, hidden))
    desc = getattr(pydml, f"DML_{op}_OPERATOR_DESC")(**fields)
    results = iter(seg.emit(desc, node.name))
    if outs[0]:
        y = next(results)
        seg.define(outs[0], y.transposed((2, 0, 1, 3)) if layout else y)
    for name in (outs[1], outs[2] if op == "LSTM" else ""):
        if name:
            h = next(results).reshaped((dirs, batch, hidden))
            seg.define(name, h.transposed((1, 0, 2)) if layout else h)


@register("RNN", since=7, dml=["RNN"])
def rnn(seg: Segment, node: Node) -> None:
    _lower(seg, node)


@register("GRU", since=7, dml=["GRU"])
def gru(seg: Segment, node: Node) -> None:
    _lower(seg, node)


@register("LSTM", since=7, dml=["LSTM"])
def lstm(seg: Segment, node: Node) -> None:
    _lower(seg, node)
