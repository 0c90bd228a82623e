"""The resample family: RESAMPLE, RESAMPLE1, RESAMPLE2, RESAMPLE3, UPSAMPLE_2D, RESAMPLE_GRAD, RESAMPLE_GRAD1.

Coordinate mapping (directml-api.md §4.1; the RESAMPLE1/2/3 pages): per axis d, with
s = Scales[d], a = InputPixelOffsets[d], b = OutputPixelOffsets[d], output element o samples the
input at ``x = (o - b) / s - a``. Output sizes come from the tensor descs; Scales only drive the
mapping. RESAMPLE (v1) is RESAMPLE1 with a = 0.5, b = -0.5 on every axis.

NEAREST_NEIGHBOR rounding:
* RESAMPLE, RESAMPLE1, RESAMPLE_GRAD (no RoundingDirection field) and UPSAMPLE_2D: floor(x + 0.5),
  ties round up. Evidence: dml-nearest-rounding.md (WebNN on DirectML hardware, TF-DirectML CI,
  ONNX Runtime's DML kernel). Against it: the docs only say "nearest", and the RESAMPLE2 remarks'
  "OutputPixelOffsets adjusted an additional -0.5" equivalence holds only at scale 1.
* RESAMPLE2, RESAMPLE3, RESAMPLE_GRAD1: RoundingDirection DECREASING = floor(x), INCREASING = ceil(x)
  (a zero-initialised desc means INCREASING).
Indices clamp to [0, n-1]. LINEAR: taps floor(x) and floor(x)+1 with weights 1-f and f, clamped,
multiplied over every axis (up to 4-D: "quadrilinear").

Gradients take the forward op's Scales, offsets and RoundingDirection unchanged ("see
DML_RESAMPLE1_OPERATOR_DESC", as DirectMLX's ResampleGrad does) and compute its exact adjoint.
Evidence against (dml-nearest-rounding.md §5): Microsoft's TensorFlow-DirectML kernels appear to
pass RESAMPLE_GRAD's offsets swapped; we follow the documented meaning.

The rules and the kernel parameters derived from a desc live in native/validate/rules_resample.c (shared by
the validator and the resample family in native/families/resample.c); the tables below are the pages'.
UPSAMPLE_2D's pixel-offset convention is not documented; we use RESAMPLE's (0.5, -0.5), as the
page calls RESAMPLE "a more flexible version". RESAMPLE3's antialiasing filter normalisation is
not documented; the kernel follows ONNX Resize-18 ``antialias``.
"""

from __future__ import annotations

from pydml.schema.tables import operator

TABLES = [
    operator(
        "UPSAMPLE_2D",
        kernel="resample",
        rules="resample",
        page="2cd469d9bd0f6451ad53ff1b136ad9b5d4eb6593",
        introduced="1_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: the page's only table has no feature-level heading; keyed by the introduced "
            "level",
            "note: InputTensor is {N, C, H, W} (4D) or {N, C, D, H, W} (5D); OutputTensor is "
            "{N, C, H * ScaleSize.Height, W * ScaleSize.Width} or {N, C, D, H * "
            "ScaleSize.Height, W * ScaleSize.Width}: only the last two dimensions are upsampled",
            "note: ScaleSize (DML_SIZE_2D, UINT) must satisfy 0 < ScaleSize.Height <= UINT_MAX / "
            "InputHeight and 0 < ScaleSize.Width <= UINT_MAX / InputWidth",
            "note: NEAREST_NEIGHBOR picks the input element nearest the output pixel center; "
            "LINEAR is bilinear over height and width only (4 elements), never along batch, "
            "channel or depth, even for 5D",
            "note: RESAMPLE is the preferred, more flexible operator",
        ],
        support={
            "1_0": """
                InputTensor   input   4-5  FLOAT32 FLOAT16
                OutputTensor  output  4-5  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "RESAMPLE",
        kernel="resample",
        rules="resample",
        page="f2d501f718b155b467c2570d1466679607776244",
        introduced="2_0",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: ScaleCount (size of Scales) must equal the DimensionCount of InputTensor and "
            "OutputTensor",
            "note: Scales > 1 upscale and < 1 downscale a dimension; they need not equal "
            "OutputSize / InputSize: a scaled input larger than the output is cropped, a smaller "
            "one has the output edges clamped",
            "note: NEAREST_NEIGHBOR picks the input element nearest the output pixel center; "
            "LINEAR averages the 2 nearest inputs per dimension, supported over up to 4 "
            "dimensions (quadrilinear, 16 inputs per output); any dimension may be resampled, "
            "including channels and batches",
            "note: equals RESAMPLE1 with InputPixelOffsets 0.5 and OutputPixelOffsets -0.5; "
            "superseded by RESAMPLE1 (2_1)",
        ],
        support={
            "6_2": """
                InputTensor   input   1-4  FLOAT32 FLOAT16 INT8 UINT8
                OutputTensor  output  1-4  FLOAT32 FLOAT16 INT8 UINT8
            """,
            "5_1": """
                InputTensor   input   1-4  FLOAT32 FLOAT16
                OutputTensor  output  1-4  FLOAT32 FLOAT16
            """,
            "2_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "RESAMPLE1",
        kernel="resample",
        rules="resample",
        page="883ac18d4ebcac2f002e4104fda4fb6480b45163",
        introduced="2_1",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: DimensionCount (size of Scales, InputPixelOffsets, OutputPixelOffsets) must "
            "equal the DimensionCount of InputTensor and OutputTensor",
            "note: coordinates map as OutputX = (InputX + InputPixelOffset) * Scale + "
            "OutputPixelOffset, per dimension",
            "note: Scales > 1 upscale and < 1 downscale; they need not equal OutputSize / "
            "InputSize: a scaled input larger than the output is cropped, a smaller one has the "
            "output edges clamped",
            "note: InputPixelOffsets 0.5 and OutputPixelOffsets -0.5 give pixel-center sampling "
            "and make RESAMPLE1 equal to RESAMPLE (0 uses the top-left corner)",
            "note: NEAREST_NEIGHBOR picks the input element nearest the output pixel center; "
            "LINEAR averages the 2 nearest inputs per dimension, up to 4 dimensions "
            "(quadrilinear, 16 inputs per output)",
        ],
        support={
            "6_2": """
                InputTensor   input   1-4  FLOAT32 FLOAT16 INT8 UINT8
                OutputTensor  output  1-4  FLOAT32 FLOAT16 INT8 UINT8
            """,
            "5_1": """
                InputTensor   input   1-4  FLOAT32 FLOAT16
                OutputTensor  output  1-4  FLOAT32 FLOAT16
            """,
            "2_1": """
                InputTensor   input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "RESAMPLE_GRAD",
        kernel="resample",
        rules="resample",
        page="9ade0e62b73672c2b4488a78fe4061bccf142590",
        introduced="3_0",
        constraints=[
            "same DataType DimensionCount: InputGradientTensor OutputGradientTensor",
            "note: backward of RESAMPLE1: InputGradientTensor typically has the sizes of "
            "RESAMPLE1's output, OutputGradientTensor those of its input; each output gradient "
            "is the weighted sum of the incoming gradients of the outputs that input element "
            "contributed to",
            "note: DimensionCount (size of Scales, InputPixelOffsets, OutputPixelOffsets) must "
            "equal the DimensionCount of InputGradientTensor and OutputGradientTensor",
            "note: InterpolationMode, Scales, InputPixelOffsets and OutputPixelOffsets mean what "
            "they mean in RESAMPLE1",
            "note: page has a worked example (nearest neighbor, scale 1.5 in width and 0.5 in "
            "height: gradients [4,5,6] -> [[9,6],[0,0]])",
        ],
        support={
            "5_1": """
                InputGradientTensor   input   1-4  FLOAT32 FLOAT16
                OutputGradientTensor  output  1-4  FLOAT32 FLOAT16
            """,
            "3_0": """
                InputGradientTensor   input   4  FLOAT32 FLOAT16
                OutputGradientTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "RESAMPLE2",
        kernel="resample",
        rules="resample",
        page="69cd1af4198cbb289a668b94f8b94acfe2eddef7",
        introduced="5_1",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: page: MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_resample2_operator_desc.md",
            "note: the page's only table has no feature-level heading; keyed by the introduced "
            "level; unlike the RESAMPLE/RESAMPLE1 (6_2) and RESAMPLE3 (6_4) pages it lists no "
            "INT8/UINT8 support",
            "note: DimensionCount (size of Scales, InputPixelOffsets, OutputPixelOffsets) must "
            "equal the DimensionCount of InputTensor and OutputTensor",
            "note: coordinates map as OutputX = (InputX + InputPixelOffset) * Scale + "
            "OutputPixelOffset, per dimension",
            "note: RoundingDirection (DML_AXIS_DIRECTION) rounds fractional coordinates to input "
            "pixels: INCREASING = ceil, DECREASING = floor; it affects only NEAREST_NEIGHBOR",
            "note: Scales > 1 upscale and < 1 downscale; they need not equal OutputSize / "
            "InputSize: a scaled input larger than the output is cropped, a smaller one has the "
            "output edges clamped; pixel offsets 0.5 / -0.5 give pixel-center sampling (RESAMPLE's "
            "behaviour), 0 uses the top-left corner",
            "note: NEAREST_NEIGHBOR picks the input element nearest the output pixel offset; "
            "LINEAR averages the 2 nearest inputs per dimension, up to 4 dimensions "
            "(quadrilinear, 16 inputs per output); any dimension may be resampled, including "
            "channels and batches",
            "note: equals RESAMPLE1 for LINEAR, or for NEAREST_NEIGHBOR with RoundingDirection "
            "DECREASING and OutputPixelOffsets adjusted by an additional -0.5",
        ],
        support={
            "5_1": """
                InputTensor   input   1-4  FLOAT32 FLOAT16
                OutputTensor  output  1-4  FLOAT32 FLOAT16
            """,
            # Not on the stored page: the feature-level history lists "extended data type
            # support" for RESAMPLE2 at 6_2 (INT8, UINT8, as RESAMPLE and RESAMPLE1 got).
            "6_2": """
                InputTensor   input   1-4  FLOAT32 FLOAT16 INT8 UINT8
                OutputTensor  output  1-4  FLOAT32 FLOAT16 INT8 UINT8
            """,
        },
    ),
    operator(
        "RESAMPLE_GRAD1",
        kernel="resample",
        rules="resample",
        page="fdac5cdc350a3c50c19006ae0b361c661d38040e",
        introduced="5_1",
        constraints=[
            "same DataType DimensionCount: InputGradientTensor OutputGradientTensor",
            "note: page: MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_resample_grad1_operator_desc.md",
            "note: the page's only table has no feature-level heading; keyed by the introduced "
            "level",
            "note: backward of RESAMPLE2: InputGradientTensor typically has the sizes of "
            "RESAMPLE2's output, OutputGradientTensor those of its input; each output gradient "
            "is the weighted sum of the incoming gradients of the outputs that input element "
            "contributed to",
            "note: DimensionCount (size of Scales, InputPixelOffsets, OutputPixelOffsets) must "
            "equal the DimensionCount of InputGradientTensor and OutputGradientTensor",
            "note: InterpolationMode, RoundingDirection, Scales and the pixel offsets mean what "
            "they mean in RESAMPLE2",
            "note: equals RESAMPLE_GRAD for LINEAR, or for NEAREST_NEIGHBOR with "
            "RoundingDirection DECREASING and OutputPixelOffsets adjusted by an additional -0.5",
            "note: page has a worked example (nearest neighbor, scale 1.5 in width and 0.5 in "
            "height: gradients [4,5,6] -> [[9,6],[0,0]])",
        ],
        support={
            "5_1": """
                InputGradientTensor   input   1-4  FLOAT32 FLOAT16
                OutputGradientTensor  output  1-4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "RESAMPLE3",
        kernel="resample",
        rules="resample",
        page="6f457b36611368a3808b60cce9c329ba3d2d9319",
        introduced="6_4",
        constraints=[
            "same DataType DimensionCount: InputTensor OutputTensor",
            "note: page: MicrosoftDocs/windows-ai-docs docs/directml/api/"
            "ns-directml-dml_resample3_operator_desc.md",
            "note: the page's only table has no feature-level heading; keyed by the introduced "
            "level",
            "note: DimensionCount (size of Scales, InputPixelOffsets, OutputPixelOffsets) must "
            "equal the DimensionCount of InputTensor and OutputTensor",
            "note: coordinates map as OutputX = (InputX + InputPixelOffset) * Scale + "
            "OutputPixelOffset, per dimension",
            "note: RoundingDirection (DML_AXIS_DIRECTION) rounds fractional coordinates to input "
            "pixels: INCREASING = ceil, DECREASING = floor; it affects only NEAREST_NEIGHBOR",
            "note: Scales > 1 upscale and < 1 downscale; they need not equal OutputSize / "
            "InputSize: a scaled input larger than the output is cropped, a smaller one has the "
            "output edges clamped; pixel offsets 0.5 / -0.5 give pixel-center sampling (RESAMPLE's "
            "behaviour), 0 uses the top-left corner",
            "note: NEAREST_NEIGHBOR picks the input element nearest the output pixel offset; "
            "LINEAR averages the 2 nearest inputs per dimension, up to 4 dimensions "
            "(quadrilinear, 16 inputs per output); any dimension may be resampled, including "
            "channels and batches",
            "note: Antialiased (BOOL): when TRUE, InterpolationMode is LINEAR and 1/Scales > 2, "
            "downscaling uses an antialiasing filter: the resampling filter is stretched by "
            "max(1, 1 / scale), so more input pixels contribute to each output pixel; the page "
            "does not define the filter's normalisation",
            "note: with Antialiased FALSE it equals RESAMPLE2",
        ],
        support={
            "6_4": """
                InputTensor   input   1-4  FLOAT32 FLOAT16 INT8 UINT8
                OutputTensor  output  1-4  FLOAT32 FLOAT16 INT8 UINT8
            """,
        },
    ),
]
