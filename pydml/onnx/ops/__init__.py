"""The lowerings, one module per family; importing this package registers them all."""

from pydml.onnx.ops import elementwise, matmul, movement, normalization, pooling, reduce, resize  # noqa: F401
