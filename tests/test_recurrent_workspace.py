"""The recurrent family's workspace (issue 28): RNN, LSTM and GRU take every buffer of an execution
from DirectML's temporary resource (native/families/recurrent.c, ws_layout), so the plan stays
read-only and executions of one operator may run at the same time (the C API takes no lock).

Also the team layouts the workspace follows (batch groups, hidden blocks, both together) against
the pages' equations (test_recurrent.reference, float64 numpy) and across thread counts.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from ew_harness import same_bits_from_threads
from test_recurrent import BI, DEFAULT_ACTS, FWD, TOL, act_of, case, check, make_desc

import pydml
from pydml.native import lib


def _lstm(rng: np.random.Generator) -> tuple[Any, dict[str, np.ndarray]]:
    seq, batch, inp, hidden = 5, 9, 12, 20
    acts = [act_of(a) for a in DEFAULT_ACTS["LSTM"]] * 2
    desc = make_desc("LSTM", "FLOAT32", seq, batch, inp, hidden, BI, acts, peep=True)

    def rand(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.5).astype(np.float32)

    ins = {"InputTensor": rand(1, seq, batch, inp), "WeightTensor": rand(1, 2, 4 * hidden, inp),
           "RecurrenceTensor": rand(1, 2, 4 * hidden, hidden), "BiasTensor": rand(1, 1, 2, 8 * hidden),
           "HiddenInitTensor": rand(1, 2, batch, hidden), "CellMemInitTensor": rand(1, 2, batch, hidden),
           "PeepholeTensor": rand(1, 1, 2, 3 * hidden)}
    return desc, ins


def _bits(out: dict[str, np.ndarray]) -> bytes:
    return b"".join(out[k].tobytes() for k in sorted(out))


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
def test_temporary_bytes_are_reported(kind: str) -> None:
    acts = [act_of(a) for a in DEFAULT_ACTS[kind]]
    op = pydml.Device().create_operator(make_desc(kind, "FLOAT32", 3, 2, 4, 5, FWD, acts))
    assert op.binding_properties["temporary_bytes"] > 0


def test_a_garbage_filled_temporary_gives_the_same_bits(rng: np.random.Generator) -> None:
    desc, ins = _lstm(rng)
    op = pydml.Device().create_operator(desc)
    need = op.binding_properties["temporary_bytes"]
    expected = _bits(op.execute(ins))
    for fill in (0xFF, 0x7F, 0x00):  # NaN bytes, huge values, zeros
        temporary = np.full(need, fill, np.uint8)
        assert _bits(op.execute(ins, temporary=temporary)) == expected
        assert (temporary != fill).any()  # the caller's memory was used
    with pytest.raises(pydml.PydmlError, match=f"fewer than the {need}"):
        op.execute(ins, temporary=np.zeros(need - 64, np.uint8))


def test_one_lstm_executed_from_three_threads_at_once(rng: np.random.Generator) -> None:
    desc, ins = _lstm(rng)
    op = pydml.Device().create_operator(desc)
    expected = _bits(op.execute(ins))
    same_bits_from_threads(lambda: _bits(op.execute(ins)), expected, repeats=20)


@pytest.mark.parametrize(("kind", "kw"), [("LSTM", {"peep": True}), ("GRU", {"lbr": False}),
                                          ("GRU", {"lbr": True}), ("RNN", {})])
@pytest.mark.parametrize("direction", [FWD, BI])
@pytest.mark.parametrize("hidden", [8, 20])
def test_batch_groups_and_hidden_blocks_agree(kind: str, kw: dict[str, Any], direction: str, hidden: int,
                                               rng: np.random.Generator) -> None:
    # batch 9 on 1 to 4 threads: groups of batch rows (2 and 3 threads), groups and hidden blocks
    # (4 threads forward, hidden 20: two GEMM panels), directions first when bidirectional;
    # test_recurrent's thread-count test (batch 5) runs hidden blocks alone. Sequence lengths
    # included.
    seed = int(rng.integers(1 << 30))
    outs = []
    for threads in (1, 2, 3, 4):
        previous = lib.pydml_set_num_threads(threads)
        try:
            out, ref, _ = case(np.random.default_rng(seed), kind, "FLOAT32", 4, 9, 11, hidden, direction,
                               lengths=[4, 0, 2, 4, 3, 1, 4, 4, 2], **kw)
        finally:
            lib.pydml_set_num_threads(previous)
        check(out, ref, TOL["FLOAT32"])
        outs.append(_bits(out))
    assert all(o == outs[0] for o in outs[1:]), (kind, kw, direction)


def _owned(desc: Any, names: tuple[str, ...]) -> Any:
    import dataclasses
    return dataclasses.replace(desc, **{n: pydml.buffer_desc("FLOAT32", list(getattr(desc, n).Desc.Sizes),
                                                             Flags="OWNED_BY_DML") for n in names})


@pytest.mark.parametrize("names", [("WeightTensor", "RecurrenceTensor"), ("RecurrenceTensor",), ("WeightTensor",)])
def test_owned_weights_are_packed_at_initialize_with_the_same_bits(names: tuple[str, ...],
                                                                   rng: np.random.Generator) -> None:
    # recurrent.c's initialize packs an LSTM's OWNED_BY_DML W^T and R^T once (ONNX initializers):
    # the executions that use those panels give the bits of packing per execution, on any team
    from ew_harness import ISA_PATHS, available_paths
    desc, ins = _lstm(rng)
    plain = pydml.Device().create_operator(desc)
    expected = _bits(plain.execute(ins))
    op = pydml.Device().create_operator(_owned(desc, names))
    owned = {n: ins[n] for n in names}
    bound = {n: v for n, v in ins.items() if n not in names}
    op.initialize(owned)
    for threads in (1, 2, 3):
        previous = lib.pydml_set_num_threads(threads)
        try:
            assert _bits(op.execute(bound)) == expected, threads
        finally:
            lib.pydml_set_num_threads(previous)
    # other weights at a second initialize replace the first's panels
    other = {n: (v * 0.5).astype(np.float32) for n, v in owned.items()}
    op.initialize(other)
    assert _bits(op.execute(bound)) == _bits(plain.execute({**ins, **other}))
    # panels packed for the portable path's width serve no other path's executions (they pack
    # their own), and do serve the portable path's
    lib.pydml_set_cpu_features(ISA_PATHS["portable"])
    try:
        op.initialize(owned)
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            assert _bits(op.execute(bound)) == _bits(plain.execute(ins)), path
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)


@pytest.mark.parametrize("special", [None, np.inf, np.nan])
def test_zero_initial_state_skips_the_first_product_with_the_same_bits(special: float | None,
                                                                       rng: np.random.Generator) -> None:
    # with R^T packed at initialize and finite, a zero initial H (signed zeros included) lets
    # lstm_block write the first step's addend + 0.0f instead of H_{t-1} R^T + addend: the same bits
    # as the operator that packs per execution and runs the product; an inf or NaN in R must still
    # turn 0 * R into NaN, as the product does
    desc, ins = _lstm(rng)
    h0 = np.zeros_like(ins["HiddenInitTensor"])
    h0[0, :, ::2, ::3] = -0.0
    ins = {**ins, "HiddenInitTensor": h0}
    if special is not None:
        r = ins["RecurrenceTensor"].copy()
        r[0, 1, 7, 3] = special  # the backward direction's
        ins["RecurrenceTensor"] = r
    plain = pydml.Device().create_operator(desc)
    names = ("WeightTensor", "RecurrenceTensor")
    op = pydml.Device().create_operator(_owned(desc, names))
    op.initialize({n: ins[n] for n in names})
    bound = {n: v for n, v in ins.items() if n not in names}
    for threads in (1, 2, 3):
        previous = lib.pydml_set_num_threads(threads)
        try:
            expected = plain.execute(ins)
            got = op.execute(bound)
        finally:
            lib.pydml_set_num_threads(previous)
        assert _bits(got) == _bits(expected), threads
    if special is not None:
        assert np.isnan(got["OutputSequenceTensor"][0, 1]).any()  # the NaN reached the output
    else:
        assert np.isfinite(got["OutputSequenceTensor"]).all()
