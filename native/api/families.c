/* The kernel-family helpers of the C API (families.h); which family runs which operator type is
 * family_table.c (generated from the schema). */
#include <stdarg.h>
#include <stdio.h>

#include "families.h"

static _Thread_local char g_unsupported[512];

pydml_status pydml_family_unsupported(const char* format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(g_unsupported, sizeof g_unsupported, format, args);
    va_end(args);
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}

void pydml_family_take_message(char* out, size_t size) {
    if (out != NULL && size > 0) snprintf(out, size, "%s", g_unsupported);
    g_unsupported[0] = '\0';
}

/* ---- adapters for the families written before this interface ---- */

#include "elementwise.h"
#include "softmax.h"

static pydml_status ew_create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)flags;
    return pydml_ew_plan_create(info, desc, (pydml_ew_plan**)plan);
}
static void ew_destroy(void* plan) { pydml_ew_plan_destroy(plan); }
static pydml_status ew_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                               const pydml_tensor* const* outputs, uint32_t output_count,
                               const pydml_workspace* ws) {
    (void)ws; /* the family asks for no temporary resource (no temporary_bytes) */
    if (output_count != 1 || input_count != pydml_ew_plan_input_count(plan)) return PYDML_STATUS_INVALID_PARAMETER;
    return pydml_ew_execute(plan, inputs, outputs[0]);
}
const pydml_kernel_family pydml_family_elementwise = {"elementwise", ew_create, ew_destroy,
                                                      ew_execute, 1, NULL, NULL, NULL};

static pydml_status sm_create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)flags;
    return pydml_softmax_plan_create(info, desc, (pydml_softmax_plan**)plan);
}
static void sm_destroy(void* plan) { pydml_softmax_plan_destroy(plan); }
static pydml_status sm_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                               const pydml_tensor* const* outputs, uint32_t output_count,
                               const pydml_workspace* ws) {
    if (input_count != 1 || output_count != 1) return PYDML_STATUS_INVALID_PARAMETER;
    return pydml_softmax_execute_in(plan, inputs[0], outputs[0], ws);
}
static uint64_t sm_temporary_bytes(const void* plan, uint32_t threads) {
    return pydml_softmax_temporary_bytes(plan, threads);
}
const pydml_kernel_family pydml_family_softmax = {"softmax", sm_create, sm_destroy,
                                                  sm_execute, 0, sm_temporary_bytes, NULL, NULL};
