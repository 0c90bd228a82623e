/* The random kernel family (families.h): RANDOM_GENERATOR (page
 * ns-directml-dml_random_generator_operator_desc.md; rules_random.c checks the desc).
 *
 * Philox 4x32-10 (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as 1, 2, 3",
 * SC11; the page links it): per block, 10 rounds of
 *   (hi0, lo0) = mulhilo(0xD2511F53, x0); (hi1, lo1) = mulhilo(0xCD9E8D57, x2);
 *   x = {hi1 ^ x1 ^ k0, lo1, hi0 ^ x3 ^ k1, lo0}
 * with the key bumped by the Weyl constants (k0 += 0x9E3779B9, k1 += 0xBB67AE85) between rounds
 * (Random123's philox4x32_R). Checked bit-exactly against Random123's kat_vectors.
 *
 * State (page): InputStateTensor's six UINT32 elements are the 128-bit counter (elements 0-3)
 * then the 64-bit key (elements 4-5). Decisions where the page is silent: element i is
 * Random123's ctr.v[i] / key.v[i - 4], and the counter is little-endian (element 0 is the least
 * significant word, the word Random123's counter increment steps first).
 * Output (page: "the 128-bit counter should be incremented by ceil(outputSize / 4)", i.e. one
 * Philox block per four outputs): block k = philox(counter + k, key) fills the output elements
 * 4k .. 4k+3 in row-major order (words v[0..3] in order); a final partial block is truncated.
 * OutputStateTensor (optional): InputStateTensor with the counter incremented by
 * ceil(outputSize / 4) modulo 2^128, the key unchanged. (The page's worked example subtracts
 * 324,855 from the low word instead of adding it: arithmetic slip on the page; here it adds.)
 * Threads split the blocks. */
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "families.h"

#define RNG_PARALLEL_MIN 65536

typedef struct rng_plan {
    uint32_t state_rank, state_sizes[8];
    uint32_t out_rank, out_sizes[8];
    int has_out_state;
} rng_plan;


static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** out) {
    (void)flags;
    *out = NULL;
    const DML_RANDOM_GENERATOR_OPERATOR_DESC* d = desc;
    if (d->Type != DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    const DML_BUFFER_TENSOR_DESC* s = pydml_tensor_field(info, desc, "InputStateTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(info, desc, "OutputTensor");
    const DML_BUFFER_TENSOR_DESC* so = pydml_tensor_field(info, desc, "OutputStateTensor");
    if (s == NULL || y == NULL || s->DimensionCount > 8 || y->DimensionCount > 8 || s->DimensionCount < 1 ||
        y->DimensionCount < 1)
        return PYDML_STATUS_INVALID_PARAMETER;
    if (s->DataType != DML_TENSOR_DATA_TYPE_UINT32 || y->DataType != DML_TENSOR_DATA_TYPE_UINT32)
        return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    rng_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->state_rank = s->DimensionCount;
    memcpy(p->state_sizes, s->Sizes, s->DimensionCount * sizeof(uint32_t));
    p->out_rank = y->DimensionCount;
    memcpy(p->out_sizes, y->Sizes, y->DimensionCount * sizeof(uint32_t));
    p->has_out_state = so != NULL;
    *out = p;
    return PYDML_STATUS_SUCCESS;
}

static void destroy(void* plan) { free(plan); }

/* Random123 philox4x32_R(10, ctr, key). */
static inline void philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
    uint32_t x0 = ctr[0], x1 = ctr[1], x2 = ctr[2], x3 = ctr[3];
    uint32_t k0 = key[0], k1 = key[1];
    for (int r = 0; r < 10; r++) {
        if (r > 0) {
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        const uint64_t p0 = (uint64_t)0xD2511F53u * x0;
        const uint64_t p1 = (uint64_t)0xCD9E8D57u * x2;
        const uint32_t hi0 = (uint32_t)(p0 >> 32), lo0 = (uint32_t)p0;
        const uint32_t hi1 = (uint32_t)(p1 >> 32), lo1 = (uint32_t)p1;
        x0 = hi1 ^ x1 ^ k0;
        x1 = lo1;
        x2 = hi0 ^ x3 ^ k1;
        x3 = lo0;
    }
    out[0] = x0; out[1] = x1; out[2] = x2; out[3] = x3;
}

/* ctr += add (128-bit little-endian words, modulo 2^128) */
static inline void counter_add(uint32_t ctr[4], uint64_t add) {
    uint64_t carry = add;
    for (int i = 0; i < 4 && carry; i++) {
        uint64_t s = (uint64_t)ctr[i] + (carry & 0xffffffffu);
        ctr[i] = (uint32_t)s;
        carry = (carry >> 32) + (s >> 32);
    }
}

static pydml_status check_view(const pydml_tensor* v, uint32_t rank, const uint32_t* sizes) {
    pydml_status s = pydml_tensor_check(v);
    if (s) return s;
    if (v->data_type != DML_TENSOR_DATA_TYPE_UINT32 || v->dim_count != rank) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t d = 0; d < rank; d++)
        if (v->sizes[d] != sizes[d]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* Element offset (in elements) of row-major position `flat` of a view. */
static inline uint64_t offset_of(const pydml_tensor* v, uint64_t flat) {
    uint64_t off = 0;
    for (int d = (int)v->dim_count - 1; d >= 0; d--) {
        off += (flat % v->sizes[d]) * v->strides[d];
        flat /= v->sizes[d];
    }
    return off;
}

/* Blocks [b0, b1) into the output: a contiguous output is written directly, any other view through
 * a dimension odometer. */
static void fill_blocks(const pydml_tensor* y, uint64_t total, int contiguous, const uint32_t ctr0[4],
                        const uint32_t key[2], uint64_t b0, uint64_t b1) {
    uint32_t* out = y->data;
    uint32_t c[8] = {0};
    uint64_t off = 0;
    const uint32_t n = y->dim_count;
    if (!contiguous) {
        uint64_t flat = b0 * 4;
        for (int d = (int)n - 1; d >= 0; d--) {
            c[d] = (uint32_t)(flat % y->sizes[d]);
            flat /= y->sizes[d];
        }
        off = offset_of(y, b0 * 4);
    }
    for (uint64_t b = b0; b < b1; b++) {
        uint32_t ctr[4] = {ctr0[0], ctr0[1], ctr0[2], ctr0[3]}, w[4];
        counter_add(ctr, b);
        philox4x32_10(ctr, key, w);
        const uint64_t e0 = b * 4;
        const uint64_t m = total - e0 < 4 ? total - e0 : 4;
        if (contiguous) {
            memcpy(out + e0, w, m * sizeof(uint32_t));
            continue;
        }
        for (uint64_t j = 0; j < m; j++) {
            out[off] = w[j];
            for (int d = (int)n - 1; d >= 0; d--) {
                off += y->strides[d];
                if (++c[d] < y->sizes[d]) break;
                off -= y->strides[d] * y->sizes[d];
                c[d] = 0;
            }
        }
    }
}

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
    const rng_plan* P = plan;
    if (P == NULL || inputs == NULL || outputs == NULL || input_count < 1 || output_count < 1)
        return PYDML_STATUS_INVALID_PARAMETER;
    const pydml_tensor* s = inputs[0];
    const pydml_tensor* y = outputs[0];
    const pydml_tensor* so = output_count >= 2 ? outputs[1] : NULL;
    pydml_status r;
    if ((r = check_view(s, P->state_rank, P->state_sizes))) return r;
    if ((r = check_view(y, P->out_rank, P->out_sizes))) return r;
    if (so && (r = check_view(so, P->state_rank, P->state_sizes))) return r;
    /* the six state words, read before any write (an output state may share the input's memory) */
    uint32_t state[6];
    for (uint64_t i = 0; i < 6; i++) state[i] = ((const uint32_t*)s->data)[offset_of(s, i)];
    const uint32_t ctr[4] = {state[0], state[1], state[2], state[3]}, key[2] = {state[4], state[5]};
    const uint64_t total = pydml_tensor_element_count(y);
    const uint64_t blocks = (total + 3) / 4;
    int contiguous = 1;
    {
        uint64_t expect = 1;
        for (int d = (int)y->dim_count - 1; d >= 0; d--) {
            if (y->sizes[d] != 1 && y->strides[d] != expect) contiguous = 0;
            expect *= y->sizes[d];
        }
    }
#ifdef _OPENMP
    if (total >= RNG_PARALLEL_MIN) {
#pragma omp parallel
        {
            int t = omp_get_thread_num(), nt = omp_get_num_threads();
            uint64_t a = blocks * (uint64_t)t / (uint64_t)nt, b = blocks * (uint64_t)(t + 1) / (uint64_t)nt;
            if (a < b) fill_blocks(y, total, contiguous, ctr, key, a, b);
        }
    } else
#endif
    {
        fill_blocks(y, total, contiguous, ctr, key, 0, blocks);
    }
    if (so) {
        uint32_t next[6] = {ctr[0], ctr[1], ctr[2], ctr[3], key[0], key[1]};
        counter_add(next, blocks);
        for (uint64_t i = 0; i < 6; i++) ((uint32_t*)so->data)[offset_of(so, i)] = next[i];
    }
    return PYDML_STATUS_SUCCESS;
}

const pydml_kernel_family pydml_family_random = {"random", create, destroy, execute, 0, NULL, NULL, NULL};
