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
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_internal.h"
#include "common.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* Far above any real partition (ONNX Runtime's hold thousands of nodes); bounds the planner's work
 * and keeps every index product below 2^32. */
#define MAX_GRAPH_NODES (1u << 18)
#define MAX_GRAPH_EDGES (1u << 20)
#define ARENA_ALIGN 64u
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
    uint8_t* owned_borrowed;          /* per graph input: owned[i] is the caller's memory, not a copy */
    int initialized;
    uint64_t arena_bytes, intermediate_bytes;
    char** node_names;                /* copies of the Names (NULL when none) */
    char** input_names;
    char** output_names;
    atomic_flag busy;
    workspace cached;
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

static pydml_status run_node(const pydml_operator* op, const pydml_tensor* const* inputs, uint32_t input_count,
                             const pydml_tensor* const* outputs, uint32_t output_count, char* message,
                             size_t message_size) {
    /* the graph binds its nodes' OWNED_BY_DML inputs from its own initialized copies */
    return pydml_operator_execute_owned_views(op, inputs, input_count, outputs, output_count, 1, message,
                                              message_size);
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
    pydml_buffer_release(g->cached.arena);
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

/* First fit by liveness: each value (in production order) takes the lowest offset that no value
 * live at the same time occupies. On a chain two values are live at once: the arena holds two. */
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
    return peak;
}

static uint64_t round_up(uint64_t v) { return (v + ARENA_ALIGN - 1u) & ~(uint64_t)(ARENA_ALIGN - 1u); }

pydml_status pydml_graph_compile(const DML_GRAPH_DESC* desc, uint32_t execution_flags, pydml_graph** graph,
                                 pydml_diagnostic* diagnostic) {
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
    g->nodes = calloc(N, sizeof *g->nodes);
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
#define FAIL(expr)                                                                                                \
    do {                                                                                                          \
        s = (expr);                                                                                               \
        goto done;                                                                                                \
    } while (0)
    if (!g->nodes || !g->node_names || !g->input_names || !g->output_names) FAIL(PYDML_STATUS_OUT_OF_MEMORY);

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
        edge_prefix(ep, sizeof ep, x->Name);
        if (x->GraphInputIndex >= desc->InputCount) {
            snprintf(f, sizeof f, "InputEdges[%u].GraphInputIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->GraphInputIndex), "%smust be less than InputCount (%u)", ep,
                       desc->InputCount));
        }
        if (x->ToNodeIndex >= N) {
            snprintf(f, sizeof f, "InputEdges[%u].ToNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        const gnode* to = &g->nodes[x->ToNodeIndex];
        node_label(l1, sizeof l1, desc, g->nodes, x->ToNodeIndex);
        snprintf(f, sizeof f, "InputEdges[%u].ToNodeInputIndex", e);
        if (x->ToNodeInputIndex >= to->n_in)
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex), "%smust be less than %u, the input count of %s",
                       ep, to->n_in, l1));
        const uint32_t b = to->first + x->ToNodeInputIndex;
        if (!info[b].present)
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex),
                       "%s%s.%s is absent from its desc (an optional tensor left NULL) and cannot be connected", ep,
                       l1, info[b].name));
        if (conn[b].kind)
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex),
                       "%s%s.%s is already connected by %s[%u]; an input is connected exactly once", ep, l1,
                       info[b].name, conn[b].kind == DML_GRAPH_EDGE_TYPE_INPUT ? "InputEdges" : "IntermediateEdges",
                       conn[b].edge));
        conn[b].kind = DML_GRAPH_EDGE_TYPE_INPUT;
        conn[b].edge = e;
        const uint32_t gi = x->GraphInputIndex;
        const int owned = (info[b].flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
        if (g->input_reader[gi] != UINT32_MAX) {
            const int other = (info[g->input_reader[gi]].flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
            if (owned != other)
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
    }

    /* output edges */
    for (uint32_t e = 0; e < desc->OutputEdgeCount; e++) {
        const DML_OUTPUT_GRAPH_EDGE_DESC* x = desc->OutputEdges[e].Desc;
        edge_prefix(ep, sizeof ep, x->Name);
        if (x->FromNodeIndex >= N) {
            snprintf(f, sizeof f, "OutputEdges[%u].FromNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        const gnode* from = &g->nodes[x->FromNodeIndex];
        node_label(l1, sizeof l1, desc, g->nodes, x->FromNodeIndex);
        snprintf(f, sizeof f, "OutputEdges[%u].FromNodeOutputIndex", e);
        if (x->FromNodeOutputIndex >= from->n_out)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex), "%smust be less than %u, the output count of %s",
                       ep, from->n_out, l1));
        const uint32_t b = from->first + from->n_in + x->FromNodeOutputIndex;
        if (!info[b].present)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex),
                       "%s%s.%s is absent from its desc (an optional tensor left NULL) and cannot be connected", ep,
                       l1, info[b].name));
        snprintf(f, sizeof f, "OutputEdges[%u].GraphOutputIndex", e);
        if (x->GraphOutputIndex >= desc->OutputCount)
            FAIL(gfail(d, f, u32(v, sizeof v, x->GraphOutputIndex), "%smust be less than OutputCount (%u)", ep,
                       desc->OutputCount));
        if (produced_by[x->GraphOutputIndex] != UINT32_MAX)
            FAIL(gfail(d, f, u32(v, sizeof v, x->GraphOutputIndex),
                       "%sgraph output %u is already produced by OutputEdges[%u]; each graph output is produced "
                       "exactly once", ep, x->GraphOutputIndex, produced_by[x->GraphOutputIndex]));
        produced_by[x->GraphOutputIndex] = e;
        if (output_edge_of[b] == UINT32_MAX) output_edge_of[b] = e;
        if (x->Name && (g->output_names[x->GraphOutputIndex] = copy_name(x->Name)) == NULL)
            FAIL(PYDML_STATUS_OUT_OF_MEMORY);
    }

    /* intermediate edges */
    for (uint32_t e = 0; e < desc->IntermediateEdgeCount; e++) {
        const DML_INTERMEDIATE_GRAPH_EDGE_DESC* x = desc->IntermediateEdges[e].Desc;
        edge_prefix(ep, sizeof ep, x->Name);
        if (x->FromNodeIndex >= N) {
            snprintf(f, sizeof f, "IntermediateEdges[%u].FromNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        if (x->ToNodeIndex >= N) {
            snprintf(f, sizeof f, "IntermediateEdges[%u].ToNodeIndex", e);
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeIndex), "%smust be less than NodeCount (%u)", ep, N));
        }
        const gnode* from = &g->nodes[x->FromNodeIndex];
        const gnode* to = &g->nodes[x->ToNodeIndex];
        node_label(l1, sizeof l1, desc, g->nodes, x->FromNodeIndex);
        node_label(l2, sizeof l2, desc, g->nodes, x->ToNodeIndex);
        snprintf(f, sizeof f, "IntermediateEdges[%u].FromNodeOutputIndex", e);
        if (x->FromNodeOutputIndex >= from->n_out)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex), "%smust be less than %u, the output count of %s",
                       ep, from->n_out, l1));
        const uint32_t ob = from->first + from->n_in + x->FromNodeOutputIndex;
        if (!info[ob].present)
            FAIL(gfail(d, f, u32(v, sizeof v, x->FromNodeOutputIndex),
                       "%s%s.%s is absent from its desc (an optional tensor left NULL) and cannot be connected", ep,
                       l1, info[ob].name));
        snprintf(f, sizeof f, "IntermediateEdges[%u].ToNodeInputIndex", e);
        if (x->ToNodeInputIndex >= to->n_in)
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex), "%smust be less than %u, the input count of %s",
                       ep, to->n_in, l2));
        const uint32_t ib = to->first + x->ToNodeInputIndex;
        if (!info[ib].present)
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex),
                       "%s%s.%s is absent from its desc (an optional tensor left NULL) and cannot be connected", ep,
                       l2, info[ib].name));
        if (conn[ib].kind)
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex),
                       "%s%s.%s is already connected by %s[%u]; an input is connected exactly once", ep, l2,
                       info[ib].name, conn[ib].kind == DML_GRAPH_EDGE_TYPE_INPUT ? "InputEdges" : "IntermediateEdges",
                       conn[ib].edge));
        if (from->op && (info[ib].flags & DML_TENSOR_FLAG_OWNED_BY_DML))
            FAIL(gfail(d, f, u32(v, sizeof v, x->ToNodeInputIndex),
                       "%s%s.%s has DML_TENSOR_FLAG_OWNED_BY_DML and must be connected to a graph input, not to "
                       "the output of %s", ep, l2, info[ib].name, l1));
        if (from->op) {
            if (info[ob].total_bytes != info[ib].total_bytes) {
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
    for (uint32_t s_ = 0; s_ < steps; s_++) {
        const gnode* gn = &g->nodes[g->order[s_]];
        for (uint32_t k = 0; k < gn->n_out; k++) {
            const uint32_t b = gn->first + gn->n_in + k;
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
    g->arena_bytes = plan_arena(values, n_values, active);
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
    /* the workspace kept for calls that find it free */
    g->cached.arena = g->arena_bytes ? pydml_buffer_acquire(g->arena_bytes) : NULL;
    g->cached.views = malloc((bindings + 1u) * sizeof *g->cached.views);
    g->cached.pointers = malloc((bindings + 1u) * sizeof *g->cached.pointers);
    if ((g->arena_bytes && !g->cached.arena) || !g->cached.views || !g->cached.pointers)
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

uint32_t pydml_graph_execution_order(const pydml_graph* g, uint32_t* order, uint32_t capacity) {
    if (g == NULL) return 0;
    for (uint32_t i = 0; i < g->step_count && i < capacity && order; i++) order[i] = g->order[i];
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
            g->owned_borrowed[i] = (uint8_t)(borrow != 0);
        }
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

pydml_status pydml_graph_execute(const pydml_graph* g, const pydml_buffer* inputs, uint32_t input_count,
                                 const pydml_buffer* outputs, uint32_t output_count, char* message,
                                 size_t message_size) {
    char l[160], l2[160];
    message_out(message, message_size, "%s", "");
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
        input_label(l, sizeof l, g, i);
        if (g->input_owned[i]) {
            if (inputs[i].data != NULL) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s has DML_TENSOR_FLAG_OWNED_BY_DML; bind it "
                            "with initialization, not at execution", l);
                return PYDML_STATUS_INVALID_PARAMETER;
            }
            if (!g->initialized) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s has DML_TENSOR_FLAG_OWNED_BY_DML and the "
                            "graph was not initialized", l);
                return PYDML_STATUS_INVALID_PARAMETER;
            }
            continue;
        }
        if (g->input_reader[i] == UINT32_MAX) continue; /* feeds nothing: whatever is bound is ignored */
        if (inputs[i].data == NULL) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s is not bound", l);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        if (inputs[i].size_in_bytes < g->input_bytes[i]) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s: the bound buffer has %llu bytes, less than the "
                        "%llu bytes (TotalTensorSizeInBytes) its nodes read", l,
                        (unsigned long long)inputs[i].size_in_bytes, (unsigned long long)g->input_bytes[i]);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
    }
    for (uint32_t k = 0; k < output_count; k++) {
        output_label(l, sizeof l, g, k);
        if (outputs[k].data == NULL) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s is not bound", l);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        if (outputs[k].size_in_bytes < g->output_bytes[k]) {
            message_out(message, message_size, "DML_GRAPH_DESC: %s: the bound buffer has %llu bytes, less than "
                        "TotalTensorSizeInBytes (%llu)", l, (unsigned long long)outputs[k].size_in_bytes,
                        (unsigned long long)g->output_bytes[k]);
            return PYDML_STATUS_INVALID_PARAMETER;
        }
        for (uint32_t j = 0; j < k; j++)
            if (overlaps(outputs[k].data, g->output_bytes[k], outputs[j].data, g->output_bytes[j])) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s: its buffer overlaps the one bound to %s", l,
                            output_label(l2, sizeof l2, g, j));
                return PYDML_STATUS_INVALID_PARAMETER;
            }
        for (uint32_t i = 0; i < input_count; i++)
            if (!g->input_owned[i] && g->input_reader[i] != UINT32_MAX &&
                overlaps(outputs[k].data, g->output_bytes[k], inputs[i].data, g->input_bytes[i])) {
                message_out(message, message_size, "DML_GRAPH_DESC: %s: its buffer overlaps the one bound to %s", l,
                            input_label(l2, sizeof l2, g, i));
                return PYDML_STATUS_INVALID_PARAMETER;
            }
    }
    /* the graph's own workspace when free, else one for this call */
    pydml_graph* mutable_g = (pydml_graph*)(uintptr_t)g;
    workspace w = g->cached;
    const int own = !atomic_flag_test_and_set(&mutable_g->busy);
    if (!own) {
        w.arena = g->arena_bytes ? pydml_buffer_acquire(g->arena_bytes) : NULL;
        w.views = malloc((g->binding_count + 1u) * sizeof *w.views);
        w.pointers = malloc((g->binding_count + 1u) * sizeof *w.pointers);
        if ((g->arena_bytes && !w.arena) || !w.views || !w.pointers) {
            pydml_buffer_release(w.arena);
            free(w.views);
            free(w.pointers);
            return PYDML_STATUS_OUT_OF_MEMORY;
        }
    }
    pydml_status s = PYDML_STATUS_SUCCESS;
    pydml_team_begin(0); /* the whole budget for the graph; its nodes run inside it */
    for (uint32_t c = 0; c < g->copy_count; c++)
        if (g->copies[c].after == UINT32_MAX)
            memcpy(outputs[g->copies[c].output].data, g->constants + g->copies[c].source.offset, g->copies[c].bytes);
    for (uint32_t step = 0; step < g->step_count && s == PYDML_STATUS_SUCCESS; step++) {
        const uint32_t i = g->order[step];
        const gnode* gn = &g->nodes[i];
        for (uint32_t k = 0; k < gn->n_in + gn->n_out; k++) {
            const uint32_t b = gn->first + k;
            const slot* sl = &g->slots[b];
            pydml_tensor* view = &w.views[b];
            w.pointers[b] = view;
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
                view->data = w.arena + sl->offset;
                view->buffer_bytes = sl->bytes;
                break;
            case SRC_CONSTANT:
                view->data = g->constants + sl->offset;
                view->buffer_bytes = sl->bytes;
                break;
            default:
                w.pointers[b] = NULL; /* an absent optional tensor */
            }
        }
        char inner[768];
        s = run_node(gn->op, w.pointers + gn->first, gn->n_in, w.pointers + gn->first + gn->n_in, gn->n_out, inner,
                     sizeof inner);
        if (s) {
            node_message(message, message_size, g, i, inner);
            break;
        }
        for (uint32_t c = 0; c < g->copy_count; c++) {
            const copy_step* cp = &g->copies[c];
            if (cp->after != step) continue;
            const void* src = cp->source.kind == SRC_OUTPUT ? outputs[cp->source.index].data
                                                            : (const void*)(w.arena + cp->source.offset);
            memcpy(outputs[cp->output].data, src, cp->bytes);
        }
    }
    pydml_team_end();
    if (own) {
        atomic_flag_clear(&mutable_g->busy);
    } else {
        pydml_buffer_release(w.arena);
        free(w.views);
        free(w.pointers);
    }
    return s;
}

void pydml_graph_release(pydml_graph* g) { graph_free(g); }
