"""Shared helpers for the element-wise operator tests (tests/test_ew_*.py).

``run`` builds a desc, poisons the outputs (NaN for floats, 0xFF bytes for integers), executes on
the current ISA path and returns the outputs; ``ISA_PATHS`` and the ``ew_isa`` fixture
(conftest) select AVX-512, AVX2 or portable C; ``max_ulp`` measures float32/float16 results
against a float64 reference rounded to the output type.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ml_dtypes  # noqa: F401  (registers nothing, but keeps dtype names available)
import numpy as np

import pydml
from pydml.native import lib

DTYPES: dict[str, np.dtype[Any]] = {
    "FLOAT32": np.dtype(np.float32), "FLOAT16": np.dtype(np.float16), "FLOAT64": np.dtype(np.float64),
    "INT8": np.dtype(np.int8), "INT16": np.dtype(np.int16), "INT32": np.dtype(np.int32),
    "INT64": np.dtype(np.int64), "UINT8": np.dtype(np.uint8), "UINT16": np.dtype(np.uint16),
    "UINT32": np.dtype(np.uint32), "UINT64": np.dtype(np.uint64),
}
FLOATS = ("FLOAT32", "FLOAT16", "FLOAT64")
INTS = ("INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64")

#: pydml_set_cpu_features masks: every path the kernels dispatch to.
ISA_PATHS = {
    "avx512": 0xFFFFFFFF,
    "avx2": int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C),
    "portable": 0,
}


def available_paths() -> list[str]:
    have = int(lib.pydml_cpu_features())
    out = ["portable"]
    if have & lib.PYDML_CPU_AVX2_FMA and have & lib.PYDML_CPU_F16C:
        out.append("avx2")
    if have & lib.PYDML_CPU_AVX512:
        out.append("avx512")
    return out


def tensor(dtype: str, sizes: Sequence[int], strides: Sequence[int] | None = None) -> Any:
    return pydml.buffer_desc(dtype, list(sizes), strides=None if strides is None else list(strides))


def poison(dtype: np.dtype[Any], shape: Sequence[int]) -> np.ndarray:
    """An output buffer filled with NaN (floats) or 0xFF bytes (integers)."""
    out = np.empty(tuple(shape), dtype=dtype)
    if dtype.kind == "f":
        out.fill(np.nan)
    else:
        out.view(np.uint8).fill(0xFF)
    return out


def run(desc: Any, inputs: Mapping[str, Any], *, level: Any = None,
        outputs: Mapping[str, Any] | None = None) -> dict[str, np.ndarray]:
    """Create and execute ``desc``; outputs not given are poisoned arrays of the desc's sizes."""
    device = pydml.Device() if level is None else pydml.Device(feature_level=level)
    op = device.create_operator(desc)
    bound = dict(outputs or {})
    for name in op.output_names:
        if name not in bound:
            value = getattr(desc, name)
            if isinstance(value, (list, tuple)):  # a tensor array: one poisoned output per element
                bound[name] = [poison(DTYPES[v.Desc.DataType.name], v.Desc.Sizes) for v in value]
            else:
                bound[name] = poison(DTYPES[value.Desc.DataType.name], value.Desc.Sizes)
    return op.execute(dict(inputs), bound)


def round_to(reference: np.ndarray, dtype: np.dtype[Any]) -> np.ndarray:
    """A float64 reference rounded once to the output type (saturating for integers)."""
    if dtype.kind == "f":
        with np.errstate(over="ignore", invalid="ignore"):
            return reference.astype(dtype)
    info = np.iinfo(dtype)
    r = np.nan_to_num(reference, nan=0.0)
    return np.clip(np.trunc(r), info.min, info.max).astype(dtype)


def max_ulp(actual: np.ndarray, reference64: np.ndarray) -> float:
    """Largest distance in units in the last place of actual's type between ``actual`` and the
    float64 reference rounded to that type; NaN/inf must match exactly (else inf)."""
    dtype = actual.dtype
    want = reference64.astype(dtype)
    a = actual.astype(np.float64)
    w = want.astype(np.float64)
    special = ~np.isfinite(w) | ~np.isfinite(a)
    if np.any(special):
        same = (np.isnan(a) & np.isnan(w)) | (a == w)
        if not np.all(same[special]):
            return float("inf")
    finite = ~special
    if not np.any(finite):
        return 0.0
    spacing = np.spacing(np.abs(want[finite]).astype(dtype)).astype(np.float64)
    # below the smallest normal, the ulp is the subnormal spacing
    return float(np.max(np.abs(a[finite] - w[finite]) / spacing))


def refused(desc: Any, field: str, words: str) -> None:
    """Validating ``desc`` raises a ValidationError naming ``field`` and saying ``words``."""
    import pytest

    with pytest.raises(pydml.ValidationError) as e:
        pydml.validate(desc)
    assert field in str(e.value) and words in str(e.value), str(e.value)


class threads:
    """``with threads(n):`` runs pydml's kernels on n threads, restoring the count after."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.previous = 0

    def __enter__(self) -> None:
        self.previous = lib.pydml_set_num_threads(self.n)

    def __exit__(self, *args: Any) -> None:
        lib.pydml_set_num_threads(self.previous)


def on_every_path(execute: Any, thread_counts: Sequence[int | None] = (None,)) -> list[Any]:
    """``execute()``'s results on every ISA path this CPU has (available_paths, in that order) and,
    per path, on each of ``thread_counts`` threads (None: the current count); the CPU features are
    restored after, even when ``execute`` raises."""
    results = []
    try:
        for path in available_paths():
            lib.pydml_set_cpu_features(ISA_PATHS[path])
            for n in thread_counts:
                if n is None:
                    results.append(execute())
                else:
                    with threads(n):
                        results.append(execute())
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    return results


def same_bits_from_threads(execute: Any, expected: bytes, *, threads: int = 3, repeats: int = 10,
                           meanwhile: Any = None, meanwhile_repeats: int = 8) -> None:
    """``execute()`` (returning bytes) called ``repeats`` times on each of ``threads`` Python threads at
    once: every call returns ``expected`` and none raises (one operator executed concurrently). With
    ``meanwhile``, one more thread calls it ``meanwhile_repeats`` times during the executions (an
    operator re-initialized while it executes)."""
    import threading

    results: list[bytes] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(repeats):
                results.append(execute())
        except BaseException as e:
            errors.append(e)

    def other() -> None:
        try:
            for _ in range(meanwhile_repeats):
                meanwhile()
        except BaseException as e:
            errors.append(e)

    team = [threading.Thread(target=work) for _ in range(threads)]
    if meanwhile is not None:
        team.append(threading.Thread(target=other))
    for t in team:
        t.start()
    for t in team:
        t.join()
    assert not errors, errors
    assert len(results) == threads * repeats
    assert all(r == expected for r in results)
