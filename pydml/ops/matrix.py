"""Matrix-multiply and attention operators: the tensor-support tables of their documentation pages.

The tables are transcribed from the newest stored version of each operator's page (the commit is
in ``page=``): MicrosoftDocs/sdk-api for GEMM, MATRIX_MULTIPLY_INTEGER and
QUANTIZED_LINEAR_MATRIX_MULTIPLY; sdk-api has no page for MATRIX_MULTIPLY_INTEGER_TO_FLOAT,
MULTIHEAD_ATTENTION or MULTIHEAD_ATTENTION1, whose pages come from MicrosoftDocs/windows-ai-docs
(``docs/directml/api/ns-directml-dml_<name>_operator_desc.md``). Surprises: the attention pages
have one untitled table (keyed by the introduced level), list no per-combination shape table
(every shape rule is in the notes), and MULTIHEAD_ATTENTION1's page is partly "TBD" and types
PastSequenceLengthsTensor FLOAT32/FLOAT16; MATRIX_MULTIPLY_INTEGER_TO_FLOAT's page describes
OutputScaleTensor/OutputZeroPointTensor fields its struct does not have.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "GEMM",
        kernel="gemm",
        rules="gemm",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: ATensor BTensor CTensor OutputTensor",
            "same Sizes: CTensor OutputTensor",
            "note: Output = FusedActivation(Alpha * TransA(A) x TransB(B) + Beta * C); performs "
            "BatchCount * ChannelCount independent {M,K} x {K,N} = {M,N} multiplications",
            "note: ATensor Sizes are {BatchCount, ChannelCount, M, K} when TransA is "
            "DML_MATRIX_TRANSFORM_NONE, {BatchCount, ChannelCount, K, M} when TransA is "
            "DML_MATRIX_TRANSFORM_TRANSPOSE",
            "note: BTensor Sizes are {BatchCount, ChannelCount, K, N} when TransB is NONE, "
            "{BatchCount, ChannelCount, N, K} when TransB is TRANSPOSE",
            "note: CTensor (optional; values default to 0 when absent) and OutputTensor Sizes are "
            "{BatchCount, ChannelCount, M, N}",
            "note: Beta is ignored when CTensor is not provided",
            "note: TransA/TransB are DML_MATRIX_TRANSFORM_NONE or DML_MATRIX_TRANSFORM_TRANSPOSE",
            "note: FusedActivation is optional (may be null); applied after the GEMM",
            "note: from 4_0 the leading BatchCount and ChannelCount dimensions are optional (2 to "
            "4 dimensions); at 1_0 all tensors are 4D",
        ],
        support={
            "4_0": (
                "ATensor input 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,K}\n"
                "BTensor input 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],K,N}\n"
                "CTensor optional-input 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,N}\n"
                "OutputTensor output 2-4 FLOAT32 FLOAT16 {[BatchCount],[ChannelCount],M,N}\n"
            ),
            "1_0": """
                ATensor       input           4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,M,K}
                BTensor       input           4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,K,N}
                CTensor       optional-input  4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,M,N}
                OutputTensor  output          4  FLOAT32 FLOAT16  {BatchCount,ChannelCount,M,N}
            """,
        },
    ),
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
        "MULTIHEAD_ATTENTION",
        kernel="attention",
        rules="attention",
        page="81d3d39bd55a935eaff7cdcba979482a32b895f3",
        introduced="6_1",
        constraints=[
            "same DataType: BiasTensor KeyTensor OutputPresentKeyTensor OutputPresentValueTensor "
            "OutputTensor PastKeyTensor PastValueTensor QueryTensor RelativePositionBiasTensor "
            "StackedKeyValueTensor StackedQueryKeyTensor StackedQueryKeyValueTensor ValueTensor",
            "note: page is in MicrosoftDocs/windows-ai-docs (docs/directml/api/), not sdk-api; "
            "its single table has no level heading (keyed by the introduced level)",
            "note: exactly one query, one key and one value must be present, stacked or not: the "
            "valid input sets are {QueryTensor, KeyTensor, ValueTensor}, {QueryTensor, "
            "StackedKeyValueTensor}, {StackedQueryKeyTensor, ValueTensor} and "
            "{StackedQueryKeyValueTensor} alone; a tensor already provided by a stacked tensor "
            "must be null",
            "note: mutual exclusions: QueryTensor with StackedQueryKeyTensor and "
            "StackedQueryKeyValueTensor; KeyTensor with StackedQueryKeyTensor, "
            "StackedKeyValueTensor and StackedQueryKeyValueTensor; ValueTensor with "
            "StackedKeyValueTensor and StackedQueryKeyValueTensor; each stacked tensor with every "
            "other stacked tensor",
            "note: QueryTensor Sizes [batchSize, sequenceLength, hiddenSize], hiddenSize = "
            "HeadCount * headSize; 4 or 5 dimensions allowed when the leading dimensions are 1",
            "note: KeyTensor Sizes [batchSize, keyValueSequenceLength, hiddenSize]; 4 or 5 "
            "dimensions allowed when the leading dimensions are 1",
            "note: ValueTensor Sizes [batchSize, keyValueSequenceLength, valueHiddenSize], "
            "valueHiddenSize = HeadCount * valueHeadSize; 4 or 5 dimensions allowed when the "
            "leading dimensions are 1",
            "note: stacked tensors always have 5 dimensions and are stacked on the fourth: "
            "StackedQueryKeyTensor [batchSize, sequenceLength, HeadCount, 2, headSize]; "
            "StackedKeyValueTensor [batchSize, keyValueSequenceLength, HeadCount, 2, headSize]; "
            "StackedQueryKeyValueTensor [batchSize, sequenceLength, HeadCount, 3, headSize]",
            "note: BiasTensor Sizes [hiddenSize + hiddenSize + valueHiddenSize], added to "
            "Query/Key/Value before the first GEMM; 2 to 5 dimensions allowed when the leading "
            "dimensions are 1",
            "note: RelativePositionBiasTensor is added to the result of the first GEMM (after "
            "Scale); the page gives no shape (4 to 5 dimensions)",
            "note: PastKeyTensor and PastValueTensor Sizes [batchSize, HeadCount, "
            "pastSequenceLength, headSize]; concatenated with key/value giving [batchSize, "
            "HeadCount, pastSequenceLength + keyValueSequenceLength, headSize]",
            "note: OutputTensor Sizes [batchSize, sequenceLength, valueHiddenSize]",
            "note: OutputPresentKeyTensor / OutputPresentValueTensor Sizes [batchSize, HeadCount, "
            "keyValueSequenceLength, headSize] (cross attention) or [batchSize, HeadCount, "
            "pastSequenceLength + keyValueSequenceLength, headSize] (self attention, with past)",
            "note: computation: [add Bias to Q/K/V] -> GEMM(Q, transposed K) * Scale -> [add "
            "RelativePositionBias] -> [apply Mask] -> Softmax -> GEMM(result, V)",
            "note: Scale is usually 1/sqrt(headSize); MaskFilterValue should be a very large "
            "negative number (usually -10000.0f); HeadCount is the number of attention heads",
            "note: MaskTensor is INT32 and its meaning depends on MaskType: BOOLEAN (0 -> add "
            "MaskFilterValue, 1 -> nothing); KEY_SEQUENCE_LENGTH (shape [1, batchSize], unpadded "
            "key length per batch); KEY_SEQUENCE_END_START (shape [2, batchSize], end exclusive "
            "and start inclusive); KEY_QUERY_SEQUENCE_LENGTH_START_END (shape [batchSize * 3 + "
            "2]: keyLength[0..b-1], queryStart[0..b-1], queryEnd[b-1], keyStart[0..b-1], "
            "keyEnd[b-1]); the header's MASK_TYPE_NONE is not described",
        ],
        support={
            "6_1": """
                QueryTensor                 optional-input   3-5  FLOAT32 FLOAT16
                KeyTensor                   optional-input   3-5  FLOAT32 FLOAT16
                ValueTensor                 optional-input   3-5  FLOAT32 FLOAT16
                StackedQueryKeyTensor       optional-input   5    FLOAT32 FLOAT16
                StackedKeyValueTensor       optional-input   5    FLOAT32 FLOAT16
                StackedQueryKeyValueTensor  optional-input   5    FLOAT32 FLOAT16
                BiasTensor                  optional-input   1-5  FLOAT32 FLOAT16
                MaskTensor                  optional-input   1-5  INT32
                RelativePositionBiasTensor  optional-input   4-5  FLOAT32 FLOAT16
                PastKeyTensor               optional-input   4-5  FLOAT32 FLOAT16
                PastValueTensor             optional-input   4-5  FLOAT32 FLOAT16
                OutputTensor                output           3-5  FLOAT32 FLOAT16
                OutputPresentKeyTensor      optional-output  4-5  FLOAT32 FLOAT16
                OutputPresentValueTensor    optional-output  4-5  FLOAT32 FLOAT16
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
        "MULTIHEAD_ATTENTION1",
        kernel="attention",
        rules="attention",
        page="9bde1b294f02a88f92c9cc85c0ba971e1398920e",
        introduced="6_3",
        constraints=[
            "same DataType: BiasTensor KeyTensor OutputPresentKeyTensor OutputPresentValueTensor "
            "OutputTensor PastKeyTensor PastValueTensor QueryTensor "
            "RelativePositionBiasTensor StackedKeyValueTensor StackedQueryKeyTensor "
            "StackedQueryKeyValueTensor ValueTensor",
            "note: support decided, not transcribed, for PastSequenceLengthsTensor: the page types it "
            "FLOAT32/FLOAT16 and puts it in the same-DataType constraint; onnxruntime's "
            "GroupQueryAttention (DmlOperatorGroupQueryAttention.cpp, every version) binds INT32 "
            "lengths, so INT32 is accepted too; a FLOAT32/FLOAT16 one must still match the other "
            "tensors (native/validate/rules_attention.c)",
            "note: page is in MicrosoftDocs/windows-ai-docs (docs/directml/api/), not sdk-api; "
            "its single table has no level heading (keyed by the introduced level)",
            "note: page describes PastSequenceLengthsTensor, QueryHeadCount and KeyValueHeadCount "
            "only as 'TBD'; it types PastSequenceLengthsTensor FLOAT32/FLOAT16 and puts it in the "
            "same-DataType constraint (INT32 added, see above); native/families/attention.c documents how "
            "each was read",
            "note: all other member descriptions are MULTIHEAD_ATTENTION's, with headCount in the "
            "shapes (QueryHeadCount/KeyValueHeadCount replace HeadCount)",
            "note: exactly one query, one key and one value must be present, stacked or not: "
            "{QueryTensor, KeyTensor, ValueTensor}, {QueryTensor, StackedKeyValueTensor}, "
            "{StackedQueryKeyTensor, ValueTensor} or {StackedQueryKeyValueTensor} alone",
            "note: mutual exclusions: QueryTensor with StackedQueryKeyTensor and "
            "StackedQueryKeyValueTensor; KeyTensor with StackedQueryKeyTensor, "
            "StackedKeyValueTensor and StackedQueryKeyValueTensor; ValueTensor with "
            "StackedKeyValueTensor and StackedQueryKeyValueTensor; each stacked tensor with every "
            "other stacked tensor",
            "note: QueryTensor [batchSize, sequenceLength, hiddenSize] (hiddenSize = headCount * "
            "headSize); KeyTensor [batchSize, keyValueSequenceLength, hiddenSize]; ValueTensor "
            "[batchSize, keyValueSequenceLength, valueHiddenSize] (valueHiddenSize = headCount * "
            "valueHeadSize); each may have 4 or 5 dimensions when the leading dimensions are 1",
            "note: stacked tensors are 5D, stacked on the fourth dimension: StackedQueryKeyTensor "
            "[batchSize, sequenceLength, headCount, 2, headSize]; StackedKeyValueTensor "
            "[batchSize, keyValueSequenceLength, headCount, 2, headSize]; "
            "StackedQueryKeyValueTensor [batchSize, sequenceLength, headCount, 3, headSize]",
            "note: BiasTensor [hiddenSize + hiddenSize + valueHiddenSize] (2 to 5 dimensions "
            "allowed with leading 1s), added to Q/K/V before the first GEMM",
            "note: PastKeyTensor / PastValueTensor [batchSize, headCount, pastSequenceLength, "
            "headSize], concatenated to [.., pastSequenceLength + keyValueSequenceLength, ..]",
            "note: OutputTensor [batchSize, sequenceLength, valueHiddenSize]; "
            "OutputPresentKeyTensor / OutputPresentValueTensor [batchSize, headCount, "
            "keyValueSequenceLength, headSize] (cross attention) or [batchSize, headCount, "
            "pastSequenceLength + keyValueSequenceLength, headSize] (self attention)",
            "note: computation: [add Bias] -> GEMM(Q, transposed K) * Scale -> [add "
            "RelativePositionBias] -> [apply Mask] -> Softmax -> GEMM(result, V)",
            "note: MaskTensor is INT32; MaskType meanings as MULTIHEAD_ATTENTION: BOOLEAN, "
            "KEY_SEQUENCE_LENGTH [1, batchSize], KEY_SEQUENCE_END_START [2, batchSize], "
            "KEY_QUERY_SEQUENCE_LENGTH_START_END [batchSize * 3 + 2]",
        ],
        support={
            "6_3": """
                QueryTensor                 optional-input   3-5  FLOAT32 FLOAT16
                KeyTensor                   optional-input   3-5  FLOAT32 FLOAT16
                ValueTensor                 optional-input   3-5  FLOAT32 FLOAT16
                StackedQueryKeyTensor       optional-input   5    FLOAT32 FLOAT16
                StackedKeyValueTensor       optional-input   5    FLOAT32 FLOAT16
                StackedQueryKeyValueTensor  optional-input   5    FLOAT32 FLOAT16
                BiasTensor                  optional-input   1-5  FLOAT32 FLOAT16
                MaskTensor                  optional-input   1-5  INT32
                RelativePositionBiasTensor  optional-input   4-5  FLOAT32 FLOAT16
                PastKeyTensor               optional-input   4-5  FLOAT32 FLOAT16
                PastValueTensor             optional-input   4-5  FLOAT32 FLOAT16
                PastSequenceLengthsTensor   optional-input   1-5  FLOAT32 FLOAT16 INT32
                OutputTensor                output           3-5  FLOAT32 FLOAT16
                OutputPresentKeyTensor      optional-output  4-5  FLOAT32 FLOAT16
                OutputPresentValueTensor    optional-output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
]
