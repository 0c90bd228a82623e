"""pydml.onnx.InferenceSession against onnxruntime's CPU provider on models torch exports here.

    python benchmarks/bench_onnx.py [--threads 2] [--repeat 3]
                                    [--models resnet18,mobilenet,bert,lstm,decoder,gqa]
                                    [--bert-layers 12] [--no-memory] [--profile]

Models (exported by torch.onnx.export's TorchScript exporter inside the benchmark: nothing is
downloaded), FLOAT32:
  resnet18   a ResNet-18-shaped CNN (BasicBlocks 2-2-2-2, 64..512 channels, 1000 classes), 224x224,
             batch 1 and 8
  mobilenet  a MobileNetV2-shaped CNN (inverted residuals of expansion 6, 3x3 depthwise, ReLU6 as
             Clip(0, 6), batch-norm folded by the exporter, 1000 classes), 224x224, batch 1 and 8:
             DirectML's most common sample network
  bert       a BERT-base-shaped encoder layer stack (hidden 768, 12 heads, FFN 3072, GELU via Erf,
             LayerNorm, the attention written out as MatMul/Softmax as Hugging Face exports it),
             sequence 128, batch 1 and 8
  lstm       a 1-layer LSTM (input and hidden 512) over sequence 64, batch 16
  decoder    a small decoder-only transformer (4 layers, d 256, 4 heads, vocabulary 1000): a prefill
             model over an 8-token prompt, then a step model with a growing key/value cache
             (past_k/past_v inputs, present_k/present_v outputs) generating 32 tokens greedily
             (argmax on the host), batch 1. pydml compiles one plan per input-shape signature:
             the prefill's and three full builds of the step (two fit a template, the third
             confirms it), the step's other 28 plans patched from that template
             (pydml/onnx/template.py): "cold" times the sessions' creation and their first
             generation (the split printed after it), "warm" the next generations. "256 tokens"
             generates past the 64 plans a session keeps, so every token is a past length
             without a plan (derived from the template: what a long generation costs).
             (Position table: 512 entries.)
  gqa        onnxruntime-genai's decode step (written with onnx.helper, not exported: torch has no
             com.microsoft ops): 8 layers of GroupQueryAttention (8 query and 4 key/value heads of
             64) between MatMuls, over past/present buffers of a fixed capacity (256) bound at every
             token, seqlens_k and total_sequence_length advancing, 64 tokens. pydml keys its plans
             by what the lowering reads of the CPU-read total (max(capacity, total)): one plan.
             "cold" times the sessions' creation and the first 64 tokens, "warm" the next ones.
Contenders, timed interleaved in one run (best of --repeat blocks of --block consecutive runs, a
block's mean; each contender's first call warms up):
  onnxruntime  CPUExecutionProvider, intra_op_num_threads=threads, inter_op 1,
               ORT_ENABLE_ALL graph optimizations
  pydml        pydml.onnx.InferenceSession (one DML_GRAPH_DESC run by native/graph/graph.c),
               lib.pydml_set_num_threads(threads)
With --profile, each case also prints pydml's per-operator profile (the decoder's: one token step
with a past of 20): the time each DML operator of the graph took (CompiledGraph.profile: timed in
C around each step, summed by operator type, and the slowest nodes with their tensor sizes).
The ratio printed is onnxruntime's time / pydml's (above 1: pydml is faster). Peak memory: each
contender in a fresh subprocess loads the model and runs it once; the figure is the peak resident
set (VmHWM) less the resident set after the imports and before the session (what the session
and its run added). The machine is shared: only ratios measured in one run are claims.

On a loaded machine, libgomp's default wait policy (workers spin before they sleep) takes the
cores the working thread needs: pydml's one-token decoder step measured 85 ms by default, 11 ms
with OMP_WAIT_POLICY=passive and 490 ms with =active (onnxruntime, whose own pool spins briefly:
1.5 ms). Set OMP_WAIT_POLICY=passive to measure pydml as it runs on a shared host (onnxruntime's
CPU wheel does not use OpenMP). On a quiet host measure with neither variable set: pydml then runs
as a user gets it (pydml/native.py sets GOMP_SPINCOUNT=10000: workers spin about 0.1 ms before
they sleep), as onnxruntime's pool spins by default. On the quiet Zen 4 host (2026-11-29, 21:30
UTC, AVX-512 path) ResNet-18 batch 1 read 0.95 by default and 0.88 passive, BERT batch 1 1.02 and
0.97 (one run each). The decoder's warm ratio was bimodal there: 1.57 and 1.61 in two of three
runs by default, 0.79 in the third, and 0.76-0.90 passive; the lower mode is the one to claim.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent


# -- the models ---------------------------------------------------------------------------------


def _models() -> dict[str, Any]:
    import torch
    from torch import nn

    class Basic(nn.Module):  # type: ignore[misc]
        def __init__(self, cin: int, cout: int, stride: int) -> None:
            super().__init__()
            self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.b1 = nn.BatchNorm2d(cout)
            self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.b2 = nn.BatchNorm2d(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x: Any) -> Any:
            y = torch.relu(self.b1(self.c1(x)))
            y = self.b2(self.c2(y))
            return torch.relu(y + (x if self.down is None else self.down(x)))

    class Inverted(nn.Module):  # type: ignore[misc]
        def __init__(self, cin: int, cout: int, stride: int, expand: int) -> None:
            super().__init__()
            mid = cin * expand
            layers: list[Any] = []
            if expand != 1:
                layers += [nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.ReLU6()]
            layers += [nn.Conv2d(mid, mid, 3, stride, 1, groups=mid, bias=False), nn.BatchNorm2d(mid), nn.ReLU6(),
                       nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout)]
            self.body = nn.Sequential(*layers)
            self.residual = stride == 1 and cin == cout

        def forward(self, x: Any) -> Any:
            return x + self.body(x) if self.residual else self.body(x)

    class MobileNetV2(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            layers: list[Any] = [nn.Conv2d(3, 32, 3, 2, 1, bias=False), nn.BatchNorm2d(32), nn.ReLU6()]
            cin = 32
            for t, c, n, s in ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1),
                               (6, 160, 3, 2), (6, 320, 1, 1)):
                for i in range(n):
                    layers.append(Inverted(cin, c, s if i == 0 else 1, t))
                    cin = c
            layers += [nn.Conv2d(cin, 1280, 1, bias=False), nn.BatchNorm2d(1280), nn.ReLU6()]
            self.features = nn.Sequential(*layers)
            self.fc = nn.Linear(1280, 1000)

        def forward(self, x: Any) -> Any:
            return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(self.features(x), 1), 1))

    class ResNet18(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(),
                                      nn.MaxPool2d(3, 2, 1))
            layers = []
            cin = 64
            for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
                layers += [Basic(cin, cout, stride), Basic(cout, cout, 1)]
                cin = cout
            self.layers = nn.Sequential(*layers)
            self.fc = nn.Linear(512, 1000)

        def forward(self, x: Any) -> Any:
            x = self.layers(self.stem(x))
            return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))

    class BertLayer(nn.Module):  # type: ignore[misc]
        def __init__(self, d: int = 768, heads: int = 12, ffn: int = 3072) -> None:
            super().__init__()
            self.heads = heads
            self.q, self.k, self.v = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
            self.o = nn.Linear(d, d)
            self.ln1, self.ln2 = nn.LayerNorm(d, eps=1e-12), nn.LayerNorm(d, eps=1e-12)
            self.up, self.down = nn.Linear(d, ffn), nn.Linear(ffn, d)

        def forward(self, x: Any, mask: Any) -> Any:
            b, t, d = x.shape
            h = self.heads

            def split(z: Any) -> Any:
                return z.reshape(b, t, h, d // h).transpose(1, 2)

            q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
            att = torch.softmax(q @ k.transpose(-1, -2) / (d // h) ** 0.5 + mask, dim=-1)
            y = (att @ v).transpose(1, 2).reshape(b, t, d)
            x = self.ln1(x + self.o(y))
            return self.ln2(x + self.down(nn.functional.gelu(self.up(x))))

    class Bert(nn.Module):  # type: ignore[misc]
        def __init__(self, layers: int) -> None:
            super().__init__()
            self.layers = nn.ModuleList(BertLayer() for _ in range(layers))

        def forward(self, x: Any, attention_mask: Any) -> Any:
            mask = (1.0 - attention_mask[:, None, None, :]) * -10000.0  # Hugging Face's extended mask
            for layer in self.layers:
                x = layer(x, mask)
            return x

    class Lstm(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.lstm = nn.LSTM(512, 512)

        def forward(self, x: Any) -> Any:
            return self.lstm(x)[0]

    class Decoder(nn.Module):  # type: ignore[misc]
        """GPT-2-like: token + position embeddings, pre-norm blocks, tied head; ``past`` caches."""

        def __init__(self, vocab: int = 1000, d: int = 256, heads: int = 4, layers: int = 4,
                     ctx: int = 512) -> None:
            super().__init__()
            self.heads, self.d, self.n = heads, d, layers
            self.tok, self.pos = nn.Embedding(vocab, d), nn.Embedding(ctx, d)
            self.ln1 = nn.ModuleList(nn.LayerNorm(d) for _ in range(layers))
            self.ln2 = nn.ModuleList(nn.LayerNorm(d) for _ in range(layers))
            self.qkv = nn.ModuleList(nn.Linear(d, 3 * d) for _ in range(layers))
            self.proj = nn.ModuleList(nn.Linear(d, d) for _ in range(layers))
            self.mlp = nn.ModuleList(nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
                                     for _ in range(layers))
            self.lnf = nn.LayerNorm(d)

        def forward(self, ids: Any, positions: Any, past_k: Any | None, past_v: Any | None,
                    causal: bool) -> Any:
            b, t = ids.shape
            h, dh = self.heads, self.d // self.heads
            x = self.tok(ids) + self.pos(positions)
            keys, values = [], []
            for i in range(self.n):
                q, k, v = self.qkv[i](self.ln1[i](x)).split(self.d, dim=-1)
                q, k, v = (z.reshape(b, t, h, dh).transpose(1, 2) for z in (q, k, v))
                if past_k is not None:
                    k = torch.cat([past_k[i], k], dim=2)
                    v = torch.cat([past_v[i], v], dim=2)
                keys.append(k)
                values.append(v)
                s = q @ k.transpose(-1, -2) / dh ** 0.5
                if causal:
                    s = s + torch.triu(torch.full((t, t), -1e9), 1)
                y = (torch.softmax(s, dim=-1) @ v).transpose(1, 2).reshape(b, t, self.d)
                x = x + self.proj[i](y)
                x = x + self.mlp[i](self.ln2[i](x))
            logits = self.lnf(x)[:, -1] @ self.tok.weight.T
            return logits, torch.stack(keys), torch.stack(values)

    class Prefill(nn.Module):  # type: ignore[misc]
        def __init__(self, dec: Decoder) -> None:
            super().__init__()
            self.dec = dec

        def forward(self, ids: Any, positions: Any) -> Any:
            return self.dec(ids, positions, None, None, True)

    class Step(nn.Module):  # type: ignore[misc]
        def __init__(self, dec: Decoder) -> None:
            super().__init__()
            self.dec = dec

        def forward(self, ids: Any, positions: Any, past_k: Any, past_v: Any) -> Any:
            return self.dec(ids, positions, past_k, past_v, False)

    return {"ResNet18": ResNet18, "MobileNetV2": MobileNetV2, "Bert": Bert, "Lstm": Lstm, "Decoder": Decoder, "Prefill": Prefill,
            "Step": Step}


def _export(module: Any, args: tuple[Any, ...], path: Path, inputs: list[str], outputs: list[str],
            dynamic: dict[str, dict[int, str]] | None = None) -> None:
    import torch

    module.eval()
    with torch.no_grad():
        torch.onnx.export(module, args, str(path), input_names=inputs, output_names=outputs,
                          opset_version=17, dynamic_axes=dynamic, dynamo=False)


def export_all(folder: Path, which: set[str], bert_layers: int) -> None:
    import warnings

    import torch

    warnings.filterwarnings("ignore")
    torch.manual_seed(0)
    m = _models()
    if "resnet18" in which:
        net = m["ResNet18"]()
        for mod in net.modules():  # non-trivial batch-norm statistics
            if isinstance(mod, torch.nn.BatchNorm2d):
                mod.running_mean.uniform_(-0.1, 0.1)
                mod.running_var.uniform_(0.5, 1.5)
        _export(net, (torch.zeros(1, 3, 224, 224),), folder / "resnet18.onnx", ["x"], ["y"],
                {"x": {0: "batch"}, "y": {0: "batch"}})
    if "mobilenet" in which:
        net = m["MobileNetV2"]()
        for mod in net.modules():
            if isinstance(mod, torch.nn.BatchNorm2d):
                mod.running_mean.uniform_(-0.1, 0.1)
                mod.running_var.uniform_(0.5, 1.5)
        _export(net, (torch.zeros(1, 3, 224, 224),), folder / "mobilenet.onnx", ["x"], ["y"],
                {"x": {0: "batch"}, "y": {0: "batch"}})
    if "bert" in which:
        _export(m["Bert"](bert_layers), (torch.zeros(1, 128, 768), torch.ones(1, 128)), folder / "bert.onnx",
                ["x", "attention_mask"], ["y"],
                {"x": {0: "batch"}, "attention_mask": {0: "batch"}, "y": {0: "batch"}})
    if "lstm" in which:
        _export(m["Lstm"](), (torch.zeros(64, 16, 512),), folder / "lstm.onnx", ["x"], ["y"])
    if "decoder" in which:
        dec = m["Decoder"]()
        ids, pos = torch.zeros(1, 8, dtype=torch.int64), torch.arange(8)[None]
        _export(m["Prefill"](dec), (ids, pos), folder / "prefill.onnx", ["ids", "positions"],
                ["logits", "present_k", "present_v"])
        past = torch.zeros(4, 1, 4, 8, 64)
        _export(m["Step"](dec), (ids[:, :1], pos[:, :1], past, past), folder / "step.onnx",
                ["ids", "positions", "past_k", "past_v"], ["logits", "present_k", "present_v"],
                {"past_k": {3: "past"}, "past_v": {3: "past"}, "present_k": {3: "total"},
                 "present_v": {3: "total"}})


# -- the workloads ------------------------------------------------------------------------------


#: seconds each contender's timed block waits first, untimed: the other contender's workers spin
#: after its run before they sleep (onnxruntime's intra-op pool, libgomp's team), and a block that
#: starts while they spin shares the two cores with them. Measured on the quiet AVX2 host, the
#: decoder's 32 tokens at 2 threads: pydml 56-72 ms right after onnxruntime's generation, 28 ms on
#: one thread; MaxPool N1 (bench_pooling's lone / settled rows): 0.48 / 0.38 ms.
SETTLE = 0.05

#: the long generation's tokens (past 8 .. 263: four times the plans a session keeps)
LONG_TOKENS = 256

#: the GQA decoder's layers, heads, key/value heads, head size, cache capacity and tokens
GQA_LAYERS, GQA_HEADS, GQA_KV_HEADS, GQA_HEAD, GQA_CAPACITY, GQA_TOKENS = 8, 8, 4, 64, 256, 64


def gqa_model(path: Path) -> dict[str, np.ndarray[Any, Any]]:
    """Writes the GQA decode step (the module docstring's "gqa") to ``path``; returns its feed
    (past buffers, x; seqlens_k and total set per token by gqa_tokens)."""
    from onnx import TensorProto, helper, numpy_helper, save

    hid, kvd = GQA_HEADS * GQA_HEAD, GQA_KV_HEADS * GQA_HEAD
    rng = np.random.default_rng(0)
    buffer = [1, GQA_KV_HEADS, GQA_CAPACITY, GQA_HEAD]
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, hid]),
              helper.make_tensor_value_info("seqlens_k", TensorProto.INT32, [1]),
              helper.make_tensor_value_info("total", TensorProto.INT32, [])]
    nodes: list[Any] = []
    inits: list[Any] = []
    outputs: list[Any] = []
    feed = {"x": rng.standard_normal((1, 1, hid)).astype(np.float32)}
    x = "x"
    for n in range(GQA_LAYERS):
        for name, width in (("wq", hid), ("wk", kvd), ("wv", kvd), ("wo", hid)):
            weight = (rng.standard_normal((hid, width)) * 0.05).astype(np.float32)
            inits.append(numpy_helper.from_array(weight, f"{name}{n}"))
        nodes += [helper.make_node("MatMul", [x, f"w{p}{n}"], [f"{p}{n}"]) for p in "qkv"]
        for p in "kv":
            inputs.append(helper.make_tensor_value_info(f"past_{p}{n}", TensorProto.FLOAT, buffer))
            outputs.append(helper.make_tensor_value_info(f"present_{p}{n}", TensorProto.FLOAT, buffer))
            feed[f"past_{p}{n}"] = rng.standard_normal(buffer).astype(np.float32)
        gqa_inputs = [f"q{n}", f"k{n}", f"v{n}", f"past_k{n}", f"past_v{n}", "seqlens_k", "total"]
        nodes.append(helper.make_node(
            "GroupQueryAttention", gqa_inputs, [f"a{n}", f"present_k{n}", f"present_v{n}"],
            domain="com.microsoft", num_heads=GQA_HEADS, kv_num_heads=GQA_KV_HEADS))
        nodes += [helper.make_node("MatMul", [f"a{n}", f"wo{n}"], [f"o{n}"]),
                  helper.make_node("Add", [x, f"o{n}"], [f"x{n}"])]
        x = f"x{n}"
    outputs.insert(0, helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, 1, hid]))
    opsets = [helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    model = helper.make_model(helper.make_graph(nodes, "gqa", inputs, outputs, inits), opset_imports=opsets)
    model.ir_version = 8
    save(model, str(path))
    return feed


def gqa_tokens(session: Any, feed: dict[str, np.ndarray[Any, Any]]) -> Any:
    """GQA_TOKENS decode steps over the fixed-capacity buffers; the last step's output."""
    out = None
    for n in range(GQA_TOKENS):
        step = dict(feed, seqlens_k=np.array([n + 8], np.int32), total=np.array(n + 9, np.int32))
        out = session.run(None, step)[0]
    return out


def make_session(kind: str, path: Path, threads: int) -> Any:
    if kind == "ort":
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    import pydml.onnx
    from pydml.native import lib

    lib.pydml_set_num_threads(threads)
    return pydml.onnx.InferenceSession(str(path))


def generate(prefill: Any, step: Any, tokens: int = 32) -> list[int]:
    """Greedy generation: the prompt through ``prefill``, then ``tokens`` - 1 cached steps."""
    prompt = (np.arange(8, dtype=np.int64) * 37 % 1000)[None]
    logits, k, v = prefill.run(None, {"ids": prompt, "positions": np.arange(8, dtype=np.int64)[None]})
    out = [int(np.argmax(logits[0]))]
    for i in range(tokens - 1):
        feed = {"ids": np.array([[out[-1]]], dtype=np.int64),
                "positions": np.array([[8 + i]], dtype=np.int64), "past_k": k, "past_v": v}
        logits, k, v = step.run(None, feed)
        out.append(int(np.argmax(logits[0])))
    return out


def cases(folder: Path, which: set[str]) -> list[tuple[str, str, Any]]:
    """(label, model file(s), feed maker) per timed case."""
    rng = np.random.default_rng(0)
    out: list[tuple[str, str, Any]] = []
    if "resnet18" in which:
        for b in (1, 8):
            out.append((f"ResNet-18 batch {b} 224x224", "resnet18.onnx",
                        {"x": rng.standard_normal((b, 3, 224, 224)).astype(np.float32)}))
    if "mobilenet" in which:
        for b in (1, 8):
            out.append((f"MobileNetV2 batch {b} 224x224", "mobilenet.onnx",
                        {"x": rng.standard_normal((b, 3, 224, 224)).astype(np.float32)}))
    if "bert" in which:
        for b in (1, 8):
            mask = np.ones((b, 128), dtype=np.float32)
            mask[:, 100:] = 0
            out.append((f"BERT-base layers, seq 128 batch {b}", "bert.onnx",
                        {"x": rng.standard_normal((b, 128, 768)).astype(np.float32), "attention_mask": mask}))
    if "lstm" in which:
        out.append(("LSTM seq 64 batch 16 hidden 512", "lstm.onnx",
                    {"x": rng.standard_normal((64, 16, 512)).astype(np.float32)}))
    return out


def _memory_child(kind: str, folder: str, label: str, threads: int) -> None:
    """In a fresh process: peak resident set added by the session and one run (bytes), as JSON."""
    import onnx  # noqa: F401  (pydml.onnx imports it lazily: an import, not the session's memory)
    import onnxruntime  # noqa: F401  (both imported, so their import cost is in the baseline)

    import pydml.onnx  # noqa: F401

    f = Path(folder)
    feeds = {c[0]: c for c in cases(f, {"resnet18", "bert", "lstm"})}

    def rss(field: str) -> int:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) * 1024
        return 0

    if label == "decoder":
        base = rss("VmRSS:")
        Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current RSS
        prefill = make_session(kind, f / "prefill.onnx", threads)
        generate(prefill, make_session(kind, f / "step.onnx", threads))
    else:
        _, file, feed = feeds[label]
        base = rss("VmRSS:")
        Path("/proc/self/clear_refs").write_text("5")
        make_session(kind, f / file, threads).run(None, feed)
    print(json.dumps({"peak": rss("VmHWM:") - base}))


def peak_memory(kind: str, folder: Path, label: str, threads: int) -> str:
    cmd = [sys.executable, __file__, "--memory-child", kind, str(folder), label, str(threads)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode:
        return f"failed ({(done.stderr.strip().splitlines() or ['?'])[-1][:80]})"
    return f"{json.loads(done.stdout.strip().splitlines()[-1])['peak'] / 2**20:.0f} MiB"


def print_profile(session: Any, feed: dict[str, Any], repeat: int, top: int = 8) -> None:
    """pydml's per-step times over ``repeat`` runs: by DML operator type, then the slowest nodes."""
    from pydml.registry import schema_of

    graphs = [step.graph for plan in session._plans.values() for step in plan.steps if hasattr(step, "graph")]
    for graph in graphs:
        graph.profile(True)
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        session.run(None, feed)
        runs.append(time.perf_counter() - start)
    rows: list[tuple[float, str, str, str]] = []
    for graph in graphs:
        for node, seconds in graph.step_times():
            entry = graph.desc.Nodes[node]
            entry = getattr(entry, "Desc", entry)
            desc = entry.Operator.desc
            kind = str(schema_of(desc).type.c_name).replace("DML_OPERATOR_", "")
            act = getattr(desc, "FusedActivation", None)
            if act is not None:
                kind += "+" + str(schema_of(act).type.c_name).replace("DML_OPERATOR_", "")
            sizes = [getattr(getattr(desc, f.name), "Desc", None) for f in schema_of(desc).tensor_fields]
            shapes = " ".join("x".join(str(n) for n in t.Sizes) for t in sizes if t is not None)
            rows.append((seconds / repeat, kind, str(entry.Name), shapes))
        graph.profile(False)
    total = sum(r[0] for r in rows) or 1e-30
    by: dict[str, list[float]] = {}
    for seconds, kind, _, _ in rows:
        by.setdefault(kind, [0.0, 0.0])
        by[kind][0] += seconds
        by[kind][1] += 1
    # the run's wall time beside its operators' (medians would need per-run step times: means of
    # both): what is left is Python (feed checks, plan lookup, binding, output arrays) and the
    # graph executor between steps
    per_run = sum(runs) / len(runs)
    print(f"    pydml profile: {len(rows)} operators, {total * 1e3:.3f} ms per run (wall, summed per step); "
          f"session.run {per_run * 1e3:.3f} ms, {(per_run - total) * 1e3:.3f} ms of it outside the operators")
    for kind, (seconds, count) in sorted(by.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"      {kind:<44} {int(count):4d} x {100 * seconds / total:5.1f} %")
    for seconds, kind, name, shapes in sorted(rows, reverse=True)[:top]:
        print(f"      {100 * seconds / total:5.1f} %  {kind:<30} {name}  {shapes}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--models", default="resnet18,mobilenet,bert,lstm,decoder")
    parser.add_argument("--bert-layers", type=int, default=12)
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--block", type=int, default=4, help="consecutive runs per timed block")
    parser.add_argument("--profile", action="store_true", help="print pydml's per-operator profile")
    parser.add_argument("--memory-child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        kind, folder, label, threads = args.memory_child
        _memory_child(kind, folder, label, int(threads))
        return
    which = set(args.models.split(","))
    import torch

    torch.set_num_threads(args.threads)
    sys.path.insert(0, str(HERE))
    from _timing import best_times, header

    header(args.threads)
    print("ratio = onnxruntime CPU time / pydml time (above 1: pydml faster); the machine is shared")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        export_all(folder, which, args.bert_layers)
        print(f"# exported by torch {torch.__version__} in {time.perf_counter() - start:.1f} s "
              f"(BERT: {args.bert_layers} layers)")
        print(f"{'case':<38} {'create ORT/pydml':>16} {'run ratio':>10} {'ORT peak':>10} {'pydml peak':>11}")
        for label, file, feed in cases(folder, which):
            t0 = time.perf_counter()
            ort_s = make_session("ort", folder / file, args.threads)
            t1 = time.perf_counter()
            try:
                dml_s = make_session("pydml", folder / file, args.threads)
                t2 = time.perf_counter()
                got = dml_s.run(None, feed)[0]  # the first run compiles pydml's plan
                t3 = time.perf_counter()
            except Exception as error:  # a node pydml does not lower yet: say which, go on
                print(f"{label:<38} pydml cannot run it: {str(error).splitlines()[0][:150]}", flush=True)
                continue
            want = ort_s.run(None, feed)[0]
            err = float(np.max(np.abs(got - want)) / (np.max(np.abs(want)) + 1e-30))
            # each contender's runs back to back in blocks (a model's steady state), the blocks
            # interleaved: with single runs alternating, each session's first run after the other's
            # shares the cores with the other's spinning pool (onnxruntime spins after a run, libgomp
            # before sleeping): ResNet-18 b1 measured 0.44 alternating run by run, 0.54 in blocks of 4
            runs = [lambda s=s, f=feed: s.run(None, f) for s in (ort_s, dml_s)]
            best = best_times(runs, args.repeat, block=args.block, settle=SETTLE)
            mem = ("-", "-") if args.no_memory else (peak_memory("ort", folder, label, args.threads),
                                                     peak_memory("pydml", folder, label, args.threads))
            # pydml's creation: the session, and its first run less a run's time (the plan's build)
            create = (t1 - t0) / ((t2 - t1) + max(0.0, (t3 - t2) - best[1]))
            print(f"{label:<38} {create:>16.2f} {best[0] / best[1]:>10.2f} {mem[0]:>10} {mem[1]:>11}"
                  f"   (max rel. difference {err:.1e})", flush=True)
            if args.profile:
                print_profile(dml_s, feed, args.repeat)
        if "gqa" in which:
            label = f"GQA decoder, {GQA_TOKENS} tokens, fixed cache"
            feed = gqa_model(folder / "gqa.onnx")
            sessions, cold, outs = [], [], []
            for kind in ("ort", "pydml"):
                a = time.perf_counter()
                session = make_session(kind, folder / "gqa.onnx", args.threads)
                outs.append(gqa_tokens(session, feed))
                cold.append(time.perf_counter() - a)
                sessions.append(session)
            err = float(np.max(np.abs(outs[1] - outs[0])) / (np.max(np.abs(outs[0])) + 1e-30))
            best = [float("inf"), float("inf")]
            for _ in range(args.repeat):
                for i, session in enumerate(sessions):
                    time.sleep(SETTLE)
                    a = time.perf_counter()
                    gqa_tokens(session, feed)
                    best[i] = min(best[i], time.perf_counter() - a)
            print(f"{label + ' (warm)':<38} {'':>16} {best[0] / best[1]:>10.2f}"
                  f"   (ORT {1e3 * best[0] / GQA_TOKENS:.2f}, pydml {1e3 * best[1] / GQA_TOKENS:.2f} ms a token;"
                  f" max rel. difference {err:.1e})")
            print(f"{label + ' (cold)':<38} {'':>16} {cold[0] / cold[1]:>10.2f}   (session + first "
                  f"{GQA_TOKENS} tokens: ORT {cold[0]:.3f} s, pydml {cold[1]:.3f} s)", flush=True)
        if "decoder" in which:
            label = "decoder, 32 tokens with KV cache"
            sessions = []
            cold = []
            parts = []
            for kind in ("ort", "pydml"):
                a = time.perf_counter()
                pair = (make_session(kind, folder / "prefill.onnx", args.threads),
                        make_session(kind, folder / "step.onnx", args.threads))
                b = time.perf_counter()
                toks = generate(*pair)
                cold.append(time.perf_counter() - a)
                parts.append((b - a, cold[-1] - (b - a)))
                sessions.append((pair, toks))
            same = sessions[0][1] == sessions[1][1]
            best = [float("inf"), float("inf")]
            for _ in range(args.repeat):
                for i, (pair, _) in enumerate(sessions):
                    time.sleep(SETTLE)
                    a = time.perf_counter()
                    generate(*pair)
                    best[i] = min(best[i], time.perf_counter() - a)
            mem = ("-", "-") if args.no_memory else (peak_memory("ort", folder, "decoder", args.threads),
                                                     peak_memory("pydml", folder, "decoder", args.threads))
            print(f"{label + ' (warm)':<38} {'':>16} {best[0] / best[1]:>10.2f} {mem[0]:>10} {mem[1]:>11}"
                  f"   (same tokens: {same})")
            (os_, og), (ps, pg) = parts
            print(f"{label + ' (cold)':<38} {'':>16} {cold[0] / cold[1]:>10.2f}   (sessions + first "
                  f"generation: ORT {os_:.3f} + {og:.3f} s, pydml {ps:.3f} + {pg:.3f} s)")
            # a long generation: more past lengths than the 64 plans a session keeps, so each
            # token's plan is derived again (in every repeat: the oldest plans are the ones dropped)
            long_tokens = [generate(*pair, tokens=LONG_TOKENS) for pair, _ in sessions]
            best = [float("inf"), float("inf")]
            for _ in range(args.repeat):
                for i, (pair, _) in enumerate(sessions):
                    time.sleep(SETTLE)
                    a = time.perf_counter()
                    generate(*pair, tokens=LONG_TOKENS)
                    best[i] = min(best[i], time.perf_counter() - a)
            print(f"{f'decoder, {LONG_TOKENS} tokens (new pasts)':<38} {'':>16} {best[0] / best[1]:>10.2f}"
                  f"   (ORT {1e3 * best[0] / LONG_TOKENS:.2f}, pydml {1e3 * best[1] / LONG_TOKENS:.2f} ms a token;"
                  f" same tokens: {long_tokens[0] == long_tokens[1]})")
            if args.profile:  # one token step (a past of 20) in a session of its own: one plan
                past = np.random.default_rng(0).standard_normal((4, 1, 4, 20, 64)).astype(np.float32)
                feed = {"ids": np.array([[5]], dtype=np.int64), "positions": np.array([[20]], dtype=np.int64),
                        "past_k": past, "past_v": past}
                step = make_session("pydml", folder / "step.onnx", args.threads)
                step.run(None, feed)
                print_profile(step, feed, 10 * args.repeat)
        print("create ORT/pydml: ORT's session creation time / pydml's (session + first-run plan "
              "compilation); above 1: pydml faster")


if __name__ == "__main__":
    main()
