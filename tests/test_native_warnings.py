"""Every native source compiles warning-free (-Wall -Wextra -Werror) with gcc and, where installed,
clang, as C11. The package build itself does not use -Werror, so a user's newer compiler cannot
break `pip install`; this test keeps the project's own builds strict."""

from __future__ import annotations

import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: native/<layer>/*.c (native/com/ is C++: tests/test_com.py builds it with -Werror)
LAYERS = sorted(p for p in (ROOT / "native").iterdir() if p.is_dir() and p.name != "com")
SOURCES = sorted(p for layer in LAYERS for p in layer.glob("*.c"))
FLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-fno-strict-aliasing",
         f"-I{ROOT / 'include'}", *(f"-I{layer}" for layer in LAYERS), "-c", "-o", "/dev/null"]


def _openmp(compiler: str, tmp: Path) -> list[str]:
    """-fopenmp where this compiler has OpenMP (the build probes the same way, pydml/_build_ffi.py);
    else the sources build serial and the omp pragmas are ignored on purpose."""
    probe = tmp / "probe.c"
    probe.write_text("#include <omp.h>\nint main(void) { return omp_get_max_threads() > 0 ? 0 : 1; }\n")
    ok = subprocess.run([compiler, "-fopenmp", str(probe), "-o", str(tmp / "probe")], capture_output=True,
                        check=False).returncode == 0
    return ["-fopenmp"] if ok else ["-Wno-unknown-pragmas"]


@pytest.mark.parametrize("compiler", ["gcc", "clang"])
def test_native_sources_compile_without_warnings(compiler: str, tmp_path: Path) -> None:
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed")
    assert len(SOURCES) > 10
    openmp = _openmp(compiler, tmp_path)

    # clang diagnoses in its front end, so -fsyntax-only gives every warning without code
    # generation (a third of the time); gcc's -Wmaybe-uninitialized and -Wstringop-* come from its
    # optimizers, so gcc compiles at -O2.
    mode = ["-fsyntax-only"] if compiler == "clang" else []

    def build(source: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
        return source, subprocess.run([compiler, *FLAGS, *openmp, *mode, str(source)], capture_output=True,
                                      text=True, check=False, timeout=300)

    with ThreadPoolExecutor(max_workers=2) as pool:
        failures = [(s.name, r.stderr) for s, r in pool.map(build, SOURCES) if r.returncode != 0]
    assert not failures, "\n".join(f"{name}:\n{err}" for name, err in failures)


def test_native_sources_sit_in_their_layer_folders() -> None:
    """native/ is split by layer (docs/design.md): no C source or header sits at its top."""
    loose = sorted(p.name for p in (ROOT / "native").glob("*.[ch]"))
    assert not loose, f"move into a layer folder of native/: {loose}"
    assert {p.name for p in LAYERS} == {"api", "engines", "families", "graph", "schema", "validate"}
