"""The ``pydml`` command line run in this process, as ``python -m pydml ARGS`` runs it
(pydml.frontends.cli.main), with its stdout and stderr captured and its exit code returned.

Why in process: a subprocess per call paid the interpreter's start and pydml's import (about
0.6 s of CPU) each time, about a minute of the suite over the command-line tests. What a real
process adds is covered where it matters by tests that keep one: `python -m pydml` itself and
the documentation example (tests/test_cli.py), address-space limits (`cli_limited`), the DxDispatch
samples' scripts (tests/test_dxdispatch_samples.py) and the installed wheel's `pydml` script
(tests/test_packaging.py). An exception the command line does not turn into its one-line error
propagates here and fails the test, as its traceback would fail the tests' "no Traceback" checks."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m pydml *args`` in ``cwd`` (the repository root by default), in this process."""
    from pydml.frontends.cli import main

    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd or ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = int(main(argv))
            except SystemExit as exit_:  # argparse's usage errors, as the interpreter reports them
                if isinstance(exit_.code, str):
                    err.write(exit_.code + "\n")
                    code = 1
                else:
                    code = int(exit_.code or 0)
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["pydml", *argv], code, out.getvalue(), err.getvalue())
