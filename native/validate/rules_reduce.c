/* The pages' own rules for REDUCE, ARGMIN, ARGMAX and the cumulative scans (reduce.c): each
 * "must" of a page that the tables cannot say. Pages: MicrosoftDocs/sdk-api
 * ns-directml-dml_{reduce,argmin,argmax,cumulative_summation,cumulative_product}_operator_desc.md
 * (commits in pydml/ops/reduce.py). TOP_K and TOP_K1 have no rules here yet. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

#define T(x) (1u << DML_TENSOR_DATA_TYPE_##x)
#define FLOATS (T(FLOAT32) | T(FLOAT16))
#define ALL10 (FLOATS | T(INT64) | T(INT32) | T(INT16) | T(INT8) | T(UINT64) | T(UINT32) | T(UINT16) | T(UINT8))
#define NO64 (FLOATS | T(INT32) | T(INT16) | T(INT8) | T(UINT32) | T(UINT16) | T(UINT8))
#define WIDE (FLOATS | T(INT64) | T(INT32) | T(UINT64) | T(UINT32))
#define IDX (T(INT64) | T(INT32) | T(UINT64) | T(UINT32))

/* REDUCE's "Tensor support according to function" tables: from `level` on, these input and
 * output types (dimension counts are the same as the operator's union table, already checked). */
typedef struct fn_table {
    uint32_t level, in, out;
} fn_table;

static const fn_table arg_tables[] = {{DML_FEATURE_LEVEL_4_1, ALL10, IDX}, {DML_FEATURE_LEVEL_3_0, NO64, IDX},
                                      {DML_FEATURE_LEVEL_2_1, NO64, T(UINT32)}, {DML_FEATURE_LEVEL_1_0, FLOATS, T(UINT32)}};
static const fn_table float_tables[] = {{DML_FEATURE_LEVEL_1_0, FLOATS, FLOATS}};
static const fn_table l1_tables[] = {{DML_FEATURE_LEVEL_5_0, WIDE, WIDE}, {DML_FEATURE_LEVEL_1_0, FLOATS, FLOATS}};
static const fn_table minmax_tables[] = {{DML_FEATURE_LEVEL_5_0, ALL10, ALL10}, {DML_FEATURE_LEVEL_3_0, NO64, NO64},
                                         {DML_FEATURE_LEVEL_2_1, FLOATS | T(INT32) | T(UINT32), FLOATS | T(INT32) | T(UINT32)},
                                         {DML_FEATURE_LEVEL_1_0, FLOATS, FLOATS}};
static const fn_table sum_tables[] = {{DML_FEATURE_LEVEL_5_0, WIDE, WIDE},
                                      {DML_FEATURE_LEVEL_2_1, FLOATS | T(INT32) | T(UINT32), FLOATS | T(INT32) | T(UINT32)},
                                      {DML_FEATURE_LEVEL_1_0, FLOATS, FLOATS}};

static const char* const fn_names[] = {"ARGMAX", "ARGMIN", "AVERAGE", "L1", "L2", "LOG_SUM", "LOG_SUM_EXP",
                                       "MAX", "MIN", "MULTIPLY", "SUM", "SUM_SQUARE"};

static const fn_table* tables_of(uint32_t fn, uint32_t* count) {
    switch (fn) {
    case DML_REDUCE_FUNCTION_ARGMAX: case DML_REDUCE_FUNCTION_ARGMIN:
        *count = 4; return arg_tables;
    case DML_REDUCE_FUNCTION_L1: case DML_REDUCE_FUNCTION_SUM_SQUARE:
        *count = 2; return l1_tables;
    case DML_REDUCE_FUNCTION_MAX: case DML_REDUCE_FUNCTION_MIN:
        *count = 4; return minmax_tables;
    case DML_REDUCE_FUNCTION_MULTIPLY: case DML_REDUCE_FUNCTION_SUM:
        *count = 3; return sum_tables;
    default: /* AVERAGE, L2, LOG_SUM, LOG_SUM_EXP */
        *count = 1; return float_tables;
    }
}

static void list_types(char* buf, size_t size, uint32_t mask) {
    buf[0] = '\0';
    for (uint32_t t = 1; t < 16; t++) {
        if (!((mask >> t) & 1u)) continue;
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%s", n ? ", " : "", pydml_data_type_name(t));
    }
}

/* A tensor's data type against the function's table at the device's level. */
static pydml_status fn_type_rule(pydml_check* c, uint32_t fn, const char* field, uint32_t type, int output) {
    uint32_t count;
    const fn_table* t = tables_of(fn, &count);
    const fn_table* at = NULL;
    for (uint32_t i = 0; i < count && at == NULL; i++)
        if (c->level >= t[i].level) at = &t[i];
    const uint32_t mask = at == NULL ? 0 : (output ? at->out : at->in);
    if (type < 32 && (mask >> type & 1u)) return PYDML_STATUS_SUCCESS;
    /* the lowest later level whose table takes it */
    for (uint32_t i = count; i-- > 0;) {
        if (t[i].level > c->level && type < 32 && ((output ? t[i].out : t[i].in) >> type & 1u))
            return pydml_fail_level(c, t[i].level, field,
                                    "DML_TENSOR_DATA_TYPE_%s needs %s for DML_REDUCE_FUNCTION_%s; the device was "
                                    "created at %s",
                                    pydml_data_type_name(type), pydml_feature_level_name(t[i].level), fn_names[fn],
                                    pydml_feature_level_name(c->level));
    }
    char allowed[160];
    list_types(allowed, sizeof allowed, mask);
    return pydml_fail(c, field, "must be one of %s for DML_REDUCE_FUNCTION_%s, got DML_TENSOR_DATA_TYPE_%s", allowed,
                      fn_names[fn], pydml_data_type_name(type));
}

/* REDUCE, ARGMIN, ARGMAX: "Axes: Values must be in the range [0, InputTensor.DimensionCount - 1]"
 * (each axis at most once: a repeated axis names no further reduction); OutputTensor
 * "DimensionCount must match InputTensor.DimensionCount" and "Sizes must match InputTensor.Sizes,
 * except for dimensions included in the reduced Axes, which must be size 1". AxisCount >= 1: the
 * pages define no empty Axes (ONNX reads an empty list as "all axes"), so it is refused rather
 * than given a meaning. */
static pydml_status reduced_shape_rule(pydml_check* c, const pydml_operator_info* op, const void* desc,
                                       uint32_t axis_count, const UINT* axes) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* out = pydml_tensor_field(op, desc, "OutputTensor");
    if (in == NULL || out == NULL) return PYDML_STATUS_SUCCESS;
    const uint32_t n = in->DimensionCount;
    if (axis_count == 0 || axis_count > n)
        return pydml_fail(c, "AxisCount", "must be in 1 .. InputTensor.DimensionCount (%u), got %u", n, axis_count);
    char field[32];
    uint32_t seen = 0;
    for (uint32_t i = 0; i < axis_count; i++) {
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
    if (out->DimensionCount != n)
        return pydml_fail(c, "OutputTensor.DimensionCount", "must match InputTensor.DimensionCount (%u), got %u", n,
                          out->DimensionCount);
    for (uint32_t d = 0; d < n; d++) {
        snprintf(field, sizeof field, "OutputTensor.Sizes[%u]", d);
        if (seen >> d & 1u) {
            if (out->Sizes[d] != 1)
                return pydml_fail(c, field, "must be 1 (dimension %u is reduced), got %u", d, out->Sizes[d]);
        } else if (out->Sizes[d] != in->Sizes[d]) {
            return pydml_fail(c, field, "must match InputTensor.Sizes[%u] (%u; dimension %u is not reduced), got %u", d,
                              in->Sizes[d], d, out->Sizes[d]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_reduce(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_REDUCE_OPERATOR_DESC* d = desc;
    pydml_status s = reduced_shape_rule(c, op, desc, d->AxisCount, d->Axes);
    if (s) return s;
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    const DML_BUFFER_TENSOR_DESC* out = pydml_tensor_field(op, desc, "OutputTensor");
    const uint32_t fn = (uint32_t)d->Function;
    if (in == NULL || out == NULL || fn > DML_REDUCE_FUNCTION_SUM_SQUARE) return PYDML_STATUS_SUCCESS;
    /* "The input and output tensor data types must match except when using the ARGMAX and ARGMIN
     * functions, which always output an integral data type." Then the function's own table. */
    if ((s = fn_type_rule(c, fn, "InputTensor.DataType", (uint32_t)in->DataType, 0))) return s;
    if (fn != DML_REDUCE_FUNCTION_ARGMAX && fn != DML_REDUCE_FUNCTION_ARGMIN && out->DataType != in->DataType)
        return pydml_fail(c, "OutputTensor.DataType",
                          "must match InputTensor.DataType DML_TENSOR_DATA_TYPE_%s (only ARGMAX and ARGMIN output "
                          "another type), got DML_TENSOR_DATA_TYPE_%s",
                          pydml_data_type_name(in->DataType), pydml_data_type_name(out->DataType));
    return fn_type_rule(c, fn, "OutputTensor.DataType", (uint32_t)out->DataType, 1);
}

pydml_status pydml_rule_reduce_argmin(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ARGMIN_OPERATOR_DESC* d = desc;
    return reduced_shape_rule(c, op, desc, d->AxisCount, d->Axes);
}

pydml_status pydml_rule_reduce_argmax(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_ARGMAX_OPERATOR_DESC* d = desc;
    return reduced_shape_rule(c, op, desc, d->AxisCount, d->Axes);
}

/* CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: Axis "must be less than the DimensionCount of the
 * InputTensor". */
static pydml_status axis_rule(pydml_check* c, const pydml_operator_info* op, const void* desc, uint32_t axis) {
    const DML_BUFFER_TENSOR_DESC* in = pydml_tensor_field(op, desc, "InputTensor");
    if (in != NULL && axis >= in->DimensionCount)
        return pydml_fail(c, "Axis", "must be less than InputTensor.DimensionCount (%u), got %u", in->DimensionCount,
                          axis);
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_reduce_cumsum(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    return axis_rule(c, op, desc, ((const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC*)desc)->Axis);
}

pydml_status pydml_rule_reduce_cumprod(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    return axis_rule(c, op, desc, ((const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC*)desc)->Axis);
}

