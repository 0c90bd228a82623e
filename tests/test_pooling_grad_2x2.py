"""AVERAGE_POOLING_GRAD of 2x2 windows with Strides 2 (native/families/pooling.c: ag2_slice, each dY row's
weighted values written twice along W into its two dX rows): the same bits on every ISA path and on 1 and 2
threads (-0.0 and a subnormal in the data), the float64 autograd gradient where torch has the padding and the
adjoint of pydml's forward where it has not; rows streamed past the caches (16 MiB of output) with rows on
every alignment (the staged rows' 64- and 32-byte streamed copies)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from ew_harness import ISA_PATHS, available_paths, run, tensor, threads

import pydml
from pydml.native import lib


def out_size(x: list[int], sp: list[int], ep: list[int]) -> list[int]:
    return [*x[:2], *((s + a + b - 2) // 2 + 1 for s, a, b in zip(x[2:], sp, ep, strict=True))]


def desc(x: list[int], sp: list[int], ep: list[int], incl: bool) -> Any:
    return pydml.DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC(
        InputGradientTensor=tensor("FLOAT32", out_size(x, sp, ep)), OutputGradientTensor=tensor("FLOAT32", x),
        Strides=[2, 2], WindowSize=[2, 2], StartPadding=sp, EndPadding=ep, IncludePadding=incl)


def every_path(d: Any, g: np.ndarray, thread_counts: tuple[int, ...] = (1, 2)) -> list[np.ndarray]:
    results = []
    for path in available_paths():
        lib.pydml_set_cpu_features(ISA_PATHS[path])
        try:
            for n in thread_counts:
                with threads(n):
                    results.append(run(d, {"InputGradientTensor": g})["OutputGradientTensor"])
        finally:
            lib.pydml_set_cpu_features(0xFFFFFFFF)
    return results


CASES = [  # (input, StartPadding, EndPadding)
    ([2, 3, 8, 40], [0, 0], [0, 0]),
    ([2, 3, 9, 37], [0, 0], [0, 0]),    # odd H and W: the last row and column no window covers
    ([1, 2, 9, 37], [1, 1], [0, 0]),    # StartPadding 1: dX row and column 0 alone in their windows
    ([1, 2, 10, 41], [1, 0], [1, 1]),   # EndPadding: windows cut by the end
    ([1, 2, 7, 36], [0, 1], [1, 0]),
    ([1, 2, 3, 5], [1, 1], [1, 1]),     # narrower than a vector
]


@pytest.mark.parametrize("incl", [False, True])
@pytest.mark.parametrize("case", CASES)
def test_average_pooling_grad_2x2_stride2(incl: bool, case: Any) -> None:
    x, sp, ep = case
    y = out_size(x, sp, ep)
    rng = np.random.default_rng(11)
    g = rng.standard_normal(y).astype(np.float32)
    g.reshape(-1)[rng.choice(g.size, 3, replace=False)] = -0.0
    g.reshape(-1)[0] = np.float32(3e-45)   # a subnormal: rounded as the generic rows round it, on every path
    d = desc(x, sp, ep, incl)
    results = every_path(d, g)
    assert all(r.tobytes() == results[0].tobytes() for r in results)
    dx = results[0]
    assert not np.isnan(dx).any()
    v = rng.standard_normal(x).astype(np.float32)
    fwd = pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", x), OutputTensor=tensor("FLOAT32", y), Strides=[2, 2],
        WindowSize=[2, 2], StartPadding=sp, EndPadding=ep, IncludePadding=incl)
    av = run(fwd, {"InputTensor": v})["OutputTensor"].astype(np.float64)
    lhs, rhs = float((g * av).sum()), float((dx.astype(np.float64) * v).sum())
    assert abs(lhs - rhs) <= 1e-5 * (abs(lhs) + 1), (lhs, rhs)
    if sp == ep and sp[0] == sp[1]:
        tx = torch.zeros(x, dtype=torch.float64, requires_grad=True)
        out = F.avg_pool2d(tx, 2, 2, sp[0], count_include_pad=incl)
        out.backward(torch.from_numpy(g.astype(np.float64)))
        np.testing.assert_allclose(dx, tx.grad.numpy().astype(np.float32), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("w, sp", [(224, 0), (223, 0), (225, 1)])
def test_average_pooling_grad_2x2_stride2_streamed(w: int, sp: int) -> None:
    # 1 x 96 x 224 x W floats of output (19 MB, past PL_STREAM_BYTES / 2 = 16 MiB): streamed; odd W puts
    # the rows on every 16-byte alignment (staged rows, copied with the widest streamed stores of the path)
    x = [1, 96, 224, w]
    y = out_size(x, [sp, sp], [sp, sp])
    g = np.random.default_rng(2).standard_normal(y).astype(np.float32)
    results = every_path(desc(x, [sp, sp], [sp, sp], False), g, (2,))
    assert all(r.tobytes() == results[0].tobytes() for r in results)
    tx = torch.zeros(x, dtype=torch.float64, requires_grad=True)
    F.avg_pool2d(tx, 2, 2, sp, count_include_pad=False).backward(torch.from_numpy(g.astype(np.float64)))
    np.testing.assert_allclose(results[0], tx.grad.numpy().astype(np.float32), rtol=1e-6, atol=1e-6)
