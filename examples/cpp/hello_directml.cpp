// HelloDirectML's shape on Linux without a GPU: an element-wise identity (with scale 2 and bias
// 0.5) over a 1x2x3x4 FLOAT32 tensor, through an upload buffer, an operator initializer, a
// dispatch and a readback buffer. Build (one line, README):
//
//   c++ -std=c++17 examples/cpp/hello_directml.cpp $(pydml --cflags --libs) -o hello_directml
//
// The same source builds against Microsoft's DirectML.h and libdirectml.so on WSL.
#include "dml_example.h"

int main() {
    Gpu gpu;
    ComPtr<IDMLDevice> dml;
    CHECK(DMLCreateDevice(gpu.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, IID_PPV_ARGS(&dml)));

    FloatTensor tensor({1, 2, 3, 4});
    DML_SCALE_BIAS scale_bias{2.0f, 0.5f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&tensor.desc, &tensor.desc, &scale_bias};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    ComPtr<IDMLOperator> op;
    CHECK(dml->CreateOperator(&desc, IID_PPV_ARGS(&op)));
    ComPtr<IDMLCompiledOperator> compiled;
    CHECK(dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));

    // Initialize the compiled operator.
    IDMLCompiledOperator* operators[] = {compiled.Get()};
    ComPtr<IDMLOperatorInitializer> initializer;
    CHECK(dml->CreateOperatorInitializer(1, operators, IID_PPV_ARGS(&initializer)));
    const UINT descriptors = DescriptorCount(initializer.Get(), compiled.Get());
    ComPtr<ID3D12DescriptorHeap> heap = gpu.DescriptorHeap(descriptors);
    DML_BINDING_TABLE_DESC table_desc = TableDesc(initializer.Get(), heap.Get(), descriptors);
    ComPtr<IDMLBindingTable> table;
    CHECK(dml->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));

    const DML_BINDING_PROPERTIES init_properties = initializer->GetBindingProperties();
    const DML_BINDING_PROPERTIES properties = compiled->GetBindingProperties();
    const UINT64 temporary = init_properties.TemporaryResourceSize > properties.TemporaryResourceSize
                                 ? init_properties.TemporaryResourceSize
                                 : properties.TemporaryResourceSize;
    ComPtr<ID3D12Resource> temporary_buffer, persistent_buffer;
    DML_BUFFER_BINDING temporary_binding{}, persistent_binding{};
    if (temporary > 0) {
        temporary_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, temporary);
        DML_BINDING_DESC binding = BufferBinding(&temporary_binding, temporary_buffer.Get(), temporary);
        table->BindTemporaryResource(&binding);
    }
    if (properties.PersistentResourceSize > 0) {
        persistent_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, properties.PersistentResourceSize);
        DML_BINDING_DESC binding =
            BufferBinding(&persistent_binding, persistent_buffer.Get(), properties.PersistentResourceSize);
        table->BindOutputs(1, &binding);  // the initializer's output is the operator's persistent resource
    }
    ComPtr<IDMLCommandRecorder> recorder;
    CHECK(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)));
    recorder->RecordDispatch(gpu.list.Get(), initializer.Get(), table.Get());
    gpu.CloseExecuteResetWait();

    // Bind and execute the operator.
    ID3D12DescriptorHeap* heaps[] = {heap.Get()};
    gpu.list->SetDescriptorHeaps(1, heaps);
    table_desc.Dispatchable = compiled.Get();
    CHECK(table->Reset(&table_desc));
    if (temporary_buffer) {
        DML_BINDING_DESC binding = BufferBinding(&temporary_binding, temporary_buffer.Get(), temporary);
        table->BindTemporaryResource(&binding);
    }
    if (persistent_buffer) {
        DML_BINDING_DESC binding =
            BufferBinding(&persistent_binding, persistent_buffer.Get(), properties.PersistentResourceSize);
        table->BindPersistentResource(&binding);
    }
    std::vector<float> input(tensor.Bytes() / sizeof(float));
    for (size_t i = 0; i < input.size(); i++) input[i] = 1.618f * static_cast<float>(i % 5);
    ComPtr<ID3D12Resource> input_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, tensor.Bytes());
    ComPtr<ID3D12Resource> output_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, tensor.Bytes());
    gpu.Upload(input_buffer.Get(), input.data(), tensor.Bytes());
    DML_BUFFER_BINDING input_binding{}, output_binding{};
    DML_BINDING_DESC in = BufferBinding(&input_binding, input_buffer.Get(), tensor.Bytes());
    DML_BINDING_DESC out = BufferBinding(&output_binding, output_buffer.Get(), tensor.Bytes());
    table->BindInputs(1, &in);
    table->BindOutputs(1, &out);
    recorder->RecordDispatch(gpu.list.Get(), compiled.Get(), table.Get());
    gpu.CloseExecuteResetWait();

    const std::vector<float> output = gpu.Readback(output_buffer.Get(), tensor.Bytes());
    std::printf("output tensor 1x2x3x4:");
    for (float v : output) std::printf(" %g", v);
    std::printf("\n");
    return 0;
}
