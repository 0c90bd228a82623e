"""Hypothesis fuzzing of the Python entry points a user feeds with input they did not write.

* Model files: Microsoft's DxDispatch samples, our examples and the oneDNN Graph examples, mutated
  (values replaced by other JSON of any type, keys dropped, lists emptied or duplicated, numbers
  pushed to extremes), run through the command line in-process: ``pydml run``, ``validate`` and
  ``explain`` for DxDispatch models, ``onednn run`` for graphs. Each must end with an exit code of
  the documented table (0 success, 1 invalid input, 2 usage/unsupported) and never raise.
* ``CompiledOperator.execute``: every operator that executes, from its valid descs, bound with
  random contents (it must run) or with hostile bindings (wrong shapes, dtypes, names, buffer
  sizes, read-only or overlapping outputs, non-buffers), which must raise BindingError or another
  PydmlError, never anything else.

``validate`` and ``create_operator`` on mutated descs are fuzzed by tests/test_validator_agreement.py
(25,000 descs, Python against C). ``python -m pytest --long tests/test_fuzz_python.py`` runs
thousands of examples per property instead of CI's derandomized budget.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_validator_agreement import valid_bases

import pydml
from pydml.errors import PydmlError
from pydml.frontends import cli, dxdispatch
from pydml.registry import Role

ROOT = Path(__file__).resolve().parent.parent
DXDISPATCH_SEEDS = sorted((ROOT / "tests" / "data" / "dxdispatch").glob("*.json")) + \
    sorted(p for p in (ROOT / "examples").glob("*.json"))
ONEDNN_SEEDS = sorted((ROOT / "examples" / "onednn").glob("*.json"))
EXIT_CODES = {0, 1, 2}

# ---- mutated model files -------------------------------------------------------------------------

NAMES = st.text(alphabet="abcXYZ_019.", min_size=0, max_size=8)  # never a path separator
SCALARS = st.one_of(
    st.none(), st.booleans(), NAMES,
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 2**31, 2**32, 2**63, 2**64, -(2**63), 10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["FLOAT32", "FLOAT16", "INT64", "UINT4", "DML_OPERATOR_JOIN", "DML_OPERATOR_GEMM",
                     "print", "dispatch", "writeFile", "NAN", "1e400"]))
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(NAMES, inner, max_size=4)), max_leaves=12)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


def _mutate(root: Any, data: st.DataObject) -> Any:
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        paths = _paths(root)
        path = data.draw(st.sampled_from(paths), label="path")
        parent: Any = None
        node = root
        for key in path:
            parent, node = node, node[key]
        action = data.draw(st.sampled_from(["replace", "replace", "extreme", "drop", "empty", "duplicate",
                                            "nest"]), label="action")
        if action == "extreme" and isinstance(node, (int, float)) and not isinstance(node, bool):
            new: Any = data.draw(st.sampled_from([0, -1, 2**32, 2**64, -(2**63), 1e308, math.nan, 0.5]))
        elif action == "drop" and parent is not None:
            del parent[path[-1]]
            continue
        elif action == "empty":
            new = {} if isinstance(node, dict) else [] if isinstance(node, list) else ""
        elif action == "duplicate" and isinstance(node, list) and node:
            new = node + node[:1]
        elif action == "nest":
            new = [node] if data.draw(st.booleans()) else {"x": node}
        else:
            new = data.draw(JSON_VALUES, label="value")
        if parent is None:
            root = new
        else:
            parent[path[-1]] = new
    return root


def _run_cli(argv: list[str]) -> int:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            return cli.main(argv)
        except SystemExit as e:  # argparse usage errors
            return int(e.code or 0)


@pytest.mark.skipif(not DXDISPATCH_SEEDS, reason="no DxDispatch models")
@given(data=st.data())
def test_mutated_dxdispatch_models_end_in_a_documented_exit_code(data: st.DataObject, tmp_path_factory:
                                                               pytest.TempPathFactory) -> None:
    seed = data.draw(st.sampled_from(DXDISPATCH_SEEDS), label="seed")
    model = _mutate(dxdispatch.loads(seed.read_text(), str(seed)), data)
    work = tmp_path_factory.mktemp("model")
    path = work / "model.json"
    path.write_text(json.dumps(model, allow_nan=True))
    for npy in seed.parent.glob("*.npy"):  # models may load .npy/.dat files beside them
        (work / npy.name).write_bytes(npy.read_bytes())
    for dat in seed.parent.glob("*.dat"):
        (work / dat.name).write_bytes(dat.read_bytes())
    with contextlib.chdir(work):  # writeFile commands write here
        for command in (["run", str(path)], ["validate", str(path)], ["explain", str(path)]):
            code = _run_cli(command)
            assert code in EXIT_CODES, (command, code)


@pytest.mark.skipif(not ONEDNN_SEEDS, reason="no oneDNN Graph examples")
@given(data=st.data())
def test_mutated_onednn_graphs_end_in_a_documented_exit_code(data: st.DataObject, tmp_path_factory:
                                                           pytest.TempPathFactory) -> None:
    seed = data.draw(st.sampled_from(ONEDNN_SEEDS), label="seed")
    graph = _mutate(json.loads(seed.read_text()), data)
    work = tmp_path_factory.mktemp("graph")
    path = work / "graph.json"
    path.write_text(json.dumps(graph, allow_nan=True))
    with contextlib.chdir(work):
        for command in (["onednn", "run", str(path)], ["onednn", "run", "--json", str(path)]):
            code = _run_cli(command)
            assert code in EXIT_CODES, (command, code)


# ---- execute ------------------------------------------------------------------------------------

def _executing_bases() -> list[tuple[str, Any]]:
    out = []
    device = pydml.Device()
    for operator_type, bases in sorted(valid_bases().items(), key=lambda kv: kv[0].name):
        for i, base in enumerate(bases):
            if not base.schema.executes or pydml.FeatureLevel.FL6_4 not in base.levels:
                continue
            try:
                device.create_operator(base.desc)
            except PydmlError:
                continue  # valid, but no kernel path for this desc (UnsupportedError)
            out.append((f"{operator_type.name}#{i}", base.desc))
    return out


EXECUTING = _executing_bases()


def _array(t: Any, data: st.DataObject) -> np.ndarray[Any, Any]:
    from pydml.native import NUMPY_DTYPES

    if int(t.DataType) not in NUMPY_DTYPES:  # 4-bit types bind as their packed bytes
        return np.frombuffer(data.draw(st.binary(min_size=t.total_size_in_bytes,
                                                 max_size=t.total_size_in_bytes)), dtype=np.uint8).copy()
    dtype = NUMPY_DTYPES[int(t.DataType)]
    count = int(np.prod(t.Sizes)) if t.Strides is None else t.total_size_in_bytes // dtype.itemsize
    nbytes = count * dtype.itemsize
    raw = data.draw(st.binary(min_size=nbytes, max_size=nbytes), label="bytes")
    values = np.frombuffer(raw, dtype=dtype).copy()
    return values.reshape(t.Sizes) if t.Strides is None else values


def _bindings(desc: Any, role: Role, data: st.DataObject) -> dict[str, Any]:
    from pydml.registry import schema_of
    from pydml.representable import buffer_of

    out: dict[str, Any] = {}
    for spec in schema_of(desc).tensor_fields:
        value = getattr(desc, spec.name)
        if spec.role is not role or value is None:
            continue
        if isinstance(value, (list, tuple)):
            out[spec.name] = [_array(buffer_of(v), data) for v in value]
        else:
            out[spec.name] = _array(buffer_of(value), data)
    return out


_INTEGER_RANGES = {"UINT": (0, 2**32 - 1), "INT": (-(2**31), 2**31 - 1), "BOOL": (-(2**31), 2**31 - 1),
                   "UINT64": (0, 2**64 - 1)}


@given(data=st.data())
def test_to_c_refuses_integers_out_of_their_c_range(data: st.DataObject) -> None:
    """pydml.to_c on a valid desc with one integer field pushed past its C type: the ValidationError
    pydml.validate gives, never cffi's OverflowError (issue 22: DIAGONAL_MATRIX's INT Offset)."""
    bases = [b for found in valid_bases().values() for b in found
             if any(f.type.name in _INTEGER_RANGES for f in b.schema.fields)]
    base = data.draw(st.sampled_from(bases), label="base")
    spec = data.draw(st.sampled_from([f for f in base.schema.fields if f.type.name in _INTEGER_RANGES]),
                     label="field")
    low, high = _INTEGER_RANGES[spec.type.name]
    value = data.draw(st.one_of(st.integers(high + 1, high + 2**70), st.integers(low - 2**70, low - 1)),
                      label="value")
    desc = dataclasses.replace(base.desc, **{spec.name: value})
    for entry in (pydml.to_c, pydml.validate):
        with pytest.raises(pydml.ValidationError) as info:
            entry(desc)
        assert info.value.field == spec.name, str(info.value)


@pytest.mark.skipif(not EXECUTING, reason="no executing operators")
@given(data=st.data())
def test_execute_runs_any_contents_and_refuses_hostile_bindings(data: st.DataObject) -> None:
    name, desc = data.draw(st.sampled_from(EXECUTING), label="operator")
    op = pydml.Device().create_operator(desc)
    inputs = _bindings(desc, Role.INPUT_TENSOR, data)
    # random contents (NaNs, extreme values, out-of-range indices): runs, or raises a pydml error
    # where an operator documents one for data (none do today)
    op.execute(inputs)
    hostile = data.draw(st.sampled_from(["drop", "extra", "shape", "dtype", "bytes", "object", "readonly",
                                         "overlap"]), label="hostile")
    bad_inputs: dict[str, Any] = dict(inputs)
    outputs: dict[str, Any] = {}
    if not inputs and hostile in ("drop", "shape", "dtype", "bytes", "object", "overlap"):
        hostile = "extra"
    key = data.draw(st.sampled_from(sorted(inputs))) if inputs else None
    if hostile == "drop":
        del bad_inputs[key]
    elif hostile == "extra":
        bad_inputs["NoSuchTensor"] = np.zeros(4, np.float32)
    elif hostile == "shape":
        bad_inputs[key] = np.zeros((3, 5, 7), dtype=np.float32)
    elif hostile == "dtype":
        value = bad_inputs[key]
        with np.errstate(over="ignore"):  # float64 / int64 extremes overflow complex64: irrelevant here
            bad_inputs[key] = [v.astype(np.complex64) for v in value] if isinstance(value, list) else \
                value.astype(np.complex64)
    elif hostile == "bytes":
        bad_inputs[key] = b"\x00" * data.draw(st.integers(0, 3))
    elif hostile == "object":
        bad_inputs[key] = data.draw(st.sampled_from([None, 3, "text", object(), [1, 2]]))
    elif hostile == "readonly":
        out_name = op.output_names[0]
        first = op.execute(inputs)[out_name]
        frozen = np.array(first[0] if isinstance(first, list) else first)
        frozen.setflags(write=False)
        outputs[out_name] = [frozen] if isinstance(first, list) else frozen
    elif hostile == "overlap":
        value = bad_inputs[key]
        shared = value[0] if isinstance(value, list) else value
        out_name = op.output_names[0]
        outputs[out_name] = [shared] if isinstance(getattr(desc, out_name), (list, tuple)) else shared
    try:
        op.execute(bad_inputs, outputs)
    except PydmlError:
        return
    # a hostile binding that still fits (an output sharing memory with an input of an in-place
    # operator, or an array of another shape or dtype taken as raw memory as large as the tensor)
    # may run; a read-only output, a missing or unknown tensor, or a non-buffer never does
    assert hostile in ("overlap", "bytes", "dtype", "shape"), (name, hostile)
