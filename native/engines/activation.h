/* Fused activations: a DML_OPERATOR_DESC's kernel parameters (activation.c); applied by the
 * element-wise engine's pydml_activation_apply (elementwise.h). */
#ifndef PYDML_NATIVE_ACTIVATION_H
#define PYDML_NATIVE_ACTIVATION_H

#include "pydml.h"

/* The kernel parameters of a fused activation desc (already validated). */
void pydml_activation_of(const DML_OPERATOR_DESC* fused, pydml_activation* activation);

#endif /* PYDML_NATIVE_ACTIVATION_H */
