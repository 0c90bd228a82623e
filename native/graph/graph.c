/* Operator graphs: IDMLDevice1::CompileGraph over a DML_GRAPH_DESC, executed in one C call.
 *
 * Rules are the DML_GRAPH_DESC page's (MicrosoftDocs/sdk-api ns-directml-dml_graph_desc.md,
 * Remarks) and its node and edge pages':
 *   - the graph is a directed acyclic graph;
 *   - every input and output of every node is connected, except those optional for its operator;
 *   - operator inputs with DML_TENSOR_FLAG_OWNED_BY_DML are connected to graph inputs, and all
 *     operator inputs connected to one graph input use or omit that flag alike;
 *   - connected endpoints may differ in dimension count, sizes and data type (each operator reads
 *     the blob its own way), but their TotalTensorSizeInBytes must be identical.
 * Where the pages are silent pydml decides, and says so in the message: an input is connected at
 * most once (two writers of one tensor have no meaning), a graph output is produced exactly once,
 * a graph input that feeds nothing is allowed (DirectML accepts it), and a constant node may also
 * feed an OWNED_BY_DML input (a constant is owned data by nature; the page predates constants).
 *
 * Node operators are pydml_operator objects (include/pydml.h explains the cast from IDMLOperator*)
 * and run only through run_node below, the one place that calls the operator API. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "activation.h"
#include "capi_internal.h"
#include "common.h"
#include "schema.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* Far above any real partition (ONNX Runtime's hold thousands of nodes); bounds the planner's work
 * and keeps every index product below 2^32. */
#define MAX_GRAPH_NODES (1u << 18)
#define MAX_GRAPH_EDGES (1u << 20)
#define ARENA_ALIGN 64u
/* A graph's arena is taken at each execution (pydml_buffer_acquire: pooled from 1 MiB, malloc'ed
 * below) and given back after it, not held by the graph for its life. An ONNX session keeps a plan
 * per input shape, and a decoder's step plans (one per past length) each held its arena: with every
 * arena held, 2-4 MiB from about 100 tokens on, 200 tokens took 620 MiB and each new arena's huge
 * pages were faulted in, with compaction, at 15-40 ms a token; with the arenas below 1 MiB still
 * held (malloc'ed when the graph compiled), each new plan's first execution faulted its arena's
 * pages in: 1.57-1.65 ms against 1.11-1.16 ms taken per call (the decoder step at a new past length,
 * graph execution alone), and a plan's repeated steps ran as fast either way (0.35-0.38 against
 * 0.32-0.34 ms a step): a released arena is reused warm by the next execution of any plan. */
#define NAME_SHOWN 80

enum { SRC_NONE = 0, SRC_INPUT, SRC_OWNED, SRC_OUTPUT, SRC_ARENA, SRC_CONSTANT };

/* Where the memory of one binding comes from at execution. */
typedef struct slot {
    uint32_t kind;                    /* SRC_* */
    uint32_t index;                   /* graph input or output index */
    uint64_t offset;                  /* ARENA, CONSTANT: byte offset in the block */
    uint64_t bytes;                   /* ARENA, CONSTANT: bytes the binding may touch */
} slot;

/* A graph output whose node output is already homed in another graph output or a constant:
 * copied after its producer ran (or before the first node, for a constant). */
typedef struct copy_step {
    uint32_t after;                   /* execution step; UINT32_MAX: before the first */
    uint32_t output;                  /* destination graph output */
    slot source;
    uint64_t bytes;
} copy_step;

typedef struct gnode {
    const pydml_operator* op;         /* NULL for a constant node */
    uint32_t n_in, n_out;
    uint32_t first;                   /* first binding: n_in inputs, then n_out outputs */
    uint32_t step;                    /* position in execution order */
    /* the initialization generation of the node's owned inputs (pydml_operator_prepare_owned, at
     * graph initialize; 0: not prepared): passed with every execution that binds that memory */
    uint64_t prepared;
} gnode;

typedef struct workspace {
    unsigned char* arena;
    pydml_tensor* views;
    const pydml_tensor** pointers;
} workspace;

struct pydml_graph {
    uint32_t input_count, output_count, node_count, binding_count;
    uint32_t step_count, copy_count;
    gnode* nodes;
    uint32_t* order;                  /* operator nodes in execution order */
    pydml_tensor* tmpl;               /* per binding: the operator's view of it */
    slot* slots;                      /* per binding */
    uint64_t* input_bytes;            /* per graph input */
    uint8_t* input_owned;
    uint32_t* input_reader;           /* a binding reading each graph input (messages), or UINT32_MAX */
    uint64_t* output_bytes;
    pydml_binding_info* output_info;
    copy_step* copies;
    unsigned char* constants;
    void** owned;                     /* per graph input: the initialized copy */
    uint8_t* owned_borrowed;          /* per graph input: owned[i] is the caller's memory, not a copy
                                       * (1; 2: memory that never changes, initialize_shared) */
    int initialized;
    uint64_t arena_bytes, intermediate_bytes;
    char** node_names;                /* copies of the Names (NULL when none) */
    char** input_names;
    char** output_names;
    atomic_flag busy;
    workspace cached;
    uint32_t options;                 /* PYDML_GRAPH_* */
    uint32_t fused_count;
    uint32_t* fused_into;             /* per node: the producer running its activation, UINT32_MAX */
    uint32_t* absorbed;               /* per node: the last node it absorbed (whose output 0 it writes), UINT32_MAX */
    uint32_t* bias_source;            /* per node: the binding its folded BiasTensor reads, UINT32_MAX */
    pydml_operator** fused_ops;       /* per node: the graph's own operator (re-created with a FusedActivation
                                       * or a BiasTensor, or a private copy: private_operators) */
    /* concurrency (per execution step): data predecessors, successors, the prefix of steps that
     * must be complete before a step overwrites arena memory others read, and small nodes */
    int parallel;
    uint32_t* pred_count;
    uint32_t* succ_first;
    uint32_t* succ_steps;
    uint32_t* need_prefix;
    uint8_t* small;                   /* per step: runs alone (the team warm) */
    uint8_t* small_cold;              /* ... after the team has been idle (pydml_team_cold): small + S + 1 */
    uint8_t* whole;                   /* per step: never beside another (step_size 3): small + 2 (S + 1) */
    /* profiling (pydml_graph_profile): per execution step, nanoseconds spent in it, summed over
     * the executions since profiling was switched on */
    uint64_t* step_ns;                /* allocated at the first pydml_graph_profile, freed with the graph */
    int profiling;                    /* whether executions add to step_ns (atomic) */
    clockid_t profile_clock;          /* CLOCK_MONOTONIC, or the calling thread's CPU time */
};

/* ---- messages ----------------------------------------------------------------------------- */

static pydml_status gfail(pydml_diagnostic* d, const char* field, const char* value, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));

static pydml_status gfail(pydml_diagnostic* d, const char* field, const char* value, const char* fmt, ...) {
    if (d == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    memset(d, 0, sizeof *d);
    snprintf(d->desc, sizeof d->desc, "DML_GRAPH_DESC");
    snprintf(d->field, sizeof d->field, "%s", field);
    va_list args;
    va_start(args, fmt);
    vsnprintf(d->rule, sizeof d->rule, fmt, args);
    va_end(args);
    if (value != NULL) {
        d->has_value = 1;
        snprintf(d->value, sizeof d->value, "%s", value);
    }
    snprintf(d->message, sizeof d->message, "DML_GRAPH_DESC%s%s: %s%s%s", field[0] ? "." : "", field, d->rule,
             value ? ", got " : "", value ? value : "");
    return PYDML_STATUS_INVALID_PARAMETER;
}

static void message_out(char* message, size_t size, const char* fmt, ...) __attribute__((format(printf, 3, 4)));

static void message_out(char* message, size_t size, const char* fmt, ...) {
    if (message == NULL || size == 0) return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, size, fmt, args);
    va_end(args);
}

/* ` "name"` for a Name, "" for none (at most NAME_SHOWN characters are read). */
static const char* quoted(char* buf, size_t size, const char* name) {
    if (name == NULL || size < 4) return "";
    size_t n = strnlen(name, NAME_SHOWN);
    snprintf(buf, size, " \"%.*s%s\"", (int)n, name, n == NAME_SHOWN ? "..." : "");
    return buf;
}

static const char* u32(char* buf, size_t size, uint64_t v) {
    snprintf(buf, size, "%llu", (unsigned long long)v);
    return buf;
}

static const char* node_name_of(const DML_GRAPH_DESC* desc, uint32_t i) {
    const DML_GRAPH_NODE_DESC* n = &desc->Nodes[i];
    if (n->Desc == NULL) return NULL;
    if (n->Type == DML_GRAPH_NODE_TYPE_OPERATOR) return ((const DML_OPERATOR_GRAPH_NODE_DESC*)n->Desc)->Name;
    if (n->Type == DML_GRAPH_NODE_TYPE_CONSTANT) return ((const DML_CONSTANT_DATA_GRAPH_NODE_DESC*)n->Desc)->Name;
    return NULL;
}

/* `Nodes[2] "add" (DML_ELEMENT_WISE_ADD_OPERATOR_DESC)` */
static const char* node_label(char* buf, size_t size, const DML_GRAPH_DESC* desc, const gnode* nodes, uint32_t i) {
    char q[NAME_SHOWN + 8];
    snprintf(buf, size, "Nodes[%u]%s (%s)", i, quoted(q, sizeof q, node_name_of(desc, i)),
             nodes[i].op ? pydml_operator_desc_name(nodes[i].op) : "constant data");
    return buf;
}

/* `"add" (DML_ELEMENT_WISE_ADD_OPERATOR_DESC)`: a node named by a message whose field is Nodes[i] */
static const char* node_self(char* buf, size_t size, const DML_GRAPH_DESC* desc, const gnode* nodes, uint32_t i) {
    char q[NAME_SHOWN + 8];
    const char* name = quoted(q, sizeof q, node_name_of(desc, i));
    snprintf(buf, size, "%s%s(%s)", name[0] ? name + 1 : "", name[0] ? " " : "",
             nodes[i].op ? pydml_operator_desc_name(nodes[i].op) : "constant data");
    return buf;
}

/* `edge "x": ` for a named edge, "" otherwise: the prefix of a rule about that edge. */
static const char* edge_prefix(char* buf, size_t size, const char* name) {
    char q[NAME_SHOWN + 8];
    buf[0] = 0;
    if (name == NULL) return buf;
    snprintf(buf, size, "edge%s: ", quoted(q, sizeof q, name));
    return buf;
}

static char* copy_name(const char* name) {
    if (name == NULL) return NULL;
    size_t n = strnlen(name, 255);
    char* out = malloc(n + 1);
    if (out) {
        memcpy(out, name, n);
        out[n] = 0;
    }
    return out;
}

/* ---- the one call into the operator API ----------------------------------------------------- */

static pydml_status run_node(const gnode* gn, const pydml_tensor* const* inputs, const pydml_tensor* const* outputs,
                             char* message, size_t message_size) {
    /* the graph binds its nodes' OWNED_BY_DML inputs from its own initialized copies, with the
     * generation their preparation got; no temporary buffer: each thread's own workspace (capi.c)
     * serves the node, as DirectML's graphs take no temporary resource of their callers here */
    return pydml_operator_execute_owned_views(gn->op, inputs, gn->n_in, outputs, gn->n_out, 1, gn->prepared, NULL,
                                              message, message_size);
}

/* ---- compile ------------------------------------------------------------------------------ */

/* Bytes a view reaches from its first element (what a constant must hold for it). */
static uint64_t view_span(const pydml_tensor* t) {
    uint64_t bits = (uint64_t)pydml_data_type_bits(t->data_type);
    return ((pydml_tensor_last_index(t) + 1u) * bits + 7u) / 8u;
}

/* An edge as seen from the binding it connects. */
typedef struct endpoint {
    uint32_t kind;                    /* DML_GRAPH_EDGE_TYPE_INPUT / INTERMEDIATE; 0: unconnected */
    uint32_t edge;
} endpoint;

static void graph_free(pydml_graph* g) {
    if (g == NULL) return;
    if (g->node_names)
        for (uint32_t i = 0; i < g->node_count; i++) free(g->node_names[i]);
    if (g->input_names)
        for (uint32_t i = 0; i < g->input_count; i++) free(g->input_names[i]);
    if (g->output_names)
        for (uint32_t i = 0; i < g->output_count; i++) free(g->output_names[i]);
    if (g->owned)
        for (uint32_t i = 0; i < g->input_count; i++)
            if (!g->owned_borrowed || !g->owned_borrowed[i]) pydml_buffer_release(g->owned[i]);
    free(g->owned_borrowed);
    free(g->node_names);
    free(g->input_names);
    free(g->output_names);
    free(g->owned);
    free(g->nodes);
    free(g->order);
    free(g->tmpl);
    free(g->slots);
    free(g->input_bytes);
    free(g->input_owned);
    free(g->input_reader);
    free(g->output_bytes);
    free(g->output_info);
    free(g->copies);
    free(g->constants);
    if (g->fused_ops)
        for (uint32_t i = 0; i < g->node_count; i++) pydml_operator_destroy(g->fused_ops[i]);
    free(g->fused_ops);
    free(g->fused_into);
    free(g->absorbed);
    free(g->bias_source);
    free(g->pred_count);
    free(g->succ_first);
    free(g->succ_steps);
    free(g->need_prefix);
    free(g->small);
    free(g->step_ns);
    free(g->cached.views);
    free(g->cached.pointers);
    free(g);
}

/* Binary min-heap of ready node indices: execution order takes the lowest ready index first. */
static void heap_push(uint32_t* heap, uint32_t* n, uint32_t v) {
    uint32_t i = (*n)++;
    heap[i] = v;
    while (i > 0 && heap[(i - 1) / 2] > heap[i]) {
        uint32_t p = (i - 1) / 2, t = heap[p];
        heap[p] = heap[i];
        heap[i] = t;
        i = p;
    }
}

static uint32_t heap_pop(uint32_t* heap, uint32_t* n) {
    uint32_t top = heap[0];
    heap[0] = heap[--(*n)];
    for (uint32_t i = 0;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < *n && heap[l] < heap[m]) m = l;
        if (r < *n && heap[r] < heap[m]) m = r;
        if (m == i) break;
        uint32_t t = heap[m];
        heap[m] = heap[i];
        heap[i] = t;
        i = m;
    }
    return top;
}

typedef struct arena_value {
    uint32_t binding;
    uint32_t start, end;              /* execution steps: produced at start, last read at end */
    uint64_t bytes, offset;
} arena_value;

/* Whether values u and v of a plan may be live at the same time. */
typedef int (*arena_conflict)(const void* ctx, const arena_value* values, uint32_t u, uint32_t v);

typedef struct size_key {
    uint64_t bytes;
    uint32_t start, value;
} size_key;

/* Largest first; then earliest produced (a total order: the same plan on every compilation). */
static int by_size(const void* x, const void* y) {
    const size_key* a = x;
    const size_key* b = y;
    if (a->bytes != b->bytes) return a->bytes > b->bytes ? -1 : 1;
    if (a->start != b->start) return a->start < b->start ? -1 : 1;
    return a->value < b->value ? -1 : a->value > b->value;
}

#define PLACE_BY_SIZE_MAX 4096u /* values: above, production order only (placing by size is O(n^2)) */

/* Greedy by size: the values, largest first, each take the lowest offset free of every value
 * already placed that may be live with it. A plan in production order (first fit) lets a small
 * value take the start of the hole a large one left, so the next large one goes past the end: a
 * decoder step's per-layer cache slices (freed once copied, each followed by small values) got
 * an arena as large as all its intermediates together. Offsets are written only when the peak is
 * below `peak` (the production-order plan's): the smaller of the two plans is kept. Returns the
 * peak kept (without memory for its tables, `peak`: the production-order plan stands). */
static uint64_t place_by_size(arena_value* values, uint32_t count, uint64_t peak, arena_conflict conflict,
                              const void* ctx) {
    if (count < 2 || count > PLACE_BY_SIZE_MAX) return peak;
    size_key* order = malloc((size_t)count * sizeof *order);
    uint32_t* occupied = malloc((size_t)count * sizeof *occupied);
    uint64_t* offsets = malloc((size_t)count * sizeof *offsets);
    if (!order || !occupied || !offsets) {
        free(order);
        free(occupied);
        free(offsets);
        return peak;
    }
    for (uint32_t v = 0; v < count; v++) order[v] = (size_key){values[v].bytes, values[v].start, v};
    qsort(order, count, sizeof *order, by_size);
    uint64_t top = 0;
    for (uint32_t i = 0; i < count && top < peak; i++) {
        const uint32_t v = order[i].value;
        uint32_t n = 0;
        for (uint32_t j = 0; j < i; j++) {
            const uint32_t u = order[j].value;
            if (!conflict(ctx, values, u, v)) continue;
            uint32_t at = n++; /* insertion by offset */
            while (at > 0 && offsets[occupied[at - 1]] > offsets[u]) {
                occupied[at] = occupied[at - 1];
                at--;
            }
            occupied[at] = u;
        }
        uint64_t offset = 0;
        for (uint32_t k = 0; k < n; k++) {
            const uint32_t u = occupied[k];
            if (offsets[u] >= offset + values[v].bytes) break;
            if (offsets[u] + values[u].bytes > offset) offset = offsets[u] + values[u].bytes;
        }
        offsets[v] = offset;
        if (offset + values[v].bytes > top) top = offset + values[v].bytes;
    }
    if (top < peak) {
        for (uint32_t v = 0; v < count; v++) values[v].offset = offsets[v];
        peak = top;
    }
    free(order);
    free(occupied);
    free(offsets);
    return peak;
}

/* Serial plans: values live from the step producing them to their last reader's step. */
static int intervals_overlap(const void* ctx, const arena_value* values, uint32_t u, uint32_t v) {
    (void)ctx;
    return values[u].start <= values[v].end && values[v].start <= values[u].end;
}

/* First fit by liveness: each value (in production order) takes the lowest offset that no value
 * live at the same time occupies. On a chain two values are live at once: the arena holds two.
 * Then place_by_size, and the smaller plan of the two. */
static uint64_t plan_arena(arena_value* values, uint32_t count, uint32_t* active) {
    uint64_t peak = 0;
    uint32_t n_active = 0;
    for (uint32_t v = 0; v < count; v++) {
        arena_value* a = &values[v];
        uint32_t keep = 0;
        for (uint32_t k = 0; k < n_active; k++)
            if (values[active[k]].end >= a->start) active[keep++] = active[k];
        n_active = keep;
        /* active sorted by offset (insertion keeps it so); find the first gap that fits */
        uint64_t offset = 0;
        uint32_t at = 0;
        for (; at < n_active; at++) {
            const arena_value* b = &values[active[at]];
            if (b->offset >= offset + a->bytes) break;
            if (b->offset + b->bytes > offset) offset = b->offset + b->bytes;
        }
        a->offset = offset;
        memmove(&active[at + 1], &active[at], (n_active - at) * sizeof *active);
        active[at] = v;
        n_active++;
        if (offset + a->bytes > peak) peak = offset + a->bytes;
    }
    return place_by_size(values, count, peak, intervals_overlap, NULL);
}


/* ---- fusion ------------------------------------------------------------------------------- */

/* Same element layout: data type, sizes and strides (a size-1 dimension's stride addresses nothing:
 * the ONNX front end writes 0 there for a broadcast batch of 1, the packed strides elsewhere). */
static int same_view(const pydml_tensor* a, const pydml_tensor* b) {
    if (a->data_type != b->data_type || a->dim_count != b->dim_count) return 0;
    for (uint32_t d = 0; d < a->dim_count; d++)
        if (a->sizes[d] != b->sizes[d] || (a->sizes[d] != 1 && a->strides[d] != b->strides[d])) return 0;
    return 1;
}

static const pydml_field_info* fused_activation_field(const pydml_operator_info* info) {
    for (uint32_t i = 0; i < info->field_count; i++)
        if (info->fields[i].kind == PYDML_FIELD_OPERATOR && strcmp(info->fields[i].name, "FusedActivation") == 0)
            return &info->fields[i];
    return NULL;
}

/* The producer's desc re-created with `act` as its FusedActivation, compiled at the producer's
 * feature level and flags; NULL when the validator or the kernel refuses it (then nothing fuses:
 * the rules of which activation fuses where, and from which level, are the validator's).
 * ELEMENT_WISE_ADD becomes ELEMENT_WISE_ADD1, ADD with a FusedActivation (ONNX Runtime's DirectML
 * provider fuses Add + activation the same way). */
static pydml_operator* recreate_fused(const pydml_operator* producer, const DML_OPERATOR_DESC* ad) {
    const DML_OPERATOR_DESC* pd = pydml_operator_desc(producer);
    if (pd == NULL || ad == NULL) return NULL;
    const pydml_operator_info* ainfo = pydml_find_operator_info(ad->Type);
    if (ainfo == NULL || !ainfo->fusable_from) return NULL;
    /* the activation as a FusedActivation: its tensors NULL (the FusedActivation page) */
    const size_t abytes = pydml_desc_struct_bytes(ainfo);
    unsigned char* abuf = calloc(1, abytes);
    if (abuf == NULL) return NULL;
    memcpy(abuf, ad->Desc, abytes);
    for (uint32_t i = 0; i < ainfo->field_count; i++) {
        const pydml_field_info* f = &ainfo->fields[i];
        if (f->kind == PYDML_FIELD_TENSOR || f->kind == PYDML_FIELD_TENSOR_ARRAY) {
            const void* none = NULL;
            memcpy(abuf + f->offset, &none, sizeof none);
        }
    }
    const DML_OPERATOR_DESC act = {ad->Type, abuf};
    const DML_OPERATOR_DESC* act_pointer = &act;
    pydml_operator* op = NULL;
    pydml_diagnostic diag;
    if (pd->Type == DML_OPERATOR_ELEMENT_WISE_ADD) {
        const DML_ELEMENT_WISE_ADD_OPERATOR_DESC* add = pd->Desc;
        const DML_ELEMENT_WISE_ADD1_OPERATOR_DESC add1 = {add->ATensor, add->BTensor, add->OutputTensor, &act};
        const DML_OPERATOR_DESC fused = {DML_OPERATOR_ELEMENT_WISE_ADD1, &add1};
        if (pydml_operator_create_ex(&fused, pydml_operator_feature_level(producer),
                                     pydml_operator_execution_flags(producer), &op, &diag))
            op = NULL;
    } else {
        const pydml_operator_info* pinfo = pydml_find_operator_info(pd->Type);
        const pydml_field_info* field = pinfo ? fused_activation_field(pinfo) : NULL;
        const void* current = NULL;
        if (field) memcpy(&current, (const unsigned char*)pd->Desc + field->offset, sizeof current);
        if (field && current == NULL) {
            const size_t pbytes = pydml_desc_struct_bytes(pinfo);
            unsigned char* pbuf = calloc(1, pbytes);
            if (pbuf) {
                memcpy(pbuf, pd->Desc, pbytes);
                memcpy(pbuf + field->offset, &act_pointer, sizeof act_pointer);
                const DML_OPERATOR_DESC fused = {pd->Type, pbuf};
                if (pydml_operator_create_ex(&fused, pydml_operator_feature_level(producer),
                                             pydml_operator_execution_flags(producer), &op, &diag))
                    op = NULL;
                free(pbuf);
            }
        }
    }
    free(abuf);
    return op;
}

/* An ELEMENT_WISE_CLIP1 node as the ELEMENT_WISE_CLIP FusedActivation that stands in for it (in
 * `clip`; 0 when none does): float bounds (FLOAT32, or FLOAT16 widened: exact; pydml_activation_of
 * reads them), Min <= Max (the validator's rule for CLIP1, checked again: there CLIP's min(Max,
 * max(Min, x)) and CLIP1's max(Min, min(x, Max)) agree on every number) and no ScaleBias; the NaN the
 * two send apart (CLIP to Min, CLIP1 to Max) is CLIP1's in the fused operator, which runs CLIP1's own
 * kernel (pydml_activation_override). DirectML fuses CLIP into CONVOLUTION and GEMM from 6_0
 * (dml-fused-activations.md); ONNX Runtime's provider lowers Clip to its own node, which a chain of
 * MobileNet convolutions then reads and writes again (35 of MobileNetV2's 99 steps). On FLOAT16 the
 * fused clip runs before the rounding, the node's after it: the same value, the bounds being FLOAT16
 * values and the rounding monotonic. */
static int clip1_as_clip(const pydml_operator* node, DML_ELEMENT_WISE_CLIP_OPERATOR_DESC* clip) {
    const DML_OPERATOR_DESC* d = pydml_operator_desc(node);
    if (d == NULL || d->Type != DML_OPERATOR_ELEMENT_WISE_CLIP1) return 0;
    const DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC* c = d->Desc;
    if (c->ScaleBias != NULL ||
        (c->MinMaxDataType != DML_TENSOR_DATA_TYPE_FLOAT32 && c->MinMaxDataType != DML_TENSOR_DATA_TYPE_FLOAT16))
        return 0;
    pydml_activation bounds;
    pydml_activation_of(d, &bounds);
    if (!(bounds.params[0] <= bounds.params[1])) return 0;
    memset(clip, 0, sizeof *clip);
    clip->Min = bounds.params[0];
    clip->Max = bounds.params[1];
    return 1;
}

/* A convolution's desc re-created with a BiasTensor read through `bias` (a view of the bias
 * add's other input: a per-channel broadcast); NULL when refused. */
static pydml_operator* recreate_with_bias(const pydml_operator* conv, const pydml_tensor* bias) {
    const DML_OPERATOR_DESC* cd = pydml_operator_desc(conv);
    if (cd == NULL || cd->Type != DML_OPERATOR_CONVOLUTION) return NULL;
    const DML_CONVOLUTION_OPERATOR_DESC* c = cd->Desc;
    if (c->BiasTensor != NULL || c->FusedActivation != NULL) return NULL;
    UINT sizes[PYDML_MAX_DIMS], strides[PYDML_MAX_DIMS];
    const uint32_t dims = bias->dim_count;
    for (uint32_t d = 0; d < dims; d++) {
        sizes[d] = d == 1 ? bias->sizes[1] : 1u;
        strides[d] = d == 1 ? (UINT)bias->strides[1] : 0u;
    }
    const uint64_t bits = (uint64_t)pydml_data_type_bits(bias->data_type);
    const uint64_t span = (((uint64_t)(sizes[1] - 1u) * strides[1] + 1u) * bits + 7u) / 8u;
    DML_BUFFER_TENSOR_DESC buffer = {(DML_TENSOR_DATA_TYPE)bias->data_type, DML_TENSOR_FLAG_NONE, dims, sizes,
                                     strides[1] == 1 ? NULL : strides, (span + 3u) & ~(uint64_t)3u, 0};
    const DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_CONVOLUTION_OPERATOR_DESC with = *c;
    with.BiasTensor = &tensor;
    const DML_OPERATOR_DESC desc = {DML_OPERATOR_CONVOLUTION, &with};
    pydml_operator* op = NULL;
    pydml_diagnostic diag;
    if (pydml_operator_create_ex(&desc, pydml_operator_feature_level(conv), pydml_operator_execution_flags(conv),
                                 &op, &diag))
        return NULL;
    return op;
}

/* A per-channel broadcast of `like`: its data type, dimension count and sizes, every stride but
 * the channel dimension's (1) zero. */
static int is_channel_broadcast(const pydml_tensor* t, const pydml_tensor* like) {
    if (t->data_type != like->data_type || t->dim_count != like->dim_count || t->dim_count < 3) return 0;
    for (uint32_t d = 0; d < t->dim_count; d++)
        if (t->sizes[d] != like->sizes[d] || (d != 1 && t->strides[d] != 0)) return 0;
    return 1;
}

/* The node whose operator computes node q's output 0 (q itself unless q was absorbed). */
static uint32_t runner_of(const pydml_graph* g, uint32_t q) {
    return g->fused_into[q] != UINT32_MAX ? g->fused_into[q] : q;
}

/* Output 0 of node q (an intermediate from an operator node) may disappear into its readers: they
 * are `readers` nodes (1, or a sigmoid and its multiply: find_silu), nothing else reads it, no graph
 * output is it, and q's runner has absorbed nothing after q. */
static int output_private_n(const pydml_graph* g, uint32_t q, const uint32_t* consumers, const uint32_t* output_edge_of,
                            uint32_t readers) {
    const gnode* qn = &g->nodes[q];
    if (qn->op == NULL || qn->n_out < 1) return 0;
    const uint32_t ob = qn->first + qn->n_in;
    const uint32_t r = runner_of(g, q);
    const uint32_t last = g->absorbed[r] != UINT32_MAX ? g->absorbed[r] : r;
    return consumers[ob] == readers && output_edge_of[ob] == UINT32_MAX && last == q;
}

static int output_private(const pydml_graph* g, uint32_t q, const uint32_t* consumers, const uint32_t* output_edge_of) {
    return output_private_n(g, q, consumers, output_edge_of, 1);
}

/* Whether two node inputs read the same value: one graph input, or one output of one node. */
static int same_source(const DML_GRAPH_DESC* desc, endpoint a, endpoint b) {
    if (a.kind != b.kind) return 0;
    if (a.kind == DML_GRAPH_EDGE_TYPE_INPUT) {
        const DML_INPUT_GRAPH_EDGE_DESC* x = desc->InputEdges[a.edge].Desc;
        const DML_INPUT_GRAPH_EDGE_DESC* y = desc->InputEdges[b.edge].Desc;
        return x->GraphInputIndex == y->GraphInputIndex;
    }
    if (a.kind == DML_GRAPH_EDGE_TYPE_INTERMEDIATE) {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[a.edge].Desc;
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* y = desc->IntermediateEdges[b.edge].Desc;
        return x->FromNodeIndex == y->FromNodeIndex && x->FromNodeOutputIndex == y->FromNodeOutputIndex;
    }
    return 0;
}

/* Sigmoid * x (SiLU: torch exports F.silu as Sigmoid and Mul; EfficientNet's and YOLO's activation,
 * Llama's MLP gate): an ELEMENT_WISE_MULTIPLY of a value x and ACTIVATION_SIGMOID(x), the sigmoid's
 * output read by the multiply alone and by no graph output, every view the same. silu[s] = m for
 * each such sigmoid s and multiply m; the activation pass below runs the pair inside the producer
 * of x (a CONVOLUTION or GEMM, whose output the two read) as PYDML_ACTIVATION_SILU: the SIGMOID
 * kernel, then the product, the two nodes' own roundings (FLOAT32: their bits). pydml's rewrite:
 * ONNX Runtime's DirectML provider runs Sigmoid and Mul as two operators, each a pass over x. */
static void find_silu(const pydml_graph* g, const DML_GRAPH_DESC* desc, const endpoint* conn, const uint32_t* consumers,
                      const uint32_t* output_edge_of, uint32_t* silu) {
    for (uint32_t m = 0; m < g->node_count; m++) {
        const gnode* mn = &g->nodes[m];
        if (mn->op == NULL || mn->n_in != 2 || mn->n_out != 1 || g->fused_into[m] != UINT32_MAX ||
            g->absorbed[m] != UINT32_MAX || pydml_operator_type(mn->op) != DML_OPERATOR_ELEMENT_WISE_MULTIPLY)
            continue;
        for (uint32_t side = 0; side < 2; side++) {
            const uint32_t in = mn->first + side, other = mn->first + (1u - side);
            if (conn[in].kind != DML_GRAPH_EDGE_TYPE_INTERMEDIATE) continue;
            const DML_INTERMEDIATE_GRAPH_EDGE_DESC* e = desc->IntermediateEdges[conn[in].edge].Desc;
            const uint32_t s = e->FromNodeIndex;
            const gnode* sn = &g->nodes[s];
            if (e->FromNodeOutputIndex != 0 || sn->op == NULL || sn->n_in != 1 || sn->n_out != 1 ||
                g->fused_into[s] != UINT32_MAX || g->absorbed[s] != UINT32_MAX || silu[s] != UINT32_MAX ||
                pydml_operator_type(sn->op) != DML_OPERATOR_ACTIVATION_SIGMOID)
                continue;
            const uint32_t sob = sn->first + sn->n_in;
            if (consumers[sob] != 1 || output_edge_of[sob] != UINT32_MAX || !same_source(desc, conn[sn->first], conn[other]))
                continue;
            const pydml_tensor* t = &g->tmpl[sn->first];
            if (!same_view(t, &g->tmpl[sob]) || !same_view(t, &g->tmpl[in]) || !same_view(t, &g->tmpl[other]) ||
                !same_view(t, &g->tmpl[mn->first + 2]))
                continue;
            silu[s] = m;
            break;
        }
    }
}

static void absorb(pydml_graph* g, uint32_t runner, uint32_t node, pydml_operator* op) {
    pydml_operator_destroy(g->fused_ops[runner]); /* an earlier re-creation, now superseded */
    g->fused_ops[runner] = op;
    g->nodes[runner].op = op;
    g->absorbed[runner] = node;
    g->fused_into[node] = runner;
    g->fused_count++;
}

/* Two rewrites, each re-creating the node that runs them from its desc; the validator and the
 * kernel decide (a refused re-creation leaves the graph as it was):
 *  - bias folding: an ELEMENT_WISE_ADD of a CONVOLUTION's output (no BiasTensor, no
 *    FusedActivation) and a per-channel broadcast read from a graph input or a constant node
 *    becomes the convolution's BiasTensor (one pass instead of two: the bias starts the
 *    accumulator, as the convolution's own BiasTensor does);
 *  - activation fusion: an activation node A whose one input is output 0 of an operator that has a
 *    FusedActivation field (or of ELEMENT_WISE_ADD, made ADD1) runs inside it.
 * Either needs the intermediate to be read by that one node alone, by no graph output, in the same
 * layout. Fused results equal the unfused ones within the operators' tolerances (an activation is
 * applied to the value before it is stored; a folded bias is added before the products). */
static pydml_status fuse_nodes(pydml_graph* g, const DML_GRAPH_DESC* desc, const endpoint* conn,
                               const uint32_t* consumers, const uint32_t* output_edge_of) {
    const uint32_t N = g->node_count;
    /* bias folding */
    for (uint32_t a = 0; a < N; a++) {
        const gnode* an = &g->nodes[a];
        if (an->op == NULL || pydml_operator_type(an->op) != DML_OPERATOR_ELEMENT_WISE_ADD || an->n_in != 2) continue;
        for (uint32_t side = 0; side < 2; side++) {
            const uint32_t in = an->first + side, other = an->first + (1u - side);
            if (conn[in].kind != DML_GRAPH_EDGE_TYPE_INTERMEDIATE) continue;
            const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[conn[in].edge].Desc;
            const uint32_t p = x->FromNodeIndex;
            if (x->FromNodeOutputIndex != 0 || g->fused_into[p] != UINT32_MAX || g->absorbed[p] != UINT32_MAX ||
                !output_private(g, p, consumers, output_edge_of) ||
                pydml_operator_type(g->nodes[p].op) != DML_OPERATOR_CONVOLUTION)
                continue;
            const uint32_t ob = g->nodes[p].first + g->nodes[p].n_in;
            /* the bias must exist before the convolution runs: a graph input or a constant */
            int fixed = conn[other].kind == DML_GRAPH_EDGE_TYPE_INPUT;
            if (conn[other].kind == DML_GRAPH_EDGE_TYPE_INTERMEDIATE) {
                const DML_INTERMEDIATE_GRAPH_EDGE_DESC* y = desc->IntermediateEdges[conn[other].edge].Desc;
                fixed = g->nodes[y->FromNodeIndex].op == NULL;
            }
            const pydml_tensor* out = &g->tmpl[an->first + 2];
            if (!fixed || !same_view(&g->tmpl[ob], &g->tmpl[in]) || !is_channel_broadcast(&g->tmpl[other], out) ||
                out->data_type != g->tmpl[in].data_type || out->dim_count != g->tmpl[in].dim_count ||
                memcmp(out->sizes, g->tmpl[in].sizes, out->dim_count * sizeof out->sizes[0]) != 0)
                continue;
            pydml_operator* op = recreate_with_bias(g->nodes[p].op, &g->tmpl[other]);
            if (op == NULL) continue;
            if (pydml_operator_input_count(op) != g->nodes[p].n_in || pydml_operator_output_count(op) != 1) {
                pydml_operator_destroy(op);
                continue;
            }
            absorb(g, p, a, op);
            g->bias_source[p] = other;
            break;
        }
    }
    uint32_t* silu = malloc((size_t)N * sizeof *silu);
    if (silu == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < N; i++) silu[i] = UINT32_MAX;
    find_silu(g, desc, conn, consumers, output_edge_of, silu);
    /* activations */
    for (uint32_t a = 0; a < N; a++) {
        const gnode* an = &g->nodes[a];
        if (an->op == NULL || an->n_in != 1 || an->n_out != 1 || g->fused_into[a] != UINT32_MAX) continue;
        const pydml_operator_info* ainfo = pydml_find_operator_info(pydml_operator_type(an->op));
        DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip;
        const int as_clip = clip1_as_clip(an->op, &clip);
        /* a SWISH or HARD_SWISH (DirectML fuses neither: MobileNetV3's activation), and a sigmoid
         * whose multiply by x (find_silu) runs with it; their kernel parameters */
        const uint32_t atype = pydml_operator_type(an->op);
        const int swish = atype == DML_OPERATOR_ACTIVATION_SWISH || atype == DML_OPERATOR_ACTIVATION_HARD_SWISH;
        const uint32_t mul = silu[a];
        pydml_activation own_act = {PYDML_ACTIVATION_SILU, {0.0f, 0.0f, 0.0f, 0.0f}};
        if (swish || as_clip) {
            const DML_OPERATOR_DESC* sd = pydml_operator_desc(an->op);
            if (sd == NULL) continue;
            pydml_activation_of(sd, &own_act); /* the node's own kernel parameters */
        }
        if (ainfo == NULL || (!ainfo->fusable_from && !as_clip && !swish)) continue;
        if (conn[an->first].kind != DML_GRAPH_EDGE_TYPE_INTERMEDIATE) continue;
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[conn[an->first].edge].Desc;
        const uint32_t q = x->FromNodeIndex;
        if (x->FromNodeOutputIndex != 0 ||
            !output_private_n(g, q, consumers, output_edge_of, mul != UINT32_MAX ? 2u : 1u))
            continue;
        const uint32_t p = runner_of(g, q);
        const uint32_t ob = g->nodes[q].first + g->nodes[q].n_in;
        const pydml_tensor* produced = &g->tmpl[ob];
        const pydml_tensor* read = &g->tmpl[an->first];
        const pydml_tensor* written = &g->tmpl[an->first + 1];
        if (!same_view(produced, read) || written->data_type != read->data_type ||
            written->dim_count != read->dim_count ||
            memcmp(written->sizes, read->sizes, read->dim_count * sizeof read->sizes[0]) != 0)
            continue;
        /* the runner writes q's output in q's layout: its own output must be that layout too */
        if (q != p && !same_view(&g->tmpl[g->nodes[p].first + g->nodes[p].n_in], produced)) continue;
        pydml_operator* op;
        if (as_clip) {
            const DML_OPERATOR_DESC act = {DML_OPERATOR_ELEMENT_WISE_CLIP, &clip};
            pydml_activation_override(&own_act);
            op = recreate_fused(g->nodes[p].op, &act);
            pydml_activation_override(NULL);
        } else if (swish || mul != UINT32_MAX) {
            /* as a SIGMOID stand-in (which DirectML fuses), into CONVOLUTION or GEMM only: the
             * families whose kernels apply any activation through the element-wise engine */
            const uint32_t pt = pydml_operator_type(g->nodes[p].op);
            const DML_ACTIVATION_SIGMOID_OPERATOR_DESC sig = {NULL, NULL};
            const DML_OPERATOR_DESC act = {DML_OPERATOR_ACTIVATION_SIGMOID, &sig};
            op = NULL;
            if (pt == DML_OPERATOR_CONVOLUTION || pt == DML_OPERATOR_GEMM) {
                pydml_activation_override(&own_act);
                op = recreate_fused(g->nodes[p].op, &act);
                pydml_activation_override(NULL);
            }
        } else {
            op = recreate_fused(g->nodes[p].op, pydml_operator_desc(an->op));
        }
        if (op == NULL) continue;
        if (pydml_operator_input_count(op) != g->nodes[p].n_in || pydml_operator_output_count(op) != g->nodes[p].n_out) {
            pydml_operator_destroy(op);
            continue;
        }
        absorb(g, p, a, op);
        if (mul != UINT32_MAX) { /* and the multiply: the runner writes its output, the chain's last */
            g->absorbed[p] = mul;
            g->fused_into[mul] = p;
            g->fused_count++;
        }
    }
    free(silu);
    if (g->fused_count == 0) return PYDML_STATUS_SUCCESS;
    /* the absorbed nodes leave the order; each takes its runner's step */
    uint32_t steps = 0;
    for (uint32_t k = 0; k < g->step_count; k++) {
        const uint32_t i = g->order[k];
        if (g->fused_into[i] != UINT32_MAX) continue;
        g->nodes[i].step = steps;
        g->order[steps++] = i;
    }
    for (uint32_t i = 0; i < N; i++)
        if (g->fused_into[i] != UINT32_MAX) g->nodes[i].step = g->nodes[g->fused_into[i]].step;
    g->step_count = steps;
    return PYDML_STATUS_SUCCESS;
}


/* ---- private operators -------------------------------------------------------------------- */

typedef struct op_use {
    uintptr_t op;
    uint32_t node;
} op_use;

static int op_use_cmp(const void* a, const void* b) {
    const op_use* x = a;
    const op_use* y = b;
    if (x->op != y->op) return x->op < y->op ? -1 : 1;
    return x->node < y->node ? -1 : x->node > y->node;
}

/* One operator may run several nodes (a front end compiles each distinct desc once: a model's
 * repeated layers share it), but an operator keeps one preparation of its owned inputs (GEMM's
 * packed B panels, a convolution's packed filter: prepare_owned_inputs), so every node but one
 * would prepare its weights again at each execution. Each further node that reads owned inputs
 * through an operator already running another node gets its own, re-created from the same desc at
 * the same level and flags (DirectML likewise gives each node of a compiled graph its own
 * persistent resource). The copy computes the same bits; a refused re-creation keeps the shared
 * operator (correct, only slower). */
static pydml_status private_operators(pydml_graph* g) {
    const uint32_t N = g->node_count;
    op_use* uses = malloc((N + 1u) * sizeof *uses);
    if (uses == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    uint32_t n = 0;
    for (uint32_t i = 0; i < N; i++)
        if (g->nodes[i].op != NULL && g->fused_into[i] == UINT32_MAX && g->fused_ops[i] == NULL)
            uses[n++] = (op_use){(uintptr_t)g->nodes[i].op, i};
    qsort(uses, n, sizeof *uses, op_use_cmp);
    for (uint32_t a = 0; a < n;) {
        uint32_t b = a;
        int kept = 0;
        for (; b < n && uses[b].op == uses[a].op; b++) {
            gnode* gn = &g->nodes[uses[b].node];
            int owned = 0;
            for (uint32_t k = 0; k < gn->n_in; k++) owned |= g->slots[gn->first + k].kind == SRC_OWNED;
            /* (an operator that prepares nothing, a decoder's weight GEMVs that read B in place,
             * serves every node as it is: a copy per node cost a decoder's plan at each new past
             * length 20 operator creations, most of its graph compilation) */
            if (!owned || !pydml_operator_prepares_owned(gn->op)) continue;
            if (!kept) { /* the first node with owned inputs keeps the operator */
                kept = 1;
                continue;
            }
            const pydml_operator* shared = gn->op;
            pydml_operator* op = NULL;
            pydml_diagnostic diag;
            if (pydml_operator_create_ex(pydml_operator_desc(shared), pydml_operator_feature_level(shared),
                                         pydml_operator_execution_flags(shared), &op, &diag))
                continue;
            if (pydml_operator_input_count(op) != gn->n_in || pydml_operator_output_count(op) != gn->n_out) {
                pydml_operator_destroy(op);
                continue;
            }
            g->fused_ops[uses[b].node] = op; /* the graph's: destroyed with it */
            gn->op = op;
        }
        a = b;
    }
    free(uses);
    return PYDML_STATUS_SUCCESS;
}

/* ---- concurrency plan --------------------------------------------------------------------- */

#define MAX_OVERLAP_VALUES 8192u /* beyond, a step waits for every earlier one before reusing memory */

/* The data dependencies between execution steps (an intermediate edge between two operator nodes
 * run by different steps); after_previous[s]: step s reads step s - 1's output. */
static pydml_status plan_dependencies(pydml_graph* g, const DML_GRAPH_DESC* desc, uint8_t* after_previous) {
    const uint32_t S = g->step_count;
    g->pred_count = calloc(S + 1u, sizeof *g->pred_count);
    g->succ_first = calloc(S + 2u, sizeof *g->succ_first);
    g->succ_steps = malloc((desc->IntermediateEdgeCount + 1u) * sizeof *g->succ_steps);
    g->need_prefix = calloc(S + 1u, sizeof *g->need_prefix);
    g->small = calloc(3u * (S + 1u), sizeof *g->small);
    g->small_cold = g->small ? g->small + S + 1u : NULL;
    g->whole = g->small ? g->small + 2u * (S + 1u) : NULL;
    if (!g->pred_count || !g->succ_first || !g->succ_steps || !g->need_prefix || !g->small)
        return PYDML_STATUS_OUT_OF_MEMORY;
    /* need_prefix serves as the fill cursor of the successor lists until the memory pass */
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            for (uint32_t k = 0; k < S; k++) g->succ_first[k + 1] += g->succ_first[k];
        for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
            const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
            const gnode* from = &g->nodes[x->FromNodeIndex];
            const gnode* to = &g->nodes[x->ToNodeIndex];
            if (from->op == NULL || to->op == NULL || from->step == to->step) continue;
            if (!pass) {
                g->succ_first[from->step + 1]++;
                continue;
            }
            g->succ_steps[g->succ_first[from->step] + g->need_prefix[from->step]++] = to->step;
            g->pred_count[to->step]++;
            if (to->step == from->step + 1) after_previous[to->step] = 1;
        }
    }
    memset(g->need_prefix, 0, (S + 1u) * sizeof *g->need_prefix);
    return PYDML_STATUS_SUCCESS;
}

/* Some step reads nothing from its predecessor in the order: branches exist. */
static int has_branches(const pydml_graph* g, const uint8_t* after_previous) {
    for (uint32_t k = 1; k < g->step_count; k++)
        if (!after_previous[k]) return 1;
    return 0;
}

#define MAX_DAG_PLAN 1024u /* steps and values of a graph whose arena is planned on the DAG */

/* What plan_arena_dag knows of the steps: each one's ancestors (a bit set of `words` words per
 * step) and each value's readers. */
typedef struct dag_liveness {
    const uint64_t* anc;
    uint32_t words;
    const uint32_t* reader_first;
    const uint32_t* readers;
} dag_liveness;

/* Whether value x is dead before value y is produced: x's step and every step reading it are
 * ancestors of y's step, so they have finished on any schedule. */
static int dead_before(const dag_liveness* d, const arena_value* values, uint32_t x, uint32_t y) {
    const arena_value* b = &values[x];
    const uint32_t at = values[y].start;
    const uint64_t* before = d->anc + (size_t)at * d->words;
    int dead = b->start != at && ((before[b->start / 64u] >> (b->start % 64u)) & 1u);
    for (uint32_t r = d->reader_first[x]; dead && r < d->reader_first[x + 1]; r++)
        dead = d->readers[r] != at && ((before[d->readers[r] / 64u] >> (d->readers[r] % 64u)) & 1u);
    return dead;
}

static int dag_conflict(const void* ctx, const arena_value* values, uint32_t u, uint32_t v) {
    return !dead_before(ctx, values, u, v) && !dead_before(ctx, values, v, u);
}

/* The arena planned on the graph's partial order instead of the sequential one: value a may take
 * memory of an earlier value b only when b's producer and every reader of b are ancestors of a's
 * producer, so whichever order independent steps run in, a never overwrites b early. A chain
 * plans as the sequential planner does (two intermediates); branches get memory of their own,
 * and no step waits for memory. Returns the peak; UINT64_MAX when out of memory. */
static uint64_t plan_arena_dag(const pydml_graph* g, const DML_GRAPH_DESC* desc, arena_value* values,
                               uint32_t count, uint32_t bindings) {
    const uint32_t S = g->step_count, words = (S + 63u) / 64u;
    uint64_t* anc = calloc((size_t)S * words + 1u, sizeof *anc);
    uint32_t* value_of = malloc((bindings + 1u) * sizeof *value_of);
    uint32_t* reader_first = calloc(count + 2u, sizeof *reader_first);
    uint32_t* readers = malloc((desc->IntermediateEdgeCount + 1u) * sizeof *readers);
    uint32_t* cursor = calloc(count + 1u, sizeof *cursor);
    uint32_t* occupied = malloc((count + 1u) * sizeof *occupied);
    uint64_t peak = UINT64_MAX;
    if (!anc || !value_of || !reader_first || !readers || !cursor || !occupied) goto out;
    /* ancestors: steps in order, predecessors first */
    for (uint32_t k = 0; k < S; k++)
        for (uint32_t e = g->succ_first[k]; e < g->succ_first[k + 1]; e++) {
            const uint32_t t = g->succ_steps[e];
            uint64_t* to = anc + (size_t)t * words;
            const uint64_t* from = anc + (size_t)k * words;
            for (uint32_t w = 0; w < words; w++) to[w] |= from[w];
            to[k / 64u] |= 1ull << (k % 64u);
        }
    for (uint32_t b = 0; b < bindings; b++) value_of[b] = UINT32_MAX;
    for (uint32_t v = 0; v < count; v++) value_of[values[v].binding] = v;
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            for (uint32_t v = 0; v < count; v++) reader_first[v + 1] += reader_first[v];
        for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
            const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
            const gnode* from = &g->nodes[x->FromNodeIndex];
            if (from->op == NULL) continue;
            const uint32_t v = value_of[from->first + from->n_in + x->FromNodeOutputIndex];
            if (v == UINT32_MAX) continue;
            if (!pass)
                reader_first[v + 1]++;
            else
                readers[reader_first[v] + cursor[v]++] = g->nodes[x->ToNodeIndex].step;
        }
    }
    const dag_liveness live = {anc, words, reader_first, readers};
    peak = 0;
    for (uint32_t v = 0; v < count; v++) {
        arena_value* a = &values[v];
        uint32_t n = 0;
        for (uint32_t u = 0; u < v; u++) {
            const arena_value* b = &values[u];
            if (dead_before(&live, values, u, v)) continue;
            /* insertion by offset (n stays small: the values that may be live with a) */
            uint32_t at = n++;
            while (at > 0 && values[occupied[at - 1]].offset > b->offset) {
                occupied[at] = occupied[at - 1];
                at--;
            }
            occupied[at] = u;
        }
        uint64_t offset = 0;
        for (uint32_t k = 0; k < n; k++) {
            const arena_value* b = &values[occupied[k]];
            if (b->offset >= offset + a->bytes) break;
            if (b->offset + b->bytes > offset) offset = b->offset + b->bytes;
        }
        a->offset = offset;
        if (offset + a->bytes > peak) peak = offset + a->bytes;
    }
    peak = place_by_size(values, count, peak, dag_conflict, &live);
out:
    free(anc);
    free(value_of);
    free(reader_first);
    free(readers);
    free(cursor);
    free(occupied);
    return peak;
}

/* Whether a step is too small for a team, at plan time from its shapes alone (so fixed per plan;
 * results never depend on it: kernels give the same bits on any team). A contraction is judged by
 * its multiply-adds (output elements times the reduced length: a GEMM's K, a convolution's filter
 * elements per output channel), anything else by the elements of its bindings. A one-token GEMV
 * of 256 x 768 touches 200 K elements but is a single 50-microsecond pass over its weight, where
 * waking the team's sleeping threads costs tens of microseconds and a region over a spinning
 * team a few; an element-wise step of 32 K elements takes about ten. */
#define SMALL_ELEMENTS (1u << 15)
#define WHOLE_BARS 64u

/* Operators that only move elements (a gather, a join, a slice: memcpy-like runs, some 0.1 ns an
 * element): four times the element bar. A decoder's key/value cache gathers and joins reach 40 to
 * 65 K elements at 30 tokens, a few microseconds each, where a team's region costs more. */
static int moves_only(uint32_t type) {
    switch (type) {
    case DML_OPERATOR_GATHER: case DML_OPERATOR_GATHER_ELEMENTS: case DML_OPERATOR_GATHER_ND:
    case DML_OPERATOR_GATHER_ND1: case DML_OPERATOR_JOIN: case DML_OPERATOR_SPLIT: case DML_OPERATOR_SLICE:
    case DML_OPERATOR_SLICE1: case DML_OPERATOR_PADDING: case DML_OPERATOR_PADDING1: case DML_OPERATOR_TILE:
    case DML_OPERATOR_ELEMENT_WISE_IDENTITY: case DML_OPERATOR_ACTIVATION_IDENTITY:
    case DML_OPERATOR_DEPTH_TO_SPACE: case DML_OPERATOR_DEPTH_TO_SPACE1: case DML_OPERATOR_SPACE_TO_DEPTH:
    case DML_OPERATOR_SPACE_TO_DEPTH1:
        return 1;
    default:
        return 0;
    }
}

/* Whether a graph compiled with these options may run steps side by side: PYDML_GRAPH_CONCURRENT
 * without PYDML_GRAPH_SERIAL (pydml.h). */
static int concurrent_options(uint32_t options) {
    return (options & PYDML_GRAPH_CONCURRENT) && !(options & PYDML_GRAPH_SERIAL);
}

/* A step's size class: 0 small (runs on the calling thread alone), 1 worth a team, 2 worth a
 * team and worth running beside another such step: from 4 times the team bar (the scheduler's
 * locks and wake-ups cost microseconds per step, tens on a loaded host) to below WHOLE_BARS times
 * it; 3 from there: a step that uses the whole team well by itself, and beside another would get
 * one thread of it, so it never runs beside another (scheduler_worker): on the quiet 2-CPU AVX2
 * host (2026-11-29), ResNet-18 ran 0.56-0.59x onnxruntime at batch 1 and 0.72-0.77x at batch 8
 * with its 115 M multiply-add 3x3 stride-2 convolutions beside their 6.4 M 1x1 downsampling
 * branches, 0.66-0.68x and 0.89x one step at a time; BERT's Q, K and V projections (75 M at batch
 * 1) measured the same either way. Four branches of 64 K-element unary steps ran 1.45x serial side
 * by side there (bench_graph.py --case branches; 0.74-0.93x on the Zen 5 of 2026-12-03, where
 * concurrency became an option asked for, pydml.h). */
static int step_size(const pydml_graph* g, const gnode* gn, pydml_team_bars bars) {
    const uint64_t macs = pydml_operator_macs(gn->op);
    uint64_t work = macs, small = bars.small, bar = bars.side;
    if (macs == 0) {
        for (uint32_t b = 0; b < gn->n_in + gn->n_out; b++)
            /* (an absent optional binding has no dimensions) */
            if (g->tmpl[gn->first + b].dim_count) work += pydml_tensor_element_count(&g->tmpl[gn->first + b]);
        bar = moves_only(pydml_operator_type(gn->op)) ? 4u * SMALL_ELEMENTS : SMALL_ELEMENTS;
        small = bar;
    }
    if (work < small) return 0;
    if (bar && work / WHOLE_BARS >= bar) return 3;
    return work / 4u < bar ? 1 : 2;
}

/* Whether a step is worth running beside another (size class 2). Copies are not: side by side on
 * half the team each they move the same bytes at the same bandwidth, and the concurrent scheduler
 * costs its wake-ups at every step (a decoder step at a past of 300, whose key and value caches'
 * final joins were its only such steps: 1.26-1.47 ms concurrently, 0.75 ms one step at a time). */
static int step_large(const pydml_graph* g, const gnode* gn, pydml_team_bars bars) {
    return !moves_only(pydml_operator_type(gn->op)) && step_size(g, gn, bars) == 2;
}

/* The steps that run alone once the team has been idle (pydml_team_cold, common.h): those below the
 * sleeping team's contraction bar (team_macs: the side bar), whatever the wait policy says: its
 * worker is asleep, and in a VM each region's wake-up then costs 0.3-0.7 ms. A decoder token step
 * after 20 ms without work took 12-15 ms with its 13 GEMVs (200-260 K multiply-adds) on the team,
 * where back to back it takes 0.3-0.4 ms; onnxruntime, whose pool spins much longer, 1.2 ms. A
 * longer GOMP_SPINCOUNT would keep the workers awake but spin them after every operator (numpy's
 * matmul right after a pydml GEMM: 1.7x its time at 100 K rounds, 2.8x at 1 M). */
static void classify_cold(pydml_graph* g, pydml_team_bars warm) {
    const pydml_team_bars cold = {warm.side > warm.small ? warm.side : warm.small, warm.side};
    for (uint32_t k = 0; k < g->step_count; k++) g->small_cold[k] = step_size(g, &g->nodes[g->order[k]], cold) == 0;
}

/* Whether any step is large (plan_concurrency's test): when none is, the graph will run one step
 * at a time and its arena is planned serially, not on the DAG (a decoder step's 72 steps: its
 * pair-wise liveness tests were a tenth of a compilation). */
static int may_run_side_by_side(const pydml_graph* g) {
    const pydml_team_bars bars = pydml_team_macs();
    for (uint32_t k = 0; k < g->step_count; k++)
        if (step_large(g, &g->nodes[g->order[k]], bars)) return 1;
    return 0;
}

/* After the arena: with the sequential plan, a step writing memory an earlier value held waits for
 * every step up to that value's last reader (need_prefix); small steps; g->parallel. */
static void plan_concurrency(pydml_graph* g, const arena_value* values, uint32_t n_values, int dag_planned) {
    for (uint32_t v = 0; v < n_values && !dag_planned; v++) {
        const arena_value* a = &values[v];
        uint32_t need = g->need_prefix[a->start];
        if (n_values > MAX_OVERLAP_VALUES) {
            need = a->start;
        } else {
            for (uint32_t u = 0; u < v; u++) {
                const arena_value* b = &values[u];
                if (b->end < a->start && b->offset < a->offset + a->bytes && a->offset < b->offset + b->bytes &&
                    b->end + 1u > need)
                    need = b->end + 1u;
            }
        }
        g->need_prefix[a->start] = need;
    }
    const uint32_t S = g->step_count;
    const pydml_team_bars macs = pydml_team_macs();
    classify_cold(g, macs);
    if (!concurrent_options(g->options)) {
        for (uint32_t k = 0; k < S; k++) g->small[k] = step_size(g, &g->nodes[g->order[k]], macs) == 0;
        return;
    }
    for (uint32_t k = 0; k < S; k++) g->whole[k] = step_size(g, &g->nodes[g->order[k]], macs) == 3;
    /* Steps run side by side only where two large steps may overlap: step k may start once its
     * latest data predecessor and the memory it reuses are done, so it is independent of every
     * step in [max(latest + 1, need_prefix[k]), k). Small steps beside each other or beside a large
     * one save microseconds the scheduler's locks and wake-ups cost back (a decoder's token step:
     * 72 small steps whose key and value branches had made it concurrent). */
    uint32_t* latest = calloc(S + 1u, sizeof *latest);   /* latest predecessor + 1; 0: none */
    uint32_t* big_before = calloc(S + 1u, sizeof *big_before); /* large steps in [0, k) */
    uint8_t* large = calloc(S + 1u, 1);
    if (latest == NULL || big_before == NULL || large == NULL) { /* serial execution is always correct */
        free(latest);
        free(big_before);
        free(large);
        for (uint32_t k = 0; k < S; k++) g->small[k] = step_size(g, &g->nodes[g->order[k]], macs) == 0;
        return;
    }
    for (uint32_t k = 0; k < S; k++) {
        const gnode* gn = &g->nodes[g->order[k]];
        g->small[k] = step_size(g, gn, macs) == 0;
        large[k] = step_large(g, gn, macs);
        big_before[k + 1] = big_before[k] + large[k];
        for (uint32_t e = g->succ_first[k]; e < g->succ_first[k + 1]; e++)
            if (latest[g->succ_steps[e]] < k + 1u) latest[g->succ_steps[e]] = k + 1u;
    }
    for (uint32_t k = 1; k < S && !g->parallel; k++) {
        const uint32_t from = latest[k] > g->need_prefix[k] ? latest[k] : g->need_prefix[k];
        if (large[k] && from < k && big_before[k] > big_before[from]) g->parallel = 1;
    }
    free(large);
    free(latest);
    free(big_before);
}

static uint64_t round_up(uint64_t v) { return (v + ARENA_ALIGN - 1u) & ~(uint64_t)(ARENA_ALIGN - 1u); }

/* PYDML_GRAPH_FUSION=0 / PYDML_GRAPH_CONCURRENCY=0 or 1 in the environment: the options of
 * pydml_graph_compile (and so of CompileGraph through the COM API), for comparisons. */
static uint32_t env_options(void) {
    uint32_t options = 0;
    const char* fusion = getenv("PYDML_GRAPH_FUSION");
    const char* concurrency = getenv("PYDML_GRAPH_CONCURRENCY");
    if (fusion && strcmp(fusion, "0") == 0) options |= PYDML_GRAPH_NO_FUSION;
    if (concurrency && strcmp(concurrency, "0") == 0) options |= PYDML_GRAPH_SERIAL;
    if (concurrency && strcmp(concurrency, "1") == 0) options |= PYDML_GRAPH_CONCURRENT;
    return options;
}

pydml_status pydml_graph_compile(const DML_GRAPH_DESC* desc, uint32_t execution_flags, pydml_graph** graph,
                                 pydml_diagnostic* diagnostic) {
    return pydml_graph_compile_ex(desc, execution_flags, env_options(), graph, diagnostic);
}

/* Whether the input an input or intermediate edge connects is in range, present in its desc and
 * not yet connected: check_edge_target's rules without its message. */
static int edge_target_free(const gnode* to, uint32_t index, const pydml_binding_info* info, const endpoint* conn) {
    return index < to->n_in && info[to->first + index].present && !conn[to->first + index].kind;
}

/* The input an input or intermediate edge connects: in range, present in its desc, not yet
 * connected (field names the edge's ToNodeInputIndex, label the node). */
static pydml_status check_edge_target(pydml_diagnostic* d, const char* field, const char* ep, const char* label,
                                      const gnode* to, uint32_t index, const pydml_binding_info* info,
                                      const endpoint* conn) {
    char v[32];
    if (index >= to->n_in)
        return gfail(d, field, u32(v, sizeof v, index), "%smust be less than %u, the input count of %s", ep,
                     to->n_in, label);
    const uint32_t b = to->first + index;
    if (!info[b].present)
        return gfail(d, field, u32(v, sizeof v, index),
                     "%s%s.%s is absent from its desc (an optional tensor left NULL) and cannot be connected", ep,
                     label, info[b].name);
    if (conn[b].kind)
        return gfail(d, field, u32(v, sizeof v, index),
                     "%s%s.%s is already connected by %s[%u]; an input is connected exactly once", ep, label,
                     info[b].name, conn[b].kind == DML_GRAPH_EDGE_TYPE_INPUT ? "InputEdges" : "IntermediateEdges",
                     conn[b].edge);
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_graph_compile_ex(const DML_GRAPH_DESC* desc, uint32_t execution_flags, uint32_t options,
                                    pydml_graph** graph, pydml_diagnostic* diagnostic) {
    pydml_diagnostic local;
    pydml_diagnostic* d = diagnostic ? diagnostic : &local;
    memset(d, 0, sizeof *d);
    char f[192], v[64], l1[256], l2[256], ep[NAME_SHOWN + 16], q[NAME_SHOWN + 8];
    if (graph == NULL) return gfail(d, "", NULL, "the pydml_graph** result pointer must not be NULL");
    *graph = NULL;
    if (desc == NULL) return gfail(d, "", NULL, "must not be NULL");
    if (execution_flags & ~7u)
        return gfail(d, "", u32(v, sizeof v, execution_flags),
                     "CompileGraph's flags must be DML_EXECUTION_FLAGS values");
    if (options & ~(uint32_t)(PYDML_GRAPH_NO_FUSION | PYDML_GRAPH_SERIAL | PYDML_GRAPH_CONCURRENT))
        return gfail(d, "", u32(v, sizeof v, options), "the options must be PYDML_GRAPH_* values");
    if (desc->NodeCount == 0) return gfail(d, "NodeCount", "0", "must be at least 1");
    if (desc->NodeCount > MAX_GRAPH_NODES)
        return gfail(d, "NodeCount", u32(v, sizeof v, desc->NodeCount), "must be at most %u", MAX_GRAPH_NODES);
    if (desc->Nodes == NULL) return gfail(d, "Nodes", NULL, "must not be NULL when NodeCount is not 0");
    struct {
        const char* count_name;
        const char* array_name;
        uint32_t count;
        const DML_GRAPH_EDGE_DESC* edges;
        uint32_t type;
        const char* type_name;
    } lists[3] = {
        {"InputEdgeCount", "InputEdges", desc->InputEdgeCount, desc->InputEdges, DML_GRAPH_EDGE_TYPE_INPUT,
         "DML_GRAPH_EDGE_TYPE_INPUT"},
        {"OutputEdgeCount", "OutputEdges", desc->OutputEdgeCount, desc->OutputEdges, DML_GRAPH_EDGE_TYPE_OUTPUT,
         "DML_GRAPH_EDGE_TYPE_OUTPUT"},
        {"IntermediateEdgeCount", "IntermediateEdges", desc->IntermediateEdgeCount, desc->IntermediateEdges,
         DML_GRAPH_EDGE_TYPE_INTERMEDIATE, "DML_GRAPH_EDGE_TYPE_INTERMEDIATE"},
    };
    for (int k = 0; k < 3; k++) {
        if (lists[k].count > MAX_GRAPH_EDGES)
            return gfail(d, lists[k].count_name, u32(v, sizeof v, lists[k].count), "must be at most %u",
                         MAX_GRAPH_EDGES);
        if (lists[k].count && lists[k].edges == NULL)
            return gfail(d, lists[k].array_name, NULL, "must not be NULL when %s is not 0", lists[k].count_name);
        for (uint32_t e = 0; e < lists[k].count; e++) {
            const DML_GRAPH_EDGE_DESC* edge = &lists[k].edges[e];
            if (edge->Type != lists[k].type) {
                snprintf(f, sizeof f, "%s[%u].Type", lists[k].array_name, e);
                return gfail(d, f, u32(v, sizeof v, (uint32_t)edge->Type), "must be %s", lists[k].type_name);
            }
            if (edge->Desc == NULL) {
                snprintf(f, sizeof f, "%s[%u].Desc", lists[k].array_name, e);
                return gfail(d, f, NULL, "must not be NULL");
            }
        }
    }
    if (desc->InputCount > MAX_GRAPH_EDGES)
        return gfail(d, "InputCount", u32(v, sizeof v, desc->InputCount), "must be at most %u", MAX_GRAPH_EDGES);
    if (desc->OutputCount > MAX_GRAPH_EDGES)
        return gfail(d, "OutputCount", u32(v, sizeof v, desc->OutputCount), "must be at most %u", MAX_GRAPH_EDGES);

    pydml_graph* g = calloc(1, sizeof *g);
    if (g == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    atomic_flag_clear(&g->busy);
    const uint32_t N = desc->NodeCount;
    g->node_count = N;
    g->input_count = desc->InputCount;
    g->output_count = desc->OutputCount;
    g->options = options;
    g->nodes = calloc(N, sizeof *g->nodes);
    g->fused_ops = calloc(N, sizeof *g->fused_ops);
    g->fused_into = malloc(N * sizeof *g->fused_into);
    g->absorbed = malloc(N * sizeof *g->absorbed);
    g->bias_source = malloc(N * sizeof *g->bias_source);
    g->node_names = calloc(N, sizeof *g->node_names);
    g->input_names = calloc(g->input_count + 1u, sizeof *g->input_names);
    g->output_names = calloc(g->output_count + 1u, sizeof *g->output_names);
    pydml_status s = PYDML_STATUS_SUCCESS;
    /* scratch freed at the end */
    endpoint* conn = NULL;
    pydml_binding_info* info = NULL;
    uint32_t* consumers = NULL;       /* per binding: intermediate edges reading an output */
    uint32_t* produced_by = NULL;     /* per graph output: output edge index, UINT32_MAX */
    uint32_t* output_edge_of = NULL;  /* per binding: first output edge from it, UINT32_MAX */
    uint32_t *indegree = NULL, *heap = NULL, *succ_first = NULL, *succ = NULL, *pred_first = NULL, *pred = NULL;
    uint32_t* last_use = NULL;
    arena_value* values = NULL;
    uint32_t* active = NULL;
    uint8_t* after_previous = NULL;
#define FAIL(expr)                                                                                                \
    do {                                                                                                          \
        s = (expr);                                                                                               \
        goto done;                                                                                                \
    } while (0)
    if (!g->nodes || !g->node_names || !g->input_names || !g->output_names || !g->fused_ops || !g->fused_into ||
        !g->absorbed || !g->bias_source)
        FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    for (uint32_t i = 0; i < N; i++) g->fused_into[i] = g->absorbed[i] = g->bias_source[i] = UINT32_MAX;

    /* nodes: types, descs, binding counts */
    uint32_t bindings = 0;
    for (uint32_t i = 0; i < N; i++) {
        const DML_GRAPH_NODE_DESC* n = &desc->Nodes[i];
        gnode* gn = &g->nodes[i];
        if (n->Type != DML_GRAPH_NODE_TYPE_OPERATOR && n->Type != DML_GRAPH_NODE_TYPE_CONSTANT) {
            snprintf(f, sizeof f, "Nodes[%u].Type", i);
            FAIL(gfail(d, f, u32(v, sizeof v, (uint32_t)n->Type),
                       "must be DML_GRAPH_NODE_TYPE_OPERATOR or DML_GRAPH_NODE_TYPE_CONSTANT"));
        }
        if (n->Desc == NULL) {
            snprintf(f, sizeof f, "Nodes[%u].Desc", i);
            FAIL(gfail(d, f, NULL, "must not be NULL"));
        }
        if (n->Type == DML_GRAPH_NODE_TYPE_OPERATOR) {
            const DML_OPERATOR_GRAPH_NODE_DESC* o = n->Desc;
            if (o->Operator == NULL) {
                snprintf(f, sizeof f, "Nodes[%u].Desc.Operator", i);
                FAIL(gfail(d, f, NULL, "node%s: must not be NULL (a pydml_operator from pydml_operator_create)",
                           quoted(q, sizeof q, o->Name)));
            }
            gn->op = (const pydml_operator*)(const void*)o->Operator;
            gn->n_in = pydml_operator_input_count(gn->op);
            gn->n_out = pydml_operator_output_count(gn->op);
        } else {
            const DML_CONSTANT_DATA_GRAPH_NODE_DESC* c = n->Desc;
            if (c->Data == NULL && c->DataSize) {
                snprintf(f, sizeof f, "Nodes[%u].Desc.Data", i);
                FAIL(gfail(d, f, NULL, "node%s: must not be NULL when DataSize is not 0", quoted(q, sizeof q, c->Name)));
            }
            gn->n_in = 0;
            gn->n_out = 1;
        }
        gn->first = bindings;
        bindings += gn->n_in + gn->n_out;
        if (node_name_of(desc, i) && (g->node_names[i] = copy_name(node_name_of(desc, i))) == NULL)
            FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    }
    g->binding_count = bindings;
    g->tmpl = calloc(bindings + 1u, sizeof *g->tmpl);
    g->slots = calloc(bindings + 1u, sizeof *g->slots);
    info = calloc(bindings + 1u, sizeof *info);
    conn = calloc(bindings + 1u, sizeof *conn);
    consumers = calloc(bindings + 1u, sizeof *consumers);
    last_use = calloc(bindings + 1u, sizeof *last_use);
    output_edge_of = malloc((bindings + 1u) * sizeof *output_edge_of);
    produced_by = malloc((g->output_count + 1u) * sizeof *produced_by);
    g->input_bytes = calloc(g->input_count + 1u, sizeof *g->input_bytes);
    g->input_owned = calloc(g->input_count + 1u, sizeof *g->input_owned);
    g->input_reader = malloc((g->input_count + 1u) * sizeof *g->input_reader);
    g->output_bytes = calloc(g->output_count + 1u, sizeof *g->output_bytes);
    g->output_info = calloc(g->output_count + 1u, sizeof *g->output_info);
    g->owned = calloc(g->input_count + 1u, sizeof *g->owned);
    g->owned_borrowed = calloc(g->input_count + 1u, sizeof *g->owned_borrowed);
    if (!g->tmpl || !g->slots || !info || !conn || !consumers || !last_use || !output_edge_of || !produced_by ||
        !g->input_bytes || !g->input_owned || !g->input_reader || !g->output_bytes || !g->output_info || !g->owned ||
        !g->owned_borrowed)
        FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    for (uint32_t b = 0; b < bindings; b++) output_edge_of[b] = UINT32_MAX;
    for (uint32_t k = 0; k < g->output_count; k++) produced_by[k] = UINT32_MAX;
    for (uint32_t k = 0; k < g->input_count; k++) g->input_reader[k] = UINT32_MAX;
    for (uint32_t i = 0; i < N; i++) {
        const gnode* gn = &g->nodes[i];
        if (gn->op) {
            for (uint32_t k = 0; k < gn->n_in + gn->n_out; k++) {
                const int out = k >= gn->n_in;
                if (pydml_operator_binding_info(gn->op, (uint32_t)out, out ? k - gn->n_in : k, &info[gn->first + k]))
                    FAIL(gfail(d, "Nodes", NULL, "%s: the operator's bindings cannot be read",
                               node_label(l1, sizeof l1, desc, g->nodes, i)));
                g->tmpl[gn->first + k] = info[gn->first + k].tensor;
            }
        } else {
            /* a constant's one output: a byte blob of DataSize bytes */
            const DML_CONSTANT_DATA_GRAPH_NODE_DESC* c = desc->Nodes[i].Desc;
            pydml_binding_info* bi = &info[gn->first];
            bi->present = 1;
            bi->total_bytes = c->DataSize;
            bi->tensor.data_type = DML_TENSOR_DATA_TYPE_UINT8;
            bi->tensor.dim_count = 1;
            bi->tensor.sizes[0] = (uint32_t)(c->DataSize > UINT32_MAX ? UINT32_MAX : (c->DataSize ? c->DataSize : 1));
            bi->tensor.strides[0] = 1;
            snprintf(bi->name, sizeof bi->name, "Data");
        }
    }

    /* input edges */
    for (uint32_t e = 0; e < desc->InputEdgeCount; e++) {
        const DML_INPUT_GRAPH_EDGE_DESC* x = desc->InputEdges[e].Desc;
        if (x->GraphInputIndex >= desc->InputCount) {
            edge_prefix(ep, sizeof ep, x->Name);
            snprintf(f, sizeof f, "InputEdges[%u].GraphInputIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->GraphInputIndex), "%smust be less than InputCount (%u)", ep,
                       desc->InputCount));
        }
        if (x->ToNodeIndex >= N) {
            edge_prefix(ep, sizeof ep, x->Name);
            snprintf(f, sizeof f, "InputEdges[%u].ToNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        const gnode* to = &g->nodes[x->ToNodeIndex];
        /* the labels of a message, formatted only for one (a compilation of a valid graph formats none:
         * a decoder's plan per past length compiles its graph every token) */
#define INPUT_EDGE_LABELS()                                                                                   \
    (edge_prefix(ep, sizeof ep, x->Name), node_label(l1, sizeof l1, desc, g->nodes, x->ToNodeIndex),         \
     snprintf(f, sizeof f, "InputEdges[%u].ToNodeInputIndex", e))
        if (!edge_target_free(to, x->ToNodeInputIndex, info, conn)) {
            INPUT_EDGE_LABELS();
            s = check_edge_target(d, f, ep, l1, to, x->ToNodeInputIndex, info, conn);
            goto done;
        }
        const uint32_t b = to->first + x->ToNodeInputIndex;
        conn[b].kind = DML_GRAPH_EDGE_TYPE_INPUT;
        conn[b].edge = e;
        const uint32_t gi = x->GraphInputIndex;
        const int owned = (info[b].flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
        if (g->input_reader[gi] != UINT32_MAX) {
            const int other = (info[g->input_reader[gi]].flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
            if (owned != other && INPUT_EDGE_LABELS() >= 0)
                FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex),
                           "%s%s.%s %s DML_TENSOR_FLAG_OWNED_BY_DML, but another input connected to graph input %u "
                           "%s it; all operator inputs connected to one graph input must use or omit the flag "
                           "equivalently", ep, l1, info[b].name, owned ? "uses" : "omits", gi,
                           other ? "uses" : "omits"));
        } else {
            g->input_reader[gi] = b;
            g->input_owned[gi] = (uint8_t)owned;
            if (x->Name && g->input_names[gi] == NULL && (g->input_names[gi] = copy_name(x->Name)) == NULL)
                FAIL(PYDML_STATUS_OUT_OF_MEMORY);
        }
        if (info[b].total_bytes > g->input_bytes[gi]) g->input_bytes[gi] = info[b].total_bytes;
#undef INPUT_EDGE_LABELS
    }

    /* output edges */
    for (uint32_t e = 0; e < desc->OutputEdgeCount; e++) {
        const DML_OUTPUT_GRAPH_EDGE_DESC* x = desc->OutputEdges[e].Desc;
        if (x->FromNodeIndex >= N) {
            edge_prefix(ep, sizeof ep, x->Name);
            snprintf(f, sizeof f, "OutputEdges[%u].FromNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        const gnode* from = &g->nodes[x->FromNodeIndex];
        /* (labels formatted only for a message, as for input edges) */
#define OUTPUT_EDGE_LABELS(field)                                                                             \
    (edge_prefix(ep, sizeof ep, x->Name), node_label(l1, sizeof l1, desc, g->nodes, x->FromNodeIndex),       \
     snprintf(f, sizeof f, "OutputEdges[%u]." field, e))
        if (x->FromNodeOutputIndex >= from->n_out && OUTPUT_EDGE_LABELS("FromNodeOutputIndex") >= 0)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex), "%smust be less than %u, the output count of %s",
                       ep, from->n_out, l1));
        const uint32_t b = from->first + from->n_in + x->FromNodeOutputIndex;
        if (!info[b].present && OUTPUT_EDGE_LABELS("FromNodeOutputIndex") >= 0)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex),
                       "%s%s.%s is absent from its desc (an optional tensor left NULL) and cannot be connected", ep,
                       l1, info[b].name));
        if (x->GraphOutputIndex >= desc->OutputCount && OUTPUT_EDGE_LABELS("GraphOutputIndex") >= 0)
            FAIL(gfail(d, f, u32(v, sizeof v, x->GraphOutputIndex), "%smust be less than OutputCount (%u)", ep,
                       desc->OutputCount));
        if (produced_by[x->GraphOutputIndex] != UINT32_MAX && OUTPUT_EDGE_LABELS("GraphOutputIndex") >= 0)
            FAIL(gfail(d, f, u32(v, sizeof v, x->GraphOutputIndex),
                       "%sgraph output %u is already produced by OutputEdges[%u]; each graph output is produced "
                       "exactly once", ep, x->GraphOutputIndex, produced_by[x->GraphOutputIndex]));
        produced_by[x->GraphOutputIndex] = e;
        if (output_edge_of[b] == UINT32_MAX) output_edge_of[b] = e;
        if (x->Name && (g->output_names[x->GraphOutputIndex] = copy_name(x->Name)) == NULL)
            FAIL(PYDML_STATUS_OUT_OF_MEMORY);
#undef OUTPUT_EDGE_LABELS
    }

    /* intermediate edges */
    for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
        if (x->FromNodeIndex >= N) {
            edge_prefix(ep, sizeof ep, x->Name);
            snprintf(f, sizeof f, "IntermediateEdges[%u].FromNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        if (x->ToNodeIndex >= N) {
            edge_prefix(ep, sizeof ep, x->Name);
            snprintf(f, sizeof f, "IntermediateEdges[%u].ToNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        const gnode* from = &g->nodes[x->FromNodeIndex];
        const gnode* to = &g->nodes[x->ToNodeIndex];
        /* (labels formatted only for a message, as for input edges) */
#define INTERMEDIATE_EDGE_LABELS(field)                                                                       \
    (edge_prefix(ep, sizeof ep, x->Name), node_label(l1, sizeof l1, desc, g->nodes, x->FromNodeIndex),       \
     node_label(l2, sizeof l2, desc, g->nodes, x->ToNodeIndex),                                               \
     snprintf(f, sizeof f, "IntermediateEdges[%u]." field, e))
        if (x->FromNodeOutputIndex >= from->n_out && INTERMEDIATE_EDGE_LABELS("FromNodeOutputIndex") >= 0)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex), "%smust be less than %u, the output count of %s",
                       ep, from->n_out, l1));
        const uint32_t ob = from->first + from->n_in + x->FromNodeOutputIndex;
        if (!info[ob].present && INTERMEDIATE_EDGE_LABELS("FromNodeOutputIndex") >= 0)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex),
                       "%s%s.%s is absent from its desc (an optional tensor left NULL) and cannot be connected", ep,
                       l1, info[ob].name));
        if (!edge_target_free(to, x->ToNodeInputIndex, info, conn)) {
            INTERMEDIATE_EDGE_LABELS("ToNodeInputIndex");
            s = check_edge_target(d, f, ep, l2, to, x->ToNodeInputIndex, info, conn);
            goto done;
        }
        const uint32_t ib = to->first + x->ToNodeInputIndex;
        if (from->op && (info[ib].flags & DML_TENSOR_FLAG_OWNED_BY_DML) &&
            INTERMEDIATE_EDGE_LABELS("ToNodeInputIndex") >= 0)
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex),
                       "%s%s.%s has DML_TENSOR_FLAG_OWNED_BY_DML and must be connected to a graph input, not to "
                       "the output of %s", ep, l2, info[ib].name, l1));
        if (from->op) {
            if (info[ob].total_bytes != info[ib].total_bytes) {
                INTERMEDIATE_EDGE_LABELS("ToNodeInputIndex");
                snprintf(f, sizeof f, "IntermediateEdges[%u]", e);
                char got[96];
                snprintf(got, sizeof got, "%llu and %llu", (unsigned long long)info[ob].total_bytes,
                         (unsigned long long)info[ib].total_bytes);
                FAIL(gfail(d, f, got,
                           "%sthe TotalTensorSizeInBytes of %s.%s and of %s.%s must be identical (connected tensors "
                           "may differ in data type, sizes and dimension count, not in total size)", ep, l1,
                           info[ob].name, l2, info[ib].name));
            }
        } else {
            const uint64_t need = view_span(&info[ib].tensor);
            if (info[ob].total_bytes < need) {
                INTERMEDIATE_EDGE_LABELS("ToNodeInputIndex");
                snprintf(f, sizeof f, "Nodes[%u].Desc.DataSize", x->FromNodeIndex);
                FAIL(gfail(d, f, u32(v, sizeof v, info[ob].total_bytes),
                           "%s: must hold the %llu bytes %s.%s reads through IntermediateEdges[%u]",
                           node_self(l1, sizeof l1, desc, g->nodes, x->FromNodeIndex),
                           (unsigned long long)need, l2, info[ib].name, e));
            }
        }
        conn[ib].kind = DML_GRAPH_EDGE_TYPE_INTERMEDIATE;
        conn[ib].edge = e;
        consumers[ob]++;
#undef INTERMEDIATE_EDGE_LABELS
    }

    /* every present input connected; every required output connected */
    for (uint32_t i = 0; i < N; i++) {
        const gnode* gn = &g->nodes[i];
        for (uint32_t k = 0; k < gn->n_in; k++) {
            const uint32_t b = gn->first + k;
            if (info[b].present && !conn[b].kind) {
                snprintf(f, sizeof f, "Nodes[%u]", i);
                FAIL(gfail(d, f, NULL,
                           "%s: %s (input %u) is not connected: every input present in a node's desc needs exactly "
                           "one input or intermediate edge", node_self(l1, sizeof l1, desc, g->nodes, i),
                           info[b].name, k));
            }
        }
        for (uint32_t k = 0; gn->op && k < gn->n_out; k++) {
            const uint32_t b = gn->first + gn->n_in + k;
            if (info[b].present && !info[b].optional && !consumers[b] && output_edge_of[b] == UINT32_MAX) {
                snprintf(f, sizeof f, "Nodes[%u]", i);
                FAIL(gfail(d, f, NULL,
                           "%s: %s (output %u) is not connected: outputs other than the operator's optional ones need "
                           "an output or intermediate edge", node_self(l1, sizeof l1, desc, g->nodes, i),
                           info[b].name, k));
            }
        }
    }
    for (uint32_t k = 0; k < g->output_count; k++)
        if (produced_by[k] == UINT32_MAX)
            FAIL(gfail(d, "OutputEdges", NULL, "no edge produces graph output %u; each of the OutputCount (%u) graph "
                       "outputs is produced by exactly one output edge", k, g->output_count));

    /* execution order (Kahn, lowest ready index first); a node left over lies on or after a cycle */
    indegree = calloc(N, sizeof *indegree);
    heap = malloc(N * sizeof *heap);
    succ_first = calloc(N + 1u, sizeof *succ_first);
    pred_first = calloc(N + 1u, sizeof *pred_first);
    succ = malloc((desc->IntermediateEdgeCount + 1u) * sizeof *succ);
    pred = malloc((desc->IntermediateEdgeCount + 1u) * sizeof *pred);
    g->order = malloc(N * sizeof *g->order);
    if (!indegree || !heap || !succ_first || !pred_first || !succ || !pred || !g->order)
        FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
        succ_first[x->FromNodeIndex + 1]++;
        pred_first[x->ToNodeIndex + 1]++;
        indegree[x->ToNodeIndex]++;
    }
    for (uint32_t i = 0; i < N; i++) {
        succ_first[i + 1] += succ_first[i];
        pred_first[i + 1] += pred_first[i];
    }
    {
        uint32_t* sfill = heap; /* reused as fill cursors before the heap is needed */
        for (uint32_t i = 0; i < N; i++) sfill[i] = 0;
        for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
            const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
            succ[succ_first[x->FromNodeIndex] + sfill[x->FromNodeIndex]++] = x->ToNodeIndex;
        }
        for (uint32_t i = 0; i < N; i++) sfill[i] = 0;
        for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
            const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
            pred[pred_first[x->ToNodeIndex] + sfill[x->ToNodeIndex]++] = x->FromNodeIndex;
        }
    }
    uint32_t n_heap = 0, visited = 0, steps = 0;
    for (uint32_t i = 0; i < N; i++)
        if (indegree[i] == 0) heap_push(heap, &n_heap, i);
    while (n_heap) {
        const uint32_t i = heap_pop(heap, &n_heap);
        visited++;
        if (g->nodes[i].op) {
            g->nodes[i].step = steps;
            g->order[steps++] = i;
        }
        for (uint32_t k = succ_first[i]; k < succ_first[i + 1]; k++)
            if (--indegree[succ[k]] == 0) heap_push(heap, &n_heap, succ[k]);
    }
    g->step_count = steps;
    if (visited < N) {
        uint32_t r = 0;
        while (indegree[r] == 0) r++;
        /* walk back through unfinished predecessors: after N steps the walk is inside a cycle */
        for (uint32_t k = 0; k < N; k++)
            for (uint32_t p = pred_first[r]; p < pred_first[r + 1]; p++)
                if (indegree[pred[p]] != 0) {
                    r = pred[p];
                    break;
                }
        snprintf(f, sizeof f, "Nodes[%u]", r);
        FAIL(gfail(d, f, NULL, "%s lies on a cycle of intermediate edges; the graph must be a directed acyclic graph",
                   node_self(l1, sizeof l1, desc, g->nodes, r)));
    }
    for (uint32_t i = 0; i < N; i++)
        if (!g->nodes[i].op) g->nodes[i].step = 0;
    if (!(options & PYDML_GRAPH_NO_FUSION) && (s = fuse_nodes(g, desc, conn, consumers, output_edge_of)))
        goto done;

    /* constants: one block, each padded to what its readers may touch (their TotalTensorSizeInBytes) */
    uint64_t constant_bytes = 0;
    uint64_t* constant_need = calloc(N, sizeof *constant_need);
    if (constant_need == NULL) FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
        const uint32_t ib = g->nodes[x->ToNodeIndex].first + x->ToNodeInputIndex;
        if (!g->nodes[x->FromNodeIndex].op && info[ib].total_bytes > constant_need[x->FromNodeIndex])
            constant_need[x->FromNodeIndex] = info[ib].total_bytes;
    }
    for (uint32_t i = 0; i < N; i++)
        if (!g->nodes[i].op) {
            const uint64_t size = info[g->nodes[i].first].total_bytes;
            if (size > constant_need[i]) constant_need[i] = size;
            const uint32_t b = g->nodes[i].first;
            g->slots[b].kind = SRC_CONSTANT;
            g->slots[b].offset = constant_bytes;
            g->slots[b].bytes = constant_need[i];
            constant_bytes += round_up(constant_need[i] ? constant_need[i] : 1);
        }
    g->constants = constant_bytes ? calloc(1, constant_bytes) : NULL;
    if (constant_bytes && g->constants == NULL) {
        free(constant_need);
        FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    }
    for (uint32_t i = 0; i < N; i++)
        if (!g->nodes[i].op) {
            const DML_CONSTANT_DATA_GRAPH_NODE_DESC* c = desc->Nodes[i].Desc;
            const slot* sl = &g->slots[g->nodes[i].first];
            const uint64_t n = c->DataSize < sl->bytes ? c->DataSize : sl->bytes;
            if (n) memcpy(g->constants + sl->offset, c->Data, n);
        }
    free(constant_need);

    /* homes of operator outputs: a graph output, else the arena (by liveness) */
    for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
        const gnode* from = &g->nodes[x->FromNodeIndex];
        const uint32_t ob = from->first + from->n_in + x->FromNodeOutputIndex;
        const uint32_t step = g->nodes[x->ToNodeIndex].step;
        if (step > last_use[ob]) last_use[ob] = step;
    }
    uint32_t n_values = 0;
    values = calloc(bindings + 1u, sizeof *values);
    active = calloc(bindings + 1u, sizeof *active);
    if (!values || !active) FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    uint32_t n_copies = 0;
    for (uint32_t k = 0; k < g->output_count; k++) {
        const DML_OUTPUT_GRAPH_EDGE_DESC* x = desc->OutputEdges[produced_by[k]].Desc;
        const gnode* from = &g->nodes[x->FromNodeIndex];
        const uint32_t b = from->first + from->n_in + x->FromNodeOutputIndex;
        g->output_info[k] = info[b];
        g->output_bytes[k] = from->op ? info[b].total_bytes : g->slots[b].bytes;
        if (!from->op || output_edge_of[b] != produced_by[k]) n_copies++;
    }
    g->copies = calloc(n_copies + 1u, sizeof *g->copies);
    if (g->copies == NULL) FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    for (uint32_t s_ = 0; s_ < g->step_count; s_++) { /* after fusion: the runners only */
        const gnode* gn = &g->nodes[g->order[s_]];
        for (uint32_t k = 0; k < gn->n_out; k++) {
            uint32_t b = gn->first + gn->n_in + k;
            if (k == 0 && g->absorbed[g->order[s_]] != UINT32_MAX) {
                /* a fused node writes its last absorbed node's output */
                const gnode* an = &g->nodes[g->absorbed[g->order[s_]]];
                b = an->first + an->n_in;
            }
            if (!info[b].present) continue;
            if (output_edge_of[b] != UINT32_MAX) {
                const DML_OUTPUT_GRAPH_EDGE_DESC* x = desc->OutputEdges[output_edge_of[b]].Desc;
                g->slots[b].kind = SRC_OUTPUT;
                g->slots[b].index = x->GraphOutputIndex;
                continue;
            }
            arena_value* a = &values[n_values++];
            a->binding = b;
            a->start = s_;
            a->end = last_use[b] > s_ ? last_use[b] : s_;
            a->bytes = round_up(info[b].total_bytes ? info[b].total_bytes : 1);
            g->intermediate_bytes += a->bytes;
        }
    }
    after_previous = calloc(g->step_count + 1u, 1);
    if (after_previous == NULL || (s = plan_dependencies(g, desc, after_previous))) {
        if (!s) s = PYDML_STATUS_OUT_OF_MEMORY;
        goto done;
    }
    /* branches that may run side by side get an arena planned on the DAG (small graphs) */
    int dag_planned = 0;
    if (concurrent_options(options) && has_branches(g, after_previous) && may_run_side_by_side(g) &&
        g->step_count <= MAX_DAG_PLAN && n_values <= MAX_DAG_PLAN) {
        g->arena_bytes = plan_arena_dag(g, desc, values, n_values, bindings);
        if (g->arena_bytes == UINT64_MAX) FAIL(PYDML_STATUS_OUT_OF_MEMORY);
        dag_planned = 1;
    } else {
        g->arena_bytes = plan_arena(values, n_values, active);
    }
    for (uint32_t k = 0; k < n_values; k++) {
        slot* sl = &g->slots[values[k].binding];
        sl->kind = SRC_ARENA;
        sl->offset = values[k].offset;
        sl->bytes = info[values[k].binding].total_bytes;
    }
    for (uint32_t k = 0; k < g->output_count; k++) {
        const DML_OUTPUT_GRAPH_EDGE_DESC* x = desc->OutputEdges[produced_by[k]].Desc;
        const gnode* from = &g->nodes[x->FromNodeIndex];
        const uint32_t b = from->first + from->n_in + x->FromNodeOutputIndex;
        if (from->op && output_edge_of[b] == produced_by[k]) continue;
        copy_step* c = &g->copies[g->copy_count++];
        c->after = from->op ? from->step : UINT32_MAX;
        c->output = k;
        c->source = g->slots[b];
        c->bytes = g->output_bytes[k];
    }
    /* inputs read their source's memory */
    for (uint32_t i = 0; i < N; i++) {
        const gnode* gn = &g->nodes[i];
        for (uint32_t k = 0; k < gn->n_in; k++) {
            const uint32_t b = gn->first + k;
            if (conn[b].kind == DML_GRAPH_EDGE_TYPE_INPUT) {
                const DML_INPUT_GRAPH_EDGE_DESC* x = desc->InputEdges[conn[b].edge].Desc;
                g->slots[b].kind = g->input_owned[x->GraphInputIndex] ? SRC_OWNED : SRC_INPUT;
                g->slots[b].index = x->GraphInputIndex;
            } else if (conn[b].kind == DML_GRAPH_EDGE_TYPE_INTERMEDIATE) {
                const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[conn[b].edge].Desc;
                const gnode* from = &g->nodes[x->FromNodeIndex];
                g->slots[b] = g->slots[from->first + from->n_in + x->FromNodeOutputIndex];
            }
        }
    }
    /* a fused node's output 0 is its last absorbed node's output: that memory, in that layout; a
     * folded bias reads the bias add's other input, as a [1, C, 1, 1] view */
    for (uint32_t p = 0; p < N; p++) {
        if (g->absorbed[p] != UINT32_MAX) {
            const gnode* an = &g->nodes[g->absorbed[p]];
            const uint32_t pb = g->nodes[p].first + g->nodes[p].n_in;
            g->slots[pb] = g->slots[an->first + an->n_in];
            g->tmpl[pb] = g->tmpl[an->first + an->n_in];
        }
        if (g->bias_source[p] != UINT32_MAX) {
            const uint32_t bb = g->nodes[p].first + 2; /* CONVOLUTION's BiasTensor */
            pydml_binding_info bias;
            if (pydml_operator_binding_info(g->nodes[p].op, 0, 2, &bias)) FAIL(PYDML_STATUS_INVALID_PARAMETER);
            g->slots[bb] = g->slots[g->bias_source[p]];
            g->tmpl[bb] = bias.tensor;
            for (uint32_t d = 0; d < bias.tensor.dim_count; d++)
                g->tmpl[bb].strides[d] = d == 1 ? g->tmpl[g->bias_source[p]].strides[1] : 0;
        }
    }
    if ((s = private_operators(g))) goto done;
    plan_concurrency(g, values, n_values, dag_planned);
    /* the binding tables kept for calls that find them free (the arena: taken per call, see
     * ARENA_ALIGN's note) */
    g->cached.views = malloc((bindings + 1u) * sizeof *g->cached.views);
    g->cached.pointers = malloc((bindings + 1u) * sizeof *g->cached.pointers);
    if (!g->cached.views || !g->cached.pointers)
        FAIL(PYDML_STATUS_OUT_OF_MEMORY);
done:
#undef FAIL
    free(conn);
    free(info);
    free(consumers);
    free(produced_by);
    free(output_edge_of);
    free(indegree);
    free(heap);
    free(succ_first);
    free(succ);
    free(pred_first);
    free(pred);
    free(last_use);
    free(values);
    free(active);
    free(after_previous);
    if (s) {
        graph_free(g);
        return s;
    }
    *graph = g;
    return PYDML_STATUS_SUCCESS;
}

/* ---- queries ------------------------------------------------------------------------------ */

uint64_t pydml_graph_memory_bytes(const pydml_graph* g) { return g ? g->arena_bytes : 0; }
uint64_t pydml_graph_intermediate_bytes(const pydml_graph* g) { return g ? g->intermediate_bytes : 0; }
uint32_t pydml_graph_input_count(const pydml_graph* g) { return g ? g->input_count : 0; }
uint32_t pydml_graph_output_count(const pydml_graph* g) { return g ? g->output_count : 0; }

uint64_t pydml_graph_input_bytes(const pydml_graph* g, uint32_t index) {
    return g && index < g->input_count ? g->input_bytes[index] : 0;
}

int pydml_graph_input_owned(const pydml_graph* g, uint32_t index) {
    return g && index < g->input_count ? g->input_owned[index] : 0;
}

uint64_t pydml_graph_output_bytes(const pydml_graph* g, uint32_t index) {
    return g && index < g->output_count ? g->output_bytes[index] : 0;
}

pydml_status pydml_graph_output_info(const pydml_graph* g, uint32_t index, pydml_binding_info* info) {
    if (g == NULL || info == NULL || index >= g->output_count) return PYDML_STATUS_INVALID_PARAMETER;
    *info = g->output_info[index];
    return PYDML_STATUS_SUCCESS;
}

int pydml_graph_concurrent(const pydml_graph* g) { return g ? g->parallel : 0; }

int pydml_graph_node_has_own_operator(const pydml_graph* g, uint32_t node) {
    return g && node < g->node_count && g->fused_ops[node] != NULL;
}

uint32_t pydml_graph_fused_into(const pydml_graph* g, uint32_t node) {
    return g && node < g->node_count ? g->fused_into[node] : UINT32_MAX;
}

uint32_t pydml_graph_alone_steps(const pydml_graph* g, uint8_t* alone, uint32_t capacity) {
    if (g == NULL) return 0;
    for (uint32_t k = 0; k < g->step_count && k < capacity && alone; k++) alone[k] = g->small[k] != 0;
    return g->step_count;
}

uint32_t pydml_graph_alone_steps_after_idle(const pydml_graph* g, uint8_t* alone, uint32_t capacity) {
    if (g == NULL) return 0;
    for (uint32_t k = 0; k < g->step_count && k < capacity && alone; k++) alone[k] = g->small_cold[k] != 0;
    return g->step_count;
}

uint32_t pydml_graph_execution_order(const pydml_graph* g, uint32_t* order, uint32_t capacity) {
    if (g == NULL) return 0;
    for (uint32_t i = 0; i < g->step_count && i < capacity && order; i++) order[i] = g->order[i];
    return g->step_count;
}

pydml_status pydml_graph_profile(pydml_graph* g, int enable) {
    if (g == NULL || enable < 0 || enable > 2) return PYDML_STATUS_INVALID_PARAMETER;
    /* Executions may be running on other threads: the sums are allocated once and freed only with
     * the graph, published and switched with atomics, and cleared element by element. */
    __atomic_store_n(&g->profiling, 0, __ATOMIC_RELEASE);
    if (!enable) return PYDML_STATUS_SUCCESS;
    uint64_t* ns = __atomic_load_n(&g->step_ns, __ATOMIC_ACQUIRE);
    if (ns == NULL) {
        ns = calloc(g->step_count + 1u, sizeof *ns);
        if (ns == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
        uint64_t* none = NULL;
        if (!__atomic_compare_exchange_n(&g->step_ns, &none, ns, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            free(ns); /* another thread published its own first */
            ns = none;
        }
    }
    for (uint32_t i = 0; i <= g->step_count; i++) __atomic_store_n(&ns[i], 0, __ATOMIC_RELAXED);
    __atomic_store_n(&g->profile_clock, enable == 2 ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, __ATOMIC_RELAXED);
    __atomic_store_n(&g->profiling, 1, __ATOMIC_RELEASE);
    return PYDML_STATUS_SUCCESS;
}

uint32_t pydml_graph_step_times(const pydml_graph* g, uint64_t* ns, uint32_t capacity) {
    if (g == NULL || !__atomic_load_n(&g->profiling, __ATOMIC_ACQUIRE)) return 0;
    const uint64_t* sums = __atomic_load_n(&g->step_ns, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; i < g->step_count && i < capacity && ns; i++) ns[i] = __atomic_load_n(&sums[i], __ATOMIC_RELAXED);
    return g->step_count;
}

/* ---- initialize and execute --------------------------------------------------------------- */

/* `graph input 1 "x"` */
static const char* input_label(char* buf, size_t size, const pydml_graph* g, uint32_t i) {
    char q[NAME_SHOWN + 8];
    snprintf(buf, size, "graph input %u%s", i, quoted(q, sizeof q, g->input_names[i]));
    return buf;
}

static const char* output_label(char* buf, size_t size, const pydml_graph* g, uint32_t i) {
    char q[NAME_SHOWN + 8];
    snprintf(buf, size, "graph output %u%s", i, quoted(q, sizeof q, g->output_names[i]));
    return buf;
}

static pydml_status graph_initialize(pydml_graph* g, const pydml_buffer* inputs, uint32_t input_count, int borrow,
                                     char* message, size_t message_size);

pydml_status pydml_graph_initialize(pydml_graph* g, const pydml_buffer* inputs, uint32_t input_count, char* message,
                                    size_t message_size) {
    return graph_initialize(g, inputs, input_count, 0, message, message_size);
}

pydml_status pydml_graph_initialize_borrowed(pydml_graph* g, const pydml_buffer* inputs, uint32_t input_count,
                                             char* message, size_t message_size) {
    return graph_initialize(g, inputs, input_count, 1, message, message_size);
}

pydml_status pydml_graph_initialize_shared(pydml_graph* g, const pydml_buffer* inputs, uint32_t input_count,
                                           char* message, size_t message_size) {
    return graph_initialize(g, inputs, input_count, 2, message, message_size);
}

/* Offers each operator node its owned inputs' memory (the graph's copies), or forgets what they
 * prepared from it (the memory is about to be freed): a family with an initialize hook prepares
 * them once (GEMM packs an owned B's panels) under a new initialization generation, which the node
 * keeps and passes with each execution; the preparation serves exactly the executions carrying it.
 * A node that cannot be prepared simply keeps preparing per execution, so failures are not errors. */
static void prepare_owned_inputs(const pydml_graph* g, int forget) {
    enum { STACK = 16 };
    for (uint32_t i = 0; i < g->node_count; i++) {
        gnode* gn = &g->nodes[i];
        if (gn->op == NULL || gn->n_in == 0) continue;
        if (forget) {
            pydml_operator_forget_owned(gn->op, gn->prepared);
            gn->prepared = 0;
            continue;
        }
        gn->prepared = 0;
        int any = 0;
        for (uint32_t k = 0; k < gn->n_in; k++) any |= g->slots[gn->first + k].kind == SRC_OWNED;
        if (!any) continue;
        pydml_tensor stack_views[STACK];
        const pydml_tensor* stack_ptrs[STACK];
        pydml_tensor* views = gn->n_in > STACK ? malloc(gn->n_in * sizeof *views) : stack_views;
        const pydml_tensor** ptrs = gn->n_in > STACK ? malloc(gn->n_in * sizeof *ptrs) : stack_ptrs;
        if (views != NULL && ptrs != NULL) {
            int shared = 1;   /* every owned input unchanging memory (initialize_shared): shareable */
            for (uint32_t k = 0; k < gn->n_in; k++) {
                const uint32_t b = gn->first + k;
                const slot* sl = &g->slots[b];
                ptrs[k] = NULL;
                if (sl->kind != SRC_OWNED) continue;
                views[k] = g->tmpl[b];
                views[k].data = g->owned[sl->index];
                views[k].buffer_bytes = g->input_bytes[sl->index];
                ptrs[k] = &views[k];
                shared &= g->owned_borrowed[sl->index] == 2;
            }
            (void)pydml_operator_prepare_owned(gn->op, ptrs, gn->n_in, shared, &gn->prepared);
        }
        if (views != stack_views) free(views);
        if (ptrs != stack_ptrs) free(ptrs);
    }
}

static pydml_status graph_initialize(pydml_graph* g, const pydml_buffer* inputs, uint32_t input_count, int borrow,
                                     char* message, size_t message_size) {
    char l[160];
    message_out(message, message_size, "%s", "");
    if (g == NULL) {
        message_out(message, message_size, "pydml_graph_initialize: graph is NULL");
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (input_count != g->input_count || (input_count && inputs == NULL)) {
        message_out(message, message_size, "DML_GRAPH_DESC: initialization takes %u input bindings (InputCount), got %u",
                    g->input_count, input_count);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    for (uint32_t i = 0; i < input_count; i++) {
        input_label(l, sizeof l, g, i);
        if (g->input_owned[i]) {
            if (inputs[i].data == NULL) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s has DML_TENSOR_FLAG_OWNED_BY_DML and must be "
                            "bound at initialization", l);
                return PYDML_STATUS_INVALID_PARAMETER;
            }
            if (inputs[i].size_in_bytes < g->input_bytes[i]) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s: the bound buffer has %llu bytes, less than "
                            "the %llu bytes (TotalTensorSizeInBytes) its nodes read", l,
                            (unsigned long long)inputs[i].size_in_bytes, (unsigned long long)g->input_bytes[i]);
                return PYDML_STATUS_INVALID_PARAMETER;
            }
        } else if (inputs[i].data != NULL) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s: only inputs with DML_TENSOR_FLAG_OWNED_BY_DML are "
                        "bound at initialization", l);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    }
    /* the old copies are freed below (and their addresses may come back with other weights): their
     * nodes' preparations go first, so a failure before the new ones leaves nothing stale */
    prepare_owned_inputs(g, 1);
    for (uint32_t i = 0; i < input_count; i++)
        if (g->input_owned[i]) {
            void* copy = inputs[i].data;
            if (!borrow) {
                /* the copy is the "repacked" owned form; at least 1 byte so a 0-byte input has memory */
                copy = pydml_buffer_acquire(g->input_bytes[i] ? g->input_bytes[i] : 1);
                if (copy == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
                memcpy(copy, inputs[i].data, g->input_bytes[i]);
            }
            if (!g->owned_borrowed[i]) pydml_buffer_release(g->owned[i]);
            g->owned[i] = copy;
            g->owned_borrowed[i] = (uint8_t)borrow;
        }
    prepare_owned_inputs(g, 0);
    g->initialized = 1;
    return PYDML_STATUS_SUCCESS;
}

static int overlaps(const void* a, uint64_t an, const void* b, uint64_t bn) {
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return an && bn && x < y + bn && y < x + an;
}

static void node_message(char* message, size_t size, const pydml_graph* g, uint32_t i, const char* inner) {
    char q[NAME_SHOWN + 8];
    message_out(message, size, "DML_GRAPH_DESC.Nodes[%u]%s: %s", i, quoted(q, sizeof q, g->node_names[i]), inner);
}


/* ---- one step ----------------------------------------------------------------------------- */

typedef struct run_context {
    const pydml_graph* g;
    const pydml_buffer* inputs;
    const pydml_buffer* outputs;
    const workspace* w;
    const uint8_t* small; /* g->small or, the team cold, g->small_cold */
} run_context;

/* Binds step `step`'s node to its memory, runs it, then makes the copies that follow it. Steps
 * touch only their own bindings' views, so steps may run on several threads at once. */
static pydml_status run_step(const run_context* ctx, uint32_t step, char* message, size_t message_size) {
    const pydml_graph* g = ctx->g;
    const workspace* w = ctx->w;
    const pydml_buffer* inputs = ctx->inputs;
    const pydml_buffer* outputs = ctx->outputs;
    const uint32_t i = g->order[step];
    const gnode* gn = &g->nodes[i];
    for (uint32_t k = 0; k < gn->n_in + gn->n_out; k++) {
        const uint32_t b = gn->first + k;
        const slot* sl = &g->slots[b];
        pydml_tensor* view = &w->views[b];
        w->pointers[b] = view;
        *view = g->tmpl[b];
        switch (sl->kind) {
        case SRC_INPUT:
            view->data = inputs[sl->index].data;
            view->buffer_bytes = inputs[sl->index].size_in_bytes;
            break;
        case SRC_OWNED:
            view->data = g->owned[sl->index];
            view->buffer_bytes = g->input_bytes[sl->index];
            break;
        case SRC_OUTPUT:
            view->data = outputs[sl->index].data;
            view->buffer_bytes = outputs[sl->index].size_in_bytes;
            break;
        case SRC_ARENA:
            view->data = w->arena + sl->offset;
            view->buffer_bytes = sl->bytes;
            break;
        case SRC_CONSTANT:
            view->data = g->constants + sl->offset;
            view->buffer_bytes = sl->bytes;
            break;
        default:
            w->pointers[b] = NULL; /* an absent optional tensor */
        }
    }
    char inner[768];
    struct timespec t0, t1;
    uint64_t* sums = __atomic_load_n(&g->profiling, __ATOMIC_ACQUIRE) ? __atomic_load_n(&g->step_ns, __ATOMIC_ACQUIRE)
                                                                        : NULL;
    const clockid_t clock = __atomic_load_n(&g->profile_clock, __ATOMIC_RELAXED);
    if (sums) clock_gettime(clock, &t0);
    pydml_status s = run_node(gn, w->pointers + gn->first, w->pointers + gn->first + gn->n_in, inner, sizeof inner);
    if (sums) {
        clock_gettime(clock, &t1);
        const int64_t ns = (int64_t)(t1.tv_sec - t0.tv_sec) * 1000000000 + (t1.tv_nsec - t0.tv_nsec);
        __atomic_fetch_add(&sums[step], (uint64_t)(ns > 0 ? ns : 0), __ATOMIC_RELAXED);
    }
    if (s) {
        node_message(message, message_size, g, i, inner);
        return s;
    }
    for (uint32_t c = 0; c < g->copy_count; c++) {
        const copy_step* cp = &g->copies[c];
        if (cp->after != step) continue;
        const void* src = cp->source.kind == SRC_OUTPUT ? outputs[cp->source.index].data
                                                        : (const void*)(w->arena + cp->source.offset);
        memcpy(outputs[cp->output].data, src, cp->bytes);
    }
    return PYDML_STATUS_SUCCESS;
}

/* ---- concurrent execution ----------------------------------------------------------------- */

/* Helper threads kept for the process (created on first need, at most the budget less one): each
 * keeps its OpenMP team between graphs, as the calling thread does. A job is run by its caller
 * and by the helpers that take it before the caller closes it. */
#define MAX_HELPERS 63

typedef struct pool_job {
    void (*fn)(void*);
    void* arg;
    int wanted;                       /* helpers still wanted */
    int active;                       /* helpers running fn */
    struct pool_job* next;
} pool_job;

static pthread_mutex_t g_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_pool_work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t g_pool_idle = PTHREAD_COND_INITIALIZER;
static pool_job* g_pool_jobs;
static int g_pool_threads;

static void* pool_main(void* unused) {
    (void)unused;
    pthread_mutex_lock(&g_pool_lock);
    for (;;) {
        while (g_pool_jobs == NULL) pthread_cond_wait(&g_pool_work, &g_pool_lock);
        pool_job* job = g_pool_jobs;
        if (--job->wanted == 0) g_pool_jobs = job->next;
        job->active++;
        pthread_mutex_unlock(&g_pool_lock);
        job->fn(job->arg);
        pthread_mutex_lock(&g_pool_lock);
        if (--job->active == 0) pthread_cond_broadcast(&g_pool_idle);
    }
    return NULL;
}

/* fn(arg) on the calling thread and on up to `helpers` pool threads; returns when all have ended. */
static void pool_run(void (*fn)(void*), void* arg, int helpers) {
    pool_job job = {fn, arg, 0, 0, NULL};
    pthread_mutex_lock(&g_pool_lock);
    while (g_pool_threads < helpers && g_pool_threads < MAX_HELPERS) {
        pthread_t thread;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        const int failed = pthread_create(&thread, &attr, pool_main, NULL);
        pthread_attr_destroy(&attr);
        if (failed) break;
        g_pool_threads++;
    }
    job.wanted = helpers < g_pool_threads ? helpers : g_pool_threads;
    if (job.wanted > 0) {
        pool_job** tail = &g_pool_jobs;
        while (*tail) tail = &(*tail)->next;
        *tail = &job;
        pthread_cond_broadcast(&g_pool_work);
    }
    pthread_mutex_unlock(&g_pool_lock);
    fn(arg);
    pthread_mutex_lock(&g_pool_lock);
    if (job.wanted > 0) { /* close it: helpers that did not take it yet never will */
        for (pool_job** at = &g_pool_jobs; *at; at = &(*at)->next)
            if (*at == &job) {
                *at = job.next;
                break;
            }
        job.wanted = 0;
    }
    while (job.active > 0) pthread_cond_wait(&g_pool_idle, &g_pool_lock);
    pthread_mutex_unlock(&g_pool_lock);
}

typedef struct scheduler {
    const run_context* ctx;
    pthread_mutex_t lock;
    pthread_cond_t changed;           /* the calling thread waits on it */
    pthread_cond_t helpers;           /* the helpers wait on it: woken only for a step they may take */
    uint32_t* remaining;              /* per step: data predecessors not yet run */
    uint8_t* state;                   /* per step: 0 waiting, 1 queued, 2 running or done */
    uint8_t* done;
    uint32_t* heap;                   /* queued steps, the lowest first */
    uint32_t n_heap;
    uint32_t prefix;                  /* steps [0, prefix) are done */
    uint32_t completed, running, workers;
    int held; /* a whole-team step waits for the running ones: no other starts meanwhile */
    pthread_t caller; /* the thread that called pydml_graph_execute: its OpenMP team is the warm one */
    int stop;
    pydml_status status;
    uint32_t failed_step;
    char message[1024];
} scheduler;

/* Queues every waiting step whose producers have run and whose memory is free. */
static void scheduler_release(scheduler* sc, uint32_t from) {
    const pydml_graph* g = sc->ctx->g;
    for (uint32_t k = from; k < g->step_count; k++)
        if (sc->state[k] == 0 && sc->remaining[k] == 0 && g->need_prefix[k] <= sc->prefix) {
            sc->state[k] = 1;
            heap_push(sc->heap, &sc->n_heap, k);
        }
}

/* Whether a helper (not the calling thread) may take the first queued step: one that runs on one
 * thread (small, or beside a running or queued one). A step that gets the whole team runs on the
 * calling thread, whose OpenMP team the serial steps keep warm: a helper's parallel regions are
 * another team, whose workers sleep between its rare regions, and in a VM each wake-up costs
 * 0.3-0.7 ms (pydml_team_cold). With every step free to run on either thread, ResNet-50 ran
 * 0.66x onnxruntime where one step at a time it ran 0.83x, RegNet-Y-400MF 0.55x against 0.83x. */
static int helper_may_take(const scheduler* sc) {
    const uint32_t first = sc->heap[0];
    if (sc->ctx->small[first]) return 1;
    return !sc->ctx->g->whole[first] && (sc->running > 0 || sc->n_heap > 1);
}

/* After a change: the caller is woken (free when it is not waiting), the helpers only when one
 * may take the first queued step or the run ends; a helper woken for nothing costs its context
 * switches on the CPUs the running step's team uses. */
static void scheduler_notify(scheduler* sc) {
    pthread_cond_broadcast(&sc->changed);
    if (sc->stop || sc->completed == sc->ctx->g->step_count || (sc->n_heap > 0 && !sc->held && helper_may_take(sc)))
        pthread_cond_broadcast(&sc->helpers);
}

static void scheduler_worker(void* arg) {
    scheduler* sc = arg;
    const pydml_graph* g = sc->ctx->g;
    const int budget = pydml_thread_budget();
    const int helper = !pthread_equal(pthread_self(), sc->caller);
    char message[1024];
    pthread_mutex_lock(&sc->lock);
    for (;;) {
        while (!sc->stop && (sc->n_heap == 0 || sc->held || (helper && !helper_may_take(sc))) &&
               sc->completed < g->step_count)
            pthread_cond_wait(helper ? &sc->helpers : &sc->changed, &sc->lock);
        if (sc->stop || sc->completed == g->step_count) break;
        const uint32_t step = heap_pop(sc->heap, &sc->n_heap);
        /* a step that uses the whole team well (g->whole) starts once the running steps are done
         * and runs alone: beside another it would get one thread, and the steps after it would
         * start on one thread too while it runs (ResNet-50's stage entries, RegNet's squeeze and
         * excitation branches, GoogLeNet's inception branches: 0.52-0.77x onnxruntime with their
         * large convolutions run that way, 0.77-0.92x one step at a time) */
        const int whole = sc->ctx->g->whole[step] && !sc->ctx->small[step];
        if (whole) {
            sc->held = 1;
            while (!sc->stop && sc->running > 0) pthread_cond_wait(&sc->changed, &sc->lock);
            if (sc->stop) {
                sc->held = 0;
                break;
            }
        }
        sc->running++;
        /* a node alone takes the whole budget; nodes side by side share it (small ones take one
         * thread, as single operators do); kernels give the same bits on any team size */
        const int side_by_side = !whole && (sc->n_heap > 0 || sc->running > 1);
        const int share = budget / (int)sc->workers > 1 ? budget / (int)sc->workers : 1;
        const int want = sc->ctx->small[step] ? 1 : side_by_side ? share : 0;
        if (sc->n_heap > 0) scheduler_notify(sc); /* a helper may take the next beside it */
        pthread_mutex_unlock(&sc->lock);
        pydml_team_begin(want);
        message[0] = 0;
        const pydml_status s = run_step(sc->ctx, step, message, sizeof message);
        pydml_team_end();
        pthread_mutex_lock(&sc->lock);
        sc->running--;
        if (whole) sc->held = 0;
        sc->completed++;
        sc->done[step] = 1;
        if (s) {
            /* the first failing step in execution order speaks, as it would run alone */
            if (sc->status == PYDML_STATUS_SUCCESS || step < sc->failed_step) {
                sc->status = s;
                sc->failed_step = step;
                snprintf(sc->message, sizeof sc->message, "%s", message);
            }
            sc->stop = 1;
        } else {
            const uint32_t old_prefix = sc->prefix;
            while (sc->prefix < g->step_count && sc->done[sc->prefix]) sc->prefix++;
            for (uint32_t k = g->succ_first[step]; k < g->succ_first[step + 1]; k++) sc->remaining[g->succ_steps[k]]--;
            /* steps below the old prefix are done; otherwise only the successors can be new */
            scheduler_release(sc, sc->prefix > old_prefix ? old_prefix : step + 1);
        }
        scheduler_notify(sc);
    }
    pthread_mutex_unlock(&sc->lock);
}

static pydml_status run_concurrent(const run_context* ctx, int budget, char* message, size_t message_size) {
    const pydml_graph* g = ctx->g;
    const uint32_t S = g->step_count;
    scheduler sc;
    memset(&sc, 0, sizeof sc);
    sc.ctx = ctx;
    sc.remaining = malloc((S + 1u) * sizeof *sc.remaining);
    sc.state = calloc(S + 1u, 1);
    sc.done = calloc(S + 1u, 1);
    sc.heap = malloc((S + 1u) * sizeof *sc.heap);
    if (!sc.remaining || !sc.state || !sc.done || !sc.heap) {
        free(sc.remaining);
        free(sc.state);
        free(sc.done);
        free(sc.heap);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    memcpy(sc.remaining, g->pred_count, S * sizeof *sc.remaining);
    pthread_mutex_init(&sc.lock, NULL);
    pthread_cond_init(&sc.changed, NULL);
    pthread_cond_init(&sc.helpers, NULL);
    sc.workers = (uint32_t)budget;
    sc.caller = pthread_self();
    scheduler_release(&sc, 0);
    pool_run(scheduler_worker, &sc, budget - 1);
    pthread_cond_destroy(&sc.changed);
    pthread_cond_destroy(&sc.helpers);
    pthread_mutex_destroy(&sc.lock);
    if (sc.status) message_out(message, message_size, "%s", sc.message);
    free(sc.remaining);
    free(sc.state);
    free(sc.done);
    free(sc.heap);
    return sc.status;
}

pydml_status pydml_graph_execute(const pydml_graph* g, const pydml_buffer* inputs, uint32_t input_count,
                                 const pydml_buffer* outputs, uint32_t output_count, char* message,
                                 size_t message_size) {
    char l[160], l2[160];
    if (message != NULL && message_size > 0) message[0] = '\0';
    if (g == NULL) {
        message_out(message, message_size, "pydml_graph_execute: graph is NULL");
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (input_count != g->input_count || (input_count && inputs == NULL)) {
        message_out(message, message_size, "DML_GRAPH_DESC: takes %u input bindings (InputCount), got %u",
                    g->input_count, input_count);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (output_count != g->output_count || (output_count && outputs == NULL)) {
        message_out(message, message_size, "DML_GRAPH_DESC: takes %u output bindings (OutputCount), got %u",
                    g->output_count, output_count);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    for (uint32_t i = 0; i < input_count; i++) {
        /* the labels are made on the error paths only (snprintf per binding: 1 % of a decoder step) */
        if (g->input_owned[i]) {
            if (inputs[i].data != NULL) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s has DML_TENSOR_FLAG_OWNED_BY_DML; bind it "
                            "with initialization, not at execution", input_label(l, sizeof l, g, i));
                return PYDML_STATUS_INVALID_PARAMETER;
            }
            if (!g->initialized) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s has DML_TENSOR_FLAG_OWNED_BY_DML and the "
                            "graph was not initialized", input_label(l, sizeof l, g, i));
                return PYDML_STATUS_INVALID_PARAMETER;
            }
            continue;
        }
        if (g->input_reader[i] == UINT32_MAX) continue; /* feeds nothing: whatever is bound is ignored */
        if (inputs[i].data == NULL) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s is not bound", input_label(l, sizeof l, g, i));
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        if (inputs[i].size_in_bytes < g->input_bytes[i]) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s: the bound buffer has %llu bytes, less than the "
                        "%llu bytes (TotalTensorSizeInBytes) its nodes read", input_label(l, sizeof l, g, i),
                        (unsigned long long)inputs[i].size_in_bytes, (unsigned long long)g->input_bytes[i]);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    }
    for (uint32_t k = 0; k < output_count; k++) {
        if (outputs[k].data == NULL) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s is not bound", output_label(l, sizeof l, g, k));
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        if (outputs[k].size_in_bytes < g->output_bytes[k]) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s: the bound buffer has %llu bytes, less than "
                        "TotalTensorSizeInBytes (%llu)", output_label(l, sizeof l, g, k),
                        (unsigned long long)outputs[k].size_in_bytes, (unsigned long long)g->output_bytes[k]);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        for (uint32_t j = 0; j < k; j++)
            if (overlaps(outputs[k].data, g->output_bytes[k], outputs[j].data, g->output_bytes[j])) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s: its buffer overlaps the one bound to %s",
                            output_label(l, sizeof l, g, k), output_label(l2, sizeof l2, g, j));
                return PYDML_STATUS_INVALID_PARAMETER;
            }
        for (uint32_t i = 0; i < input_count; i++)
            if (!g->input_owned[i] && g->input_reader[i] != UINT32_MAX &&
                overlaps(outputs[k].data, g->output_bytes[k], inputs[i].data, g->input_bytes[i])) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s: its buffer overlaps the one bound to %s",
                            output_label(l, sizeof l, g, k), input_label(l2, sizeof l2, g, i));
                return PYDML_STATUS_INVALID_PARAMETER;
            }
    }
    /* the graph's own binding tables when free, else ones for this call; the arena for this call
     * either way (ARENA_ALIGN's note) */
    pydml_graph* mutable_g = (pydml_graph*)(uintptr_t)g;
    workspace w = g->cached;
    const int own = !atomic_flag_test_and_set(&mutable_g->busy);
    w.arena = g->arena_bytes ? pydml_buffer_acquire(g->arena_bytes) : NULL;
    if (!own) {
        w.views = malloc((g->binding_count + 1u) * sizeof *w.views);
        w.pointers = malloc((g->binding_count + 1u) * sizeof *w.pointers);
    }
    if ((g->arena_bytes && !w.arena) || !w.views || !w.pointers) {
        pydml_buffer_release(w.arena);
        if (own) {
            atomic_flag_clear(&mutable_g->busy);
        } else {
            free(w.views);
            free(w.pointers);
        }
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    pydml_status s = PYDML_STATUS_SUCCESS;
    for (uint32_t c = 0; c < g->copy_count; c++)
        if (g->copies[c].after == UINT32_MAX)
            memcpy(outputs[g->copies[c].output].data, g->constants + g->copies[c].source.offset, g->copies[c].bytes);
    const int budget = pydml_thread_budget();
    const int cold = budget > 1 && pydml_team_cold();
    /* Back-to-back runs of a graph whose steps are all below the cold bar (a model of GEMVs: 256 x
     * 1024 is 256 K multiply-adds) ran each step alone once the team had been idle, so the team
     * stayed idle and every later run cold: the GEMVs on one thread for good (16 such weights from
     * L3: 0.33 ms against 0.17 on the team, Zen 4). Such a run wakes the team at its first step worth
     * the team warm (its wake-up paid once), and the runs after it find it warm; a run after an idle
     * spell (no graph ran for PYDML_TEAM_COLD_NS) still keeps its small steps alone. */
    const int rewarm = cold && pydml_runs_back_to_back();
    const run_context ctx = {g, inputs, outputs, &w, cold ? g->small_cold : g->small};
    if (g->parallel && budget > 1 && concurrent_options(g->options)) {
        s = run_concurrent(&ctx, budget, message, message_size);
    } else {
        /* each step draws its team from the budget, as the concurrent workers do: a small step one
         * thread (its kernel's regions run on the calling thread alone), the others all; a run of
         * small steps draws its one thread once (a decoder's token step: all of its 72 steps) */
        int held = 0;
        const uint8_t* small = ctx.small;
        for (uint32_t step = 0; step < g->step_count && s == PYDML_STATUS_SUCCESS; step++) {
            if (rewarm && small != g->small && !g->small[step]) small = g->small;
            if (!small[step] || !held) {
                if (held) pydml_team_end();
                pydml_team_begin(small[step] ? 1 : 0);
                held = 1;
            }
            s = run_step(&ctx, step, message, message_size);
            if (!small[step]) { /* a team returns to the budget after each step */
                pydml_team_end();
                held = 0;
            }
        }
        if (held) pydml_team_end();
    }
    pydml_run_ended();
    pydml_buffer_release(w.arena);
    if (own) {
        atomic_flag_clear(&mutable_g->busy);
    } else {
        free(w.views);
        free(w.pointers);
    }
    return s;
}

void pydml_graph_release(pydml_graph* g) {
    /* the operators outlive the graph: they must not keep a preparation of memory freed here */
    if (g != NULL && g->initialized) prepare_owned_inputs(g, 1);
    graph_free(g);
}
