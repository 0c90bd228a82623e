/* Descriptor-level C API: compile and execute a DML_OPERATOR_DESC from C.
 *
 * Validation is validate.c's (the one validator, shared with Python); this file turns a valid
 * desc into a kernel plan and binds buffers to it. Memory safety does not depend on validation:
 * the kernels re-check every view against its bound buffer. */
#define _POSIX_C_SOURCE 200809L /* pthread_rwlock_t */
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common.h"
#include "capi_internal.h"
#include "families.h"
#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

int pydml_operator_type_executes(uint32_t type) {
    return pydml_find_operator_info(type) != NULL && pydml_find_family(type) != NULL;
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
    uint32_t flags;                   /* DML_TENSOR_FLAGS of the desc */
    int owned;                        /* DML_TENSOR_FLAG_OWNED_BY_DML input: bound once, by initialize */
    uint32_t optional;                /* the desc field is _Maybenull_ (pydml_binding_info.optional) */
    void* persistent;                 /* owned: the copy initialize made (total bytes), else NULL */
    char name[48];                    /* "OutputTensor", "InputTensors[3]" */
} binding;

struct pydml_operator {
    const pydml_kernel_family* family;
    void* plan;                       /* the family's */
    uint32_t input_count, output_count;
    binding* inputs;                  /* input_count, then output_count entries (one allocation) */
    binding* outputs;
    const char* desc_name;
    uint32_t type;                    /* DML_OPERATOR_TYPE */
    uint32_t owned_count;             /* inputs with DML_TENSOR_FLAG_OWNED_BY_DML */
    int initialized;                  /* every owned input has its persistent copy */
    /* Initialization generations (families.h: initialize; next_generation numbers them): that of
     * the operator's own persistent copies (0: none), and that of the family's current
     * preparation (its last initialize hook call: the operator's own initialize or a graph's
     * pydml_operator_prepare_owned; 0: none). Written under the write lock. */
    uint64_t own_generation, prepared_generation;
    /* A preparation made by pydml_operator_prepare_owned from memory that never changes
     * (prepared_shared) serves every graph that offers exactly the same views (prepared_views, input_count entries,
     * data NULL for the inputs not owned): prepared_users graphs hold its generation. */
    pydml_tensor* prepared_views;
    uint32_t prepared_users;
    int prepared_shared;
    uint64_t persistent_bytes;
    uint64_t work;                    /* elements of all bindings: how many threads an execution asks for */
    uint64_t macs;                    /* a contraction's multiply-adds (contraction_macs), else 0 */
    pydml_team_bars bars;             /* pydml_team_macs() at creation: a contraction below its bar runs alone */
    _Atomic uint64_t alone_ns;        /* how long its last execution on the calling thread alone took */
    DML_OPERATOR_DESC* desc;          /* deep copy of the desc (graph fusion re-creates from it) */
    uint32_t feature_level, execution_flags;
    /* Executions of one operator take turns (write lock) when its plan keeps scratch between
     * executions, and share it (read lock) when its family takes scratch from the workspace;
     * initialize, which replaces the owned copies, takes it alone. Executions of different
     * operators run at the same time, sharing the thread budget. */
    pthread_rwlock_t lock;
};

static void message_out(char* message, size_t size, const char* text) {
    if (message == NULL || size == 0) return;
    if (text[0] == '\0') { /* every execution clears it: snprintf cost 2 % of a decoder step */
        message[0] = '\0';
        return;
    }
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

/* A diagnostic that is only a message (execution flags, the kernel's own limits). */
static pydml_status diagnose(pydml_diagnostic* d, pydml_status s, const char* format, ...)
    __attribute__((format(printf, 3, 4)));
static pydml_status diagnose(pydml_diagnostic* d, pydml_status s, const char* format, ...) {
    memset(d, 0, sizeof *d);
    va_list args;
    va_start(args, format);
    vsnprintf(d->message, sizeof d->message, format, args);
    va_end(args);
    return s;
}

static void operator_free(pydml_operator* o) {
    if (o == NULL) return;
    if (o->family && o->plan) o->family->destroy(o->plan);
    for (uint32_t i = 0; i < o->input_count; i++) free(o->inputs[i].persistent);
    free(o->inputs);
    free(o->prepared_views);
    free(o->desc);
    free(o);
}

/* Multiply-adds from which a contraction wakes a sleeping team (pydml_team_cold): about 0.6 ms of one
 * thread's work, where a wake-up of 0.3-0.7 ms is worth paying once. */
#define PYDML_COLD_TEAM_MACS ((uint64_t)32 << 20)
/* An operator whose last execution alone took this long wakes a sleeping team: with two threads
 * it saves half of it, more than the 0.3-0.7 ms a wake-up costs in a VM at worst. */
#define PYDML_COLD_ALONE_NS 1000000u

/* A contraction's multiply-adds, 0 for any other operator: output elements times the reduced length
 * (a GEMM's K, a convolution's filter elements per output channel, taken over the larger of input
 * and output so a transposed convolution counts the same); a recurrent operator's weights times its
 * steps and batch. The measure of a contraction's work for the thread team (here and graph.c
 * step_size): its bindings' elements say nothing of it (a GEMM of 256 x 1024 x 256 binds 590 K
 * elements and multiplies 67 M times). */
static uint64_t contraction_macs(const pydml_operator* o) {
    const binding* in = o->inputs;
    if (o->output_count == 0 || !o->outputs[0].present || o->input_count == 0 || !in[0].present) return 0;
    const pydml_tensor* t0 = &in[0].tmpl;
    const uint64_t out = pydml_tensor_element_count(&o->outputs[0].tmpl);
    uint32_t filter = UINT32_MAX;
    switch (o->type) {
    case DML_OPERATOR_GEMM: {
        const DML_GEMM_OPERATOR_DESC* gemm = (const DML_GEMM_OPERATOR_DESC*)o->desc->Desc;
        const uint32_t n = t0->dim_count;
        if (n < 2) return 0;
        return out * t0->sizes[gemm->TransA == DML_MATRIX_TRANSFORM_NONE ? n - 1 : n - 2];
    }
    case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER:
    case DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY:
    case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT:
        return t0->dim_count ? out * t0->sizes[t0->dim_count - 1] : 0;
    case DML_OPERATOR_RNN:
    case DML_OPERATOR_LSTM:
    case DML_OPERATOR_GRU: /* X [1, seq, batch, input], W and R: every step multiplies both */
        if (o->input_count < 3 || t0->dim_count != 4 || !in[1].present || !in[2].present) return 0;
        return (pydml_tensor_element_count(&in[1].tmpl) + pydml_tensor_element_count(&in[2].tmpl)) *
               t0->sizes[1] * t0->sizes[2];
    case DML_OPERATOR_CONVOLUTION: filter = 1; break;
    case DML_OPERATOR_CONVOLUTION_INTEGER: filter = 2; break;
    case DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION: filter = 3; break;
    default: return 0;
    }
    if (filter >= o->input_count || !in[filter].present || in[filter].tmpl.dim_count == 0 ||
        in[filter].tmpl.sizes[0] == 0)
        return 0;
    const uint64_t per = pydml_tensor_element_count(&in[filter].tmpl) / in[filter].tmpl.sizes[0];
    const uint64_t n_in = pydml_tensor_element_count(t0);
    return (n_in > out ? n_in : out) * per;
}

uint64_t pydml_operator_macs(const pydml_operator* op) { return op ? op->macs : 0; }

pydml_status pydml_operator_create_ex(const DML_OPERATOR_DESC* desc, uint32_t feature_level,
                                      uint32_t execution_flags, pydml_operator** op, pydml_diagnostic* d) {
    pydml_diagnostic scratch;
    if (d == NULL) d = &scratch;
    memset(d, 0, sizeof *d);
    if (op == NULL) return diagnose(d, PYDML_STATUS_INVALID_PARAMETER, "pydml_operator_create: op is NULL");
    *op = NULL;
    /* the one validation, at the device's level */
    pydml_status s = pydml_validate_operator_ex(desc, feature_level, d);
    if (s) return s;
    const pydml_operator_info* info = pydml_find_operator_info(desc->Type);
    if (execution_flags & ~7u)
        return diagnose(d, PYDML_STATUS_INVALID_PARAMETER, "%s.flags: is not a DML_EXECUTION_FLAGS value, got %u",
                        info->desc_name, execution_flags);
    const pydml_kernel_family* family = pydml_find_family(desc->Type);
    if (family == NULL)
        return diagnose(d, PYDML_STATUS_UNSUPPORTED_PARAMETER, "%s: valid, but pydml does not execute %s yet",
                        info->desc_name, info->op_name);
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
        return diagnose(d, PYDML_STATUS_OUT_OF_MEMORY, "%s: out of memory", info->desc_name);
    }
    o->desc_name = info->desc_name;
    o->type = desc->Type;
    o->inputs = bindings;
    o->outputs = bindings + counts[0];
    o->feature_level = feature_level;
    o->execution_flags = execution_flags;
    o->desc = pydml_desc_copy(desc);
    if (o->desc == NULL) {
        operator_free(o);
        return diagnose(d, PYDML_STATUS_OUT_OF_MEMORY, "%s: out of memory", info->desc_name);
    }
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
            b->optional = f->optional;
            if (t) {
                template_of(t, &b->tmpl, &b->total);
                b->flags = (uint32_t)t->Flags;
                if (f->role != PYDML_ROLE_OUTPUT && (t->Flags & DML_TENSOR_FLAG_OWNED_BY_DML)) {
                    b->owned = 1;
                    o->owned_count++;
                    o->persistent_bytes += b->total;
                }
                o->work += pydml_tensor_element_count(&b->tmpl);
            }
            if (is_array)
                snprintf(b->name, sizeof b->name, "%s[%u]", f->name, k);
            else
                snprintf(b->name, sizeof b->name, "%s", f->name);
        }
    }
    o->initialized = o->owned_count == 0;
    for (uint32_t i = 0; i < o->output_count; i++)
        if (o->outputs[i].present && pydml_tensor_overlaps_itself(&o->outputs[i].tmpl)) {
            char sizes[160], strides[200];
            size_t n = 0;
            const pydml_tensor* t = &o->outputs[i].tmpl;
            pydml_format_sizes(sizes, sizeof sizes, t->sizes, t->dim_count);
            n += (size_t)snprintf(strides, sizeof strides, "[");
            for (uint32_t dd = 0; dd < t->dim_count && n < sizeof strides; dd++)
                n += (size_t)snprintf(strides + n, sizeof strides - n, "%s%llu", dd ? ", " : "",
                                      (unsigned long long)t->strides[dd]);
            if (n < sizeof strides) snprintf(strides + n, sizeof strides - n, "]");
            diagnose(d, PYDML_STATUS_UNSUPPORTED_PARAMETER,
                     "%s.%s: Strides %s over Sizes %s make output elements share memory; "
                     "DirectML leaves such an output undefined and pydml does not execute it",
                     info->desc_name, o->outputs[i].name, strides, sizes);
            operator_free(o);
            return PYDML_STATUS_UNSUPPORTED_PARAMETER;
        }
    o->macs = contraction_macs(o);
    o->bars = pydml_team_macs();
    o->family = family;
    pydml_family_take_message(NULL, 0);
    s = family->create(info, desc->Desc, execution_flags, &o->plan);
    if (s) {
        o->plan = NULL;
        char why[512];
        pydml_family_take_message(why, sizeof why);
        operator_free(o);
        if (s == PYDML_STATUS_OUT_OF_MEMORY) return diagnose(d, s, "%s: out of memory", info->desc_name);
        if (why[0]) return diagnose(d, s, "%s", why);
        return diagnose(d, s, "%s: %s", info->desc_name,
                        s == PYDML_STATUS_UNSUPPORTED_PARAMETER ? "the kernel has no path for this desc"
                                                                : "the kernel rejected the desc");
    }
    pthread_rwlock_init(&o->lock, NULL);
    *op = o;
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_operator_create(const DML_OPERATOR_DESC* desc, uint32_t feature_level, uint32_t execution_flags,
                                   pydml_operator** op, char* message, size_t message_size) {
    pydml_diagnostic d;
    pydml_status s = pydml_operator_create_ex(desc, feature_level, execution_flags, op, &d);
    message_out(message, message_size, s ? d.message : "");
    return s;
}

/* A new initialization generation: unique for the life of the process (a 64-bit count never wraps),
 * so a preparation never applies to memory bound by another initialization, even at its address. */
static uint64_t g_generation;
static uint64_t next_generation(void) { return __atomic_add_fetch(&g_generation, 1, __ATOMIC_RELAXED); }

/* The scratch an execution of op needs on a team of `threads` (its family's temporary_bytes). */
static uint64_t temporary_need(const pydml_operator* op, uint32_t threads) {
    if (op->family->temporary_bytes == NULL) return 0;
    const uint64_t bytes = op->family->temporary_bytes(op->plan, threads ? threads : 1);
    /* none: an operator of a family that needs scratch for others only (a copy, a fill) */
    if (bytes == 0) return 0;
    /* + 64: the caller's buffer may start anywhere; the kernels get it from its first cache line */
    return pydml_workspace_round(bytes) + 64;
}

/* The workspace of executions whose caller binds none: one per thread, kept and grown as needed
 * (freed when the thread ends), so concurrent executions never share one. */
static pthread_key_t g_workspace_key;
static pthread_once_t g_workspace_once = PTHREAD_ONCE_INIT;
typedef struct thread_workspace {
    unsigned char* data;
    uint64_t bytes;
} thread_workspace;
static void thread_workspace_free(void* p) {
    thread_workspace* w = p;
    if (w != NULL) free(w->data);
    free(w);
}
static void workspace_key_create(void) { pthread_key_create(&g_workspace_key, thread_workspace_free); }

static unsigned char* thread_workspace_get(uint64_t bytes) {
    pthread_once(&g_workspace_once, workspace_key_create);
    thread_workspace* w = pthread_getspecific(g_workspace_key);
    if (w == NULL) {
        if ((w = calloc(1, sizeof *w)) == NULL) return NULL;
        if (pthread_setspecific(g_workspace_key, w) != 0) {
            free(w);
            return NULL;
        }
    }
    if (w->bytes < bytes) {
        free(w->data);
        w->data = aligned_alloc(64, (size_t)pydml_workspace_round(bytes));
        w->bytes = w->data ? bytes : 0;
    }
    return w->data;
}

pydml_status pydml_operator_get_binding_properties(const pydml_operator* op, pydml_binding_properties* props) {
    if (op == NULL || props == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    memset(props, 0, sizeof *props);
    props->input_count = op->input_count;
    props->output_count = op->output_count;
    /* for the largest team an execution can get: a workspace of this size serves any team */
    props->temporary_bytes = temporary_need(op, (uint32_t)pydml_thread_budget());
    props->persistent_bytes = op->persistent_bytes;
    return PYDML_STATUS_SUCCESS;
}

static const binding* binding_at(const pydml_operator* op, uint32_t is_output, uint32_t index) {
    if (op == NULL) return NULL;
    if (is_output) return index < op->output_count ? &op->outputs[index] : NULL;
    return index < op->input_count ? &op->inputs[index] : NULL;
}

const char* pydml_operator_binding_name(const pydml_operator* op, uint32_t is_output, uint32_t index) {
    const binding* b = binding_at(op, is_output, index);
    return b ? b->name : NULL;
}

uint32_t pydml_operator_binding_flags(const pydml_operator* op, uint32_t is_output, uint32_t index) {
    const binding* b = binding_at(op, is_output, index);
    if (b == NULL) return 0;
    return (b->present ? PYDML_BINDING_PRESENT : 0u) | (b->owned ? PYDML_BINDING_OWNED_BY_DML : 0u);
}

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

/* Copies a view's elements into the binding's own layout (its desc's strides), element by element
 * in any dimension order: done once, at initialization. */
static void copy_to_template(const pydml_tensor* from, const pydml_tensor* tmpl, char* dst) {
    const uint32_t bits = pydml_data_type_bits(tmpl->data_type);
    const uint32_t rank = tmpl->dim_count;
    uint32_t index[PYDML_MAX_DIMS] = {0};
    const uint64_t count = pydml_tensor_element_count(tmpl);
    const size_t es = bits / 8;
    for (uint64_t e = 0; e < count; e++) {
        uint64_t src = 0, out = 0;
        for (uint32_t d = 0; d < rank; d++) {
            src += index[d] * from->strides[d];
            out += index[d] * tmpl->strides[d];
        }
        memcpy(dst + out * es, (const char*)from->data + src * es, es);
        for (uint32_t d = rank; d-- > 0;) {
            if (++index[d] < tmpl->sizes[d]) break;
            index[d] = 0;
        }
    }
}

pydml_status pydml_operator_initialize_views(pydml_operator* op, const pydml_tensor* const* inputs,
                                             uint32_t input_count, char* message, size_t message_size) {
    char text[512];
    message_out(message, message_size, "");
    if (op == NULL || input_count != op->input_count || (input_count && inputs == NULL)) {
        message_out(message, message_size, "pydml_operator_initialize: operator, views or counts are invalid");
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    for (uint32_t i = 0; i < input_count; i++) {
        const binding* b = &op->inputs[i];
        if (inputs[i] != NULL && !b->owned) {
            snprintf(text, sizeof text, "%s.%s: only tensors with DML_TENSOR_FLAG_OWNED_BY_DML are bound at "
                     "initialization", op->desc_name, b->name);
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        if (inputs[i] == NULL && b->owned) {
            snprintf(text, sizeof text, "%s.%s: has DML_TENSOR_FLAG_OWNED_BY_DML and must be bound at initialization",
                     op->desc_name, b->name);
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        if (inputs[i] == NULL) continue;
        const pydml_tensor* v = inputs[i];
        pydml_status s = pydml_tensor_check(v);
        int same = s == PYDML_STATUS_SUCCESS && v->data_type == b->tmpl.data_type && v->dim_count == b->tmpl.dim_count;
        for (uint32_t d = 0; same && d < v->dim_count; d++) same = v->sizes[d] == b->tmpl.sizes[d];
        if (!same) {
            snprintf(text, sizeof text, "%s.%s: the bound view does not match the tensor desc (%s)", op->desc_name,
                     b->name, s ? pydml_status_string(s) : "data type or sizes differ");
            message_out(message, message_size, text);
            return s ? s : PYDML_STATUS_INVALID_PARAMETER;
        }
    }
    pthread_rwlock_wrlock(&op->lock);
    pydml_status status = PYDML_STATUS_SUCCESS;
    const uint64_t generation = next_generation();
    op->own_generation = 0; /* the copies are replaced: nothing prepared from the old ones applies */
    for (uint32_t i = 0; i < input_count && !status; i++) {
        binding* b = &op->inputs[i];
        if (!b->owned) continue;
        char* copy = calloc(1, b->total ? b->total : 1);
        if (copy == NULL) {
            status = PYDML_STATUS_OUT_OF_MEMORY;
            break;
        }
        if (pydml_data_type_bits(b->tmpl.data_type) < 8) /* 4-bit: the bytes as laid out (same strides) */
            memcpy(copy, inputs[i]->data, inputs[i]->buffer_bytes < b->total ? inputs[i]->buffer_bytes : b->total);
        else
            copy_to_template(inputs[i], &b->tmpl, copy);
        free(b->persistent);
        b->persistent = copy;
    }
    if (status == PYDML_STATUS_SUCCESS && op->family->initialize != NULL) {
        /* the family sees the owned inputs as execute will (views over the persistent copies) and
         * may prepare them once: GEMM packs B's panels, a convolution its filter */
        enum { HOOK_STACK = 16 };
        pydml_tensor hook_views[HOOK_STACK];
        const pydml_tensor* hook_stack[HOOK_STACK];
        pydml_tensor* vs = input_count > HOOK_STACK ? malloc(input_count * sizeof *vs) : hook_views;
        const pydml_tensor** ps = input_count > HOOK_STACK ? malloc(input_count * sizeof *ps) : hook_stack;
        if (vs == NULL || ps == NULL) {
            status = PYDML_STATUS_OUT_OF_MEMORY;
        } else {
            for (uint32_t i = 0; i < input_count; i++) {
                ps[i] = NULL;
                if (!op->inputs[i].owned) continue;
                vs[i] = op->inputs[i].tmpl;
                vs[i].data = op->inputs[i].persistent;
                vs[i].buffer_bytes = op->inputs[i].total;
                ps[i] = &vs[i];
            }
            status = op->family->initialize(op->plan, ps, input_count, generation, 0);
            op->prepared_generation = status ? 0 : generation;
            op->prepared_users = 0;   /* the operator's own copies: no graph's preparation now */
            op->prepared_shared = 0;
            if (status) {
                snprintf(text, sizeof text, "%s: initialization failed: %s", op->desc_name, pydml_status_string(status));
                message_out(message, message_size, text);
            }
        }
        if (vs != hook_views) free(vs);
        if (ps != hook_stack) free(ps);
    }
    op->initialized = status == PYDML_STATUS_SUCCESS;
    if (op->initialized) op->own_generation = generation;
    pthread_rwlock_unlock(&op->lock);
    return status;
}

pydml_status pydml_operator_initialize(pydml_operator* op, const pydml_buffer* inputs, uint32_t input_count,
                                       char* message, size_t message_size) {
    message_out(message, message_size, "");
    if (op == NULL || input_count != op->input_count || (input_count && inputs == NULL)) {
        message_out(message, message_size, "pydml_operator_initialize: operator, buffers or counts are invalid");
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    enum { STACK_BINDINGS = 16 };
    pydml_tensor stack_views[STACK_BINDINGS];
    const pydml_tensor* stack_pointers[STACK_BINDINGS];
    pydml_tensor* views = stack_views;
    const pydml_tensor** pointers = stack_pointers;
    if (input_count > STACK_BINDINGS) {
        views = malloc(input_count * sizeof *views);
        pointers = malloc(input_count * sizeof *pointers);
        if (views == NULL || pointers == NULL) {
            free(views);
            free(pointers);
            return PYDML_STATUS_OUT_OF_MEMORY;
        }
    }
    pydml_status s = PYDML_STATUS_SUCCESS;
    for (uint32_t i = 0; i < input_count && !s; i++) {
        const binding* b = &op->inputs[i];
        pointers[i] = NULL;
        if (inputs[i].data == NULL && inputs[i].size_in_bytes == 0) continue; /* DML_BINDING_TYPE_NONE */
        if (!b->present) continue;
        if ((s = bind(message, message_size, op->desc_name, b->name, &b->tmpl, b->total, &inputs[i], &views[i])) ==
            PYDML_STATUS_SUCCESS)
            pointers[i] = &views[i];
    }
    if (!s) s = pydml_operator_initialize_views(op, pointers, input_count, message, message_size);
    if (views != stack_views) {
        free(views);
        free(pointers);
    }
    return s;
}

uint32_t pydml_operator_input_count(const pydml_operator* op) { return op ? op->input_count : 0; }
uint32_t pydml_operator_output_count(const pydml_operator* op) { return op ? op->output_count : 0; }

pydml_status pydml_operator_execute(const pydml_operator* op, const pydml_buffer* inputs, uint32_t input_count,
                                    const pydml_buffer* outputs, uint32_t output_count, char* message,
                                    size_t message_size) {
    return pydml_operator_execute_ex(op, inputs, input_count, outputs, output_count, NULL, message, message_size);
}

pydml_status pydml_operator_execute_ex(const pydml_operator* op, const pydml_buffer* inputs, uint32_t input_count,
                                       const pydml_buffer* outputs, uint32_t output_count,
                                       const pydml_buffer* temporary, char* message, size_t message_size) {
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
        if (b->owned && buffer->data == NULL && buffer->size_in_bytes == 0) continue; /* bound at initialize */
        if (b->present && (s = bind(message, message_size, op->desc_name, b->name, &b->tmpl, b->total, buffer,
                                    &views[i])) == PYDML_STATUS_SUCCESS)
            pointers[i] = &views[i];
    }
    if (s == PYDML_STATUS_SUCCESS)
        s = pydml_operator_execute_views_ex(op, pointers, op->input_count, pointers + op->input_count,
                                            op->output_count, temporary, message, message_size);
    if (views != stack_views) {
        free(views);
        free(pointers);
    }
    return s;
}

/* Whether the views offered now are exactly those the current preparation was made from. */
static int same_views(const pydml_tensor* const* now, const pydml_tensor* then, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        const pydml_tensor* x = now[i];
        const pydml_tensor* y = &then[i];
        if (x == NULL || y->data == NULL) {
            if (x != NULL || y->data != NULL) return 0;
            continue;
        }
        if (x->data != y->data || x->buffer_bytes != y->buffer_bytes || x->data_type != y->data_type ||
            x->dim_count != y->dim_count || x->dim_count > PYDML_MAX_DIMS)
            return 0;
        for (uint32_t d = 0; d < x->dim_count; d++)
            if (x->sizes[d] != y->sizes[d] || x->strides[d] != y->strides[d]) return 0;
    }
    return 1;
}

int pydml_operator_prepares_owned(const pydml_operator* op) {
    if (op == NULL || op->owned_count == 0 || op->family->initialize == NULL) return 0;
    return op->family->prepares_owned == NULL || op->family->prepares_owned(op->plan);
}

pydml_status pydml_operator_prepare_owned(const pydml_operator* op, const pydml_tensor* const* inputs,
                                          uint32_t input_count, int shared, uint64_t* generation) {
    if (generation != NULL) *generation = 0;
    if (op == NULL || input_count != op->input_count || (input_count && inputs == NULL) || generation == NULL)
        return PYDML_STATUS_INVALID_PARAMETER;
    if (op->family->initialize == NULL) return PYDML_STATUS_SUCCESS;
    pydml_operator* w = (pydml_operator*)(uintptr_t)op; /* the lock and the generation are the C API's */
    pthread_rwlock_wrlock(&w->lock);
    if (shared && w->prepared_shared && w->prepared_generation != 0 &&
        same_views(inputs, w->prepared_views, input_count)) {
        /* another graph's plan of the same borrowed memory (pydml.onnx's plans of one model share
         * its initializers and operators): its preparation serves this one too, so executions of
         * the plans in turn never pack again */
        w->prepared_users++;
        *generation = w->prepared_generation;
        pthread_rwlock_unlock(&w->lock);
        return PYDML_STATUS_SUCCESS;
    }
    const uint64_t g = next_generation();
    const pydml_status s = op->family->initialize(op->plan, inputs, input_count, g, shared);
    w->prepared_generation = s ? 0 : g;
    w->prepared_users = s ? 0 : 1;
    w->prepared_shared = 0;
    if (s == PYDML_STATUS_SUCCESS && shared && input_count > 0) {
        if (w->prepared_views == NULL) w->prepared_views = malloc(input_count * sizeof *w->prepared_views);
        if (w->prepared_views != NULL) { /* else not shared: each graph prepares its own */
            for (uint32_t i = 0; i < input_count; i++) {
                if (inputs[i] != NULL) w->prepared_views[i] = *inputs[i];
                else memset(&w->prepared_views[i], 0, sizeof w->prepared_views[i]);
            }
            w->prepared_shared = 1;
        }
    }
    pthread_rwlock_unlock(&w->lock);
    if (s == PYDML_STATUS_SUCCESS) *generation = g;
    return s;
}

void pydml_operator_forget_owned(const pydml_operator* op, uint64_t generation) {
    if (op == NULL || generation == 0 || op->family->initialize == NULL) return;
    pydml_operator* w = (pydml_operator*)(uintptr_t)op;
    pthread_rwlock_wrlock(&w->lock);
    if (w->prepared_generation == generation && w->prepared_users > 1) {
        w->prepared_users--;   /* another graph still executes with it */
    } else if (w->prepared_generation == generation) {
        /* all NULL, generation 0: the family frees what it prepared (it cannot fail) */
        enum { STACK = 16 };
        const pydml_tensor* none[STACK] = {NULL};
        const pydml_tensor** in = op->input_count > STACK ? calloc(op->input_count, sizeof *in) : none;
        if (in != NULL) {
            (void)op->family->initialize(op->plan, in, op->input_count, 0, 0);
            w->prepared_generation = 0;
            w->prepared_users = 0;
            w->prepared_shared = 0;
        } /* else the panels stay allocated, unused: no execution carries their generation */
        if (in != none) free(in);
    }
    pthread_rwlock_unlock(&w->lock);
}

pydml_status pydml_operator_execute_views(const pydml_operator* op, const pydml_tensor* const* inputs,
                                          uint32_t input_count, const pydml_tensor* const* outputs,
                                          uint32_t output_count, char* message, size_t message_size) {
    return pydml_operator_execute_owned_views(op, inputs, input_count, outputs, output_count, 0, 0, NULL, message,
                                              message_size);
}

pydml_status pydml_operator_execute_views_ex(const pydml_operator* op, const pydml_tensor* const* inputs,
                                             uint32_t input_count, const pydml_tensor* const* outputs,
                                             uint32_t output_count, const pydml_buffer* temporary, char* message,
                                             size_t message_size) {
    return pydml_operator_execute_owned_views(op, inputs, input_count, outputs, output_count, 0, 0, temporary,
                                              message, message_size);
}

pydml_status pydml_operator_execute_owned_views(const pydml_operator* op, const pydml_tensor* const* inputs,
                                                uint32_t input_count, const pydml_tensor* const* outputs,
                                                uint32_t output_count, int owned_bound, uint64_t owned_generation,
                                                const pydml_buffer* temporary, char* message,
                                                size_t message_size) {
    char text[512];
    message_out(message, message_size, "");
    if (op == NULL || input_count != op->input_count || output_count != op->output_count ||
        (input_count && inputs == NULL) || outputs == NULL) {
        message_out(message, message_size, "pydml_operator_execute_views: operator, views or counts are invalid");
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    for (uint32_t i = 0; i < input_count; i++) {
        const binding* b = &op->inputs[i];
        if (owned_bound) {
            if ((inputs[i] != NULL) != (b->present != 0)) {
                snprintf(text, sizeof text, "%s.%s: %s", op->desc_name, b->name,
                         b->present ? "is not bound" : "is bound, but the desc has no such tensor");
                message_out(message, message_size, text);
                return PYDML_STATUS_INVALID_PARAMETER;
            }
            continue;
        }
        if (b->owned && inputs[i] != NULL) {
            snprintf(text, sizeof text, "%s.%s: has DML_TENSOR_FLAG_OWNED_BY_DML; bind it with initialize, not at "
                     "execution", op->desc_name, b->name);
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        if (!b->owned && (inputs[i] != NULL) != (b->present != 0)) {
            snprintf(text, sizeof text, "%s.%s: %s", op->desc_name, b->name,
                     b->present ? "is not bound" : "is bound, but the desc has no such tensor");
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    }
    if (!op->initialized && !owned_bound) {
        text[0] = '\0';
        for (uint32_t i = 0; i < input_count; i++)
            if (op->inputs[i].owned) {
                snprintf(text, sizeof text, "%s.%s: the operator was not initialized (DML_TENSOR_FLAG_OWNED_BY_DML)",
                         op->desc_name, op->inputs[i].name);
                break;
            }
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
    /* Outputs share no memory with inputs or each other, except the exact overlap in place:
     * the same memory, element size, sizes and strides, for an operator whose output element
     * depends only on the same element of its inputs (Microsoft's dml_element_wise_clip.json binds
     * one resource as input and output). Any other overlap would make the result depend on the
     * order of execution. Spans are the bound buffers, as DirectML's binding ranges are. */
    const int in_place = op->family->in_place;
    for (uint32_t i = 0; i < output_count; i++) {
        const pydml_tensor* o = outputs[i];
        if (o == NULL) continue;
        const uintptr_t o0 = (uintptr_t)o->data, o1 = o0 + (uintptr_t)o->buffer_bytes;
        for (uint32_t j = 0; j < input_count + output_count; j++) {
            const int is_input = j < input_count;
            const pydml_tensor* v = is_input ? inputs[j] : outputs[j - input_count];
            if (v == NULL || v == o || (!is_input && j - input_count == i)) continue;
            const uintptr_t v0 = (uintptr_t)v->data, v1 = v0 + (uintptr_t)v->buffer_bytes;
            if (!(o0 < v1 && v0 < o1)) continue;
            if (in_place && is_input && pydml_tensor_same_elements(o, v)) continue;
            snprintf(text, sizeof text, "%s.%s: its buffer overlaps the one bound to %s%s", op->desc_name,
                     op->outputs[i].name, is_input ? op->inputs[j].name : op->outputs[j - input_count].name,
                     in_place ? "; only the exact overlap (same memory, sizes and strides) runs in place"
                              : "; this operator does not run in place");
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    }
    /* owned inputs: the persistent copies, laid out as their descs say */
    enum { STACK_BINDINGS = 16 };
    pydml_tensor owned_views[STACK_BINDINGS];
    const pydml_tensor* stack_in[STACK_BINDINGS];
    const pydml_tensor* const* in = inputs;
    const pydml_tensor** heap_in = NULL;
    pydml_tensor* heap_views = NULL;
    pydml_tensor* owned_vs = NULL; /* the owned views, re-pointed under the lock below */
    if (op->owned_count && !owned_bound) {
        const pydml_tensor** ptrs = stack_in;
        pydml_tensor* vs = owned_views;
        if (input_count > STACK_BINDINGS) {
            ptrs = heap_in = malloc(input_count * sizeof *ptrs);
            vs = heap_views = malloc(input_count * sizeof *vs);
            if (heap_in == NULL || heap_views == NULL) {
                free(heap_in);
                free(heap_views);
                return PYDML_STATUS_OUT_OF_MEMORY;
            }
        }
        for (uint32_t i = 0; i < input_count; i++) {
            ptrs[i] = inputs[i];
            if (op->inputs[i].owned) {
                vs[i] = op->inputs[i].tmpl;
                vs[i].data = op->inputs[i].persistent;
                vs[i].buffer_bytes = op->inputs[i].total;
                ptrs[i] = &vs[i];
            }
        }
        in = ptrs;
        owned_vs = vs;
    }
    /* the caller's temporary resource: large enough for any team (GetBindingProperties' size), and
     * apart from every bound buffer (the kernels write it while they read the inputs) */
    const uint64_t largest = temporary_need(op, (uint32_t)pydml_thread_budget());
    if (temporary != NULL && (temporary->data != NULL || temporary->size_in_bytes != 0)) {
        if (temporary->data == NULL || temporary->size_in_bytes < largest) {
            snprintf(text, sizeof text, "%s: the temporary buffer has %llu bytes%s, fewer than the %llu "
                     "its binding properties ask for", op->desc_name,
                     (unsigned long long)temporary->size_in_bytes, temporary->data ? "" : " (NULL data)",
                     (unsigned long long)largest);
            message_out(message, message_size, text);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        const uintptr_t t0 = (uintptr_t)temporary->data, t1 = t0 + (uintptr_t)temporary->size_in_bytes;
        for (uint32_t j = 0; j < input_count + output_count; j++) {
            const pydml_tensor* v = j < input_count ? in[j] : outputs[j - input_count];
            if (v == NULL) continue;
            const uintptr_t v0 = (uintptr_t)v->data, v1 = v0 + (uintptr_t)v->buffer_bytes;
            if (t0 < v1 && v0 < t1) {
                snprintf(text, sizeof text, "%s: the temporary buffer overlaps the one bound to %s", op->desc_name,
                         j < input_count ? op->inputs[j].name : op->outputs[j - input_count].name);
                message_out(message, message_size, text);
                free(heap_in);
                free(heap_views);
                return PYDML_STATUS_INVALID_PARAMETER;
            }
        }
    }
    /* Small operators ask for one thread, leaving the rest of the budget to concurrent callers: a
     * contraction (contraction_macs) below the graph's bar (pydml_team_macs: 128 K multiply-adds
     * while the team spins), anything else below 32 K binding elements. After the team has been
     * idle (pydml_team_cold: its workers asleep, each region's wake-up 0.3-0.7 ms in a VM), below
     * 1 M binding elements (after 20 ms idle: GEMV 1x256x768 0.95-1.09 -> 0.18 ms, ADD 256 K
     * 0.59-0.84 -> 0.27-0.35 ms), unless it is a contraction of PYDML_COLD_TEAM_MACS or more, or
     * took PYDML_COLD_ALONE_NS or more the last time it ran alone: then waking the team costs less
     * than the team saves. Running alone leaves the team asleep, so without those two the next call
     * decided the same way, forever: a GEMM of 256 x 1024 x 256 (590 K elements, 67 M multiply-adds)
     * in a loop ran 1.4 ms a call against 0.7 on the team, an AVERAGE_POOLING of 500 K elements 1.7
     * against 0.89. A lower bar, or waking the team for any call that follows another closely, put
     * loops of small operators on a team whose every wake-up took 0.25-0.5 ms (ADD of 64 K: 0.51 ms
     * a call, 0.02 alone; Zen 4 VM). */
    const int cold = pydml_team_cold();
    const int want = (cold ? op->work < ((uint64_t)1 << 20) && op->macs < PYDML_COLD_TEAM_MACS &&
                                 atomic_load_explicit(&((pydml_operator*)op)->alone_ns, memory_order_relaxed) <
                                     PYDML_COLD_ALONE_NS
                           : op->macs ? op->macs < op->bars.small : op->work < ((uint64_t)1 << 15)) ? 1 : 0;
    /* the team first, then the operator's turn: a thread holding an operator's lock never waits
     * for the budget, so a caller holding budget threads while it waits for that lock (a graph
     * running the operator in one of its nodes) cannot deadlock with it */
    const int decides = pydml_team_outermost(); /* a graph's node runs on the graph's team */
    const int team = pydml_team_begin(want);
    const int timed = decides && team == 1;
    pydml_workspace ws = {NULL, temporary_need(op, (uint32_t)team), 0};
    pydml_status s = PYDML_STATUS_SUCCESS;
    if (ws.bytes > 0) {
        if (temporary != NULL && temporary->data != NULL) {
            const uintptr_t start = (uintptr_t)temporary->data, aligned = (start + 63u) & ~(uintptr_t)63u;
            ws.data = (unsigned char*)aligned;
            ws.bytes = temporary->size_in_bytes - (uint64_t)(aligned - start);   /* >= the need less 64 */
        } else {
            ws.data = thread_workspace_get(ws.bytes);
        }
        if (ws.data == NULL) s = PYDML_STATUS_OUT_OF_MEMORY;
    }
    /* a family that takes its scratch from the workspace keeps nothing mutable in its plan */
    const int take_turns = op->family->temporary_bytes == NULL;
    if (s == PYDML_STATUS_SUCCESS) {
        /* initialize (which replaces the owned copies) always waits for executions to end */
        if (take_turns) pthread_rwlock_wrlock((pthread_rwlock_t*)&op->lock);
        else pthread_rwlock_rdlock((pthread_rwlock_t*)&op->lock);
        /* the owned copies as they are now: an initialize that ran since the views were made
         * above has freed those (it waits for this lock, so they stay valid until the unlock) */
        for (uint32_t i = 0; owned_vs != NULL && i < input_count; i++)
            if (op->inputs[i].owned) owned_vs[i].data = op->inputs[i].persistent;
        /* the owned views' generation: the operator's own copies', or the caller's (a graph's) */
        ws.owned_generation = owned_bound ? owned_generation : op->own_generation;
        struct timespec t0, t1;
        if (timed) clock_gettime(CLOCK_MONOTONIC, &t0);
        s = op->family->execute(op->plan, in, input_count, outputs, output_count, &ws);
        if (timed) {
            clock_gettime(CLOCK_MONOTONIC, &t1);
            const int64_t ns = (int64_t)(t1.tv_sec - t0.tv_sec) * 1000000000 + (t1.tv_nsec - t0.tv_nsec);
            atomic_store_explicit(&((pydml_operator*)op)->alone_ns, ns > 0 ? (uint64_t)ns : 0u, memory_order_relaxed);
        }
        pthread_rwlock_unlock((pthread_rwlock_t*)&op->lock);
    }
    pydml_team_end();
    free(heap_in);
    free(heap_views);
    if (s) {
        snprintf(text, sizeof text, "%s: execution failed: %s", op->desc_name, pydml_status_string(s));
        message_out(message, message_size, text);
    }
    return s;
}

void pydml_operator_destroy(pydml_operator* op) {
    if (op == NULL) return;
    pthread_rwlock_destroy(&op->lock);
    operator_free(op);
}

/* ---- Binding properties, for callers that wire operators together (native/graph/graph.c) ---------- */

const char* pydml_operator_desc_name(const pydml_operator* op) { return op ? op->desc_name : ""; }
const DML_OPERATOR_DESC* pydml_operator_desc(const pydml_operator* op) { return op ? op->desc : NULL; }
uint32_t pydml_operator_feature_level(const pydml_operator* op) { return op ? op->feature_level : 0; }
uint32_t pydml_operator_execution_flags(const pydml_operator* op) { return op ? op->execution_flags : 0; }
uint32_t pydml_operator_type(const pydml_operator* op) { return op ? op->type : 0; }

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
    info->optional = b->optional; /* the field's _Maybenull_, read at creation */
    info->flags = b->flags;
    /* (a bounded copy, not snprintf: a graph's compilation reads every binding of every node) */
    size_t n = strnlen(b->name, sizeof info->name - 1);
    memcpy(info->name, b->name, n);
    info->name[n] = '\0';
    return PYDML_STATUS_SUCCESS;
}
