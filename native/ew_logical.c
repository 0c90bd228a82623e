/* ELEMENT_WISE logical, comparison and bitwise operators on the element-wise engine. */
#include "elementwise.h"

const ew_entry pydml_ew_logical_entries[] = {
    {DML_OPERATOR_INVALID, NULL, 0, 0, {NULL, NULL, NULL}, NULL, NULL, NULL}, /* none yet */
};
const uint32_t pydml_ew_logical_entry_count = 0;
