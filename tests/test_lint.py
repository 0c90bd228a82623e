"""ruff and mypy --strict over pydml/, as part of the suite (both come with the [test] extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("tool,args", [("ruff", ["check", "pydml"]), ("mypy", [])])
def test_static_checks_are_clean(tool: str, args: list[str]) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed (pip install -e '.[test]' brings it)")
    result = subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
