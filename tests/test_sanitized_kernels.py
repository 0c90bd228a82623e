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
