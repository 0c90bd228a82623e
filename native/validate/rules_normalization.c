/* The normalization operators' own rules (BATCH_NORMALIZATION, MEAN_VARIANCE_NORMALIZATION(1, 2),
 * LOCAL_RESPONSE_NORMALIZATION, LP_NORMALIZATION; normalization.c runs them): each "must" of the
 * pages (pydml/ops/normalization.py transcribes them) that the generated tables cannot say. The
 * training forms' rules are in rules_normalization_training.c and share the broadcast rule below.
 * Epsilon: no page says "must" about it (only that it avoids division by zero), so any value is
 * accepted. */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* rules.h says what it checks. */
pydml_status pydml_normalization_broadcast_rule(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                                const char* name, uint32_t exact_dims, uint32_t exact_level,
                                                const char* why) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, name);
    if (t == NULL) return PYDML_STATUS_SUCCESS;
    char field[64];
    if (t->DimensionCount != in->DimensionCount) {
        snprintf(field, sizeof field, "%s.DimensionCount", name);
        return pydml_fail(c, field, "must equal InputTensor.DimensionCount (%u), got %u", in->DimensionCount,
                          t->DimensionCount);
    }
    for (uint32_t d = 0; d < t->DimensionCount; d++) {
        snprintf(field, sizeof field, "%s.Sizes[%u]", name, d);
        if ((exact_dims >> d & 1u) && c->level < exact_level && t->Sizes[d] != in->Sizes[d])
            return pydml_fail_level(c, exact_level, field, "must equal InputTensor.Sizes[%u] (%u) %s, got %u", d,
                                    in->Sizes[d], why, t->Sizes[d]);
        if (t->Sizes[d] != 1 && t->Sizes[d] != in->Sizes[d])
            return pydml_fail(c, field, "must be 1 (broadcast) or InputTensor.Sizes[%u] (%u), got %u", d, in->Sizes[d],
                              t->Sizes[d]);
    }
    return PYDML_STATUS_SUCCESS;
}

/* OutputTensor has InputTensor's sizes (MVN1/MVN2 field text; the constraint list omits it). */
static pydml_status same_sizes_rule(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(op, desc, "OutputTensor");
    if (o->DimensionCount != in->DimensionCount)
        return pydml_fail(c, "OutputTensor.DimensionCount", "must equal InputTensor.DimensionCount (%u), got %u",
                          in->DimensionCount, o->DimensionCount);
    char field[48];
    for (uint32_t d = 0; d < in->DimensionCount; d++) {
        if (o->Sizes[d] != in->Sizes[d]) {
            snprintf(field, sizeof field, "OutputTensor.Sizes[%u]", d);
            return pydml_fail(c, field, "must equal InputTensor.Sizes[%u] (%u), got %u", d, in->Sizes[d], o->Sizes[d]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* Axes name dimensions of InputTensor, each at most once (a group is the set of elements that
 * differ only on the Axes: a repeated axis has no meaning), and at least one (the pages define
 * no empty reduction). */
static pydml_status axes_rule(pydml_check* c, uint32_t n, uint32_t count, const UINT* axes) {
    if (count == 0 || count > n)
        return pydml_fail(c, "AxisCount", "must be in 1 .. InputTensor.DimensionCount (%u), got %u", n, count);
    char field[32];
    uint32_t seen = 0;
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t a = axes[i];
        snprintf(field, sizeof field, "Axes[%u]", i);
        if (a >= n)
            return pydml_fail(c, field, "must be in [0, InputTensor.DimensionCount - 1] = [0, %u], got %u", n - 1, a);
        if (seen >> a & 1u) {
            uint32_t j = 0;
            while (axes[j] != a) j++;
            return pydml_fail(c, field, "must differ from the other Axes (Axes[%u] is also %u), got %u", j, a, a);
        }
        seen |= 1u << a;
    }
    return PYDML_STATUS_SUCCESS;
}

/* MVN, MVN1 pages: "below FL5_2, ScaleTensor and BiasTensor must be both present or both null". */
static pydml_status pair_rule(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const int s = pydml_tensor_field(op, desc, "ScaleTensor") != NULL;
    const int b = pydml_tensor_field(op, desc, "BiasTensor") != NULL;
    if (s != b && c->level < DML_FEATURE_LEVEL_5_2)
        return pydml_fail_level(c, DML_FEATURE_LEVEL_5_2, s ? "BiasTensor" : "ScaleTensor",
                                "must be present when %s is (both or neither below DML_FEATURE_LEVEL_5_2), got null",
                                s ? "ScaleTensor" : "BiasTensor");
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_normalization_batch_norm(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BATCH_NORMALIZATION_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    /* Spatial FALSE (below FL4_0, where the page says it still has an effect): "the Width and
     * Height dimensions of MeanTensor and VarianceTensor" (the last two) must not be broadcast. */
    uint32_t hw = 0;
    if (!d->Spatial && in->DimensionCount >= 2) hw = 3u << (in->DimensionCount - 2);
    static const char* const names[4] = {"MeanTensor", "VarianceTensor", "ScaleTensor", "BiasTensor"};
    for (int k = 0; k < 4; k++) {
        pydml_status s = pydml_normalization_broadcast_rule(c, op, desc, names[k], k < 2 ? hw : 0, DML_FEATURE_LEVEL_4_0,
                                        "with Spatial FALSE below DML_FEATURE_LEVEL_4_0");
        if (s) return s;
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_normalization_mvn(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    pydml_status s;
    if ((s = pydml_normalization_broadcast_rule(c, op, desc, "ScaleTensor", 0, 0, ""))) return s;
    if ((s = pydml_normalization_broadcast_rule(c, op, desc, "BiasTensor", 0, 0, ""))) return s;
    return pair_rule(c, op, desc);
}

pydml_status pydml_rule_normalization_mvn1(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    pydml_status s;
    if ((s = axes_rule(c, in->DimensionCount, d->AxisCount, d->Axes))) return s;
    if ((s = same_sizes_rule(c, op, desc))) return s;
    /* below FL4_0 the channel dimension (1) of Scale/Bias must equal InputTensor's */
    const uint32_t ch = in->DimensionCount >= 2 ? 2u : 0u;
    if ((s = pydml_normalization_broadcast_rule(c, op, desc, "ScaleTensor", ch, DML_FEATURE_LEVEL_4_0, "below DML_FEATURE_LEVEL_4_0")))
        return s;
    if ((s = pydml_normalization_broadcast_rule(c, op, desc, "BiasTensor", ch, DML_FEATURE_LEVEL_4_0, "below DML_FEATURE_LEVEL_4_0")))
        return s;
    return pair_rule(c, op, desc);
}

pydml_status pydml_rule_normalization_mvn2(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    pydml_status s;
    if ((s = axes_rule(c, in->DimensionCount, d->AxisCount, d->Axes))) return s;
    if ((s = same_sizes_rule(c, op, desc))) return s;
    if ((s = pydml_normalization_broadcast_rule(c, op, desc, "ScaleTensor", 0, 0, ""))) return s;
    return pydml_normalization_broadcast_rule(c, op, desc, "BiasTensor", 0, 0, "");
}

/* LOCAL_RESPONSE_NORMALIZATION page, LocalSize: "This value must be at least 1." */
pydml_status pydml_rule_normalization_lrn(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    (void)op;
    const DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC* d = desc;
    if (d->LocalSize < 1) return pydml_fail(c, "LocalSize", "must be at least 1, got %u", d->LocalSize);
    return PYDML_STATUS_SUCCESS;
}

/* LP_NORMALIZATION page: Axis names a dimension of InputTensor; "P ... must be either 1 or 2". */
pydml_status pydml_rule_normalization_lp(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_LP_NORMALIZATION_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    if (d->Axis >= in->DimensionCount)
        return pydml_fail(c, "Axis", "must be less than InputTensor.DimensionCount (%u), got %u", in->DimensionCount,
                          d->Axis);
    if (d->P != 1 && d->P != 2) return pydml_fail(c, "P", "must be 1 or 2, got %u", d->P);
    return PYDML_STATUS_SUCCESS;
}

