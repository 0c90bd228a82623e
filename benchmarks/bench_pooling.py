"""Pooling kernels (native/families/pooling.c) vs PyTorch CPU, measured in the same run.

    python benchmarks/bench_pooling.py [--quick] [--threads 2]

Cases (float32, NCHW, ResNet-like):
  max pool   N1 and N8 C64 112x112, 3x3 window, stride 2, padding 1: ResNet-18's stem pooling as ONNX
             MaxPool reaches pydml (MAX_POOLING2 without OutputIndicesTensor); torch's
             F.max_pool2d and onnxruntime's CPU MaxPool (when installed) on the same tensors
  max pool + indices (MAX_POOLING1 with OutputIndicesTensor; max_pool2d(return_indices=True))
  global avg N8 C64 56x56 -> 1x1 (AVERAGE_POOLING over the whole plane; avg_pool2d(x, 56))
  avg 2x2/2  N8 C64 56x56 -> 28x28 (a DenseNet transition's pooling; avg_pool2d(x, 2, 2))
Prints torch time / pydml time and onnxruntime time / pydml time (> 1: pydml is faster). Contenders
are timed interleaved, best of N; claims are made from the ratios only (the machine is shared).

The ONNX MaxPool table times each contender twice per round: its first call right after the
other contenders' (a lone call: it shares the two cores with their thread pools, still spinning
or going to sleep; onnxruntime's pool spins after each run by default), then one call right after
its own (settled: the steady state of operators run back to back, as in a model). At N1 the lone
pydml call after onnxruntime's measured 4-13x its settled time on this 2-core host (libgomp's
workers and onnxruntime's spinning workers on the same two cores), so the ratios are given both
ways.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib


def lone_and_settled(fns: list[Callable[[], object]], repeat: int) -> tuple[list[float], list[float]]:
    """Best time of each function's first call after the others' (lone) and of the call right
    after it (settled), the contenders interleaved; one warm-up call each first."""
    for fn in fns:
        fn()
    lone = [float("inf")] * len(fns)
    settled = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            for times in (lone, settled):
                start = time.perf_counter()
                fn()
                times[i] = min(times[i], time.perf_counter() - start)
    return lone, settled


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

    def ort_maxpool(x: np.ndarray) -> Callable[[], object] | None:
        """onnxruntime's CPU MaxPool (3x3, stride 2, pads 1) on x, or None without onnxruntime."""
        try:
            import onnxruntime as ort
            from onnx import TensorProto, helper
        except ImportError:
            return None
        node = helper.make_node("MaxPool", ["x"], ["y"], kernel_shape=[3, 3], strides=[2, 2],
                                pads=[1, 1, 1, 1])
        graph = helper.make_graph([node], "maxpool",
                                  [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
                                  [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
        options = ort.SessionOptions()
        options.intra_op_num_threads = args.threads
        options.inter_op_num_threads = 1
        session = ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
        return lambda: session.run(None, {"x": x})

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
    ay = np.empty((8, 64, 28, 28), np.float32)
    avg2 = device.create_operator(pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=t("FLOAT32", list(g.shape)), OutputTensor=t("FLOAT32", list(ay.shape)), Strides=[2, 2],
        WindowSize=[2, 2], StartPadding=[0, 0], EndPadding=[0, 0], IncludePadding=False))
    tx, tg = torch.from_numpy(x), torch.from_numpy(g)

    Fn = Callable[[], object]

    def onnx_maxpool(n: int) -> tuple[Fn, Fn, Fn | None]:
        """pydml's MAX_POOLING2 without indices (what pydml.onnx makes of MaxPool), torch, onnxruntime."""
        xs, ys = x[:n], y[:n]
        op = device.create_operator(pydml.DML_MAX_POOLING2_OPERATOR_DESC(
            InputTensor=t("FLOAT32", list(xs.shape)), OutputTensor=t("FLOAT32", list(ys.shape)),
            OutputIndicesTensor=None, Dilations=[1, 1], **common))
        txs = torch.from_numpy(xs)
        return (lambda: op.execute({"InputTensor": xs}, {"OutputTensor": ys}),
                lambda: F.max_pool2d(txs, 3, 2, 1), ort_maxpool(xs))

    print(f"{'ONNX MaxPool 3x3/2':<18} {'pydml ms':>9} {'torch ms':>9} {'ORT ms':>9} {'torch/pydml':>11} "
          f"{'ORT/pydml':>9}")
    for n in (1, 8):
        ours, theirs, ort_fn = onnx_maxpool(n)
        fns = [ours, theirs] + ([ort_fn] if ort_fn is not None else [])
        for how, times in zip(("lone", "settled"), lone_and_settled(fns, repeat), strict=True):
            a, b = times[0], times[1]
            c = f"{times[2] * 1e3:9.3f}" if len(times) > 2 else f"{'-':>9}"
            r = f"{times[2] / a:9.2f}" if len(times) > 2 else f"{'-':>9}"
            label = f"N{n} 64x112^2 {how}"
            print(f"{label:<18} {a * 1e3:9.3f} {b * 1e3:9.3f} {c} {b / a:11.2f} {r}")

    cases = [
        ("max 3x3/2 112^2", lambda: mp.execute({"InputTensor": x}, {"OutputTensor": y}),
         lambda: F.max_pool2d(tx, 3, 2, 1)),
        ("max+indices",
         lambda: mpi.execute({"InputTensor": x}, {"OutputTensor": y, "OutputIndicesTensor": yi}),
         lambda: F.max_pool2d(tx, 3, 2, 1, return_indices=True)),
        ("global avg 56^2", lambda: gap.execute({"InputTensor": g}, {"OutputTensor": gy}),
         lambda: F.avg_pool2d(tg, 56)),
        ("avg 2x2/2 56^2", lambda: avg2.execute({"InputTensor": g}, {"OutputTensor": ay}),
         lambda: F.avg_pool2d(tg, 2, 2)),
    ]
    if mpi is None:
        cases = [c for c in cases if c[0] != "max+indices"]
    print(f"{'case':<18} {'pydml ms':>9} {'torch ms':>9} {'speedup':>8}")
    for name, ours, theirs in cases:
        a, b = best_times([ours, theirs], repeat)
        print(f"{name:<18} {a * 1e3:9.3f} {b * 1e3:9.3f} {b / a:8.2f}")


if __name__ == "__main__":
    main()
