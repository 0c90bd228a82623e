"""The optimizer (ADAM_OPTIMIZER): the tensor-support table of its documentation page. One name
everywhere: native/families/optimizer.c, native/validate/rules_optimizer.c; tests
tests/test_optimizer.py, benchmark benchmarks/bench_training.py.

The table is transcribed from the newest stored version of the sdk-api page (the commit is in
``page=``); the page has one untitled table, keyed by the introduced level (3_0).

TrainingStepTensor's data type (decision): the field text says the step "must be a scalar (that
is, all Sizes equal to 1) and have data type DML_TENSOR_DATA_TYPE_UINT32"; the table's row lists
FLOAT32/FLOAT16 like every other row, and another stored version of the page (sdk-api commit
2db4b02040c83285e0885659d7bd2fa159f2da6f) even adds TrainingStepTensor to the same-DataType
constraint. The field text is followed: UINT32 only. Evidence: Microsoft's own user of the
operator, tensorflow-directml (tensorflow/core/kernels/dml_training_ops.cc, DmlApplyAdamKernel,
commit b3ad2607820a2e392b193f2a77c793431e7e41cb), registers ApplyAdam for FLOAT32 and FLOAT16 and
binds the step as a DT_UINT32 scalar in both, so the same-DataType reading cannot be what
DirectML checks, and a floating step would contradict "a single integer value". onnxruntime's
DirectML provider has no Adam kernel, and DirectML's DxDispatch models have no adam sample.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "ADAM_OPTIMIZER",
        kernel="optimizer",
        rules="optimizer.adam",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount Sizes: GradientTensor InputFirstMomentTensor "
            "InputParametersTensor InputSecondMomentTensor OutputFirstMomentTensor "
            "OutputParametersTensor OutputSecondMomentTensor",
            "note: TrainingStepTensor must be a scalar (all Sizes 1, {1,1,1,1}) of data type UINT32 "
            "(field text; the page's table row says FLOAT32/FLOAT16: see the module docstring)",
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
                TrainingStepTensor        input   4  UINT32           {1,1,1,1}
                OutputParametersTensor    output  4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                OutputFirstMomentTensor   output  4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
                OutputSecondMomentTensor  output  4  FLOAT32 FLOAT16  {D0,D1,D2,D3}
            """,
        },
    ),
]
