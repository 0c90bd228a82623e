"""Naive numpy reference of DirectML resampling and its gradient (directml-api.md §4).

Written from the formulas, independently of native/families/resample.c: per axis a dense float64 matrix
M[o, i] = weight of input i in output o, then the forward is the product of the axis matrices
applied axis by axis, and the gradient applies their transposes. Small shapes only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

NEAREST_NEIGHBOR = 0
LINEAR = 1
ROUND_HALF_UP = 0
ROUND_FLOOR = 1
ROUND_CEIL = 2


def _f32(v: float) -> float:
    """The value the C side sees (params are float32)."""
    return float(np.float32(v))


def source_coordinate(o: int, scale: float, input_offset: float, output_offset: float) -> float:
    """x = (o - b) / s - a, in double, from the float32 parameters."""
    return (o - _f32(output_offset)) / _f32(scale) - _f32(input_offset)


def axis_matrix(
    n_in: int,
    n_out: int,
    scale: float,
    input_offset: float,
    output_offset: float,
    mode: int,
    rounding: int,
    antialiased: bool = False,
) -> np.ndarray[Any, Any]:
    """Dense (n_out, n_in) float64 weight matrix of one axis."""
    m = np.zeros((n_out, n_in))
    s = _f32(scale)
    antialias = antialiased and mode == LINEAR and 1.0 / s > 2.0

    def clamp(i: float) -> int:
        return int(min(max(i, 0), n_in - 1))

    for o in range(n_out):
        x = source_coordinate(o, scale, input_offset, output_offset)
        if mode == NEAREST_NEIGHBOR:
            if rounding == ROUND_HALF_UP:
                r = math.floor(x + 0.5)
            elif rounding == ROUND_FLOOR:
                r = math.floor(x)
            else:
                r = math.ceil(x)
            m[o, clamp(r)] += 1.0
        elif antialias:
            # triangle filter of radius 1/s, in-range taps only, normalised (ONNX antialias)
            w = np.array([max(0.0, 1.0 - abs(x - i) * s) for i in range(n_in)])
            if w.sum() > 0:
                m[o] = w / w.sum()
            else:
                m[o, clamp(math.floor(x + 0.5))] = 1.0
        else:
            x0 = math.floor(x)
            f = x - x0
            m[o, clamp(x0)] += 1.0 - f
            m[o, clamp(x0 + 1)] += f
    return m


def axis_matrices(
    input_sizes: Sequence[int],
    output_sizes: Sequence[int],
    scales: Sequence[float],
    input_offsets: Sequence[float],
    output_offsets: Sequence[float],
    mode: int,
    rounding: int,
    antialiased: bool = False,
) -> list[np.ndarray[Any, Any]]:
    return [
        axis_matrix(i, o, s, a, b, mode, rounding, antialiased)
        for i, o, s, a, b in zip(
            input_sizes, output_sizes, scales, input_offsets, output_offsets, strict=True
        )
    ]


def _apply(mats: Sequence[np.ndarray[Any, Any]], x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    y = np.asarray(x, dtype=np.float64)
    for d, m in enumerate(mats):
        y = np.moveaxis(np.tensordot(m, y, axes=(1, d)), 0, d)
    return y


def resample(
    x: np.ndarray[Any, Any],
    output_sizes: Sequence[int],
    scales: Sequence[float],
    input_offsets: Sequence[float],
    output_offsets: Sequence[float],
    mode: int,
    rounding: int = ROUND_HALF_UP,
    antialiased: bool = False,
) -> np.ndarray[Any, Any]:
    """Forward resampling in float64."""
    mats = axis_matrices(
        x.shape, output_sizes, scales, input_offsets, output_offsets, mode, rounding, antialiased
    )
    return _apply(mats, x)


def resample_grad(
    g: np.ndarray[Any, Any],
    input_sizes: Sequence[int],
    scales: Sequence[float],
    input_offsets: Sequence[float],
    output_offsets: Sequence[float],
    mode: int,
    rounding: int = ROUND_HALF_UP,
    antialiased: bool = False,
) -> np.ndarray[Any, Any]:
    """Gradient (adjoint of :func:`resample`) in float64; g has the forward output's sizes."""
    mats = axis_matrices(
        input_sizes, g.shape, scales, input_offsets, output_offsets, mode, rounding, antialiased
    )
    return _apply([m.T for m in mats], g)


def round_half_even_saturate(y: np.ndarray[Any, Any], dtype: Any) -> np.ndarray[Any, Any]:
    """float -> int8/uint8 as the kernel converts LINEAR results (round half to even, saturate)."""
    info = np.iinfo(dtype)
    return np.clip(np.rint(y), info.min, info.max).astype(dtype)
