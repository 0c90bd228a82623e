"""The output buffer pool (native/engines/buffer_pool.c) behind execute's allocating form."""

from __future__ import annotations

import gc
from pathlib import Path

import numpy as np
import pytest

import pydml
from pydml.native import ffi, lib


def test_released_buffers_are_reused_and_live_ones_never_shared() -> None:
    lib.pydml_buffer_pool_trim()
    a = lib.pydml_buffer_acquire(3 << 20)
    b = lib.pydml_buffer_acquire(3 << 20)
    assert a != ffi.NULL and b != ffi.NULL and a != b
    assert int(ffi.cast("uintptr_t", a)) % 64 == 0
    lib.pydml_buffer_release(a)
    c = lib.pydml_buffer_acquire(3 << 20)
    assert c == a  # the released buffer, warm
    d = lib.pydml_buffer_acquire(64 << 20)  # far larger: not served by a small cached buffer
    assert d not in (a, b)
    small = lib.pydml_buffer_acquire(100)
    assert small != ffi.NULL
    for p in (b, c, d, small):
        lib.pydml_buffer_release(p)
    lib.pydml_buffer_release(ffi.NULL)
    lib.pydml_buffer_pool_trim()


def test_allocating_execute_returns_independent_outputs() -> None:
    n = 1 << 19  # 2 MiB of float32: pooled
    t = pydml.buffer_desc("FLOAT32", [n])
    op = pydml.Device().create_operator(
        pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t))
    ones = np.ones(n, np.float32)
    first = op.execute({"ATensor": ones, "BTensor": ones})["OutputTensor"]
    second = op.execute({"ATensor": first, "BTensor": ones})["OutputTensor"]
    assert first.ctypes.data != second.ctypes.data
    assert (first == 2).all() and (second == 3).all()
    address = second.ctypes.data
    del second
    gc.collect()
    third = op.execute({"ATensor": ones, "BTensor": ones})["OutputTensor"]
    assert third.ctypes.data == address  # the memory the caller released
    assert (third == 2).all() and (first == 2).all()


def _vm_flags(address: int) -> list[str] | None:
    """The VmFlags of the mapping holding address, from /proc/self/smaps (None off Linux)."""
    try:
        text = Path("/proc/self/smaps").read_text()
    except OSError:
        return None
    inside = False
    for line in text.splitlines():
        head = line.split()[0] if line else ""
        if "-" in head and ":" not in head:
            lo, hi = (int(v, 16) for v in head.split("-"))
            inside = lo <= address < hi
        elif inside and line.startswith("VmFlags:"):
            return line.split()[1:]
    return None


def test_pooled_buffers_request_huge_pages() -> None:
    """A pooled buffer is advised to transparent huge pages (VmFlags 'hg'), as numpy advises its
    own large arrays: a kernel writing many rows at once into 4 KiB pages ran 1.4x slower (TLB).
    The advice once compiled to nothing under -std=c11 (MADV_HUGEPAGE is not strict C)."""
    try:
        mode = Path("/sys/kernel/mm/transparent_hugepage/enabled").read_text()
    except OSError:
        mode = ""
    if "[never]" in mode or not mode:
        pytest.skip("transparent huge pages are off on this machine")
    p = lib.pydml_buffer_acquire(8 << 20)
    try:
        flags = _vm_flags(int(ffi.cast("uintptr_t", p)))
        assert flags is not None and "hg" in flags, flags
    finally:
        lib.pydml_buffer_release(p)
        lib.pydml_buffer_pool_trim()
