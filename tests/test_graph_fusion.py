"""Graph fusion and concurrent branches (native/graph/graph.c, issue 24).

Fusion: an activation node after an operator with a FusedActivation field (or ELEMENT_WISE_ADD,
made ADD1), and a per-channel bias add after a CONVOLUTION, run inside that operator. Fused
results equal the unfused graph's (which are the bits of the nodes one by one) within the
operators' tolerances, and both are checked against a float64 numpy reference of the page's
formula; the fused graph runs fewer operators. Where a rule forbids fusing (another reader, a
graph output, the feature level, an activation that does not fuse) nothing fuses.

Concurrency: independent branches run side by side; results are the same bits on 1 to 4 threads,
concurrent or serial, and equal to the nodes one by one."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from test_graph import In, Mid, Op, Out, t

import pydml
from pydml import DML_GRAPH_DESC
from pydml.native import lib

X4 = [2, 3, 6, 6]
Y4 = [2, 4, 6, 6]


@pytest.fixture
def device() -> pydml.Device:
    return pydml.Device()


@pytest.fixture
def threads() -> Any:
    before = int(lib.pydml_set_num_threads(0))
    yield lib.pydml_set_num_threads
    lib.pydml_set_num_threads(before)


def conv(dtype: str = "FLOAT32", bias: bool = False) -> Any:
    return pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=t(X4, dtype), FilterTensor=t([4, 3, 3, 3], dtype),
        BiasTensor=t([1, 4, 1, 1], dtype) if bias else None, OutputTensor=t(Y4, dtype),
        Mode="CROSS_CORRELATION", Direction="FORWARD", DimensionCount=2, Strides=[1, 1], Dilations=[1, 1],
        StartPadding=[1, 1], EndPadding=[1, 1], OutputPadding=[0, 0], GroupCount=1)


def act(name: str, shape: list[int] = Y4, dtype: str = "FLOAT32", **fields: Any) -> Any:
    cls = getattr(pydml, f"DML_ACTIVATION_{name}_OPERATOR_DESC")
    return cls(InputTensor=t(shape, dtype), OutputTensor=t(shape, dtype), **fields)


def chain(first: Any, second: Any, first_inputs: int) -> Any:
    """graph inputs 0.. -> first -> second -> graph output 0"""
    return DML_GRAPH_DESC(
        Nodes=[Op(first, "producer"), Op(second, "activation")],
        InputEdges=[In(i, 0, i) for i in range(first_inputs)],
        IntermediateEdges=[Mid(0, 0, 1, 0)],
        OutputEdges=[Out(1, 0, 0)],
    )


def conv_input(rng: np.random.Generator, dtype: Any = np.float32) -> list[Any]:
    return [rng.standard_normal(X4).astype(dtype), (rng.standard_normal([4, 3, 3, 3]) / 5).astype(dtype)]


def conv64(x: Any, w: Any) -> Any:
    """float64 cross-correlation, pad 1 (the CONVOLUTION page's formula)."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros(Y4)
    for i in range(3):
        for j in range(3):
            out += np.einsum("nchw,oc->nohw", xp[:, :, i:i + 6, j:j + 6], w[:, :, i, j])
    return out


def run_both(device: pydml.Device, desc: Any, inputs: list[Any]) -> tuple[Any, Any, Any]:
    fused = device.compile_graph(desc)
    unfused = device.compile_graph(desc, fusion=False)
    (a,) = fused.execute(inputs)
    (b,) = unfused.execute(inputs)
    return fused, a, b


# ---- fused vs unfused --------------------------------------------------------------------------


@pytest.mark.parametrize("name, fields, reference", [
    ("RELU", {}, lambda v: np.maximum(v, 0)),
    ("SIGMOID", {}, lambda v: 1 / (1 + np.exp(-v))),
    ("LEAKY_RELU", {"Alpha": 0.25}, lambda v: np.where(v > 0, v, 0.25 * v)),
    ("TANH", {}, np.tanh),
])
def test_conv_activation_fused(device: pydml.Device, rng: np.random.Generator, name: str,
                               fields: dict[str, Any], reference: Any) -> None:
    inputs = conv_input(rng)
    graph, fused, unfused = run_both(device, chain(conv(), act(name, **fields), 2), inputs)
    assert graph.operator_count == 1 and graph.fused == {1: 0} and graph.execution_order == [0]
    expected = reference(conv64(*inputs))
    np.testing.assert_allclose(fused, expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(fused, unfused, rtol=1e-5, atol=1e-6)


def test_conv_bias_relu_is_one_convolution(device: pydml.Device, rng: np.random.Generator) -> None:
    """conv -> ADD(per-channel bias, broadcast by zero strides) -> relu: the bias is folded into the
    convolution's BiasTensor and the relu into its FusedActivation."""
    bias_add = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=t(Y4), BTensor=t(Y4, strides=[0, 1, 0, 0]), OutputTensor=t(Y4))
    desc = DML_GRAPH_DESC(
        Nodes=[Op(conv()), Op(bias_add), Op(act("RELU"))],
        InputEdges=[In(0, 0, 0), In(1, 0, 1), In(2, 1, 1)],
        IntermediateEdges=[Mid(0, 0, 1, 0), Mid(1, 0, 2, 0)],
        OutputEdges=[Out(2, 0, 0)],
    )
    x, w = conv_input(rng)
    b = rng.standard_normal(4).astype(np.float32)
    graph, fused, unfused = run_both(device, desc, [x, w, b])
    assert graph.operator_count == 1 and graph.fused == {1: 0, 2: 0}
    expected = np.maximum(conv64(x, w) + b.reshape(1, 4, 1, 1), 0)
    np.testing.assert_allclose(fused, expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(fused, unfused, rtol=1e-5, atol=1e-6)
    # the bias as a constant node folds too; as another node's output it cannot (it would be
    # read before it exists)
    const = DML_GRAPH_DESC(
        Nodes=[Op(conv()), Op(bias_add), Op(act("RELU")), pydml.DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=b)],
        InputEdges=[In(0, 0, 0), In(1, 0, 1)],
        IntermediateEdges=[Mid(0, 0, 1, 0), Mid(1, 0, 2, 0), Mid(3, 0, 1, 1)],
        OutputEdges=[Out(2, 0, 0)],
    )
    graph = device.compile_graph(const)
    assert graph.fused == {1: 0, 2: 0}
    np.testing.assert_allclose(graph.execute([x, w])[0], expected, rtol=1e-5, atol=1e-6)


def test_fused_chain_keeps_every_later_intermediate_apart(device: pydml.Device, rng: np.random.Generator) -> None:
    """conv -> bias -> relu -> pool -> gemm: after fusion the graph runs 3 steps, not 5. The arena
    plan once walked the 5 steps of the unfused order, so the pool's output was given memory twice,
    the second time over the relu's output it reads (found by bench_graph.py's conv chain)."""
    bias_add = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=t(Y4), BTensor=t(Y4, strides=[0, 1, 0, 0]), OutputTensor=t(Y4))
    pool = pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=t(Y4), OutputTensor=t([2, 4, 3, 3]), DimensionCount=2, Strides=[2, 2], WindowSize=[2, 2],
        StartPadding=[0, 0], EndPadding=[0, 0], IncludePadding=False)
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, 2, 36]), BTensor=t([1, 1, 36, 5]), OutputTensor=t([1, 1, 2, 5]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0)
    desc = DML_GRAPH_DESC(
        Nodes=[Op(conv()), Op(bias_add), Op(act("RELU")), Op(pool), Op(gemm)],
        InputEdges=[In(0, 0, 0), In(1, 0, 1), In(2, 1, 1), In(3, 4, 1)],
        IntermediateEdges=[Mid(i, 0, i + 1, 0) for i in range(4)],
        OutputEdges=[Out(4, 0, 0)],
    )
    x, w = conv_input(rng)
    b = rng.standard_normal(4).astype(np.float32)
    fc = rng.standard_normal([1, 1, 36, 5]).astype(np.float32)
    graph, fused, unfused = run_both(device, desc, [x, w, b, fc])
    assert graph.fused == {1: 0, 2: 0} and graph.operator_count == 3
    y = np.maximum(conv64(x, w) + b.reshape(1, 4, 1, 1), 0)
    pooled = y.reshape(2, 4, 3, 2, 3, 2).mean(axis=(3, 5))
    expected = pooled.reshape(1, 1, 2, 36) @ fc.astype(np.float64)
    np.testing.assert_allclose(fused, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(fused, unfused, rtol=1e-5, atol=1e-6)


def test_gemm_batchnorm_add_fuse(device: pydml.Device, rng: np.random.Generator) -> None:
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, 4, 5]), BTensor=t([1, 1, 5, 6]), OutputTensor=t([1, 1, 4, 6]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0)
    a, b = rng.standard_normal([1, 1, 4, 5]), rng.standard_normal([1, 1, 5, 6])
    graph, fused, unfused = run_both(device, chain(gemm, act("SIGMOID", [1, 1, 4, 6]), 2),
                                     [a.astype(np.float32), b.astype(np.float32)])
    assert graph.fused == {1: 0}
    np.testing.assert_allclose(fused, 1 / (1 + np.exp(-(a @ b))), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(fused, unfused, rtol=1e-5, atol=1e-6)

    c = [1, 4, 1, 1]
    bn = pydml.DML_BATCH_NORMALIZATION_OPERATOR_DESC(
        InputTensor=t(Y4), MeanTensor=t(c), VarianceTensor=t(c), ScaleTensor=t(c), BiasTensor=t(c),
        OutputTensor=t(Y4), Spatial=True, Epsilon=1e-5)
    x = rng.standard_normal(Y4)
    mean, scale, bias = (rng.standard_normal(c) for _ in range(3))
    var = rng.random(c) + 0.5
    inputs = [v.astype(np.float32) for v in (x, mean, var, scale, bias)]
    graph, fused, unfused = run_both(device, chain(bn, act("RELU"), 5), inputs)
    assert graph.fused == {1: 0}
    np.testing.assert_allclose(fused, np.maximum(scale * (x - mean) / np.sqrt(var + 1e-5) + bias, 0),
                               rtol=1e-5, atol=1e-5)
    assert fused.tobytes() == unfused.tobytes()  # FLOAT32 relu: the same bits either way

    add = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t(Y4), BTensor=t(Y4), OutputTensor=t(Y4))
    p, q = (rng.standard_normal(Y4).astype(np.float32) for _ in range(2))
    graph, fused, unfused = run_both(device, chain(add, act("RELU"), 2), [p, q])
    assert graph.fused == {1: 0}  # ADD + RELU runs as ELEMENT_WISE_ADD1 with a FusedActivation
    assert fused.tobytes() == unfused.tobytes() == np.maximum(p + q, 0).tobytes()


def clip1(lo: Any, hi: Any, shape: list[int] = Y4, dtype: str = "FLOAT32", **fields: Any) -> Any:
    return pydml.DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC(
        InputTensor=t(shape, dtype), OutputTensor=t(shape, dtype),
        MinMaxDataType=f"DML_TENSOR_DATA_TYPE_{dtype}", Min=lo, Max=hi, **fields)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_clip1_fuses_into_conv_and_gemm_with_its_own_nan(device: pydml.Device, rng: np.random.Generator,
                                                        dtype: str) -> None:
    """ELEMENT_WISE_CLIP1 (ONNX's Clip, MobileNet's ReLU6) runs inside a CONVOLUTION or GEMM as the
    ELEMENT_WISE_CLIP FusedActivation DirectML takes there from 6_0, computing CLIP1's function: the
    same bits as the node alone, NaN included (CLIP1 sends it to Max, CLIP to Min)."""
    np_type = np.float32 if dtype == "FLOAT32" else np.float16
    x, w = conv_input(rng, np_type)
    x = (x * 4).astype(np_type)
    x[0, 0, 2, 2] = np.nan  # nine outputs of every channel of image 0 are NaN
    graph, fused, unfused = run_both(device, chain(conv(dtype), clip1(0, 6, dtype=dtype), 2), [x, w])
    assert graph.fused == {1: 0} and graph.operator_count == 1
    assert fused.tobytes() == unfused.tobytes()
    assert np.isnan(conv64(x, w)).sum() == 36 and (fused[np.isnan(conv64(x, w))] == 6).all()
    ok = ~np.isnan(conv64(x, w))
    tol = 1e-5 if dtype == "FLOAT32" else 2 ** -9
    expected = np.clip(conv64(x, w), 0, 6)[ok]
    np.testing.assert_allclose(fused[ok].astype(np.float64), expected, rtol=tol, atol=tol)
    assert 0 < (fused[ok] == 6).sum() < ok.sum() and (fused[ok] == 0).any()  # both bounds reached
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, 4, 5], dtype), BTensor=t([1, 1, 5, 6], dtype), OutputTensor=t([1, 1, 4, 6], dtype),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0)
    a, b = (rng.standard_normal(s).astype(np_type) for s in ([1, 1, 4, 5], [1, 1, 5, 6]))
    a[0, 0, 1, 0] = np.nan
    graph, fused, unfused = run_both(device, chain(gemm, clip1(-0.5, 0.75, [1, 1, 4, 6], dtype), 2), [a, b])
    assert graph.fused == {1: 0}
    assert fused.tobytes() == unfused.tobytes() and (fused[0, 0, 1] == np.float32(0.75)).all()


def test_clip1_that_clip_cannot_compute_runs_alone(device: pydml.Device) -> None:
    """Where no ELEMENT_WISE_CLIP computes the node (a ScaleBias), before 6_0, or into an operator
    CLIP does not fuse into: the CLIP1 node stays a node."""
    scaled = clip1(0, 6, ScaleBias=pydml.DML_SCALE_BIAS(Scale=2.0, Bias=0.0))
    assert device.compile_graph(chain(conv(), scaled, 2)).fused == {}
    assert pydml.Device("DML_FEATURE_LEVEL_5_0").compile_graph(chain(conv(), clip1(0, 6), 2)).fused == {}
    c = [1, 4, 1, 1]
    bn = pydml.DML_BATCH_NORMALIZATION_OPERATOR_DESC(
        InputTensor=t(Y4), MeanTensor=t(c), VarianceTensor=t(c), ScaleTensor=t(c), BiasTensor=t(c),
        OutputTensor=t(Y4), Spatial=True, Epsilon=1e-5)
    assert device.compile_graph(chain(bn, clip1(0, 6), 5)).fused == {}


def silu_graph(first: Any, first_inputs: int, shape: list[int] = Y4, dtype: str = "FLOAT32") -> Any:
    """graph inputs -> first -> x; sigmoid(x); multiply(x, sigmoid(x)) -> graph output 0 (torch's
    F.silu as its exporter writes it)"""
    sig = act("SIGMOID", shape, dtype)
    mul = pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(
        ATensor=t(shape, dtype), BTensor=t(shape, dtype), OutputTensor=t(shape, dtype))
    return DML_GRAPH_DESC(
        Nodes=[Op(first, "producer"), Op(sig, "sigmoid"), Op(mul, "multiply")],
        InputEdges=[In(i, 0, i) for i in range(first_inputs)],
        IntermediateEdges=[Mid(0, 0, 1, 0), Mid(0, 0, 2, 0), Mid(1, 0, 2, 1)],
        OutputEdges=[Out(2, 0, 0)],
    )


def test_sigmoid_times_x_runs_inside_conv_and_gemm(device: pydml.Device, rng: np.random.Generator) -> None:
    """x * sigmoid(x) (SiLU, as torch exports it) after a CONVOLUTION or GEMM: one operator, the
    SIGMOID kernel and the product applied as the producer's activation: the two nodes' bits."""
    inputs = conv_input(rng)
    graph, fused, unfused = run_both(device, silu_graph(conv(), 2), inputs)
    assert graph.fused == {1: 0, 2: 0} and graph.operator_count == 1 and graph.execution_order == [0]
    assert fused.tobytes() == unfused.tobytes()
    v = conv64(*inputs)
    np.testing.assert_allclose(fused, v / (1 + np.exp(-v)), rtol=1e-5, atol=1e-6)
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, 4, 5]), BTensor=t([1, 1, 5, 6]), OutputTensor=t([1, 1, 4, 6]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0)
    a, b = (rng.standard_normal(s).astype(np.float32) for s in ([1, 1, 4, 5], [1, 1, 5, 6]))
    graph, fused, unfused = run_both(device, silu_graph(gemm, 2, [1, 1, 4, 6]), [a, b])
    assert graph.fused == {1: 0, 2: 0} and fused.tobytes() == unfused.tobytes()
    v = a.astype(np.float64) @ b
    np.testing.assert_allclose(fused, v / (1 + np.exp(-v)), rtol=1e-5, atol=1e-6)
    # FLOAT16: the product rounded once instead of three times
    inputs16 = conv_input(rng, np.float16)
    graph, fused, unfused = run_both(device, silu_graph(conv("FLOAT16"), 2, dtype="FLOAT16"), inputs16)
    assert graph.fused == {1: 0, 2: 0}
    np.testing.assert_allclose(fused.astype(np.float64), unfused.astype(np.float64),
                               rtol=2 ** -9, atol=2 ** -10)
    # a graph's own SWISH or HARD_SWISH node fuses too (DirectML's FusedActivation list has
    # neither), its parameters kept: the node's kernel on the tile, the node's bits
    graph, fused, unfused = run_both(device, chain(conv(), act("SWISH", SigmoidInputScale=0.5), 2), inputs)
    assert graph.fused == {1: 0} and fused.tobytes() == unfused.tobytes()
    v = conv64(*inputs)
    np.testing.assert_allclose(fused, v / (1 + np.exp(-0.5 * v)), rtol=1e-5, atol=1e-6)
    hard = act("HARD_SWISH", Alpha=0.25, Beta=0.4)
    graph, fused, unfused = run_both(device, chain(conv(), hard, 2), inputs)
    assert graph.fused == {1: 0} and fused.tobytes() == unfused.tobytes()
    np.testing.assert_allclose(fused, v * np.clip(0.25 * v + 0.4, 0, 1), rtol=1e-5, atol=1e-6)


def test_sigmoid_times_x_what_stays_apart(device: pydml.Device, rng: np.random.Generator) -> None:
    """The ONNX front end's views of a batch of one (stride 0 on the size-1 dimension) are the same
    layout. The pair does not fuse without a CONVOLUTION or GEMM producing x, where the sigmoid's
    output is read elsewhere, or where the multiply's other factor is another value."""
    one = [1, 4, 6, 6]
    conv1 = pydml.DML_CONVOLUTION_OPERATOR_DESC(**{**conv().__dict__, "InputTensor": t([1, 3, 6, 6]),
                                                  "OutputTensor": t(one)})
    sig1 = act("SIGMOID", one)
    mul1 = pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(
        ATensor=t(one, strides=[0, 36, 6, 1]), BTensor=t(one, strides=[0, 36, 6, 1]), OutputTensor=t(one))
    batch1 = DML_GRAPH_DESC(Nodes=[Op(conv1), Op(sig1), Op(mul1)], InputEdges=[In(0, 0, 0), In(1, 0, 1)],
                            IntermediateEdges=[Mid(0, 0, 1, 0), Mid(0, 0, 2, 0), Mid(1, 0, 2, 1)],
                            OutputEdges=[Out(2, 0, 0)])
    x, w = conv_input(rng)
    graph, fused, unfused = run_both(device, batch1, [x[:1], w])
    assert graph.fused == {1: 0, 2: 0} and fused.tobytes() == unfused.tobytes()
    sig = act("SIGMOID")
    mul = pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(ATensor=t(Y4), BTensor=t(Y4), OutputTensor=t(Y4))
    alone = DML_GRAPH_DESC(Nodes=[Op(sig), Op(mul)], InputEdges=[In(0, 0, 0), In(0, 1, 1)],
                           IntermediateEdges=[Mid(0, 0, 1, 0)], OutputEdges=[Out(1, 0, 0)])
    assert device.compile_graph(alone).fused == {}
    shared = silu_graph(conv(), 2)
    shared = DML_GRAPH_DESC(Nodes=shared.Nodes, InputEdges=shared.InputEdges,
                            IntermediateEdges=shared.IntermediateEdges,
                            OutputEdges=[Out(2, 0, 0), Out(1, 0, 1)])
    assert device.compile_graph(shared).fused == {}
    other = DML_GRAPH_DESC(
        Nodes=[Op(conv()), Op(sig), Op(mul)], InputEdges=[In(0, 0, 0), In(1, 0, 1), In(2, 2, 0)],
        IntermediateEdges=[Mid(0, 0, 1, 0), Mid(1, 0, 2, 1)], OutputEdges=[Out(2, 0, 0)])
    assert device.compile_graph(other).fused == {1: 0}  # the sigmoid alone, as any activation


def test_float16_conv_relu_within_half_tolerance(device: pydml.Device, rng: np.random.Generator) -> None:
    """FLOAT16: the fused activation acts on the float result before its one rounding to half, the
    unfused one after it: at most one half ulp apart (relu: equal)."""
    inputs = conv_input(rng, np.float16)
    graph, fused, unfused = run_both(device, chain(conv("FLOAT16"), act("SIGMOID", dtype="FLOAT16"), 2),
                                     inputs)
    assert graph.fused == {1: 0}
    np.testing.assert_allclose(fused.astype(np.float64), unfused.astype(np.float64),
                               rtol=2 ** -10, atol=2 ** -11)
    expected = 1 / (1 + np.exp(-conv64(*inputs)))
    np.testing.assert_allclose(fused.astype(np.float64), expected, rtol=2 ** -9, atol=2 ** -10)


def test_what_does_not_fuse(device: pydml.Device, rng: np.random.Generator) -> None:
    relu = act("RELU")
    # the intermediate is also a graph output
    desc = DML_GRAPH_DESC(Nodes=[Op(conv()), Op(relu)], InputEdges=[In(0, 0, 0), In(1, 0, 1)],
                          IntermediateEdges=[Mid(0, 0, 1, 0)], OutputEdges=[Out(1, 0, 0), Out(0, 0, 1)])
    assert device.compile_graph(desc).fused == {}
    # the intermediate has another reader
    desc = DML_GRAPH_DESC(Nodes=[Op(conv()), Op(relu), Op(act("TANH"))],
                          InputEdges=[In(0, 0, 0), In(1, 0, 1)],
                          IntermediateEdges=[Mid(0, 0, 1, 0), Mid(0, 0, 2, 0)],
                          OutputEdges=[Out(1, 0, 0), Out(2, 0, 1)])
    assert device.compile_graph(desc).operator_count == 3
    # an operator without FusedActivation, an activation that does not fuse (softmax)
    assert device.compile_graph(chain(act("TANH"), act("RELU"), 1)).fused == {}
    softmax = pydml.DML_ACTIVATION_SOFTMAX_OPERATOR_DESC(InputTensor=t([1, 1, 4, 6]),
                                                         OutputTensor=t([1, 1, 4, 6]))
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=t([1, 1, 4, 5]), BTensor=t([1, 1, 5, 6]), OutputTensor=t([1, 1, 4, 6]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=0.0)
    # SOFTMAX fuses into GEMM from DML_FEATURE_LEVEL_6_1 (the feature-level history), not before
    fused = device.compile_graph(chain(gemm, softmax, 2))
    assert fused.fused == {1: 0} and fused.operator_count == 1
    assert pydml.Device("DML_FEATURE_LEVEL_6_0").compile_graph(chain(gemm, softmax, 2)).fused == {}
    a, b = rng.standard_normal((1, 1, 4, 5)).astype(np.float32), rng.standard_normal((1, 1, 5, 6)).astype(np.float32)
    want = a.astype(np.float64) @ b
    want = np.exp(want - want.max(axis=-1, keepdims=True))
    want /= want.sum(axis=-1, keepdims=True)
    np.testing.assert_allclose(fused.execute([a, b])[0], want, rtol=0, atol=1e-6)
    # GELU fuses from DML_FEATURE_LEVEL_5_1 (its fusable level): not on a 5_0 device
    gelu = pydml.DML_ACTIVATION_GELU_OPERATOR_DESC(InputTensor=t(Y4), OutputTensor=t(Y4))
    assert device.compile_graph(chain(conv(), gelu, 2)).fused == {1: 0}
    old = pydml.Device("DML_FEATURE_LEVEL_5_0")
    with pytest.raises(pydml.ValidationError, match="GELU"):
        old.compile_graph(chain(conv(), gelu, 2))  # GELU itself needs 5_1: the node is refused
    # a CLIP fuses from 6_0 (ELEMENT_WISE_CLIP is in the FusedActivation list from that level)
    clip = pydml.DML_ELEMENT_WISE_CLIP_OPERATOR_DESC(InputTensor=t(Y4), OutputTensor=t(Y4), Min=0.0, Max=1.0)
    assert device.compile_graph(chain(conv(), clip, 2)).fused == {1: 0}
    assert pydml.Device("DML_FEATURE_LEVEL_5_0").compile_graph(chain(conv(), clip, 2)).fused == {}
    # a producer with its own FusedActivation keeps it and the next activation runs alone
    with_act = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        **{**conv().__dict__, "FusedActivation": pydml.DML_OPERATOR_DESC(
            Type="ACTIVATION_TANH", Desc=pydml.DML_ACTIVATION_TANH_OPERATOR_DESC())})
    assert device.compile_graph(chain(with_act, relu, 2)).fused == {}


def test_fusion_off_by_option_and_environment(device: pydml.Device, monkeypatch: pytest.MonkeyPatch) -> None:
    desc = chain(conv(), act("RELU"), 2)
    assert device.compile_graph(desc).fused == {1: 0}
    assert device.compile_graph(desc, fusion=False).fused == {}
    monkeypatch.setenv("PYDML_GRAPH_FUSION", "0")
    assert device.compile_graph(desc).operator_count == 2


# ---- concurrency -------------------------------------------------------------------------------


def branches() -> Any:
    """Four independent branches of different sizes from x, each conv -> tanh -> add(., y), then
    summed pairwise: branches run side by side, and the arena reuses memory across them."""
    nodes: list[Any] = []
    inputs = [In(0, 0, 0)]
    mids: list[Any] = []
    ends = []
    for k in range(4):
        base = len(nodes)
        nodes += [Op(conv()), Op(act("TANH")), Op(pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(
            ATensor=t(Y4), BTensor=t(Y4), OutputTensor=t(Y4)))]
        if base:
            inputs.append(In(0, base, 0))
        inputs += [In(1 + k, base, 1), In(5, base + 2, 1)]
        mids += [Mid(base, 0, base + 1, 0), Mid(base + 1, 0, base + 2, 0)]
        ends.append(base + 2)
    add = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t(Y4), BTensor=t(Y4), OutputTensor=t(Y4))
    first, second = len(nodes), len(nodes) + 1
    nodes += [Op(add), Op(add), Op(add)]
    mids += [Mid(ends[0], 0, first, 0), Mid(ends[1], 0, first, 1), Mid(ends[2], 0, second, 0),
             Mid(ends[3], 0, second, 1), Mid(first, 0, second + 1, 0), Mid(second, 0, second + 1, 1)]
    return DML_GRAPH_DESC(Nodes=nodes, InputEdges=inputs, IntermediateEdges=mids,
                          OutputEdges=[Out(second + 1, 0, 0), Out(first, 0, 1)])


def test_branches_give_the_same_bits_on_any_thread_count(
        device: pydml.Device, rng: np.random.Generator, threads: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # every convolution counts as large (the plan's threshold, read at compile): the branches overlap
    monkeypatch.setenv("PYDML_GRAPH_TEAM_MACS", "0")
    desc = branches()
    x = rng.standard_normal(X4).astype(np.float32)
    ws = [(rng.standard_normal([4, 3, 3, 3]) / 5).astype(np.float32) for _ in range(4)]
    y = rng.standard_normal(Y4).astype(np.float32)
    inputs = [x, *ws, y]
    # the nodes one by one (nothing fused: conv -> tanh is compiled unfused for this comparison)
    ops = [device.create_operator(n.Operator) for n in desc.Nodes]
    ends = []
    for k in range(4):
        v = ops[3 * k].execute({"InputTensor": x, "FilterTensor": ws[k]})["OutputTensor"]
        v = ops[3 * k + 1].execute({"InputTensor": v})["OutputTensor"]
        ends.append(ops[3 * k + 2].execute({"ATensor": v, "BTensor": y})["OutputTensor"])
    s1 = ops[12].execute({"ATensor": ends[0], "BTensor": ends[1]})["OutputTensor"]
    s2 = ops[13].execute({"ATensor": ends[2], "BTensor": ends[3]})["OutputTensor"]
    total = ops[14].execute({"ATensor": s1, "BTensor": s2})["OutputTensor"]
    results = {}
    for n in (1, 2, 3, 4):
        threads(n)
        for fusion in (True, False):
            for concurrency in (True, False):
                graph = device.compile_graph(desc, fusion=fusion, concurrency=concurrency)
                for _ in range(3):
                    poison = [np.full(Y4, np.nan, np.float32) for _ in range(2)]
                    out = graph.execute(inputs, outputs=poison)
                    results.setdefault(fusion, set()).add(b"".join(o.tobytes() for o in out))
    assert len(results[False]) == 1 and len(results[True]) == 1
    assert results[False] == {total.tobytes() + s1.tobytes()}
    fused = np.frombuffer(results[True].pop(), np.float32)[: total.size].reshape(Y4)
    np.testing.assert_allclose(fused, total, rtol=1e-5, atol=1e-6)
    graph = device.compile_graph(desc, concurrency=True)
    assert graph.operator_count == 11 and graph.concurrent  # four tanh nodes run inside their convs
    # the arena is planned for branches side by side: each branch's values have memory of their own
    serial = device.compile_graph(desc, concurrency=False)
    assert not serial.concurrent and serial.memory_bytes < graph.memory_bytes
    # one step at a time unless asked (pydml.h, PYDML_GRAPH_CONCURRENT), or PYDML_GRAPH_CONCURRENCY=1
    assert not device.compile_graph(desc).concurrent
    monkeypatch.setenv("PYDML_GRAPH_CONCURRENCY", "1")
    assert device.compile_graph(desc).concurrent


def test_concurrent_executions_of_one_graph(device: pydml.Device, rng: np.random.Generator,
                                            threads: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Several Python threads executing one graph with branches (each call its own arena when the
    graph's is busy) and the same operators outside it: every result the same bits."""
    from concurrent.futures import ThreadPoolExecutor

    threads(3)
    monkeypatch.setenv("PYDML_GRAPH_TEAM_MACS", "0")  # the small branches run side by side
    desc = branches()
    graph = device.compile_graph(desc, concurrency=True)
    assert graph.concurrent
    inputs = [rng.standard_normal(X4).astype(np.float32),
              *((rng.standard_normal([4, 3, 3, 3]) / 5).astype(np.float32) for _ in range(4)),
              rng.standard_normal(Y4).astype(np.float32)]
    expected = b"".join(o.tobytes() for o in graph.execute(inputs))
    alone = device.create_operator(desc.Nodes[0].Operator)

    def call(i: int) -> bytes:
        if i % 3 == 2:
            alone.execute({"InputTensor": inputs[0], "FilterTensor": inputs[1]})
            return expected
        return b"".join(o.tobytes() for o in graph.execute(inputs))

    with ThreadPoolExecutor(4) as pool:
        assert set(pool.map(call, range(24))) == {expected}


def gemm_branches(m: int, k: int, n: int) -> Any:
    """x (m x k) times two weights (k x n) in two independent branches, each output a graph output:
    a decoder's key and value projections for m = 1."""
    gemm = pydml.DML_GEMM_OPERATOR_DESC(ATensor=t([1, 1, m, k]), BTensor=t([1, 1, k, n]),
                                       OutputTensor=t([1, 1, m, n]), TransA="NONE", TransB="NONE",
                                       Alpha=1.0, Beta=0.0)
    return DML_GRAPH_DESC(Nodes=[Op(gemm), Op(gemm)],
                          InputEdges=[In(0, 0, 0), In(1, 0, 1), In(0, 1, 0), In(2, 1, 1)],
                          IntermediateEdges=[], OutputEdges=[Out(0, 0, 0), Out(1, 0, 1)])


def join_branches(rows: int) -> Any:
    """Two independent large joins (a decoder's key and value caches grown by one row, stacked by
    layer), each a graph output."""
    join = pydml.DML_JOIN_OPERATOR_DESC(InputTensors=[t([4, 4, rows, 64]), t([4, 4, 1, 64])],
                                        OutputTensor=t([4, 4, rows + 1, 64]), Axis=2)
    return DML_GRAPH_DESC(Nodes=[Op(join), Op(join)],
                          InputEdges=[In(0, 0, 0), In(1, 0, 1), In(2, 1, 0), In(3, 1, 1)],
                          IntermediateEdges=[], OutputEdges=[Out(0, 0, 0), Out(1, 0, 1)])


def test_copies_do_not_run_side_by_side(device: pydml.Device, rng: np.random.Generator, threads: Any) -> None:
    """Copies are memory-bound: two side by side on half the team each move the same bytes at the
    same bandwidth as one after the other on the whole team, and the concurrent scheduler costs its
    wake-ups at every step (a decoder step at a past of 300: 1.26-1.47 ms concurrently, 0.75 ms
    serially). Independent joins of 600 K elements each leave the graph serial; the results are the
    same either way."""
    threads(2)
    desc = join_branches(600)
    graph = device.compile_graph(desc, concurrency=True)
    assert not graph.concurrent
    parts = [rng.standard_normal(shape).astype(np.float32)
             for shape in ([4, 4, 600, 64], [4, 4, 1, 64], [4, 4, 600, 64], [4, 4, 1, 64])]
    out = graph.execute(parts, outputs=[np.full([4, 4, 601, 64], np.nan, np.float32) for _ in range(2)])
    for k in range(2):
        assert np.array_equal(np.asarray(out[k]), np.concatenate(parts[2 * k: 2 * k + 2], axis=2))


def test_steps_take_threads_by_their_work(device: pydml.Device, rng: np.random.Generator, threads: Any,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan judges each step by its work, from the shapes at compile time: branches of a few
    microseconds each (tiny convolutions, one-token GEMVs of 256 x 768) run one after another on the
    calling thread instead of through the concurrent scheduler; branches of millions of
    multiply-adds (a 128 x 512 x 512 GEMM) run side by side. The bits are the same either way and
    on any thread count."""
    monkeypatch.delenv("PYDML_GRAPH_TEAM_MACS", raising=False)
    threads(2)
    assert not device.compile_graph(branches(), concurrency=True).concurrent
    small, large = gemm_branches(1, 256, 768), gemm_branches(128, 512, 512)
    assert not device.compile_graph(small, concurrency=True).concurrent
    assert device.compile_graph(large, concurrency=True).concurrent
    assert not device.compile_graph(large).concurrent  # (not unless asked)
    for m, k, n in ((1, 256, 768), (128, 512, 512)):
        desc = gemm_branches(m, k, n)
        x = rng.standard_normal([1, 1, m, k]).astype(np.float32)
        w = [rng.standard_normal([1, 1, k, n]).astype(np.float32) for _ in range(2)]
        bits = set()
        for count in (1, 2, 3):
            threads(count)
            for concurrency in (True, False):
                graph = device.compile_graph(desc, concurrency=concurrency)
                poison = [np.full([1, 1, m, n], np.nan, np.float32) for _ in range(2)]
                out = graph.execute([x, *w], outputs=poison)
                bits.add(b"".join(o.tobytes() for o in out))
        assert len(bits) == 1
        want = [x.astype(np.float64)[0, 0] @ wi.astype(np.float64)[0, 0] for wi in w]
        got = np.frombuffer(bits.pop(), np.float32).reshape(2, m, n)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * np.sqrt(k))


def test_a_whole_team_step_among_branches(device: pydml.Device, rng: np.random.Generator, threads: Any,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With concurrency asked for, a step of 64 times the team bar or more (a 256 x 512 x 512 GEMM,
    67 M multiply-adds) waits for the running steps and runs alone on the calling thread's team
    while two 33 M ones beside it run side by side (graph.c scheduler_worker, helper_may_take):
    the same bits on any thread count, serial or concurrent, and the float64 products."""
    monkeypatch.delenv("PYDML_GRAPH_TEAM_MACS", raising=False)

    def gemm(m: int) -> Any:
        return pydml.DML_GEMM_OPERATOR_DESC(ATensor=t([1, 1, m, 512]), BTensor=t([1, 1, 512, 512]),
                                           OutputTensor=t([1, 1, m, 512]), TransA="NONE", TransB="NONE",
                                           Alpha=1.0, Beta=0.0)

    desc = DML_GRAPH_DESC(Nodes=[Op(gemm(128)), Op(gemm(256)), Op(gemm(128))],
                          InputEdges=[In(0, 0, 0), In(1, 0, 1), In(2, 1, 0), In(3, 1, 1), In(0, 2, 0),
                                      In(4, 2, 1)],
                          IntermediateEdges=[], OutputEdges=[Out(0, 0, 0), Out(1, 0, 1), Out(2, 0, 2)])
    threads(2)
    assert device.compile_graph(desc, concurrency=True).concurrent
    x, y = (rng.standard_normal([1, 1, m, 512]).astype(np.float32) for m in (128, 256))
    w = [rng.standard_normal([1, 1, 512, 512]).astype(np.float32) for _ in range(3)]
    inputs = [x, w[0], y, w[1], w[2]]
    bits = set()
    for count in (1, 2, 3):
        threads(count)
        for concurrency in (True, False):
            graph = device.compile_graph(desc, concurrency=concurrency)
            for _ in range(2):
                poison = [np.full([1, 1, m, 512], np.nan, np.float32) for m in (128, 256, 128)]
                out = graph.execute(inputs, outputs=poison)
                bits.add(b"".join(o.tobytes() for o in out))
    assert len(bits) == 1
    got = np.frombuffer(bits.pop(), np.float32)
    want = np.concatenate([(a.astype(np.float64)[0, 0] @ b.astype(np.float64)[0, 0]).ravel()
                           for a, b in ((x, w[0]), (y, w[1]), (x, w[2]))])
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * np.sqrt(512))
