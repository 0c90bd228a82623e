// One dispatch through libdirectml.so's COM path against pydml_operator_execute for the same
// operator (an ELEMENT_WISE_ADD of 1x2x3x4 floats: the kernel's own time is small, so the
// difference is the COM path's overhead), and CopyBufferRegion against memcpy. Run by
// benchmarks/bench_com.py, which builds it; prints best-of-N times in microseconds, the
// contenders interleaved round by round.
//
//   record:  RecordDispatch + Close + ExecuteCommandLists + Signal + wait + Reset (per dispatch)
//   replay:  ExecuteCommandLists of a list recorded once + Signal + wait
//   direct:  pydml_operator_execute on the same memory
#include "dml_example.h"

#include "pydml.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace {

double Microseconds(const std::function<void()>& fn, int block) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < block; i++) fn();
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / block;
}

void Best(const char* label, const std::vector<std::pair<const char*, std::function<void()>>>& fns, int rounds,
          int block) {
    std::vector<double> best(fns.size(), 1e300);
    for (auto& f : fns) f.second();  // warm-up
    for (int r = 0; r < rounds; r++)
        for (size_t i = 0; i < fns.size(); i++) best[i] = std::min(best[i], Microseconds(fns[i].second, block));
    std::printf("%s", label);
    for (size_t i = 0; i < fns.size(); i++) std::printf(" %s=%.3f", fns[i].first, best[i]);
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 20;
    Gpu gpu;
    ComPtr<IDMLDevice> dml;
    CHECK(DMLCreateDevice(gpu.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, IID_PPV_ARGS(&dml)));
    FloatTensor t({1, 2, 3, 4});
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC add{&t.desc, &t.desc, &t.desc};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_ADD, &add};
    ComPtr<IDMLOperator> op;
    CHECK(dml->CreateOperator(&desc, IID_PPV_ARGS(&op)));
    ComPtr<IDMLCompiledOperator> compiled;
    CHECK(dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)));
    IDMLCompiledOperator* ops[] = {compiled.Get()};
    ComPtr<IDMLOperatorInitializer> init;
    CHECK(dml->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&init)));
    ComPtr<ID3D12DescriptorHeap> heap = gpu.DescriptorHeap(8);
    DML_BINDING_TABLE_DESC table_desc = TableDesc(init.Get(), heap.Get(), 8);
    ComPtr<IDMLBindingTable> table;
    CHECK(dml->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table)));
    ComPtr<IDMLCommandRecorder> recorder;
    CHECK(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)));
    recorder->RecordDispatch(gpu.list.Get(), init.Get(), table.Get());
    gpu.CloseExecuteResetWait();
    table_desc.Dispatchable = compiled.Get();
    CHECK(table->Reset(&table_desc));
    ComPtr<ID3D12Resource> a = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, t.Bytes());
    ComPtr<ID3D12Resource> b = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, t.Bytes());
    ComPtr<ID3D12Resource> c = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, t.Bytes());
    DML_BUFFER_BINDING ba{}, bb{}, bc{};
    DML_BINDING_DESC inputs[] = {BufferBinding(&ba, a.Get(), t.Bytes()), BufferBinding(&bb, b.Get(), t.Bytes())};
    DML_BINDING_DESC output = BufferBinding(&bc, c.Get(), t.Bytes());
    table->BindInputs(2, inputs);
    table->BindOutputs(1, &output);
    ID3D12DescriptorHeap* heaps[] = {heap.Get()};

    auto record = [&] {
        gpu.list->SetDescriptorHeaps(1, heaps);
        recorder->RecordDispatch(gpu.list.Get(), compiled.Get(), table.Get());
        gpu.CloseExecuteResetWait();
    };
    // a second list, recorded once and executed again and again
    ComPtr<ID3D12GraphicsCommandList> replay_list;
    CHECK(gpu.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, gpu.allocator.Get(), nullptr,
                                        IID_PPV_ARGS(&replay_list)));
    replay_list->SetDescriptorHeaps(1, heaps);
    recorder->RecordDispatch(replay_list.Get(), compiled.Get(), table.Get());
    CHECK(replay_list->Close());
    auto replay = [&] {
        ID3D12CommandList* lists[] = {replay_list.Get()};
        gpu.queue->ExecuteCommandLists(1, lists);
        CHECK(gpu.queue->Signal(gpu.fence.Get(), ++gpu.fence_value));
        CHECK(gpu.fence->SetEventOnCompletion(gpu.fence_value, nullptr));
    };
    // the same operator through the C API, on the same memory
    pydml_operator* direct_op = nullptr;
    char message[512];
    if (pydml_operator_create(&desc, DML_FEATURE_LEVEL_6_4, 0, &direct_op, message, sizeof message)) {
        std::fprintf(stderr, "%s\n", message);
        return 1;
    }
    pydml_buffer in[2] = {{reinterpret_cast<void*>(a->GetGPUVirtualAddress()), t.Bytes()},
                          {reinterpret_cast<void*>(b->GetGPUVirtualAddress()), t.Bytes()}};
    pydml_buffer out[1] = {{reinterpret_cast<void*>(c->GetGPUVirtualAddress()), t.Bytes()}};
    auto direct = [&] {
        if (pydml_operator_execute(direct_op, in, 2, out, 1, message, sizeof message)) std::exit(1);
    };
    Best("dispatch_us", {{"record", record}, {"replay", replay}, {"direct", direct}}, rounds, 200);
    CHECK(dml->GetDeviceRemovedReason());

    // copies between heaps: CopyBufferRegion (UPLOAD -> DEFAULT) against memcpy, 64 MiB
    const UINT64 bytes = 64ull << 20;
    ComPtr<ID3D12Resource> upload = gpu.Buffer(D3D12_HEAP_TYPE_UPLOAD, bytes);
    ComPtr<ID3D12Resource> target = gpu.Buffer(D3D12_HEAP_TYPE_DEFAULT, bytes);
    std::vector<char> src(bytes, 1), dst(bytes, 0);
    std::memset(reinterpret_cast<void*>(upload->GetGPUVirtualAddress()), 1, bytes);
    std::memset(reinterpret_cast<void*>(target->GetGPUVirtualAddress()), 0, bytes);
    auto copy = [&] {
        gpu.list->CopyBufferRegion(target.Get(), 0, upload.Get(), 0, bytes);
        gpu.CloseExecuteResetWait();
    };
    auto memcpy_ = [&] { std::memcpy(dst.data(), src.data(), bytes); };
    Best("copy_64MiB_us", {{"CopyBufferRegion", copy}, {"memcpy", memcpy_}}, rounds, 1);
    pydml_operator_destroy(direct_op);
    return 0;
}
