"""Resize and Upsample onto DML_RESAMPLE1: DmlOperatorResize.cpp (ComputePixelOffsetsAndScales and
QueryResize). The provider refuses cubic, exclude_outside, a non-zero extrapolation_value and
nearest modes other than round_prefer_floor / round_prefer_ceil / floor; DML's nearest neighbour
rounds halves up (floor(x + 0.5)), so round_prefer_floor is treated as round_prefer_ceil exactly as
the provider does, and floor adds half a pixel to the input offsets."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import LoweringError, Node, Segment, View, register

_MODES = {"nearest": "NEAREST_NEIGHBOR", "linear": "LINEAR"}
_NEAREST = ("round_prefer_floor", "round_prefer_ceil", "floor", "")
_MAX_SCALE = float(np.finfo(np.float32).max)


def _offsets(
    mode: str, in_size: int, out_size: int, scale: float, roi: tuple[float, float] | None
) -> tuple[float, float, float]:
    """(scale, input offset, output offset) of one axis: the provider's table."""
    if mode == "half_pixel":
        return scale, 0.5, -0.5
    if mode == "pytorch_half_pixel":
        # ONNX: "length_resized > 1 ? ... : 0" (the provider's copy tests the input length instead)
        return (_MAX_SCALE, 0.0, 0.0) if out_size <= 1 else (scale, 0.5, -0.5)
    if mode == "align_corners":
        if out_size <= 1 or in_size <= 1:
            return _MAX_SCALE, 0.0, 0.0
        return (out_size - 1) / (in_size - 1), 0.0, 0.0
    if mode == "asymmetric":
        return scale, 0.0, 0.0
    if mode == "tf_half_pixel_for_nn":
        return scale, 0.0, -0.5
    if mode == "tf_crop_and_resize" and roi is not None:
        start, end = roi
        if in_size > 1:
            return (out_size - 1) / max((end - start) * (in_size - 1), 1.0), -(start * (in_size - 1)), 0.0
        return 1.0, -0.5 * (start + end) * (in_size - 1), 0.0
    raise LoweringError(f'coordinate_transformation_mode "{mode}" is not one the provider maps')


def _lower(
    seg: Segment,
    node: Node,
    x: View,
    scales: list[float] | None,
    sizes: list[int] | None,
    transform: str,
    roi: list[float] | None,
    nearest_default: str = "round_prefer_floor",
) -> None:
    mode = node.attr("mode", "nearest")
    if mode not in _MODES:
        raise LoweringError(f'mode "{mode}": DirectML has no {mode} interpolation')
    if int(node.attr("exclude_outside", 0)):
        raise LoweringError("exclude_outside=1: DML clamps coordinates to the edges")
    if float(node.attr("extrapolation_value", 0.0)) != 0.0:
        raise LoweringError("a non-zero extrapolation_value: DML clamps coordinates to the edges")
    if int(node.attr("antialias", 0)):
        raise LoweringError("antialias=1 is not lowered")
    if node.attr("axes") is not None:
        raise LoweringError("the axes attribute is not lowered")
    if sizes is not None and node.attr("keep_aspect_ratio_policy", "stretch") != "stretch":
        raise LoweringError("keep_aspect_ratio_policy other than stretch is not lowered")
    nearest = node.attr("nearest_mode", nearest_default)
    if mode == "nearest" and nearest not in _NEAREST:
        raise LoweringError(f'nearest_mode "{nearest}": DML rounds halves up (or floors)')
    if sizes is not None:
        out_shape = list(sizes)
        scales = [o / i for o, i in zip(out_shape, x.shape, strict=True)]
    else:
        assert scales is not None
        out_shape = [math.floor(i * s) for i, s in zip(x.shape, scales, strict=True)]
    if len(scales) != x.rank:
        raise LoweringError(f"{len(scales)} scales for a {x.rank}-D input")
    fields = [
        _offsets(transform, i, o, s, None if roi is None else (roi[d], roi[d + x.rank]))
        for d, (i, o, s) in enumerate(zip(x.shape, out_shape, scales, strict=True))
    ]
    dml_scales = [f[0] for f in fields]
    in_off = [f[1] for f in fields]
    out_off = [f[2] for f in fields]
    if mode == "nearest" and nearest == "floor":
        in_off = [v + 0.5 for v in in_off]
    pad = max(0, 4 - x.rank)
    # leading dimensions as the provider pads them: scale 1, offsets 0.5 / -0.5
    dml_scales, in_off, out_off = [1.0] * pad + dml_scales, [0.5] * pad + in_off, [-0.5] * pad + out_off
    out = seg.output(x.onnx_type, [1] * pad + out_shape)
    (y,) = seg.emit(
        pydml.DML_RESAMPLE1_OPERATOR_DESC(
            InputTensor=seg.tensor(x.padded(4)),
            OutputTensor=out,
            InterpolationMode=_MODES[mode],
            DimensionCount=len(dml_scales),
            Scales=dml_scales,
            InputPixelOffsets=in_off,
            OutputPixelOffsets=out_off,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(tuple(out_shape)))


def _floats(value: np.ndarray[Any, Any] | None) -> list[float] | None:
    return None if value is None or value.size == 0 else [float(v) for v in value.reshape(-1)]


@register("Resize", since=10, host_inputs=(1, 2, 3), dml=["RESAMPLE1"])
def resize(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    if node.opset < 11:
        _lower(seg, node, x, _floats(seg.host(node, 1, "scales")), None, "asymmetric", None)
        return
    roi = _floats(seg.host(node, 1, "roi"))
    scales = _floats(seg.host(node, 2, "scales"))
    sizes_value = seg.host(node, 3, "sizes")
    sizes = (
        None if sizes_value is None or sizes_value.size == 0 else [int(v) for v in sizes_value.reshape(-1)]
    )
    transform = node.attr("coordinate_transformation_mode", "half_pixel")
    _lower(seg, node, x, scales, sizes, transform, roi)


@register("Upsample", since=7, host_inputs=(1,), dml=["RESAMPLE1"])
def upsample(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    scales = (
        _floats(seg.host(node, 1, "scales")) if node.opset >= 9 else [float(s) for s in node.attr("scales")]
    )
    # Upsample's nearest is floor(x_resized / scale)
    _lower(seg, node, x, scales, None, "asymmetric", None, nearest_default="floor")
