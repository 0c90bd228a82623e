/* libdirectml.so's DirectML objects (directml.cpp), shared with the CompileGraph adapter (graph.cpp).
 *
 * Each IDMLOperator keeps a deep copy of its desc (DirectML lets the caller free it after
 * CreateOperator) so CompileOperator and CompileGraph can build pydml operators at their own
 * execution flags; each compiled operator or graph owns its pydml_operator / pydml_graph. */
#pragma once

#include "com.h"

#include "pydml.h"

extern "C" {
#include "capi_internal.h" /* pydml_desc_copy */
}

#include <cstdlib>
#include <memory>

namespace pydml_com {

class DmlDevice;

template <class I>
class DmlObject : public I, public Tracked {
public:
    PYDML_COM_UNKNOWN_METHODS
    PYDML_COM_OBJECT_METHODS(IUnknown*)
};

/* Children hold a reference to their device. */
template <class I>
class DmlChild : public DmlObject<I> {
public:
    explicit DmlChild(DmlDevice* device);
    HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppv) override;
    MessageSink* Sink() override;
    DmlDevice* device_;
};

class DmlDevice final : public DmlObject<IDMLDevice1>, public IDMLDebugDevice, public MessageSink {
public:
    DmlDevice(D3DDevice* d3d, DML_CREATE_DEVICE_FLAGS flags, DML_FEATURE_LEVEL level);

    /* IUnknown for both bases */
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppv) override { return QueryInterfaceImpl(riid, ppv); }
    ULONG STDMETHODCALLTYPE AddRef() override { return AddRefImpl(); }
    ULONG STDMETHODCALLTYPE Release() override { return ReleaseImpl(); }

    void* Interface(REFIID riid) override;
    const char* TypeName() const override { return "IDMLDevice"; }
    MessageSink* Sink() override { return this; }
    bool Immortal() const override { return true; }
    void Destroy() override;

    void Report(const std::string& message) override;
    std::string LastMessage() override;
    /* DirectML removes the device on invalid use of a method without an HRESULT (dml-errors). */
    void Remove(HRESULT reason, const std::string& message);
    HRESULT Removed() const { return removed_.load(); }

    HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DML_FEATURE feature, UINT query_size, const void* query,
                                                  UINT data_size, void* data) override;
    HRESULT STDMETHODCALLTYPE CreateOperator(const DML_OPERATOR_DESC* desc, REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CompileOperator(IDMLOperator* op, DML_EXECUTION_FLAGS flags, REFIID riid,
                                              void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateOperatorInitializer(UINT count, IDMLCompiledOperator* const* operators,
                                                        REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateCommandRecorder(REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateBindingTable(const DML_BINDING_TABLE_DESC* desc, REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE Evict(UINT count, IDMLPageable* const* objects) override;
    HRESULT STDMETHODCALLTYPE MakeResident(UINT count, IDMLPageable* const* objects) override;
    HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() override;
    HRESULT STDMETHODCALLTYPE GetParentDevice(REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CompileGraph(const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags, REFIID riid,
                                           void** ppv) override;
    void STDMETHODCALLTYPE SetMuteDebugOutput(BOOL mute) override { muted_ = mute != 0; }

    /* A removed device answers DXGI_ERROR_DEVICE_REMOVED; a released one, a message. */
    HRESULT Usable(const char* method);

    D3DDevice* d3d_;
    DML_CREATE_DEVICE_FLAGS flags_;
    DML_FEATURE_LEVEL level_;  // validation level: the highest pydml supports

private:
    std::mutex lock_;
    std::string last_;
    std::atomic<HRESULT> removed_{S_OK};
    std::atomic<bool> muted_{false};
};

/* A deep copy of a valid DML_OPERATOR_DESC (its tensors, arrays and fused activations), so that
 * IDMLOperator outlives the caller's desc as DirectML's does: pydml_desc_copy's one block
 * (native/api/desc_copy.c, the copy the C API keeps for graph fusion too). */
class DescCopy {
public:
    DescCopy() = default;
    DescCopy(const DescCopy&) = delete;
    DescCopy& operator=(const DescCopy&) = delete;
    ~DescCopy() { std::free(copy_); }
    /* false when out of memory */
    bool Copy(const DML_OPERATOR_DESC* desc) {
        std::free(copy_);
        copy_ = pydml_desc_copy(desc);
        return copy_ != nullptr;
    }
    const DML_OPERATOR_DESC* get() const { return copy_; }

private:
    DML_OPERATOR_DESC* copy_ = nullptr;
};

class OperatorObject final : public DmlChild<IDMLOperator> {
public:
    OperatorObject(DmlDevice* device, pydml_operator* validated);
    void* Interface(REFIID riid) override;
    const char* TypeName() const override { return "IDMLOperator"; }
    void Destroy() override;
    /* A pydml operator for this desc at these flags (the one CreateOperator built, for the first
     * caller asking for flags 0). diagnostic receives the reason on failure. */
    pydml_status Build(uint32_t flags, pydml_operator** op, pydml_diagnostic* diagnostic);

    DescCopy desc_;

private:
    std::mutex lock_;
    pydml_operator* spare_;
};

/* One input or output of a compiled operator or graph, in binding order. */
struct BindingSlot {
    std::string name;
    bool present = false;  // an absent optional tensor is bound with DML_BINDING_TYPE_NONE
    bool owned = false;    // DML_TENSOR_FLAG_OWNED_BY_DML: bound at initialization
    uint64_t total = 0;    // TotalTensorSizeInBytes: the least SizeInBytes a binding may have
};

/* What IDMLCompiledOperator objects (compiled operators and graphs) share. */
class Executable {
public:
    virtual ~Executable() = default;
    virtual Tracked* Self() = 0;
    virtual pydml_status Initialize(const pydml_buffer* inputs, uint32_t count, char* message, size_t size) = 0;
    /* temporary: the bound temporary resource ({NULL, 0} when none) */
    virtual pydml_status Run(const pydml_buffer* inputs, uint32_t input_count, const pydml_buffer* outputs,
                             uint32_t output_count, const pydml_buffer* temporary, char* message,
                             size_t size) = 0;
    DML_BINDING_PROPERTIES Properties() const;
    bool HasOwnedInputs() const;

    std::vector<BindingSlot> inputs_, outputs_;
    uint64_t persistent_ = 0;
    uint64_t temporary_ = 0;                  // GetBindingProperties' TemporaryResourceSize
    std::atomic<bool> init_recorded_{false};  // an initializer dispatch naming it was recorded
    std::atomic<bool> initialized_{false};    // ... and executed
};

/* IDMLDevice1::CompileGraph (graph.cpp): the one place that adapts to pydml's graph API. */
HRESULT CompileGraphImpl(DmlDevice* device, const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags, REFIID riid,
                         void** ppv);
/* Hands a new object (one reference) to the caller as riid; NULL ppv: validation only (S_FALSE). */
HRESULT HandDml(Tracked* object, const char* what, REFIID riid, void** ppv);

template <class I>
DmlChild<I>::DmlChild(DmlDevice* device) : device_(device) {
    device->AddRefImpl();
    this->parent_ = device;
}

template <class I>
HRESULT STDMETHODCALLTYPE DmlChild<I>::GetDevice(REFIID riid, void** ppv) {
    if (!this->Alive()) return this->Dead("GetDevice");
    return device_->QueryInterfaceImpl(riid, ppv);
}

template <class I>
MessageSink* DmlChild<I>::Sink() {
    return device_;
}

}  // namespace pydml_com
