/* Kernel families compiled by the C API (capi.c): each family runs a set of operator types from a
 * valid desc. Which family runs which type is each operator's schema entry (`kernel=` in
 * pydml/ops/<family>.py), generated into family_table.c; a family keeps no list of its members.
 * Adding a family is one file with one pydml_kernel_family, an extern below and its operators'
 * `kernel=`; the C API, Python's create_operator and `pydml list` then execute them. */
#ifndef PYDML_NATIVE_FAMILIES_H
#define PYDML_NATIVE_FAMILIES_H

#include "common.h"
#include "schema.h"

typedef struct pydml_kernel_family {
    const char* name;
    /* The plan of a VALID desc (already validated); UNSUPPORTED when there is no path for it. */
    pydml_status (*create)(const pydml_operator_info* info, const void* desc, uint32_t execution_flags,
                           void** plan);
    void (*destroy)(void* plan);
    /* inputs/outputs in the desc's C field order (tensor fields only); inputs[i] NULL for an absent
     * optional input. Every view is checked against its memory and the desc before any access.
     * ws: the caller's scratch, at least temporary_bytes(plan, team size) bytes (empty when the
     * family asks for none). */
    pydml_status (*execute)(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                            const pydml_tensor* const* outputs, uint32_t output_count,
                            const pydml_workspace* ws);
    /* 1: an output may be exactly an input's memory (each output element reads only the same
     * element of the inputs) */
    int in_place;
    /* DirectML's temporary resource (IDMLDispatchable::GetBindingProperties): the scratch bytes one
     * execution of `plan` needs on a team of `threads` threads, handed to execute as ws. NULL: none
     * (the family keeps or allocates its own scratch, and executions of one operator take turns).
     * A family with temporary_bytes keeps nothing mutable in its plan: executions of one operator
     * may run at the same time, each with its own workspace. */
    uint64_t (*temporary_bytes)(const void* plan, uint32_t threads);
    /* Optional (NULL: none). Called by pydml_operator_initialize once the DML_TENSOR_FLAG_OWNED_BY_DML
     * inputs have their persistent copies (DirectML's IDMLOperatorInitializer), and by a graph for
     * the copies it keeps: inputs[i] is the view of owned input i over that copy, NULL for the
     * inputs bound at execution. The family may prepare them once (repack GEMM's B panels, a
     * convolution's filter), keyed by `generation`, a number the C API gives each call (never 0,
     * never reused): an execution whose ws->owned_generation equals it is bound exactly these
     * views; any other execution must not use the preparation (its owned memory may be other
     * memory, or the same address holding other weights). generation 0 with all inputs NULL
     * forgets a preparation. Executions and initializations of one operator take turns (its lock).
     * A failure leaves the operator uninitialized. `shared`: the owned memory never changes (a
     * graph's initialize_shared), so what is prepared from it may be shared with other plans
     * offered the same memory and view (gemm.c's shared panels). */
    pydml_status (*initialize)(void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                               uint64_t generation, int shared);
    /* Optional (NULL: a family with initialize prepares every owned input). Whether initialize
     * would prepare anything for this plan's owned inputs, bound with the desc's own layout: a graph
     * gives each further node of a shared operator a private copy only where it would (graph.c
     * private_operators; GEMM reads a few-row product's B in place, unpacked). Only a hint: an
     * operator prepared for two nodes in turn packs per execution, with the same results. */
    int (*prepares_owned)(const void* plan);
} pydml_kernel_family;

/* A family's create may say why it has no path for a valid desc: the message (printf format)
 * becomes pydml_operator_create's, prefixed by nothing. Returns PYDML_STATUS_UNSUPPORTED_PARAMETER.
 * Thread-local: read by the C API on the thread that called create. */
pydml_status pydml_family_unsupported(const char* format, ...) __attribute__((format(printf, 1, 2)));
/* The message the last pydml_family_unsupported of this thread left ("" when none); cleared. */
void pydml_family_take_message(char* out, size_t size);

/* The family that runs `type`, NULL when none does (family_table.c, generated). */
const pydml_kernel_family* pydml_find_family(uint32_t type);

extern const pydml_kernel_family pydml_family_elementwise; /* elementwise.c */
extern const pydml_kernel_family pydml_family_softmax;     /* softmax.c */
extern const pydml_kernel_family pydml_family_reduce;      /* reduce.c */
extern const pydml_kernel_family pydml_family_gemm;        /* gemm.c */
extern const pydml_kernel_family pydml_family_pooling;     /* pooling.c */
extern const pydml_kernel_family pydml_family_data_movement;  /* data_movement.c */
extern const pydml_kernel_family pydml_family_gather_scatter; /* gather_scatter.c */
extern const pydml_kernel_family pydml_family_random;         /* random.c */
extern const pydml_kernel_family pydml_family_normalization;  /* normalization.c */
extern const pydml_kernel_family pydml_family_top_k;          /* top_k.c */
extern const pydml_kernel_family pydml_family_integer_products; /* integer_products.c */
extern const pydml_kernel_family pydml_family_roi;            /* roi.c */
extern const pydml_kernel_family pydml_family_quantize;       /* quantize.c */
extern const pydml_kernel_family pydml_family_resample;       /* resample.c */
extern const pydml_kernel_family pydml_family_convolution;    /* convolution.c */
extern const pydml_kernel_family pydml_family_attention;      /* attention.c */
extern const pydml_kernel_family pydml_family_recurrent;      /* recurrent.c */
extern const pydml_kernel_family pydml_family_normalization_training; /* normalization_training.c */
extern const pydml_kernel_family pydml_family_optimizer;      /* optimizer.c */

#endif /* PYDML_NATIVE_FAMILIES_H */
