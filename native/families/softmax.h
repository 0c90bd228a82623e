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
/* Checks both views against their memory and the desc, then runs. */
pydml_status pydml_softmax_execute(const pydml_softmax_plan* plan, const pydml_tensor* input, const pydml_tensor* output);

#endif /* PYDML_NATIVE_SOFTMAX_H */
