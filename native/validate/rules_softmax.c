/* The pages' own rules for SOFTMAX, SOFTMAX1, LOG_SOFTMAX, LOG_SOFTMAX1, HARDMAX, HARDMAX1
 * (softmax.c): each "must" of a page that the tables cannot say. */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* SOFTMAX, LOG_SOFTMAX, HARDMAX (sdk-api pages, InputTensor): "This tensor must have an effective
 * rank no greater than 2. The effective rank of a tensor is the DimensionCount of the tensor,
 * excluding leftmost dimensions of size 1." DirectML enforces it (onnxruntime#16011: "DML's
 * validation of SOFTMAX says that only 2D is supported"). */
pydml_status pydml_rule_softmax_effective_rank(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    /* Fused into GEMM (6_1) it has no tensors: it normalizes each row (the last axis) of GEMM's
     * output, so the rank rule, a rule about InputTensor, has nothing to apply to. */
    if (in == NULL) return PYDML_STATUS_SUCCESS;
    uint32_t first = 0;
    while (first + 1 < in->DimensionCount && in->Sizes[first] == 1) first++;
    const uint32_t rank = in->DimensionCount - first;
    if (rank > 2) {
        char got[128];
        return pydml_fail(c, "InputTensor.Sizes",
                          "must have an effective rank (DimensionCount without the leading sizes of 1) of at most "
                          "2, not %u, got %s",
                          rank, pydml_format_sizes(got, sizeof got, in->Sizes, in->DimensionCount));
    }
    return PYDML_STATUS_SUCCESS;
}

/* SOFTMAX1, LOG_SOFTMAX1, HARDMAX1 (windows-ai-docs pages): Axes "Values must be in the range
 * [0, InputTensor.DimensionCount - 1]". Each axis at most once: the group of an element is the
 * set of elements that differ from it only on the Axes, so a repeated axis has no meaning.
 * AxisCount >= 1: the pages define no empty Axes (per-element groups would make every output 1,
 * ONNX's reductions read an empty axes list as "all axes"), so an empty list is refused rather
 * than given either meaning. */
pydml_status pydml_rule_softmax_axes(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    /* Fused into GEMM (6_1) its InputTensor is NULL: the Axes index GEMM's OutputTensor, the
     * tensor the fused softmax reads and writes. */
    const char* bound = in != NULL ? "InputTensor.DimensionCount" : "the fused-into OutputTensor.DimensionCount";
    if (in == NULL) in = c->host_output;
    if (in == NULL) return PYDML_STATUS_SUCCESS;
    /* the three descs share this layout (DirectML.h) */
    const DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC* d = desc;
    const uint32_t n = in->DimensionCount;
    if (d->AxisCount == 0 || d->AxisCount > n)
        return pydml_fail(c, "AxisCount", "must be in 1 .. %s (%u), got %u", bound, n, d->AxisCount);
    char field[32];
    uint32_t seen = 0;
    for (uint32_t i = 0; i < d->AxisCount; i++) {
        const uint32_t a = d->Axes[i];
        snprintf(field, sizeof field, "Axes[%u]", i);
        if (a >= n)
            return pydml_fail(c, field, "must be in [0, %s - 1] = [0, %u], got %u", bound, n - 1, a);
        if (seen >> a & 1u) {
            uint32_t j = 0;
            while (d->Axes[j] != a) j++;
            return pydml_fail(c, field, "must differ from the other Axes (Axes[%u] is also %u), got %u", j, a, a);
        }
        seen |= 1u << a;
    }
    return PYDML_STATUS_SUCCESS;
}

