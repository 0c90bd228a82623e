"""Element-wise logical, comparison, classification and bitwise operators: tensor support.

The logical family (AND, EQUALS, GREATER_THAN, LESS_THAN, NOT, OR, XOR, IS_NAN, IS_INFINITY,
GREATER_THAN_OR_EQUAL, LESS_THAN_OR_EQUAL), transcribed from the newest stored sdk-api page of
each operator (the commit is in ``page=``). Surprises: the comparisons and IS_NAN/IS_INFINITY
write 1/0 into a UINT32 or UINT8 output whose data type is independent of the inputs' (IS_INFINITY
only UINT8), while AND/OR/XOR/NOT require output and inputs to share one integer data type;
the LESS_THAN_OR_EQUAL page carries two "Availability"/"Tensor constraints" sections (1_0 and
3_0), the header and its only tables say 3_0.

No operator here has rules of its own (no ``rules=``): every "must" on the pages of these
operators and of BIT_AND/OR/XOR/NOT/COUNT/SHIFT_LEFT/SHIFT_RIGHT is a tensor constraint or a
support-table row, which the generated tables check. IS_INFINITY's InfinityMode must be a
DML_IS_INFINITY_MODE value: validate.c's structure step refuses any other value of an enum field
before own rules would run (tests/test_ew_logical.py pins that message). The pages set no limit on
shift amounts (native/families/ew_logical.c says what a shift by >= the element width gives).

The bitwise family (BIT_SHIFT_LEFT, BIT_SHIFT_RIGHT, BIT_AND, BIT_OR, BIT_XOR, BIT_NOT, BIT_COUNT),
transcribed from the newest stored sdk-api page of each operator (the commit is in ``page=``).
Every page says the operation acts on the tensor data's native encoding: the data type only sets
the element width, so from level 4_1 AND/OR/XOR/NOT/COUNT accept float and signed types too, while
the shifts stay unsigned-only (UINT64 added at 4_1). None of the shift pages says what happens
when a shift amount is >= the element's bit width (or how large a shift B may be); the shifts are
"logical" (zero-filling). BIT_COUNT's output type (UINT32/UINT8) is independent of the input's.
The BIT_XOR page's example is a copy of BIT_NOT's (one input, NOT results).

The module is named after the C file that holds these operators' rows,
``native/families/ew_logical.c``, with their rules in ``native/validate/rules_ew_logical.c`` and
their tests in ``tests/test_ew_logical*.py``: one name in every layer.
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
    operator(
        "ELEMENT_WISE_BIT_SHIFT_LEFT",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = (a << b): logical left shift of each ATensor element by the number "
            "of bits in the corresponding BTensor element, zeros shifted in; B has the same "
            "(unsigned) data type as A",
            "note: the page does not define the result for a shift amount >= the element bit "
            "width (8/16/32/64); treat as implementation-defined",
            "note: applied to the data's native encoding; the data type only sets element width",
            "note: supports in-place execution: OutputTensor may alias ATensor or BTensor",
        ],
        support={
            "4_1": """
                ATensor       input   1-8  UINT64 UINT32 UINT16 UINT8
                BTensor       input   1-8  UINT64 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT64 UINT32 UINT16 UINT8
            """,
            "3_0": """
                ATensor       input   1-8  UINT32 UINT16 UINT8
                BTensor       input   1-8  UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT32 UINT16 UINT8
            """,
            "2_1": """
                ATensor       input   4  UINT32 UINT16 UINT8
                BTensor       input   4  UINT32 UINT16 UINT8
                OutputTensor  output  4  UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_BIT_SHIFT_RIGHT",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = (a >> b): logical (zero-filling, unsigned) right shift of each "
            "ATensor element by the number of bits in the corresponding BTensor element",
            "note: the page does not define the result for a shift amount >= the element bit "
            "width (8/16/32/64); treat as implementation-defined",
            "note: applied to the data's native encoding; the data type only sets element width",
            "note: supports in-place execution: OutputTensor may alias ATensor or BTensor",
        ],
        support={
            "4_1": """
                ATensor       input   1-8  UINT64 UINT32 UINT16 UINT8
                BTensor       input   1-8  UINT64 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT64 UINT32 UINT16 UINT8
            """,
            "3_0": """
                ATensor       input   1-8  UINT32 UINT16 UINT8
                BTensor       input   1-8  UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT32 UINT16 UINT8
            """,
            "2_1": """
                ATensor       input   4  UINT32 UINT16 UINT8
                BTensor       input   4  UINT32 UINT16 UINT8
                OutputTensor  output  4  UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_BIT_AND",
        kernel="elementwise",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = a & b on the data's native encoding (float and signed types are "
            "treated as raw bits of their width)",
            "note: supports in-place execution: OutputTensor may alias ATensor and/or BTensor",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_ALL}
                BTensor       input   1-8  {_ALL}
                OutputTensor  output  1-8  {_ALL}
            """,
            "3_0": """
                ATensor       input   1-8  UINT32 UINT16 UINT8
                BTensor       input   1-8  UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_BIT_OR",
        kernel="elementwise",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = a | b on the data's native encoding (float and signed types are "
            "treated as raw bits of their width)",
            "note: supports in-place execution: OutputTensor may alias ATensor and/or BTensor",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_ALL}
                BTensor       input   1-8  {_ALL}
                OutputTensor  output  1-8  {_ALL}
            """,
            "3_0": """
                ATensor       input   1-8  UINT32 UINT16 UINT8
                BTensor       input   1-8  UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_BIT_XOR",
        kernel="elementwise",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: f(a, b) = a ^ b on the data's native encoding (float and signed types are "
            "treated as raw bits of their width)",
            "note: supports in-place execution: OutputTensor may alias ATensor and/or BTensor",
            "note: page has a worked example, but it is BIT_NOT's (a single InputTensor "
            "[[0,128],[42,255]] -> [[255,127],[213,0]] UINT8); do not use it as an XOR test",
        ],
        support={
            "4_1": f"""
                ATensor       input   1-8  {_ALL}
                BTensor       input   1-8  {_ALL}
                OutputTensor  output  1-8  {_ALL}
            """,
            "3_0": """
                ATensor       input   1-8  UINT32 UINT16 UINT8
                BTensor       input   1-8  UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_BIT_NOT",
        kernel="elementwise",
        page="f88051d5c21ab188c03603f2a873ab6993fb9860",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = ~x on the data's native encoding (every bit of the element width "
            "flipped; float and signed types are treated as raw bits)",
            "note: supports in-place execution: OutputTensor may alias InputTensor",
            "note: page has a worked example (UINT8 [[0,128],[42,255]] -> [[255,127],[213,0]])",
        ],
        support={
            "4_1": f"""
                InputTensor   input   1-8  {_ALL}
                OutputTensor  output  1-8  {_ALL}
            """,
            "3_0": """
                InputTensor   input   1-8  UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_BIT_COUNT",
        kernel="elementwise",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = population count (number of 1 bits) of the element's native encoding "
            "(its width set by the input data type); OutputTensor's data type (UINT32/UINT8) is "
            "independent of the input's",
            "note: the page does not claim in-place execution support",
            "note: page has a worked example (UINT32 [[0,123],[456,789]] -> [[0,6],[4,5]])",
        ],
        support={
            "4_1": f"""
                InputTensor   input   1-8  {_ALL}
                OutputTensor  output  1-8  UINT32 UINT8
            """,
            "3_0": """
                InputTensor   input   1-8  UINT32 UINT16 UINT8
                OutputTensor  output  1-8  UINT32 UINT8
            """,
        },
    ),
]
