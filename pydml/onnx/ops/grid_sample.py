"""GridSample onto DirectML's element-wise operators and GATHER_ELEMENTS.

The provider registers GridSample through its own factory (DmlGridSample.h: one compute shader of
its own, no DirectML operator). DirectML has no grid sampler, so pydml composes one from its
operators, following ONNX's reference (onnx/reference/ops/op_grid_sample.py) step by step:

1. the grid splits (DML_SPLIT) into one coordinate per spatial dimension (the grid's last
   dimension is x, y[, z]: innermost spatial dimension first);
2. each coordinate is denormalized, p = ((g + 1) S - 1) / 2, or (g + 1) (S - 1) / 2 with
   align_corners (one ScaleBias); nearest rounds it half to even (ROUND);
3. a coordinate outside the borders [-0.5, S - 0.5] ([0, S - 1] with align_corners) is clamped
   into [0, S - 1] (border) or reflected into the borders (reflection: the triangle wave
   x_min + r - |((p - x_min) mod 2r) - r|, r = x_max - x_min, which is the reference's fold);
4. the taps: p itself (nearest), floor(p) + {0, 1} (linear), floor(p) + {-1, 0, 1, 2} (cubic, Keys'
   kernel with A = -0.75, each coefficient a cubic in t = p - floor(p) by Horner steps); each
   tap's pixel index is clamped (border), reflected (reflection) or masked to zero weight when
   outside [0, S) (zeros), as the reference's _pixel_at_array;
5. per combination of one tap in each dimension: the flat pixel index (exact in FLOAT32 up to
   2^24 pixels) and the product of the taps' weights; the combinations JOINed side by side, one
   CAST to INT32, one GATHER_ELEMENTS of every channel and combination (the indices broadcast over
   the channels by a zero stride), one MULTIPLY by the weights, one REDUCE SUM over the
   combinations.

Where the provider's shader (grid_sample.hlsl) and ONNX's reference differ, pydml follows the
reference, which ONNX's node tests check: the shader clamps or reflects both coordinates when
either is outside its borders, the reference each on its own (the same sample except for cubic
with border padding and align_corners=0, a coordinate in the half-pixel margin and the other one
outside). onnxruntime's CPU kernel departs from both for cubic with border padding (it clamps
the taps but not the coordinate, as PyTorch). The shader takes 4-D X only; pydml also takes the
N-D X of GridSample-20.

The index arithmetic runs in FLOAT32 (a FLOAT16 grid is cast first); a FLOAT16 image is gathered
as FLOAT16 and weighted in FLOAT32, then cast back. A bicubic 2-D sample is about 180 small element-wise
operators on [N, 1, points] and 4 passes over [N, C, points, 16]; the work is proportional to the
output, not the image.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import LoweringError, Node, Segment, View, register

FLOAT32, FLOAT16, INT32 = 1, 10, 6
CUBIC_A = -0.75
#: GridSample-16's mode names -> GridSample-20's
_MODES = {
    "bilinear": "linear", "bicubic": "cubic", "linear": "linear", "cubic": "cubic", "nearest": "nearest"
}
#: the taps around floor(p) per mode
_TAPS = {"nearest": (0,), "linear": (0, 1), "cubic": (-1, 0, 1, 2)}


def _keys_polynomials() -> list[list[float]]:
    """Keys' cubic convolution weights of the four taps floor(p) - 1 .. floor(p) + 2 as
    polynomials in t = p - floor(p) (coefficients of t^3, t^2, t, 1): the reference's
    _gs_get_cubic_coeffs, each a cubic in t on [0, 1), fitted exactly from four points."""
    a = CUBIC_A
    t = np.array([0.0, 0.25, 0.5, 0.75])
    u, v = t + 1, 2 - t
    weights = [
        ((a * u - 5 * a) * u + 8 * a) * u - 4 * a,
        ((a + 2) * t - (a + 3)) * t * t + 1,
        ((a + 2) * (1 - t) - (a + 3)) * (1 - t) * (1 - t) + 1,
        ((a * v - 5 * a) * v + 8 * a) * v - 4 * a,
    ]
    # (with A = -0.75 every coefficient is a multiple of 1/4: rounded, the fit's noise goes)
    return [[round(float(c) * 1024) / 1024 for c in np.polyfit(t, w, 3)] for w in weights]


class _Math:
    """Element-wise FLOAT32 arithmetic on packed views of one shape, as graph nodes."""

    def __init__(self, seg: Segment, node: Node, shape: tuple[int, ...]):
        self.seg, self.node, self.shape = seg, node, shape

    def _out(self, onnx_type: int = FLOAT32) -> Any:
        return self.seg.output(onnx_type, self.shape)

    def _emit(self, desc: Any) -> View:
        (y,) = self.seg.emit(desc, self.node.name)
        return y

    def scalar(self, value: float) -> View:
        c = self.seg.constant(np.array(value, np.float32), "grid_sample")
        return View(c.source, c.onnx_type, self.shape, (0,) * len(self.shape))

    def affine(self, x: View, scale: float, bias: float) -> View:
        return self._emit(
            pydml.DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC(
                InputTensor=self.seg.tensor(x),
                OutputTensor=self._out(),
                ScaleBias=pydml.DML_SCALE_BIAS(Scale=scale, Bias=bias),
            )
        )

    def unary(self, dml: str, x: View, **fields: Any) -> View:
        desc = getattr(pydml, f"DML_ELEMENT_WISE_{dml}_OPERATOR_DESC")
        return self._emit(desc(InputTensor=self.seg.tensor(x), OutputTensor=self._out(), **fields))

    def binary(self, dml: str, a: View, b: View, out_type: int = FLOAT32) -> View:
        desc = getattr(pydml, f"DML_ELEMENT_WISE_{dml}_OPERATOR_DESC")
        return self._emit(
            desc(ATensor=self.seg.tensor(a), BTensor=self.seg.tensor(b), OutputTensor=self._out(out_type))
        )

    def clip(self, x: View, lo: float, hi: float) -> View:
        return self.unary("CLIP", x, Min=lo, Max=hi)

    def where(self, condition: View, a: View, b: View) -> View:
        return self._emit(
            pydml.DML_ELEMENT_WISE_IF_OPERATOR_DESC(
                ConditionTensor=self.seg.tensor(condition),
                ATensor=self.seg.tensor(a),
                BTensor=self.seg.tensor(b),
                OutputTensor=self._out(),
            )
        )

    def outside(self, x: View, lo: float, hi: float) -> View:
        """x < lo or x > hi, as UINT8."""
        below = self.binary("LOGICAL_LESS_THAN", x, self.scalar(lo), out_type=2)
        above = self.binary("LOGICAL_GREATER_THAN", x, self.scalar(hi), out_type=2)
        return self.binary("LOGICAL_OR", below, above, out_type=2)

    def reflect(self, x: View, lo: float, hi: float) -> View:
        """The reference's _gs_reflect as a triangle wave (identity within [lo, hi])."""
        r = hi - lo
        if r <= 0:  # a one-pixel axis with align_corners: every coordinate reflects onto lo
            return self.scalar(lo)
        shifted = self.affine(x, 1.0, -lo)
        folded = self.binary("MODULUS_FLOOR", shifted, self.scalar(2 * r))
        distance = self.unary("ABS", folded, ScaleBias=pydml.DML_SCALE_BIAS(Scale=1.0, Bias=-r))
        return self.affine(distance, -1.0, lo + r)

    def polynomial(self, t: View, coefficients: list[float]) -> View:
        """c3 t^3 + c2 t^2 + c1 t + c0 by Horner steps."""
        c3, c2, c1, c0 = coefficients
        acc = self.affine(t, c3, c2)
        for c in (c1, c0):
            acc = self.affine(self.binary("MULTIPLY", acc, t), 1.0, c)
        return acc


def _axis_taps(
    m: _Math, p: View, size: int, mode: str, padding: str, align_corners: bool
) -> list[tuple[View, View | None]]:
    """One spatial axis: per tap, (pixel index as FLOAT32 in [0, size), weight or None for 1)."""
    lo, hi = (0.0, size - 1.0) if align_corners else (-0.5, size - 0.5)
    if mode == "nearest":
        p = m.unary("ROUND", p, RoundingMode="HALVES_TO_NEAREST_EVEN")
    if padding == "border":
        if align_corners:
            p = m.clip(p, 0.0, size - 1.0)
        else:  # only coordinates outside the borders are clamped (a cubic tap sees the difference)
            p = m.where(m.outside(p, lo, hi), m.clip(p, 0.0, size - 1.0), p)
    elif padding == "reflection":
        p = m.reflect(p, lo, hi)
    else:
        # zeros: a coordinate far outside only makes taps that are masked; bounded so that its
        # floor and the index arithmetic stay exact
        p = m.clip(p, -4.0, size + 4.0)
    if mode == "nearest":
        # (an integer already: the reference's int() of it)
        base, t = p, None
    else:
        base = m.unary("FLOOR", p)
        t = m.binary("SUBTRACT", p, base)
    if mode == "cubic":
        assert t is not None
        weights: list[View | None] = [m.polynomial(t, c) for c in _keys_polynomials()]
    elif mode == "linear":
        assert t is not None
        weights = [m.affine(t, -1.0, 1.0), t]
    else:
        weights = [None]
    taps = []
    for offset, weight in zip(_TAPS[mode], weights, strict=True):
        i = m.affine(base, 1.0, float(offset)) if offset else base
        if padding == "zeros":
            index = m.clip(i, 0.0, size - 1.0)
            # inside: |i - index| = 0; outside: at least 1 (integers)
            gap = m.unary("ABS", m.binary("SUBTRACT", i, index))
            flip = pydml.DML_SCALE_BIAS(Scale=-1.0, Bias=1.0)
            inside = m.unary("CLIP", gap, Min=0.0, Max=1.0, ScaleBias=flip)
            weight = inside if weight is None else m.binary("MULTIPLY", weight, inside)
        elif padding == "border":
            index = m.clip(i, 0.0, size - 1.0)
        else:
            index = m.clip(m.reflect(i, lo, hi), 0.0, size - 1.0)
        taps.append((index, weight))
    return taps


@register(
    "GridSample",
    since=16,
    dml=[
        "SPLIT", "ELEMENT_WISE_IDENTITY", "ELEMENT_WISE_ROUND", "ELEMENT_WISE_CLIP", "ELEMENT_WISE_IF",
        "ELEMENT_WISE_LOGICAL_LESS_THAN", "ELEMENT_WISE_LOGICAL_GREATER_THAN", "ELEMENT_WISE_LOGICAL_OR",
        "ELEMENT_WISE_MODULUS_FLOOR", "ELEMENT_WISE_ABS", "ELEMENT_WISE_FLOOR", "ELEMENT_WISE_SUBTRACT",
        "ELEMENT_WISE_MULTIPLY", "ELEMENT_WISE_ADD", "JOIN", "CAST", "GATHER_ELEMENTS", "REDUCE",
    ],
)
def grid_sample(seg: Segment, node: Node) -> None:
    x = seg.view(node.inputs[0])
    grid = seg.view(node.inputs[1])
    spatial = x.rank - 2
    mode = _MODES.get(str(node.attr("mode", "bilinear" if node.opset < 20 else "linear")))
    padding = str(node.attr("padding_mode", "zeros"))
    align_corners = bool(int(node.attr("align_corners", 0)))
    if mode is None:
        raise LoweringError(f"mode {node.attr('mode')!r}: must be linear, nearest or cubic")
    if padding not in ("zeros", "border", "reflection"):
        raise LoweringError(f"padding_mode {padding!r}: must be zeros, border or reflection")
    if spatial < 1 or grid.rank != x.rank or grid.shape[-1] != spatial or grid.shape[0] != x.shape[0]:
        raise LoweringError(
            f"X {list(x.shape)} and grid {list(grid.shape)}: the grid must be [N, D1..Dr, {spatial}]"
        )
    if x.onnx_type not in (FLOAT32, FLOAT16) or grid.onnx_type not in (FLOAT32, FLOAT16):
        raise LoweringError("X and grid must be FLOAT or FLOAT16 (the provider's GridSample types)")
    n, channels, sizes = x.shape[0], x.shape[1], x.shape[2:]
    pixels = math.prod(sizes)
    if pixels >= 1 << 24:
        raise LoweringError(f"{pixels} pixels an image: pydml's index arithmetic is exact to 2^24")
    out_spatial = grid.shape[1:-1]
    points = math.prod(out_spatial)
    if grid.onnx_type == FLOAT16:
        grid = _cast(seg, node, grid, FLOAT32)
    m = _Math(seg, node, (n, 1, points))
    flat_grid = grid.reshaped((n, points, spatial)) if grid.is_packed() else None
    if flat_grid is None:
        flat_grid = seg.identity(grid, node.name).reshaped((n, points, spatial))
    outputs = [seg.output(FLOAT32, (n, points, 1)) for _ in range(spatial)]
    parts = seg.emit(
        pydml.DML_SPLIT_OPERATOR_DESC(InputTensor=seg.tensor(flat_grid), OutputTensors=outputs, Axis=2),
        node.name,
    )
    strides = [math.prod(sizes[d + 1 :]) for d in range(spatial)]
    per_axis = []
    for d in range(spatial):
        g = parts[spatial - 1 - d]  # the grid's x is the innermost spatial dimension
        g = View(g.source, g.onnx_type, (n, 1, points), (points, 0, 1))
        size = sizes[d]
        scale = (size - 1) / 2.0 if align_corners else size / 2.0
        p = m.affine(g, scale, (size - 1) / 2.0)
        per_axis.append(_axis_taps(m, p, size, mode, padding, align_corners))
    image = x.reshaped((n, channels, pixels)) if x.is_packed() else None
    if image is None:
        image = seg.identity(x, node.name).reshaped((n, channels, pixels))
    # every tap combination's flat pixel index (and weight) stacked: [N, 1, T, P]; then one CAST,
    # one GATHER_ELEMENTS of all channels and taps, one MULTIPLY by the weights and one REDUCE SUM
    # over the taps (a pass per tap over the [N, C, P] output cost 4x as much for bilinear). The
    # taps outer and the points inner: the sum runs down columns, the points in the vector lanes
    # (with the taps inner, rows of 4 or 16: 2.5x slower)
    flats: list[View] = []
    weights: list[View] = []
    for combination in np.ndindex(*[len(taps) for taps in per_axis]):
        flat: View | None = None
        weight: View | None = None
        for d, t in enumerate(combination):
            index, w = per_axis[d][t]
            term = m.affine(index, float(strides[d]), 0.0) if strides[d] != 1 else index
            flat = term if flat is None else m.binary("ADD", flat, term)
            if w is not None:
                weight = w if weight is None else m.binary("MULTIPLY", weight, w)
        assert flat is not None
        flats.append(flat)
        if weight is not None:
            weights.append(weight)
    taps = len(flats)
    indices = _cast(seg, node, _stack(seg, node, flats, (n, 1, points)), INT32)
    indices = View(indices.source, INT32, (n, channels, points * taps), (points * taps, 0, 1))
    (sample,) = seg.emit(
        pydml.DML_GATHER_ELEMENTS_OPERATOR_DESC(
            InputTensor=seg.tensor(image),
            IndicesTensor=seg.tensor(indices),
            OutputTensor=seg.output(x.onnx_type, (n, channels, points * taps)),
            Axis=2,
        ),
        node.name,
    )
    if weights:  # (nearest with border or reflection padding: one tap of weight 1)
        if x.onnx_type == FLOAT16:
            sample = _cast(seg, node, sample, FLOAT32)
        weight = _stack(seg, node, weights, (n, 1, points))
        wide = View(weight.source, FLOAT32, (n, channels, taps, points), (points * taps, 0, points, 1))
        (sample,) = seg.emit(
            pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(
                ATensor=seg.tensor(sample.reshaped((n, channels, taps, points))),
                BTensor=seg.tensor(wide),
                OutputTensor=seg.output(FLOAT32, (n, channels, taps, points)),
            ),
            node.name,
        )
        if taps > 1:
            (sample,) = seg.emit(
                pydml.DML_REDUCE_OPERATOR_DESC(
                    Function="SUM",
                    InputTensor=seg.tensor(sample),
                    OutputTensor=seg.output(FLOAT32, (n, channels, 1, points)),
                    AxisCount=1,
                    Axes=[2],
                ),
                node.name,
            )
    if sample.onnx_type != x.onnx_type:
        sample = _cast(seg, node, sample, FLOAT16)
    seg.define(node.outputs[0], sample.reshaped((n, channels, *out_spatial)))


def _stack(seg: Segment, node: Node, parts: list[View], shape: tuple[int, ...]) -> View:
    """Views of ``shape`` [.., P] stacked along a new axis before the last (one JOIN; one part: a
    reshape): [.., len(parts), P]."""
    lead, last = shape[:-1], shape[-1]
    if len(parts) == 1:
        return parts[0].reshaped((*lead, 1, last))
    (joined,) = seg.emit(
        pydml.DML_JOIN_OPERATOR_DESC(
            InputTensors=[seg.tensor(p.reshaped((*lead, 1, last))) for p in parts],
            OutputTensor=seg.output(parts[0].onnx_type, (*lead, len(parts), last)),
            Axis=len(lead),
        ),
        node.name,
    )
    return joined


def _cast(seg: Segment, node: Node, x: View, to: int) -> View:
    out = seg.output(to, x.shape)
    (y,) = seg.emit(pydml.DML_CAST_OPERATOR_DESC(InputTensor=seg.tensor(x), OutputTensor=out), node.name)
    return y
