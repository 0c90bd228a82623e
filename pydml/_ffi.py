"""The compiled extension: ``ffi`` and ``lib``, with a clear error when it was not built."""

from __future__ import annotations

from typing import Any

try:
    from pydml._native import ffi as _ffi
    from pydml._native import lib as _lib
except ImportError as exc:  # pragma: no cover - only without a build
    raise ImportError(
        "pydml's C extension (pydml._native) is not built: run `pip install .` "
        "(or `pip install -e .`) in the repository"
    ) from exc

ffi: Any = _ffi
lib: Any = _lib
