"""Element-wise clamping, selection and linear quantization operators: tensor support.

ELEMENT_WISE_CLIP, THRESHOLD, CLIP1, IF, QUANTIZE_LINEAR, DEQUANTIZE_LINEAR and
QUANTIZED_LINEAR_ADD, transcribed from the newest stored sdk-api page of each operator (the commit
is in ``page=``). They share the element-wise engine's rows that compare or round into a range.

Clamping. CLIP/THRESHOLD take FLOAT Min/Max even for integer tensors; CLIP1 takes
DML_SCALAR_UNION Min/Max read as ``MinMaxDataType``, which must equal the output's data type.
DML_SCALAR_UNION has no FLOAT16 member: the pages do not say how a FLOAT16 bound is stored;
tensorflow-directml-plugin's ``dml::ScalarUnion`` writes the IEEE half bit pattern into
``Bytes[0..1]`` (i.e. the low 16 bits, same as ``UInt16``). The CLIP1 pages disagree on the
formula: sdk-api has max(Min, min(x, Max)) (Min wins if Min > Max), MicrosoftDocs/windows-ai-docs
has min(Max, max(Min, x)) (Max wins); both agree when Min <= Max. The CLIP1 page carries one table
without a level heading, keyed here by the introduced level.

Selection. ELEMENT_WISE_IF at level 2_0 lists only FLOAT16 for ATensor/BTensor/OutputTensor (no
FLOAT32).

Quantization. The ZeroPointTensor of QUANTIZE_LINEAR and DEQUANTIZE_LINEAR is a required input
below level 6_2 on the pages although the header marks it ``_Maybenull_``; the rounding rule of
"round" is never stated; INT4/UINT4 (level 6_3) pack two elements per byte, first element in the
low nibble (DML_TENSOR_DATA_TYPE page). The block quantization operators QUANTIZE, DEQUANTIZE and
DYNAMIC_QUANTIZE_LINEAR are in quantize.py.

The module is named after the C file that holds these operators' rows,
``native/families/ew_quantize.c``, with their rules in ``native/validate/rules_ew_quantize.c`` and
their tests in ``tests/test_ew_quantize*.py``: one name in every layer.
"""

from pydml.schema.tables import operator

_INT64 = "FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"
_INT32 = "FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8"
_CMP32 = "FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8"
_ALL = "FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"
_QINT = "INT32 INT16 INT8 UINT32 UINT16 UINT8"

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
        "ELEMENT_WISE_IF",
        kernel="elementwise",
        page="f88051d5c21ab188c03603f2a873ab6993fb9860",
        introduced="2_0",
        constraints=[
            "same DimensionCount Sizes: ATensor BTensor ConditionTensor OutputTensor",
            "same DataType: ATensor BTensor OutputTensor",
            "note: f(cond, a, b) = a if cond != 0 else b (non-zero ConditionTensor elements "
            "select from ATensor, zero elements from BTensor)",
            "note: ConditionTensor must be UINT8 at every level",
            "note: at level 2_0 the page lists only FLOAT16 for ATensor, BTensor and OutputTensor",
            "note: page has a worked example",
        ],
        support={
            "5_0": f"""
                ConditionTensor  input   1-8  UINT8
                ATensor          input   1-8  {_ALL}
                BTensor          input   1-8  {_ALL}
                OutputTensor     output  1-8  {_ALL}
            """,
            "3_0": f"""
                ConditionTensor  input   1-8  UINT8
                ATensor          input   1-8  {_CMP32}
                BTensor          input   1-8  {_CMP32}
                OutputTensor     output  1-8  {_CMP32}
            """,
            "2_0": """
                ConditionTensor  input   4  UINT8
                ATensor          input   4  FLOAT16
                BTensor          input   4  FLOAT16
                OutputTensor     output  4  FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_QUANTIZE_LINEAR",
        kernel="elementwise",
        rules="ew_quantize.quantize",
        page="e0bf7d90dfb4f65c50af4631a27c4f11dde72c0b",
        introduced="1_0",
        constraints=[
            "same DimensionCount Sizes: InputTensor OutputTensor ScaleTensor ZeroPointTensor",
            "same DataType: OutputTensor ZeroPointTensor",
            "note: f(input, scale, zero_point) = clamp(round(input / scale) + zero_point, Min, "
            "Max) with [Min, Max] = [0, 255] for UINT8 output and [-128, 127] for INT8 output "
            "(saturating); the page does not state the tie rule of round (ONNX QuantizeLinear, "
            "which this implements, rounds half to even)",
            "note: a scale value of 0 is undefined behaviour",
            "note: if InputTensor is INT32, ScaleTensor must be FLOAT32; otherwise ScaleTensor "
            "must have InputTensor's DataType",
            "note: page says ZeroPointTensor is a required Input below level 6_2 and an Optional "
            "input from 6_2; header marks it _Maybenull_ at every level; when absent the zero "
            "point is 0 (implied, not stated on this page)",
        ],
        support={
            "6_2": """
                InputTensor      input           1-8  FLOAT32 FLOAT16 INT32
                ScaleTensor      input           1-8  FLOAT32 FLOAT16
                ZeroPointTensor  optional-input  1-8  INT8 UINT8
                OutputTensor     output          1-8  INT8 UINT8
            """,
            "6_0": """
                InputTensor      input   1-8  FLOAT32 FLOAT16 INT32
                ScaleTensor      input   1-8  FLOAT32 FLOAT16
                ZeroPointTensor  input   1-8  INT8 UINT8
                OutputTensor     output  1-8  INT8 UINT8
            """,
            "3_0": """
                InputTensor      input   1-8  FLOAT32 INT32
                ScaleTensor      input   1-8  FLOAT32
                ZeroPointTensor  input   1-8  INT8 UINT8
                OutputTensor     output  1-8  INT8 UINT8
            """,
            "2_1": """
                InputTensor      input   4  FLOAT32 INT32
                ScaleTensor      input   4  FLOAT32
                ZeroPointTensor  input   4  INT8 UINT8
                OutputTensor     output  4  INT8 UINT8
            """,
            "1_0": """
                InputTensor      input   4  FLOAT32
                ScaleTensor      input   4  FLOAT32
                ZeroPointTensor  input   4  UINT8
                OutputTensor     output  4  UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_DEQUANTIZE_LINEAR",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DimensionCount Sizes: InputTensor OutputTensor ScaleTensor ZeroPointTensor",
            "same DataType: InputTensor ZeroPointTensor",
            "same DataType: OutputTensor ScaleTensor",
            "note: f(input, scale, zero_point) = (input - zero_point) * scale",
            "note: a scale value of 0 is undefined behaviour",
            "note: page says ZeroPointTensor is a required Input below level 6_2 and an Optional "
            "input from 6_2; header marks it _Maybenull_ at every level; when absent the zero "
            "point is 0 (implied, not stated on this page)",
        ],
        support={
            "6_2": f"""
                InputTensor      input           1-8  {_QINT}
                ScaleTensor      input           1-8  FLOAT32 FLOAT16
                ZeroPointTensor  optional-input  1-8  {_QINT}
                OutputTensor     output          1-8  FLOAT32 FLOAT16
            """,
            "6_0": f"""
                InputTensor      input   1-8  {_QINT}
                ScaleTensor      input   1-8  FLOAT32 FLOAT16
                ZeroPointTensor  input   1-8  {_QINT}
                OutputTensor     output  1-8  FLOAT32 FLOAT16
            """,
            "3_0": f"""
                InputTensor      input   1-8  {_QINT}
                ScaleTensor      input   1-8  FLOAT32
                ZeroPointTensor  input   1-8  {_QINT}
                OutputTensor     output  1-8  FLOAT32
            """,
            "2_1": f"""
                InputTensor      input   4  {_QINT}
                ScaleTensor      input   4  FLOAT32
                ZeroPointTensor  input   4  {_QINT}
                OutputTensor     output  4  FLOAT32
            """,
            "1_0": """
                InputTensor      input   4  UINT8
                ScaleTensor      input   4  FLOAT32
                ZeroPointTensor  input   4  UINT8
                OutputTensor     output  4  FLOAT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_QUANTIZED_LINEAR_ADD",
        kernel="elementwise",
        rules="ew_quantize.qlinear_add",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="4_0",
        constraints=[
            "same DimensionCount: AScaleTensor ATensor AZeroPointTensor BScaleTensor BTensor "
            "BZeroPointTensor OutputScaleTensor OutputTensor OutputZeroPointTensor",
            "same DataType: BTensor BZeroPointTensor",
            "same DataType: OutputTensor OutputZeroPointTensor",
            "same DataType: ATensor AZeroPointTensor",
            "note: AValue = (A - AZeroPoint) * AScale; BValue = (B - BZeroPoint) * BScale; "
            "Output = clamp(round((AValue + BValue) / OutputScale) + OutputZeroPoint, Min, Max) "
            "with [Min, Max] = [0, 255] for UINT8 output and [-128, 127] for INT8 output",
            "note: AScaleTensor, AZeroPointTensor, BScaleTensor, BZeroPointTensor, "
            "OutputScaleTensor and OutputZeroPointTensor each have exactly 1 element (per-tensor "
            "quantization)",
            "note: AZeroPointTensor, BZeroPointTensor and OutputZeroPointTensor are optional and "
            "default to 0 when NULL",
            "note: OutputScaleTensor and OutputZeroPointTensor are inputs (they define the "
            "output's quantization)",
            "note: the constraints require only equal DimensionCount, not equal Sizes, of ATensor, "
            "BTensor and OutputTensor (element-wise semantics imply equal Sizes)",
        ],
        support={
            "4_0": """
                ATensor                input           1-8  INT8 UINT8
                AScaleTensor           input           1-8  FLOAT32
                AZeroPointTensor       optional-input  1-8  INT8 UINT8
                BTensor                input           1-8  INT8 UINT8
                BScaleTensor           input           1-8  FLOAT32
                BZeroPointTensor       optional-input  1-8  INT8 UINT8
                OutputScaleTensor      input           1-8  FLOAT32
                OutputZeroPointTensor  optional-input  1-8  INT8 UINT8
                OutputTensor           output          1-8  INT8 UINT8
            """,
        },
    ),
]

#: ELEMENT_WISE_CLIP may be a FusedActivation from FL6_0 (dml-fused-activations.md).
FUSABLE: dict[str, str] = {"ELEMENT_WISE_CLIP": "6_0"}
#: ... "For Convolution and GEMM only" (dml-fused-activations.md).
FUSABLE_HOSTS: dict[str, tuple[str, ...]] = {"ELEMENT_WISE_CLIP": ("CONVOLUTION", "GEMM")}
