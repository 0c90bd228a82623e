"""DxDispatch's ``"type": "onnx"`` dispatchables (pydml/frontends/dxdispatch_onnx.py): Microsoft's
onnx_gemm.json and onnx_dynamic_shapes.json (tests/data/dxdispatch) print what onnxruntime
computes for the same bindings; bindings by input/output name, per-dispatch shapes, deferred
resources, free-dimension overrides; bad bindings are one-line errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper  # noqa: E402

from pydml.frontends.cli import main  # noqa: E402

SAMPLES = Path(__file__).resolve().parent / "data" / "dxdispatch"


def run(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, list[str], str]:
    code = main(["dxdispatch", str(path), *extra])
    out, err = capsys.readouterr()
    return code, [line for line in out.splitlines() if line.startswith("Resource ")], err


def printed(line: str) -> list[float]:
    return [float(v) for v in line.split(": ", 1)[1].split(", ")]


def onnxruntime(model: Path, feed: dict[str, np.ndarray[Any, Any]]) -> list[np.ndarray[Any, Any]]:
    session = ort.InferenceSession(str(model), providers=["CPUExecutionProvider"])
    result: list[np.ndarray[Any, Any]] = session.run(None, feed)
    return result


def test_onnx_gemm_prints_what_onnxruntime_computes(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(SAMPLES / "onnx_gemm.json", capsys)
    assert code == 0, err
    a = np.arange(1, 7, dtype=np.float32).reshape(3, 2)
    b = np.arange(1, 9, dtype=np.float32).reshape(2, 4)
    (want,) = onnxruntime(SAMPLES / "onnx_gemm.onnx", {"A0": a, "B0": b, "A1": a, "B1": b})
    assert lines == ["Resource 'Out': " + ", ".join(f"{v:g}" for v in want.reshape(-1))]


def test_onnx_dynamic_shapes_prints_what_onnxruntime_computes(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(SAMPLES / "onnx_dynamic_shapes.json", capsys)
    assert code == 0, err
    a = np.arange(1, 7, dtype=np.float32)
    b = np.arange(7, 13, dtype=np.float32)
    model = SAMPLES / "onnx_dynamic_shapes.onnx"
    (first,) = onnxruntime(model, {"x0": a[:2].reshape(1, 2), "x1": b[:2].reshape(1, 2)})
    (second,) = onnxruntime(model, {"x0": a.reshape(3, 2), "x1": b.reshape(3, 2)})
    # 'c' holds 12 zeros: the first dispatch writes its first 4 values, the second all 12; the
    # deferred resource becomes the third dispatch's output
    assert [printed(line) for line in lines] == [
        [*first.reshape(-1), *[0.0] * 8],
        list(second.reshape(-1)),
        list(second.reshape(-1)),
    ]
    assert lines[2].startswith("Resource 'deferredY': ")


def concat_model(path: Path) -> Path:
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 2])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 2])
    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g", [x], [y])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)]), str(path))
    return path


def write(tmp_path: Path, dispatchable: dict[str, Any], bindings: dict[str, Any],
          resources: dict[str, Any] | None = None) -> Path:
    concat_model(tmp_path / "relu.onnx")
    model = {
        "resources": resources or {
            "x": {"initialValuesDataType": "FLOAT32", "initialValues": [-1, 2, -3, 4, -5, 6]},
            "y": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 6, "value": 9}},
            "d": {"initialValuesDataType": "FLOAT32", "initialValues": "deferred"},
        },
        "dispatchables": {"relu": {"type": "onnx", "sourcePath": "relu.onnx", **dispatchable}},
        "commands": [{"type": "dispatch", "dispatchable": "relu", "bindings": bindings},
                     {"type": "print", "resource": "y"}, {"type": "print", "resource": "d"}],
    }
    path = tmp_path / "model.json"
    path.write_text(json.dumps(model))
    return path


def test_free_dimensions_are_one_unless_overridden(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(write(tmp_path, {}, {"x": "x", "y": "y"}), capsys)
    assert code == 0, err
    assert printed(lines[0]) == [0, 2, 9, 9, 9, 9]  # batch 1: the first row only
    code, lines, err = run(write(tmp_path, {"freeDimensionNameOverrides": {"batch": 2}},
                                 {"x": "x", "y": "y"}), capsys)
    assert code == 0, err
    assert printed(lines[0]) == [0, 2, 0, 4, 9, 9]
    code, lines, err = run(write(tmp_path, {}, {"x": {"name": "x", "shape": [3, 2]}, "y": "d"}), capsys)
    assert code == 0, err
    assert printed(lines[1]) == [0, 2, 0, 4, 0, 6]  # the deferred resource is the output


@pytest.mark.parametrize(("bindings", "match"), [
    ({"x": "x", "z": "y"},
     r"'z' is not an input or output of the ONNX model relu.onnx \(bind points: x, y\)"),
    ({"x": "nope", "y": "y"}, r"resource 'nope' does not exist"),
    ({"x": "d", "y": "y"}, r"resource 'd' is deferred: it takes an output's value"),
    ({"x": {"name": "x", "shape": [6]}, "y": "y"}, r"x has 2 dimensions in the model, the binding gives 1"),
    ({"x": {"name": "x", "shape": [4, 2]}, "y": "y"}, r"input 'x': resource 'x' has 24 bytes"),
    ({"x": {"name": "x", "shape": [2, 2]}, "y": {"name": "y", "shape": [3, 2]}},
     r"output 'y': the binding's shape \[3, 2\] is not the output's \[2, 2\]"),
    ({"x": {"name": "x", "size": 2}, "y": "y"}, r"unknown member\(s\) size"),
])
def test_bad_bindings_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          bindings: dict[str, Any], match: str) -> None:
    code = main(["dxdispatch", str(write(tmp_path, {}, bindings))])
    err = capsys.readouterr().err
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    import re

    assert re.search(match, err), err


def test_missing_model_file_and_deferred_on_an_operator(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {}, {"x": "x", "y": "y"})
    (tmp_path / "relu.onnx").unlink()
    assert main(["dxdispatch", str(path)]) == 1  # an invalid model, as a missing constant file
    err = capsys.readouterr().err
    assert "relu: sourcePath" in err and "no such model file" in err and len(err.strip().splitlines()) == 1
    shutil.copy(SAMPLES / "dml_element_wise_identity.json", tmp_path / "identity.json")
    model = json.loads((tmp_path / "identity.json").read_text())
    name = next(iter(model["commands"][0]["bindings"].values()))
    model["resources"][name if isinstance(name, str) else name["name"]] = {
        "initialValuesDataType": "FLOAT32", "initialValues": "deferred"}
    (tmp_path / "identity.json").write_text(json.dumps(model))
    assert main(["dxdispatch", str(tmp_path / "identity.json")]) != 0
    err = capsys.readouterr().err
    assert "is deferred: only an ONNX dispatchable's output can be bound to it" in err, err


def test_validate_and_explain_an_onnx_dispatchable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(SAMPLES / "onnx_gemm.json")]) == 0
    assert capsys.readouterr().out.strip() == "ok"
    assert main(["explain", str(SAMPLES / "onnx_gemm.json")]) == 0
    out = capsys.readouterr().out
    assert "gemm: onnx" in out and "bind points: inputs A0, B0, A1, B1; outputs add" in out
    assert "gemm_0" in out or "Gemm" in out


def test_without_the_onnx_package_an_onnx_dispatchable_is_one_line_and_exit_code_2(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Installed without the onnx extra, a model with an onnx dispatchable left the CLI with an
    OnnxMissingError traceback (found by tests/test_fuzz_python.py run in an environment without
    onnx); now every command that reads it says so in one line, exit code 2 (unsupported input)."""
    import importlib

    from pydml.onnx import _deps

    real = importlib.import_module

    def without_onnx(name: str, package: str | None = None) -> Any:
        if name == "onnx" or name.startswith("onnx."):
            raise ImportError(f"No module named {name!r}")
        return real(name, package)

    monkeypatch.setattr(_deps.importlib, "import_module", without_onnx)
    for command in ("dxdispatch", "validate", "explain"):
        code = main([command, str(SAMPLES / "onnx_dynamic_shapes.json")])
        captured = capsys.readouterr()
        lines = captured.err.strip().splitlines()
        assert code == 2, (command, captured)
        assert lines == [f"pydml {command}: pydml.onnx needs the 'onnx' package: pip install 'pydml[onnx]' "
                         "(or pip install onnx)"], (command, captured.err)
