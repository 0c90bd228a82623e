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
 * hidden units (below), X W^T for all steps and both directions is one threaded GEMM (the biases
 * that are added to it are its initial C), and each direction's R^T is packed once
 * (pydml_sgemm_pack_b). The steps then run in one parallel region: the hidden units are split in
 * blocks, one per thread, and a block's rows of R^T are kept together with the G gates of each of
 * its units side by side (padded to the GEMM panel width), so a thread computes H_{t-1} R^T for its
 * own units' gates only (pydml_sgemm_packed_serial, the input projection as its addend), applies
 * the gate equations to them and writes its part of H_t: one barrier per step (two for GRU with
 * LinearBeforeReset FALSE, whose reset gates must all be known before (r_t (.) H_{t-1}) R_h^T).
 * BIDIRECTIONAL gives each direction its own threads (half the team each), so the directions
 * never wait for each other; on two threads no step then needs a barrier. H is double-buffered
 * (every thread of a direction reads all of its H_{t-1}); C belongs to its block's thread.
 * Threads: a result never depends on the thread count -- each element of a product is the GEMM
 * engine's fixed-order sum whatever the columns a thread takes, and the element-wise equations see
 * the same operands. */
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

static void destroy(void* plan) { free(plan); }

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

/* ---- the blocked column layout ---- */

typedef struct rnn_layout {
    uint32_t nblk, nr;
    uint32_t u[RNN_MAX_BLOCKS + 1];  /* hidden units of block k: [u[k], u[k+1]) */
    uint32_t col[RNN_MAX_BLOCKS + 1]; /* its first column; segment s at col[k] + s * width(k) */
    uint32_t gp;                      /* columns per direction (col[nblk]) */
} rnn_layout;

static uint32_t seg_width(const rnn_layout* L, uint32_t k) {
    const uint32_t hb = L->u[k + 1] - L->u[k];
    return (hb + L->nr - 1) / L->nr * L->nr;
}

/* The column of gate segment s, unit u (u in block k). */
static uint32_t column_of(const rnn_layout* L, uint32_t s, uint32_t u) {
    uint32_t k = 0;
    while (u >= L->u[k + 1]) k++;
    return L->col[k] + s * seg_width(L, k) + (u - L->u[k]);
}

static void make_layout(rnn_layout* L, uint32_t H, uint32_t G, uint32_t nr, uint32_t threads) {
    memset(L, 0, sizeof *L);
    L->nr = nr;
    uint32_t nblk = threads;
    const uint32_t units = (H + nr - 1) / nr;
    if (nblk > units) nblk = units;
    if (nblk > RNN_MAX_BLOCKS) nblk = RNN_MAX_BLOCKS;
    if (nblk < 1) nblk = 1;
    L->nblk = nblk;
    for (uint32_t k = 0; k <= nblk; k++) L->u[k] = k == nblk ? H : (uint32_t)((uint64_t)units * k / nblk) * nr;
    for (uint32_t k = 0; k < nblk; k++) L->col[k + 1] = L->col[k] + G * seg_width(L, k);
    L->gp = L->col[nblk];
}

/* ---- execution ---- */

typedef struct rnn_run {
    const rnn_plan* p;
    rnn_layout L;
    const pydml_tensor* out[OUT_SLOTS];
    uint32_t seg_of_gate[4]; /* tensor gate index -> segment in a block */
    float* xw;               /* [seq * batch][nd * gp]: X W^T + the biases added to it */
    uint64_t ldxw;
    pydml_sgemm_packed* rt[2];
    float* h;                /* [nd][2][batch][hidden] */
    float* c;                /* [nd][batch][hidden] (LSTM) */
    float* gates;            /* [nd][batch][gp] */
    float* rh;               /* [nd][batch][hidden] (GRU, LinearBeforeReset FALSE): r (.) H_{t-1} */
    float* rbh;              /* [nd][hidden] (GRU, LinearBeforeReset TRUE): Rb_h */
    float* peep;             /* [nd][3][hidden] (LSTM): P_i, P_o, P_f */
    uint32_t* len;           /* [batch] clamped sequence lengths */
    int split;               /* both directions, each on its own threads (run_steps) */
    size_t scratch_floats;
} rnn_run;

static float* hstate(const rnn_run* r, uint32_t d, uint32_t which) {
    const rnn_plan* p = r->p;
    return r->h + ((size_t)d * 2 + (which & 1u)) * p->batch * p->hidden;
}

/* min(max(x, -c), c) as std::min / std::max evaluate it (onnxruntime's LSTM clip): NaN stays NaN. */
static void clip_run(float* v, uint32_t n, float c) {
    for (uint32_t j = 0; j < n; j++) {
        const float x = v[j] < -c ? -c : v[j];
        v[j] = x > c ? c : x;
    }
}

/* The gate equations for block k of direction d at time t, rows of the batch. */
static void block_update(const rnn_run* r, uint32_t d, uint32_t k, uint32_t t, uint32_t step, float* tmp) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t H = p->hidden, B = p->batch, u0 = L->u[k], hb = L->u[k + 1] - u0, w = seg_width(L, k);
    const pydml_activation* act = &p->act[d * p->nact];
    const float* hp_all = hstate(r, d, step);
    float* hn_all = hstate(r, d, step + 1);
    const pydml_tensor* y = r->out[OUT_Y];
    for (uint32_t b = 0; b < B; b++) {
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
                const float* xh = r->xw + ((size_t)t * B + b) * r->ldxw + (size_t)d * L->gp + L->col[k] + 2 * (size_t)w;
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

/* H_{t-1} R^T (+ the input projection) for segments [s0, s1) of block k of direction d. */
static void block_product(const rnn_run* r, uint32_t d, uint32_t k, uint32_t t, const float* a, uint32_t s0,
                          uint32_t s1, int with_xw, float* scratch) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t w = seg_width(L, k);
    if (w == 0) return;
    const uint32_t n0 = L->col[k] + s0 * w, n1 = L->col[k] + s1 * w;
    const float* addend = with_xw ? r->xw + (size_t)t * p->batch * r->ldxw + (size_t)d * L->gp : NULL;
    pydml_sgemm_packed_serial(p->batch, a, p->hidden, 1, r->rt[d], n0, n1, addend, (int64_t)r->ldxw,
                              r->gates + (size_t)d * p->batch * L->gp, L->gp, scratch);
}

/* The team: with both directions and two threads or more, each direction has its own threads
 * (directions never wait for each other: with two threads no step needs a barrier at all); else
 * every thread takes its block of both directions. A barrier is needed only where one direction's
 * blocks are shared among threads, and it is team-wide (the condition is the same for all). */
static void run_steps(const rnn_run* r, int* failed) {
    const rnn_plan* p = r->p;
    const rnn_layout* L = &r->L;
    const uint32_t H = p->hidden, B = p->batch;
    const uint32_t team = r->split ? 2 * L->nblk : L->nblk;
    const int sync = L->nblk > 1;
#ifdef _OPENMP
#pragma omp parallel num_threads((int)team) if (team > 1)
#endif
    {
        float* scratch = pydml_sgemm_scratch_alloc(r->scratch_floats + H + 64);
        const int ok = pydml_scratch_ok(failed, scratch, scratch);
        uint32_t id = 0;
#ifdef _OPENMP
        id = (uint32_t)omp_get_thread_num();
#endif
        const uint32_t k = id % L->nblk;
        const uint32_t d0 = r->split ? id / L->nblk : 0, d1 = r->split ? d0 + 1 : p->nd;
        float* tmp = scratch ? scratch + r->scratch_floats : NULL;
        const int mine = ok && id < team;
        for (uint32_t step = 0; step < p->seq; step++) {
            if (p->type == DML_OPERATOR_GRU && !p->lbr) {
                for (uint32_t d = d0; d < d1 && mine; d++) {
                    const uint32_t t = time_of(r, d, step), w = seg_width(L, k);
                    const uint32_t u0 = L->u[k], hb = L->u[k + 1] - u0;
                    const float* hp = hstate(r, d, step);
                    block_product(r, d, k, t, hp, 0, 2, 1, scratch);
                    const pydml_activation* act = &p->act[d * p->nact];
                    for (uint32_t b = 0; b < B && hb; b++) {
                        float* v = r->gates + ((size_t)d * B + b) * L->gp + L->col[k];
                        pydml_activation_apply(&act[0], v, 2 * (size_t)w);
                        const float* gr = v + w;
                        const float* hprow = hp + (size_t)b * H + u0;
                        float* rh = r->rh + ((size_t)d * B + b) * H + u0;
                        for (uint32_t j = 0; j < hb; j++) rh[j] = gr[j] * hprow[j];
                    }
                }
                if (sync) {
#ifdef _OPENMP
#pragma omp barrier
#endif
                }
                for (uint32_t d = d0; d < d1 && mine; d++) {
                    const uint32_t t = time_of(r, d, step);
                    block_product(r, d, k, t, r->rh + (size_t)d * B * H, 2, 3, 1, scratch);
                    block_update(r, d, k, t, step, tmp);
                }
            } else {
                for (uint32_t d = d0; d < d1 && mine; d++) {
                    const uint32_t t = time_of(r, d, step);
                    const float* hp = hstate(r, d, step);
                    if (p->type == DML_OPERATOR_GRU) { /* LinearBeforeReset: R_h's product alone */
                        block_product(r, d, k, t, hp, 0, 2, 1, scratch);
                        block_product(r, d, k, t, hp, 2, 3, 0, scratch);
                    } else {
                        block_product(r, d, k, t, hp, 0, p->gates, 1, scratch);
                    }
                    block_update(r, d, k, t, step, tmp);
                }
            }
            if (sync) {
#ifdef _OPENMP
#pragma omp barrier
#endif
            }
        }
        free(scratch);
    }
}

static void free_run(rnn_run* r) {
    free(r->xw);
    pydml_sgemm_packed_free(r->rt[0]);
    pydml_sgemm_packed_free(r->rt[1]);
    free(r->h);
    free(r->c);
    free(r->gates);
    free(r->rh);
    free(r->rbh);
    free(r->peep);
    free(r->len);
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
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
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    rnn_run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    for (int i = 0; i < OUT_SLOTS; i++) r.out[i] = out[i];
    if (p->type == DML_OPERATOR_LSTM) { /* tensor order i, o, f, c -> segments i, f, c, o */
        r.seg_of_gate[0] = 0, r.seg_of_gate[1] = 3, r.seg_of_gate[2] = 1, r.seg_of_gate[3] = 2;
    } else {
        for (uint32_t g = 0; g < 4; g++) r.seg_of_gate[g] = g;
    }
    /* the panel width of the ISA the packed products will use */
    {
        pydml_sgemm_packed* probe = NULL;
        if ((s = pydml_sgemm_pack_b(1, 1, (const float[1]){0.0f}, 1, 1, &probe))) return s;
        r.split = nd == 2 && threads >= 2;
        make_layout(&r.L, H, G, pydml_sgemm_packed_panel_width(probe), (uint32_t)(r.split ? threads / 2 : threads));
        pydml_sgemm_packed_free(probe);
    }
    if ((uint64_t)G * (H + (uint64_t)r.L.nr * r.L.nblk) > INT32_MAX) return PYDML_STATUS_OUT_OF_MEMORY;
    const uint32_t GP = r.L.gp;
    r.ldxw = (uint64_t)nd * GP;
    const size_t rows = (size_t)S * B;
    /* sizes far past any memory are refused before multiplying further */
    if ((double)rows * (double)r.ldxw > 1e12 || (double)GP * (double)(H > I ? H : I) > 1e12)
        return PYDML_STATUS_OUT_OF_MEMORY;
    const size_t wrow = I > H ? I : H;
    float* xf = malloc(rows * I * sizeof(float));
    float* wp = calloc((size_t)nd * GP * wrow, sizeof(float)); /* W then each R, rows regrouped */
    float* bias = calloc((size_t)nd * GP, sizeof(float));
    float* brow = malloc(((size_t)2 * G * H + I + H + 64) * sizeof(float));
    r.xw = malloc(rows * r.ldxw * sizeof(float));
    r.h = calloc((size_t)nd * 2 * B * H, sizeof(float));
    r.gates = calloc((size_t)nd * B * GP, sizeof(float));
    r.len = malloc((size_t)B * sizeof(uint32_t));
    int nomem = !xf || !wp || !bias || !brow || !r.xw || !r.h || !r.gates || !r.len;
    if (p->type == DML_OPERATOR_LSTM) {
        nomem |= (r.c = calloc((size_t)nd * B * H, sizeof(float))) == NULL;
        if (in[IN_P]) nomem |= (r.peep = calloc((size_t)nd * 3 * H, sizeof(float))) == NULL;
    }
    if (p->type == DML_OPERATOR_GRU && !p->lbr) nomem |= (r.rh = calloc((size_t)nd * B * H, sizeof(float))) == NULL;
    if (p->type == DML_OPERATOR_GRU && p->lbr) nomem |= (r.rbh = calloc((size_t)nd * H, sizeof(float))) == NULL;
    if (nomem) {
        s = PYDML_STATUS_OUT_OF_MEMORY;
        goto done;
    }
    /* operands to float */
    for (uint32_t t = 0; t < S; t++)
        for (uint32_t b = 0; b < B; b++) load_run(in[IN_X], at(in[IN_X], 0, t, b, 0), I, xf + ((size_t)t * B + b) * I);
    for (uint32_t b = 0; b < B; b++) {
        uint32_t l = S;
        if (in[IN_L]) {
            l = ((const uint32_t*)in[IN_L]->data)[at(in[IN_L], 0, 0, 0, b)];
            if (l > S) l = S; /* clamped: see the header */
        }
        r.len[b] = l;
    }
    for (uint32_t d = 0; d < nd; d++) {
        for (uint32_t g = 0; g < G; g++)
            for (uint32_t u = 0; u < H; u++) {
                const uint32_t col = column_of(&r.L, r.seg_of_gate[g], u);
                load_run(in[IN_W], at(in[IN_W], 0, d, g * H + u, 0), I, wp + ((size_t)d * GP + col) * I);
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
        if (r.peep) {
            load_run(in[IN_P], at(in[IN_P], 0, 0, d, 0), 3 * H, r.peep + (size_t)d * 3 * H);
        }
        for (uint32_t b = 0; b < B; b++) {
            if (in[IN_H]) load_run(in[IN_H], at(in[IN_H], 0, d, b, 0), H, hstate(&r, d, 0) + (size_t)b * H);
            if (in[IN_C]) load_run(in[IN_C], at(in[IN_C], 0, d, b, 0), H, r.c + ((size_t)d * B + b) * H);
        }
    }
    /* X W^T + biases, all steps and directions: one threaded product */
    for (size_t row = 0; row < rows; row++) memcpy(r.xw + row * r.ldxw, bias, r.ldxw * sizeof(float));
    {
        const pydml_sgemm_args g = {(uint32_t)rows, (uint32_t)r.ldxw, I, xf, I, 1, wp, 1, I, r.xw, (int64_t)r.ldxw, 1};
        if ((s = pydml_sgemm(&g))) goto done;
    }
    /* each direction's R^T, rows regrouped, packed once */
    for (uint32_t d = 0; d < nd; d++) {
        memset(wp, 0, (size_t)GP * H * sizeof(float));
        for (uint32_t g = 0; g < G; g++)
            for (uint32_t u = 0; u < H; u++) {
                const uint32_t col = column_of(&r.L, r.seg_of_gate[g], u);
                load_run(in[IN_R], at(in[IN_R], 0, d, g * H + u, 0), H, wp + (size_t)col * H);
            }
        if ((s = pydml_sgemm_pack_b(H, GP, wp, 1, H, &r.rt[d]))) goto done;
    }
    free(xf), xf = NULL;
    free(wp), wp = NULL;
    /* the packed panels' ISA decides the layout's panel width: a change of the active features
     * between the probe and the packing would misalign the blocks */
    if (pydml_sgemm_packed_panel_width(r.rt[0]) != r.L.nr) {
        s = PYDML_STATUS_INVALID_PARAMETER;
        goto done;
    }
    r.scratch_floats = pydml_sgemm_packed_scratch_floats(r.rt[0], B);
    int failed = 0;
    run_steps(&r, &failed);
    if (failed) {
        s = PYDML_STATUS_OUT_OF_MEMORY;
        goto done;
    }
    for (uint32_t d = 0; d < nd; d++)
        for (uint32_t b = 0; b < B; b++) {
            if (out[OUT_YH]) store_run(out[OUT_YH], at(out[OUT_YH], 0, d, b, 0), H, hstate(&r, d, S) + (size_t)b * H);
            if (out[OUT_YC]) store_run(out[OUT_YC], at(out[OUT_YC], 0, d, b, 0), H, r.c + ((size_t)d * B + b) * H);
        }
    s = PYDML_STATUS_SUCCESS;
done:
    free(xf);
    free(wp);
    free(bias);
    free(brow);
    free_run(&r);
    return s;
}

const pydml_kernel_family pydml_family_recurrent = {"recurrent", create, destroy, execute, 0, NULL, NULL};
