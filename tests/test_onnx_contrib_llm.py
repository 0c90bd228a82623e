"""GroupQueryAttention, MatMulNBits and QAttention (pydml/onnx/ops/contrib_llm.py), each on a small
model built with onnx.helper, against onnxruntime's CPU provider (an independent implementation of
the same contrib op) or float64 numpy where that provider's integer kernel saturates. Every graph
output pydml allocates is poisoned (NaN bytes) before execution, so a value not written shows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import pydml.graph  # noqa: E402
import pydml.onnx  # noqa: E402

F = TensorProto.FLOAT
MS = "com.microsoft"
TYPES = {
    np.dtype(np.float32): F,
    np.dtype(np.float16): TensorProto.FLOAT16,
    np.dtype(np.uint8): TensorProto.UINT8,
    np.dtype(np.int8): TensorProto.INT8,
    np.dtype(np.int32): TensorProto.INT32,
}


@pytest.fixture(autouse=True)
def poisoned_outputs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Graph outputs start as 0xFF bytes (NaN in FLOAT32 and FLOAT16) instead of zeros."""

    def allocate(self: Any, k: int) -> Any:
        nbytes = self._output_specs[k].nbytes
        return np.full(max(1, nbytes), 0xFF, dtype=np.uint8)

    monkeypatch.setattr(pydml.graph.CompiledGraph, "_allocate", allocate)
    yield


def _model(
    node: Any,
    feed: dict[str, np.ndarray[Any, Any]],
    outputs: list[tuple[str, int, list[int]]],
    initializers: list[Any] | None = None,
) -> bytes:
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(k, TYPES[v.dtype], list(v.shape)) for k, v in feed.items()],
        [helper.make_tensor_value_info(n, t, s) for n, t, s in outputs],
        initializers or [],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid(MS, 1)])
    model.ir_version = 8
    return bytes(model.SerializeToString())


def _both(data: bytes, feed: dict[str, np.ndarray[Any, Any]]) -> tuple[list[Any], list[Any]]:
    want = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, feed)
    sess = pydml.onnx.InferenceSession(data)
    got = sess.run(None, feed)
    assert sess.reference_nodes == []
    return want, got


# -- GroupQueryAttention ----------------------------------------------------------------------------


def _gqa(
    batch: int, seq: int, past: int, seqlens: list[int], dtype: Any, **attrs: Any
) -> tuple[bytes, dict[str, Any]]:
    heads, kv_heads, head = 4, 2, 8
    rng = np.random.default_rng(seq + past)
    total = max(seqlens) + 1
    present = max(past, total)
    feed = {
        "q": rng.standard_normal((batch, seq, heads * head)).astype(dtype),
        "k": rng.standard_normal((batch, seq, kv_heads * head)).astype(dtype),
        "v": rng.standard_normal((batch, seq, kv_heads * head)).astype(dtype),
        "past_k": rng.standard_normal((batch, kv_heads, past, head)).astype(dtype),
        "past_v": rng.standard_normal((batch, kv_heads, past, head)).astype(dtype),
        "seqlens_k": np.array(seqlens, np.int32),
        "total": np.array(total, np.int32),
    }
    node = helper.make_node(
        "GroupQueryAttention",
        list(feed),
        ["y", "present_k", "present_v"],
        domain=MS,
        num_heads=heads,
        kv_num_heads=kv_heads,
        **attrs,
    )
    t = TYPES[np.dtype(dtype)]
    outs = [
        ("y", t, [batch, seq, heads * head]),
        ("present_k", t, [batch, kv_heads, present, head]),
        ("present_v", t, [batch, kv_heads, present, head]),
    ]
    return _model(node, feed, outs), feed


@pytest.mark.parametrize(
    "seq,seqlens,dtype",
    [
        (1, [3, 5], np.float32),  # decode: past lengths 3 and 5 from seqlens_k
        (3, [2, 2], np.float32),  # prompt: zero past lengths (a FILL_VALUE_CONSTANT)
        (1, [4, 1], np.float16),  # FLOAT16 through CASTs to FLOAT32
    ],
)
def test_group_query_attention(seq: int, seqlens: list[int], dtype: Any) -> None:
    data, feed = _gqa(2, seq, 6, seqlens, dtype)
    want, got = _both(data, feed)
    tol = 2e-3 if dtype == np.float16 else 1e-5
    np.testing.assert_allclose(got[0].astype(np.float64), want[0], rtol=tol, atol=tol)
    for b, n in enumerate(seqlens):  # present rows [0, total) are the keys: past then new
        for i in (1, 2):
            np.testing.assert_array_equal(got[i][b, :, : n + 1], want[i][b, :, : n + 1])


def _counted(monkeypatch: pytest.MonkeyPatch, method: str) -> list[int]:
    """Counts the calls of an InferenceSession method (its builds, its front ends) in cell 0."""
    import pydml.onnx.session as session_module

    calls = [0]
    original = getattr(session_module.InferenceSession, method)

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(session_module.InferenceSession, method, counting)
    return calls


def test_group_query_attention_decode_over_a_fixed_capacity_cache_runs_one_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """onnxruntime-genai's decode loop: past_key / past_value of one capacity at every token, a new
    seqlens_k and total_sequence_length each time. total_sequence_length is read on the CPU, but the
    lowering reads only max(past length, total) of it (contrib_llm.py ``_gqa_present_length``), so
    the session keys its plans by that: one plan for every token within the capacity (it built one
    per token, keyed by the value). Each token's outputs are onnxruntime's."""
    cap = 8
    data, feed = _gqa(2, 1, cap, [3, 5], np.float32)
    sess = pydml.onnx.InferenceSession(data)
    ref = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    builds = _counted(monkeypatch, "_build")
    for lens in ([0, 1], [1, 2], [2, 4], [5, 3], [6, 6], [7, 2]):
        total = max(lens) + 1
        step = dict(feed, seqlens_k=np.array(lens, np.int32), total=np.array(total, np.int32))
        want, got = ref.run(None, step), sess.run(None, step)
        np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)
        for b, n in enumerate(lens):
            for i in (1, 2):
                np.testing.assert_array_equal(got[i][b, :, : n + 1], want[i][b, :, : n + 1])
    assert builds[0] == 1 and len(sess._plans) == 1
    # the key is what the lowering reads: totals past the capacity are other plans, and the
    # whole value is the key where past_key is not a graph input's shape to read
    (name,) = sess._host_keys
    (node, index, key) = sess._host_keys[name][0]
    assert key(node, index, np.array(5, np.int32), lambda n: feed[n].shape) == cap
    assert key(node, index, np.array(11, np.int32), lambda n: feed[n].shape) == 11
    assert key(node, index, np.array(5, np.int32), lambda n: None) is None


def test_group_query_attention_decode_over_a_growing_past_patches_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decode loop whose past grows by one each token (past_key [B, Nk, P, H], total P + 1): the
    CPU-read total is a template dimension beside the past's length (session.py _family_of), so
    after the template's three full builds the plans are patched from it (each value was a family
    of its own: a full build per token). Every output is onnxruntime's."""
    data, feed = _gqa(1, 1, 4, [4], np.float32)
    model = onnx.load_from_string(data)
    for vi in [*model.graph.input, *model.graph.output]:
        if vi.name in ("past_k", "past_v", "present_k", "present_v"):
            vi.type.tensor_type.shape.dim[2].dim_param = "P"
    data = model.SerializeToString()
    sess = pydml.onnx.InferenceSession(data)
    ref = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    builds, fronts = _counted(monkeypatch, "_build"), _counted(monkeypatch, "_front_end")
    rng = np.random.default_rng(4)
    for past in range(4, 12):
        kv = [rng.standard_normal((1, 2, past, 8)).astype(np.float32) for _ in range(2)]
        step = dict(feed, past_k=kv[0], past_v=kv[1], seqlens_k=np.array([past], np.int32),
                    total=np.array(past + 1, np.int32))
        for g, w in zip(sess.run(None, step), ref.run(None, step), strict=True):
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)
    # the builds' own front ends only: a patched plan checks what GQA reads of the total from the
    # feed, with no shape inference (com.microsoft nodes hold nothing it could check)
    assert builds[0] == 3 and fronts[0] == 3
    # past and total moving at different rates: the present length max(past, total) takes the
    # total's branch past the template's three builds; the plan patched from the past's branch is
    # refused (the front carries what the lowering reads of the total) and built in full
    sess = pydml.onnx.InferenceSession(data)
    for past, total in ((10, 8), (11, 10), (12, 12), (13, 14)):
        kv = [rng.standard_normal((1, 2, past, 8)).astype(np.float32) for _ in range(2)]
        step = dict(feed, past_k=kv[0], past_v=kv[1], seqlens_k=np.array([total - 1], np.int32),
                    total=np.array(total, np.int32))
        got, want = sess.run(None, step), ref.run(None, step)
        assert [g.shape for g in got] == [w.shape for w in want], (past, total)
        np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)
        for i in (1, 2):  # rows past total are not written (onnxruntime's buffer holds them)
            np.testing.assert_array_equal(got[i][:, :, :total], want[i][:, :, :total])


def test_group_query_attention_refused_case_names_the_node() -> None:
    data, feed = _gqa(1, 1, 4, [2], np.float32, do_rotary=1)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match=r'node "GroupQueryAttention_0".*do_rotary=1'):
        pydml.onnx.InferenceSession(data).run(None, feed)


# -- MatMulNBits -------------------------------------------------------------------------------------


def _pack(values: np.ndarray[Any, Any], bits: int) -> np.ndarray[Any, Any]:
    """Unsigned values, two 4-bit ones to a byte (the first in the low nibble) or one 8-bit."""
    if bits == 8:
        return values.astype(np.uint8)
    if values.shape[-1] % 2:
        values = np.concatenate([values, np.zeros((*values.shape[:-1], 1), values.dtype)], axis=-1)
    return (values[..., 0::2] | (values[..., 1::2] << 4)).astype(np.uint8)


def _nbits(k: int, block: int, bits: int, zero_points: bool) -> tuple[bytes, dict[str, Any]]:
    n, m = 5, 3
    blocks = k // block
    rng = np.random.default_rng(k + bits)
    q = rng.integers(0, 2**bits, (n, blocks, block))
    inits = [
        numpy_helper.from_array(_pack(q, bits), "b"),
        numpy_helper.from_array(rng.uniform(0.01, 0.1, n * blocks).astype(np.float32), "scales"),
    ]
    names = ["a", "b", "scales"]
    if zero_points:
        z = rng.integers(0, 2**bits, (n, blocks))
        inits.append(numpy_helper.from_array(_pack(z, bits).reshape(-1), "zp"))
        names.append("zp")
    feed = {"a": rng.standard_normal((2, m, k)).astype(np.float32)}
    node = helper.make_node("MatMulNBits", names, ["y"], domain=MS, K=k, N=n, bits=bits, block_size=block)
    return _model(node, feed, [("y", F, [2, m, n])], inits), feed


@pytest.mark.parametrize(
    "k,block,bits,zero_points",
    [(48, 16, 4, True), (64, 16, 4, False), (64, 32, 8, True), (64, 32, 8, False)],
)
def test_matmul_nbits(k: int, block: int, bits: int, zero_points: bool) -> None:
    """Blocked weights (3 blocks: the zero points' rows padded to whole bytes), the default zero
    point 2^(bits-1) when none is given, 4 and 8 bits."""
    data, feed = _nbits(k, block, bits, zero_points)
    want, got = _both(data, feed)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)


def test_matmul_nbits_refused_bits() -> None:
    data, feed = _nbits(64, 32, 4, False)
    model = onnx.load_from_string(data)
    model.graph.node[0].attribute[2].i = 2  # bits=2: QueryMatMulNBits takes 4 and 8 only
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match=r'node "MatMulNBits_0".*bits=2'):
        pydml.onnx.InferenceSession(model).run(None, feed)


# -- QAttention --------------------------------------------------------------------------------------


def _qattention(
    mask: np.ndarray[Any, Any] | None, signed: bool, **attrs: Any
) -> tuple[bytes, dict[str, Any]]:
    batch, seq, k, heads, hidden = 2, 4, 6, 2, 8
    rng = np.random.default_rng(31)
    w = (
        rng.integers(-127, 127, (k, 3 * hidden)).astype(np.int8)
        if signed
        else rng.integers(0, 255, (k, 3 * hidden), dtype=np.uint8)
    )
    feed: dict[str, Any] = {
        "x": rng.integers(0, 255, (batch, seq, k), dtype=np.uint8),
        "w": w,
        "bias": rng.standard_normal(3 * hidden).astype(np.float32),
        "xs": np.array(0.02, np.float32),
        "ws": np.array(0.01, np.float32),
        "xz": np.array(120, np.uint8),
        "wz": np.array(3, np.int8) if signed else np.array(128, np.uint8),
    }
    names = ["x", "w", "bias", "xs", "ws", "", "xz", "wz"]
    if mask is not None:
        feed["mask"] = mask
        names[5] = "mask"
    node = helper.make_node("QAttention", names, ["y"], domain=MS, num_heads=heads, **attrs)
    return _model(node, feed, [("y", F, [batch, seq, hidden])]), feed


@pytest.mark.parametrize(
    "mask",
    [None, np.array([2, 4], np.int32), np.array([[1, 1, 0, 1], [1, 1, 1, 1]], np.int32)],
    ids=["no-mask", "key-lengths", "2d-mask"],
)
def test_qattention(mask: np.ndarray[Any, Any] | None) -> None:
    data, feed = _qattention(mask, signed=False)
    want, got = _both(data, feed)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)


def test_qattention_signed_weights_against_numpy() -> None:
    """uint8 input with int8 weights: onnxruntime's CPU u8s8 kernel saturates its int16 pair sums
    (1.2 off here), so the reference is float64 numpy of the op's definition."""
    data, feed = _qattention(None, signed=True)
    sess = pydml.onnx.InferenceSession(data)
    (got,) = sess.run(None, feed)
    x = (feed["x"].astype(np.float64) - feed["xz"]) * feed["xs"]
    w = (feed["w"].astype(np.float64) - feed["wz"]) * feed["ws"]
    proj = x @ w + feed["bias"]
    batch, seq, width = proj.shape
    hidden, heads = width // 3, 2
    q, k, v = (
        proj[..., i * hidden : (i + 1) * hidden].reshape(batch, seq, heads, -1).transpose(0, 2, 1, 3)
        for i in range(3)
    )
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hidden // heads)
    p = np.exp(s - s.max(-1, keepdims=True))
    want = ((p / p.sum(-1, keepdims=True)) @ v).transpose(0, 2, 1, 3).reshape(batch, seq, hidden)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_qattention_refused_unidirectional() -> None:
    data, feed = _qattention(None, signed=False, unidirectional=1)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match=r'node "QAttention_0".*unidirectional=1'):
        pydml.onnx.InferenceSession(data).run(None, feed)


# -- DynamicQuantizeMatMul ---------------------------------------------------------------------------


@pytest.mark.parametrize("b_type,zero_point", [(np.uint8, True), (np.uint8, False), (np.int8, True)])
def test_dynamic_quantize_matmul(b_type: Any, zero_point: bool) -> None:
    """A quantized by DYNAMIC_QUANTIZE_LINEAR to B's type, then MATRIX_MULTIPLY_INTEGER_TO_FLOAT
    with per-column B scales and zero points and a bias."""
    rng = np.random.default_rng(41)
    b = (
        rng.integers(0, 255, (8, 5), dtype=np.uint8)
        if b_type == np.uint8
        else rng.integers(-127, 127, (8, 5)).astype(np.int8)
    )
    inits = [
        numpy_helper.from_array(b, "b"),
        numpy_helper.from_array(rng.uniform(0.01, 0.05, 5).astype(np.float32), "b_scale"),
        numpy_helper.from_array(rng.standard_normal(5).astype(np.float32), "bias"),
    ]
    names = ["a", "b", "b_scale", "", "bias"]
    if zero_point:
        low, high = (100, 150) if b_type == np.uint8 else (-5, 5)
        inits.append(numpy_helper.from_array(rng.integers(low, high, 5).astype(b_type), "b_zp"))
        names[3] = "b_zp"
    feed = {"a": rng.standard_normal((2, 3, 8)).astype(np.float32)}
    node = helper.make_node("DynamicQuantizeMatMul", names, ["y"], domain=MS)
    data = _model(node, feed, [("y", F, [2, 3, 5])], inits)
    if b_type == np.uint8:
        want, got = _both(data, feed)
        np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)
        return
    # int8 B: onnxruntime's CPU kernel quantizes A to uint8 and its u8s8 path saturates (1.7 off
    # here); the provider quantizes A to B's type. Reference: the float64 product with B
    # dequantized, within A's quantization error (half a step of range/255, bounded by range/127,
    # times the column's sum of |B|)
    (got,) = pydml.onnx.InferenceSession(data).run(None, feed)
    a = feed["a"].astype(np.float64)
    bd = (b.astype(np.float64) - onnx.numpy_helper.to_array(inits[3])) * onnx.numpy_helper.to_array(inits[1])
    want = a @ bd + onnx.numpy_helper.to_array(inits[2])
    step = (max(a.max(), 0) - min(a.min(), 0)) / 127
    assert np.all(np.abs(got - want) <= step / 2 * np.abs(bd).sum(0) + 1e-5)


# -- QLinearAveragePool, QLinearGlobalAveragePool ----------------------------------------------------


@pytest.mark.parametrize(
    "op,shape,out_shape,attrs",
    [
        ("QLinearAveragePool", (1, 3, 6, 6), [1, 3, 3, 3], {"kernel_shape": [2, 2], "strides": [2, 2]}),
        (
            "QLinearAveragePool",
            (1, 3, 5, 5),
            [1, 3, 5, 5],
            {"kernel_shape": [3, 3], "pads": [1, 1, 1, 1], "count_include_pad": 1},
        ),
        (
            "QLinearAveragePool",
            (1, 6, 6, 3),
            [1, 3, 3, 3],
            {"kernel_shape": [2, 2], "strides": [2, 2], "channels_last": 1},
        ),
        ("QLinearGlobalAveragePool", (2, 3, 4, 4), [2, 3, 1, 1], {}),
        ("QLinearGlobalAveragePool", (2, 4, 4, 3), [2, 1, 1, 3], {"channels_last": 1}),
    ],
)
def test_qlinear_average_pool(op: str, shape: tuple[int, ...], out_shape: list[int], attrs: Any) -> None:
    """DML_QUANTIZED_LINEAR_AVERAGE_POOLING; channels_last read as NCHW by strides. onnxruntime's
    CPU kernel averages in integers with its own rounding: at most one step apart."""
    rng = np.random.default_rng(51)
    feed = {
        "x": rng.integers(0, 255, shape, dtype=np.uint8),
        "xs": np.array(0.05, np.float32),
        "xz": np.array(100, np.uint8),
        "ys": np.array(0.03, np.float32),
        "yz": np.array(110, np.uint8),
    }
    node = helper.make_node(op, list(feed), ["y"], domain=MS, **attrs)
    want, got = _both(_model(node, feed, [("y", TensorProto.UINT8, out_shape)]), feed)
    assert got[0].shape == want[0].shape
    assert np.abs(got[0].astype(int) - want[0].astype(int)).max() <= 1


def test_qlinear_concat() -> None:
    """Dequantize each input with its own scale and zero point, JOIN, quantize with y's: within one
    step of onnxruntime CPU (its lookup table rounds once more)."""
    rng = np.random.default_rng(61)
    feed = {
        "ys": np.array(0.04, np.float32),
        "yz": np.array(120, np.uint8),
        "a": rng.integers(0, 255, (2, 3, 4), dtype=np.uint8),
        "as": np.array(0.05, np.float32),
        "az": np.array(100, np.uint8),
        "b": rng.integers(0, 255, (2, 2, 4), dtype=np.uint8),
        "bs": np.array(0.03, np.float32),
        "bz": np.array(130, np.uint8),
    }
    node = helper.make_node("QLinearConcat", list(feed), ["y"], domain=MS, axis=-2)
    want, got = _both(_model(node, feed, [("y", TensorProto.UINT8, [2, 5, 4])]), feed)
    assert np.abs(got[0].astype(int) - want[0].astype(int)).max() <= 1


# -- GroupNorm ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("channels_last", [1, 0])
@pytest.mark.parametrize("activation", [0, 1])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_group_norm_against_numpy(channels_last: int, activation: int, dtype: Any) -> None:
    """onnxruntime's CPU provider has no GroupNorm kernel: float64 numpy of the contrib op's
    definition (mean and variance per batch and group of channels; Swish when activation=1).
    FLOAT16 input with FLOAT32 gamma and beta takes the provider's CAST of gamma and beta."""
    rng = np.random.default_rng(71 + channels_last + 2 * activation)
    shape = (2, 3, 4, 6) if channels_last else (2, 6, 3, 4)
    x = rng.standard_normal(shape).astype(dtype)
    gamma, beta = rng.standard_normal(6).astype(np.float32), rng.standard_normal(6).astype(np.float32)
    node = helper.make_node(
        "GroupNorm",
        ["x", "gamma", "beta"],
        ["y"],
        domain=MS,
        groups=3,
        activation=activation,
        channels_last=channels_last,
        epsilon=1e-5,
    )
    feed = {"x": x, "gamma": gamma, "beta": beta}
    data = _model(node, feed, [("y", TYPES[np.dtype(dtype)], list(shape))])
    sess = pydml.onnx.InferenceSession(data)
    (got,) = sess.run(None, feed)
    assert sess.reference_nodes == []
    xd = x.astype(np.float64)
    nchw = xd.transpose(0, 3, 1, 2) if channels_last else xd
    n, c, h, w = nchw.shape
    grouped = nchw.reshape(n, 3, -1)
    norm = (grouped - grouped.mean(-1, keepdims=True)) / np.sqrt(grouped.var(-1, keepdims=True) + 1e-5)
    want = norm.reshape(n, c, h, w) * gamma[None, :, None, None] + beta[None, :, None, None]
    if activation:
        want = want / (1 + np.exp(-want))
    want = want.transpose(0, 2, 3, 1) if channels_last else want
    tol = 1e-2 if dtype == np.float16 else 1e-5
    np.testing.assert_allclose(got.astype(np.float64), want, rtol=tol, atol=tol)


# -- FusedMatMul's batch transposes, FusedMatMulActivation --------------------------------------------


@pytest.mark.parametrize("tba,tbb,ta,tb", [(1, 0, 0, 0), (0, 1, 0, 0), (1, 1, 1, 0), (1, 1, 0, 1)])
def test_fused_matmul_trans_batch(tba: int, tbb: int, ta: int, tb: int) -> None:
    """transBatchA/B read [d0, d1, d2] as [d1, d0, d2] by strides, before transA/B."""
    rng = np.random.default_rng(81)
    a_logical = (2, 4, 3) if ta else (2, 3, 4)
    b_logical = (2, 5, 4) if tb else (2, 4, 5)

    def stored(shape: tuple[int, int, int], batch_first: int) -> tuple[int, ...]:
        return (shape[1], shape[0], shape[2]) if batch_first else shape

    feed = {
        "a": rng.standard_normal(stored(a_logical, tba)).astype(np.float32),
        "b": rng.standard_normal(stored(b_logical, tbb)).astype(np.float32),
    }
    node = helper.make_node(
        "FusedMatMul",
        ["a", "b"],
        ["y"],
        domain=MS,
        transBatchA=tba,
        transBatchB=tbb,
        transA=ta,
        transB=tb,
        alpha=0.5,
    )
    want, got = _both(_model(node, feed, [("y", F, [2, 3, 5])]), feed)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "activation,attrs,onnx_attrs",
    [
        ("Relu", {}, {}),
        ("LeakyRelu", {"activation_alpha": 0.2}, {"alpha": 0.2}),
        ("HardSigmoid", {"activation_alpha": 0.3, "activation_beta": 0.4}, {"alpha": 0.3, "beta": 0.4}),
        ("Sigmoid", {}, {}),
    ],
)
def test_fused_matmul_activation(activation: str, attrs: Any, onnx_attrs: Any) -> None:
    """onnxruntime has no CPU FusedMatMulActivation kernel: its CPU MatMul followed by the ai.onnx
    activation is the reference."""
    rng = np.random.default_rng(82)
    feed = {
        "a": rng.standard_normal((2, 3, 4)).astype(np.float32),
        "b": rng.standard_normal((4, 5)).astype(np.float32),
    }
    node = helper.make_node(
        "FusedMatMulActivation", ["a", "b"], ["y"], domain=MS, activation=activation, **attrs
    )
    sess = pydml.onnx.InferenceSession(_model(node, feed, [("y", F, [2, 3, 5])]))
    (got,) = sess.run(None, feed)
    assert sess.reference_nodes == []
    graph = helper.make_graph(
        [
            helper.make_node("MatMul", ["a", "b"], ["t"]),
            helper.make_node(activation, ["t"], ["y"], **onnx_attrs),
        ],
        "g",
        [helper.make_tensor_value_info(k, F, list(v.shape)) for k, v in feed.items()],
        [helper.make_tensor_value_info("y", F, [2, 3, 5])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    (want,) = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(
        None, feed
    )
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_fused_matmul_activation_refuses_unfusable() -> None:
    feed = {"a": np.ones((2, 3), np.float32), "b": np.ones((3, 4), np.float32)}
    node = helper.make_node("FusedMatMulActivation", ["a", "b"], ["y"], domain=MS, activation="Gelu")
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match=r'node "FusedMatMulActivation_0".*Gelu'):
        pydml.onnx.InferenceSession(_model(node, feed, [("y", F, [2, 4])])).run(None, feed)


# -- NhwcConv, ConvTransposeWithDynamicPads -----------------------------------------------------------


def _float_model(nodes: list[Any], feed: dict[str, Any], out_shape: list[int]) -> bytes:
    graph = helper.make_graph(
        nodes,
        "g",
        [
            helper.make_tensor_value_info(k, TYPES.get(v.dtype, TensorProto.INT64), list(v.shape))
            for k, v in feed.items()
        ],
        [helper.make_tensor_value_info("y", F, out_shape)],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid(MS, 1)])
    model.ir_version = 8
    return bytes(model.SerializeToString())


def test_nhwc_conv() -> None:
    """onnxruntime has no CPU NhwcConv: Transpose + Conv + Transpose on its CPU provider is the
    reference (grouped, asymmetric pads, strides)."""
    rng = np.random.default_rng(91)
    feed = {
        "x": rng.standard_normal((1, 5, 6, 4)).astype(np.float32),
        "w": rng.standard_normal((6, 3, 3, 2)).astype(np.float32),
        "b": rng.standard_normal(6).astype(np.float32),
    }
    conv = {"group": 2, "pads": [1, 0, 1, 1], "strides": [1, 2]}
    data = _float_model(
        [helper.make_node("NhwcConv", ["x", "w", "b"], ["y"], domain=MS, **conv)], feed, [1, 5, 3, 6]
    )
    sess = pydml.onnx.InferenceSession(data)
    (got,) = sess.run(None, feed)
    assert sess.reference_nodes == []
    reference = _float_model(
        [
            helper.make_node("Transpose", ["x"], ["xt"], perm=[0, 3, 1, 2]),
            helper.make_node("Transpose", ["w"], ["wt"], perm=[0, 3, 1, 2]),
            helper.make_node("Conv", ["xt", "wt", "b"], ["yt"], **conv),
            helper.make_node("Transpose", ["yt"], ["y"], perm=[0, 2, 3, 1]),
        ],
        feed,
        [1, 5, 3, 6],
    )
    (want,) = ort.InferenceSession(reference, providers=["CPUExecutionProvider"]).run(None, feed)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_conv_transpose_with_dynamic_pads() -> None:
    """Pads from input 2 (a graph input: read per run, part of the plan's key), bias at input 3."""
    rng = np.random.default_rng(92)
    feed = {
        "x": rng.standard_normal((1, 4, 5, 5)).astype(np.float32),
        "w": rng.standard_normal((4, 3, 3, 3)).astype(np.float32),
        "pads": np.array([1, 0, 0, 1], np.int64),
        "b": rng.standard_normal(3).astype(np.float32),
    }
    node = helper.make_node(
        "ConvTransposeWithDynamicPads", ["x", "w", "pads", "b"], ["y"], domain=MS, strides=[2, 2]
    )
    want, got = _both(_float_model([node], feed, [1, 3, 10, 10]), feed)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)


# -- Attention's mask, attention_bias and value hidden size -----------------------------------------


@pytest.mark.parametrize(
    "case",
    ["key-lengths", "end-start", "2d-mask", "3d-mask", "attention-bias", "value-hidden-4"],
)
def test_attention_masks_bias_and_value_size(case: str) -> None:
    """The provider's DmlOperatorAttention inputs beyond the projection: mask_index in each form
    DML_MULTIHEAD_ATTENTION takes, attention_bias as RelativePositionBiasTensor, and
    qkv_hidden_sizes with a value hidden size of its own (stacked query/key + SLICE1d value)."""
    rng = np.random.default_rng(101)
    batch, seq, k, heads = 2, 4, 6, 2
    hq, hv = 8, (4 if case == "value-hidden-4" else 8)
    feed: dict[str, Any] = {
        "x": rng.standard_normal((batch, seq, k)).astype(np.float32),
        "w": (rng.standard_normal((k, 2 * hq + hv)) * 0.3).astype(np.float32),
        "b": rng.standard_normal(2 * hq + hv).astype(np.float32),
    }
    names = ["x", "w", "b"]
    masks = {
        "key-lengths": np.array([2, 4], np.int32),
        "end-start": np.array([3, 4, 0, 1], np.int32),
        "2d-mask": np.array([[1, 1, 0, 1], [1, 1, 1, 1]], np.int32),
        "3d-mask": (rng.random((batch, seq, seq)) > 0.3).astype(np.int32),
    }
    attrs: dict[str, Any] = {"num_heads": heads}
    if case in masks:
        feed["mask"] = masks[case]
        names.append("mask")
    elif case == "attention-bias":
        feed["bias2"] = rng.standard_normal((batch, heads, seq, seq)).astype(np.float32)
        names += ["", "", "bias2"]
    else:
        attrs["qkv_hidden_sizes"] = [hq, hq, hv]
    node = helper.make_node("Attention", names, ["y"], domain=MS, **attrs)
    want, got = _both(_model(node, feed, [("y", F, [batch, seq, hv])]), feed)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)


def test_attention_refuses_unidirectional_as_the_provider() -> None:
    rng = np.random.default_rng(102)
    feed = {
        "x": rng.standard_normal((1, 2, 4)).astype(np.float32),
        "w": rng.standard_normal((4, 12)).astype(np.float32),
    }
    node = helper.make_node("Attention", ["x", "w"], ["y"], domain=MS, num_heads=2, unidirectional=1)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match=r'node "Attention_0".*QueryAttention'):
        pydml.onnx.InferenceSession(_model(node, feed, [("y", F, [1, 2, 4])])).run(None, feed)


# -- MultiHeadAttention's masks, past state and packed layouts ----------------------------------------


def _mha(feed: dict[str, Any], names: list[str], outs: list[tuple[str, list[int]]]) -> bytes:
    node = helper.make_node("MultiHeadAttention", names, [o[0] for o in outs], domain=MS, num_heads=2)
    return _model(node, feed, [(n, F, s) for n, s in outs])


@pytest.mark.parametrize(
    "case", ["key-lengths", "key-padding-mask", "bias-and-mask", "past-present", "kv-4d"]
)
def test_multi_head_attention_masks_and_past(case: str) -> None:
    batch, seq, kv, heads, head = 2, 3, 5, 2, 4
    rng = np.random.default_rng(111)

    def r(*shape: int) -> np.ndarray[Any, Any]:
        return rng.standard_normal(shape).astype(np.float32)

    feed: dict[str, Any] = {"q": r(batch, seq, heads * head)}
    outs = [("y", [batch, seq, heads * head])]
    if case == "kv-4d":  # precomputed [B, N, L, H] keys and values: the provider's PastKey/PastValue
        feed.update(k=r(batch, heads, kv, head), v=r(batch, heads, kv, head))
        names = ["q", "k", "v"]
    elif case == "past-present":
        feed.update(k=r(batch, seq, heads * head), v=r(batch, seq, heads * head))
        feed.update(pk=r(batch, heads, 4, head), pv=r(batch, heads, 4, head))
        names = ["q", "k", "v", "", "", "", "pk", "pv"]
        outs += [("present_k", [batch, heads, 4 + seq, head]), ("present_v", [batch, heads, 4 + seq, head])]
    else:
        feed.update(k=r(batch, kv, heads * head), v=r(batch, kv, heads * head))
        names = ["q", "k", "v", "", "mask"]
        if case == "key-lengths":
            feed["mask"] = np.array([3, 5], np.int32)
        else:
            feed["mask"] = np.array([[1, 0, 1, 1, 1], [1, 1, 1, 1, 0]], np.int32)
        if case == "bias-and-mask":
            feed["bias"] = r(3 * heads * head)
            names[3] = "bias"
    want, got = _both(_mha(feed, names, outs), feed)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


def test_multi_head_attention_packed_layouts_match_separate() -> None:
    """onnxruntime's CPU kernel implements neither packed layout: the reference is its result on
    the same query, key and value given separately."""
    batch, seq, heads, head = 2, 3, 2, 4
    rng = np.random.default_rng(112)
    qkv = rng.standard_normal((batch, seq, heads, 3, head)).astype(np.float32)
    separate = {
        f: np.ascontiguousarray(qkv[:, :, :, i]).reshape(batch, seq, heads * head)
        for i, f in enumerate("qkv")
    }
    reference = _mha(separate, ["q", "k", "v"], [("y", [batch, seq, heads * head])])
    (want,) = ort.InferenceSession(reference, providers=["CPUExecutionProvider"]).run(None, separate)
    packed = {"q": qkv}
    sess = pydml.onnx.InferenceSession(_mha(packed, ["q"], [("y", [batch, seq, heads * head])]))
    np.testing.assert_allclose(sess.run(None, packed)[0], want, rtol=1e-5, atol=1e-5)
    kv = {"q": separate["q"], "kv": np.ascontiguousarray(qkv[:, :, :, 1:])}
    sess = pydml.onnx.InferenceSession(_mha(kv, ["q", "kv"], [("y", [batch, seq, heads * head])]))
    np.testing.assert_allclose(sess.run(None, kv)[0], want, rtol=1e-5, atol=1e-5)
