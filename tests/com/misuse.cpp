// Bad use of libdirectml.so, one case per function: each prints
//   <case> hr=<HRESULT> removed=<the DirectML device's GetDeviceRemovedReason> | <last message>
// and must end in an HRESULT and a message, never a crash (tests/test_com.py reads the lines; the
// sanitizer run builds it with -fsanitize=address,undefined).
#include "dml_example.h"

#include "pydml_com.h"

#include <functional>
#include <string>

namespace {

struct Dml {
    Gpu gpu;
    ComPtr<IDMLDevice1> dml;
    ComPtr<IDMLCommandRecorder> recorder;
    explicit Dml(DML_FEATURE_LEVEL level = DML_FEATURE_LEVEL_1_0) {
        CHECK(DMLCreateDevice1(gpu.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, level, IID_PPV_ARGS(&dml)));
        CHECK(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)));
    }
    std::string Message() {
        char text[2048];
        pydml_com_last_message(dml.Get(), text, sizeof text);
        return text;
    }
};

void Report(const char* name, HRESULT hr, Dml& d) {
    std::printf("%s hr=0x%08x removed=0x%08x | %s\n", name, static_cast<unsigned>(hr),
                static_cast<unsigned>(d.dml->GetDeviceRemovedReason()), d.Message().c_str());
}

// An identity over 1x2x3x4 floats, compiled; `owned` puts OWNED_BY_DML on its input.
struct Identity {
    FloatTensor in{{1, 2, 3, 4}};
    FloatTensor out{{1, 2, 3, 4}};
    ComPtr<IDMLOperator> op;
    ComPtr<IDMLCompiledOperator> compiled;
    explicit Identity(Dml& d) {
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&in.desc, &out.desc, nullptr};
        DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
        CHECK(d.dml->CreateOperator(&desc, IID_PPV_ARGS(&op)));
        CHECK(d.dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));
    }
};

// Records and runs the operator's initializer; returns the heap and a binding table for `compiled`.
struct Ready {
    ComPtr<ID3D12DescriptorHeap> heap;
    ComPtr<IDMLBindingTable> table;
    Ready(Dml& d, IDMLCompiledOperator* compiled) {
        IDMLCompiledOperator* ops[] = {compiled};
        ComPtr<IDMLOperatorInitializer> init;
        CHECK(d.dml->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&init)));
        heap = d.gpu.DescriptorHeap(8);
        DML_BINDING_TABLE_DESC desc = TableDesc(init.Get(), heap.Get(), 8);
        CHECK(d.dml->CreateBindingTable(&desc, IID_PPV_ARGS(&table)));
        d.recorder->RecordDispatch(d.gpu.list.Get(), init.Get(), table.Get());
        d.gpu.CloseExecuteResetWait();
        ID3D12DescriptorHeap* heaps[] = {heap.Get()};
        d.gpu.list->SetDescriptorHeaps(1, heaps);
        desc.Dispatchable = compiled;
        CHECK(table->Reset(&desc));
    }
};

void InvalidDesc() {
    Dml d;
    FloatTensor a({1, 1, 2, 3}), b({1, 1, 4, 2}), out({1, 1, 2, 2});
    DML_GEMM_OPERATOR_DESC gemm{};
    gemm.ATensor = &a.desc;
    gemm.BTensor = &b.desc;
    gemm.OutputTensor = &out.desc;
    gemm.Alpha = 1.0f;
    DML_OPERATOR_DESC desc{DML_OPERATOR_GEMM, &gemm};
    ComPtr<IDMLOperator> op;
    Report("invalid_desc", d.dml->CreateOperator(&desc, IID_PPV_ARGS(&op)), d);
}

void TableTooSmall() {
    Dml d;
    Identity id(d);
    ComPtr<ID3D12DescriptorHeap> heap = d.gpu.DescriptorHeap(8);
    const UINT need = id.compiled->GetBindingProperties().RequiredDescriptorCount;
    DML_BINDING_TABLE_DESC desc = TableDesc(id.compiled.Get(), heap.Get(), need - 1);
    ComPtr<IDMLBindingTable> table;
    Report("table_too_small", d.dml->CreateBindingTable(&desc, IID_PPV_ARGS(&table)), d);
}

void RangePastEnd() {
    Dml d;
    Identity id(d);
    Ready ready(d, id.compiled.Get());
    ComPtr<ID3D12Resource> small = d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, 64);
    DML_BUFFER_BINDING binding{small.Get(), 0, id.in.Bytes()};
    DML_BINDING_DESC in{DML_BINDING_TYPE_BUFFER, &binding};
    ready.table->BindInputs(1, &in);
    Report("range_past_end", d.dml->GetDeviceRemovedReason(), d);
}

void UnboundInput() {
    Dml d;
    Identity id(d);
    Ready ready(d, id.compiled.Get());
    ComPtr<ID3D12Resource> out = d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, id.out.Bytes());
    DML_BUFFER_BINDING binding{};
    DML_BINDING_DESC o = BufferBinding(&binding, out.Get(), id.out.Bytes());
    ready.table->BindOutputs(1, &o);
    d.recorder->RecordDispatch(d.gpu.list.Get(), id.compiled.Get(), ready.table.Get());
    const HRESULT closed = d.gpu.list->Close();
    std::printf("unbound_input_close hr=0x%08x\n", static_cast<unsigned>(closed));
    Report("unbound_input", d.dml->GetDeviceRemovedReason(), d);
}

void NotInitialized() {
    Dml d;
    Identity id(d);
    ComPtr<ID3D12DescriptorHeap> heap = d.gpu.DescriptorHeap(8);
    DML_BINDING_TABLE_DESC desc = TableDesc(id.compiled.Get(), heap.Get(), 8);
    ComPtr<IDMLBindingTable> table;
    CHECK(d.dml->CreateBindingTable(&desc, IID_PPV_ARGS(&table)));
    ComPtr<ID3D12Resource> in = d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, id.in.Bytes());
    ComPtr<ID3D12Resource> out = d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, id.out.Bytes());
    DML_BUFFER_BINDING bi{}, bo{};
    DML_BINDING_DESC i = BufferBinding(&bi, in.Get(), id.in.Bytes()), o = BufferBinding(&bo, out.Get(), id.out.Bytes());
    table->BindInputs(1, &i);
    table->BindOutputs(1, &o);
    d.recorder->RecordDispatch(d.gpu.list.Get(), id.compiled.Get(), table.Get());
    Report("not_initialized", d.dml->GetDeviceRemovedReason(), d);
}

void OwnedBoundAtDispatch() {
    Dml d;
    FloatTensor in({1, 2, 3, 4}, DML_TENSOR_FLAG_OWNED_BY_DML), out({1, 2, 3, 4});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&in.desc, &out.desc, nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    ComPtr<IDMLOperator> op;
    ComPtr<IDMLCompiledOperator> compiled;
    CHECK(d.dml->CreateOperator(&desc, IID_PPV_ARGS(&op)));
    CHECK(d.dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));
    ComPtr<IDMLOperatorInitializer> init;
    IDMLCompiledOperator* ops[] = {compiled.Get()};
    CHECK(d.dml->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&init)));
    ComPtr<ID3D12DescriptorHeap> heap = d.gpu.DescriptorHeap(8);
    DML_BINDING_TABLE_DESC table_desc = TableDesc(init.Get(), heap.Get(), 8);
    ComPtr<IDMLBindingTable> table;
    CHECK(d.dml->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));
    DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    table->BindInputs(1, &none);  // the owned input must be bound at initialization
    Report("owned_unbound_at_init", d.dml->GetDeviceRemovedReason(), d);
}

void ReleasedObject() {
    Dml d;
    IDMLCompiledOperator* raw = nullptr;
    {
        Identity id(d);
        raw = id.compiled.Get();
    }  // the last reference goes: `raw` dangles, as in a program with a use-after-release bug
    const DML_BINDING_PROPERTIES p = raw->GetBindingProperties();
    std::printf("released_properties descriptors=%u\n", p.RequiredDescriptorCount);
    IDMLCompiledOperator* ops[] = {raw};
    ComPtr<IDMLOperatorInitializer> init;
    Report("released_object", d.dml->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&init)), d);
}

void MapDefaultHeap() {
    Dml d;
    ComPtr<ID3D12Resource> buffer = d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, 256);
    void* data = nullptr;
    const HRESULT hr = buffer->Map(0, nullptr, &data);
    char text[2048];
    pydml_com_last_message(buffer.Get(), text, sizeof text);
    std::printf("map_default_heap hr=0x%08x | %s\n", static_cast<unsigned>(hr), text);
}

void CopyPastEnd() {
    Dml d;
    ComPtr<ID3D12Resource> a = d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, 256);
    ComPtr<ID3D12Resource> b = d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, 128);
    d.gpu.list->CopyBufferRegion(b.Get(), 64, a.Get(), 0, 128);
    const HRESULT hr = d.gpu.list->Close();
    char text[2048];
    pydml_com_last_message(d.gpu.device.Get(), text, sizeof text);
    std::printf("copy_past_end hr=0x%08x | %s\n", static_cast<unsigned>(hr), text);
}

void NotImplemented() {
    Dml d;
    ComPtr<ID3D12RootSignature> root;
    const HRESULT hr = d.gpu.device->CreateRootSignature(0, nullptr, 0, IID_PPV_ARGS(&root));
    char text[2048];
    pydml_com_last_message(d.gpu.device.Get(), text, sizeof text);
    std::printf("not_implemented hr=0x%08x | %s\n", static_cast<unsigned>(hr), text);
}

void ForeignDevice() {
    ComPtr<IDMLDevice> dml;
    int not_a_device[16] = {};
    const HRESULT hr = DMLCreateDevice(reinterpret_cast<ID3D12Device*>(not_a_device), DML_CREATE_DEVICE_FLAG_NONE,
                                       IID_PPV_ARGS(&dml));
    char text[2048];
    pydml_com_last_message(nullptr, text, sizeof text);
    std::printf("foreign_device hr=0x%08x | %s\n", static_cast<unsigned>(hr), text);
}

void RemovedDevice() {
    Dml d;
    Identity id(d);
    Ready ready(d, id.compiled.Get());
    DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    ready.table->BindInputs(3, &none);  // wrong count: removes the device
    ComPtr<IDMLOperator> op;
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&id.in.desc, &id.out.desc, nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    Report("removed_device", d.dml->CreateOperator(&desc, IID_PPV_ARGS(&op)), d);
}

void UnclosedList() {
    Dml d;
    ID3D12CommandList* lists[] = {d.gpu.list.Get()};
    d.gpu.queue->ExecuteCommandLists(1, lists);
    char text[2048];
    pydml_com_last_message(d.gpu.device.Get(), text, sizeof text);
    std::printf("unclosed_list hr=0x%08x | %s\n", static_cast<unsigned>(d.gpu.device->GetDeviceRemovedReason()), text);
}

// MULTIHEAD_ATTENTION takes its scratch from the temporary resource (TemporaryResourceSize > 0):
// a dispatch that binds none is refused, as DirectML refuses it; one that binds it runs.
void Temporary(bool bind) {
    Dml d(DML_FEATURE_LEVEL_6_1);
    FloatTensor q({1, 2, 8}), k({1, 3, 8}), v({1, 3, 8}), out({1, 2, 8});
    DML_MULTIHEAD_ATTENTION_OPERATOR_DESC mha{};
    mha.QueryTensor = &q.desc;
    mha.KeyTensor = &k.desc;
    mha.ValueTensor = &v.desc;
    mha.OutputTensor = &out.desc;
    mha.Scale = 1.0f;
    mha.MaskFilterValue = -10000.0f;
    mha.HeadCount = 1;
    mha.MaskType = DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE;
    DML_OPERATOR_DESC desc{DML_OPERATOR_MULTIHEAD_ATTENTION, &mha};
    ComPtr<IDMLOperator> op;
    ComPtr<IDMLCompiledOperator> compiled;
    CHECK(d.dml->CreateOperator(&desc, IID_PPV_ARGS(&op)));
    CHECK(d.dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));
    const DML_BINDING_PROPERTIES props = compiled->GetBindingProperties();
    if (!bind) std::printf("temporary_size %s\n", props.TemporaryResourceSize > 0 ? "positive" : "zero");
    IDMLCompiledOperator* ops[] = {compiled.Get()};
    ComPtr<IDMLOperatorInitializer> init;
    CHECK(d.dml->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&init)));
    ComPtr<ID3D12DescriptorHeap> heap = d.gpu.DescriptorHeap(16);
    DML_BINDING_TABLE_DESC table_desc = TableDesc(init.Get(), heap.Get(), 16);
    ComPtr<IDMLBindingTable> table;
    CHECK(d.dml->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));
    d.recorder->RecordDispatch(d.gpu.list.Get(), init.Get(), table.Get());
    d.gpu.CloseExecuteResetWait();
    ID3D12DescriptorHeap* heaps[] = {heap.Get()};
    d.gpu.list->SetDescriptorHeaps(1, heaps);
    table_desc.Dispatchable = compiled.Get();
    CHECK(table->Reset(&table_desc));
    FloatTensor* ins[] = {&q, &k, &v};
    std::vector<ComPtr<ID3D12Resource>> keep;
    DML_BUFFER_BINDING buffers[4] = {};
    DML_BINDING_DESC inputs[11] = {};
    for (int i = 0; i < 3; i++) {
        keep.push_back(d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, ins[i]->Bytes()));
        inputs[i] = BufferBinding(&buffers[i], keep.back().Get(), ins[i]->Bytes());
    }
    table->BindInputs(11, inputs);
    DML_BINDING_DESC outputs[3] = {};
    keep.push_back(d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, out.Bytes()));
    outputs[0] = BufferBinding(&buffers[3], keep.back().Get(), out.Bytes());
    table->BindOutputs(3, outputs);
    DML_BUFFER_BINDING scratch_binding{};
    keep.push_back(d.gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, props.TemporaryResourceSize));
    DML_BINDING_DESC scratch = BufferBinding(&scratch_binding, keep.back().Get(), props.TemporaryResourceSize);
    if (bind) table->BindTemporaryResource(&scratch);
    d.recorder->RecordDispatch(d.gpu.list.Get(), compiled.Get(), table.Get());
    HRESULT hr = d.dml->GetDeviceRemovedReason();
    if (bind) {
        d.gpu.CloseExecuteResetWait();  // CHECKs every step: a refused dispatch would exit here
        hr = d.dml->GetDeviceRemovedReason();
    }
    Report(bind ? "temporary_bound" : "temporary_unbound", hr, d);
}

// Not misuse: the rest of the surface, in one line of facts.
void Surface() {
    Dml d;
    DML_FEATURE_LEVEL asked[] = {DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL(0x7000)};
    DML_FEATURE_QUERY_FEATURE_LEVELS levels{3, asked};
    DML_FEATURE_DATA_FEATURE_LEVELS level{};
    const HRESULT hr_levels = d.dml->CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS, sizeof levels, &levels,
                                                         sizeof level, &level);
    DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT type{DML_TENSOR_DATA_TYPE_FLOAT16};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT supported{};
    const HRESULT hr_type = d.dml->CheckFeatureSupport(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof type, &type,
                                                       sizeof supported, &supported);
    Identity id(d);
    id.compiled->SetName(L"conv1");
    const GUID key = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    const int secret = 42;
    int back = 0;
    UINT size = sizeof back;
    id.op->SetPrivateData(key, sizeof secret, &secret);
    const HRESULT hr_private = id.op->GetPrivateData(key, &size, &back);
    ComPtr<ID3D12Device> parent;
    CHECK(d.dml->GetParentDevice(IID_PPV_ARGS(&parent)));
    ComPtr<IDMLDevice> owner;
    CHECK(id.compiled->GetDevice(IID_PPV_ARGS(&owner)));
    ComPtr<IDMLDebugDevice> debug;
    const HRESULT hr_debug = d.dml->QueryInterface(IID_PPV_ARGS(&debug));
    IDMLPageable* pageables[] = {id.compiled.Get()};
    const HRESULT hr_evict = d.dml->Evict(1, pageables);
    const HRESULT hr_resident = d.dml->MakeResident(1, pageables);
    IDMLCompiledOperator* ops[] = {id.compiled.Get(), id.compiled.Get()};
    ComPtr<IDMLOperatorInitializer> init;
    d.dml->CreateOperatorInitializer(2, ops, IID_PPV_ARGS(&init));  // the same operator twice
    std::printf("surface levels=0x%x/0x%x float16=%d/0x%x private=%d/0x%x parent=%d owner=%d debug=0x%x "
                "evict=0x%x resident=0x%x | %s\n", static_cast<unsigned>(hr_levels), level.MaxSupportedFeatureLevel,
                supported.IsSupported ? 1 : 0, static_cast<unsigned>(hr_type), back, static_cast<unsigned>(hr_private),
                parent.Get() == d.gpu.device.Get(), owner.Get() == static_cast<IDMLDevice*>(d.dml.Get()),
                static_cast<unsigned>(hr_debug), static_cast<unsigned>(hr_evict), static_cast<unsigned>(hr_resident),
                d.Message().c_str());
}

}  // namespace

int main(int argc, char** argv) {
    const std::pair<const char*, std::function<void()>> cases[] = {
        {"invalid_desc", InvalidDesc},       {"table_too_small", TableTooSmall}, {"range_past_end", RangePastEnd},
        {"unbound_input", UnboundInput},     {"not_initialized", NotInitialized},
        {"owned_unbound_at_init", OwnedBoundAtDispatch},                        {"released_object", ReleasedObject},
        {"map_default_heap", MapDefaultHeap}, {"copy_past_end", CopyPastEnd},   {"not_implemented", NotImplemented},
        {"foreign_device", ForeignDevice},   {"removed_device", RemovedDevice}, {"unclosed_list", UnclosedList},
        {"temporary_unbound", [] { Temporary(false); }}, {"temporary_bound", [] { Temporary(true); }},
        {"surface", Surface},
    };
    for (const auto& c : cases)
        if (argc < 2 || std::string(argv[1]) == c.first) c.second();
    return 0;
}
