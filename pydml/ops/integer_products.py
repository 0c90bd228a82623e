"""The integer products: MATRIX_MULTIPLY_INTEGER, QUANTIZED_LINEAR_MATRIX_MULTIPLY,
MATRIX_MULTIPLY_INTEGER_TO_FLOAT, CONVOLUTION_INTEGER and QUANTIZED_LINEAR_CONVOLUTION, the
tensor-support tables of their pages (the commit is in ``page=``): MicrosoftDocs/sdk-api, except
MATRIX_MULTIPLY_INTEGER_TO_FLOAT, which has no sdk-api page (MicrosoftDocs/windows-ai-docs
``docs/directml/api/``). Surprise: MATRIX_MULTIPLY_INTEGER_TO_FLOAT's page describes
OutputScaleTensor/OutputZeroPointTensor fields its struct does not have. One name everywhere:
native/families/integer_products.c, native/validate/rules_integer_products.c,
tests/test_integer_products.py, benchmarks/bench_integer_products.py.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "MATRIX_MULTIPLY_INTEGER",
        kernel="integer_products",
        rules="integer_products.matmul",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="2_1",
        constraints=[
            "same DimensionCount: ATensor BTensor OutputTensor",
            "same DataType: BTensor BZeroPointTensor",
            "same DataType: ATensor AZeroPointTensor",
            "note: integer matrix multiply: BatchCount * ChannelCount independent {M,K} x {K,N} = "
            "{M,N} multiplications of (A - AZeroPoint) x (B - BZeroPoint), accumulated into an "
            "INT32 OutputTensor",
            "note: ATensor Sizes {BatchCount, ChannelCount, M, K}; BTensor Sizes {BatchCount, "
            "ChannelCount, K, N}; OutputTensor Sizes {BatchCount, ChannelCount, M, N}",
            "note: AZeroPointTensor (optional) Sizes {1,1,1,1} for per-tensor quantization or "
            "{1,1,M,1} for per-row quantization (AZeroPointCount is 1 or M)",
            "note: BZeroPointTensor (optional) Sizes {1,1,1,1} for per-tensor quantization or "
            "{1,1,1,N} for per-column quantization (BZeroPointCount is 1 or N)",
            "note: OutputTensor data type must be INT32",
            "note: at 4_0 BZeroPointTensor has 2 to 4 dimensions {[1],[1],1,BZeroPointCount}; "
            "from 5_2 it may have 1 to 4 {[1],[1],[1],BZeroPointCount}; AZeroPointTensor has 1 to "
            "4 from 4_0; at 2_1 everything is 4D",
        ],
        support={
            "5_2": """
                ATensor           input           2-4  INT8 UINT8  {[BatchCount],[ChannelCount],M,K}
                AZeroPointTensor  optional-input  1-4  INT8 UINT8  {[1],[1],AZeroPointCount,[1]}
                BTensor           input           2-4  INT8 UINT8  {[BatchCount],[ChannelCount],K,N}
                BZeroPointTensor  optional-input  1-4  INT8 UINT8  {[1],[1],[1],BZeroPointCount}
                OutputTensor      output          2-4  INT32       {[BatchCount],[ChannelCount],M,N}
            """,
            "4_0": """
                ATensor           input           2-4  INT8 UINT8  {[BatchCount],[ChannelCount],M,K}
                AZeroPointTensor  optional-input  1-4  INT8 UINT8  {[1],[1],AZeroPointCount,[1]}
                BTensor           input           2-4  INT8 UINT8  {[BatchCount],[ChannelCount],K,N}
                BZeroPointTensor  optional-input  2-4  INT8 UINT8  {[1],[1],1,BZeroPointCount}
                OutputTensor      output          2-4  INT32       {[BatchCount],[ChannelCount],M,N}
            """,
            "2_1": """
                ATensor           input           4  INT8 UINT8  {BatchCount,ChannelCount,M,K}
                AZeroPointTensor  optional-input  4  INT8 UINT8  {1,1,AZeroPointCount,1}
                BTensor           input           4  INT8 UINT8  {BatchCount,ChannelCount,K,N}
                BZeroPointTensor  optional-input  4  INT8 UINT8  {1,1,1,BZeroPointCount}
                OutputTensor      output          4  INT32       {BatchCount,ChannelCount,M,N}
            """,
        },
    ),
    operator(
        "QUANTIZED_LINEAR_MATRIX_MULTIPLY",
        kernel="integer_products",
        rules="integer_products.matmul",
        page="e0bf7d90dfb4f65c50af4631a27c4f11dde72c0b",
        introduced="2_1",
        constraints=[
            "same DimensionCount: AScaleTensor AZeroPointTensor BScaleTensor BZeroPointTensor "
            "OutputScaleTensor OutputZeroPointTensor",
            "same DimensionCount: ATensor BTensor OutputTensor",
            "same DataType: BTensor BZeroPointTensor",
            "same DataType: OutputTensor OutputZeroPointTensor",
            "same DataType: ATensor AZeroPointTensor",
            "note: page lists the scale/zero-point DimensionCount constraint twice",
            "note: equivalent to dequantizing A and B, matrix multiplying, then quantizing the "
            "output; dequantize(x, s, zp) = (x - zp) * s; quantize(x, s, zp) = clamp(round(x / s) "
            "+ zp, Min, Max) of the output type",
            "note: ATensor Sizes {BatchCount, ChannelCount, M, K}; BTensor {BatchCount, "
            "ChannelCount, K, N}; OutputTensor {BatchCount, ChannelCount, M, N}",
            "note: AScaleTensor and AZeroPointTensor Sizes {1,1,1,1} (per tensor) or {1,1,M,1} "
            "(per row)",
            "note: BScaleTensor and BZeroPointTensor Sizes {1,1,1,1} (per tensor) or {1,1,1,N} "
            "(per column)",
            "note: OutputScaleTensor and OutputZeroPointTensor Sizes {1,1,1,1} (per tensor) or "
            "{1,1,M,1} (per row)",
            "note: scale tensors are FLOAT32; a scale value of 0 is undefined behavior",
            "note: zero-point tensors are optional (zero point 0 when absent)",
        ],
        support={
            "4_0": """
                ATensor                input           2-4  INT8 UINT8
                AScaleTensor           input           1-4  FLOAT32
                AZeroPointTensor       optional-input  1-4  INT8 UINT8
                BTensor                input           2-4  INT8 UINT8
                BScaleTensor           input           1-4  FLOAT32
                BZeroPointTensor       optional-input  1-4  INT8 UINT8
                OutputScaleTensor      input           1-4  FLOAT32
                OutputZeroPointTensor  optional-input  1-4  INT8 UINT8
                OutputTensor           output          2-4  INT8 UINT8
            """,
            "2_1": """
                ATensor                input           4  INT8 UINT8
                AScaleTensor           input           4  FLOAT32
                AZeroPointTensor       optional-input  4  INT8 UINT8
                BTensor                input           4  INT8 UINT8
                BScaleTensor           input           4  FLOAT32
                BZeroPointTensor       optional-input  4  INT8 UINT8
                OutputScaleTensor      input           4  FLOAT32
                OutputZeroPointTensor  optional-input  4  INT8 UINT8
                OutputTensor           output          4  INT8 UINT8
            """,
        },
    ),
    operator(
        "MATRIX_MULTIPLY_INTEGER_TO_FLOAT",
        kernel="integer_products",
        rules="integer_products.matmul",
        page="eba47f60bc15ca4520608365c8e2ad7c69eca916",
        introduced="6_2",
        constraints=[
            "same DimensionCount: AScaleTensor AZeroPointTensor BScaleTensor BZeroPointTensor",
            "same DimensionCount: ATensor BiasTensor BTensor OutputTensor",
            "same Sizes: BiasTensor OutputTensor",
            "same DataType: ATensor AZeroPointTensor BTensor BZeroPointTensor",
            "same DataType: AScaleTensor BiasTensor BScaleTensor OutputTensor",
            "note: page is in MicrosoftDocs/windows-ai-docs (docs/directml/api/), not sdk-api",
            "note: BatchCount * ChannelCount independent {M,K} x {K,N} = {M,N} multiplications of "
            "dequantized integer A and B ((x - zp) * scale), plus optional Bias, written as float",
            "note: ATensor Sizes {BatchCount, ChannelCount, M, K}; BTensor {BatchCount, "
            "ChannelCount, K, N}; OutputTensor {BatchCount, ChannelCount, M, N}",
            "note: AScaleTensor and AZeroPointTensor Sizes {1,1,1,1} (per tensor) or {1,1,M,1} "
            "(per row)",
            "note: BScaleTensor and BZeroPointTensor Sizes {1,1,1,1} (per tensor) or {1,1,1,N} "
            "(per column)",
            "note: BiasTensor (optional) Sizes must match the output {BatchCount, ChannelCount, "
            "M, N}",
            "note: page also describes OutputScaleTensor and OutputZeroPointTensor members that "
            "neither the page's own struct syntax nor the header has (copy-paste error); ignore",
        ],
        support={
            "6_2": (
                "ATensor input 2-4 INT32 INT16 INT8 UINT32 UINT16 UINT8 "
                "{[BatchCount],[ChannelCount],M,K}\n"
                "AScaleTensor input 1-4 FLOAT32 FLOAT16 {AScaleDimensions[]}\n"
                "AZeroPointTensor optional-input 1-4 INT32 INT16 INT8 UINT32 UINT16 UINT8 "
                "{[1],[1],AZeroPointCount,[1]}\n"
                "BTensor input 2-4 INT32 INT16 INT8 UINT32 UINT16 UINT8 "
                "{[BatchCount],[ChannelCount],K,N}\n"
                "BScaleTensor input 1-4 FLOAT32 FLOAT16 {BScaleDimensions[]}\n"
                "BZeroPointTensor optional-input 1-4 INT32 INT16 INT8 UINT32 UINT16 UINT8 "
                "{[1],[1],[1],BZeroPointCount}\n"
                "BiasTensor optional-input 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,N}\n"
                "OutputTensor output 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,N}\n"
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
