"""The roi family (native/families/roi.c) vs ONNX Runtime's CPU RoiAlign, measured in the same run.

    python benchmarks/bench_roi.py [--quick] [--threads 2]

Case (float32, a detection head): N2 C256 50x76 features, 512 regions, 7x7 outputs, 2x2 samples per
output, average. pydml's ROI_ALIGN1 is set up as ONNX Runtime's DirectML provider maps RoiAlign-16
with coordinate_transformation_mode "half_pixel" (DmlOperatorRoiAlign.cpp: InputPixelOffset 0.5,
OutputPixelOffset -0.5; sampling_ratio 2 -> Minimum/MaximumSamplesPerOutput 2, per axis). The same regions go
to onnxruntime (intra_op_num_threads = --threads). Prints onnxruntime time / pydml time (> 1: pydml
is faster) and the largest difference between the two outputs.
"""

from __future__ import annotations

import argparse

import numpy as np
from _timing import best_times, header

import pydml
from pydml.native import lib


def _ort_session(threads: int, sampling_ratio: int, out_hw: tuple[int, int]) -> object:
    import onnxruntime as ort
    from onnx import TensorProto, helper

    node = helper.make_node("RoiAlign", ["X", "rois", "batch_indices"], ["Y"], mode="avg",
                            output_height=out_hw[0], output_width=out_hw[1], sampling_ratio=sampling_ratio,
                            spatial_scale=1.0, coordinate_transformation_mode="half_pixel")
    graph = helper.make_graph(
        [node], "roi_align",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("rois", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("batch_indices", TensorProto.INT64, None)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)])
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    lib.pydml_set_num_threads(args.threads)
    repeat = 5 if args.quick else 20
    header(args.threads)

    rng = np.random.default_rng(0)
    n, c, h, w, rois, out_hw, ratio = 2, 256, 50, 76, 512, (7, 7), 2
    x = rng.standard_normal((n, c, h, w), dtype=np.float32)
    corner = rng.uniform(0, [w - 8, h - 8], size=(rois, 2))
    extent = rng.uniform(4, 24, size=(rois, 2))
    boxes = np.concatenate([corner, np.minimum(corner + extent, [w - 1, h - 1])], axis=1).astype(np.float32)
    batch = rng.integers(0, n, size=rois)
    y = np.empty((rois, c, *out_hw), np.float32)

    t = pydml.buffer_desc
    op = pydml.Device().create_operator(pydml.DML_ROI_ALIGN1_OPERATOR_DESC(
        InputTensor=t("FLOAT32", [n, c, h, w]), ROITensor=t("FLOAT32", [rois, 4]),
        BatchIndicesTensor=t("UINT32", [rois]), OutputTensor=t("FLOAT32", [rois, c, *out_hw]),
        ReductionFunction=pydml.DML_REDUCE_FUNCTION_AVERAGE, InterpolationMode=pydml.DML_INTERPOLATION_MODE_LINEAR,
        SpatialScaleX=1.0, SpatialScaleY=1.0, InputPixelOffset=0.5, OutputPixelOffset=-0.5,
        OutOfBoundsInputValue=0.0, MinimumSamplesPerOutput=ratio, MaximumSamplesPerOutput=ratio,
        AlignRegionsToCorners=False))
    inputs = {"InputTensor": x, "ROITensor": boxes, "BatchIndicesTensor": batch.astype(np.uint32)}
    session = _ort_session(args.threads, ratio, out_hw)
    feeds = {"X": x, "rois": boxes, "batch_indices": batch.astype(np.int64)}

    def ours() -> None:
        op.execute(inputs, {"OutputTensor": y})

    def theirs() -> object:
        return session.run(None, feeds)  # type: ignore[attr-defined]

    ours()
    ref = theirs()[0]  # type: ignore[index]
    a, b = best_times([ours, theirs], repeat)
    print(f"{'case':<34} {'vs onnxruntime':>15} {'max |diff|':>11}")
    print(f"{'ROI_ALIGN1 avg 7x7 (2x2), 512 rois':<34} {b / a:15.2f} {float(np.max(np.abs(y - ref))):11.2e}")


if __name__ == "__main__":
    main()
