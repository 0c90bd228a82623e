/* MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1: the shape of a valid desc, derived once by the
 * rules (rules_attention.c) and reused by the kernel (attention.c). The reading of each field is
 * documented at the top of attention.c. */
#ifndef PYDML_NATIVE_ATTENTION_H
#define PYDML_NATIVE_ATTENTION_H

#include "schema.h"

/* Where query, key and value come from. */
enum {
    ATT_SRC_NONE = 0,      /* key/value: only the past (PastKeyTensor/PastValueTensor) */
    ATT_SRC_SEPARATE = 1,  /* QueryTensor / KeyTensor / ValueTensor */
    ATT_SRC_SQK = 2,       /* StackedQueryKeyTensor [B, S, N, 2, H] */
    ATT_SRC_SKV = 3,       /* StackedKeyValueTensor [B, T, N, 2, H] */
    ATT_SRC_SQKV = 4       /* StackedQueryKeyValueTensor [B, S, N, 3, H] */
};

/* Field indices of both descs (MULTIHEAD_ATTENTION1 inserts PastSequenceLengthsTensor at 11). */
enum {
    ATT_Q = 0, ATT_K, ATT_V, ATT_SQK, ATT_SKV, ATT_SQKV, ATT_BIAS, ATT_MASK, ATT_RPB, ATT_PAST_K, ATT_PAST_V,
    ATT_PSL, ATT_OUT, ATT_PRESENT_K, ATT_PRESENT_V, ATT_FIELDS
};

typedef struct pydml_attention_params {
    uint32_t type;                   /* DML_OPERATOR_MULTIHEAD_ATTENTION or ..._ATTENTION1 */
    uint32_t data_type;              /* FLOAT32 or FLOAT16 */
    uint32_t batch, q_heads, kv_heads;
    uint32_t seq;                    /* S: query positions */
    uint32_t kv_seq;                 /* T: new key/value positions (0: past only) */
    uint32_t past;                   /* P: PastKeyTensor.Sizes[2] (0 without past) */
    uint32_t head, vhead;            /* H (query and key), Hv (value) */
    uint32_t present_len;            /* C: the present tensors' Sizes[2] (0 without them) */
    uint32_t width;                  /* key positions of RelativePositionBias and a BOOLEAN mask */
    uint32_t q_src, k_src, v_src;    /* ATT_SRC_* */
    uint32_t mask_type;              /* DML_MULTIHEAD_ATTENTION_MASK_TYPE */
    uint32_t psl_type;               /* PastSequenceLengthsTensor's data type (0: absent) */
    float scale, mask_filter;
    const DML_BUFFER_TENSOR_DESC* t[ATT_FIELDS]; /* NULL when absent */
} pydml_attention_params;

/* Checks a MULTIHEAD_ATTENTION[1] desc that passed the table-driven checks and fills *p. */
pydml_status pydml_attention_params_of(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                       pydml_attention_params* p);

#endif /* PYDML_NATIVE_ATTENTION_H */
