/* Which kernel family runs each DML_OPERATOR_TYPE (native/api/families.h).
 * Generated from include/DirectML.h and the family tables in pydml/ops/ by `python -m pydml.schema.generate`. Do not edit. */
#include "families.h"

static const pydml_kernel_family* const family_of_type[178] = {
    [1] = &pydml_family_elementwise, /* ELEMENT_WISE_IDENTITY */
    [2] = &pydml_family_elementwise, /* ELEMENT_WISE_ABS */
    [3] = &pydml_family_elementwise, /* ELEMENT_WISE_ACOS */
    [4] = &pydml_family_elementwise, /* ELEMENT_WISE_ADD */
    [5] = &pydml_family_elementwise, /* ELEMENT_WISE_ASIN */
    [6] = &pydml_family_elementwise, /* ELEMENT_WISE_ATAN */
    [7] = &pydml_family_elementwise, /* ELEMENT_WISE_CEIL */
    [8] = &pydml_family_elementwise, /* ELEMENT_WISE_CLIP */
    [9] = &pydml_family_elementwise, /* ELEMENT_WISE_COS */
    [10] = &pydml_family_elementwise, /* ELEMENT_WISE_DIVIDE */
    [11] = &pydml_family_elementwise, /* ELEMENT_WISE_EXP */
    [12] = &pydml_family_elementwise, /* ELEMENT_WISE_FLOOR */
    [13] = &pydml_family_elementwise, /* ELEMENT_WISE_LOG */
    [14] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_AND */
    [15] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_EQUALS */
    [16] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_GREATER_THAN */
    [17] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_LESS_THAN */
    [18] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_NOT */
    [19] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_OR */
    [20] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_XOR */
    [21] = &pydml_family_elementwise, /* ELEMENT_WISE_MAX */
    [22] = &pydml_family_elementwise, /* ELEMENT_WISE_MEAN */
    [23] = &pydml_family_elementwise, /* ELEMENT_WISE_MIN */
    [24] = &pydml_family_elementwise, /* ELEMENT_WISE_MULTIPLY */
    [25] = &pydml_family_elementwise, /* ELEMENT_WISE_POW */
    [26] = &pydml_family_elementwise, /* ELEMENT_WISE_CONSTANT_POW */
    [27] = &pydml_family_elementwise, /* ELEMENT_WISE_RECIP */
    [28] = &pydml_family_elementwise, /* ELEMENT_WISE_SIN */
    [29] = &pydml_family_elementwise, /* ELEMENT_WISE_SQRT */
    [30] = &pydml_family_elementwise, /* ELEMENT_WISE_SUBTRACT */
    [31] = &pydml_family_elementwise, /* ELEMENT_WISE_TAN */
    [32] = &pydml_family_elementwise, /* ELEMENT_WISE_THRESHOLD */
    [33] = &pydml_family_elementwise, /* ELEMENT_WISE_QUANTIZE_LINEAR */
    [34] = &pydml_family_elementwise, /* ELEMENT_WISE_DEQUANTIZE_LINEAR */
    [35] = &pydml_family_elementwise, /* ACTIVATION_ELU */
    [36] = &pydml_family_softmax, /* ACTIVATION_HARDMAX */
    [37] = &pydml_family_elementwise, /* ACTIVATION_HARD_SIGMOID */
    [38] = &pydml_family_elementwise, /* ACTIVATION_IDENTITY */
    [39] = &pydml_family_elementwise, /* ACTIVATION_LEAKY_RELU */
    [40] = &pydml_family_elementwise, /* ACTIVATION_LINEAR */
    [41] = &pydml_family_softmax, /* ACTIVATION_LOG_SOFTMAX */
    [42] = &pydml_family_elementwise, /* ACTIVATION_PARAMETERIZED_RELU */
    [43] = &pydml_family_elementwise, /* ACTIVATION_PARAMETRIC_SOFTPLUS */
    [44] = &pydml_family_elementwise, /* ACTIVATION_RELU */
    [45] = &pydml_family_elementwise, /* ACTIVATION_SCALED_ELU */
    [46] = &pydml_family_elementwise, /* ACTIVATION_SCALED_TANH */
    [47] = &pydml_family_elementwise, /* ACTIVATION_SIGMOID */
    [48] = &pydml_family_softmax, /* ACTIVATION_SOFTMAX */
    [49] = &pydml_family_elementwise, /* ACTIVATION_SOFTPLUS */
    [50] = &pydml_family_elementwise, /* ACTIVATION_SOFTSIGN */
    [51] = &pydml_family_elementwise, /* ACTIVATION_TANH */
    [52] = &pydml_family_elementwise, /* ACTIVATION_THRESHOLDED_RELU */
    [53] = &pydml_family_convolution, /* CONVOLUTION */
    [54] = &pydml_family_gemm, /* GEMM */
    [55] = &pydml_family_reduce, /* REDUCE */
    [56] = &pydml_family_pooling, /* AVERAGE_POOLING */
    [57] = &pydml_family_pooling, /* LP_POOLING */
    [58] = &pydml_family_pooling, /* MAX_POOLING */
    [59] = &pydml_family_roi, /* ROI_POOLING */
    [60] = &pydml_family_data_movement, /* SLICE */
    [61] = &pydml_family_data_movement, /* CAST */
    [62] = &pydml_family_data_movement, /* SPLIT */
    [63] = &pydml_family_data_movement, /* JOIN */
    [64] = &pydml_family_data_movement, /* PADDING */
    [65] = &pydml_family_data_movement, /* VALUE_SCALE_2D */
    [66] = &pydml_family_resample, /* UPSAMPLE_2D */
    [67] = &pydml_family_gather_scatter, /* GATHER */
    [68] = &pydml_family_data_movement, /* SPACE_TO_DEPTH */
    [69] = &pydml_family_data_movement, /* DEPTH_TO_SPACE */
    [70] = &pydml_family_data_movement, /* TILE */
    [71] = &pydml_family_top_k, /* TOP_K */
    [72] = &pydml_family_normalization, /* BATCH_NORMALIZATION */
    [73] = &pydml_family_normalization, /* MEAN_VARIANCE_NORMALIZATION */
    [74] = &pydml_family_normalization, /* LOCAL_RESPONSE_NORMALIZATION */
    [75] = &pydml_family_normalization, /* LP_NORMALIZATION */
    [76] = &pydml_family_recurrent, /* RNN */
    [77] = &pydml_family_recurrent, /* LSTM */
    [78] = &pydml_family_recurrent, /* GRU */
    [79] = &pydml_family_elementwise, /* ELEMENT_WISE_SIGN */
    [80] = &pydml_family_elementwise, /* ELEMENT_WISE_IS_NAN */
    [81] = &pydml_family_elementwise, /* ELEMENT_WISE_ERF */
    [82] = &pydml_family_elementwise, /* ELEMENT_WISE_SINH */
    [83] = &pydml_family_elementwise, /* ELEMENT_WISE_COSH */
    [84] = &pydml_family_elementwise, /* ELEMENT_WISE_TANH */
    [85] = &pydml_family_elementwise, /* ELEMENT_WISE_ASINH */
    [86] = &pydml_family_elementwise, /* ELEMENT_WISE_ACOSH */
    [87] = &pydml_family_elementwise, /* ELEMENT_WISE_ATANH */
    [88] = &pydml_family_elementwise, /* ELEMENT_WISE_IF */
    [89] = &pydml_family_elementwise, /* ELEMENT_WISE_ADD1 */
    [90] = &pydml_family_elementwise, /* ACTIVATION_SHRINK */
    [91] = &pydml_family_pooling, /* MAX_POOLING1 */
    [92] = &pydml_family_gather_scatter, /* MAX_UNPOOLING */
    [93] = &pydml_family_data_movement, /* DIAGONAL_MATRIX */
    [94] = &pydml_family_gather_scatter, /* SCATTER_ELEMENTS */
    [95] = &pydml_family_gather_scatter, /* ONE_HOT */
    [96] = &pydml_family_resample, /* RESAMPLE */
    [97] = &pydml_family_elementwise, /* ELEMENT_WISE_BIT_SHIFT_LEFT */
    [98] = &pydml_family_elementwise, /* ELEMENT_WISE_BIT_SHIFT_RIGHT */
    [99] = &pydml_family_elementwise, /* ELEMENT_WISE_ROUND */
    [100] = &pydml_family_elementwise, /* ELEMENT_WISE_IS_INFINITY */
    [101] = &pydml_family_elementwise, /* ELEMENT_WISE_MODULUS_TRUNCATE */
    [102] = &pydml_family_elementwise, /* ELEMENT_WISE_MODULUS_FLOOR */
    [103] = &pydml_family_data_movement, /* FILL_VALUE_CONSTANT */
    [104] = &pydml_family_data_movement, /* FILL_VALUE_SEQUENCE */
    [105] = &pydml_family_reduce, /* CUMULATIVE_SUMMATION */
    [106] = &pydml_family_gather_scatter, /* REVERSE_SUBSEQUENCES */
    [107] = &pydml_family_gather_scatter, /* GATHER_ELEMENTS */
    [108] = &pydml_family_gather_scatter, /* GATHER_ND */
    [109] = &pydml_family_gather_scatter, /* SCATTER_ND */
    [110] = &pydml_family_pooling, /* MAX_POOLING2 */
    [111] = &pydml_family_data_movement, /* SLICE1 */
    [112] = &pydml_family_top_k, /* TOP_K1 */
    [113] = &pydml_family_data_movement, /* DEPTH_TO_SPACE1 */
    [114] = &pydml_family_data_movement, /* SPACE_TO_DEPTH1 */
    [115] = &pydml_family_normalization, /* MEAN_VARIANCE_NORMALIZATION1 */
    [116] = &pydml_family_resample, /* RESAMPLE1 */
    [117] = &pydml_family_integer_products, /* MATRIX_MULTIPLY_INTEGER */
    [118] = &pydml_family_integer_products, /* QUANTIZED_LINEAR_MATRIX_MULTIPLY */
    [119] = &pydml_family_integer_products, /* CONVOLUTION_INTEGER */
    [120] = &pydml_family_integer_products, /* QUANTIZED_LINEAR_CONVOLUTION */
    [121] = &pydml_family_elementwise, /* ELEMENT_WISE_BIT_AND */
    [122] = &pydml_family_elementwise, /* ELEMENT_WISE_BIT_OR */
    [123] = &pydml_family_elementwise, /* ELEMENT_WISE_BIT_XOR */
    [124] = &pydml_family_elementwise, /* ELEMENT_WISE_BIT_NOT */
    [125] = &pydml_family_elementwise, /* ELEMENT_WISE_BIT_COUNT */
    [126] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL */
    [127] = &pydml_family_elementwise, /* ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL */
    [128] = &pydml_family_elementwise, /* ACTIVATION_CELU */
    [129] = &pydml_family_elementwise, /* ACTIVATION_RELU_GRAD */
    [130] = &pydml_family_pooling, /* AVERAGE_POOLING_GRAD */
    [131] = &pydml_family_pooling, /* MAX_POOLING_GRAD */
    [132] = &pydml_family_random, /* RANDOM_GENERATOR */
    [133] = &pydml_family_gather_scatter, /* NONZERO_COORDINATES */
    [134] = &pydml_family_resample, /* RESAMPLE_GRAD */
    [135] = &pydml_family_data_movement, /* SLICE_GRAD */
    [136] = &pydml_family_optimizer, /* ADAM_OPTIMIZER */
    [137] = &pydml_family_reduce, /* ARGMIN */
    [138] = &pydml_family_reduce, /* ARGMAX */
    [139] = &pydml_family_roi, /* ROI_ALIGN */
    [140] = &pydml_family_gather_scatter, /* GATHER_ND1 */
    [141] = &pydml_family_elementwise, /* ELEMENT_WISE_ATAN_YX */
    [142] = &pydml_family_elementwise, /* ELEMENT_WISE_CLIP_GRAD */
    [143] = &pydml_family_elementwise, /* ELEMENT_WISE_DIFFERENCE_SQUARE */
    [144] = &pydml_family_normalization_training, /* LOCAL_RESPONSE_NORMALIZATION_GRAD */
    [145] = &pydml_family_reduce, /* CUMULATIVE_PRODUCT */
    [146] = &pydml_family_normalization_training, /* BATCH_NORMALIZATION_GRAD */
    [147] = &pydml_family_elementwise, /* ELEMENT_WISE_QUANTIZED_LINEAR_ADD */
    [148] = &pydml_family_quantize, /* DYNAMIC_QUANTIZE_LINEAR */
    [149] = &pydml_family_roi, /* ROI_ALIGN1 */
    [150] = &pydml_family_roi, /* ROI_ALIGN_GRAD */
    [151] = &pydml_family_normalization_training, /* BATCH_NORMALIZATION_TRAINING */
    [152] = &pydml_family_normalization_training, /* BATCH_NORMALIZATION_TRAINING_GRAD */
    [153] = &pydml_family_elementwise, /* ELEMENT_WISE_CLIP1 */
    [154] = &pydml_family_elementwise, /* ELEMENT_WISE_CLIP_GRAD1 */
    [155] = &pydml_family_data_movement, /* PADDING1 */
    [156] = &pydml_family_elementwise, /* ELEMENT_WISE_NEGATE */
    [157] = &pydml_family_elementwise, /* ACTIVATION_GELU */
    [158] = &pydml_family_softmax, /* ACTIVATION_SOFTMAX1 */
    [159] = &pydml_family_softmax, /* ACTIVATION_LOG_SOFTMAX1 */
    [160] = &pydml_family_softmax, /* ACTIVATION_HARDMAX1 */
    [161] = &pydml_family_resample, /* RESAMPLE2 */
    [162] = &pydml_family_resample, /* RESAMPLE_GRAD1 */
    [163] = &pydml_family_data_movement, /* DIAGONAL_MATRIX1 */
    [164] = &pydml_family_attention, /* MULTIHEAD_ATTENTION */
    [165] = &pydml_family_pooling, /* LP_POOLING1 */
    [166] = &pydml_family_pooling, /* AVERAGE_POOLING1 */
    [167] = &pydml_family_elementwise, /* ACTIVATION_SWISH */
    [168] = &pydml_family_elementwise, /* ACTIVATION_HARD_SWISH */
    [169] = &pydml_family_quantize, /* QUANTIZED_LINEAR_AVERAGE_POOLING */
    [170] = &pydml_family_integer_products, /* MATRIX_MULTIPLY_INTEGER_TO_FLOAT */
    [171] = &pydml_family_normalization, /* MEAN_VARIANCE_NORMALIZATION2 */
    [172] = &pydml_family_attention, /* MULTIHEAD_ATTENTION1 */
    [173] = &pydml_family_quantize, /* QUANTIZE */
    [174] = &pydml_family_quantize, /* DEQUANTIZE */
    [175] = &pydml_family_resample, /* RESAMPLE3 */
    [176] = &pydml_family_data_movement, /* FOLD */
    [177] = &pydml_family_data_movement, /* UNFOLD */
};

const pydml_kernel_family* pydml_find_family(uint32_t type) {
    return type < 178u ? family_of_type[type] : NULL;
}

/* every family, once (for tests and tools) */
const pydml_kernel_family* const pydml_families[] = {
    &pydml_family_attention,
    &pydml_family_convolution,
    &pydml_family_data_movement,
    &pydml_family_elementwise,
    &pydml_family_gather_scatter,
    &pydml_family_gemm,
    &pydml_family_integer_products,
    &pydml_family_normalization,
    &pydml_family_normalization_training,
    &pydml_family_optimizer,
    &pydml_family_pooling,
    &pydml_family_quantize,
    &pydml_family_random,
    &pydml_family_recurrent,
    &pydml_family_reduce,
    &pydml_family_resample,
    &pydml_family_roi,
    &pydml_family_softmax,
    &pydml_family_top_k,
};
const uint32_t pydml_family_count = 19;
