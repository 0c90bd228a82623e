"""DFT and STFT onto DML_GEMM: each transform is a product with a constant matrix of its
twiddle factors.

The provider registers DFT (17, 20) and STFT (17) through its own factories (DmlDFT.h, DmlSTFT.h:
a Stockham FFT in its own compute shaders, no DirectML operator). DirectML has no transform
operator, so pydml writes each transform as one GEMM: the signal's rows of (sample, real/imag)
pairs times the matrix W[(j, c_in), (k, c_out)] of cos and sin of 2 pi j k / L, made in float64 at
lowering and rounded once to the signal's type (FLOAT32 or FLOAT16, as the provider's kernels
take). This is O(L^2) per transform where the provider's FFT is O(L log L); pydml refuses a matrix
past MAX_TWIDDLE_ELEMENTS (a 2,048-long complex transform) rather than make a huge constant.

Semantics are ONNX's (onnx.reference's op_dft and op_stft): ``dft_length`` pads the signal with
zeros or truncates it; ``onesided`` keeps the first L/2 + 1 bins; ``inverse`` divides by L; an
inverse one-sided transform (the reference's irfft) takes the first L/2 + 1 bins as a Hermitian
spectrum and gives the real signal, the imaginary parts of the zero and Nyquist bins ignored
(numpy's irfft). STFT frames are a strided view of the signal (overlapping rows read in place),
the window a factor of W when it is a constant, else an ELEMENT_WISE_MULTIPLY of the frames.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import (
    ONNX_TO_NUMPY,
    LoweringError,
    Node,
    Segment,
    View,
    normalize_axis,
    register,
    reshape_view,
)
from pydml.onnx.ops.matmul import product

FLOAT32, FLOAT16 = 1, 10
#: the largest twiddle matrix a transform may make (64 MiB of FLOAT32)
MAX_TWIDDLE_ELEMENTS = 1 << 24


def _unit_circle(length: int, sign: float) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """cos and sin of sign * 2 pi m / length for m < length, exact at the quarter turns (so the
    zero and Nyquist bins of a real signal have imaginary parts of exactly 0, as numpy's FFT)."""
    m = np.arange(length, dtype=np.float64)
    cos = np.cos(2.0 * np.pi * m / length)
    sin = sign * np.sin(2.0 * np.pi * m / length)
    quarter = (4 * np.arange(length)) % length == 0
    turns = (4 * np.arange(length)) // length
    exact_cos = np.array([1.0, 0.0, -1.0, 0.0])
    exact_sin = sign * np.array([0.0, 1.0, 0.0, -1.0])
    cos[quarter] = exact_cos[turns[quarter] % 4]
    sin[quarter] = exact_sin[turns[quarter] % 4]
    return cos, sin


def twiddles(
    taken: int, channels: int, length: int, *, inverse: bool, onesided: bool
) -> tuple[np.ndarray[Any, Any], int, int]:
    """W[(j, c_in), (k, c_out)] in float64 for ``taken`` input samples of ``channels`` (1: real,
    2: complex) and a transform of ``length``; with the output's bin count and channel count.

    Forward: y_k = sum_j x_j e^(-2 pi i jk/L) (bins k < L, or < L/2 + 1 one-sided). Inverse:
    x_j = (1/L) sum_k y_k e^(+2 pi i jk/L). Inverse one-sided: the real x_t = (1/L) sum over the
    Hermitian spectrum's first L/2 + 1 bins, each past the zero bin and before the Nyquist bin
    counted twice. Refused, before anything is allocated, past MAX_TWIDDLE_ELEMENTS."""
    rows = taken * channels
    cols = length if inverse and onesided else 2 * (length // 2 + 1 if onesided else length)
    if rows * cols > MAX_TWIDDLE_ELEMENTS:
        raise LoweringError(
            f"a transform of {rows} x {cols} twiddle factors: pydml's GEMM lowering takes at most "
            f"{MAX_TWIDDLE_ELEMENTS} (DirectML has no FFT operator; the provider's own shader has)"
        )
    if inverse and onesided:
        bins_in = min(taken, length // 2 + 1)
        k = np.arange(bins_in)
        t = np.arange(length)
        cos, sin = _unit_circle(length, 1.0)
        m = np.outer(k, t) % length
        weight = np.where((k == 0) | ((length % 2 == 0) & (k == length // 2)), 1.0, 2.0) / length
        w = np.zeros((taken, channels, length, 1))
        w[:bins_in, 0, :, 0] = weight[:, None] * cos[m]
        if channels == 2:
            w[:bins_in, 1, :, 0] = -weight[:, None] * sin[m]
        return w.reshape(taken * channels, length), length, 1
    bins = length // 2 + 1 if onesided else length
    j = np.arange(taken)
    k = np.arange(bins)
    m = np.outer(j, k) % length
    cos, sin = _unit_circle(length, 1.0 if inverse else -1.0)
    c, s = cos[m], sin[m]
    w = np.zeros((taken, channels, bins, 2))
    # (a + ib)(c + is) = (ac - bs) + i(as + bc), s the signed sine
    w[:, 0, :, 0] = c
    w[:, 0, :, 1] = s
    if channels == 2:
        w[:, 1, :, 0] = -s
        w[:, 1, :, 1] = c
    if inverse:
        w /= length
    return w.reshape(taken * channels, bins * 2), bins, 2


def _float_signal(x: View) -> None:
    if x.onnx_type not in (FLOAT32, FLOAT16):
        raise LoweringError(
            f"signal of type {ONNX_TO_NUMPY.get(x.onnx_type, x.onnx_type)}: "
            "the provider's DFT and STFT take FLOAT16 and FLOAT only (DML_GEMM has no other float type)"
        )


def _gemm(seg: Segment, node: Node, a: View, w: np.ndarray[Any, Any]) -> View:
    """a [1, B, M, K] (a strided view) times the constant w [K, N]: [1, B, M, N] packed."""
    b = seg.constant(np.ascontiguousarray(w.astype(ONNX_TO_NUMPY[a.onnx_type])), "twiddles")
    b4 = View(b.source, b.onnx_type, (1, 1, *b.shape), (0, 0, *b.strides)).broadcast(
        (1, a.shape[1], *b.shape)
    )
    return product(seg, node, a, b4, (*a.shape[:3], w.shape[1]))


def _scalar(seg: Segment, node: Node, i: int, what: str) -> int | None:
    value = seg.host(node, i, what)
    if value is None:
        return None
    if value.size != 1:
        raise LoweringError(f"{what} must be a scalar, got shape {list(value.shape)}")
    return int(value.reshape(-1)[0])


@register("DFT", since=17, host_inputs=(1, 2), dml=["ELEMENT_WISE_IDENTITY", "GEMM"])
def dft(seg: Segment, node: Node) -> None:
    """DFT-17 (axis an attribute, default 1) and DFT-20 (axis input 2, default -2) on the signal
    [..., N, ..., 1 or 2]: moved so each transform's samples are one row (a copy only when the
    transformed axis is not the last before the real/imaginary one and its strides do not
    allow it), one GEMM, the result a view back in ONNX's order."""
    x = seg.view(node.inputs[0])
    _float_signal(x)
    rank = x.rank
    if rank < 2 or x.shape[-1] not in (1, 2):
        raise LoweringError(
            f"signal shape {list(x.shape)}: the last dimension must be 1 (real) or 2 (complex)"
        )
    if node.opset >= 20:
        given = _scalar(seg, node, 2, "axis")
        axis_value = -2 if given is None else given
    else:
        axis_value = int(node.attr("axis", 1))
    axis = normalize_axis(axis_value, rank, node)
    if axis == rank - 1:
        raise LoweringError("axis is the real/imaginary dimension: it must be one of the signal's")
    inverse = bool(int(node.attr("inverse", 0)))
    onesided = bool(int(node.attr("onesided", 0)))
    n, channels = x.shape[axis], x.shape[-1]
    length = _scalar(seg, node, 1, "dft_length")
    if length is None:
        length = 2 * (n - 1) if inverse and onesided else n
    if length < 1:
        raise LoweringError(f"dft_length {length}: must be at least 1")
    taken = min(n, length)
    w, bins, out_channels = twiddles(taken, channels, length, inverse=inverse, onesided=onesided)
    # the signal as [others..., taken, channels] with its transformed samples last
    others = [d for d in range(rank - 1) if d != axis]
    moved = x.transposed([*others, axis, rank - 1])
    moved = View(moved.source, moved.onnx_type, (*moved.shape[:-2], taken, channels), moved.strides)
    rows = math.prod(moved.shape[:-2])
    a = reshape_view(moved, (1, 1, rows, taken * channels))
    if a is None:
        packed = seg.identity(moved, node.name)
        a = packed.reshaped((1, 1, rows, taken * channels))
    y = _gemm(seg, node, a, w)
    out_others = tuple(moved.shape[:-2])
    y = y.reshaped((*out_others, bins, out_channels))
    # back in ONNX's order: bins where the axis was (a view; a reader needing it packed copies)
    perm = [int(d) for d in np.argsort([*others, axis, rank - 1])]  # the inverse of the move
    seg.define(node.outputs[0], y.transposed(perm))


@register("STFT", since=17, host_inputs=(1, 3), dml=["ELEMENT_WISE_MULTIPLY", "GEMM"])
def stft(seg: Segment, node: Node) -> None:
    """STFT-17: signal [batch, length, 1 or 2], frame_step, window [frame_length], frame_length;
    output [batch, frames, bins, 2] with frames = 1 + (length - frame_length) / frame_step. The
    frames overlap: a strided view of the signal (frame f, sample j at f * step + j)."""
    x = seg.view(node.inputs[0])
    _float_signal(x)
    if x.rank != 3 or x.shape[-1] not in (1, 2):
        raise LoweringError(f"signal shape {list(x.shape)}: must be [batch, length, 1 or 2]")
    batch, signal_length, channels = x.shape
    step = _scalar(seg, node, 1, "frame_step")
    assert step is not None  # (a required input)
    if step < 1:
        raise LoweringError(f"frame_step {step}: must be at least 1")
    window_name = node.input(2)
    constant = seg.const(window_name) if window_name else None
    # (a constant window is folded into the twiddles: no view of it, so no graph input)
    window = seg.view(window_name) if window_name and constant is None else None
    window_shape = seg.shape(window_name) if window_name else None
    frame_length = _scalar(seg, node, 3, "frame_length")
    if window_shape is not None:
        if len(window_shape) != 1:
            raise LoweringError(f"window shape {list(window_shape)}: must be 1-D")
        if frame_length is not None and frame_length != window_shape[0]:
            raise LoweringError(
                f"window of length {window_shape[0]} with frame_length {frame_length}: they must be equal"
            )
        frame_length = window_shape[0]
    if frame_length is None:
        frame_length = signal_length
    if not 1 <= frame_length <= signal_length:
        raise LoweringError(f"frame_length {frame_length}: must be 1 to the signal length {signal_length}")
    frames = 1 + (signal_length - frame_length) // step
    onesided = bool(int(node.attr("onesided", 1)))
    w, bins, _ = twiddles(frame_length, channels, frame_length, inverse=False, onesided=onesided)
    sb, sl, sc = x.strides
    framed = View(x.source, x.onnx_type, (batch, frames, frame_length, channels), (sb, step * sl, sl, sc))
    if constant is not None:
        w = w * np.repeat(constant.astype(np.float64), channels)[:, None]
    elif window is not None:
        if window.onnx_type != x.onnx_type:
            raise LoweringError("window and signal of different data types")
        wv = View(window.source, window.onnx_type, (1, 1, frame_length, 1), (0, 0, window.strides[0], 0))
        out = seg.output(x.onnx_type, framed.shape)
        (framed,) = seg.emit(
            pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(
                ATensor=seg.tensor(framed), BTensor=seg.tensor(wv.broadcast(framed.shape)), OutputTensor=out
            ),
            node.name,
        )
    a = reshape_view(framed, (1, batch, frames, frame_length * channels))
    if a is None:
        a = seg.identity(framed, node.name).reshaped((1, batch, frames, frame_length * channels))
    y = _gemm(seg, node, a, w)
    seg.define(node.outputs[0], y.reshaped((batch, frames, bins, 2)))
