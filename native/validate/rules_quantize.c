/* The quantize operators' own rules (QUANTIZE, DEQUANTIZE, DYNAMIC_QUANTIZE_LINEAR,
 * QUANTIZED_LINEAR_AVERAGE_POOLING): each page's "must" the tables cannot say.
 *
 * Pages: sdk-api ns-directml-dml_dynamic_quantize_linear_operator_desc.md; windows-ai-docs
 * docs/directml/api/ns-directml-dml_{quantize,dequantize,quantized_linear_average_pooling}_operator_desc.md.
 * QUANTIZE/DEQUANTIZE's field descriptions are "TBD" on their pages; the rules below are the ones
 * pydml/ops/quantize.py transcribes from Microsoft's callers (onnxruntime's DML MatMulNBits,
 * Chromium WebNN): QuantizationType SCALE takes [Scale], SCALE_ZERO_POINT [Scale, ZeroPoint] (NONE
 * is no choice); Scale has the float type of the operator (QUANTIZE's input, DEQUANTIZE's output),
 * ZeroPoint the integer type (QUANTIZE's output, DEQUANTIZE's input); each quantization tensor's
 * size divides the input's on every axis (1: broadcast, equal: per element, else blocks of
 * Input.Sizes[d] / Q.Sizes[d]); the output has the input's sizes. QUANTIZED_LINEAR_AVERAGE_POOLING
 * has AVERAGE_POOLING1's geometry (rules_pooling.c's messages) and per-tensor or per-channel
 * scales and zero points {1, C, 1, 1}. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

static pydml_status same_sizes(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* t,
                               const DML_BUFFER_TENSOR_DESC* x) {
    char f[96];
    for (uint32_t d = 0; d < t->DimensionCount && d < x->DimensionCount; d++) {
        if (t->Sizes[d] != x->Sizes[d]) {
            snprintf(f, sizeof f, "%s.Sizes[%u]", name, d);
            return pydml_fail(c, f, "must be %u (InputTensor.Sizes[%u]), got %u", x->Sizes[d], d, t->Sizes[d]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status one_element(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* t) {
    char f[96];
    for (uint32_t d = 0; t != NULL && d < t->DimensionCount; d++) {
        if (t->Sizes[d] != 1) {
            snprintf(f, sizeof f, "%s.Sizes[%u]", name, d);
            return pydml_fail(c, f, "must be 1 (a single value), got %u", t->Sizes[d]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* DYNAMIC_QUANTIZE_LINEAR: OutputScale and OutputZeroPoint are one value each; the output is the
 * input quantized element by element (its sizes). */
pydml_status pydml_rule_quantize_dynamic(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    pydml_status s;
    if ((s = same_sizes(c, "OutputTensor", y, x))) return s;
    if ((s = one_element(c, "OutputScaleTensor", pydml_tensor_field(op, desc, "OutputScaleTensor")))) return s;
    return one_element(c, "OutputZeroPointTensor", pydml_tensor_field(op, desc, "OutputZeroPointTensor"));
}

static const char* type_name(uint32_t t) { return pydml_data_type_name(t); }

pydml_status pydml_rule_quantize(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const int quantize = op->type == DML_OPERATOR_QUANTIZE;
    const DML_QUANTIZE_OPERATOR_DESC* d = desc; /* DEQUANTIZE's struct has the same layout */
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    char f[96];
    if (d->QuantizationType == DML_QUANTIZATION_TYPE_NONE)
        return pydml_fail(c, "QuantizationType",
                          "must be DML_QUANTIZATION_TYPE_SCALE or DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT, got "
                          "DML_QUANTIZATION_TYPE_NONE");
    const uint32_t want = d->QuantizationType == DML_QUANTIZATION_TYPE_SCALE ? 1u : 2u;
    if (d->QuantizationTensorCount != want)
        return pydml_fail(c, "QuantizationTensorCount", "must be %u for %s, got %u", want,
                          want == 1 ? "DML_QUANTIZATION_TYPE_SCALE" : "DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT",
                          d->QuantizationTensorCount);
    pydml_status s;
    if ((s = same_sizes(c, "OutputTensor", y, x))) return s;
    const DML_BUFFER_TENSOR_DESC* fl = quantize ? x : y;  /* the float side */
    const DML_BUFFER_TENSOR_DESC* in = quantize ? y : x;  /* the integer side */
    const char* fl_name = quantize ? "InputTensor" : "OutputTensor";
    const char* in_name = quantize ? "OutputTensor" : "InputTensor";
    for (uint32_t i = 0; i < want; i++) {
        const DML_BUFFER_TENSOR_DESC* q = pydml_tensor_array_element(op, desc, "QuantizationTensors", i);
        if (q == NULL) continue;
        const DML_BUFFER_TENSOR_DESC* ref = i == 0 ? fl : in;
        if (q->DataType != ref->DataType) {
            snprintf(f, sizeof f, "QuantizationTensors[%u].DataType", i);
            return pydml_fail(c, f, "must be %s (the %s's, %s.DataType), got %s", type_name(ref->DataType),
                              i == 0 ? "scale" : "zero point", i == 0 ? fl_name : in_name, type_name(q->DataType));
        }
        for (uint32_t k = 0; k < q->DimensionCount && k < x->DimensionCount; k++) {
            if (x->Sizes[k] % q->Sizes[k] != 0) {
                snprintf(f, sizeof f, "QuantizationTensors[%u].Sizes[%u]", i, k);
                return pydml_fail(c, f, "must divide InputTensor.Sizes[%u] (%u), got %u", k, x->Sizes[k], q->Sizes[k]);
            }
        }
    }
    return PYDML_STATUS_SUCCESS;
}

static pydml_status at_least_one(pydml_check* c, const char* name, const uint32_t* values, uint32_t count) {
    char f[64];
    for (uint32_t i = 0; i < count; i++) {
        if (values[i] < 1) {
            snprintf(f, sizeof f, "%s[%u]", name, i);
            return pydml_fail(c, f, "must be >= 1, got 0");
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* a per-tensor or per-channel tensor: {1, C, 1, 1} (leading/trailing 1s optional), C = 1 or the
 * input's channel count */
static pydml_status per_channel(pydml_check* c, const pydml_operator_info* op, const void* desc, const char* name,
                                uint32_t channels) {
    const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(op, desc, name);
    char f[96];
    if (t == NULL) return PYDML_STATUS_SUCCESS;
    const uint32_t cd = t->DimensionCount >= 2 ? 1 : 0;
    for (uint32_t i = 0; i < t->DimensionCount; i++) {
        if (i == cd || t->Sizes[i] == 1) continue;
        snprintf(f, sizeof f, "%s.Sizes[%u]", name, i);
        return pydml_fail(c, f, "must be 1, got %u", t->Sizes[i]);
    }
    if (t->Sizes[cd] != 1 && t->Sizes[cd] != channels) {
        snprintf(f, sizeof f, "%s.Sizes[%u]", name, cd);
        return pydml_fail(c, f, "must be 1 or %u (InputTensor.Sizes[1]), got %u", channels, t->Sizes[cd]);
    }
    return PYDML_STATUS_SUCCESS;
}

/* QUANTIZED_LINEAR_AVERAGE_POOLING: AVERAGE_POOLING1's window geometry (dilated extents, as
 * rules_pooling.c decides for the dilated pages), then the quantization tensors. */
pydml_status pydml_rule_quantize_qlap(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    const uint32_t rank = x->DimensionCount, n = d->DimensionCount;
    char f[64];
    if (n != rank - 2)
        return pydml_fail(c, "DimensionCount", "must equal InputTensor.DimensionCount - 2 (%u), got %u", rank - 2, n);
    pydml_status s;
    if ((s = at_least_one(c, "Strides", d->Strides, n))) return s;
    if ((s = at_least_one(c, "WindowSize", d->WindowSize, n))) return s;
    if ((s = at_least_one(c, "Dilations", d->Dilations, n))) return s;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t padded = (uint64_t)x->Sizes[i + 2] + d->StartPadding[i] + d->EndPadding[i];
        uint64_t extent = (uint64_t)(d->WindowSize[i] - 1u) * d->Dilations[i] + 1u;
        if (extent > padded) {
            snprintf(f, sizeof f, "WindowSize[%u]", i);
            return pydml_fail(c, f,
                              "dilated ((WindowSize[%u] - 1) * Dilations[%u] + 1 = %llu) must fit the padded input "
                              "(InputTensor.Sizes[%u] + StartPadding[%u] + EndPadding[%u] = %llu), got %u",
                              i, i, (unsigned long long)extent, i + 2, i, i, (unsigned long long)padded, d->WindowSize[i]);
        }
    }
    for (uint32_t k = 0; k < 2; k++) {
        if (y->Sizes[k] != x->Sizes[k]) {
            snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", k);
            return pydml_fail(c, f, "must equal InputTensor.Sizes[%u] (%u), got %u", k, x->Sizes[k], y->Sizes[k]);
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        uint64_t padded = (uint64_t)x->Sizes[i + 2] + d->StartPadding[i] + d->EndPadding[i];
        uint64_t extent = (uint64_t)(d->WindowSize[i] - 1u) * d->Dilations[i] + 1u;
        uint64_t want = (padded - extent) / d->Strides[i] + 1u;
        if (y->Sizes[i + 2] != want) {
            snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", i + 2);
            return pydml_fail(c, f,
                              "must be %llu ((InputTensor.Sizes[%u] + StartPadding[%u] + EndPadding[%u] - "
                              "((WindowSize[%u] - 1) * Dilations[%u] + 1)) / Strides[%u] + 1), got %u",
                              (unsigned long long)want, i + 2, i, i, i, i, i, y->Sizes[i + 2]);
        }
    }
    static const char* const names[] = {"InputScaleTensor", "InputZeroPointTensor", "OutputScaleTensor",
                                        "OutputZeroPointTensor"};
    for (int i = 0; i < 4; i++)
        if ((s = per_channel(c, op, desc, names[i], x->Sizes[1]))) return s;
    return PYDML_STATUS_SUCCESS;
}

