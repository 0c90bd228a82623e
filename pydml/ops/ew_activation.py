"""Activation operators on the element-wise engine (DML_OPERATOR_ACTIVATION_*, but for
RELU_GRAD, in ew_gradient.py, and the SOFTMAX/LOG_SOFTMAX/HARDMAX forms, in softmax.py):
tensor support and constraints as data.

The tables are transcribed from the newest stored page of each operator (the commit in ``page=``):
MicrosoftDocs/sdk-api ``sdk-api-src/content/directml/ns-directml-dml_<name>_operator_desc.md`` for
the operators up to RELU_GRAD, MicrosoftDocs/windows-ai-docs ``docs/directml/api/`` for GELU,
SOFTMAX1, LOG_SOFTMAX1, HARDMAX1, SWISH and HARD_SWISH (sdk-api has no page for them). Which
activations may be fused comes from windows-ai-docs ``docs/directml/dml-fused-activations.md``
(commit 50ca20aaa5b128f0f57ffe8e075d92bf20a0f892, dated 2020, so it predates GELU, SWISH and
HARD_SWISH and lists none of them). Surprises: SOFTMAX, LOG_SOFTMAX and HARDMAX accept 1 to 8
dimensions from FL3_0, yet their pages still limit the input to an effective rank of 2 and reduce
the last axis; only RELU, PARAMETERIZED_RELU, RELU_GRAD (INT32/16/8) and SHRINK (also unsigned)
gain integer types at FL5_1; the LOG_SOFTMAX1 page's examples are HARDMAX1's; the IDENTITY and
SOFTPLUS pages misplace field text.

The module is named after the C file that holds these operators' rows,
``native/families/ew_activation.c``, with their rules in ``native/validate/rules_ew_activation.c``
and their tests in ``tests/test_ew_activation*.py``: one name in every layer.
"""

from typing import Any

from pydml.schema.tables import operator

TABLES = [
    operator(
        "ACTIVATION_ELU",
        kernel="elementwise",
        page="290b21b0f5cd4a8b0f053d8d0e391047eca97c06",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x if x >= 0, else Alpha * (exp(x) - 1)",
            "note: Alpha: typical default 1.0",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_HARD_SIGMOID",
        kernel="elementwise",
        page="f4acb9bc5d5d71b896131f8ac2fb7ffbdb9697d7",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = max(0, min(Alpha * x + Beta, 1))",
            "note: Alpha: typical default 0.2; Beta: typical default 0.5",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_IDENTITY",
        kernel="elementwise",
        page="0dbacd0650a59e406fd734aea145bf4fc06b06ac",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x (copies InputTensor to OutputTensor)",
            "note: page's field texts are swapped (InputTensor described as 'the output tensor to "
            "write the results to')",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_LEAKY_RELU",
        kernel="elementwise",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x if x >= 0, else Alpha * x",
            "note: Alpha: typical default 0.01",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_LINEAR",
        kernel="elementwise",
        page="0f1321925c4cb9c40f136e111a456ebf0024a888",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = Alpha * x + Beta",
            "note: Alpha and Beta: page gives no typical defaults",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_PARAMETERIZED_RELU",
        kernel="elementwise",
        page="a28e08e717898c2f4d3cdcf6a830c6027643f6a1",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor SlopeTensor",
            "note: f(x, slope) = x if x >= 0, else slope * x, with slope the corresponding element"
            " of SlopeTensor",
            "note: SlopeTensor has the same Sizes as InputTensor (no broadcasting on the page; use"
            " strides to broadcast)",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
        ],
        support={
            "5_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
                    SlopeTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
                    OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
            """,
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    SlopeTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    SlopeTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    SlopeTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_PARAMETRIC_SOFTPLUS",
        kernel="elementwise",
        page="ea9cf3ce19e909a426d6a7615da427641763e64c",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = Alpha * ln(1 + exp(Beta * x))",
            "note: Alpha and Beta: page gives no typical defaults",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_RELU",
        kernel="elementwise",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = max(0, x)",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "5_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
                    OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8
            """,
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_SCALED_ELU",
        kernel="elementwise",
        page="2db4b02040c83285e0885659d7bd2fa159f2da6f",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = Gamma * x if x > 0, else Gamma * (Alpha * exp(x) - Alpha)",
            "note: Alpha: typical default 1.6732; Gamma: typical default 1.0507",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_SCALED_TANH",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = Alpha * tanh(Beta * x)",
            "note: Alpha: typical default 1.0; Beta: typical default 0.5",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_SIGMOID",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = 1 / (1 + exp(-x))",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_SOFTPLUS",
        kernel="elementwise",
        rules="ew_activation.softplus",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = ln(1 + exp(Steepness * x)) / Steepness",
            "note: Steepness: typical default 1.0; it must not be less than 1 (the page puts this "
            "text under OutputTensor by mistake)",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_SOFTSIGN",
        kernel="elementwise",
        page="705a7eaab871396f91993022ce1693626c1c5e3f",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x / (1 + abs(x))",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_TANH",
        kernel="elementwise",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = (1 - exp(-2 * x)) / (1 + exp(-2 * x))",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_THRESHOLDED_RELU",
        kernel="elementwise",
        page="b6ccb924f6c44da8f60ab686dd72a10ce8103cf1",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x if x > Alpha, else 0",
            "note: Alpha (the threshold): typical default 1.0",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_SHRINK",
        kernel="elementwise",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x - Bias if x > Threshold; x + Bias if x < -Threshold; else 0",
            "note: Bias: typical default 0.0; Threshold: typical default 0.5",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "5_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
                    OutputTensor  output  1-8  FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8
            """,
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "2_0": """
                    InputTensor   input   4-5  FLOAT32 FLOAT16
                    OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_CELU",
        kernel="elementwise",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = max(0, x) + min(0, Alpha * (exp(x / Alpha) - 1))",
            "note: Alpha: typical default 1.0",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: may be used as a FusedActivation (listed in dml-fused-activations; InputTensor "
            "and OutputTensor must then be null)",
        ],
        support={
            "3_0": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_GELU",
        kernel="elementwise",
        page="4bafa1dd5b23f60fc4df184b9ebb87dcd01db9f2",
        introduced="5_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = 0.5 * x * (1.0 + erf(x / sqrt(2)))",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-"
            "dml_activation_gelu_operator_desc.md; sdk-api has no page for it",
        ],
        support={
            "5_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_SWISH",
        kernel="elementwise",
        page="6b5ee3310dde06593a44cfaa55acdb71b05e368e",
        introduced="6_2",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x * Sigmoid(SigmoidInputScale * x)",
            "note: SigmoidInputScale: typical default 1.0",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-"
            "dml_activation_swish_operator_desc.md; sdk-api has no page for it",
        ],
        support={
            "6_2": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_HARD_SWISH",
        kernel="elementwise",
        page="7b9df07a81d5411c54a4ec957b3b4e118f9eff1f",
        introduced="6_2",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x) = x * HardSigmoid(x, Alpha, Beta), with HardSigmoid = max(0, min(Alpha * x"
            " + Beta, 1)) as on the HARD_SIGMOID page",
            "note: Alpha: typical default 0.2; Beta: page gives no typical default",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: supports in-place execution (OutputTensor may alias InputTensor when binding)",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-"
            "dml_activation_hard_swish_operator_desc.md; sdk-api has no page for it",
        ],
        support={
            "6_2": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
]

#: Python defaults: the typical defaults the pages state (the "note: ... typical default" lines
#: above). A field whose page states none (LINEAR's and PARAMETRIC_SOFTPLUS's Alpha and Beta,
#: HARD_SWISH's Beta) has no default and must be given.
DEFAULTS: dict[str, dict[str, Any]] = {
    "ACTIVATION_ELU": {"Alpha": 1.0},
    "ACTIVATION_HARD_SIGMOID": {"Alpha": 0.2, "Beta": 0.5},
    "ACTIVATION_LEAKY_RELU": {"Alpha": 0.01},
    "ACTIVATION_SCALED_ELU": {"Alpha": 1.67326319217681884765625,
                              "Gamma": 1.05070102214813232421875},
    "ACTIVATION_SCALED_TANH": {"Alpha": 1.0, "Beta": 0.5},
    "ACTIVATION_SOFTPLUS": {"Steepness": 1.0},
    "ACTIVATION_THRESHOLDED_RELU": {"Alpha": 1.0},
    "ACTIVATION_SHRINK": {"Bias": 0.0, "Threshold": 0.5},
    "ACTIVATION_CELU": {"Alpha": 1.0},
    "ACTIVATION_SWISH": {"SigmoidInputScale": 1.0},
    "ACTIVATION_HARD_SWISH": {"Alpha": 0.2},
}

#: Activations that may be a FusedActivation, and from which level (dml-fused-activations.md
#: lists the first 16; GELU, introduced after that page, is fused by pydml from its own level,
#: as ONNX Runtime's DirectML provider fuses it). ELEMENT_WISE_CLIP: see ew_quantize.py;
#: SOFTMAX and SOFTMAX1: softmax.py.
FUSABLE: dict[str, str] = {
    "ACTIVATION_ELU": "1_0", "ACTIVATION_HARD_SIGMOID": "1_0", "ACTIVATION_IDENTITY": "1_0",
    "ACTIVATION_LEAKY_RELU": "1_0", "ACTIVATION_LINEAR": "1_0",
    "ACTIVATION_PARAMETRIC_SOFTPLUS": "1_0", "ACTIVATION_RELU": "1_0",
    "ACTIVATION_SCALED_ELU": "1_0", "ACTIVATION_SCALED_TANH": "1_0", "ACTIVATION_SIGMOID": "1_0",
    "ACTIVATION_SOFTPLUS": "1_0", "ACTIVATION_SOFTSIGN": "1_0", "ACTIVATION_TANH": "1_0",
    "ACTIVATION_THRESHOLDED_RELU": "1_0", "ACTIVATION_SHRINK": "2_0", "ACTIVATION_CELU": "3_0",
    "ACTIVATION_GELU": "5_1",
}

