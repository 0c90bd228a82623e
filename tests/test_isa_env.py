"""PYDML_ISA=avx512|avx2|portable caps the ISA path the kernels take, read once when the library is
loaded (native/engines/common.c), in Python and in C programs alike (issue 25). Each case runs in a fresh
process, since the variable is read at load."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pydml import paths
from pydml.native import isa_path, lib

DETECTED = int(lib.pydml_cpu_features())  # this process: the caller's own PYDML_ISA, if any
AVX2_BITS = int(lib.PYDML_CPU_AVX2_FMA | lib.PYDML_CPU_F16C)
CAPS = {"avx512": 0xFFFFFFFF, "avx2": AVX2_BITS, "portable": 0}

PROBE = """
import numpy as np, pydml
from pydml.native import isa_path, lib
f = pydml.buffer_desc("FLOAT32", [64])
op = pydml.Device().create_operator(pydml.DML_ACTIVATION_TANH_OPERATOR_DESC(InputTensor=f, OutputTensor=f))
y = op.execute({"InputTensor": np.linspace(-4, 4, 64, dtype=np.float32)})["OutputTensor"]
assert np.abs(y - np.tanh(np.linspace(-4, 4, 64))).max() < 1e-6
print(int(lib.pydml_cpu_features()), int(lib.pydml_active_cpu_features()), isa_path())
"""


def run_probe(value: str | None) -> tuple[int, int, str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYDML_ISA"}
    if value is not None:
        env["PYDML_ISA"] = value
    r = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    cpu, active, path = r.stdout.split()
    return int(cpu), int(active), path, r.stderr


@pytest.mark.parametrize("value", ["avx2", "portable", "avx512"])
def test_the_variable_caps_the_features_and_selects_the_path(value: str) -> None:
    cpu, active, path, _ = run_probe(value)
    unset_cpu, _, unset_path, _ = run_probe(None)
    assert cpu == active == unset_cpu & CAPS[value]
    # The widest path at or below the request that this CPU has: never a wider one.
    order = ["portable", "avx2", "avx512"]
    assert path == order[min(order.index(value), order.index(unset_path))]


def test_an_unknown_value_warns_and_caps_nothing() -> None:
    cpu, _, path, err = run_probe("avx9000")
    unset_cpu, _, unset_path, _ = run_probe(None)
    assert (cpu, path) == (unset_cpu, unset_path)
    assert "PYDML_ISA='avx9000' is not one of avx512, avx2, portable" in err


def test_set_cpu_features_narrows_within_the_cap() -> None:
    try:
        assert lib.pydml_set_cpu_features(0) == 0 and isa_path() == "portable"
        assert lib.pydml_set_cpu_features(0xFFFFFFFF) == DETECTED
    finally:
        lib.pydml_set_cpu_features(0xFFFFFFFF)
    assert isa_path(0) == "portable" and isa_path(AVX2_BITS) == "avx2"


C_PROBE = r"""
#include <stdio.h>
#include "pydml.h"
int main(void) { printf("%u\n", pydml_cpu_features()); return 0; }
"""


def test_a_c_program_reads_the_variable_at_load(tmp_path: Path) -> None:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    src, exe = tmp_path / "isa.c", tmp_path / "isa"
    src.write_text(C_PROBE)
    subprocess.run([cc, "-std=c11", *paths.cflags().split(), str(src), *paths.libs().split(), "-o", str(exe)],
                   check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k != "PYDML_ISA"}
    unset = int(subprocess.run([str(exe)], env=env, capture_output=True, text=True, check=True).stdout)
    for value, cap in CAPS.items():
        got = subprocess.run([str(exe)], env={**env, "PYDML_ISA": value}, capture_output=True, text=True,
                             check=True).stdout
        assert int(got) == unset & cap, value
