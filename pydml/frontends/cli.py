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
import os
import sys
from collections.abc import Callable, Sequence

from pydml.frontends.cli_common import (
    DEFAULT_LEVEL,
    GPU_ONLY_OPTIONS,
    CliError,
    _code,
    check_dispatchable,
)
from pydml.frontends.cli_explain import cmd_explain
from pydml.frontends.cli_list import cmd_list
from pydml.frontends.cli_run import cmd_run
from pydml.frontends.cli_validate import cmd_validate
from pydml.frontends.dxdispatch import (
    ModelError,
    Resource,
)
from pydml.onnx._deps import OnnxMissingError


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
    except OnnxMissingError as e:
        # a DxDispatch model with an onnx dispatchable, without the onnx extra installed: the input
        # is unsupported here (exit code 2), said in one line with the command that installs it
        sys.stderr.write(f"pydml {args.command}: {e}\n")
        return 2
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


__all__ = ["Resource", "build_parser", "check_dispatchable", "main"]


if __name__ == "__main__":
    sys.exit(main())
