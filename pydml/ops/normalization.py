"""Normalization family: batch, mean-variance, local-response and Lp normalization, as data.

The tables are transcribed from the newest stored page of each operator (the commit in ``page=``):
MicrosoftDocs/sdk-api ``sdk-api-src/content/directml/ns-directml-dml_<name>_operator_desc.md``,
except MEAN_VARIANCE_NORMALIZATION2, whose only page is MicrosoftDocs/windows-ai-docs
``docs/directml/api/`` (the windows-ai-docs copies of the two BATCH_NORMALIZATION_TRAINING pages
agree with sdk-api). Fused-activation support is from windows-ai-docs
``docs/directml/dml-fused-activations.md`` (commit 50ca20aaa5b128f0f57ffe8e075d92bf20a0f892), which
lists BATCH_NORMALIZATION, MEAN_VARIANCE_NORMALIZATION and MEAN_VARIANCE_NORMALIZATION1 only.
Surprises: MEAN_VARIANCE_NORMALIZATION, LOCAL_RESPONSE_NORMALIZATION and its GRAD stay 4-D at
every level; BATCH_NORMALIZATION's Spatial is a no-op from FL4_0; the MEAN_VARIANCE_NORMALIZATION2
page is mostly "TBD"; MEAN_VARIANCE_NORMALIZATION1/2 list no same-Sizes rule for Input/Output.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "BATCH_NORMALIZATION",
        kernel="normalization",
        rules="normalization.batch_norm",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: BiasTensor InputTensor MeanTensor OutputTensor "
            "ScaleTensor VarianceTensor",
            "same Sizes: InputTensor OutputTensor",
            "note: Output = FusedActivation(Scale * ((Input - Mean) / sqrt(Variance + Epsilon)) + "
            "Bias)",
            "note: each dimension of MeanTensor, VarianceTensor, ScaleTensor and BiasTensor must "
            "be 1 (broadcast to InputTensor) or equal InputTensor's size in that dimension",
            "note: Spatial: TRUE = locations are spatial; FALSE requires the Width and Height "
            "dimensions of MeanTensor and VarianceTensor not to be broadcast; deprecated in FL4_0,"
            " where it has no effect",
            "note: Epsilon is added to the variance to avoid division by zero (page gives no "
            "default)",
            "note: FusedActivation is optional (may be null) and is applied after the "
            "normalization; BATCH_NORMALIZATION is listed in dml-fused-activations as supporting "
            "fused activation",
        ],
        support={
            "3_1": """
                    InputTensor     input   1-8  FLOAT32 FLOAT16  {InputDimensions[]}
                    MeanTensor      input   1-8  FLOAT32 FLOAT16  {MeanDimensions[]}
                    VarianceTensor  input   1-8  FLOAT32 FLOAT16  {VarianceDimensions[]}
                    ScaleTensor     input   1-8  FLOAT32 FLOAT16  {ScaleDimensions[]}
                    BiasTensor      input   1-8  FLOAT32 FLOAT16  {BiasDimensions[]}
                    OutputTensor    output  1-8  FLOAT32 FLOAT16  {InputDimensions[]}
            """,
            "1_0": """
                    InputTensor     input   4    FLOAT32 FLOAT16  {InputDimensions[]}
                    MeanTensor      input   4    FLOAT32 FLOAT16  {MeanDimensions[]}
                    VarianceTensor  input   4    FLOAT32 FLOAT16  {VarianceDimensions[]}
                    ScaleTensor     input   4    FLOAT32 FLOAT16  {ScaleDimensions[]}
                    BiasTensor      input   4    FLOAT32 FLOAT16  {BiasDimensions[]}
                    OutputTensor    output  4    FLOAT32 FLOAT16  {InputDimensions[]}
            """,
        },
    ),
    operator(
        "MEAN_VARIANCE_NORMALIZATION",
        kernel="normalization",
        rules="normalization.mvn",
        page="db7dd4d987bcde3ba79c463740688660e96e58b4",
        introduced="1_0",
        constraints=[
            "same Sizes: InputTensor OutputTensor",
            "same DataType: BiasTensor InputTensor OutputTensor ScaleTensor",
            "note: Output = FusedActivation(Scale * ((Input - Mean) / sqrt(Variance + Epsilon)) + "
            "Bias), Mean and Variance computed from InputTensor",
            "note: NormalizeVariance FALSE: Output = FusedActivation(Scale * (Input - Mean) + "
            "Bias)",
            "note: CrossChannel TRUE: Mean and Variance over axes {ChannelCount, Height, Width} "
            "(1, 2, 3); FALSE: over {Height, Width} (2, 3), each channel independent",
            "note: InputTensor and OutputTensor are {BatchCount, ChannelCount, Height, Width}",
            "note: ScaleTensor and BiasTensor are {BatchCount, ChannelCount, Height, Width} with "
            "any dimension replaceable by 1 to broadcast",
            "note: below FL5_2, ScaleTensor and BiasTensor must be both present or both null; from"
            " FL5_2 either may be null on its own",
            "note: page does not say what a null ScaleTensor or BiasTensor means (presumably 1 and"
            " 0)",
            "note: Epsilon avoids division by zero; recommended default 0.00001",
            "note: FusedActivation is optional (may be null) and is applied after the "
            "normalization; MEAN_VARIANCE_NORMALIZATION is listed in dml-fused-activations as "
            "supporting fused activation",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level), so this operator stays 4-D at every level (MEAN_VARIANCE_NORMALIZATION1 is "
            "the N-D form)",
        ],
        support={
            "1_0": (
                "InputTensor   input           4    FLOAT32 FLOAT16  "
                "{BatchCount,ChannelCount,Height,Width}\n"
                "ScaleTensor   optional-input  4    FLOAT32 FLOAT16  "
                "{ScaleBatchCount,ScaleChannelCount,ScaleHeight,ScaleWidth}\n"
                "BiasTensor    optional-input  4    FLOAT32 FLOAT16  "
                "{BiasBatchCount,BiasChannelCount,BiasHeight,BiasWidth}\n"
                "OutputTensor  output          4    FLOAT32 FLOAT16  "
                "{BatchCount,ChannelCount,Height,Width}\n"
            ),
        },
    ),
    operator(
        "LOCAL_RESPONSE_NORMALIZATION",
        kernel="normalization",
        rules="normalization.lrn",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType Sizes: InputTensor OutputTensor",
            "note: Output = Input / (Bias + (Alpha / LocalSize) * sum(Input^2 over the local "
            "region))^Beta",
            "note: InputTensor Sizes are {BatchCount, ChannelCount, Height, Width}; OutputTensor "
            "matches",
            "note: CrossChannel TRUE sums across channels, FALSE does not; LocalSize is the number"
            " of elements summed per dimension (Width, Height, and Channel if CrossChannel)",
            "note: LocalSize must be at least 1",
            "note: recommended defaults: Alpha 0.0001, Beta 0.75, Bias 1",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level): 4-D only at every level",
        ],
        support={
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "LP_NORMALIZATION",
        kernel="normalization",
        rules="normalization.lp",
        page="f4acb9bc5d5d71b896131f8ac2fb7ffbdb9697d7",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount Sizes: InputTensor OutputTensor",
            "note: performs Lp-normalization of InputTensor along Axis; the page gives no formula "
            "and does not say how Epsilon enters",
            "note: Axis is the axis to normalize (page states no range; it must name a dimension "
            "of InputTensor, i.e. Axis < InputTensor.DimensionCount)",
            "note: P is the order of the normalization and must be 1 or 2",
            "note: Epsilon avoids division by zero; recommended default 0.00001",
        ],
        support={
            "3_1": """
                    InputTensor   input   1-8  FLOAT32 FLOAT16
                    OutputTensor  output  1-8  FLOAT32 FLOAT16
            """,
            "1_0": """
                    InputTensor   input   4    FLOAT32 FLOAT16
                    OutputTensor  output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "MEAN_VARIANCE_NORMALIZATION1",
        kernel="normalization",
        rules="normalization.mvn1",
        page="5b9c53c58fb90c51ccbcf38dee7d848f47611160",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount: BiasTensor InputTensor OutputTensor ScaleTensor",
            "note: Output = FusedActivation(Scale * ((Input - Mean) / sqrt(Variance + Epsilon)) + "
            "Bias), Mean and Variance computed from InputTensor along Axes",
            "note: NormalizeVariance FALSE: Output = FusedActivation(Scale * (Input - Mean) + "
            "Bias)",
            "note: AxisCount is the size of Axes; Axes are the axes to compute Mean and Variance "
            "over (page states no range or uniqueness rule)",
            "note: Axes {2, 3} equals MEAN_VARIANCE_NORMALIZATION with CrossChannel FALSE; {1, 2, "
            "3} equals CrossChannel TRUE",
            "note: OutputTensor has InputTensor's dimensions (field text; the constraints list has"
            " no Sizes rule)",
            "note: below FL4_0, ScaleTensor and BiasTensor are {N, ChannelCount, H, W}: the "
            "channel dimension must equal InputTensor's, the others equal InputTensor's or 1 "
            "(broadcast); from FL4_0 any dimension may be 1 (broadcast), otherwise equal to "
            "InputTensor's",
            "note: below FL5_2, ScaleTensor and BiasTensor must be both present or both null; from"
            " FL5_2 either may be null on its own",
            "note: Epsilon avoids division by zero; recommended default 0.00001",
            "note: FusedActivation is optional (may be null) and is applied after the "
            "normalization; MEAN_VARIANCE_NORMALIZATION1 is listed in dml-fused-activations as "
            "supporting fused activation",
            "note: the field texts still describe 4-D {BatchCount, ChannelCount, Height, Width} "
            "tensors, though FL3_1 allows 1 to 8 dimensions",
        ],
        support={
            "3_1": """
                    InputTensor   input           1-8  FLOAT32 FLOAT16
                    ScaleTensor   optional-input  1-8  FLOAT32 FLOAT16
                    BiasTensor    optional-input  1-8  FLOAT32 FLOAT16
                    OutputTensor  output          1-8  FLOAT32 FLOAT16
            """,
            "2_1": """
                    InputTensor   input           4    FLOAT32 FLOAT16
                    ScaleTensor   optional-input  4    FLOAT32 FLOAT16
                    BiasTensor    optional-input  4    FLOAT32 FLOAT16
                    OutputTensor  output          4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "MEAN_VARIANCE_NORMALIZATION2",
        kernel="normalization",
        rules="normalization.mvn2",
        page="f2066003522377da1ec3372e598f312343141bf8",
        introduced="6_3",
        constraints=[
            "same DataType DimensionCount: BiasTensor InputTensor OutputTensor ScaleTensor",
            "note: the page's description is 'TBD' and gives no formula; UseMean and UseVariance "
            "are also 'TBD' (presumably whether Mean is subtracted and whether the result is "
            "divided by sqrt(Variance + Epsilon), generalising MEAN_VARIANCE_NORMALIZATION1's "
            "NormalizeVariance)",
            "note: AxisCount is the size of Axes; Axes are the axes to compute Mean and Variance "
            "over (page states no range or uniqueness rule)",
            "note: OutputTensor has InputTensor's dimensions (field text; the constraints list has"
            " no Sizes rule)",
            "note: ScaleTensor and BiasTensor: any dimension may be 1 (broadcast), otherwise equal"
            " to InputTensor's; each may be null on its own (the page copies "
            "MEAN_VARIANCE_NORMALIZATION1's FL4_0/FL5_2 sentences, both below this operator's "
            "level)",
            "note: Epsilon avoids division by zero; recommended default 0.00001",
            "note: FusedActivation is optional (may be null) and is applied after the "
            "normalization; the dml-fused-activations page (2020) does not list "
            "MEAN_VARIANCE_NORMALIZATION2 among the operators supporting fusion, though the struct"
            " has the field",
            "note: the page's only support table has no level heading (keyed by the introduced "
            "level)",
            "note: page is MicrosoftDocs/windows-ai-docs docs/directml/api/ns-directml-"
            "dml_mean_variance_normalization2_operator_desc.md; sdk-api has no page for it",
        ],
        support={
            "6_3": """
                    InputTensor   input           1-8  FLOAT32 FLOAT16
                    ScaleTensor   optional-input  1-8  FLOAT32 FLOAT16
                    BiasTensor    optional-input  1-8  FLOAT32 FLOAT16
                    OutputTensor  output          1-8  FLOAT32 FLOAT16
            """,
        },
    ),
]
