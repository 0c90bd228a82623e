"""DirectML's COM API on Linux: include/DirectML.h's C++ interfaces against Microsoft's (method
order and count, signatures, IIDs, vtable slots as the compiler lays them out), and libdirectml.so
(native/com/) running the programs in examples/cpp/ and every misuse the issue names.

Needs a C++ compiler and DirectX-Headers' WSL adapter (Debian's directx-headers-dev): installed
here when missing and possible (CI runs as root), else the tests skip and say why.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "include"
HEADER = INCLUDE / "DirectML.h"
EXAMPLES = ROOT / "examples" / "cpp"
#: Facts read once from Microsoft's DirectML.h (the file names its source and commit).
MICROSOFT = json.loads((ROOT / "tests" / "data" / "directml_com_interfaces.json").read_text())
CXX = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")

# Microsoft's SAL annotations on parameters (empty macros in winadapter.h), removed before comparing.
_SAL = re.compile(r"\b_(?:In|Out|Inout|COM_Outptr|Outptr)\w*(?:\((?:[^()]|\([^()]*\))*\))?")
_INTERFACE = re.compile(
    r'interface\s+DML_DECLARE_INTERFACE\("([0-9a-f-]+)"\)\s+(\w+)\s*:\s*(\w+)\s*\{(.*?)\};', re.S)
_METHOD = re.compile(r"IFACEMETHOD(_?)\(([^)]*)\)\s*\((.*?)\)\s*=\s*0\s*;", re.S)


def _normalize(parameters: str) -> str:
    text = " ".join(_SAL.sub("", parameters).split())
    return re.sub(r"\s*([(),*])\s*", r"\1", text)


def declared_interfaces(text: str) -> list[dict[str, object]]:
    """The interfaces of a DirectML.h, as tests/data/directml_com_interfaces.json records them."""
    text = re.sub(r"//[^\n]*", "", text)
    out: list[dict[str, object]] = []
    for iid, name, base, body in _INTERFACE.findall(text):
        methods = []
        for under, head, params in _METHOD.findall(body):
            ret, method = ([x.strip() for x in head.rsplit(",", 1)] if under else ["HRESULT", head.strip()])
            methods.append({"name": method, "returns": ret, "parameters": _normalize(params)})
        out.append({"name": name, "iid": iid, "base": base, "methods": methods})
    return out


def test_interfaces_equal_microsofts() -> None:
    """Same interfaces in the same order, each with Microsoft's IID, base, and methods (names, order,
    return types, parameters)."""
    assert declared_interfaces(HEADER.read_text()) == MICROSOFT["interfaces"]
    functions = re.findall(r"STDAPI\s+(\w+)\((.*?)\);", re.sub(r"//[^\n]*", "", HEADER.read_text()), re.S)
    assert [{"name": n, "parameters": _normalize(p)} for n, p in functions] == MICROSOFT["functions"]
    names = [i["name"] for i in MICROSOFT["interfaces"]]
    assert names == ["IDMLObject", "IDMLDevice", "IDMLDeviceChild", "IDMLPageable", "IDMLOperator",
                     "IDMLDispatchable", "IDMLCompiledOperator", "IDMLOperatorInitializer", "IDMLBindingTable",
                     "IDMLCommandRecorder", "IDMLDebugDevice", "IDMLDevice1"]


def test_uuid_declarations_match_iids() -> None:
    """Each interface's __CRT_UUID_DECL spells its IID."""
    decls = re.findall(r"__CRT_UUID_DECL\((\w+), ([^)]*)\)", HEADER.read_text())
    assert [name for name, _ in decls] == [i["name"] for i in MICROSOFT["interfaces"]]
    for (name, args), itf in zip(decls, MICROSOFT["interfaces"], strict=True):
        parts = [int(x, 16) for x in args.split(",")]
        a, b, c, d, e = str(itf["iid"]).split("-")
        assert parts == [int(a, 16), int(b, 16), int(c, 16), *bytes.fromhex(d + e)], name


# --- compiled checks ------------------------------------------------------------------------------


@functools.cache
def directx_headers() -> str | None:
    """Why DirectX-Headers' WSL adapter is unusable here, or None when it is installed (installing
    Debian's directx-headers-dev when it is missing and apt-get is usable)."""
    if CXX is None:
        return "no C++ compiler (c++, g++ or clang++) on PATH"
    if Path("/usr/include/wsl/winadapter.h").is_file():
        return None
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        return "directx-headers-dev is not installed and cannot be (no apt-get, or not root)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in ([apt, "install", "-y", "-q", "directx-headers-dev"],
                    [apt, "update", "-q"], [apt, "install", "-y", "-q", "directx-headers-dev"]):
        subprocess.run(command, capture_output=True, env=env, timeout=600, check=False)
        if Path("/usr/include/wsl/winadapter.h").is_file():
            return None
    return "apt-get could not install directx-headers-dev (no network or no Debian archive?)"


def wsl_flags() -> list[str]:
    return ["-I/usr/include", "-I/usr/include/wsl/stubs", "-I/usr/include/directx"]


def need_headers() -> None:
    why = directx_headers()
    if why is not None:
        pytest.skip(why)


def compile_cxx(source: Path, out: Path, *extra: str) -> None:
    assert CXX is not None
    command = [CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{INCLUDE}", *wsl_flags(), str(source),
               "-o", str(out), *extra]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(command)}\n{result.stderr}"


def test_vtable_slots_and_uuids_compiled(tmp_path: Path) -> None:
    """The compiler's own layout: each method's vtable slot (Itanium ABI: a pointer to a virtual
    member function holds 1 + its byte offset in the vtable) is the slot Microsoft's declaration order
    gives it, counting IUnknown's three; and __uuidof(I) (what IID_PPV_ARGS uses) is I's IID."""
    need_headers()
    by_name = {i["name"]: i for i in MICROSOFT["interfaces"]}

    def chain(name: str) -> list[str]:
        out: list[str] = []
        while name in by_name:
            out.insert(0, name)
            name = str(by_name[name]["base"])
        return out

    lines = ['#include "DirectML.h"', "#include <cstdio>", "#include <cstring>", "int main() {"]
    expected = []
    for itf in MICROSOFT["interfaces"]:
        slot = 3  # QueryInterface, AddRef, Release
        for name in chain(str(itf["name"])):
            for m in by_name[name]["methods"]:  # type: ignore[union-attr]
                member = f"&{itf['name']}::{m['name']}"  # type: ignore[index]
                lines.append(f"  {{ auto p = {member}; std::size_t v; std::memcpy(&v, &p, sizeof v);"
                             f' std::printf("{itf["name"]}::{m["name"]} %zu\\n", (v - 1) / sizeof(void*)); }}')  # type: ignore[index]
                expected.append(f"{itf['name']}::{m['name']} {slot}")  # type: ignore[index]
                slot += 1
        lines.append(f'  {{ const GUID& g = __uuidof({itf["name"]}); std::printf("{itf["name"]} %08x-%04x-%04x-'
                     '%02x%02x-%02x%02x%02x%02x%02x%02x\\n", g.Data1, g.Data2, g.Data3, g.Data4[0], g.Data4[1],'
                     ' g.Data4[2], g.Data4[3], g.Data4[4], g.Data4[5], g.Data4[6], g.Data4[7]); }')
        expected.append(f"{itf['name']} {itf['iid']}")
    lines += ["  return 0;", "}"]
    source = tmp_path / "vtable.cpp"
    source.write_text("\n".join(lines) + "\n")
    compile_cxx(source, tmp_path / "vtable", "-Wno-error")
    out = subprocess.run([str(tmp_path / "vtable")], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:-1] == expected


def test_c_view_unchanged_without_windows_headers(tmp_path: Path) -> None:
    """C++ without the WSL stubs on the include path (or with PYDML_NO_COM) sees the C view: the
    header's own BOOL, no interfaces."""
    if CXX is None:
        pytest.skip("no C++ compiler")
    source = tmp_path / "cview.cpp"
    source.write_text('#include "DirectML.h"\n#include <type_traits>\n'
                      "static_assert(std::is_same<BOOL, int32_t>::value, \"the C view's BOOL\");\n"
                      "#ifdef PYDML_DIRECTML_COM\n#error COM declared without winadapter.h\n#endif\n"
                      "int main() { return 0; }\n")
    for extra in ([], ["-DPYDML_NO_COM", *wsl_flags()]):
        result = subprocess.run([CXX, "-std=c++17", f"-I{INCLUDE}", *extra, str(source), "-o", str(tmp_path / "c")],
                                capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr
