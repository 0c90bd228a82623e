/* The data_movement operators' own rules (data_movement.c runs them): each page "must" the
 * generated tables cannot say (pages: sdk-api ns-directml-dml_<name>_operator_desc.md; PADDING1,
 * DIAGONAL_MATRIX1 in windows-ai-docs; notes in pydml/ops/data_movement.py).
 *
 *  - SLICE: DimensionCount = the tensors' DimensionCount; Sizes[i] = OutputTensor.Sizes[i];
 *    Strides[i] >= 1; every element read lies inside InputTensor: Offsets[i] + Strides[i] *
 *    (Sizes[i] - 1) < InputTensor.Sizes[i] ("out-of-bounds reads are not permitted").
 *  - SLICE1: DimensionCount as SLICE; InputWindowSizes[i] >= 1; InputWindowOffsets[i] +
 *    InputWindowSizes[i] <= InputTensor.Sizes[i]; InputWindowStrides[i] != 0;
 *    OutputTensor.Sizes[i] <= 1 + (InputWindowSizes[i] - 1) / |InputWindowStrides[i]|.
 *  - SLICE_GRAD: SLICE1's rules with OutputGradientTensor as the windowed tensor and
 *    InputGradientTensor as the window's elements (its page: "negative strides flip the input
 *    window direction", and unlike SLICE1 it "requires non-zero strides").
 *  - JOIN / SPLIT: Axis < DimensionCount; each array element has the whole tensor's Sizes except
 *    along Axis; the elements' Sizes[Axis] sum to the whole tensor's.
 *  - PADDING(1): DimensionCount = the tensors'; OutputTensor.Sizes[i] = InputTensor.Sizes[i] +
 *    StartPadding[i] + EndPadding[i]; SYMMETRIC needs DML_FEATURE_LEVEL_3_0 (page) and WRAP
 *    DML_FEATURE_LEVEL_6_4 (DirectML 1.15 release notes); PADDING1: PaddingValueDataType =
 *    OutputTensor.DataType. REFLECTION/SYMMETRIC padding larger than the input is valid (page).
 *  - TILE: RepeatsCount = InputTensor.DimensionCount, Repeats[i] >= 1, OutputTensor has the
 *    input's DimensionCount and Sizes[i] = InputTensor.Sizes[i] * Repeats[i].
 *  - DEPTH_TO_SPACE(1): BlockSize >= 1, InputChannelCount divisible by BlockSize^2, output
 *    {N, C / B^2, H * B, W * B}. SPACE_TO_DEPTH(1): BlockSize >= 1, input H and W divisible by
 *    BlockSize, output {N, C * B^2, H / B, W / B} (the pages' examples; their OutputTensor text
 *    repeats DEPTH_TO_SPACE's formula, see pydml/ops/data_movement.py).
 *  - VALUE_SCALE_2D: ChannelCount is 1 or 3 and equals InputTensor.Sizes[1].
 *  - FILL_VALUE_CONSTANT / FILL_VALUE_SEQUENCE / DIAGONAL_MATRIX1: ValueDataType =
 *    OutputTensor.DataType. DIAGONAL_MATRIX1: InputTensor, when given, has OutputTensor's Sizes
 *    (each output element reads "InputTensor[coordinate]").
 *  - FOLD / UNFOLD (windows-ai-docs dml_fold/unfold_operator_desc.md): DimensionCount in [1, 6]
 *    (UNFOLD: "must be in the range [1, 6]"; FOLD: "must be <= 6", and its OutputTensor has
 *    DimensionCount + 2 >= 3 dimensions); WindowSizes, Strides, Dilations >= 1 (a window of 0
 *    has no element, the block formula divides by Strides); per spatial axis the dilated window
 *    Dilations * (WindowSizes - 1) + 1 fits SpatialSize + StartPadding + EndPadding (the
 *    BlocksPerDimension numerator is >= 0). UNFOLD: InputTensor is {N, C, SpatialSize...}
 *    (DimensionCount + 2 dimensions), OutputTensor {N, C * prod(WindowSizes), BlockCount}.
 *    FOLD: OutputTensor is {N, C, SpatialSize...} (DimensionCount + 2 dimensions: the page's
 *    undefined SpatialSize is the output's, as its examples fit), InputTensor {N, C *
 *    prod(WindowSizes), BlockCount}. BlocksPerDimension = (SpatialSize + StartPadding +
 *    EndPadding - Dilations * (WindowSizes - 1) - 1) / Strides + 1 (integer division). The pages'
 *    "same DimensionCount" constraint is not applied: their own examples ({1,1,5,5} -> {1,9,9},
 *    {1,9,4} -> {1,1,4,4}) and shape text contradict it, and onnxruntime's DML Col2Im passes a
 *    3-D input with a (2 + spatial)-D output (DmlOperatorCol2Im.cpp). */
#include <stdio.h>
#include <string.h>

#include "rules.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

static pydml_status dims_equal(pydml_check* c, const char* field, uint32_t count, const DML_BUFFER_TENSOR_DESC* x) {
    if (count != x->DimensionCount)
        return pydml_fail(c, field, "must equal InputTensor.DimensionCount (%u), got %u", x->DimensionCount, count);
    return PYDML_STATUS_SUCCESS;
}

static pydml_status output_sizes(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* y, const uint64_t* want,
                                 uint32_t rank, const char* how) {
    char field[64], buf[160];
    if (y->DimensionCount != rank)
        return pydml_fail(c, "OutputTensor.DimensionCount", "must equal InputTensor.DimensionCount (%u), got %u", rank,
                          y->DimensionCount);
    for (uint32_t i = 0; i < rank; i++) {
        if ((uint64_t)y->Sizes[i] != want[i]) {
            uint32_t w32[8];
            int fits = 1;
            for (uint32_t k = 0; k < rank; k++) {
                fits = fits && want[k] <= 0xffffffffu;
                w32[k] = (uint32_t)want[k];
            }
            snprintf(field, sizeof field, "%s.Sizes[%u]", name, i);
            if (!fits) return pydml_fail(c, field, "must be %s (%llu), got %u", how, (unsigned long long)want[i], y->Sizes[i]);
            return pydml_fail(c, field, "must be %s (%s), got %u", how, pydml_format_sizes(buf, sizeof buf, w32, rank),
                              y->Sizes[i]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* SLICE1's window (and SLICE_GRAD's, sides swapped): x is the tensor the window lies in, y the
 * window's elements. */
static pydml_status slice_window_rule(pydml_check* c, uint32_t count, const uint32_t* offsets, const uint32_t* sizes,
                                      const int32_t* strides, const DML_BUFFER_TENSOR_DESC* x, const char* xname,
                                      const DML_BUFFER_TENSOR_DESC* y, const char* yname) {
    char field[64];
    if (count != x->DimensionCount)
        return pydml_fail(c, "DimensionCount", "must equal %s.DimensionCount (%u), got %u", xname, x->DimensionCount,
                          count);
    for (uint32_t i = 0; i < count; i++) {
        if (sizes[i] == 0) {
            snprintf(field, sizeof field, "InputWindowSizes[%u]", i);
            return pydml_fail(c, field, "must be >= 1, got 0");
        }
        uint64_t end = (uint64_t)offsets[i] + sizes[i];
        if (end > x->Sizes[i]) {
            snprintf(field, sizeof field, "InputWindowOffsets[%u]", i);
            return pydml_fail(c, field,
                              "must keep the window inside %s: InputWindowOffsets + InputWindowSizes must be "
                              "<= %s.Sizes[%u] (%u), got %llu",
                              xname, xname, i, x->Sizes[i], (unsigned long long)end);
        }
        int64_t st = strides[i];
        if (st == 0) {
            snprintf(field, sizeof field, "InputWindowStrides[%u]", i);
            return pydml_fail(c, field, "must not be 0");
        }
        uint64_t mag = st < 0 ? (uint64_t)(-st) : (uint64_t)st;
        uint64_t most = 1u + (sizes[i] - 1u) / mag;
        if (y->Sizes[i] > most) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", yname, i);
            return pydml_fail(c, field,
                              "must be <= 1 + (InputWindowSizes[%u] - 1) / |InputWindowStrides[%u]| (%llu), got %u", i, i,
                              (unsigned long long)most, y->Sizes[i]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_data_movement_slice(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    char field[64];
    pydml_status s;
    if (op->type == DML_OPERATOR_SLICE) {
        const DML_SLICE_OPERATOR_DESC* d = desc;
        if ((s = dims_equal(c, "DimensionCount", d->DimensionCount, x))) return s;
        for (uint32_t i = 0; i < d->DimensionCount; i++) {
            if (d->Sizes[i] != y->Sizes[i]) {
                snprintf(field, sizeof field, "Sizes[%u]", i);
                return pydml_fail(c, field, "must equal OutputTensor.Sizes[%u] (%u), got %u", i, y->Sizes[i], d->Sizes[i]);
            }
            if (d->Strides[i] == 0) {
                snprintf(field, sizeof field, "Strides[%u]", i);
                return pydml_fail(c, field, "must be >= 1, got 0");
            }
            uint64_t last = (uint64_t)d->Offsets[i] + (uint64_t)d->Strides[i] * (uint64_t)(d->Sizes[i] - 1u);
            if (last >= x->Sizes[i]) {
                snprintf(field, sizeof field, "Offsets[%u]", i);
                return pydml_fail(c, field,
                                  "must keep the slice inside InputTensor: Offsets + Strides * (Sizes - 1) must be < "
                                  "InputTensor.Sizes[%u] (%u), got %llu",
                                  i, x->Sizes[i], (unsigned long long)last);
            }
        }
        return PYDML_STATUS_SUCCESS;
    }
    const DML_SLICE1_OPERATOR_DESC* d = desc;
    return slice_window_rule(c, d->DimensionCount, d->InputWindowOffsets, d->InputWindowSizes, d->InputWindowStrides,
                             x, "InputTensor", y, "OutputTensor");
}

/* SLICE_GRAD: SLICE1's window rules with the sides swapped: the window lies in OutputGradientTensor
 * (the forward input) and InputGradientTensor has the forward output's sizes; DimensionCount must
 * equal both tensors' (the page; the tables make the two equal). */
pydml_status pydml_rule_data_movement_slice_grad(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_SLICE_GRAD_OPERATOR_DESC* d = desc;
    return slice_window_rule(c, d->DimensionCount, d->InputWindowOffsets, d->InputWindowSizes, d->InputWindowStrides,
                             pydml_tensor_field(op, desc, "OutputGradientTensor"), "OutputGradientTensor",
                             pydml_tensor_field(op, desc, "InputGradientTensor"), "InputGradientTensor");
}

/* JOIN / SPLIT: the array's elements against the whole tensor along Axis. */
pydml_status pydml_rule_data_movement_join_split(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const int join = op->type == DML_OPERATOR_JOIN;
    const char* array = join ? "InputTensors" : "OutputTensors";
    const char* whole_name = join ? "OutputTensor" : "InputTensor";
    const DML_BUFFER_TENSOR_DESC* whole = pydml_tensor_field(op, desc, whole_name);
    const uint32_t axis = join ? ((const DML_JOIN_OPERATOR_DESC*)desc)->Axis : ((const DML_SPLIT_OPERATOR_DESC*)desc)->Axis;
    const uint32_t n = pydml_tensor_array_count(op, desc, array);
    char field[80];
    if (axis >= whole->DimensionCount)
        return pydml_fail(c, "Axis", "must be < %s.DimensionCount (%u), got %u", whole_name, whole->DimensionCount, axis);
    uint64_t sum = 0;
    for (uint32_t k = 0; k < n; k++) {
        const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_array_element(op, desc, array, k);
        if (t->DimensionCount != whole->DimensionCount) {
            snprintf(field, sizeof field, "%s[%u].DimensionCount", array, k);
            return pydml_fail(c, field, "must equal %s.DimensionCount (%u), got %u", whole_name, whole->DimensionCount,
                              t->DimensionCount);
        }
        for (uint32_t i = 0; i < t->DimensionCount; i++) {
            if (i != axis && t->Sizes[i] != whole->Sizes[i]) {
                snprintf(field, sizeof field, "%s[%u].Sizes[%u]", array, k, i);
                return pydml_fail(c, field, "must equal %s.Sizes[%u] (%u) off Axis (%u), got %u", whole_name, i,
                                  whole->Sizes[i], axis, t->Sizes[i]);
            }
        }
        sum += t->Sizes[axis];
        if (sum > whole->Sizes[axis] || (k + 1 == n && sum != whole->Sizes[axis])) {
            snprintf(field, sizeof field, "%s[%u].Sizes[%u]", array, k, axis);
            return pydml_fail(c, field,
                              "must make the %s' Sizes[Axis] sum to %s.Sizes[%u] (%u), got a sum of %llu", array,
                              whole_name, axis, whole->Sizes[axis], (unsigned long long)sum);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_data_movement_padding(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    uint32_t mode, count;
    const uint32_t *start, *end;
    if (op->type == DML_OPERATOR_PADDING) {
        const DML_PADDING_OPERATOR_DESC* d = desc;
        mode = d->PaddingMode; count = d->DimensionCount; start = d->StartPadding; end = d->EndPadding;
    } else {
        const DML_PADDING1_OPERATOR_DESC* d = desc;
        mode = d->PaddingMode; count = d->DimensionCount; start = d->StartPadding; end = d->EndPadding;
        if (d->PaddingValueDataType != y->DataType)
            return pydml_fail(c, "PaddingValueDataType", "must equal OutputTensor.DataType (%s), got %s",
                              pydml_data_type_name(y->DataType), pydml_data_type_name(d->PaddingValueDataType));
    }
    if (mode == DML_PADDING_MODE_SYMMETRIC && c->level < DML_FEATURE_LEVEL_3_0)
        return pydml_fail_level(c, DML_FEATURE_LEVEL_3_0, "PaddingMode", "DML_PADDING_MODE_SYMMETRIC requires DML_FEATURE_LEVEL_3_0");
    if (mode == DML_PADDING_MODE_WRAP && c->level < DML_FEATURE_LEVEL_6_4)
        return pydml_fail_level(c, DML_FEATURE_LEVEL_6_4, "PaddingMode", "DML_PADDING_MODE_WRAP requires DML_FEATURE_LEVEL_6_4");
    pydml_status s;
    if ((s = dims_equal(c, "DimensionCount", count, x))) return s;
    uint64_t want[8];
    for (uint32_t i = 0; i < count; i++) want[i] = (uint64_t)x->Sizes[i] + start[i] + end[i];
    return output_sizes(c, "OutputTensor", y, want, count, "InputTensor.Sizes + StartPadding + EndPadding");
}

pydml_status pydml_rule_data_movement_tile(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_TILE_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    pydml_status s;
    char field[32];
    if ((s = dims_equal(c, "RepeatsCount", d->RepeatsCount, x))) return s;
    uint64_t want[8];
    for (uint32_t i = 0; i < d->RepeatsCount; i++) {
        if (d->Repeats[i] == 0) {
            snprintf(field, sizeof field, "Repeats[%u]", i);
            return pydml_fail(c, field, "must be >= 1, got 0");
        }
        want[i] = (uint64_t)x->Sizes[i] * d->Repeats[i];
    }
    return output_sizes(c, "OutputTensor", y, want, d->RepeatsCount, "InputTensor.Sizes * Repeats");
}

pydml_status pydml_rule_data_movement_depth_space(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    /* every variant starts {InputTensor, OutputTensor, BlockSize} */
    const uint32_t b = ((const DML_DEPTH_TO_SPACE_OPERATOR_DESC*)desc)->BlockSize;
    if (b == 0) return pydml_fail(c, "BlockSize", "must be >= 1, got 0");
    uint64_t want[4];
    const uint64_t bb = (uint64_t)b * b;
    if (op->type == DML_OPERATOR_DEPTH_TO_SPACE || op->type == DML_OPERATOR_DEPTH_TO_SPACE1) {
        if (x->Sizes[1] % bb != 0)
            return pydml_fail(c, "InputTensor.Sizes[1]", "must be divisible by BlockSize * BlockSize (%llu), got %u",
                              (unsigned long long)bb, x->Sizes[1]);
        want[0] = x->Sizes[0]; want[1] = x->Sizes[1] / bb;
        want[2] = (uint64_t)x->Sizes[2] * b; want[3] = (uint64_t)x->Sizes[3] * b;
        return output_sizes(c, "OutputTensor", y, want, 4,
                            "{N, C / (BlockSize * BlockSize), H * BlockSize, W * BlockSize}");
    }
    for (uint32_t i = 2; i < 4; i++)
        if (x->Sizes[i] % b != 0) {
            char field[32];
            snprintf(field, sizeof field, "InputTensor.Sizes[%u]", i);
            return pydml_fail(c, field, "must be divisible by BlockSize (%u), got %u", b, x->Sizes[i]);
        }
    want[0] = x->Sizes[0]; want[1] = (uint64_t)x->Sizes[1] * bb;
    want[2] = x->Sizes[2] / b; want[3] = x->Sizes[3] / b;
    return output_sizes(c, "OutputTensor", y, want, 4, "{N, C * BlockSize * BlockSize, H / BlockSize, W / BlockSize}");
}

pydml_status pydml_rule_data_movement_value_type(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    uint32_t t;
    switch (op->type) {
    case DML_OPERATOR_FILL_VALUE_CONSTANT: t = ((const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC*)desc)->ValueDataType; break;
    case DML_OPERATOR_FILL_VALUE_SEQUENCE: t = ((const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC*)desc)->ValueDataType; break;
    default: t = ((const DML_DIAGONAL_MATRIX1_OPERATOR_DESC*)desc)->ValueDataType; break;
    }
    if (t != y->DataType)
        return pydml_fail(c, "ValueDataType", "must equal OutputTensor.DataType (%s), got %s", pydml_data_type_name(y->DataType),
                          pydml_data_type_name(t));
    if (op->type == DML_OPERATOR_DIAGONAL_MATRIX1) {
        const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
        if (x != NULL) {
            for (uint32_t i = 0; i < y->DimensionCount && i < x->DimensionCount; i++)
                if (x->Sizes[i] != y->Sizes[i]) {
                    char field[32];
                    snprintf(field, sizeof field, "InputTensor.Sizes[%u]", i);
                    return pydml_fail(c, field, "must equal OutputTensor.Sizes[%u] (%u), got %u", i, y->Sizes[i], x->Sizes[i]);
                }
        }
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_data_movement_value_scale(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_VALUE_SCALE_2D_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    if (d->ChannelCount != 1 && d->ChannelCount != 3)
        return pydml_fail(c, "ChannelCount", "must be 1 or 3, got %u", d->ChannelCount);
    if (d->ChannelCount != x->Sizes[1])
        return pydml_fail(c, "ChannelCount", "must equal InputTensor.Sizes[1] (%u), got %u", x->Sizes[1], d->ChannelCount);
    return PYDML_STATUS_SUCCESS;
}

/* FOLD / UNFOLD: the desc's window arrays against the tensors (see the top). */
pydml_status pydml_rule_data_movement_fold_unfold(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    /* both descs share one layout */
    const DML_UNFOLD_OPERATOR_DESC* d = desc;
    const int fold = op->type == DML_OPERATOR_FOLD;
    const DML_BUFFER_TENSOR_DESC* x = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* y = pydml_tensor_field(op, desc, "OutputTensor");
    /* the image side {N, C, spatial...} and the column side {N, C * prod(WindowSizes), BlockCount} */
    const DML_BUFFER_TENSOR_DESC* image = fold ? y : x;
    const DML_BUFFER_TENSOR_DESC* cols = fold ? x : y;
    const char* image_name = fold ? "OutputTensor" : "InputTensor";
    const char* cols_name = fold ? "InputTensor" : "OutputTensor";
    const uint32_t n = d->DimensionCount;
    char field[64];
    if (n == 0 || n > 6) {
        if (fold)
            return pydml_fail(c, "DimensionCount", "must be <= 6 and >= 1 (OutputTensor has DimensionCount + 2 >= 3 "
                              "dimensions), got %u", n);
        return pydml_fail(c, "DimensionCount", "must be in the range [1, 6], got %u", n);
    }
    if (image->DimensionCount != n + 2) {
        snprintf(field, sizeof field, "%s.DimensionCount", image_name);
        return pydml_fail(c, field, "must be DimensionCount + 2 (%u): {N, C, spatial sizes...}, got %u", n + 2,
                          image->DimensionCount);
    }
    if (cols->DimensionCount != 3) {
        snprintf(field, sizeof field, "%s.DimensionCount", cols_name);
        return pydml_fail(c, field, "must be 3: {N, C * prod(WindowSizes), BlockCount}, got %u", cols->DimensionCount);
    }
    const UINT* arrays[3] = {d->WindowSizes, d->Strides, d->Dilations};
    static const char* const names[3] = {"WindowSizes", "Strides", "Dilations"};
    for (uint32_t a = 0; a < 3; a++)
        for (uint32_t i = 0; i < n; i++)
            if (arrays[a][i] == 0) {
                snprintf(field, sizeof field, "%s[%u]", names[a], i);
                return pydml_fail(c, field, "must be >= 1, got 0");
            }
    uint64_t window = 1, blocks = 1;
    for (uint32_t i = 0; i < n; i++) {
        const uint64_t padded = (uint64_t)image->Sizes[2 + i] + d->StartPadding[i] + d->EndPadding[i];
        const uint64_t span = (uint64_t)d->Dilations[i] * (d->WindowSizes[i] - 1u) + 1u;
        if (span > padded) {
            snprintf(field, sizeof field, "WindowSizes[%u]", i);
            return pydml_fail(c, field,
                              "must fit the padded input: Dilations * (WindowSizes - 1) + 1 (%llu) must be <= "
                              "%s.Sizes[%u] + StartPadding + EndPadding (%llu)",
                              (unsigned long long)span, image_name, 2 + i, (unsigned long long)padded);
        }
        window *= d->WindowSizes[i];
        blocks *= (padded - span) / d->Strides[i] + 1u;
        if (window > 0xffffffffull) window = 0x100000000ull; /* saturate: any such size mismatches */
        if (blocks > 0xffffffffull) blocks = 0x100000000ull;
    }
    const uint64_t want[3] = {image->Sizes[0], (uint64_t)image->Sizes[1] * window, blocks};
    static const char* const how[3] = {"%s.Sizes[0] (N)", "%s.Sizes[1] * prod(WindowSizes) (C * window size)",
                                       "BlockCount = prod(BlocksPerDimension)"};
    for (uint32_t i = 0; i < 3; i++) {
        if ((uint64_t)cols->Sizes[i] != want[i]) {
            char what[96];
            snprintf(field, sizeof field, "%s.Sizes[%u]", cols_name, i);
            snprintf(what, sizeof what, how[i], image_name);
            return pydml_fail(c, field, "must be %s = %llu, got %u", what, (unsigned long long)want[i], cols->Sizes[i]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

