"""The DirectML provider's com.microsoft ops (pydml/onnx/ops/contrib.py), each on a small model built
with onnx.helper, against onnxruntime's CPU provider (an independent implementation of the same
contrib op). Inputs are random; outputs compared at float32 tolerance."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper  # noqa: E402

import pydml.onnx  # noqa: E402

F = TensorProto.FLOAT


def _model(node: Any, inputs: dict[str, np.ndarray[Any, Any]], out_shape: list[int]) -> bytes:
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(k, F, list(v.shape)) for k, v in inputs.items()],
        [helper.make_tensor_value_info(node.output[0], F, out_shape)],
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    )
    model.ir_version = 8
    return bytes(model.SerializeToString())


def _check(node: Any, inputs: dict[str, np.ndarray[Any, Any]], out_shape: list[int]) -> None:
    data = _model(node, inputs, out_shape)
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, inputs)
    sess = pydml.onnx.InferenceSession(data)
    (got,) = sess.run(None, inputs)
    assert sess.reference_nodes == []
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def _rand(*shape: int, seed: int = 0) -> np.ndarray[Any, Any]:
    return np.random.default_rng(seed + len(shape)).standard_normal(shape).astype(np.float32)


def test_bias_gelu_fast_gelu_quick_gelu_and_gelu() -> None:
    x, b = _rand(2, 3, 8), _rand(8, seed=1)
    ms = "com.microsoft"
    _check(helper.make_node("BiasGelu", ["x", "b"], ["y"], domain=ms), {"x": x, "b": b}, [2, 3, 8])
    _check(helper.make_node("FastGelu", ["x", "b"], ["y"], domain=ms), {"x": x, "b": b}, [2, 3, 8])
    _check(helper.make_node("FastGelu", ["x"], ["y"], domain=ms), {"x": x}, [2, 3, 8])
    _check(helper.make_node("Gelu", ["x"], ["y"], domain=ms), {"x": x}, [2, 3, 8])
    _check(helper.make_node("QuickGelu", ["x"], ["y"], domain=ms, alpha=1.5), {"x": x}, [2, 3, 8])


def test_skip_layer_normalization() -> None:
    x, skip, gamma, beta, bias = (
        _rand(2, 4, 16),
        _rand(2, 4, 16, seed=2),
        _rand(16),
        _rand(16, seed=3),
        _rand(16, seed=4),
    )
    node = helper.make_node(
        "SkipLayerNormalization",
        ["x", "skip", "gamma", "beta", "bias"],
        ["y"],
        domain="com.microsoft",
        epsilon=1e-5,
    )
    _check(node, {"x": x, "skip": skip, "gamma": gamma, "beta": beta, "bias": bias}, [2, 4, 16])


@pytest.mark.parametrize("trans_a,trans_b", [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_fused_matmul(trans_a: int, trans_b: int) -> None:
    a = _rand(2, 5, 3) if trans_a else _rand(2, 3, 5)
    b = _rand(4, 5, seed=5) if trans_b else _rand(5, 4, seed=5)
    node = helper.make_node(
        "FusedMatMul", ["a", "b"], ["y"], domain="com.microsoft", alpha=0.5, transA=trans_a, transB=trans_b
    )
    _check(node, {"a": a, "b": b}, [2, 3, 4])


@pytest.mark.parametrize("with_bias", [False, True])
def test_multi_head_attention(with_bias: bool) -> None:
    """DML_MULTIHEAD_ATTENTION executes: 2 heads of size 4, query length 3, key length 5."""
    q, k, v = _rand(2, 3, 8), _rand(2, 5, 8, seed=6), _rand(2, 5, 8, seed=7)
    inputs = {"q": q, "k": k, "v": v}
    names = ["q", "k", "v"]
    if with_bias:
        inputs["bias"] = _rand(24, seed=8)
        names.append("bias")
    node = helper.make_node("MultiHeadAttention", names, ["y"], domain="com.microsoft", num_heads=2)
    _check(node, inputs, [2, 3, 8])
