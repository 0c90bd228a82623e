"""MatMul and Gemm onto DML_GEMM: DmlOperatorGemm.cpp and DmlOperatorMatMul.cpp (batch dimensions
broadcast by zero strides; 1-D operands promoted the numpy way and the added dimension dropped)."""

from __future__ import annotations

from dataclasses import replace

import pydml
from pydml.onnx.fusion import fold_batch_rows
from pydml.onnx.lowering import LoweringError, Node, Segment, View, broadcast_shapes, register, reshape_view
from pydml.onnx.ops.elementwise import cast

GEMM_MAX_DIMS = 4
INT32, FLOAT32, FLOAT16 = 6, 1, 10


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


def _operands(
    seg: Segment, node: Node, ia: int, ib: int
) -> tuple[View, View, tuple[int, ...], tuple[int, ...]]:
    """MatMul's operands as 4-D GEMM views (numpy promotion of 1-D operands, batch broadcast by
    zero strides), the 4-D output shape and the logical output shape."""
    a, b = seg.view(node.inputs[ia]), seg.view(node.inputs[ib])
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
    return a4, b4, o4.shape, logical


def product(seg: Segment, node: Node, a4: View, b4: View, shape4: tuple[int, ...]) -> View:
    """A x B by one DML_GEMM (4-D views, no transposition, scale or C): the packed [.., M, N]."""
    out = seg.output(a4.onnx_type, shape4)
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
    return y


def _fold_rows_batch_inner(seg: Segment, node: Node, a4: View, b4: View, shape4: tuple[int, ...],
                           logical: tuple[int, ...]) -> View | None:
    """fold_batch_rows with the rows taken batch-innermost: A [b0, b1, M, K] whose rows are evenly
    strided in (b0, M, b1) order, B one matrix for the whole batch. A Linear layer after a
    transposed activation is such a product: torch's MultiheadAttention (batch_first) projects
    Q, K and V from [S, B, E], a strided view of the model's [B, S, E], which fold_batch_rows
    cannot read as rows (64 GEMMs of 2 rows each in a 4-layer encoder: 0.94 ms a projection).
    One GEMM over the b0 M b1 rows writes [b0, M, b1, N] packed; the product is that, transposed
    back: a view (strides), as the provider's transposes are. None where it does not apply."""
    b0, b1, m, n = shape4
    shared = all(s == 0 for s, k in zip(b4.strides[:2], b4.shape[:2], strict=True) if k != 1)
    if b0 * b1 == 1 or m == 1 or not shared:
        return None
    rows = reshape_view(a4.transposed((0, 2, 1, 3)), (1, 1, b0 * m * b1, a4.shape[3]))
    if rows is None:
        return None
    b2 = View(b4.source, b4.onnx_type, (1, 1, *b4.shape[2:]), (0, 0, *b4.strides[2:]))
    y = product(seg, node, rows, b2, (1, 1, b0 * m * b1, n))
    return reshape_view(y.reshaped((b0, m, b1, n)).transposed((0, 2, 1, 3)), logical)


@register("MatMul", since=9, dml=["GEMM"])
def matmul(seg: Segment, node: Node) -> None:
    a4, b4, shape4, logical = _operands(seg, node, 0, 1)
    folded = fold_batch_rows(a4, b4, shape4)  # one GEMM when B is shared by the batch
    if folded[2] == shape4:
        y = _fold_rows_batch_inner(seg, node, a4, b4, shape4, logical)
        if y is not None:
            seg.define(node.outputs[0], y)
            return
    seg.define(node.outputs[0], product(seg, node, *folded).reshaped(logical))


def quant_param(
    seg: Segment, node: Node, name: str, rows: int | None = None, cols: int | None = None
) -> View:
    """A scale or zero point as the 4-D tensor the quantized GEMM pages take: one value
    ({1,1,1,1}), or one per row of A ({1,1,M,1}) or per column of B ({1,1,1,N})."""
    p = seg.view(name)
    if p.onnx_type == FLOAT16:
        # opset 21 widened the scales to FLOAT16; the page takes FLOAT32: the cast is exact
        p = cast(seg, node, p, FLOAT32)
    if p.size == 1:
        return replace(p, shape=(1, 1, 1, 1), strides=(0, 0, 0, 0))
    if p.rank == 1 and cols is not None and p.shape[0] == cols:
        return replace(p, shape=(1, 1, 1, cols), strides=(0, 0, 0, p.strides[0]))
    if p.rank == 1 and rows is not None and p.shape[0] == rows:
        return replace(p, shape=(1, 1, rows, 1), strides=(0, 0, p.strides[0], 0))
    raise LoweringError(
        f"a scale or zero point of shape {list(p.shape)} is not per-tensor, per-row or per-column"
    )


@register("MatMulInteger", since=10, dml=["MATRIX_MULTIPLY_INTEGER"])
def matmul_integer(seg: Segment, node: Node) -> None:
    """DmlOperatorMatMulInteger: INT32 output; an omitted zero point is none."""
    a4, b4, shape4, logical = _operands(seg, node, 0, 1)
    m, n = shape4[-2], shape4[-1]
    fields = {}
    if node.input(2):
        fields["AZeroPointTensor"] = seg.tensor(quant_param(seg, node, node.inputs[2], rows=m))
    if node.input(3):
        fields["BZeroPointTensor"] = seg.tensor(quant_param(seg, node, node.inputs[3], cols=n))
    out = seg.output(INT32, shape4)
    (y,) = seg.emit(
        pydml.DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC(
            ATensor=seg.tensor(a4), BTensor=seg.tensor(b4), OutputTensor=out, **fields
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(logical))


@register("QLinearMatMul", since=10, dml=["QUANTIZED_LINEAR_MATRIX_MULTIPLY"])
def qlinear_matmul(seg: Segment, node: Node) -> None:
    """DmlOperatorQLinearMatMul: a, a_scale, a_zero_point, b, b_scale, b_zero_point, y_scale,
    y_zero_point onto QUANTIZED_LINEAR_MATRIX_MULTIPLY."""
    a4, b4, shape4, logical = _operands(seg, node, 0, 3)
    m, n = shape4[-2], shape4[-1]
    y_zero = seg.view(node.inputs[7])
    out = seg.output(y_zero.onnx_type, shape4)
    (y,) = seg.emit(
        pydml.DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC(
            ATensor=seg.tensor(a4),
            AScaleTensor=seg.tensor(quant_param(seg, node, node.inputs[1], rows=m)),
            AZeroPointTensor=seg.tensor(quant_param(seg, node, node.inputs[2], rows=m)),
            BTensor=seg.tensor(b4),
            BScaleTensor=seg.tensor(quant_param(seg, node, node.inputs[4], cols=n)),
            BZeroPointTensor=seg.tensor(quant_param(seg, node, node.inputs[5], cols=n)),
            OutputScaleTensor=seg.tensor(quant_param(seg, node, node.inputs[6], cols=n)),
            OutputZeroPointTensor=seg.tensor(quant_param(seg, node, node.inputs[7], cols=n)),
            OutputTensor=out,
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


def _einsum_gemm(seg: Segment, node: Node, terms: list[str], full: list[View], order: list[str],
                 rhs: str) -> View | None:
    """A two-operand Einsum that is a batched matrix product, as one DML_GEMM: every label is in
    both operands and the output (batch), in one operand and the output (at most one such label
    each: M from the first, N from the second), or in both operands and not the output (exactly
    one: K); no label repeats within a term. The provider's EinSumHelper recognizes these up to
    4-D (ij,jk->ik, bij,bjk->bik, abij,abjk->abik, their transposed-A and -B forms and the NHCW
    ones: DML_GEMM, the transpositions as TransA / TransB); pydml takes any rank whose batch
    labels merge into DML_GEMM's two batch dimensions (merge_batch), such as MaxViT's
    "BGHID,BGHJD->BGHIJ", which the general multiply-then-reduce path ran 49x49x32-fold
    materialized. The output's label order is a transposed view of the packed product. None
    where the equation is not such a product."""
    if len(terms) != 2 or any(len(set(t)) != len(t) for t in terms):
        return None
    if full[0].onnx_type != full[1].onnx_type or full[0].onnx_type not in (FLOAT32, FLOAT16):
        return None
    ta, tb = terms
    batch = [c for c in rhs if c in ta and c in tb]
    ms = [c for c in rhs if c in ta and c not in tb]
    ns = [c for c in rhs if c in tb and c not in ta]
    ks = [c for c in order if c in ta and c in tb and c not in rhs]
    if len(ms) > 1 or len(ns) > 1 or len(ks) != 1 or len(batch) + len(ms) + len(ns) + len(ks) != len(order):
        return None
    at = {c: i for i, c in enumerate(order)}
    shape = full[0].shape

    def dims(v: View, labels: list[str | None]) -> View:
        return View(v.source, v.onnx_type, tuple(shape[at[c]] if c else 1 for c in labels),
                    tuple(v.strides[at[c]] if c else 0 for c in labels))

    m_label: str | None = ms[0] if ms else None
    n_label: str | None = ns[0] if ns else None
    k_label: str | None = ks[0]
    # (batch labels of size 1 left out: they merge with nothing, and need no dimension)
    wide: list[str | None] = [c for c in batch if shape[at[c]] != 1]
    a = dims(full[0], [*wide, m_label, k_label])
    b = dims(full[1], [*wide, k_label, n_label])
    product_shape = (*a.shape[:-1], b.shape[-1])
    dummy = View(a.source, a.onnx_type, product_shape, _packed(product_shape))
    try:
        a4, b4, o4 = merge_batch([a, b, dummy], len(wide))
    except LoweringError:
        return None
    y = product(seg, node, a4, b4, o4.shape)
    # the product's labels (batch, M, N: those the output has) in the output's order
    made = [*batch, *ms, *ns]
    packed = y.reshaped(tuple(shape[at[c]] for c in made))
    return packed.transposed([made.index(c) for c in rhs])


@register("Einsum", since=12, dml=["GEMM", "ELEMENT_WISE_MULTIPLY", "REDUCE"])
def einsum(seg: Segment, node: Node) -> None:
    """Einsum as one DML_GEMM where it is a batched matrix product (_einsum_gemm, the provider's
    recognized MatMul forms and their batched generalization), else as a product over the union of
    the labels, then a sum over the labels the output lacks (the general "multiply, then reduce"
    path). Each operand is a view over the union's dimensions: its labels' strides (a repeated
    label, a diagonal, adds its strides), zero strides for labels it lacks. The output's label
    order is a transposed view."""
    equation = str(node.attr("equation")).replace(" ", "")
    lhs, arrow, rhs = equation.partition("->")
    terms = lhs.split(",")
    views = [seg.view(n) for n in node.inputs]
    if len(terms) != len(views):
        raise LoweringError(f"equation {equation!r} for {len(views)} operands")
    # "..." stands for the operand's leading dimensions, right-aligned across operands: digit
    # labels (no letter clashes) for them
    span = max((v.rank - len(t) + 3 for t, v in zip(terms, views, strict=True) if "..." in t), default=0)
    ellipsis = "".join(str(d) for d in range(span))
    terms = [
        t.replace("...", ellipsis[span - (v.rank - len(t) + 3) :]) if "..." in t else t
        for t, v in zip(terms, views, strict=True)
    ]
    if not arrow:
        # implicit output: the ellipsis, then the labels seen once, in alphabetical order
        joined = "".join(terms)
        rhs = ellipsis + "".join(sorted(c for c in set(joined) if c.isalpha() and joined.count(c) == 1))
    else:
        rhs = rhs.replace("...", ellipsis)
    labels: list[str] = []
    sizes: dict[str, int] = {}
    for term, v in zip(terms, views, strict=True):
        if len(term) != v.rank:
            raise LoweringError(f"term {term!r} for a {v.rank}-D operand")
        for c, n in zip(term, v.shape, strict=True):
            if sizes.get(c, n) != n and n != 1 and sizes[c] != 1:
                raise LoweringError(f"label {c!r} has sizes {sizes[c]} and {n}")
            sizes[c] = max(sizes.get(c, 1), n)
            if c not in labels:
                labels.append(c)
    order = [c for c in rhs] + [c for c in labels if c not in rhs]
    shape = tuple(sizes[c] for c in order)
    if len(shape) > 8:
        raise LoweringError(f"{len(shape)} labels: DirectML tensors have at most 8 dimensions")
    full = []
    for term, v in zip(terms, views, strict=True):
        strides = {c: 0 for c in order}
        for c, n, s in zip(term, v.shape, v.strides, strict=True):
            strides[c] += s if n != 1 else 0
        full.append(View(v.source, v.onnx_type, shape, tuple(strides[c] for c in order)))
    gemm_product = _einsum_gemm(seg, node, terms, full, order, rhs)
    if gemm_product is not None:
        seg.define(node.outputs[0], gemm_product)
        return
    product = full[0]
    for other in full[1:]:
        out = seg.output(product.onnx_type, shape)
        (product,) = seg.emit(
            pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC(
                ATensor=seg.tensor(product), BTensor=seg.tensor(other), OutputTensor=out
            ),
            node.name,
        )
    kept = len(rhs)
    out_shape = shape[:kept]
    if kept == len(order):
        if len(full) == 1:
            product = seg.identity(product, node.name)
        seg.define(node.outputs[0], product)
        return
    axes = list(range(kept, len(order)))
    reduced = seg.output(product.onnx_type, (*out_shape, *([1] * len(axes))))
    (y,) = seg.emit(
        pydml.DML_REDUCE_OPERATOR_DESC(
            Function="SUM",
            InputTensor=seg.tensor(product),
            OutputTensor=reduced,
            AxisCount=len(axes),
            Axes=axes,
        ),
        node.name,
    )
    seg.define(node.outputs[0], y.reshaped(out_shape))
