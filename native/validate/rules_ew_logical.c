/* The pages' own rules for the logical, comparison, classification and bitwise operators
 * (ew_logical.c): each "must" of a page that the tables cannot say.
 *
 * None is left for this family. Every "must" on the pages of LOGICAL_AND/OR/XOR/NOT, the five
 * comparisons, IS_NAN, IS_INFINITY and BIT_AND/OR/XOR/NOT/COUNT/SHIFT_LEFT/SHIFT_RIGHT is a tensor
 * constraint (same DataType / DimensionCount / Sizes) or a support-table row, which the generated
 * tables check. IS_INFINITY's InfinityMode must be a DML_IS_INFINITY_MODE value: validate.c's
 * structure step already refuses any other value of an enum field ("is not a valid
 * DML_IS_INFINITY_MODE value, got 3"), before the own rules would run, so a rule here could never
 * fire (tests/test_ew_logical.py pins that message). The pages set no limit on shift amounts (see
 * ew_logical.c for what a shift by >= the element width gives). */
#include "rules.h"

pydml_rule_fn pydml_rules_ew_logical(uint32_t type) {
    switch (type) {
    default:
        return NULL;
    }
}
