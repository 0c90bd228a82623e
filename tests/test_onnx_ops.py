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
        # (each ellipsis one dimension, broadcast: onnx shape inference, and onnxruntime with it,
        # refuse ellipses of different lengths)
        ("...ij,...jk->...ik", [(2, 3, 4), (1, 4, 2)]),
        ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
        # batched products beyond the provider's 4-D forms (one DML_GEMM, batch labels merged):
        # MaxViT's attention, an output in another label order, a matrix-vector product, NHCW
        # operands, a batch label only one operand has (two M labels: multiply, then reduce)
        ("BGHID,BGHJD->BGHIJ", [(1, 2, 3, 5, 4), (1, 2, 3, 6, 4)]),
        ("BGHIJ,BGHJD->BGHID", [(2, 2, 3, 5, 6), (2, 2, 3, 6, 4)]),
        ("bij,bkj->bki", [(3, 4, 5), (3, 6, 5)]),
        ("ij,j->i", [(4, 7), (7,)]),
        ("bqhd,bkhd->bhqk", [(2, 5, 3, 4), (2, 6, 3, 4)]),
        ("bij,jk->bik", [(2, 3, 4), (4, 5)]),
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
    (row,) = [r for r in sess.explain() if r.status != "folded"]
    gemm = equation in ("bij,bjk->bik", "i,i", "...ij,...jk->...ik", "BGHID,BGHJD->BGHIJ", "BGHIJ,BGHJD->BGHID",
                        "bij,bkj->bki", "ij,j->i", "bqhd,bkhd->bhqk")
    assert ("GEMM" in row.operators) == gemm, row.operators


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


def test_provider_type_registrations() -> None:
    """pydml/onnx/provider_types.py says which nodes the DirectML provider registers for their types
    (rows of onnxruntime's OperatorRegistration.cpp), bound to type labels through the node's schema."""
    from pydml.onnx.provider_types import registers_version, registration, unregistered_types

    # REG_INFO(7, Exp, ...) registers the version current at opset 7: Exp-6
    assert [registration("Exp", v) is not None for v in (5, 6, 13)] == [False, True, True]
    assert registration("Exp", 6)[0] == 6  # type: ignore[index]
    assert (
        registers_version("Not", 1) and registers_version("Exp", 13) and not registers_version("Dropout", 22)
    )
    assert unregistered_types("Exp", 28, ["FLOAT"], ["FLOAT"]) is None
    reason = unregistered_types("Exp", 28, ["DOUBLE"], ["DOUBLE"])
    assert reason is not None and "Exp-13" in reason and "FLOAT16/FLOAT only, not DOUBLE" in reason
    reason = unregistered_types("Pow", 15, ["INT64", "INT64"], ["INT64"])
    assert reason is not None and "not INT64" in reason
    assert unregistered_types("Pow", 15, ["FLOAT", "INT64"], ["FLOAT"]) is not None  # T1 is 8-32 bit
    assert unregistered_types("Pow", 15, ["FLOAT", "INT32"], ["FLOAT"]) is None
    # Mod-13 registers NumericDefault: no 64-bit integers; variadic Max binds every input to T
    assert unregistered_types("Mod", 13, ["INT64", "INT64"], ["INT64"]) is not None
    assert unregistered_types("Max", 13, ["FLOAT", "FLOAT", "DOUBLE"], ["FLOAT"]) is not None
    # unknown (None) types and ops without a row are not judged
    assert unregistered_types("Exp", 13, [None], [None]) is None
    assert unregistered_types("Det", 11, ["DOUBLE"], ["DOUBLE"]) is None


def _one_node(node: Any, inputs: dict[str, np.ndarray], out: str, out_type: int, opset: int) -> Any:
    g = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(v.dtype), list(v.shape))
            for k, v in inputs.items()
        ],
        [helper.make_tensor_value_info(out, out_type, None)],
    )
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])


def test_max_unpool_output_shape_pads_at_the_end() -> None:
    """MaxUnpool with an output_shape larger than the unpooled shape: the indices address the
    unpooled (inferred) layout and the rest is zeros at the end of each axis (ONNX's reference)."""
    x = np.array([[[[5, 6], [7, 8]]]], np.float32)
    idx = np.array([[[[5, 7], [13, 15]]]], np.int64)
    node = helper.make_node("MaxUnpool", ["x", "i", "s"], ["y"], kernel_shape=[2, 2], strides=[2, 2])
    model = _one_node(node, {"x": x, "i": idx, "s": np.array([1, 1, 5, 6], np.int64)}, "y", 1, 11)
    (y,) = pydml.onnx.InferenceSession(model).run(None, {"x": x, "i": idx, "s": np.array([1, 1, 5, 6])})
    want = np.zeros((1, 1, 5, 6), np.float32)
    want[0, 0, 1, 1], want[0, 0, 1, 3], want[0, 0, 3, 1], want[0, 0, 3, 3] = 5, 6, 7, 8
    np.testing.assert_array_equal(y, want)
    small = _one_node(node, {"x": x, "i": idx, "s": np.array([1, 1, 3, 3], np.int64)}, "y", 1, 11)
    with pytest.raises(pydml.onnx.UnsupportedNodeError, match="smaller than the unpooled shape"):
        pydml.onnx.InferenceSession(small).run(None, {"x": x, "i": idx, "s": np.array([1, 1, 3, 3])})


@pytest.mark.parametrize("mode", ["align_corners", "tf_crop_and_resize"])
def test_resize_linear_coordinates_follow_onnx(mode: str) -> None:
    """align_corners with a fractional resized length (input x scale) and tf_crop_and_resize with a
    crop narrower than one input step, against onnx.reference."""
    from onnx.reference import ReferenceEvaluator

    x = np.arange(2 * 7 * 9, dtype=np.float32).reshape(1, 2, 7, 9) / 10
    feeds: dict[str, np.ndarray[Any, Any]]
    if mode == "align_corners":
        node = helper.make_node(
            "Resize", ["x", "", "scales"], ["y"], mode="linear", coordinate_transformation_mode=mode
        )
        feeds = {"x": x, "scales": np.array([1, 1, 0.6, 0.45], np.float32)}
    else:
        node = helper.make_node(
            "Resize", ["x", "roi", "", "sizes"], ["y"], mode="linear", coordinate_transformation_mode=mode
        )
        roi = np.array([0, 0, 0.3, 0.55, 1, 1, 0.4, 0.6], np.float32)
        feeds = {"x": x, "roi": roi, "sizes": np.array([1, 2, 4, 3], np.int64)}
    model = _one_node(node, feeds, "y", 1, 19)
    (y,) = pydml.onnx.InferenceSession(model).run(None, feeds)
    ref: Any = ReferenceEvaluator(model)
    want = np.asarray(ref.run(None, feeds)[0])
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("pads", [[0, 0, 0, 0], [1, 1, 1, 1], [1, 0, 0, 2]])
def test_average_pool_ceil_mode_counts_pads_not_the_overhang(pads: list[int]) -> None:
    """AveragePool ceil_mode=1, count_include_pad=1: the explicit pads are counted, the windows'
    overhang past them is not (onnx.reference)."""
    from onnx.reference import ReferenceEvaluator

    x = np.arange(1 * 2 * 6 * 7, dtype=np.float32).reshape(1, 2, 6, 7) / 7
    node = helper.make_node(
        "AveragePool",
        ["x"],
        ["y"],
        kernel_shape=[3, 3],
        strides=[2, 2],
        pads=pads,
        ceil_mode=1,
        count_include_pad=1,
    )
    model = _one_node(node, {"x": x}, "y", 1, 19)
    (y,) = pydml.onnx.InferenceSession(model).run(None, {"x": x})
    ref: Any = ReferenceEvaluator(model)
    want = np.asarray(ref.run(None, {"x": x})[0])
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)


def _nonzero_model(x: np.ndarray, then_gather: bool) -> Any:
    """NonZero alone, or NonZero -> Transpose -> GatherND (the selected elements): nodes lowered
    after NonZero are lowered for the count the build saw."""
    nodes = [helper.make_node("NonZero", ["x"], ["nz"])]
    out = "nz"
    if then_gather:
        nodes += [
            helper.make_node("Transpose", ["nz"], ["idx"], perm=[1, 0]),
            helper.make_node("GatherND", ["x", "idx"], ["y"]),
        ]
        out = "y"
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info("x", helper.np_dtype_to_tensor_dtype(x.dtype), list(x.shape))],
        [helper.make_tensor_value_info(out, TensorProto.UNDEFINED, None)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.bool_])
def test_nonzero_is_sized_by_the_count_each_run(dtype: Any) -> None:
    """NONZERO_COORDINATES' count read back sizes the [rank, count] INT64 output (-0.0 counts as
    zero); the plan's later steps are rebuilt when another feed of the same shape has another count."""
    rng = np.random.default_rng(1)
    sess = pydml.onnx.InferenceSession(_nonzero_model(np.zeros((3, 4, 5), dtype), then_gather=True))
    alone = pydml.onnx.InferenceSession(_nonzero_model(np.zeros((3, 4, 5), dtype), then_gather=False))
    for density in (0.5, 0.1, 0.5, 0.9):
        x = (rng.uniform(size=(3, 4, 5)) < density).astype(dtype)
        if dtype == np.float32:
            x = x * rng.standard_normal(x.shape).astype(np.float32)
            x[0, 0, 0] = -0.0
        (nz,) = alone.run(None, {"x": x})
        assert nz.dtype == np.int64
        np.testing.assert_array_equal(nz, np.array(np.nonzero(x)))
        (y,) = sess.run(None, {"x": x})
        np.testing.assert_array_equal(y, x[np.nonzero(x)])
