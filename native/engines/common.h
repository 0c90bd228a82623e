/* Internal helpers shared by the kernels (not part of the cdef). */
#ifndef PYDML_NATIVE_COMMON_H
#define PYDML_NATIVE_COMMON_H

#include <stdint.h>
#include <string.h>
#include "pydml.h"

/* ---- scalar conversions (portable; vector paths live next to their kernels) ---- */

static inline float pydml_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t man = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0) {
        if (man == 0) {
            bits = sign;
        } else { /* subnormal: renormalise */
            int e = -1;
            do { e++; man <<= 1; } while ((man & 0x400u) == 0);
            bits = sign | ((uint32_t)(127 - 15 - e) << 23) | ((man & 0x3ffu) << 13);
        }
    } else if (exp == 0x1f) {
        bits = sign | 0x7f800000u | (man << 13); /* inf / nan (payload kept) */
    } else {
        bits = sign | ((exp + (127 - 15)) << 23) | (man << 13);
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Round to nearest even, like F16C's vcvtps2ph with imm 0. */
static inline uint16_t pydml_f32_to_f16(float f) {
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u) { /* inf or nan */
        return (uint16_t)(sign | 0x7c00u | (ax > 0x7f800000u ? (0x200u | ((ax >> 13) & 0x3ffu)) : 0u));
    }
    if (ax >= 0x477ff000u) { /* rounds to >= 65520: overflow to inf */
        return (uint16_t)(sign | 0x7c00u);
    }
    if (ax < 0x38800000u) { /* result is subnormal or zero */
        if (ax < 0x33000000u) return (uint16_t)sign; /* < 2^-25 rounds to 0 */
        uint32_t e = ax >> 23;
        uint32_t m = (ax & 0x7fffffu) | 0x800000u;
        /* value = m * 2^(e-150) and the subnormal unit is 2^-24, so q = m * 2^(e-126). */
        uint32_t shift = 126u - e;
        uint32_t q = m >> shift;
        uint32_t rem = m & ((1u << shift) - 1u);
        uint32_t half = 1u << (shift - 1u);
        if (rem > half || (rem == half && (q & 1u))) q++;
        return (uint16_t)(sign | q);
    }
    uint32_t r = ax + 0xfffu + ((ax >> 13) & 1u) - 0x38000000u; /* rebias 127 -> 15 and round */
    return (uint16_t)(sign | (r >> 13));
}

static inline float pydml_bf16_to_f32(uint16_t h) {
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static inline uint16_t pydml_f32_to_bf16(float f) {
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u); /* quiet nan */
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}

/* Largest element offset (in elements) a valid view touches; assumes pydml_tensor_check passed. */
static inline uint64_t pydml_tensor_last_index(const pydml_tensor* t) {
    uint64_t last = 0;
    for (uint32_t i = 0; i < t->dim_count; i++) last += (uint64_t)(t->sizes[i] - 1u) * t->strides[i];
    return last;
}

/* The taps [*k0, *k1) of a window (win taps, dilation dil) at output position o (stride, start
 * padding pad) that lie inside an axis of `size` elements: o * stride - pad + k * dil in [0, size).
 * Empty (*k0 == *k1) when none does. The windows' one rule for pooling and quantized pooling; a
 * window may be up to 2^32 - 1 taps wide, almost all of it padding, so kernels walk this range,
 * never the window. */
static inline void pydml_window_taps(uint64_t o, uint32_t stride, uint32_t pad, uint32_t dil, uint32_t win,
                                     uint64_t size, uint32_t* k0, uint32_t* k1) {
    const int64_t start = (int64_t)o * stride - (int64_t)pad, d = dil;
    const int64_t last = (int64_t)size - 1 - start; /* k * dil <= last */
    int64_t lo = 0, hi = win;
    if (d == 1) { /* the common case, without two 64-bit divisions per output row */
        if (start < 0) lo = -start;
        if (last < 0) hi = 0;
        else if (last + 1 < hi) hi = last + 1;
    } else {
        if (start < 0) lo = (-start + d - 1) / d;
        if (last < 0) hi = 0;
        else if (last / d + 1 < hi) hi = last / d + 1;
    }
    if (lo > hi) lo = hi;
    *k0 = (uint32_t)lo;
    *k1 = (uint32_t)hi;
}

static inline uint64_t pydml_tensor_element_count(const pydml_tensor* t) {
    uint64_t n = 1;
    for (uint32_t i = 0; i < t->dim_count; i++) n *= t->sizes[i];
    return n;
}

/* 1 when two elements of the view share memory (zero or interleaved strides). A sufficient rule:
 * with the axes of size > 1 sorted by stride, each stride must exceed the span of the smaller
 * ones. The C API refuses such outputs (threads would race; DirectML leaves them undefined). */
/* The CPU features of this host (PYDML_CPU_* bits, OS support included) before PYDML_ISA's cap: for
 * choices that depend on the machine rather than on the ISA path, such as whether a software
 * prefetch helps (reduce.c rd_fast_of, softmax.c sm_host_prefetch: AVX-512 hosts, Zen 4 measured,
 * run without it on both paths; Zen 2/3 keep it). Never a reason to run an instruction the cap
 * forbids. */
uint32_t pydml_host_cpu_features(void);

int pydml_tensor_overlaps_itself(const pydml_tensor* t);
/* 1 when two views name the same elements in the same order (exact in-place aliasing): the same
 * memory, element size and sizes, and the same strides along every axis longer than 1. */
int pydml_tensor_same_elements(const pydml_tensor* a, const pydml_tensor* b);

/* Scratch memory an execution receives from its caller (DirectML's temporary resource): at least
 * the bytes its family's temporary_bytes asked for, 64-byte aligned; nothing in it survives the
 * execution. A kernel carves it with pydml_workspace_part; executions running at the same time
 * have different workspaces, so a plan that takes its scratch from here may run on several
 * threads at once. */
typedef struct pydml_workspace {
    unsigned char* data;
    uint64_t bytes;
    /* The initialization generation of the DML_TENSOR_FLAG_OWNED_BY_DML views bound to this
     * execution (families.h: initialize); 0 when they have none, so no preparation applies. */
    uint64_t owned_generation;
} pydml_workspace;

/* Rounds scratch parts to whole cache lines, so that each part starts 64-byte aligned. */
static inline uint64_t pydml_workspace_round(uint64_t bytes) { return (bytes + 63u) & ~(uint64_t)63u; }

/* The part [offset, offset + bytes) of ws, NULL when ws does not reach that far (a caller error the
 * C API has already refused; kernels still check). */
static inline void* pydml_workspace_part(const pydml_workspace* ws, uint64_t offset, uint64_t bytes) {
    if (ws == NULL || ws->data == NULL || offset > ws->bytes || bytes > ws->bytes - offset) return NULL;
    return ws->data + offset;
}

/* The thread budget (common.c): an execution draws a team of at most `want` threads (0: the whole
 * budget) from pydml_set_num_threads()'s budget, waiting only while all of it is in use, and sets
 * its OpenMP thread count to the team size until pydml_team_end returns the threads. Nestable
 * (an inner begin gets the outer team). Returns the team size (>= 1). */
int pydml_team_begin(int want);
/* Whether a pydml_team_begin now would start a team (no team is open on this thread): an entry
 * point called inside another's team gets that team, whatever it asks for. */
int pydml_team_outermost(void);
void pydml_team_end(void);
/* Team idle time (pydml_team_idle_ns, include/pydml.h) from which the workers are taken to be asleep
 * and an execution keeps small steps on the calling thread (graph.c classify_cold, capi.c): where
 * team and calling thread cross on the 2-vCPU Zen 4 VM. There each region's wake-up of a sleeping
 * worker cost 0.3-0.7 ms for a while after an idle period (a C loop of 13 regions 20 us apart:
 * 0.02 ms a region back to back, 0.3-0.45 ms each after a 20 ms sleep); a decoder token step,
 * both alternated in one process after each idle time: 2 ms, team 0.95 / alone 1.27 ms; 3 ms,
 * 1.50 / 1.46; 5, 10, 20 ms, 6.6-10.2 / 1.47-1.68. */
#define PYDML_TEAM_COLD_NS 3000000u
/* Whether the team has been idle PYDML_TEAM_COLD_NS or more. */
int pydml_team_cold(void);
/* A graph execution's end (pydml_run_ended), and whether the last one ended less than
 * PYDML_TEAM_COLD_NS ago: a caller running graphs back to back (graph.c: a cold run then wakes the
 * team once instead of keeping every step alone for ever). */
void pydml_run_ended(void);
int pydml_runs_back_to_back(void);
/* The contraction bars, in multiply-adds (pydml_operator_macs, capi_internal.h): `small`, below which
 * a contraction runs on the calling thread alone, and `side`, the scale of a graph step's
 * side-by-side class (graph.c step_size). Read from the environment at each call (a graph reads
 * them once per plan, an operator at its creation): PYDML_GRAPH_TEAM_MACS sets both, for
 * measurements; otherwise side is 1 M and small depends on whether the team's threads spin between
 * regions (pydml_team_spins): 128 K when they do, 1 M when they sleep (common.c has the
 * measurements). After the team has been idle (pydml_team_cold) the bar is max(small, side). */
typedef struct pydml_team_bars {
    uint64_t small, side;
} pydml_team_bars;
pydml_team_bars pydml_team_macs(void);
/* Whether the OpenMP team's threads spin between regions, as libgomp reads its environment. */
int pydml_team_spins(void);
/* The budget's size (the threads one execution may use at most). */
int pydml_thread_budget(void);

/* Runs: n items shared by a team with affinity. Thread t owns the run [n t / parts, n (t + 1) /
 * parts), one word per thread (next item | end << 32): it takes its own items from the front and,
 * when they are gone, the last item of the run with the most left (compare-and-swap on the word).
 * When every thread keeps up, each runs the same items every time (the GEMM's strip groups through
 * its K slices, the normalization's rows after the operator that wrote them), and a thread the host
 * delays loses its last items to the others instead of holding them up. `parts` is the team's
 * size or, with every run set before the team starts, any count: a smaller team takes the missing
 * threads' runs as well. Callers give an item the same result on any thread. */
static inline void pydml_runs_reset(uint64_t* runs, uint32_t n, int me, int parts) {
    const uint64_t lo = (uint64_t)n * (uint32_t)me / (uint32_t)parts;
    const uint64_t hi = (uint64_t)n * (uint32_t)(me + 1) / (uint32_t)parts;
    __atomic_store_n(&runs[me], lo | hi << 32, __ATOMIC_RELAXED);
}

/* Takes the front (back 0) or back (1) item of one run. */
static inline int pydml_runs_take(uint64_t* run, int back, uint32_t* item) {
    uint64_t v = __atomic_load_n(run, __ATOMIC_RELAXED);
    for (;;) {
        const uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
        if (lo >= hi) return 0;
        const uint64_t next = back ? (uint64_t)lo | (uint64_t)(hi - 1u) << 32 : (uint64_t)(lo + 1u) | (uint64_t)hi << 32;
        if (__atomic_compare_exchange_n(run, &v, next, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            *item = back ? hi - 1u : lo;
            return 1;
        }
    }
}

/* Thread me's next item: its own run's front, then another run's back; 0 when none is left. */
static inline int pydml_runs_next(uint64_t* runs, int me, int parts, uint32_t* item) {
    if (me < parts && pydml_runs_take(&runs[me], 0, item)) return 1;
    for (;;) {
        int best = -1;
        uint32_t most = 0;
        for (int t = 0; t < parts; t++) {
            const uint64_t v = __atomic_load_n(&runs[t], __ATOMIC_RELAXED);
            const uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
            if (hi > lo && hi - lo > most) {
                most = hi - lo;
                best = t;
            }
        }
        if (best < 0) return 0;
        if (pydml_runs_take(&runs[best], 1, item)) return 1;
    }
}

/* Serialized regions. `#pragma omp parallel if (0)` (or num_threads(1)) still costs libgomp a team:
 * about 330 ns (Zen 4, GCC 12's libgomp) against 10 for the plain loop and 70 for an orphaned
 * `omp for` outside any region. Kernels that small steps run (a decoder's token step runs 40 to 55
 * of them, most on one thread) test their parallel condition themselves and run the loop without
 * a region when it is false. */

/* Inside an OpenMP parallel region: 1 when a thread's scratch buffers a and b were allocated, else
 * marks the team's shared *failed (the operator then returns OUT_OF_MEMORY) and gives 0, so the
 * thread skips its share of the work-sharing loop (it must still reach the loop's barrier). Pass
 * the same buffer twice for one. */
static inline int pydml_scratch_ok(int* failed, const void* a, const void* b) {
    if (a != NULL && b != NULL) return 1;
#ifdef _OPENMP
#pragma omp atomic write
#endif
    *failed = 1;
    return 0;
}

#endif /* PYDML_NATIVE_COMMON_H */
