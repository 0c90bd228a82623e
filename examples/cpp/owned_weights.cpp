// A GEMM whose weights carry DML_TENSOR_FLAG_OWNED_BY_DML: they are bound once, through the
// operator initializer (a DML_BUFFER_ARRAY_BINDING with one DML_BUFFER_BINDING per input, the
// others NULL), into the operator's persistent resource; the dispatch then binds A only and leaves
// B as DML_BINDING_TYPE_NONE. Output = A (2x3) x B (3x2). Build (one line, README):
//
//   c++ -std=c++17 examples/cpp/owned_weights.cpp $(pydml --cflags --libs) -o owned_weights
#include "dml_example.h"

int main() {
    Gpu gpu;
    ComPtr<IDMLDevice> dml;
    CHECK(DMLCreateDevice(gpu.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, IID_PPV_ARGS(&dml)));

    FloatTensor a({1, 1, 2, 3});
    FloatTensor b({1, 1, 3, 2}, DML_TENSOR_FLAG_OWNED_BY_DML);
    FloatTensor output({1, 1, 2, 2});
    DML_GEMM_OPERATOR_DESC gemm{};
    gemm.ATensor = &a.desc;
    gemm.BTensor = &b.desc;
    gemm.OutputTensor = &output.desc;
    gemm.TransA = gemm.TransB = DML_MATRIX_TRANSFORM_NONE;
    gemm.Alpha = 1.0f;
    gemm.Beta = 0.0f;
    DML_OPERATOR_DESC desc{DML_OPERATOR_GEMM, &gemm};
    ComPtr<IDMLOperator> op;
    CHECK(dml->CreateOperator(&desc, IID_PPV_ARGS(&op)));
    ComPtr<IDMLCompiledOperator> compiled;
    CHECK(dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));
    const DML_BINDING_PROPERTIES properties = compiled->GetBindingProperties();
    std::printf("persistent resource: %llu bytes\n", static_cast<unsigned long long>(properties.PersistentResourceSize));
    std::printf("temporary resource: %s\n", properties.TemporaryResourceSize > 0 ? "yes" : "none");

    const float weights[] = {1, 2, 3, 4, 5, 6};
    ComPtr<ID3D12Resource> weight_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, b.Bytes());
    gpu.Upload(weight_buffer.Get(), weights, sizeof weights);
    ComPtr<ID3D12Resource> persistent;
    if (properties.PersistentResourceSize > 0)
        persistent = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, properties.PersistentResourceSize);

    // Initialization: the initializer's inputs are one array per operator (A, B, C: only B bound).
    IDMLCompiledOperator* operators[] = {compiled.Get()};
    ComPtr<IDMLOperatorInitializer> initializer;
    CHECK(dml->CreateOperatorInitializer(1, operators, IID_PPV_ARGS(&initializer)));
    const UINT descriptors = DescriptorCount(initializer.Get(), compiled.Get());
    ComPtr<ID3D12DescriptorHeap> heap = gpu.DescriptorHeap(descriptors);
    DML_BINDING_TABLE_DESC table_desc = TableDesc(initializer.Get(), heap.Get(), descriptors);
    ComPtr<IDMLBindingTable> table;
    CHECK(dml->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));
    DML_BUFFER_BINDING per_input[3] = {{nullptr, 0, 0}, {weight_buffer.Get(), 0, b.Bytes()}, {nullptr, 0, 0}};
    DML_BUFFER_ARRAY_BINDING array{3, per_input};
    DML_BINDING_DESC init_inputs{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    table->BindInputs(1, &init_inputs);
    DML_BUFFER_BINDING persistent_binding{};
    DML_BINDING_DESC init_output{DML_BINDING_TYPE_NONE, nullptr};
    if (persistent) init_output = BufferBinding(&persistent_binding, persistent.Get(), properties.PersistentResourceSize);
    table->BindOutputs(1, &init_output);
    ComPtr<IDMLCommandRecorder> recorder;
    CHECK(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)));
    recorder->RecordDispatch(gpu.list.Get(), initializer.Get(), table.Get());
    gpu.CloseExecuteResetWait();

    // Execution: A bound, B (owned) and C (absent) as NONE; the persistent resource bound.
    ID3D12DescriptorHeap* heaps[] = {heap.Get()};
    gpu.list->SetDescriptorHeaps(1, heaps);
    table_desc.Dispatchable = compiled.Get();
    CHECK(table->Reset(&table_desc));
    if (persistent) table->BindPersistentResource(&init_output);
    const float values[] = {1, 0, -1, 0.5f, 0.25f, 2};
    ComPtr<ID3D12Resource> a_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, a.Bytes());
    ComPtr<ID3D12Resource> out_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, output.Bytes());
    gpu.Upload(a_buffer.Get(), values, sizeof values);
    DML_BUFFER_BINDING a_binding{}, out_binding{};
    DML_BINDING_DESC inputs[3] = {BufferBinding(&a_binding, a_buffer.Get(), a.Bytes()),
                                  {DML_BINDING_TYPE_NONE, nullptr}, {DML_BINDING_TYPE_NONE, nullptr}};
    DML_BINDING_DESC out = BufferBinding(&out_binding, out_buffer.Get(), output.Bytes());
    table->BindInputs(3, inputs);
    table->BindOutputs(1, &out);
    // GEMM takes its scratch from the temporary resource (TemporaryResourceSize): bind one when asked.
    ComPtr<ID3D12Resource> temporary;
    DML_BUFFER_BINDING temporary_binding{};
    if (properties.TemporaryResourceSize > 0) {
        temporary = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, properties.TemporaryResourceSize);
        DML_BINDING_DESC binding = BufferBinding(&temporary_binding, temporary.Get(), properties.TemporaryResourceSize);
        table->BindTemporaryResource(&binding);
    }
    recorder->RecordDispatch(gpu.list.Get(), compiled.Get(), table.Get());
    gpu.CloseExecuteResetWait();

    const std::vector<float> result = gpu.Readback(out_buffer.Get(), output.Bytes());
    std::printf("output tensor 1x1x2x2:");
    for (float v : result) std::printf(" %g", v);
    std::printf("\n");
    return 0;
}
