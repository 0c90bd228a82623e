"""``onnx.backend.base.Backend`` over pydml: ONNX's own backend tests run through InferenceSession."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pydml.onnx._deps import _module
from pydml.onnx.session import InferenceSession

_base: Any = _module("onnx.backend.base")


class PydmlBackendRep(_base.BackendRep):  # type: ignore[misc]
    """A prepared model: ``run(inputs)`` takes arrays in the model's input order, or a dict."""

    def __init__(self, session: InferenceSession):
        self.session = session

    def run(self, inputs: Any, **kwargs: Any) -> tuple[np.ndarray[Any, Any], ...]:
        names = [i.name for i in self.session.get_inputs()]
        if isinstance(inputs, dict):
            feed = dict(inputs)
        else:
            values = [inputs] if isinstance(inputs, np.ndarray) else list(inputs)
            feed = dict(zip(names, values, strict=False))
        feed = {k: _array(v) for k, v in feed.items()}
        return tuple(self.session.run(None, feed))


def _array(value: Any) -> Any:
    """Arrays as they are; a TensorProto (as some of ONNX's test cases give) as its array."""
    if isinstance(value, _module("onnx").TensorProto):
        return _module("onnx.numpy_helper").to_array(value)
    return value


class PydmlBackend(_base.Backend):  # type: ignore[misc]
    """prepare / run_model / run_node / supports_device for device "CPU" (pydml's only device)."""

    @classmethod
    def prepare(cls, model: Any, device: str = "CPU", **kwargs: Any) -> PydmlBackendRep:
        super().prepare(model, device, **kwargs)
        return PydmlBackendRep(
            InferenceSession(
                model, feature_level=kwargs.get("feature_level"), fallback=kwargs.get("fallback")
            )
        )

    @classmethod
    def run_model(
        cls, model: Any, inputs: Any, device: str = "CPU", **kwargs: Any
    ) -> tuple[np.ndarray[Any, Any], ...]:
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        return device.upper() in ("CPU", "DML")


prepare = PydmlBackend.prepare
run_model = PydmlBackend.run_model
supports_device = PydmlBackend.supports_device

__all__: Sequence[str] = ["PydmlBackend", "PydmlBackendRep", "prepare", "run_model", "supports_device"]
