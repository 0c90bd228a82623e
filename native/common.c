/* Status strings, buffer-size arithmetic, view checks and CPU feature dispatch. */
#include "common.h"

#ifdef _OPENMP
#include <omp.h>
#endif

const char* pydml_status_string(pydml_status status) {
    switch (status) {
    case PYDML_STATUS_SUCCESS: return "success";
    case PYDML_STATUS_INVALID_PARAMETER: return "invalid parameter";
    case PYDML_STATUS_UNSUPPORTED_PARAMETER: return "unsupported parameter";
    case PYDML_STATUS_OUT_OF_MEMORY: return "out of memory";
    case PYDML_STATUS_OUT_OF_BOUNDS: return "tensor view reaches outside its buffer";
    }
    return "unknown status";
}

uint32_t pydml_data_type_bits(uint32_t data_type) {
    switch (data_type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: case DML_TENSOR_DATA_TYPE_UINT32: case DML_TENSOR_DATA_TYPE_INT32:
        return 32;
    case DML_TENSOR_DATA_TYPE_FLOAT16: case DML_TENSOR_DATA_TYPE_UINT16: case DML_TENSOR_DATA_TYPE_INT16:
    case PYDML_DATA_TYPE_BFLOAT16:
        return 16;
    case DML_TENSOR_DATA_TYPE_UINT8: case DML_TENSOR_DATA_TYPE_INT8:
        return 8;
    case DML_TENSOR_DATA_TYPE_UINT4: case DML_TENSOR_DATA_TYPE_INT4:
        return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT64: case DML_TENSOR_DATA_TYPE_UINT64: case DML_TENSOR_DATA_TYPE_INT64:
        return 64;
    default:
        return 0;
    }
}

/* DMLCalcBufferTensorSize as DirectMLX implements it (directml-api.md §6.1), including its 32-bit
 * index arithmetic: indexOfLastElement is a UINT there, so it wraps exactly as DirectML's does. */
uint64_t pydml_calc_buffer_tensor_size(uint32_t data_type, uint32_t dim_count, const uint32_t* sizes,
                                       const uint32_t* strides) {
    uint64_t bits_per_element = pydml_data_type_bits(data_type);
    if (bits_per_element == 0 || sizes == NULL) return 0;
    uint64_t bits;
    if (strides == NULL) {
        uint64_t count = 1;
        for (uint32_t i = 0; i < dim_count; i++) count *= sizes[i];
        bits = count * bits_per_element;
    } else {
        uint32_t last = 0;
        for (uint32_t i = 0; i < dim_count; i++) last += (sizes[i] - 1u) * strides[i];
        bits = ((uint64_t)last + 1u) * bits_per_element;
    }
    uint64_t bytes = (bits + 7u) / 8u;
    return (bytes + 3u) & ~(uint64_t)3u;
}

pydml_status pydml_tensor_check(const pydml_tensor* t) {
    if (t == NULL || t->data == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (t->dim_count == 0 || t->dim_count > PYDML_MAX_DIMS) return PYDML_STATUS_INVALID_PARAMETER;
    uint32_t bits = pydml_data_type_bits(t->data_type);
    if (bits == 0 || bits < 8) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    /* Overflow-safe: every partial sum stays below 2^63 or we report out of bounds. */
    const uint64_t limit = (uint64_t)1 << 62;
    uint64_t last = 0;
    for (uint32_t i = 0; i < t->dim_count; i++) {
        if (t->sizes[i] == 0) return PYDML_STATUS_INVALID_PARAMETER;
        uint64_t span = (uint64_t)(t->sizes[i] - 1u);
        if (span != 0 && t->strides[i] > limit / span) return PYDML_STATUS_OUT_OF_BOUNDS;
        last += span * t->strides[i];
        if (last > limit) return PYDML_STATUS_OUT_OF_BOUNDS;
    }
    uint64_t need = (last + 1u) * (bits / 8u);
    if (need > t->buffer_bytes) return PYDML_STATUS_OUT_OF_BOUNDS;
    return PYDML_STATUS_SUCCESS;
}

/* ---- CPU features ---- */

static uint32_t detect_cpu_features(void) {
    uint32_t f = 0;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) f |= PYDML_CPU_AVX2_FMA;
    if (__builtin_cpu_supports("f16c")) f |= PYDML_CPU_F16C;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && (f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C))
        f |= PYDML_CPU_AVX512;
    if ((f & PYDML_CPU_AVX512) && __builtin_cpu_supports("avx512bf16")) f |= PYDML_CPU_AVX512_BF16;
    if ((f & PYDML_CPU_AVX512) && __builtin_cpu_supports("avx512fp16")) f |= PYDML_CPU_AVX512_FP16;
#endif
    return f;
}

static uint32_t g_detected = 0xffffffffu;
static uint32_t g_active = 0xffffffffu;

uint32_t pydml_cpu_features(void) {
    if (g_detected == 0xffffffffu) g_detected = detect_cpu_features();
    return g_detected;
}

uint32_t pydml_set_cpu_features(uint32_t mask) {
    g_active = pydml_cpu_features() & mask;
    return g_active;
}

uint32_t pydml_active_cpu_features(void) {
    if (g_active == 0xffffffffu) g_active = pydml_cpu_features();
    return g_active;
}

int pydml_set_num_threads(int threads) {
#ifdef _OPENMP
    int previous = omp_get_max_threads();
    if (threads > 0) omp_set_num_threads(threads);
    return previous;
#else
    (void)threads;
    return 1;
#endif
}
