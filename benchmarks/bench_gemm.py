"""Benchmark of DML_OPERATOR_GEMM against numpy's float32 matmul (OpenBLAS sgemm), same run.

Both run on the same number of threads (2 by default: pydml_set_num_threads and OpenBLAS's
set_num_threads through its C entry point). pydml and numpy are timed in alternating blocks so
both see the same background load; the table gives the median call of each, the ratio
numpy/pydml of the medians and of the fastest calls (>= 1.0: pydml is as fast), and pydml's
GFLOP/s (2 * M * N * K per product). FLOAT16 rows compare pydml's FLOAT16 GEMM (converted while
packing, accumulated in float32) with numpy's float32 matmul of the same shape.

Run as ``env -u OPENBLAS_CORETYPE python benchmarks/bench_gemm.py``: an OPENBLAS_CORETYPE in the
environment picks a slower sgemm kernel. The OpenBLAS core numpy loaded is printed.

On a shared host, --cpu-time compares by process CPU time on 1 thread (the same alternating
blocks), which other processes' load barely moves; wall-clock ratios at 2 threads there swing
by 2x between identical runs.

Usage: python benchmarks/bench_gemm.py [--quick] [--threads 2] [--only TEXT] [--cpu-time]
"""

from __future__ import annotations

import os

from _blas_env import unset_openblas_tuning

unset_openblas_tuning()  # before numpy loads OpenBLAS
# OpenBLAS's idle threads busy-wait ~2^28 cycles after each call by default, stealing the cores
# from the pydml call that follows (measured: pydml 2.5x slower interleaved than alone); 2^4 puts
# them to sleep at once, as pydml's own threads do within ~0.5 ms (pydml/native.py). numpy alone
# is as fast either way (6.0-6.2 ms vs 6.2-6.8 ms for 1024^3).
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")

import argparse  # noqa: E402
import ctypes  # noqa: E402
import glob  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from _timing import header  # noqa: E402

import pydml  # noqa: E402
from pydml.native import lib  # noqa: E402


@dataclass(frozen=True)
class Case:
    name: str
    batch: tuple[int, ...]
    m: int
    n: int
    k: int
    trans_a: bool = False
    trans_b: bool = False
    dtype: str = "FLOAT32"
    with_c: bool = False
    owned: bool = False  # B an initializer (OWNED_BY_DML, packed at initialize) and C a bias row, as
    # pydml.onnx lowers MatMul + Add (MatMulAddFusion): C broadcast over the rows (strides 0, 1)


CASES = [
    Case("1024^3", (), 1024, 1024, 1024),
    Case("4096x512x512", (), 4096, 512, 512),
    Case("batched 4x8x256^3", (4, 8), 256, 256, 256),
    Case("TransA 1024^3", (), 1024, 1024, 1024, trans_a=True),
    Case("TransB 1024^3", (), 1024, 1024, 1024, trans_b=True),
    Case("TransA+TransB 1024^3", (), 1024, 1024, 1024, trans_a=True, trans_b=True),
    Case("1024^3 +C (Beta)", (), 1024, 1024, 1024, with_c=True),
    Case("odd 257x1031x333", (), 257, 1031, 333),
    Case("FLOAT16 1024^3", (), 1024, 1024, 1024, dtype="FLOAT16"),
    # a few rows times a weight matrix (batch-1..64 inference): B read in place / packed once
    Case("1x4096x4096 (GEMV)", (), 1, 4096, 4096),
    Case("8x4096x4096", (), 8, 4096, 4096),
    Case("64x4096x4096", (), 64, 4096, 4096),
    # the same with B an initializer (gemm_pre_rows: its panels streamed) and a bias row
    Case("1x4096x4096 +bias (owned GEMV)", (), 1, 4096, 4096, owned=True),
    Case("4x4096x4096 +bias (owned)", (), 4, 4096, 4096, owned=True),
    Case("FLOAT16 4096x512x512", (), 4096, 512, 512, dtype="FLOAT16"),
    # BERT-base (sequence 128) as pydml.onnx runs it: the projections with their weights owned and
    # the bias as C (batch 1: 128 rows; batch 8: the batch folded into 1024 rows), the attention
    # scores Q K^T of 12 heads (B a transposed K)
    Case("BERT 128x768x3072 +bias", (), 128, 3072, 768, owned=True),
    Case("BERT 128x3072x768 +bias", (), 128, 768, 3072, owned=True),
    Case("BERT 128x768x768 +bias", (), 128, 768, 768, owned=True),
    Case("BERT 1024x768x3072 +bias", (), 1024, 3072, 768, owned=True),
    Case("BERT 1024x3072x768 +bias", (), 1024, 768, 3072, owned=True),
    Case("BERT 12x128x64x128 TransB", (12,), 128, 128, 64, trans_b=True),
]


def openblas() -> tuple[str, Callable[[int], None] | None]:
    """numpy's OpenBLAS core name and its set_num_threads (None when not found)."""
    libs = glob.glob(os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs", "*openblas*"))
    for path in libs:
        handle = ctypes.CDLL(path)
        for prefix, suffix in (("scipy_openblas", "64_"), ("scipy_openblas", ""), ("openblas", "")):
            core = getattr(handle, f"{prefix}_get_corename{suffix}", None)
            if core is None:
                continue
            core.restype = ctypes.c_char_p
            setter = getattr(handle, f"{prefix}_set_num_threads{suffix}", None)
            if setter is not None:
                setter.argtypes = [ctypes.c_int]
            return core().decode(), setter
    return "unknown (no OpenBLAS found next to numpy)", None


#: the clock calls are timed with: wall clock, or process CPU time (--cpu-time)
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def timed(fn: Callable[[], Any], reps: int) -> list[float]:
    clock = CLOCK[0]
    out = []
    for _ in range(reps):
        t = clock()
        fn()
        out.append(clock() - t)
    return out


def bench(case: Case, rounds: int, reps: int, rng: np.random.Generator) -> dict[str, float]:
    np_dtype = np.float32 if case.dtype == "FLOAT32" else np.float16
    a_shape = case.batch + ((case.k, case.m) if case.trans_a else (case.m, case.k))
    b_shape = case.batch + ((case.n, case.k) if case.trans_b else (case.k, case.n))
    o_shape = (*case.batch, case.m, case.n)
    a = rng.standard_normal(a_shape).astype(np_dtype)
    b = rng.standard_normal(b_shape).astype(np_dtype)
    c = rng.standard_normal(o_shape).astype(np_dtype)
    out = np.empty(o_shape, np_dtype)
    owned = {"Flags": "OWNED_BY_DML"} if case.owned else {}
    c_desc = None
    if case.owned:  # a bias row, broadcast over the rows
        c = rng.standard_normal(case.n).astype(np_dtype)
        c_desc = pydml.buffer_desc(case.dtype, o_shape, [0] * (len(o_shape) - 1) + [1], **owned)
    elif case.with_c:
        c_desc = pydml.buffer_desc(case.dtype, o_shape)
    desc = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=pydml.buffer_desc(case.dtype, a_shape), BTensor=pydml.buffer_desc(case.dtype, b_shape, **owned),
        CTensor=c_desc, OutputTensor=pydml.buffer_desc(case.dtype, o_shape), TransA=int(case.trans_a),
        TransB=int(case.trans_b), Alpha=1.0, Beta=1.0)
    op = pydml.Device().create_operator(desc)
    inputs = {"ATensor": a, "BTensor": b}
    if case.owned:
        op.initialize({"BTensor": b, "CTensor": c})
        inputs = {"ATensor": a}
    elif case.with_c:
        inputs["CTensor"] = c
    # numpy's reference works in float32 whatever pydml's type (the brief's throughput baseline)
    a32, b32, c32 = a.astype(np.float32), b.astype(np.float32), c.astype(np.float32)
    o32 = np.empty(o_shape, np.float32)
    if case.trans_a:
        a32 = np.swapaxes(a32, -1, -2)
    if case.trans_b:
        b32 = np.swapaxes(b32, -1, -2)

    def run_pydml() -> None:
        op.execute(inputs, {"OutputTensor": out})

    def run_numpy() -> None:
        np.matmul(a32, b32, out=o32)
        if case.with_c or case.owned:
            np.add(o32, c32, out=o32)

    run_pydml()
    run_numpy()
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        ours += timed(run_pydml, reps)
        time.sleep(0.05)
        theirs += timed(run_numpy, reps)
        time.sleep(0.05)
    flops = 2.0 * case.m * case.n * case.k * int(np.prod(case.batch, dtype=np.int64))
    return {
        "pydml_ms": statistics.median(ours) * 1e3, "numpy_ms": statistics.median(theirs) * 1e3,
        "ratio_median": statistics.median(theirs) / statistics.median(ours),
        "ratio_best": min(theirs) / min(ours), "gflops": flops / min(ours) / 1e9,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--only", default="", help="run the cases whose name contains this text")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time calls by process CPU time on 1 thread (a shared host: other "
                             "processes' load does not count, as it does in wall-clock time)")
    args = parser.parse_args()
    if args.cpu_time:
        args.threads = 1
        CLOCK[0] = time.process_time
    core, set_threads = openblas()
    if set_threads is not None:
        set_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    header(args.threads)
    print(f"numpy {np.__version__}, OpenBLAS core: {core}; {args.threads} threads; "
          f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', 'unset')} in this process"
          + ("; process CPU time" if args.cpu_time else ""))
    rng = np.random.default_rng(1)
    rounds, reps = (2, 3) if args.quick else (5, 4)
    print(f"{'case':24} {'pydml ms':>9} {'numpy ms':>9} {'ratio(med)':>10} {'ratio(best)':>11} "
          f"{'GFLOP/s':>8}")
    for case in (c for c in CASES if args.only in c.name):
        r = bench(case, rounds, reps, rng)
        print(f"{case.name:24} {r['pydml_ms']:9.2f} {r['numpy_ms']:9.2f} {r['ratio_median']:10.2f} "
              f"{r['ratio_best']:11.2f} {r['gflops']:8.1f}")


if __name__ == "__main__":
    main()
