/* The pages' own rules for the pooling operators (pooling.c): each "must" of a page that the tables
 * cannot say. Pages: ns-directml-dml_{average,lp,max}_pooling[1|2]_operator_desc.md (sdk-api;
 * AVERAGE_POOLING1 and LP_POOLING1 in windows-ai-docs).
 *
 *  - DimensionCount (the length of Strides, WindowSize, StartPadding, EndPadding[, Dilations]) is
 *    the spatial dimension count: InputTensor.DimensionCount - 2.
 *  - Strides, WindowSize and Dilations are >= 1 (a 0 has no meaning: no taps, no step).
 *  - The (dilated) window fits the padded input: (WindowSize - 1) * Dilations + 1 <=
 *    InputTensor.Sizes[i+2] + StartPadding[i] + EndPadding[i] (the page's formula would
 *    underflow otherwise).
 *  - OutputTensor.Sizes: {N, C} of the input, then per spatial axis
 *    floor((in + StartPadding + EndPadding - dilated window) / Strides) + 1. The pages of the
 *    dilated forms print the undilated formula; the dilated window is what the operator reads
 *    (DirectMLX's MaxPooling computes the output size from it), so it is used here.
 *  - LP: P >= 1 (Y = (sum |X|^P)^(1/P) divides by P).
 *  - OutputIndicesTensor: OutputTensor's Sizes (MAX_POOLING1/2 pages: "Both ... have the same
 *    tensor sizes"). Its data type needs no rule here: the tables allow UINT32/UINT64, and the
 *    validator caps every tensor at 2^32 - 1 elements, so a UINT32 index always fits.
 *  - AVERAGE_POOLING_GRAD / MAX_POOLING_GRAD (pages ns-directml-dml_{average,max}_pooling_grad_
 *    operator_desc.md): the same rules on the forward operator they differentiate: the forward
 *    input is MAX_POOLING_GRAD's InputTensor (whose Sizes OutputGradientTensor shares, a table
 *    constraint) and AVERAGE_POOLING_GRAD's OutputGradientTensor; InputGradientTensor has the
 *    forward output's Sizes. The pages say "typically" of those sizes; the rule requires them
 *    because they are the only sizes for which InputGradientTensor is a gradient of that forward
 *    output (each of its elements is one window: another size has windows the forward never
 *    formed, or loses some). MAX_POOLING_GRAD's DimensionCount text says "the only valid value
 *    ... is 2" (4-D only); the 4_0 table allows 5-D, so DimensionCount = rank - 2 is checked here
 *    and the table's dimension counts decide per level. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

typedef struct {
    uint32_t count;
    const uint32_t *strides, *window, *start, *end, *dilations;
    int lp, indices;
    uint32_t p;
} pool_fields;

static void fields_of(const pydml_operator_info* op, const void* desc, pool_fields* f) {
    memset(f, 0, sizeof *f);
#define COMMON(d) (f->count = (d)->DimensionCount, f->strides = (d)->Strides, f->window = (d)->WindowSize, \
                   f->start = (d)->StartPadding, f->end = (d)->EndPadding)
    switch (op->type) {
    case DML_OPERATOR_AVERAGE_POOLING: { const DML_AVERAGE_POOLING_OPERATOR_DESC* d = desc; COMMON(d); break; }
    case DML_OPERATOR_AVERAGE_POOLING1: {
        const DML_AVERAGE_POOLING1_OPERATOR_DESC* d = desc; COMMON(d); f->dilations = d->Dilations; break;
    }
    case DML_OPERATOR_LP_POOLING: { const DML_LP_POOLING_OPERATOR_DESC* d = desc; COMMON(d); f->lp = 1; f->p = d->P; break; }
    case DML_OPERATOR_LP_POOLING1: {
        const DML_LP_POOLING1_OPERATOR_DESC* d = desc; COMMON(d); f->dilations = d->Dilations; f->lp = 1; f->p = d->P; break;
    }
    case DML_OPERATOR_MAX_POOLING: { const DML_MAX_POOLING_OPERATOR_DESC* d = desc; COMMON(d); break; }
    case DML_OPERATOR_MAX_POOLING1: { const DML_MAX_POOLING1_OPERATOR_DESC* d = desc; COMMON(d); f->indices = 1; break; }
    case DML_OPERATOR_AVERAGE_POOLING_GRAD: { const DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC* d = desc; COMMON(d); break; }
    case DML_OPERATOR_MAX_POOLING_GRAD: {
        const DML_MAX_POOLING_GRAD_OPERATOR_DESC* d = desc; COMMON(d); f->dilations = d->Dilations; break;
    }
    default: {
        const DML_MAX_POOLING2_OPERATOR_DESC* d = desc; COMMON(d); f->dilations = d->Dilations; f->indices = 1; break;
    }
    }
#undef COMMON
}

static pydml_status at_least_one(pydml_check* c, const char* name, const uint32_t* values, uint32_t count) {
    char field[64];
    for (uint32_t i = 0; values != NULL && i < count; i++) {
        if (values[i] < 1) {
            snprintf(field, sizeof field, "%s[%u]", name, i);
            return pydml_fail(c, field, "must be >= 1, got 0");
        }
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_pooling(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pool_fields f;
    fields_of(op, desc, &f);
    /* the forward's input and output: a gradient's InputGradientTensor has the forward output's
     * sizes; the forward input is AVERAGE_POOLING_GRAD's OutputGradientTensor */
    const char* xn = op->type == DML_OPERATOR_AVERAGE_POOLING_GRAD ? "OutputGradientTensor" : "InputTensor";
    const char* yn = op->type == DML_OPERATOR_AVERAGE_POOLING_GRAD || op->type == DML_OPERATOR_MAX_POOLING_GRAD
                         ? "InputGradientTensor" : "OutputTensor";
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, xn);
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, yn);
    const DML_BUFFER_TENSOR_DESC* ix = f.indices ? pydml_tensor_field(op, desc, "OutputIndicesTensor") : NULL;
    const uint32_t rank = x->DimensionCount;
    char field[64];
    if (f.count != rank - 2)
        return pydml_fail(c, "DimensionCount", "must equal %s.DimensionCount - 2 (%u), got %u", xn, rank - 2, f.count);
    pydml_status s;
    if ((s = at_least_one(c, "Strides", f.strides, f.count))) return s;
    if ((s = at_least_one(c, "WindowSize", f.window, f.count))) return s;
    if ((s = at_least_one(c, "Dilations", f.dilations, f.count))) return s;
    if (f.lp && f.p < 1) return pydml_fail(c, "P", "must be >= 1, got 0");
    for (uint32_t i = 0; i < f.count; i++) {
        uint64_t padded = (uint64_t)x->Sizes[i + 2] + f.start[i] + f.end[i];
        uint64_t dil = f.dilations ? f.dilations[i] : 1u;
        uint64_t extent = (uint64_t)(f.window[i] - 1u) * dil + 1u;
        if (extent > padded) {
            snprintf(field, sizeof field, "WindowSize[%u]", i);
            if (f.dilations)
                return pydml_fail(c, field,
                                  "dilated ((WindowSize[%u] - 1) * Dilations[%u] + 1 = %llu) must fit the padded input "
                                  "(%s.Sizes[%u] + StartPadding[%u] + EndPadding[%u] = %llu), got %u",
                                  i, i, (unsigned long long)extent, xn, i + 2, i, i, (unsigned long long)padded, f.window[i]);
            return pydml_fail(c, field,
                              "must be <= the padded input (%s.Sizes[%u] + StartPadding[%u] + EndPadding[%u] = "
                              "%llu), got %u",
                              xn, i + 2, i, i, (unsigned long long)padded, f.window[i]);
        }
    }
    for (uint32_t d = 0; d < 2; d++) {
        if (y->Sizes[d] != x->Sizes[d]) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", yn, d);
            return pydml_fail(c, field, "must equal %s.Sizes[%u] (%u), got %u", xn, d, x->Sizes[d], y->Sizes[d]);
        }
    }
    for (uint32_t i = 0; i < f.count; i++) {
        uint64_t padded = (uint64_t)x->Sizes[i + 2] + f.start[i] + f.end[i];
        uint64_t dil = f.dilations ? f.dilations[i] : 1u;
        uint64_t extent = (uint64_t)(f.window[i] - 1u) * dil + 1u;
        uint64_t want = (padded - extent) / f.strides[i] + 1u;
        if (y->Sizes[i + 2] != want) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", yn, i + 2);
            if (f.dilations)
                return pydml_fail(c, field,
                                  "must be %llu ((%s.Sizes[%u] + StartPadding[%u] + EndPadding[%u] - "
                                  "((WindowSize[%u] - 1) * Dilations[%u] + 1)) / Strides[%u] + 1), got %u",
                                  (unsigned long long)want, xn, i + 2, i, i, i, i, i, y->Sizes[i + 2]);
            return pydml_fail(c, field,
                              "must be %llu ((%s.Sizes[%u] + StartPadding[%u] + EndPadding[%u] - WindowSize[%u]) "
                              "/ Strides[%u] + 1), got %u",
                              (unsigned long long)want, xn, i + 2, i, i, i, i, y->Sizes[i + 2]);
        }
    }
    if (ix != NULL) {
        int same = ix->DimensionCount == y->DimensionCount;
        for (uint32_t d = 0; same && d < y->DimensionCount; d++) same = ix->Sizes[d] == y->Sizes[d];
        if (!same) {
            char want[128], got[128];
            return pydml_fail(c, "OutputIndicesTensor.Sizes", "must equal OutputTensor.Sizes %s, got %s",
                              pydml_format_sizes(want, sizeof want, y->Sizes, y->DimensionCount),
                              pydml_format_sizes(got, sizeof got, ix->Sizes, ix->DimensionCount));
        }
    }
    return PYDML_STATUS_SUCCESS;
}

