"""Build glue that pyproject.toml cannot express.

* cffi_modules: cffi has no pyproject hook (python-cffi/cffi#55).
* libpydml.so: the extension's native/*.c objects linked again as a plain shared library next to
  the extension (each source compiles once), so C programs
  can link the C API (include/pydml.h) without Python (`pydml --cflags --libs`).
* include/*.h copied into the package (pydml/include) for non-editable installs.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _flags() -> tuple[list[str], list[str]]:
    """The compile flags and the link flags of pydml/_build_ffi.py."""
    spec = importlib.util.spec_from_file_location("pydml_build_ffi", ROOT / "pydml" / "_build_ffi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.CFLAGS), list(module.LINK_FLAGS)


def _compile_in_parallel(compiler: Any) -> None:
    """Compile an extension's sources on every core (distutils compiles them one by one)."""
    serial = compiler.compile

    def compile(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        if len(sources) < 2:
            return list(serial(sources, *args, **kwargs))
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            parts = pool.map(lambda source: serial([source], *args, **kwargs), sources)
            return [obj for part in parts for obj in part]

    compiler.compile = compile


class BuildExt(build_ext):
    def build_extensions(self) -> None:
        _compile_in_parallel(self.compiler)
        # An interpreter built with an rpath to its own lib/ (pyenv) passes it in LDSHARED; the
        # extension needs no libpython, and an absolute rpath into the build machine must not ship.
        self.compiler.linker_so = [a for a in self.compiler.linker_so if not a.startswith("-Wl,-rpath,/")]
        super().build_extensions()

    def run(self) -> None:
        super().run()
        _, link_flags = _flags()
        # libpydml.so links the extension's own native objects: each source compiles once.
        sources = sorted((ROOT / "native").glob("*.c"))
        objects = [self._object_of(p) for p in sources]
        missing = [str(o) for o in objects if not o.exists()]
        if missing:
            raise RuntimeError(f"native objects not found after build_ext: {missing[:3]}")
        target = Path(self.get_ext_fullpath("pydml._native")).parent / "libpydml.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        self.compiler.link_shared_object([str(o) for o in objects], str(target),
                                         extra_postargs=link_flags)

    def _object_of(self, source: Path) -> Path:
        relative = source.relative_to(ROOT).with_suffix(self.compiler.obj_extension)
        return Path(self.build_temp) / relative


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        destination = Path(self.build_lib) / "pydml" / "include"
        destination.mkdir(parents=True, exist_ok=True)
        for header in (ROOT / "include").glob("*.h"):
            shutil.copy2(header, destination / header.name)


setup(cffi_modules=["pydml/_build_ffi.py:ffibuilder"],
      cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
