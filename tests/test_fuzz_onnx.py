"""Hypothesis fuzzing of the ONNX front end with models a user did not write: ONNX's own node-test
models (onnx.backend.test.case.node.collect_testcases(), nothing downloaded) mutated (a dimension
set to 0, 1, a large or a huge value; a rank changed; an element type changed; an attribute set to
an extreme or a wrong value; an input dropped; the opset changed), then

* ``pydml.onnx.InferenceSession`` created and run on inputs of the declared shapes: it must run or
  raise one of the documented errors (OnnxModelError for a model onnx's checker or shape
  inference refuses, or whose node contradicts itself; UnsupportedNodeError for a node DirectML
  or the provider refuses; another PydmlError), never anything else;
* ``pydml onnx run`` on the mutated file (every few examples): an exit code of the documented
  table (0, 1, 2), never a traceback.

The first runs of this fuzzer (2026-11-30) found 20 places where a lowering's own arithmetic met a
malformed node (IndexError, ValueError, AssertionError, KeyError, ZeroDivisionError): the session
now checks each node against its schema and runs strict shape inference, as onnxruntime does, and
reports what slips through as the node's one-line OnnxModelError. ``--long`` runs 5,000 examples.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

onnx = pytest.importorskip("onnx")

from onnx import AttributeProto, helper  # noqa: E402
from test_fuzz_python import EXIT_CODES, _run_cli  # noqa: E402

import pydml.onnx  # noqa: E402
from pydml.errors import PydmlError  # noqa: E402

#: generated inputs past this many elements are not made (the mutation's huge dimensions)
MAX_ELEMENTS = 1 << 20


@cache
def _models() -> list[Any]:
    from onnx.backend.test.case.node import collect_testcases

    return [
        c.model
        for c in collect_testcases()
        if c.kind == "node" and all(n.domain in ("", "ai.onnx") for n in c.model.graph.node)
    ]


DIMS = st.sampled_from([0, 1, 2, 3, 5, 7, 64, 2**31, 2**40])
INTS = st.sampled_from([-(2**40), -5, -1, 0, 1, 2, 3, 7, 2**33])
FLOATS = st.sampled_from([0.0, -1.0, 0.5, 1e30, float("nan"), float("inf")])
STRINGS = st.sampled_from([b"", b"bogus", b"linear", b"cubic", b"nearest", b"reflect", b"NOTSET"])
TYPES = st.sampled_from([1, 2, 3, 6, 7, 9, 10, 11, 16])


def _mutate(model: Any, data: st.DataObject) -> Any:
    m = onnx.ModelProto()
    m.CopyFrom(model)
    g = m.graph
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        kind = data.draw(st.sampled_from(["dim", "rank", "type", "attr", "drop", "opset"]), label="kind")
        if kind in ("dim", "rank", "type") and g.input:
            vi = g.input[data.draw(st.integers(0, len(g.input) - 1), label="input")]
            tensor = vi.type.tensor_type
            dims = tensor.shape.dim
            if kind == "dim" and len(dims):
                dims[data.draw(st.integers(0, len(dims) - 1))].dim_value = data.draw(DIMS, label="size")
            elif kind == "rank":
                if len(dims) and data.draw(st.booleans(), label="shorter"):
                    del dims[-1]
                else:
                    dims.add().dim_value = data.draw(st.sampled_from([1, 2, 3]))
            elif kind == "type":
                tensor.elem_type = data.draw(TYPES, label="elem_type")
        elif kind in ("attr", "drop") and g.node:
            node = g.node[data.draw(st.integers(0, len(g.node) - 1), label="node")]
            if kind == "attr" and node.attribute:
                a = node.attribute[data.draw(st.integers(0, len(node.attribute) - 1), label="attribute")]
                if a.type == AttributeProto.INT:
                    a.i = data.draw(INTS, label="int")
                elif a.type == AttributeProto.FLOAT:
                    a.f = data.draw(FLOATS, label="float")
                elif a.type == AttributeProto.INTS and len(a.ints):
                    a.ints[data.draw(st.integers(0, len(a.ints) - 1))] = data.draw(INTS, label="ints")
                elif a.type == AttributeProto.STRING:
                    a.s = data.draw(STRINGS, label="string")
            elif kind == "drop" and len(node.input) > 1:
                node.input[data.draw(st.integers(0, len(node.input) - 1), label="dropped")] = ""
        elif kind == "opset":
            m.opset_import[0].version = data.draw(st.sampled_from([1, 7, 11, 13, 17, 20, 25, 28]), label="opset")
    return m


def _feed(model: Any, seed: int) -> dict[str, np.ndarray[Any, Any]] | None:
    """Inputs of the declared shapes (None when one would be too large or has no numpy type)."""
    rng = np.random.default_rng(seed)
    initialized = {t.name for t in model.graph.initializer}
    feed = {}
    for vi in model.graph.input:
        if vi.name in initialized:
            continue
        t = vi.type.tensor_type
        dims = [d.dim_value if d.HasField("dim_value") else 2 for d in t.shape.dim]
        if math.prod(dims) > MAX_ELEMENTS or not t.elem_type:
            return None
        try:
            dtype = np.dtype(helper.tensor_dtype_to_np_dtype(t.elem_type))
        except Exception:  # (string and other types numpy has no dtype for)
            return None
        if dtype.kind == "f":
            feed[vi.name] = rng.standard_normal(dims).astype(dtype)
        elif dtype.kind in "iub":
            feed[vi.name] = rng.integers(-3 if dtype.kind == "i" else 0, 5, dims).astype(dtype)
        else:
            return None
    return feed


@given(data=st.data())
def test_mutated_onnx_models_run_or_raise_a_documented_error(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    models = _models()
    model = _mutate(models[data.draw(st.integers(0, len(models) - 1), label="model")], data)
    feed = _feed(model, data.draw(st.integers(0, 9), label="seed"))
    try:
        session = pydml.onnx.InferenceSession(model.SerializeToString())
        if feed is not None:
            session.run(None, feed)
    except (PydmlError, MemoryError):
        pass  # OnnxModelError, UnsupportedNodeError (both PydmlError) or another of pydml's
    if data.draw(st.integers(0, 3), label="cli") == 0 and feed is not None:
        path = Path(tmp_path_factory.mktemp("onnx")) / "model.onnx"
        path.write_bytes(model.SerializeToString())
        assert _run_cli(["onnx", "run", str(path)]) in EXIT_CODES


def _one_node(node: Any, inputs: dict[str, tuple[int, list[int]]], opset: int) -> Any:
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(k, t, s) for k, (t, s) in inputs.items()],
        [helper.make_tensor_value_info(node.output[0], 0, None)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def test_malformed_nodes_found_by_the_fuzzer_are_one_line_model_errors() -> None:
    """Each a traceback before: a required input left empty (the checker), an axis past the rank
    (strict shape inference), a direction no RNN has and run-time pads of the wrong length (the
    lowerings' own checks), run-time repeats of the wrong length (a lowering's arithmetic, caught
    for the node)."""
    f32, i64 = 1, 7
    cases = [
        (_one_node(helper.make_node("Reshape", ["x", ""], ["y"]), {"x": (f32, [2, 3])}, 13), {},
         r'invalid model: node "Reshape" \(Reshape\): .*empty string'),
        (_one_node(helper.make_node("Split", ["x"], ["y", "z"], axis=3), {"x": (f32, [4, 2])}, 13), {},
         r"shape inference: .*Split.*axis"),
        (_one_node(helper.make_node("RNN", ["x", "w", "r"], ["y"], hidden_size=2, direction="sideways"),
                   {"x": (f32, [1, 1, 2]), "w": (f32, [1, 2, 2]), "r": (f32, [1, 2, 2])}, 14), {},
         r'node "RNN_0" \(RNN, opset 14\): direction .sideways.: must be forward, reverse or bidirectional'),
        (_one_node(helper.make_node("Pad", ["x", "p"], ["y"]), {"x": (f32, [2, 2]), "p": (i64, [3])}, 13),
         {"p": np.array([1, 1, 1], np.int64)}, r'node "Pad_0" \(Pad, opset 13\): 3 pads for 2 axes'),
        (_one_node(helper.make_node("Tile", ["x", "r"], ["y"]), {"x": (f32, [2, 2]), "r": (i64, [3])}, 13),
         {"r": np.array([1, 2, 3], np.int64)}, r'node "Tile_0" \(Tile, opset 13\): cannot be lowered as given'),
    ]
    for model, extra, message in cases:
        feed = {vi.name: np.ones([d.dim_value for d in vi.type.tensor_type.shape.dim], np.float32)
                for vi in model.graph.input if vi.type.tensor_type.elem_type == f32}
        feed.update(extra)
        with pytest.raises(pydml.onnx.OnnxModelError, match=message):
            pydml.onnx.InferenceSession(model).run(None, feed)
