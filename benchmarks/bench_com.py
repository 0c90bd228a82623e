"""The COM path's cost: a dispatch through libdirectml.so against pydml_operator_execute for the
same operator, and CopyBufferRegion between heaps against memcpy, in one run.

    python benchmarks/bench_com.py [--rounds 20]

Builds benchmarks/bench_com.cpp with the README's line (c++ -O2 ... $(pydml --cflags --libs)) and
runs it. The issue's targets: a dispatch at most 10 us more than pydml_operator_execute, and copies
between heaps at memcpy speed. Times are best-of-N with the contenders interleaved; what to
compare is the difference and the ratios printed, measured in the same run.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

from pydml import paths

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    cxx = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    if cxx is None or paths.directml_library_path() is None:
        print("needs a C++ compiler and libdirectml.so (directx-headers-dev installed before the build)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        program = Path(tmp) / "bench_com"
        subprocess.run([cxx, "-std=c++17", "-O2", f"-I{ROOT / 'examples' / 'cpp'}",
                        str(ROOT / "benchmarks" / "bench_com.cpp"), *paths.cflags().split(),
                        *paths.libs().split(), "-o", str(program)], check=True)
        out = subprocess.run([str(program), str(args.rounds)], capture_output=True, text=True,
                             check=True).stdout
    times = {line.split()[0]: dict(kv.split("=") for kv in line.split()[1:]) for line in out.splitlines()}
    d = {k: float(v) for k, v in times["dispatch_us"].items()}
    c = {k: float(v) for k, v in times["copy_64MiB_us"].items()}
    print(f"ELEMENT_WISE_ADD 1x2x3x4 FLOAT32, best of {args.rounds} rounds of 200 dispatches (microseconds):")
    print(f"  pydml_operator_execute        {d['direct']:8.3f}")
    print(f"  COM, recorded per dispatch    {d['record']:8.3f}  (+{d['record'] - d['direct']:.3f} us, "
          f"{d['record'] / d['direct']:.2f}x)  RecordDispatch+Close+Execute+Signal+wait+Reset")
    print(f"  COM, list recorded once       {d['replay']:8.3f}  (+{d['replay'] - d['direct']:.3f} us, "
          f"{d['replay'] / d['direct']:.2f}x)  ExecuteCommandLists+Signal+wait")
    print(f"64 MiB UPLOAD -> DEFAULT: CopyBufferRegion (with Close/Execute/wait) / memcpy = "
          f"{c['CopyBufferRegion'] / c['memcpy']:.2f}x")
    ok = d["record"] - d["direct"] <= 10.0
    print("target (at most 10 us more per dispatch):", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
