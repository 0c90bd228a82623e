"""The element-wise engine (native/engines/elementwise.c): strides, broadcasting, coalescing, threading,
every data type's load and store, ScaleBias, FusedActivation, in-place execution and the C API,
on ADD / MULTIPLY / IDENTITY against numpy."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from ew_harness import DTYPES, INTS, poison, run, tensor

import pydml
from pydml.native import ffi, lib


def add(dtype: str, sizes: list[int], a_strides: Any = None, b_strides: Any = None,
        out_strides: Any = None, **kw: Any) -> Any:
    """ADD for every type; ADD1 (float only) when a FusedActivation is given."""
    cls = pydml.DML_ELEMENT_WISE_ADD1_OPERATOR_DESC if kw else pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC
    return cls(
        ATensor=tensor(dtype, sizes, a_strides), BTensor=tensor(dtype, sizes, b_strides),
        OutputTensor=tensor(dtype, sizes, out_strides), **kw)


def values(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    dt = DTYPES[dtype]
    if dt.kind == "f":
        return rng.standard_normal(shape).astype(dt) * 8
    info = np.iinfo(dt)
    return rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=dt)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16", *INTS])  # ADD's page: no FLOAT64
def test_add_every_data_type(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    shape = (3, 5, 37)
    a, b = values(dtype, shape, rng), values(dtype, shape, rng)
    got = run(add(dtype, list(shape)), {"ATensor": a, "BTensor": b})["OutputTensor"]
    if DTYPES[dtype].kind == "f":
        want = (a.astype(np.float64) + b.astype(np.float64))
        want = want.astype(np.float32).astype(DTYPES[dtype]) if dtype == "FLOAT16" else \
            want.astype(DTYPES[dtype])
        np.testing.assert_array_equal(got, want)
    else:  # integer addition wraps
        with np.errstate(over="ignore"):
            np.testing.assert_array_equal(got, a + b)


def test_broadcast_by_zero_strides(ew_isa: str, rng: np.random.Generator) -> None:
    row = rng.standard_normal(7).astype(np.float32)
    a = rng.standard_normal((4, 3, 7)).astype(np.float32)
    desc = add("FLOAT32", [4, 3, 7], b_strides=[0, 0, 1])
    got = run(desc, {"ATensor": a, "BTensor": row})["OutputTensor"]
    np.testing.assert_array_equal(got, a + row)
    col = rng.standard_normal(3).astype(np.float32)  # a column: stride 1 on the middle axis
    got = run(add("FLOAT32", [4, 3, 7], b_strides=[0, 1, 0]), {"ATensor": a, "BTensor": col})
    np.testing.assert_array_equal(got["OutputTensor"], a + col[:, None])
    scalar = np.array([2.5], np.float32)
    got = run(add("FLOAT32", [4, 3, 7], b_strides=[0, 0, 0]), {"ATensor": a, "BTensor": scalar})
    np.testing.assert_array_equal(got["OutputTensor"], a + np.float32(2.5))


def test_permuted_strides_and_strided_output(ew_isa: str, rng: np.random.Generator) -> None:
    # NHWC input read as NCHW, written into every second element of a larger buffer
    n, c, h, w = 2, 3, 4, 5
    nhwc = rng.standard_normal((n, h, w, c)).astype(np.float32)
    b = rng.standard_normal((n, c, h, w)).astype(np.float32)
    a_strides = [h * w * c, 1, w * c, c]
    out_strides = [2 * c * h * w, 2 * h * w, 2 * w, 2]
    desc = add("FLOAT32", [n, c, h, w], a_strides=a_strides, out_strides=out_strides)
    span = sum((size - 1) * s for size, s in zip([n, c, h, w], out_strides, strict=True)) + 1
    raw = poison(np.dtype(np.float32), (span + 1,))
    run(desc, {"ATensor": nhwc.reshape(-1), "BTensor": b}, outputs={"OutputTensor": raw})
    np.testing.assert_array_equal(raw[::2][: n * c * h * w].reshape(n, c, h, w),
                                  nhwc.transpose(0, 3, 1, 2) + b)
    assert np.isnan(raw[1::2]).all(), "elements between the strided outputs must stay untouched"


def test_threaded_long_rows_and_many_short_rows(rng: np.random.Generator) -> None:
    for shape in [(1, 300_001), (70_001, 3), (5, 129, 131)]:
        a = rng.standard_normal(shape).astype(np.float32)
        b = rng.standard_normal(shape).astype(np.float32)
        got = run(add("FLOAT32", list(shape)), {"ATensor": a, "BTensor": b})["OutputTensor"]
        np.testing.assert_array_equal(got, a + b)
    # a transposed operand defeats coalescing: every row is a strided run
    a = rng.standard_normal((300, 400)).astype(np.float32)
    b = rng.standard_normal((400, 300)).astype(np.float32)
    got = run(add("FLOAT32", [300, 400], b_strides=[1, 300]), {"ATensor": a, "BTensor": b.reshape(-1)})
    np.testing.assert_array_equal(got["OutputTensor"], a + b.T)


@pytest.mark.parametrize("name", ["ADD", "SUBTRACT", "MULTIPLY", "DIVIDE"])
def test_float16_binary_rows_round_the_float_result_once(name: str, ew_isa: str,
                                                         rng: np.random.Generator) -> None:
    # the one-pass FLOAT16 rows (x86): the float operation on the converted halves, rounded to
    # half; operands contiguous or one value broadcast along the run, specials included
    n = 1000 + 37
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 6e-8, -6e-8, 65504.0, 1e-4], np.float16)
    a = (rng.standard_normal(n) * 300).astype(np.float16)
    b = (rng.standard_normal(n) * 300).astype(np.float16)
    a[: specials.size] = specials
    b[specials.size: 2 * specials.size] = specials
    fn = {"ADD": np.add, "SUBTRACT": np.subtract, "MULTIPLY": np.multiply, "DIVIDE": np.divide}[name]
    desc_cls = getattr(pydml, f"DML_ELEMENT_WISE_{name}_OPERATOR_DESC")
    for a_strides, b_strides, av, bv in [(None, None, a, b), ([0], None, a[5:6], b), (None, [0], a, b[3:4])]:
        desc = desc_cls(ATensor=tensor("FLOAT16", [n], a_strides), BTensor=tensor("FLOAT16", [n], b_strides),
                        OutputTensor=tensor("FLOAT16", [n]))
        got = run(desc, {"ATensor": av, "BTensor": bv})["OutputTensor"]
        with np.errstate(all="ignore"):
            want = fn(np.broadcast_to(av, n).astype(np.float32), np.broadcast_to(bv, n).astype(np.float32))
        want = want.astype(np.float16)
        nan = np.isnan(want)
        np.testing.assert_array_equal(np.isnan(got), nan)
        np.testing.assert_array_equal(got[~nan].view(np.uint16), want[~nan].view(np.uint16))


def test_float16_rows_beyond_the_cache_are_streamed_exactly(ew_isa: str, rng: np.random.Generator) -> None:
    # 3 x 6M halves (36 MiB) exceed EW_STREAM_BYTES: the output is written with non-temporal stores
    # from its first 16-byte boundary; views starting 1 half in (an unaligned head) and an output of
    # an odd byte address (never aligned: stored as usual) give the numpy result too
    n = 6 * 1024 * 1024 + 13
    a = (rng.standard_normal(n + 1) * 8).astype(np.float16)
    b = (rng.standard_normal(n + 1) * 8).astype(np.float16)
    want = (a[1:].astype(np.float32) + b[1:].astype(np.float32)).astype(np.float16)
    raw = poison(np.dtype(np.float16), (n + 1,))
    run(add("FLOAT16", [n]), {"ATensor": a[1:], "BTensor": b[1:]}, outputs={"OutputTensor": raw[1:]})
    np.testing.assert_array_equal(raw[1:], want)
    assert np.isnan(raw[0])
    odd = np.empty(2 * n + 2, np.uint8)[1:-1].view(np.float16)  # numpy allows the unaligned view
    odd.fill(np.nan)
    run(add("FLOAT16", [n]), {"ATensor": a[1:], "BTensor": b[1:]}, outputs={"OutputTensor": odd})
    np.testing.assert_array_equal(odd, want)


@pytest.mark.parametrize("dtype", ["FLOAT32", "FLOAT16", "FLOAT64"])
def test_scale_bias_and_fused_activation(dtype: str, ew_isa: str, rng: np.random.Generator) -> None:
    x = values(dtype, (2, 3, 17), rng)
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
        InputTensor=tensor(dtype, [2, 3, 17]), OutputTensor=tensor(dtype, [2, 3, 17]),
        ScaleBias=pydml.DML_SCALE_BIAS(Scale=0.5, Bias=-1.25))
    got = run(desc, {"InputTensor": x})["OutputTensor"]
    compute = np.float64 if dtype == "FLOAT64" else np.float32
    want = (x.astype(compute) * compute(0.5) + compute(-1.25)).astype(DTYPES[dtype])
    np.testing.assert_array_equal(got, want)
    if dtype == "FLOAT64":
        return  # ADD1 (FusedActivation) takes FLOAT32 and FLOAT16 only
    fused = add(dtype, [2, 3, 17], FusedActivation=pydml.DML_ACTIVATION_RELU_OPERATOR_DESC())
    y = values(dtype, (2, 3, 17), rng)
    got = run(fused, {"ATensor": x, "BTensor": y})["OutputTensor"]
    s = x.astype(compute) + y.astype(compute)
    np.testing.assert_array_equal(got, np.maximum(s, 0).astype(DTYPES[dtype]))


def test_in_place_exact_overlap_allowed(rng: np.random.Generator) -> None:
    a = rng.standard_normal((4, 9)).astype(np.float32)
    b = rng.standard_normal((4, 9)).astype(np.float32)
    want = a + b
    op = pydml.Device().create_operator(add("FLOAT32", [4, 9]))
    op.execute({"ATensor": a, "BTensor": b}, {"OutputTensor": a})
    np.testing.assert_array_equal(a, want)


def test_partial_overlap_refused_naming_both(rng: np.random.Generator) -> None:
    buffer = rng.standard_normal(40).astype(np.float32)
    before = buffer.copy()
    op = pydml.Device().create_operator(add("FLOAT32", [4, 9]))
    with pytest.raises(pydml.BindingError, match=r"OutputTensor: its buffer overlaps the one bound "
                       r"to ATensor; only the exact overlap"):
        op.execute({"ATensor": buffer[:36], "BTensor": buffer[:36]},
                   {"OutputTensor": buffer[4:40]})
    np.testing.assert_array_equal(buffer, before)


def test_c_api_executes_with_buffers() -> None:
    a = np.arange(6, dtype=np.float32)
    b = np.full(6, 10, np.float32)
    out = poison(np.dtype(np.float32), (6,))
    cdesc = pydml.to_c(add("FLOAT32", [2, 3]))
    handle = ffi.new("pydml_operator**")
    message = ffi.new("char[256]")
    assert lib.pydml_operator_type_executes(lib.DML_OPERATOR_ELEMENT_WISE_ADD1) == 1
    assert lib.pydml_operator_type_in_place(lib.DML_OPERATOR_ELEMENT_WISE_ADD1) == 1
    assert lib.pydml_operator_type_in_place(lib.DML_OPERATOR_CONVOLUTION) == 0
    assert lib.pydml_operator_create(cdesc.ptr, 0x6400, 0, handle, message, 256) == 0
    try:
        ins = ffi.new("pydml_buffer[2]")
        outs = ffi.new("pydml_buffer[1]")
        for slot, arr in ((ins[0], a), (ins[1], b), (outs[0], out)):
            slot.data = ffi.cast("void*", arr.ctypes.data)
            slot.size_in_bytes = arr.nbytes
        assert lib.pydml_operator_execute(handle[0], ins, 2, outs, 1, message, 256) == 0
        np.testing.assert_array_equal(out, a + b)
        outs[0].size_in_bytes = 20  # one element short
        status = lib.pydml_operator_execute(handle[0], ins, 2, outs, 1, message, 256)
        assert status == lib.PYDML_STATUS_INVALID_PARAMETER
        assert "OutputTensor" in ffi.string(message).decode()
    finally:
        lib.pydml_operator_destroy(handle[0])


def test_buffers_too_small_for_the_strides_are_refused() -> None:
    op = pydml.Device().create_operator(add("FLOAT32", [2, 3], b_strides=[4, 1]))
    with pytest.raises(pydml.BindingError, match="BTensor"):
        op.execute({"ATensor": np.zeros(6, np.float32), "BTensor": np.zeros(6, np.float32)})


@pytest.mark.parametrize("dtype", ["INT8", "INT16", "INT32", "UINT8", "UINT16", "UINT32"])
def test_scale_bias_on_integer_tensors_truncates_the_exact_value(dtype: str, ew_isa: str,
                                                               rng: np.random.Generator) -> None:
    """g(x) = x * Scale + Bias of the reals, stored by the float -> integer rule (toward zero,
    saturated): checked with exact rationals, on values whose products land on, just below and
    just above integers (Scale 0.1 is not a binary fraction), and on the type's extremes."""
    from fractions import Fraction

    info = np.iinfo(DTYPES[dtype])
    x = values(dtype, (257,), rng)
    x[:6] = [info.min, info.max, 0, 1, 10, 30]
    # x * 0.1f is an integer minus 2^-27 for these, which rounds onto the integer in double: the
    # exact-sign correction must truncate below it (208037480, not ...481)
    if dtype == "INT32":
        x[6:8] = [2080374779, -2080374779]
    elif dtype == "UINT32":
        x[6:8] = [2080374779, 4227858427]
    for scale, bias in [(0.1, 0.0), (-0.1, 0.25), (2.5, -1.0), (1e-3, 1e6), (-3.0, 7.5)]:
        s32, b32 = np.float32(scale), np.float32(bias)
        desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
            InputTensor=tensor(dtype, [257]), OutputTensor=tensor(dtype, [257]),
            ScaleBias=pydml.DML_SCALE_BIAS(Scale=float(s32), Bias=float(b32)))
        got = run(desc, {"InputTensor": x})["OutputTensor"]
        exact = [int(Fraction(int(v)) * Fraction(float(s32)) + Fraction(float(b32))) for v in x]
        want = np.array([min(max(e, int(info.min)), int(info.max)) for e in exact], dtype=DTYPES[dtype])
        np.testing.assert_array_equal(got, want, err_msg=f"Scale {scale} Bias {bias}")


@pytest.mark.parametrize("dtype", ["INT64", "UINT64"])
def test_scale_bias_on_64_bit_integer_tensors_is_unsupported(dtype: str) -> None:
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
        InputTensor=tensor(dtype, [4]), OutputTensor=tensor(dtype, [4]),
        ScaleBias=pydml.DML_SCALE_BIAS(Scale=2.0, Bias=0.0))
    with pytest.raises(pydml.UnsupportedError):
        pydml.Device().create_operator(desc)


def test_strided_desc_bindings_fast_path_keeps_every_check(rng: np.random.Generator) -> None:
    """A desc with Strides binds a C-contiguous array as raw memory without the general path's
    checks when it is long enough (device.py `_direct`); anything else still gets the checked path
    and its BindingError: too short, not contiguous, a read-only output."""
    desc = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=tensor("FLOAT32", [4, 6]), BTensor=tensor("FLOAT32", [4, 6], [0, 1]),
        OutputTensor=tensor("FLOAT32", [4, 6], [12, 2]))
    op = pydml.Device().create_operator(desc)
    a = rng.standard_normal((4, 6)).astype(np.float32)
    row = rng.standard_normal(6).astype(np.float32)
    out = np.full(48, np.nan, np.float32)
    op.execute({"ATensor": a, "BTensor": row}, {"OutputTensor": out})
    np.testing.assert_array_equal(out.reshape(4, 12)[:, ::2], a + row)
    assert np.isnan(out.reshape(4, 12)[:, 1::2]).all()
    with pytest.raises(pydml.BindingError, match="bytes, fewer than the"):
        op.execute({"ATensor": a, "BTensor": row[:5]}, {"OutputTensor": out})
    with pytest.raises(pydml.BindingError, match="bytes, fewer than the"):
        op.execute({"ATensor": a, "BTensor": row}, {"OutputTensor": out[:40]})
    with pytest.raises(pydml.BindingError, match="must be contiguous"):
        op.execute({"ATensor": a, "BTensor": np.repeat(row, 2)[::2]}, {"OutputTensor": out})
    readonly = out.copy()
    readonly.flags.writeable = False
    with pytest.raises(pydml.BindingError, match="read-only"):
        op.execute({"ATensor": a, "BTensor": row}, {"OutputTensor": readonly})


def test_a_view_with_the_descs_strides_binds_in_place(rng: np.random.Generator) -> None:
    """An array whose shape, dtype and element strides are the desc's Sizes, type and Strides is the
    memory the desc describes (an NHWC array transposed to NCHW for a desc with NHWC Strides, a
    broadcast row for zero strides, a column slice of a wider buffer): it binds in place, as input
    and as output (written where the caller's view looks, and returned as that view). A view with
    other strides is still refused, its strides beside the desc's."""
    desc = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=tensor("FLOAT32", [2, 3, 4, 5], [60, 1, 15, 3]),
        BTensor=tensor("FLOAT32", [2, 3, 4, 5], [0, 0, 5, 1]),
        OutputTensor=tensor("FLOAT32", [2, 3, 4, 5], [120, 40, 10, 2]))
    op = pydml.Device().create_operator(desc)
    nhwc = rng.standard_normal((2, 4, 5, 3)).astype(np.float32)
    a = nhwc.transpose(0, 3, 1, 2)  # NCHW shape over NHWC memory: element strides (60, 1, 15, 3)
    b = np.broadcast_to(rng.standard_normal((4, 5)).astype(np.float32), (2, 3, 4, 5))  # strides (0, 0, 5, 1)
    wide = np.full(240, np.nan, np.float32)
    out = wide.reshape(2, 3, 4, 10)[..., ::2]  # every other element: (120, 40, 10, 2)
    assert not a.flags.c_contiguous and not out.flags.c_contiguous
    result = op.execute({"ATensor": a, "BTensor": b}, {"OutputTensor": out})["OutputTensor"]
    assert result is out
    np.testing.assert_array_equal(out, a + b)
    assert np.isnan(wide.reshape(2, 3, 4, 10)[..., 1::2]).all()  # nothing written between
    # a size-1 axis has no stride to match (the array's 12, the desc's 0)
    one = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=tensor("FLOAT32", [1, 3, 4], [0, 1, 3]),
                                                         OutputTensor=tensor("FLOAT32", [1, 3, 4]))
    x = rng.standard_normal((2, 4, 3)).astype(np.float32)[:1].transpose(0, 2, 1)
    copied = pydml.Device().create_operator(one).execute({"InputTensor": x})["OutputTensor"]
    np.testing.assert_array_equal(copied, x)
    other = np.zeros((2, 3, 5, 4), np.float32).transpose(0, 1, 3, 2)  # element strides (60, 20, 1, 4)
    with pytest.raises(pydml.BindingError, match=r"strides \[60, 20, 1, 4\].*Strides \[60, 1, 15, 3\]"):
        op.execute({"ATensor": other, "BTensor": b}, {"OutputTensor": out})
    with pytest.raises(pydml.BindingError, match="read-only"):
        op.execute({"ATensor": a, "BTensor": b}, {"OutputTensor": b})


def test_strided_inputs_take_the_few_steps_execute_and_keep_every_check(rng: np.random.Generator,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Strided inputs with packed outputs bind in execute's few steps (device.py _FastBinding's raw
    inputs): a C-contiguous array of any shape holding the bytes the Sizes and Strides reach,
    repeatedly and with allocated outputs; a short or non-contiguous input still gets the general
    path's BindingError, and the next good call binds again."""
    desc = pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(InputTensor=tensor("FLOAT32", [3, 4, 5], [5, 15, 1]),
                                                         OutputTensor=tensor("FLOAT32", [3, 4, 5]))
    op = pydml.Device().create_operator(desc)
    x = rng.standard_normal((4, 3, 5)).astype(np.float32)
    want = x.transpose(1, 0, 2)
    for _ in range(3):
        np.testing.assert_array_equal(op.execute({"InputTensor": x})["OutputTensor"], want)
    fast = op._fast  # the few steps' binding, built at the first execute, with the strided input in it
    assert fast and [name for name, _, _ in fast.raw_inputs] == ["InputTensor"]
    with monkeypatch.context() as m:  # a good call never reaches the general path's binding
        m.setattr(type(op), "_view", lambda *a, **k: pytest.fail("the general path bound a tensor"))
        np.testing.assert_array_equal(op.execute({"InputTensor": x})["OutputTensor"], want)
    out = np.full((3, 4, 5), np.nan, np.float32)
    op.execute({"InputTensor": x.reshape(-1)}, {"OutputTensor": out})  # any shape: raw memory
    np.testing.assert_array_equal(out, want)
    with pytest.raises(pydml.BindingError, match="bytes, fewer than the"):
        op.execute({"InputTensor": x.reshape(-1)[:59]})
    with pytest.raises(pydml.BindingError, match="must be contiguous"):
        op.execute({"InputTensor": np.repeat(x, 2, axis=2)[:, :, ::2]})
    np.testing.assert_array_equal(op.execute({"InputTensor": x})["OutputTensor"], want)
