/* The resample family's own rules and kernel parameters (pages of RESAMPLE, RESAMPLE1/2/3,
 * RESAMPLE_GRAD, RESAMPLE_GRAD1, UPSAMPLE_2D; pydml/ops/resample.py documents the decisions). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

typedef struct {
    const DML_BUFFER_TENSOR_DESC *src, *dst;
    const char* src_name;
    const char* count_name;
    uint32_t mode, rounding_present, rounding, count, antialiased, gradient, upsample;
    const float *scales, *in_offsets, *out_offsets;
    DML_SIZE_2D scale_size;
} resample_view;

#define MAPPING(r) (v->mode = (r)->InterpolationMode, v->count = (r)->DimensionCount, v->scales = (r)->Scales, \
                    v->in_offsets = (r)->InputPixelOffsets, v->out_offsets = (r)->OutputPixelOffsets)
#define ROUNDING(r) (v->rounding_present = 1, v->rounding = (r)->RoundingDirection)

static void read_view(const pydml_operator_info* op, const void* d, resample_view* v) {
    memset(v, 0, sizeof *v);
    v->count_name = "DimensionCount";
    v->gradient = op->type == DML_OPERATOR_RESAMPLE_GRAD || op->type == DML_OPERATOR_RESAMPLE_GRAD1;
    v->src_name = v->gradient ? "InputGradientTensor" : "InputTensor";
    v->src = pydml_tensor_field(op, d, v->src_name);
    v->dst = pydml_tensor_field(op, d, v->gradient ? "OutputGradientTensor" : "OutputTensor");
    switch (op->type) {
    case DML_OPERATOR_RESAMPLE: {
        const DML_RESAMPLE_OPERATOR_DESC* r = d;
        v->mode = r->InterpolationMode; v->count = r->ScaleCount; v->scales = r->Scales;
        v->count_name = "ScaleCount";
        break;
    }
    case DML_OPERATOR_RESAMPLE1: { const DML_RESAMPLE1_OPERATOR_DESC* r = d; MAPPING(r); break; }
    case DML_OPERATOR_RESAMPLE_GRAD: { const DML_RESAMPLE_GRAD_OPERATOR_DESC* r = d; MAPPING(r); break; }
    case DML_OPERATOR_RESAMPLE2: { const DML_RESAMPLE2_OPERATOR_DESC* r = d; MAPPING(r); ROUNDING(r); break; }
    case DML_OPERATOR_RESAMPLE_GRAD1: { const DML_RESAMPLE_GRAD1_OPERATOR_DESC* r = d; MAPPING(r); ROUNDING(r); break; }
    case DML_OPERATOR_RESAMPLE3: {
        const DML_RESAMPLE3_OPERATOR_DESC* r = d;
        MAPPING(r); ROUNDING(r);
        v->antialiased = r->Antialiased != 0;
        break;
    }
    default: { /* DML_OPERATOR_UPSAMPLE_2D */
        const DML_UPSAMPLE_2D_OPERATOR_DESC* u = d;
        v->mode = u->InterpolationMode; v->scale_size = u->ScaleSize; v->upsample = 1;
        break;
    }
    }
}

pydml_status pydml_resample_params_of(pydml_check* c, const pydml_operator_info* op, const void* d,
                                      pydml_resample_params* p) {
    resample_view view, *v = &view;
    read_view(op, d, v);
    const DML_BUFFER_TENSOR_DESC *src = v->src, *dst = v->dst;
    uint32_t rank = src->DimensionCount;
    memset(p, 0, sizeof *p);
    p->dim_count = rank;
    p->interpolation_mode = v->mode;
    if (v->upsample) {
        uint32_t h = src->Sizes[rank - 2], w = src->Sizes[rank - 1];
        if (v->scale_size.Height == 0 || v->scale_size.Height > 0xffffffffu / h)
            return pydml_fail(c, "ScaleSize.Height", "must be in 1 .. UINT_MAX / input height (%u), got %u",
                              0xffffffffu / h, v->scale_size.Height);
        if (v->scale_size.Width == 0 || v->scale_size.Width > 0xffffffffu / w)
            return pydml_fail(c, "ScaleSize.Width", "must be in 1 .. UINT_MAX / input width (%u), got %u",
                              0xffffffffu / w, v->scale_size.Width);
        uint32_t want_sizes[8];
        int same = dst->DimensionCount == rank;
        for (uint32_t d = 0; d < rank; d++) {
            want_sizes[d] = src->Sizes[d] * (d == rank - 2 ? v->scale_size.Height : d == rank - 1 ? v->scale_size.Width : 1u);
            same = same && dst->Sizes[d] == want_sizes[d];
        }
        if (!same) {
            char want[128], got[128];
            return pydml_fail(c, "OutputTensor.Sizes", "must be %s (input sizes with H and W scaled), got %s",
                              pydml_format_sizes(want, sizeof want, want_sizes, rank),
                              pydml_format_sizes(got, sizeof got, dst->Sizes, dst->DimensionCount));
        }
        for (uint32_t d = 0; d < rank; d++) {
            p->input_sizes[d] = src->Sizes[d];
            p->output_sizes[d] = dst->Sizes[d];
            p->scales[d] = d == rank - 2 ? (float)v->scale_size.Height : d == rank - 1 ? (float)v->scale_size.Width : 1.0f;
            p->input_pixel_offsets[d] = 0.5f;
            p->output_pixel_offsets[d] = -0.5f;
        }
        p->rounding = PYDML_ROUND_HALF_UP;
        return PYDML_STATUS_SUCCESS;
    }
    if (v->count != rank)
        return pydml_fail(c, v->count_name, "must equal %s.DimensionCount (%u), got %u", v->src_name, rank, v->count);
    char f[64];
    for (uint32_t d = 0; d < rank; d++) {
        float s = v->scales[d];
        if (!isfinite(s) || s <= 0) {
            snprintf(f, sizeof f, "Scales[%u]", d);
            char v[64];
            return pydml_fail(c, f, "must be > 0 and finite, got %s", pydml_format_real(v, sizeof v, s, 1));
        }
    }
    for (int which = 0; which < 2 && v->in_offsets != NULL; which++) {
        const float* arr = which == 0 ? v->in_offsets : v->out_offsets;
        for (uint32_t d = 0; d < rank; d++) {
            if (!isfinite(arr[d])) {
                snprintf(f, sizeof f, "%s[%u]", which == 0 ? "InputPixelOffsets" : "OutputPixelOffsets", d);
                char v[64];
                return pydml_fail(c, f, "must be finite, got %s", pydml_format_real(v, sizeof v, arr[d], 1));
            }
        }
    }
    const DML_BUFFER_TENSOR_DESC* fin = v->gradient ? dst : src;   /* the forward op's input */
    const DML_BUFFER_TENSOR_DESC* fout = v->gradient ? src : dst;  /* the forward op's output */
    for (uint32_t d = 0; d < rank; d++) {
        p->input_sizes[d] = fin->Sizes[d];
        p->output_sizes[d] = fout->Sizes[d];
        p->scales[d] = v->scales[d];
        p->input_pixel_offsets[d] = v->in_offsets ? v->in_offsets[d] : 0.5f;
        p->output_pixel_offsets[d] = v->out_offsets ? v->out_offsets[d] : -0.5f;
        for (int k = 0; k < 2; k++) {
            double o = k == 0 ? 0.0 : (double)p->output_sizes[d] - 1.0;
            double x = (o - p->output_pixel_offsets[d]) / (double)p->scales[d] - p->input_pixel_offsets[d];
            if (!isfinite(x) || fabs(x) >= 2147483648.0) {
                /* Blame an offset that is itself out of range, else the scale. */
                double value = v->scales[d];
                snprintf(f, sizeof f, "Scales[%u]", d);
                if (v->in_offsets && fabs(v->in_offsets[d]) >= 1073741824.0) {
                    snprintf(f, sizeof f, "InputPixelOffsets[%u]", d);
                    value = v->in_offsets[d];
                } else if (v->out_offsets && fabs(v->out_offsets[d]) >= 1073741824.0) {
                    snprintf(f, sizeof f, "OutputPixelOffsets[%u]", d);
                    value = v->out_offsets[d];
                }
                char xs[64], vs[64];
                return pydml_fail(c, f, "maps output index %.0f to input coordinate %s, outside +-2^31, got %s", o,
                                  pydml_format_real(xs, sizeof xs, x, 0), pydml_format_real(vs, sizeof vs, value, 1));
            }
        }
    }
    p->rounding = !v->rounding_present ? PYDML_ROUND_HALF_UP
                  : v->rounding == DML_AXIS_DIRECTION_DECREASING ? PYDML_ROUND_FLOOR : PYDML_ROUND_CEIL;
    p->antialiased = v->antialiased;
    return PYDML_STATUS_SUCCESS;
}

/* The own rules of the resample operators: everything pydml_resample_params_of checks. */
pydml_status pydml_rule_resample(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_resample_params p;
    return pydml_resample_params_of(c, op, desc, &p);
}
