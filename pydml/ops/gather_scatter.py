"""Gather/scatter operators (gather, gather-elements, gather-ND, scatter-elements, scatter-ND,
non-zero coordinates, one-hot, reverse-subsequences, max-unpooling): tensor support and constraints,
transcribed from the newest stored
sdk-api page of each operator (its commit in ``page=``). SCATTER_ELEMENTS is transcribed from
the page of DML_SCATTER_OPERATOR_DESC, the same struct. Negative indices count from the end from
DML_FEATURE_LEVEL_3_0 (signed index types); only GATHER says what invalid indices do (no
failure, clamped reads, wrong values). SCATTER_ND gives half-open ranges for
InputDimensionCount/IndicesDimensionCount where GATHER_ND's are closed; several examples carry
wrong data types or sizes (noted per operator). REVERSE_SUBSEQUENCES' page is
``ns-directml-dml_reverse_subsequences_desc.md``.

The module is named after the C file that holds these operators' rows,
``native/families/gather_scatter.c``, with their rules in ``native/validate/rules_gather_scatter.c``
and their tests in ``tests/test_gather_scatter*.py``: one name in every layer.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "GATHER",
        kernel="gather_scatter",
        rules="gather_scatter.gather",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DimensionCount: IndicesTensor InputTensor OutputTensor",
            "same DataType: InputTensor OutputTensor",
            "note: output[...] = input[..., indices[...], ...] along Axis",
            "note: Axis must be in [0, InputTensor.DimensionCount)",
            "note: IndexDimensions (the meaningful trailing dimensions of IndicesTensor) must be "
            "in [0, IndicesTensor.DimensionCount); e.g. indices {1,1,4,6} with IndexDimensions 3 "
            "means {1,4,6}",
            "note: OutputTensor.Sizes = {InputTensor.Sizes[0..Axis), IndicesTensor.Sizes["
            "IndicesTensor.DimensionCount - IndexDimensions ..), InputTensor.Sizes[Axis+1 ..)}, "
            "right-aligned: leading 1s of the input sizes that would overflow the output "
            "DimensionCount are cropped",
            "note: (original rank of InputTensor, before padding with leading 1s) + "
            "IndexDimensions - 1 must be <= OutputTensor.DimensionCount",
            "note: from DML_FEATURE_LEVEL_3_0, negative indices (signed IndicesTensor) count from "
            "the end of the Axis dimension (-1 is the last element)",
            "note: invalid (out-of-range) indices do not fail: outputs are incorrect but reads "
            "are clamped safely within the input tensor's memory",
            "note: page has worked examples (1D remap; rows with Axis 0; column swap Axis 1; "
            "nested indices with Axis 2 and Axis 1); example headings name different axes than "
            "the Axis values they use",
        ],
        support={
            "4_1": """
                InputTensor    input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor    input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor    input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   4  UINT32
                OutputTensor   output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor    input   4  FLOAT32 FLOAT16
                IndicesTensor  input   4  UINT32
                OutputTensor   output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "SCATTER_ELEMENTS",
        kernel="gather_scatter",
        rules="gather_scatter.elements",
        page="f88051d5c21ab188c03603f2a873ab6993fb9860",
        introduced="2_0",  # the page says 1_0; see the note
        constraints=[
            "same DimensionCount: IndicesTensor InputTensor OutputTensor UpdatesTensor",
            "note: page says introduced in 1_0 and has a 1_0 table, but DirectML.h declares "
            "enumerator 94 in its DML_TARGET_VERSION >= 0x2000 block (after GRU, 78, the last 1.0 "
            "operator), the feature-level history lists SCATTER among 2_0's 19 new operators and "
            "the page's metadata gives Windows 10 2004 (DirectML 1.1) as the minimum client: "
            "pydml follows them (2_0)",
            "same DataType: InputTensor OutputTensor UpdatesTensor",
            "note: page is ns-directml-dml_scatter_operator_desc.md: DML_SCATTER_OPERATOR_DESC, "
            "aliased DML_SCATTER_ELEMENTS_OPERATOR_DESC (DML_OPERATOR_SCATTER == "
            "DML_OPERATOR_SCATTER_ELEMENTS); the counterpart of GATHER_ELEMENTS",
            "note: output = input, then output[..., index[i, j, k, ...] (at Axis), ...] = "
            "updates[i, j, k, ...]",
            "note: Axis must be in [0, OutputTensor.DimensionCount)",
            "note: IndicesTensor.Sizes must equal InputTensor.Sizes in every dimension except "
            "Axis; UpdatesTensor.Sizes must equal IndicesTensor.Sizes; OutputTensor.Sizes must "
            "equal InputTensor.Sizes",
            "note: overlapping output indices are invalid; which write wins is not guaranteed",
            "note: from DML_FEATURE_LEVEL_3_0, negative indices (signed IndicesTensor) count from "
            "the end of the Axis dimension (-1 is the last element)",
            "note: the page says nothing about out-of-range indices",
            "note: page has worked examples (1D scatter with duplicate index 3 -> [8,6,2,7,4]; "
            "2D scatter Axis 0); the 2D example labels a 3x3 input as Sizes {2,3}",
        ],
        support={
            "4_1": """
                InputTensor    input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                UpdatesTensor  input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor   output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor    input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                UpdatesTensor  input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor   output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor    input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   4  UINT32
                UpdatesTensor  input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor   output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor    input   4  FLOAT32 FLOAT16
                IndicesTensor  input   4  UINT32
                UpdatesTensor  input   4  FLOAT32 FLOAT16
                OutputTensor   output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "GATHER_ELEMENTS",
        kernel="gather_scatter",
        rules="gather_scatter.elements",
        page="879f4fcc329ad88e61cc6383b23d215b3b57fd41",
        introduced="2_1",
        constraints=[
            "same DimensionCount: IndicesTensor InputTensor OutputTensor",
            "same DataType: InputTensor OutputTensor",
            "note: output[i, j, k, ...] = input[..., index[i, j, k, ...] (at Axis), ...]: the "
            "index replaces the Axis coordinate",
            "note: Axis must be in [0, InputTensor.DimensionCount)",
            "note: IndicesTensor.Sizes must equal InputTensor.Sizes in every dimension except "
            "Axis; OutputTensor.Sizes must equal IndicesTensor.Sizes",
            "note: from DML_FEATURE_LEVEL_3_0, negative indices (signed IndicesTensor) count from "
            "the end of the Axis dimension (-1 is the last element)",
            "note: the page says nothing about out-of-range indices",
            "note: page has a worked example (Axis 0, {3,3} input, {2,3} indices); it labels the "
            "output DataType UINT32 although the input is FLOAT32",
        ],
        support={
            "4_1": """
                InputTensor    input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor    input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor    input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   4  UINT32
                OutputTensor   output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "GATHER_ND",
        kernel="gather_scatter",
        rules="gather_scatter.nd",
        page="f9d9bc0314653caff4a32974f104819380adca61",
        introduced="2_1",
        constraints=[
            "same DimensionCount: IndicesTensor InputTensor OutputTensor",
            "same DataType: InputTensor OutputTensor",
            "note: output[...] = input[indices[...]]: each index tuple selects a subblock of the "
            "input",
            "note: the last dimension of IndicesTensor is the index tuple size and must not "
            "exceed InputTensor.DimensionCount (indices {1,4,5,2} with IndicesDimensionCount 3 "
            "is a 4x5 array of 2-coordinate tuples)",
            "note: InputDimensionCount (meaningful trailing input dimensions) must be in [1, "
            "InputTensor.DimensionCount]; IndicesDimensionCount must be in [1, "
            "IndicesTensor.DimensionCount]",
            "note: with t = IndicesTensor.Sizes[last], OutputTensor.Sizes = {1..., "
            "IndicesTensor.Sizes[IndicesTensor.DimensionCount - IndicesDimensionCount .. "
            "IndicesTensor.DimensionCount - 1), InputTensor.Sizes[InputTensor.DimensionCount - t "
            "..)}, right-aligned with leading 1s (input {3,4,5,6,7}, indices {1,1,1,2,3}, "
            "IndicesDimensionCount 3 -> output {1,1,2,6,7})",
            "note: from DML_FEATURE_LEVEL_3_0, negative indices (signed IndicesTensor) count from "
            "the end of the respective dimension (-1 is the last element)",
            "note: the page says nothing about out-of-range indices",
            "note: superseded by GATHER_ND1 (3_0), equal to it with BatchDimensionCount 0",
            "note: page has worked examples (1D remapping {2,2} by {2,1}; 2D remapping "
            "{1,2,2,2} by {1,1,2,2})",
        ],
        support={
            "4_1": """
                InputTensor    input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor    input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor    input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   4  UINT32
                OutputTensor   output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "SCATTER_ND",
        kernel="gather_scatter",
        rules="gather_scatter.nd",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="2_1",
        constraints=[
            "same DimensionCount: IndicesTensor InputTensor OutputTensor UpdatesTensor",
            "same DataType: InputTensor OutputTensor UpdatesTensor",
            "note: output = input, then output[indices[...]] = updates[...]",
            "note: the last dimension of IndicesTensor is the index tuple size and must not "
            "exceed InputTensor.DimensionCount",
            "note: with t = IndicesTensor.Sizes[last], UpdatesTensor.Sizes = {1..., "
            "IndicesTensor.Sizes[IndicesTensor.DimensionCount - IndicesDimensionCount .. "
            "IndicesTensor.DimensionCount - 1), InputTensor.Sizes[InputTensor.DimensionCount - t "
            "..)}, right-aligned with leading 1s (input {3,4,5,6,7}, indices {1,1,1,2,3}, "
            "IndicesDimensionCount 3 -> updates {1,1,2,6,7})",
            "note: OutputTensor must have InputTensor's Sizes and DataType",
            "note: the page gives InputDimensionCount in [1, InputTensor.DimensionCount) and "
            "IndicesDimensionCount in [1, IndicesTensor.DimensionCount) (half-open, unlike "
            "GATHER_ND's closed ranges)",
            "note: overlapping output indices are invalid; which write wins is not guaranteed",
            "note: from DML_FEATURE_LEVEL_3_0, negative indices (signed IndicesTensor) count from "
            "the end of the respective dimension (-1 is the last element)",
            "note: the page says nothing about out-of-range indices",
            "note: page has a worked example (8-element input, indices {4,1} -> "
            "[1,11,3,10,9,6,7,12]); it types IndicesTensor FLOAT32 and gives UpdatesTensor 1 "
            "dimension against the 2-dimension indices",
        ],
        support={
            "4_1": """
                InputTensor    input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                UpdatesTensor  input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor   output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor    input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                UpdatesTensor  input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor   output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor    input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   4  UINT32
                UpdatesTensor  input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor   output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "NONZERO_COORDINATES",
        kernel="gather_scatter",
        rules="gather_scatter.nonzero",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "note: the page has no 'Tensor constraints' section",
            "note: OutputCountTensor is a scalar (all Sizes 1) of type UINT32 holding the number "
            "of non-zero input elements",
            "note: OutputCoordinatesTensor is {1,1,M,N} (4D) or {1,1,1,M,N} (5D) (from 4_0: "
            "leading 1s then M, N) where M = element count of InputTensor and N >= the effective "
            "rank of InputTensor (its DimensionCount without leading size-1 dimensions; {1,2,3,4} "
            "-> 3, {1,1,1,1} -> 0) and N <= InputTensor.DimensionCount",
            "note: M must cover the worst case (every element non-zero); only the first "
            "OutputCount rows are written, rows beyond it are undefined",
            "note: coordinates are written in ascending element-index order (non-zeros at {1,0}, "
            "{1,2}, {0,5} give [[0,5],[1,0],[1,2]]); with N above the effective rank the rows "
            "hold the last N coordinates (the example's {1,1,2,4} input gives 3-wide rows "
            "[0,0,3])",
            "note: for FLOAT32/FLOAT16 inputs both +0.0 and -0.0 count as zero",
            "note: page has a worked example ({1,1,2,4} FLOAT32 input with -0.0, count 4, "
            "coordinates {1,1,8,3})",
        ],
        support={
            "4_0": """
                InputTensor              input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 \
                    UINT16 UINT8 {[D0],[D1],[D2],[D3],[D4],[D5],[D6],D7}
                OutputCountTensor        output  1-8  UINT32 {[1],[1],[1],[1],[1],[1],[1],1}
                OutputCoordinatesTensor  output  2-8  UINT32 {[1],[1],[1],[1],[1],[1],M,N}
            """,
            "3_0": """
                InputTensor              input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 \
                    UINT16 UINT8 {[D0],D1,D2,D3,D4}
                OutputCountTensor        output  4-5  UINT32 {[1],1,1,1,1}
                OutputCoordinatesTensor  output  4-5  UINT32 {[1],1,1,M,N}
            """,
        },
    ),
    operator(
        "GATHER_ND1",
        kernel="gather_scatter",
        rules="gather_scatter.nd",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DimensionCount: IndicesTensor InputTensor OutputTensor",
            "same DataType: InputTensor OutputTensor",
            "note: output[batch, ...] = input[batch, indices[batch, ...], ...]",
            "note: the last dimension of IndicesTensor is the index tuple size and must not "
            "exceed InputTensor.DimensionCount",
            "note: InputDimensionCount must be in [1, InputTensor.DimensionCount]; "
            "IndicesDimensionCount must be in [1, IndicesTensor.DimensionCount]",
            "note: BatchDimensionCount (leading meaningful dimensions treated as independent "
            "batches in every tensor) must be in [0, InputTensor.DimensionCount) and in [0, "
            "IndicesTensor.DimensionCount); 0 means a single batch (indices {1,3,4,5,6,7}, "
            "IndicesDimensionCount 5, BatchDimensionCount 2 -> batches {3,4}, indices {5,6,7})",
            "note: with t = IndicesTensor.Sizes[last], OutputTensor.Sizes = {1..., "
            "IndicesTensor.Sizes[IndicesTensor.DimensionCount - IndicesDimensionCount .. "
            "IndicesTensor.DimensionCount - 1), InputTensor.Sizes[InputTensor.DimensionCount - t "
            "..)}, right-aligned with leading 1s (the page gives the GATHER_ND formula "
            "unchanged; its batch example maps input {1,3,2,2} and indices {1,3,2,2} to output "
            "{1,1,3,2})",
            "note: from DML_FEATURE_LEVEL_3_0, negative indices (signed IndicesTensor) count from "
            "the end of the respective dimension (-1 is the last element)",
            "note: the page says nothing about out-of-range indices",
            "note: equals GATHER_ND when BatchDimensionCount is 0",
            "note: page has worked examples (1D remapping; 2D remapping with BatchDimensionCount "
            "1)",
        ],
        support={
            "4_1": """
                InputTensor    input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor    input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                OutputTensor   output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ONE_HOT",
        kernel="gather_scatter",
        rules="gather_scatter.one_hot",
        page="f88051d5c21ab188c03603f2a873ab6993fb9860",
        introduced="2_0",
        constraints=[
            "same DimensionCount: IndicesTensor OutputTensor ValuesTensor",
            "same DataType: OutputTensor ValuesTensor",
            "note: Axis must be < IndicesTensor.DimensionCount",
            "note: IndicesTensor has OutputTensor's Sizes except Sizes[Axis] == 1 (output "
            "{2,3,4,5}, Axis 1 -> indices {2,1,4,5}); OutputTensor.Sizes[Axis] may be any value "
            "> 0",
            "note: ValuesTensor may have any sizes but at least two elements: element 0 is "
            "OffValue, the 1st element along the fastest-changing dimension of size > 1 is "
            "OnValue",
            "note: each sequence along Axis is OffValue except OnValue at the index (relative to "
            "the sequence start); an index beyond the sequence (>= OutputTensor.Sizes[Axis]) is "
            "ignored and the whole sequence is OffValue",
            "note: from DML_FEATURE_LEVEL_3_0, negative indices (signed IndicesTensor) count from "
            "the end (-1 is the last element)",
            "note: page has worked examples (Axis 3; Axis 2; on/off values {4,2,9}; negative -3 "
            "and out-of-bounds 100 with INT32 indices)",
        ],
        support={
            "4_1": """
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                ValuesTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor   output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                IndicesTensor  input   1-8  INT64 INT32 UINT64 UINT32
                ValuesTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor   output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                IndicesTensor  input   4  UINT32
                ValuesTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor   output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_0": """
                IndicesTensor  input   4  UINT32
                ValuesTensor   input   4  FLOAT32 FLOAT16
                OutputTensor   output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "REVERSE_SUBSEQUENCES",
        kernel="gather_scatter",
        rules="gather_scatter.reverse",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="2_1",
        constraints=[
            "same DimensionCount: InputTensor OutputTensor SequenceLengthsTensor",
            "same DataType: InputTensor OutputTensor",
            "note: the page lives at sdk-api-src/content/directml/"
            "ns-directml-dml_reverse_subsequences_desc.md (no '_operator' in the name)",
            "note: OutputTensor must have InputTensor's Sizes and DataType",
            "note: Axis must be < InputTensor.DimensionCount",
            "note: SequenceLengthsTensor has InputTensor's Sizes except Sizes[Axis] == 1 (input "
            "{2,3,4,5}, Axis 1 -> {2,1,4,5})",
            "note: along Axis, the first length elements of each subsequence are reversed and the "
            "rest copied unchanged; a length above InputTensor.Sizes[Axis] acts as if clamped to "
            "it; lengths 0 and 1 are no-ops",
            "note: page has worked examples (Axis 3 with lengths {2,4,3}; Axis 2 with lengths "
            "{2,3,1,0})",
        ],
        support={
            "5_0": """
                InputTensor            input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
                SequenceLengthsTensor  input   1-8  UINT64 UINT32
                OutputTensor           output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 \
                    UINT64 UINT32 UINT16 UINT8
            """,
            "4_0": """
                InputTensor            input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
                SequenceLengthsTensor  input   1-8  UINT32
                OutputTensor           output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
            """,
            "3_0": """
                InputTensor            input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
                SequenceLengthsTensor  input   4-5  UINT32
                OutputTensor           output  4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
            """,
            "2_1": """
                InputTensor            input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
                SequenceLengthsTensor  input   4  UINT32
                OutputTensor           output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 \
                    UINT8
            """,
        },
    ),
    operator(
        "MAX_UNPOOLING",
        kernel="gather_scatter",
        rules="gather_scatter.unpool",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="2_0",  # the page says 3_0; see the note
        constraints=[
            "same DataType: InputTensor OutputTensor",
            "note: page says introduced in 3_0 (tables start at 3_0), though "
            "DML_OPERATOR_MAX_UNPOOLING is a 2_0 operator: DirectML.h declares enumerator 92 and "
            "its struct in the DML_TARGET_VERSION >= 0x2000 block and the feature-level history "
            "lists it among 2_0's 19 new operators; pydml follows them, with the 3_0 table's rows "
            "at 2_0",
            "note: InputTensor {Batch, Channel, Height, Width} (values from a max pooling's "
            "OutputTensor); IndicesTensor has InputTensor's Sizes",
            "note: IndicesTensor values are zero-based indices into OutputTensor treated as a "
            "contiguous 1-D array (from a max pooling's OutputIndicesTensor)",
            "note: OutputTensor has the same number of dimensions as InputTensor; elements not "
            "written by an index are zero",
        ],
        support={
            "5_0": (
                "InputTensor input 4 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 "
                "UINT8\n"
                "IndicesTensor input 4 UINT64 UINT32\n"
                "OutputTensor output 4 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
            ),
            "3_0": """
                InputTensor    input   4  FLOAT32 FLOAT16
                IndicesTensor  input   4  UINT32
                OutputTensor   output  4  FLOAT32 FLOAT16
            """,
        },
    ),
]
