/*
 * pydml.h — pydml's own C API: status codes, strided tensor views, and the kernel entry points.
 *
 * Every entry point re-checks what protects memory: the sizes and strides of each tensor view
 * against the byte size of the buffer it is bound to, and returns a status instead of touching
 * anything outside it. Kernels never print, never abort, and allocate only in *_plan_create.
 *
 * The text between the pydml-cdef markers is fed verbatim to cffi's cdef (same rules as DirectML.h).
 */
#ifndef PYDML_PYDML_H
#define PYDML_PYDML_H

#include "DirectML.h"

#ifdef __cplusplus
extern "C" {
#endif

/* pydml-cdef-begin */

#define PYDML_MAX_DIMS 8
/* Longest tensor or operator array field (JOIN's InputTensors, RNN's ActivationDescs, ...) the
 * validator accepts; longer counts are refused, not partly checked. */
#define PYDML_MAX_LIST_LENGTH 4096

/* Data type codes of a pydml_tensor: DML_TENSOR_DATA_TYPE values, plus bfloat16 for the oneDNN
 * front end (DirectML has no bfloat16; the code is outside DML's range on purpose). */
#define PYDML_DATA_TYPE_BFLOAT16 256

typedef enum pydml_status {
    PYDML_STATUS_SUCCESS = 0,
    PYDML_STATUS_INVALID_PARAMETER = 1,     /* a caller error: bad size, count, enum, ... */
    PYDML_STATUS_UNSUPPORTED_PARAMETER = 2, /* legal, but not implemented by this emulator */
    PYDML_STATUS_OUT_OF_MEMORY = 3,
    PYDML_STATUS_OUT_OF_BOUNDS = 4          /* a tensor view reaches past its bound buffer */
} pydml_status;

/* CPU feature bits (run-time dispatch). */
#define PYDML_CPU_AVX2_FMA 1
#define PYDML_CPU_F16C 2
#define PYDML_CPU_AVX512 4            /* F, DQ, BW, VL (and the OS saves ZMM state) */
#define PYDML_CPU_AVX512_BF16 8
#define PYDML_CPU_AVX512_FP16 16
#define PYDML_CPU_AVX512_VNNI 32      /* vpdpbusd: 8-bit dot products into int32 */

/* A strided view of a buffer. Strides are in elements (DirectML's convention) and never negative. */
typedef struct pydml_tensor {
    uint32_t data_type;              /* DML_TENSOR_DATA_TYPE_* or PYDML_DATA_TYPE_BFLOAT16 */
    uint32_t dim_count;              /* 1 .. PYDML_MAX_DIMS */
    uint32_t sizes[8];
    uint64_t strides[8];
    void* data;
    uint64_t buffer_bytes;           /* bytes readable/writable from data */
} pydml_tensor;

/** Human-readable name of a status ("success", "invalid parameter", ...). Never NULL. */
const char* pydml_status_string(pydml_status status);

/** Element size in bits of a data type code, 0 when unknown. */
uint32_t pydml_data_type_bits(uint32_t data_type);

/**
 * DMLCalcBufferTensorSize: minimum bytes of a buffer tensor, as DirectMLX.h computes it (32-bit
 * index arithmetic with strides, rounded up to a multiple of 4 bytes).
 * @param strides NULL for packed. Returns 0 for an unknown data type.
 */
uint64_t pydml_calc_buffer_tensor_size(uint32_t data_type, uint32_t dim_count,
                                       const uint32_t* sizes, const uint32_t* strides);

/**
 * Checks a view against its buffer.
 * @retval PYDML_STATUS_SUCCESS every element it describes lies inside buffer_bytes (INT4/UINT4:
 *         two elements per byte, element e in byte e / 2).
 * @retval PYDML_STATUS_INVALID_PARAMETER bad dim_count, a zero size, NULL data, unknown type.
 * @retval PYDML_STATUS_OUT_OF_BOUNDS the last element lies past buffer_bytes (or overflows).
 */
pydml_status pydml_tensor_check(const pydml_tensor* tensor);

/** CPU features this machine has (PYDML_CPU_* bits), capped by the environment variable
 *  PYDML_ISA=avx512|avx2|portable as it was when the library was loaded. */
uint32_t pydml_cpu_features(void);
/** Restricts the kernels to the given feature bits (0 = portable C only); returns the active set. */
uint32_t pydml_set_cpu_features(uint32_t mask);
/** The feature bits the kernels currently use. */
uint32_t pydml_active_cpu_features(void);
/** Sets the number of OpenMP threads the kernels use (0 = default); returns the previous value. */
int pydml_set_num_threads(int threads);
/** Nanoseconds since an execution's team of more than one thread last ended (UINT64_MAX: none
 *  yet). From PYDML_TEAM_COLD_NS (3 ms) on, its workers are taken to be asleep: executions then keep
 *  small steps on the calling thread (graph executions: pydml_graph_alone_steps_after_idle). */
uint64_t pydml_team_idle_ns(void);

/* ---- Resampling (native/families/resample.c) ------------------------------------------------------- */

/* How NEAREST_NEIGHBOR turns a source coordinate x into an index (then clamped to [0, n-1]). */
typedef enum pydml_rounding {
    PYDML_ROUND_HALF_UP = 0,  /* floor(x + 0.5): RESAMPLE, RESAMPLE1, RESAMPLE_GRAD, UPSAMPLE_2D */
    PYDML_ROUND_FLOOR = 1,    /* DML_AXIS_DIRECTION_DECREASING */
    PYDML_ROUND_CEIL = 2      /* DML_AXIS_DIRECTION_INCREASING */
} pydml_rounding;

/* Per axis d: the forward output element o samples the input at x = (o - out_off[d]) / scale[d] - in_off[d]. */
typedef struct pydml_resample_params {
    uint32_t dim_count;                  /* 1 .. PYDML_MAX_DIMS */
    uint32_t input_sizes[8];             /* the forward op's input sizes */
    uint32_t output_sizes[8];            /* the forward op's output sizes */
    float scales[8];
    float input_pixel_offsets[8];
    float output_pixel_offsets[8];
    uint32_t interpolation_mode;         /* DML_INTERPOLATION_MODE */
    uint32_t rounding;                   /* pydml_rounding, NEAREST_NEIGHBOR only */
    uint32_t antialiased;                /* LINEAR only: widen the filter when downscaling */
} pydml_resample_params;

typedef struct pydml_resample_plan pydml_resample_plan;

/**
 * Builds the per-axis tap tables shared by forward and backward.
 * @retval PYDML_STATUS_INVALID_PARAMETER bad counts, zero sizes, non-finite or non-positive scale,
 *         non-finite offsets, or a coordinate that is not finite.
 * @retval PYDML_STATUS_OUT_OF_MEMORY
 */
pydml_status pydml_resample_plan_create(const pydml_resample_params* params, pydml_resample_plan** plan);
void pydml_resample_plan_destroy(pydml_resample_plan* plan);

/**
 * output = resample(input). Both views must have the plan's sizes (input_sizes / output_sizes).
 * @retval PYDML_STATUS_INVALID_PARAMETER sizes differ from the plan, types differ.
 * @retval PYDML_STATUS_UNSUPPORTED_PARAMETER a data type the kernel has no path for.
 * @retval PYDML_STATUS_OUT_OF_BOUNDS a view reaches past its buffer.
 */
pydml_status pydml_resample_forward(const pydml_resample_plan* plan, const pydml_tensor* input,
                                    const pydml_tensor* output);

/**
 * output_gradient = adjoint of resample applied to input_gradient (a gather, deterministic).
 * input_gradient has the plan's output_sizes, output_gradient its input_sizes.
 * Same status codes as pydml_resample_forward.
 */
pydml_status pydml_resample_backward(const pydml_resample_plan* plan, const pydml_tensor* input_gradient,
                                     const pydml_tensor* output_gradient);

/* ---- Convolution (native/families/convolution.c) --------------------------------------------------- */

/* A fused activation applied after the bias: y = f(x). type is a DML_OPERATOR_TYPE
 * (DML_OPERATOR_INVALID = none). params, by type:
 *   LINEAR, HARD_SIGMOID, SCALED_TANH, PARAMETRIC_SOFTPLUS: {Alpha, Beta}
 *   LEAKY_RELU, THRESHOLDED_RELU, ELU, CELU: {Alpha};  SCALED_ELU: {Alpha, Gamma}
 *   SOFTPLUS: {Steepness};  SHRINK: {Bias, Threshold}
 *   ELEMENT_WISE_CLIP: {Min, Max, Scale, Bias} (Scale 1, Bias 0 when ScaleBias is NULL)
 *   SIGMOID, TANH, RELU, SOFTSIGN, IDENTITY, GELU: none */
typedef struct pydml_activation {
    uint32_t type;
    float params[4];
} pydml_activation;

typedef struct pydml_convolution_params {
    uint32_t spatial_dims;               /* 1 .. 3 (tensors have spatial_dims + 2 dimensions) */
    uint32_t mode;                       /* DML_CONVOLUTION_MODE */
    uint32_t direction;                  /* DML_CONVOLUTION_DIRECTION */
    uint32_t group_count;
    uint32_t strides[3];
    uint32_t dilations[3];
    uint32_t start_padding[3];
    uint32_t end_padding[3];
    uint32_t output_padding[3];
    uint32_t input_sizes[5];             /* {N, C, spatial...} */
    uint32_t filter_sizes[5];            /* {filter dim 0, filter dim 1, kernel...} */
    uint32_t output_sizes[5];
    uint32_t data_type;                  /* of all tensors */
    uint32_t has_bias;
    uint32_t allow_half_precision;       /* DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION */
    pydml_activation activation;
} pydml_convolution_params;

typedef struct pydml_convolution_plan pydml_convolution_plan;

/**
 * Checks the geometry (output size formula of the direction, channels vs groups and filter) and
 * precomputes what execution needs.
 * @retval PYDML_STATUS_INVALID_PARAMETER inconsistent geometry.
 * @retval PYDML_STATUS_UNSUPPORTED_PARAMETER data type or activation without a path.
 * @retval PYDML_STATUS_OUT_OF_MEMORY
 */
pydml_status pydml_convolution_plan_create(const pydml_convolution_params* params,
                                           pydml_convolution_plan** plan);
void pydml_convolution_plan_destroy(pydml_convolution_plan* plan);

/**
 * output = activation(conv(input, filter) + bias). bias may be NULL only if the plan has none.
 * Views must match the plan's sizes and type; each is checked against its buffer.
 * @retval PYDML_STATUS_INVALID_PARAMETER @retval PYDML_STATUS_OUT_OF_BOUNDS
 * @retval PYDML_STATUS_OUT_OF_MEMORY (scratch space)
 */
pydml_status pydml_convolution_execute(const pydml_convolution_plan* plan, const pydml_tensor* input,
                                       const pydml_tensor* filter, const pydml_tensor* bias,
                                       const pydml_tensor* output);

/* ---- Descriptor-level API for C programs (native/api/capi.c) ------------------------------------
 * The one operator lifecycle, which Python's Device, graphs and the command line use too:
 *   pydml_operator_create (validate once, at the device's feature level; build the plan)
 *   -> pydml_operator_get_binding_properties (binding order, temporary and persistent bytes)
 *   -> pydml_operator_initialize (bind the DML_TENSOR_FLAG_OWNED_BY_DML inputs once; kept)
 *   -> pydml_operator_execute (bind the others and the outputs, and a temporary buffer or none; run).
 * Every operator pydml_operator_type_executes() names runs through it (`pydml list`). Messages
 * read "DESC.Field[i]: rule, got value", as pydml's Python errors do. Executions of different
 * operators may run at the same time from several threads: they share a budget of
 * pydml_set_num_threads() threads instead of oversubscribing the cores; executions of one operator
 * take turns, except where its scratch is the temporary buffer (temporary_bytes > 0). A buffer bound here must hold the tensor's TotalTensorSizeInBytes, as
 * DirectML requires; Python binds arrays by the bytes they reach. */

/* Memory bound to one tensor field: its first byte and how many bytes may be touched. */
typedef struct pydml_buffer {
    void* data;
    uint64_t size_in_bytes;
} pydml_buffer;

typedef struct pydml_operator pydml_operator;

/* The first rule a desc breaks, in parts: message = "desc.field: rule[, got value]". */
typedef struct pydml_diagnostic {
    char message[1024];
    char desc[160];                  /* DML_GEMM_OPERATOR_DESC, or a nested path */
    char field[192];                 /* BTensor.Sizes[2]; "" for the desc as a whole */
    char rule[640];
    char value[192];                 /* the offending value as text, when has_value */
    uint32_t has_value;
    uint32_t required_level;         /* a DML_FEATURE_LEVEL that would accept it, else 0 */
} pydml_diagnostic;


/**
 * Validates desc for a device created at feature_level (a DML_FEATURE_LEVEL value).
 * @param message receives the first broken rule (may be NULL when message_size is 0).
 * @retval PYDML_STATUS_SUCCESS the desc is valid.
 * @retval PYDML_STATUS_INVALID_PARAMETER the desc breaks a rule (see message).
 * @retval PYDML_STATUS_UNSUPPORTED_PARAMETER an operator type the C API does not handle.
 */
pydml_status pydml_validate_operator(const DML_OPERATOR_DESC* desc, uint32_t feature_level,
                                     char* message, size_t message_size);

/**
 * pydml_validate_operator with the verdict in parts (what pydml's Python ValidationError carries).
 * diagnostic must not be NULL; it is cleared first.
 */
pydml_status pydml_validate_operator_ex(const DML_OPERATOR_DESC* desc, uint32_t feature_level,
                                        pydml_diagnostic* diagnostic);

/**
 * pydml_operator_create with the verdict in parts: diagnostic (may be NULL) receives the first
 * broken rule, as pydml_validate_operator_ex gives it, or a message-only diagnostic when the desc
 * is valid but has no kernel path (UNSUPPORTED_PARAMETER) or memory ran out.
 */
pydml_status pydml_operator_create_ex(const DML_OPERATOR_DESC* desc, uint32_t feature_level,
                                      uint32_t execution_flags, pydml_operator** op,
                                      pydml_diagnostic* diagnostic);

/**
 * Validates and compiles desc (IDMLDevice::CreateOperator + CompileOperator). The desc and its
 * arrays may be freed afterwards. Same status codes as pydml_validate_operator, plus OUT_OF_MEMORY.
 */
pydml_status pydml_operator_create(const DML_OPERATOR_DESC* desc, uint32_t feature_level,
                                   uint32_t execution_flags, pydml_operator** op,
                                   char* message, size_t message_size);

/**
 * Runs a compiled operator. inputs are the desc's input tensor fields in struct order (an absent
 * optional tensor, e.g. BiasTensor, takes a {NULL, 0} entry; a tensor array such as JOIN's
 * InputTensors takes one entry per element, in order); outputs likewise.
 * @retval PYDML_STATUS_INVALID_PARAMETER wrong counts, NULL data for a bound tensor, a buffer
 *         smaller than the tensor's TotalTensorSizeInBytes.
 * @retval PYDML_STATUS_OUT_OF_BOUNDS a view would reach past its buffer (re-checked by the kernels).
 */
pydml_status pydml_operator_execute(const pydml_operator* op, const pydml_buffer* inputs,
                                    uint32_t input_count, const pydml_buffer* outputs,
                                    uint32_t output_count, char* message, size_t message_size);

/**
 * pydml_operator_execute on tensor views instead of buffers: each view carries its own sizes
 * (which must equal the desc's), element strides (which may differ from the desc's) and the byte
 * size of the memory behind it; every view is checked against that memory before any access.
 * inputs[i] is NULL for an absent optional input.
 */
pydml_status pydml_operator_execute_views(const pydml_operator* op, const pydml_tensor* const* inputs,
                                          uint32_t input_count, const pydml_tensor* const* outputs,
                                          uint32_t output_count, char* message, size_t message_size);

/** 1 when pydml_operator_create compiles this DML_OPERATOR_TYPE (it executes), else 0. */
int pydml_operator_type_executes(uint32_t type);

/** 1 when an output of this operator type may be the very memory of an input (same data, sizes
 * and strides): each output element depends only on the same element of the inputs. */
int pydml_operator_type_in_place(uint32_t type);

/**
 * Memory for outputs: at least `bytes` bytes, 64-byte aligned, NULL when out of memory. Buffers of
 * 1 MiB and more use transparent huge pages where available and, once released, are reused by
 * the next acquire of a similar size (up to 1 GiB kept). Release with pydml_buffer_release only.
 */
void* pydml_buffer_acquire(uint64_t bytes);
void pydml_buffer_release(void* buffer);
/** Frees every released buffer the pool keeps. */
void pydml_buffer_pool_trim(void);

/* IDMLDispatchable::GetBindingProperties. temporary_bytes: the scratch one execution needs (the
 * temporary buffer of pydml_operator_execute_ex), for the largest team pydml_set_num_threads allows;
 * 0 for operators whose kernels keep their scratch in the compiled plan. persistent_bytes: what
 * initialize keeps (the OWNED_BY_DML inputs' copies). */
typedef struct pydml_binding_properties {
    uint32_t input_count;
    uint32_t output_count;
    uint64_t temporary_bytes;
    uint64_t persistent_bytes;
} pydml_binding_properties;

pydml_status pydml_operator_get_binding_properties(const pydml_operator* op,
                                                   pydml_binding_properties* properties);

#define PYDML_BINDING_PRESENT 1       /* the desc has this tensor (optional ones may be absent) */
#define PYDML_BINDING_OWNED_BY_DML 2  /* bound once, by pydml_operator_initialize */

/** Binding `index` of the inputs (is_output 0) or outputs: its name ("BiasTensor",
 * "InputTensors[2]"), NULL when out of range; and its PYDML_BINDING_* flags, 0 out of range. */
const char* pydml_operator_binding_name(const pydml_operator* op, uint32_t is_output, uint32_t index);
uint32_t pydml_operator_binding_flags(const pydml_operator* op, uint32_t is_output, uint32_t index);

/**
 * IDMLOperatorInitializer: binds the DML_TENSOR_FLAG_OWNED_BY_DML inputs, each copied into memory
 * the operator keeps (laid out as its desc says); executions then take them unbound ({NULL, 0},
 * DML_BINDING_TYPE_NONE). inputs has input_count entries in binding order: every owned input
 * bound, every other {NULL, 0}. May be called again to replace the copies.
 */
pydml_status pydml_operator_initialize(pydml_operator* op, const pydml_buffer* inputs, uint32_t input_count,
                                       char* message, size_t message_size);
/** pydml_operator_initialize on views (NULL for the inputs that are not owned). */
pydml_status pydml_operator_initialize_views(pydml_operator* op, const pydml_tensor* const* inputs,
                                             uint32_t input_count, char* message, size_t message_size);

/**
 * pydml_operator_execute with DirectML's temporary resource: `temporary` (NULL or {NULL, 0}: none)
 * must hold at least pydml_binding_properties.temporary_bytes and share no memory with a binding.
 * Without one, an operator that needs scratch takes it from memory its calling thread keeps.
 * Executions that run at the same time need different temporary buffers, as in DirectML.
 * @retval PYDML_STATUS_INVALID_PARAMETER a temporary buffer too small or overlapping a binding.
 */
pydml_status pydml_operator_execute_ex(const pydml_operator* op, const pydml_buffer* inputs,
                                       uint32_t input_count, const pydml_buffer* outputs,
                                       uint32_t output_count, const pydml_buffer* temporary, char* message,
                                       size_t message_size);
/** pydml_operator_execute_views with a temporary buffer (see pydml_operator_execute_ex). */
pydml_status pydml_operator_execute_views_ex(const pydml_operator* op, const pydml_tensor* const* inputs,
                                             uint32_t input_count, const pydml_tensor* const* outputs,
                                             uint32_t output_count, const pydml_buffer* temporary,
                                             char* message, size_t message_size);

/** Number of input and output bindings a compiled operator takes. */
uint32_t pydml_operator_input_count(const pydml_operator* op);
uint32_t pydml_operator_output_count(const pydml_operator* op);

void pydml_operator_destroy(pydml_operator* op);

/**
 * Two operators of one desc structure whose descs differ only in integers (sizes, strides, byte
 * sizes, integer attributes): a decoder step's operators at two past lengths. Each integer that
 * differs is taken as affine in a parameter s: b's value at s = 0, a's at s = -1
 * (pydml/onnx/template.py's rule, which decides when such a fit is trusted).
 * @retval PYDML_STATUS_SUCCESS *fit receives the fit (pydml_operator_fit_release frees it).
 * @retval PYDML_STATUS_INVALID_PARAMETER the descs differ in anything else (operator or data type,
 *         flags, a count, an enum, a float, an optional tensor present in one only), an integer
 *         that differs is below 2 in either, or the operators' levels or execution flags differ.
 * @retval PYDML_STATUS_OUT_OF_MEMORY
 */
typedef struct pydml_operator_fit pydml_operator_fit;
pydml_status pydml_operator_fit_create(const pydml_operator* a, const pydml_operator* b, pydml_operator_fit** fit);
/** The number of integers that vary in fit. */
uint32_t pydml_operator_fit_sites(const pydml_operator_fit* fit);
/**
 * Creates the operator of fit's desc at s = numerator / denominator (each varying integer
 * b + s (b - a)), validated and compiled as pydml_operator_create_ex does at b's level and flags.
 * max_elements (0: none) bounds the logical elements of each of its tensors, as a Python Device's
 * max_elements does.
 * @retval PYDML_STATUS_INVALID_PARAMETER an integer is not whole, below 2 or out of its field's
 *         range at s (diagnostic's message says which), a tensor past max_elements, or the desc
 *         breaks a rule there.
 */
pydml_status pydml_operator_create_fitted(const pydml_operator_fit* fit, int64_t numerator,
                                          int64_t denominator, uint64_t max_elements,
                                          pydml_operator** op, pydml_diagnostic* diagnostic);
/** 1 when op's desc, level and flags are fit's at s = numerator / denominator, else 0. */
int pydml_operator_fit_predicts(const pydml_operator_fit* fit, int64_t numerator, int64_t denominator,
                                const pydml_operator* op);
void pydml_operator_fit_release(pydml_operator_fit* fit);

/**
 * Counts, since the library was loaded, of GEMM executions (DML_OPERATOR_GEMM, in any operator or
 * graph node) by where their B came from: `prepared`, the panels packed once when an
 * OWNED_BY_DML BTensor was initialized (by pydml_operator_initialize, or a graph's initialize for
 * its copy); `packed`, B packed by the execution itself; `in_place`, B read where it lies (a
 * FLOAT32 B with unit stride along N and one or two row strips of output, streamed whether owned
 * or not); `allocated`, executions that allocated their scratch because the workspace they were
 * given was too small even for one thread (the C API always gives enough: 0 unless a bug). For
 * tests and profiling: relaxed atomic counters shared by all threads. NULL pointers are skipped.
 */
void pydml_debug_prepared_stats(uint64_t* prepared, uint64_t* packed, uint64_t* in_place, uint64_t* allocated);

/**
 * GEMM panels packed from OWNED_BY_DML memory that never changes (pydml_graph_initialize_shared)
 * and shared by every GEMM operator offered the same memory and view: `entries` such packings
 * alive, `references` the operators holding them (each entry is freed with its last holder). For
 * tests. NULL pointers are skipped.
 */
void pydml_debug_shared_panels(uint64_t* entries, uint64_t* references);

/** GEMM executions that read a few output rows' B from its initialize-packed panels (gemm.c
 *  gemm_pre_rows, the x86 paths), so a test can tell that path ran. */
uint64_t pydml_debug_gemm_pre_rows_runs(void);

/**
 * Counts, since the library was loaded, of element-wise executions (any operator, graph node or
 * fused row) by the special path they took: `transposed`, an IDENTITY copy through permuted strides
 * in register-transposed tiles; `row_copies`, an IDENTITY copy of short contiguous runs copied whole;
 * `periodic`, a run merged across a row an input repeats (an attention mask over its scores). For
 * tests and profiling: relaxed atomic counters. NULL pointers are skipped.
 */
void pydml_debug_elementwise_stats(uint64_t* transposed, uint64_t* row_copies, uint64_t* periodic);

/**
 * Counts, since the library was loaded, of REDUCE, ARGMAX and ARGMIN executions (any operator or
 * graph node) by the whole-row path they took: `columns`, tiles over a middle axis (reduce.c
 * cols_rows, cols_ext_rows, cols_arg_rows); `arg_lines`, ARGMAX / ARGMIN over a contiguous last
 * axis (line_arg). For tests and profiling: relaxed atomic counters. NULL pointers are skipped.
 */
void pydml_debug_reduce_stats(uint64_t* columns, uint64_t* arg_lines);

/**
 * Counts, since the library was loaded, of element-wise runs (contiguous spans of one execution)
 * that a FLOAT32 ADD, SUBTRACT, MULTIPLY or DIVIDE (with no fused activation or a RELU) computed in
 * one pass: `streamed`, past the last-level cache, streamed from the registers to the output;
 * `cached`, in the cache, with ordinary stores (the other runs go through the engine's stage). For
 * tests and profiling: relaxed atomic counters. NULL pointers are skipped.
 */
void pydml_debug_elementwise_binary_rows(uint64_t* streamed, uint64_t* cached);

/**
 * Counts, since the library was loaded, of DML_OPERATOR_CONVOLUTION executions (any operator, graph
 * node or pydml_convolution_execute) by where their packed filter came from: `prepared`, packed once
 * when an OWNED_BY_DML FilterTensor was initialized; `packed`, packed by the execution into its
 * workspace; `allocated`, executions that allocated their scratch because they were given no
 * workspace large enough for one thread (pydml_convolution_execute always; the C API never). For
 * tests and profiling: relaxed atomic counters shared by all threads. NULL pointers are skipped.
 */
void pydml_debug_convolution_stats(uint64_t* prepared, uint64_t* packed, uint64_t* allocated);

/**
 * Counts, since the library was loaded, of DML_OPERATOR_CONVOLUTION executions by the path their
 * work took: counts[0] pointwise (1x1), [1] the folded stem kernel, [2] the direct depthwise rows
 * (width stride 1 or 2, input rows read in place), [3] the dense engine's band, [4] the plane
 * engine's band, [5] the flat depthwise planes; then [6] the pointwise executions (of [0]) whose
 * items split the output channels too. The first min(n, 7) are written. For tests and profiling:
 * relaxed atomic counters.
 */
void pydml_debug_convolution_paths(uint64_t* counts, uint32_t n);

/**
 * The number of max pooling executions, since the library was loaded, that ran as flat plane runs
 * (FLOAT32 without indices, stride 1, the output the input's size, planes of at most 1024
 * outputs, an x86 vector path). For tests and profiling: a relaxed atomic counter.
 */
uint64_t pydml_debug_pooling_flat_runs(void);

/**
 * Counts, since the library was loaded, of resample executions (RESAMPLE*, RESAMPLE_GRAD*, any
 * operator, graph node or plan call) whose rows were gathered as they are, without the float row
 * between (`nearest_rows`: every resampled axis reads one source of weight 1, rows contiguous). For
 * tests and profiling: a relaxed atomic counter. NULL is skipped.
 */
void pydml_debug_resample_stats(uint64_t* nearest_rows);

/**
 * SOFTMAX rows' lane trees (native/families/softmax.c), on the ISA path active now: the maximum of
 * `maxima` (64 floats), the minimum of `minima` (32 floats) into `extrema[0]` and `extrema[1]`, and
 * the sum of `sums` (32 doubles) into `*sum`, each folded pairwise as the row kernels fold their
 * lanes (lane j with lane j + w, w halving). For tests: every path must give the portable loops'
 * bits, which a row's outputs seldom show (a sum one double ulp off rarely moves a float output).
 */
void pydml_debug_softmax_trees(const float* maxima, const float* minima, const double* sums, float* extrema,
                               double* sum);

/* ---- Binding properties (native/api/capi.c) ---------------------------------------------------- */

/* One binding of a compiled operator, as its desc declares it. */
typedef struct pydml_binding_info {
    pydml_tensor tensor;             /* data type, sizes and element strides; data NULL, buffer_bytes 0 */
    uint64_t total_bytes;            /* TotalTensorSizeInBytes */
    uint32_t present;                /* 0: an absent optional tensor (no desc, nothing to bind) */
    uint32_t optional;               /* the field is _Maybenull_ (BiasTensor, OutputIndicesTensor) */
    uint32_t flags;                  /* DML_TENSOR_FLAGS (OWNED_BY_DML) */
    char name[48];                   /* "BTensor", "InputTensors[3]" */
} pydml_binding_info;

/** The desc struct name of a compiled operator ("DML_GEMM_OPERATOR_DESC"); "" for NULL. */
const char* pydml_operator_desc_name(const pydml_operator* op);

/**
 * Input (is_output 0) or output binding `index` of a compiled operator, in pydml_operator_execute's
 * order. @retval PYDML_STATUS_INVALID_PARAMETER NULL arguments or index out of range.
 */
pydml_status pydml_operator_binding_info(const pydml_operator* op, uint32_t is_output, uint32_t index,
                                         pydml_binding_info* info);

/* ---- Operator graphs (native/graph/graph.c): IDMLDevice1::CompileGraph -------------------------------
 * A DML_GRAPH_DESC built against DirectML.h. Until pydml has a COM API, a
 * DML_OPERATOR_GRAPH_NODE_DESC's Operator (an IDMLOperator* in directml.h) is a pydml_operator*
 * made by pydml_operator_create, cast: `node.Operator = (IDMLOperator*)op;`. DirectML's compiled
 * graph keeps no reference to the operators; pydml's executes through them, so each operator must
 * outlive the graph (release the graph first). Constant nodes' Data, Names and the desc's arrays
 * are copied: they may be freed after pydml_graph_compile returns.
 *
 * Fusion (compile time): an activation node that DirectML can fuse (the FusedActivation page's
 * list, from its feature level) whose one input is output 0 of a CONVOLUTION, GEMM,
 * BATCH_NORMALIZATION(_TRAINING), MEAN_VARIANCE_NORMALIZATION(1, 2), ELEMENT_WISE_ADD1 or
 * ELEMENT_WISE_ADD node read by nothing else (no other node, no graph output) runs inside that
 * node: its operator is re-created from its desc with FusedActivation set (ADD becomes ADD1), at
 * its feature level and flags, validated as any desc; where that is refused nothing fuses. An
 * ELEMENT_WISE_ADD of a CONVOLUTION's output (no BiasTensor) and a per-channel broadcast from a
 * graph input or a constant becomes that convolution's BiasTensor the same way. Fused results
 * equal the unfused ones within the operators' tolerances.
 *
 * Execution runs the operator nodes in one topological order (the lowest ready node index first)
 * or, with PYDML_GRAPH_CONCURRENT, when independent nodes exist and the thread budget has more
 * than one thread, on several threads at once, each node drawing its team from the budget
 * (pydml_set_num_threads); a node
 * starts only after its producers and after every reader of the arena memory it overwrites. Each
 * node runs through the same kernel pydml_operator_execute_views runs, and kernels give the same
 * bits on any team size, so without fusion a graph's results are the bits of its nodes executed
 * one by one, on any thread count. Intermediate tensors live in one arena planned at compile
 * time by liveness (pydml_graph_memory_bytes is its size). Graph inputs whose connected tensors
 * carry DML_TENSOR_FLAG_OWNED_BY_DML are bound once, by pydml_graph_initialize (which copies
 * them), and are bound as {NULL, 0} at execution.
 *
 * DirectML has no DML_EXECUTION_FLAGS value that turns fusion off, so pydml has options of its
 * own (pydml_graph_compile_ex); pydml_graph_compile takes them from the environment:
 * PYDML_GRAPH_FUSION=0 sets PYDML_GRAPH_NO_FUSION, PYDML_GRAPH_CONCURRENCY=1 PYDML_GRAPH_CONCURRENT
 * (=0 PYDML_GRAPH_SERIAL). One node at a time is the default, as onnxruntime's sequential
 * execution mode is: every node's kernel uses the whole team, and independent nodes beside each
 * other on parts of it measured slower in every real model tried (docs/design.md, "Concurrency"). */

#define PYDML_GRAPH_NO_FUSION 1      /* run every node as given */
#define PYDML_GRAPH_SERIAL 2         /* one node at a time, in execution order (the default) */
#define PYDML_GRAPH_CONCURRENT 4     /* independent nodes may run side by side (unless SERIAL too) */

typedef struct pydml_graph pydml_graph;

/**
 * Checks every rule of DML_GRAPH_DESC and its nodes and edges, plans the execution.
 * Each broken rule names the node or edge by index and Name, the field and the rule, in
 * `diagnostic` (desc "DML_GRAPH_DESC", field "IntermediateEdges[3].ToNodeInputIndex", ...).
 * @param execution_flags DML_EXECUTION_FLAGS (checked; the operators keep the flags they were
 *        created with).
 * @param diagnostic may be NULL.
 * @retval PYDML_STATUS_INVALID_PARAMETER a broken rule. @retval PYDML_STATUS_OUT_OF_MEMORY
 */
pydml_status pydml_graph_compile(const DML_GRAPH_DESC* desc, uint32_t execution_flags, pydml_graph** graph,
                                 pydml_diagnostic* diagnostic);

/** pydml_graph_compile with PYDML_GRAPH_* options (0: fusion and concurrency, whatever the
 * environment says). */
pydml_status pydml_graph_compile_ex(const DML_GRAPH_DESC* desc, uint32_t execution_flags, uint32_t options,
                                    pydml_graph** graph, pydml_diagnostic* diagnostic);

/** The node whose operator runs node `node`'s activation (fusion), UINT32_MAX when none does. */
uint32_t pydml_graph_fused_into(const pydml_graph* graph, uint32_t node);
/** 1 when the graph runs node `node` through an operator of its own, re-created from the node's
 * (a fused activation or folded bias, or a private copy of an operator that several nodes share
 * and that prepares each node's owned inputs), else 0. */
int pydml_graph_node_has_own_operator(const pydml_graph* graph, uint32_t node);
/** Per-step profiling: enable 1 starts (or restarts from zero) summing the time each execution
 * step spends in its operator over the executions that follow (wall time; 2: the CPU time of the
 * thread running the step, which leaves out its helper threads); 0 stops it. Safe while the graph
 * executes on other threads (steps in flight may or may not be counted). @retval PYDML_STATUS_OUT_OF_MEMORY */
pydml_status pydml_graph_profile(pydml_graph* graph, int enable);
/** The nanoseconds summed per execution step (in pydml_graph_execution_order's order) into `ns`
 * (up to `capacity`); returns the step count, 0 when profiling is off. */
uint32_t pydml_graph_step_times(const pydml_graph* graph, uint64_t* ns, uint32_t capacity);
/** 1 when some operators of the graph may run side by side (given a thread budget above 1). */
int pydml_graph_concurrent(const pydml_graph* graph);
/** Per execution step (in pydml_graph_execution_order's order) into `alone` (up to `capacity`):
 * 1 when the step runs on the calling thread alone (too small for a team: fixed when the graph was
 * compiled, from its shapes, the environment's OMP_WAIT_POLICY / GOMP_SPINCOUNT and
 * PYDML_GRAPH_TEAM_MACS), 0 when it runs on a team; returns the step count. */
uint32_t pydml_graph_alone_steps(const pydml_graph* graph, uint8_t* alone, uint32_t capacity);
/** pydml_graph_alone_steps for an execution that starts after the thread team has been idle for
 * 3 ms or more (its workers asleep: waking them costs far more then, so steps below the
 * sleeping team's bar run alone too). Results never depend on either classification. */
uint32_t pydml_graph_alone_steps_after_idle(const pydml_graph* graph, uint8_t* alone, uint32_t capacity);

/** Bytes of the intermediate arena: the peak of simultaneously live intermediate tensors. */
uint64_t pydml_graph_memory_bytes(const pydml_graph* graph);
/** Bytes the intermediates would take without sharing (the sum of their sizes). */
uint64_t pydml_graph_intermediate_bytes(const pydml_graph* graph);
uint32_t pydml_graph_input_count(const pydml_graph* graph);
uint32_t pydml_graph_output_count(const pydml_graph* graph);
/** Minimum bytes of the buffer bound to graph input `index` (0: it feeds no node). */
uint64_t pydml_graph_input_bytes(const pydml_graph* graph, uint32_t index);
/** 1 when graph input `index` is bound by pydml_graph_initialize (DML_TENSOR_FLAG_OWNED_BY_DML). */
int pydml_graph_input_owned(const pydml_graph* graph, uint32_t index);
/** Minimum bytes of the buffer bound to graph output `index`. */
uint64_t pydml_graph_output_bytes(const pydml_graph* graph, uint32_t index);
/**
 * The binding that produces graph output `index` (its node's output tensor as the desc declares
 * it): what a caller allocates and how it reads the result. INVALID_PARAMETER when out of range.
 */
pydml_status pydml_graph_output_info(const pydml_graph* graph, uint32_t index, pydml_binding_info* info);
/** The operator nodes in execution order: `order` receives up to `capacity` node indices; returns the
 * count: the operators the graph runs (a fused activation node is not among them). */
uint32_t pydml_graph_execution_order(const pydml_graph* graph, uint32_t* order, uint32_t capacity);

/**
 * IDMLOperatorInitializer: binds (copies) the OWNED_BY_DML graph inputs. inputs has input_count
 * == pydml_graph_input_count entries in GraphInputIndex order: an owned input takes its buffer,
 * every other input {NULL, 0}. May be called again to rebind.
 * @retval PYDML_STATUS_INVALID_PARAMETER a count, an owned input left unbound, another bound, a
 *         buffer too small. @retval PYDML_STATUS_OUT_OF_MEMORY
 */
pydml_status pydml_graph_initialize(pydml_graph* graph, const pydml_buffer* inputs, uint32_t input_count,
                                    char* message, size_t message_size);
/**
 * pydml_graph_initialize without the copy: the graph reads the owned inputs from the caller's
 * buffers, which must stay alive and unchanged until the graph is released or initialized again
 * (pydml.onnx binds a model's initializers so: one copy of the weights however many plans share them).
 */
pydml_status pydml_graph_initialize_borrowed(pydml_graph* graph, const pydml_buffer* inputs, uint32_t input_count,
                                             char* message, size_t message_size);
/**
 * pydml_graph_initialize_borrowed for memory that never changes while any graph borrows it (a
 * model's weights): graphs that borrow exactly the same buffers, with the same views, through the
 * same operator share one preparation of them (GEMM's packed B panels, a convolution's packed
 * filter) instead of each replacing the other's, so plans of one model run in turn without packing
 * again (pydml.onnx's plans, one per input-shape signature, share operators and initializers).
 */
pydml_status pydml_graph_initialize_shared(pydml_graph* graph, const pydml_buffer* inputs, uint32_t input_count,
                                           char* message, size_t message_size);

/**
 * Runs every node once. inputs: pydml_graph_input_count entries in GraphInputIndex order ({NULL, 0}
 * for an OWNED_BY_DML input and for one that feeds nothing); outputs: pydml_graph_output_count
 * entries in GraphOutputIndex order. Outputs must not overlap each other or an input. Safe to call
 * from several threads at once (a call that finds the graph's arena in use allocates its own).
 * @retval PYDML_STATUS_INVALID_PARAMETER binding errors (message names the graph input or output
 *         and the node reading it), or a node's failure (message prefixed by the node).
 */
pydml_status pydml_graph_execute(const pydml_graph* graph, const pydml_buffer* inputs, uint32_t input_count,
                                 const pydml_buffer* outputs, uint32_t output_count, char* message,
                                 size_t message_size);

void pydml_graph_release(pydml_graph* graph);

/* pydml-cdef-end */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PYDML_PYDML_H */
