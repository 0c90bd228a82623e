"""Which steps of a compiled graph run on a team and which on the calling thread alone
(native/graph/graph.c step_size and team_macs, read through CompiledGraph.alone): a contraction by
its multiply-adds against a bar of 128 K when the OpenMP team spins between regions and 1 M when it
sleeps (OMP_WAIT_POLICY, GOMP_SPINCOUNT as libgomp reads them; PYDML_GRAPH_TEAM_MACS overrides
both), anything else by its bindings' elements (32 K; four times that for operators that only
move elements). An execution that starts after the team has been idle for 3 ms takes the
sleeping team's contraction bar (CompiledGraph.alone_after_idle). The class never changes a result:
the outputs are compared across classes."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pydml
from pydml import (
    DML_GRAPH_DESC,
    DML_INPUT_GRAPH_EDGE_DESC,
    DML_OPERATOR_GRAPH_NODE_DESC,
    DML_OUTPUT_GRAPH_EDGE_DESC,
    buffer_desc,
)

ENV = ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "PYDML_GRAPH_TEAM_MACS")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """A clean slate: the variables unset (libgomp's default, a spinning team), set per test."""
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def gemm_graph(m: int, k: int, n: int) -> Any:
    desc = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=buffer_desc("FLOAT32", [m, k]), BTensor=buffer_desc("FLOAT32", [k, n]),
        OutputTensor=buffer_desc("FLOAT32", [m, n]), TransA=0, TransB=0, Alpha=1.0, Beta=0.0)
    return DML_GRAPH_DESC(
        Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=desc, Name="gemm")],
        InputEdges=[DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=i, ToNodeIndex=0, ToNodeInputIndex=i)
                    for i in (0, 1)],
        OutputEdges=[DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=0, FromNodeOutputIndex=0, GraphOutputIndex=0)],
    )


def unary_graph(kind: str, elements: int) -> Any:
    t = buffer_desc("FLOAT32", [1, 1, 1, elements])
    if kind == "copy":  # moves elements only
        desc: Any = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=t, OutputTensor=t)
    else:
        desc = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=t, OutputTensor=t)
    return DML_GRAPH_DESC(
        Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=desc, Name=kind)],
        InputEdges=[DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=0, ToNodeIndex=0, ToNodeInputIndex=0)],
        OutputEdges=[DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=0, FromNodeOutputIndex=0, GraphOutputIndex=0)],
    )


def alone(graph: Any, *, concurrency: bool = True) -> bool:
    compiled = pydml.Device().compile_graph(graph, concurrency=concurrency)
    assert compiled.execution_order == [0]
    return 0 in compiled.alone


# a decoder's one-token GEMV, 1 x 256 x 768: 196,608 multiply-adds, between the two bars
GEMV = (1, 256, 768)


@pytest.mark.parametrize("concurrency", [True, False])
def test_contraction_bars_follow_the_wait_policy(env: pytest.MonkeyPatch, concurrency: bool) -> None:
    # spinning team (libgomp's default): a region costs a few microseconds, the bar is 128 K
    assert not alone(gemm_graph(*GEMV), concurrency=concurrency)
    assert alone(gemm_graph(1, 256, 256), concurrency=concurrency)  # 65,536
    # a sleeping team: waking it costs tens of microseconds, the bar is 1 M
    env.setenv("OMP_WAIT_POLICY", "passive")
    assert alone(gemm_graph(*GEMV), concurrency=concurrency)
    assert not alone(gemm_graph(4, 256, 1024), concurrency=concurrency)  # 1,048,576: the bar itself


@pytest.mark.parametrize("policy, spincount, spins", [
    (None, "10000", True), (None, "10k", True), (None, "2K", True), (None, "1M", True),
    (None, "infinite", True), (None, "INFINITY", True), (None, " 5000", True),
    (None, "999", False), (None, "0", False), (None, "abc", True),  # not a count: libgomp ignores it
    ("PASSIVE", None, False), ("passive", "10k", False), ("active", "0", True), ("ACTIVE", None, True),
])
def test_the_spin_count_is_read_as_libgomp_reads_it(env: pytest.MonkeyPatch, policy: str | None,
                                                   spincount: str | None, spins: bool) -> None:
    if policy is not None:
        env.setenv("OMP_WAIT_POLICY", policy)
    if spincount is not None:
        env.setenv("GOMP_SPINCOUNT", spincount)
    assert alone(gemm_graph(*GEMV)) == (not spins)


def test_team_macs_override_sets_both_bars(env: pytest.MonkeyPatch) -> None:
    env.setenv("PYDML_GRAPH_TEAM_MACS", "1000")
    assert not alone(gemm_graph(1, 64, 64))  # 4,096 multiply-adds
    assert alone(gemm_graph(1, 16, 32))  # 512
    env.setenv("OMP_WAIT_POLICY", "passive")  # the override wins over the policy
    assert not alone(gemm_graph(1, 64, 64))
    env.setenv("PYDML_GRAPH_TEAM_MACS", "100000000")
    assert alone(gemm_graph(64, 256, 1024))  # 16.8 M
    env.setenv("PYDML_GRAPH_TEAM_MACS", "12x")  # not a number: the defaults
    env.delenv("OMP_WAIT_POLICY")
    assert not alone(gemm_graph(*GEMV))


def test_element_bars(env: pytest.MonkeyPatch) -> None:
    # by the elements of the bindings (input + output): 32 K, and 128 K for a step that only moves
    assert alone(unary_graph("relu", 16383))
    assert not alone(unary_graph("relu", 16384))
    assert alone(unary_graph("copy", 65535))
    assert not alone(unary_graph("copy", 65536))
    # the wait policy moves the contraction bar only
    env.setenv("OMP_WAIT_POLICY", "passive")
    assert not alone(unary_graph("relu", 16384))


def test_the_class_changes_no_result(env: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(7)
    a = rng.standard_normal((1, 256)).astype(np.float32)
    b = rng.standard_normal((256, 768)).astype(np.float32)
    outs = []
    for policy in ("passive", "active"):
        env.setenv("OMP_WAIT_POLICY", policy)
        compiled = pydml.Device().compile_graph(gemm_graph(*GEMV))
        assert (0 in compiled.alone) == (policy == "passive")
        outs.append(compiled.execute([a, b])[0])
    np.testing.assert_array_equal(outs[0].view(np.uint32), outs[1].view(np.uint32))
    np.testing.assert_allclose(outs[0], a.astype(np.float64) @ b.astype(np.float64), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("concurrency", [True, False])
def test_after_idle_the_sleeping_bar_applies(env: pytest.MonkeyPatch, concurrency: bool) -> None:
    """An execution that starts after the team has been idle (3 ms: its workers asleep, in a VM
    each region's wake-up 0.3-0.7 ms) runs the contractions below the sleeping team's bar alone
    (graph.c classify_cold, CompiledGraph.alone_after_idle); larger ones keep the team."""
    gemv = pydml.Device().compile_graph(gemm_graph(*GEMV), concurrency=concurrency)
    assert 0 not in gemv.alone and 0 in gemv.alone_after_idle
    big = pydml.Device().compile_graph(gemm_graph(4, 256, 1024), concurrency=concurrency)
    assert 0 not in big.alone and 0 not in big.alone_after_idle
    small = pydml.Device().compile_graph(gemm_graph(1, 256, 256), concurrency=concurrency)
    assert 0 in small.alone and 0 in small.alone_after_idle
    # a sleeping policy, or the override, already gives one classification for both
    env.setenv("OMP_WAIT_POLICY", "passive")
    passive = pydml.Device().compile_graph(gemm_graph(*GEMV), concurrency=concurrency)
    assert passive.alone == passive.alone_after_idle == {0}
    env.delenv("OMP_WAIT_POLICY")
    env.setenv("PYDML_GRAPH_TEAM_MACS", "1000")
    forced = pydml.Device().compile_graph(gemm_graph(*GEMV), concurrency=concurrency)
    assert forced.alone == forced.alone_after_idle == set()


def test_the_idle_clock_counts_from_the_last_team(env: pytest.MonkeyPatch) -> None:
    """pydml_team_idle_ns, which decides the classification an execution takes: it restarts when a
    team of two threads ends, not when one thread runs alone, and grows while nothing runs."""
    import time

    from pydml.native import lib

    rng = np.random.default_rng(5)
    a = rng.standard_normal((64, 256)).astype(np.float32)
    b = rng.standard_normal((256, 1024)).astype(np.float32)
    big = pydml.Device().compile_graph(gemm_graph(64, 256, 1024))  # 16.8 M multiply-adds: a team
    assert 0 not in big.alone_after_idle
    previous = lib.pydml_set_num_threads(2)
    try:
        big.execute([a, b])
        fresh = int(lib.pydml_team_idle_ns())
        time.sleep(0.02)
        rested = int(lib.pydml_team_idle_ns())
        assert rested >= fresh + 20_000_000 and rested >= 3_000_000  # cold from here: 3 ms
        lib.pydml_set_num_threads(1)  # a one-thread execution leaves the clock running
        big.execute([a, b])
        assert int(lib.pydml_team_idle_ns()) >= rested
        lib.pydml_set_num_threads(2)
        big.execute([a, b])
        assert int(lib.pydml_team_idle_ns()) < rested
    finally:
        lib.pydml_set_num_threads(previous)


def test_executions_after_idle_give_the_same_bits(env: pytest.MonkeyPatch) -> None:
    """Back to back (the team warm: the GEMV on it) and after 10 ms without work (alone): the same
    bits, on a graph mixing a contraction between the bars and element-wise steps."""
    import time

    from pydml.native import lib

    rng = np.random.default_rng(11)
    a = rng.standard_normal((1, 256)).astype(np.float32)
    b = rng.standard_normal((256, 768)).astype(np.float32)
    compiled = pydml.Device().compile_graph(gemm_graph(*GEMV))
    previous = lib.pydml_set_num_threads(2)
    try:
        warm = [compiled.execute([a, b])[0] for _ in range(3)]
        cold = []
        for _ in range(2):
            time.sleep(0.01)
            cold.append(compiled.execute([a, b])[0])
    finally:
        lib.pydml_set_num_threads(previous)
    for out in warm[1:] + cold:
        np.testing.assert_array_equal(out.view(np.uint32), warm[0].view(np.uint32))
    np.testing.assert_allclose(warm[0], a.astype(np.float64) @ b.astype(np.float64), rtol=1e-5, atol=1e-4)


def test_back_to_back_runs_wake_a_cold_team_once(env: pytest.MonkeyPatch) -> None:
    """A graph whose only step is between the bars (a GEMV) ran alone once the team was cold, so the
    team never ran again and every later execution was cold too: its GEMVs on one thread for good.
    An execution that follows another within 3 ms (a caller in a loop) wakes the team at such a
    step: after it the team's idle clock has restarted (pydml_team_idle_ns) and the executions
    after it take the warm classification. One that follows 10 ms of nothing keeps the step alone
    (the clock keeps running). The bits never change."""
    import time

    from pydml.native import lib

    rng = np.random.default_rng(13)
    a = rng.standard_normal((1, 256)).astype(np.float32)
    b = rng.standard_normal((256, 768)).astype(np.float32)
    compiled = pydml.Device().compile_graph(gemm_graph(*GEMV), concurrency=False)
    assert 0 not in compiled.alone and 0 in compiled.alone_after_idle
    previous = lib.pydml_set_num_threads(2)
    try:
        time.sleep(0.01)  # no execution for 10 ms: the team (if it ever ran) and the caller idle
        first = compiled.execute([a, b])[0]  # alone: after an idle spell
        idle = int(lib.pydml_team_idle_ns())
        assert idle >= 3_000_000, "the isolated execution kept its GEMV alone"
        second = compiled.execute([a, b])[0]  # within 3 ms of the first: wakes the team
        assert int(lib.pydml_team_idle_ns()) < 3_000_000, "a back-to-back execution left the team asleep"
        third = compiled.execute([a, b])[0]
        assert int(lib.pydml_team_idle_ns()) < 3_000_000
    finally:
        lib.pydml_set_num_threads(previous)
    for out in (second, third):
        np.testing.assert_array_equal(out.view(np.uint32), first.view(np.uint32))
