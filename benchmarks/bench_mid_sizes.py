"""Single operators at mid sizes (inside the last-level cache) vs PyTorch CPU, measured in one run.

    python benchmarks/bench_mid_sizes.py [--threads 2] [--repeat 3] [--only TEXT]

The issues' benchmarks measure tensors beyond the caches, where the memory sets the pace. A
model's layers and a DirectML port's single operators are mostly smaller: 1-13 MB, back to back,
where per-run set-up, the thread team's wake-ups and streamed stores decide instead. This sweep
found a GEMM of 256 x 1024 x 256 on one thread, PADDING at 0.04x torch, transposes at 0.2-0.4x,
a 2x2 average pool at 0.44x and an attention-mask ADD at 0.2x (docs/accuracy-and-speed.md, "a
seventh stop"). Each case: pydml's operator and torch's equivalent, each called back to back in
blocks of 15, the blocks interleaved, the best block's mean call (_timing.best_times; torch
writing into a preallocated output where pydml does); the ratio is torch time / pydml time (above
1: pydml faster). The machine is shared: claims come from the ratios only.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy as np
from _timing import best_times, header

import pydml
from pydml import buffer_desc as t
from pydml.native import lib

F32 = "FLOAT32"
Case = tuple[str, Any, dict[str, Any], Callable[[], Any]]


def cases(rng: np.random.Generator) -> list[Case]:
    import torch
    import torch.nn.functional as F

    def r(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32)

    nchw = [8, 64, 56, 56]
    x, y = r(*nchw), r(*nchw)
    tx, ty, tout = torch.from_numpy(x), torch.from_numpy(y), torch.empty(nchw)
    tx1 = tx[:1].clone()
    w = r(64, 64, 3, 3)
    tw = torch.from_numpy(w)
    m = r(8, 128)
    scores = r(8, 12, 128, 128)
    ts, tm = torch.from_numpy(scores), torch.from_numpy(m.reshape(8, 1, 1, 128))
    tsout = torch.empty(8, 12, 128, 128)
    ta, tb = torch.from_numpy(r(256, 256)), torch.from_numpy(r(256, 1024))
    square = np.ascontiguousarray(scores.reshape(-1)[: 1 << 20].reshape(1024, 1024))
    tsq = torch.from_numpy(square)
    heads = r(8, 128, 12, 64)
    theads = torch.from_numpy(heads)
    half = r(1024, 1024).astype(np.float16)
    thalf = torch.from_numpy(half)
    s4 = [8, 12, 128, 128]
    seg = r(1, 21, 512, 512)
    tseg = torch.from_numpy(seg)
    logits = r(64, 32000)
    tlogits = torch.from_numpy(logits)
    return [
        ("GEMM 256x1024x256", pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=t(F32, [256, 256]), BTensor=t(F32, [256, 1024]), OutputTensor=t(F32, [256, 1024]),
            TransA=0, TransB=0, Alpha=1.0, Beta=0.0),
         {"ATensor": ta.numpy(), "BTensor": tb.numpy()}, lambda: ta @ tb),
        ("CONVOLUTION 3x3 64ch 56^2 batch 1", pydml.DML_CONVOLUTION_OPERATOR_DESC(
            InputTensor=t(F32, [1, 64, 56, 56]), FilterTensor=t(F32, [64, 64, 3, 3]),
            OutputTensor=t(F32, [1, 64, 56, 56]), Mode=0, Direction=0, DimensionCount=2, Strides=[1, 1],
            Dilations=[1, 1], StartPadding=[1, 1], EndPadding=[1, 1], OutputPadding=[0, 0], GroupCount=1),
         {"InputTensor": x[:1].copy(), "FilterTensor": w}, lambda: F.conv2d(tx1, tw, padding=1)),
        ("PADDING [8,64,56,56] by one", pydml.DML_PADDING_OPERATOR_DESC(
            InputTensor=t(F32, nchw), OutputTensor=t(F32, [8, 64, 58, 58]), PaddingMode=0, PaddingValue=0.0,
            DimensionCount=4, StartPadding=[0, 0, 1, 1], EndPadding=[0, 0, 1, 1]),
         {"InputTensor": x}, lambda: F.pad(tx, (1, 1, 1, 1))),
        ("TILE [1,64,56,56] x 8", pydml.DML_TILE_OPERATOR_DESC(
            InputTensor=t(F32, [1, 64, 56, 56]), OutputTensor=t(F32, nchw), RepeatsCount=4,
            Repeats=[8, 1, 1, 1]),
         {"InputTensor": x[:1].copy()}, lambda: tx[:1].repeat(8, 1, 1, 1)),
        ("JOIN 2 x [8,64,56,56] axis 1", pydml.DML_JOIN_OPERATOR_DESC(
            InputCount=2, InputTensors=[t(F32, nchw), t(F32, nchw)], OutputTensor=t(F32, [8, 128, 56, 56]),
            Axis=1),
         {"InputTensors": [x, x]}, lambda: torch.cat([tx, tx], 1)),
        ("IDENTITY transpose f32 [1024,1024]", pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=t(F32, [1024, 1024], [1, 1024]), OutputTensor=t(F32, [1024, 1024])),
         {"InputTensor": square}, lambda: tsq.t().contiguous()),
        ("IDENTITY transpose f16 [1024,1024]", pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=t("FLOAT16", [1024, 1024], [1, 1024]), OutputTensor=t("FLOAT16", [1024, 1024])),
         {"InputTensor": half}, lambda: thalf.t().contiguous()),
        ("IDENTITY heads [8,128,12,64] -> [8,12,128,64]", pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=t(F32, [8, 12, 128, 64], [98304, 64, 768, 1]), OutputTensor=t(F32, [8, 12, 128, 64])),
         {"InputTensor": heads}, lambda: theads.permute(0, 2, 1, 3).contiguous()),
        ("ADD attention mask [8,1,1,128] over [8,12,128,128]", pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
            ATensor=t(F32, s4), BTensor=t(F32, s4, [128, 0, 0, 1]), OutputTensor=t(F32, s4)),
         {"ATensor": scores, "BTensor": m}, lambda: torch.add(ts, tm, out=tsout)),
        ("ADD same shape [8,64,56,56]", pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
            ATensor=t(F32, nchw), BTensor=t(F32, nchw), OutputTensor=t(F32, nchw)),
         {"ATensor": x, "BTensor": y}, lambda: torch.add(tx, ty, out=tout)),
        ("AVERAGE_POOLING 2x2/2 [8,64,56,56]", pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
            InputTensor=t(F32, nchw), OutputTensor=t(F32, [8, 64, 28, 28]), DimensionCount=2, Strides=[2, 2],
            WindowSize=[2, 2], StartPadding=[0, 0], EndPadding=[0, 0], IncludePadding=0),
         {"InputTensor": x}, lambda: F.avg_pool2d(tx, 2, 2)),
        ("SOFTMAX rows of 128 [8,12,128,128]", pydml.DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC(
            InputTensor=t(F32, s4), OutputTensor=t(F32, s4), AxisCount=1, Axes=[3]),
         {"InputTensor": scores}, lambda: torch.softmax(ts, 3)),
        ("REDUCE AVERAGE channels [8,64,56,56]", pydml.DML_REDUCE_OPERATOR_DESC(
            Function=pydml.DML_REDUCE_FUNCTION_AVERAGE, InputTensor=t(F32, nchw),
            OutputTensor=t(F32, [8, 1, 56, 56]), AxisCount=1, Axes=[1]),
         {"InputTensor": x}, lambda: tx.mean(1, keepdim=True)),
        ("REDUCE MAX channels [8,64,56,56]", pydml.DML_REDUCE_OPERATOR_DESC(
            Function=pydml.DML_REDUCE_FUNCTION_MAX, InputTensor=t(F32, nchw),
            OutputTensor=t(F32, [8, 1, 56, 56]), AxisCount=1, Axes=[1]),
         {"InputTensor": x}, lambda: tx.amax(1, keepdim=True)),
        ("ARGMAX classes [1,21,512,512] (segmentation)", pydml.DML_ARGMAX_OPERATOR_DESC(
            InputTensor=t(F32, [1, 21, 512, 512]),
            OutputTensor=t(pydml.DML_TENSOR_DATA_TYPE_INT64, [1, 1, 512, 512]),
            AxisCount=1, Axes=[1], AxisDirection=pydml.DML_AXIS_DIRECTION_INCREASING),
         {"InputTensor": seg}, lambda: tseg.argmax(1, keepdim=True)),
        ("ARGMAX logits [64,32000] (greedy decoding)", pydml.DML_ARGMAX_OPERATOR_DESC(
            InputTensor=t(F32, [64, 32000]), OutputTensor=t(pydml.DML_TENSOR_DATA_TYPE_INT64, [64, 1]),
            AxisCount=1, Axes=[1], AxisDirection=pydml.DML_AXIS_DIRECTION_INCREASING),
         {"InputTensor": logits}, lambda: tlogits.argmax(1, keepdim=True)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default=None, help="cases whose name contains this text")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    header(args.threads)
    device = pydml.Device()
    print(f"{'case':<52} {'pydml ms':>9} {'torch ms':>9} {'torch/pydml':>12}")
    for name, desc, inputs, peer in cases(np.random.default_rng(0)):
        if args.only and args.only not in name:
            continue
        op = device.create_operator(desc)
        out = op.execute(inputs)
        ours, theirs = best_times([lambda o=op, i=inputs, r=out: o.execute(i, r), peer], args.repeat,
                                  block=15)
        print(f"{name:<52} {ours * 1e3:9.3f} {theirs * 1e3:9.3f} {theirs / ours:12.2f}", flush=True)


if __name__ == "__main__":
    main()
