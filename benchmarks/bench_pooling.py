"""Pooling kernels (native/families/pooling.c) vs PyTorch CPU, measured in the same run.

    python benchmarks/bench_pooling.py [--quick] [--threads 2]

Cases (float32, NCHW, ResNet-like):
  max pool   N8 C64 112x112, 3x3 window, stride 2, padding 1 (MAX_POOLING; torch.nn.functional.max_pool2d)
  max pool + indices (MAX_POOLING1 with OutputIndicesTensor; max_pool2d(return_indices=True))
  global avg N8 C64 56x56 -> 1x1 (AVERAGE_POOLING over the whole plane; avg_pool2d(x, 56))
Prints torch time / pydml time (> 1: pydml is faster). Contenders are timed interleaved, best of N;
claims are made from the ratios only.
"""

from __future__ import annotations

import argparse

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    import torch
    import torch.nn.functional as F

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 20
    header(args.threads)
    rng = np.random.default_rng(0)
    device = pydml.Device()
    t = pydml.buffer_desc

    x = rng.standard_normal((8, 64, 112, 112), dtype=np.float32)
    y = np.empty((8, 64, 56, 56), np.float32)
    yi = np.empty((8, 64, 56, 56), np.uint32)
    common = {"Strides": [2, 2], "WindowSize": [3, 3], "StartPadding": [1, 1], "EndPadding": [1, 1]}
    mp = device.create_operator(pydml.DML_MAX_POOLING_OPERATOR_DESC(
        InputTensor=t("FLOAT32", list(x.shape)), OutputTensor=t("FLOAT32", list(y.shape)), **common))
    indices_desc = pydml.DML_MAX_POOLING1_OPERATOR_DESC(
        InputTensor=t("FLOAT32", list(x.shape)), OutputTensor=t("FLOAT32", list(y.shape)),
        OutputIndicesTensor=t("UINT32", list(y.shape)), **common)
    try:
        mpi = device.create_operator(indices_desc)
    except pydml.UnsupportedError as e:  # pooling.c's PYDML_POOLING_MAX_WITH_INDICES is off
        print(f"max+indices not run: {e}")
        mpi = None
    g = rng.standard_normal((8, 64, 56, 56), dtype=np.float32)
    gy = np.empty((8, 64, 1, 1), np.float32)
    gap = device.create_operator(pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=t("FLOAT32", list(g.shape)), OutputTensor=t("FLOAT32", list(gy.shape)), Strides=[1, 1],
        WindowSize=[56, 56], StartPadding=[0, 0], EndPadding=[0, 0], IncludePadding=False))
    tx, tg = torch.from_numpy(x), torch.from_numpy(g)

    cases = [
        ("max 3x3/2 112^2", lambda: mp.execute({"InputTensor": x}, {"OutputTensor": y}),
         lambda: F.max_pool2d(tx, 3, 2, 1)),
        ("max+indices",
         lambda: mpi.execute({"InputTensor": x}, {"OutputTensor": y, "OutputIndicesTensor": yi}),
         lambda: F.max_pool2d(tx, 3, 2, 1, return_indices=True)),
        ("global avg 56^2", lambda: gap.execute({"InputTensor": g}, {"OutputTensor": gy}),
         lambda: F.avg_pool2d(tg, 56)),
    ]
    if mpi is None:
        cases = [c for c in cases if c[0] != "max+indices"]
    print(f"{'case':<18} {'pydml ms':>9} {'torch ms':>9} {'speedup':>8}")
    for name, ours, theirs in cases:
        a, b = best_times([ours, theirs], repeat)
        print(f"{name:<18} {a * 1e3:9.3f} {b * 1e3:9.3f} {b / a:8.2f}")


if __name__ == "__main__":
    main()
