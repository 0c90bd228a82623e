"""The ``pydml`` command line: in this process as ``python -m pydml ...`` runs it (tests/cli_harness.py),
and in a real subprocess where the process itself is tested (``python -m pydml``, memory limits)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cli_harness import run_cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"



def cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m pydml *args``, run in this process (tests/cli_harness.py says why)."""
    return run_cli(*args, cwd=cwd)


def resource_lines(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("Resource '")]


def write(tmp_path: Path, obj: Any, name: str = "m.json") -> Path:
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return path


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# The printed results of every example (docs/cli.md lists the same).
EXPECTED = {
    "resample_grad_doc.json": ["Resource 'dx': 9, 6, 0, 0"],
    "resample_grad1_bilinear.json": ["Resource 'dx': -1, -1, -1, -1, 8.875, 14.125, 24.875, "
                                     "30.125"],
    "resample2_forward.json": ["Resource 'y': 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, "
                               "4, 3, 3, 3, 4, 4, 4"],
    "convolution_backward.json": ["Resource 'dx': 75, 167, 94, 176, 386, 214, 113, 243, 132"],
    "formats_d1_resample_grad.json": ["Resource 'dx': -1, -1, -1, -1, 30, 48, 102, 120"],
    "formats_d2_resample2_linear.json": [
        "Resource 'y': 1, 1.25, 1.75, 2, 2, 2.25, 2.75, 3, 3, 3.25, 3.75, 4", "Resource 'y':"],
    "formats_d3_convolution_transposed.json": [
        "Resource 'dx': 10, 9, 10, 4, 0, 4, 10, 9, 10", "Resource 'dx' written to '{out}/dx.npy'"],
}


def test_python_m_pydml_in_a_real_process(tmp_path: Path) -> None:
    """The module entry point itself (the rest of this file runs its main() in process): with no
    arguments the documentation example; an error is one line on stderr with the exit code."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    doc = subprocess.run([sys.executable, "-m", "pydml"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120, check=False)
    assert (doc.returncode, doc.stderr) == (0, "")
    assert doc.stdout.splitlines()[-1] == "OutputGradientTensor {1,1,2,2}: [[9.0, 6.0], [0.0, 0.0]]"
    missing = subprocess.run([sys.executable, "-m", "pydml", "validate", str(tmp_path / "none.json")],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert (missing.returncode, missing.stdout) == (2, "")
    assert one_error_line(missing).startswith("pydml validate: ")


def test_every_example_is_listed() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in EXAMPLES.glob("*.json"))


# -- validate -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_examples(name: str) -> None:
    result = cli("validate", EXAMPLES / name)
    assert (result.returncode, result.stdout, result.stderr) == (0, "ok\n", "")


def test_validate_invalid_desc_lines(tmp_path: Path) -> None:
    model = json.loads(_strip_comments(EXAMPLES / "resample_grad1_bilinear.json"))
    desc = model["dispatchables"]["bilinear_grad"]["desc"]
    desc["Scales"] = [1, 1, -1.5, 2]
    model["dispatchables"]["second"] = {"type": "RESAMPLE_GRAD1", "desc": dict(
        desc, Scales=[1, 1, 1.5, 2], OutputPixelOffsets=[0, 0, 0])}
    result = cli("validate", write(tmp_path, model))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "bilinear_grad: DML_RESAMPLE_GRAD1_OPERATOR_DESC.Scales[2]: must be > 0 and finite, "
        "got -1.5",
        "second: DML_RESAMPLE_GRAD1_OPERATOR_DESC.OutputPixelOffsets: has 3 values, but "
        "DimensionCount is 4 (Scales has 4, InputPixelOffsets has 4, OutputPixelOffsets has 3)",
    ]
    report = json.loads(cli("validate", write(tmp_path, model), "--json").stdout)
    assert report["valid"] is False and report["exitCode"] == 1
    problem = report["dispatchables"][0]["problems"][0]
    assert problem["rule"] == "must be > 0 and finite" and problem["value"] == -1.5


def _strip_comments(path: Path) -> str:
    from pydml.frontends.dxdispatch import _strip

    return _strip(path.read_text())


def test_validate_bare_desc_and_feature_level(tmp_path: Path) -> None:
    bare = {"type": "DML_OPERATOR_RESAMPLE_GRAD1", "desc": json.loads(_strip_comments(
        EXAMPLES / "resample_grad1_bilinear.json"))["dispatchables"]["bilinear_grad"]["desc"]}
    path = write(tmp_path, bare, "grad.json")
    assert cli("validate", path).stdout == "ok\n"
    result = cli("validate", path, "--feature-level", "5_0")
    assert result.returncode == 1
    assert result.stdout == ("grad: DML_OPERATOR_RESAMPLE_GRAD1: needs DML_FEATURE_LEVEL_5_1; the "
                             "device was created at DML_FEATURE_LEVEL_5_0 "
                             "(DML_OPERATOR_RESAMPLE_GRAD is available)\n")
    report = json.loads(cli("validate", path, "--json").stdout)
    assert report["valid"] and report["dispatchables"][0]["type"] == "DML_OPERATOR_RESAMPLE_GRAD1"


def test_validate_unsupported_and_unreadable(tmp_path: Path) -> None:
    result = cli("validate", write(tmp_path, {"type": "NOT_AN_OPERATOR", "desc": {}}))
    assert result.returncode in (1, 2) and "NOT_AN_OPERATOR" in result.stdout + result.stderr
    result = cli("validate", write(tmp_path, '{"type": "RESAMPLE",'))
    assert result.returncode == 2 and "not valid JSON" in one_error_line(result)
    result = cli("validate", tmp_path / "missing.json")
    assert result.returncode == 2 and "cannot read the file" in one_error_line(result)
    result = cli("validate", write(tmp_path, [1, 2]))
    assert result.returncode == 2 and "neither a DxDispatch model" in one_error_line(result)
    result = cli("validate", EXAMPLES / "resample2_forward.json", "--feature-level", "9_9")
    assert result.returncode == 2 and "not a feature level" in one_error_line(result)


# -- run ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_run_examples(name: str, tmp_path: Path) -> None:
    result = cli("run", EXAMPLES / name, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    expected = [line.format(out=tmp_path) for line in EXPECTED[name]]
    assert resource_lines(result.stdout) == expected
    assert result.stdout.startswith("Running on 'pydml CPU emulator (DML_FEATURE_LEVEL_6_4)'\n")


def test_run_verbose_print_block(tmp_path: Path) -> None:
    out = cli("run", EXAMPLES / "formats_d2_resample2_linear.json", cwd=tmp_path).stdout
    block = out.split("Resource 'y':\n", 1)[1]
    assert block.startswith("[ 0] 1 (0x3F800000)\n[ 1] 1.25 (0x3FA00000)\n")
    assert block.endswith("[11] 4 (0x40800000)\n\n")


def test_run_output_dir_and_writefile(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("run", EXAMPLES / "formats_d3_convolution_transposed.json", "--output", out,
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["bias.npy", "dx.npy", "dy.npy", "w.npy"]
    dx = np.load(out / "dx.npy")  # --output rewrites it 1-D after the writeFile (same values)
    assert dx.dtype == np.float32 and dx.tolist() == [10, 9, 10, 4, 0, 4, 10, 9, 10]
    assert np.load(out / "w.npy").tolist() == list(range(-4, 5))
    result = cli("run", EXAMPLES / "formats_d3_convolution_transposed.json", cwd=tmp_path)
    written = np.load(tmp_path / "dx.npy")  # writeFile without --output: the current directory
    assert written.shape == (1, 1, 3, 3) and written.reshape(-1).tolist() == dx.tolist()


def test_run_json(tmp_path: Path) -> None:
    result = cli("run", EXAMPLES / "resample_grad_doc.json", "--json", "--feature-level", "3_0")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["ok"] and data["featureLevel"] == "DML_FEATURE_LEVEL_3_0"
    assert data["prints"] == [{"resource": "dx", "dataType": "FLOAT32", "values": [9, 6, 0, 0]}]
    assert data["resources"]["dy"]["values"] == [4, 5, 6]
    assert [d["dispatchable"] for d in data["dispatches"]] == ["doc_example"]


def test_run_state_persists_and_nan_initializer(tmp_path: Path) -> None:
    model = json.loads(_strip_comments(EXAMPLES / "resample_grad_doc.json"))
    model["commands"] = [{"type": "print", "resource": "dx"}, *model["commands"][:1],
                         {"type": "print", "resource": "dx"}]
    result = cli("run", write(tmp_path, model))
    assert resource_lines(result.stdout) == ["Resource 'dx': nan, nan, nan, nan",
                                             "Resource 'dx': 9, 6, 0, 0"]


def test_run_level_too_low_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("run", EXAMPLES / "resample_grad1_bilinear.json", "--feature-level", "5_0",
                 "--output", out)
    assert result.returncode == 1
    assert one_error_line(result) == (
        "pydml run: bilinear_grad: DML_OPERATOR_RESAMPLE_GRAD1: needs DML_FEATURE_LEVEL_5_1; the "
        "device was created at DML_FEATURE_LEVEL_5_0 (DML_OPERATOR_RESAMPLE_GRAD is available)")
    assert not out.exists()
    data = json.loads(cli("run", EXAMPLES / "resample_grad1_bilinear.json", "--feature-level",
                          "5_0", "--json").stdout)
    assert data["ok"] is False and "needs DML_FEATURE_LEVEL_5_1" in data["error"]


# -- bad input: one line naming the place, never a traceback, non-zero exit ---------------------


def base_model() -> dict[str, Any]:
    return json.loads(_strip_comments(EXAMPLES / "resample_grad1_bilinear.json"))


def edit(change: Any) -> dict[str, Any]:
    model = base_model()
    change(model)
    return model


def _desc(m: dict[str, Any]) -> dict[str, Any]:
    return m["dispatchables"]["bilinear_grad"]["desc"]


BAD = {
    "unreadable json": ('{"resources": {', 2, r"m.json: not valid JSON: .* at line 1 column 16"),
    "unknown operator": (edit(lambda m: m["dispatchables"]["bilinear_grad"].update(
        type="RESAMPLE_GRAD9")), 1,
        r"bilinear_grad: type: 'RESAMPLE_GRAD9' is not a recognized value for DML_OPERATOR_TYPE"),
    "unknown field": (edit(lambda m: _desc(m).update(Scale=[1, 1, 1, 1])), 1,
                      r"bilinear_grad: DML_RESAMPLE_GRAD1_OPERATOR_DESC.Scale: unknown field"),
    "unknown tensor field": (edit(lambda m: _desc(m)["InputGradientTensor"].update(
        DataTypes="FLOAT32")), 1,
        r"DML_RESAMPLE_GRAD1_OPERATOR_DESC.InputGradientTensor.DataTypes: unknown field"),
    "wrong value type": (edit(lambda m: _desc(m)["Scales"].__setitem__(2, "1.5")), 0, None),
    "wrong value type (enum)": (edit(lambda m: _desc(m).update(RoundingDirection=0)), 1,
                                r"DML_RESAMPLE_GRAD1_OPERATOR_DESC.RoundingDirection: must be a "
                                r"string naming a DML_AXIS_DIRECTION value, got 0"),
    "wrong value type (array)": (edit(lambda m: _desc(m).update(Scales=[1, 1, [1.5], 2])), 1,
                                 r"DML_RESAMPLE_GRAD1_OPERATOR_DESC.Scales\[2\]: must be a number"),
    "wrong value type (resource)": (edit(lambda m: m["resources"]["dy"]["initialValues"].update(
        valueStart="one")), 1, r"resource 'dy': initialValues.valueStart: must be a number"),
    "missing binding": (edit(lambda m: m["commands"][0]["bindings"].pop("InputGradientTensor")),
                        1, r"commands\[0\] \(dispatch 'bilinear_grad'\): bindings."
                        r"InputGradientTensor: DML_RESAMPLE_GRAD1_OPERATOR_DESC."
                        r"InputGradientTensor is not bound \(missing binding\)"),
    "resource too small": (edit(lambda m: m["resources"]["dy"]["initialValues"].update(
        valueCount=11)), 1, r"commands\[0\] \(dispatch 'bilinear_grad'\): bindings."
        r"InputGradientTensor: resource 'dy' has 44 bytes, less than "
        r"InputGradientTensor.TotalTensorSizeInBytes \(48\)"),
    "resource too small at offset": (edit(lambda m: m["resources"]["dx"]["initialValues"].update(
        valueCount=7)), 1, r"bindings.OutputGradientTensor: resource 'dx' has 12 bytes from "
        r"byte 16, less than OutputGradientTensor.TotalTensorSizeInBytes \(16\)"),
    "npy wrong dtype": (edit(lambda m: m["resources"]["dy"].update(
        initialValues={"sourcePath": "dy64.npy"})), 1,
        r"resource 'dy': initialValues.sourcePath: dy64.npy holds float64 "
        r"\(DML_TENSOR_DATA_TYPE_FLOAT64\), but initialValuesDataType is "
        r"DML_TENSOR_DATA_TYPE_FLOAT32"),
    "unknown resource": (edit(lambda m: m["commands"].append({"type": "print",
                                                               "resource": "dz"})), 1,
                         r"commands\[2\]: Command attempts to print resource 'dz', which does not "
                         r"exist in the model"),
    "invalid desc": (edit(lambda m: _desc(m).update(DimensionCount=3)), 1,
                     r"bilinear_grad: DML_RESAMPLE_GRAD1_OPERATOR_DESC.DimensionCount: must equal "
                     r"the length of its arrays"),
}
# "Scales": [.., "1.5", ..] is a string: DxDispatch accepts only numbers and nan/inf words.
BAD["wrong value type"] = (BAD["wrong value type"][0], 1,
                           r"DML_RESAMPLE_GRAD1_OPERATOR_DESC.Scales\[2\]: must be a number "
                           r"\(or \"nan\", \"inf\", \"-inf\"\), got '1.5'")


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input(case: str, tmp_path: Path) -> None:
    import re

    model, code, pattern = BAD[case]
    np.save(tmp_path / "dy64.npy", np.arange(12, dtype=np.float64))
    out = tmp_path / "out"
    result = cli("run", write(tmp_path, model), "--output", out, cwd=tmp_path)
    assert result.returncode == code
    line = one_error_line(result)
    assert re.search(pattern, line), line
    assert line.startswith("pydml run: ")
    assert not out.exists()  # failed before the first dispatch: nothing written
    assert "Resource '" not in result.stdout


# -- list, explain, --include-dir ---------------------------------------------------------------


def test_list() -> None:
    result = cli("list")
    assert result.returncode == 0
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()[1:-1]}
    assert rows["DML_OPERATOR_RESAMPLE_GRAD1"] == ["5_1", "yes", "yes"]
    assert rows["DML_OPERATOR_CONVOLUTION"] == ["1_0", "yes", "yes"]
    assert rows["DML_OPERATOR_ACTIVATION_RELU"][1] == "yes"
    assert rows["DML_OPERATOR_GEMM"] == ["1_0", "yes", "yes"]
    assert rows["DML_OPERATOR_LSTM"] == ["1_0", "yes", "yes"]
    assert len(rows) == 177
    data = json.loads(cli("list", "--feature-level", "3_0", "--json").stdout)
    names = {r["type"] for r in data["operators"]}
    assert "DML_OPERATOR_RESAMPLE_GRAD" in names and "DML_OPERATOR_RESAMPLE2" not in names


def test_list_json_has_per_tensor_support_at_the_level() -> None:
    def gather(level: str) -> dict[str, Any]:
        data = json.loads(cli("list", "--feature-level", level, "--json").stdout)
        assert data["featureLevel"] == f"DML_FEATURE_LEVEL_{level}"
        assert all("tensors" in r and "constraints" in r for r in data["operators"])
        return next(r for r in data["operators"] if r["type"] == "DML_OPERATOR_GATHER")

    old, new = gather("2_1"), gather("6_4")
    indices = next(t for t in old["tensors"] if t["name"] == "IndicesTensor")
    # GATHER's page: 2_1 takes 4-D UINT32 indices, 3_0 widens to 1-8 dims and 64-bit indices
    assert (indices["kind"], indices["dimensionCounts"], indices["dataTypes"]) == (
        "input", [4], ["DML_TENSOR_DATA_TYPE_UINT32"])
    indices = next(t for t in new["tensors"] if t["name"] == "IndicesTensor")
    assert indices["dimensionCounts"] == list(range(1, 9))
    assert "DML_TENSOR_DATA_TYPE_INT64" in indices["dataTypes"]
    assert {"same": ["DataType"], "tensors": ["InputTensor", "OutputTensor"]} in new["constraints"]
    assert [t["role"] for t in new["tensors"]] == ["input_tensor", "input_tensor", "output_tensor"]


def _explain(tmp_path: Path, kind: str, desc: dict[str, Any]) -> str:
    result = cli("explain", write(tmp_path, {"type": kind, "desc": desc}, "e.json"))
    assert result.returncode == 0, result.stderr
    return result.stdout


def _resample2(mode: str, rounding: str, sizes: tuple[list[int], list[int]], scales: list[float],
               a: float, b: float) -> dict[str, Any]:
    return {"InputTensor": {"DataType": "FLOAT32", "Sizes": sizes[0]},
            "OutputTensor": {"DataType": "FLOAT32", "Sizes": sizes[1]},
            "InterpolationMode": mode, "RoundingDirection": rounding, "DimensionCount": 4,
            "Scales": scales, "InputPixelOffsets": [a] * 4, "OutputPixelOffsets": [b] * 4}


def test_explain_resample_conventions(tmp_path: Path) -> None:
    sizes = ([1, 1, 5, 7], [1, 1, 8, 10])
    half = _explain(tmp_path, "RESAMPLE2", _resample2("LINEAR", "DECREASING", sizes,
                                                      [1, 1, 8 / 5, 10 / 7], 0.5, -0.5))
    assert "mode='bilinear', align_corners=False" in half
    assert "coordinate_transformation_mode='half_pixel'" in half
    assert "resampling forward, algorithm resampling_linear" in half
    assert "x = (o + 0.5) / 1.6 - 0.5" in half
    assert "o = 1: x = 0.4375 -> in[0] * 0.5625, in[1] * 0.4375" in half
    corners = _explain(tmp_path, "RESAMPLE2", _resample2("LINEAR", "DECREASING", sizes,
                                                         [1, 1, 7 / 4, 9 / 6], 0, 0))
    assert "align_corners=True" in corners and "oneDNN: none" in corners
    nearest = _explain(tmp_path, "RESAMPLE2", _resample2("NEAREST_NEIGHBOR", "DECREASING", sizes,
                                                         [1, 1, 8 / 5, 10 / 7], 0, 0))
    assert "size=(8, 10), mode='nearest')" in nearest
    exact = _explain(tmp_path, "RESAMPLE2", _resample2("NEAREST_NEIGHBOR", "DECREASING", sizes,
                                                       [1, 1, 8 / 5, 10 / 7], 0, -0.5))
    assert "mode='nearest-exact'" in exact and "round_prefer_ceil" in exact
    assert "algorithm resampling_nearest" in exact
    aa = dict(_resample2("LINEAR", "DECREASING", ([1, 1, 8, 9], [1, 1, 2, 3]),
                         [1, 1, 0.25, 1 / 3], 0.5, -0.5), Antialiased=True)
    anti = _explain(tmp_path, "RESAMPLE3", aa)
    assert "align_corners=False, antialias=True)" in anti and "antialias=1" in anti
    odd = _explain(tmp_path, "RESAMPLE2", _resample2("LINEAR", "DECREASING", sizes,
                                                     [1, 1, 3, 3], 0.25, 0))
    assert "PyTorch: none" in odd and "ONNX Resize: none" in odd


def test_explain_examples() -> None:
    doc = cli("explain", EXAMPLES / "resample_grad_doc.json").stdout
    assert "gradient of torch.nn.functional.interpolate(x, size=(1, 3), mode='nearest')" in doc
    grad = cli("explain", EXAMPLES / "resample_grad1_bilinear.json").stdout
    assert "mode='bilinear', align_corners=False" in grad
    conv = cli("explain", EXAMPLES / "formats_d3_convolution_transposed.json").stdout
    assert "axis 2: (2 - 1) * 2 + (3 - 1) * 1 + 1 + 0 - 1 - 1 = 3" in conv
    assert ("torch.relu(torch.nn.functional.conv_transpose2d(x, w, bias=b.reshape(-1), "
            "stride=(2, 2), padding=(1, 1), output_padding=(0, 0), dilation=(1, 1), groups=1))"
            ) in conv


def test_explain_forward_convolution(tmp_path: Path) -> None:
    desc = {"InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 4, 9]},
            "FilterTensor": {"DataType": "FLOAT32", "Sizes": [6, 2, 3]},
            "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 6, 3]},
            "Mode": "CONVOLUTION", "Direction": "FORWARD", "DimensionCount": 1,
            "Strides": [2], "Dilations": [2], "StartPadding": [1], "EndPadding": [0],
            "OutputPadding": [0], "GroupCount": 2,
            "FusedActivation": {"Type": "ACTIVATION_LEAKY_RELU", "Alpha": 0.5}}
    out = _explain(tmp_path, "CONVOLUTION", desc)
    assert "axis 2: 1 + floor((9 + 1 + 0 - 5) / 2) + 0 = 3" in out
    assert ("torch.nn.functional.leaky_relu(torch.nn.functional.conv1d("
            "torch.nn.functional.pad(x, (1, 0)), w.flip(2), stride=(2,), padding=0, "
            "dilation=(2,), groups=2), 0.5)") in out


def test_include_dir() -> None:
    result = cli("--include-dir")
    assert result.returncode == 0
    path = Path(result.stdout.strip())
    assert (path / "DirectML.h").is_file() and (path / "pydml.h").is_file()


def test_no_command_prints_help() -> None:
    from pydml.frontends.cli import main

    assert main(["list", "--json"]) == 0
    result = cli("frobnicate")
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_main_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    from pydml.frontends.cli import main

    assert main(["run", str(EXAMPLES / "resample_grad_doc.json")]) == 0
    assert resource_lines(capsys.readouterr().out) == ["Resource 'dx': 9, 6, 0, 0"]
    assert main(["validate", str(EXAMPLES / "resample_grad_doc.json"), "--feature-level",
                 "2_1"]) == 1
    assert "needs DML_FEATURE_LEVEL_3_0" in capsys.readouterr().out


OWNED = {
    "resources": {
        "x": {"initialValuesDataType": "FLOAT16", "initialValues": [1, 2, 3, 4]},
        "w": {"initialValuesDataType": "FLOAT16", "initialValues": {"valueCount": 1,
                                                                    "value": 0.5}},
        "y": {"initialValuesDataType": "FLOAT16", "initialValues": {"valueCount": 8,
                                                                    "value": 0}},
    },
    "dispatchables": {"c": {"type": "CONVOLUTION", "bindings": {"FilterTensor": "w"}, "desc": {
        "InputTensor": {"DataType": "FLOAT16", "Sizes": [1, 1, 2, 2]},
        "FilterTensor": {"DataType": "FLOAT16", "Sizes": [1, 1, 1, 1], "Flags": "OWNED_BY_DML"},
        "OutputTensor": {"DataType": "FLOAT16", "Sizes": [1, 1, 2, 2], "Strides": [8, 8, 4, 1]},
        "Mode": "CROSS_CORRELATION", "Direction": "FORWARD", "DimensionCount": 2,
        "Strides": [1, 1], "Dilations": [1, 1], "StartPadding": [0, 0], "EndPadding": [0, 0],
        "OutputPadding": [0, 0], "GroupCount": 1}}},
    "commands": [
        {"type": "dispatch", "dispatchable": "c",
         "bindings": {"InputTensor": "x", "OutputTensor": "y"}},
        {"type": "print", "resource": "y", "verbose": True},
    ],
}


def test_run_owned_by_dml_float16_strided(tmp_path: Path) -> None:
    result = cli("run", write(tmp_path, OWNED))
    assert result.returncode == 0, result.stderr
    block = result.stdout.split("Resource 'y':\n", 1)[1]
    assert block == ("[0] 0.5 (0x3800)\n[1] 1 (0x3C00)\n[2] 0 (0x   0)\n[3] 0 (0x   0)\n"
                     "[4] 1.5 (0x3E00)\n[5] 2 (0x4000)\n[6] 0 (0x   0)\n[7] 0 (0x   0)\n\n")
    model = json.loads(json.dumps(OWNED))
    del model["dispatchables"]["c"]["bindings"]
    result = cli("run", write(tmp_path, model))
    assert result.returncode == 1
    assert one_error_line(result) == ("pydml run: c: bindings.FilterTensor: "
                                      "DML_CONVOLUTION_OPERATOR_DESC.FilterTensor is not bound "
                                      "(missing binding)")
    model["commands"][0]["bindings"]["FilterTensor"] = "w"
    result = cli("run", write(tmp_path, model))
    assert "FilterTensor has DML_TENSOR_FLAG_OWNED_BY_DML: bind it in the dispatchable's " \
        "'bindings'" in one_error_line(result)


@pytest.mark.parametrize("example,expected", [
    ("interpolate_backward.json", "30 48 102 120"),
    ("convolution_backward_data.json", "75 167 94 176 386 214 113 243 132"),
    ("conv_transpose_backward_data.json", "176 188 196 212 188 212 160 188"),
])
def test_onednn_run_examples_with_simple_data(example: str, expected: str) -> None:
    # formats.md §2.5: the expected outputs of the three oneDNN Graph example files.
    result = cli("onednn", "run", "--simple-data", str(ROOT / "examples" / "onednn" / example))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == expected


def test_onednn_run_unreadable_file_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    result = cli("onednn", "run", str(bad))
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("pydml onednn: graph.file: ") and "cannot read" in result.stderr


def test_cflags_and_libs_point_at_the_headers_and_library() -> None:
    result = cli("--cflags", "--libs")
    assert result.returncode == 0
    flags = result.stdout.split()
    include = Path(flags[0].removeprefix("-I"))
    assert (include / "DirectML.h").is_file()
    assert "-lpydml" in flags
    lib = Path(cli("--lib").stdout.strip())
    assert lib.name == "libpydml.so" and lib.is_file()


# -- issue 22: no traceback, checked before the first dispatch -----------------------------------

LIMIT = 3 << 30  # the address-space limit the memory tests run under (ulimit -v 3 GiB)


def cli_limited(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``cli`` under an address-space limit (``ulimit -v``), set in the child before it starts."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))

    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "pydml", *map(str, args)], cwd=cwd or ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False, preexec_fn=limit)


@pytest.mark.parametrize("resource_json,field,need", [
    ({"initialValuesDataType": "FLOAT32", "initialValues": [1, 2], "sizeInBytes": 16 << 30},
     "sizeInBytes", 16 << 30),
    ({"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 2**32 - 1, "value": 0}},
     "initialValues.valueCount", (2**32 - 1) * 4),
    ({"initialValuesDataType": "FLOAT32",
      "initialValues": {"valueCount": 2**32 - 1, "valueStart": 0, "valueDelta": 1}},
     "initialValues.valueCount", (2**32 - 1) * 4),
])
def test_resource_past_the_memory_limit_is_one_line(tmp_path: Path, resource_json: dict[str, Any],
                                                    field: str, need: int) -> None:
    model = {"resources": {"big": resource_json}, "dispatchables": {}, "commands": []}
    result = cli_limited("run", write(tmp_path, model))
    assert result.returncode == 1
    assert one_error_line(result) == (
        f"pydml run: resource 'big': {field}: the resource needs {need} bytes, more than this process's "
        f"address-space limit (ulimit -v) ({LIMIT} bytes)")


@pytest.mark.parametrize("make", ["file", "under a file"])
def test_output_that_cannot_be_a_directory_is_refused_before_any_dispatch(tmp_path: Path, make: str) -> None:
    (tmp_path / "taken").write_text("not a directory")
    target = tmp_path / "taken" if make == "file" else tmp_path / "taken" / "out"
    result = cli("run", EXAMPLES / "resample2_forward.json", "--output", target, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""  # refused before the first dispatch: nothing ran, nothing printed
    line = one_error_line(result)
    assert line.startswith("pydml run: --output: '") and "not a directory" in line


def test_dash_m_names_the_model_as_in_dxdispatch(tmp_path: Path) -> None:
    result = cli("-m", EXAMPLES / "resample2_forward.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert resource_lines(result.stdout) == [EXPECTED["resample2_forward.json"][0]]


def test_onednn_inputs_directory_without_the_inputs_is_an_error(tmp_path: Path) -> None:
    graph = ROOT / "examples" / "onednn" / "interpolate_backward.json"
    result = cli("onednn", "run", graph, "--inputs", tmp_path)
    assert result.returncode == 2
    line = one_error_line(result)
    assert line.startswith("pydml onednn: graph.--inputs: ") and f"{tmp_path} has no 0.npy" in line
    assert result.stdout == ""
