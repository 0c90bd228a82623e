/* The operator lifecycle's entry points for pydml's own engines (graph.c), beyond include/pydml.h. */
#ifndef PYDML_NATIVE_CAPI_INTERNAL_H
#define PYDML_NATIVE_CAPI_INTERNAL_H

#include "common.h"

/* pydml_operator_execute_views, where owned_bound 1 means the caller binds the
 * DML_TENSOR_FLAG_OWNED_BY_DML inputs itself at every execution (a graph keeps the owned data of its
 * nodes, bound once by pydml_graph_initialize), so the operator need not be initialized; then
 * owned_generation is what pydml_operator_prepare_owned gave for exactly that memory (0: none),
 * and the family uses its preparation only while it is still that generation's. */
pydml_status pydml_operator_execute_owned_views(const pydml_operator* op, const pydml_tensor* const* inputs,
                                                uint32_t input_count, const pydml_tensor* const* outputs,
                                                uint32_t output_count, int owned_bound, uint64_t owned_generation,
                                                const pydml_buffer* temporary, char* message,
                                                size_t message_size);

/* Lets op's family prepare owned inputs kept by someone else (a graph's initialized copies, bound
 * to this operator at each of its executions): inputs[i] is a view over the memory of owned input i,
 * NULL for the others. *generation receives the preparation's initialization generation (0 when
 * the family has no initialize hook or failed), which the caller passes to every execution binding
 * that memory: an operator prepared since for other memory (another graph, its own initialize)
 * then simply packs per execution, and memory reused at the same address never meets stale
 * panels. shared: the memory never changes while any graph borrows it
 * (pydml_graph_initialize_shared's contract), so a current shared preparation from exactly the
 * same views serves this caller too (its generation returned again, its holders counted) instead
 * of being made anew: graphs that borrow the same weights through the same operator do not undo
 * each other's preparation. Otherwise (copies, whose addresses come back with other data once
 * freed; borrowed memory the caller may refill) a preparation is never shared. Takes the
 * operator's lock alone, as initialize does. */
pydml_status pydml_operator_prepare_owned(const pydml_operator* op, const pydml_tensor* const* inputs,
                                          uint32_t input_count, int shared, uint64_t* generation);

/* Whether pydml_operator_prepare_owned would prepare anything for the operator's owned inputs
 * bound in their desc layout (its family's prepares_owned hint; 0 without owned inputs or an
 * initialize hook). */
int pydml_operator_prepares_owned(const pydml_operator* op);

/* Gives up a graph's hold on the preparation of `generation`: the family frees it when it is still
 * the current one and no other graph shares it (the memory it was made from is about to be freed:
 * the graph is released or initialized again); a later preparation is kept. */
void pydml_operator_forget_owned(const pydml_operator* op, uint64_t generation);

/* The desc an operator was created from (a deep copy it keeps: desc_copy.c), the feature level it
 * was validated at and its execution flags: what the graph compiler needs to re-create it with a
 * FusedActivation (graph.c). NULL / 0 for NULL. */
const DML_OPERATOR_DESC* pydml_operator_desc(const pydml_operator* op);
uint32_t pydml_operator_feature_level(const pydml_operator* op);
uint32_t pydml_operator_execution_flags(const pydml_operator* op);
uint32_t pydml_operator_type(const pydml_operator* op);
/* A contraction's multiply-adds (GEMM, the integer matrix products and the convolutions: output
 * elements times the reduced length; RNN, LSTM, GRU: weights times steps and batch), 0 for any other operator or NULL: how the thread team judges
 * its work (capi.c execution, graph.c step_size). */
uint64_t pydml_operator_macs(const pydml_operator* op);

/* desc_copy.c: a deep copy of a validated desc in one malloc'ed block (free() releases it), NULL
 * when out of memory; and the bytes of an operator's desc struct as far as its fields reach. */
struct pydml_operator_info;
DML_OPERATOR_DESC* pydml_desc_copy(const DML_OPERATOR_DESC* desc);
size_t pydml_desc_struct_bytes(const struct pydml_operator_info* info);

#endif /* PYDML_NATIVE_CAPI_INTERNAL_H */
