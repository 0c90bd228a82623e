"""Quantization operators with their own kernels (native/families/quantize.c):
DYNAMIC_QUANTIZE_LINEAR,
QUANTIZE, DEQUANTIZE and QUANTIZED_LINEAR_AVERAGE_POOLING, tensor support.

Transcribed from the newest stored page of each operator (the commit is in ``page=``): sdk-api for
DYNAMIC_QUANTIZE_LINEAR; QUANTIZE, DEQUANTIZE and QUANTIZED_LINEAR_AVERAGE_POOLING have no sdk-api
page, so theirs is MicrosoftDocs/windows-ai-docs ``docs/directml/api/``. The QUANTIZE/DEQUANTIZE
prose is still "TBD": it gives the tables and one DimensionCount constraint but not the order,
count or shapes of QuantizationTensors. The notes fill these from Microsoft's own callers
(onnxruntime's DML MatMulNBits, Chromium WebNN) and say so. QUANTIZED_LINEAR_AVERAGE_POOLING's
output-size formula is copied from the undilated AVERAGE_POOLING and ignores Dilations (as every
dilated pooling page does, pooling.py); its single table is keyed by the introduced level. The
element-wise QUANTIZE_LINEAR/DEQUANTIZE_LINEAR/QUANTIZED_LINEAR_ADD are in ew_quantize.py.

The module is named after the C file that holds these operators' rows,
``native/families/quantize.c``, with their rules in ``native/validate/rules_quantize.c`` and their
tests in ``tests/test_quantize*.py``: one name in every layer.
"""

from pydml.schema.tables import operator

TABLES = [
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
    operator(
        "QUANTIZED_LINEAR_AVERAGE_POOLING",
        kernel="quantize",
        rules="quantize.qlap",
        page="907605caaa64352e6134de21de84a343f58a2fa1",
        introduced="6_2",
        constraints=[
            "same DimensionCount: InputTensor OutputTensor",
            "same DataType: InputTensor InputZeroPointTensor",
            "same DataType: OutputTensor OutputZeroPointTensor",
            "note: page is in MicrosoftDocs/windows-ai-docs (docs/directml/api/), not sdk-api; "
            "its single table has no level heading (keyed by the introduced level)",
            "note: equivalent to dequantize ((x - zp) * scale) -> AVERAGE_POOLING1 -> quantize "
            "(clamp(round(x / scale) + zp, Min, Max))",
            "note: InputScaleTensor, InputZeroPointTensor, OutputScaleTensor and "
            "OutputZeroPointTensor Sizes {1,1,1,1} (per tensor) or {1,ChannelCount,1,1} (per "
            "channel); scale tensors FLOAT32, a scale of 0 is undefined behavior; zero-point "
            "tensors optional",
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
                InputTensor            input           4-5  INT8 UINT8
                InputScaleTensor       input           1-5  FLOAT32
                InputZeroPointTensor   optional-input  1-5  INT8 UINT8
                OutputScaleTensor      input           1-5  FLOAT32
                OutputZeroPointTensor  optional-input  1-5  INT8 UINT8
                OutputTensor           output          4-5  INT8 UINT8
            """,
        },
    ),
]
