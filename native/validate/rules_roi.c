/* The roi operators' own rules (roi.c runs them): each "must" of the ROI_POOLING, ROI_ALIGN,
 * ROI_ALIGN1 and ROI_ALIGN_GRAD pages (MicrosoftDocs/sdk-api ns-directml-dml_roi_*_operator_desc.md)
 * that the generated tables cannot say. */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* ROI_POOLING page: ROITensor is {1, 1, NumROIs, 5}; OutputTensor is {NumROIs, InputChannelCount,
 * PooledSize.Height, PooledSize.Width}; PooledSize "must match the last 2 dimensions of
 * OutputTensor". */
pydml_status pydml_rule_roi_roi_pooling(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ROI_POOLING_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* roi = pydml_tensor_field(op, desc, "ROITensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(op, desc, "OutputTensor");
    if (roi->Sizes[0] != 1) return pydml_fail(c, "ROITensor.Sizes[0]", "must be 1 ({1, 1, NumROIs, 5}), got %u", roi->Sizes[0]);
    if (roi->Sizes[1] != 1) return pydml_fail(c, "ROITensor.Sizes[1]", "must be 1 ({1, 1, NumROIs, 5}), got %u", roi->Sizes[1]);
    if (roi->Sizes[3] != 5)
        return pydml_fail(c, "ROITensor.Sizes[3]", "must be 5 ([BatchID, x1, y1, x2, y2]), got %u", roi->Sizes[3]);
    if (d->PooledSize.Height != o->Sizes[2])
        return pydml_fail(c, "PooledSize.Height", "must equal OutputTensor.Sizes[2] (%u), got %u", o->Sizes[2],
                          d->PooledSize.Height);
    if (d->PooledSize.Width != o->Sizes[3])
        return pydml_fail(c, "PooledSize.Width", "must equal OutputTensor.Sizes[3] (%u), got %u", o->Sizes[3],
                          d->PooledSize.Width);
    if (o->Sizes[0] != roi->Sizes[2])
        return pydml_fail(c, "OutputTensor.Sizes[0]", "must equal NumROIs (ROITensor.Sizes[2] = %u), got %u", roi->Sizes[2],
                          o->Sizes[0]);
    if (o->Sizes[1] != in->Sizes[1])
        return pydml_fail(c, "OutputTensor.Sizes[1]", "must equal InputTensor.Sizes[1] (%u), got %u", in->Sizes[1],
                          o->Sizes[1]);
    return PYDML_STATUS_SUCCESS;
}

/* ROI_ALIGN / ROI_ALIGN1 pages (the two structs share the fields up to SpatialScaleY):
 *  - ROITensor "allowed dimensions ... { NumROIs, 4 }, { 1, NumROIs, 4 }, or { 1, 1, NumROIs, 4 }";
 *  - BatchIndicesTensor "{ NumROIs }, { 1, NumROIs }, { 1, 1, NumROIs }, or { 1, 1, 1, NumROIs }";
 *  - OutputTensor "{ NumROIs, ChannelCount, OutputHeight, OutputWidth }";
 *  - ReductionFunction "DML_REDUCE_FUNCTION_AVERAGE or DML_REDUCE_FUNCTION_MAX";
 *  - InterpolationMode NEAREST_NEIGHBOR or LINEAR (the two the page describes);
 *  - the sample count is clamped "to MinimumSamplesPerOutput and MaximumSamplesPerOutput", which
 *    needs Minimum <= Maximum. */
/* ROITensor / BatchIndicesTensor shapes (ROI_ALIGN, ROI_ALIGN1, ROI_ALIGN_GRAD); *nroi = NumROIs. */
static pydml_status roi_shapes(pydml_check* c, const DML_BUFFER_TENSOR_DESC* roi, const DML_BUFFER_TENSOR_DESC* bi,
                               uint32_t* nroi) {
    const uint32_t rd = roi->DimensionCount, bd = bi->DimensionCount;
    for (uint32_t i = 0; i + 2 < rd; i++)
        if (roi->Sizes[i] != 1) {
            char f[32];
            snprintf(f, sizeof f, "ROITensor.Sizes[%u]", i);
            return pydml_fail(c, f, "must be 1 ({NumROIs, 4}, {1, NumROIs, 4} or {1, 1, NumROIs, 4}), got %u",
                              roi->Sizes[i]);
        }
    if (roi->Sizes[rd - 1] != 4) {
        char f[32];
        snprintf(f, sizeof f, "ROITensor.Sizes[%u]", rd - 1);
        return pydml_fail(c, f, "must be 4 ([x1, y1, x2, y2]), got %u", roi->Sizes[rd - 1]);
    }
    *nroi = roi->Sizes[rd - 2];
    for (uint32_t i = 0; i + 1 < bd; i++)
        if (bi->Sizes[i] != 1) {
            char f[40];
            snprintf(f, sizeof f, "BatchIndicesTensor.Sizes[%u]", i);
            return pydml_fail(c, f, "must be 1 ({NumROIs}, {1, NumROIs}, {1, 1, NumROIs} or {1, 1, 1, NumROIs}), got %u",
                              bi->Sizes[i]);
        }
    if (bi->Sizes[bd - 1] != *nroi) {
        char f[40];
        snprintf(f, sizeof f, "BatchIndicesTensor.Sizes[%u]", bd - 1);
        return pydml_fail(c, f, "must equal NumROIs (ROITensor.Sizes[%u] = %u), got %u", rd - 2, *nroi,
                          bi->Sizes[bd - 1]);
    }
    return PYDML_STATUS_SUCCESS;
}

/* ReductionFunction, InterpolationMode and the sample-count bounds (ROI_ALIGN1's fields). */
static pydml_status roi_modes(pydml_check* c, uint32_t reduction, uint32_t interpolation, uint32_t lo, uint32_t hi) {
    if (reduction != DML_REDUCE_FUNCTION_AVERAGE && reduction != DML_REDUCE_FUNCTION_MAX)
        return pydml_fail(c, "ReductionFunction",
                          "must be DML_REDUCE_FUNCTION_AVERAGE or DML_REDUCE_FUNCTION_MAX, got %d", (int)reduction);
    if (interpolation != DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR && interpolation != DML_INTERPOLATION_MODE_LINEAR)
        return pydml_fail(c, "InterpolationMode",
                          "must be DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR or DML_INTERPOLATION_MODE_LINEAR, got %d",
                          (int)interpolation);
    if (lo > hi)
        return pydml_fail(c, "MinimumSamplesPerOutput", "must be <= MaximumSamplesPerOutput (%u), got %u", hi, lo);
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_roi_roi_align(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ROI_ALIGN_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* roi = pydml_tensor_field(op, desc, "ROITensor");
    const DML_BUFFER_TENSOR_DESC* bi = pydml_tensor_field(op, desc, "BatchIndicesTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(op, desc, "OutputTensor");
    const uint32_t rd = roi->DimensionCount, bd = bi->DimensionCount;
    if (rd < 2 || bd < 1) return PYDML_STATUS_SUCCESS; /* the tables reported the dimension counts */
    uint32_t nroi = 0;
    pydml_status s;
    if ((s = roi_shapes(c, roi, bi, &nroi))) return s;
    if (o->Sizes[0] != nroi)
        return pydml_fail(c, "OutputTensor.Sizes[0]", "must equal NumROIs (ROITensor.Sizes[%u] = %u), got %u", rd - 2,
                          nroi, o->Sizes[0]);
    if (o->Sizes[1] != in->Sizes[1])
        return pydml_fail(c, "OutputTensor.Sizes[1]", "must equal InputTensor.Sizes[1] (%u), got %u", in->Sizes[1],
                          o->Sizes[1]);
    /* Minimum/Maximum sit at different offsets in the two structs */
    uint32_t lo = d->MinimumSamplesPerOutput, hi = d->MaximumSamplesPerOutput;
    if (op->type == DML_OPERATOR_ROI_ALIGN1) {
        const DML_ROI_ALIGN1_OPERATOR_DESC* d1 = desc;
        lo = d1->MinimumSamplesPerOutput;
        hi = d1->MaximumSamplesPerOutput;
    }
    return roi_modes(c, d->ReductionFunction, d->InterpolationMode, lo, hi);
}

/* ROI_ALIGN_GRAD page (sdk-api ea899bdf):
 *  - "OutputGradientTensor or OutputROIGradientTensor can be omitted if only one is needed; but at
 *    least one must be supplied";
 *  - InputTensor "must be supplied when OutputROIGradientTensor is supplied, or when
 *    ReductionFunction == DML_REDUCE_FUNCTION_MAX";
 *  - ROITensor and BatchIndicesTensor as ROI_ALIGN1; InputGradientTensor is the forward output
 *    {NumROIs, ChannelCount, OutputHeight, OutputWidth} ("the same sizes as the output of an
 *    equivalent ROI_ALIGN1"), ChannelCount the forward input's;
 *  - OutputROIGradientTensor "needs to have the same sizes as ROITensor";
 *  - OutputGradientTensor "typically" has the forward input's sizes: when InputTensor is supplied
 *    they must be equal (the gradient with respect to InputTensor, which the samples read; the
 *    sampling geometry comes from one Height and Width);
 *  - the other fields as ROI_ALIGN1 ("See DML_ROI_ALIGN1_OPERATOR_DESC::..."). */
pydml_status pydml_rule_roi_roi_align_grad(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ROI_ALIGN_GRAD_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* g = pydml_tensor_field(op, desc, "InputGradientTensor");
    const DML_BUFFER_TENSOR_DESC* roi = pydml_tensor_field(op, desc, "ROITensor");
    const DML_BUFFER_TENSOR_DESC* bi = pydml_tensor_field(op, desc, "BatchIndicesTensor");
    const DML_BUFFER_TENSOR_DESC* dx = pydml_tensor_field(op, desc, "OutputGradientTensor");
    const DML_BUFFER_TENSOR_DESC* droi = pydml_tensor_field(op, desc, "OutputROIGradientTensor");
    char want[128], got[128];
    if (dx == NULL && droi == NULL)
        return pydml_fail(c, "OutputGradientTensor",
                          "must be supplied when OutputROIGradientTensor is NULL (at least one output), got NULL");
    if (in == NULL && droi != NULL)
        return pydml_fail(c, "InputTensor", "must be supplied when OutputROIGradientTensor is supplied, got NULL");
    if (in == NULL && d->ReductionFunction == DML_REDUCE_FUNCTION_MAX)
        return pydml_fail(c, "InputTensor", "must be supplied when ReductionFunction is DML_REDUCE_FUNCTION_MAX, got NULL");
    const uint32_t rd = roi->DimensionCount, bd = bi->DimensionCount;
    if (rd < 2 || bd < 1) return PYDML_STATUS_SUCCESS; /* the tables reported the dimension counts */
    uint32_t nroi = 0;
    pydml_status s;
    if ((s = roi_shapes(c, roi, bi, &nroi))) return s;
    if (in != NULL && dx != NULL) {
        int same = in->DimensionCount == dx->DimensionCount;
        for (uint32_t i = 0; same && i < dx->DimensionCount; i++) same = in->Sizes[i] == dx->Sizes[i];
        if (!same)
            return pydml_fail(c, "OutputGradientTensor.Sizes", "must equal InputTensor.Sizes %s, got %s",
                              pydml_format_sizes(want, sizeof want, in->Sizes, in->DimensionCount),
                              pydml_format_sizes(got, sizeof got, dx->Sizes, dx->DimensionCount));
    }
    const DML_BUFFER_TENSOR_DESC* image = in != NULL ? in : dx;
    const char* image_name = in != NULL ? "InputTensor" : "OutputGradientTensor";
    if (g->Sizes[0] != nroi)
        return pydml_fail(c, "InputGradientTensor.Sizes[0]", "must equal NumROIs (ROITensor.Sizes[%u] = %u), got %u",
                          rd - 2, nroi, g->Sizes[0]);
    if (g->Sizes[1] != image->Sizes[1])
        return pydml_fail(c, "InputGradientTensor.Sizes[1]", "must equal %s.Sizes[1] (%u), got %u", image_name,
                          image->Sizes[1], g->Sizes[1]);
    if (droi != NULL) {
        int same = droi->DimensionCount == rd;
        for (uint32_t i = 0; same && i < rd; i++) same = droi->Sizes[i] == roi->Sizes[i];
        if (!same)
            return pydml_fail(c, "OutputROIGradientTensor.Sizes", "must equal ROITensor.Sizes %s, got %s",
                              pydml_format_sizes(want, sizeof want, roi->Sizes, rd),
                              pydml_format_sizes(got, sizeof got, droi->Sizes, droi->DimensionCount));
    }
    return roi_modes(c, d->ReductionFunction, d->InterpolationMode, d->MinimumSamplesPerOutput,
                     d->MaximumSamplesPerOutput);
}

