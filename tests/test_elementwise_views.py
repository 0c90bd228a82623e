"""The element-wise engine's C entry points on raw views (native/engines/elementwise.h:
pydml_ew_apply, pydml_ew_plan_create_op + pydml_ew_execute): an operator type with attribute
values, or a caller's float row function, over strided and broadcast (stride 0, size 1) views,
against numpy, outputs poisoned. Reached through cffi's ABI mode on the extension's exported
symbols: these are engine entry points for C callers, not part of include/pydml.h."""

from __future__ import annotations

from typing import Any

import numpy as np
import pydml._native
import pytest
from cffi import FFI

from pydml.native import lib

ffi = FFI()
ffi.cdef("""
typedef struct pydml_tensor {
    uint32_t data_type; uint32_t dim_count; uint32_t sizes[8]; uint64_t strides[8];
    void* data; uint64_t buffer_bytes;
} pydml_tensor;
typedef struct ew_params {
    double f[6]; int64_t i[6]; uint64_t u[6]; float f32[6];
    uint32_t input_types[8]; uint32_t output_type, present, uniform, ahead;
    const void* user;
} ew_params;
typedef void (*ew_f32_fn)(const ew_params* p, size_t n, float* out, const float* const* in);
typedef struct pydml_ew_op {
    uint32_t type; const double* attrs; uint32_t attr_count; ew_f32_fn row; const void* user;
    uint32_t input_count; int has_scale_bias; float scale, bias;
    uint32_t fused_type; const double* fused_attrs; uint32_t fused_attr_count;
} pydml_ew_op;
typedef struct pydml_ew_plan pydml_ew_plan;
int pydml_ew_apply(const pydml_ew_op* op, const pydml_tensor* const* inputs, const pydml_tensor* output);
int pydml_ew_plan_create_op(const pydml_ew_op* op, const uint32_t* input_types, uint32_t output_type,
                            pydml_ew_plan** plan);
int pydml_ew_execute(const pydml_ew_plan* plan, const pydml_tensor* const* inputs,
                     const pydml_tensor* output);
void pydml_ew_plan_destroy(pydml_ew_plan* plan);
""")
C = ffi.dlopen(pydml._native.__file__)

TYPES = {np.dtype(np.float32): lib.DML_TENSOR_DATA_TYPE_FLOAT32,
         np.dtype(np.float16): lib.DML_TENSOR_DATA_TYPE_FLOAT16,
         np.dtype(np.int32): lib.DML_TENSOR_DATA_TYPE_INT32}


def view(buf: np.ndarray, sizes: list[int], strides: list[int], offset: int = 0) -> Any:
    """A pydml_tensor over buf (1-d) from element `offset`, with element strides."""
    t = ffi.new("pydml_tensor*")
    t.data_type = TYPES[buf.dtype]
    t.dim_count = len(sizes)
    for d, (s, st) in enumerate(zip(sizes, strides, strict=True)):
        t.sizes[d] = s
        t.strides[d] = st
    t.data = ffi.cast("char*", buf.ctypes.data) + offset * buf.itemsize
    t.buffer_bytes = (buf.size - offset) * buf.itemsize
    return t


def strided(arr: np.ndarray, buf: np.ndarray) -> np.ndarray:
    """numpy's view of the elements a pydml_tensor of arr's layout over buf addresses."""
    return np.lib.stride_tricks.as_strided(buf, arr.shape, arr.strides)


def op(type_: int, n_in: int, attrs: list[float] | None = None, **kw: Any) -> Any:
    o = ffi.new("pydml_ew_op*")
    o.type = type_
    o.input_count = n_in
    keep = []
    if attrs:
        a = ffi.new("double[]", attrs)
        keep.append(a)
        o.attrs = a
        o.attr_count = len(attrs)
    for k, v in kw.items():
        setattr(o, k, v)
    return o, keep


_ALIVE: list[Any] = []


def inputs(*views: Any) -> Any:
    """An array of view pointers; the views stay alive (cffi's array does not own them)."""
    _ALIVE.extend(views)
    return ffi.new("pydml_tensor*[]", list(views))


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32])
def test_add_on_strided_and_broadcast_views(dtype: Any, rng: np.random.Generator) -> None:
    n, c, w = 4, 3, 37
    # A: NWC memory read as NCW; B: one value per channel (strides 0, 1, 0); output every second element
    a_mem = (rng.standard_normal((n, w, c)) * 8).astype(dtype)
    b_mem = (rng.standard_normal(c) * 8).astype(dtype)
    out = np.full(2 * n * c * w + 1, np.nan if dtype != np.int32 else -7, dtype)
    poison = out.copy()
    a_v = view(a_mem.reshape(-1), [n, c, w], [w * c, 1, c])
    b_v = view(b_mem, [n, c, w], [0, 1, 0])
    o_v = view(out, [n, c, w], [2 * c * w, 2 * w, 2])
    o, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_ADD, 2)
    assert C.pydml_ew_apply(o, inputs(a_v, b_v), o_v) == lib.PYDML_STATUS_SUCCESS
    a = a_mem.transpose(0, 2, 1)
    want = (a.astype(np.float64) + b_mem.astype(np.float64)[None, :, None])
    want = want.astype(dtype) if dtype != np.int32 else a + b_mem[None, :, None]
    np.testing.assert_array_equal(out[: 2 * n * c * w : 2].reshape(n, c, w), want)
    np.testing.assert_array_equal(out[1::2], poison[1::2])  # untouched between the outputs


def test_size_one_broadcast_fewer_dims_and_attributes(rng: np.random.Generator) -> None:
    x = rng.standard_normal((5, 6)).astype(np.float32) * 3
    row = rng.standard_normal(6).astype(np.float32)
    col = rng.standard_normal(5).astype(np.float32)
    out = np.full(30, np.nan, np.float32)
    o, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_ADD, 2)
    # a 1-d input right-aligned against a 2-d output; a size-1 dimension broadcasts
    pair = inputs(view(row, [6], [1]), view(col, [5, 1], [1, 1]))
    st = C.pydml_ew_apply(o, pair, view(out, [5, 6], [6, 1]))
    assert st == lib.PYDML_STATUS_SUCCESS
    np.testing.assert_array_equal(out.reshape(5, 6), row[None, :] + col[:, None])
    # CLIP's attributes in its entry's order: Min, Max
    clip, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_CLIP, 1, [-0.5, 0.75])
    out[:] = np.nan
    xv = x.reshape(-1)
    assert C.pydml_ew_apply(clip, inputs(view(xv, [5, 6], [6, 1])), view(out, [5, 6], [6, 1])) == 0
    np.testing.assert_array_equal(out.reshape(5, 6), np.clip(x, np.float32(-0.5), np.float32(0.75)))
    # ScaleBias on input 0 and a FusedActivation (ELU, Alpha 0.5), in place
    elu_alpha = ffi.new("double[]", [0.5])
    ident, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_IDENTITY, 1, has_scale_bias=1, scale=2.0, bias=-1.0,
                  fused_type=lib.DML_OPERATOR_ACTIVATION_ELU, fused_attrs=elu_alpha, fused_attr_count=1)
    y = xv.copy()
    assert C.pydml_ew_apply(ident, inputs(view(y, [30], [1])), view(y, [30], [1])) == 0
    t = (xv * np.float32(2.0) + np.float32(-1.0)).astype(np.float64)
    want = np.where(t > 0, t, 0.5 * np.expm1(t))
    np.testing.assert_allclose(y, want, rtol=2e-6, atol=1e-7)


def test_row_function_threaded_with_user_pointer(rng: np.random.Generator) -> None:
    shape = (3, 70_001)  # > the engine's 65,536-element threading threshold: 2 threads call back
    a = rng.standard_normal(shape).astype(np.float32)
    b = rng.standard_normal(shape).astype(np.float32)
    c = rng.standard_normal(shape[1]).astype(np.float32)
    factor = ffi.new("float*", 0.25)

    @ffi.callback("void(const ew_params*, size_t, float*, const float* const*)")
    def fma_row(p: Any, n: int, out: Any, ins: Any) -> None:
        f = ffi.cast("const float*", p.user)[0]
        arr = [np.frombuffer(ffi.buffer(ins[k], 4 * n), np.float32) for k in range(3)]
        res = (arr[0] * arr[1] + arr[2]) * np.float32(f)
        ffi.memmove(out, res.tobytes(), 4 * n)

    o, _ = op(lib.DML_OPERATOR_INVALID, 3, row=fma_row, user=factor)
    out = np.full(a.size, np.nan, np.float32)
    rows = [shape[1], 1]
    views = inputs(view(a.reshape(-1), list(shape), rows), view(b.reshape(-1), list(shape), rows),
                   view(c, list(shape), [0, 1]))
    assert C.pydml_ew_apply(o, views, view(out, list(shape), [shape[1], 1])) == 0
    np.testing.assert_array_equal(out.reshape(shape), (a * b + c[None, :]) * np.float32(0.25))
    # FLOAT16 tensors: converted on load and store around the float row
    h = rng.standard_normal(50).astype(np.float16)
    hout = np.full(50, np.nan, np.float16)
    hv = view(h, [50], [1])
    assert C.pydml_ew_apply(o, inputs(hv, hv, hv), view(hout, [50], [1])) == 0
    hf = h.astype(np.float32)
    np.testing.assert_array_equal(hout, ((hf * hf + hf) * np.float32(0.25)).astype(np.float16))


def test_plan_reused_on_several_shapes(rng: np.random.Generator) -> None:
    o, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_MULTIPLY, 2)
    f32 = lib.DML_TENSOR_DATA_TYPE_FLOAT32
    plan = ffi.new("pydml_ew_plan**")
    assert C.pydml_ew_plan_create_op(o, ffi.new("uint32_t[]", [f32, f32]), f32, plan) == 0
    try:
        for shape in [(7,), (2, 3, 4), (1, 100_000)]:
            a = rng.standard_normal(shape).astype(np.float32).reshape(-1)
            b = rng.standard_normal(shape).astype(np.float32).reshape(-1)
            out = np.full(a.size, np.nan, np.float32)
            strides = list(np.array(np.empty(shape, np.float32).strides) // 4)
            vs = [view(x, list(shape), strides) for x in (a, b, out)]
            assert C.pydml_ew_execute(plan[0], inputs(vs[0], vs[1]), vs[2]) == 0
            np.testing.assert_array_equal(out, a * b)
    finally:
        C.pydml_ew_plan_destroy(plan[0])


def test_bad_calls_are_refused_before_any_write() -> None:
    x = np.arange(12, dtype=np.float32)
    out = np.full(12, np.nan, np.float32)
    add, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_ADD, 2)
    xv = view(x, [3, 4], [4, 1])
    short = view(out, [3, 4], [4, 1])
    short.buffer_bytes = 11 * 4  # the last element lies past the buffer
    assert C.pydml_ew_apply(add, inputs(xv, xv), short) == lib.PYDML_STATUS_OUT_OF_BOUNDS
    wrong = view(x, [2, 4], [4, 1])  # 2 is neither the output's 3 nor 1
    assert C.pydml_ew_apply(add, inputs(xv, wrong), view(out, [3, 4], [4, 1])) == \
        lib.PYDML_STATUS_INVALID_PARAMETER
    assert np.isnan(out).all()
    assert C.pydml_ew_apply(ffi.NULL, inputs(xv, xv), view(out, [3, 4], [4, 1])) == \
        lib.PYDML_STATUS_INVALID_PARAMETER
    no_row, _ = op(lib.DML_OPERATOR_INVALID, 1)  # a row operator without its row
    assert C.pydml_ew_apply(no_row, inputs(xv), view(out, [3, 4], [4, 1])) == \
        lib.PYDML_STATUS_INVALID_PARAMETER
    gemm, _ = op(lib.DML_OPERATOR_GEMM, 2)  # not an element-wise operator
    assert C.pydml_ew_apply(gemm, inputs(xv, xv), view(out, [3, 4], [4, 1])) == \
        lib.PYDML_STATUS_UNSUPPORTED_PARAMETER
    too_many, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_ADD, 2, [0.0] * 7)
    assert C.pydml_ew_apply(too_many, inputs(xv, xv), view(out, [3, 4], [4, 1])) == \
        lib.PYDML_STATUS_INVALID_PARAMETER
    i32 = np.zeros(12, np.int32)  # ELU has no integer path
    elu, _ = op(lib.DML_OPERATOR_ACTIVATION_ELU, 1, [1.0])
    iv = view(i32, [12], [1])
    assert C.pydml_ew_apply(elu, inputs(iv), iv) == lib.PYDML_STATUS_UNSUPPORTED_PARAMETER
    assert np.isnan(out).all()
