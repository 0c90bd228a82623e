"""Every code block of README.md and docs/ runs, so the documentation cannot drift from the program.

* ```python blocks are executed (the README's snippet must reproduce the value it shows);
* ```bash blocks run command by command, `pip install` steps excepted (the suite runs installed),
  benchmark commands as `--help` (their runs are long; they are not tests);
* plain blocks starting with `$ pydml ...` are run and must print exactly the block's output;
* every command of docs/cli.md's synopsis accepts `--help`.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(path: Path, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", path.read_text(), re.S | re.M)


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


PYTHON_BLOCKS = [(p, i, code) for p in DOCS for i, code in enumerate(blocks(p, "python"))]
BASH_BLOCKS = [(p, i, code) for p in DOCS for i, code in enumerate(blocks(p, "bash"))]


def test_the_docs_have_code() -> None:
    assert len(PYTHON_BLOCKS) >= 2 and len(BASH_BLOCKS) >= 4


@pytest.mark.parametrize("path,index,code", PYTHON_BLOCKS,
                         ids=[f"{p.name}-{i}" for p, i, _ in PYTHON_BLOCKS])
def test_python_blocks_run(path: Path, index: int, code: str, tmp_path: Path) -> None:
    # a trailing "# value" comment on an expression line is what the line must evaluate to
    checked = []
    for line in code.splitlines():
        m = re.match(r"^(?P<expr>\S.*?)\s+#\s*(?P<want>\[.*\])\s*$", line)
        if m and "=" not in m["expr"].split("[")[0]:
            line = f"__value = {m['expr']}\nassert __value.tolist() == {m['want']}, __value.tolist()"
            checked.append(m["expr"])
        elif m:  # an assignment whose comment explains it
            line = m["expr"]
        checked.append(line)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile("\n".join(checked), f"{path.name} block {index}", "exec"), {})
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("path,index,code", BASH_BLOCKS, ids=[f"{p.name}-{i}" for p, i, _ in BASH_BLOCKS])
def test_bash_blocks_run(path: Path, index: int, code: str, tmp_path: Path) -> None:
    for line in code.strip().splitlines():
        parts = [p.strip() for p in line.split("&&")]
        # installing is the suite's precondition; running the suite is this suite
        parts = [p for p in parts if not p.startswith(("pip install", "python -m pytest"))]
        for command in parts:
            if command.startswith("python benchmarks/"):
                script = shlex.split(command)[1]
                command = f"python {script} --help"
            result = shell(command.replace("/tmp/", f"{tmp_path}/"), ROOT)
            assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
            assert "Traceback" not in result.stderr


def test_shown_sessions_print_what_they_show() -> None:
    sessions = [b for p in DOCS for b in blocks(p, "") if b.startswith("$ pydml ")]
    assert sessions
    for block in sessions:
        command, *shown = block.rstrip("\n").split("\n")
        result = shell(command.removeprefix("$ ").replace("pydml ", "python -m pydml ", 1), ROOT)
        assert result.returncode == 0, result.stderr
        assert result.stdout.rstrip("\n").split("\n") == shown


def test_cli_synopsis_commands_accept_help() -> None:
    synopsis = blocks(ROOT / "docs" / "cli.md", "")[0]
    commands = {line.split()[1] for line in synopsis.splitlines()
                if line.startswith("pydml ") and not line.split()[1].startswith(("-", "MODEL"))}
    assert {"dxdispatch", "run", "validate", "list", "explain", "onednn"} <= commands
    for command in sorted(commands):
        result = shell(f"python -m pydml {command} --help", ROOT)
        assert result.returncode == 0 and result.stdout.startswith("usage: pydml"), command
