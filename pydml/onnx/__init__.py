"""ONNX models on DirectML's operators: ``InferenceSession`` with onnxruntime's interface.

Needs the ``onnx`` package (``pip install 'pydml[onnx]'``), imported on first use.
"""

from __future__ import annotations

from typing import Any

__all__ = ["InferenceSession", "NodeArg", "OnnxModelError", "UnsupportedNodeError"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from pydml.onnx import _deps

        _deps.onnx()  # the one-line error when onnx is missing
        from pydml.onnx import session

        return getattr(session, name)
    raise AttributeError(f"module 'pydml.onnx' has no attribute {name!r}")
