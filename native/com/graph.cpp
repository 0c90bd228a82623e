/* IDMLDevice1::CompileGraph: the one place libdirectml.so adapts to pydml's graph engine
 * (native/graph/graph.c: pydml_graph_compile / initialize / execute / release over a DML_GRAPH_DESC whose
 * DML_OPERATOR_GRAPH_NODE_DESC.Operator is a pydml_operator*).
 *
 * Each operator node's IDMLOperator is compiled again at the graph's execution flags into a
 * pydml_operator the compiled graph owns (pydml's graph keeps no reference to its operators and
 * executes through them), and the desc is passed on with those pointers in place of the
 * IDMLOperator ones. setup.py defines PYDML_COM_GRAPH when include/pydml.h declares
 * pydml_graph_compile; without it CompileGraph answers E_NOTIMPL with a message. */
#include "dml.h"

namespace pydml_com {

#if defined(PYDML_COM_GRAPH) && PYDML_COM_GRAPH

namespace {

class CompiledGraph final : public DmlChild<IDMLCompiledOperator>, public Executable {
public:
    explicit CompiledGraph(DmlDevice* device) : DmlChild<IDMLCompiledOperator>(device) {
        RegisterObject(static_cast<IDMLCompiledOperator*>(this), this);
    }
    void* Interface(REFIID riid) override {
        if (riid == __uuidof(IUnknown) || riid == __uuidof(IDMLObject) || riid == __uuidof(IDMLDeviceChild) ||
            riid == __uuidof(IDMLPageable) || riid == __uuidof(IDMLDispatchable) ||
            riid == __uuidof(IDMLCompiledOperator))
            return static_cast<IDMLCompiledOperator*>(this);
        return nullptr;
    }
    const char* TypeName() const override { return "IDMLCompiledOperator (graph)"; }
    void Destroy() override {
        pydml_graph_release(graph_);  // first: it executes through the operators
        graph_ = nullptr;
        for (pydml_operator* op : ops_) pydml_operator_destroy(op);
        ops_.clear();
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
        return pydml_graph_initialize(graph_, inputs, count, message, size);
    }
    pydml_status Run(const pydml_buffer* inputs, uint32_t input_count, const pydml_buffer* outputs,
                     uint32_t output_count, const pydml_buffer* temporary, char* message, size_t size) override {
        (void)temporary;  // a graph's nodes take their scratch from their threads' memory (size 0)
        return pydml_graph_execute(graph_, inputs, input_count, outputs, output_count, message, size);
    }

    pydml_graph* graph_ = nullptr;
    std::vector<pydml_operator*> ops_;
};

}  // namespace

HRESULT CompileGraphImpl(DmlDevice* device, const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags, REFIID riid,
                         void** ppv) {
    const char* where = "IDMLDevice1::CompileGraph";
    if (desc == nullptr) return device->Fail(E_INVALIDARG, "%s: desc is NULL", where);
    if (desc->NodeCount && desc->Nodes == nullptr)
        return device->Fail(E_INVALIDARG, "%s: DML_GRAPH_DESC.Nodes is NULL for %u nodes", where, desc->NodeCount);
    std::unique_ptr<CompiledGraph> graph(new (std::nothrow) CompiledGraph(device));
    if (!graph) return device->Fail(E_OUTOFMEMORY, "%s: out of memory", where);
    std::vector<DML_GRAPH_NODE_DESC> nodes(desc->Nodes, desc->Nodes + desc->NodeCount);
    std::vector<DML_OPERATOR_GRAPH_NODE_DESC> operator_nodes(desc->NodeCount);
    auto fail = [&](HRESULT hr, const std::string& message) {
        graph.release()->ReleaseImpl();  // destroys the operators built so far
        return device->Fail(hr, "%s", message.c_str());
    };
    for (UINT i = 0; i < desc->NodeCount; i++) {
        if (nodes[i].Type != DML_GRAPH_NODE_TYPE_OPERATOR || nodes[i].Desc == nullptr) continue;  // the engine checks
        const auto* node = static_cast<const DML_OPERATOR_GRAPH_NODE_DESC*>(nodes[i].Desc);
        auto* source = Find<OperatorObject>(node->Operator);
        if (source == nullptr)
            return fail(E_INVALIDARG, Format("DML_GRAPH_DESC.Nodes[%u]%s%s%s.Operator: is not an IDMLOperator of this "
                                             "library (or was released)", i, node->Name ? " ('" : "",
                                             node->Name ? node->Name : "", node->Name ? "')" : ""));
        if (source->device_ != device)
            return fail(E_INVALIDARG, Format("DML_GRAPH_DESC.Nodes[%u].Operator: was created by another IDMLDevice", i));
        pydml_diagnostic diagnostic;
        pydml_operator* op = nullptr;
        pydml_status s = source->Build(static_cast<uint32_t>(flags), &op, &diagnostic);
        if (s != PYDML_STATUS_SUCCESS)
            return fail(s == PYDML_STATUS_OUT_OF_MEMORY ? E_OUTOFMEMORY
                        : s == PYDML_STATUS_UNSUPPORTED_PARAMETER ? E_NOTIMPL : E_INVALIDARG,
                        Format("DML_GRAPH_DESC.Nodes[%u]: %s", i, diagnostic.message));
        graph->ops_.push_back(op);
        operator_nodes[i] = DML_OPERATOR_GRAPH_NODE_DESC{reinterpret_cast<IDMLOperator*>(op), node->Name};
        nodes[i].Desc = &operator_nodes[i];
    }
    DML_GRAPH_DESC translated = *desc;
    translated.Nodes = nodes.data();
    pydml_diagnostic diagnostic;
    pydml_status s = pydml_graph_compile(&translated, static_cast<uint32_t>(flags), &graph->graph_, &diagnostic);
    if (s != PYDML_STATUS_SUCCESS)
        return fail(s == PYDML_STATUS_OUT_OF_MEMORY ? E_OUTOFMEMORY : E_INVALIDARG, diagnostic.message);
    for (uint32_t i = 0; i < pydml_graph_input_count(graph->graph_); i++) {
        BindingSlot slot;
        slot.name = Format("DML_GRAPH_DESC input %u", i);
        slot.total = pydml_graph_input_bytes(graph->graph_, i);
        slot.present = slot.total != 0;
        slot.owned = pydml_graph_input_owned(graph->graph_, i) != 0;
        if (slot.owned) graph->persistent_ += slot.total;
        graph->inputs_.push_back(slot);
    }
    for (uint32_t i = 0; i < pydml_graph_output_count(graph->graph_); i++) {
        BindingSlot slot;
        slot.name = Format("DML_GRAPH_DESC output %u", i);
        slot.total = pydml_graph_output_bytes(graph->graph_, i);
        slot.present = true;
        graph->outputs_.push_back(slot);
    }
    return HandDml(graph.release(), where, riid, ppv);
}

#else

HRESULT CompileGraphImpl(DmlDevice* device, const DML_GRAPH_DESC*, DML_EXECUTION_FLAGS, REFIID, void**) {
    return device->Fail(E_NOTIMPL, "IDMLDevice1::CompileGraph: this libdirectml.so was built without pydml's graph "
                        "engine (include/pydml.h has no pydml_graph_compile yet)");
}

#endif

}  // namespace pydml_com
