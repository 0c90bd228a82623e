/* Status strings, buffer-size arithmetic, view checks and CPU feature dispatch. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "common.h"
#include "convert.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
#endif

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

uint32_t pydml_data_type_bits(uint32_t data_type) { return pydml_type_bits(data_type); }

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

int pydml_tensor_overlaps_itself(const pydml_tensor* t) {
    uint32_t order[PYDML_MAX_DIMS];
    uint32_t n = 0;
    for (uint32_t d = 0; d < t->dim_count && d < PYDML_MAX_DIMS; d++)
        if (t->sizes[d] > 1) order[n++] = d;
    for (uint32_t a = 1; a < n; a++) /* insertion sort by stride */
        for (uint32_t b = a; b > 0 && t->strides[order[b]] < t->strides[order[b - 1]]; b--) {
            uint32_t tmp = order[b];
            order[b] = order[b - 1];
            order[b - 1] = tmp;
        }
    uint64_t span = 0; /* largest offset reachable by the axes so far */
    for (uint32_t a = 0; a < n; a++) {
        uint64_t s = t->strides[order[a]];
        if (s <= span) return 1;
        uint64_t reach = (uint64_t)(t->sizes[order[a]] - 1) * s;
        if (s != 0 && reach / s != (uint64_t)(t->sizes[order[a]] - 1)) return 0; /* past any buffer: */
        span += reach;                                                          /* pydml_tensor_check refuses it */
    }
    return 0;
}

int pydml_tensor_same_elements(const pydml_tensor* a, const pydml_tensor* b) {
    if (a->data != b->data || a->dim_count != b->dim_count) return 0;
    if (pydml_data_type_bits(a->data_type) != pydml_data_type_bits(b->data_type)) return 0;
    for (uint32_t d = 0; d < a->dim_count && d < PYDML_MAX_DIMS; d++)
        if (a->sizes[d] != b->sizes[d] || (a->strides[d] != b->strides[d] && a->sizes[d] != 1)) return 0;
    return 1;
}

pydml_status pydml_tensor_check(const pydml_tensor* t) {
    if (t == NULL || t->data == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    if (t->dim_count == 0 || t->dim_count > PYDML_MAX_DIMS) return PYDML_STATUS_INVALID_PARAMETER;
    uint32_t bits = pydml_data_type_bits(t->data_type);
    if (bits == 0) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
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
    /* 4-bit types pack two elements per byte (element e in byte e / 2) */
    uint64_t need = bits >= 8u ? (last + 1u) * (bits / 8u) : ((last + 1u) * bits + 7u) / 8u;
    if (need > t->buffer_bytes) return PYDML_STATUS_OUT_OF_BOUNDS;
    return PYDML_STATUS_SUCCESS;
}

/* ---- CPU features ---- */

/* cpuid and xgetbv directly (gcc >= 10 and clang >= 14 both compile this; clang 14 lacks
 * __builtin_cpu_supports("f16c") and ("avx512fp16")). A vector ISA counts only when the OS also
 * saves its registers (XCR0), as the Intel SDM requires before using AVX or AVX-512. */
static uint32_t detect_cpu_features(void) {
    uint32_t f = 0;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(1, 0, a, b, c, d);
    const int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1, fma = (c >> 12) & 1, f16c = (c >> 29) & 1;
    if (!osxsave || !avx) return 0;
    unsigned xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    (void)xcr0_hi;
    if ((xcr0_lo & 0x6u) != 0x6u) return 0;                  /* XMM and YMM state */
    const int zmm_state = (xcr0_lo & 0xe0u) == 0xe0u;        /* opmask, ZMM0-15 upper, ZMM16-31 */
    __cpuid_count(7, 0, a, b, c, d);
    const unsigned leaf7_max = a;
    const int avx2 = (b >> 5) & 1, avx512f = (b >> 16) & 1, avx512dq = (b >> 17) & 1;
    const int avx512bw = (b >> 30) & 1, avx512vl = (b >> 31) & 1, avx512fp16 = (d >> 23) & 1;
    const int avx512vnni = (c >> 11) & 1;
    int avx512bf16 = 0;
    if (leaf7_max >= 1) {
        __cpuid_count(7, 1, a, b, c, d);
        avx512bf16 = (a >> 5) & 1;
    }
    if (avx2 && fma) f |= PYDML_CPU_AVX2_FMA;
    if (f16c) f |= PYDML_CPU_F16C;
    if (zmm_state && avx512f && avx512dq && avx512bw && avx512vl && (f & PYDML_CPU_AVX2_FMA) && (f & PYDML_CPU_F16C))
        f |= PYDML_CPU_AVX512;
    if ((f & PYDML_CPU_AVX512) && avx512bf16) f |= PYDML_CPU_AVX512_BF16;
    if ((f & PYDML_CPU_AVX512) && avx512fp16) f |= PYDML_CPU_AVX512_FP16;
    if ((f & PYDML_CPU_AVX512) && avx512vnni) f |= PYDML_CPU_AVX512_VNNI;
#endif
    return f;
}

/* PYDML_ISA=avx512|avx2|portable caps the features the kernels may use, so a developer on an
 * AVX-512 host measures and tests the AVX2 or portable path (issue 25); it never adds a feature the
 * CPU lacks. It is read once, when the library is loaded (a constructor), not by the kernels: a
 * getenv per call would cost time and race with a caller's setenv. An unknown value caps nothing
 * (pydml/native.py warns about it). */
static uint32_t isa_cap_of(const char* name) {
    if (name == NULL || name[0] == '\0') return 0xffffffffu;
    if (strcmp(name, "avx512") == 0) return 0xffffffffu;
    if (strcmp(name, "avx2") == 0) return PYDML_CPU_AVX2_FMA | PYDML_CPU_F16C;
    if (strcmp(name, "portable") == 0) return 0;
    return 0xffffffffu;
}

static uint32_t g_host = 0xffffffffu;
static uint32_t g_detected = 0xffffffffu;
static uint32_t g_active = 0xffffffffu;

#if defined(__GNUC__)
__attribute__((constructor))
#endif
static void pydml_init_cpu_features(void) {
    g_host = detect_cpu_features();
    g_detected = g_host & isa_cap_of(getenv("PYDML_ISA"));
    g_active = g_detected;
}

uint32_t pydml_cpu_features(void) {
    if (g_detected == 0xffffffffu) pydml_init_cpu_features(); /* a compiler without constructors */
    return g_detected;
}

uint32_t pydml_host_cpu_features(void) {
    if (g_host == 0xffffffffu) pydml_init_cpu_features(); /* a compiler without constructors */
    return g_host;
}

uint32_t pydml_set_cpu_features(uint32_t mask) {
    g_active = pydml_cpu_features() & mask;
    return g_active;
}

uint32_t pydml_active_cpu_features(void) {
    if (g_active == 0xffffffffu) g_active = pydml_cpu_features();
    return g_active;
}


/* ---- the thread budget: concurrent executions share the cores ----
 * Kernels split their work over an OpenMP team. Two callers each running a team as wide as the
 * machine would put two threads on every core (measured: 0.48x the speed of taking turns), so an
 * execution draws its team from a budget of pydml_set_num_threads() threads (default: OpenMP's),
 * waiting only while every thread of the budget is in use, and returns them when it ends. An
 * execution that wants fewer threads (a small operator, a graph branch) leaves the rest to others,
 * so independent executions run at the same time without oversubscribing the cores. Kernels give
 * the same bits on any team size, so the share an execution gets never changes its result. The
 * depth counter lets an entry point call another (a family calls pydml_resample_forward) without
 * drawing twice. */
static pthread_mutex_t g_budget_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_budget_freed = PTHREAD_COND_INITIALIZER;
static int g_budget_total; /* 0 until first use */
static int g_budget_free;
static _Thread_local int g_team_depth;
static _Thread_local int g_team_size;
#ifdef _OPENMP
static _Thread_local int g_team_previous;
#endif

static int default_threads(void) {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

int pydml_thread_budget(void) {
    pthread_mutex_lock(&g_budget_lock);
    if (g_budget_total == 0) g_budget_total = g_budget_free = default_threads();
    const int total = g_budget_total;
    pthread_mutex_unlock(&g_budget_lock);
    return total;
}

int pydml_team_outermost(void) { return g_team_depth == 0; }


int pydml_team_begin(int want) {
    if (g_team_depth++ > 0) return g_team_size;
    pthread_mutex_lock(&g_budget_lock);
    if (g_budget_total == 0) g_budget_total = g_budget_free = default_threads();
    if (want < 1 || want > g_budget_total) want = g_budget_total;
    while (g_budget_free < 1) pthread_cond_wait(&g_budget_freed, &g_budget_lock);
    g_team_size = want < g_budget_free ? want : g_budget_free;
    g_budget_free -= g_team_size;
    pthread_mutex_unlock(&g_budget_lock);
#ifdef _OPENMP
    g_team_previous = omp_get_max_threads();
    omp_set_num_threads(g_team_size);
#endif
    return g_team_size;
}

/* When a team of more than one thread last returned to the budget (CLOCK_MONOTONIC ns; 0: never). */
static _Atomic uint64_t g_team_last_ns;

static uint64_t monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

uint64_t pydml_team_idle_ns(void) {
    const uint64_t last = atomic_load_explicit(&g_team_last_ns, memory_order_relaxed);
    const uint64_t now = monotonic_ns();
    return last == 0 || now < last ? UINT64_MAX : now - last;
}

/* pydml_team_spins (common.h): not with
 * OMP_WAIT_POLICY=passive or a GOMP_SPINCOUNT under 1000 rounds (a count with libgomp's k/M/G/T
 * suffixes, or "infinite"); yes otherwise (pydml/native.py sets
 * GOMP_SPINCOUNT=10000 when neither is given, and libgomp's own default spins longer). */
int pydml_team_spins(void) {
    const char* policy = getenv("OMP_WAIT_POLICY");
    if (policy != NULL && (policy[0] == 'p' || policy[0] == 'P')) return 0;
    if (policy != NULL && (policy[0] == 'a' || policy[0] == 'A')) return 1;
    const char* spin = getenv("GOMP_SPINCOUNT");
    if (spin == NULL) return 1;
    while (*spin == ' ' || *spin == '\t') spin++;
    if (*spin == 'i' || *spin == 'I') return 1; /* "infinite" / "infinity" */
    if (*spin < '0' || *spin > '9') return 1;  /* not a count: libgomp ignores it */
    char* end = NULL;
    unsigned long long n = strtoull(spin, &end, 10);
    switch (*end) { /* libgomp's suffixes */
    case 'k': case 'K': n *= 1000ull; break;
    case 'm': case 'M': n *= 1000000ull; break;
    case 'g': case 'G': n *= 1000000000ull; break;
    case 't': case 'T': n *= 1000000000000ull; break;
    default: break;
    }
    return n >= 1000u;
}

/* pydml_team_macs (common.h). The defaults: small is 1 M, the side bar, when the team sleeps
 * between regions (waking it costs tens of microseconds: a decoder step of bench_onnx.py, whose
 * GEMVs are 200-260 K multiply-adds, took 1.0 ms passive with them on the team against 0.35 ms on
 * one thread), and 128 K when it spins (a region costs a few microseconds, and two threads read the
 * GEMVs' weights from L3 at 1.4x one: the same step 306-314 against 362-381 us, Zen 4, 2 threads,
 * alternating sessions in one process). */
pydml_team_bars pydml_team_macs(void) {
    const char* v = getenv("PYDML_GRAPH_TEAM_MACS");
    if (v != NULL && *v) {
        char* end = NULL;
        const unsigned long long n = strtoull(v, &end, 10);
        if (end != v && *end == 0) return (pydml_team_bars){(uint64_t)n, (uint64_t)n};
    }
    const uint64_t side = (uint64_t)1 << 20;
    return (pydml_team_bars){pydml_team_spins() ? (uint64_t)1 << 17 : side, side};
}

int pydml_team_cold(void) { return pydml_team_idle_ns() >= PYDML_TEAM_COLD_NS; }

/* When a graph execution last ended, on the team or alone (CLOCK_MONOTONIC ns; 0: never). */
static _Atomic uint64_t g_run_last_ns;

void pydml_run_ended(void) { atomic_store_explicit(&g_run_last_ns, monotonic_ns(), memory_order_relaxed); }

int pydml_runs_back_to_back(void) {
    const uint64_t last = atomic_load_explicit(&g_run_last_ns, memory_order_relaxed);
    const uint64_t now = monotonic_ns();
    return last != 0 && now >= last && now - last < PYDML_TEAM_COLD_NS;
}

void pydml_team_end(void) {
    if (--g_team_depth > 0) return;
    if (g_team_size > 1) atomic_store_explicit(&g_team_last_ns, monotonic_ns(), memory_order_relaxed);
#ifdef _OPENMP
    omp_set_num_threads(g_team_previous);
#endif
    pthread_mutex_lock(&g_budget_lock);
    g_budget_free += g_team_size;
    pthread_cond_broadcast(&g_budget_freed);
    pthread_mutex_unlock(&g_budget_lock);
    g_team_size = 0;
}

int pydml_set_num_threads(int threads) {
#ifdef _OPENMP
    int previous = pydml_thread_budget();
    if (threads > 0) {
        omp_set_num_threads(threads);
        /* the budget changes size; executions in flight return what they drew */
        pthread_mutex_lock(&g_budget_lock);
        g_budget_free += threads - g_budget_total;
        g_budget_total = threads;
        pthread_cond_broadcast(&g_budget_freed);
        pthread_mutex_unlock(&g_budget_lock);
    }
    return previous;
#else
    (void)threads;
    return 1;
#endif
}
