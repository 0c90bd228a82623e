"""Build glue that pyproject.toml cannot express.

* cffi_modules: cffi has no pyproject hook (python-cffi/cffi#55).
* libpydml.so: the extension's native/<layer>/*.c objects linked again as a plain shared library next to
  the extension (each source compiles once), so C programs
  can link the C API (include/pydml.h) without Python (`pydml --cflags --libs`).
* libdirectml.so (native/com/*.cpp, C++17): DirectML's COM API and a CPU stand-in for D3D12 over
  libpydml.so, built when a C++ compiler and DirectX-Headers' WSL adapter (Debian's
  directx-headers-dev) are found, else skipped with a note (docs/com.md).
* include/*.h copied into the package (pydml/include) for non-editable installs.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


@functools.cache
def _ffi() -> Any:
    """pydml/_build_ffi.py: the flags and the native/ layer folders (sources, headers) it builds."""
    spec = importlib.util.spec_from_file_location("pydml_build_ffi", ROOT / "pydml" / "_build_ffi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _flags() -> tuple[list[str], list[str]]:
    """The compile flags and the link flags of pydml/_build_ffi.py."""
    return list(_ffi().CFLAGS), list(_ffi().LINK_FLAGS)


def _up_to_date(source: str, obj: Path, newest_header: float) -> bool:
    """The object exists and is newer than its source and every header it may include."""
    try:
        built = obj.stat().st_mtime
    except OSError:
        return False
    return built > max(Path(source).stat().st_mtime, newest_header)


def _compile_in_parallel(compiler: Any, build_temp: str) -> None:
    """Compile an extension's sources on every core (distutils compiles them one by one), each
    only when its object is missing or older than the source or a header: `pip install -e .`
    followed by `pip install -e '.[test]'` compiles native/ once (the objects live in build/, and
    a change of flags or compiler starts them afresh)."""
    serial = compiler.compile
    headers = [*ROOT.glob("include/*.h"), *_ffi().NATIVE_HEADERS]  # native/com/ is C++ (libdirectml.so)
    newest_header = max((h.stat().st_mtime for h in headers), default=0.0)

    def compile(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        stamp = Path(build_temp) / "pydml-flags.txt"
        flags = repr((compiler.compiler_so, kwargs.get("extra_postargs"), kwargs.get("macros"),
                      kwargs.get("include_dirs")))
        same_flags = stamp.exists() and stamp.read_text() == flags
        objects = compiler.object_filenames(sources, output_dir=kwargs.get("output_dir", build_temp))
        todo = [src for src, obj in zip(sources, objects, strict=True)
                if not (same_flags and _up_to_date(src, Path(obj), newest_header))]
        if todo:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                list(pool.map(lambda source: serial([source], *args, **kwargs), todo))
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(flags)
        return list(objects)

    compiler.compile = compile


class BuildExt(build_ext):
    def finalize_options(self) -> None:
        super().finalize_options()
        # Objects persist in the source tree's build/ (pip's editable and wheel builds otherwise
        # compile into a fresh temporary folder every time); a read-only tree keeps pip's folder.
        if os.access(ROOT, os.W_OK):
            cflags, link_flags = _flags()
            key = repr((cflags, link_flags, os.environ.get("CC"), os.environ.get("CFLAGS")))
            self.build_temp = str(ROOT / "build" / f"objects-{hashlib.sha1(key.encode()).hexdigest()[:12]}")
        self.force = False

    def build_extensions(self) -> None:
        _compile_in_parallel(self.compiler, self.build_temp)
        # An interpreter built with an rpath to its own lib/ (pyenv) passes it in LDSHARED; the
        # extension needs no libpython, and an absolute rpath into the build machine must not ship.
        self.compiler.linker_so = [a for a in self.compiler.linker_so if not a.startswith("-Wl,-rpath,/")]
        super().build_extensions()

    def run(self) -> None:
        super().run()
        _, link_flags = _flags()
        # libpydml.so links the extension's own native objects: each source compiles once.
        sources = _ffi().NATIVE_SOURCES
        objects = [self._object_of(p) for p in sources]
        missing = [str(o) for o in objects if not o.exists()]
        if missing:
            raise RuntimeError(f"native objects not found after build_ext: {missing[:3]}")
        target = Path(self.get_ext_fullpath("pydml._native")).parent / "libpydml.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        # --no-undefined: a symbol no source defines fails the build here, not at a user's import
        self.compiler.link_shared_object([str(o) for o in objects], str(target),
                                         extra_postargs=[*link_flags, "-Wl,--no-undefined"])
        _build_directml(target.parent, Path(self.build_temp))

    def _object_of(self, source: Path) -> Path:
        relative = source.relative_to(ROOT).with_suffix(self.compiler.obj_extension)
        return Path(self.build_temp) / relative


def _directx_include() -> Path | None:
    """The folder holding wsl/winadapter.h and directx/d3d12.h (DirectX-Headers), if any."""
    for candidate in (os.environ.get("DIRECTX_HEADERS_INCLUDE"), "/usr/include", "/usr/local/include"):
        if candidate and (Path(candidate) / "wsl" / "winadapter.h").is_file() and \
                (Path(candidate) / "directx" / "d3d12.h").is_file():
            return Path(candidate)
    return None


def _build_directml(package: Path, build_temp: Path) -> None:
    """libdirectml.so next to libpydml.so: each native/com/*.cpp compiles when it or a header changed."""
    cxx = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    include = _directx_include()
    if cxx is None or include is None:
        why = "no C++ compiler" if cxx is None else "no DirectX-Headers (apt-get install directx-headers-dev)"
        sys.stderr.write(f"pydml: libdirectml.so not built: {why}\n")
        return
    sanitize = os.environ.get("PYDML_SANITIZE") == "1"
    flags = ["-std=c++17", "-fPIC", "-Wall", "-Wextra", *(["-O1", "-g", "-fsanitize=address,undefined",
             "-fno-omit-frame-pointer"] if sanitize else ["-O2"]),
             f"-I{ROOT / 'include'}", *(f"-I{d}" for d in _ffi().NATIVE_DIRS), f"-I{include}",
             f"-I{include / 'wsl' / 'stubs'}", f"-I{include / 'directx'}"]
    # CompileGraph reaches pydml's graph engine once include/pydml.h declares it (native/com/graph.cpp)
    if "pydml_graph_compile" in (ROOT / "include" / "pydml.h").read_text():
        flags.append("-DPYDML_COM_GRAPH=1")
    headers = [*ROOT.glob("include/*.h"), *_ffi().NATIVE_HEADERS, *ROOT.glob("native/com/*.h")]
    newest = max(h.stat().st_mtime for h in headers)
    folder = build_temp / "native" / "com" / hashlib.sha1(repr((cxx, flags)).encode()).hexdigest()[:12]
    folder.mkdir(parents=True, exist_ok=True)
    sources = sorted((ROOT / "native" / "com").glob("*.cpp"))
    objects = [folder / (s.stem + ".o") for s in sources]

    def compile_one(pair: tuple[Path, Path]) -> None:
        source, obj = pair
        if not _up_to_date(str(source), obj, newest):
            subprocess.run([cxx, *flags, "-c", str(source), "-o", str(obj)], check=True)

    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(compile_one, zip(sources, objects, strict=True)))
    exports = ROOT / "native" / "com" / "exports.map"
    target = package / "libdirectml.so"
    subprocess.run([cxx, "-shared", "-o", str(target), *map(str, objects), f"-L{package}", "-lpydml",
                    "-Wl,-rpath,$ORIGIN", f"-Wl,--version-script={exports}", "-Wl,--no-undefined",
                    *(["-fsanitize=address,undefined"] if sanitize else ["-s"])], check=True)


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        destination = Path(self.build_lib) / "pydml" / "include"
        destination.mkdir(parents=True, exist_ok=True)
        for header in (ROOT / "include").glob("*.h"):
            shutil.copy2(header, destination / header.name)


setup(cffi_modules=["pydml/_build_ffi.py:ffibuilder"],
      cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
