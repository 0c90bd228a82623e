"""The sdist installs anywhere: build it, install it into a fresh virtual environment (compiling
the C from the sdist alone), and run the command line from there."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import venv
from pathlib import Path

import pydml

ROOT = Path(__file__).resolve().parent.parent


def test_sdist_builds_installs_and_runs(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-c", "import sys; from setuptools import build_meta as b; "
         "print(b.build_sdist(sys.argv[1]))", str(dist)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert build.returncode == 0, build.stderr
    sdist = dist / build.stdout.strip().splitlines()[-1]
    assert sdist.name == f"pydml-{pydml.__version__}.tar.gz"
    with tarfile.open(sdist) as tar:
        names = {Path(n).relative_to(f"pydml-{pydml.__version__}").as_posix()
                 for n in tar.getnames() if "/" in n}
    for needed in ("include/DirectML.h", "include/pydml.h", "native/common.h", "native/elementwise.c",
                   "native/schema_tables.c", "pydml/_build_ffi.py", "setup.py", "LICENSE",
                   "tests/conftest.py", "examples/resample_grad_doc.json"):
        assert needed in names, needed
    # A fresh environment that sees the build tools and numpy, but not this checkout.
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=True, with_pip=True)
    python = env_dir / "bin" / "python"
    # ensurepip may bring an old setuptools into the venv; build with the one the project requires
    subprocess.run([str(python), "-m", "pip", "uninstall", "-q", "-y", "setuptools"],
                   capture_output=True, check=False)
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps",
                              "--no-build-isolation", str(sdist)],
                             cwd=tmp_path, capture_output=True, text=True, check=False, timeout=900)
    assert install.returncode == 0, install.stdout + install.stderr
    where = subprocess.run([str(python), "-c", "import pydml; print(pydml.__file__, pydml.__version__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=False)
    assert where.stdout.startswith(str(env_dir)), where.stdout + where.stderr
    example = ROOT / "examples" / "resample_grad_doc.json"
    run = subprocess.run([str(env_dir / "bin" / "pydml"), "run", str(example)], cwd=tmp_path,
                         capture_output=True, text=True, check=False, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Resource 'dx': 9, 6, 0, 0" in run.stdout
    version = subprocess.run([str(env_dir / "bin" / "pydml"), "--version"], capture_output=True,
                             text=True, check=False)
    assert version.stdout.strip() == f"pydml {pydml.__version__}"
