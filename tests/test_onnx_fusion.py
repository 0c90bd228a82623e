"""pydml/onnx/fusion.py: ONNX Runtime's level-2 fusions for the DirectML provider (GeluFusion,
MatMulScaleFusion), one GEMM for a MatMul whose B the batch shares, and the graph profile.

References: float64 numpy / math.erf from each op's formula; outputs compared at float32
tolerance; NaN-poisoned inputs flow where the formula says."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from ew_harness import same_bits_from_threads
from numpy.lib.stride_tricks import as_strided

import pydml
import pydml.onnx
from pydml.onnx._deps import onnx
from pydml.onnx.lowering import Source, View, packed_strides, reshape_view

helper = onnx().helper
TensorProto = onnx().TensorProto
numpy_helper = onnx().numpy_helper


def _const(name: str, value: float, dtype: Any = np.float32) -> Any:
    array = np.array(value, dtype=dtype)
    return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(array))


def gelu_model(elem: int = TensorProto.FLOAT, half_first: bool = False) -> Any:
    """torch's exported GELU: Div(x, sqrt 2), Erf, Add 1, Mul x, Mul 0.5 (or x * 0.5 first)."""
    dtype = np.float32 if elem == TensorProto.FLOAT else np.float64
    nodes = [
        _const("sqrt2", math.sqrt(2.0), dtype), _const("one", 1.0, dtype), _const("half", 0.5, dtype),
        helper.make_node("Relu", ["x"], ["r"], name="relu"),
        helper.make_node("Div", ["r", "sqrt2"], ["d"], name="div"),
        helper.make_node("Erf", ["d"], ["e"], name="erf"),
        helper.make_node("Add", ["e", "one"], ["a"], name="add"),
    ]
    if half_first:
        nodes += [helper.make_node("Mul", ["r", "half"], ["h"], name="half"),
                  helper.make_node("Mul", ["h", "a"], ["y"], name="mul")]
    else:
        nodes += [helper.make_node("Mul", ["r", "a"], ["m"], name="mul"),
                  helper.make_node("Mul", ["m", "half"], ["y"], name="half")]
    graph = helper.make_graph(nodes, "gelu", [helper.make_tensor_value_info("x", elem, [2, 3, 8])],
                              [helper.make_tensor_value_info("y", elem, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def _gelu64(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    r = np.maximum(x.astype(np.float64), 0)
    erf = np.vectorize(math.erf)
    return np.asarray(r * 0.5 * (1 + erf(r / math.sqrt(2))))


@pytest.mark.parametrize("half_first", [False, True])
def test_gelu_pattern_is_one_activation_gelu(half_first: bool) -> None:
    sess = pydml.onnx.InferenceSession(gelu_model(half_first=half_first))
    rows = {r.node: r for r in sess.explain()}
    last = "mul" if half_first else "half"
    assert rows[last].op_type == "Gelu" and rows[last].operators == ["ACTIVATION_GELU"]
    for name in ("div", "erf", "add", "half" if half_first else "mul"):
        assert rows[name].operators == [f"(GeluFusion: part of {last}'s Gelu)"]
    x = np.random.default_rng(0).standard_normal((2, 3, 8)).astype(np.float32) * 3
    x[1, 2, 5] = np.nan
    (y,) = sess.run(None, {"x": x})
    np.testing.assert_allclose(y, _gelu64(x), rtol=1e-5, atol=1e-6)
    assert np.isnan(y[1, 2, 5]) and np.isnan(y).sum() == 1


def test_gelu_pattern_read_elsewhere_is_not_fused() -> None:
    model = gelu_model()
    model.graph.output.append(helper.make_tensor_value_info("e", TensorProto.FLOAT, None))
    sess = pydml.onnx.InferenceSession(model)
    rows = {r.node: r.operators for r in sess.explain()}
    assert rows["erf"] == ["ELEMENT_WISE_ERF"] and rows["half"] == ["ELEMENT_WISE_MULTIPLY"]
    x = np.random.default_rng(1).standard_normal((2, 3, 8)).astype(np.float32)
    y, e = sess.run(None, {"x": x})
    erf = np.vectorize(math.erf)
    np.testing.assert_allclose(e, erf(np.maximum(x, 0) / math.sqrt(2)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(y, _gelu64(x), rtol=1e-5, atol=1e-6)


def test_gelu_fusion_unfused_when_the_level_lacks_gelu() -> None:
    """ACTIVATION_GELU is feature level 5_1: below it the fused node lowers its own nodes."""
    sess = pydml.onnx.InferenceSession(gelu_model(), feature_level="4_1")
    rows = {r.node: r.operators for r in sess.explain()}
    assert "ACTIVATION_GELU" not in rows["half"] and "ELEMENT_WISE_ERF" in rows["half"]
    x = np.random.default_rng(2).standard_normal((2, 3, 8)).astype(np.float32)
    np.testing.assert_allclose(sess.run(None, {"x": x})[0], _gelu64(x), rtol=1e-5, atol=1e-6)


def test_gelu_fusion_falls_back_node_by_node() -> None:
    """A fused node that cannot run at all: with fallback="reference" its own nodes run there."""
    sess = pydml.onnx.InferenceSession(gelu_model(TensorProto.DOUBLE), fallback="reference")
    x = np.random.default_rng(3).standard_normal((2, 3, 8))
    (y,) = sess.run(None, {"x": x})
    np.testing.assert_allclose(y, _gelu64(x), rtol=1e-7, atol=1e-7)  # onnx.reference's own erf
    assert [label.split('"')[1] for label, _ in sess.reference_nodes] == ["relu", "div", "erf", "add", "mul",
                                                                         "half"]
    rows = [(r.node, r.status) for r in sess.explain() if r.status != "folded"]
    assert rows == [(n, "reference") for n in ("relu", "div", "erf", "add", "mul", "half")]
    with pytest.raises(pydml.onnx.session.UnsupportedNodeError, match=r'^node "relu" \(Relu, opset 17\)'):
        pydml.onnx.InferenceSession(gelu_model(TensorProto.DOUBLE)).run(None, {"x": x})
    model = gelu_model(TensorProto.DOUBLE)
    model.graph.node[3].op_type = "Identity"  # the fused nodes' own first failure is the one named
    with pytest.raises(pydml.onnx.session.UnsupportedNodeError, match=r'^node "div" \(Div, opset 17\)'):
        pydml.onnx.InferenceSession(model).run(None, {"x": x})


def scale_model(op: str) -> Any:
    """q @ k^T scaled by a constant computed from k's shape (as torch exports sqrt(d))."""
    nodes = [
        helper.make_node("Shape", ["k"], ["s"], start=-1),
        helper.make_node("Cast", ["s"], ["sf"], to=TensorProto.FLOAT),
        _const("p", 0.5 if op == "Div" else -0.5),
        helper.make_node("Pow", ["sf", "p"], ["scale1"]),
        helper.make_node("Squeeze", ["scale1"], ["scale"]),
        helper.make_node("Transpose", ["k"], ["kt"], perm=[0, 2, 1]),
        helper.make_node("MatMul", ["q", "kt"], ["qk"], name="qk"),
        helper.make_node(op, ["qk", "scale"], ["y"], name="scale_op"),
    ]
    graph = helper.make_graph(
        nodes, "scale",
        [helper.make_tensor_value_info("q", TensorProto.FLOAT, [2, 5, 16]),
         helper.make_tensor_value_info("k", TensorProto.FLOAT, [2, 7, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


@pytest.mark.parametrize("op", ["Div", "Mul"])
def test_matmul_scale_is_the_gemm_alpha(op: str) -> None:
    sess = pydml.onnx.InferenceSession(scale_model(op))
    rows = {r.node: r for r in sess.explain()}
    assert rows["qk"].op_type == "FusedMatMul" and rows["qk"].operators == ["GEMM"]
    assert rows["scale_op"].operators == ["(MatMulScaleFusion: part of qk's FusedMatMul)"]
    rng = np.random.default_rng(4)
    q = rng.standard_normal((2, 5, 16)).astype(np.float32)
    k = rng.standard_normal((2, 7, 16)).astype(np.float32)
    q[0, 1, 2] = np.nan
    (y,) = sess.run(None, {"q": q, "k": k})
    want = q.astype(np.float64) @ k.astype(np.float64).transpose(0, 2, 1) / 4.0
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)
    assert np.isnan(y[0, 1]).all() and np.isnan(y).sum() == 7
    gemm = _gemm_descs(sess)[0]
    assert gemm.Alpha == 0.25


def _gemm_descs(sess: Any) -> list[Any]:
    plan = next(iter(sess._plans.values()))
    out = []
    for step in plan.steps:
        for node in step.graph.desc.Nodes:
            desc = getattr(getattr(getattr(node, "Desc", node), "Operator", None), "desc", None)
            if type(desc).__name__ == "GemmOperatorDesc":
                out.append(desc)
    return out


def test_shared_weights_make_one_gemm_over_the_batch_rows() -> None:
    """[2, 3, 4, 8] @ [8, 5] + bias: one GEMM of 24 rows with the bias as CTensor (the batch shares
    B), its results equal to the batched GEMM's bits; a B per batch element stays batched."""
    rng = np.random.default_rng(6)
    w = numpy_helper.from_array(rng.standard_normal((8, 5)).astype(np.float32), "w")
    bias = numpy_helper.from_array(rng.standard_normal((5,)).astype(np.float32), "bias")
    nodes = [helper.make_node("MatMul", ["x", "w"], ["m"], name="mm"),
             helper.make_node("Add", ["m", "bias"], ["y"], name="bias_add"),
             helper.make_node("MatMul", ["x", "wb"], ["y2"], name="batched")]
    graph = helper.make_graph(
        nodes, "rows",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4, 8]),
         helper.make_tensor_value_info("wb", TensorProto.FLOAT, [3, 8, 5])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("y2", TensorProto.FLOAT, None)], [w, bias])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    sess = pydml.onnx.InferenceSession(model)
    x = rng.standard_normal((2, 3, 4, 8)).astype(np.float32)
    wb = rng.standard_normal((3, 8, 5)).astype(np.float32)
    x[1, 0, 2, 3] = np.nan
    y, y2 = sess.run(None, {"x": x, "wb": wb})
    rows = {r.node: r.operators for r in sess.explain()}
    assert rows["mm"] == ["GEMM (+ Add as CTensor)"]
    one, batched = _gemm_descs(sess)
    assert list(one.ATensor.Desc.Sizes) == [1, 1, 24, 8] and list(one.CTensor.Desc.Sizes) == [1, 1, 24, 5]
    assert list(batched.ATensor.Desc.Sizes) == [2, 3, 4, 8]
    want = x.astype(np.float64) @ numpy_helper.to_array(w).astype(np.float64) + numpy_helper.to_array(bias)
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)
    assert np.isnan(y[1, 0, 2]).all() and np.isnan(y).sum() == 5
    np.testing.assert_allclose(y2, x.astype(np.float64) @ wb.astype(np.float64), rtol=1e-5, atol=1e-5)
    # the same products as the batched GEMM, bit for bit
    dev = pydml.Device()
    a = pydml.buffer_desc("FLOAT32", [1, 6, 4, 8])
    b = pydml.buffer_desc("FLOAT32", [1, 6, 8, 5], strides=[0, 0, 5, 1], TotalTensorSizeInBytes=160)
    c = pydml.buffer_desc("FLOAT32", [1, 6, 4, 5], strides=[0, 0, 0, 1], TotalTensorSizeInBytes=20)
    op = dev.create_operator(pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=a, BTensor=b, CTensor=c, OutputTensor=pydml.buffer_desc("FLOAT32", [1, 6, 4, 5]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=1.0))
    ref = op.execute({"ATensor": x.reshape(1, 6, 4, 8),
                      "BTensor": numpy_helper.to_array(w).reshape(1, 1, 8, 5),
                      "CTensor": numpy_helper.to_array(bias).reshape(1, 1, 1, 5)})
    ref = ref["OutputTensor"] if isinstance(ref, dict) else ref
    assert np.array_equal(np.asarray(ref).reshape(y.shape), y, equal_nan=True)


def test_reshape_view_by_strides_matches_numpy() -> None:
    rng = np.random.default_rng(7)
    seen = 0
    for _ in range(400):
        rank = int(rng.integers(1, 5))
        shape = tuple(int(n) for n in rng.integers(1, 4, rank))
        perm = rng.permutation(rank)
        packed = packed_strides(shape)
        strides = tuple(0 if rng.random() < 0.2 else packed[p] for p in perm)
        sizes = tuple(shape[p] for p in perm)
        base = np.arange(math.prod(shape) + 1, dtype=np.int64)
        array = as_strided(base, sizes, tuple(s * 8 for s in strides))
        total = math.prod(sizes)
        target: list[int] = []
        left = total
        while left > 1:
            d = int(rng.choice([f for f in range(2, left + 1) if left % f == 0]))
            target.append(d)
            left //= d
        target.insert(int(rng.integers(0, len(target) + 1)), 1)
        got = reshape_view(View(Source("input", 0), 1, sizes, strides), target)
        if got is None:
            continue
        seen += 1
        assert np.array_equal(as_strided(base, got.shape, tuple(s * 8 for s in got.strides)),
                              array.reshape(target))
    assert seen > 200


def test_graph_profile_times_each_step() -> None:
    """CompiledGraph.profile / step_times: one entry per step, in execution order, summed."""
    sess = pydml.onnx.InferenceSession(scale_model("Div"))
    feed = {"q": np.ones((2, 5, 16), np.float32), "k": np.ones((2, 7, 16), np.float32)}
    sess.run(None, feed)
    graph = next(iter(sess._plans.values())).steps[0].graph
    assert graph.step_times() == []
    for cpu in (False, True):
        graph.profile(cpu=cpu)
        sess.run(None, feed)
        sess.run(None, feed)
        times = graph.step_times()
        assert [node for node, _ in times] == graph.execution_order
        assert all(t >= 0 for _, t in times) and sum(t for _, t in times) > 0
    graph.profile(False)
    assert graph.step_times() == []


def test_graph_profile_switched_while_executing() -> None:
    """Profiling switched on and off from one thread while others execute the graph: no crash, the
    outputs unchanged (the sums are allocated once and kept until the graph is released)."""
    sess = pydml.onnx.InferenceSession(scale_model("Div"))
    feed = {"q": np.ones((2, 5, 16), np.float32), "k": np.ones((2, 7, 16), np.float32)}
    expected = sess.run(None, feed)[0].tobytes()
    graph = next(iter(sess._plans.values())).steps[0].graph

    def toggle() -> None:
        graph.profile(cpu=True)
        assert all(t >= 0 for _, t in graph.step_times())
        graph.profile(False)

    same_bits_from_threads(lambda: sess.run(None, feed)[0].tobytes(), expected, threads=2, repeats=20,
                           meanwhile=toggle, meanwhile_repeats=40)


def two_convs() -> Any:
    rng = np.random.default_rng(8)
    w1 = numpy_helper.from_array(rng.standard_normal((4, 4, 3, 3)).astype(np.float32), "w1")
    w2 = numpy_helper.from_array(rng.standard_normal((4, 4, 3, 3)).astype(np.float32), "w2")
    nodes = [helper.make_node("Conv", ["x", "w1"], ["a"], pads=[1, 1, 1, 1], name="c1"),
             helper.make_node("Conv", ["a", "w2"], ["y"], pads=[1, 1, 1, 1], name="c2")]
    graph = helper.make_graph(nodes, "convs",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 6, 6])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], [w1, w2])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_nodes_sharing_an_operator_keep_their_own_packed_weights() -> None:
    """Two Conv nodes of one desc share one compiled operator; each node still packs its filter
    once (at initialize), not at every execution: the graph gives the second its own copy."""
    import torch

    from pydml.native import ffi, lib

    model = two_convs()
    sess = pydml.onnx.InferenceSession(model)
    x = np.random.default_rng(9).standard_normal((1, 4, 6, 6)).astype(np.float32)
    sess.run(None, {"x": x})
    counts = ffi.new("uint64_t[3]")
    lib.pydml_debug_convolution_stats(counts, counts + 1, counts + 2)
    before = [int(counts[i]) for i in range(3)]
    (y,) = sess.run(None, {"x": x})
    lib.pydml_debug_convolution_stats(counts, counts + 1, counts + 2)
    assert [int(counts[i]) - before[i] for i in range(2)] == [2, 0]  # prepared, packed at execution
    w1, w2 = (torch.from_numpy(numpy_helper.to_array(t).astype(np.float64)) for t in model.graph.initializer)
    want = torch.nn.functional.conv2d(torch.nn.functional.conv2d(torch.from_numpy(x).double(), w1, padding=1),
                                      w2, padding=1)
    np.testing.assert_allclose(y, want.numpy(), rtol=1e-5, atol=1e-4)


def test_a_session_in_a_garbage_cycle_is_collected_safely() -> None:
    """A graph released by the cycle collector (or at exit) after its operators' Python objects:
    the graph's release still finds its operators alive (it makes them forget their preparations)."""
    import subprocess
    import sys

    code = (
        "import gc, sys, numpy as np, pydml.onnx\n"
        f"sys.path.insert(0, {str(__file__.rsplit('/', 1)[0])!r})\n"
        "from test_onnx_fusion import two_convs\n"
        "for _ in range(3):\n"
        "    s = pydml.onnx.InferenceSession(two_convs())\n"
        "    s.run(None, {'x': np.ones((1, 4, 6, 6), np.float32)})\n"
        "    s.cycle = s\n"
        "    del s\n"
        "    gc.collect()\n"
        "s = pydml.onnx.InferenceSession(two_convs())\n"
        "s.run(None, {'x': np.ones((1, 4, 6, 6), np.float32)})\n"
        "s.cycle = s\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_scale_that_broadcasts_the_product_up_is_not_fused() -> None:
    """MatMul [5, 16] x [16, 7] times a [1, 1, 1] constant is [1, 5, 7]: not the GEMM's Alpha."""
    scale = numpy_helper.from_array(np.full((1, 1, 1), 0.5, np.float32), "scale")
    nodes = [helper.make_node("MatMul", ["q", "k"], ["qk"], name="qk"),
             helper.make_node("Mul", ["qk", "scale"], ["y"], name="scale_op")]
    graph = helper.make_graph(
        nodes, "grow",
        [helper.make_tensor_value_info("q", TensorProto.FLOAT, [5, 16]),
         helper.make_tensor_value_info("k", TensorProto.FLOAT, [16, 7])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], [scale])
    sess = pydml.onnx.InferenceSession(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    rows = {r.node: r for r in sess.explain()}
    assert rows["qk"].op_type == "MatMul" and rows["scale_op"].operators == ["ELEMENT_WISE_MULTIPLY"]
    rng = np.random.default_rng(10)
    q, k = rng.standard_normal((5, 16)).astype(np.float32), rng.standard_normal((16, 7)).astype(np.float32)
    (y,) = sess.run(None, {"q": q, "k": k})
    assert y.shape == (1, 5, 7)
    np.testing.assert_allclose(y[0], q.astype(np.float64) @ k.astype(np.float64) * 0.5, rtol=1e-5, atol=1e-5)


def masked_scores_model(scores_out: bool = False) -> Any:
    """scale_model's (q @ k^T) / sqrt(16), then + a mask broadcast over the rows (the attention
    scores Hugging Face exports); with ``scores_out`` the scaled product is a graph output too."""
    model = scale_model("Div")
    graph = model.graph
    graph.node.append(helper.make_node("Add", ["y", "mask"], ["z"], name="mask_add"))
    graph.input.append(helper.make_tensor_value_info("mask", TensorProto.FLOAT, [2, 1, 7]))
    del graph.output[:]
    graph.output.append(helper.make_tensor_value_info("z", TensorProto.FLOAT, None))
    if scores_out:
        graph.output.append(helper.make_tensor_value_info("y", TensorProto.FLOAT, None))
    return model


def test_mask_add_after_a_scaled_matmul_is_the_gemm_ctensor() -> None:
    """FusedMatMul + Add (past the folded scale's nodes): one GEMM with the mask as CTensor, Beta 1
    (pydml's own fusion; the provider runs the Add alone): the same bits as the Add run alone."""
    sess = pydml.onnx.InferenceSession(masked_scores_model())
    rows = {r.node: r for r in sess.explain()}
    assert rows["qk"].op_type == "FusedMatMul" and rows["qk"].operators == ["GEMM (+ Add as CTensor)"]
    assert rows["mask_add"].operators == ["(CTensor of qk's GEMM: MatMulAddFusion)"]
    alone = pydml.onnx.InferenceSession(masked_scores_model(scores_out=True))
    assert {r.node: r for r in alone.explain()}["mask_add"].operators == ["ELEMENT_WISE_ADD"]
    rng = np.random.default_rng(11)
    q = rng.standard_normal((2, 5, 16)).astype(np.float32)
    k = rng.standard_normal((2, 7, 16)).astype(np.float32)
    mask = np.where(rng.random((2, 1, 7)) < 0.3, -10000.0, 0.0).astype(np.float32)
    q[1, 3, 0] = np.nan
    mask[0, 0, 4] = np.nan
    feed = {"q": q, "k": k, "mask": mask}
    (z,) = sess.run(None, feed)
    want = q.astype(np.float64) @ k.astype(np.float64).transpose(0, 2, 1) / 4.0 + mask
    nan = np.isnan(want)
    assert nan.sum() == 7 + 5 and np.array_equal(np.isnan(z), nan)
    np.testing.assert_allclose(z[~nan], want[~nan], rtol=1e-5, atol=1e-5)
    z_alone, _ = alone.run(None, feed)
    assert z.tobytes() == z_alone.tobytes()
    gemm = _gemm_descs(sess)[0]
    assert gemm.Alpha == 0.25 and gemm.Beta == 1.0 and gemm.CTensor is not None


def test_transposed_activation_makes_one_gemm_over_its_rows() -> None:
    """torch's MultiheadAttention (batch_first) projects [S, B, E], a transposed view of the
    model's [B, S, E]: its rows are evenly strided only batch-innermost, so one GEMM of S B rows
    takes them in that order (its output read back through transposed strides) with the bias as
    CTensor, instead of S GEMMs of B rows; the results the float64 product's."""
    rng = np.random.default_rng(9)
    w = numpy_helper.from_array(rng.standard_normal((16, 24)).astype(np.float32), "w")
    bias = numpy_helper.from_array(rng.standard_normal((24,)).astype(np.float32), "bias")
    nodes = [helper.make_node("Transpose", ["x"], ["t"], perm=[1, 0, 2], name="to_sbe"),
             helper.make_node("MatMul", ["t", "w"], ["m"], name="mm"),
             helper.make_node("Add", ["m", "bias"], ["y"], name="bias_add")]
    graph = helper.make_graph(
        nodes, "proj", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 10, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], [w, bias])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    sess = pydml.onnx.InferenceSession(model)
    x = rng.standard_normal((3, 10, 16)).astype(np.float32)
    (y,) = sess.run(None, {"x": x})
    want = x.transpose(1, 0, 2).astype(np.float64) @ numpy_helper.to_array(w).astype(np.float64)
    want += numpy_helper.to_array(bias)
    assert y.shape == (10, 3, 24)
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)
    rows = {r.node: r.operators for r in sess.explain()}
    assert rows["mm"] == ["GEMM (+ Add as CTensor)"]
    (gemm,) = _gemm_descs(sess)
    assert list(gemm.ATensor.Desc.Sizes) == [1, 1, 30, 16] and list(gemm.CTensor.Desc.Sizes) == [1, 1, 30, 24]
