// IDMLDevice1::CompileGraph: relu(x + y) as a two-node graph (an ELEMENT_WISE_ADD feeding an
// ACTIVATION_RELU through an intermediate edge), initialized and dispatched like one compiled
// operator. Build (one line, README):
//
//   c++ -std=c++17 examples/cpp/compile_graph.cpp $(pydml --cflags --libs) -o compile_graph
#include "dml_example.h"

int main() {
    Gpu gpu;
    ComPtr<IDMLDevice1> dml;
    CHECK(DMLCreateDevice1(gpu.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_4_0, IID_PPV_ARGS(&dml)));

    FloatTensor tensor({1, 1, 2, 3});
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC add{&tensor.desc, &tensor.desc, &tensor.desc};
    DML_OPERATOR_DESC add_desc{DML_OPERATOR_ELEMENT_WISE_ADD, &add};
    DML_ACTIVATION_RELU_OPERATOR_DESC relu{&tensor.desc, &tensor.desc};
    DML_OPERATOR_DESC relu_desc{DML_OPERATOR_ACTIVATION_RELU, &relu};
    ComPtr<IDMLOperator> add_op, relu_op;
    CHECK(dml->CreateOperator(&add_desc, IID_PPV_ARGS(&add_op)));
    CHECK(dml->CreateOperator(&relu_desc, IID_PPV_ARGS(&relu_op)));

    DML_OPERATOR_GRAPH_NODE_DESC add_node{add_op.Get(), "add"};
    DML_OPERATOR_GRAPH_NODE_DESC relu_node{relu_op.Get(), "relu"};
    DML_GRAPH_NODE_DESC nodes[] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &add_node}, {DML_GRAPH_NODE_TYPE_OPERATOR, &relu_node}};
    DML_INPUT_GRAPH_EDGE_DESC x_edge{0, 0, 0, "x"};
    DML_INPUT_GRAPH_EDGE_DESC y_edge{1, 0, 1, "y"};
    DML_GRAPH_EDGE_DESC input_edges[] = {{DML_GRAPH_EDGE_TYPE_INPUT, &x_edge}, {DML_GRAPH_EDGE_TYPE_INPUT, &y_edge}};
    DML_INTERMEDIATE_GRAPH_EDGE_DESC sum_edge{0, 0, 1, 0, "sum"};
    DML_GRAPH_EDGE_DESC intermediate_edges[] = {{DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &sum_edge}};
    DML_OUTPUT_GRAPH_EDGE_DESC out_edge{1, 0, 0, "out"};
    DML_GRAPH_EDGE_DESC output_edges[] = {{DML_GRAPH_EDGE_TYPE_OUTPUT, &out_edge}};
    DML_GRAPH_DESC graph{};
    graph.InputCount = 2;
    graph.OutputCount = 1;
    graph.NodeCount = 2;
    graph.Nodes = nodes;
    graph.InputEdgeCount = 2;
    graph.InputEdges = input_edges;
    graph.OutputEdgeCount = 1;
    graph.OutputEdges = output_edges;
    graph.IntermediateEdgeCount = 1;
    graph.IntermediateEdges = intermediate_edges;
    ComPtr<IDMLCompiledOperator> compiled;
    CHECK(dml->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));

    IDMLCompiledOperator* operators[] = {compiled.Get()};
    ComPtr<IDMLOperatorInitializer> initializer;
    CHECK(dml->CreateOperatorInitializer(1, operators, IID_PPV_ARGS(&initializer)));
    const UINT descriptors = DescriptorCount(initializer.Get(), compiled.Get());
    ComPtr<ID3D12DescriptorHeap> heap = gpu.DescriptorHeap(descriptors);
    DML_BINDING_TABLE_DESC table_desc = TableDesc(initializer.Get(), heap.Get(), descriptors);
    ComPtr<IDMLBindingTable> table;
    CHECK(dml->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));
    const DML_BINDING_PROPERTIES properties = compiled->GetBindingProperties();
    ComPtr<ID3D12Resource> persistent;
    DML_BUFFER_BINDING persistent_binding{};
    DML_BINDING_DESC persistent_desc{DML_BINDING_TYPE_NONE, nullptr};
    if (properties.PersistentResourceSize > 0) {
        persistent = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, properties.PersistentResourceSize);
        persistent_desc = BufferBinding(&persistent_binding, persistent.Get(), properties.PersistentResourceSize);
        table->BindOutputs(1, &persistent_desc);
    }
    ComPtr<IDMLCommandRecorder> recorder;
    CHECK(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)));
    recorder->RecordDispatch(gpu.list.Get(), initializer.Get(), table.Get());
    gpu.CloseExecuteResetWait();

    ID3D12DescriptorHeap* heaps[] = {heap.Get()};
    gpu.list->SetDescriptorHeaps(1, heaps);
    table_desc.Dispatchable = compiled.Get();
    CHECK(table->Reset(&table_desc));
    if (persistent) table->BindPersistentResource(&persistent_desc);
    const float x[] = {1, -2, 3, -4, 5, -6};
    const float y[] = {0.5f, 0.5f, -4, 4.5f, 0, 7};
    ComPtr<ID3D12Resource> x_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, tensor.Bytes());
    ComPtr<ID3D12Resource> y_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, tensor.Bytes());
    ComPtr<ID3D12Resource> out_buffer = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, tensor.Bytes());
    gpu.Upload(x_buffer.Get(), x, sizeof x);
    gpu.Upload(y_buffer.Get(), y, sizeof y);
    DML_BUFFER_BINDING x_binding{}, y_binding{}, out_binding{};
    DML_BINDING_DESC inputs[] = {BufferBinding(&x_binding, x_buffer.Get(), tensor.Bytes()),
                                 BufferBinding(&y_binding, y_buffer.Get(), tensor.Bytes())};
    DML_BINDING_DESC out = BufferBinding(&out_binding, out_buffer.Get(), tensor.Bytes());
    table->BindInputs(2, inputs);
    table->BindOutputs(1, &out);
    recorder->RecordDispatch(gpu.list.Get(), compiled.Get(), table.Get());
    gpu.CloseExecuteResetWait();

    const std::vector<float> result = gpu.Readback(out_buffer.Get(), tensor.Bytes());
    std::printf("relu(x + y) 1x1x2x3:");
    for (float v : result) std::printf(" %g", v);
    std::printf("\n");
    return 0;
}
