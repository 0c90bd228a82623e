"""Naive numpy references for the oneDNN Graph ops, written from the formulas of
shared/reference/onednn-graph-ops.md (§0, §2, §4), not from pydml's lowering.

All functions work on NCX data, OIX (convolution) / IOX (conv transpose) weights, in float64.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np


def nearest_index(i_size: int, o_size: int, ctm: str = "half_pixel") -> np.ndarray:
    """oneDNN's nearest source index per output position, in exact integer arithmetic."""
    o = np.arange(o_size, dtype=np.int64)
    if ctm == "half_pixel":
        # roundf(((o + 0.5) * I) / O - 0.5) == floor((2o + 1) * I / (2O))  (round half up)
        return (2 * o + 1) * i_size // (2 * o_size)
    if o_size == 1:
        return np.zeros(1, dtype=np.int64)
    # align_corners: x = o (I - 1) / (O - 1), rounded half up
    return (2 * o * (i_size - 1) + (o_size - 1)) // (2 * (o_size - 1))


def linear_matrix(i_size: int, o_size: int, ctm: str = "half_pixel") -> np.ndarray:
    """Weights M[o, i] of oneDNN's linear resampling along one axis (resampling_utils.hpp)."""
    m = np.zeros((o_size, i_size))
    for o in range(o_size):
        if ctm == "half_pixel":
            x = (o + 0.5) * i_size / o_size - 0.5
        else:
            x = 0.0 if o_size == 1 else o * (i_size - 1) / (o_size - 1)
        i0 = max(int(np.trunc(x)), 0)
        i1 = min(0 if x < 0 else int(np.ceil(x)), i_size - 1)
        lam1 = abs(x - i0)
        m[o, i0] += 1.0 - lam1
        m[o, i1] += lam1
    return m


def nearest_matrix(i_size: int, o_size: int, ctm: str = "half_pixel") -> np.ndarray:
    m = np.zeros((o_size, i_size))
    m[np.arange(o_size), nearest_index(i_size, o_size, ctm)] = 1.0
    return m


def _axis_matrices(
    in_spatial: Sequence[int], out_spatial: Sequence[int], mode: str, ctm: str
) -> list[np.ndarray]:
    make = nearest_matrix if mode == "nearest" else linear_matrix
    return [make(i, o, ctm) for i, o in zip(in_spatial, out_spatial, strict=True)]


def interpolate(
    src: np.ndarray, out_spatial: Sequence[int], mode: str, ctm: str = "half_pixel"
) -> np.ndarray:
    """Interpolate forward on NCX data."""
    y = np.asarray(src, dtype=np.float64)
    for axis, m in enumerate(_axis_matrices(src.shape[2:], out_spatial, mode, ctm)):
        y = np.moveaxis(np.tensordot(m, np.moveaxis(y, axis + 2, 0), axes=1), 0, axis + 2)
    return y


def interpolate_backward(
    src_shape: Sequence[int], diff_dst: np.ndarray, mode: str, ctm: str = "half_pixel"
) -> np.ndarray:
    """InterpolateBackward on NCX data: the adjoint of interpolate (factor diff_dst / src)."""
    y = np.asarray(diff_dst, dtype=np.float64)
    for axis, m in enumerate(_axis_matrices(src_shape[2:], diff_dst.shape[2:], mode, ctm)):
        y = np.moveaxis(np.tensordot(m.T, np.moveaxis(y, axis + 2, 0), axes=1), 0, axis + 2)
    return y


def keff(k: int, d: int) -> int:
    return (k - 1) * d + 1


def convolution(
    src: np.ndarray,
    w_oix: np.ndarray,
    strides: Sequence[int],
    pads_begin: Sequence[int],
    pads_end: Sequence[int],
    dilations: Sequence[int],
    groups: int = 1,
    bias: np.ndarray | None = None,
) -> np.ndarray:
    """§2.1: dst[n, g·OCg+oc, o] = Σ src[n, g·ICg+ic, o·S + k·D - PB] · W[g·OCg+oc, ic, k]."""
    x = np.asarray(src, dtype=np.float64)
    w = np.asarray(w_oix, dtype=np.float64)
    n, c = x.shape[:2]
    oc, icg = w.shape[:2]
    ks = w.shape[2:]
    sp = len(ks)
    pad = [(0, 0), (0, 0)] + [(pb, pe) for pb, pe in zip(pads_begin, pads_end, strict=True)]
    xp = np.pad(x, pad)
    outs = [
        (x.shape[2 + i] + pads_begin[i] + pads_end[i] - keff(ks[i], dilations[i])) // strides[i] + 1
        for i in range(sp)
    ]
    ocg = oc // groups
    dst = np.zeros((n, oc, *outs))
    xg = xp.reshape(n, groups, c // groups, *xp.shape[2:])
    wg = w.reshape(groups, ocg, icg, *ks)
    for kk in itertools.product(*[range(k) for k in ks]):
        sl = tuple(
            slice(
                kk[i] * dilations[i],
                kk[i] * dilations[i] + (outs[i] - 1) * strides[i] + 1,
                strides[i],
            )
            for i in range(sp)
        )
        patch = xg[(slice(None), slice(None), slice(None), *sl)]  # n g icg outs
        wk = wg[(slice(None), slice(None), slice(None), *kk)]  # g ocg icg
        dst += np.einsum("ngi...,goi->ngo...", patch, wk).reshape(dst.shape)
    if bias is not None:
        dst += np.asarray(bias, dtype=np.float64).reshape((1, oc) + (1,) * sp)
    return dst


def transposed(
    x: np.ndarray,
    w: np.ndarray,
    out_spatial: Sequence[int],
    strides: Sequence[int],
    pads_begin: Sequence[int],
    dilations: Sequence[int],
    groups: int,
    w_is_iox: bool,
) -> np.ndarray:
    """The scatter y[n, g·OUTg+c, i] = Σ [t = i + PB - k·D; t mod S = 0; t/S < X]
    x[n, g·INg+j, t/S] · W.

    W is read as [IN, OUT/G, K] (IOX, conv transpose) when w_is_iox, else as OIX with O = IN
    (ConvolutionBackwardData): W[g·INg+j, c, k] in both cases. Untouched outputs are 0.
    """
    x = np.asarray(x, dtype=np.float64)
    w = np.asarray(w, dtype=np.float64)
    del w_is_iox  # both layouts index W[in_channel, out_channel_in_group, k]
    n, cin = x.shape[:2]
    ks = w.shape[2:]
    sp = len(ks)
    outg = w.shape[1]
    ing = cin // groups
    full = [
        max(
            (x.shape[2 + i] - 1) * strides[i] + keff(ks[i], dilations[i]),
            pads_begin[i] + out_spatial[i],
        )
        for i in range(sp)
    ]
    y = np.zeros((n, groups, outg, *full))
    xg = x.reshape(n, groups, ing, *x.shape[2:])
    wg = w.reshape(groups, ing, outg, *ks)
    for kk in itertools.product(*[range(k) for k in ks]):
        sl = tuple(
            slice(
                kk[i] * dilations[i],
                kk[i] * dilations[i] + (x.shape[2 + i] - 1) * strides[i] + 1,
                strides[i],
            )
            for i in range(sp)
        )
        contrib = np.einsum(
            "ngj...,gjc->ngc...", xg, wg[(slice(None), slice(None), slice(None), *kk)]
        )
        y[(slice(None), slice(None), slice(None), *sl)] += contrib
    crop = tuple(slice(pads_begin[i], pads_begin[i] + out_spatial[i]) for i in range(sp))
    y = y[(slice(None), slice(None), slice(None), *crop)]
    return y.reshape(n, groups * outg, *out_spatial)


def convolution_backward_data(
    diff_dst: np.ndarray,
    w_oix: np.ndarray,
    diff_src_spatial: Sequence[int],
    strides: Sequence[int],
    pads_begin: Sequence[int],
    dilations: Sequence[int],
    groups: int = 1,
) -> np.ndarray:
    """§2.2: diff_src[n, g·ICg+ic, i] = Σ [...] diff_dst[n, g·OCg+oc, t/S] · W[.., ic, k]."""
    return transposed(
        diff_dst, w_oix, diff_src_spatial, strides, pads_begin, dilations, groups, False
    )


def conv_transpose(
    src: np.ndarray,
    w_iox: np.ndarray,
    strides: Sequence[int],
    pads_begin: Sequence[int],
    pads_end: Sequence[int],
    dilations: Sequence[int],
    output_padding: Sequence[int] | None = None,
    groups: int = 1,
    bias: np.ndarray | None = None,
) -> np.ndarray:
    """§2.3: O = S·(I-1) + Keff - PB - PE + OP, the scatter of src through W[IC, OC/G, K]."""
    ks = w_iox.shape[2:]
    op = output_padding or [0] * len(ks)
    outs = [
        strides[i] * (src.shape[2 + i] - 1)
        + keff(ks[i], dilations[i])
        - pads_begin[i]
        - pads_end[i]
        + op[i]
        for i in range(len(ks))
    ]
    y = transposed(src, w_iox, outs, strides, pads_begin, dilations, groups, True)
    if bias is not None:
        y = y + np.asarray(bias, dtype=np.float64).reshape((1, -1) + (1,) * len(ks))
    return y


def conv_transpose_backward_data(
    diff_dst: np.ndarray,
    w_iox: np.ndarray,
    strides: Sequence[int],
    pads_begin: Sequence[int],
    pads_end: Sequence[int],
    dilations: Sequence[int],
    groups: int = 1,
) -> np.ndarray:
    """§2.4: a forward convolution of diff_dst with the IOX weights read as OIX (O = IC)."""
    return convolution(diff_dst, w_iox, strides, pads_begin, pads_end, dilations, groups)


def auto_pads(
    x: int, s: int, k: int, d: int, auto_pad: str, deconv: bool = False
) -> tuple[int, int]:
    """§3 infer_auto_pad, written independently: (pads_begin, pads_end)."""
    if auto_pad == "VALID":
        return 0, 0
    ke = keff(k, d)
    total = ke - s if deconv or x % s == 0 else ke - x % s
    total = max(total, 0)
    pb = -(-total // 2) if auto_pad == "SAME_LOWER" else total // 2
    return pb, total - pb


# ---- multi-op graphs (benchdnn --graph pattern files), from oneDNN Graph's op definitions -------

_INT_RANGES = {"s8": (-128, 127), "u8": (0, 255), "s32": (-(2**31), 2**31 - 1)}


def _a(op: dict, name: str, default: object = None) -> object:
    a = op.get("attrs", {}).get(name)
    return default if a is None else a["value"]


def _to_ncx(x: np.ndarray, df: str) -> np.ndarray:
    return x if df == "NCX" else np.moveaxis(x, -1, 1)


def _from_ncx(x: np.ndarray, df: str) -> np.ndarray:
    return x if df == "NCX" else np.moveaxis(x, 1, -1)


def _round_to(x: np.ndarray, dtype: str) -> np.ndarray:
    """A value stored in a logical tensor of ``dtype`` (float types rounded, integers saturated)."""
    if dtype in _INT_RANGES:
        lo, hi = _INT_RANGES[dtype]
        return np.clip(np.round(x), lo, hi)
    if dtype == "bf16":
        import ml_dtypes

        return x.astype(np.float32).astype(ml_dtypes.bfloat16).astype(np.float64)
    if dtype == "f16":
        return x.astype(np.float16).astype(np.float64)
    return x


def _conv(op: dict, x: np.ndarray, w: np.ndarray, b: np.ndarray | None, deconv: bool) -> np.ndarray:
    df = str(_a(op, "data_format", "NXC"))
    wf = str(_a(op, "weights_format", "XOI" if deconv else "XIO"))
    xs = _to_ncx(x, df)
    if wf in ("XIO", "XOI"):
        w = np.moveaxis(np.moveaxis(w, -1, 0), -1, 1)  # XIO -> OIX, XOI -> IOX
    sp = xs.ndim - 2
    strides = list(_a(op, "strides"))
    dil = list(_a(op, "dilations"))
    pb, pe = list(_a(op, "pads_begin")), list(_a(op, "pads_end"))
    ap = str(_a(op, "auto_pad", "None"))
    if ap != "None":
        pads = [auto_pads(xs.shape[2 + i], strides[i], w.shape[2 + i], dil[i], ap, deconv) for i in range(sp)]
        pb, pe = [p[0] for p in pads], [p[1] for p in pads]
    groups = int(_a(op, "groups", 1))
    if deconv:
        opad = list(_a(op, "output_padding", [0] * sp))[:sp]
        y = conv_transpose(xs, w, strides, pb, pe, dil, opad, groups, b)
    else:
        y = convolution(xs, w, strides, pb, pe, dil, groups, b)
    return _from_ncx(y, df)


def _gelu(x: np.ndarray) -> np.ndarray:
    import math

    return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))


_UNARY_REF = {
    "ReLU": lambda x, op: np.maximum(x, 0),
    "Sigmoid": lambda x, op: 1 / (1 + np.exp(-x)),
    "Tanh": lambda x, op: np.tanh(x),
    "GELU": lambda x, op: _gelu(x),
    "Elu": lambda x, op: np.where(x > 0, x, float(_a(op, "alpha", 1.0)) * np.expm1(np.minimum(x, 0))),
    "LeakyReLU": lambda x, op: np.where(x >= 0, x, float(_a(op, "alpha", 0.01)) * x),
    "HardSwish": lambda x, op: x * np.clip(x + 3, 0, 6) / 6,
    "Mish": lambda x, op: x * np.tanh(np.log1p(np.exp(x))),
    "Clamp": lambda x, op: np.clip(x, float(_a(op, "min")), float(_a(op, "max"))),
    "Log": lambda x, op: np.log(x),
    "Exp": lambda x, op: np.exp(x),
    "Sqrt": lambda x, op: np.sqrt(x),
    "Square": lambda x, op: x * x,
    "Reciprocal": lambda x, op: 1 / x,
    "Round": lambda x, op: np.round(x),  # half to even, as nearbyint
    "Abs": lambda x, op: np.abs(x),
}
_BINARY_REF = {"Add": np.add, "Subtract": np.subtract, "Multiply": np.multiply, "Divide": np.divide,
               "Minimum": np.minimum, "Maximum": np.maximum}
_REDUCE_REF = {
    "ReduceSum": lambda x, ax: np.sum(x, axis=ax, keepdims=True),
    "ReduceMean": lambda x, ax: np.mean(x, axis=ax, keepdims=True),
    "ReduceMax": lambda x, ax: np.max(x, axis=ax, keepdims=True),
    "ReduceMin": lambda x, ax: np.min(x, axis=ax, keepdims=True),
    "ReduceProd": lambda x, ax: np.prod(x, axis=ax, keepdims=True),
    "ReduceL1": lambda x, ax: np.sum(np.abs(x), axis=ax, keepdims=True),
    "ReduceL2": lambda x, ax: np.sqrt(np.sum(x * x, axis=ax, keepdims=True)),
}


def _qparams(op: dict, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    scales = np.asarray(_a(op, "scales", [1.0]), np.float64)
    zps = np.asarray(_a(op, "zps", [0]), np.float64)
    if _a(op, "qtype", "per_tensor") == "per_channel" and scales.size > 1:
        axis = int(_a(op, "axis", 1)) % x.ndim
        shape = [1] * x.ndim
        shape[axis] = -1
        return scales.reshape(shape), zps.reshape(shape)
    return scales[:1].reshape(()), zps[:1].reshape(())


def _eval_op(op: dict, xs: list[np.ndarray]) -> np.ndarray:
    kind = op["kind"]
    x = xs[0]
    if kind in ("Convolution", "ConvTranspose"):
        return _conv(op, x, xs[1], xs[2] if len(xs) > 2 else None, kind == "ConvTranspose")
    if kind in _UNARY_REF:
        return _UNARY_REF[kind](x, op)
    if kind in _BINARY_REF:
        return _BINARY_REF[kind](x, xs[1])
    if kind in _REDUCE_REF:
        axes = tuple(int(a) % x.ndim for a in _a(op, "axes", []))
        y = _REDUCE_REF[kind](x, axes)
        return y if _a(op, "keep_dims", False) else np.squeeze(y, axis=axes)
    if kind == "BiasAdd":
        df = _a(op, "data_format", "NXC")
        shape = [1] * x.ndim
        shape[1 if df == "NCX" else -1] = -1
        return x + xs[1].reshape(shape)
    if kind == "MatMul":
        a = np.swapaxes(x, -1, -2) if _a(op, "transpose_a", 0) else x
        b = np.swapaxes(xs[1], -1, -2) if _a(op, "transpose_b", 0) else xs[1]
        y = np.matmul(a, b)
        return y + xs[2] if len(xs) > 2 else y
    if kind == "SoftMax":
        axis = int(_a(op, "axis", 1))
        e = np.exp(x - np.max(x, axis=axis, keepdims=True))
        return e / np.sum(e, axis=axis, keepdims=True)
    if kind == "LayerNorm":
        begin = int(_a(op, "begin_norm_axis", -1)) % x.ndim
        axes = tuple(range(begin, x.ndim))
        mean = np.mean(x, axis=axes, keepdims=True)
        var = np.mean((x - mean) ** 2, axis=axes, keepdims=True)
        y = (x - mean) / np.sqrt(var + float(_a(op, "epsilon", 1e-5)))
        if int(_a(op, "use_affine", 1)) and len(xs) >= 3:
            y = y * xs[1] + xs[2]
        return y
    if kind == "Interpolate":
        df = str(_a(op, "data_format", "NXC"))
        xc = _to_ncx(x, df)
        sizes = _a(op, "sizes")
        if not sizes:
            sizes = [int(np.float32(i) * np.float32(s))
                     for i, s in zip(xc.shape[2:], _a(op, "scales"), strict=True)]
        mode = "nearest" if _a(op, "mode") == "nearest" else "linear"
        ctm = str(_a(op, "coordinate_transformation_mode", "half_pixel"))
        return _from_ncx(interpolate(xc, list(sizes), mode, ctm), df)
    if kind == "Quantize":
        s, z = _qparams(op, x)
        return np.round(x / s) + z  # saturated by the output's type (_round_to)
    if kind == "Dequantize":
        s, z = _qparams(op, x)
        return (x - z) * s
    if kind in ("TypeCast", "Reorder"):
        return x
    if kind == "StaticReshape":
        shape = [int(d) for d in _a(op, "shape")]
        if _a(op, "special_zero", False):
            shape = [x.shape[i] if d == 0 else d for i, d in enumerate(shape)]
        return x.reshape(shape)
    if kind == "StaticTranspose":
        return np.transpose(x, [int(d) % x.ndim for d in _a(op, "order")])
    if kind in ("MaxPool", "AvgPool"):
        return _pool(op, x, kind == "AvgPool")
    if kind == "BatchNormInference":
        df = _a(op, "data_format", "NXC")
        shape = [1] * x.ndim
        shape[1 if df == "NCX" else -1] = -1
        gamma, beta, mean, var = (t.reshape(shape) for t in xs[1:5])
        return (x - mean) / np.sqrt(var + float(_a(op, "epsilon", 1e-5))) * gamma + beta
    if kind == "GroupNorm":
        g = int(_a(op, "groups", 1))
        xg = x.reshape(x.shape[0], g, -1)
        mean = xg.mean(axis=2, keepdims=True)
        var = ((xg - mean) ** 2).mean(axis=2, keepdims=True)
        y = ((xg - mean) / np.sqrt(var + float(_a(op, "epsilon", 1e-5)))).reshape(x.shape)
        if int(_a(op, "use_affine", 1)) and len(xs) >= 3:
            shape = [1, -1] + [1] * (x.ndim - 2)
            y = y * xs[1].reshape(shape) + xs[2].reshape(shape)
        return y
    if kind == "Concat":
        return np.concatenate(xs, axis=int(_a(op, "axis", 0)))
    if kind == "Select":
        return np.where(xs[0] != 0, xs[1], xs[2])
    raise NotImplementedError(kind)


def _pool(op: dict, x: np.ndarray, avg: bool) -> np.ndarray:
    """Max / average pooling on the NCX view: out = floor or ceil((X + PB + PE - Keff)/S) + 1."""
    df = str(_a(op, "data_format", "NXC"))
    xc = _to_ncx(x, df)
    sp = xc.ndim - 2
    k = list(_a(op, "kernel"))
    st = list(_a(op, "strides"))
    dil = list(_a(op, "dilations", [1] * sp))
    pb, pe = list(_a(op, "pads_begin")), list(_a(op, "pads_end"))
    ceil = _a(op, "rounding_type", "floor") == "ceil"
    outs = []
    for i in range(sp):
        span = xc.shape[2 + i] + pb[i] + pe[i] - keff(k[i], dil[i])
        outs.append((-(-span // st[i]) if ceil else span // st[i]) + 1)
    y = np.zeros((*xc.shape[:2], *outs))
    for o in itertools.product(*[range(n) for n in outs]):
        idx = [[o[i] * st[i] + j * dil[i] - pb[i] for j in range(k[i])] for i in range(sp)]
        inside = [[t for t in ax if 0 <= t < xc.shape[2 + i]] for i, ax in enumerate(idx)]
        window = xc[(slice(None), slice(None), *np.ix_(*inside))] if all(inside) else None
        if avg:
            total = 0.0 if window is None else window.sum(axis=tuple(range(2, 2 + sp)))
            count = math.prod(len(a) for a in inside) if _a(op, "exclude_pad", False) else math.prod(k)
            y[(slice(None), slice(None), *o)] = total / count
        else:
            y[(slice(None), slice(None), *o)] = window.max(axis=tuple(range(2, 2 + sp)))
    return _from_ncx(y, df)


def evaluate_graph(doc: dict, inputs: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """Evaluate a pattern in float64, op by op in dependency order; each logical tensor holds
    its value rounded to its dtype (bf16/f16 rounding, integer saturation), as oneDNN's spec
    defines the graph. Returns {output LT id: value} for the LTs no op consumes."""
    values = {int(k): np.asarray(v).astype(np.float64) for k, v in inputs.items()}
    pending = list(doc["graph"])
    while pending:
        for op in pending:
            if all(int(lt["id"]) in values for lt in op["inputs"]):
                with np.errstate(all="ignore"):  # log(0), 1/0, exp overflow: inf/nan as in IEEE
                    y = _eval_op(op, [values[int(lt["id"])] for lt in op["inputs"]])
                out = op["outputs"][0]
                values[int(out["id"])] = _round_to(y, out["dtype"])
                pending.remove(op)
                break
        else:
            raise ValueError("graph has a cycle or a missing input")
    consumed = {int(lt["id"]) for op in doc["graph"] for lt in op["inputs"]}
    return {int(lt["id"]): values[int(lt["id"])] for op in doc["graph"] for lt in op["outputs"]
            if int(lt["id"]) not in consumed}
