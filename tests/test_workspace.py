"""DirectML's temporary resource across the families (issue 28 item 1): pooling gradients, ROI_ALIGN
(1, GRAD), data movement, normalization (and its training forms), reduce and scans, TOP_K, the
integer and quantized products (im2col, zero points, the 8-bit engine's packing) and softmax take
every buffer an execution needs from the workspace (GetBindingProperties' TemporaryResourceSize),
sized from the plan by each family's temporary_bytes. For one operator per family (and per path
with its own scratch): the size is reported, a caller's buffer of exactly that size filled with
garbage gives the bits of an execution without one (each family's own tests check the values
against their references), a smaller buffer is refused with an error, and one operator runs from
several threads at once (no lock: each execution has its own workspace).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest
from ew_harness import same_bits_from_threads
from test_data_movement import join, padding
from test_fold_unfold import desc as fold_desc
from test_integer_products import mmi_desc, qlconv_desc, rand_int
from test_normalization import bn_desc, lrn_desc, mvn_desc
from test_normalization_training import bnt_desc, grad_desc, lrn_grad_desc
from test_pooling import make as pool_desc
from test_reduce import reduce_desc, scan_desc
from test_roi import make as roi_pool_desc
from test_roi_align import make1
from test_softmax import make as softmax_desc
from test_top_k import make as top_k_desc
from test_training_gradients import avg_grad, max_grad, roi_case, roi_grad

import pydml
from pydml.native import NUMPY_DTYPES


def _rois() -> dict[str, np.ndarray]:
    _, r, b = roi_case(np.random.default_rng(3), 2, 3, 6, 7, 5)
    return {"ROITensor": r, "BatchIndicesTensor": b}


def _mmi() -> tuple[Any, dict[str, Any]]:
    rng = np.random.default_rng(5)
    desc = mmi_desc("UINT8", "INT8", [2, 9, 33], [2, 33, 17], [2, 9, 17], az=[1, 9, 1], bz=[1, 1, 17])
    return desc, {"ATensor": rand_int(rng, "UINT8", (2, 9, 33)), "BTensor": rand_int(rng, "INT8", (2, 33, 17)),
                  "AZeroPointTensor": rand_int(rng, "UINT8", (1, 9, 1)),
                  "BZeroPointTensor": rand_int(rng, "INT8", (1, 1, 17))}


def _qlconv() -> tuple[Any, dict[str, Any]]:
    # two groups, padding: im2col, per-channel filter zero points and scales, the engine's packing
    rng = np.random.default_rng(6)
    desc = qlconv_desc("UINT8", "INT8", "UINT8", [2, 4, 9, 8], [6, 2, 3, 3], [2, 6, 9, 8], (1, 1), (1, 1),
                       (1, 1), (1, 1), 2, ws=[1, 6, 1, 1], bias=True)
    one = (1, 1, 1, 1)
    return desc, {"InputTensor": rand_int(rng, "UINT8", (2, 4, 9, 8)),
                  "InputScaleTensor": np.full(one, 0.02, np.float32),
                  "InputZeroPointTensor": rand_int(rng, "UINT8", one),
                  "FilterTensor": rand_int(rng, "INT8", (6, 2, 3, 3)),
                  "FilterScaleTensor": rng.uniform(0.01, 0.03, (1, 6, 1, 1)).astype(np.float32),
                  "FilterZeroPointTensor": rand_int(rng, "INT8", (1, 6, 1, 1), -8, 8),
                  "BiasTensor": rng.integers(-3000, 3000, (1, 6, 1, 1)).astype(np.int32),
                  "OutputScaleTensor": np.full(one, 0.5, np.float32),
                  "OutputZeroPointTensor": np.full(one, 128, np.uint8)}


# name -> (desc, inputs not filled with uniform [0.5, 1.5) floats)
CASES: dict[str, Callable[[], tuple[Any, dict[str, Any]]]] = {
    "TOP_K1": lambda: (top_k_desc([3, 40], 1, 5, pydml.DML_AXIS_DIRECTION_DECREASING), {}),
    "REDUCE run offsets": lambda: (reduce_desc("SUM", [3, 4, 5], [0, 2]), {}),
    "REDUCE long pieces": lambda: (reduce_desc("SUM", [2, 70000], [1]), {}),
    "CUMULATIVE_SUMMATION long": lambda: (scan_desc("SUM", [1, 1 << 18], 1), {}),
    "MEAN_VARIANCE_NORMALIZATION": lambda: (mvn_desc([2, 3, 4, 5], True, scale=[1, 3, 1, 1]), {}),
    "BATCH_NORMALIZATION": lambda: (bn_desc([2, 3, 4, 5], [[1, 3, 1, 1]] * 4), {}),
    "LOCAL_RESPONSE_NORMALIZATION": lambda: (lrn_desc([2, 5, 4, 6], False, 3), {}),
    "BATCH_NORMALIZATION_TRAINING": lambda: (bnt_desc([2, 3, 4, 5], [1, 3, 1, 1]), {}),
    "BATCH_NORMALIZATION_TRAINING_GRAD": lambda: (grad_desc(True, [2, 3, 4, 5], [1, 3, 1, 1]), {}),
    "LOCAL_RESPONSE_NORMALIZATION_GRAD": lambda: (lrn_grad_desc([2, 5, 4, 6], True, 3), {}),
    "ROI_ALIGN1": lambda: (make1([2, 3, 6, 7], 5, (2, 3)), _rois()),
    "ROI_ALIGN_GRAD": lambda: (roi_grad([2, 3, 6, 7], 5, (2, 3), droi=True), _rois()),
    "AVERAGE_POOLING_GRAD": lambda: (avg_grad("FLOAT32", [2, 3, 9, 10], [3, 3], [2, 2], [1, 1], [1, 1],
                                              False), {}),
    "MAX_POOLING_GRAD": lambda: (max_grad("FLOAT32", [2, 3, 9, 10], [3, 3], [2, 2], [1, 1], [1, 1], [1, 1]),
                                 {}),
    "JOIN": lambda: (join([[2, 3], [2, 5]], [2, 8], 1), {}),
    "PADDING": lambda: (padding("PADDING", [2, 3, 4], [1, 0, 2], [0, 3, 1], "DML_PADDING_MODE_REFLECTION"),
                        {}),
    "FOLD": lambda: (fold_desc("FOLD", [2, 3, 7, 8], [3, 2], [2, 1]), {}),
    "MATRIX_MULTIPLY_INTEGER": _mmi,
    "QUANTIZED_LINEAR_CONVOLUTION": _qlconv,
    # FLOAT16 lines (the contiguous FLOAT32 path reads and writes its tensors only)
    "ACTIVATION_SOFTMAX": lambda: (softmax_desc("softmax", [3, 50], dtype="FLOAT16"), {}),
    "ACTIVATION_SOFTMAX1 run offsets": lambda: (softmax_desc("softmax", [3, 4, 5], axes=[0, 2]), {}),
    "ACTIVATION_LOG_SOFTMAX1 columns": lambda: (softmax_desc("log_softmax", [6, 40, 5], axes=[1]), {}),
}


def _inputs(op: Any, given: Mapping[str, Any]) -> dict[str, Any]:
    rng = np.random.default_rng(11)
    out: dict[str, Any] = dict(given)
    for name in op.input_names:
        if name in out:
            continue
        if name not in op._layout.bound:  # a tensor array: one array per element, bound as a list
            elements = sorted((n for n in op._layout.bound if n.startswith(name + "[")),
                              key=lambda n: int(n[len(name) + 1:-1]))
            out[name] = [_array(op._layout.bound[n][1], rng) for n in elements]
        else:
            out[name] = _array(op._layout.bound[name][1], rng)
    return out


def _array(t: Any, rng: np.random.Generator) -> np.ndarray:
    return rng.uniform(0.5, 1.5, list(t.Sizes)).astype(NUMPY_DTYPES[int(t.DataType)])


def _bits(out: Mapping[str, Any]) -> bytes:
    parts: list[bytes] = []
    for k in sorted(out):
        v = out[k]
        parts.extend(a.tobytes() for a in (v if isinstance(v, list) else [v]))
    return b"".join(parts)


@pytest.mark.parametrize("name", list(CASES))
def test_the_callers_temporary_gives_the_same_bits(name: str) -> None:
    desc, given = CASES[name]()
    op = pydml.Device().create_operator(desc)
    inputs = _inputs(op, given)
    need = op.binding_properties["temporary_bytes"]
    assert need > 64, name  # scratch beyond the alignment slack
    expected = _bits(op.execute(inputs))
    for fill in (0xFF, 0x00):  # NaN bytes; zeros (scratch the kernels must clear themselves)
        temporary = np.full(need, fill, np.uint8)
        assert _bits(op.execute(inputs, temporary=temporary)) == expected, (name, fill)
        assert (temporary != fill).any(), name  # the caller's memory was used
    with pytest.raises(pydml.PydmlError, match=f"fewer than the {need}"):
        op.execute(inputs, temporary=np.zeros(need - 1, np.uint8))


def test_operators_without_scratch_report_none() -> None:
    # ROI_POOLING and the forward poolings read and write their tensors only
    for desc in (roi_pool_desc([1, 2, 5, 5], 3, (2, 2)), pool_desc("MAX_POOLING", [1, 2, 6, 6], [2, 2])):
        assert pydml.Device().create_operator(desc).binding_properties["temporary_bytes"] == 0


@pytest.mark.parametrize("name", ["REDUCE run offsets", "MAX_POOLING_GRAD", "ROI_ALIGN1", "FOLD",
                                  "BATCH_NORMALIZATION_TRAINING", "TOP_K1", "MEAN_VARIANCE_NORMALIZATION",
                                  "MATRIX_MULTIPLY_INTEGER", "QUANTIZED_LINEAR_CONVOLUTION",
                                  "ACTIVATION_LOG_SOFTMAX1 columns"])
def test_one_operator_executed_from_three_threads_at_once(name: str) -> None:
    desc, given = CASES[name]()
    op = pydml.Device().create_operator(desc)
    inputs = _inputs(op, given)
    expected = _bits(op.execute(inputs))
    same_bits_from_threads(lambda: _bits(op.execute(inputs)), expected, repeats=10)
