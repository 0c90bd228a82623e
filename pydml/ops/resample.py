"""The resample family: RESAMPLE, RESAMPLE1, RESAMPLE2, RESAMPLE3, UPSAMPLE_2D, RESAMPLE_GRAD, RESAMPLE_GRAD1.

Coordinate mapping (directml-api.md §4.1; the RESAMPLE1/2/3 pages): per axis d, with
s = Scales[d], a = InputPixelOffsets[d], b = OutputPixelOffsets[d], output element o samples the
input at ``x = (o - b) / s - a``. Output sizes come from the tensor descs; Scales only drive the
mapping. RESAMPLE (v1) is RESAMPLE1 with a = 0.5, b = -0.5 on every axis.

NEAREST_NEIGHBOR rounding:
* RESAMPLE, RESAMPLE1, RESAMPLE_GRAD (no RoundingDirection field) and UPSAMPLE_2D: floor(x + 0.5),
  ties round up. Evidence: dml-nearest-rounding.md (WebNN on DirectML hardware, TF-DirectML CI,
  ONNX Runtime's DML kernel). Against it: the docs only say "nearest", and the RESAMPLE2 remarks'
  "OutputPixelOffsets adjusted an additional -0.5" equivalence holds only at scale 1.
* RESAMPLE2, RESAMPLE3, RESAMPLE_GRAD1: RoundingDirection DECREASING = floor(x), INCREASING = ceil(x)
  (a zero-initialised desc means INCREASING).
Indices clamp to [0, n-1]. LINEAR: taps floor(x) and floor(x)+1 with weights 1-f and f, clamped,
multiplied over every axis (up to 4-D: "quadrilinear").

Gradients take the forward op's Scales, offsets and RoundingDirection unchanged ("see
DML_RESAMPLE1_OPERATOR_DESC", as DirectMLX's ResampleGrad does) and compute its exact adjoint.
Evidence against (dml-nearest-rounding.md §5): Microsoft's TensorFlow-DirectML kernels appear to
pass RESAMPLE_GRAD's offsets swapped; we follow the documented meaning.

Tensor support (directml-api.md §3.2). RESAMPLE1 is documented for 4-D only; a newer rendering of
its page drops "has to be 4" but its table was not available, so we keep the documented 4.
UPSAMPLE_2D's pixel-offset convention is not documented; we use RESAMPLE's (0.5, -0.5), as the
page calls RESAMPLE "a more flexible version". RESAMPLE3's antialiasing filter normalisation is
not documented; the kernel follows ONNX Resize-18 ``antialias``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydml.enums import (
    AxisDirection,
    ExecutionFlags,
    FeatureLevel,
    InterpolationMode,
    TensorDataType,
)
from pydml.errors import ValidationError
from pydml.registry import (
    CheckContext,
    SupportRow,
    array,
    count_of,
    input_tensor,
    output_tensor,
    register,
)
from pydml.tensor import AnyTensorDesc
from pydml.validate import buffer_of, count_value, require_finite

F32, F16 = TensorDataType.FLOAT32, TensorDataType.FLOAT16
I8, U8 = TensorDataType.INT8, TensorDataType.UINT8
FL = FeatureLevel
RANK_1_TO_4 = (1, 2, 3, 4)

#: Kernel rounding codes (pydml.h pydml_rounding).
ROUND_HALF_UP, ROUND_FLOOR, ROUND_CEIL = 0, 1, 2

# Coordinates must stay well inside int32 so index arithmetic cannot overflow.
COORDINATE_LIMIT = 2.0**31


def _rounding(direction: AxisDirection) -> int:
    return ROUND_FLOOR if direction == AxisDirection.DECREASING else ROUND_CEIL


@dataclass(frozen=True)
class ResampleMapping:
    """Everything a resample kernel needs, in the *forward* op's terms."""

    input_sizes: tuple[int, ...]
    output_sizes: tuple[int, ...]
    scales: tuple[float, ...]
    input_pixel_offsets: tuple[float, ...]
    output_pixel_offsets: tuple[float, ...]
    interpolation_mode: InterpolationMode
    rounding: int
    antialiased: bool = False


class ResampleKernel:
    """A compiled resample: the plan (tap tables) is built once, at create_operator."""

    def __init__(self, mapping: ResampleMapping, source: str, destination: str, gradient: bool):
        from pydml.kernels_resample import ResamplePlan

        self.mapping = mapping
        self.plan = ResamplePlan(
            mapping.input_sizes, mapping.output_sizes, mapping.scales,
            mapping.input_pixel_offsets, mapping.output_pixel_offsets,
            int(mapping.interpolation_mode), mapping.rounding, mapping.antialiased,
        )
        self.source, self.destination, self.gradient = source, destination, gradient

    def run(self, views: dict[str, Any]) -> None:
        """Execute on bound views."""
        if self.gradient:
            self.plan.backward(views[self.source], views[self.destination])
        else:
            self.plan.forward(views[self.source], views[self.destination])


def _sizes(value: AnyTensorDesc | None) -> tuple[int, ...]:
    assert value is not None
    return buffer_of(value).Sizes


def _check_mapping(desc: Any, name: str, count_field: str, source: str, destination: str,
                   gradient: bool, offsets: bool) -> None:
    """Rules shared by every resample desc with Scales (and offsets)."""
    rank = len(_sizes(getattr(desc, source)))
    count = count_value(desc, count_field)
    if count != rank:
        raise ValidationError(name, count_field,
                              f"must equal {source}.DimensionCount ({rank})", count)
    for i, s in enumerate(desc.Scales):
        if not math.isfinite(s) or s <= 0:
            raise ValidationError(name, f"Scales[{i}]", "must be > 0 and finite", float(s))
    if offsets:
        for field in ("InputPixelOffsets", "OutputPixelOffsets"):
            for i, v in enumerate(getattr(desc, field)):
                require_finite(name, f"{field}[{i}]", float(v))
    mapping = _mapping(desc, source, destination, gradient)
    # The mapped coordinates of the first and last output element bound every coordinate.
    for d in range(rank):
        s, a, b = mapping.scales[d], mapping.input_pixel_offsets[d], mapping.output_pixel_offsets[d]
        for o in (0, mapping.output_sizes[d] - 1):
            x = (o - b) / s - a
            if not math.isfinite(x) or abs(x) >= COORDINATE_LIMIT:
                # Blame an offset that is itself out of range, else the scale.
                field, value = f"Scales[{d}]", float(desc.Scales[d])
                for offsets_field, offset in (("InputPixelOffsets", a), ("OutputPixelOffsets", b)):
                    if offsets and abs(offset) >= COORDINATE_LIMIT / 2:
                        field, value = f"{offsets_field}[{d}]", offset
                        break
                raise ValidationError(
                    name, field,
                    f"maps output index {o} to input coordinate {x!r}, outside +-2^31", value)


def _mapping(desc: Any, source: str, destination: str, gradient: bool) -> ResampleMapping:
    forward_in, forward_out = (destination, source) if gradient else (source, destination)
    rank = len(_sizes(getattr(desc, source)))
    a = tuple(float(v) for v in getattr(desc, "InputPixelOffsets", None) or (0.5,) * rank)
    b = tuple(float(v) for v in getattr(desc, "OutputPixelOffsets", None) or (-0.5,) * rank)
    direction = getattr(desc, "RoundingDirection", None)
    return ResampleMapping(
        input_sizes=_sizes(getattr(desc, forward_in)),
        output_sizes=_sizes(getattr(desc, forward_out)),
        scales=tuple(float(s) for s in desc.Scales),
        input_pixel_offsets=a, output_pixel_offsets=b,
        interpolation_mode=InterpolationMode.parse(desc.InterpolationMode),
        rounding=ROUND_HALF_UP if direction is None else _rounding(AxisDirection.parse(direction)),
        antialiased=bool(getattr(desc, "Antialiased", False)),
    )


def _forward_check(count_field: str, offsets: bool) -> Any:
    def check(desc: Any, ctx: CheckContext) -> None:
        _check_mapping(desc, desc.C_NAME, count_field, "InputTensor", "OutputTensor", False,
                       offsets)

    return check


def _gradient_check(desc: Any, ctx: CheckContext) -> None:
    _check_mapping(desc, desc.C_NAME, "DimensionCount", "InputGradientTensor",
                   "OutputGradientTensor", True, True)


def _compile_forward(desc: Any, flags: ExecutionFlags) -> ResampleKernel:
    return ResampleKernel(_mapping(desc, "InputTensor", "OutputTensor", False),
                          "InputTensor", "OutputTensor", gradient=False)


def _compile_gradient(desc: Any, flags: ExecutionFlags) -> ResampleKernel:
    return ResampleKernel(_mapping(desc, "InputGradientTensor", "OutputGradientTensor", True),
                          "InputGradientTensor", "OutputGradientTensor", gradient=True)


_FORWARD: dict[str, Any] = {"same_data_type": ("InputTensor", "OutputTensor"),
                            "same_dimension_count": ("InputTensor", "OutputTensor")}
_GRADIENT: dict[str, Any] = {"same_data_type": ("InputGradientTensor", "OutputGradientTensor"),
                             "same_dimension_count": ("InputGradientTensor", "OutputGradientTensor")}


@register(
    "RESAMPLE",
    support=[SupportRow(FL.FL2_0, (4,), (F32, F16)), SupportRow(FL.FL5_1, RANK_1_TO_4, (F32, F16)),
             SupportRow(FL.FL6_2, RANK_1_TO_4, (F32, F16, I8, U8))],
    check=_forward_check("ScaleCount", offsets=False), compile=_compile_forward, **_FORWARD,
)
@dataclass(frozen=True, kw_only=True)
class ResampleOperatorDesc:
    """DML_RESAMPLE_OPERATOR_DESC (FL2_0): RESAMPLE1 with offsets 0.5 / -0.5, nearest rounds half up."""

    InputTensor: AnyTensorDesc | None = input_tensor()
    OutputTensor: AnyTensorDesc | None = output_tensor()
    InterpolationMode: InterpolationMode = InterpolationMode.NEAREST_NEIGHBOR
    ScaleCount: int | None = count_of("Scales")
    Scales: Sequence[float] | None = array("ScaleCount")


@register(
    "RESAMPLE1",
    support=[SupportRow(FL.FL2_1, (4,), (F32, F16))],
    check=_forward_check("DimensionCount", offsets=True), compile=_compile_forward, **_FORWARD,
)
@dataclass(frozen=True, kw_only=True)
class Resample1OperatorDesc:
    """DML_RESAMPLE1_OPERATOR_DESC (FL2_1): explicit pixel offsets, nearest rounds half up."""

    InputTensor: AnyTensorDesc | None = input_tensor()
    OutputTensor: AnyTensorDesc | None = output_tensor()
    InterpolationMode: InterpolationMode = InterpolationMode.NEAREST_NEIGHBOR
    DimensionCount: int | None = count_of("Scales", "InputPixelOffsets", "OutputPixelOffsets")
    Scales: Sequence[float] | None = array("DimensionCount")
    InputPixelOffsets: Sequence[float] | None = array("DimensionCount")
    OutputPixelOffsets: Sequence[float] | None = array("DimensionCount")


@register(
    "RESAMPLE_GRAD",
    support=[SupportRow(FL.FL3_0, (4,), (F32, F16)), SupportRow(FL.FL5_1, RANK_1_TO_4, (F32, F16))],
    check=_gradient_check, compile=_compile_gradient, **_GRADIENT,
)
@dataclass(frozen=True, kw_only=True)
class ResampleGradOperatorDesc:
    """DML_RESAMPLE_GRAD_OPERATOR_DESC (FL3_0): the adjoint of RESAMPLE1 with the same parameters.

    InputGradientTensor has the forward op's output sizes, OutputGradientTensor its input sizes.
    """

    InputGradientTensor: AnyTensorDesc | None = input_tensor()
    OutputGradientTensor: AnyTensorDesc | None = output_tensor()
    InterpolationMode: InterpolationMode = InterpolationMode.NEAREST_NEIGHBOR
    DimensionCount: int | None = count_of("Scales", "InputPixelOffsets", "OutputPixelOffsets")
    Scales: Sequence[float] | None = array("DimensionCount")
    InputPixelOffsets: Sequence[float] | None = array("DimensionCount")
    OutputPixelOffsets: Sequence[float] | None = array("DimensionCount")


@register(
    "RESAMPLE2",
    support=[SupportRow(FL.FL5_1, RANK_1_TO_4, (F32, F16)),
             SupportRow(FL.FL6_2, RANK_1_TO_4, (F32, F16, I8, U8))],
    check=_forward_check("DimensionCount", offsets=True), compile=_compile_forward, **_FORWARD,
)
@dataclass(frozen=True, kw_only=True)
class Resample2OperatorDesc:
    """DML_RESAMPLE2_OPERATOR_DESC (FL5_1): RESAMPLE1 plus RoundingDirection (ceil / floor)."""

    InputTensor: AnyTensorDesc | None = input_tensor()
    OutputTensor: AnyTensorDesc | None = output_tensor()
    InterpolationMode: InterpolationMode = InterpolationMode.NEAREST_NEIGHBOR
    RoundingDirection: AxisDirection = AxisDirection.INCREASING
    DimensionCount: int | None = count_of("Scales", "InputPixelOffsets", "OutputPixelOffsets")
    Scales: Sequence[float] | None = array("DimensionCount")
    InputPixelOffsets: Sequence[float] | None = array("DimensionCount")
    OutputPixelOffsets: Sequence[float] | None = array("DimensionCount")


@register(
    "RESAMPLE_GRAD1",
    family="RESAMPLE_GRAD",
    support=[SupportRow(FL.FL5_1, RANK_1_TO_4, (F32, F16))],
    check=_gradient_check, compile=_compile_gradient, **_GRADIENT,
)
@dataclass(frozen=True, kw_only=True)
class ResampleGrad1OperatorDesc:
    """DML_RESAMPLE_GRAD1_OPERATOR_DESC (FL5_1): the adjoint of RESAMPLE2 with the same parameters."""

    InputGradientTensor: AnyTensorDesc | None = input_tensor()
    OutputGradientTensor: AnyTensorDesc | None = output_tensor()
    InterpolationMode: InterpolationMode = InterpolationMode.NEAREST_NEIGHBOR
    RoundingDirection: AxisDirection = AxisDirection.INCREASING
    DimensionCount: int | None = count_of("Scales", "InputPixelOffsets", "OutputPixelOffsets")
    Scales: Sequence[float] | None = array("DimensionCount")
    InputPixelOffsets: Sequence[float] | None = array("DimensionCount")
    OutputPixelOffsets: Sequence[float] | None = array("DimensionCount")


@register(
    "RESAMPLE3",
    support=[SupportRow(FL.FL6_4, RANK_1_TO_4, (F32, F16, I8, U8))],
    check=_forward_check("DimensionCount", offsets=True), compile=_compile_forward, **_FORWARD,
)
@dataclass(frozen=True, kw_only=True)
class Resample3OperatorDesc:
    """DML_RESAMPLE3_OPERATOR_DESC (FL6_4): RESAMPLE2 plus Antialiased (LINEAR, 1/scale > 2)."""

    InputTensor: AnyTensorDesc | None = input_tensor()
    OutputTensor: AnyTensorDesc | None = output_tensor()
    InterpolationMode: InterpolationMode = InterpolationMode.NEAREST_NEIGHBOR
    RoundingDirection: AxisDirection = AxisDirection.INCREASING
    DimensionCount: int | None = count_of("Scales", "InputPixelOffsets", "OutputPixelOffsets")
    Scales: Sequence[float] | None = array("DimensionCount")
    InputPixelOffsets: Sequence[float] | None = array("DimensionCount")
    OutputPixelOffsets: Sequence[float] | None = array("DimensionCount")
    Antialiased: bool = False


def _upsample_check(desc: Any, ctx: CheckContext) -> None:
    name = desc.C_NAME
    sizes, out = _sizes(desc.InputTensor), _sizes(desc.OutputTensor)
    scale = desc.ScaleSize
    h, w = sizes[-2], sizes[-1]
    for field, value, extent in (("Height", scale.Height, h), ("Width", scale.Width, w)):
        if value <= 0 or value > (2**32 - 1) // extent:
            raise ValidationError(name, f"ScaleSize.{field}",
                                  f"must be in 1 .. UINT_MAX / input {field.lower()} "
                                  f"({(2**32 - 1) // extent})", value)
    expected = (*sizes[:-2], h * scale.Height, w * scale.Width)
    if tuple(out) != expected:
        raise ValidationError(name, "OutputTensor.Sizes",
                              f"must be {list(expected)} (input sizes with H and W scaled)",
                              list(out))


def _compile_upsample(desc: Any, flags: ExecutionFlags) -> ResampleKernel:
    sizes, out = _sizes(desc.InputTensor), _sizes(desc.OutputTensor)
    rank = len(sizes)
    scales = (1.0,) * (rank - 2) + (float(desc.ScaleSize.Height), float(desc.ScaleSize.Width))
    mapping = ResampleMapping(
        input_sizes=sizes, output_sizes=out, scales=scales,
        input_pixel_offsets=(0.5,) * rank, output_pixel_offsets=(-0.5,) * rank,
        interpolation_mode=InterpolationMode.parse(desc.InterpolationMode),
        rounding=ROUND_HALF_UP,
    )
    return ResampleKernel(mapping, "InputTensor", "OutputTensor", gradient=False)


@dataclass(frozen=True, kw_only=True)
class Size2D:
    """DML_SIZE_2D."""

    Width: int
    Height: int

    C_NAME = "DML_SIZE_2D"


@register(
    "UPSAMPLE_2D",
    support=[SupportRow(FL.FL1_0, (4, 5), (F32, F16))],
    check=_upsample_check, compile=_compile_upsample, **_FORWARD,
)
@dataclass(frozen=True, kw_only=True)
class Upsample2DOperatorDesc:
    """DML_UPSAMPLE_2D_OPERATOR_DESC (FL1_0): integer upscaling of H and W only (4-D and 5-D)."""

    InputTensor: AnyTensorDesc | None = input_tensor()
    OutputTensor: AnyTensorDesc | None = output_tensor()
    ScaleSize: Size2D = Size2D(Width=1, Height=1)
    InterpolationMode: InterpolationMode = InterpolationMode.NEAREST_NEIGHBOR


# C spellings, for code ported from directml.h.
DML_RESAMPLE_OPERATOR_DESC = ResampleOperatorDesc
DML_RESAMPLE1_OPERATOR_DESC = Resample1OperatorDesc
DML_RESAMPLE2_OPERATOR_DESC = Resample2OperatorDesc
DML_RESAMPLE3_OPERATOR_DESC = Resample3OperatorDesc
DML_RESAMPLE_GRAD_OPERATOR_DESC = ResampleGradOperatorDesc
DML_RESAMPLE_GRAD1_OPERATOR_DESC = ResampleGrad1OperatorDesc
DML_UPSAMPLE_2D_OPERATOR_DESC = Upsample2DOperatorDesc
DML_SIZE_2D = Size2D
