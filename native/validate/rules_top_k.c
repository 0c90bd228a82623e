/* The top_k operators' own rules (TOP_K, TOP_K1; top_k.c runs them): each "must" of the pages
 * (pydml/ops/top_k.py transcribes them) that the generated tables cannot say.
 *
 * K: the pages say "K must be greater than 0, but less than the number of elements ... along
 * Axis". K equal to that number is accepted: the output is then the whole sequence, sorted, which
 * is well defined (ONNX TopK, which DirectML serves, allows it); K above the axis size has no
 * meaning and is refused. */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

pydml_status pydml_rule_top_k(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    /* TOP_K and TOP_K1 share the layout up to K (DirectML.h) */
    const DML_TOP_K_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const uint32_t n = in->DimensionCount;
    if (d->Axis >= n)
        return pydml_fail(c, "Axis", "must be less than InputTensor.DimensionCount (%u), got %u", n, d->Axis);
    if (d->K == 0) return pydml_fail(c, "K", "must be greater than 0, got 0");
    if (d->K > in->Sizes[d->Axis])
        return pydml_fail(c, "K", "must be at most %u (InputTensor.Sizes[%u]), got %u", in->Sizes[d->Axis], d->Axis,
                          d->K);
    static const char* const outs[2] = {"OutputValueTensor", "OutputIndexTensor"};
    char field[64];
    for (int t = 0; t < 2; t++) {
        const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(op, desc, outs[t]);
        for (uint32_t i = 0; i < n && i < o->DimensionCount; i++) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", outs[t], i);
            if (i == d->Axis && o->Sizes[i] != d->K)
                return pydml_fail(c, field, "must equal K (%u) on Axis, got %u", d->K, o->Sizes[i]);
            if (i != d->Axis && o->Sizes[i] != in->Sizes[i])
                return pydml_fail(c, field, "must equal InputTensor.Sizes[%u] (%u), got %u", i, in->Sizes[i], o->Sizes[i]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

