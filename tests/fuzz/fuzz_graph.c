/* The graph C API (native/graph/graph.c) under AddressSanitizer + UndefinedBehaviorSanitizer:
 * random DAGs of small operators (a quarter starting with the fusions' motifs: a convolution, x *
 * sigmoid(x) of its output, CLIP1 / HARD_SWISH / RELU), then mutated -- indices moved out of range, counts changed
 * (within the arrays' real length: a count larger than its array is a lying caller C cannot
 * detect), edges added to close cycles, duplicated, retyped or NULLed, node types broken -- and
 * pydml_graph_compile, pydml_graph_initialize, pydml_graph_execute and pydml_graph_release run on
 * each. The library must answer every case with a status, never crash or leak; an accepted graph
 * must execute on buffers of the sizes it asks for, and refuse a buffer one byte short.
 * Each accepted graph is compiled with random PYDML_GRAPH_* options and run on 1 to 3 threads; it is
 * also compiled SERIAL with the same fusion (its outputs must be the same bits: concurrency never
 * changes a result) and NO_FUSION | SERIAL (within 1e-5: fused activations, ADD -> ADD1).
 *
 * usage: fuzz_graph ITERATIONS SEED   (prints "compiled C rejected R" on success) */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pydml.h"

static uint64_t g_state;
static uint64_t next64(void) {
    uint64_t z = (g_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint32_t below(uint32_t n) { return n ? (uint32_t)(next64() % n) : 0; }
static int percent(uint32_t p) { return below(100) < p; }

static void die(const char* format, ...) {
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}

/* ---- the operators a node may use ---------------------------------------------------------- */

enum { OP_RELU, OP_ADD, OP_ADD_OWNED, OP_RELU_SMALL, OP_CONV_NO_BIAS, OP_JOIN, OP_TANH, OP_RELU_CONV_OUT,
       OP_SIGMOID_Y, OP_MUL_Y, OP_CLIP1_Y, OP_HARD_SWISH_Y, OP_KINDS };
static pydml_operator* g_ops[OP_KINDS];

static pydml_operator* make(DML_OPERATOR_TYPE type, const void* desc) {
    DML_OPERATOR_DESC d = {type, desc};
    pydml_operator* op = NULL;
    char message[512];
    if (pydml_operator_create(&d, DML_FEATURE_LEVEL_6_4, 0, &op, message, sizeof message))
        die("cannot create operator %d: %s", (int)type, message);
    return op;
}

static void make_operators(void) {
    static UINT n64[1] = {64}, n32[1] = {32}, n128[1] = {128};
    static UINT x4[4] = {1, 1, 8, 8}, w4[4] = {1, 1, 3, 3}, y4[4] = {1, 1, 6, 6};
    static UINT ones[2] = {1, 1}, zeros[2] = {0, 0};
    static DML_BUFFER_TENSOR_DESC b64 = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n64, NULL, 256, 0};
    static DML_BUFFER_TENSOR_DESC o64 = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_OWNED_BY_DML, 1, n64, NULL, 256, 0};
    static DML_BUFFER_TENSOR_DESC b32 = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n32, NULL, 128, 0};
    static DML_BUFFER_TENSOR_DESC b128 = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, n128, NULL, 512, 0};
    static DML_BUFFER_TENSOR_DESC bx = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, x4, NULL, 256, 0};
    static DML_BUFFER_TENSOR_DESC bw = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, w4, NULL, 36, 0};
    static DML_BUFFER_TENSOR_DESC by = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, y4, NULL, 144, 0};
    static DML_TENSOR_DESC t64 = {DML_TENSOR_TYPE_BUFFER, &b64}, to64 = {DML_TENSOR_TYPE_BUFFER, &o64},
                           t32 = {DML_TENSOR_TYPE_BUFFER, &b32}, t128 = {DML_TENSOR_TYPE_BUFFER, &b128},
                           tx = {DML_TENSOR_TYPE_BUFFER, &bx}, tw = {DML_TENSOR_TYPE_BUFFER, &bw},
                           ty = {DML_TENSOR_TYPE_BUFFER, &by};
    static DML_TENSOR_DESC join_inputs[2];
    join_inputs[0] = t64;
    join_inputs[1] = t64;
    static DML_ACTIVATION_RELU_OPERATOR_DESC relu = {&t64, &t64}, relu_small = {&t32, &t32}, relu_y = {&ty, &ty};
    static DML_ACTIVATION_TANH_OPERATOR_DESC tanh_ = {&t64, &t64};
    static DML_ELEMENT_WISE_ADD_OPERATOR_DESC add = {&t64, &t64, &t64}, add_owned = {&to64, &t64, &t64};
    static DML_CONVOLUTION_OPERATOR_DESC conv = {&tx, &tw, NULL, &ty, DML_CONVOLUTION_MODE_CROSS_CORRELATION,
                                                 DML_CONVOLUTION_DIRECTION_FORWARD, 2, ones, ones, zeros, zeros,
                                                 zeros, 1, NULL};
    static DML_JOIN_OPERATOR_DESC join = {2, join_inputs, &t128, 0};
    /* the conv output's shape: x * sigmoid(x), CLIP1 and HARD_SWISH fuse into it (graph.c find_silu and
     * the activation override) */
    static DML_ACTIVATION_SIGMOID_OPERATOR_DESC sigmoid_y = {&ty, &ty};
    static DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC mul_y = {&ty, &ty, &ty};
    static DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC clip1_y = {&ty, &ty, NULL, DML_TENSOR_DATA_TYPE_FLOAT32, {{0}}, {{0}}};
    clip1_y.Min.Float32 = 0.0f;
    clip1_y.Max.Float32 = 6.0f;
    static DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC hard_swish_y = {&ty, &ty, 0.2f, 0.5f};
    g_ops[OP_RELU] = make(DML_OPERATOR_ACTIVATION_RELU, &relu);
    g_ops[OP_ADD] = make(DML_OPERATOR_ELEMENT_WISE_ADD, &add);
    g_ops[OP_ADD_OWNED] = make(DML_OPERATOR_ELEMENT_WISE_ADD, &add_owned);
    g_ops[OP_RELU_SMALL] = make(DML_OPERATOR_ACTIVATION_RELU, &relu_small);
    g_ops[OP_CONV_NO_BIAS] = make(DML_OPERATOR_CONVOLUTION, &conv);
    g_ops[OP_JOIN] = make(DML_OPERATOR_JOIN, &join);
    g_ops[OP_TANH] = make(DML_OPERATOR_ACTIVATION_TANH, &tanh_);        /* fuses after ADD */
    g_ops[OP_RELU_CONV_OUT] = make(DML_OPERATOR_ACTIVATION_RELU, &relu_y); /* fuses after the conv */
    g_ops[OP_SIGMOID_Y] = make(DML_OPERATOR_ACTIVATION_SIGMOID, &sigmoid_y);
    g_ops[OP_MUL_Y] = make(DML_OPERATOR_ELEMENT_WISE_MULTIPLY, &mul_y);
    g_ops[OP_CLIP1_Y] = make(DML_OPERATOR_ELEMENT_WISE_CLIP1, &clip1_y);
    g_ops[OP_HARD_SWISH_Y] = make(DML_OPERATOR_ACTIVATION_HARD_SWISH, &hard_swish_y);
}

/* ---- one case ------------------------------------------------------------------------------ */

#define MAX_NODES 12
#define CAP 48 /* edge array capacity: counts are mutated within it */

typedef struct gcase {
    DML_GRAPH_NODE_DESC nodes[MAX_NODES];
    DML_OPERATOR_GRAPH_NODE_DESC op_nodes[MAX_NODES];
    DML_CONSTANT_DATA_GRAPH_NODE_DESC const_nodes[MAX_NODES];
    unsigned char constant_data[MAX_NODES][256];
    DML_INPUT_GRAPH_EDGE_DESC in[CAP];
    DML_OUTPUT_GRAPH_EDGE_DESC out[CAP];
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mid[CAP];
    DML_GRAPH_EDGE_DESC in_edges[CAP], out_edges[CAP], mid_edges[CAP];
    DML_GRAPH_DESC desc;
} gcase;

static const char* NAMES[] = {NULL, "x", "a rather long edge name that goes on and on and on and on and on and on "
                                         "and on beyond the eighty characters a message shows", ""};

static uint32_t any_index(uint32_t n) {
    switch (below(8)) {
    case 0: return n;                    /* one past the end */
    case 1: return 0xFFFFFFFFu;
    case 2: return n + below(4);
    default: return below(n ? n : 1);
    }
}

/* A random DAG: node i reads only from nodes < i or from graph inputs. */
static void generate(gcase* c) {
    memset(c, 0, sizeof *c);
    /* a quarter of the cases start with the fusions' motifs: conv -> sigmoid, multiply(conv, sigmoid)
     * (x * sigmoid(x), graph.c find_silu), then a CLIP1, HARD_SWISH or RELU of the product */
    const int motif = percent(25);
    const uint32_t n = motif ? 4 + below(MAX_NODES - 3) : 1 + below(MAX_NODES);
    uint32_t n_in = 0, n_out = 0, n_mid = 0, graph_inputs = 0, start = 0;
    if (motif) {
        static const uint32_t last[3] = {OP_CLIP1_Y, OP_HARD_SWISH_Y, OP_RELU_CONV_OUT};
        uint32_t kinds[4] = {OP_CONV_NO_BIAS, OP_SIGMOID_Y, OP_MUL_Y, last[below(3)]};
        const int act_first = percent(40); /* or the activation straight after the convolution */
        if (act_first) {
            kinds[1] = kinds[3];
            kinds[2] = OP_SIGMOID_Y;
            kinds[3] = OP_MUL_Y;
        }
        for (uint32_t i = 0; i < 4; i++) {
            c->nodes[i].Type = DML_GRAPH_NODE_TYPE_OPERATOR;
            c->op_nodes[i].Operator = (IDMLOperator*)(void*)g_ops[kinds[i]];
            c->op_nodes[i].Name = NAMES[below(4)];
            c->nodes[i].Desc = &c->op_nodes[i];
        }
        c->in[n_in++] = (DML_INPUT_GRAPH_EDGE_DESC){graph_inputs++, 0, 0, NULL};
        c->in[n_in++] = (DML_INPUT_GRAPH_EDGE_DESC){graph_inputs++, 0, 1, NULL};
        const uint32_t order = below(2);
        c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){0, 0, 1, 0, NULL};
        if (act_first) { /* conv -> act; then x * sigmoid(x) of the activation's output */
            c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){1, 0, 2, 0, NULL};
            c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){1, 0, 3, order, NULL};
            c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){2, 0, 3, 1u - order, NULL};
        } else { /* x * sigmoid(x) of the convolution's output, then an activation of the product */
            c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){0, 0, 2, order, NULL};
            c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){1, 0, 2, 1u - order, NULL};
            c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){percent(80) ? 2u : 0u, 0, 3, 0, NULL};
        }
        start = 4;
    }
    for (uint32_t i = start; i < n; i++) {
        const int constant = i > 0 && percent(15);
        if (constant) {
            c->nodes[i].Type = DML_GRAPH_NODE_TYPE_CONSTANT;
            c->const_nodes[i].Data = c->constant_data[i];
            c->const_nodes[i].DataSize = percent(80) ? 256 : below(300);
            c->const_nodes[i].Name = NAMES[below(4)];
            c->nodes[i].Desc = &c->const_nodes[i];
            continue;
        }
        uint32_t kind = percent(60) ? (percent(50) ? OP_RELU : OP_ADD) : below(OP_KINDS);
        c->nodes[i].Type = DML_GRAPH_NODE_TYPE_OPERATOR;
        c->op_nodes[i].Operator = (IDMLOperator*)(void*)g_ops[kind];
        c->op_nodes[i].Name = NAMES[below(4)];
        c->nodes[i].Desc = &c->op_nodes[i];
        const uint32_t inputs = pydml_operator_input_count(g_ops[kind]);
        /* often x * sigmoid(x): a multiply reading an earlier sigmoid and that sigmoid's own input */
        if (kind == OP_MUL_Y && percent(70) && n_mid + 2 <= CAP) {
            uint32_t from = UINT32_MAX;
            for (uint32_t e = 0; e < n_mid; e++)
                if (c->mid[e].ToNodeIndex < i && c->op_nodes[c->mid[e].ToNodeIndex].Operator ==
                                                     (IDMLOperator*)(void*)g_ops[OP_SIGMOID_Y])
                    from = e;
            if (from != UINT32_MAX) {
                const uint32_t order = below(2);
                c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){c->mid[from].FromNodeIndex, 0, i, order, NULL};
                c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){c->mid[from].ToNodeIndex, 0, i, 1u - order, NULL};
                continue;
            }
        }
        for (uint32_t k = 0; k < inputs; k++) {
            if (kind == OP_CONV_NO_BIAS && k == 2) continue; /* absent bias */
            /* a node of the conv output's shape reads the latest convolution most of the time */
            uint32_t conv_from = UINT32_MAX;
            if (kind == OP_SIGMOID_Y || kind == OP_CLIP1_Y || kind == OP_HARD_SWISH_Y || kind == OP_RELU_CONV_OUT ||
                kind == OP_MUL_Y)
                for (uint32_t j = 0; j < i; j++)
                    if (c->nodes[j].Type == DML_GRAPH_NODE_TYPE_OPERATOR &&
                        c->op_nodes[j].Operator == (IDMLOperator*)(void*)g_ops[OP_CONV_NO_BIAS])
                        conv_from = j;
            if (conv_from != UINT32_MAX && percent(70) && n_mid < CAP) {
                c->mid[n_mid++] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){conv_from, 0, i, k, NAMES[below(4)]};
            } else if (i > 0 && percent(60) && n_mid < CAP) {
                DML_INTERMEDIATE_GRAPH_EDGE_DESC* e = &c->mid[n_mid++];
                e->FromNodeIndex = below(i);
                e->FromNodeOutputIndex = 0;
                e->ToNodeIndex = i;
                e->ToNodeInputIndex = k;
                e->Name = NAMES[below(4)];
            } else if (n_in < CAP) {
                DML_INPUT_GRAPH_EDGE_DESC* e = &c->in[n_in++];
                e->GraphInputIndex = percent(30) && graph_inputs ? below(graph_inputs) : graph_inputs++;
                e->ToNodeIndex = i;
                e->ToNodeInputIndex = k;
                e->Name = NAMES[below(4)];
            }
        }
    }
    /* every node's output goes somewhere: a graph output, or it already feeds a node */
    for (uint32_t i = 0; i < n && n_out < CAP; i++)
        if ((i < start ? percent(10) : percent(50)) || i == n - 1) {
            DML_OUTPUT_GRAPH_EDGE_DESC* e = &c->out[n_out];
            e->FromNodeIndex = i;
            e->FromNodeOutputIndex = 0;
            e->GraphOutputIndex = n_out++;
            e->Name = NAMES[below(4)];
        }
    /* the spare entries up to CAP are typed edges too, reachable by a mutated count */
    for (uint32_t k = 0; k < CAP; k++) {
        if (k >= n_in) {
            c->in[k].GraphInputIndex = below(graph_inputs + 1);
            c->in[k].ToNodeIndex = below(n + 1);
            c->in[k].ToNodeInputIndex = below(3);
        }
        if (k >= n_out) {
            c->out[k].FromNodeIndex = below(n + 1);
            c->out[k].GraphOutputIndex = below(n_out + 2);
        }
        if (k >= n_mid) {
            c->mid[k].FromNodeIndex = below(n);
            c->mid[k].ToNodeIndex = below(n);
            c->mid[k].ToNodeInputIndex = below(3);
        }
        c->in_edges[k] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INPUT, &c->in[k]};
        c->out_edges[k] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_OUTPUT, &c->out[k]};
        c->mid_edges[k] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &c->mid[k]};
    }
    c->desc = (DML_GRAPH_DESC){graph_inputs, n_out, n, c->nodes, n_in, c->in_edges, n_out, c->out_edges, n_mid,
                               c->mid_edges};
}

static void mutate(gcase* c) {
    DML_GRAPH_DESC* d = &c->desc;
    const uint32_t rounds = 1 + below(3);
    for (uint32_t r = 0; r < rounds; r++) {
        switch (below(14)) {
        case 0: d->InputCount = any_index(d->InputCount); break;
        case 1: d->OutputCount = any_index(d->OutputCount); break;
        case 2: d->NodeCount = below(d->NodeCount + 1); break; /* never past the array */
        case 3: d->InputEdgeCount = below(CAP + 1); break;
        case 4: d->OutputEdgeCount = below(CAP + 1); break;
        case 5: d->IntermediateEdgeCount = below(CAP + 1); break;
        case 6: { /* an index out of range */
            DML_INPUT_GRAPH_EDGE_DESC* e = &c->in[below(CAP)];
            switch (below(3)) {
            case 0: e->GraphInputIndex = any_index(d->InputCount); break;
            case 1: e->ToNodeIndex = any_index(d->NodeCount); break;
            default: e->ToNodeInputIndex = any_index(3);
            }
            break;
        }
        case 7: {
            DML_OUTPUT_GRAPH_EDGE_DESC* e = &c->out[below(CAP)];
            switch (below(3)) {
            case 0: e->FromNodeIndex = any_index(d->NodeCount); break;
            case 1: e->FromNodeOutputIndex = any_index(2); break;
            default: e->GraphOutputIndex = any_index(d->OutputCount);
            }
            break;
        }
        case 8: {
            DML_INTERMEDIATE_GRAPH_EDGE_DESC* e = &c->mid[below(CAP)];
            switch (below(4)) {
            case 0: e->FromNodeIndex = any_index(d->NodeCount); break;
            case 1: e->FromNodeOutputIndex = any_index(2); break;
            case 2: e->ToNodeIndex = any_index(d->NodeCount); break;
            default: e->ToNodeInputIndex = any_index(3);
            }
            break;
        }
        case 9: { /* a back edge: a cycle (or a self loop) */
            if (d->IntermediateEdgeCount < CAP && d->NodeCount) {
                DML_INTERMEDIATE_GRAPH_EDGE_DESC* e = &c->mid[d->IntermediateEdgeCount++];
                e->ToNodeIndex = below(d->NodeCount);
                e->FromNodeIndex = e->ToNodeIndex + below(d->NodeCount - e->ToNodeIndex);
                e->FromNodeOutputIndex = 0;
                e->ToNodeInputIndex = below(2);
            }
            break;
        }
        case 10: { /* an edge in the wrong list, or a NULL desc */
            DML_GRAPH_EDGE_DESC* lists[3] = {c->in_edges, c->out_edges, c->mid_edges};
            DML_GRAPH_EDGE_DESC* e = &lists[below(3)][below(CAP)];
            if (percent(50))
                e->Type = (DML_GRAPH_EDGE_TYPE)below(5);
            else
                e->Desc = NULL;
            break;
        }
        case 11: { /* a node's type or desc */
            if (!d->NodeCount) break;
            DML_GRAPH_NODE_DESC* n = &c->nodes[below(d->NodeCount)];
            switch (below(4)) {
            case 0: n->Type = (DML_GRAPH_NODE_TYPE)below(4); break; /* may now point at the wrong struct */
            case 1: n->Desc = NULL; break;
            case 2:
                if (n->Type == DML_GRAPH_NODE_TYPE_OPERATOR && n->Desc) ((DML_OPERATOR_GRAPH_NODE_DESC*)n->Desc)->Operator = NULL;
                break;
            default:
                if (n->Type == DML_GRAPH_NODE_TYPE_CONSTANT && n->Desc)
                    ((DML_CONSTANT_DATA_GRAPH_NODE_DESC*)n->Desc)->DataSize = below(257);
            }
            break;
        }
        case 12: /* NULL arrays */
            switch (below(4)) {
            case 0: d->Nodes = NULL; break;
            case 1: d->InputEdges = NULL; break;
            case 2: d->OutputEdges = NULL; break;
            default: d->IntermediateEdges = NULL;
            }
            break;
        default: /* a duplicate edge */
            if (d->IntermediateEdgeCount && d->IntermediateEdgeCount < CAP) {
                c->mid[d->IntermediateEdgeCount] = c->mid[below(d->IntermediateEdgeCount)];
                d->IntermediateEdgeCount++;
            }
        }
    }
}

/* A node Type changed to OPERATOR over a constant's struct would make the library read a data
 * pointer as an operator: that is a lying caller (like a wrong count), so such cases are skipped. */
static int types_match_structs(const gcase* c) {
    for (uint32_t i = 0; i < c->desc.NodeCount && c->desc.Nodes; i++) {
        const DML_GRAPH_NODE_DESC* n = &c->nodes[i];
        if (n->Desc == NULL) continue;
        if (n->Type == DML_GRAPH_NODE_TYPE_OPERATOR && n->Desc != &c->op_nodes[i]) return 0;
        if (n->Type == DML_GRAPH_NODE_TYPE_CONSTANT && n->Desc != &c->const_nodes[i]) return 0;
    }
    return 1; /* edge Type mismatches are caught by the list's expected Type before Desc is read */
}

static float frand(void) { return (float)((double)below(1u << 20) / (double)(1u << 19) - 1.0); }

/* Executes graph h (owned inputs initialized from ins) into fresh outputs; returns them (one block
 * per output, caller frees), NULL when it fails. */
static void** outputs_of(pydml_graph* h, const pydml_buffer* all_inputs) {
    const uint32_t ni = pydml_graph_input_count(h), no = pydml_graph_output_count(h);
    pydml_buffer* ins = calloc(ni + 1u, sizeof *ins);
    pydml_buffer* init = calloc(ni + 1u, sizeof *init);
    pydml_buffer* outs = calloc(no + 1u, sizeof *outs);
    void** memory = calloc(no + 1u, sizeof *memory);
    if (!ins || !init || !outs || !memory) die("out of memory");
    for (uint32_t i = 0; i < ni; i++) {
        if (pydml_graph_input_owned(h, i))
            init[i] = all_inputs[i];
        else
            ins[i] = all_inputs[i];
    }
    for (uint32_t k = 0; k < no; k++) {
        uint64_t bytes = pydml_graph_output_bytes(h, k);
        memory[k] = malloc(bytes ? bytes : 1);
        outs[k] = (pydml_buffer){memory[k], bytes};
    }
    char message[512];
    if (pydml_graph_initialize(h, init, ni, message, sizeof message)) die("initialize failed: %s", message);
    if (pydml_graph_execute(h, ins, ni, outs, no, message, sizeof message))
        die("an accepted graph does not execute on the buffers it asked for: %s", message);
    free(ins);
    free(init);
    free(outs);
    return memory;
}

/* The same outputs as g's, bit for bit (same_bits) or within 1e-5 (float32 views of the bytes). */
static void compare(pydml_graph* g, const gcase* c, uint32_t options, const pydml_buffer* all_inputs, void** expect,
                    int same_bits) {
    pydml_graph* h = NULL;
    pydml_diagnostic d;
    if (pydml_graph_compile_ex(&c->desc, 0, options, &h, &d)) die("accepted, but not with options %u: %s", options, d.message);
    void** got = outputs_of(h, all_inputs);
    for (uint32_t k = 0; k < pydml_graph_output_count(g); k++) {
        const uint64_t bytes = pydml_graph_output_bytes(g, k);
        if (bytes != pydml_graph_output_bytes(h, k)) die("output %u: sizes differ between options", k);
        if (same_bits) {
            if (memcmp(got[k], expect[k], bytes)) die("output %u differs between serial and concurrent runs", k);
        } else {
            const float* a = got[k];
            const float* b = expect[k];
            for (uint64_t e = 0; e < bytes / 4; e++) {
                const float x = a[e], y = b[e];
                if (x == y || (isnan(x) && isnan(y))) continue;
                if (!(fabsf(x - y) <= 1e-5f * fmaxf(fabsf(x), fabsf(y)) + 1e-6f))
                    die("output %u element %llu: fused %.9g, unfused %.9g", k, (unsigned long long)e, y, x);
            }
        }
        free(got[k]);
    }
    free(got);
    pydml_graph_release(h);
}

static void run(gcase* c, uint32_t* compiled, uint32_t* rejected) {
    pydml_graph* g = NULL;
    pydml_diagnostic d;
    const uint32_t r = below(4); /* PYDML_GRAPH_NO_FUSION, and the concurrent scheduler or the default */
    const uint32_t options = (r & 1u ? PYDML_GRAPH_NO_FUSION : 0u) | (r & 2u ? PYDML_GRAPH_CONCURRENT : 0u);
    pydml_set_num_threads((int)(1 + below(3)));
    pydml_status s = pydml_graph_compile_ex(&c->desc, 0, options, &g, percent(90) ? &d : NULL);
    if (s) {
        if (g != NULL) die("a rejected graph returned a handle");
        ++*rejected;
        return;
    }
    ++*compiled;
    if (percent(50)) {
        /* random inputs: the results against SERIAL (same bits) and unfused (within 1e-5) */
        const uint32_t n = pydml_graph_input_count(g);
        pydml_buffer* all = calloc(n + 1u, sizeof *all);
        if (!all) die("out of memory");
        for (uint32_t i = 0; i < n; i++) {
            const uint64_t bytes = pydml_graph_input_bytes(g, i);
            float* data = malloc(bytes ? bytes : 1);
            if (!data) die("out of memory");
            for (uint64_t e = 0; e < bytes / 4; e++) data[e] = frand();
            all[i] = (pydml_buffer){data, bytes};
        }
        void** expect = outputs_of(g, all);
        compare(g, c, options | PYDML_GRAPH_SERIAL, all, expect, 1);
        compare(g, c, PYDML_GRAPH_NO_FUSION | PYDML_GRAPH_SERIAL, all, expect, 0);
        for (uint32_t k = 0; k < pydml_graph_output_count(g); k++) free(expect[k]);
        free(expect);
        for (uint32_t i = 0; i < n; i++) free(all[i].data);
        free(all);
    }
    const uint32_t ni = pydml_graph_input_count(g), no = pydml_graph_output_count(g);
    pydml_buffer* ins = calloc(ni + 1u, sizeof *ins);
    pydml_buffer* outs = calloc(no + 1u, sizeof *outs);
    void** memory = calloc(ni + no + 1u, sizeof *memory);
    if (!ins || !outs || !memory) die("out of memory");
    for (uint32_t i = 0; i < ni; i++) {
        uint64_t bytes = pydml_graph_input_bytes(g, i);
        memory[i] = calloc(1, bytes ? bytes : 1);
        ins[i] = (pydml_buffer){memory[i], bytes};
    }
    for (uint32_t k = 0; k < no; k++) {
        uint64_t bytes = pydml_graph_output_bytes(g, k);
        memory[ni + k] = malloc(bytes ? bytes : 1);
        outs[k] = (pydml_buffer){memory[ni + k], bytes};
    }
    char message[512];
    /* initialize with the owned inputs, then execute with the others */
    pydml_buffer* init = calloc(ni + 1u, sizeof *init);
    if (!init) die("out of memory");
    for (uint32_t i = 0; i < ni; i++)
        if (pydml_graph_input_owned(g, i)) {
            init[i] = ins[i];
            ins[i] = (pydml_buffer){NULL, 0};
        }
    if (pydml_graph_initialize(g, init, ni, message, sizeof message)) die("initialize failed: %s", message);
    s = pydml_graph_execute(g, ins, ni, outs, no, message, sizeof message);
    if (s) die("an accepted graph does not execute on the buffers it asked for: %s", message);
    /* one byte short: refused */
    for (uint32_t k = 0; k < no; k++)
        if (outs[k].size_in_bytes && percent(30)) {
            outs[k].size_in_bytes--;
            if (pydml_graph_execute(g, ins, ni, outs, no, message, sizeof message) == PYDML_STATUS_SUCCESS)
                die("an output one byte short was accepted");
            outs[k].size_in_bytes++;
        }
    pydml_graph_release(g);
    for (uint32_t i = 0; i < ni + no; i++) free(memory[i]);
    free(memory);
    free(ins);
    free(outs);
    free(init);
}

int main(int argc, char** argv) {
    if (argc < 3) die("usage: fuzz_graph ITERATIONS SEED");
    const uint32_t iterations = (uint32_t)strtoul(argv[1], NULL, 10);
    g_state = strtoull(argv[2], NULL, 10);
    make_operators();
    static gcase c;
    uint32_t compiled = 0, rejected = 0;
    for (uint32_t it = 0; it < iterations; it++) {
        generate(&c);
        if (it % 4) mutate(&c); /* a quarter unmutated: most of those compile and execute */
        if (!types_match_structs(&c)) continue;
        run(&c, &compiled, &rejected);
    }
    for (int k = 0; k < OP_KINDS; k++) pydml_operator_destroy(g_ops[k]);
    printf("compiled %u rejected %u\n", compiled, rejected);
    return 0;
}
