"""DxDispatch's ``"type": "onnx"`` dispatchables, run by pydml.onnx.InferenceSession.

DxDispatch (microsoft/DirectML DxDispatch/src/dxdispatch/OnnxDispatchable.cpp) runs an ONNX model
through ONNX Runtime's DirectML provider; here the same model is lowered onto DirectML operator
descs by ``pydml.onnx`` (one DML_GRAPH_DESC per input-shape signature). What the JSON says, as
DxDispatch reads it (model/JsonParsers.cpp ParseModelOnnxDispatchableDesc, ParseBufferBindingSource):

- ``sourcePath``: the .onnx file, relative to the model's folder when it exists there (else to the
  current directory, DxDispatch's ResolveInputFilePath).
- ``freeDimensionNameOverrides`` / ``freeDimensionDenotationOverrides``: ``{name: size}`` fixes
  the input dimensions with that dim_param (or denotation), as ORT's AddFreeDimensionOverride*.
  ``sessionOptionsConfigEntries``, ``graphOptimizationLevel`` and ``loggingLevel`` are accepted
  and change nothing (ORT session options: pydml builds its own graph).
- A dispatch's bindings are by the model's input and output names. ``{"name": resource,
  "shape": [...]}`` gives the tensor's shape for that dispatch: an input's bytes are read from
  the resource in that shape; free input dimensions not given are 1 (OnnxDispatchable.cpp fixes
  them so). An output bound to a resource is written into it; an output bound to a ``"deferred"``
  resource (``"initialValues": "deferred"``) makes that resource the output itself: its data
  type, size and values are the output's after the dispatch (DeferredBinding), so ``print``
  shows them. Inputs and outputs not bound are allocated (OnnxDispatchable's "implicit"
  resources) and outputs not bound are discarded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pydml.errors import PydmlError, ValidationError
from pydml.frontends.dxdispatch import DISPATCHABLE_KINDS, Binding, ModelError, _got, _unknown_keys

ONNX_KEYS = ("type", "Type", "sourcePath", "freeDimensionNameOverrides", "freeDimensionDenotationOverrides",
             "sessionOptionsConfigEntries", "graphOptimizationLevel", "loggingLevel", "bindings", "$schema")


class BindPoint(str):
    """A bind point (an ONNX input or output name) carrying its dispatch's binding: the resource,
    the byte offset, the shape the JSON gave (None: the declared one) and whether the resource
    is deferred. The runner keys its memory by this string, so execute sees what it was bound with."""

    resource: str
    byte_offset: int
    shape: tuple[int, ...] | None
    deferred: bool

    @classmethod
    def make(cls, name: str, resource: str, byte_offset: int, shape: tuple[int, ...] | None,
             deferred: bool) -> BindPoint:
        point = cls(name)
        point.resource, point.byte_offset = resource, byte_offset
        point.shape, point.deferred = shape, deferred
        return point


@dataclass
class OnnxDispatchable:
    """``{"type": "onnx", "sourcePath": ...}``: its model's inputs and outputs are its bind points."""

    name: str
    path: Path
    model: Any  # onnx.ModelProto
    inputs: dict[str, tuple[list[int | str | None], int]]  # name -> (declared dims, ONNX type)
    outputs: dict[str, tuple[list[int | str | None], int]]
    overrides: dict[str, int] = field(default_factory=dict)
    denotations: dict[str, int] = field(default_factory=dict)
    init_bindings: dict[str, Any] = field(default_factory=dict)
    #: the model's resources, given by resolve_bindings: a deferred one becomes the output's
    resources: dict[str, Any] = field(default_factory=dict)

    @property
    def c_name(self) -> str:
        return "onnx"

    def role(self, point: str) -> str:
        return "output" if str(point) in self.outputs else "input"

    def resolve_bindings(self, raw: dict[str, Any], where: str, resources: dict[str, Any]) -> dict[str, Any]:
        """Bind points (the model's input and output names) -> resources, with each one's shape."""

        self.resources = resources
        points = [*self.inputs, *self.outputs]
        out: dict[str, Binding] = {}
        for point, value in raw.items():
            w = f"{where}.{point}"
            if point not in points:
                raise ModelError(w, f"'{point}' is not an input or output of the ONNX model "
                                 f"{self.path.name} (bind points: {', '.join(points)})")
            items = value if isinstance(value, list) else [value]
            if len(items) != 1:
                raise ModelError(w, f"Bind point '{point}' requires 1 resources, but {len(items)} were "
                                 "bound.")
            item = items[0]
            shape: tuple[int, ...] | None = None
            offset = 0
            if isinstance(item, str):
                resource = item
            elif isinstance(item, dict):
                unknown = sorted(set(item) - {"name", "shape", "elementOffset", "elementSizeInBytes",
                                              "elementCount", "format"})
                if unknown:
                    raise ModelError(w, f"unknown member(s) {', '.join(unknown)} of an ONNX binding "
                                     "(name, shape, elementOffset, elementSizeInBytes, elementCount)")
                resource = item.get("name")  # type: ignore[assignment]
                if not isinstance(resource, str):
                    raise ModelError(f"{w}.name", f"is required (a resource name), got {_got(resource)}")
                if "shape" in item:
                    dims = item["shape"]
                    if not isinstance(dims, list) or not all(
                            isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in dims):
                        raise ModelError(f"{w}.shape", f"must be an array of sizes (integers >= 0), got "
                                         f"{_got(dims)}")
                    shape = tuple(dims)
                element_offset = item.get("elementOffset", 0)
                if not isinstance(element_offset, int) or isinstance(element_offset, bool) \
                        or element_offset < 0:
                    raise ModelError(f"{w}.elementOffset",
                                     f"must be an integer >= 0, got {_got(element_offset)}")
                offset = element_offset
            else:
                raise ModelError(w, f"must be a resource name or a binding object, got {_got(item)}")
            if resource not in resources:
                raise ModelError(w, f"resource '{resource}' does not exist in the model")
            res = resources[resource]
            deferred = bool(getattr(res, "deferred", False))
            if deferred and point in self.inputs:
                raise ModelError(w, f"resource '{resource}' is deferred: it takes an output's value, "
                                 "it cannot feed an input")
            if offset:
                offset *= res.element_size
            dims_given = shape is not None
            declared = (self.inputs if point in self.inputs else self.outputs)[point][0]
            if dims_given and declared and len(declared) != len(shape or ()):
                raise ModelError(f"{w}.shape", f"{point} has {len(declared)} dimensions in the model, the "
                                 f"binding gives {len(shape or ())}")
            out[BindPoint.make(point, resource, offset, shape, deferred)] = Binding(resource, offset, w)
        return out

    def compile(self, device: Any) -> CompiledOnnxDispatchable:
        return CompiledOnnxDispatchable(device, self)

    def check(self, level: Any) -> None:
        """``pydml validate``: every node has a lowering (shapes are per dispatch: lowered then)."""
        from pydml.onnx.session import InferenceSession

        session = InferenceSession(self.model, feature_level=level)
        refused = [r for r in session.explain() if r.status not in ("dml", "folded")]
        if refused:
            r = refused[0]
            raise ValidationError(self.path.name, f'node "{r.node}" ({r.op_type}, opset {r.opset})', r.reason,
                                  show_value=False)

    def explain_lines(self, name: str) -> list[str]:
        from pydml.onnx.session import InferenceSession

        rows = InferenceSession(self.model).explain()
        lines = [f"{name}: onnx {self.path}: {len(rows)} nodes; bind points: inputs "
                 f"{', '.join(self.inputs) or 'none'}; outputs {', '.join(self.outputs) or 'none'}",
                 "lowered by pydml.onnx (free dimensions as 1):"]
        for r in rows:
            what = ", ".join(r.operators) if r.status == "dml" else \
                "folded to a constant at load" if r.status == "folded" else f"not lowered: {r.reason}"
            lines.append(f"  {r.node} ({r.op_type}, opset {r.opset}) -> {what or '(strides: no operator)'}")
        return lines


class CompiledOnnxDispatchable:
    """An InferenceSession over the dispatchable's model; ``execute`` binds by bind point."""

    def __init__(self, device: Any, d: OnnxDispatchable):
        from pydml.onnx.session import InferenceSession

        self.d = d
        self.session = InferenceSession(d.model, feature_level=device.feature_level)

    def initialize(self, inputs: dict[str, Any]) -> None:
        """Nothing to bind: the model's initializers are bound when each plan is built."""

    def _shape(self, name: str, declared: list[int | str | None], point: Any) -> tuple[int, ...]:
        given = getattr(point, "shape", None)
        if given is not None:
            return tuple(given)
        dims = []
        for d in declared:
            if isinstance(d, int):
                dims.append(d)
            elif isinstance(d, str) and d in self.d.overrides:
                dims.append(self.d.overrides[d])
            else:
                dims.append(1)  # OnnxDispatchable.cpp: free input dimensions are fixed to 1
        return tuple(dims)

    def execute(self, inputs: dict[str, Any], outputs: dict[str, Any] | None = None) -> list[Any]:
        from pydml.onnx.lowering import ONNX_TO_NUMPY, ONNX_TYPE_NAMES

        bound: dict[str, Any] = {str(k): k for k in inputs}
        feed: dict[str, np.ndarray[Any, Any]] = {}
        for name, (declared, elem) in self.d.inputs.items():
            dtype = ONNX_TO_NUMPY.get(elem)
            if dtype is None:
                raise PydmlError(f"input {name!r} has type {ONNX_TYPE_NAMES.get(elem, elem)}, which "
                                 "DirectML lacks")
            key = bound.get(name)
            shape = self._shape(name, declared, key)
            count = int(np.prod(shape))
            if key is None:  # an implicit resource: zeros of the declared shape
                feed[name] = np.zeros(shape, dtype=dtype)
                continue
            raw = np.frombuffer(memoryview(inputs[key]).cast("B"), dtype=np.uint8)
            need = count * dtype.itemsize
            if raw.nbytes < need:
                raise PydmlError(f"input {name!r}: resource '{getattr(key, 'resource', '?')}' has "
                                 f"{raw.nbytes} bytes from its offset, shape {list(shape)} needs {need}")
            feed[name] = raw[:need].view(dtype).reshape(shape).copy()
        results = self.session.run(list(self.d.outputs), feed)
        given: dict[str, Any] = {str(k): k for k in (outputs or {})}
        for (name, _), value in zip(self.d.outputs.items(), results, strict=True):
            key = given.get(name)
            if key is None:
                continue
            data = np.ascontiguousarray(value)
            if getattr(key, "deferred", False):
                self._fill_deferred(key.resource, data)
                continue
            want = getattr(key, "shape", None)
            if want is not None and tuple(want) != tuple(data.shape):
                raise PydmlError(f"output {name!r}: the binding's shape {list(want)} is not the output's "
                                 f"{list(data.shape)}")
            assert outputs is not None
            target = np.frombuffer(memoryview(outputs[key]).cast("B"), dtype=np.uint8)
            raw = data.reshape(-1).view(np.uint8)
            if target.nbytes < raw.nbytes:
                raise PydmlError(f"output {name!r}: resource '{getattr(key, 'resource', '?')}' has "
                                 f"{target.nbytes} bytes from its offset, the output {list(data.shape)} "
                                 f"needs {raw.nbytes}")
            target[: raw.nbytes] = raw
        return list(results)

    def _fill_deferred(self, name: str, data: np.ndarray[Any, Any]) -> None:
        """A deferred resource becomes the output: its type, its bytes (padded to 4) and extent."""
        from pydml.native import DATA_TYPE_CODES

        res = self.d.resources[name]
        code = DATA_TYPE_CODES.get(data.dtype if data.dtype != np.bool_ else np.dtype(np.uint8))
        if code is not None:
            from pydml.enums import TensorDataType

            res.data_type = TensorDataType(code)
        raw = data.reshape(-1).view(np.uint8)
        padded = np.zeros((raw.nbytes + 3) // 4 * 4, dtype=np.uint8)
        padded[: raw.nbytes] = raw
        res.data = padded
        res.initial_bytes = raw.nbytes


def parse_dispatchable(name: str, obj: dict[str, Any], base: Path | None) -> OnnxDispatchable:
    """An onnx dispatchable: the model read (by the onnx package) and its inputs and outputs."""
    from pydml.onnx.session import OnnxModelError, _dims, load_model

    _unknown_keys(obj, ONNX_KEYS, name, "an onnx dispatchable")
    source = obj.get("sourcePath")
    if not isinstance(source, str) or not source:
        raise ModelError(f"{name}: sourcePath", "is required (the .onnx file), got " + _got(source))
    path = Path(source)
    if base is not None and not path.is_absolute() and (base / path).exists():
        path = base / path
    overrides: dict[str, dict[str, int]] = {}
    for key in ("freeDimensionNameOverrides", "freeDimensionDenotationOverrides"):
        value = obj.get(key, {})
        if not isinstance(value, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**32 for v in value.values()):
            raise ModelError(f"{name}: {key}", f"must be an object of sizes (UINT32), got {_got(value)}")
        overrides[key] = dict(value)
    try:
        model = load_model(str(path))
    except OnnxModelError as e:
        raise ModelError(f"{name}: sourcePath", str(e)) from None
    except ModuleNotFoundError as e:
        raise ModelError(f"{name}: type", f"onnx dispatchables need the onnx package ({e.name} is missing)",
                         unsupported=True) from None
    initializers = {t.name for t in model.graph.initializer}
    denotations = overrides["freeDimensionDenotationOverrides"]
    names = dict(overrides["freeDimensionNameOverrides"])

    def dims(vi: Any) -> list[int | str | None]:
        out = _dims(vi)
        for i, d in enumerate(vi.type.tensor_type.shape.dim):
            if not d.HasField("dim_value") and d.denotation in denotations:
                out[i] = denotations[d.denotation]
        return [names.get(d, d) if isinstance(d, str) else d for d in out]

    inputs = {vi.name: (dims(vi), int(vi.type.tensor_type.elem_type)) for vi in model.graph.input
              if vi.name not in initializers}
    outputs = {vi.name: (dims(vi), int(vi.type.tensor_type.elem_type)) for vi in model.graph.output}
    return OnnxDispatchable(name, path, model, inputs, outputs, names, denotations,
                            dict(obj.get("bindings") or {}))


DISPATCHABLE_KINDS["onnx"] = parse_dispatchable
