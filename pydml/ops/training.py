"""Training operators (ADAM_OPTIMIZER): the tensor-support table of its documentation page.

The table is transcribed from the newest stored version of the sdk-api page (the commit is in
``page=``); the page has one untitled table, keyed by the introduced level (3_0). Surprise: the
table lists TrainingStepTensor as FLOAT32/FLOAT16 while the field text says it must be a UINT32
scalar; the table is transcribed as is and the field text kept as a note.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "ADAM_OPTIMIZER",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: GradientTensor InputFirstMomentTensor "
            "InputParametersTensor InputSecondMomentTensor OutputFirstMomentTensor "
            "OutputParametersTensor OutputSecondMomentTensor",
            "note: TrainingStepTensor must be a scalar (all Sizes 1, {1,1,1,1}); the field text "
            "says its data type must be UINT32, the page's table says FLOAT32/FLOAT16",
            "note: M = Beta1 * M + (1 - Beta1) * G; V = Beta2 * V + (1 - Beta2) * G * G; Alpha = "
            "sqrt(1 - Beta2^T) / (1 - Beta1^T); X -= LearningRate * Alpha * M / (sqrt(V) + "
            "Epsilon); outputs are X, M, V",
            "note: the operator does not increment the training step",
            "note: Beta1 and Beta2 should be between 0.0 and 1.0 (typically 0.9 and 0.999)",
            "note: supports in-place execution: each output may alias an eligible input; every "
            "input except TrainingStepTensor is eligible",
        ],
        support={
            "3_0": """
                InputParametersTensor     input   4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                InputFirstMomentTensor    input   4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                InputSecondMomentTensor   input   4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                GradientTensor            input   4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                TrainingStepTensor        input   4  FLOAT32 FLOAT16  {1,1,1,1}
                OutputParametersTensor    output  4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                OutputFirstMomentTensor   output  4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                OutputSecondMomentTensor  output  4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
            """,
        },
    ),
]
