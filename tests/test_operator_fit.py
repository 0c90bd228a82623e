"""OperatorFit (pydml/device.py over native/api/desc_fit.c): two compiled operators whose descs differ
only in integers give a fit that makes the operator at another value of the parameter in one C call.
Checked against operators created in full from the desc at that value (the same desc by the C
walk, the same bits when run), and every refusal: a difference that is not an integer, an integer
below 2, a value that is not whole, a tensor past the device's element bound. Also
``compile_graph_like``: a graph compiled from another's C desc with some operators swapped runs as
the graph compiled in full does."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import pydml
from pydml.device import OperatorFit
from pydml.graph_descs import (
    DML_INPUT_GRAPH_EDGE_DESC,
    DML_INTERMEDIATE_GRAPH_EDGE_DESC,
    DML_OUTPUT_GRAPH_EDGE_DESC,
    GraphDesc,
    OperatorGraphNodeDesc,
)

DEVICE = pydml.Device()


def join(past: int, dtype: str = "FLOAT32", axis: int = 2) -> Any:
    """Concat of a [1, 4, past, 8] cache and a [1, 4, 1, 8] row along ``axis``."""
    a = [1, 4, past, 8]
    b = [1, 4, 1, 8]
    out = [1, 4, past + 1, 8]
    return pydml.DML_JOIN_OPERATOR_DESC(
        InputTensors=[pydml.buffer_desc(dtype, a), pydml.buffer_desc(dtype, b)],
        OutputTensor=pydml.buffer_desc(dtype, out), Axis=axis)


def scores(past: int) -> Any:
    """q [1, 4, 1, 8] x k^T, k a [1, 4, past, 8] cache (TransB)."""
    return pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=pydml.buffer_desc("FLOAT32", [1, 4, 1, 8]),
        BTensor=pydml.buffer_desc("FLOAT32", [1, 4, past, 8]),
        OutputTensor=pydml.buffer_desc("FLOAT32", [1, 4, 1, past]), TransA="DML_MATRIX_TRANSFORM_NONE",
        TransB="DML_MATRIX_TRANSFORM_TRANSPOSE", Beta=0.0,
        Alpha=0.125)


def input_shapes(make: Any, past: int) -> list[list[int]]:
    return [[1, 4, past, 8], [1, 4, 1, 8]] if make is join else [[1, 4, 1, 8], [1, 4, past, 8]]


def fit_of(make: Any, first: int, second: int) -> OperatorFit:
    fit = OperatorFit.of(DEVICE.create_operator(make(first)), DEVICE.create_operator(make(second)))
    assert fit is not None
    return fit


@pytest.mark.parametrize("make", [join, scores])
def test_a_fitted_operator_is_the_operator_created_in_full(make: Any) -> None:
    fit = fit_of(make, 5, 6)
    assert fit.sites > 0
    rng = np.random.default_rng(0)
    for past in (2, 7, 40, 129):
        s = Fraction(past - 6, 6 - 5)
        made = fit.create(s, lambda past=past: make(past), None)
        assert made is not None
        full = DEVICE.create_operator(make(past))
        assert fit.predicts(s, full)
        assert made.desc == make(past)  # its Python desc, made when asked for
        arrays = [rng.standard_normal(shape).astype(np.float32) for shape in input_shapes(make, past)]
        inputs: dict[str, Any] = ({"InputTensors": arrays} if make is join
                                  else {"ATensor": arrays[0], "BTensor": arrays[1]})
        got, want = made.execute(inputs), full.execute(inputs)
        for name in want:
            assert np.array_equal(np.asarray(got[name]), np.asarray(want[name])), (past, name)


def test_a_fit_predicts_only_its_own_operators() -> None:
    fit = fit_of(join, 5, 6)
    assert fit.predicts(Fraction(0), DEVICE.create_operator(join(6)))
    assert fit.predicts(Fraction(-1), DEVICE.create_operator(join(5)))
    assert not fit.predicts(Fraction(1), DEVICE.create_operator(join(8)))
    assert not fit.predicts(Fraction(2), DEVICE.create_operator(join(8, "FLOAT16")))
    assert not fit.predicts(Fraction(2), DEVICE.create_operator(scores(8)))
    flagged = pydml.Device().create_operator(join(8), flags="DML_EXECUTION_FLAG_DISABLE_META_COMMANDS")
    assert not fit.predicts(Fraction(2), flagged)


def test_descs_that_differ_in_more_than_integers_have_no_fit() -> None:
    op = DEVICE.create_operator
    assert OperatorFit.of(op(join(5)), op(join(6, "FLOAT16"))) is None  # a data type
    assert OperatorFit.of(op(join(5)), op(join(6, axis=2))) is not None
    assert OperatorFit.of(op(join(5)), op(scores(6))) is None  # another operator
    alpha = dataclasses.replace(scores(6), Alpha=0.5)
    assert OperatorFit.of(op(scores(5)), op(alpha)) is None  # a float
    assert OperatorFit.of(op(join(1)), op(join(3))) is None  # an integer below 2 (a size of 1)
    strided = pydml.DML_JOIN_OPERATOR_DESC(
        InputTensors=[pydml.buffer_desc("FLOAT32", [1, 4, 6, 8], strides=[192, 48, 8, 1]),
                      pydml.buffer_desc("FLOAT32", [1, 4, 1, 8])],
        OutputTensor=pydml.buffer_desc("FLOAT32", [1, 4, 7, 8]), Axis=2)
    assert OperatorFit.of(op(join(5)), op(strided)) is None  # strides given in one only
    flagged = pydml.Device().create_operator(join(6), flags="DML_EXECUTION_FLAG_DISABLE_META_COMMANDS")
    assert OperatorFit.of(op(join(5)), flagged) is None  # other execution flags


def test_a_fit_refuses_values_that_are_not_whole_or_below_two_or_too_large() -> None:
    fit = fit_of(join, 5, 7)  # each step of s is 2 rows
    assert fit.create(Fraction(1, 2), lambda: None, None) is not None  # past 8: whole
    assert fit.create(Fraction(1, 4), lambda: None, None) is None  # past 7.5
    assert fit.create(Fraction(-3), lambda: None, None) is None  # past 1
    assert fit.create(Fraction(-7), lambda: None, None) is None  # past -7
    assert fit.create(Fraction(1 << 62), lambda: None, None) is None  # past its field
    assert fit.create(Fraction(1 << 70), lambda: None, None) is None  # past int64
    assert fit.create(Fraction(10), lambda: None, 4 * 28 * 8) is not None  # past 27: a 4 x 28 x 8 output
    assert fit.create(Fraction(10), lambda: None, 4 * 28 * 8 - 1) is None  # one element over the bound


def relu(shape: list[int]) -> Any:
    return pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(InputTensor=pydml.buffer_desc("FLOAT32", shape),
                                                   OutputTensor=pydml.buffer_desc("FLOAT32", shape))


def two_node_graph(first: Any, second: Any) -> GraphDesc:
    return GraphDesc(
        Nodes=[OperatorGraphNodeDesc(Operator=first, Name="join"), OperatorGraphNodeDesc(Operator=second)],
        InputEdges=[DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=0, ToNodeIndex=0, ToNodeInputIndex=0),
                    DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=1, ToNodeIndex=0, ToNodeInputIndex=1)],
        OutputEdges=[DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=1, FromNodeOutputIndex=0, GraphOutputIndex=0)],
        IntermediateEdges=[DML_INTERMEDIATE_GRAPH_EDGE_DESC(FromNodeIndex=0, FromNodeOutputIndex=0,
                                                            ToNodeIndex=1, ToNodeInputIndex=0)])


def test_a_graph_compiled_like_another_runs_as_one_compiled_in_full() -> None:
    base_desc = two_node_graph(DEVICE.create_operator(join(6)), DEVICE.create_operator(relu([1, 4, 7, 8])))
    base = DEVICE.compile_graph(base_desc)
    swapped = two_node_graph(DEVICE.create_operator(join(9)), DEVICE.create_operator(relu([1, 4, 10, 8])))
    like_desc = GraphDesc(Nodes=swapped.Nodes, InputEdges=base_desc.InputEdges, OutputEdges=base_desc.OutputEdges,
                          IntermediateEdges=base_desc.IntermediateEdges)
    like = DEVICE.compile_graph_like(base, like_desc)
    assert like._marshalled is not None and like._marshalled.c_nodes != base._marshalled.c_nodes
    full = DEVICE.compile_graph(like_desc)
    rng = np.random.default_rng(3)
    inputs = [rng.standard_normal((1, 4, 9, 8)).astype(np.float32),
              rng.standard_normal((1, 4, 1, 8)).astype(np.float32)]
    got, want = like.execute(inputs), full.execute(inputs)
    assert np.array_equal(np.asarray(got[0]).reshape(1, 4, 10, 8), np.asarray(want[0]).reshape(1, 4, 10, 8))
    np.testing.assert_array_equal(np.asarray(got[0]).reshape(1, 4, 10, 8),
                                  np.maximum(np.concatenate(inputs, axis=2), 0))
    assert np.asarray(base.execute([inputs[0][:, :, :6], inputs[1]])[0]).size == 4 * 7 * 8  # base unchanged
    # a graph whose edges are not base's own lists is compiled in full (as compile_graph would)
    other = DEVICE.compile_graph_like(base, swapped)
    assert other._like is None and like._like is base  # compiled in full, and like base
    assert np.array_equal(np.asarray(other.execute(inputs)[0]), np.asarray(want[0]))


def test_a_graph_compiled_like_another_reports_what_compile_graph_reports() -> None:
    base_desc = two_node_graph(DEVICE.create_operator(join(6)), DEVICE.create_operator(relu([1, 4, 7, 8])))
    base = DEVICE.compile_graph(base_desc)
    # the join grows and the relu does not: the intermediate edge's byte sizes disagree
    nodes = [OperatorGraphNodeDesc(Operator=DEVICE.create_operator(join(9)), Name="join"), base_desc.Nodes[1]]
    bad = GraphDesc(Nodes=nodes, InputEdges=base_desc.InputEdges, OutputEdges=base_desc.OutputEdges,
                    IntermediateEdges=base_desc.IntermediateEdges)
    with pytest.raises(pydml.ValidationError, match="TotalTensorSizeInBytes") as like_error:
        DEVICE.compile_graph_like(base, bad)
    with pytest.raises(pydml.ValidationError) as full_error:
        DEVICE.compile_graph(bad)
    assert str(like_error.value) == str(full_error.value)
    assert 'Nodes[0] "join"' in str(like_error.value)


def test_the_c_entry_points_take_null_without_crashing() -> None:
    """include/pydml.h's fit functions: NULL operators, fits or results give an error code (or 0),
    never a crash; a fit of operators of two levels is refused."""
    from pydml.native import ffi, lib

    a, b = DEVICE.create_operator(join(5)), DEVICE.create_operator(join(6))
    out = ffi.new("pydml_operator_fit**")
    invalid = lib.PYDML_STATUS_INVALID_PARAMETER
    assert lib.pydml_operator_fit_create(ffi.NULL, b.handle, out) == invalid and out[0] == ffi.NULL
    assert lib.pydml_operator_fit_create(a.handle, ffi.NULL, out) == invalid
    assert lib.pydml_operator_fit_create(a.handle, b.handle, ffi.NULL) == invalid
    other_level = pydml.Device("DML_FEATURE_LEVEL_5_0").create_operator(join(6))
    assert lib.pydml_operator_fit_create(a.handle, other_level.handle, out) == invalid
    op = ffi.new("pydml_operator**")
    assert lib.pydml_operator_create_fitted(ffi.NULL, 1, 1, 0, op, ffi.NULL) == invalid
    assert lib.pydml_operator_fit_sites(ffi.NULL) == 0
    assert lib.pydml_operator_fit_predicts(ffi.NULL, 0, 1, b.handle) == 0
    lib.pydml_operator_fit_release(ffi.NULL)
    assert lib.pydml_operator_fit_create(a.handle, b.handle, out) == 0
    fit = ffi.gc(out[0], lib.pydml_operator_fit_release)
    assert lib.pydml_operator_create_fitted(fit, 1, 1, 0, ffi.NULL, ffi.NULL) == invalid
    assert lib.pydml_operator_create_fitted(fit, 1, 0, 0, op, ffi.NULL) == invalid  # a zero denominator
    assert lib.pydml_operator_fit_predicts(fit, 0, 1, ffi.NULL) == 0
    diagnostic = ffi.new("pydml_diagnostic*")
    assert lib.pydml_operator_create_fitted(fit, -9, 1, 0, op, diagnostic) == invalid  # past 6 - 9 < 2
    assert b"not a whole number of at least 2" in ffi.string(diagnostic.message)
