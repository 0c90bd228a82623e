"""Front ends on top of pydml's public API: DxDispatch models (``dxdispatch``), the command line
(``cli``), oneDNN Graph ops (``onednn``, ``onednn_json``) and the torch/ONNX resize mappings
(``resample_modes``, the one owner of the frameworks' resample coordinate conventions). Nothing
below pydml's public API is used here: the oneDNN front ends lower onto DirectML descs run by
``pydml.Device`` (bfloat16 runs as FLOAT32 with one rounding of each output, see ``onednn``)."""
