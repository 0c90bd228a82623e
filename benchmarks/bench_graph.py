"""A 20-node graph of small operators (tensors of 4096 FLOAT32 elements) executed as one compiled
graph (native/graph/graph.c), against the sum of its kernels' own times and against the same nodes
executed one by one from Python.

    PYTHONPATH=. python benchmarks/bench_graph.py [--threads 2] [--repeat 200] [--case small|cnn|chain|all]

Contenders, timed interleaved (best of N, each a block of back-to-back calls):
  graph (Python)   CompiledGraph.execute([x, y], outputs=[z]): the Python binding + one C call
  graph (C call)   lib.pydml_graph_execute on prebuilt buffers: the engine alone
  kernels          the sum over nodes of pydml_operator_execute_views on prebuilt views, each
                   node timed alone (includes one cffi call per node, about 0.3 us)
  one by one       CompiledOperator.execute per node from Python, outputs allocated (a user's loop)
The machine is shared: only the ratios of one run are claims, never the absolute times.

--case cnn: conv (8 x 64 -> 64 channels, 56 x 56, 3 x 3, pad 1) -> bias (ELEMENT_WISE_ADD of a
per-channel bias, broadcast by zero strides) -> relu -> average pool (8 x 8, stride 8) -> gemm
(3136 -> 1000, bias C) -> softmax, as one compiled graph (fusion: the relu runs inside the
bias add, made ELEMENT_WISE_ADD1), the same graph compiled with fusion=False, the same nodes
executed one by one from Python, and torch eager (F.conv2d, +, relu, avg_pool2d, addmm,
softmax) on the same threads, timed interleaved (best of N, one call per sample).

--case chain: a 50-node chain's arena against one intermediate's size (peak memory).

--case branches: four independent chains of five unary operators on 64K-element tensors, summed,
compiled with concurrency (branches side by side) and with concurrency=False (one node at a time);
the results are asserted to be the same bits.
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


# ---- conv -> bias -> relu -> pool -> gemm -> softmax -------------------------------------------

N, C, H, W, K, CLASSES, POOL = 8, 64, 56, 56, 3, 1000, 8


def cnn_nodes() -> list[Any]:
    f32 = "FLOAT32"
    act = [N, C, H, W]
    hp, wp = H // POOL, W // POOL
    features = C * hp * wp
    conv = pydml.DML_CONVOLUTION_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc(f32, act), FilterTensor=pydml.buffer_desc(f32, [C, C, K, K]),
        OutputTensor=pydml.buffer_desc(f32, act), Mode="CROSS_CORRELATION", Direction="FORWARD",
        DimensionCount=2, Strides=[1, 1], Dilations=[1, 1], StartPadding=[1, 1], EndPadding=[1, 1],
        OutputPadding=[0, 0], GroupCount=1)
    bias = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(
        ATensor=pydml.buffer_desc(f32, act), BTensor=pydml.buffer_desc(f32, act, strides=[0, 1, 0, 0]),
        OutputTensor=pydml.buffer_desc(f32, act))
    relu = pydml.DML_ACTIVATION_RELU_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc(f32, act), OutputTensor=pydml.buffer_desc(f32, act))
    pool = pydml.DML_AVERAGE_POOLING_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc(f32, act), OutputTensor=pydml.buffer_desc(f32, [N, C, hp, wp]),
        DimensionCount=2, Strides=[POOL, POOL], WindowSize=[POOL, POOL], StartPadding=[0, 0],
        EndPadding=[0, 0], IncludePadding=False)
    gemm = pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=pydml.buffer_desc(f32, [1, 1, N, features]),
        BTensor=pydml.buffer_desc(f32, [1, 1, features, CLASSES]),
        CTensor=pydml.buffer_desc(f32, [1, 1, N, CLASSES], strides=[0, 0, 0, 1]),
        OutputTensor=pydml.buffer_desc(f32, [1, 1, N, CLASSES]),
        TransA="NONE", TransB="NONE", Alpha=1.0, Beta=1.0)
    softmax = pydml.DML_ACTIVATION_SOFTMAX_OPERATOR_DESC(
        InputTensor=pydml.buffer_desc(f32, [1, 1, N, CLASSES]),
        OutputTensor=pydml.buffer_desc(f32, [1, 1, N, CLASSES]))
    return [conv, bias, relu, pool, gemm, softmax]


def cnn_graph_desc(ops: list[Any]) -> Any:
    """Graph inputs: x, conv weights, bias, gemm weights, gemm bias; output: probabilities."""
    In, Mid = DML_INPUT_GRAPH_EDGE_DESC, DML_INTERMEDIATE_GRAPH_EDGE_DESC
    return DML_GRAPH_DESC(
        Nodes=[DML_OPERATOR_GRAPH_NODE_DESC(Operator=op) for op in ops],
        InputEdges=[In(GraphInputIndex=0, ToNodeIndex=0, ToNodeInputIndex=0, Name="x"),
                    In(GraphInputIndex=1, ToNodeIndex=0, ToNodeInputIndex=1, Name="w"),
                    In(GraphInputIndex=2, ToNodeIndex=1, ToNodeInputIndex=1, Name="b"),
                    In(GraphInputIndex=3, ToNodeIndex=4, ToNodeInputIndex=1, Name="fc_w"),
                    In(GraphInputIndex=4, ToNodeIndex=4, ToNodeInputIndex=2, Name="fc_b")],
        IntermediateEdges=[Mid(FromNodeIndex=i, FromNodeOutputIndex=0, ToNodeIndex=i + 1, ToNodeInputIndex=0)
                           for i in range(len(ops) - 1)],
        OutputEdges=[DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=len(ops) - 1, FromNodeOutputIndex=0,
                                                GraphOutputIndex=0, Name="p")],
    )


def cnn_main(repeat: int, threads: int) -> None:
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(threads)
    device = pydml.Device()
    ops = cnn_nodes()
    fused = device.compile_graph(cnn_graph_desc(ops))
    unfused = device.compile_graph(cnn_graph_desc(ops), fusion=False)
    rng = np.random.default_rng(2)
    hp, wp = H // POOL, W // POOL
    x = rng.standard_normal([N, C, H, W]).astype(np.float32)
    w = (rng.standard_normal([C, C, K, K]) / np.sqrt(C * K * K)).astype(np.float32)
    b = rng.standard_normal([C]).astype(np.float32) * 0.1
    fc_w = (rng.standard_normal([C * hp * wp, CLASSES]) / np.sqrt(C * hp * wp)).astype(np.float32)
    fc_b = rng.standard_normal([CLASSES]).astype(np.float32) * 0.1
    inputs = [x, w, b, fc_w, fc_b]
    out_f = np.empty([1, 1, N, CLASSES], np.float32)
    out_u = np.empty_like(out_f)

    def graph_fused() -> None:
        fused.execute(inputs, outputs=[out_f])

    def graph_unfused() -> None:
        unfused.execute(inputs, outputs=[out_u])

    compiled = [device.create_operator(op) for op in ops]

    def one_by_one() -> Any:
        y = compiled[0].execute({"InputTensor": x, "FilterTensor": w})["OutputTensor"]
        y = compiled[1].execute({"ATensor": y, "BTensor": b})["OutputTensor"]
        y = compiled[2].execute({"InputTensor": y})["OutputTensor"]
        y = compiled[3].execute({"InputTensor": y})["OutputTensor"]
        y = compiled[4].execute({"ATensor": y.reshape(1, 1, N, -1), "BTensor": fc_w,
                                 "CTensor": fc_b})["OutputTensor"]
        return compiled[5].execute({"InputTensor": y})["OutputTensor"]

    tx, tw, tb, tfw, tfb = (torch.from_numpy(a) for a in inputs)

    def torch_eager() -> Any:
        with torch.no_grad():
            y = torch.relu(F.conv2d(tx, tw, padding=1) + tb.view(1, C, 1, 1))
            y = F.avg_pool2d(y, POOL)
            return torch.softmax(torch.addmm(tfb, y.flatten(1), tfw), dim=-1)

    reference = one_by_one()
    graph_fused()
    graph_unfused()
    assert out_u.tobytes() == reference.tobytes(), "unfused: the bits of the nodes one by one"
    np.testing.assert_allclose(out_f, reference, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(out_f.reshape(N, CLASSES), torch_eager().numpy(), rtol=1e-3, atol=1e-6)
    conv_out = np.empty([N, C, H, W], np.float32)

    def conv_alone() -> None:
        compiled[0].execute({"InputTensor": x, "FilterTensor": w}, outputs={"OutputTensor": conv_out})

    def torch_conv_alone() -> None:
        with torch.no_grad():
            F.conv2d(tx, tw, padding=1)

    t_fused, t_unfused, t_one, t_torch, t_conv, t_tconv = best_times(
        [graph_fused, graph_unfused, one_by_one, torch_eager, conv_alone, torch_conv_alone], repeat)
    print(f"conv {N}x{C}->{C}x{H}x{W} {K}x{K} -> bias -> relu -> avg pool {POOL}x{POOL} -> gemm "
          f"{C * hp * wp}->{CLASSES} -> softmax, FLOAT32, {threads} threads (shared machine: ratios only)")
    print(f"  graph runs {fused.operator_count} operators for 6 nodes (fused: {fused.fused}); "
          f"arena {fused.memory_bytes} bytes")
    print(f"  (this run: graph {t_fused * 1e3:.1f} ms, unfused graph {t_unfused * 1e3:.1f} ms, one by one "
          f"{t_one * 1e3:.1f} ms, torch {t_torch * 1e3:.1f} ms)")
    print(f"  one by one / graph (fused)   : {t_one / t_fused:.2f}x")
    print(f"  one by one / graph (unfused) : {t_one / t_unfused:.2f}x")
    print(f"  torch eager / graph (fused)  : {t_torch / t_fused:.2f}x  (above 1: the graph is faster)")
    print(f"  the convolution alone: torch / pydml {t_tconv / t_conv:.2f}x; it is {t_conv / t_fused:.0%} of "
          "the graph's time")


def chain_main() -> None:
    device = pydml.Device()
    t = pydml.buffer_desc("FLOAT32", SHAPE)
    ops = [pydml.DML_ACTIVATION_TANH_OPERATOR_DESC(InputTensor=t, OutputTensor=t) for _ in range(50)]
    graph = device.compile_graph(graph_desc(ops))
    one = int(np.prod(SHAPE)) * 4
    print(f"50-node chain of {one}-byte tensors: arena {graph.memory_bytes} bytes = "
          f"{graph.memory_bytes / one:.2f} intermediates (sum of intermediates: "
          f"{graph.intermediate_bytes / one:.0f})")


def branches_main(repeat: int, threads: int) -> None:
    shape = [1, 1, 64, 1024]
    t = pydml.buffer_desc("FLOAT32", shape)
    unary = [pydml.DML_ACTIVATION_TANH_OPERATOR_DESC, pydml.DML_ACTIVATION_SIGMOID_OPERATOR_DESC,
             pydml.DML_ELEMENT_WISE_EXP_OPERATOR_DESC, pydml.DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC,
             pydml.DML_ELEMENT_WISE_ABS_OPERATOR_DESC]
    In, Mid = DML_INPUT_GRAPH_EDGE_DESC, DML_INTERMEDIATE_GRAPH_EDGE_DESC
    nodes: list[Any] = []
    inputs, mids, ends = [], [], []
    for b in range(4):
        for k, cls in enumerate(unary):
            i = len(nodes)
            nodes.append(DML_OPERATOR_GRAPH_NODE_DESC(Operator=cls(InputTensor=t, OutputTensor=t)))
            if k == 0:
                inputs.append(In(GraphInputIndex=b, ToNodeIndex=i, ToNodeInputIndex=0))
            else:
                mids.append(Mid(FromNodeIndex=i - 1, FromNodeOutputIndex=0, ToNodeIndex=i,
                                ToNodeInputIndex=0))
        ends.append(len(nodes) - 1)
    add = pydml.DML_ELEMENT_WISE_ADD_OPERATOR_DESC(ATensor=t, BTensor=t, OutputTensor=t)
    a0 = len(nodes)
    nodes += [DML_OPERATOR_GRAPH_NODE_DESC(Operator=add) for _ in range(3)]
    mids += [Mid(FromNodeIndex=ends[0], FromNodeOutputIndex=0, ToNodeIndex=a0, ToNodeInputIndex=0),
             Mid(FromNodeIndex=ends[1], FromNodeOutputIndex=0, ToNodeIndex=a0, ToNodeInputIndex=1),
             Mid(FromNodeIndex=ends[2], FromNodeOutputIndex=0, ToNodeIndex=a0 + 1, ToNodeInputIndex=0),
             Mid(FromNodeIndex=ends[3], FromNodeOutputIndex=0, ToNodeIndex=a0 + 1, ToNodeInputIndex=1),
             Mid(FromNodeIndex=a0, FromNodeOutputIndex=0, ToNodeIndex=a0 + 2, ToNodeInputIndex=0),
             Mid(FromNodeIndex=a0 + 1, FromNodeOutputIndex=0, ToNodeIndex=a0 + 2, ToNodeInputIndex=1)]
    desc = DML_GRAPH_DESC(Nodes=nodes, InputEdges=inputs, IntermediateEdges=mids,
                          OutputEdges=[DML_OUTPUT_GRAPH_EDGE_DESC(FromNodeIndex=a0 + 2, FromNodeOutputIndex=0,
                                                                  GraphOutputIndex=0)])
    device = pydml.Device()
    concurrent = device.compile_graph(desc, concurrency=True)
    serial = device.compile_graph(desc, concurrency=False)
    rng = np.random.default_rng(3)
    xs = [rng.standard_normal(shape).astype(np.float32) for _ in range(4)]
    za, zb = np.empty(shape, np.float32), np.empty(shape, np.float32)

    def run_concurrent() -> None:
        concurrent.execute(xs, outputs=[za])

    def run_serial() -> None:
        serial.execute(xs, outputs=[zb])

    run_concurrent()
    run_serial()
    assert za.tobytes() == zb.tobytes(), "concurrency must not change a bit"
    t_c, t_s = best_times([run_concurrent, run_serial], max(5, repeat // 4), block=5)
    print(f"4 branches x 5 unary operators on {int(np.prod(shape))} FLOAT32 elements, {threads} threads "
          f"(shared machine: ratios only); concurrent: {concurrent.concurrent}")
    print(f"  (this run: concurrent {t_c * 1e6:.0f} us, serial {t_s * 1e6:.0f} us; arena "
          f"{concurrent.memory_bytes} vs {serial.memory_bytes} bytes)")
    print(f"  serial / concurrent: {t_s / t_c:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--cnn-repeat", type=int, default=20)
    parser.add_argument("--case", choices=("small", "cnn", "chain", "branches", "all"), default="small")
    args = parser.parse_args()
    lib.pydml_set_num_threads(args.threads)
    if args.case in ("cnn", "all"):
        cnn_main(args.cnn_repeat, args.threads)
    if args.case in ("chain", "all"):
        chain_main()
    if args.case in ("branches", "all"):
        branches_main(args.repeat, args.threads)
    if args.case in ("small", "all"):
        small_main(args)


def small_main(args: Any) -> None:
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
    kernels = [device.create_operator(op) for op in ops]
    views = {name: pydml.native.view_array(arr) for name, arr in (("a", a), ("b", b), ("y", y))}
    calls = []
    for op, k in zip(ops, kernels, strict=True):
        pointers_in = ffi.new(
            "const pydml_tensor*[]", [views["a"].ptr] + ([views["y"].ptr] if hasattr(op, "BTensor") else [])
        )
        pointers_out = ffi.new("const pydml_tensor*[]", [views["b"].ptr])
        calls.append((k.handle, pointers_in, int(lib.pydml_operator_input_count(k.handle)), pointers_out))

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
