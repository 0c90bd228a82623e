"""Shared fixtures: seeded rng, the portable-C-path switch, and the sanitized build."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))  # tests/ helpers (abi_expected, references)


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20261122)


@pytest.fixture(params=["vector", "portable"])
def isa(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a test on the run-time-selected vector path and on the portable C path."""
    from pydml.native import lib

    if request.param == "portable":
        lib.pydml_set_cpu_features(0)
    try:
        yield request.param
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)


@pytest.fixture(params=["avx512", "avx2", "portable"])
def ew_isa(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run an element-wise test on each ISA path this CPU has (AVX-512, AVX2, portable C)."""
    from ew_harness import ISA_PATHS, available_paths

    from pydml.native import lib

    if request.param not in available_paths():
        pytest.skip(f"this CPU has no {request.param}")
    lib.pydml_set_cpu_features(ISA_PATHS[request.param])
    try:
        yield request.param
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)


ROOT = Path(__file__).resolve().parent.parent


def _gcc_runtime(name: str) -> str | None:
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    path = subprocess.run([gcc, f"-print-file-name={name}"], capture_output=True, text=True,
                          check=False).stdout.strip()
    return path if os.path.isabs(path) and Path(path).exists() else None


@dataclass(frozen=True)
class SanitizedBuild:
    """A copy of the tree built with PYDML_SANITIZE=1 (AddressSanitizer + UndefinedBehaviorSanitizer,
    pydml/_build_ffi.py): its Python package and its libpydml.so."""

    root: Path
    asan: str
    ubsan: str

    @property
    def library(self) -> Path:
        return self.root / "pydml" / "libpydml.so"


@pytest.fixture(scope="session")
def sanitized_build(tmp_path_factory: pytest.TempPathFactory) -> SanitizedBuild:
    """Built once per session and shared: the kernel tests run against its package
    (tests/test_sanitized_kernels.py) and the C fuzzers link its libpydml.so
    (tests/test_fuzz_validate.py), so the suite compiles the sanitized sources once. The installed
    package is never replaced."""
    asan, ubsan = _gcc_runtime("libasan.so"), _gcc_runtime("libubsan.so")
    if asan is None or ubsan is None:
        pytest.skip("gcc's AddressSanitizer/UndefinedBehaviorSanitizer runtimes are not installed")
    copy = tmp_path_factory.mktemp("sanitized") / "pydml-sanitized"
    for part in ("include", "native", "pydml", "tests", "examples"):
        shutil.copytree(ROOT / part, copy / part,
                        ignore=shutil.ignore_patterns("*.so", "__pycache__", "build"))
    for part in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / part, copy / part)
    build = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=copy,
                           env={**os.environ, "PYDML_SANITIZE": "1"}, capture_output=True, text=True,
                           check=False, timeout=1800)
    assert build.returncode == 0, build.stdout[-5000:] + build.stderr[-5000:]
    return SanitizedBuild(copy, asan, ubsan)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", default=False,
                     help="long fuzzing runs: about 100,000 C cases (tests/test_fuzz_validate.py) and "
                          "thousands of hypothesis examples per property (tests/test_fuzz_python.py)")


def pytest_configure(config: pytest.Config) -> None:
    from hypothesis import HealthCheck, settings

    common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
    # CI: a fixed budget and derandomized examples, so a run is reproducible; --long explores.
    settings.register_profile("pydml-ci", max_examples=120, derandomize=True, database=None, **common)
    settings.register_profile("pydml-long", max_examples=5000, **common)
    settings.load_profile("pydml-long" if config.getoption("--long") else "pydml-ci")
