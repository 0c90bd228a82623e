"""Activation descs that may be fused into a convolution (dml-fused-activations.md).

Each is a plain DirectML operator desc ``{InputTensor, OutputTensor, parameters...}``; when used
as ``FusedActivation`` its ``InputTensor`` and ``OutputTensor`` must be NULL. pydml validates them
(standalone and fused) and executes them fused into DML_CONVOLUTION; standalone execution is not
implemented. The table below drives the dataclasses: one row per operator, its parameters with
DirectMLX's defaults, and how the fused kernel receives them (pydml.h ``pydml_activation``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pydml.enums import FeatureLevel, TensorDataType
from pydml.registry import SupportRow, input_tensor, optional_desc, output_tensor, register
from pydml.tensor import AnyTensorDesc


@dataclass(frozen=True, kw_only=True)
class ScaleBias:
    """DML_SCALE_BIAS: y = x * Scale + Bias."""

    Scale: float = 1.0
    Bias: float = 0.0

    C_NAME = "DML_SCALE_BIAS"


# operator -> ((parameter, default), ...); parameter order is the struct's field order.
ACTIVATIONS: dict[str, tuple[tuple[str, float], ...]] = {
    "ACTIVATION_ELU": (("Alpha", 1.0),),
    "ACTIVATION_HARD_SIGMOID": (("Alpha", 0.2), ("Beta", 0.5)),
    "ACTIVATION_IDENTITY": (),
    "ACTIVATION_LEAKY_RELU": (("Alpha", 0.01),),
    "ACTIVATION_LINEAR": (("Alpha", 1.0), ("Beta", 0.0)),
    "ACTIVATION_PARAMETRIC_SOFTPLUS": (("Alpha", 1.0), ("Beta", 1.0)),
    "ACTIVATION_RELU": (),
    "ACTIVATION_SCALED_ELU": (("Alpha", 1.67326319217681884765625), ("Gamma", 1.05070102214813232421875)),
    "ACTIVATION_SCALED_TANH": (("Alpha", 1.0), ("Beta", 1.0)),
    "ACTIVATION_SIGMOID": (),
    "ACTIVATION_SOFTPLUS": (("Steepness", 1.0),),
    "ACTIVATION_SOFTSIGN": (),
    "ACTIVATION_TANH": (),
    "ACTIVATION_THRESHOLDED_RELU": (("Alpha", 1.0),),
    "ACTIVATION_SHRINK": (("Bias", 0.0), ("Threshold", 0.5)),
    "ACTIVATION_CELU": (("Alpha", 1.0),),
    "ACTIVATION_GELU": (),
}

_SUPPORT = [SupportRow(FeatureLevel.FL1_0, (1, 2, 3, 4, 5, 6, 7, 8),
                       (TensorDataType.FLOAT32, TensorDataType.FLOAT16))]


def _class_name(operator: str) -> str:
    return "".join(part.capitalize() for part in operator.split("_")) + "OperatorDesc"


def _make(operator: str, params: tuple[tuple[str, float], ...]) -> type:
    fields: list[Any] = [
        ("InputTensor", "AnyTensorDesc | None", input_tensor()),
        ("OutputTensor", "AnyTensorDesc | None", output_tensor()),
    ]
    fields += [(name, "float", dataclasses.field(default=default)) for name, default in params]
    cls = dataclasses.make_dataclass(_class_name(operator), fields, frozen=True, kw_only=True)
    cls.__module__ = __name__
    cls.__doc__ = f"DML_{operator}_OPERATOR_DESC."
    return register(operator, support=_SUPPORT, fusable=True,
                    same_data_type=("InputTensor", "OutputTensor"),
                    same_dimension_count=("InputTensor", "OutputTensor"))(cls)


ACTIVATION_CLASSES: dict[str, type] = {op: _make(op, params) for op, params in ACTIVATIONS.items()}


@register("ELEMENT_WISE_CLIP", fusable=True, support=_SUPPORT,
          same_data_type=("InputTensor", "OutputTensor"),
          same_dimension_count=("InputTensor", "OutputTensor"))
@dataclass(frozen=True, kw_only=True)
class ElementWiseClipOperatorDesc:
    """DML_ELEMENT_WISE_CLIP_OPERATOR_DESC: clamp(x * Scale + Bias, Min, Max).

    Fusable into convolution from FL6_0 (dml-fused-activations.md); standalone from FL1_0.
    """

    InputTensor: AnyTensorDesc | None = input_tensor()
    OutputTensor: AnyTensorDesc | None = output_tensor()
    ScaleBias: ScaleBias | None = optional_desc()
    Min: float = float("-inf")
    Max: float = float("inf")


#: Feature level from which an activation may be fused (default FL1_0).
FUSABLE_FROM: dict[str, FeatureLevel] = {"ELEMENT_WISE_CLIP": FeatureLevel.FL6_0}


def kernel_parameters(desc: Any) -> tuple[float, ...]:
    """The ``pydml_activation.params`` of a fused activation desc."""
    if isinstance(desc, ElementWiseClipOperatorDesc):
        sb = desc.ScaleBias or ScaleBias()
        return (float(desc.Min), float(desc.Max), float(sb.Scale), float(sb.Bias))
    return tuple(float(getattr(desc, f.name)) for f in dataclasses.fields(desc)
                 if f.name not in ("InputTensor", "OutputTensor"))


globals().update({f"DML_{op}_OPERATOR_DESC": cls for op, cls in ACTIVATION_CLASSES.items()})
globals().update({cls.__name__: cls for cls in ACTIVATION_CLASSES.values()})
DML_ELEMENT_WISE_CLIP_OPERATOR_DESC = ElementWiseClipOperatorDesc
DML_SCALE_BIAS = ScaleBias
