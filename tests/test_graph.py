"""Operator graphs from Python (pydml/graph.py over native/graph/graph.c): results equal to the same
operators executed one by one, bit for bit (nothing is fused); every CompileGraph rule's failing
case, named by node or edge, field, rule and value; the arena's liveness plan; initialization of
DML_TENSOR_FLAG_OWNED_BY_DML inputs; bindings by index and by edge Name."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

import pydml
from pydml.native import isa_path
from pydml import (
    DML_CONSTANT_DATA_GRAPH_NODE_DESC,
    DML_GRAPH_DESC,
    DML_GRAPH_EDGE_DESC,
    DML_GRAPH_NODE_DESC,
    DML_INPUT_GRAPH_EDGE_DESC,
    DML_INTERMEDIATE_GRAPH_EDGE_DESC,
    DML_OPERATOR_GRAPH_NODE_DESC,
    DML_OUTPUT_GRAPH_EDGE_DESC,
    BindingError,
    ValidationError,
    buffer_desc,
)

SHAPE = [1, 2, 4, 8]


def t(shape: list[int] = SHAPE, dtype: str = "FLOAT32", **kw: Any) -> Any:
    return buffer_desc(dtype, shape, **kw)


def relu(shape: list[int] = SHAPE) -> Any:
    return pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=t(shape), OutputTensor=t(shape))


def add(shape: list[int] = SHAPE, dtype: str = "FLOAT32", **a_fields: Any) -> Any:
    return pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=t(shape, dtype, **a_fields), BTensor=t(shape, dtype), OutputTensor=t(shape, dtype)
    )


def In(g: int, node: int, i: int, name: str | None = None) -> Any:
    return DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=g, ToNodeIndex=node, ToNodeInputIndex=i, Name=name)


def Out(node: int, o: int, g: int, name: str | None = None) -> Any:
    return DML_OUTPUT_GRAPH_EDGE_DESC(
        FromNodeIndex=node, FromNodeOutputIndex=o, GraphOutputIndex=g, Name=name
    )


def Mid(a: int, o: int, b: int, i: int, name: str | None = None) -> Any:
    return DML_INTERMEDIATE_GRAPH_EDGE_DESC(
        FromNodeIndex=a, FromNodeOutputIndex=o, ToNodeIndex=b, ToNodeInputIndex=i, Name=name
    )


def Op(desc: Any, name: str | None = None) -> Any:
    return DML_OPERATOR_GRAPH_NODE_DESC(Operator=desc, Name=name)


def relu_add() -> Any:
    """x -> relu -> add(., y) -> z"""
    return DML_GRAPH_DESC(
        Nodes=[Op(relu(), "relu"), Op(add(), "add")],
        InputEdges=[In(0, 0, 0, "x"), In(1, 1, 1, "y")],
        IntermediateEdges=[Mid(0, 0, 1, 0, "r")],
        OutputEdges=[Out(1, 0, 0, "z")],
    )


def poisoned(shape: list[int] = SHAPE) -> np.ndarray[Any, Any]:
    return np.full(shape, np.nan, dtype=np.float32)


@pytest.fixture
def device() -> pydml.Device:
    return pydml.Device()


# ---- results equal to the operators executed one by one ----------------------------------------


def test_relu_add_equals_the_nodes_one_by_one(device: pydml.Device, rng: np.random.Generator) -> None:
    x, y = (rng.standard_normal(SHAPE).astype(np.float32) for _ in range(2))
    graph = device.compile_graph(relu_add())
    (z,) = graph.execute([x, y], outputs=[poisoned()])
    r = device.create_operator(relu()).execute({"InputTensor": x})["OutputTensor"]
    expected = device.create_operator(add()).execute({"ATensor": r, "BTensor": y})["OutputTensor"]
    assert z.tobytes() == expected.tobytes()
    (by_name,) = graph.execute({"x": x, "y": y})
    assert by_name.tobytes() == expected.tobytes()


def conv_desc() -> Any:
    return pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=t([1, 3, 6, 6]),
        FilterTensor=t([4, 3, 3, 3]),
        BiasTensor=t([1, 4, 1, 1]),
        OutputTensor=t([1, 4, 6, 6]),
        Mode="CROSS_CORRELATION",
        Direction="FORWARD",
        DimensionCount=2,
        Strides=[1, 1],
        Dilations=[1, 1],
        StartPadding=[1, 1],
        EndPadding=[1, 1],
        OutputPadding=[0, 0],
        GroupCount=1,
    )


def test_mixed_graph_with_branches_constant_and_owned_weights(
    device: pydml.Device, rng: np.random.Generator
) -> None:
    """conv (weights OWNED_BY_DML, bias a constant node) -> relu -> {sigmoid, tanh} -> join ->
    gemm-free reduce; relu's output is also a graph output. Every node as a separate operator
    gives the same bits."""
    conv = dataclasses.replace(
        conv_desc(), FilterTensor=t([4, 3, 3, 3], Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML)
    )
    act = [t([1, 4, 6, 6]) for _ in range(2)]
    nodes = [
        Op(conv, "conv"),
        Op(pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=act[0], OutputTensor=act[1]), "relu"),
        Op(pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC(InputTensor=act[0], OutputTensor=act[1]), "sigmoid"),
        Op(pydml.DML_ACTIVATION_TANH_OPERATOR_DESC(InputTensor=act[0], OutputTensor=act[1]), "tanh"),
        Op(
            pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[act[0], act[1]], OutputTensor=t([1, 8, 6, 6]), Axis=1),
            "join",
        ),
        Op(
            pydml.DML_REDUCE_OPERATOR_DESC(
                Function="SUM", InputTensor=t([1, 8, 6, 6]), OutputTensor=t([1, 8, 1, 1]), Axes=[2, 3]
            ),
            "reduce",
        ),
        DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=np.arange(4, dtype=np.float32) / 8, Name="bias"),
    ]
    graph_desc = DML_GRAPH_DESC(
        Nodes=nodes,
        InputEdges=[In(0, 0, 0, "x"), In(1, 0, 1, "w")],
        IntermediateEdges=[
            Mid(6, 0, 0, 2),
            Mid(0, 0, 1, 0),
            Mid(1, 0, 2, 0),
            Mid(1, 0, 3, 0),
            Mid(2, 0, 4, 0),
            Mid(3, 0, 4, 1),
            Mid(4, 0, 5, 0),
        ],
        OutputEdges=[Out(5, 0, 0, "sums"), Out(1, 0, 1, "features")],
        InputCount=3,
    )  # graph input 2 feeds nothing: allowed, as DirectML allows it
    x = rng.standard_normal([1, 3, 6, 6]).astype(np.float32)
    w = rng.standard_normal([4, 3, 3, 3]).astype(np.float32)
    graph = device.compile_graph(graph_desc)
    assert graph.owned_inputs == [1]
    with pytest.raises(
        BindingError,
        match=r'graph input 1 "w" has DML_TENSOR_FLAG_OWNED_BY_DML and the graph '
        r"was not initialized",
    ):
        graph.execute([x, None, None])
    with pytest.raises(
        BindingError,
        match=r'graph input 1 "w" has DML_TENSOR_FLAG_OWNED_BY_DML; bind it with '
        "initialization",
    ):
        graph.initialize([w])
        graph.execute([x, w, None])
    graph.initialize({"w": w})
    weights = w.copy()
    w[...] = np.nan  # initialization copied the weights: DirectML's initializer owns them
    sums, features = graph.execute([x, None, None], outputs=[np.full([1, 8, 1, 1], np.nan, np.float32), None])
    bias = (np.arange(4, dtype=np.float32) / 8).reshape(1, 4, 1, 1)
    expected = _one_by_one(device, conv_desc(), x, weights, bias)
    assert features.tobytes() == expected["relu"].tobytes()
    assert sums.tobytes() == expected["reduce"].tobytes()


def _one_by_one(device: pydml.Device, conv: Any, x: Any, w: Any, bias: Any) -> dict[str, Any]:
    a = [t([1, 4, 6, 6]) for _ in range(2)]
    y = device.create_operator(conv).execute({"InputTensor": x, "FilterTensor": w, "BiasTensor": bias})
    r = device.create_operator(
        pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=a[0], OutputTensor=a[1])
    ).execute({"InputTensor": y["OutputTensor"]})["OutputTensor"]
    s = device.create_operator(
        pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC(InputTensor=a[0], OutputTensor=a[1])
    ).execute({"InputTensor": r})["OutputTensor"]
    h = device.create_operator(
        pydml.DML_ACTIVATION_TANH_OPERATOR_DESC(InputTensor=a[0], OutputTensor=a[1])
    ).execute({"InputTensor": r})["OutputTensor"]
    j = device.create_operator(
        pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[a[0], a[1]], OutputTensor=t([1, 8, 6, 6]), Axis=1)
    ).execute({"InputTensors": [s, h]})["OutputTensor"]
    red = device.create_operator(
        pydml.DML_REDUCE_OPERATOR_DESC(
            Function="SUM", InputTensor=t([1, 8, 6, 6]), OutputTensor=t([1, 8, 1, 1]), Axes=[2, 3]
        )
    ).execute({"InputTensor": j})["OutputTensor"]
    return {"relu": r, "reduce": red}


def test_one_node_output_feeds_two_graph_outputs_and_a_node(
    device: pydml.Device, rng: np.random.Generator
) -> None:
    x, y = (rng.standard_normal(SHAPE).astype(np.float32) for _ in range(2))
    g = dataclasses.replace(
        relu_add(), OutputEdges=[Out(1, 0, 0, "z"), Out(0, 0, 1, "r1"), Out(0, 0, 2, "r2")]
    )
    z, r1, r2 = device.compile_graph(g).execute([x, y], outputs=[poisoned(), poisoned(), poisoned()])
    assert r1.tobytes() == r2.tobytes() == np.maximum(x, 0).tobytes()
    assert z.tobytes() == (np.maximum(x, 0) + y).tobytes()


def test_constant_node_as_a_graph_output(device: pydml.Device) -> None:
    data = np.arange(64, dtype=np.float32)
    g = DML_GRAPH_DESC(
        Nodes=[Op(relu([64]), "relu"), DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=data, Name="c")],
        InputEdges=[In(0, 0, 0)],
        OutputEdges=[Out(0, 0, 0), Out(1, 0, 1)],
    )
    out, const = device.compile_graph(g).execute([data - 32])
    assert bytes(const) == data.tobytes()
    assert np.array_equal(out, np.maximum(data - 32, 0))


def test_bare_descs_and_compiled_operators_are_wrapped(
    device: pydml.Device, rng: np.random.Generator
) -> None:
    x, y = (rng.standard_normal(SHAPE).astype(np.float32) for _ in range(2))
    g = DML_GRAPH_DESC(
        Nodes=[
            DML_GRAPH_NODE_DESC(Type="DML_GRAPH_NODE_TYPE_OPERATOR", Desc=Op(device.create_operator(relu()))),
            pydml.DML_OPERATOR_DESC(Type="ELEMENT_WISE_ADD", Desc=add()),
        ],
        InputEdges=[DML_GRAPH_EDGE_DESC(Type=pydml.DML_GRAPH_EDGE_TYPE_INPUT, Desc=In(0, 0, 0)), In(1, 1, 1)],
        IntermediateEdges=[Mid(0, 0, 1, 0)],
        OutputEdges=[Out(1, 0, 0)],
    )
    (z,) = device.compile_graph(g).execute([x, y])
    assert z.tobytes() == (np.maximum(x, 0) + y).tobytes()


def test_strided_output_and_odd_sized_half_inputs(device: pydml.Device) -> None:
    """TotalTensorSizeInBytes rounds up to 4 bytes; a FLOAT16 array of 3 elements is padded for it.
    A strided graph output comes back as a strided view."""
    h = buffer_desc("FLOAT16", [3])
    g = DML_GRAPH_DESC(
        Nodes=[Op(pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=h, OutputTensor=h))],
        InputEdges=[In(0, 0, 0)],
        OutputEdges=[Out(0, 0, 0)],
    )
    (z,) = device.compile_graph(g).execute([np.array([-1, 2, -3], np.float16)])
    assert z.tolist() == [0, 2, 0]
    s = buffer_desc("FLOAT32", [2, 2], strides=[4, 1])
    g = DML_GRAPH_DESC(
        Nodes=[Op(pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=t([2, 2]), OutputTensor=s))],
        InputEdges=[In(0, 0, 0)],
        OutputEdges=[Out(0, 0, 0)],
    )
    (z,) = device.compile_graph(g).execute([np.array([[1, -2], [-3, 4]], np.float32)])
    assert z.tolist() == [[1, 0], [0, 4]]


# ---- the arena ----------------------------------------------------------------------------


def test_small_values_do_not_fragment_the_arena(device: pydml.Device, rng: np.random.Generator) -> None:
    """A decoder step's shape: per layer a slice of the cache (copied, then freed once joined with
    the new row), the joined cache (kept for the final join) and a small value between layers.
    Placed in production order, each small value took the start of the hole the freed slice left,
    so every slice went past the end (the arena was the sum of all intermediates); placed largest
    first, a slice reuses the memory of a later layer's joined cache."""
    layers, rows, width = 4, 63, 64
    big, joined, small = [1, 1, rows, width], [1, 1, rows + 1, width], [1, 1, 1, 4]
    nodes: list[Any] = []
    inputs: list[Any] = []
    mids: list[Any] = []
    for layer in range(layers):
        base = len(nodes)
        nodes += [Op(pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=t(big), OutputTensor=t(big))),
                  Op(pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[t(big), t([1, 1, 1, width])],
                                                  OutputTensor=t(joined), Axis=2)),
                  Op(pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=t(small), OutputTensor=t(small)))]
        inputs += [In(3 * layer, base, 0), In(3 * layer + 1, base + 1, 1), In(3 * layer + 2, base + 2, 0)]
        mids.append(Mid(base, 0, base + 1, 0))
    final = len(nodes)
    nodes += [Op(pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[t(joined)] * layers,
                                              OutputTensor=t([layers, 1, rows + 1, width]), Axis=0)),
              Op(pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[t(small)] * layers,
                                              OutputTensor=t([layers, 1, 1, 4]), Axis=0))]
    mids += [Mid(3 * layer + 1, 0, final, layer) for layer in range(layers)]
    mids += [Mid(3 * layer + 2, 0, final + 1, layer) for layer in range(layers)]
    desc = DML_GRAPH_DESC(Nodes=nodes, InputEdges=inputs, IntermediateEdges=mids,
                          OutputEdges=[Out(final, 0, 0), Out(final + 1, 0, 1)])
    for concurrency in (False, True):
        graph = device.compile_graph(desc, concurrency=concurrency)
        slice_bytes, joined_bytes = rows * width * 4, (rows + 1) * width * 4
        assert graph.intermediate_bytes == layers * (slice_bytes + joined_bytes + 64)
        if not concurrency:  # (run concurrently, the independent layers may all be live at once)
            # every joined cache, one slice, the small values (each in 64 bytes)
            assert graph.memory_bytes <= layers * joined_bytes + slice_bytes + layers * 64
        feed = [rng.standard_normal(shape).astype(np.float32)
                for _ in range(layers) for shape in (big, [1, 1, 1, width], small)]
        caches, smalls = graph.execute(feed, outputs=[poisoned([layers, 1, rows + 1, width]),
                                                      poisoned([layers, 1, 1, 4])])
        want = np.concatenate([np.concatenate(feed[3 * k: 3 * k + 2], axis=2) for k in range(layers)], axis=0)
        assert np.array_equal(np.asarray(caches).reshape(want.shape), want)
        assert np.array_equal(np.asarray(smalls).reshape(layers, 1, 1, 4), np.concatenate(feed[2::3], axis=0))


def test_chain_of_50_nodes_needs_two_intermediates(device: pydml.Device, rng: np.random.Generator) -> None:
    n = 50
    ops = [
        relu() if i % 2 else pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC(InputTensor=t(), OutputTensor=t())
        for i in range(n)
    ]
    g = DML_GRAPH_DESC(
        Nodes=[Op(o) for o in ops],
        InputEdges=[In(0, 0, 0)],
        IntermediateEdges=[Mid(i, 0, i + 1, 0) for i in range(n - 1)],
        OutputEdges=[Out(n - 1, 0, 0)],
    )
    graph = device.compile_graph(g)
    one = int(np.prod(SHAPE)) * 4
    assert graph.intermediate_bytes == (n - 1) * one
    assert graph.memory_bytes <= 2 * one
    x = rng.standard_normal(SHAPE).astype(np.float32)
    (z,) = graph.execute([x], outputs=[poisoned()])
    expected = x
    for o in ops:
        expected = device.create_operator(o).execute({"InputTensor": expected})["OutputTensor"]
    assert z.tobytes() == expected.tobytes()


def test_large_arena_lent_by_the_pool_per_execution(device: pydml.Device, rng: np.random.Generator) -> None:
    """An arena is taken at each execution (from 1 MiB on: from the buffer pool) and given back
    (graph.c, ARENA_ALIGN's note; a session's plans do not each hold one): results stay those of
    the nodes one by one, over repeated and concurrent executions (a call that finds the graph busy
    takes its own workspace), and over many graphs compiled and kept at once."""
    from concurrent.futures import ThreadPoolExecutor

    shape = [1, 4, 256, 512]  # 2 MiB per intermediate
    sigmoid = pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC(InputTensor=t(shape), OutputTensor=t(shape))
    ops = [relu(shape), sigmoid, relu(shape)]
    g = DML_GRAPH_DESC(
        Nodes=[Op(o) for o in ops],
        InputEdges=[In(0, 0, 0)],
        IntermediateEdges=[Mid(0, 0, 1, 0), Mid(1, 0, 2, 0)],
        OutputEdges=[Out(2, 0, 0)],
    )
    graphs = [device.compile_graph(g) for _ in range(12)]
    assert graphs[0].memory_bytes >= 1 << 20
    xs = [(rng.standard_normal(shape) * 2).astype(np.float32) for _ in range(4)]
    expected = []
    for x in xs:
        e = x
        for o in ops:
            e = device.create_operator(o).execute({"InputTensor": e})["OutputTensor"]
        expected.append(e.tobytes())
    for graph in graphs:
        for x, e in zip(xs[:2], expected[:2], strict=True):
            (z,) = graph.execute([x], outputs=[np.full(shape, np.nan, np.float32)])
            assert z.tobytes() == e

    def run(i: int) -> bytes:
        (z,) = graphs[0].execute([xs[i % 4]], outputs=[np.full(shape, np.nan, np.float32)])
        return bytes(z.tobytes())

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(run, range(16)))
    assert results == [expected[i % 4] for i in range(16)]


def test_execution_order_is_topological_lowest_index_first(device: pydml.Device) -> None:
    # node 0 reads node 1's output: node 1 runs first
    g = DML_GRAPH_DESC(
        Nodes=[Op(relu()), Op(relu())],
        InputEdges=[In(0, 1, 0)],
        IntermediateEdges=[Mid(1, 0, 0, 0)],
        OutputEdges=[Out(0, 0, 0)],
    )
    assert device.compile_graph(g).execution_order == [1, 0]


# ---- CompileGraph rules ---------------------------------------------------------------------


def conv_no_bias() -> Any:
    return dataclasses.replace(conv_desc(), BiasTensor=None)


def owned_add() -> Any:
    return add(Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML)


#: (graph edit, field, message pattern): each CompileGraph rule's failing case
RULES: list[tuple[str, Any, str, str]] = [
    (
        "node count",
        lambda g: dataclasses.replace(g, Nodes=[], InputEdges=[], IntermediateEdges=[], OutputEdges=[]),
        "NodeCount",
        r"DML_GRAPH_DESC\.NodeCount: must be at least 1, got 0",
    ),
    (
        "node type",
        lambda g: dataclasses.replace(g, Nodes=[DML_GRAPH_NODE_DESC(Type=7, Desc=g.Nodes[0]), g.Nodes[1]]),
        "Nodes[0].Type",
        r"must be DML_GRAPH_NODE_TYPE_OPERATOR or DML_GRAPH_NODE_TYPE_CONSTANT, got 7",
    ),
    (
        "node desc class",
        lambda g: dataclasses.replace(
            g, Nodes=[DML_GRAPH_NODE_DESC(Type="CONSTANT", Desc=g.Nodes[0]), g.Nodes[1]]
        ),
        "Nodes[0].Desc",
        r"Type is DML_GRAPH_NODE_TYPE_CONSTANT, so Desc must be a ConstantDataGraphNodeDesc",
    ),
    (
        "edge in the wrong list",
        lambda g: dataclasses.replace(g, OutputEdges=[g.InputEdges[0]]),
        "OutputEdges[0].Type",
        r"must be DML_GRAPH_EDGE_TYPE_OUTPUT, got 1",
    ),
    (
        "graph input index",
        lambda g: dataclasses.replace(g, InputCount=1),
        "InputEdges[1].GraphInputIndex",
        r'edge "y": must be less than InputCount \(1\), got 1',
    ),
    (
        "to node index",
        lambda g: dataclasses.replace(g, InputEdges=[In(0, 9, 0, "x"), g.InputEdges[1]]),
        "InputEdges[0].ToNodeIndex",
        r'edge "x": must be less than NodeCount \(2\), got 9',
    ),
    (
        "to node input index",
        lambda g: dataclasses.replace(g, InputEdges=[In(0, 0, 3, "x"), g.InputEdges[1]]),
        "InputEdges[0].ToNodeInputIndex",
        r'edge "x": must be less than 1, the input count of Nodes\[0\] "relu" '
        r"\(DML_ACTIVATION_RELU_OPERATOR_DESC\), got 3",
    ),
    (
        "input into a constant",
        lambda g: dataclasses.replace(
            g,
            Nodes=[*g.Nodes, DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=b"1234", Name="k")],
            InputEdges=[*g.InputEdges, In(0, 2, 0)],
        ),
        "InputEdges[2].ToNodeInputIndex",
        r'must be less than 0, the input count of Nodes\[2\] "k" \(constant data\)',
    ),
    (
        "from node index",
        lambda g: dataclasses.replace(g, OutputEdges=[Out(5, 0, 0, "z")]),
        "OutputEdges[0].FromNodeIndex",
        r'edge "z": must be less than NodeCount \(2\), got 5',
    ),
    (
        "from node output index",
        lambda g: dataclasses.replace(g, OutputEdges=[Out(1, 1, 0, "z")]),
        "OutputEdges[0].FromNodeOutputIndex",
        r"must be less than 1, the output count of Nodes\[1\] \"add\"",
    ),
    (
        "graph output index",
        lambda g: dataclasses.replace(g, OutputCount=1, OutputEdges=[Out(1, 0, 4, "z")]),
        "OutputEdges[0].GraphOutputIndex",
        r"must be less than OutputCount \(1\), got 4",
    ),
    (
        "intermediate from",
        lambda g: dataclasses.replace(g, IntermediateEdges=[Mid(2, 0, 1, 0, "r")]),
        "IntermediateEdges[0].FromNodeIndex",
        r'edge "r": must be less than NodeCount \(2\), got 2',
    ),
    (
        "intermediate to input",
        lambda g: dataclasses.replace(g, IntermediateEdges=[Mid(0, 0, 1, 2, "r")]),
        "IntermediateEdges[0].ToNodeInputIndex",
        r"must be less than 2, the input count of Nodes\[1\] \"add\"",
    ),
    (
        "absent optional input",
        lambda g: DML_GRAPH_DESC(
            Nodes=[Op(conv_no_bias(), "conv")],
            InputEdges=[In(0, 0, 0), In(1, 0, 1), In(2, 0, 2, "b")],
            OutputEdges=[Out(0, 0, 0)],
        ),
        "InputEdges[2].ToNodeInputIndex",
        r'edge "b": Nodes\[0\] "conv" \(DML_CONVOLUTION_OPERATOR_DESC\)\.BiasTensor is absent from its desc',
    ),
    (
        "input connected twice",
        lambda g: dataclasses.replace(g, InputEdges=[*g.InputEdges, In(0, 1, 0, "again")]),
        "IntermediateEdges[0].ToNodeInputIndex",
        r'Nodes\[1\] "add" \(DML_ELEMENT_WISE_ADD_OPERATOR_DESC\)\.ATensor is already connected by '
        r"InputEdges\[2\]; an input is connected exactly once",
    ),
    (
        "input not connected",
        lambda g: dataclasses.replace(g, InputEdges=[g.InputEdges[0]], InputCount=2),
        "Nodes[1]",
        r'Nodes\[1\]: "add" \(DML_ELEMENT_WISE_ADD_OPERATOR_DESC\): BTensor \(input 1\) is not connected',
    ),
    (
        "output not connected",
        lambda g: dataclasses.replace(
            g, IntermediateEdges=[], InputEdges=[g.InputEdges[0], g.InputEdges[1], In(0, 1, 0)]
        ),
        "Nodes[0]",
        r'"relu" \(DML_ACTIVATION_RELU_OPERATOR_DESC\): OutputTensor \(output 0\) is not connected',
    ),
    (
        "output produced twice",
        lambda g: dataclasses.replace(g, OutputEdges=[Out(1, 0, 0, "z"), Out(0, 0, 0, "z2")]),
        "OutputEdges[1].GraphOutputIndex",
        r"graph output 0 is already produced by OutputEdges\[0\]",
    ),
    (
        "output not produced",
        lambda g: dataclasses.replace(g, OutputCount=2),
        "OutputEdges",
        r"no edge produces graph output 1",
    ),
    (
        "cycle",
        lambda g: DML_GRAPH_DESC(
            Nodes=[Op(relu(), "head"), Op(add(), "a"), Op(relu(), "b")],
            InputEdges=[In(0, 0, 0)],
            IntermediateEdges=[Mid(0, 0, 1, 0), Mid(1, 0, 2, 0), Mid(2, 0, 1, 1)],
            OutputEdges=[Out(2, 0, 0)],
        ),
        None,
        r'"a" \(DML_ELEMENT_WISE_ADD_OPERATOR_DESC\)|"b" \(DML_ACTIVATION_RELU_OPERATOR_DESC\)',
    ),
    (
        "total size",
        lambda g: dataclasses.replace(g, Nodes=[Op(relu([1, 2, 4, 4]), "relu"), g.Nodes[1]]),
        "IntermediateEdges[0]",
        r"TotalTensorSizeInBytes of Nodes\[0\] \"relu\" .*OutputTensor and of Nodes\[1\] "
        r"\"add\" .*ATensor must be identical.*got 128 and 256",
    ),
    (
        "owned from an intermediate",
        lambda g: dataclasses.replace(g, Nodes=[g.Nodes[0], Op(owned_add(), "add")]),
        "IntermediateEdges[0].ToNodeInputIndex",
        r"ATensor has DML_TENSOR_FLAG_OWNED_BY_DML and must be connected to a graph input",
    ),
    (
        "owned flags disagree",
        lambda g: DML_GRAPH_DESC(
            Nodes=[Op(owned_add(), "owner"), Op(add(), "plain")],
            InputEdges=[In(0, 0, 0), In(1, 0, 1), In(0, 1, 0), In(1, 1, 1)],
            IntermediateEdges=[],
            OutputEdges=[Out(0, 0, 0), Out(1, 0, 1)],
        ),
        "InputEdges[2].ToNodeInputIndex",
        r"omits DML_TENSOR_FLAG_OWNED_BY_DML, but another input connected to graph "
        r"input 0 uses it",
    ),
    (
        "constant too small",
        lambda g: dataclasses.replace(
            g,
            Nodes=[*g.Nodes, DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=b"\0" * 12, Name="k")],
            InputEdges=[g.InputEdges[0]],
            IntermediateEdges=[*g.IntermediateEdges, Mid(2, 0, 1, 1)],
        ),
        "Nodes[2].Desc.DataSize",
        r'"k" \(constant data\): must hold the 256 bytes Nodes\[1\] "add" .*BTensor reads '
        r"through IntermediateEdges\[1\], got 12",
    ),
    (
        "negative index",
        lambda g: dataclasses.replace(g, InputEdges=[In(-1, 0, 0), g.InputEdges[1]]),
        "InputEdges[0].Desc.GraphInputIndex",
        r"must be a UINT",
    ),
    (
        "invalid operator",
        lambda g: dataclasses.replace(
            g, Nodes=[g.Nodes[0], Op(dataclasses.replace(add(), BTensor=t(dtype="FLOAT16")), "add")]
        ),
        "BTensor.DataType",
        r'^DML_GRAPH_DESC\.Nodes\[1\] "add": DML_ELEMENT_WISE_ADD_OPERATOR_DESC\.BTensor\.DataType: ',
    ),
]


@pytest.mark.parametrize("edit,field,pattern", [r[1:] for r in RULES], ids=[r[0] for r in RULES])
def test_each_compile_graph_rule(device: pydml.Device, edit: Any, field: str | None, pattern: str) -> None:
    with pytest.raises(ValidationError, match=pattern) as info:
        device.compile_graph(edit(relu_add()))
    if field is not None:
        assert info.value.field == field, str(info.value)


def test_cycle_names_a_node_on_it(device: pydml.Device) -> None:
    # head -> a -> b -> a: "head" lies before the cycle, not on it
    g = DML_GRAPH_DESC(
        Nodes=[Op(relu(), "head"), Op(add(), "a"), Op(relu(), "b")],
        InputEdges=[In(0, 0, 0)],
        IntermediateEdges=[Mid(0, 0, 1, 0), Mid(1, 0, 2, 0), Mid(2, 0, 1, 1)],
        OutputEdges=[Out(2, 0, 0)],
    )
    with pytest.raises(ValidationError) as info:
        device.compile_graph(g)
    assert info.value.field in ("Nodes[1]", "Nodes[2]")
    assert "lies on a cycle of intermediate edges" in str(info.value)


def test_node_validated_at_the_devices_feature_level() -> None:
    old = pydml.Device(pydml.DML_FEATURE_LEVEL_1_0)
    g = dataclasses.replace(
        relu_add(), Nodes=[Op(relu(), "relu"), Op(add([1, 2, 4, 8], dtype="INT32"), "add")]
    )
    with pytest.raises(
        pydml.FeatureLevelError, match=r'^DML_GRAPH_DESC\.Nodes\[1\] "add": DML_ELEMENT_WISE_ADD'
    ):
        old.compile_graph(g)
    pydml.Device().compile_graph(g)  # the newest level accepts it


def test_flags(device: pydml.Device) -> None:
    with pytest.raises(ValidationError, match="flags"):
        device.compile_graph(relu_add(), flags=64)


# ---- bindings -------------------------------------------------------------------------------


def test_binding_errors(device: pydml.Device) -> None:
    graph = device.compile_graph(relu_add())
    x = np.zeros(SHAPE, np.float32)
    with pytest.raises(BindingError, match=r"the graph has 2 inputs \(InputCount\), got a list of 1"):
        graph.execute([x])
    with pytest.raises(BindingError, match=r"'w' names no graph input \(named inputs: 'x', 'y'\)"):
        graph.execute({"x": x, "w": x})
    with pytest.raises(BindingError, match=r'graph input 1 "y" is not bound'):
        graph.execute({"x": x})
    with pytest.raises(BindingError, match=r"graph input 1: array dtype float64 does not match"):
        graph.execute([x, x.astype(np.float64)])
    with pytest.raises(BindingError, match=r'graph output 0 "z": the bound buffer has 16 bytes, less than'):
        graph.execute([x, x], outputs=[np.zeros(4, np.float32)])
    with pytest.raises(
        BindingError, match=r'graph output 0 "z": its buffer overlaps the one bound to graph input 0'
    ):
        graph.execute([x, np.zeros(SHAPE, np.float32)], outputs=[x])
    with pytest.raises(BindingError, match="only inputs with DML_TENSOR_FLAG_OWNED_BY_DML"):
        graph.initialize([x, None])


def test_a_non_contiguous_input_binds_as_its_readers_lay_it_out(device: pydml.Device,
                                                                  rng: np.random.Generator) -> None:
    """A graph input read with NHWC Strides (Sizes [1, 3, 4, 5]): its memory as a C-contiguous
    NHWC array, or that array transposed to NCHW (a view of exactly the readers' layout, bound in
    place, as an operator binds it); a non-contiguous array of another layout would be copied in
    logical order and read through the Strides as raw memory, so it is refused, naming both
    layouts. Packed readers copy a non-contiguous array in logical order (the test above)."""
    nchw, strides = [1, 3, 4, 5], [60, 1, 15, 3]
    identity = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=t(nchw, strides=strides),
                                                             OutputTensor=t(nchw))
    graph = device.compile_graph(DML_GRAPH_DESC(Nodes=[Op(identity, "copy")], InputEdges=[In(0, 0, 0, "x")],
                                                OutputEdges=[Out(0, 0, 0, "y")]))
    nhwc = rng.standard_normal((1, 4, 5, 3)).astype(np.float32)
    (from_memory,) = graph.execute([nhwc], outputs=[poisoned(nchw)])
    np.testing.assert_array_equal(from_memory, nhwc.transpose(0, 3, 1, 2))
    (from_view,) = graph.execute([nhwc.transpose(0, 3, 1, 2)], outputs=[poisoned(nchw)])
    np.testing.assert_array_equal(from_view, nhwc.transpose(0, 3, 1, 2))
    (indexed,) = graph.execute_indexed([(0, nhwc.transpose(0, 3, 1, 2))])
    np.testing.assert_array_equal(indexed, nhwc.transpose(0, 3, 1, 2))
    fortran = np.asfortranarray(nhwc.transpose(0, 3, 1, 2))
    with pytest.raises(BindingError, match=r"graph input 0: a non-contiguous array of shape \(1, 3, 4, 5\) and "
                                           r"element strides \[1, 1, 3, 12\] for readers laid out with "
                                           r"Sizes \[1, 3, 4, 5\] Strides \[60, 1, 15, 3\]"):
        graph.execute([fortran])
    with pytest.raises(BindingError, match="non-contiguous array"):
        graph.execute_indexed([(0, fortran)])
    # a reader with gaps (every other element): the view's bytes span more than its elements, and
    # are bound as they are (a copy in logical order, padded to the span, was read through the gaps)
    gaps = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=t([1, 1, 1, 5], strides=[10, 10, 10, 2]),
                                                         OutputTensor=t([1, 1, 1, 5]))
    every_other = device.compile_graph(DML_GRAPH_DESC(Nodes=[Op(gaps, "copy")], InputEdges=[In(0, 0, 0, "x")],
                                                      OutputEdges=[Out(0, 0, 0, "y")]))
    wide = rng.standard_normal((1, 1, 1, 10)).astype(np.float32)
    for run in (lambda v: every_other.execute([v]), lambda v: every_other.execute_indexed([(0, v)])):
        (picked,) = run(wide[..., ::2])
        np.testing.assert_array_equal(picked, wide[..., ::2])


def test_an_output_view_of_the_outputs_layout_is_written_in_place(device: pydml.Device,
                                                                   rng: np.random.Generator) -> None:
    """A graph output written with NHWC Strides (Sizes [1, 3, 4, 5]) into an NHWC array transposed
    to NCHW: bound in place (the execution returns that view, the NHWC array holds the result), as
    an operator's output binds; another non-contiguous layout is refused, as before."""
    nchw = [1, 3, 4, 5]
    identity = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=t(nchw),
                                                             OutputTensor=t(nchw, strides=[60, 1, 15, 3]))
    graph = device.compile_graph(DML_GRAPH_DESC(Nodes=[Op(identity, "copy")], InputEdges=[In(0, 0, 0, "x")],
                                                OutputEdges=[Out(0, 0, 0, "y")]))
    x = rng.standard_normal(nchw).astype(np.float32)
    nhwc = np.full((1, 4, 5, 3), np.nan, np.float32)
    (y,) = graph.execute([x], outputs=[nhwc.transpose(0, 3, 1, 2)])
    assert y.base is nhwc
    np.testing.assert_array_equal(nhwc, x.transpose(0, 2, 3, 1))
    np.testing.assert_array_equal(y, x)
    with pytest.raises(BindingError, match="must be C-contiguous, or a view of the output's own Sizes and Strides"):
        graph.execute([x], outputs=[np.zeros(nchw, np.float32, order="F")])
    frozen = np.zeros((1, 4, 5, 3), np.float32)
    frozen.flags.writeable = False
    with pytest.raises(BindingError, match="read-only"):
        graph.execute([x], outputs=[frozen.transpose(0, 3, 1, 2)])


def test_an_execution_past_the_memory_limit_is_refused_before_allocating(
    device: pydml.Device, rng: np.random.Generator, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A graph whose intermediates and outputs need more than the process may hold (a hostile
    ONNX model's 2^31-long dimension: valid sizes, touched page by page until the kernel killed
    the fuzzer's process at 24 GB) is a MemoryError naming the bytes and the limit, before any
    allocation; within the limit it runs (the check is made once per graph)."""
    x, y = (rng.standard_normal(SHAPE).astype(np.float32) for _ in range(2))
    graph = device.compile_graph(relu_add())
    arena, outputs = graph.memory_bytes, 4 * int(np.prod(SHAPE))
    monkeypatch.setattr(pydml.graph, "memory_limit", lambda: (arena + outputs - 1, "a test's limit"))
    with monkeypatch.context() as m:  # refused before any output is allocated
        m.setattr(type(graph), "_allocate", lambda *a: pytest.fail("an output was allocated"))
        with pytest.raises(MemoryError, match=rf"DML_GRAPH_DESC: an execution needs {arena + outputs} bytes "
                                              rf"\(intermediates {arena}, outputs {outputs}\), more than a "
                                              rf"test's limit \({arena + outputs - 1} bytes\)"):
            graph.execute([x, y])
    asked: list[int] = []
    monkeypatch.setattr(pydml.graph, "memory_limit", lambda: (asked.append(1), (arena + outputs, "a limit"))[1])
    for _ in range(2):
        (z,) = graph.execute([x, y])
        np.testing.assert_array_equal(z, np.maximum(x, 0) + y)
    assert len(asked) == 1  # once per graph: its sizes are fixed


def test_execute_indexed_binds_the_pairs_as_execute_binds_the_list(
    device: pydml.Device, rng: np.random.Generator
) -> None:
    """(index, array) pairs bind what a list binds: the same bits, the same errors for an input
    left out or of the wrong type, and an index past InputCount is refused."""
    x, y = (rng.standard_normal(SHAPE).astype(np.float32) for _ in range(2))
    graph = device.compile_graph(relu_add())
    (expected,) = graph.execute([x, y])
    (z,) = graph.execute_indexed([(1, y), (0, x)])
    assert z.tobytes() == expected.tobytes()
    (strided,) = graph.execute_indexed([(0, np.asfortranarray(x)), (1, y)])  # copied in logical order
    assert strided.tobytes() == expected.tobytes()
    with pytest.raises(BindingError, match=r'graph input 1 "y" is not bound'):
        graph.execute_indexed([(0, x)])
    with pytest.raises(BindingError, match=r"graph input 1: array dtype float64 does not match"):
        graph.execute_indexed([(0, x), (1, y.astype(np.float64))])
    with pytest.raises(BindingError, match=r"graph input 2: the graph has 2 inputs"):
        graph.execute_indexed([(0, x), (1, y), (2, y)])


def test_dxdispatch_compile_graph_runs_a_one_node_graph() -> None:
    """Microsoft's dml_gemm_graph.json: "dmlCompileType": "DmlCompileGraph" (B OWNED_BY_DML,
    no CTensor: the absent optional input is no graph input)."""
    from pathlib import Path

    from pydml.frontends.dxdispatch import OneNodeGraph, compile_dispatchable, load_file, parse_model

    path = Path(__file__).parent / "data" / "dxdispatch" / "dml_gemm_graph.json"
    model = parse_model(load_file(path), path)
    d = model.dispatchables["gemm"]
    compiled = compile_dispatchable(pydml.Device(), d)
    assert isinstance(compiled, OneNodeGraph)
    assert compiled.graph.input_count == 2 and compiled.graph.owned_inputs == [1]
    ones = np.ones([1, 1, 32, 32], np.float32)
    compiled.initialize({"BTensor": ones})
    (out,) = compiled.execute(
        {"ATensor": ones}, {"OutputTensor": np.full([1, 1, 32, 32], np.nan, np.float32)}
    )
    assert np.array_equal(out, np.full([1, 1, 32, 32], 32, np.float32))


def test_connected_tensors_may_differ_in_type_and_sizes(
    device: pydml.Device, rng: np.random.Generator
) -> None:
    """The DML_GRAPH_DESC page: connected inputs and outputs may use different dimension counts,
    sizes and data types (each operator reads the blob its own way); only TotalTensorSizeInBytes
    must be identical."""
    ident = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
        InputTensor=t([64], "INT32"), OutputTensor=t([64], "INT32")
    )
    g = DML_GRAPH_DESC(
        Nodes=[Op(relu()), Op(ident)],
        InputEdges=[In(0, 0, 0)],
        IntermediateEdges=[Mid(0, 0, 1, 0)],
        OutputEdges=[Out(1, 0, 0)],
    )
    x = rng.standard_normal(SHAPE).astype(np.float32)
    (z,) = device.compile_graph(g).execute([x])
    assert z.dtype == np.int32 and z.shape == (64,)
    assert z.tobytes() == np.maximum(x, 0).tobytes()


def gemm_stats() -> dict[str, int]:
    """pydml_debug_prepared_stats: GEMM executions on initialize-packed panels, on B packed per
    call, on B read in place, and with scratch allocated."""
    from pydml.native import ffi, lib

    cells = [ffi.new("uint64_t*") for _ in range(4)]
    lib.pydml_debug_prepared_stats(*cells)
    return dict(zip(("prepared", "packed", "in_place", "allocated"), (int(c[0]) for c in cells), strict=True))


def test_owned_weights_prepared_per_graph(device: pydml.Device, rng: np.random.Generator) -> None:
    """A GEMM whose B is OWNED_BY_DML packs B once when a graph is initialized (the family's
    initialize hook, offered the graph's copy). One operator in two graphs with different weights,
    re-initialized, released: each graph's result is always its own weights' product, and
    pydml_debug_prepared_stats shows which executions ran on the prepared panels (the graph whose
    preparation is the operator's latest) and which packed B per call (the other graph)."""
    M, K, N = 40, 24, 20  # enough rows that execute would otherwise pack B on every call
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, M, K]), BTensor=t([1, 1, N, K], Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML),
        OutputTensor=t([1, 1, M, N]), TransA="NONE", TransB="TRANSPOSE", Alpha=1.0, Beta=0.0)
    op = device.create_operator(gemm)

    def graph() -> Any:
        return device.compile_graph(DML_GRAPH_DESC(
            Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=op, Name="gemm")],
            InputEdges=[In(0, 0, 0, "a"), In(1, 0, 1, "b")], OutputEdges=[Out(0, 0, 0, "y")], InputCount=2))

    a = rng.standard_normal([1, 1, M, K]).astype(np.float32)
    w1, w2 = (rng.standard_normal([1, 1, N, K]).astype(np.float32) for _ in range(2))

    def expected(w: np.ndarray) -> np.ndarray:
        return (a[0, 0].astype(np.float64) @ w[0, 0].T.astype(np.float64)).astype(np.float32)

    def check(g: Any, w: np.ndarray, source: str) -> None:
        before = gemm_stats()
        (y,) = g.execute([a, None], outputs=[np.full([1, 1, M, N], np.nan, np.float32)])
        np.testing.assert_allclose(y[0, 0], expected(w), rtol=1e-5, atol=1e-5)
        after = gemm_stats()
        assert {k: after[k] - before[k] for k in after} == {**dict.fromkeys(after, 0), source: 1}

    g1, g2 = graph(), graph()
    g1.initialize([None, w1])
    check(g1, w1, "prepared")
    g2.initialize([None, w2])  # the same operator, now prepared for g2's copy
    check(g2, w2, "prepared")
    check(g1, w1, "packed")
    g1.initialize([None, w2])
    check(g1, w2, "prepared")
    check(g2, w2, "packed")
    g2.initialize([None, w1])
    del g1  # released: its preparation is no longer the operator's latest, g2's stays
    import gc

    gc.collect()
    check(g2, w1, "prepared")
    del g2
    gc.collect()
    op.initialize({"BTensor": w1})  # the operator on its own, after the graphs
    before = gemm_stats()
    y = op.execute({"ATensor": a})["OutputTensor"]
    assert gemm_stats()["prepared"] == before["prepared"] + 1
    np.testing.assert_allclose(y[0, 0], expected(w1), rtol=1e-5, atol=1e-5)
    plain = device.create_operator(dataclasses.replace(gemm, BTensor=t([1, 1, N, K])))
    before = gemm_stats()  # B bound at execution: packed on every call
    for _ in range(2):
        y = plain.execute({"ATensor": a, "BTensor": w2})["OutputTensor"]
        np.testing.assert_allclose(y[0, 0], expected(w2), rtol=1e-5, atol=1e-5)
    assert gemm_stats()["packed"] == before["packed"] + 2


@pytest.mark.parametrize("rows", [1, 40])
def test_nodes_sharing_an_owned_weight_operator(device: pydml.Device, rng: np.random.Generator, rows: int) -> None:
    """Two nodes run one GEMM operator with their own OWNED_BY_DML weights (a model's repeated
    layers). Where the operator packs B (40 rows; one row too on the vector paths), the second node
    gets a private copy so each keeps its preparation: both executions run on prepared panels. Where
    it reads B in place (one row on the portable path, B along N: graph.c private_operators with
    pydml_operator_prepares_owned), the nodes share the operator as it is: both read their own
    weights in place. Either way each node's result is its own weights' product."""
    K, N = 24, 20
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, rows, K]), BTensor=t([1, 1, K, N], Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML),
        OutputTensor=t([1, 1, rows, N]), TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0)
    op = device.create_operator(gemm)
    graph = device.compile_graph(DML_GRAPH_DESC(
        Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=op, Name="first"),
               DML_OPERATOR_GRAPH_NODE_DESC(Operator=op, Name="second")],
        InputEdges=[In(0, 0, 0, "a"), In(1, 0, 1, "w1"), In(2, 1, 0, "b"), In(3, 1, 1, "w2")],
        OutputEdges=[Out(0, 0, 0, "y1"), Out(1, 0, 1, "y2")], InputCount=4))
    a, b = (rng.standard_normal([1, 1, rows, K]).astype(np.float32) for _ in range(2))
    w1, w2 = (rng.standard_normal([1, 1, K, N]).astype(np.float32) for _ in range(2))
    graph.initialize([None, w1, None, w2])
    before = gemm_stats()
    y1, y2 = graph.execute([a, None, b, None])
    after = gemm_stats()
    for y, x, w in ((y1, a, w1), (y2, b, w2)):
        want = x[0, 0].astype(np.float64) @ w[0, 0].astype(np.float64)
        np.testing.assert_allclose(y[0, 0], want, rtol=1e-5, atol=1e-5)
    # one row packs too on the vector paths (gemm.c gemm_pre_rows streams the panels), not on the
    # portable one
    packs = rows != 1 or isa_path() != "portable"
    source = "prepared" if packs else "in_place"
    assert {k: after[k] - before[k] for k in after} == {**dict.fromkeys(after, 0), source: 2}
    assert graph.own_operators == ({1} if packs else set())


def test_owned_conv_filter_at_a_reused_address(device: pydml.Device, rng: np.random.Generator) -> None:
    """Convolution keeps an OWNED_BY_DML filter's packing per initialization generation too: graphs
    borrowing one buffer in turn with other filters, and a second graph with its own copy executed
    in between, each give the bits of a plain convolution with that filter bound."""
    conv = dataclasses.replace(conv_desc(), BiasTensor=None,
                               FilterTensor=t([4, 3, 3, 3], Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML))
    op = device.create_operator(conv)
    plain = device.create_operator(dataclasses.replace(conv_desc(), BiasTensor=None))

    def graph() -> Any:
        return device.compile_graph(DML_GRAPH_DESC(
            Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=op, Name="conv")],
            InputEdges=[In(0, 0, 0, "x"), In(1, 0, 1, "w")], OutputEdges=[Out(0, 0, 0, "y")], InputCount=2))

    x = rng.standard_normal([1, 3, 6, 6]).astype(np.float32)

    def check(g: Any, w: np.ndarray) -> None:
        (y,) = g.execute([x, None], outputs=[np.full([1, 4, 6, 6], np.nan, np.float32)])
        expected = plain.execute({"InputTensor": x, "FilterTensor": w})["OutputTensor"]
        assert y.tobytes() == expected.tobytes()

    kept = rng.standard_normal([4, 3, 3, 3]).astype(np.float32)
    other = graph()
    other.initialize([None, kept])
    buffer = np.empty([4, 3, 3, 3], np.float32)
    held: list[Any] = []  # the previous round's graph over the same buffer
    import gc

    for _ in range(3):
        buffer[...] = w = rng.standard_normal([4, 3, 3, 3]).astype(np.float32)
        g = graph()
        g.initialize([None, buffer], borrow=True)
        held.clear()  # released after this round's preparation
        gc.collect()
        for _ in range(2):
            check(g, w)
            check(other, kept)
        held.append(g)


def owned_gemm_graphs(device: pydml.Device, rng: np.random.Generator) -> tuple[Any, Any, list[int]]:
    """One GEMM operator with an OWNED_BY_DML B (40 x 24 by 24 x 20, B transposed): a factory of
    one-node graphs over it, run(graph, w): execute, check the product with weights w, and return
    which gemm_stats counter moved ("prepared": initialize-packed panels, "packed": B packed per
    call), and B's shape."""
    M, K, N = 40, 24, 20
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, M, K]), BTensor=t([1, 1, N, K], Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML),
        OutputTensor=t([1, 1, M, N]), TransA="NONE", TransB="TRANSPOSE", Alpha=1.0, Beta=0.0)
    op = device.create_operator(gemm)

    def graph() -> Any:
        return device.compile_graph(DML_GRAPH_DESC(
            Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=op, Name="gemm")],
            InputEdges=[In(0, 0, 0, "a"), In(1, 0, 1, "b")], OutputEdges=[Out(0, 0, 0, "y")], InputCount=2))

    a = rng.standard_normal([1, 1, M, K]).astype(np.float32)

    def run(g: Any, w: np.ndarray) -> str:
        before = gemm_stats()
        (y,) = g.execute([a, None], outputs=[np.full([1, 1, M, N], np.nan, np.float32)])
        expected = (a[0, 0].astype(np.float64) @ w[0, 0].T.astype(np.float64)).astype(np.float32)
        np.testing.assert_allclose(y[0, 0], expected, rtol=1e-5, atol=1e-5)
        after = gemm_stats()
        return next(k for k in after if after[k] != before[k])

    return graph, run, [1, 1, N, K]


def test_owned_weights_at_a_reused_address(device: pydml.Device, rng: np.random.Generator) -> None:
    """Preparations are keyed by initialization generation, not by address: graphs that borrow
    one buffer in turn (initialize(borrow=True)), each time holding other weights, the earlier
    graph released, always give the latest weights' product, and run on prepared panels; a graph
    whose preparation another graph replaced packs per call and still gives its own weights'."""
    graph, run, b_shape = owned_gemm_graphs(device, rng)
    buffer = np.empty(b_shape, np.float32)  # one address, reused with new weights each round
    kept = rng.standard_normal(b_shape).astype(np.float32)
    other = graph()
    other.initialize([None, kept])  # a second graph with its own copy
    import gc


    previous = None
    for _ in range(3):
        w = rng.standard_normal(b_shape).astype(np.float32)
        buffer[...] = w
        g = graph()
        g.initialize([None, buffer], borrow=True)
        del previous  # the earlier graph over the same address is released after this one's preparation
        gc.collect()
        assert run(g, w) == "prepared"
        assert run(other, kept) == "packed"
        assert run(g, w) == "prepared"
        previous = g
    other.initialize([None, kept])
    assert run(other, kept) == "prepared"
    assert run(previous, buffer) == "packed"


def test_shared_weights_are_prepared_once(device: pydml.Device, rng: np.random.Generator) -> None:
    """initialize(borrow=True, share=True) (pydml_graph_initialize_shared, how pydml.onnx binds a
    model's weights): graphs binding the same unchanging array through the same operator share its
    preparation, so running them in turn never packs again, and releasing one keeps the others';
    another array, another view of it, or a plain borrow prepares anew (never shared), and a graph
    whose preparation was replaced still gives its own weights' product (packing per call)."""
    graph, run, b_shape = owned_gemm_graphs(device, rng)


    w = rng.standard_normal(b_shape).astype(np.float32)
    w.setflags(write=False)
    plans = [graph() for _ in range(3)]
    for g in plans:
        g.initialize([None, w], borrow=True, share=True)
    for _ in range(2):
        assert [run(g, w) for g in plans] == ["prepared"] * 3
    del plans[0]  # a released plan gives up its hold only: the others keep the preparation
    import gc

    gc.collect()
    assert [run(g, w) for g in plans] == ["prepared"] * 2
    # a plain borrow of the same array is not shared: it prepares anew, the shared plans then pack
    plain = graph()
    plain.initialize([None, w], borrow=True)
    assert run(plain, w) == "prepared"
    assert [run(g, w) for g in plans] == ["packed"] * 2
    # other weights shared through the same operator: a new preparation, the old plans still right
    w2 = rng.standard_normal(b_shape).astype(np.float32)
    w2.setflags(write=False)
    fresh = graph()
    fresh.initialize([None, w2], borrow=True, share=True)
    assert run(fresh, w2) == "prepared"
    assert run(plans[0], w) == "packed" and run(plain, w) == "packed"
    # the shared plans initialized again share one new preparation
    for g in plans:
        g.initialize([None, w], borrow=True, share=True)
    assert [run(g, w) for g in plans] == ["prepared"] * 2
    assert run(fresh, w2) == "packed"
    with pytest.raises(ValueError, match="borrow"):
        fresh.initialize([None, w2], share=True)
