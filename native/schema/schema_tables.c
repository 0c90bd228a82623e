/* The operator schema as C tables (native/schema/schema.h).
 * Generated from include/DirectML.h and the family tables in pydml/ops/ by `python -m pydml.schema.generate`. Do not edit. */
#include "schema.h"

static const uint32_t enum0_values[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
static const char* const enum0_names[] = {"DML_TENSOR_DATA_TYPE_UNKNOWN", "DML_TENSOR_DATA_TYPE_FLOAT32", "DML_TENSOR_DATA_TYPE_FLOAT16", "DML_TENSOR_DATA_TYPE_UINT32", "DML_TENSOR_DATA_TYPE_UINT16", "DML_TENSOR_DATA_TYPE_UINT8", "DML_TENSOR_DATA_TYPE_INT32", "DML_TENSOR_DATA_TYPE_INT16", "DML_TENSOR_DATA_TYPE_INT8", "DML_TENSOR_DATA_TYPE_FLOAT64", "DML_TENSOR_DATA_TYPE_UINT64", "DML_TENSOR_DATA_TYPE_INT64", "DML_TENSOR_DATA_TYPE_UINT4", "DML_TENSOR_DATA_TYPE_INT4"};
static const uint32_t enum1_values[] = {0, 1};
static const char* const enum1_names[] = {"DML_TENSOR_TYPE_INVALID", "DML_TENSOR_TYPE_BUFFER"};
static const uint32_t enum2_values[] = {0, 1};
static const char* const enum2_names[] = {"DML_TENSOR_FLAG_NONE", "DML_TENSOR_FLAG_OWNED_BY_DML"};
static const uint32_t enum3_values[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177};
static const char* const enum3_names[] = {"DML_OPERATOR_INVALID", "DML_OPERATOR_ELEMENT_WISE_IDENTITY", "DML_OPERATOR_ELEMENT_WISE_ABS", "DML_OPERATOR_ELEMENT_WISE_ACOS", "DML_OPERATOR_ELEMENT_WISE_ADD", "DML_OPERATOR_ELEMENT_WISE_ASIN", "DML_OPERATOR_ELEMENT_WISE_ATAN", "DML_OPERATOR_ELEMENT_WISE_CEIL", "DML_OPERATOR_ELEMENT_WISE_CLIP", "DML_OPERATOR_ELEMENT_WISE_COS", "DML_OPERATOR_ELEMENT_WISE_DIVIDE", "DML_OPERATOR_ELEMENT_WISE_EXP", "DML_OPERATOR_ELEMENT_WISE_FLOOR", "DML_OPERATOR_ELEMENT_WISE_LOG", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR", "DML_OPERATOR_ELEMENT_WISE_MAX", "DML_OPERATOR_ELEMENT_WISE_MEAN", "DML_OPERATOR_ELEMENT_WISE_MIN", "DML_OPERATOR_ELEMENT_WISE_MULTIPLY", "DML_OPERATOR_ELEMENT_WISE_POW", "DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW", "DML_OPERATOR_ELEMENT_WISE_RECIP", "DML_OPERATOR_ELEMENT_WISE_SIN", "DML_OPERATOR_ELEMENT_WISE_SQRT", "DML_OPERATOR_ELEMENT_WISE_SUBTRACT", "DML_OPERATOR_ELEMENT_WISE_TAN", "DML_OPERATOR_ELEMENT_WISE_THRESHOLD", "DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR", "DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR", "DML_OPERATOR_ACTIVATION_ELU", "DML_OPERATOR_ACTIVATION_HARDMAX", "DML_OPERATOR_ACTIVATION_HARD_SIGMOID", "DML_OPERATOR_ACTIVATION_IDENTITY", "DML_OPERATOR_ACTIVATION_LEAKY_RELU", "DML_OPERATOR_ACTIVATION_LINEAR", "DML_OPERATOR_ACTIVATION_LOG_SOFTMAX", "DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU", "DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS", "DML_OPERATOR_ACTIVATION_RELU", "DML_OPERATOR_ACTIVATION_SCALED_ELU", "DML_OPERATOR_ACTIVATION_SCALED_TANH", "DML_OPERATOR_ACTIVATION_SIGMOID", "DML_OPERATOR_ACTIVATION_SOFTMAX", "DML_OPERATOR_ACTIVATION_SOFTPLUS", "DML_OPERATOR_ACTIVATION_SOFTSIGN", "DML_OPERATOR_ACTIVATION_TANH", "DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU", "DML_OPERATOR_CONVOLUTION", "DML_OPERATOR_GEMM", "DML_OPERATOR_REDUCE", "DML_OPERATOR_AVERAGE_POOLING", "DML_OPERATOR_LP_POOLING", "DML_OPERATOR_MAX_POOLING", "DML_OPERATOR_ROI_POOLING", "DML_OPERATOR_SLICE", "DML_OPERATOR_CAST", "DML_OPERATOR_SPLIT", "DML_OPERATOR_JOIN", "DML_OPERATOR_PADDING", "DML_OPERATOR_VALUE_SCALE_2D", "DML_OPERATOR_UPSAMPLE_2D", "DML_OPERATOR_GATHER", "DML_OPERATOR_SPACE_TO_DEPTH", "DML_OPERATOR_DEPTH_TO_SPACE", "DML_OPERATOR_TILE", "DML_OPERATOR_TOP_K", "DML_OPERATOR_BATCH_NORMALIZATION", "DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION", "DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION", "DML_OPERATOR_LP_NORMALIZATION", "DML_OPERATOR_RNN", "DML_OPERATOR_LSTM", "DML_OPERATOR_GRU", "DML_OPERATOR_ELEMENT_WISE_SIGN", "DML_OPERATOR_ELEMENT_WISE_IS_NAN", "DML_OPERATOR_ELEMENT_WISE_ERF", "DML_OPERATOR_ELEMENT_WISE_SINH", "DML_OPERATOR_ELEMENT_WISE_COSH", "DML_OPERATOR_ELEMENT_WISE_TANH", "DML_OPERATOR_ELEMENT_WISE_ASINH", "DML_OPERATOR_ELEMENT_WISE_ACOSH", "DML_OPERATOR_ELEMENT_WISE_ATANH", "DML_OPERATOR_ELEMENT_WISE_IF", "DML_OPERATOR_ELEMENT_WISE_ADD1", "DML_OPERATOR_ACTIVATION_SHRINK", "DML_OPERATOR_MAX_POOLING1", "DML_OPERATOR_MAX_UNPOOLING", "DML_OPERATOR_DIAGONAL_MATRIX", "DML_OPERATOR_SCATTER_ELEMENTS", "DML_OPERATOR_SCATTER", "DML_OPERATOR_ONE_HOT", "DML_OPERATOR_RESAMPLE", "DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT", "DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT", "DML_OPERATOR_ELEMENT_WISE_ROUND", "DML_OPERATOR_ELEMENT_WISE_IS_INFINITY", "DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE", "DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR", "DML_OPERATOR_FILL_VALUE_CONSTANT", "DML_OPERATOR_FILL_VALUE_SEQUENCE", "DML_OPERATOR_CUMULATIVE_SUMMATION", "DML_OPERATOR_REVERSE_SUBSEQUENCES", "DML_OPERATOR_GATHER_ELEMENTS", "DML_OPERATOR_GATHER_ND", "DML_OPERATOR_SCATTER_ND", "DML_OPERATOR_MAX_POOLING2", "DML_OPERATOR_SLICE1", "DML_OPERATOR_TOP_K1", "DML_OPERATOR_DEPTH_TO_SPACE1", "DML_OPERATOR_SPACE_TO_DEPTH1", "DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1", "DML_OPERATOR_RESAMPLE1", "DML_OPERATOR_MATRIX_MULTIPLY_INTEGER", "DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY", "DML_OPERATOR_CONVOLUTION_INTEGER", "DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION", "DML_OPERATOR_ELEMENT_WISE_BIT_AND", "DML_OPERATOR_ELEMENT_WISE_BIT_OR", "DML_OPERATOR_ELEMENT_WISE_BIT_XOR", "DML_OPERATOR_ELEMENT_WISE_BIT_NOT", "DML_OPERATOR_ELEMENT_WISE_BIT_COUNT", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL", "DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL", "DML_OPERATOR_ACTIVATION_CELU", "DML_OPERATOR_ACTIVATION_RELU_GRAD", "DML_OPERATOR_AVERAGE_POOLING_GRAD", "DML_OPERATOR_MAX_POOLING_GRAD", "DML_OPERATOR_RANDOM_GENERATOR", "DML_OPERATOR_NONZERO_COORDINATES", "DML_OPERATOR_RESAMPLE_GRAD", "DML_OPERATOR_SLICE_GRAD", "DML_OPERATOR_ADAM_OPTIMIZER", "DML_OPERATOR_ARGMIN", "DML_OPERATOR_ARGMAX", "DML_OPERATOR_ROI_ALIGN", "DML_OPERATOR_GATHER_ND1", "DML_OPERATOR_ELEMENT_WISE_ATAN_YX", "DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD", "DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE", "DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD", "DML_OPERATOR_CUMULATIVE_PRODUCT", "DML_OPERATOR_BATCH_NORMALIZATION_GRAD", "DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD", "DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR", "DML_OPERATOR_ROI_ALIGN1", "DML_OPERATOR_ROI_ALIGN_GRAD", "DML_OPERATOR_BATCH_NORMALIZATION_TRAINING", "DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD", "DML_OPERATOR_ELEMENT_WISE_CLIP1", "DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1", "DML_OPERATOR_PADDING1", "DML_OPERATOR_ELEMENT_WISE_NEGATE", "DML_OPERATOR_ACTIVATION_GELU", "DML_OPERATOR_ACTIVATION_SOFTMAX1", "DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1", "DML_OPERATOR_ACTIVATION_HARDMAX1", "DML_OPERATOR_RESAMPLE2", "DML_OPERATOR_RESAMPLE_GRAD1", "DML_OPERATOR_DIAGONAL_MATRIX1", "DML_OPERATOR_MULTIHEAD_ATTENTION", "DML_OPERATOR_LP_POOLING1", "DML_OPERATOR_AVERAGE_POOLING1", "DML_OPERATOR_ACTIVATION_SWISH", "DML_OPERATOR_ACTIVATION_HARD_SWISH", "DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING", "DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT", "DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2", "DML_OPERATOR_MULTIHEAD_ATTENTION1", "DML_OPERATOR_QUANTIZE", "DML_OPERATOR_DEQUANTIZE", "DML_OPERATOR_RESAMPLE3", "DML_OPERATOR_FOLD", "DML_OPERATOR_UNFOLD"};
static const uint32_t enum4_values[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
static const char* const enum4_names[] = {"DML_REDUCE_FUNCTION_ARGMAX", "DML_REDUCE_FUNCTION_ARGMIN", "DML_REDUCE_FUNCTION_AVERAGE", "DML_REDUCE_FUNCTION_L1", "DML_REDUCE_FUNCTION_L2", "DML_REDUCE_FUNCTION_LOG_SUM", "DML_REDUCE_FUNCTION_LOG_SUM_EXP", "DML_REDUCE_FUNCTION_MAX", "DML_REDUCE_FUNCTION_MIN", "DML_REDUCE_FUNCTION_MULTIPLY", "DML_REDUCE_FUNCTION_SUM", "DML_REDUCE_FUNCTION_SUM_SQUARE"};
static const uint32_t enum5_values[] = {0, 1};
static const char* const enum5_names[] = {"DML_MATRIX_TRANSFORM_NONE", "DML_MATRIX_TRANSFORM_TRANSPOSE"};
static const uint32_t enum6_values[] = {0, 1};
static const char* const enum6_names[] = {"DML_CONVOLUTION_MODE_CONVOLUTION", "DML_CONVOLUTION_MODE_CROSS_CORRELATION"};
static const uint32_t enum7_values[] = {0, 1};
static const char* const enum7_names[] = {"DML_CONVOLUTION_DIRECTION_FORWARD", "DML_CONVOLUTION_DIRECTION_BACKWARD"};
static const uint32_t enum8_values[] = {0, 1, 2, 3, 4};
static const char* const enum8_names[] = {"DML_PADDING_MODE_CONSTANT", "DML_PADDING_MODE_EDGE", "DML_PADDING_MODE_REFLECTION", "DML_PADDING_MODE_SYMMETRIC", "DML_PADDING_MODE_WRAP"};
static const uint32_t enum9_values[] = {0, 1};
static const char* const enum9_names[] = {"DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR", "DML_INTERPOLATION_MODE_LINEAR"};
static const uint32_t enum10_values[] = {0, 1, 2};
static const char* const enum10_names[] = {"DML_RECURRENT_NETWORK_DIRECTION_FORWARD", "DML_RECURRENT_NETWORK_DIRECTION_BACKWARD", "DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL"};
static const uint32_t enum11_values[] = {0, 1, 2};
static const char* const enum11_names[] = {"DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN", "DML_ROUNDING_MODE_TOWARD_ZERO", "DML_ROUNDING_MODE_TOWARD_INFINITY"};
static const uint32_t enum12_values[] = {0, 1, 2};
static const char* const enum12_names[] = {"DML_IS_INFINITY_MODE_EITHER", "DML_IS_INFINITY_MODE_POSITIVE", "DML_IS_INFINITY_MODE_NEGATIVE"};
static const uint32_t enum13_values[] = {0, 1};
static const char* const enum13_names[] = {"DML_AXIS_DIRECTION_INCREASING", "DML_AXIS_DIRECTION_DECREASING"};
static const uint32_t enum14_values[] = {0, 1};
static const char* const enum14_names[] = {"DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW", "DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH"};
static const uint32_t enum15_values[] = {0};
static const char* const enum15_names[] = {"DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10"};
static const uint32_t enum16_values[] = {0, 1, 2, 3, 4};
static const char* const enum16_names[] = {"DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE", "DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH", "DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_END_START", "DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_QUERY_SEQUENCE_LENGTH_START_END", "DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN"};
static const uint32_t enum17_values[] = {0, 1, 2};
static const char* const enum17_names[] = {"DML_QUANTIZATION_TYPE_NONE", "DML_QUANTIZATION_TYPE_SCALE", "DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT"};
static const uint32_t enum18_values[] = {4096, 8192, 8448, 12288, 12544, 16384, 16640, 20480, 20736, 20992, 24576, 24832, 25088, 25344, 25600};
static const char* const enum18_names[] = {"DML_FEATURE_LEVEL_1_0", "DML_FEATURE_LEVEL_2_0", "DML_FEATURE_LEVEL_2_1", "DML_FEATURE_LEVEL_3_0", "DML_FEATURE_LEVEL_3_1", "DML_FEATURE_LEVEL_4_0", "DML_FEATURE_LEVEL_4_1", "DML_FEATURE_LEVEL_5_0", "DML_FEATURE_LEVEL_5_1", "DML_FEATURE_LEVEL_5_2", "DML_FEATURE_LEVEL_6_0", "DML_FEATURE_LEVEL_6_1", "DML_FEATURE_LEVEL_6_2", "DML_FEATURE_LEVEL_6_3", "DML_FEATURE_LEVEL_6_4"};
static const uint32_t enum19_values[] = {0, 1};
static const char* const enum19_names[] = {"DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT", "DML_FEATURE_FEATURE_LEVELS"};
static const uint32_t enum20_values[] = {0, 1, 2, 4};
static const char* const enum20_names[] = {"DML_EXECUTION_FLAG_NONE", "DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION", "DML_EXECUTION_FLAG_DISABLE_META_COMMANDS", "DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE"};
static const uint32_t enum21_values[] = {0, 1};
static const char* const enum21_names[] = {"DML_CREATE_DEVICE_FLAG_NONE", "DML_CREATE_DEVICE_FLAG_DEBUG"};
static const uint32_t enum22_values[] = {0, 1, 2};
static const char* const enum22_names[] = {"DML_BINDING_TYPE_NONE", "DML_BINDING_TYPE_BUFFER", "DML_BINDING_TYPE_BUFFER_ARRAY"};
static const uint32_t enum23_values[] = {0, 1, 2, 3};
static const char* const enum23_names[] = {"DML_GRAPH_EDGE_TYPE_INVALID", "DML_GRAPH_EDGE_TYPE_INPUT", "DML_GRAPH_EDGE_TYPE_OUTPUT", "DML_GRAPH_EDGE_TYPE_INTERMEDIATE"};
static const uint32_t enum24_values[] = {0, 1, 2};
static const char* const enum24_names[] = {"DML_GRAPH_NODE_TYPE_INVALID", "DML_GRAPH_NODE_TYPE_OPERATOR", "DML_GRAPH_NODE_TYPE_CONSTANT"};
const pydml_enum_info pydml_enums[] = {
    {"DML_TENSOR_DATA_TYPE", 14, enum0_values, enum0_names},
    {"DML_TENSOR_TYPE", 2, enum1_values, enum1_names},
    {"DML_TENSOR_FLAGS", 2, enum2_values, enum2_names},
    {"DML_OPERATOR_TYPE", 179, enum3_values, enum3_names},
    {"DML_REDUCE_FUNCTION", 12, enum4_values, enum4_names},
    {"DML_MATRIX_TRANSFORM", 2, enum5_values, enum5_names},
    {"DML_CONVOLUTION_MODE", 2, enum6_values, enum6_names},
    {"DML_CONVOLUTION_DIRECTION", 2, enum7_values, enum7_names},
    {"DML_PADDING_MODE", 5, enum8_values, enum8_names},
    {"DML_INTERPOLATION_MODE", 2, enum9_values, enum9_names},
    {"DML_RECURRENT_NETWORK_DIRECTION", 3, enum10_values, enum10_names},
    {"DML_ROUNDING_MODE", 3, enum11_values, enum11_names},
    {"DML_IS_INFINITY_MODE", 3, enum12_values, enum12_names},
    {"DML_AXIS_DIRECTION", 2, enum13_values, enum13_names},
    {"DML_DEPTH_SPACE_ORDER", 2, enum14_values, enum14_names},
    {"DML_RANDOM_GENERATOR_TYPE", 1, enum15_values, enum15_names},
    {"DML_MULTIHEAD_ATTENTION_MASK_TYPE", 5, enum16_values, enum16_names},
    {"DML_QUANTIZATION_TYPE", 3, enum17_values, enum17_names},
    {"DML_FEATURE_LEVEL", 15, enum18_values, enum18_names},
    {"DML_FEATURE", 2, enum19_values, enum19_names},
    {"DML_EXECUTION_FLAGS", 4, enum20_values, enum20_names},
    {"DML_CREATE_DEVICE_FLAGS", 2, enum21_values, enum21_names},
    {"DML_BINDING_TYPE", 3, enum22_values, enum22_names},
    {"DML_GRAPH_EDGE_TYPE", 4, enum23_values, enum23_names},
    {"DML_GRAPH_NODE_TYPE", 3, enum24_values, enum24_names},
};
const uint32_t pydml_enum_count = 25;

const uint32_t pydml_feature_levels[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x4100, 0x5000, 0x5100, 0x5200, 0x6000, 0x6100, 0x6200, 0x6300, 0x6400};
const uint32_t pydml_feature_level_count = 15;

static const pydml_field_info element_wise_identity_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_identity_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x01fe}, /* InputTensor */
    {1, 0, 0x0030, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table element_wise_identity_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint element_wise_identity_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_abs_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_abs_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01c6}, /* InputTensor */
    {1, 0, 0x0010, 0x01c6}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01c6}, /* InputTensor */
    {1, 0, 0x01fe, 0x01c6}, /* OutputTensor */
    {0, 0, 0x01fe, 0x09c6}, /* InputTensor */
    {1, 0, 0x01fe, 0x09c6}, /* OutputTensor */
};
static const pydml_support_table element_wise_abs_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint element_wise_abs_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_acos_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ACOS_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ACOS_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ACOS_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_acos_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_acos_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_acos_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_add_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_add_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* ATensor */
    {1, 0, 0x0030, 0x0006}, /* BTensor */
    {2, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x004e}, /* ATensor */
    {1, 0, 0x0030, 0x004e}, /* BTensor */
    {2, 0, 0x0030, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x004e}, /* ATensor */
    {1, 0, 0x01fe, 0x004e}, /* BTensor */
    {2, 0, 0x01fe, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0c4e}, /* ATensor */
    {1, 0, 0x01fe, 0x0c4e}, /* BTensor */
    {2, 0, 0x01fe, 0x0c4e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_add_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x4100, 9, 3},
    {0x5100, 12, 3},
};
static const pydml_constraint element_wise_add_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_asin_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ASIN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ASIN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ASIN_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_asin_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_asin_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_asin_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_atan_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ATAN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ATAN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ATAN_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_atan_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_atan_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_atan_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_ceil_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_CEIL_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_CEIL_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_CEIL_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_ceil_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_ceil_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_ceil_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_clip_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
    {"Min", offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, Min), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Max", offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, Max), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_clip_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_clip_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x5000, 6, 2},
};
static const pydml_constraint element_wise_clip_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};
static const uint32_t element_wise_clip_fusable_hosts[] = {53 /* CONVOLUTION */, 54 /* GEMM */, 0};

static const pydml_field_info element_wise_cos_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_COS_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_COS_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_COS_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_cos_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_cos_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_cos_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_divide_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_divide_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x004e}, /* ATensor */
    {1, 0, 0x0010, 0x004e}, /* BTensor */
    {2, 0, 0x0010, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x004e}, /* ATensor */
    {1, 0, 0x01fe, 0x004e}, /* BTensor */
    {2, 0, 0x01fe, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_divide_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x5100, 9, 3},
    {0x6000, 12, 3},
};
static const pydml_constraint element_wise_divide_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_exp_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_EXP_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_EXP_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_EXP_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_exp_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_exp_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_exp_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_floor_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_floor_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_floor_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_floor_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_log_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_LOG_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOG_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_LOG_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_log_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_log_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_log_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_logical_and_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_and_rows[] = {
    {0, 0, 0x0010, 0x0008}, /* ATensor */
    {1, 0, 0x0010, 0x0008}, /* BTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputTensor */
    {0, 0, 0x0010, 0x0028}, /* ATensor */
    {1, 0, 0x0010, 0x0028}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0028}, /* ATensor */
    {1, 0, 0x01fe, 0x0028}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_and_tables[] = {
    {0x1000, 0, 3},
    {0x2000, 3, 3},
    {0x3000, 6, 3},
};
static const pydml_constraint element_wise_logical_and_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_logical_equals_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_equals_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputTensor */
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* ATensor */
    {1, 0, 0x0010, 0x01fe}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_equals_tables[] = {
    {0x1000, 0, 3},
    {0x2000, 3, 3},
    {0x2100, 6, 3},
    {0x3000, 9, 3},
    {0x4100, 12, 3},
};
static const pydml_constraint element_wise_logical_equals_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info element_wise_logical_greater_than_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_greater_than_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputTensor */
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* ATensor */
    {1, 0, 0x0010, 0x01fe}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_greater_than_tables[] = {
    {0x1000, 0, 3},
    {0x2000, 3, 3},
    {0x2100, 6, 3},
    {0x3000, 9, 3},
    {0x4100, 12, 3},
};
static const pydml_constraint element_wise_logical_greater_than_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info element_wise_logical_less_than_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_less_than_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputTensor */
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* ATensor */
    {1, 0, 0x0010, 0x01fe}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_less_than_tables[] = {
    {0x1000, 0, 3},
    {0x2000, 3, 3},
    {0x2100, 6, 3},
    {0x3000, 9, 3},
    {0x4100, 12, 3},
};
static const pydml_constraint element_wise_logical_less_than_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info element_wise_logical_not_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_not_rows[] = {
    {0, 0, 0x0010, 0x0008}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* OutputTensor */
    {0, 0, 0x0010, 0x0028}, /* InputTensor */
    {1, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0028}, /* InputTensor */
    {1, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_not_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint element_wise_logical_not_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_logical_or_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_or_rows[] = {
    {0, 0, 0x0010, 0x0008}, /* ATensor */
    {1, 0, 0x0010, 0x0008}, /* BTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputTensor */
    {0, 0, 0x0010, 0x0028}, /* ATensor */
    {1, 0, 0x0010, 0x0028}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0028}, /* ATensor */
    {1, 0, 0x01fe, 0x0028}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_or_tables[] = {
    {0x1000, 0, 3},
    {0x2000, 3, 3},
    {0x3000, 6, 3},
};
static const pydml_constraint element_wise_logical_or_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_logical_xor_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_xor_rows[] = {
    {0, 0, 0x0010, 0x0008}, /* ATensor */
    {1, 0, 0x0010, 0x0008}, /* BTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputTensor */
    {0, 0, 0x0010, 0x0028}, /* ATensor */
    {1, 0, 0x0010, 0x0028}, /* BTensor */
    {2, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0028}, /* ATensor */
    {1, 0, 0x01fe, 0x0028}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_xor_tables[] = {
    {0x1000, 0, 3},
    {0x2000, 3, 3},
    {0x3000, 6, 3},
};
static const pydml_constraint element_wise_logical_xor_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_max_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_MAX_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_MAX_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_MAX_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_max_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* ATensor */
    {1, 0, 0x0010, 0x01fe}, /* BTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_max_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x5000, 9, 3},
};
static const pydml_constraint element_wise_max_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_mean_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_MEAN_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_MEAN_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_MEAN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_mean_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x004e}, /* ATensor */
    {1, 0, 0x0010, 0x004e}, /* BTensor */
    {2, 0, 0x0010, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x004e}, /* ATensor */
    {1, 0, 0x01fe, 0x004e}, /* BTensor */
    {2, 0, 0x01fe, 0x004e}, /* OutputTensor */
};
static const pydml_support_table element_wise_mean_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
};
static const pydml_constraint element_wise_mean_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_min_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_MIN_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_MIN_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_MIN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_min_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* ATensor */
    {1, 0, 0x0010, 0x01fe}, /* BTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_min_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x5000, 9, 3},
};
static const pydml_constraint element_wise_min_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_multiply_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_multiply_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* ATensor */
    {1, 0, 0x0030, 0x0006}, /* BTensor */
    {2, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x004e}, /* ATensor */
    {1, 0, 0x0030, 0x004e}, /* BTensor */
    {2, 0, 0x0030, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x004e}, /* ATensor */
    {1, 0, 0x01fe, 0x004e}, /* BTensor */
    {2, 0, 0x01fe, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0c4e}, /* ATensor */
    {1, 0, 0x01fe, 0x0c4e}, /* BTensor */
    {2, 0, 0x01fe, 0x0c4e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_multiply_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x4100, 9, 3},
    {0x5100, 12, 3},
};
static const pydml_constraint element_wise_multiply_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_pow_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ExponentTensor", offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, ExponentTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_pow_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* ExponentTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* ExponentTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
};
static const pydml_support_table element_wise_pow_tables[] = {
    {0x1000, 0, 3},
    {0x3000, 3, 3},
};
static const pydml_constraint element_wise_pow_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info element_wise_constant_pow_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
    {"Exponent", offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, Exponent), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_constant_pow_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_constant_pow_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_constant_pow_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_recip_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_RECIP_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_RECIP_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_RECIP_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_recip_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_recip_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_recip_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_sin_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_SIN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_SIN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_SIN_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_sin_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_sin_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_sin_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_sqrt_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_SQRT_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_SQRT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_SQRT_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_sqrt_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_sqrt_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_sqrt_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_subtract_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_subtract_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x004e}, /* ATensor */
    {1, 0, 0x0010, 0x004e}, /* BTensor */
    {2, 0, 0x0010, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x004e}, /* ATensor */
    {1, 0, 0x01fe, 0x004e}, /* BTensor */
    {2, 0, 0x01fe, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0c4e}, /* ATensor */
    {1, 0, 0x01fe, 0x0c4e}, /* BTensor */
    {2, 0, 0x01fe, 0x0c4e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_subtract_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x4100, 9, 3},
    {0x5100, 12, 3},
};
static const pydml_constraint element_wise_subtract_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_tan_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_TAN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_TAN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_TAN_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_tan_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_tan_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_tan_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_threshold_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
    {"Min", offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, Min), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_threshold_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
};
static const pydml_support_table element_wise_threshold_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint element_wise_threshold_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_quantize_linear_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ZeroPointTensor", offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, ZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_quantize_linear_rows[] = {
    {0, 0, 0x0010, 0x0002}, /* InputTensor */
    {1, 0, 0x0010, 0x0002}, /* ScaleTensor */
    {2, 0, 0x0010, 0x0020}, /* ZeroPointTensor */
    {3, 0, 0x0010, 0x0020}, /* OutputTensor */
    {0, 0, 0x0010, 0x0042}, /* InputTensor */
    {1, 0, 0x0010, 0x0002}, /* ScaleTensor */
    {2, 0, 0x0010, 0x0120}, /* ZeroPointTensor */
    {3, 0, 0x0010, 0x0120}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0042}, /* InputTensor */
    {1, 0, 0x01fe, 0x0002}, /* ScaleTensor */
    {2, 0, 0x01fe, 0x0120}, /* ZeroPointTensor */
    {3, 0, 0x01fe, 0x0120}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0046}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {2, 0, 0x01fe, 0x0120}, /* ZeroPointTensor */
    {3, 0, 0x01fe, 0x0120}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0046}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {2, 1, 0x01fe, 0x0120}, /* ZeroPointTensor */
    {3, 0, 0x01fe, 0x0120}, /* OutputTensor */
};
static const pydml_support_table element_wise_quantize_linear_tables[] = {
    {0x1000, 0, 4},
    {0x2100, 4, 4},
    {0x3000, 8, 4},
    {0x6000, 12, 4},
    {0x6200, 16, 4},
};
static const pydml_constraint element_wise_quantize_linear_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 4, {0, 1, 2, 3}},
    {PYDML_SAME_DATA_TYPE, 2, {2, 3}},
};

static const pydml_field_info element_wise_dequantize_linear_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ZeroPointTensor", offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, ZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_dequantize_linear_rows[] = {
    {0, 0, 0x0010, 0x0020}, /* InputTensor */
    {1, 0, 0x0010, 0x0002}, /* ScaleTensor */
    {2, 0, 0x0010, 0x0020}, /* ZeroPointTensor */
    {3, 0, 0x0010, 0x0002}, /* OutputTensor */
    {0, 0, 0x0010, 0x01f8}, /* InputTensor */
    {1, 0, 0x0010, 0x0002}, /* ScaleTensor */
    {2, 0, 0x0010, 0x01f8}, /* ZeroPointTensor */
    {3, 0, 0x0010, 0x0002}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01f8}, /* InputTensor */
    {1, 0, 0x01fe, 0x0002}, /* ScaleTensor */
    {2, 0, 0x01fe, 0x01f8}, /* ZeroPointTensor */
    {3, 0, 0x01fe, 0x0002}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01f8}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {2, 0, 0x01fe, 0x01f8}, /* ZeroPointTensor */
    {3, 0, 0x01fe, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01f8}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {2, 1, 0x01fe, 0x01f8}, /* ZeroPointTensor */
    {3, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_dequantize_linear_tables[] = {
    {0x1000, 0, 4},
    {0x2100, 4, 4},
    {0x3000, 8, 4},
    {0x6000, 12, 4},
    {0x6200, 16, 4},
};
static const pydml_constraint element_wise_dequantize_linear_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 4, {0, 1, 2, 3}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {1, 3}},
};

static const pydml_field_info activation_elu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_ELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_ELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_ELU_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_elu_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_elu_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_elu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_hardmax_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_HARDMAX_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_HARDMAX_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_hardmax_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_hardmax_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_hardmax_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_hard_sigmoid_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_hard_sigmoid_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_hard_sigmoid_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_hard_sigmoid_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_identity_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_IDENTITY_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_IDENTITY_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_identity_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_identity_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_identity_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_leaky_relu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_leaky_relu_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_leaky_relu_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_leaky_relu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_linear_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_LINEAR_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_LINEAR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_LINEAR_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_ACTIVATION_LINEAR_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_linear_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_linear_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_linear_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_log_softmax_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_log_softmax_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_log_softmax_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_log_softmax_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_parameterized_relu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"SlopeTensor", offsetof(DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC, SlopeTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_parameterized_relu_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* SlopeTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* SlopeTensor */
    {2, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* SlopeTensor */
    {2, 0, 0x01fe, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01c6}, /* InputTensor */
    {1, 0, 0x01fe, 0x01c6}, /* SlopeTensor */
    {2, 0, 0x01fe, 0x01c6}, /* OutputTensor */
};
static const pydml_support_table activation_parameterized_relu_tables[] = {
    {0x1000, 0, 3},
    {0x2000, 3, 3},
    {0x3000, 6, 3},
    {0x5100, 9, 3},
};
static const pydml_constraint activation_parameterized_relu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info activation_parametric_softplus_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_parametric_softplus_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_parametric_softplus_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_parametric_softplus_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_relu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_RELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_RELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_relu_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01c6}, /* InputTensor */
    {1, 0, 0x01fe, 0x01c6}, /* OutputTensor */
};
static const pydml_support_table activation_relu_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
    {0x5100, 6, 2},
};
static const pydml_constraint activation_relu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_scaled_elu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Gamma", offsetof(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC, Gamma), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_scaled_elu_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_scaled_elu_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_scaled_elu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_scaled_tanh_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_scaled_tanh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_scaled_tanh_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_scaled_tanh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_sigmoid_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SIGMOID_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SIGMOID_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_sigmoid_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_sigmoid_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_sigmoid_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_softmax_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SOFTMAX_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SOFTMAX_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_softmax_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_softmax_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_softmax_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};
static const uint32_t activation_softmax_fusable_hosts[] = {54 /* GEMM */, 0};

static const pydml_field_info activation_softplus_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Steepness", offsetof(DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC, Steepness), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_softplus_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_softplus_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_softplus_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_softsign_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_softsign_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_softsign_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_softsign_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_tanh_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_TANH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_TANH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_tanh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_tanh_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_tanh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_thresholded_relu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_thresholded_relu_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_thresholded_relu_tables[] = {
    {0x1000, 0, 2},
    {0x2000, 2, 2},
    {0x3000, 4, 2},
};
static const pydml_constraint activation_thresholded_relu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info convolution_fields[] = {
    {"InputTensor", offsetof(DML_CONVOLUTION_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"FilterTensor", offsetof(DML_CONVOLUTION_OPERATOR_DESC, FilterTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BiasTensor", offsetof(DML_CONVOLUTION_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_CONVOLUTION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Mode", offsetof(DML_CONVOLUTION_OPERATOR_DESC, Mode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 6},
    {"Direction", offsetof(DML_CONVOLUTION_OPERATOR_DESC, Direction), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 7},
    {"DimensionCount", offsetof(DML_CONVOLUTION_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_CONVOLUTION_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"Dilations", offsetof(DML_CONVOLUTION_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"StartPadding", offsetof(DML_CONVOLUTION_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"EndPadding", offsetof(DML_CONVOLUTION_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"OutputPadding", offsetof(DML_CONVOLUTION_OPERATOR_DESC, OutputPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"GroupCount", offsetof(DML_CONVOLUTION_OPERATOR_DESC, GroupCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_CONVOLUTION_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row convolution_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* FilterTensor */
    {2, 1, 0x0030, 0x0006}, /* BiasTensor */
    {3, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x0038, 0x0006}, /* InputTensor */
    {1, 0, 0x0038, 0x0006}, /* FilterTensor */
    {2, 1, 0x0038, 0x0006}, /* BiasTensor */
    {3, 0, 0x0038, 0x0006}, /* OutputTensor */
};
static const pydml_support_table convolution_tables[] = {
    {0x1000, 0, 4},
    {0x4000, 4, 4},
};
static const pydml_constraint convolution_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 4, {0, 1, 2, 3}},
};

static const pydml_field_info gemm_fields[] = {
    {"ATensor", offsetof(DML_GEMM_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_GEMM_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"CTensor", offsetof(DML_GEMM_OPERATOR_DESC, CTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_GEMM_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"TransA", offsetof(DML_GEMM_OPERATOR_DESC, TransA), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 5},
    {"TransB", offsetof(DML_GEMM_OPERATOR_DESC, TransB), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 5},
    {"Alpha", offsetof(DML_GEMM_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_GEMM_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_GEMM_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row gemm_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* ATensor */
    {1, 0, 0x0010, 0x0006}, /* BTensor */
    {2, 1, 0x0010, 0x0006}, /* CTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x001c, 0x0006}, /* ATensor */
    {1, 0, 0x001c, 0x0006}, /* BTensor */
    {2, 1, 0x001c, 0x0006}, /* CTensor */
    {3, 0, 0x001c, 0x0006}, /* OutputTensor */
};
static const pydml_support_table gemm_tables[] = {
    {0x1000, 0, 4},
    {0x4000, 4, 4},
};
static const pydml_constraint gemm_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 4, {0, 1, 2, 3}},
    {PYDML_SAME_SIZES, 2, {2, 3}},
};

static const pydml_field_info reduce_fields[] = {
    {"Function", offsetof(DML_REDUCE_OPERATOR_DESC, Function), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 4},
    {"InputTensor", offsetof(DML_REDUCE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_REDUCE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_REDUCE_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_REDUCE_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row reduce_rows[] = {
    {1, 0, 0x0010, 0x0006}, /* InputTensor */
    {2, 0, 0x0010, 0x000e}, /* OutputTensor */
    {1, 0, 0x0010, 0x01fe}, /* InputTensor */
    {2, 0, 0x0010, 0x004e}, /* OutputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table reduce_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x4100, 6, 2},
    {0x5000, 8, 2},
};

static const pydml_field_info average_pooling_fields[] = {
    {"InputTensor", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"WindowSize", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"IncludePadding", offsetof(DML_AVERAGE_POOLING_OPERATOR_DESC, IncludePadding), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row average_pooling_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
};
static const pydml_support_table average_pooling_tables[] = {
    {0x1000, 0, 2},
};
static const pydml_constraint average_pooling_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info lp_pooling_fields[] = {
    {"InputTensor", offsetof(DML_LP_POOLING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_LP_POOLING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_LP_POOLING_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_LP_POOLING_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"WindowSize", offsetof(DML_LP_POOLING_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_LP_POOLING_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_LP_POOLING_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"P", offsetof(DML_LP_POOLING_OPERATOR_DESC, P), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row lp_pooling_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
};
static const pydml_support_table lp_pooling_tables[] = {
    {0x1000, 0, 2},
};
static const pydml_constraint lp_pooling_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info max_pooling_fields[] = {
    {"InputTensor", offsetof(DML_MAX_POOLING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MAX_POOLING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_MAX_POOLING_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_MAX_POOLING_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"WindowSize", offsetof(DML_MAX_POOLING_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_MAX_POOLING_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_MAX_POOLING_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row max_pooling_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x0126}, /* InputTensor */
    {1, 0, 0x0030, 0x0126}, /* OutputTensor */
    {0, 0, 0x0030, 0x0dfe}, /* InputTensor */
    {1, 0, 0x0030, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table max_pooling_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
    {0x5000, 4, 2},
};
static const pydml_constraint max_pooling_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info roi_pooling_fields[] = {
    {"InputTensor", offsetof(DML_ROI_POOLING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ROITensor", offsetof(DML_ROI_POOLING_OPERATOR_DESC, ROITensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ROI_POOLING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"SpatialScale", offsetof(DML_ROI_POOLING_OPERATOR_DESC, SpatialScale), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"PooledSize", offsetof(DML_ROI_POOLING_OPERATOR_DESC, PooledSize), PYDML_FIELD_SIZE_2D, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row roi_pooling_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* ROITensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
};
static const pydml_support_table roi_pooling_tables[] = {
    {0x1000, 0, 3},
};
static const pydml_constraint roi_pooling_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 3, {0, 1, 2}},
};

static const pydml_field_info slice_fields[] = {
    {"InputTensor", offsetof(DML_SLICE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_SLICE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_SLICE_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Offsets", offsetof(DML_SLICE_OPERATOR_DESC, Offsets), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Sizes", offsetof(DML_SLICE_OPERATOR_DESC, Sizes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Strides", offsetof(DML_SLICE_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row slice_rows[] = {
    {0, 0, 0x0030, 0x00de}, /* InputTensor */
    {1, 0, 0x0030, 0x00de}, /* OutputTensor */
    {0, 0, 0x0030, 0x01fe}, /* InputTensor */
    {1, 0, 0x0030, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table slice_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint slice_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info cast_fields[] = {
    {"InputTensor", offsetof(DML_CAST_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_CAST_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row cast_rows[] = {
    {0, 0, 0x0010, 0x01b6}, /* InputTensor */
    {1, 0, 0x0010, 0x01b6}, /* OutputTensor */
    {0, 0, 0x0010, 0x0dfe}, /* InputTensor */
    {1, 0, 0x0010, 0x0dfe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table cast_tables[] = {
    {0x1000, 0, 2},
    {0x3000, 2, 2},
    {0x3100, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint cast_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info split_fields[] = {
    {"InputTensor", offsetof(DML_SPLIT_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputCount", offsetof(DML_SPLIT_OPERATOR_DESC, OutputCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"OutputTensors", offsetof(DML_SPLIT_OPERATOR_DESC, OutputTensors), PYDML_FIELD_TENSOR_ARRAY, PYDML_ROLE_OUTPUT, 0, 1, -1, -1},
    {"Axis", offsetof(DML_SPLIT_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row split_rows[] = {
    {0, 0, 0x0010, 0x00de}, /* InputTensor */
    {2, 0, 0x0010, 0x00de}, /* OutputTensors */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensors */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensors */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensors */
};
static const pydml_support_table split_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint split_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 2}},
};

static const pydml_field_info join_fields[] = {
    {"InputCount", offsetof(DML_JOIN_OPERATOR_DESC, InputCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"InputTensors", offsetof(DML_JOIN_OPERATOR_DESC, InputTensors), PYDML_FIELD_TENSOR_ARRAY, PYDML_ROLE_INPUT, 0, 0, -1, -1},
    {"OutputTensor", offsetof(DML_JOIN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_JOIN_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row join_rows[] = {
    {1, 0, 0x0010, 0x00de}, /* InputTensors */
    {2, 0, 0x0010, 0x00de}, /* OutputTensor */
    {1, 0, 0x0010, 0x01fe}, /* InputTensors */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {1, 0, 0x0030, 0x01fe}, /* InputTensors */
    {2, 0, 0x0030, 0x01fe}, /* OutputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* InputTensors */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table join_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint join_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {1, 2}},
};

static const pydml_field_info padding_fields[] = {
    {"InputTensor", offsetof(DML_PADDING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_PADDING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"PaddingMode", offsetof(DML_PADDING_OPERATOR_DESC, PaddingMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 8},
    {"PaddingValue", offsetof(DML_PADDING_OPERATOR_DESC, PaddingValue), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_PADDING_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"StartPadding", offsetof(DML_PADDING_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"EndPadding", offsetof(DML_PADDING_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
};
static const pydml_support_row padding_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x0030, 0x01fe}, /* InputTensor */
    {1, 0, 0x0030, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table padding_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3100, 4, 2},
    {0x5000, 6, 2},
};
static const pydml_constraint padding_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info value_scale_2d_fields[] = {
    {"InputTensor", offsetof(DML_VALUE_SCALE_2D_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_VALUE_SCALE_2D_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Scale", offsetof(DML_VALUE_SCALE_2D_OPERATOR_DESC, Scale), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"ChannelCount", offsetof(DML_VALUE_SCALE_2D_OPERATOR_DESC, ChannelCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Bias", offsetof(DML_VALUE_SCALE_2D_OPERATOR_DESC, Bias), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row value_scale_2d_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
};
static const pydml_support_table value_scale_2d_tables[] = {
    {0x1000, 0, 2},
};
static const pydml_constraint value_scale_2d_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info upsample_2d_fields[] = {
    {"InputTensor", offsetof(DML_UPSAMPLE_2D_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_UPSAMPLE_2D_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleSize", offsetof(DML_UPSAMPLE_2D_OPERATOR_DESC, ScaleSize), PYDML_FIELD_SIZE_2D, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"InterpolationMode", offsetof(DML_UPSAMPLE_2D_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
};
static const pydml_support_row upsample_2d_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
};
static const pydml_support_table upsample_2d_tables[] = {
    {0x1000, 0, 2},
};
static const pydml_constraint upsample_2d_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info gather_fields[] = {
    {"InputTensor", offsetof(DML_GATHER_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"IndicesTensor", offsetof(DML_GATHER_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_GATHER_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_GATHER_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"IndexDimensions", offsetof(DML_GATHER_OPERATOR_DESC, IndexDimensions), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row gather_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table gather_tables[] = {
    {0x1000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x4100, 9, 3},
};
static const pydml_constraint gather_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info space_to_depth_fields[] = {
    {"InputTensor", offsetof(DML_SPACE_TO_DEPTH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_SPACE_TO_DEPTH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"BlockSize", offsetof(DML_SPACE_TO_DEPTH_OPERATOR_DESC, BlockSize), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row space_to_depth_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x0010, 0x0ffe}, /* InputTensor */
    {1, 0, 0x0010, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table space_to_depth_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x5000, 4, 2},
};
static const pydml_constraint space_to_depth_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info depth_to_space_fields[] = {
    {"InputTensor", offsetof(DML_DEPTH_TO_SPACE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_DEPTH_TO_SPACE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"BlockSize", offsetof(DML_DEPTH_TO_SPACE_OPERATOR_DESC, BlockSize), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row depth_to_space_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x0010, 0x0ffe}, /* InputTensor */
    {1, 0, 0x0010, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table depth_to_space_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x5000, 4, 2},
};
static const pydml_constraint depth_to_space_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info tile_fields[] = {
    {"InputTensor", offsetof(DML_TILE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_TILE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"RepeatsCount", offsetof(DML_TILE_OPERATOR_DESC, RepeatsCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Repeats", offsetof(DML_TILE_OPERATOR_DESC, Repeats), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row tile_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table tile_tables[] = {
    {0x1000, 0, 2},
    {0x2100, 2, 2},
    {0x3100, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint tile_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info top_k_fields[] = {
    {"InputTensor", offsetof(DML_TOP_K_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputValueTensor", offsetof(DML_TOP_K_OPERATOR_DESC, OutputValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputIndexTensor", offsetof(DML_TOP_K_OPERATOR_DESC, OutputIndexTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_TOP_K_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"K", offsetof(DML_TOP_K_OPERATOR_DESC, K), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row top_k_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputValueTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputIndexTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputValueTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputIndexTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputValueTensor */
    {2, 0, 0x01fe, 0x0008}, /* OutputIndexTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* OutputValueTensor */
    {2, 0, 0x01fe, 0x0408}, /* OutputIndexTensor */
};
static const pydml_support_table top_k_tables[] = {
    {0x2000, 0, 3},
    {0x2100, 3, 3},
    {0x3100, 6, 3},
    {0x5000, 9, 3},
};
static const pydml_constraint top_k_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info batch_normalization_fields[] = {
    {"InputTensor", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"MeanTensor", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, MeanTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"VarianceTensor", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, VarianceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BiasTensor", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Spatial", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, Spatial), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_BATCH_NORMALIZATION_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row batch_normalization_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* MeanTensor */
    {2, 0, 0x0010, 0x0006}, /* VarianceTensor */
    {3, 0, 0x0010, 0x0006}, /* ScaleTensor */
    {4, 0, 0x0010, 0x0006}, /* BiasTensor */
    {5, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* MeanTensor */
    {2, 0, 0x01fe, 0x0006}, /* VarianceTensor */
    {3, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {4, 0, 0x01fe, 0x0006}, /* BiasTensor */
    {5, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table batch_normalization_tables[] = {
    {0x1000, 0, 6},
    {0x3100, 6, 6},
};
static const pydml_constraint batch_normalization_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 6, {0, 1, 2, 3, 4, 5}},
    {PYDML_SAME_SIZES, 2, {0, 5}},
};

static const pydml_field_info mean_variance_normalization_fields[] = {
    {"InputTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BiasTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"CrossChannel", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, CrossChannel), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"NormalizeVariance", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, NormalizeVariance), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row mean_variance_normalization_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 1, 0x0010, 0x0006}, /* ScaleTensor */
    {2, 1, 0x0010, 0x0006}, /* BiasTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
};
static const pydml_support_table mean_variance_normalization_tables[] = {
    {0x1000, 0, 4},
};
static const pydml_constraint mean_variance_normalization_constraints[] = {
    {PYDML_SAME_SIZES, 2, {0, 3}},
    {PYDML_SAME_DATA_TYPE, 4, {0, 1, 2, 3}},
};

static const pydml_field_info local_response_normalization_fields[] = {
    {"InputTensor", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"CrossChannel", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC, CrossChannel), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"LocalSize", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC, LocalSize), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Bias", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC, Bias), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row local_response_normalization_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
};
static const pydml_support_table local_response_normalization_tables[] = {
    {0x1000, 0, 2},
};
static const pydml_constraint local_response_normalization_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info lp_normalization_fields[] = {
    {"InputTensor", offsetof(DML_LP_NORMALIZATION_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_LP_NORMALIZATION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_LP_NORMALIZATION_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_LP_NORMALIZATION_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"P", offsetof(DML_LP_NORMALIZATION_OPERATOR_DESC, P), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row lp_normalization_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table lp_normalization_tables[] = {
    {0x1000, 0, 2},
    {0x3100, 2, 2},
};
static const pydml_constraint lp_normalization_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info rnn_fields[] = {
    {"InputTensor", offsetof(DML_RNN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"WeightTensor", offsetof(DML_RNN_OPERATOR_DESC, WeightTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"RecurrenceTensor", offsetof(DML_RNN_OPERATOR_DESC, RecurrenceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BiasTensor", offsetof(DML_RNN_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"HiddenInitTensor", offsetof(DML_RNN_OPERATOR_DESC, HiddenInitTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"SequenceLengthsTensor", offsetof(DML_RNN_OPERATOR_DESC, SequenceLengthsTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputSequenceTensor", offsetof(DML_RNN_OPERATOR_DESC, OutputSequenceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"OutputSingleTensor", offsetof(DML_RNN_OPERATOR_DESC, OutputSingleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"ActivationDescCount", offsetof(DML_RNN_OPERATOR_DESC, ActivationDescCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"ActivationDescs", offsetof(DML_RNN_OPERATOR_DESC, ActivationDescs), PYDML_FIELD_OPERATOR_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 8, -1, -1},
    {"Direction", offsetof(DML_RNN_OPERATOR_DESC, Direction), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 10},
};
static const pydml_support_row rnn_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* WeightTensor */
    {2, 0, 0x0010, 0x0006}, /* RecurrenceTensor */
    {3, 1, 0x0010, 0x0006}, /* BiasTensor */
    {4, 1, 0x0010, 0x0006}, /* HiddenInitTensor */
    {5, 1, 0x0010, 0x0008}, /* SequenceLengthsTensor */
    {6, 1, 0x0010, 0x0006}, /* OutputSequenceTensor */
    {7, 1, 0x0010, 0x0006}, /* OutputSingleTensor */
};
static const pydml_support_table rnn_tables[] = {
    {0x1000, 0, 8},
};
static const pydml_constraint rnn_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 7, {0, 1, 2, 3, 4, 6, 7}},
};

static const pydml_field_info lstm_fields[] = {
    {"InputTensor", offsetof(DML_LSTM_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"WeightTensor", offsetof(DML_LSTM_OPERATOR_DESC, WeightTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"RecurrenceTensor", offsetof(DML_LSTM_OPERATOR_DESC, RecurrenceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BiasTensor", offsetof(DML_LSTM_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"HiddenInitTensor", offsetof(DML_LSTM_OPERATOR_DESC, HiddenInitTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"CellMemInitTensor", offsetof(DML_LSTM_OPERATOR_DESC, CellMemInitTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"SequenceLengthsTensor", offsetof(DML_LSTM_OPERATOR_DESC, SequenceLengthsTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"PeepholeTensor", offsetof(DML_LSTM_OPERATOR_DESC, PeepholeTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputSequenceTensor", offsetof(DML_LSTM_OPERATOR_DESC, OutputSequenceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"OutputSingleTensor", offsetof(DML_LSTM_OPERATOR_DESC, OutputSingleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"OutputCellSingleTensor", offsetof(DML_LSTM_OPERATOR_DESC, OutputCellSingleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"ActivationDescCount", offsetof(DML_LSTM_OPERATOR_DESC, ActivationDescCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"ActivationDescs", offsetof(DML_LSTM_OPERATOR_DESC, ActivationDescs), PYDML_FIELD_OPERATOR_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 11, -1, -1},
    {"Direction", offsetof(DML_LSTM_OPERATOR_DESC, Direction), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 10},
    {"ClipThreshold", offsetof(DML_LSTM_OPERATOR_DESC, ClipThreshold), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"UseClipThreshold", offsetof(DML_LSTM_OPERATOR_DESC, UseClipThreshold), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"CoupleInputForget", offsetof(DML_LSTM_OPERATOR_DESC, CoupleInputForget), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row lstm_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* WeightTensor */
    {2, 0, 0x0010, 0x0006}, /* RecurrenceTensor */
    {3, 1, 0x0010, 0x0006}, /* BiasTensor */
    {4, 1, 0x0010, 0x0006}, /* HiddenInitTensor */
    {5, 1, 0x0010, 0x0006}, /* CellMemInitTensor */
    {6, 1, 0x0010, 0x0008}, /* SequenceLengthsTensor */
    {7, 1, 0x0010, 0x0006}, /* PeepholeTensor */
    {8, 1, 0x0010, 0x0006}, /* OutputSequenceTensor */
    {9, 1, 0x0010, 0x0006}, /* OutputSingleTensor */
    {10, 1, 0x0010, 0x0006}, /* OutputCellSingleTensor */
};
static const pydml_support_table lstm_tables[] = {
    {0x1000, 0, 11},
};
static const pydml_constraint lstm_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 10, {0, 1, 2, 3, 4, 5, 7, 8, 9, 10}},
};

static const pydml_field_info gru_fields[] = {
    {"InputTensor", offsetof(DML_GRU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"WeightTensor", offsetof(DML_GRU_OPERATOR_DESC, WeightTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"RecurrenceTensor", offsetof(DML_GRU_OPERATOR_DESC, RecurrenceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BiasTensor", offsetof(DML_GRU_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"HiddenInitTensor", offsetof(DML_GRU_OPERATOR_DESC, HiddenInitTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"SequenceLengthsTensor", offsetof(DML_GRU_OPERATOR_DESC, SequenceLengthsTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputSequenceTensor", offsetof(DML_GRU_OPERATOR_DESC, OutputSequenceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"OutputSingleTensor", offsetof(DML_GRU_OPERATOR_DESC, OutputSingleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"ActivationDescCount", offsetof(DML_GRU_OPERATOR_DESC, ActivationDescCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"ActivationDescs", offsetof(DML_GRU_OPERATOR_DESC, ActivationDescs), PYDML_FIELD_OPERATOR_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 8, -1, -1},
    {"Direction", offsetof(DML_GRU_OPERATOR_DESC, Direction), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 10},
    {"LinearBeforeReset", offsetof(DML_GRU_OPERATOR_DESC, LinearBeforeReset), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row gru_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* WeightTensor */
    {2, 0, 0x0010, 0x0006}, /* RecurrenceTensor */
    {3, 1, 0x0010, 0x0006}, /* BiasTensor */
    {4, 1, 0x0010, 0x0006}, /* HiddenInitTensor */
    {5, 1, 0x0010, 0x0008}, /* SequenceLengthsTensor */
    {6, 1, 0x0010, 0x0006}, /* OutputSequenceTensor */
    {7, 1, 0x0010, 0x0006}, /* OutputSingleTensor */
};
static const pydml_support_table gru_tables[] = {
    {0x1000, 0, 8},
};
static const pydml_constraint gru_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 7, {0, 1, 2, 3, 4, 6, 7}},
};

static const pydml_field_info element_wise_sign_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_sign_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_sign_tables[] = {
    {0x2000, 0, 2},
    {0x2100, 2, 2},
    {0x3000, 4, 2},
    {0x4100, 6, 2},
};
static const pydml_constraint element_wise_sign_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_is_nan_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_is_nan_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_is_nan_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_is_nan_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_erf_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ERF_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ERF_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ERF_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_erf_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_erf_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_erf_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_sinh_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_SINH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_SINH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_SINH_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_sinh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_sinh_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_sinh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_cosh_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_COSH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_COSH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_COSH_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_cosh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_cosh_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_cosh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_tanh_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_TANH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_TANH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_TANH_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_tanh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_tanh_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_tanh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_asinh_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ASINH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ASINH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ASINH_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_asinh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_asinh_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_asinh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_acosh_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_acosh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_acosh_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_acosh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_atanh_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ATANH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ATANH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_ATANH_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_atanh_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_atanh_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_atanh_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_if_fields[] = {
    {"ConditionTensor", offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, ConditionTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ATensor", offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_if_rows[] = {
    {0, 0, 0x0010, 0x0020}, /* ConditionTensor */
    {1, 0, 0x0010, 0x0004}, /* ATensor */
    {2, 0, 0x0010, 0x0004}, /* BTensor */
    {3, 0, 0x0010, 0x0004}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0020}, /* ConditionTensor */
    {1, 0, 0x01fe, 0x01fe}, /* ATensor */
    {2, 0, 0x01fe, 0x01fe}, /* BTensor */
    {3, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0020}, /* ConditionTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* ATensor */
    {2, 0, 0x01fe, 0x0ffe}, /* BTensor */
    {3, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table element_wise_if_tables[] = {
    {0x2000, 0, 4},
    {0x3000, 4, 4},
    {0x5000, 8, 4},
};
static const pydml_constraint element_wise_if_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 4, {0, 1, 2, 3}},
    {PYDML_SAME_DATA_TYPE, 3, {1, 2, 3}},
};

static const pydml_field_info element_wise_add1_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row element_wise_add1_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* ATensor */
    {1, 0, 0x0030, 0x0006}, /* BTensor */
    {2, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* ATensor */
    {1, 0, 0x01fe, 0x0006}, /* BTensor */
    {2, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_add1_tables[] = {
    {0x2000, 0, 3},
    {0x3000, 3, 3},
};
static const pydml_constraint element_wise_add1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info activation_shrink_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SHRINK_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SHRINK_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Bias", offsetof(DML_ACTIVATION_SHRINK_OPERATOR_DESC, Bias), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Threshold", offsetof(DML_ACTIVATION_SHRINK_OPERATOR_DESC, Threshold), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_shrink_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
};
static const pydml_support_table activation_shrink_tables[] = {
    {0x2000, 0, 2},
    {0x3000, 2, 2},
    {0x5100, 4, 2},
};
static const pydml_constraint activation_shrink_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info max_pooling1_fields[] = {
    {"InputTensor", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputIndicesTensor", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, OutputIndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"DimensionCount", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"WindowSize", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"StartPadding", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"EndPadding", offsetof(DML_MAX_POOLING1_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row max_pooling1_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {2, 1, 0x0030, 0x0008}, /* OutputIndicesTensor */
    {0, 0, 0x0030, 0x0126}, /* InputTensor */
    {1, 0, 0x0030, 0x0126}, /* OutputTensor */
    {2, 1, 0x0030, 0x0008}, /* OutputIndicesTensor */
    {0, 0, 0x0030, 0x0dfe}, /* InputTensor */
    {1, 0, 0x0030, 0x0dfe}, /* OutputTensor */
    {2, 1, 0x0030, 0x0408}, /* OutputIndicesTensor */
};
static const pydml_support_table max_pooling1_tables[] = {
    {0x2000, 0, 3},
    {0x3000, 3, 3},
    {0x5000, 6, 3},
};
static const pydml_constraint max_pooling1_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info max_unpooling_fields[] = {
    {"InputTensor", offsetof(DML_MAX_UNPOOLING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"IndicesTensor", offsetof(DML_MAX_UNPOOLING_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MAX_UNPOOLING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row max_unpooling_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x0dfe}, /* InputTensor */
    {1, 0, 0x0010, 0x0408}, /* IndicesTensor */
    {2, 0, 0x0010, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table max_unpooling_tables[] = {
    {0x3000, 0, 3},
    {0x5000, 3, 3},
};
static const pydml_constraint max_unpooling_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info diagonal_matrix_fields[] = {
    {"OutputTensor", offsetof(DML_DIAGONAL_MATRIX_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Offset", offsetof(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Offset), PYDML_FIELD_INT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Value", offsetof(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Value), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row diagonal_matrix_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x001c, 0x01fe}, /* OutputTensor */
    {0, 0, 0x001c, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table diagonal_matrix_tables[] = {
    {0x2000, 0, 1},
    {0x2100, 1, 1},
    {0x4000, 2, 1},
    {0x5100, 3, 1},
};

static const pydml_field_info scatter_elements_fields[] = {
    {"InputTensor", offsetof(DML_SCATTER_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"IndicesTensor", offsetof(DML_SCATTER_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"UpdatesTensor", offsetof(DML_SCATTER_OPERATOR_DESC, UpdatesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_SCATTER_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_SCATTER_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row scatter_elements_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x0006}, /* UpdatesTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x01fe}, /* UpdatesTensor */
    {3, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x01fe}, /* UpdatesTensor */
    {3, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* UpdatesTensor */
    {3, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table scatter_elements_tables[] = {
    {0x1000, 0, 4},
    {0x2100, 4, 4},
    {0x3000, 8, 4},
    {0x4100, 12, 4},
};
static const pydml_constraint scatter_elements_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 4, {0, 1, 2, 3}},
    {PYDML_SAME_DATA_TYPE, 3, {0, 2, 3}},
};

static const pydml_field_info one_hot_fields[] = {
    {"IndicesTensor", offsetof(DML_ONE_HOT_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ValuesTensor", offsetof(DML_ONE_HOT_OPERATOR_DESC, ValuesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ONE_HOT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_ONE_HOT_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row one_hot_rows[] = {
    {0, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {1, 0, 0x0010, 0x0006}, /* ValuesTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {1, 0, 0x0010, 0x01fe}, /* ValuesTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {1, 0, 0x01fe, 0x01fe}, /* ValuesTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* ValuesTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table one_hot_tables[] = {
    {0x2000, 0, 3},
    {0x2100, 3, 3},
    {0x3000, 6, 3},
    {0x4100, 9, 3},
};
static const pydml_constraint one_hot_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {1, 2}},
};

static const pydml_field_info resample_fields[] = {
    {"InputTensor", offsetof(DML_RESAMPLE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_RESAMPLE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InterpolationMode", offsetof(DML_RESAMPLE_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"ScaleCount", offsetof(DML_RESAMPLE_OPERATOR_DESC, ScaleCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Scales", offsetof(DML_RESAMPLE_OPERATOR_DESC, Scales), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row resample_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x001e, 0x0006}, /* InputTensor */
    {1, 0, 0x001e, 0x0006}, /* OutputTensor */
    {0, 0, 0x001e, 0x0126}, /* InputTensor */
    {1, 0, 0x001e, 0x0126}, /* OutputTensor */
};
static const pydml_support_table resample_tables[] = {
    {0x2000, 0, 2},
    {0x5100, 2, 2},
    {0x6200, 4, 2},
};
static const pydml_constraint resample_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info element_wise_bit_shift_left_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_bit_shift_left_rows[] = {
    {0, 0, 0x0010, 0x0038}, /* ATensor */
    {1, 0, 0x0010, 0x0038}, /* BTensor */
    {2, 0, 0x0010, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0038}, /* ATensor */
    {1, 0, 0x01fe, 0x0038}, /* BTensor */
    {2, 0, 0x01fe, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0438}, /* ATensor */
    {1, 0, 0x01fe, 0x0438}, /* BTensor */
    {2, 0, 0x01fe, 0x0438}, /* OutputTensor */
};
static const pydml_support_table element_wise_bit_shift_left_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x4100, 6, 3},
};
static const pydml_constraint element_wise_bit_shift_left_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_bit_shift_right_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_bit_shift_right_rows[] = {
    {0, 0, 0x0010, 0x0038}, /* ATensor */
    {1, 0, 0x0010, 0x0038}, /* BTensor */
    {2, 0, 0x0010, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0038}, /* ATensor */
    {1, 0, 0x01fe, 0x0038}, /* BTensor */
    {2, 0, 0x01fe, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0438}, /* ATensor */
    {1, 0, 0x01fe, 0x0438}, /* BTensor */
    {2, 0, 0x01fe, 0x0438}, /* OutputTensor */
};
static const pydml_support_table element_wise_bit_shift_right_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x4100, 6, 3},
};
static const pydml_constraint element_wise_bit_shift_right_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_round_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_ROUND_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ROUND_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"RoundingMode", offsetof(DML_ELEMENT_WISE_ROUND_OPERATOR_DESC, RoundingMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 11},
};
static const pydml_support_row element_wise_round_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_round_tables[] = {
    {0x2100, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_round_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_is_infinity_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InfinityMode", offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, InfinityMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 12},
};
static const pydml_support_row element_wise_is_infinity_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0020}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0020}, /* OutputTensor */
};
static const pydml_support_table element_wise_is_infinity_tables[] = {
    {0x2100, 0, 2},
    {0x3000, 2, 2},
};
static const pydml_constraint element_wise_is_infinity_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_modulus_truncate_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_modulus_truncate_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* ATensor */
    {1, 0, 0x0010, 0x01fe}, /* BTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_modulus_truncate_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x6000, 6, 3},
};
static const pydml_constraint element_wise_modulus_truncate_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_modulus_floor_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_modulus_floor_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* ATensor */
    {1, 0, 0x0010, 0x01fe}, /* BTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_modulus_floor_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x6000, 6, 3},
};
static const pydml_constraint element_wise_modulus_floor_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info fill_value_constant_fields[] = {
    {"OutputTensor", offsetof(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ValueDataType", offsetof(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, ValueDataType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 0},
    {"Value", offsetof(DML_FILL_VALUE_CONSTANT_OPERATOR_DESC, Value), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 1, -1},
};
static const pydml_support_row fill_value_constant_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table fill_value_constant_tables[] = {
    {0x2100, 0, 1},
    {0x4000, 1, 1},
    {0x4100, 2, 1},
};

static const pydml_field_info fill_value_sequence_fields[] = {
    {"OutputTensor", offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ValueDataType", offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDataType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 0},
    {"ValueStart", offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueStart), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 1, -1},
    {"ValueDelta", offsetof(DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC, ValueDelta), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 1, -1},
};
static const pydml_support_row fill_value_sequence_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table fill_value_sequence_tables[] = {
    {0x2100, 0, 1},
    {0x4000, 1, 1},
    {0x5000, 2, 1},
};

static const pydml_field_info cumulative_summation_fields[] = {
    {"InputTensor", offsetof(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"AxisDirection", offsetof(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, AxisDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
    {"HasExclusiveSum", offsetof(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, HasExclusiveSum), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row cumulative_summation_rows[] = {
    {0, 0, 0x0010, 0x004e}, /* InputTensor */
    {1, 0, 0x0010, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x004e}, /* InputTensor */
    {1, 0, 0x01fe, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0c4e}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c4e}, /* OutputTensor */
};
static const pydml_support_table cumulative_summation_tables[] = {
    {0x2100, 0, 2},
    {0x4000, 2, 2},
    {0x5000, 4, 2},
};
static const pydml_constraint cumulative_summation_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info reverse_subsequences_fields[] = {
    {"InputTensor", offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"SequenceLengthsTensor", offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, SequenceLengthsTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row reverse_subsequences_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* SequenceLengthsTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x0030, 0x01fe}, /* InputTensor */
    {1, 0, 0x0030, 0x0008}, /* SequenceLengthsTensor */
    {2, 0, 0x0030, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0008}, /* SequenceLengthsTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0408}, /* SequenceLengthsTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table reverse_subsequences_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x4000, 6, 3},
    {0x5000, 9, 3},
};
static const pydml_constraint reverse_subsequences_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info gather_elements_fields[] = {
    {"InputTensor", offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"IndicesTensor", offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_GATHER_ELEMENTS_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row gather_elements_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table gather_elements_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x4100, 6, 3},
};
static const pydml_constraint gather_elements_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info gather_nd_fields[] = {
    {"InputTensor", offsetof(DML_GATHER_ND_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"IndicesTensor", offsetof(DML_GATHER_ND_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_GATHER_ND_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InputDimensionCount", offsetof(DML_GATHER_ND_OPERATOR_DESC, InputDimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"IndicesDimensionCount", offsetof(DML_GATHER_ND_OPERATOR_DESC, IndicesDimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row gather_nd_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table gather_nd_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x4100, 6, 3},
};
static const pydml_constraint gather_nd_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info scatter_nd_fields[] = {
    {"InputTensor", offsetof(DML_SCATTER_ND_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"IndicesTensor", offsetof(DML_SCATTER_ND_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"UpdatesTensor", offsetof(DML_SCATTER_ND_OPERATOR_DESC, UpdatesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_SCATTER_ND_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InputDimensionCount", offsetof(DML_SCATTER_ND_OPERATOR_DESC, InputDimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"IndicesDimensionCount", offsetof(DML_SCATTER_ND_OPERATOR_DESC, IndicesDimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row scatter_nd_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x0008}, /* IndicesTensor */
    {2, 0, 0x0010, 0x01fe}, /* UpdatesTensor */
    {3, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x01fe}, /* UpdatesTensor */
    {3, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* UpdatesTensor */
    {3, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table scatter_nd_tables[] = {
    {0x2100, 0, 4},
    {0x3000, 4, 4},
    {0x4100, 8, 4},
};
static const pydml_constraint scatter_nd_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 4, {0, 1, 2, 3}},
    {PYDML_SAME_DATA_TYPE, 3, {0, 2, 3}},
};

static const pydml_field_info max_pooling2_fields[] = {
    {"InputTensor", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputIndicesTensor", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, OutputIndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"DimensionCount", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"WindowSize", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"StartPadding", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"EndPadding", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"Dilations", offsetof(DML_MAX_POOLING2_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row max_pooling2_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
    {2, 1, 0x0030, 0x0008}, /* OutputIndicesTensor */
    {0, 0, 0x0030, 0x0126}, /* InputTensor */
    {1, 0, 0x0030, 0x0126}, /* OutputTensor */
    {2, 1, 0x0030, 0x0008}, /* OutputIndicesTensor */
    {0, 0, 0x0030, 0x0dfe}, /* InputTensor */
    {1, 0, 0x0030, 0x0dfe}, /* OutputTensor */
    {2, 1, 0x0030, 0x0408}, /* OutputIndicesTensor */
};
static const pydml_support_table max_pooling2_tables[] = {
    {0x2100, 0, 3},
    {0x3000, 3, 3},
    {0x5000, 6, 3},
};
static const pydml_constraint max_pooling2_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info slice1_fields[] = {
    {"InputTensor", offsetof(DML_SLICE1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_SLICE1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_SLICE1_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"InputWindowOffsets", offsetof(DML_SLICE1_OPERATOR_DESC, InputWindowOffsets), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"InputWindowSizes", offsetof(DML_SLICE1_OPERATOR_DESC, InputWindowSizes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"InputWindowStrides", offsetof(DML_SLICE1_OPERATOR_DESC, InputWindowStrides), PYDML_FIELD_INT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row slice1_rows[] = {
    {0, 0, 0x0030, 0x01fe}, /* InputTensor */
    {1, 0, 0x0030, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table slice1_tables[] = {
    {0x2100, 0, 2},
    {0x3000, 2, 2},
    {0x4100, 4, 2},
};
static const pydml_constraint slice1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info top_k1_fields[] = {
    {"InputTensor", offsetof(DML_TOP_K1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputValueTensor", offsetof(DML_TOP_K1_OPERATOR_DESC, OutputValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputIndexTensor", offsetof(DML_TOP_K1_OPERATOR_DESC, OutputIndexTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_TOP_K1_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"K", offsetof(DML_TOP_K1_OPERATOR_DESC, K), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"AxisDirection", offsetof(DML_TOP_K1_OPERATOR_DESC, AxisDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
};
static const pydml_support_row top_k1_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputValueTensor */
    {2, 0, 0x0010, 0x0008}, /* OutputIndexTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputValueTensor */
    {2, 0, 0x01fe, 0x0008}, /* OutputIndexTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* OutputValueTensor */
    {2, 0, 0x01fe, 0x0408}, /* OutputIndexTensor */
};
static const pydml_support_table top_k1_tables[] = {
    {0x2100, 0, 3},
    {0x3100, 3, 3},
    {0x5000, 6, 3},
};
static const pydml_constraint top_k1_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info depth_to_space1_fields[] = {
    {"InputTensor", offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"BlockSize", offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, BlockSize), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Order", offsetof(DML_DEPTH_TO_SPACE1_OPERATOR_DESC, Order), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 14},
};
static const pydml_support_row depth_to_space1_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x0010, 0x0ffe}, /* InputTensor */
    {1, 0, 0x0010, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table depth_to_space1_tables[] = {
    {0x2100, 0, 2},
    {0x5000, 2, 2},
};
static const pydml_constraint depth_to_space1_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info space_to_depth1_fields[] = {
    {"InputTensor", offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"BlockSize", offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, BlockSize), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Order", offsetof(DML_SPACE_TO_DEPTH1_OPERATOR_DESC, Order), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 14},
};
static const pydml_support_row space_to_depth1_rows[] = {
    {0, 0, 0x0010, 0x01fe}, /* InputTensor */
    {1, 0, 0x0010, 0x01fe}, /* OutputTensor */
    {0, 0, 0x0010, 0x0ffe}, /* InputTensor */
    {1, 0, 0x0010, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table space_to_depth1_tables[] = {
    {0x2100, 0, 2},
    {0x5000, 2, 2},
};
static const pydml_constraint space_to_depth1_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info mean_variance_normalization1_fields[] = {
    {"InputTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BiasTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"NormalizeVariance", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, NormalizeVariance), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row mean_variance_normalization1_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 1, 0x0010, 0x0006}, /* ScaleTensor */
    {2, 1, 0x0010, 0x0006}, /* BiasTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 1, 0x01fe, 0x0006}, /* ScaleTensor */
    {2, 1, 0x01fe, 0x0006}, /* BiasTensor */
    {3, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table mean_variance_normalization1_tables[] = {
    {0x2100, 0, 4},
    {0x3100, 4, 4},
};
static const pydml_constraint mean_variance_normalization1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 4, {0, 1, 2, 3}},
};

static const pydml_field_info resample1_fields[] = {
    {"InputTensor", offsetof(DML_RESAMPLE1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_RESAMPLE1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InterpolationMode", offsetof(DML_RESAMPLE1_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"DimensionCount", offsetof(DML_RESAMPLE1_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Scales", offsetof(DML_RESAMPLE1_OPERATOR_DESC, Scales), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"InputPixelOffsets", offsetof(DML_RESAMPLE1_OPERATOR_DESC, InputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"OutputPixelOffsets", offsetof(DML_RESAMPLE1_OPERATOR_DESC, OutputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row resample1_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x001e, 0x0006}, /* InputTensor */
    {1, 0, 0x001e, 0x0006}, /* OutputTensor */
    {0, 0, 0x001e, 0x0126}, /* InputTensor */
    {1, 0, 0x001e, 0x0126}, /* OutputTensor */
};
static const pydml_support_table resample1_tables[] = {
    {0x2100, 0, 2},
    {0x5100, 2, 2},
    {0x6200, 4, 2},
};
static const pydml_constraint resample1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info matrix_multiply_integer_fields[] = {
    {"ATensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"AZeroPointTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC, AZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BZeroPointTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC, BZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row matrix_multiply_integer_rows[] = {
    {0, 0, 0x0010, 0x0120}, /* ATensor */
    {1, 1, 0x0010, 0x0120}, /* AZeroPointTensor */
    {2, 0, 0x0010, 0x0120}, /* BTensor */
    {3, 1, 0x0010, 0x0120}, /* BZeroPointTensor */
    {4, 0, 0x0010, 0x0040}, /* OutputTensor */
    {0, 0, 0x001c, 0x0120}, /* ATensor */
    {1, 1, 0x001e, 0x0120}, /* AZeroPointTensor */
    {2, 0, 0x001c, 0x0120}, /* BTensor */
    {3, 1, 0x001c, 0x0120}, /* BZeroPointTensor */
    {4, 0, 0x001c, 0x0040}, /* OutputTensor */
    {0, 0, 0x001c, 0x0120}, /* ATensor */
    {1, 1, 0x001e, 0x0120}, /* AZeroPointTensor */
    {2, 0, 0x001c, 0x0120}, /* BTensor */
    {3, 1, 0x001e, 0x0120}, /* BZeroPointTensor */
    {4, 0, 0x001c, 0x0040}, /* OutputTensor */
};
static const pydml_support_table matrix_multiply_integer_tables[] = {
    {0x2100, 0, 5},
    {0x4000, 5, 5},
    {0x5200, 10, 5},
};
static const pydml_constraint matrix_multiply_integer_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 2, 4}},
    {PYDML_SAME_DATA_TYPE, 2, {2, 3}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info quantized_linear_matrix_multiply_fields[] = {
    {"ATensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"AScaleTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, AScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"AZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, AZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BScaleTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, BScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, BZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputScaleTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, OutputScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, OutputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row quantized_linear_matrix_multiply_rows[] = {
    {0, 0, 0x0010, 0x0120}, /* ATensor */
    {1, 0, 0x0010, 0x0002}, /* AScaleTensor */
    {2, 1, 0x0010, 0x0120}, /* AZeroPointTensor */
    {3, 0, 0x0010, 0x0120}, /* BTensor */
    {4, 0, 0x0010, 0x0002}, /* BScaleTensor */
    {5, 1, 0x0010, 0x0120}, /* BZeroPointTensor */
    {6, 0, 0x0010, 0x0002}, /* OutputScaleTensor */
    {7, 1, 0x0010, 0x0120}, /* OutputZeroPointTensor */
    {8, 0, 0x0010, 0x0120}, /* OutputTensor */
    {0, 0, 0x001c, 0x0120}, /* ATensor */
    {1, 0, 0x001e, 0x0002}, /* AScaleTensor */
    {2, 1, 0x001e, 0x0120}, /* AZeroPointTensor */
    {3, 0, 0x001c, 0x0120}, /* BTensor */
    {4, 0, 0x001e, 0x0002}, /* BScaleTensor */
    {5, 1, 0x001e, 0x0120}, /* BZeroPointTensor */
    {6, 0, 0x001e, 0x0002}, /* OutputScaleTensor */
    {7, 1, 0x001e, 0x0120}, /* OutputZeroPointTensor */
    {8, 0, 0x001c, 0x0120}, /* OutputTensor */
};
static const pydml_support_table quantized_linear_matrix_multiply_tables[] = {
    {0x2100, 0, 9},
    {0x4000, 9, 9},
};
static const pydml_constraint quantized_linear_matrix_multiply_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 6, {1, 2, 4, 5, 6, 7}},
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 3, 8}},
    {PYDML_SAME_DATA_TYPE, 2, {3, 5}},
    {PYDML_SAME_DATA_TYPE, 2, {7, 8}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info convolution_integer_fields[] = {
    {"InputTensor", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputZeroPointTensor", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, InputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"FilterTensor", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, FilterTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"FilterZeroPointTensor", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, FilterZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 5, -1, -1},
    {"Dilations", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 5, -1, -1},
    {"StartPadding", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 5, -1, -1},
    {"EndPadding", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 5, -1, -1},
    {"GroupCount", offsetof(DML_CONVOLUTION_INTEGER_OPERATOR_DESC, GroupCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row convolution_integer_rows[] = {
    {0, 0, 0x0010, 0x0120}, /* InputTensor */
    {1, 1, 0x0010, 0x0120}, /* InputZeroPointTensor */
    {2, 0, 0x0010, 0x0120}, /* FilterTensor */
    {3, 1, 0x0010, 0x0120}, /* FilterZeroPointTensor */
    {4, 0, 0x0010, 0x0040}, /* OutputTensor */
    {0, 0, 0x0018, 0x0120}, /* InputTensor */
    {1, 1, 0x001e, 0x0120}, /* InputZeroPointTensor */
    {2, 0, 0x0018, 0x0120}, /* FilterTensor */
    {3, 1, 0x001e, 0x0120}, /* FilterZeroPointTensor */
    {4, 0, 0x0018, 0x0040}, /* OutputTensor */
};
static const pydml_support_table convolution_integer_tables[] = {
    {0x2100, 0, 5},
    {0x4000, 5, 5},
};
static const pydml_constraint convolution_integer_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 2, {1, 3}},
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 2, 4}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
    {PYDML_SAME_DATA_TYPE, 2, {2, 3}},
};

static const pydml_field_info quantized_linear_convolution_fields[] = {
    {"InputTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputScaleTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, InputScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, InputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"FilterTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, FilterTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"FilterScaleTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, FilterScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"FilterZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, FilterZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BiasTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputScaleTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, OutputScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, OutputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 10, -1, -1},
    {"Dilations", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 10, -1, -1},
    {"StartPadding", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 10, -1, -1},
    {"EndPadding", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 10, -1, -1},
    {"GroupCount", offsetof(DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC, GroupCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row quantized_linear_convolution_rows[] = {
    {0, 0, 0x0010, 0x0120}, /* InputTensor */
    {1, 0, 0x0010, 0x0002}, /* InputScaleTensor */
    {2, 1, 0x0010, 0x0120}, /* InputZeroPointTensor */
    {3, 0, 0x0010, 0x0120}, /* FilterTensor */
    {4, 0, 0x0010, 0x0002}, /* FilterScaleTensor */
    {5, 1, 0x0010, 0x0120}, /* FilterZeroPointTensor */
    {6, 1, 0x0010, 0x0040}, /* BiasTensor */
    {7, 0, 0x0010, 0x0002}, /* OutputScaleTensor */
    {8, 1, 0x0010, 0x0120}, /* OutputZeroPointTensor */
    {9, 0, 0x0010, 0x0120}, /* OutputTensor */
    {0, 0, 0x0018, 0x0120}, /* InputTensor */
    {1, 0, 0x001e, 0x0002}, /* InputScaleTensor */
    {2, 1, 0x001e, 0x0120}, /* InputZeroPointTensor */
    {3, 0, 0x0018, 0x0120}, /* FilterTensor */
    {4, 0, 0x0018, 0x0002}, /* FilterScaleTensor */
    {5, 1, 0x001e, 0x0120}, /* FilterZeroPointTensor */
    {6, 1, 0x0018, 0x0040}, /* BiasTensor */
    {7, 0, 0x001e, 0x0002}, /* OutputScaleTensor */
    {8, 1, 0x001e, 0x0120}, /* OutputZeroPointTensor */
    {9, 0, 0x0018, 0x0120}, /* OutputTensor */
    {0, 0, 0x0018, 0x0120}, /* InputTensor */
    {1, 0, 0x001e, 0x0002}, /* InputScaleTensor */
    {2, 1, 0x001e, 0x0120}, /* InputZeroPointTensor */
    {3, 0, 0x0018, 0x0120}, /* FilterTensor */
    {4, 0, 0x001e, 0x0002}, /* FilterScaleTensor */
    {5, 1, 0x001e, 0x0120}, /* FilterZeroPointTensor */
    {6, 1, 0x0018, 0x0040}, /* BiasTensor */
    {7, 0, 0x001e, 0x0002}, /* OutputScaleTensor */
    {8, 1, 0x001e, 0x0120}, /* OutputZeroPointTensor */
    {9, 0, 0x0018, 0x0120}, /* OutputTensor */
};
static const pydml_support_table quantized_linear_convolution_tables[] = {
    {0x2100, 0, 10},
    {0x4000, 10, 10},
    {0x5200, 20, 10},
};
static const pydml_constraint quantized_linear_convolution_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 4, {0, 3, 6, 9}},
    {PYDML_SAME_DATA_TYPE, 2, {8, 9}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {3, 5}},
};

static const pydml_field_info element_wise_bit_and_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_bit_and_rows[] = {
    {0, 0, 0x01fe, 0x0038}, /* ATensor */
    {1, 0, 0x01fe, 0x0038}, /* BTensor */
    {2, 0, 0x01fe, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* ATensor */
    {1, 0, 0x01fe, 0x0ffe}, /* BTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table element_wise_bit_and_tables[] = {
    {0x3000, 0, 3},
    {0x4100, 3, 3},
};
static const pydml_constraint element_wise_bit_and_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_bit_or_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_bit_or_rows[] = {
    {0, 0, 0x01fe, 0x0038}, /* ATensor */
    {1, 0, 0x01fe, 0x0038}, /* BTensor */
    {2, 0, 0x01fe, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* ATensor */
    {1, 0, 0x01fe, 0x0ffe}, /* BTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table element_wise_bit_or_tables[] = {
    {0x3000, 0, 3},
    {0x4100, 3, 3},
};
static const pydml_constraint element_wise_bit_or_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_bit_xor_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_bit_xor_rows[] = {
    {0, 0, 0x01fe, 0x0038}, /* ATensor */
    {1, 0, 0x01fe, 0x0038}, /* BTensor */
    {2, 0, 0x01fe, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* ATensor */
    {1, 0, 0x01fe, 0x0ffe}, /* BTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table element_wise_bit_xor_tables[] = {
    {0x3000, 0, 3},
    {0x4100, 3, 3},
};
static const pydml_constraint element_wise_bit_xor_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_bit_not_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_bit_not_rows[] = {
    {0, 0, 0x01fe, 0x0038}, /* InputTensor */
    {1, 0, 0x01fe, 0x0038}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table element_wise_bit_not_tables[] = {
    {0x3000, 0, 2},
    {0x4100, 2, 2},
};
static const pydml_constraint element_wise_bit_not_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_bit_count_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_bit_count_rows[] = {
    {0, 0, 0x01fe, 0x0038}, /* InputTensor */
    {1, 0, 0x01fe, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_bit_count_tables[] = {
    {0x3000, 0, 2},
    {0x4100, 2, 2},
};
static const pydml_constraint element_wise_bit_count_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_logical_greater_than_or_equal_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_greater_than_or_equal_rows[] = {
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_greater_than_or_equal_tables[] = {
    {0x3000, 0, 3},
    {0x4100, 3, 3},
};
static const pydml_constraint element_wise_logical_greater_than_or_equal_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info element_wise_logical_less_than_or_equal_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_logical_less_than_or_equal_rows[] = {
    {0, 0, 0x01fe, 0x01fe}, /* ATensor */
    {1, 0, 0x01fe, 0x01fe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* ATensor */
    {1, 0, 0x01fe, 0x0dfe}, /* BTensor */
    {2, 0, 0x01fe, 0x0028}, /* OutputTensor */
};
static const pydml_support_table element_wise_logical_less_than_or_equal_tables[] = {
    {0x3000, 0, 3},
    {0x4100, 3, 3},
};
static const pydml_constraint element_wise_logical_less_than_or_equal_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info activation_celu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_CELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_CELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_CELU_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_celu_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_celu_tables[] = {
    {0x3000, 0, 2},
};
static const pydml_constraint activation_celu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_relu_grad_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_relu_grad_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x0006}, /* OutputGradientTensor */
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x0006}, /* OutputGradientTensor */
    {0, 0, 0x01fe, 0x01c6}, /* InputTensor */
    {1, 0, 0x01fe, 0x01c6}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x01c6}, /* OutputGradientTensor */
};
static const pydml_support_table activation_relu_grad_tables[] = {
    {0x3000, 0, 3},
    {0x4000, 3, 3},
    {0x5100, 6, 3},
};
static const pydml_constraint activation_relu_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info average_pooling_grad_fields[] = {
    {"InputGradientTensor", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"WindowSize", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"IncludePadding", offsetof(DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC, IncludePadding), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row average_pooling_grad_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputGradientTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputGradientTensor */
};
static const pydml_support_table average_pooling_grad_tables[] = {
    {0x3000, 0, 2},
};
static const pydml_constraint average_pooling_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info max_pooling_grad_fields[] = {
    {"InputTensor", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"WindowSize", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"StartPadding", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"EndPadding", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"Dilations", offsetof(DML_MAX_POOLING_GRAD_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row max_pooling_grad_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputGradientTensor */
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x0030, 0x0006}, /* OutputGradientTensor */
};
static const pydml_support_table max_pooling_grad_tables[] = {
    {0x3000, 0, 3},
    {0x4000, 3, 3},
};
static const pydml_constraint max_pooling_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_SIZES, 2, {0, 2}},
};

static const pydml_field_info random_generator_fields[] = {
    {"InputStateTensor", offsetof(DML_RANDOM_GENERATOR_OPERATOR_DESC, InputStateTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_RANDOM_GENERATOR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputStateTensor", offsetof(DML_RANDOM_GENERATOR_OPERATOR_DESC, OutputStateTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"Type", offsetof(DML_RANDOM_GENERATOR_OPERATOR_DESC, Type), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 15},
};
static const pydml_support_row random_generator_rows[] = {
    {0, 0, 0x0010, 0x0008}, /* InputStateTensor */
    {1, 0, 0x0010, 0x0008}, /* OutputTensor */
    {2, 1, 0x0010, 0x0008}, /* OutputStateTensor */
    {0, 0, 0x01fe, 0x0008}, /* InputStateTensor */
    {1, 0, 0x01fe, 0x0008}, /* OutputTensor */
    {2, 1, 0x01fe, 0x0008}, /* OutputStateTensor */
};
static const pydml_support_table random_generator_tables[] = {
    {0x3000, 0, 3},
    {0x4000, 3, 3},
};
static const pydml_constraint random_generator_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 2}},
};

static const pydml_field_info nonzero_coordinates_fields[] = {
    {"InputTensor", offsetof(DML_NONZERO_COORDINATES_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputCountTensor", offsetof(DML_NONZERO_COORDINATES_OPERATOR_DESC, OutputCountTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputCoordinatesTensor", offsetof(DML_NONZERO_COORDINATES_OPERATOR_DESC, OutputCoordinatesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row nonzero_coordinates_rows[] = {
    {0, 0, 0x0030, 0x01fe}, /* InputTensor */
    {1, 0, 0x0030, 0x0008}, /* OutputCountTensor */
    {2, 0, 0x0030, 0x0008}, /* OutputCoordinatesTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0008}, /* OutputCountTensor */
    {2, 0, 0x01fc, 0x0008}, /* OutputCoordinatesTensor */
};
static const pydml_support_table nonzero_coordinates_tables[] = {
    {0x3000, 0, 3},
    {0x4000, 3, 3},
};

static const pydml_field_info resample_grad_fields[] = {
    {"InputGradientTensor", offsetof(DML_RESAMPLE_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_RESAMPLE_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InterpolationMode", offsetof(DML_RESAMPLE_GRAD_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"DimensionCount", offsetof(DML_RESAMPLE_GRAD_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Scales", offsetof(DML_RESAMPLE_GRAD_OPERATOR_DESC, Scales), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"InputPixelOffsets", offsetof(DML_RESAMPLE_GRAD_OPERATOR_DESC, InputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
    {"OutputPixelOffsets", offsetof(DML_RESAMPLE_GRAD_OPERATOR_DESC, OutputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 3, -1, -1},
};
static const pydml_support_row resample_grad_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputGradientTensor */
    {1, 0, 0x0010, 0x0006}, /* OutputGradientTensor */
    {0, 0, 0x001e, 0x0006}, /* InputGradientTensor */
    {1, 0, 0x001e, 0x0006}, /* OutputGradientTensor */
};
static const pydml_support_table resample_grad_tables[] = {
    {0x3000, 0, 2},
    {0x5100, 2, 2},
};
static const pydml_constraint resample_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info slice_grad_fields[] = {
    {"InputGradientTensor", offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_SLICE_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_SLICE_GRAD_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"InputWindowOffsets", offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowOffsets), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"InputWindowSizes", offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowSizes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"InputWindowStrides", offsetof(DML_SLICE_GRAD_OPERATOR_DESC, InputWindowStrides), PYDML_FIELD_INT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row slice_grad_rows[] = {
    {0, 0, 0x0030, 0x01fe}, /* InputGradientTensor */
    {1, 0, 0x0030, 0x01fe}, /* OutputGradientTensor */
    {0, 0, 0x01fe, 0x01fe}, /* InputGradientTensor */
    {1, 0, 0x01fe, 0x01fe}, /* OutputGradientTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputGradientTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputGradientTensor */
};
static const pydml_support_table slice_grad_tables[] = {
    {0x3000, 0, 2},
    {0x3100, 2, 2},
    {0x4100, 4, 2},
};
static const pydml_constraint slice_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info adam_optimizer_fields[] = {
    {"InputParametersTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, InputParametersTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputFirstMomentTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, InputFirstMomentTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputSecondMomentTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, InputSecondMomentTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"GradientTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, GradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"TrainingStepTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, TrainingStepTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputParametersTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, OutputParametersTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputFirstMomentTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, OutputFirstMomentTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputSecondMomentTensor", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, OutputSecondMomentTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"LearningRate", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, LearningRate), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta1", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, Beta1), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta2", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, Beta2), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_ADAM_OPTIMIZER_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row adam_optimizer_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputParametersTensor */
    {1, 0, 0x0010, 0x0006}, /* InputFirstMomentTensor */
    {2, 0, 0x0010, 0x0006}, /* InputSecondMomentTensor */
    {3, 0, 0x0010, 0x0006}, /* GradientTensor */
    {4, 0, 0x0010, 0x0008}, /* TrainingStepTensor */
    {5, 0, 0x0010, 0x0006}, /* OutputParametersTensor */
    {6, 0, 0x0010, 0x0006}, /* OutputFirstMomentTensor */
    {7, 0, 0x0010, 0x0006}, /* OutputSecondMomentTensor */
};
static const pydml_support_table adam_optimizer_tables[] = {
    {0x3000, 0, 8},
};
static const pydml_constraint adam_optimizer_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 7, {0, 1, 2, 3, 5, 6, 7}},
};

static const pydml_field_info argmin_fields[] = {
    {"InputTensor", offsetof(DML_ARGMIN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ARGMIN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_ARGMIN_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_ARGMIN_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"AxisDirection", offsetof(DML_ARGMIN_OPERATOR_DESC, AxisDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
};
static const pydml_support_row argmin_rows[] = {
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* OutputTensor */
};
static const pydml_support_table argmin_tables[] = {
    {0x3000, 0, 2},
    {0x4100, 2, 2},
};
static const pydml_constraint argmin_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info argmax_fields[] = {
    {"InputTensor", offsetof(DML_ARGMAX_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ARGMAX_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_ARGMAX_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_ARGMAX_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"AxisDirection", offsetof(DML_ARGMAX_OPERATOR_DESC, AxisDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
};
static const pydml_support_row argmax_rows[] = {
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* OutputTensor */
};
static const pydml_support_table argmax_tables[] = {
    {0x3000, 0, 2},
    {0x4100, 2, 2},
};
static const pydml_constraint argmax_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info roi_align_fields[] = {
    {"InputTensor", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ROITensor", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, ROITensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BatchIndicesTensor", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, BatchIndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ReductionFunction", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, ReductionFunction), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 4},
    {"InterpolationMode", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"SpatialScaleX", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, SpatialScaleX), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"SpatialScaleY", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, SpatialScaleY), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"OutOfBoundsInputValue", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, OutOfBoundsInputValue), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MinimumSamplesPerOutput", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, MinimumSamplesPerOutput), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MaximumSamplesPerOutput", offsetof(DML_ROI_ALIGN_OPERATOR_DESC, MaximumSamplesPerOutput), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row roi_align_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x001c, 0x0006}, /* ROITensor */
    {2, 0, 0x001e, 0x0008}, /* BatchIndicesTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x001c, 0x0006}, /* ROITensor */
    {2, 0, 0x001e, 0x0408}, /* BatchIndicesTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
};
static const pydml_support_table roi_align_tables[] = {
    {0x3000, 0, 4},
    {0x5000, 4, 4},
};
static const pydml_constraint roi_align_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 3, {0, 1, 3}},
};

static const pydml_field_info gather_nd1_fields[] = {
    {"InputTensor", offsetof(DML_GATHER_ND1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"IndicesTensor", offsetof(DML_GATHER_ND1_OPERATOR_DESC, IndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_GATHER_ND1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InputDimensionCount", offsetof(DML_GATHER_ND1_OPERATOR_DESC, InputDimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"IndicesDimensionCount", offsetof(DML_GATHER_ND1_OPERATOR_DESC, IndicesDimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"BatchDimensionCount", offsetof(DML_GATHER_ND1_OPERATOR_DESC, BatchDimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row gather_nd1_rows[] = {
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c48}, /* IndicesTensor */
    {2, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table gather_nd1_tables[] = {
    {0x3000, 0, 3},
    {0x4100, 3, 3},
};
static const pydml_constraint gather_nd1_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 1, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info element_wise_atan_yx_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_atan_yx_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* ATensor */
    {1, 0, 0x01fe, 0x0006}, /* BTensor */
    {2, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table element_wise_atan_yx_tables[] = {
    {0x3100, 0, 3},
};
static const pydml_constraint element_wise_atan_yx_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_clip_grad_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Min", offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, Min), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Max", offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, Max), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_clip_grad_rows[] = {
    {0, 0, 0x01fe, 0x01fe}, /* InputTensor */
    {1, 0, 0x01fe, 0x01fe}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x01fe}, /* OutputGradientTensor */
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputGradientTensor */
};
static const pydml_support_table element_wise_clip_grad_tables[] = {
    {0x3100, 0, 3},
    {0x5000, 3, 3},
};
static const pydml_constraint element_wise_clip_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info element_wise_difference_square_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_difference_square_rows[] = {
    {0, 0, 0x01fe, 0x004e}, /* ATensor */
    {1, 0, 0x01fe, 0x004e}, /* BTensor */
    {2, 0, 0x01fe, 0x004e}, /* OutputTensor */
};
static const pydml_support_table element_wise_difference_square_tables[] = {
    {0x3100, 0, 3},
};
static const pydml_constraint element_wise_difference_square_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info local_response_normalization_grad_fields[] = {
    {"InputTensor", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"CrossChannel", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, CrossChannel), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"LocalSize", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, LocalSize), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Bias", offsetof(DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC, Bias), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row local_response_normalization_grad_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x0010, 0x0006}, /* OutputGradientTensor */
};
static const pydml_support_table local_response_normalization_grad_tables[] = {
    {0x3100, 0, 3},
};
static const pydml_constraint local_response_normalization_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info cumulative_product_fields[] = {
    {"InputTensor", offsetof(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Axis", offsetof(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, Axis), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"AxisDirection", offsetof(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, AxisDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
    {"HasExclusiveProduct", offsetof(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, HasExclusiveProduct), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row cumulative_product_rows[] = {
    {0, 0, 0x0010, 0x004e}, /* InputTensor */
    {1, 0, 0x0010, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x004e}, /* InputTensor */
    {1, 0, 0x01fe, 0x004e}, /* OutputTensor */
    {0, 0, 0x01fe, 0x0c4e}, /* InputTensor */
    {1, 0, 0x01fe, 0x0c4e}, /* OutputTensor */
};
static const pydml_support_table cumulative_product_tables[] = {
    {0x3100, 0, 2},
    {0x4000, 2, 2},
    {0x5000, 4, 2},
};
static const pydml_constraint cumulative_product_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info batch_normalization_grad_fields[] = {
    {"InputTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"MeanTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, MeanTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"VarianceTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, VarianceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputScaleGradientTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, OutputScaleGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputBiasGradientTensor", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, OutputBiasGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row batch_normalization_grad_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x0006}, /* MeanTensor */
    {3, 0, 0x01fe, 0x0006}, /* VarianceTensor */
    {4, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {5, 0, 0x01fe, 0x0006}, /* OutputGradientTensor */
    {6, 0, 0x01fe, 0x0006}, /* OutputScaleGradientTensor */
    {7, 0, 0x01fe, 0x0006}, /* OutputBiasGradientTensor */
};
static const pydml_support_table batch_normalization_grad_tables[] = {
    {0x3100, 0, 8},
};
static const pydml_constraint batch_normalization_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    {PYDML_SAME_SIZES, 5, {2, 3, 4, 6, 7}},
    {PYDML_SAME_SIZES, 3, {0, 1, 5}},
};

static const pydml_field_info element_wise_quantized_linear_add_fields[] = {
    {"ATensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"AScaleTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, AScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"AZeroPointTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, AZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BScaleTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, BScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BZeroPointTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, BZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputScaleTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, OutputScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputZeroPointTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, OutputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_quantized_linear_add_rows[] = {
    {0, 0, 0x01fe, 0x0120}, /* ATensor */
    {1, 0, 0x01fe, 0x0002}, /* AScaleTensor */
    {2, 1, 0x01fe, 0x0120}, /* AZeroPointTensor */
    {3, 0, 0x01fe, 0x0120}, /* BTensor */
    {4, 0, 0x01fe, 0x0002}, /* BScaleTensor */
    {5, 1, 0x01fe, 0x0120}, /* BZeroPointTensor */
    {6, 0, 0x01fe, 0x0002}, /* OutputScaleTensor */
    {7, 1, 0x01fe, 0x0120}, /* OutputZeroPointTensor */
    {8, 0, 0x01fe, 0x0120}, /* OutputTensor */
};
static const pydml_support_table element_wise_quantized_linear_add_tables[] = {
    {0x4000, 0, 9},
};
static const pydml_constraint element_wise_quantized_linear_add_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 9, {0, 1, 2, 3, 4, 5, 6, 7, 8}},
    {PYDML_SAME_DATA_TYPE, 2, {3, 5}},
    {PYDML_SAME_DATA_TYPE, 2, {7, 8}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
};

static const pydml_field_info dynamic_quantize_linear_fields[] = {
    {"InputTensor", offsetof(DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputScaleTensor", offsetof(DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC, OutputScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputZeroPointTensor", offsetof(DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC, OutputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row dynamic_quantize_linear_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0120}, /* OutputTensor */
    {2, 0, 0x01fe, 0x0002}, /* OutputScaleTensor */
    {3, 0, 0x01fe, 0x0120}, /* OutputZeroPointTensor */
};
static const pydml_support_table dynamic_quantize_linear_tables[] = {
    {0x4000, 0, 4},
};
static const pydml_constraint dynamic_quantize_linear_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 4, {0, 1, 2, 3}},
    {PYDML_SAME_DATA_TYPE, 2, {1, 3}},
};

static const pydml_field_info roi_align1_fields[] = {
    {"InputTensor", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ROITensor", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, ROITensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BatchIndicesTensor", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, BatchIndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ReductionFunction", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, ReductionFunction), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 4},
    {"InterpolationMode", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"SpatialScaleX", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, SpatialScaleX), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"SpatialScaleY", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, SpatialScaleY), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"InputPixelOffset", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, InputPixelOffset), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"OutputPixelOffset", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, OutputPixelOffset), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"OutOfBoundsInputValue", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, OutOfBoundsInputValue), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MinimumSamplesPerOutput", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, MinimumSamplesPerOutput), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MaximumSamplesPerOutput", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, MaximumSamplesPerOutput), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"AlignRegionsToCorners", offsetof(DML_ROI_ALIGN1_OPERATOR_DESC, AlignRegionsToCorners), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row roi_align1_rows[] = {
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x001c, 0x0006}, /* ROITensor */
    {2, 0, 0x001e, 0x0008}, /* BatchIndicesTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
    {0, 0, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x001c, 0x0006}, /* ROITensor */
    {2, 0, 0x001e, 0x0408}, /* BatchIndicesTensor */
    {3, 0, 0x0010, 0x0006}, /* OutputTensor */
};
static const pydml_support_table roi_align1_tables[] = {
    {0x4000, 0, 4},
    {0x5000, 4, 4},
};
static const pydml_constraint roi_align1_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 3, {0, 1, 3}},
};

static const pydml_field_info roi_align_grad_fields[] = {
    {"InputTensor", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ROITensor", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, ROITensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BatchIndicesTensor", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, BatchIndicesTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"OutputROIGradientTensor", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, OutputROIGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"ReductionFunction", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, ReductionFunction), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 4},
    {"InterpolationMode", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"SpatialScaleX", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, SpatialScaleX), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"SpatialScaleY", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, SpatialScaleY), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"InputPixelOffset", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, InputPixelOffset), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"OutputPixelOffset", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, OutputPixelOffset), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MinimumSamplesPerOutput", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, MinimumSamplesPerOutput), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MaximumSamplesPerOutput", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, MaximumSamplesPerOutput), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"AlignRegionsToCorners", offsetof(DML_ROI_ALIGN_GRAD_OPERATOR_DESC, AlignRegionsToCorners), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row roi_align_grad_rows[] = {
    {0, 1, 0x0010, 0x0006}, /* InputTensor */
    {1, 0, 0x0010, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x001c, 0x0006}, /* ROITensor */
    {3, 0, 0x001e, 0x0008}, /* BatchIndicesTensor */
    {4, 1, 0x0010, 0x0006}, /* OutputGradientTensor */
    {5, 1, 0x001c, 0x0006}, /* OutputROIGradientTensor */
};
static const pydml_support_table roi_align_grad_tables[] = {
    {0x4100, 0, 6},
};
static const pydml_constraint roi_align_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 5, {0, 1, 2, 4, 5}},
};

static const pydml_field_info batch_normalization_training_fields[] = {
    {"InputTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BiasTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"FusedAddTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, FusedAddTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputMeanTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, OutputMeanTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputVarianceTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, OutputVarianceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row batch_normalization_training_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {2, 0, 0x01fe, 0x0006}, /* BiasTensor */
    {3, 1, 0x01fe, 0x0006}, /* FusedAddTensor */
    {4, 0, 0x01fe, 0x0006}, /* OutputTensor */
    {5, 0, 0x01fe, 0x0006}, /* OutputMeanTensor */
    {6, 0, 0x01fe, 0x0006}, /* OutputVarianceTensor */
};
static const pydml_support_table batch_normalization_training_tables[] = {
    {0x4100, 0, 7},
};
static const pydml_constraint batch_normalization_training_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 7, {0, 1, 2, 3, 4, 5, 6}},
    {PYDML_SAME_SIZES, 4, {1, 2, 5, 6}},
    {PYDML_SAME_SIZES, 3, {0, 3, 4}},
};

static const pydml_field_info batch_normalization_training_grad_fields[] = {
    {"InputTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"MeanTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, MeanTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"VarianceTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, VarianceTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputScaleGradientTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, OutputScaleGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputBiasGradientTensor", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, OutputBiasGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row batch_normalization_training_grad_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x0006}, /* MeanTensor */
    {3, 0, 0x01fe, 0x0006}, /* VarianceTensor */
    {4, 0, 0x01fe, 0x0006}, /* ScaleTensor */
    {5, 0, 0x01fe, 0x0006}, /* OutputGradientTensor */
    {6, 0, 0x01fe, 0x0006}, /* OutputScaleGradientTensor */
    {7, 0, 0x01fe, 0x0006}, /* OutputBiasGradientTensor */
};
static const pydml_support_table batch_normalization_training_grad_tables[] = {
    {0x4100, 0, 8},
};
static const pydml_constraint batch_normalization_training_grad_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    {PYDML_SAME_SIZES, 5, {2, 3, 4, 6, 7}},
    {PYDML_SAME_SIZES, 3, {0, 1, 5}},
};

static const pydml_field_info element_wise_clip1_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ScaleBias", offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, ScaleBias), PYDML_FIELD_SCALE_BIAS, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
    {"MinMaxDataType", offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, MinMaxDataType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 0},
    {"Min", offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, Min), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 3, -1},
    {"Max", offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, Max), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 3, -1},
};
static const pydml_support_row element_wise_clip1_rows[] = {
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* OutputTensor */
};
static const pydml_support_table element_wise_clip1_tables[] = {
    {0x5000, 0, 2},
};
static const pydml_constraint element_wise_clip1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info element_wise_clip_grad1_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputGradientTensor", offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"MinMaxDataType", offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, MinMaxDataType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 0},
    {"Min", offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, Min), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 3, -1},
    {"Max", offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, Max), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 3, -1},
};
static const pydml_support_row element_wise_clip_grad1_rows[] = {
    {0, 0, 0x01fe, 0x0dfe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0dfe}, /* InputGradientTensor */
    {2, 0, 0x01fe, 0x0dfe}, /* OutputGradientTensor */
};
static const pydml_support_table element_wise_clip_grad1_tables[] = {
    {0x5000, 0, 3},
};
static const pydml_constraint element_wise_clip_grad1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 3, {0, 1, 2}},
};

static const pydml_field_info padding1_fields[] = {
    {"InputTensor", offsetof(DML_PADDING1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_PADDING1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"PaddingMode", offsetof(DML_PADDING1_OPERATOR_DESC, PaddingMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 8},
    {"PaddingValueDataType", offsetof(DML_PADDING1_OPERATOR_DESC, PaddingValueDataType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 0},
    {"PaddingValue", offsetof(DML_PADDING1_OPERATOR_DESC, PaddingValue), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 3, -1},
    {"DimensionCount", offsetof(DML_PADDING1_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"StartPadding", offsetof(DML_PADDING1_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 5, -1, -1},
    {"EndPadding", offsetof(DML_PADDING1_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 5, -1, -1},
};
static const pydml_support_row padding1_rows[] = {
    {0, 0, 0x01fe, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01fe, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table padding1_tables[] = {
    {0x5000, 0, 2},
};
static const pydml_constraint padding1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info element_wise_negate_fields[] = {
    {"InputTensor", offsetof(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row element_wise_negate_rows[] = {
    {0, 0, 0x01fe, 0x09c6}, /* InputTensor */
    {1, 0, 0x01fe, 0x09c6}, /* OutputTensor */
};
static const pydml_support_table element_wise_negate_tables[] = {
    {0x5000, 0, 2},
};
static const pydml_constraint element_wise_negate_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_gelu_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_GELU_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_GELU_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row activation_gelu_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_gelu_tables[] = {
    {0x5100, 0, 2},
};
static const pydml_constraint activation_gelu_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_softmax1_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row activation_softmax1_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_softmax1_tables[] = {
    {0x5100, 0, 2},
};
static const pydml_constraint activation_softmax1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};
static const uint32_t activation_softmax1_fusable_hosts[] = {54 /* GEMM */, 0};

static const pydml_field_info activation_log_softmax1_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row activation_log_softmax1_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_log_softmax1_tables[] = {
    {0x5100, 0, 2},
};
static const pydml_constraint activation_log_softmax1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_hardmax1_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row activation_hardmax1_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_hardmax1_tables[] = {
    {0x5100, 0, 2},
};
static const pydml_constraint activation_hardmax1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info resample2_fields[] = {
    {"InputTensor", offsetof(DML_RESAMPLE2_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_RESAMPLE2_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InterpolationMode", offsetof(DML_RESAMPLE2_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"RoundingDirection", offsetof(DML_RESAMPLE2_OPERATOR_DESC, RoundingDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
    {"DimensionCount", offsetof(DML_RESAMPLE2_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Scales", offsetof(DML_RESAMPLE2_OPERATOR_DESC, Scales), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"InputPixelOffsets", offsetof(DML_RESAMPLE2_OPERATOR_DESC, InputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"OutputPixelOffsets", offsetof(DML_RESAMPLE2_OPERATOR_DESC, OutputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
};
static const pydml_support_row resample2_rows[] = {
    {0, 0, 0x001e, 0x0006}, /* InputTensor */
    {1, 0, 0x001e, 0x0006}, /* OutputTensor */
    {0, 0, 0x001e, 0x0126}, /* InputTensor */
    {1, 0, 0x001e, 0x0126}, /* OutputTensor */
};
static const pydml_support_table resample2_tables[] = {
    {0x5100, 0, 2},
    {0x6200, 2, 2},
};
static const pydml_constraint resample2_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info resample_grad1_fields[] = {
    {"InputGradientTensor", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, InputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputGradientTensor", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, OutputGradientTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InterpolationMode", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"RoundingDirection", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, RoundingDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
    {"DimensionCount", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Scales", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, Scales), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"InputPixelOffsets", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, InputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"OutputPixelOffsets", offsetof(DML_RESAMPLE_GRAD1_OPERATOR_DESC, OutputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
};
static const pydml_support_row resample_grad1_rows[] = {
    {0, 0, 0x001e, 0x0006}, /* InputGradientTensor */
    {1, 0, 0x001e, 0x0006}, /* OutputGradientTensor */
};
static const pydml_support_table resample_grad1_tables[] = {
    {0x5100, 0, 2},
};
static const pydml_constraint resample_grad1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info diagonal_matrix1_fields[] = {
    {"InputTensor", offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"ValueDataType", offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, ValueDataType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 0},
    {"Value", offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, Value), PYDML_FIELD_SCALAR_UNION, PYDML_ROLE_ATTRIBUTE, 0, -1, 2, -1},
    {"DiagonalFillBegin", offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillBegin), PYDML_FIELD_INT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"DiagonalFillEnd", offsetof(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillEnd), PYDML_FIELD_INT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row diagonal_matrix1_rows[] = {
    {0, 1, 0x001c, 0x0ffe}, /* InputTensor */
    {1, 0, 0x001c, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table diagonal_matrix1_tables[] = {
    {0x5100, 0, 2},
};
static const pydml_constraint diagonal_matrix1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info multihead_attention_fields[] = {
    {"QueryTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, QueryTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"KeyTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, KeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"ValueTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, ValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"StackedQueryKeyTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, StackedQueryKeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"StackedKeyValueTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, StackedKeyValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"StackedQueryKeyValueTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, StackedQueryKeyValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BiasTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"MaskTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, MaskTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"RelativePositionBiasTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, RelativePositionBiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"PastKeyTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, PastKeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"PastValueTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, PastValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputPresentKeyTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, OutputPresentKeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"OutputPresentValueTensor", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, OutputPresentValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"Scale", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, Scale), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MaskFilterValue", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, MaskFilterValue), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"HeadCount", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, HeadCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MaskType", offsetof(DML_MULTIHEAD_ATTENTION_OPERATOR_DESC, MaskType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 16},
};
static const pydml_support_row multihead_attention_rows[] = {
    {0, 1, 0x0038, 0x0006}, /* QueryTensor */
    {1, 1, 0x0038, 0x0006}, /* KeyTensor */
    {2, 1, 0x0038, 0x0006}, /* ValueTensor */
    {3, 1, 0x0020, 0x0006}, /* StackedQueryKeyTensor */
    {4, 1, 0x0020, 0x0006}, /* StackedKeyValueTensor */
    {5, 1, 0x0020, 0x0006}, /* StackedQueryKeyValueTensor */
    {6, 1, 0x003e, 0x0006}, /* BiasTensor */
    {7, 1, 0x003e, 0x0040}, /* MaskTensor */
    {8, 1, 0x0030, 0x0006}, /* RelativePositionBiasTensor */
    {9, 1, 0x0030, 0x0006}, /* PastKeyTensor */
    {10, 1, 0x0030, 0x0006}, /* PastValueTensor */
    {11, 0, 0x0038, 0x0006}, /* OutputTensor */
    {12, 1, 0x0030, 0x0006}, /* OutputPresentKeyTensor */
    {13, 1, 0x0030, 0x0006}, /* OutputPresentValueTensor */
};
static const pydml_support_table multihead_attention_tables[] = {
    {0x6100, 0, 14},
};
static const pydml_constraint multihead_attention_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 13, {0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13}},
};

static const pydml_field_info lp_pooling1_fields[] = {
    {"InputTensor", offsetof(DML_LP_POOLING1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_LP_POOLING1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_LP_POOLING1_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_LP_POOLING1_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"WindowSize", offsetof(DML_LP_POOLING1_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_LP_POOLING1_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_LP_POOLING1_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Dilations", offsetof(DML_LP_POOLING1_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"P", offsetof(DML_LP_POOLING1_OPERATOR_DESC, P), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row lp_pooling1_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
};
static const pydml_support_table lp_pooling1_tables[] = {
    {0x6200, 0, 2},
};
static const pydml_constraint lp_pooling1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info average_pooling1_fields[] = {
    {"InputTensor", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"WindowSize", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Dilations", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"IncludePadding", offsetof(DML_AVERAGE_POOLING1_OPERATOR_DESC, IncludePadding), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row average_pooling1_rows[] = {
    {0, 0, 0x0030, 0x0006}, /* InputTensor */
    {1, 0, 0x0030, 0x0006}, /* OutputTensor */
};
static const pydml_support_table average_pooling1_tables[] = {
    {0x6200, 0, 2},
};
static const pydml_constraint average_pooling1_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info activation_swish_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_SWISH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_SWISH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"SigmoidInputScale", offsetof(DML_ACTIVATION_SWISH_OPERATOR_DESC, SigmoidInputScale), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_swish_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_swish_tables[] = {
    {0x6200, 0, 2},
};
static const pydml_constraint activation_swish_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info activation_hard_swish_fields[] = {
    {"InputTensor", offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"Alpha", offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, Alpha), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Beta", offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, Beta), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row activation_hard_swish_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table activation_hard_swish_tables[] = {
    {0x6200, 0, 2},
};
static const pydml_constraint activation_hard_swish_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES, 2, {0, 1}},
};

static const pydml_field_info quantized_linear_average_pooling_fields[] = {
    {"InputTensor", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputScaleTensor", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, InputScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"InputZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, InputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputScaleTensor", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, OutputScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputZeroPointTensor", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, OutputZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Strides", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"WindowSize", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, WindowSize), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"StartPadding", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"EndPadding", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"Dilations", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 6, -1, -1},
    {"IncludePadding", offsetof(DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC, IncludePadding), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row quantized_linear_average_pooling_rows[] = {
    {0, 0, 0x0030, 0x0120}, /* InputTensor */
    {1, 0, 0x003e, 0x0002}, /* InputScaleTensor */
    {2, 1, 0x003e, 0x0120}, /* InputZeroPointTensor */
    {3, 0, 0x003e, 0x0002}, /* OutputScaleTensor */
    {4, 1, 0x003e, 0x0120}, /* OutputZeroPointTensor */
    {5, 0, 0x0030, 0x0120}, /* OutputTensor */
};
static const pydml_support_table quantized_linear_average_pooling_tables[] = {
    {0x6200, 0, 6},
};
static const pydml_constraint quantized_linear_average_pooling_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 2, {0, 5}},
    {PYDML_SAME_DATA_TYPE, 2, {0, 2}},
    {PYDML_SAME_DATA_TYPE, 2, {4, 5}},
};

static const pydml_field_info matrix_multiply_integer_to_float_fields[] = {
    {"ATensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, ATensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"AScaleTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, AScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"AZeroPointTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, AZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, BTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BScaleTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, BScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"BZeroPointTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, BZeroPointTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BiasTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row matrix_multiply_integer_to_float_rows[] = {
    {0, 0, 0x001c, 0x01f8}, /* ATensor */
    {1, 0, 0x001e, 0x0006}, /* AScaleTensor */
    {2, 1, 0x001e, 0x01f8}, /* AZeroPointTensor */
    {3, 0, 0x001c, 0x01f8}, /* BTensor */
    {4, 0, 0x001e, 0x0006}, /* BScaleTensor */
    {5, 1, 0x001e, 0x01f8}, /* BZeroPointTensor */
    {6, 1, 0x001c, 0x0006}, /* BiasTensor */
    {7, 0, 0x001c, 0x0006}, /* OutputTensor */
};
static const pydml_support_table matrix_multiply_integer_to_float_tables[] = {
    {0x6200, 0, 8},
};
static const pydml_constraint matrix_multiply_integer_to_float_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 4, {1, 2, 4, 5}},
    {PYDML_SAME_DIMENSION_COUNT, 4, {0, 3, 6, 7}},
    {PYDML_SAME_SIZES, 2, {6, 7}},
    {PYDML_SAME_DATA_TYPE, 4, {0, 2, 3, 5}},
    {PYDML_SAME_DATA_TYPE, 4, {1, 4, 6, 7}},
};

static const pydml_field_info mean_variance_normalization2_fields[] = {
    {"InputTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"ScaleTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, ScaleTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BiasTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"AxisCount", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, AxisCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Axes", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, Axes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"UseMean", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, UseMean), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"UseVariance", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, UseVariance), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Epsilon", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, Epsilon), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"FusedActivation", offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, FusedActivation), PYDML_FIELD_OPERATOR, PYDML_ROLE_ATTRIBUTE, 1, -1, -1, -1},
};
static const pydml_support_row mean_variance_normalization2_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {1, 1, 0x01fe, 0x0006}, /* ScaleTensor */
    {2, 1, 0x01fe, 0x0006}, /* BiasTensor */
    {3, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table mean_variance_normalization2_tables[] = {
    {0x6300, 0, 4},
};
static const pydml_constraint mean_variance_normalization2_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 4, {0, 1, 2, 3}},
};

static const pydml_field_info multihead_attention1_fields[] = {
    {"QueryTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, QueryTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"KeyTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, KeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"ValueTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, ValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"StackedQueryKeyTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, StackedQueryKeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"StackedKeyValueTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, StackedKeyValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"StackedQueryKeyValueTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, StackedQueryKeyValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"BiasTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, BiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"MaskTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, MaskTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"RelativePositionBiasTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, RelativePositionBiasTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"PastKeyTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, PastKeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"PastValueTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, PastValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"PastSequenceLengthsTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, PastSequenceLengthsTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 1, -1, -1, -1},
    {"OutputTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"OutputPresentKeyTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, OutputPresentKeyTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"OutputPresentValueTensor", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, OutputPresentValueTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 1, -1, -1, -1},
    {"Scale", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, Scale), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MaskFilterValue", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, MaskFilterValue), PYDML_FIELD_FLOAT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"QueryHeadCount", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, QueryHeadCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"KeyValueHeadCount", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, KeyValueHeadCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"MaskType", offsetof(DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC, MaskType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 16},
};
static const pydml_support_row multihead_attention1_rows[] = {
    {0, 1, 0x0038, 0x0006}, /* QueryTensor */
    {1, 1, 0x0038, 0x0006}, /* KeyTensor */
    {2, 1, 0x0038, 0x0006}, /* ValueTensor */
    {3, 1, 0x0020, 0x0006}, /* StackedQueryKeyTensor */
    {4, 1, 0x0020, 0x0006}, /* StackedKeyValueTensor */
    {5, 1, 0x0020, 0x0006}, /* StackedQueryKeyValueTensor */
    {6, 1, 0x003e, 0x0006}, /* BiasTensor */
    {7, 1, 0x003e, 0x0040}, /* MaskTensor */
    {8, 1, 0x0030, 0x0006}, /* RelativePositionBiasTensor */
    {9, 1, 0x0030, 0x0006}, /* PastKeyTensor */
    {10, 1, 0x0030, 0x0006}, /* PastValueTensor */
    {11, 1, 0x003e, 0x0046}, /* PastSequenceLengthsTensor */
    {12, 0, 0x0038, 0x0006}, /* OutputTensor */
    {13, 1, 0x0030, 0x0006}, /* OutputPresentKeyTensor */
    {14, 1, 0x0030, 0x0006}, /* OutputPresentValueTensor */
};
static const pydml_support_table multihead_attention1_tables[] = {
    {0x6300, 0, 15},
};
static const pydml_constraint multihead_attention1_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 13, {0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13, 14}},
};

static const pydml_field_info quantize_fields[] = {
    {"InputTensor", offsetof(DML_QUANTIZE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"QuantizationType", offsetof(DML_QUANTIZE_OPERATOR_DESC, QuantizationType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 17},
    {"QuantizationTensorCount", offsetof(DML_QUANTIZE_OPERATOR_DESC, QuantizationTensorCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"QuantizationTensors", offsetof(DML_QUANTIZE_OPERATOR_DESC, QuantizationTensors), PYDML_FIELD_TENSOR_ARRAY, PYDML_ROLE_INPUT, 0, 2, -1, -1},
    {"OutputTensor", offsetof(DML_QUANTIZE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row quantize_rows[] = {
    {0, 0, 0x01fe, 0x0006}, /* InputTensor */
    {3, 0, 0x01fe, 0x3126}, /* QuantizationTensors */
    {4, 0, 0x01fe, 0x3120}, /* OutputTensor */
};
static const pydml_support_table quantize_tables[] = {
    {0x6300, 0, 3},
};
static const pydml_constraint quantize_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 3, 4}},
};

static const pydml_field_info dequantize_fields[] = {
    {"InputTensor", offsetof(DML_DEQUANTIZE_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"QuantizationType", offsetof(DML_DEQUANTIZE_OPERATOR_DESC, QuantizationType), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 17},
    {"QuantizationTensorCount", offsetof(DML_DEQUANTIZE_OPERATOR_DESC, QuantizationTensorCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"QuantizationTensors", offsetof(DML_DEQUANTIZE_OPERATOR_DESC, QuantizationTensors), PYDML_FIELD_TENSOR_ARRAY, PYDML_ROLE_INPUT, 0, 2, -1, -1},
    {"OutputTensor", offsetof(DML_DEQUANTIZE_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
};
static const pydml_support_row dequantize_rows[] = {
    {0, 0, 0x01fe, 0x3120}, /* InputTensor */
    {3, 0, 0x01fe, 0x3126}, /* QuantizationTensors */
    {4, 0, 0x01fe, 0x0006}, /* OutputTensor */
};
static const pydml_support_table dequantize_tables[] = {
    {0x6300, 0, 3},
};
static const pydml_constraint dequantize_constraints[] = {
    {PYDML_SAME_DIMENSION_COUNT, 3, {0, 3, 4}},
};

static const pydml_field_info resample3_fields[] = {
    {"InputTensor", offsetof(DML_RESAMPLE3_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_RESAMPLE3_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"InterpolationMode", offsetof(DML_RESAMPLE3_OPERATOR_DESC, InterpolationMode), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 9},
    {"RoundingDirection", offsetof(DML_RESAMPLE3_OPERATOR_DESC, RoundingDirection), PYDML_FIELD_ENUM, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, 13},
    {"DimensionCount", offsetof(DML_RESAMPLE3_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"Scales", offsetof(DML_RESAMPLE3_OPERATOR_DESC, Scales), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"InputPixelOffsets", offsetof(DML_RESAMPLE3_OPERATOR_DESC, InputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"OutputPixelOffsets", offsetof(DML_RESAMPLE3_OPERATOR_DESC, OutputPixelOffsets), PYDML_FIELD_FLOAT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 4, -1, -1},
    {"Antialiased", offsetof(DML_RESAMPLE3_OPERATOR_DESC, Antialiased), PYDML_FIELD_BOOL, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
};
static const pydml_support_row resample3_rows[] = {
    {0, 0, 0x001e, 0x0126}, /* InputTensor */
    {1, 0, 0x001e, 0x0126}, /* OutputTensor */
};
static const pydml_support_table resample3_tables[] = {
    {0x6400, 0, 2},
};
static const pydml_constraint resample3_constraints[] = {
    {PYDML_SAME_DATA_TYPE | PYDML_SAME_DIMENSION_COUNT, 2, {0, 1}},
};

static const pydml_field_info fold_fields[] = {
    {"InputTensor", offsetof(DML_FOLD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_FOLD_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_FOLD_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"WindowSizes", offsetof(DML_FOLD_OPERATOR_DESC, WindowSizes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Strides", offsetof(DML_FOLD_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Dilations", offsetof(DML_FOLD_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_FOLD_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_FOLD_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row fold_rows[] = {
    {0, 0, 0x01f8, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01f8, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table fold_tables[] = {
    {0x6400, 0, 2},
};
static const pydml_constraint fold_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

static const pydml_field_info unfold_fields[] = {
    {"InputTensor", offsetof(DML_UNFOLD_OPERATOR_DESC, InputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_INPUT, 0, -1, -1, -1},
    {"OutputTensor", offsetof(DML_UNFOLD_OPERATOR_DESC, OutputTensor), PYDML_FIELD_TENSOR, PYDML_ROLE_OUTPUT, 0, -1, -1, -1},
    {"DimensionCount", offsetof(DML_UNFOLD_OPERATOR_DESC, DimensionCount), PYDML_FIELD_UINT, PYDML_ROLE_ATTRIBUTE, 0, -1, -1, -1},
    {"WindowSizes", offsetof(DML_UNFOLD_OPERATOR_DESC, WindowSizes), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Strides", offsetof(DML_UNFOLD_OPERATOR_DESC, Strides), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"Dilations", offsetof(DML_UNFOLD_OPERATOR_DESC, Dilations), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"StartPadding", offsetof(DML_UNFOLD_OPERATOR_DESC, StartPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
    {"EndPadding", offsetof(DML_UNFOLD_OPERATOR_DESC, EndPadding), PYDML_FIELD_UINT_ARRAY, PYDML_ROLE_ATTRIBUTE, 0, 2, -1, -1},
};
static const pydml_support_row unfold_rows[] = {
    {0, 0, 0x01f8, 0x0ffe}, /* InputTensor */
    {1, 0, 0x01f8, 0x0ffe}, /* OutputTensor */
};
static const pydml_support_table unfold_tables[] = {
    {0x6400, 0, 2},
};
static const pydml_constraint unfold_constraints[] = {
    {PYDML_SAME_DATA_TYPE, 2, {0, 1}},
};

const pydml_operator_info pydml_operator_infos[] = {
    {1, "DML_OPERATOR_ELEMENT_WISE_IDENTITY", "DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC", 0x1000, 0, 3, 4, 1, element_wise_identity_fields, element_wise_identity_tables, element_wise_identity_rows, element_wise_identity_constraints, NULL},
    {2, "DML_OPERATOR_ELEMENT_WISE_ABS", "DML_ELEMENT_WISE_ABS_OPERATOR_DESC", 0x1000, 0, 3, 4, 1, element_wise_abs_fields, element_wise_abs_tables, element_wise_abs_rows, element_wise_abs_constraints, NULL},
    {3, "DML_OPERATOR_ELEMENT_WISE_ACOS", "DML_ELEMENT_WISE_ACOS_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_acos_fields, element_wise_acos_tables, element_wise_acos_rows, element_wise_acos_constraints, NULL},
    {4, "DML_OPERATOR_ELEMENT_WISE_ADD", "DML_ELEMENT_WISE_ADD_OPERATOR_DESC", 0x1000, 0, 3, 5, 1, element_wise_add_fields, element_wise_add_tables, element_wise_add_rows, element_wise_add_constraints, NULL},
    {5, "DML_OPERATOR_ELEMENT_WISE_ASIN", "DML_ELEMENT_WISE_ASIN_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_asin_fields, element_wise_asin_tables, element_wise_asin_rows, element_wise_asin_constraints, NULL},
    {6, "DML_OPERATOR_ELEMENT_WISE_ATAN", "DML_ELEMENT_WISE_ATAN_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_atan_fields, element_wise_atan_tables, element_wise_atan_rows, element_wise_atan_constraints, NULL},
    {7, "DML_OPERATOR_ELEMENT_WISE_CEIL", "DML_ELEMENT_WISE_CEIL_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_ceil_fields, element_wise_ceil_tables, element_wise_ceil_rows, element_wise_ceil_constraints, NULL},
    {8, "DML_OPERATOR_ELEMENT_WISE_CLIP", "DML_ELEMENT_WISE_CLIP_OPERATOR_DESC", 0x1000, 0x6000, 5, 4, 1, element_wise_clip_fields, element_wise_clip_tables, element_wise_clip_rows, element_wise_clip_constraints, element_wise_clip_fusable_hosts},
    {9, "DML_OPERATOR_ELEMENT_WISE_COS", "DML_ELEMENT_WISE_COS_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_cos_fields, element_wise_cos_tables, element_wise_cos_rows, element_wise_cos_constraints, NULL},
    {10, "DML_OPERATOR_ELEMENT_WISE_DIVIDE", "DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC", 0x1000, 0, 3, 5, 1, element_wise_divide_fields, element_wise_divide_tables, element_wise_divide_rows, element_wise_divide_constraints, NULL},
    {11, "DML_OPERATOR_ELEMENT_WISE_EXP", "DML_ELEMENT_WISE_EXP_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_exp_fields, element_wise_exp_tables, element_wise_exp_rows, element_wise_exp_constraints, NULL},
    {12, "DML_OPERATOR_ELEMENT_WISE_FLOOR", "DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_floor_fields, element_wise_floor_tables, element_wise_floor_rows, element_wise_floor_constraints, NULL},
    {13, "DML_OPERATOR_ELEMENT_WISE_LOG", "DML_ELEMENT_WISE_LOG_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_log_fields, element_wise_log_tables, element_wise_log_rows, element_wise_log_constraints, NULL},
    {14, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND", "DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC", 0x1000, 0, 3, 3, 1, element_wise_logical_and_fields, element_wise_logical_and_tables, element_wise_logical_and_rows, element_wise_logical_and_constraints, NULL},
    {15, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS", "DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC", 0x1000, 0, 3, 5, 2, element_wise_logical_equals_fields, element_wise_logical_equals_tables, element_wise_logical_equals_rows, element_wise_logical_equals_constraints, NULL},
    {16, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN", "DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC", 0x1000, 0, 3, 5, 2, element_wise_logical_greater_than_fields, element_wise_logical_greater_than_tables, element_wise_logical_greater_than_rows, element_wise_logical_greater_than_constraints, NULL},
    {17, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN", "DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC", 0x1000, 0, 3, 5, 2, element_wise_logical_less_than_fields, element_wise_logical_less_than_tables, element_wise_logical_less_than_rows, element_wise_logical_less_than_constraints, NULL},
    {18, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT", "DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC", 0x1000, 0, 2, 3, 1, element_wise_logical_not_fields, element_wise_logical_not_tables, element_wise_logical_not_rows, element_wise_logical_not_constraints, NULL},
    {19, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR", "DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC", 0x1000, 0, 3, 3, 1, element_wise_logical_or_fields, element_wise_logical_or_tables, element_wise_logical_or_rows, element_wise_logical_or_constraints, NULL},
    {20, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR", "DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC", 0x1000, 0, 3, 3, 1, element_wise_logical_xor_fields, element_wise_logical_xor_tables, element_wise_logical_xor_rows, element_wise_logical_xor_constraints, NULL},
    {21, "DML_OPERATOR_ELEMENT_WISE_MAX", "DML_ELEMENT_WISE_MAX_OPERATOR_DESC", 0x1000, 0, 3, 4, 1, element_wise_max_fields, element_wise_max_tables, element_wise_max_rows, element_wise_max_constraints, NULL},
    {22, "DML_OPERATOR_ELEMENT_WISE_MEAN", "DML_ELEMENT_WISE_MEAN_OPERATOR_DESC", 0x1000, 0, 3, 3, 1, element_wise_mean_fields, element_wise_mean_tables, element_wise_mean_rows, element_wise_mean_constraints, NULL},
    {23, "DML_OPERATOR_ELEMENT_WISE_MIN", "DML_ELEMENT_WISE_MIN_OPERATOR_DESC", 0x1000, 0, 3, 4, 1, element_wise_min_fields, element_wise_min_tables, element_wise_min_rows, element_wise_min_constraints, NULL},
    {24, "DML_OPERATOR_ELEMENT_WISE_MULTIPLY", "DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC", 0x1000, 0, 3, 5, 1, element_wise_multiply_fields, element_wise_multiply_tables, element_wise_multiply_rows, element_wise_multiply_constraints, NULL},
    {25, "DML_OPERATOR_ELEMENT_WISE_POW", "DML_ELEMENT_WISE_POW_OPERATOR_DESC", 0x1000, 0, 4, 2, 2, element_wise_pow_fields, element_wise_pow_tables, element_wise_pow_rows, element_wise_pow_constraints, NULL},
    {26, "DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW", "DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC", 0x1000, 0, 4, 2, 1, element_wise_constant_pow_fields, element_wise_constant_pow_tables, element_wise_constant_pow_rows, element_wise_constant_pow_constraints, NULL},
    {27, "DML_OPERATOR_ELEMENT_WISE_RECIP", "DML_ELEMENT_WISE_RECIP_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_recip_fields, element_wise_recip_tables, element_wise_recip_rows, element_wise_recip_constraints, NULL},
    {28, "DML_OPERATOR_ELEMENT_WISE_SIN", "DML_ELEMENT_WISE_SIN_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_sin_fields, element_wise_sin_tables, element_wise_sin_rows, element_wise_sin_constraints, NULL},
    {29, "DML_OPERATOR_ELEMENT_WISE_SQRT", "DML_ELEMENT_WISE_SQRT_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_sqrt_fields, element_wise_sqrt_tables, element_wise_sqrt_rows, element_wise_sqrt_constraints, NULL},
    {30, "DML_OPERATOR_ELEMENT_WISE_SUBTRACT", "DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC", 0x1000, 0, 3, 5, 1, element_wise_subtract_fields, element_wise_subtract_tables, element_wise_subtract_rows, element_wise_subtract_constraints, NULL},
    {31, "DML_OPERATOR_ELEMENT_WISE_TAN", "DML_ELEMENT_WISE_TAN_OPERATOR_DESC", 0x1000, 0, 3, 2, 1, element_wise_tan_fields, element_wise_tan_tables, element_wise_tan_rows, element_wise_tan_constraints, NULL},
    {32, "DML_OPERATOR_ELEMENT_WISE_THRESHOLD", "DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC", 0x1000, 0, 4, 3, 1, element_wise_threshold_fields, element_wise_threshold_tables, element_wise_threshold_rows, element_wise_threshold_constraints, NULL},
    {33, "DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR", "DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC", 0x1000, 0, 4, 5, 2, element_wise_quantize_linear_fields, element_wise_quantize_linear_tables, element_wise_quantize_linear_rows, element_wise_quantize_linear_constraints, NULL},
    {34, "DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR", "DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC", 0x1000, 0, 4, 5, 3, element_wise_dequantize_linear_fields, element_wise_dequantize_linear_tables, element_wise_dequantize_linear_rows, element_wise_dequantize_linear_constraints, NULL},
    {35, "DML_OPERATOR_ACTIVATION_ELU", "DML_ACTIVATION_ELU_OPERATOR_DESC", 0x1000, 0x1000, 3, 3, 1, activation_elu_fields, activation_elu_tables, activation_elu_rows, activation_elu_constraints, NULL},
    {36, "DML_OPERATOR_ACTIVATION_HARDMAX", "DML_ACTIVATION_HARDMAX_OPERATOR_DESC", 0x1000, 0, 2, 3, 1, activation_hardmax_fields, activation_hardmax_tables, activation_hardmax_rows, activation_hardmax_constraints, NULL},
    {37, "DML_OPERATOR_ACTIVATION_HARD_SIGMOID", "DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC", 0x1000, 0x1000, 4, 3, 1, activation_hard_sigmoid_fields, activation_hard_sigmoid_tables, activation_hard_sigmoid_rows, activation_hard_sigmoid_constraints, NULL},
    {38, "DML_OPERATOR_ACTIVATION_IDENTITY", "DML_ACTIVATION_IDENTITY_OPERATOR_DESC", 0x1000, 0x1000, 2, 3, 1, activation_identity_fields, activation_identity_tables, activation_identity_rows, activation_identity_constraints, NULL},
    {39, "DML_OPERATOR_ACTIVATION_LEAKY_RELU", "DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC", 0x1000, 0x1000, 3, 3, 1, activation_leaky_relu_fields, activation_leaky_relu_tables, activation_leaky_relu_rows, activation_leaky_relu_constraints, NULL},
    {40, "DML_OPERATOR_ACTIVATION_LINEAR", "DML_ACTIVATION_LINEAR_OPERATOR_DESC", 0x1000, 0x1000, 4, 3, 1, activation_linear_fields, activation_linear_tables, activation_linear_rows, activation_linear_constraints, NULL},
    {41, "DML_OPERATOR_ACTIVATION_LOG_SOFTMAX", "DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC", 0x1000, 0, 2, 3, 1, activation_log_softmax_fields, activation_log_softmax_tables, activation_log_softmax_rows, activation_log_softmax_constraints, NULL},
    {42, "DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU", "DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC", 0x1000, 0, 3, 4, 1, activation_parameterized_relu_fields, activation_parameterized_relu_tables, activation_parameterized_relu_rows, activation_parameterized_relu_constraints, NULL},
    {43, "DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS", "DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC", 0x1000, 0x1000, 4, 3, 1, activation_parametric_softplus_fields, activation_parametric_softplus_tables, activation_parametric_softplus_rows, activation_parametric_softplus_constraints, NULL},
    {44, "DML_OPERATOR_ACTIVATION_RELU", "DML_ACTIVATION_RELU_OPERATOR_DESC", 0x1000, 0x1000, 2, 4, 1, activation_relu_fields, activation_relu_tables, activation_relu_rows, activation_relu_constraints, NULL},
    {45, "DML_OPERATOR_ACTIVATION_SCALED_ELU", "DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC", 0x1000, 0x1000, 4, 3, 1, activation_scaled_elu_fields, activation_scaled_elu_tables, activation_scaled_elu_rows, activation_scaled_elu_constraints, NULL},
    {46, "DML_OPERATOR_ACTIVATION_SCALED_TANH", "DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC", 0x1000, 0x1000, 4, 3, 1, activation_scaled_tanh_fields, activation_scaled_tanh_tables, activation_scaled_tanh_rows, activation_scaled_tanh_constraints, NULL},
    {47, "DML_OPERATOR_ACTIVATION_SIGMOID", "DML_ACTIVATION_SIGMOID_OPERATOR_DESC", 0x1000, 0x1000, 2, 3, 1, activation_sigmoid_fields, activation_sigmoid_tables, activation_sigmoid_rows, activation_sigmoid_constraints, NULL},
    {48, "DML_OPERATOR_ACTIVATION_SOFTMAX", "DML_ACTIVATION_SOFTMAX_OPERATOR_DESC", 0x1000, 0x6100, 2, 3, 1, activation_softmax_fields, activation_softmax_tables, activation_softmax_rows, activation_softmax_constraints, activation_softmax_fusable_hosts},
    {49, "DML_OPERATOR_ACTIVATION_SOFTPLUS", "DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC", 0x1000, 0x1000, 3, 3, 1, activation_softplus_fields, activation_softplus_tables, activation_softplus_rows, activation_softplus_constraints, NULL},
    {50, "DML_OPERATOR_ACTIVATION_SOFTSIGN", "DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC", 0x1000, 0x1000, 2, 3, 1, activation_softsign_fields, activation_softsign_tables, activation_softsign_rows, activation_softsign_constraints, NULL},
    {51, "DML_OPERATOR_ACTIVATION_TANH", "DML_ACTIVATION_TANH_OPERATOR_DESC", 0x1000, 0x1000, 2, 3, 1, activation_tanh_fields, activation_tanh_tables, activation_tanh_rows, activation_tanh_constraints, NULL},
    {52, "DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU", "DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC", 0x1000, 0x1000, 3, 3, 1, activation_thresholded_relu_fields, activation_thresholded_relu_tables, activation_thresholded_relu_rows, activation_thresholded_relu_constraints, NULL},
    {53, "DML_OPERATOR_CONVOLUTION", "DML_CONVOLUTION_OPERATOR_DESC", 0x1000, 0, 14, 2, 1, convolution_fields, convolution_tables, convolution_rows, convolution_constraints, NULL},
    {54, "DML_OPERATOR_GEMM", "DML_GEMM_OPERATOR_DESC", 0x1000, 0, 9, 2, 2, gemm_fields, gemm_tables, gemm_rows, gemm_constraints, NULL},
    {55, "DML_OPERATOR_REDUCE", "DML_REDUCE_OPERATOR_DESC", 0x1000, 0, 5, 5, 0, reduce_fields, reduce_tables, reduce_rows, NULL, NULL},
    {56, "DML_OPERATOR_AVERAGE_POOLING", "DML_AVERAGE_POOLING_OPERATOR_DESC", 0x1000, 0, 8, 1, 1, average_pooling_fields, average_pooling_tables, average_pooling_rows, average_pooling_constraints, NULL},
    {57, "DML_OPERATOR_LP_POOLING", "DML_LP_POOLING_OPERATOR_DESC", 0x1000, 0, 8, 1, 1, lp_pooling_fields, lp_pooling_tables, lp_pooling_rows, lp_pooling_constraints, NULL},
    {58, "DML_OPERATOR_MAX_POOLING", "DML_MAX_POOLING_OPERATOR_DESC", 0x1000, 0, 7, 3, 1, max_pooling_fields, max_pooling_tables, max_pooling_rows, max_pooling_constraints, NULL},
    {59, "DML_OPERATOR_ROI_POOLING", "DML_ROI_POOLING_OPERATOR_DESC", 0x1000, 0, 5, 1, 1, roi_pooling_fields, roi_pooling_tables, roi_pooling_rows, roi_pooling_constraints, NULL},
    {60, "DML_OPERATOR_SLICE", "DML_SLICE_OPERATOR_DESC", 0x1000, 0, 6, 4, 1, slice_fields, slice_tables, slice_rows, slice_constraints, NULL},
    {61, "DML_OPERATOR_CAST", "DML_CAST_OPERATOR_DESC", 0x1000, 0, 2, 4, 1, cast_fields, cast_tables, cast_rows, cast_constraints, NULL},
    {62, "DML_OPERATOR_SPLIT", "DML_SPLIT_OPERATOR_DESC", 0x1000, 0, 4, 4, 1, split_fields, split_tables, split_rows, split_constraints, NULL},
    {63, "DML_OPERATOR_JOIN", "DML_JOIN_OPERATOR_DESC", 0x1000, 0, 4, 4, 1, join_fields, join_tables, join_rows, join_constraints, NULL},
    {64, "DML_OPERATOR_PADDING", "DML_PADDING_OPERATOR_DESC", 0x1000, 0, 7, 4, 1, padding_fields, padding_tables, padding_rows, padding_constraints, NULL},
    {65, "DML_OPERATOR_VALUE_SCALE_2D", "DML_VALUE_SCALE_2D_OPERATOR_DESC", 0x1000, 0, 5, 1, 1, value_scale_2d_fields, value_scale_2d_tables, value_scale_2d_rows, value_scale_2d_constraints, NULL},
    {66, "DML_OPERATOR_UPSAMPLE_2D", "DML_UPSAMPLE_2D_OPERATOR_DESC", 0x1000, 0, 4, 1, 1, upsample_2d_fields, upsample_2d_tables, upsample_2d_rows, upsample_2d_constraints, NULL},
    {67, "DML_OPERATOR_GATHER", "DML_GATHER_OPERATOR_DESC", 0x1000, 0, 5, 4, 2, gather_fields, gather_tables, gather_rows, gather_constraints, NULL},
    {68, "DML_OPERATOR_SPACE_TO_DEPTH", "DML_SPACE_TO_DEPTH_OPERATOR_DESC", 0x1000, 0, 3, 3, 1, space_to_depth_fields, space_to_depth_tables, space_to_depth_rows, space_to_depth_constraints, NULL},
    {69, "DML_OPERATOR_DEPTH_TO_SPACE", "DML_DEPTH_TO_SPACE_OPERATOR_DESC", 0x1000, 0, 3, 3, 1, depth_to_space_fields, depth_to_space_tables, depth_to_space_rows, depth_to_space_constraints, NULL},
    {70, "DML_OPERATOR_TILE", "DML_TILE_OPERATOR_DESC", 0x1000, 0, 4, 4, 1, tile_fields, tile_tables, tile_rows, tile_constraints, NULL},
    {71, "DML_OPERATOR_TOP_K", "DML_TOP_K_OPERATOR_DESC", 0x1000, 0, 5, 4, 2, top_k_fields, top_k_tables, top_k_rows, top_k_constraints, NULL},
    {72, "DML_OPERATOR_BATCH_NORMALIZATION", "DML_BATCH_NORMALIZATION_OPERATOR_DESC", 0x1000, 0, 9, 2, 2, batch_normalization_fields, batch_normalization_tables, batch_normalization_rows, batch_normalization_constraints, NULL},
    {73, "DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION", "DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC", 0x1000, 0, 8, 1, 2, mean_variance_normalization_fields, mean_variance_normalization_tables, mean_variance_normalization_rows, mean_variance_normalization_constraints, NULL},
    {74, "DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION", "DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC", 0x1000, 0, 7, 1, 1, local_response_normalization_fields, local_response_normalization_tables, local_response_normalization_rows, local_response_normalization_constraints, NULL},
    {75, "DML_OPERATOR_LP_NORMALIZATION", "DML_LP_NORMALIZATION_OPERATOR_DESC", 0x1000, 0, 5, 2, 1, lp_normalization_fields, lp_normalization_tables, lp_normalization_rows, lp_normalization_constraints, NULL},
    {76, "DML_OPERATOR_RNN", "DML_RNN_OPERATOR_DESC", 0x1000, 0, 11, 1, 1, rnn_fields, rnn_tables, rnn_rows, rnn_constraints, NULL},
    {77, "DML_OPERATOR_LSTM", "DML_LSTM_OPERATOR_DESC", 0x1000, 0, 17, 1, 1, lstm_fields, lstm_tables, lstm_rows, lstm_constraints, NULL},
    {78, "DML_OPERATOR_GRU", "DML_GRU_OPERATOR_DESC", 0x1000, 0, 12, 1, 1, gru_fields, gru_tables, gru_rows, gru_constraints, NULL},
    {79, "DML_OPERATOR_ELEMENT_WISE_SIGN", "DML_ELEMENT_WISE_SIGN_OPERATOR_DESC", 0x2000, 0, 2, 4, 1, element_wise_sign_fields, element_wise_sign_tables, element_wise_sign_rows, element_wise_sign_constraints, NULL},
    {80, "DML_OPERATOR_ELEMENT_WISE_IS_NAN", "DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC", 0x2000, 0, 2, 2, 1, element_wise_is_nan_fields, element_wise_is_nan_tables, element_wise_is_nan_rows, element_wise_is_nan_constraints, NULL},
    {81, "DML_OPERATOR_ELEMENT_WISE_ERF", "DML_ELEMENT_WISE_ERF_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, element_wise_erf_fields, element_wise_erf_tables, element_wise_erf_rows, element_wise_erf_constraints, NULL},
    {82, "DML_OPERATOR_ELEMENT_WISE_SINH", "DML_ELEMENT_WISE_SINH_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, element_wise_sinh_fields, element_wise_sinh_tables, element_wise_sinh_rows, element_wise_sinh_constraints, NULL},
    {83, "DML_OPERATOR_ELEMENT_WISE_COSH", "DML_ELEMENT_WISE_COSH_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, element_wise_cosh_fields, element_wise_cosh_tables, element_wise_cosh_rows, element_wise_cosh_constraints, NULL},
    {84, "DML_OPERATOR_ELEMENT_WISE_TANH", "DML_ELEMENT_WISE_TANH_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, element_wise_tanh_fields, element_wise_tanh_tables, element_wise_tanh_rows, element_wise_tanh_constraints, NULL},
    {85, "DML_OPERATOR_ELEMENT_WISE_ASINH", "DML_ELEMENT_WISE_ASINH_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, element_wise_asinh_fields, element_wise_asinh_tables, element_wise_asinh_rows, element_wise_asinh_constraints, NULL},
    {86, "DML_OPERATOR_ELEMENT_WISE_ACOSH", "DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, element_wise_acosh_fields, element_wise_acosh_tables, element_wise_acosh_rows, element_wise_acosh_constraints, NULL},
    {87, "DML_OPERATOR_ELEMENT_WISE_ATANH", "DML_ELEMENT_WISE_ATANH_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, element_wise_atanh_fields, element_wise_atanh_tables, element_wise_atanh_rows, element_wise_atanh_constraints, NULL},
    {88, "DML_OPERATOR_ELEMENT_WISE_IF", "DML_ELEMENT_WISE_IF_OPERATOR_DESC", 0x2000, 0, 4, 3, 2, element_wise_if_fields, element_wise_if_tables, element_wise_if_rows, element_wise_if_constraints, NULL},
    {89, "DML_OPERATOR_ELEMENT_WISE_ADD1", "DML_ELEMENT_WISE_ADD1_OPERATOR_DESC", 0x2000, 0, 4, 2, 1, element_wise_add1_fields, element_wise_add1_tables, element_wise_add1_rows, element_wise_add1_constraints, NULL},
    {90, "DML_OPERATOR_ACTIVATION_SHRINK", "DML_ACTIVATION_SHRINK_OPERATOR_DESC", 0x2000, 0x2000, 4, 3, 1, activation_shrink_fields, activation_shrink_tables, activation_shrink_rows, activation_shrink_constraints, NULL},
    {91, "DML_OPERATOR_MAX_POOLING1", "DML_MAX_POOLING1_OPERATOR_DESC", 0x2000, 0, 8, 3, 2, max_pooling1_fields, max_pooling1_tables, max_pooling1_rows, max_pooling1_constraints, NULL},
    {92, "DML_OPERATOR_MAX_UNPOOLING", "DML_MAX_UNPOOLING_OPERATOR_DESC", 0x2000, 0, 3, 2, 1, max_unpooling_fields, max_unpooling_tables, max_unpooling_rows, max_unpooling_constraints, NULL},
    {93, "DML_OPERATOR_DIAGONAL_MATRIX", "DML_DIAGONAL_MATRIX_OPERATOR_DESC", 0x2000, 0, 3, 4, 0, diagonal_matrix_fields, diagonal_matrix_tables, diagonal_matrix_rows, NULL, NULL},
    {94, "DML_OPERATOR_SCATTER_ELEMENTS", "DML_SCATTER_OPERATOR_DESC", 0x2000, 0, 5, 4, 2, scatter_elements_fields, scatter_elements_tables, scatter_elements_rows, scatter_elements_constraints, NULL},
    {95, "DML_OPERATOR_ONE_HOT", "DML_ONE_HOT_OPERATOR_DESC", 0x2000, 0, 4, 4, 2, one_hot_fields, one_hot_tables, one_hot_rows, one_hot_constraints, NULL},
    {96, "DML_OPERATOR_RESAMPLE", "DML_RESAMPLE_OPERATOR_DESC", 0x2000, 0, 5, 3, 1, resample_fields, resample_tables, resample_rows, resample_constraints, NULL},
    {97, "DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT", "DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC", 0x2100, 0, 3, 3, 1, element_wise_bit_shift_left_fields, element_wise_bit_shift_left_tables, element_wise_bit_shift_left_rows, element_wise_bit_shift_left_constraints, NULL},
    {98, "DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT", "DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC", 0x2100, 0, 3, 3, 1, element_wise_bit_shift_right_fields, element_wise_bit_shift_right_tables, element_wise_bit_shift_right_rows, element_wise_bit_shift_right_constraints, NULL},
    {99, "DML_OPERATOR_ELEMENT_WISE_ROUND", "DML_ELEMENT_WISE_ROUND_OPERATOR_DESC", 0x2100, 0, 3, 2, 1, element_wise_round_fields, element_wise_round_tables, element_wise_round_rows, element_wise_round_constraints, NULL},
    {100, "DML_OPERATOR_ELEMENT_WISE_IS_INFINITY", "DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC", 0x2100, 0, 3, 2, 1, element_wise_is_infinity_fields, element_wise_is_infinity_tables, element_wise_is_infinity_rows, element_wise_is_infinity_constraints, NULL},
    {101, "DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE", "DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC", 0x2100, 0, 3, 3, 1, element_wise_modulus_truncate_fields, element_wise_modulus_truncate_tables, element_wise_modulus_truncate_rows, element_wise_modulus_truncate_constraints, NULL},
    {102, "DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR", "DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC", 0x2100, 0, 3, 3, 1, element_wise_modulus_floor_fields, element_wise_modulus_floor_tables, element_wise_modulus_floor_rows, element_wise_modulus_floor_constraints, NULL},
    {103, "DML_OPERATOR_FILL_VALUE_CONSTANT", "DML_FILL_VALUE_CONSTANT_OPERATOR_DESC", 0x2100, 0, 3, 3, 0, fill_value_constant_fields, fill_value_constant_tables, fill_value_constant_rows, NULL, NULL},
    {104, "DML_OPERATOR_FILL_VALUE_SEQUENCE", "DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC", 0x2100, 0, 4, 3, 0, fill_value_sequence_fields, fill_value_sequence_tables, fill_value_sequence_rows, NULL, NULL},
    {105, "DML_OPERATOR_CUMULATIVE_SUMMATION", "DML_CUMULATIVE_SUMMATION_OPERATOR_DESC", 0x2100, 0, 5, 3, 1, cumulative_summation_fields, cumulative_summation_tables, cumulative_summation_rows, cumulative_summation_constraints, NULL},
    {106, "DML_OPERATOR_REVERSE_SUBSEQUENCES", "DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC", 0x2100, 0, 4, 4, 2, reverse_subsequences_fields, reverse_subsequences_tables, reverse_subsequences_rows, reverse_subsequences_constraints, NULL},
    {107, "DML_OPERATOR_GATHER_ELEMENTS", "DML_GATHER_ELEMENTS_OPERATOR_DESC", 0x2100, 0, 4, 3, 2, gather_elements_fields, gather_elements_tables, gather_elements_rows, gather_elements_constraints, NULL},
    {108, "DML_OPERATOR_GATHER_ND", "DML_GATHER_ND_OPERATOR_DESC", 0x2100, 0, 5, 3, 2, gather_nd_fields, gather_nd_tables, gather_nd_rows, gather_nd_constraints, NULL},
    {109, "DML_OPERATOR_SCATTER_ND", "DML_SCATTER_ND_OPERATOR_DESC", 0x2100, 0, 6, 3, 2, scatter_nd_fields, scatter_nd_tables, scatter_nd_rows, scatter_nd_constraints, NULL},
    {110, "DML_OPERATOR_MAX_POOLING2", "DML_MAX_POOLING2_OPERATOR_DESC", 0x2100, 0, 9, 3, 2, max_pooling2_fields, max_pooling2_tables, max_pooling2_rows, max_pooling2_constraints, NULL},
    {111, "DML_OPERATOR_SLICE1", "DML_SLICE1_OPERATOR_DESC", 0x2100, 0, 6, 3, 1, slice1_fields, slice1_tables, slice1_rows, slice1_constraints, NULL},
    {112, "DML_OPERATOR_TOP_K1", "DML_TOP_K1_OPERATOR_DESC", 0x2100, 0, 6, 3, 2, top_k1_fields, top_k1_tables, top_k1_rows, top_k1_constraints, NULL},
    {113, "DML_OPERATOR_DEPTH_TO_SPACE1", "DML_DEPTH_TO_SPACE1_OPERATOR_DESC", 0x2100, 0, 4, 2, 1, depth_to_space1_fields, depth_to_space1_tables, depth_to_space1_rows, depth_to_space1_constraints, NULL},
    {114, "DML_OPERATOR_SPACE_TO_DEPTH1", "DML_SPACE_TO_DEPTH1_OPERATOR_DESC", 0x2100, 0, 4, 2, 1, space_to_depth1_fields, space_to_depth1_tables, space_to_depth1_rows, space_to_depth1_constraints, NULL},
    {115, "DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1", "DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC", 0x2100, 0, 9, 2, 1, mean_variance_normalization1_fields, mean_variance_normalization1_tables, mean_variance_normalization1_rows, mean_variance_normalization1_constraints, NULL},
    {116, "DML_OPERATOR_RESAMPLE1", "DML_RESAMPLE1_OPERATOR_DESC", 0x2100, 0, 7, 3, 1, resample1_fields, resample1_tables, resample1_rows, resample1_constraints, NULL},
    {117, "DML_OPERATOR_MATRIX_MULTIPLY_INTEGER", "DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC", 0x2100, 0, 5, 3, 3, matrix_multiply_integer_fields, matrix_multiply_integer_tables, matrix_multiply_integer_rows, matrix_multiply_integer_constraints, NULL},
    {118, "DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY", "DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC", 0x2100, 0, 9, 2, 5, quantized_linear_matrix_multiply_fields, quantized_linear_matrix_multiply_tables, quantized_linear_matrix_multiply_rows, quantized_linear_matrix_multiply_constraints, NULL},
    {119, "DML_OPERATOR_CONVOLUTION_INTEGER", "DML_CONVOLUTION_INTEGER_OPERATOR_DESC", 0x2100, 0, 11, 2, 4, convolution_integer_fields, convolution_integer_tables, convolution_integer_rows, convolution_integer_constraints, NULL},
    {120, "DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION", "DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC", 0x2100, 0, 16, 3, 4, quantized_linear_convolution_fields, quantized_linear_convolution_tables, quantized_linear_convolution_rows, quantized_linear_convolution_constraints, NULL},
    {121, "DML_OPERATOR_ELEMENT_WISE_BIT_AND", "DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC", 0x3000, 0, 3, 2, 1, element_wise_bit_and_fields, element_wise_bit_and_tables, element_wise_bit_and_rows, element_wise_bit_and_constraints, NULL},
    {122, "DML_OPERATOR_ELEMENT_WISE_BIT_OR", "DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC", 0x3000, 0, 3, 2, 1, element_wise_bit_or_fields, element_wise_bit_or_tables, element_wise_bit_or_rows, element_wise_bit_or_constraints, NULL},
    {123, "DML_OPERATOR_ELEMENT_WISE_BIT_XOR", "DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC", 0x3000, 0, 3, 2, 1, element_wise_bit_xor_fields, element_wise_bit_xor_tables, element_wise_bit_xor_rows, element_wise_bit_xor_constraints, NULL},
    {124, "DML_OPERATOR_ELEMENT_WISE_BIT_NOT", "DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC", 0x3000, 0, 2, 2, 1, element_wise_bit_not_fields, element_wise_bit_not_tables, element_wise_bit_not_rows, element_wise_bit_not_constraints, NULL},
    {125, "DML_OPERATOR_ELEMENT_WISE_BIT_COUNT", "DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC", 0x3000, 0, 2, 2, 1, element_wise_bit_count_fields, element_wise_bit_count_tables, element_wise_bit_count_rows, element_wise_bit_count_constraints, NULL},
    {126, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL", "DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC", 0x3000, 0, 3, 2, 2, element_wise_logical_greater_than_or_equal_fields, element_wise_logical_greater_than_or_equal_tables, element_wise_logical_greater_than_or_equal_rows, element_wise_logical_greater_than_or_equal_constraints, NULL},
    {127, "DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL", "DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC", 0x3000, 0, 3, 2, 2, element_wise_logical_less_than_or_equal_fields, element_wise_logical_less_than_or_equal_tables, element_wise_logical_less_than_or_equal_rows, element_wise_logical_less_than_or_equal_constraints, NULL},
    {128, "DML_OPERATOR_ACTIVATION_CELU", "DML_ACTIVATION_CELU_OPERATOR_DESC", 0x3000, 0x3000, 3, 1, 1, activation_celu_fields, activation_celu_tables, activation_celu_rows, activation_celu_constraints, NULL},
    {129, "DML_OPERATOR_ACTIVATION_RELU_GRAD", "DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC", 0x3000, 0, 3, 3, 1, activation_relu_grad_fields, activation_relu_grad_tables, activation_relu_grad_rows, activation_relu_grad_constraints, NULL},
    {130, "DML_OPERATOR_AVERAGE_POOLING_GRAD", "DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC", 0x3000, 0, 8, 1, 1, average_pooling_grad_fields, average_pooling_grad_tables, average_pooling_grad_rows, average_pooling_grad_constraints, NULL},
    {131, "DML_OPERATOR_MAX_POOLING_GRAD", "DML_MAX_POOLING_GRAD_OPERATOR_DESC", 0x3000, 0, 9, 2, 2, max_pooling_grad_fields, max_pooling_grad_tables, max_pooling_grad_rows, max_pooling_grad_constraints, NULL},
    {132, "DML_OPERATOR_RANDOM_GENERATOR", "DML_RANDOM_GENERATOR_OPERATOR_DESC", 0x3000, 0, 4, 2, 1, random_generator_fields, random_generator_tables, random_generator_rows, random_generator_constraints, NULL},
    {133, "DML_OPERATOR_NONZERO_COORDINATES", "DML_NONZERO_COORDINATES_OPERATOR_DESC", 0x3000, 0, 3, 2, 0, nonzero_coordinates_fields, nonzero_coordinates_tables, nonzero_coordinates_rows, NULL, NULL},
    {134, "DML_OPERATOR_RESAMPLE_GRAD", "DML_RESAMPLE_GRAD_OPERATOR_DESC", 0x3000, 0, 7, 2, 1, resample_grad_fields, resample_grad_tables, resample_grad_rows, resample_grad_constraints, NULL},
    {135, "DML_OPERATOR_SLICE_GRAD", "DML_SLICE_GRAD_OPERATOR_DESC", 0x3000, 0, 6, 3, 1, slice_grad_fields, slice_grad_tables, slice_grad_rows, slice_grad_constraints, NULL},
    {136, "DML_OPERATOR_ADAM_OPTIMIZER", "DML_ADAM_OPTIMIZER_OPERATOR_DESC", 0x3000, 0, 12, 1, 1, adam_optimizer_fields, adam_optimizer_tables, adam_optimizer_rows, adam_optimizer_constraints, NULL},
    {137, "DML_OPERATOR_ARGMIN", "DML_ARGMIN_OPERATOR_DESC", 0x3000, 0, 5, 2, 1, argmin_fields, argmin_tables, argmin_rows, argmin_constraints, NULL},
    {138, "DML_OPERATOR_ARGMAX", "DML_ARGMAX_OPERATOR_DESC", 0x3000, 0, 5, 2, 1, argmax_fields, argmax_tables, argmax_rows, argmax_constraints, NULL},
    {139, "DML_OPERATOR_ROI_ALIGN", "DML_ROI_ALIGN_OPERATOR_DESC", 0x3000, 0, 11, 2, 1, roi_align_fields, roi_align_tables, roi_align_rows, roi_align_constraints, NULL},
    {140, "DML_OPERATOR_GATHER_ND1", "DML_GATHER_ND1_OPERATOR_DESC", 0x3000, 0, 6, 2, 2, gather_nd1_fields, gather_nd1_tables, gather_nd1_rows, gather_nd1_constraints, NULL},
    {141, "DML_OPERATOR_ELEMENT_WISE_ATAN_YX", "DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC", 0x3100, 0, 3, 1, 1, element_wise_atan_yx_fields, element_wise_atan_yx_tables, element_wise_atan_yx_rows, element_wise_atan_yx_constraints, NULL},
    {142, "DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD", "DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC", 0x3100, 0, 5, 2, 1, element_wise_clip_grad_fields, element_wise_clip_grad_tables, element_wise_clip_grad_rows, element_wise_clip_grad_constraints, NULL},
    {143, "DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE", "DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC", 0x3100, 0, 3, 1, 1, element_wise_difference_square_fields, element_wise_difference_square_tables, element_wise_difference_square_rows, element_wise_difference_square_constraints, NULL},
    {144, "DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD", "DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC", 0x3100, 0, 8, 1, 1, local_response_normalization_grad_fields, local_response_normalization_grad_tables, local_response_normalization_grad_rows, local_response_normalization_grad_constraints, NULL},
    {145, "DML_OPERATOR_CUMULATIVE_PRODUCT", "DML_CUMULATIVE_PRODUCT_OPERATOR_DESC", 0x3100, 0, 5, 3, 1, cumulative_product_fields, cumulative_product_tables, cumulative_product_rows, cumulative_product_constraints, NULL},
    {146, "DML_OPERATOR_BATCH_NORMALIZATION_GRAD", "DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC", 0x3100, 0, 9, 1, 3, batch_normalization_grad_fields, batch_normalization_grad_tables, batch_normalization_grad_rows, batch_normalization_grad_constraints, NULL},
    {147, "DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD", "DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC", 0x4000, 0, 9, 1, 4, element_wise_quantized_linear_add_fields, element_wise_quantized_linear_add_tables, element_wise_quantized_linear_add_rows, element_wise_quantized_linear_add_constraints, NULL},
    {148, "DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR", "DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC", 0x4000, 0, 4, 1, 2, dynamic_quantize_linear_fields, dynamic_quantize_linear_tables, dynamic_quantize_linear_rows, dynamic_quantize_linear_constraints, NULL},
    {149, "DML_OPERATOR_ROI_ALIGN1", "DML_ROI_ALIGN1_OPERATOR_DESC", 0x4000, 0, 14, 2, 1, roi_align1_fields, roi_align1_tables, roi_align1_rows, roi_align1_constraints, NULL},
    {150, "DML_OPERATOR_ROI_ALIGN_GRAD", "DML_ROI_ALIGN_GRAD_OPERATOR_DESC", 0x4100, 0, 15, 1, 1, roi_align_grad_fields, roi_align_grad_tables, roi_align_grad_rows, roi_align_grad_constraints, NULL},
    {151, "DML_OPERATOR_BATCH_NORMALIZATION_TRAINING", "DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC", 0x4100, 0, 9, 1, 3, batch_normalization_training_fields, batch_normalization_training_tables, batch_normalization_training_rows, batch_normalization_training_constraints, NULL},
    {152, "DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD", "DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC", 0x4100, 0, 9, 1, 3, batch_normalization_training_grad_fields, batch_normalization_training_grad_tables, batch_normalization_training_grad_rows, batch_normalization_training_grad_constraints, NULL},
    {153, "DML_OPERATOR_ELEMENT_WISE_CLIP1", "DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC", 0x5000, 0, 6, 1, 1, element_wise_clip1_fields, element_wise_clip1_tables, element_wise_clip1_rows, element_wise_clip1_constraints, NULL},
    {154, "DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1", "DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC", 0x5000, 0, 6, 1, 1, element_wise_clip_grad1_fields, element_wise_clip_grad1_tables, element_wise_clip_grad1_rows, element_wise_clip_grad1_constraints, NULL},
    {155, "DML_OPERATOR_PADDING1", "DML_PADDING1_OPERATOR_DESC", 0x5000, 0, 8, 1, 1, padding1_fields, padding1_tables, padding1_rows, padding1_constraints, NULL},
    {156, "DML_OPERATOR_ELEMENT_WISE_NEGATE", "DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC", 0x5000, 0, 2, 1, 1, element_wise_negate_fields, element_wise_negate_tables, element_wise_negate_rows, element_wise_negate_constraints, NULL},
    {157, "DML_OPERATOR_ACTIVATION_GELU", "DML_ACTIVATION_GELU_OPERATOR_DESC", 0x5100, 0x5100, 2, 1, 1, activation_gelu_fields, activation_gelu_tables, activation_gelu_rows, activation_gelu_constraints, NULL},
    {158, "DML_OPERATOR_ACTIVATION_SOFTMAX1", "DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC", 0x5100, 0x6100, 4, 1, 1, activation_softmax1_fields, activation_softmax1_tables, activation_softmax1_rows, activation_softmax1_constraints, activation_softmax1_fusable_hosts},
    {159, "DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1", "DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC", 0x5100, 0, 4, 1, 1, activation_log_softmax1_fields, activation_log_softmax1_tables, activation_log_softmax1_rows, activation_log_softmax1_constraints, NULL},
    {160, "DML_OPERATOR_ACTIVATION_HARDMAX1", "DML_ACTIVATION_HARDMAX1_OPERATOR_DESC", 0x5100, 0, 4, 1, 1, activation_hardmax1_fields, activation_hardmax1_tables, activation_hardmax1_rows, activation_hardmax1_constraints, NULL},
    {161, "DML_OPERATOR_RESAMPLE2", "DML_RESAMPLE2_OPERATOR_DESC", 0x5100, 0, 8, 2, 1, resample2_fields, resample2_tables, resample2_rows, resample2_constraints, NULL},
    {162, "DML_OPERATOR_RESAMPLE_GRAD1", "DML_RESAMPLE_GRAD1_OPERATOR_DESC", 0x5100, 0, 8, 1, 1, resample_grad1_fields, resample_grad1_tables, resample_grad1_rows, resample_grad1_constraints, NULL},
    {163, "DML_OPERATOR_DIAGONAL_MATRIX1", "DML_DIAGONAL_MATRIX1_OPERATOR_DESC", 0x5100, 0, 6, 1, 1, diagonal_matrix1_fields, diagonal_matrix1_tables, diagonal_matrix1_rows, diagonal_matrix1_constraints, NULL},
    {164, "DML_OPERATOR_MULTIHEAD_ATTENTION", "DML_MULTIHEAD_ATTENTION_OPERATOR_DESC", 0x6100, 0, 18, 1, 1, multihead_attention_fields, multihead_attention_tables, multihead_attention_rows, multihead_attention_constraints, NULL},
    {165, "DML_OPERATOR_LP_POOLING1", "DML_LP_POOLING1_OPERATOR_DESC", 0x6200, 0, 9, 1, 1, lp_pooling1_fields, lp_pooling1_tables, lp_pooling1_rows, lp_pooling1_constraints, NULL},
    {166, "DML_OPERATOR_AVERAGE_POOLING1", "DML_AVERAGE_POOLING1_OPERATOR_DESC", 0x6200, 0, 9, 1, 1, average_pooling1_fields, average_pooling1_tables, average_pooling1_rows, average_pooling1_constraints, NULL},
    {167, "DML_OPERATOR_ACTIVATION_SWISH", "DML_ACTIVATION_SWISH_OPERATOR_DESC", 0x6200, 0, 3, 1, 1, activation_swish_fields, activation_swish_tables, activation_swish_rows, activation_swish_constraints, NULL},
    {168, "DML_OPERATOR_ACTIVATION_HARD_SWISH", "DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC", 0x6200, 0, 4, 1, 1, activation_hard_swish_fields, activation_hard_swish_tables, activation_hard_swish_rows, activation_hard_swish_constraints, NULL},
    {169, "DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING", "DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC", 0x6200, 0, 13, 1, 3, quantized_linear_average_pooling_fields, quantized_linear_average_pooling_tables, quantized_linear_average_pooling_rows, quantized_linear_average_pooling_constraints, NULL},
    {170, "DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT", "DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC", 0x6200, 0, 8, 1, 5, matrix_multiply_integer_to_float_fields, matrix_multiply_integer_to_float_tables, matrix_multiply_integer_to_float_rows, matrix_multiply_integer_to_float_constraints, NULL},
    {171, "DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2", "DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC", 0x6300, 0, 10, 1, 1, mean_variance_normalization2_fields, mean_variance_normalization2_tables, mean_variance_normalization2_rows, mean_variance_normalization2_constraints, NULL},
    {172, "DML_OPERATOR_MULTIHEAD_ATTENTION1", "DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC", 0x6300, 0, 20, 1, 1, multihead_attention1_fields, multihead_attention1_tables, multihead_attention1_rows, multihead_attention1_constraints, NULL},
    {173, "DML_OPERATOR_QUANTIZE", "DML_QUANTIZE_OPERATOR_DESC", 0x6300, 0, 5, 1, 1, quantize_fields, quantize_tables, quantize_rows, quantize_constraints, NULL},
    {174, "DML_OPERATOR_DEQUANTIZE", "DML_DEQUANTIZE_OPERATOR_DESC", 0x6300, 0, 5, 1, 1, dequantize_fields, dequantize_tables, dequantize_rows, dequantize_constraints, NULL},
    {175, "DML_OPERATOR_RESAMPLE3", "DML_RESAMPLE3_OPERATOR_DESC", 0x6400, 0, 9, 1, 1, resample3_fields, resample3_tables, resample3_rows, resample3_constraints, NULL},
    {176, "DML_OPERATOR_FOLD", "DML_FOLD_OPERATOR_DESC", 0x6400, 0, 8, 1, 1, fold_fields, fold_tables, fold_rows, fold_constraints, NULL},
    {177, "DML_OPERATOR_UNFOLD", "DML_UNFOLD_OPERATOR_DESC", 0x6400, 0, 8, 1, 1, unfold_fields, unfold_tables, unfold_rows, unfold_constraints, NULL},
};
const uint32_t pydml_operator_info_count = 177;
