"""Element-wise and activation operators vs the streaming bandwidth and vs PyTorch CPU, measured in
the same run, plus the cost of execute's allocating form.

    python benchmarks/bench_elementwise.py [--threads 2] [--repeat 7] [--only GELU ...]

Memory-bound cases (8M-element FLOAT32 tensors unless noted) report the GB/s pydml moves (every
operand read once, the output written once) as a share of the streaming bandwidth, and the
speedup over torch's call into a preallocated output (the contenders alternating) (the best of a
one-thread numpy copy and a torch copy on the same threads, of a 256 MiB array, sampled between
the cases; the best sample is the reference). Compute-bound
cases report the speedup over torch on the same tensors (torch time / pydml time), twice: for
calls back to back (the mean of 5 consecutive calls, the contenders alternating: a model's steady
state) and for single calls alternating with torch's (each pays its thread pool's wake-up).
Everything is timed through the public API (create_operator once, execute with preallocated
outputs), best of N, so the numbers include pydml's per-call binding cost.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib

N = 8 * 1024 * 1024




def T(dtype: str, sizes: list[int], strides: list[int] | None = None) -> Any:
    return pydml.buffer_desc(dtype, sizes, strides=strides)


def compiled(desc: Any) -> Any | None:
    try:
        return pydml.Device().create_operator(desc)
    except pydml.UnsupportedError as e:
        print(f"  (not executed: {e})")
        return None


def memory_cases(rng: np.random.Generator) -> list[tuple[str, Any, dict[str, np.ndarray], int]]:
    """(name, desc, inputs, bytes moved); torch_peer gives each one's torch call."""
    x = rng.standard_normal(N).astype(np.float32)
    y = rng.standard_normal(N).astype(np.float32)
    f = T("FLOAT32", [N])
    rows, cols = 4096, 2048
    m = T("FLOAT32", [rows, cols])
    row = rng.standard_normal(cols).astype(np.float32)
    h = T("FLOAT16", [N])
    xh, yh = x.astype(np.float16), y.astype(np.float16)
    return [
        ("ADD equal shapes", pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=f, BTensor=f, OutputTensor=f),
         {"ATensor": x, "BTensor": y}, 12 * N),
        ("ADD broadcast row [4096,2048]+[2048]", pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
            ATensor=m, BTensor=T("FLOAT32", [rows, cols], [0, 1]), OutputTensor=m),
         {"ATensor": x.reshape(rows, cols), "BTensor": row}, 8 * N),
        ("MULTIPLY", pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(ATensor=f, BTensor=f, OutputTensor=f),
         {"ATensor": x, "BTensor": y}, 12 * N),
        ("CLIP", pydml.DML_ELEMENT_WISE_CLIP_OPERATOR_DESC(InputTensor=f, OutputTensor=f, Min=-1.0, Max=1.0),
         {"InputTensor": x}, 8 * N),
        ("RELU", pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=f, OutputTensor=f),
         {"InputTensor": x}, 8 * N),
        ("ADD FLOAT16", pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=h, BTensor=h, OutputTensor=h),
         {"ATensor": xh, "BTensor": yh}, 6 * N),
        # DirectML's transpose: IDENTITY reading [cols, rows] through permuted strides
        ("IDENTITY transpose [4096,2048]", pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=T("FLOAT32", [rows, cols], [1, rows]), OutputTensor=m),
         {"InputTensor": x.reshape(cols, rows)}, 8 * N),
    ]


def torch_peer(name: str, inputs: dict[str, np.ndarray], out: np.ndarray) -> Callable[[], Any]:
    """The torch call of a memory-bound case, into a preallocated output as pydml's."""
    import torch

    t = [torch.from_numpy(v) for v in inputs.values()]
    o = torch.from_numpy(out)
    if name.startswith("ADD"):
        return lambda: torch.add(t[0], t[1], out=o)
    if name == "MULTIPLY":
        return lambda: torch.mul(t[0], t[1], out=o)
    if name == "CLIP":
        return lambda: torch.clamp(t[0], -1.0, 1.0, out=o)
    if name.startswith("IDENTITY transpose"):
        ot = o.view(t[0].shape[1], t[0].shape[0])
        return lambda: ot.copy_(t[0].t())
    return lambda: torch.clamp(t[0], min=0.0, out=o)  # RELU (torch.relu has no out= form)


def torch_cases(rng: np.random.Generator) -> list[tuple[str, Any, dict[str, np.ndarray], Callable[[], Any]]]:
    import torch

    x = (rng.standard_normal(N) * 3).astype(np.float32)
    tx = torch.from_numpy(x)
    tout = torch.empty_like(tx)
    f = T("FLOAT32", [N])
    i8 = T("INT8", [N])
    scalar = T("FLOAT32", [N], [0])
    zero = T("INT8", [N], [0])
    return [
        ("EXP", pydml.DML_ELEMENT_WISE_EXP_OPERATOR_DESC(InputTensor=f, OutputTensor=f), {"InputTensor": x},
         lambda: torch.exp(tx, out=tout)),
        ("TANH", pydml.DML_ACTIVATION_TANH_OPERATOR_DESC(InputTensor=f, OutputTensor=f), {"InputTensor": x},
         lambda: torch.tanh(tx, out=tout)),
        ("SIGMOID", pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC(InputTensor=f, OutputTensor=f),
         {"InputTensor": x}, lambda: torch.sigmoid(tx, out=tout)),
        ("GELU", pydml.DML_ACTIVATION_GELU_OPERATOR_DESC(InputTensor=f, OutputTensor=f), {"InputTensor": x},
         lambda: torch._C._nn.gelu(tx, out=tout)),
        ("ERF", pydml.DML_ELEMENT_WISE_ERF_OPERATOR_DESC(InputTensor=f, OutputTensor=f), {"InputTensor": x},
         lambda: torch.erf(tx, out=tout)),
        ("QUANTIZE_LINEAR to INT8", pydml.DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC(
            InputTensor=f, ScaleTensor=scalar, ZeroPointTensor=zero, OutputTensor=i8),
         {"InputTensor": x, "ScaleTensor": np.array([0.05], np.float32),
          "ZeroPointTensor": np.array([3, 0, 0, 0], np.int8)},  # 4-byte TotalTensorSizeInBytes,
         lambda: torch.quantize_per_tensor(tx, 0.05, 3, torch.qint8)),
    ]


def allocation_cases(rng: np.random.Generator) -> None:
    """execute() allocating its output vs into a preallocated one (target: within 15 % at >= 1 MB),
    and the per-call cost on tiny tensors relative to one numpy add of the same tensors."""
    g = pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC(
        InputGradientTensor=T("FLOAT32", [8, 64, 256, 256]),
        OutputGradientTensor=T("FLOAT32", [8, 64, 128, 128]),
        InterpolationMode="LINEAR", RoundingDirection="DECREASING", Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4)
    f = T("FLOAT32", [N])
    cases = [
        ("RESAMPLE_GRAD1 bilinear 8x64x256^2 -> 128^2", g,
         {"InputGradientTensor": rng.standard_normal((8, 64, 256, 256)).astype(np.float32)}),
        ("ADD 8M", pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=f, BTensor=f, OutputTensor=f),
         {"ATensor": np.ones(N, np.float32), "BTensor": np.ones(N, np.float32)}),
    ]
    for name, desc, inputs in cases:
        op = pydml.Device().create_operator(desc)
        out = {k: np.empty_like(v) for k, v in op.execute(inputs).items()}
        into, alloc = best_times([lambda op=op, inputs=inputs, out=out: op.execute(inputs, out),
                                  lambda op=op, inputs=inputs: op.execute(inputs)], 9)
        print(f"  {name:<46} allocating / preallocated: {alloc / into:5.2f}x")
    t = T("FLOAT32", [4])
    op = pydml.Device().create_operator(
        pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t))
    a = np.ones(4, np.float32)
    o = np.empty(4, np.float32)
    calls = 2000

    def many_pydml() -> None:
        for _ in range(calls):
            op.execute({"ATensor": a, "BTensor": a}, {"OutputTensor": o})

    def many_numpy() -> None:
        for _ in range(calls):
            np.add(a, a, out=o)

    p, n = best_times([many_pydml, many_numpy], 5)
    print(f"  tiny ADD [4]: {p / calls * 1e6:.1f} us per call ({p / n:.0f}x a numpy np.add call)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="run only the cases whose name contains TEXT (case-insensitive; repeatable, "
                             "e.g. --only GELU --only QUANTIZE); skips the per-call cost section")
    args = parser.parse_args()

    def wanted(name: str) -> bool:
        return not args.only or any(t.lower() in name.lower() for t in args.only)

    lib.pydml_set_num_threads(args.threads)
    import torch

    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(0)
    bw = header(args.threads)
    print("memory-bound: share of the streaming bandwidth (best of numpy and torch copy): of the copy timed "
          "alongside the case (interleaved with its calls), and of the run's best copy")
    rows = []
    for name, desc, inputs, nbytes in memory_cases(rng):
        if not wanted(name):
            continue
        op = compiled(desc)
        if op is None:
            continue
        out = {k: np.empty_like(v) for k, v in op.execute(inputs).items()}
        peer = torch_peer(name, inputs, np.empty_like(next(iter(out.values()))))
        # the copy alongside (as bench_training.py, bench_resample.py): this host's copy moved
        # between 31 and 53 GB/s within one run, the run's best from moments a case never saw
        def run(op: Any = op, inputs: dict[str, Any] = inputs, out: dict[str, Any] = out) -> None:
            op.execute(inputs, out)

        t, tt, *copy = best_times([run, peer, *bw.fns], args.repeat)
        alongside = 2 * bw.a.nbytes / min(copy) / 1e9
        bw.best = max(bw.best, alongside)
        rows.append((name, nbytes / t / 1e9, N / t, tt / t, alongside))
    for name, gbs, eps, ratio, alongside in rows:
        print(f"  {name:<40} {100 * gbs / alongside:5.0f} % of {alongside:.1f} GB/s alongside "
              f"({100 * gbs / bw.best:.0f} % of the best {bw.best:.1f}); "
              f"{eps / 1e9:.2f} G elements/s; {ratio:5.2f}x torch")
    print("compute-bound: speedup over torch on the same tensors")
    for name, desc, inputs, peer in torch_cases(rng):
        if not wanted(name):
            continue
        op = compiled(desc)
        if op is None:
            continue
        out = {k: np.empty_like(v) for k, v in op.execute(inputs).items()}
        fns = [lambda op=op, inputs=inputs, out=out: op.execute(inputs, out), peer]
        mine, theirs = best_times(fns, args.repeat, block=5)
        mine1, theirs1 = best_times(fns, args.repeat)
        print(f"  {name:<40} {theirs / mine:5.2f}x torch back to back; {theirs1 / mine1:5.2f}x single calls")
    if not args.only:
        print("per-call cost")
        allocation_cases(rng)


if __name__ == "__main__":
    main()
