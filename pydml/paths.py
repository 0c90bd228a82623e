"""Where the installed package keeps its C headers and its C library (for `pydml --cflags --libs`)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def include_dir() -> Path:
    """The directory holding DirectML.h and pydml.h (the source tree's include/ when editable)."""
    for candidate in (PACKAGE / "include", PACKAGE.parent / "include"):
        if (candidate / "pydml.h").is_file():
            return candidate
    raise FileNotFoundError("pydml's headers are not installed (no include/pydml.h found)")


def library_path() -> Path:
    """libpydml.so: the kernels and the descriptor C API, without Python."""
    path = PACKAGE / "libpydml.so"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: reinstall with `pip install .`")
    return path


def cflags() -> str:
    """Compiler flags for a C program using DirectML.h and pydml.h."""
    return f"-I{include_dir()}"


def libs() -> str:
    """Linker flags for libpydml.so (with an rpath so the program runs without LD_LIBRARY_PATH)."""
    lib = library_path().parent
    return f"-L{lib} -Wl,-rpath,{lib} -lpydml -lm"
