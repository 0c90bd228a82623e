"""DxDispatch ``"type": "dmlSerializedGraph"``: ONNX Runtime's serialized DirectML graphs.

Microsoft's sample (tests/data/dxdispatch/dmlSerializedGraph_matmul_add.json and matmul_add/, from
microsoft/DirectML DxDispatch/models at a9614e82) against a float64 numpy evaluation of its own
constant files; graphs built here with the flatc-generated builder from pydml's .fbs (inline and
named constants, intermediate edges, a fused activation, omitted optional tensors, positional
attributes); corrupted files (truncated, wrong root table, garbage, missing constant) as one-line
errors naming the file; and flatc regenerating the checked-in reader byte for byte.
"""

from __future__ import annotations

import filecmp
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cli_harness import run_cli

flatbuffers = pytest.importorskip("flatbuffers")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "data" / "dxdispatch"
SAMPLE = SAMPLES / "dmlSerializedGraph_matmul_add.json"
GEN = ROOT / "pydml" / "frontends" / "dml_ir" / "generated"


def cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m pydml *args``, run in this process (tests/cli_harness.py says why)."""
    return run_cli(*args, cwd=cwd)


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert result.returncode != 0, result.stdout
    text = result.stderr.strip()
    assert len(text.splitlines()) == 1, text
    return text


def error_of(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    """In-process ``pydml ARGS`` (an escaping exception fails the test): its one-line error."""
    from pydml.frontends.cli import main

    code = main([str(a) for a in args])
    out = capsys.readouterr()
    assert code != 0, out.out
    text = out.err.strip()
    assert len(text.splitlines()) == 1, text
    return text


def run_model(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from pydml.frontends.cli import main

    code = main(["run", str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


# -- Microsoft's sample ------------------------------------------------------------------------


def test_microsoft_matmul_add_sample_prints_what_windows_prints(capsys: pytest.CaptureFixture[str]) -> None:
    # The reference: the graph's GEMM (Output = A x B + C, alpha = beta = 1, read from the file) over
    # the sample's own constant files and its 1.5-filled input, in float64.
    b = np.fromfile(SAMPLES / "matmul_add" / "matmul_b_tensor.bin", dtype=np.float32).astype(np.float64)
    c = np.fromfile(SAMPLES / "matmul_add" / "add_b_tensor.bin", dtype=np.float32).astype(np.float64)
    expected = np.full((1, 5), 1.5) @ b.reshape(5, 5) + c.reshape(1, 5)
    code, out, err = run_model(SAMPLE, capsys)
    assert code == 0, err
    line = re.search(r"^Resource 'model_output': (.*)$", out, re.M)
    assert line, out
    assert line.group(1) == ", ".join(f"{v:g}" for v in expected.reshape(-1))  # 12.25 x 5
    assert "Dispatch 'matmul_add': 1 iterations" in out


def test_sample_explain_and_validate_show_the_graph_node_by_node(capsys: pytest.CaptureFixture[str]) -> None:
    from pydml.frontends.cli import main

    assert main(["explain", str(SAMPLE)]) == 0
    text = capsys.readouterr().out
    assert "3 serialized nodes (1 operator, 2 named constant, 0 inline constant)" in text
    assert "node 0 'model_output_dmlEp_0': DML_OPERATOR_GEMM" in text
    assert "input 0 ATensor: FLOAT32 [1,1,1,5] <- graph input 0 'model_input'" in text
    assert re.search(r"input 1 BTensor: FLOAT32 \[1,1,5,5\] OWNED_BY_DML <- graph input 1", text)
    assert "named constant 'matmul_b_tensor' from" in text and "matmul_b_tensor.bin" in text
    assert "output 0 OutputTensor: FLOAT32 [1,1,1,5] -> graph output 0 'model_output'" in text
    assert main(["validate", str(SAMPLE)]) == 0
    assert capsys.readouterr().out.strip() == "ok"


def test_dml_compile_graph_dispatchable_is_explained_as_a_graph(capsys: pytest.CaptureFixture[str]) -> None:
    from pydml.frontends.cli import main

    assert main(["explain", str(SAMPLES / "dml_gemm_graph.json")]) == 0
    text = capsys.readouterr().out
    assert "gemm: DmlCompileGraph: DML_OPERATOR_GEMM as a one-node DML_GRAPH_DESC" in text
    assert re.search(r"node 0 'DML_GEMM_OPERATOR_DESC': DML_OPERATOR_GEMM", text)
    assert re.search(r"input 0 ATensor: \w+ \[[\d,]+\] <- graph input 0 'ATensor'", text)
    assert re.search(r"output 0 OutputTensor: .* -> graph output 0 'OutputTensor'", text)


# -- corrupted copies ----------------------------------------------------------------------------


def _copy_sample(tmp_path: Path) -> Path:
    shutil.copy(SAMPLE, tmp_path / SAMPLE.name)
    shutil.copytree(SAMPLES / "matmul_add", tmp_path / "matmul_add")
    return tmp_path / SAMPLE.name


@pytest.mark.parametrize("damage", ["truncated", "wrong_root", "garbage", "empty", "missing_constant",
                                    "missing_graph"])
def test_corrupted_sample_is_a_one_line_error_naming_the_file(tmp_path: Path, damage: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    model = _copy_sample(tmp_path)
    graph = tmp_path / "matmul_add" / "Partition_0.bin"
    blob = graph.read_bytes()
    named = graph
    if damage == "truncated":
        graph.write_bytes(blob[:600])
    elif damage == "wrong_root":  # a valid flatbuffer whose root is a ConstantName table
        graph.write_bytes(_constant_name_root("matmul_b_tensor"))
    elif damage == "garbage":
        graph.write_bytes(bytes(range(256)) * 3)
    elif damage == "empty":
        graph.write_bytes(b"")
    elif damage == "missing_constant":
        named = tmp_path / "matmul_add" / "add_b_tensor.bin"
        named.unlink()
    else:
        graph.unlink()
    # one subprocess shows the whole command line ends without a traceback; the rest run in-process
    message = one_line_error(cli("run", model)) if damage == "truncated" else error_of(capsys, "run", model)
    assert str(named.name) in message, message
    if damage in ("truncated", "wrong_root", "garbage", "empty"):
        assert "not a valid serialized DirectML graph" in message, message


def test_truncations_never_escape_as_tracebacks(tmp_path: Path) -> None:
    from pydml.frontends.dml_serialized_graph import load
    from pydml.frontends.dxdispatch import ModelError

    blob = (SAMPLES / "matmul_add" / "Partition_0.bin").read_bytes()
    path = tmp_path / "g.bin"
    for cut in range(0, len(blob), 7):
        path.write_bytes(blob[:cut])
        with pytest.raises(ModelError, match="g.bin"):
            load(path)


def test_byte_flips_give_a_graph_or_a_model_error(tmp_path: Path) -> None:
    from pydml.errors import PydmlError
    from pydml.frontends.dml_serialized_graph import load

    blob = bytearray((SAMPLES / "matmul_add" / "Partition_0.bin").read_bytes())
    path = tmp_path / "g.bin"
    rng = np.random.default_rng(7)
    for _ in range(150):
        mutated = bytearray(blob)
        for i in rng.integers(0, len(blob), size=3):
            mutated[int(i)] = int(rng.integers(0, 256))
        path.write_bytes(bytes(mutated))
        try:
            load(path)
        except PydmlError:
            pass


# -- graphs built with the generated builder -------------------------------------------------------


def _strings(b: Any, values: list[str]) -> Any:
    offsets = [b.CreateString(v) for v in values]
    b.StartVector(4, len(offsets), 4)
    for o in reversed(offsets):
        b.PrependUOffsetTRelative(o)
    return b.EndVector()


def _tables(b: Any, offsets: list[Any]) -> Any:
    b.StartVector(4, len(offsets), 4)
    for o in reversed(offsets):
        b.PrependUOffsetTRelative(o)
    return b.EndVector()


def _tensor(b: Any, sizes: list[int]) -> Any:
    from pydml.frontends.dml_ir.generated.dml.ir import DmlBufferTensorDesc as T

    dtype = b.CreateString("DML_TENSOR_DATA_TYPE_FLOAT32")
    sz = b.CreateNumpyVector(np.array(sizes, dtype=np.uint32))
    T.Start(b)
    T.AddDataType(b, dtype)
    T.AddSizes(b, sz)
    T.AddTotalTensorSizeInBytes(b, 4 * int(np.prod(sizes)))
    return T.End(b)


def _attr(b: Any, name: str, tag: int, value: Any) -> Any:
    from pydml.frontends.dml_ir.generated.dml.ir.operatorFieldTypes import AttributeDesc as A

    n = b.CreateString(name)
    A.Start(b)
    A.AddName(b, n)
    A.AddValType(b, tag)
    if value is not None:
        A.AddVal(b, value)
    return A.End(b)


def _float32(b: Any, v: float) -> Any:
    from pydml.frontends.dml_ir.generated.dml.ir.operatorFieldTypes import Float32

    return Float32.CreateFloat32(b, v)


def _activation(b: Any, type_name: str, attrs: list[Any]) -> Any:
    from pydml.frontends.dml_ir.generated.dml.ir.operatorFieldTypes import Activation as Act

    t = b.CreateString(type_name)
    av = _tables(b, attrs)
    Act.Start(b)
    Act.AddType(b, t)
    Act.AddAttributes(b, av)
    return Act.End(b)


def _operator_node(b: Any, name: str, type_name: str, inputs: list[str], outputs: list[str],
                   in_sizes: list[list[int]], out_sizes: list[list[int]], attrs: list[Any]) -> Any:
    from pydml.frontends.dml_ir.generated.dml.ir import OperatorNodeDesc as O

    ins = _tables(b, [_tensor(b, s) for s in in_sizes])
    outs = _tables(b, [_tensor(b, s) for s in out_sizes])
    av = _tables(b, attrs)
    t = b.CreateString(type_name)
    O.Start(b)
    O.AddType(b, t)
    O.AddInputs(b, ins)
    O.AddOutputs(b, outs)
    O.AddAttributes(b, av)
    desc = O.End(b)
    return _node(b, name, 1, desc, inputs, outputs)


def _node(b: Any, name: str, kind: int, desc: Any, inputs: list[str], outputs: list[str]) -> Any:
    from pydml.frontends.dml_ir.generated.dml.ir import DmlGraphNode as N

    n = b.CreateString(name)
    iv = _strings(b, inputs)
    ov = _strings(b, outputs)
    N.Start(b)
    N.AddDescType(b, kind)
    N.AddDesc(b, desc)
    N.AddName(b, n)
    N.AddInputNames(b, iv)
    N.AddOutputNames(b, ov)
    return N.End(b)


def _constant_node(b: Any, name: str, output: str, raw: bytes | None) -> Any:
    from pydml.frontends.dml_ir.generated.dml.ir import ConstantName as CN
    from pydml.frontends.dml_ir.generated.dml.ir import ConstantNodeDesc as C
    from pydml.frontends.dml_ir.generated.dml.ir import ConstantRawData as CR

    if raw is None:
        s = b.CreateString(name)
        CN.Start(b)
        CN.AddName(b, s)
        data, tag = CN.End(b), 1
    else:
        v = b.CreateByteVector(raw)
        CR.Start(b)
        CR.AddData(b, v)
        data, tag = CR.End(b), 2
    C.Start(b)
    C.AddDataType(b, tag)
    C.AddData(b, data)
    return _node(b, name, 2, C.End(b), [], [output])


def _graph(b: Any, nodes: list[Any], inputs: list[str], outputs: list[str]) -> bytes:
    from pydml.frontends.dml_ir.generated.dml.ir import DmlGraphDesc as G

    nv = _tables(b, nodes)
    iv = _strings(b, inputs)
    ov = _strings(b, outputs)
    G.Start(b)
    G.AddNodes(b, nv)
    G.AddGraphInputNames(b, iv)
    G.AddGraphOutputNames(b, ov)
    b.Finish(G.End(b))
    return bytes(b.Output())


def _constant_name_root(name: str) -> bytes:
    from pydml.frontends.dml_ir.generated.dml.ir import ConstantName as CN

    b = flatbuffers.Builder(64)
    s = b.CreateString(name)
    CN.Start(b)
    CN.AddName(b, s)
    b.Finish(CN.End(b))
    return bytes(b.Output())


def _three_node_graph() -> bytes:
    """y = relu(x + k_inline) * w_named ; the ADD's FusedActivation is a serialized Activation and
    the MULTIPLY has no FusedActivation entry at all (trailing attributes may be absent)."""
    from pydml.frontends.dml_ir.generated.dml.ir.operatorFieldTypes.AttributeFieldVariantTag import (
        AttributeFieldVariantTag as V,
    )

    b = flatbuffers.Builder(1024)
    shape = [1, 1, 2, 3]
    k = np.array([-3, -1, 0, 1, 2, 3], dtype=np.float32).tobytes()
    nodes = [
        _constant_node(b, "k", "k_out", k),
        _constant_node(b, "w", "w_out", None),
        _operator_node(b, "add", "DML_OPERATOR_ELEMENT_WISE_ADD1", ["x", "k_out"], ["sum"],
                       [shape, shape], [shape],
                       [_attr(b, "FusedActivation", V.Activation,
                              _activation(b, "DML_OPERATOR_ACTIVATION_RELU", []))]),
        _operator_node(b, "mul", "DML_OPERATOR_ELEMENT_WISE_MULTIPLY", ["sum", "w_out"], ["y"],
                       [shape, shape], [shape], []),
    ]
    return _graph(b, nodes, ["x"], ["y"])


def _model(tmp_path: Path, blob: bytes, bindings: str = '"x": "x", "y": "y"') -> Path:
    (tmp_path / "g").mkdir(exist_ok=True)
    (tmp_path / "g" / "graph.bin").write_bytes(blob)
    (tmp_path / "model.json").write_text(
        '{"resources": {"x": {"initialValuesDataType": "FLOAT32", "initialValues": '
        '{"valueCount": 6, "valueStart": 0, "valueDelta": 0.5}}, "y": {"initialValuesDataType": "FLOAT32", '
        '"initialValues": {"valueCount": 6, "value": 0}}}, "dispatchables": {"g": {"type": '
        '"dmlSerializedGraph", "sourcePath": "g/graph.bin"}}, "commands": [{"type": "dispatch", '
        f'"dispatchable": "g", "bindings": {{{bindings}}}}}, {{"type": "print", "resource": "y"}}]}}')
    return tmp_path / "model.json"


def test_built_graph_inline_and_named_constants_fused_activation(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    w = np.array([1, 2, 3, 4, 5, 6], dtype=np.float32)
    model = _model(tmp_path, _three_node_graph())
    w.tofile(tmp_path / "g" / "w.bin")
    code, out, err = run_model(model, capsys)
    assert code == 0, err
    x = np.arange(6) * 0.5
    expected = np.maximum(x + np.array([-3, -1, 0, 1, 2, 3]), 0) * w.astype(np.float64)
    assert f"Resource 'y': {', '.join(f'{v:g}' for v in expected)}" in out

    from pydml.frontends.cli import main

    assert main(["explain", str(model)]) == 0
    text = capsys.readouterr().out
    assert "4 serialized nodes (2 operator, 1 named constant, 1 inline constant)" in text
    assert "node 0 'k': constant data (24 bytes)" in text
    assert "output 0 -> node 1 'add' input 1" in text
    assert "input 0 ATensor: FLOAT32 [1,1,2,3] <- node 1 'add' output 0 'sum'" in text
    assert "graph input 1 'w_out' (named constant 'w'" in text


def test_built_graph_missing_named_constant_names_its_file(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    model = _model(tmp_path, _three_node_graph())
    message = error_of(capsys, "run", model)
    assert "w.bin" in message and "constant node 'w'" in message, message


def test_unknown_operator_and_dangling_tensor_name_are_one_line_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    b = flatbuffers.Builder(256)
    node = _operator_node(b, "n", "DML_OPERATOR_NOT_A_THING", ["x"], ["y"], [[1, 1, 1, 6]], [[1, 1, 1, 6]], [])
    message = error_of(capsys, "run", _model(tmp_path, _graph(b, [node], ["x"], ["y"])))
    assert "graph.bin" in message and "DML_OPERATOR_NOT_A_THING" in message, message
    b = flatbuffers.Builder(256)
    node = _operator_node(b, "n", "DML_OPERATOR_ELEMENT_WISE_IDENTITY", ["nowhere"], ["y"], [[1, 1, 1, 6]],
                          [[1, 1, 1, 6]], [])
    message = error_of(capsys, "run", _model(tmp_path, _graph(b, [node], ["x"], ["y"])))
    assert "graph.bin" in message and "'nowhere' is neither a graph input" in message, message


def test_positional_scalar_attribute(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ACTIVATION_LINEAR's Alpha and Beta: Float32 structs in schema order."""
    from pydml.frontends.dml_ir.generated.dml.ir.operatorFieldTypes.AttributeFieldVariantTag import (
        AttributeFieldVariantTag as V,
    )

    b = flatbuffers.Builder(256)
    shape = [1, 1, 2, 3]
    attrs = [_attr(b, "Alpha", V.Float32, _float32(b, 2.0)), _attr(b, "Beta", V.Float32, _float32(b, -1.0))]
    node = _operator_node(b, "lin", "DML_OPERATOR_ACTIVATION_LINEAR", ["x"], ["y"], [shape], [shape], attrs)
    code, out, err = run_model(_model(tmp_path, _graph(b, [node], ["x"], ["y"])), capsys)
    assert code == 0, err
    expected = 2.0 * np.arange(6) * 0.5 - 1.0
    assert f"Resource 'y': {', '.join(f'{v:g}' for v in expected)}" in out


def test_unbound_graph_input_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    model = _model(tmp_path, _three_node_graph(), bindings='"y": "y"')
    (tmp_path / "g" / "w.bin").write_bytes(b"\0" * 24)
    message = error_of(capsys, "run", model)
    assert "'x' is not bound" in message, message


def test_validate_names_the_bad_node_and_shows_the_graph(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from pydml.frontends.cli import main

    b = flatbuffers.Builder(256)
    node = _operator_node(b, "id", "DML_OPERATOR_ELEMENT_WISE_IDENTITY", ["x"], ["y"], [[1, 1, 2, 3]],
                          [[1, 1, 3, 2]], [])
    model = _model(tmp_path, _graph(b, [node], ["x"], ["y"]))
    assert main(["validate", str(model)]) == 1
    text = capsys.readouterr().out
    assert 'DML_GRAPH_DESC.Nodes[0] "id": DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC.OutputTensor' in text, text
    assert "output 0 OutputTensor: FLOAT32 [1,1,3,2] -> graph output 0 'y'" in text


# -- the generated reader -------------------------------------------------------------------------


def test_regenerating_the_reader_changes_nothing(tmp_path: Path) -> None:
    flatc = shutil.which("flatc")
    if flatc is None:
        pytest.skip("flatc is not installed (Debian: apt-get install flatbuffers-compiler)")
    version = subprocess.run([flatc, "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]
    banner = (GEN / "dml" / "ir" / "DmlGraphDesc.py").read_text().splitlines()[0]
    if f"flatc {version} " not in banner:
        pytest.skip(f"the reader was generated by another flatc ({banner}); this one is {version}")
    from pydml.frontends.dml_ir.generate import generate

    out = tmp_path / "generated"
    generate(out, flatc)
    ours = sorted(p.relative_to(GEN) for p in GEN.rglob("*.py"))
    theirs = sorted(p.relative_to(out) for p in out.rglob("*.py"))
    assert ours == theirs
    _, mismatch, errors = filecmp.cmpfiles(GEN, out, [str(p) for p in ours], shallow=False)
    assert not mismatch and not errors, (mismatch, errors)
