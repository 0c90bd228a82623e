/* Descriptor-level C API: compile and execute a DML_OPERATOR_DESC from C.
 *
 * Validation is validate.c's (the one validator, shared with Python); this file turns a valid
 * desc into a kernel plan and binds buffers to it. Memory safety does not depend on validation:
 * the kernels re-check every view against its bound buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "families.h"
#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

typedef enum { K_RESAMPLE, K_RESAMPLE_GRAD, K_CONVOLUTION, K_FAMILY } kind_t;

static int kind_of(uint32_t type, kind_t* kind) {
    switch (type) {
    case DML_OPERATOR_UPSAMPLE_2D: case DML_OPERATOR_RESAMPLE: case DML_OPERATOR_RESAMPLE1:
    case DML_OPERATOR_RESAMPLE2: case DML_OPERATOR_RESAMPLE3:
        *kind = K_RESAMPLE; return 1;
    case DML_OPERATOR_RESAMPLE_GRAD: case DML_OPERATOR_RESAMPLE_GRAD1:
        *kind = K_RESAMPLE_GRAD; return 1;
    case DML_OPERATOR_CONVOLUTION:
        *kind = K_CONVOLUTION; return 1;
    default:
        if (pydml_find_family(type)) {
            *kind = K_FAMILY;
            return 1;
        }
        return 0;
    }
}

int pydml_operator_type_executes(uint32_t type) {
    kind_t kind;
    return pydml_find_operator_info(type) != NULL && kind_of(type, &kind);
}

int pydml_operator_type_in_place(uint32_t type) {
    const pydml_kernel_family* family = pydml_find_family(type);
    return pydml_find_operator_info(type) != NULL && family != NULL && family->in_place;
}

/* One bound tensor: a tensor field, or one element of a tensor-array field. */
typedef struct binding {
    pydml_tensor tmpl;                /* sizes and strides of the desc; data filled in per execution */
    uint64_t total;                   /* TotalTensorSizeInBytes */
    int present;                      /* an optional tensor (BiasTensor, MAX_POOLING2's indices) may be absent */
    uint32_t flags;                   /* DML_TENSOR_FLAGS of the desc (OWNED_BY_DML: bound at initialization) */
    char name[48];                    /* "OutputTensor", "InputTensors[3]" */
} binding;

struct pydml_operator {
    kind_t kind;
    pydml_resample_plan* resample;
    pydml_convolution_plan* convolution;
    const pydml_kernel_family* family;
    void* plan;                       /* the family's */
    uint32_t input_count, output_count;
    binding* inputs;                  /* input_count, then output_count entries (one allocation) */
    binding* outputs;
    const char* desc_name;
};

static void message_out(char* message, size_t size, const char* text) {
    if (message == NULL || size == 0) return;
    snprintf(message, size, "%s", text);
}

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
    pydml_diagnostic d;
    message_out(message, message_size, "");
    if (op == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *op = NULL;
    pydml_status s = pydml_validate_operator_ex(desc, feature_level, &d);
    if (s) {
        message_out(message, message_size, d.message);
        return s;
    }
    const pydml_operator_info* info = pydml_find_operator_info(desc->Type);
    char text[512];
    if (execution_flags & ~7u) {
        snprintf(text, sizeof text, "%s.flags: is not a DML_EXECUTION_FLAGS value, got %u", info->desc_name,
                 execution_flags);
        message_out(message, message_size, text);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    kind_t kind;
    if (!kind_of(desc->Type, &kind)) {
        snprintf(text, sizeof text, "%s: valid, but pydml does not execute %s yet", info->desc_name, info->op_name);
        message_out(message, message_size, text);
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }
    /* tensor fields in struct order; a tensor array contributes each element */
    uint32_t counts[2] = {0, 0};
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        uint32_t n = f->kind == PYDML_FIELD_TENSOR ? 1u
                     : f->kind == PYDML_FIELD_TENSOR_ARRAY ? pydml_tensor_array_count(info, desc->Desc, f->name) : 0u;
        counts[f->role == PYDML_ROLE_OUTPUT] += n;
    }
    pydml_operator* o = calloc(1, sizeof *o);
    binding* bindings = calloc((size_t)counts[0] + counts[1] + 1u, sizeof *bindings);
    if (o == NULL || bindings == NULL) {
        free(o);
        free(bindings);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    o->kind = kind;
    o->desc_name = info->desc_name;
    o->inputs = bindings;
    o->outputs = bindings + counts[0];
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        if (f->kind != PYDML_FIELD_TENSOR && f->kind != PYDML_FIELD_TENSOR_ARRAY) continue;
        const int is_array = f->kind == PYDML_FIELD_TENSOR_ARRAY;
        const uint32_t n = is_array ? pydml_tensor_array_count(info, desc->Desc, f->name) : 1u;
        for (uint32_t k = 0; k < n; k++) {
            const DML_BUFFER_TENSOR_DESC* t = is_array ? pydml_tensor_array_element(info, desc->Desc, f->name, k)
                                                       : pydml_tensor_field(info, desc->Desc, f->name);
            binding* b = f->role == PYDML_ROLE_OUTPUT ? &o->outputs[o->output_count++] : &o->inputs[o->input_count++];
            b->present = t != NULL;
            if (t) template_of(t, &b->tmpl, &b->total);
            if (t) b->flags = (uint32_t)t->Flags;
            if (is_array)
                snprintf(b->name, sizeof b->name, "%s[%u]", f->name, k);
            else
                snprintf(b->name, sizeof b->name, "%s", f->name);
        }
    }
    for (uint32_t i = 0; i < o->output_count; i++)
        if (o->outputs[i].present && pydml_tensor_overlaps_itself(&o->outputs[i].tmpl)) {
            char sizes[160], strides[200];
            size_t n = 0;
            const pydml_tensor* t = &o->outputs[i].tmpl;
            pydml_format_sizes(sizes, sizeof sizes, t->sizes, t->dim_count);
            n += (size_t)snprintf(strides, sizeof strides, "[");
            for (uint32_t d = 0; d < t->dim_count && n < sizeof strides; d++)
                n += (size_t)snprintf(strides + n, sizeof strides - n, "%s%llu", d ? ", " : "",
                                      (unsigned long long)t->strides[d]);
            if (n < sizeof strides) snprintf(strides + n, sizeof strides - n, "]");
            snprintf(text, sizeof text, "%s.%s: Strides %s over Sizes %s make output elements share memory; "
                     "DirectML leaves such an output undefined and pydml does not execute it", info->desc_name,
                     o->outputs[i].name, strides, sizes);
            message_out(message, message_size, text);
            free(o->inputs);
            free(o);
            return PYDML_STATUS_UNSUPPORTED_PARAMETER;
        }
    pydml_check c;
    memset(&c, 0, sizeof c);
    c.diagnostic = &d;
    c.desc = info->desc_name;
    c.level = feature_level;
    if (kind == K_FAMILY) {
        o->family = pydml_find_family(desc->Type);
        s = o->family->create(info, desc->Desc, execution_flags, &o->plan);
    } else if (kind == K_CONVOLUTION) {
        pydml_convolution_params cp;
        pydml_convolution_params_of(&c, info, desc->Desc, &cp);
        if (cp.direction == DML_CONVOLUTION_DIRECTION_FORWARD)
            for (uint32_t i = 0; i < cp.spatial_dims; i++)
                if (cp.output_padding[i]) {
                    free(o->inputs);
                    free(o);
                    snprintf(text, sizeof text, "%s.OutputPadding: non-zero OutputPadding with "
                             "DML_CONVOLUTION_DIRECTION_FORWARD is not implemented by pydml", info->desc_name);
                    message_out(message, message_size, text);
                    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
                }
        cp.allow_half_precision = (execution_flags & DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION) != 0;
        s = pydml_convolution_plan_create(&cp, &o->convolution);
    } else {
        pydml_resample_params rp;
        pydml_resample_params_of(&c, info, desc->Desc, &rp);
        s = pydml_resample_plan_create(&rp, &o->resample);
    }
    if (s) {
        free(o->inputs);
        free(o);
        if (s == PYDML_STATUS_OUT_OF_MEMORY) return s;
        snprintf(text, sizeof text, "%s: %s", info->desc_name,
                 s == PYDML_STATUS_UNSUPPORTED_PARAMETER ? "the kernel has no path for this desc"
                                                         : "the kernel rejected the desc");
        message_out(message, message_size, text);
        return s;
    }
    *op = o;
    return PYDML_STATUS_SUCCESS;
}

uint32_t pydml_operator_input_count(const pydml_operator* op) { return op ? op->input_count : 0; }
uint32_t pydml_operator_output_count(const pydml_operator* op) { return op ? op->output_count : 0; }

static pydml_status bind(char* message, size_t size, const char* desc, const char* name, const pydml_tensor* tmpl,
                         uint64_t total, const pydml_buffer* b, pydml_tensor* out) {
    char text[512];
    if (b->data == NULL) {
        snprintf(text, sizeof text, "%s.%s: is bound to NULL memory", desc, name);
        message_out(message, size, text);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (b->size_in_bytes < total) {
        snprintf(text, sizeof text, "%s.%s: the bound buffer has %llu bytes, less than TotalTensorSizeInBytes (%llu)",
                 desc, name, (unsigned long long)b->size_in_bytes, (unsigned long long)total);
        message_out(message, size, text);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    *out = *tmpl;
    out->data = b->data;
    out->buffer_bytes = b->size_in_bytes;
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_operator_execute(const pydml_operator* op, const pydml_buffer* inputs, uint32_t input_count,
                                    const pydml_buffer* outputs, uint32_t output_count, char* message,
                                    size_t message_size) {
    char text[512];
    message_out(message, message_size, "");
    if (op == NULL) {
        message_out(message, message_size, "pydml_operator: operator is NULL");
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (input_count != op->input_count || (input_count && inputs == NULL)) {
        snprintf(text, sizeof text, "%s: takes %u input bindings, got %u", op->desc_name, op->input_count, input_count);
        message_out(message, message_size, text);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (output_count != op->output_count || (output_count && outputs == NULL)) {
        snprintf(text, sizeof text, "%s: takes %u output bindings, got %u", op->desc_name, op->output_count,
                 output_count);
        message_out(message, message_size, text);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    /* views and their pointers: on the stack for the usual few bindings, else one allocation */
    enum { STACK_BINDINGS = 16 };
    pydml_tensor stack_views[STACK_BINDINGS];
    const pydml_tensor* stack_pointers[STACK_BINDINGS];
    const uint32_t total = op->input_count + op->output_count;
    pydml_tensor* views = stack_views;
    const pydml_tensor** pointers = stack_pointers;
    if (total > STACK_BINDINGS) {
        views = malloc(total * sizeof *views);
        pointers = malloc(total * sizeof *pointers);
        if (views == NULL || pointers == NULL) {
            free(views);
            free(pointers);
            return PYDML_STATUS_OUT_OF_MEMORY;
        }
    }
    pydml_status s = PYDML_STATUS_SUCCESS;
    for (uint32_t i = 0; i < total && s == PYDML_STATUS_SUCCESS; i++) {
        const binding* b = i < op->input_count ? &op->inputs[i] : &op->outputs[i - op->input_count];
        const pydml_buffer* buffer = i < op->input_count ? &inputs[i] : &outputs[i - op->input_count];
        pointers[i] = NULL;
        if (b->present && (s = bind(message, message_size, op->desc_name, b->name, &b->tmpl, b->total, buffer,
                                    &views[i])) == PYDML_STATUS_SUCCESS)
            pointers[i] = &views[i];
    }
    if (s == PYDML_STATUS_SUCCESS)
        s = pydml_operator_execute_views(op, pointers, op->input_count, pointers + op->input_count, op->output_count,
                                         message, message_size);
    if (views != stack_views) {
        free(views);
        free(pointers);
    }
    return s;
}

pydml_status pydml_operator_execute_views(const pydml_operator* op, const pydml_tensor* const* inputs,
                                          uint32_t input_count, const pydml_tensor* const* outputs,
                                          uint32_t output_count, char* message, size_t message_size) {
    char text[512];
    message_out(message, message_size, "");
    if (op == NULL || input_count != op->input_count || output_count != op->output_count ||
        (input_count && inputs == NULL) || outputs == NULL) {
        message_out(message, message_size, "pydml_operator_execute_views: operator, views or counts are invalid");
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    for (uint32_t i = 0; i < input_count; i++)
        if ((inputs[i] != NULL) != (op->inputs[i].present != 0)) {
            snprintf(text, sizeof text, "%s.%s: %s", op->desc_name, op->inputs[i].name,
                     op->inputs[i].present ? "is not bound" : "is bound, but the desc has no such tensor");
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    for (uint32_t i = 0; i < output_count; i++)
        if ((outputs[i] != NULL) != (op->outputs[i].present != 0)) {
            snprintf(text, sizeof text, "%s.%s: %s", op->desc_name, op->outputs[i].name,
                     op->outputs[i].present ? "is not bound" : "is bound, but the desc has no such tensor");
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    for (uint32_t i = 0; i < output_count; i++)
        if (outputs[i] != NULL && pydml_tensor_overlaps_itself(outputs[i])) {
            snprintf(text, sizeof text, "%s.%s: the view's strides make output elements share memory",
                     op->desc_name, op->outputs[i].name);
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    pydml_status s;
    pydml_exclusive_begin();
    switch (op->kind) {
    case K_FAMILY: s = op->family->execute(op->plan, inputs, input_count, outputs, output_count); break;
    case K_CONVOLUTION: s = pydml_convolution_execute(op->convolution, inputs[0], inputs[1], inputs[2], outputs[0]); break;
    case K_RESAMPLE_GRAD: s = pydml_resample_backward(op->resample, inputs[0], outputs[0]); break;
    default: s = pydml_resample_forward(op->resample, inputs[0], outputs[0]); break;
    }
    pydml_exclusive_end();
    if (s) {
        snprintf(text, sizeof text, "%s: execution failed: %s", op->desc_name, pydml_status_string(s));
        message_out(message, message_size, text);
    }
    return s;
}

void pydml_operator_destroy(pydml_operator* op) {
    if (op == NULL) return;
    pydml_resample_plan_destroy(op->resample);
    pydml_convolution_plan_destroy(op->convolution);
    if (op->family) op->family->destroy(op->plan);
    free(op->inputs);
    free(op);
}

/* ---- Binding properties, for callers that wire operators together (native/graph.c) ---------- */

const char* pydml_operator_desc_name(const pydml_operator* op) { return op ? op->desc_name : ""; }

/* The _Maybenull_ flag of the desc field a binding comes from ("InputTensors[3]" -> InputTensors). */
static uint32_t binding_optional(const pydml_operator* op, const char* name) {
    size_t n = strcspn(name, "[");
    for (uint32_t i = 0; i < pydml_operator_info_count; i++) {
        const pydml_operator_info* info = &pydml_operator_infos[i];
        if (info->desc_name != op->desc_name) continue;
        for (uint32_t f = 0; f < info->field_count; f++)
            if (strlen(info->fields[f].name) == n && strncmp(info->fields[f].name, name, n) == 0)
                return info->fields[f].optional;
    }
    return 0;
}

pydml_status pydml_operator_binding_info(const pydml_operator* op, uint32_t is_output, uint32_t index,
                                         pydml_binding_info* info) {
    if (op == NULL || info == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    memset(info, 0, sizeof *info);
    if (index >= (is_output ? op->output_count : op->input_count)) return PYDML_STATUS_INVALID_PARAMETER;
    const binding* b = is_output ? &op->outputs[index] : &op->inputs[index];
    info->tensor = b->tmpl;
    info->tensor.data = NULL;
    info->tensor.buffer_bytes = 0;
    info->total_bytes = b->total;
    info->present = b->present != 0;
    info->optional = binding_optional(op, b->name);
    info->flags = b->flags;
    snprintf(info->name, sizeof info->name, "%s", b->name);
    return PYDML_STATUS_SUCCESS;
}
