"""The dense convolution engine's passes over output-channel blocks (CONV_PANEL_PASS_BYTES): an item
whose weight panels exceed a pass runs its blocks in several passes over its rows. Results against
float64 torch, bit-identical on 1 and 2 threads and across views; outputs poisoned first."""

from __future__ import annotations

import numpy as np
import pytest

import pydml
from pydml.native import lib


@pytest.mark.parametrize("cin", [480, 512])
def test_wide_filters_in_passes_compute_the_convolution(cin: int) -> None:
    import torch

    rng = np.random.default_rng(cin)
    x = rng.standard_normal((1, cin, 5, 6)).astype(np.float32)
    w = (rng.standard_normal((48, cin, 3, 3)) / np.sqrt(cin * 9)).astype(np.float32)
    bias = rng.standard_normal((48,)).astype(np.float32)
    x[0, 3, 2, 4] = np.nan  # poisons every output pixel whose window holds it
    desc = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc("FLOAT32", [1, cin, 5, 6]),
        FilterTensor=pydml.buffer_desc("FLOAT32", [48, cin, 3, 3]),
        BiasTensor=pydml.buffer_desc("FLOAT32", [1, 48, 1, 1]),
        OutputTensor=pydml.buffer_desc("FLOAT32", [1, 48, 5, 6]),
        Mode="CROSS_CORRELATION", Direction="FORWARD", DimensionCount=2, Strides=[1, 1],
        Dilations=[1, 1], StartPadding=[1, 1], EndPadding=[1, 1], OutputPadding=[0, 0], GroupCount=1)
    results = []
    for threads in (1, 2):
        previous = lib.pydml_set_num_threads(threads)
        try:
            op = pydml.Device().create_operator(desc)
            out = op.execute({"InputTensor": x, "FilterTensor": w, "BiasTensor": bias.reshape(1, 48, 1, 1)})
        finally:
            lib.pydml_set_num_threads(previous)
        results.append(np.asarray(out["OutputTensor"] if isinstance(out, dict) else out))
    assert np.array_equal(results[0], results[1], equal_nan=True)
    want = torch.nn.functional.conv2d(torch.from_numpy(x).double(), torch.from_numpy(w).double(),
                                      torch.from_numpy(bias).double(), padding=1).numpy()
    np.testing.assert_allclose(results[0], want, rtol=1e-4, atol=1e-4)
    assert np.isnan(results[0][0, :, 1:4, 3:6]).all() and np.isnan(results[0]).sum() == 48 * 9
