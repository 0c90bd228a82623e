"""Plans by template (pydml/onnx/template.py): a decoder step whose past grows by one each token
gets each new plan by patching the numbers of earlier plans, after two full builds and a third
that confirmed the prediction. The patched plans compute what full builds compute, bit for bit;
a dimension that is not affine (a strided slice), a size of 1, or a desc the device refuses
gets a full build (which reports the refusal)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import pydml  # noqa: E402
import pydml.onnx  # noqa: E402
from pydml.onnx import template  # noqa: E402
from pydml.onnx.session import InferenceSession, UnsupportedNodeError  # noqa: E402

D = 16


def attention_step() -> Any:
    """x [1, 1, D] and a cache past [1, L, D]: kv = Concat(past, x W); softmax(x kv^T / 4) kv."""
    rng = np.random.default_rng(0)
    w = numpy_helper.from_array(rng.standard_normal((D, D)).astype(np.float32) / 4, "w")
    scale = numpy_helper.from_array(np.array(4.0, np.float32), "scale")
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["xw"]),
        helper.make_node("Concat", ["past", "xw"], ["kv"], axis=1),
        helper.make_node("Transpose", ["kv"], ["kvt"], perm=[0, 2, 1]),
        helper.make_node("MatMul", ["x", "kvt"], ["scores"]),
        helper.make_node("Div", ["scores", "scale"], ["scaled"]),
        helper.make_node("Softmax", ["scaled"], ["probs"], axis=-1),
        helper.make_node("MatMul", ["probs", "kv"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes, "step",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, D]),
         helper.make_tensor_value_info("past", TensorProto.FLOAT, [1, "past", D])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("kv", TensorProto.FLOAT, None)],
        [w, scale])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def strided_slice() -> Any:
    """x [1, L] -> every second element -> Sigmoid: sizes ceil(L / 2), not affine in L."""
    inits = [numpy_helper.from_array(np.array(v, np.int64), n)
             for n, v in (("starts", [0]), ("ends", [1 << 30]), ("axes", [1]), ("steps", [2]))]
    nodes = [helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"], ["s"]),
             helper.make_node("Sigmoid", ["s"], ["y"])]
    graph = helper.make_graph(nodes, "slice",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, "n"])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def sliding_window(window: int) -> Any:
    """past [1, L, D] -> its last ``window`` rows (Slice from -window) -> Sigmoid: min(L, window)
    rows, affine in L only below the window."""
    inits = [numpy_helper.from_array(np.array(v, np.int64), n)
             for n, v in (("starts", [-window]), ("ends", [1 << 40]), ("axes", [1]))]
    nodes = [helper.make_node("Slice", ["past", "starts", "ends", "axes"], ["win"]),
             helper.make_node("Sigmoid", ["win"], ["y"])]
    graph = helper.make_graph(nodes, "window",
                              [helper.make_tensor_value_info("past", TensorProto.FLOAT, [1, "past", D])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def counting_builds(session: InferenceSession, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    builds = [0]
    original = session._build

    def build(*args: Any, **kwargs: Any) -> Any:
        builds[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(session, "_build", build)
    return builds


def step_feed(rng: np.random.Generator, past: int) -> dict[str, np.ndarray[Any, Any]]:
    return {"x": rng.standard_normal((1, 1, D)).astype(np.float32),
            "past": rng.standard_normal((1, past, D)).astype(np.float32)}


def test_patched_plans_compute_what_full_builds_compute(monkeypatch: pytest.MonkeyPatch) -> None:
    model = attention_step()
    patched = InferenceSession(model)
    full = InferenceSession(model, shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(1)
    pasts = [*range(4, 30), 57, 200, 2, 3]
    for past in pasts:
        feed = step_feed(rng, past)
        got, want = patched.run(None, feed), full.run(None, feed)
        for a, b in zip(got, want, strict=True):
            assert a.shape == b.shape and np.array_equal(a, b), past
        # the model, independently: numpy in float64
        kv = np.concatenate([feed["past"], feed["x"] @ numpy_helper.to_array(model.graph.initializer[0])], 1)
        scores = (feed["x"].astype(np.float64) @ kv.transpose(0, 2, 1)) / 4
        probs = np.exp(scores - scores.max(-1, keepdims=True))
        probs /= probs.sum(-1, keepdims=True)
        np.testing.assert_allclose(got[0], probs @ kv, rtol=1e-4, atol=1e-5)
    # two builds to fit, a third to confirm; every other past patched
    assert builds[0] == 3
    assert len(patched._plans) == len(pasts)


def changed_nodes(session: InferenceSession, past: int) -> tuple[Any, list[int]]:
    """The graph of ``session``'s plan for ``past`` and the nodes whose operators differ from its
    template's sample (the last full build)."""
    family = next(iter(session._families.values()))
    base = family.builds[-1][1].steps[0].graph
    graph = session._plans[((1, 1, D), (1, past, D))].steps[0].graph
    return graph, [i for i, (a, b) in enumerate(zip(graph._nodes, base._nodes, strict=True)) if a.kernel is not b.kernel]


def test_patched_plans_make_their_changed_operators_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patched plan's operators that change are made by their OperatorFit (one C call, no Python
    desc until one is asked for) and its graph compiled from the sample's C desc; their descs are
    the full build's."""
    model = attention_step()
    patched, full = InferenceSession(model), InferenceSession(model, shape_templates=False)
    rng = np.random.default_rng(8)
    for past in range(4, 12):
        feed = step_feed(rng, past)
        for a, b in zip(patched.run(None, feed), full.run(None, feed), strict=True):
            assert np.array_equal(a, b)
    graph, changed = changed_nodes(patched, 11)
    assert changed and all(graph._nodes[i].kernel._desc is None for i in changed)
    assert graph._marshalled is not None
    assert graph._like is next(iter(patched._families.values())).builds[-1][1].steps[0].graph  # compiled like it
    reference = full._plans[((1, 1, D), (1, 11, D))].steps[0].graph
    for i in changed:
        assert graph._nodes[i].kernel.desc == reference._nodes[i].kernel.desc


def test_a_patched_plan_takes_the_samples_bindings_and_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a patched plan shares with its template's sample rather than making again (a decoder
    pays it at every new past length): the sample step's bound inputs (the same arrays: the
    template's constants do not vary), its replaced nodes' C names (one copy per set of nodes), its
    owned weights' marshalled buffers, and no input size read from C for an input no run binds
    (the owned weights)."""
    model = attention_step()
    patched, full = InferenceSession(model), InferenceSession(model, shape_templates=False)
    as_base = [0]
    original = pydml.graph.CompiledGraph.initialize_as

    def counted(self: Any, base: Any) -> bool:
        bound = original(self, base)
        as_base[0] += bound
        return bound

    monkeypatch.setattr(pydml.graph.CompiledGraph, "initialize_as", counted)
    rng = np.random.default_rng(12)
    for past in range(4, 12):
        feed = step_feed(rng, past)
        for a, b in zip(patched.run(None, feed), full.run(None, feed), strict=True):
            assert np.array_equal(a, b)
    family = next(iter(patched._families.values()))
    sample = family.builds[-1][1].steps[0]
    step = patched._plans[((1, 1, D), (1, 11, D))].steps[0]
    assert step.like is sample and step.bound is sample.bound and step.dynamic is sample.dynamic
    graph, changed = changed_nodes(patched, 11)
    c_nodes = graph._marshalled.c_nodes
    base_nodes = sample.graph._marshalled.c_nodes
    for i in changed:
        node = pydml.native.ffi.cast("DML_OPERATOR_GRAPH_NODE_DESC*", c_nodes[i].Desc)
        was = pydml.native.ffi.cast("DML_OPERATOR_GRAPH_NODE_DESC*", base_nodes[i].Desc)
        assert node.Name == was.Name and node.Operator == pydml.native.ffi.cast("IDMLOperator*",
                                                                               graph._nodes[i].kernel.handle)
    assert len(sample.graph._marshalled.inner_names) == 1
    owned = set(graph.owned_inputs)
    assert owned and all(graph._input_bytes[i] == -1 for i in owned)
    # its weights bound as the sample's graph marshalled them (5 of the 8 pasts were patched)
    assert as_base[0] == 5 and graph._borrowed_buffers[1] is sample.graph._borrowed_buffers[1]
    # a graph it was not compiled like: nothing bound, the caller initializes in full
    other = full._plans[((1, 1, D), (1, 11, D))].steps[0].graph
    assert not graph.initialize_as(other) and graph._borrowed_buffers[1] is sample.graph._borrowed_buffers[1]
    assert all(graph._input_bytes[i] > 0 for i, _ in step.dynamic)


def test_a_patched_graph_makes_its_desc_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patched plan whose graph varies only in operators (template.node_operators) is compiled
    from the operators alone: no GraphDesc is made until ``desc`` is read, and the desc then made
    holds the graph's own operators, with everything else the sample's (the same objects)."""
    model = attention_step()
    patched = InferenceSession(model)
    rng = np.random.default_rng(10)
    for past in range(4, 10):
        patched.run(None, step_feed(rng, past))
    family = next(iter(patched._families.values()))
    steps, *_ = template.items(family.template, 4)
    desc_template = template.items(template.items(steps, 1)[0], 4)[0]
    swapped = template.node_operators(desc_template)
    assert swapped
    graph, changed = changed_nodes(patched, 9)
    assert graph._desc is None and graph._make_desc is not None
    assert changed == [i for i, _ in swapped]
    base = family.builds[-1][1].steps[0].graph
    desc = graph.desc
    assert graph._make_desc is None and graph.desc is desc
    for name, _ in pydml.graph._LISTS:
        assert getattr(desc, name) is getattr(base.desc, name)
    for i, (node, was) in enumerate(zip(desc.Nodes, base.desc.Nodes, strict=True)):
        if i in changed:
            assert node.Operator is graph._nodes[i].kernel and node.Name == was.Name
        else:
            assert node is was
    # a base that kept no C desc: the desc is made and compiled in full (Device.compile_graph_replacing)
    kept, base._marshalled = base._marshalled, None
    try:
        again = patched.device.compile_graph_replacing(base, [(i, graph._nodes[i].kernel) for i in changed],
                                                       lambda: desc)
    finally:
        base._marshalled = kept
    assert again._like is None and again.desc is desc
    assert [node.kernel for node in again._nodes] == [node.kernel for node in graph._nodes]
    # (anything but operators varying: the desc is made in full and compiled like the base)
    assert template.node_operators(template._Const(base.desc)) is None
    assert template.node_operators(template._Obj(base.desc, (("InputEdges", template._Var(2, 1)),))) is None


def test_a_fit_that_mispredicts_leaves_the_python_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should C's fit of an operator not predict the confirming build, the template stays and that
    operator is made from its Python desc instead: plans still patched, still exact."""
    monkeypatch.setattr(pydml.device.OperatorFit, "predicts", lambda self, s, op: False)
    model = attention_step()
    patched, full = InferenceSession(model), InferenceSession(model, shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(9)
    for past in range(4, 10):
        feed = step_feed(rng, past)
        for a, b in zip(patched.run(None, feed), full.run(None, feed), strict=True):
            assert np.array_equal(a, b)
    assert builds[0] == 3
    graph, changed = changed_nodes(patched, 9)
    assert changed and all(graph._nodes[i].kernel._desc is not None for i in changed)


def test_a_session_keeps_its_most_recently_run_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decoder's step makes a plan per past length: the session keeps the _PLANS_KEPT most
    recently run (and at most OPERATORS_KEPT compiled operators), so a long generation does not
    keep them all. A plan run again moves last; an evicted signature is planned again, patched
    from the template, with the same results."""
    import pydml.onnx.lowering as lowering
    import pydml.onnx.session as session_module

    monkeypatch.setattr(session_module, "_PLANS_KEPT", 6)
    monkeypatch.setattr(lowering, "OPERATORS_KEPT", 10)
    model = attention_step()
    patched = InferenceSession(model)
    full = InferenceSession(model, shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(3)
    feeds = {past: step_feed(rng, past) for past in range(4, 24)}
    order = [*range(4, 24), 5, 23, 6, 7, 4]  # 4 and 5 (the template's samples) evicted, then run again
    for past in order:
        got, want = patched.run(None, feeds[past]), full.run(None, feeds[past])
        for a, b in zip(got, want, strict=True):
            assert np.array_equal(a, b), past
        assert len(patched._plans) <= 6
        assert len(patched._operators) <= 10
    kept = [key[1][1] for key in patched._plans]  # each kept signature's past length, oldest first
    assert kept == [22, 5, 23, 6, 7, 4]  # 23 run again moved after 5
    assert builds[0] == 3  # every later plan, evicted ones included, patched from the template


def test_runs_on_several_threads_share_the_bounded_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """One session run from four threads over more signatures than it keeps: plans move, get
    evicted and are planned again under the other threads' feet, and every run returns what a
    session without templates computes."""
    from concurrent.futures import ThreadPoolExecutor

    import pydml.onnx.session as session_module

    monkeypatch.setattr(session_module, "_PLANS_KEPT", 4)
    model = attention_step()
    shared = InferenceSession(model)
    full = InferenceSession(model, shape_templates=False)
    rng = np.random.default_rng(5)
    feeds = [step_feed(rng, past) for past in [*range(4, 20), *range(4, 20)]]
    want = [full.run(None, feed) for feed in feeds]
    shared.run(None, feeds[0]), shared.run(None, feeds[1]), shared.run(None, feeds[2])  # the template
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda feed: shared.run(None, feed), feeds))
    for g, w in zip(got, want, strict=True):
        for a, b in zip(g, w, strict=True):
            assert np.array_equal(a, b)
    assert len(shared._plans) <= 4


def test_a_size_of_one_is_built_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    patched = InferenceSession(attention_step())
    full = InferenceSession(attention_step(), shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(2)
    for past in (4, 5, 6, 7, 1):
        feed = step_feed(rng, past)
        for a, b in zip(patched.run(None, feed), full.run(None, feed), strict=True):
            assert np.array_equal(a, b)
    assert builds[0] == 4  # past 1: its tensors broadcast by zero strides, not a patched 2


def test_a_dimension_that_is_not_affine_is_never_patched(monkeypatch: pytest.MonkeyPatch) -> None:
    patched = InferenceSession(strided_slice())
    full = InferenceSession(strided_slice(), shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(3)
    lengths = list(range(4, 24))
    for n in lengths:
        x = rng.standard_normal((1, n)).astype(np.float32)
        (got,), (want,) = patched.run(None, {"x": x}), full.run(None, {"x": x})
        assert got.shape == (1, (n + 1) // 2) and np.array_equal(got, want), n
    assert builds[0] == len(lengths)  # each template's prediction was contradicted


def test_even_steps_of_a_halved_dimension_patch_and_odd_ones_build(monkeypatch: pytest.MonkeyPatch) -> None:
    patched = InferenceSession(strided_slice())
    full = InferenceSession(strided_slice(), shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(4)
    for n in (4, 6, 8, 10, 9, 12, 40):
        x = rng.standard_normal((1, n)).astype(np.float32)
        (got,), (want,) = patched.run(None, {"x": x}), full.run(None, {"x": x})
        assert got.shape == (1, (n + 1) // 2) and np.array_equal(got, want), n
    # 4, 6, 8 built (fit, confirm); 9 predicts a size of 4.5: built; 10, 12 and 40 patched
    assert builds[0] == 4


def test_a_desc_the_device_refuses_is_refused_for_a_patched_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    patched = InferenceSession(attention_step())
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(5)
    for past in (4, 5, 6, 7):
        patched.run(None, step_feed(rng, past))
    assert builds[0] == 3
    # a past whose kv tensor (1 x past x D elements) is past the device's element limit: the
    # patched desc fails create_operator, and the full build reports it
    patched.device.max_elements = 100 * D
    with pytest.raises(UnsupportedNodeError, match="limit"):
        patched.run(None, step_feed(rng, 200))
    assert builds[0] == 4
    patched.run(None, step_feed(rng, 50))


def test_fit_refuses_anything_but_integers_of_two_or_more() -> None:
    assert not template.varies(template.fit((3, 4.0, "a"), (3, 4.0, "a")))
    fitted = template.fit((3, [8, 5]), (3, [9, 5]))
    assert template.make(fitted, Fraction(2), lambda d: d) == (3, [11, 5])
    assert template.check(fitted, (3, [7, 5]), Fraction(-2))
    assert not template.check(fitted, (3, [8, 5]), Fraction(-2))
    for a, b in (((1.0,), (2.0,)), ((0.0,), (-0.0,)), ((1,), (2,)), ((2, 3), (2, 3, 4)), (("a",), ("b",)),
                 ((np.zeros(2),), (np.ones(2),))):
        with pytest.raises(template.NoFit):
            template.fit(a, b)
    with pytest.raises(template.NoFit):  # a prediction below 2 (or not whole) is no prediction
        template.make(template.fit((4,), (3,)), Fraction(2), lambda d: d)
    with pytest.raises(template.NoFit):
        template.make(template.fit((4,), (6,)), Fraction(1, 4), lambda d: d)
    assert template.parameter((4, 1, 8), (5, 1, 9), (7, 1, 11)) == 2
    assert template.parameter((4, 1, 8), (5, 1, 9), (7, 1, 12)) is None  # two free dimensions
    assert template.parameter((4, 1, 8), (5, 1, 9), (7, 2, 11)) is None


def test_shape_templates_off_builds_every_signature(monkeypatch: pytest.MonkeyPatch) -> None:
    full = pydml.onnx.InferenceSession(attention_step(), shape_templates=False)
    builds = counting_builds(full, monkeypatch)
    rng = np.random.default_rng(6)
    for past in range(4, 10):
        full.run(None, step_feed(rng, past))
    assert builds[0] == 6


def test_an_edge_list_compiled_again_is_marshalled_again_once_changed() -> None:
    """compile_graph reuses the C array of an edge list it marshalled (a patched plan's edges are
    its template's lists), but only while the list holds the same edge objects."""
    shape = [2, 4]
    t = pydml.buffer_desc("FLOAT32", shape)
    sub = pydml.DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t)
    inputs = [pydml.DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=0, ToNodeIndex=0, ToNodeInputIndex=0, Name="a"),
              pydml.DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=1, ToNodeIndex=0, ToNodeInputIndex=1, Name="b")]
    desc = pydml.DML_GRAPH_DESC(
        Nodes=[pydml.DML_OPERATOR_GRAPH_NODE_DESC(Operator=sub, Name="sub")], InputEdges=inputs,
        OutputEdges=[pydml.DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=0, FromNodeOutputIndex=0,
                                                      GraphOutputIndex=0, Name="c")])
    device = pydml.Device()
    a, b = np.arange(8, dtype=np.float32).reshape(shape), np.full(shape, 10, np.float32)
    for _ in range(2):  # the second compile reads the cached array
        (out,) = device.compile_graph(desc).execute([a, b])
        assert np.array_equal(out, a - b)
    inputs[0], inputs[1] = (dataclasses.replace(inputs[0], ToNodeInputIndex=1),
                            dataclasses.replace(inputs[1], ToNodeInputIndex=0))
    (out,) = device.compile_graph(desc).execute([a, b])
    assert np.array_equal(out, b - a)
    del inputs[1]
    with pytest.raises(pydml.ValidationError):
        device.compile_graph(desc)


def test_a_size_that_stops_growing_is_checked_by_shape_inference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Slice of the cache's last 8 rows: the template fitted below 8 predicts a window of 9 at a
    past of 9; the patched plan's own shape inference says 8, so the plan is built in full."""
    patched = InferenceSession(sliding_window(8))
    full = InferenceSession(sliding_window(8), shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(7)
    for past in range(4, 14):
        x = rng.standard_normal((1, past, D)).astype(np.float32)
        (got,), (want,) = patched.run(None, {"past": x}), full.run(None, {"past": x})
        assert got.shape == (1, min(past, 8), D) and np.array_equal(got, want), past
    assert builds[0] == 3 + 5  # 4, 5 fit and 6 confirms; 7 and 8 patched; 9 to 13 built


def test_sizes_quadratic_in_the_dimension_are_refuted_by_the_confirming_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Self-attention over a prompt of T tokens: the scores are T x T, their strides and byte sizes
    quadratic in T, which two builds fit as affine and the third refutes: every prompt length is
    built in full (and computes what a session without templates computes)."""
    nodes = [helper.make_node("Transpose", ["x"], ["xt"], perm=[0, 2, 1]),
             helper.make_node("MatMul", ["x", "xt"], ["scores"]),
             helper.make_node("Softmax", ["scores"], ["probs"], axis=-1),
             helper.make_node("MatMul", ["probs", "x"], ["y"])]
    graph = helper.make_graph(nodes, "prefill",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, "T", D])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    patched, full = InferenceSession(model), InferenceSession(model, shape_templates=False)
    builds = counting_builds(patched, monkeypatch)
    rng = np.random.default_rng(8)
    lengths = list(range(4, 14))
    for t in lengths:
        x = rng.standard_normal((1, t, D)).astype(np.float32)
        (got,), (want,) = patched.run(None, {"x": x}), full.run(None, {"x": x})
        assert np.array_equal(got, want), t
    assert builds[0] == len(lengths)
