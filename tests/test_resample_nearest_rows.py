"""Nearest resampling by gathered rows (native/families/resample.c rs_nearest_run, rs_kernels.nearest_row).

Where every resampled axis reads one source of weight 1 (a nearest forward) and the rows are
contiguous, a destination row is its source row gathered by the column table, element bits as they
are (a NaN quieted, as the float passes' product by 1.0 leaves it), stored once to every destination
row that reads the same source row. These tests hold it to the float passes' bits: the same
resampling with the input's columns strided (which the gathered rows do not take) is the reference,
on every ISA path, for every data type, for the integer-2x patterns, the window gathers and the
element-by-element rest, repeated rows beyond one call's RS_NEAR_ROWS, two row axes and none, and
streamed outputs at every alignment. ``pydml_debug_resample_stats`` says which executions took it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from kernel_plan_resample import NEAREST_NEIGHBOR, ROUND_FLOOR, ROUND_HALF_UP, ResamplePlan

from pydml.native import data_type_of, ffi, lib, packed_strides, view_array, view_buffer

BF16 = np.dtype(ml_dtypes.bfloat16)
F16 = np.dtype(np.float16)
F32 = np.dtype(np.float32)
I8 = np.dtype(np.int8)
U8 = np.dtype(np.uint8)
ALL_FEATURES = 0xFFFFFFFF
PATHS = {"best": ALL_FEATURES, "avx2": int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C), "portable": 0}

#: bit patterns each float type must carry through: signaling and quiet NaNs with payloads (both
#: signs), -0.0, infinity, the smallest subnormal
SPECIALS: dict[np.dtype[Any], np.ndarray[Any, Any]] = {
    F32: np.array([0x7F812345, 0x7FC12345, 0xFF800001, 0x80000000, 0x7F800000, 0x00000001], np.uint32),
    F16: np.array([0x7C12, 0x7E12, 0xFC01, 0x8000, 0x7C00, 0x0001], np.uint16),
    BF16: np.array([0x7F81, 0x7FC1, 0xFF81, 0x8000, 0x7F80, 0x0001], np.uint16),
}

HALF = ([0.5, 0.5, 0, 0], [-0.5, -0.5, 0, 0])  # offsets a, b: identity N, C; 0 on the resampled axes

#: (input sizes, output sizes, scales, input offset a, output offset b, rounding): per resampled
#: axis as the plan API takes them (identity axes: scale 1, offsets 0.5 / -0.5)
Case = tuple[list[int], list[int], list[float], list[float], list[float], int]
CASES: dict[str, Case] = {
    # 2x: RS_PAT_DUP2 columns, each source row read by two destination rows
    "2x": ([2, 3, 7, 70], [2, 3, 14, 140], [1, 1, 2, 2], *HALF, ROUND_FLOOR),
    # 0.5x: RS_PAT_HALF2 columns, every other source row skipped (prefetched ahead)
    "0.5x": ([2, 3, 14, 141], [2, 3, 7, 70], [1, 1, 0.5, 0.5], *HALF, ROUND_FLOOR),
    # 1.5x half-pixel: the window gathers (8 destinations from 8 consecutive sources)
    "1.5x": ([2, 2, 10, 90], [2, 2, 15, 135], [1, 1, 1.5, 1.5], [0.5] * 4, [-0.5] * 4, ROUND_HALF_UP),
    # 0.75x: windows wider than 8 sources, element by element
    "0.75x": ([2, 2, 12, 100], [2, 2, 9, 75], [1, 1, 0.75, 0.75], [0.5] * 4, [-0.5] * 4, ROUND_HALF_UP),
    # 5x rows: five destination rows per source row, one call of RS_NEAR_ROWS (4) and one of 1
    "5x": ([1, 2, 3, 40], [1, 2, 15, 200], [1, 1, 5, 5], *HALF, ROUND_FLOOR),
    # two row axes (a 3-D resampling)
    "3d": ([1, 2, 4, 6, 36], [1, 2, 8, 9, 72], [1, 1, 2, 1.5, 2],
           [0.5, 0.5, 0, 0.5, 0], [-0.5, -0.5, 0, -0.5, 0], ROUND_HALF_UP),
    # no row axis: only the columns resampled
    "columns": ([2, 3, 8, 50], [2, 3, 8, 100], [1, 1, 1, 2],
                [0.5, 0.5, 0.5, 0], [-0.5, -0.5, -0.5, 0], ROUND_FLOOR),
}


@pytest.fixture(autouse=True)
def _restore_cpu_features() -> Iterator[None]:
    yield
    lib.pydml_set_cpu_features(ALL_FEATURES)


def nearest_executions() -> int:
    cell = ffi.new("uint64_t*")
    lib.pydml_debug_resample_stats(cell)
    return int(cell[0])


def sample(shape: Sequence[int], dtype: np.dtype[Any], seed: int) -> np.ndarray[Any, Any]:
    """Random values of `dtype` with the special bit patterns sprinkled in (floats)."""
    rng = np.random.default_rng(seed)
    if dtype in (I8, U8):
        return rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max + 1, shape).astype(dtype)
    x = rng.standard_normal(shape).astype(dtype)
    flat = x.reshape(-1).view(SPECIALS[dtype].dtype)
    flat[rng.choice(flat.size, 24, replace=False)] = np.resize(SPECIALS[dtype], 24)
    return x


def column_strided(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """x with its last axis at stride 2: the same values where the gathered rows do not go."""
    wide = np.zeros((*x.shape[:-1], 2 * x.shape[-1]), x.dtype)
    wide[..., ::2] = x
    return wide[..., ::2]


def quieted(y: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The bits the float passes leave: a NaN's highest mantissa bit set."""
    if y.dtype == F32:
        b = y.view(np.uint32)
        return np.where((b & 0x7FFFFFFF) > 0x7F800000, b | 0x00400000, b)
    if y.dtype in (F16, BF16):
        b = y.view(np.uint16)
        inf, q = (0x7C00, 0x0200) if y.dtype == F16 else (0x7F80, 0x0040)
        return np.where((b & 0x7FFF) > inf, b | q, b).astype(np.uint16)
    return y.view(np.uint8)


def gathered_against_strided(case: Case, x: np.ndarray[Any, Any], *, backward: bool) -> np.ndarray[Any, Any]:
    """The resampling (backward: its gradient) of x on every ISA path, by the gathered rows (asserted
    by the counter), bit for bit against the float passes (x's columns strided, which the gathered
    rows do not take); returns the last path's result."""
    ins, outs, scales, a, b, rounding = case
    got = x
    for name, features in PATHS.items():
        lib.pydml_set_cpu_features(features)
        plan = ResamplePlan(ins, outs, scales, a, b, NEAREST_NEIGHBOR, rounding)
        before = nearest_executions()
        got = np.full(ins if backward else outs, 7, x.dtype)
        want = np.full(ins if backward else outs, 7, x.dtype)
        run = plan.backward if backward else plan.forward
        run(view_array(x), view_array(got))
        assert nearest_executions() == before + 1, f"{name}: the gathered rows were not taken"
        run(view_array(column_strided(x)), view_array(want))
        assert nearest_executions() == before + 1, f"{name}: a strided column took the gathered rows"
        np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8), err_msg=name)
    return got


@pytest.mark.parametrize("dtype", [F32, F16, BF16, I8, U8], ids=["f32", "f16", "bf16", "i8", "u8"])
@pytest.mark.parametrize("case", list(CASES))
def test_gathered_rows_are_the_float_passes_bits(case: str, dtype: np.dtype[Any]) -> None:
    x = sample(CASES[case][0], dtype, seed=len(case))
    got = gathered_against_strided(CASES[case], x, backward=False)
    if dtype != I8 and dtype != U8:
        # and the value rule itself: every destination is some source element, NaNs quieted
        assert np.isin(got.view(SPECIALS[dtype].dtype), quieted(x)).all()


#: nearest downscales whose gradients have at most one tap per element (the gathered rows, with zeros
#: where no output read an input element: odd columns and whole rows)
GRADIENT_CASES = {
    "0.5x": CASES["0.5x"],  # RS_PAT_SPREAD2 columns, every other row zeros
    "0.75x": CASES["0.75x"],
    "3d": ([1, 2, 8, 9, 72], [1, 2, 4, 6, 36], [1, 1, 0.5, 2 / 3, 0.5],
           [0.5, 0.5, 0, 0.5, 0], [-0.5, -0.5, 0, -0.5, 0], ROUND_HALF_UP),
}


@pytest.mark.parametrize("dtype", [F32, F16, BF16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("case", list(GRADIENT_CASES))
def test_gathered_gradient_rows_are_the_float_passes_bits(case: str, dtype: np.dtype[Any]) -> None:
    g = sample(GRADIENT_CASES[case][1], dtype, seed=len(case) + 7)
    got = gathered_against_strided(GRADIENT_CASES[case], g, backward=True)
    assert (got.view(SPECIALS[dtype].dtype) == 0).any()  # the elements no output read


@pytest.mark.parametrize("dtype", [F32, F16], ids=["f32", "f16"])
def test_few_rows_keep_the_segment_split(dtype: np.dtype[Any]) -> None:
    """A few long rows keep the executor's split by segments (both threads busy): not gathered."""
    x = sample([1, 1, 1, 5000], dtype, seed=3)
    plan = ResamplePlan([1, 1, 1, 5000], [1, 1, 1, 9000], [1, 1, 1, 1.8], [0.5, 0.5, 0.5, 0.5],
                        [-0.5, -0.5, -0.5, -0.5], NEAREST_NEIGHBOR, ROUND_HALF_UP)
    lib.pydml_set_num_threads(2)
    before = nearest_executions()
    plan.forward_array(x)
    assert nearest_executions() == before


@pytest.mark.parametrize("misalign", [0, 16, 2], ids=["aligned", "16 bytes", "2 bytes"])
def test_streamed_rows_at_every_alignment(misalign: int) -> None:
    """Source and destination beyond 32 MiB: streamed stores (two rows per call, 32-byte aligned,
    16-byte aligned in halves, or not streamed where a row is not 16-byte aligned); the values are
    numpy's repeat, NaNs quieted, and the bytes around the view untouched."""
    ins, outs = [1, 16, 256, 1024], [1, 16, 512, 2048]
    x = sample(ins, F16, seed=9)
    plan = ResamplePlan(ins, outs, [1, 1, 2, 2], *HALF, NEAREST_NEIGHBOR, ROUND_FLOOR)
    count = int(np.prod(outs))
    raw = np.full(2 * count + 64 + 64, 0xA5, np.uint8)
    base = (-raw.ctypes.data) % 32 + misalign  # the view's first byte at that misalignment from 32
    lib.pydml_set_num_threads(2)
    before = nearest_executions()
    out = view_buffer(raw, data_type_of(F16), outs, packed_strides(outs), offset_bytes=base)
    plan.forward(view_array(x), out)
    assert nearest_executions() == before + 1
    got = raw[base: base + 2 * count].view(np.uint16).reshape(outs)
    want = quieted(np.repeat(np.repeat(x, 2, 2), 2, 3))
    np.testing.assert_array_equal(got, want)
    assert (raw[:base] == 0xA5).all() and (raw[base + 2 * count:] == 0xA5).all()
