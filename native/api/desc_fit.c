/* Operators of one desc that differ only in integers (include/pydml.h pydml_operator_fit_create): a decoder
 * step's attention operators at each past length, which pydml/onnx/template.py would otherwise make
 * again in Python (desc objects, marshalling) for every new length. Both descs are walked through
 * the schema tables in parallel, as desc_copy.c walks one; an integer that differs is a "site": its
 * byte offset in the fit's own deep copy of b's desc, b's value and b's minus a's. A new operator is a
 * deep copy of that copy (desc_copy.c lays out a desc of the same structure identically, so the
 * offsets hold) with each site's value written, then the one validation and compilation
 * (pydml_operator_create_ex). The rule for what may vary is template.py's: integers only, each at
 * least 2 in both samples and at the new value (a size of 1 or 0 is where lowerings take other
 * paths), whole at the new value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_internal.h"
#include "schema.h"

typedef struct fit_site {
    uint32_t offset; /* from the start of the fit's desc copy */
    uint8_t bytes;   /* 4 or 8 */
    uint8_t is_signed;
    int64_t base;  /* b's value */
    int64_t delta; /* b's value less a's */
} fit_site;

struct pydml_operator_fit {
    DML_OPERATOR_DESC* desc; /* b's desc (pydml_desc_copy: one block) */
    uint32_t feature_level;
    uint32_t execution_flags;
    uint32_t count;
    fit_site* sites;
};

typedef struct walk {
    const unsigned char* root; /* the block the y side lives in (sites are offsets into it) */
    fit_site* sites;
    uint32_t count, capacity;
    int record; /* 0: every integer must be equal as well */
    int failed; /* the descs differ in more than integers (or memory ran out) */
} walk;

static int64_t read_integer(const void* p, int bytes, int is_signed) {
    if (bytes == 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        return v > (uint64_t)INT64_MAX ? -1 : (int64_t)v; /* (a byte size that large never varies) */
    }
    uint32_t v;
    memcpy(&v, p, 4);
    return is_signed ? (int64_t)(int32_t)v : (int64_t)v;
}

static void integer(walk* w, const void* x, const void* y, int bytes, int is_signed) {
    if (w->failed) return;
    const int64_t vx = read_integer(x, bytes, is_signed), vy = read_integer(y, bytes, is_signed);
    if (vx == vy) return;
    if (!w->record || vx < 2 || vy < 2) {
        w->failed = 1;
        return;
    }
    if (w->count == w->capacity) {
        const uint32_t capacity = w->capacity ? 2 * w->capacity : 16;
        fit_site* grown = realloc(w->sites, capacity * sizeof *grown);
        if (grown == NULL) {
            w->failed = 1;
            return;
        }
        w->sites = grown;
        w->capacity = capacity;
    }
    w->sites[w->count++] = (fit_site){(uint32_t)((const unsigned char*)y - w->root), (uint8_t)bytes,
                                      (uint8_t)is_signed, vy, vy - vx};
}

static void same(walk* w, const void* x, const void* y, size_t bytes) {
    if (!w->failed && bytes && memcmp(x, y, bytes) != 0) w->failed = 1;
}

static void walk_tensor(walk* w, const DML_TENSOR_DESC* x, const DML_TENSOR_DESC* y) {
    if (x->Type != y->Type || (x->Desc == NULL) != (y->Desc == NULL)) w->failed = 1;
    if (w->failed || x->Desc == NULL) return;
    const DML_BUFFER_TENSOR_DESC* a = x->Desc;
    const DML_BUFFER_TENSOR_DESC* b = y->Desc;
    if (a->DataType != b->DataType || a->Flags != b->Flags || a->DimensionCount != b->DimensionCount ||
        (a->Sizes == NULL) != (b->Sizes == NULL) || (a->Strides == NULL) != (b->Strides == NULL)) {
        w->failed = 1;
        return;
    }
    for (UINT k = 0; a->Sizes && k < a->DimensionCount; k++) integer(w, &a->Sizes[k], &b->Sizes[k], 4, 0);
    for (UINT k = 0; a->Strides && k < a->DimensionCount; k++) integer(w, &a->Strides[k], &b->Strides[k], 4, 0);
    integer(w, &a->TotalTensorSizeInBytes, &b->TotalTensorSizeInBytes, 8, 0);
    integer(w, &a->GuaranteedBaseOffsetAlignment, &b->GuaranteedBaseOffsetAlignment, 4, 0);
}

/* Whether field i of info is the length of another field's array (a count never varies: the two
 * descs would have different structures). */
static int is_count(const pydml_operator_info* info, uint32_t i) {
    for (uint32_t j = 0; j < info->field_count; j++)
        if (info->fields[j].count_field == (int8_t)i) return 1;
    return 0;
}

static void walk_operator(walk* w, const DML_OPERATOR_DESC* x, const DML_OPERATOR_DESC* y, int depth) {
    if (x->Type != y->Type || (x->Desc == NULL) != (y->Desc == NULL) || depth > 4) w->failed = 1;
    const pydml_operator_info* info = w->failed ? NULL : pydml_find_operator_info(x->Type);
    if (info == NULL || x->Desc == NULL) {
        if (info == NULL) w->failed = 1;
        return;
    }
    const unsigned char* a = x->Desc;
    const unsigned char* b = y->Desc;
    for (uint32_t i = 0; i < info->field_count && !w->failed; i++) {
        const pydml_field_info* f = &info->fields[i];
        const unsigned char* fa = a + f->offset;
        const unsigned char* fb = b + f->offset;
        UINT count = 0, other = 0;
        if (f->count_field >= 0) {
            memcpy(&count, a + info->fields[f->count_field].offset, sizeof count);
            memcpy(&other, b + info->fields[f->count_field].offset, sizeof other);
            if (count != other) {
                w->failed = 1;
                return;
            }
        }
        const void* pa = NULL;
        const void* pb = NULL;
        switch (f->kind) {
        case PYDML_FIELD_UINT:
            if (is_count(info, i))
                same(w, fa, fb, 4);
            else
                integer(w, fa, fb, 4, 0);
            continue;
        case PYDML_FIELD_INT: integer(w, fa, fb, 4, 1); continue;
        case PYDML_FIELD_UINT64: integer(w, fa, fb, 8, 0); continue;
        case PYDML_FIELD_SIZE_2D:
            integer(w, fa, fb, 4, 0);
            integer(w, fa + 4, fb + 4, 4, 0);
            continue;
        case PYDML_FIELD_FLOAT:
        case PYDML_FIELD_BOOL:
        case PYDML_FIELD_ENUM: same(w, fa, fb, 4); continue;
        case PYDML_FIELD_SCALAR_UNION: same(w, fa, fb, 8); continue;
        default: break;
        }
        memcpy(&pa, fa, sizeof pa);
        memcpy(&pb, fb, sizeof pb);
        if ((pa == NULL) != (pb == NULL)) {
            w->failed = 1;
            return;
        }
        if (pa == NULL) continue;
        switch (f->kind) {
        case PYDML_FIELD_TENSOR: walk_tensor(w, pa, pb); break;
        case PYDML_FIELD_TENSOR_ARRAY:
            for (UINT k = 0; k < count; k++)
                walk_tensor(w, (const DML_TENSOR_DESC*)pa + k, (const DML_TENSOR_DESC*)pb + k);
            break;
        case PYDML_FIELD_OPERATOR: walk_operator(w, pa, pb, depth + 1); break;
        case PYDML_FIELD_OPERATOR_ARRAY:
            for (UINT k = 0; k < count; k++)
                walk_operator(w, (const DML_OPERATOR_DESC*)pa + k, (const DML_OPERATOR_DESC*)pb + k, depth + 1);
            break;
        case PYDML_FIELD_UINT_ARRAY:
        case PYDML_FIELD_INT_ARRAY:
            for (UINT k = 0; k < count; k++)
                integer(w, (const UINT*)pa + k, (const UINT*)pb + k, 4, f->kind == PYDML_FIELD_INT_ARRAY);
            break;
        case PYDML_FIELD_FLOAT_ARRAY: same(w, pa, pb, (size_t)count * 4u); break;
        case PYDML_FIELD_SCALE_BIAS: same(w, pa, pb, sizeof(DML_SCALE_BIAS)); break;
        default: w->failed = 1; break;
        }
    }
}

pydml_status pydml_operator_fit_create(const pydml_operator* a, const pydml_operator* b, pydml_operator_fit** fit) {
    if (fit == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *fit = NULL;
    const DML_OPERATOR_DESC* da = pydml_operator_desc(a);
    const DML_OPERATOR_DESC* db = pydml_operator_desc(b);
    if (da == NULL || db == NULL || pydml_operator_feature_level(a) != pydml_operator_feature_level(b) ||
        pydml_operator_execution_flags(a) != pydml_operator_execution_flags(b))
        return PYDML_STATUS_INVALID_PARAMETER;
    pydml_operator_fit* f = calloc(1, sizeof *f);
    if (f == NULL || (f->desc = pydml_desc_copy(db)) == NULL) {
        free(f);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    f->feature_level = pydml_operator_feature_level(b);
    f->execution_flags = pydml_operator_execution_flags(b);
    walk w = {(const unsigned char*)f->desc, NULL, 0, 0, 1, 0};
    walk_operator(&w, da, f->desc, 0);
    if (w.failed) {
        free(w.sites);
        pydml_operator_fit_release(f);
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    f->sites = w.sites;
    f->count = w.count;
    *fit = f;
    return PYDML_STATUS_SUCCESS;
}

uint32_t pydml_operator_fit_sites(const pydml_operator_fit* fit) { return fit ? fit->count : 0; }

void pydml_operator_fit_release(pydml_operator_fit* fit) {
    if (fit == NULL) return;
    free(fit->desc);
    free(fit->sites);
    free(fit);
}

/* fit's desc at s = numerator / denominator (a new block), or NULL with d's message set. */
static DML_OPERATOR_DESC* fit_desc_at(const pydml_operator_fit* fit, int64_t numerator, int64_t denominator,
                                      pydml_diagnostic* d, pydml_status* status) {
    *status = PYDML_STATUS_INVALID_PARAMETER;
    const pydml_operator_info* info = pydml_find_operator_info(fit->desc->Type);
    const char* name = info ? info->desc_name : "pydml_operator_fit";
    if (denominator <= 0) {
        snprintf(d->message, sizeof d->message, "%s: the fit's parameter needs a positive denominator", name);
        return NULL;
    }
    DML_OPERATOR_DESC* copy = pydml_desc_copy(fit->desc);
    if (copy == NULL) {
        *status = PYDML_STATUS_OUT_OF_MEMORY;
        snprintf(d->message, sizeof d->message, "%s: out of memory", name);
        return NULL;
    }
    for (uint32_t i = 0; i < fit->count; i++) {
        const fit_site* s = &fit->sites[i];
        const __int128 step = (__int128)s->delta * numerator;
        const __int128 value = (__int128)s->base + step / denominator;
        const __int128 top = s->bytes == 8 ? (__int128)INT64_MAX : s->is_signed ? (__int128)INT32_MAX : (__int128)UINT32_MAX;
        if (step % denominator != 0 || value < 2 || value > top) {
            snprintf(d->message, sizeof d->message,
                     "%s: an integer of the fitted desc (at byte %u, %lld there, %lld per step) is not a whole "
                     "number of at least 2 in its field's range at s = %lld/%lld",
                     name, s->offset, (long long)s->base, (long long)s->delta, (long long)numerator,
                     (long long)denominator);
            free(copy);
            return NULL;
        }
        unsigned char* at = (unsigned char*)copy + s->offset;
        if (s->bytes == 8) {
            const uint64_t v = (uint64_t)value;
            memcpy(at, &v, 8);
        } else {
            const uint32_t v = (uint32_t)value;
            memcpy(at, &v, 4);
        }
    }
    *status = PYDML_STATUS_SUCCESS;
    return copy;
}

/* The most logical elements of any one tensor op binds. */
static uint64_t largest_tensor(const pydml_operator* op) {
    uint64_t largest = 0;
    for (uint32_t out = 0; out < 2; out++) {
        const uint32_t n = out ? pydml_operator_output_count(op) : pydml_operator_input_count(op);
        for (uint32_t i = 0; i < n; i++) {
            pydml_binding_info info;
            if (pydml_operator_binding_info(op, out, i, &info) || !info.present) continue;
            const uint64_t elements = pydml_tensor_element_count(&info.tensor);
            if (elements > largest) largest = elements;
        }
    }
    return largest;
}

pydml_status pydml_operator_create_fitted(const pydml_operator_fit* fit, int64_t numerator, int64_t denominator,
                                          uint64_t max_elements, pydml_operator** op, pydml_diagnostic* diagnostic) {
    pydml_diagnostic scratch;
    pydml_diagnostic* d = diagnostic ? diagnostic : &scratch;
    memset(d, 0, sizeof *d);
    if (op == NULL || fit == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *op = NULL;
    pydml_status s;
    DML_OPERATOR_DESC* desc = fit_desc_at(fit, numerator, denominator, d, &s);
    if (desc == NULL) return s;
    s = pydml_operator_create_ex(desc, fit->feature_level, fit->execution_flags, op, d);
    free(desc);
    if (s == PYDML_STATUS_SUCCESS && max_elements && largest_tensor(*op) > max_elements) {
        snprintf(d->message, sizeof d->message, "%s: a tensor has more than the %llu elements allowed",
                 pydml_operator_desc_name(*op), (unsigned long long)max_elements);
        pydml_operator_destroy(*op);
        *op = NULL;
        return PYDML_STATUS_INVALID_PARAMETER;
    }
    return s;
}

int pydml_operator_fit_predicts(const pydml_operator_fit* fit, int64_t numerator, int64_t denominator,
                                const pydml_operator* op) {
    const DML_OPERATOR_DESC* actual = pydml_operator_desc(op);
    if (fit == NULL || actual == NULL || pydml_operator_feature_level(op) != fit->feature_level ||
        pydml_operator_execution_flags(op) != fit->execution_flags)
        return 0;
    pydml_diagnostic d;
    pydml_status s;
    DML_OPERATOR_DESC* predicted = fit_desc_at(fit, numerator, denominator, &d, &s);
    if (predicted == NULL) return 0;
    walk w = {(const unsigned char*)predicted, NULL, 0, 0, 0, 0};
    walk_operator(&w, actual, predicted, 0);
    free(predicted);
    return !w.failed;
}
