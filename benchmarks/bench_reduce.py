"""REDUCE and CUMULATIVE_SUMMATION kernels (native/reduce.c) vs streaming bandwidth and PyTorch CPU,
measured in the same run.

    python benchmarks/bench_reduce.py [--quick] [--threads 2]

Cases (FLOAT32, 8M elements):
  last axis   [2048, 4096], Axes {1}: contiguous rows
  middle axis [64, 1024, 128], Axes {1}: each reduction strided by 128 elements
for REDUCE SUM and MAX (peers torch.sum / torch.amax) and CUMULATIVE_SUMMATION over the same axis
(peer torch.cumsum, into a preallocated output).

Bandwidth: a numpy copy of a 256 MiB float32 array (np.copyto into a preallocated array) moves
512 MiB (read + write); its bytes per second is the streaming bandwidth. A reduction's share is
(bytes it reads + bytes it writes) / time over that bandwidth; a scan reads and writes 32 MiB.
The ratio vs torch is torch time / pydml time (> 1: pydml is faster). The machine is shared:
contenders are timed interleaved, best of N each.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from _timing import best_times

import pydml
from pydml.native import lib


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 15
    print(f"threads {args.threads}; CPU features used: {lib.pydml_active_cpu_features():#x}")

    big = np.ones(64 << 20, dtype=np.float32)
    big_out = np.empty_like(big)
    device = pydml.Device()
    rng = np.random.default_rng(0)
    cases = [("last axis", [2048, 4096], 1), ("middle axis", [64, 1024, 128], 1)]
    rows = []
    for name, sizes, axis in cases:
        x = rng.standard_normal(sizes, dtype=np.float32)
        tx = torch.from_numpy(x)
        out_sizes = [1 if d == axis else s for d, s in enumerate(sizes)]
        for fn in ("SUM", "MAX", "CUMSUM"):
            if fn == "CUMSUM":
                desc: Any = pydml.DML_CUMULATIVE_SUMMATION_OPERATOR_DESC(
                    InputTensor=pydml.buffer_desc("FLOAT32", sizes),
                    OutputTensor=pydml.buffer_desc("FLOAT32", sizes), Axis=axis)
                y = np.empty_like(x)
                ty = torch.from_numpy(y)

                def peer(a: Any = tx, b: Any = ty, d: int = axis) -> Any:
                    return torch.cumsum(a, d, out=b)
            else:
                desc = pydml.DML_REDUCE_OPERATOR_DESC(
                    Function=fn, InputTensor=pydml.buffer_desc("FLOAT32", sizes),
                    OutputTensor=pydml.buffer_desc("FLOAT32", out_sizes), Axes=[axis])
                y = np.empty(out_sizes, dtype=np.float32)
                ty = torch.from_numpy(y)
                if fn == "SUM":
                    def peer(a: Any = tx, b: Any = ty, d: int = axis) -> Any:
                        return torch.sum(a, d, keepdim=True, out=b)
                else:
                    def peer(a: Any = tx, b: Any = ty, d: int = axis) -> Any:
                        return torch.amax(a, d, keepdim=True, out=b)
            kernel = device.create_operator(desc)

            def run(k: Any = kernel, a: np.ndarray = x, b: np.ndarray = y) -> None:
                k.execute({"InputTensor": a}, {"OutputTensor": b})

            def copy() -> None:
                np.copyto(big_out, big)

            t_run, t_peer, t_copy = best_times([run, peer, copy], repeat)
            bandwidth = 2 * big.nbytes / t_copy
            moved = x.nbytes + y.nbytes
            rows.append((name, sizes, fn, moved / t_run / bandwidth, t_peer / t_run, bandwidth))

    header = f"{'case':<12} {'shape':<14} {'op':<7} {'share of bw':>12} {'vs torch':>9} {'copy GB/s':>10}"
    print(header)
    print("-" * len(header))
    for name, sizes, fn, share, ratio, bw in rows:
        shape = "x".join(map(str, sizes))
        print(f"{name:<12} {shape:<14} {fn:<7} {share:11.0%} {ratio:9.2f} {bw / 1e9:10.1f}")


if __name__ == "__main__":
    main()
