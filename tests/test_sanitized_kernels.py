"""The kernel tests again, against a copy of pydml built with AddressSanitizer and
UndefinedBehaviorSanitizer (PYDML_SANITIZE=1, see pydml/_build_ffi.py).

The fuzzer (tests/test_fuzz_validate.py) drives every kernel with random descs and hostile views;
this run drives them with the suite's own cases (every data type, ISA path, stride pattern and
edge value the kernel tests check), so an out-of-bounds access or undefined behaviour that only a
real case reaches is a failure here, with the sanitizer's report. The sanitized copy lives in a
temporary directory (the session's ``sanitized_build``, tests/conftest.py, which the C fuzzers
link too): the installed package is never replaced.
"""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import SanitizedBuild

#: Test files that exercise kernels (new families' files join by name).
KERNEL_TESTS = ["test_ew_*.py", "test_elementwise_engine.py", "test_softmax.py", "test_gemm.py",
                "test_reduce.py", "test_pooling.py", "test_resample_kernel.py", "test_convolution_kernel.py",
                "test_output_overlap.py", "test_buffer_pool.py", "test_data_movement*.py",
                "test_fold_unfold.py", "test_gather_scatter.py", "test_random_generator.py",
                "test_normalization.py", "test_top_k.py", "test_roi*.py", "test_integer_products.py",
                "test_gemm_int8_engine.py", "test_quantize.py", "test_recurrent.py",
                "test_training_gradients.py", "test_normalization_training.py", "test_optimizer.py",
                "test_attention.py", "test_workspace.py"]


def test_kernel_tests_pass_under_sanitizers(sanitized_build: SanitizedBuild) -> None:
    copy = sanitized_build.root
    asan, ubsan = sanitized_build.asan, sanitized_build.ubsan
    tests = copy / "tests"
    files = sorted({str(p.relative_to(copy)) for pattern in KERNEL_TESTS for p in tests.glob(pattern)})
    assert len(files) >= 10, files
    env = {**os.environ, "PYTHONPATH": str(copy), "LD_PRELOAD": f"{asan} {ubsan}",
           "ASAN_OPTIONS": "detect_leaks=0:halt_on_error=1:abort_on_error=1",  # CPython itself "leaks"
           "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1"}
    where = subprocess.run([sys.executable, "-c", "import pydml._native as n; print(n.__file__)"], cwd=copy,
                           env=env, capture_output=True, text=True, check=False)
    assert where.stdout.strip().startswith(str(copy)), where.stdout + where.stderr
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *files],
                         cwd=copy, env=env, capture_output=True, text=True, check=False, timeout=1800)
    assert run.returncode == 0, f"kernel tests under ASan+UBSan:\n{run.stdout[-15000:]}\n{run.stderr[-9000:]}"
