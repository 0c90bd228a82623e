"""``pydml run`` / ``pydml dxdispatch``: run a DxDispatch model as DxDispatch does (its options,
timing and outputs)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pydml.enums import FeatureLevel
from pydml.errors import PydmlError, UnsupportedError, ValidationError
from pydml.frontends.cli_common import (
    GPU_ONLY_OPTIONS,
    CliError,
    _code,
    _dml_level,
    _emit_json,
    _fail,
    _kind,
    _level,
)
from pydml.frontends.dxdispatch import (
    Command,
    Dispatchable,
    Model,
    ModelError,
    compile_dispatchable,
    json_values,
    load_file,
    parse_model,
    print_bytes,
    print_text,
    resolve_bindings,
)


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
