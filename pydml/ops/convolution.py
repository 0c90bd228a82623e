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
and QUANTIZED_LINEAR_CONVOLUTION run on the integer GEMM engine (native/families/integer_products.c).
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
    operator(
        "CONVOLUTION_INTEGER",
        kernel="integer_products",
        rules="integer_products.convolution",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="2_1",
        constraints=[
            "same DimensionCount: FilterZeroPointTensor InputZeroPointTensor",
            "same DimensionCount: FilterTensor InputTensor OutputTensor",
            "same DataType: InputTensor InputZeroPointTensor",
            "same DataType: FilterTensor FilterZeroPointTensor",
            "note: forward convolution of integer data accumulated into an INT32 OutputTensor; "
            "the optional zero points are subtracted from the input and the filter",
            "note: InputZeroPointTensor (optional) Sizes {1,1,1,1} (per tensor only)",
            "note: FilterZeroPointTensor (optional) Sizes {1,1,1,1} (per tensor) or "
            "{1,OutputChannelCount,1,1} (per channel)",
            "note: InputTensor {BatchCount, InputChannelCount, InputHeight, InputWidth}; "
            "FilterTensor {FilterBatchCount, FilterChannelCount, FilterHeight, FilterWidth}; "
            "OutputTensor {BatchCount, OutputChannelCount, OutputHeight, OutputWidth}",
            "note: DimensionCount (element count of Strides, Dilations, StartPadding, "
            "EndPadding): page says only 2 is supported, though from 4_0 the tables allow 3D "
            "tensors",
            "note: GroupCount divides the convolution into groups (depth-wise = GroupCount equal "
            "to the input channel count)",
            "note: page gives no output-size formula",
        ],
        support={
            "4_0": (
                "InputTensor input 3-4 INT8 UINT8 "
                "{BatchCount,InputChannelCount,[InputHeight],InputWidth}\n"
                "InputZeroPointTensor optional-input 1-4 INT8 UINT8 {[1],[1],[1],1}\n"
                "FilterTensor input 3-4 INT8 UINT8 "
                "{FilterBatchCount,FilterChannelCount,[FilterHeight],FilterWidth}\n"
                "FilterZeroPointTensor optional-input 1-4 INT8 UINT8 "
                "{[1],FilterZeroPointChannelCount,[1],[1]}\n"
                "OutputTensor output 3-4 INT32 "
                "{BatchCount,OutputChannelCount,[OutputHeight],OutputWidth}\n"
            ),
            "2_1": (
                "InputTensor input 4 INT8 UINT8 "
                "{BatchCount,InputChannelCount,InputHeight,InputWidth}\n"
                "InputZeroPointTensor optional-input 4 INT8 UINT8 {1,1,1,1}\n"
                "FilterTensor input 4 INT8 UINT8 "
                "{FilterBatchCount,FilterChannelCount,FilterHeight,FilterWidth}\n"
                "FilterZeroPointTensor optional-input 4 INT8 UINT8 "
                "{1,FilterZeroPointChannelCount,1,1}\n"
                "OutputTensor output 4 INT32 "
                "{BatchCount,OutputChannelCount,OutputHeight,OutputWidth}\n"
            ),
        },
    ),
    operator(
        "QUANTIZED_LINEAR_CONVOLUTION",
        kernel="integer_products",
        rules="integer_products.convolution",
        page="9fb507c17d15d4fed7f107006ab309684b9a6007",
        introduced="2_1",
        constraints=[
            "same DimensionCount: BiasTensor FilterTensor InputTensor OutputTensor",
            "same DataType: OutputTensor OutputZeroPointTensor",
            "same DataType: InputTensor InputZeroPointTensor",
            "same DataType: FilterTensor FilterZeroPointTensor",
            "note: equivalent to dequantizing input and filter ((x - zp) * scale), convolving, "
            "adding the bias, then quantizing the output (clamp(round(x / scale) + zp, Min, Max))",
            "note: InputScaleTensor and InputZeroPointTensor Sizes {1,1,1,1} (per tensor only)",
            "note: FilterScaleTensor and FilterZeroPointTensor Sizes {1,1,1,1} (per tensor) or "
            "{1,OutputChannelCount,1,1} (per channel)",
            "note: OutputScaleTensor and OutputZeroPointTensor Sizes {1,1,1,1} (per tensor only)",
            "note: scale tensors are FLOAT32; a scale value of 0 is undefined behavior; "
            "zero-point tensors are optional",
            "note: BiasTensor (optional, INT32) Sizes {1, OutputChannelCount, 1, 1}, broadcast "
            "over the output and added to the convolution result",
            "note: InputTensor {InputBatchCount, InputChannelCount, InputHeight, InputWidth}; "
            "FilterTensor {FilterBatchCount, FilterChannelCount, FilterHeight, FilterWidth}; "
            "OutputTensor {OutputBatchCount, OutputChannelCount, OutputHeight, OutputWidth}",
            "note: DimensionCount (element count of Strides, Dilations, StartPadding, "
            "EndPadding): page says only 2 is supported, though from 4_0 the tables allow 3D "
            "tensors",
            "note: GroupCount divides the convolution into groups (depth-wise = GroupCount equal "
            "to the input channel count)",
            "note: at 4_0 FilterScaleTensor allows 3 to 4 dimensions only; 5_2 widens it to 1 to "
            "4 (the other scale/zero-point tensors allow 1 to 4 from 4_0)",
            "note: page gives no output-size formula",
        ],
        support={
            "5_2": """
                InputTensor            input           3-4  INT8 UINT8
                InputScaleTensor       input           1-4  FLOAT32
                InputZeroPointTensor   optional-input  1-4  INT8 UINT8
                FilterTensor           input           3-4  INT8 UINT8
                FilterScaleTensor      input           1-4  FLOAT32
                FilterZeroPointTensor  optional-input  1-4  INT8 UINT8
                BiasTensor             optional-input  3-4  INT32
                OutputScaleTensor      input           1-4  FLOAT32
                OutputZeroPointTensor  optional-input  1-4  INT8 UINT8
                OutputTensor           output          3-4  INT8 UINT8
            """,
            "4_0": """
                InputTensor            input           3-4  INT8 UINT8
                InputScaleTensor       input           1-4  FLOAT32
                InputZeroPointTensor   optional-input  1-4  INT8 UINT8
                FilterTensor           input           3-4  INT8 UINT8
                FilterScaleTensor      input           3-4  FLOAT32
                FilterZeroPointTensor  optional-input  1-4  INT8 UINT8
                BiasTensor             optional-input  3-4  INT32
                OutputScaleTensor      input           1-4  FLOAT32
                OutputZeroPointTensor  optional-input  1-4  INT8 UINT8
                OutputTensor           output          3-4  INT8 UINT8
            """,
            "2_1": """
                InputTensor            input           4  INT8 UINT8
                InputScaleTensor       input           4  FLOAT32
                InputZeroPointTensor   optional-input  4  INT8 UINT8
                FilterTensor           input           4  INT8 UINT8
                FilterScaleTensor      input           4  FLOAT32
                FilterZeroPointTensor  optional-input  4  INT8 UINT8
                BiasTensor             optional-input  4  INT32
                OutputScaleTensor      input           4  FLOAT32
                OutputZeroPointTensor  optional-input  4  INT8 UINT8
                OutputTensor           output          4  INT8 UINT8
            """,
        },
    ),
]
