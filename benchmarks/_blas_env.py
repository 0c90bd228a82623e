"""OpenBLAS's environment for the benchmarks whose in-run reference is numpy's sgemm.

OpenBLAS reads OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE once, when numpy loads it: set, they pick a
slower sgemm kernel than the one the host's own detection picks. So such a benchmark calls
``unset_openblas_tuning()`` before it imports numpy (this module imports nothing that loads it).
The exception is the AVX2 cap: under PYDML_ISA=avx2, _timing restarts the benchmark with
OPENBLAS_CORETYPE=Haswell so that the reference is an AVX2 host's sgemm; popping it then made each
restart find the cap missing and restart again, for ever."""

from __future__ import annotations

import os


def unset_openblas_tuning() -> None:
    """Pop OpenBLAS's kernel overrides from this process's environment (not the AVX2 cap)."""
    capped = os.environ.get("PYDML_ISA", "").lower() == "avx2"
    for name in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        if not (name == "OPENBLAS_CORETYPE" and capped):
            os.environ.pop(name, None)
