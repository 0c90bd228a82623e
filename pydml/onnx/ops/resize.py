"""Resize and Upsample onto DML_RESAMPLE2 / DML_RESAMPLE3 as the provider's DmlOperatorResize.cpp
does (ComputePixelOffsetsAndScales, QueryResize; ResizeHelper for axes and
keep_aspect_ratio_policy). The provider refuses cubic, exclude_outside and a non-zero
extrapolation_value (QueryResize). Nearest modes map onto RESAMPLE2's RoundingDirection plus an
input offset: round_prefer_floor is ceil(x - 0.5) (INCREASING, +0.5), round_prefer_ceil
floor(x + 0.5) (DECREASING, -0.5), floor DECREASING and ceil INCREASING; antialias=1 is
RESAMPLE3's Antialiased (the provider targets DML 6.3 for it; RESAMPLE3's page applies the
filter only where 1/Scales > 2). Two coordinate modes follow ONNX's reference where the provider's
table leaves it (_offsets): align_corners with a fractional resized length, and tf_crop_and_resize
with a crop narrower than one input step."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import (
    LoweringError,
    MalformedNodeError,
    Node,
    Segment,
    View,
    normalize_axis,
    register,
)

_MODES = {"nearest": "NEAREST_NEIGHBOR", "linear": "LINEAR"}
#: nearest_mode -> (RoundingDirection, input offset adjustment): the provider's table
_NEAREST = {
    "": ("INCREASING", 0.5),
    "round_prefer_floor": ("INCREASING", 0.5),
    "round_prefer_ceil": ("DECREASING", -0.5),
    "floor": ("DECREASING", 0.0),
    "ceil": ("INCREASING", 0.0),
}
_MAX_SCALE = float(np.finfo(np.float32).max)


def _offsets(
    mode: str, in_size: int, out_size: int, scale: float, roi: tuple[float, float] | None
) -> tuple[float, float, float]:
    """(scale, input offset, output offset) of one axis: the provider's table, except where it
    leaves ONNX (align_corners and tf_crop_and_resize, below)."""
    # ONNX's length_resized is input length x scale, fractional when the node gives scales
    # (onnx.reference's op_resize: output_width = scale_factor * input_width); the provider's
    # ComputePixelOffsetsAndScales uses the integer output length instead.
    resized = scale * in_size
    if mode == "half_pixel":
        return scale, 0.5, -0.5
    if mode == "half_pixel_symmetric":
        # output_width can be fractional when computed from a scale: offset = center * (1 - adjustment)
        return scale, 0.5 - (in_size / 2.0) * (1.0 - out_size / (scale * in_size)), -0.5
    if mode == "pytorch_half_pixel":
        # ONNX: "length_resized > 1 ? ... : 0" (the provider's copy tests the input length instead)
        return (_MAX_SCALE, 0.0, 0.0) if out_size <= 1 else (scale, 0.5, -0.5)
    if mode == "align_corners":
        # x_original = x_resized * (length_original - 1) / (length_resized - 1), 0 when
        # length_resized is 1 (or the input one element: every output reads element 0)
        if resized <= 1.0 or in_size <= 1:
            return _MAX_SCALE, 0.0, 0.0
        return (resized - 1) / (in_size - 1), 0.0, 0.0
    if mode == "asymmetric":
        return scale, 0.0, 0.0
    if mode == "tf_half_pixel_for_nn":
        return scale, 0.0, -0.5
    if mode == "tf_crop_and_resize" and roi is not None:
        # x_original = start * (length_original - 1)
        #              + x_resized * (end - start) * (length_original - 1) / (length_resized - 1),
        # or (start + end) / 2 * (length_original - 1) when length_resized is 1. The provider
        # divides by max((end - start) * (length_original - 1), 1), which is ONNX's only when the
        # crop spans at least one input step: ONNX's own cases crop 0.2 of 4 pixels (0.6 steps).
        start, end = roi
        span = (end - start) * (in_size - 1)
        if resized == 1.0 or span == 0.0:
            return _MAX_SCALE, -0.5 * (start + end) * (in_size - 1), 0.0
        return (resized - 1) / span, -(start * (in_size - 1)), 0.0
    raise LoweringError(f'coordinate_transformation_mode "{mode}" is not one the provider maps')


def _full_rank(
    node: Node,
    rank: int,
    in_shape: tuple[int, ...],
    scales: list[float] | None,
    sizes: list[int] | None,
    roi: list[float] | None,
) -> tuple[list[float] | None, list[int] | None, list[float] | None]:
    """Resize-18's ``axes``: scales, sizes and roi given for a subset of the axes, the others kept."""
    axes_attr = node.attr("axes")
    if axes_attr is None:
        return scales, sizes, roi
    axes = [normalize_axis(int(a), rank, node) for a in axes_attr]
    for what, given in (("scales", scales), ("sizes", sizes)):
        if given is not None and len(given) != len(axes):
            raise MalformedNodeError(f"{len(given)} {what} for {len(axes)} axes")
    if roi is not None and len(roi) != 2 * len(axes):
        raise MalformedNodeError(f"{len(roi)} roi values for {len(axes)} axes: two per axis")
    if scales is not None:
        full = [1.0] * rank
        for i, d in enumerate(axes):
            full[d] = scales[i]
        scales = full
    if sizes is not None:
        full_sizes = list(in_shape)
        for i, d in enumerate(axes):
            full_sizes[d] = sizes[i]
        sizes = full_sizes
    if roi is not None:
        full_roi = [0.0] * rank + [1.0] * rank
        for i, d in enumerate(axes):
            full_roi[d], full_roi[rank + d] = roi[i], roi[len(axes) + i]
        roi = full_roi
    return scales, sizes, roi


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
        raise LoweringError(
            f'mode "{mode}": DirectML has no {mode} interpolation (the provider\'s QueryResize)'
        )
    if int(node.attr("exclude_outside", 0)):
        raise LoweringError("exclude_outside=1: DML clamps coordinates to the edges (QueryResize)")
    if float(node.attr("extrapolation_value", 0.0)) != 0.0:
        raise LoweringError(
            "a non-zero extrapolation_value: DML clamps coordinates to the edges (QueryResize)"
        )
    nearest = node.attr("nearest_mode", nearest_default)
    if mode == "nearest" and nearest not in _NEAREST:
        raise LoweringError(f'nearest_mode "{nearest}" is not one the provider maps')
    scales, sizes, roi = _full_rank(node, x.rank, x.shape, scales, sizes, roi)
    if sizes is not None:
        if len(sizes) != x.rank:
            raise LoweringError(f"{len(sizes)} sizes for a {x.rank}-D input")
        scales = [o / i for o, i in zip(sizes, x.shape, strict=True)]
        out_shape = list(sizes)
        policy = node.attr("keep_aspect_ratio_policy", "stretch")
        if policy != "stretch":
            resized = [d for d in range(x.rank) if node.attr("axes") is None or d in _axes(node, x.rank)]
            pick = min if policy == "not_larger" else max
            scale = pick(scales[d] for d in resized)
            scales = [scale if d in resized else 1.0 for d in range(x.rank)]
            # round half up (ONNX's ResizeHelper)
            out_shape = [int(scale * n + 0.5) if d in resized else n for d, n in enumerate(x.shape)]
    else:
        assert scales is not None
        if len(scales) != x.rank:
            raise LoweringError(f"{len(scales)} scales for a {x.rank}-D input")
        out_shape = [math.floor(i * s) for i, s in zip(x.shape, scales, strict=True)]
    fields = [
        _offsets(transform, i, o, s, None if roi is None else (roi[d], roi[d + x.rank]))
        for d, (i, o, s) in enumerate(zip(x.shape, out_shape, scales, strict=True))
    ]
    dml_scales = [f[0] for f in fields]
    in_off = [f[1] for f in fields]
    out_off = [f[2] for f in fields]
    pad = max(0, 4 - x.rank)
    # leading dimensions as the provider pads them: scale 1, offsets 0.5 / -0.5
    dml_scales, in_off, out_off = [1.0] * pad + dml_scales, [0.5] * pad + in_off, [-0.5] * pad + out_off
    direction = "DECREASING"
    if mode == "nearest":
        direction, adjust = _NEAREST[nearest]
        in_off = [v + adjust for v in in_off]
    out = seg.output(x.onnx_type, [1] * pad + out_shape)
    fields_common: dict[str, Any] = dict(
        InputTensor=seg.tensor(x.padded(4)),
        OutputTensor=out,
        InterpolationMode=_MODES[mode],
        RoundingDirection=f"DML_AXIS_DIRECTION_{direction}",
        DimensionCount=len(dml_scales),
        Scales=dml_scales,
        InputPixelOffsets=in_off,
        OutputPixelOffsets=out_off,
    )
    if int(node.attr("antialias", 0)):
        desc: Any = pydml.DML_RESAMPLE3_OPERATOR_DESC(**fields_common, Antialiased=True)
    else:
        desc = pydml.DML_RESAMPLE2_OPERATOR_DESC(**fields_common)
    (y,) = seg.emit(desc, node.name)
    seg.define(node.outputs[0], y.reshaped(tuple(out_shape)))


def _axes(node: Node, rank: int) -> list[int]:
    return [normalize_axis(int(a), rank, node) for a in node.attr("axes")]


def _floats(value: np.ndarray[Any, Any] | None) -> list[float] | None:
    return None if value is None or value.size == 0 else [float(v) for v in value.reshape(-1)]


@register("Resize", since=10, host_inputs=(1, 2, 3), dml=["RESAMPLE2", "RESAMPLE3"])
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


@register("Upsample", since=7, host_inputs=(1,), dml=["RESAMPLE2", "RESAMPLE3"])
def upsample(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    scales = (
        _floats(seg.host(node, 1, "scales")) if node.opset >= 9 else [float(s) for s in node.attr("scales")]
    )
    # Upsample's nearest is floor(x_resized / scale)
    _lower(seg, node, x, scales, None, "asymmetric", None, nearest_default="floor")
