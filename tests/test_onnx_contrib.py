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


def _model_typed(
    node: Any, inputs: dict[str, np.ndarray[Any, Any]], out_type: int, out_shape: list[int]
) -> bytes:
    to_onnx = {
        np.dtype(np.float32): F,
        np.dtype(np.uint8): TensorProto.UINT8,
        np.dtype(np.int8): TensorProto.INT8,
    }
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(k, to_onnx[v.dtype], list(v.shape)) for k, v in inputs.items()],
        [helper.make_tensor_value_info(node.output[0], out_type, out_shape)],
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    )
    model.ir_version = 8
    return bytes(model.SerializeToString())


def _pydml_run(data: bytes, inputs: dict[str, np.ndarray[Any, Any]]) -> np.ndarray[Any, Any]:
    sess = pydml.onnx.InferenceSession(data)
    (got,) = sess.run(None, inputs)
    assert sess.reference_nodes == []
    return np.asarray(got)


def test_bias_add_and_bias_split_gelu_against_numpy() -> None:
    """BiasAdd and BiasSplitGelu have no CPU kernel in onnxruntime: float64 numpy reference."""
    from math import erf

    x, bias, skip = _rand(2, 3, 8), _rand(8, seed=9), _rand(2, 3, 8, seed=10)
    data = _model_typed(
        helper.make_node("BiasAdd", ["x", "bias", "skip"], ["y"], domain="com.microsoft"),
        {"x": x, "bias": bias, "skip": skip},
        F,
        [2, 3, 8],
    )
    want = x.astype(np.float64) + bias + skip
    np.testing.assert_allclose(
        _pydml_run(data, {"x": x, "bias": bias, "skip": skip}), want, rtol=1e-6, atol=1e-6
    )
    data = _model_typed(
        helper.make_node("BiasSplitGelu", ["x", "bias"], ["y"], domain="com.microsoft"),
        {"x": x, "bias": bias},
        F,
        [2, 3, 4],
    )
    s = x.astype(np.float64) + bias
    left, right = s[..., :4], s[..., 4:]
    gelu = 0.5 * right * (1 + np.vectorize(erf)(right / np.sqrt(2)))
    np.testing.assert_allclose(_pydml_run(data, {"x": x, "bias": bias}), left * gelu, rtol=1e-5, atol=1e-6)


def test_qlinear_add_and_quantize_dequantize() -> None:
    rng = np.random.default_rng(11)
    a = rng.integers(0, 255, (2, 3, 4), dtype=np.uint8)
    b = rng.integers(0, 255, (3, 4), dtype=np.uint8)
    consts = {
        "a_scale": np.array(0.05, np.float32),
        "a_zp": np.array(128, np.uint8),
        "b_scale": np.array(0.03, np.float32),
        "b_zp": np.array(100, np.uint8),
        "c_scale": np.array(0.08, np.float32),
        "c_zp": np.array(120, np.uint8),
    }
    inputs = {"a": a, "a_scale": consts["a_scale"], "a_zp": consts["a_zp"], "b": b}
    inputs.update({k: consts[k] for k in ("b_scale", "b_zp", "c_scale", "c_zp")})
    node = helper.make_node(
        "QLinearAdd",
        ["a", "a_scale", "a_zp", "b", "b_scale", "b_zp", "c_scale", "c_zp"],
        ["y"],
        domain="com.microsoft",
    )
    data = _model_typed(node, inputs, TensorProto.UINT8, [2, 3, 4])
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, inputs)
    got = _pydml_run(data, inputs)
    assert np.abs(got.astype(int) - want.astype(int)).max() <= 1  # one step: rounding of the sum
    x = _rand(2, 5)
    qin = {"x": x, "s": np.array(0.02, np.float32), "z": np.array(3, np.int8)}
    data = _model_typed(
        helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"], domain="com.microsoft"),
        qin,
        TensorProto.INT8,
        [2, 5],
    )
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, qin)
    np.testing.assert_array_equal(_pydml_run(data, qin), want)
    din = {"x": want, "s": qin["s"], "z": qin["z"]}
    data = _model_typed(
        helper.make_node("DequantizeLinear", ["x", "s", "z"], ["y"], domain="com.microsoft"), din, F, [2, 5]
    )
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, din)
    np.testing.assert_allclose(_pydml_run(data, din), want, rtol=1e-6)


def test_matmul_integer_to_float() -> None:
    rng = np.random.default_rng(12)
    inputs = {
        "a": rng.integers(0, 255, (2, 3, 6), dtype=np.uint8),
        # DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT: "BTensor.DataType must match ATensor.DataType"
        "b": rng.integers(0, 255, (6, 4), dtype=np.uint8),
        "a_scale": np.array(0.02, np.float32),
        "b_scale": rng.uniform(0.01, 0.05, 4).astype(np.float32),
        "a_zp": np.array(120, np.uint8),
    }
    inputs["b_zp"] = rng.integers(100, 150, 4, dtype=np.uint8)
    inputs["bias"] = _rand(4, seed=13)
    node = helper.make_node(
        "MatMulIntegerToFloat",
        ["a", "b", "a_scale", "b_scale", "a_zp", "b_zp", "bias"],
        ["y"],
        domain="com.microsoft",
    )
    data = _model_typed(node, inputs, F, [2, 3, 4])
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, inputs)
    np.testing.assert_allclose(_pydml_run(data, inputs), want, rtol=1e-5, atol=1e-5)


def test_attention_projection_and_multihead() -> None:
    """com.microsoft Attention: GEMM projection read as stacked QKV by DML_MULTIHEAD_ATTENTION."""
    x, w, b = _rand(2, 3, 6), _rand(6, 24, seed=14) * 0.3, _rand(24, seed=15)
    node = helper.make_node("Attention", ["x", "w", "b"], ["y"], domain="com.microsoft", num_heads=2)
    _check(node, {"x": x, "w": w, "b": b}, [2, 3, 8])


def test_skip_simplified_and_simplified_layer_normalization() -> None:
    x, skip, gamma, bias = _rand(2, 4, 16), _rand(2, 4, 16, seed=16), _rand(16, seed=17), _rand(16, seed=18)
    node = helper.make_node(
        "SkipSimplifiedLayerNormalization",
        ["x", "skip", "gamma", "bias"],
        ["y"],
        domain="com.microsoft",
        epsilon=1e-5,
    )
    _check(node, {"x": x, "skip": skip, "gamma": gamma, "bias": bias}, [2, 4, 16])
    node = helper.make_node("SimplifiedLayerNormalization", ["x", "gamma"], ["y"], epsilon=1e-5, axis=-1)
    _check(node, {"x": x, "gamma": gamma}, [2, 4, 16])


@pytest.mark.parametrize("interleaved", [0, 1])
def test_rotary_embedding(interleaved: int) -> None:
    """com.microsoft RotaryEmbedding on [B, S, hidden] with position ids into the caches."""
    x = _rand(2, 3, 16)
    cos, sin = np.cos(_rand(8, 4, seed=19)), np.sin(_rand(8, 4, seed=20))
    pos = np.array([[0, 1, 2], [3, 4, 5]], np.int64)
    graph = helper.make_graph(
        [
            helper.make_node(
                "RotaryEmbedding",
                ["x", "pos", "cos", "sin"],
                ["y"],
                domain="com.microsoft",
                interleaved=interleaved,
                num_heads=2,
            )
        ],
        "g",
        [
            helper.make_tensor_value_info("x", F, [2, 3, 16]),
            helper.make_tensor_value_info("pos", TensorProto.INT64, [2, 3]),
            helper.make_tensor_value_info("cos", F, [8, 4]),
            helper.make_tensor_value_info("sin", F, [8, 4]),
        ],
        [helper.make_tensor_value_info("y", F, [2, 3, 16])],
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    )
    model.ir_version = 8
    data = model.SerializeToString()
    feed = {"x": x, "pos": pos, "cos": cos.astype(np.float32), "sin": sin.astype(np.float32)}
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, feed)
    np.testing.assert_allclose(_pydml_run(data, feed), want, rtol=1e-5, atol=1e-6)


def test_qlinear_sigmoid() -> None:
    rng = np.random.default_rng(21)
    inputs = {
        "x": rng.integers(0, 255, (2, 3, 4), dtype=np.uint8),
        "xs": np.array(0.05, np.float32),
        "xz": np.array(128, np.uint8),
        "ys": np.array(1.0 / 256, np.float32),
        "yz": np.array(0, np.uint8),
    }
    node = helper.make_node("QLinearSigmoid", ["x", "xs", "xz", "ys", "yz"], ["y"], domain="com.microsoft")
    data = _model_typed(node, inputs, TensorProto.UINT8, [2, 3, 4])
    (want,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, inputs)
    got = _pydml_run(data, inputs)
    assert (
        np.abs(got.astype(int) - want.astype(int)).max() <= 1
    )  # onnxruntime's table lookup rounds once more


def test_multi_head_attention_with_attention_bias() -> None:
    """attention_bias [1, heads, S, L] as MULTIHEAD_ATTENTION's RelativePositionBiasTensor."""
    q, k, v = _rand(2, 3, 8), _rand(2, 5, 8, seed=22), _rand(2, 5, 8, seed=23)
    ab = _rand(1, 2, 3, 5, seed=24)
    node = helper.make_node(
        "MultiHeadAttention", ["q", "k", "v", "", "", "ab"], ["y"], domain="com.microsoft", num_heads=2
    )
    _check(node, {"q": q, "k": k, "v": v, "ab": ab}, [2, 3, 8])


def test_embed_layer_normalization() -> None:
    rng = np.random.default_rng(25)
    i32 = TensorProto.INT32
    feed = {
        "ids": rng.integers(0, 10, (2, 3)).astype(np.int32),
        "seg": rng.integers(0, 2, (2, 3)).astype(np.int32),
        "word": _rand(10, 8, seed=26),
        "pos": _rand(6, 8, seed=27),
        "segemb": _rand(2, 8, seed=28),
        "gamma": _rand(8, seed=29),
        "beta": _rand(8, seed=30),
        "mask": np.array([[1, 1, 0], [1, 1, 1]], np.int32),
    }
    node = helper.make_node(
        "EmbedLayerNormalization",
        ["ids", "seg", "word", "pos", "segemb", "gamma", "beta", "mask"],
        ["y", "mask_index"],
        domain="com.microsoft",
        epsilon=1e-5,
    )
    types = {"ids": i32, "seg": i32, "mask": i32}
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(k, types.get(k, F), list(v.shape)) for k, v in feed.items()],
        [
            helper.make_tensor_value_info("y", F, [2, 3, 8]),
            helper.make_tensor_value_info("mask_index", i32, [2]),
        ],
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    )
    model.ir_version = 8
    data = model.SerializeToString()
    want = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, feed)
    sess = pydml.onnx.InferenceSession(data)
    got = sess.run(None, feed)
    assert sess.reference_nodes == []
    np.testing.assert_allclose(got[0], want[0], rtol=1e-4, atol=1e-5)
    np.testing.assert_array_equal(got[1], want[1])
