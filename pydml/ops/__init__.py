"""The operator families: each module holds its operators' tables (transcribed from their pages)
and, for operators pydml executes, the compile step. A module is named after the C file that holds
its operators' kernel (``native/families/<name>.c``) and rules (``native/validate/rules_<name>.c``),
so one name finds an operator's schema, rules, kernel, tests and benchmark; ``tests/test_registry.py``
keeps it so. ``FAMILIES`` lists every module, in the order of ``docs``; ``tests/test_registry.py``
checks no module is missing and no operator is listed twice or not at all.
"""

from __future__ import annotations

from pydml.ops import (
    attention,
    convolution,
    data_movement,
    ew_activation,
    ew_gradient,
    ew_logical,
    ew_math,
    ew_quantize,
    gather_scatter,
    gemm,
    integer_products,
    normalization,
    normalization_training,
    optimizer,
    pooling,
    quantize,
    random,
    recurrent,
    reduce,
    resample,
    roi,
    softmax,
    top_k,
)

FAMILIES = (
    ew_math, ew_logical, ew_quantize, quantize, ew_activation, ew_gradient, softmax, normalization,
    normalization_training, gemm, integer_products, attention, convolution, pooling, roi, reduce,
    top_k, resample, data_movement, gather_scatter, recurrent, optimizer, random,
)

__all__ = ["FAMILIES"]
