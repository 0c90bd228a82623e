"""Gather/scatter kernels (native/families/gather_scatter.c) vs PyTorch CPU, measured in the same run.

    python benchmarks/bench_gather_scatter.py [--quick] [--threads 2]

Cases (float32 data, INT64 indices as torch requires):
  GATHER rows       50 000 rows of 256 from a 100 000 x 256 table (torch.index_select(out=), F.embedding)
  GATHER_ELEMENTS   [1024, 4096] along the last axis (torch.gather(out=))
  SCATTER_ELEMENTS  [1024, 4096] along the last axis, output = input then scatter (torch.scatter, which
                    also copies its input)
  SCATTER_ND rows   5 000 rows of 256 into a 20 000 x 256 table (torch.index_copy, also a copy + write)
  ONE_HOT           8192 indices, depth 1000, INT64 output (F.one_hot)
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

    # GATHER: embedding-style row lookup
    table = rng.standard_normal((100_000, 256), dtype=np.float32)
    rows = rng.integers(0, 100_000, size=(1, 50_000)).astype(np.int64)
    rows_out = np.empty((50_000, 256), np.float32)
    gather = device.create_operator(
        pydml.DML_GATHER_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [100_000, 256]),
            IndicesTensor=t("INT64", [1, 50_000]),
            OutputTensor=t("FLOAT32", [50_000, 256]),
            Axis=0,
            IndexDimensions=1,
        )
    )
    t_table, t_rows, t_rows_out = (
        torch.from_numpy(table),
        torch.from_numpy(rows[0]),
        torch.from_numpy(rows_out.copy()),
    )

    # GATHER_ELEMENTS / SCATTER_ELEMENTS along the last axis
    x = rng.standard_normal((1024, 4096), dtype=np.float32)
    idx = rng.integers(0, 4096, size=(1024, 4096)).astype(np.int64)
    upd = rng.standard_normal((1024, 4096), dtype=np.float32)
    ge_out = np.empty_like(x)
    se_out = np.empty_like(x)
    ge = device.create_operator(
        pydml.DML_GATHER_ELEMENTS_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [1024, 4096]),
            IndicesTensor=t("INT64", [1024, 4096]),
            OutputTensor=t("FLOAT32", [1024, 4096]),
            Axis=1,
        )
    )
    se = device.create_operator(
        pydml.DML_SCATTER_ELEMENTS_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [1024, 4096]),
            IndicesTensor=t("INT64", [1024, 4096]),
            UpdatesTensor=t("FLOAT32", [1024, 4096]),
            OutputTensor=t("FLOAT32", [1024, 4096]),
            Axis=1,
        )
    )
    tx, tidx, tupd, tge = (torch.from_numpy(a) for a in (x, idx, upd, np.empty_like(x)))

    # SCATTER_ND: whole rows
    base = rng.standard_normal((20_000, 256), dtype=np.float32)
    nd_idx = rng.permutation(20_000)[:5_000].astype(np.int64).reshape(5_000, 1)
    nd_upd = rng.standard_normal((5_000, 256), dtype=np.float32)
    nd_out = np.empty_like(base)
    snd = device.create_operator(
        pydml.DML_SCATTER_ND_OPERATOR_DESC(
            InputTensor=t("FLOAT32", [20_000, 256]),
            IndicesTensor=t("INT64", [5_000, 1]),
            UpdatesTensor=t("FLOAT32", [5_000, 256]),
            OutputTensor=t("FLOAT32", [20_000, 256]),
            InputDimensionCount=2,
            IndicesDimensionCount=2,
        )
    )
    tbase, tnd_idx, tnd_upd = torch.from_numpy(base), torch.from_numpy(nd_idx[:, 0]), torch.from_numpy(nd_upd)

    # ONE_HOT
    hot = rng.integers(0, 1000, size=(8192, 1)).astype(np.int64)
    hot_out = np.empty((8192, 1000), np.int64)
    oh = device.create_operator(
        pydml.DML_ONE_HOT_OPERATOR_DESC(
            IndicesTensor=t("INT64", [8192, 1]),
            ValuesTensor=t("INT64", [1, 2]),
            OutputTensor=t("INT64", [8192, 1000]),
            Axis=1,
        )
    )
    onoff = np.array([[0, 1]], np.int64)
    thot = torch.from_numpy(hot[:, 0])

    cases = [
        (
            "GATHER 50k x 256 rows",
            lambda: gather.execute({"InputTensor": table, "IndicesTensor": rows}, {"OutputTensor": rows_out}),
            [
                ("index_select", lambda: torch.index_select(t_table, 0, t_rows, out=t_rows_out)),
                ("embedding", lambda: F.embedding(t_rows, t_table)),
            ],
        ),
        (
            "GATHER_ELEMENTS 1024x4096",
            lambda: ge.execute({"InputTensor": x, "IndicesTensor": idx}, {"OutputTensor": ge_out}),
            [("gather", lambda: torch.gather(tx, 1, tidx, out=tge))],
        ),
        (
            "SCATTER_ELEMENTS 1024x4096",
            lambda: se.execute(
                {"InputTensor": x, "IndicesTensor": idx, "UpdatesTensor": upd}, {"OutputTensor": se_out}
            ),
            [("scatter", lambda: torch.scatter(tx, 1, tidx, tupd))],
        ),
        (
            "SCATTER_ND 5k rows x 256",
            lambda: snd.execute(
                {"InputTensor": base, "IndicesTensor": nd_idx, "UpdatesTensor": nd_upd},
                {"OutputTensor": nd_out},
            ),
            [("index_copy", lambda: tbase.index_copy(0, tnd_idx, tnd_upd))],
        ),
        (
            "ONE_HOT 8192 x 1000",
            lambda: oh.execute({"IndicesTensor": hot, "ValuesTensor": onoff}, {"OutputTensor": hot_out}),
            [("one_hot", lambda: F.one_hot(thot, 1000))],
        ),
    ]
    # same results first (claims only from identical outputs)
    gather.execute({"InputTensor": table, "IndicesTensor": rows}, {"OutputTensor": rows_out})
    assert np.array_equal(rows_out, table[rows[0]])
    ge.execute({"InputTensor": x, "IndicesTensor": idx}, {"OutputTensor": ge_out})
    assert np.array_equal(ge_out, torch.gather(tx, 1, tidx).numpy())
    snd.execute(
        {"InputTensor": base, "IndicesTensor": nd_idx, "UpdatesTensor": nd_upd}, {"OutputTensor": nd_out}
    )
    assert np.array_equal(nd_out, tbase.index_copy(0, tnd_idx, tnd_upd).numpy())
    oh.execute({"IndicesTensor": hot, "ValuesTensor": onoff}, {"OutputTensor": hot_out})
    assert np.array_equal(hot_out, F.one_hot(thot, 1000).numpy())

    for name, ours, theirs in cases:
        times = best_times([ours] + [fn for _, fn in theirs], repeat)
        parts = ", ".join(
            f"{label} {tt * 1e3:.2f} ms -> x{tt / times[0]:.2f}"
            for (label, _), tt in zip(theirs, times[1:], strict=True)
        )
        print(f"{name:28s} pydml {times[0] * 1e3:8.2f} ms | torch {parts}")


if __name__ == "__main__":
    main()
