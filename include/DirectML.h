/*
 * DirectML.h — a directml.h-compatible header for pydml (Linux, C11 and C++17).
 *
 * Declares every struct, union and enum of Microsoft's DirectML.h at DML_TARGET_VERSION 0x6400
 * (DirectX-Headers, "Update DirectML header to FL6.4"): same fields, field order, C types and
 * layouts, in Microsoft's order. A comment names the DML_TARGET_VERSION block of each group, but
 * nothing is conditional, and every enum value is written explicitly so no block can shift a
 * later one. COM interfaces appear only as opaque types that fields point to. Layout facts:
 * tests/abi_expected.py (every struct's size, alignment and field offsets on x86-64).
 *
 * Fields carry Microsoft's SAL annotations (_Maybenull_, _Field_size_(CountField), ...); pydml
 * derives each operator field's optional flag and count field from them. Below they are empty
 * macros unless sal.h defined them first, and pydml/_build_ffi.py strips them from the cdef text.
 *
 * The text between the pydml-cdef markers is also fed to cffi's cdef, so inside it:
 * no #include, no #if, no macros except integer #defines, and every type spelled with typedefs.
 * tests/test_abi.py and tests/test_header.py pin sizeof/offsetof of every struct and union, every
 * field and every enum value.
 *
 * C++ with DirectX-Headers' WSL adapter (Debian's directx-headers-dev): when wsl/winadapter.h and
 * directx/d3d12.h were included first, or can be (the WSL stubs folder is on the include path, as
 * `pkg-config --cflags DirectX-Headers` puts it), the header takes IUnknown, HRESULT, UINT, BOOL,
 * ID3D12Resource and the descriptor handles from them instead of declaring its own, and declares
 * DirectML's COM interfaces (IDMLObject ... IDMLDevice1) and DMLCreateDevice / DMLCreateDevice1 as
 * Microsoft's header does: same order, methods, IIDs and calling convention (tests/test_com.py
 * compares them with Microsoft's, tests/data/directml_com_interfaces.json). Unlike Microsoft's, it
 * also gives each interface its __CRT_UUID_DECL, so IID_PPV_ARGS(&dmlDevice) works on Linux; a
 * program that declares them itself (as one built against Microsoft's header must) defines
 * PYDML_NO_DML_UUIDS first. libdirectml.so implements them (docs/com.md). Without those headers,
 * C and C++ get the C view below, unchanged (PYDML_NO_COM forces it).
 */
#ifndef PYDML_DIRECTML_H
#define PYDML_DIRECTML_H

#include <stdint.h>
#include <stddef.h>

/* C++ with DirectX-Headers' WSL adapter: Windows' types come from it (see above). */
#if defined(__cplusplus) && !defined(PYDML_NO_COM) && !defined(PYDML_DIRECTML_COM)
#if defined(__d3d12_h__)
#define PYDML_DIRECTML_COM 1
#elif defined(__has_include)
#if __has_include(<wsl/winadapter.h>) && __has_include(<unknwn.h>) && __has_include(<directx/d3d12.h>)
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#define PYDML_DIRECTML_COM 1
#endif
#endif
#endif

/* SAL field annotations, spelled as in Microsoft's header: no-ops unless sal.h came first. */
#ifndef _Maybenull_
#define _Maybenull_
#endif
#ifndef _Field_z_
#define _Field_z_
#endif
#ifndef _Field_size_
#define _Field_size_(size)
#endif
#ifndef _Field_size_opt_
#define _Field_size_opt_(size)
#endif
#ifndef _Field_size_bytes_
#define _Field_size_bytes_(size)
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifndef PYDML_DIRECTML_COM
/* pydml-cdef-begin */

/* Windows scalar types (LLP64 and LP64 agree for these: no field is `long`). */
typedef uint8_t BYTE;
typedef int32_t BOOL;
typedef uint32_t UINT;
typedef int32_t INT;
typedef float FLOAT;
typedef double DOUBLE;
typedef uint64_t UINT64;
typedef int64_t INT64;
typedef uint32_t UINT32;
typedef int32_t INT32;
typedef uint16_t UINT16;
typedef int16_t INT16;
typedef uint8_t UINT8;
typedef int8_t INT8;
typedef int32_t HRESULT;
typedef size_t SIZE_T;

/* Opaque COM types that descs point to; pydml never looks inside them. */
typedef struct ID3D12Resource ID3D12Resource;

/* D3D12 descriptor handles (d3d12.h), held by value in DML_BINDING_TABLE_DESC. */
typedef struct D3D12_CPU_DESCRIPTOR_HANDLE {
    SIZE_T ptr;
} D3D12_CPU_DESCRIPTOR_HANDLE;

typedef struct D3D12_GPU_DESCRIPTOR_HANDLE {
    UINT64 ptr;
} D3D12_GPU_DESCRIPTOR_HANDLE;

/* pydml-cdef-end */
#endif /* !PYDML_DIRECTML_COM */

/* pydml-cdef-begin */

typedef struct IDMLOperator IDMLOperator;
typedef struct IDMLDispatchable IDMLDispatchable;

#define DML_TENSOR_DIMENSION_COUNT_MAX 5
#define DML_TENSOR_DIMENSION_COUNT_MAX1 8
#define DML_TEMPORARY_BUFFER_ALIGNMENT 256
#define DML_PERSISTENT_BUFFER_ALIGNMENT 256
#define DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT 16
#define DML_TARGET_VERSION 0x6400

/* Tensor descriptions. */

/* DML_TARGET_VERSION >= 0x1000 */

typedef enum DML_TENSOR_DATA_TYPE {
    DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
    DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    DML_TENSOR_DATA_TYPE_UINT32 = 3,
    DML_TENSOR_DATA_TYPE_UINT16 = 4,
    DML_TENSOR_DATA_TYPE_UINT8 = 5,
    DML_TENSOR_DATA_TYPE_INT32 = 6,
    DML_TENSOR_DATA_TYPE_INT16 = 7,
    DML_TENSOR_DATA_TYPE_INT8 = 8,
    DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    DML_TENSOR_DATA_TYPE_UINT64 = 10,
    DML_TENSOR_DATA_TYPE_INT64 = 11,
    DML_TENSOR_DATA_TYPE_UINT4 = 12,
    DML_TENSOR_DATA_TYPE_INT4 = 13
} DML_TENSOR_DATA_TYPE;

typedef enum DML_TENSOR_TYPE {
    DML_TENSOR_TYPE_INVALID = 0,
    DML_TENSOR_TYPE_BUFFER = 1
} DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS {
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1
} DML_TENSOR_FLAGS;

typedef struct DML_BUFFER_TENSOR_DESC {
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Sizes;
    _Field_size_opt_(DimensionCount) const UINT* Strides;
    UINT64 TotalTensorSizeInBytes;
    UINT GuaranteedBaseOffsetAlignment;
} DML_BUFFER_TENSOR_DESC;

typedef struct DML_TENSOR_DESC {
    DML_TENSOR_TYPE Type;
    const void* Desc;
} DML_TENSOR_DESC;

/* Operator types. */

/* DML_TARGET_VERSION >= 0x1000 */

typedef enum DML_OPERATOR_TYPE {
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_ELEMENT_WISE_IDENTITY = 1,
    DML_OPERATOR_ELEMENT_WISE_ABS = 2,
    DML_OPERATOR_ELEMENT_WISE_ACOS = 3,
    DML_OPERATOR_ELEMENT_WISE_ADD = 4,
    DML_OPERATOR_ELEMENT_WISE_ASIN = 5,
    DML_OPERATOR_ELEMENT_WISE_ATAN = 6,
    DML_OPERATOR_ELEMENT_WISE_CEIL = 7,
    DML_OPERATOR_ELEMENT_WISE_CLIP = 8,
    DML_OPERATOR_ELEMENT_WISE_COS = 9,
    DML_OPERATOR_ELEMENT_WISE_DIVIDE = 10,
    DML_OPERATOR_ELEMENT_WISE_EXP = 11,
    DML_OPERATOR_ELEMENT_WISE_FLOOR = 12,
    DML_OPERATOR_ELEMENT_WISE_LOG = 13,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND = 14,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS = 15,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN = 16,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN = 17,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT = 18,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR = 19,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR = 20,
    DML_OPERATOR_ELEMENT_WISE_MAX = 21,
    DML_OPERATOR_ELEMENT_WISE_MEAN = 22,
    DML_OPERATOR_ELEMENT_WISE_MIN = 23,
    DML_OPERATOR_ELEMENT_WISE_MULTIPLY = 24,
    DML_OPERATOR_ELEMENT_WISE_POW = 25,
    DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW = 26,
    DML_OPERATOR_ELEMENT_WISE_RECIP = 27,
    DML_OPERATOR_ELEMENT_WISE_SIN = 28,
    DML_OPERATOR_ELEMENT_WISE_SQRT = 29,
    DML_OPERATOR_ELEMENT_WISE_SUBTRACT = 30,
    DML_OPERATOR_ELEMENT_WISE_TAN = 31,
    DML_OPERATOR_ELEMENT_WISE_THRESHOLD = 32,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR = 33,
    DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR = 34,
    DML_OPERATOR_ACTIVATION_ELU = 35,
    DML_OPERATOR_ACTIVATION_HARDMAX = 36,
    DML_OPERATOR_ACTIVATION_HARD_SIGMOID = 37,
    DML_OPERATOR_ACTIVATION_IDENTITY = 38,
    DML_OPERATOR_ACTIVATION_LEAKY_RELU = 39,
    DML_OPERATOR_ACTIVATION_LINEAR = 40,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX = 41,
    DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU = 42,
    DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS = 43,
    DML_OPERATOR_ACTIVATION_RELU = 44,
    DML_OPERATOR_ACTIVATION_SCALED_ELU = 45,
    DML_OPERATOR_ACTIVATION_SCALED_TANH = 46,
    DML_OPERATOR_ACTIVATION_SIGMOID = 47,
    DML_OPERATOR_ACTIVATION_SOFTMAX = 48,
    DML_OPERATOR_ACTIVATION_SOFTPLUS = 49,
    DML_OPERATOR_ACTIVATION_SOFTSIGN = 50,
    DML_OPERATOR_ACTIVATION_TANH = 51,
    DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU = 52,
    DML_OPERATOR_CONVOLUTION = 53,
    DML_OPERATOR_GEMM = 54,
    DML_OPERATOR_REDUCE = 55,
    DML_OPERATOR_AVERAGE_POOLING = 56,
    DML_OPERATOR_LP_POOLING = 57,
    DML_OPERATOR_MAX_POOLING = 58,
    DML_OPERATOR_ROI_POOLING = 59,
    DML_OPERATOR_SLICE = 60,
    DML_OPERATOR_CAST = 61,
    DML_OPERATOR_SPLIT = 62,
    DML_OPERATOR_JOIN = 63,
    DML_OPERATOR_PADDING = 64,
    DML_OPERATOR_VALUE_SCALE_2D = 65,
    DML_OPERATOR_UPSAMPLE_2D = 66,
    DML_OPERATOR_GATHER = 67,
    DML_OPERATOR_SPACE_TO_DEPTH = 68,
    DML_OPERATOR_DEPTH_TO_SPACE = 69,
    DML_OPERATOR_TILE = 70,
    DML_OPERATOR_TOP_K = 71,
    DML_OPERATOR_BATCH_NORMALIZATION = 72,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION = 73,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION = 74,
    DML_OPERATOR_LP_NORMALIZATION = 75,
    DML_OPERATOR_RNN = 76,
    DML_OPERATOR_LSTM = 77,
    DML_OPERATOR_GRU = 78,
    DML_OPERATOR_ELEMENT_WISE_SIGN = 79,
    DML_OPERATOR_ELEMENT_WISE_IS_NAN = 80,
    DML_OPERATOR_ELEMENT_WISE_ERF = 81,
    DML_OPERATOR_ELEMENT_WISE_SINH = 82,
    DML_OPERATOR_ELEMENT_WISE_COSH = 83,
    DML_OPERATOR_ELEMENT_WISE_TANH = 84,
    DML_OPERATOR_ELEMENT_WISE_ASINH = 85,
    DML_OPERATOR_ELEMENT_WISE_ACOSH = 86,
    DML_OPERATOR_ELEMENT_WISE_ATANH = 87,
    DML_OPERATOR_ELEMENT_WISE_IF = 88,
    DML_OPERATOR_ELEMENT_WISE_ADD1 = 89,
    DML_OPERATOR_ACTIVATION_SHRINK = 90,
    DML_OPERATOR_MAX_POOLING1 = 91,
    DML_OPERATOR_MAX_UNPOOLING = 92,
    DML_OPERATOR_DIAGONAL_MATRIX = 93,
    DML_OPERATOR_SCATTER_ELEMENTS = 94,
    DML_OPERATOR_SCATTER = 94,
    DML_OPERATOR_ONE_HOT = 95,
    DML_OPERATOR_RESAMPLE = 96,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT = 97,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT = 98,
    DML_OPERATOR_ELEMENT_WISE_ROUND = 99,
    DML_OPERATOR_ELEMENT_WISE_IS_INFINITY = 100,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE = 101,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR = 102,
    DML_OPERATOR_FILL_VALUE_CONSTANT = 103,
    DML_OPERATOR_FILL_VALUE_SEQUENCE = 104,
    DML_OPERATOR_CUMULATIVE_SUMMATION = 105,
    DML_OPERATOR_REVERSE_SUBSEQUENCES = 106,
    DML_OPERATOR_GATHER_ELEMENTS = 107,
    DML_OPERATOR_GATHER_ND = 108,
    DML_OPERATOR_SCATTER_ND = 109,
    DML_OPERATOR_MAX_POOLING2 = 110,
    DML_OPERATOR_SLICE1 = 111,
    DML_OPERATOR_TOP_K1 = 112,
    DML_OPERATOR_DEPTH_TO_SPACE1 = 113,
    DML_OPERATOR_SPACE_TO_DEPTH1 = 114,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 = 115,
    DML_OPERATOR_RESAMPLE1 = 116,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER = 117,
    DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY = 118,
    DML_OPERATOR_CONVOLUTION_INTEGER = 119,
    DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION = 120,
    DML_OPERATOR_ELEMENT_WISE_BIT_AND = 121,
    DML_OPERATOR_ELEMENT_WISE_BIT_OR = 122,
    DML_OPERATOR_ELEMENT_WISE_BIT_XOR = 123,
    DML_OPERATOR_ELEMENT_WISE_BIT_NOT = 124,
    DML_OPERATOR_ELEMENT_WISE_BIT_COUNT = 125,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL = 126,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL = 127,
    DML_OPERATOR_ACTIVATION_CELU = 128,
    DML_OPERATOR_ACTIVATION_RELU_GRAD = 129,
    DML_OPERATOR_AVERAGE_POOLING_GRAD = 130,
    DML_OPERATOR_MAX_POOLING_GRAD = 131,
    DML_OPERATOR_RANDOM_GENERATOR = 132,
    DML_OPERATOR_NONZERO_COORDINATES = 133,
    DML_OPERATOR_RESAMPLE_GRAD = 134,
    DML_OPERATOR_SLICE_GRAD = 135,
    DML_OPERATOR_ADAM_OPTIMIZER = 136,
    DML_OPERATOR_ARGMIN = 137,
    DML_OPERATOR_ARGMAX = 138,
    DML_OPERATOR_ROI_ALIGN = 139,
    DML_OPERATOR_GATHER_ND1 = 140,
    DML_OPERATOR_ELEMENT_WISE_ATAN_YX = 141,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD = 142,
    DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE = 143,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD = 144,
    DML_OPERATOR_CUMULATIVE_PRODUCT = 145,
    DML_OPERATOR_BATCH_NORMALIZATION_GRAD = 146,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD = 147,
    DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR = 148,
    DML_OPERATOR_ROI_ALIGN1 = 149,
    DML_OPERATOR_ROI_ALIGN_GRAD = 150,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING = 151,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD = 152,
    DML_OPERATOR_ELEMENT_WISE_CLIP1 = 153,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 = 154,
    DML_OPERATOR_PADDING1 = 155,
    DML_OPERATOR_ELEMENT_WISE_NEGATE = 156,
    DML_OPERATOR_ACTIVATION_GELU = 157,
    DML_OPERATOR_ACTIVATION_SOFTMAX1 = 158,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 = 159,
    DML_OPERATOR_ACTIVATION_HARDMAX1 = 160,
    DML_OPERATOR_RESAMPLE2 = 161,
    DML_OPERATOR_RESAMPLE_GRAD1 = 162,
    DML_OPERATOR_DIAGONAL_MATRIX1 = 163,
    DML_OPERATOR_MULTIHEAD_ATTENTION = 164,
    DML_OPERATOR_LP_POOLING1 = 165,
    DML_OPERATOR_AVERAGE_POOLING1 = 166,
    DML_OPERATOR_ACTIVATION_SWISH = 167,
    DML_OPERATOR_ACTIVATION_HARD_SWISH = 168,
    DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING = 169,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT = 170,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2 = 171,
    DML_OPERATOR_MULTIHEAD_ATTENTION1 = 172,
    DML_OPERATOR_QUANTIZE = 173,
    DML_OPERATOR_DEQUANTIZE = 174,
    DML_OPERATOR_RESAMPLE3 = 175,
    DML_OPERATOR_FOLD = 176,
    DML_OPERATOR_UNFOLD = 177,
} DML_OPERATOR_TYPE;

/* Operator enumerations and structures. */

/* DML_TARGET_VERSION >= 0x1000 */

typedef enum DML_REDUCE_FUNCTION {
    DML_REDUCE_FUNCTION_ARGMAX = 0,
    DML_REDUCE_FUNCTION_ARGMIN = 1,
    DML_REDUCE_FUNCTION_AVERAGE = 2,
    DML_REDUCE_FUNCTION_L1 = 3,
    DML_REDUCE_FUNCTION_L2 = 4,
    DML_REDUCE_FUNCTION_LOG_SUM = 5,
    DML_REDUCE_FUNCTION_LOG_SUM_EXP = 6,
    DML_REDUCE_FUNCTION_MAX = 7,
    DML_REDUCE_FUNCTION_MIN = 8,
    DML_REDUCE_FUNCTION_MULTIPLY = 9,
    DML_REDUCE_FUNCTION_SUM = 10,
    DML_REDUCE_FUNCTION_SUM_SQUARE = 11
} DML_REDUCE_FUNCTION;

typedef enum DML_MATRIX_TRANSFORM {
    DML_MATRIX_TRANSFORM_NONE = 0,
    DML_MATRIX_TRANSFORM_TRANSPOSE = 1
} DML_MATRIX_TRANSFORM;

typedef enum DML_CONVOLUTION_MODE {
    DML_CONVOLUTION_MODE_CONVOLUTION = 0,
    DML_CONVOLUTION_MODE_CROSS_CORRELATION = 1
} DML_CONVOLUTION_MODE;

typedef enum DML_CONVOLUTION_DIRECTION {
    DML_CONVOLUTION_DIRECTION_FORWARD = 0,
    DML_CONVOLUTION_DIRECTION_BACKWARD = 1
} DML_CONVOLUTION_DIRECTION;

typedef enum DML_PADDING_MODE {
    DML_PADDING_MODE_CONSTANT = 0,
    DML_PADDING_MODE_EDGE = 1,
    DML_PADDING_MODE_REFLECTION = 2,
    DML_PADDING_MODE_SYMMETRIC = 3,
    DML_PADDING_MODE_WRAP = 4
} DML_PADDING_MODE;

typedef enum DML_INTERPOLATION_MODE {
    DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR = 0,
    DML_INTERPOLATION_MODE_LINEAR = 1
} DML_INTERPOLATION_MODE;

typedef struct DML_SCALE_BIAS {
    FLOAT Scale;
    FLOAT Bias;
} DML_SCALE_BIAS;

typedef struct DML_SIZE_2D {
    UINT Width;
    UINT Height;
} DML_SIZE_2D;

typedef enum DML_RECURRENT_NETWORK_DIRECTION {
    DML_RECURRENT_NETWORK_DIRECTION_FORWARD = 0,
    DML_RECURRENT_NETWORK_DIRECTION_BACKWARD = 1,
    DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL = 2
} DML_RECURRENT_NETWORK_DIRECTION;

/* DML_TARGET_VERSION >= 0x2100 */

typedef enum DML_ROUNDING_MODE {
    DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN = 0,
    DML_ROUNDING_MODE_TOWARD_ZERO = 1,
    DML_ROUNDING_MODE_TOWARD_INFINITY = 2
} DML_ROUNDING_MODE;

typedef enum DML_IS_INFINITY_MODE {
    DML_IS_INFINITY_MODE_EITHER = 0,
    DML_IS_INFINITY_MODE_POSITIVE = 1,
    DML_IS_INFINITY_MODE_NEGATIVE = 2
} DML_IS_INFINITY_MODE;

typedef enum DML_AXIS_DIRECTION {
    DML_AXIS_DIRECTION_INCREASING = 0,
    DML_AXIS_DIRECTION_DECREASING = 1
} DML_AXIS_DIRECTION;

typedef enum DML_DEPTH_SPACE_ORDER {
    DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW = 0,
    DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH = 1
} DML_DEPTH_SPACE_ORDER;

typedef union DML_SCALAR_UNION {
    BYTE Bytes[8];
    INT8 Int8;
    UINT8 UInt8;
    INT16 Int16;
    UINT16 UInt16;
    INT32 Int32;
    UINT32 UInt32;
    INT64 Int64;
    UINT64 UInt64;
    FLOAT Float32;
    DOUBLE Float64;
} DML_SCALAR_UNION;

/* DML_TARGET_VERSION >= 0x3000 */

typedef enum DML_RANDOM_GENERATOR_TYPE {
    DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10 = 0
} DML_RANDOM_GENERATOR_TYPE;

/* DML_TARGET_VERSION >= 0x6100 */

typedef enum DML_MULTIHEAD_ATTENTION_MASK_TYPE {
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE = 0,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH = 1,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_END_START = 2,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_QUERY_SEQUENCE_LENGTH_START_END = 3,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN = 4
} DML_MULTIHEAD_ATTENTION_MASK_TYPE;

/* DML_TARGET_VERSION >= 0x6300 */

typedef enum DML_QUANTIZATION_TYPE {
    DML_QUANTIZATION_TYPE_NONE = 0,
    DML_QUANTIZATION_TYPE_SCALE = 1,
    DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT = 2
} DML_QUANTIZATION_TYPE;

/* Operator descriptions: one per DML_OPERATOR_TYPE. */

/* DML_TARGET_VERSION >= 0x1000 */

typedef struct DML_OPERATOR_DESC {
    DML_OPERATOR_TYPE Type;
    const void* Desc;
} DML_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ABS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ABS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ACOS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ACOS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ADD_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_ADD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ADD1_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_ELEMENT_WISE_ADD1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ASIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ASIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ATAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ATAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CEIL_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_CEIL_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
    FLOAT Min;
    FLOAT Max;
} DML_ELEMENT_WISE_CLIP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_COS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_COS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_EXP_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_EXP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOG_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_LOG_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MAX_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MEAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MEAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_POW_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ExponentTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_POW_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
    FLOAT Exponent;
} DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_RECIP_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_RECIP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_SIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SQRT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_SQRT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_TAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_TAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
    FLOAT Min;
} DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* ZeroPointTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* ZeroPointTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC;

/* Activations (and ELEMENT_WISE_CLIP, FL6_0) may be fused into CONVOLUTION and others through
 * FusedActivation; when fused, InputTensor and OutputTensor must be NULL. */
typedef struct DML_ACTIVATION_ELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_ELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARDMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_HARDMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC;

typedef struct DML_ACTIVATION_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_IDENTITY_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_LINEAR_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* SlopeTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC;

typedef struct DML_ACTIVATION_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Gamma;
} DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SIGMOID_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_SIGMOID_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_SOFTMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Steepness;
} DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC;

typedef struct DML_ACTIVATION_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_TANH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC;

typedef struct DML_CONVOLUTION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* FilterTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_CONVOLUTION_MODE Mode;
    DML_CONVOLUTION_DIRECTION Direction;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* Dilations;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    _Field_size_(DimensionCount) const UINT* OutputPadding;
    UINT GroupCount;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_CONVOLUTION_OPERATOR_DESC;

typedef struct DML_GEMM_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    _Maybenull_ const DML_TENSOR_DESC* CTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_MATRIX_TRANSFORM TransA;
    DML_MATRIX_TRANSFORM TransB;
    FLOAT Alpha;
    FLOAT Beta;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_GEMM_OPERATOR_DESC;

typedef struct DML_REDUCE_OPERATOR_DESC {
    DML_REDUCE_FUNCTION Function;
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
} DML_REDUCE_OPERATOR_DESC;

typedef struct DML_AVERAGE_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    BOOL IncludePadding;
} DML_AVERAGE_POOLING_OPERATOR_DESC;

typedef struct DML_LP_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    UINT P;
} DML_LP_POOLING_OPERATOR_DESC;

typedef struct DML_MAX_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
} DML_MAX_POOLING_OPERATOR_DESC;

typedef struct DML_ROI_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT SpatialScale;
    DML_SIZE_2D PooledSize;
} DML_ROI_POOLING_OPERATOR_DESC;

typedef struct DML_SLICE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Offsets;
    _Field_size_(DimensionCount) const UINT* Sizes;
    _Field_size_(DimensionCount) const UINT* Strides;
} DML_SLICE_OPERATOR_DESC;

typedef struct DML_CAST_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_CAST_OPERATOR_DESC;

typedef struct DML_SPLIT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    UINT OutputCount;
    _Field_size_(OutputCount) const DML_TENSOR_DESC* OutputTensors;
    UINT Axis;
} DML_SPLIT_OPERATOR_DESC;

typedef struct DML_JOIN_OPERATOR_DESC {
    UINT InputCount;
    _Field_size_(InputCount) const DML_TENSOR_DESC* InputTensors;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_JOIN_OPERATOR_DESC;

typedef struct DML_PADDING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_PADDING_MODE PaddingMode;
    FLOAT PaddingValue;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
} DML_PADDING_OPERATOR_DESC;

typedef struct DML_VALUE_SCALE_2D_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Scale;
    UINT ChannelCount;
    _Field_size_(ChannelCount) const FLOAT* Bias;
} DML_VALUE_SCALE_2D_OPERATOR_DESC;

typedef struct DML_UPSAMPLE_2D_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_SIZE_2D ScaleSize;
    DML_INTERPOLATION_MODE InterpolationMode;
} DML_UPSAMPLE_2D_OPERATOR_DESC;

typedef struct DML_GATHER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    UINT IndexDimensions;
} DML_GATHER_OPERATOR_DESC;

typedef struct DML_SPACE_TO_DEPTH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
} DML_SPACE_TO_DEPTH_OPERATOR_DESC;

typedef struct DML_DEPTH_TO_SPACE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
} DML_DEPTH_TO_SPACE_OPERATOR_DESC;

typedef struct DML_TILE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT RepeatsCount;
    _Field_size_(RepeatsCount) const UINT* Repeats;
} DML_TILE_OPERATOR_DESC;

typedef struct DML_TOP_K_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputValueTensor;
    const DML_TENSOR_DESC* OutputIndexTensor;
    UINT Axis;
    UINT K;
} DML_TOP_K_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* MeanTensor;
    const DML_TENSOR_DESC* VarianceTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputTensor;
    BOOL Spatial;
    FLOAT Epsilon;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_BATCH_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    _Maybenull_ const DML_TENSOR_DESC* ScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputTensor;
    BOOL CrossChannel;
    BOOL NormalizeVariance;
    FLOAT Epsilon;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    BOOL CrossChannel;
    UINT LocalSize;
    FLOAT Alpha;
    FLOAT Beta;
    FLOAT Bias;
} DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_LP_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    FLOAT Epsilon;
    UINT P;
} DML_LP_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_RNN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* WeightTensor;
    const DML_TENSOR_DESC* RecurrenceTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* HiddenInitTensor;
    _Maybenull_ const DML_TENSOR_DESC* SequenceLengthsTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputSequenceTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputSingleTensor;
    UINT ActivationDescCount;
    _Field_size_(ActivationDescCount) const DML_OPERATOR_DESC* ActivationDescs;
    DML_RECURRENT_NETWORK_DIRECTION Direction;
} DML_RNN_OPERATOR_DESC;

typedef struct DML_LSTM_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* WeightTensor;
    const DML_TENSOR_DESC* RecurrenceTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* HiddenInitTensor;
    _Maybenull_ const DML_TENSOR_DESC* CellMemInitTensor;
    _Maybenull_ const DML_TENSOR_DESC* SequenceLengthsTensor;
    _Maybenull_ const DML_TENSOR_DESC* PeepholeTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputSequenceTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputSingleTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputCellSingleTensor;
    UINT ActivationDescCount;
    _Field_size_(ActivationDescCount) const DML_OPERATOR_DESC* ActivationDescs;
    DML_RECURRENT_NETWORK_DIRECTION Direction;
    float ClipThreshold;
    BOOL UseClipThreshold;
    BOOL CoupleInputForget;
} DML_LSTM_OPERATOR_DESC;

typedef struct DML_GRU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* WeightTensor;
    const DML_TENSOR_DESC* RecurrenceTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* HiddenInitTensor;
    _Maybenull_ const DML_TENSOR_DESC* SequenceLengthsTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputSequenceTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputSingleTensor;
    UINT ActivationDescCount;
    _Field_size_(ActivationDescCount) const DML_OPERATOR_DESC* ActivationDescs;
    DML_RECURRENT_NETWORK_DIRECTION Direction;
    BOOL LinearBeforeReset;
} DML_GRU_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x2000 */

typedef struct DML_ELEMENT_WISE_SIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_SIGN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ERF_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ERF_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SINH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_SINH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_COSH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_COSH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_TANH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ASINH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ASINH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ATANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
} DML_ELEMENT_WISE_ATANH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IF_OPERATOR_DESC {
    const DML_TENSOR_DESC* ConditionTensor;
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_IF_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SHRINK_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Bias;
    FLOAT Threshold;
} DML_ACTIVATION_SHRINK_OPERATOR_DESC;

typedef struct DML_MAX_POOLING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputIndicesTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
} DML_MAX_POOLING1_OPERATOR_DESC;

typedef struct DML_MAX_UNPOOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_MAX_UNPOOLING_OPERATOR_DESC;

typedef struct DML_DIAGONAL_MATRIX_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    INT Offset;
    FLOAT Value;
} DML_DIAGONAL_MATRIX_OPERATOR_DESC;

typedef struct DML_SCATTER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_SCATTER_OPERATOR_DESC;

typedef struct DML_ONE_HOT_OPERATOR_DESC {
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* ValuesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_ONE_HOT_OPERATOR_DESC;

typedef struct DML_RESAMPLE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    UINT ScaleCount;
    _Field_size_(ScaleCount) const FLOAT* Scales;
} DML_RESAMPLE_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x2100 */

typedef struct DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ROUND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_ROUNDING_MODE RoundingMode;
} DML_ELEMENT_WISE_ROUND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_IS_INFINITY_MODE InfinityMode;
} DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC;

typedef struct DML_FILL_VALUE_CONSTANT_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION Value;
} DML_FILL_VALUE_CONSTANT_OPERATOR_DESC;

typedef struct DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION ValueStart;
    DML_SCALAR_UNION ValueDelta;
} DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC;

typedef struct DML_CUMULATIVE_SUMMATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveSum;
} DML_CUMULATIVE_SUMMATION_OPERATOR_DESC;

typedef struct DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* SequenceLengthsTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC;

typedef struct DML_GATHER_ELEMENTS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_GATHER_ELEMENTS_OPERATOR_DESC;

/* Alias of an existing operator desc, symmetric with DML_GATHER_ELEMENTS_OPERATOR_DESC. */
typedef DML_SCATTER_OPERATOR_DESC DML_SCATTER_ELEMENTS_OPERATOR_DESC;

typedef struct DML_GATHER_ND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
} DML_GATHER_ND_OPERATOR_DESC;

typedef struct DML_SCATTER_ND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
} DML_SCATTER_ND_OPERATOR_DESC;

typedef struct DML_MAX_POOLING2_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputIndicesTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    _Field_size_(DimensionCount) const UINT* Dilations;
} DML_MAX_POOLING2_OPERATOR_DESC;

typedef struct DML_SLICE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* InputWindowOffsets;
    _Field_size_(DimensionCount) const UINT* InputWindowSizes;
    _Field_size_(DimensionCount) const INT* InputWindowStrides;
} DML_SLICE1_OPERATOR_DESC;

typedef struct DML_TOP_K1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputValueTensor;
    const DML_TENSOR_DESC* OutputIndexTensor;
    UINT Axis;
    UINT K;
    DML_AXIS_DIRECTION AxisDirection;
} DML_TOP_K1_OPERATOR_DESC;

typedef struct DML_DEPTH_TO_SPACE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
    DML_DEPTH_SPACE_ORDER Order;
} DML_DEPTH_TO_SPACE1_OPERATOR_DESC;

typedef struct DML_SPACE_TO_DEPTH1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
    DML_DEPTH_SPACE_ORDER Order;
} DML_SPACE_TO_DEPTH1_OPERATOR_DESC;

typedef struct DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    _Maybenull_ const DML_TENSOR_DESC* ScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
    BOOL NormalizeVariance;
    FLOAT Epsilon;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC;

typedef struct DML_RESAMPLE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const FLOAT* Scales;
    _Field_size_(DimensionCount) const FLOAT* InputPixelOffsets;
    _Field_size_(DimensionCount) const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE1_OPERATOR_DESC;

typedef struct DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    _Maybenull_ const DML_TENSOR_DESC* AZeroPointTensor;
    const DML_TENSOR_DESC* BTensor;
    _Maybenull_ const DML_TENSOR_DESC* BZeroPointTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC;

typedef struct DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* AScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* AZeroPointTensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* BScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* BZeroPointTensor;
    const DML_TENSOR_DESC* OutputScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputZeroPointTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC;

typedef struct DML_CONVOLUTION_INTEGER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    _Maybenull_ const DML_TENSOR_DESC* InputZeroPointTensor;
    const DML_TENSOR_DESC* FilterTensor;
    _Maybenull_ const DML_TENSOR_DESC* FilterZeroPointTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* Dilations;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    UINT GroupCount;
} DML_CONVOLUTION_INTEGER_OPERATOR_DESC;

typedef struct DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* InputZeroPointTensor;
    const DML_TENSOR_DESC* FilterTensor;
    const DML_TENSOR_DESC* FilterScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* FilterZeroPointTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputZeroPointTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* Dilations;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    UINT GroupCount;
} DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x3000 */

typedef struct DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC;

typedef struct DML_ACTIVATION_CELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_CELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
} DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC;

typedef struct DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    BOOL IncludePadding;
} DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC;

typedef struct DML_MAX_POOLING_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    _Field_size_(DimensionCount) const UINT* Dilations;
} DML_MAX_POOLING_GRAD_OPERATOR_DESC;

typedef struct DML_RANDOM_GENERATOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputStateTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputStateTensor;
    DML_RANDOM_GENERATOR_TYPE Type;
} DML_RANDOM_GENERATOR_OPERATOR_DESC;

typedef struct DML_NONZERO_COORDINATES_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputCountTensor;
    const DML_TENSOR_DESC* OutputCoordinatesTensor;
} DML_NONZERO_COORDINATES_OPERATOR_DESC;

typedef struct DML_RESAMPLE_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const FLOAT* Scales;
    _Field_size_(DimensionCount) const FLOAT* InputPixelOffsets;
    _Field_size_(DimensionCount) const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE_GRAD_OPERATOR_DESC;

typedef struct DML_SLICE_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* InputWindowOffsets;
    _Field_size_(DimensionCount) const UINT* InputWindowSizes;
    _Field_size_(DimensionCount) const INT* InputWindowStrides;
} DML_SLICE_GRAD_OPERATOR_DESC;

typedef struct DML_ADAM_OPTIMIZER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputParametersTensor;
    const DML_TENSOR_DESC* InputFirstMomentTensor;
    const DML_TENSOR_DESC* InputSecondMomentTensor;
    const DML_TENSOR_DESC* GradientTensor;
    const DML_TENSOR_DESC* TrainingStepTensor;
    const DML_TENSOR_DESC* OutputParametersTensor;
    const DML_TENSOR_DESC* OutputFirstMomentTensor;
    const DML_TENSOR_DESC* OutputSecondMomentTensor;
    FLOAT LearningRate;
    FLOAT Beta1;
    FLOAT Beta2;
    FLOAT Epsilon;
} DML_ADAM_OPTIMIZER_OPERATOR_DESC;

typedef struct DML_ARGMIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
    DML_AXIS_DIRECTION AxisDirection;
} DML_ARGMIN_OPERATOR_DESC;

typedef struct DML_ARGMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
    DML_AXIS_DIRECTION AxisDirection;
} DML_ARGMAX_OPERATOR_DESC;

typedef struct DML_ROI_ALIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* BatchIndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_REDUCE_FUNCTION ReductionFunction;
    DML_INTERPOLATION_MODE InterpolationMode;
    FLOAT SpatialScaleX;
    FLOAT SpatialScaleY;
    FLOAT OutOfBoundsInputValue;
    UINT MinimumSamplesPerOutput;
    UINT MaximumSamplesPerOutput;
} DML_ROI_ALIGN_OPERATOR_DESC;

typedef struct DML_GATHER_ND1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
    UINT BatchDimensionCount;
} DML_GATHER_ND1_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x3100 */

typedef struct DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    FLOAT Min;
    FLOAT Max;
} DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC;

typedef struct DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    BOOL CrossChannel;
    UINT LocalSize;
    FLOAT Alpha;
    FLOAT Beta;
    FLOAT Bias;
} DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC;

typedef struct DML_CUMULATIVE_PRODUCT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveProduct;
} DML_CUMULATIVE_PRODUCT_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* MeanTensor;
    const DML_TENSOR_DESC* VarianceTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    const DML_TENSOR_DESC* OutputScaleGradientTensor;
    const DML_TENSOR_DESC* OutputBiasGradientTensor;
    FLOAT Epsilon;
} DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x4000 */

typedef struct DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* AScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* AZeroPointTensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* BScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* BZeroPointTensor;
    const DML_TENSOR_DESC* OutputScaleTensor; /* This is an input tensor */
    _Maybenull_ const DML_TENSOR_DESC* OutputZeroPointTensor; /* This is an input tensor */
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC;

typedef struct DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputScaleTensor; /* This is an output tensor */
    const DML_TENSOR_DESC* OutputZeroPointTensor; /* This is an output tensor */
} DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC;

typedef struct DML_ROI_ALIGN1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* BatchIndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_REDUCE_FUNCTION ReductionFunction;
    DML_INTERPOLATION_MODE InterpolationMode;
    FLOAT SpatialScaleX;
    FLOAT SpatialScaleY;
    FLOAT InputPixelOffset;
    FLOAT OutputPixelOffset;
    FLOAT OutOfBoundsInputValue;
    UINT MinimumSamplesPerOutput;
    UINT MaximumSamplesPerOutput;
    BOOL AlignRegionsToCorners;
} DML_ROI_ALIGN1_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x4100 */

typedef struct DML_ROI_ALIGN_GRAD_OPERATOR_DESC {
    _Maybenull_ const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* BatchIndicesTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputGradientTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputROIGradientTensor;
    DML_REDUCE_FUNCTION ReductionFunction;
    DML_INTERPOLATION_MODE InterpolationMode;
    FLOAT SpatialScaleX;
    FLOAT SpatialScaleY;
    FLOAT InputPixelOffset;
    FLOAT OutputPixelOffset;
    UINT MinimumSamplesPerOutput;
    UINT MaximumSamplesPerOutput;
    BOOL AlignRegionsToCorners;
} DML_ROI_ALIGN_GRAD_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* BiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* FusedAddTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputMeanTensor;
    const DML_TENSOR_DESC* OutputVarianceTensor;
    FLOAT Epsilon;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* MeanTensor;
    const DML_TENSOR_DESC* VarianceTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    const DML_TENSOR_DESC* OutputScaleGradientTensor;
    const DML_TENSOR_DESC* OutputBiasGradientTensor;
    FLOAT Epsilon;
} DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x5000 */

typedef struct DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_SCALE_BIAS* ScaleBias;
    DML_TENSOR_DATA_TYPE MinMaxDataType;
    DML_SCALAR_UNION Min;
    DML_SCALAR_UNION Max;
} DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    DML_TENSOR_DATA_TYPE MinMaxDataType;
    DML_SCALAR_UNION Min;
    DML_SCALAR_UNION Max;
} DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC;

typedef struct DML_PADDING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_PADDING_MODE PaddingMode;
    DML_TENSOR_DATA_TYPE PaddingValueDataType;
    DML_SCALAR_UNION PaddingValue;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
} DML_PADDING1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x5100 */

typedef struct DML_ACTIVATION_GELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_GELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
} DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
} DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARDMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
} DML_ACTIVATION_HARDMAX1_OPERATOR_DESC;

typedef struct DML_RESAMPLE2_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    DML_AXIS_DIRECTION RoundingDirection;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const FLOAT* Scales;
    _Field_size_(DimensionCount) const FLOAT* InputPixelOffsets;
    _Field_size_(DimensionCount) const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE2_OPERATOR_DESC;

typedef struct DML_RESAMPLE_GRAD1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    DML_AXIS_DIRECTION RoundingDirection;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const FLOAT* Scales;
    _Field_size_(DimensionCount) const FLOAT* InputPixelOffsets;
    _Field_size_(DimensionCount) const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE_GRAD1_OPERATOR_DESC;

typedef struct DML_DIAGONAL_MATRIX1_OPERATOR_DESC {
    _Maybenull_ const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION Value;
    INT DiagonalFillBegin;
    INT DiagonalFillEnd;
} DML_DIAGONAL_MATRIX1_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x6100 */

typedef struct DML_MULTIHEAD_ATTENTION_OPERATOR_DESC {
    _Maybenull_ const DML_TENSOR_DESC* QueryTensor;
    _Maybenull_ const DML_TENSOR_DESC* KeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* ValueTensor;
    _Maybenull_ const DML_TENSOR_DESC* StackedQueryKeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* StackedKeyValueTensor;
    _Maybenull_ const DML_TENSOR_DESC* StackedQueryKeyValueTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* MaskTensor;
    _Maybenull_ const DML_TENSOR_DESC* RelativePositionBiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* PastKeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* PastValueTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputPresentKeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputPresentValueTensor;
    FLOAT Scale;
    FLOAT MaskFilterValue;
    UINT HeadCount;
    DML_MULTIHEAD_ATTENTION_MASK_TYPE MaskType;
} DML_MULTIHEAD_ATTENTION_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x6200 */

typedef struct DML_LP_POOLING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    _Field_size_(DimensionCount) const UINT* Dilations;
    UINT P;
} DML_LP_POOLING1_OPERATOR_DESC;

typedef struct DML_AVERAGE_POOLING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    _Field_size_(DimensionCount) const UINT* Dilations;
    BOOL IncludePadding;
} DML_AVERAGE_POOLING1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SWISH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT SigmoidInputScale;
} DML_ACTIVATION_SWISH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC;

typedef struct DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* InputZeroPointTensor;
    const DML_TENSOR_DESC* OutputScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputZeroPointTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* WindowSize;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
    _Field_size_(DimensionCount) const UINT* Dilations;
    BOOL IncludePadding;
} DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC;

typedef struct DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* AScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* AZeroPointTensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* BScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* BZeroPointTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x6300 */

typedef struct DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    _Maybenull_ const DML_TENSOR_DESC* ScaleTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    _Field_size_(AxisCount) const UINT* Axes;
    BOOL UseMean;
    BOOL UseVariance;
    FLOAT Epsilon;
    _Maybenull_ const DML_OPERATOR_DESC* FusedActivation;
} DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC;

typedef struct DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC {
    _Maybenull_ const DML_TENSOR_DESC* QueryTensor;
    _Maybenull_ const DML_TENSOR_DESC* KeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* ValueTensor;
    _Maybenull_ const DML_TENSOR_DESC* StackedQueryKeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* StackedKeyValueTensor;
    _Maybenull_ const DML_TENSOR_DESC* StackedQueryKeyValueTensor;
    _Maybenull_ const DML_TENSOR_DESC* BiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* MaskTensor;
    _Maybenull_ const DML_TENSOR_DESC* RelativePositionBiasTensor;
    _Maybenull_ const DML_TENSOR_DESC* PastKeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* PastValueTensor;
    _Maybenull_ const DML_TENSOR_DESC* PastSequenceLengthsTensor;
    const DML_TENSOR_DESC* OutputTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputPresentKeyTensor;
    _Maybenull_ const DML_TENSOR_DESC* OutputPresentValueTensor;
    FLOAT Scale;
    FLOAT MaskFilterValue;
    UINT QueryHeadCount;
    UINT KeyValueHeadCount;
    DML_MULTIHEAD_ATTENTION_MASK_TYPE MaskType;
} DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC;

typedef struct DML_QUANTIZE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    DML_QUANTIZATION_TYPE QuantizationType;
    UINT QuantizationTensorCount;
    _Field_size_(QuantizationTensorCount) const DML_TENSOR_DESC* QuantizationTensors;
    const DML_TENSOR_DESC* OutputTensor;
} DML_QUANTIZE_OPERATOR_DESC;

typedef struct DML_DEQUANTIZE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    DML_QUANTIZATION_TYPE QuantizationType;
    UINT QuantizationTensorCount;
    _Field_size_(QuantizationTensorCount) const DML_TENSOR_DESC* QuantizationTensors;
    const DML_TENSOR_DESC* OutputTensor;
} DML_DEQUANTIZE_OPERATOR_DESC;

/* DML_TARGET_VERSION >= 0x6400 */

typedef struct DML_RESAMPLE3_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    DML_AXIS_DIRECTION RoundingDirection;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const FLOAT* Scales;
    _Field_size_(DimensionCount) const FLOAT* InputPixelOffsets;
    _Field_size_(DimensionCount) const FLOAT* OutputPixelOffsets;
    BOOL Antialiased;
} DML_RESAMPLE3_OPERATOR_DESC;

typedef struct DML_FOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* WindowSizes;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* Dilations;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
} DML_FOLD_OPERATOR_DESC;

typedef struct DML_UNFOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    _Field_size_(DimensionCount) const UINT* WindowSizes;
    _Field_size_(DimensionCount) const UINT* Strides;
    _Field_size_(DimensionCount) const UINT* Dilations;
    _Field_size_(DimensionCount) const UINT* StartPadding;
    _Field_size_(DimensionCount) const UINT* EndPadding;
} DML_UNFOLD_OPERATOR_DESC;

/* Feature support queries (IDMLDevice::CheckFeatureSupport). */

/* DML_TARGET_VERSION >= 0x2000 */

typedef enum DML_FEATURE_LEVEL {
    DML_FEATURE_LEVEL_1_0 = 0x1000,
    DML_FEATURE_LEVEL_2_0 = 0x2000,
    DML_FEATURE_LEVEL_2_1 = 0x2100,
    DML_FEATURE_LEVEL_3_0 = 0x3000,
    DML_FEATURE_LEVEL_3_1 = 0x3100,
    DML_FEATURE_LEVEL_4_0 = 0x4000,
    DML_FEATURE_LEVEL_4_1 = 0x4100,
    DML_FEATURE_LEVEL_5_0 = 0x5000,
    DML_FEATURE_LEVEL_5_1 = 0x5100,
    DML_FEATURE_LEVEL_5_2 = 0x5200,
    DML_FEATURE_LEVEL_6_0 = 0x6000,
    DML_FEATURE_LEVEL_6_1 = 0x6100,
    DML_FEATURE_LEVEL_6_2 = 0x6200,
    DML_FEATURE_LEVEL_6_3 = 0x6300,
    DML_FEATURE_LEVEL_6_4 = 0x6400
} DML_FEATURE_LEVEL;

/* DML_TARGET_VERSION >= 0x1000 */

typedef enum DML_FEATURE {
    DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT = 0,
    DML_FEATURE_FEATURE_LEVELS = 1
} DML_FEATURE;

typedef struct DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT {
    DML_TENSOR_DATA_TYPE DataType;
} DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT;

typedef struct DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT {
    BOOL IsSupported;
} DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT;

/* DML_TARGET_VERSION >= 0x2000 */

typedef struct DML_FEATURE_QUERY_FEATURE_LEVELS {
    UINT RequestedFeatureLevelCount;
    _Field_size_(RequestedFeatureLevelCount) const DML_FEATURE_LEVEL* RequestedFeatureLevels;
} DML_FEATURE_QUERY_FEATURE_LEVELS;

typedef struct DML_FEATURE_DATA_FEATURE_LEVELS {
    DML_FEATURE_LEVEL MaxSupportedFeatureLevel;
} DML_FEATURE_DATA_FEATURE_LEVELS;

/* Device creation, dispatchables and bindings. */

/* DML_TARGET_VERSION >= 0x1000 */

typedef struct DML_BINDING_TABLE_DESC {
    IDMLDispatchable* Dispatchable;
    D3D12_CPU_DESCRIPTOR_HANDLE CPUDescriptorHandle;
    D3D12_GPU_DESCRIPTOR_HANDLE GPUDescriptorHandle;
    UINT SizeInDescriptors;
} DML_BINDING_TABLE_DESC;

typedef enum DML_EXECUTION_FLAGS {
    DML_EXECUTION_FLAG_NONE = 0,
    DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION = 0x1,
    DML_EXECUTION_FLAG_DISABLE_META_COMMANDS = 0x2,
    DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE = 0x4
} DML_EXECUTION_FLAGS;

typedef enum DML_CREATE_DEVICE_FLAGS {
    DML_CREATE_DEVICE_FLAG_NONE = 0,
    DML_CREATE_DEVICE_FLAG_DEBUG = 0x1
} DML_CREATE_DEVICE_FLAGS;

/* Dispatchables (IDMLDispatchable::GetBindingProperties). */

/* DML_TARGET_VERSION >= 0x1000 */

typedef struct DML_BINDING_PROPERTIES {
    UINT RequiredDescriptorCount;
    UINT64 TemporaryResourceSize;
    UINT64 PersistentResourceSize;
} DML_BINDING_PROPERTIES;

/* Bindings (IDMLBindingTable). */

/* DML_TARGET_VERSION >= 0x1000 */

typedef enum DML_BINDING_TYPE {
    DML_BINDING_TYPE_NONE = 0,
    DML_BINDING_TYPE_BUFFER = 1,
    DML_BINDING_TYPE_BUFFER_ARRAY = 2
} DML_BINDING_TYPE;

typedef struct DML_BINDING_DESC {
    DML_BINDING_TYPE Type;
    const void* Desc;
} DML_BINDING_DESC;

typedef struct DML_BUFFER_BINDING {
    _Maybenull_ ID3D12Resource* Buffer;
    UINT64 Offset;
    UINT64 SizeInBytes;
} DML_BUFFER_BINDING;

typedef struct DML_BUFFER_ARRAY_BINDING {
    UINT BindingCount;
    _Field_size_(BindingCount) const DML_BUFFER_BINDING* Bindings;
} DML_BUFFER_ARRAY_BINDING;

/* Operator graphs (IDMLDevice1::CompileGraph). */

/* DML_TARGET_VERSION >= 0x2100 */

typedef enum DML_GRAPH_EDGE_TYPE {
    DML_GRAPH_EDGE_TYPE_INVALID = 0,
    DML_GRAPH_EDGE_TYPE_INPUT = 1,
    DML_GRAPH_EDGE_TYPE_OUTPUT = 2,
    DML_GRAPH_EDGE_TYPE_INTERMEDIATE = 3
} DML_GRAPH_EDGE_TYPE;

typedef struct DML_GRAPH_EDGE_DESC {
    DML_GRAPH_EDGE_TYPE Type;
    const void* Desc;
} DML_GRAPH_EDGE_DESC;

typedef struct DML_INPUT_GRAPH_EDGE_DESC {
    UINT GraphInputIndex;
    UINT ToNodeIndex;
    UINT ToNodeInputIndex;
    _Field_z_ _Maybenull_ const char* Name;
} DML_INPUT_GRAPH_EDGE_DESC;

typedef struct DML_OUTPUT_GRAPH_EDGE_DESC {
    UINT FromNodeIndex;
    UINT FromNodeOutputIndex;
    UINT GraphOutputIndex;
    _Field_z_ _Maybenull_ const char* Name;
} DML_OUTPUT_GRAPH_EDGE_DESC;

typedef struct DML_INTERMEDIATE_GRAPH_EDGE_DESC {
    UINT FromNodeIndex;
    UINT FromNodeOutputIndex;
    UINT ToNodeIndex;
    UINT ToNodeInputIndex;
    _Field_z_ _Maybenull_ const char* Name;
} DML_INTERMEDIATE_GRAPH_EDGE_DESC;

typedef enum DML_GRAPH_NODE_TYPE {
    DML_GRAPH_NODE_TYPE_INVALID = 0,
    DML_GRAPH_NODE_TYPE_OPERATOR = 1,
    DML_GRAPH_NODE_TYPE_CONSTANT = 2
} DML_GRAPH_NODE_TYPE;

typedef struct DML_GRAPH_NODE_DESC {
    DML_GRAPH_NODE_TYPE Type;
    const void* Desc;
} DML_GRAPH_NODE_DESC;

typedef struct DML_OPERATOR_GRAPH_NODE_DESC {
    IDMLOperator* Operator;
    _Field_z_ _Maybenull_ const char* Name;
} DML_OPERATOR_GRAPH_NODE_DESC;

/* DML_TARGET_VERSION >= 0x6200 */

typedef struct DML_CONSTANT_DATA_GRAPH_NODE_DESC {
    _Field_size_bytes_(DataSize) const void* Data;
    SIZE_T DataSize;
    _Field_z_ _Maybenull_ const char* Name;
} DML_CONSTANT_DATA_GRAPH_NODE_DESC;

/* DML_TARGET_VERSION >= 0x2100 */

typedef struct DML_GRAPH_DESC {
    UINT InputCount;
    UINT OutputCount;
    UINT NodeCount;
    _Field_size_(NodeCount) const DML_GRAPH_NODE_DESC* Nodes;
    UINT InputEdgeCount;
    _Field_size_opt_(InputEdgeCount) const DML_GRAPH_EDGE_DESC* InputEdges;
    UINT OutputEdgeCount;
    _Field_size_(OutputEdgeCount) const DML_GRAPH_EDGE_DESC* OutputEdges;
    UINT IntermediateEdgeCount;
    _Field_size_opt_(IntermediateEdgeCount) const DML_GRAPH_EDGE_DESC* IntermediateEdges;
} DML_GRAPH_DESC;

/* pydml-cdef-end */

#ifdef __cplusplus
} /* extern "C" */

/* What winnt.h's DEFINE_ENUM_FLAG_OPERATORS gives the flag enums on Windows, so C++ code such as
 * `DML_EXECUTION_FLAGS f = DML_EXECUTION_FLAG_A | DML_EXECUTION_FLAG_B;` compiles unchanged. Like
 * winnt.h, the integer type is picked by size (no standard C++ header), and everything is
 * extern "C++", so the header may also be included inside a user's extern "C" block. */
extern "C++" {
template <size_t Size> struct PydmlEnumFlagInteger;
template <> struct PydmlEnumFlagInteger<1> { typedef int8_t type; };
template <> struct PydmlEnumFlagInteger<2> { typedef int16_t type; };
template <> struct PydmlEnumFlagInteger<4> { typedef int32_t type; };
template <> struct PydmlEnumFlagInteger<8> { typedef int64_t type; };
}

#define PYDML_ENUM_FLAG_INT(E) PydmlEnumFlagInteger<sizeof(E)>::type
#define PYDML_ENUM_FLAG_OPERATORS(E)                                                              \
    extern "C++" {                                                                                \
    inline constexpr E operator|(E a, E b) noexcept {                                             \
        return static_cast<E>(static_cast<PYDML_ENUM_FLAG_INT(E)>(a) |                            \
                              static_cast<PYDML_ENUM_FLAG_INT(E)>(b));                            \
    }                                                                                             \
    inline constexpr E operator&(E a, E b) noexcept {                                             \
        return static_cast<E>(static_cast<PYDML_ENUM_FLAG_INT(E)>(a) &                            \
                              static_cast<PYDML_ENUM_FLAG_INT(E)>(b));                            \
    }                                                                                             \
    inline constexpr E operator^(E a, E b) noexcept {                                             \
        return static_cast<E>(static_cast<PYDML_ENUM_FLAG_INT(E)>(a) ^                            \
                              static_cast<PYDML_ENUM_FLAG_INT(E)>(b));                            \
    }                                                                                             \
    inline constexpr E operator~(E a) noexcept {                                                  \
        return static_cast<E>(~static_cast<PYDML_ENUM_FLAG_INT(E)>(a));                           \
    }                                                                                             \
    inline E& operator|=(E& a, E b) noexcept { return a = a | b; }                                \
    inline E& operator&=(E& a, E b) noexcept { return a = a & b; }                                \
    inline E& operator^=(E& a, E b) noexcept { return a = a ^ b; }                                \
    }

PYDML_ENUM_FLAG_OPERATORS(DML_TENSOR_FLAGS)
PYDML_ENUM_FLAG_OPERATORS(DML_EXECUTION_FLAGS)
PYDML_ENUM_FLAG_OPERATORS(DML_CREATE_DEVICE_FLAGS)

#undef PYDML_ENUM_FLAG_OPERATORS
#undef PYDML_ENUM_FLAG_INT
#endif /* __cplusplus */

/* ---- DirectML's COM interfaces (C++ over DirectX-Headers' WSL adapter) ------------------------
 * As Microsoft's DirectML.h declares them (microsoft/DirectX-Headers include/directx/DirectML.h,
 * DML_TARGET_VERSION 0x6400): same interfaces, order, methods, parameters and IIDs, so the
 * vtables are laid out alike. Implemented by libdirectml.so (`pydml --cflags --libs`). */
#ifdef PYDML_DIRECTML_COM

#ifndef DML_DECLARE_INTERFACE
#define DML_DECLARE_INTERFACE(iid) DECLSPEC_UUID(iid) DECLSPEC_NOVTABLE
#endif

interface IDMLObject;
interface IDMLDevice;
interface IDMLDeviceChild;
interface IDMLPageable;
interface IDMLDispatchable;
interface IDMLOperator;
interface IDMLCompiledOperator;
interface IDMLOperatorInitializer;
interface IDMLBindingTable;
interface IDMLCommandRecorder;

STDAPI DMLCreateDevice(
    ID3D12Device* d3d12Device,
    DML_CREATE_DEVICE_FLAGS flags,
    REFIID riid, // Expected: IDMLDevice
    _COM_Outptr_opt_ void** ppv
    );

STDAPI DMLCreateDevice1(
    ID3D12Device* d3d12Device,
    DML_CREATE_DEVICE_FLAGS flags,
    DML_FEATURE_LEVEL minimumFeatureLevel,
    REFIID riid, // Expected: IDMLDevice
    _COM_Outptr_opt_ void** ppv
    );

interface DML_DECLARE_INTERFACE("c8263aac-9e0c-4a2d-9b8e-007521a3317c") IDMLObject : IUnknown
{
    IFACEMETHOD(GetPrivateData)(
        REFGUID guid,
        _Inout_ UINT* dataSize,
        _Out_writes_bytes_opt_(*dataSize) void* data
        ) = 0;

    IFACEMETHOD(SetPrivateData)(
        REFGUID guid,
        UINT dataSize,
        _In_reads_bytes_opt_(dataSize) const void* data
        ) = 0;

    IFACEMETHOD(SetPrivateDataInterface)(
        REFGUID guid,
        _In_opt_ IUnknown* data
        ) = 0;

    IFACEMETHOD(SetName)(
        PCWSTR name
        ) = 0;
};

interface DML_DECLARE_INTERFACE("6dbd6437-96fd-423f-a98c-ae5e7c2a573f") IDMLDevice : IDMLObject
{
    IFACEMETHOD(CheckFeatureSupport)(
        DML_FEATURE feature,
        UINT featureQueryDataSize,
        _In_reads_bytes_opt_(featureQueryDataSize) const void* featureQueryData,
        UINT featureSupportDataSize,
        _Out_writes_bytes_(featureSupportDataSize) void* featureSupportData
        ) = 0;

    IFACEMETHOD(CreateOperator)(
        const DML_OPERATOR_DESC* desc,
        REFIID riid, // expected: IDMLOperator
        _COM_Outptr_opt_ void** ppv
        ) = 0;

    IFACEMETHOD(CompileOperator)(
        IDMLOperator* op,
        DML_EXECUTION_FLAGS flags,
        REFIID riid, // expected: IDMLCompiledOperator
        _COM_Outptr_opt_ void** ppv
        ) = 0;

    IFACEMETHOD(CreateOperatorInitializer)(
        UINT operatorCount,
        _In_reads_opt_(operatorCount) IDMLCompiledOperator* const* operators,
        REFIID riid, // expected: IDMLOperatorInitializer
        _COM_Outptr_ void** ppv
        ) = 0;

    IFACEMETHOD(CreateCommandRecorder)(
        REFIID riid, // expected: IDMLCommandRecorder
        _COM_Outptr_ void** ppv
        ) = 0;

    IFACEMETHOD(CreateBindingTable)(
        _In_opt_ const DML_BINDING_TABLE_DESC* desc,
        REFIID riid, // expected: IDMLBindingTable
        _COM_Outptr_ void** ppv
        ) = 0;

    IFACEMETHOD(Evict)(
        UINT count,
        _In_reads_(count) IDMLPageable* const* ppObjects
        ) = 0;

    IFACEMETHOD(MakeResident)(
        UINT count,
        _In_reads_(count) IDMLPageable* const* ppObjects
        ) = 0;

    IFACEMETHOD(GetDeviceRemovedReason)(
        ) = 0;

    IFACEMETHOD(GetParentDevice)(
        REFIID riid,
        _COM_Outptr_ void** ppv
        ) = 0;
};

interface DML_DECLARE_INTERFACE("27e83142-8165-49e3-974e-2fd66e4cb69d") IDMLDeviceChild : IDMLObject
{
    IFACEMETHOD(GetDevice)(
        REFIID riid, // expected: IDMLDevice
        _COM_Outptr_ void** ppv
        ) = 0;
};

interface DML_DECLARE_INTERFACE("b1ab0825-4542-4a4b-8617-6dde6e8f6201") IDMLPageable : IDMLDeviceChild
{
};

interface DML_DECLARE_INTERFACE("26caae7a-3081-4633-9581-226fbe57695d") IDMLOperator : IDMLDeviceChild
{
};

interface DML_DECLARE_INTERFACE("dcb821a8-1039-441e-9f1c-b1759c2f3cec") IDMLDispatchable : IDMLPageable
{
    IFACEMETHOD_(DML_BINDING_PROPERTIES, GetBindingProperties)() = 0;
};

interface DML_DECLARE_INTERFACE("6b15e56a-bf5c-4902-92d8-da3a650afea4") IDMLCompiledOperator : IDMLDispatchable
{
};

interface DML_DECLARE_INTERFACE("427c1113-435c-469c-8676-4d5dd072f813") IDMLOperatorInitializer : IDMLDispatchable
{
    IFACEMETHOD(Reset)(
        UINT operatorCount,
        _In_reads_opt_(operatorCount) IDMLCompiledOperator* const* operators
        ) = 0;
};

interface DML_DECLARE_INTERFACE("29c687dc-de74-4e3b-ab00-1168f2fc3cfc") IDMLBindingTable : IDMLDeviceChild
{
    IFACEMETHOD_(void, BindInputs)(
        UINT bindingCount,
        _In_reads_opt_(bindingCount) const DML_BINDING_DESC* bindings
        ) = 0;

    IFACEMETHOD_(void, BindOutputs)(
        UINT bindingCount,
        _In_reads_opt_(bindingCount) const DML_BINDING_DESC* bindings
        ) = 0;

    IFACEMETHOD_(void, BindTemporaryResource)(
        _In_opt_ const DML_BINDING_DESC* binding
        ) = 0;

    IFACEMETHOD_(void, BindPersistentResource)(
        _In_opt_ const DML_BINDING_DESC* binding
        ) = 0;

    IFACEMETHOD(Reset)(
        _In_opt_ const DML_BINDING_TABLE_DESC* desc
        ) = 0;
};

interface DML_DECLARE_INTERFACE("e6857a76-2e3e-4fdd-bff4-5d2ba10fb453") IDMLCommandRecorder : IDMLDeviceChild
{
    IFACEMETHOD_(void, RecordDispatch)(
        ID3D12CommandList* commandList,
        IDMLDispatchable* dispatchable,
        IDMLBindingTable* bindings
        ) = 0;
};

interface DML_DECLARE_INTERFACE("7d6f3ac9-394a-4ac3-92a7-390cc57a8217") IDMLDebugDevice : IUnknown
{
    IFACEMETHOD_(void, SetMuteDebugOutput)(
        BOOL mute
        ) = 0;
};

interface DML_DECLARE_INTERFACE("a0884f9a-d2be-4355-aa5d-5901281ad1d2") IDMLDevice1 : IDMLDevice
{
    IFACEMETHOD(CompileGraph)(
        const DML_GRAPH_DESC* desc,
        DML_EXECUTION_FLAGS flags,
        REFIID riid, // expected: IDMLCompiledOperator
        _COM_Outptr_opt_ void** ppv
        ) = 0;
};

/* __uuidof / IID_PPV_ARGS on Linux (DirectX-Headers' wsl/stubs/rpcndr.h), which Microsoft's header
 * leaves to the program. */
#ifndef PYDML_NO_DML_UUIDS
__CRT_UUID_DECL(IDMLObject, 0xc8263aac, 0x9e0c, 0x4a2d, 0x9b, 0x8e, 0x00, 0x75, 0x21, 0xa3, 0x31, 0x7c)
__CRT_UUID_DECL(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f)
__CRT_UUID_DECL(IDMLDeviceChild, 0x27e83142, 0x8165, 0x49e3, 0x97, 0x4e, 0x2f, 0xd6, 0x6e, 0x4c, 0xb6, 0x9d)
__CRT_UUID_DECL(IDMLPageable, 0xb1ab0825, 0x4542, 0x4a4b, 0x86, 0x17, 0x6d, 0xde, 0x6e, 0x8f, 0x62, 0x01)
__CRT_UUID_DECL(IDMLOperator, 0x26caae7a, 0x3081, 0x4633, 0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69, 0x5d)
__CRT_UUID_DECL(IDMLDispatchable, 0xdcb821a8, 0x1039, 0x441e, 0x9f, 0x1c, 0xb1, 0x75, 0x9c, 0x2f, 0x3c, 0xec)
__CRT_UUID_DECL(IDMLCompiledOperator, 0x6b15e56a, 0xbf5c, 0x4902, 0x92, 0xd8, 0xda, 0x3a, 0x65, 0x0a, 0xfe, 0xa4)
__CRT_UUID_DECL(IDMLOperatorInitializer, 0x427c1113, 0x435c, 0x469c, 0x86, 0x76, 0x4d, 0x5d, 0xd0, 0x72, 0xf8, 0x13)
__CRT_UUID_DECL(IDMLBindingTable, 0x29c687dc, 0xde74, 0x4e3b, 0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc, 0x3c, 0xfc)
__CRT_UUID_DECL(IDMLCommandRecorder, 0xe6857a76, 0x2e3e, 0x4fdd, 0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f, 0xb4, 0x53)
__CRT_UUID_DECL(IDMLDebugDevice, 0x7d6f3ac9, 0x394a, 0x4ac3, 0x92, 0xa7, 0x39, 0x0c, 0xc5, 0x7a, 0x82, 0x17)
__CRT_UUID_DECL(IDMLDevice1, 0xa0884f9a, 0xd2be, 0x4355, 0xaa, 0x5d, 0x59, 0x01, 0x28, 0x1a, 0xd1, 0xd2)
#endif /* !PYDML_NO_DML_UUIDS */

#endif /* PYDML_DIRECTML_COM */

#endif /* PYDML_DIRECTML_H */
