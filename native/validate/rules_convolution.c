/* DML_CONVOLUTION's own rules and kernel parameters (ns-directml-dml_convolution_operator_desc.md;
 * pydml/ops/convolution.py documents the decisions). */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

pydml_status pydml_convolution_params_of(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                         pydml_convolution_params* p) {
    const DML_CONVOLUTION_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC *x = pydml_tensor_field(op, desc, "InputTensor"), *w = pydml_tensor_field(op, desc, "FilterTensor"),
                                 *b = pydml_tensor_field(op, desc, "BiasTensor"), *y = pydml_tensor_field(op, desc, "OutputTensor");
    uint32_t rank = x->DimensionCount, spatial = d->DimensionCount;
    char f[96];
    memset(p, 0, sizeof *p);
    if (d->FusedActivation != NULL) pydml_activation_of(d->FusedActivation, &p->activation);
    if (spatial != rank - 2) return pydml_fail(c, "DimensionCount", "must equal InputTensor.DimensionCount - 2 (%u), got %u", rank - 2, spatial);
    for (uint32_t i = 0; i < spatial; i++) {
        if (d->Strides[i] < 1) { snprintf(f, sizeof f, "Strides[%u]", i); return pydml_fail(c, f, "must be >= 1, got 0"); }
    }
    for (uint32_t i = 0; i < spatial; i++) {
        if (d->Dilations[i] < 1) { snprintf(f, sizeof f, "Dilations[%u]", i); return pydml_fail(c, f, "must be >= 1, got 0"); }
    }
    uint32_t groups = d->GroupCount;
    if (groups < 1) return pydml_fail(c, "GroupCount", "must be >= 1, got 0");
    for (uint32_t i = 0; i < spatial; i++) {
        uint32_t limit = d->Strides[i] > d->Dilations[i] ? d->Strides[i] : d->Dilations[i];
        if (d->OutputPadding[i] >= limit) {
            snprintf(f, sizeof f, "OutputPadding[%u]", i);
            return pydml_fail(c, f, "must be smaller than Strides[%u] (%u) or Dilations[%u] (%u), got %u", i, d->Strides[i], i,
                        d->Dilations[i], d->OutputPadding[i]);
        }
    }
    int forward = d->Direction == DML_CONVOLUTION_DIRECTION_FORWARD;
    uint32_t n = x->Sizes[0], c_in = x->Sizes[1], k0 = w->Sizes[0], k1 = w->Sizes[1], c_out;
    if (c_in % groups) return pydml_fail(c, "InputTensor.Sizes[1]", "(channels) must be a multiple of GroupCount (%u), got %u", groups, c_in);
    if (forward) {
        c_out = k0;
        if (k0 % groups) return pydml_fail(c, "FilterTensor.Sizes[0]", "(output channels) must be a multiple of GroupCount (%u), got %u", groups, k0);
        if ((uint64_t)k1 * groups != c_in)
            return pydml_fail(c, "FilterTensor.Sizes[1]", "must equal InputTensor.Sizes[1] / GroupCount (%u / %u), got %u", c_in, groups, k1);
    } else {
        c_out = k1 * groups;
        if (c_in != k0) return pydml_fail(c, "FilterTensor.Sizes[0]", "must equal InputTensor.Sizes[1] (%u) for BACKWARD, got %u", c_in, k0);
    }
    if (y->Sizes[0] != n) return pydml_fail(c, "OutputTensor.Sizes[0]", "must equal the batch size %u, got %u", n, y->Sizes[0]);
    if (y->Sizes[1] != c_out) return pydml_fail(c, "OutputTensor.Sizes[1]", "must equal the output channel count %u, got %u", c_out, y->Sizes[1]);
    for (uint32_t i = 0; i < spatial; i++) {
        /* Unsigned 64-bit: (k - 1) * Dilations and (in - 1) * Strides reach UINT_MAX^2, past
         * int64 (a signed overflow that let impossible geometry through; found by
         * tests/fuzz/fuzz_validate.c). extent and base below fit in uint64; only BACKWARD's sum
         * may not, and then no UINT size can match it. */
        uint64_t k = w->Sizes[2 + i], in = x->Sizes[2 + i];
        uint64_t extent = (k - 1) * d->Dilations[i] + 1;
        uint64_t pads = (uint64_t)d->StartPadding[i] + d->EndPadding[i], padded = in + pads;
        if (forward && extent > padded) {
            snprintf(f, sizeof f, "FilterTensor.Sizes[%u]", 2 + i);
            return pydml_fail(c, f, "dilated kernel extent %llu exceeds the padded input size %llu, got %llu",
                        (unsigned long long)extent, (unsigned long long)padded, (unsigned long long)k);
        }
        uint64_t want = 0;
        int negative = 0, too_large = 0;
        if (forward) {
            want = 1 + (padded - extent) / d->Strides[i] + d->OutputPadding[i];
        } else {
            /* (in - 1) * Strides + OutputPadding + extent - pads, exactly: base <= 2^64 - 2^33 + 1,
             * and pads come off before extent is added (the one addition that can wrap) */
            uint64_t base = (in - 1) * d->Strides[i] + d->OutputPadding[i];
            if (base >= pads) {
                want = base - pads + extent;
                too_large = want < extent; /* wrapped past 2^64 - 1 */
            } else if (extent >= pads - base) {
                want = extent - (pads - base);
            } else {
                want = pads - base - extent;
                negative = 1;
            }
        }
        if (negative || too_large || y->Sizes[2 + i] != want) {
            char text[48];
            if (too_large) snprintf(text, sizeof text, "more than %llu", (unsigned long long)UINT64_MAX);
            else snprintf(text, sizeof text, "%s%llu", negative ? "-" : "", (unsigned long long)want);
            snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", 2 + i);
            return pydml_fail(c, f, "must be %s for %s, got %u", text,
                        forward ? "DML_CONVOLUTION_DIRECTION_FORWARD" : "DML_CONVOLUTION_DIRECTION_BACKWARD", y->Sizes[2 + i]);
        }
    }
    if (b != NULL) {
        int ok = b->Sizes[0] == 1 && b->Sizes[1] == c_out;
        for (uint32_t i = 2; i < b->DimensionCount; i++) ok = ok && b->Sizes[i] == 1;
        if (!ok) {
            uint32_t want_sizes[8];
            char want[128], got[128];
            for (uint32_t i = 0; i < b->DimensionCount; i++) want_sizes[i] = i == 1 ? c_out : 1u;
            return pydml_fail(c, "BiasTensor.Sizes", "must be %s, got %s",
                              pydml_format_sizes(want, sizeof want, want_sizes, b->DimensionCount),
                              pydml_format_sizes(got, sizeof got, b->Sizes, b->DimensionCount));
        }
    }
    p->spatial_dims = spatial;
    p->mode = d->Mode;
    p->direction = d->Direction;
    p->group_count = groups;
    for (uint32_t i = 0; i < spatial; i++) {
        p->strides[i] = d->Strides[i];
        p->dilations[i] = d->Dilations[i];
        p->start_padding[i] = d->StartPadding[i];
        p->end_padding[i] = d->EndPadding[i];
        p->output_padding[i] = d->OutputPadding[i];
    }
    for (uint32_t i = 0; i < rank; i++) {
        p->input_sizes[i] = x->Sizes[i];
        p->filter_sizes[i] = w->Sizes[i];
        p->output_sizes[i] = y->Sizes[i];
    }
    p->data_type = x->DataType;
    p->has_bias = b != NULL;
    return PYDML_STATUS_SUCCESS;
}

/* CONVOLUTION's own rules: everything pydml_convolution_params_of checks. */
pydml_status pydml_rule_convolution(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_convolution_params p;
    return pydml_convolution_params_of(c, op, desc, &p);
}
