"""The sanitized build (AddressSanitizer + UndefinedBehaviorSanitizer, PYDML_SANITIZE=1) and the
kernel tests under it, run in the background while the rest of the suite runs.

Why in the background: building every native source again with the sanitizers and running the
kernel tests against that build are the suite's two longest steps (about two minutes each on two
cores), and most of the suite is single-threaded Python that leaves the second core idle. So
tests/conftest.py starts this job at collection (only when a selected test needs it), runs the
tests that need it last, and those tests wait for its results. The job runs under `nice`, so the
foreground tests keep their cores whenever they use both; OpenMP in the job waits passively, so
its threads never spin against the foreground's.

The copy lives in its own temporary directory, removed at the end of the session: the installed
package is never replaced.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Test files that exercise kernels (new families' files join by name); run by
#: tests/test_sanitized_kernels.py against the sanitized copy.
KERNEL_TESTS = ["test_ew_*.py", "test_elementwise_engine.py", "test_softmax.py", "test_gemm.py",
                "test_reduce.py", "test_pooling.py", "test_resample_kernel.py",
                "test_resample_nearest_rows.py", "test_convolution_kernel.py", "test_convolution_rows.py",
                "test_convolution_ops.py", "test_convolution_schedule.py", "test_output_overlap.py",
                "test_buffer_pool.py", "test_data_movement*.py",
                "test_fold_unfold.py", "test_gather_scatter.py", "test_random_generator.py",
                "test_normalization.py", "test_top_k.py", "test_roi*.py", "test_integer_products.py",
                "test_gemm_int8_engine.py", "test_quantize.py", "test_recurrent.py",
                "test_training_gradients.py", "test_normalization_training.py", "test_optimizer.py",
                "test_attention.py", "test_workspace.py", "test_validator_agreement.py",
                "test_tensor_desc.py"]


def gcc_runtime(name: str) -> str | None:
    """The path of one of gcc's runtime libraries (libasan.so, libubsan.so), or None."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    path = subprocess.run([gcc, f"-print-file-name={name}"], capture_output=True, text=True,
                          check=False).stdout.strip()
    return path if os.path.isabs(path) and Path(path).exists() else None


@dataclass(frozen=True)
class SanitizedBuild:
    """A copy of the tree built with PYDML_SANITIZE=1 (pydml/_build_ffi.py): its Python package and
    its libpydml.so."""

    root: Path
    asan: str
    ubsan: str

    @property
    def library(self) -> Path:
        return self.root / "pydml" / "libpydml.so"

    def environment(self) -> dict[str, str]:
        """The environment that runs Python against the sanitized package."""
        return {**os.environ, "PYTHONPATH": str(self.root), "LD_PRELOAD": f"{self.asan} {self.ubsan}",
                "ASAN_OPTIONS": "detect_leaks=0:halt_on_error=1:abort_on_error=1",  # CPython itself "leaks"
                "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1"}


def _niced(command: list[str]) -> list[str]:
    nice = shutil.which("nice")
    return [nice, "-n", "10", *command] if nice else command


class SanitizedJob:
    """Builds the sanitized copy and, when asked, runs the kernel tests against it, on a thread."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._built = threading.Event()
        self._build: SanitizedBuild | None = None
        self._skip: str | None = None
        self._build_failure: str | None = None
        self._kernel_run: subprocess.CompletedProcess[str] | None = None
        self._kernel_files: list[str] = []
        self._workdir: Path | None = None
        self._processes: list[subprocess.Popen[str]] = []
        self._stopping = False

    def start(self, run_kernel_tests: bool) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, args=(run_kernel_tests,), daemon=True,
                                            name="sanitized-build")
            self._thread.start()

    def build(self) -> SanitizedBuild:
        """Waits for the build; skips when gcc's sanitizer runtimes are missing."""
        import pytest

        self.start(run_kernel_tests=False)
        self._built.wait()
        if self._skip is not None:
            pytest.skip(self._skip)
        assert self._build_failure is None, self._build_failure
        assert self._build is not None
        return self._build

    def kernel_run(self) -> tuple[list[str], subprocess.CompletedProcess[str]]:
        """Waits for the kernel tests under the sanitizers: the files run and the finished process."""
        self.build()
        assert self._thread is not None
        self._thread.join()
        if self._kernel_run is None:  # the job was started without them (only the fuzzers selected at first)
            self._kernel_run = self._run_kernel_tests(self.build())
        return self._kernel_files, self._kernel_run

    def stop(self) -> None:
        """Ends the job (the session is over) and removes the copy."""
        self._stopping = True
        for process in self._processes:
            if process.poll() is None:
                process.kill()
        if self._thread is not None:
            self._thread.join(timeout=30)
        if self._workdir is not None:
            shutil.rmtree(self._workdir, ignore_errors=True)

    def _run(self, command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return self._run_all([command], cwd, env)

    def _work(self, run_kernel_tests: bool) -> None:
        try:
            self._make_build()
        except Exception as error:  # reported by the waiting test, not lost on this thread
            self._build_failure = f"{type(error).__name__}: {error}"
        finally:
            self._built.set()
        if run_kernel_tests and self._build is not None:
            self._kernel_run = self._run_kernel_tests(self._build)

    def _make_build(self) -> None:
        asan, ubsan = gcc_runtime("libasan.so"), gcc_runtime("libubsan.so")
        if asan is None or ubsan is None:
            self._skip = "gcc's AddressSanitizer/UndefinedBehaviorSanitizer runtimes are not installed"
            return
        self._workdir = Path(tempfile.mkdtemp(prefix="pydml-sanitized-"))
        copy = self._workdir / "pydml-sanitized"
        for part in ("include", "native", "pydml", "tests", "examples"):
            shutil.copytree(ROOT / part, copy / part,
                            ignore=shutil.ignore_patterns("*.so", "__pycache__", "build"))
        for part in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(ROOT / part, copy / part)
        built = self._run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], copy,
                          {**os.environ, "PYDML_SANITIZE": "1"})
        if built.returncode != 0:
            self._build_failure = "sanitized build failed:\n" + built.stdout[-5000:] + built.stderr[-5000:]
            return
        self._build = SanitizedBuild(copy, asan, ubsan)

    def _run_kernel_tests(self, build: SanitizedBuild) -> subprocess.CompletedProcess[str]:
        tests = build.root / "tests"
        self._kernel_files = sorted({str(p.relative_to(build.root)) for pattern in KERNEL_TESTS
                                     for p in tests.glob(pattern)})
        # passive OpenMP waits: the job's threads sleep at barriers instead of spinning on cores the
        # foreground tests are using
        env = {**build.environment(), "OMP_WAIT_POLICY": "passive"}
        commands = [[sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *shard]
                    for shard in kernel_shards(build.root, self._kernel_files, KERNEL_SHARDS)]
        return self._run_all(commands, build.root, env)

    def _run_all(self, commands: list[list[str]], cwd: Path,
                 env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        """The commands side by side (niced), as one result: the first failing return code, the
        outputs one after the other."""
        if self._stopping:
            return subprocess.CompletedProcess(commands, -9, "", "the session ended first")
        self._processes = [subprocess.Popen(_niced(c), cwd=cwd, env=env, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, text=True) for c in commands]
        outs, errs, codes = [], [], []
        for process in self._processes:
            try:
                out, err = process.communicate(timeout=1800)
            except subprocess.TimeoutExpired:
                process.kill()
                out, err = process.communicate()
            outs.append(out)
            errs.append(err)
            codes.append(process.returncode)
        failed = [c for c in codes if c != 0]
        args = commands[0] if len(commands) == 1 else commands
        return subprocess.CompletedProcess(args, failed[0] if failed else 0, "\n".join(outs), "\n".join(errs))


#: Processes the kernel tests run in under the sanitizers: after the foreground tests end, the
#: job's pytest was the only thing running, on one of the two cores, for about three minutes
#: (the suite's critical path: 530-607 s in all, of which 175-200 s waiting for it).
KERNEL_SHARDS = 2


#: Seconds the heaviest kernel test files took under ASan+UBSan (the Emerald Rapids host,
#: 2026-11-30; 218 s in all, one process), for balancing the shards only: a file not listed counts
#: a second per 10 KB of source.
KERNEL_TEST_SECONDS = {"test_gemm.py": 72.2, "test_resample_kernel.py": 26.4, "test_pooling.py": 20.9,
                       "test_optimizer.py": 14.0, "test_ew_streamed_binary.py": 10.1,
                       "test_normalization_training.py": 8.4, "test_reduce.py": 6.6}


def kernel_shards(root: Path, files: list[str], count: int) -> list[list[str]]:
    """files in `count` groups of about equal run time (KERNEL_TEST_SECONDS), longest first onto
    the lightest group; each group keeps the files' order."""
    def seconds(name: str) -> float:
        return KERNEL_TEST_SECONDS.get(Path(name).name, (root / name).stat().st_size / 10_000)

    groups: list[list[str]] = [[] for _ in range(count)]
    weights = [0.0] * count
    for name in sorted(files, key=lambda f: -seconds(f)):
        lightest = weights.index(min(weights))
        groups[lightest].append(name)
        weights[lightest] += seconds(name)
    return [sorted(g) for g in groups if g]


#: The session's one job (tests/conftest.py starts it at collection and stops it at the end).
JOB = SanitizedJob()
