"""Executes release the GIL and may be called from several threads at once: results are bit-identical
to serial runs (executions share a budget of threads instead of oversubscribing the cores;
benchmarks/bench_concurrency.py times it)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import pydml


def test_concurrent_executes_match_serial_runs() -> None:
    rng = np.random.default_rng(5)
    n = 1 << 18
    t = pydml.buffer_desc("FLOAT32", [n])
    add = pydml.Device().create_operator(
        pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t))
    grad = pydml.Device().create_operator(pydml.DML_RESAMPLE_GRAD1_OPERATOR_DESC(
        InputGradientTensor=pydml.buffer_desc("FLOAT32", [2, 8, 32, 32]),
        OutputGradientTensor=pydml.buffer_desc("FLOAT32", [2, 8, 16, 16]),
        InterpolationMode="LINEAR", RoundingDirection="DECREASING", Scales=[1, 1, 2, 2],
        InputPixelOffsets=[0.5] * 4, OutputPixelOffsets=[-0.5] * 4))
    inputs = [(rng.standard_normal(n).astype(np.float32),
               rng.standard_normal((2, 8, 32, 32)).astype(np.float32)) for _ in range(8)]
    serial = [(add.execute({"ATensor": a, "BTensor": a})["OutputTensor"],
               grad.execute({"InputGradientTensor": g})["OutputGradientTensor"]) for a, g in inputs]
    results: list[object] = [None] * len(inputs)

    def work(i: int) -> None:
        a, g = inputs[i]
        for _ in range(5):
            results[i] = (add.execute({"ATensor": a, "BTensor": a})["OutputTensor"],
                          grad.execute({"InputGradientTensor": g})["OutputGradientTensor"])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(inputs))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for got, want in zip(results, serial, strict=True):
        assert isinstance(got, tuple)
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_array_equal(got[1], want[1])


def test_execute_releases_the_gil() -> None:
    """While one thread is inside a long execute, another keeps running Python: the largest pause
    the main thread sees is far shorter than the execute (it would span it if the GIL were held)."""
    import time

    from pydml.native import lib

    n = 1 << 24  # 64 MiB per tensor
    t = pydml.buffer_desc("FLOAT32", [n])
    op = pydml.Device().create_operator(
        pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t))
    a = np.ones(n, np.float32)
    out = np.empty(n, np.float32)
    span: list[float] = []
    done = threading.Event()

    def work() -> None:
        span.append(time.perf_counter())
        op.execute({"ATensor": a, "BTensor": a}, {"OutputTensor": out})
        span.append(time.perf_counter())
        done.set()

    previous = lib.pydml_set_num_threads(1)  # leave a core for this thread
    try:
        thread = threading.Thread(target=work)
        stamps = [time.perf_counter()]
        thread.start()
        while not done.is_set():
            stamps.append(time.perf_counter())
        thread.join()
    finally:
        lib.pydml_set_num_threads(previous)
    t0, t1 = span
    inside = [s for s in stamps if t0 <= s <= t1]
    gaps = np.diff([t0, *inside, t1])
    assert t1 - t0 > 0.005, "the execute was too short to tell"
    assert gaps.max() < 0.5 * (t1 - t0), (gaps.max(), t1 - t0)


def test_element_count_limit_is_the_callers_choice() -> None:
    # 2.8 billion elements over a 96 KB buffer: valid DirectML (zero strides), minutes of work
    huge = pydml.buffer_desc("FLOAT32", [2800, 1000, 1000], strides=[0, 0, 0])
    packed = pydml.buffer_desc("FLOAT32", [2800, 1000, 1000])  # an output may not overlap itself
    desc = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=huge, BTensor=huge, OutputTensor=packed)
    pydml.validate(desc)
    with pytest.raises(pydml.LimitError, match=r"DML_ELEMENT_WISE_ADD_OPERATOR_DESC\.ATensor: "
                       r"2,800,000,000 elements exceed this device's limit of 2,147,483,648 "
                       r"\(Device\(max_elements=None\) lifts it\)"):
        pydml.Device().create_operator(desc)
    with pytest.raises(pydml.LimitError, match="limit of 1,000"):
        pydml.Device(max_elements=1000).create_operator(pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
            ATensor=pydml.buffer_desc("FLOAT32", [1001]), BTensor=pydml.buffer_desc("FLOAT32", [1001]),
            OutputTensor=pydml.buffer_desc("FLOAT32", [1001])))
    pydml.Device(max_elements=None).create_operator(desc)  # allowed when the caller asks
    with pytest.raises(ValueError):
        pydml.Device(max_elements=0)


@pytest.mark.parametrize("env,expected", [
    ({}, "10000"),                                   # pydml's default: idle threads stop spinning soon
    ({"GOMP_SPINCOUNT": "5"}, "5"),                  # the user's own setting wins
    ({"OMP_WAIT_POLICY": "ACTIVE"}, None),           # ... and so does a wait policy
])
def test_idle_openmp_threads_spin_briefly_unless_the_user_says_otherwise(env: dict[str, str],
                                                                          expected: str | None) -> None:
    """libgomp's default spin (3-4 ms of a busy core after every operator) steals the core from
    the caller's next numpy/torch call; importing pydml shortens it before libgomp loads."""
    clean = {k: v for k, v in os.environ.items() if k not in ("GOMP_SPINCOUNT", "OMP_WAIT_POLICY")}
    code = "import os, pydml; print(os.environ.get('GOMP_SPINCOUNT'))"
    out = subprocess.run([sys.executable, "-c", code], env={**clean, **env}, capture_output=True,
                         text=True, check=True, timeout=120).stdout.strip()
    assert out == str(expected)
