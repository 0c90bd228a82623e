"""Timing shared by the benchmarks: best-of-N with the contenders interleaved, and the streaming
bandwidth of this run as a reference.

The machine is shared and its load drifts, so every comparison is a ratio measured in one run:
interleaving the repetitions lets every contender see the same conditions, and the best time of
each is the one least disturbed.

`header` prints what a figure needs to be read: the CPU model, the ISA path pydml's kernels take
(PYDML_ISA=avx2 or =portable forces a lower one on a higher host; issue 25) and the streaming
bandwidth measured on the benchmark's threads in this run.

Under PYDML_ISA=avx2 the peers are capped to AVX2 as well (`cap_peers_to_isa`), so that the
ratios are those of an AVX2-only host on both sides, as a Zen 2/3 user sees them.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

#: the variables each peer library reads when it loads to cap its kernels' ISA, set for
#: PYDML_ISA=avx2: ATen's vectorized kernels (softmax, GELU, reductions), oneDNN's (torch's
#: convolutions), MKL's and OpenBLAS's GEMMs (torch's and numpy's). onnxruntime's MLAS has no such
#: variable: it keeps its AVX-512 kernels (bench_onnx says so). PYDML_PEERS=native keeps every
#: peer's own choice.
PEER_CAPS: dict[str, dict[str, str]] = {
    "avx2": {
        "ATEN_CPU_CAPABILITY": "avx2",
        "ONEDNN_MAX_CPU_ISA": "AVX2",
        "DNNL_MAX_CPU_ISA": "AVX2",
        "MKL_ENABLE_INSTRUCTIONS": "AVX2",
        "OPENBLAS_CORETYPE": "Haswell",
    },
}


def cap_peers_to_isa() -> None:
    """Under PYDML_ISA=avx2, run the benchmark with its peers capped to AVX2 too.

    The libraries read their variables once, when they load, and this module imports numpy (and
    a benchmark may have imported torch) before it can set them: so the variables are set and the
    benchmark's process is started again (os.execv) with the same arguments, once. Only a
    benchmark script run as the main program is restarted (never a test that imports this)."""
    caps = PEER_CAPS.get(os.environ.get("PYDML_ISA", "").lower())
    if not caps or os.environ.get("PYDML_PEERS", "").lower() == "native":
        return
    main = getattr(sys.modules.get("__main__"), "__file__", None) or ""
    if os.path.basename(os.path.dirname(os.path.abspath(main))) != "benchmarks":
        return
    if all(os.environ.get(k) == v for k, v in caps.items()):
        return
    if os.environ.get("PYDML_PEERS_RESTARTED"):  # once only: a benchmark that unset a cap runs as is
        return
    os.environ.update(caps)
    os.environ["PYDML_PEERS_RESTARTED"] = "1"
    sys.stdout.flush()
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])


def capped_peers() -> str:
    """What the header says about the peers' ISA."""
    caps = PEER_CAPS.get(os.environ.get("PYDML_ISA", "").lower())
    if caps and all(os.environ.get(k) == v for k, v in caps.items()):
        named = ", ".join(f"{k}={v}" for k, v in caps.items())
        return f"peers capped to AVX2 ({named}; onnxruntime's MLAS has no cap)"
    return "peers: their own ISA choice"


cap_peers_to_isa()


def best_times(
    fns: Sequence[Callable[[], Any]], repeat: int, block: int = 1, settle: float = 0.0
) -> list[float]:
    """Best time of each function in seconds, the repetitions interleaved; one warm-up call each
    first (page faults, thread pools).

    block > 1 times `block` consecutive calls of one contender and keeps their mean: the steady
    state of operators run back to back. With block 1 every call follows the other contender's,
    so each pays its thread pool's wake-up (libgomp's sleeping workers: about 0.1 ms here), which
    is part of a lone call's cost but not of a model's.

    settle > 0 sleeps that many seconds before each block, untimed, so that a block does not share
    the cores with the previous contender's workers still spinning for work (onnxruntime's pool and
    libgomp both spin after a run before they sleep)."""
    for fn in fns:
        fn()
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            if settle > 0:
                time.sleep(settle)
            start = time.perf_counter()
            for _ in range(block):
                fn()
            best[i] = min(best[i], (time.perf_counter() - start) / block)
    return best


class StreamingBandwidth:
    """The streaming copy bandwidth of this run (bytes read + written per second, GB/s): the best
    of numpy's copy on one thread, numpy's copy split over `threads` Python threads (numpy releases
    the GIL while it copies) and, when the benchmark imported torch, torch's copy on `threads`
    threads; over 256 MiB, far beyond the caches. Sample it between cases; the best sample is the
    reference."""

    def __init__(self, threads: int) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.a = np.ones(256 * 1024 * 1024 // 4, dtype=np.float32)
        self.b = np.empty_like(self.a)
        self.threads = max(1, threads)
        self.pool = ThreadPoolExecutor(self.threads)
        step = -(-self.a.size // self.threads)
        self.parts = [(self.b[i:i + step], self.a[i:i + step]) for i in range(0, self.a.size, step)]
        self.fns: list[Callable[[], Any]] = [lambda: np.copyto(self.b, self.a), self._threaded_copy]
        torch = sys.modules.get("torch")
        if torch is not None:
            ta, tb = torch.from_numpy(self.a), torch.from_numpy(self.b)
            torch.set_num_threads(threads)
            self.fns.append(lambda: tb.copy_(ta))
        self.best = 0.0

    def _threaded_copy(self) -> None:
        for f in [self.pool.submit(np.copyto, dst, src) for dst, src in self.parts]:
            f.result()

    def sample(self, repeat: int = 3) -> float:
        t = min(best_times(self.fns, repeat))
        self.best = max(self.best, 2 * self.a.nbytes / t / 1e9)
        return self.best


def cpu_model() -> str:
    """The CPU's model name (/proc/cpuinfo on Linux; platform.processor() elsewhere)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def host_isa() -> str:
    """The widest vector ISA the CPU reports (/proc/cpuinfo flags), whatever PYDML_ISA says."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
    except OSError:
        return "unknown"
    if {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= set(flags):
        return "avx512"
    return "avx2" if {"avx2", "fma", "f16c"} <= set(flags) else "portable"


def header(threads: int, *, bandwidth: StreamingBandwidth | None = None) -> StreamingBandwidth:
    """Print the run's conditions: CPU model and logical CPUs, pydml's ISA path and feature bits
    (and PYDML_ISA when set), the threads, and the streaming copy bandwidth on those threads,
    sampled now. Returns the StreamingBandwidth (pass one to reuse its arrays)."""
    from pydml.native import isa_path, lib

    bw = bandwidth if bandwidth is not None else StreamingBandwidth(threads)
    gbs = bw.sample(3)
    forced = os.environ.get("PYDML_ISA")
    torch = sys.modules.get("torch")
    detected = int(lib.pydml_cpu_features())
    print(f"CPU: {cpu_model()} ({os.cpu_count()} logical CPUs, {host_isa()}); pydml ISA path: "
          f"{isa_path()} (features {int(lib.pydml_active_cpu_features()):#x} of {detected:#x}"
          f"{f', PYDML_ISA={forced}' if forced else ''})"
          f"{f'; torch {torch.__version__}' if torch is not None else ''}")
    if torch is not None:
        print(f"torch CPU capability: {torch.backends.cpu.get_cpu_capability()}; {capped_peers()}")
    else:
        print(capped_peers())
    print(f"threads {threads}; streaming copy bandwidth on {threads} threads (256 MiB, bytes read + "
          f"written): {gbs:.1f} GB/s; ratios measured in this run")
    # which build is measured: from a git worktree, `import pydml` still finds an editable install
    # elsewhere unless PYTHONPATH names the worktree (helpers measured main against itself so)
    import pydml

    print(f"pydml measured: {os.path.dirname(os.path.abspath(pydml.__file__))}")
    return bw
