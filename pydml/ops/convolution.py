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

CONVOLUTION's rules live in native/validate/rules_convolution.c (the one validator); the tables below are
the pages' (transcribed from the newest stored sdk-api page, commit in ``page=``). CONVOLUTION_INTEGER
and QUANTIZED_LINEAR_CONVOLUTION run on the GEMM engine's integer path (native/engines/gemm_int8.c).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydml.enums import ConvolutionDirection
from pydml.schema.tables import operator


def convolution_output_sizes(
    *,
    direction: int,
    input_sizes: Sequence[int],
    filter_sizes: Sequence[int],
    group_count: int = 1,
    strides: Sequence[int] | None = None,
    dilations: Sequence[int] | None = None,
    start_padding: Sequence[int] | None = None,
    end_padding: Sequence[int] | None = None,
    output_padding: Sequence[int] | None = None,
) -> list[int]:
    """Output sizes {N, C_out, spatial...} of a convolution (the formula plan_create checks).

    FORWARD: ``1 + (in + start + end - ((k-1)*dilation + 1)) // stride``, C_out = filter dim 0.
    BACKWARD: ``(in-1)*stride + (k-1)*dilation + 1 + output_padding - start - end``,
    C_out = filter dim 1 * group_count.
    """
    spatial = len(input_sizes) - 2
    ones, zeros = [1] * spatial, [0] * spatial
    s = list(strides) if strides is not None else ones
    d = list(dilations) if dilations is not None else ones
    a = list(start_padding) if start_padding is not None else zeros
    b = list(end_padding) if end_padding is not None else zeros
    op = list(output_padding) if output_padding is not None else zeros
    out = [int(input_sizes[0])]
    if direction == int(ConvolutionDirection.FORWARD):
        out.append(int(filter_sizes[0]))
        for i in range(spatial):
            extent = (filter_sizes[2 + i] - 1) * d[i] + 1
            out.append(1 + (input_sizes[2 + i] + a[i] + b[i] - extent) // s[i])
    else:
        out.append(int(filter_sizes[1]) * group_count)
        for i in range(spatial):
            extent = (filter_sizes[2 + i] - 1) * d[i] + 1
            out.append((input_sizes[2 + i] - 1) * s[i] + extent + op[i] - a[i] - b[i])
    return out


def output_sizes(direction: ConvolutionDirection, input_sizes: Sequence[int],
                 filter_sizes: Sequence[int], group_count: int, strides: Sequence[int],
                 dilations: Sequence[int], start: Sequence[int], end: Sequence[int],
                 output_padding: Sequence[int]) -> list[int]:
    """Output sizes {N, C_out, spatial...} (the formulas in this module's docstring).

    ``convolution_output_sizes`` holds the formula; FORWARD adds OutputPadding as DirectML describes it.
    """
    out = convolution_output_sizes(
        direction=int(direction), input_sizes=input_sizes, filter_sizes=filter_sizes,
        group_count=group_count, strides=strides, dilations=dilations, start_padding=start,
        end_padding=end, output_padding=output_padding)
    if direction == ConvolutionDirection.FORWARD:
        out[2:] = [o + p for o, p in zip(out[2:], output_padding, strict=True)]
    return out



TABLES = [
    operator(
        "CONVOLUTION",
        kernel="convolution",
        rules="convolution",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: BiasTensor FilterTensor InputTensor OutputTensor",
            "note: InputTensor {BatchCount, InputChannelCount, [InputDepth], [InputHeight], "
            "InputWidth} (3D, 4D or 5D); FilterTensor {FilterBatchCount, FilterChannelCount, "
            "[FilterDepth], [FilterHeight], FilterWidth}; OutputTensor {BatchCount, "
            "OutputChannelCount, [OutputDepth], [OutputHeight], OutputWidth}",
            "note: BiasTensor (optional) {1, OutputChannelCount, 1} (3D), {1, OutputChannelCount, "
            "1, 1} (4D) or {1, OutputChannelCount, 1, 1, 1} (5D); one value per output channel, "
            "broadcast over the output and added after the convolution",
            "note: DimensionCount is the number of spatial dimensions (the filter's lower "
            "dimensions) and the element count of Strides, Dilations, StartPadding, EndPadding "
            "and OutputPadding; page: 2 when InputTensor.DimensionCount is 4, 3 when it is 5 "
            "(from 4_0 a 3D tensor implies 1)",
            "note: Strides are applied to the filter (separate from tensor strides); Dilations "
            "are strides between filter elements (zero-padded larger kernel)",
            "note: StartPadding/EndPadding are interpreted according to Direction; OutputPadding "
            "zero-pads the end of each spatial dimension of the result",
            "note: GroupCount divides the convolution into groups; depth-wise = GroupCount equal "
            "to the input channel count with Direction FORWARD",
            "note: Mode CROSS_CORRELATION + Direction FORWARD and CONVOLUTION + BACKWARD use the "
            "filter as is; CROSS_CORRELATION + BACKWARD and CONVOLUTION + FORWARD flip the filter "
            "along the spatial axes",
            "note: FusedActivation is optional (may be null), applied after the convolution",
            "note: page gives no output-size formula",
        ],
        support={
            "4_0": (
                "InputTensor input 3-5 FLOAT32 FLOAT16 "
                "{BatchCount,InputChannelCount,[InputDepth],[InputHeight],InputWidth}\n"
                "FilterTensor input 3-5 FLOAT32 FLOAT16 "
                "{FilterBatchCount,FilterChannelCount,[FilterDepth],[FilterHeight],FilterWidth}\n"
                "BiasTensor optional-input 3-5 FLOAT32 FLOAT16 {1,OutputChannelCount,[1],[1],1}\n"
                "OutputTensor output 3-5 FLOAT32 FLOAT16 "
                "{BatchCount,OutputChannelCount,[OutputDepth],[OutputHeight],OutputWidth}\n"
            ),
            "1_0": (
                "InputTensor input 4-5 FLOAT32 FLOAT16 "
                "{BatchCount,InputChannelCount,[InputDepth],InputHeight,InputWidth}\n"
                "FilterTensor input 4-5 FLOAT32 FLOAT16 "
                "{FilterBatchCount,FilterChannelCount,[FilterDepth],FilterHeight,FilterWidth}\n"
                "BiasTensor optional-input 4-5 FLOAT32 FLOAT16 {1,OutputChannelCount,[1],1,1}\n"
                "OutputTensor output 4-5 FLOAT32 FLOAT16 "
                "{BatchCount,OutputChannelCount,[OutputDepth],OutputHeight,OutputWidth}\n"
            ),
        },
    ),
]
