"""The dense convolution engine's row groups and folded width taps (native/families/convolution.c).

On the AVX2 path, output rows whose valid taps are the same are tiled as one pixel sequence (a
tile may span rows, through the pixel-offset microkernels of native/engines/gemm_indirect_x86.c)
and one weight chunk serves every group of a band; inputs with few channels (a stem: 3 channels,
7 x 7 taps) fold their width taps into the channels, and with NCHW outputs run through the stem
kernel (pixels in the vector lanes, results stored straight into the output rows; NHWC outputs keep
the dense microkernels). None of it may change what is computed: every case is checked against the
float64 reference (tests/reference_convolution.py), NHWC against NCHW bit for bit (for the folds:
the stem kernel against the dense microkernels), an output view with padded rows (the activation
applied row by row) bit for bit, one thread against two bit for bit, and the portable path against
the native one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from kernel_plan_convolution import CONVOLUTION, CROSS_CORRELATION, conv_array
from reference_convolution import conv_reference

from pydml.native import ffi, lib

ALL = 0xFFFFFFFF
RELU = int(lib.DML_OPERATOR_ACTIVATION_RELU)

# (name, input NCHW, filter, strides, dilations, start, end, groups, mode)
Ints = Sequence[int]
Case = tuple[str, Ints, Ints, Ints, Ints, Ints, Ints, int, int]
CASES: list[Case] = [
    # narrow rows: 7 x 7 outputs, rows 1-5 one group, rows 0 and 6 their own
    ("narrow7", (1, 40, 7, 7), (48, 40, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 1, CROSS_CORRELATION),
    # 14-wide rows, two images, a channel tail (cin 20, cout 40)
    ("narrow14", (2, 20, 14, 14), (40, 20, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 1, CONVOLUTION),
    # a tall kernel with wide padding: more row groups than one call keeps (CONV_ROWGROUPS 8)
    ("groups", (1, 17, 12, 5), (16, 17, 11, 3), (1, 1), (1, 1), (5, 1), (5, 1), 1, CROSS_CORRELATION),
    # height stride 2 with rows of one pixel
    ("stride_h", (1, 24, 15, 1), (32, 24, 3, 1), (2, 1), (1, 1), (1, 0), (1, 0), 1, CROSS_CORRELATION),
    # folded width taps: the stem's shape scaled down, asymmetric padding
    ("stem", (1, 3, 30, 29), (64, 3, 7, 7), (2, 2), (1, 1), (3, 3), (2, 3), 1, CROSS_CORRELATION),
    # the stem kernel: two images, 40 output channels (tiles of 6 and 5 per 16-channel panel), rows of 38
    ("stem_tail", (2, 3, 12, 75), (40, 3, 7, 7), (1, 2), (1, 1), (3, 3), (3, 3), 1, CONVOLUTION),
    # the stem kernel's steps of 64 + 48 pixels (rows of 112, ResNet's stem) and 64 + 26 (rows of 90)
    ("stem112", (1, 3, 9, 224), (24, 3, 7, 7), (2, 2), (1, 1), (3, 3), (2, 2), 1, CROSS_CORRELATION),
    ("stem90", (1, 3, 5, 90), (16, 3, 7, 7), (1, 1), (1, 1), (3, 3), (3, 3), 1, CROSS_CORRELATION),
    # folded, flipped kernel, width dilation, groups of 5 channels (35 folded channels: 3 blocks)
    ("fold_dil", (2, 10, 9, 17), (32, 5, 2, 7), (1, 1), (1, 2), (0, 4), (1, 2), 2, CONVOLUTION),
    # folded, 1 x k (one tap left after folding), stride 3 wider than the kernel
    ("fold_1xk", (1, 2, 4, 40), (24, 2, 1, 2), (1, 3), (1, 1), (0, 1), (0, 0), 1, CROSS_CORRELATION),
    # depthwise rows read in place (NCHW; NHWC through the band): 56-wide rows, two images
    ("dw56", (2, 6, 9, 56), (6, 1, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 6, CROSS_CORRELATION),
    # rows wider than one chunk (7 vectors), height stride 2, flipped, multiplier 2, asymmetric padding
    ("dw_wide", (1, 3, 7, 150), (6, 1, 3, 5), (2, 1), (1, 1), (1, 2), (0, 1), 3, CONVOLUTION),
    # padding wider than a vector, width dilation, rows narrower than a vector and than the taps
    ("dw_pad", (1, 2, 5, 5), (2, 1, 2, 9), (1, 1), (1, 3), (1, 20), (0, 19), 2, CROSS_CORRELATION),
    ("dw_pad_wide", (1, 2, 4, 70), (4, 1, 1, 5), (1, 1), (1, 1), (0, 19), (0, 18), 2, CROSS_CORRELATION),
    # rows of 112 and 60 columns: whole zmm (AVX-512 kernel, two rows at a time), a 12-column tail
    ("dw112", (1, 4, 6, 112), (4, 1, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 4, CROSS_CORRELATION),
    ("dw60", (2, 3, 5, 60), (3, 1, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 3, CONVOLUTION),
    # one-dimensional rows (sizes N C W): every row tap valid
    ("dw_1d", (2, 4, 33), (4, 1, 7), (1,), (2,), (6,), (5,), 4, CROSS_CORRELATION),
    # a 1x1 whose weights (768 KiB) outweigh its pixels: the pointwise items split the output
    # channels too (convolution.c pointwise_blocking); and a 7 x 7 1x1 on the dense engine
    ("pw_split_oc", (1, 384, 24, 24), (512, 384, 1, 1), (1, 1), (1, 1), (0, 0), (0, 0), 1, CROSS_CORRELATION),
    ("pw7", (2, 96, 7, 7), (80, 96, 1, 1), (1, 1), (1, 1), (0, 0), (0, 0), 1, CROSS_CORRELATION),
    # many pixels, few weights: pixel blocks only
    ("pw_pixels", (2, 16, 24, 32), (24, 16, 1, 1), (1, 1), (1, 1), (0, 0), (0, 0), 1, CONVOLUTION),
    # small planes as one flat run (conv_kernels.dwf): MobileNet's 7 x 7, two images
    ("dw7", (2, 8, 7, 7), (8, 1, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 8, CROSS_CORRELATION),
    # 5 x 5 flipped, multiplier 2 (two output planes read one input plane), 14 x 14: 13 vectors
    ("dw14_k5", (1, 6, 14, 14), (12, 1, 5, 5), (1, 1), (1, 1), (2, 2), (2, 2), 6, CONVOLUTION),
    # height dilation 2 and no height padding: 5 output rows of 9 (the width kept)
    ("dw_dil_h", (1, 3, 9, 10), (3, 1, 3, 3), (1, 1), (2, 1), (0, 1), (0, 1), 3, CROSS_CORRELATION),
    # more output rows than input rows: whole rows of taps outside the plane (no FMA at all)
    ("dw_tall_pad", (1, 2, 3, 9), (2, 1, 3, 3), (1, 1), (1, 1), (3, 1), (2, 1), 2, CROSS_CORRELATION),
    # one input row (its row stride never read), and a one-dimensional plane
    ("dw_row1", (1, 2, 1, 20), (2, 1, 3, 3), (1, 1), (1, 1), (2, 1), (2, 1), 2, CROSS_CORRELATION),
    ("dw_1d_flat", (2, 4, 33), (4, 1, 7), (1,), (1,), (3,), (3,), 4, CROSS_CORRELATION),
    # stride 2 from odd sizes (phase planes of 4 and 3 columns in rows of 4), and MobileNet's 14 -> 7
    ("dw_s2_odd", (1, 3, 7, 7), (3, 1, 3, 3), (2, 2), (1, 1), (1, 1), (1, 1), 3, CROSS_CORRELATION),
    ("dw_s2_14", (2, 8, 14, 14), (8, 1, 3, 3), (2, 2), (1, 1), (1, 1), (1, 1), 8, CONVOLUTION),
    # a plane one output past the AVX2 kernel's flat limit (1024): its row kernels (AVX-512: flat)
    ("dw_1025", (1, 2, 25, 41), (2, 1, 3, 3), (1, 1), (1, 1), (1, 1), (1, 1), 2, CROSS_CORRELATION),
    # width stride 2 (conv_kernels.dw2): 28 outputs from 56 columns, the last loads masked
    ("dw_s2_56", (2, 6, 9, 56), (6, 1, 3, 3), (2, 2), (1, 1), (1, 1), (1, 1), 6, CROSS_CORRELATION),
    # 75 outputs (AVX-512: chunks of 3 + 2 vectors), flipped 5 taps, multiplier 2, asymmetric padding
    ("dw_s2_wide", (1, 3, 7, 150), (6, 1, 3, 5), (1, 2), (1, 1), (1, 2), (0, 1), 3, CONVOLUTION),
    # 112 outputs of a 224-wide row (chunks of 4 + 3 zmm), TensorFlow's SAME padding (end only)
    ("dw_s2_224", (1, 2, 5, 224), (2, 1, 3, 3), (2, 2), (1, 1), (0, 0), (1, 1), 2, CROSS_CORRELATION),
    # padding wider than a vector on both sides, width dilation 3
    ("dw_s2_pad", (1, 2, 5, 41), (2, 1, 2, 9), (1, 2), (1, 3), (1, 20), (0, 19), 2, CROSS_CORRELATION),
    ("dw_s2_1d", (2, 4, 33), (4, 1, 7), (2,), (1,), (3,), (3,), 4, CROSS_CORRELATION),
    # more width taps than dw2 takes (DW2_TAPS 16): the plane engine's band
    ("dw_s2_taps17", (1, 2, 3, 40), (2, 1, 1, 17), (1, 2), (1, 1), (0, 8), (0, 8), 2, CROSS_CORRELATION),
]

# the depthwise cases whose NCHW rows the direct kernels read in place on the vector paths
# (pydml_debug_convolution_paths' third count); the others go through a band
BAND_DEPTHWISE = {"dw_s2_taps17"}
# the 1x1 cases: whether their items split the output channels (pointwise, the first count, and the
# seventh), or None: below 512 pixels, on the dense engine (the fourth)
POINTWISE = {"pw_split_oc": True, "pw_pixels": False, "pw7": None}
# those whose planes run as one flat run each (the sixth count; convolution.c dwf_plan: strides 1 or
# 2, the output as wide as the input at stride 1, as wide as its phase planes at stride 2); the NHWC
# and strided-output runs below go through the band and the row kernels, and must give the same bits
FLAT_DEPTHWISE = {"dw56", "dw112", "dw60", "dw7", "dw14_k5", "dw_dil_h", "dw_tall_pad", "dw_row1",
                  "dw_1d_flat", "dw_1025", "dw_s2_56", "dw_s2_wide", "dw_s2_224", "dw_s2_pad", "dw_s2_1d",
                  "dw_s2_odd", "dw_s2_14"}


def flat_limit() -> int:
    """The most outputs a plane the active path's flat kernel takes (conv_kernels.dwf_max)."""
    active = lib.pydml_active_cpu_features()
    if active & lib.PYDML_CPU_AVX512:
        return 16384
    return 1024 if active & AVX2 == AVX2 else 0


def rand(shape: Sequence[int], seed: int) -> np.ndarray[Any, Any]:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def nhwc_view(a: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A channels-last copy of `a`, returned as an NCHW-shaped view with NHWC strides."""
    return np.moveaxis(np.ascontiguousarray(np.moveaxis(a, 1, -1)), -1, 1)


def with_threads(n: int, fn: Any) -> Any:
    previous = lib.pydml_set_num_threads(n)
    try:
        return fn()
    finally:
        lib.pydml_set_num_threads(previous)


AVX2 = int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_rows_and_folds_match_reference(case: Case) -> None:
    check_case(case)


@pytest.mark.parametrize("case", [c for c in CASES if c[0].startswith("dw")], ids=lambda c: c[0])
def test_depthwise_rows_on_avx2(case: Case) -> None:
    """The same checks with the AVX2 kernels (the direct depthwise rows against the AVX2 band)."""
    lib.pydml_set_cpu_features(AVX2)
    try:
        check_case(case)
    finally:
        lib.pydml_set_cpu_features(ALL)


def convolution_paths() -> list[int]:
    counts = ffi.new("uint64_t[7]")
    lib.pydml_debug_convolution_paths(counts, 7)
    return [int(c) for c in counts]


def check_case(case: Case) -> None:
    _, xs, ws, strides, dil, start, end, groups, mode = case
    x, w, b = rand(xs, 1), rand(ws, 2), rand((ws[0],), 3)
    geometry: dict[str, Any] = {
        "strides": strides,
        "dilations": dil,
        "start_padding": start,
        "end_padding": end,
        "group_count": groups,
        "mode": mode,
        "activation_type": RELU,
    }

    def run(xv: Any) -> Any:
        if xv is x:
            return conv_array(xv, w, b, **geometry)
        shape = conv_array(x, w, b, **geometry).shape  # an NHWC input writes an NHWC output
        out = nhwc_view(np.full(shape, np.nan, dtype=np.float32))
        return conv_array(xv, w, b, out=out, **geometry)

    paths_before = convolution_paths()
    base = with_threads(2, lambda: run(x))
    if case[0] in POINTWISE:
        after = convolution_paths()
        split = POINTWISE[case[0]]
        assert after[0] - paths_before[0] == int(split is not None), case[0]
        assert after[3] - paths_before[3] == int(split is None), case[0]
        assert after[6] - paths_before[6] == int(bool(split)), case[0]
    if case[0].startswith("dw"):
        after = convolution_paths()
        direct, flat = after[2] - paths_before[2], after[5] - paths_before[5]
        assert direct + flat == (0 if case[0] in BAND_DEPTHWISE else 1), case[0]
        want_flat = case[0] in FLAT_DEPTHWISE and math.prod(base.shape[2:]) <= flat_limit()
        assert flat == int(want_flat), case[0]
    expected = conv_reference(
        x,
        w,
        b,
        mode=mode,
        groups=groups,
        strides=strides,
        dilations=dil,
        start=start,
        end=end,
        activation=(RELU, ()),
    )
    atol = 1e-5 * float(np.max(np.abs(expected)))
    np.testing.assert_allclose(base, expected, rtol=1e-5, atol=atol)
    np.testing.assert_array_equal(with_threads(1, lambda: run(x)), base)
    # 5 threads on this 2-core host: runs of items change hands (convolution.c pydml_runs_next)
    np.testing.assert_array_equal(with_threads(5, lambda: run(x)), base)
    np.testing.assert_array_equal(with_threads(2, lambda: run(nhwc_view(x))), base)
    # the output inside a larger NaN buffer: rows not contiguous, nothing written outside
    big = np.full([s + 2 for s in base.shape], np.nan, dtype=np.float32)
    inner = big[tuple(slice(1, 1 + s) for s in base.shape)]
    with_threads(2, lambda: conv_array(x, w, b, out=inner, **geometry))
    np.testing.assert_array_equal(inner, base)
    outside = np.ones(big.shape, dtype=bool)
    outside[tuple(slice(1, 1 + s) for s in base.shape)] = False
    assert np.isnan(big[outside]).all()
    active = lib.pydml_cpu_features() & lib.pydml_set_cpu_features(ALL)
    lib.pydml_set_cpu_features(0)  # the portable path: 4-row tiles, no row groups
    try:
        portable = run(x)
    finally:
        lib.pydml_set_cpu_features(active)
    np.testing.assert_allclose(portable, expected, rtol=1e-5, atol=atol)
