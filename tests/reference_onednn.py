"""Naive numpy references for the oneDNN Graph ops, written from the formulas of
shared/reference/onednn-graph-ops.md (§0, §2, §4), not from pydml's lowering.

All functions work on NCX data, OIX (convolution) / IOX (conv transpose) weights, in float64.
"""

from __future__ import annotations

import itertools
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
