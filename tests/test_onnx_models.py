"""Whole models exported by torch.onnx.export inside the test (a small CNN, a tiny transformer
block), run by pydml.onnx.InferenceSession and compared with onnxruntime's CPU provider; the
one-line errors of bad models and inputs; the reference fallback; the ``pydml onnx`` command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")
torch = pytest.importorskip("torch")

from onnx import TensorProto, helper  # noqa: E402

import pydml.onnx  # noqa: E402
from pydml.frontends.cli import main  # noqa: E402
from pydml.onnx.session import OnnxModelError, UnsupportedNodeError  # noqa: E402

# torch's TorchScript exporter warns that it is legacy; it needs no onnxscript, so it stays
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::torch.jit.TracerWarning")


class SmallCNN(torch.nn.Module):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)
        self.conv2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1, groups=2)
        self.pool = torch.nn.MaxPool2d(2)
        self.fc = torch.nn.Linear(16, 10)

    def forward(self, x: Any) -> Any:
        x = torch.relu(self.bn(self.conv1(x)))
        x = self.pool(torch.nn.functional.gelu(self.conv2(x)))
        x = torch.nn.functional.adaptive_avg_pool2d(x, 1).flatten(1)
        return torch.log_softmax(self.fc(x), dim=-1)


class TinyMobileNet(torch.nn.Module):  # type: ignore[misc]
    """MobileNetV2's pieces at small sizes: ReLU6 (ONNX Clip(0, 6), fused into the convolutions by the
    graph compiler), 3x3 depthwise at stride 1 and 2 (flat planes and phase planes), 1x1 expansions
    and projections below and above 512 pixels, an inverted residual, and a SiLU (Sigmoid and Mul,
    run as SWISH inside the convolution)."""

    def __init__(self) -> None:
        super().__init__()
        nn = torch.nn
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU6())
        self.expand = nn.Sequential(nn.Conv2d(16, 48, 1), nn.ReLU6())
        self.dw = nn.Sequential(nn.Conv2d(48, 48, 3, 1, 1, groups=48), nn.ReLU6())
        self.project = nn.Conv2d(48, 16, 1)
        self.down = nn.Sequential(nn.Conv2d(16, 16, 3, 2, 1, groups=16), nn.ReLU6(), nn.Conv2d(16, 32, 1),
                                  nn.SiLU())
        self.fc = nn.Linear(32, 10)

    def forward(self, x: Any) -> Any:
        x = self.stem(x)
        x = x + self.project(self.dw(self.expand(x)))
        x = self.down(x)
        return self.fc(torch.nn.functional.adaptive_avg_pool2d(x, 1).flatten(1))


class TinyBlock(torch.nn.Module):  # type: ignore[misc]
    """A pre-norm transformer block with the attention written out (MatMul, Softmax, Transpose)."""

    def __init__(self, d: int = 16, heads: int = 2) -> None:
        super().__init__()
        self.heads = heads
        self.norm1 = torch.nn.LayerNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.proj = torch.nn.Linear(d, d)
        self.norm2 = torch.nn.LayerNorm(d)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(d, 4 * d), torch.nn.GELU(), torch.nn.Linear(4 * d, d))

    def forward(self, x: Any) -> Any:
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).split(d, dim=-1)
        q, k, v = (z.reshape(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        att = torch.softmax(q @ k.transpose(-1, -2) / (d // self.heads) ** 0.5, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(y)
        return x + self.mlp(self.norm2(x))


def export(module: Any, example: Any, path: Path) -> Path:
    torch.manual_seed(0)
    module.eval()
    kwargs: dict[str, Any] = {"input_names": ["x"], "output_names": ["y"], "opset_version": 17}
    with torch.no_grad():
        try:  # the TorchScript exporter (torch >= 2.5 names it with dynamo=False; it needs no onnxscript)
            torch.onnx.export(module, (example,), str(path), dynamo=False, **kwargs)
        except TypeError:  # torch 2.4: no dynamo argument, TorchScript is the only exporter
            torch.onnx.export(module, (example,), str(path), **kwargs)
    return path


def compare(path: Path, x: np.ndarray[Any, Any]) -> None:
    expected = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(None, {"x": x})
    sess = pydml.onnx.InferenceSession(str(path))
    got = sess.run(None, {"x": x})
    assert [o.name for o in sess.get_outputs()] == ["y"]
    for g, e in zip(got, expected, strict=True):
        assert g.shape == e.shape and g.dtype == e.dtype
        np.testing.assert_allclose(g, e, rtol=1e-4, atol=1e-5)
    again = sess.run(["y"], {"x": x})  # the compiled plan, replayed
    np.testing.assert_array_equal(again[0], got[0])


def test_small_cnn_matches_onnxruntime(tmp_path: Path) -> None:
    torch.manual_seed(0)
    model = SmallCNN()
    with torch.no_grad():
        model.bn.running_mean.uniform_(-0.5, 0.5)
        model.bn.running_var.uniform_(0.5, 2.0)
    x = np.random.default_rng(1).standard_normal((2, 3, 16, 16)).astype(np.float32)
    compare(export(model, torch.from_numpy(x), tmp_path / "cnn.onnx"), x)


def test_tiny_mobilenet_matches_onnxruntime(tmp_path: Path) -> None:
    torch.manual_seed(0)
    x = np.random.default_rng(2).standard_normal((2, 3, 50, 50)).astype(np.float32) * 4
    path = export(TinyMobileNet(), torch.from_numpy(x), tmp_path / "mobilenet.onnx")
    compare(path, x)
    # every Clip, and the SiLU's Sigmoid and Mul, ran inside a convolution: the graph executes the
    # convolutions, the add, the pooling and the GEMM only
    sess = pydml.onnx.InferenceSession(str(path))
    sess.run(None, {"x": x})
    graphs = [step.graph for plan in sess._plans.values() for step in plan.steps if hasattr(step, "graph")]
    ops = [n.op_type for n in onnx.load(str(path)).graph.node]
    assert ops.count("Clip") == 4 and ops.count("Sigmoid") == 1 and ops.count("Mul") == 1
    assert sum(len(g.fused) for g in graphs) == 6


def test_tiny_transformer_block_matches_onnxruntime(tmp_path: Path) -> None:
    torch.manual_seed(0)
    x = np.random.default_rng(2).standard_normal((2, 5, 16)).astype(np.float32)
    compare(export(TinyBlock(), torch.from_numpy(x), tmp_path / "block.onnx"), x)


def _model(nodes: list[Any], inits: list[Any] | None = None, opset: int = 17) -> Any:
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    graph = helper.make_graph(nodes, "g", [x], [y], inits or [])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def test_get_inputs_like_onnxruntime() -> None:
    sess = pydml.onnx.InferenceSession(_model([helper.make_node("Relu", ["x"], ["y"])]))
    (arg,) = sess.get_inputs()
    assert (arg.name, arg.shape, arg.type) == ("x", [2, 3], "tensor(float)")


def test_unsupported_node_is_one_line_and_fallback_runs_it() -> None:
    # Det: no DirectML operator and no lowering; between two lowered nodes
    nodes = [
        helper.make_node("Relu", ["x"], ["r"]),
        helper.make_node("MatMul", ["r", "w"], ["m"]),
        helper.make_node("Det", ["m"], ["d"], name="det"),
        helper.make_node("Neg", ["d"], ["y"]),
    ]
    w = onnx.numpy_helper.from_array(np.ones((3, 2), np.float32), "w")
    model = _model(nodes, [w])
    x = np.arange(6, dtype=np.float32).reshape(2, 3) - 2
    with pytest.raises(UnsupportedNodeError) as info:
        pydml.onnx.InferenceSession(model).run(None, {"x": x})
    text = str(info.value)
    assert "\n" not in text and text.startswith('node "det" (Det, opset 17): ')
    sess = pydml.onnx.InferenceSession(model, fallback="reference")
    (y,) = sess.run(None, {"x": x})
    expected = -np.linalg.det(np.maximum(x, 0) @ np.ones((3, 2), np.float32))
    np.testing.assert_allclose(y, expected, rtol=1e-5)
    assert [label for label, _ in sess.reference_nodes] == ['node "det" (Det, opset 17)']


@pytest.mark.parametrize(
    "feed, message",
    [
        ({"z": np.zeros((2, 3), np.float32)}, "'z' is not an input of the model"),
        ({"x": np.zeros((2, 4), np.float32)}, "input 'x': expected shape [2, 3], got [2, 4]"),
        ({"x": np.zeros((2, 3), np.int32)}, "input 'x': expected tensor(float)"),
        ({}, "missing input(s): x"),
    ],
)
def test_bad_inputs_are_one_line_errors(feed: dict[str, Any], message: str) -> None:
    sess = pydml.onnx.InferenceSession(_model([helper.make_node("Relu", ["x"], ["y"])]))
    with pytest.raises(OnnxModelError, match=None) as info:
        sess.run(None, feed)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_truncated_and_missing_files_are_one_line_errors(tmp_path: Path) -> None:
    path = tmp_path / "m.onnx"
    onnx.save(_model([helper.make_node("Relu", ["x"], ["y"])]), str(path))
    (tmp_path / "t.onnx").write_bytes(path.read_bytes()[:20])
    for bad in (tmp_path / "t.onnx", tmp_path / "absent.onnx"):
        with pytest.raises(OnnxModelError) as info:
            pydml.onnx.InferenceSession(str(bad))
        assert "\n" not in str(info.value)


def test_external_data_loads_and_missing_data_is_one_line(tmp_path: Path) -> None:
    bias = onnx.numpy_helper.from_array(np.arange(3, dtype=np.float32), "b")
    model = _model([helper.make_node("Add", ["x", "b"], ["y"])], [bias])
    path = tmp_path / "ext.onnx"
    onnx.save(model, str(path), save_as_external_data=True, location="ext.data", size_threshold=0)
    x = np.ones((2, 3), np.float32)
    (y,) = pydml.onnx.InferenceSession(str(path)).run(None, {"x": x})
    np.testing.assert_array_equal(y, x + np.arange(3, dtype=np.float32))
    (tmp_path / "ext.data").unlink()
    with pytest.raises(OnnxModelError, match="external data missing") as info:
        pydml.onnx.InferenceSession(str(path))
    assert "\n" not in str(info.value)


def test_cli_onnx_run_and_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.onnx"
    onnx.save(
        _model([helper.make_node("Relu", ["x"], ["r"]), helper.make_node("Transpose", ["r"], ["y"])]),
        str(path),
    )
    x = np.arange(6, dtype=np.float32).reshape(2, 3) - 3
    np.savez(tmp_path / "in.npz", x=x)
    assert (
        main(
            [
                "onnx",
                "run",
                str(path),
                "--inputs",
                str(tmp_path / "in.npz"),
                "--output",
                str(tmp_path / "out"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "y: shape [3, 2] float32 digest " in out
    np.testing.assert_array_equal(np.load(tmp_path / "out" / "y.npy"), np.maximum(x, 0).T)
    assert main(["onnx", "explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Relu(17) -> ACTIVATION_RELU" in out and "Transpose(17) -> (strides: no operator)" in out
    assert main(["onnx", "run", str(tmp_path / "absent.onnx")]) == 2
    assert "pydml onnx: " in capsys.readouterr().err
