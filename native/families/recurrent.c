/* The recurrent kernel family (families.h): DML_OPERATOR_RNN, LSTM and GRU (pages MicrosoftDocs/
 * sdk-api ns-directml-dml_{rnn,lstm,gru}_operator_desc.md; rules_recurrent.c checks the sizes).
 *
 * The pages' equations, per direction (H_{t-1}: the previous step's state, HiddenInitTensor or 0
 * before the first; "T" a transpose, (.) an element-wise product):
 *   RNN   H_t = f(X_t W_i^T + H_{t-1} R_i^T + Wb_i + Rb_i)
 *   LSTM  i_t = f(clip(X_t W_i^T + H_{t-1} R_i^T + P_i (.) C_{t-1} + Wb_i + Rb_i))
 *         f_t = f(clip(X_t W_f^T + H_{t-1} R_f^T + P_f (.) C_{t-1} + Wb_f + Rb_f))
 *               (1 - i_t with CoupleInputForget)
 *         c_t = g(clip(X_t W_c^T + H_{t-1} R_c^T + Wb_c + Rb_c))
 *         C_t = f_t (.) C_{t-1} + i_t (.) c_t
 *         o_t = f(clip(X_t W_o^T + H_{t-1} R_o^T + P_o (.) C_t + Wb_o + Rb_o))
 *         H_t = o_t (.) h(C_t)
 *   GRU   z_t = f(X_t W_z^T + H_{t-1} R_z^T + Wb_z + Rb_z)
 *         r_t = f(X_t W_r^T + H_{t-1} R_r^T + Wb_r + Rb_r)
 *         h_t = g(X_t W_h^T + (r_t (.) H_{t-1}) R_h^T + Rb_h + Wb_h)      LinearBeforeReset FALSE
 *         h_t = g(X_t W_h^T + r_t (.) (H_{t-1} R_h^T + Rb_h) + Wb_h)      LinearBeforeReset TRUE
 *         H_t = (1 - z_t) (.) h_t + z_t (.) H_{t-1}
 * clip(x) = min(max(x, -ClipThreshold), ClipThreshold) when UseClipThreshold (LSTM only).
 *
 * Layout and conventions, with their evidence:
 *  - Tensors (the pages): X {1, seq, batch, input}; W {1, nd, G * hidden, input} and R {1, nd,
 *    G * hidden, hidden}, the gates stacked along dimension 2 in the pages' order -- LSTM "W_[iofc]"
 *    (input, output, forget, cell), GRU "W_[zrh]" (update, reset, hidden), RNN one gate -- and the
 *    backward direction's at index 1 of dimension 1; B {1, 1, nd, 2 * G * hidden} = [Wb_[gates],
 *    Rb_[gates]] per direction; P {1, 1, nd, 3 * hidden} = P_[iof]; HiddenInit / CellMemInit /
 *    OutputSingle / OutputCellSingle {1, nd, batch, hidden}; OutputSequence {seq, nd, batch,
 *    hidden}, H_t at index t of dimension 0 in both directions; SequenceLengths {1, 1, 1, batch}.
 *    onnxruntime's DML provider (DmlOperatorRecurrentNeuralNetwork.cpp) hands ONNX's RNN, GRU and
 *    LSTM tensors to these operators with no reordering (only leading 1s added), so the layouts,
 *    gate orders and formulas are ONNX's (onnx/docs/Operators.md RNN, GRU, LSTM), which the pages'
 *    equations also are.
 *  - ActivationDescs: f (RNN); f, g, h (LSTM); f, g (GRU); the forward direction's then the
 *    backward's when BIDIRECTIONAL (the pages' field text). Every fusable activation runs with its
 *    parameters through pydml_activation_apply, the definition FusedActivation uses.
 *  - LSTM's output gate peeks at the NEW cell C_t. The pages' first (2018, text) version writes
 *    "P_o (.) C_{t-1}" in the o_t line, which it places after C_t is computed (and with h(ct) for
 *    h(C_t) two lines below: the text has typos); the current version shows the equations as
 *    images only. ONNX's LSTM, which onnxruntime lowers onto DML_LSTM unchanged, uses P_o (.) C_t,
 *    as does every peephole LSTM (Gers et al.), so C_t is taken.
 *  - GRU's BiasTensor has no default on its page; 0, as RNN's and LSTM's pages say.
 *  - SequenceLengthsTensor (the page: "an independent seq_length for each element in the batch"):
 *    batch element b runs steps t < L_b only -- forward t = 0 .. L_b - 1, backward t = L_b - 1 .. 0
 *    (ONNX's sequence_lens) -- its state is carried unchanged through the other steps, so
 *    OutputSingle / OutputCellSingle hold the state after its last step (the initial state when
 *    L_b = 0), and OutputSequence is 0 at t >= L_b (ONNX: "outputs past a sequence's length are
 *    0"; onnxruntime's CPU kernels write 0). A length above seq_length (a value, which no rule can
 *    refuse before execution) is clamped to seq_length: nothing is read or written outside a
 *    buffer whatever the values.
 *  - FLOAT16: every tensor is converted to float once, all arithmetic (products, states) is float,
 *    and outputs are rounded once to FLOAT16 (to nearest even) when stored.
 *
 * Method. Per execution: the weights are copied to float with their rows regrouped into blocks of
 * hidden units (below) and each direction's R^T is packed once (pydml_sgemm_pack_b_into). One
 * parallel region then computes X W^T for all steps and both directions (the biases that are added
 * to it its initial C; rows shared out dynamically, pydml_sgemm_serial), and, after one barrier,
 * the steps. Each thread takes a group of batch rows (RNN_MIN_GROUP at least) and, with more
 * threads than groups or an R^T larger than a thread's share of cache (make_layout), a block of
 * hidden units: a block's rows of R^T are kept together with the G
 * gates of each of its units side by side (padded to the GEMM panel width), so a thread computes
 * H_{t-1} R^T for its own rows and units' gates only (pydml_sgemm_packed_serial, the input
 * projection as its addend), applies the gate equations to them and writes its part of H_t. Batch
 * groups never wait for each other; hidden blocks need one barrier per step (two for GRU with
 * LinearBeforeReset FALSE, whose reset gates must all be known before (r_t (.) H_{t-1}) R_h^T).
 * BIDIRECTIONAL gives each direction its own threads (half the team each), so the directions
 * never wait for each other. H is double-buffered (every block of a direction reads all of its
 * H_{t-1}); C belongs to its block's thread.
 * LSTM runs the same team and layout through its own loops around the engine's tiles (lstm_run,
 * below): the packing in parallel, the gates of each nr hidden units side by side, and the gate
 * equations applied to each group's tile as soon as its sums are done. OWNED_BY_DML weights (ONNX
 * initializers, which the DML provider and pydml's ONNX front end make owned) are packed once, at
 * initialize; a dense FLOAT32 X is read in place (X W^T's rows are time-major: t * batch + b).
 * Memory: every buffer of an execution, the packed R^T included, is a part of the caller's
 * workspace (DirectML's temporary resource; ws_layout gives the parts, temporary_bytes their
 * total): the plan is read-only while it executes, so executions of one operator may run at once.
 * Threads: a result never depends on the thread count -- each element of a product is the GEMM
 * engine's fixed-order sum whatever the rows and columns a thread takes, and the element-wise
 * equations see the same operands. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "convert.h"
#include "elementwise.h"
#include "families.h"
#include "gemm_engine.h"
#include "rules.h"

enum { IN_X, IN_W, IN_R, IN_B, IN_H, IN_C, IN_L, IN_P, IN_SLOTS };
enum { OUT_Y, OUT_YH, OUT_YC, OUT_SLOTS };
#define RNN_MAX_BLOCKS 64

typedef struct rnn_plan {
    uint32_t type, dtype;
    uint32_t gates, nact; /* G; activations per direction */
    uint32_t nd, seq, batch, input, hidden;
    int backward_first;   /* direction 0 runs backward (DML_RECURRENT_NETWORK_DIRECTION_BACKWARD) */
    int use_clip, couple, lbr;
    float clip;
    pydml_activation act[6];
    /* the C API's binding order (desc field order) to slots, and which are bound */
    uint32_t n_in, n_out;
    int in_slot[IN_SLOTS], out_slot[OUT_SLOTS];
    int has_in[IN_SLOTS], has_out[OUT_SLOTS];
    uint32_t in_sizes[IN_SLOTS][4], out_sizes[OUT_SLOTS][4];
    /* LSTM: W^T's and R^T's panels packed at initialize from OWNED_BY_DML views (initialize),
     * for the executions whose owned views carry `generation` (families.h) */
    struct {
        uint64_t generation;
        uint32_t nr;                /* the panel width they were packed for */
        const void* src[2];         /* the W and R views' data they were packed from (NULL: not) */
        float* pw;                  /* as rnn_run.pw; NULL when W is not owned */
        float* rp;                  /* as rnn_run.rp, the directions back to back; NULL when R is not */
        int r_finite;               /* every value of rp is finite (zero_h0 below) */
    } pre;
} rnn_plan;


static void sizes4(uint32_t* dst, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    dst[0] = a, dst[1] = b, dst[2] = c, dst[3] = d;
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    rnn_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->type = info->type;
    uint32_t direction, count;
    const DML_OPERATOR_DESC* acts;
    static const char* const rnn_in[] = {"InputTensor", "WeightTensor", "RecurrenceTensor", "BiasTensor",
                                         "HiddenInitTensor", "SequenceLengthsTensor"};
    static const int rnn_slot[] = {IN_X, IN_W, IN_R, IN_B, IN_H, IN_L};
    static const char* const lstm_in[] = {"InputTensor", "WeightTensor", "RecurrenceTensor", "BiasTensor",
                                          "HiddenInitTensor", "CellMemInitTensor", "SequenceLengthsTensor",
                                          "PeepholeTensor"};
    static const int lstm_slot[] = {IN_X, IN_W, IN_R, IN_B, IN_H, IN_C, IN_L, IN_P};
    static const char* const outs[] = {"OutputSequenceTensor", "OutputSingleTensor", "OutputCellSingleTensor"};
    const char* const* in_names = rnn_in;
    const int* in_slots = rnn_slot;
    p->n_in = 6;
    p->n_out = 2;
    if (info->type == DML_OPERATOR_RNN) {
        const DML_RNN_OPERATOR_DESC* d = desc;
        p->gates = 1, p->nact = 1, direction = d->Direction, count = d->ActivationDescCount, acts = d->ActivationDescs;
    } else if (info->type == DML_OPERATOR_LSTM) {
        const DML_LSTM_OPERATOR_DESC* d = desc;
        p->gates = 4, p->nact = 3, direction = d->Direction, count = d->ActivationDescCount, acts = d->ActivationDescs;
        p->use_clip = d->UseClipThreshold != 0;
        p->clip = d->ClipThreshold;
        p->couple = d->CoupleInputForget != 0;
        in_names = lstm_in;
        in_slots = lstm_slot;
        p->n_in = 8;
        p->n_out = 3;
    } else {
        const DML_GRU_OPERATOR_DESC* d = desc;
        p->gates = 3, p->nact = 2, direction = d->Direction, count = d->ActivationDescCount, acts = d->ActivationDescs;
        p->lbr = d->LinearBeforeReset != 0;
    }
    p->nd = direction == DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL ? 2 : 1;
    p->backward_first = direction == DML_RECURRENT_NETWORK_DIRECTION_BACKWARD;
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(info, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* r = pydml_tensor_field(info, desc, "RecurrenceTensor");
    int bad = x == NULL || r == NULL || count != p->nact * p->nd || acts == NULL ||
              (x->DataType != DML_TENSOR_DATA_TYPE_FLOAT32 && x->DataType != DML_TENSOR_DATA_TYPE_FLOAT16);
    if (!bad) {
        p->dtype = x->DataType;
        p->seq = x->Sizes[1], p->batch = x->Sizes[2], p->input = x->Sizes[3], p->hidden = r->Sizes[3];
        for (uint32_t k = 0; k < count; k++) pydml_activation_of(&acts[k], &p->act[k]);
    }
    /* validate.c ran the rules; the sizes are re-derived so no desc reaches memory it should not
     * (3 * G * hidden_size must fit: the widest size below, 2 * G * hidden_size, then does) */
    const uint32_t G = p->gates, nd = p->nd, S = p->seq, B = p->batch, I = p->input, H = p->hidden;
    bad |= (uint64_t)3 * G * H > UINT32_MAX || (uint64_t)S * B > UINT32_MAX;
    uint32_t want_in[IN_SLOTS][4], want_out[OUT_SLOTS][4];
    sizes4(want_in[IN_X], 1, S, B, I);
    sizes4(want_in[IN_W], 1, nd, G * H, I);
    sizes4(want_in[IN_R], 1, nd, G * H, H);
    sizes4(want_in[IN_B], 1, 1, nd, 2 * G * H);
    sizes4(want_in[IN_H], 1, nd, B, H);
    sizes4(want_in[IN_C], 1, nd, B, H);
    sizes4(want_in[IN_L], 1, 1, 1, B);
    sizes4(want_in[IN_P], 1, 1, nd, 3 * H);
    sizes4(want_out[OUT_Y], S, nd, B, H);
    sizes4(want_out[OUT_YH], 1, nd, B, H);
    sizes4(want_out[OUT_YC], 1, nd, B, H);
    for (uint32_t i = 0; i < p->n_in && !bad; i++) {
        const int s = in_slots[i];
        const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(info, desc, in_names[i]);
        p->in_slot[i] = s;
        if (t == NULL) continue;
        const uint32_t want_type = s == IN_L ? DML_TENSOR_DATA_TYPE_UINT32 : p->dtype;
        bad = t->DimensionCount != 4 || t->DataType != want_type || memcmp(t->Sizes, want_in[s], sizeof want_in[s]);
        p->has_in[s] = 1;
        memcpy(p->in_sizes[s], want_in[s], sizeof want_in[s]);
    }
    for (uint32_t i = 0; i < p->n_out && !bad; i++) {
        const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(info, desc, outs[i]);
        p->out_slot[i] = (int)i;
        if (t == NULL) continue;
        bad = t->DimensionCount != 4 || t->DataType != p->dtype || memcmp(t->Sizes, want_out[i], sizeof want_out[i]);
        p->has_out[i] = 1;
        memcpy(p->out_sizes[i], want_out[i], sizeof want_out[i]);
    }
    if (bad || !p->has_in[IN_X] || !p->has_in[IN_W] || !p->has_in[IN_R] || H == 0 || B == 0 || S == 0 || I == 0) {
        free(p);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

static void forget_packed(rnn_plan* p) {
    free(p->pre.pw);
    free(p->pre.rp);
    memset(&p->pre, 0, sizeof p->pre);
}

static void destroy(void* plan) {
    if (plan != NULL) forget_packed(plan);
    free(plan);
}

static pydml_status check_view(const pydml_tensor* v, uint32_t type, const uint32_t* sizes) {
    if (v == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != type || v->dim_count != 4) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < 4; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* ---- strided runs along dimension 3 of a checked view, to and from float ---- */

static uint64_t at(const pydml_tensor* v, uint32_t i0, uint32_t i1, uint32_t i2, uint32_t i3) {
    return i0 * v->strides[0] + i1 * v->strides[1] + i2 * v->strides[2] + i3 * v->strides[3];
}

static void load_run(const pydml_tensor* v, uint64_t off, uint32_t n, float* dst) {
    const uint64_t st = v->strides[3];
    if (v->data_type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = (const float*)v->data + off;
        if (st == 1) memcpy(dst, s, (size_t)n * sizeof(float));
        else for (uint32_t i = 0; i < n; i++) dst[i] = s[i * st];
    } else {
        const uint16_t* s = (const uint16_t*)v->data + off;
        if (st == 1) pydml_f16_row_to_f32(s, dst, n);
        else for (uint32_t i = 0; i < n; i++) dst[i] = pydml_f16_to_f32(s[i * st]);
    }
}

static void store_run(const pydml_tensor* v, uint64_t off, uint32_t n, const float* src) {
    const uint64_t st = v->strides[3];
    if (v->data_type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = (float*)v->data + off;
        if (st == 1) memcpy(d, src, (size_t)n * sizeof(float));
        else for (uint32_t i = 0; i < n; i++) d[i * st] = src[i];
    } else {
        uint16_t* d = (uint16_t*)v->data + off;
        if (st == 1) pydml_f32_row_to_f16(src, d, n);
        else for (uint32_t i = 0; i < n; i++) d[i * st] = pydml_f32_to_f16(src[i]);
    }
}

static void store_zero(const pydml_tensor* v, uint64_t off, uint32_t n) {
    const uint64_t st = v->strides[3];
    if (v->data_type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = (float*)v->data + off;
        for (uint32_t i = 0; i < n; i++) d[i * st] = 0.0f;
    } else {
        uint16_t* d = (uint16_t*)v->data + off;
        for (uint32_t i = 0; i < n; i++) d[i * st] = 0;
    }
}

/* ---- the work layout: hidden blocks, batch groups, threads ---- */

typedef struct rnn_layout {
    uint32_t nblk, nr;
    uint32_t u[RNN_MAX_BLOCKS + 1];   /* hidden units of block k: [u[k], u[k+1]) */
    uint32_t col[RNN_MAX_BLOCKS + 1]; /* its first column; segment s at col[k] + s * width(k) */
    uint32_t gp;                      /* columns per direction (col[nblk]) */
    uint32_t ngrp;                    /* batch groups per direction */
    uint32_t bg[RNN_MAX_BLOCKS + 1];  /* batch rows of group j: [bg[j], bg[j+1]) */
    int split;                        /* both directions, each on its own threads */
    uint32_t team;                    /* threads: (split ? 2 : 1) * ngrp * nblk */
    uint32_t inter;                   /* LSTM: G, the gates of each nr units side by side; else 0 */
} rnn_layout;

static uint32_t seg_width(const rnn_layout* L, uint32_t k) {
    const uint32_t hb = L->u[k + 1] - L->u[k];
    return (hb + L->nr - 1) / L->nr * L->nr;
}

/* The column of gate segment s, unit u (u in block k). LSTM (inter): one panel (nr columns) per
 * gate of each group of nr units, the group's G panels side by side (lstm_block). */
static uint32_t column_of(const rnn_layout* L, uint32_t s, uint32_t u) {
    if (L->inter) return u / L->nr * L->inter * L->nr + s * L->nr + u % L->nr;
    uint32_t k = 0;
    while (u >= L->u[k + 1]) k++;
    return L->col[k] + s * seg_width(L, k) + (u - L->u[k]);
}

/* Threads share a direction's steps by groups of batch rows first (a group's states depend on its
 * own rows only: it runs every step with no barrier), as long as each group has RNN_MIN_GROUP rows,
 * and threads left over by hidden blocks (each block's gate columns; every block reads all of
 * H_{t-1}: one barrier per step). On a shared host a barrier waits for a descheduled thread to be
 * woken and run: on the bench LSTM (batch 16, hidden 512, 2 threads, load ~7 on 2 cores) the two
 * threads of two hidden blocks each spent 60-95 ms of a 110 ms step loop in the 64 barriers, and
 * two batch groups ran the operator 1.19-1.41x faster than two blocks. Two blocks would also halve
 * the R^T each thread streams per step (2 of 4 MiB there), but a thread's step over 16 rows took
 * 1.2-1.35x the time per row of one over 8 (LSTM, one thread, no barrier; shared host): the
 * blocks' steps were not faster even before their barriers. But a thread of a batch group streams
 * all of its direction's R^T every step: past what one core's cache keeps, the steps wait on the
 * shared cache, so a direction whose R^T is over RNN_RT_SHARE_BYTES gets as many hidden blocks as
 * bring each thread's share under it (the other threads still batch groups). A quiet Xeon host
 * (2 MiB L2 a core), 2 threads, sequence 64, batch 16, input 256, medians of 5 alternating
 * processes, batch groups -> hidden blocks: LSTM hidden 512 (R^T 4 MiB) 13.3 -> 11.9 ms, GRU 512
 * (3 MiB) 11.4 -> 11.1; LSTM 384 (2.3 MiB) 7.2 -> 7.1 but GRU 384 (1.7 MiB) 6.2 -> 7.0 and
 * hidden 256 (1 MiB) 3.3 -> 4.0: the share is 2 MiB. Columns: per direction
 * ceil(H / nr) * nr * G whatever the blocking (block starts are multiples of nr), so the sizes of
 * the buffers do not depend on the team. */
#define RNN_MIN_GROUP 4
#ifndef RNN_RT_SHARE_BYTES
#define RNN_RT_SHARE_BYTES (2u << 20)
#endif
static void make_layout(rnn_layout* L, const rnn_plan* p, uint32_t nr, uint32_t threads) {
    memset(L, 0, sizeof *L);
    const uint32_t H = p->hidden, G = p->gates, B = p->batch;
    L->nr = nr;
    if (threads < 1) threads = 1;
    L->split = p->nd == 2 && threads >= 2;
    uint32_t per = L->split ? threads / 2 : threads;
    if (per > RNN_MAX_BLOCKS) per = RNN_MAX_BLOCKS;
    const uint32_t units = (H + nr - 1) / nr;
    /* the hidden blocks a direction's R^T needs to come within RNN_RT_SHARE_BYTES a thread */
    const uint64_t rt = (uint64_t)units * nr * G * H * sizeof(float);
    uint64_t need = (rt + RNN_RT_SHARE_BYTES - 1) / RNN_RT_SHARE_BYTES;
    if (need > per) need = per;
    uint32_t ngrp = B / RNN_MIN_GROUP;
    if (ngrp > per / (uint32_t)need) ngrp = per / (uint32_t)need;
    if (ngrp < 1) ngrp = 1;
    uint32_t nblk = per / ngrp;
    if (nblk > units) nblk = units;
    if (nblk < 1) nblk = 1;
    L->nblk = nblk;
    L->ngrp = ngrp;
    for (uint32_t k = 0; k <= nblk; k++) L->u[k] = k == nblk ? H : (uint32_t)((uint64_t)units * k / nblk) * nr;
    for (uint32_t k = 0; k < nblk; k++) L->col[k + 1] = L->col[k] + G * seg_width(L, k);
    L->gp = L->col[nblk];
    if (p->type == DML_OPERATOR_LSTM) { /* the same columns in all, the groups' gates side by side */
        L->inter = G;
        for (uint32_t k = 0; k < nblk; k++) L->col[k] = L->u[k] / nr * G * nr;
    }
    for (uint32_t j = 0; j <= ngrp; j++) L->bg[j] = (uint32_t)((uint64_t)B * j / ngrp);
    L->team = (L->split ? 2 : 1) * ngrp * nblk;
}

/* ---- the workspace (DirectML's temporary resource): its layout, a function of the plan, the
 * panel width and the team size; temporary_bytes and execute compute it the same way ---- */

enum { W_XW, W_H, W_GATES, W_LEN, W_C, W_PEEP, W_RH, W_RBH, W_BIAS, W_BROW, W_XF, W_WPW, W_WPR, W_RT0, W_RT1,
       W_PW, W_DONE, W_PARTS };

/* LSTM: rows of X W^T one projection item computes (RNN_PROJ_STRIPS strips of the tile height),
 * and the GEMM engine's K slice (gemm_engine.h: sums over K slices of 256 in order). */
#define RNN_PROJ_STRIPS 8
#define RNN_KC 256
/* LSTM: floats of one gate's tile in a step (lstm_block), unless one group of nr units needs more:
 * the 5 tiles (i, f, o, c, h(C_t)) take 10 KiB of L1 next to a 16 KiB slice of an R^T panel */
#define RNN_TILE_FLOATS 512

typedef struct rnn_ws {
    rnn_layout L;
    uint64_t ldxw;
    uint64_t off[W_PARTS], bytes[W_PARTS]; /* bytes 0: the part is absent */
    uint64_t shared;                        /* the parts above; then the threads' */
    uint64_t thread_bytes;                  /* per thread: GEMM scratch and one float row */
    size_t proj_floats, step_floats;        /* the input projection's and the steps' GEMM scratch */
    uint64_t total;
    int too_big;
} rnn_ws;

static void ws_layout(const rnn_plan* p, uint32_t nr, uint32_t threads, rnn_ws* z) {
    memset(z, 0, sizeof *z);
    make_layout(&z->L, p, nr, threads);
    const uint64_t G = p->gates, nd = p->nd, S = p->seq, B = p->batch, I = p->input, H = p->hidden;
    const uint64_t gp = z->L.gp, f = sizeof(float);
    z->ldxw = nd * gp;
    /* sizes far past any memory are refused before multiplying further */
    if ((double)S * B * (double)z->ldxw > 1e12 || (double)gp * (double)(H > I ? H : I) > 1e12 ||
        (double)S * B * (double)I > 1e12) {
        z->too_big = 1;
        return;
    }
    z->bytes[W_XW] = S * B * z->ldxw * f;
    z->bytes[W_H] = nd * 2 * B * H * f;
    z->bytes[W_GATES] = nd * B * gp * f;
    z->bytes[W_LEN] = B * sizeof(uint32_t);
    if (p->type == DML_OPERATOR_LSTM) {
        z->bytes[W_C] = nd * B * H * f;
        if (p->has_in[IN_P]) z->bytes[W_PEEP] = nd * 3 * H * f;
    }
    if (p->type == DML_OPERATOR_GRU && !p->lbr) z->bytes[W_RH] = nd * B * H * f;
    if (p->type == DML_OPERATOR_GRU && p->lbr) z->bytes[W_RBH] = nd * H * f;
    z->bytes[W_BIAS] = nd * gp * f;
    z->bytes[W_BROW] = (2 * G * H + I + H + 64) * f;
    z->bytes[W_XF] = S * B * I * f;
    z->bytes[W_WPW] = nd * gp * I * f;
    z->bytes[W_WPR] = gp * H * f;
    z->bytes[W_RT0] = pydml_sgemm_packed_bytes((uint32_t)H, (uint32_t)gp);
    size_t lstm_floats = 0;
    if (p->type == DML_OPERATOR_LSTM) {
        /* LSTM (lstm_run): W^T and R^T packed into the engine's panels straight from the tensors,
         * no staged copies; per thread the A strips of a projection item, one group's gate tile
         * (G panels and h(C_t), rows of its batch group) or one panel's staged rows */
        z->bytes[W_GATES] = z->bytes[W_WPW] = z->bytes[W_WPR] = 0;
        z->bytes[W_RT0] = gp * H * f;
        z->bytes[W_PW] = nd * gp * I * f;
        z->bytes[W_DONE] = nd * S * B * sizeof(uint32_t); /* lstm_run's items: at most one per row */
        const uint64_t proj = (I + RNN_KC - 1) / RNN_KC * RNN_PROJ_STRIPS * PYDML_SGEMM_MR_MAX * RNN_KC;
        const uint64_t apack = (H + RNN_KC - 1) / RNN_KC * (B + PYDML_SGEMM_MR_MAX) * RNN_KC;
        const uint64_t gate_tile = (uint64_t)B * nr > RNN_TILE_FLOATS ? (uint64_t)B * nr : RNN_TILE_FLOATS;
        const uint64_t tile = (G + 1) * gate_tile + apack, stage = nr * (H > I ? H : I);
        lstm_floats = (size_t)(proj > tile ? (proj > stage ? proj : stage) : (tile > stage ? tile : stage));
    }
    if (nd == 2) z->bytes[W_RT1] = z->bytes[W_RT0];
    uint64_t o = 0;
    for (int i = 0; i < W_PARTS; i++) {
        z->off[i] = o;
        o += pydml_workspace_round(z->bytes[i]);
    }
    z->shared = o;
    z->proj_floats = pydml_sgemm_scratch_floats((uint32_t)z->ldxw);
    z->step_floats = pydml_sgemm_packed_scratch_bound((uint32_t)H, p->batch);
    size_t gemm = z->proj_floats > z->step_floats ? z->proj_floats : z->step_floats;
    if (p->type == DML_OPERATOR_LSTM) gemm = lstm_floats;
    z->thread_bytes = pydml_workspace_round((gemm + H + 64) * f);
    z->total = z->shared + (uint64_t)z->L.team * z->thread_bytes;
}

/* ---- execution ---- */

typedef struct rnn_run {
    const rnn_plan* p;
    rnn_layout L;
    const pydml_tensor* out[OUT_SLOTS];
    uint32_t seg_of_gate[4]; /* tensor gate index -> segment in a block */
    float* xw;               /* [batch][seq][nd * gp] (LSTM: [seq][batch][...]): X W^T + the biases added to it */
    uint64_t ldxw;
    const float* xf;         /* [batch][seq][input]: X in float (LSTM: [seq][batch][input]) */
    const float* xa;         /* LSTM: row m = t * batch + b of X, at xa + m * xa_rs (xf or X itself) */
    int64_t xa_rs;
    const float* wpw;        /* [nd * gp][input]: W, rows regrouped (the layout's columns) */
    const float* bias;       /* [nd][gp]: the biases added to X W^T, regrouped */
    pydml_sgemm_packed* rt[2];
    float* h;                /* [nd][2][batch][hidden] */
    float* c;                /* [nd][batch][hidden] (LSTM) */
    float* gates;            /* [nd][batch][gp] */
    float* rh;               /* [nd][batch][hidden] (GRU, LinearBeforeReset FALSE): r (.) H_{t-1} */
    float* rbh;              /* [nd][hidden] (GRU, LinearBeforeReset TRUE): Rb_h */
    float* peep;             /* [nd][3][hidden] (LSTM): P_i, P_o, P_f */
    uint32_t* len;           /* [batch] clamped sequence lengths */
    uint32_t* done;          /* LSTM: per X W^T item, nonzero once its rows are written (lstm_run) */
    const pydml_workspace* ws;
    const rnn_ws* z;
    /* LSTM (lstm_run) */
    const pydml_tensor* in[IN_SLOTS];
    pydml_sgemm_ukernels uk; /* the engine's tiles, fetched once per execution */
    float* pw;               /* W^T packed: panels of nr columns of xw, [I][nr] each */
    float* rp[2];            /* each direction's R^T packed: panels of nr columns, [H][nr] each */
    uint32_t pack0, pack1;   /* the panels lstm_run packs (lstm_pack_panel's q): those not packed at initialize */
    int zero_h0[2];          /* direction d's first H_{t-1} R^T is 0: lstm_block skips it */
} rnn_run;

static float* hstate(const rnn_run* r, uint32_t d, uint32_t which) {
    const rnn_plan* p = r->p;
    return r->h + ((size_t)d * 2 + (which & 1u)) * p->batch * p->hidden;
}

/* The row of xw for batch row b at time t, direction d. */
static float* xw_row(const rnn_run* r, uint32_t d, uint32_t b, uint32_t t) {
    return r->xw + ((size_t)b * r->p->seq + t) * r->ldxw + (size_t)d * r->L.gp;
}

/* LSTM's xw is time-major (lstm_projection): row t * batch + b, so a step's rows are adjacent. */
static float* lstm_xw_row(const rnn_run* r, uint32_t d, uint32_t b, uint32_t t) {
    return r->xw + ((size_t)t * r->p->batch + b) * r->ldxw + (size_t)d * r->L.gp;
}

/* min(max(x, -c), c) as std::min / std::max evaluate it (onnxruntime's LSTM clip): NaN stays NaN. */
static void clip_run(float* v, uint32_t n, float c) {
    for (uint32_t j = 0; j < n; j++) {
        const float x = v[j] < -c ? -c : v[j];
        v[j] = x > c ? c : x;
    }
}

/* The gate equations for block k of direction d at time t, batch rows [b0, b1). */
static void block_update(const rnn_run* r, uint32_t d, uint32_t k, uint32_t b0, uint32_t b1, uint32_t t,
                         uint32_t step, float* tmp) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t H = p->hidden, B = p->batch, u0 = L->u[k], hb = L->u[k + 1] - u0, w = seg_width(L, k);
    const pydml_activation* act = &p->act[d * p->nact];
    const float* hp_all = hstate(r, d, step);
    float* hn_all = hstate(r, d, step + 1);
    const pydml_tensor* y = r->out[OUT_Y];
    for (uint32_t b = b0; b < b1; b++) {
        const float* hp = hp_all + (size_t)b * H + u0;
        float* hn = hn_all + (size_t)b * H + u0;
        if (t >= r->len[b]) { /* past this sequence's length: the state carries over, output 0 */
            memcpy(hn, hp, (size_t)hb * sizeof(float));
            if (y) store_zero(y, at(y, t, d, b, u0), hb);
            continue;
        }
        float* v = r->gates + ((size_t)d * B + b) * L->gp + L->col[k];
        if (p->type == DML_OPERATOR_RNN) {
            pydml_activation_apply(&act[0], v, hb);
            memcpy(hn, v, (size_t)hb * sizeof(float));
        } else if (p->type == DML_OPERATOR_LSTM) {
            float *gi = v, *gf = v + w, *gc = v + 2 * (size_t)w, *go = v + 3 * (size_t)w;
            float* cs = r->c + ((size_t)d * B + b) * H + u0;
            if (r->peep) {
                const float* pi = r->peep + (size_t)d * 3 * H + u0;
                const float* pf = pi + 2 * (size_t)H;
                for (uint32_t j = 0; j < hb; j++) {
                    gi[j] += pi[j] * cs[j];
                    gf[j] += pf[j] * cs[j];
                }
            }
            if (p->use_clip) {
                clip_run(gi, hb, p->clip);
                clip_run(gf, hb, p->clip);
                clip_run(gc, hb, p->clip);
            }
            pydml_activation_apply(&act[0], gi, hb);
            if (p->couple)
                for (uint32_t j = 0; j < hb; j++) gf[j] = 1.0f - gi[j];
            else
                pydml_activation_apply(&act[0], gf, hb);
            pydml_activation_apply(&act[1], gc, hb);
            for (uint32_t j = 0; j < hb; j++) cs[j] = gf[j] * cs[j] + gi[j] * gc[j];
            if (r->peep) {
                const float* po = r->peep + (size_t)d * 3 * H + H + u0;
                for (uint32_t j = 0; j < hb; j++) go[j] += po[j] * cs[j];
            }
            if (p->use_clip) clip_run(go, hb, p->clip);
            pydml_activation_apply(&act[0], go, hb);
            memcpy(tmp, cs, (size_t)hb * sizeof(float));
            pydml_activation_apply(&act[2], tmp, hb);
            for (uint32_t j = 0; j < hb; j++) hn[j] = go[j] * tmp[j];
        } else { /* GRU: z and r already activated when LinearBeforeReset is FALSE */
            float *gz = v, *gr = v + w, *gh = v + 2 * (size_t)w;
            if (p->lbr) {
                pydml_activation_apply(&act[0], gz, 2 * (size_t)w); /* z and r, with the padding */
                const float* xh = xw_row(r, d, b, t) + L->col[k] + 2 * (size_t)w;
                const float* rb = r->rbh + (size_t)d * H + u0;
                for (uint32_t j = 0; j < hb; j++) gh[j] = xh[j] + gr[j] * (gh[j] + rb[j]);
            }
            pydml_activation_apply(&act[1], gh, hb);
            for (uint32_t j = 0; j < hb; j++) hn[j] = (1.0f - gz[j]) * gh[j] + gz[j] * hp[j];
        }
        if (y) store_run(y, at(y, t, d, b, u0), hb, hn);
    }
}

static uint32_t time_of(const rnn_run* r, uint32_t d, uint32_t step) {
    const int backward = r->p->backward_first ? d == 0 : d == 1;
    return backward ? r->p->seq - 1 - step : step;
}

/* H_{t-1} R^T (+ the input projection) for segments [s0, s1) of block k of direction d, batch rows
 * [b0, b1); a: the rows' H_{t-1} (or r (.) H_{t-1}), row b at a + b * hidden. */
static void block_product(const rnn_run* r, uint32_t d, uint32_t k, uint32_t b0, uint32_t b1, uint32_t t,
                          const float* a, uint32_t s0, uint32_t s1, int with_xw, float* scratch) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t w = seg_width(L, k);
    if (w == 0 || b0 >= b1) return;
    const uint32_t n0 = L->col[k] + s0 * w, n1 = L->col[k] + s1 * w;
    const float* addend = with_xw ? xw_row(r, d, b0, t) : NULL;
    pydml_sgemm_packed_serial(b1 - b0, a + (size_t)b0 * p->hidden, p->hidden, 1, r->rt[d], n0, n1, addend,
                              (int64_t)(p->seq * r->ldxw), r->gates + ((size_t)d * p->batch + b0) * L->gp, L->gp,
                              scratch);
}

/* X W^T + the biases for rows [m0, m1) of xw (all directions and columns). */
static void rows_projection(const rnn_run* r, uint32_t m0, uint32_t m1, float* scratch) {
    const rnn_plan* p = r->p;
    const uint32_t I = p->input;
    if (m0 >= m1) return;
    for (uint32_t m = m0; m < m1; m++)
        memcpy(r->xw + (size_t)m * r->ldxw, r->bias, (size_t)r->ldxw * sizeof(float));
    const pydml_sgemm_args g = {m1 - m0, (uint32_t)r->ldxw, I, r->xf + (size_t)m0 * I, I, 1, r->wpw, 1, I,
                                r->xw + (size_t)m0 * r->ldxw, (int64_t)r->ldxw, 1};
    pydml_sgemm_serial(&g, scratch);
}

/* Where the calling thread of the team works (make_layout): directions [d0, d1), batch rows
 * [b0, b1), hidden block k, and its part of the workspace; ok when it has that part (a missing
 * part sets *failed) and belongs to the team. Shared by run_steps and lstm_run. */
typedef struct rnn_place {
    float* scratch;
    uint32_t k, d0, d1, b0, b1;
    int ok;
} rnn_place;

static rnn_place place_of(const rnn_run* r, int* failed) {
    const rnn_layout* L = &r->L;
    uint32_t id = 0;
#ifdef _OPENMP
    id = (uint32_t)omp_get_thread_num();
#endif
    rnn_place me;
    const uint64_t mine = r->z->shared + (uint64_t)id * r->z->thread_bytes;
    me.scratch = id < L->team ? pydml_workspace_part(r->ws, mine, r->z->thread_bytes) : NULL;
    me.ok = pydml_scratch_ok(failed, me.scratch, me.scratch) && id < L->team;
    const uint32_t per = L->ngrp * L->nblk, j = id % per / L->nblk;
    me.k = id % per % L->nblk;
    me.d0 = L->split ? id / per : 0;
    me.d1 = L->split ? me.d0 + 1 : r->p->nd;
    me.b0 = L->bg[j];
    me.b1 = L->bg[j + 1];
    return me;
}

/* The team: thread id runs direction(s) [d0, d1), batch group j and hidden block k (make_layout).
 * A barrier is needed only where a direction's hidden blocks are shared among threads (every
 * block reads all of H_{t-1}), and it is team-wide (the condition is the same for all). */
static void run_steps(const rnn_run* r, int* failed) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t H = p->hidden, B = p->batch;
    const uint32_t team = L->team;
    const int sync = L->nblk > 1;
#ifdef _OPENMP
#pragma omp parallel num_threads((int)team) if (team > 1)
#endif
    {
        const rnn_place me = place_of(r, failed);
        float* scratch = me.scratch;
        const uint32_t k = me.k, d0 = me.d0, d1 = me.d1, b0 = me.b0, b1 = me.b1;
        const size_t gemm = r->z->proj_floats > r->z->step_floats ? r->z->proj_floats : r->z->step_floats;
        float* tmp = scratch ? scratch + gemm : NULL;
        const int mine_ok = me.ok;
        /* X W^T + biases first, its rows shared out dynamically (a thread the host deschedules
         * holds up no other), then one barrier (the steps read every row of xw) */
        const uint32_t rows = p->seq * B;
        uint32_t items = 4 * team;
        if (items > (rows + 5) / 6) items = (rows + 5) / 6;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (uint32_t it = 0; it < items; it++)
            if (mine_ok)
                rows_projection(r, (uint32_t)((uint64_t)rows * it / items), (uint32_t)((uint64_t)rows * (it + 1) / items),
                                scratch);
        for (uint32_t step = 0; step < p->seq; step++) {
            if (p->type == DML_OPERATOR_GRU && !p->lbr) {
                for (uint32_t d = d0; d < d1 && mine_ok; d++) {
                    const uint32_t t = time_of(r, d, step), w = seg_width(L, k);
                    const uint32_t u0 = L->u[k], hb = L->u[k + 1] - u0;
                    const float* hp = hstate(r, d, step);
                    block_product(r, d, k, b0, b1, t, hp, 0, 2, 1, scratch);
                    const pydml_activation* act = &p->act[d * p->nact];
                    for (uint32_t b = b0; b < b1 && hb; b++) {
                        float* v = r->gates + ((size_t)d * B + b) * L->gp + L->col[k];
                        pydml_activation_apply(&act[0], v, 2 * (size_t)w);
                        const float* gr = v + w;
                        const float* hprow = hp + (size_t)b * H + u0;
                        float* rh = r->rh + ((size_t)d * B + b) * H + u0;
                        for (uint32_t u = 0; u < hb; u++) rh[u] = gr[u] * hprow[u];
                    }
                }
                if (sync) {
#ifdef _OPENMP
#pragma omp barrier
#endif
                }
                for (uint32_t d = d0; d < d1 && mine_ok; d++) {
                    const uint32_t t = time_of(r, d, step);
                    block_product(r, d, k, b0, b1, t, r->rh + (size_t)d * B * H, 2, 3, 1, scratch);
                    block_update(r, d, k, b0, b1, t, step, tmp);
                }
            } else {
                for (uint32_t d = d0; d < d1 && mine_ok; d++) {
                    const uint32_t t = time_of(r, d, step);
                    const float* hp = hstate(r, d, step);
                    if (p->type == DML_OPERATOR_GRU) { /* LinearBeforeReset: R_h's product alone */
                        block_product(r, d, k, b0, b1, t, hp, 0, 2, 1, scratch);
                        block_product(r, d, k, b0, b1, t, hp, 2, 3, 0, scratch);
                    } else {
                        block_product(r, d, k, b0, b1, t, hp, 0, p->gates, 1, scratch);
                    }
                    block_update(r, d, k, b0, b1, t, step, tmp);
                }
            }
            if (sync) {
#ifdef _OPENMP
#pragma omp barrier
#endif
            }
        }
    }
}

/* ---- LSTM: its own loops around the GEMM engine's tiles (gemm_engine.h: pydml_sgemm_ukernels) ----
 * The same sums as pydml_sgemm_serial / pydml_sgemm_packed_serial (each element from 0 over K slices
 * of RNN_KC in order, the addend added to the first slice's sum, one microkernel call per slice),
 * so the bits are the engine's; what changes is the order of the work around them:
 *  - W^T and R^T are packed into the engine's panel format ([K][nr] per nr columns) straight from
 *    the tensors, panel by panel in parallel (no staged float copies, no serial packing);
 *  - X W^T (+ the biases) runs from W^T's panels: an item is 8 strips of rows against one
 *    direction's panels, each panel read once per item (front to back, its K slices in turn) and
 *    kept in L1 across the strips, the item's tile of it in L1 from one K slice to the next;
 *  - a step runs gate group by gate group (nr hidden units: the G panels of their gates side by
 *    side in R^T, lstm_block): H_{t-1} R^T + X W^T for the group's panels into a small tile (the
 *    rows of the thread's batch group: L1; a few groups side by side, RNN_TILE_FLOATS per gate),
 *    then the gate equations and the cell update on the tile, so gates never go through memory,
 *    and R^T is read front to back once per step (a stream the prefetchers follow) with each
 *    panel slice in L1 across the row strips. Row strips are as even as the tile height allows
 *    (8 rows: 4 + 4, not 6 + 2: a 2-row tile runs 4 FMA chains, latency-bound at half the rate). */

/* Panel q of the packed matrices: q < nd * gp / nr: W^T's (K = input), then R^T's (K = hidden),
 * direction by direction. Column j of panel (group g, gate segment s) is unit g * nr + j of gate s
 * (zero past the hidden size). */
static void lstm_pack_panel(const rnn_run* r, uint32_t q, float* stage) {
    const rnn_plan* p = r->p;
    const uint32_t nr = r->L.nr, G = p->gates, H = p->hidden, per = r->L.gp / nr;
    static const uint32_t gate_of_seg[4] = {0, 2, 3, 1}; /* segments i, f, c, o; tensor rows i, o, f, c */
    const int is_w = q < p->nd * per;
    if (!is_w) q -= p->nd * per;
    const uint32_t d = q / per, qq = q % per, grp = qq / G, gate = gate_of_seg[qq % G];
    const uint32_t K = is_w ? p->input : H;
    const pydml_tensor* t = r->in[is_w ? IN_W : IN_R];
    float* dst = is_w ? r->pw + (size_t)(d * per + qq) * K * nr : r->rp[d] + (size_t)qq * K * nr;
    if (t->data_type == DML_TENSOR_DATA_TYPE_FLOAT32 && t->strides[3] == 1 && grp * nr + nr <= H) {
        /* nr whole FLOAT32 rows, evenly spaced: packed from the tensor itself, no staged copy */
        const float* w = (const float*)t->data + at(t, 0, d, gate * H + grp * nr, 0);
        r->uk.pack_b(w, 1, (int64_t)t->strides[2], K, nr, dst); /* B(k, j) = w[j * stride + k] */
        return;
    }
    for (uint32_t j = 0; j < nr; j++) {
        const uint32_t u = grp * nr + j;
        if (u < H) load_run(t, at(t, 0, d, gate * H + u, 0), K, stage + (size_t)j * K);
        else memset(stage + (size_t)j * K, 0, (size_t)K * sizeof(float));
    }
    r->uk.pack_b(stage, 1, K, K, nr, dst); /* B(k, j) = stage[j * K + k] */
}

/* X W^T + the biases for rows [m0, m1) of xw, direction d's columns; apack: the rows' A strips. */
static void lstm_projection(const rnn_run* r, uint32_t m0, uint32_t m1, uint32_t d, float* apack) {
    const rnn_plan* p = r->p;
    const uint32_t nr = r->L.nr, MR = r->uk.mr, I = p->input, per = r->L.gp / nr;
    const int64_t ld = (int64_t)r->ldxw;
    const uint32_t kslices = (I + RNN_KC - 1) / RNN_KC;
    const size_t slice = (size_t)RNN_PROJ_STRIPS * MR * RNN_KC; /* one K slice's strips */
    for (uint32_t ks = 0; ks < kslices; ks++) {
        const uint32_t k0 = (uint32_t)((uint64_t)I * ks / kslices);
        const uint32_t kc = (uint32_t)((uint64_t)I * (ks + 1) / kslices) - k0;
        for (uint32_t ms = m0; ms < m1; ms += MR) {
            const uint32_t mr = m1 - ms < MR ? m1 - ms : MR;
            r->uk.pack_a(r->xa + ms * r->xa_rs + k0, r->xa_rs, 1, mr, kc,
                         apack + ks * slice + (size_t)(ms - m0) * RNN_KC);
        }
    }
    /* panel by panel, its K slices in order: W^T is read front to back, and the item's tile of the
     * panel (its rows, nr columns) stays in L1 from one slice's sums to the next's */
    for (uint32_t q = d * per; q < (d + 1) * per; q++) {
        for (uint32_t ks = 0; ks < kslices; ks++) {
            const uint32_t k0 = (uint32_t)((uint64_t)I * ks / kslices);
            const uint32_t kc = (uint32_t)((uint64_t)I * (ks + 1) / kslices) - k0;
            const float* panel = r->pw + (size_t)q * I * nr + (size_t)k0 * nr;
            for (uint32_t ms = m0; ms < m1; ms += MR) {
                const uint32_t mr = m1 - ms < MR ? m1 - ms : MR;
                float* dst = r->xw + (size_t)ms * r->ldxw + (size_t)q * nr;
                const float* src = ks ? dst : r->bias + (size_t)q * nr;
                r->uk.ukr[mr](kc, apack + ks * slice + (size_t)(ms - m0) * RNN_KC, panel, nr, src, ks ? ld : 0, dst,
                              ld, nr);
            }
        }
    }
}

/* Step `step` (time t) of direction d for hidden block k and batch rows [b0, b1): the rows of
 * H_{t-1} packed into A strips once (in place, rows hidden * 4 bytes apart, a power of two in
 * the usual sizes, fall into a few L1 sets: the 5-row tile ran at 0.7x), then group by group of nr
 * units, the G gate panels' sums (H_{t-1} R^T + the input projection) into tile ([G][rows][w],
 * then h(C_t) as [rows][w], w = sg * nr: sg groups side by side), then block_update's equations,
 * in its order, on the tile's sg groups at once. The equations' cost was mostly the calls: on the
 * bench LSTM (8 rows a thread) one group (128 values a gate) per activation call spent 1.5-2x the
 * time of 4 groups per call in the equations (rdtsc, 2 threads, shared host). */
/* pydml_activation_apply over `runs` runs of wv values, w apart (one call when they are contiguous) */
static void act_runs(const pydml_activation* a, float* v, uint32_t runs, uint32_t w, uint32_t wv) {
    if (wv == w) {
        pydml_activation_apply(a, v, (size_t)runs * w);
        return;
    }
    for (uint32_t i = 0; i < runs; i++) pydml_activation_apply(a, v + (size_t)i * w, wv);
}

static void clip_runs(float* v, uint32_t runs, uint32_t w, uint32_t wv, float c) {
    if (wv == w) clip_run(v, runs * w, c);
    else
        for (uint32_t i = 0; i < runs; i++) clip_run(v + (size_t)i * w, wv, c);
}

static void lstm_block(const rnn_run* r, uint32_t d, uint32_t k, uint32_t b0, uint32_t b1, uint32_t t, uint32_t step,
                       float* tile) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t H = p->hidden, B = p->batch, G = p->gates, nr = L->nr, MR = r->uk.mr;
    const uint32_t rows = b1 - b0;
    if (rows == 0 || L->u[k] >= L->u[k + 1]) return;
    const pydml_activation* act = &p->act[d * p->nact];
    const float* hp_all = hstate(r, d, step);
    float* hn_all = hstate(r, d, step + 1);
    const pydml_tensor* y = r->out[OUT_Y];
    /* sg groups of nr units share one tile, each gate's [rows][w] (w = sg * nr, RNN_TILE_FLOATS at
     * most unless one group is more): the equations then run on runs of w values, in a few calls */
    uint32_t sg = RNN_TILE_FLOATS / (rows * nr);
    if (sg < 1) sg = 1;
    const uint32_t w = sg * nr;
    const size_t n = (size_t)rows * w;
    const uint32_t strips = (rows + MR - 1) / MR;
    const uint32_t kslices = (H + RNN_KC - 1) / RNN_KC;
    const int64_t lxw = (int64_t)r->ldxw;
    /* gate slots i, f, o, c: with no peephole, f runs on i, f and o in one call (pydml_activation_apply
     * is element by element: which call a value goes through does not change its bits) */
    static const uint32_t slot_of_seg[4] = {0, 1, 3, 2}; /* segments i, f, c, o */
    float *gi = tile, *gf = tile + n, *go = tile + 2 * n, *gc = tile + 3 * n, *hc = tile + 4 * n;
    float* apack = tile + 5 * n;
    const int zero_h = step == 0 && r->zero_h0[d];
    for (uint32_t ks = 0; ks < kslices && !zero_h; ks++) {
        const uint32_t k0 = (uint32_t)((uint64_t)H * ks / kslices);
        const uint32_t kc = (uint32_t)((uint64_t)H * (ks + 1) / kslices) - k0;
        for (uint32_t i = 0; i < strips; i++) {
            const uint32_t m0 = rows * i / strips, mr = rows * (i + 1) / strips - m0;
            r->uk.pack_a(hp_all + (size_t)(b0 + m0) * H + k0, H, 1, mr, kc,
                         apack + ((size_t)ks * strips + i) * MR * RNN_KC);
        }
    }
    const uint32_t g1 = (L->u[k + 1] + nr - 1) / nr;
    for (uint32_t gs = L->u[k] / nr; gs < g1; gs += sg) {
        const uint32_t ge = gs + sg < g1 ? gs + sg : g1;
        const uint32_t u0 = gs * nr, wv = (ge - gs) * nr, uc = (ge * nr < H ? ge * nr : H) - u0;
        for (uint32_t grp = gs; grp < ge; grp++) {
#if defined(__GNUC__)
            /* the next group's addends (X W^T of each row: a stream per row the prefetchers do
             * not follow) are on their way while this group's sums run */
            if (grp + 1 < g1)
                for (uint32_t i = 0; i < rows; i++) {
                    const float* nx = lstm_xw_row(r, d, b0 + i, t) + (size_t)(grp + 1) * G * nr;
                    for (uint32_t l = 0; l < G * nr; l += 16) __builtin_prefetch(nx + l);
                }
#endif
            for (uint32_t s = 0; s < G; s++) {
                const size_t q = (size_t)grp * G + s;
                const float* panel = r->rp[d] + q * H * nr;
                float* gt = tile + slot_of_seg[s] * n + (size_t)(grp - gs) * nr;
                if (zero_h) { /* the product's bits: +0 (finite R) plus the addend */
                    for (uint32_t i = 0; i < rows; i++) {
                        const float* x = lstm_xw_row(r, d, b0 + i, t) + q * nr;
                        for (uint32_t j = 0; j < nr; j++) gt[(size_t)i * w + j] = x[j] + 0.0f;
                    }
                    continue;
                }
                for (uint32_t ks = 0; ks < kslices; ks++) {
                    const uint32_t k0 = (uint32_t)((uint64_t)H * ks / kslices);
                    const uint32_t kc = (uint32_t)((uint64_t)H * (ks + 1) / kslices) - k0;
                    for (uint32_t i = 0; i < strips; i++) {
                        const uint32_t m0 = rows * i / strips, mr = rows * (i + 1) / strips - m0;
                        float* dst = gt + (size_t)m0 * w;
                        const float* src = ks ? dst : lstm_xw_row(r, d, b0 + m0, t) + q * nr;
                        r->uk.ukr[mr](kc, apack + ((size_t)ks * strips + i) * MR * RNN_KC, panel + (size_t)k0 * nr,
                                      nr, src, ks ? (int64_t)w : lxw, dst, w, nr);
                    }
                }
            }
        }
        /* the equations (block_update's, operation for operation) on the groups' rows */
        if (r->peep) {
            const float* pi = r->peep + (size_t)d * 3 * H + u0;
            const float* pf = pi + 2 * (size_t)H;
            for (uint32_t i = 0; i < rows; i++) {
                const float* cs = r->c + ((size_t)d * B + b0 + i) * H + u0;
                float *vi = gi + (size_t)i * w, *vf = gf + (size_t)i * w;
                for (uint32_t j = 0; j < uc; j++) {
                    vi[j] += pi[j] * cs[j];
                    vf[j] += pf[j] * cs[j];
                }
            }
        }
        /* with no peephole o's equation reads no C_t: it runs with i's and f's */
        const int o_now = r->peep == NULL;
        if (p->use_clip) {
            clip_runs(gi, (o_now ? 3 : 2) * rows, w, wv, p->clip); /* i, f (and o) */
            clip_runs(gc, rows, w, wv, p->clip);
        }
        if (p->couple) {
            act_runs(&act[0], gi, rows, w, wv);
            for (uint32_t i = 0; i < rows; i++)
                for (uint32_t j = 0; j < wv; j++) gf[(size_t)i * w + j] = 1.0f - gi[(size_t)i * w + j];
            if (o_now) act_runs(&act[0], go, rows, w, wv);
        } else {
            act_runs(&act[0], gi, (o_now ? 3 : 2) * rows, w, wv);
        }
        act_runs(&act[1], gc, rows, w, wv);
        for (uint32_t i = 0; i < rows; i++) {
            float* cs = r->c + ((size_t)d * B + b0 + i) * H + u0;
            float* hv = hc + (size_t)i * w;
            if (t < r->len[b0 + i]) {
                const float *vi = gi + (size_t)i * w, *vf = gf + (size_t)i * w, *vc = gc + (size_t)i * w;
                for (uint32_t j = 0; j < uc; j++) cs[j] = vf[j] * cs[j] + vi[j] * vc[j];
                if (r->peep) {
                    const float* po = r->peep + (size_t)d * 3 * H + H + u0;
                    float* vo = go + (size_t)i * w;
                    for (uint32_t j = 0; j < uc; j++) vo[j] += po[j] * cs[j];
                }
            }
            memcpy(hv, cs, (size_t)uc * sizeof(float));
            if (uc < wv) memset(hv + uc, 0, (size_t)(wv - uc) * sizeof(float));
        }
        if (!o_now) {
            if (p->use_clip) clip_runs(go, rows, w, wv, p->clip);
            act_runs(&act[0], go, rows, w, wv);
        }
        act_runs(&act[2], hc, rows, w, wv);
        for (uint32_t i = 0; i < rows; i++) {
            const uint32_t b = b0 + i;
            const float* hp = hp_all + (size_t)b * H + u0;
            float* hn = hn_all + (size_t)b * H + u0;
            if (t >= r->len[b]) { /* past this sequence's length: the state carries over, output 0 */
                memcpy(hn, hp, (size_t)uc * sizeof(float));
                if (y) store_zero(y, at(y, t, d, b, u0), uc);
                continue;
            }
            const float *vo = go + (size_t)i * w, *hv = hc + (size_t)i * w;
            for (uint32_t j = 0; j < uc; j++) hn[j] = vo[j] * hv[j];
            if (y) store_run(y, at(y, t, d, b, u0), uc, hn);
        }
    }
}

/* Waits until the X W^T items holding rows [m0, m1] of direction d are written (lstm_run): item c
 * holds strips [strips * c / chunks, strips * (c + 1) / chunks), so strip s is in item
 * ((s + 1) * chunks - 1) / strips. On a shared host the writer may be descheduled: yield the core
 * to it after a short spin. */
static void wait_items(const uint32_t* done, uint32_t m0, uint32_t m1, uint32_t MR, uint32_t strips, uint32_t chunks,
                       uint32_t nd, uint32_t d) {
    const uint32_t c0 = (uint32_t)(((uint64_t)(m0 / MR + 1) * chunks - 1) / strips);
    const uint32_t c1 = (uint32_t)(((uint64_t)(m1 / MR + 1) * chunks - 1) / strips);
    for (uint32_t c = c0; c <= c1; c++)
        for (uint32_t spins = 0; !__atomic_load_n(&done[(size_t)c * nd + d], __ATOMIC_ACQUIRE); spins++) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
            if (spins >= 64) sched_yield();
        }
}

/* run_steps for LSTM: the panels, X W^T and the steps in one parallel region (the same team and
 * layout: batch groups, hidden blocks, directions). */
static void lstm_run(const rnn_run* r, int* failed) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t MR = r->uk.mr;
    const int sync = L->nblk > 1;
    /* X W^T's items: runs of whole MR-row strips, at most RNN_PROJ_STRIPS each, as even as the strips
     * allow, and as many as a multiple of the team when there are strips enough: 1024 rows (the
     * bench LSTM) in items of 8 AVX-512 strips made 9 items of 112 rows and one of 16, and one of
     * two threads computed 560 rows while the other waited at the loop's barrier after 464. Which
     * item computes a row does not change its bits. No barrier now: a thread whose items are done
     * starts its steps, each step waiting for the items that hold its rows (wait_items; items are
     * handed out in row order, so the ones still running are the last steps'), and a thread the
     * host deschedules in its last item holds up no other. */
    const uint32_t rows = p->seq * p->batch, strips = (rows + MR - 1) / MR;
    uint32_t chunks = (strips + RNN_PROJ_STRIPS - 1) / RNN_PROJ_STRIPS;
    while ((uint64_t)chunks * p->nd % L->team && chunks < strips) chunks++;
    const uint32_t items = chunks * p->nd;
#ifdef _OPENMP
#pragma omp parallel num_threads((int)L->team) if (L->team > 1)
#endif
    {
        const rnn_place me = place_of(r, failed);
        float* scratch = me.scratch;
        const int ok = me.ok;
        const uint32_t k = me.k, d0 = me.d0, d1 = me.d1, b0 = me.b0, b1 = me.b1;
        if (r->pack1 > r->pack0) { /* the condition is the team's: all threads or none reach the barrier */
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 4)
#endif
            for (uint32_t q = r->pack0; q < r->pack1; q++)
                if (ok) lstm_pack_panel(r, q, scratch);
        }
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1) nowait
#endif
        for (uint32_t it = 0; it < items; it++) {
            const uint32_t c = it / p->nd;
            const uint32_t m0 = (uint32_t)((uint64_t)strips * c / chunks) * MR;
            const uint32_t m1e = (uint32_t)((uint64_t)strips * (c + 1) / chunks) * MR, m1 = m1e < rows ? m1e : rows;
            if (ok) lstm_projection(r, m0, m1, it % p->nd, scratch);
            __atomic_store_n(&r->done[it], 1u, __ATOMIC_RELEASE); /* also when !ok: no thread may wait forever */
        }
        for (uint32_t step = 0; step < p->seq; step++) {
            for (uint32_t d = d0; d < d1 && ok; d++) {
                const uint32_t t = time_of(r, d, step);
                const uint32_t m0 = t * p->batch + b0;
                if (b1 > b0) wait_items(r->done, m0, m0 + (b1 - b0) - 1, MR, strips, chunks, p->nd, d);
                lstm_block(r, d, k, b0, b1, t, step, scratch);
            }
            if (sync) {
#ifdef _OPENMP
#pragma omp barrier
#endif
            }
        }
    }
}

static void* ws_part(const pydml_workspace* ws, const rnn_ws* z, int part, int zero) {
    if (z->bytes[part] == 0) return NULL;
    void* m = pydml_workspace_part(ws, z->off[part], z->bytes[part]);
    if (m != NULL && zero) memset(m, 0, (size_t)z->bytes[part]);
    return m;
}

static int team_size(void) {
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    return threads;
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    const rnn_plan* p = plan;
    if (p == NULL || inputs == NULL || outputs == NULL || input_count != p->n_in || output_count != p->n_out)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor* in[IN_SLOTS] = {NULL};
    const pydml_tensor* out[OUT_SLOTS] = {NULL};
    pydml_status s;
    for (uint32_t i = 0; i < p->n_in; i++) {
        const int slot = p->in_slot[i];
        if (!p->has_in[slot]) {
            if (inputs[i] != NULL) return PYDML_STATUS_INVALID_PARAMETER;
            continue;
        }
        const uint32_t type = slot == IN_L ? DML_TENSOR_DATA_TYPE_UINT32 : p->dtype;
        if ((s = check_view(inputs[i], type, p->in_sizes[slot]))) return s;
        in[slot] = inputs[i];
    }
    for (uint32_t i = 0; i < p->n_out; i++) {
        if (!p->has_out[i]) {
            if (outputs[i] != NULL) return PYDML_STATUS_INVALID_PARAMETER;
            continue;
        }
        if ((s = check_view(outputs[i], p->dtype, p->out_sizes[i]))) return s;
        out[i] = outputs[i];
    }
    const uint32_t G = p->gates, nd = p->nd, S = p->seq, B = p->batch, I = p->input, H = p->hidden;
    /* the team the workspace was sized for (temporary_bytes with this team size); a smaller one if
     * the workspace is smaller (a result does not depend on the team) */
    const uint32_t nr = pydml_sgemm_pack_width();
    uint32_t threads = (uint32_t)team_size();
    rnn_ws z;
    ws_layout(p, nr, threads, &z);
    while (threads > 1 && !z.too_big && ws != NULL && ws->bytes < z.total) ws_layout(p, nr, --threads, &z);
    if (z.too_big) return PYDML_STATUS_OUT_OF_MEMORY;
    if (ws == NULL || ws->data == NULL || ws->bytes < z.total) return PYDML_STATUS_INVALID_PARAMETER;
    rnn_run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    r.L = z.L;
    r.z = &z;
    r.ws = ws;
    r.ldxw = z.ldxw;
    for (int i = 0; i < OUT_SLOTS; i++) r.out[i] = out[i];
    if (p->type == DML_OPERATOR_LSTM) { /* tensor order i, o, f, c -> segments i, f, c, o */
        r.seg_of_gate[0] = 0, r.seg_of_gate[1] = 3, r.seg_of_gate[2] = 1, r.seg_of_gate[3] = 2;
    } else {
        for (uint32_t g = 0; g < 4; g++) r.seg_of_gate[g] = g;
    }
    const uint32_t GP = r.L.gp;
    /* the workspace's parts; those calloc'ed before are zero-filled (padding columns and rows,
     * absent initial states and biases are 0) */
    const int lstm = p->type == DML_OPERATOR_LSTM;
    r.xw = ws_part(ws, &z, W_XW, 0);
    r.h = ws_part(ws, &z, W_H, 1);
    r.gates = ws_part(ws, &z, W_GATES, 1);
    r.len = ws_part(ws, &z, W_LEN, 0);
    r.done = ws_part(ws, &z, W_DONE, 1);
    r.c = ws_part(ws, &z, W_C, 1);
    r.peep = ws_part(ws, &z, W_PEEP, 1);
    r.rh = ws_part(ws, &z, W_RH, 1);
    r.rbh = ws_part(ws, &z, W_RBH, 1);
    float* bias = ws_part(ws, &z, W_BIAS, 1);
    float* brow = ws_part(ws, &z, W_BROW, 0);
    float* xf = ws_part(ws, &z, W_XF, 0);
    float* wpw = ws_part(ws, &z, W_WPW, 1);
    float* wpr = ws_part(ws, &z, W_WPR, 0);
    if (lstm) {
        for (int i = 0; i < IN_SLOTS; i++) r.in[i] = in[i];
        pydml_sgemm_ukernels_get(&r.uk);
        r.pw = ws_part(ws, &z, W_PW, 0);
        r.rp[0] = ws_part(ws, &z, W_RT0, 0);
        r.rp[1] = nd == 2 ? ws_part(ws, &z, W_RT1, 0) : NULL;
        /* W^T and R^T packed at initialize serve the executions bound to those owned views */
        const uint32_t per = r.L.gp / r.L.nr;
        r.pack0 = 0, r.pack1 = 2 * nd * per;
        if (p->pre.generation != 0 && ws->owned_generation == p->pre.generation && p->pre.nr == r.L.nr) {
            if (p->pre.pw != NULL && p->pre.src[0] == in[IN_W]->data) {
                r.pw = p->pre.pw;
                r.pack0 = nd * per;
            }
            if (p->pre.rp != NULL && p->pre.src[1] == in[IN_R]->data) {
                r.rp[0] = p->pre.rp;
                r.rp[1] = nd == 2 ? p->pre.rp + (size_t)per * H * r.L.nr : NULL;
                r.pack1 = r.pack0 == 0 ? nd * per : r.pack0;
            }
        }
        /* the ISA's panel width decided the layout; it may not have changed since */
        if (!r.pw || !r.rp[0] || (nd == 2 && !r.rp[1]) || r.uk.nr != r.L.nr) return PYDML_STATUS_INVALID_PARAMETER;
    }
    if (!r.xw || !r.h || (!r.gates && !lstm) || !r.len || (lstm && !r.done) || !bias || !brow || !xf ||
        (!lstm && (!wpw || !wpr)) ||
        (p->type == DML_OPERATOR_LSTM && !r.c) || (p->has_in[IN_P] && p->type == DML_OPERATOR_LSTM && !r.peep) ||
        (p->type == DML_OPERATOR_GRU && (p->lbr ? !r.rbh : !r.rh)))
        return PYDML_STATUS_INVALID_PARAMETER;
    if (!in[IN_P]) r.peep = NULL;
    r.xf = xf, r.wpw = wpw, r.bias = bias;
    /* operands to float: X batch row by batch row (each thread's rows are then contiguous); LSTM
     * time-major, and a dense FLOAT32 X is read in place (its rows t * batch + b are evenly spaced) */
    const pydml_tensor* vx = in[IN_X];
    if (lstm && vx->data_type == DML_TENSOR_DATA_TYPE_FLOAT32 && vx->strides[3] == 1 &&
        (B == 1 || S == 1 || vx->strides[1] == (uint64_t)B * vx->strides[2])) {
        r.xa = (const float*)vx->data;
        r.xa_rs = B > 1 ? (int64_t)vx->strides[2] : (int64_t)vx->strides[1];
    } else if (lstm) {
        for (uint32_t t = 0; t < S; t++)
            for (uint32_t b = 0; b < B; b++) load_run(vx, at(vx, 0, t, b, 0), I, xf + ((size_t)t * B + b) * I);
        r.xa = xf;
        r.xa_rs = I;
    } else {
        for (uint32_t b = 0; b < B; b++)
            for (uint32_t t = 0; t < S; t++) load_run(vx, at(vx, 0, t, b, 0), I, xf + ((size_t)b * S + t) * I);
    }
    for (uint32_t b = 0; b < B; b++) {
        uint32_t l = S;
        if (in[IN_L]) {
            l = ((const uint32_t*)in[IN_L]->data)[at(in[IN_L], 0, 0, 0, b)];
            if (l > S) l = S; /* clamped: see the header */
        }
        r.len[b] = l;
    }
    for (uint32_t d = 0; d < nd; d++) {
        for (uint32_t g = 0; g < G && !lstm; g++)
            for (uint32_t u = 0; u < H; u++) {
                const uint32_t col = column_of(&r.L, r.seg_of_gate[g], u);
                load_run(in[IN_W], at(in[IN_W], 0, d, g * H + u, 0), I, wpw + ((size_t)d * GP + col) * I);
            }
        if (in[IN_B]) {
            load_run(in[IN_B], at(in[IN_B], 0, 0, d, 0), 2 * G * H, brow);
            for (uint32_t g = 0; g < G; g++)
                for (uint32_t u = 0; u < H; u++) {
                    const uint32_t col = column_of(&r.L, r.seg_of_gate[g], u);
                    const float wb = brow[g * H + u], rb = brow[(G + g) * H + u];
                    if (p->type == DML_OPERATOR_GRU && p->lbr && g == 2) {
                        bias[(size_t)d * GP + col] = wb;
                        r.rbh[(size_t)d * H + u] = rb;
                    } else {
                        bias[(size_t)d * GP + col] = wb + rb;
                    }
                }
        }
        if (r.peep) load_run(in[IN_P], at(in[IN_P], 0, 0, d, 0), 3 * H, r.peep + (size_t)d * 3 * H);
        for (uint32_t b = 0; b < B; b++) {
            if (in[IN_H]) load_run(in[IN_H], at(in[IN_H], 0, d, b, 0), H, hstate(&r, d, 0) + (size_t)b * H);
            if (in[IN_C]) load_run(in[IN_C], at(in[IN_C], 0, d, b, 0), H, r.c + ((size_t)d * B + b) * H);
        }
        if (lstm) continue; /* lstm_run packs W^T and R^T */
        /* this direction's R^T, rows regrouped, packed once into the workspace */
        memset(wpr, 0, (size_t)GP * H * sizeof(float));
        for (uint32_t g = 0; g < G; g++)
            for (uint32_t u = 0; u < H; u++) {
                const uint32_t col = column_of(&r.L, r.seg_of_gate[g], u);
                load_run(in[IN_R], at(in[IN_R], 0, d, g * H + u, 0), H, wpr + (size_t)col * H);
            }
        const int part = d ? W_RT1 : W_RT0;
        void* mem = ws_part(ws, &z, part, 0);
        if ((s = pydml_sgemm_pack_b_into(H, GP, wpr, 1, H, mem, (size_t)z.bytes[part], &r.rt[d]))) return s;
    }
    /* a zero initial H with finite R^T (checked when packed at initialize) makes the first step's
     * H_{t-1} R^T +0 in every element whatever the order of its sums: each product is a signed
     * zero and the sums start at +0, so the engine's result is the addend + 0.0f (-0 becomes +0),
     * which lstm_block writes without the product (1/seq of the steps' products: torch exports
     * an LSTM with a zero initial state, and ONNX's initial_h defaults to 0). A non-finite R
     * would make 0 * inf NaN: such R^T, and R^T packed per execution, run the product. */
    for (uint32_t d = 0; d < nd && lstm; d++) {
        int zero = p->pre.rp != NULL && r.rp[0] == p->pre.rp && p->pre.r_finite;
        const float* h0 = hstate(&r, d, 0);
        for (size_t i = 0; i < (size_t)B * H && zero; i++) zero = (h0[i] == 0.0f);
        r.zero_h0[d] = zero;
    }
    /* the packed panels' ISA decides the layout's panel width: a change of the active features
     * between the layout and the packing would misalign the blocks */
    if (!lstm && (pydml_sgemm_packed_panel_width(r.rt[0]) != r.L.nr ||
                  pydml_sgemm_packed_scratch_floats(r.rt[0], B) > z.step_floats))
        return PYDML_STATUS_INVALID_PARAMETER;
    /* X W^T + biases, then the steps, in one parallel region */
    int failed = 0;
    if (lstm) lstm_run(&r, &failed);
    else run_steps(&r, &failed);
    if (failed) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < nd; d++)
        for (uint32_t b = 0; b < B; b++) {
            if (out[OUT_YH]) store_run(out[OUT_YH], at(out[OUT_YH], 0, d, b, 0), H, hstate(&r, d, S) + (size_t)b * H);
            if (out[OUT_YC]) store_run(out[OUT_YC], at(out[OUT_YC], 0, d, b, 0), H, r.c + ((size_t)d * B + b) * H);
        }
    return PYDML_STATUS_SUCCESS;
}

/* pydml_kernel_family.initialize: an LSTM's WeightTensor and RecurrenceTensor with
 * DML_TENSOR_FLAG_OWNED_BY_DML are bound once (ONNX Runtime's DML provider makes initializers
 * owned: the ONNX front end's LSTM weights), so their panels are packed here, for the panel width
 * of this time, and the executions whose owned views carry `generation` skip lstm_run's packing.
 * The panels are lstm_pack_panel's, the same copies, so results do not change. */
static pydml_status initialize(void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                               uint64_t generation, int shared) {
    (void)shared; /* each plan packs its own weights */
    rnn_plan* p = plan;
    if (p == NULL || input_count != p->n_in || inputs == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    forget_packed(p);
    if (p->type != DML_OPERATOR_LSTM || generation == 0) return PYDML_STATUS_SUCCESS;
    rnn_run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    for (uint32_t i = 0; i < p->n_in; i++) {
        const int slot = p->in_slot[i];
        if ((slot != IN_W && slot != IN_R) || inputs[i] == NULL) continue;
        const pydml_status s = check_view(inputs[i], p->dtype, p->in_sizes[slot]);
        if (s) return s;
        r.in[slot] = inputs[i];
    }
    if (r.in[IN_W] == NULL && r.in[IN_R] == NULL) return PYDML_STATUS_SUCCESS;
    pydml_sgemm_ukernels_get(&r.uk);
    make_layout(&r.L, p, r.uk.nr, 1); /* the panels do not depend on the team */
    const uint32_t nd = p->nd, nr = r.L.nr, per = r.L.gp / nr, H = p->hidden, I = p->input;
    float* pw = r.in[IN_W] ? aligned_alloc(64, pydml_workspace_round((uint64_t)nd * per * nr * I * sizeof(float))) : NULL;
    float* rp = r.in[IN_R] ? aligned_alloc(64, pydml_workspace_round((uint64_t)nd * per * nr * H * sizeof(float))) : NULL;
    float* stage = malloc((size_t)nr * (H > I ? H : I) * sizeof(float));
    if ((r.in[IN_W] && !pw) || (r.in[IN_R] && !rp) || !stage) {
        free(pw);
        free(rp);
        free(stage);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    r.pw = pw;
    r.rp[0] = rp;
    r.rp[1] = rp && nd == 2 ? rp + (size_t)per * H * nr : NULL;
    for (uint32_t q = 0; q < 2 * nd * per; q++)
        if (q < nd * per ? pw != NULL : rp != NULL) lstm_pack_panel(&r, q, stage);
    free(stage);
    int finite = rp != NULL;
    for (size_t i = 0; rp != NULL && i < (size_t)nd * per * nr * H; i++) finite &= (rp[i] - rp[i] == 0.0f);
    p->pre.generation = generation;
    p->pre.nr = nr;
    p->pre.src[0] = pw ? r.in[IN_W]->data : NULL;
    p->pre.src[1] = rp ? r.in[IN_R]->data : NULL;
    p->pre.pw = pw;
    p->pre.rp = rp;
    p->pre.r_finite = finite;
    return PYDML_STATUS_SUCCESS;
}

/* DirectML's temporary resource: every buffer of an execution (ws_layout) comes from the caller's
 * workspace, so the plan stays read-only and executions of one operator may run at the same time. */
static uint64_t temporary_bytes(const void* plan, uint32_t threads) {
    rnn_ws z;
    ws_layout(plan, pydml_sgemm_pack_width(), threads, &z);
    return z.too_big ? UINT64_MAX / 2 : z.total;
}

const pydml_kernel_family pydml_family_recurrent = {"recurrent", create, destroy, execute, 0, temporary_bytes,
                                                    initialize, NULL};
