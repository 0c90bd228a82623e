"""oneDNN Graph front end: Interpolate, Convolution, ConvTranspose and their backward-data ops.

Each function takes numpy arrays (float32, float16 or ``ml_dtypes.bfloat16``; all of one type, as
oneDNN's type constraints require) and keyword attributes spelled as in oneDNN Graph, applies
oneDNN's defaults and validation, infers the output shape, and lowers the op onto DirectML descs
(DML_RESAMPLE2, DML_RESAMPLE_GRAD1, DML_CONVOLUTION) run by the public :class:`pydml.Device`
(``create_operator`` + ``execute``): the descs are validated like any user's. Data layouts
(NXC/NCX, XIO/OIX, XOI/IOX) are tensor-desc Strides over the caller's memory: no tensor is
permuted or copied. bfloat16, which DirectML descs cannot express, runs as FLOAT32: inputs are
widened exactly, the FLOAT32 desc accumulates in float32, and each output is rounded once to
bfloat16 (round to nearest even) — oneDNN's own bf16 semantics (f32 accumulation, one rounding
on the final store), so results equal oneDNN's up to the order of the f32 sums. The resample
coordinate conventions are :func:`pydml.frontends.resample_modes.onednn_interpolate`'s.

    >>> import numpy as np, pydml.frontends.onednn as dnn
    >>> g = np.arange(24, dtype=np.float32).reshape(1, 1, 4, 6) + 1
    >>> dnn.interpolate_backward(np.zeros((1, 1, 2, 2), np.float32), g, mode="nearest",
    ...                          sizes=[4, 6], data_format="NCX").ravel().tolist()
    [30.0, 48.0, 102.0, 120.0]

Semantics follow oneDNN's *code* where its documentation disagrees (shared/reference/
onednn-graph-ops.md §10): upper-case ``auto_pad`` literals, ``SAME_UPPER`` puts the extra pad at
the end, ConvTranspose weights are ``[IC, OC/G, K]`` (IOX) / XOI, nearest rounds half up
(``floor((2o+1)·I/(2O))``), InterpolateBackward's factor is ``diff_dst/src`` whatever
``sizes``/``scales`` say. Extensions beyond oneDNN (each documented at its function):
``align_corners`` is executed (oneDNN has no kernel for it), ConvTransposeBackwardData accepts
``output_padding``, ConvolutionBackwardData accepts its ``dst_shape`` input tensor and infers
``diff_src`` from ``output_padding`` when no ``dst_shape`` is given, and channel, group and
shape-consistency checks that oneDNN leaves to primitive creation are made up front.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

from pydml.descs import (
    DML_CONVOLUTION_OPERATOR_DESC,
    DML_RESAMPLE2_OPERATOR_DESC,
    DML_RESAMPLE_GRAD1_OPERATOR_DESC,
)
from pydml.device import CompiledOperator, Device
from pydml.enums import ConvolutionDirection, ConvolutionMode, TensorDataType
from pydml.errors import PydmlError, UnsupportedError, ValidationError, compose
from pydml.frontends.resample_modes import onednn_interpolate
from pydml.registry import schema_of
from pydml.tensor import buffer_desc

__all__ = [
    "OPS",
    "SCHEMAS",
    "InvalidArguments",
    "InvalidGraphOp",
    "InvalidShape",
    "OnednnError",
    "Unimplemented",
    "backend_name",
    "conv_transpose",
    "conv_transpose_backward_data",
    "convolution",
    "convolution_backward_data",
    "interpolate",
    "interpolate_backward",
]


# ---- errors ------------------------------------------------------------------------------------


class OnednnError(PydmlError):
    """A oneDNN Graph status other than success. ``.status`` is oneDNN's ``dnnl_status_t`` value.

    Messages follow pydml's grammar ``Op.attribute: rule, got value``; ``.op``, ``.attribute``,
    ``.value`` and ``.rule`` carry the parts.
    """

    status: int = -1
    status_name: str = ""

    def __init__(
        self, op: str, attribute: str, rule: str, value: Any = None, *, show_value: bool = True
    ):
        self.op = op
        self.attribute = attribute
        self.rule = rule
        self.value = value
        super().__init__(f"{compose(op, attribute, rule, value, show_value)} [{self.status_name}]")


class InvalidArguments(OnednnError, ValueError):
    """dnnl_invalid_arguments (2): the primitive rejects the configuration."""

    status = 2
    status_name = "invalid_arguments"


class Unimplemented(OnednnError, NotImplementedError):
    """dnnl_unimplemented (3)."""

    status = 3
    status_name = "unimplemented"


class InvalidGraphOp(OnednnError, ValueError):
    """dnnl_invalid_graph_op (8): the op fails schema verification (``add_op``)."""

    status = 8
    status_name = "invalid_graph_op"


class InvalidShape(OnednnError, ValueError):
    """dnnl_invalid_shape (9): shape inference fails."""

    status = 9
    status_name = "invalid_shape"


# ---- schemas ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attr:
    """One schema attribute: oneDNN type string, required flag, default, string candidates."""

    type: str  # "s64", "s64[]", "f32[]", "string"
    required: bool = False
    default: Any = None  # None: no default (the attribute may be absent)
    candidates: tuple[str, ...] = ()


_AUTO_PAD = ("None", "SAME_UPPER", "SAME_LOWER", "VALID")
_ZEROS12 = (0,) * 12


def _conv_attrs(weights: tuple[str, ...]) -> dict[str, Attr]:
    return {
        "strides": Attr("s64[]", required=True),
        "pads_begin": Attr("s64[]", required=True),
        "pads_end": Attr("s64[]", required=True),
        "dilations": Attr("s64[]", required=True),
        "auto_pad": Attr("string", default="None", candidates=_AUTO_PAD),
        "groups": Attr("s64", default=1),
        "data_format": Attr("string", default="NXC", candidates=("NXC", "NCX")),
        "weights_format": Attr("string", default=weights[0], candidates=weights),
    }


_INTERP_ATTRS = {
    "mode": Attr(
        "string", required=True, candidates=("nearest", "linear", "bilinear", "trilinear")
    ),
    "coordinate_transformation_mode": Attr(
        "string", default="half_pixel", candidates=("half_pixel", "align_corners")
    ),
    "sizes": Attr("s64[]"),
    "scales": Attr("f32[]"),
    "data_format": Attr("string", default="NXC", candidates=("NXC", "NCX")),
}

#: op kind -> attribute schema (defaults are materialised before verification, as oneDNN does).
SCHEMAS: dict[str, dict[str, Attr]] = {
    "Interpolate": dict(_INTERP_ATTRS),
    "InterpolateBackward": dict(_INTERP_ATTRS),
    "Convolution": _conv_attrs(("XIO", "OIX")),
    "ConvolutionBackwardData": {
        **_conv_attrs(("XIO", "OIX")),
        "output_padding": Attr("s64[]", default=_ZEROS12),
        "dst_shape": Attr("s64[]", default=_ZEROS12),
    },
    "ConvTranspose": {
        **_conv_attrs(("XOI", "IOX")),
        "output_padding": Attr("s64[]", default=_ZEROS12),
    },
    # output_padding: a pydml extension (oneDNN's schema rejects it on this op).
    "ConvTransposeBackwardData": {
        **_conv_attrs(("XOI", "IOX")),
        "output_padding": Attr("s64[]", default=_ZEROS12),
    },
}

_DTYPES = {
    np.dtype(np.float32): "f32",
    np.dtype(ml_dtypes.bfloat16): "bf16",
    np.dtype(np.float16): "f16",
}


def _is_int(v: Any) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _check_attrs(op: str, attrs: Mapping[str, Any]) -> dict[str, Any]:
    """Schema verification (invalid_graph_op): unknown, missing, mistyped, bad-string attrs."""
    schema = SCHEMAS[op]
    out: dict[str, Any] = {}
    for name, value in attrs.items():
        if name not in schema:
            raise InvalidGraphOp(
                op,
                name,
                f"is not an attribute of {op} (allowed: {', '.join(sorted(schema))})",
                value,
                show_value=False,
            )
        a = schema[name]
        if a.type == "s64":
            if not _is_int(value):
                raise InvalidGraphOp(op, name, "must be an s64 integer", value)
            value = int(value)
        elif a.type == "s64[]":
            if (
                isinstance(value, (str, bytes))
                or not isinstance(value, (Sequence, np.ndarray))
                or not all(_is_int(v) for v in value)
            ):
                raise InvalidGraphOp(op, name, "must be a list of s64 integers", value)
            value = tuple(int(v) for v in value)
        elif a.type == "f32[]":
            if (
                isinstance(value, (str, bytes))
                or not isinstance(value, (Sequence, np.ndarray))
                or not all(
                    isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)
                    for v in value
                )
            ):
                raise InvalidGraphOp(op, name, "must be a list of f32 numbers", value)
            value = tuple(float(np.float32(v)) for v in value)
        else:
            if not isinstance(value, str):
                raise InvalidGraphOp(op, name, "must be a string", value)
            if a.candidates and value not in a.candidates:
                raise InvalidGraphOp(
                    op,
                    name,
                    "must be one of " + ", ".join(a.candidates) + " (case-sensitive)",
                    value,
                )
        out[name] = value
    for name, a in schema.items():
        if name in out:
            continue
        if a.required:
            raise InvalidGraphOp(op, name, "is required", show_value=False)
        if a.default is not None:
            out[name] = a.default
    for name in ("pads_begin", "pads_end"):
        if name in out and any(p < 0 for p in out[name]):
            raise InvalidGraphOp(op, name, "must not be negative", list(out[name]))
    return out


def _check_data(op: str, named: Sequence[tuple[str, Any]]) -> list[np.ndarray]:
    """Inputs share one type variable T ∈ {f32, bf16, f16}; the first tensor fixes it."""
    arrays = []
    first: np.dtype[Any] | None = None
    for name, x in named:
        a = x if isinstance(x, np.ndarray) else np.asarray(x)
        if a.dtype not in _DTYPES:
            raise InvalidGraphOp(op, name, "data type must be f32, bf16 or f16", str(a.dtype))
        if first is None:
            first = a.dtype
        elif a.dtype != first:
            raise InvalidGraphOp(
                op,
                name,
                f"data type must equal {named[0][0]}'s ({_DTYPES[first]})",
                _DTYPES[a.dtype],
            )
        arrays.append(a)
    return arrays


def _check_rank(op: str, name: str, a: np.ndarray) -> int:
    if a.ndim not in (3, 4, 5):
        raise InvalidArguments(
            op, name, "must have 3, 4 or 5 dimensions (1 to 3 spatial)", list(a.shape)
        )
    return a.ndim - 2


def _to_ncx(a: np.ndarray, data_format: str) -> np.ndarray:
    """NCX view (strides only) of data in data_format order."""
    if data_format == "NCX":
        return a
    n = a.ndim
    return a.transpose(0, n - 1, *range(1, n - 1))


def _ncx_shape(shape: Sequence[int], data_format: str) -> list[int]:
    shape = list(shape)
    return shape if data_format == "NCX" else [shape[0], shape[-1], *shape[1:-1]]


def _fmt_shape(ncx: Sequence[int], data_format: str) -> list[int]:
    ncx = list(ncx)
    return ncx if data_format == "NCX" else [ncx[0], *ncx[2:], ncx[1]]


def _weights_canonical(w: np.ndarray, weights_format: str) -> np.ndarray:
    """OIX view of XIO, IOX view of XOI (the same axis permutation); OIX/IOX unchanged."""
    if weights_format in ("OIX", "IOX"):
        return w
    n = w.ndim
    return w.transpose(n - 1, n - 2, *range(n - 2))


def _alloc(
    shape_fmt: Sequence[int], dtype: np.dtype[Any], data_format: str, *, zero: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """A dense result in data_format order plus its NCX view."""
    out = (np.zeros if zero else np.empty)(tuple(shape_fmt), dtype=dtype)
    return out, _to_ncx(out, data_format)


# ---- lowering onto DirectML descs, run by the public Device ------------------------------------

#: the device every op runs on (DirectML's newest feature level pydml implements)
_DEVICE = Device()

#: numpy type -> the DirectML data type the op runs in (bfloat16 runs as FLOAT32: see _Backend)
_DML_TYPES = {
    np.dtype(np.float32): TensorDataType.FLOAT32,
    np.dtype(np.float16): TensorDataType.FLOAT16,
    np.dtype(ml_dtypes.bfloat16): TensorDataType.FLOAT32,
}


def _raw(a: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """(a 1-D buffer starting at a's first element, a's element strides): how a strided view is
    bound to a DirectML tensor desc with Strides, without a copy. Views with negative or
    unaligned strides are copied into a dense array first."""
    item = a.itemsize
    if any(st < 0 or st % item for n, st in zip(a.shape, a.strides, strict=True) if n > 1):
        a = np.ascontiguousarray(a)
    # a unit axis never moves: its stride (whatever the layout gave it, 2^32 included, which a
    # DirectML UINT stride cannot hold) is bound as 0
    strides = [st // item if n > 1 else 0 for n, st in zip(a.shape, a.strides, strict=True)]
    reach = 1 + sum((n - 1) * st for n, st in zip(a.shape, strides, strict=True))
    flat = np.lib.stride_tricks.as_strided(a, shape=(reach,), strides=(item,))
    return flat, strides


def _tensor(a: np.ndarray, dml_type: TensorDataType, rank: int) -> tuple[Any, np.ndarray]:
    """The DML_TENSOR_DESC (Sizes and Strides of the view, padded with unit axes after N and C to
    ``rank`` dimensions) and the raw buffer to bind for view ``a``."""
    flat, strides = _raw(a)
    sizes = list(a.shape)
    while len(sizes) < rank:  # 1-D spatial ops run as 2-D with a unit height (DirectML's minimum)
        sizes.insert(2, 1)
        strides.insert(2, 0)
    return buffer_desc(dml_type, sizes, strides), flat


#: compiled operators by their desc's text: a repeated call (same shapes, layouts, attributes)
#: binds new memory to the operator compiled before, as a DirectML user keeps an IDMLCompiledOperator
_CACHE: OrderedDict[str, CompiledOperator] = OrderedDict()
_CACHE_SIZE = 64


def _compiled(desc: Any) -> CompiledOperator:
    key = repr(desc)
    operator = _CACHE.get(key)
    if operator is None:
        operator = _DEVICE.create_operator(desc)
        _CACHE[key] = operator
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return operator


def _mergeable(a: np.ndarray) -> bool:
    """N and C of a view fold into one axis (N's stride is C times C's)."""
    return bool(a.shape[0] == 1 or a.strides[0] == a.shape[1] * a.strides[1])


def _merge(a: np.ndarray) -> np.ndarray:
    """The view with N and C folded into one axis (same memory)."""
    return np.lib.stride_tricks.as_strided(a, (a.shape[0] * a.shape[1], *a.shape[2:]), a.strides[1:])


class _Backend:
    """Runs a lowered op as a DirectML desc on the public :class:`pydml.Device`.

    Layouts (NXC, XIO, ...) are tensor-desc Strides over the caller's memory: nothing is
    permuted or copied. bfloat16, which DirectML descs cannot express, takes the public FLOAT32
    path: inputs are widened to float32 exactly (every bfloat16 is a float32), the FLOAT32 desc
    runs (float32 accumulation), and each output is rounded once to bfloat16 (nearest even) —
    oneDNN's bf16 semantics, which also accumulate in f32 and round on the final store.
    """

    @staticmethod
    def _run(desc_class: Any, fields: dict[str, Any], inputs: dict[str, np.ndarray],
             outputs: dict[str, np.ndarray], rank: int) -> None:
        """Create ``desc_class(**fields)`` with a tensor desc per bound view (keyed by the desc's
        tensor field names) and execute it once on the device."""
        dtype = next(iter(outputs.values())).dtype
        dml_type = _DML_TYPES[dtype]
        bf16 = dtype == np.dtype(ml_dtypes.bfloat16)
        wide = {k: v.astype(np.float32) for k, v in outputs.items()} if bf16 else outputs
        bound: dict[str, Any] = {}
        descs: dict[str, Any] = {}
        for name, a in [*inputs.items(), *wide.items()]:
            if bf16 and name in inputs:
                a = a.astype(np.float32)
            descs[name], bound[name] = _tensor(a, dml_type, rank)
        try:
            operator = _compiled(desc_class(**descs, **fields))
        except ValidationError as e:
            # a configuration oneDNN accepts that DirectML's desc cannot express (a stride past
            # UINT32, ...): oneDNN's answer for a primitive it has no implementation of
            rule = f"{e.rule} (the DirectML desc the op lowers to)"
            raise Unimplemented(e.desc, e.field, rule, e.value) from e
        except UnsupportedError as e:
            raise Unimplemented(schema_of(desc_class).c_name, "", str(e), show_value=False) from e
        operator.execute({k: bound[k] for k in inputs}, {k: bound[k] for k in outputs})
        if bf16:
            for k, v in outputs.items():
                v[...] = wide[k].astype(ml_dtypes.bfloat16)

    @staticmethod
    def resample(
        params: dict[str, Any], src: np.ndarray, dst: np.ndarray, *, backward: bool
    ) -> None:
        """DML_RESAMPLE2 (forward) or DML_RESAMPLE_GRAD1 (backward: src is the output gradient).

        Their tensors have at most 4 dimensions (the pages' rule), so a 3-D spatial op, whose N
        and C are never resampled, runs with N and C merged into one axis when the layout allows
        it (NCX), else batch by batch."""
        if src.ndim == 5:
            rest = {key: list(v)[1:] for key, v in params.items() if isinstance(v, (list, tuple))}
            merged = {**params, **rest}
            if _mergeable(src) and _mergeable(dst):
                _Backend.resample(merged, _merge(src), _merge(dst), backward=backward)
            else:
                for n in range(src.shape[0]):
                    _Backend.resample(merged, src[n], dst[n], backward=backward)
            return
        rank = max(src.ndim, 4)
        full = dict(params)
        if src.ndim < rank:  # the unit axis gets the identity map
            for key, unit in (("Scales", 1.0), ("InputPixelOffsets", 0.0), ("OutputPixelOffsets", 0.0)):
                full[key] = [*params[key][:2], unit, *params[key][2:]]
        if backward:
            _Backend._run(DML_RESAMPLE_GRAD1_OPERATOR_DESC, full, {"InputGradientTensor": src},
                          {"OutputGradientTensor": dst}, rank)
        else:
            _Backend._run(DML_RESAMPLE2_OPERATOR_DESC, full, {"InputTensor": src},
                          {"OutputTensor": dst}, rank)

    @staticmethod
    def convolution(
        params: dict[str, Any], x: np.ndarray, w: np.ndarray, b: np.ndarray | None, out: np.ndarray
    ) -> None:
        """DML_CONVOLUTION, CROSS_CORRELATION, with the bias as a {1, C, 1, ...} tensor."""
        rank = max(x.ndim, 4)
        pad = rank - x.ndim  # 1-D spatial: a unit height, with stride/dilation 1 and no padding
        fields: dict[str, Any] = {key: [*([unit] * pad), *params[key]] for key, unit in (
            ("Strides", 1), ("Dilations", 1), ("StartPadding", 0), ("EndPadding", 0),
            ("OutputPadding", 0))}
        fields.update(Mode=ConvolutionMode.CROSS_CORRELATION, Direction=params["Direction"],
                      GroupCount=params["GroupCount"])
        inputs = {"InputTensor": x, "FilterTensor": w}
        if b is not None:
            inputs["BiasTensor"] = b.reshape((1, -1) + (1,) * (out.ndim - 2))
        _Backend._run(DML_CONVOLUTION_OPERATOR_DESC, fields, inputs, {"OutputTensor": out}, rank)


_backend = _Backend()


def backend_name() -> str:
    """Where the ops run: "device" (DirectML descs on pydml's public Device)."""
    return "device"


# ---- Interpolate -------------------------------------------------------------------------------

def _resample_params(
    op: str, in_ncx: Sequence[int], out_ncx: Sequence[int], mode: str, ctm: str
) -> dict[str, Any]:
    """DML_RESAMPLE2 / RESAMPLE_GRAD1 fields for oneDNN's coordinate convention
    (:func:`pydml.frontends.resample_modes.onednn_interpolate` owns it)."""
    try:
        return onednn_interpolate(mode, in_ncx, out_ncx, ctm)
    except ValueError as e:
        raise Unimplemented(op, "sizes", str(e), [list(in_ncx[2:]), list(out_ncx[2:])]) from None


def _interp_common(op: str, attrs: Mapping[str, Any], src_shape: Sequence[int]) -> dict[str, Any]:
    a = _check_attrs(op, attrs)
    sizes, scales = a.get("sizes", ()), a.get("scales", ())
    if bool(sizes) == bool(scales):
        raise InvalidGraphOp(
            op,
            "sizes",
            "exactly one of sizes and scales must be given (non-empty)",
            f"sizes={list(sizes)} scales={list(scales)}",
        )
    sp = len(src_shape) - 2
    if sizes and len(sizes) != sp:
        raise InvalidShape(
            op, "sizes", f"must have one entry per spatial dimension ({sp})", list(sizes)
        )
    if scales and len(scales) != sp:
        raise InvalidShape(
            op, "scales", f"must have one entry per spatial dimension ({sp})", list(scales)
        )
    return a


def _interp_out_spatial(op: str, a: Mapping[str, Any], in_spatial: Sequence[int]) -> list[int]:
    if a.get("sizes"):
        out = list(a["sizes"])
        name = "sizes"
    else:
        # O = trunc(float32(I) * float32(scale)), as infer_interpolate_output_shape does.
        out = [
            int(np.float32(i) * np.float32(s)) for i, s in zip(in_spatial, a["scales"], strict=True)
        ]
        name = "scales"
    if any(o < 1 for o in out):
        raise InvalidShape(op, name, "gives an empty output dimension", out)
    return out


def _check_sizes_input(op: str, sizes_input: Any, expected: Sequence[int]) -> None:
    """The optional s32 ``sizes`` tensor. oneDNN never reads it; pydml requires it to agree."""
    if sizes_input is None:
        return
    t = np.asarray(sizes_input)
    if t.ndim != 1 or t.dtype.kind not in "iu":
        raise InvalidGraphOp(
            op, "inputs[sizes]", "must be a 1-D s32 tensor", f"{t.dtype}{list(t.shape)}"
        )
    if [int(v) for v in t] != list(expected):
        raise InvalidShape(
            op,
            "inputs[sizes]",
            f"must equal the output spatial sizes {list(expected)}",
            [int(v) for v in t],
        )


def interpolate(src: Any, sizes_input: Any = None, /, **attrs: Any) -> np.ndarray:
    """oneDNN Graph Interpolate: ``dst = resample(src)``.

    Attributes: ``mode`` (required: nearest, linear, bilinear, trilinear — the three linear names
    are synonyms at every rank), ``coordinate_transformation_mode`` (half_pixel default,
    align_corners — a pydml extension: oneDNN has no kernel for it; nearest then rounds
    ``o·(I-1)/(O-1)`` half up), exactly one of ``sizes`` / ``scales`` (spatial only; with scales
    ``O = trunc(float32(I)·float32(s))`` and the coordinate factor is still ``O/I``),
    ``data_format`` (NXC default, NCX). ``sizes_input``: the optional s32 sizes tensor; oneDNN
    ignores it, pydml checks it equals the output spatial sizes.
    """
    op = "Interpolate"
    (x,) = _check_data(op, [("src", src)])
    _check_rank(op, "src", x)
    a = _interp_common(op, attrs, x.shape)
    df = a["data_format"]
    in_ncx = _ncx_shape(x.shape, df)
    out_sp = _interp_out_spatial(op, a, in_ncx[2:])
    _check_sizes_input(op, sizes_input, out_sp)
    out_ncx = [in_ncx[0], in_ncx[1], *out_sp]
    params = _resample_params(op, in_ncx, out_ncx, a["mode"], a["coordinate_transformation_mode"])
    out, out_view = _alloc(_fmt_shape(out_ncx, df), x.dtype, df)
    _backend.resample(params, _to_ncx(x, df), out_view, backward=False)
    return out


def interpolate_backward(
    src: Any, diff_dst: Any, sizes_input: Any = None, /, **attrs: Any
) -> np.ndarray:
    """oneDNN Graph InterpolateBackward: ``diff_src`` = adjoint of Interpolate on ``diff_dst``.

    Only ``src``'s shape is used (its values never are). As in oneDNN, the factor per axis is
    ``diff_dst/src`` from the shapes; ``sizes``/``scales`` must be present (exactly one, of the
    right length) but their values are not used or checked. Attributes as :func:`interpolate`.
    """
    op = "InterpolateBackward"
    x, g = _check_data(op, [("src", src), ("diff_dst", diff_dst)])
    _check_rank(op, "src", x)
    a = _interp_common(op, attrs, x.shape)
    df = a["data_format"]
    in_ncx = _ncx_shape(x.shape, df)
    if g.ndim != x.ndim:
        raise InvalidArguments(op, "diff_dst", f"must have src's rank {x.ndim}", list(g.shape))
    out_ncx = _ncx_shape(g.shape, df)
    if out_ncx[:2] != in_ncx[:2]:
        raise InvalidArguments(
            op, "diff_dst", f"N and C must equal src's {in_ncx[:2]}", list(g.shape)
        )
    _check_sizes_input(op, sizes_input, a["sizes"] if a.get("sizes") else out_ncx[2:])
    params = _resample_params(op, in_ncx, out_ncx, a["mode"], a["coordinate_transformation_mode"])
    out, out_view = _alloc(x.shape, x.dtype, df)
    _backend.resample(params, _to_ncx(g, df), out_view, backward=True)
    return out


# ---- convolution family ------------------------------------------------------------------------


def _keff(k: int, d: int) -> int:
    return (k - 1) * d + 1


def _auto_pad(x: int, s: int, k: int, d: int, mode: str, deconv: bool) -> tuple[int, int]:
    """infer_auto_pad (§3): the TF/ONNX SAME rule; SAME_UPPER puts the extra pad at the end."""
    if mode == "VALID":
        return 0, 0
    ke = _keff(k, d)
    total = ke - s if deconv or x % s == 0 else ke - x % s
    total = max(total, 0)
    pb = (total + 1) // 2 if mode == "SAME_LOWER" else total // 2
    return pb, total - pb


@dataclass
class _Conv:
    """Validated geometry of one convolution-family op, in NCX / canonical weight terms."""

    strides: list[int]
    pads_begin: list[int]
    pads_end: list[int]
    dilations: list[int]
    output_padding: list[int]
    groups: int
    kernel: list[int]


def _conv_geometry(op: str, a: Mapping[str, Any], sp: int, w_canon: np.ndarray) -> _Conv:
    for name in ("strides", "pads_begin", "pads_end", "dilations"):
        if len(a[name]) != sp and not (name.startswith("pads") and len(a[name]) == 0):
            raise InvalidShape(
                op, name, f"must have {sp} entries (one per spatial dimension)", list(a[name])
            )
    if w_canon.ndim != sp + 2:
        raise InvalidShape(op, "weights", f"must have {sp + 2} dimensions", list(w_canon.shape))
    if any(s < 1 for s in a["strides"]):
        raise InvalidShape(op, "strides", "must be positive", list(a["strides"]))
    if any(d < 1 for d in a["dilations"]):
        raise InvalidShape(op, "dilations", "must be positive (1 = dense)", list(a["dilations"]))
    if a["groups"] < 1:
        raise InvalidShape(op, "groups", "must be positive", a["groups"])
    op_attr = a.get("output_padding", ())
    opad = list(op_attr[:sp]) + [0] * max(0, sp - len(op_attr))
    if any(p < 0 for p in opad):
        raise InvalidShape(op, "output_padding", "must not be negative", list(op_attr[:sp]))
    return _Conv(
        list(a["strides"]),
        list(a["pads_begin"]) or [0] * sp,
        list(a["pads_end"]) or [0] * sp,
        list(a["dilations"]),
        opad,
        a["groups"],
        list(w_canon.shape[2:]),
    )


def _apply_auto_pad(g: _Conv, mode: str, xs: Sequence[int], deconv: bool) -> None:
    if mode == "None":
        return
    for i in range(len(g.kernel)):
        g.pads_begin[i], g.pads_end[i] = _auto_pad(
            xs[i], g.strides[i], g.kernel[i], g.dilations[i], mode, deconv
        )


def _conv_out(op: str, g: _Conv, xs: Sequence[int], what: str) -> list[int]:
    """Convolution-forward output size; a window larger than the padded input is invalid_shape."""
    out = []
    for i, x in enumerate(xs):
        num = x + g.pads_begin[i] + g.pads_end[i] - _keff(g.kernel[i], g.dilations[i])
        if num < 0:
            raise InvalidShape(
                op,
                what,
                f"spatial dim {i}: the dilated kernel "
                f"{_keff(g.kernel[i], g.dilations[i])} exceeds the padded size "
                f"{x + g.pads_begin[i] + g.pads_end[i]}",
                list(xs),
            )
        out.append(num // g.strides[i] + 1)
    return out


def _check_group_channels(
    op: str, name: str, channels: int, groups: int, per_group: int, what: str
) -> None:
    if channels % groups or channels // groups != per_group:
        raise InvalidShape(
            op,
            name,
            f"{what} channels {channels} must be groups ({groups}) x "
            f"the weights' per-group size {per_group}",
            channels,
        )


def _lower_forward(
    x_in: int, x_out: int, k: int, s: int, d: int, pb: int
) -> tuple[int, int, int] | None:
    """DirectML FORWARD geometry (input length, start, end) for out[o] = Σ in[o·S + k·D - PB].

    DirectML derives Out = (In + Start + End - Keff)/S + 1; pick End ≥ 0 and, when the input is
    longer than any window reaches, a shorter input *view* so that it gives exactly x_out. None:
    no output reads the input at all (the result is zero).
    """
    ke = _keff(k, d)
    reach = (x_out - 1) * s + ke - pb  # input elements any window touches
    length = min(x_in, reach)
    if length <= 0:
        return None
    end = max(0, reach - length)
    return length, pb, end


def _lower_backward(
    x_in: int, x_out: int, k: int, s: int, d: int, pb: int
) -> tuple[int, int, int, int] | None:
    """DirectML BACKWARD geometry (start, end, output_padding, zero tail): full[PB:PB + x_out].

    full is the transposed-convolution result of length (x_in - 1)·S + Keff; DirectML's size is
    full + OutputPadding - Start - End. Rows past full are zero: the kernel writes them through
    OutputPadding when that stays below the stride, else they are left out of the kernel's output
    view (a zero tail). None: the whole output lies past full.
    """
    full = (x_in - 1) * s + _keff(k, d)
    rem = full - pb
    if rem <= 0:
        return None
    if rem >= x_out:
        return pb, rem - x_out, 0, 0
    missing = x_out - rem
    if missing < s:
        return pb, 0, missing, 0
    return pb, 0, 0, missing


def _run_forward(
    op: str,
    x_ncx: np.ndarray,
    w_filter: np.ndarray,
    bias: np.ndarray | None,
    out_ncx: np.ndarray,
    g: _Conv,
) -> None:
    """DirectML CROSS_CORRELATION FORWARD of x with filter {C_out, C_in/G, K}."""
    sp = len(g.kernel)
    sl: list[slice] = [slice(None), slice(None)]
    start, end = [], []
    for i in range(sp):
        low = _lower_forward(
            x_ncx.shape[2 + i],
            out_ncx.shape[2 + i],
            g.kernel[i],
            g.strides[i],
            g.dilations[i],
            g.pads_begin[i],
        )
        if low is None:
            _fill_bias(out_ncx, bias)
            return
        sl.append(slice(0, low[0]))
        start.append(low[1])
        end.append(low[2])
    xv = x_ncx[tuple(sl)]
    _backend.convolution(
        dict(
            Direction=ConvolutionDirection.FORWARD,
            GroupCount=g.groups,
            Strides=g.strides,
            Dilations=g.dilations,
            StartPadding=start,
            EndPadding=end,
            OutputPadding=[0] * sp,
        ),
        xv,
        w_filter,
        bias,
        out_ncx,
    )


def _run_backward(
    op: str,
    x_ncx: np.ndarray,
    w_filter: np.ndarray,
    bias: np.ndarray | None,
    out_ncx: np.ndarray,
    g: _Conv,
) -> None:
    """DirectML CROSS_CORRELATION BACKWARD of x, filter {C_in, C_out/G, K} (ONNX ConvTranspose)."""
    sp = len(g.kernel)
    start, end, opad, view = [], [], [], [slice(None), slice(None)]
    tails = False
    for i in range(sp):
        low = _lower_backward(
            x_ncx.shape[2 + i],
            out_ncx.shape[2 + i],
            g.kernel[i],
            g.strides[i],
            g.dilations[i],
            g.pads_begin[i],
        )
        if low is None:
            _fill_bias(out_ncx, bias)
            return
        start.append(low[0])
        end.append(low[1])
        opad.append(low[2])
        view.append(slice(0, out_ncx.shape[2 + i] - low[3]))
        tails |= low[3] > 0
    if bias is not None and any(opad):
        # keep the bias on the padded rows unambiguous: pad through the zero tail instead
        view = [slice(None), slice(None)] + [
            slice(0, out_ncx.shape[2 + i] - opad[i]) for i in range(sp)
        ]
        opad = [0] * sp
        tails = True
    if tails:
        _fill_bias(out_ncx, bias)
    ov = out_ncx[tuple(view)]
    _backend.convolution(
        dict(
            Direction=ConvolutionDirection.BACKWARD,
            GroupCount=g.groups,
            Strides=g.strides,
            Dilations=g.dilations,
            StartPadding=start,
            EndPadding=end,
            OutputPadding=opad,
        ),
        x_ncx,
        w_filter,
        bias,
        ov,
    )


def _fill_bias(out_ncx: np.ndarray, bias: np.ndarray | None) -> None:
    """Outputs no input reaches: zero, plus the bias (only used on degenerate/zero-tail regions)."""
    if bias is None:
        out_ncx[...] = 0
    else:
        out_ncx[...] = bias.reshape((1, -1) + (1,) * (out_ncx.ndim - 2))


def _check_bias(op: str, bias: np.ndarray | None, oc: int) -> None:
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != oc):
        raise InvalidShape(op, "bias", f"must have shape [{oc}]", list(bias.shape))


def convolution(src: Any, weights: Any, bias: Any = None, /, **attrs: Any) -> np.ndarray:
    """oneDNN Graph Convolution (forward): ``dst = conv(src, weights) + bias``.

    Attributes: ``strides``, ``pads_begin``, ``pads_end``, ``dilations`` (required; dilation 1 =
    dense), ``auto_pad`` (None, SAME_UPPER, SAME_LOWER, VALID with X = src spatial), ``groups``,
    ``data_format`` (NXC default), ``weights_format`` (XIO default, OIX).
    """
    op = "Convolution"
    named = [("src", src), ("weights", weights)] + ([("bias", bias)] if bias is not None else [])
    arrays = _check_data(op, named)
    x, w = arrays[0], arrays[1]
    b = arrays[2] if bias is not None else None
    sp = _check_rank(op, "src", x)
    a = _check_attrs(op, attrs)
    df = a["data_format"]
    wc = _weights_canonical(w, a["weights_format"])
    g = _conv_geometry(op, a, sp, wc)
    in_ncx = _ncx_shape(x.shape, df)
    _check_group_channels(op, "src", in_ncx[1], g.groups, wc.shape[1], "src")
    if wc.shape[0] % g.groups:
        raise InvalidShape(
            op,
            "weights",
            f"output channels must be divisible by groups ({g.groups})",
            list(w.shape),
        )
    _check_bias(op, b, wc.shape[0])
    _apply_auto_pad(g, a["auto_pad"], in_ncx[2:], deconv=False)
    out_sp = _conv_out(op, g, in_ncx[2:], "src")
    out, ov = _alloc(_fmt_shape([in_ncx[0], wc.shape[0], *out_sp], df), x.dtype, df)
    _run_forward(op, _to_ncx(x, df), wc, b, ov, g)
    return out


def convolution_backward_data(
    diff_dst: Any, weights: Any, dst_shape_input: Any = None, /, **attrs: Any
) -> np.ndarray:
    """oneDNN Graph ConvolutionBackwardData: the gradient of Convolution with respect to src.

    ``diff_src`` has the shape ``dst_shape`` (the full forward-src shape, data_format order) given
    as the attribute or as the optional s32 third input (oneDNN returns unimplemented for the
    input; pydml accepts it, and requires it to agree with a non-default attribute). As in oneDNN,
    auto_pad uses X = diff_src spatial and ``output_padding`` is ignored when dst_shape is known;
    pydml extension: without any dst_shape, ``diff_src`` spatial is inferred as the
    ConvTranspose size ``S·(O-1) + Keff - PB - PE + output_padding`` (auto_pad must then be None).
    pydml also checks what oneDNN leaves to the primitive (invalid_arguments): channels and
    groups against the weights, and that the forward convolution of dst_shape gives diff_dst.

    Lowering: DirectML CONVOLUTION, CROSS_CORRELATION, BACKWARD with the forward weights OIX
    ``{OC, IC/G, K}`` as the filter (DirectML's BACKWARD filter is ``{C_in, C_out/G, K}`` with
    C_in = diff_dst channels); Start = PB and End/OutputPadding chosen so the result is
    ``full[PB : PB + I]`` of the transposed convolution (rows no output reaches are 0).
    """
    op = "ConvolutionBackwardData"
    gd, w = _check_data(op, [("diff_dst", diff_dst), ("weights", weights)])
    sp = _check_rank(op, "diff_dst", gd)
    a = _check_attrs(op, attrs)
    df = a["data_format"]
    wc = _weights_canonical(w, a["weights_format"])
    g = _conv_geometry(op, a, sp, wc)
    dd_ncx = _ncx_shape(gd.shape, df)
    shape_attr = [v for v in a["dst_shape"]]
    attr_known = any(shape_attr)
    if dst_shape_input is not None:
        t = np.asarray(dst_shape_input)
        if t.ndim != 1 or t.dtype.kind not in "iu":
            raise InvalidGraphOp(
                op, "inputs[2] (dst_shape)", "must be a 1-D s32 tensor", f"{t.dtype}{list(t.shape)}"
            )
        given = [int(v) for v in t]
        if attr_known and given != shape_attr:
            raise InvalidShape(
                op,
                "inputs[2] (dst_shape)",
                f"must equal the dst_shape attribute {shape_attr}",
                given,
            )
        shape_attr, attr_known = given, True
    if attr_known:
        if len(shape_attr) != sp + 2 or any(v < 1 for v in shape_attr):
            raise InvalidShape(
                op,
                "dst_shape",
                f"must be the full forward-src shape ({sp + 2} positive dims, data_format order)",
                shape_attr,
            )
        ds_ncx = _ncx_shape(shape_attr, df)
        _apply_auto_pad(g, a["auto_pad"], ds_ncx[2:], deconv=False)
    else:
        if a["auto_pad"] != "None":
            raise InvalidShape(
                op,
                "dst_shape",
                f"is needed with auto_pad {a['auto_pad']}",
                list(a["dst_shape"][: sp + 2]),
            )
        ds_sp = [
            g.strides[i] * (dd_ncx[2 + i] - 1)
            + _keff(g.kernel[i], g.dilations[i])
            - g.pads_begin[i]
            - g.pads_end[i]
            + g.output_padding[i]
            for i in range(sp)
        ]
        if any(v < 1 for v in ds_sp):
            raise InvalidShape(
                op, "dst_shape", "not given, and the inferred diff_src size is empty", ds_sp
            )
        ds_ncx = [dd_ncx[0], wc.shape[1] * g.groups, *ds_sp]
    # checks the dnnl primitive makes at creation (invalid_arguments)
    if ds_ncx[0] != dd_ncx[0]:
        raise InvalidArguments(
            op, "dst_shape", f"batch must equal diff_dst's {dd_ncx[0]}", shape_attr
        )
    if wc.shape[0] != dd_ncx[1] or dd_ncx[1] % g.groups:
        raise InvalidArguments(
            op,
            "weights",
            f"output channels must equal diff_dst's channels "
            f"{dd_ncx[1]} (divisible by groups {g.groups})",
            list(w.shape),
        )
    if ds_ncx[1] % g.groups or ds_ncx[1] // g.groups != wc.shape[1]:
        raise InvalidArguments(
            op,
            "dst_shape",
            f"channels must be groups ({g.groups}) x weights' input channels {wc.shape[1]}",
            _fmt_shape(ds_ncx, df),
        )
    fwd = _conv_out(op, g, ds_ncx[2:], "dst_shape")
    if fwd != dd_ncx[2:]:
        raise InvalidArguments(
            op,
            "dst_shape",
            f"the forward convolution of spatial {ds_ncx[2:]} gives "
            f"{fwd}, not diff_dst's {dd_ncx[2:]}",
            _fmt_shape(ds_ncx, df),
        )
    out, ov = _alloc(_fmt_shape(ds_ncx, df), gd.dtype, df)
    _run_backward(op, _to_ncx(gd, df), wc, None, ov, g)
    return out


def conv_transpose(src: Any, weights: Any, bias: Any = None, /, **attrs: Any) -> np.ndarray:
    """oneDNN Graph ConvTranspose (forward): ``O = S·(I-1) + Keff - PB - PE + output_padding``.

    Weights IOX ``[IC, OC/G, K]`` or XOI ``[K, OC/G, IC]`` (default XOI). auto_pad SAME_* uses
    ``T = max(0, Keff - S)`` regardless of sizes (oneDNN's is_deconv rule). Lowering: DirectML
    CROSS_CORRELATION BACKWARD with the IOX weights as the filter.
    """
    op = "ConvTranspose"
    named = [("src", src), ("weights", weights)] + ([("bias", bias)] if bias is not None else [])
    arrays = _check_data(op, named)
    x, w = arrays[0], arrays[1]
    b = arrays[2] if bias is not None else None
    sp = _check_rank(op, "src", x)
    a = _check_attrs(op, attrs)
    df = a["data_format"]
    wc = _weights_canonical(w, a["weights_format"])
    g = _conv_geometry(op, a, sp, wc)
    in_ncx = _ncx_shape(x.shape, df)
    if wc.shape[0] != in_ncx[1] or in_ncx[1] % g.groups:
        raise InvalidArguments(
            op,
            "weights",
            f"input channels (IOX dim 0) must equal src's channels "
            f"{in_ncx[1]} (divisible by groups {g.groups})",
            list(w.shape),
        )
    oc = wc.shape[1] * g.groups
    _check_bias(op, b, oc)
    _apply_auto_pad(g, a["auto_pad"], in_ncx[2:], deconv=True)
    out_sp = [
        g.strides[i] * (in_ncx[2 + i] - 1)
        + _keff(g.kernel[i], g.dilations[i])
        - g.pads_begin[i]
        - g.pads_end[i]
        + g.output_padding[i]
        for i in range(sp)
    ]
    if any(v < 1 for v in out_sp):
        raise InvalidShape(op, "pads_end", "the output would be empty", out_sp)
    out, ov = _alloc(_fmt_shape([in_ncx[0], oc, *out_sp], df), x.dtype, df)
    _run_backward(op, _to_ncx(x, df), wc, b, ov, g)
    return out


def conv_transpose_backward_data(diff_dst: Any, weights: Any, /, **attrs: Any) -> np.ndarray:
    """oneDNN Graph ConvTransposeBackwardData: the gradient of ConvTranspose with respect to src.

    A forward convolution of diff_dst with the IOX weights read as OIX (O = IC); ``diff_src``
    spatial ``= (O + PB + PE - Keff)/S + 1`` and channels = weights' IC. auto_pad uses the
    convolution rule with X = diff_dst spatial. pydml extension: ``output_padding`` is accepted
    (oneDNN's schema rejects it) and subtracted, ``(O + PB + PE - Keff - OP)/S + 1``, so that a
    diff_dst produced by ConvTranspose with output_padding ≥ stride maps back to its src size.
    """
    op = "ConvTransposeBackwardData"
    gd, w = _check_data(op, [("diff_dst", diff_dst), ("weights", weights)])
    sp = _check_rank(op, "diff_dst", gd)
    a = _check_attrs(op, attrs)
    df = a["data_format"]
    wc = _weights_canonical(w, a["weights_format"])
    g = _conv_geometry(op, a, sp, wc)
    dd_ncx = _ncx_shape(gd.shape, df)
    if g.groups < 1 or dd_ncx[1] % g.groups or dd_ncx[1] // g.groups != wc.shape[1]:
        raise InvalidShape(
            op,
            "diff_dst",
            f"channels {dd_ncx[1]} must be groups ({g.groups}) x weights' OC/G {wc.shape[1]}",
            list(gd.shape),
        )
    if wc.shape[0] % g.groups:
        raise InvalidShape(
            op, "weights", f"IC (IOX dim 0) must be divisible by groups ({g.groups})", list(w.shape)
        )
    _apply_auto_pad(g, a["auto_pad"], dd_ncx[2:], deconv=False)
    shrunk = [x - p for x, p in zip(dd_ncx[2:], g.output_padding, strict=True)]
    ds_sp = _conv_out(op, g, shrunk, "diff_dst")
    out, ov = _alloc(_fmt_shape([dd_ncx[0], wc.shape[0], *ds_sp], df), gd.dtype, df)
    _run_forward(op, _to_ncx(gd, df), wc, None, ov, g)
    return out


#: op kind -> function, for the JSON runner.
OPS: dict[str, Callable[..., np.ndarray]] = {
    "Interpolate": interpolate,
    "InterpolateBackward": interpolate_backward,
    "Convolution": convolution,
    "ConvolutionBackwardData": convolution_backward_data,
    "ConvTranspose": conv_transpose,
    "ConvTransposeBackwardData": conv_transpose_backward_data,
}
