"""The normalization operators of training: BATCH_NORMALIZATION_TRAINING(_GRAD),
BATCH_NORMALIZATION_GRAD and LOCAL_RESPONSE_NORMALIZATION_GRAD, as data: the tables of their
MicrosoftDocs/sdk-api pages (the commit in ``page=``; the windows-ai-docs copies of the two
BATCH_NORMALIZATION_TRAINING pages agree). One name everywhere:
native/families/normalization_training.c, tests/test_normalization_training.py,
benchmarks/bench_training.py; their rules are in native/validate/rules_normalization.c, with the
inference normalizations they share checks with.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "LOCAL_RESPONSE_NORMALIZATION_GRAD",
        kernel="normalization_training",
        rules="normalization_training.lrn_grad",
        page="fe15a8b42c2db269a0d8e6c8c89584484c52b848",
        introduced="3_1",
        constraints=[
            "same DataType Sizes: InputGradientTensor InputTensor OutputGradientTensor",
            "note: backpropagation gradient of LOCAL_RESPONSE_NORMALIZATION; the page gives no "
            "formula",
            "note: InputTensor Sizes are {BatchCount, ChannelCount, Height, Width}",
            "note: CrossChannel TRUE sums across channels, FALSE across the spatial dimensions",
            "note: LocalSize is the maximum number of elements summed per dimension (the region is"
            " clipped to the tensor bounds); the page then says it is the region's width and "
            "height when CrossChannel is TRUE and the region's element count when FALSE "
            "(apparently swapped)",
            "note: LocalSize must be at least 1",
            "note: recommended defaults: Alpha 0.0001, Beta 0.75, Bias 1",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
        ],
        support={
            "3_1": """
                    InputTensor           input   4    FLOAT32 FLOAT16
                    InputGradientTensor   input   4    FLOAT32 FLOAT16
                    OutputGradientTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "BATCH_NORMALIZATION_GRAD",
        kernel="normalization_training",
        rules="normalization_training.bn_grad",
        page="b5f9f4f44d158ea4e2b3a6975fe06a3a4dd167cc",
        introduced="3_1",
        constraints=[
            "same DataType DimensionCount: InputGradientTensor InputTensor MeanTensor "
            "OutputBiasGradientTensor OutputGradientTensor OutputScaleGradientTensor ScaleTensor "
            "VarianceTensor",
            "same Sizes: MeanTensor OutputBiasGradientTensor OutputScaleGradientTensor ScaleTensor"
            " VarianceTensor",
            "same Sizes: InputGradientTensor InputTensor OutputGradientTensor",
            "note: OutputGradient = InputGradient * (Scale / sqrt(Variance + Epsilon)), element-"
            "wise",
            "note: OutputScaleGradient = sum(InputGradient * (Input - Mean) / sqrt(Variance + "
            "Epsilon)); OutputBiasGradient = sum(InputGradient); the sums run over the dimensions "
            "where MeanTensor, ScaleTensor and VarianceTensor have size 1",
            "note: MeanTensor, VarianceTensor and ScaleTensor are typically those given to the "
            "forward BATCH_NORMALIZATION; their dimensions are 1 (broadcast) or InputTensor's "
            "(implied; this page has no explicit broadcast sentence)",
            "note: Epsilon is a small value added to the variance to avoid zero",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
        ],
        support={
            "3_1": """
                    InputTensor                input   1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    InputGradientTensor        input   1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    MeanTensor                 input   1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    VarianceTensor             input   1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    ScaleTensor                input   1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    OutputGradientTensor       output  1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    OutputScaleGradientTensor  output  1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    OutputBiasGradientTensor   output  1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
            """,
        },
    ),
    operator(
        "BATCH_NORMALIZATION_TRAINING",
        kernel="normalization_training",
        rules="normalization_training.bn_training",
        page="f88051d5c21ab188c03603f2a873ab6993fb9860",
        introduced="4_1",
        constraints=[
            "same DataType DimensionCount: BiasTensor FusedAddTensor InputTensor OutputMeanTensor "
            "OutputTensor OutputVarianceTensor ScaleTensor",
            "same Sizes: BiasTensor OutputMeanTensor OutputVarianceTensor ScaleTensor",
            "same Sizes: FusedAddTensor InputTensor OutputTensor",
            "note: Output = FusedActivation(Scale * ((Input - Mean) / sqrt(Variance + Epsilon)) + "
            "Bias + FusedAdd)",
            "note: each dimension of ScaleTensor and BiasTensor must be 1 (broadcast to "
            "InputTensor) or equal InputTensor's size in that dimension",
            "note: Mean and Variance are computed from InputTensor over the dimensions where "
            "ScaleTensor and BiasTensor have size 1, and written to OutputMeanTensor and "
            "OutputVarianceTensor (page does not say whether the variance is biased or unbiased)",
            "note: FusedAddTensor is optional; when present it is added before FusedActivation",
            "note: Epsilon avoids division by zero (page gives no default)",
            "note: FusedActivation is optional (may be null) and is applied after the "
            "normalization (+ FusedAdd); the dml-fused-activations page (2020) does not list "
            "BATCH_NORMALIZATION_TRAINING among the operators supporting fusion, though the struct"
            " has the field",
            "note: the windows-ai-docs copy (docs/directml/api/, commit "
            "cae066722c6655bfbd4aa5d65e196b9e5f7e9122) has the same constraints and table",
        ],
        support={
            "4_1": """
                    InputTensor           input           1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    ScaleTensor           input           1-8  FLOAT32 FLOAT16  {ScaleDimensions[]}
                    BiasTensor            input           1-8  FLOAT32 FLOAT16  {ScaleDimensions[]}
                    FusedAddTensor        optional-input  1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    OutputTensor          output          1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    OutputMeanTensor      output          1-8  FLOAT32 FLOAT16  {ScaleDimensions[]}
                    OutputVarianceTensor  output          1-8  FLOAT32 FLOAT16  {ScaleDimensions[]}
            """,
        },
    ),
    operator(
        "BATCH_NORMALIZATION_TRAINING_GRAD",
        kernel="normalization_training",
        rules="normalization_training.bn_grad",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="4_1",
        constraints=[
            "same DataType DimensionCount: InputGradientTensor InputTensor MeanTensor "
            "OutputBiasGradientTensor OutputGradientTensor OutputScaleGradientTensor ScaleTensor "
            "VarianceTensor",
            "same Sizes: MeanTensor OutputBiasGradientTensor OutputScaleGradientTensor ScaleTensor"
            " VarianceTensor",
            "same Sizes: InputGradientTensor InputTensor OutputGradientTensor",
            "note: each dimension of MeanTensor, VarianceTensor and ScaleTensor must be 1 "
            "(broadcast to InputTensor) or equal InputTensor's size in that dimension",
            "note: OutputGradient = Scale * Coef0 * (InputGradientCentered - InputCentered * "
            "mean(Coef1) / (Variance + Epsilon)), with Coef0 = 1 / sqrt(Variance + Epsilon), Coef1"
            " = InputGradient * (Input - mean(Input)), InputGradientCentered = InputGradient - "
            "mean(InputGradient), and InputCentered = Input - mean(Input) (the page writes "
            "'InputCentered - mean(InputCentered)', a typo); the means run over the dimensions "
            "where MeanTensor has size 1",
            "note: OutputScaleGradient = sum(InputGradient * (Input - Mean) / sqrt(Variance + "
            "Epsilon)); OutputBiasGradient = sum(InputGradient); the sums run over the dimensions "
            "where MeanTensor, ScaleTensor and VarianceTensor have size 1",
            "note: MeanTensor and VarianceTensor are typically the forward "
            "BATCH_NORMALIZATION_TRAINING's OutputMeanTensor and OutputVarianceTensor",
            "note: Epsilon is a small value added to the variance to avoid zero",
            "note: the windows-ai-docs copy (docs/directml/api/, commit "
            "bf8942fb4fb6610c2810663b2897da9347e216c2) has the same constraints and table",
        ],
        support={
            "4_1": """
                    InputTensor                input   1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    InputGradientTensor        input   1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    MeanTensor                 input   1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    VarianceTensor             input   1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    ScaleTensor                input   1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    OutputGradientTensor       output  1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    OutputScaleGradientTensor  output  1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    OutputBiasGradientTensor   output  1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
            """,
        },
    ),
]
