"""Reduction, arg-min/max and scan operators: the tensor-support tables of their pages.

The tables are transcribed from the newest stored version of each operator's sdk-api page (the
commit is in ``page=``). Surprises: REDUCE's page has one set of level tables per reduction
function group (ARGMIN/ARGMAX, AVERAGE/L2/LOG_SUM/LOG_SUM_EXP, L1/SUM_SQUARE, MIN/MAX,
MULTIPLY/SUM), which the one-table-per-level grammar cannot hold: its ``support`` is the union
over the groups at each level, and every group's own rows are kept verbatim in "function table"
notes, which a validator must apply for the chosen Function. The cumulative operators' pages
allow in-place execution (OutputTensor may alias InputTensor).
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "REDUCE",
        kernel="reduce",
        rules="reduce",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="1_0",
        constraints=[
            "note: support below is the union over the page's per-function tables; the function "
            "tables that follow are the authority for a given Function (row grammar; '|' "
            "separates rows)",
            "note: function table ARGMIN ARGMAX 4_1: InputTensor input 1-8 FLOAT32 FLOAT16 INT64 "
            "INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8 | OutputTensor output 1-8 INT64 INT32 "
            "UINT64 UINT32",
            "note: function table ARGMIN ARGMAX 3_0: InputTensor input 1-8 FLOAT32 FLOAT16 INT32 "
            "INT16 INT8 UINT32 UINT16 UINT8 | OutputTensor output 1-8 INT64 INT32 UINT64 UINT32",
            "note: function table ARGMIN ARGMAX 2_1: InputTensor input 4 FLOAT32 FLOAT16 INT32 "
            "INT16 INT8 UINT32 UINT16 UINT8 | OutputTensor output 4 UINT32",
            "note: function table ARGMIN ARGMAX 1_0: InputTensor input 4 FLOAT32 FLOAT16 | "
            "OutputTensor output 4 UINT32",
            "note: function table AVERAGE L2 LOG_SUM LOG_SUM_EXP 3_0: InputTensor input 1-8 "
            "FLOAT32 FLOAT16 | OutputTensor output 1-8 FLOAT32 FLOAT16",
            "note: function table AVERAGE L2 LOG_SUM LOG_SUM_EXP 1_0: InputTensor input 4 FLOAT32 "
            "FLOAT16 | OutputTensor output 4 FLOAT32 FLOAT16",
            "note: function table L1 SUM_SQUARE 5_0: InputTensor input 1-8 FLOAT32 FLOAT16 INT64 "
            "INT32 UINT64 UINT32 | OutputTensor output 1-8 FLOAT32 FLOAT16 INT64 INT32 UINT64 "
            "UINT32",
            "note: function table L1 SUM_SQUARE 3_0: InputTensor input 1-8 FLOAT32 FLOAT16 | "
            "OutputTensor output 1-8 FLOAT32 FLOAT16",
            "note: function table L1 SUM_SQUARE 1_0: InputTensor input 4 FLOAT32 FLOAT16 | "
            "OutputTensor output 4 FLOAT32 FLOAT16",
            "note: function table MIN MAX 5_0: InputTensor input 1-8 FLOAT32 FLOAT16 INT64 INT32 "
            "INT16 INT8 UINT64 UINT32 UINT16 UINT8 | OutputTensor output 1-8 FLOAT32 FLOAT16 "
            "INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8",
            "note: function table MIN MAX 3_0: InputTensor input 1-8 FLOAT32 FLOAT16 INT32 INT16 "
            "INT8 UINT32 UINT16 UINT8 | OutputTensor output 1-8 FLOAT32 FLOAT16 INT32 INT16 INT8 "
            "UINT32 UINT16 UINT8",
            "note: function table MIN MAX 2_1: InputTensor input 4 FLOAT32 FLOAT16 INT32 UINT32 | "
            "OutputTensor output 4 FLOAT32 FLOAT16 INT32 UINT32",
            "note: function table MIN MAX 1_0: InputTensor input 4 FLOAT32 FLOAT16 | OutputTensor "
            "output 4 FLOAT32 FLOAT16",
            "note: function table MULTIPLY SUM 5_0: InputTensor input 1-8 FLOAT32 FLOAT16 INT64 "
            "INT32 UINT64 UINT32 | OutputTensor output 1-8 FLOAT32 FLOAT16 INT64 INT32 UINT64 "
            "UINT32",
            "note: function table MULTIPLY SUM 3_0: InputTensor input 1-8 FLOAT32 FLOAT16 INT32 "
            "UINT32 | OutputTensor output 1-8 FLOAT32 FLOAT16 INT32 UINT32",
            "note: function table MULTIPLY SUM 2_1: InputTensor input 4 FLOAT32 FLOAT16 INT32 "
            "UINT32 | OutputTensor output 4 FLOAT32 FLOAT16 INT32 UINT32",
            "note: function table MULTIPLY SUM 1_0: InputTensor input 4 FLOAT32 FLOAT16 | "
            "OutputTensor output 4 FLOAT32 FLOAT16",
            "note: InputTensor and OutputTensor data types must match, except for ARGMIN and "
            "ARGMAX, which always output an integral type (the function table's output types)",
            "note: OutputTensor.DimensionCount must equal InputTensor.DimensionCount; "
            "OutputTensor.Sizes must equal InputTensor.Sizes except on the reduced Axes, which "
            "must be 1",
            "note: AxisCount is the element count of Axes; each Axes value must be in [0, "
            "InputTensor.DimensionCount - 1]; reducing all axes yields a single element",
            "note: N (elements per reduction) = product of the sizes of the reduced axes",
            "note: REDUCE_FUNCTION_ARGMIN/ARGMAX equal ARGMIN/ARGMAX with "
            "DML_AXIS_DIRECTION_INCREASING (first index on ties)",
            "note: page has worked examples (SUM over axis 0, axis 1, all axes)",
        ],
        support={
            "5_0": (
                "InputTensor input 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputTensor output 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
            ),
            "4_1": (
                "InputTensor input 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputTensor output 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
            ),
            "3_0": (
                "InputTensor input 1-8 FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8\n"
                "OutputTensor output 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
            ),
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16 UINT32
            """,
        },
    ),
    operator(
        "CUMULATIVE_SUMMATION",
        kernel="reduce",
        rules="reduce.cumsum",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: Axis must be < InputTensor.DimensionCount",
            "note: AxisDirection INCREASING sums by ascending index along Axis, DECREASING by "
            "descending index",
            "note: HasExclusiveSum TRUE excludes the current element from the tally written "
            "(first output 0, final total not written); FALSE includes it",
            "note: supports in-place execution: OutputTensor may alias InputTensor",
            "note: page has worked examples",
        ],
        support={
            "5_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
            """,
            "4_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 UINT32
            """,
        },
    ),
    operator(
        "ARGMIN",
        kernel="reduce",
        rules="reduce.argmin",
        page="8f2547f96c61b4c1950a8bcfe2bc98739dc6f3b3",
        introduced="3_0",
        constraints=[
            "same DimensionCount: InputTensor OutputTensor",
            "note: OutputTensor.Sizes equal InputTensor.Sizes except on the reduced Axes, which "
            "must be 1",
            "note: AxisCount is the element count of Axes; each Axes value must be in [0, "
            "InputTensor.DimensionCount - 1]",
            "note: output indices are with respect to the reduced axes (all axes: index into the "
            "flattened tensor)",
            "note: ties: AxisDirection INCREASING returns the first minimum's index, DECREASING "
            "the last's",
            "note: with INCREASING equals REDUCE with DML_REDUCE_FUNCTION_ARGMIN",
            "note: page has worked examples",
        ],
        support={
            "4_1": (
                "InputTensor input 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputTensor output 1-8 INT64 INT32 UINT64 UINT32\n"
            ),
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  INT64 INT32 UINT64 UINT32
            """,
        },
    ),
    operator(
        "ARGMAX",
        kernel="reduce",
        rules="reduce.argmax",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="3_0",
        constraints=[
            "same DimensionCount: InputTensor OutputTensor",
            "note: OutputTensor.Sizes equal InputTensor.Sizes except on the reduced Axes, which "
            "must be 1",
            "note: AxisCount is the element count of Axes; each Axes value must be in [0, "
            "InputTensor.DimensionCount - 1]",
            "note: output indices are with respect to the reduced axes (all axes: index into the "
            "flattened tensor)",
            "note: ties: AxisDirection INCREASING returns the first maximum's index, DECREASING "
            "the last's",
            "note: with INCREASING equals REDUCE with DML_REDUCE_FUNCTION_ARGMAX",
            "note: page has worked examples",
        ],
        support={
            "4_1": (
                "InputTensor input 1-8 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 "
                "UINT16 UINT8\n"
                "OutputTensor output 1-8 INT64 INT32 UINT64 UINT32\n"
            ),
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  INT64 INT32 UINT64 UINT32
            """,
        },
    ),
    operator(
        "CUMULATIVE_PRODUCT",
        kernel="reduce",
        rules="reduce.cumprod",
        page="f2d501f718b155b467c2570d1466679607776244",
        introduced="3_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: Axis must be < InputTensor.DimensionCount",
            "note: AxisDirection INCREASING multiplies by ascending index along Axis, DECREASING "
            "by descending index",
            "note: HasExclusiveProduct TRUE excludes the current element from the tally written "
            "(first output 1, final total not written); FALSE includes it",
            "note: supports in-place execution: OutputTensor may alias InputTensor",
            "note: page has worked examples",
        ],
        support={
            "5_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
            """,
            "4_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "3_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 UINT32
            """,
        },
    ),
]
