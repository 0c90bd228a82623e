"""cffi builder (out-of-line API mode): compiles native/<layer>/*.c into ``pydml._native``.

The cdef is read from the headers in ``include/`` (the text between the ``pydml-cdef-begin`` and
``pydml-cdef-end`` markers), so C declarations are written once. API mode makes the C compiler
check every struct layout the cdef declares (lazily, on first use: tests/test_abi.py touches all).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "include"
NATIVE = ROOT / "native"
#: native/ by layer (docs/design.md); native/com/ is C++ (libdirectml.so). Every layer folder is on
#: the include path, so a source includes "gemm_engine.h" wherever the two sit.
NATIVE_LAYERS = ("api", "schema", "validate", "engines", "families", "graph")
NATIVE_DIRS = [NATIVE / layer for layer in NATIVE_LAYERS]
NATIVE_SOURCES = sorted(p for folder in NATIVE_DIRS for p in folder.glob("*.c"))
NATIVE_HEADERS = sorted(p for folder in NATIVE_DIRS for p in folder.glob("*.h"))
HEADERS = ("DirectML.h", "pydml.h")

_REGION = re.compile(r"/\* pydml-cdef-begin \*/(.*?)/\* pydml-cdef-end \*/", re.S)
# Microsoft's SAL field annotations (empty macros in DirectML.h): _Maybenull_, _Field_z_,
# _Field_size_(Count), _Field_size_opt_(Count), _Field_size_bytes_(Size). cffi's parser knows none.
_ANNOTATION = re.compile(r"\b(?:_Maybenull_|_Field_z_|_Field_size_[a-z_]*\([^()]*\))[ \t]*")


def cdef_text(header: Path) -> str:
    """Return the cdef regions of one header, in order, SAL field annotations removed. DirectML.h
    has two: Windows' scalar types and D3D12's handles (which C++ takes from DirectX-Headers'
    winadapter.h and d3d12.h instead, so they sit in an #if of their own), then everything else."""
    regions = _REGION.findall(header.read_text())
    if not regions:
        raise RuntimeError(f"{header}: no pydml-cdef region")
    text = _ANNOTATION.sub("", "\n".join(regions))
    leftover = re.search(r"\b_(?:Maybenull|Field)_\w*", text)
    if leftover is not None:
        raise RuntimeError(f"{header}: annotation {leftover.group(0)!r} not stripped for cffi")
    return text


def _compiler() -> str:
    return os.environ.get("CC", "cc")


def _supports(flag: str) -> bool:
    """True when the C compiler accepts ``flag`` (used for -fopenmp)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.c"
        src.write_text("#include <omp.h>\nint main(void){return omp_get_max_threads() > 0 ? 0 : 1;}\n")
        try:
            result = subprocess.run(
                [_compiler(), flag, str(src), "-o", str(Path(tmp) / "probe")],
                capture_output=True,
                check=False,
            )
        except OSError:
            return False
        return result.returncode == 0


# No -Werror here: a new compiler's new warning must not break a user's `pip install`. The suite
# compiles every native source with -Werror (tests/test_native_warnings.py), so CI stays strict.
CFLAGS = ["-std=c11", "-O3", "-Wall", "-Wextra", "-fno-strict-aliasing"]
#: PYDML_SANITIZE=1 builds the kernels with AddressSanitizer and UndefinedBehaviorSanitizer, for the
#: suite's sanitizer run (tests/test_sanitized_kernels.py); never for an installed package.
#: -g1 (line tables only): the reports keep their file:line frames, and the build is a third faster than
#: with -g (resample_x86.c: 77 s of gcc against 115 s), which matters because the suite waits for it.
SANITIZE = ["-O1", "-g1", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer"]
if os.environ.get("PYDML_SANITIZE") == "1":
    CFLAGS = [flag for flag in CFLAGS if not flag.startswith("-O")] + SANITIZE
elif os.environ.get("PYDML_OPT_LEVEL", "3") in ("0", "1", "2", "s"):
    #: PYDML_OPT_LEVEL=1: a build whose speed does not matter, compiled in about half the time: the
    #: suite's packaging test (tests/test_packaging.py) proves the release route installs and runs, not
    #: its speed. (-O0 is not faster: resample_x86.c's always-inline row variants take 39 s of gcc at
    #: -O0, 19 s at -O1.)
    CFLAGS = [f"-O{os.environ['PYDML_OPT_LEVEL']}" if flag == "-O3" else flag for flag in CFLAGS]
OPENMP = ["-fopenmp"] if _supports("-fopenmp") else []
#: Release builds are stripped (-s): the wheel's libraries carried 8 MB of debug info each.
LINK_FLAGS = [*OPENMP, "-lm", *(SANITIZE if os.environ.get("PYDML_SANITIZE") == "1" else ["-s"])]

ffibuilder = FFI()
ffibuilder.cdef("\n".join(cdef_text(INCLUDE / h) for h in HEADERS))
ffibuilder.set_source(
    "pydml._native",
    # cffi's generated glue is not -Wextra clean.
    '#pragma GCC diagnostic ignored "-Wunused-parameter"\n'
    '#pragma GCC diagnostic ignored "-Wmissing-field-initializers"\n'
    '#include "DirectML.h"\n#include "pydml.h"\n',
    sources=[str(p.relative_to(ROOT)) for p in NATIVE_SOURCES],
    # a changed header alone must rebuild: without depends, build_ext found the extension newer than
    # every .c and skipped it (setup.py's compile step then recompiles what the header may change)
    depends=[str(p.relative_to(ROOT)) for p in (*sorted(INCLUDE.glob("*.h")), *NATIVE_HEADERS)],
    include_dirs=[str(d.relative_to(ROOT)) for d in (INCLUDE, *NATIVE_DIRS)],
    extra_compile_args=CFLAGS + OPENMP,
    extra_link_args=LINK_FLAGS,
)

if __name__ == "__main__":
    os.chdir(ROOT)
    ffibuilder.compile(verbose=True, tmpdir=str(ROOT / "build" / "ffi"))
    sys.exit(0)
