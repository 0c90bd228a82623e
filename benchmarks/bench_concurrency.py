"""Concurrent executes from several Python threads vs the same work run in turn, in one run.

    python benchmarks/bench_concurrency.py [--threads 2]

Each Python thread runs ADD on 8M-element FLOAT32 tensors and a RESAMPLE_GRAD1. There is no global
lock: concurrent executions draw their OpenMP teams from one budget of pydml_set_num_threads()
threads (native/engines/common.c, pydml_team_begin), so two callers never run two full teams on the same
cores (the target: concurrent time at most 1.1x the in-turn time). Prints the ratio.
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Callable

import numpy as np
from _timing import header

import pydml
from pydml.native import lib


def workloads() -> list[Callable[[], None]]:
    n = 8 * 1024 * 1024
    t = pydml.buffer_desc("FLOAT32", [n])
    add = pydml.Device().create_operator(
        pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t))
    grad = pydml.Device().create_operator(pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC(
        InputGradientTensor=pydml.buffer_desc("FLOAT32", [4, 64, 128, 128]),
        OutputGradientTensor=pydml.buffer_desc("FLOAT32", [4, 64, 64, 64]),
        InterpolationMode="LINEAR", RoundingDirection="DECREASING", Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4))
    rng = np.random.default_rng(0)
    a = rng.standard_normal(n).astype(np.float32)
    g = rng.standard_normal((4, 64, 128, 128)).astype(np.float32)

    def make(i: int) -> Callable[[], None]:
        out = np.empty(n, np.float32)
        dx = np.empty((4, 64, 64, 64), np.float32)

        def run() -> None:
            for _ in range(10):
                add.execute({"ATensor": a, "BTensor": a}, {"OutputTensor": out})
                grad.execute({"InputGradientTensor": g}, {"OutputGradientTensor": dx})
        return run

    return [make(0), make(1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    lib.pydml_set_num_threads(args.threads)
    header(args.threads)
    jobs = workloads()
    for job in jobs:
        job()  # warm-up
    ratios = []
    for _ in range(3):
        start = time.perf_counter()
        for job in jobs:
            job()
        in_turn = time.perf_counter() - start
        threads = [threading.Thread(target=job) for job in jobs]
        start = time.perf_counter()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        ratios.append((time.perf_counter() - start) / in_turn)
    print(f"two Python threads at once / in turn: {min(ratios):.2f}x (best of 3; target <= 1.1x)")


if __name__ == "__main__":
    main()
