"""Pooling operators: the tensor-support tables of their documentation pages.

The tables are transcribed from the newest stored version of each operator's page (the commit is in
``page=``): MicrosoftDocs/sdk-api, except LP_POOLING1 and AVERAGE_POOLING1, which sdk-api lacks and
MicrosoftDocs/windows-ai-docs (``docs/directml/api/``) has. Surprises: the output-size formulas of
every dilated variant (MAX_POOLING2, LP_POOLING1, AVERAGE_POOLING1, and
QUANTIZED_LINEAR_AVERAGE_POOLING in quantize.py) are copied from the undilated operator and ignore
Dilations;
MAX_POOLING_GRAD's DimensionCount text says only 4D (DimensionCount 2) is valid while its 4_0 table
allows 5D; pages with one untitled table
(AVERAGE_POOLING, LP_POOLING, AVERAGE_POOLING_GRAD and the windows-ai-docs ones) are
keyed by the introduced level.

MAX_UNPOOLING scatters through its indices and lives with its kernel in gather_scatter.py.
The module is named after the C file that holds these operators' rows,
``native/families/pooling.c``, with their rules in ``native/validate/rules_pooling.c`` and their
tests in ``tests/test_pooling*.py``: one name in every layer.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "AVERAGE_POOLING",
        kernel="pooling",
        rules="pooling",
        page="0dbacd0650a59e406fd734aea145bf4fc06b06ac",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: DimensionCount is the number of spatial dimensions: 2 when InputTensor is 4D "
            "{BatchCount, ChannelCount, Height, Width}, 3 when it is 5D {BatchCount, "
            "ChannelCount, Depth, Height, Width}; it is the element count of Strides, WindowSize, "
            "StartPadding and EndPadding (ordered {Height, Width} or {Depth, Height, Width})",
            "note: OutputTensor.Sizes[0..1] = InputTensor.Sizes[0..1]; for each spatial i: "
            "Sizes[i+2] = (InputTensor.Sizes[i+2] + StartPadding[i] + EndPadding[i] - "
            "WindowSize[i]) / Strides[i] + 1 (integer division)",
            "note: IncludePadding FALSE -> padding elements are not counted in the averaging "
            "divisor; TRUE -> they are",
        ],
        support={
            "1_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "LP_POOLING",
        kernel="pooling",
        rules="pooling",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: DimensionCount is the number of spatial dimensions: 2 when InputTensor is 4D "
            "{BatchCount, ChannelCount, Height, Width}, 3 when it is 5D {BatchCount, "
            "ChannelCount, Depth, Height, Width}; it is the element count of Strides, WindowSize, "
            "StartPadding and EndPadding (ordered {Height, Width} or {Depth, Height, Width})",
            "note: OutputTensor.Sizes[0..1] = InputTensor.Sizes[0..1]; for each spatial i: "
            "Sizes[i+2] = (InputTensor.Sizes[i+2] + StartPadding[i] + EndPadding[i] - "
            "WindowSize[i]) / Strides[i] + 1 (integer division)",
            "note: Y = (X1^P + X2^P + ... + Xn^P)^(1/P) over the window; P commonly 1 or 2",
        ],
        support={
            "1_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "MAX_POOLING",
        kernel="pooling",
        rules="pooling",
        page="6721cae40a450f7e0a126b8b14fb2519ed185250",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: DimensionCount is the number of spatial dimensions: 2 when InputTensor is 4D "
            "{BatchCount, ChannelCount, Height, Width}, 3 when it is 5D {BatchCount, "
            "ChannelCount, Depth, Height, Width}; it is the element count of Strides, WindowSize, "
            "StartPadding and EndPadding (ordered {Height, Width} or {Depth, Height, Width})",
            "note: OutputTensor.Sizes[0..1] = InputTensor.Sizes[0..1]; for each spatial i: "
            "Sizes[i+2] = (InputTensor.Sizes[i+2] + StartPadding[i] + EndPadding[i] - "
            "WindowSize[i]) / Strides[i] + 1 (integer division)",
        ],
        support={
            "5_0": (
                "InputTensor input 4-5 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputTensor output 4-5 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
            ),
            "3_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16 INT8 UINT8
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT8 UINT8
            """,
            "1_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "MAX_POOLING1",
        kernel="pooling",
        rules="pooling",
        page="fe15a8b42c2db269a0d8e6c8c89584484c52b848",
        introduced="2_0",
        constraints=[
            "same DimensionCount: InputTensor OutputIndicesTensor OutputTensor",
            "same DataType: InputTensor OutputTensor",
            "note: DimensionCount is the number of spatial dimensions: 2 when InputTensor is 4D "
            "{BatchCount, ChannelCount, Height, Width}, 3 when it is 5D {BatchCount, "
            "ChannelCount, Depth, Height, Width}; it is the element count of Strides, WindowSize, "
            "StartPadding and EndPadding (ordered {Height, Width} or {Depth, Height, Width})",
            "note: OutputTensor.Sizes[0..1] = InputTensor.Sizes[0..1]; for each spatial i: "
            "Sizes[i+2] = (InputTensor.Sizes[i+2] + StartPadding[i] + EndPadding[i] - "
            "WindowSize[i]) / Strides[i] + 1 (integer division)",
            "note: OutputIndicesTensor (optional) has OutputTensor's Sizes; its values are "
            "zero-based indices into InputTensor treated as a contiguous 1-D array",
            "note: ties: when several window elements equal the maximum, the index is the first "
            "encountered (later equal values ignored)",
            "note: with OutputIndicesTensor null the operator equals MAX_POOLING",
        ],
        support={
            "5_0": (
                "InputTensor input 4-5 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputTensor output 4-5 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputIndicesTensor optional-output 4-5 UINT64 UINT32\n"
            ),
            "3_0": """
                InputTensor          input            4-5  FLOAT32 FLOAT16 INT8 UINT8
                OutputTensor         output           4-5  FLOAT32 FLOAT16 INT8 UINT8
                OutputIndicesTensor  optional-output  4-5  UINT32
            """,
            "2_0": """
                InputTensor          input            4-5  FLOAT32 FLOAT16
                OutputTensor         output           4-5  FLOAT32 FLOAT16
                OutputIndicesTensor  optional-output  4-5  UINT32
            """,
        },
    ),
    operator(
        "MAX_POOLING2",
        kernel="pooling",
        rules="pooling",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="2_1",
        constraints=[
            "same DimensionCount: InputTensor OutputIndicesTensor OutputTensor",
            "same DataType: InputTensor OutputTensor",
            "note: DimensionCount is the number of spatial dimensions: 2 when InputTensor is 4D, "
            "3 when 5D; it is the element count of Strides, WindowSize, StartPadding, EndPadding "
            "and Dilations (ordered {Height, Width} or {Depth, Height, Width})",
            "note: page's output-size formula: OutputTensor.Sizes[0..1] = "
            "InputTensor.Sizes[0..1]; Sizes[i+2] = (InputTensor.Sizes[i+2] + StartPadding[i] + "
            "EndPadding[i] - WindowSize[i]) / Strides[i] + 1; it does not mention Dilations (a "
            "dilated window spans (WindowSize[i] - 1) * Dilations[i] + 1 elements; the formula is "
            "the undilated operator's)",
            "note: Dilations select every Dilations[i]-th element within the window; with all "
            "Dilations 1 the operator equals its undilated predecessor",
            "note: OutputIndicesTensor (optional) has OutputTensor's Sizes; its values are "
            "zero-based indices into InputTensor treated as a contiguous 1-D array",
            "note: ties: when several window elements equal the maximum, the index is the first "
            "encountered (later equal values ignored)",
        ],
        support={
            "5_0": (
                "InputTensor input 4-5 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputTensor output 4-5 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputIndicesTensor optional-output 4-5 UINT64 UINT32\n"
            ),
            "3_0": """
                InputTensor          input            4-5  FLOAT32 FLOAT16 INT8 UINT8
                OutputTensor         output           4-5  FLOAT32 FLOAT16 INT8 UINT8
                OutputIndicesTensor  optional-output  4-5  UINT32
            """,
            "2_1": """
                InputTensor          input            4-5  FLOAT32 FLOAT16
                OutputTensor         output           4-5  FLOAT32 FLOAT16
                OutputIndicesTensor  optional-output  4-5  UINT32
            """,
        },
    ),
    operator(
        "AVERAGE_POOLING_GRAD",
        kernel="pooling",
        rules="pooling",
        page="85467d927648044755a846ab4824b076d49ed95b",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount: InputGradientTensor OutputGradientTensor",
            "note: DimensionCount must equal the spatial dimension count: 2 for 4D tensors, 3 for "
            "5D; it is the element count of Strides, WindowSize, StartPadding and EndPadding",
            "note: parameters mean what they mean in AVERAGE_POOLING; InputGradientTensor "
            "typically has the forward output's sizes, OutputGradientTensor the forward input's",
            "note: page has a worked example (2x2 window, stride 1, no padding)",
        ],
        support={
            "3_0": """
                InputGradientTensor   input   4-5  FLOAT32 FLOAT16
                OutputGradientTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "MAX_POOLING_GRAD",
        kernel="pooling",
        rules="pooling",
        page="85467d927648044755a846ab4824b076d49ed95b",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount: InputGradientTensor InputTensor OutputGradientTensor",
            "same Sizes: InputTensor OutputGradientTensor",
            "note: DimensionCount is the element count of Strides, WindowSize, StartPadding, "
            "EndPadding and Dilations and must equal InputTensor.DimensionCount - 2; the page "
            "says only 4D is supported (DimensionCount 2), which the 4_0 table (4 to 5 "
            "dimensions) contradicts",
            "note: parameters mean what they mean in MAX_POOLING2; InputGradientTensor has the "
            "forward output's sizes {BatchCount, ChannelCount, [OutputDepth], OutputHeight, "
            "OutputWidth}",
            "note: each InputGradient value is added at the index of its window's maximum in "
            "InputTensor; overlapping indices sum; unreferenced outputs are zero",
            "note: ties: the element with the lowest logical index is chosen",
            "note: page has a worked example",
        ],
        support={
            "4_0": (
                "InputTensor input 4-5 FLOAT32 FLOAT16 "
                "{BatchCount,ChannelCount,[InputDepth],InputHeight,InputWidth}\n"
                "InputGradientTensor input 4-5 FLOAT32 FLOAT16 "
                "{BatchCount,ChannelCount,[OutputDepth],OutputHeight,OutputWidth}\n"
                "OutputGradientTensor output 4-5 FLOAT32 FLOAT16 "
                "{BatchCount,ChannelCount,[InputDepth],InputHeight,InputWidth}\n"
            ),
            "3_0": (
                "InputTensor input 4 FLOAT32 FLOAT16 "
                "{BatchCount,ChannelCount,InputHeight,InputWidth}\n"
                "InputGradientTensor input 4 FLOAT32 FLOAT16 "
                "{BatchCount,ChannelCount,OutputHeight,OutputWidth}\n"
                "OutputGradientTensor output 4 FLOAT32 FLOAT16 "
                "{BatchCount,ChannelCount,InputHeight,InputWidth}\n"
            ),
        },
    ),
    operator(
        "LP_POOLING1",
        kernel="pooling",
        rules="pooling",
        page="bc08bce31ec80b7c2d5de1cb078edc2d7c6ca6c4",
        introduced="6_2",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: page is in MicrosoftDocs/windows-ai-docs (docs/directml/api/), not sdk-api; "
            "its single table has no level heading (keyed by the introduced level)",
            "note: DimensionCount is the number of spatial dimensions: 2 when InputTensor is 4D, "
            "3 when 5D; it is the element count of Strides, WindowSize, StartPadding, EndPadding "
            "and Dilations (ordered {Height, Width} or {Depth, Height, Width})",
            "note: page's output-size formula: OutputTensor.Sizes[0..1] = "
            "InputTensor.Sizes[0..1]; Sizes[i+2] = (InputTensor.Sizes[i+2] + StartPadding[i] + "
            "EndPadding[i] - WindowSize[i]) / Strides[i] + 1; it does not mention Dilations (a "
            "dilated window spans (WindowSize[i] - 1) * Dilations[i] + 1 elements; the formula is "
            "the undilated operator's)",
            "note: Dilations select every Dilations[i]-th element within the window; with all "
            "Dilations 1 the operator equals its undilated predecessor",
            "note: Y = (X1^P + X2^P + ... + Xn^P)^(1/P) over the window; P commonly 1 or 2",
        ],
        support={
            "6_2": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "AVERAGE_POOLING1",
        kernel="pooling",
        rules="pooling",
        page="0509548e7c79bbdf65428c08d7a73d36f70cf93d",
        introduced="6_2",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: page is in MicrosoftDocs/windows-ai-docs (docs/directml/api/), not sdk-api; "
            "its single table has no level heading (keyed by the introduced level)",
            "note: DimensionCount is the number of spatial dimensions: 2 when InputTensor is 4D, "
            "3 when 5D; it is the element count of Strides, WindowSize, StartPadding, EndPadding "
            "and Dilations (ordered {Height, Width} or {Depth, Height, Width})",
            "note: page's output-size formula: OutputTensor.Sizes[0..1] = "
            "InputTensor.Sizes[0..1]; Sizes[i+2] = (InputTensor.Sizes[i+2] + StartPadding[i] + "
            "EndPadding[i] - WindowSize[i]) / Strides[i] + 1; it does not mention Dilations (a "
            "dilated window spans (WindowSize[i] - 1) * Dilations[i] + 1 elements; the formula is "
            "the undilated operator's)",
            "note: Dilations select every Dilations[i]-th element within the window; with all "
            "Dilations 1 the operator equals its undilated predecessor",
            "note: IncludePadding FALSE -> padding elements are not counted in the averaging "
            "divisor",
        ],
        support={
            "6_2": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
]
