"""The kernel tests again, against a copy of pydml built with AddressSanitizer and
UndefinedBehaviorSanitizer (PYDML_SANITIZE=1, see pydml/_build_ffi.py).

The fuzzer (tests/test_fuzz_validate.py) drives every kernel with random descs and hostile views;
this run drives them with the suite's own cases (every data type, ISA path, stride pattern and
edge value the kernel tests check), so an out-of-bounds access or undefined behaviour that only a
real case reaches is a failure here, with the sanitizer's report. The copy and the run live in the
session's background job (tests/sanitized_background.py: built and run while the rest of the suite
runs; the C fuzzers link the same build): the installed package is never replaced.
"""

from __future__ import annotations

import subprocess
import sys

from sanitized_background import JOB, SanitizedBuild


def test_kernel_tests_pass_under_sanitizers(sanitized_build: SanitizedBuild) -> None:
    copy = sanitized_build.root
    env = sanitized_build.environment()
    where = subprocess.run([sys.executable, "-c", "import pydml._native as n; print(n.__file__)"], cwd=copy,
                           env=env, capture_output=True, text=True, check=False)
    assert where.stdout.strip().startswith(str(copy)), where.stdout + where.stderr
    files, run = JOB.kernel_run()
    assert len(files) >= 10, files
    assert run.returncode == 0, f"kernel tests under ASan+UBSan:\n{run.stdout[-15000:]}\n{run.stderr[-9000:]}"
    assert " passed" in run.stdout, run.stdout[-3000:]


def test_the_job_reports_a_failing_shard_and_shards_every_file_once() -> None:
    """The kernel run's shards (sanitized_background.py): a failing process among passing ones
    gives its return code, with every process's output; each kernel test file lands in exactly one
    shard, and the shards' estimated times differ by less than the heaviest file's."""
    from pathlib import Path

    from sanitized_background import KERNEL_TEST_SECONDS, KERNEL_TESTS, ROOT, SanitizedJob, kernel_shards

    job = SanitizedJob()
    ok = [sys.executable, "-c", "print('first passed')"]
    bad = [sys.executable, "-c", "print('second failed'); raise SystemExit(3)"]
    run = job._run_all([ok, bad, ok], ROOT, {})
    assert run.returncode == 3
    assert "first passed" in run.stdout and "second failed" in run.stdout
    assert job._run_all([ok, ok], ROOT, {}).returncode == 0
    files = sorted({str(p.relative_to(ROOT)) for pattern in KERNEL_TESTS for p in (ROOT / "tests").glob(pattern)})
    shards = kernel_shards(ROOT, files, 2)
    assert sorted(f for shard in shards for f in shard) == files

    def seconds(name: str) -> float:
        return KERNEL_TEST_SECONDS.get(Path(name).name, (ROOT / name).stat().st_size / 10_000)

    totals = [sum(seconds(f) for f in shard) for shard in shards]
    assert abs(totals[0] - totals[1]) < max(seconds(f) for f in files)
