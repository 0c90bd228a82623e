"""Fused clamps applied in registers (native/engines/clamp_x86.h): on the dense engine's tiles
(convolution.c pydml_conv_activation), the flat depthwise planes (dwf_item) before their store
and the pointwise convolution's direct store
(convolution.c pointwise_item, native/engines/gemm_indirect.h pydml_igemm_store), where whole 1x1
tiles are written straight into the output's rows, the rest through the tile,
the activation engine and the copy; the whole blocks read their pixels where they lie (the input's
channel stride as the panel's row step), the partial last one from a packed panel. The clamp must
give the element-wise kernels' bits: here every
fused clamp (RELU, CLIP, the graph compiler's CLIP1) is checked bit for bit against the same
convolution without an activation followed by the page's formula written as those kernels read it
(NaN and the bounds included), on each vector path, one and two threads, with a partial last
block of pixels (the tile path) in the same output."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
from kernel_plan_convolution import conv_array

from pydml.native import ffi, lib

ALL = 0xFFFFFFFF
AVX2 = int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C)
RELU = int(lib.DML_OPERATOR_ACTIVATION_RELU)
CLIP = int(lib.DML_OPERATOR_ELEMENT_WISE_CLIP)
CLIP1 = int(lib.DML_OPERATOR_ELEMENT_WISE_CLIP1)
SIGMOID = int(lib.DML_OPERATOR_ACTIVATION_SIGMOID)

Array = np.ndarray[Any, Any]


def _max(x: Array, m: Array | float) -> Array:
    return np.where(x > m, x, m).astype(np.float32)  # `x > m ? x : m`: a NaN x gives m


def _min(x: Array, m: Array | float) -> Array:
    return np.where(x < m, x, m).astype(np.float32)


# (name, activation type, params, the page's formula on the unactivated output)
ACTIVATIONS: list[tuple[str, int, tuple[float, ...], Callable[[Array], Array]]] = [
    ("relu", RELU, (), lambda y: np.where(y < 0, np.float32(0), y).astype(np.float32)),
    ("clip", CLIP, (-0.5, 0.75, 1.0, 0.0), lambda y: _min(_max(y, -0.5), 0.75)),  # NaN -> Min
    ("clip1", CLIP1, (-0.5, 0.75), lambda y: _max(_min(y, 0.75), -0.5)),  # NaN -> Max
    # a ScaleBias: not a plain clamp, so every tile takes the activation engine
    ("clip_scaled", CLIP, (-0.5, 0.75, 2.0, 0.0), lambda y: _min(_max(y * np.float32(2), -0.5), 0.75)),
]


@contextmanager
def _on_path(features: int, threads: int = 0) -> Iterator[None]:
    """The vector path `features` (pydml_set_cpu_features) and, if given, a thread count."""
    lib.pydml_set_cpu_features(features)
    previous = lib.pydml_set_num_threads(threads) if threads else 0
    try:
        yield
    finally:
        if threads:
            lib.pydml_set_num_threads(previous)
        lib.pydml_set_cpu_features(ALL)


def _paths(which: int = 0) -> int:
    """Executions of one path so far (pydml_debug_convolution_paths: 0 pointwise, 5 flat planes)."""
    counts = ffi.new("uint64_t[6]")
    lib.pydml_debug_convolution_paths(counts, 6)
    return int(counts[which])


def _data() -> tuple[Array, Array, Array]:
    rng = np.random.default_rng(7)
    # 25 x 25 = 625 pixels: the pointwise path (at least 512), whole 32- and 16-pixel blocks and a
    # partial last one; 40 output channels: balanced tiles of 14 / 13 (AVX-512) or 6 / 7 (AVX2)
    x = rng.standard_normal((2, 24, 25, 25)).astype(np.float32)
    x[0, 3, 4, 5] = np.nan  # a NaN pixel: every output channel of it is NaN before the clamp
    x[1, 0, 24, 24] = np.nan  # and one in the partial last block
    w = (rng.standard_normal((40, 24, 1, 1)) * 0.3).astype(np.float32)
    b = rng.standard_normal(40).astype(np.float32)
    return x, w, b


@pytest.mark.parametrize("features", [ALL, AVX2], ids=["native", "avx2"])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
def test_fused_clamp_matches_the_activation_kernels(
    features: int, threads: int, case: tuple[str, int, tuple[float, ...], Callable[[Array], Array]]
) -> None:
    """A 1x1 on the pointwise path: whole blocks through the direct store, the last through the tile."""
    _, act, params, formula = case
    x, w, b = _data()
    with _on_path(features, threads):
        plain = conv_array(x, w, b)
        before = _paths()
        fused = conv_array(x, w, b, activation_type=act, activation_params=params)
        assert _paths() == before + 1  # the pointwise path ran
    expected = formula(plain)
    assert np.isnan(plain).any()
    np.testing.assert_array_equal(fused.view(np.uint32), expected.view(np.uint32))


@pytest.mark.parametrize("features", [ALL, AVX2], ids=["native", "avx2"])
@pytest.mark.parametrize("size", [7, 14])
@pytest.mark.parametrize("case", ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
def test_depthwise_planes_clamp_like_the_activation_kernels(
    features: int, size: int, case: tuple[str, int, tuple[float, ...], Callable[[Array], Array]]
) -> None:
    """MobileNet's 3 x 3 depthwise planes (flat runs): the same clamps before the store."""
    _, act, params, formula = case
    rng = np.random.default_rng(size)
    x = rng.standard_normal((2, 8, size, size)).astype(np.float32)
    x[1, 2, 3, 3] = np.nan
    w = rng.standard_normal((8, 1, 3, 3)).astype(np.float32)
    b = rng.standard_normal(8).astype(np.float32)
    geometry: dict[str, Any] = {"group_count": 8, "start_padding": (1, 1), "end_padding": (1, 1)}
    with _on_path(features):
        plain = conv_array(x, w, b, **geometry)
        before = _paths(5)
        fused = conv_array(x, w, b, activation_type=act, activation_params=params, **geometry)
        assert _paths(5) == before + 1  # the flat planes ran
    assert np.isnan(plain).any()
    np.testing.assert_array_equal(fused.view(np.uint32), formula(plain).view(np.uint32))


@pytest.mark.parametrize("features", [ALL, AVX2], ids=["native", "avx2"])
@pytest.mark.parametrize("case", ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
def test_dense_tiles_clamp_like_the_activation_kernels(
    features: int, case: tuple[str, int, tuple[float, ...], Callable[[Array], Array]]
) -> None:
    """A 3 x 3 convolution on the dense engine (its tiles clamped in place, a 13-float tail)."""
    _, act, params, formula = case
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 20, 9, 13)).astype(np.float32)
    x[0, 5, 4, 6] = np.nan
    w = (rng.standard_normal((24, 20, 3, 3)) * 0.2).astype(np.float32)
    b = rng.standard_normal(24).astype(np.float32)
    geometry: dict[str, Any] = {"start_padding": (1, 1), "end_padding": (1, 1)}
    with _on_path(features):
        plain = conv_array(x, w, b, **geometry)
        fused = conv_array(x, w, b, activation_type=act, activation_params=params, **geometry)
    assert np.isnan(plain).any()
    np.testing.assert_array_equal(fused.view(np.uint32), formula(plain).view(np.uint32))


@pytest.mark.parametrize("features", [ALL, AVX2], ids=["native", "avx2"])
def test_direct_store_into_a_channel_slice(features: int) -> None:
    """The store's row step is the output view's channel stride: an output that is 40 channels of
    a 64-channel buffer (a concatenation) gets the packed output's bits, its neighbours untouched."""
    x, w, b = _data()
    with _on_path(features):
        packed = conv_array(x, w, b, activation_type=RELU)
        wide = np.full((2, 64, 25, 25), 7.0, dtype=np.float32)
        out = wide[:, 12:52]
        conv_array(x, w, b, activation_type=RELU, out=out)
    np.testing.assert_array_equal(out, packed)
    assert (wide[:, :12] == 7.0).all() and (wide[:, 52:] == 7.0).all()


@pytest.mark.parametrize("features", [ALL, AVX2], ids=["native", "avx2"])
def test_input_read_in_place_through_its_channel_stride(features: int) -> None:
    """Planes 640 floats apart (625 pixels each, contiguous): the whole blocks read them in place
    with that row step and give the packed input's bits; so does the portable path, which packs."""
    x, w, b = _data()
    base = np.full((2, 24, 640), np.nan, dtype=np.float32)
    base[:, :, :625] = x.reshape(2, 24, 625)
    view = np.lib.stride_tricks.as_strided(base, shape=x.shape, strides=(24 * 640 * 4, 640 * 4, 25 * 4, 4))
    with _on_path(features):
        packed = conv_array(x, w, b, activation_type=CLIP1, activation_params=(-0.5, 0.75))
        strided = conv_array(view, w, b, activation_type=CLIP1, activation_params=(-0.5, 0.75))
    with _on_path(0):
        portable = conv_array(view, w, b, activation_type=CLIP1, activation_params=(-0.5, 0.75))
    np.testing.assert_array_equal(strided.view(np.uint32), packed.view(np.uint32))
    nan = np.isnan(packed)
    np.testing.assert_array_equal(nan, np.isnan(portable))
    np.testing.assert_allclose(portable[~nan], packed[~nan], rtol=1e-5, atol=1e-5)


def test_other_activations_keep_the_tile_path() -> None:
    """An activation that is not a clamp (SIGMOID) runs through the tile and the activation engine:
    the same values as the activation applied to the unactivated output by the engine's kernel."""
    x, w, b = _data()
    x = np.nan_to_num(x)
    plain = conv_array(x, w, b)
    fused = conv_array(x, w, b, activation_type=SIGMOID)
    np.testing.assert_allclose(fused, 1.0 / (1.0 + np.exp(-plain.astype(np.float64))), rtol=2e-6, atol=1e-7)
