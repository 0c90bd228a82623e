/* A CPU stand-in for the part of D3D12 that DirectML programs use (issue 26, item 3).
 *
 * Device, command queues (direct, compute, copy), command allocators, graphics command lists
 * (CopyResource, CopyBufferRegion, ResourceBarrier, SetDescriptorHeaps, Close, Reset), committed
 * buffers on the DEFAULT, UPLOAD and READBACK heaps (host memory; GetGPUVirtualAddress is its
 * address), CBV/SRV/UAV descriptor heaps and their handles, fences, and the info queue that holds
 * the device's messages. A queue runs a list's commands when ExecuteCommandLists is called, in
 * recording order, on the calling thread, so every fence a queue signals is complete when Signal
 * returns. Every other method returns E_NOTIMPL (d3d12_stubs.h) and says so in the info queue.
 * Textures, shaders, root signatures and pipeline states are out of scope. */
#include "com.h"

#include "d3d12_stubs.h"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace pydml_com {

namespace impl {  // named: the classes below derive from these (-Wsubobject-linkage)

constexpr UINT kDescriptorSize = 32;  // GetDescriptorHandleIncrementSize: any fixed size works
constexpr size_t kMessageLimit = 1024;

template <class I>
class ObjectImpl : public I, public Tracked {
public:
    PYDML_COM_UNKNOWN_METHODS
    PYDML_COM_OBJECT_METHODS(const IUnknown*)
};

}  // namespace impl
using namespace impl;

/* ---- device ------------------------------------------------------------------------------------ */

class D3DDevice;

namespace impl {

/* ID3D12InfoQueue as a tear-off of the device: its references are the device's. */
class InfoQueueBase : public ID3D12InfoQueue {
public:
    explicit InfoQueueBase(D3DDevice* device) : device_(device) {}
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppv) override;
    ULONG STDMETHODCALLTYPE AddRef() override;
    ULONG STDMETHODCALLTYPE Release() override;
    HRESULT NotImplemented(const char* method);

protected:
    D3DDevice* device_;
};

class InfoQueue final : public Stub_ID3D12InfoQueue<InfoQueueBase> {
public:
    using Stub_ID3D12InfoQueue<InfoQueueBase>::Stub_ID3D12InfoQueue;
    HRESULT STDMETHODCALLTYPE SetMessageCountLimit(UINT64 limit) override;
    void STDMETHODCALLTYPE ClearStoredMessages(void) override;
    HRESULT STDMETHODCALLTYPE GetMessage(UINT64 index, D3D12_MESSAGE* message, SIZE_T* length) override;
    UINT64 STDMETHODCALLTYPE GetNumStoredMessages(void) override;
    UINT64 STDMETHODCALLTYPE GetNumStoredMessagesAllowedByRetrievalFilter(void) override {
        return GetNumStoredMessages();
    }
    UINT64 STDMETHODCALLTYPE GetMessageCountLimit(void) override;
};

}  // namespace impl
using namespace impl;

class DescriptorHeap;

class D3DDevice final : public Stub_ID3D12Device<ObjectImpl<ID3D12Device>>, public MessageSink {
public:
    D3DDevice() : info_queue_(this) { RegisterObject(static_cast<ID3D12Device*>(this), this); }

    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12Device))
            return static_cast<ID3D12Device*>(this);
        if (riid == __uuidof(ID3D12InfoQueue)) return static_cast<ID3D12InfoQueue*>(&info_queue_);
        return nullptr;
    }
    const char* TypeName() const override { return "ID3D12Device"; }
    MessageSink* Sink() override { return this; }
    bool Immortal() const override { return true; }

    /* MessageSink */
    void Report(const std::string& message) override {
        std::lock_guard<std::mutex> hold(messages_lock_);
        last_ = message;
        messages_.push_back(message);
        while (messages_.size() > limit_) {
            messages_.erase(messages_.begin());
            discarded_++;
        }
    }
    std::string LastMessage() override {
        std::lock_guard<std::mutex> hold(messages_lock_);
        return last_;
    }

    /* D3D12 removes the device on invalid use of a method without an HRESULT. */
    void Remove(HRESULT reason, const std::string& message) {
        Report(message);
        HRESULT expected = S_OK;
        removed_.compare_exchange_strong(expected, reason);
    }
    HRESULT RemovedReason() const { return removed_.load(); }

    UINT STDMETHODCALLTYPE GetNodeCount(void) override { return 1; }
    HRESULT STDMETHODCALLTYPE CreateCommandQueue(const D3D12_COMMAND_QUEUE_DESC* desc, REFIID riid,
                                                 void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE type, REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateCommandList(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type,
                                                ID3D12CommandAllocator* allocator, ID3D12PipelineState* state,
                                                REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateDescriptorHeap(const D3D12_DESCRIPTOR_HEAP_DESC* desc, REFIID riid,
                                                   void** ppv) override;
    UINT STDMETHODCALLTYPE GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE) override {
        return kDescriptorSize;
    }
    D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE GetResourceAllocationInfo(UINT, UINT count,
                                                                               const D3D12_RESOURCE_DESC* descs) override;
    HRESULT STDMETHODCALLTYPE CreateCommittedResource(const D3D12_HEAP_PROPERTIES* heap, D3D12_HEAP_FLAGS heap_flags,
                                                      const D3D12_RESOURCE_DESC* desc, D3D12_RESOURCE_STATES state,
                                                      const D3D12_CLEAR_VALUE* clear, REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateFence(UINT64 value, D3D12_FENCE_FLAGS flags, REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason(void) override {
        if (!Alive()) return Dead("GetDeviceRemovedReason");
        return removed_.load();
    }
    LUID STDMETHODCALLTYPE GetAdapterLuid(void) override { return LUID{}; }

    /* Descriptor heaps, so a DirectML binding table's handles can be checked. */
    void AddHeap(DescriptorHeap* heap) {
        std::lock_guard<std::mutex> hold(heaps_lock_);
        heaps_.push_back(heap);
    }
    void RemoveHeap(DescriptorHeap* heap) {
        std::lock_guard<std::mutex> hold(heaps_lock_);
        heaps_.erase(std::remove(heaps_.begin(), heaps_.end(), heap), heaps_.end());
    }
    bool DescriptorRange(SIZE_T cpu, UINT count, UINT64* gpu, bool* shader_visible);

    /* InfoQueue's storage */
    std::mutex messages_lock_;
    std::vector<std::string> messages_;
    size_t limit_ = kMessageLimit;
    UINT64 discarded_ = 0;

private:
    InfoQueue info_queue_;
    std::string last_;
    std::atomic<HRESULT> removed_{S_OK};
    std::mutex heaps_lock_;
    std::vector<DescriptorHeap*> heaps_;
};

namespace impl {

HRESULT STDMETHODCALLTYPE InfoQueueBase::QueryInterface(REFIID riid, void** ppv) {
    return device_->QueryInterfaceImpl(riid, ppv);
}
ULONG STDMETHODCALLTYPE InfoQueueBase::AddRef() { return device_->AddRefImpl(); }
ULONG STDMETHODCALLTYPE InfoQueueBase::Release() { return device_->ReleaseImpl(); }
HRESULT InfoQueueBase::NotImplemented(const char* method) { return device_->NotImplemented(method); }

HRESULT STDMETHODCALLTYPE InfoQueue::SetMessageCountLimit(UINT64 limit) {
    std::lock_guard<std::mutex> hold(device_->messages_lock_);
    device_->limit_ = limit == UINT64(-1) ? SIZE_MAX : static_cast<size_t>(std::min<UINT64>(limit, SIZE_MAX));
    return S_OK;
}

void STDMETHODCALLTYPE InfoQueue::ClearStoredMessages(void) {
    std::lock_guard<std::mutex> hold(device_->messages_lock_);
    device_->messages_.clear();
}

UINT64 STDMETHODCALLTYPE InfoQueue::GetNumStoredMessages(void) {
    std::lock_guard<std::mutex> hold(device_->messages_lock_);
    return device_->messages_.size();
}

UINT64 STDMETHODCALLTYPE InfoQueue::GetMessageCountLimit(void) {
    std::lock_guard<std::mutex> hold(device_->messages_lock_);
    return device_->limit_;
}

/* As D3D12: with message NULL, *length receives the bytes needed (the struct, then the text). */
HRESULT STDMETHODCALLTYPE InfoQueue::GetMessage(UINT64 index, D3D12_MESSAGE* message, SIZE_T* length) {
    if (length == nullptr) return E_INVALIDARG;
    std::lock_guard<std::mutex> hold(device_->messages_lock_);
    if (index >= device_->messages_.size()) return E_INVALIDARG;
    const std::string& text = device_->messages_[index];
    const SIZE_T need = sizeof(D3D12_MESSAGE) + text.size() + 1;
    if (message == nullptr) {
        *length = need;
        return S_OK;
    }
    if (*length < need) return E_INVALIDARG;
    char* description = reinterpret_cast<char*>(message + 1);
    std::memcpy(description, text.c_str(), text.size() + 1);
    message->Category = D3D12_MESSAGE_CATEGORY_EXECUTION;
    message->Severity = D3D12_MESSAGE_SEVERITY_ERROR;
    message->ID = D3D12_MESSAGE_ID_UNKNOWN;
    message->pDescription = description;
    message->DescriptionByteLength = text.size() + 1;
    *length = need;
    return S_OK;
}

/* Children of the device: they hold a reference to it (GetDevice works until they are released). */
template <class I>
class ChildImpl : public ObjectImpl<I> {
public:
    explicit ChildImpl(D3DDevice* device) : device_(device) {
        device->AddRefImpl();
        this->parent_ = device;
    }
    HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppv) override {
        if (!this->Alive()) return this->Dead("GetDevice");
        return device_->QueryInterfaceImpl(riid, ppv);
    }
    MessageSink* Sink() override { return device_; }
    D3DDevice* device_;
};

/* Hands a new object (one reference) to the caller as riid; NULL ppv: validation only (S_FALSE). */
template <class T>
HRESULT Hand(T* object, REFIID riid, void** ppv) {
    if (ppv == nullptr) {
        object->ReleaseImpl();
        return S_FALSE;
    }
    *ppv = object->Interface(riid);
    if (*ppv == nullptr) {
        object->Fail(E_NOINTERFACE, "%s: the requested interface is not one pydml's %s has", object->TypeName(),
                     object->TypeName());
        object->ReleaseImpl();
        return E_NOINTERFACE;
    }
    return S_OK;
}

}  // namespace impl
using namespace impl;

/* ---- resources --------------------------------------------------------------------------------- */

class BufferResource final : public Stub_ID3D12Resource<ChildImpl<ID3D12Resource>> {
public:
    BufferResource(D3DDevice* device, const D3D12_HEAP_PROPERTIES& heap, D3D12_HEAP_FLAGS flags,
                   const D3D12_RESOURCE_DESC& desc, uint8_t* block, uint8_t* data)
        : Stub_ID3D12Resource<ChildImpl<ID3D12Resource>>(device), heap_(heap), heap_flags_(flags), desc_(desc),
          block_(block), data_(data) {
        RegisterObject(static_cast<ID3D12Resource*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
            riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12Resource))
            return static_cast<ID3D12Resource*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "ID3D12Resource"; }
    void Destroy() override {
        std::free(block_);
        block_ = data_ = nullptr;
    }

    HRESULT STDMETHODCALLTYPE Map(UINT subresource, const D3D12_RANGE*, void** data) override {
        if (!Alive()) return Dead("Map");
        if (heap_.Type == D3D12_HEAP_TYPE_DEFAULT)
            return Fail(E_INVALIDARG, "ID3D12Resource::Map: %s is on the DEFAULT heap, which the CPU cannot map; copy "
                        "it to a READBACK buffer (or from an UPLOAD one) with CopyResource or CopyBufferRegion",
                        Describe().c_str());
        if (subresource != 0)
            return Fail(E_INVALIDARG, "ID3D12Resource::Map: Subresource must be 0 for a buffer, got %u", subresource);
        if (data) *data = data_;
        return S_OK;
    }
    void STDMETHODCALLTYPE Unmap(UINT, const D3D12_RANGE*) override {}
    D3D12_RESOURCE_DESC STDMETHODCALLTYPE GetDesc(void) override { return desc_; }
    D3D12_GPU_VIRTUAL_ADDRESS STDMETHODCALLTYPE GetGPUVirtualAddress(void) override {
        return reinterpret_cast<D3D12_GPU_VIRTUAL_ADDRESS>(data_);
    }
    HRESULT STDMETHODCALLTYPE GetHeapProperties(D3D12_HEAP_PROPERTIES* heap, D3D12_HEAP_FLAGS* flags) override {
        if (!Alive()) return Dead("GetHeapProperties");
        if (heap) *heap = heap_;
        if (flags) *flags = heap_flags_;
        return S_OK;
    }

    D3D12_HEAP_PROPERTIES heap_;
    D3D12_HEAP_FLAGS heap_flags_;
    D3D12_RESOURCE_DESC desc_;
    uint8_t* block_;
    uint8_t* data_;
};

uint8_t* BufferData(BufferResource* r) { return r->data_; }
uint64_t BufferSize(BufferResource* r) { return r->desc_.Width; }
bool BufferAllowsUnorderedAccess(BufferResource* r) {
    return (r->desc_.Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) != 0;
}
D3D12_HEAP_TYPE BufferHeapType(BufferResource* r) { return r->heap_.Type; }
BufferResource* FindBuffer(const void* iface) { return Find<BufferResource>(iface); }
Tracked* AsTracked(BufferResource* r) { return r; }

static const char* HeapName(D3D12_HEAP_TYPE type) {
    switch (type) {
    case D3D12_HEAP_TYPE_DEFAULT: return "DEFAULT";
    case D3D12_HEAP_TYPE_UPLOAD: return "UPLOAD";
    case D3D12_HEAP_TYPE_READBACK: return "READBACK";
    case D3D12_HEAP_TYPE_CUSTOM: return "CUSTOM";
    default: return "unknown";
    }
}

HRESULT STDMETHODCALLTYPE D3DDevice::CreateCommittedResource(const D3D12_HEAP_PROPERTIES* heap, D3D12_HEAP_FLAGS flags,
                                                             const D3D12_RESOURCE_DESC* desc,
                                                             D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE*,
                                                             REFIID riid, void** ppv) {
    if (!Alive()) return Dead("CreateCommittedResource");
    if (ppv) *ppv = nullptr;
    if (removed_.load() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
    if (heap == nullptr || desc == nullptr)
        return Fail(E_INVALIDARG, "ID3D12Device::CreateCommittedResource: pHeapProperties and pDesc must not be NULL");
    const char* where = "ID3D12Device::CreateCommittedResource";
    if (heap->Type != D3D12_HEAP_TYPE_DEFAULT && heap->Type != D3D12_HEAP_TYPE_UPLOAD &&
        heap->Type != D3D12_HEAP_TYPE_READBACK)
        return Fail(heap->Type == D3D12_HEAP_TYPE_CUSTOM ? E_NOTIMPL : E_INVALIDARG,
                    "%s: pHeapProperties->Type must be DEFAULT, UPLOAD or READBACK (pydml has no %s heaps), got %d",
                    where, HeapName(heap->Type), static_cast<int>(heap->Type));
    if (desc->Dimension != D3D12_RESOURCE_DIMENSION_BUFFER)
        return Fail(E_NOTIMPL, "%s: pDesc->Dimension must be D3D12_RESOURCE_DIMENSION_BUFFER: pydml's D3D12 "
                    "stand-in has buffers only (textures are out of scope), got %d", where,
                    static_cast<int>(desc->Dimension));
    if (desc->Width == 0 || desc->Height != 1 || desc->DepthOrArraySize != 1 || desc->MipLevels != 1 ||
        desc->Format != DXGI_FORMAT_UNKNOWN || desc->SampleDesc.Count != 1 ||
        desc->Layout != D3D12_TEXTURE_LAYOUT_ROW_MAJOR)
        return Fail(E_INVALIDARG, "%s: a buffer's desc must have Width > 0, Height, DepthOrArraySize, MipLevels and "
                    "SampleDesc.Count 1, Format DXGI_FORMAT_UNKNOWN and Layout D3D12_TEXTURE_LAYOUT_ROW_MAJOR "
                    "(got Width %llu, Height %u, DepthOrArraySize %u, MipLevels %u, Format %d, Count %u, Layout %d)",
                    where, static_cast<unsigned long long>(desc->Width), desc->Height, desc->DepthOrArraySize,
                    desc->MipLevels, static_cast<int>(desc->Format), desc->SampleDesc.Count,
                    static_cast<int>(desc->Layout));
    if (heap->Type != D3D12_HEAP_TYPE_DEFAULT && (desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
        return Fail(E_INVALIDARG, "%s: D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS is not allowed on the %s heap",
                    where, HeapName(heap->Type));
    if (heap->Type == D3D12_HEAP_TYPE_UPLOAD && state != D3D12_RESOURCE_STATE_GENERIC_READ)
        return Fail(E_INVALIDARG, "%s: a buffer on the UPLOAD heap must start in D3D12_RESOURCE_STATE_GENERIC_READ, "
                    "got 0x%x", where, static_cast<unsigned>(state));
    if (heap->Type == D3D12_HEAP_TYPE_READBACK && state != D3D12_RESOURCE_STATE_COPY_DEST)
        return Fail(E_INVALIDARG, "%s: a buffer on the READBACK heap must start in D3D12_RESOURCE_STATE_COPY_DEST, "
                    "got 0x%x", where, static_cast<unsigned>(state));
    if (desc->Width > (UINT64(1) << 46))
        return Fail(E_OUTOFMEMORY, "%s: %llu bytes is more than this machine can hold", where,
                    static_cast<unsigned long long>(desc->Width));
    if (ppv == nullptr) return S_FALSE;
    /* zeroed, 256-byte aligned host memory (calloc of a large block maps zero pages lazily) */
    auto* block = static_cast<uint8_t*>(std::calloc(1, desc->Width + 256));
    if (block == nullptr)
        return Fail(E_OUTOFMEMORY, "%s: out of memory for %llu bytes", where,
                    static_cast<unsigned long long>(desc->Width));
    uint8_t* data = block + (256 - reinterpret_cast<uintptr_t>(block) % 256) % 256;
    D3D12_RESOURCE_DESC copy = *desc;
    copy.Alignment = copy.Alignment ? copy.Alignment : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    auto* resource = new (std::nothrow) BufferResource(this, *heap, flags, copy, block, data);
    if (resource == nullptr) {
        std::free(block);
        return Fail(E_OUTOFMEMORY, "%s: out of memory", where);
    }
    return Hand(resource, riid, ppv);
}

D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE D3DDevice::GetResourceAllocationInfo(UINT, UINT count,
                                                                                      const D3D12_RESOURCE_DESC* descs) {
    D3D12_RESOURCE_ALLOCATION_INFO info{};
    info.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    for (UINT i = 0; descs && i < count; i++) {
        if (descs[i].Dimension != D3D12_RESOURCE_DIMENSION_BUFFER) {
            NotImplemented("ID3D12Device::GetResourceAllocationInfo (textures)");
            return D3D12_RESOURCE_ALLOCATION_INFO{UINT64(-1), 0};
        }
        const UINT64 a = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
        info.SizeInBytes = (info.SizeInBytes + a - 1) / a * a + (descs[i].Width + a - 1) / a * a;
    }
    return info;
}

/* ---- descriptor heaps -------------------------------------------------------------------------- */

class DescriptorHeap final : public Stub_ID3D12DescriptorHeap<ChildImpl<ID3D12DescriptorHeap>> {
public:
    DescriptorHeap(D3DDevice* device, const D3D12_DESCRIPTOR_HEAP_DESC& desc, uint8_t* memory)
        : Stub_ID3D12DescriptorHeap<ChildImpl<ID3D12DescriptorHeap>>(device), desc_(desc), memory_(memory) {
        RegisterObject(static_cast<ID3D12DescriptorHeap*>(this), this);
        device->AddHeap(this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
            riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12DescriptorHeap))
            return static_cast<ID3D12DescriptorHeap*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "ID3D12DescriptorHeap"; }
    void Destroy() override {
        device_->RemoveHeap(this);
        std::free(memory_);
        memory_ = nullptr;
    }
    D3D12_DESCRIPTOR_HEAP_DESC STDMETHODCALLTYPE GetDesc(void) override { return desc_; }
    D3D12_CPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE GetCPUDescriptorHandleForHeapStart(void) override {
        return D3D12_CPU_DESCRIPTOR_HANDLE{reinterpret_cast<SIZE_T>(memory_)};
    }
    D3D12_GPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE GetGPUDescriptorHandleForHeapStart(void) override {
        if (!ShaderVisible()) {
            Fail(E_INVALIDARG, "ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart: %s is not shader-visible "
                 "(D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE): it has no GPU handles", Describe().c_str());
            return D3D12_GPU_DESCRIPTOR_HANDLE{0};
        }
        return D3D12_GPU_DESCRIPTOR_HANDLE{reinterpret_cast<UINT64>(memory_)};
    }
    bool ShaderVisible() const { return (desc_.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) != 0; }
    bool Holds(SIZE_T cpu, UINT count) const {
        const SIZE_T start = reinterpret_cast<SIZE_T>(memory_);
        const SIZE_T end = start + SIZE_T(desc_.NumDescriptors) * kDescriptorSize;
        return memory_ != nullptr && cpu >= start && cpu < end && (cpu - start) % kDescriptorSize == 0 &&
               SIZE_T(count) <= (end - cpu) / kDescriptorSize;
    }

    D3D12_DESCRIPTOR_HEAP_DESC desc_;
    uint8_t* memory_;
};

bool D3DDevice::DescriptorRange(SIZE_T cpu, UINT count, UINT64* gpu, bool* shader_visible) {
    std::lock_guard<std::mutex> hold(heaps_lock_);
    for (DescriptorHeap* heap : heaps_)
        if (heap->Holds(cpu, count)) {
            *shader_visible = heap->ShaderVisible();
            *gpu = heap->ShaderVisible() ? UINT64(cpu) : 0;
            return true;
        }
    return false;
}

HRESULT STDMETHODCALLTYPE D3DDevice::CreateDescriptorHeap(const D3D12_DESCRIPTOR_HEAP_DESC* desc, REFIID riid,
                                                          void** ppv) {
    if (!Alive()) return Dead("CreateDescriptorHeap");
    if (ppv) *ppv = nullptr;
    if (removed_.load() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
    if (desc == nullptr) return Fail(E_INVALIDARG, "ID3D12Device::CreateDescriptorHeap: pDescriptorHeapDesc is NULL");
    if (desc->Type < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV || desc->Type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
        return Fail(E_INVALIDARG, "ID3D12Device::CreateDescriptorHeap: Type is not a D3D12_DESCRIPTOR_HEAP_TYPE, got %d",
                    static_cast<int>(desc->Type));
    if (desc->NumDescriptors == 0 || desc->NumDescriptors > 1000000)
        return Fail(E_INVALIDARG, "ID3D12Device::CreateDescriptorHeap: NumDescriptors must be 1 .. 1000000, got %u",
                    desc->NumDescriptors);
    if ((desc->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) && desc->Type != D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV &&
        desc->Type != D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER)
        return Fail(E_INVALIDARG, "ID3D12Device::CreateDescriptorHeap: only CBV_SRV_UAV and SAMPLER heaps can be "
                    "shader-visible");
    if (ppv == nullptr) return S_FALSE;
    auto* memory = static_cast<uint8_t*>(std::calloc(desc->NumDescriptors, kDescriptorSize));
    if (memory == nullptr) return Fail(E_OUTOFMEMORY, "ID3D12Device::CreateDescriptorHeap: out of memory");
    return Hand(new DescriptorHeap(this, *desc, memory), riid, ppv);
}

/* ---- fences ------------------------------------------------------------------------------------ */

class Fence final : public Stub_ID3D12Fence<ChildImpl<ID3D12Fence>> {
public:
    Fence(D3DDevice* device, UINT64 value) : Stub_ID3D12Fence<ChildImpl<ID3D12Fence>>(device), value_(value) {
        RegisterObject(static_cast<ID3D12Fence*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
            riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12Fence))
            return static_cast<ID3D12Fence*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "ID3D12Fence"; }

    /* As D3D12: UINT64_MAX once the device is removed, so waits on it end. */
    UINT64 STDMETHODCALLTYPE GetCompletedValue(void) override {
        if (device_->RemovedReason() != S_OK) return UINT64(-1);
        std::lock_guard<std::mutex> hold(lock_);
        return value_;
    }
    HRESULT STDMETHODCALLTYPE Signal(UINT64 value) override {
        if (!Alive()) return Dead("Signal");
        Set(value);
        return S_OK;
    }
    /* A NULL event blocks until the value is reached, as on WSL. */
    HRESULT STDMETHODCALLTYPE SetEventOnCompletion(UINT64 value, HANDLE event) override {
        if (!Alive()) return Dead("SetEventOnCompletion");
        std::unique_lock<std::mutex> hold(lock_);
        if (event != nullptr && value_ < value)
            return Fail(E_NOTIMPL, "ID3D12Fence::SetEventOnCompletion: events are not implemented; pass a NULL event "
                        "to wait until the fence reaches %llu", static_cast<unsigned long long>(value));
        changed_.wait(hold, [&] { return value_ >= value || device_->RemovedReason() != S_OK || !Alive(); });
        return device_->RemovedReason() != S_OK ? DXGI_ERROR_DEVICE_REMOVED : S_OK;
    }
    void Set(UINT64 value) {
        std::lock_guard<std::mutex> hold(lock_);
        value_ = value;
        changed_.notify_all();
    }

private:
    std::mutex lock_;
    std::condition_variable changed_;
    UINT64 value_;
};

HRESULT STDMETHODCALLTYPE D3DDevice::CreateFence(UINT64 value, D3D12_FENCE_FLAGS flags, REFIID riid, void** ppv) {
    if (!Alive()) return Dead("CreateFence");
    if (ppv) *ppv = nullptr;
    if (removed_.load() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
    if (flags & ~D3D12_FENCE_FLAG_NON_MONITORED)
        return Fail(E_INVALIDARG, "ID3D12Device::CreateFence: shared fences are not supported, Flags 0x%x",
                    static_cast<unsigned>(flags));
    if (ppv == nullptr) return S_FALSE;
    return Hand(new Fence(this, value), riid, ppv);
}

/* ---- command allocators and lists ------------------------------------------------------------- */

class CommandAllocator final : public Stub_ID3D12CommandAllocator<ChildImpl<ID3D12CommandAllocator>> {
public:
    CommandAllocator(D3DDevice* device, D3D12_COMMAND_LIST_TYPE type)
        : Stub_ID3D12CommandAllocator<ChildImpl<ID3D12CommandAllocator>>(device), type_(type) {
        RegisterObject(static_cast<ID3D12CommandAllocator*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
            riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12CommandAllocator))
            return static_cast<ID3D12CommandAllocator*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "ID3D12CommandAllocator"; }
    HRESULT STDMETHODCALLTYPE Reset(void) override {
        if (!Alive()) return Dead("Reset");
        return S_OK;  // commands are owned by their lists
    }
    D3D12_COMMAND_LIST_TYPE type_;
};

static bool ValidListType(D3D12_COMMAND_LIST_TYPE type) {
    return type == D3D12_COMMAND_LIST_TYPE_DIRECT || type == D3D12_COMMAND_LIST_TYPE_COMPUTE ||
           type == D3D12_COMMAND_LIST_TYPE_COPY;
}

HRESULT STDMETHODCALLTYPE D3DDevice::CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE type, REFIID riid, void** ppv) {
    if (!Alive()) return Dead("CreateCommandAllocator");
    if (ppv) *ppv = nullptr;
    if (removed_.load() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
    if (!ValidListType(type))
        return Fail(E_INVALIDARG, "ID3D12Device::CreateCommandAllocator: type must be DIRECT, COMPUTE or COPY, got %d",
                    static_cast<int>(type));
    if (ppv == nullptr) return S_FALSE;
    return Hand(new CommandAllocator(this, type), riid, ppv);
}

class CommandList final
    : public Stub_ID3D12GraphicsCommandList<Stub_ID3D12CommandList<ChildImpl<ID3D12GraphicsCommandList>>> {
    using Base = Stub_ID3D12GraphicsCommandList<Stub_ID3D12CommandList<ChildImpl<ID3D12GraphicsCommandList>>>;

public:
    CommandList(D3DDevice* device, D3D12_COMMAND_LIST_TYPE type, CommandAllocator* allocator)
        : Base(device), type_(type), allocator_(allocator) {
        RegisterObject(static_cast<ID3D12GraphicsCommandList*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
            riid == __uuidof(ID3D12CommandList) || riid == __uuidof(ID3D12GraphicsCommandList))
            return static_cast<ID3D12GraphicsCommandList*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "ID3D12GraphicsCommandList"; }
    void Destroy() override {
        std::lock_guard<std::mutex> hold(lock_);
        commands_.clear();
        heaps_.clear();
        allocator_ = Ref<CommandAllocator>();
    }

    D3D12_COMMAND_LIST_TYPE STDMETHODCALLTYPE GetType(void) override { return type_; }

    HRESULT STDMETHODCALLTYPE Close(void) override {
        if (!Alive()) return Dead("Close");
        std::lock_guard<std::mutex> hold(lock_);
        if (!open_) return Fail(E_FAIL, "ID3D12GraphicsCommandList::Close: %s is already closed", Describe().c_str());
        open_ = false;
        if (failed_)
            return Fail(E_INVALIDARG, "ID3D12GraphicsCommandList::Close: %s recorded an invalid call, so it cannot be "
                        "executed; the first was: %s", Describe().c_str(), first_error_.c_str());
        return S_OK;
    }

    HRESULT STDMETHODCALLTYPE Reset(ID3D12CommandAllocator* allocator, ID3D12PipelineState* state) override {
        if (!Alive()) return Dead("Reset");
        auto* a = Find<CommandAllocator>(allocator);
        if (a == nullptr)
            return Fail(E_INVALIDARG, "ID3D12GraphicsCommandList::Reset: pAllocator is not a command allocator of this "
                        "library (or was released)");
        if (state != nullptr)
            return Fail(E_NOTIMPL, "ID3D12GraphicsCommandList::Reset: pipeline states are out of scope; pass NULL");
        std::lock_guard<std::mutex> hold(lock_);
        if (open_)
            return Fail(E_FAIL, "ID3D12GraphicsCommandList::Reset: %s is still open; Close it first", Describe().c_str());
        commands_.clear();
        heaps_.clear();
        failed_ = false;
        first_error_.clear();
        open_ = true;
        allocator_ = Ref<CommandAllocator>(a);
        return S_OK;
    }

    void STDMETHODCALLTYPE ClearState(ID3D12PipelineState*) override {
        std::lock_guard<std::mutex> hold(lock_);
        heaps_.clear();
    }

    void STDMETHODCALLTYPE CopyBufferRegion(ID3D12Resource* dst, UINT64 dst_offset, ID3D12Resource* src,
                                           UINT64 src_offset, UINT64 bytes) override {
        if (!Alive()) {
            Dead("CopyBufferRegion");
            return;
        }
        Copy("CopyBufferRegion", dst, dst_offset, src, src_offset, bytes, false);
    }

    void STDMETHODCALLTYPE CopyResource(ID3D12Resource* dst, ID3D12Resource* src) override {
        if (!Alive()) {
            Dead("CopyResource");
            return;
        }
        Copy("CopyResource", dst, 0, src, 0, 0, true);
    }

    /* Work runs in order on one thread: barriers only need to be well-formed. */
    void STDMETHODCALLTYPE ResourceBarrier(UINT count, const D3D12_RESOURCE_BARRIER* barriers) override {
        if (!Alive()) {
            Dead("ResourceBarrier");
            return;
        }
        if (count && barriers == nullptr) return Invalid("ResourceBarrier: pBarriers is NULL for %u barriers", count);
        for (UINT i = 0; i < count; i++) {
            const D3D12_RESOURCE_BARRIER& b = barriers[i];
            ID3D12Resource* r = b.Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION ? b.Transition.pResource
                                : b.Type == D3D12_RESOURCE_BARRIER_TYPE_ALIASING  ? b.Aliasing.pResourceAfter
                                : b.Type == D3D12_RESOURCE_BARRIER_TYPE_UAV       ? b.UAV.pResource
                                                                                  : nullptr;
            if (b.Type > D3D12_RESOURCE_BARRIER_TYPE_UAV)
                return Invalid("ResourceBarrier: pBarriers[%u].Type is not a D3D12_RESOURCE_BARRIER_TYPE, got %d", i,
                               static_cast<int>(b.Type));
            if (r != nullptr && FindBuffer(r) == nullptr)
                return Invalid("ResourceBarrier: pBarriers[%u] names a resource that is not a buffer of this library "
                               "(or was released)", i);
            if (b.Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION && r == nullptr)
                return Invalid("ResourceBarrier: pBarriers[%u].Transition.pResource is NULL", i);
        }
    }

    void STDMETHODCALLTYPE SetDescriptorHeaps(UINT count, ID3D12DescriptorHeap* const* heaps) override {
        if (!Alive()) {
            Dead("SetDescriptorHeaps");
            return;
        }
        if (count && heaps == nullptr) return Invalid("SetDescriptorHeaps: ppDescriptorHeaps is NULL");
        std::vector<std::pair<UINT64, UINT64>> ranges;
        for (UINT i = 0; i < count; i++) {
            auto* heap = Find<DescriptorHeap>(heaps[i]);
            if (heap == nullptr)
                return Invalid("SetDescriptorHeaps: ppDescriptorHeaps[%u] is not a descriptor heap of this library (or "
                               "was released)", i);
            if (!heap->ShaderVisible())
                return Invalid("SetDescriptorHeaps: ppDescriptorHeaps[%u] (%s) is not shader-visible", i,
                               heap->Describe().c_str());
            const UINT64 start = reinterpret_cast<UINT64>(heap->memory_);
            ranges.emplace_back(start, start + UINT64(heap->desc_.NumDescriptors) * kDescriptorSize);
        }
        std::lock_guard<std::mutex> hold(lock_);
        heaps_ = std::move(ranges);
    }

    /* for DirectML's command recorder */
    bool Record(Command* command) {
        std::lock_guard<std::mutex> hold(lock_);
        if (!open_) return false;
        commands_.emplace_back(command);
        return true;
    }
    void Invalidate(const std::string& why) {
        std::lock_guard<std::mutex> hold(lock_);
        if (!failed_) first_error_ = why;
        failed_ = true;
    }
    bool HasHeapFor(UINT64 gpu) {
        std::lock_guard<std::mutex> hold(lock_);
        for (auto& r : heaps_)
            if (gpu >= r.first && gpu < r.second) return true;
        return false;
    }

    /* ExecuteCommandLists: false (with a message) when the list cannot run. */
    bool Run(std::string& message) {
        std::lock_guard<std::mutex> hold(lock_);
        if (open_) {
            message = Format("ID3D12CommandQueue::ExecuteCommandLists: %s was not closed", Describe().c_str());
            return false;
        }
        if (failed_) {
            message = Format("ID3D12CommandQueue::ExecuteCommandLists: %s recorded an invalid call and failed to "
                             "Close", Describe().c_str());
            return false;
        }
        for (auto& command : commands_) {
            std::string why;
            if (!command->Execute(why)) device_->Report(why);
        }
        return true;
    }

    D3D12_COMMAND_LIST_TYPE type_;

private:
    void Invalid(const char* format, ...) __attribute__((format(printf, 2, 3))) {
        char buffer[1024];
        va_list args;
        va_start(args, format);
        vsnprintf(buffer, sizeof buffer, format, args);
        va_end(args);
        const std::string message = std::string("ID3D12GraphicsCommandList::") + buffer;
        device_->Report(message);
        Invalidate(message);
    }

    class CopyCommand final : public Command {
    public:
        CopyCommand(BufferResource* dst, UINT64 d, BufferResource* src, UINT64 s, UINT64 n)
            : dst_(dst), src_(src), dst_offset_(d), src_offset_(s), bytes_(n) {}
        bool Execute(std::string&) override {
            std::memmove(dst_->data_ + dst_offset_, src_->data_ + src_offset_, bytes_);  // memcpy speed
            return true;
        }

    private:
        Ref<BufferResource> dst_, src_;
        UINT64 dst_offset_, src_offset_, bytes_;
    };

    void Copy(const char* method, ID3D12Resource* dst, UINT64 dst_offset, ID3D12Resource* src, UINT64 src_offset,
              UINT64 bytes, bool whole) {
        BufferResource* d = FindBuffer(dst);
        BufferResource* s = FindBuffer(src);
        if (d == nullptr || s == nullptr)
            return Invalid("%s: %s is not a buffer of this library (or was released)", method,
                           d == nullptr ? "the destination" : "the source");
        if (whole) {
            if (d == s) return Invalid("%s: the source and destination are the same resource", method);
            if (d->desc_.Width != s->desc_.Width)
                return Invalid("%s: the buffers differ in size (destination %llu bytes, source %llu bytes)", method,
                               static_cast<unsigned long long>(d->desc_.Width),
                               static_cast<unsigned long long>(s->desc_.Width));
            bytes = d->desc_.Width;
        } else {
            if (dst_offset > d->desc_.Width || bytes > d->desc_.Width - dst_offset)
                return Invalid("%s: DstOffset %llu + NumBytes %llu reaches past the end of the destination (%llu "
                               "bytes)", method, static_cast<unsigned long long>(dst_offset),
                               static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(d->desc_.Width));
            if (src_offset > s->desc_.Width || bytes > s->desc_.Width - src_offset)
                return Invalid("%s: SrcOffset %llu + NumBytes %llu reaches past the end of the source (%llu bytes)",
                               method, static_cast<unsigned long long>(src_offset),
                               static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(s->desc_.Width));
            if (d == s && dst_offset < src_offset + bytes && src_offset < dst_offset + bytes)
                return Invalid("%s: the source and destination regions of one buffer overlap", method);
        }
        if (d->heap_.Type == D3D12_HEAP_TYPE_UPLOAD)
            return Invalid("%s: the destination is on the UPLOAD heap, which the GPU only reads", method);
        if (!Record(new CopyCommand(d, dst_offset, s, src_offset, bytes)))
            return Invalid("%s: %s is closed; Reset it before recording", method, Describe().c_str());
    }

    std::mutex lock_;
    bool open_ = true;
    bool failed_ = false;
    std::string first_error_;
    std::vector<std::unique_ptr<Command>> commands_;
    std::vector<std::pair<UINT64, UINT64>> heaps_;  // GPU ranges of the current shader-visible heaps
    Ref<CommandAllocator> allocator_;
};

CommandList* FindCommandList(const void* iface) { return Find<CommandList>(iface); }
D3DDevice* CommandListDevice(CommandList* list) { return list->device_; }
bool CommandListRecord(CommandList* list, Command* command) { return list->Record(command); }
void CommandListInvalidate(CommandList* list, const std::string& why) { list->Invalidate(why); }
bool CommandListHasHeapFor(CommandList* list, UINT64 gpu) { return list->HasHeapFor(gpu); }
D3DDevice* FindD3DDevice(const void* iface) { return Find<D3DDevice>(iface); }
MessageSink* DeviceSink(D3DDevice* device) { return device; }
Tracked* DeviceTracked(D3DDevice* device) { return device; }
bool DeviceDescriptorRange(D3DDevice* device, SIZE_T cpu, UINT count, UINT64* gpu, bool* shader_visible) {
    return device->DescriptorRange(cpu, count, gpu, shader_visible);
}

HRESULT STDMETHODCALLTYPE D3DDevice::CreateCommandList(UINT node_mask, D3D12_COMMAND_LIST_TYPE type,
                                                       ID3D12CommandAllocator* allocator, ID3D12PipelineState* state,
                                                       REFIID riid, void** ppv) {
    if (!Alive()) return Dead("CreateCommandList");
    if (ppv) *ppv = nullptr;
    if (removed_.load() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
    const char* where = "ID3D12Device::CreateCommandList";
    if (node_mask > 1) return Fail(E_INVALIDARG, "%s: nodeMask must be 0 or 1 (one node), got %u", where, node_mask);
    if (!ValidListType(type))
        return Fail(E_INVALIDARG, "%s: type must be DIRECT, COMPUTE or COPY, got %d", where, static_cast<int>(type));
    auto* a = Find<CommandAllocator>(allocator);
    if (a == nullptr)
        return Fail(E_INVALIDARG, "%s: pCommandAllocator is not a command allocator of this library (or was released)",
                    where);
    if (a->type_ != type)
        return Fail(E_INVALIDARG, "%s: the allocator was created for list type %d, not %d", where,
                    static_cast<int>(a->type_), static_cast<int>(type));
    if (state != nullptr) return Fail(E_NOTIMPL, "%s: pipeline states are out of scope; pass NULL", where);
    if (ppv == nullptr) return S_FALSE;
    return Hand(new CommandList(this, type, a), riid, ppv);
}

/* ---- command queues ---------------------------------------------------------------------------- */

class CommandQueue final : public Stub_ID3D12CommandQueue<ChildImpl<ID3D12CommandQueue>> {
public:
    CommandQueue(D3DDevice* device, const D3D12_COMMAND_QUEUE_DESC& desc)
        : Stub_ID3D12CommandQueue<ChildImpl<ID3D12CommandQueue>>(device), desc_(desc) {
        RegisterObject(static_cast<ID3D12CommandQueue*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
            riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12CommandQueue))
            return static_cast<ID3D12CommandQueue*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "ID3D12CommandQueue"; }

    void STDMETHODCALLTYPE ExecuteCommandLists(UINT count, ID3D12CommandList* const* lists) override {
        if (!Alive()) {
            Dead("ExecuteCommandLists");
            return;
        }
        if (device_->RemovedReason() != S_OK) return;  // a removed device runs nothing
        if (count && lists == nullptr)
            return device_->Remove(DXGI_ERROR_INVALID_CALL,
                                   "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists is NULL");
        std::lock_guard<std::mutex> hold(lock_);  // one queue runs its lists in submission order
        for (UINT i = 0; i < count; i++) {
            CommandList* list = FindCommandList(lists[i]);
            if (list == nullptr)
                return device_->Remove(DXGI_ERROR_INVALID_CALL,
                                       Format("ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[%u] is not a "
                                              "command list of this library (or was released)", i));
            if (list->device_ != device_)
                return device_->Remove(DXGI_ERROR_INVALID_CALL,
                                       Format("ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[%u] belongs to "
                                              "another device", i));
            if (desc_.Type == D3D12_COMMAND_LIST_TYPE_COPY && list->type_ != D3D12_COMMAND_LIST_TYPE_COPY)
                return device_->Remove(DXGI_ERROR_INVALID_CALL,
                                       Format("ID3D12CommandQueue::ExecuteCommandLists: a COPY queue runs COPY lists "
                                              "only; ppCommandLists[%u] is not one", i));
            std::string message;
            if (!list->Run(message)) return device_->Remove(DXGI_ERROR_INVALID_CALL, message);
        }
    }

    HRESULT STDMETHODCALLTYPE Signal(ID3D12Fence* fence, UINT64 value) override {
        if (!Alive()) return Dead("Signal");
        if (device_->RemovedReason() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
        auto* f = Find<Fence>(fence);
        if (f == nullptr)
            return Fail(E_INVALIDARG, "ID3D12CommandQueue::Signal: pFence is not a fence of this library (or was "
                        "released)");
        std::lock_guard<std::mutex> hold(lock_);  // after the work submitted before it
        f->Set(value);
        return S_OK;
    }

    /* Work runs when submitted, so a queue can wait only for a value already reached. */
    HRESULT STDMETHODCALLTYPE Wait(ID3D12Fence* fence, UINT64 value) override {
        if (!Alive()) return Dead("Wait");
        auto* f = Find<Fence>(fence);
        if (f == nullptr)
            return Fail(E_INVALIDARG, "ID3D12CommandQueue::Wait: pFence is not a fence of this library (or was "
                        "released)");
        if (f->GetCompletedValue() >= value) return S_OK;
        return Fail(E_NOTIMPL, "ID3D12CommandQueue::Wait: the fence has not reached %llu; pydml's queues run work "
                    "when it is submitted, so they cannot wait for a later signal",
                    static_cast<unsigned long long>(value));
    }

    D3D12_COMMAND_QUEUE_DESC STDMETHODCALLTYPE GetDesc(void) override { return desc_; }

private:
    D3D12_COMMAND_QUEUE_DESC desc_;
    std::mutex lock_;
};

HRESULT STDMETHODCALLTYPE D3DDevice::CreateCommandQueue(const D3D12_COMMAND_QUEUE_DESC* desc, REFIID riid,
                                                        void** ppv) {
    if (!Alive()) return Dead("CreateCommandQueue");
    if (ppv) *ppv = nullptr;
    if (removed_.load() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
    if (desc == nullptr) return Fail(E_INVALIDARG, "ID3D12Device::CreateCommandQueue: pDesc is NULL");
    if (!ValidListType(desc->Type))
        return Fail(E_INVALIDARG, "ID3D12Device::CreateCommandQueue: Type must be DIRECT, COMPUTE or COPY, got %d",
                    static_cast<int>(desc->Type));
    if (desc->NodeMask > 1)
        return Fail(E_INVALIDARG, "ID3D12Device::CreateCommandQueue: NodeMask must be 0 or 1, got %u", desc->NodeMask);
    if (ppv == nullptr) return S_FALSE;
    return Hand(new CommandQueue(this, *desc), riid, ppv);
}

}  // namespace pydml_com

using namespace pydml_com;

extern "C" {

/* The adapter is ignored: there is one CPU. Any feature level up to 12_2 is granted. */
HRESULT WINAPI D3D12CreateDevice(IUnknown*, D3D_FEATURE_LEVEL minimum, REFIID riid, void** ppv) {
    if (ppv) *ppv = nullptr;
    if (minimum > D3D_FEATURE_LEVEL_12_2) return DXGI_ERROR_UNSUPPORTED;
    if (!(riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12Device)))
        return E_NOINTERFACE;
    if (ppv == nullptr) return S_FALSE;
    auto* device = new (std::nothrow) D3DDevice();
    if (device == nullptr) return E_OUTOFMEMORY;
    *ppv = device->Interface(riid);
    return S_OK;
}

/* The D3D12 debug layer is not emulated: the info queue always holds the messages. */
HRESULT WINAPI D3D12GetDebugInterface(REFIID, void** ppv) {
    if (ppv) *ppv = nullptr;
    return E_NOINTERFACE;
}

}  // extern "C"
