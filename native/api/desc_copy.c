/* A deep copy of a validated DML_OPERATOR_DESC in one allocation, walked through the schema tables
 * (native/schema/schema.h), as native/com/desc_copy.cpp does for IDMLOperator. A compiled operator keeps
 * one (capi.c) so the graph compiler can re-create it with FusedActivation set (graph.c): DirectML
 * fuses from the descs it was given, and so does pydml. Called only on descs the validator
 * accepted: their pointers, counts and nested activations are well-formed. */
#include <stdlib.h>
#include <string.h>

#include "capi_internal.h"
#include "schema.h"

static size_t field_bytes(uint8_t kind) {
    switch (kind) {
    case PYDML_FIELD_UINT:
    case PYDML_FIELD_INT:
    case PYDML_FIELD_FLOAT:
    case PYDML_FIELD_BOOL:
    case PYDML_FIELD_ENUM: return 4;
    case PYDML_FIELD_UINT64:
    case PYDML_FIELD_SIZE_2D:
    case PYDML_FIELD_SCALAR_UNION: return 8;
    default: return sizeof(void*); /* tensors, operators, arrays, scale-bias: pointers */
    }
}

/* Fields that hold a pointer (read as one only then: a 4-byte field may end the struct). */
static int is_pointer(uint8_t kind) {
    switch (kind) {
    case PYDML_FIELD_TENSOR:
    case PYDML_FIELD_TENSOR_ARRAY:
    case PYDML_FIELD_OPERATOR:
    case PYDML_FIELD_OPERATOR_ARRAY:
    case PYDML_FIELD_UINT_ARRAY:
    case PYDML_FIELD_INT_ARRAY:
    case PYDML_FIELD_FLOAT_ARRAY:
    case PYDML_FIELD_SCALE_BIAS: return 1;
    default: return 0;
    }
}

/* The desc struct's size as far as its fields reach (its tail padding is never read). */
size_t pydml_desc_struct_bytes(const pydml_operator_info* info) {
    size_t end = 0;
    for (uint32_t i = 0; i < info->field_count; i++) {
        const size_t e = (size_t)info->fields[i].offset + field_bytes(info->fields[i].kind);
        if (e > end) end = e;
    }
    return (end + 7u) / 8u * 8u;
}

/* A bump allocator over one block; with base NULL it only counts. */
typedef struct bump {
    unsigned char* base;
    size_t used;
} bump;

static void* take(bump* b, size_t bytes) {
    void* p = b->base ? b->base + b->used : NULL;
    b->used += (bytes + 15u) / 16u * 16u;
    if (b->base) memset(p, 0, bytes);
    return p;
}

static void copy_tensor(bump* b, DML_TENSOR_DESC* dst, const DML_TENSOR_DESC* src) {
    if (dst) *dst = *src;
    const DML_BUFFER_TENSOR_DESC* t = src->Desc;
    if (t == NULL) return;
    DML_BUFFER_TENSOR_DESC* copy = take(b, sizeof *copy);
    if (copy) *copy = *t;
    const size_t n = t->DimensionCount;
    if (t->Sizes) {
        UINT* sizes = take(b, n * sizeof(UINT));
        if (sizes) {
            memcpy(sizes, t->Sizes, n * sizeof(UINT));
            copy->Sizes = sizes;
        }
    }
    if (t->Strides) {
        UINT* strides = take(b, n * sizeof(UINT));
        if (strides) {
            memcpy(strides, t->Strides, n * sizeof(UINT));
            copy->Strides = strides;
        }
    }
    if (dst) dst->Desc = copy;
}

static void copy_operator(bump* b, DML_OPERATOR_DESC* dst, const DML_OPERATOR_DESC* src, int depth) {
    if (dst) *dst = *src;
    const pydml_operator_info* info = pydml_find_operator_info(src->Type);
    if (info == NULL || src->Desc == NULL || depth > 4) return; /* validated: does not happen */
    const size_t bytes = pydml_desc_struct_bytes(info);
    unsigned char* out = take(b, bytes);
    const unsigned char* in = src->Desc;
    if (out) {
        memcpy(out, in, bytes);
        dst->Desc = out;
    }
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info* f = &info->fields[i];
        if (!is_pointer(f->kind)) continue; /* held by value (copied above); may end the struct */
        const void* pointer;
        memcpy(&pointer, in + f->offset, sizeof pointer);
        UINT count = 0;
        if (f->count_field >= 0) memcpy(&count, in + info->fields[f->count_field].offset, sizeof count);
        void* copy = NULL;
        switch (f->kind) {
        case PYDML_FIELD_TENSOR:
            if (pointer) {
                copy = take(b, sizeof(DML_TENSOR_DESC));
                copy_tensor(b, copy, pointer);
            }
            break;
        case PYDML_FIELD_TENSOR_ARRAY:
            if (pointer) {
                copy = take(b, count * sizeof(DML_TENSOR_DESC));
                for (UINT k = 0; k < count; k++)
                    copy_tensor(b, copy ? (DML_TENSOR_DESC*)copy + k : NULL, (const DML_TENSOR_DESC*)pointer + k);
            }
            break;
        case PYDML_FIELD_OPERATOR:
            if (pointer) {
                copy = take(b, sizeof(DML_OPERATOR_DESC));
                copy_operator(b, copy, pointer, depth + 1);
            }
            break;
        case PYDML_FIELD_OPERATOR_ARRAY:
            if (pointer) {
                copy = take(b, count * sizeof(DML_OPERATOR_DESC));
                for (UINT k = 0; k < count; k++)
                    copy_operator(b, copy ? (DML_OPERATOR_DESC*)copy + k : NULL,
                                  (const DML_OPERATOR_DESC*)pointer + k, depth + 1);
            }
            break;
        case PYDML_FIELD_UINT_ARRAY:
        case PYDML_FIELD_INT_ARRAY:
        case PYDML_FIELD_FLOAT_ARRAY:
            if (pointer) {
                copy = take(b, count * 4u);
                if (copy) memcpy(copy, pointer, count * 4u);
            }
            break;
        case PYDML_FIELD_SCALE_BIAS:
            if (pointer) {
                copy = take(b, sizeof(DML_SCALE_BIAS));
                if (copy) memcpy(copy, pointer, sizeof(DML_SCALE_BIAS));
            }
            break;
        default: continue; /* not reached: is_pointer */
        }
        if (out) memcpy(out + f->offset, &copy, sizeof copy);
    }
}

DML_OPERATOR_DESC* pydml_desc_copy(const DML_OPERATOR_DESC* desc) {
    bump count = {NULL, 0};
    take(&count, sizeof(DML_OPERATOR_DESC));
    copy_operator(&count, NULL, desc, 0);
    bump b = {malloc(count.used), 0};
    if (b.base == NULL) return NULL;
    DML_OPERATOR_DESC* root = take(&b, sizeof *root);
    copy_operator(&b, root, desc, 0);
    return root;
}
