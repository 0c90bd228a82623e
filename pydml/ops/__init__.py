"""The operator families: each module holds its operators' tables (transcribed from their pages)
and, for operators pydml executes, the compile step. ``FAMILIES`` lists every one, in the order
of ``docs``; ``tests/test_registry.py`` checks no module is missing and no operator is listed
twice or not at all.
"""

from __future__ import annotations

from pydml.ops import (
    activation,
    attention,
    convolution,
    data_movement,
    element_wise_bitwise,
    element_wise_clip,
    element_wise_logical,
    element_wise_math,
    gather_scatter,
    gemm,
    integer_products,
    normalization,
    normalization_training,
    optimizer,
    pooling,
    quantization,
    random,
    recurrent,
    reduce,
    resample,
    roi,
    softmax,
    top_k,
)

FAMILIES = (
    element_wise_math, element_wise_logical, element_wise_bitwise, element_wise_clip,
    quantization, activation, softmax, normalization, normalization_training, gemm,
    integer_products, attention, convolution, pooling, roi, reduce, top_k, resample,
    data_movement, gather_scatter, recurrent, optimizer, random,
)

__all__ = ["FAMILIES"]
