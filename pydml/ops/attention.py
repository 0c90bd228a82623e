"""MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1: the tensor-support tables of their pages.

sdk-api has no page for them; theirs come from MicrosoftDocs/windows-ai-docs
(``docs/directml/api/ns-directml-dml_<name>_operator_desc.md``, the commit in ``page=``).
Surprises: the pages have one untitled table (keyed by the introduced level), list no
per-combination shape table (every shape rule is in the notes), and MULTIHEAD_ATTENTION1's page is
partly "TBD" and types PastSequenceLengthsTensor FLOAT32/FLOAT16. One name everywhere:
native/families/attention.c, native/validate/rules_attention.c, tests/test_attention.py,
benchmarks/bench_attention.py.
"""

from pydml.schema.tables import operator

TABLES = [
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
