/* DirectML's COM API over pydml (issue 26, item 2): IDMLDevice1 and its children on pydml's
 * validator and kernels (native/api/capi.c's operator lifecycle), recording into the D3D12 stand-in's
 * command lists (d3d12.cpp).
 *
 * Errors are DirectML's: an HRESULT from methods that have one (E_INVALIDARG with pydml's
 * validation message for a bad desc, E_NOTIMPL for a valid desc pydml does not execute,
 * E_OUTOFMEMORY, DXGI_ERROR_DEVICE_REMOVED once removed); methods without one (the binding
 * table's Bind*, RecordDispatch) report invalid use by removing the device, whose
 * GetDeviceRemovedReason then says E_INVALIDARG (learn.microsoft.com, "DirectML errors": device
 * removal). Every message is the device's last message and goes to the D3D12 device's info queue;
 * with DML_CREATE_DEVICE_FLAG_DEBUG it is also printed on stderr unless SetMuteDebugOutput(TRUE).
 *
 * Resources: operators keep their OWNED_BY_DML inputs themselves (pydml_operator_initialize copies
 * them), so PersistentResourceSize is what that copy takes and the persistent resource is checked
 * for size but not written. TemporaryResourceSize is what pydml_operator_get_binding_properties
 * reports (operators whose kernels take scratch from the caller: the attention operators); the bound
 * temporary resource is that scratch. */
#include "dml.h"

#include <algorithm>
#include <cstdio>

extern "C" {
#include "schema.h"
}

namespace pydml_com {

namespace {

/* Thread's last message of the free functions (DMLCreateDevice on a foreign device). */
thread_local std::string free_message;

HRESULT FreeFail(HRESULT hr, const std::string& message) {
    free_message = message;
    return hr;
}

HRESULT FromStatus(pydml_status s) {
    switch (s) {
    case PYDML_STATUS_SUCCESS: return S_OK;
    case PYDML_STATUS_UNSUPPORTED_PARAMETER: return E_NOTIMPL;
    case PYDML_STATUS_OUT_OF_MEMORY: return E_OUTOFMEMORY;
    default: return E_INVALIDARG;
    }
}

}  // namespace

HRESULT HandDml(Tracked* object, const char* what, REFIID riid, void** ppv) {
    if (ppv == nullptr) {
        object->ReleaseImpl();
        return S_FALSE;
    }
    *ppv = object->Interface(riid);
    if (*ppv == nullptr) {
        object->Fail(E_NOINTERFACE, "%s: the requested interface is not one a %s has", what, object->TypeName());
        object->ReleaseImpl();
        return E_NOINTERFACE;
    }
    return S_OK;
}

/* ---- device ------------------------------------------------------------------------------------ */

DmlDevice::DmlDevice(D3DDevice* d3d, DML_CREATE_DEVICE_FLAGS flags, DML_FEATURE_LEVEL level)
    : d3d_(d3d), flags_(flags), level_(level) {
    DeviceTracked(d3d)->AddRefImpl();
    parent_ = DeviceTracked(d3d);
    RegisterObject(static_cast<IDMLDevice1*>(this), this);
    RegisterObject(static_cast<IDMLDebugDevice*>(this), this);
}

void* DmlDevice::Interface(REFIID riid) {
    if (riid == __uuidof(IUnknown) || riid == __uuidof(IDMLObject) || riid == __uuidof(IDMLDevice) ||
        riid == __uuidof(IDMLDevice1))
        return static_cast<IDMLDevice1*>(this);
    if (riid == __uuidof(IDMLDebugDevice) && (flags_ & DML_CREATE_DEVICE_FLAG_DEBUG))
        return static_cast<IDMLDebugDevice*>(this);
    return nullptr;
}

void DmlDevice::Destroy() {}

void DmlDevice::Report(const std::string& message) {
    {
        std::lock_guard<std::mutex> hold(lock_);
        last_ = message;
    }
    DeviceSink(d3d_)->Report(message);  // the debug layer's messages land in the D3D12 info queue
    if ((flags_ & DML_CREATE_DEVICE_FLAG_DEBUG) && !muted_.load()) std::fprintf(stderr, "DirectML: %s\n", message.c_str());
}

std::string DmlDevice::LastMessage() {
    std::lock_guard<std::mutex> hold(lock_);
    return last_;
}

void DmlDevice::Remove(HRESULT reason, const std::string& message) {
    Report(message + " (the DirectML device is removed: GetDeviceRemovedReason)");
    HRESULT expected = S_OK;
    removed_.compare_exchange_strong(expected, reason);
}

HRESULT DmlDevice::Usable(const char* method) {
    if (!Alive()) return Dead(method);
    if (removed_.load() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE DmlDevice::GetDeviceRemovedReason() {
    if (!Alive()) return Dead("GetDeviceRemovedReason");
    return removed_.load();
}

HRESULT STDMETHODCALLTYPE DmlDevice::GetParentDevice(REFIID riid, void** ppv) {
    if (!Alive()) return Dead("GetParentDevice");
    return DeviceTracked(d3d_)->QueryInterfaceImpl(riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CheckFeatureSupport(DML_FEATURE feature, UINT query_size, const void* query,
                                                         UINT data_size, void* data) {
    if (HRESULT hr = Usable("CheckFeatureSupport")) return hr;
    const char* where = "IDMLDevice::CheckFeatureSupport";
    if (data == nullptr) return Fail(E_INVALIDARG, "%s: featureSupportData is NULL", where);
    if (feature == DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT) {
        if (query == nullptr || query_size != sizeof(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT) ||
            data_size != sizeof(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT))
            return Fail(E_INVALIDARG, "%s: DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT takes a "
                        "DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT (%zu bytes) and a "
                        "DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT (%zu bytes), got %u and %u bytes", where,
                        sizeof(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT),
                        sizeof(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT), query_size, data_size);
        const auto type = static_cast<const DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT*>(query)->DataType;
        /* pydml's kernels take every DML_TENSOR_DATA_TYPE (what each operator accepts is its page's table) */
        static_cast<DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT*>(data)->IsSupported =
            type >= DML_TENSOR_DATA_TYPE_FLOAT32 && type <= DML_TENSOR_DATA_TYPE_INT4;
        return S_OK;
    }
    if (feature == DML_FEATURE_FEATURE_LEVELS) {
        if (query == nullptr || query_size != sizeof(DML_FEATURE_QUERY_FEATURE_LEVELS) ||
            data_size != sizeof(DML_FEATURE_DATA_FEATURE_LEVELS))
            return Fail(E_INVALIDARG, "%s: DML_FEATURE_FEATURE_LEVELS takes a DML_FEATURE_QUERY_FEATURE_LEVELS (%zu "
                        "bytes) and a DML_FEATURE_DATA_FEATURE_LEVELS (%zu bytes), got %u and %u bytes", where,
                        sizeof(DML_FEATURE_QUERY_FEATURE_LEVELS), sizeof(DML_FEATURE_DATA_FEATURE_LEVELS), query_size,
                        data_size);
        const auto* q = static_cast<const DML_FEATURE_QUERY_FEATURE_LEVELS*>(query);
        if (q->RequestedFeatureLevelCount == 0 || q->RequestedFeatureLevels == nullptr)
            return Fail(E_INVALIDARG, "%s: DML_FEATURE_QUERY_FEATURE_LEVELS.RequestedFeatureLevels is empty", where);
        DML_FEATURE_LEVEL best = DML_FEATURE_LEVEL(0);
        for (UINT i = 0; i < q->RequestedFeatureLevelCount; i++) {
            const DML_FEATURE_LEVEL l = q->RequestedFeatureLevels[i];
            if (l <= level_ && pydml_feature_level_name(l) != nullptr && l > best) best = l;
        }
        if (best == 0)
            return Fail(E_INVALIDARG, "%s: none of the requested feature levels is one pydml supports (up to "
                        "DML_FEATURE_LEVEL_6_4)", where);
        static_cast<DML_FEATURE_DATA_FEATURE_LEVELS*>(data)->MaxSupportedFeatureLevel = best;
        return S_OK;
    }
    return Fail(E_INVALIDARG, "%s: feature is not a DML_FEATURE, got %d", where, static_cast<int>(feature));
}

/* ---- operators --------------------------------------------------------------------------------- */

OperatorObject::OperatorObject(DmlDevice* device, pydml_operator* validated)
    : DmlChild<IDMLOperator>(device), spare_(validated) {
    RegisterObject(static_cast<IDMLOperator*>(this), this);
}

void* OperatorObject::Interface(REFIID riid) {
    if (riid == __uuidof(IUnknown) || riid == __uuidof(IDMLObject) || riid == __uuidof(IDMLDeviceChild) ||
        riid == __uuidof(IDMLOperator))
        return static_cast<IDMLOperator*>(this);
    return nullptr;
}

void OperatorObject::Destroy() {
    std::lock_guard<std::mutex> hold(lock_);
    pydml_operator_destroy(spare_);
    spare_ = nullptr;
}

pydml_status OperatorObject::Build(uint32_t flags, pydml_operator** op, pydml_diagnostic* diagnostic) {
    {
        std::lock_guard<std::mutex> hold(lock_);
        if (flags == 0 && spare_ != nullptr) {
            *op = std::exchange(spare_, nullptr);
            return PYDML_STATUS_SUCCESS;
        }
    }
    return pydml_operator_create_ex(desc_.get(), device_->level_, flags, op, diagnostic);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CreateOperator(const DML_OPERATOR_DESC* desc, REFIID riid, void** ppv) {
    if (ppv) *ppv = nullptr;
    if (HRESULT hr = Usable("CreateOperator")) return hr;
    if (desc == nullptr) return Fail(E_INVALIDARG, "IDMLDevice::CreateOperator: desc is NULL");
    pydml_diagnostic diagnostic;
    pydml_operator* op = nullptr;
    pydml_status s = pydml_operator_create_ex(desc, level_, 0, &op, &diagnostic);
    if (s != PYDML_STATUS_SUCCESS) return Fail(FromStatus(s), "%s", diagnostic.message);
    auto* object = new (std::nothrow) OperatorObject(this, op);
    if (object == nullptr) {
        pydml_operator_destroy(op);
        return Fail(E_OUTOFMEMORY, "IDMLDevice::CreateOperator: out of memory");
    }
    if (!object->desc_.Copy(desc)) {
        object->ReleaseImpl();
        return Fail(E_OUTOFMEMORY, "IDMLDevice::CreateOperator: out of memory");
    }
    return HandDml(object, "IDMLDevice::CreateOperator", riid, ppv);
}

/* ---- compiled operators ------------------------------------------------------------------------ */

DML_BINDING_PROPERTIES Executable::Properties() const {
    DML_BINDING_PROPERTIES p{};
    p.RequiredDescriptorCount = static_cast<UINT>(std::max<size_t>(1, inputs_.size() + outputs_.size()));
    p.TemporaryResourceSize = temporary_;
    p.PersistentResourceSize = persistent_;
    return p;
}

bool Executable::HasOwnedInputs() const {
    for (const BindingSlot& s : inputs_)
        if (s.owned) return true;
    return false;
}

namespace {

class CompiledOperator final : public DmlChild<IDMLCompiledOperator>, public Executable {
public:
    CompiledOperator(DmlDevice* device, pydml_operator* op) : DmlChild<IDMLCompiledOperator>(device), op_(op) {
        RegisterObject(static_cast<IDMLCompiledOperator*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(IDMLObject) || riid == __uuidof(IDMLDeviceChild) ||
            riid == __uuidof(IDMLPageable) || riid == __uuidof(IDMLDispatchable) ||
            riid == __uuidof(IDMLCompiledOperator))
            return static_cast<IDMLCompiledOperator*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "IDMLCompiledOperator"; }
    void Destroy() override {
        pydml_operator_destroy(op_);
        op_ = nullptr;
    }
    Tracked* Self() override { return this; }
    DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() override {
        if (!Alive()) {
            Dead("GetBindingProperties");
            return DML_BINDING_PROPERTIES{};
        }
        return Properties();
    }
    pydml_status Initialize(const pydml_buffer* inputs, uint32_t count, char* message, size_t size) override {
        if (!HasOwnedInputs()) return PYDML_STATUS_SUCCESS;
        return pydml_operator_initialize(op_, inputs, count, message, size);
    }
    pydml_status Run(const pydml_buffer* inputs, uint32_t input_count, const pydml_buffer* outputs,
                     uint32_t output_count, const pydml_buffer* temporary, char* message, size_t size) override {
        return pydml_operator_execute_ex(op_, inputs, input_count, outputs, output_count, temporary, message, size);
    }

    /* The binding slots, in pydml_operator_execute's order (tensor fields in struct order, an
     * array field's elements in turn), with each tensor's TotalTensorSizeInBytes. */
    void Describe(const DML_OPERATOR_DESC* desc) {
        const pydml_operator_info* info = pydml_find_operator_info(desc->Type);
        std::vector<uint64_t> totals[2];
        for (uint32_t i = 0; info && i < info->field_count; i++) {
            const pydml_field_info& f = info->fields[i];
            const int out = f.role == PYDML_ROLE_OUTPUT;
            if (f.kind == PYDML_FIELD_TENSOR) {
                const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_field(info, desc->Desc, f.name);
                totals[out].push_back(t ? t->TotalTensorSizeInBytes : 0);
            } else if (f.kind == PYDML_FIELD_TENSOR_ARRAY) {
                const uint32_t n = pydml_tensor_array_count(info, desc->Desc, f.name);
                for (uint32_t k = 0; k < n; k++) {
                    const DML_BUFFER_TENSOR_DESC* t = pydml_tensor_array_element(info, desc->Desc, f.name, k);
                    totals[out].push_back(t ? t->TotalTensorSizeInBytes : 0);
                }
            }
        }
        pydml_binding_properties p{};
        pydml_operator_get_binding_properties(op_, &p);
        persistent_ = p.persistent_bytes;
        temporary_ = p.temporary_bytes;
        for (int out = 0; out < 2; out++) {
            const uint32_t n = out ? p.output_count : p.input_count;
            auto& slots = out ? outputs_ : inputs_;
            for (uint32_t i = 0; i < n; i++) {
                BindingSlot s;
                const char* name = pydml_operator_binding_name(op_, out, i);
                const uint32_t flags = pydml_operator_binding_flags(op_, out, i);
                s.name = std::string(pydml_operator_desc_name_or(desc)) + "." + (name ? name : "?");
                s.present = (flags & PYDML_BINDING_PRESENT) != 0;
                s.owned = (flags & PYDML_BINDING_OWNED_BY_DML) != 0;
                s.total = i < totals[out].size() ? totals[out][i] : 0;
                slots.push_back(s);
            }
        }
    }

private:
    static const char* pydml_operator_desc_name_or(const DML_OPERATOR_DESC* desc) {
        const pydml_operator_info* info = pydml_find_operator_info(desc->Type);
        return info ? info->desc_name : "DML_OPERATOR_DESC";
    }
    pydml_operator* op_;
};

}  // namespace

HRESULT STDMETHODCALLTYPE DmlDevice::CompileOperator(IDMLOperator* op, DML_EXECUTION_FLAGS flags, REFIID riid,
                                                     void** ppv) {
    if (ppv) *ppv = nullptr;
    if (HRESULT hr = Usable("CompileOperator")) return hr;
    auto* source = Find<OperatorObject>(op);
    if (source == nullptr)
        return Fail(E_INVALIDARG, "IDMLDevice::CompileOperator: op is not an IDMLOperator of this library (or was "
                    "released)");
    if (source->device_ != this)
        return Fail(E_INVALIDARG, "IDMLDevice::CompileOperator: op was created by another IDMLDevice");
    if (flags & ~(DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION | DML_EXECUTION_FLAG_DISABLE_META_COMMANDS |
                  DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE))
        return Fail(E_INVALIDARG, "IDMLDevice::CompileOperator: flags is not a DML_EXECUTION_FLAGS value, got 0x%x",
                    static_cast<unsigned>(flags));
    pydml_diagnostic diagnostic;
    pydml_operator* built = nullptr;
    pydml_status s = source->Build(static_cast<uint32_t>(flags), &built, &diagnostic);
    if (s != PYDML_STATUS_SUCCESS) return Fail(FromStatus(s), "%s", diagnostic.message);
    auto* compiled = new (std::nothrow) CompiledOperator(this, built);
    if (compiled == nullptr) {
        pydml_operator_destroy(built);
        return Fail(E_OUTOFMEMORY, "IDMLDevice::CompileOperator: out of memory");
    }
    compiled->Describe(source->desc_.get());
    return HandDml(compiled, "IDMLDevice::CompileOperator", riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CompileGraph(const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags, REFIID riid,
                                                  void** ppv) {
    if (ppv) *ppv = nullptr;
    if (HRESULT hr = Usable("CompileGraph")) return hr;
    return CompileGraphImpl(this, desc, flags, riid, ppv);
}

/* ---- operator initializers --------------------------------------------------------------------- */

namespace {

class OperatorInitializer final : public DmlChild<IDMLOperatorInitializer> {
public:
    explicit OperatorInitializer(DmlDevice* device) : DmlChild<IDMLOperatorInitializer>(device) {
        RegisterObject(static_cast<IDMLOperatorInitializer*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(IDMLObject) || riid == __uuidof(IDMLDeviceChild) ||
            riid == __uuidof(IDMLPageable) || riid == __uuidof(IDMLDispatchable) ||
            riid == __uuidof(IDMLOperatorInitializer))
            return static_cast<IDMLOperatorInitializer*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "IDMLOperatorInitializer"; }
    void Destroy() override {
        std::lock_guard<std::mutex> hold(lock_);
        ops_.clear();
        keep_.clear();
    }

    /* Checks and takes the operators (Reset and CreateOperatorInitializer). */
    HRESULT Take(UINT count, IDMLCompiledOperator* const* operators, const char* where) {
        if (count && operators == nullptr) return Fail(E_INVALIDARG, "%s: operators is NULL for %u operators", where, count);
        std::vector<Executable*> ops;
        std::vector<Ref<Tracked>> keep;
        for (UINT i = 0; i < count; i++) {
            auto* e = dynamic_cast<Executable*>(FindObject(operators[i]));
            if (e == nullptr)
                return Fail(E_INVALIDARG, "%s: operators[%u] is not an IDMLCompiledOperator of this library (or was "
                            "released)", where, i);
            if (std::find(ops.begin(), ops.end(), e) != ops.end())
                return Fail(E_INVALIDARG, "%s: operators[%u] appears twice", where, i);
            ops.push_back(e);
            keep.emplace_back(e->Self());
        }
        std::lock_guard<std::mutex> hold(lock_);
        ops_ = std::move(ops);
        keep_ = std::move(keep);
        return S_OK;
    }

    HRESULT STDMETHODCALLTYPE Reset(UINT count, IDMLCompiledOperator* const* operators) override {
        if (!Alive()) return Dead("Reset");
        if (device_->Removed() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
        return Take(count, operators, "IDMLOperatorInitializer::Reset");
    }

    DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() override {
        if (!Alive()) {
            Dead("GetBindingProperties");
            return DML_BINDING_PROPERTIES{};
        }
        std::lock_guard<std::mutex> hold(lock_);
        size_t descriptors = 0;
        for (Executable* e : ops_) descriptors += e->inputs_.size() + 1;  // its owned inputs and its persistent resource
        DML_BINDING_PROPERTIES p{};
        p.RequiredDescriptorCount = static_cast<UINT>(std::max<size_t>(1, descriptors));
        return p;
    }

    std::vector<Executable*> Operators() {
        std::lock_guard<std::mutex> hold(lock_);
        return ops_;
    }

private:
    std::mutex lock_;
    std::vector<Executable*> ops_;
    std::vector<Ref<Tracked>> keep_;
};

}  // namespace

HRESULT STDMETHODCALLTYPE DmlDevice::CreateOperatorInitializer(UINT count, IDMLCompiledOperator* const* operators,
                                                               REFIID riid, void** ppv) {
    if (ppv) *ppv = nullptr;
    if (HRESULT hr = Usable("CreateOperatorInitializer")) return hr;
    if (ppv == nullptr) return Fail(E_POINTER, "IDMLDevice::CreateOperatorInitializer: ppv is NULL");
    auto* init = new (std::nothrow) OperatorInitializer(this);
    if (init == nullptr) return Fail(E_OUTOFMEMORY, "IDMLDevice::CreateOperatorInitializer: out of memory");
    HRESULT hr = init->Take(count, operators, "IDMLDevice::CreateOperatorInitializer");
    if (FAILED(hr)) {
        init->ReleaseImpl();
        return hr;
    }
    return HandDml(init, "IDMLDevice::CreateOperatorInitializer", riid, ppv);
}

/* ---- binding tables ---------------------------------------------------------------------------- */

namespace {

/* One bound buffer range (or nothing). */
struct Bound {
    bool set = false;                // BUFFER with a resource
    pydml_buffer buffer{nullptr, 0};
    Ref<Tracked> keep;               // the resource, alive while bound
};

class BindingTable final : public DmlChild<IDMLBindingTable> {
public:
    explicit BindingTable(DmlDevice* device) : DmlChild<IDMLBindingTable>(device) {
        RegisterObject(static_cast<IDMLBindingTable*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(IDMLObject) || riid == __uuidof(IDMLDeviceChild) ||
            riid == __uuidof(IDMLBindingTable))
            return static_cast<IDMLBindingTable*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "IDMLBindingTable"; }
    void Destroy() override { Clear(); }

    /* CreateBindingTable and Reset: the dispatchable and its descriptor range. */
    HRESULT Take(const DML_BINDING_TABLE_DESC* desc, const char* where) {
        Clear();
        if (desc == nullptr) return S_OK;  // an empty table, to Reset later
        Tracked* t = FindObject(desc->Dispatchable);
        auto* exe = dynamic_cast<Executable*>(t);
        auto* init = dynamic_cast<OperatorInitializer*>(t);
        if (exe == nullptr && init == nullptr)
            return Fail(E_INVALIDARG, "%s: desc->Dispatchable is not an IDMLCompiledOperator or "
                        "IDMLOperatorInitializer of this library (or was released)", where);
        const DML_BINDING_PROPERTIES p = exe ? exe->Properties() : init->GetBindingProperties();
        if (desc->SizeInDescriptors < p.RequiredDescriptorCount)
            return Fail(E_INVALIDARG, "%s: the binding table is too small: SizeInDescriptors is %u, the dispatchable's "
                        "GetBindingProperties().RequiredDescriptorCount is %u", where, desc->SizeInDescriptors,
                        p.RequiredDescriptorCount);
        UINT64 gpu = 0;
        bool visible = false;
        if (!DeviceDescriptorRange(device_->d3d_, desc->CPUDescriptorHandle.ptr, desc->SizeInDescriptors, &gpu,
                                   &visible))
            return Fail(E_INVALIDARG, "%s: CPUDescriptorHandle .. + SizeInDescriptors (%u) is not a range of "
                        "descriptors in one descriptor heap of this device", where, desc->SizeInDescriptors);
        if (!visible || gpu != desc->GPUDescriptorHandle.ptr)
            return Fail(E_INVALIDARG, "%s: GPUDescriptorHandle must be the shader-visible heap's handle of the same "
                        "descriptor as CPUDescriptorHandle", where);
        std::lock_guard<std::mutex> hold(lock_);
        keep_ = Ref<Tracked>(t);
        exe_ = exe;
        init_ = init;
        gpu_ = gpu;
        const size_t n_in = exe ? exe->inputs_.size() : init->Operators().size();
        const size_t n_out = exe ? exe->outputs_.size() : n_in;
        inputs_.assign(n_in, std::vector<Bound>());
        outputs_.assign(n_out, Bound());
        return S_OK;
    }

    HRESULT STDMETHODCALLTYPE Reset(const DML_BINDING_TABLE_DESC* desc) override {
        if (!Alive()) return Dead("Reset");
        if (device_->Removed() != S_OK) return DXGI_ERROR_DEVICE_REMOVED;
        return Take(desc, "IDMLBindingTable::Reset");
    }

    void STDMETHODCALLTYPE BindInputs(UINT count, const DML_BINDING_DESC* bindings) override {
        if (!Alive()) {
            Dead("BindInputs");
            return;
        }
        std::lock_guard<std::mutex> hold(lock_);
        const char* where = "IDMLBindingTable::BindInputs";
        if (!Ready(where)) return;
        if (count != inputs_.size() || (count && bindings == nullptr))
            return Invalid("%s: bindingCount must be %zu (one per %s), got %u%s", where, inputs_.size(),
                           exe_ ? "input of the dispatchable" : "operator of the initializer", count,
                           count && bindings == nullptr ? " with NULL bindings" : "");
        std::vector<std::vector<Bound>> bound(count);
        for (UINT i = 0; i < count; i++) {
            const DML_BINDING_DESC& b = bindings[i];
            if (exe_) {
                const BindingSlot& slot = exe_->inputs_[i];
                Bound one;
                if (!Buffer(b, Format("%s: bindings[%u] (%s)", where, i, slot.name.c_str()), slot.total, &one)) return;
                if (one.set && slot.owned)
                    return Invalid("%s: bindings[%u] binds %s, which has DML_TENSOR_FLAG_OWNED_BY_DML: it is bound once, "
                                   "through the operator initializer, and must be DML_BINDING_TYPE_NONE here", where, i,
                                   slot.name.c_str());
                if (one.set && !slot.present)
                    return Invalid("%s: bindings[%u] binds %s, but the desc has no such tensor (bind "
                                   "DML_BINDING_TYPE_NONE)", where, i, slot.name.c_str());
                if (!one.set && slot.present && !slot.owned)
                    return Invalid("%s: bindings[%u] leaves %s unbound; it is a required input", where, i,
                                   slot.name.c_str());
                bound[i].push_back(std::move(one));
            } else {
                Executable* op = init_->Operators()[i];
                if (b.Type == DML_BINDING_TYPE_NONE) {
                    if (op->HasOwnedInputs())
                        return Invalid("%s: bindings[%u] is DML_BINDING_TYPE_NONE, but operators[%u] has "
                                       "DML_TENSOR_FLAG_OWNED_BY_DML inputs to bind (a DML_BUFFER_ARRAY_BINDING with one "
                                       "DML_BUFFER_BINDING per input)", where, i, i);
                    continue;
                }
                if (b.Type != DML_BINDING_TYPE_BUFFER_ARRAY || b.Desc == nullptr)
                    return Invalid("%s: bindings[%u] must be DML_BINDING_TYPE_BUFFER_ARRAY (an initializer binds each "
                                   "operator's inputs as an array) or NONE, got type %d%s", where, i,
                                   static_cast<int>(b.Type), b.Desc == nullptr ? " with a NULL Desc" : "");
                const auto* a = static_cast<const DML_BUFFER_ARRAY_BINDING*>(b.Desc);
                if (a->BindingCount != op->inputs_.size() || (a->BindingCount && a->Bindings == nullptr))
                    return Invalid("%s: bindings[%u].BindingCount must be %zu (operators[%u]'s inputs), got %u", where,
                                   i, op->inputs_.size(), i, a->BindingCount);
                for (UINT k = 0; k < a->BindingCount; k++) {
                    const BindingSlot& slot = op->inputs_[k];
                    Bound one;
                    DML_BINDING_DESC single{DML_BINDING_TYPE_BUFFER, &a->Bindings[k]};
                    if (!Buffer(single, Format("%s: bindings[%u].Bindings[%u] (%s)", where, i, k, slot.name.c_str()),
                                slot.total, &one))
                        return;
                    if (slot.owned && !one.set)
                        return Invalid("%s: bindings[%u].Bindings[%u] leaves %s unbound; it has "
                                       "DML_TENSOR_FLAG_OWNED_BY_DML and the initializer must bind it", where, i, k,
                                       slot.name.c_str());
                    if (!slot.owned) one = Bound();  // only owned inputs are read at initialization
                    bound[i].push_back(std::move(one));
                }
            }
        }
        inputs_ = std::move(bound);
        inputs_bound_ = true;
    }

    void STDMETHODCALLTYPE BindOutputs(UINT count, const DML_BINDING_DESC* bindings) override {
        if (!Alive()) {
            Dead("BindOutputs");
            return;
        }
        std::lock_guard<std::mutex> hold(lock_);
        const char* where = "IDMLBindingTable::BindOutputs";
        if (!Ready(where)) return;
        if (count != outputs_.size() || (count && bindings == nullptr))
            return Invalid("%s: bindingCount must be %zu (one per %s), got %u", where, outputs_.size(),
                           exe_ ? "output of the dispatchable" : "operator of the initializer: its persistent resource",
                           count);
        std::vector<Bound> bound(count);
        for (UINT i = 0; i < count; i++) {
            if (exe_) {
                const BindingSlot& slot = exe_->outputs_[i];
                if (!Buffer(bindings[i], Format("%s: bindings[%u] (%s)", where, i, slot.name.c_str()), slot.total,
                            &bound[i]))
                    return;
                if (bound[i].set && !slot.present)
                    return Invalid("%s: bindings[%u] binds %s, but the desc has no such tensor (bind "
                                   "DML_BINDING_TYPE_NONE)", where, i, slot.name.c_str());
                if (!bound[i].set && slot.present)
                    return Invalid("%s: bindings[%u] leaves %s unbound", where, i, slot.name.c_str());
            } else {
                const uint64_t need = init_->Operators()[i]->persistent_;
                if (!Buffer(bindings[i], Format("%s: bindings[%u] (operators[%u]'s persistent resource)", where, i, i),
                            need, &bound[i]))
                    return;
                if (need && !bound[i].set)
                    return Invalid("%s: bindings[%u] leaves operators[%u]'s persistent resource (%llu bytes) unbound",
                                   where, i, i, static_cast<unsigned long long>(need));
            }
        }
        outputs_ = std::move(bound);
        outputs_bound_ = true;
    }

    void STDMETHODCALLTYPE BindTemporaryResource(const DML_BINDING_DESC* binding) override {
        if (!Alive()) {
            Dead("BindTemporaryResource");
            return;
        }
        std::lock_guard<std::mutex> hold(lock_);
        if (!Ready("IDMLBindingTable::BindTemporaryResource")) return;
        Bound b;
        if (binding && !Buffer(*binding, "IDMLBindingTable::BindTemporaryResource", exe_ ? exe_->temporary_ : 0, &b))
            return;
        temporary_ = std::move(b);
    }

    void STDMETHODCALLTYPE BindPersistentResource(const DML_BINDING_DESC* binding) override {
        if (!Alive()) {
            Dead("BindPersistentResource");
            return;
        }
        std::lock_guard<std::mutex> hold(lock_);
        const char* where = "IDMLBindingTable::BindPersistentResource";
        if (!Ready(where)) return;
        if (init_ && binding && binding->Type != DML_BINDING_TYPE_NONE)
            return Invalid("%s: an operator initializer has no persistent resource (its operators' persistent "
                           "resources are its outputs)", where);
        Bound b;
        if (binding && !Buffer(*binding, where, exe_ ? exe_->persistent_ : 0, &b)) return;
        persistent_ = std::move(b);
    }

    /* RecordDispatch's view: checks the table is complete and builds the command. */
    Command* Snapshot(Tracked* dispatchable, std::string& why);

    UINT64 gpu_ = 0;

private:
    void Clear() {
        std::lock_guard<std::mutex> hold(lock_);
        keep_ = Ref<Tracked>();
        exe_ = nullptr;
        init_ = nullptr;
        inputs_.clear();
        outputs_.clear();
        temporary_ = Bound();
        persistent_ = Bound();
        inputs_bound_ = outputs_bound_ = false;
    }

    bool Ready(const char* where) {
        if (device_->Removed() != S_OK) return false;
        if (exe_ == nullptr && init_ == nullptr) {
            Invalid("%s: the binding table has no dispatchable (created with a NULL desc, not Reset since)", where);
            return false;
        }
        return true;
    }

    void Invalid(const char* format, ...) __attribute__((format(printf, 2, 3))) {
        char buffer[2048];
        va_list args;
        va_start(args, format);
        vsnprintf(buffer, sizeof buffer, format, args);
        va_end(args);
        device_->Remove(E_INVALIDARG, buffer);
    }

    /* A DML_BINDING_DESC of type NONE or BUFFER: DirectML's rules for a buffer range. */
    bool Buffer(const DML_BINDING_DESC& b, const std::string& where, uint64_t least, Bound* out) {
        *out = Bound();
        if (b.Type == DML_BINDING_TYPE_NONE) return true;
        if (b.Type != DML_BINDING_TYPE_BUFFER) {
            Invalid("%s: must be DML_BINDING_TYPE_BUFFER or NONE, got type %d", where.c_str(), static_cast<int>(b.Type));
            return false;
        }
        if (b.Desc == nullptr) {
            Invalid("%s: DML_BINDING_TYPE_BUFFER with a NULL Desc", where.c_str());
            return false;
        }
        const auto* buffer = static_cast<const DML_BUFFER_BINDING*>(b.Desc);
        if (buffer->Buffer == nullptr) return true;  // a NULL Buffer binds nothing
        BufferResource* r = FindBuffer(buffer->Buffer);
        if (r == nullptr) {
            Invalid("%s: Buffer is not an ID3D12Resource of this library (or was released)", where.c_str());
            return false;
        }
        const uint64_t width = BufferSize(r);
        if (buffer->Offset > width || buffer->SizeInBytes > width - buffer->Offset) {
            Invalid("%s: the buffer range Offset %llu + SizeInBytes %llu reaches past the resource's end (%llu bytes)",
                    where.c_str(), static_cast<unsigned long long>(buffer->Offset),
                    static_cast<unsigned long long>(buffer->SizeInBytes), static_cast<unsigned long long>(width));
            return false;
        }
        if (buffer->Offset % DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT != 0) {
            Invalid("%s: Offset must be a multiple of DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT (16), got %llu",
                    where.c_str(), static_cast<unsigned long long>(buffer->Offset));
            return false;
        }
        if (buffer->SizeInBytes < least) {
            Invalid("%s: SizeInBytes is %llu, less than the %llu bytes it needs (TotalTensorSizeInBytes, or the "
                    "binding properties' size)", where.c_str(), static_cast<unsigned long long>(buffer->SizeInBytes),
                    static_cast<unsigned long long>(least));
            return false;
        }
        if (BufferHeapType(r) != D3D12_HEAP_TYPE_DEFAULT || !BufferAllowsUnorderedAccess(r)) {
            Invalid("%s: DirectML reads and writes its buffers as unordered-access views: the resource must be on the "
                    "DEFAULT heap with D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS", where.c_str());
            return false;
        }
        out->set = true;
        out->buffer = pydml_buffer{BufferData(r) + buffer->Offset, buffer->SizeInBytes};
        out->keep = Ref<Tracked>(AsTracked(r));
        return true;
    }

    std::mutex lock_;
    Ref<Tracked> keep_;
    Executable* exe_ = nullptr;
    OperatorInitializer* init_ = nullptr;
    std::vector<std::vector<Bound>> inputs_;  // an operator's: one each; an initializer's: one array per operator
    std::vector<Bound> outputs_;
    Bound temporary_, persistent_;
    bool inputs_bound_ = false, outputs_bound_ = false;
};

/* A recorded dispatch: the buffers as bound when it was recorded, and references keeping every
 * object it touches alive until the command list is reset or released. */
class DispatchCommand final : public Command {
public:
    DispatchCommand(DmlDevice* device, Tracked* dispatchable, Executable* exe, std::vector<Executable*> ops)
        : device_(device), dispatchable_(dispatchable), exe_(exe), ops_(std::move(ops)) {
        for (Executable* op : ops_) op_keep_.emplace_back(op->Self());
    }
    bool Execute(std::string&) override {
        if (device_->Removed() != S_OK) return true;  // a removed device runs nothing
        char message[1024];
        if (exe_) {
            if (!exe_->initialized_.load()) {
                device_->Remove(E_INVALIDARG, Format("ID3D12CommandQueue::ExecuteCommandLists: %s was dispatched before "
                                                     "an operator initializer naming it ran",
                                                     exe_->Self()->Describe().c_str()));
                return true;
            }
            pydml_status s = exe_->Run(inputs_[0].data(), static_cast<uint32_t>(inputs_[0].size()), outputs_.data(),
                                       static_cast<uint32_t>(outputs_.size()), &temporary_, message, sizeof message);
            if (s != PYDML_STATUS_SUCCESS) device_->Remove(FromStatus(s), message);
            return true;
        }
        for (size_t i = 0; i < ops_.size(); i++) {
            pydml_status s = ops_[i]->Initialize(inputs_[i].data(), static_cast<uint32_t>(inputs_[i].size()), message,
                                                 sizeof message);
            if (s != PYDML_STATUS_SUCCESS) {
                device_->Remove(FromStatus(s), message);
                return true;
            }
            ops_[i]->initialized_.store(true);
        }
        return true;
    }

    DmlDevice* device_;
    Ref<Tracked> dispatchable_;
    Executable* exe_;
    std::vector<Executable*> ops_;
    std::vector<Ref<Tracked>> op_keep_;
    std::vector<std::vector<pydml_buffer>> inputs_;  // an operator's: [0]; an initializer's: one per operator
    std::vector<pydml_buffer> outputs_;
    pydml_buffer temporary_{nullptr, 0};              // the bound temporary resource
    std::vector<Ref<Tracked>> resources_;
};

Command* BindingTable::Snapshot(Tracked* dispatchable, std::string& why) {
    std::lock_guard<std::mutex> hold(lock_);
    if (keep_.get() != dispatchable) {
        why = "the binding table was created (or Reset) for another dispatchable";
        return nullptr;
    }
    std::unique_ptr<DispatchCommand> c(
        new DispatchCommand(device_, dispatchable, exe_, init_ ? init_->Operators() : std::vector<Executable*>()));
    auto keep = [&](const Bound& b) {
        if (b.set) c->resources_.push_back(b.keep);
        return b.set ? b.buffer : pydml_buffer{nullptr, 0};
    };
    if (exe_) {
        c->inputs_.emplace_back();
        for (size_t i = 0; i < exe_->inputs_.size(); i++) {
            const BindingSlot& slot = exe_->inputs_[i];
            const bool set = inputs_bound_ && !inputs_[i].empty() && inputs_[i][0].set;
            if (slot.present && !slot.owned && !set) {
                why = Format("%s is not bound (BindInputs)", slot.name.c_str());
                return nullptr;
            }
            c->inputs_[0].push_back(set ? keep(inputs_[i][0]) : pydml_buffer{nullptr, 0});
        }
        for (size_t i = 0; i < exe_->outputs_.size(); i++) {
            const BindingSlot& slot = exe_->outputs_[i];
            if (slot.present && !(outputs_bound_ && outputs_[i].set)) {
                why = Format("%s is not bound (BindOutputs)", slot.name.c_str());
                return nullptr;
            }
            c->outputs_.push_back(keep(outputs_[i]));
        }
        if (exe_->persistent_ && !persistent_.set) {
            why = Format("the persistent resource (%llu bytes, GetBindingProperties) is not bound "
                         "(BindPersistentResource)", static_cast<unsigned long long>(exe_->persistent_));
            return nullptr;
        }
        if (exe_->temporary_ && !temporary_.set) {
            why = Format("the temporary resource (%llu bytes, GetBindingProperties) is not bound "
                         "(BindTemporaryResource)", static_cast<unsigned long long>(exe_->temporary_));
            return nullptr;
        }
        if (!exe_->init_recorded_.load() && !exe_->initialized_.load()) {
            why = Format("%s has not been initialized: record the dispatch of an IDMLOperatorInitializer naming it "
                         "first", exe_->Self()->Describe().c_str());
            return nullptr;
        }
        keep(persistent_);
    } else {
        const std::vector<Executable*> ops = init_->Operators();
        for (size_t i = 0; i < ops.size(); i++) {
            c->inputs_.emplace_back();
            const bool any = inputs_bound_ && i < inputs_.size() && !inputs_[i].empty();
            for (size_t k = 0; k < ops[i]->inputs_.size(); k++) {
                const BindingSlot& slot = ops[i]->inputs_[k];
                const bool set = any && inputs_[i][k].set;
                if (slot.owned && !set) {
                    why = Format("operators[%zu]'s %s has DML_TENSOR_FLAG_OWNED_BY_DML and is not bound (BindInputs)",
                                 i, slot.name.c_str());
                    return nullptr;
                }
                c->inputs_[i].push_back(set ? keep(inputs_[i][k]) : pydml_buffer{nullptr, 0});
            }
            if (ops[i]->persistent_ && !(outputs_bound_ && outputs_[i].set)) {
                why = Format("operators[%zu]'s persistent resource (%llu bytes) is not bound (BindOutputs)", i,
                             static_cast<unsigned long long>(ops[i]->persistent_));
                return nullptr;
            }
            if (outputs_bound_) keep(outputs_[i]);
        }
    }
    c->temporary_ = keep(temporary_);
    return c.release();
}

/* ---- command recorders ------------------------------------------------------------------------- */

class CommandRecorder final : public DmlChild<IDMLCommandRecorder> {
public:
    explicit CommandRecorder(DmlDevice* device) : DmlChild<IDMLCommandRecorder>(device) {
        RegisterObject(static_cast<IDMLCommandRecorder*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(IDMLObject) || riid == __uuidof(IDMLDeviceChild) ||
            riid == __uuidof(IDMLCommandRecorder))
            return static_cast<IDMLCommandRecorder*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "IDMLCommandRecorder"; }

    void STDMETHODCALLTYPE RecordDispatch(ID3D12CommandList* command_list, IDMLDispatchable* dispatchable,
                                          IDMLBindingTable* bindings) override {
        if (!Alive()) {
            Dead("RecordDispatch");
            return;
        }
        if (device_->Removed() != S_OK) return;
        const char* where = "IDMLCommandRecorder::RecordDispatch";
        CommandList* list = FindCommandList(command_list);
        if (list == nullptr)
            return device_->Remove(E_INVALIDARG, Format("%s: commandList is not an ID3D12GraphicsCommandList of this "
                                                        "library (or was released)", where));
        if (CommandListDevice(list) != device_->d3d_) {
            const std::string message = Format("%s: commandList belongs to another D3D12 device than the DirectML "
                                               "device's", where);
            CommandListInvalidate(list, message);
            return device_->Remove(E_INVALIDARG, message);
        }
        Tracked* d = FindObject(dispatchable);
        auto* exe = dynamic_cast<Executable*>(d);
        auto* init = dynamic_cast<OperatorInitializer*>(d);
        auto* table = Find<BindingTable>(bindings);
        std::string why;
        if (exe == nullptr && init == nullptr)
            why = "dispatchable is not an IDMLCompiledOperator or IDMLOperatorInitializer of this library (or was "
                  "released)";
        else if (table == nullptr)
            why = "bindings is not an IDMLBindingTable of this library (or was released)";
        else if (!CommandListHasHeapFor(list, table->gpu_))
            why = "the binding table's descriptor heap is not set on the command list (SetDescriptorHeaps)";
        Command* command = why.empty() ? table->Snapshot(d, why) : nullptr;
        if (command == nullptr) {
            const std::string message = Format("%s: %s", where, why.c_str());
            CommandListInvalidate(list, message);
            return device_->Remove(E_INVALIDARG, message);
        }
        if (!CommandListRecord(list, command)) {
            delete command;
            return device_->Remove(E_INVALIDARG, Format("%s: the command list is closed; Reset it first", where));
        }
        if (init)
            for (Executable* op : init->Operators()) op->init_recorded_.store(true);
    }
};

}  // namespace

HRESULT STDMETHODCALLTYPE DmlDevice::CreateCommandRecorder(REFIID riid, void** ppv) {
    if (ppv) *ppv = nullptr;
    if (HRESULT hr = Usable("CreateCommandRecorder")) return hr;
    if (ppv == nullptr) return Fail(E_POINTER, "IDMLDevice::CreateCommandRecorder: ppv is NULL");
    auto* recorder = new (std::nothrow) CommandRecorder(this);
    if (recorder == nullptr) return Fail(E_OUTOFMEMORY, "IDMLDevice::CreateCommandRecorder: out of memory");
    return HandDml(recorder, "IDMLDevice::CreateCommandRecorder", riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CreateBindingTable(const DML_BINDING_TABLE_DESC* desc, REFIID riid, void** ppv) {
    if (ppv) *ppv = nullptr;
    if (HRESULT hr = Usable("CreateBindingTable")) return hr;
    if (ppv == nullptr) return Fail(E_POINTER, "IDMLDevice::CreateBindingTable: ppv is NULL");
    auto* table = new (std::nothrow) BindingTable(this);
    if (table == nullptr) return Fail(E_OUTOFMEMORY, "IDMLDevice::CreateBindingTable: out of memory");
    HRESULT hr = table->Take(desc, "IDMLDevice::CreateBindingTable");
    if (FAILED(hr)) {
        table->ReleaseImpl();
        return hr;
    }
    return HandDml(table, "IDMLDevice::CreateBindingTable", riid, ppv);
}

static HRESULT CheckPageables(DmlDevice* device, UINT count, IDMLPageable* const* objects, const char* where) {
    if (count && objects == nullptr) return device->Fail(E_INVALIDARG, "%s: ppObjects is NULL", where);
    for (UINT i = 0; i < count; i++) {
        Tracked* t = FindObject(objects[i]);
        if (dynamic_cast<Executable*>(t) == nullptr && dynamic_cast<OperatorInitializer*>(t) == nullptr)
            return device->Fail(E_INVALIDARG, "%s: ppObjects[%u] is not an IDMLPageable of this library (or was "
                                "released)", where, i);
    }
    return S_OK;  // host memory is always resident
}

HRESULT STDMETHODCALLTYPE DmlDevice::Evict(UINT count, IDMLPageable* const* objects) {
    if (HRESULT hr = Usable("Evict")) return hr;
    return CheckPageables(this, count, objects, "IDMLDevice::Evict");
}

HRESULT STDMETHODCALLTYPE DmlDevice::MakeResident(UINT count, IDMLPageable* const* objects) {
    if (HRESULT hr = Usable("MakeResident")) return hr;
    return CheckPageables(this, count, objects, "IDMLDevice::MakeResident");
}

}  // namespace pydml_com

using namespace pydml_com;

extern "C" {

/* The device validates at the highest level pydml supports, as DirectML's does at its own; the
 * requested minimum only has to be one it reaches. */
HRESULT DMLCreateDevice1(ID3D12Device* d3d12Device, DML_CREATE_DEVICE_FLAGS flags, DML_FEATURE_LEVEL minimumFeatureLevel,
                         REFIID riid, void** ppv) {
    if (ppv) *ppv = nullptr;
    D3DDevice* d3d = FindD3DDevice(d3d12Device);
    if (d3d == nullptr)
        return FreeFail(E_INVALIDARG, "DMLCreateDevice: d3d12Device is not a device of this library's D3D12 stand-in "
                        "(create it with D3D12CreateDevice, linked from libdirectml.so), or was released");
    if (DeviceTracked(d3d)->Alive() && static_cast<ID3D12Device*>(d3d12Device)->GetDeviceRemovedReason() != S_OK)
        return DXGI_ERROR_DEVICE_REMOVED;
    if (flags & ~DML_CREATE_DEVICE_FLAG_DEBUG)
        return FreeFail(E_INVALIDARG, Format("DMLCreateDevice: flags is not a DML_CREATE_DEVICE_FLAGS value, got 0x%x",
                                             static_cast<unsigned>(flags)));
    const DML_FEATURE_LEVEL highest = DML_FEATURE_LEVEL_6_4;
    if (pydml_feature_level_name(minimumFeatureLevel) == nullptr || minimumFeatureLevel > highest)
        return FreeFail(DXGI_ERROR_UNSUPPORTED,
                        Format("DMLCreateDevice1: minimumFeatureLevel 0x%x is not one pydml supports (up to "
                               "DML_FEATURE_LEVEL_6_4)", static_cast<unsigned>(minimumFeatureLevel)));
    auto* device = new (std::nothrow) DmlDevice(d3d, flags, highest);
    if (device == nullptr) return E_OUTOFMEMORY;
    return HandDml(device, "DMLCreateDevice", riid, ppv);
}

HRESULT DMLCreateDevice(ID3D12Device* d3d12Device, DML_CREATE_DEVICE_FLAGS flags, REFIID riid, void** ppv) {
    return DMLCreateDevice1(d3d12Device, flags, DML_FEATURE_LEVEL_1_0, riid, ppv);
}

/* pydml's extension (include/pydml_com.h): the last message of the device an object belongs to
 * (NULL: of this thread's last failed DMLCreateDevice). Returns its length; copies what fits. */
size_t pydml_com_last_message(const void* object, char* buffer, size_t size) {
    std::string text;
    if (object == nullptr) {
        text = free_message;
    } else if (Tracked* t = FindObject(object)) {
        if (MessageSink* sink = t->Sink()) text = sink->LastMessage();
    } else {
        text = "pydml_com_last_message: not an object of this library (or released)";
    }
    if (buffer && size) {
        const size_t n = std::min(size - 1, text.size());
        std::memcpy(buffer, text.data(), n);
        buffer[n] = '\0';
    }
    return text.size();
}

}  // extern "C"
