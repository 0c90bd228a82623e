"""DxDispatch's own command line (`pydml dxdispatch`, alias `run`, and `pydml MODEL.json`), and hostile
inputs: every one ends in a one-line error with the documented exit code, never a traceback."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cli_harness import run_cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "data" / "dxdispatch"
ONEDNN = ROOT / "examples" / "onednn"


def cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m pydml *args``, run in this process (tests/cli_harness.py says why)."""
    return run_cli(*args, cwd=cwd)


def clean_error(result: subprocess.CompletedProcess[str], code: int) -> str:
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert result.returncode == code, result.stdout + result.stderr
    text = (result.stderr or result.stdout).strip()
    assert len(text.splitlines()) == 1, text
    return text


@pytest.fixture
def add_model(tmp_path: Path) -> Path:
    shutil.copy(SAMPLES / "dml_element_wise_add.json", tmp_path / "add.json")
    return tmp_path / "add.json"


def test_iterations_and_basic_timing_line(add_model: Path) -> None:
    result = cli("dxdispatch", add_model, "-i", "7", "-r", "3")
    assert result.returncode == 0, result.stderr
    assert re.search(r"^Dispatch 'add': 7 iterations, \d+\.\d{4} ms median \(CPU\)$", result.stdout, re.M)
    assert "Resource 'Out': 6, 10, -2" in result.stdout


def test_verbosity_levels_and_warmup(add_model: Path) -> None:
    one = cli("run", "-m", add_model, "-i", "5", "-w", "2", "-v", "1").stdout
    assert "Dispatch 'add': 5 iterations\n" in one
    assert re.search(r"^Initialize 'add': \d+\.\d{4} ms$", one, re.M)
    cold = re.search(r"^CPU Timings \(Cold\) : 2 samples, [\d.]+ ms average, [\d.]+ ms min, "
                     r"[\d.]+ ms median, [\d.]+ ms max$", one, re.M)
    hot = re.search(r"^CPU Timings \(Hot\)  : 3 samples, ", one, re.M)
    assert cold and hot, one
    two = cli(add_model, "-i", "3", "-v", "2").stdout  # `pydml MODEL.json`
    assert "The timings of each iteration: " in two
    assert len(re.findall(r"^iteration \d: \d+\.\d{4} ms \(CPU\)$", two, re.M)) == 3


def test_milliseconds_to_run_overrides_iterations(add_model: Path) -> None:
    result = cli("dxdispatch", add_model, "-i", "1", "-t", "50")
    found = re.search(r"Dispatch 'add': (\d+) iterations", result.stdout)
    assert found is not None, result.stdout
    count = int(found.group(1))
    assert count > 1


def test_feature_level_as_dxdispatch_spells_it(add_model: Path, tmp_path: Path) -> None:
    assert "DML_FEATURE_LEVEL_5_1" in cli("dxdispatch", add_model, "--dml_feature_level", "5.1").stdout
    assert clean_error(cli("dxdispatch", add_model, "--dml_feature_level", "9.9"), 2).startswith(
        "pydml: --dml_feature_level: '9.9' is not a feature level")
    shutil.copy(SAMPLES / "dml_element_wise_add1.json", tmp_path / "add1.json")
    # ADD1 is newer than 1.0: refused as by a device created at that level
    message = clean_error(cli("dxdispatch", tmp_path / "add1.json", "--dml_feature_level", "1.0"), 1)
    assert "needs DML_FEATURE_LEVEL_" in message and "DML_FEATURE_LEVEL_1_0" in message


def test_print_commands(add_model: Path) -> None:
    out = cli("dxdispatch", add_model, "--print_commands").stdout.splitlines()
    assert out[1] == '[StartCmd][   0]\t: {"type": "dispatch", "dispatchable": "add", "bindings": ' \
        '{"ATensor": "A", "BTensor": "B", "OutputTensor": "Out"}}'
    assert "[EndCmd][   0]\t: hr=0x0        " in out
    assert '[StartCmd][   1]\t: {"type": "print", "resource": "Out"}' in out


def test_input_and_output_paths(tmp_path: Path) -> None:
    inputs, outputs, elsewhere = tmp_path / "in", tmp_path / "out", tmp_path / "run"
    for d in (inputs, outputs, elsewhere):
        d.mkdir()
    for name in ("dml_element_wise_add_input.npy", "dml_element_wise_add_input.dat"):
        shutil.copy(SAMPLES / name, inputs / name)
    shutil.copy(SAMPLES / "dml_element_wise_add_npy.json", elsewhere / "m.json")
    result = cli("dxdispatch", elsewhere / "m.json", "--input_path", inputs, "--output_path", outputs,
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert np.load(outputs / "dml_element_wise_add_output.npy").tolist() == [2, 4, 6, 8, 10, 12]
    assert not list(elsewhere.glob("*output*")) and not list(tmp_path.glob("*output*"))


def test_gpu_only_options_are_accepted_with_one_line_each(add_model: Path) -> None:
    result = cli("dxdispatch", add_model, "-a", "NVIDIA", "-d", "--pix_capture_type", "gpu",
                 "--disable_gpu_timeout", "-q", "compute")
    assert result.returncode == 0
    notes = [line for line in result.stderr.splitlines() if "does not apply on the CPU emulator" in line]
    assert len(notes) == 5, result.stderr
    assert "Resource 'Out': 6, 10, -2" in result.stdout


def test_option_errors_use_the_subcommand_usage(add_model: Path) -> None:
    result = cli("dxdispatch", add_model, "--no_such_option")
    assert result.returncode == 2
    assert result.stderr.startswith("usage: pydml dxdispatch")
    assert "unrecognized arguments: --no_such_option" in result.stderr
    assert cli("dxdispatch", add_model, "-i", "many").stderr.startswith("usage: pydml dxdispatch")
    assert clean_error(cli("dxdispatch"), 2).startswith("pydml: dxdispatch: no model given")


# -- hostile inputs ------------------------------------------------------------------------


def write(tmp_path: Path, name: str, content: Any) -> Path:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("command", ["run", "validate", "explain"])
def test_deeply_nested_json(command: str, tmp_path: Path) -> None:
    for depth in (5_000, 100_000):
        path = write(tmp_path, "deep.json", "[" * depth + "]" * depth)
        assert "nested too deeply" in clean_error(cli(command, path), 2)
    path = write(tmp_path, "deep2.json", '{"resources": ' + DEEP + "}")
    assert "nested too deeply" in clean_error(cli(command, path), 2)


def test_deeply_nested_onednn_graph(tmp_path: Path) -> None:
    assert "nested too deeply" in clean_error(cli("onednn", "run", write(tmp_path, "g.json", DEEP)), 2)


def model(resource: dict[str, Any]) -> dict[str, Any]:
    return {"resources": {"A": resource}, "dispatchables": {}, "commands": []}


@pytest.mark.parametrize("resource,expected", [
    ({"initialValuesDataType": "FLOAT32", "sizeInBytes": 2**63, "initialValues": [1]},
     "resource 'A': sizeInBytes: the resource needs 9223372036854775808 bytes, more than this machine"),
    ({"initialValuesDataType": "FLOAT32", "sizeInBytes": 2**64, "initialValues": [1]},
     "resource 'A': sizeInBytes: must be in [0, 18446744073709551615]"),
    ({"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 2**40, "value": 0}},
     "resource 'A': initialValues.valueCount: must be in [0, 4294967295]"),
    ({"initialValuesDataType": "FLOAT32", "initialValuesOffsetInBytes": 2**62, "initialValues": [1]},
     "resource 'A': initialValuesOffsetInBytes: the resource needs"),
    ({"initialValuesDataType": "FLOAT32", "sizeInBytes": 8, "initialValuesOffsetInBytes": 100,
      "initialValues": [1]}, "is too small for the initialValues (4 bytes) at offset 100 bytes"),
    ({"initialValuesDataType": "FLOAT32", "initialValues": {"sourcePath": "."}},
     "resource 'A': initialValues.sourcePath: '.' is not a file"),
])
def test_resources_refused_before_allocating(resource: dict[str, Any], expected: str,
                                             tmp_path: Path) -> None:
    message = clean_error(cli("run", write(tmp_path, "m.json", model(resource)), cwd=tmp_path), 1)
    assert expected in message, message


# -- oneDNN Graph files ---------------------------------------------------------------------


def test_onednn_inputs_directory_must_exist() -> None:
    result = cli("onednn", "run", "--inputs", "/no/such/dir", ONEDNN / "interpolate_backward.json")
    assert "--inputs: /no/such/dir is not a directory" in clean_error(result, 2)


def test_onednn_npy_of_another_dtype_is_refused(tmp_path: Path) -> None:
    graph = json.loads((ONEDNN / "interpolate_backward.json").read_text())
    first = graph["graph"][0]["inputs"][0]
    np.save(tmp_path / f"{first['id']}.npy", np.zeros(first["shape"], np.float64))
    # the other input is filled on request (--simple-data): a named directory must hold every input
    result = cli("onednn", "run", "--inputs", tmp_path, "--simple-data", ONEDNN / "interpolate_backward.json")
    message = clean_error(result, 1)
    assert "must be f32" in message and "float64" in message


def test_onednn_json_output_and_shared_exit_codes(tmp_path: Path) -> None:
    ok = cli("onednn", "run", "--simple-data", "--json", ONEDNN / "interpolate_backward.json")
    doc = json.loads(ok.stdout)
    assert (ok.returncode, doc["ok"], doc["exitCode"]) == (0, True, 0)
    assert doc["outputs"][0]["values"][:4] == [30, 48, 102, 120]
    bad = json.loads((ONEDNN / "interpolate_backward.json").read_text())
    bad["graph"][0]["kind"] = "Pooling"
    result = cli("onednn", "run", "--json", write(tmp_path, "p.json", bad))
    doc = json.loads(result.stdout)
    assert (result.returncode, doc["ok"], doc["exitCode"], doc["status"]) == (2, False, 2, 3)
