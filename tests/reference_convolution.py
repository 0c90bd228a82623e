"""Naive numpy reference of DML_CONVOLUTION (float64), written directly from the formulas.

FORWARD:  y[n, g*Cgo + oc, o] = sum_{ic, k} x[n, g*Cgi + ic, o*s + k*d - start]
                                            * W[g*Cgo + oc, ic, k']
BACKWARD: y[n, g*Cgo + oc, p] = sum_{ic, i, k : p = i*s + k*d - start} x[n, g*Cgi + ic, i]
                                            * W[g*Cgi + ic, oc, k']
with k' = k for CROSS_CORRELATION and K-1-k for CONVOLUTION; out-of-range input positions are 0.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from pydml.native import lib

FORWARD = int(lib.DML_CONVOLUTION_DIRECTION_FORWARD)
BACKWARD = int(lib.DML_CONVOLUTION_DIRECTION_BACKWARD)
CROSS_CORRELATION = int(lib.DML_CONVOLUTION_MODE_CROSS_CORRELATION)
CONVOLUTION = int(lib.DML_CONVOLUTION_MODE_CONVOLUTION)


def output_sizes(
    direction: int,
    x_shape: Sequence[int],
    w_shape: Sequence[int],
    groups: int,
    strides: Sequence[int],
    dilations: Sequence[int],
    start: Sequence[int],
    end: Sequence[int],
    out_pad: Sequence[int],
) -> list[int]:
    sizes = [x_shape[0], w_shape[0] if direction == FORWARD else w_shape[1] * groups]
    for i in range(len(x_shape) - 2):
        extent = (w_shape[2 + i] - 1) * dilations[i] + 1
        if direction == FORWARD:
            sizes.append(1 + (x_shape[2 + i] + start[i] + end[i] - extent) // strides[i])
        else:
            sizes.append(
                (x_shape[2 + i] - 1) * strides[i] + extent + out_pad[i] - start[i] - end[i]
            )
    return sizes


def conv_reference(
    x: np.ndarray[Any, Any],
    w: np.ndarray[Any, Any],
    b: np.ndarray[Any, Any] | None = None,
    *,
    mode: int = CROSS_CORRELATION,
    direction: int = FORWARD,
    groups: int = 1,
    strides: Sequence[int] | None = None,
    dilations: Sequence[int] | None = None,
    start: Sequence[int] | None = None,
    end: Sequence[int] | None = None,
    out_pad: Sequence[int] | None = None,
    activation: tuple[int, Sequence[float]] | None = None,
) -> np.ndarray[Any, Any]:
    """The convolution in float64 (inputs are converted exactly)."""
    x = np.asarray(x, dtype=np.float64)
    w = np.asarray(w, dtype=np.float64)
    sp = x.ndim - 2
    strides = list(strides or [1] * sp)
    dilations = list(dilations or [1] * sp)
    start = list(start or [0] * sp)
    end = list(end or [0] * sp)
    out_pad = list(out_pad or [0] * sp)
    if mode == CONVOLUTION:
        w = w[(slice(None), slice(None)) + (slice(None, None, -1),) * sp]
    out_shape = output_sizes(
        direction, x.shape, w.shape, groups, strides, dilations, start, end, out_pad
    )
    n, cin = x.shape[:2]
    cout = out_shape[1]
    cgi, cgo = cin // groups, cout // groups
    y = np.zeros(out_shape, dtype=np.float64)
    xg = x.reshape((n, groups, cgi, *x.shape[2:]))
    yg = y.reshape((n, groups, cgo, *y.shape[2:]))
    if direction == FORWARD:
        wg = w.reshape((groups, cgo, cgi, *w.shape[2:]))
        for o in itertools.product(*[range(s) for s in out_shape[2:]]):
            for k in itertools.product(*[range(s) for s in w.shape[2:]]):
                i = [o[a] * strides[a] + k[a] * dilations[a] - start[a] for a in range(sp)]
                if all(0 <= i[a] < x.shape[2 + a] for a in range(sp)):
                    xi = xg[(slice(None), slice(None), slice(None), *i)]
                    wk = wg[(slice(None), slice(None), slice(None), *k)]
                    yg[(slice(None), slice(None), slice(None), *o)] += np.einsum(
                        "ngi,goi->ngo", xi, wk
                    )
    else:
        wg = w.reshape((groups, cgi, cgo, *w.shape[2:]))
        for i in itertools.product(*[range(s) for s in x.shape[2:]]):
            for k in itertools.product(*[range(s) for s in w.shape[2:]]):
                p = [i[a] * strides[a] + k[a] * dilations[a] - start[a] for a in range(sp)]
                if all(0 <= p[a] < out_shape[2 + a] for a in range(sp)):
                    xi = xg[(slice(None), slice(None), slice(None), *i)]
                    wk = wg[(slice(None), slice(None), slice(None), *k)]
                    yg[(slice(None), slice(None), slice(None), *p)] += np.einsum(
                        "ngi,gio->ngo", xi, wk
                    )
    if b is not None:
        y += np.asarray(b, dtype=np.float64).reshape([1, cout] + [1] * sp)
    if activation is not None:
        y = activation_reference(y, activation[0], activation[1])
    return y


def activation_reference(
    x: np.ndarray[Any, Any], kind: int, params: Sequence[float]
) -> np.ndarray[Any, Any]:
    """The fused activations in float64 (params as pydml_activation documents them)."""
    p = list(params) + [0.0] * (4 - len(params))
    a, b, c, d = p[:4]
    L = lib
    if kind in (L.DML_OPERATOR_INVALID, L.DML_OPERATOR_ACTIVATION_IDENTITY):
        return x
    if kind == L.DML_OPERATOR_ACTIVATION_LINEAR:
        return a * x + b
    if kind == L.DML_OPERATOR_ACTIVATION_SIGMOID:
        return 1.0 / (1.0 + np.exp(-x))
    if kind == L.DML_OPERATOR_ACTIVATION_HARD_SIGMOID:
        return np.maximum(0.0, np.minimum(1.0, a * x + b))
    if kind == L.DML_OPERATOR_ACTIVATION_TANH:
        return np.tanh(x)
    if kind == L.DML_OPERATOR_ACTIVATION_SCALED_TANH:
        return a * np.tanh(b * x)
    if kind == L.DML_OPERATOR_ACTIVATION_RELU:
        return np.maximum(x, 0.0)
    if kind == L.DML_OPERATOR_ACTIVATION_LEAKY_RELU:
        return np.where(x < 0, a * x, x)
    if kind == L.DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU:
        return np.where(x > a, x, 0.0)
    if kind == L.DML_OPERATOR_ACTIVATION_ELU:
        return np.where(x < 0, a * np.expm1(x), x)
    if kind == L.DML_OPERATOR_ACTIVATION_CELU:
        return np.maximum(0.0, x) + np.minimum(0.0, a * np.expm1(x / a))
    if kind == L.DML_OPERATOR_ACTIVATION_SCALED_ELU:
        return b * np.where(x <= 0, a * np.expm1(x), x)
    if kind == L.DML_OPERATOR_ACTIVATION_SOFTPLUS:
        return np.logaddexp(0.0, a * x) / a
    if kind == L.DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS:
        return a * np.logaddexp(0.0, b * x)
    if kind == L.DML_OPERATOR_ACTIVATION_SOFTSIGN:
        return x / (1.0 + np.abs(x))
    if kind == L.DML_OPERATOR_ACTIVATION_SHRINK:
        return np.where(x < -b, x + a, np.where(x > b, x - a, 0.0))
    if kind == L.DML_OPERATOR_ACTIVATION_GELU:
        erf = np.vectorize(math.erf, otypes=[np.float64])
        return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))
    if kind == L.DML_OPERATOR_ELEMENT_WISE_CLIP:
        return np.clip(x * c + d, a, b)
    raise ValueError(f"unknown activation {kind}")
