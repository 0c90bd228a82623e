"""The axis families' shared work split (native/engines/axis_split.c): REDUCE, SOFTMAX1, TOP_K1,
MEAN_VARIANCE_NORMALIZATION1 (groups, and few long groups split chunk by chunk), LOCAL_RESPONSE_
NORMALIZATION, BATCH_NORMALIZATION and ROI_POOLING give the same bits on 1, 2 and 3 threads: every
item is computed by one thread from its own inputs, whatever thread runs which chunk. (Their
results against references are the families' own tests.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from ew_harness import run, tensor

import pydml
from pydml.native import lib


def with_threads(n: int, fn: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    previous = lib.pydml_set_num_threads(n)
    try:
        return {k: np.array(v, copy=True) for k, v in fn().items()}
    finally:
        lib.pydml_set_num_threads(previous)


def case(name: str, rng: np.random.Generator) -> tuple[Any, dict[str, np.ndarray]]:
    if name == "reduce_small_groups":
        x = rng.standard_normal([20000, 5]).astype(np.float32)
        return pydml.DML_REDUCE_OPERATOR_DESC(
            Function="SUM", InputTensor=tensor("FLOAT32", [20000, 5]),
            OutputTensor=tensor("FLOAT32", [20000, 1]), Axes=[1]), {"InputTensor": x}
    if name == "reduce_columns":  # a middle axis: column tiles
        x = rng.standard_normal([8, 300, 40]).astype(np.float32)
        return pydml.DML_REDUCE_OPERATOR_DESC(
            Function="L2", InputTensor=tensor("FLOAT32", [8, 300, 40]),
            OutputTensor=tensor("FLOAT32", [8, 1, 40]), Axes=[1]), {"InputTensor": x}
    if name in ("softmax_rows", "softmax_columns"):
        sizes = [64, 1024] if name == "softmax_rows" else [16, 128, 64]
        x = (rng.standard_normal(sizes) * 4).astype(np.float32)
        return pydml.DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", sizes), OutputTensor=tensor("FLOAT32", sizes),
            Axes=[1]), {"InputTensor": x}
    if name == "top_k":
        x = rng.standard_normal([4000, 37]).astype(np.float32)
        return pydml.DML_TOP_K1_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", [4000, 37]), OutputValueTensor=tensor("FLOAT32", [4000, 3]),
            OutputIndexTensor=tensor("UINT32", [4000, 3]), Axis=1, K=3,
            AxisDirection="DECREASING"), {"InputTensor": x}
    if name in ("mvn_groups", "mvn_split"):
        sizes = [512, 96] if name == "mvn_groups" else [2, 300_000]  # split: few groups >= 262144
        x = (rng.standard_normal(sizes) * 3 + 1).astype(np.float32)
        s = rng.standard_normal([1, sizes[1]]).astype(np.float32)
        return pydml.DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", sizes), ScaleTensor=tensor("FLOAT32", [1, sizes[1]]),
            OutputTensor=tensor("FLOAT32", sizes), Axes=[1], NormalizeVariance=True,
            Epsilon=1e-5), {"InputTensor": x, "ScaleTensor": s}
    if name in ("lrn_cross", "lrn_within"):
        x = rng.standard_normal([2, 12, 20, 24]).astype(np.float32)
        return pydml.DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", [2, 12, 20, 24]), OutputTensor=tensor("FLOAT32", [2, 12, 20, 24]),
            CrossChannel=name == "lrn_cross", LocalSize=3, Alpha=0.1, Beta=0.75, Bias=1.0), {"InputTensor": x}
    if name == "batch_norm":
        x = rng.standard_normal([4, 8, 40, 40]).astype(np.float32)
        p = [rng.uniform(0.5, 2, [1, 8, 1, 1]).astype(np.float32) for _ in range(4)]
        ps = tensor("FLOAT32", [1, 8, 1, 1])
        return pydml.DML_BATCH_NORMALIZATION_OPERATOR_DESC(
            InputTensor=tensor("FLOAT32", [4, 8, 40, 40]), MeanTensor=ps, VarianceTensor=ps, ScaleTensor=ps,
            BiasTensor=ps, OutputTensor=tensor("FLOAT32", [4, 8, 40, 40]), Spatial=True, Epsilon=1e-5), \
            {"InputTensor": x, "MeanTensor": p[0], "VarianceTensor": p[1], "ScaleTensor": p[2],
             "BiasTensor": p[3]}
    assert name == "roi_pooling"
    x = rng.standard_normal([2, 16, 32, 32]).astype(np.float32)
    rois = np.array([[b % 2, 1 + b, 2, 20 + b % 7, 30] for b in range(12)], np.float32).reshape(1, 1, 12, 5)
    return pydml.DML_ROI_POOLING_OPERATOR_DESC(
        InputTensor=tensor("FLOAT32", [2, 16, 32, 32]), ROITensor=tensor("FLOAT32", [1, 1, 12, 5]),
        OutputTensor=tensor("FLOAT32", [12, 16, 12, 12]), SpatialScale=1.0,  # above ROI_PARALLEL_MIN
        PooledSize=pydml.DML_SIZE_2D(Height=12, Width=12)), {"InputTensor": x, "ROITensor": rois}


@pytest.mark.parametrize("name", ["reduce_small_groups", "reduce_columns", "softmax_rows", "softmax_columns",
                                  "top_k", "mvn_groups", "mvn_split", "lrn_cross", "lrn_within",
                                  "batch_norm", "roi_pooling"])
def test_results_do_not_depend_on_the_thread_count(name: str, rng: np.random.Generator) -> None:
    desc, inputs = case(name, rng)
    one = with_threads(1, lambda: run(desc, inputs))
    for n in (2, 3):
        other = with_threads(n, lambda: run(desc, inputs))
        for out in one:
            assert one[out].dtype.kind != "f" or not np.isnan(one[out]).any(), out  # every output written
            assert one[out].tobytes() == other[out].tobytes(), (out, n)
