"""Build glue that pyproject.toml cannot express.

* cffi_modules: cffi has no pyproject hook (python-cffi/cffi#55).
* libpydml.so: native/*.c linked as a plain shared library next to the extension, so C programs
  can link the C API (include/pydml.h) without Python (`pydml --cflags --libs`).
* include/*.h copied into the package (pydml/include) for non-editable installs.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _flags() -> tuple[list[str], list[str]]:
    spec = importlib.util.spec_from_file_location("pydml_build_ffi", ROOT / "pydml" / "_build_ffi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.CFLAGS), list(module.OPENMP)


class BuildExt(build_ext):
    def run(self) -> None:
        super().run()
        cflags, openmp = _flags()
        sources = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "native").glob("*.c"))]
        objects = self.compiler.compile(
            sources, output_dir=str(Path(self.build_temp) / "libpydml"),
            include_dirs=["include", "native"], extra_postargs=cflags + openmp)
        target = Path(self.get_ext_fullpath("pydml._native")).parent / "libpydml.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        self.compiler.link_shared_object(objects, str(target), extra_postargs=openmp + ["-lm"])


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        destination = Path(self.build_lib) / "pydml" / "include"
        destination.mkdir(parents=True, exist_ok=True)
        for header in (ROOT / "include").glob("*.h"):
            shutil.copy2(header, destination / header.name)


setup(cffi_modules=["pydml/_build_ffi.py:ffibuilder"],
      cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
