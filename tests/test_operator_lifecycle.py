"""The one operator lifecycle (native/api/capi.c): create (validate once, marshal once, plan) ->
binding properties -> initialize (OWNED_BY_DML inputs, kept by the operator) -> execute, the same
calls from Python and from C; executions of different operators run at the same time."""

from __future__ import annotations

import importlib
import threading
from typing import Any

import numpy as np
import pytest
from ew_harness import same_bits_from_threads

import pydml
import pydml.device as device_module
from pydml.native import ffi, lib


class _Counting:
    """A stand-in for the cffi lib that counts the calls made through it."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self.calls: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._real, name)
        if not callable(value):
            return value

        def counted(*args: Any) -> Any:
            self.calls[name] = self.calls.get(name, 0) + 1
            return value(*args)

        return counted


def _add(n: int = 16, flags: str = "NONE") -> Any:
    t = pydml.buffer_desc("FLOAT32", [n])
    a = pydml.buffer_desc("FLOAT32", [n], Flags=flags)
    return pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=a, BTensor=t, OutputTensor=t)


def test_create_marshals_and_validates_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _Counting(lib)
    marshalled: list[Any] = []
    real_marshal = device_module.marshal

    def marshal(desc: Any) -> Any:
        marshalled.append(desc)
        return real_marshal(desc)

    monkeypatch.setattr(device_module, "lib", counting)
    monkeypatch.setattr(device_module, "marshal", marshal)
    monkeypatch.setattr(importlib.import_module("pydml.validate"), "lib", counting)
    desc = _add()
    pydml.Device("5_0").create_operator(desc)
    assert len(marshalled) == 1
    assert counting.calls.get("pydml_operator_create_ex") == 1
    assert "pydml_validate_operator_ex" not in counting.calls
    assert "pydml_operator_create" not in counting.calls
    # a second operator from the same (frozen) desc reuses its C struct; C validates it again,
    # at the new device's level
    pydml.Device("6_4").create_operator(desc)
    assert len(marshalled) == 1
    assert counting.calls.get("pydml_operator_create_ex") == 2


def test_a_reused_desc_is_validated_at_each_devices_level() -> None:
    t = pydml.buffer_desc("FLOAT32", [1, 1, 1, 1, 1, 1, 2, 2])
    desc = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t)
    pydml.Device("3_0").create_operator(desc)
    with pytest.raises(pydml.FeatureLevelError):
        pydml.Device("2_1").create_operator(desc)
    with pytest.raises(pydml.LimitError):
        pydml.Device(max_elements=3).create_operator(desc)
    assert desc == pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t)


def test_create_validates_at_the_devices_level() -> None:
    # ELEMENT_WISE_ADD with 8 dimensions needs DML_FEATURE_LEVEL_3_0
    t = pydml.buffer_desc("FLOAT32", [1, 1, 1, 1, 1, 1, 2, 2])
    desc = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t)
    with pytest.raises(pydml.FeatureLevelError) as info:
        pydml.Device("2_1").create_operator(desc)
    assert info.value.desc == "DML_ELEMENT_WISE_ADD_OPERATOR_DESC"
    assert info.value.required == pydml.FeatureLevel.FL3_0
    pydml.Device("3_0").create_operator(desc)


def test_binding_properties_and_order_come_from_c() -> None:
    op = pydml.Device().create_operator(_add(8, "OWNED_BY_DML"))
    props = op.binding_properties
    assert props == {"input_count": 2, "output_count": 1, "temporary_bytes": 0, "persistent_bytes": 32}
    assert op.input_names == ["ATensor", "BTensor"] and op.output_names == ["OutputTensor"]


def test_owned_inputs_are_copied_at_initialize_and_unbound_at_execute() -> None:
    op = pydml.Device().create_operator(_add(8, "OWNED_BY_DML"))
    a = np.arange(8, dtype=np.float32)
    b = np.full(8, 10, np.float32)
    with pytest.raises(pydml.PydmlError, match="was not initialized"):
        op.execute({"BTensor": b})
    op.initialize({"ATensor": a})
    a[:] = -1  # the operator kept its own copy
    out = np.full(8, np.nan, np.float32)
    op.execute({"BTensor": b}, {"OutputTensor": out})
    np.testing.assert_array_equal(out, np.arange(8, dtype=np.float32) + 10)
    with pytest.raises(pydml.PydmlError, match="bind it with initialize"):
        op.execute({"ATensor": a, "BTensor": b})
    with pytest.raises(pydml.PydmlError, match="only tensors with DML_TENSOR_FLAG_OWNED_BY_DML"):
        op.initialize({"ATensor": a, "BTensor": b})


def test_owned_strided_input_keeps_its_layout() -> None:
    # an owned tensor with Strides is copied in its desc's layout (raw memory in, raw memory kept)
    a = pydml.buffer_desc("FLOAT32", [2, 3], strides=[4, 1], Flags="OWNED_BY_DML")
    t = pydml.buffer_desc("FLOAT32", [2, 3])
    op = pydml.Device().create_operator(
        pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=a, BTensor=t, OutputTensor=t))
    raw = np.arange(8, dtype=np.float32)  # rows at 0 and 4
    op.initialize({"ATensor": raw})
    out = op.execute({"BTensor": np.zeros((2, 3), np.float32)})["OutputTensor"]
    np.testing.assert_array_equal(out, [[0, 1, 2], [4, 5, 6]])


def _c_add(n: int, owned: bool) -> tuple[Any, list[Any]]:
    from pydml.marshal import to_c

    c = to_c(_add(n, "OWNED_BY_DML" if owned else "NONE"))
    handle = ffi.new("pydml_operator**")
    message = ffi.new("char[512]")
    assert lib.pydml_operator_create(c.ptr, int(pydml.FeatureLevel.FL6_4), 0, handle, message, 512) == 0
    return ffi.gc(handle[0], lib.pydml_operator_destroy), [c]


def test_c_initialize_with_buffers_and_none_bindings() -> None:
    op, _keep = _c_add(4, owned=True)
    props = ffi.new("pydml_binding_properties*")
    assert lib.pydml_operator_get_binding_properties(op, props) == 0
    assert (props.input_count, props.output_count, props.persistent_bytes) == (2, 1, 16)
    assert ffi.string(lib.pydml_operator_binding_name(op, 0, 0)) == b"ATensor"
    assert lib.pydml_operator_binding_flags(op, 0, 0) == lib.PYDML_BINDING_PRESENT | lib.PYDML_BINDING_OWNED_BY_DML
    assert lib.pydml_operator_binding_flags(op, 0, 1) == lib.PYDML_BINDING_PRESENT
    assert lib.pydml_operator_binding_name(op, 1, 5) == ffi.NULL
    a = np.array([1, 2, 3, 4], np.float32)
    b = np.array([10, 20, 30, 40], np.float32)
    out = np.full(4, np.nan, np.float32)
    message = ffi.new("char[512]")

    def buffers(*arrays: Any) -> Any:
        out_ = ffi.new("pydml_buffer[]", len(arrays))
        for i, x in enumerate(arrays):
            if x is not None:
                out_[i].data = ffi.from_buffer(x)
                out_[i].size_in_bytes = x.nbytes
        return out_

    # execute before initialize: an error, nothing written
    assert lib.pydml_operator_execute(op, buffers(None, b), 2, buffers(out), 1, message, 512) != 0
    assert b"not initialized" in ffi.string(message)
    assert np.isnan(out).all()
    # a non-owned input at initialize: refused
    assert lib.pydml_operator_initialize(op, buffers(a, b), 2, message, 512) != 0
    assert b"only tensors with DML_TENSOR_FLAG_OWNED_BY_DML" in ffi.string(message)
    # a buffer too small for the owned tensor: refused
    assert lib.pydml_operator_initialize(op, buffers(a[:2], None), 2, message, 512) != 0
    assert lib.pydml_operator_initialize(op, buffers(a, None), 2, message, 512) == 0, ffi.string(message)
    assert lib.pydml_operator_execute(op, buffers(None, b), 2, buffers(out), 1, message, 512) == 0
    np.testing.assert_array_equal(out, a + b)
    # the owned input bound again at execute: refused
    assert lib.pydml_operator_execute(op, buffers(a, b), 2, buffers(out), 1, message, 512) != 0


def test_unsupported_desc_says_why_from_the_family() -> None:
    x = pydml.buffer_desc("FLOAT32", [1, 1, 6, 6])
    w = pydml.buffer_desc("FLOAT32", [1, 1, 3, 3])
    y = pydml.buffer_desc("FLOAT32", [1, 1, 3, 3])
    desc = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=x, FilterTensor=w, OutputTensor=y, Mode="CROSS_CORRELATION", Direction="FORWARD",
        DimensionCount=2, Strides=[2, 2], Dilations=[1, 1], StartPadding=[0, 0], EndPadding=[0, 0],
        OutputPadding=[1, 1], GroupCount=1)
    with pytest.raises(pydml.UnsupportedError, match="OutputPadding: non-zero OutputPadding"):
        pydml.Device().create_operator(desc)


def test_different_operators_execute_at_the_same_time_with_identical_bits() -> None:
    """Small operators each draw one thread from the budget, so two callers run side by side; a
    caller blocked inside one operator does not hold up the other."""
    rng = np.random.default_rng(3)
    n = 4096
    add = pydml.Device().create_operator(_add(n))
    t = pydml.buffer_desc("FLOAT32", [n])
    mul = pydml.Device().create_operator(
        pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t))
    xs = [rng.standard_normal(n).astype(np.float32) for _ in range(4)]
    expected = [(add.execute({"ATensor": x, "BTensor": x})["OutputTensor"],
                 mul.execute({"ATensor": x, "BTensor": x})["OutputTensor"]) for x in xs]
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def work(op: Any, which: int) -> None:
        try:
            barrier.wait()
            for _ in range(200):
                for x, e in zip(xs, expected, strict=True):
                    out = op.execute({"ATensor": x, "BTensor": x})["OutputTensor"]
                    assert np.array_equal(out, e[which])
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(op, i)) for i, op in enumerate((add, mul))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors


def test_execute_binds_any_array_the_desc_accepts_the_same_way() -> None:
    # the common binding (C-contiguous arrays of the exact dtype and shape) takes a short path;
    # every other binding the general one: the results and the errors are the same
    op = pydml.Device().create_operator(_add(6))
    a = np.arange(12, dtype=np.float32)
    b = np.full(6, 0.5, np.float32)
    expected = a[::2] + b
    readonly = a[::2].copy()
    readonly.flags.writeable = False
    for first in (a[::2], a[::2].copy(), readonly):  # strided, packed, read-only
        out = np.full(6, np.nan, np.float32)
        got = op.execute({"ATensor": first, "BTensor": b}, {"OutputTensor": out})["OutputTensor"]
        assert got is out
        np.testing.assert_array_equal(out, expected)
    np.testing.assert_array_equal(op.execute({"ATensor": a[::2], "BTensor": b})["OutputTensor"], expected)
    with pytest.raises(pydml.PydmlError, match="dtype float64 does not match"):
        op.execute({"ATensor": a[::2].astype(np.float64), "BTensor": b})
    with pytest.raises(pydml.PydmlError, match="input is not bound"):
        op.execute({"ATensor": b})
    with pytest.raises(pydml.PydmlError, match="read-only"):
        op.execute({"ATensor": b, "BTensor": b}, {"OutputTensor": readonly})
    with pytest.raises(pydml.PydmlError, match="is not an output tensor"):
        op.execute({"ATensor": b, "BTensor": b}, {"Output": b.copy()})


def test_one_operator_executed_from_several_threads() -> None:
    op = pydml.Device().create_operator(_add(1024))
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            a = np.full(1024, k, np.float32)
            for _ in range(200):
                out = op.execute({"ATensor": a, "BTensor": a})["OutputTensor"]
                assert (out == 2 * k).all()
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def _attention() -> tuple[Any, dict[str, np.ndarray]]:
    rng = np.random.default_rng(5)
    B, S, T, N, H = 2, 9, 40, 2, 16
    q = rng.standard_normal((B, S, N * H), dtype=np.float32)
    k = rng.standard_normal((B, T, N * H), dtype=np.float32)
    v = rng.standard_normal((B, T, N * H), dtype=np.float32)
    desc = pydml.DML_MULTIHEAD_ATTENTION_OPERATOR_DESC(
        QueryTensor=pydml.buffer_desc("FLOAT32", [B, S, N * H]),
        KeyTensor=pydml.buffer_desc("FLOAT32", [B, T, N * H]),
        ValueTensor=pydml.buffer_desc("FLOAT32", [B, T, N * H]),
        OutputTensor=pydml.buffer_desc("FLOAT32", [B, S, N * H]),
        Scale=H ** -0.5, MaskFilterValue=-10000.0, HeadCount=N, MaskType="NONE")
    return desc, {"QueryTensor": q, "KeyTensor": k, "ValueTensor": v}


def test_temporary_resource_is_reported_and_taken_from_the_caller() -> None:
    # MULTIHEAD_ATTENTION takes its scratch from DirectML's temporary resource
    desc, arrays = _attention()
    op = pydml.Device().create_operator(desc)
    need = op.binding_properties["temporary_bytes"]
    assert need > 0
    assert pydml.Device().create_operator(_add()).binding_properties["temporary_bytes"] == 0
    expected = op.execute(arrays)["OutputTensor"]
    temporary = np.full(need, 0xFF, np.uint8)  # garbage in it must not matter
    got = op.execute(arrays, temporary=temporary)["OutputTensor"]
    assert got.tobytes() == expected.tobytes()
    assert (temporary != 0xFF).any()  # the caller's memory was used
    odd = np.full(need + 1, 0xFF, np.uint8)[1:]  # any start address: the C API aligns it itself
    assert op.execute(arrays, temporary=odd)["OutputTensor"].tobytes() == expected.tobytes()
    with pytest.raises(pydml.PydmlError, match=f"has {need - 64} bytes, fewer than the {need}"):
        op.execute(arrays, temporary=np.zeros(need - 64, np.uint8))
    out = np.empty_like(expected)
    shared = np.zeros(need + out.nbytes, np.uint8)
    with pytest.raises(pydml.PydmlError, match="temporary buffer overlaps the one bound to OutputTensor"):
        op.execute(arrays, {"OutputTensor": shared[:out.nbytes].view(np.float32).reshape(out.shape)},
                   temporary=shared)
    with pytest.raises(pydml.PydmlError, match="read-only"):
        op.execute(arrays, temporary=bytes(need))


def test_an_operator_with_a_workspace_runs_on_several_threads_at_once() -> None:
    # no lock around it: each execution has its own workspace; the bits are those of one execution
    desc, arrays = _attention()
    op = pydml.Device().create_operator(desc)
    expected = op.execute(arrays)["OutputTensor"].tobytes()
    same_bits_from_threads(lambda: op.execute(arrays)["OutputTensor"].tobytes(), expected, repeats=30)


def test_one_gemm_executes_on_several_threads_while_it_is_reinitialized() -> None:
    # GEMM takes all its scratch from the workspace (temporary_bytes > 0), so executions of one
    # operator run at once; re-initializing its OWNED_BY_DML B (same weights) replaces the panels
    # packed at initialization while other threads execute: initialize waits for them (the
    # operator's lock) and every result keeps the bits of one execution
    rng = np.random.default_rng(3)
    m, n, k = 96, 200, 300
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((n, k)).astype(np.float32)
    desc = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=pydml.buffer_desc("FLOAT32", [m, k]),
        BTensor=pydml.buffer_desc("FLOAT32", [n, k], Flags="OWNED_BY_DML"),
        OutputTensor=pydml.buffer_desc("FLOAT32", [m, n]), TransA="NONE", TransB="TRANSPOSE", Alpha=1.0,
        Beta=0.0)
    op = pydml.Device().create_operator(desc)
    assert op.binding_properties["temporary_bytes"] > 0
    op.initialize({"BTensor": b})
    expected = op.execute({"ATensor": a})["OutputTensor"].tobytes()
    same_bits_from_threads(lambda: op.execute({"ATensor": a})["OutputTensor"].tobytes(), expected, repeats=20,
                           meanwhile=lambda: op.initialize({"BTensor": b}), meanwhile_repeats=10)
