/* The roi operators' own rules (roi.c runs them): each "must" of the ROI_POOLING page that the
 * generated tables cannot say. ROI_ALIGN and ROI_ALIGN1 have none here yet (their kernels are not
 * implemented). */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* ROI_POOLING page: ROITensor is {1, 1, NumROIs, 5}; OutputTensor is {NumROIs, InputChannelCount,
 * PooledSize.Height, PooledSize.Width}; PooledSize "must match the last 2 dimensions of
 * OutputTensor". */
static pydml_status roi_pooling_rule(pydml_check* c, const pydml_operator_info* op, const void* desc) {
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

pydml_rule_fn pydml_rules_roi(uint32_t type) {
    switch (type) {
    case DML_OPERATOR_ROI_POOLING: return roi_pooling_rule;
    default: return NULL;
    }
}
