"""FLOAT32 outputs past the last-level cache (operands over 32 MiB): the element-wise engine computes
each chunk into its stage and streams it to the output with non-temporal stores, the first chunk
cut at a 64-byte boundary of the output (native/engines/elementwise.c, run_span). Against numpy,
outputs poisoned around the view, on every ISA path and on 1 and 2 threads: misaligned outputs, a
broadcast operand (staged once, by the shorter first chunk), in place, ScaleBias with a fused
activation. Views through the engine's C entry points (test_elementwise_views' helpers)."""

from __future__ import annotations

import numpy as np
import pytest
from ew_harness import on_every_path
from test_elementwise_views import C, inputs, op, view

from pydml.native import lib

N = 3_000_003  # three FLOAT32 operands: 36 MB, past EW_STREAM_BYTES


@pytest.fixture(scope="module")
def data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(25)
    return rng.standard_normal(N).astype(np.float32), rng.standard_normal(N).astype(np.float32)


@pytest.mark.parametrize("offset", [0, 1, 3, 13])
def test_streamed_add_misaligned_output(data: tuple[np.ndarray, np.ndarray], offset: int) -> None:
    a, b = data
    want = a + b

    def execute() -> np.ndarray:
        out = np.full(N + 32, np.nan, np.float32)
        o, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_ADD, 2)
        assert C.pydml_ew_apply(o, inputs(view(a, [N], [1]), view(b, [N], [1])),
                                view(out, [N], [1], offset)) == lib.PYDML_STATUS_SUCCESS
        assert np.isnan(out[:offset]).all() and np.isnan(out[offset + N:]).all()  # nothing outside
        return out[offset:offset + N]

    for got in on_every_path(execute, (1, 2)):
        np.testing.assert_array_equal(got, want)


def test_streamed_broadcast_operand_and_in_place(data: tuple[np.ndarray, np.ndarray]) -> None:
    a, _ = data
    scalar = np.array([0.75], np.float32)
    want = a * scalar[0]

    def broadcast() -> np.ndarray:
        out = np.full(N + 8, np.nan, np.float32)
        o, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_MULTIPLY, 2)
        assert C.pydml_ew_apply(o, inputs(view(a, [N], [1]), view(scalar, [N], [0])),
                                view(out, [N], [1], 5)) == lib.PYDML_STATUS_SUCCESS
        return out[5:5 + N]

    def in_place() -> np.ndarray:
        buf = a.copy()
        o, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_MULTIPLY, 2)
        assert C.pydml_ew_apply(o, inputs(view(buf, [N], [1]), view(scalar, [N], [0])),
                                view(buf, [N], [1])) == lib.PYDML_STATUS_SUCCESS
        return buf

    for got in on_every_path(broadcast, (1, 2)) + on_every_path(in_place, (1, 2)):
        np.testing.assert_array_equal(got, want)


def test_streamed_scale_bias_and_fused_activation(data: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = data
    # ScaleBias applies to input 0 (x * 2 + 0.5, exact in float), then ADD, then RELU
    want = np.maximum((a * np.float32(2) + np.float32(0.5)) + b, np.float32(0))

    def execute() -> np.ndarray:
        out = np.full(N + 4, np.nan, np.float32)
        o, _ = op(lib.DML_OPERATOR_ELEMENT_WISE_ADD1, 2, has_scale_bias=1, scale=2.0, bias=0.5,
                  fused_type=lib.DML_OPERATOR_ACTIVATION_RELU)
        assert C.pydml_ew_apply(o, inputs(view(a, [N], [1]), view(b, [N], [1])),
                                view(out, [N], [1], 2)) == lib.PYDML_STATUS_SUCCESS
        return out[2:2 + N]

    for got in on_every_path(execute, (1, 2)):
        np.testing.assert_array_equal(got, want)
