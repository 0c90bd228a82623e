"""The lowerings, one module per family; importing this package registers them all."""

from pydml.onnx.ops import (
    elementwise,
    gather_scatter,
    matmul,
    movement,
    normalization,
    pooling,
    quantize,
    reduce,
    resize,
)

__all__ = [
    "elementwise",
    "gather_scatter",
    "matmul",
    "movement",
    "normalization",
    "pooling",
    "quantize",
    "reduce",
    "resize",
]
