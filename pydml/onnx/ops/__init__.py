"""The lowerings, one module per family; importing this package registers them all."""

from pydml.onnx.ops import (
    contrib,
    contrib_llm,
    elementwise,
    gather_scatter,
    grid_sample,
    matmul,
    movement,
    normalization,
    pooling,
    quantize,
    recurrent,
    reduce,
    resize,
    spectral,
)

__all__ = [
    "contrib",
    "contrib_llm",
    "elementwise",
    "gather_scatter",
    "grid_sample",
    "matmul",
    "movement",
    "normalization",
    "pooling",
    "quantize",
    "recurrent",
    "reduce",
    "resize",
    "spectral",
]
