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


def directx_include_dirs() -> list[Path]:
    """DirectX-Headers' WSL adapter folders (Debian's directx-headers-dev), as
    `pkg-config --cflags DirectX-Headers` gives them; [] when it is not installed. With them on the
    include path, C++ sees DirectML.h's COM interfaces (docs/com.md)."""
    root = Path("/usr/include")
    if not (root / "wsl" / "winadapter.h").is_file() or not (root / "directx" / "d3d12.h").is_file():
        return []
    return [root / "wsl" / "stubs", root / "directx"]


def directml_library_path() -> Path | None:
    """libdirectml.so (DirectML's COM API and a CPU stand-in for D3D12), None when it was not built."""
    path = PACKAGE / "libdirectml.so"
    return path if path.is_file() else None


def cflags() -> str:
    """Compiler flags for a C program using DirectML.h and pydml.h (and a C++ one using the COM API)."""
    return " ".join(f"-I{d}" for d in (include_dir(), *directx_include_dirs()))


def libs() -> str:
    """Linker flags for libpydml.so, and libdirectml.so when built (-ldirectml), with an rpath so the
    program runs without LD_LIBRARY_PATH."""
    lib = library_path().parent
    directml = "-ldirectml " if directml_library_path() is not None else ""
    return f"-L{lib} -Wl,-rpath,{lib} {directml}-lpydml -lm"
