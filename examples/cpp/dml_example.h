// The D3D12 plumbing the three DirectML examples share (device, queue, command list, buffers,
// upload and readback), written against D3D12 as a WSL program would be. Built against
// pydml's DirectML.h and libdirectml.so, or against Microsoft's DirectML.h (see below).
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>
#include <wsl/wrladapter.h>

#include "DirectML.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#ifndef PYDML_DIRECTML_H
// Microsoft's DirectML.h declares no __uuidof for its interfaces on Linux; pydml's does.
__CRT_UUID_DECL(IDMLObject, 0xc8263aac, 0x9e0c, 0x4a2d, 0x9b, 0x8e, 0x00, 0x75, 0x21, 0xa3, 0x31, 0x7c)
__CRT_UUID_DECL(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f)
__CRT_UUID_DECL(IDMLOperator, 0x26caae7a, 0x3081, 0x4633, 0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69, 0x5d)
__CRT_UUID_DECL(IDMLCompiledOperator, 0x6b15e56a, 0xbf5c, 0x4902, 0x92, 0xd8, 0xda, 0x3a, 0x65, 0x0a, 0xfe, 0xa4)
__CRT_UUID_DECL(IDMLOperatorInitializer, 0x427c1113, 0x435c, 0x469c, 0x86, 0x76, 0x4d, 0x5d, 0xd0, 0x72, 0xf8, 0x13)
__CRT_UUID_DECL(IDMLBindingTable, 0x29c687dc, 0xde74, 0x4e3b, 0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc, 0x3c, 0xfc)
__CRT_UUID_DECL(IDMLCommandRecorder, 0xe6857a76, 0x2e3e, 0x4fdd, 0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f, 0xb4, 0x53)
__CRT_UUID_DECL(IDMLDevice1, 0xa0884f9a, 0xd2be, 0x4355, 0xaa, 0x5d, 0x59, 0x01, 0x28, 0x1a, 0xd1, 0xd2)
#endif

using Microsoft::WRL::ComPtr;

// The most recent message of the D3D12 info queue (where DirectML's debug layer writes too).
inline void PrintLastMessage(ID3D12Device* device) {
    ComPtr<ID3D12InfoQueue> queue;
    if (device == nullptr || FAILED(device->QueryInterface(IID_PPV_ARGS(&queue)))) return;
    const UINT64 n = queue->GetNumStoredMessages();
    if (n == 0) return;
    SIZE_T length = 0;
    queue->GetMessage(n - 1, nullptr, &length);
    std::vector<char> bytes(length);
    auto* message = reinterpret_cast<D3D12_MESSAGE*>(bytes.data());
    if (SUCCEEDED(queue->GetMessage(n - 1, message, &length))) std::fprintf(stderr, "  %s\n", message->pDescription);
}

inline ID3D12Device* g_device = nullptr;

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        HRESULT hr_ = (call);                                                                        \
        if (FAILED(hr_)) {                                                                           \
            std::fprintf(stderr, "%s failed: HRESULT 0x%08x\n", #call, static_cast<unsigned>(hr_)); \
            PrintLastMessage(g_device);                                                              \
            std::exit(1);                                                                            \
        }                                                                                            \
    } while (0)

struct Gpu {
    ComPtr<ID3D12Device> device;
    ComPtr<ID3D12CommandQueue> queue;
    ComPtr<ID3D12CommandAllocator> allocator;
    ComPtr<ID3D12GraphicsCommandList> list;
    ComPtr<ID3D12Fence> fence;
    UINT64 fence_value = 0;
    std::vector<ComPtr<ID3D12Resource>> uploads;  // alive until the list that reads them has run

    Gpu() {
        CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device)));
        g_device = device.Get();
        D3D12_COMMAND_QUEUE_DESC queue_desc{};
        queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
        CHECK(device->CreateCommandQueue(&queue_desc, IID_PPV_ARGS(&queue)));
        CHECK(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_PPV_ARGS(&allocator)));
        CHECK(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator.Get(), nullptr,
                                        IID_PPV_ARGS(&list)));
        CHECK(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence)));
    }

    ComPtr<ID3D12Resource> Buffer(D3D12_HEAP_TYPE heap, UINT64 bytes) {
        D3D12_HEAP_PROPERTIES heap_properties{};
        heap_properties.Type = heap;
        D3D12_RESOURCE_DESC desc{};
        desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
        desc.Width = bytes;
        desc.Height = desc.DepthOrArraySize = desc.MipLevels = 1;
        desc.SampleDesc.Count = 1;
        desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
        desc.Flags = heap == D3D12_HEAP_TYPE_DEFAULT ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
                                                     : D3D12_RESOURCE_FLAG_NONE;
        const D3D12_RESOURCE_STATES state = heap == D3D12_HEAP_TYPE_UPLOAD     ? D3D12_RESOURCE_STATE_GENERIC_READ
                                            : heap == D3D12_HEAP_TYPE_READBACK ? D3D12_RESOURCE_STATE_COPY_DEST
                                                                               : D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
        ComPtr<ID3D12Resource> buffer;
        CHECK(device->CreateCommittedResource(&heap_properties, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                              IID_PPV_ARGS(&buffer)));
        return buffer;
    }

    void Barrier(ID3D12Resource* resource, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
        D3D12_RESOURCE_BARRIER barrier{};
        barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
        barrier.Transition.pResource = resource;
        barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
        barrier.Transition.StateBefore = before;
        barrier.Transition.StateAfter = after;
        list->ResourceBarrier(1, &barrier);
    }

    // Records a copy of `bytes` from host memory into a DEFAULT-heap buffer (left in UNORDERED_ACCESS).
    void Upload(ID3D12Resource* destination, const void* data, UINT64 bytes) {
        ComPtr<ID3D12Resource> upload = Buffer(D3D12_HEAP_TYPE_UPLOAD, bytes);
        void* mapped = nullptr;
        CHECK(upload->Map(0, nullptr, &mapped));
        std::memcpy(mapped, data, bytes);
        upload->Unmap(0, nullptr);
        Barrier(destination, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_DEST);
        list->CopyBufferRegion(destination, 0, upload.Get(), 0, bytes);
        Barrier(destination, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        uploads.push_back(upload);
    }

    void CloseExecuteResetWait() {
        CHECK(list->Close());
        ID3D12CommandList* lists[] = {list.Get()};
        queue->ExecuteCommandLists(1, lists);
        CHECK(queue->Signal(fence.Get(), ++fence_value));
        CHECK(fence->SetEventOnCompletion(fence_value, nullptr));  // a NULL event blocks, as on WSL
        CHECK(device->GetDeviceRemovedReason());
        CHECK(allocator->Reset());
        CHECK(list->Reset(allocator.Get(), nullptr));
        uploads.clear();
    }

    // Copies a DEFAULT-heap buffer to a READBACK one, runs the list, and returns the floats.
    std::vector<float> Readback(ID3D12Resource* source, UINT64 bytes) {
        ComPtr<ID3D12Resource> readback = Buffer(D3D12_HEAP_TYPE_READBACK, bytes);
        Barrier(source, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
        list->CopyResource(readback.Get(), source);
        Barrier(source, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        CloseExecuteResetWait();
        void* mapped = nullptr;
        D3D12_RANGE range{0, static_cast<SIZE_T>(bytes)};
        CHECK(readback->Map(0, &range, &mapped));
        std::vector<float> out(bytes / sizeof(float));
        std::memcpy(out.data(), mapped, bytes);
        D3D12_RANGE written{0, 0};
        readback->Unmap(0, &written);
        return out;
    }

    // A shader-visible descriptor heap of `count` descriptors, set on the command list.
    ComPtr<ID3D12DescriptorHeap> DescriptorHeap(UINT count) {
        D3D12_DESCRIPTOR_HEAP_DESC desc{};
        desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
        desc.NumDescriptors = count;
        desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
        ComPtr<ID3D12DescriptorHeap> heap;
        CHECK(device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&heap)));
        ID3D12DescriptorHeap* heaps[] = {heap.Get()};
        list->SetDescriptorHeaps(1, heaps);
        return heap;
    }
};

// A packed FLOAT32 buffer tensor: DMLCalcBufferTensorSize for packed strides, rounded up to 4.
struct FloatTensor {
    std::vector<UINT> sizes;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC desc{};

    explicit FloatTensor(std::vector<UINT> s, DML_TENSOR_FLAGS flags = DML_TENSOR_FLAG_NONE) : sizes(std::move(s)) {
        UINT64 elements = 1;
        for (UINT size : sizes) elements *= size;
        buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
        buffer.Flags = flags;
        buffer.DimensionCount = static_cast<UINT>(sizes.size());
        buffer.Sizes = sizes.data();
        buffer.TotalTensorSizeInBytes = (elements * sizeof(float) + 3) & ~UINT64(3);
        desc = DML_TENSOR_DESC{DML_TENSOR_TYPE_BUFFER, &buffer};
    }
    FloatTensor(const FloatTensor&) = delete;
    UINT64 Bytes() const { return buffer.TotalTensorSizeInBytes; }
};

inline DML_BINDING_DESC BufferBinding(DML_BUFFER_BINDING* binding, ID3D12Resource* resource, UINT64 bytes) {
    *binding = DML_BUFFER_BINDING{resource, 0, bytes};
    return DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, binding};
}

// The descriptor count a binding table needs for an initializer and the operator it initializes.
inline UINT DescriptorCount(IDMLDispatchable* a, IDMLDispatchable* b) {
    const UINT x = a->GetBindingProperties().RequiredDescriptorCount;
    const UINT y = b->GetBindingProperties().RequiredDescriptorCount;
    return x > y ? x : y;
}

// The binding-table desc for `dispatchable` over a descriptor heap's first descriptors.
inline DML_BINDING_TABLE_DESC TableDesc(IDMLDispatchable* dispatchable, ID3D12DescriptorHeap* heap, UINT count) {
    DML_BINDING_TABLE_DESC desc{};
    desc.Dispatchable = dispatchable;
    desc.CPUDescriptorHandle = heap->GetCPUDescriptorHandleForHeapStart();
    desc.GPUDescriptorHandle = heap->GetGPUDescriptorHandleForHeapStart();
    desc.SizeInDescriptors = count;
    return desc;
}
