"""The ``onnx`` package, imported lazily: only pydml.onnx needs it (the ``onnx`` extra)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from pydml.errors import PydmlError


class OnnxMissingError(PydmlError, ImportError):
    """pydml.onnx was used without the onnx package installed."""


def onnx() -> Any:
    """The onnx module, or a one-line error saying how to install it."""
    return _module("onnx")


def _module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError:
        raise OnnxMissingError(
            f"pydml.onnx needs the '{name.split('.')[0]}' package: "
            "pip install 'pydml[onnx]' (or pip install onnx)"
        ) from None


def reference() -> Any:
    """onnx.reference (ReferenceEvaluator), for folding constants and the reference fallback."""
    return _module("onnx.reference")


def numpy_helper() -> Any:
    """onnx.numpy_helper."""
    return _module("onnx.numpy_helper")
