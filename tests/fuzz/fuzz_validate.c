/* A fuzz driver for the descriptor validator (native/validate/validate.c, the operators' rules), for
 * pydml_operator_create and for execution (native/api/capi.c and every kernel), meant to run under
 * AddressSanitizer and UndefinedBehaviorSanitizer (tests/test_fuzz_validate.py builds and runs it).
 *
 * Every operator that compiles is also executed: when all its tensors are small, on buffers of
 * exactly TotalTensorSizeInBytes (random, zero or small input bytes: NaNs, out-of-range and
 * negative indices) where it must succeed, and sometimes again with one view made hostile
 * (sizes, strides, dimension count, data type or buffer size changed, over an allocation of
 * exactly the claimed bytes); otherwise with a buffer shorter than its tensor, which must be
 * refused before any kernel runs.
 *
 *   fuzz_validate ITERATIONS SEED [FIRST_ITERATION [OPERATOR_NAME]]
 *       Each iteration builds, for every operator in the generated schema tables
 *       (pydml_operator_infos), one random DML_OPERATOR_DESC (1 + RULE_ROUNDS of them for an
 *       operator with rules of its own) and checks the API's invariants on each. Every case
 *       draws from its own random stream, derived from (SEED, iteration, operator, round), so
 *       `fuzz_validate 1 SEED ITERATION OPERATOR_NAME` replays a failing case alone, printing
 *       each desc before it runs.
 *   built with -DPYDML_LIBFUZZER and clang's -fsanitize=fuzzer: a libFuzzer target
 *       (LLVMFuzzerTestOneInput) whose input bytes pick the operator and the random stream.
 *   fuzz_validate --desc-sizes
 *       Prints "DESC_NAME SIZE" for every operator: the struct sizes this driver derives from
 *       the field tables, so the test can check them against the real structs (cffi).
 *
 * Descs come from the schema tables, not from a list of operators, in three kinds:
 *   - valid-looking: data types and dimension counts from the support table of the feature
 *     level and the constraint groups, consistent sizes, strides and TotalTensorSizeInBytes;
 *   - edited: a desc the validator accepts, changed in one to four places (a huge size with a
 *     matching TotalTensorSizeInBytes, an extreme attribute, a new list length, ...), so that the
 *     checks behind the table-driven ones (the operators' own rules) meet extreme values;
 *   - mutated: random mutations throughout (dimension counts 0..12, NULL pointers with nonzero
 *     counts, zero and huge sizes and strides, out-of-range enums, NaN/Inf, hostile or cyclic
 *     fused activations, list counts around PYDML_MAX_LIST_LENGTH, invalid feature levels, ...).
 *
 * The driver never lies about memory but in one way: every pointer it passes is NULL or an
 * allocation of exactly the size its count field claims (a count it cannot allocate goes with a
 * NULL pointer), except for wild counts. A wild count (0, 9, 2^20 or 2^32-1, the last edit of an
 * accepted desc) is written over arrays that stay as short as they were: the validator must bound
 * every count by its partner field (a tensor's dimension count, QuantizationType, Direction)
 * before it reads the arrays, and refuse the desc. Counts with no partner (JOIN's InputCount,
 * SPLIT's OutputCount: the only length their arrays have) get only the wild values above
 * PYDML_MAX_LIST_LENGTH (and 0). So any sanitizer report is a bug of the library, never of the
 * driver. */
#define _POSIX_C_SOURCE 200809L

#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "schema.h"

#define MAX_FIELDS 64        /* more than any desc has (checked at start-up) */
#define MAX_NESTING 4        /* operator descs inside operator descs */
#define WATCHDOG_SECONDS 20  /* one case taking this long is a hang */
#define RULE_ROUNDS 4        /* extra cases per iteration for operators with rules of their own */

/* ---- the case being run, for every report ---------------------------------------------- */

static uint64_t g_seed;
static uint64_t g_iteration;
static uint32_t g_round;
static const char* g_operator = "-";
static char g_case[256];  /* "operator X, iteration I, round R, seed S (replay: ...)" */

static void set_case(void) {
    snprintf(g_case, sizeof g_case,
             "operator %s, iteration %llu, round %u, seed %llu (replay: fuzz_validate 1 %llu %llu %s)", g_operator,
             (unsigned long long)g_iteration, g_round, (unsigned long long)g_seed, (unsigned long long)g_seed,
             (unsigned long long)g_iteration, g_operator);
}

/* Async-signal-safe: used from the watchdog and the SIGABRT handler. */
static void write_case(void) {
    static const char prefix[] = "fuzz_validate: the failing case: ";
    if (write(STDERR_FILENO, prefix, sizeof prefix - 1) < 0) return;
    if (write(STDERR_FILENO, g_case, strlen(g_case)) < 0) return;
    if (write(STDERR_FILENO, "\n", 1) < 0) return;
}

/* Sanitizer reports end in abort() (abort_on_error=1), as do the driver's own checks: name the
 * case on the way out. (ASan's death callback would miss UBSan's reports: with GCC they are two
 * runtimes.) The handler is installed with SA_RESETHAND, so abort() then ends the process. */
static void on_abort(int sig) {
    (void)sig;
    write_case();
}

static void on_watchdog(int sig) {
    (void)sig;
    static const char text[] = "fuzz_validate: one case ran for longer than the watchdog allows (a hang)\n";
    if (write(STDERR_FILENO, text, sizeof text - 1) < 0) _exit(3);
    write_case();
    abort();
}

static void fail(const char* format, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fail(const char* format, ...) {
    va_list ap;
    fprintf(stderr, "fuzz_validate: invariant violated: ");
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    abort();
}

/* ---- a small reproducible PRNG (splitmix64) --------------------------------------------- */

static uint64_t g_state;

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t next64(void) { return mix64(g_state += 0x9e3779b97f4a7c15ull); }
static uint32_t next32(void) { return (uint32_t)(next64() >> 32); }
static uint32_t below(uint32_t n) { return n ? (uint32_t)(next64() % n) : 0; }
static int percent(uint32_t p) { return below(100) < p; }

/* ---- allocations of one case, all freed at its end ---------------------------------------- */

static void** g_allocs;
static size_t g_alloc_count, g_alloc_capacity;

/* Exactly `bytes` bytes, zeroed. malloc(0) yields a real, unreadable allocation under ASan. */
static void* alloc_bytes(size_t bytes) {
    void* p = malloc(bytes);
    if (p == NULL) {
        if (bytes == 0) return NULL;
        fprintf(stderr, "fuzz_validate: out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    memset(p, 0, bytes);
    if (g_alloc_count == g_alloc_capacity) {
        size_t capacity = g_alloc_capacity ? 2 * g_alloc_capacity : 1024;
        void** grown = realloc(g_allocs, capacity * sizeof *grown);
        if (grown == NULL) {
            fprintf(stderr, "fuzz_validate: out of memory\n");
            exit(2);
        }
        g_allocs = grown;
        g_alloc_capacity = capacity;
    }
    g_allocs[g_alloc_count++] = p;
    return p;
}

static void* alloc_array(uint32_t count, size_t element) { return alloc_bytes((size_t)count * element); }

static void free_case(void) {
    for (size_t i = 0; i < g_alloc_count; i++) free(g_allocs[i]);
    g_alloc_count = 0;
}

/* ---- reading the schema ------------------------------------------------------------------ */

static int is_pointer_kind(uint8_t kind) {
    switch ((pydml_field_kind)kind) {
    case PYDML_FIELD_TENSOR: case PYDML_FIELD_TENSOR_ARRAY: case PYDML_FIELD_OPERATOR:
    case PYDML_FIELD_OPERATOR_ARRAY: case PYDML_FIELD_UINT_ARRAY: case PYDML_FIELD_INT_ARRAY:
    case PYDML_FIELD_FLOAT_ARRAY: case PYDML_FIELD_SCALE_BIAS:
        return 1;
    default:
        return 0;
    }
}

/* Size and alignment of a field as DirectML.h declares it (BOOL is int32_t there). */
static size_t field_size(uint8_t kind, size_t* align) {
    if (is_pointer_kind(kind)) {
        *align = _Alignof(const void*);
        return sizeof(const void*);
    }
    switch ((pydml_field_kind)kind) {
    case PYDML_FIELD_UINT64: *align = _Alignof(uint64_t); return sizeof(uint64_t);
    case PYDML_FIELD_SIZE_2D: *align = _Alignof(DML_SIZE_2D); return sizeof(DML_SIZE_2D);
    case PYDML_FIELD_SCALAR_UNION: *align = _Alignof(DML_SCALAR_UNION); return sizeof(DML_SCALAR_UNION);
    default: *align = 4; return 4; /* UINT, INT, FLOAT, BOOL, ENUM */
    }
}

/* The desc struct's sizeof, from its fields (the test compares it with cffi's sizeof). */
static size_t desc_size(const pydml_operator_info* op) {
    size_t end = 0, max_align = 1;
    for (uint32_t i = 0; i < op->field_count; i++) {
        size_t align, size = field_size(op->fields[i].kind, &align);
        if (op->fields[i].offset + size > end) end = op->fields[i].offset + size;
        if (align > max_align) max_align = align;
    }
    return (end + max_align - 1) / max_align * max_align;
}

static const pydml_support_table* table_at(const pydml_operator_info* op, uint32_t level) {
    const pydml_support_table* best = NULL;
    for (uint32_t i = 0; i < op->table_count; i++)
        if (op->tables[i].level <= level && (best == NULL || op->tables[i].level > best->level)) best = &op->tables[i];
    return best;
}

static const pydml_support_row* row_for(const pydml_operator_info* op, const pydml_support_table* t, uint32_t field) {
    if (t == NULL) return NULL;
    for (uint32_t i = 0; i < t->count; i++)
        if (op->rows[t->first + i].field == field) return &op->rows[t->first + i];
    return NULL;
}

static int is_tensor_kind(uint8_t kind) { return kind == PYDML_FIELD_TENSOR || kind == PYDML_FIELD_TENSOR_ARRAY; }

static int is_valid_level(uint32_t level) {
    for (uint32_t i = 0; i < pydml_feature_level_count; i++)
        if (pydml_feature_levels[i] == level) return 1;
    return 0;
}

/* Element size in bits, the driver's own table (not the library's, which is under test). */
static uint32_t type_bits(uint32_t t) {
    static const uint8_t bits[] = {0, 32, 16, 32, 16, 8, 32, 16, 8, 64, 64, 64, 4, 4};
    return t < sizeof bits ? bits[t] : 0;
}

/* ---- random values ------------------------------------------------------------------------ */

/* Writes go through memcpy: the desc is raw memory laid out as the field tables say. */
#define FIELD_AT(desc, f) ((char*)(desc) + (f)->offset)
static void put_u32(void* desc, const pydml_field_info* f, uint32_t v) { memcpy(FIELD_AT(desc, f), &v, sizeof v); }
static void put_u64(void* desc, const pydml_field_info* f, uint64_t v) { memcpy(FIELD_AT(desc, f), &v, sizeof v); }
static void put_f32(void* desc, const pydml_field_info* f, float v) { memcpy(FIELD_AT(desc, f), &v, sizeof v); }
static void put_ptr(void* desc, const pydml_field_info* f, const void* p) { memcpy(FIELD_AT(desc, f), &p, sizeof p); }
static uint32_t get_u32(const void* desc, const pydml_field_info* f) {
    uint32_t v;
    memcpy(&v, (const char*)desc + f->offset, sizeof v);
    return v;
}

static uint32_t huge_u32(void) {
    static const uint32_t values[] = {0xffffffffu, 0xfffffffeu, 0x80000000u, 0x7fffffffu, 0x10000u, 0x10001u};
    return percent(80) ? values[below(sizeof values / sizeof values[0])] : next32();
}

/* A uint attribute (also sizes of valid-looking tensors): mostly small, 1 most of all. */
static uint32_t small_u32(void) {
    uint32_t r = below(100);
    if (r < 50) return 1;
    if (r < 68) return 0;
    if (r < 85) return 2 + below(3);
    return below(16);
}

static uint32_t any_u32(int valid) {
    if (valid || percent(70)) return small_u32();
    return percent(50) ? huge_u32() : next32();
}

/* A valid-looking uint attribute, nudged by the field's name (paddings are mostly 0; strides,
 * dilations, group counts and scales mostly 1) so that geometry rules pass often enough for
 * the checks behind them to run. Only a hint: any value may still come. */
static uint32_t named_u32(const char* name, int valid) {
    if (valid && percent(80)) {
        if (strstr(name, "Padding") != NULL) return 0;
        if (strstr(name, "Stride") || strstr(name, "Dilation") || strstr(name, "GroupCount") || strstr(name, "Scale"))
            return 1;
    }
    return any_u32(valid);
}

static int32_t any_i32(int valid) {
    static const int32_t values[] = {0, 1, -1, 2, -2, 3, INT32_MIN, INT32_MAX, INT32_MIN + 1};
    if (valid) return (int32_t)below(5) - 2;
    return percent(70) ? values[below(sizeof values / sizeof values[0])] : (int32_t)next32();
}

static float hostile_float(void) {
    static const float values[] = {NAN, -NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, FLT_MIN, 1e-45f, -0.0f,
                                   3e9f, -3e9f, 1e-12f, 1e30f, 2147483648.0f, 4294967296.0f, 0.0f};
    if (percent(85)) return values[below(sizeof values / sizeof values[0])];
    uint32_t bits = next32();
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Valid-looking floats are mostly positive and moderate (resample scales must be > 0). */
static float any_float(int valid) {
    static const float common[] = {1.0f, 2.0f, 0.5f, 1.5f, 0.25f, 3.0f, 1.0f, 0.75f};
    static const float other[] = {0.0f, -0.5f, -1.0f, 0.5f, -2.0f};
    if (valid || percent(75)) {
        if (percent(85)) return common[below(sizeof common / sizeof common[0])];
        if (percent(70)) return other[below(sizeof other / sizeof other[0])];
        return (float)((int32_t)below(2001) - 1000) / 100.0f;
    }
    return hostile_float();
}

static uint32_t any_data_type(void) {
    static const uint32_t values[] = {0, 14, 15, 16, 255, PYDML_DATA_TYPE_BFLOAT16, 0xffffffffu, 0x80000001u};
    if (percent(60)) return 1 + below(13);
    return percent(80) ? values[below(sizeof values / sizeof values[0])] : next32();
}

static uint32_t random_bit(uint32_t mask) {
    uint32_t n = (uint32_t)__builtin_popcount(mask), k = below(n);
    for (uint32_t b = 0; b < 32; b++)
        if (((mask >> b) & 1u) && k-- == 0) return b;
    return 0;
}

/* ---- the generator ------------------------------------------------------------------------ */

typedef struct {
    uint32_t level;     /* the feature level the desc is aimed at */
    uint32_t mutation;  /* percent chance of each mutation; 0 for a valid-looking desc */
    int depth;          /* operator descs enclosing the one being built */
} gen_t;

static int mutate(const gen_t* g) { return g->mutation && percent(g->mutation); }

/* Data type, dimension count and sizes of every tensor field, consistent with the constraint
 * groups and the support table at the level (as far as the table allows). */
typedef struct {
    uint32_t dtype[MAX_FIELDS], rank[MAX_FIELDS];
    uint32_t shape[MAX_FIELDS][8];  /* the first rank[i] entries are field i's sizes */
    uint32_t main_rank;             /* rank of the first tensor field: a hint for count fields */
} shape_plan;

static uint32_t find_root(uint32_t* parent, uint32_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

static void join(uint32_t* parent, uint32_t a, uint32_t b) { parent[find_root(parent, a)] = find_root(parent, b); }

static void plan_shapes(const pydml_operator_info* op, uint32_t level, shape_plan* p) {
    uint32_t type_parent[MAX_FIELDS], dim_parent[MAX_FIELDS], size_parent[MAX_FIELDS];
    uint32_t type_mask[MAX_FIELDS], dim_mask[MAX_FIELDS], type_first[MAX_FIELDS], dim_first[MAX_FIELDS];
    uint32_t base[8];
    const pydml_support_table* table = table_at(op, level);
    memset(p, 0, sizeof *p);
    for (uint32_t i = 0; i < op->field_count; i++) {
        type_parent[i] = dim_parent[i] = size_parent[i] = i;
        type_mask[i] = dim_mask[i] = 0xffffffffu; /* no row seen yet */
        type_first[i] = dim_first[i] = 0;
    }
    for (uint32_t g = 0; g < op->constraint_count; g++) {
        const pydml_constraint* c = &op->constraints[g];
        for (uint32_t m = 1; m < c->count; m++) {
            if (c->properties & PYDML_SAME_DATA_TYPE) join(type_parent, c->fields[m], c->fields[0]);
            if (c->properties & (PYDML_SAME_DIMENSION_COUNT | PYDML_SAME_SIZES))
                join(dim_parent, c->fields[m], c->fields[0]);
            if (c->properties & PYDML_SAME_SIZES) join(size_parent, c->fields[m], c->fields[0]);
        }
    }
    /* Intersect the members' rows; a group whose rows conflict falls back to one member's row. */
    for (uint32_t i = 0; i < op->field_count; i++) {
        if (!is_tensor_kind(op->fields[i].kind)) continue;
        const pydml_support_row* row = row_for(op, table, i);
        if (row == NULL) continue;
        uint32_t t = find_root(type_parent, i), d = find_root(dim_parent, i);
        uint32_t types = row->data_types & 0x3ffeu, dims = row->dimension_counts & 0x1feu;
        if (!type_first[t]) type_first[t] = types;
        if (!dim_first[d]) dim_first[d] = dims;
        type_mask[t] &= types;
        dim_mask[d] &= dims;
    }
    uint32_t all_ones = percent(35);
    for (uint32_t k = 0; k < 8; k++) base[k] = all_ones ? 1u : 1u + below(percent(90) ? 4 : 9);
    for (uint32_t i = 0; i < op->field_count; i++) {
        if (!is_tensor_kind(op->fields[i].kind)) continue;
        uint32_t t = find_root(type_parent, i), d = find_root(dim_parent, i), s = find_root(size_parent, i);
        if (i == t) {
            uint32_t mask = type_mask[t] == 0xffffffffu ? 0x3ffeu : type_mask[t] ? type_mask[t] : type_first[t];
            p->dtype[t] = mask ? random_bit(mask) : DML_TENSOR_DATA_TYPE_FLOAT32;
        }
        if (i == d) {
            uint32_t mask = dim_mask[d] == 0xffffffffu ? 0x1feu : dim_mask[d] ? dim_mask[d] : dim_first[d];
            p->rank[d] = mask ? random_bit(mask) : 4;
            if (p->rank[d] == 0) p->rank[d] = 1;
        }
        if (i == s) { /* the last rank sizes of the shared base shape, or a shape of its own */
            int own = percent(25);
            for (uint32_t k = 0; k < 8; k++) p->shape[s][k] = own ? 1u + below(4) : base[k];
        }
    }
    /* Members take their group's choices (roots may come after members in field order). */
    for (uint32_t i = 0; i < op->field_count; i++) {
        if (!is_tensor_kind(op->fields[i].kind)) continue;
        uint32_t t = find_root(type_parent, i), d = find_root(dim_parent, i), s = find_root(size_parent, i);
        p->dtype[i] = p->dtype[t];
        p->rank[i] = p->rank[d];
        if (i != s) memcpy(p->shape[i], p->shape[s], sizeof p->shape[i]);
        if (!p->main_rank) p->main_rank = p->rank[i];
    }
    /* shape[] entries are used from the end, so equal ranks share their sizes */
    for (uint32_t i = 0; i < op->field_count; i++) {
        if (!is_tensor_kind(op->fields[i].kind)) continue;
        uint32_t r = p->rank[i] > 8 ? 8 : p->rank[i], tmp[8];
        memcpy(tmp, p->shape[i] + 8 - r, r * sizeof *tmp);
        memcpy(p->shape[i], tmp, r * sizeof *tmp);
    }
    if (!p->main_rank) p->main_rank = 4;
}

/* Bytes a buffer tensor needs, 64-bit and saturating (the validator's own arithmetic is what
 * is under test). */
static uint64_t needed_bytes(uint32_t dtype, uint32_t rank, const uint32_t* sizes, const uint32_t* strides) {
    uint64_t bits = type_bits(dtype), elements = 1;
    if (bits == 0) bits = 32;
    if (strides == NULL) {
        for (uint32_t i = 0; i < rank; i++)
            elements = sizes[i] && elements > UINT64_MAX / sizes[i] ? UINT64_MAX : elements * sizes[i];
    } else {
        uint64_t last = 0;
        for (uint32_t i = 0; i < rank; i++) {
            uint64_t span = sizes[i] ? sizes[i] - 1u : 0;
            uint64_t term = span && strides[i] > UINT64_MAX / span ? UINT64_MAX : span * strides[i];
            last = last > UINT64_MAX - term ? UINT64_MAX : last + term;
        }
        elements = last == UINT64_MAX ? last : last + 1;
    }
    if (elements > UINT64_MAX / 64) return UINT64_MAX & ~(uint64_t)3;
    uint64_t bytes = (elements * bits + 7) / 8;
    return (bytes + 3) & ~(uint64_t)3;
}

static DML_BUFFER_TENSOR_DESC* gen_buffer(const gen_t* g, uint32_t dtype, uint32_t rank, const uint32_t* shape,
                                          int is_output) {
    DML_BUFFER_TENSOR_DESC* t = alloc_bytes(sizeof *t);
    uint32_t* sizes;
    uint32_t* strides = NULL;
    t->DataType = (DML_TENSOR_DATA_TYPE)(mutate(g) ? any_data_type() : dtype);
    if (mutate(g)) rank = percent(30) ? 0 : below(13);
    t->DimensionCount = rank;
    sizes = alloc_array(rank, sizeof *sizes);
    for (uint32_t i = 0; i < rank; i++) sizes[i] = i < 8 && shape != NULL ? shape[i] : 1u + below(4);
    if (mutate(g) && rank) sizes[below(rank)] = percent(40) ? 0 : huge_u32();
    if (mutate(g)) /* products that overflow 32 and 64 bits */
        for (uint32_t i = 0; i < rank; i++) sizes[i] = percent(80) ? 0xffffffffu : huge_u32();
    if (percent(35) || mutate(g)) {
        /* packed, broadcast (0) or padded strides */
        strides = alloc_array(rank, sizeof *strides);
        uint32_t stride = 1;
        for (uint32_t i = rank; i-- > 0;) {
            uint32_t kind = below(10);
            strides[i] = kind < 6 ? stride : kind < 8 ? 0u : stride + below(3);
            uint64_t next = (uint64_t)stride * (sizes[i] ? sizes[i] : 1u);
            stride = next > 0xffffffffu ? 0xffffffffu : (uint32_t)next;
        }
        if (mutate(g) && rank) strides[below(rank)] = percent(50) ? huge_u32() : next32();
    }
    uint64_t need = needed_bytes(t->DataType, rank, sizes, strides);
    t->TotalTensorSizeInBytes = need + (percent(20) ? 4u * below(4) : 0u);
    if (mutate(g)) {
        static const uint64_t totals[] = {0, 1, 3, 4, UINT64_MAX, (uint64_t)1 << 63, 0xffffffffull, 0x100000000ull};
        uint32_t r = below(4);
        t->TotalTensorSizeInBytes = r == 0 ? need - (need ? 1 : 0) : r == 1 ? need - (need >= 4 ? 4 : 0)
                                    : r == 2 ? totals[below(sizeof totals / sizeof totals[0])] : next64();
    }
    t->GuaranteedBaseOffsetAlignment = percent(80) ? 0u : 16u << below(4);
    if (mutate(g)) t->GuaranteedBaseOffsetAlignment = percent(50) ? below(9) : next32();
    t->Flags = (DML_TENSOR_FLAGS)(!is_output && percent(10) ? DML_TENSOR_FLAG_OWNED_BY_DML : DML_TENSOR_FLAG_NONE);
    if (mutate(g)) t->Flags = (DML_TENSOR_FLAGS)(percent(50) ? below(4) : next32());
    /* NULL arrays with a nonzero count (and non-NULL, unreadable ones with a zero count) */
    if (mutate(g)) sizes = NULL;
    if (strides != NULL && mutate(g)) strides = NULL;
    t->Sizes = sizes;
    t->Strides = strides;
    return t;
}

static void gen_tensor(const gen_t* g, DML_TENSOR_DESC* out, const shape_plan* plan, uint32_t field,
                       const DML_BUFFER_TENSOR_DESC* shared, int is_output) {
    out->Type = DML_TENSOR_TYPE_BUFFER;
    out->Desc = shared != NULL ? shared
                               : gen_buffer(g, plan->dtype[field], plan->rank[field], plan->shape[field], is_output);
    if (mutate(g)) {
        static const uint32_t types[] = {DML_TENSOR_TYPE_INVALID, 2, 0xffffffffu, 0x80000000u};
        out->Type = (DML_TENSOR_TYPE)types[below(sizeof types / sizeof types[0])];
    }
    if (mutate(g)) out->Desc = NULL;
}

static void* gen_desc(gen_t* g, const pydml_operator_info* op, int fused, const DML_OPERATOR_DESC* self);

/* A nested operator desc (FusedActivation, ActivationDescs[i]): mostly a fusable activation,
 * also other operators (recursing), unknown types and missing descs. */
/* Whether activation `op` may be fused into an operator of type `host` (its fusable_hosts). */
static int fuses_into(const pydml_operator_info* op, uint32_t host) {
    if (op->fusable_hosts == NULL) return 1;
    for (const uint32_t* h = op->fusable_hosts; *h != 0; h++)
        if (*h == host) return 1;
    return 0;
}

static void gen_nested(gen_t* g, DML_OPERATOR_DESC* out, const DML_OPERATOR_DESC* self, uint32_t host) {
    uint32_t r = below(100);
    if (g->depth >= MAX_NESTING || (g->mutation && r >= 85)) {
        static const uint32_t types[] = {DML_OPERATOR_INVALID, 178, 179, 1000, 0xffffffffu, 0x80000000u};
        out->Type = (DML_OPERATOR_TYPE)(percent(80) ? types[below(sizeof types / sizeof types[0])] : next32());
        /* never to be read: the type is refused first */
        out->Desc = percent(50) ? NULL : alloc_bytes(0);
        return;
    }
    const pydml_operator_info* op;
    if (!g->mutation || r < 65) { /* a fusable activation */
        uint32_t fusable = 0;
        for (uint32_t i = 0; i < pydml_operator_info_count; i++)
            fusable += pydml_operator_infos[i].fusable_from != 0 && fuses_into(&pydml_operator_infos[i], host);
        uint32_t k = below(fusable);
        op = NULL;
        for (uint32_t i = 0; i < pydml_operator_info_count && op == NULL; i++)
            if (pydml_operator_infos[i].fusable_from != 0 && fuses_into(&pydml_operator_infos[i], host) && k-- == 0)
                op = &pydml_operator_infos[i];
    } else {
        op = &pydml_operator_infos[below(pydml_operator_info_count)];
    }
    out->Type = (DML_OPERATOR_TYPE)op->type;
    g->depth++;
    /* an activation goes in as a fused one (tensors NULL), mostly */
    int fused = op->fusable_from != 0 ? !g->mutation || !percent(5) : percent(50);
    out->Desc = mutate(g) ? NULL : gen_desc(g, op, fused, self);
    g->depth--;
}

/* A count for the arrays counted by one field. Counts the driver cannot allocate come with
 * NULL arrays (*unallocatable set). */
static uint32_t gen_count(const gen_t* g, int counts_tensors, int counts_operators, uint32_t main_rank,
                          int* unallocatable) {
    *unallocatable = 0;
    if (mutate(g)) {
        uint32_t r = below(100);
        if (r < 35) return below(13);
        if (r < 45) return 0;
        if (r < 60) return PYDML_MAX_LIST_LENGTH + 1;
        if (r < 65) return PYDML_MAX_LIST_LENGTH;
        *unallocatable = 1;
        return percent(50) ? huge_u32() | 0x10000u : 0x10000u + next32() % 0xffff0000u;
    }
    if (counts_tensors) return 1 + below(4);
    if (counts_operators) return below(7);
    /* attribute arrays mostly run over every dimension or over the spatial ones */
    uint32_t r = below(100);
    if (r < 45) return main_rank;
    if (r < 85) return main_rank >= 2 ? main_rank - 2 : 1;
    return below(5);
}

static void* gen_desc(gen_t* g, const pydml_operator_info* op, int fused, const DML_OPERATOR_DESC* self) {
    void* d = alloc_bytes(desc_size(op));
    shape_plan plan;
    uint32_t counts[MAX_FIELDS];
    int is_count[MAX_FIELDS], counts_tensors[MAX_FIELDS], counts_operators[MAX_FIELDS], huge[MAX_FIELDS];
    plan_shapes(op, g->level, &plan);
    memset(is_count, 0, sizeof is_count);
    memset(counts_tensors, 0, sizeof counts_tensors);
    memset(counts_operators, 0, sizeof counts_operators);
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->count_field < 0) continue;
        is_count[f->count_field] = 1;
        if (f->kind == PYDML_FIELD_TENSOR_ARRAY) counts_tensors[f->count_field] = 1;
        if (f->kind == PYDML_FIELD_OPERATOR_ARRAY) counts_operators[f->count_field] = 1;
    }
    for (uint32_t i = 0; i < op->field_count; i++) {
        if (!is_count[i]) continue;
        counts[i] = gen_count(g, counts_tensors[i], counts_operators[i], plan.main_rank, &huge[i]);
        put_u32(d, &op->fields[i], counts[i]);
    }
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        uint32_t n = f->count_field >= 0 ? counts[f->count_field] : 0;
        int unallocatable = f->count_field >= 0 && huge[f->count_field];
        int valid = !mutate(g);
        switch ((pydml_field_kind)f->kind) {
        case PYDML_FIELD_TENSOR: {
            int present = fused ? !valid : f->optional ? percent(65) : valid;
            if (!present) break;
            DML_TENSOR_DESC* t = alloc_bytes(sizeof *t);
            gen_tensor(g, t, &plan, i, NULL, f->role == PYDML_ROLE_OUTPUT);
            put_ptr(d, f, t);
            break;
        }
        case PYDML_FIELD_TENSOR_ARRAY: {
            if (unallocatable || (n && !valid) || (n == 0 && percent(50))) break; /* NULL */
            DML_TENSOR_DESC* array = alloc_array(n, sizeof *array);
            /* long lists share one buffer desc: legal, and keeps 4097-entry lists cheap */
            const DML_BUFFER_TENSOR_DESC* shared =
                n > 16 ? gen_buffer(g, plan.dtype[i], plan.rank[i], plan.shape[i], f->role == PYDML_ROLE_OUTPUT) : NULL;
            for (uint32_t k = 0; k < n; k++) gen_tensor(g, &array[k], &plan, i, shared, f->role == PYDML_ROLE_OUTPUT);
            put_ptr(d, f, array);
            break;
        }
        case PYDML_FIELD_OPERATOR: {
            if (f->optional && percent(40)) break;
            if (!valid && percent(30)) break; /* NULL, optional or not */
            if (self != NULL && !valid && percent(20)) { /* a cycle: the enclosing desc itself */
                put_ptr(d, f, self);
                break;
            }
            DML_OPERATOR_DESC* nested = alloc_bytes(sizeof *nested);
            gen_nested(g, nested, self, op->type);
            put_ptr(d, f, nested);
            break;
        }
        case PYDML_FIELD_OPERATOR_ARRAY: {
            if (unallocatable || (n && !valid && percent(50)) || (n == 0 && percent(50))) break;
            DML_OPERATOR_DESC* array = alloc_array(n, sizeof *array);
            /* long lists repeat their first 16 entries: legal, and keeps 4097-entry lists cheap */
            for (uint32_t k = 0; k < n; k++) {
                if (k < 16) gen_nested(g, &array[k], self, op->type);
                else array[k] = array[k % 16];
            }
            put_ptr(d, f, array);
            break;
        }
        case PYDML_FIELD_UINT_ARRAY:
        case PYDML_FIELD_INT_ARRAY:
        case PYDML_FIELD_FLOAT_ARRAY: {
            if (unallocatable || (!valid && percent(50)) || (f->optional && percent(30)) || (n == 0 && percent(50)))
                break;
            void* array = alloc_array(n, 4);
            for (uint32_t k = 0; k < n; k++) {
                int element_valid = !mutate(g);
                if (f->kind == PYDML_FIELD_FLOAT_ARRAY) ((float*)array)[k] = any_float(element_valid);
                else if (f->kind == PYDML_FIELD_INT_ARRAY) ((int32_t*)array)[k] = any_i32(element_valid);
                else ((uint32_t*)array)[k] = named_u32(f->name, element_valid);
            }
            put_ptr(d, f, array);
            break;
        }
        case PYDML_FIELD_UINT:
            if (!is_count[i]) put_u32(d, f, named_u32(f->name, valid));
            break;
        case PYDML_FIELD_UINT64:
            put_u64(d, f, valid ? small_u32() : percent(50) ? UINT64_MAX - below(3) : next64());
            break;
        case PYDML_FIELD_INT:
            put_u32(d, f, (uint32_t)any_i32(valid));
            break;
        case PYDML_FIELD_FLOAT:
            put_f32(d, f, any_float(valid));
            break;
        case PYDML_FIELD_BOOL:
            put_u32(d, f, valid ? below(2) : percent(50) ? 0xffffffffu : next32());
            break;
        case PYDML_FIELD_ENUM: {
            const pydml_enum_info* e = &pydml_enums[f->enum_index];
            uint32_t v = e->values[below(e->count)];
            if (strcmp(e->name, "DML_TENSOR_DATA_TYPE") == 0 && percent(60)) {
                for (uint32_t k = 0; k < op->field_count; k++)
                    if (is_tensor_kind(op->fields[k].kind)) { v = plan.dtype[k]; break; }
            }
            if (!valid) v = percent(40) ? e->count : percent(50) ? huge_u32() : next32();
            put_u32(d, f, v);
            break;
        }
        case PYDML_FIELD_SIZE_2D: {
            DML_SIZE_2D size = {valid ? 1u + below(3) : any_u32(0), valid ? 1u + below(3) : any_u32(0)};
            memcpy(FIELD_AT(d, f), &size, sizeof size);
            break;
        }
        case PYDML_FIELD_SCALE_BIAS: {
            if (percent(50)) break;
            DML_SCALE_BIAS* sb = alloc_bytes(sizeof *sb);
            sb->Scale = any_float(valid);
            sb->Bias = any_float(!mutate(g));
            put_ptr(d, f, sb);
            break;
        }
        case PYDML_FIELD_SCALAR_UNION:
            break; /* below, once its data type field is set */
        }
    }
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->kind != PYDML_FIELD_SCALAR_UNION) continue;
        DML_SCALAR_UNION u;
        uint32_t type = f->type_field >= 0 ? get_u32(d, &op->fields[f->type_field]) : 0;
        memset(&u, 0, sizeof u);
        if (percent(30)) {
            uint64_t bits = next64();
            memcpy(u.Bytes, &bits, sizeof bits);
        } else if (type == DML_TENSOR_DATA_TYPE_FLOAT32 || type == DML_TENSOR_DATA_TYPE_FLOAT16) {
            u.Float32 = any_float(!mutate(g));
        } else if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
            u.Float64 = any_float(!mutate(g));
        } else {
            u.Int64 = any_i32(!mutate(g));
        }
        memcpy(FIELD_AT(d, f), &u, sizeof u);
    }
    return d;
}


/* ---- targeted edits of an accepted desc ----------------------------------------------------
 * A desc the validator accepts, changed in one to four places, reaches the checks a random
 * desc rarely gets to (the operators' own rules, size arithmetic) with extreme values. Edits
 * write into the driver's own allocations (the const in DirectML's types is for callers). */

static void* field_ptr(const void* desc, const pydml_field_info* f) {
    void* p;
    memcpy(&p, (const char*)desc + f->offset, sizeof p);
    return p;
}

/* Sizes, strides and TotalTensorSizeInBytes, extreme but consistent where the edit says so. */
static void edit_buffer(DML_BUFFER_TENSOR_DESC* t) {
    uint32_t n = t->DimensionCount;
    uint32_t* sizes = (uint32_t*)(uintptr_t)t->Sizes;
    uint32_t* strides = (uint32_t*)(uintptr_t)t->Strides;
    int consistent = 1;
    if (sizes == NULL) return;
    switch (below(9)) {
    case 0: case 1: /* one huge size */
        if (n) sizes[below(n)] = huge_u32();
        break;
    case 2: /* every size huge: element counts past 2^32 and 2^64 */
        for (uint32_t i = 0; i < n; i++) sizes[i] = percent(70) ? 0xffffffffu : huge_u32();
        break;
    case 3:
        if (n) sizes[below(n)] = 0;
        break;
    case 4: /* huge or zero strides */
        if (strides == NULL && n) {
            strides = alloc_array(n, sizeof *strides);
            for (uint32_t i = n, stride = 1; i-- > 0; stride *= sizes[i] < 16 ? sizes[i] : 1) strides[i] = stride;
            t->Strides = strides;
        }
        if (n) strides[below(n)] = percent(70) ? huge_u32() : 0;
        break;
    case 5: { /* a different dimension count, arrays reallocated to it */
        uint32_t m = below(13);
        uint32_t* new_sizes = alloc_array(m, sizeof *new_sizes);
        for (uint32_t i = 0; i < m; i++) new_sizes[i] = i < n ? sizes[i] : 1u;
        t->Sizes = sizes = new_sizes;
        if (strides != NULL) {
            uint32_t* new_strides = alloc_array(m, sizeof *new_strides);
            for (uint32_t i = 0; i < m; i++) new_strides[i] = i < n ? strides[i] : 0u;
            t->Strides = strides = new_strides;
        }
        t->DimensionCount = n = m;
        break;
    }
    case 6: {
        static const uint64_t totals[] = {0, 4, 0xfffffffcull, 0x100000000ull, UINT64_MAX - 3, UINT64_MAX};
        uint64_t need = needed_bytes(t->DataType, n, sizes, strides);
        t->TotalTensorSizeInBytes = percent(50) ? totals[below(sizeof totals / sizeof totals[0])]
                                                : need - 1 - below(need < 8 ? (uint32_t)need : 8u);
        consistent = 0;
        break;
    }
    case 7:
        if (percent(50)) t->DataType = (DML_TENSOR_DATA_TYPE)any_data_type();
        else if (percent(50)) t->Flags = (DML_TENSOR_FLAGS)next32();
        else t->GuaranteedBaseOffsetAlignment = percent(50) ? below(64) : next32();
        break;
    default: /* NULL arrays, count kept */
        if (percent(50)) t->Sizes = NULL;
        else t->Strides = NULL;
        break;
    }
    if (consistent && t->Sizes != NULL)
        t->TotalTensorSizeInBytes = needed_bytes(t->DataType, t->DimensionCount, t->Sizes, t->Strides);
}

static void edit_tensor(DML_TENSOR_DESC* t) {
    if (t == NULL) return;
    if (percent(10)) {
        t->Type = (DML_TENSOR_TYPE)(percent(50) ? DML_TENSOR_TYPE_INVALID : next32());
        return;
    }
    if (t->Type == DML_TENSOR_TYPE_BUFFER && t->Desc != NULL)
        edit_buffer((DML_BUFFER_TENSOR_DESC*)(uintptr_t)t->Desc);
}

/* A new length for every array counted by field `count_index`: the arrays are reallocated to
 * exactly that length, keeping their entries and repeating the first one. */
static void edit_count(gen_t* g, void* d, const pydml_operator_info* op, uint32_t count_index,
                       const DML_OPERATOR_DESC* self) {
    uint32_t old = get_u32(d, &op->fields[count_index]);
    static const uint32_t choices[] = {0, 1, 2, 3, 8, 13, PYDML_MAX_LIST_LENGTH, PYDML_MAX_LIST_LENGTH + 1};
    uint32_t n = percent(50) ? choices[below(sizeof choices / sizeof choices[0])] : old ? old - 1 + 2 * below(2) : 1;
    put_u32(d, &op->fields[count_index], n);
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        if (f->count_field != (int8_t)count_index) continue;
        const char* array = field_ptr(d, f);
        if (array == NULL) continue;
        size_t element = f->kind == PYDML_FIELD_TENSOR_ARRAY ? sizeof(DML_TENSOR_DESC)
                         : f->kind == PYDML_FIELD_OPERATOR_ARRAY ? sizeof(DML_OPERATOR_DESC) : 4;
        char* grown = alloc_array(n, element);
        for (uint32_t k = 0; k < n; k++) {
            if (k < old) memcpy(grown + k * element, array + k * element, element);
            else if (old || k) memcpy(grown + k * element, old ? array : grown, element); /* repeat the first */
            else if (f->kind == PYDML_FIELD_OPERATOR_ARRAY) gen_nested(g, (DML_OPERATOR_DESC*)(void*)grown, self, op->type);
            else if (f->kind == PYDML_FIELD_FLOAT_ARRAY) { float one = 1.0f; memcpy(grown, &one, 4); }
            else if (f->kind != PYDML_FIELD_TENSOR_ARRAY) { uint32_t one = 1; memcpy(grown, &one, 4); }
            /* a tensor list that was empty gets zeroed entries: DML_TENSOR_TYPE_INVALID */
        }
        put_ptr(d, f, grown);
    }
}

static void edit_field(gen_t* g, void* d, const pydml_operator_info* op, uint32_t i, const DML_OPERATOR_DESC* self) {
    const pydml_field_info* f = &op->fields[i];
    uint32_t n = f->count_field >= 0 ? get_u32(d, &op->fields[f->count_field]) : 0;
    for (uint32_t k = 0; k < op->field_count; k++)
        if (op->fields[k].count_field == (int8_t)i) {
            edit_count(g, d, op, i, self);
            return;
        }
    switch ((pydml_field_kind)f->kind) {
    case PYDML_FIELD_TENSOR:
        if (percent(10)) put_ptr(d, f, NULL);
        else edit_tensor(field_ptr(d, f));
        break;
    case PYDML_FIELD_TENSOR_ARRAY: {
        DML_TENSOR_DESC* array = field_ptr(d, f);
        if (array != NULL && n) {
            /* entries may share a buffer desc: give the edited one its own copy */
            DML_TENSOR_DESC* t = &array[below(n)];
            if (t->Desc != NULL && t->Type == DML_TENSOR_TYPE_BUFFER) {
                DML_BUFFER_TENSOR_DESC* copy = alloc_bytes(sizeof *copy);
                memcpy(copy, t->Desc, sizeof *copy);
                uint32_t* sizes = alloc_array(copy->Sizes ? copy->DimensionCount : 0, sizeof *sizes);
                if (copy->Sizes) memcpy(sizes, copy->Sizes, copy->DimensionCount * sizeof *sizes);
                copy->Sizes = copy->Sizes ? sizes : NULL;
                if (copy->Strides) {
                    uint32_t* strides = alloc_array(copy->DimensionCount, sizeof *strides);
                    memcpy(strides, copy->Strides, copy->DimensionCount * sizeof *strides);
                    copy->Strides = strides;
                }
                t->Desc = copy;
            }
            edit_tensor(t);
        }
        break;
    }
    case PYDML_FIELD_OPERATOR:
    case PYDML_FIELD_OPERATOR_ARRAY: {
        DML_OPERATOR_DESC* nested = alloc_bytes(sizeof *nested);
        gen_t hostile = *g;
        hostile.mutation = 5 + below(30);
        gen_nested(&hostile, nested, self, op->type);
        if (f->kind == PYDML_FIELD_OPERATOR) {
            put_ptr(d, f, percent(15) ? NULL : nested);
        } else if (n && field_ptr(d, f) != NULL) {
            DML_OPERATOR_DESC* array = field_ptr(d, f);
            DML_OPERATOR_DESC* copy = alloc_array(n, sizeof *copy);
            memcpy(copy, array, n * sizeof *copy);
            copy[below(n)] = *nested;
            put_ptr(d, f, copy);
        }
        break;
    }
    case PYDML_FIELD_UINT_ARRAY:
    case PYDML_FIELD_INT_ARRAY:
    case PYDML_FIELD_FLOAT_ARRAY: {
        uint32_t* array = field_ptr(d, f);
        if (array == NULL || n == 0) break;
        int all = percent(30);
        for (uint32_t k = all ? 0 : below(n); k < n; k++) {
            if (f->kind == PYDML_FIELD_FLOAT_ARRAY) {
                float v = hostile_float();
                memcpy(&array[k], &v, sizeof v);
            } else {
                array[k] = f->kind == PYDML_FIELD_INT_ARRAY ? (uint32_t)any_i32(0) : percent(80) ? huge_u32() : 0;
            }
            if (!all) break;
        }
        break;
    }
    case PYDML_FIELD_UINT: put_u32(d, f, percent(80) ? huge_u32() : 0); break;
    case PYDML_FIELD_UINT64: put_u64(d, f, percent(50) ? UINT64_MAX - below(2) : next64()); break;
    case PYDML_FIELD_INT: put_u32(d, f, (uint32_t)any_i32(0)); break;
    case PYDML_FIELD_FLOAT: put_f32(d, f, hostile_float()); break;
    case PYDML_FIELD_BOOL: put_u32(d, f, next32()); break;
    case PYDML_FIELD_ENUM: put_u32(d, f, percent(50) ? pydml_enums[f->enum_index].count : next32()); break;
    case PYDML_FIELD_SIZE_2D: {
        DML_SIZE_2D size;
        memcpy(&size, FIELD_AT(d, f), sizeof size);
        if (percent(50)) size.Width = percent(80) ? huge_u32() : 0;
        else size.Height = percent(80) ? huge_u32() : 0;
        memcpy(FIELD_AT(d, f), &size, sizeof size);
        break;
    }
    case PYDML_FIELD_SCALE_BIAS: {
        DML_SCALE_BIAS* sb = alloc_bytes(sizeof *sb);
        sb->Scale = hostile_float();
        sb->Bias = percent(50) ? 0.0f : hostile_float();
        put_ptr(d, f, sb);
        break;
    }
    case PYDML_FIELD_SCALAR_UNION: {
        uint64_t bits = percent(50) ? 0x7ff8000000000000ull | next32() : next64();
        memcpy(FIELD_AT(d, f), &bits, sizeof bits);
        break;
    }
    }
}


/* ---- replay output: the desc of a case, field by field ------------------------------------ */

static void dump_buffer(const char* indent, const DML_TENSOR_DESC* t) {
    if (t->Type != DML_TENSOR_TYPE_BUFFER || t->Desc == NULL) {
        printf("%s{Type %u, Desc %p}\n", indent, (unsigned)t->Type, t->Desc);
        return;
    }
    const DML_BUFFER_TENSOR_DESC* b = t->Desc;
    printf("%s{DataType %u, Flags 0x%x, DimensionCount %u, Sizes", indent, (unsigned)b->DataType, (unsigned)b->Flags,
           b->DimensionCount);
    if (b->Sizes == NULL) printf(" NULL");
    for (uint32_t i = 0; b->Sizes != NULL && i < b->DimensionCount; i++) printf(" %u", b->Sizes[i]);
    printf(", Strides");
    if (b->Strides == NULL) printf(" NULL");
    for (uint32_t i = 0; b->Strides != NULL && i < b->DimensionCount; i++) printf(" %u", b->Strides[i]);
    printf(", Total %llu, Alignment %u}\n", (unsigned long long)b->TotalTensorSizeInBytes,
           b->GuaranteedBaseOffsetAlignment);
}

/* The desc and count field of the current case's wild count (their arrays are shorter than it). */
static const void* g_wild_desc;
static int g_wild_count = -1;
static int g_wild_refuse; /* the wild count must be refused */

static void dump_operator(const DML_OPERATOR_DESC* desc, int depth) {
    char indent[32];
    snprintf(indent, sizeof indent, "%*s", 2 * depth, "");
    if (desc == NULL) { printf("%sNULL\n", indent); return; }
    const pydml_operator_info* op = pydml_find_operator_info(desc->Type);
    printf("%s%s (%u), Desc %p\n", indent, op ? op->op_name : "?", (unsigned)desc->Type, desc->Desc);
    if (op == NULL || desc->Desc == NULL || depth > 2 * MAX_NESTING) return;
    const void* d = desc->Desc;
    for (uint32_t i = 0; i < op->field_count; i++) {
        const pydml_field_info* f = &op->fields[i];
        uint32_t n = f->count_field >= 0 ? get_u32(d, &op->fields[f->count_field]) : 1;
        const void* p = is_pointer_kind(f->kind) ? field_ptr(d, f) : NULL;
        printf("%s  %s:", indent, f->name);
        if (d == g_wild_desc && f->count_field >= 0 && f->count_field == g_wild_count) {
            printf(" %p (shorter than its wild count %u: not printed)\n", p, n);
            continue;
        }
        switch ((pydml_field_kind)f->kind) {
        case PYDML_FIELD_TENSOR: case PYDML_FIELD_TENSOR_ARRAY:
            printf(p ? "\n" : " NULL\n");
            for (uint32_t k = 0; p != NULL && k < n && k < 8; k++) dump_buffer("      ", (const DML_TENSOR_DESC*)p + k);
            break;
        case PYDML_FIELD_OPERATOR: case PYDML_FIELD_OPERATOR_ARRAY:
            printf(p ? "\n" : " NULL\n");
            for (uint32_t k = 0; p != NULL && k < n && k < 8; k++)
                dump_operator((const DML_OPERATOR_DESC*)p + k, depth + 2);
            break;
        case PYDML_FIELD_UINT_ARRAY: case PYDML_FIELD_INT_ARRAY: case PYDML_FIELD_FLOAT_ARRAY:
            if (p == NULL) printf(" NULL");
            for (uint32_t k = 0; p != NULL && k < n && k < 16; k++) {
                if (f->kind == PYDML_FIELD_FLOAT_ARRAY) printf(" %g", (double)((const float*)p)[k]);
                else if (f->kind == PYDML_FIELD_INT_ARRAY) printf(" %d", ((const int32_t*)p)[k]);
                else printf(" %u", ((const uint32_t*)p)[k]);
            }
            printf("\n");
            break;
        case PYDML_FIELD_SCALE_BIAS:
            if (p == NULL) printf(" NULL\n");
            else
                printf(" {%g, %g}\n", (double)((const DML_SCALE_BIAS*)p)->Scale,
                       (double)((const DML_SCALE_BIAS*)p)->Bias);
            break;
        case PYDML_FIELD_FLOAT: {
            float v;
            memcpy(&v, (const char*)d + f->offset, sizeof v);
            printf(" %g\n", (double)v);
            break;
        }
        case PYDML_FIELD_UINT64: case PYDML_FIELD_SIZE_2D: case PYDML_FIELD_SCALAR_UNION: {
            uint32_t lo = get_u32(d, f), hi;
            memcpy(&hi, (const char*)d + f->offset + 4, sizeof hi);
            printf(" 0x%08x%08x\n", hi, lo);
            break;
        }
        default:
            printf(" %u\n", get_u32(d, f));
            break;
        }
    }
}

/* ---- the invariants ------------------------------------------------------------------------ */

static const char* status_name(pydml_status s) {
    switch (s) {
    case PYDML_STATUS_SUCCESS: return "SUCCESS";
    case PYDML_STATUS_INVALID_PARAMETER: return "INVALID_PARAMETER";
    case PYDML_STATUS_UNSUPPORTED_PARAMETER: return "UNSUPPORTED_PARAMETER";
    case PYDML_STATUS_OUT_OF_MEMORY: return "OUT_OF_MEMORY";
    case PYDML_STATUS_OUT_OF_BOUNDS: return "OUT_OF_BOUNDS";
    }
    return "not a pydml_status";
}

static void check_terminated(const char* what, const char* text, size_t size) {
    if (memchr(text, '\0', size) == NULL) fail("%s is not NUL-terminated within its %zu bytes", what, size);
}

static void check_diagnostic(const pydml_diagnostic* d, pydml_status s) {
    check_terminated("diagnostic.message", d->message, sizeof d->message);
    check_terminated("diagnostic.desc", d->desc, sizeof d->desc);
    check_terminated("diagnostic.field", d->field, sizeof d->field);
    check_terminated("diagnostic.rule", d->rule, sizeof d->rule);
    check_terminated("diagnostic.value", d->value, sizeof d->value);
    if (d->has_value > 1) fail("diagnostic.has_value is %u", d->has_value);
    if (s == PYDML_STATUS_SUCCESS) {
        if (d->message[0] || d->desc[0] || d->field[0] || d->rule[0] || d->value[0] || d->has_value ||
            d->required_level)
            fail("a successful validation left a diagnostic: \"%s\"", d->message);
        return;
    }
    if (s == PYDML_STATUS_INVALID_PARAMETER) {
        if (!d->message[0] || !d->desc[0] || !d->rule[0])
            fail("a refusal without message, desc or rule: \"%s\"", d->message);
        if (strncmp(d->message, d->desc, strlen(d->desc)) != 0)
            fail("message \"%s\" does not start with desc \"%s\"", d->message, d->desc);
        if (d->has_value && !d->value[0]) fail("has_value without a value: \"%s\"", d->message);
        if (d->required_level && !is_valid_level(d->required_level))
            fail("required_level 0x%x is not a feature level: \"%s\"", d->required_level, d->message);
    }
}

/* `text` as a message buffer of `size` bytes must hold it: the prefix that fits, then NUL. */
static void check_message(const char* what, const char* buffer, size_t size, const char* text) {
    if (size == 0) return;
    check_terminated(what, buffer, size);
    size_t n = strlen(text);
    if (n > size - 1) n = size - 1;
    if (strlen(buffer) != n || memcmp(buffer, text, n) != 0)
        fail("%s (%zu bytes) holds \"%s\", expected the first %zu bytes of \"%s\"", what, size, buffer, n, text);
}

static const size_t message_sizes[] = {0, 1, 2, 3, 7, 16, 64, 200, 1024, 1500};
#define MESSAGE_SIZE_COUNT (sizeof message_sizes / sizeof message_sizes[0])

typedef struct {
    uint64_t cases, accepted, created, unsupported, out_of_memory, edited, edited_accepted_base;
    uint64_t executed, refused_bindings, hostile_views, hostile_views_run;
    uint64_t accepted_by_op[256];
    double seconds_by_op[256];
    double slowest;           /* seconds of the slowest case, named in slowest_case */
    char slowest_case[256];
} stats_t;

static stats_t g_stats;

/* ---- execution -------------------------------------------------------------------------- */

#define MAX_EXEC_BINDINGS 64
#define SMALL_ELEMENTS 4096u     /* a tensor this small runs for real (under the sanitizers) */
#define SMALL_BYTES (1u << 20)

/* The binding order of the C API: tensor fields in struct order, arrays element by element. */
static uint32_t collect_bindings(const pydml_operator_info* info, const void* desc, int output,
                                 const DML_BUFFER_TENSOR_DESC** out) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        if ((f->role == PYDML_ROLE_OUTPUT) != output) continue;
        if (f->kind == PYDML_FIELD_TENSOR) {
            if (n < MAX_EXEC_BINDINGS) out[n] = pydml_tensor_field(info, desc, f->name);
            n++;
        } else if (f->kind == PYDML_FIELD_TENSOR_ARRAY) {
            uint32_t count = pydml_tensor_array_count(info, desc, f->name);
            for (uint32_t k = 0; k < count; k++, n++)
                if (n < MAX_EXEC_BINDINGS) out[n] = pydml_tensor_array_element(info, desc, f->name, k);
        }
    }
    return n;
}

static uint64_t logical_elements(const DML_BUFFER_TENSOR_DESC* t) {
    uint64_t n = 1;
    for (uint32_t d = 0; d < t->DimensionCount; d++) {
        if (t->Sizes[d] && n > UINT64_MAX / t->Sizes[d]) return UINT64_MAX;
        n *= t->Sizes[d];
    }
    return n;
}

/* Input bytes: random (NaNs, huge and negative indices), zeros, or small values (valid indices,
 * small integers, denormal floats). */
static void fill_input(uint8_t* p, size_t n) {
    uint32_t kind = below(3);
    for (size_t i = 0; i < n; i++) p[i] = kind == 0 ? (uint8_t)next32() : kind == 1 ? 0 : (uint8_t)below(3);
}

/* A view of `t` over `data` (its own strides, or packed ones). */
static void view_of(const DML_BUFFER_TENSOR_DESC* t, void* data, uint64_t bytes, pydml_tensor* v) {
    memset(v, 0, sizeof *v);
    v->data_type = t->DataType;
    v->dim_count = t->DimensionCount;
    uint64_t stride = 1;
    for (uint32_t d = t->DimensionCount; d-- > 0 && d < 8;) {
        v->sizes[d] = t->Sizes[d];
        v->strides[d] = t->Strides ? t->Strides[d] : stride;
        stride *= t->Sizes[d];
    }
    v->data = data;
    v->buffer_bytes = bytes;
}

/* Runs a compiled operator on buffers that fit (every tensor small), or checks that buffers that
 * do not fit are refused before any kernel touches them; then, sometimes, hostile views. */
static void execute_case(pydml_operator* op, const DML_OPERATOR_DESC* desc) {
    const pydml_operator_info* info = pydml_find_operator_info(desc->Type);
    const DML_BUFFER_TENSOR_DESC* tensors[2][MAX_EXEC_BINDINGS];
    uint32_t count[2] = {collect_bindings(info, desc->Desc, 0, tensors[0]),
                         collect_bindings(info, desc->Desc, 1, tensors[1])};
    if (count[0] != pydml_operator_input_count(op) || count[1] != pydml_operator_output_count(op))
        fail("the compiled operator takes %u inputs and %u outputs; its desc's tensors make %u and %u",
             pydml_operator_input_count(op), pydml_operator_output_count(op), count[0], count[1]);
    if (count[0] > MAX_EXEC_BINDINGS || count[1] > MAX_EXEC_BINDINGS) return;
    int small = 1;
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < count[r]; i++)
            if (tensors[r][i] && (logical_elements(tensors[r][i]) > SMALL_ELEMENTS ||
                                  tensors[r][i]->TotalTensorSizeInBytes > SMALL_BYTES))
                small = 0;
    pydml_buffer buffers[2][MAX_EXEC_BINDINGS];
    char message[256];
    if (!small || percent(10)) {
        /* Buffers that do not fit: one present tensor gets fewer bytes than its
         * TotalTensorSizeInBytes (the others at most SMALL_BYTES); nothing may run. */
        uint32_t present = 0;
        for (int r = 0; r < 2; r++)
            for (uint32_t i = 0; i < count[r]; i++) present += tensors[r][i] != NULL;
        uint32_t victim = below(present), k = 0;
        int short_one = 0;
        for (int r = 0; r < 2; r++)
            for (uint32_t i = 0; i < count[r]; i++) {
                const DML_BUFFER_TENSOR_DESC* t = tensors[r][i];
                uint64_t total = t ? t->TotalTensorSizeInBytes : 0, bytes;
                if (t && k++ == victim && total > 0) {
                    bytes = total > SMALL_BYTES ? below(65) : total - 1 - below((uint32_t)(total < 64 ? total : 64));
                    short_one = 1;
                } else {
                    bytes = total > SMALL_BYTES ? below(65) : total;
                }
                if (bytes < total) short_one = 1;
                buffers[r][i].data = t ? alloc_bytes(bytes ? bytes : 1) : NULL;
                buffers[r][i].size_in_bytes = bytes;
            }
        if (!short_one) return;
        pydml_status s = pydml_operator_execute(op, buffers[0], count[0], buffers[1], count[1], message,
                                                sizeof message);
        if (s != PYDML_STATUS_INVALID_PARAMETER)
            fail("pydml_operator_execute says %s (\"%s\") for a buffer smaller than its TotalTensorSizeInBytes",
                 status_name(s), message);
        g_stats.refused_bindings++;
        return;
    }
    /* Buffers that fit: exactly TotalTensorSizeInBytes (sometimes more), random inputs, poisoned
     * outputs. A valid desc on fitting buffers must run. */
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < count[r]; i++) {
            const DML_BUFFER_TENSOR_DESC* t = tensors[r][i];
            uint64_t bytes = t ? t->TotalTensorSizeInBytes + (percent(20) ? below(64) : 0) : 0;
            uint8_t* data = t ? alloc_bytes(bytes ? bytes : 1) : NULL;
            if (data && r == 0) fill_input(data, bytes);
            if (data && r == 1) memset(data, 0xa5, bytes);
            buffers[r][i].data = data;
            buffers[r][i].size_in_bytes = bytes;
        }
    /* OWNED_BY_DML inputs are bound once, by pydml_operator_initialize; execution takes them
     * unbound ({NULL, 0}), as DirectML's DML_BINDING_TYPE_NONE */
    pydml_buffer owned[MAX_EXEC_BINDINGS];
    int any_owned = 0;
    for (uint32_t i = 0; i < count[0]; i++) {
        const int is_owned = tensors[0][i] && (tensors[0][i]->Flags & DML_TENSOR_FLAG_OWNED_BY_DML);
        owned[i] = is_owned ? buffers[0][i] : (pydml_buffer){NULL, 0};
        any_owned |= is_owned;
    }
    if (any_owned) {
        pydml_status si = pydml_operator_initialize(op, owned, count[0], message, sizeof message);
        if (si == PYDML_STATUS_OUT_OF_MEMORY) return;
        if (si != PYDML_STATUS_SUCCESS)
            fail("pydml_operator_initialize says %s (\"%s\") for a valid desc on buffers that fit", status_name(si),
                 message);
        for (uint32_t i = 0; i < count[0]; i++)
            if (owned[i].data) buffers[0][i] = (pydml_buffer){NULL, 0};
    }
    pydml_status s = pydml_operator_execute(op, buffers[0], count[0], buffers[1], count[1], message, sizeof message);
    if (s != PYDML_STATUS_SUCCESS && s != PYDML_STATUS_OUT_OF_MEMORY)
        fail("pydml_operator_execute says %s (\"%s\") for a valid desc on buffers that fit", status_name(s), message);
    g_stats.executed++;
    if (!percent(25)) return;
    /* Hostile views: one view's sizes, strides, dimension count, data type or buffer size changed,
     * over an allocation of exactly the bytes it claims. It may run or be refused; any access
     * outside that allocation is a sanitizer report. */
    pydml_tensor views[2][MAX_EXEC_BINDINGS];
    const pydml_tensor* pointers[2][MAX_EXEC_BINDINGS];
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < count[r]; i++) {
            pointers[r][i] = NULL;
            if (tensors[r][i] == NULL || buffers[r][i].data == NULL) continue; /* absent, or owned */
            view_of(tensors[r][i], buffers[r][i].data, buffers[r][i].size_in_bytes, &views[r][i]);
            pointers[r][i] = &views[r][i];
        }
    int r = count[0] && percent(50) ? 0 : 1;
    if (count[r] == 0) return;
    uint32_t i = below(count[r]);
    if (pointers[r][i] == NULL) return;
    pydml_tensor* v = &views[r][i];
    uint32_t d = v->dim_count ? below(v->dim_count) : 0;
    switch (below(6)) {
    case 0: v->buffer_bytes = below((uint32_t)(v->buffer_bytes < 4096 ? v->buffer_bytes + 1 : 4096)); break;
    case 1: v->sizes[d] = percent(50) ? v->sizes[d] + 1 + below(4) : next32(); break;
    case 2: v->strides[d] = percent(50) ? v->strides[d] + 1 + below(4) : next64(); break;
    case 3: v->dim_count = below(10); break;
    case 4: v->data_type = below(20); break;
    default: v->strides[d] = 0; break;
    }
    if (v->buffer_bytes != buffers[r][i].size_in_bytes) { /* an allocation of exactly the claimed size */
        void* exact = alloc_bytes(v->buffer_bytes ? v->buffer_bytes : 1);
        memcpy(exact, v->data, v->buffer_bytes);
        v->data = exact;
    }
    s = pydml_operator_execute_views(op, pointers[0], count[0], pointers[1], count[1], message, sizeof message);
    g_stats.hostile_views++;
    g_stats.hostile_views_run += s == PYDML_STATUS_SUCCESS;
}

static int g_dump; /* replaying one operator: print each desc before it runs */

static void run_case(uint32_t op_index, const DML_OPERATOR_DESC* desc, uint32_t level, uint32_t flags) {
    static pydml_diagnostic d, again;
    if (g_dump) {
        printf("case %s: feature level 0x%x, execution flags 0x%x\n", g_case, level, flags);
        dump_operator(desc, 0);
        fflush(stdout);
    }
    /* garbage first: the API must clear it */
    memset(&d, 0x5a, sizeof d);
    pydml_status s = pydml_validate_operator_ex(desc, level, &d);
    if (s != PYDML_STATUS_SUCCESS && s != PYDML_STATUS_INVALID_PARAMETER && s != PYDML_STATUS_UNSUPPORTED_PARAMETER)
        fail("pydml_validate_operator_ex returned %d (%s)", (int)s, status_name(s));
    check_diagnostic(&d, s);
    if (g_wild_refuse && s == PYDML_STATUS_SUCCESS)
        fail("the validator accepts a wild count of %u over arrays shorter than it",
             get_u32(desc->Desc, &pydml_find_operator_info(desc->Type)->fields[g_wild_count]));
    if (g_dump) {
        printf("  -> %s %s\n", status_name(s), d.message);
        fflush(stdout);
    }
    /* the same desc, the same verdict, byte for byte (no uninitialised reads, no hidden state);
     * validation dominates the run time, so a third of the cases */
    if (percent(33)) {
        memset(&again, 0xa5, sizeof again);
        pydml_status s2 = pydml_validate_operator_ex(desc, level, &again);
        if (s2 != s || memcmp(&d, &again, sizeof d) != 0)
            fail("two validations of one desc differ: %s \"%s\" then %s \"%s\"", status_name(s), d.message,
                 status_name(s2), again.message);
    }
    const char* expected = s ? d.message : "";

    /* pydml_validate_operator, into NULL or a buffer of exactly the size passed (0 and 1 often) */
    size_t size = percent(40) ? below(3) : message_sizes[below(MESSAGE_SIZE_COUNT)];
    char* message = size == 0 && percent(50) ? NULL : alloc_bytes(size);
    if (message != NULL && size) memset(message, 'x', size);
    pydml_status sv = pydml_validate_operator(desc, level, message, size);
    if (sv != s)
        fail("pydml_validate_operator says %s, pydml_validate_operator_ex %s (\"%s\")", status_name(sv),
             status_name(s), d.message);
    check_message("pydml_validate_operator's message", message, size, expected);

    /* pydml_operator_create: the same verdict on validation */
    size = percent(40) ? below(3) : message_sizes[below(MESSAGE_SIZE_COUNT)];
    message = size == 0 && percent(50) ? NULL : alloc_bytes(size);
    if (message != NULL && size) memset(message, 'x', size);
    pydml_operator* op = (pydml_operator*)&d; /* not NULL: create must reset it */
    pydml_status sc = pydml_operator_create(desc, level, flags, &op, message, size);
    if (s != PYDML_STATUS_SUCCESS) {
        if (sc != s)
            fail("pydml_operator_create says %s for a desc the validator refuses with %s (\"%s\")", status_name(sc),
                 status_name(s), d.message);
        check_message("pydml_operator_create's message", message, size, d.message);
    } else if (flags & ~7u) {
        if (sc != PYDML_STATUS_INVALID_PARAMETER)
            fail("pydml_operator_create says %s for execution flags 0x%x", status_name(sc), flags);
    } else if (sc != PYDML_STATUS_SUCCESS && sc != PYDML_STATUS_UNSUPPORTED_PARAMETER &&
               sc != PYDML_STATUS_OUT_OF_MEMORY) {
        if (size) check_terminated("pydml_operator_create's message", message, size);
        fail("pydml_operator_create says %s (\"%s\") for a desc the validator accepts", status_name(sc),
             size ? message : "");
    }
    if (size) check_terminated("pydml_operator_create's message", message, size);
    if ((sc == PYDML_STATUS_SUCCESS) != (op != NULL))
        fail("pydml_operator_create returned %s with operator %p", status_name(sc), (void*)op);
    if (op != NULL) {
        /* bindings: at least one output, and no more than the desc has tensors (absent ones too) */
        const pydml_operator_info* info = pydml_find_operator_info(desc->Type);
        uint32_t tensors = 0;
        for (uint32_t i = 0; i < info->field_count; i++) {
            const pydml_field_info* f = &info->fields[i];
            if (f->kind == PYDML_FIELD_TENSOR) tensors++;
            if (f->kind == PYDML_FIELD_TENSOR_ARRAY) tensors += get_u32(desc->Desc, &info->fields[f->count_field]);
        }
        uint32_t inputs = pydml_operator_input_count(op), outputs = pydml_operator_output_count(op);
        if (outputs == 0 || inputs + outputs > tensors)
            fail("a compiled operator takes %u inputs and %u outputs; its desc has %u tensors", inputs, outputs,
                 tensors);
        execute_case(op, desc);
        pydml_operator_destroy(op);
    }

    g_stats.cases++;
    if (s == PYDML_STATUS_SUCCESS) {
        g_stats.accepted++;
        if (op_index < 256) g_stats.accepted_by_op[op_index]++;
        g_stats.created += sc == PYDML_STATUS_SUCCESS;
        g_stats.unsupported += sc == PYDML_STATUS_UNSUPPORTED_PARAMETER;
        g_stats.out_of_memory += sc == PYDML_STATUS_OUT_OF_MEMORY;
    }
}

/* Edge cases of the API itself, once per run. */
static void run_api_edges(void) {
    pydml_diagnostic d;
    char message[8];
    pydml_operator* op = NULL;
    g_operator = "(api)";
    set_case();
    if (pydml_validate_operator_ex(NULL, 0x6400, NULL) != PYDML_STATUS_INVALID_PARAMETER)
        fail("pydml_validate_operator_ex accepts a NULL diagnostic");
    if (pydml_validate_operator_ex(NULL, 0x6400, &d) != PYDML_STATUS_INVALID_PARAMETER) fail("a NULL desc is accepted");
    check_diagnostic(&d, PYDML_STATUS_INVALID_PARAMETER);
    if (pydml_validate_operator(NULL, 0x6400, message, sizeof message) != PYDML_STATUS_INVALID_PARAMETER)
        fail("pydml_validate_operator accepts a NULL desc");
    check_message("message", message, sizeof message, d.message);
    if (pydml_operator_create(NULL, 0x6400, 0, &op, message, sizeof message) != PYDML_STATUS_INVALID_PARAMETER ||
        op != NULL)
        fail("pydml_operator_create accepts a NULL desc");
    DML_OPERATOR_DESC empty = {DML_OPERATOR_INVALID, NULL};
    if (pydml_operator_create(&empty, 0x6400, 0, NULL, NULL, 0) != PYDML_STATUS_INVALID_PARAMETER)
        fail("pydml_operator_create accepts a NULL operator pointer");
}

static uint32_t random_level(const pydml_operator_info* op, int valid) {
    if (valid || percent(85)) {
        uint32_t first = 0; /* mostly at or above the operator's level */
        while (first + 1 < pydml_feature_level_count && pydml_feature_levels[first] < op->introduced) first++;
        if (percent(85)) return pydml_feature_levels[first + below(pydml_feature_level_count - first)];
        return pydml_feature_levels[below(pydml_feature_level_count)];
    }
    static const uint32_t bad[] = {0, 1, 0x1001, 0x10ff, 0x2200, 0x6500, 0x7000, 0xffffffffu, 0x80000000u};
    return percent(80) ? bad[below(sizeof bad / sizeof bad[0])] : next32();
}

/* A wild count, the last edit of a desc: written over arrays that stay as they are. */
static void wild_count(void* d, const pydml_operator_info* op) {
    uint32_t counts[MAX_FIELDS], n = 0;
    for (uint32_t i = 0; i < op->field_count; i++) {
        int8_t c = op->fields[i].count_field;
        int seen = 0;
        for (uint32_t k = 0; c >= 0 && k < n; k++) seen |= counts[k] == (uint32_t)c;
        if (c >= 0 && !seen) counts[n++] = (uint32_t)c;
    }
    if (n == 0) return;
    const uint32_t index = counts[below(n)];
    const pydml_field_info* f = &op->fields[index];
    static const uint32_t wild[] = {0u, 9u, 1u << 20, 0xffffffffu};
    /* a count with no partner field is its arrays' only length: only values past the list limit */
    const int partnered = pydml_count_has_rule(op->type, f->name) == 2;
    const uint32_t v = partnered ? wild[below(4)] : wild[percent(20) ? 0 : 2 + below(2)];
    put_u32(d, f, v);
    g_wild_desc = d;
    g_wild_count = (int)index;
    g_wild_refuse = v != 0;
}

/* One case: a valid-looking desc (30%), an accepted desc with targeted edits (35%), or a desc
 * built with random mutations throughout (35%); `edited` forces the second kind. */
static void run_operator(uint32_t op_index, int edited) {
    static pydml_diagnostic probe;
    const pydml_operator_info* info = &pydml_operator_infos[op_index];
    uint32_t mode = edited ? 30 + below(35) : below(100);
    gen_t g;
    g.depth = 0;
    g.mutation = mode < 65 ? 0u : percent(50) ? 1u + below(10) : 5u + below(30);
    g.level = random_level(info, g.mutation == 0);
    DML_OPERATOR_DESC* top = alloc_bytes(sizeof *top);
    top->Type = (DML_OPERATOR_TYPE)info->type;
    top->Desc = gen_desc(&g, info, 0, top);
    if (mode >= 30 && mode < 65) {
        /* Redraw until the validator accepts (it usually does at once; geometry rules such as
         * CONVOLUTION's take a few dozen draws), then edit in one to four places. */
        int accepted = 0;
        for (int tries = 0; tries < 128; tries++) {
            if ((accepted = pydml_validate_operator_ex(top, g.level, &probe) == PYDML_STATUS_SUCCESS)) break;
            top->Desc = gen_desc(&g, info, 0, top);
        }
        g_stats.edited++;
        g_stats.edited_accepted_base += accepted;
        for (uint32_t edits = 1 + below(4); edits-- > 0;) {
            if (percent(5)) g.level = random_level(info, 0);
            else edit_field(&g, (void*)(uintptr_t)top->Desc, info, below(info->field_count), top);
        }
        if (percent(20)) wild_count((void*)(uintptr_t)top->Desc, info);
    }
    const DML_OPERATOR_DESC* desc = top;
    if (g.mutation && percent(3)) desc = NULL;
    if (g.mutation && percent(3)) top->Desc = NULL;
    if (g.mutation && percent(3)) { /* a type whose desc is another operator's, or unknown */
        top->Type = (DML_OPERATOR_TYPE)(percent(70) ? pydml_operator_infos[below(pydml_operator_info_count)].type
                                                    : huge_u32());
        /* another operator's desc may be larger than the one allocated: give it a real one */
        const pydml_operator_info* other = pydml_find_operator_info(top->Type);
        if (other != NULL) top->Desc = gen_desc(&g, other, 0, top);
    }
    if (desc == NULL || top->Desc != g_wild_desc || top->Type != (DML_OPERATOR_TYPE)info->type) g_wild_refuse = 0;
    uint32_t flags = percent(90) ? below(8) : next32();
    run_case(op_index, desc, g.level, flags);
    g_wild_desc = NULL;
    g_wild_count = -1;
    g_wild_refuse = 0;
}

#ifdef PYDML_LIBFUZZER
/* libFuzzer entry (clang -fsanitize=fuzzer,address,undefined -DPYDML_LIBFUZZER): the input's
 * first bytes choose the operator, the round and the random stream, so coverage feedback steers
 * the same generators the seed loop uses. */
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    uint64_t words[2] = {0, 0};
    memcpy(words, data, size < sizeof words ? size : sizeof words);
    uint32_t op_index = (uint32_t)(words[0] % pydml_operator_info_count);
    g_seed = words[1];
    g_iteration = words[0] >> 32;
    g_round = (uint32_t)(words[0] >> 16) & 7u;
    g_operator = pydml_operator_infos[op_index].op_name;
    set_case();
    g_state = mix64(g_seed ^ mix64(words[0]));
    run_operator(op_index, g_round > 0 && pydml_find_rules(pydml_operator_infos[op_index].type) != NULL);
    free_case();
    return 0;
}
#define main seed_loop_main /* libFuzzer brings its own main */
#endif

int main(int argc, char** argv) {
    if (argc == 2 && strcmp(argv[1], "--desc-sizes") == 0) {
        for (uint32_t i = 0; i < pydml_operator_info_count; i++)
            printf("%s %zu\n", pydml_operator_infos[i].desc_name, desc_size(&pydml_operator_infos[i]));
        return 0;
    }
    if (argc < 3 || argc > 5) {
        fprintf(stderr, "usage: %s ITERATIONS SEED [FIRST_ITERATION [OPERATOR_NAME]] | --desc-sizes\n", argv[0]);
        return 2;
    }
    uint64_t iterations = strtoull(argv[1], NULL, 0), first = argc > 3 ? strtoull(argv[3], NULL, 0) : 0;
    const char* only = argc > 4 ? argv[4] : NULL;
    g_dump = only != NULL;
    g_seed = strtoull(argv[2], NULL, 0);
    for (uint32_t i = 0; i < pydml_operator_info_count; i++)
        for (uint32_t k = 0; k < pydml_operator_infos[i].field_count; k++) {
            const pydml_operator_info* op = &pydml_operator_infos[i];
            int8_t c = op->fields[k].count_field;
            if (c >= 0 && !pydml_count_has_rule(op->type, op->fields[c].name)) {
                fprintf(stderr, "fuzz_validate: %s.%s has no bound in validate.c's count_rules\n", op->desc_name,
                        op->fields[c].name);
                return 2;
            }
        }
    for (uint32_t i = 0; i < pydml_operator_info_count; i++)
        if (pydml_operator_infos[i].field_count > MAX_FIELDS) {
            fprintf(stderr, "fuzz_validate: %s has more than %d fields\n", pydml_operator_infos[i].op_name, MAX_FIELDS);
            return 2;
        }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_abort;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGABRT, &action, NULL);
    signal(SIGALRM, on_watchdog);
    clock_t start = clock();
    run_api_edges();
    uint32_t ran_ops = 0;
    for (uint64_t it = first; it < first + iterations; it++) {
        for (uint32_t i = 0; i < pydml_operator_info_count; i++) {
            if (only != NULL && strcmp(only, pydml_operator_infos[i].op_name) != 0) continue;
            /* Operators with rules of their own (hand-written arithmetic on sizes and attributes)
             * get extra cases, all edits of accepted descs: that is where their rules run. */
            uint32_t rounds = pydml_find_rules(pydml_operator_infos[i].type) != NULL ? 1 + RULE_ROUNDS : 1;
            for (uint32_t round = 0; round < rounds; round++) {
                g_iteration = it;
                g_round = round;
                g_operator = pydml_operator_infos[i].op_name;
                set_case();
                g_state = mix64(g_seed ^ mix64(it * 0x100000001b3ull + i * 64 + round + 1));
                alarm(WATCHDOG_SECONDS);
                clock_t case_start = clock();
                run_operator(i, round > 0);
                double seconds = (double)(clock() - case_start) / CLOCKS_PER_SEC;
                if (i < 256) g_stats.seconds_by_op[i] += seconds;
                if (seconds > g_stats.slowest) {
                    g_stats.slowest = seconds;
                    memcpy(g_stats.slowest_case, g_case, sizeof g_case);
                }
                alarm(0);
                free_case();
            }
            if (it == first) ran_ops++;
        }
    }
    free(g_allocs);
    uint32_t accepted_ops = 0;
    for (uint32_t i = 0; i < pydml_operator_info_count && i < 256; i++) accepted_ops += g_stats.accepted_by_op[i] != 0;
    printf("fuzz_validate: seed %llu, %llu iterations over %u operators: %llu cases, %llu accepted "
           "(%u operators accepted at least once), %llu of %llu edited descs edited from an accepted one, "
           "%llu compiled, %llu unsupported, %llu out of memory; %llu executed, %llu refused short buffers, "
           "%llu hostile views (%llu ran), %.1f s\n",
           (unsigned long long)g_seed, (unsigned long long)iterations, ran_ops, (unsigned long long)g_stats.cases,
           (unsigned long long)g_stats.accepted, accepted_ops, (unsigned long long)g_stats.edited_accepted_base,
           (unsigned long long)g_stats.edited, (unsigned long long)g_stats.created,
           (unsigned long long)g_stats.unsupported, (unsigned long long)g_stats.out_of_memory,
           (unsigned long long)g_stats.executed, (unsigned long long)g_stats.refused_bindings,
           (unsigned long long)g_stats.hostile_views, (unsigned long long)g_stats.hostile_views_run,
           (double)(clock() - start) / CLOCKS_PER_SEC);
    printf("slowest case: %.3f s, %s\n", g_stats.slowest, g_stats.slowest_case);
    for (uint32_t i = 0; i < pydml_operator_info_count && i < 256; i++)
        if (only == NULL || strcmp(only, pydml_operator_infos[i].op_name) == 0)
            printf("accepted %s %llu (%.2f s)\n", pydml_operator_infos[i].op_name,
                   (unsigned long long)g_stats.accepted_by_op[i], g_stats.seconds_by_op[i]);
    return 0;
}
