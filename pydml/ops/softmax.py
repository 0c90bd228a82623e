"""The softmax operators: ACTIVATION_SOFTMAX(1), ACTIVATION_LOG_SOFTMAX(1), ACTIVATION_HARDMAX(1),
as data: the tables of their MicrosoftDocs/sdk-api pages (the commit in ``page=``). They are
activations on the pages but normalize along axes, so their kernel is the softmax family
(native/families/softmax.c) on the axis engine; rules native/validate/rules_softmax.c, tests
tests/test_softmax.py, benchmark benchmarks/bench_softmax.py. The pages of SOFTMAX1, LOG_SOFTMAX1
and HARDMAX1 are MicrosoftDocs/windows-ai-docs ``docs/directml/api/`` (sdk-api has none).
Surprises: SOFTMAX, LOG_SOFTMAX and HARDMAX accept 1 to 8 dimensions from FL3_0, yet their pages
still limit the input to an effective rank of 2 and reduce the last axis; the LOG_SOFTMAX1 page's
examples are HARDMAX1's.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "ACTIVATION_SOFTMAX",
        kernel="softmax",
        rules="softmax.effective_rank",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x[i]) = exp(x[i]) / sum(exp(x[0]), ..., exp(x[j-1])) over the elements of the"
            " reduced axis (the page writes it for a 1-D input)",
            "note: InputTensor must have an effective rank <= 2 (effective rank = DimensionCount "
            "excluding leading dimensions of size 1, e.g. {1,1,BatchCount,Width} is valid and "
            "equals {BatchCount,Width})",
            "note: the reduced axis is the last dimension (SOFTMAX1 page: SOFTMAX == SOFTMAX1 with"
            " Axes {DimensionCount - 1})",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
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
        "ACTIVATION_LOG_SOFTMAX",
        kernel="softmax",
        rules="softmax.effective_rank",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x_i) = ln(exp(x_i) / sum(exp(x_0), ..., exp(x_j))) over the elements of the "
            "reduced axis",
            "note: InputTensor must have an effective rank <= 2 (effective rank = DimensionCount "
            "excluding leading dimensions of size 1, e.g. {1,1,BatchCount,Width} is valid and "
            "equals {BatchCount,Width})",
            "note: the reduced axis is the last dimension (LOG_SOFTMAX1 page: LOG_SOFTMAX == "
            "LOG_SOFTMAX1 with Axes {DimensionCount - 1})",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
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
        "ACTIVATION_HARDMAX",
        kernel="softmax",
        rules="softmax.effective_rank",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: output is 1 for the first occurrence of the largest value of each row (the last"
            " dimension) and 0 elsewhere; the page treats the input as 2-D {batch_size, "
            "input_feature_dimensions}",
            "note: InputTensor must have an effective rank <= 2 (effective rank = DimensionCount "
            "excluding leading dimensions of size 1, e.g. {1,1,BatchCount,Width} is valid and "
            "equals {BatchCount,Width})",
            "note: the reduced axis is the last dimension (HARDMAX1 page: HARDMAX == HARDMAX1 with"
            " Axes {DimensionCount - 1})",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
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
        "ACTIVATION_SOFTMAX1",
        kernel="softmax",
        rules="softmax.axes",
        page="9beae6f045e2918a7ce93f9614450d3bbf7c63ff",
        introduced="5_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x[i]) = exp(x[i]) / sum(exp(x[k])) with the sum over all elements sharing "
            "x[i]'s coordinates outside Axes (the page writes it for a 1-D input)",
            "note: AxisCount is the size of Axes; Axes are the axes to reduce the sum over; each "
            "value must be in [0, InputTensor.DimensionCount - 1]",
            "note: equivalent to SOFTMAX when AxisCount == 1 and Axes == {DimensionCount - 1}",
            "note: no effective-rank limit is stated (unlike SOFTMAX)",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-"
            "dml_activation_softmax1_operator_desc.md; sdk-api has no page for it",
        ],
        support={
            "5_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_LOG_SOFTMAX1",
        kernel="softmax",
        rules="softmax.axes",
        page="4bafa1dd5b23f60fc4df184b9ebb87dcd01db9f2",
        introduced="5_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: f(x[i]) = ln(exp(x[i]) / sum(exp(x[k]))) with the sum over all elements sharing"
            " x[i]'s coordinates outside Axes (the page writes it for a 1-D input)",
            "note: AxisCount is the size of Axes; Axes are the axes to reduce the sum over; each "
            "value must be in [0, InputTensor.DimensionCount - 1]",
            "note: equivalent to LOG_SOFTMAX when AxisCount == 1 and Axes == {DimensionCount - 1}",
            "note: no effective-rank limit is stated (unlike LOG_SOFTMAX)",
            "note: page's worked examples are wrong: they were copied from HARDMAX1 and show 0/1 "
            "hardmax outputs, so do not use them as log-softmax test data",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-"
            "dml_activation_log_softmax1_operator_desc.md; sdk-api has no page for it",
        ],
        support={
            "5_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ACTIVATION_HARDMAX1",
        kernel="softmax",
        rules="softmax.axes",
        page="f9f7981f3296da2b73be47b980b352c2d8f1ca2a",
        introduced="5_1",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: output is 1 at the first maximum (ARGMAX with DML_AXIS_DIRECTION_INCREASING) "
            "over the elements sharing the coordinates outside Axes, 0 elsewhere",
            "note: AxisCount is the size of Axes; Axes are the axes to reduce over; each value "
            "must be in [0, InputTensor.DimensionCount - 1]",
            "note: equivalent to HARDMAX when AxisCount == 1 and Axes == {DimensionCount - 1}",
            "note: page has a worked example (input {2,2,2}; Axes {1}, {0} and {0,2})",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: not usable as a FusedActivation (not in the dml-fused-activations list, which "
            "says unlisted operators are not supported)",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-"
            "dml_activation_hardmax1_operator_desc.md; sdk-api has no page for it",
        ],
        support={
            "5_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
        },
    ),
]

#: dml-feature-level-history.md, DML_FEATURE_LEVEL_6_1: SOFTMAX and SOFTMAX1 may be a
#: FusedActivation, of GEMM only (FUSABLE_HOSTS).
FUSABLE: dict[str, str] = {"ACTIVATION_SOFTMAX": "6_1", "ACTIVATION_SOFTMAX1": "6_1"}

#: Activations that fuse into some operators only (absent: every operator with a FusedActivation).
FUSABLE_HOSTS: dict[str, tuple[str, ...]] = {
    "ACTIVATION_SOFTMAX": ("GEMM",), "ACTIVATION_SOFTMAX1": ("GEMM",),
}
