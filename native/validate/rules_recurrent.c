/* The recurrent operators' own rules (RNN, LSTM, GRU; recurrent.c runs them): the tensor sizes and
 * activation counts the pages state (pydml/ops/recurrent.py transcribes them) that the generated
 * tables cannot say. Pages: MicrosoftDocs/sdk-api ns-directml-dml_{rnn,lstm,gru}_operator_desc.md.
 *
 * The pages give every tensor's Sizes in terms of seq_length, batch_size, input_size (InputTensor
 * { 1, seq_length, batch_size, input_size }), num_directions (2 for BIDIRECTIONAL, else 1) and
 * hidden_size, which no field names: it is taken from RecurrenceTensor.Sizes[3] ({ 1,
 * num_directions, G * hidden_size, hidden_size }, G = 1 for RNN, 4 for LSTM, 3 for GRU), the one
 * size that is hidden_size alone. Every other size is then checked against these; a message names
 * where the expected value came from.
 *
 * ActivationDescCount: "The number of activation functions is equal to the number of directions"
 * (RNN: f), "3 activations must be provided ... 6" (LSTM: f, g, h per direction), "two ... four"
 * (GRU: f, g per direction). Each element is already checked as a fusable activation (validate.c).
 *
 * Not refused (the pages state no rule): a negative ClipThreshold (recurrent.c clips to
 * min(max(x, -ClipThreshold), ClipThreshold), as ONNX's LSTM clip does); absent outputs (a desc
 * with no output computes nothing). */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

typedef struct rnn_dims {
    uint32_t gates;       /* weight rows per hidden unit: 1, 4, 3 */
    uint32_t activations; /* per direction: 1, 3, 2 */
    uint32_t nd, seq, batch, input, hidden;
} rnn_dims;

/* What each of the four sizes must be: a value and the text saying where it comes from. */
typedef struct want {
    uint64_t v; /* G * hidden_size can pass UINT32_MAX: no size then matches it */
    const char* why;
} want;

static pydml_status check_sizes(pydml_check* c, const pydml_operator_info* op, const void* desc, const char* name,
                                const want w[4]) {
    const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, name);
    if (t == NULL) return PYDML_STATUS_SUCCESS;
    char field[64];
    for (uint32_t i = 0; i < 4 && i < t->DimensionCount; i++) {
        if (t->Sizes[i] == w[i].v) continue;
        snprintf(field, sizeof field, "%s.Sizes[%u]", name, i);
        return pydml_fail(c, field, "must be %llu (%s), got %u", (unsigned long long)w[i].v, w[i].why, t->Sizes[i]);
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_recurrent(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    rnn_dims d;
    uint32_t direction, count;
    const char* per_direction;
    switch (op->type) {
    case DML_OPERATOR_RNN: {
        const DML_RNN_OPERATOR_DESC* r = desc;
        d.gates = 1, d.activations = 1, direction = r->Direction, count = r->ActivationDescCount;
        per_direction = "f";
        break;
    }
    case DML_OPERATOR_LSTM: {
        const DML_LSTM_OPERATOR_DESC* r = desc;
        d.gates = 4, d.activations = 3, direction = r->Direction, count = r->ActivationDescCount;
        per_direction = "f, g, h";
        break;
    }
    default: {
        const DML_GRU_OPERATOR_DESC* r = desc;
        d.gates = 3, d.activations = 2, direction = r->Direction, count = r->ActivationDescCount;
        per_direction = "f, g";
        break;
    }
    }
    const int bi = direction == DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL;
    d.nd = bi ? 2 : 1;
    if (count != d.activations * d.nd)
        return pydml_fail(c, "ActivationDescCount", "must be %u for %s (%s%s), got %u", d.activations * d.nd,
                          bi ? "DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL"
                             : direction == DML_RECURRENT_NETWORK_DIRECTION_BACKWARD
                                   ? "DML_RECURRENT_NETWORK_DIRECTION_BACKWARD"
                                   : "DML_RECURRENT_NETWORK_DIRECTION_FORWARD",
                          per_direction, bi ? " for each direction" : "", count);
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* r = pydml_tensor_field(op, desc, "RecurrenceTensor");
    d.seq = x->Sizes[1], d.batch = x->Sizes[2], d.input = x->Sizes[3];
    d.hidden = r->Sizes[3];
    char g_hidden[96], g2_hidden[96], p_hidden[96], nd[96];
    snprintf(g_hidden, sizeof g_hidden, "%u * hidden_size, hidden_size = RecurrenceTensor.Sizes[3]", d.gates);
    snprintf(g2_hidden, sizeof g2_hidden, "%u * hidden_size, hidden_size = RecurrenceTensor.Sizes[3]", 2 * d.gates);
    snprintf(p_hidden, sizeof p_hidden, "3 * hidden_size, hidden_size = RecurrenceTensor.Sizes[3]");
    snprintf(nd, sizeof nd, "num_directions of %s", bi ? "BIDIRECTIONAL" : "a single direction");
    const char* one = "the page's leading 1";
    const char* hid = "hidden_size = RecurrenceTensor.Sizes[3]";
    const char* bat = "batch_size = InputTensor.Sizes[2]";
    pydml_status s;
    const want wx[4] = {{1, one}, {d.seq, ""}, {d.batch, ""}, {d.input, ""}};
    const uint64_t gh = (uint64_t)d.gates * d.hidden;
    const want wr[4] = {{1, one}, {d.nd, nd}, {gh, g_hidden}, {d.hidden, hid}};
    const want ww[4] = {{1, one}, {d.nd, nd}, {gh, g_hidden}, {d.input, "input_size = InputTensor.Sizes[3]"}};
    const want wb[4] = {{1, one}, {1, one}, {d.nd, nd}, {2 * gh, g2_hidden}};
    const want wh[4] = {{1, one}, {d.nd, nd}, {d.batch, bat}, {d.hidden, hid}};
    const want wl[4] = {{1, one}, {1, one}, {1, one}, {d.batch, bat}};
    const want wp[4] = {{1, one}, {1, one}, {d.nd, nd}, {3 * (uint64_t)d.hidden, p_hidden}};
    const want ws[4] = {{d.seq, "seq_length = InputTensor.Sizes[1]"}, {d.nd, nd}, {d.batch, bat}, {d.hidden, hid}};
    if ((s = check_sizes(c, op, desc, "InputTensor", wx))) return s;
    if ((s = check_sizes(c, op, desc, "RecurrenceTensor", wr))) return s;
    if ((s = check_sizes(c, op, desc, "WeightTensor", ww))) return s;
    if ((s = check_sizes(c, op, desc, "BiasTensor", wb))) return s;
    if ((s = check_sizes(c, op, desc, "HiddenInitTensor", wh))) return s;
    if (op->type == DML_OPERATOR_LSTM && (s = check_sizes(c, op, desc, "CellMemInitTensor", wh))) return s;
    if ((s = check_sizes(c, op, desc, "SequenceLengthsTensor", wl))) return s;
    if (op->type == DML_OPERATOR_LSTM && (s = check_sizes(c, op, desc, "PeepholeTensor", wp))) return s;
    if ((s = check_sizes(c, op, desc, "OutputSequenceTensor", ws))) return s;
    if ((s = check_sizes(c, op, desc, "OutputSingleTensor", wh))) return s;
    if (op->type == DML_OPERATOR_LSTM && (s = check_sizes(c, op, desc, "OutputCellSingleTensor", wh))) return s;
    return PYDML_STATUS_SUCCESS;
}

