"""Data-movement operators (slice, split/join, padding, cast, tile, depth/space, fill, diagonal,
fold/unfold): tensor support and constraints, transcribed from the newest stored sdk-api
page of each operator (its commit in ``page=``). Surprises: JOIN allows only 4-5 dimensions at
3_0 while SPLIT allows 1-8; CAST's 1_0 table has no INT32/UINT32; TILE (4_1) and
FILL_VALUE_SEQUENCE (5_0) list 64-bit integers but no FLOAT64; the SPACE_TO_DEPTH(1) pages state the
output
sizes of DEPTH_TO_SPACE, contradicting their own examples. DIAGONAL_MATRIX1, FOLD and UNFOLD
have no sdk-api page in the index and were read from unattributed indexed copies
(``page="id:..."`` names the index file); FOLD/UNFOLD's tables leave the data types blank, so
their ``support`` is a decision (see their notes), and their examples contradict their "same
DimensionCount" rule, which is not applied.

ONE_HOT and REVERSE_SUBSEQUENCES index their input and live with their kernel in
gather_scatter.py. The module is named after the C file that holds these operators' rows,
``native/families/data_movement.c``, with their rules in ``native/validate/rules_data_movement.c``
and their tests in ``tests/test_data_movement*.py``: one name in every layer."""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "SLICE",
        kernel="data_movement",
        rules="data_movement.slice",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: DimensionCount (size of Offsets, Sizes, Strides) must equal the DimensionCount "
            "of InputTensor and OutputTensor; it must be 1..8 from DML_FEATURE_LEVEL_3_0, "
            "earlier levels require 4 or 5",
            "note: Sizes[i] must equal OutputTensor.Sizes[i]",
            "note: OutputTensor[c] = InputTensor[Offsets + Strides * c]; every element read must "
            "lie inside InputTensor (out-of-bounds reads are not permitted), i.e. "
            "Offsets[i] + Strides[i] * (Sizes[i] - 1) < InputTensor.Sizes[i]",
            "note: a stride > 1 skips input elements (stride 2 selects every second element)",
            "note: superseded by SLICE1 (introduced in DML_FEATURE_LEVEL_2_1)",
            "note: page has worked examples (contiguous slice; strided slice)",
        ],
        support={
            "4_1": """
                InputTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor   input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16
            """,
        },
    ),
    operator(
        "CAST",
        kernel="data_movement",
        page="879f4fcc329ad88e61cc6383b23d215b3b57fd41",
        introduced="1_0",
        constraints=[
            "same DimensionCount Sizes: InputTensor OutputTensor",
            "note: each input element is converted to OutputTensor.DataType; the page states no "
            "conversion rules (rounding, saturation, NaN/out-of-range handling are not "
            "described), only that some data types may be unsupported on some hardware "
            "(IDMLDevice::CheckFeatureSupport with DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)",
            "note: InputTensor and OutputTensor may have different DataTypes (any supported pair)",
            "note: the 1_0 table lists no INT32/UINT32; 3_0 adds INT32, UINT32, INT64, UINT64; "
            "3_1 widens to 1-8 dimensions; FLOAT64 only from 4_1",
            "note: the page's field texts appear swapped (InputTensor is described as 'the "
            "tensor to write the results to ... Sizes should match InputTensor')",
        ],
        support={
            "4_1": """
                InputTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_1": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "3_0": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT16 INT8 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT16 INT8 UINT16 UINT8
            """,
        },
    ),
    operator(
        "SPLIT",
        kernel="data_movement",
        rules="data_movement.join_split",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensors",
            "note: the page's Kind for OutputTensors is 'Array of outputs' (one row per array)",
            "note: OutputCount (size of OutputTensors) must be > 0",
            "note: Axis must be in [0, InputTensor.DimensionCount - 1]",
            "note: every OutputTensors[i] has InputTensor's DimensionCount and InputTensor's "
            "Sizes in every dimension except Axis; the outputs' Sizes[Axis] must sum to exactly "
            "InputTensor.Sizes[Axis]",
            "note: splitting into a single output is a copy; SPLIT is the inverse of JOIN",
            "note: page has worked examples (split axis 2 into 2+1+3; split axis 3 into 1+1)",
        ],
        support={
            "4_1": """
                InputTensor    input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensors  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor    input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensors  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor    input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensors  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor    input   4  FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16
                OutputTensors  output  4  FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16
            """,
        },
    ),
    operator(
        "JOIN",
        kernel="data_movement",
        rules="data_movement.join_split",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensors OutputTensor",
            "note: the page's Kind for InputTensors is 'Array of inputs' (one row per array)",
            "note: InputCount (size of InputTensors) must be > 0",
            "note: Axis must be in [0, OutputTensor.DimensionCount - 1]",
            "note: every InputTensors[i] has OutputTensor's DimensionCount and OutputTensor's "
            "Sizes in every dimension except Axis, where its size may be any non-zero value; "
            "OutputTensor.Sizes[Axis] must equal the sum of the inputs' Sizes[Axis]",
            "note: joining a single input is a copy; JOIN is the inverse of SPLIT",
            "note: at DML_FEATURE_LEVEL_3_0 the page allows 4 to 5 dimensions for JOIN (SPLIT "
            "allows 1 to 8 at that level); 1 to 8 only from 4_1",
            "note: page has worked examples (join along axis 3 of {1,1,2,3}+{1,1,2,4}; three "
            "{1,1,2,2} inputs joined along axes 1, 2 and 3)",
        ],
        support={
            "4_1": """
                InputTensors  input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensors  input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensors  input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensors  input   4  FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16
            """,
        },
    ),
    operator(
        "PADDING",
        kernel="data_movement",
        rules="data_movement.padding",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: DimensionCount (size of StartPadding and EndPadding) must equal the "
            "DimensionCount of InputTensor and OutputTensor",
            "note: OutputTensor.Sizes[i] = InputTensor.Sizes[i] + StartPadding[i] + EndPadding[i]",
            "note: PaddingMode CONSTANT fills with PaddingValue; EDGE repeats each dimension's "
            "edge value; REFLECTION mirrors as if folded on the edge (edge not repeated); "
            "SYMMETRIC mirrors including the edge",
            "note: REFLECTION: StartPadding[i] >= InputTensor.Sizes[i] and EndPadding[i] >= "
            "InputTensor.Sizes[i] are valid (padding regions are mirrored periodically, folding "
            "over previous padding regions); SYMMETRIC: padding > InputTensor.Sizes[i] is "
            "likewise valid",
            "note: DML_PADDING_MODE_SYMMETRIC requires DML_FEATURE_LEVEL_3_0",
            "note: PaddingValue (FLOAT) is used only for CONSTANT and ignored otherwise; for "
            "tensor data types other than FLOAT16/FLOAT32 it may be truncated (10.6 -> 10)",
            "note: not on the page: the header adds DML_PADDING_MODE_WRAP under "
            "DML_TARGET_VERSION >= 0x6400 and DirectML Releases.md (1.15.0, feature level 6_4) "
            "says PADDING and PADDING1 were updated to accept it",
            "note: page has worked examples for CONSTANT, EDGE, REFLECTION and SYMMETRIC "
            "({1,1,4,4} padded by {0,0,1,2}/{0,0,3,4} to {1,1,8,10})",
        ],
        support={
            "5_0": """
                InputTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_1": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor   input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "VALUE_SCALE_2D",
        kernel="data_movement",
        rules="data_movement.value_scale",
        page="0f1321925c4cb9c40f136e111a456ebf0024a888",
        introduced="1_0",
        constraints=[
            "same DataType Sizes: InputTensor OutputTensor",
            "note: the page's only table has no feature-level heading; keyed by the introduced "
            "level",
            "note: Output = Scale * Input + Bias[c], one bias per channel c",
            "note: InputTensor is {BatchCount, ChannelCount, Height, Width}",
            "note: ChannelCount (size of Bias) must be 1 or 3 and must equal InputTensor.Sizes[1]",
        ],
        support={
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "SPACE_TO_DEPTH",
        kernel="data_movement",
        rules="data_movement.depth_space",
        page="6721cae40a450f7e0a126b8b14fb2519ed185250",
        introduced="1_0",
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: InputTensor is {Batch, Channels, Height, Width}; by the page's example "
            "({1,2,4,6} -> {1,8,2,3} with BlockSize 2) OutputTensor is {Batch, Channels * "
            "BlockSize * BlockSize, Height / BlockSize, Width / BlockSize}",
            "note: the page's OutputTensor text gives {Batch, Channels / (BlockSize * BlockSize), "
            "Height * BlockSize, Width * BlockSize} (the DEPTH_TO_SPACE formula), which "
            "contradicts its own example",
            "note: BlockSize is the width and height of the moved blocks",
            "note: inverse of DEPTH_TO_SPACE; superseded by SPACE_TO_DEPTH1 (2_1), which equals "
            "this operator with Order DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW",
            "note: page has a worked example (BlockSize 2, UINT32 {1,2,4,6} -> {1,8,2,3})",
        ],
        support={
            "5_0": """
                InputTensor   input   4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16 \
                    {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT32 FLOAT16 \
                    {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
        },
    ),
    operator(
        "DEPTH_TO_SPACE",
        kernel="data_movement",
        rules="data_movement.depth_space",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="1_0",
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: OutputChannelCount = InputChannelCount / (BlockSize * BlockSize), "
            "OutputHeight = InputHeight * BlockSize, OutputWidth = InputWidth * BlockSize; "
            "BatchCount is unchanged (InputChannelCount divisible by BlockSize^2 is implied)",
            "note: BlockSize is the width and height of the moved blocks",
            "note: inverse of SPACE_TO_DEPTH; superseded by DEPTH_TO_SPACE1 (2_1), which equals "
            "this operator with Order DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW",
            "note: page has a worked example (BlockSize 2, UINT32 {1,8,2,3} -> {1,2,4,6})",
        ],
        support={
            "5_0": """
                InputTensor   input   4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16 \
                    {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT32 FLOAT16 \
                    {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
        },
    ),
    operator(
        "TILE",
        kernel="data_movement",
        rules="data_movement.tile",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="1_0",
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: OutputTensor must have InputTensor's DimensionCount",
            "note: RepeatsCount (size of Repeats) must equal InputTensor.DimensionCount",
            "note: every Repeats[i] must be > 0",
            "note: OutputTensor.Sizes[i] = InputTensor.Sizes[i] * Repeats[i]; the output is "
            "Repeats[i] whole copies of the input along each dimension",
            "note: the 4_1 table lists INT64/UINT64 but not FLOAT64",
            "note: page has a worked example ({1,1,2,3} tiled by {1,1,3,3} to {1,1,6,9})",
        ],
        support={
            "4_1": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "3_1": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "DIAGONAL_MATRIX",
        kernel="data_movement",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="2_0",
        constraints=[
            "note: the page has no 'Tensor constraints' section",
            "note: OutputTensor is {Batch1, Batch2, OutputHeight, OutputWidth} (leading "
            "dimensions before the last two are batches, i.e. a stack of 2D matrices); height "
            "and width need not be equal",
            "note: OutputTensor[..., y, x] = Value if y + Offset == x else 0; Offset (INT) > 0 "
            "shifts the diagonal right/up, < 0 left/down; an Offset past the matrix gives all "
            "zeros",
            "note: Value is FLOAT (standard 1.0); for data types other than FLOAT16/FLOAT32 it "
            "may be truncated (10.6 -> 10)",
            "note: page has worked examples (3x3 identity; Offset 1 on 3x3; Offset -1 and -3 on "
            "3x2)",
        ],
        support={
            "5_1": """
                OutputTensor  output  2-4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "4_0": """
                OutputTensor  output  2-4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_0": """
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "FILL_VALUE_CONSTANT",
        kernel="data_movement",
        rules="data_movement.value_type",
        page="879f4fcc329ad88e61cc6383b23d215b3b57fd41",
        introduced="2_1",
        constraints=[
            "note: the page has no 'Tensor constraints' section",
            "note: ValueDataType must equal OutputTensor.DataType; Value (DML_SCALAR_UNION) is "
            "read as ValueDataType",
            "note: every output element is set to Value; OutputTensor may have any sizes",
            "note: page has a worked example (13.0 filling a FLOAT32 {1,1,2,4})",
        ],
        support={
            "4_1": """
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "4_0": """
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "FILL_VALUE_SEQUENCE",
        kernel="data_movement",
        rules="data_movement.value_type",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="2_1",
        constraints=[
            "note: the page has no 'Tensor constraints' section",
            "note: ValueDataType must equal OutputTensor.DataType; ValueStart and ValueDelta "
            "(DML_SCALAR_UNION) are read as ValueDataType",
            "note: elements are written in coordinate (row-major) order starting at ValueStart, "
            "adding ValueDelta after each element (element k = ValueStart + k * ValueDelta); "
            "OutputTensor may have any sizes",
            "note: the 5_0 table lists INT64/UINT64 but not FLOAT64",
            "note: page has worked examples (FLOAT32 start 3 delta 2 -> [3,5,7]; UINT8 start 10 "
            "delta -2 -> [[10,8],[6,4]], a negative delta with an unsigned type)",
        ],
        support={
            "5_0": """
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "4_0": """
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "SLICE1",
        kernel="data_movement",
        rules="data_movement.slice",
        page="13f5245e8d00d97423bc77e5e9a003d85ed1e368",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: DimensionCount (size of InputWindowOffsets, InputWindowSizes, "
            "InputWindowStrides) must equal the DimensionCount of InputTensor and OutputTensor; "
            "it must be 1..8 from DML_FEATURE_LEVEL_3_0, earlier levels require 4 or 5",
            "note: InputWindowOffsets[i] + InputWindowSizes[i] <= InputTensor.Sizes[i]; the "
            "window must not be empty in any dimension (InputWindowSizes[i] >= 1)",
            "note: InputWindowStrides[i] (signed INT) must not be 0",
            "note: CopyStart[i] = InputWindowOffsets[i], plus InputWindowSizes[i] - 1 when "
            "InputWindowStrides[i] < 0; OutputTensor[c] = InputTensor[CopyStart + "
            "InputWindowStrides * c]",
            "note: 1 <= OutputTensor.Sizes[i] <= 1 + (InputWindowSizes[i] - 1) / "
            "|InputWindowStrides[i]| (integer division); the output need not copy every "
            "reachable element of the window",
            "note: page has worked examples (positive strides {1,1,2,2} giving [[2,4],[10,12]]; "
            "negative stride {1,1,-2,2} giving [[14,16],[6,8]])",
        ],
        support={
            "4_1": """
                InputTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor   input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "DEPTH_TO_SPACE1",
        kernel="data_movement",
        rules="data_movement.depth_space",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="2_1",
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: OutputChannelCount = InputChannelCount / (BlockSize * BlockSize), "
            "OutputHeight = InputHeight * BlockSize, OutputWidth = InputWidth * BlockSize; "
            "BatchCount is unchanged (InputChannelCount divisible by BlockSize^2 is implied)",
            "note: BlockSize is the width and height of the moved blocks; Order is a "
            "DML_DEPTH_SPACE_ORDER; with B = BlockSize, output (n, c, h, w) reads input "
            "(n, ic, h / B, w / B) where, for r = h % B and q = w % B, DEPTH_COLUMN_ROW uses "
            "ic = (r * B + q) * OutputChannelCount + c (same as DEPTH_TO_SPACE) and "
            "COLUMN_ROW_DEPTH uses ic = c * B * B + r * B + q (derived from the page's examples)",
            "note: inverse of SPACE_TO_DEPTH1",
            "note: page has worked examples (BlockSize 2, UINT32 {1,8,2,3} -> {1,2,4,6}, for "
            "DEPTH_COLUMN_ROW and for COLUMN_ROW_DEPTH)",
        ],
        support={
            "5_0": """
                InputTensor   input   4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
        },
    ),
    operator(
        "SPACE_TO_DEPTH1",
        kernel="data_movement",
        rules="data_movement.depth_space",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="2_1",
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: InputTensor is {Batch, Channels, Height, Width}; by the page's examples "
            "({1,2,4,6} -> {1,8,2,3} with BlockSize 2) OutputTensor is {Batch, Channels * "
            "BlockSize * BlockSize, Height / BlockSize, Width / BlockSize}",
            "note: the page's OutputTensor text gives {Batch, Channels / (BlockSize * BlockSize), "
            "Height * BlockSize, Width * BlockSize} (the DEPTH_TO_SPACE formula), which "
            "contradicts its own examples",
            "note: BlockSize is the width and height of the moved blocks; Order is a "
            "DML_DEPTH_SPACE_ORDER; with B = BlockSize and C = InputTensor.Sizes[1], output "
            "(n, oc, h, w) reads input (n, c, h * B + r, w * B + q) where DEPTH_COLUMN_ROW has "
            "oc = (r * B + q) * C + c (same as SPACE_TO_DEPTH) and COLUMN_ROW_DEPTH has "
            "oc = c * B * B + r * B + q (derived from the page's examples)",
            "note: inverse of DEPTH_TO_SPACE1",
            "note: page has worked examples (BlockSize 2, UINT32 {1,2,4,6} -> {1,8,2,3}, for "
            "DEPTH_COLUMN_ROW and for COLUMN_ROW_DEPTH)",
        ],
        support={
            "5_0": """
                InputTensor   input   4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8 {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,InputChannelCount,InputHeight,InputWidth}
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8 \
                    {BatchCount,OutputChannelCount,OutputHeight,OutputWidth}
            """,
        },
    ),
    operator(
        "SLICE_GRAD",
        kernel="data_movement",
        rules="data_movement.slice_grad",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount: InputGradientTensor OutputGradientTensor",
            "note: backward of SLICE1: InputGradientTensor has the sizes of SLICE1's output, "
            "OutputGradientTensor the sizes of SLICE1's input (the page says 'typically'); "
            "sliced elements are scattered back to their input positions, all others are 0",
            "note: DimensionCount (size of InputWindowOffsets, InputWindowSizes, "
            "InputWindowStrides) must equal the DimensionCount of InputGradientTensor and "
            "OutputGradientTensor",
            "note: InputWindowOffsets/Sizes/Strides follow SLICE1's rules (offset + size <= "
            "OutputGradientTensor.Sizes[i], non-empty window); strides must be non-zero; a "
            "negative stride flips the window direction along that axis",
            "note: page types InputWindowStrides as const UINT*, header says const INT*",
            "note: page has a worked example (4x4 slice with stride 2 scattered back with zeros)",
        ],
        support={
            "4_1": """
                InputGradientTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
                OutputGradientTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
            """,
            "3_1": """
                InputGradientTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
                OutputGradientTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
            """,
            "3_0": """
                InputGradientTensor   input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
                OutputGradientTensor  output  4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
            """,
        },
    ),
    operator(
        "PADDING1",
        kernel="data_movement",
        rules="data_movement.padding",
        page="ea42082f77c7abb2f7ec53735e7957bb74ca91bd",
        introduced="5_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: the page's only table has no feature-level heading; keyed by the introduced "
            "level",
            "note: DimensionCount (size of StartPadding and EndPadding) must equal the "
            "DimensionCount of InputTensor and OutputTensor",
            "note: OutputTensor.Sizes[i] = InputTensor.Sizes[i] + StartPadding[i] + EndPadding[i]",
            "note: PaddingValueDataType must equal OutputTensor.DataType; PaddingValue "
            "(DML_SCALAR_UNION, read as PaddingValueDataType) is used only for CONSTANT",
            "note: PaddingMode CONSTANT fills with PaddingValue; EDGE repeats each dimension's "
            "edge value; REFLECTION mirrors as if folded on the edge (edge not repeated); "
            "SYMMETRIC mirrors including the edge",
            "note: REFLECTION: StartPadding[i] >= InputTensor.Sizes[i] and EndPadding[i] >= "
            "InputTensor.Sizes[i] are valid (periodic mirroring over previous padding regions); "
            "SYMMETRIC: padding > InputTensor.Sizes[i] is likewise valid",
            "note: page types PaddingMode as DML_PADDING_MODE* (pointer); header says "
            "DML_PADDING_MODE",
            "note: not on the page: the header adds DML_PADDING_MODE_WRAP under "
            "DML_TARGET_VERSION >= 0x6400 and DirectML Releases.md (1.15.0, feature level 6_4) "
            "says PADDING and PADDING1 were updated to accept it",
            "note: page has worked examples for CONSTANT, EDGE, REFLECTION and SYMMETRIC "
            "({1,1,4,4} padded by {0,0,1,2}/{0,0,3,4} to {1,1,8,10})",
        ],
        support={
            "5_0": """
                InputTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "DIAGONAL_MATRIX1",
        kernel="data_movement",
        rules="data_movement.value_type",
        page="1189b0d4603fe9ff494f11c94e207fd6215b932e",
        introduced="5_1",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: page: MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_diagonal_matrix1_operator_desc.md",
            "note: the page's only table has no feature-level heading; keyed by the introduced "
            "level",
            "note: InputTensor is optional; OutputTensor is {Batch1, Batch2, OutputHeight, "
            "OutputWidth} (leading dimensions are batches); height and width need not be equal",
            "note: ValueDataType must equal OutputTensor.DataType; Value (DML_SCALAR_UNION) is "
            "read as ValueDataType",
            "note: for each output element topX = x - y; useValue = (DiagonalFillEnd >= "
            "DiagonalFillBegin) XOR (topX >= DiagonalFillBegin) XOR (topX < DiagonalFillEnd); "
            "output = Value if useValue, else InputTensor[coordinate] if InputTensor is given, "
            "else 0",
            "note: DiagonalFillBegin is inclusive, DiagonalFillEnd exclusive (both INT); "
            "begin > end inverts the fill",
            "note: equals DIAGONAL_MATRIX with DiagonalFillBegin = Offset and DiagonalFillEnd = "
            "Offset + 1",
            "note: page has worked examples (identity, 3-wide strip, upper triangle with "
            "DiagonalFillBegin INT32_MIN, keep-diagonal with begin 1 end 0); its first example "
            "says Value 7 but shows ones",
        ],
        support={
            "5_1": """
                InputTensor   optional-input  2-4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
                OutputTensor  output          2-4  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "FOLD",
        kernel="data_movement",
        rules="data_movement.fold_unfold",
        page="dd9cc51247128ffe2c8c3f72e695d4b53b902406",
        introduced="6_4",
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: page: MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_fold_operator_desc.md",
            "note: support decided, not transcribed: the page's single table (no level heading) "
            "gives InputTensor input 3 to 8 and OutputTensor output 3 to 8 dimensions but leaves "
            "'Supported data types' blank (the examples use FLOAT32 only). Decision: every DML "
            "data type but the 4-bit ones, InputTensor and OutputTensor alike. Evidence: "
            "onnxruntime's DML execution provider runs ONNX Col2Im as DML_OPERATOR_FOLD "
            "(microsoft/onnxruntime onnxruntime/core/providers/dml/DmlExecutionProvider/src/"
            "Operators/DmlOperatorCol2Im.cpp) and registers it for opset 18+ with T = bool, "
            "double, float, float16, int8..int64, uint8..uint64 (docs/OperatorKernels.md, "
            "'Operators implemented by DmlExecutionProvider'); not float/float16 only",
            "note: same DataType is a decision too (FOLD moves and sums elements; onnxruntime "
            "uses one type T for Col2Im's input and output)",
            "note: InputTensor is (N, C * prod(WindowSizes), BlockCount); OutputTensor is "
            "(N, C, OutputSize[0], OutputSize[1], ...) with DimensionCount spatial dimensions; "
            "overlapping window values are summed into the output",
            "note: BlocksPerDimension[d] = (SpatialSize[d] + StartPadding[d] + EndPadding[d] - "
            "Dilations[d] * (WindowSizes[d] - 1) - 1) / Strides[d] + 1 (integer division), "
            "BlockCount = product of BlocksPerDimension over 0 <= d < DimensionCount; the page "
            "does not define SpatialSize for FOLD: its examples fit OutputTensor's spatial sizes",
            "note: DimensionCount is the number of spatial dimensions (size of WindowSizes, "
            "Strides, Dilations, StartPadding, EndPadding) and must be <= 6 (and >= 1: "
            "OutputTensor has DimensionCount + 2 >= 3 dimensions)",
            "note: WindowSizes, Strides and Dilations must be >= 1, and the dilated window "
            "Dilations * (WindowSizes - 1) + 1 must fit SpatialSize + StartPadding + EndPadding "
            "(decisions: a 0 window has no element, the formula divides by Strides)",
            "note: Strides/Dilations are window strides/dilations, separate from tensor strides; "
            "StartPadding/EndPadding are implicit zero padding of the spatial dimensions (the "
            "page says of InputTensor's): contributions landing in the padding are dropped",
            "note: the page's 'same DimensionCount' constraint is not applied: its examples "
            "contradict it (input {1,9,4}, 3 dims, folds to output {1,1,4,4}, 4 dims), as does "
            "onnxruntime's Col2Im (3-D input, (2 + spatial)-D output)",
            "note: page has worked examples (1-channel; 1-channel padded {1,0}/{1,0}; 2-channel "
            "padded; 3x3 windows, stride 1)",
        ],
        support={
            "6_4": """
                InputTensor   input   3-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
                OutputTensor  output  3-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "UNFOLD",
        kernel="data_movement",
        rules="data_movement.fold_unfold",
        page="6f457b36611368a3808b60cce9c329ba3d2d9319",
        introduced="6_4",
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: page: MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_unfold_operator_desc.md",
            "note: support decided, not transcribed: the page's single table (no level heading) "
            "gives InputTensor input 3 to 8 and OutputTensor output 3 to 8 dimensions but leaves "
            "'Supported data types' blank (the examples use FLOAT32 only). Decision: the same "
            "types as FOLD (see FOLD's note: onnxruntime's DML Col2Im registration covers every "
            "scalar type); UNFOLD only copies elements, so any type is exact",
            "note: same DataType is a decision (UNFOLD copies elements)",
            "note: InputTensor is (N, C, *) with DimensionCount spatial dimensions *; "
            "OutputTensor is 3D (N, C * prod(WindowSizes), BlockCount): each sliding block is "
            "flattened into one column (last dimension indexes blocks)",
            "note: BlocksPerDimension[d] = (SpatialSize[d] + StartPadding[d] + EndPadding[d] - "
            "Dilations[d] * (WindowSizes[d] - 1) - 1) / Strides[d] + 1 (integer division), "
            "BlockCount = product of BlocksPerDimension over 0 <= d < DimensionCount",
            "note: DimensionCount is the number of spatial dimensions (size of WindowSizes, "
            "Strides, Dilations, StartPadding, EndPadding) and must be in [1, 6]",
            "note: WindowSizes, Strides and Dilations must be >= 1, and the dilated window must "
            "fit the padded input (as FOLD)",
            "note: Strides/Dilations are window strides/dilations, separate from tensor strides; "
            "StartPadding/EndPadding are implicit zero padding (padded positions read 0)",
            "note: the page's 'same DimensionCount' constraint is not applied: its examples "
            "contradict it (input {1,1,5,5}, 4 dims, unfolds to output {1,9,9}, 3 dims)",
            "note: page has worked examples ({1,1,5,5} with 3x3 window -> {1,9,9}; padded "
            "{1,0}/{1,0} -> {1,9,15})",
        ],
        support={
            "6_4": """
                InputTensor   input   3-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
                OutputTensor  output  3-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
            """,
        },
    ),
]
