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
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pydml.dxdispatch import (
    Command,
    Model,
    ModelError,
    ModelErrorGroup,
    Resource,
    json_values,
    load_file,
    parse_dispatchable,
    parse_model,
    print_text,
    resolve_bindings,
)
from pydml.enums import FeatureLevel
from pydml.errors import PydmlError, UnsupportedError, ValidationError

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


class Runner:
    """Executes a parsed model: compile every dispatchable once, then run the commands in order."""

    def __init__(self, model: Model, level: FeatureLevel, output: Path | None, as_json: bool):
        self.model = model
        self.level = level
        self.output = output
        self.as_json = as_json
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
            try:
                op = device.create_operator(d.desc, d.flags)
            except ValidationError as e:
                raise ModelError(d.name, str(e)) from None
            except UnsupportedError as e:
                raise ModelError(d.name, str(e), unsupported=True) from None
            except ModuleNotFoundError as e:  # a kernel module missing from this build
                raise ModelError(d.name, f"{d.schema.type.c_name}: this pydml build has no kernel "
                                 f"for it ({e.name} is missing)", unsupported=True) from None
            if d.init_bindings:
                bound = resolve_bindings(d.init_bindings, f"{d.name}: bindings", d.schema, d.desc,
                                         self.model.resources, init=True)
                try:
                    op.initialize({p: self._memory(b.resource, b.byte_offset)
                                   for p, b in bound.items()})
                except PydmlError as e:
                    raise ModelError(f"{d.name}: bindings", str(e)) from None
            self.compiled[d.name] = op

    def _memory(self, resource: str, offset: int) -> memoryview:
        return memoryview(self.model.resources[resource].data[offset:])

    def run(self) -> None:
        self.say(f"Running on 'pydml CPU emulator ({self.level.c_name})'")
        for command in self.model.commands:
            getattr(self, f"_{command.kind}")(command)

    def _dispatch(self, c: Command) -> None:
        from pydml.registry import Role

        d = self.model.dispatchables[c.dispatchable]
        op = self.compiled[c.dispatchable]
        inputs, outputs = {}, {}
        for point, b in c.bindings.items():
            role = d.schema.field(point).role
            target = outputs if role is Role.OUTPUT_TENSOR else inputs
            target[point] = self._memory(b.resource, b.byte_offset)
        start = time.perf_counter()
        try:
            op.execute(inputs, outputs)
        except PydmlError as e:
            raise ModelError(f"commands[{c.index}] (dispatch '{c.dispatchable}')", str(e)) from None
        ms = (time.perf_counter() - start) * 1e3
        self.dispatches.append({"dispatchable": c.dispatchable, "ms": ms})
        self.say(f"Dispatch '{c.dispatchable}': 1 iterations, {ms:.4f} ms median (CPU)")

    def _print(self, c: Command) -> None:
        r = self.model.resources[c.resource]
        self.prints.append({"resource": r.name, "dataType": r.data_type.name,
                            "values": json_values(r.initial_values())})
        self.say(print_text(r, c.verbose))

    def _target(self, path: str) -> Path:
        p = Path(path)
        if not p.is_absolute() and self.output is not None:
            p = self.output / p
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
        self.output.mkdir(parents=True, exist_ok=True)
        for r in self.model.resources.values():
            safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in r.name)
            path = self.output / f"{safe}.npy"
            np.save(path, r.as_array())
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


def cmd_run(args: argparse.Namespace) -> int:
    level = _level(args.feature_level)
    path = Path(args.model)
    output = Path(args.output) if args.output else None
    try:
        model = parse_model(load_file(path), path)
    except ModelError as e:
        return _fail(str(e), _code(e), args.json, path, level)
    runner = Runner(model, level, output, args.json)
    try:
        runner.compile()
    except ModelError as e:
        return _fail(str(e), _code(e), args.json, path, level)
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


def check_dispatchable(name: str, obj: Any, level: FeatureLevel
                       ) -> tuple[Any, list[dict[str, Any]]]:
    """Parse and validate one dispatchable: (parsed or None, problems)."""
    from pydml.validate import validate

    problems: list[dict[str, Any]] = []
    try:
        d = parse_dispatchable(name, obj)
    except ModelErrorGroup as group:
        for e in group.errors:
            problems.append({"message": str(e), "where": e.where, "rule": e.problem,
                             "unsupported": e.unsupported})
        return None, problems
    except ModelError as e:
        return None, [{"message": str(e), "where": e.where, "rule": e.problem,
                       "unsupported": e.unsupported}]
    try:
        validate(d.desc, level)
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
    report, code = [], 0
    for name, obj in items.items():
        d, problems = check_dispatchable(name, obj, level)
        for p in problems:
            code = max(code, 2 if p["unsupported"] else 1)
        report.append({"name": name,
                       "type": d.schema.type.c_name if d is not None else None,
                       "valid": not problems, "problems": problems})
    if args.json:
        _emit_json({"file": str(path), "featureLevel": level.c_name, "valid": code == 0,
                    "exitCode": code, "dispatchables": report})
    elif code == 0:
        print("ok")
    else:
        for entry in report:
            for p in entry["problems"]:
                print(p["message"])
    return code


# ---------------------------------------------------------------------------------------------
# list


def cmd_list(args: argparse.Namespace) -> int:
    from pydml.enums import OperatorType
    from pydml.feature_levels import INTRODUCED_AT
    from pydml.registry import all_schemas

    level = _level(args.feature_level) if args.feature_level else None
    known = {s.type: s for s in all_schemas()}
    rows = []
    for op in sorted(OperatorType, key=int):
        introduced = INTRODUCED_AT[op]
        if level is not None and introduced > level:
            continue
        schema = known.get(op)
        rows.append({"type": op.c_name, "value": int(op), "introduced": introduced.c_name,
                     "validates": schema is not None,
                     "executes": bool(schema is not None and schema.executes)})
    if args.json:
        _emit_json({"featureLevel": level.c_name if level else None, "operators": rows})
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


def cmd_explain(args: argparse.Namespace) -> int:
    from pydml.explain import explain

    level = _level(args.feature_level)
    path = Path(args.file)
    try:
        items = _dispatchables_of(load_file(path), path)
    except ModelError as e:
        sys.stderr.write(f"pydml explain: {e}\n")
        return 2
    code = 0
    for name, obj in items.items():
        d, problems = check_dispatchable(name, obj, level)
        if problems:
            for p in problems:
                sys.stderr.write(f"pydml explain: {p['message']}\n")
                code = max(code, 2 if p["unsupported"] else 1)
            continue
        print("\n".join(explain(name, d.schema, d.desc)))
        print()
    return code


# ---------------------------------------------------------------------------------------------


def include_dir() -> Path | None:
    """The directory holding DirectML.h and pydml.h (package data, or include/ of a checkout)."""
    package = Path(__file__).resolve().parent
    for candidate in (package / "include", package.parent / "include"):
        if (candidate / "DirectML.h").is_file() and (candidate / "pydml.h").is_file():
            return candidate
    return None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pydml", description="Run, validate and explain DirectML operator descs "
        "(DxDispatch model JSON) on a Linux CPU.")
    parser.add_argument("--include-dir", action="store_true",
                        help="print the directory holding DirectML.h and pydml.h, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def level_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--feature-level", metavar="X",
                       help=f"device feature level, e.g. 5_1 (default {DEFAULT_LEVEL.short_name})")

    run = sub.add_parser("run", help="run a DxDispatch model")
    run.add_argument("model", metavar="MODEL.json")
    level_option(run)
    run.add_argument("--output", metavar="DIR",
                     help="write every resource as DIR/<name>.npy after the commands")
    run.add_argument("--json", action="store_true", help="machine-readable results on stdout")

    val = sub.add_parser("validate", help="validate every dispatchable's desc")
    val.add_argument("file", metavar="FILE.json")
    level_option(val)
    val.add_argument("--json", action="store_true", help="machine-readable report on stdout")

    lst = sub.add_parser("list", help="list every operator type")
    level_option(lst)
    lst.add_argument("--json", action="store_true", help="machine-readable list on stdout")

    exp = sub.add_parser("explain", help="explain resample / convolution descs")
    exp.add_argument("file", metavar="FILE.json")
    level_option(exp)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pydml`` console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        if args.include_dir:
            found = include_dir()
            if found is None:
                sys.stderr.write("pydml: DirectML.h / pydml.h not found next to the package\n")
                return 2
            print(found)
            return 0
        handlers = {"run": cmd_run, "validate": cmd_validate, "list": cmd_list,
                    "explain": cmd_explain}
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


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Resource", "include_dir", "main"]
