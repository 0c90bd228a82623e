"""Benchmark of DML_OPERATOR_MATRIX_MULTIPLY_INTEGER (u8 x s8 -> int32).

torch has no CPU int8 matmul to compare with (torch._int_mm needs CUDA), so the references are
numpy's int32 matmul of the same operands (exact, no BLAS), pydml's own FLOAT32 GEMM of the same
shape, and the AVX-512 VNNI peak: cores x 64 MACs per vpdpbusd x 2 per cycle x the measured clock
(the clock measured by a chain of dependent adds, one per cycle: ``measure_ghz``). pydml and the
references run on the same thread count (2 by default). The machine may be shared: the table gives
medians.

Usage: python benchmarks/bench_integer_products.py [--quick] [--threads 2]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from _timing import header

import pydml
from pydml.native import lib

CASES = [(1024, 1024, 1024), (4096, 512, 512)]


def timed(fn: Callable[[], object], reps: int) -> tuple[float, float]:
    """(median, fastest) seconds per call: on a shared machine the median shows the load, the fastest
    call what the kernel does."""
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), min(times)


def measure_ghz() -> float:
    """Clock of one core: a chain of 1e9 dependent integer adds (1 cycle each), compiled with gcc."""
    src = r"""
    #include <stdio.h>
    #include <time.h>
    int main(void) {
        struct timespec a, b; unsigned long x = 0, n = 1000000000UL;
        clock_gettime(CLOCK_MONOTONIC, &a);
        for (unsigned long i = 0; i < n; i++) __asm__ volatile("add $1, %0" : "+r"(x));
        clock_gettime(CLOCK_MONOTONIC, &b);
        printf("%f\n", n / ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)));
        return (int)(x & 0);
    }"""
    with tempfile.TemporaryDirectory() as d:
        c, exe = Path(d) / "ghz.c", Path(d) / "ghz"
        c.write_text(src)
        subprocess.run(["gcc", "-O1", str(c), "-o", str(exe)], check=True)
        return max(
            float(subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout)
            for _ in range(3)
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    lib.pydml_set_num_threads(args.threads)
    header(args.threads)
    reps = 3 if args.quick else 10
    ghz = measure_ghz()
    peak = args.threads * 64 * 2 * ghz * 1e9  # MAC/s
    have_vnni = bool(int(lib.pydml_cpu_features()) & int(lib.PYDML_CPU_AVX512_VNNI))
    print(
        f"threads {args.threads}, clock {ghz:.2f} GHz, VNNI {'yes' if have_vnni else 'no'}, "
        f"VNNI peak {peak / 1e9:.0f} GMAC/s"
    )
    rng = np.random.default_rng(0)
    dev = pydml.Device()
    print(
        f"{'shape MxNxK':>16} {'pydml ms med/best':>18} {'GMAC/s':>7} {'%peak':>6} {'numpy i32 ms':>12} "
        f"{'x numpy':>8} {'f32 GEMM ms med/best':>21} {'x f32':>6}"
    )
    for m, n, k in CASES:
        bench_case(dev, rng, m, n, k, reps, peak)


def bench_case(
    dev: pydml.Device, rng: np.random.Generator, m: int, n: int, k: int, reps: int, peak: float
) -> None:
    a = rng.integers(0, 256, (m, k), dtype=np.uint8)
    b = rng.integers(-128, 128, (k, n), dtype=np.int8)
    d = pydml.DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC(
        ATensor=pydml.buffer_desc("UINT8", [m, k]),
        BTensor=pydml.buffer_desc("INT8", [k, n]),
        OutputTensor=pydml.buffer_desc("INT32", [m, n]),
    )
    op = dev.create_operator(d)
    out = np.empty((m, n), np.int32)
    t_ip = timed(lambda: op.execute({"ATensor": a, "BTensor": b}, {"OutputTensor": out}), reps)
    a32, b32 = a.astype(np.int32), b.astype(np.int32)
    t_np = timed(lambda: a32 @ b32, 1 if m * n * k > 5e8 else 2)[1]
    assert np.array_equal(out, a32 @ b32)
    fd = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=pydml.buffer_desc("FLOAT32", [m, k]),
        BTensor=pydml.buffer_desc("FLOAT32", [k, n]),
        OutputTensor=pydml.buffer_desc("FLOAT32", [m, n]),
        TransA=pydml.DML_MATRIX_TRANSFORM_NONE, TransB=pydml.DML_MATRIX_TRANSFORM_NONE, Alpha=1.0, Beta=0.0,
    )
    fop = dev.create_operator(fd)
    af, bf, of = a.astype(np.float32), b.astype(np.float32), np.empty((m, n), np.float32)
    t_f = timed(lambda: fop.execute({"ATensor": af, "BTensor": bf}, {"OutputTensor": of}), reps)
    macs = m * n * k
    (ip_med, ip), (f_med, f) = t_ip, t_f  # rates and ratios from the fastest calls
    print(
        f"{f'{m}x{n}x{k}':>16} {ip_med * 1e3:9.2f}/{ip * 1e3:8.2f} {macs / ip / 1e9:7.0f} "
        f"{100 * macs / ip / peak:5.1f}% {t_np * 1e3:12.1f} {t_np / ip:8.1f} "
        f"{f_med * 1e3:11.2f}/{f * 1e3:9.2f} {f / ip:6.2f}"
    )


if __name__ == "__main__":
    main()
