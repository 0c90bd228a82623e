"""Region-of-interest operators (ROI_POOLING, ROI_ALIGN, ROI_ALIGN1, ROI_ALIGN_GRAD): the
tensor-support tables of their documentation pages. One family name in every layer: these tables,
the rules in native/validate/rules_roi.c, the kernel in native/families/roi.c, tests/test_roi.py and
benchmarks/bench_roi.py.

The tables are transcribed from the newest stored version of each operator's page (the commit is in
``page=``): MicrosoftDocs/sdk-api (ROI_ALIGN_GRAD's page moved from windows-ai-docs to sdk-api in
2022; the sdk-api copy is the newer one, with the same table). ROI_POOLING's ROITensor has the
input's float type; its page has one untitled table, keyed by the introduced level.
"""

from pydml.schema.tables import operator

TABLES = [
    operator(
        "ROI_POOLING",
        kernel="roi",
        rules="roi.roi_pooling",
        page="f88051d5c21ab188c03603f2a873ab6993fb9860",
        introduced="1_0",
        constraints=[
            "same DataType: InputTensor OutputTensor ROITensor",
            "note: InputTensor {BatchCount, ChannelCount, InputHeight, InputWidth}",
            "note: ROITensor {1, 1, NumROIs, 5}; each ROI is [BatchID, x1, y1, x2, y2], inclusive "
            "corner coordinates with x2 >= x1 and y2 >= y1",
            "note: OutputTensor {NumROIs, InputChannelCount, PooledSize.Height, "
            "PooledSize.Width}; PooledSize must match OutputTensor's last 2 dimensions",
            "note: max pool per output element over the region: x1 = round(RoiX1 * SpatialScale) "
            "(likewise x2, y1, y2); RegionHeight = y2 - y1 + 1, RegionWidth = x2 - x1 + 1; StartY "
            "= (Y * RegionHeight) / PooledSize.Height + y1; EndY = ((Y + 1) * RegionHeight + "
            "PooledSize.Height - 1) / PooledSize.Height + y1 (X alike); coordinates out of bounds "
            "are clamped to the input",
        ],
        support={
            "1_0": """
                InputTensor   input   4  FLOAT32 FLOAT16
                ROITensor     input   4  FLOAT32 FLOAT16
                OutputTensor  output  4  FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ROI_ALIGN",
        kernel="roi",
        rules="roi.roi_align",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="3_0",
        constraints=[
            "same DataType: InputTensor OutputTensor ROITensor",
            "note: InputTensor {BatchCount, ChannelCount, InputHeight, InputWidth}",
            "note: ROITensor Sizes {NumROIs, 4}, {1, NumROIs, 4} or {1, 1, NumROIs, 4}; each ROI "
            "is [x1, y1, x2, y2] (top-left, bottom-right)",
            "note: BatchIndicesTensor Sizes {NumROIs}, {1, NumROIs}, {1, 1, NumROIs} or {1, 1, 1, "
            "NumROIs}; values outside [0, BatchCount) are undefined behavior",
            "note: OutputTensor {NumROIs, ChannelCount, OutputHeight, OutputWidth}",
            "note: ReductionFunction must be DML_REDUCE_FUNCTION_AVERAGE or "
            "DML_REDUCE_FUNCTION_MAX; InterpolationMode NEAREST_NEIGHBOR or LINEAR",
            "note: samples per output = ScaledCropSize / OutputSize clamped to "
            "[MinimumSamplesPerOutput, MaximumSamplesPerOutput]",
            "note: OutOfBoundsInputValue is read for ROI positions outside InputTensor",
        ],
        support={
            "5_0": """
                InputTensor         input   4    FLOAT32 FLOAT16
                ROITensor           input   2-4  FLOAT32 FLOAT16
                BatchIndicesTensor  input   1-4  UINT64 UINT32
                OutputTensor        output  4    FLOAT32 FLOAT16
            """,
            "3_0": """
                InputTensor         input   4    FLOAT32 FLOAT16
                ROITensor           input   2-4  FLOAT32 FLOAT16
                BatchIndicesTensor  input   1-4  UINT32
                OutputTensor        output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ROI_ALIGN1",
        kernel="roi",
        rules="roi.roi_align",
        page="dd64e5cb8c7c5cd518f9f0319817476961e0d61d",
        introduced="4_0",
        constraints=[
            "same DataType: InputTensor OutputTensor ROITensor",
            "note: InputTensor {BatchCount, ChannelCount, InputHeight, InputWidth}",
            "note: ROITensor Sizes {NumROIs, 4}, {1, NumROIs, 4} or {1, 1, NumROIs, 4}; each ROI "
            "is [x1, y1, x2, y2]; regions may be empty or inverted (x2 < x1 mirrors the input)",
            "note: BatchIndicesTensor Sizes {NumROIs}, {1, NumROIs}, {1, 1, NumROIs} or {1, 1, 1, "
            "NumROIs}; values outside [0, BatchCount) are undefined behavior",
            "note: OutputTensor {NumROIs, ChannelCount, OutputHeight, OutputWidth}",
            "note: ReductionFunction must be DML_REDUCE_FUNCTION_AVERAGE or "
            "DML_REDUCE_FUNCTION_MAX; InterpolationMode NEAREST_NEIGHBOR or LINEAR",
            "note: per region: scaled coords = ROI * SpatialScaleX/Y; samples per output per axis "
            "= clamp(scaledRegionSize / outputSize, MinimumSamplesPerOutput, "
            "MaximumSamplesPerOutput); input coordinate = (sample - OutputPixelOffset) * "
            "outputSampleToInputScale + scaledRegion1 - InputPixelOffset (page pseudo-code; its "
            "outputSampleToInputScaleY line uses the X terms, a typo)",
            "note: InputPixelOffset typically 0 or 0.5 (0.5 = ROI_ALIGN behavior); "
            "OutputPixelOffset typically 0 or -0.5 (-0.5 = ROI_ALIGN behavior); "
            "AlignRegionsToCorners FALSE = ROI_ALIGN behavior",
            "note: OutOfBoundsInputValue is read for ROI positions outside InputTensor",
        ],
        support={
            "5_0": """
                InputTensor         input   4    FLOAT32 FLOAT16
                ROITensor           input   2-4  FLOAT32 FLOAT16
                BatchIndicesTensor  input   1-4  UINT64 UINT32
                OutputTensor        output  4    FLOAT32 FLOAT16
            """,
            "4_0": """
                InputTensor         input   4    FLOAT32 FLOAT16
                ROITensor           input   2-4  FLOAT32 FLOAT16
                BatchIndicesTensor  input   1-4  UINT32
                OutputTensor        output  4    FLOAT32 FLOAT16
            """,
        },
    ),
    operator(
        "ROI_ALIGN_GRAD",
        kernel="roi",
        rules="roi.roi_align_grad",
        page="ea899bdf0be31c3cc09fd43b39c2722e21fca735",
        introduced="4_1",
        constraints=[
            "same DataType: InputGradientTensor InputTensor OutputGradientTensor "
            "OutputROIGradientTensor ROITensor",
            "note: page is sdk-api's; the older windows-ai-docs copy (aa654162, removed there in "
            "2022) has the same table",
            "note: at least one of OutputGradientTensor and OutputROIGradientTensor must be "
            "supplied",
            "note: InputTensor (forward input {BatchCount, ChannelCount, InputHeight, "
            "InputWidth}) must be supplied when OutputROIGradientTensor is supplied or when "
            "ReductionFunction is DML_REDUCE_FUNCTION_MAX",
            "note: ROITensor Sizes {NumROIs, 4}, {1, NumROIs, 4} or {1, 1, NumROIs, 4}; "
            "BatchIndicesTensor Sizes {NumROIs}, {1, NumROIs}, {1, 1, NumROIs} or {1, 1, 1, "
            "NumROIs}, values in [0, BatchCount) (else undefined)",
            "note: OutputROIGradientTensor must have ROITensor's Sizes; OutputGradientTensor "
            "typically has the forward input's sizes, InputGradientTensor the forward output's",
            "note: other parameters mean what they mean in ROI_ALIGN1",
            "note: page has a worked example and pseudo-code for OutputROIGradientTensor",
        ],
        support={
            "4_1": """
                InputTensor              optional-input   4    FLOAT32 FLOAT16
                InputGradientTensor      input            4    FLOAT32 FLOAT16
                ROITensor                input            2-4  FLOAT32 FLOAT16
                BatchIndicesTensor       input            1-4  UINT32
                OutputGradientTensor     optional-output  4    FLOAT32 FLOAT16
                OutputROIGradientTensor  optional-output  2-4  FLOAT32 FLOAT16
            """,
        },
    ),
]
