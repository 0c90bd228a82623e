/* The attention operators' own rules (MULTIHEAD_ATTENTION, MULTIHEAD_ATTENTION1; attention.c runs
 * them): each "must" of the pages (pydml/ops/attention.py transcribes them) that the generated tables
 * cannot say, and the readings attention.c documents where the pages are thin. Shapes are named as
 * the pages name them: batchSize B, sequenceLength S, keyValueSequenceLength T, pastSequenceLength
 * P, headSize H, valueHeadSize Hv; MULTIHEAD_ATTENTION's HeadCount is both MULTIHEAD_ATTENTION1's
 * QueryHeadCount Nq and KeyValueHeadCount Nk. A 3-dimensional shape "can also have 4 or 5
 * dimensions, as long as the leading dimensions are 1's" (the pages), so every shape is checked
 * right-aligned with leading 1s. */
#include <stdio.h>
#include <string.h>

#include "attention.h"
#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

static const char* const FIELD_NAMES[ATT_FIELDS] = {
    "QueryTensor", "KeyTensor", "ValueTensor", "StackedQueryKeyTensor", "StackedKeyValueTensor",
    "StackedQueryKeyValueTensor", "BiasTensor", "MaskTensor", "RelativePositionBiasTensor", "PastKeyTensor",
    "PastValueTensor", "PastSequenceLengthsTensor", "OutputTensor", "OutputPresentKeyTensor",
    "OutputPresentValueTensor"};

static const char* const MASK_NAMES[5] = {"NONE", "KEY_SEQUENCE_LENGTH", "KEY_SEQUENCE_END_START",
                                          "KEY_QUERY_SEQUENCE_LENGTH_START_END", "BOOLEAN"};

/* The last r sizes of tensor f, after checking its leading dimensions are 1 (the page's "can also
 * have more dimensions, as long as the leading dimensions are 1's"). */
static pydml_status shape_of(pydml_check* c, const pydml_attention_params* p, int f, uint32_t r,
                             const uint32_t** sizes) {
    const DML_BUFFER_TENSOR_DESC* t = p->t[f];
    char field[80];
    if (t->DimensionCount < r) /* the tables bound the counts; kept for MaskTensor's per-type rank */
        return pydml_fail(c, FIELD_NAMES[f], "must have at least %u dimensions here, got %u", r, t->DimensionCount);
    const uint32_t lead = t->DimensionCount - r;
    for (uint32_t i = 0; i < lead; i++)
        if (t->Sizes[i] != 1) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", FIELD_NAMES[f], i);
            return pydml_fail(c, field, "must be 1 (a leading dimension before the page's %u-dimensional shape), got %u",
                              r, t->Sizes[i]);
        }
    *sizes = t->Sizes + lead;
    return PYDML_STATUS_SUCCESS;
}

/* Sizes[i] (counted from the start of the page's shape) must be want. */
static pydml_status expect(pydml_check* c, const pydml_attention_params* p, int f, uint32_t r, uint32_t i,
                           uint64_t want, const char* why) {
    const DML_BUFFER_TENSOR_DESC* t = p->t[f];
    const uint32_t at = t->DimensionCount - r + i;
    if (t->Sizes[at] == want) return PYDML_STATUS_SUCCESS;
    char field[80];
    snprintf(field, sizeof field, "%s.Sizes[%u]", FIELD_NAMES[f], at);
    return pydml_fail(c, field, "must be %llu (%s), got %u", (unsigned long long)want, why, t->Sizes[at]);
}

/* Every size of the page's r-dimensional shape of f. */
static pydml_status expect_all(pydml_check* c, const pydml_attention_params* p, int f, uint32_t r,
                               const uint64_t* want, const char* const* why) {
    const uint32_t* s;
    pydml_status st = shape_of(c, p, f, r, &s);
    for (uint32_t i = 0; i < r && !st; i++) st = expect(c, p, f, r, i, want[i], why[i]);
    return st;
}

static pydml_status exclusive(pydml_check* c, const pydml_attention_params* p, int a, int b) {
    if (p->t[a] && p->t[b])
        return pydml_fail(c, FIELD_NAMES[b], "must be null when %s is given (the page: they are mutually exclusive)",
                          FIELD_NAMES[a]);
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_attention_params_of(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                       pydml_attention_params* p) {
    memset(p, 0, sizeof *p);
    p->type = op->type;
    const int mha1 = op->type == DML_OPERATOR_MULTIHEAD_ATTENTION1;
    for (int f = 0; f < ATT_FIELDS; f++)
        p->t[f] = (f == ATT_PSL && !mha1) ? NULL : pydml_tensor_field(op, desc, FIELD_NAMES[f]);
    if (mha1) {
        const DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC* d = desc;
        p->scale = d->Scale;
        p->mask_filter = d->MaskFilterValue;
        p->q_heads = d->QueryHeadCount;
        p->kv_heads = d->KeyValueHeadCount;
        p->mask_type = (uint32_t)d->MaskType;
        if (d->QueryHeadCount == 0) return pydml_fail(c, "QueryHeadCount", "must be at least 1, got 0");
        if (d->KeyValueHeadCount == 0) return pydml_fail(c, "KeyValueHeadCount", "must be at least 1, got 0");
        if (d->QueryHeadCount % d->KeyValueHeadCount)
            return pydml_fail(c, "QueryHeadCount",
                              "must be a multiple of KeyValueHeadCount (%u): each key/value head serves a group of "
                              "query heads, got %u", d->KeyValueHeadCount, d->QueryHeadCount);
    } else {
        const DML_MULTIHEAD_ATTENTION_OPERATOR_DESC* d = desc;
        p->scale = d->Scale;
        p->mask_filter = d->MaskFilterValue;
        p->q_heads = p->kv_heads = d->HeadCount;
        p->mask_type = (uint32_t)d->MaskType;
        if (d->HeadCount == 0) return pydml_fail(c, "HeadCount", "must be at least 1, got 0");
    }
    const char* nq_name = mha1 ? "QueryHeadCount" : "HeadCount";
    const char* nk_name = mha1 ? "KeyValueHeadCount" : "HeadCount";
    const uint32_t Nq = p->q_heads, Nk = p->kv_heads;
    pydml_status s;

    /* ---- layouts: exactly one query, one key and one value (the page's first paragraph) ---- */
    static const int pairs[][2] = {{ATT_Q, ATT_SQK}, {ATT_Q, ATT_SQKV}, {ATT_K, ATT_SQK}, {ATT_K, ATT_SKV},
                                   {ATT_K, ATT_SQKV}, {ATT_V, ATT_SKV}, {ATT_V, ATT_SQKV}, {ATT_SQK, ATT_SKV},
                                   {ATT_SQK, ATT_SQKV}, {ATT_SKV, ATT_SQKV}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if ((s = exclusive(c, p, pairs[i][0], pairs[i][1]))) return s;
    p->q_src = p->t[ATT_Q] ? ATT_SRC_SEPARATE : p->t[ATT_SQK] ? ATT_SRC_SQK : p->t[ATT_SQKV] ? ATT_SRC_SQKV : 0;
    if (!p->q_src)
        return pydml_fail(c, "QueryTensor",
                          "is required when neither StackedQueryKeyTensor nor StackedQueryKeyValueTensor is given "
                          "(the page: exactly one query must be present)");
    p->k_src = p->t[ATT_K] ? ATT_SRC_SEPARATE : p->t[ATT_SQK] ? ATT_SRC_SQK : p->t[ATT_SKV] ? ATT_SRC_SKV
             : p->t[ATT_SQKV] ? ATT_SRC_SQKV : ATT_SRC_NONE;
    p->v_src = p->t[ATT_V] ? ATT_SRC_SEPARATE : p->t[ATT_SKV] ? ATT_SRC_SKV : p->t[ATT_SQKV] ? ATT_SRC_SQKV
             : ATT_SRC_NONE;
    if ((p->t[ATT_PAST_K] != NULL) != (p->t[ATT_PAST_V] != NULL))
        return pydml_fail(c, p->t[ATT_PAST_K] ? "PastValueTensor" : "PastKeyTensor",
                          "is required when %s is given (keys and values are concatenated with their past alike)",
                          p->t[ATT_PAST_K] ? "PastKeyTensor" : "PastValueTensor");
    /* Past only (onnxruntime's MultiHeadAttention binds a 4-D key/value as PastKey/PastValue and
     * gives no KeyTensor/ValueTensor): the keys and values are the past's alone. */
    if (p->k_src == ATT_SRC_NONE && !p->t[ATT_PAST_K])
        return pydml_fail(c, "KeyTensor",
                          "is required when no StackedQueryKeyTensor, StackedKeyValueTensor, StackedQueryKeyValueTensor "
                          "or PastKeyTensor gives the keys (the page: exactly one key must be present)");
    if (p->v_src == ATT_SRC_NONE && !p->t[ATT_PAST_V])
        return pydml_fail(c, "ValueTensor",
                          "is required when no StackedKeyValueTensor, StackedQueryKeyValueTensor or PastValueTensor "
                          "gives the values (the page: exactly one value must be present)");
    if ((p->k_src == ATT_SRC_NONE) != (p->v_src == ATT_SRC_NONE))
        return pydml_fail(c, p->k_src == ATT_SRC_NONE ? "KeyTensor" : "ValueTensor",
                          "is required when %s is given (new keys and new values come in pairs)",
                          p->k_src == ATT_SRC_NONE ? "ValueTensor" : "KeyTensor");
    p->data_type = p->t[ATT_OUT]->DataType;

    /* ---- query: B, S, H ---- */
    const uint32_t* qs;
    if (p->q_src == ATT_SRC_SEPARATE) {
        if ((s = shape_of(c, p, ATT_Q, 3, &qs))) return s;
        p->batch = qs[0];
        p->seq = qs[1];
        if (qs[2] % Nq) {
            char field[48];
            snprintf(field, sizeof field, "QueryTensor.Sizes[%u]", p->t[ATT_Q]->DimensionCount - 1);
            return pydml_fail(c, field, "must be a multiple of %s (%u): hiddenSize = headCount * headSize, got %u",
                              nq_name, Nq, qs[2]);
        }
        p->head = qs[2] / Nq;
    } else {
        const int f = p->q_src == ATT_SRC_SQK ? ATT_SQK : ATT_SQKV;
        if ((s = shape_of(c, p, f, 5, &qs))) return s;
        p->batch = qs[0];
        p->seq = qs[1];
        p->head = qs[4];
        if ((s = expect(c, p, f, 5, 2, Nq, mha1 ? "QueryHeadCount: one head dimension for the stacked query and key"
                                                 : "HeadCount")))
            return s;
        if (mha1 && Nq != Nk)
            return pydml_fail(c, "KeyValueHeadCount",
                              "must equal QueryHeadCount (%u) when the query is stacked with the key, got %u", Nq, Nk);
        if ((s = expect(c, p, f, 5, 3, f == ATT_SQK ? 2 : 3, "the stacked tensors' fourth dimension")))
            return s;
    }
    if (p->head == 0) return pydml_fail(c, "QueryTensor", "must have a head size of at least 1, got 0");
    const uint32_t B = p->batch, S = p->seq, H = p->head;

    /* ---- key: T ---- */
    const uint32_t* ks;
    switch (p->k_src) {
    case ATT_SRC_SEPARATE:
        if ((s = shape_of(c, p, ATT_K, 3, &ks))) return s;
        if ((s = expect(c, p, ATT_K, 3, 0, B, "batchSize, the query's"))) return s;
        if ((s = expect(c, p, ATT_K, 3, 2, (uint64_t)Nk * H,
                        mha1 ? "KeyValueHeadCount * headSize, headSize from the query" : "hiddenSize, the query's")))
            return s;
        p->kv_seq = ks[1];
        break;
    case ATT_SRC_SKV: {
        if ((s = shape_of(c, p, ATT_SKV, 5, &ks))) return s;
        static const char* const why[5] = {"batchSize, the query's", "", "", "the stacked tensors' fourth dimension",
                                           "headSize, the query's"};
        const char* nwhy = mha1 ? "KeyValueHeadCount" : "HeadCount";
        if ((s = expect(c, p, ATT_SKV, 5, 0, B, why[0])) || (s = expect(c, p, ATT_SKV, 5, 2, Nk, nwhy)) ||
            (s = expect(c, p, ATT_SKV, 5, 3, 2, why[3])) || (s = expect(c, p, ATT_SKV, 5, 4, H, why[4])))
            return s;
        p->kv_seq = ks[1];
        break;
    }
    case ATT_SRC_SQK: case ATT_SRC_SQKV:
        p->kv_seq = S;
        break;
    default:
        p->kv_seq = 0;
        break;
    }
    const uint32_t T = p->kv_seq;

    /* ---- value: Hv; "key and value sequence lengths" must agree ---- */
    switch (p->v_src) {
    case ATT_SRC_SEPARATE: {
        const uint32_t* vs;
        if ((s = shape_of(c, p, ATT_V, 3, &vs))) return s;
        if ((s = expect(c, p, ATT_V, 3, 0, B, "batchSize, the query's"))) return s;
        if ((s = expect(c, p, ATT_V, 3, 1, T, "keyValueSequenceLength, the key's: keys and values pair up")))
            return s;
        if (vs[2] % Nk || vs[2] == 0) {
            char field[48];
            snprintf(field, sizeof field, "ValueTensor.Sizes[%u]", p->t[ATT_V]->DimensionCount - 1);
            return pydml_fail(c, field,
                              "must be a positive multiple of %s (%u): valueHiddenSize = headCount * valueHeadSize, "
                              "got %u", nk_name, Nk, vs[2]);
        }
        p->vhead = vs[2] / Nk;
        break;
    }
    case ATT_SRC_SKV: case ATT_SRC_SQKV:
        p->vhead = H;
        break;
    default: {
        const uint32_t* pv;
        if ((s = shape_of(c, p, ATT_PAST_V, 4, &pv))) return s;
        p->vhead = pv[3];
        if (p->vhead == 0) return pydml_fail(c, "PastValueTensor.Sizes[3]", "must be at least 1, got 0");
        break;
    }
    }
    const uint32_t Hv = p->vhead;

    /* ---- past: [B, Nk, P, H] and [B, Nk, P, Hv] ---- */
    if (p->t[ATT_PAST_K]) {
        const uint32_t* pk;
        if ((s = shape_of(c, p, ATT_PAST_K, 4, &pk))) return s;
        p->past = pk[2];
        const uint64_t wk[4] = {B, Nk, p->past, H}, wv[4] = {B, Nk, p->past, Hv};
        const char* why[4] = {"batchSize, the query's", nk_name, "pastSequenceLength, PastKeyTensor's and "
                              "PastValueTensor's alike", "headSize, the query's"};
        if ((s = expect_all(c, p, ATT_PAST_K, 4, wk, why))) return s;
        why[3] = "valueHeadSize, the value's";
        if ((s = expect_all(c, p, ATT_PAST_V, 4, wv, why))) return s;
    }
    const uint32_t P = p->past;

    /* ---- MULTIHEAD_ATTENTION1's PastSequenceLengthsTensor: [B] ---- */
    if (p->t[ATT_PSL]) {
        const DML_BUFFER_TENSOR_DESC* t = p->t[ATT_PSL];
        p->psl_type = t->DataType;
        if ((t->DataType == DML_TENSOR_DATA_TYPE_FLOAT32 || t->DataType == DML_TENSOR_DATA_TYPE_FLOAT16) &&
            t->DataType != p->data_type)
            return pydml_fail(c, "PastSequenceLengthsTensor.DataType",
                              "must be %s (the page's same-DataType constraint, for its float types) or INT32, got %s",
                              pydml_data_type_name(p->data_type), pydml_data_type_name(t->DataType));
        const uint64_t w[1] = {B};
        static const char* const why[1] = {"batchSize: one past length per batch"};
        if ((s = expect_all(c, p, ATT_PSL, 1, w, why))) return s;
        if (T != S)
            return pydml_fail(c, p->k_src == ATT_SRC_SKV ? "StackedKeyValueTensor" : "KeyTensor",
                              "must have the query's sequence length %u (the new keys are the query positions' own: "
                              "with PastSequenceLengthsTensor the attention is causal), got %u", S, T);
    }

    /* ---- present: [B, Nk, P + T, H] and [B, Nk, P + T, Hv]; with past lengths, a buffer of any
     * length C >= T that the new keys are written into after each batch's past ---- */
    for (int f = ATT_PRESENT_K; f <= ATT_PRESENT_V; f++) {
        if (!p->t[f]) continue;
        const uint32_t* ps;
        if ((s = shape_of(c, p, f, 4, &ps))) return s;
        const uint32_t len = p->t[ATT_PSL] ? ps[2] : P + T;
        if (p->t[ATT_PSL] && len < T) {
            char field[48];
            snprintf(field, sizeof field, "%s.Sizes[%u]", FIELD_NAMES[f], p->t[f]->DimensionCount - 2);
            return pydml_fail(c, field, "must be at least keyValueSequenceLength (%u): the new keys are written "
                              "after each batch's past, got %u", T, len);
        }
        if (p->present_len && len != p->present_len)
            return expect(c, p, f, 4, 2, p->present_len, "OutputPresentKeyTensor's: key and value buffers pair up");
        p->present_len = len;
        const uint64_t w[4] = {B, Nk, len, f == ATT_PRESENT_K ? H : Hv};
        const char* why[4] = {"batchSize, the query's", nk_name,
                              "pastSequenceLength + keyValueSequenceLength", f == ATT_PRESENT_K ? "headSize" : "valueHeadSize"};
        if ((s = expect_all(c, p, f, 4, w, why))) return s;
    }
    if (P + (uint64_t)T > 0x7fffffffu) return pydml_fail(c, "PastKeyTensor", "makes more than 2^31 - 1 key positions");
    /* key positions of the bias and a BOOLEAN mask: the concatenation past + new; with past lengths,
     * the longest it can be (the past's capacity, or the present buffer's) */
    p->width = !p->t[ATT_PSL] ? P + T : p->t[ATT_PAST_K] ? P + T : p->present_len ? p->present_len : T;
    if (p->width == 0)
        return pydml_fail(c, "PastKeyTensor.Sizes[2]", "must be at least 1 when no new key is given: attention "
                          "needs at least one key, got 0");

    /* ---- bias: [Nq H + Nk H + Nk Hv] ---- */
    if (p->t[ATT_BIAS]) {
        const uint64_t w[1] = {(uint64_t)Nq * H + (uint64_t)Nk * H + (uint64_t)Nk * Hv};
        static const char* const why[1] = {"hiddenSize + hiddenSize + valueHiddenSize: the query's, key's and "
                                           "value's biases"};
        if ((s = expect_all(c, p, ATT_BIAS, 1, w, why))) return s;
        if (p->k_src == ATT_SRC_NONE)
            return pydml_fail(c, "BiasTensor", "must be null when the keys and values are only the past's (the past "
                              "is concatenated as given)");
    }

    /* ---- output: [B, S, Nq Hv] ---- */
    {
        const uint64_t w[3] = {B, S, (uint64_t)Nq * Hv};
        static const char* const why[3] = {"batchSize", "sequenceLength", "valueHiddenSize of the query heads"};
        if ((s = expect_all(c, p, ATT_OUT, 3, w, why))) return s;
    }

    /* ---- relative position bias: [B, Nq, S, P + T] (onnxruntime's DML MultiHeadAttention) ---- */
    if (p->t[ATT_RPB]) {
        const uint64_t w[4] = {B, Nq, S, p->width};
        const char* why[4] = {"batchSize", nq_name, "sequenceLength", "the key positions, pastSequenceLength + "
                              "keyValueSequenceLength"};
        if ((s = expect_all(c, p, ATT_RPB, 4, w, why))) return s;
    }

    /* ---- mask, by MaskType ---- */
    const uint32_t mt = p->mask_type;
    if (mt > DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN) return PYDML_STATUS_SUCCESS; /* the tables reported it */
    if (mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE) {
        if (p->t[ATT_MASK])
            return pydml_fail(c, "MaskTensor", "must be null when MaskType is DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE");
        return PYDML_STATUS_SUCCESS;
    }
    if (!p->t[ATT_MASK])
        return pydml_fail(c, "MaskTensor", "is required when MaskType is DML_MULTIHEAD_ATTENTION_MASK_TYPE_%s",
                          MASK_NAMES[mt]);
    char why_mask[96];
    snprintf(why_mask, sizeof why_mask, "MaskType DML_MULTIHEAD_ATTENTION_MASK_TYPE_%s", MASK_NAMES[mt]);
    switch (mt) {
    case DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN: {
        const uint64_t w[4] = {B, Nq, S, p->width};
        const char* why[4] = {"batchSize", nq_name, "sequenceLength", "the key positions"};
        if (p->t[ATT_MASK]->DimensionCount < 4)
            return pydml_fail(c, "MaskTensor.DimensionCount", "must be 4 or 5 with %s ([batchSize, headCount, "
                              "sequenceLength, key positions]), got %u", why_mask, p->t[ATT_MASK]->DimensionCount);
        return expect_all(c, p, ATT_MASK, 4, w, why);
    }
    case DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH:
    case DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_END_START: {
        const uint64_t w[2] = {mt == DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH ? 1u : 2u, B};
        const char* why[2] = {why_mask, "batchSize"};
        if (p->t[ATT_MASK]->DimensionCount < 2)
            return pydml_fail(c, "MaskTensor.DimensionCount", "must be 2 to 5 with %s ([%u, batchSize]), got %u",
                              why_mask, (unsigned)w[0], p->t[ATT_MASK]->DimensionCount);
        return expect_all(c, p, ATT_MASK, 2, w, why);
    }
    default: {
        const uint64_t w[1] = {3ull * B + 2};
        const char* why[1] = {"batchSize * 3 + 2, for KEY_QUERY_SEQUENCE_LENGTH_START_END"};
        return expect_all(c, p, ATT_MASK, 1, w, why);
    }
    }
}

pydml_status pydml_rule_attention(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_attention_params p;
    return pydml_attention_params_of(c, op, desc, &p);
}

