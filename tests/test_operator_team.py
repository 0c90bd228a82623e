"""Whether a single operator's execution runs on the thread team or on the calling thread alone
(native/api/capi.c pydml_operator_execute_ex): a contraction (GEMM, the integer matrix products, the
convolutions) by its multiply-adds against the graph's bars (pydml_team_macs: 128 K while the team
spins, 1 M once it has been idle 3 ms), anything else by its bindings' elements (32 K, 1 M once
idle). Read through pydml_team_idle_ns, which restarts only when a team of two threads ends.

Before the contraction rule, a GEMM of 256 x 1024 x 256 (590 K elements, 67 M multiply-adds) ran
alone whenever the team had been idle, and since running alone leaves the team idle, so did every
later call: half the speed of numpy's sgemm on two threads."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import pydml
from pydml import buffer_desc
from pydml.native import lib


@pytest.fixture
def two_threads(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "PYDML_GRAPH_TEAM_MACS"):
        monkeypatch.delenv(name, raising=False)
    previous = lib.pydml_set_num_threads(2)
    try:
        yield
    finally:
        lib.pydml_set_num_threads(previous)


def gemm(m: int, k: int, n: int) -> tuple[Any, dict[str, np.ndarray], np.ndarray]:
    rng = np.random.default_rng(m + k + n)
    desc = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=buffer_desc("FLOAT32", [m, k]), BTensor=buffer_desc("FLOAT32", [k, n]),
        OutputTensor=buffer_desc("FLOAT32", [m, n]), TransA=0, TransB=0, Alpha=1.0, Beta=0.0)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    return desc, {"ATensor": a, "BTensor": b}, a.astype(np.float64) @ b.astype(np.float64)


def convolution(c: int, hw: int) -> tuple[Any, dict[str, np.ndarray], None]:
    rng = np.random.default_rng(c + hw)
    desc = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=buffer_desc("FLOAT32", [1, c, hw, hw]), FilterTensor=buffer_desc("FLOAT32", [c, c, 3, 3]),
        OutputTensor=buffer_desc("FLOAT32", [1, c, hw, hw]), Mode=0, Direction=0, DimensionCount=2,
        Strides=[1, 1], Dilations=[1, 1], StartPadding=[1, 1], EndPadding=[1, 1], OutputPadding=[0, 0],
        GroupCount=1)
    inputs = {"InputTensor": rng.standard_normal((1, c, hw, hw)).astype(np.float32),
              "FilterTensor": rng.standard_normal((c, c, 3, 3)).astype(np.float32)}
    return desc, inputs, None


def ran_on_team_after_idle(make: Callable[[], tuple[Any, dict[str, np.ndarray], Any]]) -> bool:
    """Executes the operator after 20 ms without work (the team cold) and says whether a team of
    two threads ran it; the result is checked against float64 where the case has a reference."""
    desc, inputs, ref = make()
    op = pydml.Device().create_operator(desc)
    op.execute(inputs)
    time.sleep(0.02)
    rested = int(lib.pydml_team_idle_ns())
    assert rested >= 3_000_000  # cold: the sleeping team's bars apply
    out = op.execute(inputs)["OutputTensor"]
    if ref is not None:
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-3)
    return int(lib.pydml_team_idle_ns()) < rested


def test_a_large_contraction_with_few_elements_takes_the_team(two_threads: None) -> None:
    # 590 K binding elements (under the idle element bar of 1 M), 67 M multiply-adds
    assert ran_on_team_after_idle(lambda: gemm(256, 256, 1024))
    # 168 K elements, 37.7 M multiply-adds
    assert ran_on_team_after_idle(lambda: convolution(64, 32))


def test_a_small_contraction_runs_alone_after_idle(two_threads: None) -> None:
    # a decoder's one-token GEMV: 196 K multiply-adds, under the sleeping team's bar of 1 M
    assert not ran_on_team_after_idle(lambda: gemm(1, 256, 768))


def test_element_wise_operators_keep_the_element_bar(two_threads: None) -> None:
    t = buffer_desc("FLOAT32", [1, 1, 512, 512])  # 2 x 262 K binding elements: alone after idle
    relu = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=t, OutputTensor=t)
    x = np.random.default_rng(3).standard_normal((1, 1, 512, 512)).astype(np.float32)
    assert not ran_on_team_after_idle(lambda: (relu, {"InputTensor": x}, np.maximum(x, 0)))
