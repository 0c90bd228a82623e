/* SOFTMAX, SOFTMAX1, LOG_SOFTMAX, LOG_SOFTMAX1, HARDMAX, HARDMAX1: functions of all the elements
 * along the reduced axes (native/families/softmax.c). */
#ifndef PYDML_NATIVE_SOFTMAX_H
#define PYDML_NATIVE_SOFTMAX_H

#include "common.h"
#include "schema.h"

typedef struct pydml_softmax_plan pydml_softmax_plan;

/* 1 when softmax.c runs this operator type. */
int pydml_softmax_supports(uint32_t type);
/* The plan of a VALID desc; UNSUPPORTED when there is no path for it. */
pydml_status pydml_softmax_plan_create(const pydml_operator_info* info, const void* desc, pydml_softmax_plan** plan);
void pydml_softmax_plan_destroy(pydml_softmax_plan* plan);
/* Checks both views against their memory and the desc, then runs; the scratch from the heap (a
 * caller without a workspace: GEMM's fused SOFTMAX). */
pydml_status pydml_softmax_execute(const pydml_softmax_plan* plan, const pydml_tensor* input, const pydml_tensor* output);
/* The scratch bytes one execution takes on a team of `threads` (DirectML's temporary resource). */
uint64_t pydml_softmax_temporary_bytes(const pydml_softmax_plan* plan, uint32_t threads);
/* pydml_softmax_execute with the scratch from ws (at least pydml_softmax_temporary_bytes for the
 * team; INVALID_PARAMETER when it falls short); ws NULL: from the heap. */
pydml_status pydml_softmax_execute_in(const pydml_softmax_plan* plan, const pydml_tensor* input,
                                      const pydml_tensor* output, const pydml_workspace* ws);

#endif /* PYDML_NATIVE_SOFTMAX_H */
