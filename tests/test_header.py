"""include/DirectML.h compiled by the system compilers, as C11 and as C++17, against abi_expected.

A generated program prints sizeof/alignof of every struct and union, offsetof/sizeof of every
field, the value of every enumerator and constant, and (C++ only) whether each field's declared
type is exactly the one in abi_expected.FIELD_CTYPES; every number is compared with the table (gcc
always, clang when installed). The header's text is checked too: its struct/union names and each
field's SAL annotations equal the table's. Small snippets check that code written as a DirectML
user writes it compiles unchanged.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from abi_expected import (
    ALIASES,
    CONSTANTS,
    D3D12_STRUCTS,
    DIRECTML_STRUCT_COUNT,
    ENUMS,
    FIELD_ANNOTATIONS,
    FIELD_CTYPES,
    STRUCTS,
    UNIONS,
)

INCLUDE = Path(__file__).resolve().parent.parent / "include"
HEADER = INCLUDE / "DirectML.h"


@dataclass(frozen=True)
class Language:
    compiler: str
    std: str
    suffix: str

    @property
    def is_cxx(self) -> bool:
        return self.suffix == ".cpp"


C11 = Language("gcc", "-std=c11", ".c")
CXX17 = Language("g++", "-std=c++17", ".cpp")
CLANG_C11 = Language("clang", "-std=c11", ".c")
CLANG_CXX17 = Language("clang++", "-std=c++17", ".cpp")
LANGUAGES = [pytest.param(C11, id="c11"), pytest.param(CXX17, id="cxx17")]
ALL_COMPILERS = [
    *LANGUAGES,
    pytest.param(CLANG_C11, id="clang-c11"),  # skipped when clang is not installed
    pytest.param(CLANG_CXX17, id="clang-cxx17"),
]


def build_and_run(lang: Language, source: str, tmp: Path, name: str) -> str:
    """Compile ``source`` with -Wall -Wextra -pedantic -Werror, run it, return its stdout."""
    if shutil.which(lang.compiler) is None:
        pytest.skip(f"{lang.compiler} not found")
    src = tmp / f"{name}{lang.suffix}"
    exe = tmp / name
    src.write_text(source)
    cmd = [lang.compiler, lang.std, "-Wall", "-Wextra", "-pedantic", "-Werror"]
    cmd += ["-I", str(INCLUDE), str(src), "-o", str(exe)]
    built = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert built.returncode == 0, f"{' '.join(cmd)}\n{built.stderr}"
    ran = subprocess.run([str(exe)], capture_output=True, text=True, check=False, timeout=30)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def layout_program() -> str:
    """C source (valid C11 and C++17) that prints every fact abi_expected holds."""
    lines = [
        "#include <stdio.h>",
        "#include <stddef.h>",
        '#include "DirectML.h"',
        "#ifdef __cplusplus",
        "#include <type_traits>",
        "#define ALIGNOF(T) alignof(T)",
        "#define SAME_TYPE(T, F, U) ((int)std::is_same<decltype(T::F), U>::value)",
        "#else",
        "#define ALIGNOF(T) _Alignof(T)",
        "#endif",
        "#define FIELD_SIZE(T, F) sizeof(((T*)0)->F)",
        "int main(void) {",
    ]
    for name, (_, _, fields) in STRUCTS.items():
        lines.append(
            f'    printf("struct {name} %zu %zu\\n", sizeof({name}), (size_t)ALIGNOF({name}));'
        )
        for field, _, _ in fields:
            lines.append(
                f'    printf("field {name}.{field} %zu %zu\\n", '
                f"offsetof({name}, {field}), FIELD_SIZE({name}, {field}));"
            )
    lines.append("#ifdef __cplusplus")
    for name, types in FIELD_CTYPES.items():
        for field, ctype in types.items():
            lines.append(
                f'    printf("type {name}.{field} %d\\n", SAME_TYPE({name}, {field}, {ctype}));'
            )
    lines.append("#endif")
    for enum, values in ENUMS.items():
        lines.append(f'    printf("enumsize {enum} %zu\\n", sizeof({enum}));')
        for enumerator in values:
            lines.append(f'    printf("value {enumerator} %lld\\n", (long long){enumerator});')
    for constant in CONSTANTS:
        lines.append(f'    printf("value {constant} %lld\\n", (long long){constant});')
    lines += ["    return 0;", "}", ""]
    return "\n".join(lines)


def expected_lines(lang: Language) -> list[str]:
    out = []
    for name, (size, align, fields) in STRUCTS.items():
        out.append(f"struct {name} {size} {align}")
        out += [f"field {name}.{field} {offset} {fsize}" for field, offset, fsize in fields]
    if lang.is_cxx:
        out += [f"type {name}.{field} 1" for name, types in FIELD_CTYPES.items() for field in types]
    for enum, values in ENUMS.items():
        out.append(f"enumsize {enum} 4")
        out += [f"value {enumerator} {value}" for enumerator, value in values.items()]
    out += [f"value {constant} {value}" for constant, value in CONSTANTS.items()]
    return out


@pytest.mark.parametrize("lang", ALL_COMPILERS)
def test_layout_matches_table(lang: Language, tmp_path: Path) -> None:
    got = build_and_run(lang, layout_program(), tmp_path, "layout").splitlines()
    want = expected_lines(lang)
    mismatches = [(g, w) for g, w in zip(got, want, strict=False) if g != w]
    assert mismatches == []
    assert len(got) == len(want)


FLAGS_CXX = r"""
#include <cstdio>
#include <type_traits>
#include "DirectML.h"

static_assert(std::is_same<decltype(DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
                                    DML_EXECUTION_FLAG_DISABLE_META_COMMANDS),
                           DML_EXECUTION_FLAGS>::value, "| keeps the enum type");
static_assert((DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
               DML_EXECUTION_FLAG_DISABLE_META_COMMANDS) == 3, "| is constexpr");
static_assert(std::is_same<decltype(DML_TENSOR_FLAG_NONE | DML_TENSOR_FLAG_OWNED_BY_DML),
                           DML_TENSOR_FLAGS>::value, "tensor flags");
static_assert(std::is_same<decltype(DML_CREATE_DEVICE_FLAG_NONE | DML_CREATE_DEVICE_FLAG_DEBUG),
                           DML_CREATE_DEVICE_FLAGS>::value, "device flags");

int main() {
    DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
                                DML_EXECUTION_FLAG_DISABLE_META_COMMANDS;
    std::printf("or %d\n", static_cast<int>(flags));
    flags |= DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
    std::printf("or_assign %d\n", static_cast<int>(flags));
    DML_EXECUTION_FLAGS masked = flags & ~DML_EXECUTION_FLAG_DISABLE_META_COMMANDS;
    std::printf("and_not %d\n", static_cast<int>(masked));
    masked ^= DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION;
    std::printf("xor_assign %d\n", static_cast<int>(masked));
    flags &= DML_EXECUTION_FLAG_DISABLE_META_COMMANDS;
    std::printf("and_assign %d\n", static_cast<int>(flags));
    std::printf("xor %d\n", static_cast<int>(DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE ^
                                             DML_EXECUTION_FLAG_DISABLE_META_COMMANDS));
    DML_TENSOR_FLAGS tensor_flags = DML_TENSOR_FLAG_NONE;
    tensor_flags |= DML_TENSOR_FLAG_OWNED_BY_DML;
    std::printf("tensor %d\n", static_cast<int>(tensor_flags));
    DML_CREATE_DEVICE_FLAGS device_flags =
        DML_CREATE_DEVICE_FLAG_NONE | DML_CREATE_DEVICE_FLAG_DEBUG;
    std::printf("device %d\n", static_cast<int>(device_flags));
    return 0;
}
"""


@pytest.mark.parametrize("wrapped", [False, True], ids=["plain", "inside_extern_c"])
def test_cxx_flag_operators(wrapped: bool, tmp_path: Path) -> None:
    source = FLAGS_CXX
    if wrapped:  # Windows headers tolerate being included inside a user's extern "C" block.
        include = '#include "DirectML.h"\n'
        source = source.replace(include, 'extern "C" {\n' + include + "}\n")
    out = build_and_run(CXX17, source, tmp_path, "flags")
    assert out.split("\n") == [
        "or 3",
        "or_assign 7",
        "and_not 5",
        "xor_assign 4",
        "and_assign 2",
        "xor 6",
        "tensor 1",
        "device 1",
        "",
    ]


# What a DirectML user writes in C: designated initialisers for the tensor and operator descs, a
# fused activation with NULL tensors, and field assignment on a zeroed desc.
RESAMPLE_GRAD_C = r"""
#include <stdio.h>
#include <string.h>
#include "DirectML.h"

int main(void) {
    const UINT gradient_sizes[4] = {1, 1, 2, 3};
    const UINT output_sizes[4] = {1, 1, 4, 2};
    DML_BUFFER_TENSOR_DESC input_gradient_buffer = {
        .DataType = DML_TENSOR_DATA_TYPE_FLOAT32,
        .Flags = DML_TENSOR_FLAG_NONE,
        .DimensionCount = 4,
        .Sizes = gradient_sizes,
        .Strides = NULL,
        .TotalTensorSizeInBytes = 24,
        .GuaranteedBaseOffsetAlignment = 0,
    };
    DML_BUFFER_TENSOR_DESC output_gradient_buffer = input_gradient_buffer;
    output_gradient_buffer.Sizes = output_sizes;
    output_gradient_buffer.TotalTensorSizeInBytes = 32;
    DML_TENSOR_DESC input_gradient = {DML_TENSOR_TYPE_BUFFER, &input_gradient_buffer};
    DML_TENSOR_DESC output_gradient = {
        .Type = DML_TENSOR_TYPE_BUFFER,
        .Desc = &output_gradient_buffer,
    };

    const FLOAT scales[4] = {1.0f, 1.0f, 0.5f, 1.5f};
    const FLOAT input_offsets[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    const FLOAT output_offsets[4] = {-0.5f, -0.5f, -0.5f, -0.5f};
    DML_RESAMPLE_GRAD_OPERATOR_DESC resample_grad = {
        .InputGradientTensor = &input_gradient,
        .OutputGradientTensor = &output_gradient,
        .InterpolationMode = DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR,
        .DimensionCount = 4,
        .Scales = scales,
        .InputPixelOffsets = input_offsets,
        .OutputPixelOffsets = output_offsets,
    };
    DML_OPERATOR_DESC op = {DML_OPERATOR_RESAMPLE_GRAD, &resample_grad};

    DML_RESAMPLE_GRAD1_OPERATOR_DESC grad1;
    memset(&grad1, 0, sizeof grad1);
    grad1.InputGradientTensor = &input_gradient;
    grad1.OutputGradientTensor = &output_gradient;
    grad1.InterpolationMode = DML_INTERPOLATION_MODE_LINEAR;
    grad1.RoundingDirection = DML_AXIS_DIRECTION_DECREASING;
    grad1.DimensionCount = 4;
    grad1.Scales = scales;
    grad1.InputPixelOffsets = input_offsets;
    grad1.OutputPixelOffsets = output_offsets;
    DML_OPERATOR_DESC op1 = {.Type = DML_OPERATOR_RESAMPLE_GRAD1, .Desc = &grad1};

    DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC leaky = {NULL, NULL, 0.25f};
    DML_OPERATOR_DESC fused = {DML_OPERATOR_ACTIVATION_LEAKY_RELU, &leaky};
    const UINT ones[2] = {1, 1};
    const UINT zeros[2] = {0, 0};
    DML_CONVOLUTION_OPERATOR_DESC conv = {
        .InputTensor = &input_gradient,
        .FilterTensor = &input_gradient,
        .BiasTensor = NULL,
        .OutputTensor = &output_gradient,
        .Mode = DML_CONVOLUTION_MODE_CROSS_CORRELATION,
        .Direction = DML_CONVOLUTION_DIRECTION_BACKWARD,
        .DimensionCount = 2,
        .Strides = ones,
        .Dilations = ones,
        .StartPadding = zeros,
        .EndPadding = zeros,
        .OutputPadding = zeros,
        .GroupCount = 1,
        .FusedActivation = &fused,
    };
    DML_OPERATOR_DESC conv_op = {DML_OPERATOR_CONVOLUTION, &conv};

    const DML_RESAMPLE_GRAD_OPERATOR_DESC* back = (const DML_RESAMPLE_GRAD_OPERATOR_DESC*)op.Desc;
    const DML_BUFFER_TENSOR_DESC* out_buf =
        (const DML_BUFFER_TENSOR_DESC*)back->OutputGradientTensor->Desc;
    printf("op %d %u %g %u\n", (int)op.Type, back->DimensionCount, back->Scales[3],
           out_buf->Sizes[2]);
    const DML_RESAMPLE_GRAD1_OPERATOR_DESC* back1 =
        (const DML_RESAMPLE_GRAD1_OPERATOR_DESC*)op1.Desc;
    printf("op1 %d %d %d %g\n", (int)op1.Type, (int)back1->InterpolationMode,
           (int)back1->RoundingDirection, back1->OutputPixelOffsets[0]);
    const DML_CONVOLUTION_OPERATOR_DESC* conv_back =
        (const DML_CONVOLUTION_OPERATOR_DESC*)conv_op.Desc;
    const DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC* act =
        (const DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC*)conv_back->FusedActivation->Desc;
    printf("conv %d %d %d %g %d\n", (int)conv_op.Type, (int)conv_back->FusedActivation->Type,
           (int)conv_back->Direction, act->Alpha, act->InputTensor == NULL);
    return 0;
}
"""


def test_c_user_code_builds_resample_grad_desc(tmp_path: Path) -> None:
    out = build_and_run(C11, RESAMPLE_GRAD_C, tmp_path, "resample_grad")
    assert out.split("\n") == [
        "op 134 4 1.5 4",
        "op1 162 1 1 -0.5",
        "conv 53 39 1 0.25 1",
        "",
    ]


# The same desc as C++ users write it before C++20 (no designated initialisers): `= {}` and
# field assignment, plus aggregate initialisation of DML_TENSOR_DESC / DML_OPERATOR_DESC.
RESAMPLE_GRAD_CXX = r"""
#include <cstdio>
#include "DirectML.h"

int main() {
    const UINT sizes[4] = {1, 1, 2, 2};
    DML_BUFFER_TENSOR_DESC buffer = {};
    buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    buffer.DimensionCount = 4;
    buffer.Sizes = sizes;
    buffer.TotalTensorSizeInBytes = 8;
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    const FLOAT scales[2] = {2.0f, 2.0f};
    const FLOAT offsets[2] = {0.5f, 0.5f};
    DML_RESAMPLE_GRAD_OPERATOR_DESC desc = {};
    desc.InputGradientTensor = &tensor;
    desc.OutputGradientTensor = &tensor;
    desc.InterpolationMode = DML_INTERPOLATION_MODE_LINEAR;
    desc.DimensionCount = 2;
    desc.Scales = scales;
    desc.InputPixelOffsets = offsets;
    desc.OutputPixelOffsets = offsets;
    DML_OPERATOR_DESC op = {DML_OPERATOR_RESAMPLE_GRAD, &desc};
    const auto* back = static_cast<const DML_RESAMPLE_GRAD_OPERATOR_DESC*>(op.Desc);
    std::printf("%d %d %u %g\n", static_cast<int>(op.Type),
                static_cast<int>(back->InterpolationMode), back->DimensionCount, back->Scales[1]);
    return 0;
}
"""


def test_cxx_user_code_builds_resample_grad_desc(tmp_path: Path) -> None:
    out = build_and_run(CXX17, RESAMPLE_GRAD_CXX, tmp_path, "resample_grad_cxx")
    assert out == "134 1 2 2\n"


# --- The header's text: struct/union names and SAL field annotations ------------------------------

_ANNOTATION = re.compile(r"_Maybenull_|_Field_z_|_Field_size_[a-z_]*\([^()]*\)")


def header_structs() -> dict[str, dict[str, tuple[str, ...]]]:
    """``{name: {field: (annotation, ...)}}`` for every ``typedef struct|union NAME {...} NAME;``."""
    text = re.sub(r"/\*.*?\*/", "", HEADER.read_text(), flags=re.S)
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    pattern = r"typedef\s+(?:struct|union)\s+(\w+)\s*\{(.*?)\}\s*\1\s*;"
    for name, body in re.findall(pattern, text, flags=re.S):
        fields: dict[str, tuple[str, ...]] = {}
        for declaration in filter(None, (d.strip() for d in body.split(";"))):
            field = re.search(r"(\w+)\s*(?:\[\d+\])?$", declaration)
            assert field is not None, declaration
            fields[field.group(1)] = tuple(_ANNOTATION.findall(declaration))
        assert name not in out, name
        out[name] = fields
    return out


def header_aliases() -> dict[str, str]:
    """``typedef OTHER_STRUCT NAME;`` lines whose target is a struct the header defines."""
    text = HEADER.read_text()
    structs = header_structs()
    return {alias: target for target, alias in re.findall(r"^typedef (\w+) (\w+);$", text, re.M)
            if target in structs}


def test_header_struct_names_equal_table() -> None:
    structs = header_structs()
    aliases = header_aliases()
    names = set(structs) | set(aliases)
    assert sorted(set(STRUCTS) - names) == []  # missing from the header
    assert sorted(names - set(STRUCTS)) == []  # in the header, not pinned
    assert aliases == ALIASES
    assert len(names) == len(structs) + len(aliases) == len(STRUCTS) == 203
    assert len(names - D3D12_STRUCTS) == DIRECTML_STRUCT_COUNT == 201
    text = HEADER.read_text()
    assert set(re.findall(r"typedef\s+union\s+(\w+)\s*\{", text)) == UNIONS
    # Microsoft's order: the table lists structs in the order the header declares them.
    declared = [m.group(1) or m.group(2) for m in re.finditer(
        r"typedef\s+(?:struct|union)\s+(\w+)\s*\{|^typedef \w+_DESC (\w+);$", text, re.M)]
    assert declared == list(STRUCTS)


def test_header_fields_equal_table() -> None:
    for name, fields in header_structs().items():
        assert list(fields) == [field for field, _, _ in STRUCTS[name][2]], name


def test_header_annotations_equal_microsofts() -> None:
    """Every _Maybenull_ / _Field_size_(Count) / ... of Microsoft's header, on the same field, and no
    other (pydml reads a field's optional flag and count field from these)."""
    got = {name: {field: ann for field, ann in fields.items() if ann}
           for name, fields in header_structs().items()}
    got = {name: fields for name, fields in got.items() if fields}
    assert got == FIELD_ANNOTATIONS
    conv = FIELD_ANNOTATIONS["DML_CONVOLUTION_OPERATOR_DESC"]
    assert conv["BiasTensor"] == conv["FusedActivation"] == ("_Maybenull_",)
    assert conv["Strides"] == ("_Field_size_(DimensionCount)",)


# sal.h (or any header) defining the annotations first: DirectML.h must not redefine them, so a
# definition with other parameter names compiles without a redefinition diagnostic.
SAL_FIRST = r"""
#define _Maybenull_
#define _Field_z_
#define _Field_size_(n)
#define _Field_size_opt_(n)
#define _Field_size_bytes_(n)
#include "DirectML.h"
#include <stdio.h>

int main(void) {
    DML_CONVOLUTION_OPERATOR_DESC conv;
    conv.BiasTensor = NULL;
    printf("%d\n", (int)sizeof conv);
    return 0;
}
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_annotations_defined_first_are_kept(lang: Language, tmp_path: Path) -> None:
    size = STRUCTS["DML_CONVOLUTION_OPERATOR_DESC"][0]
    assert build_and_run(lang, SAL_FIRST, tmp_path, "sal_first") == f"{size}\n"
