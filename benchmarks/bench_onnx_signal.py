"""ONNX's signal and sampling ops the DirectML provider runs in shaders of its own (DFT, STFT,
GridSample; pydml lowers them onto DirectML operators: pydml/onnx/ops/spectral.py and
grid_sample.py) against onnxruntime's CPU provider, one-node models, ratios in one run.

    python benchmarks/bench_onnx_signal.py [--threads 2] [--repeat 7]

Cases:
  DFT real 512         DFT-20 of [64, 512, 1] along the samples, one-sided (rfft): one GEMM by a
                       512 x 514 twiddle matrix (onnxruntime: its FFT, O(N log N))
  DFT complex 256      DFT-20 of [128, 256, 2], full spectrum
  STFT 16k n_fft 512   STFT-17 of one second of 16 kHz audio [1, 16000, 1], frame_step 128, a
                       Hann window (an initializer, folded into the twiddles), one-sided
  GridSample bilinear  GridSample-20 [2, 32, 64, 64] on a [2, 64, 64, 2] grid, zeros padding
  GridSample bicubic   the same, cubic, border padding

ratio = onnxruntime time / pydml time (above 1: pydml faster). The DFT as a matrix product costs
O(N^2) where an FFT costs O(N log N): the ratios say where that crosses over on this machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent


def _model(node: Any, inputs: dict[str, np.ndarray], inits: list[Any], opset: int) -> bytes:
    from onnx import helper

    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(v.dtype), list(v.shape))
         for k, v in inputs.items()],
        [helper.make_tensor_value_info(node.output[0], 1, None)],  # (every case is FLOAT)
        initializer=inits,
    )
    return bytes(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]).SerializeToString())


def cases() -> list[tuple[str, bytes, dict[str, np.ndarray]]]:
    from onnx import helper, numpy_helper

    rng = np.random.default_rng(0)
    out = []
    axis = numpy_helper.from_array(np.array(1, np.int64), "axis")
    x = rng.standard_normal((64, 512, 1)).astype(np.float32)
    out.append(("DFT real 512, one-sided", _model(helper.make_node("DFT", ["x", "", "axis"], ["y"], onesided=1),
                                                  {"x": x}, [axis], 20), {"x": x}))
    x = rng.standard_normal((128, 256, 2)).astype(np.float32)
    out.append(("DFT complex 256", _model(helper.make_node("DFT", ["x", "", "axis"], ["y"]), {"x": x}, [axis], 20),
                {"x": x}))
    s = rng.standard_normal((1, 16000, 1)).astype(np.float32)
    step = numpy_helper.from_array(np.array(128, np.int64), "step")
    window = numpy_helper.from_array(np.hanning(512).astype(np.float32), "w")
    out.append(("STFT 16 kHz, n_fft 512, hop 128", _model(helper.make_node("STFT", ["s", "step", "w"], ["y"]),
                                                           {"s": s}, [step, window], 17), {"s": s}))
    img = rng.standard_normal((2, 32, 64, 64)).astype(np.float32)
    grid = rng.uniform(-1.1, 1.1, (2, 64, 64, 2)).astype(np.float32)
    for mode, pad in (("linear", "zeros"), ("cubic", "border")):
        node = helper.make_node("GridSample", ["x", "g"], ["y"], mode=mode, padding_mode=pad)
        out.append((f"GridSample {mode} {pad}", _model(node, {"x": img, "g": grid}, [], 20), {"x": img, "g": grid}))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    import onnxruntime as ort

    sys.path.insert(0, str(HERE))
    from _timing import best_times, header

    import pydml.onnx
    from pydml.native import lib

    header(args.threads)
    lib.pydml_set_num_threads(args.threads)
    print(f"onnxruntime {ort.__version__} CPU provider, intra_op_num_threads={args.threads}")
    print("ratio = onnxruntime time / pydml time (above 1: pydml faster)")
    print(f"{'case':<36} {'ratio':>7}  max |difference| / max |output|")
    for label, model, feed in cases():
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = args.threads
        opts.inter_op_num_threads = 1
        theirs = ort.InferenceSession(model, opts, providers=["CPUExecutionProvider"])
        mine = pydml.onnx.InferenceSession(model)
        want, got = theirs.run(None, feed)[0], mine.run(None, feed)[0]
        err = float(np.max(np.abs(got - want)) / (np.max(np.abs(want)) + 1e-30))
        best = best_times([lambda s=theirs: s.run(None, feed), lambda s=mine: s.run(None, feed)], args.repeat,
                          block=4, settle=0.05)
        print(f"{label:<36} {best[0] / best[1]:>7.2f}  {err:.1e}", flush=True)


if __name__ == "__main__":
    main()
