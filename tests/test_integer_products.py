"""The integer and quantized products: MATRIX_MULTIPLY_INTEGER, MATRIX_MULTIPLY_INTEGER_TO_FLOAT,
QUANTIZED_LINEAR_MATRIX_MULTIPLY, CONVOLUTION_INTEGER, QUANTIZED_LINEAR_CONVOLUTION.

References are numpy int64 evaluations of each page's formula (exact equality for integer
outputs), torch's integer matmul / conv as a second reference for the exact sums, and for float or
requantized outputs a float64 evaluation in the order native/families/integer_products.c documents
(((S * AScale) * BScale) [+ Bias | / OutputScale]) rounded once to the output type (round half to
even, saturating): exact equality, every element. Every ISA path runs (AVX-512 VNNI, AVX2, and
portable C; the ``ew_isa`` fixture plus a VNNI-less AVX-512 mask), with odd shapes (K not a
multiple of 4 or 64, M = 1, N = 1), strided and broadcast views and poisoned outputs.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
import torch
from ew_harness import DTYPES, run, tensor

import pydml
from pydml.native import lib

I8 = ("INT8", "UINT8")
PAIRS = [(a, b) for a in I8 for b in I8]


def rand_int(
    rng: np.random.Generator, dtype: str, shape: Any, lo: int | None = None, hi: int | None = None
) -> np.ndarray:
    info = np.iinfo(DTYPES[dtype])
    lo = info.min if lo is None else max(lo, info.min)
    hi = info.max if hi is None else min(hi, info.max)
    return rng.integers(lo, hi + 1, size=shape, dtype=np.int64).astype(DTYPES[dtype])


def wrap32(x: np.ndarray) -> np.ndarray:
    return ((x.astype(np.int64) + 2**31) % 2**32 - 2**31).astype(np.int32)


@pytest.fixture
def no_vnni() -> Any:
    """AVX-512 without VNNI (the AVX2 int16 kernel then runs under the AVX-512 mask)."""
    mask = 0xFFFFFFFF & ~int(lib.PYDML_CPU_AVX512_VNNI)
    lib.pydml_set_cpu_features(mask)
    yield
    lib.pydml_set_cpu_features(0xFFFFFFFF)


# -- MATRIX_MULTIPLY_INTEGER -------------------------------------------------------------------------


def mmi_desc(
    at: str,
    bt: str,
    a_sizes: Any,
    b_sizes: Any,
    o_sizes: Any,
    *,
    az: Any = None,
    bz: Any = None,
    a_strides: Any = None,
    b_strides: Any = None,
    o_strides: Any = None,
    az_strides: Any = None,
    bz_strides: Any = None,
) -> Any:
    return pydml.DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC(
        ATensor=tensor(at, a_sizes, a_strides),
        AZeroPointTensor=None if az is None else tensor(at, az, az_strides),
        BTensor=tensor(bt, b_sizes, b_strides),
        BZeroPointTensor=None if bz is None else tensor(bt, bz, bz_strides),
        OutputTensor=tensor("INT32", o_sizes, o_strides),
    )


def mmi_reference(a: np.ndarray, b: np.ndarray, za: Any, zb: Any) -> np.ndarray:
    """The page: sum_k (A - AZeroPoint) * (B - BZeroPoint), in int64 (then wrapped to int32)."""
    a64 = a.astype(np.int64) - (0 if za is None else za.astype(np.int64))
    b64 = b.astype(np.int64) - (0 if zb is None else zb.astype(np.int64))
    return a64 @ b64


def mmi_case(
    rng: np.random.Generator,
    at: str,
    bt: str,
    m: int,
    n: int,
    k: int,
    *,
    zp: str = "row",
    batch: tuple[int, ...] = (),
) -> None:
    a = rand_int(rng, at, (*batch, m, k))
    b = rand_int(rng, bt, (*batch, k, n))
    r = len(batch) + 2
    za = zb = None
    az_sizes = bz_sizes = None
    if zp == "tensor":
        za, zb = rand_int(rng, at, (1,) * r), rand_int(rng, bt, (1,) * r)
    elif zp == "row":
        za, zb = rand_int(rng, at, (1,) * (r - 2) + (m, 1)), rand_int(rng, bt, (1,) * (r - 1) + (n,))
    if za is not None:
        az_sizes, bz_sizes = list(za.shape), list(zb.shape)
    d = mmi_desc(at, bt, a.shape, b.shape, (*batch, m, n), az=az_sizes, bz=bz_sizes)
    inputs = {"ATensor": a, "BTensor": b}
    if za is not None:
        inputs |= {"AZeroPointTensor": za, "BZeroPointTensor": zb}
    out = run(d, inputs)["OutputTensor"]
    ref = mmi_reference(a, b, za, zb)
    np.testing.assert_array_equal(out, wrap32(ref))
    # torch's integer matmul (int64 on CPU) of the same differences
    ta = torch.from_numpy(a.astype(np.int64)) - (0 if za is None else torch.from_numpy(za.astype(np.int64)))
    tb = torch.from_numpy(b.astype(np.int64)) - (0 if zb is None else torch.from_numpy(zb.astype(np.int64)))
    np.testing.assert_array_equal(out, wrap32(torch.matmul(ta, tb).numpy()))


@pytest.mark.parametrize("at,bt", PAIRS)
@pytest.mark.parametrize("zp", ["none", "tensor", "row"])
def test_mmi_types_and_zero_points(ew_isa: str, at: str, bt: str, zp: str, rng: np.random.Generator) -> None:
    mmi_case(rng, at, bt, 13, 70, 37, zp=zp)


@pytest.mark.parametrize(
    "m,n,k", [(1, 1, 1), (1, 65, 3), (7, 1, 5), (6, 64, 4), (19, 130, 67), (5, 17, 130), (40, 200, 300)]
)
def test_mmi_odd_shapes(ew_isa: str, m: int, n: int, k: int, rng: np.random.Generator) -> None:
    mmi_case(rng, "UINT8", "INT8", m, n, k)
    mmi_case(rng, "INT8", "UINT8", m, n, k, zp="tensor")


def test_mmi_without_vnni(no_vnni: None, rng: np.random.Generator) -> None:
    for at, bt in PAIRS:
        mmi_case(rng, at, bt, 9, 33, 67)


@pytest.mark.parametrize("batch", [(2, 3), (3,)])
def test_mmi_batched(ew_isa: str, batch: tuple[int, ...], rng: np.random.Generator) -> None:
    mmi_case(rng, "UINT8", "INT8", 9, 17, 33, batch=batch)
    mmi_case(rng, "INT8", "INT8", 9, 17, 33, batch=batch, zp="tensor")


def test_mmi_large_parallel(rng: np.random.Generator) -> None:
    # big enough for the threads, with partial panels and strips
    mmi_case(rng, "UINT8", "INT8", 301, 257, 515)


def test_mmi_strided_and_broadcast(ew_isa: str, rng: np.random.Generator) -> None:
    # A column-major (a transpose in its strides), B with a column step of 2 and padded rows, the
    # zero points broadcast by zero strides over a buffer, A broadcast over the batch, an output
    # with padded rows: the gaps keep their values
    m, n, k = 11, 37, 45
    a_buf = rand_int(rng, "INT8", (k * m + 4,))  # TotalTensorSizeInBytes rounds up to 4 bytes
    a_cm = a_buf[: k * m].reshape(k, m)
    b_buf = rand_int(rng, "UINT8", (2, k, 2 * n + 3))
    za_buf = rand_int(rng, "INT8", (m, 3))
    zb = rand_int(rng, "UINT8", (4,))  # one value read, through zero strides
    o_buf = np.full((2, m, n + 4), 7, np.int32)
    d = mmi_desc(
        "INT8",
        "UINT8",
        [2, m, k],
        [2, k, n],
        [2, m, n],
        az=[1, m, 1],
        bz=[1, 1, n],
        a_strides=[0, 1, m],
        b_strides=[k * (2 * n + 3), 2 * n + 3, 2],
        o_strides=[m * (n + 4), n + 4, 1],
        az_strides=[0, 3, 1],
        bz_strides=[0, 0, 0],
    )
    got = run(
        d,
        {"ATensor": a_buf, "BTensor": b_buf, "AZeroPointTensor": za_buf, "BZeroPointTensor": zb},
        outputs={"OutputTensor": o_buf},
    )
    assert got["OutputTensor"].shape == (2, m, n)
    ref = mmi_reference(
        np.broadcast_to(a_cm.T, (2, m, k)),
        b_buf[:, :, 0 : 2 * n : 2],
        za_buf[:, :1],
        np.broadcast_to(zb[:1], (1, n)),
    )
    np.testing.assert_array_equal(o_buf[:, :, :n], wrap32(ref))
    assert np.all(o_buf[:, :, n:] == 7)


def test_mmi_int32_overflow_wraps(ew_isa: str) -> None:
    # 255 * 127 * 70000 > 2^31: the sum wraps modulo 2^32 (two's complement), on every path
    k = 70000
    a = np.full((2, k), 255, np.uint8)
    a[1, ::2] = 0
    b = np.full((k, 3), 127, np.int8)
    b[:, 1] = -128
    d = mmi_desc("UINT8", "INT8", [2, k], [k, 3], [2, 3])
    out = run(d, {"ATensor": a, "BTensor": b})["OutputTensor"]
    ref = mmi_reference(a, b, None, None)
    assert np.abs(ref).max() > 2**31
    np.testing.assert_array_equal(out, wrap32(ref))


def test_mmi_extreme_zero_points_exact(ew_isa: str) -> None:
    # the +128 offset correction at the ends of both ranges
    for at, bt in PAIRS:
        ia, ib = np.iinfo(DTYPES[at]), np.iinfo(DTYPES[bt])
        for av, zav in [(ia.min, ia.max), (ia.max, ia.min)]:
            for bv, zbv in [(ib.min, ib.max), (ib.max, ib.min)]:
                a = np.full((3, 9), av, DTYPES[at])
                b = np.full((9, 5), bv, DTYPES[bt])
                za, zb = np.full(4, zav, DTYPES[at]), np.full(4, zbv, DTYPES[bt])
                d = mmi_desc(
                    at, bt, [3, 9], [9, 5], [3, 5], az=[1, 1], bz=[1, 1], az_strides=[0, 0], bz_strides=[0, 0]
                )
                out = run(d, {"ATensor": a, "BTensor": b, "AZeroPointTensor": za, "BZeroPointTensor": zb})[
                    "OutputTensor"
                ]
                assert np.all(out == (int(av) - int(zav)) * (int(bv) - int(zbv)) * 9)


# -- MATRIX_MULTIPLY_INTEGER_TO_FLOAT ----------------------------------------------------------------

INTS = ("INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32")
NPF = {"FLOAT32": np.float32, "FLOAT16": np.float16}


def scale_values(rng: np.random.Generator, shape: Any, ftype: str) -> np.ndarray:
    top = 2.0 if ftype == "FLOAT32" else 0.02  # FLOAT16 results stay finite
    return (rng.uniform(top / 200, top, size=shape) * rng.choice([-1, 1], size=shape)).astype(NPF[ftype])


def to_float_case(
    rng: np.random.Generator,
    it: str,
    ft: str,
    m: int,
    n: int,
    k: int,
    *,
    per: str = "row",
    bias: bool = True,
    batch: tuple[int, ...] = (),
    lo: int = -300,
    hi: int = 300,
) -> None:
    r = len(batch) + 2
    a = rand_int(rng, it, (*batch, m, k), lo, hi)
    b = rand_int(rng, it, (*batch, k, n), lo, hi)
    rows, cols = ((1,) * (r - 2) + (m, 1), (1,) * (r - 1) + (n,)) if per == "row" else ((1,) * r, (1,) * r)
    za, zb = rand_int(rng, it, rows, lo, hi), rand_int(rng, it, cols, lo, hi)
    sa, sb = scale_values(rng, rows, ft), scale_values(rng, cols, ft)
    c = rng.standard_normal((*batch, m, n)).astype(NPF[ft]) if bias else None
    d = pydml.DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC(
        ATensor=tensor(it, a.shape),
        AScaleTensor=tensor(ft, rows),
        AZeroPointTensor=tensor(it, rows),
        BTensor=tensor(it, b.shape),
        BScaleTensor=tensor(ft, cols),
        BZeroPointTensor=tensor(it, cols),
        BiasTensor=None if c is None else tensor(ft, c.shape),
        OutputTensor=tensor(ft, (*batch, m, n)),
    )
    inputs = {
        "ATensor": a,
        "AScaleTensor": sa,
        "AZeroPointTensor": za,
        "BTensor": b,
        "BScaleTensor": sb,
        "BZeroPointTensor": zb,
    }
    if c is not None:
        inputs["BiasTensor"] = c
    out = run(d, inputs)["OutputTensor"]
    s = mmi_reference(a, b, za, zb).astype(np.float64)
    ref = s * sa.astype(np.float64) * sb.astype(np.float64)
    if c is not None:
        ref = ref + c.astype(np.float64)
    np.testing.assert_array_equal(out, ref.astype(NPF[ft]))
    # torch as a second reference of the dequantize-multiply definition (float64, to 1e-12)
    deq_a = (
        torch.from_numpy(a.astype(np.float64)) - torch.from_numpy(za.astype(np.float64))
    ) * torch.from_numpy(sa.astype(np.float64))
    deq_b = (
        torch.from_numpy(b.astype(np.float64)) - torch.from_numpy(zb.astype(np.float64))
    ) * torch.from_numpy(sb.astype(np.float64))
    t = torch.matmul(deq_a, deq_b).numpy() + (0 if c is None else c.astype(np.float64))
    np.testing.assert_allclose(
        out.astype(np.float64),
        t,
        rtol=1e-3 if ft == "FLOAT16" else 1e-6,
        atol=1e-9 + np.abs(t).max() * (1e-3 if ft == "FLOAT16" else 1e-6),
    )


@pytest.mark.parametrize("it", INTS)
@pytest.mark.parametrize("ft", ["FLOAT32", "FLOAT16"])
def test_to_float_types(ew_isa: str, it: str, ft: str, rng: np.random.Generator) -> None:
    to_float_case(rng, it, ft, 7, 19, 13)
    to_float_case(rng, it, ft, 5, 66, 70, per="tensor", bias=False)


def test_to_float_wide_values_exact(rng: np.random.Generator) -> None:
    # INT32 / UINT32 operands at the ends of their ranges: (a - za) * (b - zb) needs 66 bits; the sum is
    # exact (128-bit) and rounded once to double
    for it in ("INT32", "UINT32"):
        info = np.iinfo(DTYPES[it])
        a = np.array([[info.max, info.min, 5]], DTYPES[it])
        b = np.array([[info.max], [info.max], [info.min]], DTYPES[it])
        za, zb = np.array([info.min], DTYPES[it]), np.array([info.min], DTYPES[it])
        one = np.ones(1, np.float32)
        d = pydml.DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC(
            ATensor=tensor(it, [1, 3]),
            AScaleTensor=tensor("FLOAT32", [1]),
            AZeroPointTensor=tensor(it, [1]),
            BTensor=tensor(it, [3, 1]),
            BScaleTensor=tensor("FLOAT32", [1]),
            BZeroPointTensor=tensor(it, [1]),
            OutputTensor=tensor("FLOAT32", [1, 1]),
        )
        out = run(
            d,
            {
                "ATensor": a,
                "AScaleTensor": one,
                "AZeroPointTensor": za,
                "BTensor": b,
                "BScaleTensor": one,
                "BZeroPointTensor": zb,
            },
        )["OutputTensor"]
        exact = sum((int(x) - int(za[0])) * (int(y) - int(zb[0])) for x, y in zip(a[0], b[:, 0], strict=True))
        assert out[0, 0] == np.float32(float(exact))


def test_to_float_batched_and_long_k(ew_isa: str, rng: np.random.Generator) -> None:
    to_float_case(rng, "UINT8", "FLOAT32", 5, 9, 20, batch=(2, 3))
    # K past 32768: the 8-bit sum could leave int32, so the exact path runs
    to_float_case(rng, "INT8", "FLOAT32", 2, 3, 33000, bias=False)


# -- QUANTIZED_LINEAR_MATRIX_MULTIPLY ----------------------------------------------------------------


def qlmm_desc(
    at: str, bt: str, ot: str, a: Any, b: Any, o: Any, sa: Any, sb: Any, so: Any, *, zp: bool = True
) -> Any:
    return pydml.DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC(
        ATensor=tensor(at, a),
        AScaleTensor=tensor("FLOAT32", sa),
        AZeroPointTensor=tensor(at, sa) if zp else None,
        BTensor=tensor(bt, b),
        BScaleTensor=tensor("FLOAT32", sb),
        BZeroPointTensor=tensor(bt, sb) if zp else None,
        OutputScaleTensor=tensor("FLOAT32", so),
        OutputZeroPointTensor=tensor(ot, so) if zp else None,
        OutputTensor=tensor(ot, o),
    )


def qlmm_reference(
    s: np.ndarray, sa: np.ndarray, sb: np.ndarray, so: np.ndarray, zo: Any, ot: str
) -> np.ndarray:
    v = s.astype(np.float64) * sa.astype(np.float64) * sb.astype(np.float64) / so.astype(np.float64)
    q = np.rint(v) + (0 if zo is None else zo.astype(np.float64))  # rint: half to even
    info = np.iinfo(DTYPES[ot])
    return np.clip(np.nan_to_num(q, nan=info.min), info.min, info.max).astype(DTYPES[ot])


@pytest.mark.parametrize("at,bt", PAIRS)
@pytest.mark.parametrize("ot", I8)
def test_qlmm_types(ew_isa: str, at: str, bt: str, ot: str, rng: np.random.Generator) -> None:
    m, n, k = 9, 70, 37
    a, b = rand_int(rng, at, (m, k)), rand_int(rng, bt, (k, n))
    sa_shape, sb_shape, so_shape = (m, 1), (1, n), (m, 1)
    za, zb, zo = rand_int(rng, at, sa_shape), rand_int(rng, bt, sb_shape), rand_int(rng, ot, so_shape)
    sa = rng.uniform(0.001, 0.05, sa_shape).astype(np.float32)
    sb = rng.uniform(0.001, 0.05, sb_shape).astype(np.float32)
    so = rng.uniform(0.05, 0.5, so_shape).astype(np.float32)
    d = qlmm_desc(at, bt, ot, [m, k], [k, n], [m, n], list(sa_shape), list(sb_shape), list(so_shape))
    out = run(
        d,
        {
            "ATensor": a,
            "AScaleTensor": sa,
            "AZeroPointTensor": za,
            "BTensor": b,
            "BScaleTensor": sb,
            "BZeroPointTensor": zb,
            "OutputScaleTensor": so,
            "OutputZeroPointTensor": zo,
        },
    )["OutputTensor"]
    ref = qlmm_reference(mmi_reference(a, b, za, zb), sa, sb, so, zo, ot)
    np.testing.assert_array_equal(out, ref)
    assert len(np.unique(ref)) > 20  # not all saturated


def test_qlmm_ties_round_half_even_and_saturation(ew_isa: str) -> None:
    # S = a * 1 over K = 1 with AScale 0.5: S * 0.5 lands on halves -> ties to even; large values saturate
    a = np.arange(-128, 128, dtype=np.int32).astype(np.int8).reshape(256, 1)
    b = np.ones((1, 1), np.int8)
    half, one = np.array([0.5], np.float32), np.array([1.0], np.float32)
    for ot in I8:
        d = qlmm_desc("INT8", "INT8", ot, [256, 1], [1, 1], [256, 1], [1, 1], [1, 1], [1, 1], zp=False)
        out = run(
            d,
            {"ATensor": a, "AScaleTensor": half, "BTensor": b, "BScaleTensor": one, "OutputScaleTensor": one},
        )["OutputTensor"]
        ref = qlmm_reference(a.astype(np.int64), half, one, one, None, ot)
        np.testing.assert_array_equal(out, ref)
        assert out[128 + 1, 0] == 0 and out[128 + 3, 0] == 2  # 0.5 -> 0, 1.5 -> 2
        if ot == "INT8":
            assert out[128 - 1, 0] == 0 and out[128 - 3, 0] == -2  # -0.5 -> 0, -1.5 -> -2


def test_qlmm_zero_scales(ew_isa: str) -> None:
    # a zero scale is undefined on the page: IEEE arithmetic, then NaN -> Min, +-inf saturate
    a = np.array([[3], [0], [-3]], np.int8)
    b = np.ones((1, 1), np.int8)
    one, zero = np.array([1.0], np.float32), np.array([0.0], np.float32)
    d = qlmm_desc("INT8", "INT8", "INT8", [3, 1], [1, 1], [3, 1], [1, 1], [1, 1], [1, 1], zp=False)
    out = run(
        d, {"ATensor": a, "AScaleTensor": one, "BTensor": b, "BScaleTensor": one, "OutputScaleTensor": zero}
    )["OutputTensor"]
    assert list(out[:, 0]) == [127, -128, -128]
    out = run(
        d, {"ATensor": a, "AScaleTensor": zero, "BTensor": b, "BScaleTensor": one, "OutputScaleTensor": one}
    )["OutputTensor"]
    assert list(out[:, 0]) == [0, 0, 0]


def test_qlmm_batched_per_tensor(rng: np.random.Generator) -> None:
    m, n, k = 6, 10, 129
    a, b = rand_int(rng, "UINT8", (2, 2, m, k)), rand_int(rng, "INT8", (2, 2, k, n))
    shp = (1, 1, 1, 1)
    sa, sb, so = (np.array([x], np.float32).reshape(shp) for x in (0.02, 0.03, 0.7))
    za, zb, zo = np.full(shp, 128, np.uint8), np.full(shp, -3, np.int8), np.full(shp, 100, np.uint8)
    d = qlmm_desc("UINT8", "INT8", "UINT8", a.shape, b.shape, [2, 2, m, n], shp, shp, shp)
    out = run(
        d,
        {
            "ATensor": a,
            "AScaleTensor": sa,
            "AZeroPointTensor": za,
            "BTensor": b,
            "BScaleTensor": sb,
            "BZeroPointTensor": zb,
            "OutputScaleTensor": so,
            "OutputZeroPointTensor": zo,
        },
    )["OutputTensor"]
    np.testing.assert_array_equal(out, qlmm_reference(mmi_reference(a, b, za, zb), sa, sb, so, zo, "UINT8"))


# -- the pages' rules --------------------------------------------------------------------------------


def invalid(desc: Any) -> pydml.ValidationError:
    with pytest.raises(pydml.ValidationError) as info:
        pydml.validate(desc)
    return info.value


def assert_rule(desc: Any, message: str) -> None:
    err = invalid(desc)
    assert str(err) == message
    assert err.field == message.split(": ")[0].split(".", 1)[1]


MMI = "DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC"


@pytest.mark.parametrize(
    "a,b,o,az,bz,message",
    [
        (
            [1, 1, 64, 8],
            [1, 1, 8, 5],
            [1, 1, 64, 5],
            [1, 1, 3, 1],
            None,
            f"{MMI}.AZeroPointTensor.Sizes[2]: must be 1 or 64 (ATensor.Sizes[2]), got 3",
        ),
        (
            [1, 1, 64, 8],
            [1, 1, 8, 5],
            [1, 1, 64, 5],
            [1, 1, 64, 2],
            None,
            f"{MMI}.AZeroPointTensor.Sizes[3]: must be 1, got 2",
        ),
        (
            [64, 8],
            [8, 5],
            [64, 5],
            [7],
            None,
            f"{MMI}.AZeroPointTensor.Sizes[0]: must be 1 or 64 (ATensor.Sizes[0]), got 7",
        ),
        (
            [64, 8],
            [8, 5],
            [64, 5],
            None,
            [1, 4],
            f"{MMI}.BZeroPointTensor.Sizes[1]: must be 1 or 5 (BTensor.Sizes[1]), got 4",
        ),
        ([64, 8], [8, 5], [64, 5], None, [5, 5], f"{MMI}.BZeroPointTensor.Sizes[0]: must be 1, got 5"),
        (
            [64, 8],
            [9, 5],
            [64, 5],
            None,
            None,
            f"{MMI}.BTensor.Sizes[0]: must be 8 (K, ATensor.Sizes[1]), got 9",
        ),
        (
            [2, 64, 8],
            [3, 8, 5],
            [2, 64, 5],
            None,
            None,
            f"{MMI}.BTensor.Sizes[0]: must be 2 (ATensor.Sizes[0], a batch dimension), got 3",
        ),
        (
            [2, 64, 8],
            [2, 8, 5],
            [1, 64, 5],
            None,
            None,
            f"{MMI}.OutputTensor.Sizes[0]: must be 2 (ATensor.Sizes[0], a batch dimension), got 1",
        ),
        (
            [64, 8],
            [8, 5],
            [63, 5],
            None,
            None,
            f"{MMI}.OutputTensor.Sizes[0]: must be 64 (M, ATensor.Sizes[0]), got 63",
        ),
        (
            [64, 8],
            [8, 5],
            [64, 6],
            None,
            None,
            f"{MMI}.OutputTensor.Sizes[1]: must be 5 (N, BTensor.Sizes[1]), got 6",
        ),
    ],
)
def test_mmi_rules(a: Any, b: Any, o: Any, az: Any, bz: Any, message: str) -> None:
    assert_rule(mmi_desc("UINT8", "INT8", a, b, o, az=az, bz=bz), message)


def test_mmi_valid_zero_point_forms() -> None:
    for az, bz in [
        ([1, 1, 64, 1], [1, 1, 1, 5]),
        ([1, 1, 1, 1], [1, 1, 1, 1]),
        ([64, 1], [5]),
        ([1], [1, 5]),
    ]:
        pydml.validate(mmi_desc("UINT8", "INT8", [1, 1, 64, 8], [1, 1, 8, 5], [1, 1, 64, 5], az=az, bz=bz))


def test_to_float_rules() -> None:
    name = "DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC"

    def desc(sa: Any, sb: Any, b: Any = (8, 5)) -> Any:
        return pydml.DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC(
            ATensor=tensor("INT8", [6, 8]),
            AScaleTensor=tensor("FLOAT32", sa),
            BTensor=tensor("INT8", list(b)),
            BScaleTensor=tensor("FLOAT32", sb),
            OutputTensor=tensor("FLOAT32", [6, 5]),
        )

    assert_rule(
        desc([4, 1], [1, 5]), f"{name}.AScaleTensor.Sizes[0]: must be 1 or 6 (ATensor.Sizes[0]), got 4"
    )
    assert_rule(
        desc([6, 1], [1, 3]), f"{name}.BScaleTensor.Sizes[1]: must be 1 or 5 (BTensor.Sizes[1]), got 3"
    )
    assert_rule(
        desc([6, 1], [1, 5], (7, 5)), f"{name}.BTensor.Sizes[0]: must be 8 (K, ATensor.Sizes[1]), got 7"
    )
    pydml.validate(desc([6, 1], [1, 5]))


def test_qlmm_rules() -> None:
    name = "DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC"
    assert_rule(
        qlmm_desc("INT8", "INT8", "INT8", [6, 8], [8, 5], [6, 5], [1, 1], [1, 1], [5, 1]),
        f"{name}.OutputScaleTensor.Sizes[0]: must be 1 or 6 (OutputTensor.Sizes[0]), got 5",
    )
    assert_rule(
        qlmm_desc("INT8", "INT8", "INT8", [6, 8], [8, 5], [6, 5], [1, 2], [1, 1], [1, 1]),
        f"{name}.AScaleTensor.Sizes[1]: must be 1, got 2",
    )
    assert_rule(
        qlmm_desc("INT8", "INT8", "INT8", [6, 8], [8, 5], [6, 5], [1, 1], [1, 6], [1, 1]),
        f"{name}.BScaleTensor.Sizes[1]: must be 1 or 5 (BTensor.Sizes[1]), got 6",
    )
    pydml.validate(qlmm_desc("INT8", "INT8", "INT8", [6, 8], [8, 5], [6, 5], [6, 1], [1, 5], [6, 1]))


# -- CONVOLUTION_INTEGER / QUANTIZED_LINEAR_CONVOLUTION -------------------------------------------------


def conv_reference(
    x: np.ndarray,
    w: np.ndarray,
    xz: int,
    wz: np.ndarray,
    strides: Any,
    dilations: Any,
    start: Any,
    end: Any,
    groups: int,
) -> np.ndarray:
    """Forward cross-correlation of (x - xz) and (w - wz[oc]) in int64; padding is the real value 0."""
    sp = x.ndim - 2
    xs = x.astype(np.int64) - xz
    xs = np.pad(xs, [(0, 0), (0, 0)] + [(start[i], end[i]) for i in range(sp)])
    ws = w.astype(np.int64) - wz.reshape((-1,) + (1,) * (w.ndim - 1)).astype(np.int64)
    nb, oc = x.shape[0], w.shape[0]
    icg, ocg = x.shape[1] // groups, oc // groups
    ksz = w.shape[2:]
    osz = [(xs.shape[2 + i] - ((ksz[i] - 1) * dilations[i] + 1)) // strides[i] + 1 for i in range(sp)]
    out = np.zeros((nb, oc, *osz), np.int64)
    for tap in np.ndindex(*ksz):
        sl = tuple(
            slice(tap[i] * dilations[i], tap[i] * dilations[i] + (osz[i] - 1) * strides[i] + 1, strides[i])
            for i in range(sp)
        )
        for g in range(groups):
            patch = xs[(slice(None), slice(g * icg, (g + 1) * icg), *sl)]  # n, icg, o...
            wt = ws[(slice(g * ocg, (g + 1) * ocg), slice(None), *tap)]  # ocg, icg
            out[:, g * ocg : (g + 1) * ocg] += np.einsum("nc...,oc->no...", patch, wt)
    return out


def torch_conv(
    x: np.ndarray,
    w: np.ndarray,
    xz: int,
    wz: np.ndarray,
    strides: Any,
    dilations: Any,
    start: Any,
    end: Any,
    groups: int,
) -> np.ndarray:
    xt = torch.from_numpy(x.astype(np.float64) - xz)
    wt = torch.from_numpy(w.astype(np.float64) - wz.reshape((-1,) + (1,) * (w.ndim - 1)))
    pads = [p for i in reversed(range(x.ndim - 2)) for p in (start[i], end[i])]
    xt = torch.nn.functional.pad(xt, pads)
    f = torch.nn.functional.conv2d if x.ndim == 4 else torch.nn.functional.conv1d
    return f(xt, wt, stride=list(strides), dilation=list(dilations), groups=groups).numpy().astype(np.int64)


def conv_geometry(
    x_shape: Any, w_shape: Any, strides: Any, dilations: Any, start: Any, end: Any
) -> list[int]:
    sp = len(x_shape) - 2
    return [x_shape[0], w_shape[0]] + [
        (x_shape[2 + i] + start[i] + end[i] - ((w_shape[2 + i] - 1) * dilations[i] + 1)) // strides[i] + 1
        for i in range(sp)
    ]


def conv_int_desc(
    xt: str,
    wt: str,
    x: Any,
    w: Any,
    o: Any,
    strides: Any,
    dilations: Any,
    start: Any,
    end: Any,
    groups: int,
    *,
    xz: Any = None,
    wz: Any = None,
    x_strides: Any = None,
    o_strides: Any = None,
) -> Any:
    return pydml.DML_CONVOLUTION_INTEGER_OPERATOR_DESC(
        InputTensor=tensor(xt, x, x_strides),
        InputZeroPointTensor=None if xz is None else tensor(xt, xz),
        FilterTensor=tensor(wt, w),
        FilterZeroPointTensor=None if wz is None else tensor(wt, wz),
        OutputTensor=tensor("INT32", o, o_strides),
        DimensionCount=len(strides),
        Strides=list(strides),
        Dilations=list(dilations),
        StartPadding=list(start),
        EndPadding=list(end),
        GroupCount=groups,
    )


CONV_GEOMETRIES = [
    # x shape, w shape, strides, dilations, start, end, groups
    ((2, 3, 9, 11), (5, 3, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 1),
    ((1, 4, 10, 9), (6, 2, 3, 2), (2, 1), (1, 2), (2, 0), (1, 1), 2),
    ((1, 6, 7, 8), (6, 1, 3, 3), (1, 2), (2, 1), (0, 1), (2, 2), 6),  # depth-wise
    ((2, 5, 13), (4, 5, 4), (3,), (2,), (1,), (2,), 1),  # 1-D (3-D tensors)
    ((1, 70, 5, 6), (1, 70, 1, 1), (1, 1), (1, 1), (0, 0), (0, 0), 1),  # K = 70, one output channel
]


@pytest.mark.parametrize("xt,wt", PAIRS)
@pytest.mark.parametrize("geom", range(len(CONV_GEOMETRIES)))
def test_conv_integer(ew_isa: str, xt: str, wt: str, geom: int, rng: np.random.Generator) -> None:
    xs, wsh, st, dl, p0, p1, g = CONV_GEOMETRIES[geom]
    x, w = rand_int(rng, xt, xs), rand_int(rng, wt, wsh)
    r = len(xs)
    xz = rand_int(rng, xt, (1,) * r)
    wz = rand_int(rng, wt, (1, wsh[0]) + (1,) * (r - 2)) if geom % 2 == 0 else rand_int(rng, wt, (1,) * r)
    o = conv_geometry(xs, wsh, st, dl, p0, p1)
    d = conv_int_desc(xt, wt, xs, wsh, o, st, dl, p0, p1, g, xz=list(xz.shape), wz=list(wz.shape))
    out = run(
        d, {"InputTensor": x, "InputZeroPointTensor": xz, "FilterTensor": w, "FilterZeroPointTensor": wz}
    )["OutputTensor"]
    wzv = np.broadcast_to(wz.reshape(-1), (wsh[0],))
    ref = conv_reference(x, w, int(xz.reshape(-1)[0]), wzv, st, dl, p0, p1, g)
    np.testing.assert_array_equal(out, wrap32(ref))
    np.testing.assert_array_equal(
        out, wrap32(torch_conv(x, w, int(xz.reshape(-1)[0]), wzv, st, dl, p0, p1, g))
    )


def test_conv_integer_no_zero_points_strided_views(ew_isa: str, rng: np.random.Generator) -> None:
    # an input with padded rows and an output with padded rows; no zero points (0)
    xs, wsh = (2, 3, 8, 9), (4, 3, 2, 3)
    x_buf = rand_int(rng, "UINT8", (2, 3, 8, 12))
    w = rand_int(rng, "INT8", wsh)
    o = conv_geometry(xs, wsh, (1, 2), (1, 1), (1, 0), (0, 2))
    o_buf = np.full((o[0], o[1], o[2], o[3] + 3), 7, np.int32)
    d = conv_int_desc(
        "UINT8",
        "INT8",
        xs,
        wsh,
        o,
        (1, 2),
        (1, 1),
        (1, 0),
        (0, 2),
        1,
        x_strides=[3 * 8 * 12, 8 * 12, 12, 1],
        o_strides=[o[1] * o[2] * (o[3] + 3), o[2] * (o[3] + 3), o[3] + 3, 1],
    )
    run(d, {"InputTensor": x_buf, "FilterTensor": w}, outputs={"OutputTensor": o_buf})
    ref = conv_reference(x_buf[..., :9], w, 0, np.zeros(4, np.int64), (1, 2), (1, 1), (1, 0), (0, 2), 1)
    np.testing.assert_array_equal(o_buf[..., : o[3]], ref)
    assert np.all(o_buf[..., o[3] :] == 7)


def test_conv_integer_larger(rng: np.random.Generator) -> None:
    xs, wsh = (1, 16, 20, 20), (32, 16, 3, 3)
    x, w = rand_int(rng, "UINT8", xs), rand_int(rng, "INT8", wsh)
    o = conv_geometry(xs, wsh, (1, 1), (1, 1), (1, 1), (1, 1))
    xz = np.full((1, 1, 1, 1), 128, np.uint8)
    d = conv_int_desc("UINT8", "INT8", xs, wsh, o, (1, 1), (1, 1), (1, 1), (1, 1), 1, xz=[1, 1, 1, 1])
    out = run(d, {"InputTensor": x, "InputZeroPointTensor": xz, "FilterTensor": w})["OutputTensor"]
    np.testing.assert_array_equal(
        out, conv_reference(x, w, 128, np.zeros(32, np.int64), (1, 1), (1, 1), (1, 1), (1, 1), 1)
    )


def qlconv_desc(
    xt: str,
    wt: str,
    ot: str,
    x: Any,
    w: Any,
    o: Any,
    strides: Any,
    dilations: Any,
    start: Any,
    end: Any,
    groups: int,
    *,
    ws: Any,
    bias: bool,
    zp: bool = True,
) -> Any:
    r = len(x)
    one = [1] * r
    return pydml.DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC(
        InputTensor=tensor(xt, x),
        InputScaleTensor=tensor("FLOAT32", one),
        InputZeroPointTensor=tensor(xt, one) if zp else None,
        FilterTensor=tensor(wt, w),
        FilterScaleTensor=tensor("FLOAT32", ws),
        FilterZeroPointTensor=tensor(wt, ws) if zp else None,
        BiasTensor=tensor("INT32", [1, w[0]] + [1] * (r - 2)) if bias else None,
        OutputScaleTensor=tensor("FLOAT32", one),
        OutputZeroPointTensor=tensor(ot, one) if zp else None,
        OutputTensor=tensor(ot, o),
        DimensionCount=len(strides),
        Strides=list(strides),
        Dilations=list(dilations),
        StartPadding=list(start),
        EndPadding=list(end),
        GroupCount=groups,
    )


@pytest.mark.parametrize("xt,wt", PAIRS)
@pytest.mark.parametrize("ot", I8)
def test_quantized_linear_convolution(
    ew_isa: str, xt: str, wt: str, ot: str, rng: np.random.Generator
) -> None:
    for geom, (xs, wsh, st, dl, p0, p1, g) in enumerate(CONV_GEOMETRIES[:4]):
        r = len(xs)
        x, w = rand_int(rng, xt, xs), rand_int(rng, wt, wsh)
        ws_shape = (1, wsh[0]) + (1,) * (r - 2) if geom % 2 == 0 else (1,) * r
        xz, wz, oz = rand_int(rng, xt, (1,) * r), rand_int(rng, wt, ws_shape), rand_int(rng, ot, (1,) * r)
        xsc = np.full((1,) * r, 0.05, np.float32)
        wsc = rng.uniform(0.002, 0.02, ws_shape).astype(np.float32)
        osc = np.full((1,) * r, 0.9, np.float32)
        bias = rand_int(rng, "INT32", (1, wsh[0]) + (1,) * (r - 2), -5000, 5000)
        o = conv_geometry(xs, wsh, st, dl, p0, p1)
        d = qlconv_desc(xt, wt, ot, xs, wsh, o, st, dl, p0, p1, g, ws=list(ws_shape), bias=True)
        out = run(
            d,
            {
                "InputTensor": x,
                "InputScaleTensor": xsc,
                "InputZeroPointTensor": xz,
                "FilterTensor": w,
                "FilterScaleTensor": wsc,
                "FilterZeroPointTensor": wz,
                "BiasTensor": bias,
                "OutputScaleTensor": osc,
                "OutputZeroPointTensor": oz,
            },
        )["OutputTensor"]
        wzv = np.broadcast_to(wz.reshape(-1), (wsh[0],))
        s = conv_reference(x, w, int(xz.reshape(-1)[0]), wzv, st, dl, p0, p1, g)
        chan = (1, wsh[0]) + (1,) * (r - 2)
        acc = (s + bias.astype(np.int64)).astype(np.float64)
        v = (
            acc
            * np.float64(xsc.reshape(-1)[0])
            * np.broadcast_to(wsc.reshape(-1), (wsh[0],)).astype(np.float64).reshape(chan)
            / np.float64(osc.reshape(-1)[0])
        )
        info = np.iinfo(DTYPES[ot])
        ref = np.clip(np.rint(v) + int(oz.reshape(-1)[0]), info.min, info.max).astype(DTYPES[ot])
        np.testing.assert_array_equal(out, ref)


def test_quantized_linear_convolution_no_optionals(ew_isa: str, rng: np.random.Generator) -> None:
    xs, wsh = (1, 3, 6, 7), (2, 3, 3, 3)
    x, w = rand_int(rng, "INT8", xs), rand_int(rng, "INT8", wsh)
    one = np.ones((1, 1, 1, 1), np.float32)
    wsc = np.full((1, 1, 1, 1), 0.01, np.float32)
    o = conv_geometry(xs, wsh, (1, 1), (1, 1), (0, 0), (0, 0))
    d = qlconv_desc(
        "INT8",
        "INT8",
        "INT8",
        xs,
        wsh,
        o,
        (1, 1),
        (1, 1),
        (0, 0),
        (0, 0),
        1,
        ws=[1, 1, 1, 1],
        bias=False,
        zp=False,
    )
    out = run(
        d,
        {
            "InputTensor": x,
            "InputScaleTensor": one,
            "FilterTensor": w,
            "FilterScaleTensor": wsc,
            "OutputScaleTensor": one,
        },
    )["OutputTensor"]
    s = conv_reference(x, w, 0, np.zeros(2, np.int64), (1, 1), (1, 1), (0, 0), (0, 0), 1)
    np.testing.assert_array_equal(
        out, np.clip(np.rint(s.astype(np.float64) * np.float64(np.float32(0.01))), -128, 127).astype(np.int8)
    )


CI = "DML_CONVOLUTION_INTEGER_OPERATOR_DESC"
QLC = "DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC"


def test_conv_integer_rules() -> None:
    def desc(**kw: Any) -> Any:
        args: dict[str, Any] = dict(
            x=[1, 4, 8, 8],
            w=[6, 4, 3, 3],
            o=[1, 6, 6, 6],
            strides=(1, 1),
            dilations=(1, 1),
            start=(0, 0),
            end=(0, 0),
            groups=1,
        )
        xz, wz = kw.pop("xz", None), kw.pop("wz", None)
        args |= kw
        return conv_int_desc(
            "UINT8",
            "INT8",
            args["x"],
            args["w"],
            args["o"],
            args["strides"],
            args["dilations"],
            args["start"],
            args["end"],
            args["groups"],
            xz=xz,
            wz=wz,
        )

    pydml.validate(desc(xz=[1, 1, 1, 1], wz=[1, 6, 1, 1]))
    assert_rule(
        desc(wz=[1, 5, 1, 1]),
        f"{CI}.FilterZeroPointTensor.Sizes[1]: must be 1 or 6 (FilterTensor.Sizes[0]), got 5",
    )
    assert_rule(desc(wz=[2, 6, 1, 1]), f"{CI}.FilterZeroPointTensor.Sizes[0]: must be 1, got 2")
    assert_rule(
        desc(xz=[1, 4, 1, 1]),
        f"{CI}.InputZeroPointTensor.Sizes[1]: must be 1 (per-tensor quantization only), got 4",
    )
    assert_rule(
        desc(o=[1, 6, 6, 5]),
        f"{CI}.OutputTensor.Sizes[3]: must be 6 for DML_CONVOLUTION_DIRECTION_FORWARD, got 5",
    )
    assert_rule(
        desc(o=[1, 5, 6, 6]), f"{CI}.OutputTensor.Sizes[1]: must equal the output channel count 6, got 5"
    )
    assert_rule(
        desc(w=[6, 3, 3, 3]),
        f"{CI}.FilterTensor.Sizes[1]: must equal InputTensor.Sizes[1] / GroupCount (4 / 1), got 3",
    )
    assert_rule(
        desc(groups=3), f"{CI}.InputTensor.Sizes[1]: (channels) must be a multiple of GroupCount (3), got 4"
    )
    assert_rule(desc(strides=(0, 1)), f"{CI}.Strides[0]: must be >= 1, got 0")
    assert_rule(desc(dilations=(1, 0)), f"{CI}.Dilations[1]: must be >= 1, got 0")
    assert_rule(desc(groups=0), f"{CI}.GroupCount: must be >= 1, got 0")
    assert_rule(
        desc(strides=(1,), dilations=(1,), start=(0,), end=(0,)),
        f"{CI}.DimensionCount: must equal InputTensor.DimensionCount - 2 (2), got 1",
    )


def test_qlconv_rules() -> None:
    def desc(ws: Any = (1, 1, 1, 1), o: Any = (1, 6, 6, 6)) -> Any:
        return qlconv_desc(
            "UINT8",
            "INT8",
            "UINT8",
            [1, 4, 8, 8],
            [6, 4, 3, 3],
            list(o),
            (1, 1),
            (1, 1),
            (0, 0),
            (0, 0),
            1,
            ws=list(ws),
            bias=True,
        )

    pydml.validate(desc(ws=(1, 6, 1, 1)))
    assert_rule(
        desc(ws=(1, 3, 1, 1)),
        f"{QLC}.FilterScaleTensor.Sizes[1]: must be 1 or 6 (FilterTensor.Sizes[0]), got 3",
    )
    assert_rule(
        desc(o=(1, 6, 5, 6)),
        f"{QLC}.OutputTensor.Sizes[2]: must be 6 for DML_CONVOLUTION_DIRECTION_FORWARD, got 5",
    )
    bad_bias = dataclasses.replace(desc(), BiasTensor=tensor("INT32", [1, 5, 1, 1]))
    assert_rule(bad_bias, f"{QLC}.BiasTensor.Sizes: must be [1, 6, 1, 1], got [1, 5, 1, 1]")
    d = dataclasses.replace(desc(), OutputScaleTensor=tensor("FLOAT32", [1, 6, 1, 1]))
    assert_rule(d, f"{QLC}.OutputScaleTensor.Sizes[1]: must be 1 (per-tensor quantization only), got 6")
    d = dataclasses.replace(desc(), InputScaleTensor=tensor("FLOAT32", [1, 1, 2, 1]))
    assert_rule(d, f"{QLC}.InputScaleTensor.Sizes[2]: must be 1 (per-tensor quantization only), got 2")


def test_to_float_no_zero_points_strided_broadcast_bias(ew_isa: str, rng: np.random.Generator) -> None:
    # no zero points (0), B read transposed through its strides, a Bias row broadcast by a zero stride
    m, n, k = 7, 70, 45
    a = rand_int(rng, "INT8", (m, k))
    b_buf = rand_int(rng, "INT8", (n * k + 2,))  # whole 4-byte words
    b_t = b_buf[: n * k].reshape(n, k)  # B = b_t.T
    sa, sb = np.array([[0.5]], np.float32), rng.uniform(0.1, 1.0, (1, n)).astype(np.float32)
    bias_row = rng.standard_normal(n).astype(np.float32)
    d = pydml.DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC(
        ATensor=tensor("INT8", [m, k]),
        AScaleTensor=tensor("FLOAT32", [1, 1]),
        BTensor=tensor("INT8", [k, n], [1, k]),
        BScaleTensor=tensor("FLOAT32", [1, n]),
        BiasTensor=tensor("FLOAT32", [m, n], [0, 1]),
        OutputTensor=tensor("FLOAT32", [m, n]),
    )
    out = run(
        d, {"ATensor": a, "AScaleTensor": sa, "BTensor": b_buf, "BScaleTensor": sb, "BiasTensor": bias_row}
    )
    s = mmi_reference(a, b_t.T, None, None).astype(np.float64)
    ref = s * np.float64(sa[0, 0]) * sb.astype(np.float64) + bias_row.astype(np.float64)
    np.testing.assert_array_equal(out["OutputTensor"], ref.astype(np.float32))
