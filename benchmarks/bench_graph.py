"""A 20-node graph of small operators (tensors of 4096 FLOAT32 elements) executed as one compiled
graph (native/graph/graph.c), against the sum of its kernels' own times and against the same nodes
executed one by one from Python.

    python benchmarks/bench_graph.py [--threads 2] [--repeat 200]

Contenders, timed interleaved (best of N, each a block of back-to-back calls):
  graph (Python)   CompiledGraph.execute([x, y], outputs=[z]): the Python binding + one C call
  graph (C call)   lib.pydml_graph_execute on prebuilt buffers: the engine alone
  kernels          the sum over nodes of pydml_operator_execute_views on prebuilt views, each
                   node timed alone (includes one cffi call per node, about 0.3 us)
  one by one       CompiledOperator.execute per node from Python, outputs allocated (a user's loop)
The machine is shared: only the ratios of one run are claims, never the absolute times.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from _timing import best_times

import pydml
from pydml import (
    DML_GRAPH_DESC,
    DML_INPUT_GRAPH_EDGE_DESC,
    DML_INTERMEDIATE_GRAPH_EDGE_DESC,
    DML_OPERATOR_GRAPH_NODE_DESC,
    DML_OUTPUT_GRAPH_EDGE_DESC,
)
from pydml.kernels.operator import NativeOperatorKernel
from pydml.native import ffi, lib

SHAPE = [1, 1, 4, 1024]


def nodes() -> list[Any]:
    """20 nodes: unary activations and math, every fourth an ADD or MULTIPLY with graph input y."""
    t = pydml.buffer_desc("FLOAT32", SHAPE)
    unary = [
        pydml.DML_ACTIVATION_RELU_OPERATOR_DESC,
        pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC,
        pydml.DML_ACTIVATION_TANH_OPERATOR_DESC,
        pydml.DML_ELEMENT_WISE_ABS_OPERATOR_DESC,
        pydml.DML_ELEMENT_WISE_EXP_OPERATOR_DESC,
        pydml.DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC,
    ]
    out: list[Any] = []
    for i in range(20):
        if i % 4 == 3:
            cls = (
                pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC
                if i % 8 == 3
                else pydml.DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC
            )
            out.append(cls(ATensor=t, BTensor=t, OutputTensor=t))
        else:
            out.append(unary[i % len(unary)](InputTensor=t, OutputTensor=t))
    return out


def graph_desc(ops: list[Any]) -> Any:
    inputs = [DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=0, ToNodeIndex=0, ToNodeInputIndex=0, Name="x")]
    mids = []
    for i, op in enumerate(ops[1:], start=1):
        mids.append(
            DML_INTERMEDIATE_GRAPH_EDGE_DESC(
                FromNodeIndex=i - 1, FromNodeOutputIndex=0, ToNodeIndex=i, ToNodeInputIndex=0
            )
        )
        if hasattr(op, "BTensor"):
            inputs.append(
                DML_INPUT_GRAPH_EDGE_DESC(GraphInputIndex=1, ToNodeIndex=i, ToNodeInputIndex=1, Name="y")
            )
    return DML_GRAPH_DESC(
        Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=op) for op in ops],
        InputEdges=inputs,
        IntermediateEdges=mids,
        OutputEdges=[
            DML_OUTPUT_GRAPH_EDGE_DESC(
                FromNodeIndex=len(ops) - 1, FromNodeOutputIndex=0, GraphOutputIndex=0, Name="z"
            )
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    lib.pydml_set_num_threads(args.threads)
    device = pydml.Device()
    ops = nodes()
    graph = device.compile_graph(graph_desc(ops))
    rng = np.random.default_rng(1)
    x = rng.standard_normal(SHAPE).astype(np.float32) * 0.5
    y = rng.standard_normal(SHAPE).astype(np.float32) * 0.5
    z = np.empty(SHAPE, np.float32)

    # the engine alone: prebuilt buffers
    nbytes = x.nbytes
    ins = ffi.new("pydml_buffer[]", [(ffi.from_buffer(x), nbytes), (ffi.from_buffer(y), nbytes)])
    outs = ffi.new("pydml_buffer[]", [(ffi.from_buffer(z), nbytes)])
    message = ffi.new("char[256]")
    handle = graph._handle

    def graph_c() -> None:
        lib.pydml_graph_execute(handle, ins, 2, outs, 1, message, 256)

    def graph_python() -> None:
        graph.execute([x, y], outputs=[z])

    # each kernel alone on prebuilt views (node i reads a, and y for binary nodes, writes b)
    a, b = x.copy(), np.empty_like(x)
    kernels = [NativeOperatorKernel(op, pydml.ExecutionFlags.NONE) for op in ops]
    views = {name: pydml.native.view_array(arr) for name, arr in (("a", a), ("b", b), ("y", y))}
    calls = []
    for op, k in zip(ops, kernels, strict=True):
        pointers_in = ffi.new(
            "const pydml_tensor*[]", [views["a"].ptr] + ([views["y"].ptr] if hasattr(op, "BTensor") else [])
        )
        pointers_out = ffi.new("const pydml_tensor*[]", [views["b"].ptr])
        calls.append((k.handle, pointers_in, len(k.inputs), pointers_out))

    def kernel_call(i: int) -> Any:
        h, pin, n, pout = calls[i]

        def run() -> None:
            lib.pydml_operator_execute_views(h, pin, n, pout, 1, ffi.NULL, 0)

        return run

    compiled = [device.create_operator(op) for op in ops]

    def one_by_one() -> None:
        value = x
        for op, c in zip(ops, compiled, strict=True):
            inputs = {"ATensor": value, "BTensor": y} if hasattr(op, "BTensor") else {"InputTensor": value}
            value = c.execute(inputs)["OutputTensor"]

    reference = x
    for op, c in zip(ops, compiled, strict=True):
        inputs = (
            {"ATensor": reference, "BTensor": y} if hasattr(op, "BTensor") else {"InputTensor": reference}
        )
        reference = c.execute(inputs)["OutputTensor"]
    graph_python()
    assert z.tobytes() == reference.tobytes(), "the graph must equal its nodes one by one, bit for bit"

    contenders = [graph_python, graph_c, one_by_one, *(kernel_call(i) for i in range(len(ops)))]
    times = best_times(contenders, args.repeat, block=20)
    t_graph_py, t_graph_c, t_one, *t_kernels = times
    kernel_sum = sum(t_kernels)
    print(
        f"20-node graph, {int(np.prod(SHAPE))} FLOAT32 elements per tensor, {args.threads} threads "
        "(shared machine: ratios only)"
    )
    print(f"  (this run: graph {t_graph_py * 1e6:.1f} us from Python, {t_graph_c * 1e6:.1f} us as a C call; "
          f"kernels {kernel_sum * 1e6:.1f} us; one by one {t_one * 1e6:.1f} us)")
    print(f"  arena {graph.memory_bytes} bytes for {graph.intermediate_bytes} bytes of intermediates")
    print(f"  graph (C call) / sum of kernels        : {t_graph_c / kernel_sum:.2f}x")
    print(f"  graph (Python) / sum of kernels        : {t_graph_py / kernel_sum:.2f}x")
    print(
        f"  graph (Python) / one by one from Python: {t_graph_py / t_one:.2f}x "
        f"(one by one takes {t_one / t_graph_py:.1f}x the graph's time)"
    )


if __name__ == "__main__":
    main()
