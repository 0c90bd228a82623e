"""Every operator module, imported explicitly so each registers its descs.

``tests/test_registry.py`` checks nothing registered is missing from here.
"""

from __future__ import annotations

from pydml.ops import activations, convolution, resample

__all__ = ["activations", "convolution", "resample"]
