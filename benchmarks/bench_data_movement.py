"""Data-movement operators (native/families/data_movement.c, one strided copy engine) vs the streaming
bandwidth of this machine and vs PyTorch CPU, measured in the same run.

    python benchmarks/bench_data_movement.py [--quick] [--threads 2]

Every case writes a 32 MB float32 output (CAST f32 -> f16 reads 32 MB and writes 16 MB; f16 -> f32
reads 16 MB and writes 32 MB). The baseline is np.copyto of 32 MB into a separate 32 MB array:
bandwidth = bytes read + bytes written per second. Each case's bandwidth counts the bytes it must
read and write (a copy of its output: 2 x output bytes; CAST: input + output bytes), and prints
  bw%   = case bandwidth / np.copyto bandwidth (the target is >= 80 %)
  torch = torch time / pydml time (> 1: pydml is faster), torch with the same thread count:
          torch.cat, torch.split(...) + .contiguous(), slicing .clone(), .repeat, F.pad,
          F.pixel_shuffle, .half() / .float(), copy_ into an integer or float tensor (CAST between
          FLOAT32 and the integers), F.unfold / F.fold (UNFOLD / FOLD: N8 C64 56x56,
          3x3 window, padding 1; 58 MB of columns).
Contenders are timed interleaved, best of N. The machine may be shared: numbers are noisy, only
the ratios of one run mean anything.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib

MB = 1 << 20



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    import torch
    import torch.nn.functional as F

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 15
    header(args.threads)
    rng = np.random.default_rng(0)
    dev = pydml.Device()
    t = pydml.buffer_desc
    f32 = np.float32

    src = rng.standard_normal(8 * MB, dtype=f32)  # 32 MB
    dst = np.empty_like(src)

    def op(desc: Any) -> Any:
        return dev.create_operator(desc)

    cases: list[tuple[str, int, Callable[[], Any], Callable[[], Any]]] = []

    # JOIN: four (2048, 1024) blocks side by side -> (2048, 4096)
    parts = [rng.standard_normal((2048, 1024), dtype=f32) for _ in range(4)]
    joined = np.empty((2048, 4096), f32)
    join = op(
        pydml.DML_JOIN_OPERATOR_DESC(
            InputCount=4,
            InputTensors=[t("FLOAT32", [2048, 1024])] * 4,
            OutputTensor=t("FLOAT32", [2048, 4096]),
            Axis=1,
        )
    )
    tparts = [torch.from_numpy(p) for p in parts]
    tjoined = torch.from_numpy(joined)
    cases.append(
        (
            "JOIN axis 1 (4 parts)",
            2 * joined.nbytes,
            lambda: join.execute({"InputTensors": parts}, {"OutputTensor": joined}),
            lambda: torch.cat(tparts, 1, out=tjoined),
        )
    )

    # SPLIT: the reverse
    whole = rng.standard_normal((2048, 4096), dtype=f32)
    outs = [np.empty((2048, 1024), f32) for _ in range(4)]
    split = op(
        pydml.DML_SPLIT_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [2048, 4096]),
            OutputCount=4,
            OutputTensors=[t("FLOAT32", [2048, 1024])] * 4,
            Axis=1,
        )
    )
    twhole = torch.from_numpy(whole)
    cases.append(
        (
            "SPLIT axis 1 (4 parts)",
            2 * whole.nbytes,
            lambda: split.execute({"InputTensor": whole}, {"OutputTensors": outs}),
            lambda: [p.contiguous() for p in torch.split(twhole, 1024, 1)],
        )
    )

    # SLICE: the middle half of the columns of a 64 MB (4096, 4096) tensor -> 32 MB
    big = rng.standard_normal((4096, 4096), dtype=f32)
    sliced = np.empty((4096, 2048), f32)
    slc = op(
        pydml.DML_SLICE1_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [4096, 4096]),
            OutputTensor=t("FLOAT32", [4096, 2048]),
            DimensionCount=2,
            InputWindowOffsets=[0, 1024],
            InputWindowSizes=[4096, 2048],
            InputWindowStrides=[1, 1],
        )
    )
    tbig = torch.from_numpy(big)
    cases.append(
        (
            "SLICE1 columns 1024:3072",
            2 * sliced.nbytes,
            lambda: slc.execute({"InputTensor": big}, {"OutputTensor": sliced}),
            lambda: tbig[:, 1024:3072].clone(),
        )
    )

    # TILE: (2048, 2048) repeated (1, 2)
    half = rng.standard_normal((2048, 2048), dtype=f32)
    tiled = np.empty((2048, 4096), f32)
    tile = op(
        pydml.DML_TILE_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [2048, 2048]),
            OutputTensor=t("FLOAT32", [2048, 4096]),
            RepeatsCount=2,
            Repeats=[1, 2],
        )
    )
    thalf = torch.from_numpy(half)
    cases.append(
        (
            "TILE (1, 2)",
            2 * tiled.nbytes,
            lambda: tile.execute({"InputTensor": half}, {"OutputTensor": tiled}),
            lambda: thalf.repeat(1, 2),
        )
    )

    # PADDING: (4000, 2000) CONSTANT-padded to (4096, 2048)
    inner = rng.standard_normal((4000, 2000), dtype=f32)
    padded = np.empty((4096, 2048), f32)
    pad = op(
        pydml.DML_PADDING_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [4000, 2000]),
            OutputTensor=t("FLOAT32", [4096, 2048]),
            PaddingMode="CONSTANT",
            PaddingValue=0.0,
            DimensionCount=2,
            StartPadding=[48, 24],
            EndPadding=[48, 24],
        )
    )
    tinner = torch.from_numpy(inner)
    cases.append(
        (
            "PADDING constant",
            2 * padded.nbytes,
            lambda: pad.execute({"InputTensor": inner}, {"OutputTensor": padded}),
            lambda: F.pad(tinner, (24, 24, 48, 48)),
        )
    )
    refl = op(
        pydml.DML_PADDING_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [1, 1, 4000, 2000]),
            OutputTensor=t("FLOAT32", [1, 1, 4096, 2048]),
            PaddingMode="REFLECTION",
            PaddingValue=0.0,
            DimensionCount=4,
            StartPadding=[0, 0, 48, 24],
            EndPadding=[0, 0, 48, 24],
        )
    )
    inner4 = inner.reshape(1, 1, 4000, 2000)
    padded4 = padded.reshape(1, 1, 4096, 2048)
    tinner4 = torch.from_numpy(inner4)
    cases.append(
        (
            "PADDING reflection",
            2 * padded.nbytes,
            lambda: refl.execute({"InputTensor": inner4}, {"OutputTensor": padded4}),
            lambda: F.pad(tinner4, (24, 24, 48, 48), mode="reflect"),
        )
    )

    # DEPTH_TO_SPACE: (8, 64, 128, 128) -> (8, 16, 256, 256), block 2, both orders
    depth = rng.standard_normal((8, 64, 128, 128), dtype=f32)
    space = np.empty((8, 16, 256, 256), f32)
    tdepth = torch.from_numpy(depth)
    for order in ("DEPTH_COLUMN_ROW", "COLUMN_ROW_DEPTH"):
        d2s = op(
            pydml.DML_DEPTH_TO_SPACE1_OPERATOR_DESC(
                InputTensor=t("FLOAT32", list(depth.shape)),
                OutputTensor=t("FLOAT32", list(space.shape)),
                BlockSize=2,
                Order=order,
            )
        )
        cases.append(
            (
                f"DEPTH_TO_SPACE1 {order}",
                2 * space.nbytes,
                lambda d2s=d2s: d2s.execute({"InputTensor": depth}, {"OutputTensor": space}),
                lambda: F.pixel_shuffle(tdepth, 2),
            )
        )  # torch's order is COLUMN_ROW_DEPTH

    # CAST f32 <-> f16
    h = np.empty(8 * MB, np.float16)
    c1 = op(
        pydml.DML_CAST_OPERATOR_DESC(InputTensor=t("FLOAT32", [8 * MB]), OutputTensor=t("FLOAT16", [8 * MB]))
    )
    c2 = op(
        pydml.DML_CAST_OPERATOR_DESC(InputTensor=t("FLOAT16", [8 * MB]), OutputTensor=t("FLOAT32", [8 * MB]))
    )
    hsrc = src.astype(np.float16)
    tsrc, thsrc = torch.from_numpy(src), torch.from_numpy(hsrc)
    cases.append(
        (
            "CAST f32 -> f16",
            src.nbytes + h.nbytes,
            lambda: c1.execute({"InputTensor": src}, {"OutputTensor": h}),
            lambda: tsrc.half(),
        )
    )
    cases.append(
        (
            "CAST f16 -> f32",
            src.nbytes + h.nbytes,
            lambda: c2.execute({"InputTensor": hsrc}, {"OutputTensor": dst}),
            lambda: thsrc.float(),
        )
    )

    # CAST between FLOAT32 and the integers (convert.c's contiguous rows): an ONNX model's Cast
    # nodes (image bytes in, int64 indices, quantized tensors); torch's copy_ into a preallocated
    # tensor of the target type (which wraps out-of-range floats where pydml saturates: the values
    # here are in range)
    scaled = (src * 100).astype(f32)
    tscaled = torch.from_numpy(scaled)
    targets = (("INT8", np.int8), ("UINT8", np.uint8), ("INT32", np.int32), ("INT64", np.int64))
    for dst_type, np_type in targets:
        to_int = op(pydml.DML_CAST_OPERATOR_DESC(InputTensor=t("FLOAT32", [8 * MB]),
                                                 OutputTensor=t(dst_type, [8 * MB])))
        ints = np.empty(8 * MB, np_type)
        tints = torch.from_numpy(ints)
        cases.append(
            (
                f"CAST f32 -> {dst_type.lower()}",
                scaled.nbytes + ints.nbytes,
                lambda to_int=to_int, ints=ints: to_int.execute(
                    {"InputTensor": scaled}, {"OutputTensor": ints}),
                lambda tints=tints: tints.copy_(tscaled),
            )
        )
    for src_type, np_type in (("UINT8", np.uint8), ("INT32", np.int32)):
        from_int = op(pydml.DML_CAST_OPERATOR_DESC(InputTensor=t(src_type, [8 * MB]),
                                                   OutputTensor=t("FLOAT32", [8 * MB])))
        ints = scaled.astype(np_type)
        tints = torch.from_numpy(ints)
        tdst = torch.from_numpy(dst)
        cases.append(
            (
                f"CAST {src_type.lower()} -> f32",
                ints.nbytes + dst.nbytes,
                lambda from_int=from_int, ints=ints: from_int.execute(
                    {"InputTensor": ints}, {"OutputTensor": dst}),
                lambda tints=tints, tdst=tdst: tdst.copy_(tints),
            )
        )

    # UNFOLD / FOLD: N8 C64 56x56, 3x3 window, stride 1, padding 1 -> columns (8, 576, 3136), 58 MB;
    # bandwidth counts the columns written (UNFOLD) or read (FOLD) plus the image read / written
    img = rng.standard_normal((8, 64, 56, 56), dtype=f32)
    cols = np.empty((8, 576, 3136), f32)
    img_out = np.empty_like(img)
    window = {"DimensionCount": 2, "WindowSizes": [3, 3], "Strides": [1, 1], "Dilations": [1, 1],
              "StartPadding": [1, 1], "EndPadding": [1, 1]}
    unfold = op(pydml.DML_UNFOLD_OPERATOR_DESC(InputTensor=t("FLOAT32", list(img.shape)),
                                               OutputTensor=t("FLOAT32", list(cols.shape)), **window))
    fold = op(pydml.DML_FOLD_OPERATOR_DESC(InputTensor=t("FLOAT32", list(cols.shape)),
                                           OutputTensor=t("FLOAT32", list(img.shape)), **window))
    timg = torch.from_numpy(img)
    cols_in = rng.standard_normal(cols.shape, dtype=f32)
    tcols = torch.from_numpy(cols_in)
    cases.append(
        (
            "UNFOLD N8 C64 56^2 3x3",
            cols.nbytes + img.nbytes,
            lambda: unfold.execute({"InputTensor": img}, {"OutputTensor": cols}),
            lambda: F.unfold(timg, 3, padding=1),
        )
    )
    cases.append(
        (
            "FOLD N8 C64 56^2 3x3",
            cols.nbytes + img.nbytes,
            lambda: fold.execute({"InputTensor": cols_in}, {"OutputTensor": img_out}),
            lambda: F.fold(tcols, (56, 56), 3, padding=1),
        )
    )

    print(f"{'case':28s} {'pydml ms':>9s} {'GB/s':>6s} {'bw%':>6s} {'torch ms':>9s} {'torch':>6s}")
    for name, nbytes, ours, theirs in cases:
        t_copy, t_ours, t_torch = best_times([lambda: np.copyto(dst, src), ours, theirs], repeat)
        copy_bw = 2 * src.nbytes / t_copy
        bw = nbytes / t_ours
        print(
            f"{name:28s} {t_ours * 1e3:9.2f} {bw / 1e9:6.1f} {100 * bw / copy_bw:5.0f}% {t_torch * 1e3:9.2f} "
            f"{t_torch / t_ours:6.2f}  (np.copyto {copy_bw / 1e9:.1f} GB/s)"
        )


if __name__ == "__main__":
    main()
