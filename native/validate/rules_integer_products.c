/* The integer_products operators' own rules: each "must" of the pages (sdk-api
 * ns-directml-dml_{matrix_multiply_integer,quantized_linear_matrix_multiply,convolution_integer,
 * quantized_linear_convolution}_operator_desc.md; windows-ai-docs
 * ns-directml-dml_matrix_multiply_integer_to_float_operator_desc.md) that the tables cannot say:
 * the product shapes (batch dimensions, K agreement, output sizes), the zero-point and scale
 * tensor shapes (per tensor, or per row / column / output channel), and the convolution geometry,
 * which is CONVOLUTION's (pydml_convolution_params_of on the shared fields, FORWARD
 * cross-correlation without OutputPadding). */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

enum { VEC_ROW = 0, VEC_COL = 1, VEC_CHANNEL = 2, VEC_SCALAR = 3 };

/* A per-tensor or per-row/column/channel tensor: every size 1 except the count dimension ({1,1,M,1}
 * rows, {1,1,1,N} columns, {1,C,1,1} channels, leading and trailing 1s optional on the pages),
 * which is 1 or `want` (the size of `ref_field`.Sizes[ref_dim]). */
static pydml_status check_vector(pydml_check* c, const pydml_operator_info* op, const void* desc, const char* name,
                                 int kind, uint32_t want, const char* ref_field, uint32_t ref_dim) {
    const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, name);
    char f[96];
    if (t == NULL) return PYDML_STATUS_SUCCESS;
    const uint32_t r = t->DimensionCount;
    const uint32_t d = kind == VEC_COL ? r - 1 : kind == VEC_ROW ? (r >= 2 ? r - 2 : 0) : kind == VEC_CHANNEL ? (r >= 2 ? 1 : 0) : r;
    for (uint32_t i = 0; i < r; i++) {
        if (i == d) continue;
        if (t->Sizes[i] != 1) {
            snprintf(f, sizeof f, "%s.Sizes[%u]", name, i);
            if (kind == VEC_SCALAR) return pydml_fail(c, f, "must be 1 (per-tensor quantization only), got %u", t->Sizes[i]);
            return pydml_fail(c, f, "must be 1, got %u", t->Sizes[i]);
        }
    }
    if (d < r && t->Sizes[d] != 1 && t->Sizes[d] != want) {
        snprintf(f, sizeof f, "%s.Sizes[%u]", name, d);
        return pydml_fail(c, f, "must be 1 or %u (%s.Sizes[%u]), got %u", want, ref_field, ref_dim, t->Sizes[d]);
    }
    return PYDML_STATUS_SUCCESS;
}

/* {[Batch], [Channel], M, K} x {[Batch], [Channel], K, N} = {[Batch], [Channel], M, N} */
static pydml_status product_shapes(pydml_check* c, const pydml_operator_info* op, const void* desc, uint32_t* M,
                                   uint32_t* N) {
    const DML_BUFFER_TENSOR_DESC* a = pydml_tensor_field(op, desc, "ATensor");
    const DML_BUFFER_TENSOR_DESC* b = pydml_tensor_field(op, desc, "BTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(op, desc, "OutputTensor");
    char f[64];
    *M = *N = 0;
    if (a == NULL || b == NULL || o == NULL) return PYDML_STATUS_SUCCESS; /* the tables reported it */
    const uint32_t r = a->DimensionCount;
    if (r < 2 || b->DimensionCount != r || o->DimensionCount != r) return PYDML_STATUS_SUCCESS;
    for (uint32_t i = 0; i + 2 < r; i++) {
        if (b->Sizes[i] != a->Sizes[i]) {
            snprintf(f, sizeof f, "BTensor.Sizes[%u]", i);
            return pydml_fail(c, f, "must be %u (ATensor.Sizes[%u], a batch dimension), got %u", a->Sizes[i], i,
                              b->Sizes[i]);
        }
    }
    if (b->Sizes[r - 2] != a->Sizes[r - 1]) {
        snprintf(f, sizeof f, "BTensor.Sizes[%u]", r - 2);
        return pydml_fail(c, f, "must be %u (K, ATensor.Sizes[%u]), got %u", a->Sizes[r - 1], r - 1, b->Sizes[r - 2]);
    }
    for (uint32_t i = 0; i + 2 < r; i++) {
        if (o->Sizes[i] != a->Sizes[i]) {
            snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", i);
            return pydml_fail(c, f, "must be %u (ATensor.Sizes[%u], a batch dimension), got %u", a->Sizes[i], i,
                              o->Sizes[i]);
        }
    }
    if (o->Sizes[r - 2] != a->Sizes[r - 2]) {
        snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", r - 2);
        return pydml_fail(c, f, "must be %u (M, ATensor.Sizes[%u]), got %u", a->Sizes[r - 2], r - 2, o->Sizes[r - 2]);
    }
    if (o->Sizes[r - 1] != b->Sizes[r - 1]) {
        snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", r - 1);
        return pydml_fail(c, f, "must be %u (N, BTensor.Sizes[%u]), got %u", b->Sizes[r - 1], r - 1, o->Sizes[r - 1]);
    }
    *M = a->Sizes[r - 2];
    *N = b->Sizes[r - 1];
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_integer_products_matmul(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    uint32_t M, N;
    pydml_status s = product_shapes(c, op, desc, &M, &N);
    if (s || M == 0) return s;
    const uint32_t r = pydml_tensor_field(op, desc, "ATensor")->DimensionCount;
    static const char* const rows[] = {"AScaleTensor", "AZeroPointTensor"};
    static const char* const cols[] = {"BScaleTensor", "BZeroPointTensor"};
    for (int i = 0; i < 2; i++) {
        if ((s = check_vector(c, op, desc, rows[i], VEC_ROW, M, "ATensor", r - 2))) return s;
        if ((s = check_vector(c, op, desc, cols[i], VEC_COL, N, "BTensor", r - 1))) return s;
    }
    /* QUANTIZED_LINEAR_MATRIX_MULTIPLY: the output's quantization per tensor or per row */
    if ((s = check_vector(c, op, desc, "OutputScaleTensor", VEC_ROW, M, "OutputTensor", r - 2))) return s;
    return check_vector(c, op, desc, "OutputZeroPointTensor", VEC_ROW, M, "OutputTensor", r - 2);
}

/* CONVOLUTION_INTEGER / QUANTIZED_LINEAR_CONVOLUTION: the geometry of a FORWARD cross-correlation
 * (the pages give no formula; it is CONVOLUTION's, on the same fields), then the quantization
 * tensors: input and output per tensor, filter per tensor or per output channel. */
pydml_status pydml_integer_convolution_params(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                              pydml_convolution_params* p);
pydml_status pydml_integer_convolution_params(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                              pydml_convolution_params* p) {
    DML_CONVOLUTION_OPERATOR_DESC cd;
    memset(&cd, 0, sizeof cd);
    static const UINT zeros[8] = {0};
    const pydml_operator_info* conv = pydml_find_operator_info(DML_OPERATOR_CONVOLUTION);
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    if (conv == NULL || x == NULL) return pydml_fail(c, "InputTensor", "must be present");
    if (op->type == DML_OPERATOR_CONVOLUTION_INTEGER) {
        const DML_CONVOLUTION_INTEGER_OPERATOR_DESC* d = desc;
        cd.InputTensor = d->InputTensor; cd.FilterTensor = d->FilterTensor; cd.OutputTensor = d->OutputTensor;
        cd.DimensionCount = d->DimensionCount; cd.Strides = d->Strides; cd.Dilations = d->Dilations;
        cd.StartPadding = d->StartPadding; cd.EndPadding = d->EndPadding; cd.GroupCount = d->GroupCount;
    } else {
        const DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC* d = desc;
        cd.InputTensor = d->InputTensor; cd.FilterTensor = d->FilterTensor; cd.OutputTensor = d->OutputTensor;
        cd.BiasTensor = d->BiasTensor;
        cd.DimensionCount = d->DimensionCount; cd.Strides = d->Strides; cd.Dilations = d->Dilations;
        cd.StartPadding = d->StartPadding; cd.EndPadding = d->EndPadding; cd.GroupCount = d->GroupCount;
    }
    cd.Mode = DML_CONVOLUTION_MODE_CROSS_CORRELATION;
    cd.Direction = DML_CONVOLUTION_DIRECTION_FORWARD;
    if (cd.DimensionCount > 8) return pydml_fail(c, "DimensionCount", "must equal InputTensor.DimensionCount - 2 (%u), got %u",
                                                 x->DimensionCount - 2, cd.DimensionCount);
    cd.OutputPadding = zeros;
    pydml_status s = pydml_convolution_params_of(c, conv, &cd, p);
    if (s) return s;
    const uint32_t oc = p->filter_sizes[0];
    if ((s = check_vector(c, op, desc, "InputScaleTensor", VEC_SCALAR, 1, "", 0))) return s;
    if ((s = check_vector(c, op, desc, "InputZeroPointTensor", VEC_SCALAR, 1, "", 0))) return s;
    if ((s = check_vector(c, op, desc, "FilterScaleTensor", VEC_CHANNEL, oc, "FilterTensor", 0))) return s;
    if ((s = check_vector(c, op, desc, "FilterZeroPointTensor", VEC_CHANNEL, oc, "FilterTensor", 0))) return s;
    if ((s = check_vector(c, op, desc, "OutputScaleTensor", VEC_SCALAR, 1, "", 0))) return s;
    return check_vector(c, op, desc, "OutputZeroPointTensor", VEC_SCALAR, 1, "", 0);
}

pydml_status pydml_rule_integer_products_convolution(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_convolution_params p;
    return pydml_integer_convolution_params(c, op, desc, &p);
}

