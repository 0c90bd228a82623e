/* What libdirectml.so's D3D12 stand-in (d3d12.cpp) and DirectML objects (directml.cpp, graph.cpp)
 * share: reference counting, the registry that tells this library's objects from foreign or
 * released pointers, private data, names, and the message sink of a device.
 *
 * Bad use is an HRESULT and a message, never a crash (issue 26): every interface pointer a caller
 * passes in is looked up in the registry before it is used, so a pointer this library did not
 * make, or one released to zero, is refused with a message instead of dereferenced. An object
 * released to zero frees what it holds at once (buffers, kernels, the references it keeps) but its
 * small shell stays readable for a while (the last kGraveyard shells), so a call on it returns an
 * error and says "used after its final Release" instead of reading freed memory. */
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include "DirectML.h"

#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace pydml_com {

class Tracked;
class D3DDevice;

/* Process-wide: live objects by every interface pointer they hand out. */
void RegisterObject(const void* iface, Tracked* object);
void UnregisterObject(Tracked* object);
/* The live object behind an interface pointer, NULL when it is not one of ours or was released. */
Tracked* FindObject(const void* iface);
template <class T>
T* Find(const void* iface) {
    return dynamic_cast<T*>(FindObject(iface));
}
/* Keeps a released object's shell readable for a while (see above). */
void Bury(Tracked* object);

std::string Narrow(const wchar_t* text);
std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));

/* Where an object's messages go: its D3D12 device's info queue (and, for DirectML's debug layer,
 * stderr). Implemented by D3DDevice and the DirectML device. */
class MessageSink {
public:
    virtual ~MessageSink() = default;
    virtual void Report(const std::string& message) = 0;
    virtual std::string LastMessage() = 0;
};

/* GetPrivateData / SetPrivateData / SetPrivateDataInterface of ID3D12Object and IDMLObject. */
class PrivateData {
public:
    ~PrivateData() { Clear(); }
    HRESULT Get(REFGUID guid, UINT* size, void* data);
    HRESULT Set(REFGUID guid, UINT size, const void* data);
    HRESULT SetInterface(REFGUID guid, IUnknown* object);
    void Clear();

private:
    struct Entry {
        GUID guid;
        std::vector<uint8_t> bytes;
        IUnknown* object;
    };
    std::mutex lock_;
    std::vector<Entry> entries_;
};

/* The part of every object that is not an interface. */
class Tracked {
public:
    virtual ~Tracked() = default;
    /* The interface pointer for riid, NULL when the object has none (QueryInterface's table). */
    virtual void* Interface(REFIID riid) = 0;
    /* Frees what the object holds; called once, on its final Release. */
    virtual void Destroy() {}
    /* "ID3D12Resource", "IDMLCompiledOperator" */
    virtual const char* TypeName() const = 0;
    virtual MessageSink* Sink() = 0;
    /* Devices: their shells are never freed (children's shells report to them). */
    virtual bool Immortal() const { return false; }

    bool Alive() const { return alive_.load(std::memory_order_acquire); }
    /* "IDMLCompiledOperator 'conv1'" (the SetName name when there is one) */
    std::string Describe() const;

    ULONG AddRefImpl();
    ULONG ReleaseImpl();
    HRESULT QueryInterfaceImpl(REFIID riid, void** ppv);

    /* Records the message (printf style) on the object's device and returns hr. */
    HRESULT Fail(HRESULT hr, const char* format, ...) __attribute__((format(printf, 3, 4)));
    HRESULT NotImplemented(const char* method);
    /* A call on a released shell: E_INVALIDARG (or nothing, for void methods) and a message. */
    HRESULT Dead(const char* method);

    PrivateData private_data_;
    std::mutex name_lock_;
    std::string name_;
    /* The device a child holds a reference to (released after Destroy; the pointer stays, for the
     * messages of a released shell: device shells are never freed). */
    Tracked* parent_ = nullptr;

protected:
    std::atomic<ULONG> refs_{1};
    std::atomic<bool> alive_{true};
};

/* IUnknown's three methods and ID3D12Object's / IDMLObject's four, for an interface I. */
#define PYDML_COM_UNKNOWN_METHODS                                                                         \
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppv) override {                        \
        return this->QueryInterfaceImpl(riid, ppv);                                                      \
    }                                                                                                    \
    ULONG STDMETHODCALLTYPE AddRef() override { return this->AddRefImpl(); }                            \
    ULONG STDMETHODCALLTYPE Release() override { return this->ReleaseImpl(); }

/* UNKNOWN: the pointer type of SetPrivateDataInterface's data (const IUnknown* for ID3D12Object,
 * IUnknown* for IDMLObject). */
#define PYDML_COM_OBJECT_METHODS(UNKNOWN)                                                                 \
    HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* size, void* data) override {           \
        if (!this->Alive()) return this->Dead("GetPrivateData");                                         \
        return this->private_data_.Get(guid, size, data);                                                \
    }                                                                                                    \
    HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT size, const void* data) override {      \
        if (!this->Alive()) return this->Dead("SetPrivateData");                                         \
        return this->private_data_.Set(guid, size, data);                                                \
    }                                                                                                    \
    HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, UNKNOWN data) override {            \
        if (!this->Alive()) return this->Dead("SetPrivateDataInterface");                                \
        if (data != nullptr && pydml_com::FindObject(data) == nullptr)                                   \
            return this->Fail(E_INVALIDARG, "%s::SetPrivateDataInterface: the interface is not an object" \
                              " of this library (or was released)", this->TypeName());                   \
        return this->private_data_.SetInterface(guid, const_cast<IUnknown*>(data));                      \
    }                                                                                                    \
    HRESULT STDMETHODCALLTYPE SetName(LPCWSTR name) override {                                          \
        if (!this->Alive()) return this->Dead("SetName");                                                \
        std::lock_guard<std::mutex> hold(this->name_lock_);                                              \
        this->name_ = pydml_com::Narrow(name);                                                           \
        return S_OK;                                                                                     \
    }

/* Holds one COM reference to an object of ours (AddRef on copy, Release at the end). */
template <class T>
class Ref {
public:
    Ref() = default;
    explicit Ref(T* p) : p_(p) { if (p_) p_->AddRefImpl(); }
    Ref(const Ref& o) : Ref(o.p_) {}
    Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
    Ref& operator=(Ref o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    ~Ref() { if (p_) p_->ReleaseImpl(); }
    T* get() const { return p_; }
    T* operator->() const { return p_; }
    explicit operator bool() const { return p_ != nullptr; }

private:
    T* p_ = nullptr;
};

/* ---- what directml.cpp needs from the D3D12 stand-in ---------------------------------------- */

/* A committed buffer: host memory, DEFAULT / UPLOAD / READBACK heap. */
class BufferResource;
uint8_t* BufferData(BufferResource* resource);
uint64_t BufferSize(BufferResource* resource);
bool BufferAllowsUnorderedAccess(BufferResource* resource);
D3D12_HEAP_TYPE BufferHeapType(BufferResource* resource);
BufferResource* FindBuffer(const void* iface);
Tracked* AsTracked(BufferResource* resource);

/* One step of a command list, run by the queue in recording order. Execute returns a message on
 * failure (the queue reports it on Sink()). */
class Command {
public:
    virtual ~Command() = default;
    virtual bool Execute(std::string& message) = 0;
};

class CommandList;
CommandList* FindCommandList(const void* iface);
D3DDevice* CommandListDevice(CommandList* list);
/* An open (recording) list takes the command; false when it is closed. */
bool CommandListRecord(CommandList* list, Command* command);
/* Marks the list as failed (Close returns E_INVALIDARG), as D3D12 does for a bad recording call. */
void CommandListInvalidate(CommandList* list, const std::string& why);
/* Whether SetDescriptorHeaps made the heap holding this GPU handle current on the list. */
bool CommandListHasHeapFor(CommandList* list, UINT64 gpu_handle);

D3DDevice* FindD3DDevice(const void* iface);
MessageSink* DeviceSink(D3DDevice* device);
Tracked* DeviceTracked(D3DDevice* device);
/* The shader-visible descriptor heap range [cpu, cpu + count) lies in: true when it does, with the
 * GPU handle that goes with cpu in *gpu. */
bool DeviceDescriptorRange(D3DDevice* device, SIZE_T cpu, UINT count, UINT64* gpu, bool* shader_visible);

}  // namespace pydml_com
