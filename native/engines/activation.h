/* Fused activations: a DML_OPERATOR_DESC's kernel parameters (activation.c); applied by the
 * element-wise engine's pydml_activation_apply (elementwise.h). */
#ifndef PYDML_NATIVE_ACTIVATION_H
#define PYDML_NATIVE_ACTIVATION_H

#include "pydml.h"

/* The kernel parameters of a fused activation desc (already validated). */
void pydml_activation_of(const DML_OPERATOR_DESC* fused, pydml_activation* activation);

/* While set (on the calling thread), pydml_activation_of reads an ELEMENT_WISE_CLIP as CLIP1's
 * function: max(Min, min(x, Max)), NaN -> Max. Set only by the graph compiler around the creation
 * of a CONVOLUTION or GEMM into which it fuses an ELEMENT_WISE_CLIP1 node (graph.c fuse_nodes): the
 * fused operator then computes the node's own function. */
void pydml_activation_clip_as_clip1(int on);

#endif /* PYDML_NATIVE_ACTIVATION_H */
