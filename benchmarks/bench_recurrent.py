"""LSTM, GRU and RNN (native/families/recurrent.c) vs torch.nn.LSTM / GRU / RNN inference, same run.

    python benchmarks/bench_recurrent.py [--quick] [--threads 2]

Case: sequence 64, batch 16, input 256, hidden 512, FLOAT32, one direction and bidirectional; the
desc binds the full sequence output and the final state (and cell), as torch returns them. torch
runs its module in eval mode under torch.no_grad() (it allocates its outputs; pydml writes into
preallocated ones). GRU uses LinearBeforeReset TRUE, torch's form. The weights are the same
values (torch's gate rows reordered to the page's order).

Per case it prints the speedup of pydml over torch (torch time / pydml time: > 1 means pydml is
faster). The machine is shared: contenders are timed interleaved, best of N each; claims are made
from the ratios only, never from the absolute times.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib

SEQ, BATCH, INPUT, HIDDEN = 64, 16, 256, 512
DEFAULT_ACTS = {"RNN": ["TANH"], "LSTM": ["SIGMOID", "TANH", "TANH"], "GRU": ["SIGMOID", "TANH"]}
ORDER = {"RNN": [0], "LSTM": [0, 3, 1, 2], "GRU": [1, 0, 2]}  # torch rows -> the page's gate order


def make_case(kind: str, bidirectional: bool, dtype: str) -> tuple[Any, dict[str, np.ndarray], Any, Any]:
    import torch

    cls = {"RNN": torch.nn.RNN, "LSTM": torch.nn.LSTM, "GRU": torch.nn.GRU}[kind]
    m = cls(INPUT, HIDDEN, bidirectional=bidirectional).eval()
    nd = 2 if bidirectional else 1
    g = len(ORDER[kind])

    def rows(t: Any) -> np.ndarray:
        a = t.detach().numpy()
        return np.concatenate([a[k * HIDDEN:(k + 1) * HIDDEN] for k in ORDER[kind]])

    sfx = ["", "_reverse"][:nd]
    np_type = {"FLOAT32": np.float32, "FLOAT16": np.float16}[dtype]
    w = np.stack([rows(getattr(m, f"weight_ih_l0{s}")) for s in sfx])[None].astype(np_type)
    r = np.stack([rows(getattr(m, f"weight_hh_l0{s}")) for s in sfx])[None].astype(np_type)
    b = np.stack([np.concatenate([rows(getattr(m, f"bias_ih_l0{s}")), rows(getattr(m, f"bias_hh_l0{s}"))])
                  for s in sfx])[None, None].astype(np_type)
    x = np.random.default_rng(0).standard_normal((1, SEQ, BATCH, INPUT)).astype(np_type)

    def t(sizes: list[int]) -> Any:
        return pydml.buffer_desc(dtype, sizes)

    direction = "BIDIRECTIONAL" if bidirectional else "FORWARD"
    acts = [getattr(pydml, f"DML_ACTIVATION_{a}_OPERATOR_DESC")() for a in DEFAULT_ACTS[kind]] * nd
    kw: dict[str, Any] = dict(
        InputTensor=t([1, SEQ, BATCH, INPUT]), WeightTensor=t([1, nd, g * HIDDEN, INPUT]),
        RecurrenceTensor=t([1, nd, g * HIDDEN, HIDDEN]), BiasTensor=t([1, 1, nd, 2 * g * HIDDEN]),
        OutputSequenceTensor=t([SEQ, nd, BATCH, HIDDEN]), OutputSingleTensor=t([1, nd, BATCH, HIDDEN]),
        ActivationDescCount=len(acts), ActivationDescs=acts,
        Direction=getattr(pydml, f"DML_RECURRENT_NETWORK_DIRECTION_{direction}"))
    if kind == "LSTM":
        kw.update(OutputCellSingleTensor=t([1, nd, BATCH, HIDDEN]), UseClipThreshold=False, ClipThreshold=0.0,
                  CoupleInputForget=False)
    if kind == "GRU":
        kw["LinearBeforeReset"] = True
    desc = getattr(pydml, f"DML_{kind}_OPERATOR_DESC")(**kw)
    ins = {"InputTensor": x, "WeightTensor": w, "RecurrenceTensor": r, "BiasTensor": b}
    return desc, ins, m, torch.from_numpy(x[0].astype(np.float32))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, no RNN, no FLOAT16")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 11
    header(args.threads)  # CPU model, ISA path, 2-thread copy bandwidth (issue 25)
    print(f"seq {SEQ}, batch {BATCH}, input {INPUT}, hidden {HIDDEN}")
    kinds = ["LSTM", "GRU"] if args.quick else ["LSTM", "GRU", "RNN"]
    dtypes = ["FLOAT32"] if args.quick else ["FLOAT32", "FLOAT16"]
    device = pydml.Device()
    columns = f"{'op':<6} {'direction':<14} {'dtype':<8} {'torch / pydml':>14}"
    rows = []
    for kind in kinds:
        for bidirectional in (False, True):
            for dtype in dtypes:
                desc, ins, module, tx = make_case(kind, bidirectional, dtype)
                op = device.create_operator(desc)
                outs = {name: np.empty(getattr(desc, name).Desc.Sizes, ins["InputTensor"].dtype)
                        for name in op.output_names}

                def run(o: Any = op, i: dict[str, np.ndarray] = ins, b: dict[str, np.ndarray] = outs) -> None:
                    o.execute(i, b)

                def peer(m: Any = module, x: Any = tx) -> Any:
                    with torch.no_grad():
                        return m(x)

                times = best_times([run, peer], repeat)
                direction = "bidirectional" if bidirectional else "forward"
                rows.append((kind, direction, dtype, times[1] / times[0]))
    print(columns)
    print("-" * len(columns))
    for kind, direction, dtype, ratio in rows:
        print(f"{kind:<6} {direction:<14} {dtype:<8} {ratio:14.2f}")
    print("(FLOAT16 rows: pydml's FLOAT16 operator vs torch's float32 module of the same shape)")


if __name__ == "__main__":
    main()
