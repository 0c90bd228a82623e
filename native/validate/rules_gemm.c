/* The pages' own rules for GEMM and the integer/quantized matrix products (gemm.c): each "must" of a page that the tables cannot say. */
#include <stdio.h>

#include "rules.h"

/* Messages are cut to their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

static const char* transform_name(DML_MATRIX_TRANSFORM t) {
    return t == DML_MATRIX_TRANSFORM_NONE ? "NONE" : "TRANSPOSE";
}

/* DML_GEMM_OPERATOR_DESC (ns-directml-dml_gemm_operator_desc.md): A is {Batch, Channel, M, K}
 * ({.., K, M} with TransA TRANSPOSE), B is {Batch, Channel, K, N} ({.., N, K} with TransB
 * TRANSPOSE), C and Output are {Batch, Channel, M, N}; the leading two are optional from 4_0 (the
 * tables check the dimension counts and that C's sizes equal Output's). The batch dimensions are
 * the same in every tensor: the page gives them one name; broadcasting is by strides. */
pydml_status pydml_rule_gemm(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_GEMM_OPERATOR_DESC* d = desc;
    const DML_BUFFER_TENSOR_DESC* a = pydml_tensor_field(op, desc, "ATensor");
    const DML_BUFFER_TENSOR_DESC* b = pydml_tensor_field(op, desc, "BTensor");
    const DML_BUFFER_TENSOR_DESC* o = pydml_tensor_field(op, desc, "OutputTensor");
    char f[64];
    /* TransA/TransB outside the enum are refused by the table-driven check before this runs. */
    if (a == NULL || b == NULL || o == NULL) return PYDML_STATUS_SUCCESS; /* the tables reported it */
    const uint32_t r = a->DimensionCount;
    if (r < 2 || b->DimensionCount != r || o->DimensionCount != r) return PYDML_STATUS_SUCCESS;
    const int ta = d->TransA == DML_MATRIX_TRANSFORM_TRANSPOSE, tb = d->TransB == DML_MATRIX_TRANSFORM_TRANSPOSE;
    const uint32_t am = ta ? r - 1 : r - 2, ak = ta ? r - 2 : r - 1; /* A's M and K dimensions */
    const uint32_t bk = tb ? r - 1 : r - 2, bn = tb ? r - 2 : r - 1; /* B's K and N dimensions */
    for (uint32_t i = 0; i + 2 < r; i++) {
        if (b->Sizes[i] != a->Sizes[i]) {
            snprintf(f, sizeof f, "BTensor.Sizes[%u]", i);
            return pydml_fail(c, f, "must be %u (ATensor.Sizes[%u], a batch dimension), got %u", a->Sizes[i], i,
                              b->Sizes[i]);
        }
    }
    if (b->Sizes[bk] != a->Sizes[ak]) {
        snprintf(f, sizeof f, "BTensor.Sizes[%u]", bk);
        return pydml_fail(c, f, "must be %u (ATensor.Sizes[%u] with TransA %s), got %u", a->Sizes[ak], ak,
                          transform_name(d->TransA), b->Sizes[bk]);
    }
    for (uint32_t i = 0; i + 2 < r; i++) {
        if (o->Sizes[i] != a->Sizes[i]) {
            snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", i);
            return pydml_fail(c, f, "must be %u (ATensor.Sizes[%u], a batch dimension), got %u", a->Sizes[i], i,
                              o->Sizes[i]);
        }
    }
    if (o->Sizes[r - 2] != a->Sizes[am]) {
        snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", r - 2);
        return pydml_fail(c, f, "must be %u (ATensor.Sizes[%u] with TransA %s), got %u", a->Sizes[am], am,
                          transform_name(d->TransA), o->Sizes[r - 2]);
    }
    if (o->Sizes[r - 1] != b->Sizes[bn]) {
        snprintf(f, sizeof f, "OutputTensor.Sizes[%u]", r - 1);
        return pydml_fail(c, f, "must be %u (BTensor.Sizes[%u] with TransB %s), got %u", b->Sizes[bn], bn,
                          transform_name(d->TransB), o->Sizes[r - 1]);
    }
    return PYDML_STATUS_SUCCESS;
}

