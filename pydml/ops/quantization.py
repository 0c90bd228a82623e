"""Quantization operators: tensor support.

The quantization family (ELEMENT_WISE_QUANTIZE_LINEAR, ELEMENT_WISE_DEQUANTIZE_LINEAR,
ELEMENT_WISE_QUANTIZED_LINEAR_ADD, DYNAMIC_QUANTIZE_LINEAR, QUANTIZE, DEQUANTIZE), transcribed from
the newest stored page of each operator (the commit is in ``page=``): sdk-api for the first four;
QUANTIZE and DEQUANTIZE have no sdk-api page, so theirs is MicrosoftDocs/windows-ai-docs
``docs/directml/api/ns-directml-dml_(de)quantize_operator_desc.md``, whose prose is still "TBD":
it gives the tables and one DimensionCount constraint but not the order, count or shapes of
QuantizationTensors. The notes fill these from Microsoft's own callers (onnxruntime's DML
MatMulNBits, Chromium WebNN) and say so. Surprises: the ZeroPointTensor of QUANTIZE_LINEAR and
DEQUANTIZE_LINEAR is a required input below level 6_2 on the pages although the header marks it
``_Maybenull_``; the rounding rule of "round" is never stated; INT4/UINT4 (level 6_3) pack two
elements per byte, first element in the low nibble (DML_TENSOR_DATA_TYPE page).
"""

from pydml.schema.tables import operator

_QINT = "INT32 INT16 INT8 UINT32 UINT16 UINT8"

TABLES = [
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
    operator(
        "DYNAMIC_QUANTIZE_LINEAR",
        kernel="quantize",
        rules="quantize.dynamic",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="4_0",
        constraints=[
            "same DimensionCount: InputTensor OutputScaleTensor OutputTensor "
            "OutputZeroPointTensor",
            "same DataType: OutputTensor OutputZeroPointTensor",
            "note: InputMax = max(InputTensor), InputMin = min(InputTensor); with [Min, Max] = "
            "[0, 255] for UINT8 and [-128, 127] for INT8 output: OutputScale = (InputMax - "
            "InputMin) / (Max - Min); OutputZeroPoint = Min - InputMin / OutputScale; Output = "
            "clamp(round(Input / OutputScale) + OutputZeroPoint, Min, Max)",
            "note: the page's formula block also carries two stray lines (AValue/BValue) copied "
            "from QUANTIZED_LINEAR_ADD, and does not say how OutputZeroPoint is rounded or "
            "clamped, nor whether [InputMin, InputMax] is widened to include 0 (ONNX "
            "DynamicQuantizeLinear does both)",
            "note: OutputScaleTensor and OutputZeroPointTensor are outputs with exactly 1 element "
            "each; OutputTensor presumably has InputTensor's Sizes (page requires only equal "
            "DimensionCount)",
        ],
        support={
            "4_0": """
                InputTensor            input   1-8  FLOAT32 FLOAT16
                OutputTensor           output  1-8  INT8 UINT8
                OutputScaleTensor      output  1-8  FLOAT32
                OutputZeroPointTensor  output  1-8  INT8 UINT8
            """,
        },
    ),
    operator(
        "QUANTIZE",
        kernel="quantize",
        rules="quantize",
        page="f2066003522377da1ec3372e598f312343141bf8",
        introduced="6_3",
        constraints=[
            "same DimensionCount: InputTensor OutputTensor QuantizationTensors",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_quantize_operator_desc.md (no sdk-api page); its field descriptions "
            "(QuantizationType, QuantizationTensorCount, QuantizationTensors) are 'TBD'",
            "note: QuantizationTensors is an array of QuantizationTensorCount input tensors (page "
            "kind 'Array of inputs'); the table gives one row for the whole array",
            "note: not on the page, from Microsoft callers (onnxruntime DML MatMulNBits, Chromium "
            "WebNN): QuantizationType SCALE -> QuantizationTensors = [Scale] (count 1); "
            "SCALE_ZERO_POINT -> [Scale, ZeroPoint] (count 2); NONE is not a valid choice",
            "note: not on the page: Scale has InputTensor's float DataType, ZeroPoint has "
            "OutputTensor's DataType; each quantization tensor has InputTensor's DimensionCount "
            "and per dimension either InputTensor's size, or a block count dividing it exactly "
            "(block-wise quantization, blocks of Input.Sizes[d] / Q.Sizes[d]), or is broadcast "
            "with stride 0; OutputTensor has InputTensor's Sizes",
            "note: formula not on the page; by analogy with ELEMENT_WISE_QUANTIZE_LINEAR: "
            "out = clamp(round(x / scale) + zero_point, Min, Max) saturating to the output type "
            "(UINT8 [0, 255], INT8 [-128, 127], UINT4 [0, 15], INT4 [-8, 7]); zero_point = 0 "
            "for SCALE",
            "note: INT4/UINT4 data packs two elements per byte, first element in the low nibble, "
            "second in the high nibble; sizes need not be even (the tail nibble is ignored), e.g. "
            "UINT4 [1,2,3,4,5] -> bytes [0x21, 0x43, 0x05] (DML_TENSOR_DATA_TYPE page)",
            "note: the page's single table has no level heading (keyed by the introduced level)",
        ],
        support={
            "6_3": """
                InputTensor          input   1-8  FLOAT32 FLOAT16
                QuantizationTensors  input   1-8  FLOAT32 FLOAT16 INT8 INT4 UINT8 UINT4
                OutputTensor         output  1-8  INT8 INT4 UINT8 UINT4
            """,
        },
    ),
    operator(
        "DEQUANTIZE",
        kernel="quantize",
        rules="quantize",
        page="d44b24e43fdd1a0f4ff810e4dde4552db569988d",
        introduced="6_3",
        constraints=[
            "same DimensionCount: InputTensor OutputTensor QuantizationTensors",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_dequantize_operator_desc.md (no sdk-api page); its field "
            "descriptions (QuantizationType, QuantizationTensorCount, QuantizationTensors) are "
            "'TBD'",
            "note: QuantizationTensors is an array of QuantizationTensorCount input tensors (page "
            "kind 'Array of inputs'); the table gives one row for the whole array",
            "note: not on the page, from Microsoft callers (onnxruntime DML MatMulNBits, Chromium "
            "WebNN): QuantizationType SCALE -> QuantizationTensors = [Scale] (count 1); "
            "SCALE_ZERO_POINT -> [Scale, ZeroPoint] (count 2); NONE is not a valid choice",
            "note: not on the page: Scale has OutputTensor's float DataType, ZeroPoint has "
            "InputTensor's DataType; each quantization tensor has InputTensor's DimensionCount "
            "and per dimension either InputTensor's size, or a block count dividing it exactly "
            "(block-wise quantization, e.g. onnxruntime passes Scale of sizes {..,N,K/block} for "
            "Input {..,N,K}), or is broadcast with stride 0; OutputTensor has InputTensor's Sizes",
            "note: formula not on the page; by analogy with ELEMENT_WISE_DEQUANTIZE_LINEAR: "
            "out = (x - zero_point) * scale, zero_point = 0 for SCALE",
            "note: INT4/UINT4 data packs two elements per byte, first element in the low nibble, "
            "second in the high nibble; sizes need not be even (the tail nibble is ignored); "
            "onnxruntime rounds an odd last-dimension zero-point row stride up to even when the "
            "rows are byte-aligned in its buffer",
            "note: the page's single table has no level heading (keyed by the introduced level)",
        ],
        support={
            "6_3": """
                InputTensor          input   1-8  INT8 INT4 UINT8 UINT4
                QuantizationTensors  input   1-8  FLOAT32 FLOAT16 INT8 INT4 UINT8 UINT4
                OutputTensor         output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
]
