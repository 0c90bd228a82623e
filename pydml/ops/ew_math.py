"""Element-wise math operators (38, in DML_OPERATOR_TYPE order from IDENTITY to NEGATE): the
facts of their documentation pages as data. Each entry is transcribed from the newest stored
MicrosoftDocs/sdk-api page of its operator (the commit is in ``page=``); each page's formula and
edge semantics are kept as notes, for the kernels. Surprises: within this family only IDENTITY
accepts FLOAT64 (from 4_1); before 3_0, IDENTITY, ADD and MULTIPLY take 4-5 dimensions while the
rest take only 4; POW's ExponentTensor may differ in data type from InputTensor only from 3_0;
the pages of NEGATE, ATAN_YX and DIFFERENCE_SQUARE have a single table without a level heading
(keyed here by the introduced level); no page (nor DML_SCALE_BIAS's) says which data types
ScaleBias may be used with. Rows too long for one line continue after a backslash-newline, which
Python removes inside the string.

The module is named after the C file that holds these operators' rows,
``native/families/ew_math.c``,
with their rules in ``native/validate/rules_ew_math.c`` and their tests in
``tests/test_ew_math.py``:
one name in every layer.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "ELEMENT_WISE_IDENTITY",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = x (a copy; with strides it can re-layout a tensor)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "4_1": """
                InputTensor   input   1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 \
                    UINT32 UINT16 UINT8
            """,
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor   input   4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ABS",
        kernel="elementwise",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = abs(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "4_1": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8
            """,
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ACOS",
        kernel="elementwise",
        page="0f1321925c4cb9c40f136e111a456ebf0024a888",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = acos(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ADD",
        kernel="elementwise",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = a + b",
            "note: no ScaleBias field; superseded by ELEMENT_WISE_ADD1 (feature level 2_0), which"
            " adds FusedActivation",
            "note: supports in-place execution: OutputTensor may alias one or more of the input"
            " tensors during binding",
        ],
        support={
            "5_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "4_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "2_1": """
                ATensor       input   4-5  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   4-5  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "1_0": """
                ATensor       input   4-5  FLOAT32 FLOAT16
                BTensor       input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ASIN",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = asin(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ATAN",
        kernel="elementwise",
        page="f88051d5c21ab188c03603f2a873ab6993fb9860",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = atan(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_CEIL",
        kernel="elementwise",
        page="290b21b0f5cd4a8b0f053d8d0e391047eca97c06",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = ceil(x), the smallest integer >= x",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_COS",
        kernel="elementwise",
        page="0f1321925c4cb9c40f136e111a456ebf0024a888",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = cos(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_DIVIDE",
        kernel="elementwise",
        page="f2d501f718b155b467c2570d1466679607776244",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = a / b; for integer data types the quotient is truncated"
            " (rounded toward zero)",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "6_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "5_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "2_1": """
                ATensor       input   4  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   4  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_EXP",
        kernel="elementwise",
        page="0f1321925c4cb9c40f136e111a456ebf0024a888",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = exp(x), natural exponentiation",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_FLOOR",
        kernel="elementwise",
        page="290b21b0f5cd4a8b0f053d8d0e391047eca97c06",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = floor(x), the largest integer <= x",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_LOG",
        kernel="elementwise",
        page="0f1321925c4cb9c40f136e111a456ebf0024a888",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = ln(x), natural logarithm; x < 0 gives indefinite (NaN), x == 0"
            " gives -INF",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_MAX",
        kernel="elementwise",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = max(a, b)",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "5_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                ATensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_MEAN",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = (a + b) / 2; the page does not say how INT32/UINT32 results"
            " are rounded",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "2_1": """
                ATensor       input   4  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   4  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_MIN",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = min(a, b)",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "5_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                ATensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_MULTIPLY",
        kernel="elementwise",
        page="f2d501f718b155b467c2570d1466679607776244",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = a * b",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "5_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "4_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "2_1": """
                ATensor       input   4-5  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   4-5  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  4-5  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "1_0": """
                ATensor       input   4-5  FLOAT32 FLOAT16
                BTensor       input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_POW",
        kernel="elementwise",
        rules="ew_math.pow",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DimensionCount Sizes: ExponentTensor InputTensor OutputTensor",
            "same DataType: InputTensor OutputTensor",
            "note: formula f(input, exponent) = pow(input, exponent)",
            "note: negative bases are supported only for exponents with integral values (the data"
            " type may still be float); a negative base with a non-integral exponent gives NaN",
            "note: when InputTensor and ExponentTensor both have integral data types the result is"
            " exact",
            "note: below feature level 3_0 ExponentTensor must have the same DataType as"
            " InputTensor; from 3_0 it may differ (any type of the 3_0 table)",
            "note: optional ScaleBias {Scale, Bias}: if present, g(x) = x * Scale + Bias is"
            " applied to each InputTensor element (not to ExponentTensor) before the operator; the"
            " page does not restrict the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor     input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                ExponentTensor  input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor    output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "1_0": """
                InputTensor     input   4  FLOAT32 FLOAT16
                ExponentTensor  input   4  FLOAT32 FLOAT16
                OutputTensor    output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_CONSTANT_POW",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = pow(x, Exponent), Exponent a FLOAT attribute applied to every"
            " element",
            "note: negative bases are supported only for integral Exponent values; otherwise the"
            " result is NaN",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_RECIP",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = 1 / x",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_SIN",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = sin(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_SQRT",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = sqrt(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_SUBTRACT",
        kernel="elementwise",
        page="b78cd15a8e1d68b4871d5dde044ca62ad9cabaa6",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = a - b",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "5_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "4_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 UINT64 UINT32
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "2_1": """
                ATensor       input   4  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   4  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 UINT32
            """,
            "1_0": """
                ATensor       input   4  FLOAT32 FLOAT16
                BTensor       input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_TAN",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = tan(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_SIGN",
        kernel="elementwise",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = -1 if x < 0, 1 if x > 0, 0 otherwise (including negative zero)",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "4_1": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ERF",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = 2 / sqrt(pi) * integral from 0 to x of exp(-t^2) dt (Gaussian"
            " error function)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_SINH",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = sinh(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_COSH",
        kernel="elementwise",
        page="dcb2387531f1ea76e740860172b28bd818188d90",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = cosh(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_TANH",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = tanh(x)",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ASINH",
        kernel="elementwise",
        page="2fe0b48c7aeb5fa8a6442e613c995f68b493b7ca",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = asinh(x) = ln(x + sqrt(x * x + 1))",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ACOSH",
        kernel="elementwise",
        page="dcb2387531f1ea76e740860172b28bd818188d90",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = acosh(x) = ln(x + sqrt(x * x - 1))",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ATANH",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = atanh(x) = ln((1 + x) / (1 - x)) / 2",
            "note: optional ScaleBias {Scale, Bias} (FLOATs): if present, g(x) = x * Scale + Bias"
            " is applied to each input element before the operator; neither this page nor the"
            " DML_SCALE_BIAS page restricts the data types it may be used with",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ADD1",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = FusedActivation(a + b); the optional FusedActivation desc is"
            " executed on the output",
            "note: FusedActivation may be used only when the output data type is FLOAT16 or"
            " FLOAT32",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one or more of the input"
            " tensors during binding",
        ],
        support={
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16
                BTensor       input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                ATensor       input   4-5  FLOAT32 FLOAT16
                BTensor       input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ROUND",
        kernel="elementwise",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: rounds each element to an integer value according to RoundingMode"
            " (DML_ROUNDING_MODE)",
            "note: RoundingMode HALVES_TO_NEAREST_EVEN (0): round to the nearest integer, halfway"
            " values (e.g. 0.5) go to the nearest even integer",
            "note: RoundingMode TOWARD_ZERO (1): round toward zero, i.e. truncate the fractional"
            " part",
            "note: RoundingMode TOWARD_INFINITY (2): round to the nearest integer, halfway values"
            " go away from zero (toward +inf or -inf depending on the sign)",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
        ],
        support={
            "3_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_MODULUS_TRUNCATE",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = a - (b * trunc(a / b)), the C modulus (fmod): the quotient is"
            " rounded toward 0, so the result has the sign of the dividend a",
            "note: the page does not say what b == 0 gives",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "6_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                ATensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_MODULUS_FLOOR",
        kernel="elementwise",
        page="6dbf627776d09dd4ca70c6fbea39aa2a55104ab8",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = a - (b * floor(a / b)), the Python modulus: the quotient is"
            " rounded toward -inf, so the result has the sign of the divisor b",
            "note: the page does not say what b == 0 gives",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias one of the input tensors"
            " during binding",
        ],
        support={
            "6_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 \
                    UINT16 UINT8
            """,
            "3_0": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "2_1": """
                ATensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                BTensor       input   4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                OutputTensor  output  4  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_ATAN_YX",
        kernel="elementwise",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="3_1",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(y, x) = atan2(y, x) with y from ATensor (Y axis) and x from BTensor"
            " (X axis); undefined at the origin (both corresponding elements 0)",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias ATensor or BTensor during"
            " binding",
            "note: the page's single support table has no feature-level heading; keyed by the"
            " introduced level 3_1",
        ],
        support={
            "3_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16
                BTensor       input   1-8  FLOAT32 FLOAT16
                OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_DIFFERENCE_SQUARE",
        kernel="elementwise",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="3_1",
        constraints=[
            "same DataType DimensionCount Sizes: ATensor BTensor OutputTensor",
            "note: formula f(a, b) = (a - b) * (a - b)",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias ATensor or BTensor during"
            " binding",
            "note: the page's single support table has no feature-level heading; keyed by the"
            " introduced level 3_1",
        ],
        support={
            "3_1": """
                ATensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                BTensor       input   1-8  FLOAT32 FLOAT16 INT32 UINT32
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 UINT32
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_NEGATE",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="5_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: formula f(x) = -x",
            "note: no ScaleBias field",
            "note: supports in-place execution: OutputTensor may alias InputTensor during binding",
            "note: the page's single support table has no feature-level heading; keyed by the"
            " introduced level 5_0",
        ],
        support={
            "5_0": """
                InputTensor   input   1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8
                OutputTensor  output  1-8  FLOAT32 FLOAT16 INT64 INT32 INT16 INT8
            """,
        },
    ),
]
