"""Element-wise logical, comparison, classification and selection operators: tensor support.

The logical family (AND, EQUALS, GREATER_THAN, LESS_THAN, NOT, OR, XOR, IS_NAN, IF, IS_INFINITY,
GREATER_THAN_OR_EQUAL, LESS_THAN_OR_EQUAL), transcribed from the newest stored sdk-api page of
each operator (the commit is in ``page=``). Surprises: the comparisons and IS_NAN/IS_INFINITY
write 1/0 into a UINT32 or UINT8 output whose data type is independent of the inputs' (IS_INFINITY
only UINT8), while AND/OR/XOR/NOT require output and inputs to share one integer data type;
ELEMENT_WISE_IF at level 2_0 lists only FLOAT16 for ATensor/BTensor/OutputTensor (no FLOAT32);
the LESS_THAN_OR_EQUAL page carries two "Availability"/"Tensor constraints" sections (1_0 and
3_0), the header and its only tables say 3_0.

No operator here has rules of its own (no ``rules=``): every "must" on the pages of these
operators and of BIT_AND/OR/XOR/NOT/COUNT/SHIFT_LEFT/SHIFT_RIGHT is a tensor constraint or a
support-table row, which the generated tables check. IS_INFINITY's InfinityMode must be a
DML_IS_INFINITY_MODE value: validate.c's structure step refuses any other value of an enum field
before own rules would run (tests/test_ew_logical.py pins that message). The pages set no limit on
shift amounts (native/families/ew_logical.c says what a shift by >= the element width gives).
"""

from pydml.schema.tables import operator

_CMP64 = "FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"
_CMP32 = "FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8"
_ALL = "FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"

TABLES = [
    operator(
        "ELEMENT_WISE_LOGICAL_AND",
        kernel="elementwise",
        page="f2d501f718b155b467c2570d1466679607776244",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = (a && b); the result is 1 for true, 0 for false (any non-zero input "
            "is true)",
            "note: supports in-place execution: OutputTensor may alias ATensor or BTensor",
        ],
        support={
            "3_0": """
                ATensor       input   1-8  UINT32 UINT8
                BTensor       input   1-8  UINT32 UINT8
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_0": """
                ATensor       input   4  UINT32 UINT8
                BTensor       input   4  UINT32 UINT8
                OutputTensor  output  4  UINT32 UINT8
            """,
            "1_0": """
                ATensor       input   4  UINT32
                BTensor       input   4  UINT32
                OutputTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_EQUALS",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DimensionCount Sizes: ATensor BTensor OutputTensor",
            "same DataType: ATensor BTensor",
            "note: f(a, b) = (a == b); OutputTensor receives 1 for true, 0 for false; its data "
            "type (UINT32/UINT8) is independent of the inputs' data type",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_CMP64}
                BTensor       input   1-8  {_CMP64}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "3_0": f"""
                ATensor       input   1-8  {_CMP32}
                BTensor       input   1-8  {_CMP32}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_1": f"""
                ATensor       input   4  {_CMP32}
                BTensor       input   4  {_CMP32}
                OutputTensor  output  4  UINT32 UINT8
            """,
            "2_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT32 UINT8
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_GREATER_THAN",
        kernel="elementwise",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="1_0",
        constraints=[
            "same DimensionCount Sizes: ATensor BTensor OutputTensor",
            "same DataType: ATensor BTensor",
            "note: f(a, b) = (a > b); OutputTensor receives 1 for true, 0 for false; its data "
            "type (UINT32/UINT8) is independent of the inputs' data type",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_CMP64}
                BTensor       input   1-8  {_CMP64}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "3_0": f"""
                ATensor       input   1-8  {_CMP32}
                BTensor       input   1-8  {_CMP32}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_1": f"""
                ATensor       input   4  {_CMP32}
                BTensor       input   4  {_CMP32}
                OutputTensor  output  4  UINT32 UINT8
            """,
            "2_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT32 UINT8
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_LESS_THAN",
        kernel="elementwise",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="1_0",
        constraints=[
            "same DimensionCount Sizes: ATensor BTensor OutputTensor",
            "same DataType: ATensor BTensor",
            "note: f(a, b) = (a < b); OutputTensor receives 1 for true, 0 for false; its data "
            "type (UINT32/UINT8) is independent of the inputs' data type",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_CMP64}
                BTensor       input   1-8  {_CMP64}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "3_0": f"""
                ATensor       input   1-8  {_CMP32}
                BTensor       input   1-8  {_CMP32}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_1": f"""
                ATensor       input   4  {_CMP32}
                BTensor       input   4  {_CMP32}
                OutputTensor  output  4  UINT32 UINT8
            """,
            "2_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT32 UINT8
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_NOT",
        kernel="elementwise",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = !x (1 where x == 0, else 0)",
            "note: supports in-place execution: OutputTensor may alias InputTensor",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  UINT32 UINT8
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_0": """
                InputTensor   input   4  UINT32 UINT8
                OutputTensor  output  4  UINT32 UINT8
            """,
            "1_0": """
                InputTensor   input   4  UINT32
                OutputTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_OR",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = (a || b) (result 1 or 0)",
            "note: supports in-place execution: OutputTensor may alias ATensor or BTensor",
        ],
        support={
            "3_0": """
                ATensor       input   1-8  UINT32 UINT8
                BTensor       input   1-8  UINT32 UINT8
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_0": """
                ATensor       input   4  UINT32 UINT8
                BTensor       input   4  UINT32 UINT8
                OutputTensor  output  4  UINT32 UINT8
            """,
            "1_0": """
                ATensor       input   4  UINT32
                BTensor       input   4  UINT32
                OutputTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_XOR",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = (!!a) != (!!b) (result 1 or 0; inputs are normalised to booleans "
            "first)",
            "note: supports in-place execution: OutputTensor may alias ATensor or BTensor",
        ],
        support={
            "3_0": """
                ATensor       input   1-8  UINT32 UINT8
                BTensor       input   1-8  UINT32 UINT8
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_0": """
                ATensor       input   4  UINT32 UINT8
                BTensor       input   4  UINT32 UINT8
                OutputTensor  output  4  UINT32 UINT8
            """,
            "1_0": """
                ATensor       input   4  UINT32
                BTensor       input   4  UINT32
                OutputTensor  output  4  UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_IS_NAN",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="2_0",
        constraints=[
            "same DimensionCount Sizes: InputTensor OutputTensor",
            "note: OutputTensor receives 1 where the input is NaN (IEEE-754), else 0; its data "
            "type (UINT32/UINT8) is independent of the input's (FLOAT32/FLOAT16)",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT32 UINT8
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
        "ELEMENT_WISE_IS_INFINITY",
        kernel="elementwise",
        page="2db4b02040c83285e0885659d7bd2fa159f2da6f",
        introduced="2_1",
        constraints=[
            "same DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = isinf(x) && ((x > 0 && InfinityMode == POSITIVE) || (x < 0 && "
            "InfinityMode == NEGATIVE) || InfinityMode == EITHER); result 1 for true, 0 for false",
            "note: InfinityMode is a DML_IS_INFINITY_MODE: EITHER (0) matches -inf and inf, "
            "POSITIVE (1) only inf, NEGATIVE (2) only -inf; other values are invalid",
            "note: OutputTensor must be UINT8 (unlike IS_NAN, UINT32 is not listed)",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  UINT8
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL",
        kernel="elementwise",
        page="879f4fcc329ad88e61cc6383b23d215b3b57fd41",
        introduced="3_0",
        constraints=[
            "same DimensionCount Sizes: ATensor BTensor OutputTensor",
            "same DataType: ATensor BTensor",
            "note: f(a, b) = (a >= b); OutputTensor receives 1 for true, 0 for false; its data "
            "type (UINT32/UINT8) is independent of the inputs' data type",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_CMP64}
                BTensor       input   1-8  {_CMP64}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "3_0": f"""
                ATensor       input   1-8  {_CMP32}
                BTensor       input   1-8  {_CMP32}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL",
        kernel="elementwise",
        page="879f4fcc329ad88e61cc6383b23d215b3b57fd41",
        introduced="3_0",
        constraints=[
            "same DimensionCount Sizes: ATensor BTensor OutputTensor",
            "same DataType: ATensor BTensor",
            "note: f(a, b) = (a <= b); OutputTensor receives 1 for true, 0 for false; its data "
            "type (UINT32/UINT8) is independent of the inputs' data type",
            "note: page has two Availability sections (introduced in 1_0, then 3_0) with the "
            "same constraints; the header (DML_TARGET_VERSION >= 0x3000) and the tables say 3_0",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_CMP64}
                BTensor       input   1-8  {_CMP64}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "3_0": f"""
                ATensor       input   1-8  {_CMP32}
                BTensor       input   1-8  {_CMP32}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
        },
    ),
]
