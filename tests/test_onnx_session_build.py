"""How pydml.onnx.InferenceSession builds its graph: each distinct operator desc is validated and
compiled once (not once by the lowering and again by compile_graph; a model's repeated layers
share one compiled operator), a node whose lowering fails leaves the segment as it was, and a
1,000-node model is lowered and compiled quickly."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import pydml  # noqa: E402
import pydml.onnx  # noqa: E402
from pydml.device import Device  # noqa: E402


def chain(n: int, *, width: int = 64) -> Any:
    """x -> (Add c, Relu, Mul c, Sigmoid, Reshape) repeated: n nodes, 4 of 5 of them operators."""
    nodes, inits, prev = [], [], "x"
    for i in range(n):
        kind, out = ("Add", "Relu", "Mul", "Sigmoid", "Reshape")[i % 5], f"v{i}"
        if kind in ("Add", "Mul"):
            inits.append(numpy_helper.from_array(np.full((width,), 0.5 + i / n, np.float32), f"c{i}"))
            nodes.append(helper.make_node(kind, [prev, f"c{i}"], [out]))
        elif kind == "Reshape":
            shape = [4, width] if (i // 5) % 2 == 0 else [2, 2, width]
            inits.append(numpy_helper.from_array(np.array(shape, np.int64), f"s{i}"))
            nodes.append(helper.make_node(kind, [prev, f"s{i}"], [out]))
        else:
            nodes.append(helper.make_node(kind, [prev], [out]))
        prev = out
    graph = helper.make_graph(
        nodes, "chain", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 2, width])],
        [helper.make_tensor_value_info(prev, TensorProto.FLOAT, None)], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def reference(n: int, x: np.ndarray[Any, Any], width: int = 64) -> np.ndarray[Any, Any]:
    y = x.astype(np.float64)
    for i in range(n):
        kind = ("Add", "Relu", "Mul", "Sigmoid", "Reshape")[i % 5]
        c = np.float32(0.5 + i / n)
        if kind == "Add":
            y = y + c
        elif kind == "Mul":
            y = y * c
        elif kind == "Relu":
            y = np.maximum(y, 0)
        elif kind == "Sigmoid":
            y = 1 / (1 + np.exp(-y))
        else:
            y = y.reshape([4, width] if (i // 5) % 2 == 0 else [2, 2, width])
    return y


def test_each_distinct_desc_compiles_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    original = Device.create_operator

    def counting(self: Device, desc: Any, flags: Any = 0) -> Any:
        calls.append(type(desc).__name__)
        return original(self, desc, flags)

    monkeypatch.setattr(Device, "create_operator", counting)
    n = 50
    model = chain(n)
    sess = pydml.onnx.InferenceSession(model)
    x = np.random.default_rng(0).standard_normal((2, 2, 64)).astype(np.float32)
    x.reshape(-1)[:3] = np.nan
    (y,) = sess.run(None, {"x": x})
    np.testing.assert_allclose(y, reference(n, x), rtol=1e-5, atol=1e-6)
    # operators: 30 (Add + Relu fused into ADD1, Mul, Sigmoid per 5 nodes); distinct descs: each
    # kind in each of the two shapes the Reshapes alternate between
    distinct = {repr(node.Operator.desc) for node in sess._last_plan.steps[0].graph.desc.Nodes
                if hasattr(node, "Operator")}
    assert len(calls) == len(distinct) <= 12
    calls.clear()
    sess.run(None, {"x": x})  # the cached plan: nothing compiled
    assert calls == []


def test_graph_reuses_a_compiled_operator_only_at_its_level_and_flags() -> None:
    desc = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc("FLOAT32", [4]), OutputTensor=pydml.buffer_desc("FLOAT32", [4]))
    device = Device()
    op = device.create_operator(desc)
    graph_desc = pydml.DML_GRAPH_DESC(
        Nodes=[pydml.DML_OPERATOR_GRAPH_NODE_DESC(Operator=op)],
        InputEdges=[pydml.DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=0, ToNodeIndex=0, ToNodeInputIndex=0)],
        OutputEdges=[pydml.DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=0, FromNodeOutputIndex=0,
                                                      GraphOutputIndex=0)],
        IntermediateEdges=[], InputCount=1, OutputCount=1)
    same = device.compile_graph(graph_desc)
    assert same._nodes[0].kernel is op
    other = Device("5_0").compile_graph(graph_desc)  # another level: validated and compiled again
    assert other._nodes[0].kernel is not op
    flagged = device.compile_graph(graph_desc, "DML_EXECUTION_FLAG_DISABLE_META_COMMANDS")
    assert flagged._nodes[0].kernel is not op
    x = np.array([-1, 2, -3, 4], np.float32)
    for g in (same, other, flagged):
        np.testing.assert_array_equal(g.execute([x])[0], [0, 2, 0, 4])


def test_thousand_node_model_builds_quickly() -> None:
    n = 1000
    model = chain(n)
    x = np.random.default_rng(1).standard_normal((2, 2, 64)).astype(np.float32)
    pydml.onnx.InferenceSession(chain(10)).run(None, {"x": x})  # imports and schema tables
    start = time.process_time()  # CPU time: the machine running the suite is shared
    (y,) = pydml.onnx.InferenceSession(model).run(None, {"x": x})
    elapsed = time.process_time() - start
    np.testing.assert_allclose(y, reference(n, x), rtol=1e-4, atol=1e-6)
    # about 0.2 s of CPU measured (0.6 s before the lowering compiled each desc once)
    assert elapsed < 0.5, f"{elapsed:.2f} s of CPU to create and first-run a 1,000-node model"


def test_failed_lowering_leaves_the_segment_as_it_was() -> None:
    """A node refused mid-lowering (fallback) leaves no half-built operator or value behind."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    nodes = [
        helper.make_node("Relu", ["x"], ["a"]),
        helper.make_node("Cos", ["a"], ["b"]),  # lowered if supported, else run by onnx.reference
        helper.make_node("Add", ["b", "a"], ["c"]),
        helper.make_node("Einsum", ["c", "a"], ["d"], equation="ij,ij->ij"),
        helper.make_node("Sigmoid", ["d"], ["y"]),
    ]
    graph = helper.make_graph(nodes, "g", [x], [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    value = np.random.default_rng(2).standard_normal((2, 3)).astype(np.float32)
    sess = pydml.onnx.InferenceSession(model, fallback="reference")
    (y,) = sess.run(None, {"x": value})
    a = np.maximum(value.astype(np.float64), 0)
    c = np.cos(a) + a
    np.testing.assert_allclose(y, 1 / (1 + np.exp(-(c * a))), rtol=1e-5, atol=1e-6)


def fusion_model() -> Any:
    """Conv -> Relu (fused), Add -> Relu (fused into ADD1), Add -> Sigmoid (Add fuses only Relu
    and LeakyRelu), MatMul -> LeakyRelu whose input is also a graph output (not fused)."""
    rng = np.random.default_rng(3)
    w = numpy_helper.from_array(rng.standard_normal((4, 2, 3, 3)).astype(np.float32), "w")
    m = numpy_helper.from_array(rng.standard_normal((4, 4)).astype(np.float32), "m")
    nodes = [
        helper.make_node("Conv", ["x", "w"], ["c"], pads=[1, 1, 1, 1], name="conv"),
        helper.make_node("Relu", ["c"], ["r"], name="relu"),
        helper.make_node("Add", ["r", "r"], ["a"], name="add"),
        helper.make_node("Relu", ["a"], ["ar"], name="add_relu"),
        helper.make_node("Add", ["ar", "c2"], ["b"], name="add2"),
        helper.make_node("Sigmoid", ["b"], ["s"], name="sigmoid"),
        helper.make_node("MatMul", ["s", "m"], ["mm"], name="matmul"),
        helper.make_node("LeakyRelu", ["mm"], ["y"], alpha=0.2, name="leaky"),
    ]
    graph = helper.make_graph(
        nodes, "fusion",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 4]),
         helper.make_tensor_value_info("c2", TensorProto.FLOAT, [1, 4, 4, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("mm", TensorProto.FLOAT, None)], [w, m])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_activations_fuse_as_the_provider_fuses_them() -> None:
    rows = {r.node: r for r in pydml.onnx.InferenceSession(fusion_model()).explain()}
    assert rows["conv"].operators == ["CONVOLUTION (FusedActivation Relu)"]
    assert rows["relu"].operators == ["(fused into conv's operator)"]
    assert rows["add"].operators == ["ELEMENT_WISE_ADD1 (FusedActivation Relu)"]
    assert rows["add2"].operators == ["ELEMENT_WISE_ADD"]
    assert rows["sigmoid"].operators == ["ACTIVATION_SIGMOID"]
    assert rows["leaky"].operators == ["ACTIVATION_LEAKY_RELU"]  # mm is a graph output too


def test_fused_activations_compute_the_model() -> None:
    import torch

    model = fusion_model()
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 2, 4, 4)).astype(np.float32)
    c2 = rng.standard_normal((1, 4, 4, 4)).astype(np.float32)
    x[0, 0, 0, 0] = np.nan  # poison one element: NaN flows where the formula says
    y, mm = pydml.onnx.InferenceSession(model).run(None, {"x": x, "c2": c2})
    w = torch.from_numpy(numpy_helper.to_array(model.graph.initializer[0]).astype(np.float64))
    m = torch.from_numpy(numpy_helper.to_array(model.graph.initializer[1]).astype(np.float64))
    r = torch.relu(torch.nn.functional.conv2d(torch.from_numpy(x).double(), w, padding=1))
    s = torch.sigmoid(torch.relu(r + r) + torch.from_numpy(c2).double())
    want_mm = s @ m
    np.testing.assert_allclose(mm, want_mm.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(y, torch.nn.functional.leaky_relu(want_mm, 0.2).numpy(), rtol=1e-5, atol=1e-5)


def test_progress_reports_each_stage() -> None:
    seen: list[tuple[str, int, int]] = []
    sess = pydml.onnx.InferenceSession(chain(20), progress=lambda *a: seen.append(a))
    sess.run(None, {"x": np.ones((2, 2, 64), np.float32)})
    stages = list(dict.fromkeys(s for s, _, _ in seen))
    assert stages == ["reading the model", "reading initializers", "inferring shapes", "lowering nodes",
                      "compiling the graph", "binding initializers"]
    assert ("lowering nodes", 20, 20) in seen and ("reading initializers", 12, 12) in seen


def test_cli_shows_progress_only_with_a_tty_or_the_flag(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from pydml.frontends import cli_onnx
    from pydml.frontends.cli import main

    path = tmp_path / "chain.onnx"
    onnx.save(chain(30), str(path))
    monkeypatch.setattr(cli_onnx.Progress.__init__, "__kwdefaults__", {"delay": 0.0})
    assert main(["onnx", "run", str(path)]) == 0
    quiet = capsys.readouterr()
    assert quiet.err == "" and "digest" in quiet.out  # stderr is no terminal here: no progress
    assert main(["onnx", "run", str(path), "--progress"]) == 0
    shown = capsys.readouterr()
    lines = shown.err.splitlines()
    assert lines[0].startswith("pydml onnx: reading the model")
    assert any(line.startswith("pydml onnx: lowering nodes 30/30") for line in lines)
    assert "digest" in shown.out and "pydml onnx" not in shown.out  # progress never on stdout
    assert main(["onnx", "explain", str(path), "--progress"]) == 0
    assert "lowering nodes" in capsys.readouterr().err


def test_matmul_add_becomes_one_gemm_as_onnxruntime_fuses_it() -> None:
    """MatMul + Add(bias) is one GEMM with CTensor (MatMulAddFusion), its Relu fused too; an Add
    that grows the MatMul's shape stays an operator of its own."""
    rng = np.random.default_rng(6)
    w = numpy_helper.from_array(rng.standard_normal((8, 5)).astype(np.float32), "w")
    bias = numpy_helper.from_array(rng.standard_normal((5,)).astype(np.float32), "bias")
    wide = numpy_helper.from_array(rng.standard_normal((3, 1, 1, 5)).astype(np.float32), "wide")
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["m"], name="mm"),
        helper.make_node("Add", ["bias", "m"], ["a"], name="bias_add"),
        helper.make_node("Relu", ["a"], ["r"], name="relu"),
        helper.make_node("MatMul", ["x", "w"], ["m2"], name="mm2"),
        helper.make_node("Add", ["m2", "wide"], ["y2"], name="grows"),  # [2,4,5] + [3,1,1,5]: [3,2,4,5]
    ]
    graph = helper.make_graph(
        nodes, "bias", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 4, 8])],
        [helper.make_tensor_value_info("r", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("y2", TensorProto.FLOAT, None)], [w, bias, wide])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    sess = pydml.onnx.InferenceSession(model)
    rows = {r.node: r.operators for r in sess.explain()}
    assert rows["mm"] == ["GEMM (+ Add as CTensor)"]
    assert rows["bias_add"] == ["(CTensor of mm's GEMM: MatMulAddFusion)"]
    assert rows["relu"] == ["(fused into the GEMM computing a)"]
    assert rows["mm2"] == ["GEMM"] and rows["grows"] == ["ELEMENT_WISE_ADD"]
    x = rng.standard_normal((2, 4, 8)).astype(np.float32)
    x[1, 2, 3] = np.nan
    r, y2 = sess.run(None, {"x": x})
    m = x.astype(np.float64) @ numpy_helper.to_array(w).astype(np.float64)
    np.testing.assert_allclose(r, np.maximum(m + numpy_helper.to_array(bias), 0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(y2, m + numpy_helper.to_array(wide), rtol=1e-5, atol=1e-5)
    assert np.isnan(r[1, 2]).all()


def test_initializers_are_borrowed_once_by_every_plan() -> None:
    """The weights are bound without a copy (pydml_graph_initialize_borrowed): each plan (one per
    input-shape signature) reads the session's one array of each initializer."""
    rng = np.random.default_rng(7)
    w = numpy_helper.from_array(rng.standard_normal((8, 6)).astype(np.float32), "w")
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], [w])
    sess = pydml.onnx.InferenceSession(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    weights = sess._initializers["w"]
    for n in (1, 3):
        x = rng.standard_normal((n, 8)).astype(np.float32)
        (y,) = sess.run(None, {"x": x})
        np.testing.assert_allclose(y, x.astype(np.float64) @ weights, rtol=1e-5, atol=1e-5)
    plans = list(sess._plans.values())
    assert len(plans) == 2
    for plan in plans:
        (step,) = plan.steps
        assert any(np.shares_memory(a, weights) for a in step.graph._borrowed)


def test_plans_in_turn_share_the_packed_weights() -> None:
    """The weights are bound shared (pydml_graph_initialize_shared) and made read-only: plans of
    two input signatures that share a GEMM operator (a decoder's steps: only the attention sees the
    past length), run in turn, share its one packing of the weights instead of each replacing the
    other's and packing per call; and give the right product."""
    from pydml.native import ffi, lib

    rng = np.random.default_rng(9)
    w = numpy_helper.from_array(rng.standard_normal((64, 48)).astype(np.float32), "w")
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"]), helper.make_node("Relu", ["z"], ["r"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [128, 64]),
         helper.make_tensor_value_info("z", TensorProto.FLOAT, ["n"])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("r", TensorProto.FLOAT, None)], [w])
    sess = pydml.onnx.InferenceSession(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    weights = sess._initializers["w"]
    assert not weights.flags.writeable
    cells = [ffi.new("uint64_t*") for _ in range(4)]

    def stats() -> tuple[int, int]:
        lib.pydml_debug_prepared_stats(*cells)
        return int(cells[0][0]), int(cells[1][0])  # on prepared panels, B packed per call

    x = rng.standard_normal((128, 64)).astype(np.float32)
    feeds = [{"x": x, "z": rng.standard_normal(n).astype(np.float32)} for n in (3, 5)]
    for feed in feeds:  # the first run of each builds its plan
        sess.run(None, feed)
    before = stats()
    for _ in range(3):
        for feed in feeds:
            y, r = sess.run(None, feed)
            np.testing.assert_allclose(y, x.astype(np.float64) @ weights, rtol=1e-5, atol=1e-5)
            np.testing.assert_array_equal(r, np.maximum(feed["z"], 0))
    after = stats()
    assert after == (before[0] + 6, before[1])


def test_a_model_read_from_a_file_keeps_no_copy_of_its_weights(tmp_path: Any) -> None:
    """Read from a file, the model's weights live in the session's arrays only: the proto the
    session keeps is a copy without their data (the read one, whose memory protobuf frees only
    with the whole message, is dropped: the resident memory itself is bench_onnx.py's peak
    column). A ModelProto the caller passes is left as it is."""
    rng = np.random.default_rng(8)
    w = rng.standard_normal((256, 512)).astype(np.float32)  # 512 KiB
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 256])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], [numpy_helper.from_array(w, "w")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    path = tmp_path / "w.onnx"
    onnx.save(model, str(path))
    sess = pydml.onnx.InferenceSession(str(path))
    assert sess.model.ByteSize() < 4096 and [t.name for t in sess.model.graph.initializer] == ["w"]
    x = rng.standard_normal((3, 256)).astype(np.float32)
    (y,) = sess.run(None, {"x": x})
    np.testing.assert_allclose(y, x.astype(np.float64) @ w, rtol=1e-5, atol=1e-4)
    given = pydml.onnx.InferenceSession(model)
    assert given.model is model and model.ByteSize() > w.nbytes
    np.testing.assert_array_equal(given.run(None, {"x": x})[0], y)


def test_graph_initialize_borrowed_reads_the_callers_memory() -> None:
    t = pydml.buffer_desc("FLOAT32", [4], Flags=pydml.DML_TENSOR_FLAG_OWNED_BY_DML)
    desc = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=pydml.buffer_desc("FLOAT32", [4]), BTensor=t, OutputTensor=pydml.buffer_desc("FLOAT32", [4]))
    graph_desc = pydml.DML_GRAPH_DESC(
        Nodes=[pydml.DML_OPERATOR_GRAPH_NODE_DESC(Operator=desc)],
        InputEdges=[pydml.DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=i, ToNodeIndex=0, ToNodeInputIndex=i)
                    for i in range(2)],
        OutputEdges=[pydml.DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=0, FromNodeOutputIndex=0,
                                                      GraphOutputIndex=0)],
        IntermediateEdges=[], InputCount=2, OutputCount=1)
    x = np.array([1, 2, 3, 4], np.float32)
    for borrow in (False, True):
        graph = Device().compile_graph(graph_desc)
        b = np.array([10, 20, 30, 40], np.float32)
        graph.initialize([None, b], borrow=borrow)
        b += 100  # a copy does not see this; borrowed memory does
        want = x + np.array([10, 20, 30, 40], np.float32) + (100 if borrow else 0)
        del b  # the graph keeps what it borrowed alive
        np.testing.assert_array_equal(graph.execute([x, None])[0], want)


@pytest.mark.parametrize("op,inputs,attrs", [
    ("Identity", [np.arange(6, dtype=np.int64)], {}),
    ("Gather", [np.array([64, 16, 512], np.int64), np.array(-2, np.int64)], {"axis": 0}),
    ("Gather", [np.arange(12, dtype=np.float32).reshape(3, 4), np.array([[2, -1]], np.int64)], {"axis": 1}),
    ("Unsqueeze", [np.array(16, np.int64), np.array([0], np.int64)], {}),
    ("Unsqueeze", [np.ones((2, 3), np.float32), np.array([-1, 0], np.int64)], {}),
    ("Concat", [np.array([1], np.int64), np.array([16, 512], np.int64)], {"axis": 0}),
    ("Concat", [np.ones((2, 1), np.float32), np.zeros((2, 3), np.float32)], {"axis": -1}),
    ("Cast", [np.array([1.7, -2.5, np.inf], np.float32)], {"to": TensorProto.FLOAT16}),
    ("Cast", [np.array([3, 0, -1], np.int64)], {"to": TensorProto.BOOL}),
    ("Cast", [np.array([768], np.int64)], {"to": TensorProto.FLOAT}),
    ("Expand", [np.zeros((), np.float32), np.array([1, 16, 512], np.int64)], {}),
    ("Expand", [np.array([[1.0], [-0.0]], np.float32), np.array([3], np.int64)], {}),
    ("Div", [np.array(64.0, np.float32), np.array([0.0, 3.0, -7.0], np.float32)], {}),
    ("Div", [np.array([768, -7, 7, -8], np.int64), np.array([12, 2, -2, 4], np.int64)], {}),
    ("Div", [np.array([7, 200], np.uint8), np.array(3, np.uint8)], {}),
    ("Pow", [np.array([2.0, -0.5, 0.0], np.float32), np.array(2, np.int64)], {}),
    ("Pow", [np.array([2.0, 3.0], np.float32), np.array([0.5, -1.5], np.float64)], {}),
])
def test_shape_folds_in_numpy_are_onnx_references_bits(
    op: str, inputs: list[Any], attrs: dict[str, Any]
) -> None:
    """The folds reference.fold_numpy does itself give onnx.reference's values, dtype and shape."""
    from pydml.onnx.lowering import Node
    from pydml.onnx.reference import fold_numpy, run_node

    names = [f"i{k}" for k in range(len(inputs))]
    proto = helper.make_node(op, names, ["out"], **attrs)
    got = fold_numpy(Node(proto, 17, 0), list(inputs))
    assert got is not None
    (want,) = run_node(proto, inputs, {"": 17})
    assert got[0].dtype == want.dtype and got[0].shape == want.shape
    assert got[0].tobytes() == want.tobytes()


def stacked_cache(layers: int = 3, *, index_of: Any = None) -> Any:
    """past [layers, 2, P, 8] (a stacked key cache) and x [2, 1, 8]: per layer
    Concat(Gather(past, l), x * (l + 1)) on axis 1, each layer's result an output; also past's
    last layer through Gather(past, -1) as an output of its own."""
    nodes: list[Any] = []
    inits: list[Any] = []
    outputs = []
    for layer in range(layers):
        index = index_of(layer) if index_of else layer
        inits += [numpy_helper.from_array(np.array(index, np.int64), f"i{layer}"),
                  numpy_helper.from_array(np.array(layer + 1, np.float32), f"s{layer}")]
        nodes += [helper.make_node("Gather", ["past", f"i{layer}"], [f"g{layer}"], axis=0),
                  helper.make_node("Mul", ["x", f"s{layer}"], [f"x{layer}"]),
                  helper.make_node("Concat", [f"g{layer}", f"x{layer}"], [f"y{layer}"], axis=1)]
        outputs.append(helper.make_tensor_value_info(f"y{layer}", TensorProto.FLOAT, None))
    inits.append(numpy_helper.from_array(np.array(-1, np.int64), "last"))
    nodes.append(helper.make_node("Gather", ["past", "last"], ["tail"], axis=0))
    outputs.append(helper.make_tensor_value_info("tail", TensorProto.FLOAT, None))
    graph = helper.make_graph(
        nodes, "stacked",
        [helper.make_tensor_value_info("past", TensorProto.FLOAT, [layers, 2, "p", 8]),
         helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 1, 8])], outputs, inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_a_layer_of_a_stacked_input_is_a_view_not_a_copy() -> None:
    """Gather(past, l) of a model input by a constant index along axis 0 is past[l], bound as its
    readers' graph input (DirectML binds the input's buffer at the slice's offset): no GATHER
    operator runs. A Gather that is a model output stays an operator (a returned array is never a
    view of an input); the results are the model's either way, at every past length."""
    session = pydml.onnx.InferenceSession(stacked_cache())
    rng = np.random.default_rng(4)
    for p in (3, 4, 5, 9):
        past = rng.standard_normal((3, 2, p, 8)).astype(np.float32)
        x = rng.standard_normal((2, 1, 8)).astype(np.float32)
        got = session.run(None, {"past": past, "x": x})
        for layer in range(3):
            want = np.concatenate([past[layer], x * (layer + 1)], axis=1)
            assert np.array_equal(got[layer], want), (p, layer)
        assert np.array_equal(got[3], past[-1]) and not np.shares_memory(got[3], past)
    views = [plan.views for plan in session._plans.values()]
    assert all(v == (("g0", "past", 0), ("g1", "past", 1), ("g2", "past", 2)) for v in views)
    gathers = [row for row in session.explain() if row.op_type == "Gather"]
    assert sum("a view of past" in " ".join(row.operators) for row in gathers) == 3
    assert [row.status for row in gathers] == ["dml"] * 4


def test_an_index_out_of_range_is_still_the_gathers_to_judge() -> None:
    """An index past the stacked input's first dimension is no view: that Gather lowers to GATHER as
    before (whose page decides what it reads); the other layers' Gathers are still views."""
    session = pydml.onnx.InferenceSession(stacked_cache(index_of=lambda layer: 7 if layer == 1 else layer))
    past = np.ones((3, 2, 4, 8), np.float32)
    session.run(None, {"past": past, "x": np.zeros((2, 1, 8), np.float32)})
    assert [plan.views for plan in session._plans.values()] == [(("g0", "past", 0), ("g2", "past", 2))]


def stacked_output(opset: int = 17) -> Any:
    """x [2, 3]: y_l = Relu(x * (l + 1)) for l < 3, stacked by Unsqueeze(axis 0) and Concat(axis 0)
    into the model output "stack"; y_0 also read by a Sigmoid (output "side")."""
    nodes: list[Any] = []
    inits = [numpy_helper.from_array(np.array([0], np.int64), "axes")]
    for layer in range(3):
        inits.append(numpy_helper.from_array(np.array(layer + 1, np.float32), f"s{layer}"))
        nodes += [helper.make_node("Mul", ["x", f"s{layer}"], [f"m{layer}"]),
                  helper.make_node("Relu", [f"m{layer}"], [f"y{layer}"]),
                  helper.make_node("Unsqueeze", [f"y{layer}", "axes"], [f"u{layer}"]) if opset >= 13
                  else helper.make_node("Unsqueeze", [f"y{layer}"], [f"u{layer}"], axes=[0])]
    nodes += [helper.make_node("Concat", ["u0", "u1", "u2"], ["stack"], axis=0),
              helper.make_node("Sigmoid", ["y0"], ["side"])]
    graph = helper.make_graph(
        nodes, "stacked", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, "n"])],
        [helper.make_tensor_value_info("stack", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("side", TensorProto.FLOAT, None)], inits if opset >= 13 else inits[1:])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


@pytest.mark.parametrize("opset", [11, 17])
def test_a_stacked_output_is_written_in_place(opset: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Concat(axis 0) of Unsqueeze(axis 0)s of computed values, a model output (a decoder's present
    cache, each layer's joined cache stacked): each value is a graph output bound to its slice of
    the output, so no JOIN copies them again; a value another node reads (y0) is read from there.
    The results are the model's, at every length (plans patched from a template too)."""
    session = pydml.onnx.InferenceSession(stacked_output(opset))
    copies: list[Any] = []
    copyto = np.copyto
    monkeypatch.setattr(np, "copyto", lambda *a, **k: (copies.append(a), copyto(*a, **k)))
    rng = np.random.default_rng(6)
    for n in (3, 4, 5, 6, 11):
        x = rng.standard_normal((2, n)).astype(np.float32)
        stack, side = session.run(None, {"x": x})
        want = np.stack([np.maximum(x * (k + 1), 0) for k in range(3)])
        assert stack.shape == (3, 2, n) and np.array_equal(stack, want), n
        np.testing.assert_allclose(side, 1 / (1 + np.exp(-np.maximum(x, 0))), rtol=1e-6)
    assert all(plan.stacks and plan.stacks[0][:2] == ("stack", ("y0", "y1", "y2")) for plan in session._plans.values())
    joins = [row for row in session.explain() if row.op_type in ("Concat", "Unsqueeze")]
    assert len(joins) == 4 and all("stacked in place" in " ".join(row.operators) for row in joins)
    # written by the graphs into the output's slices: nothing copied them there afterwards
    assert copies == []


def test_a_stack_with_a_constant_value_is_joined_as_the_provider_joins_it() -> None:
    """One of the stacked values depends on constants only (folded before lowering): the output is
    not stacked in place, the Concat lowers to its JOIN, and the result is the model's."""
    model = stacked_output()
    c = numpy_helper.from_array(np.arange(6, dtype=np.float32).reshape(2, 3) - 2, "c")
    model.graph.initializer.append(c)
    for node in model.graph.node:
        if list(node.output) == ["m1"]:
            node.input[0] = "c"
    session = pydml.onnx.InferenceSession(model)
    x = np.random.default_rng(7).standard_normal((2, 3)).astype(np.float32)
    stack, _ = session.run(None, {"x": x})
    want = np.stack([np.maximum(x, 0), np.maximum((np.arange(6).reshape(2, 3) - 2) * 2.0, 0), np.maximum(x * 3, 0)])
    assert np.array_equal(stack, want.astype(np.float32))
    assert [plan.stacks for plan in session._plans.values()] == [()]


def test_plans_with_private_gemms_share_one_packing_of_a_weight() -> None:
    """Two MatMuls of one row and one shape (a decoder's layers: its GEMVs) share one GEMM operator,
    which each plan's graph copies for the second node, whose weights differ (graph.c
    private_operators); a one-row GEMM packs its weights at initialization (gemm.c's panels for a
    few rows). Plans of several input signatures initialize those copies from the same read-only
    weights: they hold one packing between them (pydml_debug_shared_panels: an entry per weight,
    a reference per operator holding it) instead of packing again per plan, each plan gives the
    right products, and the packings go with the last plan holding them."""
    import gc

    from pydml.native import ffi, isa_path, lib

    if isa_path() == "portable":
        pytest.skip("the portable path streams a one-row GEMM's weights in place: nothing is packed")
    cells = [ffi.new("uint64_t*") for _ in range(2)]

    def shared() -> tuple[int, int]:
        lib.pydml_debug_shared_panels(*cells)
        return int(cells[0][0]), int(cells[1][0])

    rng = np.random.default_rng(10)
    ws = [numpy_helper.from_array(rng.standard_normal((64, 48)).astype(np.float32), f"w{i}") for i in (1, 2)]
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w1"], ["y1"]), helper.make_node("MatMul", ["x", "w2"], ["y2"]),
         helper.make_node("Relu", ["z"], ["r"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 64]),
         helper.make_tensor_value_info("z", TensorProto.FLOAT, ["n"])],
        [helper.make_tensor_value_info(name, TensorProto.FLOAT, None) for name in ("y1", "y2", "r")], ws)
    start = shared()
    sess = pydml.onnx.InferenceSession(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    w1, w2 = sess._initializers["w1"], sess._initializers["w2"]
    x = rng.standard_normal((1, 64)).astype(np.float32)
    for n in (3, 5, 7):
        for _ in range(2):
            y1, y2, r = sess.run(None, {"x": x, "z": np.arange(n, dtype=np.float32) - 2})
            np.testing.assert_allclose(y1, x.astype(np.float64) @ w1, rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(y2, x.astype(np.float64) @ w2, rtol=1e-5, atol=1e-5)
            np.testing.assert_array_equal(r, np.maximum(np.arange(n) - 2, 0))
    # w1: the shared operator's one packing; w2: one packing for the three plans' private copies
    assert shared() == (start[0] + 2, start[1] + 4)
    del sess
    gc.collect()
    assert shared() == start
