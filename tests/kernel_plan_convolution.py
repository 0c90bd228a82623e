"""The tests' typed wrapper of the DML_CONVOLUTION kernel's C plan API (include/pydml.h,
native/families/convolution.c), below the descs; pydml itself runs it through the operator lifecycle.

``ConvolutionPlan`` owns a ``pydml_convolution_plan`` (geometry checked and scratch allocated once);
``execute`` runs it on ``pydml_tensor`` views. ``conv_array`` is the convenience form for packed
numpy arrays. This layer does no DirectML descriptor validation: the descriptor layer does that and
passes the resulting geometry here; the C side re-checks everything that protects memory.

Semantics (see native/families/convolution.c): FORWARD
``y[o] = sum_k x[o*stride + k*dilation - start] * W[k']`` with filter ``{C_out, C_in/G, k...}``;
BACKWARD is its adjoint (ONNX ConvTranspose) with filter ``{C_in, C_out/G, k...}``; CONVOLUTION
mode flips the kernel (``k' = K-1-k``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from pydml.errors import check_status
from pydml.native import TensorView, data_type_of, ffi, lib, view_array
from pydml.ops.convolution import convolution_output_sizes

__all__ = [
    "BACKWARD",
    "CONVOLUTION",
    "CROSS_CORRELATION",
    "FORWARD",
    "ConvolutionPlan",
    "conv_array",
    "convolution_output_sizes",
]

FORWARD: int = int(lib.DML_CONVOLUTION_DIRECTION_FORWARD)
BACKWARD: int = int(lib.DML_CONVOLUTION_DIRECTION_BACKWARD)
CROSS_CORRELATION: int = int(lib.DML_CONVOLUTION_MODE_CROSS_CORRELATION)
CONVOLUTION: int = int(lib.DML_CONVOLUTION_MODE_CONVOLUTION)


def _fill(array: Any, values: Sequence[int] | Sequence[float], capacity: int, name: str) -> None:
    if len(values) > capacity:
        raise ValueError(f"{name}: at most {capacity} values, got {len(values)}")
    for i, v in enumerate(values):
        array[i] = v


class ConvolutionPlan:
    """A checked convolution geometry with its scratch memory (``pydml_convolution_plan``).

    Raises NativeError (invalid geometry, out of memory) or UnsupportedError (data type or
    activation without a path). ``execute`` may be called from several threads; calls on one
    plan are serialised (the plan's scratch is shared).
    """

    def __init__(
        self,
        *,
        spatial_dims: int,
        mode: int,
        direction: int,
        group_count: int,
        strides: Sequence[int],
        dilations: Sequence[int],
        start_padding: Sequence[int],
        end_padding: Sequence[int],
        output_padding: Sequence[int],
        input_sizes: Sequence[int],
        filter_sizes: Sequence[int],
        output_sizes: Sequence[int],
        data_type: int,
        has_bias: bool,
        activation_type: int = 0,
        activation_params: Sequence[float] = (),
        allow_half_precision: bool = False,
    ) -> None:
        p = ffi.new("pydml_convolution_params*")
        p.spatial_dims = spatial_dims
        p.mode = mode
        p.direction = direction
        p.group_count = group_count
        _fill(p.strides, strides, 3, "strides")
        _fill(p.dilations, dilations, 3, "dilations")
        _fill(p.start_padding, start_padding, 3, "start_padding")
        _fill(p.end_padding, end_padding, 3, "end_padding")
        _fill(p.output_padding, output_padding, 3, "output_padding")
        _fill(p.input_sizes, input_sizes, 5, "input_sizes")
        _fill(p.filter_sizes, filter_sizes, 5, "filter_sizes")
        _fill(p.output_sizes, output_sizes, 5, "output_sizes")
        p.data_type = data_type
        p.has_bias = 1 if has_bias else 0
        p.allow_half_precision = 1 if allow_half_precision else 0
        p.activation.type = activation_type
        _fill(p.activation.params, activation_params, 4, "activation_params")
        out = ffi.new("pydml_convolution_plan**")
        check_status("pydml_convolution_plan_create", lib.pydml_convolution_plan_create(p, out))
        self._plan: Any = ffi.gc(out[0], lib.pydml_convolution_plan_destroy)
        self._lock = threading.Lock()
        self.input_sizes: tuple[int, ...] = tuple(int(v) for v in input_sizes)
        self.filter_sizes: tuple[int, ...] = tuple(int(v) for v in filter_sizes)
        self.output_sizes: tuple[int, ...] = tuple(int(v) for v in output_sizes)
        self.data_type = data_type
        self.has_bias = bool(has_bias)

    def execute(
        self,
        input_view: TensorView,
        filter_view: TensorView,
        bias_view: TensorView | None,
        output_view: TensorView,
    ) -> None:
        """output = activation(conv(input, filter) + bias); raises on a bad view."""
        bias_ptr = ffi.NULL if bias_view is None else bias_view.ptr
        with self._lock:
            status = lib.pydml_convolution_execute(
                self._plan, input_view.ptr, filter_view.ptr, bias_ptr, output_view.ptr
            )
        check_status("pydml_convolution_execute", status)


def conv_array(
    x: np.ndarray[Any, Any],
    w: np.ndarray[Any, Any],
    b: np.ndarray[Any, Any] | None = None,
    *,
    mode: int = CROSS_CORRELATION,
    direction: int = FORWARD,
    group_count: int = 1,
    strides: Sequence[int] | None = None,
    dilations: Sequence[int] | None = None,
    start_padding: Sequence[int] | None = None,
    end_padding: Sequence[int] | None = None,
    output_padding: Sequence[int] | None = None,
    activation_type: int = 0,
    activation_params: Sequence[float] = (),
    out: np.ndarray[Any, Any] | None = None,
) -> np.ndarray[Any, Any]:
    """Convolve numpy arrays (any strides); returns ``out`` or a new packed output array.

    ``b`` may be 1-D (C_out) or already shaped {1, C_out, 1...}. Output sizes follow
    ``convolution_output_sizes``.
    """
    spatial = x.ndim - 2
    ones, zeros = [1] * spatial, [0] * spatial
    geometry: dict[str, Any] = {
        "strides": list(strides) if strides is not None else ones,
        "dilations": list(dilations) if dilations is not None else ones,
        "start_padding": list(start_padding) if start_padding is not None else zeros,
        "end_padding": list(end_padding) if end_padding is not None else zeros,
        "output_padding": list(output_padding) if output_padding is not None else zeros,
    }
    out_sizes = convolution_output_sizes(
        direction=direction,
        input_sizes=x.shape,
        filter_sizes=w.shape,
        group_count=group_count,
        **geometry,
    )
    data_type = data_type_of(x.dtype)
    plan = ConvolutionPlan(
        spatial_dims=spatial,
        mode=mode,
        direction=direction,
        group_count=group_count,
        input_sizes=x.shape,
        filter_sizes=w.shape,
        output_sizes=out_sizes,
        data_type=data_type,
        has_bias=b is not None,
        activation_type=activation_type,
        activation_params=activation_params,
        **geometry,
    )
    if out is None:
        out = np.empty(out_sizes, dtype=x.dtype)
    bias_view = None
    if b is not None:
        bias_view = view_array(b.reshape([1, -1] + [1] * spatial) if b.ndim == 1 else b)
    plan.execute(view_array(x), view_array(w), bias_view, view_array(out))
    return out
