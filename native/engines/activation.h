/* Fused activations: a DML_OPERATOR_DESC's kernel parameters (activation.c); applied by the
 * element-wise engine's pydml_activation_apply (elementwise.h). */
#ifndef PYDML_NATIVE_ACTIVATION_H
#define PYDML_NATIVE_ACTIVATION_H

#include "pydml.h"

/* The kernel parameters of a fused activation desc (already validated). */
void pydml_activation_of(const DML_OPERATOR_DESC* fused, pydml_activation* activation);

/* While set (non-NULL, on the calling thread), pydml_activation_of returns *activation whatever the
 * desc says. Set only by the graph compiler around the creation of a CONVOLUTION or GEMM into which
 * it fuses a node DirectML has no FusedActivation for (graph.c fuse_nodes: an ELEMENT_WISE_CLIP1,
 * created with an ELEMENT_WISE_CLIP in its place; a SWISH, with a SIGMOID): the validator checks the
 * stand-in, and the fused operator computes the node's own function. */
void pydml_activation_override(const pydml_activation* activation);

/* pydml_activation.type of the graph compiler's fused x * sigmoid(x) (graph.c fuse_nodes), outside
 * DML_OPERATOR_TYPE's values: pydml_activation_apply runs the ACTIVATION_SIGMOID kernel into a copy,
 * then multiplies, each rounding the two nodes' own (the same FLOAT32 bits as SIGMOID then
 * ELEMENT_WISE_MULTIPLY). */
#define PYDML_ACTIVATION_SILU 0x80000001u

#endif /* PYDML_NATIVE_ACTIVATION_H */
