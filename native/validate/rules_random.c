/* The page's own rules for RANDOM_GENERATOR (random.c; page
 * ns-directml-dml_random_generator_operator_desc.md):
 *  - Type must be DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10 ("currently the only valid value").
 *  - For PHILOX_4X32_10, InputStateTensor has sizes {1,1,1,6} (from DML_FEATURE_LEVEL_4_0 any
 *    DimensionCount: leading 1s, then 6): a 128-bit counter and a 64-bit key. OutputStateTensor,
 *    when present, has the same sizes (the tables already require equal sizes; checked here too
 *    so the message names the field). */
#include <stdio.h>

#include "rules.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

static pydml_status state_rule(pydml_check* c, const char* name, const DML_BUFFER_TENSOR_DESC* t) {
    char field[80];
    if (t == NULL) return PYDML_STATUS_SUCCESS;
    const uint32_t n = t->DimensionCount;
    for (uint32_t d = 0; d < n; d++) {
        const uint32_t want = d + 1 == n ? 6u : 1u;
        if (t->Sizes[d] != want) {
            snprintf(field, sizeof field, "%s.Sizes[%u]", name, d);
            return pydml_fail(c, field,
                              "must be %u (a PHILOX_4X32_10 state is {1, ..., 1, 6}: a 128-bit counter and a 64-bit "
                              "key), got %u",
                              want, t->Sizes[d]);
        }
    }
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_rule_random(pydml_check* c, const pydml_operator_info* op, const void* desc) {
    const DML_RANDOM_GENERATOR_OPERATOR_DESC* d = desc;
    if (d->Type != DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10)
        return pydml_fail(c, "Type", "must be DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10, got %u", (unsigned)d->Type);
    pydml_status s;
    if ((s = state_rule(c, "InputStateTensor", pydml_tensor_field(op, desc, "InputStateTensor")))) return s;
    return state_rule(c, "OutputStateTensor", pydml_tensor_field(op, desc, "OutputStateTensor"));
}

