"""Element-wise gradient operators: ACTIVATION_RELU_GRAD, ELEMENT_WISE_CLIP_GRAD and
ELEMENT_WISE_CLIP_GRAD1, tensor support and constraints as data.

Transcribed from the newest stored sdk-api page of each operator (the commit is in ``page=``).
CLIP_GRAD takes FLOAT Min/Max even for integer tensors; CLIP_GRAD1 takes DML_SCALAR_UNION Min/Max
read as ``MinMaxDataType``, which must equal the output's data type (the FLOAT16 bound's encoding:
see ew_quantize.py). RELU_GRAD gains INT32/16/8 at FL5_1. The CLIP_GRAD1 page carries one table
without a level heading, keyed here by the introduced level.

The module is named after the C file that holds these operators' rows,
``native/families/ew_gradient.c``, with their rules in ``native/validate/rules_ew_gradient.c`` and
their tests in ``tests/test_ew_gradient*.py``: one name in every layer.
"""

from pydml.schema.tables import operator

_INT64 = "FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"
_INT32 = "FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8"

TABLES = [
    operator(
        "ACTIVATION_RELU_GRAD",
        kernel="elementwise",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputGradientTensor InputTensor "
            "OutputGradientTensor",
            "note: OutputGradientTensor = (InputTensor > 0 ? InputGradientTensor : 0), element-"
            "wise; forward operator is ACTIVATION_RELU",
            "note: the page's field list calls the output OutputTensor; its constraints and table "
            "(and the header) call it OutputGradientTensor",
            "note: the FL4_0 table repeats the FL3_0 table unchanged",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
        ],
        support={
            "5_1": """
                    InputTensor           input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
                    InputGradientTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
                    OutputGradientTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
            """,
            "4_0": """
                    InputTensor           input   1-8  FLOAT32 FLOAT16
                    InputGradientTensor   input   1-8  FLOAT32 FLOAT16
                    OutputGradientTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "3_0": """
                    InputTensor           input   1-8  FLOAT32 FLOAT16
                    InputGradientTensor   input   1-8  FLOAT32 FLOAT16
                    OutputGradientTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_CLIP_GRAD",
        kernel="elementwise",
        page="8691330294ef3c2b5fc3e59e0a7ed6c71f6ae8d1",
        introduced="3_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputGradientTensor InputTensor "
            "OutputGradientTensor",
            "note: f(x, gradient) = 0 if x <= Min, 0 if x >= Max, else gradient (both bounds "
            "inclusive); x from InputTensor, gradient from InputGradientTensor; Min and Max are "
            "FLOAT fields",
            "note: supports in-place execution: the output (OutputGradientTensor; the page says "
            "'OutputTensor') may alias InputTensor",
        ],
        support={
            "5_0": f"""
                InputTensor           input   1-8  {_INT64}
                InputGradientTensor   input   1-8  {_INT64}
                OutputGradientTensor  output  1-8  {_INT64}
            """,
            "3_1": f"""
                InputTensor           input   1-8  {_INT32}
                InputGradientTensor   input   1-8  {_INT32}
                OutputGradientTensor  output  1-8  {_INT32}
            """,
        },
    ),
    operator(
        "ELEMENT_WISE_CLIP_GRAD1",
        kernel="elementwise",
        rules="ew_gradient.clip_grad1",
        page="43d422fa588d26857a533d1ba2d458c7baf34405",
        introduced="5_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputGradientTensor InputTensor "
            "OutputGradientTensor",
            "note: f(x, gradient) = 0 if x <= Min, 0 if x >= Max, else gradient (both bounds "
            "inclusive); x from InputTensor, gradient from InputGradientTensor",
            "note: MinMaxDataType must equal the output's data type (the page says "
            "'OutputTensor.DataType'; the struct's output is OutputGradientTensor); Min and Max "
            "are DML_SCALAR_UNION read through the member MinMaxDataType names (as CLIP1)",
            "note: supports in-place execution: the output (OutputGradientTensor; the page says "
            "'OutputTensor') may alias InputTensor",
            "note: the page's single table has no level heading (keyed by the introduced level)",
        ],
        support={
            "5_0": f"""
                InputTensor           input   1-8  {_INT64}
                InputGradientTensor   input   1-8  {_INT64}
                OutputGradientTensor  output  1-8  {_INT64}
            """,
        },
    ),
]
