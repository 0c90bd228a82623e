"""Convolution and pooling: DmlOperatorConvolution.cpp (Conv, ConvTranspose) and
DmlOperatorPooling.cpp (MaxPool, AveragePool, LpPool and their Global forms). One spatial
dimension becomes two (a height of 1), as the provider does: DML takes 4-D or 5-D tensors."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pydml
from pydml.onnx.lowering import CONTRIB_DOMAIN, LoweringError, Node, Segment, View, register


def _spatial(node: Node, name: str, count: int, default: int) -> list[int]:
    value = node.attr(name)
    return [default] * count if value is None else [int(v) for v in value]


def _pads(
    node: Node, in_sizes: list[int], windows: list[int], strides: list[int], dilations: list[int]
) -> tuple[list[int], list[int]]:
    n = len(in_sizes)
    auto_pad = node.attr("auto_pad", "NOTSET")
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        begin, end = [], []
        for size, k, s, d in zip(in_sizes, windows, strides, dilations, strict=True):
            total = max(0, (-(-size // s) - 1) * s + (k - 1) * d + 1 - size)
            small = total // 2
            begin.append(small if auto_pad == "SAME_UPPER" else total - small)
            end.append(total - small if auto_pad == "SAME_UPPER" else small)
        return begin, end
    if auto_pad == "VALID":
        return [0] * n, [0] * n
    pads = _spatial(node, "pads", 2 * n, 0)
    return pads[:n], pads[n:]


def _to_2d(x: View) -> tuple[View, bool]:
    """N,C,W -> N,C,1,W (strides keep the data where it is)."""
    if x.rank == 3:
        return View(
            x.source, x.onnx_type, (*x.shape[:2], 1, *x.shape[2:]), (*x.strides[:2], 0, *x.strides[2:])
        ), True
    if x.rank not in (4, 5):
        raise LoweringError(f"a {x.rank}-D input: DirectML convolution and pooling take 3-D to 5-D")
    return x, False


@register("Conv", since=1, dml=["CONVOLUTION"])
def conv(seg: Segment, node: Node) -> None:
    _convolution(seg, node, transposed=False)


@register("ConvTranspose", since=1, dml=["CONVOLUTION"])
def conv_transpose(seg: Segment, node: Node) -> None:
    _convolution(seg, node, transposed=True)


@register("ConvInteger", since=10, dml=["CONVOLUTION_INTEGER"])
def conv_integer(seg: Segment, node: Node) -> None:
    """The provider's DmlOperatorConvInteger: x, w, x_zero_point, w_zero_point; INT32 output."""
    _convolution(seg, node, transposed=False, kind="integer")


@register("QLinearConv", since=10, dml=["QUANTIZED_LINEAR_CONVOLUTION"])
def qlinear_conv(seg: Segment, node: Node) -> None:
    """The provider's DmlOperatorQLinearConv: x, x_scale, x_zero_point, w, w_scale, w_zero_point,
    y_scale, y_zero_point, B onto QUANTIZED_LINEAR_CONVOLUTION."""
    _convolution(seg, node, transposed=False, kind="qlinear")


def _quant4(seg: Segment, name: str, channels: int) -> View:
    """A per-tensor ({1,1,1,1}) or per-output-channel ({1,C,1,1}) scale or zero point."""
    p = seg.view(name)
    if p.size == 1:
        return View(p.source, p.onnx_type, (1, 1, 1, 1), (0, 0, 0, 0))
    if p.rank == 1 and p.shape[0] == channels:
        return View(p.source, p.onnx_type, (1, channels, 1, 1), (0, p.strides[0], 0, 0))
    raise LoweringError(f"{name!r}: a scale or zero point of shape {list(p.shape)}")


def _convolution(
    seg: Segment,
    node: Node,
    *,
    transposed: bool,
    kind: str = "float",
    views: tuple[View, View] | None = None,
    pads: list[int] | None = None,
    bias_at: int = 2,
) -> View:
    """Conv, ConvTranspose and their quantized and contrib forms; ``views`` replaces the input and
    the weights (NhwcConv's NCHW views), ``pads`` the pads attribute (ConvTransposeWithDynamicPads'
    Pads input) and ``bias_at`` the bias input's index. Returns the output view (NCHW)."""
    w_index = 3 if kind == "qlinear" else 1
    x, w = views if views is not None else (seg.view(node.inputs[0]), seg.view(node.inputs[w_index]))
    x4, lifted = _to_2d(x)
    w4, _ = _to_2d(w)
    spatial = x4.rank - 2
    in_sizes = list(x4.shape[2:])
    kernel = list(w4.shape[2:])
    strides = _spatial(node, "strides", x.rank - 2, 1)
    dilations = _spatial(node, "dilations", x.rank - 2, 1)
    group = int(node.attr("group", 1))
    if lifted:
        strides, dilations = [1, *strides], [1, *dilations]
    n, c_out = x4.shape[0], (w4.shape[1] * group if transposed else w4.shape[0])
    out_padding = [0] * spatial
    if not transposed:
        if lifted:
            b, e = _pads(node, in_sizes[1:], kernel[1:], strides[1:], dilations[1:])
            begin, end = [0, *b], [0, *e]
        else:
            begin, end = _pads(node, in_sizes, kernel, strides, dilations)
        out_sizes = [
            (i + b + e - ((k - 1) * d + 1)) // s + 1
            for i, b, e, k, d, s in zip(in_sizes, begin, end, kernel, dilations, strides, strict=True)
        ]
    else:
        out_padding = _spatial(node, "output_padding", x.rank - 2, 0)
        if lifted:
            out_padding = [0, *out_padding]
        output_shape = node.attr("output_shape")
        auto_pad = node.attr("auto_pad", "NOTSET")
        if output_shape is not None or auto_pad in ("SAME_UPPER", "SAME_LOWER"):
            target = (
                list(output_shape)[-(x.rank - 2) :]
                if output_shape is not None
                else [i * s for i, s in zip(in_sizes[-(x.rank - 2) :], strides[-(x.rank - 2) :], strict=True)]
            )
            if lifted:
                target = [1, *target]
            begin, end = [], []
            for axis, (i, k, d, s, op, t) in enumerate(
                zip(in_sizes, kernel, dilations, strides, out_padding, target, strict=True)
            ):
                total = s * (i - 1) + op + ((k - 1) * d + 1) - t
                if total < 0:
                    # an output_shape past the full transposed convolution: the extra end rows
                    # are DML_CONVOLUTION's OutputPadding (bias only, as ONNX's output there)
                    out_padding[axis] = op - total
                    begin.append(0)
                    end.append(0)
                elif auto_pad == "SAME_UPPER":
                    begin.append(total // 2)
                    end.append(total - total // 2)
                else:
                    begin.append(total - total // 2)
                    end.append(total // 2)
        elif pads is not None:
            half = len(pads) // 2
            if half != x.rank - 2:
                raise LoweringError(f"Pads has {len(pads)} values for {x.rank - 2} spatial dimensions")
            begin, end = ([0] if lifted else []) + pads[:half], ([0] if lifted else []) + pads[half:]
        else:
            if lifted:
                b, e = _pads(node, in_sizes[1:], kernel[1:], strides[1:], dilations[1:])
                begin, end = [0, *b], [0, *e]
            else:
                begin, end = _pads(node, in_sizes, kernel, strides, dilations)
        out_sizes = [
            s * (i - 1) + op + ((k - 1) * d + 1) - b - e
            for i, k, d, s, op, b, e in zip(
                in_sizes, kernel, dilations, strides, out_padding, begin, end, strict=True
            )
        ]
    if any(v < 0 for v in begin + end):
        raise LoweringError("negative padding")
    fields: dict[str, Any] = {}
    bias_index = {"float": bias_at, "integer": -1, "qlinear": 8}[kind]
    if bias_index > 0 and node.input(bias_index):
        bias = seg.view(node.input(bias_index))
        fields["BiasTensor"] = seg.tensor(
            View(
                bias.source,
                bias.onnx_type,
                (1, bias.shape[0]) + (1,) * spatial,
                (0, bias.strides[0]) + (0,) * spatial,
            )
        )
    out_shape = (n, c_out, *out_sizes)
    if kind != "float":
        if x4.rank != 4:
            raise LoweringError("quantized convolutions take 2-D (or 1-D) spatial inputs")
        common = dict(
            InputTensor=seg.tensor(x4),
            FilterTensor=seg.tensor(w4),
            DimensionCount=spatial,
            Strides=strides,
            Dilations=dilations,
            StartPadding=begin,
            EndPadding=end,
            GroupCount=group,
        )
        if kind == "integer":
            if node.input(2):
                common["InputZeroPointTensor"] = seg.tensor(_quant4(seg, node.inputs[2], 1))
            if node.input(3):
                common["FilterZeroPointTensor"] = seg.tensor(_quant4(seg, node.inputs[3], c_out))
            out = seg.output(INT32, out_shape)
            (y,) = seg.emit(
                pydml.DML_CONVOLUTION_INTEGER_OPERATOR_DESC(**common, OutputTensor=out), node.name
            )
        else:
            y_zero = seg.view(node.inputs[7])
            out = seg.output(y_zero.onnx_type, out_shape)
            (y,) = seg.emit(
                pydml.DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC(
                    **common,
                    InputScaleTensor=seg.tensor(_quant4(seg, node.inputs[1], 1)),
                    InputZeroPointTensor=seg.tensor(_quant4(seg, node.inputs[2], 1)),
                    FilterScaleTensor=seg.tensor(_quant4(seg, node.inputs[4], c_out)),
                    FilterZeroPointTensor=seg.tensor(_quant4(seg, node.inputs[5], c_out))
                    if node.input(5)
                    else None,
                    OutputScaleTensor=seg.tensor(_quant4(seg, node.inputs[6], 1)),
                    OutputZeroPointTensor=seg.tensor(_quant4(seg, node.inputs[7], 1)),
                    OutputTensor=out,
                    **fields,
                ),
                node.name,
            )
        y = y.reshaped((n, c_out, *out_sizes[1:]) if lifted else out_shape)
        seg.define(node.outputs[0], y)
        return y
    out = seg.output(x.onnx_type, out_shape)
    (y,) = seg.emit(
        pydml.DML_CONVOLUTION_OPERATOR_DESC(
            InputTensor=seg.tensor(x4),
            FilterTensor=seg.tensor(w4),
            OutputTensor=out,
            Mode="CROSS_CORRELATION",
            Direction="BACKWARD" if transposed else "FORWARD",
            DimensionCount=spatial,
            Strides=strides,
            Dilations=dilations,
            StartPadding=begin,
            EndPadding=end,
            OutputPadding=out_padding,
            GroupCount=group,
            **fields,
        ),
        node.name,
    )
    y = y.reshaped((n, c_out, *out_sizes[1:]) if lifted else out_shape)
    if views is None:
        seg.define(node.outputs[0], y)
    return y


@register("NhwcConv", domain=CONTRIB_DOMAIN, dml=["CONVOLUTION"])
def nhwc_conv(seg: Segment, node: Node) -> None:
    """X [N, H, W, C] and W [M, kH, kW, C / group]: the provider's DmlOperatorConvolution with
    isNhwc, which reads both as NCHW tensors by strides and writes the output NHWC by strides;
    here the output is written NCHW and defined as its NHWC view (the same values). 4-D only, as
    the provider checks."""
    x, w = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if x.rank != 4 or w.rank != 4:
        raise LoweringError("NhwcConv takes 4-D input and weights (the provider's check)")
    y = _convolution(
        seg, node, transposed=False, views=(x.transposed((0, 3, 1, 2)), w.transposed((0, 3, 1, 2)))
    )
    seg.define(node.outputs[0], y.transposed((0, 2, 3, 1)))


@register("ConvTransposeWithDynamicPads", domain=CONTRIB_DOMAIN, host_inputs=(2,), dml=["CONVOLUTION"])
def conv_transpose_dynamic_pads(seg: Segment, node: Node) -> None:
    """ConvTranspose with its pads from input 2 (read on the CPU: the provider's
    ConvolutionHelperBase with hasDynamicPads) and the bias at input 3."""
    pads = seg.host(node, 2, "Pads")
    _convolution(
        seg,
        node,
        transposed=True,
        pads=None if pads is None else [int(v) for v in pads.reshape(-1)],
        bias_at=3,
    )


INT64, UINT64 = 7, 13
INT32 = 6
UINT32 = 12


def _pool(seg: Segment, node: Node, kind: str, *, global_: bool = False, x: View | None = None) -> View:
    x = seg.view(node.inputs[0]) if x is None else x
    x4, lifted = _to_2d(x)
    spatial = x4.rank - 2
    in_sizes = list(x4.shape[2:])
    if global_:
        window, strides, dilations = in_sizes, [1] * spatial, [1] * spatial
        begin, end = [0] * spatial, [0] * spatial
    else:
        window = [int(v) for v in node.attr("kernel_shape")]
        strides = _spatial(node, "strides", len(window), 1)
        dilations = _spatial(node, "dilations", len(window), 1)
        begin, end = _pads(node, in_sizes[-len(window) :], window, strides, dilations)
        if lifted:
            window, strides, dilations = [1, *window], [1, *strides], [1, *dilations]
            begin, end = [0, *begin], [0, *end]
    ceil_mode = int(node.attr("ceil_mode", 0)) and not global_
    out_sizes: list[int] = []
    extras: list[int] = []
    for d in range(spatial):
        span = (window[d] - 1) * dilations[d] + 1
        num = in_sizes[d] + begin[d] + end[d] - span
        size = (-(-num // strides[d]) if ceil_mode else num // strides[d]) + 1
        if ceil_mode and (size - 1) * strides[d] >= in_sizes[d] + begin[d]:
            size -= 1  # the last window must start inside the input or its start padding
        extra = (size - 1) * strides[d] + span - (in_sizes[d] + begin[d] + end[d])
        extras.append(max(extra, 0))
        out_sizes.append(size)
    include_pad = bool(int(node.attr("count_include_pad", 0)))
    source = x4
    if kind == "AVERAGE" and include_pad and any(extras):
        # ceil_mode's last windows reach past the end padding. ONNX (its reference pools the
        # explicitly padded input) counts the pads but not that overhang, where IncludePadding
        # would count both: the pads are made real zeros by DML_PADDING1, and the average pools
        # that tensor with only the overhang as (uncounted) end padding.
        from pydml.onnx.lowering import ONNX_TO_DML

        padded_shape = (*x4.shape[:2], *(i + b + e for i, b, e in zip(in_sizes, begin, end, strict=True)))
        (source,) = seg.emit(
            pydml.DML_PADDING1_OPERATOR_DESC(
                InputTensor=seg.tensor(x4),
                OutputTensor=seg.output(x.onnx_type, padded_shape),
                PaddingMode="CONSTANT",
                PaddingValueDataType=ONNX_TO_DML[x.onnx_type],
                PaddingValue=0.0,
                DimensionCount=x4.rank,
                StartPadding=[0, 0, *begin],
                EndPadding=[0, 0, *end],
            ),
            node.name,
        )
        begin, end, include_pad = [0] * spatial, list(extras), False
    else:
        end = [e + extra for e, extra in zip(end, extras, strict=True)]
    n, c = x4.shape[:2]
    out_shape = (n, c, *out_sizes)
    out = seg.output(x.onnx_type, out_shape)
    common = dict(
        InputTensor=seg.tensor(source),
        OutputTensor=out,
        DimensionCount=spatial,
        Strides=strides,
        WindowSize=window,
        StartPadding=begin,
        EndPadding=end,
        Dilations=dilations,
    )
    indices = None
    if kind == "MAX":
        if len(node.outputs) > 1 and node.outputs[1]:
            # MAX_POOLING2's OutputIndicesTensor: the flattened (row-major) index of each maximum
            # into the whole input, as ONNX's Indices with storage_order=0 (the provider's
            # DmlOperatorPooling); UINT64 is INT64's bytes
            indices = seg.output(UINT64, out_shape)
        desc: Any = pydml.DML_MAX_POOLING2_OPERATOR_DESC(**common, OutputIndicesTensor=indices)
    elif kind == "AVERAGE":
        desc = pydml.DML_AVERAGE_POOLING1_OPERATOR_DESC(**common, IncludePadding=include_pad)
    elif kind == "QAVERAGE":
        # QLinearAveragePool's x_scale, x_zero_point, y_scale, y_zero_point (inputs 1-4), per
        # tensor: sizes all 1 of the input's dimension count (the page's rule)
        def param(i: int, like: tuple[int, ...]) -> Any:
            shape = (1,) * len(like)
            p = seg.view(node.inputs[i]) if node.input(i) else seg.zero(x.onnx_type)
            if p.size != 1:
                raise LoweringError(f"input {i}: only per-tensor scales and zero points are lowered")
            return seg.tensor(replace(p, shape=shape, strides=(0,) * len(shape)))

        desc = pydml.DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC(
            **common,
            InputScaleTensor=param(1, x4.shape),
            InputZeroPointTensor=param(2, x4.shape),
            OutputScaleTensor=param(3, out_shape),
            OutputZeroPointTensor=param(4, out_shape),
            IncludePadding=bool(int(node.attr("count_include_pad", 0))),
        )
    else:
        desc = pydml.DML_LP_POOLING1_OPERATOR_DESC(**common, P=int(node.attr("p", 2)))
    outs = seg.emit(desc, node.name)
    final = (n, c, *out_sizes[1:]) if lifted else out_shape
    y = outs[0].reshaped(final)
    if kind != "QAVERAGE":
        seg.define(node.outputs[0], y)
    if indices is not None:
        seg.define(node.outputs[1], replace(outs[1], onnx_type=INT64).reshaped(final))
    _ = math
    return y


def _qlinear_pool(seg: Segment, node: Node, global_: bool) -> None:
    """The provider's DmlOperatorQLinearAveragePooling: one DML_QUANTIZED_LINEAR_AVERAGE_POOLING;
    channels_last=1 reads the NHWC input as NCHW by strides (the provider permutes the tensor
    descs' dimensions) and the output is defined back as an NHWC view."""
    x = seg.view(node.inputs[0])
    last = bool(int(node.attr("channels_last", 0)))
    if last:
        perm = (0, x.rank - 1, *range(1, x.rank - 1))
        x = x.transposed(perm)
    y = _pool(seg, node, "QAVERAGE", global_=global_, x=x)
    if last:
        y = y.transposed((0, *range(2, y.rank), 1))
    seg.define(node.outputs[0], y)


@register("QLinearAveragePool", domain=CONTRIB_DOMAIN, dml=["QUANTIZED_LINEAR_AVERAGE_POOLING"])
def qlinear_average_pool(seg: Segment, node: Node) -> None:
    _qlinear_pool(seg, node, False)


@register("QLinearGlobalAveragePool", domain=CONTRIB_DOMAIN, dml=["QUANTIZED_LINEAR_AVERAGE_POOLING"])
def qlinear_global_average_pool(seg: Segment, node: Node) -> None:
    _qlinear_pool(seg, node, True)


@register("MaxPool", since=1, dml=["MAX_POOLING2"])
def max_pool(seg: Segment, node: Node) -> None:
    if int(node.attr("storage_order", 0)):
        # DmlOperatorPooling.cpp: QueryMaxPool refuses storage_order != 0 and the kernel throws
        # E_NOTIMPL for it (MAX_POOLING2's indices are row-major)
        raise LoweringError("storage_order=1 is refused by the DirectML provider (QueryMaxPool)")
    _pool(seg, node, "MAX")


@register("AveragePool", since=1, dml=["AVERAGE_POOLING1", "PADDING1"])
def average_pool(seg: Segment, node: Node) -> None:
    _pool(seg, node, "AVERAGE")


@register("LpPool", since=2, dml=["LP_POOLING1"])
def lp_pool(seg: Segment, node: Node) -> None:
    _pool(seg, node, "LP")


@register("GlobalAveragePool", since=1, dml=["AVERAGE_POOLING1"])
def global_average_pool(seg: Segment, node: Node) -> None:
    _pool(seg, node, "AVERAGE", global_=True)


@register("GlobalMaxPool", since=1, dml=["MAX_POOLING2"])
def global_max_pool(seg: Segment, node: Node) -> None:
    _pool(seg, node, "MAX", global_=True)


@register("GlobalLpPool", since=2, dml=["LP_POOLING1"])
def global_lp_pool(seg: Segment, node: Node) -> None:
    _pool(seg, node, "LP", global_=True)


@register("MaxUnpool", since=9, host_inputs=(2,), dml=["MAX_UNPOOLING", "PADDING1"])
def max_unpool(seg: Segment, node: Node) -> None:
    """DML_MAX_UNPOOLING (the provider's DmlOperatorMaxUnpool): each value written at its flattened
    index (INT64 indices read as UINT64: they are non-negative), zeros elsewhere, in the shape
    (in - 1) * stride - pads + kernel. An output_shape larger than that is ONNX's reference
    (onnx.reference op_max_unpool): the indices address the inferred shape's layout and the
    result is zero-padded at the end of each axis to output_shape, so the unpooled tensor is
    DML_PADDING1'd. The provider binds an output desc of output_shape to MAX_UNPOOLING, which reads
    the indices in output_shape's layout (ONNX's test_maxunpool_export_with_output_shape, which
    onnxruntime's current_failing_tests lists); pydml follows ONNX's reference there."""
    from pydml.onnx.ops.elementwise import reinterpret

    x, idx = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if idx.onnx_type == INT64:
        idx = reinterpret(seg, idx, UINT64, node.name)
    kernel = [int(k) for k in node.attr("kernel_shape")]
    spatial = len(kernel)
    if x.rank != spatial + 2:
        raise LoweringError(f"a {x.rank}-D input for a {spatial}-D kernel_shape")
    strides = _spatial(node, "strides", spatial, 1)
    pads = [int(p) for p in node.attr("pads", [0] * (2 * spatial))]
    inferred = (
        *x.shape[:2],
        *(
            (i - 1) * s - pads[d] - pads[d + spatial] + k
            for d, (i, s, k) in enumerate(zip(x.shape[2:], strides, kernel, strict=True))
        ),
    )
    shape_value = seg.host(node, 2, "output_shape")
    out_shape = inferred if shape_value is None else tuple(int(v) for v in shape_value.reshape(-1))
    if len(out_shape) != x.rank:
        raise LoweringError(f"output_shape has {len(out_shape)} values for a {x.rank}-D input")
    if any(o < i for o, i in zip(out_shape, inferred, strict=True)):
        raise LoweringError(
            f"output_shape {list(out_shape)} is smaller than the unpooled shape {list(inferred)}"
        )
    padded = out_shape != inferred
    out = seg.output(x.onnx_type, inferred, name=None if padded else node.outputs[0])
    (y,) = seg.emit(
        pydml.DML_MAX_UNPOOLING_OPERATOR_DESC(
            InputTensor=seg.tensor(x), IndicesTensor=seg.tensor(idx), OutputTensor=out
        ),
        node.name,
    )
    if not padded:
        return
    from pydml.onnx.lowering import ONNX_TO_DML

    seg.emit(
        pydml.DML_PADDING1_OPERATOR_DESC(
            InputTensor=seg.tensor(y),
            OutputTensor=seg.output(x.onnx_type, out_shape, name=node.outputs[0]),
            PaddingMode="CONSTANT",
            PaddingValueDataType=ONNX_TO_DML[x.onnx_type],
            PaddingValue=0.0 if x.onnx_type in (1, 10, 11) else 0,
            DimensionCount=x.rank,
            StartPadding=[0] * x.rank,
            EndPadding=[o - i for o, i in zip(out_shape, inferred, strict=True)],
        ),
        node.name,
    )


@register("RoiAlign", since=10, dml=["ROI_ALIGN1"])
def roi_align(seg: Segment, node: Node) -> None:
    """X, rois [R, 4], batch_indices [R] onto DML_ROI_ALIGN1: ReductionFunction AVERAGE or MAX
    (mode), SpatialScale for X and Y, OutOfBoundsInputValue 0, sampling_ratio 0 as 1 to unbounded
    samples per output (the provider's DmlOperatorRoiAlign). coordinate_transformation_mode
    (RoiAlign-16) half_pixel shifts the scaled region by half a pixel (InputPixelOffset 0.5),
    output_half_pixel does not; OutputPixelOffset -0.5 puts samples at bin centres in both. mode
    "max" is DirectML's maximum of the interpolated samples, where ONNX's reference (and
    onnxruntime's CPU kernel) takes the maximum of each sample's four weighted bilinear terms.
    Batch indices are read unsigned (the provider forces them so)."""
    x, rois, idx = (seg.view(node.inputs[i]) for i in range(3))
    if x.rank != 4:
        raise LoweringError("a 4-D input is required")
    mode = str(node.attr("mode", "avg"))
    if mode not in ("avg", "max"):
        raise LoweringError(f"mode {mode!r}")
    # the provider's RoiAlignHelper: "half_pixel" unless opset >= 16 gives the attribute
    # (onnxruntime PR 15812; its RoiAlign-10 used ROI_ALIGN, whose results are half-pixel aligned)
    ctm = "half_pixel"
    if node.opset >= 16:
        ctm = str(node.attr("coordinate_transformation_mode", "half_pixel"))
    if ctm not in ("half_pixel", "output_half_pixel"):
        raise LoweringError(f"coordinate_transformation_mode {ctm!r}")
    ratio = int(node.attr("sampling_ratio", 0))
    if ratio < 0:
        raise LoweringError("sampling_ratio must be 0 or positive")
    from pydml.onnx.ops.elementwise import reinterpret

    # the batch indices are non-negative: INT64 / INT32 read as UINT64 / UINT32 (the page's types;
    # the provider forces them unsigned)
    idx = reinterpret(seg, idx, UINT64 if idx.onnx_type == INT64 else UINT32, node.name)
    count = rois.shape[0]
    height, width = int(node.attr("output_height", 1)), int(node.attr("output_width", 1))
    scale = float(node.attr("spatial_scale", 1.0))
    out = seg.output(x.onnx_type, (count, x.shape[1], height, width), name=node.outputs[0])
    seg.emit(
        pydml.DML_ROI_ALIGN1_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            ROITensor=seg.tensor(rois),
            BatchIndicesTensor=seg.tensor(idx),
            OutputTensor=out,
            ReductionFunction="MAX" if mode == "max" else "AVERAGE",
            InterpolationMode="LINEAR",
            SpatialScaleX=scale,
            SpatialScaleY=scale,
            InputPixelOffset=0.5 if ctm == "half_pixel" else 0.0,
            OutputPixelOffset=-0.5,
            OutOfBoundsInputValue=0.0,
            MinimumSamplesPerOutput=ratio if ratio else 1,
            MaximumSamplesPerOutput=ratio if ratio else 0xFFFFFFFF,
            AlignRegionsToCorners=False,
        ),
        node.name,
    )


@register("MaxRoiPool", since=1, dml=["ROI_POOLING"])
def max_roi_pool(seg: Segment, node: Node) -> None:
    """X [N, C, H, W] and rois [R, 5] (batch index, x1, y1, x2, y2) onto DML_ROI_POOLING with
    pooled_shape and spatial_scale (the provider's DmlOperatorRoiPooling); the ROIs are read as
    the page's {1, 1, R, 5}."""
    x, rois = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    if x.rank != 4 or rois.rank != 2 or rois.shape[1] != 5:
        raise LoweringError("a 4-D input and [num_rois, 5] rois are required")
    height, width = (int(v) for v in node.attr("pooled_shape"))
    out = seg.output(x.onnx_type, (rois.shape[0], x.shape[1], height, width), name=node.outputs[0])
    seg.emit(
        pydml.DML_ROI_POOLING_OPERATOR_DESC(
            InputTensor=seg.tensor(x),
            ROITensor=seg.tensor(rois.padded(4)),
            OutputTensor=out,
            SpatialScale=float(node.attr("spatial_scale", 1.0)),
            PooledSize=pydml.DML_SIZE_2D(Height=height, Width=width),
        ),
        node.name,
    )
