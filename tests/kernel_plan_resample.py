"""The tests' typed wrapper of the resample kernels' C plan API (``pydml_resample_*`` in include/pydml.h,
native/families/resample.c), below the descs; pydml itself runs them through the operator lifecycle.

A :class:`ResamplePlan` holds the per-axis tap tables of one resampling (sizes, scales, offsets,
interpolation mode, rounding, antialiasing); :meth:`ResamplePlan.forward` and
:meth:`ResamplePlan.backward` run it on strided :class:`~pydml.native.TensorView` s. The gradient
is the exact adjoint of the forward (same tables, computed as a gather).

Per axis d the forward output element o samples the input at
``x = (o - output_pixel_offsets[d]) / scales[d] - input_pixel_offsets[d]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pydml.errors import check_status
from pydml.native import TensorView, ffi, lib, view_array

#: DML_INTERPOLATION_MODE values.
NEAREST_NEIGHBOR: int = int(lib.DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR)
LINEAR: int = int(lib.DML_INTERPOLATION_MODE_LINEAR)
#: pydml_rounding values (NEAREST_NEIGHBOR only).
ROUND_HALF_UP: int = int(lib.PYDML_ROUND_HALF_UP)
ROUND_FLOOR: int = int(lib.PYDML_ROUND_FLOOR)
ROUND_CEIL: int = int(lib.PYDML_ROUND_CEIL)


def _floats(name: str, values: Sequence[float], count: int) -> list[float]:
    if len(values) != count:
        raise ValueError(f"{name} has {len(values)} values, expected {count}")
    return [float(v) for v in values]


class ResamplePlan:
    """The tap tables of one resampling, shared by forward and backward.

    Args:
        input_sizes: sizes of the forward op's input (= the gradient's output).
        output_sizes: sizes of the forward op's output (= the gradient's input).
        scales, input_pixel_offsets, output_pixel_offsets: one value per dimension.
        interpolation_mode: ``NEAREST_NEIGHBOR`` or ``LINEAR`` (DML_INTERPOLATION_MODE).
        rounding: ``ROUND_HALF_UP``, ``ROUND_FLOOR`` or ``ROUND_CEIL`` (nearest only).
        antialiased: LINEAR only; widens the filter on axes with 1/scale > 2.

    Raises:
        NativeError: invalid parameters (``PYDML_STATUS_INVALID_PARAMETER``) or out of memory.
    """

    def __init__(
        self,
        input_sizes: Sequence[int],
        output_sizes: Sequence[int],
        scales: Sequence[float],
        input_pixel_offsets: Sequence[float],
        output_pixel_offsets: Sequence[float],
        interpolation_mode: int,
        rounding: int,
        antialiased: bool = False,
    ) -> None:
        dims = len(input_sizes)
        if not 1 <= dims <= lib.PYDML_MAX_DIMS or len(output_sizes) != dims:
            raise ValueError(
                f"input_sizes and output_sizes need the same 1..{lib.PYDML_MAX_DIMS} "
                f"entries, got {len(input_sizes)} and {len(output_sizes)}"
            )
        params = ffi.new("pydml_resample_params*")
        params.dim_count = dims
        for d, (i, o, s, a, b) in enumerate(
            zip(
                input_sizes,
                output_sizes,
                _floats("scales", scales, dims),
                _floats("input_pixel_offsets", input_pixel_offsets, dims),
                _floats("output_pixel_offsets", output_pixel_offsets, dims),
                strict=True,
            )
        ):
            params.input_sizes[d] = int(i)
            params.output_sizes[d] = int(o)
            params.scales[d] = s
            params.input_pixel_offsets[d] = a
            params.output_pixel_offsets[d] = b
        params.interpolation_mode = int(interpolation_mode)
        params.rounding = int(rounding)
        params.antialiased = 1 if antialiased else 0
        out = ffi.new("pydml_resample_plan**")
        check_status("pydml_resample_plan_create", lib.pydml_resample_plan_create(params, out))
        self._plan: Any = ffi.gc(out[0], lib.pydml_resample_plan_destroy)
        self.input_sizes: tuple[int, ...] = tuple(int(v) for v in input_sizes)
        self.output_sizes: tuple[int, ...] = tuple(int(v) for v in output_sizes)

    def forward(self, input_view: TensorView, output_view: TensorView) -> None:
        """output = resample(input); views have the plan's input / output sizes."""
        check_status(
            "pydml_resample_forward",
            lib.pydml_resample_forward(self._plan, input_view.ptr, output_view.ptr),
        )

    def backward(self, input_gradient_view: TensorView, output_gradient_view: TensorView) -> None:
        """output_gradient = adjoint(input_gradient); sizes are the plan's output / input sizes."""
        check_status(
            "pydml_resample_backward",
            lib.pydml_resample_backward(
                self._plan, input_gradient_view.ptr, output_gradient_view.ptr
            ),
        )

    def forward_array(self, x: np.ndarray[Any, Any], out_dtype: Any = None) -> np.ndarray[Any, Any]:
        """Resample a numpy array (any strides) into a new packed array of the output sizes.

        ``out_dtype`` defaults to ``x.dtype``; the kernels need both to be the same type.
        """
        dtype = np.dtype(x.dtype if out_dtype is None else out_dtype)
        out = np.empty(self.output_sizes, dtype=dtype)
        self.forward(view_array(x), view_array(out))
        return out

    def backward_array(self, g: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """Gradient of an array of the output sizes, as a new packed array of the input sizes."""
        out = np.empty(self.input_sizes, dtype=g.dtype)
        self.backward(view_array(g), view_array(out))
        return out


__all__ = [
    "LINEAR",
    "NEAREST_NEIGHBOR",
    "ROUND_CEIL",
    "ROUND_FLOOR",
    "ROUND_HALF_UP",
    "ResamplePlan",
]
