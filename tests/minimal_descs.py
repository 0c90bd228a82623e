"""What the table-driven desc builders cannot know: per operator, the attribute values (and the few
tensor shapes) that make a desc built from a support table valid under the operator's own rules
(native/rules_<family>.c). Shared by tests/test_validator_agreement.py (valid_bases, also used by
the bad-input, fuzzing and numeric-contract tests).

A builder passes the desc it built (tensors of the table's data types, all sizes 1) and gets the
fields to replace. One entry per operator whose rules need more than sizes of 1 and zero attributes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydml.descs import ActivationSigmoidOperatorDesc, ActivationTanhOperatorDesc
from pydml.structs import Size2D
from pydml.tensor import buffer_desc


def c_zeros(schema: Any) -> dict[str, Any]:
    """Every required scalar field of ``schema`` at C's zero-initialisation (0, 0.0, FALSE, the zero
    enumerator, a 0x0 DML_SIZE_2D): the starting point of the table-driven builders, which build
    what a zero-initialised C struct holds. Descs have no such defaults (issue 22): a scalar the
    page gives no default for must be given."""
    from pydml.registry import FieldType
    from pydml.structs import Size2D

    zero = {FieldType.UINT: 0, FieldType.INT: 0, FieldType.UINT64: 0, FieldType.FLOAT: 0.0,
            FieldType.BOOL: False, FieldType.SCALAR_UNION: 0, FieldType.SIZE_2D: Size2D(Width=0, Height=0)}
    import dataclasses

    out: dict[str, Any] = {}
    counts = {f.count for f in schema.fields if f.count}
    required = {f.name for f in dataclasses.fields(schema.desc_class) if f.default is dataclasses.MISSING}
    for f in schema.fields:
        if f.name in counts or f.name not in required:  # a page's typical default stands
            continue
        if f.type in zero:
            out[f.name] = zero[f.type]
        elif f.enum is not None:
            out[f.name] = f.enum(0)
    return out


def _rank(desc: Any, field: str = "InputTensor") -> int:
    return len(getattr(desc, field).Desc.Sizes)


def _type(desc: Any, field: str) -> str:
    return getattr(desc, field).Desc.DataType.name


def _resized(tensor: Any, sizes: list[int]) -> Any:
    return buffer_desc(tensor.Desc.DataType.name, sizes)


def _slice(d: Any) -> dict[str, Any]:
    r = _rank(d)
    return {"DimensionCount": r, "Offsets": [0] * r, "Sizes": [1] * r, "Strides": [1] * r}


def _slice1(d: Any) -> dict[str, Any]:
    return _slice1_of(d, "InputTensor")


def _slice1_of(d: Any, field: str) -> dict[str, Any]:
    r = _rank(d, field)
    return {"DimensionCount": r, "InputWindowOffsets": [0] * r, "InputWindowSizes": [1] * r,
            "InputWindowStrides": [1] * r}


def _nd(d: Any) -> dict[str, Any]:
    # the tensors' real ranks are 1 (padded with leading 1s): one index of one coordinate
    return {"InputDimensionCount": 1, "IndicesDimensionCount": 1}


def _join(d: Any) -> dict[str, Any]:
    out = d.OutputTensor.Desc
    return {"Axis": 0, "OutputTensor": _resized(d.OutputTensor, [len(d.InputTensors), *out.Sizes[1:]])}


def _split(d: Any) -> dict[str, Any]:
    src = d.InputTensor.Desc
    return {"Axis": 0, "InputTensor": _resized(d.InputTensor, [len(d.OutputTensors), *src.Sizes[1:]])}


def _conv_integer(d: Any) -> dict[str, Any]:
    s = _rank(d) - 2
    return {"DimensionCount": s, "Strides": [1] * s, "Dilations": [1] * s, "StartPadding": [0] * s,
            "EndPadding": [0] * s, "GroupCount": 1}


def _same_value_type(field: str) -> Callable[[Any], dict[str, Any]]:
    return _same_value_type_of(field, "OutputTensor")


def _same_value_type_of(field: str, output: str) -> Callable[[Any], dict[str, Any]]:
    return lambda d: {field: _type(d, output)}


def _padding1(d: Any) -> dict[str, Any]:
    r = _rank(d)
    return {"PaddingValueDataType": _type(d, "OutputTensor"), "DimensionCount": r, "StartPadding": [0] * r,
            "EndPadding": [0] * r}


def _one_hot(d: Any) -> dict[str, Any]:
    values = d.ValuesTensor.Desc
    return {"Axis": _rank(d, "OutputTensor") - 1,
            "ValuesTensor": _resized(d.ValuesTensor, [*values.Sizes[:-1], 2])}


def _quantize(d: Any) -> dict[str, Any]:
    return {"QuantizationType": "DML_QUANTIZATION_TYPE_SCALE",
            "QuantizationTensors": d.QuantizationTensors[:1]}


def _random(d: Any) -> dict[str, Any]:
    state = d.InputStateTensor.Desc
    six = [*([1] * (len(state.Sizes) - 1)), 6]
    return {"InputStateTensor": _resized(d.InputStateTensor, six),
            **({"OutputStateTensor": _resized(d.OutputStateTensor, six)} if d.OutputStateTensor else {})}


def _roi_pooling(d: Any) -> dict[str, Any]:
    return {"ROITensor": _resized(d.ROITensor, [1, 1, 1, 5]), "PooledSize": Size2D(Width=1, Height=1),
            "SpatialScale": 1.0}


def _fold_unfold(d: Any, image: str, columns: str) -> dict[str, Any]:
    """A 1x1 image with two spatial axes and a 1x1 window: one block of one element."""
    dtype = _type(d, image)
    return {image: buffer_desc(dtype, [1, 1, 1, 1]), columns: buffer_desc(dtype, [1, 1, 1]),
            "DimensionCount": 2, "WindowSizes": [1, 1], "Strides": [1, 1], "Dilations": [1, 1],
            "StartPadding": [0, 0], "EndPadding": [0, 0]}


def _roi_align(d: Any) -> dict[str, Any]:
    rank = len(d.ROITensor.Desc.Sizes)
    return {"ROITensor": _resized(d.ROITensor, [*([1] * (rank - 1)), 4]),
            "ReductionFunction": "DML_REDUCE_FUNCTION_AVERAGE"}


def _roi_align_grad(d: Any) -> dict[str, Any]:
    rank = len(d.ROITensor.Desc.Sizes)
    four = [*([1] * (rank - 1)), 4]
    out = {"ROITensor": _resized(d.ROITensor, four), "ReductionFunction": "DML_REDUCE_FUNCTION_AVERAGE"}
    if d.OutputROIGradientTensor is not None:
        out["OutputROIGradientTensor"] = _resized(d.OutputROIGradientTensor, four)
    return out


def _tile(d: Any) -> dict[str, Any]:
    return {"RepeatsCount": _rank(d), "Repeats": [1] * _rank(d)}


def _top_k(d: Any) -> dict[str, Any]:
    return {"Axis": _rank(d) - 1, "K": 1}


def _reduction(d: Any, output_type: str | None) -> dict[str, Any]:
    source = d.InputTensor.Desc  # the reduced (last) axis has size 1 in the output
    out = buffer_desc(output_type or source.DataType.name, [*source.Sizes[:-1], 1])
    return {"OutputTensor": out, **({"Function": "DML_REDUCE_FUNCTION_SUM"} if output_type is None else {})}


def _recurrent(gates: int, activations: int) -> Callable[[Any], dict[str, Any]]:
    """hidden_size 1, one direction: G gate rows (rules_recurrent.c), the per-direction count of
    activations (sigmoid for f, tanh for the others)."""
    def fill(d: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"WeightTensor": _resized(d.WeightTensor, [1, 1, gates, 1]),
                               "RecurrenceTensor": _resized(d.RecurrenceTensor, [1, 1, gates, 1])}
        if d.BiasTensor is not None:
            out["BiasTensor"] = _resized(d.BiasTensor, [1, 1, 1, 2 * gates])
        if getattr(d, "PeepholeTensor", None) is not None:
            out["PeepholeTensor"] = _resized(d.PeepholeTensor, [1, 1, 1, 3])
        acts: list[Any] = [ActivationSigmoidOperatorDesc()]
        acts += [ActivationTanhOperatorDesc()] * (activations - 1)
        out.update(ActivationDescCount=activations, ActivationDescs=acts)
        return out
    return fill


def _attention(d: Any) -> dict[str, Any]:
    """Separate query, key and value of one head (rules_attention.c: one layout, head counts >= 1);
    every other optional tensor absent."""
    absent = ("StackedQueryKeyTensor", "StackedKeyValueTensor", "StackedQueryKeyValueTensor", "BiasTensor",
              "MaskTensor", "RelativePositionBiasTensor", "PastKeyTensor", "PastValueTensor",
              "PastSequenceLengthsTensor", "OutputPresentKeyTensor", "OutputPresentValueTensor")
    out: dict[str, Any] = {name: None for name in absent if hasattr(d, name)}
    out["Scale"] = 1.0
    if hasattr(d, "HeadCount"):
        out["HeadCount"] = 1
    else:
        out.update(QueryHeadCount=1, KeyValueHeadCount=1)
    return out


COMPLETIONS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "MULTIHEAD_ATTENTION": _attention,
    "MULTIHEAD_ATTENTION1": _attention,
    "LOCAL_RESPONSE_NORMALIZATION_GRAD": lambda d: {"LocalSize": 1, "Beta": 0.75, "Bias": 1.0},
    "RNN": _recurrent(1, 1),
    "LSTM": _recurrent(4, 3),
    "GRU": _recurrent(3, 2),
    # C's zero is invalid for these (descs have no defaults for them since issue 22)
    "CONVOLUTION": lambda d: {"GroupCount": 1},
    "UPSAMPLE_2D": lambda d: {"ScaleSize": Size2D(Width=1, Height=1)},
    "LP_POOLING": lambda d: {"P": 2},  # the page: P >= 1
    "LP_POOLING1": lambda d: {"P": 2},
    "REDUCE": lambda d: _reduction(d, None),
    "ARGMIN": lambda d: _reduction(d, "UINT32"),
    "ARGMAX": lambda d: _reduction(d, "UINT32"),
    "SLICE": _slice,
    "SLICE1": _slice1,
    "SLICE_GRAD": lambda d: _slice1_of(d, "OutputGradientTensor"),
    "GATHER_ND": _nd,
    "GATHER_ND1": _nd,
    "SCATTER_ND": _nd,
    "JOIN": _join,
    "SPLIT": _split,
    "DEPTH_TO_SPACE": lambda d: {"BlockSize": 1},
    "DEPTH_TO_SPACE1": lambda d: {"BlockSize": 1},
    "SPACE_TO_DEPTH": lambda d: {"BlockSize": 1},
    "SPACE_TO_DEPTH1": lambda d: {"BlockSize": 1},
    "FILL_VALUE_CONSTANT": _same_value_type("ValueDataType"),
    "DIAGONAL_MATRIX1": _same_value_type("ValueDataType"),
    "PADDING1": _padding1,
    "ONE_HOT": _one_hot,
    "QUANTIZE": _quantize,
    "DEQUANTIZE": _quantize,
    "RANDOM_GENERATOR": _random,
    "ROI_POOLING": _roi_pooling,
    "ROI_ALIGN": _roi_align,
    "ROI_ALIGN1": _roi_align,
    "ROI_ALIGN_GRAD": _roi_align_grad,
    "ELEMENT_WISE_CLIP_GRAD1": _same_value_type_of("MinMaxDataType", "OutputGradientTensor"),
    "TILE": _tile,
    "FOLD": lambda d: _fold_unfold(d, "OutputTensor", "InputTensor"),
    "UNFOLD": lambda d: _fold_unfold(d, "InputTensor", "OutputTensor"),
    "TOP_K": _top_k,
    "TOP_K1": _top_k,
    "VALUE_SCALE_2D": lambda d: {"ChannelCount": 1, "Bias": [0.0]},
    "LOCAL_RESPONSE_NORMALIZATION": lambda d: {"LocalSize": 1, "Beta": 0.75, "Bias": 1.0},
    "LP_NORMALIZATION": lambda d: {"P": 2, "Axis": _rank(d) - 1, "Epsilon": 1e-5},
    "CONVOLUTION_INTEGER": _conv_integer,
    "QUANTIZED_LINEAR_CONVOLUTION": _conv_integer,
}


def completion(operator: str, desc: Any) -> dict[str, Any]:
    """The fields to replace in a table-built desc of `operator` (empty when none)."""
    fill = COMPLETIONS.get(operator)
    return fill(desc) if fill is not None else {}
