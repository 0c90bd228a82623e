"""TOP_K and TOP_K1: the tensor-support tables of their sdk-api pages (the commit in ``page=``).

TOP_K's page says it was introduced in 2_0 (its entry says 1_0, as DirectML.h does: see its note)
and has no table below 2_0. One name everywhere: native/families/top_k.c,
native/validate/rules_top_k.c, tests/test_top_k.py.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "TOP_K",
        kernel="top_k",
        rules="top_k",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",  # the page says 2_0; see the note
        constraints=[
            "same DimensionCount: InputTensor OutputIndexTensor OutputValueTensor",
            "same DataType: InputTensor OutputValueTensor",
            "note: page says introduced in 2_0 and has no 1_0 table, though DML_OPERATOR_TOP_K is "
            "a 1_0 operator: DirectML.h declares it among the 1_0 enumerators (71, before GRU, "
            "the last 1.0 operator) and DML_TOP_K_OPERATOR_DESC in its 1_0 block; pydml follows "
            "the header, with the 2_0 table's rows at 1_0",
            "note: OutputValueTensor and OutputIndexTensor Sizes equal InputTensor's except on "
            "Axis, where the size must be K",
            "note: Axis must be < InputTensor.DimensionCount",
            "note: K must be > 0 and less than InputTensor.Sizes[Axis] (page's wording: 'less "
            "than the number of elements along Axis')",
            "note: selects the largest K of each sequence along Axis, values sorted descending; "
            "indices are relative to the start of the sequence",
            "note: ties: tied elements are all included, ordered by ascending element index",
            "note: page has worked examples (including ties)",
        ],
        support={
            "5_0": (
                "InputTensor input 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputValueTensor output 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 "
                "UINT32 UINT16 UINT8\n"
                "OutputIndexTensor output 1-8 UINT64 UINT32\n"
            ),
            "3_1": """
                InputTensor        input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputValueTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputIndexTensor  output  1-8  UINT32
            """,
            "2_1": """
                InputTensor        input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputValueTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputIndexTensor  output  4  UINT32
            """,
            "2_0": """
                InputTensor        input   4  FLOAT32 FLOAT16
                OutputValueTensor  output  4  FLOAT32 FLOAT16
                OutputIndexTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "TOP_K1",
        kernel="top_k",
        rules="top_k",
        page="f490882383468877b3175c280658e56ed2963640",
        introduced="2_1",
        constraints=[
            "same DimensionCount: InputTensor OutputIndexTensor OutputValueTensor",
            "same DataType: InputTensor OutputValueTensor",
            "note: OutputValueTensor and OutputIndexTensor Sizes equal InputTensor's except on "
            "Axis, where the size must be K",
            "note: Axis must be < InputTensor.DimensionCount",
            "note: K must be > 0 and less than InputTensor.Sizes[Axis] (page's wording)",
            "note: AxisDirection INCREASING returns the smallest K in ascending order; DECREASING "
            "the largest K in descending order (DECREASING equals TOP_K)",
            "note: indices are relative to the start of the sequence along Axis",
            "note: ties: tied elements are all included, ordered by ascending element index, "
            "whatever AxisDirection",
            "note: page has worked examples (including ties and INCREASING)",
        ],
        support={
            "5_0": (
                "InputTensor input 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputValueTensor output 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 "
                "UINT32 UINT16 UINT8\n"
                "OutputIndexTensor output 1-8 UINT64 UINT32\n"
            ),
            "3_1": """
                InputTensor        input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputValueTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputIndexTensor  output  1-8  UINT32
            """,
            "2_1": """
                InputTensor        input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputValueTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputIndexTensor  output  4  UINT32
            """,
        },
    ),
]
