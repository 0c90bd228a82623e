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
#: native/<layer>/ folders: the C headers the COM sources include (native/com/ is theirs)
NATIVE_INCLUDES = [f"-I{p}" for p in sorted((ROOT / "native").iterdir()) if p.is_dir() and p.name != "com"]
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
                     "IDMLDispatchable", "IDMLCompiledOperator", "IDMLOperatorInitializer",
                     "IDMLBindingTable", "IDMLCommandRecorder", "IDMLDebugDevice", "IDMLDevice1"]


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
                label = f"{itf['name']}::{m['name']}"  # type: ignore[index]
                lines.append(f"  {{ auto p = {member}; std::size_t v; std::memcpy(&v, &p, sizeof v);"
                             f' std::printf("{label} %zu\\n", (v - 1) / sizeof(void*)); }}')
                expected.append(f"{itf['name']}::{m['name']} {slot}")  # type: ignore[index]
                slot += 1
        lines.append(f'  {{ const GUID& g = __uuidof({itf["name"]});'
                     f' std::printf("{itf["name"]} %08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x\\n",'
                     " g.Data1, g.Data2, g.Data3, g.Data4[0], g.Data4[1], g.Data4[2], g.Data4[3],"
                     " g.Data4[4], g.Data4[5], g.Data4[6], g.Data4[7]); }")
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
        command = [CXX, "-std=c++17", f"-I{INCLUDE}", *extra, str(source), "-o", str(tmp_path / "c")]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr


# --- libdirectml.so: the examples and bad use --------------------------------------------------------

PROGRAMS = {
    "hello_directml": EXAMPLES / "hello_directml.cpp",
    "owned_weights": EXAMPLES / "owned_weights.cpp",
    "compile_graph": EXAMPLES / "compile_graph.cpp",
    "misuse": ROOT / "tests" / "com" / "misuse.cpp",
}


def build_line(source: Path, out: Path, include: Path | None = None) -> list[str]:
    """The README's one line: c++ -std=c++17 SOURCE $(pydml --cflags --libs) -o OUT."""
    from pydml import paths

    assert CXX is not None
    cflags = paths.cflags().split()
    if include is not None:  # another DirectML.h first (Microsoft's)
        cflags = [f"-I{include}", *cflags[1:]]
    return [CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{EXAMPLES}", str(source), *cflags,
            *paths.libs().split(), "-o", str(out)]


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The examples and tests/com/misuse.cpp, compiled in parallel."""
    need_headers()
    from pydml import paths

    if paths.directml_library_path() is None:
        pytest.skip("libdirectml.so was not built (setup.py needs a C++ compiler and directx-headers-dev)")
    folder = tmp_path_factory.mktemp("com")
    jobs = {name: subprocess.Popen(build_line(src, folder / name), stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True) for name, src in PROGRAMS.items()}
    for name, job in jobs.items():
        _, err = job.communicate(timeout=300)
        assert job.returncode == 0, f"{name}: {' '.join(map(str, job.args))}\n{err}"
    return {name: folder / name for name in PROGRAMS}


def run(program: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(program), *args], capture_output=True, text=True, timeout=120, check=False)


def floats(line: str) -> list[float]:
    return [float(x) for x in line.split(":", 1)[1].split()]


def test_hello_directml(programs: dict[str, Path]) -> None:
    """HelloDirectML's shape: identity with scale 2 and bias 0.5 over 1x2x3x4 floats."""
    out = run(programs["hello_directml"])
    assert out.returncode == 0, out.stderr
    x = [1.618 * (i % 5) for i in range(24)]
    expected = [2 * v + 0.5 for v in x]
    got = floats(out.stdout.strip().splitlines()[-1])
    assert got == pytest.approx(expected, rel=1e-6)


def test_owned_weights(programs: dict[str, Path]) -> None:
    """A GEMM whose OWNED_BY_DML B is bound through the initializer: A @ B."""
    import numpy as np

    out = run(programs["owned_weights"])
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[0] == "persistent resource: 24 bytes"  # B's copy, 3x2 floats
    assert lines[1] == "temporary resource: yes"  # GEMM's scratch (GetBindingProperties), bound
    a = np.array([[1, 0, -1], [0.5, 0.25, 2]], np.float64)
    b = np.array([[1, 2], [3, 4], [5, 6]], np.float64)
    assert floats(lines[-1]) == pytest.approx((a @ b).ravel().tolist(), rel=1e-6)


def test_compile_graph(programs: dict[str, Path]) -> None:
    """relu(x + y) through IDMLDevice1::CompileGraph (E_NOTIMPL, and this test skips, until pydml's
    graph engine is built in)."""
    out = run(programs["compile_graph"])
    if "built without pydml's graph engine" in out.stderr:
        pytest.skip(out.stderr.strip().splitlines()[-1].strip())
    assert out.returncode == 0, out.stderr
    x = [1, -2, 3, -4, 5, -6]
    y = [0.5, 0.5, -4, 4.5, 0, 7]
    assert floats(out.stdout.strip().splitlines()[-1]) == [max(a + b, 0.0) for a, b in zip(x, y, strict=True)]


def misuse_lines(programs: dict[str, Path]) -> dict[str, str]:
    out = run(programs["misuse"])
    assert out.returncode == 0, out.stdout + out.stderr  # every case returned: no crash
    return {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in out.stdout.splitlines()}


E_INVALIDARG, E_NOTIMPL = "0x80070057", "0x80004001"
DEVICE_REMOVED, INVALID_CALL = "0x887a0005", "0x887a0001"


def test_bad_use_is_an_hresult_and_a_message(programs: dict[str, Path]) -> None:
    lines = misuse_lines(programs)
    expect = {
        # CreateOperator: E_INVALIDARG and pydml's validation message
        "invalid_desc": (f"hr={E_INVALIDARG} removed=0x00000000",
                         "DML_GEMM_OPERATOR_DESC.BTensor.Sizes[2]: must be 3"),
        "table_too_small": (f"hr={E_INVALIDARG} removed=0x00000000", "the binding table is too small"),
        # methods without an HRESULT remove the device (GetDeviceRemovedReason: E_INVALIDARG)
        "range_past_end": (f"hr={E_INVALIDARG} removed={E_INVALIDARG}",
                           "reaches past the resource's end (64 bytes)"),
        "unbound_input": (f"hr={E_INVALIDARG} removed={E_INVALIDARG}", ".InputTensor is not bound"),
        "unbound_input_close": (f"hr={E_INVALIDARG}", ""),
        "not_initialized": (f"hr={E_INVALIDARG} removed={E_INVALIDARG}", "has not been initialized"),
        "owned_unbound_at_init": (f"hr={E_INVALIDARG} removed={E_INVALIDARG}",
                                  "DML_TENSOR_FLAG_OWNED_BY_DML"),
        "released_object": (f"hr={E_INVALIDARG} removed=0x00000000", "(or was released)"),
        "released_properties": ("descriptors=0", ""),
        "map_default_heap": (f"hr={E_INVALIDARG}", "is on the DEFAULT heap"),
        "copy_past_end": (f"hr={E_INVALIDARG}",
                          "DstOffset 64 + NumBytes 128 reaches past the end of the destination"),
        "not_implemented": (f"hr={E_NOTIMPL}", "ID3D12Device::CreateRootSignature: not implemented"),
        "foreign_device": (f"hr={E_INVALIDARG}", "is not a device of this library's D3D12 stand-in"),
        "removed_device": (f"hr={DEVICE_REMOVED} removed={E_INVALIDARG}", "bindingCount must be 1"),
        "unclosed_list": (f"hr={INVALID_CALL}", "was not closed"),
        # an operator whose kernels take scratch from the caller reports it, and a dispatch without
        # a temporary resource is refused
        "temporary_size": ("positive", ""),
        "temporary_unbound": (f"hr={E_INVALIDARG} removed={E_INVALIDARG}",
                              "the temporary resource ("),
        "temporary_bound": ("hr=0x00000000 removed=0x00000000", ""),
        # not misuse: the highest requested level pydml has (5_1 of 2_0, 5_1, 7_0), FLOAT16 supported,
        # private data back, GetParentDevice and GetDevice, no IDMLDebugDevice without the debug flag
        "surface": ("levels=0x0/0x5100 float16=1/0x0 private=42/0x0 parent=1 owner=1 debug=0x80004002 "
                    "evict=0x0 resident=0x0", "operators[1] appears twice"),
    }
    assert sorted(lines) == sorted(expect)
    for name, (codes, message) in expect.items():
        head, _, text = lines[name].partition(" | ")
        assert head == codes, (name, lines[name])
        assert message in text, (name, lines[name])


def test_validation_message_is_pythons(programs: dict[str, Path]) -> None:
    """CreateOperator's message is the text of pydml's ValidationError for the same desc."""
    import pydml

    desc = pydml.DML_OPERATOR_DESC(Type="GEMM", Desc=pydml.DML_GEMM_OPERATOR_DESC(
        ATensor=pydml.buffer_desc("FLOAT32", [1, 1, 2, 3]),
        BTensor=pydml.buffer_desc("FLOAT32", [1, 1, 4, 2]),
        OutputTensor=pydml.buffer_desc("FLOAT32", [1, 1, 2, 2]), TransA="NONE", TransB="NONE", Alpha=1.0,
        Beta=0.0))
    with pytest.raises(pydml.ValidationError) as error:
        pydml.validate(desc)
    assert misuse_lines(programs)["invalid_desc"].partition(" | ")[2] == str(error.value)


def test_examples_against_microsofts_header(programs: dict[str, Path], tmp_path: Path) -> None:
    """The examples compiled against Microsoft's own DirectML.h (microsoft/DirectX-Headers
    include/directx/DirectML.h, vendored in tests/data/microsoft since tests have no network) link and run against libdirectml.so unchanged."""
    # vendored (tests/data/microsoft/README.md); PYDML_MICROSOFT_DIRECTML_INCLUDE may name another copy
    folder = os.environ.get("PYDML_MICROSOFT_DIRECTML_INCLUDE") or str(ROOT / "tests" / "data" / "microsoft")
    for name in ("hello_directml", "owned_weights"):
        out = tmp_path / name
        result = subprocess.run(build_line(PROGRAMS[name], out, Path(folder)), capture_output=True, text=True,
                                check=False)
        assert result.returncode == 0, result.stderr
        assert run(out).stdout == run(programs[name]).stdout


def test_docs_list_every_method() -> None:
    """docs/com.md names every method of every interface: DirectML's, and each D3D12 interface's own
    methods the stand-in has (native/com/d3d12_stubs.h)."""
    doc = (ROOT / "docs" / "com.md").read_text()
    for itf in MICROSOFT["interfaces"]:
        for m in itf["methods"]:
            assert re.search(rf"\b{m['name']}\b", doc), (itf["name"], m["name"])
    stubs = (ROOT / "native" / "com" / "d3d12_stubs.h").read_text()
    for interface, body in re.findall(r"struct Stub_(\w+) : Base \{(.*?)\n\};", stubs, re.S):
        row = next(line for line in doc.splitlines() if line.startswith(f"| {interface} |"))
        for method in re.findall(r"STDMETHODCALLTYPE (\w+)\(", body):
            assert re.search(rf"\b{method}\b", row), (interface, method)


def test_bad_use_under_sanitizers(programs: dict[str, Path], tmp_path: Path) -> None:
    """tests/com/misuse.cpp and libdirectml.so's sources (one translation unit, -O0 to keep the
    build short) under AddressSanitizer and UndefinedBehaviorSanitizer, leak checking included: the
    same lines, and no report."""
    assert CXX is not None
    from pydml import paths

    probe = subprocess.run([CXX, "-fsanitize=address,undefined", "-x", "c++", "-", "-o", str(tmp_path / "p")],
                           input="int main() { return 0; }\n", capture_output=True, text=True,
                           check=False)
    if probe.returncode != 0:
        pytest.skip(f"{CXX} cannot build with the sanitizers: {probe.stderr.strip()[:200]}")
    unity = tmp_path / "sanitized.cpp"
    sources = [*sorted((ROOT / "native" / "com").glob("*.cpp")), PROGRAMS["misuse"]]
    unity.write_text("".join(f'#include "{p}"\n' for p in sources))
    exe = tmp_path / "misuse_sanitized"
    libs = [flag for flag in paths.libs().split() if flag != "-ldirectml"]  # the sources are in the program
    build = subprocess.run([CXX, "-std=c++17", "-O0", "-fsanitize=address,undefined",
                            "-fno-sanitize-recover=all", *NATIVE_INCLUDES, f"-I{EXAMPLES}",
                            *paths.cflags().split(), str(unity), *libs, "-o", str(exe)],
                           capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    env = {**os.environ, "ASAN_OPTIONS": "detect_leaks=1", "UBSAN_OPTIONS": "print_stacktrace=1"}
    sanitized = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120, env=env, check=False)
    assert sanitized.returncode == 0, sanitized.stderr[-4000:]
    assert "Sanitizer" not in sanitized.stderr, sanitized.stderr[-4000:]
    assert sanitized.stdout == run(programs["misuse"]).stdout


@pytest.mark.parametrize("compiler", ["g++", "clang++"])
def test_com_sources_have_no_warnings(compiler: str, tmp_path: Path) -> None:
    """native/com/*.cpp with -Wall -Wextra -Werror under GCC and Clang (one translation unit each,
    syntax only: what tests/test_native_warnings.py does for the C sources)."""
    need_headers()
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed")
    unity = tmp_path / "com.cpp"
    unity.write_text("".join(f'#include "{p}"\n' for p in sorted((ROOT / "native" / "com").glob("*.cpp"))))
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                             f"-I{INCLUDE}", *NATIVE_INCLUDES, *wsl_flags(), str(unity)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-4000:]
