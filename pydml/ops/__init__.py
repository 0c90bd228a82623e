"""The operator families: each module holds its operators' tables (transcribed from their pages)
and, for operators pydml executes, the compile step. ``FAMILIES`` lists every one, in the order
of ``docs``; ``tests/test_registry.py`` checks no module is missing and no operator is listed
twice or not at all.
"""

from __future__ import annotations

from pydml.ops import (
    activation,
    convolution,
    data_movement,
    element_wise_bitwise,
    element_wise_clip,
    element_wise_logical,
    element_wise_math,
    gather_scatter,
    matrix,
    normalization,
    pooling,
    quantization,
    random,
    recurrent,
    reduction,
    resample,
    roi,
    training,
)

FAMILIES = (
    element_wise_math, element_wise_logical, element_wise_bitwise, element_wise_clip,
    quantization, activation, normalization, matrix, convolution, pooling, roi, reduction,
    resample, data_movement, gather_scatter, recurrent, training, random,
)

__all__ = ["FAMILIES"]
