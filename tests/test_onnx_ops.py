"""ai.onnx lowerings whose ONNX node tests use only data DirectML lacks (Einsum's are FLOAT64):
the same equations in FLOAT32 against numpy.einsum in float64; and MaxRoiPool, which has no ONNX
node test, against onnxruntime's CPU provider."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")

from onnx import TensorProto, helper  # noqa: E402

import pydml.onnx  # noqa: E402


@pytest.mark.parametrize(
    "equation,shapes",
    [
        ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
        ("i,i", [(5,), (5,)]),
        ("ij->i", [(3, 4)]),
        ("ii->i", [(4, 4)]),
        ("...ij,...jk->...ik", [(2, 3, 4), (4, 2)]),
        ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ],
)
def test_einsum_float32_against_numpy(equation: str, shapes: list[tuple[int, ...]]) -> None:
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    names = [f"x{i}" for i in range(len(arrays))]
    want = np.einsum(equation, *[a.astype(np.float64) for a in arrays])
    graph = helper.make_graph(
        [helper.make_node("Einsum", names, ["y"], equation=equation)],
        "g",
        [
            helper.make_tensor_value_info(n, TensorProto.FLOAT, list(a.shape))
            for n, a in zip(names, arrays, strict=True)
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, list(np.shape(want)))],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    sess = pydml.onnx.InferenceSession(model)
    feed: dict[str, Any] = dict(zip(names, arrays, strict=True))
    (got,) = sess.run(None, feed)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_max_roi_pool_against_onnxruntime(scale: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """DML_ROI_POOLING: fractional and one-pixel ROIs, two batches; outputs poisoned (NaN)."""
    ort = pytest.importorskip("onnxruntime")
    import pydml.graph

    rng = np.random.default_rng(12)
    x = rng.standard_normal((2, 3, 10, 12)).astype(np.float32)
    rois = np.array([[0, 1, 2, 7, 8], [1, 0, 0, 11, 9], [0, 3.4, 1.6, 9.2, 6.7], [1, 5, 5, 5, 5]], np.float32)
    node = helper.make_node("MaxRoiPool", ["x", "r"], ["y"], pooled_shape=[3, 2], spatial_scale=scale)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 10, 12]),
            helper.make_tensor_value_info("r", TensorProto.FLOAT, [4, 5]),
        ],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 3, 3, 2])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    data = model.SerializeToString()
    feed = {"x": x, "r": rois}
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, feed)
    original = pydml.graph.CompiledGraph._allocate
    monkeypatch.setattr(
        pydml.graph.CompiledGraph, "_allocate", lambda self, k: np.full_like(original(self, k), 0xFF)
    )
    (got,) = pydml.onnx.InferenceSession(data).run(None, feed)
    np.testing.assert_array_equal(got, want)
