"""Timing shared by the benchmarks: best-of-N with the contenders interleaved, and the streaming
bandwidth of this run as a reference.

The machine is shared and its load drifts, so every comparison is a ratio measured in one run:
interleaving the repetitions lets every contender see the same conditions, and the best time of
each is the one least disturbed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


def best_times(fns: Sequence[Callable[[], Any]], repeat: int, block: int = 1) -> list[float]:
    """Best time of each function in seconds, the repetitions interleaved; one warm-up call each
    first (page faults, thread pools).

    block > 1 times `block` consecutive calls of one contender and keeps their mean: the steady
    state of operators run back to back. With block 1 every call follows the other contender's,
    so each pays its thread pool's wake-up (libgomp's sleeping workers: about 0.1 ms here), which
    is part of a lone call's cost but not of a model's."""
    for fn in fns:
        fn()
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            for _ in range(block):
                fn()
            best[i] = min(best[i], (time.perf_counter() - start) / block)
    return best


class StreamingBandwidth:
    """The streaming copy bandwidth of this run (bytes read + written per second, GB/s): the best
    of numpy's copy (one thread) and torch's copy on `threads` threads, over 256 MiB, far beyond
    the caches. Sample it between cases; the best sample is the reference."""

    def __init__(self, threads: int) -> None:
        import torch

        self.a = np.ones(256 * 1024 * 1024 // 4, dtype=np.float32)
        self.b = np.empty_like(self.a)
        self.ta, self.tb = torch.from_numpy(self.a), torch.from_numpy(self.b)
        torch.set_num_threads(threads)
        self.best = 0.0

    def sample(self, repeat: int = 3) -> float:
        t_np, t_torch = best_times([lambda: np.copyto(self.b, self.a), lambda: self.tb.copy_(self.ta)],
                                   repeat)
        self.best = max(self.best, 2 * self.a.nbytes / min(t_np, t_torch) / 1e9)
        return self.best
