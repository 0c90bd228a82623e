"""MatMul and Gemm onto DML_GEMM: DmlOperatorGemm.cpp and DmlOperatorMatMul.cpp (batch dimensions
broadcast by zero strides; 1-D operands promoted the numpy way and the added dimension dropped)."""

from __future__ import annotations

from dataclasses import replace

import pydml
from pydml.onnx.lowering import LoweringError, Node, Segment, View, broadcast_shapes, register

GEMM_MAX_DIMS = 4


def merge_batch(views: list[View], batch_rank: int) -> list[View]:
    """Merge adjacent batch dimensions where every view's strides allow it, until the batch has at
    most GEMM_MAX_DIMS - 2 dimensions (DML_GEMM takes 4-D tensors)."""
    while batch_rank > GEMM_MAX_DIMS - 2:
        for d in range(batch_rank - 1):
            if all(v.strides[d] == v.strides[d + 1] * v.shape[d + 1] for v in views):
                views = [
                    replace(
                        v,
                        shape=(*v.shape[:d], v.shape[d] * v.shape[d + 1], *v.shape[d + 2 :]),
                        strides=(*v.strides[:d], v.strides[d + 1], *v.strides[d + 2 :]),
                    )
                    for v in views
                ]
                batch_rank -= 1
                break
        else:
            raise LoweringError(
                f"{batch_rank} broadcast batch dimensions: DML_GEMM takes at most {GEMM_MAX_DIMS - 2}"
            )
    return [v.padded(GEMM_MAX_DIMS) for v in views]


@register("MatMul", since=9, dml=["GEMM"])
def matmul(seg: Segment, node: Node) -> None:
    a, b = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    a_vec, b_vec = a.rank == 1, b.rank == 1
    if a_vec:
        a = a.padded(2)
    if b_vec:
        b = b.padded(2, at_end=True)
    m, k = a.shape[-2:]
    k2, n = b.shape[-2:]
    if k != k2:
        raise LoweringError(f"inner dimensions differ: {list(a.shape)} x {list(b.shape)}")
    batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = a.broadcast((*batch, m, k))
    b = b.broadcast((*batch, k, n))
    out_shape = (*batch, m, n)
    logical = batch + ((m,) if not a_vec else ()) + ((n,) if not b_vec else ())
    dummy = View(a.source, a.onnx_type, out_shape, tuple(s for s in _packed(out_shape)))
    a4, b4, o4 = merge_batch([a, b, dummy], len(batch))
    out = seg.output(a.onnx_type, o4.shape)
    (y,) = seg.emit(
        pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=seg.tensor(a4),
            BTensor=seg.tensor(b4),
            OutputTensor=out,
            TransA="NONE",
            TransB="NONE",
            Alpha=1.0,
            Beta=0.0,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(logical))


def _packed(shape: tuple[int, ...]) -> tuple[int, ...]:
    from pydml.onnx.lowering import packed_strides

    return packed_strides(shape)


@register("Gemm", since=7, dml=["GEMM"])
def gemm(seg: Segment, node: Node) -> None:
    a, b = seg.view(node.inputs[0]), seg.view(node.inputs[1])
    trans_a, trans_b = int(node.attr("transA", 0)), int(node.attr("transB", 0))
    m = a.shape[1] if trans_a else a.shape[0]
    n = b.shape[0] if trans_b else b.shape[1]
    alpha, beta = float(node.attr("alpha", 1.0)), float(node.attr("beta", 1.0))
    c_name = node.input(2)
    fields = {}
    if c_name:
        c = seg.view(c_name).broadcast((m, n)).padded(GEMM_MAX_DIMS)
        fields["CTensor"] = seg.tensor(c)
    else:
        beta = 0.0
    out = seg.output(a.onnx_type, (1, 1, m, n))
    (y,) = seg.emit(
        pydml.DML_GEMM_OPERATOR_DESC(
            ATensor=seg.tensor(a.padded(GEMM_MAX_DIMS)),
            BTensor=seg.tensor(b.padded(GEMM_MAX_DIMS)),
            OutputTensor=out,
            TransA="TRANSPOSE" if trans_a else "NONE",
            TransB="TRANSPOSE" if trans_b else "NONE",
            Alpha=alpha,
            Beta=beta,
            **fields,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped((m, n)))
