"""``pydml onnx run MODEL.onnx`` and ``pydml onnx explain MODEL.onnx`` (pydml.onnx from the shell).

    pydml onnx run MODEL.onnx [--inputs DIR_OR_NPZ] [--output DIR] [--feature-level X] [--fallback reference]
    pydml onnx explain MODEL.onnx [--feature-level X]

A long model load shows its progress on stderr (reading the model and its initializers,
inferring shapes, lowering node i of N, compiling the graph) when stderr is a terminal, or with
--progress (--no-progress silences it); loads shorter than half a second show nothing.

``run`` prints each output's name, shape, data type and a digest (the first 16 hex digits of the
SHA-256 of its bytes); inputs come from an .npz or a directory of <input name>.npy, and inputs not
given are filled with seeded random values of the declared shape (free dimensions as 1).
``explain`` lists each node with the DML operator(s) it became, or why not.
Exit codes: 0 success; 1 the model has a node DirectML would not take; 2 unreadable model or inputs.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from pydml.errors import PydmlError


def register(sub: Any) -> None:
    """Add the ``onnx`` subcommand to the top-level parser's subparsers."""
    onnx = sub.add_parser("onnx", help="run or explain an ONNX model (lowered onto DirectML operators)")
    onnx.set_defaults(subparser=onnx)
    onnx.add_argument("action", choices=["run", "explain"])
    onnx.add_argument("model", metavar="MODEL.onnx")
    onnx.add_argument("--inputs", metavar="DIR_OR_NPZ", help="inputs: an .npz, or DIR/<input name>.npy")
    onnx.add_argument("--output", metavar="DIR", help="write each output as DIR/<output name>.npy")
    onnx.add_argument(
        "--feature-level",
        "--dml_feature_level",
        dest="feature_level",
        metavar="X",
        help="device feature level, e.g. 6_4",
    )
    onnx.add_argument(
        "--fallback", choices=["reference"], help="run nodes DirectML would not take through onnx.reference"
    )
    onnx.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the model load's progress on stderr (default: when stderr is a terminal)",
    )


class Progress:
    """The load's progress on stderr: one line rewritten in place on a terminal, else a line per
    stage (and per tenth of the nodes). Silent for loads shorter than ``delay`` seconds, so a
    small model prints nothing."""

    def __init__(self, stream: Any, *, tty: bool, delay: float = 0.5) -> None:
        self.stream = stream
        self.tty = tty
        self.delay = delay
        self.start = time.perf_counter()
        self.last = 0.0
        self.stage = ""
        self.shown = False
        self.tenth = -1

    def __call__(self, stage: str, done: int, total: int) -> None:
        now = time.perf_counter() - self.start
        if now < self.delay:
            self.stage = stage
            return
        text = f"pydml onnx: {stage}" + (f" {done}/{total}" if total else "") + f" ({now:.1f} s)"
        if self.tty:
            if stage == self.stage and now - self.last < 0.1 and done != total:
                return
            self.stream.write("\r\033[K" + text)
        else:
            tenth = done * 10 // total if total else -1
            if stage == self.stage and (tenth == self.tenth or not total):
                return
            self.tenth = tenth
            self.stream.write(text + "\n")
        self.stream.flush()
        self.stage, self.last, self.shown = stage, now, True

    def finish(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()


def digest(array: np.ndarray[Any, Any]) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()[:16]


def _load_inputs(path: str | None, session: Any) -> dict[str, np.ndarray[Any, Any]]:
    given: dict[str, np.ndarray[Any, Any]] = {}
    if path is not None:
        p = Path(path)
        if p.is_dir():
            for f in sorted(p.glob("*.npy")):
                given[f.stem] = np.load(f, allow_pickle=False)
        elif p.is_file():
            with np.load(p, allow_pickle=False) as data:
                given = {k: data[k] for k in data.files}
        else:
            raise FileNotFoundError(f"--inputs {path}: no such file or directory")
    from pydml.onnx.lowering import ONNX_TO_NUMPY

    rng = np.random.default_rng(0)
    feed = {}
    for arg in session.get_inputs():
        if arg.name in given:
            feed[arg.name] = given.pop(arg.name)
            continue
        shape = [d if isinstance(d, int) else 1 for d in arg.shape]
        if math.prod(shape) > _MAX_GENERATED:
            raise ValueError(
                f"input {arg.name} of shape {shape}: too large to generate ({_MAX_GENERATED} elements "
                "at most); give it with --inputs"
            )
        elem = next((k for k, v in _TYPES.items() if v == arg.type), 1)
        dtype = ONNX_TO_NUMPY.get(elem, np.dtype(np.float32))
        if dtype.kind == "f":
            feed[arg.name] = rng.standard_normal(shape).astype(dtype)
        elif dtype.kind == "b":
            feed[arg.name] = rng.integers(0, 2, shape).astype(dtype)
        else:
            feed[arg.name] = rng.integers(0, 10, shape).astype(dtype)
        print(f"# {arg.name}: not given, seeded random {dtype}{shape}")
    if given:
        raise ValueError(f"--inputs: {', '.join(sorted(given))} name(s) no model input")
    return feed


#: the most elements a generated (not given) input may have: 1 GiB of float32
_MAX_GENERATED = 1 << 28


def _type_names() -> dict[int, str]:
    from pydml.onnx.lowering import ONNX_TYPE_NAMES

    return {k: f"tensor({v})" for k, v in ONNX_TYPE_NAMES.items()}


_TYPES: dict[int, str] = {}


def main(args: argparse.Namespace) -> int:
    """Run the ``onnx`` subcommand; errors are one line on stderr."""
    try:
        from pydml.onnx.session import InferenceSession, OnnxModelError, UnsupportedNodeError

        _TYPES.update(_type_names())
        tty = sys.stderr.isatty()
        show = tty if args.progress is None else args.progress
        progress = Progress(sys.stderr, tty=tty) if show else None
        try:
            session = InferenceSession(
                args.model, feature_level=args.feature_level, fallback=args.fallback, progress=progress
            )
            if args.action == "explain":
                rows = session.explain()
                if progress is not None:
                    progress.finish()
                return _explain(rows)
            feed = _load_inputs(args.inputs, session)
            names = [o.name for o in session.get_outputs()]
            outputs = session.run(names, feed)
        finally:
            if progress is not None:
                progress.finish()
        for name, value in zip(names, outputs, strict=True):
            print(f"{name}: shape {list(value.shape)} {value.dtype} digest {digest(value)}")
        for label, reason in session.reference_nodes:
            print(f"# {label}: ran through onnx.reference ({reason})")
        if args.output:
            out = Path(args.output)
            out.mkdir(parents=True, exist_ok=True)
            for name, value in zip(names, outputs, strict=True):
                np.save(out / f"{name.replace('/', '_')}.npy", value)
        return 0
    except UnsupportedNodeError as error:
        sys.stderr.write(f"pydml onnx: {error}\n")
        return 1
    except (OnnxModelError, OSError, ValueError, PydmlError) as error:
        sys.stderr.write(
            f"pydml onnx: {str(error).splitlines()[0] if str(error) else type(error).__name__}\n"
        )
        return 2


def _explain(rows: Any) -> int:
    width = max((len(r.node) for r in rows), default=4)
    refused = 0
    for r in rows:
        head = f"{r.node:<{width}}  {r.op_type}({r.opset})"
        if r.status == "dml":
            print(f"{head} -> {', '.join(r.operators) or '(strides: no operator)'}")
        elif r.status == "folded":
            print(f"{head} -> folded to a constant at load")
        else:
            refused += 1
            print(f"{head} -> not lowered: {r.reason}")
    print(f"# {len(rows)} nodes, {refused} not lowered")
    return 0
