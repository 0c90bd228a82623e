"""ai.onnx lowerings whose ONNX node tests use only data DirectML lacks (Einsum's are FLOAT64):
the same equations in FLOAT32 against numpy.einsum in float64."""

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
