/* The one validator: every DML_OPERATOR_DESC is judged here, for C callers and for Python alike.
 *
 * Table-driven checks (schema.h tables, generated from the header and the pages' tables) run in a
 * fixed order and stop at the first violation, so a bad desc always gets the same message:
 *   1. structure: required pointers, tensor desc types, enum values, NaN in float attributes;
 *   2. the operator's feature level;
 *   3. each buffer tensor desc: sizes, strides, TotalTensorSizeInBytes, alignment, flags;
 *   4. data types: the constraint groups, then each tensor's support row at the level;
 *   5. dimension counts: likewise; then the groups that must share Sizes;
 *   6. counts against their bounds (a tensor's dimension count, QuantizationType, Direction), then
 *      the arrays they count (NaN in float arrays); tensor-array counts already in step 1;
 *   7. fused activations (validated as nested descs);
 *   8. the operator's own rules (operator_rules.c).
 * No array is read past the bound of its count: an array is read only once its count is checked
 * (so a wild count over a short array is refused, not followed). Kernels re-check every view
 * against its buffer. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* ---- diagnostics ---- */

static void copy(char* dst, size_t size, const char* src) {
    size_t n = strlen(src);
    if (n >= size) n = size - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static pydml_status vfail(pydml_check* c, uint32_t required, const char* field, const char* fmt, va_list ap) {
    pydml_diagnostic* d = c->diagnostic;
    if (d->message[0]) return PYDML_STATUS_INVALID_PARAMETER; /* the first violation wins */
    char rule[sizeof d->rule + sizeof d->value];
    vsnprintf(rule, sizeof rule, fmt, ap);
    copy(d->desc, sizeof d->desc, c->desc);
    copy(d->field, sizeof d->field, field ? field : "");
    /* "rule, got value": the value is what follows the last ", got ". */
    char* got = NULL;
    for (char* p = strstr(rule, ", got "); p != NULL; p = strstr(p + 1, ", got ")) got = p;
    if (got != NULL) {
        *got = '\0';
        copy(d->value, sizeof d->value, got + 6);
        d->has_value = 1;
    }
    copy(d->rule, sizeof d->rule, rule);
    d->required_level = required;
    if (d->field[0])
        snprintf(d->message, sizeof d->message, "%s.%s: %s%s%s", d->desc, d->field, d->rule,
                 d->has_value ? ", got " : "", d->has_value ? d->value : "");
    else
        snprintf(d->message, sizeof d->message, "%s: %s%s%s", d->desc, d->rule, d->has_value ? ", got " : "",
                 d->has_value ? d->value : "");
    return PYDML_STATUS_INVALID_PARAMETER;
}

pydml_status pydml_fail(pydml_check* c, const char* field, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pydml_status s = vfail(c, 0, field, fmt, ap);
    va_end(ap);
    return s;
}

pydml_status pydml_fail_level(pydml_check* c, uint32_t required, const char* field, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pydml_status s = vfail(c, required, field, fmt, ap);
    va_end(ap);
    return s;
}

/* ---- names ---- */

const pydml_operator_info* pydml_find_operator_info(uint32_t type) {
    /* the generated table lists the types in DML_OPERATOR_TYPE order, type i + 1 at index i: found
     * by index (checked), not by a scan (a graph's compilation looks up every node's type) */
    if (type >= 1 && type <= pydml_operator_info_count && pydml_operator_infos[type - 1].type == type)
        return &pydml_operator_infos[type - 1];
    for (uint32_t i = 0; i < pydml_operator_info_count; i++)
        if (pydml_operator_infos[i].type == type) return &pydml_operator_infos[i];
    return NULL;
}

const char* pydml_feature_level_name(uint32_t level) {
    static const char* names[] = {"DML_FEATURE_LEVEL_1_0", "DML_FEATURE_LEVEL_2_0", "DML_FEATURE_LEVEL_2_1",
                                  "DML_FEATURE_LEVEL_3_0", "DML_FEATURE_LEVEL_3_1", "DML_FEATURE_LEVEL_4_0",
                                  "DML_FEATURE_LEVEL_4_1", "DML_FEATURE_LEVEL_5_0", "DML_FEATURE_LEVEL_5_1",
                                  "DML_FEATURE_LEVEL_5_2", "DML_FEATURE_LEVEL_6_0", "DML_FEATURE_LEVEL_6_1",
                                  "DML_FEATURE_LEVEL_6_2", "DML_FEATURE_LEVEL_6_3", "DML_FEATURE_LEVEL_6_4"};
    for (uint32_t i = 0; i < pydml_feature_level_count; i++)
        if (pydml_feature_levels[i] == level) return names[i];
    return NULL;
}

const char* pydml_data_type_name(uint32_t t) {
    static const char* names[] = {"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32",
                                  "INT16", "INT8", "FLOAT64", "UINT64", "INT64", "UINT4", "INT4"};
    return t < sizeof names / sizeof names[0] ? names[t] : "?";
}

const char* pydml_format_real(char* buf, size_t size, double v, int is_float32) {
    if (isnan(v)) { snprintf(buf, size, "nan"); return buf; }
    if (isinf(v)) { snprintf(buf, size, v > 0 ? "inf" : "-inf"); return buf; }
    int p = 1;
    for (; p <= 17; p++) {
        snprintf(buf, size, "%.*g", p, v);
        double back = strtod(buf, NULL);
        if (is_float32 ? (float)back == (float)v : back == v) break;
    }
    double mag = fabs(v);
    if (strchr(buf, 'e') != NULL && mag >= 1e-4 && mag < 1e16) { /* Python's repr stays positional here */
        int exponent = (int)floor(log10(mag));
        int decimals = p - 1 - exponent;
        snprintf(buf, size, "%.*f", decimals > 0 ? decimals : 0, v);
    }
    if (strpbrk(buf, ".eEn") == NULL && strlen(buf) + 2 < size) strcat(buf, ".0");
    return buf;
}

const char* pydml_format_sizes(char* buf, size_t size, const uint32_t* values, uint32_t count) {
    size_t n = 0;
    buf[0] = '\0';
    n += (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < count && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%u", i ? ", " : "", values[i]);
    if (n < size) snprintf(buf + n, size - n, "]");
    return buf;
}

static const char* enum_name(const pydml_enum_info* e, uint32_t value) {
    for (uint32_t i = 0; i < e->count; i++)
        if (e->values[i] == value) return e->names[i];
    return NULL;
}

/* ---- reading fields ---- */

#define AT(desc, f, type) ((const type*)((const char*)(desc) + (f)->offset))

static uint32_t u32(const void* desc, const pydml_field_info* f) { return *AT(desc, f, uint32_t); }
static const void* ptr(const void* desc, const pydml_field_info* f) { return *AT(desc, f, void* const); }

static uint32_t count_of(const pydml_operator_info* op, const void* desc, const pydml_field_info* f) {
    return f->count_field < 0 ? 1u : u32(desc, &op->fields[f->count_field]);
}

static const DML_BUFFER_TENSOR_DESC* buffer_of(const DML_TENSOR_DESC* t) {
    return t == NULL ? NULL : (const DML_BUFFER_TENSOR_DESC*)t->Desc;
}

/* Element i of a tensor or tensor-array field (NULL when absent). */
static const DML_BUFFER_TENSOR_DESC* tensor_at(const void* desc, const pydml_field_info* f, uint32_t i) {
    if (f->kind == PYDML_FIELD_TENSOR) return buffer_of(ptr(desc, f));
    const DML_TENSOR_DESC* array = ptr(desc, f);
    return array == NULL ? NULL : buffer_of(&array[i]);
}

const DML_BUFFER_TENSOR_DESC* pydml_tensor_field(const pydml_operator_info* op, const void* desc, const char* field) {
    for (uint32_t i = 0; i < op->field_count; i++)
        if (op->fields[i].kind == PYDML_FIELD_TENSOR && strcmp(op->fields[i].name, field) == 0)
            return buffer_of(ptr(desc, &op->fields[i]));
    return NULL;
}

uint32_t pydml_tensor_array_count(const pydml_operator_info* op, const void* desc, const char* field) {
    for (uint32_t i = 0; i < op->field_count; i++)
        if (op->fields[i].kind == PYDML_FIELD_TENSOR_ARRAY && strcmp(op->fields[i].name, field) == 0)
            return ptr(desc, &op->fields[i]) == NULL ? 0u : count_of(op, desc, &op->fields[i]);
    return 0;
}

const DML_BUFFER_TENSOR_DESC* pydml_tensor_array_element(const pydml_operator_info* op, const void* desc,
                                                         const char* field, uint32_t index) {
    for (uint32_t i = 0; i < op->field_count; i++)
        if (op->fields[i].kind == PYDML_FIELD_TENSOR_ARRAY && strcmp(op->fields[i].name, field) == 0)
            return index < pydml_tensor_array_count(op, desc, field) ? tensor_at(desc, &op->fields[i], index) : NULL;
    return NULL;
}

/* s appended at buf[*n] (truncated as snprintf truncates; buf stays NUL-terminated). */
static void append(char* buf, size_t size, size_t* n, const char* s) {
    while (*s && *n + 1 < size) buf[(*n)++] = *s++;
    buf[*n] = '\0';
}

/* "Name", "Name[i]", then suffix: written by hand, not by snprintf, since every tensor of every desc
 * validated gets one whether or not it breaks a rule (formatting was a fifth of a decoder graph's
 * compilation, which validates its fused operators again). */
static const char* path(char* buf, size_t size, const pydml_field_info* f, int is_array, uint32_t i, const char* suffix) {
    size_t n = 0;
    if (size == 0) return buf;
    buf[0] = '\0';
    append(buf, size, &n, f->name);
    if (is_array) {
        char digits[16];
        size_t k = sizeof digits - 1;
        digits[k] = '\0';
        do digits[--k] = (char)('0' + i % 10u); while ((i /= 10u) != 0 && k > 0);
        append(buf, size, &n, "[");
        append(buf, size, &n, digits + k);
        append(buf, size, &n, "]");
    }
    append(buf, size, &n, suffix);
    return buf;
}

/* ---- 1. structure ---- */

static pydml_status check_tensor_pointer(pydml_check* c, const DML_TENSOR_DESC* t, const char* name) {
    char field[128];
    if (t->Type != DML_TENSOR_TYPE_BUFFER) {
        snprintf(field, sizeof field, "%s.Type", name);
        if (t->Type == DML_TENSOR_TYPE_INVALID)
            return pydml_fail(c, field, "must be DML_TENSOR_TYPE_BUFFER, got DML_TENSOR_TYPE_INVALID");
        return pydml_fail(c, field, "must be DML_TENSOR_TYPE_BUFFER, got %u", (unsigned)t->Type);
    }
    if (t->Desc == NULL) {
        snprintf(field, sizeof field, "%s.Desc", name);
        return pydml_fail(c, field, "must not be NULL, got NULL");
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status check_float(pydml_check* c, const char* field, float v) {
    if (isnan(v)) return pydml_fail(c, field, "must not be NaN, got nan");
    return PYDML_STATUS_SUCCESS;
}

/* ---- counts: each checked against its bound before any array it counts is read ----
 *
 * A count field is the only length the validator sees of the arrays it counts (DirectML.h's
 * _Field_size_(Count)), so a wild count would have the validator, the rules and the kernels read
 * far past those arrays. Each count is bounded first by the field its arrays are sized by, as the
 * operator's page states it: the dimension count of a tensor (RESAMPLE1's Scales run over
 * InputTensor's dimensions, CONVOLUTION's Strides over its spatial ones), QuantizationType (QUANTIZE),
 * Direction (RNN, LSTM, GRU). Only the count is judged here, and only where reading its arrays
 * would pass the partner's bound; the exact relation stays with the operator's own rules (which
 * give the same message). JOIN's InputCount and SPLIT's OutputCount have no partner field: they are
 * bounded by PYDML_MAX_LIST_LENGTH alone, and their arrays must hold what they claim. */
typedef enum {
    COUNT_DIMS,         /* == tensor.DimensionCount - minus (the arrays run over its dimensions) */
    COUNT_AXES,         /* in 1 .. tensor.DimensionCount (each axis at most once) */
    COUNT_CHANNELS,     /* VALUE_SCALE_2D: 1 or 3 */
    COUNT_ACTIVATIONS,  /* RNN / LSTM / GRU: `minus` activations per direction */
    COUNT_QUANTIZATION, /* QUANTIZE / DEQUANTIZE: 1 for SCALE, 2 for SCALE_ZERO_POINT */
    COUNT_LIST          /* JOIN / SPLIT: PYDML_MAX_LIST_LENGTH only */
} count_kind;

typedef struct {
    uint32_t type;
    const char* count;
    uint8_t kind;       /* count_kind */
    uint8_t minus;
    const char* tensor; /* the partner tensor of COUNT_DIMS / COUNT_AXES */
} count_rule;

#define SPATIAL(op) {DML_OPERATOR_##op, "DimensionCount", COUNT_DIMS, 2, "InputTensor"}
#define ALL_DIMS(op, count, tensor) {DML_OPERATOR_##op, count, COUNT_DIMS, 0, tensor}
#define AXES(op) {DML_OPERATOR_##op, "AxisCount", COUNT_AXES, 0, "InputTensor"}
static const count_rule count_rules[] = {
    SPATIAL(CONVOLUTION), SPATIAL(CONVOLUTION_INTEGER), SPATIAL(QUANTIZED_LINEAR_CONVOLUTION),
    SPATIAL(AVERAGE_POOLING), SPATIAL(AVERAGE_POOLING1), SPATIAL(LP_POOLING), SPATIAL(LP_POOLING1),
    SPATIAL(MAX_POOLING), SPATIAL(MAX_POOLING1), SPATIAL(MAX_POOLING2), SPATIAL(QUANTIZED_LINEAR_AVERAGE_POOLING),
    SPATIAL(MAX_POOLING_GRAD), SPATIAL(UNFOLD),
    /* the gradient of AVERAGE_POOLING has the forward input's shape; FOLD's image is its output */
    {DML_OPERATOR_AVERAGE_POOLING_GRAD, "DimensionCount", COUNT_DIMS, 2, "OutputGradientTensor"},
    {DML_OPERATOR_FOLD, "DimensionCount", COUNT_DIMS, 2, "OutputTensor"},
    ALL_DIMS(SLICE, "DimensionCount", "InputTensor"), ALL_DIMS(SLICE1, "DimensionCount", "InputTensor"),
    ALL_DIMS(SLICE_GRAD, "DimensionCount", "OutputGradientTensor"),
    ALL_DIMS(PADDING, "DimensionCount", "InputTensor"), ALL_DIMS(PADDING1, "DimensionCount", "InputTensor"),
    ALL_DIMS(TILE, "RepeatsCount", "InputTensor"), ALL_DIMS(RESAMPLE, "ScaleCount", "InputTensor"),
    ALL_DIMS(RESAMPLE1, "DimensionCount", "InputTensor"), ALL_DIMS(RESAMPLE2, "DimensionCount", "InputTensor"),
    ALL_DIMS(RESAMPLE3, "DimensionCount", "InputTensor"),
    ALL_DIMS(RESAMPLE_GRAD, "DimensionCount", "InputGradientTensor"),
    ALL_DIMS(RESAMPLE_GRAD1, "DimensionCount", "InputGradientTensor"),
    AXES(REDUCE), AXES(ARGMIN), AXES(ARGMAX), AXES(MEAN_VARIANCE_NORMALIZATION1), AXES(MEAN_VARIANCE_NORMALIZATION2),
    AXES(ACTIVATION_SOFTMAX1), AXES(ACTIVATION_LOG_SOFTMAX1), AXES(ACTIVATION_HARDMAX1),
    {DML_OPERATOR_VALUE_SCALE_2D, "ChannelCount", COUNT_CHANNELS, 0, NULL},
    /* the RNN, LSTM and GRU pages: 1, 3 and 2 activation functions per direction */
    {DML_OPERATOR_RNN, "ActivationDescCount", COUNT_ACTIVATIONS, 1, NULL},
    {DML_OPERATOR_LSTM, "ActivationDescCount", COUNT_ACTIVATIONS, 3, NULL},
    {DML_OPERATOR_GRU, "ActivationDescCount", COUNT_ACTIVATIONS, 2, NULL},
    {DML_OPERATOR_QUANTIZE, "QuantizationTensorCount", COUNT_QUANTIZATION, 0, NULL},
    {DML_OPERATOR_DEQUANTIZE, "QuantizationTensorCount", COUNT_QUANTIZATION, 0, NULL},
    {DML_OPERATOR_JOIN, "InputCount", COUNT_LIST, 0, NULL},
    {DML_OPERATOR_SPLIT, "OutputCount", COUNT_LIST, 0, NULL},
};
#undef SPATIAL
#undef ALL_DIMS
#undef AXES

static const count_rule* count_rule_of(uint32_t type, const char* count) {
    for (size_t i = 0; i < sizeof count_rules / sizeof count_rules[0]; i++)
        if (count_rules[i].type == type && strcmp(count_rules[i].count, count) == 0) return &count_rules[i];
    return NULL;
}

int pydml_count_has_rule(uint32_t type, const char* count_field) {
    const count_rule* r = count_rule_of(type, count_field);
    return r == NULL ? 0 : r->kind == COUNT_LIST ? 1 : 2;
}

static const pydml_field_info* field_named(const pydml_operator_info* op, const char* name) {
    for (uint32_t i = 0; i < op->field_count; i++)
        if (strcmp(op->fields[i].name, name) == 0) return &op->fields[i];
    return NULL;
}

/* The count field `count` (index into op->fields) against its bound. Partner tensors and enums have
 * been checked by then (their pointers, their Desc, the enum values). */
static pydml_status check_count(pydml_check* c, const pydml_operator_info* op, const void* desc, uint32_t index) {
    const pydml_field_info* f = &op->fields[index];
    const uint32_t n = u32(desc, f);
    const count_rule* r = count_rule_of(op->type, f->name);
    if (r == NULL || r->kind == COUNT_LIST) {
        /* an attribute array without a rule (none today: pydml_count_has_rule is checked for every
         * count by the fuzzer) never runs over more than the dimensions a tensor can have */
        if (r == NULL && n > DML_TENSOR_DIMENSION_COUNT_MAX1)
            return pydml_fail(c, f->name, "must be at most DML_TENSOR_DIMENSION_COUNT_MAX1 (%u), got %u",
                              DML_TENSOR_DIMENSION_COUNT_MAX1, n);
        return PYDML_STATUS_SUCCESS;
    }
    switch ((count_kind)r->kind) {
    case COUNT_DIMS:
    case COUNT_AXES: {
        /* FOLD / UNFOLD: the pages' own range first, in rules_data_movement.c's words */
        if (n > 6 && (op->type == DML_OPERATOR_FOLD || op->type == DML_OPERATOR_UNFOLD)) {
            if (op->type == DML_OPERATOR_FOLD)
                return pydml_fail(c, f->name, "must be <= 6 and >= 1 (OutputTensor has DimensionCount + 2 >= 3 "
                                  "dimensions), got %u", n);
            return pydml_fail(c, f->name, "must be in the range [1, 6], got %u", n);
        }
        const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, r->tensor);
        uint32_t dims = t != NULL ? t->DimensionCount : DML_TENSOR_DIMENSION_COUNT_MAX1;
        if (dims > DML_TENSOR_DIMENSION_COUNT_MAX1) dims = DML_TENSOR_DIMENSION_COUNT_MAX1;
        const uint32_t bound = dims > r->minus ? dims - r->minus : 0u;
        if (n <= bound) return PYDML_STATUS_SUCCESS;
        if (t == NULL)
            return pydml_fail(c, f->name, "must be at most DML_TENSOR_DIMENSION_COUNT_MAX1 (%u), got %u",
                              DML_TENSOR_DIMENSION_COUNT_MAX1, n);
        if (r->kind == COUNT_AXES)
            return pydml_fail(c, f->name, "must be in 1 .. %s.DimensionCount (%u), got %u", r->tensor, dims, n);
        if (r->minus)
            return pydml_fail(c, f->name, "must equal %s.DimensionCount - %u (%d), got %u", r->tensor, r->minus,
                              (int)dims - (int)r->minus, n);
        return pydml_fail(c, f->name, "must equal %s.DimensionCount (%u), got %u", r->tensor, dims, n);
    }
    case COUNT_CHANNELS:
        if (n == 1 || n == 3) return PYDML_STATUS_SUCCESS;
        return pydml_fail(c, f->name, "must be 1 or 3, got %u", n);
    case COUNT_ACTIVATIONS: {
        const pydml_field_info* direction = field_named(op, "Direction");
        const int both = direction != NULL && u32(desc, direction) == DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL;
        const uint32_t want = r->minus * (both ? 2u : 1u);
        if (n == want) return PYDML_STATUS_SUCCESS;
        return pydml_fail(c, f->name, "must be %u for %s (%u activation%s per direction), got %u", want,
                          both ? "DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL" : "one direction", r->minus,
                          r->minus == 1 ? "" : "s", n);
    }
    case COUNT_QUANTIZATION: {
        const pydml_field_info* type = field_named(op, "QuantizationType");
        const uint32_t q = type != NULL ? u32(desc, type) : 0u;
        if (q == DML_QUANTIZATION_TYPE_NONE)
            return pydml_fail(c, "QuantizationType",
                              "must be DML_QUANTIZATION_TYPE_SCALE or DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT, got "
                              "DML_QUANTIZATION_TYPE_NONE");
        const uint32_t want = q == DML_QUANTIZATION_TYPE_SCALE ? 1u : 2u;
        if (n <= want) return PYDML_STATUS_SUCCESS;
        return pydml_fail(c, f->name, "must be %u for %s, got %u", want,
                          want == 1 ? "DML_QUANTIZATION_TYPE_SCALE" : "DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT", n);
    }
    case COUNT_LIST:
        break;
    }
    return PYDML_STATUS_SUCCESS;
}

/* Every count of attribute and operator arrays, then the float arrays' NaN check (the first read
 * of an attribute array). Tensor-array counts were bounded in check_structure, before their
 * elements were read. */
static pydml_status check_counts_and_arrays(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_status s;
    char field[128];
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->count_field < 0 || f->kind == PYDML_FIELD_TENSOR_ARRAY) continue;
        /* each count once: at the first array it counts */
        uint32_t first = 0;
        while (op->fields[first].count_field != f->count_field) first++;
        if (first == i && (s = check_count(c, op, desc, (uint32_t)f->count_field))) return s;
    }
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->kind != PYDML_FIELD_FLOAT_ARRAY) continue; /* only pointer fields are read as pointers */
        const float* a = ptr(desc, f);
        if (a == NULL) continue;
        for (uint32_t k = 0, n = count_of(op, desc, f); k < n; k++)
            if ((s = check_float(c, path(field, sizeof field, f, 1, k, ""), a[k]))) return s;
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status check_structure(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    char field[128];
    pydml_status s;
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        switch ((pydml_field_kind)f->kind) {
        case PYDML_FIELD_TENSOR: {
            const DML_TENSOR_DESC* t = ptr(desc, f);
            if (t == NULL) {
                if (!f->optional && !c->fused) return pydml_fail(c, f->name, "is required and must not be NULL, got NULL");
                break;
            }
            if (c->fused) return pydml_fail(c, f->name, "must be NULL in a fused activation");
            if ((s = check_tensor_pointer(c, t, f->name))) return s;
            break;
        }
        case PYDML_FIELD_TENSOR_ARRAY: {
            const DML_TENSOR_DESC* t = ptr(desc, f);
            uint32_t n = count_of(op, desc, f);
            if (n == 0 && !f->optional)
                return pydml_fail(c, op->fields[f->count_field].name, "must be at least 1 (%s must not be empty), got 0", f->name);
            if (n > PYDML_MAX_LIST_LENGTH)
                return pydml_fail(c, op->fields[f->count_field].name, "must be at most PYDML_MAX_LIST_LENGTH (%u), got %u",
                                  PYDML_MAX_LIST_LENGTH, n);
            if (n && t == NULL) return pydml_fail(c, f->name, "is required and must not be NULL, got NULL");
            if ((s = check_count(c, op, desc, (uint32_t)f->count_field))) return s;
            for (uint32_t k = 0; k < n; k++)
                if ((s = check_tensor_pointer(c, &t[k], path(field, sizeof field, f, 1, k, "")))) return s;
            break;
        }
        case PYDML_FIELD_OPERATOR:
            if (ptr(desc, f) == NULL && !f->optional) return pydml_fail(c, f->name, "is required and must not be NULL, got NULL");
            break;
        case PYDML_FIELD_OPERATOR_ARRAY: {
            const DML_OPERATOR_DESC* ops = ptr(desc, f);
            uint32_t n = count_of(op, desc, f);
            if (n > PYDML_MAX_LIST_LENGTH)
                return pydml_fail(c, op->fields[f->count_field].name, "must be at most PYDML_MAX_LIST_LENGTH (%u), got %u",
                                  PYDML_MAX_LIST_LENGTH, n);
            if (n && ops == NULL) return pydml_fail(c, f->name, "is required and must not be NULL, got NULL");
            break;
        }
        case PYDML_FIELD_ENUM: {
            const pydml_enum_info* e = &pydml_enums[f->enum_index];
            uint32_t v = u32(desc, f);
            if (enum_name(e, v) == NULL) return pydml_fail(c, f->name, "is not a valid %s value, got %u", e->name, v);
            if (strcmp(e->name, "DML_TENSOR_DATA_TYPE") == 0 && v == DML_TENSOR_DATA_TYPE_UNKNOWN)
                return pydml_fail(c, f->name, "must be a known data type, got DML_TENSOR_DATA_TYPE_UNKNOWN");
            break;
        }
        case PYDML_FIELD_FLOAT:
            if ((s = check_float(c, f->name, *AT(desc, f, float)))) return s;
            break;
        case PYDML_FIELD_UINT_ARRAY:
        case PYDML_FIELD_INT_ARRAY:
        case PYDML_FIELD_FLOAT_ARRAY: {
            const void* a = ptr(desc, f);
            uint32_t n = count_of(op, desc, f);
            /* the elements are read once the count is bounded (check_counts_and_arrays) */
            if (n && a == NULL && !f->optional) return pydml_fail(c, f->name, "is required and must not be NULL, got NULL");
            break;
        }
        case PYDML_FIELD_SCALE_BIAS: {
            const DML_SCALE_BIAS* sb = ptr(desc, f);
            if (sb == NULL) break;
            if ((s = check_float(c, path(field, sizeof field, f, 0, 0, ".Scale"), sb->Scale))) return s;
            if ((s = check_float(c, path(field, sizeof field, f, 0, 0, ".Bias"), sb->Bias))) return s;
            break;
        }
        default: /* UINT, UINT64, INT, BOOL, SIZE_2D, SCALAR_UNION: every bit pattern is a value */
            break;
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* ---- 3. buffer tensor descs ---- */

static pydml_status check_buffer(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* t, int is_output) {
    char field[160];
    uint32_t bits = pydml_data_type_bits(t->DataType);
#define FIELD(suffix) (snprintf(field, sizeof field, "%s%s", name, suffix), field)
    if (t->DataType > DML_TENSOR_DATA_TYPE_INT4)
        return pydml_fail(c, FIELD(".DataType"), "is not a valid DML_TENSOR_DATA_TYPE value, got %u", (unsigned)t->DataType);
    if (bits == 0) return pydml_fail(c, FIELD(".DataType"), "must be a known data type, got DML_TENSOR_DATA_TYPE_UNKNOWN");
    if (t->DimensionCount == 0) return pydml_fail(c, FIELD(".Sizes"), "must not be empty, got []");
    if (t->Sizes == NULL) return pydml_fail(c, FIELD(".Sizes"), "is required and must not be NULL, got NULL");
    if (t->DimensionCount > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return pydml_fail(c, FIELD(".DimensionCount"), "must be at most DML_TENSOR_DIMENSION_COUNT_MAX1 (8), got %u",
                          t->DimensionCount);
    for (uint32_t i = 0; i < t->DimensionCount; i++) {
        if (t->Sizes[i] == 0) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", name, i);
            return pydml_fail(c, field, "must be > 0, got 0");
        }
    }
    uint64_t elements = 1, last = 0;
    for (uint32_t i = 0; i < t->DimensionCount; i++) {
        elements *= t->Sizes[i];
        if (elements > 0xffffffffull) {
            uint64_t all = 1; /* the full product, for the message (fits: 8 factors < 2^32 each ... saturate) */
            for (uint32_t k = 0; k < t->DimensionCount; k++)
                all = all > UINT64_MAX / t->Sizes[k] ? UINT64_MAX : all * t->Sizes[k];
            return pydml_fail(c, FIELD(".Sizes"), "must describe at most 2^32-1 elements, got %llu",
                              (unsigned long long)all);
        }
        if (t->Strides != NULL) last += (uint64_t)(t->Sizes[i] - 1u) * t->Strides[i];
    }
    if (t->Strides != NULL && last > 0xfffffffeull)
        return pydml_fail(c, FIELD(".Strides"), "put the last element past index 2^32-2, got %llu", (unsigned long long)last);
    uint64_t minimum = pydml_calc_buffer_tensor_size(t->DataType, t->DimensionCount, t->Sizes, t->Strides);
    if (t->TotalTensorSizeInBytes < minimum)
        return pydml_fail(c, FIELD(".TotalTensorSizeInBytes"),
                          "must be at least the %llu bytes the sizes and strides need, got %llu",
                          (unsigned long long)minimum, (unsigned long long)t->TotalTensorSizeInBytes);
    if (t->TotalTensorSizeInBytes % 4)
        return pydml_fail(c, FIELD(".TotalTensorSizeInBytes"), "must be a multiple of 4, got %llu",
                          (unsigned long long)t->TotalTensorSizeInBytes);
    uint32_t align = t->GuaranteedBaseOffsetAlignment, element_bytes = bits >= 8 ? bits / 8 : 1;
    if (align && ((align & (align - 1)) || align < element_bytes))
        return pydml_fail(c, FIELD(".GuaranteedBaseOffsetAlignment"),
                          "must be 0 or a power of two >= the element size (%u), got %u", element_bytes, align);
    if ((uint32_t)t->Flags & ~(uint32_t)DML_TENSOR_FLAG_OWNED_BY_DML)
        return pydml_fail(c, FIELD(".Flags"), "has unknown bits, got %u", (unsigned)t->Flags);
    if (is_output && (t->Flags & DML_TENSOR_FLAG_OWNED_BY_DML))
        return pydml_fail(c, FIELD(".Flags"), "DML_TENSOR_FLAG_OWNED_BY_DML is only valid on input tensors, got DML_TENSOR_FLAG_OWNED_BY_DML");
#undef FIELD
    return PYDML_STATUS_SUCCESS;
}

/* ---- 4, 5. data types, dimension counts, sizes ---- */

static const pydml_support_table* table_at(const pydml_operator_info* op, uint32_t level) {
    const pydml_support_table* best = NULL;
    for (uint32_t i = 0; i < op->table_count; i++)
        if (op->tables[i].level <= level && (best == NULL || op->tables[i].level > best->level)) best = &op->tables[i];
    return best;
}

static const pydml_support_row* row_for(const pydml_operator_info* op, const pydml_support_table* t, uint32_t field) {
    if (t == NULL) return NULL;
    for (uint32_t i = 0; i < t->count; i++)
        if (op->rows[t->first + i].field == field) return &op->rows[t->first + i];
    return NULL;
}

/* The lowest level above `level` whose table admits `bit` for `field` (0 when none). */
static uint32_t lifted_at(const pydml_operator_info* op, uint32_t level, uint32_t field, int types, uint32_t bit) {
    uint32_t found = 0;
    for (uint32_t i = 0; i < op->table_count; i++) {
        const pydml_support_table* t = &op->tables[i];
        if (t->level <= level || (found && t->level >= found)) continue;
        const pydml_support_row* r = row_for(op, t, field);
        if (r != NULL && (((types ? r->data_types : r->dimension_counts) >> bit) & 1u)) found = t->level;
    }
    return found;
}

static void list_types(char* buf, size_t size, uint32_t mask) {
    buf[0] = '\0';
    for (uint32_t t = 1; t < 16; t++) {
        if (!((mask >> t) & 1u)) continue;
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%s", n ? ", " : "", pydml_data_type_name(t));
    }
}

static void list_counts(char* buf, size_t size, uint32_t mask) {
    uint32_t lo = 0, hi = 0, contiguous = 1;
    for (uint32_t d = 1; d <= 8; d++) {
        if (!((mask >> d) & 1u)) continue;
        if (!lo) lo = d;
        else if (d != hi + 1) contiguous = 0;
        hi = d;
    }
    if (!lo) { snprintf(buf, size, "unsupported"); return; }
    if (lo == hi) { snprintf(buf, size, "%u", lo); return; }
    if (contiguous) { snprintf(buf, size, "%u to %u", lo, hi); return; }
    buf[0] = '\0';
    for (uint32_t d = 1; d <= 8; d++) {
        if (!((mask >> d) & 1u)) continue;
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%u", n ? " or " : "", d);
    }
}

typedef struct {
    const pydml_field_info* field;
    uint32_t index, is_array;
    const DML_BUFFER_TENSOR_DESC* t;
} bound_tensor;

/* Every bound tensor of the desc, array elements included. */
static uint32_t bound_tensors(const pydml_operator_info* op, const void* desc, bound_tensor* out, uint32_t max) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->kind != PYDML_FIELD_TENSOR && f->kind != PYDML_FIELD_TENSOR_ARRAY) continue;
        uint32_t count = f->kind == PYDML_FIELD_TENSOR ? 1u : count_of(op, desc, f);
        for (uint32_t k = 0; k < count && n < max; k++) {
            const DML_BUFFER_TENSOR_DESC* t = tensor_at(desc, f, k);
            if (t == NULL) continue;
            out[n].field = f;
            out[n].index = k;
            out[n].is_array = f->kind == PYDML_FIELD_TENSOR_ARRAY;
            out[n].t = t;
            n++;
        }
    }
    return n;
}

static pydml_status check_groups(pydml_check* c, const pydml_operator_info* op, const bound_tensor* b, uint32_t n,
                                 uint32_t property) {
    char field[160], first_name[160];
    for (uint32_t g = 0; g < op->constraint_count; g++) {
        const pydml_constraint* group = &op->constraints[g];
        if (!(group->properties & property)) continue;
        const bound_tensor* first = NULL;
        /* members in the group's order, so "must match X" names the page's first tensor */
        for (uint32_t m = 0; m < group->count; m++) {
            const pydml_field_info* f = &op->fields[group->fields[m]];
            for (uint32_t i = 0; i < n; i++) {
                if (b[i].field != f) continue;
                if (first == NULL) {
                    first = &b[i];
                    path(first_name, sizeof first_name, f, b[i].is_array, b[i].index, "");
                    continue;
                }
                const DML_BUFFER_TENSOR_DESC *t = b[i].t, *t0 = first->t;
                if (property == PYDML_SAME_DATA_TYPE && t->DataType != t0->DataType)
                    return pydml_fail(c, path(field, sizeof field, f, b[i].is_array, b[i].index, ".DataType"),
                                      "must match %s.DataType DML_TENSOR_DATA_TYPE_%s, got DML_TENSOR_DATA_TYPE_%s",
                                      first_name, pydml_data_type_name(t0->DataType), pydml_data_type_name(t->DataType));
                if (property == PYDML_SAME_DIMENSION_COUNT && t->DimensionCount != t0->DimensionCount)
                    return pydml_fail(c, path(field, sizeof field, f, b[i].is_array, b[i].index, ".DimensionCount"),
                                      "must match %s.DimensionCount %u, got %u", first_name, t0->DimensionCount,
                                      t->DimensionCount);
                if (property == PYDML_SAME_SIZES) {
                    int same = t->DimensionCount == t0->DimensionCount;
                    for (uint32_t d = 0; same && d < t->DimensionCount; d++) same = t->Sizes[d] == t0->Sizes[d];
                    if (!same) {
                        char got[128] = "", want[128] = "";
                        for (uint32_t d = 0; d < t->DimensionCount; d++)
                            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%u", d ? ", " : "", t->Sizes[d]);
                        for (uint32_t d = 0; d < t0->DimensionCount; d++)
                            snprintf(want + strlen(want), sizeof want - strlen(want), "%s%u", d ? ", " : "", t0->Sizes[d]);
                        return pydml_fail(c, path(field, sizeof field, f, b[i].is_array, b[i].index, ".Sizes"),
                                          "must match %s.Sizes [%s], got [%s]", first_name, want, got);
                    }
                }
            }
        }
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status check_support(pydml_check* c, const pydml_operator_info* op, const bound_tensor* b, uint32_t n,
                                  int types) {
    if (op->table_count == 0) return PYDML_STATUS_SUCCESS;
    const pydml_support_table* table = table_at(op, c->level);
    char field[160], allowed[160];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t index = (uint32_t)(b[i].field - op->fields);
        const pydml_support_row* row = row_for(op, table, index);
        uint32_t bit = types ? (uint32_t)b[i].t->DataType : b[i].t->DimensionCount;
        if (row != NULL && ((types ? row->data_types : row->dimension_counts) >> bit) & 1u) continue;
        path(field, sizeof field, b[i].field, b[i].is_array, b[i].index, types ? ".DataType" : ".DimensionCount");
        uint32_t later = lifted_at(op, c->level, index, types, bit);
        if (later) {
            if (types)
                return pydml_fail_level(c, later, field, "DML_TENSOR_DATA_TYPE_%s needs %s; the device was created at %s",
                                        pydml_data_type_name(bit), pydml_feature_level_name(later),
                                        pydml_feature_level_name(c->level));
            return pydml_fail_level(c, later, field, "%u dimensions need %s; the device was created at %s", bit,
                                    pydml_feature_level_name(later), pydml_feature_level_name(c->level));
        }
        if (row == NULL) {
            if (table == NULL)
                return pydml_fail(c, field, "is not supported at %s, got %s%s", pydml_feature_level_name(c->level),
                                  types ? "DML_TENSOR_DATA_TYPE_" : "", types ? pydml_data_type_name(bit) : "?");
            return pydml_fail(c, b[i].field->name, "is not supported by this operator at %s",
                              pydml_feature_level_name(c->level));
        }
        if (types) {
            list_types(allowed, sizeof allowed, row->data_types);
            return pydml_fail(c, field, "must be one of %s, got DML_TENSOR_DATA_TYPE_%s", allowed, pydml_data_type_name(bit));
        }
        list_counts(allowed, sizeof allowed, row->dimension_counts);
        return pydml_fail(c, field, "must be %s, got %u", allowed, bit);
    }
    return PYDML_STATUS_SUCCESS;
}

/* A tensor the header lets be NULL (_Maybenull_) that the table in force marks required: the pages
 * list it as "Input" below some level and "Optional input" from it on (ELEMENT_WISE_QUANTIZE_LINEAR's
 * and DEQUANTIZE_LINEAR's ZeroPointTensor, optional from DML_FEATURE_LEVEL_6_2; the feature-level
 * history says "Made ZeroPointTensor optional" at 6_2). */
static pydml_status check_required_rows(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    if (op->table_count == 0 || c->fused) return PYDML_STATUS_SUCCESS;
    const pydml_support_table* table = table_at(op, c->level);
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->kind != PYDML_FIELD_TENSOR || !f->optional || ptr(desc, f) != NULL) continue;
        const pydml_support_row* row = row_for(op, table, i);
        if (row == NULL || row->optional) continue;
        uint32_t later = 0;
        for (uint32_t k = 0; k < op->table_count; k++) {
            const pydml_support_table* t = &op->tables[k];
            const pydml_support_row* r = row_for(op, t, i);
            if (t->level > c->level && (later == 0 || t->level < later) && r != NULL && r->optional) later = t->level;
        }
        if (later)
            return pydml_fail_level(c, later, f->name, "is required below %s (optional from it on); the device was "
                                    "created at %s, got NULL", pydml_feature_level_name(later),
                                    pydml_feature_level_name(c->level));
        return pydml_fail(c, f->name, "is required at %s, got NULL", pydml_feature_level_name(c->level));
    }
    return PYDML_STATUS_SUCCESS;
}

/* ---- the whole check ---- */

/* The length of an operator name without its revision digits (RESAMPLE_GRAD1 -> RESAMPLE_GRAD). */
static size_t family_length(const char* name) {
    size_t n = strlen(name);
    while (n > 0 && name[n - 1] >= '0' && name[n - 1] <= '9') n--;
    return n;
}

/* The newest revision of op's family available at level (RESAMPLE_GRAD for RESAMPLE_GRAD1). */
static const pydml_operator_info* older_revision(const pydml_operator_info* op, uint32_t level) {
    const pydml_operator_info* best = NULL;
    size_t n = family_length(op->op_name);
    for (uint32_t i = 0; i < pydml_operator_info_count; i++) {
        const pydml_operator_info* o = &pydml_operator_infos[i];
        if (o->introduced > level || family_length(o->op_name) != n || strncmp(o->op_name, op->op_name, n)) continue;
        if (best == NULL || o->introduced > best->introduced) best = o;
    }
    return best;
}

static pydml_status check_fused(pydml_check* c, const pydml_operator_info* host, const void* host_desc,
                                const char* field, const DML_OPERATOR_DESC* fused) {
    const pydml_operator_info* info = pydml_find_operator_info(fused->Type);
    char buf[96];
    if (info == NULL || !info->fusable_from) {
        snprintf(buf, sizeof buf, "%s.Type", field);
        if (info == NULL) return pydml_fail(c, buf, "is not a DML_OPERATOR_TYPE value, got %u", (unsigned)fused->Type);
        return pydml_fail(c, buf, "is not an activation that can be fused, got %s", info->op_name);
    }
    if (info->fusable_hosts != NULL) {
        /* dml-fused-activations.md: ELEMENT_WISE_CLIP "For Convolution and GEMM only"; the feature
         * level history (6_1): SOFTMAX and SOFTMAX1 fuse into GEMM. */
        int allowed = 0;
        char names[160] = "";
        for (const uint32_t* h = info->fusable_hosts; *h != 0; h++) {
            const pydml_operator_info* hi = pydml_find_operator_info(*h);
            if (*h == host->type) allowed = 1;
            if (hi != NULL) {
                size_t used = strlen(names);
                snprintf(names + used, sizeof names - used, "%s%s", used ? " and " : "",
                         hi->op_name + strlen("DML_OPERATOR_"));
            }
        }
        if (!allowed) {
            snprintf(buf, sizeof buf, "%s.Type", field);
            return pydml_fail(c, buf, "%s fuses into %s only, got it in %s", info->op_name, names, host->op_name);
        }
    }
    if (fused->Desc == NULL) {
        snprintf(buf, sizeof buf, "%s.Desc", field);
        return pydml_fail(c, buf, "must not be NULL, got NULL");
    }
    pydml_check nested = *c;
    snprintf(nested.desc_buffer, sizeof nested.desc_buffer, "%s.%s", c->desc, field);
    nested.desc = nested.desc_buffer;
    nested.fused = 1;
    nested.host_output = pydml_tensor_field(host, host_desc, "OutputTensor");
    pydml_status s = pydml_check_operator(&nested, fused);
    if (s) return s;
    if (info->fusable_from > c->level) {
        snprintf(buf, sizeof buf, "%s.Type", field);
        return pydml_fail_level(c, info->fusable_from, buf, "fusing %s needs %s; the device was created at %s",
                                info->op_name, pydml_feature_level_name(info->fusable_from),
                                pydml_feature_level_name(c->level));
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_check_operator(pydml_check* c, const DML_OPERATOR_DESC* desc) {
    const char* outer = c->desc;
    if (desc == NULL) return pydml_fail(c, NULL, "must not be NULL, got NULL");
    const pydml_operator_info* op = pydml_find_operator_info(desc->Type);
    if (op == NULL) return pydml_fail(c, "Type", "is not a DML_OPERATOR_TYPE value, got %u", (unsigned)desc->Type);
    if (desc->Desc == NULL) return pydml_fail(c, "Desc", "must not be NULL, got NULL");
    const void* d = desc->Desc;
    if (!c->fused) c->desc = op->desc_name;
    pydml_status s = check_structure(c, op, d);
    if (s) return s;
    if (op->introduced > c->level) {
        const char* saved = c->desc;
        if (!c->fused) c->desc = op->op_name;
        const pydml_operator_info* older = older_revision(op, c->level);
        char hint[128] = "";
        if (older != NULL) snprintf(hint, sizeof hint, " (%s is available)", older->op_name);
        s = pydml_fail_level(c, op->introduced, c->fused ? "Type" : NULL, "needs %s; the device was created at %s%s",
                             pydml_feature_level_name(op->introduced), pydml_feature_level_name(c->level), hint);
        c->desc = saved;
        return s;
    }
    /* tensors + list entries; list lengths are bounded by check_structure */
    static _Thread_local bound_tensor bound[PYDML_MAX_LIST_LENGTH + 64];
    uint32_t n = bound_tensors(op, d, bound, sizeof bound / sizeof bound[0]);
    char field[160];
    for (uint32_t i = 0; i < n; i++) {
        path(field, sizeof field, bound[i].field, bound[i].is_array, bound[i].index, "");
        if ((s = check_buffer(c, field, bound[i].t, bound[i].field->role == PYDML_ROLE_OUTPUT))) return s;
    }
    /* each tensor's own row before the groups: a tensor of a type its operator never takes is
     * named itself, not the group members that differ from it */
    if ((s = check_required_rows(c, op, d))) return s;
    if ((s = check_support(c, op, bound, n, 1))) return s;
    if ((s = check_groups(c, op, bound, n, PYDML_SAME_DATA_TYPE))) return s;
    if ((s = check_support(c, op, bound, n, 0))) return s;
    if ((s = check_groups(c, op, bound, n, PYDML_SAME_DIMENSION_COUNT))) return s;
    if ((s = check_groups(c, op, bound, n, PYDML_SAME_SIZES))) return s;
    if ((s = check_counts_and_arrays(c, op, d))) return s;
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->kind == PYDML_FIELD_OPERATOR && ptr(d, f) != NULL) {
            if ((s = check_fused(c, op, d, f->name, ptr(d, f)))) return s;
        } else if (f->kind == PYDML_FIELD_OPERATOR_ARRAY && ptr(d, f) != NULL) {
            const DML_OPERATOR_DESC* ops = ptr(d, f);
            for (uint32_t k = 0; k < count_of(op, d, f); k++)
                if ((s = check_fused(c, op, d, path(field, sizeof field, f, 1, k, ""), &ops[k]))) return s;
        }
    }
    pydml_rule_fn rules = pydml_find_rules(op->type);
    if (rules != NULL && (s = rules(c, op, d))) return s;
    c->desc = outer;
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_validate_operator_ex(const DML_OPERATOR_DESC* desc, uint32_t level, pydml_diagnostic* diagnostic) {
    if (diagnostic == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    memset(diagnostic, 0, sizeof *diagnostic);
    pydml_check c;
    memset(&c, 0, sizeof c);
    c.diagnostic = diagnostic;
    c.desc = "DML_OPERATOR_DESC";
    c.level = level;
    if (pydml_feature_level_name(level) == NULL)
        return pydml_fail(&c, "feature_level", "is not a DML_FEATURE_LEVEL value, got %u", level);
    return pydml_check_operator(&c, desc);
}

pydml_status pydml_validate_operator(const DML_OPERATOR_DESC* desc, uint32_t feature_level, char* message,
                                     size_t message_size) {
    pydml_diagnostic d;
    pydml_status s = pydml_validate_operator_ex(desc, feature_level, &d);
    if (message != NULL && message_size > 0) copy(message, message_size, s ? d.message : "");
    return s;
}
