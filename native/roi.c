/* The roi kernel family (families.h): ROI_POOLING, ROI_ALIGN, ROI_ALIGN1.
 * Stub: supports nothing yet. */
#include "families.h"

static int supports(uint32_t type) {
    (void)type;
    return 0;
}

static pydml_status create(const pydml_operator_info* info, const void* desc, uint32_t flags, void** plan) {
    (void)info; (void)desc; (void)flags;
    *plan = NULL;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}

static void destroy(void* plan) { (void)plan; }

static pydml_status execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count) {
    (void)plan; (void)inputs; (void)input_count; (void)outputs; (void)output_count;
    return PYDML_STATUS_UNSUPPORTED_PARAMETER;
}

const pydml_kernel_family pydml_family_roi = {"roi", supports, create, destroy, execute, 0};
