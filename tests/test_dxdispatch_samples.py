"""Microsoft's 19 DxDispatch sample models (tests/data/dxdispatch) through ``pydml validate``.

Each is a valid desc on Windows, so each prints ``ok``; broken copies (a zero size, a data type
no tensor of the desc shares) are refused with a message naming the dispatchable, the desc and
the broken field, never a traceback.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "data" / "dxdispatch"
MODELS = sorted(SAMPLES.glob("dml_*.json"))


def validate(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pydml", "validate", str(path), *extra],
                           capture_output=True, text=True, timeout=120, check=False)


def test_all_nineteen_samples_are_here() -> None:
    assert len(MODELS) == 19


def test_every_sample_validates_ok() -> None:
    # One process for all 19: `validate --json` per file would spend most of its time importing.
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from pydml.enums import FeatureLevel\n"
        "from pydml.frontends.cli import check_dispatchable\n"
        "from pydml.frontends.dxdispatch import load_file\n"
        "for p in sys.argv[1:]:\n"
        "    for name, obj in load_file(Path(p))['dispatchables'].items():\n"
        "        _, problems = check_dispatchable(name, obj, FeatureLevel.FL6_4)\n"
        "        print(Path(p).name, name, json.dumps([q['message'] for q in problems]))\n"
    )
    result = subprocess.run([sys.executable, "-c", script, *map(str, MODELS)], capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert {line.split()[0] for line in lines} == {m.name for m in MODELS}
    bad = [line for line in lines if not line.endswith(" []")]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("model", [MODELS[0], MODELS[9]], ids=lambda p: p.name)
def test_cli_prints_ok(model: Path) -> None:
    result = validate(model)
    assert (result.returncode, result.stdout.strip(), result.stderr) == (0, "ok", "")


def _first_tensor(desc: dict[str, Any]) -> str:
    return next(k for k, v in desc.items() if isinstance(v, dict) and "Sizes" in v)


def _broken_copies(tmp_path: Path) -> list[tuple[Path, str]]:
    """(broken model, the 'Desc.Field' its message must name) for every sample, twice."""
    copies: list[tuple[Path, str]] = []
    for model in MODELS:
        for kind in ("zero-size", "data-type"):
            root = json.loads(model.read_text())
            name, dispatchable = next(iter(root["dispatchables"].items()))
            desc = dispatchable["desc"]
            op = dispatchable["type"].removeprefix("DML_OPERATOR_")
            tensor = _first_tensor(desc)
            if kind == "zero-size":
                desc[tensor]["Sizes"] = [*desc[tensor]["Sizes"][:-1], 0]
                where = f"{tensor}.Sizes[{len(desc[tensor]['Sizes']) - 1}]"
            else:
                # UINT4: a type none of these operators takes, refused in the tensor's own
                # support row (before its DataType group, which would blame the other members).
                desc[tensor]["DataType"] = "DML_TENSOR_DATA_TYPE_UINT4"
                where = f"{tensor}.DataType"
            folder = tmp_path / f"{model.stem}-{kind}"
            folder.mkdir()
            for data in SAMPLES.glob("*.[nd][pa][yt]"):  # the .npy and .dat inputs
                shutil.copy(data, folder / data.name)
            path = folder / model.name
            path.write_text(json.dumps(root))
            copies.append((path, f"{name}: DML_{op}_OPERATOR_DESC.{where}"))
    return copies


def test_broken_copies_fail_naming_the_field(tmp_path: Path) -> None:
    copies = _broken_copies(tmp_path)
    assert len(copies) == 38
    script = (
        "import sys\n"
        "from pydml.frontends.cli import main\n"
        "for p in sys.argv[1:]:\n"
        "    code = main(['validate', p, '--json'])\n"
    )
    result = subprocess.run([sys.executable, "-c", script, *(str(p) for p, _ in copies)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert "Traceback" not in result.stderr, result.stderr
    reports = [json.loads(chunk) for chunk in _json_documents(result.stdout)]
    assert len(reports) == len(copies)
    for report, (path, where) in zip(reports, copies, strict=True):
        assert report["valid"] is False, path
        assert report["exitCode"] == 1, report
        messages = [p["message"] for d in report["dispatchables"] for p in d["problems"]]
        assert any(m.startswith(where + ": ") for m in messages), (where, messages)


def _json_documents(text: str) -> list[str]:
    decoder = json.JSONDecoder()
    documents, at = [], 0
    while at < len(text):
        if text[at].isspace():
            at += 1
            continue
        _, end = decoder.raw_decode(text, at)
        documents.append(text[at:end])
        at = end
    return documents


def _ostream(values: list[float]) -> str:
    """What DxDispatch's print command writes: C++ ostream defaults (%g, 6 digits)."""
    return ", ".join(f"{v:g}" for v in values)


def _elu(x: float, alpha: float) -> float:
    return x if x > 0 else alpha * (math.exp(x) - 1)


def _rnn_sample() -> list[float]:
    """dml_rnn.json: a BIDIRECTIONAL RNN over one step, no bias, no initial state (0), so each
    direction's H = f(X_0 W^T) (the RNN page's equation), f = ELU with Alpha 0.5 forward and 3.5
    backward; X = 1..32 as [8, 4], W = 1 + 0.4 k as [2, 5, 4]; OutputSingleTensor [1, 2, 8, 5]."""
    x = [[1.0 + 4 * b + i for i in range(4)] for b in range(8)]
    w = [[[1 + 0.4 * (20 * d + 4 * h + i) for i in range(4)] for h in range(5)] for d in range(2)]
    alpha = (0.5, 3.5)
    return [_elu(sum(x[b][i] * w[d][h][i] for i in range(4)), alpha[d])
            for d in range(2) for b in range(8) for h in range(5)]


# The values Windows prints, from each page's formula applied to the model's initial values.
RUN_EXPECTED = {
    "dml_rnn.json": ("output", _rnn_sample()),
    "dml_element_wise_add.json": ("Out", [1 + 5, 2 + 8, 3 - 5]),
    "dml_element_wise_add1.json": ("Out", [_elu(s, 0.5) for s in (6.0, 10.0, -2.0)]),
    "dml_element_wise_add_npy.json": ("Out", [2 * v for v in (1, 2, 3, 4, 5, 6)]),
    "dml_element_wise_clip.json": ("A", [min(max(v, -2.5), 2.5) for v in range(-4, 5)]),
    "dml_element_wise_identity.json": ("Out", [2 * v + 10 for v in (1, 2, 3)]),
    "dml_owned_tensors.json": ("Out", [6, 10, -2]),
    "dml_scalar_union_fp16.json": ("output", [min(max(v, 2), 4) for v in (1, 2, 3, 4, 5)]),
    # JOIN of A[0:3], B's first 2 elements and A[4:9] (A = 1..10, B = 100, 115, 130)
    "dml_join.json": ("Out", [1, 2, 3, 100, 115, 5, 6, 7, 8, 9]),
    # SLICE of a 5x5 1..25: rows 1..3, columns 1 and 3
    "dml_slice.json": ("output", [7, 9, 12, 14, 17, 19]),
    # SPLIT of 1..6 into three [2] outputs: the first printed
    "dml_split.json": ("Out1", [1, 2]),
    # FILL_VALUE_SEQUENCE: FLOAT32 3.2 + k * 1.5
    "dml_fill_value_sequence.json": ("Out", [3.2, 4.7, 6.2, 7.7, 9.2]),
    # "dmlCompileType": "DmlCompileGraph": GEMM as a one-node graph, B OWNED_BY_DML; ones, K = 32
    "dml_gemm_graph.json": ("output", [32] * 1024),
}


@pytest.mark.parametrize("name", sorted(RUN_EXPECTED))
def test_executing_samples_print_what_windows_prints(name: str, tmp_path: Path) -> None:
    for data in SAMPLES.iterdir():
        if data.is_file():  # matmul_add/ holds the dmlSerializedGraph sample's files
            shutil.copy(data, tmp_path / data.name)
    result = subprocess.run([sys.executable, "-m", "pydml", "run", name], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    resource, values = RUN_EXPECTED[name]
    printed = [line for line in result.stdout.splitlines() if line.startswith("Resource '")]
    assert printed[0] == f"Resource '{resource}': {_ostream([float(v) for v in values])}"
