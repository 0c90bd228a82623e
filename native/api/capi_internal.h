/* The operator lifecycle's entry points for pydml's own engines (graph.c), beyond include/pydml.h. */
#ifndef PYDML_NATIVE_CAPI_INTERNAL_H
#define PYDML_NATIVE_CAPI_INTERNAL_H

#include "common.h"

/* pydml_operator_execute_views, where owned_bound 1 means the caller binds the
 * DML_TENSOR_FLAG_OWNED_BY_DML inputs itself at every execution (a graph keeps the owned data of its
 * nodes, bound once by pydml_graph_initialize), so the operator need not be initialized. */
pydml_status pydml_operator_execute_owned_views(const pydml_operator* op, const pydml_tensor* const* inputs,
                                                uint32_t input_count, const pydml_tensor* const* outputs,
                                                uint32_t output_count, int owned_bound, char* message,
                                                size_t message_size);

#endif /* PYDML_NATIVE_CAPI_INTERNAL_H */
