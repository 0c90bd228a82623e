"""Benchmark of the DML_CONVOLUTION kernel against PyTorch and the machine's FMA rate.

Every number is measured in this run: pydml and PyTorch (2 threads, NCHW tensors, bias) on the
same shapes, and an FMA-rate reference from numpy's float32 matmul (2048 x 2048, OpenBLAS sgemm: a
practical peak proxy, measured at the run's start and end). GFLOP/s counts
2 * multiply-adds of the direct convolution (the same count for both directions of a shape); GB/s
counts the bytes of the four tensors, read or written once, against numpy's copy bandwidth measured
in the same run (the roof of memory-bound cases such as depthwise). BACKWARD cases are the input
gradients of the FORWARD ones (torch: conv_transpose with the same weights).

pydml and PyTorch are timed in alternating blocks (3 rounds with --quick, 5 without) with short
pauses, so that neither library's spinning worker threads run into the other's measurement and
both see the same background load. The table gives the median call and the ratio of medians, the
ratio of the fastest calls, and GFLOP/s of pydml's fastest call. Other jobs on a shared machine
move single numbers by 10-30 %; run it twice.

With --resnet it measures instead each convolution of a ResNet-18 (batch 1 and 8, 224 x 224,
FLOAT32, NCHW) as pydml.onnx runs it: an operator whose filter is OWNED_BY_DML (packed once, at
initialize), with the fused RELU where the model has one, against torch's conv2d (+ relu) and the
in-run sgemm rate; "x flops" weights each shape by its share of the model's multiply-adds.

Usage: python benchmarks/bench_convolution.py [--quick] [--threads 2] [--only TEXT] [--f32] [--resnet]
"""

from __future__ import annotations

import os

from _blas_env import unset_openblas_tuning

# set, OpenBLAS's overrides slow numpy's sgemm, the in-run FMA reference (_blas_env)
unset_openblas_tuning()

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from _timing import header  # noqa: E402

# the C plan API's wrapper lives with the tests that check it (tests/kernel_plan_convolution.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from kernel_plan_convolution import (  # noqa: E402
    BACKWARD,
    CROSS_CORRELATION,
    FORWARD,
    ConvolutionPlan,
    convolution_output_sizes,
)

from pydml.native import (  # noqa: E402
    data_type_of,
    lib,
    view_array,
)


@dataclass(frozen=True)
class Case:
    name: str
    n: int
    cin: int  # forward input channels
    cout: int  # forward output channels
    spatial: tuple[int, ...]  # forward input spatial sizes
    k: int
    stride: int
    pad: int
    groups: int = 1


CASES = [
    Case("3x3 s1", 8, 64, 64, (56, 56), 3, 1, 1),
    Case("3x3 s2", 8, 64, 64, (56, 56), 3, 2, 1),
    Case("depthwise 3x3", 8, 64, 64, (56, 56), 3, 1, 1, groups=64),
    Case("depthwise 3x3 s2", 8, 64, 64, (56, 56), 3, 2, 1, groups=64),
    Case("1x1", 8, 64, 64, (56, 56), 1, 1, 0),
    Case("3-D 3x3x3", 8, 32, 32, (16, 28, 28), 3, 1, 1),
]


def run_block(fn: Callable[[], Any], min_time: float, min_calls: int) -> list[float]:
    """Per-call seconds of at least `min_calls` calls lasting at least `min_time` in total."""
    times: list[float] = []
    start = time.perf_counter()
    while len(times) < min_calls or time.perf_counter() - start < min_time:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        if len(times) >= 400:
            break
    return times


def compare(fns: Sequence[Callable[[], Any]], rounds: int, min_time: float) -> list[list[float]]:
    """Times each function in alternating blocks (rounds x functions), pausing between blocks so
    one library's spinning worker threads do not run into the other's measurement."""
    for fn in fns:
        fn()
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            times[i] += run_block(fn, min_time / rounds, 2)
            time.sleep(0.05)
    return times


def sgemm_peak(quick: bool) -> float:
    a = np.random.default_rng(0).standard_normal((2048, 2048), dtype=np.float32)
    b = a.T.copy()
    (times,) = compare([lambda: a @ b], 3, 0.6 if quick else 2.0)
    time.sleep(0.1)
    return 2 * 2048**3 / min(times) / 1e9


def copy_bandwidth(quick: bool) -> float:
    """GB/s of numpy copying 64 MiB (bytes read + written): the in-run memory reference."""
    a = np.ones(16 * 1024 * 1024, dtype=np.float32)
    b = np.empty_like(a)
    (times,) = compare([lambda: np.copyto(b, a)], 3, 0.3 if quick else 1.0)
    time.sleep(0.1)
    return 2 * a.nbytes / min(times) / 1e9


def timings(t_pydml: list[float], t_torch: list[float], macs: int) -> dict[str, float]:
    """Medians and fastest calls of both contenders (ms), and pydml's GFLOP/s at its fastest."""
    return {
        "pydml_ms": statistics.median(t_pydml) * 1e3,
        "torch_ms": statistics.median(t_torch) * 1e3,
        "pydml_best_ms": min(t_pydml) * 1e3,
        "torch_best_ms": min(t_torch) * 1e3,
        "gflops": 2 * macs / min(t_pydml) / 1e9,
    }


def run_case(case: Case, direction: int, dtype: Any, torch: Any, quick: bool) -> dict[str, float]:
    sp = len(case.spatial)
    rng = np.random.default_rng(1)
    fwd_out = convolution_output_sizes(
        direction=FORWARD,
        input_sizes=(case.n, case.cin, *case.spatial),
        filter_sizes=(case.cout, case.cin // case.groups) + (case.k,) * sp,
        strides=[case.stride] * sp,
        start_padding=[case.pad] * sp,
        end_padding=[case.pad] * sp,
    )
    if direction == FORWARD:
        x_shape = (case.n, case.cin, *case.spatial)
        w_shape = (case.cout, case.cin // case.groups) + (case.k,) * sp
        out_pad = [0] * sp
    else:  # the gradient of the forward case w.r.t. its input
        x_shape = tuple(fwd_out)
        w_shape = (case.cout, case.cin // case.groups) + (case.k,) * sp
        out_pad = [
            case.spatial[i] - ((fwd_out[2 + i] - 1) * case.stride + case.k - 2 * case.pad)
            for i in range(sp)
        ]
    geometry = {
        "strides": [case.stride] * sp,
        "dilations": [1] * sp,
        "start_padding": [case.pad] * sp,
        "end_padding": [case.pad] * sp,
        "output_padding": out_pad,
    }
    out_shape = convolution_output_sizes(
        direction=direction,
        input_sizes=x_shape,
        filter_sizes=w_shape,
        group_count=case.groups,
        **geometry,
    )
    x = rng.standard_normal(x_shape).astype(dtype)
    w = (rng.standard_normal(w_shape) * 0.1).astype(dtype)
    b = rng.standard_normal((1, out_shape[1]) + (1,) * sp).astype(dtype)
    y = np.empty(out_shape, dtype=dtype)
    plan = ConvolutionPlan(
        spatial_dims=sp,
        mode=CROSS_CORRELATION,
        direction=direction,
        group_count=case.groups,
        input_sizes=x_shape,
        filter_sizes=w_shape,
        output_sizes=out_shape,
        data_type=data_type_of(dtype),
        has_bias=True,
        **geometry,
    )
    views = (view_array(x), view_array(w), view_array(b), view_array(y))

    tx = torch.from_numpy(x.astype(np.float32)).to(getattr(torch, np.dtype(dtype).name))
    tw = torch.from_numpy(w.astype(np.float32)).to(tx.dtype)
    tb = torch.from_numpy(b.reshape(-1).astype(np.float32)).to(tx.dtype)
    F = torch.nn.functional
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[sp]
    convt = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}[sp]
    if direction == FORWARD:

        def torch_fn() -> Any:
            return conv(tx, tw, tb, stride=case.stride, padding=case.pad, groups=case.groups)
    else:

        def torch_fn() -> Any:
            return convt(
                tx,
                tw,
                tb,
                stride=case.stride,
                padding=case.pad,
                output_padding=out_pad,
                groups=case.groups,
            )

    with torch.no_grad():
        ref = torch_fn().float().numpy()
        t_pydml, t_torch = compare(
            [lambda: plan.execute(*views), torch_fn], 3 if quick else 5, 1.0 if quick else 3.0
        )
    tol = 1e-3 if dtype == np.float32 else 5e-2
    err = float(np.max(np.abs(y.astype(np.float32) - ref)) / (np.max(np.abs(ref)) + 1e-30))
    if not err < tol:
        raise AssertionError(f"{case.name}: pydml and torch differ (relative {err:.2e})")
    macs = case.n * case.cout * (case.cin // case.groups) * case.k**sp * int(np.prod(fwd_out[2:]))
    return {
        **timings(t_pydml, t_torch, macs),
        "gbs": (x.nbytes + w.nbytes + b.nbytes + y.nbytes) / min(t_pydml) / 1e9,
    }


@dataclass(frozen=True)
class ResnetCase:
    name: str
    cin: int
    cout: int
    size: int  # input height = width
    k: int
    stride: int
    relu: bool
    count: int  # how many convolutions of ResNet-18 have this shape


RESNET = [
    ResnetCase("stem 7x7 s2", 3, 64, 224, 7, 2, True, 1),
    ResnetCase("64 3x3 @56", 64, 64, 56, 3, 1, True, 4),
    ResnetCase("64>128 3x3 s2", 64, 128, 56, 3, 2, True, 1),
    ResnetCase("64>128 1x1 s2", 64, 128, 56, 1, 2, False, 1),
    ResnetCase("128 3x3 @28", 128, 128, 28, 3, 1, True, 3),
    ResnetCase("128>256 3x3 s2", 128, 256, 28, 3, 2, True, 1),
    ResnetCase("128>256 1x1 s2", 128, 256, 28, 1, 2, False, 1),
    ResnetCase("256 3x3 @14", 256, 256, 14, 3, 1, True, 3),
    ResnetCase("256>512 3x3 s2", 256, 512, 14, 3, 2, True, 1),
    ResnetCase("256>512 1x1 s2", 256, 512, 14, 1, 2, False, 1),
    ResnetCase("512 3x3 @7", 512, 512, 7, 3, 1, True, 3),
]


def run_resnet_case(case: ResnetCase, batch: int, torch: Any, quick: bool) -> dict[str, float]:
    """One ResNet-18 convolution as the ONNX front end lowers it: the filter OWNED_BY_DML (packed at
    initialize), the bias bound, RELU fused where the model has one; against torch conv2d (+ relu)."""
    import pydml
    from pydml import buffer_desc

    pad = case.k // 2
    out = (case.size + 2 * pad - case.k) // case.stride + 1
    x_sizes = [batch, case.cin, case.size, case.size]
    w_sizes = [case.cout, case.cin, case.k, case.k]
    y_sizes = [batch, case.cout, out, out]
    fused = (
        pydml.OperatorDesc(Type="ACTIVATION_RELU", Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())
        if case.relu
        else None
    )
    desc = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", x_sizes),
        FilterTensor=buffer_desc("FLOAT32", w_sizes, Flags="OWNED_BY_DML"),
        BiasTensor=buffer_desc("FLOAT32", [1, case.cout, 1, 1]),
        OutputTensor=buffer_desc("FLOAT32", y_sizes),
        Mode=CROSS_CORRELATION, Direction=FORWARD, Strides=[case.stride] * 2, Dilations=[1, 1],
        StartPadding=[pad] * 2, EndPadding=[pad] * 2, OutputPadding=[0, 0], GroupCount=1,
        FusedActivation=fused,
    )
    rng = np.random.default_rng(1)
    x = rng.standard_normal(x_sizes).astype(np.float32)
    w = (rng.standard_normal(w_sizes) * 0.1).astype(np.float32)
    b = rng.standard_normal([1, case.cout, 1, 1]).astype(np.float32)
    y = np.empty(y_sizes, np.float32)
    op = pydml.Device().create_operator(desc)
    op.initialize({"FilterTensor": w})
    temporary = np.zeros(op.binding_properties["temporary_bytes"], np.uint8)
    inputs = {"InputTensor": x, "BiasTensor": b}
    outputs = {"OutputTensor": y}

    def pydml_fn() -> Any:
        return op.execute(inputs, outputs, temporary=temporary)

    tx, tw, tb = torch.from_numpy(x), torch.from_numpy(w), torch.from_numpy(b.reshape(-1))
    F = torch.nn.functional

    def torch_fn() -> Any:
        r = F.conv2d(tx, tw, tb, stride=case.stride, padding=pad)
        return F.relu(r) if case.relu else r

    with torch.no_grad():
        ref = torch_fn().numpy()
        t_pydml, t_torch = compare([pydml_fn, torch_fn], 3 if quick else 5, 1.0 if quick else 2.0)
    err = float(np.max(np.abs(y - ref)) / (np.max(np.abs(ref)) + 1e-30))
    if not err < 1e-3:
        raise AssertionError(f"{case.name}: pydml and torch differ (relative {err:.2e})")
    macs = batch * case.cout * case.cin * case.k**2 * out * out
    return {
        **timings(t_pydml, t_torch, macs),
        "torch_gflops": 2 * macs / min(t_torch) / 1e9,
        "macs": float(macs * case.count),
    }


def resnet_main(args: argparse.Namespace, torch: Any) -> None:
    peak_start = sgemm_peak(args.quick)
    rows = []
    for batch in (1, 8):
        for case in (c for c in RESNET if args.only in c.name):
            rows.append((batch, case, run_resnet_case(case, batch, torch, args.quick)))
            print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    peak_end = sgemm_peak(args.quick)
    peak = max(peak_start, peak_end)
    print(
        f"in-run FMA reference: numpy sgemm 2048^2 = {peak:.0f} GFLOP/s (best of the run's start, "
        f"{peak_start:.0f}, and end, {peak_end:.0f})"
    )
    print("ResNet-18 convolutions (FLOAT32 NCHW, filter OWNED_BY_DML, bias, fused RELU where the "
          "model has one); GFLOP/s from the fastest call; 'x flops': share of the model's work")
    columns = (
        f"{'batch':>5} {'case':<15} {'x flops':>7} {'pydml ms':>9} {'torch ms':>9} {'vs torch':>9} "
        f"{'best vs':>8} {'GFLOP/s':>8} {'% sgemm':>8} {'torch %':>8}"
    )
    print(columns)
    print("-" * len(columns))
    for batch in (1, 8):
        sel = [r for r in rows if r[0] == batch]
        total = sum(r["macs"] for _, _, r in sel) or 1.0
        t_p = t_t = 0.0
        for _, case, r in sel:
            print(
                f"{batch:>5} {case.name:<15} {100 * r['macs'] / total:6.1f}% {r['pydml_ms']:9.3f} "
                f"{r['torch_ms']:9.3f} {r['torch_ms'] / r['pydml_ms']:8.2f}x "
                f"{r['torch_best_ms'] / r['pydml_best_ms']:7.2f}x {r['gflops']:8.1f} "
                f"{100 * r['gflops'] / peak:7.0f}% {100 * r['torch_gflops'] / peak:7.0f}%"
            )
            t_p += r["pydml_best_ms"] * case.count
            t_t += r["torch_best_ms"] * case.count
        if sel:
            print(
                f"{batch:>5} {'all (x count)':<15} {'100.0%':>7} {t_p:9.3f} {t_t:9.3f} {'':>9} "
                f"{t_t / t_p:7.2f}x {2 * total / t_p / 1e6:8.1f} {100 * 2 * total / t_p / 1e6 / peak:7.0f}%"
                f" {100 * 2 * total / t_t / 1e6 / peak:7.0f}%"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timings")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--only", default="", help="run the cases whose name contains this text")
    parser.add_argument("--f32", action="store_true", help="FLOAT32 rows only")
    parser.add_argument("--resnet", action="store_true", help="ResNet-18's convolutions instead")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    header(args.threads)
    if args.resnet:
        resnet_main(args, torch)
        return
    peak_start = sgemm_peak(args.quick)
    bw_start = copy_bandwidth(args.quick)
    feats = int(lib.pydml_active_cpu_features())
    print(f"threads {args.threads}; pydml CPU features 0x{feats:x}; torch {torch.__version__}")
    rows = []
    for case in (c for c in CASES if args.only in c.name):
        for direction in (FORWARD, BACKWARD):
            for dtype in (np.float32,) if args.f32 else (np.float32, np.float16):
                rows.append(
                    (case, direction, dtype, run_case(case, direction, dtype, torch, args.quick))
                )
                print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    peak_end = sgemm_peak(args.quick)
    peak = max(peak_start, peak_end)
    bw = max(bw_start, copy_bandwidth(args.quick))
    print(
        f"in-run FMA reference: numpy sgemm 2048^2 = {peak:.0f} GFLOP/s (best of the run's start, "
        f"{peak_start:.0f}, and end, {peak_end:.0f})"
    )
    print(f"in-run memory reference: numpy copy of 64 MiB = {bw:.1f} GB/s (read + write)")
    print(
        "ms: median per call; 'best': fastest call; GFLOP/s, GB/s (tensor bytes read + written "
        "once) and % from pydml's fastest call"
    )
    columns = (
        f"{'case':<14} {'dir':<3} {'type':<4} {'pydml ms':>9} {'torch ms':>9} {'vs torch':>9} "
        f"{'best vs':>8} {'GFLOP/s':>8} {'% sgemm':>8} {'GB/s':>6} {'% copy':>7}"
    )
    print(columns)
    print("-" * len(columns))
    for case, direction, dtype, r in rows:
        print(
            f"{case.name:<14} {'fwd' if direction == FORWARD else 'bwd':<3} "
            f"{'f32' if dtype == np.float32 else 'f16':<4} {r['pydml_ms']:9.3f} "
            f"{r['torch_ms']:9.3f} {r['torch_ms'] / r['pydml_ms']:8.2f}x "
            f"{r['torch_best_ms'] / r['pydml_best_ms']:7.2f}x "
            f"{r['gflops']:8.1f} {100 * r['gflops'] / peak:7.0f}% "
            f"{r['gbs']:6.1f} {100 * r['gbs'] / bw:6.0f}%"
        )


if __name__ == "__main__":
    main()
