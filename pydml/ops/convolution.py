"""DML_CONVOLUTION: forward and backward (transposed) convolution, both modes, groups, fused activation.

Semantics (directml-api.md §5): Input {N, C_in, spatial}, Filter {K0, K1, kernel}, optional Bias
{1, C_out, 1...}, Output {N, C_out, spatial}; DimensionCount = spatial rank = the length of
Strides, Dilations, StartPadding, EndPadding and OutputPadding.

* FORWARD: Filter = {C_out, C_in / GroupCount, k...};
  out = 1 + (in + start + end - ((k - 1) * dilation + 1)) / stride (floor) [+ OutputPadding].
* BACKWARD (transposed; the gradient of FORWARD w.r.t. its input, with the same filter tensor):
  Filter = {C_in, C_out / GroupCount, k...} (ONNX ConvTranspose's layout, as ONNX Runtime passes it);
  out = (in - 1) * stride + (k - 1) * dilation + 1 + OutputPadding - start - end.
* Mode CROSS_CORRELATION uses the kernel as stored; CONVOLUTION flips it spatially. The pairs
  (CROSS_CORRELATION, FORWARD)/(CROSS_CORRELATION, BACKWARD) and (CONVOLUTION, FORWARD)/
  (CONVOLUTION, BACKWARD) are mutual adjoints, which is how the docs' orientation table reads.
  A zero-initialised desc means Mode CONVOLUTION, Direction FORWARD.
* OutputPadding must be smaller than the stride or the dilation on its axis (the rule PyTorch and
  ONNX enforce). DirectML describes OutputPadding for either direction; pydml executes it only for
  BACKWARD (FORWARD with non-zero OutputPadding validates but raises UnsupportedError).
* Bias is added per output channel, then the fused activation. Float16 accumulates in float32.

Tensor support: FL1_0 4-D to 5-D, FL4_0 3-D to 5-D; FLOAT32, FLOAT16; all tensors the same type
and dimension count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydml.enums import (
    ConvolutionDirection,
    ConvolutionMode,
    ExecutionFlags,
    FeatureLevel,
    TensorDataType,
)
from pydml.errors import FeatureLevelError, UnsupportedError, ValidationError
from pydml.registry import (
    CheckContext,
    OperatorDesc,
    SupportRow,
    array,
    count_of,
    input_tensor,
    optional_desc,
    output_tensor,
    register,
)
from pydml.tensor import AnyTensorDesc
from pydml.validate import buffer_of, count_value, resolve

F32, F16 = TensorDataType.FLOAT32, TensorDataType.FLOAT16
ARRAYS = ("Strides", "Dilations", "StartPadding", "EndPadding", "OutputPadding")


def output_sizes(direction: ConvolutionDirection, input_sizes: Sequence[int],
                 filter_sizes: Sequence[int], group_count: int, strides: Sequence[int],
                 dilations: Sequence[int], start: Sequence[int], end: Sequence[int],
                 output_padding: Sequence[int]) -> list[int]:
    """Output sizes {N, C_out, spatial...} (the formulas in this module's docstring).

    The kernel's helper holds the formula; FORWARD adds OutputPadding as DirectML describes it.
    """
    from pydml.kernels_convolution import convolution_output_sizes

    out = convolution_output_sizes(
        direction=int(direction), input_sizes=input_sizes, filter_sizes=filter_sizes,
        group_count=group_count, strides=strides, dilations=dilations, start_padding=start,
        end_padding=end, output_padding=output_padding)
    if direction == ConvolutionDirection.FORWARD:
        out[2:] = [o + p for o, p in zip(out[2:], output_padding, strict=True)]
    return out


def _check(desc: Any, ctx: CheckContext) -> None:
    name = desc.C_NAME
    x, w, y = (buffer_of(t) for t in (desc.InputTensor, desc.FilterTensor, desc.OutputTensor))
    rank = len(x.Sizes)
    spatial = count_value(desc, "DimensionCount")
    if spatial != rank - 2:
        raise ValidationError(name, "DimensionCount",
                              f"must equal InputTensor.DimensionCount - 2 ({rank - 2})", spatial)
    for field in ("Strides", "Dilations"):
        for i, v in enumerate(getattr(desc, field)):
            if v < 1:
                raise ValidationError(name, f"{field}[{i}]", "must be >= 1", v)
    groups = desc.GroupCount
    if groups < 1:
        raise ValidationError(name, "GroupCount", "must be >= 1", groups)
    direction = ConvolutionDirection.parse(desc.Direction)
    for i, (p, s, d) in enumerate(zip(desc.OutputPadding, desc.Strides, desc.Dilations,
                                      strict=True)):
        if p >= max(s, d):
            raise ValidationError(name, f"OutputPadding[{i}]",
                                  f"must be smaller than Strides[{i}] ({s}) or Dilations[{i}] ({d})",
                                  p)
    n, c_in = x.Sizes[0], x.Sizes[1]
    k0, k1 = w.Sizes[0], w.Sizes[1]
    if c_in % groups:
        raise ValidationError(name, "InputTensor.Sizes[1]",
                              f"(channels) must be a multiple of GroupCount ({groups})", c_in)
    if direction == ConvolutionDirection.FORWARD:
        c_out = k0
        if k0 % groups:
            raise ValidationError(name, "FilterTensor.Sizes[0]",
                                  f"(output channels) must be a multiple of GroupCount ({groups})", k0)
        if c_in != k1 * groups:
            raise ValidationError(name, "FilterTensor.Sizes[1]",
                                  f"must equal InputTensor.Sizes[1] / GroupCount "
                                  f"({c_in} / {groups})", k1)
    else:
        c_out = k1 * groups
        if c_in != k0:
            raise ValidationError(name, "FilterTensor.Sizes[0]",
                                  f"must equal InputTensor.Sizes[1] ({c_in}) for BACKWARD", k0)
    if y.Sizes[0] != n:
        raise ValidationError(name, "OutputTensor.Sizes[0]", f"must equal the batch size {n}",
                              y.Sizes[0])
    if y.Sizes[1] != c_out:
        raise ValidationError(name, "OutputTensor.Sizes[1]",
                              f"must equal the output channel count {c_out}", y.Sizes[1])
    if direction == ConvolutionDirection.FORWARD:
        for i in range(spatial):
            extent = (w.Sizes[2 + i] - 1) * desc.Dilations[i] + 1
            padded = x.Sizes[2 + i] + desc.StartPadding[i] + desc.EndPadding[i]
            if extent > padded:
                raise ValidationError(
                    name, f"FilterTensor.Sizes[{2 + i}]",
                    f"dilated kernel extent {extent} exceeds the padded input size {padded}",
                    w.Sizes[2 + i])
    expected = output_sizes(direction, x.Sizes, w.Sizes, groups, desc.Strides, desc.Dilations,
                            desc.StartPadding, desc.EndPadding, desc.OutputPadding)[2:]
    for i, (got, want) in enumerate(zip(y.Sizes[2:], expected, strict=True)):
        if got != want:
            raise ValidationError(name, f"OutputTensor.Sizes[{2 + i}]",
                                  f"must be {want} for {direction.c_name}", got)
    if desc.BiasTensor is not None:
        b = buffer_of(desc.BiasTensor)
        want_bias = (1, c_out) + (1,) * spatial
        if tuple(b.Sizes) != want_bias:
            raise ValidationError(name, "BiasTensor.Sizes", f"must be {list(want_bias)}",
                                  list(b.Sizes))
    if desc.FusedActivation is not None:
        from pydml.ops.activations import FUSABLE_FROM

        schema, _ = resolve(desc.FusedActivation)
        needed = FUSABLE_FROM.get(schema.type.name, FeatureLevel.FL1_0)
        if needed > ctx.feature_level:
            raise FeatureLevelError(
                name, "FusedActivation.Type",
                f"fusing {schema.type.c_name} needs {needed.c_name}; the device was created at "
                f"{ctx.feature_level.c_name}", schema.type, required=needed, show_value=False)


class ConvolutionKernel:
    """A compiled DML_CONVOLUTION: geometry checked and planned once, at create_operator."""

    def __init__(self, desc: Any, flags: ExecutionFlags):
        from pydml.kernels_convolution import ConvolutionPlan
        from pydml.ops.activations import kernel_parameters

        direction = ConvolutionDirection.parse(desc.Direction)
        if direction == ConvolutionDirection.FORWARD and any(desc.OutputPadding or ()):
            raise UnsupportedError(
                f"{desc.C_NAME}.OutputPadding: non-zero OutputPadding with "
                "DML_CONVOLUTION_DIRECTION_FORWARD is not implemented by pydml")
        x, w, y = (buffer_of(t) for t in (desc.InputTensor, desc.FilterTensor, desc.OutputTensor))
        activation_type, params = 0, ()  # type: tuple[int, tuple[float, ...]]
        if desc.FusedActivation is not None:
            schema, inner = resolve(desc.FusedActivation)
            activation_type, params = int(schema.type), kernel_parameters(inner)
        self.has_bias = desc.BiasTensor is not None
        self.plan = ConvolutionPlan(
            spatial_dims=len(x.Sizes) - 2, mode=int(desc.Mode), direction=int(direction),
            group_count=desc.GroupCount, strides=desc.Strides, dilations=desc.Dilations,
            start_padding=desc.StartPadding, end_padding=desc.EndPadding,
            output_padding=desc.OutputPadding, input_sizes=x.Sizes, filter_sizes=w.Sizes,
            output_sizes=y.Sizes, data_type=int(x.DataType), has_bias=self.has_bias,
            activation_type=activation_type, activation_params=params,
            allow_half_precision=bool(flags & ExecutionFlags.ALLOW_HALF_PRECISION_COMPUTATION),
        )

    def run(self, views: dict[str, Any]) -> None:
        """Execute on bound views."""
        self.plan.execute(views["InputTensor"], views["FilterTensor"],
                          views["BiasTensor"] if self.has_bias else None, views["OutputTensor"])


def _compile(desc: Any, flags: ExecutionFlags) -> ConvolutionKernel:
    return ConvolutionKernel(desc, flags)


@register(
    "CONVOLUTION",
    support=[SupportRow(FeatureLevel.FL1_0, (4, 5), (F32, F16)),
             SupportRow(FeatureLevel.FL4_0, (3, 4, 5), (F32, F16))],
    same_data_type=("InputTensor", "FilterTensor", "BiasTensor", "OutputTensor"),
    same_dimension_count=("InputTensor", "FilterTensor", "BiasTensor", "OutputTensor"),
    check=_check, compile=_compile,
)
@dataclass(frozen=True, kw_only=True)
class ConvolutionOperatorDesc:
    """DML_CONVOLUTION_OPERATOR_DESC.

    Python defaults: Mode and Direction are zero-initialised as in C (CONVOLUTION, FORWARD), the
    arrays default to None (required), GroupCount to 1.
    """

    InputTensor: AnyTensorDesc | None = input_tensor()
    FilterTensor: AnyTensorDesc | None = input_tensor()
    BiasTensor: AnyTensorDesc | None = input_tensor(optional=True)
    OutputTensor: AnyTensorDesc | None = output_tensor()
    Mode: ConvolutionMode = ConvolutionMode.CONVOLUTION
    Direction: ConvolutionDirection = ConvolutionDirection.FORWARD
    DimensionCount: int | None = count_of(*ARRAYS)
    Strides: Sequence[int] | None = array("DimensionCount")
    Dilations: Sequence[int] | None = array("DimensionCount")
    StartPadding: Sequence[int] | None = array("DimensionCount")
    EndPadding: Sequence[int] | None = array("DimensionCount")
    OutputPadding: Sequence[int] | None = array("DimensionCount")
    GroupCount: int = 1
    FusedActivation: OperatorDesc | Any | None = optional_desc()


DML_CONVOLUTION_OPERATOR_DESC = ConvolutionOperatorDesc
