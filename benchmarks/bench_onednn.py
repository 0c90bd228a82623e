"""Benchmark of the oneDNN Graph front end (pydml.frontends.onednn) against PyTorch channels-last, in one run.

Cases (NXC data, as oneDNN Graph's default data_format):
  * InterpolateBackward bilinear, 2x up (src 8x128x128x64, diff_dst 8x256x256x64), f32 and bf16,
    vs torch.ops.aten.upsample_bilinear2d_backward on channels_last tensors;
  * ConvolutionBackwardData 3x3 stride 1 pad 1, N8 C64->64 56x56, NXC/XIO, f32 and bf16, vs
    torch.nn.grad.conv2d_input on channels_last tensors.
Also printed: the streaming rate of a numpy copy of the same bytes (the interpolate cases are
bandwidth-bound) measured in the same run, and the time the front end adds over calling the
kernel plan directly (attribute checks, shape inference, lowering: no tensor copies).

Patterns (``--patterns``): oneDNN pattern files (tests/data/onednn_patterns/) lowered onto one DML
graph (pydml.frontends.onednn_graph); per file, the graph's execute time against the sum of its
nodes' own times (each node's operator executed alone on the same sizes), in one run — issue 24's
"at most 1.5x the sum of its kernels' own times".

Usage: PYTHONPATH=. python benchmarks/bench_onednn.py [--threads 2] [--repeat 7] [--patterns]
"""

# ruff: noqa: B023  (each lambda is timed inside its own loop iteration)
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np
from _timing import header

from pydml.frontends import onednn as dnn
from pydml.native import lib


def best(fn: Callable[[], Any], repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times) if len(times) < 3 else statistics.median(sorted(times)[: max(3, repeat // 2)])


PATTERNS = ["f32/conv_bias_post_ops_fusion.json", "f32/conv_depthwise_fusion_cpu.json",
            "f32/matmul_bias_post_ops_chain_fusion.json", "int8/int8_depthwise_conv_fusion.json",
            "bf16/bf16_matmul_post_ops_chain_fusion.json", "f32/softmax_post_ops_binary_fusion.json"]


def bench_patterns(repeat: int) -> None:
    import json
    from pathlib import Path

    from pydml.device import _reach_bytes
    from pydml.frontends.onednn_graph import fill_inputs, lower_graph

    corpus = Path(__file__).resolve().parent.parent / "tests" / "data" / "onednn_patterns"
    print("pattern graphs: ratio = graph execute / sum of its nodes executed alone")
    for name in PATTERNS:
        lowered = lower_graph(json.loads((corpus / name).read_text()))
        inputs = fill_inputs(lowered)
        t_graph = best(lambda: lowered.execute(inputs), repeat)
        t_nodes = 0.0
        for op in lowered.operators:
            if op is None:
                continue
            raw = {n: np.zeros(max(1, _reach_bytes(op._bound[n][1])), np.uint8) for n in op._inputs}
            outs = {n: np.zeros(max(1, _reach_bytes(op._bound[n][1])), np.uint8) for n in op._outputs}
            t_nodes += best(lambda: op.execute(raw, outs), repeat)
        print(f"  {name:48s} {len(lowered.node_kinds):2d} nodes  graph {1e3 * t_graph:8.3f} ms  "
              f"nodes {1e3 * t_nodes:8.3f} ms  ratio {t_graph / t_nodes:5.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--patterns", action="store_true", help="only the multi-op pattern graphs")
    args = ap.parse_args()
    if args.patterns:
        bench_patterns(args.repeat)
        return
    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    header(args.threads)
    rng = np.random.default_rng(0)
    rows: list[tuple[str, float, float, str]] = []

    # -- InterpolateBackward bilinear 2x up -------------------------------------------------------
    n, c, h, w = 8, 64, 128, 128
    for dt, _tdt in (
        (np.dtype(np.float32), torch.float32),
        (np.dtype(ml_dtypes.bfloat16), torch.bfloat16),
    ):
        g = rng.standard_normal((n, 2 * h, 2 * w, c), dtype=np.float32).astype(dt)
        src = np.empty((n, h, w, c), dt)

        def ours(g: np.ndarray = g, src: np.ndarray = src) -> Any:
            return dnn.interpolate_backward(src, g, mode="bilinear", sizes=[2 * h, 2 * w])

        gt = torch.from_numpy(g.view(np.uint16) if dt != np.float32 else g)
        gt = gt.view(torch.bfloat16) if dt != np.float32 else gt
        gt = gt.permute(0, 3, 1, 2)  # NCHW logical, channels_last memory

        def theirs(gt: Any = gt) -> Any:
            return torch.ops.aten.upsample_bilinear2d_backward(
                gt, [2 * h, 2 * w], [n, c, h, w], False
            )

        assert gt.is_contiguous(memory_format=torch.channels_last)
        t_ours, t_torch = best(ours, args.repeat), best(theirs, args.repeat)
        nbytes = g.nbytes + src.nbytes
        buf = np.empty(nbytes, np.uint8)
        srcb = np.ones(nbytes, np.uint8)
        t_copy = best(lambda: np.copyto(buf, srcb), args.repeat)
        got = ours().astype(np.float32)
        ref = theirs().float().permute(0, 2, 3, 1).numpy()
        err = float(np.max(np.abs(got - ref)))
        rows.append(
            (
                f"InterpolateBackward bilinear 2x {dt} NXC",
                t_ours,
                t_torch,
                f"{nbytes / t_ours / 1e9:.1f} GB/s = {100 * t_copy / t_ours:.0f}% of copy; "
                f"max|diff| {err:.2g}",
            )
        )
        # the same problem in NCX (dense NCHW on both sides), to separate layout from front end
        g_ncx = np.ascontiguousarray(g.transpose(0, 3, 1, 2))
        src_ncx = np.empty((n, c, h, w), dt)
        gt_ncx = gt.contiguous()
        t_o2 = best(
            lambda: dnn.interpolate_backward(
                src_ncx, g_ncx, mode="bilinear", sizes=[2 * h, 2 * w], data_format="NCX"
            ),
            args.repeat,
        )
        t_t2 = best(
            lambda: torch.ops.aten.upsample_bilinear2d_backward(
                gt_ncx, [2 * h, 2 * w], [n, c, h, w], False
            ),
            args.repeat,
        )
        rows.append(
            (
                f"InterpolateBackward bilinear 2x {dt} NCX",
                t_o2,
                t_t2,
                f"{nbytes / t_o2 / 1e9:.1f} GB/s = {100 * t_copy / t_o2:.0f}% of copy",
            )
        )

    # -- ConvolutionBackwardData 3x3 ------------------------------------------------------------
    n, c, hw = 8, 64, 56
    attrs = dict(
        strides=[1, 1],
        pads_begin=[1, 1],
        pads_end=[1, 1],
        dilations=[1, 1],
        dst_shape=[n, hw, hw, c],
    )
    for dt, tdt in (
        (np.dtype(np.float32), torch.float32),
        (np.dtype(ml_dtypes.bfloat16), torch.bfloat16),
    ):
        gd = rng.standard_normal((n, hw, hw, c), dtype=np.float32).astype(dt)
        wx = rng.standard_normal((3, 3, c, c), dtype=np.float32).astype(dt)  # XIO

        def ours_c(gd: np.ndarray = gd, wx: np.ndarray = wx) -> Any:
            return dnn.convolution_backward_data(gd, wx, **attrs)

        gt = torch.from_numpy(gd.astype(np.float32)).to(tdt).permute(0, 3, 1, 2)
        wt = torch.from_numpy(wx.astype(np.float32)).to(tdt).permute(3, 2, 0, 1)  # OIHW logical
        wt = wt.contiguous(memory_format=torch.channels_last)

        def theirs_c(gt: Any = gt, wt: Any = wt) -> Any:
            return torch.nn.grad.conv2d_input([n, c, hw, hw], wt, gt, stride=1, padding=1)

        t_ours, t_torch = best(ours_c, args.repeat), best(theirs_c, args.repeat)
        flops = 2.0 * n * hw * hw * c * c * 9
        got = ours_c().astype(np.float32)
        ref = theirs_c().float().permute(0, 2, 3, 1).numpy()
        rel = float(np.max(np.abs(got - ref)) / np.max(np.abs(ref)))
        rows.append(
            (
                f"ConvolutionBackwardData 3x3 {dt} NXC/XIO",
                t_ours,
                t_torch,
                f"{flops / t_ours / 1e9:.0f} GFLOP/s (torch {flops / t_torch / 1e9:.0f}); "
                f"max rel diff {rel:.2g}",
            )
        )
        gd_ncx = np.ascontiguousarray(gd.transpose(0, 3, 1, 2))
        w_oix = np.ascontiguousarray(wx.transpose(3, 2, 0, 1))
        a_ncx = {**attrs, "dst_shape": [n, c, hw, hw]}
        t_o2 = best(
            lambda: dnn.convolution_backward_data(
                gd_ncx, w_oix, data_format="NCX", weights_format="OIX", **a_ncx
            ),
            args.repeat,
        )
        gt2, wt2 = gt.contiguous(), wt.contiguous()
        t_t2 = best(
            lambda: torch.nn.grad.conv2d_input([n, c, hw, hw], wt2, gt2, stride=1, padding=1),
            args.repeat,
        )
        rows.append(
            (
                f"ConvolutionBackwardData 3x3 {dt} NCX/OIX",
                t_o2,
                t_t2,
                f"{flops / t_o2 / 1e9:.0f} GFLOP/s (torch {flops / t_t2 / 1e9:.0f})",
            )
        )

    # -- front-end overhead on a tiny problem ---------------------------------------------------
    tiny = np.ones((1, 4, 4, 8), np.float32)
    t_front = best(
        lambda: dnn.interpolate_backward(
            tiny, np.ones((1, 8, 8, 8), np.float32), mode="linear", sizes=[8, 8]
        ),
        50,
    )

    print(f"threads {args.threads}; torch {torch.__version__}; ratio = torch time / pydml time")
    for name, t_ours, t_torch, extra in rows:
        print(
            f"{name:48s} pydml {1e3 * t_ours:8.2f} ms  torch {1e3 * t_torch:8.2f} ms  "
            f"ratio {t_torch / t_ours:5.2f}x  {extra}"
        )
    print(
        f"front-end call overhead (tiny InterpolateBackward, plan + checks): {1e6 * t_front:.0f} us"
    )


if __name__ == "__main__":
    main()
