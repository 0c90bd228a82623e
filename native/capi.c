/* Descriptor-level C API: validate, compile and execute a DML_OPERATOR_DESC from C.
 *
 * The rules are those of pydml/validate.py and the op modules (pydml/ops/ modules), in the same
 * order, for the operators pydml executes; tests/test_capi.py runs both validators on the same
 * good and bad descs and checks they agree on the verdict and the field. Memory safety does not
 * depend on this file: the kernels re-check every view against its bound buffer. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define F32 (1u << DML_TENSOR_DATA_TYPE_FLOAT32)
#define F16 (1u << DML_TENSOR_DATA_TYPE_FLOAT16)
#define I8 (1u << DML_TENSOR_DATA_TYPE_INT8)
#define U8 (1u << DML_TENSOR_DATA_TYPE_UINT8)
#define DIMS(lo, hi) ((((1u << ((hi) + 1)) - 1u) >> (lo)) << (lo))

typedef struct {
    char* message;
    size_t size;
    const char* desc;
} ctx_t;

static pydml_status vfail(ctx_t* c, pydml_status status, const char* field, const char* fmt, va_list ap) {
    if (c->message != NULL && c->size > 0) {
        int n = field != NULL && field[0] ? snprintf(c->message, c->size, "%s.%s: ", c->desc, field)
                                          : snprintf(c->message, c->size, "%s: ", c->desc);
        if (n >= 0 && (size_t)n < c->size) vsnprintf(c->message + n, c->size - (size_t)n, fmt, ap);
    }
    return status;
}

static pydml_status fail(ctx_t* c, const char* field, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pydml_status s = vfail(c, PYDML_STATUS_INVALID_PARAMETER, field, fmt, ap);
    va_end(ap);
    return s;
}

static pydml_status unsupported(ctx_t* c, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pydml_status s = vfail(c, PYDML_STATUS_UNSUPPORTED_PARAMETER, NULL, fmt, ap);
    va_end(ap);
    return s;
}

static const char* level_name(uint32_t level) {
    static const struct { uint32_t v; const char* n; } names[] = {
        {0x1000, "DML_FEATURE_LEVEL_1_0"}, {0x2000, "DML_FEATURE_LEVEL_2_0"}, {0x2100, "DML_FEATURE_LEVEL_2_1"},
        {0x3000, "DML_FEATURE_LEVEL_3_0"}, {0x3100, "DML_FEATURE_LEVEL_3_1"}, {0x4000, "DML_FEATURE_LEVEL_4_0"},
        {0x4100, "DML_FEATURE_LEVEL_4_1"}, {0x5000, "DML_FEATURE_LEVEL_5_0"}, {0x5100, "DML_FEATURE_LEVEL_5_1"},
        {0x5200, "DML_FEATURE_LEVEL_5_2"}, {0x6000, "DML_FEATURE_LEVEL_6_0"}, {0x6100, "DML_FEATURE_LEVEL_6_1"},
        {0x6200, "DML_FEATURE_LEVEL_6_2"}, {0x6300, "DML_FEATURE_LEVEL_6_3"}, {0x6400, "DML_FEATURE_LEVEL_6_4"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].v == level) return names[i].n;
    return NULL;
}

static const char* type_name(uint32_t t) {
    static const char* names[] = {"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32",
                                  "INT16", "INT8", "FLOAT64", "UINT64", "INT64", "UINT4", "INT4"};
    return t < sizeof names / sizeof names[0] ? names[t] : "?";
}

/* ---- operator table (pydml/ops/ modules's register() calls, for the operators executed here) ---- */

typedef struct {
    uint32_t level, dims, types;
} support_row;

typedef enum { K_RESAMPLE, K_RESAMPLE_GRAD, K_UPSAMPLE, K_CONVOLUTION } kind_t;

typedef struct {
    uint32_t type;
    const char* op_name;
    const char* desc_name;
    uint32_t introduced;
    kind_t kind;
    support_row rows[3];
} op_info;

static const op_info OPS[] = {
    {DML_OPERATOR_UPSAMPLE_2D, "DML_OPERATOR_UPSAMPLE_2D", "DML_UPSAMPLE_2D_OPERATOR_DESC", 0x1000, K_UPSAMPLE,
     {{0x1000, DIMS(4, 5), F32 | F16}}},
    {DML_OPERATOR_CONVOLUTION, "DML_OPERATOR_CONVOLUTION", "DML_CONVOLUTION_OPERATOR_DESC", 0x1000, K_CONVOLUTION,
     {{0x1000, DIMS(4, 5), F32 | F16}, {0x4000, DIMS(3, 5), F32 | F16}}},
    {DML_OPERATOR_RESAMPLE, "DML_OPERATOR_RESAMPLE", "DML_RESAMPLE_OPERATOR_DESC", 0x2000, K_RESAMPLE,
     {{0x2000, DIMS(4, 4), F32 | F16}, {0x5100, DIMS(1, 4), F32 | F16}, {0x6200, DIMS(1, 4), F32 | F16 | I8 | U8}}},
    {DML_OPERATOR_RESAMPLE1, "DML_OPERATOR_RESAMPLE1", "DML_RESAMPLE1_OPERATOR_DESC", 0x2100, K_RESAMPLE,
     {{0x2100, DIMS(4, 4), F32 | F16}}},
    {DML_OPERATOR_RESAMPLE_GRAD, "DML_OPERATOR_RESAMPLE_GRAD", "DML_RESAMPLE_GRAD_OPERATOR_DESC", 0x3000,
     K_RESAMPLE_GRAD, {{0x3000, DIMS(4, 4), F32 | F16}, {0x5100, DIMS(1, 4), F32 | F16}}},
    {DML_OPERATOR_RESAMPLE2, "DML_OPERATOR_RESAMPLE2", "DML_RESAMPLE2_OPERATOR_DESC", 0x5100, K_RESAMPLE,
     {{0x5100, DIMS(1, 4), F32 | F16}, {0x6200, DIMS(1, 4), F32 | F16 | I8 | U8}}},
    {DML_OPERATOR_RESAMPLE_GRAD1, "DML_OPERATOR_RESAMPLE_GRAD1", "DML_RESAMPLE_GRAD1_OPERATOR_DESC", 0x5100,
     K_RESAMPLE_GRAD, {{0x5100, DIMS(1, 4), F32 | F16}}},
    {DML_OPERATOR_RESAMPLE3, "DML_OPERATOR_RESAMPLE3", "DML_RESAMPLE3_OPERATOR_DESC", 0x6400, K_RESAMPLE,
     {{0x6400, DIMS(1, 4), F32 | F16 | I8 | U8}}},
};

static const op_info* find_op(uint32_t type) {
    for (size_t i = 0; i < sizeof OPS / sizeof OPS[0]; i++)
        if (OPS[i].type == type) return &OPS[i];
    return NULL;
}

/* Fusable activations: type, name, introduced, fusable-from (pydml/ops/activations.py). */
typedef struct {
    uint32_t type;
    const char* name;
    uint32_t introduced, fusable_from;
} activation_info;

static const activation_info ACTIVATIONS[] = {
    {DML_OPERATOR_ACTIVATION_ELU, "DML_OPERATOR_ACTIVATION_ELU", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_HARD_SIGMOID, "DML_OPERATOR_ACTIVATION_HARD_SIGMOID", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_IDENTITY, "DML_OPERATOR_ACTIVATION_IDENTITY", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_LEAKY_RELU, "DML_OPERATOR_ACTIVATION_LEAKY_RELU", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_LINEAR, "DML_OPERATOR_ACTIVATION_LINEAR", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, "DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_RELU, "DML_OPERATOR_ACTIVATION_RELU", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, "DML_OPERATOR_ACTIVATION_SCALED_ELU", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, "DML_OPERATOR_ACTIVATION_SCALED_TANH", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_SIGMOID, "DML_OPERATOR_ACTIVATION_SIGMOID", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, "DML_OPERATOR_ACTIVATION_SOFTPLUS", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, "DML_OPERATOR_ACTIVATION_SOFTSIGN", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_TANH, "DML_OPERATOR_ACTIVATION_TANH", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, "DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU", 0x1000, 0x1000},
    {DML_OPERATOR_ACTIVATION_SHRINK, "DML_OPERATOR_ACTIVATION_SHRINK", 0x2000, 0x2000},
    {DML_OPERATOR_ACTIVATION_CELU, "DML_OPERATOR_ACTIVATION_CELU", 0x3000, 0x3000},
    {DML_OPERATOR_ACTIVATION_GELU, "DML_OPERATOR_ACTIVATION_GELU", 0x5100, 0x5100},
    {DML_OPERATOR_ELEMENT_WISE_CLIP, "DML_OPERATOR_ELEMENT_WISE_CLIP", 0x1000, 0x6000},
};

static const activation_info* find_activation(uint32_t type) {
    for (size_t i = 0; i < sizeof ACTIVATIONS / sizeof ACTIVATIONS[0]; i++)
        if (ACTIVATIONS[i].type == type) return &ACTIVATIONS[i];
    return NULL;
}

/* ---- a normalised view of one desc ---- */

#define MAX_TENSORS 4

typedef struct {
    const op_info* op;
    const char* names[MAX_TENSORS];
    const DML_TENSOR_DESC* tensors[MAX_TENSORS];
    int is_output[MAX_TENSORS], optional[MAX_TENSORS];
    uint32_t tensor_count;
    /* resample family */
    uint32_t mode, rounding_present, rounding, count, antialiased;
    const char* count_name;
    const float *scales, *in_offsets, *out_offsets;
    /* upsample */
    DML_SIZE_2D scale_size;
    /* convolution */
    const DML_CONVOLUTION_OPERATOR_DESC* conv;
} desc_view;

static void add_tensor(desc_view* v, const char* name, const DML_TENSOR_DESC* t, int is_output, int optional) {
    v->names[v->tensor_count] = name;
    v->tensors[v->tensor_count] = t;
    v->is_output[v->tensor_count] = is_output;
    v->optional[v->tensor_count] = optional;
    v->tensor_count++;
}

/* The resample descs share field names; each macro reads the fields one revision has. */
#define READ_MAPPING(r) (v->mode = (r)->InterpolationMode, v->count = (r)->DimensionCount, v->scales = (r)->Scales, \
                         v->in_offsets = (r)->InputPixelOffsets, v->out_offsets = (r)->OutputPixelOffsets)
#define READ_ROUNDING(r) (v->rounding_present = 1, v->rounding = (r)->RoundingDirection)
#define FORWARD_TENSORS(r) (add_tensor(v, "InputTensor", (r)->InputTensor, 0, 0), \
                            add_tensor(v, "OutputTensor", (r)->OutputTensor, 1, 0))
#define GRADIENT_TENSORS(r) (add_tensor(v, "InputGradientTensor", (r)->InputGradientTensor, 0, 0), \
                             add_tensor(v, "OutputGradientTensor", (r)->OutputGradientTensor, 1, 0))

static void read_desc(const op_info* op, const void* d, desc_view* v) {
    memset(v, 0, sizeof *v);
    v->op = op;
    v->count_name = "DimensionCount";
    switch (op->type) {
    case DML_OPERATOR_RESAMPLE: {
        const DML_RESAMPLE_OPERATOR_DESC* r = d;
        FORWARD_TENSORS(r);
        v->mode = r->InterpolationMode; v->count = r->ScaleCount; v->scales = r->Scales;
        v->count_name = "ScaleCount";
        break;
    }
    case DML_OPERATOR_RESAMPLE1: {
        const DML_RESAMPLE1_OPERATOR_DESC* r = d;
        FORWARD_TENSORS(r); READ_MAPPING(r);
        break;
    }
    case DML_OPERATOR_RESAMPLE_GRAD: {
        const DML_RESAMPLE_GRAD_OPERATOR_DESC* r = d;
        GRADIENT_TENSORS(r); READ_MAPPING(r);
        break;
    }
    case DML_OPERATOR_RESAMPLE2: {
        const DML_RESAMPLE2_OPERATOR_DESC* r = d;
        FORWARD_TENSORS(r); READ_MAPPING(r); READ_ROUNDING(r);
        break;
    }
    case DML_OPERATOR_RESAMPLE_GRAD1: {
        const DML_RESAMPLE_GRAD1_OPERATOR_DESC* r = d;
        GRADIENT_TENSORS(r); READ_MAPPING(r); READ_ROUNDING(r);
        break;
    }
    case DML_OPERATOR_RESAMPLE3: {
        const DML_RESAMPLE3_OPERATOR_DESC* r = d;
        FORWARD_TENSORS(r); READ_MAPPING(r); READ_ROUNDING(r);
        v->antialiased = r->Antialiased != 0;
        break;
    }
    case DML_OPERATOR_UPSAMPLE_2D: {
        const DML_UPSAMPLE_2D_OPERATOR_DESC* u = d;
        FORWARD_TENSORS(u);
        v->mode = u->InterpolationMode; v->scale_size = u->ScaleSize;
        break;
    }
    default: { /* DML_OPERATOR_CONVOLUTION */
        const DML_CONVOLUTION_OPERATOR_DESC* c = d;
        add_tensor(v, "InputTensor", c->InputTensor, 0, 0);
        add_tensor(v, "FilterTensor", c->FilterTensor, 0, 0);
        add_tensor(v, "BiasTensor", c->BiasTensor, 0, 1);
        add_tensor(v, "OutputTensor", c->OutputTensor, 1, 0);
        v->conv = c;
        break;
    }
    }
}

static const DML_BUFFER_TENSOR_DESC* buffer(const desc_view* v, uint32_t i) {
    return v->tensors[i] == NULL ? NULL : (const DML_BUFFER_TENSOR_DESC*)v->tensors[i]->Desc;
}

/* ---- rules ---- */

static pydml_status check_tensor(ctx_t* c, const char* name, const DML_BUFFER_TENSOR_DESC* t, int is_output) {
    char field[96];
    uint32_t bits = pydml_data_type_bits(t->DataType);
#define FIELD(suffix) (snprintf(field, sizeof field, "%s%s", name, suffix), field)
    if (t->DataType > DML_TENSOR_DATA_TYPE_INT4)
        return fail(c, FIELD(".DataType"), "is not a valid TensorDataType value, got %u", t->DataType);
    if (bits == 0) return fail(c, FIELD(".DataType"), "must be a known data type, got DML_TENSOR_DATA_TYPE_UNKNOWN");
    if (t->DimensionCount == 0) return fail(c, FIELD(".Sizes"), "must not be empty, got []");
    if (t->Sizes == NULL) return fail(c, FIELD(".Sizes"), "is required and must not be NULL, got None");
    if (t->DimensionCount > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return fail(c, FIELD(".DimensionCount"), "must be at most DML_TENSOR_DIMENSION_COUNT_MAX1 (8), got %u",
                    t->DimensionCount);
    uint64_t elements = 1, last = 0;
    for (uint32_t i = 0; i < t->DimensionCount; i++) {
        if (t->Sizes[i] == 0) {
            char f[128];
            snprintf(f, sizeof f, "%s.Sizes[%u]", name, i);
            return fail(c, f, "must be > 0, got 0");
        }
    }
    for (uint32_t i = 0; i < t->DimensionCount; i++) {
        elements *= t->Sizes[i];
        if (elements > 0xffffffffull)
            return fail(c, FIELD(".Sizes"), "must describe at most 2^32-1 elements");
        if (t->Strides != NULL) last += (uint64_t)(t->Sizes[i] - 1u) * t->Strides[i];
    }
    if (t->Strides != NULL && last > 0xfffffffeull)
        return fail(c, FIELD(".Strides"), "put the last element past index 2^32-2, got %llu", (unsigned long long)last);
    uint64_t minimum = pydml_calc_buffer_tensor_size(t->DataType, t->DimensionCount, t->Sizes, t->Strides);
    if (t->TotalTensorSizeInBytes < minimum)
        return fail(c, FIELD(".TotalTensorSizeInBytes"), "must be at least the %llu bytes the sizes and strides need, got %llu",
                    (unsigned long long)minimum, (unsigned long long)t->TotalTensorSizeInBytes);
    if (t->TotalTensorSizeInBytes % 4)
        return fail(c, FIELD(".TotalTensorSizeInBytes"), "must be a multiple of 4, got %llu",
                    (unsigned long long)t->TotalTensorSizeInBytes);
    uint32_t align = t->GuaranteedBaseOffsetAlignment, element_bytes = bits >= 8 ? bits / 8 : 1;
    if (align && ((align & (align - 1)) || align < element_bytes))
        return fail(c, FIELD(".GuaranteedBaseOffsetAlignment"),
                    "must be 0 or a power of two >= the element size (%u), got %u", element_bytes, align);
    if ((uint32_t)t->Flags & ~(uint32_t)DML_TENSOR_FLAG_OWNED_BY_DML)
        return fail(c, FIELD(".Flags"), "has unknown bits, got %u", (uint32_t)t->Flags);
    if (is_output && (t->Flags & DML_TENSOR_FLAG_OWNED_BY_DML))
        return fail(c, FIELD(".Flags"), "DML_TENSOR_FLAG_OWNED_BY_DML is only valid on input tensors");
#undef FIELD
    return PYDML_STATUS_SUCCESS;
}

static const support_row* support_at(const op_info* op, uint32_t level) {
    const support_row* row = NULL;
    for (int i = 0; i < 3 && op->rows[i].level; i++)
        if (op->rows[i].level <= level) row = &op->rows[i];
    return row;
}

static pydml_status check_support(ctx_t* c, const desc_view* v, uint32_t level) {
    const support_row* row = support_at(v->op, level);
    const DML_BUFFER_TENSOR_DESC* first = NULL;
    const char* first_name = NULL;
    char field[96];
    for (uint32_t i = 0; i < v->tensor_count; i++) { /* same data type (all tensors of these ops) */
        const DML_BUFFER_TENSOR_DESC* t = buffer(v, i);
        if (t == NULL) continue;
        if (first == NULL) { first = t; first_name = v->names[i]; continue; }
        if (t->DataType != first->DataType) {
            snprintf(field, sizeof field, "%s.DataType", v->names[i]);
            return fail(c, field, "must match %s.DataType DML_TENSOR_DATA_TYPE_%s, got DML_TENSOR_DATA_TYPE_%s",
                        first_name, type_name(first->DataType), type_name(t->DataType));
        }
    }
    for (uint32_t i = 0; i < v->tensor_count; i++) {
        const DML_BUFFER_TENSOR_DESC* t = buffer(v, i);
        if (t == NULL || (row && (row->types >> t->DataType) & 1u)) continue;
        snprintf(field, sizeof field, "%s.DataType", v->names[i]);
        for (int r = 0; r < 3 && v->op->rows[r].level; r++)
            if ((v->op->rows[r].types >> t->DataType) & 1u && v->op->rows[r].level > level)
                return fail(c, field, "DML_TENSOR_DATA_TYPE_%s needs %s; the device was created at %s",
                            type_name(t->DataType), level_name(v->op->rows[r].level), level_name(level));
        return fail(c, field, "is not an allowed data type, got DML_TENSOR_DATA_TYPE_%s", type_name(t->DataType));
    }
    for (uint32_t i = 0; i < v->tensor_count; i++) { /* same dimension count */
        const DML_BUFFER_TENSOR_DESC* t = buffer(v, i);
        if (t == NULL || t == first) continue;
        if (t->DimensionCount != first->DimensionCount) {
            snprintf(field, sizeof field, "%s.DimensionCount", v->names[i]);
            return fail(c, field, "must match %s.DimensionCount %u, got %u", first_name, first->DimensionCount,
                        t->DimensionCount);
        }
    }
    for (uint32_t i = 0; i < v->tensor_count; i++) {
        const DML_BUFFER_TENSOR_DESC* t = buffer(v, i);
        if (t == NULL || (row && (row->dims >> t->DimensionCount) & 1u)) continue;
        snprintf(field, sizeof field, "%s.DimensionCount", v->names[i]);
        for (int r = 0; r < 3 && v->op->rows[r].level; r++)
            if ((v->op->rows[r].dims >> t->DimensionCount) & 1u && v->op->rows[r].level > level)
                return fail(c, field, "%u dimensions need %s; the device was created at %s", t->DimensionCount,
                            level_name(v->op->rows[r].level), level_name(level));
        return fail(c, field, "is not an allowed dimension count, got %u", t->DimensionCount);
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status check_resample(ctx_t* c, const desc_view* v, pydml_resample_params* p) {
    int gradient = v->op->kind == K_RESAMPLE_GRAD;
    const DML_BUFFER_TENSOR_DESC* src = buffer(v, 0);
    const DML_BUFFER_TENSOR_DESC* dst = buffer(v, 1);
    uint32_t rank = src->DimensionCount;
    memset(p, 0, sizeof *p);
    p->dim_count = rank;
    p->interpolation_mode = v->mode;
    if (v->op->kind == K_UPSAMPLE) {
        uint32_t h = src->Sizes[rank - 2], w = src->Sizes[rank - 1];
        if (v->scale_size.Height == 0 || v->scale_size.Height > 0xffffffffu / h)
            return fail(c, "ScaleSize.Height", "must be in 1 .. UINT_MAX / input height (%u), got %u",
                        0xffffffffu / h, v->scale_size.Height);
        if (v->scale_size.Width == 0 || v->scale_size.Width > 0xffffffffu / w)
            return fail(c, "ScaleSize.Width", "must be in 1 .. UINT_MAX / input width (%u), got %u",
                        0xffffffffu / w, v->scale_size.Width);
        for (uint32_t d = 0; d < rank; d++) {
            uint32_t want = src->Sizes[d] * (d == rank - 2 ? v->scale_size.Height : d == rank - 1 ? v->scale_size.Width : 1u);
            if (dst->Sizes[d] != want)
                return fail(c, "OutputTensor.Sizes", "must be the input sizes with H and W scaled (Sizes[%u] = %u), got %u",
                            d, want, dst->Sizes[d]);
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
        return fail(c, v->count_name, "must equal %s.DimensionCount (%u), got %u", v->names[0], rank, v->count);
    for (uint32_t d = 0; d < rank; d++) {
        char f[64];
        float s = v->scales[d];
        if (!isfinite(s) || s <= 0) {
            snprintf(f, sizeof f, "Scales[%u]", d);
            return fail(c, f, "must be > 0 and finite, got %g", (double)s);
        }
    }
    for (int which = 0; which < 2 && v->in_offsets != NULL; which++) {
        const float* arr = which == 0 ? v->in_offsets : v->out_offsets;
        for (uint32_t d = 0; d < rank; d++) {
            if (!isfinite(arr[d])) {
                char f[64];
                snprintf(f, sizeof f, "%s[%u]", which == 0 ? "InputPixelOffsets" : "OutputPixelOffsets", d);
                return fail(c, f, "must be finite, got %g", (double)arr[d]);
            }
        }
    }
    const DML_BUFFER_TENSOR_DESC* fin = gradient ? dst : src;   /* the forward op's input */
    const DML_BUFFER_TENSOR_DESC* fout = gradient ? src : dst;  /* the forward op's output */
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
                /* Blame an offset that is itself out of range, else the scale (as pydml/ops/resample.py). */
                char f[64];
                double value = v->scales[d];
                snprintf(f, sizeof f, "Scales[%u]", d);
                if (v->in_offsets && fabs(v->in_offsets[d]) >= 1073741824.0) {
                    snprintf(f, sizeof f, "InputPixelOffsets[%u]", d);
                    value = v->in_offsets[d];
                } else if (v->out_offsets && fabs(v->out_offsets[d]) >= 1073741824.0) {
                    snprintf(f, sizeof f, "OutputPixelOffsets[%u]", d);
                    value = v->out_offsets[d];
                }
                return fail(c, f, "maps output index %.0f to input coordinate %g, outside +-2^31, got %g", o, x, value);
            }
        }
    }
    p->rounding = !v->rounding_present ? PYDML_ROUND_HALF_UP
                  : v->rounding == DML_AXIS_DIRECTION_DECREASING ? PYDML_ROUND_FLOOR : PYDML_ROUND_CEIL;
    p->antialiased = v->antialiased;
    return PYDML_STATUS_SUCCESS;
}

static pydml_status read_activation(ctx_t* c, const DML_OPERATOR_DESC* f, uint32_t level, pydml_activation* a) {
    const activation_info* info = find_activation(f->Type);
    if (info == NULL) return fail(c, "FusedActivation.Type", "is not an activation that can be fused, got %u", f->Type);
    if (f->Desc == NULL) return fail(c, "FusedActivation.Desc", "must not be NULL, got None");
    const DML_TENSOR_DESC* const* tensors = f->Desc; /* every activation desc starts {Input, Output} */
    if (tensors[0] != NULL) return fail(c, "FusedActivation.InputTensor", "must be NULL in a fused activation");
    if (tensors[1] != NULL) return fail(c, "FusedActivation.OutputTensor", "must be NULL in a fused activation");
    if (info->introduced > level)
        return fail(c, "FusedActivation", "%s needs %s; the device was created at %s", info->name,
                    level_name(info->introduced), level_name(level));
    memset(a, 0, sizeof *a);
    a->type = f->Type;
    switch (f->Type) {
    case DML_OPERATOR_ELEMENT_WISE_CLIP: {
        const DML_ELEMENT_WISE_CLIP_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Min; a->params[1] = d->Max;
        a->params[2] = d->ScaleBias ? d->ScaleBias->Scale : 1.0f;
        a->params[3] = d->ScaleBias ? d->ScaleBias->Bias : 0.0f;
        break;
    }
    case DML_OPERATOR_ACTIVATION_ELU: a->params[0] = ((const DML_ACTIVATION_ELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_CELU: a->params[0] = ((const DML_ACTIVATION_CELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_LEAKY_RELU:
        a->params[0] = ((const DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU:
        a->params[0] = ((const DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC*)f->Desc)->Alpha; break;
    case DML_OPERATOR_ACTIVATION_SOFTPLUS:
        a->params[0] = ((const DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC*)f->Desc)->Steepness; break;
    case DML_OPERATOR_ACTIVATION_HARD_SIGMOID: {
        const DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_LINEAR: {
        const DML_ACTIVATION_LINEAR_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS: {
        const DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_SCALED_TANH: {
        const DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Beta; break;
    }
    case DML_OPERATOR_ACTIVATION_SCALED_ELU: {
        const DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Alpha; a->params[1] = d->Gamma; break;
    }
    case DML_OPERATOR_ACTIVATION_SHRINK: {
        const DML_ACTIVATION_SHRINK_OPERATOR_DESC* d = f->Desc;
        a->params[0] = d->Bias; a->params[1] = d->Threshold; break;
    }
    default: break; /* no parameters */
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status check_convolution(ctx_t* c, const desc_view* v, uint32_t level, pydml_convolution_params* p) {
    const DML_CONVOLUTION_OPERATOR_DESC* d = v->conv;
    const DML_BUFFER_TENSOR_DESC *x = buffer(v, 0), *w = buffer(v, 1), *b = buffer(v, 2), *y = buffer(v, 3);
    uint32_t rank = x->DimensionCount, spatial = d->DimensionCount;
    char f[96];
    memset(p, 0, sizeof *p);
    if (d->FusedActivation != NULL) {
        pydml_status s = read_activation(c, d->FusedActivation, level, &p->activation);
        if (s) return s;
    }
    if (spatial != rank - 2) return fail(c, "DimensionCount", "must equal InputTensor.DimensionCount - 2 (%u), got %u", rank - 2, spatial);
    for (uint32_t i = 0; i < spatial; i++) {
        if (d->Strides[i] < 1) { snprintf(f, sizeof f, "Strides[%u]", i); return fail(c, f, "must be >= 1, got 0"); }
    }
    for (uint32_t i = 0; i < spatial; i++) {
        if (d->Dilations[i] < 1) { snprintf(f, sizeof f, "Dilations[%u]", i); return fail(c, f, "must be >= 1, got 0"); }
    }
    uint32_t groups = d->GroupCount;
    if (groups < 1) return fail(c, "GroupCount", "must be >= 1, got 0");
    for (uint32_t i = 0; i < spatial; i++) {
        uint32_t limit = d->Strides[i] > d->Dilations[i] ? d->Strides[i] : d->Dilations[i];
        if (d->OutputPadding[i] >= limit) {
            snprintf(f, sizeof f, "OutputPadding[%u]", i);
            return fail(c, f, "must be smaller than Strides[%u] (%u) or Dilations[%u] (%u), got %u", i, d->Strides[i], i,
                        d->Dilations[i], d->OutputPadding[i]);
        }
    }
    int forward = d->Direction == DML_CONVOLUTION_DIRECTION_FORWARD;
    uint32_t n = x->Sizes[0], c_in = x->Sizes[1], k0 = w->Sizes[0], k1 = w->Sizes[1], c_out;
    if (c_in % groups) return fail(c, "InputTensor.Sizes[1]", "(channels) must be a multiple of GroupCount (%u), got %u", groups, c_in);
    if (forward) {
        c_out = k0;
        if (k0 % groups) return fail(c, "FilterTensor.Sizes[0]", "(output channels) must be a multiple of GroupCount (%u), got %u", groups, k0);
        if ((uint64_t)k1 * groups != c_in)
            return fail(c, "FilterTensor.Sizes[1]", "must equal InputTensor.Sizes[1] / GroupCount (%u / %u), got %u", c_in, groups, k1);
    } else {
        c_out = k1 * groups;
        if (c_in != k0) return fail(c, "FilterTensor.Sizes[0]", "must equal InputTensor.Sizes[1] (%u) for BACKWARD, got %u", c_in, k0);
    }
    if (y->Sizes[0] != n) return fail(c, "OutputTensor.Sizes[0]", "must equal the batch size %u, got %u", n, y->Sizes[0]);
    if (y->Sizes[1] != c_out) return fail(c, "OutputTensor.Sizes[1]", "must equal the output channel count %u, got %u", c_out, y->Sizes[1]);
    for (uint32_t i = 0; i < spatial; i++) {
        int64_t k = w->Sizes[2 + i], extent = (k - 1) * d->Dilations[i] + 1, in = x->Sizes[2 + i];
        int64_t padded = in + d->StartPadding[i] + d->EndPadding[i], want;
        if (forward && extent > padded) {
            snprintf(f, sizeof f, "FilterTensor.Sizes[%u]", 2 + i);
            return fail(c, f, "dilated kernel extent %lld exceeds the padded input size %lld, got %lld",
                        (long long)extent, (long long)padded, (long long)k);
        }
        want = forward ? 1 + (padded - extent) / d->Strides[i] + d->OutputPadding[i]
                       : (in - 1) * d->Strides[i] + extent + d->OutputPadding[i] - d->StartPadding[i] - d->EndPadding[i];
        if ((int64_t)y->Sizes[2 + i] != want) {
            snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", 2 + i);
            return fail(c, f, "must be %lld for %s, got %u", (long long)want,
                        forward ? "DML_CONVOLUTION_DIRECTION_FORWARD" : "DML_CONVOLUTION_DIRECTION_BACKWARD", y->Sizes[2 + i]);
        }
    }
    if (b != NULL) {
        int ok = b->Sizes[0] == 1 && b->Sizes[1] == c_out;
        for (uint32_t i = 2; i < b->DimensionCount; i++) ok = ok && b->Sizes[i] == 1;
        if (!ok) return fail(c, "BiasTensor.Sizes", "must be [1, %u, 1...]", c_out);
    }
    if (d->FusedActivation != NULL) {
        const activation_info* info = find_activation(d->FusedActivation->Type);
        if (info->fusable_from > level)
            return fail(c, "FusedActivation.Type", "fusing %s needs %s; the device was created at %s", info->name,
                        level_name(info->fusable_from), level_name(level));
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

/* Structure, feature level, tensors, data types and ranks, then the operator's own rules. */
static pydml_status validate(const DML_OPERATOR_DESC* desc, uint32_t level, ctx_t* c, desc_view* v,
                             pydml_resample_params* rp, pydml_convolution_params* cp) {
    c->desc = "DML_OPERATOR_DESC";
    if (desc == NULL) return fail(c, NULL, "must not be NULL, got None");
    if (level_name(level) == NULL) return fail(c, "feature_level", "is not a DML_FEATURE_LEVEL value, got %u", level);
    const op_info* op = find_op(desc->Type);
    if (op == NULL)
        return unsupported(c, "operator type %u: the C API validates and executes only the resample family, "
                              "UPSAMPLE_2D and CONVOLUTION (pydml.validate knows more)", desc->Type);
    if (desc->Desc == NULL) return fail(c, "Desc", "must not be NULL, got None");
    read_desc(op, desc->Desc, v);
    c->desc = op->desc_name;
    char field[96];
    for (uint32_t i = 0; i < v->tensor_count; i++) {
        const DML_TENSOR_DESC* t = v->tensors[i];
        if (t == NULL) {
            if (v->optional[i]) continue;
            return fail(c, v->names[i], "is required and must not be NULL, got None");
        }
        if (t->Type != DML_TENSOR_TYPE_BUFFER) {
            snprintf(field, sizeof field, "%s.Type", v->names[i]);
            return fail(c, field, "must be DML_TENSOR_TYPE_BUFFER, got %u", t->Type);
        }
        if (t->Desc == NULL) {
            snprintf(field, sizeof field, "%s.Desc", v->names[i]);
            return fail(c, field, "must not be NULL, got None");
        }
    }
    if (op->kind == K_CONVOLUTION) {
        const DML_CONVOLUTION_OPERATOR_DESC* d = v->conv;
        if ((uint32_t)d->Mode > 1) return fail(c, "Mode", "is not a valid ConvolutionMode value, got %u", d->Mode);
        if ((uint32_t)d->Direction > 1) return fail(c, "Direction", "is not a valid ConvolutionDirection value, got %u", d->Direction);
        const char* names[] = {"Strides", "Dilations", "StartPadding", "EndPadding", "OutputPadding"};
        const UINT* arrays[] = {d->Strides, d->Dilations, d->StartPadding, d->EndPadding, d->OutputPadding};
        for (int i = 0; i < 5; i++)
            if (arrays[i] == NULL) return fail(c, names[i], "is required and must not be NULL, got None");
        if (d->DimensionCount > 3) return fail(c, "DimensionCount", "must equal InputTensor.DimensionCount - 2, got %u", d->DimensionCount);
    } else {
        if ((uint32_t)v->mode > 1)
            return fail(c, "InterpolationMode", "is not a valid InterpolationMode value, got %u", v->mode);
        if (v->rounding_present && v->rounding > 1)
            return fail(c, "RoundingDirection", "is not a valid AxisDirection value, got %u", v->rounding);
        if (op->kind != K_UPSAMPLE) {
            if (v->scales == NULL) return fail(c, "Scales", "is required and must not be NULL, got None");
            if (op->type != DML_OPERATOR_RESAMPLE && v->in_offsets == NULL)
                return fail(c, "InputPixelOffsets", "is required and must not be NULL, got None");
            if (op->type != DML_OPERATOR_RESAMPLE && v->out_offsets == NULL)
                return fail(c, "OutputPixelOffsets", "is required and must not be NULL, got None");
            if (v->count > PYDML_MAX_DIMS)
                return fail(c, v->count_name, "must equal %s.DimensionCount, got %u", v->names[0], v->count);
        }
    }
    if (op->introduced > level) {
        c->desc = op->op_name;
        return fail(c, NULL, "needs %s; the device was created at %s", level_name(op->introduced), level_name(level));
    }
    for (uint32_t i = 0; i < v->tensor_count; i++) {
        const DML_BUFFER_TENSOR_DESC* t = buffer(v, i);
        if (t == NULL) continue;
        pydml_status s = check_tensor(c, v->names[i], t, v->is_output[i]);
        if (s) return s;
    }
    pydml_status s = check_support(c, v, level);
    if (s) return s;
    if (op->kind == K_CONVOLUTION) return check_convolution(c, v, level, cp);
    return check_resample(c, v, rp);
}

pydml_status pydml_validate_operator(const DML_OPERATOR_DESC* desc, uint32_t feature_level, char* message,
                                     size_t message_size) {
    ctx_t c = {message, message_size, ""};
    desc_view v;
    pydml_resample_params rp;
    pydml_convolution_params cp;
    if (message && message_size) message[0] = '\0';
    return validate(desc, feature_level, &c, &v, &rp, &cp);
}

/* ---- compiled operators ---- */

struct pydml_operator {
    kind_t kind;
    pydml_resample_plan* resample;
    pydml_convolution_plan* convolution;
    uint32_t input_count, output_count;
    pydml_tensor inputs[3], outputs[1];   /* templates: data filled in per execution */
    uint64_t input_totals[3], output_totals[1];
    int input_present[3];
    const char* input_names[3];
    const char* output_names[1];
    const char* desc_name;
};

static void template_of(const DML_BUFFER_TENSOR_DESC* t, pydml_tensor* out, uint64_t* total) {
    memset(out, 0, sizeof *out);
    out->data_type = t->DataType;
    out->dim_count = t->DimensionCount;
    uint64_t stride = 1;
    for (uint32_t i = t->DimensionCount; i-- > 0;) {
        out->sizes[i] = t->Sizes[i];
        out->strides[i] = t->Strides ? t->Strides[i] : stride;
        stride *= t->Sizes[i];
    }
    *total = t->TotalTensorSizeInBytes;
}

pydml_status pydml_operator_create(const DML_OPERATOR_DESC* desc, uint32_t feature_level, uint32_t execution_flags,
                                   pydml_operator** op, char* message, size_t message_size) {
    ctx_t c = {message, message_size, ""};
    desc_view v;
    pydml_resample_params rp;
    pydml_convolution_params cp;
    if (message && message_size) message[0] = '\0';
    if (op == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *op = NULL;
    pydml_status s = validate(desc, feature_level, &c, &v, &rp, &cp);
    if (s) return s;
    if (execution_flags & ~7u) return fail(&c, "flags", "is not a DML_EXECUTION_FLAGS value, got %u", execution_flags);
    pydml_operator* o = calloc(1, sizeof *o);
    if (o == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    o->kind = v.op->kind;
    o->desc_name = v.op->desc_name;
    for (uint32_t i = 0; i < v.tensor_count; i++) {
        const DML_BUFFER_TENSOR_DESC* t = buffer(&v, i);
        if (v.is_output[i]) {
            template_of(t, &o->outputs[o->output_count], &o->output_totals[o->output_count]);
            o->output_names[o->output_count++] = v.names[i];
        } else {
            o->input_present[o->input_count] = t != NULL;
            if (t) template_of(t, &o->inputs[o->input_count], &o->input_totals[o->input_count]);
            o->input_names[o->input_count++] = v.names[i];
        }
    }
    if (o->kind == K_CONVOLUTION) {
        if (cp.direction == DML_CONVOLUTION_DIRECTION_FORWARD)
            for (uint32_t i = 0; i < cp.spatial_dims; i++)
                if (cp.output_padding[i]) {
                    free(o);
                    return unsupported(&c, "OutputPadding: non-zero OutputPadding with DML_CONVOLUTION_DIRECTION_FORWARD is not implemented by pydml");
                }
        cp.allow_half_precision = (execution_flags & DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION) != 0;
        s = pydml_convolution_plan_create(&cp, &o->convolution);
    } else {
        s = pydml_resample_plan_create(&rp, &o->resample);
    }
    if (s) {
        free(o);
        if (s == PYDML_STATUS_OUT_OF_MEMORY) return s;
        return s == PYDML_STATUS_UNSUPPORTED_PARAMETER ? unsupported(&c, "the kernel has no path for this desc")
                                                       : fail(&c, NULL, "the kernel rejected the desc (%s)", pydml_status_string(s));
    }
    *op = o;
    return PYDML_STATUS_SUCCESS;
}

uint32_t pydml_operator_input_count(const pydml_operator* op) { return op ? op->input_count : 0; }
uint32_t pydml_operator_output_count(const pydml_operator* op) { return op ? op->output_count : 0; }

static pydml_status bind(ctx_t* c, const char* name, const pydml_tensor* tmpl, uint64_t total, const pydml_buffer* b,
                         pydml_tensor* out) {
    if (b->data == NULL) return fail(c, name, "is bound to NULL memory");
    if (b->size_in_bytes < total)
        return fail(c, name, "the bound buffer has %llu bytes, less than TotalTensorSizeInBytes (%llu)",
                    (unsigned long long)b->size_in_bytes, (unsigned long long)total);
    *out = *tmpl;
    out->data = b->data;
    out->buffer_bytes = b->size_in_bytes;
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_operator_execute(const pydml_operator* op, const pydml_buffer* inputs, uint32_t input_count,
                                    const pydml_buffer* outputs, uint32_t output_count, char* message,
                                    size_t message_size) {
    ctx_t c = {message, message_size, op ? op->desc_name : "pydml_operator"};
    if (message && message_size) message[0] = '\0';
    if (op == NULL) return fail(&c, NULL, "operator is NULL");
    if (input_count != op->input_count || (input_count && inputs == NULL))
        return fail(&c, NULL, "takes %u input bindings, got %u", op->input_count, input_count);
    if (output_count != op->output_count || (output_count && outputs == NULL))
        return fail(&c, NULL, "takes %u output bindings, got %u", op->output_count, output_count);
    pydml_tensor in[3], out[1];
    pydml_status s;
    for (uint32_t i = 0; i < op->input_count; i++) {
        if (!op->input_present[i]) continue;
        if ((s = bind(&c, op->input_names[i], &op->inputs[i], op->input_totals[i], &inputs[i], &in[i]))) return s;
    }
    if ((s = bind(&c, op->output_names[0], &op->outputs[0], op->output_totals[0], &outputs[0], &out[0]))) return s;
    switch (op->kind) {
    case K_CONVOLUTION: s = pydml_convolution_execute(op->convolution, &in[0], &in[1], op->input_present[2] ? &in[2] : NULL, &out[0]); break;
    case K_RESAMPLE_GRAD: s = pydml_resample_backward(op->resample, &in[0], &out[0]); break;
    default: s = pydml_resample_forward(op->resample, &in[0], &out[0]); break;
    }
    if (s) fail(&c, NULL, "execution failed: %s", pydml_status_string(s));
    return s;
}

void pydml_operator_destroy(pydml_operator* op) {
    if (op == NULL) return;
    pydml_resample_plan_destroy(op->resample);
    pydml_convolution_plan_destroy(op->convolution);
    free(op);
}
