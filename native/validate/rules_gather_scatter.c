/* The pages' own rules for the gather/scatter operators (gather_scatter.c): each "must" of a page
 * that the tables cannot say. Pages: sdk-api ns-directml-dml_<name>_operator_desc.md for GATHER,
 * GATHER_ELEMENTS, GATHER_ND, GATHER_ND1, SCATTER (== SCATTER_ELEMENTS), SCATTER_ND, ONE_HOT,
 * NONZERO_COORDINATES, MAX_UNPOOLING and ns-directml-dml_reverse_subsequences_desc.md. N below is
 * the common DimensionCount (the tables already make it equal where the pages say so).
 *
 *  - GATHER: Axis < N. IndexDimensions <= N: the page prints the range [0, N) but its own 1-D
 *    example uses IndexDimensions 1 with N = 1, so the closed range is accepted. The indices
 *    dims outside IndexDimensions are "irrelevant leading ones": they must be 1. Output sizes:
 *    {Input[0..Axis), Indices[N-ID..N), Input[Axis+1..N)} right-aligned; entries that overflow N
 *    are cropped and must be 1 (the page: original rank + IndexDimensions - 1 <= N).
 *  - GATHER_ELEMENTS / SCATTER_ELEMENTS: Axis < N; IndicesTensor has InputTensor's sizes except at
 *    Axis; OutputTensor (gather) / UpdatesTensor (scatter) has IndicesTensor's sizes; the scatter's
 *    OutputTensor has InputTensor's sizes.
 *  - GATHER_ND(1) / SCATTER_ND: InputDimensionCount r and IndicesDimensionCount q in [1, N] (the
 *    SCATTER_ND page prints [1, N) but GATHER_ND's closed range and the 1-D cases need N); dims
 *    outside them are leading ones (must be 1); BatchDimensionCount b < r and b < q (the tuple
 *    dimension is never a batch; the page's [0, N) for both tensors); batch sizes agree; the
 *    tuple size t = IndicesTensor.Sizes[N-1] <= r - b; output / updates sizes =
 *    {Indices[N-q .. N-1), Input[N-r+b+t .. N)} right-aligned with leading 1s. The pages print
 *    Input.Sizes[N - t ..] as the trailing part, but their own example ({3,4,5,6,7} by tuples of
 *    3 gives {.., 6, 7}, "ignoring the first 3 dimensions") takes the dims after the tuple's, as
 *    here. SCATTER_ND's OutputTensor has InputTensor's sizes.
 *  - ONE_HOT: Axis < N; IndicesTensor has OutputTensor's sizes except Sizes[Axis] == 1;
 *    ValuesTensor holds at least two elements (off, on).
 *  - REVERSE_SUBSEQUENCES: Axis < N; OutputTensor has InputTensor's sizes; SequenceLengthsTensor
 *    has InputTensor's sizes except Sizes[Axis] == 1.
 *  - NONZERO_COORDINATES: OutputCountTensor's sizes are all 1; OutputCoordinatesTensor is {1.., M,
 *    K} with M = InputTensor's element count and K in [effective rank, N] (effective rank: N
 *    without leading 1s).
 *  - MAX_UNPOOLING: IndicesTensor has InputTensor's sizes ("Both ... have the same tensor
 *    sizes").
 * Index data types per feature level are the tables' (signed indices from DML_FEATURE_LEVEL_3_0). */
#include <stdio.h>
#include <string.h>

#include "rules.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

#define T(name) pydml_tensor_field(op, desc, name)

static pydml_status axis_rule(pydml_check* c, uint32_t axis, uint32_t rank, const char* of) {
    if (axis >= rank) return pydml_fail(c, "Axis", "must be < %s.DimensionCount (%u), got %u", of, rank, axis);
    return PYDML_STATUS_SUCCESS;
}

/* every Sizes[d] of `t` equals `want[d]`; skip: a dim not compared (-1: none); one: that dim must be 1 */
static pydml_status sizes_rule(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* t, const char* wname,
                               const uint32_t* want, int skip, int one) {
    char field[80];
    for (uint32_t d = 0; d < t->DimensionCount; d++) {
        if ((int)d == one) {
            if (t->Sizes[d] != 1) {
                snprintf(field, sizeof field, "%s.Sizes[%u]", name, d);
                return pydml_fail(c, field, "must be 1 (the Axis dimension), got %u", t->Sizes[d]);
            }
            continue;
        }
        if ((int)d == skip || t->Sizes[d] == want[d]) continue;
        snprintf(field, sizeof field, "%s.Sizes[%u]", name, d);
        return pydml_fail(c, field, "must equal %s.Sizes[%u] (%u), got %u", wname, d, want[d], t->Sizes[d]);
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status want_rule(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* t, const uint32_t* want,
                              const char* how) {
    char field[80], buf[160];
    for (uint32_t d = 0; d < t->DimensionCount; d++) {
        if (t->Sizes[d] == want[d]) continue;
        snprintf(field, sizeof field, "%s.Sizes[%u]", name, d);
        return pydml_fail(c, field, "must be %s (%s), got %u", how, pydml_format_sizes(buf, sizeof buf, want, t->DimensionCount),
                          t->Sizes[d]);
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status leading_ones(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* t, uint32_t keep,
                                 const char* count_field) {
    char field[80];
    for (uint32_t d = 0; d + keep < t->DimensionCount; d++) {
        if (t->Sizes[d] != 1) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", name, d);
            return pydml_fail(c, field, "must be 1 (a leading dimension outside %s = %u), got %u", count_field, keep,
                              t->Sizes[d]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_gather_scatter_gather(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_GATHER_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC *x = T("InputTensor"), *ix = T("IndicesTensor"), *y = T("OutputTensor");
    const uint32_t N = x->DimensionCount, a = d->Axis, ID = d->IndexDimensions;
    pydml_status s;
    if ((s = axis_rule(c, a, N, "InputTensor"))) return s;
    if (ID > N)
        return pydml_fail(c, "IndexDimensions", "must be <= IndicesTensor.DimensionCount (%u), got %u", N, ID);
    if ((s = leading_ones(c, "IndicesTensor", ix, ID, "IndexDimensions"))) return s;
    uint32_t list[24], len = 0;
    for (uint32_t k = 0; k < a; k++) list[len++] = x->Sizes[k];
    for (uint32_t k = N - ID; k < N; k++) list[len++] = ix->Sizes[k];
    for (uint32_t k = a + 1; k < N; k++) list[len++] = x->Sizes[k];
    uint32_t want[8];
    if (len > N) {
        for (uint32_t k = 0; k < len - N; k++)
            if (list[k] != 1)
                return pydml_fail(c, "IndexDimensions",
                                  "must keep {InputTensor.Sizes[0..Axis), IndicesTensor.Sizes[N - IndexDimensions ..), "
                                  "InputTensor.Sizes[Axis + 1 ..)} within OutputTensor.DimensionCount (%u) with only "
                                  "leading 1s cropped (original rank + IndexDimensions - 1 <= %u), got %u",
                                  N, N, ID);
        memcpy(want, list + (len - N), N * sizeof *want);
    } else {
        for (uint32_t k = 0; k < N - len; k++) want[k] = 1;
        memcpy(want + (N - len), list, len * sizeof *want);
    }
    return want_rule(c, "OutputTensor", y, want,
                     "{InputTensor.Sizes[0..Axis), IndicesTensor.Sizes[N - IndexDimensions ..), InputTensor.Sizes[Axis + "
                     "1 ..)} right-aligned");
}

pydml_status pydml_rule_gather_scatter_elements(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const int scatter = op->type == DML_OPERATOR_SCATTER_ELEMENTS;
    const uint32_t a = scatter ? ((const DML_SCATTER_OPERATOR_DESC*)desc)->Axis
                               : ((const DML_GATHER_ELEMENTS_OPERATOR_DESC*)desc)->Axis;
    const DML_BUFFER_TENSOR_DESC *x = T("InputTensor"), *ix = T("IndicesTensor"), *y = T("OutputTensor");
    pydml_status s;
    if ((s = axis_rule(c, a, x->DimensionCount, "InputTensor"))) return s;
    if ((s = sizes_rule(c, "IndicesTensor", ix, "InputTensor", x->Sizes, (int)a, -1))) return s;
    if (!scatter) return sizes_rule(c, "OutputTensor", y, "IndicesTensor", ix->Sizes, -1, -1);
    if ((s = sizes_rule(c, "UpdatesTensor", T("UpdatesTensor"), "IndicesTensor", ix->Sizes, -1, -1))) return s;
    return sizes_rule(c, "OutputTensor", y, "InputTensor", x->Sizes, -1, -1);
}

pydml_status pydml_rule_gather_scatter_nd(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    uint32_t r, q, b = 0;
    const int scatter = op->type == DML_OPERATOR_SCATTER_ND;
    if (op->type == DML_OPERATOR_GATHER_ND) {
        const DML_GATHER_ND_OPERATOR_DESC* d = desc;
        r = d->InputDimensionCount; q = d->IndicesDimensionCount;
    } else if (op->type == DML_OPERATOR_GATHER_ND1) {
        const DML_GATHER_ND1_OPERATOR_DESC* d = desc;
        r = d->InputDimensionCount; q = d->IndicesDimensionCount; b = d->BatchDimensionCount;
    } else {
        const DML_SCATTER_ND_OPERATOR_DESC* d = desc;
        r = d->InputDimensionCount; q = d->IndicesDimensionCount;
    }
    const DML_BUFFER_TENSOR_DESC *x = T("InputTensor"), *ix = T("IndicesTensor"), *y = T("OutputTensor");
    const DML_BUFFER_TENSOR_DESC* dense = scatter ? T("UpdatesTensor") : y;
    const char* dense_name = scatter ? "UpdatesTensor" : "OutputTensor";
    const uint32_t N = x->DimensionCount;
    char field[80];
    pydml_status s;
    if (r < 1 || r > N)
        return pydml_fail(c, "InputDimensionCount", "must be in [1, InputTensor.DimensionCount (%u)], got %u", N, r);
    if (q < 1 || q > ix->DimensionCount)
        return pydml_fail(c, "IndicesDimensionCount", "must be in [1, IndicesTensor.DimensionCount (%u)], got %u",
                          ix->DimensionCount, q);
    if (b >= r)
        return pydml_fail(c, "BatchDimensionCount", "must be < InputDimensionCount (%u), got %u", r, b);
    if (b >= q)
        return pydml_fail(c, "BatchDimensionCount",
                          "must be < IndicesDimensionCount (%u) (the last index dimension is the tuple size), got %u", q, b);
    if ((s = leading_ones(c, "InputTensor", x, r, "InputDimensionCount"))) return s;
    if ((s = leading_ones(c, "IndicesTensor", ix, q, "IndicesDimensionCount"))) return s;
    for (uint32_t k = 0; k < b; k++) {
        if (ix->Sizes[N - q + k] != x->Sizes[N - r + k]) {
            snprintf(field, sizeof field, "IndicesTensor.Sizes[%u]", N - q + k);
            return pydml_fail(c, field, "must equal InputTensor.Sizes[%u] (%u) (batch dimension %u), got %u", N - r + k,
                              x->Sizes[N - r + k], k, ix->Sizes[N - q + k]);
        }
    }
    const uint32_t t = ix->Sizes[N - 1];
    if (t > r - b) {
        snprintf(field, sizeof field, "IndicesTensor.Sizes[%u]", N - 1);
        return pydml_fail(c, field,
                          "(the index tuple size) must be <= InputDimensionCount - BatchDimensionCount (%u), got %u",
                          r - b, t);
    }
    const uint32_t sl = r - b - t, meaningful = (q - 1) + sl;
    if (meaningful > N) {
        snprintf(field, sizeof field, "%s.DimensionCount", dense_name);
        return pydml_fail(c, field,
                          "must be >= (IndicesDimensionCount - 1) + (InputDimensionCount - BatchDimensionCount - "
                          "tuple size) (%u), got %u",
                          meaningful, N);
    }
    uint32_t want[8];
    uint32_t k = 0;
    for (; k < N - meaningful; k++) want[k] = 1;
    for (uint32_t i = N - q; i + 1 < N; i++) want[k++] = ix->Sizes[i];
    for (uint32_t i = N - sl; i < N; i++) want[k++] = x->Sizes[i];
    if ((s = want_rule(c, dense_name, dense, want,
                       "{IndicesTensor.Sizes[N - IndicesDimensionCount .. N - 1), InputTensor.Sizes[N - "
                       "InputDimensionCount + BatchDimensionCount + tuple size ..)} right-aligned")))
        return s;
    if (scatter) return sizes_rule(c, "OutputTensor", y, "InputTensor", x->Sizes, -1, -1);
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_gather_scatter_one_hot(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ONE_HOT_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC *ix = T("IndicesTensor"), *v = T("ValuesTensor"), *y = T("OutputTensor");
    pydml_status s;
    if ((s = axis_rule(c, d->Axis, ix->DimensionCount, "IndicesTensor"))) return s;
    if ((s = sizes_rule(c, "IndicesTensor", ix, "OutputTensor", y->Sizes, -1, (int)d->Axis))) return s;
    uint64_t n = 1;
    for (uint32_t i = 0; i < v->DimensionCount; i++) n *= v->Sizes[i];
    if (n < 2)
        return pydml_fail(c, "ValuesTensor", "must hold at least 2 elements (OffValue, OnValue), got %llu",
                          (unsigned long long)n);
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_gather_scatter_reverse(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC *x = T("InputTensor"), *l = T("SequenceLengthsTensor"), *y = T("OutputTensor");
    pydml_status s;
    if ((s = axis_rule(c, d->Axis, x->DimensionCount, "InputTensor"))) return s;
    if ((s = sizes_rule(c, "SequenceLengthsTensor", l, "InputTensor", x->Sizes, -1, (int)d->Axis))) return s;
    return sizes_rule(c, "OutputTensor", y, "InputTensor", x->Sizes, -1, -1);
}

pydml_status pydml_rule_gather_scatter_nonzero(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC *x = T("InputTensor"), *n = T("OutputCountTensor"), *o = T("OutputCoordinatesTensor");
    char field[80];
    for (uint32_t d = 0; d < n->DimensionCount; d++) {
        if (n->Sizes[d] != 1) {
            snprintf(field, sizeof field, "OutputCountTensor.Sizes[%u]", d);
            return pydml_fail(c, field, "must be 1 (a scalar count), got %u", n->Sizes[d]);
        }
    }
    const uint32_t R = o->DimensionCount;
    if (R < 2) return pydml_fail(c, "OutputCoordinatesTensor.DimensionCount", "must be >= 2, got %u", R);
    pydml_status s;
    if ((s = leading_ones(c, "OutputCoordinatesTensor", o, 2, "the {M, N} dimensions"))) return s;
    uint64_t m = 1;
    uint32_t eff = 0;
    for (uint32_t d = 0; d < x->DimensionCount; d++) {
        m *= x->Sizes[d];
        if (eff == 0 && x->Sizes[d] != 1) eff = x->DimensionCount - d;
    }
    if (o->Sizes[R - 2] != m) {
        snprintf(field, sizeof field, "OutputCoordinatesTensor.Sizes[%u]", R - 2);
        return pydml_fail(c, field, "must equal InputTensor's element count (%llu), got %u", (unsigned long long)m,
                          o->Sizes[R - 2]);
    }
    if (o->Sizes[R - 1] < eff || o->Sizes[R - 1] > x->DimensionCount) {
        snprintf(field, sizeof field, "OutputCoordinatesTensor.Sizes[%u]", R - 1);
        return pydml_fail(c, field,
                          "must be in [the effective rank of InputTensor (%u), InputTensor.DimensionCount (%u)], got %u",
                          eff, x->DimensionCount, o->Sizes[R - 1]);
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_gather_scatter_unpool(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC *x = T("InputTensor"), *ix = T("IndicesTensor");
    if (ix->DimensionCount != x->DimensionCount)
        return pydml_fail(c, "IndicesTensor.DimensionCount", "must equal InputTensor.DimensionCount (%u), got %u",
                          x->DimensionCount, ix->DimensionCount);
    return sizes_rule(c, "IndicesTensor", ix, "InputTensor", x->Sizes, -1, -1);
}

