"""Fits the piecewise polynomial tables of native/engines/ew_piecewise.h and prints them as C.

    python tools/fit_ew_piecewise.py tanh     (needs scipy; an offline tool, not run by the suite)

|x| in [0, 16) is cut into 32 intervals by its float bits (native/engines/ew_piecewise.h, ew_pw_index):
[0, 1/16 * 1.25), then quarters of each binade from 1/16 to 16. On each interval the function is a
polynomial in t = |x| - c, c the interval's midpoint rounded to float (0 for the first interval,
which reaches 0), fitted by Lawson's iteration (weighted least squares converging to the minimax
fit) for relative error, then rounded to float. Each run prints the worst relative fit error in
double; the ulp bounds come from the C functions (tests/test_ew_math.py, test_ew_activation.py).

  tanh: tanh(|x|), degree 5, for |x| <= 9.5 (the row clamps |x| there; tanh rounds to 1 above
        9.01); the first interval's constant term is 0, so tanh(x) = x to the last bit for tiny x.

GELU needs no table (tools/fit_gelu_rational.py fits its rational form).
"""

from __future__ import annotations

import sys

import numpy as np

BASE = 0x3D800000  # 1/16
INTERVALS = 32


def bound(j: int) -> float:
    return float(np.array([BASE + (j << 21)], np.uint32).view(np.float32)[0])


def fit(fn, degree: int, lo: float, hi: float, c: float, zero_constant: bool) -> tuple[np.ndarray, float]:
    lo = max(lo, 1e-6 * hi)
    x = lo + (hi - lo) * (0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, 2000)))
    y = fn(x)
    t = x - c
    powers = range(1, degree + 1) if zero_constant else range(degree + 1)
    a = np.vstack([t**k for k in powers]).T
    w = np.ones_like(x)
    for _ in range(30):
        weights = w / np.abs(y)
        coef = np.linalg.lstsq(a * weights[:, None], y * weights, rcond=None)[0]
        err = (a @ coef - y) / y
        w = w * (np.abs(err) + 1e-30)
        w /= w.max()
    if zero_constant:
        coef = np.concatenate([[0.0], coef])
    return coef, float(np.abs(err).max())


def c_array(name: str, rows: list[np.ndarray], labels: list[str]) -> str:
    out = [f"static const float {name}[{len(rows)}][{INTERVALS}] = {{"]
    for label, row in zip(labels, rows, strict=True):
        values = ", ".join(f"{float(np.float32(v))!r}f" for v in row)
        out.append(f"    /* {label} */ {{{values}}},")
    out.append("};")
    return "\n".join(out)


def main() -> None:
    try:
        from scipy.special import erfcx
    except ImportError:
        import torch

        def erfcx(z: np.ndarray) -> np.ndarray:
            return torch.special.erfcx(torch.from_numpy(np.asarray(z, np.float64))).numpy()

    which = sys.argv[1] if len(sys.argv) > 1 else "tanh"
    if which == "tanh":
        fn, degree, top, split = np.tanh, 5, 9.6, False
    else:
        fn, degree, top, split = (lambda a: 0.5 * erfcx(a / np.sqrt(2.0))), 5, 13.1, True
    centers = np.zeros(INTERVALS)
    coefs = np.zeros((degree + 1, INTERVALS))
    lows = np.zeros(INTERVALS)
    worst = 0.0
    for j in range(INTERVALS):
        lo = 0.0 if j == 0 else bound(j)
        if lo >= top:
            continue
        hi = min(bound(j + 1), top)
        c = 0.0 if j == 0 else float(np.float32((lo + hi) / 2))
        coef, err = fit(fn, degree, lo, hi, c, zero_constant=which == "tanh" and j == 0)
        worst = max(worst, err)
        centers[j] = c
        coefs[:, j] = coef
        lows[j] = coef[0] - float(np.float32(coef[0]))
    print(f"/* worst relative fit error {worst:.2e} */")
    rows = [centers, *coefs]
    labels = ["c", *[f"x^{k}" for k in range(degree + 1)]]
    if split:
        rows = [centers, coefs[0], lows, *coefs[1:]]
        labels = ["c", "x^0 hi", "x^0 lo", *[f"x^{k}" for k in range(1, degree + 1)]]
    print(c_array(f"ew_{which}_table", rows, labels))


if __name__ == "__main__":
    main()
