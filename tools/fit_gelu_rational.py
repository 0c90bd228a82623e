"""Fits GELU's table-free R(a) of native/families/ew_activation.c (act_gelu_near) and prints its constants.

    python tools/fit_gelu_rational.py      (an offline tool, not run by the suite; needs torch for erfcx)

GELU(x) = x Phi(x) is formed from E = Phi(-a) = e^(-a^2/2) R(a), a = |x|, R(a) = erfcx(a / sqrt 2) / 2.
On [0, 13.05], R(a) = u P(v) with u = 1 / (a + 3) and v = u - 3/16 (exact in float for every a in
[0, 13]: see ACT_GELU_UC), P a polynomial of degree 9 in v. The fit is Lawson's iteration (weighted
least squares converging to the minimax fit for relative error) in a Chebyshev basis, converted to
monomials in v; the constant term is kept in double and split in two floats (hi, lo), then every
other coefficient in turn is rounded to float and the remaining ones refitted. It also prints the
linear fit G0 + G1 v of 1 + u P'(u) / P(u), which carries the rounding of u into P's argument.
Prints the worst relative fit error in double. The ulp bound comes from the C function, checked on
every float with |x| <= 13 by tools/check_gelu_ulp.c (worst 2 ulp, against double erfc).
"""

from __future__ import annotations

import numpy as np
import torch
from numpy.polynomial import chebyshev as ch
from numpy.polynomial import polynomial as po

C, UC, DEGREE, AMAX = 3.0, 0.1875, 9, 13.05


def r_of(a: np.ndarray) -> np.ndarray:
    z = torch.from_numpy(np.asarray(a / np.sqrt(2.0), np.float64))
    out: np.ndarray = 0.5 * torch.special.erfcx(z).numpy()
    return out


def lawson(v: np.ndarray, y: np.ndarray, fixed: list[float], degree: int) -> np.ndarray:
    """Coefficients (monomials in v) of the relative-minimax fit of y, the first len(fixed) given."""
    lo, hi = v.min(), v.max()
    s = (2 * v - lo - hi) / (hi - lo)
    nf = len(fixed)
    base = sum(c * v**k for k, c in enumerate(fixed))
    a = ch.chebvander(s, degree - nf) * (v**nf)[:, None]
    w: np.ndarray = np.ones(len(v))
    for _ in range(300):
        wt = np.sqrt(w) / np.abs(y)
        c = np.linalg.lstsq(a * wt[:, None], (y - base) * wt, rcond=None)[0]
        err = (a @ c + base - y) / y
        w = w * (np.abs(err) + 1e-300)
        w /= w.sum()
    mono = ch.cheb2poly(c)
    alpha, beta = 2 / (hi - lo), -(lo + hi) / (hi - lo)
    pv: np.ndarray = np.zeros(1)
    for k, ck in enumerate(mono):
        pv = po.polyadd(pv, ck * po.polypow([beta, alpha], k))
    return np.concatenate([fixed, pv])


def main() -> None:
    a = AMAX * (0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, 8000)))
    u = 1 / (a + C)
    v = u - UC
    y = r_of(a) * (a + C)
    fixed = [float(lawson(v, y, [], DEGREE)[0])]
    for k in range(1, DEGREE + 1):
        fixed.append(float(np.float32(lawson(v, y, fixed, DEGREE)[k])))
    p = sum(c * v**k for k, c in enumerate(fixed))
    dp = sum(k * c * v ** (k - 1) for k, c in enumerate(fixed) if k)
    g = 1 + u * dp / p
    g1, g0 = np.polyfit(v, g, 1)
    hi = float(np.float32(fixed[0]))
    print(f"/* worst relative fit error {np.abs((p - y) / y).max():.2e}; 1 + uP'/P in "
          f"[{g.min():.3f}, {g.max():.3f}], its linear fit within {np.abs(g0 + g1 * v - g).max():.3f} */")
    print(f"#define ACT_GELU_P0_HI {hi!r}f\n#define ACT_GELU_P0_LO {float(np.float32(fixed[0] - hi))!r}f")
    print(f"#define ACT_GELU_G0 {float(np.float32(g0))!r}f\n#define ACT_GELU_G1 {float(np.float32(g1))!r}f")
    print("static const float act_gelu_p[9] = {" + ", ".join(f"{c!r}f" for c in fixed[1:]) + "};")


if __name__ == "__main__":
    main()
