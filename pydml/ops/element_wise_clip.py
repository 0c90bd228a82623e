"""Element-wise clamping operators and their gradients: tensor support.

The clip family (CLIP, THRESHOLD, CLIP_GRAD, CLIP1, CLIP_GRAD1), transcribed from the newest stored
sdk-api page of each operator (the commit is in ``page=``). CLIP/CLIP_GRAD/THRESHOLD take FLOAT
Min/Max even for integer tensors; CLIP1/CLIP_GRAD1 take DML_SCALAR_UNION Min/Max read as
``MinMaxDataType``, which must equal the output's data type. DML_SCALAR_UNION has no FLOAT16
member: the pages do not say how a FLOAT16 bound is stored; tensorflow-directml-plugin's
``dml::ScalarUnion`` writes the IEEE half bit pattern into ``Bytes[0..1]`` (i.e. the low 16 bits,
same as ``UInt16``). The CLIP1 pages disagree on the formula: sdk-api has max(Min, min(x, Max))
(Min wins if Min > Max), MicrosoftDocs/windows-ai-docs has min(Max, max(Min, x)) (Max wins); both
agree when Min <= Max. The CLIP1/CLIP_GRAD1 pages carry one table without a level heading, keyed
here by the introduced level.
"""


from pydml.schema.tables import operator

_INT64 = "FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"
_INT32 = "FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8"

TABLES = [
    operator(
        "ELEMENT_WISE_CLIP",
        kernel="elementwise",
        rules="ew_quantize.clip",
        page="37a8df4aa27b6b0da04946fa62d02bbcf70222e1",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = min(Max, max(Min, x)) (clamp to the closed interval [Min, Max]); Min and "
            "Max are FLOAT fields whatever the tensor data type",
            "note: optional ScaleBias (may be NULL): when present, g(x) = x * Scale + Bias is "
            "applied to each input element before clipping",
            "note: supports in-place execution: OutputTensor may alias InputTensor",
        ],
        support={
            "5_0": f"""
                InputTensor   input   1-8  {_INT64}
                OutputTensor  output  1-8  {_INT64}
            """,
            "3_0": f"""
                InputTensor   input   1-8  {_INT32}
                OutputTensor  output  1-8  {_INT32}
            """,
            "2_1": f"""
                InputTensor   input   4  {_INT32}
                OutputTensor  output  4  {_INT32}
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_THRESHOLD",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = max(x, Min): elements below Min are replaced by Min; Min is a FLOAT "
            "field",
            "note: optional ScaleBias (may be NULL): when present, g(x) = x * Scale + Bias is "
            "applied to each input element first",
            "note: supports in-place execution: OutputTensor may alias InputTensor",
        ],
        support={
            "3_0": f"""
                InputTensor   input   1-8  {_INT32}
                OutputTensor  output  1-8  {_INT32}
            """,
            "2_1": f"""
                InputTensor   input   4  {_INT32}
                OutputTensor  output  4  {_INT32}
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_CLIP_GRAD",
        kernel="elementwise",
        page="8691330294ef3c2b5fc3e59e0a7ed6c71f6ae8d1",
        introduced="3_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputGradientTensor InputTensor "
            "OutputGradientTensor",
            "note: f(x, gradient) = 0 if x <= Min, 0 if x >= Max, else gradient (both bounds "
            "inclusive); x from InputTensor, gradient from InputGradientTensor; Min and Max are "
            "FLOAT fields",
            "note: supports in-place execution: the output (OutputGradientTensor; the page says "
            "'OutputTensor') may alias InputTensor",
        ],
        support={
            "5_0": f"""
                InputTensor           input   1-8  {_INT64}
                InputGradientTensor   input   1-8  {_INT64}
                OutputGradientTensor  output  1-8  {_INT64}
            """,
            "3_1": f"""
                InputTensor           input   1-8  {_INT32}
                InputGradientTensor   input   1-8  {_INT32}
                OutputGradientTensor  output  1-8  {_INT32}
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_CLIP1",
        kernel="elementwise",
        rules="ew_quantize.clip1",
        page="f2d501f718b155b467c2570d1466679607776244",
        introduced="5_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = max(Min, min(x, Max)) per the sdk-api page (windows-ai-docs commit "
            "2737422206898fe4338f93dac1c38df7c1ab65f0 writes min(Max, max(Min, x)); they differ "
            "only when Min > Max)",
            "note: MinMaxDataType must equal OutputTensor.DataType; Min and Max are "
            "DML_SCALAR_UNION read through the member MinMaxDataType names (INT8 -> Int8, "
            "UINT8 -> UInt8, INT16 -> Int16, UINT16 -> UInt16, INT32 -> Int32, UINT32 -> UInt32, "
            "INT64 -> Int64, UINT64 -> UInt64, FLOAT32 -> Float32, FLOAT64 -> Float64; FLOAT16 "
            "has no member: half bits in Bytes[0..1], not stated on the page)",
            "note: optional ScaleBias (may be NULL): when present, g(x) = x * Scale + Bias is "
            "applied to each input element before clipping",
            "note: supports in-place execution: OutputTensor may alias InputTensor",
            "note: the page's single table has no level heading (keyed by the introduced level)",
        ],
        support={
            "5_0": f"""
                InputTensor   input   1-8  {_INT64}
                OutputTensor  output  1-8  {_INT64}
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_CLIP_GRAD1",
        kernel="elementwise",
        rules="ew_quantize.clip_grad1",
        page="43d422fa588d26857a533d1ba2d458c7baf34405",
        introduced="5_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputGradientTensor InputTensor "
            "OutputGradientTensor",
            "note: f(x, gradient) = 0 if x <= Min, 0 if x >= Max, else gradient (both bounds "
            "inclusive); x from InputTensor, gradient from InputGradientTensor",
            "note: MinMaxDataType must equal the output's data type (the page says "
            "'OutputTensor.DataType'; the struct's output is OutputGradientTensor); Min and Max "
            "are DML_SCALAR_UNION read through the member MinMaxDataType names (as CLIP1)",
            "note: supports in-place execution: the output (OutputGradientTensor; the page says "
            "'OutputTensor') may alias InputTensor",
            "note: the page's single table has no level heading (keyed by the introduced level)",
        ],
        support={
            "5_0": f"""
                InputTensor           input   1-8  {_INT64}
                InputGradientTensor   input   1-8  {_INT64}
                OutputGradientTensor  output  1-8  {_INT64}
            """,
        },
    ),
]

#: ELEMENT_WISE_CLIP may be a FusedActivation from FL6_0 (dml-fused-activations.md).
FUSABLE: dict[str, str] = {"ELEMENT_WISE_CLIP": "6_0"}
#: ... "For Convolution and GEMM only" (dml-fused-activations.md).
FUSABLE_HOSTS: dict[str, tuple[str, ...]] = {"ELEMENT_WISE_CLIP": ("CONVOLUTION", "GEMM")}
