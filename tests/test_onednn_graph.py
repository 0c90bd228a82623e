"""oneDNN Graph multi-op patterns (benchdnn --graph JSON) lowered onto one DML graph
(pydml/frontends/onednn_graph.py), against a float64 numpy evaluation of the same graph
(tests/reference_onednn.py: evaluate_graph, written from oneDNN Graph's op definitions).

Corpus: tests/data/onednn_patterns/ (oneDNN's own pattern files, Apache-2.0, see its README).
The test runs the files whose tensors are small; ``python tests/test_onednn_graph.py [DIR]`` runs
every file of a directory (for example oneDNN's whole tests/benchdnn/inputs/graph/pattern/) and
prints how many lower, run and agree.

Tolerances: float32 graphs rtol 1e-4 with atol 1e-4·max(1, max|want|) (f32 accumulation against
float64); graphs with bf16 or f16 tensors 2^-6·max(1, max|want|) (pydml keeps bf16 intermediates
in f32, as oneDNN's fused kernels do, where the reference rounds every bf16 tensor); integer
outputs of Quantize within 1 (a float32 value at a rounding tie may round the other way).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import reference_onednn as ref

from pydml.frontends.onednn import OnednnError, Unimplemented
from pydml.frontends.onednn_graph import LOWERED_OPS, fill_inputs, lower_graph
from pydml.frontends.onednn_json import main_json

CORPUS = Path(__file__).parent / "data" / "onednn_patterns"
SMALL = 3_000_000  # elements over all logical tensors: the files the suite runs


def _elements(doc: dict[str, Any]) -> int:
    return sum(math.prod(max(d, 1) for d in lt["shape"]) for op in doc["graph"]
               for lt in op["inputs"] + op["outputs"])


def check_pattern(path: Path) -> str:
    """'ok', or raises: lower, run, and compare every output with the numpy evaluation."""
    doc = json.loads(path.read_text())
    lowered = lower_graph(doc)
    inputs = fill_inputs(lowered)
    got = lowered.execute(inputs)
    want = ref.evaluate_graph(doc, inputs)
    low = any(lt["dtype"] in ("bf16", "f16") for op in doc["graph"] for lt in op["inputs"] + op["outputs"])
    assert set(got) == set(want)
    for lt_id, w in want.items():
        g = got[lt_id].astype(np.float64)
        assert g.shape == w.shape, (lt_id, g.shape, w.shape)
        if got[lt_id].dtype.kind in "iu":
            assert np.max(np.abs(g - w), initial=0) <= 1, f"{path.name} LT {lt_id}"
            continue
        finite = w[np.isfinite(w)]
        scale = max(1.0, float(np.max(np.abs(finite), initial=0)))
        tol = 2.0**-6 if low else 1e-4
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol * scale, equal_nan=True,
                                   err_msg=f"{path.name} LT {lt_id}")
    return "ok"


def _files(directory: Path) -> list[Path]:
    return sorted(directory.rglob("*.json"))


SMALL_FILES = [p for p in _files(CORPUS) if _elements(json.loads(p.read_text())) <= SMALL]


#: files of lowered op kinds that pydml still refuses, and the words of the reason
KNOWN_UNIMPLEMENTED = {
    # per-OC scales (16) on grouped IOX weights [16, 1, 3, 3] quantized along the OC/G axis
    "int8_convtranspose_post_ops_add_fusion.json": "per-channel scales",
}


@pytest.mark.parametrize("path", SMALL_FILES, ids=lambda p: p.name)
def test_pattern_matches_numpy(path: Path) -> None:
    doc = json.loads(path.read_text())
    kinds = {op["kind"] for op in doc["graph"]}
    if path.name in KNOWN_UNIMPLEMENTED:
        with pytest.raises(Unimplemented, match=KNOWN_UNIMPLEMENTED[path.name]):
            lower_graph(doc)
        return
    if not kinds <= set(LOWERED_OPS) or any(
            lt["dtype"].startswith("f8") for op in doc["graph"] for lt in op["inputs"]):
        with pytest.raises(Unimplemented, match=r"\[unimplemented\]"):
            lower_graph(doc)
        return
    assert check_pattern(path) == "ok"


def test_corpus_is_representative() -> None:
    """The copied files cover every op family of the issue, and most of them run."""
    kinds = {op["kind"] for p in _files(CORPUS) for op in json.loads(p.read_text())["graph"]}
    for k in ("Convolution", "ConvTranspose", "Interpolate", "BiasAdd", "ReLU", "Add", "MatMul",
              "SoftMax", "LayerNorm", "Quantize", "Dequantize"):
        assert k in kinds
    assert len(SMALL_FILES) >= 20


def test_unimplemented_names_the_op() -> None:
    doc = {"graph": [{"id": 0, "name": "relu_bwd", "kind": "ReLUBackward", "attrs": {},
                      "inputs": [{"id": 0, "dtype": "f32", "shape": [1, 1, 4, 4]}],
                      "outputs": [{"id": 1, "dtype": "f32", "shape": [1, 1, 2, 2]}]}]}
    with pytest.raises(Unimplemented) as e:
        lower_graph(doc)
    assert e.value.status == 3 and e.value.op == "ReLUBackward" and "[unimplemented]" in str(e.value)


def test_one_graph_with_layout_as_strides() -> None:
    """conv (NXC, XIO) -> bias -> relu -> add: one DML graph of 3 nodes, no layout copies."""
    def lt(i: int, shape: list[int], dtype: str = "f32") -> dict[str, Any]:
        return {"id": i, "dtype": dtype, "shape": shape}

    conv_attrs = {k: {"type": "s64[]", "value": v} for k, v in
                  (("strides", [1, 1]), ("pads_begin", [1, 0]), ("pads_end", [0, 1]), ("dilations", [1, 2]))}
    doc = {"graph": [
        {"id": 0, "kind": "Convolution", "attrs": conv_attrs,
         "inputs": [lt(0, [2, 5, 6, 3]), lt(1, [3, 2, 3, 4]), lt(2, [4])], "outputs": [lt(3, [2, 4, 5, 4])]},
        {"id": 1, "kind": "ReLU", "attrs": {}, "inputs": [lt(3, [2, 4, 5, 4])],
         "outputs": [lt(4, [2, 4, 5, 4])]},
        {"id": 2, "kind": "Add", "attrs": {}, "inputs": [lt(4, [2, 4, 5, 4]), lt(5, [1, 1, 1, 4])],
         "outputs": [lt(6, [2, 4, 5, 4])]}]}
    lowered = lower_graph(doc)
    assert lowered.node_kinds == ["CONVOLUTION", "ACTIVATION_RELU", "ELEMENT_WISE_ADD"]
    inputs = fill_inputs(lowered, seed=3)
    got = lowered.execute(inputs)[6]
    np.testing.assert_allclose(got, ref.evaluate_graph(doc, inputs)[6], rtol=1e-6, atol=1e-5)


def test_bad_graph_is_a_onednn_status() -> None:
    doc = {"graph": [{"id": 0, "kind": "Add", "attrs": {},
                      "inputs": [{"id": 0, "dtype": "f32", "shape": [2, 3]},
                                 {"id": 1, "dtype": "f32", "shape": [4]}],
                      "outputs": [{"id": 2, "dtype": "f32", "shape": [2, 3]}]}]}
    with pytest.raises(OnednnError, match="broadcastable"):
        lower_graph(doc)


def test_cli_runs_a_pattern_file() -> None:
    """``pydml onednn run`` takes a multi-op pattern: exit 0 and its outputs, or 2 (unimplemented)."""
    lines: list[str] = []
    errors: list[str] = []
    ok = main_json(CORPUS / "f32" / "lnorm_gelu.json", print_fn=lines.append, error_fn=errors.append)
    assert ok == 0 and lines[0] == "output 4: f32 2x2x2" and not errors
    refused = main_json(CORPUS / "f32" / "matmul_dropout.json", print_fn=lines.append, error_fn=errors.append)
    assert refused == 2 and "Dropout.kind" in errors[0] and "[unimplemented]" in errors[0]


def main(directory: str) -> int:
    files = _files(Path(directory))
    counts = {"ok": 0, "unimplemented": 0, "mismatch": 0, "error": 0}
    for path in files:
        try:
            check_pattern(path)
            counts["ok"] += 1
            print(f"ok             {path.name}")
        except Unimplemented as e:
            counts["unimplemented"] += 1
            print(f"unimplemented  {path.name}: {e}")
        except AssertionError as e:
            counts["mismatch"] += 1
            print(f"MISMATCH       {path.name}: {str(e)[:300]}")
        except Exception as e:  # a report, not a test
            counts["error"] += 1
            print(f"ERROR          {path.name}: {type(e).__name__}: {str(e)[:300]}")
    print(f"{len(files)} files: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    return 0 if counts["mismatch"] == counts["error"] == 0 else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else str(CORPUS)))
