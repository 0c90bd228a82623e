"""Element-wise runs merged across a row that an input repeats (native/engines/elementwise.c
merge_periodic): an attention mask [B, 1, 1, S] over scores [B, H, S, S], a [W] row over
[N, C, H, W]. The merged run reads the repeated row from its stage at each position's phase; every
result must be the bits of the same operator over the input materialized to the full shape, on
every ISA path, for runs split across work items, with a ScaleBias or a fused activation, and at
the longest period merged (512) and the first one not merged (513)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from ew_harness import run

import pydml
from pydml.native import ffi, lib


def broadcast_strides(full: Sequence[int], small: Sequence[int]) -> list[int]:
    """Element strides reading a contiguous `small` (same rank, sizes 1 or full) over `full`."""
    strides, step = [0] * len(full), 1
    for d in range(len(full) - 1, -1, -1):
        if small[d] != 1:
            strides[d] = step
            step *= small[d]
    return strides


def add_both_ways(full: list[int], small: list[int], dtype: str, *, fused: bool = False,
                  threads: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """(the ADD with B broadcast through zero strides, the same ADD with B materialized)."""
    np_type = np.float16 if dtype == "FLOAT16" else np.float32
    rng = np.random.default_rng(sum(full) + len(small))
    a = rng.standard_normal(full).astype(np_type)
    b = rng.standard_normal(small).astype(np_type)
    act = pydml.DML_OPERATOR_DESC(Type=pydml.DML_OPERATOR_ACTIVATION_RELU,
                                  Desc=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC()) if fused else None
    out_desc = pydml.buffer_desc(dtype, full)

    def add(b_desc: Any) -> Any:
        if fused:
            return pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC(ATensor=out_desc, BTensor=b_desc,
                                                             OutputTensor=out_desc, FusedActivation=act)
        return pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=out_desc, BTensor=b_desc,
                                                        OutputTensor=out_desc)

    previous = lib.pydml_set_num_threads(threads)
    try:
        before = periodic_runs()
        merged = run(add(pydml.buffer_desc(dtype, full, broadcast_strides(full, small))),
                     {"ATensor": a, "BTensor": b})["OutputTensor"]
        # merged exactly when the repeated row is at most EW_PERIOD_MAX (512) long
        assert periodic_runs() - before == int(full[-1] <= 512)
        whole = run(add(out_desc), {"ATensor": a, "BTensor": np.ascontiguousarray(np.broadcast_to(b, full))})
        assert periodic_runs() - before == int(full[-1] <= 512)
    finally:
        lib.pydml_set_num_threads(previous)
    return merged, whole["OutputTensor"]


def periodic_runs() -> int:
    """pydml_debug_elementwise_stats: element-wise executions with a merged periodic run so far."""
    cell = ffi.new("uint64_t*")
    lib.pydml_debug_elementwise_stats(ffi.NULL, ffi.NULL, cell)
    return int(cell[0])


CASES = [
    ([2, 3, 16, 16], [2, 1, 1, 16]),      # an attention mask
    ([3, 5, 7, 9], [1, 1, 1, 9]),         # a row over every row
    ([4, 6, 9], [4, 1, 9]),               # a row per batch
    ([2, 700, 3], [2, 1, 3]),             # very short rows: several per chunk
    ([3, 9, 512], [1, 1, 512]),           # the longest period merged
    ([3, 9, 513], [1, 1, 513]),           # the first one not merged
    ([3, 2200, 40], [3, 1, 40]),          # one merged run of 88 K, split across work items
]


@pytest.mark.parametrize("full,small", CASES)
@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16"])
def test_merged_runs_give_the_materialized_bits(full: list[int], small: list[int], dtype: str,
                                                ew_isa: str) -> None:
    merged, whole = add_both_ways(full, small, dtype)
    bits = np.uint16 if dtype == "FLOAT16" else np.uint32
    np.testing.assert_array_equal(merged.view(bits), whole.view(bits))


@pytest.mark.parametrize("threads", [1, 2])
def test_fused_activation_and_threads(threads: int) -> None:
    merged, whole = add_both_ways([4, 3, 33, 24], [4, 1, 1, 24], "FLOAT32", fused=True, threads=threads)
    np.testing.assert_array_equal(merged, whole)
    assert (merged >= 0).all()


def test_a_scaled_periodic_input() -> None:
    """IDENTITY's ScaleBias applies to its one input, here a row repeated over every output row:
    the bits of the same IDENTITY over the row materialized."""
    row = np.random.default_rng(9).standard_normal(24).astype(np.float32)
    scale = pydml.DML_SCALE_BIAS(Scale=1.5, Bias=-0.25)
    out_desc = pydml.buffer_desc("FLOAT32", [50, 24])
    merged = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc("FLOAT32", [50, 24], [0, 1]), OutputTensor=out_desc, ScaleBias=scale)
    whole = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=out_desc, OutputTensor=out_desc,
                                                          ScaleBias=scale)
    before = periodic_runs()
    got = run(merged, {"InputTensor": row})["OutputTensor"]
    assert periodic_runs() == before + 1
    want = run(whole, {"InputTensor": np.ascontiguousarray(np.broadcast_to(row, (50, 24)))})["OutputTensor"]
    np.testing.assert_array_equal(got, want)
    np.testing.assert_allclose(got[7], row * 1.5 - 0.25, rtol=1e-6)
