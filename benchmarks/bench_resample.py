"""Resample kernels vs PyTorch CPU and vs the streaming bandwidth, measured in the same run.

    python benchmarks/bench_resample.py [--quick] [--threads 2] [--only 1.5x]

Cases (NCHW, N=8, C=64): 2x upsample 128^2 -> 256^2, 0.5x downscale 256^2 -> 128^2, 1.5x
upsample 128^2 -> 192^2; nearest and linear; forward and gradient; float32 and float16.
Peers: torch 'nearest' (= pydml FLOOR, offsets 0/0, and aten.upsample_nearest2d_backward),
torch 'nearest-exact' for the 2x gradient (FLOOR, offsets 0/-0.5), torch 'bilinear' with
align_corners=False (= LINEAR, offsets 0.5/-0.5, aten.upsample_bilinear2d_backward).

Per case it prints the speedup over torch (torch time / pydml time), the GB/s pydml moves
(bytes read once + bytes written once) and that as a percentage of the streaming bandwidth
(_timing.StreamingBandwidth on the benchmark's threads: the best of a one-thread numpy copy, a
numpy copy split over the threads and torch's copy, 256 MiB; issue 25: a one-thread copy
under-states a 2-thread machine): '% along' of the copy timed alongside the case (interleaved
with its calls), '% best' of the best copy of the whole run.
The machine is shared: pydml and torch are timed interleaved, best of N each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from _timing import best_times, header

# the C plan API's wrapper lives with the tests that check it (tests/kernel_plan_resample.py)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from kernel_plan_resample import LINEAR, NEAREST_NEIGHBOR, ROUND_FLOOR, ResamplePlan

from pydml.native import lib, view_array


@dataclass(frozen=True)
class Case:
    name: str
    size_in: int
    size_out: int
    mode: str  # "nearest", "nearest-exact", "linear"
    backward: bool


def make_plan(c: Case, n: int, ch: int) -> ResamplePlan:
    s = c.size_out / c.size_in
    if c.mode == "linear":
        interp, a, b = LINEAR, 0.5, -0.5
    else:
        interp, a, b = NEAREST_NEIGHBOR, 0.0, (-0.5 if c.mode == "nearest-exact" else 0.0)
    return ResamplePlan(
        [n, ch, c.size_in, c.size_in],
        [n, ch, c.size_out, c.size_out],
        [1, 1, s, s],
        [0.5, 0.5, a, a],
        [-0.5, -0.5, b, b],
        interp,
        ROUND_FLOOR,
    )


def torch_fn(torch: Any, c: Case, x: Any, g: Any) -> Callable[[], Any]:
    out_hw = [c.size_out, c.size_out]
    in_shape = list(x.shape)
    aten = torch.ops.aten
    if c.backward:
        if c.mode == "nearest":
            return lambda: aten.upsample_nearest2d_backward(g, out_hw, in_shape)
        if c.mode == "nearest-exact":
            return lambda: aten._upsample_nearest_exact2d_backward(g, out_hw, in_shape)
        return lambda: aten.upsample_bilinear2d_backward(g, out_hw, in_shape, False)
    if c.mode == "linear":
        return lambda: torch.nn.functional.interpolate(
            x, size=out_hw, mode="bilinear", align_corners=False
        )
    return lambda: torch.nn.functional.interpolate(x, size=out_hw, mode=c.mode)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, float32 only")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--only", default="", help="run the cases whose name contains this (e.g. '1.5x')"
    )
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 3 if args.quick else 7
    n, ch = 8, 64

    bw = header(args.threads)

    cases = []
    for size_in, size_out, label in (
        (128, 256, "2x up"),
        (256, 128, "0.5x down"),
        (128, 192, "1.5x up"),
    ):
        if args.only not in label:
            continue
        for mode in ("nearest", "linear"):
            for backward in (False, True):
                cases.append(Case(label, size_in, size_out, mode, backward))
        if label == "2x up":
            cases.append(Case(label, size_in, size_out, "nearest-exact", True))
    dtypes = [np.float32] if args.quick else [np.float32, np.float16]

    columns = (
        f"{'case':<10} {'mode':<14} {'dir':<4} {'dtype':<7} {'pydml ms':>9} {'torch ms':>9} "
        f"{'speedup':>8} {'GB/s':>6} {'% along':>7} {'% best':>6} {'Gelem/s':>8}"
    )
    rng = np.random.default_rng(0)
    rows = []
    for c in cases:
        for dtype in dtypes:
            plan = make_plan(c, n, ch)
            x = rng.standard_normal((n, ch, c.size_in, c.size_in), dtype=np.float32).astype(dtype)
            g = rng.standard_normal((n, ch, c.size_out, c.size_out), dtype=np.float32).astype(dtype)
            if c.backward:
                src, dst = g, np.empty_like(x)
            else:
                src, dst = x, np.empty_like(g)
            sv, dv = view_array(src), view_array(dst)

            def run(
                p: ResamplePlan = plan, s: Any = sv, d: Any = dv, bwd: bool = c.backward
            ) -> None:
                if bwd:
                    p.backward(s, d)
                else:
                    p.forward(s, d)

            peer = torch_fn(torch, c, torch.from_numpy(x), torch.from_numpy(g))
            # the copy timed alongside, interleaved with the case's own calls (as
            # bench_training.py): this host's bandwidth moves between 31 and 53 GB/s from minute
            # to minute, and the run's best copy may come from a moment a case never saw
            t_pydml, t_torch, *copy = best_times([run, peer, *bw.fns], repeat)
            alongside = 2 * bw.a.nbytes / min(copy) / 1e9
            bw.best = max(bw.best, alongside)
            rows.append(
                (c, np.dtype(dtype).name, t_pydml, t_torch, src.nbytes + dst.nbytes, dst.size, alongside)
            )

    print(f"best streaming bandwidth of the run: {bw.best:.1f} GB/s (the '% best' column uses it; "
          "'% along': the copy timed alongside the case)")
    print(columns)
    print("-" * len(columns))
    for c, dname, t_pydml, t_torch, moved, count, alongside in rows:
        gbs = moved / t_pydml / 1e9
        print(
            f"{c.name:<10} {c.mode:<14} {'bwd' if c.backward else 'fwd':<4} "
            f"{dname:<7} {t_pydml * 1e3:9.2f} {t_torch * 1e3:9.2f} "
            f"{t_torch / t_pydml:8.2f} {gbs:6.1f} {100 * gbs / alongside:7.0f} {100 * gbs / bw.best:6.0f} "
            f"{count / t_pydml / 1e9:8.2f}"
        )


if __name__ == "__main__":
    main()
