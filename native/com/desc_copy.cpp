/* A deep copy of a DML_OPERATOR_DESC, walked through pydml's schema tables (native/schema/schema.h), so
 * IDMLOperator outlives the caller's desc as DirectML's does. Called only on descs the validator
 * accepted: their pointers, counts and nested activations are well-formed. */
#include "dml.h"

#include <algorithm>

extern "C" {
#include "schema.h"
}

namespace pydml_com {

namespace {

size_t FieldBytes(uint8_t kind) {
    switch (kind) {
    case PYDML_FIELD_UINT:
    case PYDML_FIELD_INT:
    case PYDML_FIELD_FLOAT:
    case PYDML_FIELD_BOOL:
    case PYDML_FIELD_ENUM: return 4;
    case PYDML_FIELD_UINT64:
    case PYDML_FIELD_SIZE_2D:
    case PYDML_FIELD_SCALAR_UNION: return 8;
    default: return sizeof(void*);  // tensors, operators, arrays, scale-bias: pointers
    }
}

/* The desc struct's size as far as its fields reach (its tail padding is never read). */
size_t DescBytes(const pydml_operator_info* info) {
    size_t end = 0;
    for (uint32_t i = 0; i < info->field_count; i++)
        end = std::max(end, size_t(info->fields[i].offset) + FieldBytes(info->fields[i].kind));
    return (end + 7) / 8 * 8;
}

}  // namespace

void* DescCopy::Alloc(size_t bytes) {
    std::unique_ptr<uint8_t[]> block(new (std::nothrow) uint8_t[bytes ? bytes : 1]());
    void* p = block.get();
    if (p) blocks_.push_back(std::move(block));
    return p;
}

bool DescCopy::CopyTensor(DML_TENSOR_DESC* dst, const DML_TENSOR_DESC* src) {
    *dst = *src;
    if (src->Desc == nullptr) return true;
    const auto* b = static_cast<const DML_BUFFER_TENSOR_DESC*>(src->Desc);
    auto* copy = static_cast<DML_BUFFER_TENSOR_DESC*>(Alloc(sizeof *b));
    if (copy == nullptr) return false;
    *copy = *b;
    const size_t n = b->DimensionCount;
    if (b->Sizes) {
        auto* sizes = static_cast<UINT*>(Alloc(n * sizeof(UINT)));
        if (sizes == nullptr) return false;
        std::memcpy(sizes, b->Sizes, n * sizeof(UINT));
        copy->Sizes = sizes;
    }
    if (b->Strides) {
        auto* strides = static_cast<UINT*>(Alloc(n * sizeof(UINT)));
        if (strides == nullptr) return false;
        std::memcpy(strides, b->Strides, n * sizeof(UINT));
        copy->Strides = strides;
    }
    dst->Desc = copy;
    return true;
}

bool DescCopy::CopyOperator(DML_OPERATOR_DESC* dst, const DML_OPERATOR_DESC* src, int depth) {
    *dst = *src;
    const pydml_operator_info* info = pydml_find_operator_info(src->Type);
    if (info == nullptr || src->Desc == nullptr || depth > 4) return true;  // validated: does not happen
    const size_t bytes = DescBytes(info);
    auto* out = static_cast<uint8_t*>(Alloc(bytes));
    if (out == nullptr) return false;
    const auto* in = static_cast<const uint8_t*>(src->Desc);
    std::memcpy(out, in, bytes);
    dst->Desc = out;
    for (uint32_t i = 0; i < info->field_count; i++) {
        const pydml_field_info& f = info->fields[i];
        void* slot = out + f.offset;
        const void* pointer;
        std::memcpy(&pointer, in + f.offset, sizeof pointer);
        UINT count = 0;
        if (f.count_field >= 0) std::memcpy(&count, in + info->fields[f.count_field].offset, sizeof count);
        void* copy = nullptr;
        switch (f.kind) {
        case PYDML_FIELD_TENSOR:
            if (pointer) {
                copy = Alloc(sizeof(DML_TENSOR_DESC));
                if (copy == nullptr || !CopyTensor(static_cast<DML_TENSOR_DESC*>(copy),
                                                   static_cast<const DML_TENSOR_DESC*>(pointer)))
                    return false;
            }
            break;
        case PYDML_FIELD_TENSOR_ARRAY:
            if (pointer) {
                copy = Alloc(count * sizeof(DML_TENSOR_DESC));
                if (copy == nullptr) return false;
                for (UINT k = 0; k < count; k++)
                    if (!CopyTensor(static_cast<DML_TENSOR_DESC*>(copy) + k,
                                    static_cast<const DML_TENSOR_DESC*>(pointer) + k))
                        return false;
            }
            break;
        case PYDML_FIELD_OPERATOR:
            if (pointer) {
                copy = Alloc(sizeof(DML_OPERATOR_DESC));
                if (copy == nullptr || !CopyOperator(static_cast<DML_OPERATOR_DESC*>(copy),
                                                     static_cast<const DML_OPERATOR_DESC*>(pointer), depth + 1))
                    return false;
            }
            break;
        case PYDML_FIELD_OPERATOR_ARRAY:
            if (pointer) {
                copy = Alloc(count * sizeof(DML_OPERATOR_DESC));
                if (copy == nullptr) return false;
                for (UINT k = 0; k < count; k++)
                    if (!CopyOperator(static_cast<DML_OPERATOR_DESC*>(copy) + k,
                                      static_cast<const DML_OPERATOR_DESC*>(pointer) + k, depth + 1))
                        return false;
            }
            break;
        case PYDML_FIELD_UINT_ARRAY:
        case PYDML_FIELD_INT_ARRAY:
        case PYDML_FIELD_FLOAT_ARRAY:
            if (pointer) {
                copy = Alloc(count * 4u);
                if (copy == nullptr) return false;
                std::memcpy(copy, pointer, count * 4u);
            }
            break;
        case PYDML_FIELD_SCALE_BIAS:
            if (pointer) {
                copy = Alloc(sizeof(DML_SCALE_BIAS));
                if (copy == nullptr) return false;
                std::memcpy(copy, pointer, sizeof(DML_SCALE_BIAS));
            }
            break;
        default: continue;  // held by value
        }
        std::memcpy(slot, &copy, sizeof copy);
    }
    return true;
}

bool DescCopy::Copy(const DML_OPERATOR_DESC* desc) { return CopyOperator(&root_, desc, 0); }

}  // namespace pydml_com
