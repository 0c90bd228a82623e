"""Direct access to pydml's C kernels through execution plans, below the DirectML descs.

Public for callers that need what DirectML's descs cannot express, chiefly bfloat16 tensors (the
oneDNN Graph front end): :class:`pydml.kernels.resample.ResamplePlan` and
:class:`pydml.kernels.convolution.ConvolutionPlan` take :class:`pydml.native.TensorView` strided
views, and the C side re-checks every view against the memory behind it."""
