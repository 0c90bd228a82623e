"""The C validator under AddressSanitizer + UndefinedBehaviorSanitizer: tests/fuzz/fuzz_validate.c
builds random descs from the schema tables (valid-looking ones, accepted ones with targeted edits,
mutated ones) and checks pydml_validate_operator, pydml_validate_operator_ex and
pydml_operator_create on each. Any sanitizer report, leak, hang or broken invariant fails the test
with the driver's stderr, which names the case and the command that replays it (replaying one
operator prints each desc before it runs).

The driver links the session's sanitized libpydml.so (tests/conftest.py's ``sanitized_build``, which
the sanitized kernel run shares, so the sources compile once with the sanitizers); two runs share
the cores: a fixed seed, and one that changes every day.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from sanitized_background import SanitizedBuild

from pydml.native import ffi

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tests" / "fuzz" / "fuzz_validate.c"
SANITIZE = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer"]
#: native/<layer>/ (native/com/ is C++)
LAYERS = sorted(p for p in (ROOT / "native").iterdir() if p.is_dir() and p.name != "com")
INCLUDES = [f"-I{ROOT / 'include'}", *(f"-I{layer}" for layer in LAYERS)]
SOURCES = sorted(p for layer in LAYERS for p in layer.glob("*.c"))
ENV = {
    **os.environ,
    # Every report is fatal. Allocations past 64 MiB fail (NULL), as they may on any machine: the
    # library must answer OUT_OF_MEMORY, and the kernels' plans for huge-but-valid sizes (up to
    # 2 GiB each) neither slow the run down nor take a CI machine's memory (a run stays near
    # 150 MB with the smaller quarantine).
    "ASAN_OPTIONS": "halt_on_error=1:abort_on_error=1:detect_leaks=1:allocator_may_return_null=1:"
                    "max_allocation_size_mb=64:quarantine_size_mb=64",
    "UBSAN_OPTIONS": "halt_on_error=1:abort_on_error=1:print_stacktrace=1",
}
# About 4 s of CPU per run (two runs at once on 2 cores): every operator gets ITERATIONS cases,
# those with rules of their own (convolution, resample, clip, softmax, ...) five times as many.
ITERATIONS = 200
FIXED_SEED = 2026
DAILY_SEED = int(datetime.date.today().strftime("%Y%m%d"))


@dataclass(frozen=True)
class Build:
    """The fuzz driver, linked against the session's sanitized libpydml.so (tests/conftest.py's
    ``sanitized_build``: every native source compiled once with the sanitizers, shared with the
    sanitized kernel run)."""

    gcc: str
    cflags: list[str]  # the project's (pydml/_build_ffi.py), -O3 aside
    openmp: list[str]
    library: Path  # the sanitized libpydml.so
    driver: Path

    @property
    def objects(self) -> list[Path]:
        """What a program links to reach the library (its own object comes first)."""
        return [self.library]

    def compile(self, source: Path, obj: Path, werror: bool = True) -> None:
        flags = self.cflags if werror else [flag for flag in self.cflags if flag != "-Werror"]
        cmd = [self.gcc, *flags, *SANITIZE, *self.openmp, *INCLUDES, "-c", str(source), "-o", str(obj)]
        result = subprocess.run(cmd, capture_output=True, text=True, check=False)
        assert result.returncode == 0, f"{source.name} does not compile:\n{result.stderr}"

    def link(self, objects: list[Path], exe: Path) -> None:
        own = [o for o in objects if o.suffix != ".so"]
        cmd = [self.gcc, *SANITIZE, *self.openmp, *map(str, own), str(self.library),
               f"-Wl,-rpath,{self.library.parent}", "-lm", "-o", str(exe)]
        result = subprocess.run(cmd, capture_output=True, text=True, check=False)
        assert result.returncode == 0, f"linking {exe.name} fails:\n{result.stderr}"


@pytest.fixture(scope="session")
def build(tmp_path_factory: pytest.TempPathFactory, sanitized_build: SanitizedBuild) -> Build:
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.skip("gcc is not on PATH")
    out = tmp_path_factory.mktemp("fuzz_validate")
    from pydml import _build_ffi  # here, not at collection: importing it probes the compiler

    b = Build(gcc, [flag for flag in _build_ffi.CFLAGS if not flag.startswith("-O")], list(_build_ffi.OPENMP),
              sanitized_build.library, out / "fuzz_validate")
    b.compile(DRIVER, out / "fuzz_validate.o")  # -Werror for the driver (the library's are its build's)
    b.link([out / "fuzz_validate.o"], b.driver)
    return b


def test_driver_allocates_every_desc_at_its_real_size(build: Build) -> None:
    """The driver sizes each desc from the field tables; a smaller guess would make the library
    seem to read past the desc. cffi knows the real sizeof of every struct in DirectML.h."""
    result = subprocess.run([str(build.driver), "--desc-sizes"], capture_output=True, text=True, env=ENV,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    sizes = {name: int(size) for name, size in (line.split() for line in result.stdout.splitlines())}
    assert len(sizes) > 100
    wrong = {name: (size, ffi.sizeof(name)) for name, size in sizes.items() if size != ffi.sizeof(name)}
    assert not wrong, f"driver's size vs sizeof: {wrong}"


def test_validator_survives_random_descs_under_sanitizers(build: Build,
                                                          request: pytest.FixtureRequest) -> None:
    seeds = [FIXED_SEED, DAILY_SEED]
    # --long: ten times the iterations (well over 100,000 cases per seed), for runs outside CI
    iterations = ITERATIONS * (10 if request.config.getoption("--long") else 1)
    runs = [subprocess.Popen([str(build.driver), str(iterations), str(seed)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=ENV) for seed in seeds]
    outputs = []
    for seed, run in zip(seeds, runs, strict=True):
        try:
            stdout, stderr = run.communicate(timeout=300 * iterations // ITERATIONS)
        except subprocess.TimeoutExpired:
            run.kill()
            stdout, stderr = run.communicate()
        assert run.returncode == 0, (
            f"seed {seed}: `fuzz_validate {iterations} {seed}` exited with {run.returncode} (the driver is "
            f"tests/fuzz/fuzz_validate.c; its last lines name the failing case and how to replay it):\n"
            f"{stderr[-20000:]}")
        outputs.append(stdout)
    # Not vacuous: (nearly) every operator had descs accepted, so the checks after the table-driven
    # ones (each operator's own rules, fused activations, operator creation) ran too.
    summary = outputs[0].splitlines()[0]
    accepted = {name: int(count) for name, count in re.findall(r"^accepted (\S+) (\d+)", outputs[0], re.M)}
    never = sorted(name for name, count in accepted.items() if count == 0)
    assert len(accepted) > 100, summary
    assert len(never) <= len(accepted) // 20, f"operators never accepted: {never}\n{summary}"


GRAPH_DRIVER = ROOT / "tests" / "fuzz" / "fuzz_graph.c"


def test_graph_api_survives_mutated_graphs_under_sanitizers(build: Build, tmp_path: Path) -> None:
    """tests/fuzz/fuzz_graph.c: random DAGs of small operators, mutated (indices, counts within the
    arrays, cycles, duplicate and retyped edges, NULL descs), through pydml_graph_compile,
    initialize, execute and release; accepted graphs run on the buffers they ask for."""
    build.compile(GRAPH_DRIVER, tmp_path / "fuzz_graph.o")
    build.link([tmp_path / "fuzz_graph.o"], tmp_path / "fuzz_graph")
    for seed in (FIXED_SEED, DAILY_SEED):
        result = subprocess.run([str(tmp_path / "fuzz_graph"), "4000", str(seed)], capture_output=True,
                                text=True, env=ENV, timeout=300, check=False)
        assert result.returncode == 0, (f"`fuzz_graph 4000 {seed}` exited with {result.returncode}:\n"
                                        f"{result.stdout[-2000:]}{result.stderr[-20000:]}")
        compiled, rejected = map(int, re.findall(r"compiled (\d+) rejected (\d+)", result.stdout)[0])
        assert compiled > 100 and rejected > 1000, result.stdout  # both paths exercised


#: Inputs the libFuzzer target once failed on, replayed before its run (--long):
#: avg_grad_slow_path_tables: AVERAGE_POOLING_GRAD off the FLOAT32 fast path offset its NULL
#: tables (UBSan: an offset applied to a null pointer, pooling.c avg_grad).
#: avg_pool_padding_rows_only: AVERAGE_POOLING over whole rows whose only window lies on padding
#: rows formed the run's pointer from a negative offset (clang's UBSan: pointer overflow, sum_row).
REGRESSION_INPUTS = Path(__file__).resolve().parent / "fuzz" / "regressions"

#: Cases the fuzzer once failed on (seed, iteration, operator), replayed alone on every run. The
#: driver derives each case from these three numbers, so a change to its generators moves them;
#: they stay as cheap extra cases then.
REGRESSION_SEEDS = [
    (7, 28, "DML_OPERATOR_RESAMPLE_GRAD1"),  # AVX-512 row kernel: output pointer stepped past a huge stride
    (2026, 9, "DML_OPERATOR_RESAMPLE"),  # an output whose strides overlap: refused, not half-written
    # max_grad formed the next plane's base past the last plane, where a size-1 axis's stride may
    # be anything: the pointer left the address space (UBSan, pooling.c, seed 21 of a longer run)
    (21, 591, "DML_OPERATOR_MAX_POOLING_GRAD"),
]


@pytest.mark.parametrize("seed,iteration,operator", REGRESSION_SEEDS)
def test_regression_seeds(build: Build, seed: int, iteration: int, operator: str) -> None:
    result = subprocess.run([str(build.driver), "1", str(seed), str(iteration), operator],
                            capture_output=True, text=True, env=ENV, timeout=120, check=False)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-10000:]


# pydml_operator_create on a BACKWARD convolution whose three strides multiply past INT64_MAX: the
# validator accepts it (all sizes 1); pydml_convolution_plan_create (native/families/convolution.c) multiplied
# the strides in int64 for its work estimate (p->work), a signed overflow found by the driver.
HUGE_STRIDES = r"""
#include <stdio.h>
#include "pydml.h"
int main(void) {
    UINT ones[5] = {1, 1, 1, 1, 1}, strides[3] = {65536, 4294967295u, 65536}, dilations[3] = {1, 1, 1};
    UINT zeros[3] = {0, 0, 0};
    DML_BUFFER_TENSOR_DESC t = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 5, ones, NULL, 4, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &t};
    DML_CONVOLUTION_OPERATOR_DESC conv = {
        &tensor, &tensor, NULL, &tensor, DML_CONVOLUTION_MODE_CROSS_CORRELATION,
        DML_CONVOLUTION_DIRECTION_BACKWARD, 3, strides, dilations, zeros, zeros, zeros, 1, NULL};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_CONVOLUTION, &conv};
    pydml_operator* op = NULL;
    char message[256];
    pydml_status s = pydml_operator_create(&desc, DML_FEATURE_LEVEL_6_4, 0, &op, message, sizeof message);
    printf("%d %s\n", (int)s, message);
    pydml_operator_destroy(op);
    return s == PYDML_STATUS_SUCCESS ? 0 : 1;
}
"""


def test_convolution_plan_with_strides_past_int64(build: Build, tmp_path: Path) -> None:
    (tmp_path / "huge_strides.c").write_text(HUGE_STRIDES)
    build.compile(tmp_path / "huge_strides.c", tmp_path / "huge_strides.o")
    build.link([tmp_path / "huge_strides.o"], tmp_path / "huge_strides")
    result = subprocess.run([str(tmp_path / "huge_strides")], capture_output=True, text=True, env=ENV,
                            timeout=60, check=False)
    assert result.returncode == 0, (
        "pydml_convolution_plan_create must not overflow on strides whose product passes INT64_MAX (its work "
        f"estimate multiplies the axes' P in int64):\n{result.stdout}{result.stderr}")


# Counts that lie about their arrays (issue 22): arrays in global memory, as short as the tensors make
# them, under counts of 9, 2^20 and 2^32-1. pydml_validate_operator read RESAMPLE1's Scales a
# million floats deep (a global-buffer-overflow in check_structure's NaN loop) before any rule
# looked at DimensionCount; every count is now checked against its bound before its arrays are read.
WILD_COUNTS = r"""
#include <stdio.h>
#include <string.h>
#include "pydml.h"
static UINT sizes4[4] = {1, 1, 2, 2}, sizes4b[4] = {1, 3, 2, 2};
static DML_BUFFER_TENSOR_DESC f32 = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes4, NULL, 16, 0};
static DML_BUFFER_TENSOR_DESC f32c3 = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes4b, NULL, 48, 0};
static DML_BUFFER_TENSOR_DESC u8 = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 4, sizes4, NULL, 4, 0};
static DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &f32}, t3 = {DML_TENSOR_TYPE_BUFFER, &f32c3};
static DML_TENSOR_DESC tu8 = {DML_TENSOR_TYPE_BUFFER, &u8};
static FLOAT scales[4] = {1, 1, 1, 1}, offsets[4] = {0.5f, 0.5f, 0.5f, 0.5f}, bias3[3] = {0, 0, 0};
static UINT spatial[2] = {1, 1}, zeros[2] = {0, 0}, axes[1] = {3};
static DML_TENSOR_DESC quantization[2];
static DML_ACTIVATION_SIGMOID_OPERATOR_DESC sigmoid = {NULL, NULL};
static DML_OPERATOR_DESC activations[1] = {{DML_OPERATOR_ACTIVATION_SIGMOID, &sigmoid}};
static int failures = 0;

static void expect_refused(const char* what, DML_OPERATOR_TYPE type, const void* d) {
    DML_OPERATOR_DESC desc = {type, d};
    char message[512];
    pydml_status s = pydml_validate_operator(&desc, DML_FEATURE_LEVEL_6_4, message, sizeof message);
    pydml_operator* op = NULL;
    pydml_status sc = pydml_operator_create(&desc, DML_FEATURE_LEVEL_6_4, 0, &op, NULL, 0);
    pydml_operator_destroy(op);
    printf("%s: %d %d %s\n", what, (int)s, (int)sc, message);
    if (s != PYDML_STATUS_INVALID_PARAMETER || sc != PYDML_STATUS_INVALID_PARAMETER) failures++;
}

int main(void) {
    static const UINT wild[] = {9u, 1u << 20, 4294967295u};
    quantization[0] = tu8; quantization[1] = tu8;
    for (unsigned i = 0; i < 3; i++) {
        char what[64];
        DML_RESAMPLE1_OPERATOR_DESC r = {&t, &t, DML_INTERPOLATION_MODE_LINEAR, wild[i], scales, offsets, offsets};
        snprintf(what, sizeof what, "RESAMPLE1 %u", wild[i]);
        expect_refused(what, DML_OPERATOR_RESAMPLE1, &r);
        DML_RESAMPLE_OPERATOR_DESC r0 = {&t, &t, DML_INTERPOLATION_MODE_LINEAR, wild[i], scales};
        expect_refused("RESAMPLE", DML_OPERATOR_RESAMPLE, &r0);
        DML_CONVOLUTION_OPERATOR_DESC conv = {&t, &t, NULL, &t, DML_CONVOLUTION_MODE_CROSS_CORRELATION,
                                              DML_CONVOLUTION_DIRECTION_FORWARD, wild[i], spatial, spatial, zeros,
                                              zeros, zeros, 1, NULL};
        expect_refused("CONVOLUTION", DML_OPERATOR_CONVOLUTION, &conv);
        DML_REDUCE_OPERATOR_DESC reduce = {DML_REDUCE_FUNCTION_SUM, &t, &t, wild[i], axes};
        expect_refused("REDUCE", DML_OPERATOR_REDUCE, &reduce);
        DML_VALUE_SCALE_2D_OPERATOR_DESC vs = {&t3, &t3, 1.0f, wild[i], bias3};
        expect_refused("VALUE_SCALE_2D", DML_OPERATOR_VALUE_SCALE_2D, &vs);
        DML_QUANTIZE_OPERATOR_DESC q = {&t, DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT, wild[i], quantization, &tu8};
        expect_refused("QUANTIZE", DML_OPERATOR_QUANTIZE, &q);
        DML_RNN_OPERATOR_DESC rnn = {&t, &t, &t, NULL, NULL, NULL, NULL, &t, wild[i], activations,
                                     DML_RECURRENT_NETWORK_DIRECTION_FORWARD};
        expect_refused("RNN", DML_OPERATOR_RNN, &rnn);
    }
    return failures;
}
"""


def test_wild_counts_over_short_arrays_are_refused_before_reading(build: Build, tmp_path: Path) -> None:
    (tmp_path / "wild_counts.c").write_text(WILD_COUNTS)
    build.compile(tmp_path / "wild_counts.c", tmp_path / "wild_counts.o")
    build.link([tmp_path / "wild_counts.o"], tmp_path / "wild_counts")
    result = subprocess.run([str(tmp_path / "wild_counts")], capture_output=True, text=True, env=ENV,
                            timeout=60, check=False)
    assert result.returncode == 0, (
        "a count field was followed past its array, or a wild count was accepted:\n"
        f"{result.stdout}{result.stderr[-8000:]}")
    assert "RESAMPLE1 1048576: 1 1 DML_RESAMPLE1_OPERATOR_DESC.DimensionCount: must equal " \
           "InputTensor.DimensionCount (4), got 1048576" in result.stdout, result.stdout


def test_libfuzzer_target_runs_where_clang_is_installed(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """The same driver as a libFuzzer target (coverage-guided), built by clang where present.
    With --long only: its build compiles the whole tree again under clang's sanitizers (over two
    minutes on 2 cores), and the seed-loop driver above covers the same code in every run."""
    if not request.config.getoption("--long"):
        pytest.skip("the libFuzzer build runs with --long (the seed-loop driver runs every time)")
    clang = shutil.which("clang")
    if clang is None:
        pytest.skip("clang is not installed (the seed-loop driver above runs everywhere)")
    exe = tmp_path / "fuzz_validate_libfuzzer"
    flags = ["-fsanitize=fuzzer,address,undefined", "-O1", "-g", "-DPYDML_LIBFUZZER", *INCLUDES]

    def compile_one(source: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
        obj = tmp_path / f"{source.parent.name}_{source.stem}.o"
        # serial (no -fopenmp): clang may lack libomp; the seed-loop driver covers the threaded build
        return obj, subprocess.run([clang, "-std=c11", *flags, "-c", str(source), "-o", str(obj)],
                                   capture_output=True, text=True, check=False, timeout=600)

    # one compiler per core (a single clang command compiles the sources one after another)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        built = list(pool.map(compile_one, [*SOURCES, DRIVER]))
    failed = [r.stderr[-3000:] for _, r in built if r.returncode != 0]
    assert not failed, failed[0]
    build = subprocess.run([clang, *flags, *(str(o) for o, _ in built), "-lm", "-o", str(exe)],
                           capture_output=True, text=True, check=False, timeout=600)
    assert build.returncode == 0, build.stderr[-5000:]
    # inputs it once failed on (tests/fuzz/regressions/, one file each), each run once first
    regressions = sorted(str(p) for p in REGRESSION_INPUTS.iterdir())
    replay = subprocess.run([str(exe), *regressions], capture_output=True, text=True, env=ENV, check=False,
                            timeout=600, cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr[-10000:]
    run = subprocess.run([str(exe), "-runs=3000", "-seed=1", "-max_len=16"], capture_output=True, text=True,
                         env=ENV, check=False, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-10000:]
