"""RNN, LSTM and GRU (native/families/recurrent.c) and their own rules (native/validate/rules_recurrent.c).

References:
  * ``reference``: the pages' equations in float64 numpy (MicrosoftDocs/sdk-api
    ns-directml-dml_{rnn,lstm,gru}_operator_desc.md; the conventions recurrent.c's header settles:
    LSTM's output-gate peephole reads the new cell C_t, sequence lengths as ONNX's sequence_lens,
    outputs past a sequence's length 0), written step by step with no shared code with the kernel.
    Activations are the ACTIVATION_* pages' float64 formulas (tests/test_ew_activation.py).
  * torch.nn.RNN / LSTM / GRU where the conventions coincide: RNN (tanh) as is; LSTM with torch's
    gate rows (i, f, g, o) reordered to the page's (i, o, f, c) and no peepholes, clip or coupling;
    GRU with torch's rows (r, z, n) reordered to the page's (z, r, h) and LinearBeforeReset TRUE
    (torch's n = tanh(W_in x + b_in + r * (W_hn h + b_hn)) is the page's linear-before-reset form).
    torch's biases b_ih, b_hh are the page's Wb, Rb.

Outputs are NaN-poisoned before execution (ew_harness.run); shapes are small.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import run, tensor
from test_ew_activation import BY_NAME, FUSABLE, Act

import pydml
from pydml import ValidationError
from pydml.native import lib

FWD, BWD, BI = "FORWARD", "BACKWARD", "BIDIRECTIONAL"
GATES = {"RNN": 1, "LSTM": 4, "GRU": 3}
DEFAULT_ACTS = {"RNN": ["TANH"], "LSTM": ["SIGMOID", "TANH", "TANH"], "GRU": ["SIGMOID", "TANH"]}
NP = {"FLOAT32": np.float32, "FLOAT16": np.float16}


def act_of(name: str) -> Act:
    return BY_NAME[name]


def ndir(direction: str) -> int:
    return 2 if direction == BI else 1


def make_desc(kind: str, dtype: str, seq: int, batch: int, inp: int, hidden: int, direction: str,
              acts: Sequence[Act], *, bias: bool = True, h0: bool = True, c0: bool = True,
              lengths: bool = False, peep: bool = False, y: bool = True, yh: bool = True,
              yc: bool = True, clip: float | None = None, couple: bool = False,
              lbr: bool = False, sizes: dict[str, list[int]] | None = None,
              count: int | None = None) -> Any:
    g, nd = GATES[kind], ndir(direction)
    s = {
        "InputTensor": [1, seq, batch, inp], "WeightTensor": [1, nd, g * hidden, inp],
        "RecurrenceTensor": [1, nd, g * hidden, hidden], "BiasTensor": [1, 1, nd, 2 * g * hidden],
        "HiddenInitTensor": [1, nd, batch, hidden], "CellMemInitTensor": [1, nd, batch, hidden],
        "SequenceLengthsTensor": [1, 1, 1, batch], "PeepholeTensor": [1, 1, nd, 3 * hidden],
        "OutputSequenceTensor": [seq, nd, batch, hidden], "OutputSingleTensor": [1, nd, batch, hidden],
        "OutputCellSingleTensor": [1, nd, batch, hidden],
    }
    s.update(sizes or {})

    def t(name: str, on: bool = True, typ: str = dtype) -> Any:
        return tensor(typ, s[name]) if on else None

    kw: dict[str, Any] = dict(
        InputTensor=t("InputTensor"), WeightTensor=t("WeightTensor"), RecurrenceTensor=t("RecurrenceTensor"),
        BiasTensor=t("BiasTensor", bias), HiddenInitTensor=t("HiddenInitTensor", h0),
        SequenceLengthsTensor=t("SequenceLengthsTensor", lengths, "UINT32"),
        OutputSequenceTensor=t("OutputSequenceTensor", y), OutputSingleTensor=t("OutputSingleTensor", yh),
        ActivationDescCount=len(acts) if count is None else count,
        ActivationDescs=[a.desc() for a in acts],
        Direction=getattr(pydml, f"DML_RECURRENT_NETWORK_DIRECTION_{direction}"))
    if kind == "LSTM":
        kw.update(CellMemInitTensor=t("CellMemInitTensor", c0), PeepholeTensor=t("PeepholeTensor", peep),
                  OutputCellSingleTensor=t("OutputCellSingleTensor", yc),
                  UseClipThreshold=clip is not None, ClipThreshold=0.0 if clip is None else clip,
                  CoupleInputForget=couple)
    if kind == "GRU":
        kw["LinearBeforeReset"] = lbr
    return getattr(pydml, f"DML_{kind}_OPERATOR_DESC")(**kw)


def reference(kind: str, x: np.ndarray, w: np.ndarray, r: np.ndarray, b: np.ndarray | None,
              h0: np.ndarray | None, c0: np.ndarray | None, lengths: np.ndarray | None,
              p: np.ndarray | None, direction: str, acts: Sequence[Act], clip: float | None = None,
              couple: bool = False, lbr: bool = False) -> dict[str, np.ndarray]:
    """The pages' equations in float64. Tensors as bound (4-D); returns Y, Y_h, Y_c (4-D)."""
    x64 = x[0].astype(np.float64)                        # [seq, batch, input]
    seq, batch, _ = x64.shape
    nd = ndir(direction)
    hidden = r.shape[3]
    y = np.zeros((seq, nd, batch, hidden))
    yh = np.zeros((1, nd, batch, hidden))
    yc = np.zeros((1, nd, batch, hidden))
    ln = np.full(batch, seq) if lengths is None else np.minimum(lengths.reshape(-1).astype(np.int64), seq)
    nact = len(DEFAULT_ACTS[kind])
    for d in range(nd):
        backward = direction == BWD or (direction == BI and d == 1)
        f = [lambda v, a=a: a.ref(v, a.p64()) for a in acts[d * nact:(d + 1) * nact]]
        W, R = w[0, d].astype(np.float64), r[0, d].astype(np.float64)
        g = GATES[kind]
        bb = np.zeros(2 * g * hidden) if b is None else b[0, 0, d].astype(np.float64)
        wb, rb = bb[:g * hidden], bb[g * hidden:]
        H = np.zeros((batch, hidden)) if h0 is None else h0[0, d].astype(np.float64).copy()
        C = np.zeros((batch, hidden)) if c0 is None else c0[0, d].astype(np.float64).copy()
        P = np.zeros(3 * hidden) if p is None else p[0, 0, d].astype(np.float64)

        def cl(v: np.ndarray) -> np.ndarray:
            return v if clip is None else np.minimum(np.maximum(v, -clip), clip)

        def part(m: np.ndarray, k: int) -> np.ndarray:
            return m[k * hidden:(k + 1) * hidden]

        for n in range(batch):
            steps = range(ln[n] - 1, -1, -1) if backward else range(ln[n])
            h, c = H[n], C[n]
            for t in steps:
                xt = x64[t, n]
                if kind == "RNN":
                    h = f[0](xt @ W.T + h @ R.T + wb + rb)
                elif kind == "LSTM":
                    def gate(k: int, h: np.ndarray = h, xt: np.ndarray = xt, W: np.ndarray = W,
                             R: np.ndarray = R, wb: np.ndarray = wb, rb: np.ndarray = rb) -> np.ndarray:
                        out: np.ndarray = xt @ part(W, k).T + h @ part(R, k).T + part(wb, k) + part(rb, k)
                        return out
                    i = f[0](cl(gate(0) + part(P, 0) * c))
                    fg = 1.0 - i if couple else f[0](cl(gate(2) + part(P, 2) * c))
                    cc = f[1](cl(gate(3)))
                    c = fg * c + i * cc
                    o = f[0](cl(gate(1) + part(P, 1) * c))
                    h = o * f[2](c)
                else:
                    z = f[0](xt @ part(W, 0).T + h @ part(R, 0).T + part(wb, 0) + part(rb, 0))
                    rr = f[0](xt @ part(W, 1).T + h @ part(R, 1).T + part(wb, 1) + part(rb, 1))
                    if lbr:
                        hh = f[1](xt @ part(W, 2).T + rr * (h @ part(R, 2).T + part(rb, 2)) + part(wb, 2))
                    else:
                        hh = f[1](xt @ part(W, 2).T + (rr * h) @ part(R, 2).T + part(rb, 2) + part(wb, 2))
                    h = (1.0 - z) * hh + z * h
                y[t, d, n] = h
            yh[0, d, n], yc[0, d, n] = h, c
    return {"OutputSequenceTensor": y, "OutputSingleTensor": yh, "OutputCellSingleTensor": yc}


def case(rng: np.random.Generator, kind: str, dtype: str, seq: int, batch: int, inp: int, hidden: int,
         direction: str, acts: Sequence[Act] | None = None, *, lengths: Sequence[int] | None = None,
         scale: float = 0.5, **kw: Any
         ) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], dict[str, Any]]:
    """Executes a random case; returns (outputs, reference, inputs)."""
    nd, g = ndir(direction), GATES[kind]
    if acts is None:
        acts = [act_of(a) for a in DEFAULT_ACTS[kind]] * nd
    typ = NP[dtype]

    def rand(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * scale).astype(typ)

    has = {k: kw.pop(k, True) for k in ("bias", "h0", "c0")}
    peep = kw.pop("peep", False)
    desc = make_desc(kind, dtype, seq, batch, inp, hidden, direction, acts, lengths=lengths is not None,
                     peep=peep, **has, **kw)
    ins: dict[str, Any] = {
        "InputTensor": rand(1, seq, batch, inp), "WeightTensor": rand(1, nd, g * hidden, inp),
        "RecurrenceTensor": rand(1, nd, g * hidden, hidden),
    }
    if has["bias"]:
        ins["BiasTensor"] = rand(1, 1, nd, 2 * g * hidden)
    if has["h0"]:
        ins["HiddenInitTensor"] = rand(1, nd, batch, hidden)
    if has["c0"] and kind == "LSTM":
        ins["CellMemInitTensor"] = rand(1, nd, batch, hidden)
    if peep:
        ins["PeepholeTensor"] = rand(1, 1, nd, 3 * hidden)
    if lengths is not None:
        ins["SequenceLengthsTensor"] = np.array(lengths, np.uint32).reshape(1, 1, 1, batch)
    out = run(desc, ins)
    ref = reference(kind, ins["InputTensor"], ins["WeightTensor"], ins["RecurrenceTensor"],
                    ins.get("BiasTensor"), ins.get("HiddenInitTensor"), ins.get("CellMemInitTensor"),
                    ins.get("SequenceLengthsTensor"), ins.get("PeepholeTensor"), direction, acts,
                    clip=kw.get("clip"), couple=kw.get("couple", False), lbr=kw.get("lbr", False))
    return out, ref, ins


def check(out: dict[str, np.ndarray], ref: dict[str, np.ndarray], tol: float) -> None:
    assert out, "no output"
    for name, got in out.items():
        assert np.all(np.isfinite(got)), f"{name}: poisoned (NaN) output left"
        err = np.max(np.abs(got.astype(np.float64) - ref[name]))
        assert err <= tol, f"{name}: max error {err}"


TOL = {"FLOAT32": 2e-5, "FLOAT16": 4e-3}


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("direction", [FWD, BWD, BI])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_every_direction_against_the_pages_equations(kind: str, direction: str, dtype: str,
                                                    rng: np.random.Generator) -> None:
    out, ref, _ = case(rng, kind, dtype, 5, 3, 7, 20, direction)
    assert set(out) == ({"OutputSequenceTensor", "OutputSingleTensor"}
                        | ({"OutputCellSingleTensor"} if kind == "LSTM" else set()))
    check(out, ref, TOL[dtype])


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("drop", ["bias", "h0", "c0", "all"])
def test_without_optional_inputs(kind: str, drop: str, rng: np.random.Generator) -> None:
    off = {"bias": False, "h0": False, "c0": False} if drop == "all" else {drop: False}
    out, ref, _ = case(rng, kind, "FLOAT32", 4, 2, 5, 9, BI, **off)
    check(out, ref, TOL["FLOAT32"])


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("keep", ["OutputSequenceTensor", "OutputSingleTensor", "OutputCellSingleTensor"])
def test_each_output_alone(kind: str, keep: str, rng: np.random.Generator) -> None:
    if kind != "LSTM" and keep == "OutputCellSingleTensor":
        pytest.skip("LSTM only")
    flags = {"y": keep == "OutputSequenceTensor", "yh": keep == "OutputSingleTensor",
             "yc": keep == "OutputCellSingleTensor"}
    if kind != "LSTM":
        flags.pop("yc")
    out, ref, _ = case(rng, kind, "FLOAT32", 3, 2, 4, 6, FWD, **flags)
    assert list(out) == [keep]
    check(out, ref, TOL["FLOAT32"])


def test_no_output_at_all_computes_nothing(rng: np.random.Generator) -> None:
    out, _, _ = case(rng, "GRU", "FLOAT32", 3, 2, 4, 6, FWD, y=False, yh=False)
    assert out == {}


@pytest.mark.parametrize("direction", [FWD, BWD, BI])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_lstm_peepholes_clip_and_coupling(direction: str, dtype: str, rng: np.random.Generator) -> None:
    for opts in ({"peep": True}, {"clip": 0.3}, {"couple": True},
                 {"peep": True, "clip": 0.7, "couple": True}):
        out, ref, _ = case(rng, "LSTM", dtype, 4, 3, 5, 18, direction, scale=0.8, **opts)
        check(out, ref, TOL[dtype])


def test_lstm_negative_clip_threshold_is_min_max(rng: np.random.Generator) -> None:
    out, ref, _ = case(rng, "LSTM", "FLOAT32", 3, 2, 4, 5, FWD, clip=-0.25)
    check(out, ref, TOL["FLOAT32"])


@pytest.mark.parametrize("direction", [FWD, BWD, BI])
@pytest.mark.parametrize("lbr", [False, True])
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_gru_linear_before_reset(direction: str, lbr: bool, dtype: str, rng: np.random.Generator) -> None:
    out, ref, _ = case(rng, "GRU", dtype, 5, 3, 6, 21, direction, lbr=lbr)
    check(out, ref, TOL[dtype])


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("direction", [FWD, BWD, BI])
def test_sequence_lengths(kind: str, direction: str, rng: np.random.Generator) -> None:
    # 0, shorter, equal and (clamped) longer than seq_length
    out, ref, _ = case(rng, kind, "FLOAT32", 5, 5, 4, 7, direction, lengths=[3, 0, 5, 1, 9])
    check(out, ref, TOL["FLOAT32"])
    y = out["OutputSequenceTensor"]
    assert np.all(y[3:, :, 0] == 0) and np.all(y[:, :, 1] == 0) and np.all(y[1:, :, 3] == 0)


def test_sequence_length_zero_keeps_the_initial_state(rng: np.random.Generator) -> None:
    out, ref, ins = case(rng, "LSTM", "FLOAT32", 3, 2, 4, 5, BI, lengths=[0, 2])
    check(out, ref, TOL["FLOAT32"])
    # batch element 0 runs no step: its final state is the initial one, bit for bit
    assert np.array_equal(out["OutputSingleTensor"][:, :, 0], ins["HiddenInitTensor"][:, :, 0])
    assert np.array_equal(out["OutputCellSingleTensor"][:, :, 0], ins["CellMemInitTensor"][:, :, 0])
    assert np.all(out["OutputSequenceTensor"][:, :, 0] == 0)


def test_extreme_sequence_lengths_stay_in_bounds(rng: np.random.Generator) -> None:
    out, ref, _ = case(rng, "GRU", "FLOAT32", 4, 3, 3, 5, BI, lengths=[0xFFFFFFFF, 4, 0x80000000])
    check(out, ref, TOL["FLOAT32"])


def _nondefault(kind: str, nd: int) -> list[Act]:
    """Non-default activations with parameters, a different one for each slot."""
    pool = [a for a in FUSABLE if a.name not in ("SIGMOID", "TANH")]
    n = len(DEFAULT_ACTS[kind]) * nd
    return [pool[(7 * k + 3) % len(pool)] for k in range(n)]


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
def test_non_default_activations_with_parameters(kind: str, rng: np.random.Generator) -> None:
    acts = _nondefault(kind, 2)
    out, ref, _ = case(rng, kind, "FLOAT32", 4, 2, 5, 6, BI, acts, scale=0.4)
    check(out, ref, 5e-5)


@pytest.mark.parametrize("act", FUSABLE, ids=lambda a: a.name)
def test_every_fusable_activation_in_every_slot(act: Act, rng: np.random.Generator) -> None:
    # one slot at a time changed from the defaults, both directions, each operator
    for kind in ("RNN", "LSTM", "GRU"):
        base = [act_of(a) for a in DEFAULT_ACTS[kind]] * 2
        for slot in range(len(base)):
            acts = list(base)
            acts[slot] = act
            out, ref, _ = case(rng, kind, "FLOAT32", 3, 2, 3, 4, BI, acts, scale=0.4,
                               lbr=True) if kind == "GRU" else case(
                rng, kind, "FLOAT32", 3, 2, 3, 4, BI, acts, scale=0.4)
            check(out, ref, 5e-5)


def test_results_do_not_depend_on_the_thread_count(rng: np.random.Generator) -> None:
    for kind, kw in (("LSTM", {"peep": True}), ("GRU", {"lbr": False}), ("GRU", {"lbr": True}), ("RNN", {})):
        seed = int(rng.integers(1 << 30))
        outs = []
        for threads in (1, 2, 3):
            previous = lib.pydml_set_num_threads(threads)
            try:
                outs.append(case(np.random.default_rng(seed), kind, "FLOAT32", 4, 5, 40, 70, BI, **kw)[0])
            finally:
                lib.pydml_set_num_threads(previous)
        for other in outs[1:]:
            for name in outs[0]:
                assert np.array_equal(outs[0][name], other[name]), (kind, kw, name)


def test_hidden_blocks_chosen_for_a_large_recurrence_give_the_same_bits(rng: np.random.Generator) -> None:
    # R^T of 4 x 416^2 floats is past RNN_RT_SHARE_BYTES (2 MiB a thread): two threads split the
    # hidden units with a barrier a step, four take 2 batch groups x 2 blocks; one thread neither
    seed = int(rng.integers(1 << 30))
    outs = []
    for threads in (1, 2, 4):
        previous = lib.pydml_set_num_threads(threads)
        try:
            out, ref, _ = case(np.random.default_rng(seed), "LSTM", "FLOAT32", 3, 8, 5, 416, "FORWARD",
                               scale=0.1, peep=True)
            check(out, ref, TOL["FLOAT32"])
            outs.append(out)
        finally:
            lib.pydml_set_num_threads(previous)
    for other in outs[1:]:
        for name in outs[0]:
            assert np.array_equal(outs[0][name], other[name]), name


def test_isa_paths_agree_with_the_reference(rng: np.random.Generator) -> None:
    from ew_harness import ISA_PATHS, available_paths
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            out, ref, _ = case(rng, "LSTM", "FLOAT32", 4, 3, 9, 37, BI, peep=True)
            check(out, ref, TOL["FLOAT32"])
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)


def test_strided_views(rng: np.random.Generator) -> None:
    # a padded InputTensor and OutputSequenceTensor (the page: "Packed (and potentially padded)")
    seq, batch, inp, hidden = 3, 2, 4, 5
    acts = [act_of(a) for a in DEFAULT_ACTS["GRU"]]
    desc = pydml.DML_GRU_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [1, seq, batch, inp], [0, batch * 8, 8, 2]),
        WeightTensor=tensor("FLOAT32", [1, 1, 3 * hidden, inp]),
        RecurrenceTensor=tensor("FLOAT32", [1, 1, 3 * hidden, hidden]),
        LinearBeforeReset=False,
        OutputSequenceTensor=tensor("FLOAT32", [seq, 1, batch, hidden], [batch * 12, batch * 12, 12, 2]),
        ActivationDescCount=2, ActivationDescs=[a.desc() for a in acts],
        Direction=pydml.DML_RECURRENT_NETWORK_DIRECTION_FORWARD)
    xbuf = rng.standard_normal(seq * batch * 8).astype(np.float32)
    w = rng.standard_normal((1, 1, 3 * hidden, inp)).astype(np.float32)
    r = rng.standard_normal((1, 1, 3 * hidden, hidden)).astype(np.float32)
    ybuf = np.full(seq * batch * 12, np.nan, np.float32)
    device = pydml.Device()
    op = device.create_operator(desc)
    op.execute({"InputTensor": xbuf, "WeightTensor": w, "RecurrenceTensor": r},
               {"OutputSequenceTensor": ybuf})
    x = np.lib.stride_tricks.as_strided(xbuf, (1, seq, batch, inp), (0, batch * 32, 32, 8))
    ref = reference("GRU", x, w, r, None, None, None, None, None, FWD, acts)["OutputSequenceTensor"]
    got = np.lib.stride_tricks.as_strided(ybuf, (seq, 1, batch, hidden), (batch * 48, batch * 48, 48, 8))
    assert np.max(np.abs(got - ref)) < 2e-5
    mask = np.ones_like(ybuf, bool)
    mask[np.arange(seq * batch * 12).reshape(seq, batch, 12)[:, :, 0:10:2]] = False
    assert np.all(np.isnan(ybuf[mask])), "wrote outside the view"


# ---- torch, where its conventions are the page's ----

def _torch_case(kind: str, bidirectional: bool, rng: np.random.Generator) -> None:
    seq, batch, inp, hidden = 6, 4, 10, 12
    torch.manual_seed(int(rng.integers(1 << 30)))
    cls = {"RNN": torch.nn.RNN, "LSTM": torch.nn.LSTM, "GRU": torch.nn.GRU}[kind]
    m = cls(inp, hidden, bidirectional=bidirectional).double()
    nd = 2 if bidirectional else 1
    x = rng.standard_normal((seq, batch, inp))
    h0 = rng.standard_normal((nd, batch, hidden)) * 0.5
    c0 = rng.standard_normal((nd, batch, hidden)) * 0.5
    # torch's gate rows -> the page's: LSTM (i, f, g, o) -> (i, o, f, c); GRU (r, z, n) -> (z, r, h)
    order = {"RNN": [0], "LSTM": [0, 3, 1, 2], "GRU": [1, 0, 2]}[kind]

    def rows(t: torch.Tensor) -> np.ndarray:
        a = t.detach().numpy()
        return np.concatenate([a[k * hidden:(k + 1) * hidden] for k in order])

    sfx = ["", "_reverse"][:nd]
    w = np.stack([rows(getattr(m, f"weight_ih_l0{s}")) for s in sfx])[None]
    r = np.stack([rows(getattr(m, f"weight_hh_l0{s}")) for s in sfx])[None]
    b = np.stack([np.concatenate([rows(getattr(m, f"bias_ih_l0{s}")), rows(getattr(m, f"bias_hh_l0{s}"))])
                  for s in sfx])[None, None]
    with torch.no_grad():
        xt = torch.from_numpy(x)
        if kind == "LSTM":
            ty, (th, tc) = m(xt, (torch.from_numpy(h0), torch.from_numpy(c0)))
        else:
            ty, th = m(xt, torch.from_numpy(h0))
    acts = [act_of(a) for a in DEFAULT_ACTS[kind]] * nd
    desc = make_desc(kind, "FLOAT32", seq, batch, inp, hidden, BI if bidirectional else FWD, acts,
                     lbr=kind == "GRU")
    f32 = np.float32
    ins = {"InputTensor": x[None].astype(f32), "WeightTensor": w.astype(f32),
           "RecurrenceTensor": r.astype(f32), "BiasTensor": b.astype(f32),
           "HiddenInitTensor": h0[None].astype(f32)}
    if kind == "LSTM":
        ins["CellMemInitTensor"] = c0[None].astype(f32)
    out = run(desc, ins)
    # torch's output is [seq, batch, nd * hidden]; the page's [seq, nd, batch, hidden]
    want_y = ty.numpy().reshape(seq, batch, nd, hidden).transpose(0, 2, 1, 3)
    assert np.max(np.abs(out["OutputSequenceTensor"] - want_y)) < 1e-5
    assert np.max(np.abs(out["OutputSingleTensor"][0] - th.numpy())) < 1e-5
    if kind == "LSTM":
        assert np.max(np.abs(out["OutputCellSingleTensor"][0] - tc.numpy())) < 1e-5


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("bidirectional", [False, True])
def test_against_torch(kind: str, bidirectional: bool, rng: np.random.Generator) -> None:
    _torch_case(kind, bidirectional, rng)


# ---- bad input: the pages' sizes and counts ----

def _error(desc: Any) -> str:
    with pytest.raises(ValidationError) as e:
        pydml.Device().create_operator(desc)
    return str(e.value)


@pytest.mark.parametrize("kind,direction,count,want", [
    # validate.c checks each count against its bound before reading the array it counts (the
    # direction's activations), so its message is the one a count past the array gets
    ("RNN", FWD, 2, "must be 1 for one direction (1 activation per direction), got 2"),
    ("RNN", BI, 1, "must be 2 for {bi} (1 activation per direction), got 1"),
    ("LSTM", BWD, 6, "must be 3 for one direction (3 activations per direction), got 6"),
    ("LSTM", BI, 3, "must be 6 for {bi} (3 activations per direction), got 3"),
    ("GRU", FWD, 3, "must be 2 for one direction (2 activations per direction), got 3"),
    ("GRU", BI, 2, "must be 4 for {bi} (2 activations per direction), got 2"),
])
def test_activation_count_per_direction(kind: str, direction: str, count: int, want: str) -> None:
    want = want.format(bi="DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL")
    acts = [act_of("SIGMOID")] * count
    msg = _error(make_desc(kind, "FLOAT32", 2, 2, 3, 4, direction, acts))
    assert f"DML_{kind}_OPERATOR_DESC.ActivationDescCount: {want}" in msg


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("field,sizes,where,want", [
    ("WeightTensor", lambda g: [1, 1, (g + 1) * 4, 3], "Sizes[2]", "must be {g4} ({g} * hidden_size, "
     "hidden_size = RecurrenceTensor.Sizes[3]), got {g1}"),
    ("RecurrenceTensor", lambda g: [1, 1, g * 4 + 1, 4], "Sizes[2]", "must be {g4}"),
    ("WeightTensor", lambda g: [1, 1, g * 4, 2], "Sizes[3]",
     "must be 3 (input_size = InputTensor.Sizes[3]), got 2"),
    ("WeightTensor", lambda g: [1, 2, g * 4, 3], "Sizes[1]",
     "must be 1 (num_directions of a single direction)"),
    ("BiasTensor", lambda g: [1, 1, 1, g * 4], "Sizes[3]", "must be {g8}"),
    ("HiddenInitTensor", lambda g: [1, 1, 3, 4], "Sizes[2]",
     "must be 2 (batch_size = InputTensor.Sizes[2]), got 3"),
    ("SequenceLengthsTensor", lambda g: [1, 1, 2, 2], "Sizes[2]", "must be 1 (the page's leading 1), got 2"),
    ("OutputSequenceTensor", lambda g: [3, 1, 2, 4], "Sizes[0]",
     "must be 2 (seq_length = InputTensor.Sizes[1]), got 3"),
    ("OutputSingleTensor", lambda g: [1, 1, 2, 5], "Sizes[3]",
     "must be 4 (hidden_size = RecurrenceTensor.Sizes[3]), got 5"),
    ("InputTensor", lambda g: [2, 2, 2, 3], "Sizes[0]", "must be 1 (the page's leading 1), got 2"),
])
def test_sizes_the_pages_state(kind: str, field: str, sizes: Any, where: str, want: str) -> None:
    g = GATES[kind]
    acts = [act_of(a) for a in DEFAULT_ACTS[kind]]
    desc = make_desc(kind, "FLOAT32", 2, 2, 3, 4, FWD, acts, lengths=True, sizes={field: sizes(g)})
    msg = _error(desc)
    text = want.format(g=g, g4=g * 4, g1=(g + 1) * 4, g8=g * 8)
    assert f"DML_{kind}_OPERATOR_DESC.{field}.{where}: {text}" in msg, msg


@pytest.mark.parametrize("field,sizes,where", [
    ("PeepholeTensor", [1, 1, 1, 8], "Sizes[3]"),
    ("CellMemInitTensor", [1, 2, 2, 4], "Sizes[1]"),
    ("OutputCellSingleTensor", [1, 1, 2, 3], "Sizes[3]"),
])
def test_lstm_only_tensor_sizes(field: str, sizes: list[int], where: str) -> None:
    acts = [act_of(a) for a in DEFAULT_ACTS["LSTM"]]
    msg = _error(make_desc("LSTM", "FLOAT32", 2, 2, 3, 4, FWD, acts, peep=True, sizes={field: sizes}))
    assert f"DML_LSTM_OPERATOR_DESC.{field}.{where}: must be" in msg, msg


def test_activation_must_be_fusable() -> None:
    acts = [act_of("SIGMOID"), act_of("SWISH")]
    msg = _error(make_desc("GRU", "FLOAT32", 2, 2, 3, 4, FWD, acts))
    assert "ActivationDescs[1].Type: is not an activation that can be fused" in msg, msg


def test_bad_inputs_at_execution_never_crash(rng: np.random.Generator) -> None:
    desc = make_desc("LSTM", "FLOAT32", 2, 2, 3, 4, FWD, [act_of(a) for a in DEFAULT_ACTS["LSTM"]])
    op = pydml.Device().create_operator(desc)
    small = np.zeros(3, np.float32)
    with pytest.raises(pydml.PydmlError, match="InputTensor: the bound buffer has 12 bytes"):
        op.execute({"InputTensor": small, "WeightTensor": small, "RecurrenceTensor": small},
                   {"OutputSequenceTensor": np.zeros(32, np.float32)})


def test_listed_as_executing() -> None:
    from pydml.registry import schema_of
    for kind in ("RNN", "LSTM", "GRU"):
        assert schema_of(kind).executes


def test_nan_passes_through_the_clip(rng: np.random.Generator) -> None:
    # clip = min(max(x, -c), c) as onnxruntime's std::min / std::max evaluate it: NaN stays NaN
    desc = make_desc("LSTM", "FLOAT32", 2, 2, 3, 4, FWD, [act_of(a) for a in DEFAULT_ACTS["LSTM"]],
                     bias=False, h0=False, c0=False, clip=0.5)
    x = rng.standard_normal((1, 2, 2, 3)).astype(np.float32)
    x[0, 0, 1, 0] = np.nan
    w = rng.standard_normal((1, 1, 16, 3)).astype(np.float32)
    r = rng.standard_normal((1, 1, 16, 4)).astype(np.float32)
    out = run(desc, {"InputTensor": x, "WeightTensor": w, "RecurrenceTensor": r})
    y = out["OutputSequenceTensor"]
    assert np.isnan(y[:, :, 1]).all() and np.isfinite(y[:, :, 0]).all()
