"""Pooling gradients (native/families/pooling.c) against the streaming bandwidth of the same run, and torch's
backward for reference.

    python benchmarks/bench_training_gradients.py [--quick] [--threads 2]

Cases (float32, NCHW, ResNet-like):
  MAX_POOLING_GRAD      N8 C64 112x112, 3x3 window, stride 2, padding 1: reads InputTensor and
                        InputGradientTensor, writes OutputGradientTensor (and 2x2 / 2, no padding)
  AVERAGE_POOLING_GRAD  N8 C64 112x112 -> 56x56, 2x2 window, stride 2 (and 3x3 / 2 / padding 1):
                        reads InputGradientTensor, writes OutputGradientTensor
Bytes per OutputGradientTensor element: 9 for MAX_POOLING_GRAD (InputTensor 4, InputGradientTensor 1,
OutputGradientTensor 4), 5 for AVERAGE_POOLING_GRAD (InputGradientTensor 1, OutputGradientTensor 4);
the kernels' scratch (MAX_POOLING_GRAD's rings of row maxima and window codes with their gradient
rows, AVERAGE_POOLING_GRAD's spread rows) stays in the per-thread caches: X and dY are read once
and dX is written once (pooling.c: mg3_slice, mg2_slice for 2x2, ag2_slice, ag3_rows_c).
With a 32 MiB last-level cache X and dY (32 MB) partly stay cached from one call to the next (dX is
streamed past it): the fraction can then pass 1 on such hosts.
For each: the bytes its tensors hold (inputs read + output written once) per second, as a share
of the streaming copy bandwidth (bytes read + written per second, _timing.StreamingBandwidth) timed
interleaved with the case's own calls ("copy alongside": the share the 70 % target is read against)
and, for scale, of the best copy of the whole run; and torch time / pydml time of the same gradient (torch's
max_pool2d_with_indices_backward with the indices computed beforehand, which pydml recomputes;
avg_pool2d_backward). Contenders are timed interleaved, best of N; claims are ratios only (the
machine is shared).
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

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 15
    stream = header(args.threads)  # CPU model, ISA path, 2-thread copy bandwidth (issue 25)
    rng = np.random.default_rng(0)
    device = pydml.Device()
    t = pydml.buffer_desc

    x = rng.standard_normal((8, 64, 112, 112), dtype=np.float32)
    dx = np.empty_like(x)
    gm = rng.standard_normal((8, 64, 56, 56), dtype=np.float32)
    common = {"Strides": [2, 2], "WindowSize": [3, 3], "StartPadding": [1, 1], "EndPadding": [1, 1]}
    mg = device.create_operator(pydml.DML_MAX_POOLING_GRAD_OPERATOR_DESC(
        InputTensor=t("FLOAT32", list(x.shape)), InputGradientTensor=t("FLOAT32", list(gm.shape)),
        OutputGradientTensor=t("FLOAT32", list(x.shape)), Dilations=[1, 1], **common))
    mg2 = device.create_operator(pydml.DML_MAX_POOLING_GRAD_OPERATOR_DESC(
        InputTensor=t("FLOAT32", list(x.shape)), InputGradientTensor=t("FLOAT32", list(gm.shape)),
        OutputGradientTensor=t("FLOAT32", list(x.shape)), Dilations=[1, 1], Strides=[2, 2], WindowSize=[2, 2],
        StartPadding=[0, 0], EndPadding=[0, 0]))
    ag2 = device.create_operator(pydml.DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC(
        InputGradientTensor=t("FLOAT32", list(gm.shape)), OutputGradientTensor=t("FLOAT32", list(x.shape)),
        Strides=[2, 2], WindowSize=[2, 2], StartPadding=[0, 0], EndPadding=[0, 0], IncludePadding=False))
    ag3 = device.create_operator(pydml.DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC(
        InputGradientTensor=t("FLOAT32", list(gm.shape)), OutputGradientTensor=t("FLOAT32", list(x.shape)),
        IncludePadding=False, **common))

    tx, tg, tdx = torch.from_numpy(x), torch.from_numpy(gm), torch.from_numpy(dx)
    _, indices = torch.nn.functional.max_pool2d(tx, 3, 2, 1, return_indices=True)
    _, indices2 = torch.nn.functional.max_pool2d(tx, 2, 2, 0, return_indices=True)
    aten = torch.ops.aten
    grad_bytes = gm.nbytes + dx.nbytes
    cases = [
        ("max grad 3x3/2 112^2", x.nbytes + grad_bytes,
         lambda: mg.execute({"InputTensor": x, "InputGradientTensor": gm}, {"OutputGradientTensor": dx}),
         lambda: aten.max_pool2d_with_indices_backward(tg, tx, [3, 3], [2, 2], [1, 1], [1, 1], False,
                                                        indices)),
        ("max grad 2x2/2 112^2", x.nbytes + grad_bytes,
         lambda: mg2.execute({"InputTensor": x, "InputGradientTensor": gm}, {"OutputGradientTensor": dx}),
         lambda: aten.max_pool2d_with_indices_backward(tg, tx, [2, 2], [2, 2], [0, 0], [1, 1], False,
                                                        indices2)),
        ("avg grad 2x2/2 112^2", grad_bytes,
         lambda: ag2.execute({"InputGradientTensor": gm}, {"OutputGradientTensor": dx}),
         lambda: aten.avg_pool2d_backward(tg, tx, [2, 2], [2, 2], [0, 0], False, False, None)),
        ("avg grad 3x3/2 112^2", grad_bytes,
         lambda: ag3.execute({"InputGradientTensor": gm}, {"OutputGradientTensor": dx}),
         lambda: aten.avg_pool2d_backward(tg, tx, [3, 3], [2, 2], [1, 1], False, False, None)),
    ]
    del tdx
    print(f"{'case':<22} {'pydml ms':>9} {'torch ms':>9} {'torch/pydml':>11} {'GB/s':>7}"
          f" {'% of copy alongside':>20} {'% of best copy':>15}")
    rows = []
    for name, nbytes, ours, theirs in cases:
        # the copy timed alongside, interleaved with the case's own calls (as bench_training.py):
        # on a shared host the bandwidth moves by 1.5x within a run, and the run's best copy may
        # come from a moment the case never saw
        a, b, *copies = best_times([ours, theirs, *stream.fns], repeat)
        alongside = 2 * stream.a.nbytes / min(copies) / 1e9
        stream.best = max(stream.best, alongside)
        rows.append((name, a, b, nbytes / a / 1e9, alongside))
    for name, a, b, rate, alongside in rows:
        print(f"{name:<22} {a * 1e3:9.3f} {b * 1e3:9.3f} {b / a:11.2f} {rate:7.2f}"
              f" {100 * rate / alongside:19.0f}% {100 * rate / stream.best:14.0f}%"
              f"   (copy alongside {alongside:.1f} GB/s)")
    print(f"streaming copy (best of the run): {stream.best:.2f} GB/s")

if __name__ == "__main__":
    main()
