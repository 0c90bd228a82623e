"""Element-wise bitwise operators: tensor support.

The bitwise family (BIT_SHIFT_LEFT, BIT_SHIFT_RIGHT, BIT_AND, BIT_OR, BIT_XOR, BIT_NOT, BIT_COUNT),
transcribed from the newest stored sdk-api page of each operator (the commit is in ``page=``).
Every page says the operation acts on the tensor data's native encoding: the data type only sets
the element width, so from level 4_1 AND/OR/XOR/NOT/COUNT accept float and signed types too, while
the shifts stay unsigned-only (UINT64 added at 4_1). None of the shift pages says what happens
when a shift amount is >= the element's bit width (or how large a shift B may be); the shifts are
"logical" (zero-filling). BIT_COUNT's output type (UINT32/UINT8) is independent of the input's.
The BIT_XOR page's example is a copy of BIT_NOT's (one input, NOT results).
"""

from pydml.schema.tables import operator

_ALL = "FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"

TABLES = [
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
