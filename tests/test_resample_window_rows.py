"""The AVX2 window rows of the resample kernels (rs_kernels.win_row, native/families/resample_x86.c).

A destination row whose column taps lie, per 8 destinations, within one or two windows of 8
consecutive sources (1.5x, and most scales between ~0.55 and 2 that the integer-2x paths do not
take) is computed in one pass from its one to four source rows in place: the vertical blend of
each window in registers, then the generic blocks' taps. These tests hold it to the bits of the
two-pass paths it replaces (the AVX2 pass through a destination view with strided columns, which
the window rows do not take, and the portable C path), to the float64 reference of the page's
formula (tests/reference_resample.py), with NaN payloads, signaling NaNs, -0.0 and infinities in
the sources, NaN-poisoned destinations, odd widths (partial last half blocks), strided and
misaligned rows, FLOAT32 / FLOAT16 / BFLOAT16, both pixel-offset conventions (half-pixel, and
zero offsets with the align-corners scale), nearest roundings and linear, and 1 or 2 threads.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ml_dtypes
import numpy as np
import pytest

from kernel_plan_resample import (
    LINEAR,
    NEAREST_NEIGHBOR,
    ROUND_CEIL,
    ROUND_FLOOR,
    ROUND_HALF_UP,
    ResamplePlan,
)
from pydml.native import lib, view_array

try:
    from tests import reference_resample as ref
except ImportError:  # pragma: no cover - tests/ on sys.path instead of the repository root
    import reference_resample as ref  # type: ignore[no-redef]

F32 = np.dtype(np.float32)
F16 = np.dtype(np.float16)
BF16 = np.dtype(ml_dtypes.bfloat16)
ALL_FEATURES = 0xFFFFFFFF
AVX2 = int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C)

#: quiet NaN with a payload, signaling NaN, -0.0, +inf (bit patterns per type)
SPECIALS = {
    F32: np.array([0x7FC12345, 0x7F812345, 0x80000000, 0x7F800000], np.uint32),
    F16: np.array([0x7E12, 0x7C12, 0x8000, 0x7C00], np.uint16),
    BF16: np.array([0x7FC1, 0x7F81, 0x8000, 0x7F80], np.uint16),
}

#: (name, interpolation mode, rounding, half-pixel offsets)
MODES = [
    ("linear-half-pixel", LINEAR, ROUND_HALF_UP, True),
    ("linear-align-corners", LINEAR, ROUND_HALF_UP, False),
    ("nearest-floor", NEAREST_NEIGHBOR, ROUND_FLOOR, False),
    ("nearest-half-up", NEAREST_NEIGHBOR, ROUND_HALF_UP, True),
    ("nearest-ceil", NEAREST_NEIGHBOR, ROUND_CEIL, True),
]

#: column scales of the window form: 1.5 (the benchmark's), 0.75 and 0.6 (two windows forward),
#: 1.25 and 1.8 (gradients with up to three taps), 4 / 3; 2 and 0.5, whose integer-2x column
#: patterns (a 2x nearest gradient's pairs, a 0.5x linear gradient's duplicates) take the window
#: rows too
SCALES = [1.5, 0.75, 0.6, 1.25, 1.8, 4 / 3, 2.0, 0.5]


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    yield
    lib.pydml_set_cpu_features(ALL_FEATURES)


def _avx2() -> bool:
    return bool(lib.pydml_cpu_features() & lib.PYDML_CPU_AVX2_FMA)


def _geometry(scale: float, half_pixel: bool, n_in: int) -> tuple[int, float, float, float]:
    """(n_out, scale, input offset, output offset) of one axis: half-pixel centres, or zero
    offsets with the align-corners scale (n_out - 1) / (n_in - 1)."""
    n_out = max(2, round(n_in * scale))
    if half_pixel:
        return n_out, scale, 0.5, -0.5
    return n_out, (n_out - 1) / (n_in - 1), 0.0, 0.0


def _with_specials(a: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    a = a.copy()
    bits = SPECIALS[a.dtype]
    flat = a.reshape(-1).view(bits.dtype)
    flat[rng.choice(flat.size, 12, replace=False)] = np.resize(bits, 12)
    return a


def _run(plan: ResamplePlan, src: np.ndarray[Any, Any], shape: list[int], backward: bool,
         strided: bool) -> np.ndarray[Any, Any]:
    """The result in a NaN-poisoned destination; strided: through a view whose columns are 2
    elements apart (the AVX2 pass then takes the two-pass generic blocks, not the window rows)."""
    if strided:
        big = np.full([*shape[:-1], 2 * shape[-1]], np.nan, src.dtype)
        out = big[..., ::2]
    else:
        out = np.full(shape, np.nan, src.dtype)
    (plan.backward if backward else plan.forward)(view_array(src), view_array(out))
    if strided:
        assert np.isnan(big[..., 1::2].astype(np.float32)).all(), "wrote between the columns"
    return np.ascontiguousarray(out)


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("mode", range(len(MODES)), ids=[m[0] for m in MODES])
@pytest.mark.parametrize("scale", SCALES)
def test_window_rows_are_the_two_pass_bits(scale: float, mode: int, dtype: np.dtype[Any]) -> None:
    """Forward and gradient: window rows (AVX2, packed destination) == AVX2 generic blocks
    (strided destination) == portable C, byte for byte, specials included; and the float64
    reference where the sources are finite."""
    if not _avx2():
        pytest.skip("no AVX2")
    _, interp, rounding, half_pixel = MODES[mode]
    rng = np.random.default_rng(int(scale * 1000) + 10 * mode)
    # odd: the last half block of a row is partial (a 0.5x downscale: 44 -> 22, its gradient's
    # column table the duplicates pattern, 6 destinations in the last half block)
    h_in, w_in = 9, 44 if scale == 0.5 else 45
    h_out, sh, ah, bh = _geometry(1.5, half_pixel, h_in)  # 1 to 4 source rows per destination row
    w_out, sw, aw, bw = _geometry(scale, half_pixel, w_in)
    ins, outs = [2, 2, h_in, w_in], [2, 2, h_out, w_out]
    args = ([1.0, 1.0, sh, sw], [0.5, 0.5, ah, aw], [-0.5, -0.5, bh, bw], interp, rounding)
    x = rng.standard_normal(ins).astype(dtype)
    g = rng.standard_normal(outs).astype(dtype)
    xs, gs = _with_specials(x, rng), _with_specials(g, rng)
    got = {}
    for name, features, strided in (("window", AVX2, False), ("generic", AVX2, True),
                                    ("portable", 0, False)):
        lib.pydml_set_cpu_features(features)
        plan = ResamplePlan(ins, outs, *args)
        got[name] = (_run(plan, xs, outs, False, strided), _run(plan, gs, ins, True, strided),
                     _run(plan, x, outs, False, strided), _run(plan, g, ins, True, strided))
    for name in ("generic", "portable"):
        for a, b, what in zip(got["window"], got[name], ("forward", "gradient", "forward", "gradient"),
                              strict=True):
            np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8), err_msg=f"{what} vs {name}")
    y, gx = got["window"][2], got["window"][3]
    tol = {F32: 1e-5, F16: 2e-3, BF16: 1.6e-2}[dtype]
    want_y = ref.resample(x.astype(np.float64), outs, *args)
    want_g = ref.resample_grad(g.astype(np.float64), ins, *args)
    np.testing.assert_allclose(y.astype(np.float64), want_y, rtol=tol, atol=tol * 4)
    np.testing.assert_allclose(gx.astype(np.float64), want_g, rtol=tol, atol=tol * 8)


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
def test_window_rows_on_strided_misaligned_rows(dtype: np.dtype[Any]) -> None:
    """Source rows inside a wider buffer (row stride above the width) and destination rows one
    element into a NaN-poisoned wider buffer (misaligned for the streamed and vector stores):
    the packed result's bits, and nothing written outside the view."""
    if not _avx2():
        pytest.skip("no AVX2")
    lib.pydml_set_cpu_features(AVX2)
    rng = np.random.default_rng(3)
    ins, outs = [2, 3, 10, 37], [2, 3, 15, 55]
    plan = ResamplePlan(ins, outs, [1, 1, 1.5, 1.5], [0.5] * 4, [-0.5] * 4, LINEAR, ROUND_HALF_UP)
    for backward in (False, True):
        src_shape, dst_shape = (outs, ins) if backward else (ins, outs)
        packed_src = rng.standard_normal(src_shape).astype(dtype)
        want = _run(plan, packed_src, dst_shape, backward, False)
        wide_src = np.zeros([*src_shape[:-1], src_shape[-1] + 7], dtype)
        wide_src[..., 3:3 + src_shape[-1]] = packed_src
        wide_dst = np.full([*dst_shape[:-1], dst_shape[-1] + 5], np.nan, dtype)
        view = wide_dst[..., 1:1 + dst_shape[-1]]
        (plan.backward if backward else plan.forward)(
            view_array(wide_src[..., 3:3 + src_shape[-1]]), view_array(view)
        )
        np.testing.assert_array_equal(np.ascontiguousarray(view).view(np.uint8), want.view(np.uint8))
        assert np.isnan(wide_dst[..., :1].astype(np.float32)).all()
        assert np.isnan(wide_dst[..., 1 + dst_shape[-1]:].astype(np.float32)).all()


def test_window_rows_do_not_depend_on_the_thread_count() -> None:
    """Enough rows for two threads (outputs above the kernels' parallel threshold): the same
    bits on 1 and 2 threads, forward and gradient."""
    rng = np.random.default_rng(11)
    ins, outs = [2, 4, 48, 64], [2, 4, 72, 96]
    x = rng.standard_normal(ins).astype(np.float32)
    g = rng.standard_normal(outs).astype(np.float32)
    plan = ResamplePlan(ins, outs, [1, 1, 1.5, 1.5], [0.5] * 4, [-0.5] * 4, LINEAR, ROUND_HALF_UP)
    previous = lib.pydml_set_num_threads(1)
    try:
        one = (plan.forward_array(x), plan.backward_array(g))
        lib.pydml_set_num_threads(2)
        two = (plan.forward_array(x), plan.backward_array(g))
    finally:
        lib.pydml_set_num_threads(previous)
    for a, b in zip(one, two, strict=True):
        np.testing.assert_array_equal(a.view(np.uint32), b.view(np.uint32))
