"""Normalization and top-k kernels (native/families/normalization.c, native/families/top_k.c) vs PyTorch CPU, measured
in the same run.

    python benchmarks/bench_normalization.py [--quick] [--threads 2] [--only NAME]

Cases (float32):
  batch_norm  BATCH_NORMALIZATION, per-channel parameters, [8, 64, 112, 112]   (F.batch_norm, eval)
  layer_norm  MEAN_VARIANCE_NORMALIZATION1 Axes {2}, Scale/Bias [1, 1, 768], [8, 512, 768]
              (F.layer_norm)
  instance_norm  MEAN_VARIANCE_NORMALIZATION1 Axes {2, 3}, Scale/Bias [1, 64, 1, 1], [8, 64, 56, 56]
              (F.instance_norm)
  mvn_cross   MEAN_VARIANCE_NORMALIZATION (CrossChannel: Axes {1, 2, 3}), [1, 64, 112, 112]: one group
              split across the threads (F.group_norm with 1 group)
  lrn         LOCAL_RESPONSE_NORMALIZATION across channels, LocalSize 5, [8, 64, 56, 56]
              (F.local_response_norm)
  lp_norm     LP_NORMALIZATION P 2 on the last axis, [512, 4096]               (F.normalize)
  top_k       TOP_K1 K 10 of 32 000 on the last axis, [64, 32000]             (torch.topk)

Per case it prints the speedup of pydml over torch (torch time / pydml time: > 1 means pydml is
faster). pydml writes into preallocated outputs; torch allocates its result (its usual call). The
machine is shared: contenders are timed interleaved, best of N each; claims come from the ratios
only, never from absolute times.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib


def t(sizes: Sequence[int], dtype: str = "FLOAT32") -> Any:
    return pydml.buffer_desc(dtype, list(sizes))


def cases(rng: np.random.Generator) -> dict[str, tuple[Any, dict[str, np.ndarray], dict[str, np.ndarray],
                                                        Callable[[], Any]]]:
    import torch
    import torch.nn.functional as F

    out: dict[str, Any] = {}
    # batch norm
    n, c, h, w = 8, 64, 112, 112
    x = rng.standard_normal((n, c, h, w), dtype=np.float32)
    m, s, b = (rng.standard_normal((1, c, 1, 1), dtype=np.float32) for _ in range(3))
    v = rng.uniform(0.5, 2, (1, c, 1, 1)).astype(np.float32)
    p = [1, c, 1, 1]
    desc = pydml.DML_BATCH_NORMALIZATION_OPERATOR_DESC(
        InputTensor=t([n, c, h, w]), MeanTensor=t(p), VarianceTensor=t(p), ScaleTensor=t(p), BiasTensor=t(p),
        OutputTensor=t([n, c, h, w]), Spatial=True, Epsilon=1e-5)
    tx, tm, tv, ts, tb = (torch.from_numpy(a.reshape(-1) if a.ndim == 4 and a.shape[0] == 1 else a)
                          for a in (x, m, v, s, b))
    out["batch_norm"] = (desc, {"InputTensor": x, "MeanTensor": m, "VarianceTensor": v, "ScaleTensor": s,
                                "BiasTensor": b}, {"OutputTensor": np.empty_like(x)},
                         lambda: F.batch_norm(tx, tm, tv, ts, tb, training=False, eps=1e-5))
    # layer norm
    sizes = [8, 512, 768]
    x2 = rng.standard_normal(sizes, dtype=np.float32)
    g2, b2 = (rng.standard_normal((1, 1, 768), dtype=np.float32) for _ in range(2))
    desc = pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
        InputTensor=t(sizes), ScaleTensor=t([1, 1, 768]), BiasTensor=t([1, 1, 768]), OutputTensor=t(sizes),
        Axes=[2], NormalizeVariance=True, Epsilon=1e-5)
    tx2, tg2, tb2 = torch.from_numpy(x2), torch.from_numpy(g2.ravel()), torch.from_numpy(b2.ravel())
    out["layer_norm"] = (desc, {"InputTensor": x2, "ScaleTensor": g2, "BiasTensor": b2},
                         {"OutputTensor": np.empty_like(x2)},
                         lambda: F.layer_norm(tx2, (768,), tg2, tb2, 1e-5))
    # instance norm
    sizes = [8, 64, 56, 56]
    xi = rng.standard_normal(sizes, dtype=np.float32)
    gi, bi = (rng.standard_normal((1, 64, 1, 1), dtype=np.float32) for _ in range(2))
    desc = pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
        InputTensor=t(sizes), ScaleTensor=t([1, 64, 1, 1]), BiasTensor=t([1, 64, 1, 1]),
        OutputTensor=t(sizes),
        Axes=[2, 3], NormalizeVariance=True, Epsilon=1e-5)
    txi, tgi, tbi = torch.from_numpy(xi), torch.from_numpy(gi.ravel()), torch.from_numpy(bi.ravel())
    out["instance_norm"] = (desc, {"InputTensor": xi, "ScaleTensor": gi, "BiasTensor": bi},
                            {"OutputTensor": np.empty_like(xi)},
                            lambda: F.instance_norm(txi, weight=tgi, bias=tbi, eps=1e-5))
    # MVN across channels of one image: a single long group
    sizes = [1, 64, 112, 112]
    xc = rng.standard_normal(sizes, dtype=np.float32)
    desc = pydml.DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC(
        InputTensor=t(sizes), ScaleTensor=None, BiasTensor=None, OutputTensor=t(sizes), CrossChannel=True,
        NormalizeVariance=True, Epsilon=1e-5)
    txc = torch.from_numpy(xc)
    out["mvn_cross"] = (desc, {"InputTensor": xc}, {"OutputTensor": np.empty_like(xc)},
                        lambda: F.group_norm(txc, 1, eps=1e-5))
    # LRN
    sizes = [8, 64, 56, 56]
    x3 = rng.standard_normal(sizes, dtype=np.float32)
    desc = pydml.DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC(
        InputTensor=t(sizes), OutputTensor=t(sizes), CrossChannel=True, LocalSize=5, Alpha=1e-4, Beta=0.75,
        Bias=1.0)
    tx3 = torch.from_numpy(x3)
    out["lrn"] = (desc, {"InputTensor": x3}, {"OutputTensor": np.empty_like(x3)},
                  lambda: F.local_response_norm(tx3, 5, 1e-4, 0.75, 1.0))
    # LP
    sizes = [512, 4096]
    x4 = rng.standard_normal(sizes, dtype=np.float32)
    desc = pydml.DML_LP_NORMALIZATION_OPERATOR_DESC(InputTensor=t(sizes), OutputTensor=t(sizes), Axis=1,
                                                    Epsilon=1e-12, P=2)
    tx4 = torch.from_numpy(x4)
    out["lp_norm"] = (desc, {"InputTensor": x4}, {"OutputTensor": np.empty_like(x4)},
                      lambda: F.normalize(tx4, p=2.0, dim=1))
    # top-k
    sizes = [64, 32000]
    x5 = rng.standard_normal(sizes, dtype=np.float32)
    desc = pydml.DML_TOP_K1_OPERATOR_DESC(
        InputTensor=t(sizes), OutputValueTensor=t([64, 10]), OutputIndexTensor=t([64, 10], "UINT32"),
        Axis=1, K=10, AxisDirection=pydml.DML_AXIS_DIRECTION_DECREASING)
    tx5 = torch.from_numpy(x5)
    out["top_k"] = (desc, {"InputTensor": x5}, {"OutputValueTensor": np.empty((64, 10), np.float32),
                                                "OutputIndexTensor": np.empty((64, 10), np.uint32)},
                    lambda: torch.topk(tx5, 10, dim=1))
    # ROI_ALIGN1 (Mask R-CNN head: half_pixel, 2x2 samples per output, average); the peer samples the
    # same points with grid_sample (zero padding) and averages them with avg_pool2d
    c6, h6, w6, r6, oh6 = 256, 50, 50, 128, 7
    x6 = rng.standard_normal((1, c6, h6, w6), dtype=np.float32)
    p6 = rng.uniform(0, 40, (r6, 2))
    rois6 = np.concatenate([p6, p6 + rng.uniform(4, 20, (r6, 2))], axis=1).astype(np.float32)
    bi6 = np.zeros(r6, np.uint32)
    desc = pydml.DML_ROI_ALIGN1_OPERATOR_DESC(
        InputTensor=t([1, c6, h6, w6]), ROITensor=t([r6, 4]), BatchIndicesTensor=t([r6], "UINT32"),
        OutputTensor=t([r6, c6, oh6, oh6]), ReductionFunction=pydml.DML_REDUCE_FUNCTION_AVERAGE,
        InterpolationMode=pydml.DML_INTERPOLATION_MODE_LINEAR, SpatialScaleX=1.0, SpatialScaleY=1.0,
        InputPixelOffset=0.5, OutputPixelOffset=-0.5, OutOfBoundsInputValue=0.0, MinimumSamplesPerOutput=2,
        MaximumSamplesPerOutput=2, AlignRegionsToCorners=False)
    k6 = (np.arange(2 * oh6) + 0.5) / (2 * oh6)
    gx6 = rois6[:, None, 0] - 0.5 + k6[None] * (rois6[:, None, 2] - rois6[:, None, 0])  # [r, 2*oh] pixels
    gy6 = rois6[:, None, 1] - 0.5 + k6[None] * (rois6[:, None, 3] - rois6[:, None, 1])
    grid6 = np.stack(np.broadcast_arrays(((gx6 + 0.5) / w6 * 2 - 1)[:, None, :],
                                         ((gy6 + 0.5) / h6 * 2 - 1)[:, :, None]), axis=-1)
    tg6 = torch.from_numpy(grid6.reshape(1, r6 * 2 * oh6, 2 * oh6, 2).astype(np.float32))
    tx6 = torch.from_numpy(x6)
    out["roi_align"] = (desc, {"InputTensor": x6, "ROITensor": rois6, "BatchIndicesTensor": bi6},
                        {"OutputTensor": np.empty((r6, c6, oh6, oh6), np.float32)},
                        lambda: F.avg_pool2d(F.grid_sample(tx6, tg6, align_corners=False), 2))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 15
    header(args.threads)
    device = pydml.Device()
    rng = np.random.default_rng(0)
    rows = []
    for name, (desc, inputs, outputs, peer) in cases(rng).items():
        if args.only and name != args.only:
            continue
        op = device.create_operator(desc)

        def run(o: Any = op, i: dict[str, np.ndarray] = inputs, r: dict[str, np.ndarray] = outputs) -> None:
            o.execute(i, r)

        times = best_times([run, peer], repeat)
        rows.append((name, times))
    print(f"{'case':<14} {'pydml ms':>10} {'torch ms':>10} {'speedup':>9}")
    for name, (mine, theirs) in rows:
        print(f"{name:<14} {mine * 1e3:10.3f} {theirs * 1e3:10.3f} {theirs / mine:9.2f}")


if __name__ == "__main__":
    main()
