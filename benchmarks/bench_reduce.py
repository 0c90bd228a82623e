"""REDUCE and CUMULATIVE_SUMMATION kernels (native/families/reduce.c) vs streaming bandwidth and PyTorch CPU,
measured in the same run.

    python benchmarks/bench_reduce.py [--quick] [--threads 2]

Cases (FLOAT32, 8M elements):
  last axis   [2048, 4096], Axes {1}: contiguous rows
  middle axis [64, 1024, 128], Axes {1}: each reduction strided by 128 elements
  long        [1, 8M] and [4, 2M], Axes {1}: few outputs, each reduction split across threads
for REDUCE SUM and MAX (peers torch.sum / torch.amax) and CUMULATIVE_SUMMATION /
CUMULATIVE_PRODUCT over the same axis (peers torch.cumsum / torch.cumprod, into a preallocated
output); the scans on [2048, 4096], [4096, 2048] and [8M].

Bandwidth: StreamingBandwidth (benchmarks/_timing.py), the best of a numpy and a multi-threaded
torch copy of 256 MiB in this run, sampled between cases. A reduction's share is (bytes it reads +
bytes it writes) / time over that bandwidth; a scan reads and writes 32 MiB.
The ratio vs torch is torch time / pydml time (> 1: pydml is faster). The machine is shared:
contenders are timed interleaved, best of N each.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from _timing import best_times, header

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
    stream = header(args.threads)
    device = pydml.Device()
    rng = np.random.default_rng(0)
    cases = [("last axis", [2048, 4096], 1, ("SUM", "MAX", "CUMSUM", "CUMPROD")),
             ("last axis", [4096, 2048], 1, ("SUM", "MAX")),
             ("middle axis", [64, 1024, 128], 1, ("SUM", "MAX", "CUMSUM")),
             ("long", [1, 8 << 20], 1, ("SUM", "MAX")),
             ("long", [4, 2 << 20], 1, ("SUM", "MAX")),
             ("last axis", [4096, 2048], 1, ("CUMSUM", "CUMPROD")),
             ("one line", [8 << 20], 0, ("CUMSUM", "CUMPROD"))]
    rows = []
    for name, sizes, axis, fns in cases:
        x = rng.standard_normal(sizes, dtype=np.float32)
        tx = torch.from_numpy(x)
        out_sizes = [1 if d == axis else s for d, s in enumerate(sizes)]
        for fn in fns:
            if fn in ("CUMSUM", "CUMPROD"):
                cls = pydml.DML_CUMULATIVE_SUMMATION_OPERATOR_DESC if fn == "CUMSUM" else \
                    pydml.DML_CUMULATIVE_PRODUCT_OPERATOR_DESC
                exclusive = {"HasExclusiveSum" if fn == "CUMSUM" else "HasExclusiveProduct": False}
                desc: Any = cls(InputTensor=pydml.buffer_desc("FLOAT32", sizes),
                                OutputTensor=pydml.buffer_desc("FLOAT32", sizes), Axis=axis,
                                AxisDirection="INCREASING", **exclusive)
                y = np.empty_like(x)
                ty = torch.from_numpy(y)
                scan = torch.cumsum if fn == "CUMSUM" else torch.cumprod

                def peer(a: Any = tx, b: Any = ty, d: int = axis, f: Any = scan) -> Any:
                    return f(a, d, out=b)
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

            t_run, t_peer = best_times([run, peer], repeat)
            stream.sample()
            moved = x.nbytes + y.nbytes
            rows.append((name, sizes, fn, moved / t_run, t_peer / t_run))

    bw = stream.best * 1e9
    print(f"streaming bandwidth (best of the run): {bw / 1e9:.1f} GB/s")
    columns = f"{'case':<12} {'shape':<14} {'op':<8} {'share of bw':>12} {'vs torch':>9}"
    print(columns)
    print("-" * len(columns))
    for name, sizes, fn, rate, ratio in rows:
        shape = "x".join(map(str, sizes))
        print(f"{name:<12} {shape:<14} {fn:<8} {rate / bw:11.0%} {ratio:9.2f}")


if __name__ == "__main__":
    main()
