/* The data_movement operators' own rules (SLICE, SLICE1, CAST, SPLIT, JOIN, PADDING, PADDING1, VALUE_SCALE_2D, SPACE_TO_DEPTH(1), DEPTH_TO_SPACE(1), TILE, FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX(1), FOLD, UNFOLD). Stub: none yet. */
#include "rules.h"

pydml_rule_fn pydml_rules_data_movement(uint32_t type) {
    (void)type;
    return NULL;
}
