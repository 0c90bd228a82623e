"""An output whose strides make two elements share memory (a zero stride, interleaved axes) has no
defined result: DirectML's GPU threads would race on it. Such a desc is valid DirectML, so
validation accepts it; pydml refuses to execute it, at create_operator (naming the field, its
strides and sizes) and again in C for a view bound at execution."""

from __future__ import annotations

import numpy as np
import pytest

import pydml
from pydml.native import ffi, lib


def _add(out_sizes: list[int], out_strides: list[int] | None) -> object:
    a = pydml.buffer_desc("FLOAT32", out_sizes)
    return pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=a, BTensor=a, OutputTensor=pydml.buffer_desc("FLOAT32", out_sizes, strides=out_strides))


@pytest.mark.parametrize("sizes,strides,shown", [
    ([3, 4], [0, 1], r"Strides \[0, 1\] over Sizes \[3, 4\]"),
    ([2, 3, 4], [4, 4, 1], r"Strides \[4, 4, 1\] over Sizes \[2, 3, 4\]"),  # interleaved rows
    ([4, 4], [1, 2], r"Strides \[1, 2\] over Sizes \[4, 4\]"),
])
def test_an_output_that_overlaps_itself_is_valid_but_not_executed(sizes: list[int], strides: list[int],
                                                                  shown: str) -> None:
    desc = _add(sizes, strides)
    pydml.validate(desc)  # DirectML accepts the desc
    with pytest.raises(pydml.UnsupportedError,
                       match=rf"DML_ELEMENT_WISE_ADD_OPERATOR_DESC\.OutputTensor: {shown} make output "
                             r"elements share memory; DirectML leaves such an output undefined"):
        pydml.Device().create_operator(desc)


@pytest.mark.parametrize("sizes,strides", [([3, 4], [4, 1]), ([3, 4], [1, 3]), ([1, 4], [0, 1]),
                                            ([3, 1], [1, 0]), ([2, 2], [5, 2])])
def test_outputs_with_distinct_elements_execute(sizes: list[int], strides: list[int]) -> None:
    desc = _add(sizes, strides)
    op = pydml.Device().create_operator(desc)
    a = np.arange(np.prod(sizes), dtype=np.float32).reshape(sizes)
    out = op.execute({"ATensor": a, "BTensor": a})["OutputTensor"]
    np.testing.assert_array_equal(out, 2 * a)


def test_an_overlapping_output_view_is_refused_in_c() -> None:
    """pydml_operator_execute_views re-checks the bound output view (its strides may differ from
    the desc's) before any kernel runs."""
    op = pydml.Device().create_operator(_add([2, 4], None))
    handle = op.handle
    a = np.ones((2, 4), dtype=np.float32)
    out = np.full(8, np.nan, dtype=np.float32)
    views = []
    for array, strides in ((a, (4, 1)), (a, (4, 1)), (out, (0, 1))):
        v = ffi.new("pydml_tensor*")
        v.data_type = lib.DML_TENSOR_DATA_TYPE_FLOAT32
        v.dim_count = 2
        v.sizes[0], v.sizes[1] = 2, 4
        v.strides[0], v.strides[1] = strides
        v.data = ffi.cast("void*", array.ctypes.data)
        v.buffer_bytes = array.nbytes
        views.append(v)
    ins = ffi.new("const pydml_tensor*[]", views[:2])
    outs = ffi.new("const pydml_tensor*[]", views[2:])
    message = ffi.new("char[256]")
    status = lib.pydml_operator_execute_views(handle, ins, 2, outs, 1, message, 256)
    assert status == lib.PYDML_STATUS_INVALID_PARAMETER
    assert ffi.string(message).decode() == (
        "DML_ELEMENT_WISE_ADD_OPERATOR_DESC.OutputTensor: the view's strides make output elements "
        "share memory")
    assert np.isnan(out).all()  # nothing written
