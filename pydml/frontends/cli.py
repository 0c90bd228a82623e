"""The ``pydml`` command line: run, validate, list and explain DxDispatch-format models.

    pydml run MODEL.json [--feature-level 5_1] [--output DIR] [--json]
    pydml validate FILE.json [--feature-level X] [--json]
    pydml list [--feature-level X] [--json]
    pydml explain FILE.json [--feature-level X]
    pydml --include-dir

Exit codes: 0 success / valid; 1 the model or a desc is invalid (or a dispatch failed);
2 the input is unreadable or unsupported (bad JSON, an operator pydml does not know, bad options).
Errors are one line on stderr naming the place in the file; pydml never prints a traceback for
bad input (one would be a bug).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pydml.enums import FeatureLevel
from pydml.errors import PydmlError, UnsupportedError, ValidationError
from pydml.frontends.dxdispatch import (
    Command,
    Dispatchable,
    Model,
    ModelError,
    ModelErrorGroup,
    Resource,
    c_name_of,
    compile_dispatchable,
    json_values,
    load_file,
    one_node_graph_desc,
    parse_dispatchable,
    parse_model,
    print_bytes,
    print_text,
    resolve_bindings,
)
from pydml.frontends.resample_modes import CEIL, CONVENTIONS, FLOOR, HALF_UP, Convention, nearest_index

DEFAULT_LEVEL = FeatureLevel.FL6_4


class CliError(Exception):
    """An error that ends the command with ``code``."""

    def __init__(self, message: str, code: int):
        self.code = code
        super().__init__(message)


def _level(text: str | None) -> FeatureLevel:
    if text is None:
        return DEFAULT_LEVEL
    try:
        return FeatureLevel.parse(text)
    except ValueError:
        known = ", ".join(level.short_name for level in FeatureLevel)
        raise CliError(f"--feature-level: '{text}' is not a feature level ({known})", 2) from None


def _code(error: ModelError) -> int:
    return 2 if error.unsupported else 1


def _emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


# ---------------------------------------------------------------------------------------------
# run


def _median(samples: list[float]) -> float:
    """DxDispatch's median: the upper middle of the sorted samples."""
    return sorted(samples)[len(samples) // 2] if samples else 0.0


class Runner:
    """Executes a parsed model: compile every dispatchable once, then run the commands in order."""

    def __init__(self, model: Model, level: FeatureLevel, output: Path | None, as_json: bool,
                 timing: Timing | None = None, output_path: Path | None = None):
        self.model = model
        self.level = level
        self.output = output
        self.as_json = as_json
        self.timing = timing or Timing()
        self.output_path = output_path
        self.compiled: dict[str, Any] = {}
        self.dispatches: list[dict[str, Any]] = []
        self.prints: list[dict[str, Any]] = []
        self.written: list[str] = []
        self.failures: list[str] = []

    def say(self, text: str) -> None:
        if not self.as_json:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
            sys.stdout.flush()

    def compile(self) -> None:
        from pydml.device import Device

        device = Device(self.level)
        for d in self.model.dispatchables.values():
            start = time.perf_counter()
            try:
                op = compile_dispatchable(device, d)
            except ValidationError as e:
                raise ModelError(d.name, str(e)) from None
            except UnsupportedError as e:
                raise ModelError(d.name, str(e), unsupported=True) from None
            except ModuleNotFoundError as e:  # a kernel module missing from this build
                raise ModelError(d.name, f"{_kind(d)}: this pydml build has no kernel "
                                 f"for it ({e.name} is missing)", unsupported=True) from None
            except PydmlError as e:  # a serialized graph's constants (one line naming the file)
                raise ModelError(d.name, str(e)) from None
            if not isinstance(d, Dispatchable):  # a dmlSerializedGraph initializes its own constants
                self.compiled[d.name] = op
                continue
            bound = resolve_bindings(d.init_bindings, f"{d.name}: bindings", d.schema, d.desc,
                                     self.model.resources, init=True)
            if bound:
                try:
                    op.initialize({p: self._memory(b.resource, b.byte_offset)
                                   for p, b in bound.items()})
                except PydmlError as e:
                    raise ModelError(f"{d.name}: bindings", str(e)) from None
            self.compiled[d.name] = op
            if self.timing.verbosity >= 1:
                self.say(f"Initialize '{d.name}': {(time.perf_counter() - start) * 1e3:.4f} ms")

    def _memory(self, resource: str, offset: int) -> memoryview:
        view: Any = self.model.resources[resource].data[offset:]
        return memoryview(view)

    def run(self) -> None:
        self.say(f"Running on 'pydml CPU emulator ({self.level.c_name})'")
        for command in self.model.commands:
            if self.timing.print_commands:
                self.say(f"[StartCmd][{command.index:>4}]\t: {command.json_text}")
            try:
                getattr(self, f"_{command.kind}")(command)
            except ModelError as e:
                if self.timing.print_commands:  # DxDispatch reports E_FAIL off Windows
                    self.say(f"[EndCmd][{command.index:>4}]\t: hr={'0x80004005':<10} {e}\n")
                raise
            if self.timing.print_commands:
                self.say(f"[EndCmd][{command.index:>4}]\t: hr={'0x0':<10} \n")

    def _dispatch(self, c: Command) -> None:
        from pydml.registry import Role

        d = self.model.dispatchables[c.dispatchable]
        op = self.compiled[c.dispatchable]
        inputs: dict[str, memoryview] = {}
        outputs: dict[str, memoryview] = {}
        for point, b in c.bindings.items():
            output = d.role(point) == "output" if not isinstance(d, Dispatchable) else \
                d.schema.field(point.split("[", 1)[0]).role is Role.OUTPUT_TENSOR
            target = outputs if output else inputs
            target[point] = self._memory(b.resource, b.byte_offset)
        t = self.timing
        samples: list[float] = []
        loop_start = time.perf_counter()
        while t.milliseconds_to_run is not None or len(samples) < t.iterations:
            iteration_start = time.perf_counter()
            start = time.perf_counter()
            try:
                for _ in range(t.repeat):
                    op.execute(inputs, outputs)
            except PydmlError as e:
                raise ModelError(f"commands[{c.index}] (dispatch '{c.dispatchable}')", str(e)) from None
            samples.append((time.perf_counter() - start) * 1e3 / t.repeat)
            now = time.perf_counter()
            sleep_ms = max(0.0, t.interval_ms - (now - iteration_start) * 1e3)
            if t.milliseconds_to_run is not None and \
                    (now - loop_start) * 1e3 + sleep_ms > t.milliseconds_to_run:
                break
            time.sleep(sleep_ms / 1e3)
        self.dispatches.append({"dispatchable": c.dispatchable, "iterations": len(samples),
                                "ms": _median(samples), "samples": samples})
        self._report(c.dispatchable, samples)

    def _report(self, name: str, samples: list[float]) -> None:
        """DxDispatch's timing lines (Executor.cpp) at the chosen verbosity."""
        t = self.timing
        cold_count = min(max(len(samples), 1) - 1, t.warmup)
        cold, hot = samples[:cold_count], samples[cold_count:]
        if t.verbosity == 0:
            self.say(f"Dispatch '{name}': {len(samples)} iterations, {_median(hot):.4f} ms median (CPU)")
        else:
            self.say(f"Dispatch '{name}': {len(samples)} iterations")
            for label, part in (("Cold", cold), ("Hot) ", hot)):
                if part:
                    self.say(f"CPU Timings ({label.strip(') ')}){' ' if label.startswith('Hot') else ''} : "
                             f"{len(part)} samples, {sum(part) / len(part):.4f} ms average, "
                             f"{min(part):.4f} ms min, {_median(part):.4f} ms median, "
                             f"{max(part):.4f} ms max")
        if t.verbosity >= 2:
            self.say("The timings of each iteration: ")
            for i, ms in enumerate(samples):
                self.say(f"iteration {i}: {ms:.4f} ms (CPU)")

    def _print(self, c: Command) -> None:
        r = self.model.resources[c.resource]
        self.prints.append({"resource": r.name, "dataType": r.data_type.name,
                            "values": json_values(r.initial_values())})
        if self.as_json:
            return
        buffer = getattr(sys.stdout, "buffer", None)
        if buffer is None:  # a text-only stream (tests capturing stdout)
            self.say(print_text(r, c.verbose))
            return
        sys.stdout.flush()
        buffer.write(print_bytes(r, c.verbose))
        buffer.flush()

    def _target(self, path: str) -> Path:
        p = Path(path)
        base = self.output_path if self.output_path is not None else self.output
        if not p.is_absolute() and base is not None:
            p = base / p
        return p.absolute()

    def _writeFile(self, c: Command) -> None:
        r = self.model.resources[c.resource]
        path = self._target(c.target_path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix.lower() == ".npy":
                n = r.data.nbytes // r.element_size
                values = r.data[: n * r.element_size].view(r.dtype)
                if c.dimensions is not None:
                    count = int(np.prod(c.dimensions))
                    if count * r.element_size > r.data.nbytes:
                        raise ValueError(f"dimensions {list(c.dimensions)} need {count} elements, "
                                         f"the buffer holds {n}")
                    values = values[:count].reshape(c.dimensions)
                np.save(path, values)
            elif path.suffix.lower() in (".png", ".jpg", ".jpeg"):
                raise ValueError("image output is not supported")
            else:
                path.write_bytes(r.data.tobytes())
        except (OSError, ValueError) as e:
            message = f"Failed to write resource to file '{c.target_path}': {e}"
            self.failures.append(message)
            sys.stderr.write(message + "\n")
            return
        self.written.append(str(path))
        self.say(f"Resource '{r.name}' written to '{path}'")

    def write_outputs(self) -> None:
        if self.output is None:
            return
        try:
            self.output.mkdir(parents=True, exist_ok=True)
        except OSError as e:  # checked before the first dispatch; the file system may still say no
            message = f"--output: cannot create '{self.output}': {e.strerror or e}"
            self.failures.append(message)
            sys.stderr.write(f"pydml run: {message}\n")
            return
        for r in self.model.resources.values():
            safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in r.name)
            path = self.output / f"{safe}.npy"
            try:
                np.save(path, r.as_array())
            except OSError as e:
                message = f"--output: cannot write '{path}': {e.strerror or e}"
                self.failures.append(message)
                sys.stderr.write(f"pydml run: {message}\n")
                continue
            self.written.append(str(path.absolute()))

    def results(self, error: str | None, code: int) -> dict[str, Any]:
        return {
            "model": str(self.model.path),
            "featureLevel": self.level.c_name,
            "ok": code == 0,
            "exitCode": code,
            "error": error,
            "dispatches": self.dispatches,
            "prints": self.prints,
            "written": self.written,
            "writeFailures": self.failures,
            "resources": {r.name: {"dataType": r.data_type.name,
                                   "values": json_values(r.initial_values())}
                          for r in self.model.resources.values()},
        }


@dataclass(frozen=True)
class Timing:
    """DxDispatch's timing options (CommandLineArgs.cpp, Executor.cpp)."""

    iterations: int = 1
    repeat: int = 1
    milliseconds_to_run: int | None = None
    interval_ms: int = 0
    warmup: int = 1
    verbosity: int = 0
    print_commands: bool = False


def _dml_level(text: str) -> FeatureLevel:
    """DxDispatch's --dml_feature_level spelling: "5.1" (a trailing "f" as in its "6.2f")."""
    spelled = text.strip().removesuffix("f").replace(".", "_")
    try:
        return FeatureLevel.parse(spelled)
    except ValueError:
        known = ", ".join(level.short_name.replace("_", ".") for level in FeatureLevel)
        raise CliError(f"--dml_feature_level: '{text}' is not a feature level ({known})", 2) from None


def cmd_run(args: argparse.Namespace) -> int:
    if args.model and args.model_option:
        raise CliError(f"{args.command}: give the model once (positionally or with -m/--model)", 2)
    if not (args.model or args.model_option):
        raise CliError(f"{args.command}: no model given (MODEL.json or -m/--model)", 2)
    if args.feature_level and args.dml_feature_level:
        raise CliError(f"{args.command}: give --feature-level or --dml_feature_level, not both", 2)
    level = _dml_level(args.dml_feature_level) if args.dml_feature_level else _level(args.feature_level)
    for flags, _ in GPU_ONLY_OPTIONS:
        if getattr(args, "gpu_" + flags[-1].lstrip("-")):
            sys.stderr.write(f"pydml: {'/'.join(flags)} does not apply on the CPU emulator; ignored\n")
    path = Path(args.model or args.model_option)
    output = Path(args.output) if args.output else None
    timing = Timing(args.dispatch_iterations, max(1, args.dispatch_repeat), args.milliseconds_to_run,
                    args.dispatch_interval, args.warmup_samples, args.timing_verbosity,
                    args.print_commands)
    try:
        input_base = Path(args.input_path) if args.input_path else None
        model = parse_model(load_file(path), path, input_base=input_base)
    except ModelError as e:
        return _fail(str(e), _code(e), args.json, path, level)
    runner = Runner(model, level, output, args.json, timing,
                    Path(args.output_path) if args.output_path else None)
    try:
        runner.compile()
    except ModelError as e:
        return _fail(str(e), _code(e), args.json, path, level)
    for option, directory in (("--output", output), ("--output_path", runner.output_path)):
        problem = _unwritable_directory(directory)
        if problem is not None:  # before the first dispatch, as docs/cli.md promises
            return _fail(f"{option}: {problem}", 2, args.json, path, level)
    code, error = 0, None
    try:
        runner.run()
    except ModelError as e:
        code, error = _code(e), str(e)
        if not args.json:
            sys.stderr.write(f"pydml run: {error}\n")
    if runner.dispatches:
        runner.write_outputs()
    if code == 0 and runner.failures:
        code = 1
    if args.json:
        _emit_json(runner.results(error, code))
    return code


def _unwritable_directory(directory: Path | None) -> str | None:
    """Why ``directory`` cannot hold output files (None when it can, or may be created): checked
    without creating anything, so a model that fails writes nothing."""
    if directory is None:
        return None
    if directory.exists():
        if not directory.is_dir():
            return f"'{directory}' exists and is not a directory"
        if not os.access(directory, os.W_OK | os.X_OK):
            return f"'{directory}' is not writable"
        return None
    parent = directory.absolute().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        return f"'{directory}' cannot be created: '{parent}' is not a directory"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"'{directory}' cannot be created: '{parent}' is not writable"
    return None


def _fail(message: str, code: int, as_json: bool, path: Path, level: FeatureLevel) -> int:
    if as_json:
        _emit_json({"model": str(path), "featureLevel": level.c_name, "ok": False,
                    "exitCode": code, "error": message})
    else:
        sys.stderr.write(f"pydml run: {message}\n")
    return code


# ---------------------------------------------------------------------------------------------
# validate


def _dispatchables_of(root: Any, path: Path) -> dict[str, Any]:
    """A model's dispatchables, or a bare ``{type, desc}`` file as one dispatchable ``desc``."""
    if isinstance(root, dict) and isinstance(root.get("dispatchables"), dict):
        return dict(root["dispatchables"])
    if isinstance(root, dict) and ("type" in root or "Type" in root):
        return {path.stem: root}
    raise ModelError(str(path), "neither a DxDispatch model (no 'dispatchables' object) nor a "
                     "{\"type\", \"desc\"} operator desc", unsupported=True)


def check_dispatchable(name: str, obj: Any, level: FeatureLevel, base: Path | None = None
                       ) -> tuple[Any, list[dict[str, Any]]]:
    """Parse and validate one dispatchable: (parsed or None, problems). A dmlSerializedGraph's
    sourcePath is resolved against ``base``; it is validated as CompileGraph validates it."""
    from pydml.frontends import dml_serialized_graph
    from pydml.validate import validate

    problems: list[dict[str, Any]] = []
    try:
        d = parse_dispatchable(name, obj, base)
    except ModelErrorGroup as group:
        for e in group.errors:
            problems.append({"message": str(e), "where": e.where, "rule": e.problem,
                             "unsupported": e.unsupported})
        return None, problems
    except ModelError as e:
        return None, [{"message": str(e), "where": e.where, "rule": e.problem,
                       "unsupported": e.unsupported}]
    try:
        if isinstance(d, Dispatchable):
            validate(d.desc, level)
        else:
            dml_serialized_graph.check(d, level)
    except ValidationError as e:
        problems.append({"message": f"{name}: {e}", "where": f"{name}: {e.desc}"
                         + (f".{e.field}" if e.field else ""), "rule": e.rule,
                         "value": _jsonable(e.value), "unsupported": False})
    return d, problems


def _jsonable(value: Any) -> Any:
    from pydml.errors import format_value

    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if np.isfinite(value) else str(value)
    return format_value(value)


def cmd_validate(args: argparse.Namespace) -> int:
    level = _level(args.feature_level)
    path = Path(args.file)
    try:
        items = _dispatchables_of(load_file(path), path)
    except ModelError as e:
        if args.json:
            _emit_json({"file": str(path), "featureLevel": level.c_name, "valid": False,
                        "exitCode": 2, "error": str(e), "dispatchables": []})
        else:
            sys.stderr.write(f"pydml validate: {e}\n")
        return 2
    report: list[dict[str, Any]] = []
    code = 0
    for name, obj in items.items():
        d, problems = check_dispatchable(name, obj, level, path.parent)
        for p in problems:
            code = max(code, 2 if p["unsupported"] else 1)
        entry: dict[str, Any] = {"name": name, "type": _kind(d) if d is not None else None,
                                 "valid": not problems, "problems": problems}
        if d is not None and (not isinstance(d, Dispatchable) or d.compile_type == "DmlCompileGraph"):
            entry["graph"] = explain_graph(name, d)  # node by node, so a problem's node can be found
        report.append(entry)
    if args.json:
        _emit_json({"file": str(path), "featureLevel": level.c_name, "valid": code == 0,
                    "exitCode": code, "dispatchables": report})
    elif code == 0:
        print("ok")
    else:
        for entry in report:
            for p in entry["problems"]:
                print(p["message"])
            if entry["problems"] and "graph" in entry:
                print("\n".join(entry["graph"]))
    return code


# ---------------------------------------------------------------------------------------------
# list


def _support_json(schema: Any, level: FeatureLevel) -> dict[str, Any]:
    """The operator's page tables at ``level``: per tensor field its kind, dimension counts and data
    types (``null`` where the page lists none), and the groups that must share a property."""
    table = schema.support_at(level)
    tensors = []
    for spec in schema.tensor_fields:
        row = None if table is None else table.get(spec.name)
        tensors.append({
            "name": spec.name, "role": spec.role.name.lower(), "optional": spec.optional,
            "kind": None if row is None else row.kind,
            "dimensionCounts": None if row is None else list(row.dimension_counts),
            "dataTypes": None if row is None else [f"DML_TENSOR_DATA_TYPE_{d}" for d in row.data_types],
            **({"shape": row.shape} if row is not None and row.shape else {}),
        })
    return {"tensors": tensors,
            "constraints": [{"same": list(c.properties), "tensors": list(c.tensors)}
                            for c in schema.tables.constraints]}


def cmd_list(args: argparse.Namespace) -> int:
    from pydml.enums import OperatorType
    from pydml.feature_levels import INTRODUCED_AT
    from pydml.registry import all_schemas

    level = _level(args.feature_level)  # DEFAULT_LEVEL (6_4, every operator) when not given
    known = {s.type: s for s in all_schemas()}
    rows = []
    operators: Any = OperatorType
    for op in sorted(operators, key=int):
        if op not in INTRODUCED_AT:  # DML_OPERATOR_INVALID
            continue
        introduced = INTRODUCED_AT[op]
        if introduced > level:
            continue
        schema = known.get(op)
        row: dict[str, Any] = {"type": op.c_name, "value": int(op), "introduced": introduced.c_name,
                               "validates": schema is not None,
                               "executes": bool(schema is not None and schema.executes)}
        if args.json and schema is not None:
            row.update(_support_json(schema, level))
        rows.append(row)
    if args.json:
        _emit_json({"featureLevel": level.c_name, "operators": rows})
        return 0
    width = max(len(r["type"]) for r in rows)
    print(f"{'operator':<{width}}  introduced  validates  executes")
    for r in rows:
        print(f"{r['type']:<{width}}  {r['introduced'].removeprefix('DML_FEATURE_LEVEL_'):<10}  "
              f"{'yes' if r['validates'] else 'no':<9}  {'yes' if r['executes'] else 'no'}")
    v = sum(r["validates"] for r in rows)
    x = sum(r["executes"] for r in rows)
    print(f"{len(rows)} operator types; pydml validates {v} and executes {x}")
    return 0


# ---------------------------------------------------------------------------------------------
# explain


_RESAMPLE_TYPES = ("RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3", "RESAMPLE_GRAD",
                   "RESAMPLE_GRAD1", "UPSAMPLE_2D")
EXAMPLES = 4  # output elements shown per axis


def _num(v: float) -> str:
    return f"{v:.6g}"


def _sizes(value: Any) -> tuple[int, ...]:
    from pydml.representable import buffer_of

    return tuple(buffer_of(value).Sizes)


def _resample_params(schema: Any, desc: Any) -> dict[str, Any]:
    """Forward-op terms: input/output sizes, scales, offsets, mode, rounding, gradient."""
    from pydml.enums import AxisDirection, InterpolationMode

    name = schema.type.name
    gradient = name.startswith("RESAMPLE_GRAD")
    if gradient:
        fin, fout = _sizes(desc.OutputGradientTensor), _sizes(desc.InputGradientTensor)
    else:
        fin, fout = _sizes(desc.InputTensor), _sizes(desc.OutputTensor)
    rank = len(fin)
    if name == "UPSAMPLE_2D":
        scales = (1.0,) * (rank - 2) + (float(desc.ScaleSize.Height), float(desc.ScaleSize.Width))
    else:
        scales = tuple(float(v) for v in desc.Scales)
    a = tuple(float(v) for v in (getattr(desc, "InputPixelOffsets", None) or (0.5,) * rank))
    b = tuple(float(v) for v in (getattr(desc, "OutputPixelOffsets", None) or (-0.5,) * rank))
    direction = getattr(desc, "RoundingDirection", None)
    if direction is None:
        rounding = HALF_UP
    else:
        rounding = FLOOR if AxisDirection.parse(direction) == AxisDirection.DECREASING else CEIL
    mode = InterpolationMode.parse(desc.InterpolationMode)
    return {"gradient": gradient, "in": fin, "out": fout, "s": scales, "a": a, "b": b,
            "rounding": rounding, "linear": mode == InterpolationMode.LINEAR,
            # Antialiasing acts only for LINEAR and when some 1/scale > 2 (RESAMPLE3 docs).
            "antialiased": bool(getattr(desc, "Antialiased", False))
            and mode == InterpolationMode.LINEAR and any(1 / v > 2 for v in scales)}




def _dml_affine(p: dict[str, Any], d: int) -> tuple[str, float, float]:
    """Axis d as kind(slope * o + intercept), rounding folded into the intercept."""
    s, a, b = p["s"][d], p["a"][d], p["b"][d]
    c = -b / s - a
    if p["linear"]:
        return "linear", 1 / s, c
    if p["rounding"] == HALF_UP:
        return "floor", 1 / s, c + 0.5
    return ("floor" if p["rounding"] == FLOOR else "ceil"), 1 / s, c


def _indices(kind: str, slope: float, intercept: float, n_in: int, n_out: int
             ) -> np.ndarray[Any, Any]:
    x = slope * np.arange(n_out, dtype=np.float64) + intercept
    if kind == "linear":
        return np.clip(x, 0, n_in - 1)
    i = np.floor(x + 1e-9) if kind == "floor" else np.ceil(x - 1e-9)
    return np.clip(i, 0, n_in - 1)


def _axis_matches(p: dict[str, Any], d: int) -> tuple[list[Convention], list[Convention]]:
    """(conventions with the same formula, conventions equal on these sizes only)."""
    n_in, n_out = p["in"][d], p["out"][d]
    kind, slope, intercept = _dml_affine(p, d)
    mine = _indices(kind, slope, intercept, n_in, n_out)
    formula, sizes = [], []
    for conv in CONVENTIONS:
        if (conv.kind == "linear") != (kind == "linear"):
            continue
        cs, ci = conv.slope(n_in, n_out), conv.intercept(n_in, n_out)
        if conv.kind == kind and abs(cs - slope) <= 1e-6 * max(1.0, abs(slope)) \
                and abs(ci - intercept) <= 1e-6:
            formula.append(conv)
        elif np.allclose(_indices(conv.kind, cs, ci, n_in, n_out), mine, atol=1e-5):
            sizes.append(conv)
    return formula, sizes


def _identity_axis(p: dict[str, Any], d: int) -> bool:
    n = p["in"][d]
    if p["out"][d] != n:
        return False
    o = np.arange(n, dtype=np.float64)
    x = (o - p["b"][d]) / p["s"][d] - p["a"][d]
    if p["linear"]:
        return bool(np.allclose(np.clip(x, 0, n - 1), o, atol=1e-6))
    return bool(np.array_equal(nearest_index(x, p["rounding"], n), o.astype(np.int64)))


def explain_resample(name: str, schema: Any, desc: Any) -> list[str]:
    p = _resample_params(schema, desc)
    mode = "LINEAR" if p["linear"] else f"NEAREST_NEIGHBOR, rounding {p['rounding']}"
    lines = [f"{name}: {schema.type.c_name} ({mode}"
             + (", antialiased" if p["antialiased"] else "") + ")"]
    if p["gradient"]:
        lines.append(f"  gradient of the forward resample {list(p['in'])} -> {list(p['out'])}: "
                     "OutputGradient[i] = sum over forward outputs o of weight(o -> i) * "
                     "InputGradient[o]")
    else:
        lines.append(f"  input {list(p['in'])} -> output {list(p['out'])}")
    lines.append("  per axis, output index o reads input coordinate x = (o - b) / s - a")
    if p["antialiased"]:
        lines.append("  antialiased: where 1/s > 2 the linear filter is stretched by 1/s (more "
                     "taps than shown; pydml follows ONNX Resize-18 antialias, DirectML does not "
                     "document the normalisation)")
    matches: list[tuple[list[Convention], list[Convention]]] = []
    moving: list[int] = []
    for d in range(len(p["in"])):
        s, a, b = p["s"][d], p["a"][d], p["b"][d]
        n_in, n_out = p["in"][d], p["out"][d]
        head = (f"  axis {d}: {n_in} -> {n_out}, s = {_num(s)}, a = {_num(a)}, b = {_num(b)}: "
                f"x = (o {'+' if b < 0 else '-'} {_num(abs(b))}) / {_num(s)} "
                f"{'+' if a < 0 else '-'} {_num(abs(a))}")
        if _identity_axis(p, d):
            lines.append(head + "  (identity)")
            matches.append(([], []))
            continue
        moving.append(d)
        lines.append(head)
        for o in range(min(EXAMPLES, n_out)):
            x = (o - b) / s - a
            if p["linear"]:
                x0 = int(np.floor(x))
                f = x - x0
                taps = [(min(max(x0, 0), n_in - 1), 1 - f), (min(max(x0 + 1, 0), n_in - 1), f)]
                merged: dict[int, float] = {}
                for i, w in taps:
                    merged[i] = merged.get(i, 0.0) + w
                text = ", ".join(f"in[{i}] * {_num(w)}" for i, w in merged.items() if w)
            else:
                i = int(nearest_index(np.array([x]), p["rounding"], n_in)[0])
                text = f"in[{i}]"
            lines.append(f"    o = {o}: x = {_num(x)} -> {text}")
        if n_out > EXAMPLES:
            lines.append(f"    ... ({n_out} outputs)")
        formula, sizes = _axis_matches(p, d)
        matches.append((formula, sizes))
        names = [c.name for c in formula] + [f"{c.name} (on these sizes only)" for c in sizes]
        lines.append(f"    matches: {', '.join(names) or 'no standard convention'}")
    lines += _resample_equivalents(p, matches, moving)
    return lines


def _resample_equivalents(p: dict[str, Any],
                          matches: list[tuple[list[Convention], list[Convention]]],
                          moving: list[int]) -> list[str]:
    rank = len(p["in"])
    if not moving:
        return ["  equivalent: a copy (every axis is the identity)"]

    def common(use_sizes: bool) -> list[Convention]:
        pools = [m[0] + (m[1] if use_sizes else []) for m in (matches[d] for d in moving)]
        names = set.intersection(*({c.name for c in pool} for pool in pools))
        return [c for c in CONVENTIONS if c.name in names]

    exact, loose = common(False), common(True)
    spatial = rank - 2
    lin = {1: "linear", 2: "bilinear", 3: "trilinear"}.get(spatial, "linear")
    nc_moving = any(d < 2 for d in moving)
    lines = []

    def pick(attr: str) -> tuple[Convention | None, str]:
        for pool, note in ((exact, ""), (loose, " (equal on these sizes only)")):
            for c in pool:
                if getattr(c, attr):
                    return c, note
        return None, ""

    torch, note = pick("torch")
    aa_torch = torch is not None and torch.name == "half_pixel" and spatial == 2
    if torch is not None and 1 <= spatial <= 3 and not nc_moving and (
            aa_torch or not p["antialiased"]):
        size = tuple(p["out"][2:])
        extra = ", antialias=True" if p["antialiased"] else ""
        call = (f"torch.nn.functional.interpolate(x, size={size}, "
                f"{(torch.torch or '').format(lin=lin)}{extra})")
        if p["gradient"]:
            call = f"the gradient of {call} with respect to x (x.grad after y.backward(dy))"
        lines.append(f"  PyTorch: {call}{note}")
    else:
        lines.append("  PyTorch: none" + ("; N and C must not be resampled" if nc_moving else ""))
    onnx, note = pick("onnx")
    if onnx is not None:
        attrs = (onnx.onnx or "") + (", antialias=1" if p["antialiased"] else "")
        if p["gradient"]:
            lines.append(f"  ONNX: no gradient operator; the forward is Resize({attrs}){note}")
        else:
            lines.append(f"  ONNX Resize: {attrs}, sizes={list(p['out'])}{note}")
    else:
        lines.append("  ONNX Resize: none")
    dnnl, note = pick("onednn")
    if dnnl is not None and not nc_moving and not p["antialiased"]:
        kind = "backward" if p["gradient"] else "forward"
        lines.append(f"  oneDNN: resampling {kind}, {(dnnl.onednn or '').format(lin=lin)}{note}")
    else:
        lines.append("  oneDNN: none")
    return lines


_TORCH_ACTIVATIONS = {
    "ACTIVATION_RELU": "torch.relu({y})",
    "ACTIVATION_SIGMOID": "torch.sigmoid({y})",
    "ACTIVATION_TANH": "torch.tanh({y})",
    "ACTIVATION_IDENTITY": "{y}",
    "ACTIVATION_GELU": "torch.nn.functional.gelu({y})",
    "ACTIVATION_SOFTSIGN": "torch.nn.functional.softsign({y})",
    "ACTIVATION_LEAKY_RELU": "torch.nn.functional.leaky_relu({y}, {Alpha})",
    "ACTIVATION_ELU": "torch.nn.functional.elu({y}, {Alpha})",
    "ACTIVATION_CELU": "torch.nn.functional.celu({y}, {Alpha})",
    "ACTIVATION_LINEAR": "{Alpha} * {y} + {Beta}",
}


def explain_convolution(name: str, schema: Any, desc: Any) -> list[str]:
    from pydml.enums import ConvolutionDirection, ConvolutionMode
    from pydml.representable import resolve

    x, w, y = _sizes(desc.InputTensor), _sizes(desc.FilterTensor), _sizes(desc.OutputTensor)
    direction = ConvolutionDirection.parse(desc.Direction)
    mode = ConvolutionMode.parse(desc.Mode)
    backward = direction == ConvolutionDirection.BACKWARD
    spatial = len(x) - 2
    g = desc.GroupCount
    lines = [f"{name}: {schema.type.c_name} ({mode.c_name}, {direction.c_name}, "
             f"GroupCount {g})",
             f"  input {list(x)}, filter {list(w)}, output {list(y)}"]
    if backward:
        lines.append("  per spatial axis: out = (in - 1) * stride + (k - 1) * dilation + 1 "
                     "+ OutputPadding - start - end")
    else:
        lines.append("  per spatial axis: out = 1 + floor((in + start + end - ((k - 1) * "
                     "dilation + 1)) / stride) + OutputPadding")
    pads = []
    for i in range(spatial):
        n, k = x[2 + i], w[2 + i]
        s, dl = desc.Strides[i], desc.Dilations[i]
        a, e, op = desc.StartPadding[i], desc.EndPadding[i], desc.OutputPadding[i]
        extent = (k - 1) * dl + 1
        if backward:
            out = (n - 1) * s + extent + op - a - e
            text = f"({n} - 1) * {s} + ({k} - 1) * {dl} + 1 + {op} - {a} - {e} = {out}"
        else:
            out = 1 + (n + a + e - extent) // s + op
            text = f"1 + floor(({n} + {a} + {e} - {extent}) / {s}) + {op} = {out}"
        lines.append(f"  axis {2 + i}: {text}")
        pads.append((a, e, op, s, dl))
    fn = f"conv_transpose{spatial}d" if backward else f"conv{spatial}d"
    weight = "w"
    if mode == ConvolutionMode.CONVOLUTION:
        weight = f"w.flip({', '.join(str(2 + i) for i in range(spatial))})"
    args = [f"x, {weight}"]
    if desc.BiasTensor is not None:
        args.append("bias=b.reshape(-1)")
    args.append(f"stride={tuple(desc.Strides)}")
    notes = []
    if all(a == e for a, e, *_ in pads):
        args.append(f"padding={tuple(a for a, *_ in pads)}")
        if backward:
            args.append(f"output_padding={tuple(op for _, _, op, *_ in pads)}")
        elif any(op for _, _, op, *_ in pads):
            notes.append("FORWARD OutputPadding has no PyTorch argument: pad the result's end "
                         "with zeros (before the bias)")
    elif backward and all(0 <= op - (e - a) < max(s, dl) and e >= a
                          for a, e, op, s, dl in pads):
        args.append(f"padding={tuple(a for a, *_ in pads)}")
        args.append(f"output_padding={tuple(op - (e - a) for a, e, op, *_ in pads)}")
    elif not backward:
        flat = [v for a, e, *_ in reversed(pads) for v in (a, e)]
        args[0] = f"torch.nn.functional.pad(x, {tuple(flat)}), {weight}"
        args.append("padding=0")
    else:
        notes.append("asymmetric padding: compute with padding=0 and crop StartPadding from the "
                     "start and EndPadding from the end of each spatial axis")
    args.append(f"dilation={tuple(desc.Dilations)}")
    args.append(f"groups={g}")
    call = f"torch.nn.functional.{fn}({', '.join(args)})"
    if desc.FusedActivation is not None:
        act_schema, act = resolve(desc.FusedActivation)
        act_type: Any = act_schema.type
        template = _TORCH_ACTIVATIONS.get(act_type.name)
        if template is None:
            notes.append(f"then apply {act_type.c_name}")
        else:
            params = {f: _num(float(getattr(act, f))) for f in ("Alpha", "Beta")
                      if hasattr(act, f)}
            call = template.format(y=call, **params)
    lines.append(f"  PyTorch: {call}")
    if backward:
        lines.append(f"  (filter layout {{C_in, C_out / groups, k...}} = PyTorch's conv_transpose "
                     f"weight; BACKWARD is the gradient of conv{spatial}d with respect to its "
                     "input)")
    lines += [f"  note: {n}" for n in notes]
    return lines


def _kind(d: Any) -> str:
    """A dispatchable's kind: its operator's C name, or dmlSerializedGraph."""
    return c_name_of(d.schema) if isinstance(d, Dispatchable) else "dmlSerializedGraph"


def explain_graph(name: str, d: Any) -> list[str]:
    """A graph dispatchable node by node (DmlCompileGraph's one-node graph or a serialized graph)."""
    from pydml.frontends import dml_serialized_graph
    from pydml.frontends.graph_explain import describe

    if isinstance(d, Dispatchable):
        return [f"{name}: DmlCompileGraph: {c_name_of(d.schema)} as a one-node DML_GRAPH_DESC, "
                "graph inputs and outputs named by bind point",
                *describe(one_node_graph_desc(d.desc))]
    return dml_serialized_graph.explain_lines(name, d)


def explain(name: str, schema: Any, desc: Any) -> list[str]:
    """Human-readable explanation lines for one validated desc."""
    if schema.type.name in _RESAMPLE_TYPES:
        return explain_resample(name, schema, desc)
    if schema.type.name == "CONVOLUTION":
        return explain_convolution(name, schema, desc)
    return [f"{name}: {schema.type.c_name}: no explanation (explain covers the resample family "
            "and DML_CONVOLUTION)"]


def cmd_explain(args: argparse.Namespace) -> int:
    level = _level(args.feature_level)
    path = Path(args.file)
    try:
        items = _dispatchables_of(load_file(path), path)
    except ModelError as e:
        sys.stderr.write(f"pydml explain: {e}\n")
        return 2
    code = 0
    for name, obj in items.items():
        d, problems = check_dispatchable(name, obj, level, path.parent)
        if problems:
            for p in problems:
                sys.stderr.write(f"pydml explain: {p['message']}\n")
                code = max(code, 2 if p["unsupported"] else 1)
            continue
        if not isinstance(d, Dispatchable) or d.compile_type == "DmlCompileGraph":
            print("\n".join(explain_graph(name, d)))
        if isinstance(d, Dispatchable):
            print("\n".join(explain(name, d.schema, d.desc)))
        print()
    return code


# ---------------------------------------------------------------------------------------------


#: DxDispatch options that drive a GPU (CommandLineArgs.cpp): accepted so that scripts written for
#: DxDispatch run unchanged, each answered with one line. (flags, takes a value)
GPU_ONLY_OPTIONS: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("-a", "--adapter"), True), (("-s", "--show_adapters"), False), (("-d", "--debug"), False),
    (("-q", "--queue_type"), True), (("-S", "--show_dependencies"), False),
    (("--disable_custom_heaps",), False), (("--clear_shader_caches",), False),
    (("--disable_gpu_timeout",), False), (("--enable_dred",), False),
    (("--disable_background_processing",), False), (("--set_stable_power_state",), False),
    (("--disable_agility_sdk",), False), (("--print_hlsl_disassembly",), False),
    (("--post_dispatch_barriers",), True), (("--xbox_allow_precompile",), False),
    (("-c", "--pix_capture_type"), True), (("-o", "--pix_capture_name"), True),
    (("--present_separator",), False), (("--max_gpu_time_measurements",), True),
    (("-f", "--onnx_free_dim_name_override"), True), (("-F", "--onnx_free_dim_denotation_override"), True),
    (("-e", "--onnx_session_config_entry"), True), (("-b", "--binding_shape"), True),
    (("-l", "--onnx_graph_optimization_level"), True), (("-L", "--onnx_logging_level"), True),
    (("-p", "--print_onnx_bindings"), False), (("-x", "--enable_ort_extensions"), False),
    (("--enable_onnx_profiling",), False),
)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an unsigned integer, got {text!r}") from None
    if not 0 <= value <= 0xFFFFFFFF:
        raise argparse.ArgumentTypeError(f"expected an unsigned 32-bit integer, got {text}")
    return value


def dxdispatch_options(p: argparse.ArgumentParser) -> None:
    """DxDispatch's command line (DxDispatch/src/dxdispatch/CommandLineArgs.cpp)."""
    p.add_argument("model", metavar="MODEL.json", nargs="?", help="path to the JSON model")
    p.add_argument("-m", "--model", dest="model_option", metavar="PATH", help="path to the JSON model")
    p.add_argument("--input_path", metavar="DIR", help="base path for reading input files")
    p.add_argument("--output_path", metavar="DIR", help="base path for writing output files")
    p.add_argument("--print_commands", action="store_true",
                   help="print a line before and after each command")
    timing = p.add_argument_group("timing")
    timing.add_argument("-i", "--dispatch_iterations", type=_count, default=1, metavar="N",
                        help="iterations of the bind/dispatch loop (default 1)")
    timing.add_argument("-r", "--dispatch_repeat", type=_count, default=1, metavar="N",
                        help="dispatches per iteration; each sample is their mean (default 1)")
    timing.add_argument("-t", "--milliseconds_to_run", type=_count, metavar="MS",
                        help="run each dispatch for this long (overrides --dispatch_iterations)")
    timing.add_argument("-I", "--dispatch_interval", type=_count, default=0, metavar="MS",
                        help="minimum time between dispatches (sleeps when they are faster)")
    timing.add_argument("-w", "--warmup_samples", type=_count, default=1, metavar="N",
                        help="most samples to count as cold, not hot (default 1)")
    timing.add_argument("-v", "--timing_verbosity", type=_count, default=0, choices=(0, 1, 2),
                        metavar="V", help="0 hot median, 1 cold/hot statistics, 2 every iteration")
    p.add_argument("--dml_feature_level", metavar="X.Y",
                   help="DirectML feature level as DxDispatch spells it, e.g. 5.1")
    gpu = p.add_argument_group("GPU-only (accepted, not applicable on the CPU emulator)")
    for flags, takes_value in GPU_ONLY_OPTIONS:
        dest = "gpu_" + flags[-1].lstrip("-")
        if takes_value:
            gpu.add_argument(*flags, dest=dest, metavar="X", action="append", help=argparse.SUPPRESS)
        else:
            gpu.add_argument(*flags, dest=dest, action="store_true", help=argparse.SUPPRESS)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pydml", description="Run, validate and explain DirectML operator descs "
        "(DxDispatch model JSON) on a Linux CPU.")
    from pydml._version import __version__

    parser.add_argument("--version", action="version", version=f"pydml {__version__}")
    parser.add_argument("--include-dir", action="store_true",
                        help="print the directory holding DirectML.h and pydml.h, then exit")
    parser.add_argument("--lib", action="store_true",
                        help="print the path of libpydml.so (the C API), then exit")
    parser.add_argument("--cflags", action="store_true",
                        help="print compiler flags for C programs using DirectML.h / pydml.h")
    parser.add_argument("--libs", action="store_true",
                        help="print linker flags: cc $(pydml --cflags) prog.c $(pydml --libs)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def level_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--feature-level", metavar="X",
                       help=f"device feature level, e.g. 5_1 (default {DEFAULT_LEVEL.short_name})")

    run = sub.add_parser("dxdispatch", aliases=["run"], help="run a DxDispatch model (DxDispatch's options)",
                         description="Run a DxDispatch model with DxDispatch's own options and "
                         "meanings; GPU-only options are accepted and ignored.")
    run.set_defaults(subparser=run)
    dxdispatch_options(run)
    level_option(run)
    run.add_argument("--output", metavar="DIR",
                     help="write every resource as DIR/<name>.npy after the commands")
    run.add_argument("--json", action="store_true", help="machine-readable results on stdout")

    val = sub.add_parser("validate", help="validate every dispatchable's desc")
    val.set_defaults(subparser=val)
    val.add_argument("file", metavar="FILE.json")
    level_option(val)
    val.add_argument("--json", action="store_true", help="machine-readable report on stdout")

    lst = sub.add_parser("list", help="list every operator type")
    lst.set_defaults(subparser=lst)
    level_option(lst)
    lst.add_argument("--json", action="store_true", help="machine-readable list on stdout")

    exp = sub.add_parser("explain", help="explain resample / convolution descs")
    exp.set_defaults(subparser=exp)
    exp.add_argument("file", metavar="FILE.json")
    level_option(exp)

    one = sub.add_parser("onednn", help="run a single-op oneDNN Graph JSON (benchdnn --graph format)")
    one.set_defaults(subparser=one)
    one.add_argument("action", choices=["run"])
    one.add_argument("file", metavar="FILE.json")
    one.add_argument("--inputs", metavar="DIR", help="inputs as DIR/<logical tensor id>.npy")
    one.add_argument("--simple-data", action="store_true",
                     help="fill missing inputs with 1, 2, 3, ... instead of benchdnn's generated data")
    one.add_argument("--json", action="store_true", help="machine-readable result on stdout")
    from pydml.frontends import cli_onnx

    cli_onnx.register(sub)
    return parser


def cmd_onednn(args: argparse.Namespace) -> int:
    """``pydml onednn run FILE.json``: the exit code table of docs/cli.md (0, 1, 2)."""
    from pydml.frontends.onednn_json import main_json

    return main_json(args.file, args.inputs, simple_data=args.simple_data, as_json=args.json)


def _cmd_onnx(args: argparse.Namespace) -> int:
    from pydml.frontends.cli_onnx import main as onnx_main

    return onnx_main(args)


def _paths(args: argparse.Namespace) -> int | None:
    """--include-dir / --lib / --cflags / --libs; None when none was asked for."""
    from pydml import paths

    asked: list[tuple[bool, Callable[[], str]]] = [
        (args.include_dir, lambda: str(paths.include_dir())),
        (args.lib, lambda: str(paths.library_path())),
        (args.cflags, paths.cflags), (args.libs, paths.libs)]
    if not any(flag for flag, _ in asked):
        return None
    try:
        print(" ".join(render() for flag, render in asked if flag))
    except FileNotFoundError as e:
        sys.stderr.write(f"pydml: {e}\n")
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pydml`` console script; returns the exit code."""
    parser = build_parser()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments and ((arguments[0].lower().endswith(".json") and not arguments[0].startswith("-"))
                      or arguments[0] in ("-m", "--model") or arguments[0].startswith("--model=")):
        # `pydml MODEL.json` and `pydml -m MODEL.json`, as `dxdispatch MODEL.json` / `-m MODEL.json`
        arguments.insert(0, "dxdispatch")
    args, extra = parser.parse_known_args(arguments)
    if extra:  # report with the subcommand's usage, not the top-level one
        getattr(args, "subparser", parser).error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        code = _paths(args)
        if code is not None:
            return code
        handlers = {"run": cmd_run, "dxdispatch": cmd_run, "validate": cmd_validate,
                    "list": cmd_list, "explain": cmd_explain, "onednn": cmd_onednn,
                    "onnx": _cmd_onnx}
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        return int(handlers[args.command](args))
    except CliError as e:
        sys.stderr.write(f"pydml: {e}\n")
        return e.code
    except ModelError as e:
        sys.stderr.write(f"pydml {args.command}: {e}\n")
        return _code(e)
    except MemoryError as e:
        # a last line for an allocation no check foresaw (resources are checked against the
        # process's memory limits before they are allocated): one line, never a traceback
        detail = f": {e}" if str(e) else ""
        sys.stderr.write(f"pydml {args.command}: out of memory{detail}\n")
        return 1
    except BrokenPipeError:  # `pydml list | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Resource", "main"]
