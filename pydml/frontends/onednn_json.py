"""Run a oneDNN Graph serialized as benchdnn's ``--graph`` JSON (formats.md §2): a single op here,
a multi-op pattern through :mod:`pydml.frontends.onednn_graph` (one DML graph).

    >>> from pydml.frontends.onednn_json import run_json
    >>> outputs = run_json("conv_bwd_d.json")          # {output LT id: numpy array}

Top level: ``version``, ``engine_kind``, ``fpmath_mode`` (read, not used: pydml always computes in
f32, i.e. ``strict``), ``input_ports``/``output_ports`` (optional; benchdnn recomputes them and so
do we), ``graph``: exactly one op with ``id``, ``name``, ``kind``, ``attrs`` ({name: {type,
value}}), ``inputs``/``outputs`` (logical tensors: ``id``, ``dtype``, ``shape``, ``stride``,
``layout_type``, ``property_type``). The input position is the op's input index.

Inputs: ``inputs`` maps a logical-tensor id (int or its string) to an array in the tensor's
logical shape; the array is placed in memory with the tensor's ``stride`` (``layout_type``
"strided"; "any" means dense), so channels-last strides under an NCX shape reach the kernels as
they would in oneDNN. Missing inputs are generated as benchdnn's primitive drivers fill them
(:func:`benchdnn_fill`); InterpolateBackward's ``src`` (shape only) is zeros.
"""

from __future__ import annotations

import inspect
import json
import math
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

from pydml.frontends import onednn
from pydml.frontends.onednn import InvalidArguments, InvalidGraphOp, OnednnError, Unimplemented
from pydml.frontends.onednn_graph import LOWERED_OPS, run_graph
from pydml.native import memory_limit

__all__ = ["benchdnn_fill", "load_graph", "main_json", "run_json"]

_NP = {
    "f32": np.dtype(np.float32),
    "bf16": np.dtype(ml_dtypes.bfloat16),
    "f16": np.dtype(np.float16),
    "s32": np.dtype(np.int32),
    "s64": np.dtype(np.int64),
    "s8": np.dtype(np.int8),
    "u8": np.dtype(np.uint8),
}
_ATTR_TYPES = {"s64", "s64[]", "f32", "f32[]", "string", "bool"}


def load_graph(path: str | Path) -> dict[str, Any]:
    """Parse and check the file: one op of a supported kind, attrs as {type, value} objects."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise UnreadableInput("graph", "file", f"cannot read {path}: {e}", show_value=False) from None
    except RecursionError:
        raise UnreadableInput("graph", "file", f"cannot read {path}: JSON nested too deeply",
                              show_value=False) from None
    if not isinstance(doc, dict):
        raise InvalidGraphOp("graph", "file", f"{path} is not a JSON object", show_value=False)
    graph = doc.get("graph")
    if not isinstance(graph, list) or not graph:
        raise InvalidGraphOp("graph", "graph", f"Graph {path} is empty", show_value=False)
    memory = memory_limit()[0]
    for position, op in enumerate(graph):
        _check_op(op, position, len(graph), memory)
    return dict(doc)


def _check_op(op: Any, position: int, count: int, memory: int) -> None:
    """One op of the file: a known kind, attrs as {type, value} objects, well-formed tensors."""
    if not isinstance(op, dict):
        raise InvalidGraphOp("graph", f"graph[{position}]", "must be an op object", _shown(op))
    kind = op.get("kind")
    # one op: the single-op front end's kinds; several: the graph lowering's (onednn_graph)
    known = onednn.OPS if count == 1 else LOWERED_OPS
    if not isinstance(kind, str) or kind not in known:
        raise Unimplemented(
            str(kind), "kind", "is not a supported op kind (" + ", ".join(known) + ")", _shown(kind)
        )
    attrs = op.get("attrs", {})
    if not isinstance(attrs, dict):
        raise InvalidGraphOp(kind, "attrs", "must be an object of attributes", _shown(attrs))
    for name, a in attrs.items():
        if (
            not isinstance(a, dict)
            or list(a)[:2] != ["type", "value"]
            or not isinstance(a["type"], str)
            or a["type"] not in _ATTR_TYPES
        ):
            raise InvalidGraphOp(kind, name, 'must be an object {"type": T, "value": V}', _shown(a))
        if not _ATTR_VALUE[a["type"]](a["value"]):
            raise InvalidGraphOp(kind, name, f"value must be {_ATTR_MEANING[a['type']]}", _shown(a["value"]))
    for role in ("inputs", "outputs"):
        lts = op.get(role, [])
        if not isinstance(lts, list):
            raise InvalidGraphOp(kind, role, "must be a list of logical tensors", _shown(lts))
        for index, lt in enumerate(lts):
            where = f"{role}[{index}]"
            if not isinstance(lt, dict):
                raise InvalidGraphOp(kind, where, "must be a logical tensor object", _shown(lt))
            if not _is_int(lt.get("id")) or not 0 <= lt["id"] < 2**63:
                raise InvalidGraphOp(kind, f"{where}.id", "must be an integer id", _shown(lt.get("id")))
            if not isinstance(lt.get("dtype"), str) or lt["dtype"] not in _NP:
                raise InvalidGraphOp(kind, f"logical tensor {lt['id']}",
                                     "dtype must be f32, bf16, f16, s32, s8 or u8", _shown(lt.get("dtype")))
            shape = lt.get("shape")
            if not isinstance(shape, list) or len(shape) > 12 or not all(
                    _is_int(v) and -1 <= v < 2**31 for v in shape):
                raise InvalidGraphOp(kind, f"logical tensor {lt['id']}",
                                     "shape must be a list of at most 12 sizes (-1 for unknown)",
                                     _shown(shape))
            stride = lt.get("stride")
            if stride is not None and not (isinstance(stride, list) and len(stride) <= 12 and all(
                    _is_int(v) and -(2**62) <= v < 2**62 for v in stride)):
                raise InvalidGraphOp(kind, f"logical tensor {lt['id']}", "stride must be a list of integers",
                                     _shown(stride))
            if not isinstance(lt.get("layout_type", "strided"), str):
                raise InvalidGraphOp(kind, f"logical tensor {lt['id']}", "layout_type must be a string",
                                     _shown(lt.get("layout_type")))
            elements = math.prod(max(v, 0) for v in shape)
            span = 1 + sum((v - 1) * abs(t) for v, t in zip(shape, stride or [], strict=False) if v > 0)
            if max(elements, span) * _NP[lt["dtype"]].itemsize > memory:
                raise InvalidArguments(kind, f"logical tensor {lt['id']}",
                                       f"needs {max(elements, span) * _NP[lt['dtype']].itemsize:,} bytes, "
                                       f"more than this machine's memory ({memory:,})", shape)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


#: What each attribute type's value must be (benchdnn's JSON reader types).
_ATTR_VALUE: dict[str, Callable[[Any], bool]] = {
    "s64": lambda v: _is_int(v) and -(2**63) <= v < 2**63,
    "s64[]": lambda v: isinstance(v, list) and len(v) <= 12 and all(_is_int(x) and -(2**63) <= x < 2**63
                                                                     for x in v),
    "f32": _is_number,
    "f32[]": lambda v: isinstance(v, list) and len(v) <= 12 and all(_is_number(x) for x in v),
    "string": lambda v: isinstance(v, str),
    "bool": lambda v: isinstance(v, bool) or v in (0, 1),
}
_ATTR_MEANING = {"s64": "an integer", "s64[]": "a list of at most 12 integers", "f32": "a number",
                 "f32[]": "a list of at most 12 numbers", "string": "a string", "bool": "true or false"}


def _shown(value: Any) -> Any:
    """A value for an error message, cut short (a hostile file may hold anything)."""
    text = json.dumps(value, default=str)
    return value if len(text) <= 80 else text[:77] + "..."


def _attrs(kind: str, raw: Mapping[str, Any], n_spatial: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, a in raw.items():
        t, v = a["type"], a["value"]
        if t == "s64[]" and name == "output_padding":
            v = list(v)[:n_spatial]  # real files carry 12 (DNNL_MAX_NDIMS) entries
        elif t == "s64[]" and name == "dst_shape" and not any(v):
            continue  # the materialised default: unknown
        elif t == "bool":
            v = bool(v)
        out[name] = v
    return out


def _place(values: np.ndarray, lt: Mapping[str, Any]) -> np.ndarray:
    """An array of the LT's logical shape laid out with its element strides (dense if none)."""
    shape = [int(v) for v in lt["shape"]]
    stride = lt.get("stride") or []
    if (
        lt.get("layout_type", "strided") != "strided"
        or len(stride) != len(shape)
        or min(stride, default=1) < 0
    ):
        return np.ascontiguousarray(values)
    span = sum((n - 1) * s for n, s in zip(shape, stride, strict=True)) + 1
    buf = np.zeros(span, dtype=values.dtype)
    arr = np.lib.stride_tricks.as_strided(buf, shape, [s * values.itemsize for s in stride])
    arr[...] = values
    return arr


# ---- benchdnn data generation ----------------------------------------------------------------

_A, _M = 48271, 2147483647  # std::minstd_rand
_R = _M - 1  # max - min + 1 (min 1, max M - 1)


def _minstd(seeds: np.ndarray) -> np.ndarray:
    s = seeds % _M
    s[s == 0] = 1
    return s


def _uniform_ints(nelems: int, kind: int, lo: int, hi: int, density: float) -> np.ndarray:
    """benchdnn conv/deconv fill (libstdc++): chunks of 64, minstd_rand(kind·n + start + 1),
    discard 1,
    uniform_int_distribution(lo, hi); element 0 redrawn until > 0; density < 1 thins with a
    bernoulli generator (discard 10, two draws per generate_canonical) that skips value draws."""
    chunks = -(-nelems // 64)
    starts = np.arange(chunks, dtype=np.int64) * 64
    seeds = _minstd(kind * nelems + starts + 1)
    state = seeds * _A % _M  # discard(1)
    keep = np.ones((chunks, 64), dtype=bool)
    if density < 1:
        bstate = seeds.copy()
        for _ in range(10):
            bstate = bstate * _A % _M
        for p in range(64):
            r1 = bstate = bstate * _A % _M
            r2 = bstate = bstate * _A % _M
            canon = ((r1 - 1) + (r2 - 1) * float(_R)) / (float(_R) * float(_R))
            canon = np.minimum(canon, np.nextafter(1.0, 0.0))
            keep[:, p] = canon < density
        keep[0, 0] = True
    uerange = hi - lo + 1
    scaling = (_M - 2) // uerange  # urngrange = max - min
    past = uerange * scaling
    values = np.zeros((chunks, 64), dtype=np.int64)
    lane_len = np.minimum(64, nelems - starts)
    for p in range(64):
        pending = (lane_len > p) & keep[:, p]
        while pending.any():
            state = np.where(pending, state * _A % _M, state)
            ret = state - 1
            v = ret // scaling + lo
            ok = pending & (ret < past)
            if p == 0:
                ok[0] &= v[0] > 0
            values[ok, p] = v[ok]
            pending &= ~ok
    return values.reshape(-1)[:nelems]


def benchdnn_fill(
    kind: str,
    index: int,
    ncx_shape: list[int],
    dtype: str,
    *,
    weights_ncx: list[int] | None = None,
    groups: int = 1,
) -> np.ndarray:
    """The values benchdnn's primitive driver puts in input ``index`` of op ``kind``, in the
    primitive's logical order: NCX for data, OIX ``[OC, IC/G, K]`` for conv weights and IOX
    ``[IC, OC/G, K]`` for deconv weights (filled in deconv ``[G, OC/G, IC/G, K]`` order).

    Density uses f32's accumulation budget (16384 terms) for every type.
    """
    n = int(np.prod(ncx_shape))
    lowp = dtype in ("bf16", "f16")
    if kind in ("Interpolate", "InterpolateBackward"):
        if kind == "InterpolateBackward" and index == 0:
            return np.zeros(ncx_shape)  # src: only its shape is used
        k = 0 if kind == "Interpolate" else 3
        gen = (97 * np.arange(n, dtype=np.int64) - 19 * k + 101) % 17
        return (gen / 16.0 if lowp else gen * 1.25).reshape(ncx_shape)
    backward = kind.endswith("BackwardData")
    data_kind = {0: 3 if backward else 0, 1: 1, 2: 2}[index]
    ranges = {
        0: (-4, 4) if lowp else (-32, 32),
        1: ((-2, 2) if dtype == "f16" else (-4, 4)) if lowp else (-32, 32),
        2: (-8, 8),
        3: (-4, 4) if lowp else (-8, 8),
    }
    lo, hi = ranges[data_kind]
    density = 1.0
    if index == 0 and weights_ncx is not None:
        ksize = int(np.prod(weights_ncx[2:]))
        if kind == "ConvTranspose":  # deconv fwd: K · IC/G of the deconv
            n_acc = ksize * weights_ncx[0] // groups
        elif kind == "ConvTransposeBackwardData":
            n_acc = ksize * weights_ncx[1]  # deconv bwd_d: K · OC/G
        elif backward:
            n_acc = ksize * weights_ncx[0] // groups
        else:
            n_acc = ksize * weights_ncx[1]
        density = min(1.0, 16384 / max(n_acc, 1))
    vals = _uniform_ints(n, data_kind, lo, hi, density).astype(np.float64)
    if index == 1 and kind in ("ConvTranspose", "ConvTransposeBackwardData"):
        ic, ocg = ncx_shape[0], ncx_shape[1]
        if groups < 1 or ic % groups:  # the lowering's rule, met here first: the fill's [G, OC/G, IC/G, K]
            rule = f"IC (IOX dim 0) must be divisible by groups ({groups})"
            raise onednn.InvalidShape(kind, "weights", rule, list(ncx_shape))
        icg = ic // groups
        return vals.reshape(groups, ocg, icg, *ncx_shape[2:]).swapaxes(1, 2).reshape(ncx_shape)
    return vals.reshape(ncx_shape)


def _canonical_shape(
    kind: str, index: int, shape: list[int], attrs: Mapping[str, Any]
) -> tuple[list[int], Any]:
    """Shape in the primitive's order, plus a function mapping a canonical array to the LT order."""
    n = len(shape)
    if n < 3:  # no layout to permute; the op's own rank check names the tensor
        return shape, lambda a: a
    if index == 1 and kind not in ("Interpolate", "InterpolateBackward"):
        wf = attrs.get("weights_format", "XOI" if kind.startswith("ConvTranspose") else "XIO")
        if wf in ("OIX", "IOX"):
            return shape, lambda a: a
        perm = [n - 1, n - 2, *range(n - 2)]  # XIO -> OIX, XOI -> IOX
        inv = list(np.argsort(perm))
        return [shape[p] for p in perm], lambda a: a.transpose(inv)
    if index == 2 or attrs.get("data_format", "NXC") == "NCX" or n < 3:
        return shape, lambda a: a
    perm = [0, n - 1, *range(1, n - 1)]
    inv = list(np.argsort(perm))
    return [shape[p] for p in perm], lambda a: a.transpose(inv)


def run_json(path: str | Path, inputs: Mapping[Any, Any] | None = None) -> dict[int, np.ndarray]:
    """Run the file's op; returns {output logical-tensor id: array in that LT's logical shape}.

    A file of several ops (a benchdnn pattern) is lowered onto one DML graph
    (:func:`pydml.frontends.onednn_graph.run_graph`); inputs not given are filled there."""
    doc = load_graph(path)
    if len(doc["graph"]) > 1:
        return run_graph(doc, {int(k): v for k, v in (inputs or {}).items()})
    op = doc["graph"][0]
    kind = op["kind"]
    ins = op.get("inputs", [])
    outs = op.get("outputs", [])
    given = {int(k): v for k, v in (inputs or {}).items()}
    n_spatial = max(len(ins[0]["shape"]) - 2, 0) if ins else 0
    attrs = _attrs(kind, op.get("attrs", {}), n_spatial)
    if (
        kind == "ConvolutionBackwardData"
        and outs
        and outs[0].get("shape")
        and all(int(v) > 0 for v in outs[0]["shape"])
    ):
        # shape inference copies a known output shape first, else the dst_shape attribute (§2.2)
        attrs["dst_shape"] = [int(v) for v in outs[0]["shape"]]
    groups = int(attrs.get("groups", 1)) if isinstance(attrs.get("groups", 1), int) else 1
    if groups < 1:
        raise InvalidArguments(kind, "groups", "must be positive", groups)
    data_inputs = 1 if kind == "Interpolate" else 2  # the rest are 1-D (bias, sizes, output shape)
    for index, lt in enumerate(ins):
        ranks = (3, 4, 5) if index < data_inputs else (1,)
        if len(lt["shape"]) not in ranks:
            raise onednn.InvalidShape(kind, f"inputs[{index}] (logical tensor {lt['id']})",
                                      f"must have {' or '.join(map(str, ranks))} dimensions", lt["shape"])
    w_ncx = None
    if len(ins) > 1 and kind not in ("Interpolate", "InterpolateBackward"):
        w_ncx, _ = _canonical_shape(kind, 1, [int(v) for v in ins[1]["shape"]], attrs)
    arrays: list[Any] = []
    for index, lt in enumerate(ins):
        shape = [int(v) for v in lt["shape"]]
        dt = _NP[lt["dtype"]]
        if lt["id"] in given:
            v = np.asarray(given[lt["id"]])
            if v.dtype != dt:
                raise InvalidGraphOp(
                    kind,
                    f"inputs[{index}] (logical tensor {lt['id']})",
                    f"data must be {lt['dtype']} ({dt}), as the logical tensor says; got",
                    str(v.dtype),
                )
            if list(v.shape) != shape:
                raise InvalidGraphOp(
                    kind,
                    f"inputs[{index}] (logical tensor {lt['id']})",
                    f"data must have shape {shape}",
                    list(v.shape),
                )
            values = v.astype(dt, copy=False)
        elif lt["dtype"] in ("s32", "s64"):
            raise InvalidGraphOp(
                kind,
                f"inputs[{index}] (logical tensor {lt['id']})",
                "a shape tensor must be given",
                show_value=False,
            )
        else:
            if any(d < 1 for d in shape):
                raise InvalidGraphOp(
                    kind,
                    f"inputs[{index}] (logical tensor {lt['id']})",
                    "shape must be known",
                    shape,
                )
            canon, to_lt = _canonical_shape(kind, index, shape, attrs)
            values = to_lt(
                benchdnn_fill(kind, index, canon, lt["dtype"], weights_ncx=w_ncx, groups=groups)
            ).astype(dt)
        arrays.append(values if values.dtype.kind in "iu" else _place(values, lt))
    fn = onednn.OPS[kind]
    positional = [p for p in inspect.signature(fn).parameters.values() if p.kind is p.POSITIONAL_ONLY]
    fewest = sum(p.default is inspect.Parameter.empty for p in positional)
    if not fewest <= len(arrays) <= len(positional):
        names = ", ".join(p.name for p in positional)
        raise InvalidGraphOp(kind, "inputs", f"takes {fewest} to {len(positional)} inputs ({names}), got",
                             len(arrays))
    result = fn(*arrays, **attrs)
    if not outs:
        return {}
    lt = outs[0]
    want = [int(v) for v in lt["shape"]]
    if len(want) != result.ndim or any(
        w not in (-1, r) for w, r in zip(want, result.shape, strict=True)
    ):
        raise onednn.InvalidShape(
            kind,
            f"outputs[0] (logical tensor {lt['id']})",
            f"inferred shape {list(result.shape)} does not match",
            want,
        )
    if _NP.get(lt["dtype"], result.dtype) != result.dtype:
        raise InvalidGraphOp(
            kind,
            f"outputs[0] (logical tensor {lt['id']})",
            f"dtype must be the inputs' {result.dtype}",
            lt["dtype"],
        )
    return {int(lt["id"]): result}


def exit_code(error: OnednnError) -> int:
    """The pydml command line's exit code for a oneDNN status (docs/cli.md): 2 when the graph
    cannot be run by pydml (unimplemented) or the input is unreadable, else 1 (the graph breaks a
    rule: invalid arguments, graph op, shape or data type)."""
    return 2 if isinstance(error, (Unimplemented, UnreadableInput)) else 1


class UnreadableInput(InvalidArguments):
    """The graph file or an --inputs file cannot be read (exit code 2, like an unreadable model)."""


def _read_inputs(inputs_dir: str | Path) -> dict[int, Any]:
    directory = Path(inputs_dir)
    if not directory.is_dir():
        raise UnreadableInput("graph", "--inputs", f"{inputs_dir} is not a directory", show_value=False)
    inputs: dict[int, Any] = {}
    for f in sorted(directory.glob("*.npy")):
        if f.stem.isdigit():
            try:
                inputs[int(f.stem)] = np.load(f, allow_pickle=False)
            except (OSError, ValueError) as e:
                raise UnreadableInput("graph", "--inputs", f"cannot read {f}: {e}",
                                      show_value=False) from None
    return inputs


def _missing_inputs(path: str | Path, inputs_dir: str | Path, inputs: Mapping[int, Any]) -> None:
    """A user who names an input directory wants their inputs: every input logical tensor of the
    graph must have its ``<id>.npy`` there (``--simple-data`` fills the others on request)."""
    for i, lt in enumerate(graph_inputs(load_graph(path)["graph"])):
        lt_id = lt["id"]
        if lt_id not in inputs:
            raise UnreadableInput(
                "graph", "--inputs", f"{inputs_dir} has no {lt_id}.npy for inputs[{i}] (logical tensor "
                f"{lt_id}); give every input, or add --simple-data to fill the missing ones",
                show_value=False)


def graph_inputs(graph: list[Any]) -> list[dict[str, Any]]:
    """The logical tensors the graph reads and no op of it produces, in order of first use
    (a single op's: its inputs)."""
    produced = {lt["id"] for op in graph for lt in op.get("outputs", [])}
    seen: dict[int, dict[str, Any]] = {}
    for op in graph:
        for lt in op.get("inputs", []):
            if lt["id"] not in produced and lt["id"] not in seen:
                seen[lt["id"]] = lt
    return list(seen.values())


def main_json(
    path: str | Path, inputs_dir: str | Path | None = None, print_fn: Callable[[str], Any] = print,
    simple_data: bool = False, as_json: bool = False, error_fn: Callable[[str], Any] | None = None,
) -> int:
    """CLI body for ``pydml onednn run FILE.json``: inputs from ``inputs_dir/<lt id>.npy`` (every
    input must be there unless ``simple_data`` fills the missing ones; with no ``inputs_dir``
    they are generated), prints each output (id, dtype, shape, values), or one JSON object with
    ``as_json``. An error is one line through ``error_fn`` (default: stderr), starting
    ``pydml onednn:`` as the other commands' errors start ``pydml <command>:``. Returns the
    command line's exit code (0, 1 or 2; see :func:`exit_code`)."""
    if error_fn is None:
        def error_fn(line: str) -> None:
            sys.stderr.write(line + "\n")
    outputs: dict[int, Any] = {}
    try:
        inputs = _read_inputs(inputs_dir) if inputs_dir is not None else {}
        if inputs_dir is not None and not simple_data:
            _missing_inputs(path, inputs_dir, inputs)
        if simple_data:  # formats.md's "simple data": 1, 2, 3, ... in the JSON shape's storage order
            for lt in graph_inputs(load_graph(path)["graph"]):
                if lt["id"] not in inputs:
                    count = int(np.prod(lt["shape"]))
                    dtype = _NP.get(lt.get("dtype", "f32"), np.dtype(np.float32))
                    inputs[lt["id"]] = np.arange(1, count + 1).reshape(lt["shape"]).astype(dtype)
        outputs = run_json(path, inputs)
    except OnednnError as e:
        code = exit_code(e)
        if as_json:
            print_fn(json.dumps({"file": str(path), "ok": False, "exitCode": code, "status": e.status,
                                 "error": str(e), "outputs": []}, indent=2))
        else:
            error_fn(f"pydml onednn: {e}")
        return code
    names = {v: k for k, v in _NP.items()}
    if as_json:
        print_fn(json.dumps({"file": str(path), "ok": True, "exitCode": 0, "status": 0, "error": None,
                             "outputs": [{"id": lt_id, "dtype": names[arr.dtype], "shape": list(arr.shape),
                                          "values": [_json_number(float(v)) for v in
                                                     arr.astype(np.float64).ravel()]}
                                         for lt_id, arr in outputs.items()]}, indent=2))
        return 0
    for lt_id, arr in outputs.items():
        print_fn(f"output {lt_id}: {names[arr.dtype]} {'x'.join(map(str, arr.shape))}")
        flat = arr.astype(np.float32).ravel()
        print_fn(" ".join(_fmt(float(v)) for v in flat))
    return 0


def _json_number(v: float) -> float | str:
    return v if math.isfinite(v) else ("nan" if math.isnan(v) else ("inf" if v > 0 else "-inf"))


def _fmt(v: float) -> str:
    if math.isfinite(v) and v == int(v):
        return str(int(v))
    return f"{v:.6g}"
