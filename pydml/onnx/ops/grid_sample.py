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
   kernel with A = -0.75, each coefficient a cubic in t = p - floor(p)); each tap's pixel index is
   clamped (border), reflected (reflection) or masked to zero weight when outside [0, S) (zeros),
   as the reference's _pixel_at_array. An axis's taps are one tensor [N, T, P] (T taps outer, P
   points inner): one operator makes every tap's index (floor(p) plus a vector of offsets), and
   the weights are Horner steps with vectors of the taps' coefficients;
5. the combinations of one tap per axis on the tap grid [N, T_0, .., T_k-1, P]: the flat pixel
   index (exact in FLOAT32 up to 2^24 pixels) an ADD per axis and the weights a MULTIPLY per axis,
   each axis's [N, T_d, P] broadcast along the others' taps; then one CAST to INT32, one
   GATHER_ELEMENTS of every channel and combination (the indices broadcast over the channels by
   a zero stride), one MULTIPLY by the weights and one REDUCE SUM down the combinations (the
   points in the vector lanes).

Where the provider's shader (grid_sample.hlsl) and ONNX's reference differ, pydml follows the
reference, which ONNX's node tests check: the shader clamps or reflects both coordinates when
either is outside its borders, the reference each on its own (the same sample except for cubic
with border padding and align_corners=0, a coordinate in the half-pixel margin and the other one
outside). onnxruntime's CPU kernel departs from both for cubic with border padding (it clamps
the taps but not the coordinate, as PyTorch). The shader takes 4-D X only; pydml also takes the
N-D X of GridSample-20.

The index arithmetic runs in FLOAT32 (a FLOAT16 grid is cast first); a FLOAT16 image is gathered
as FLOAT16 and weighted in FLOAT32, then cast back. A bilinear 2-D sample is 32 operators, a
bicubic one 40: four passes over [N, C, T, P] and small ones over [N, T, P] (the first form, an
operator per tap and per combination, was 51 and 125); the work is proportional to the output,
not the image.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

import pydml
from pydml.onnx.lowering import LoweringError, Node, Segment, View, register
from pydml.onnx.ops.elementwise import cast, scale_bias

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
    """Element-wise FLOAT32 arithmetic as graph nodes: each result has its first operand's shape
    (packed), the other operands are views of that shape (broadcast by zero strides)."""

    def __init__(self, seg: Segment, node: Node):
        self.seg, self.node = seg, node

    def _emit(self, desc: Any) -> View:
        (y,) = self.seg.emit(desc, self.node.name)
        return y

    def constant(self, values: Sequence[float], shape: tuple[int, ...], axis: int) -> View:
        """``values`` along ``axis`` of ``shape`` (one value: every element)."""
        c = self.seg.constant(np.asarray(values, np.float32).reshape(-1), "grid_sample")
        strides = tuple(1 if d == axis and len(values) > 1 else 0 for d in range(len(shape)))
        return View(c.source, c.onnx_type, shape, strides)

    def affine(self, x: View, scale: float, bias: float) -> View:
        return scale_bias(self.seg, self.node, x, scale, bias)

    def unary(self, dml: str, x: View, **fields: Any) -> View:
        desc = getattr(pydml, f"DML_ELEMENT_WISE_{dml}_OPERATOR_DESC")
        return self._emit(desc(InputTensor=self.seg.tensor(x), OutputTensor=self.seg.output(FLOAT32, x.shape),
                               **fields))

    def binary(self, dml: str, a: View, b: View, out_type: int = FLOAT32) -> View:
        desc = getattr(pydml, f"DML_ELEMENT_WISE_{dml}_OPERATOR_DESC")
        return self._emit(
            desc(ATensor=self.seg.tensor(a), BTensor=self.seg.tensor(b),
                 OutputTensor=self.seg.output(out_type, a.shape))
        )

    def clip(self, x: View, lo: float, hi: float) -> View:
        return self.unary("CLIP", x, Min=lo, Max=hi)

    def where(self, condition: View, a: View, b: View) -> View:
        return self._emit(
            pydml.DML_ELEMENT_WISE_IF_OPERATOR_DESC(
                ConditionTensor=self.seg.tensor(condition),
                ATensor=self.seg.tensor(a),
                BTensor=self.seg.tensor(b),
                OutputTensor=self.seg.output(FLOAT32, a.shape),
            )
        )

    def outside(self, x: View, lo: float, hi: float) -> View:
        """x < lo or x > hi, as UINT8."""
        below = self.binary("LOGICAL_LESS_THAN", x, self.constant([lo], x.shape, 0), out_type=2)
        above = self.binary("LOGICAL_GREATER_THAN", x, self.constant([hi], x.shape, 0), out_type=2)
        return self.binary("LOGICAL_OR", below, above, out_type=2)

    def reflect(self, x: View, lo: float, hi: float) -> View:
        """The reference's _gs_reflect as a triangle wave (identity within [lo, hi])."""
        r = hi - lo
        if r <= 0:  # a one-pixel axis with align_corners: every coordinate reflects onto lo
            return self.constant([lo], x.shape, 0)
        shifted = self.affine(x, 1.0, -lo)
        folded = self.binary("MODULUS_FLOOR", shifted, self.constant([2 * r], x.shape, 0))
        distance = self.unary("ABS", folded, ScaleBias=pydml.DML_SCALE_BIAS(Scale=1.0, Bias=-r))
        return self.affine(distance, -1.0, lo + r)


def _spread(v: View, shape: tuple[int, ...]) -> View:
    """A [N, 1, P] view as [N, T, P] (the same value for every tap)."""
    return View(v.source, v.onnx_type, shape, (v.strides[0], 0, v.strides[2]))


def _axis_taps(
    m: _Math, p: View, size: int, mode: str, padding: str, align_corners: bool
) -> tuple[View, View | None]:
    """One spatial axis, its coordinates p [N, 1, P]: every tap's pixel index (FLOAT32, in
    [0, size)) and weight (None: 1), [N, T, P], the taps outer (one operator for all of them)."""
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
    offsets = _TAPS[mode]
    n, _, points = p.shape
    shape = (n, len(offsets), points)
    weight: View | None = None
    if mode == "nearest":
        i = p  # (an integer already: the reference's int() of it)
    else:
        base = m.unary("FLOOR", p)
        t = m.binary("SUBTRACT", p, base)
        i = m.binary("ADD", _spread(base, shape), m.constant([float(o) for o in offsets], shape, 1))
        # the taps' weights: polynomials in t, coefficient vectors along the taps (Horner steps)
        columns = _keys_polynomials() if mode == "cubic" else [[0.0, 0.0, -1.0, 1.0], [0.0, 0.0, 1.0, 0.0]]
        degree = 3 if mode == "cubic" else 1
        tt = _spread(t, shape)
        weight = m.binary("MULTIPLY", tt, m.constant([c[3 - degree] for c in columns], shape, 1))
        for power in range(degree - 1, -1, -1):
            weight = m.binary("ADD", weight, m.constant([c[3 - power] for c in columns], shape, 1))
            if power:
                weight = m.binary("MULTIPLY", weight, tt)
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
    return index, weight


def _on_grid(v: View, d: int, taps: Sequence[int]) -> View:
    """Axis d's [N, T_d, P] as a view of the tap grid [N, T_0, .., T_k-1, P]."""
    n, _, points = v.shape
    strides = [v.strides[0], *[v.strides[1] if j == d else 0 for j in range(len(taps))], v.strides[2]]
    return View(v.source, v.onnx_type, (n, *taps, points), tuple(strides))


@register(
    "GridSample",
    since=16,
    dml=[
        "SPLIT", "ELEMENT_WISE_IDENTITY", "ELEMENT_WISE_ROUND", "ELEMENT_WISE_CLIP", "ELEMENT_WISE_IF",
        "ELEMENT_WISE_LOGICAL_LESS_THAN", "ELEMENT_WISE_LOGICAL_GREATER_THAN", "ELEMENT_WISE_LOGICAL_OR",
        "ELEMENT_WISE_MODULUS_FLOOR", "ELEMENT_WISE_ABS", "ELEMENT_WISE_FLOOR", "ELEMENT_WISE_SUBTRACT",
        "ELEMENT_WISE_MULTIPLY", "ELEMENT_WISE_ADD", "CAST", "GATHER_ELEMENTS", "REDUCE",
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
        grid = cast(seg, node, grid, FLOAT32)
    m = _Math(seg, node)
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
    # every combination of one tap per axis: the flat pixel index (and weight) on the tap grid
    # [N, T_0, .., T_k-1, P] (an operator per axis, broadcast along the other axes' taps); then
    # one CAST, one GATHER_ELEMENTS of all channels and taps, one MULTIPLY by the weights and one
    # REDUCE SUM over the taps (a pass per tap over the [N, C, P] output cost 4x as much for
    # bilinear). The taps outer and the points inner: the sum runs down columns, the points in
    # the vector lanes (with the taps inner, rows of 4 or 16: 2.5x slower)
    tap_counts = [index.shape[1] for index, _ in per_axis]
    terms = [m.affine(index, float(strides[d]), 0.0) if strides[d] != 1 else index
             for d, (index, _) in enumerate(per_axis)]
    flat: View | None = None
    weight: View | None = None
    for d, term in enumerate(terms):
        on_grid = _on_grid(term, d, tap_counts)
        flat = on_grid if flat is None else m.binary("ADD", flat, on_grid)
        w = per_axis[d][1]
        if w is not None:
            w_grid = _on_grid(w, d, tap_counts)
            weight = w_grid if weight is None else m.binary("MULTIPLY", weight, w_grid)
    assert flat is not None
    taps = math.prod(tap_counts)
    # (a single axis's views are packed already; the tap grid of several is an ADD's output)
    indices = cast(seg, node, flat.reshaped((n, 1, taps * points)), INT32)
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
    if weight is not None:  # (None: nearest with border or reflection padding, one tap of weight 1)
        if x.onnx_type == FLOAT16:
            sample = cast(seg, node, sample, FLOAT32)
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
        sample = cast(seg, node, sample, FLOAT16)
    seg.define(node.outputs[0], sample.reshaped((n, channels, *out_spatial)))

