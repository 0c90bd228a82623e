"""Front ends on top of pydml's public API: DxDispatch models (``dxdispatch``), the command line
(``cli``), oneDNN Graph ops and graphs (``onednn``, ``onednn_graph``, ``onednn_json``) and the
torch/ONNX resize mappings (``resample_modes``, the one owner of the frameworks' resample
coordinate conventions). Nothing below pydml's public API is used here: the oneDNN front ends lower
onto DirectML descs run by ``pydml.Device`` (bfloat16 runs as FLOAT32 with one rounding of each
output, see ``onednn``).

Importing the package registers the DxDispatch dispatchable kinds that live in their own modules
(``dml_serialized_graph``, ``dxdispatch_onnx``) with the model reader."""

from pydml.frontends import (
    dml_serialized_graph,  # noqa: F401  (registers "dmlSerializedGraph")
    dxdispatch_onnx,  # noqa: F401  (registers "onnx")
)
