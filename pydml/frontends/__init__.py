"""Front ends on top of pydml's public API: DxDispatch models (``dxdispatch``), the command line
(``cli``), oneDNN Graph ops (``onednn``, ``onednn_json``) and the torch/ONNX resize mappings
(``resample_modes``). Nothing below pydml's public API is imported here; the oneDNN front end
uses the public kernel plans of :mod:`pydml.kernels` for bfloat16, which DirectML lacks.

Importing the package registers the DxDispatch dispatchable kinds that live in their own modules
(``dml_serialized_graph``) with the model reader."""

from pydml.frontends import dml_serialized_graph  # noqa: F401  (registers "dmlSerializedGraph")
