"""SOFTMAX-family kernels (native/families/softmax.c) vs PyTorch CPU, measured in the same run.

    python benchmarks/bench_softmax.py [--quick] [--threads 2]

Cases (float32, plus float16 unless --quick):
  last axis   [4096, 2048], reduce axis 1 (DML_ACTIVATION_SOFTMAX: rows of the last dimension)
  middle axis [32, 512, 1024], reduce axis 1 (SOFTMAX1 Axes {1}: strided groups)
for softmax and log-softmax. Peers: torch.softmax / torch.log_softmax (which allocate their
output, as a framework call does) and aten._softmax.out / _log_softmax.out into a preallocated
output (pydml writes into a preallocated output too, so this is the like-for-like peer). With
--threads above 1, the last column is pydml's own speedup over itself on one thread (issue 25:
the middle-axis column mode once ran on one thread whatever the count; a value near 1 there
means it does not scale, or that the shared machine gave this run one core: compare the
last-axis rows, which are threaded).

Per case it prints the speedup of pydml over each torch peer (torch time / pydml time: > 1 means
pydml is faster). The machine is shared: contenders are timed interleaved, best of N each; claims
are made from the ratios only, never from the absolute times.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib


def make_desc(op: str, dtype: str, sizes: list[int], axis: int) -> Any:
    t = pydml.buffer_desc(dtype, sizes)
    if axis == len(sizes) - 1:
        cls = pydml.DML_ACTIVATION_SOFTMAX_OPERATOR_DESC if op == "softmax" else \
            pydml.DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC
        return cls(InputTensor=t, OutputTensor=t)
    cls = pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC if op == "softmax" else \
        pydml.DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC
    return cls(InputTensor=t, OutputTensor=t, Axes=[axis])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, float32 only")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 15
    header(args.threads)

    cases = [("last axis", [4096, 2048], 1), ("middle axis", [32, 512, 1024], 1)]
    dtypes = ["FLOAT32"] if args.quick else ["FLOAT32", "FLOAT16"]
    np_dtypes = {"FLOAT32": np.float32, "FLOAT16": np.float16}
    device = pydml.Device()
    rng = np.random.default_rng(0)
    columns = (f"{'case':<12} {'shape':<16} {'op':<12} {'dtype':<8} "
               f"{'vs torch.fn':>12} {'vs aten .out':>13} {'vs 1 thread':>12}")
    rows = []
    for name, sizes, axis in cases:
        for dtype in dtypes:
            x = (rng.standard_normal(sizes, dtype=np.float32) * 4).astype(np_dtypes[dtype])
            y = np.empty_like(x)
            tx, ty = torch.from_numpy(x), torch.from_numpy(y)
            for op in ("softmax", "log_softmax"):
                kernel = device.create_operator(make_desc(op, dtype, sizes, axis))

                def run(k: Any = kernel, a: np.ndarray = x, b: np.ndarray = y) -> None:
                    k.execute({"InputTensor": a}, {"OutputTensor": b})

                if op == "softmax":
                    def peer_fn(a: Any = tx, d: int = axis) -> Any:
                        return torch.softmax(a, d)

                    def peer_out(a: Any = tx, b: Any = ty, d: int = axis) -> Any:
                        return torch.ops.aten._softmax.out(a, d, False, out=b)
                else:
                    def peer_fn(a: Any = tx, d: int = axis) -> Any:
                        return torch.log_softmax(a, d)

                    def peer_out(a: Any = tx, b: Any = ty, d: int = axis) -> Any:
                        return torch.ops.aten._log_softmax.out(a, d, False, out=b)
                def run_one(r: Any = run) -> None:
                    lib.pydml_set_num_threads(1)
                    try:
                        r()
                    finally:
                        lib.pydml_set_num_threads(args.threads)

                try:
                    peer_out()
                    fns = [run, peer_fn, peer_out]
                except RuntimeError:  # no half kernel for the out variant on this build
                    fns = [run, peer_fn]
                times = best_times([*fns, run_one] if args.threads > 1 else fns, repeat)
                rows.append((name, sizes, op, dtype, times))

    print(columns)
    print("-" * len(columns))
    for name, sizes, op, dtype, times in rows:
        shape = "x".join(map(str, sizes))
        peers = times[:-1] if args.threads > 1 else times
        vs_out = f"{peers[2] / peers[0]:13.2f}" if len(peers) > 2 else f"{'n/a':>13}"
        scaling = f"{times[-1] / times[0]:12.2f}" if args.threads > 1 else f"{'n/a':>12}"
        print(f"{name:<12} {shape:<16} {op:<12} {dtype:<8} {peers[1] / peers[0]:12.2f} {vs_out} {scaling}")


if __name__ == "__main__":
    main()
