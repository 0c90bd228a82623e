"""Multi-op oneDNN Graph JSON (benchdnn ``--graph`` pattern files) lowered onto one DirectML graph.

    >>> from pydml.frontends.onednn_graph import run_graph
    >>> outputs = run_graph("conv_bias_post_ops_fusion.json")   # {output LT id: numpy array}

Each oneDNN op becomes one or a few DirectML operator nodes of one ``DML_GRAPH_DESC``, compiled by
the public ``Device.compile_graph`` and executed in one call (pydml/graph.py, native/graph/graph.c).
Logical tensors are dense blobs in their logical shape; each DirectML node reads a blob its own
way (DirectML's rule: connected tensors agree in TotalTensorSizeInBytes, not in sizes), so
layouts (NXC, XIO, transposes), numpy broadcasting and reshapes are tensor-desc Sizes/Strides,
not copies. Shapes are inferred from the graph inputs (the file's intermediate shapes are
checked against them).

Ops lowered (DirectML operator):

===============================================  ===============================================
Convolution (+bias), ConvTranspose (+bias)       CONVOLUTION (FORWARD / BACKWARD, IOX filter)
Interpolate (nearest, linear; half_pixel)        RESAMPLE2 (resample_modes.onednn_interpolate)
BiasAdd, Add, Subtract, Multiply, Divide,        ELEMENT_WISE_ADD / SUBTRACT / MULTIPLY / DIVIDE
Minimum, Maximum (numpy broadcasting)            / MIN / MAX, broadcast by zero strides
ReLU, Sigmoid, Tanh, GELU (erf), Elu,            ACTIVATION_RELU / SIGMOID / TANH / GELU / ELU /
LeakyReLU, HardSwish, Mish                       LEAKY_RELU / HARD_SWISH; Mish = x·tanh(softplus)
Clamp, Log, Exp, Sqrt, Square, Reciprocal,       ELEMENT_WISE_CLIP / LOG / EXP / SQRT /
Round, Abs                                       MULTIPLY(x, x) / RECIP / ROUND / ABS
MatMul (transpose_a/b, bias)                     GEMM (batch broadcast by zero strides)
SoftMax                                          ACTIVATION_SOFTMAX1
LayerNorm (keep_stats false)                     MEAN_VARIANCE_NORMALIZATION1
Quantize, Dequantize (per tensor / channel)      ELEMENT_WISE_QUANTIZE_LINEAR / DEQUANTIZE_LINEAR
ReduceSum/Mean/Max/Min/Prod/L1/L2                REDUCE
MaxPool, AvgPool (floor / ceil rounding)         MAX_POOLING2, AVERAGE_POOLING1
BatchNormInference, GroupNorm (NCX)              BATCH_NORMALIZATION, MEAN_VARIANCE_NORMALIZATION1
Concat, Select                                   JOIN, ELEMENT_WISE_IF
TypeCast, StaticReshape, Reorder                 CAST, or no node (a blob read another way)
StaticTranspose                                  ELEMENT_WISE_IDENTITY over permuted strides
===============================================  ===============================================

Any other op fails with oneDNN's ``unimplemented`` status naming it. Data types: f32, f16, s8,
u8, s32, boolean (UINT8); bfloat16 (which DirectML descs cannot express) runs as FLOAT32 — graph
inputs widened exactly, every node in f32, outputs rounded once to bf16 — as oneDNN's fused bf16
kernels keep post-op chains in f32 and round on the final store; a TypeCast between f32 and bf16
inside a graph is therefore no node. f8 types are unimplemented.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

from pydml import descs as D
from pydml.device import CompiledOperator, Device
from pydml.enums import (
    ConvolutionDirection,
    ConvolutionMode,
    TensorDataType,
)
from pydml.errors import PydmlError
from pydml.frontends.onednn import InvalidGraphOp, InvalidShape, Unimplemented
from pydml.graph_descs import (
    DML_CONSTANT_DATA_GRAPH_NODE_DESC,
    DML_GRAPH_DESC,
    DML_INPUT_GRAPH_EDGE_DESC,
    DML_INTERMEDIATE_GRAPH_EDGE_DESC,
    DML_OPERATOR_GRAPH_NODE_DESC,
    DML_OUTPUT_GRAPH_EDGE_DESC,
)
from pydml.tensor import buffer_desc

__all__ = ["LOWERED_OPS", "LoweredGraph", "lower_graph", "run_graph"]

_DEVICE = Device()

#: oneDNN dtype -> (numpy type of the bound data, DirectML type the graph computes in)
_TYPES: dict[str, tuple[np.dtype[Any], TensorDataType]] = {
    "f32": (np.dtype(np.float32), TensorDataType.FLOAT32),
    "bf16": (np.dtype(ml_dtypes.bfloat16), TensorDataType.FLOAT32),
    "f16": (np.dtype(np.float16), TensorDataType.FLOAT16),
    "s8": (np.dtype(np.int8), TensorDataType.INT8),
    "u8": (np.dtype(np.uint8), TensorDataType.UINT8),
    "s32": (np.dtype(np.int32), TensorDataType.INT32),
    "boolean": (np.dtype(np.bool_), TensorDataType.UINT8),
}
_NP_OF_DML = {TensorDataType.FLOAT32: np.float32, TensorDataType.FLOAT16: np.float16,
              TensorDataType.INT8: np.int8, TensorDataType.UINT8: np.uint8,
              TensorDataType.INT32: np.int32}


@dataclass
class _Value:
    """A logical tensor in the DML graph: where its blob comes from, its type and logical shape."""

    source: tuple[str, int, int]  # ("input", graph input, 0) or ("node", node, output)
    dml: TensorDataType
    shape: list[int]
    dtype: str  # the oneDNN dtype (bf16 computes as FLOAT32)


def _dense(shape: Sequence[int]) -> list[int]:
    strides: list[int] = []
    step = 1
    for n in reversed(shape):
        strides.insert(0, step)
        step *= n
    return strides


def _desc(dml: TensorDataType, sizes: Sequence[int], strides: Sequence[int] | None = None) -> Any:
    sizes = list(sizes) or [1]
    return buffer_desc(dml, sizes, None if strides is None else list(strides) or [0])


def _broadcast(op: str, a: Sequence[int], b: Sequence[int]) -> list[int]:
    n = max(len(a), len(b))
    pa, pb = [1] * (n - len(a)) + list(a), [1] * (n - len(b)) + list(b)
    out = []
    for x, y in zip(pa, pb, strict=True):
        if x != y and 1 not in (x, y):
            raise InvalidShape(op, "inputs", "shapes are not numpy-broadcastable", [list(a), list(b)])
        out.append(max(x, y))
    return out


def _view(shape: Sequence[int], target: Sequence[int]) -> list[int]:
    """Strides reading a dense tensor of ``shape`` broadcast to ``target`` (numpy rules)."""
    dense = _dense(shape)
    pad = len(target) - len(shape)
    return [0 if d < pad or (shape[d - pad] == 1 and target[d] != 1) else dense[d - pad]
            for d in range(len(target))]


def _attr(op: Mapping[str, Any], name: str, default: Any = None) -> Any:
    a = op.get("attrs", {}).get(name)
    return default if a is None else a.get("value", default)


@dataclass
class LoweredGraph:
    """A compiled DML graph with the oneDNN logical tensors bound to its inputs and outputs."""

    graph: Any
    inputs: list[dict[str, Any]]  # input LTs by GraphInputIndex
    outputs: list[tuple[int, list[int], str]]  # (LT id, shape, dtype) by GraphOutputIndex
    node_kinds: list[str] = field(default_factory=list)  # one DML operator name per node
    nonnegative: set[int] = field(default_factory=set)  # input LTs whose domain is >= 0 (variances)
    operators: list[CompiledOperator | None] = field(default_factory=list)  # per node (None: constant)

    def execute(self, values: Mapping[int, np.ndarray]) -> dict[int, np.ndarray]:
        """Run the graph on {input LT id: array}; returns {output LT id: array}."""
        bound = []
        for lt in self.inputs:
            v = np.asarray(values[lt["id"]])
            np_type, dml = _TYPES[lt["dtype"]]
            if v.dtype != np_type:
                raise InvalidGraphOp("graph", f"logical tensor {lt['id']}",
                                     f"data must be {lt['dtype']}, got", str(v.dtype))
            bound.append(np.ascontiguousarray(v.astype(_NP_OF_DML[dml], copy=False)))
        results = self.graph.execute(bound)
        out: dict[int, np.ndarray] = {}
        for (lt_id, shape, dtype), r in zip(self.outputs, results, strict=True):
            arr = np.asarray(r).reshape(shape)
            out[lt_id] = arr.astype(_TYPES[dtype][0]) if dtype == "bf16" else arr
        return out


class _Builder:
    """Accumulates DML nodes and edges while the oneDNN ops are lowered in order."""

    def __init__(self) -> None:
        self.nodes: list[Any] = []
        self.kinds: list[str] = []
        self.input_edges: list[Any] = []
        self.mid_edges: list[Any] = []
        self.values: dict[int, _Value] = {}
        self.graph_inputs: list[dict[str, Any]] = []
        self.nonnegative: set[int] = set()
        self.operators: list[CompiledOperator | None] = []

    def constant(self, data: np.ndarray) -> tuple[str, int, int]:
        self.nodes.append(DML_CONSTANT_DATA_GRAPH_NODE_DESC(Data=np.ascontiguousarray(data).tobytes()))
        self.kinds.append("CONSTANT")
        self.operators.append(None)
        return ("node", len(self.nodes) - 1, 0)

    def node(self, op: str, desc: Any, inputs: Mapping[str, tuple[str, int, int]]) -> CompiledOperator:
        """Add operator node ``desc`` whose input fields read the given sources."""
        try:
            compiled = _DEVICE.create_operator(desc)
        except PydmlError as e:
            raise Unimplemented(op, "lowering", f"{type(desc).C_NAME} refused: {e}",
                                show_value=False) from None
        index = len(self.nodes)
        self.nodes.append(DML_OPERATOR_GRAPH_NODE_DESC(Operator=compiled, Name=f"{op}:{index}"))
        self.kinds.append(compiled.schema.type.name)
        self.operators.append(compiled)
        order = compiled._layout.input_order
        for name, src in inputs.items():
            slot = order.index(name)
            if src[0] == "input":
                self.input_edges.append(DML_INPUT_GRAPH_EDGE_DESC(
                    GraphInputIndex=src[1], ToNodeIndex=index, ToNodeInputIndex=slot))
            else:
                self.mid_edges.append(DML_INTERMEDIATE_GRAPH_EDGE_DESC(
                    FromNodeIndex=src[1], FromNodeOutputIndex=src[2], ToNodeIndex=index,
                    ToNodeInputIndex=slot))
        return compiled

    def output_index(self, compiled: CompiledOperator, name: str) -> int:
        return compiled._layout.output_order.index(name)


def _lt_type(kind: str, lt: Mapping[str, Any]) -> tuple[np.dtype[Any], TensorDataType]:
    dt = lt.get("dtype")
    if dt not in _TYPES:
        raise Unimplemented(kind, f"logical tensor {lt.get('id')}",
                            "data type has no DirectML lowering in pydml", dt)
    return _TYPES[dt]


# ---- per-op lowering ---------------------------------------------------------------------------

_BINARY = {"Add": "ADD", "Subtract": "SUBTRACT", "Multiply": "MULTIPLY", "Divide": "DIVIDE",
           "Minimum": "MIN", "Maximum": "MAX"}
_UNARY = {"ReLU": ("ACTIVATION_RELU", {}), "Sigmoid": ("ACTIVATION_SIGMOID", {}),
          "Tanh": ("ACTIVATION_TANH", {}), "Log": ("ELEMENT_WISE_LOG", {}),
          "Exp": ("ELEMENT_WISE_EXP", {}), "Sqrt": ("ELEMENT_WISE_SQRT", {}),
          "Reciprocal": ("ELEMENT_WISE_RECIP", {}), "Abs": ("ELEMENT_WISE_ABS", {}),
          "Round": ("ELEMENT_WISE_ROUND", {"RoundingMode": "DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN"})}
_REDUCE = {"ReduceSum": "DML_REDUCE_FUNCTION_SUM", "ReduceMean": "DML_REDUCE_FUNCTION_AVERAGE",
           "ReduceMax": "DML_REDUCE_FUNCTION_MAX", "ReduceMin": "DML_REDUCE_FUNCTION_MIN",
           "ReduceProd": "DML_REDUCE_FUNCTION_MULTIPLY", "ReduceL1": "DML_REDUCE_FUNCTION_L1",
           "ReduceL2": "DML_REDUCE_FUNCTION_L2"}


def _opdesc(name: str) -> Any:
    return getattr(D, f"DML_{name}_OPERATOR_DESC")


class _Lowering:
    def __init__(self, doc: Mapping[str, Any], shapes: Mapping[int, Sequence[int]] | None) -> None:
        self.b = _Builder()
        self.doc = doc
        self.shapes = {int(k): list(v) for k, v in (shapes or {}).items()}

    # -- values -----------------------------------------------------------------------------
    def value(self, kind: str, lt: Mapping[str, Any]) -> _Value:
        lt_id = int(lt["id"])
        if lt_id not in self.b.values:  # a graph input
            _, dml = _lt_type(kind, lt)
            shape = self.shapes.get(lt_id, [int(v) for v in lt["shape"]])
            if any(d < 0 for d in shape):
                raise InvalidShape(kind, f"logical tensor {lt_id}", "graph input shape must be known", shape)
            index = len(self.b.graph_inputs)
            self.b.graph_inputs.append({"id": lt_id, "dtype": lt["dtype"], "shape": shape})
            self.b.values[lt_id] = _Value(("input", index, 0), dml, shape, lt["dtype"])
        return self.b.values[lt_id]

    def define(self, kind: str, lt: Mapping[str, Any], src: tuple[str, int, int], dml: TensorDataType,
               shape: list[int]) -> None:
        want = [int(v) for v in lt.get("shape", [])]
        if not self.shapes and want and (len(want) != len(shape) or any(
                w not in (-1, s) for w, s in zip(want, shape, strict=True))):
            raise InvalidShape(kind, f"logical tensor {lt['id']}",
                               f"inferred shape {shape} does not match", want)
        self.b.values[int(lt["id"])] = _Value(src, dml, list(shape), lt.get("dtype", "f32"))

    def emit(self, kind: str, opname: str, reads: Mapping[str, tuple[_Value, Any]],
             out_lt: Mapping[str, Any], out_shape: list[int], out_dml: TensorDataType,
             out_desc: Any | None = None, out_field: str = "OutputTensor", **fields: Any) -> None:
        """One node: each input field reads a value through a desc; the output is a dense blob."""
        desc = _opdesc(opname)(**{f: d for f, (_, d) in reads.items()},
                               **{out_field: out_desc if out_desc is not None else _desc(out_dml, out_shape)},
                               **fields)
        compiled = self.b.node(kind, desc, {f: v.source for f, (v, _) in reads.items()})
        self.define(kind, out_lt, ("node", len(self.b.nodes) - 1, self.b.output_index(compiled, out_field)),
                    out_dml, out_shape)

    # -- ops --------------------------------------------------------------------------------
    def lower(self, op: Mapping[str, Any]) -> None:
        kind = op.get("kind")
        ins, outs = op.get("inputs", []), op.get("outputs", [])
        if not isinstance(kind, str):
            raise InvalidGraphOp("graph", "kind", "must be a string", kind)
        handler = getattr(self, "_op_" + kind, None)
        if kind in _BINARY:
            handler = self._binary
        elif kind in _UNARY:
            handler = self._unary
        elif kind in _REDUCE:
            handler = self._reduce
        if handler is None:
            raise Unimplemented(kind, "kind", "pydml has no DirectML lowering for this op",
                                op.get("name", kind))
        if not outs:
            raise InvalidGraphOp(kind, "outputs", "an op needs an output", show_value=False)
        vals = [self.value(kind, lt) for lt in ins]
        handler(kind, op, vals, outs)

    def _binary(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        if _attr(op, "auto_broadcast", "numpy") != "numpy" and v[0].shape != v[1].shape:
            raise InvalidShape(kind, "auto_broadcast", "none: shapes must be equal",
                               [v[0].shape, v[1].shape])
        shape = _broadcast(kind, v[0].shape, v[1].shape) or [1]
        dml = v[0].dml
        a = _desc(dml, shape, _view(v[0].shape, shape))
        b = _desc(v[1].dml, shape, _view(v[1].shape, shape))
        self.emit(kind, f"ELEMENT_WISE_{_BINARY[kind]}", {"ATensor": (v[0], a), "BTensor": (v[1], b)},
                  outs[0], shape, dml)

    def _op_BiasAdd(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x, bias = v
        axis = 1 if _attr(op, "data_format", "NXC") == "NCX" else len(x.shape) - 1
        shape = x.shape
        strides = [1 if d == axis else 0 for d in range(len(shape))]
        self.emit(kind, "ELEMENT_WISE_ADD", {"ATensor": (x, _desc(x.dml, shape)),
                                             "BTensor": (bias, _desc(bias.dml, shape, strides))},
                  outs[0], shape, x.dml)

    def _unary(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        name, fields = _UNARY[kind]
        x = v[0]
        self.emit(kind, name, {"InputTensor": (x, _desc(x.dml, x.shape or [1]))}, outs[0], x.shape, x.dml,
                  **fields)

    def _act(self, kind: str, name: str, x: _Value, outs: list[Any], **fields: Any) -> None:
        self.emit(kind, name, {"InputTensor": (x, _desc(x.dml, x.shape or [1]))}, outs[0], x.shape, x.dml,
                  **fields)

    def _op_GELU(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        if _attr(op, "approximation", "none") not in ("none", "erf", "gelu_erf"):
            raise Unimplemented(kind, "approximation", "tanh GELU has no DirectML operator",
                                _attr(op, "approximation"))
        self._act(kind, "ACTIVATION_GELU", v[0], outs)

    def _op_Elu(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        self._act(kind, "ACTIVATION_ELU", v[0], outs, Alpha=float(_attr(op, "alpha", 1.0)))

    def _op_LeakyReLU(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        self._act(kind, "ACTIVATION_LEAKY_RELU", v[0], outs, Alpha=float(_attr(op, "alpha", 0.01)))

    def _op_HardSwish(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        # oneDNN: x·min(max(x + 3, 0), 6)/6 = x·clamp(x/6 + 1/2, 0, 1), DirectML's Alpha/Beta form
        self._act(kind, "ACTIVATION_HARD_SWISH", v[0], outs, Alpha=1 / 6, Beta=0.5)

    def _op_Clamp(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        self._act(kind, "ELEMENT_WISE_CLIP", v[0], outs, Min=float(_attr(op, "min")),
                  Max=float(_attr(op, "max")))

    def _op_Square(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        d = _desc(x.dml, x.shape or [1])
        self.emit(kind, "ELEMENT_WISE_MULTIPLY", {"ATensor": (x, d), "BTensor": (x, d)}, outs[0], x.shape,
                  x.dml)

    def _op_Mish(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        # x·tanh(softplus(x)): three nodes (DirectML has no Mish)
        x = v[0]
        d = _desc(x.dml, x.shape or [1])
        tmp1: dict[str, Any] = {"id": -1 - len(self.b.nodes), "shape": x.shape, "dtype": x.dtype}
        self.emit(kind, "ACTIVATION_SOFTPLUS", {"InputTensor": (x, d)}, tmp1, x.shape, x.dml, Steepness=1.0)
        sp = self.b.values[tmp1["id"]]
        tmp2: dict[str, Any] = {"id": -1 - len(self.b.nodes), "shape": x.shape, "dtype": x.dtype}
        self.emit(kind, "ACTIVATION_TANH", {"InputTensor": (sp, d)}, tmp2, x.shape, x.dml)
        th = self.b.values[tmp2["id"]]
        self.emit(kind, "ELEMENT_WISE_MULTIPLY", {"ATensor": (x, d), "BTensor": (th, d)}, outs[0], x.shape,
                  x.dml)

    def _op_SoftMax(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        axis = int(_attr(op, "axis", 1))
        axis += len(x.shape) if axis < 0 else 0
        if _attr(op, "mode", "none") not in ("none",):
            raise Unimplemented(kind, "mode", "only the default softmax is lowered", _attr(op, "mode"))
        self._act(kind, "ACTIVATION_SOFTMAX1", x, outs, Axes=[axis])

    def _op_LayerNorm(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        if len(outs) > 1:
            raise Unimplemented(kind, "keep_stats", "mean and variance outputs are not lowered", len(outs))
        x = v[0]
        rank = len(x.shape)
        begin = int(_attr(op, "begin_norm_axis", -1))
        begin += rank if begin < 0 else 0
        axes = list(range(begin, rank))
        reads: dict[str, tuple[_Value, Any]] = {"InputTensor": (x, _desc(x.dml, x.shape))}
        if int(_attr(op, "use_affine", 1)) and len(v) >= 3:
            for name, t in (("ScaleTensor", v[1]), ("BiasTensor", v[2])):
                reads[name] = (t, _desc(t.dml, x.shape, _view(t.shape, x.shape)))
        self.emit(kind, "MEAN_VARIANCE_NORMALIZATION1", reads, outs[0], x.shape, x.dml, Axes=axes,
                  NormalizeVariance=True, Epsilon=float(_attr(op, "epsilon", 1e-5)))

    def _op_MatMul(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        a, b = v[0], v[1]
        squeeze = []  # a 1-D operand is a matrix of one row (src) or one column (weights)
        if len(a.shape) == 1:
            a = _Value(a.source, a.dml, [1, a.shape[0]], a.dtype)
            squeeze.append(-2)
        if len(b.shape) == 1:
            b = _Value(b.source, b.dml, [b.shape[0], 1], b.dtype)
            squeeze.append(-1)
        if max(len(a.shape), len(b.shape)) > 4:
            raise Unimplemented(kind, "inputs", "MatMul of 2-D to 4-D tensors is lowered (GEMM)",
                                [a.shape, b.shape])
        ta, tb = bool(_attr(op, "transpose_a", 0)), bool(_attr(op, "transpose_b", 0))
        m, k = (a.shape[-1], a.shape[-2]) if ta else (a.shape[-2], a.shape[-1])
        k2, n = (b.shape[-1], b.shape[-2]) if tb else (b.shape[-2], b.shape[-1])
        if k != k2:
            raise InvalidShape(kind, "inputs", f"K must agree ({k} and {k2})", [a.shape, b.shape])
        batch = _broadcast(kind, a.shape[:-2], b.shape[:-2])
        full = [1] * (4 - len(batch) - 2) + [*batch, m, n]
        out = [d for i, d in enumerate([*batch, m, n]) if i - len(batch) - 2 not in squeeze]
        batch4 = full[:-2]

        def read(x: _Value) -> Any:
            target = [*batch4, *x.shape[-2:]]
            return _desc(x.dml, target, _view(x.shape, target))

        reads = {"ATensor": (a, read(a)), "BTensor": (b, read(b))}
        if len(v) > 2:
            c = v[2]
            c_shape = [*c.shape[:-1], 1, c.shape[-1]] if -2 in squeeze and c.shape else c.shape
            reads["CTensor"] = (c, _desc(c.dml, full, _view(c_shape, full)))
        self.emit(kind, "GEMM", reads, outs[0], out, a.dml, out_desc=_desc(a.dml, full),
                  TransA="DML_MATRIX_TRANSFORM_TRANSPOSE" if ta else "DML_MATRIX_TRANSFORM_NONE",
                  TransB="DML_MATRIX_TRANSFORM_TRANSPOSE" if tb else "DML_MATRIX_TRANSFORM_NONE",
                  Alpha=1.0, Beta=1.0)

    def _conv_common(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any],
                     deconv: bool) -> None:
        from pydml.frontends import onednn as dnn

        x, w = v[0], v[1]
        sp = len(x.shape) - 2
        if sp not in (2, 3):
            raise Unimplemented(kind, "src", "1-D convolutions are not lowered in graphs", x.shape)
        attrs = {name: a["value"] for name, a in op.get("attrs", {}).items()}
        attrs = {k: (list(val)[:sp] if k == "output_padding" else val) for k, val in attrs.items()}
        a = dnn._check_attrs(kind, attrs)
        df = a["data_format"]
        in_ncx = dnn._ncx_shape(x.shape, df)
        x_strides = dnn._ncx_shape(_dense(x.shape), df)
        wf = a["weights_format"]
        if wf in ("OIX", "IOX"):
            w_shape, w_strides = list(w.shape), _dense(w.shape)
        else:
            n = len(w.shape)
            perm = [n - 1, n - 2, *range(n - 2)]
            w_shape = [w.shape[p] for p in perm]
            w_strides = [_dense(w.shape)[p] for p in perm]
        g = dnn._conv_geometry(kind, a, sp, np.empty(w_shape, dtype=np.uint8))
        dnn._apply_auto_pad(g, a["auto_pad"], in_ncx[2:], deconv=deconv)
        if deconv:
            oc = w_shape[1] * g.groups
            out_sp = [g.strides[i] * (in_ncx[2 + i] - 1) + dnn._keff(g.kernel[i], g.dilations[i])
                      - g.pads_begin[i] - g.pads_end[i] + g.output_padding[i] for i in range(sp)]
        else:
            oc = w_shape[0]
            out_sp = dnn._conv_out(kind, g, in_ncx[2:], "src")
        out_ncx = [in_ncx[0], oc, *out_sp]
        out_shape = dnn._fmt_shape(out_ncx, df)
        out_strides = dnn._ncx_shape(_dense(out_shape), df)
        reads: dict[str, tuple[_Value, Any]] = {
            "InputTensor": (x, _desc(x.dml, in_ncx, x_strides)),
            "FilterTensor": (w, _desc(w.dml, w_shape, w_strides)),
        }
        if len(v) > 2:
            bias = v[2]
            reads["BiasTensor"] = (bias, _desc(bias.dml, [1, oc] + [1] * sp))
        self.emit(kind, "CONVOLUTION", reads, outs[0], out_shape, x.dml,
                  out_desc=_desc(x.dml, out_ncx, out_strides), Mode=ConvolutionMode.CROSS_CORRELATION,
                  Direction=ConvolutionDirection.BACKWARD if deconv else ConvolutionDirection.FORWARD,
                  Strides=g.strides, Dilations=g.dilations, StartPadding=g.pads_begin,
                  EndPadding=g.pads_end, OutputPadding=g.output_padding if deconv else [0] * sp,
                  GroupCount=g.groups)

    def _op_Convolution(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        self._conv_common(kind, op, v, outs, deconv=False)

    def _op_ConvTranspose(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        self._conv_common(kind, op, v, outs, deconv=True)

    def _op_Interpolate(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        from pydml.frontends import onednn as dnn

        x = v[0]
        if len(x.shape) not in (3, 4):
            raise Unimplemented(kind, "src", "graphs lower 3-D and 4-D Interpolate (RESAMPLE2 has at "
                                "most 4 dimensions)", x.shape)
        attrs = {name: a["value"] for name, a in op.get("attrs", {}).items()}
        a = dnn._interp_common(kind, attrs, x.shape)
        df = a["data_format"]
        in_ncx = dnn._ncx_shape(x.shape, df)
        out_ncx = [in_ncx[0], in_ncx[1], *dnn._interp_out_spatial(kind, a, in_ncx[2:])]
        out_shape = dnn._fmt_shape(out_ncx, df)
        params = dnn._resample_params(kind, in_ncx, out_ncx, a["mode"], a["coordinate_transformation_mode"])
        self.emit(kind, "RESAMPLE2",
                  {"InputTensor": (x, _desc(x.dml, in_ncx, dnn._ncx_shape(_dense(x.shape), df)))},
                  outs[0], out_shape, x.dml,
                  out_desc=_desc(x.dml, out_ncx, dnn._ncx_shape(_dense(out_shape), df)), **params)

    def _quant_params(self, kind: str, op: Mapping[str, Any], x: _Value) -> tuple[Any, Any, Any, Any]:
        scales = [float(s) for s in _attr(op, "scales", [1.0])]
        zps = [int(z) for z in _attr(op, "zps", [0])]
        shape = x.shape or [1]
        if _attr(op, "qtype", "per_tensor") == "per_channel" and len(scales) > 1:
            axis = int(_attr(op, "axis", 1))
            axis += len(shape) if axis < 0 else 0
            if not 0 <= axis < len(shape) or shape[axis] != len(scales) or len(zps) not in (1, len(scales)):
                # oneDNN also accepts per-OC scales on grouped weights whose axis is OC/G; pydml
                # does not guess that reshaping
                raise Unimplemented(kind, "scales", f"per-channel scales must number the size of axis "
                                    f"{axis} of {shape}", len(scales))
            strides = [1 if d == axis else 0 for d in range(len(shape))]
            if len(zps) == 1:
                zps = zps * len(scales)
        else:
            scales, zps = scales[:1], zps[:1]
            strides = [0] * len(shape)
        return scales, zps, shape, strides

    def _op_Quantize(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        _, out_dml = _lt_type(kind, outs[0])
        scales, zps, shape, strides = self._quant_params(kind, op, x)
        zp_np = _NP_OF_DML[out_dml]
        s_val = _Value(self.b.constant(np.array(scales, np.float32)), TensorDataType.FLOAT32,
                       [len(scales)], "f32")
        z_val = _Value(self.b.constant(np.array(zps, zp_np)), out_dml, [len(zps)], outs[0]["dtype"])
        self.emit(kind, "ELEMENT_WISE_QUANTIZE_LINEAR", {
            "InputTensor": (x, _desc(x.dml, shape)),
            "ScaleTensor": (s_val, _desc(TensorDataType.FLOAT32, shape, strides)),
            "ZeroPointTensor": (z_val, _desc(out_dml, shape, strides))}, outs[0], x.shape, out_dml)

    def _op_Dequantize(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        _, out_dml = _lt_type(kind, outs[0])
        scales, zps, shape, strides = self._quant_params(kind, op, x)
        s_val = _Value(self.b.constant(np.array(scales, np.float32)), TensorDataType.FLOAT32,
                       [len(scales)], "f32")
        z_val = _Value(self.b.constant(np.array(zps, _NP_OF_DML[x.dml])), x.dml, [len(zps)], x.dtype)
        self.emit(kind, "ELEMENT_WISE_DEQUANTIZE_LINEAR", {
            "InputTensor": (x, _desc(x.dml, shape)),
            "ScaleTensor": (s_val, _desc(TensorDataType.FLOAT32, shape, strides)),
            "ZeroPointTensor": (z_val, _desc(x.dml, shape, strides))}, outs[0], x.shape,
            TensorDataType.FLOAT32)
        if out_dml != TensorDataType.FLOAT32:
            raise Unimplemented(kind, "outputs[0]", "dequantize to f16 is not lowered", outs[0]["dtype"])

    def _op_TypeCast(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        _, out_dml = _lt_type(kind, outs[0])
        if out_dml == x.dml:  # f32 <-> bf16: both compute as FLOAT32 (see the module docstring)
            self.define(kind, outs[0], x.source, x.dml, x.shape)
            return
        self.emit(kind, "CAST", {"InputTensor": (x, _desc(x.dml, x.shape or [1]))}, outs[0], x.shape, out_dml)

    def _op_Reorder(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        # logical tensors are dense blobs here: a layout change is no change
        x = v[0]
        _, out_dml = _lt_type(kind, outs[0])
        if out_dml != x.dml:
            raise Unimplemented(kind, "outputs[0]", "a reorder that changes the data type", outs[0]["dtype"])
        self.define(kind, outs[0], x.source, x.dml, x.shape)

    def _op_StaticReshape(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        target = [int(d) for d in _attr(op, "shape", [])]
        if _attr(op, "special_zero", False):
            target = [x.shape[i] if d == 0 and i < len(x.shape) else d for i, d in enumerate(target)]
        if target.count(-1) == 1:
            known = math.prod(d for d in target if d != -1)
            target[target.index(-1)] = math.prod(x.shape) // max(known, 1)
        if math.prod(target) != math.prod(x.shape):
            raise InvalidShape(kind, "shape", f"must hold {math.prod(x.shape)} elements", target)
        self.define(kind, outs[0], x.source, x.dml, target)

    def _op_StaticTranspose(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        order = [int(d) + (len(x.shape) if int(d) < 0 else 0) for d in _attr(op, "order", [])]
        if sorted(order) != list(range(len(x.shape))):
            raise InvalidShape(kind, "order", f"must permute {len(x.shape)} axes", order)
        dense = _dense(x.shape)
        shape = [x.shape[p] for p in order]
        self.emit(kind, "ELEMENT_WISE_IDENTITY",
                  {"InputTensor": (x, _desc(x.dml, shape, [dense[p] for p in order]))}, outs[0], shape, x.dml)

    def _pool(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any], avg: bool) -> None:
        x = v[0]
        sp = len(x.shape) - 2
        if sp not in (2, 3):
            raise Unimplemented(kind, "src", "graphs lower 2-D and 3-D pooling", x.shape)
        df = str(_attr(op, "data_format", "NXC"))
        in_ncx = x.shape if df == "NCX" else [x.shape[0], x.shape[-1], *x.shape[1:-1]]
        k = [int(d) for d in _attr(op, "kernel", [])]
        st = [int(d) for d in _attr(op, "strides", [])]
        dil = [int(d) for d in _attr(op, "dilations", [1] * sp)]
        pb = [int(d) for d in _attr(op, "pads_begin", [0] * sp)] or [0] * sp
        pe = [int(d) for d in _attr(op, "pads_end", [0] * sp)] or [0] * sp
        if len(k) != sp or len(st) != sp or len(dil) != sp or len(pb) != sp or len(pe) != sp:
            raise InvalidShape(kind, "kernel", f"kernel, strides, dilations and pads need {sp} entries", k)
        if _attr(op, "auto_pad", "None") != "None":
            raise Unimplemented(kind, "auto_pad", "only explicit pads are lowered", _attr(op, "auto_pad"))
        if min(pb + pe) < 0:
            raise Unimplemented(kind, "pads_end", "negative pads have no DirectML pooling", pe)
        ceil = _attr(op, "rounding_type", "floor") == "ceil"
        out_sp = []
        for i in range(sp):
            span = in_ncx[2 + i] + pb[i] + pe[i] - ((k[i] - 1) * dil[i] + 1)
            if span < 0:
                raise InvalidShape(kind, "kernel", "the window exceeds the padded input", k)
            out = (-(-span // st[i]) if ceil else span // st[i]) + 1
            extra = (out - 1) * st[i] - span  # > 0: ceil mode reads past the end padding
            if extra > 0:
                if avg and not _attr(op, "exclude_pad", False):
                    raise Unimplemented(kind, "rounding_type", "ceil with padding counted in the average",
                                        "ceil")
                pe[i] += extra
            out_sp.append(out)
        out_ncx = [in_ncx[0], in_ncx[1], *out_sp]
        out_shape = out_ncx if df == "NCX" else [out_ncx[0], *out_sp, out_ncx[1]]

        def layout(shape: list[int]) -> list[int]:
            dense = _dense(shape)
            return dense if df == "NCX" else [dense[0], dense[-1], *dense[1:-1]]

        fields: dict[str, Any] = dict(Strides=st, WindowSize=k, StartPadding=pb, EndPadding=pe,
                                      Dilations=dil)
        if avg:
            fields["IncludePadding"] = not bool(_attr(op, "exclude_pad", False))
        self.emit(kind, "AVERAGE_POOLING1" if avg else "MAX_POOLING2",
                  {"InputTensor": (x, _desc(x.dml, in_ncx, layout(x.shape)))}, outs[0], out_shape, x.dml,
                  out_desc=_desc(x.dml, out_ncx, layout(out_shape)), **fields)

    def _op_MaxPool(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        self._pool(kind, op, v, outs, avg=False)

    def _op_AvgPool(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        self._pool(kind, op, v, outs, avg=True)

    def _op_BatchNormInference(self, kind: str, op: Mapping[str, Any], v: list[_Value],
                               outs: list[Any]) -> None:
        x = v[0]
        axis = 1 if _attr(op, "data_format", "NXC") == "NCX" else len(x.shape) - 1
        per_c = [1 if d == axis else 0 for d in range(len(x.shape))]
        reads: dict[str, tuple[_Value, Any]] = {"InputTensor": (x, _desc(x.dml, x.shape))}
        if len(v) > 4 and v[4].source[0] == "input":
            self.b.nonnegative.add(self.b.graph_inputs[v[4].source[1]]["id"])
        names = ("ScaleTensor", "BiasTensor", "MeanTensor", "VarianceTensor")
        for name, t in zip(names, v[1:5], strict=True):
            reads[name] = (t, _desc(t.dml, x.shape, per_c))
        self.emit(kind, "BATCH_NORMALIZATION", reads, outs[0], x.shape, x.dml, Spatial=True,
                  Epsilon=float(_attr(op, "epsilon", 1e-5)))

    def _op_GroupNorm(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        groups = int(_attr(op, "groups", 1))
        if _attr(op, "data_format", "NXC") != "NCX" or len(outs) > 1 or len(x.shape) < 3:
            raise Unimplemented(kind, "data_format", "GroupNorm is lowered for NCX data without stats "
                                "outputs", _attr(op, "data_format", "NXC"))
        n, c = x.shape[:2]
        if c % groups:
            raise InvalidShape(kind, "groups", f"must divide the channels {c}", groups)
        spatial = math.prod(x.shape[2:])
        view = [n, groups, c // groups, spatial]  # the dense NCX blob read per group
        reads: dict[str, tuple[_Value, Any]] = {"InputTensor": (x, _desc(x.dml, view))}
        if int(_attr(op, "use_affine", 1)) and len(v) >= 3:
            for name, t in (("ScaleTensor", v[1]), ("BiasTensor", v[2])):
                reads[name] = (t, _desc(t.dml, view, [0, c // groups, 1, 0]))
        self.emit(kind, "MEAN_VARIANCE_NORMALIZATION1", reads, outs[0], x.shape, x.dml,
                  out_desc=_desc(x.dml, view), Axes=[2, 3], NormalizeVariance=True,
                  Epsilon=float(_attr(op, "epsilon", 1e-5)))

    def _op_Concat(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        rank = len(v[0].shape)
        axis = int(_attr(op, "axis", 0))
        axis += rank if axis < 0 else 0
        shape = list(v[0].shape)
        for t in v[1:]:
            if len(t.shape) != rank or any(t.shape[d] != shape[d] for d in range(rank) if d != axis):
                raise InvalidShape(kind, "inputs", f"must agree except on axis {axis}", [u.shape for u in v])
            shape[axis] += t.shape[axis]
        desc = D.DML_JOIN_OPERATOR_DESC(InputTensors=[_desc(t.dml, t.shape) for t in v],
                                        OutputTensor=_desc(v[0].dml, shape), Axis=axis)
        compiled = self.b.node(kind, desc, {f"InputTensors[{i}]": t.source for i, t in enumerate(v)})
        self.define(kind, outs[0], ("node", len(self.b.nodes) - 1,
                                    self.b.output_index(compiled, "OutputTensor")), v[0].dml, shape)

    def _op_Select(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        cond, a, b = v
        shape = _broadcast(kind, _broadcast(kind, cond.shape, a.shape), b.shape) or [1]
        self.emit(kind, "ELEMENT_WISE_IF", {
            "ConditionTensor": (cond, _desc(cond.dml, shape, _view(cond.shape, shape))),
            "ATensor": (a, _desc(a.dml, shape, _view(a.shape, shape))),
            "BTensor": (b, _desc(b.dml, shape, _view(b.shape, shape)))}, outs[0], shape, a.dml)

    def _reduce(self, kind: str, op: Mapping[str, Any], v: list[_Value], outs: list[Any]) -> None:
        x = v[0]
        rank = len(x.shape)
        axes = sorted({int(a) + (rank if int(a) < 0 else 0) for a in _attr(op, "axes", [])})
        keep = [1 if d in axes else n for d, n in enumerate(x.shape)]
        out = keep if _attr(op, "keep_dims", False) else [n for d, n in enumerate(x.shape) if d not in axes]
        self.emit(kind, "REDUCE", {"InputTensor": (x, _desc(x.dml, x.shape))}, outs[0], out, x.dml,
                  out_desc=_desc(x.dml, keep), Function=_REDUCE[kind], Axes=axes)


#: the op kinds lower_graph lowers
LOWERED_OPS = sorted([*_BINARY, *_UNARY, *_REDUCE,
                      *(n[4:] for n in dir(_Lowering) if n.startswith("_op_"))])


def _topological(ops: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    produced = {int(lt["id"]): i for i, op in enumerate(ops) for lt in op.get("outputs", [])}
    order: list[int] = []
    state: dict[int, int] = {}

    def visit(i: int) -> None:
        if state.get(i) == 2:
            return
        if state.get(i) == 1:
            raise InvalidGraphOp("graph", "graph", "has a cycle through op", ops[i].get("name"))
        state[i] = 1
        for lt in ops[i].get("inputs", []):
            j = produced.get(int(lt["id"]))
            if j is not None:
                visit(j)
        state[i] = 2
        order.append(i)

    for i in range(len(ops)):
        visit(i)
    return [ops[i] for i in order]


def lower_graph(doc: Mapping[str, Any], shapes: Mapping[int, Sequence[int]] | None = None) -> LoweredGraph:
    """Lower a parsed pattern (``{"graph": [ops]}``) onto one compiled DML graph.

    ``shapes`` rewrites graph-input shapes (benchdnn's ``--in-shapes``); every other shape is then
    inferred, and the file's intermediate and output shapes are not checked.
    """
    ops = list(doc.get("graph", []))
    if not ops:
        raise InvalidGraphOp("graph", "graph", "is empty", show_value=False)
    low = _Lowering(doc, shapes)
    for op in _topological(ops):
        low.lower(op)
    consumed = {int(lt["id"]) for op in ops for lt in op.get("inputs", [])}
    out_lts = [lt for op in ops for lt in op.get("outputs", []) if int(lt["id"]) not in consumed]
    b = low.b
    out_edges, outputs = [], []
    for k, lt in enumerate(out_lts):
        val = b.values[int(lt["id"])]
        if val.source[0] != "node" or b.kinds[val.source[1]] == "CONSTANT":
            raise Unimplemented("graph", f"logical tensor {lt['id']}",
                                "a graph output that no operator node computes", show_value=False)
        out_edges.append(DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=val.source[1],
                                                    FromNodeOutputIndex=val.source[2], GraphOutputIndex=k))
        outputs.append((int(lt["id"]), val.shape, lt.get("dtype", "f32")))
    graph_desc = DML_GRAPH_DESC(Nodes=b.nodes, InputEdges=b.input_edges, OutputEdges=out_edges,
                                IntermediateEdges=b.mid_edges, InputCount=len(b.graph_inputs),
                                OutputCount=len(outputs))
    try:
        compiled = _DEVICE.compile_graph(graph_desc)
    except PydmlError as e:
        raise Unimplemented("graph", "CompileGraph", str(e), show_value=False) from None
    return LoweredGraph(compiled, b.graph_inputs, outputs, b.kinds, b.nonnegative, b.operators)


def fill_inputs(lowered: LoweredGraph, seed: int = 0) -> dict[int, np.ndarray]:
    """Small exact inputs: floats in [-4, 4] in steps of 1/4, integers in [-8, 8] (u8: [0, 16]),
    booleans 0/1; inputs whose domain is non-negative (a batch norm's variance) get absolute
    values."""
    rng = np.random.default_rng(seed)
    out: dict[int, np.ndarray] = {}
    for lt in lowered.inputs:
        np_type, _ = _TYPES[lt["dtype"]]
        shape = lt["shape"]
        if np_type.kind == "f":
            values = rng.integers(-16, 17, size=shape) / 4
            out[lt["id"]] = (np.abs(values) if lt["id"] in lowered.nonnegative else values).astype(np_type)
        elif np_type.kind == "b":
            out[lt["id"]] = rng.integers(0, 2, size=shape).astype(np_type)
        elif np_type.kind == "u":
            out[lt["id"]] = rng.integers(0, 17, size=shape).astype(np_type)
        else:
            out[lt["id"]] = rng.integers(-8, 9, size=shape).astype(np_type)
    return out


def run_graph(path: str | Path | Mapping[str, Any], inputs: Mapping[int, Any] | None = None,
              shapes: Mapping[int, Sequence[int]] | None = None) -> dict[int, np.ndarray]:
    """Lower and run a pattern file (or its parsed JSON); inputs not given are filled
    (:func:`fill_inputs`). Returns {output LT id: array}."""
    doc = json.loads(Path(path).read_text()) if isinstance(path, (str, Path)) else path
    lowered = lower_graph(doc, shapes)
    values = fill_inputs(lowered)
    values.update({int(k): np.asarray(v) for k, v in (inputs or {}).items()})
    return lowered.execute(values)

