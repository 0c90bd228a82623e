"""Shared fixtures: seeded rng, the portable-C-path switch, and the sanitized build (built in the
background while the suite runs: tests/sanitized_background.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))  # tests/ helpers (abi_expected, references)

from sanitized_background import JOB, SanitizedBuild


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


@pytest.fixture(scope="session")
def sanitized_build() -> SanitizedBuild:
    """Built once per session and shared: the kernel tests run against its package
    (tests/test_sanitized_kernels.py) and the C fuzzers link its libpydml.so
    (tests/test_fuzz_validate.py). It builds in the background from collection on
    (tests/sanitized_background.py); this waits for it."""
    return JOB.build()


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """Tests that need the sanitized build run last, and the build (with the sanitized kernel run,
    when that test is selected) starts now in the background: the rest of the suite runs meanwhile."""
    needs = {item.path for item in items if "sanitized_build" in getattr(item, "fixturenames", ())}
    if not needs:
        return
    items[:] = [i for i in items if i.path not in needs] + [i for i in items if i.path in needs]
    JOB.start(run_kernel_tests=any(i.path.name == "test_sanitized_kernels.py" for i in items))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    JOB.stop()


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
